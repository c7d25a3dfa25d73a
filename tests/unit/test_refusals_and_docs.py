"""How runtimes read refusals that tools return instead of raising, and what the catalog keeps of
a tool's docstring and of pydantic's references (issue 18: catalogs nobody tuned to)."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from llama_index_libra.runtime.failures import predicate_refusal, refusal
from llama_index_libra.runtime.python import PythonRuntime
from llama_index_libra.schemas.docstrings import parameter_sections
from llama_index_libra.schemas.normalize import inline_local_refs, normalize_schema


# ------------------------------------------------------------------ refusal conventions
@pytest.mark.parametrize("reply", [
    {"error": "no such order"}, {"success": False, "message": "locked"}, {"ok": False}, {"status": "ERROR"},
    {"status": "failed", "detail": "quota"}, "Error: user not found", "error: bad date", "  Failed: try later",
    '{"error": "as JSON text"}', ["Error: in a list"], [{"error": "wrapped"}],
])
def test_common_refusals_are_read(reply):
    assert refusal(reply)


@pytest.mark.parametrize("reply", [
    False, [], {}, "not found", {"canDrive": False}, {"error": None, "result": 3}, {"success": True},
    {"status": "delivered"}, "Errors are listed below", ["Error: one", "Error: two"], '{"order": 1}', 0,
])
def test_answers_are_not_refusals(reply):
    assert refusal(reply) is None


def test_a_jsend_fail_reads_with_the_texts_of_its_data():
    # JSend's ``fail`` says why in ``data``: a text per refused input (or one text); the bare status
    # word told no reader which input or what rule
    assert refusal({"status": "fail", "data": {"hive_id": "no colony UI-5986"}}) == "fail: hive_id: no colony UI-5986"
    assert refusal({"status": "fail", "data": {"title": "is required", "pages": 3}}) == "fail: title: is required"
    assert refusal({"status": "fail", "data": "the slot is taken"}) == "fail: the slot is taken"
    assert refusal({"status": "fail", "data": None}) == "fail"
    assert refusal({"status": "error", "message": "not signed in", "code": 401}) == "not signed in"


def test_refusal_message_names_the_cause():
    assert refusal({"success": False, "message": "card declined"}) == "card declined"
    assert refusal("Error: user not found") == "Error: user not found"
    assert refusal({"ok": False}) == "failed"


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=30),
                    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=8), kids, max_size=3),
                    max_leaves=12))
def test_refusal_never_raises_and_gives_text(reply):
    out = refusal(reply)
    assert out is None or isinstance(out, str)
    text = json.dumps(reply)
    assert refusal(text) is None or isinstance(refusal(text), str)


def test_failure_predicate_message():
    assert predicate_refusal(lambda r: r.get("code") == 404, {"code": 404}) == '{"code":404}'
    assert predicate_refusal(lambda r: "sorry" if r == "x" else None, "x") == "sorry"
    assert predicate_refusal(None, "Error: x") is None


@dataclass
class Desk:
    users: dict = field(default_factory=lambda: {"u1": "Ada"})


def find_user(name: str, state: Desk) -> str:
    """Find a user id by name; returns an error message when there is none.

    Args:
        name: The user's name, such as 'Ada'.
    """
    for uid, n in state.users.items():
        if n == name:
            return uid
    return "Error: user not found"


def lookup(code: int) -> dict:
    """Look a code up; this back end answers {"code": 404} for unknown codes."""
    return {"code": 404} if code != 1 else {"code": 200, "value": "one"}


def _is_404(reply):
    return isinstance(reply, dict) and reply.get("code") == 404


def test_python_runtime_reads_returned_refusals_and_a_custom_predicate():
    runtime = PythonRuntime([find_user, lookup], Desk, failure=_is_404)
    state = runtime.fresh()
    assert runtime.call(state, "find_user", {"name": "Bob"}).status == "rejected"
    assert runtime.call(state, "find_user", {"name": "Ada"}).status == "success"
    assert runtime.call(state, "lookup", {"code": 7}).status == "rejected"
    assert runtime.call(state, "lookup", {"code": 1}).status == "success"
    assert PythonRuntime([lookup], Desk).call(Desk(), "lookup", {"code": 7}).status == "success"
    with pytest.raises(TypeError, match="failure must be"):
        PythonRuntime([lookup], Desk, failure="404")


def test_failure_predicate_is_part_of_the_runtime_identity():
    plain = PythonRuntime([lookup], Desk)
    assert getattr(plain, "identity", "") == ""
    assert PythonRuntime([lookup], Desk, failure=_is_404).identity.startswith("failure:")


# ------------------------------------------------------------------ parameter docs
def test_parameter_sections_the_runtime_reads():
    google = """Book it.

    Args:
        user_id: The user, such as 'sara_doe_496'.
        flights (list): Each with 'flight_number'
            and 'date'.

    Returns:
        The reservation.
    """
    assert parameter_sections(google) == {"user_id": "The user, such as 'sara_doe_496'.",
                                  "flights": "Each with 'flight_number' and 'date'."}
    numpy = "Do.\n\nParameters\n----------\nx : int\n    The x.\ny : str\n    Why.\n\nReturns\n-------\nint\n"
    assert parameter_sections(numpy) == {"x": "The x.", "y": "Why."}
    assert parameter_sections(":param a: first\n:param str b: second\n   more\n:returns: c") == {"a": "first", "b": "second more"}
    assert parameter_sections("No sections here.") == {}


def test_python_runtime_puts_docstring_descriptions_into_the_schema():
    runtime = PythonRuntime([find_user], Desk)
    schema = runtime.catalog.get("find_user").parameters["properties"]["name"]
    assert schema["description"] == "The user's name, such as 'Ada'."


# ------------------------------------------------------------------ local references
class Mode(enum.Enum):
    RING = "ring"
    SILENT = "silent"


def set_mode(mode: Mode, state: Desk) -> None:
    """Set the ringer mode."""


def test_enum_parameters_are_inlined():
    runtime = PythonRuntime([set_mode], Desk)
    params = runtime.catalog.get("set_mode").parameters
    assert params["properties"]["mode"]["enum"] == ["ring", "silent"]
    assert "$defs" not in params


def test_recursive_definitions_keep_their_reference():
    schema = {"$defs": {"N": {"type": "object", "properties": {"next": {"$ref": "#/$defs/N"}}}},
              "type": "object", "properties": {"head": {"$ref": "#/$defs/N", "description": "first"}}}
    out = inline_local_refs(schema)
    assert out["properties"]["head"]["description"] == "first"
    assert out["properties"]["head"]["properties"]["next"] == {"$ref": "#/$defs/N"}
    assert "$defs" in out
    assert normalize_schema({"properties": {"a": {"type": "integer"}}}) == {"properties": {"a": {"type": "integer"}}}
