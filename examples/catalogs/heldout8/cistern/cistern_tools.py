"""Cistern: the REST API of a hosted CI/CD service, as a Python client sees it (43 calls).

Plain functions over an in-memory ``State`` of the ``acme`` group on Friday 27 November 2026:
projects addressed by their path (``acme/storefront``), branches, pipelines with stages and jobs,
job logs and artifacts, CI/CD variables, runners, environments and deployments (production needs
an approval), pipeline schedules, merge requests and project members.

Every call but three takes a personal access token. ``create_personal_access_token`` mints one
from a username and password with a list of scopes (which scopes exist is not documented; the
refusal for an unknown one lists them). Changing variables, runner registration and membership
also need *sudo mode*: ``enable_sudo`` with the password again, kept on the token.

Replies are what the API returns: bare values (a token, a pipeline id, a URL, a cron line), rows as
lists of lists (with lists inside, e.g. a pipeline's stages and their jobs), and dicts with the
record nested. A refusal is *returned*, never raised: ``{"error": {"status": 4xx, "reason": ...,
"message": ...}}``.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, Optional

from typing_extensions import TypedDict  # pydantic reads TypedDict bodies from here before Python 3.12

NOW = "2026-11-27T09:40:00Z"

AccessLevel = Literal["guest", "reporter", "developer", "maintainer"]
Executor = Literal["docker", "shell", "kubernetes"]
MergeAccess = Literal["maintainers", "developers_and_maintainers", "no_one"]


class PipelineVariable(TypedDict):
    """One variable passed to a triggered pipeline."""

    key: str
    value: str


_SCOPES = {"api", "read_api", "read_repository", "admin_runners"}
_TIMEZONES = {"UTC", "Europe/Berlin", "Europe/London", "America/New_York", "Asia/Kolkata"}


def _pipeline(ref, sha, state, stages, source="push", created="2026-11-26T16:02:11Z") -> dict:
    return {"ref": ref, "sha": sha, "state": state, "source": source, "created_at": created,
            "stages": [[name, [list(j) for j in jobs]] for name, jobs in stages]}


def _seed_projects() -> dict:
    return {
        "acme/storefront": {
            "id": 418, "visibility": "private", "default_branch": "main",
            "members": {12: "maintainer", 17: "developer", 23: "reporter"},
            "branches": {"main": {"sha": "a1b2c3d", "protected": "maintainers"},
                         "feature/checkout-v2": {"sha": "7e9f0aa", "protected": None},
                         "release/2026.11": {"sha": "4c4d5e6", "protected": "maintainers"}},
            "pipelines": {
                9101: _pipeline("main", "a1b2c3d", "success",
                                [("build", [[55101, "compile", "success"]]),
                                 ("test", [[55102, "unit", "success"], [55103, "e2e", "success"]]),
                                 ("deploy", [[55104, "deploy-staging", "manual"]])], created="2026-11-26T15:20:40Z"),
                9102: _pipeline("feature/checkout-v2", "7e9f0aa", "failed",
                                [("build", [[55111, "compile", "success"]]),
                                 ("test", [[55112, "unit", "success"], [55113, "e2e", "failed"]])]),
                9103: _pipeline("release/2026.11", "4c4d5e6", "running",
                                [("build", [[55121, "compile", "running"]])], created="2026-11-27T09:31:02Z"),
            },
            "logs": {55113: "Running e2e suite (412 specs)\n...\ncheckout.spec.ts: timeout waiting for #pay-button "
                            "(flaky, retried 0/0)\nERROR: Job failed: exit code 1",
                     55101: "$ npm ci && npm run build\nBuild finished in 74s\nUploading artifacts: dist/storefront.tar.gz"},
            "artifacts": {55101: [["dist/storefront.tar.gz", 18237441, "2026-12-27"],
                                  ["coverage/lcov.info", 904113, "2026-12-27"]],
                          55103: [["reports/e2e-junit.xml", 48211, "2026-12-03"]]},
            "kept": [],
            "variables": {"STRIPE_SECRET_KEY": {"value": "sk_live_51Hx", "masked": True, "protected": True,
                                                "scope": "production"},
                          "SENTRY_DSN": {"value": "https://e1@sentry.acme.example/4", "masked": False,
                                         "protected": False, "scope": "*"},
                          "LEGACY_FTP_PASSWORD": {"value": "ftp-2019!", "masked": True, "protected": False,
                                                  "scope": "*"}},
            "environments": [{"id": 6, "name": "staging", "tier": "staging", "protected": False},
                             {"id": 7, "name": "production", "tier": "production", "protected": True,
                              "required_approvals": 1}],
            "deployments": {801: {"environment": "production", "pipeline": 9007, "sha": "0f1e2d3", "state": "success",
                                  "created_at": "2026-11-20T10:02:00Z"},
                            805: {"environment": "production", "pipeline": 9055, "sha": "9a8b7c6", "state": "success",
                                  "created_at": "2026-11-24T10:05:00Z"},
                            809: {"environment": "production", "pipeline": 9101, "sha": "a1b2c3d", "state": "blocked",
                                  "created_at": "2026-11-26T16:40:00Z", "approvals": []},
                            803: {"environment": "staging", "pipeline": 9055, "sha": "9a8b7c6", "state": "success",
                                  "created_at": "2026-11-24T09:12:00Z"}},
            "schedules": {21: {"description": "Nightly e2e", "cron": "0 2 * * *", "ref": "main", "timezone": "UTC",
                               "active": False, "owner": 17}},
            "merge_requests": {41: {"title": "Checkout v2", "source": "feature/checkout-v2", "target": "main",
                                    "author": 17, "state": "opened", "approvals": [],
                                    "description": "New checkout flow behind the checkout_v2 flag."}},
        },
        "acme/payments-api": {
            "id": 419, "visibility": "private", "default_branch": "main", "members": {12: "maintainer"},
            "branches": {"main": {"sha": "e5f6a7b", "protected": "maintainers"}},
            "pipelines": {9090: _pipeline("main", "e5f6a7b", "success", [("build", [[54901, "build", "success"]])],
                                          created="2026-11-25T11:00:00Z")},
            "logs": {}, "artifacts": {}, "kept": [], "variables": {}, "schedules": {}, "merge_requests": {},
            "environments": [{"id": 9, "name": "production", "tier": "production", "protected": False}],
            "deployments": {},
        },
        "acme/docs": {
            "id": 420, "visibility": "public", "default_branch": "main", "members": {12: "maintainer", 17: "maintainer"},
            "branches": {"main": {"sha": "d0c5d0c", "protected": "maintainers"}}, "pipelines": {}, "logs": {},
            "artifacts": {}, "kept": [], "variables": {}, "schedules": {}, "merge_requests": {}, "environments": [],
            "deployments": {},
        },
    }


@dataclass
class State:
    """The acme group on Cistern, Friday 27 November 2026, 09:40 UTC."""

    users: dict = field(default_factory=lambda: {
        12: {"username": "dana.kowal", "name": "Dana Kowal", "password": "Rhubarb&Custard42", "state": "active"},
        17: {"username": "olu.adeyemi", "name": "Olu Adeyemi", "password": "lagos-Harmattan-7", "state": "active"},
        23: {"username": "mei.tanaka", "name": "Mei Tanaka", "password": "kumo#Sora99", "state": "active"},
        31: {"username": "rafael.souza", "name": "Rafael Souza", "password": "Ipanema.4life", "state": "active"},
    })
    projects: dict = field(default_factory=_seed_projects)
    runners: dict = field(default_factory=lambda: {
        301: {"description": "shared-docker-1", "tags": ["docker", "linux"], "paused": False,
              "projects": ["acme/storefront", "acme/docs"], "executor": "docker"},
        302: {"description": "macos-builder", "tags": ["macos", "xcode"], "paused": False,
              "projects": ["acme/payments-api"], "executor": "shell"},
        303: {"description": "old-jenkins-bridge", "tags": ["legacy"], "paused": True, "projects": [],
              "executor": "shell"},
    })
    tokens: dict = field(default_factory=dict)
    registration_tokens: dict = field(default_factory=dict)
    counters: dict = field(default_factory=lambda: {"token": 0, "pipeline": 9103, "job": 55121, "deployment": 809,
                                                     "runner": 316, "schedule": 21, "mr": 41, "reg": 0})


# ----------------------------------------------------------------------------- helpers

def _err(status: int, reason: str, message: str) -> dict:
    return {"error": {"status": status, "reason": reason, "message": message}}


def _next(state: State, key: str) -> int:
    state.counters[key] += 1
    return state.counters[key]


def _auth(state: State, token: str, project: Optional[str] = None, write: bool = False, level: str = "developer",
          scope: Optional[str] = None, sudo: bool = False):
    """(token record, project record) or an error dict."""
    t = state.tokens.get(token)
    if t is None:
        return _err(401, "invalid_token", "401 Unauthorized: token is missing, revoked or unknown")
    need = scope or ("api" if write else None)
    if need and need not in t["scopes"]:
        return _err(403, "insufficient_scope", f"the token lacks the '{need}' scope")
    if not write and not ({"api", "read_api"} & set(t["scopes"])):
        return _err(403, "insufficient_scope", "the token lacks the 'read_api' scope")
    if sudo and not t["sudo"]:
        return _err(403, "sudo_required", "this action needs sudo mode; confirm your password first")
    if project is None:
        return t, None
    p = state.projects.get(project.strip().strip("/"))
    if p is None:
        return _err(404, "not_found", f"404 Project Not Found")
    ranks = ["guest", "reporter", "developer", "maintainer"]
    have = p["members"].get(t["user"])
    if have is None and not (p["visibility"] == "public" and not write):
        return _err(404, "not_found", "404 Project Not Found")
    if write and (have is None or ranks.index(have) < ranks.index(level)):
        return _err(403, "forbidden", f"403 Forbidden: needs {level} access")
    return t, p


def _job(p: dict, job_id: int):
    for pid, pl in p["pipelines"].items():
        for stage, jobs in pl["stages"]:
            for j in jobs:
                if j[0] == job_id:
                    return pid, pl, j
    return None


# ----------------------------------------------------------------------------- auth

def create_personal_access_token(username: str, password: str, scopes: list[str], name: str,
                                 state: State) -> str | dict:
    """Mint a personal access token for a user. Returns the token string (shown once)."""
    uid = next((k for k, u in state.users.items() if u["username"] == username.strip().lower()), None)
    if uid is None or state.users[uid]["password"] != password:
        return _err(401, "invalid_grant", "invalid username or password")
    unknown = sorted(set(scopes) - _SCOPES)
    if unknown or not scopes:
        return _err(400, "invalid_scope", f"unknown scope(s) {unknown}; valid scopes are {sorted(_SCOPES)}")
    n = _next(state, "token")
    tok = f"cst-{uid:02d}{n:03d}-{(uid * 7541 + n * 613) % 100000:05d}"
    state.tokens[tok] = {"user": uid, "scopes": sorted(set(scopes)), "name": name, "sudo": False}
    return tok


def enable_sudo(token: str, password: str, state: State) -> dict:
    """Enter sudo mode for 15 minutes by confirming the password."""
    r = _auth(state, token)
    if isinstance(r, dict):
        return r
    t, _ = r
    if state.users[t["user"]]["password"] != password:
        return _err(401, "invalid_password", "password does not match")
    if t["sudo"]:
        return _err(409, "already_sudo", "sudo mode is already active for this token")
    t["sudo"] = True
    return {"sudo": True, "expires_at": "2026-11-27T09:55:00Z"}


def whoami(token: str, state: State) -> dict:
    """The token's user, scopes and whether sudo mode is on."""
    r = _auth(state, token)
    if isinstance(r, dict):
        return r
    t, _ = r
    u = state.users[t["user"]]
    return {"id": t["user"], "username": u["username"], "name": u["name"], "scopes": t["scopes"], "sudo": t["sudo"]}


