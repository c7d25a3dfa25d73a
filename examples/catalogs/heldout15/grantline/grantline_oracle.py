"""Scripted proofs that Grantline's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the runtime: a raised ``GrantlineError`` is a failure, and the
pydantic replies are read as the runtime's JSON).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Users
sign in by first name (``("sign_in", {...}, "mary")``) and pass their token as ``"$mary.token"``;
models are read by field (``"$start_application.application_id"``, ``"$make_award.award_id"``,
``"$get_programme.budget_categories.2"``), lists by index and field
(``"$list_applications.0.application_id"``, ``"$find_organisation.0.bank_accounts.0.bank_account_id"``,
``"$get_award.payments.1.payment_id"``). Each call whose output is read again is named. No id is
written literally: every id a proof uses is read from a reply.
"""

WHO = {
    "mary": ("m.okafor", "Polytunnel#27"), "dev": ("dev.sharma", "RopeADope-88"),
    "lucy": ("lwhite", "Brambles&Bees4"), "priya": ("priya.n", "Tidewell!Grants1"),
    "tom": ("tom.b", "ScoreCard-31"), "aisha": ("aisha.k", "Kettle&Kiln9"), "gareth": ("gdunn", "Ledger2027!"),
}


def sign(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def tok(who: str) -> str:
    return f"${who}.token"


MARY, DEV, LUCY, PRIYA, TOM, AISHA, GARETH = (tok(w) for w in ("mary", "dev", "lucy", "priya", "tom", "aisha",
                                                              "gareth"))
SPARK, CGF = "$list_programmes.1.code", "$list_programmes.0.code"
BRAMBLE = {"name": "Bramble Bank Bee Keepers", "org_type": "community_group", "postcode": "SG12 9JR",
           "contact_email": "brambles.bees@example.org"}
MARSH_BANK = {"account_name": "Marsh Lane Community Garden CIC", "sort_code": "20-45-77", "account_number": "63019852"}


# --------------------------------------------------------------------------- a new draft


def hives(upto: str, via: str = "register") -> list:
    """Lucy registers Bramble Bank Bee Keepers (or Mary uses Marsh Lane, ``via="find"``) and drafts a
    Small Sparks application, fills it in, budgets it, attaches the constitution and submits it."""
    if via == "register":
        steps = [sign("lucy"), ("list_programmes", {}),
                 ("register_organisation", {"token": LUCY, **BRAMBLE}, "org")]
        who, org, name = LUCY, "$org.org_id", "Lucy White"
    else:
        steps = [sign("mary"), ("list_programmes", {}), ("find_organisation", {"token": MARY, "name": "Marsh Lane"},
                                                         "org")]
        who, org, name = MARY, "$org.0.org_id", "Mary Okafor"
    if upto in ("update_organisation", "add_bank_details"):
        tail = {"update_organisation": ("update_organisation", {"token": who, "org_id": org,
                                                                 "phone": "01279 555 733"}),
                "add_bank_details": ("add_bank_details", {"token": who, "org_id": org,
                                                          **({"account_name": "Bramble Bank Bee Keepers",
                                                              "sort_code": "40-11-62", "account_number": "70215583"}
                                                             if via == "register" else MARSH_BANK)})}[upto]
        return steps + [tail]
    steps.append(("start_application", {"token": who, "programme_code": SPARK, "org_id": org,
                                        "project_title": "Hives for the Bramble Bank allotments"}))
    app = "$start_application.application_id"
    tail = {
        "start_application": [],
        "get_application": [("get_application", {"token": who, "application_id": app})],
        "withdraw_application": [("withdraw_application", {"token": who, "application_id": app,
                                                           "reason": "We found the hives second-hand."})],
        "send_message": [("send_message", {"token": who, "application_id": app, "subject": "Insurance question",
                                           "body": "Does our public liability insurance need to cover the hives?"})],
        "update_application": [("update_application", {"token": who, "application_id": app, "amount_requested": 1200.0})],
        "upload_attachment": [("upload_attachment", {"token": who, "application_id": app, "kind": "constitution",
                                                     "filename": "bramble_bank_constitution.pdf"})],
    }
    if upto in tail:
        return steps + tail[upto]
    steps += [
        ("update_application", {"token": who, "application_id": app,
                                "summary": "Two hives on the allotments, taught by an experienced keeper, with "
                                           "honey shared at the harvest supper.",
                                "amount_requested": 1200.0, "start_date": "2027-05-01", "end_date": "2027-10-31",
                                "beneficiaries": 30}),
        ("get_programme", {"programme_code": SPARK}),
        ("add_budget_line", {"token": who, "application_id": app, "category": "$get_programme.budget_categories.0",
                             "description": "Two hives, frames and a smoker", "amount": 900.0}, "line1"),
    ]
    if upto == "add_budget_line":
        return steps
    if upto == "remove_budget_line":
        return steps + [("remove_budget_line", {"token": who, "application_id": app, "line_no": "$line1.line_no"})]
    steps += [
        ("add_budget_line", {"token": who, "application_id": app, "category": "$get_programme.budget_categories.1",
                             "description": "Protective suits and gloves", "amount": 300.0}, "line2"),
        ("upload_attachment", {"token": who, "application_id": app, "kind": "constitution",
                               "filename": "bramble_bank_constitution.pdf"}),
        ("submit_application", {"token": who, "application_id": app, "declaration_name": name}),
    ]
    if upto == "submit_application":
        return steps
    steps += [sign("priya"), ("check_eligibility", {"token": PRIYA, "application_id": app})]
    if upto == "check_eligibility":
        return steps
    return steps + [("list_assessors", {"token": PRIYA, "programme_code": SPARK}),
                    ("assign_assessor", {"token": PRIYA, "application_id": app,
                                         "assessor_id": "$list_assessors.0.assessor_id"})]


def seed_library(upto: str) -> list:
    """Mary finishes and submits her draft 'Seed library and swap days' (Community Grants Fund)."""
    steps = [sign("mary"), ("list_applications", {"token": MARY, "status": "draft"})]
    app = "$list_applications.0.application_id"
    tail = {
        "get_application": [("get_application", {"token": MARY, "application_id": app})],
        "withdraw_application": [("withdraw_application", {"token": MARY, "application_id": app,
                                                           "reason": "We will apply to Small Sparks instead."})],
        "send_message": [("send_message", {"token": MARY, "application_id": app, "subject": "Budget question",
                                           "body": "Can seed packets count as materials or equipment?"})],
        "update_application": [("update_application", {"token": MARY, "application_id": app,
                                                       "amount_requested": 2400.0})],
        "upload_attachment": [("upload_attachment", {"token": MARY, "application_id": app, "kind": "annual_accounts",
                                                     "filename": "marsh_lane_accounts_2026.pdf"})],
        "add_budget_line": [("list_programmes", {}), ("get_programme", {"programme_code": CGF}),
                            ("add_budget_line", {"token": MARY, "application_id": app,
                                                 "category": "$get_programme.budget_categories.2",
                                                 "description": "Seed storage cabinet and packets", "amount": 1600.0})],
    }
    if upto in tail:
        return steps + tail[upto]
    return steps + [
        ("update_application", {"token": MARY, "application_id": app, "amount_requested": 2400.0,
                                "start_date": "2027-06-01", "end_date": "2028-05-31", "beneficiaries": 150}),
        ("list_programmes", {}), ("get_programme", {"programme_code": CGF}),
        ("add_budget_line", {"token": MARY, "application_id": app, "category": "$get_programme.budget_categories.2",
                             "description": "Seed storage cabinet and packets", "amount": 1600.0}),
        ("add_budget_line", {"token": MARY, "application_id": app, "category": "$get_programme.budget_categories.5",
                             "description": "Volunteer travel for swap days", "amount": 800.0}),
        ("upload_attachment", {"token": MARY, "application_id": app, "kind": "annual_accounts",
                               "filename": "marsh_lane_accounts_2026.pdf"}),
        ("submit_application", {"token": MARY, "application_id": app, "declaration_name": "Mary Okafor"}),
    ]


# --------------------------------------------------------------------------- assessment and panel


def ropes(upto: str) -> list:
    """Priya checks Stortside's 'Girls on the Ropes' and gives it to Tom, who scores it (or she declines it)."""
    steps = [sign("priya"), ("list_applications", {"token": PRIYA, "status": "submitted"})]
    app = "$list_applications.0.application_id"
    if upto == "decline_application":
        return steps + [("decline_application", {"token": PRIYA, "application_id": app, "reason_code": "OVERSUBSCRIBED",
                                                 "note": "A strong application; the fund is oversubscribed this round."})]
    steps.append(("check_eligibility", {"token": PRIYA, "application_id": app}))
    if upto == "check_eligibility":
        return steps
    steps += [("list_programmes", {}), ("list_assessors", {"token": PRIYA, "programme_code": CGF}),
              ("assign_assessor", {"token": PRIYA, "application_id": app,
                                   "assessor_id": "$list_assessors.0.assessor_id"})]
    if upto == "assign_assessor":
        return steps
    return steps + [sign("tom"), ("submit_assessment", {
        "token": TOM, "assignment_id": "$assign_assessor.assignment_id", "criterion_scores": [5, 4, 4, 4],
        "recommendation": "fund", "comments": "Real need for girls-only provision; coaches are experienced."})]


def cold_store(upto: str) -> list:
    """Aisha scores the Food Share's cold store; Priya puts it to the 25 March panel, records the
    approval and makes the award."""
    steps = [sign("priya"), ("list_applications", {"token": PRIYA, "status": "under_assessment"}),
             sign("aisha"), ("list_my_assignments", {"token": AISHA}),
             ("submit_assessment", {"token": AISHA, "assignment_id": "$list_my_assignments.0.assignment_id",
                                    "criterion_scores": [5, 4, 4, 3], "recommendation": "fund_with_conditions",
                                    "comments": "Strong need; ask for the electrician's certificate before payment."})]
    if upto == "submit_assessment":
        return steps
    app = "$list_applications.0.application_id"
    steps += [("list_programmes", {}), ("list_panels", {"token": PRIYA, "programme_code": CGF}),
              ("add_to_panel", {"token": PRIYA, "panel_id": "$list_panels.1.panel_id", "application_ids": [app]})]
    if upto == "add_to_panel":
        return steps
    steps.append(("record_panel_decision", {"token": PRIYA, "panel_id": "$list_panels.1.panel_id",
                                            "application_id": app, "decision": "approve",
                                            "minute": "Approved in full; electrical certificate before payment."}))
    if upto == "record_panel_decision":
        return steps
    return steps + [("make_award", {"token": PRIYA, "application_id": app,
                                    "conditions": ["Electrical installation certificate before first payment"]})]


# --------------------------------------------------------------------------- awards


def polytunnel(upto: str) -> list:
    """Priya runs due diligence on Marsh Lane and awards the approved polytunnel application; Mary
    accepts, adds the bank account, Gareth verifies it, Mary draws down and Gareth approves."""
    steps = [sign("priya"), ("list_applications", {"token": PRIYA, "status": "approved"}),
             ("find_organisation", {"token": PRIYA, "name": "Marsh Lane"}),
             ("run_due_diligence", {"token": PRIYA, "org_id": "$find_organisation.0.org_id"})]
    if upto == "run_due_diligence":
        return steps
    steps.append(("make_award", {"token": PRIYA, "application_id": "$list_applications.0.application_id",
                                 "conditions": ["Foundation logo on the polytunnel sign"]}))
    award = "$make_award.award_id"
    if upto == "make_award":
        return steps
    if upto == "get_award":
        return steps + [("get_award", {"token": PRIYA, "award_id": award})]
    steps += [sign("mary"), ("accept_award", {"token": MARY, "award_id": award, "signatory_name": "Mary Okafor",
                                              "signatory_role": "director"})]
    if upto == "accept_award":
        return steps
    tail = {
        "submit_report": [("submit_report", {"token": MARY, "award_id": award, "period": "interim",
                                             "narrative": "The polytunnel is up and the first raised beds are "
                                                          "planted by the Tuesday wheelchair group.",
                                             "spend_to_date": 3900.0, "people_reached": 40})],
        "request_variation": [("request_variation", {"token": MARY, "award_id": award,
                                                     "description": "Move 300 pounds from volunteer travel to "
                                                                    "raised-bed timber, which has gone up in price."})],
        "close_award": [("submit_report", {"token": MARY, "award_id": award, "period": "final",
                                           "narrative": "Everything in the plan was built; eighty-five growers use "
                                                        "the tunnel and the beds each week.",
                                           "spend_to_date": 6200.0, "people_reached": 85}),
                        ("approve_report", {"token": PRIYA, "report_id": "$submit_report.report_id"}),
                        ("close_award", {"token": PRIYA, "award_id": award})],
    }
    if upto in tail:
        return steps + tail[upto]
    steps += [("find_organisation", {"token": MARY, "name": "Marsh Lane"}, "mine"),
              ("add_bank_details", {"token": MARY, "org_id": "$mine.0.org_id", **MARSH_BANK}),
              sign("gareth"), ("verify_bank_details", {"token": GARETH,
                                                       "bank_account_id": "$add_bank_details.bank_account_id",
                                                       "confirmed_by_phone": True})]
    if upto == "verify_bank_details":
        return steps
    steps.append(("request_payment", {"token": MARY, "award_id": award,
                                      "bank_account_id": "$add_bank_details.bank_account_id", "amount": 3100.0}))
    if upto == "request_payment":
        return steps
    return steps + [("approve_payment", {"token": GARETH, "payment_id": "$request_payment.payment_id"})]


def ring_stories(upto: str) -> list:
    """Dev's Heritage Stories award (accepted, ended last month): a last draw-down, a variation, the
    final report, Priya's approval and closure; Gareth approves the pending payment."""
    if upto == "approve_payment":
        return [sign("gareth"), ("list_applications", {"token": GARETH, "status": "awarded"}),
                ("get_award", {"token": GARETH, "award_id": "$list_applications.0.award_id"}),
                ("approve_payment", {"token": GARETH, "payment_id": "$get_award.payments.1.payment_id"})]
    steps = [sign("dev"), ("list_applications", {"token": DEV, "status": "awarded"})]
    award = "$list_applications.0.award_id"
    tail = {
        "get_award": [("get_award", {"token": DEV, "award_id": award})],
        "request_payment": [("find_organisation", {"token": DEV, "name": "Stortside"}),
                            ("request_payment", {"token": DEV, "award_id": award, "amount": 800.0,
                                                 "bank_account_id": "$find_organisation.0.bank_accounts.0.bank_account_id"})],
        "request_variation": [("request_variation", {"token": DEV, "award_id": award, "new_end_date": "2027-05-31",
                                                     "description": "The booklet printer let us down; we need until "
                                                                    "the end of May to launch it."})],
        "decide_variation": [("request_variation", {"token": DEV, "award_id": award, "new_end_date": "2027-05-31",
                                                    "description": "The booklet printer let us down; we need until "
                                                                   "the end of May to launch it."}),
                             sign("priya"), ("decide_variation", {"token": PRIYA,
                                                                  "variation_id": "$request_variation.variation_id",
                                                                  "approve": True,
                                                                  "note": "Agreed: a short delay at no extra cost."})],
    }
    if upto in tail:
        return steps + tail[upto]
    steps.append(("submit_report", {"token": DEV, "award_id": award, "period": "final",
                                    "narrative": "Twelve founders recorded; the members edited the clips and the "
                                                 "launch evening filled the gym.",
                                    "spend_to_date": 3200.0, "people_reached": 44}))
    if upto == "submit_report":
        return steps
    steps += [sign("priya"), ("approve_report", {"token": PRIYA, "report_id": "$submit_report.report_id",
                                                 "feedback": "A lovely project; thank you."})]
    if upto == "approve_report":
        return steps
    return steps + [("close_award", {"token": PRIYA, "award_id": award})]


_BODY = [
    ("list_programmes", "start_application", hives("start_application")),
    ("list_programmes", "list_assessors", hives("assign_assessor")[:-1]),
    ("list_programmes", "list_panels", cold_store("add_to_panel")[:-1]),
    ("register_organisation", "start_application", hives("start_application")),
    ("find_organisation", "start_application", hives("start_application", via="find")),
    ("register_organisation", "update_organisation", hives("update_organisation")),
    ("find_organisation", "update_organisation", hives("update_organisation", via="find")),
    ("register_organisation", "add_bank_details", hives("add_bank_details")),
    ("find_organisation", "add_bank_details", hives("add_bank_details", via="find")),
    ("find_organisation", "run_due_diligence", polytunnel("run_due_diligence")),
]
for _c in ["update_application", "upload_attachment", "submit_application", "get_application",
           "withdraw_application", "send_message"]:
    _BODY.append(("start_application", _c, hives(_c)))
    _BODY.append(("list_applications", _c, seed_library(_c)))
_BODY += [
    ("start_application", "add_budget_line", hives("add_budget_line")),
    ("list_applications", "add_budget_line", seed_library("add_budget_line")),
    ("list_applications", "check_eligibility", ropes("check_eligibility")),
    ("list_applications", "assign_assessor", ropes("assign_assessor")),
    ("list_applications", "decline_application", ropes("decline_application")),
    ("list_applications", "add_to_panel", cold_store("add_to_panel")),
    ("list_applications", "record_panel_decision", cold_store("record_panel_decision")),
    ("list_applications", "make_award", polytunnel("make_award")),
    ("make_award", "get_award", polytunnel("get_award")),
    ("list_applications", "get_award", ring_stories("get_award")),
    ("make_award", "request_payment", polytunnel("request_payment")),
    ("list_applications", "request_payment", ring_stories("request_payment")),
    ("make_award", "submit_report", polytunnel("submit_report")),
    ("list_applications", "submit_report", ring_stories("submit_report")),
    ("make_award", "request_variation", polytunnel("request_variation")),
    ("list_applications", "request_variation", ring_stories("request_variation")),
    ("make_award", "close_award", polytunnel("close_award")),
    ("list_applications", "close_award", ring_stories("close_award")),
    ("get_programme", "add_budget_line", hives("add_budget_line")),
    ("add_budget_line", "remove_budget_line", hives("remove_budget_line")),
    ("get_application", "remove_budget_line", hives("add_budget_line") + [
        ("get_application", {"token": LUCY, "application_id": "$start_application.application_id"}),
        ("remove_budget_line", {"token": LUCY, "application_id": "$start_application.application_id",
                                "line_no": "$get_application.budget.0.line_no"})]),
    ("update_application", "submit_application", hives("submit_application")),
    ("add_budget_line", "submit_application", seed_library("submit_application")),
    ("upload_attachment", "submit_application", hives("submit_application")),
    ("submit_application", "check_eligibility", hives("check_eligibility")),
    ("check_eligibility", "assign_assessor", ropes("assign_assessor")),
    ("list_assessors", "assign_assessor", hives("assign_assessor")),
    ("assign_assessor", "submit_assessment", ropes("submit_assessment")),
    ("list_my_assignments", "submit_assessment", cold_store("submit_assessment")),
    ("submit_assessment", "add_to_panel", cold_store("add_to_panel")),
    ("list_panels", "add_to_panel", cold_store("add_to_panel")),
    ("list_panels", "record_panel_decision", cold_store("record_panel_decision")),
    ("add_to_panel", "record_panel_decision", cold_store("record_panel_decision")),
    ("record_panel_decision", "make_award", cold_store("make_award")),
    ("run_due_diligence", "make_award", polytunnel("make_award")),
    ("make_award", "accept_award", polytunnel("accept_award")),
    ("accept_award", "request_payment", polytunnel("request_payment")),
    ("add_bank_details", "verify_bank_details", polytunnel("verify_bank_details")),
    ("add_bank_details", "request_payment", polytunnel("request_payment")),
    ("find_organisation", "request_payment", ring_stories("request_payment")),
    ("verify_bank_details", "request_payment", polytunnel("request_payment")),
    ("request_payment", "approve_payment", polytunnel("approve_payment")),
    ("get_award", "approve_payment", ring_stories("approve_payment")),
    ("submit_report", "approve_report", ring_stories("approve_report")),
    ("get_award", "approve_report", ring_stories("submit_report") + [
        sign("priya"), ("get_award", {"token": PRIYA, "award_id": "$list_applications.0.award_id"}),
        ("approve_report", {"token": PRIYA, "report_id": "$get_award.reports.0"})]),
    ("approve_report", "close_award", ring_stories("close_award")),
    ("request_variation", "decide_variation", ring_stories("decide_variation")),
    ("get_award", "decide_variation", ring_stories("request_variation") + [
        sign("priya"), ("get_award", {"token": PRIYA, "award_id": "$list_applications.0.award_id"}),
        ("decide_variation", {"token": PRIYA, "variation_id": "$get_award.variations.0", "approve": False,
                              "note": "The final report was due in February; send it first."})]),
]

# calls that are only ever providers get a short proof of their own for the session
_READS = {
    "find_organisation": [sign("mary"), ("find_organisation", {"token": MARY, "name": "Marsh Lane"})],
    "list_applications": [sign("priya"), ("list_applications", {"token": PRIYA, "programme_code": "CGF-27"})],
    "list_assessors": [sign("priya"), ("list_assessors", {"token": PRIYA, "programme_code": "SPARK-27"})],
    "list_my_assignments": [sign("aisha"), ("list_my_assignments", {"token": AISHA})],
    "list_panels": [sign("priya"), ("list_panels", {"token": PRIYA, "programme_code": "CGF-27"})],
    "register_organisation": [sign("lucy"), ("register_organisation", {"token": LUCY, **BRAMBLE})],
}


def _auth_proofs() -> list:
    """A session proof for every signed-in call: the first path above that ends with it."""
    import grantline_tools as tools

    out = [("sign_in", "sign_out", [sign("mary"), ("sign_out", {"token": MARY})])]
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in" and consumer != "sign_out":
            steps = _READS.get(consumer) or next(s for _, c, s in _BODY if c == consumer)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the programme's guidance is worth reading, but a draft needs only the code from the list
    ("get_programme", hives("start_application")[:3] + [("get_programme", {"programme_code": SPARK})]
     + hives("start_application")[3:]),
    # an optional filter: a programme code from the list narrows the list, and a wrong one only empties it
    ("list_programmes", [sign("priya"), ("list_programmes", {}),
                         ("list_applications", {"token": PRIYA, "programme_code": CGF})]),
    # looking at the draft before submitting it changes nothing
    ("get_application", seed_library("submit_application")[:-1]
     + [("get_application", {"token": MARY, "application_id": "$list_applications.0.application_id"}),
        seed_library("submit_application")[-1]]),
    # the offer can be read first, but accepting needs only its id
    ("get_award", polytunnel("get_award") + polytunnel("accept_award")[-2:]),
    # the assessor pool is the officer's business, not the assessor's
    ("list_assessors", cold_store("submit_assessment")[:4]
     + [("list_programmes", {}), ("list_assessors", {"token": PRIYA, "programme_code": CGF}),
        cold_store("submit_assessment")[-1]]),
    # an officer may decline a submitted application without checking eligibility first
    ("check_eligibility", ropes("check_eligibility") + ropes("decline_application")[-1:]),
]
