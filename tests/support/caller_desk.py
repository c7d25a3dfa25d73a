"""A contact-centre desk (the shape of a utility's or a bank's back office) for the twelfth-round
induction tests (tests/integration/test_handed_records.py).

- ``open_session`` returns a bare session id; ``find_account`` searches accounts by the holder's
  surname at a postcode and returns ``[]`` when nothing matches (a success that shows nothing);
  its ``surname`` competes with six tariff names that ``list_tariffs`` returns under ``name``.
- ``verify_caller`` wants the account number that ``find_account`` reads under ``acct`` (a field
  that does not align with ``account_no``) and the date of birth as ``YYYY-MM-DD``, which only its
  refusal says; the tester was handed it as ``23/11/1987``.
- ``request_code`` mails a sign-in code to an address, ``sign_in`` exchanges the address and that
  code for a token; only the team lead (the last of four people the tester was handed) may
  ``approve_refund``. Each person's e-mail and code sit in one handed record.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field


class DeskError(Exception):
    """A refusal of the desk."""


@dataclass
class DeskState:
    sessions: set = field(default_factory=set)
    verified: dict = field(default_factory=dict)  # dpa ref -> account
    pending: dict = field(default_factory=dict)  # e-mail -> code
    tokens: dict = field(default_factory=dict)  # token -> e-mail
    refunds: list = field(default_factory=list)


_ACCOUNTS = {"4410-2519": {"name": "Daniel Achebe", "postcode": "NV1 2HX", "dob": "1987-11-23"},
             "4410-7730": {"name": "Margaret Ellison", "postcode": "NV3 7QP", "dob": "1958-03-02"}}
_PEOPLE = {"lena.okafor@desk.example": {"code": "118822", "role": "agent"},
           "omar.haddad@desk.example": {"code": "350027", "role": "agent"},
           "kai.moreno@desk.example": {"code": "771205", "role": "agent"},
           "marta.lind@desk.example": {"code": "604918", "role": "supervisor"}}
_TARIFFS = ["Standard Variable", "Standard Variable Dual", "Fixed Saver 12", "Fixed Saver 12 Dual",
            "Night Charge EV", "Green Flex Dual"]


def open_session(api_key: str, agent_id: str, state: DeskState) -> str:
    """Open an agent session; returns the bare session id."""
    if api_key != "nvk_4f1e" or agent_id != "AG-2207":
        raise DeskError("API key or agent not recognised")
    session = f"ses_{len(state.sessions) + 1:04d}"
    state.sessions.add(session)
    return session


def list_tariffs() -> str:
    """The tariffs on sale, as JSON rows with their ``name``."""
    return json.dumps([{"name": name, "monthly_standing_gbp": 8 + i} for i, name in enumerate(_TARIFFS)])


def find_account(session: str, surname: str, postcode: str, state: DeskState) -> str:
    """Accounts by the holder's surname at a supply postcode, as JSON rows ``{"acct", "name"}``."""
    if session not in state.sessions:
        raise DeskError("no such session")
    rows = [{"acct": no, "name": a["name"]} for no, a in _ACCOUNTS.items()
            if a["postcode"] == postcode and a["name"].lower().endswith(surname.strip().lower())]
    return json.dumps(rows)


def verify_caller(session: str, account_no: str, date_of_birth: str, state: DeskState) -> str:
    """Security check of a caller against an account; returns JSON with the ``dpa_ref`` for account calls."""
    if session not in state.sessions:
        raise DeskError("no such session")
    account = _ACCOUNTS.get(account_no)
    if account is None:
        raise DeskError(f"no account {account_no}")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date_of_birth):
        raise DeskError("date_of_birth must be YYYY-MM-DD")
    if account["dob"] != date_of_birth:
        raise DeskError("security check failed")
    ref = f"DPA-{len(state.verified) + 1:03d}"
    state.verified[ref] = account_no
    return json.dumps({"dpa_ref": ref, "valid_minutes": 20})


def account_balance(dpa_ref: str, state: DeskState) -> str:
    """The balance of the verified caller's account."""
    if dpa_ref not in state.verified:
        raise DeskError("caller not verified")
    return json.dumps({"balance_gbp": -42.5})


def request_code(email: str, state: DeskState) -> str:
    """Mail a six-digit sign-in code to a staff address."""
    person = _PEOPLE.get(email)
    if person is None:
        raise DeskError("no staff account with that e-mail address")
    state.pending[email] = person["code"]
    return f"A sign-in code was sent to {email[0]}***."


def sign_in(email: str, code: str, state: DeskState) -> str:
    """Exchange an address and the code mailed to it for a token (JSON ``{"token"}``)."""
    if state.pending.get(email) is None:
        raise DeskError("no sign-in code is pending for this address")
    if state.pending[email] != code:
        raise DeskError("the code does not match")
    token = f"tok_{len(state.tokens) + 1:03d}"
    state.tokens[token] = email
    del state.pending[email]
    return json.dumps({"token": token})


def approve_refund(token: str, amount_gbp: float, state: DeskState) -> str:
    """Approve a refund; only a supervisor may."""
    email = state.tokens.get(token)
    if email is None:
        raise DeskError("sign in first")
    if _PEOPLE[email]["role"] != "supervisor":
        raise DeskError("this action needs a supervisor")
    state.refunds.append(amount_gbp)
    return f"Refund of {amount_gbp:.2f} approved."


TOOLS = [open_session, list_tariffs, find_account, verify_caller, account_balance, request_code, sign_in, approve_refund]
FIXTURES = {
    "desk": {"api_key": "nvk_4f1e", "agent_id": "AG-2207"},
    "caller": {"name": "Daniel Achebe", "postcode": "NV1 2HX", "date_of_birth": "23/11/1987"},
    "agent": {"email": "lena.okafor@desk.example", "code_from_email": "118822"},
    "backup_agent": {"email": "omar.haddad@desk.example", "code_from_email": "350027"},
    "night_agent": {"email": "kai.moreno@desk.example", "code_from_email": "771205"},
    "team_lead": {"email": "marta.lind@desk.example", "code_from_email": "604918"},
}