# ----------------------------------------------------------------------------- projects and branches

def list_projects(token: str, search: Optional[str] = None, state: State = None) -> list | dict:
    """Projects the user can see, as rows [path, visibility, default_branch, access_level]."""
    r = _auth(state, token)
    if isinstance(r, dict):
        return r
    t, _ = r
    return [[path, p["visibility"], p["default_branch"], p["members"].get(t["user"])]
            for path, p in state.projects.items()
            if (t["user"] in p["members"] or p["visibility"] == "public") and (not search or search in path)]


def list_branches(token: str, project: str, state: State) -> list | dict:
    """Branches as rows [name, head_sha, protected]."""
    r = _auth(state, token, project)
    if isinstance(r, dict):
        return r
    _, p = r
    return [[b, v["sha"], v["protected"] is not None] for b, v in p["branches"].items()]


def create_branch(token: str, project: str, branch: str, ref: str, state: State) -> dict:
    """Create a branch from a branch name or commit sha."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    _, p = r
    if branch in p["branches"]:
        return _err(400, "branch_exists", f"Branch '{branch}' already exists")
    sha = p["branches"][ref]["sha"] if ref in p["branches"] else ref
    if not any(b["sha"] == sha for b in p["branches"].values()):
        return _err(400, "invalid_ref", "Invalid reference name")
    p["branches"][branch] = {"sha": sha, "protected": None}
    return {"branch": {"name": branch, "commit": {"id": sha}, "protected": False}}


def protect_branch(token: str, project: str, branch: str, allowed_to_merge: MergeAccess, state: State) -> dict:
    """Protect a branch, choosing who may merge into it."""
    r = _auth(state, token, project, write=True, level="maintainer")
    if isinstance(r, dict):
        return r
    _, p = r
    b = p["branches"].get(branch)
    if b is None:
        return _err(404, "not_found", "404 Branch Not Found")
    if b["protected"] == allowed_to_merge:
        return _err(409, "conflict", f"'{branch}' is already protected with those settings")
    b["protected"] = allowed_to_merge
    return {"name": branch, "merge_access_levels": [allowed_to_merge]}


# ----------------------------------------------------------------------------- pipelines and jobs

def trigger_pipeline(token: str, project: str, ref: str, variables: list[PipelineVariable],
                     state: State) -> int | dict:
    """Run a new pipeline on a branch, with optional variables. Returns the new pipeline id."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    _, p = r
    if ref not in p["branches"]:
        return _err(400, "invalid_ref", f"Reference not found: {ref}")
    for v in variables:
        if not re.fullmatch(r"[A-Z][A-Z0-9_]*", str(v.get("key", ""))):
            return _err(400, "invalid_variable", f"variable key {v.get('key')!r} must be UPPER_SNAKE_CASE")
    pid = _next(state, "pipeline")
    j = _next(state, "job")
    p["pipelines"][pid] = _pipeline(ref, p["branches"][ref]["sha"], "running", [("build", [[j, "compile", "running"]])],
                                    source="api", created=NOW)
    p["pipelines"][pid]["variables"] = [dict(v) for v in variables]
    return pid


