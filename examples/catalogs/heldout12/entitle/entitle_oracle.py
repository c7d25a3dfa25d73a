"""Scripted proofs that Entitle's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a raised exception is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Officers
sign in by name (``("sign_in", {...}, "olu")``) and pass the bare token whole (``"$olu"``); dropping
``sign_in`` drops every sign-in of the path. Rows are referenced by position
(``"$find_claimant.rows.0.0"`` a claimant, ``"$find_claimant.rows.0.4.0.0"`` the first claim nested in
that claimant's row, ``"$list_claims.0.0"``, ``"$list_mailroom.items.1.0"``,
``"$list_sign_off_queue.0.0"``, ``"$get_claim.decisions.0.0"``, ``"$list_letter_templates.4.0"``) and
bare amounts whole (``"$calculate_entitlement"``, ``"$calculate_overpayment"``). References Entitle
only writes inside a sentence (claimant ``CL-41001``, claim ``CT-28-00801``, decision ``DN-88001``,
overpayment ``OP-3001``, reconsideration ``MR-6001``) are written literally: each comes from its own
counter, so it is the same in every fresh state, and none exists without its call.
"""

STAFF = {"olu": ("OA1042", "Ledger#Olu42"), "grace": ("GW2210", "Decide-Gw-2210"),
         "rhian": ("RB3318", "Rb!reconsider8"), "martin": ("MK0907", "Sup.Kowal.0907")}
WHO = {"ayesha": ("Khan", "Ayesha"), "peter": ("Doyle", "Peter"), "lena": ("Nowak", "Lena"),
       "joseph": ("Mensah", "Joseph"), "barbara": ("Okafor", "Barbara")}
NEW_CLAIMANT = "CL-41001"
NEW_CLAIM = "CT-28-00801"
NEW_DECISION = "DN-88001"
NEW_OVERPAYMENT = "OP-3001"
NEW_MR = "MR-6001"


def sign(who: str = "olu") -> tuple:
    staff_id, password = STAFF[who]
    return ("sign_in", {"staff_id": staff_id, "password": password}, who)


T = "$olu"


def find(who: str) -> tuple:
    surname, forename = WHO[who]
    return ("find_claimant", {"token": T, "surname": surname, "forename": forename})


def claimant(how: str, who: str) -> tuple:
    """Steps (after Olu's sign-in) that find or register a claimant, and the claimant reference."""
    if how == "register":
        return [("lookup_address", {"postcode": "AW1 9BD"}),
                ("register_claimant", {"token": T, "forename": "Dylan", "surname": "Pryce",
                                       "date_of_birth": "1990-07-21", "ni_number": "JZ 50 41 88 D",
                                       "address_line": "5 Canal Wharf", "postcode": "AW1 9BD"})], NEW_CLAIMANT
    return [find(who)], "$find_claimant.rows.0.0"


def claim(how: str, who: str = "ayesha") -> tuple:
    """Steps (after Olu's sign-in) that find a claim (nested in the claimant row, or listed) or open one."""
    if how == "open":
        return [find("ayesha"), ("open_claim", {"token": T, "claimant_ref": "$find_claimant.rows.0.0",
                                                "benefit": "council_tax_support", "claim_date": "2028-05-15"})], NEW_CLAIM
    if how == "find":
        return [find(who)], "$find_claimant.rows.0.4.0.0"
    return [find(who), ("list_claims", {"token": T, "claimant_ref": "$find_claimant.rows.0.0"})], "$list_claims.0.0"


def on_claimant(consumer: str, how: str) -> list:
    who = {"get_claimant": "lena", "update_contact": "ayesha", "set_bank_details": "joseph", "open_claim": "ayesha",
           "list_claims": "peter", "list_payments": "peter", "send_letter": "lena"}[consumer]
    steps, c = claimant(how, who)
    steps = [sign()] + steps
    args = {
        "get_claimant": {},
        "update_contact": {"phone": "07700 900247"} if how == "register" else {"phone": "07700 900735"},
        "set_bank_details": ({"sort_code": "09-01-28", "account_number": "40318852", "account_name": "D PRYCE"}
                             if how == "register" else
                             {"sort_code": "60-83-71", "account_number": "31926819", "account_name": "J MENSAH"}),
        "open_claim": ({"benefit": "housing_benefit", "claim_date": "2028-05-15", "eligible_rent": 120.0}
                       if how == "register" else {"benefit": "council_tax_support", "claim_date": "2028-05-15"}),
        "list_claims": {},
        "list_payments": {},
        "send_letter": {"template_code": "$list_letter_templates.4.0",
                        "extra_text": "Please bring your tenancy agreement to the Town Hall on 25 May."},
    }[consumer]
    if consumer == "send_letter":
        steps.append(("list_letter_templates", {"token": T}))
    return steps + [(consumer, dict(token=T, claimant_ref=c, **args))]


