"""The context of a write (induction/write_contexts.py): what decides whether another state test of
the same provider can find something new."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction.write_contexts import is_switch, write_context

REGISTER = ToolSpec("register_household", "Register a household.", {
    "type": "object",
    "properties": {
        "name": {"type": "string"}, "postcode": {"type": "string"},
        "texts_ok": {"type": "boolean"},
        "tier": {"anyOf": [{"enum": ["gold", "silver"]}, {"type": "null"}]},
    },
})
SIGN_IN = ToolSpec("sign_in", "Sign in.", {"type": "object", "properties": {
    "username": {"type": "string"}, "password": {"type": "string"}}})


def test_names_and_ids_are_not_part_of_the_context() -> None:
    a = write_context(REGISTER, {"name": "Millbrook Hall", "postcode": "MB1 2CS"}, [{"tool": "sign_in"}])
    b = write_context(REGISTER, {"name": "VR-20371", "postcode": "MB5 1BC"}, [{"tool": "sign_in"}])
    assert a == b


def test_the_inputs_given_switches_and_choices_are() -> None:
    base = write_context(REGISTER, {"name": "A", "postcode": "P"}, [])
    assert write_context(REGISTER, {"name": "A", "postcode": "P", "texts_ok": False}, []) != base
    on = write_context(REGISTER, {"name": "A", "postcode": "P", "texts_ok": True}, [])
    off = write_context(REGISTER, {"name": "A", "postcode": "P", "texts_ok": False}, [])
    assert on != off
    assert write_context(REGISTER, {"name": "A", "tier": "gold"}, []) != write_context(REGISTER, {"name": "A", "tier": "silver"}, [])


def test_who_signs_in_is_part_of_it() -> None:
    jo = write_context(SIGN_IN, {"username": "jo.b", "password": "Tinned-Peach-22"}, [])
    amir = write_context(SIGN_IN, {"username": "amir.h", "password": "Pallet-Jack-9"}, [])
    assert jo != amir


def test_the_tools_of_the_path_are_part_of_it_not_their_order_or_repeats() -> None:
    args = {"name": "A", "postcode": "P"}
    one = write_context(REGISTER, args, [{"tool": "sign_in"}, {"tool": "create_branch"}])
    assert one != write_context(REGISTER, args, [{"tool": "sign_in"}])
    assert one == write_context(REGISTER, args, [{"tool": "create_branch"}, {"tool": "sign_in"}, {"tool": "sign_in"}])


def test_switch_schemas() -> None:
    assert is_switch({"type": "boolean"}) and is_switch({"enum": ["a"]}) and is_switch({"const": 1})
    assert is_switch({"oneOf": [{"type": "null"}, {"anyOf": [{"enum": ["x"]}]}]})
    assert not is_switch({"type": "string"}) and not is_switch(None) and not is_switch({"anyOf": "junk"})


@settings(deadline=None)  # a loaded machine must not fail it
@given(st.dictionaries(st.sampled_from(["name", "postcode", "texts_ok", "tier", "other"]),
                       st.one_of(st.text(max_size=5), st.booleans(), st.integers(), st.none()), max_size=4),
       st.lists(st.sampled_from(["sign_in", "a", "b"]), max_size=3))
def test_any_call_has_a_context_that_ignores_argument_order(args, tools) -> None:
    path = [{"tool": t} for t in tools]
    key = write_context(REGISTER, args, path)
    assert isinstance(key, str)
    assert key == write_context(REGISTER, dict(reversed(list(args.items()))), list(reversed(path)))
    assert write_context(None, args, path) == write_context(None, dict(args), path)


def test_handed_values_say_who_acts() -> None:
    """A sign-in by an e-mail and a mailed code (no secret by name): each handed person is a context."""
    request = ToolSpec("sign_in", "Sign in with a code.", {"type": "object", "properties": {
        "email": {"type": "string"}, "code": {"type": "string"}}})
    handed = {'"ana@example.org"', '"lead@example.org"', '"481516"', '"230042"'}
    ana = write_context(request, {"email": "ana@example.org", "code": "481516"}, [{"tool": "request_code"}], handed)
    lead = write_context(request, {"email": "lead@example.org", "code": "230042"}, [{"tool": "request_code"}], handed)
    assert ana != lead
    # values nobody handed (ids a reply gave) still say only which record
    assert write_context(REGISTER, {"name": "R-1", "postcode": "P"}, [], handed) == \
        write_context(REGISTER, {"name": "R-2", "postcode": "P"}, [], handed)
