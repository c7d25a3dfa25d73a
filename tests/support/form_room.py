"""A school's staff portal (the shape of a learning platform's back office) for the thirteenth-round
induction tests (tests/integration/test_nested_rows_and_quiet_searches.py).

- ``sign_in`` returns the session key nested in a record (``session.key``);
- ``list_my_classes`` returns rows whose last cell is itself a row, ``[class_code, label,
  [pupil_count, teacher]]``, as its docstring says; ``class_roster`` wants that ``class_code``;
- ``find_pupil`` searches by name and returns ``{"matches": []}`` when nothing matches (a success
  that shows nothing). The tester was handed the teacher's ``name`` (a field that aligns with the
  input) and the pupils' names under their form (``"7C"``, a field that does not); only a pupil's
  name finds the ``pupil_id`` that ``pupil_profile`` and ``log_merit`` need.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class PortalError(Exception):
    """A refusal of the portal."""


@dataclass
class PortalState:
    sessions: dict = field(default_factory=dict)
    merits: list = field(default_factory=list)


_STAFF = {"rbell": {"password": "Chalk&Board7", "name": "Mr Robin Bell"}}
_CLASSES = {"SC-7C-27": ("7C science", "7C"), "SC-8A-27": ("8A science", "8A")}
_PUPILS = {"P-3101": ("Isla Morgan", "7C"), "P-3102": ("Harry Bell", "7C"), "P-3207": ("Noah Quinn", "8A")}


def _session(state: PortalState, session_key: str) -> str:
    user = state.sessions.get(session_key)
    if user is None:
        raise PortalError("not signed in (session missing or expired)")
    return user


def sign_in(username: str, password: str, state: PortalState) -> dict:
    """Sign in as a member of staff; ``session.key`` is every other call's ``session_key``."""
    staff = _STAFF.get(username)
    if staff is None or staff["password"] != password:
        raise PortalError("username or password is incorrect")
    key = f"sk-{username[:3]}-{len(state.sessions) + 41:03d}"
    state.sessions[key] = username
    return {"session": {"key": key, "expires": "16:30"}, "user": {"name": staff["name"]}}


def list_my_classes(session_key: str, state: PortalState) -> list:
    """Your classes as rows ``[class_code, label, [pupil_count, teacher]]``."""
    user = _session(state, session_key)
    return [[code, label, [sum(1 for p in _PUPILS.values() if p[1] == form), _STAFF[user]["name"]]]
            for code, (label, form) in _CLASSES.items()]


def class_roster(session_key: str, class_code: str, state: PortalState) -> list:
    """The pupils of one of your classes, as rows [name, form]."""
    _session(state, session_key)
    if class_code not in _CLASSES:
        raise PortalError(f"no class {class_code!r}")
    form = _CLASSES[class_code][1]
    return [[name, f] for name, f in _PUPILS.values() if f == form]


def find_pupil(session_key: str, name: str, state: PortalState) -> dict:
    """Pupils whose name contains ``name``."""
    _session(state, session_key)
    needle = name.strip().lower()
    return {"matches": [{"pupil": {"id": pid, "name": n, "form": f}} for pid, (n, f) in _PUPILS.items()
                        if needle and needle in n.lower()]}


def pupil_profile(session_key: str, pupil_id: str, state: PortalState) -> dict:
    """A pupil's profile."""
    _session(state, session_key)
    if pupil_id not in _PUPILS:
        raise PortalError(f"no pupil {pupil_id!r}")
    name, form = _PUPILS[pupil_id]
    return {"name": name, "form": form, "merits": sum(1 for m in state.merits if m == pupil_id)}


def log_merit(session_key: str, pupil_id: str, reason: str, state: PortalState) -> str:
    """Award a merit to a pupil."""
    _session(state, session_key)
    if pupil_id not in _PUPILS:
        raise PortalError(f"no pupil {pupil_id!r}")
    state.merits.append(pupil_id)
    return f"Merit M-{len(state.merits):04d} logged for {_PUPILS[pupil_id][0]}."


TOOLS = [sign_in, list_my_classes, class_roster, find_pupil, pupil_profile, log_merit]
FIXTURES = {
    "teacher": {"name": "Mr Robin Bell", "username": "rbell", "password": "Chalk&Board7"},
    "pupils_by_form": {"7C": ["Isla Morgan", "Harry Bell"], "8A": ["Noah Quinn"]},
}
