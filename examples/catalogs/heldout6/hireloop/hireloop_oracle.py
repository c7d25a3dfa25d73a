"""Scripted proofs that HireLoop's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the module's ``FAILURE``: a raised ``PermissionError`` or
``ValueError`` is a failure, and so is a returned ``{"status": "failed", ...}``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). The
session is state, not a value: dropping ``sign_in`` leaves the calls without one. Ids that a call
only returns inside a sentence are written literally (``REQ-0412``, ``APP-88131``, ``INT-5521``,
``OF-2207``, ``AR-3301``): each comes from its own sequence, so it is the same in every fresh state,
and none exists without the call. Bare and row replies are referenced (``"$add_candidate"``,
``"$find_applications.0.0"``, ``"$get_candidate.applications.REQ-0398.application_id"``).
"""

SI = ("sign_in", {"email": "priya.raman@northwind.example", "password": "Talent#2025"})
SI_DANA = ("sign_in", {"email": "dana.whitfield@northwind.example", "password": "Offer-Desk-77"}, "sign_in_dana")
EL = ("elevate", {"password": "Offer-Desk-77"})
ADMIN = [SI_DANA, EL]
NEW_REQ, NEW_APP, NEW_INT, OFFER, APPROVAL = "REQ-0412", "APP-88131", "INT-5521", "OF-2207", "AR-3301"

LD = ("list_departments", {})                               # ENG first
LU_HM = ("list_users", {"role": "hiring_manager"})           # 21 Omar Haddad first
LU_INT = ("list_users", {"role": "interviewer"})             # 31 Kenji Mori first
LU_HT = ("list_users", {"role": "head_of_talent"})           # 12 Dana Whitfield
OR = ("open_requisition", {"title": "Platform Engineer", "dept_code": "$list_departments.0.0", "location": "London",
                           "headcount": 1, "band": "B6", "hiring_manager_id": "$list_users.0.0"})
OPENED = [SI, LD, LU_HM, OR]
APPROVE_NEW = ("approve_requisition", {"requisition_id": NEW_REQ})
PUBLISH_NEW = ("publish_requisition", {"requisition_id": NEW_REQ, "boards": ["linkedin", "company_site"]})
POSTED = OPENED + ADMIN + [APPROVE_NEW, PUBLISH_NEW]


def fr(**filters) -> tuple:
    return ("find_requisitions", filters)


FOUND_REQ = "$find_requisitions.0.0"


def sc(query: str) -> tuple:
    return ("search_candidates", {"query": query})


C = "$search_candidates.0.0"
NEW_C = "$add_candidate"
AC = ("add_candidate", {"name": "Jonas Berg", "email": "jonas.berg@example.com", "phone": "+44 7700 900318",
                        "source": "referral", "resume_text": "Eight years of Python and Kubernetes at two fintechs."})


def consent(cid: str, purpose: str) -> tuple:
    return ("record_consent", {"candidate_id": cid, "purpose": purpose,
                               "evidence": "Ticked the box on the referral form, 10 June 2025"})


def apply(cid: str, req: str) -> tuple:
    return ("apply_to_requisition", {"candidate_id": cid, "requisition_id": req,
                                     "cover_note": "Referred by Omar; strong platform background"})


def gc(cid: str) -> tuple:
    return ("get_candidate", {"candidate_id": cid})


LT = ("list_tags", {})
LP = ("list_pools", {})
LET = ("list_email_templates", {"kind": "invite"})           # 41, first_name / role / slot


def tag(cid: str, tags: list) -> tuple:
    return ("tag_candidate", {"candidate_id": cid, "tags": tags})


def email(cid: str) -> tuple:
    return ("send_email", {"candidate_id": cid, "template_id": "$list_email_templates.0.0",
                           "merge": {"first_name": "Lena", "role": "Backend Engineer (Payments)",
                                     "slot": "Thursday 12 June, 3pm London time"}})


def pool(cids: list) -> tuple:
    return ("add_to_pool", {"pool_id": "$list_pools.0.pool_id", "candidate_ids": cids})


