"""A decision only another person may take, on a record the first person made (tests/support/loans_desk.py).

The registrar starts and submits a loan; ``decide_loan`` refuses her without naming the role it
wants. The repair search signs on the other handed people in that state (peer children), and every
one of them is a candidate for the rerun even though the refusal shares no word with them; the
director, whose record shares the tool's own words (``(director only)``), is tried first. The loan's
submission is then credited to the decision."""

from __future__ import annotations

from llama_index_libra.induction import repair_states
from tests.support.builds import induce_serially
from tests.support.loans_desk import FIXTURES, TOOLS, LoansState


def test_the_director_decides_the_registrars_submitted_loan() -> None:
    library, report = induce_serially(TOOLS, LoansState, FIXTURES)
    assert "decide_loan" not in report.never_succeeded, report.summary()
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert ("submit_loan", "decide_loan") in pairs, sorted(pairs)


def test_without_peer_sign_ons_the_decision_never_succeeds(monkeypatch) -> None:
    monkeypatch.setattr(repair_states.RepairSearch, "peer_children", lambda self, *a, **k: ([], 0))
    _, report = induce_serially(TOOLS, LoansState, FIXTURES)
    assert "decide_loan" in report.never_succeeded, report.summary()


def _anonymous_refusals(monkeypatch) -> None:
    """The desk's refusal names neither the person acting nor the role wanted (``permission denied``)."""
    from tests.support import loans_desk

    def who(state, token, *roles):
        email = state.sessions.get(token)
        if email is None:
            raise PermissionError("Not authenticated: log in first")
        if roles and state.staff[email]["role"] not in roles:
            raise PermissionError("permission denied")
        return state.staff[email]

    monkeypatch.setattr(loans_desk, "_who", who)


def test_a_refusal_that_names_nobody_still_signs_the_others_on(monkeypatch) -> None:
    """``permission denied`` says the one acting may not do this: the other people are signed on."""
    _anonymous_refusals(monkeypatch)
    library, report = induce_serially(TOOLS, LoansState, FIXTURES)
    assert "decide_loan" not in report.never_succeeded, report.summary()
    assert ("submit_loan", "decide_loan") in {(r.provider, r.consumer) for r in library.relations}


def test_without_reading_such_refusals_the_decision_never_succeeds(monkeypatch) -> None:
    _anonymous_refusals(monkeypatch)
    monkeypatch.setattr(repair_states, "refuses_the_person", lambda message: False)
    _, report = induce_serially(TOOLS, LoansState, FIXTURES)
    assert "decide_loan" in report.never_succeeded, report.summary()


# the loan is started for a borrower handed in a list (peers to choose among), after the sign-in
WITH_BORROWERS = {**FIXTURES, "borrowers": ["Tate Liverpool", "The Burrell Collection", "Kettle's Yard"]}


def test_the_person_named_is_signed_on_again_not_the_latest_handed_record() -> None:
    """The path signs Ruth in, then starts a loan for a handed borrower: the refusal names Ruth, so the
    sign-in is the call rerun with the other people's (the director's), not the loan's borrower."""
    library, report = induce_serially(TOOLS, LoansState, WITH_BORROWERS)
    assert "decide_loan" not in report.never_succeeded, report.summary()
    assert ("submit_loan", "decide_loan") in {(r.provider, r.consumer) for r in library.relations}


def start_loan_for(session_token: str, borrower: str, email: str, state: LoansState = None) -> dict:
    """Start a draft loan to a borrower (registrar only); ``email``: the staff e-mail its papers go to."""
    from tests.support.loans_desk import start_loan

    loan = start_loan(session_token, borrower, state=state)
    state.loans[loan["loan_id"]]["email"] = email
    return loan


def test_the_sign_in_is_rerun_not_a_later_call_that_quoted_the_person() -> None:
    """The loan's papers go to a member of staff's e-mail (Ruth's, from her handed record): both that
    call and the sign-in took Ruth's record, and the sign-in, which presented her password, is the one
    rerun as the director."""
    tools = [t if t.__name__ != "start_loan" else start_loan_for for t in TOOLS]
    library, report = induce_serially(tools, LoansState, FIXTURES)
    assert "decide_loan" not in report.never_succeeded, report.summary()
    assert ("submit_loan", "decide_loan") in {(r.provider, r.consumer) for r in library.relations}



def submit_loan_confirmed(session_token: str, loan_id: str, password: str, state: LoansState = None) -> dict:
    """Submit a draft loan for the director's decision (registrar only), confirmed with your password."""
    from tests.support.loans_desk import submit_loan

    email = state.sessions.get(session_token)
    if email is not None and state.staff[email]["password"] != password:
        raise PermissionError("Password not confirmed")
    return submit_loan(session_token, loan_id, state=state)


def test_the_sign_in_that_gave_the_session_is_rerun_not_a_later_call_that_took_a_secret() -> None:
    """The submission is confirmed with Ruth's password, so it is the latest call that presented a
    secret of the person the refusal names; no other person's password confirms it. The decision's
    session token came from the sign-in, so the sign-in is the call rerun as the director."""
    tools = [t if t.__name__ != "submit_loan" else submit_loan_confirmed for t in TOOLS]
    library, report = induce_serially(tools, LoansState, FIXTURES)
    assert "decide_loan" not in report.never_succeeded, report.summary()
    assert ("submit_loan_confirmed", "decide_loan") in {(r.provider, r.consumer) for r in library.relations}
