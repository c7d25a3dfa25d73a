"""A credential refusal is the binding's, not the state's, where another call got past the sign-in.

In a state signed in as the receptionist, ``start_exam`` was refused ``No session for that token``
(a name tried as the token) and ``Amy Rudd is not an optometrist`` (the receptionist's own token):
only the second says what the state lacks, so the repair search reads only that one."""

from __future__ import annotations

from llama_index_libra.induction.repair_states import signed_in_here


def _refused(*messages: str) -> list:
    return [({}, {}, m) for m in messages]


def test_a_tool_refused_past_the_sign_in_check_here_is_signed_in() -> None:
    refusals = {
        ("start_exam", "t0"): _refused("PracticeError: No session for that token; sign in again.",
                                        "PracticeError: Amy Rudd is not an optometrist; only an optometrist may do this."),
        ("check_in", "t0"): _refused("PracticeError: No session for that token; sign in again."),
        # the other refusal may come from another template of the same tool
        ("take_payment", "t0"): _refused("Error: not signed in"),
        ("take_payment", "t1"): _refused("Error: no order OR-1"),
    }
    assert signed_in_here(refusals) == {"start_exam", "take_payment"}


def test_crashes_and_budget_cuts_get_past_nothing() -> None:
    refusals = {("t", "t0"): _refused("No session for that token", "TypeError: unhashable type", None)}
    assert signed_in_here(refusals) == set()