def note(cid: str) -> tuple:
    return ("add_note", {"candidate_id": cid, "text": "Prefers hybrid, two days in the office.",
                         "visibility": "hiring_team"})


def fa(**filters) -> tuple:
    return ("find_applications", filters)


FOUND_APP = "$find_applications.0.0"
GC_APP = "$get_candidate.applications.REQ-0398.application_id"   # Lena: APP-88102; Marcus: APP-88097
FA_TECH = fa(stage="tech_interview")      # APP-88102, Lena Fischer
FA_ONSITE = fa(stage="onsite")            # APP-88097, Marcus Lee (positive scorecard)
APPLIED = [SI, fr(status="open", dept_code="ENG"), sc("Das"), apply(C, FOUND_REQ)]   # APP-88131


def move(app: str, stage: str) -> tuple:
    return ("move_stage", {"application_id": app, "to_stage": stage})


def reject(app: str) -> tuple:
    return ("reject_application", {"application_id": app, "reason": "not_a_fit", "notify": True})


def interviews(app: str) -> tuple:
    return ("interviews_for", {"application_id": app})


TZ = ("to_utc", {"local_time": "2025-06-12 15:00", "timezone_name": "Europe/London"})


def schedule(app: str) -> tuple:
    return ("schedule_interview", {"application_id": app, "interviewer_ids": ["$list_users.0.0"],
                                   "start_utc": "$to_utc", "minutes": 60, "kind": "video"})


def scorecard(interview: str, req: str = "$find_applications.0.3") -> list:
    return [("scorecard_template", {"requisition_id": req}),
            ("submit_scorecard", {"interview_id": interview, "template_id": "$scorecard_template.template_id",
                                  "ratings": [3, 3, 4, 3], "recommendation": "yes",
                                  "notes": "Clear on idempotency and retries; good questions back."})]


def offer(app: str) -> tuple:
    return ("make_offer", {"application_id": app, "base_salary": 84000, "currency": "GBP", "start_date": "2025-08-04"})


ROA = ("request_offer_approval", {"offer_id": OFFER, "approver_id": "$list_users.0.0"})
DECIDE = ("approve_offer", {"approval_id": APPROVAL, "decision": "approve", "comment": "Within band, go ahead"})
SEND = ("send_offer", {"offer_id": OFFER, "message": "We are delighted to offer you the role."})
ANSWER = ("record_offer_response", {"offer_id": OFFER, "response": "accepted", "note": "Accepted by phone at 16:10"})


def agreed(app_steps: list, app: str) -> list:
    return app_steps + [offer(app), LU_HT, ROA, SI_DANA, DECIDE, SEND, ANSWER]


MARCUS = [SI, FA_ONSITE]
MARCUS_GC = [SI, sc("Lee"), gc(C)]
ACCEPTED = agreed(MARCUS, FOUND_APP)
LCP = ("list_check_packages", {"country": "GB"})


def check(app: str) -> tuple:
    return ("start_background_check", {"application_id": app, "package_code": "$list_check_packages.1.0"})


def hire(app: str) -> tuple:
    return ("hire", {"application_id": app, "start_date": "2025-08-04"})


SCHEDULED = [SI, FA_TECH, LU_INT, TZ, schedule(FOUND_APP)]   # INT-5521