def on_claim(consumer: str, how: str, who: str = "ayesha") -> list:
    steps, c = claim(how, who)
    steps = [sign()] + steps
    args = {
        "get_claim": {},
        "add_household_member": {"name": "Samir Khan", "relationship": "child", "date_of_birth": "2019-05-02"},
        "declare_income": {"source": "earnings", "weekly_amount": 180.0},
        "declare_capital": {"amount": 2400.0},
        "request_evidence": {"evidence_types": ["council_tax_bill"] if how == "open" else ["bank_statements"],
                             "due_date": "2028-05-30"},
        "add_case_note": {"text": "Claimant phoned: payslips posted Thursday, asked about backdating."},
        "close_claim": {"reason": "duplicate" if how == "open" else "withdrawn"},
        "issue_payment": {},
        "suspend_award": {"reason": "Claimant reported starting work; income to be checked"},
        "reinstate_award": {},
        "report_change": {"change_type": "income_change", "effective_date": "2028-03-01",
                          "details": "Started part-time at Ashworth Garden Centre on 1 March",
                          "new_weekly_income": 267.0},
    }[consumer]
    return steps + [(consumer, dict(token=T, claim_ref=c, **args))]


def ayesha(upto: str, how: str = "find", backdate: bool = False) -> list:
    """Ayesha's housing benefit claim: her tenancy agreement and payslips linked from the mailroom and
    verified, income and capital declared, the entitlement calculated, then Grace's decision."""
    steps, c = claim(how, "ayesha")
    steps = [sign()] + steps + [("list_mailroom", {"token": T, "claimant_surname": "Khan"}),
                                ("link_document", {"token": T, "document_id": "$list_mailroom.items.0.0",
                                                   "claim_ref": c, "evidence_type": "tenancy_agreement"})]
    if upto == "link_document":
        return steps
    steps.append(("verify_evidence", {"token": T, "claim_ref": c, "evidence_type": "tenancy_agreement",
                                      "verified": True, "note": "Signed tenancy, rent 131.50 a week, matches"}))
    if upto == "verify_evidence":
        return steps
    steps += [("link_document", {"token": T, "document_id": "$list_mailroom.items.1.0", "claim_ref": c,
                                 "evidence_type": "payslips"}, "payslips"),
              ("verify_evidence", {"token": T, "claim_ref": c, "evidence_type": "payslips", "verified": True,
                                   "note": "Eight weekly payslips, average 180.00"}, "payslips_ok"),
              ("declare_income", {"token": T, "claim_ref": c, "source": "earnings", "weekly_amount": 180.0}),
              ("declare_capital", {"token": T, "claim_ref": c, "amount": 2400.0}),
              ("calculate_entitlement", {"token": T, "claim_ref": c})]
    if upto == "calculate_entitlement":
        return steps
    steps += [sign("grace"), ("make_decision", {
        "token": "$grace", "claim_ref": c, "outcome": "award", "weekly_amount": "$calculate_entitlement",
        "effective_from": "2028-04-03" if backdate else "2028-04-24",
        "reasons": "Eligible rent 131.50 less 65% of earnings above the disregard"
                   + ("; backdated three weeks for good cause (hospital stay)" if backdate else ""),
    })]
    if upto == "make_decision":
        return steps
    return steps + [sign("martin"), ("sign_off_decision", {"token": "$martin", "decision_ref": NEW_DECISION,
                                                           "note": "Hospital letter seen; backdating agreed"})]


def ayesha_bank_statements() -> list:
    steps, c = claim("find", "ayesha")
    return [sign()] + steps + [
        ("request_evidence", {"token": T, "claim_ref": c, "evidence_types": ["bank_statements"],
                              "due_date": "2028-05-30"}),
        ("list_mailroom", {"token": T, "claimant_surname": "Khan"}),
        ("link_document", {"token": T, "document_id": "$list_mailroom.items.2.0", "claim_ref": c,
                           "evidence_type": "bank_statements"})]


def joseph(upto: str, how: str = "find") -> list:
    """Martin signs off Joseph's award from the queue, Olu records his bank details and pays him."""
    steps = [sign("martin"), ("list_sign_off_queue", {"token": "$martin"})]
    if upto == "list_sign_off_queue":
        return steps
    steps.append(("sign_off_decision", {"token": "$martin", "decision_ref": "$list_sign_off_queue.0.0",
                                        "note": "Rent confirmed with Hollins Housing; under 150 cap"}))
    if upto == "sign_off_decision":
        return steps
    cl_steps, c = claim(how, "joseph")
    return steps + [sign()] + cl_steps + [
        ("set_bank_details", {"token": T, "claimant_ref": "$find_claimant.rows.0.0", "sort_code": "60-83-71",
                              "account_number": "31926819", "account_name": "J MENSAH"}),
        ("issue_payment", {"token": T, "claim_ref": c})]


