"""A refusal that states an amount of money teaches it to the numeric input it is about (stated.stated_amounts).

A bicycle workshop takes a deposit before it starts a repair; the till refuses a wrong amount the way
shops do, "the deposit is half the quote: 42.50 pounds", without naming the ``amount`` input. With the
amount read, the deposit succeeds and the repair that needs a confirmed job gets its state prerequisite;
with the reader switched off, neither happens (the test fails without the change)."""

from __future__ import annotations

import copy

import pytest

from llama_index_libra.induction import refusal_retries
from tests.support.builds import induce_serially


class Workshop:
    def __init__(self) -> None:
        self.jobs = {"WJ-2201": {"bike": "Dawes Galaxy", "quote": 85.0, "deposit": 0.0, "status": "quoted"},
                     "WJ-2202": {"bike": "Brompton M6L", "quote": 132.0, "deposit": 0.0, "status": "quoted"}}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def _job(state: Workshop, job_id: str, status: str, why: str = "") -> dict:
    """The job, in the status a tool needs (the till's refusals otherwise)."""
    job = state.jobs.get(job_id)
    if job is None:
        raise KeyError(f"no job {job_id}")
    if job["status"] != status:
        raise ValueError(f"job {job_id} is {job['status']}{why}")
    return job


def list_jobs(state: Workshop = None) -> list:
    """Repair jobs as rows [job_id, bike, status]."""
    return [[j, v["bike"], v["status"]] for j, v in sorted(state.jobs.items())]


def take_deposit(job_id: str, amount: float, state: Workshop = None) -> str:
    """Take the deposit on a quoted repair job, which confirms it."""
    job = _job(state, job_id, "quoted")
    need = round(job["quote"] / 2, 2)
    if abs(amount - need) > 0.005:
        raise ValueError(f"the deposit is half the quote: {need:.2f} pounds")
    job.update(deposit=need, status="confirmed")
    return f"Deposit taken on {job_id}; the job is confirmed."


def start_repair(job_id: str, mechanic: str, state: Workshop = None) -> dict:
    """Put a confirmed job on the stand."""
    job = _job(state, job_id, "confirmed", "; a deposit confirms it")
    job["status"] = "on_stand"
    return {"job_id": job_id, "status": "on_stand"}


TOOLS = [list_jobs, take_deposit, start_repair]
FIXTURES = {"mechanic": "Ola Brennan"}


@pytest.mark.parametrize("reads_amounts", [True, False])
def test_a_stated_deposit_unblocks_the_payment_and_its_consumer(reads_amounts: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not reads_amounts:
        monkeypatch.setattr(refusal_retries, "stated_amounts", lambda message, args: {})
    library, report = induce_serially(TOOLS, Workshop, FIXTURES)
    pairs = {(r.provider, r.consumer) for r in library.relations}
    assert (("take_deposit", "start_repair") in pairs) is reads_amounts, (pairs, report.summary())
    assert ("take_deposit" in report.never_succeeded) is not reads_amounts
