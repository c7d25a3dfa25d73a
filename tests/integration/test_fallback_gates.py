"""Fallbacks that skip what was already tried keep every relation and run less (examples/catalogs/labflow).

Past the fresh state, the fallbacks of a template none of whose bindings succeeded used to try again,
in every state below, the unaligned values and the fields a refusal names that were already in the
parent's pool (tried there, against the same refusals), and to treat a value whose own refusal quoted
it (``no sample 'X'``) as one that got past the first refusal, holding it through a dozen more
bindings. Counted on labflow, 15,090 such attempts below the fresh state, none of them a success. Both
gates are turned off here by monkeypatching their one predicate each, and the two builds compared.
"""

from __future__ import annotations

import sys

import pytest
from tests.support import paths
from tests.support.builds import induce_serially, relation_triples, with_and_without

from llama_index_libra.induction import fallbacks

sys.path.insert(0, str(paths.EXAMPLES / "catalogs"))
from scoring import load_catalog  # noqa: E402

pytestmark = pytest.mark.slow


def _build():
    cat = load_catalog("labflow")
    library, report = induce_serially(cat.tools, cat.state, cat.fixtures)
    return relation_triples(library), report


@pytest.fixture(scope="module")
def builds():
    return with_and_without(_build, (fallbacks, "tried_before", lambda s, v, refusal, binding: False),
                            (fallbacks, "blamed_inputs", lambda spec, args, message: frozenset()))


def test_the_gates_keep_every_relation(builds) -> None:
    (gated, _), (ungated, _) = builds
    assert gated == ungated, (sorted(ungated - gated), sorted(gated - ungated))


def test_the_gates_run_less(builds) -> None:
    (_, gated), (_, ungated) = builds
    assert gated.tools_succeeded == ungated.tools_succeeded
    assert gated.runs < ungated.runs * 0.9, (gated.runs, ungated.runs)
