"""A museum's loans desk where the decision belongs to a person no refusal names.

The registrar logs in, starts a loan and submits it; only the director may decide it. The refusal
names the person acting (``Ruth Kavanagh (registrar) is not permitted to do this``) but not the role
wanted; the tool's own description does (``(director only)``). The technician comes before the
director among the handed staff, so the person whose record shares the tool's words must come first.
"""

from __future__ import annotations

import copy


class LoansState:
    def __init__(self) -> None:
        self.staff = {
            "ruth@museum.example": {"name": "Ruth Kavanagh", "role": "registrar", "password": "Accession-1923!"},
            "sol@museum.example": {"name": "Sol Mendes", "role": "technician", "password": "Crate&Pallet7"},
            "anika@museum.example": {"name": "Anika Bose", "role": "conservator", "password": "Varnish-3"},
            "imogen@museum.example": {"name": "Imogen Hale", "role": "director", "password": "Director-Hale"},
        }
        self.sessions: dict[str, str] = {}
        self.loans: dict[str, dict] = {"LO-1": {"status": "approved"}}
        self.counter = 1

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def _who(state, token, *roles):
    email = state.sessions.get(token)
    if email is None:
        raise PermissionError("Not authenticated: log in first")
    user = state.staff[email]
    if roles and user["role"] not in roles:
        raise PermissionError(f"{user['name']} ({user['role']}) is not permitted to do this")
    return user


def log_in(email: str, password: str, state: LoansState = None) -> dict:
    """Log in; the session token every other call takes."""
    user = state.staff.get(email)
    if user is None or user["password"] != password:
        raise PermissionError("E-mail or password not recognised")
    token = f"tok-{len(state.sessions) + 1}-{email.split('@')[0]}"
    state.sessions[token] = email
    return {"session_token": token, "name": user["name"]}


def start_loan(session_token: str, borrower: str, state: LoansState = None) -> dict:
    """Start a draft loan to a borrower (registrar only)."""
    _who(state, session_token, "registrar")
    state.counter += 1
    lid = f"LO-{state.counter}"
    state.loans[lid] = {"status": "draft", "borrower": borrower}
    return {"loan_id": lid, "status": "draft"}


def submit_loan(session_token: str, loan_id: str, state: LoansState = None) -> dict:
    """Submit a draft loan for the director's decision (registrar only)."""
    _who(state, session_token, "registrar")
    loan = state.loans.get(loan_id)
    if loan is None:
        raise LookupError(f"No loan {loan_id}")
    if loan["status"] != "draft":
        raise ValueError(f"Loan {loan_id} is {loan['status']}, not a draft")
    loan["status"] = "submitted"
    return {"loan_id": loan_id, "status": "submitted"}


def decide_loan(session_token: str, loan_id: str, approve: bool, state: LoansState = None) -> dict:
    """The director's decision on a submitted loan (director only)."""
    _who(state, session_token, "director")
    loan = state.loans.get(loan_id)
    if loan is None:
        raise LookupError(f"No loan {loan_id}")
    if loan["status"] != "submitted":
        raise ValueError(f"Loan {loan_id} is {loan['status']}; only a submitted loan can be decided")
    loan["status"] = "approved" if approve else "refused"
    return {"loan_id": loan_id, "status": loan["status"]}


TOOLS = [log_in, start_loan, submit_loan, decide_loan]
FIXTURES = {"staff": [
    {"name": "Ruth Kavanagh", "role": "registrar", "email": "ruth@museum.example", "password": "Accession-1923!"},
    {"name": "Sol Mendes", "role": "technician", "email": "sol@museum.example", "password": "Crate&Pallet7"},
    {"name": "Anika Bose", "role": "conservator", "email": "anika@museum.example", "password": "Varnish-3"},
    {"name": "Imogen Hale", "role": "director", "email": "imogen@museum.example", "password": "Director-Hale"},
]}
