"""A reply whose record sits in a field as JSON text (an AWS API Gateway proxy response: ``statusCode``,
``headers`` and ``body``, the body a JSON string) is read like a reply that is JSON text: the values of
the parsed body reach the pool under their own names (``token``), so a sign-in's token reaches every
call that needs it. Before engine 46 the body was one opaque string and no tool past the sign-in ever
succeeded (held-out set 39's parallax: 0 of 73 prerequisites).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from llama_index_libra.induction.values import json_text

# ---------------------------------------------------------------------------- json_text

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                    max_leaves=12)


def test_a_field_holding_json_text_is_parsed_in_a_copy() -> None:
    reply = {"statusCode": 200, "body": json.dumps({"token": "t-1", "rows": [json.dumps({"id": "A"})]})}
    parsed = json_text(reply)
    assert parsed == {"statusCode": 200, "body": {"token": "t-1", "rows": [{"id": "A"}]}}
    assert isinstance(reply["body"], str)  # the record itself is untouched


def test_a_reply_without_json_text_is_the_same_object() -> None:
    reply = {"statusCode": 200, "body": "plain words", "items": [{"id": "{not json"}]}
    assert json_text(reply) is reply


@given(JSON)
def test_json_text_of_parsed_json_changes_nothing(value: Any) -> None:
    """Values that hold no JSON text come back as they are; any value that does, parsed, round-trips."""
    out = json_text(value)
    assert json.loads(json.dumps(out)) == out
    text_inside = json.dumps(value).count('"{') + json.dumps(value).count('"[')
    if not text_inside and not (isinstance(value, str) and value[:1] in "{["):
        assert out is value


@given(JSON)
def test_json_text_of_a_nested_encoding_is_the_value(value: Any) -> None:
    if isinstance(value, (dict, list)) and "{" not in json.dumps(value)[1:] and "[" not in json.dumps(value)[1:]:
        assert json_text({"body": json.dumps(value)}) == {"body": value}


# ---------------------------------------------------------------------------- a build


class Desk:
    def __init__(self) -> None:
        self.sessions: dict[str, str] = {}
        self.bookings: dict[str, str] = {}
        self.counter = 0


def _respond(status: int, body: Any) -> dict:
    return {"statusCode": status, "headers": {"Content-Type": "application/json"}, "body": json.dumps(body)}


def sign_in(username: str, password: str, state: Desk) -> dict:
    """Sign in; the body holds the bearer ``token``."""
    if (username, password) != ("mira", "Dome-41"):
        return _respond(401, {"message": "user name or password not recognised"})
    state.counter += 1
    token = f"tok-{state.counter}"
    state.sessions[token] = username
    return _respond(200, {"token": token, "name": "Mira"})


def book_show(token: str, show: str, state: Desk) -> dict:
    """Book a planetarium show; the body holds the ``booking_ref``."""
    if token not in state.sessions:
        return _respond(401, {"message": "invalid or expired token"})
    state.counter += 1
    ref = f"BK-{state.counter}"
    state.bookings[ref] = show
    return _respond(201, {"booking_ref": ref, "show": show})


def cancel_booking(token: str, booking_ref: str, state: Desk) -> dict:
    """Cancel a booking by its reference."""
    if token not in state.sessions:
        return _respond(401, {"message": "invalid or expired token"})
    if state.bookings.pop(booking_ref, None) is None:
        return _respond(404, {"message": f"no booking {booking_ref}"})
    return _respond(200, {"cancelled": booking_ref})


def refused(reply: Any) -> Any:
    """A proxy response with a status of 400 or more is a refusal: its body's message."""
    if isinstance(reply, dict) and isinstance(reply.get("statusCode"), int) and reply["statusCode"] >= 400:
        return json.loads(reply["body"]).get("message", "refused")
    return False


@pytest.fixture(scope="module")
def built():
    from llama_index_libra.induction import InductionConfig, induce
    from llama_index_libra.runtime.python import PythonRuntime

    fixtures = {"staff": {"username": "mira", "password": "Dome-41"}, "show": "Winter Skies"}
    runtime = PythonRuntime([sign_in, book_show, cancel_booking], Desk, fixtures=fixtures, failure=refused)
    runtime.isolation = "none"
    return induce(runtime, executor="serial", show_progress=False, config=InductionConfig())


def test_the_token_and_the_booking_inside_the_body_reach_their_consumers(built) -> None:
    library, report = built
    assert report.tools_succeeded == 3, report.summary()
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert {("sign_in", "book_show"), ("sign_in", "cancel_booking"), ("book_show", "cancel_booking")} <= pairs, sorted(pairs)