def list_pipelines(token: str, project: str, ref: Optional[str] = None, state_filter: Optional[str] = None,
                   state: State = None) -> list | dict:
    """Pipelines, newest first, as rows [id, ref, sha, state, created_at]."""
    r = _auth(state, token, project)
    if isinstance(r, dict):
        return r
    _, p = r
    rows = [[pid, pl["ref"], pl["sha"], pl["state"], pl["created_at"]] for pid, pl in p["pipelines"].items()
            if (ref is None or pl["ref"] == ref) and (state_filter is None or pl["state"] == state_filter)]
    return sorted(rows, key=lambda row: row[0], reverse=True)


def get_pipeline(token: str, project: str, pipeline_id: int, state: State) -> dict:
    """One pipeline with its stages; each stage is [name, [[job_id, job_name, job_state], ...]]."""
    r = _auth(state, token, project)
    if isinstance(r, dict):
        return r
    _, p = r
    pl = p["pipelines"].get(pipeline_id)
    if pl is None:
        return _err(404, "not_found", "404 Pipeline Not Found")
    return {"id": pipeline_id, "ref": pl["ref"], "sha": pl["sha"], "state": pl["state"], "source": pl["source"],
            "created_at": pl["created_at"], "stages": pl["stages"]}


def cancel_pipeline(token: str, project: str, pipeline_id: int, state: State) -> dict:
    """Cancel a pending or running pipeline."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    _, p = r
    pl = p["pipelines"].get(pipeline_id)
    if pl is None:
        return _err(404, "not_found", "404 Pipeline Not Found")
    if pl["state"] not in ("pending", "running"):
        return _err(400, "not_cancelable", f"pipeline is {pl['state']}")
    pl["state"] = "canceled"
    for _, jobs in pl["stages"]:
        for j in jobs:
            if j[2] in ("pending", "running", "manual"):
                j[2] = "canceled"
    return {"id": pipeline_id, "state": "canceled"}


def get_job_log(token: str, project: str, job_id: int, state: State) -> str | dict:
    """The raw log (trace) of a job."""
    r = _auth(state, token, project)
    if isinstance(r, dict):
        return r
    _, p = r
    if _job(p, job_id) is None:
        return _err(404, "not_found", "404 Job Not Found")
    return p["logs"].get(job_id, "Job log is empty.")


def retry_job(token: str, project: str, job_id: int, state: State) -> int | dict:
    """Retry a failed or canceled job. Returns the new job's id; the pipeline's state follows the retried job."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    _, p = r
    found = _job(p, job_id)
    if found is None:
        return _err(404, "not_found", "404 Job Not Found")
    pid, pl, j = found
    if j[2] not in ("failed", "canceled"):
        return _err(403, "not_retryable", f"job is {j[2]}; only failed or canceled jobs are retried")
    new = _next(state, "job")
    j[2] = "retried"
    for stage, jobs in pl["stages"]:
        if j in jobs:
            jobs.append([new, j[1], "success"])  # the flaky e2e run passes on retry
    states = [x[2] for _, jobs in pl["stages"] for x in jobs if x[2] != "retried"]
    if all(s in ("success", "manual") for s in states):
        pl["state"] = "success"
    return new


