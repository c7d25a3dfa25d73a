"""A service whose steps need different people, refusals that name what is missing (twenty-third round).

A field-works desk: a supervisor assigns a job, an operative marks the crew arrived and records the
risk check, a supervisor plans the isolation. Each sign-on lives in the state beside the others.
Each test fails on the engine before this round:

- a token documented as ``Session token (supervisor or controller)``: the words in parentheses say
  whose token, not which values, so the token keeps the values a sign-on returned
  (:mod:`.schemas.docstrings`); without it no tool that takes that token ever succeeds;
- a vocabulary a refusal lists after "use" (``unknown hazard code(s) ['hazard']; use traffic, ...``);
- a one-item list that a refusal names a further item for (``still fed through V-2``) grows with it
  (:meth:`.refusal_retries.RefusalRetries.longer_lists`), while a refusal of who is acting adds nothing.

(On a catalog this small the explorer reaches the operative's steps by its ordinary variations; the
reruns of another person's sign-on on what the state's last call acted on, and the binding that goes
on as that call did, matter on larger ones: tests/unit/test_going_on.py and docs/induction.md.)
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from llama_index_libra.induction import induce
from llama_index_libra.runtime.python import PythonRuntime

USERS = {"c.ross": ("Wren-1", "controller"), "g.lumb": ("Heron-2", "supervisor"), "t.pike": ("Curlew-3", "operative")}
HAZARDS = ("traffic", "water", "trench")


@dataclass
class Desk:
    sessions: dict = field(default_factory=dict)
    jobs: dict = field(default_factory=lambda: {
        "WO-3": {"main": "M-1", "status": "on_site", "check": ["traffic"], "isolation": None},
        "WO-5": {"main": "M-1", "status": "cancelled", "check": None, "isolation": None},
        "WO-7": {"main": "M-1", "status": "raised", "check": None, "isolation": None}})
    valves: dict = field(default_factory=lambda: {"M-1": ["V-1", "V-2"]})
    issued: int = 0


def _who(state: Desk, token: str, role: str) -> dict | None:
    user = state.sessions.get(token)
    if user is None:
        return {"error": "unknown or expired token; sign in again"}
    if USERS[user][1] != role:
        return {"error": f"a {USERS[user][1]} cannot do this"}
    return None


def _job(state: Desk, job_id: str) -> dict | None:
    return None if job_id in state.jobs else {"error": f"no job {job_id}"}


def login(username: str, password: str, state: Desk) -> dict:
    """Sign in at the desk; returns the session ``token`` and the role."""
    if USERS.get(username, (None,))[0] != password:
        return {"error": "user name or password not recognised"}
    state.issued += 1
    token = f"fw-{state.issued}-{username[:3]}"
    state.sessions[token] = username
    return {"token": token, "role": USERS[username][1]}


def list_jobs(token: str, state: Desk) -> dict:
    """The open jobs.

    Args:
        token: Session token.
    """
    if token not in state.sessions:
        return {"error": "unknown or expired token; sign in again"}
    return {"jobs": [{"job_id": j, "status": v["status"], "main": v["main"]} for j, v in state.jobs.items()]}


def assign_crew(token: str, job_id: str, state: Desk) -> dict:
    """Give a raised job to the crew on shift.

    Args:
        token: Session token (supervisor or controller).
        job_id: Job id.
    """
    refused = _who(state, token, "supervisor") or _job(state, job_id)
    if refused:
        return refused
    if state.jobs[job_id]["status"] != "raised":
        return {"error": f"{job_id} is {state.jobs[job_id]['status']}"}
    state.jobs[job_id]["status"] = "assigned"
    return {"job_id": job_id, "status": "assigned"}


def mark_arrived(token: str, job_id: str, state: Desk) -> dict:
    """Record the crew's arrival on site.

    Args:
        token: Session token (operative).
        job_id: Job id.
    """
    refused = _who(state, token, "operative") or _job(state, job_id)
    if refused:
        return refused
    if state.jobs[job_id]["status"] == "on_site":
        return {"error": f"the crew is already on site at {job_id}"}
    if state.jobs[job_id]["status"] != "assigned":
        return {"error": f"{job_id} has no crew assigned"}
    state.jobs[job_id]["status"] = "on_site"
    return {"job_id": job_id, "status": "on_site"}


def record_check(token: str, job_id: str, hazards: list[str], state: Desk) -> dict:
    """Record the crew's risk check at the site.

    Args:
        token: Session token (operative).
        job_id: Job id.
        hazards: Hazard codes.
    """
    refused = _who(state, token, "operative") or _job(state, job_id)
    if refused:
        return refused
    if state.jobs[job_id]["status"] != "on_site":
        return {"error": f"the crew is not on site at {job_id}"}
    if state.jobs[job_id]["check"]:
        return {"error": f"{job_id} already has a risk check"}
    bad = [h for h in hazards if h not in HAZARDS]
    if bad or not hazards:
        return {"error": f"unknown hazard code(s) {bad}; use {', '.join(HAZARDS)}"}
    state.jobs[job_id]["check"] = list(hazards)
    return {"job_id": job_id, "check": "recorded"}


def list_valves(token: str, main: str, state: Desk) -> dict:
    """The valves on a main.

    Args:
        token: Session token.
        main: Main id, e.g. ``M-1``.
    """
    if token not in state.sessions:
        return {"error": "unknown or expired token; sign in again"}
    return {"valves": [{"valve_id": v} for v in state.valves.get(main, [])]}


def plan_isolation(token: str, job_id: str, valve_ids: list[str], state: Desk) -> dict:
    """Plan the shut-off of a job's main by its valves.

    Args:
        token: Session token (supervisor or controller).
        job_id: Job id.
        valve_ids: The valves to shut.
    """
    refused = _who(state, token, "supervisor") or _job(state, job_id)
    if refused:
        return refused
    fed = [v for v in state.valves[state.jobs[job_id]["main"]] if v not in valve_ids]
    if any(v not in state.valves[state.jobs[job_id]["main"]] for v in valve_ids):
        return {"error": "a valve is not on the job's main"}
    if fed:
        return {"error": f"the section would still be fed through {', '.join(fed)}"}
    state.jobs[job_id]["isolation"] = "ISO-1"
    return {"isolation_id": "ISO-1", "job_id": job_id}


TOOLS = [login, list_jobs, assign_crew, mark_arrived, record_check, list_valves, plan_isolation]
FIXTURES = {"users": [{"username": u, "password": p, "role": r} for u, (p, r) in USERS.items()], "main": "M-1"}


@pytest.fixture(scope="module")
def built():
    runtime = PythonRuntime(TOOLS, Desk, fixtures=FIXTURES)
    library, report = induce(runtime, field_encoder="lexical", executor="serial", isolation="none")
    return {(r.provider, r.consumer) for r in library.relations}, report


def test_a_token_documented_with_a_role_keeps_the_sign_on_values(built):
    pairs, report = built
    assert "assign_crew" not in report.never_succeeded
    assert ("login", "assign_crew") in pairs


def test_the_next_person_acts_on_what_the_last_one_did(built):
    """The operative signs on in the state where the supervisor assigned the job, on that job."""
    pairs, report = built
    assert "mark_arrived" not in report.never_succeeded
    assert ("assign_crew", "mark_arrived") in pairs


def test_the_state_goes_on_as_its_last_call_did_and_learns_a_listed_vocabulary(built):
    pairs, report = built
    assert "record_check" not in report.never_succeeded
    assert ("mark_arrived", "record_check") in pairs


def test_a_list_grows_by_the_item_a_refusal_names(built):
    pairs, report = built
    assert "plan_isolation" not in report.never_succeeded
    assert ("list_valves", "plan_isolation") in pairs
