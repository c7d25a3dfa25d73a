"""A state test retries the consumer's first successful call on the record the transition touched.

The allotment society's clerk registers a tenant on an open plot; only the secretary opens a closed
one. ``register_tenant`` first succeeded on the open plot P-1 with initials a refusal taught (``such
as A-B``), signed on as the clerk. When the secretary opens P-2, the state test built its calls from
the template (the placeholder ``initials``, refused before and after alike) and the clerk's session of
another path (not open in this one), so ``open_plot -> register_tenant`` was never admitted. The test
now also reruns the first successful call with P-2 in place of P-1, signed on again as the clerk in
each state: refused before (``P-2 is closed``), accepted after."""

from __future__ import annotations

import copy
import re

from tests.support.builds import induce_serially, relation_triples

STAFF = {"sal.k": ("Sal Kettle", "secretary"), "cal.m": ("Cal Moss", "clerk")}


class Society:
    def __init__(self) -> None:
        self.sessions: dict[str, str] = {}
        self.plots = {"P-1": {"open": True, "tenant": None}, "P-2": {"open": False, "tenant": None}}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def _who(state: Society, token: str) -> tuple[str, str]:
    user = state.sessions.get(token) if isinstance(token, str) else None
    if user is None:
        raise PermissionError("not signed in, or the session has ended")
    return STAFF[user]


def _as(state: Society, token: str, role: str, plot_id: str) -> dict:
    """The plot, once the session's holder is found to have ``role``."""
    name, held = _who(state, token)
    if held != role:
        raise PermissionError(f"{name} ({held}) may not do this")
    plot = state.plots.get(plot_id)
    if plot is None:
        raise LookupError(f"no plot {plot_id!r}")
    return plot


def sign_in(username: str, password: str, state: Society = None) -> dict:
    """Sign in as a member of staff. Returns the session token."""
    if username not in STAFF or password != f"pw-{username}":
        raise PermissionError("wrong username or password")
    token = f"AS-{username}-{len(state.sessions) + 1}"
    state.sessions[token] = username
    return {"token": token}


def plots(token: str, state: Society = None) -> list:
    """The society's plots: plot_id, open and tenant."""
    _who(state, token)
    return [{"plot_id": p, "open": v["open"], "tenant": v["tenant"]} for p, v in sorted(state.plots.items())]


def open_plot(token: str, plot_id: str, state: Society = None) -> dict:
    """Open a closed plot for letting (the secretary)."""
    plot = _as(state, token, "secretary", plot_id)
    if plot["open"]:
        raise RuntimeError(f"{plot_id} is open already")
    plot["open"] = True
    return {"plot_id": plot_id, "open": True}


def register_tenant(token: str, plot_id: str, initials: str, state: Society = None) -> dict:
    """Register a tenant's initials on an open plot (the clerk)."""
    plot = _as(state, token, "clerk", plot_id)
    if not isinstance(initials, str) or not re.fullmatch(r"[A-Z]-[A-Z]", initials):
        raise ValueError("initials are two capitals with a hyphen between, such as A-B")
    if not plot["open"]:
        raise RuntimeError(f"{plot_id} is closed")
    if plot["tenant"] is not None:
        raise RuntimeError(f"{plot_id} is let already")
    plot["tenant"] = initials
    return {"plot_id": plot_id, "tenant": initials}


TOOLS = [sign_in, plots, open_plot, register_tenant]

FIXTURES = {"staff": [{"name": name, "role": role, "username": user, "password": f"pw-{user}"}
                      for user, (name, role) in STAFF.items()]}


def test_opening_a_plot_is_a_prerequisite_of_registering_on_it() -> None:
    library, report = induce_serially(TOOLS, Society, FIXTURES)
    triples = relation_triples(library)
    assert "register_tenant" not in report.never_succeeded, report.summary()
    assert ("open_plot", "register_tenant", "state") in triples, sorted(triples)
    assert ("sign_in", "register_tenant", "provenance") in triples
    # nothing else writes what registering needs
    assert not any(c == "register_tenant" and p == "plots" and k == "state" for p, c, k in triples)
