"""Unaligned fields past the first level (:func:`.fallbacks.unaligned_here`): a template refused in every
binding takes the values of every field that does not align with its inputs in the fresh state and the
first level whatever the refusal; deeper, every field only for a refusal of credentials (a bare session
token), else only the fields under a key that names no owner (:func:`.fallbacks.id_keyed`: ``id``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from tests.support.builds import induce_serially, relation_triples, with_and_without

from llama_index_libra.induction import fallbacks
from llama_index_libra.induction.fallbacks import UNALIGNED_DEPTH, id_keyed, unaligned_here
from llama_index_libra.induction.values import Value
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


def test_deeper_a_key_that_names_no_owner_still_offers_its_values() -> None:
    """``$.output.id`` (BFCL's tickets and tweets, made after a sign-in): the key says what kind of value it
    holds, not whose, so its alignment with ``ticket_id`` says nothing; a field named for something else
    (``postcode``) is not the record the path made for the input."""
    def value(path: str) -> Value:
        return Value("create_ticket", path.rsplit(".", 1)[-1], path, 7, f"create_ticket\x00{path}\x007", True)

    assert id_keyed(value("$.output.id"))
    assert id_keyed(value("$.output.items[*].ID"))
    assert id_keyed(value("$.output.tickets[0].ref"))
    assert not id_keyed(value("$.output.postcode"))
    assert not id_keyed(value("$.output.ticket_id"))
    assert not id_keyed(value("$.arguments.title"))


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
