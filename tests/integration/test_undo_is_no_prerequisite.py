"""A provider that undoes what the refused call would do is no prerequisite of it.

The seed state has job J-1 on hold: ``put_on_hold(J-1)`` is refused ``J-1 is already on hold``, and
runs after ``release_hold(J-1)``. That is a redo, not a need: no state relation. A refusal that asks
for the undo itself (``already has an active mandate; cancel it first``) keeps its relation: the
service calls the cancellation a prerequisite."""

from __future__ import annotations

import copy

from llama_index_libra.induction.gates import already_holds
from tests.support.builds import induce_serially


class Shop:
    def __init__(self) -> None:
        self.jobs = {"J-1": {"held": True}}
        self.mandates = {"ACC-7": True}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def list_jobs(state: Shop = None) -> list:
    """Every job id with whether it is held."""
    return [{"job_id": j, "held": r["held"]} for j, r in state.jobs.items()]


def put_on_hold(job_id: str, state: Shop = None) -> dict:
    """Put a job on hold."""
    job = state.jobs.get(job_id)
    if job is None:
        raise LookupError(f"no job {job_id}")
    if job["held"]:
        raise ValueError(f"{job_id} is already on hold")
    job["held"] = True
    return {"job_id": job_id, "held": True}


def release_hold(job_id: str, state: Shop = None) -> dict:
    """Release a held job."""
    job = state.jobs.get(job_id)
    if job is None:
        raise LookupError(f"no job {job_id}")
    if not job["held"]:
        raise ValueError(f"{job_id} is not on hold")
    job["held"] = False
    return {"job_id": job_id, "held": False}


def list_accounts(state: Shop = None) -> list:
    """Every account id with whether it has an active mandate."""
    return [{"account_id": a, "mandate": m} for a, m in state.mandates.items()]


def cancel_mandate(account_id: str, state: Shop = None) -> dict:
    """Cancel an account's direct debit mandate."""
    if not state.mandates.get(account_id):
        raise ValueError(f"{account_id} has no active mandate")
    state.mandates[account_id] = False
    return {"account_id": account_id, "mandate": False}


def set_up_mandate(account_id: str, state: Shop = None) -> dict:
    """Set up a direct debit mandate on an account."""
    if account_id not in state.mandates:
        raise LookupError(f"no account {account_id}")
    if state.mandates[account_id]:
        raise ValueError(f"{account_id} already has an active mandate; cancel it first")
    state.mandates[account_id] = True
    return {"account_id": account_id, "mandate": True}


TOOLS = [list_jobs, put_on_hold, release_hold, list_accounts, cancel_mandate, set_up_mandate]


def test_an_undo_is_no_prerequisite_but_an_undo_the_refusal_asks_for_is() -> None:
    library, report = induce_serially(TOOLS, Shop, {})
    assert "put_on_hold" not in report.never_succeeded, report.summary()
    state = {(r.provider, r.consumer) for r in library.relations if r.kind == "state"}
    assert ("release_hold", "put_on_hold") not in state, state
    assert ("cancel_mandate", "set_up_mandate") in state, state


def test_already_holds_reads_states_not_sign_ins() -> None:
    assert already_holds("ValueError: SB-19 is already stopped")
    assert already_holds('{"code": "ALREADY_EXISTS", "message": "donor already deferred for TRAVEL_MALARIA"}')
    assert not already_holds("PermissionError: one-time code already used")
    assert not already_holds("LookupError: no job J-9")
    assert not already_holds(None)
