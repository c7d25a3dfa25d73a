"""Settings chosen on a record a chain created, and lists a refusal wants longer (twenty-second round).

A setter that needs a record the chain made (a job's kind) is called with one documented value first;
its other values lead to other worlds (only a survey job takes a survey report), so the explorer runs
them at the template's first success wherever it happens, and the scheduler gives each setting its
own quota of deeper states. A list input is bound as a one-item list; a refusal that blames it (``a
crew needs two people``) grows it with the input's next candidates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction import induce
from llama_index_libra.induction.engine import InductionConfig
from llama_index_libra.induction.scheduling import Master
from llama_index_libra.runtime.python import PythonRuntime


@dataclass
class Works:
    sessions: set = field(default_factory=set)
    jobs: dict = field(default_factory=dict)
    staff: tuple = ("W-11", "W-12", "W-13")


def sign_on(badge: str, pin: str, state: Works) -> dict:
    """Sign on at the works desk; returns the session token."""
    if (badge, pin) != ("B-7", "2231"):
        return {"error": "badge or pin not recognised"}
    state.sessions.add("tok-1")
    return {"token": "tok-1"}


def _refused(state: Works, token: str, job_id: str | None = None) -> dict | None:
    if token not in state.sessions:
        return {"error": "not signed on"}
    if job_id is not None and job_id not in state.jobs:
        return {"error": f"no job {job_id}"}
    return None


def open_job(token: str, site: str, state: Works) -> dict:
    """Open a job at a site; returns its job_id."""
    if (refused := _refused(state, token)) is not None:
        return refused
    job_id = f"J-{len(state.jobs) + 1}"
    state.jobs[job_id] = {"site": site, "kind": None, "crew": None, "report": None}
    return {"job_id": job_id}


def set_job_kind(token: str, job_id: str, kind: Literal["repair", "survey"], state: Works) -> dict:
    """Record what kind of job it is."""
    if (refused := _refused(state, token, job_id)) is not None:
        return refused
    if state.jobs[job_id]["kind"] == kind:
        return {"error": f"this job is already a {kind}"}
    state.jobs[job_id]["kind"] = kind
    return {"job_id": job_id, "kind": kind}


def file_survey_report(token: str, job_id: str, findings: str, state: Works) -> dict:
    """File the findings of a survey job."""
    if (refused := _refused(state, token, job_id)) is not None:
        return refused
    if state.jobs[job_id]["kind"] != "survey":
        return {"error": "this job is not a survey"}
    state.jobs[job_id]["report"] = findings
    return {"job_id": job_id, "filed": True}


def list_staff(token: str, state: Works) -> dict:
    """The field staff on shift."""
    if (refused := _refused(state, token)) is not None:
        return refused
    return {"staff": [{"staff_no": s} for s in state.staff]}


def dispatch_crew(token: str, job_id: str, crew: list[str], state: Works) -> dict:
    """Send a crew (staff numbers) to a job."""
    if (refused := _refused(state, token, job_id)) is not None:
        return refused
    if any(member not in state.staff for member in crew):
        return {"error": "unknown staff number"}
    if len(crew) < 2:
        return {"error": "a crew needs two people"}
    state.jobs[job_id]["crew"] = list(crew)
    return {"job_id": job_id, "dispatched": True}


TOOLS = [sign_on, open_job, set_job_kind, file_survey_report, list_staff, dispatch_crew]


def _library():
    runtime = PythonRuntime(TOOLS, Works, fixtures={"badge": "B-7", "pin": "2231", "site": "Mill Lane pumping station"})
    library, report = induce(runtime, field_encoder="lexical", executor="serial", isolation="none")
    return {(r.provider, r.consumer) for r in library.relations}, report


def test_the_other_setting_of_a_created_record_is_explored_and_credited():
    pairs, report = _library()
    assert "file_survey_report" not in report.never_succeeded
    assert ("set_job_kind", "file_survey_report") in pairs
    assert ("open_job", "file_survey_report") in pairs


def test_a_list_a_refusal_blames_grows_to_two_items():
    pairs, report = _library()
    assert "dispatch_crew" not in report.never_succeeded
    assert ("list_staff", "dispatch_crew") in pairs


def test_each_setting_of_a_tool_has_its_own_quota_of_deeper_states():
    spec = ToolSpec(name="set_job_kind", description="", parameters={"type": "object", "properties": {
        "job_id": {"type": "string"}, "kind": {"type": "string", "enum": ["repair", "survey"]},
        "urgent": {"type": "boolean"}}})
    master = Master.__new__(Master)
    master.catalog = {"set_job_kind": spec}  # (the method reads only ``catalog.get``)
    repair = master.setting("set_job_kind", {"job_id": "J-1", "kind": "repair", "urgent": False})
    survey = master.setting("set_job_kind", {"job_id": "J-1", "kind": "survey", "urgent": False})
    assert repair != survey
    # the record it acts on is not a setting: another job with the same values shares the quota
    assert repair == master.setting("set_job_kind", {"job_id": "J-2", "kind": "repair", "urgent": False})
    assert master.setting("unknown_tool", {"x": 1}) == ("unknown_tool", "[]")
    assert InductionConfig().goal_children_per_tool >= 1
