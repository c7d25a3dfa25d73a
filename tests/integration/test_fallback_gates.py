"""Fallbacks that skip what was already tried keep every relation and run less (examples/catalogs/labflow).

Past the fresh state, the fallbacks of a template none of whose bindings succeeded used to try again,
in every state below, the unaligned values and the fields a refusal names that were already in the
parent's pool (tried there, against the same refusals). Counted on labflow, 15,090 such attempts below
the fresh state, none of them a success. That gate (``tried_before``) is turned off here by
monkeypatching its one predicate, and the two builds compared.

The other gate of :func:`.fallbacks.other_fields` (a value whose own refusal quoted it, ``no sample 'X'``,
is not held through more bindings, nor taught from) kept every relation too until engine 51. Since then
labflow's serial build finds its dataset chain only without it (107 relations against 77, 18 % more
runs): the extra tries lead the exploration to a deeper state (a path of 11 calls), not to a value the
gated tries needed. Teaching from such a refusal while still not holding the value finds the same 107
relations, but costs BFCL's library ``cp -> rm`` (docs/induction.md, forty-seventh round), so the gate
stays, and this test no longer claims that it keeps every relation.
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
    return with_and_without(_build, (fallbacks, "tried_before", lambda s, v, refusal, binding: False))


def test_the_gate_keeps_every_relation(builds) -> None:
    (gated, _), (ungated, _) = builds
    assert gated == ungated, (sorted(ungated - gated), sorted(gated - ungated))


def test_the_gate_runs_less(builds) -> None:
    (_, gated), (_, ungated) = builds
    assert gated.tools_succeeded == ungated.tools_succeeded
    assert gated.runs < ungated.runs * 0.97, (gated.runs, ungated.runs)