def play_manual_job(token: str, project: str, job_id: int, state: State) -> dict:
    """Start a manual job (such as a deploy step) that is waiting to be played."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    _, p = r
    found = _job(p, job_id)
    if found is None:
        return _err(404, "not_found", "404 Job Not Found")
    _, _, j = found
    if j[2] != "manual":
        return _err(400, "not_playable", f"job is {j[2]}, not manual")
    j[2] = "running"
    return {"id": job_id, "name": j[1], "state": "running"}


def list_job_artifacts(token: str, project: str, job_id: int, state: State) -> list | dict:
    """A job's artifact files as rows [path, size_bytes, expires_on]."""
    r = _auth(state, token, project)
    if isinstance(r, dict):
        return r
    _, p = r
    if _job(p, job_id) is None:
        return _err(404, "not_found", "404 Job Not Found")
    return [list(a) for a in p["artifacts"].get(job_id, [])]


def get_artifact_download_url(token: str, project: str, job_id: int, artifact_path: str,
                              state: State) -> str | dict:
    """A signed URL (valid one hour) for one artifact file of a job."""
    r = _auth(state, token, project)
    if isinstance(r, dict):
        return r
    _, p = r
    files = [a[0] for a in p["artifacts"].get(job_id, [])]
    if _job(p, job_id) is None or artifact_path not in files:
        return _err(404, "not_found", "404 Artifact Not Found")
    return f"https://cistern.example/acme/-/jobs/{job_id}/artifacts/raw/{artifact_path}?sig=9f2c&expires=1764240000"


