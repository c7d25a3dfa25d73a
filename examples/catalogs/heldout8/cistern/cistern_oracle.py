"""Scripted proofs that Cistern's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a returned dict with an ``error`` key is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Bare
replies are referenced whole (``"$dana"`` is Dana's token, ``"$trigger_pipeline"`` a pipeline id),
rows by position (``"$list_pipelines.0.0"``) and nested stages by their cells
(``"$get_pipeline.stages.1.1.1.0"`` is the second job of the second stage). A consumer's path is
built once per choice of provider (``path(consumer, **choice)``).
"""

SF = "acme/storefront"
DANA = ("create_personal_access_token", {"username": "dana.kowal", "password": "Rhubarb&Custard42",
                                         "scopes": ["api", "admin_runners"], "name": "release laptop"}, "dana")
OLU = ("create_personal_access_token", {"username": "olu.adeyemi", "password": "lagos-Harmattan-7",
                                        "scopes": ["api"], "name": "review"}, "olu")
T = "$dana"
SUDO = ("enable_sudo", {"token": T, "password": "Rhubarb&Custard42"})
ENVS = ("list_environments", {"token": T, "project": SF})
PROD, STAGING = "$list_environments.environments.1.name", "$list_environments.environments.0.name"


def pipelines(ref: str) -> tuple:
    return ("list_pipelines", {"token": T, "project": SF, "ref": ref})


def pipeline(ref: str) -> list:
    """List a branch's pipelines and open the newest."""
    return [pipelines(ref), ("get_pipeline", {"token": T, "project": SF, "pipeline_id": "$list_pipelines.0.0"})]


JOB = {"compile": "$get_pipeline.stages.0.1.0.0", "deploy": "$get_pipeline.stages.2.1.0.0",
       "e2e": "$get_pipeline.stages.1.1.1.0"}


def mr(how: str) -> tuple[list, str]:
    """Steps that find (or open) a merge request and the reference to its iid."""
    if how == "create":
        return [("create_branch", {"token": T, "project": SF, "branch": "hotfix/tax-rounding", "ref": "main"}),
                ("create_merge_request", {"token": T, "project": SF, "source_branch": "hotfix/tax-rounding",
                                          "target_branch": "main", "title": "Fix tax rounding for EU carts",
                                          "description": "Rounds VAT per line instead of per cart (ticket SHOP-2291)."})], \
            "$create_merge_request.merge_request.iid"
    return [("list_merge_requests", {"token": T, "project": SF})], "$list_merge_requests.0.0"


def schedule(how: str) -> tuple[list, str]:
    if how == "create":
        return [("cron_from_text", {"text": "every weekday at 02:30"}),
                ("create_schedule", {"token": T, "project": SF, "description": "Nightly e2e (weekdays)",
                                     "cron": "$cron_from_text", "ref": "main", "cron_timezone": "Europe/Berlin"})], \
            "$create_schedule"
    return [("list_schedules", {"token": T, "project": SF})], "$list_schedules.0.0"


def runner(how: str) -> tuple[list, str]:
    if how == "register":
        return [SUDO, ("create_runner_registration_token", {"token": T, "project": SF}),
                ("register_runner", {"registration_token": "$create_runner_registration_token",
                                     "description": "arm64-docker-2", "tags": ["docker", "arm64"],
                                     "executor": "docker"})], "$register_runner.runner.id"
    return [("list_runners", {"token": T})], "$list_runners.{i}.0"


