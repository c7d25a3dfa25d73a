"""Allowed values and ranges a tool's docstring states, lifted into its parameters' JSON Schema (issue #24, item 3).

Example-based tests pin the shapes users write; hypothesis generates docstrings in those shapes with
random names, values and filler (the lifted enum must be exactly the values, on exactly the parameter
the text is about) and random text (never an exception, never a keyword lost or overwritten, every
lifted value written in the docstring, the result still a valid JSON Schema).
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings, strategies as st

from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.schemas.docstrings import _ISSUED_WORDS, lift_docstring_constraints, split_docstring
from llama_index_libra.schemas.validate import metaschema_problem


def _props(description: str, **types: str) -> dict:
    schema = {"type": "object", "properties": {name: {"type": kind} for name, kind in types.items()}}
    return lift_docstring_constraints(description, schema)["properties"]


def test_the_issue_examples() -> None:
    props = _props("set_light(room: str, on: bool) -> 'dict'\nTurn the light of a room on or off. Options are: kitchen, bedroom.",
                   room="string", on="boolean")
    assert props == {"room": {"type": "string", "enum": ["kitchen", "bedroom"]}, "on": {"type": "boolean"}}
    props = _props("Convert an amount to the target currency (EUR, USD, GBP).", amount="number", target_currency="string")
    assert props["target_currency"]["enum"] == ["EUR", "USD", "GBP"] and "enum" not in props["amount"]


def test_a_newcomers_shapes_supported_lists_and_a_plural_shared_by_two_inputs() -> None:
    """Written by a new user and missed before: "Supported: EUR, USD, GBP." in a parameter's own text,
    and "between currencies (EUR, USD, GBP)" about both ``from_currency`` and ``to_currency``."""
    props = _props("Record a payment.\n\nArgs:\n    currency: the currency code. Supported: EUR, USD, GBP.\n",
                   amount="number", currency="string")
    assert props["currency"]["enum"] == ["EUR", "USD", "GBP"]
    props = _props("Convert an amount of money between currencies (EUR, USD, GBP).",
                   amount="number", from_currency="string", to_currency="string")
    assert props["from_currency"]["enum"] == props["to_currency"]["enum"] == ["EUR", "USD", "GBP"]
    assert "enum" not in props["amount"]
    assert "enum" not in _props("This is supported by the desk, the bar and the spa.", place="string")["place"]


def test_some_of_lists_the_values_of_a_list_input() -> None:
    """"``scopes`` are some of a, b and c": the items of a list input take those values; prose that
    says "some of" without a list lifts nothing."""
    schema = {"type": "object", "properties": {"client_id": {"type": "string"},
                                               "scopes": {"type": "array", "items": {"type": "string"}}}}
    doc = "Get a token.\n\n``scopes`` are some of shipments, billing, webhooks and ops; a client gets what it may use."
    props = lift_docstring_constraints(doc, schema)["properties"]
    assert props["scopes"]["items"]["enum"] == ["shipments", "billing", "webhooks", "ops"]
    assert "enum" not in props["client_id"]
    assert "enum" not in _props("Show some of the rows of a table.", table="string")["table"]


def test_parameter_sections_give_descriptions_and_constraints() -> None:
    doc = """Dim a lamp.

    Args:
        room: the room, one of kitchen, bedroom.
        level (int): brightness between 0 and 10,
            in steps of one.
        mode: either 'eco' or 'boost mode'

    Returns:
        dict: one of ok, failed
    """
    props = _props(doc, room="string", level="integer", mode="string")
    assert props["room"]["enum"] == ["kitchen", "bedroom"]
    assert props["level"] == {"type": "integer", "description": "brightness between 0 and 10, in steps of one.",
                              "minimum": 0, "maximum": 10}
    assert props["mode"]["enum"] == ["eco", "boost mode"]
    sphinx = _props(":param unit: one of celsius, fahrenheit\n:param city: the city\n:returns: one of a, b", unit="string", city="string")
    assert sphinx["unit"]["enum"] == ["celsius", "fahrenheit"] and "enum" not in sphinx["city"]
    numpy = _props("Fetch.\n\nParameters\n----------\nsize : str\n    One of S, M or L.\n\nReturns\n-------\nstr\n    one of x, y\n",
                   size="string")
    assert numpy["size"]["enum"] == ["S", "M", "L"]


def test_examples_and_outputs_are_not_allowed_values() -> None:
    assert "enum" not in _props("Normalize a postcode typed in any form ('sw1a1aa', 'SW1A-1AA').", raw_postcode="string")["raw_postcode"]
    assert "enum" not in _props("Unlock the phone. Most apps (contacts, messages, calls) need it.", passcode="string")["passcode"]
    assert "enum" not in _props("Get a job. The response status is one of: ok, failed.", job="string")["job"]
    assert "enum" not in _props("Book it.\n\nArgs:\n    kind: such as 'one_way' or 'round_trip'.\n", kind="string")["kind"]
    assert "enum" not in _props("Set a level. Options are: low, high.", level="integer")["level"]  # words are no integers


def test_explicit_keywords_win() -> None:
    schema = {"type": "object", "properties": {"room": {"type": "string", "enum": ["hall"], "description": "Mine."}}}
    assert lift_docstring_constraints("Args:\n    room: one of kitchen, bedroom.", schema) == schema


def test_a_tool_catalog_lifts_docstrings_and_keeps_its_fingerprint() -> None:
    doc = {"name": "set_light", "description": "Turn the light of a room on or off. Options are: kitchen, bedroom.",
           "parameters": {"type": "object", "properties": {"room": {"type": "string"}, "on": {"type": "boolean"}}}}
    spec = ToolSpec.from_function_doc(doc)
    assert spec.parameters["properties"]["room"]["enum"] == ["kitchen", "bedroom"]
    assert json.loads(spec.text())["parameters"] == doc["parameters"]  # what retrieval reads is the published doc
    assert ToolCatalog([spec]).fingerprint() == ToolCatalog.from_function_docs([doc]).fingerprint()


# --------------------------------------------------------------------------- generated docstrings

_WORD = st.from_regex(r"[a-z]{3,8}", fullmatch=True)
_RESERVED = {"the", "one", "options", "are", "must", "either", "and", "set", "use", "with", "care", "this", "call", "may",
             "take", "while", "about", "args", "param", "some", "thing", "values", "allowed", "returns", "choose", "from"}
_FILLER = st.sampled_from(["", "Use it with care. ", "This call may take a while. ", "About some thing.\n\n"])


def _values_text(values: list[str], style: int) -> str:
    if style == 0:
        return ", ".join(values)
    return ", ".join(values[:-1]) + (" or " if style == 1 else " and ") + values[-1]


_TEMPLATES = [
    lambda f, p, o, v, s: f"{f}The {p} must be one of: {_values_text(v, s)}.",
    lambda f, p, o, v, s: f"{f}Set the {o} of a {p}. Options are: {_values_text(v, s)}.",
    lambda f, p, o, v, s: f"{f}Set the {p} ({', '.join(v)}) of the {o}.",
    lambda f, p, o, v, s: f"{f}\n\n    Args:\n        {p}: the {p}, one of {_values_text(v, s)}.\n        {o}: some thing.\n",
    lambda f, p, o, v, s: f"{f}:param {p}: one of {_values_text(v, s)}\n:param {o}: some thing",
    lambda f, p, o, v, s: f"{f}Set the {p}: " + ", ".join(f"'{x}'" for x in v[:-1]) + f" or '{v[-1]}'.",
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.lists(_WORD, min_size=2, max_size=4, unique=True), st.lists(_WORD, min_size=2, max_size=5, unique=True),
       st.sampled_from(range(len(_TEMPLATES))), st.integers(0, 2), _FILLER)
def test_generated_docstrings_lift_exactly_the_values_onto_their_parameter(names, values, template, style, filler) -> None:
    names = [f"p_{n}" for n in names]
    words = {w for n in names for w in n.split("_")}
    if set(values) & (words | _RESERVED) or set(names[0].split("_")) & (_RESERVED | _ISSUED_WORDS):
        return  # (an issued id takes no parenthesized list: test_words_beside_an_id_qualify_it)
    target, other = names[0], names[1]
    doc = _TEMPLATES[template](filler, target, other, values, style)
    props = _props(doc, **{n: "string" for n in names})
    assert props[target].get("enum") == values, doc
    assert all("enum" not in props[n] for n in names[1:]), doc


_DOC_TEXT = st.lists(st.sampled_from(["one of", "Options are:", "(", ")", ",", " or ", " and ", "either", "Args:", "\n    ",
                                      ":param", ":", "'", ".", " ", "\n\n", "Returns:", "-----", "between 1 and 5", "such as"])
                     | st.text(max_size=20), max_size=30).map(lambda parts: "".join(p if isinstance(p, str) else "".join(p) for p in parts))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=8), min_size=1, max_size=4, unique=True),
       st.lists(st.sampled_from(["string", "integer", "number", "boolean", "array"]), min_size=4, max_size=4),
       st.lists(st.text(max_size=40) | _DOC_TEXT, max_size=4))
def test_random_docstrings_never_break_a_schema(names, kinds, pieces) -> None:
    doc = " ".join(pieces) + " " + " ".join(names)
    properties = {n: ({"type": k, "items": {"type": "string"}} if k == "array" else {"type": k}) for n, k in zip(names, kinds)}
    properties[names[0]]["enum"] = ["fixed"] if kinds[0] in ("string", "array") else properties[names[0]].get("enum", [1])
    schema = {"type": "object", "properties": properties}
    out = lift_docstring_constraints(doc, schema)
    assert metaschema_problem(json.dumps(out)) is None
    assert set(out["properties"]) == set(properties)
    for name, before in properties.items():
        after = out["properties"][name]
        assert all(after[k] == v for k, v in before.items()), (doc, name)  # nothing explicit lost or overwritten
        for value in after.get("enum", []) + (after.get("items") or {}).get("enum", []):
            if isinstance(value, str):
                assert value in doc or value == "fixed"
    split_docstring(doc)  # never raises


def test_a_count_in_words_is_no_vocabulary():
    """``(one or two)`` says how many applicants, not which: the list input keeps no enum."""
    params = {"type": "object", "properties": {"applicant_ids": {"type": "array", "items": {"type": "string"}},
                                               "purpose": {"type": "string"}}}
    doc = "Start.\n\n:param applicant_ids: The applicants (one or two).\n:param purpose: What for (purchase or remortgage).\n"
    lifted = lift_docstring_constraints(doc, params)["properties"]
    assert "enum" not in lifted["applicant_ids"] and "enum" not in lifted["applicant_ids"]["items"]
    assert lifted["purpose"]["enum"] == ["purchase", "remortgage"]


def test_words_beside_an_id_qualify_it():
    """``Session token (controller or supervisor)`` says whose token, not which values: a token, an id
    or a reference is issued by the service and keeps the values observed for it (a login's token);
    the same parenthesis beside any other parameter still lists its values."""
    params = {"type": "object", "properties": {name: {"type": "string"} for name in ("token", "asset_id", "unit", "kind")}}
    doc = ("Raise a job.\n\nParameters\n----------\ntoken : str\n    Session token (controller or supervisor).\n"
           "asset_id : str\n    The main (leaks, flushing) or valve (valve replacement) to work on.\n"
           "unit : str\n    Pressure unit (bar or psi).\n")
    lifted = lift_docstring_constraints(doc, params)["properties"]
    assert "enum" not in lifted["token"] and "enum" not in lifted["asset_id"]
    assert lifted["unit"]["enum"] == ["bar", "psi"]
    # in prose too: the words before the parenthesis name the id
    lifted = lift_docstring_constraints("Look a job up by its job id (WO-1, WO-2), or change its kind (repair, survey).",
                                        {"type": "object", "properties": {"job_id": {"type": "string"}, "kind": {"type": "string"}}})["properties"]
    assert "enum" not in lifted["job_id"] and lifted["kind"]["enum"] == ["repair", "survey"]