def keep_artifacts(token: str, project: str, job_id: int, state: State) -> dict:
    """Keep a job's artifacts past their expiry date."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    _, p = r
    if _job(p, job_id) is None or not p["artifacts"].get(job_id):
        return _err(404, "not_found", "404 Job has no artifacts")
    if job_id in p["kept"]:
        return _err(409, "conflict", "artifacts are already kept")
    p["kept"].append(job_id)
    return {"id": job_id, "artifacts_expire_at": None}


# ----------------------------------------------------------------------------- variables

def list_variables(token: str, project: str, state: State) -> list | dict:
    """CI/CD variables as rows [key, masked, protected, environment_scope] (values are not shown)."""
    r = _auth(state, token, project, write=True, level="maintainer")
    if isinstance(r, dict):
        return r
    _, p = r
    return [[k, v["masked"], v["protected"], v["scope"]] for k, v in p["variables"].items()]


def set_variable(token: str, project: str, key: str, value: str, masked: bool, protected: bool,
                 environment_scope: str = "*", state: State = None) -> dict:
    """Create or update a CI/CD variable, optionally scoped to one environment (sudo mode)."""
    r = _auth(state, token, project, write=True, level="maintainer", sudo=True)
    if isinstance(r, dict):
        return r
    _, p = r
    if not re.fullmatch(r"[A-Z][A-Z0-9_]*", key):
        return _err(400, "invalid_key", "key must be UPPER_SNAKE_CASE")
    if environment_scope != "*" and environment_scope not in [e["name"] for e in p["environments"]]:
        return _err(400, "invalid_scope", f"no environment named {environment_scope!r}")
    if masked and len(value) < 8:
        return _err(400, "invalid_value", "masked values need at least 8 characters")
    new = {"value": value, "masked": masked, "protected": protected, "scope": environment_scope}
    if p["variables"].get(key) == new:
        return _err(409, "conflict", f"{key} already has this value and settings")
    p["variables"][key] = new
    return {"key": key, "masked": masked, "protected": protected, "environment_scope": environment_scope}


def delete_variable(token: str, project: str, key: str, state: State) -> dict:
    """Delete a CI/CD variable (sudo mode)."""
    r = _auth(state, token, project, write=True, level="maintainer", sudo=True)
    if isinstance(r, dict):
        return r
    _, p = r
    if key not in p["variables"]:
        return _err(404, "not_found", "404 Variable Not Found")
    del p["variables"][key]
    return {"deleted": key}


# ----------------------------------------------------------------------------- runners

def list_runners(token: str, tag: Optional[str] = None, paused: Optional[bool] = None,
                 state: State = None) -> list | dict:
    """Runners as rows [runner_id, description, tags, paused, projects]."""
    r = _auth(state, token)
    if isinstance(r, dict):
        return r
    return [[rid, x["description"], x["tags"], x["paused"], x["projects"]] for rid, x in state.runners.items()
            if (tag is None or tag in x["tags"]) and (paused is None or x["paused"] == paused)]


def create_runner_registration_token(token: str, project: str, state: State) -> str | dict:
    """A one-time token for registering a new runner to a project (admin_runners scope, sudo mode)."""
    r = _auth(state, token, project, write=True, level="maintainer", scope="admin_runners", sudo=True)
    if isinstance(r, dict):
        return r
    n = _next(state, "reg")
    reg = f"GR1348941{n:02d}kq7ZsW"
    state.registration_tokens[reg] = project.strip()
    return reg


def register_runner(registration_token: str, description: str, tags: list[str], executor: Executor,
                    state: State) -> dict:
    """Register a runner with a registration token (what `cistern-runner register` calls)."""
    project = state.registration_tokens.pop(registration_token, None)
    if project is None:
        return _err(403, "invalid_registration_token", "403 Forbidden: registration token is invalid or used")
    rid = _next(state, "runner")
    state.runners[rid] = {"description": description, "tags": list(tags), "paused": False, "projects": [project],
                          "executor": executor}
    return {"runner": {"id": rid, "token": f"glrt-{rid}x88Qp", "description": description}}


def pause_runner(token: str, runner_id: int, state: State) -> dict:
    """Pause a runner so it picks up no new jobs."""
    r = _auth(state, token, write=True)
    if isinstance(r, dict):
        return r
    x = state.runners.get(runner_id)
    if x is None:
        return _err(404, "not_found", "404 Runner Not Found")
    if x["paused"]:
        return _err(409, "conflict", "runner is already paused")
    x["paused"] = True
    return {"id": runner_id, "paused": True}


def enable_runner_for_project(token: str, project: str, runner_id: int, state: State) -> dict:
    """Let one more project use an existing runner."""
    r = _auth(state, token, project, write=True, level="maintainer")
    if isinstance(r, dict):
        return r
    x = state.runners.get(runner_id)
    if x is None:
        return _err(404, "not_found", "404 Runner Not Found")
    path = project.strip()
    if path in x["projects"]:
        return _err(409, "conflict", "runner is already enabled for this project")
    x["projects"].append(path)
    return {"id": runner_id, "projects": x["projects"]}


# ----------------------------------------------------------------------------- environments and deployments

def list_environments(token: str, project: str, state: State) -> dict:
    """A project's environments."""
    r = _auth(state, token, project)
    if isinstance(r, dict):
        return r
    _, p = r
    return {"environments": [dict(e) for e in p["environments"]]}


def list_deployments(token: str, project: str, environment: str, state: State) -> list | dict:
    """Deployments to one environment, newest first, as rows [deployment_id, pipeline_id, sha, state, created_at]."""
    r = _auth(state, token, project)
    if isinstance(r, dict):
        return r
    _, p = r
    if environment not in [e["name"] for e in p["environments"]]:
        return _err(404, "not_found", "404 Environment Not Found")
    rows = [[d, x["pipeline"], x["sha"], x["state"], x["created_at"]] for d, x in p["deployments"].items()
            if x["environment"] == environment]
    return sorted(rows, key=lambda row: row[4], reverse=True)