PATHS = {
    "elevate": ADMIN,
    "list_users": [SI, LU_INT],
    "open_requisition": OPENED,
    "find_requisitions": [SI, fr(status="draft")],
    "approve_requisition": OPENED + ADMIN + [APPROVE_NEW],
    "publish_requisition": [SI, fr(status="approved"), ("publish_requisition", {"requisition_id": FOUND_REQ,
                                                                              "boards": ["linkedin"]})],
    "close_requisition": [SI, fr(status="open"), ("close_requisition", {"requisition_id": FOUND_REQ,
                                                                       "reason": "on_hold"})],
    "list_stages": [SI, fr(status="open"), ("list_stages", {"requisition_id": FOUND_REQ})],
    "scorecard_template": [SI, fr(status="open"), ("scorecard_template", {"requisition_id": FOUND_REQ})],
    "search_candidates": [SI, sc("Fischer")],
    "add_candidate": [SI, AC],
    "get_candidate": [SI, sc("Fischer"), gc(C)],
    "record_consent": [SI, sc("Fischer"), consent(C, "talent_pool")],
    "tag_candidate": [SI, sc("Fischer"), LT, tag(C, ["$list_tags.7"])],
    "merge_candidates": ADMIN + [sc("Fischer"), ("merge_candidates", {"keep_id": C,
                                                                       "duplicate_ids": ["$search_candidates.1.0"]})],
    "erase_candidate": ADMIN + [sc("Becker"), ("erase_candidate", {"candidate_id": C, "confirm_name": "Tom Becker"})],
    "apply_to_requisition": APPLIED,
    "find_applications": [SI, FA_TECH],
    "move_stage": [SI, FA_TECH, ("list_stages", {"requisition_id": "$find_applications.0.3"}),
                   move(FOUND_APP, "$list_stages.3")],
    "reject_application": [SI, fa(stage="applied"), reject(FOUND_APP)],
    "free_busy": [SI, LU_INT, ("free_busy", {"user_ids": ["$list_users.0.0", "$list_users.1.0"], "day": "2025-06-12"})],
    "schedule_interview": SCHEDULED,
    "interviews_for": [SI, FA_TECH, interviews(FOUND_APP)],
    "cancel_interview": SCHEDULED + [("cancel_interview", {"interview_id": NEW_INT, "reason": "Candidate is ill"})],
    "submit_scorecard": [SI, FA_TECH, interviews(FOUND_APP)] + scorecard("$interviews_for.0.0"),
    "make_offer": [SI, FA_TECH, interviews(FOUND_APP)] + scorecard("$interviews_for.0.0") + [offer(FOUND_APP)],
    "request_offer_approval": MARCUS + [offer(FOUND_APP), LU_HT, ROA],
    "approve_offer": MARCUS + [offer(FOUND_APP), LU_HT, ROA, SI_DANA, DECIDE],
    "send_offer": MARCUS + [offer(FOUND_APP), LU_HT, ROA, SI_DANA, DECIDE, SEND],
    "record_offer_response": ACCEPTED,
    "start_background_check": ACCEPTED + [LCP, check(FOUND_APP)],
    "hire": ACCEPTED + [hire(FOUND_APP)],
    "list_email_templates": [SI, LET],
    "send_email": [SI, sc("Fischer"), LET, email(C)],
    "list_pools": [SI, LP],
    "add_to_pool": [SI, sc("Lee"), LP, pool([C])],
    "add_note": [SI, sc("Fischer"), note(C)],
}

