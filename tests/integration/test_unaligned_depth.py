"""Unaligned fields past the first level (:func:`.fallbacks.unaligned_here`): a template refused in every
binding takes the values of fields that do not align with its inputs in the fresh state and the first
level whatever the refusal, deeper only for a refusal of credentials (a bare session token)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from tests.support.builds import induce_serially, relation_triples, with_and_without

from llama_index_libra.induction import fallbacks
from llama_index_libra.induction.fallbacks import UNALIGNED_DEPTH, unaligned_here
from llama_index_libra.records import InvocationRecord


def at(depth: int) -> SimpleNamespace:
    return SimpleNamespace(node=SimpleNamespace(depth=depth))


def refused(message: str) -> InvocationRecord:
    return InvocationRecord(tool="pack_parcel", status="error", arguments={"parcel": "PC-1"}, message=message)


@pytest.mark.parametrize("depth", range(UNALIGNED_DEPTH + 1))
def test_the_first_levels_take_unaligned_fields_whatever_the_refusal(depth: int) -> None:
    assert unaligned_here(at(depth), refused("LookupError: no parcel PC-1"))
    assert unaligned_here(at(depth), None)


def test_deeper_only_a_refusal_of_credentials_takes_them() -> None:
    deep = at(UNALIGNED_DEPTH + 1)
    assert unaligned_here(deep, refused("PermissionError: no session for that token; sign in first"))
    assert not unaligned_here(deep, refused("LookupError: no parcel PC-1"))
    assert not unaligned_here(deep, refused("RuntimeError: PC-1 is collected"))
    assert not unaligned_here(deep, None)


@pytest.mark.slow
def test_on_labflow_the_depth_keeps_every_relation_with_fewer_runs() -> None:
    """LabFlow's unaligned fallbacks deep in a path ran thousands of times and made no first success."""
    import sys

    from tests.support import paths

    sys.path.insert(0, str(paths.EXAMPLES / "catalogs"))
    from scoring import load_catalog

    cat = load_catalog("labflow")

    def build():
        library, report = induce_serially(cat.tools, cat.state, cat.fixtures)
        return relation_triples(library), report

    (gated, report), (ungated, ungated_report) = with_and_without(build, (fallbacks, "unaligned_here", lambda s, f: True))
    assert gated == ungated
    assert report.runs < 0.9 * ungated_report.runs