def peter(upto: str, how: str = "find") -> list:
    """Peter's income change: reported, the overpayment calculated and raised, then recovered or written off."""
    steps = on_claim("report_change", how, "peter")
    c = steps[-1][1]["claim_ref"]
    if upto == "report_change":
        return steps
    steps.append(("calculate_overpayment", {"token": T, "claim_ref": c}))
    if upto == "calculate_overpayment":
        return steps
    steps.append(("raise_overpayment", {"token": T, "claim_ref": c, "amount": "$calculate_overpayment",
                                        "reason": "Earnings from Ashworth Garden Centre not reported until May"}))
    if upto == "raise_overpayment":
        return steps
    if upto == "set_recovery_plan":
        return steps + [("set_recovery_plan", {"token": T, "overpayment_ref": NEW_OVERPAYMENT,
                                               "weekly_deduction": 20.0})]
    return steps + [sign("martin"), ("write_off_overpayment", {
        "token": "$martin", "overpayment_ref": NEW_OVERPAYMENT,
        "reason": "Official error: change was reported by phone in March and not actioned"})]


def lena(upto: str) -> list:
    """Lena asks for her refusal to be looked at again; Rhian does not revise it; she appeals."""
    steps = [sign(), find("lena"), ("get_claim", {"token": T, "claim_ref": "$find_claimant.rows.0.4.0.0"})]
    if upto == "lodge_appeal_without_mr":
        return steps
    steps.append(("request_reconsideration", {"token": T, "decision_ref": "$get_claim.decisions.0.0",
                                              "grounds": "My hours were cut in March so my earnings are lower "
                                                         "than the council used",
                                              "received_date": "2028-05-14"}))
    if upto == "request_reconsideration":
        return steps
    steps += [sign("rhian"), ("record_reconsideration", {
        "token": "$rhian", "mr_ref": NEW_MR, "outcome": "not_revised",
        "notes": "Payslips show the reduced hours began in April, after the claim period"})]
    if upto == "record_reconsideration":
        return steps
    return steps + [("lodge_appeal", {"token": T, "decision_ref": "$get_claim.decisions.0.0",
                                      "grounds": "Earnings used were out of date; hours cut from March"})]


PROOFS = []


def prove(provider: str, steps: list) -> None:
    PROOFS.append((provider, steps[-1][0], steps))


# claimants found or registered
for _c in ("get_claimant", "update_contact", "set_bank_details", "open_claim", "list_claims", "list_payments",
           "send_letter"):
    prove("find_claimant", on_claimant(_c, "find"))
    prove("register_claimant", on_claimant(_c, "register"))
# claims found (nested in the claimant row), listed or opened
for _c in ("get_claim", "add_household_member", "declare_income", "declare_capital", "request_evidence",
           "add_case_note", "close_claim"):
    prove("find_claimant", on_claim(_c, "find"))
    prove("list_claims", on_claim(_c, "list"))
    prove("open_claim", on_claim(_c, "open"))
for _how, _p in (("find", "find_claimant"), ("list", "list_claims")):
    prove(_p, ayesha("link_document", _how))
    prove(_p, ayesha("verify_evidence", _how))
    prove(_p, ayesha("calculate_entitlement", _how))
    prove(_p, ayesha("make_decision", _how))
    prove(_p, joseph("issue_payment", _how))
    prove(_p, on_claim("suspend_award", _how, "peter"))
    prove(_p, on_claim("reinstate_award", _how, "barbara"))
    prove(_p, peter("report_change", _how))
    prove(_p, peter("calculate_overpayment", _how))
    prove(_p, peter("raise_overpayment", _how))