OVERRIDES = {
    ("open_requisition", "publish_requisition"): POSTED,
    ("approve_requisition", "publish_requisition"): POSTED,
    ("open_requisition", "close_requisition"): OPENED + [("close_requisition", {"requisition_id": NEW_REQ,
                                                                                 "reason": "cancelled"})],
    ("find_requisitions", "approve_requisition"): ADMIN + [fr(status="draft"),
                                                           ("approve_requisition", {"requisition_id": FOUND_REQ})],
    ("open_requisition", "apply_to_requisition"): POSTED + [sc("Das"), apply(C, NEW_REQ)],
    ("publish_requisition", "apply_to_requisition"): POSTED + [sc("Das"), apply(C, NEW_REQ)],
    ("open_requisition", "list_stages"): OPENED + [("list_stages", {"requisition_id": NEW_REQ})],
    ("open_requisition", "scorecard_template"): OPENED + [("scorecard_template", {"requisition_id": NEW_REQ})],
    ("add_candidate", "get_candidate"): [SI, AC, gc(NEW_C)],
    ("add_candidate", "record_consent"): [SI, AC, consent(NEW_C, "processing")],
    ("add_candidate", "tag_candidate"): [SI, AC, LT, tag(NEW_C, ["$list_tags.0"])],
    ("add_candidate", "apply_to_requisition"): [SI, fr(status="open", dept_code="ENG"), AC,
                                                consent(NEW_C, "processing"), apply(NEW_C, FOUND_REQ)],
    ("record_consent", "apply_to_requisition"): [SI, fr(status="open", dept_code="ENG"), AC,
                                                 consent(NEW_C, "processing"), apply(NEW_C, FOUND_REQ)],
    ("add_candidate", "send_email"): [SI, AC, LET, email(NEW_C)],
    ("add_candidate", "add_to_pool"): [SI, AC, consent(NEW_C, "talent_pool"), LP, pool([NEW_C])],
    ("record_consent", "add_to_pool"): [SI, sc("Fischer"), consent(C, "talent_pool"), LP, pool([C])],
    ("add_candidate", "add_note"): [SI, AC, note(NEW_C)],
    ("add_candidate", "erase_candidate"): ADMIN + [AC, ("erase_candidate", {"candidate_id": NEW_C,
                                                                            "confirm_name": "Jonas Berg"})],
    ("apply_to_requisition", "move_stage"): APPLIED + [move(NEW_APP, "recruiter_screen")],
    ("get_candidate", "move_stage"): [SI, sc("Fischer"), gc(C), move(GC_APP, "onsite")],
    ("apply_to_requisition", "reject_application"): APPLIED + [reject(NEW_APP)],
    ("get_candidate", "reject_application"): [SI, sc("Fischer"), gc(C), reject(GC_APP)],
    ("apply_to_requisition", "interviews_for"): APPLIED + [interviews(NEW_APP)],
    ("get_candidate", "interviews_for"): [SI, sc("Fischer"), gc(C), interviews(GC_APP)],
    ("apply_to_requisition", "schedule_interview"): APPLIED + [move(NEW_APP, "recruiter_screen"), LU_INT, TZ,
                                                               schedule(NEW_APP)],
    ("move_stage", "schedule_interview"): APPLIED + [move(NEW_APP, "recruiter_screen"), LU_INT, TZ, schedule(NEW_APP)],
    ("get_candidate", "schedule_interview"): [SI, sc("Fischer"), gc(C), LU_INT, TZ, schedule(GC_APP)],
    ("find_applications", "make_offer"): MARCUS + [offer(FOUND_APP)],
    ("get_candidate", "make_offer"): MARCUS_GC + [offer(GC_APP)],
    ("get_candidate", "start_background_check"): agreed(MARCUS_GC, GC_APP) + [LCP, check(GC_APP)],
    ("get_candidate", "hire"): agreed(MARCUS_GC, GC_APP) + [hire(GC_APP)],
    ("interviews_for", "cancel_interview"): [SI, FA_ONSITE, interviews(FOUND_APP),
                                             ("cancel_interview", {"interview_id": "$interviews_for.1.0",
                                                                   "reason": "Panel moved to next week"})],
    ("schedule_interview", "submit_scorecard"): SCHEDULED + scorecard(NEW_INT),
}


def _proofs() -> list:
    import hireloop_tools as m  # the catalog beside this file

    return [(p, c, OVERRIDES.get((p, c), PATHS[c])) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("free_busy", [SI, FA_TECH, LU_INT, ("free_busy", {"user_ids": ["$list_users.0.0"], "day": "2025-06-12"}), TZ,
                   schedule(FOUND_APP)]),
    ("get_candidate", [SI, sc("Fischer"), gc(C), note(C)]),
    ("list_departments", [SI, LD, fr(status="open"), ("close_requisition", {"requisition_id": FOUND_REQ,
                                                                             "reason": "on_hold"})]),
    ("interviews_for", [SI, FA_TECH, interviews(FOUND_APP), LU_INT, TZ, schedule(FOUND_APP)]),
    ("list_pools", [SI, sc("Fischer"), LP, LT, tag(C, ["$list_tags.7"])]),
    ("to_utc", [SI, TZ, FA_ONSITE, offer(FOUND_APP)]),
    ("list_stages", [SI, fa(stage="applied"), ("list_stages", {"requisition_id": "$find_applications.0.3"}),
                     reject(FOUND_APP)]),
]
