"""A small depot back office for the credential-chain tests: a sign-in whose token only its docstring
names, a supervisor sign-off that needs a badge the tester was handed, and a void that needs both. Written in the style of real back ends: bare string replies
documented in a ``Returns:`` section, refusals by exception."""

from __future__ import annotations

from dataclasses import dataclass, field


class AuthError(Exception):
    """A missing or wrong credential."""


@dataclass
class DepotState:
    users: dict = field(default_factory=lambda: {"m.vos": "Dock!77"})
    supervisors: dict = field(default_factory=lambda: {"SUP-0413": "7730"})
    orders: dict = field(default_factory=lambda: {"SO-88412": "open", "SO-88430": "open", "SO-88461": "open"})
    sessions: list = field(default_factory=list)
    approvals: list = field(default_factory=list)
    seq: int = 0


def login(username: str, password: str, state: DepotState) -> str:
    """Open an operator session.

    Returns:
        The session token to pass as ``session`` to operator endpoints.
    """
    if state.users.get(username) != password:
        raise AuthError("invalid credentials")
    state.seq += 1
    token = f"dls_{state.seq:04d}{username[:3]}"
    state.sessions.append(token)
    return token


def list_orders() -> list:
    """List the open sales orders."""
    return [{"order_id": "SO-88412", "status": "open"}, {"order_id": "SO-88430", "status": "open"},
            {"order_id": "SO-88461", "status": "open"}]


def supervisor_sign_off(session: str, badge_id: str, pin: str, state: DepotState) -> str:
    """A supervisor co-signs the next sensitive action.

    Returns:
        A single-use approval code.
    """
    if session not in state.sessions:
        raise AuthError("session is missing, expired or revoked; call login()")
    if state.supervisors.get(badge_id) != pin:
        raise AuthError("badge or PIN not recognised")
    state.seq += 1
    code = f"APR-{state.seq:03d}"
    state.approvals.append(code)
    return code


def void_order(session: str, order_id: str, approval_code: str, state: DepotState) -> dict:
    """Void an open order; needs a supervisor's approval code."""
    if session not in state.sessions:
        raise AuthError("session is missing, expired or revoked; call login()")
    if state.orders.get(order_id) != "open":
        raise LookupError(f"order {order_id!r} not found or not open")
    if approval_code not in state.approvals:
        raise AuthError("supervisor approval code is invalid or already used")
    state.approvals.remove(approval_code)
    state.orders[order_id] = "void"
    return {"order_id": order_id, "status": "void"}


TOOLS = [login, list_orders, supervisor_sign_off, void_order]
FIXTURES = {"username": "m.vos", "password": "Dock!77", "supervisor_badge": "SUP-0413", "supervisor_pin": "7730"}