# evidence, calculation, decision and sign-off
prove("request_evidence", ayesha_bank_statements())
prove("list_mailroom", ayesha("link_document"))
prove("link_document", ayesha("verify_evidence"))
prove("verify_evidence", ayesha("calculate_entitlement"))
prove("declare_income", ayesha("calculate_entitlement"))
prove("declare_capital", ayesha("calculate_entitlement"))
prove("calculate_entitlement", ayesha("make_decision"))
prove("make_decision", ayesha("sign_off_decision", backdate=True))
prove("list_sign_off_queue", joseph("sign_off_decision"))
prove("sign_off_decision", joseph("issue_payment"))
prove("set_bank_details", joseph("issue_payment"))
# changes and overpayments
prove("report_change", peter("calculate_overpayment"))
prove("calculate_overpayment", peter("raise_overpayment"))
prove("raise_overpayment", peter("set_recovery_plan"))
prove("raise_overpayment", peter("write_off_overpayment"))
# reconsideration and appeal
prove("get_claim", lena("request_reconsideration"))
prove("get_claim", lena("lodge_appeal"))
prove("request_reconsideration", lena("record_reconsideration"))
prove("record_reconsideration", lena("lodge_appeal"))
# suspension and letters
_peter_suspend = on_claim("suspend_award", "find", "peter")
prove("suspend_award", _peter_suspend + [("reinstate_award", {"token": T, "claim_ref": "$find_claimant.rows.0.4.0.0"})])
prove("list_letter_templates", on_claimant("send_letter", "find"))
# the session token, for every call that takes one
_AUTH_PATHS = {
    "find_claimant": on_claimant("get_claimant", "find")[:2],
    "register_claimant": on_claimant("get_claimant", "register")[:3],
    "get_claimant": on_claimant("get_claimant", "find"),
    "update_contact": on_claimant("update_contact", "find"),
    "set_bank_details": on_claimant("set_bank_details", "find"),
    "open_claim": on_claimant("open_claim", "find"),
    "list_claims": on_claimant("list_claims", "find"),
    "get_claim": on_claim("get_claim", "find"),
    "add_household_member": on_claim("add_household_member", "find"),
    "declare_income": on_claim("declare_income", "find"),
    "declare_capital": on_claim("declare_capital", "find"),
    "request_evidence": on_claim("request_evidence", "find"),
    "list_mailroom": [sign(), ("list_mailroom", {"token": T, "claimant_surname": "Khan"})],
    "link_document": ayesha("link_document"),
    "verify_evidence": ayesha("verify_evidence"),
    "calculate_entitlement": ayesha("calculate_entitlement"),
    "make_decision": ayesha("make_decision"),
    "list_sign_off_queue": joseph("list_sign_off_queue"),
    "sign_off_decision": joseph("sign_off_decision"),
    "issue_payment": on_claim("issue_payment", "find", "peter"),
    "list_payments": on_claimant("list_payments", "find"),
    "suspend_award": on_claim("suspend_award", "find", "peter"),
    "reinstate_award": on_claim("reinstate_award", "find", "barbara"),
    "report_change": peter("report_change"),
    "calculate_overpayment": peter("calculate_overpayment"),
    "raise_overpayment": peter("raise_overpayment"),
    "set_recovery_plan": peter("set_recovery_plan"),
    "write_off_overpayment": peter("write_off_overpayment"),
    "request_reconsideration": lena("request_reconsideration"),
    "record_reconsideration": lena("record_reconsideration"),
    "lodge_appeal": lena("lodge_appeal"),
    "add_case_note": on_claim("add_case_note", "find"),
    "list_letter_templates": [sign(), ("list_letter_templates", {"token": T})],
    "send_letter": on_claimant("send_letter", "find"),
    "close_claim": on_claim("close_claim", "find"),
}
for _c, _steps in _AUTH_PATHS.items():
    prove("sign_in", _steps)

NON_PREREQUISITES = [
    ("list_letter_templates", [sign(), ("list_letter_templates", {"token": T})] + on_claim("get_claim", "find")[1:]),
    ("get_claimant", [sign(), find("ayesha"), ("get_claimant", {"token": T, "claimant_ref": "$find_claimant.rows.0.0"}),
                      ("open_claim", {"token": T, "claimant_ref": "$find_claimant.rows.0.0",
                                      "benefit": "council_tax_support", "claim_date": "2028-05-15"})]),
    ("add_case_note", on_claim("add_case_note", "find") + [
        ("close_claim", {"token": T, "claim_ref": "$find_claimant.rows.0.4.0.0", "reason": "withdrawn"})]),
    ("list_payments", [sign(), find("peter"), ("list_payments", {"token": T, "claimant_ref": "$find_claimant.rows.0.0"}),
                       ("issue_payment", {"token": T, "claim_ref": "$find_claimant.rows.0.4.0.0"})]),
    ("get_claim", [sign(), find("peter"), ("get_claim", {"token": T, "claim_ref": "$find_claimant.rows.0.4.0.0"}),
                   ("suspend_award", {"token": T, "claim_ref": "$find_claimant.rows.0.4.0.0",
                                      "reason": "Post returned undelivered"})]),
    ("lookup_address", [("lookup_address", {"postcode": "AW3 7PN"})] + on_claimant("update_contact", "find")),
]