def path(c: str, pipe: str = "list", mr_how: str = "list", sched: str = "list", run: str = "list",
         dep: str = "list", activate: bool = True, fresh_deploy: bool = False) -> list:
    """The call path that ends with consumer ``c`` for one choice of providers."""
    steps = [DANA]
    if c in ("enable_sudo", "create_personal_access_token"):
        return steps + [SUDO]
    if c in ("whoami", "list_projects", "list_runners"):
        return steps + [(c, {"token": T})]
    if c in ("list_branches", "list_merge_requests", "list_schedules", "list_environments"):
        return steps + [(c, {"token": T, "project": SF})]
    if c == "list_pipelines":
        return steps + [pipelines("main")]
    if c == "create_branch":
        return steps + mr("create")[0][:1]
    if c == "protect_branch":
        return steps + [(c, {"token": T, "project": SF, "branch": "release/2026.11", "allowed_to_merge": "no_one"})]
    if c == "trigger_pipeline":
        return steps + [(c, {"token": T, "project": SF, "ref": "main",
                             "variables": [{"key": "DEPLOY_NOTES", "value": "rerun after CDN purge"}]})]
    if c == "get_pipeline":
        if pipe == "trigger":
            return path("trigger_pipeline") + [(c, {"token": T, "project": SF, "pipeline_id": "$trigger_pipeline"})]
        if pipe == "schedule":
            return path("run_schedule_now") + [(c, {"token": T, "project": SF, "pipeline_id": "$run_schedule_now"})]
        if pipe == "mr":
            return path("get_merge_request") + [(c, {"token": T, "project": SF,
                                                     "pipeline_id": "$get_merge_request.head_pipeline.id"})]
        return steps + pipeline("main")
    if c == "cancel_pipeline":
        if pipe == "trigger":
            return path("trigger_pipeline") + [(c, {"token": T, "project": SF, "pipeline_id": "$trigger_pipeline"})]
        return steps + [pipelines("release/2026.11"),
                        (c, {"token": T, "project": SF, "pipeline_id": "$list_pipelines.0.0"})]
    if c in ("get_job_log", "retry_job"):
        return steps + pipeline("feature/checkout-v2") + [(c, {"token": T, "project": SF, "job_id": JOB["e2e"]})]
    if c == "play_manual_job":
        return steps + pipeline("main") + [(c, {"token": T, "project": SF, "job_id": JOB["deploy"]})]
    if c in ("list_job_artifacts", "keep_artifacts"):
        return steps + pipeline("main") + [(c, {"token": T, "project": SF, "job_id": JOB["compile"]})]
    if c == "get_artifact_download_url":
        return path("list_job_artifacts") + [(c, {"token": T, "project": SF, "job_id": JOB["compile"],
                                                  "artifact_path": "$list_job_artifacts.0.0"})]
    if c == "list_variables":
        return steps + [(c, {"token": T, "project": SF})]
    if c == "set_variable":
        return steps + [SUDO, ENVS, (c, {"token": T, "project": SF, "key": "SEGMENT_WRITE_KEY",
                                         "value": "wk_prod_8f2Kq1xZ", "masked": True, "protected": True,
                                         "environment_scope": PROD})]
    if c == "delete_variable":
        return steps + [SUDO, ("list_variables", {"token": T, "project": SF}),
                        (c, {"token": T, "project": SF, "key": "$list_variables.2.0"})]
    if c == "create_runner_registration_token":
        return steps + runner("register")[0][:2]
    if c == "register_runner":
        return steps + runner("register")[0]
    if c in ("pause_runner", "enable_runner_for_project"):
        rs, rid = runner(run)
        if c == "pause_runner":
            return steps + rs + [(c, {"token": T, "runner_id": rid.format(i=0)})]
        project = "acme/payments-api" if run == "register" else SF
        return steps + rs + [(c, {"token": T, "project": project, "runner_id": rid.format(i=1)})]
    if c == "list_deployments":
        return steps + [ENVS, (c, {"token": T, "project": SF, "environment": PROD})]
    if c == "create_deployment":
        return steps + [ENVS, pipelines("main"), (c, {"token": T, "project": SF, "environment": PROD,
                                                      "pipeline_id": "$list_pipelines.0.0"})]
    if c == "approve_deployment":
        if dep == "create":
            steps, did = path("create_deployment"), "$create_deployment.deployment.id"
        else:
            steps, did = path("list_deployments"), "$list_deployments.0.0"
        return steps + [(c, {"token": T, "project": SF, "deployment_id": did,
                             "comment": "CAB approved in #release-2026-11; go."})]
    if c == "rollback_deployment":
        if fresh_deploy:  # a new staging deployment makes the earlier one a rollback target
            return steps + [ENVS, pipelines("main"), ("create_deployment", {
                "token": T, "project": SF, "environment": STAGING, "pipeline_id": "$list_pipelines.0.0"}),
                ("list_deployments", {"token": T, "project": SF, "environment": STAGING}),
                (c, {"token": T, "project": SF, "environment": STAGING, "deployment_id": "$list_deployments.1.0"})]
        return path("list_deployments") + [(c, {"token": T, "project": SF, "environment": PROD,
                                                "deployment_id": "$list_deployments.2.0"})]
    if c == "cron_from_text":
        return [(c, {"text": "every weekday at 02:30"})]
    if c == "create_schedule":
        return steps + schedule("create")[0]
    if c in ("set_schedule_active", "run_schedule_now"):
        ss, sid = schedule(sched)
        if c == "set_schedule_active":
            return steps + ss + [(c, {"token": T, "project": SF, "schedule_id": sid,
                                      "active": sched == "list"})]
        if sched == "list" and activate:
            ss = ss + [("set_schedule_active", {"token": T, "project": SF, "schedule_id": sid, "active": True})]
        return steps + ss + [(c, {"token": T, "project": SF, "schedule_id": sid})]
    if c == "create_merge_request":
        return steps + mr("create")[0]
    if c in ("get_merge_request", "approve_merge_request", "merge_merge_request"):
        ms, iid = mr(mr_how)
        steps = steps + ms
        if c == "get_merge_request":
            return steps + [(c, {"token": T, "project": SF, "mr_iid": iid})]
        if mr_how == "create":  # Dana's own merge request: Olu approves it
            steps += [OLU, ("approve_merge_request", {"token": "$olu", "project": SF, "mr_iid": iid})]
            if c == "approve_merge_request":
                return steps
            return steps + [("get_merge_request", {"token": T, "project": SF, "mr_iid": iid}),
                            (c, {"token": T, "project": SF, "mr_iid": iid, "sha": "$get_merge_request.sha"})]
        if c == "approve_merge_request":
            return steps + [(c, {"token": T, "project": SF, "mr_iid": iid})]
        return steps + [("get_merge_request", {"token": T, "project": SF, "mr_iid": iid}),
                        ("get_pipeline", {"token": T, "project": SF,
                                          "pipeline_id": "$get_merge_request.head_pipeline.id"}),
                        ("retry_job", {"token": T, "project": SF, "job_id": JOB["e2e"]}),
                        ("approve_merge_request", {"token": T, "project": SF, "mr_iid": iid}),
                        (c, {"token": T, "project": SF, "mr_iid": iid, "sha": "$get_merge_request.sha"})]
    if c == "find_user":
        return steps + [(c, {"token": T, "query": "Rafael"})]
    if c == "add_project_member":
        return steps + [SUDO, ("find_user", {"token": T, "query": "Rafael"}),
                        (c, {"token": T, "project": SF, "user_id": "$find_user.0.0", "access_level": "developer"})]
    raise KeyError(c)


