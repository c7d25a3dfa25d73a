"""A hospital ward's medicines back end, in the shape that blocks breadth-first exploration: writes
that need a record in a given status, and acts that need a different person's role.

- ``sign_on(username, password)`` makes its user current at the workstation; the pharmacist and
  the nurse are both handed (the pharmacist first, so a re-run of the best sign-on binding in a
  deeper state signs the pharmacist on again).
- ``list_orders(status=None)`` answers rows ``[order_id, drug, status]``; the signature's
  ``Literal`` of statuses is no row layout. Only one order of eight is ``verified``.
- ``dispense(order_id)`` needs a pharmacist and a ``verified`` order (``Order MO-1 is pending; only
  a verified order can be dispensed``); ``administer(order_id)`` needs a nurse and a ``dispensed``
  order, and names the person signed on when it refuses one (``Dana Price (pharmacist) is not
  authorised; it needs a nurse sign-on``).

Nothing here is a catalog the engine knows; the names are this module's own.
"""

from __future__ import annotations

from typing import Literal, Optional

Status = Literal["pending", "verified", "dispensed", "administered", "cancelled"]


class WardState:
    def __init__(self) -> None:
        self.current: Optional[str] = None
        self.staff = {"dprice": {"name": "Dana Price", "role": "pharmacist", "password": "Tablet-77"},
                      "okhan": {"name": "Omar Khan", "role": "nurse", "password": "Drip-Rate-5"}}
        statuses = ["pending", "pending", "cancelled", "pending", "administered", "pending", "verified", "pending"]
        self.orders = {f"MO-{100 + i}": {"drug": f"drug {chr(97 + i)}", "status": s} for i, s in enumerate(statuses)}


def sign_on(username: str, password: str, state: WardState) -> str:
    """Sign on at the ward workstation; the user stays signed on until another signs on."""
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise PermissionError("Unknown user or wrong password")
    if state.current == username:
        raise ValueError(f"{user['name']} is already signed on")
    state.current = username
    return f"{user['name']} signed on"


def list_orders(state: WardState, status: Optional[Status] = None) -> dict:
    """The ward's medicine orders.

    :param status: Only orders with this status.
    :returns: ``{"orders": [[order_id, drug, status], ...]}``
    """
    rows = [[oid, o["drug"], o["status"]] for oid, o in state.orders.items() if status is None or o["status"] == status]
    return {"orders": rows}


def _order(state: WardState, order_id: str) -> dict:
    if order_id not in state.orders:
        raise LookupError(f"No order {order_id}")
    return state.orders[order_id]


def _need(state: WardState, role: str) -> None:
    if state.current is None:
        raise PermissionError("No user is signed on")
    user = state.staff[state.current]
    if user["role"] != role:
        raise PermissionError(f"{user['name']} ({user['role']}) is not authorised; it needs a {role} sign-on")


def dispense(order_id: str, state: WardState) -> dict:
    """Dispense a verified medicine order to the ward."""
    _need(state, "pharmacist")
    order = _order(state, order_id)
    if order["status"] != "verified":
        raise ValueError(f"Order {order_id} is {order['status']}; only a verified order can be dispensed")
    order["status"] = "dispensed"
    return {"order_id": order_id, "status": "dispensed"}


def administer(order_id: str, state: WardState) -> dict:
    """Record that a dispensed medicine was given to the patient."""
    _need(state, "nurse")
    order = _order(state, order_id)
    if order["status"] != "dispensed":
        raise ValueError(f"Order {order_id} is {order['status']}; only a dispensed order can be administered")
    order["status"] = "administered"
    return {"order_id": order_id, "status": "administered"}


TOOLS = [sign_on, list_orders, dispense, administer]
FIXTURES = {"staff": [{"name": "Dana Price", "role": "pharmacist", "username": "dprice", "password": "Tablet-77"},
                      {"name": "Omar Khan", "role": "nurse", "username": "okhan", "password": "Drip-Rate-5"}]}