def create_deployment(token: str, project: str, environment: str, pipeline_id: int, state: State) -> dict:
    """Deploy a successful pipeline's commit to an environment; protected environments wait for an approval."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    _, p = r
    env = next((e for e in p["environments"] if e["name"] == environment), None)
    if env is None:
        return _err(404, "not_found", "404 Environment Not Found")
    pl = p["pipelines"].get(pipeline_id)
    if pl is None:
        return _err(404, "not_found", "404 Pipeline Not Found")
    if pl["state"] != "success":
        return _err(400, "pipeline_not_successful", f"pipeline {pipeline_id} is {pl['state']}")
    d = _next(state, "deployment")
    st = "blocked" if env["protected"] else "success"
    p["deployments"][d] = {"environment": environment, "pipeline": pipeline_id, "sha": pl["sha"], "state": st,
                           "created_at": NOW, "approvals": []}
    return {"deployment": {"id": d, "environment": environment, "sha": pl["sha"], "state": st}}


def approve_deployment(token: str, project: str, deployment_id: int, comment: str, state: State) -> dict:
    """Approve a deployment that waits for approval on a protected environment (maintainers)."""
    r = _auth(state, token, project, write=True, level="maintainer")
    if isinstance(r, dict):
        return r
    t, p = r
    d = p["deployments"].get(deployment_id)
    if d is None:
        return _err(404, "not_found", "404 Deployment Not Found")
    if d["state"] != "blocked":
        return _err(400, "not_blocked", f"deployment is {d['state']}, not waiting for approval")
    d["approvals"].append({"user": t["user"], "comment": comment})
    d["state"] = "success"
    return {"deployment": {"id": deployment_id, "state": "success"}, "approved_by": state.users[t["user"]]["username"]}


def rollback_deployment(token: str, project: str, environment: str, deployment_id: int, state: State) -> dict:
    """Redeploy an earlier successful deployment of an environment (not the current one)."""
    r = _auth(state, token, project, write=True, level="maintainer")
    if isinstance(r, dict):
        return r
    _, p = r
    d = p["deployments"].get(deployment_id)
    if d is None or d["environment"] != environment:
        return _err(404, "not_found", "404 Deployment Not Found in this environment")
    if d["state"] != "success":
        return _err(400, "invalid_target", "only successful deployments can be redeployed")
    done = sorted((x["created_at"], k) for k, x in p["deployments"].items()
                  if x["environment"] == environment and x["state"] == "success")
    if done and done[-1][1] == deployment_id:
        return _err(409, "conflict", "that deployment is already the current one")
    n = _next(state, "deployment")
    p["deployments"][n] = {"environment": environment, "pipeline": d["pipeline"], "sha": d["sha"], "state": "success",
                           "created_at": NOW, "approvals": [], "rollback_of": deployment_id}
    return {"deployment": {"id": n, "environment": environment, "sha": d["sha"], "state": "success"}}


# ----------------------------------------------------------------------------- schedules

_DAYS = {"monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6, "sunday": 0}


def cron_from_text(text: str) -> str | dict:
    """Turn a schedule said in words ("every weekday at 02:30", "every sunday at 23:00", "every day at 6am",
    "every 15 minutes") into a cron line."""
    s = text.strip().lower()
    m = re.fullmatch(r"every (\d+) minutes", s)
    if m:
        return f"*/{int(m.group(1))} * * * *"
    m = re.fullmatch(r"every (day|weekday|monday|tuesday|wednesday|thursday|friday|saturday|sunday) at "
                     r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?", s)
    if not m:
        return _err(400, "unparsed", "could not read a schedule from that text")
    hour, minute = int(m.group(2)), int(m.group(3) or 0)
    if m.group(4) == "pm" and hour < 12:
        hour += 12
    if m.group(4) == "am" and hour == 12:
        hour = 0
    dow = {"day": "*", "weekday": "1-5"}.get(m.group(1), str(_DAYS.get(m.group(1))))
    return f"{minute} {hour} * * {dow}"


def _valid_cron(cron: str) -> bool:
    parts = cron.split()
    return len(parts) == 5 and all(re.fullmatch(r"[\d*,/-]+", x) for x in parts)


def create_schedule(token: str, project: str, description: str, cron: str, ref: str, cron_timezone: str = "UTC",
                    state: State = None) -> int | dict:
    """Create a pipeline schedule (active) owned by the token's user. Returns the schedule id."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    t, p = r
    if not _valid_cron(cron):
        return _err(400, "invalid_cron", "cron must have five fields")
    if cron_timezone not in _TIMEZONES:
        return _err(400, "invalid_timezone", f"unsupported time zone; use one of {sorted(_TIMEZONES)}")
    if ref not in p["branches"]:
        return _err(400, "invalid_ref", f"Reference not found: {ref}")
    sid = _next(state, "schedule")
    p["schedules"][sid] = {"description": description, "cron": cron, "ref": ref, "timezone": cron_timezone,
                           "active": True, "owner": t["user"]}
    return sid


def list_schedules(token: str, project: str, state: State) -> list | dict:
    """Pipeline schedules as rows [schedule_id, description, cron, ref, active, owner_username]."""
    r = _auth(state, token, project)
    if isinstance(r, dict):
        return r
    _, p = r
    return [[k, s["description"], s["cron"], s["ref"], s["active"], state.users[s["owner"]]["username"]]
            for k, s in p["schedules"].items()]


def set_schedule_active(token: str, project: str, schedule_id: int, active: bool, state: State) -> dict:
    """Activate or deactivate a pipeline schedule."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    _, p = r
    s = p["schedules"].get(schedule_id)
    if s is None:
        return _err(404, "not_found", "404 Schedule Not Found")
    if s["active"] == bool(active):
        return _err(409, "conflict", f"schedule is already {'active' if active else 'inactive'}")
    s["active"] = bool(active)
    return {"id": schedule_id, "active": s["active"]}


def run_schedule_now(token: str, project: str, schedule_id: int, state: State) -> int | dict:
    """Run an active schedule's pipeline now. Returns the new pipeline id."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    _, p = r
    s = p["schedules"].get(schedule_id)
    if s is None:
        return _err(404, "not_found", "404 Schedule Not Found")
    if not s["active"]:
        return _err(400, "schedule_inactive", "the schedule is inactive; activate it first")
    pid = _next(state, "pipeline")
    j = _next(state, "job")
    p["pipelines"][pid] = _pipeline(s["ref"], p["branches"][s["ref"]]["sha"], "running",
                                    [("build", [[j, "compile", "running"]])], source="schedule", created=NOW)
    return pid


# ----------------------------------------------------------------------------- merge requests