CHOICE = {
    "trigger_pipeline": {"pipe": "trigger"}, "run_schedule_now": {"pipe": "schedule"},
    "get_merge_request": {"pipe": "mr"}, "create_merge_request": {"mr_how": "create"},
    "create_schedule": {"sched": "create"}, "register_runner": {"run": "register"},
    "create_deployment": {"dep": "create", "fresh_deploy": True},
}


def _proofs() -> list:
    import cistern_tools as m  # the catalog beside this file

    return [(p, c, path(c, **CHOICE.get(p, {}))) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("whoami", [DANA, ("whoami", {"token": T}), SUDO, ("list_variables", {"token": T, "project": SF}),
                ("delete_variable", {"token": T, "project": SF, "key": "$list_variables.2.0"})]),
    ("list_branches", [DANA, ("list_branches", {"token": T, "project": SF}), pipelines("main"),
                       ("get_pipeline", {"token": T, "project": SF, "pipeline_id": "$list_pipelines.0.0"})]),
    ("get_job_log", [DANA] + pipeline("feature/checkout-v2") + [
        ("get_job_log", {"token": T, "project": SF, "job_id": JOB["e2e"]}),
        ("retry_job", {"token": T, "project": SF, "job_id": JOB["e2e"]})]),
    ("list_projects", [DANA, ("list_projects", {"token": T}), ENVS,
                       ("list_deployments", {"token": T, "project": SF, "environment": PROD})]),
    ("list_variables", [DANA, SUDO, ("list_variables", {"token": T, "project": SF}), ENVS,
                        ("set_variable", {"token": T, "project": SF, "key": "SEGMENT_WRITE_KEY",
                                          "value": "wk_prod_8f2Kq1xZ", "masked": True, "protected": True,
                                          "environment_scope": PROD})]),
    ("play_manual_job", [DANA] + pipeline("main") + [
        ("play_manual_job", {"token": T, "project": SF, "job_id": JOB["deploy"]}), ENVS,
        ("create_deployment", {"token": T, "project": SF, "environment": PROD, "pipeline_id": "$list_pipelines.0.0"})]),
    ("list_runners", [DANA, ("list_runners", {"token": T}), SUDO,
                      ("create_runner_registration_token", {"token": T, "project": SF})]),
]