def create_merge_request(token: str, project: str, source_branch: str, target_branch: str, title: str,
                         description: str = "", state: State = None) -> dict:
    """Open a merge request from an existing branch."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    t, p = r
    if source_branch not in p["branches"] or target_branch not in p["branches"]:
        return _err(400, "invalid_branch", "source or target branch does not exist")
    if source_branch == target_branch:
        return _err(400, "invalid_branch", "source and target are the same branch")
    if any(m["source"] == source_branch and m["state"] == "opened" for m in p["merge_requests"].values()):
        return _err(409, "conflict", "another open merge request already exists for this source branch")
    iid = _next(state, "mr")
    p["merge_requests"][iid] = {"title": title, "source": source_branch, "target": target_branch,
                                "author": t["user"], "state": "opened", "approvals": [], "description": description}
    return {"merge_request": {"iid": iid, "title": title, "source_branch": source_branch,
                              "web_url": f"https://cistern.example/{project.strip()}/-/merge_requests/{iid}"}}


def list_merge_requests(token: str, project: str, mr_state: Optional[str] = "opened",
                        state: State = None) -> list | dict:
    """Merge requests as rows [iid, title, source_branch, author_username, mr_state]."""
    r = _auth(state, token, project)
    if isinstance(r, dict):
        return r
    _, p = r
    return [[iid, m["title"], m["source"], state.users[m["author"]]["username"], m["state"]]
            for iid, m in p["merge_requests"].items() if mr_state is None or m["state"] == mr_state]


def _head_pipeline(p: dict, sha: str):
    ids = [k for k, pl in p["pipelines"].items() if pl["sha"] == sha]
    return max(ids) if ids else None


def get_merge_request(token: str, project: str, mr_iid: int, state: State) -> dict:
    """One merge request with its head commit sha, head pipeline and approvals."""
    r = _auth(state, token, project)
    if isinstance(r, dict):
        return r
    _, p = r
    m = p["merge_requests"].get(mr_iid)
    if m is None:
        return _err(404, "not_found", "404 Merge Request Not Found")
    sha = p["branches"][m["source"]]["sha"]
    hp = _head_pipeline(p, sha)
    return {"iid": mr_iid, "title": m["title"], "mr_state": m["state"], "source_branch": m["source"],
            "target_branch": m["target"], "author": state.users[m["author"]]["username"], "sha": sha,
            "head_pipeline": None if hp is None else {"id": hp, "state": p["pipelines"][hp]["state"]},
            "approvals": {"required": 1, "approved_by": [state.users[u]["username"] for u in m["approvals"]]}}


def approve_merge_request(token: str, project: str, mr_iid: int, state: State) -> dict:
    """Approve a merge request (not your own)."""
    r = _auth(state, token, project, write=True)
    if isinstance(r, dict):
        return r
    t, p = r
    m = p["merge_requests"].get(mr_iid)
    if m is None:
        return _err(404, "not_found", "404 Merge Request Not Found")
    if m["author"] == t["user"]:
        return _err(403, "forbidden", "authors cannot approve their own merge request")
    if t["user"] in m["approvals"]:
        return _err(409, "conflict", "you have already approved this merge request")
    m["approvals"].append(t["user"])
    return {"iid": mr_iid, "approved": True, "approved_by": [state.users[u]["username"] for u in m["approvals"]]}


def merge_merge_request(token: str, project: str, mr_iid: int, sha: str, state: State) -> dict:
    """Merge an approved merge request whose head pipeline succeeded; ``sha`` must be the current head commit."""
    r = _auth(state, token, project, write=True, level="maintainer")
    if isinstance(r, dict):
        return r
    _, p = r
    m = p["merge_requests"].get(mr_iid)
    if m is None:
        return _err(404, "not_found", "404 Merge Request Not Found")
    if m["state"] != "opened":
        return _err(405, "not_mergeable", f"merge request is {m['state']}")
    head = p["branches"][m["source"]]["sha"]
    if sha != head:
        return _err(409, "sha_mismatch", "SHA does not match HEAD of source branch")
    if not m["approvals"]:
        return _err(405, "not_approved", "merge request needs 1 approval")
    hp = _head_pipeline(p, head)
    if hp is None or p["pipelines"][hp]["state"] != "success":
        return _err(405, "pipeline_not_successful", "the head pipeline must succeed before merging")
    m["state"] = "merged"
    p["branches"][m["target"]]["sha"] = head
    return {"iid": mr_iid, "mr_state": "merged", "merge_commit_sha": head}


# ----------------------------------------------------------------------------- members

def find_user(token: str, query: str, state: State) -> list | dict:
    """Users whose username or name matches, as rows [user_id, username, name, state]."""
    r = _auth(state, token)
    if isinstance(r, dict):
        return r
    q = query.strip().lower()
    return [[uid, u["username"], u["name"], u["state"]] for uid, u in state.users.items()
            if q in u["username"] or q in u["name"].lower()]


def add_project_member(token: str, project: str, user_id: int, access_level: AccessLevel, state: State) -> dict:
    """Add a user to a project or change their access level (maintainers, sudo mode)."""
    r = _auth(state, token, project, write=True, level="maintainer", sudo=True)
    if isinstance(r, dict):
        return r
    _, p = r
    if user_id not in state.users:
        return _err(404, "not_found", "404 User Not Found")
    if p["members"].get(user_id) == access_level:
        return _err(409, "conflict", f"member already has {access_level} access")
    p["members"][user_id] = access_level
    return {"id": user_id, "username": state.users[user_id]["username"], "access_level": access_level}


TOOLS = [
    create_personal_access_token, enable_sudo, whoami,
    list_projects, list_branches, create_branch, protect_branch,
    trigger_pipeline, list_pipelines, get_pipeline, cancel_pipeline,
    get_job_log, retry_job, play_manual_job, list_job_artifacts, get_artifact_download_url, keep_artifacts,
    list_variables, set_variable, delete_variable,
    list_runners, create_runner_registration_token, register_runner, pause_runner, enable_runner_for_project,
    list_environments, list_deployments, create_deployment, approve_deployment, rollback_deployment,
    cron_from_text, create_schedule, list_schedules, set_schedule_active, run_schedule_now,
    create_merge_request, list_merge_requests, get_merge_request, approve_merge_request, merge_merge_request,
    find_user, add_project_member,
]

FIXTURES = {
    "maintainer": {"username": "dana.kowal", "password": "Rhubarb&Custard42"},
    "developer": {"username": "olu.adeyemi", "password": "lagos-Harmattan-7"},
    "projects": ["acme/storefront", "acme/payments-api", "acme/docs"],
    "new_teammate": "Rafael Souza",
    "hotfix_branch": "hotfix/tax-rounding",
    "nightly_wish": "every weekday at 02:30",
    "new_secret": {"key": "SEGMENT_WRITE_KEY", "value": "wk_prod_8f2Kq1xZ", "environment": "production"},
}

_TOKEN = "create_personal_access_token"
_AUTHED = [t.__name__ for t in TOOLS if t.__name__ not in (_TOKEN, "register_runner", "cron_from_text")]
_PIPE = "trigger_pipeline|list_pipelines"

GROUND_TRUTH = (
    [(_TOKEN, c, "auth: personal access token (a bare string)") for c in _AUTHED]
    + [("enable_sudo", c, "auth: sudo mode on the token")
       for c in ("set_variable", "delete_variable", "create_runner_registration_token", "add_project_member")]
    + [("create_runner_registration_token", "register_runner", "auth: one-time runner registration token (bare)")]
    + [("trigger_pipeline|list_pipelines|run_schedule_now|get_merge_request", "get_pipeline",
        "id lookup/create: pipeline id (bare id, row cell, or head_pipeline.id)")]
    + [(_PIPE, "cancel_pipeline", "id lookup/create: pipeline id of a running pipeline")]
    + [("list_pipelines", "create_deployment", "id lookup: pipeline id of a successful pipeline (row cell)")]
    + [("get_pipeline", c, "id lookup: job id (stages[i][1][j][0])")
       for c in ("get_job_log", "retry_job", "play_manual_job", "list_job_artifacts", "get_artifact_download_url",
                 "keep_artifacts")]
    + [("list_job_artifacts", "get_artifact_download_url", "id lookup: artifact path (row cell)")]
    + [("list_variables", "delete_variable", "id lookup: variable key (row cell)")]
    + [("list_runners|register_runner", c, "id lookup/create: runner id (row cell or runner.id)")
       for c in ("pause_runner", "enable_runner_for_project")]
    + [("list_environments", c, "vocabulary: environment names (environments[].name)")
       for c in ("set_variable", "create_deployment", "list_deployments", "rollback_deployment")]
    + [("create_deployment|list_deployments", "approve_deployment",
        "id lookup/create: deployment id waiting for approval (deployment.id or row cell)")]
    + [("list_deployments", "rollback_deployment", "id lookup: an earlier successful deployment id (row cell)")]
    + [("create_schedule|list_schedules", c, "id lookup/create: schedule id (bare id or row cell)")
       for c in ("set_schedule_active", "run_schedule_now")]
    + [("create_merge_request|list_merge_requests", c, "id lookup/create: merge request iid (merge_request.iid or "
        "row cell)") for c in ("get_merge_request", "approve_merge_request", "merge_merge_request")]
    + [("find_user", "add_project_member", "id lookup: user id (row cell)")]
    + [
        ("cron_from_text", "create_schedule", "format: a five-field cron line (bare string)"),
        ("get_merge_request", "merge_merge_request", "value: sha is the source branch's head commit"),
        ("create_branch", "create_merge_request", "state: the source branch must exist"),
        ("approve_merge_request", "merge_merge_request", "state: one approval is required"),
        ("retry_job", "merge_merge_request", "state: the head pipeline must succeed (a failed job is retried)"),
        ("set_schedule_active", "run_schedule_now", "state: only an active schedule runs"),
        ("create_deployment", "rollback_deployment",
         "state: the target must be an earlier deployment, not the current one"),
    ]
)

PLAUSIBLE = {
    ("whoami", "list_projects"), ("list_projects", "list_branches"), ("list_projects", "list_pipelines"),
    ("list_branches", "create_branch"), ("list_branches", "trigger_pipeline"), ("list_branches", "create_merge_request"),
    ("list_branches", "protect_branch"), ("list_branches", "merge_merge_request"),
    ("list_branches", "create_schedule"), ("trigger_pipeline", "create_deployment"),
    ("run_schedule_now", "cancel_pipeline"), ("get_pipeline", "create_deployment"),
    ("get_job_log", "retry_job"), ("retry_job", "get_pipeline"), ("list_variables", "set_variable"),
    ("list_environments", "approve_deployment"), ("list_runners", "create_runner_registration_token"),
    ("get_merge_request", "approve_merge_request"), ("list_merge_requests", "get_pipeline"),
    ("list_schedules", "create_schedule"), ("find_user", "whoami"), ("enable_sudo", "list_variables"),
    ("enable_sudo", "whoami"), ("create_deployment", "list_deployments"), ("approve_deployment", "rollback_deployment"),
    ("play_manual_job", "get_pipeline"), ("get_pipeline", "cancel_pipeline"),
}
