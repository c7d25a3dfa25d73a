"""Scripted proofs that PermitDesk's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the catalog's ``FAILURE``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Ids that
a call only returns inside a sentence (``Application BP-25-0143 created ...``, ``Permit PM-25-0088
issued ...``) are written literally: each record type has its own sequence, so they are the same in
every fresh state, and the record does not exist without the call.
"""

SI = ("sign_in", {"username": "mkowal", "password": "Perm1t!Desk"})
EC = ("enter_code", {"challenge_id": "$sign_in.challenge_id", "code": "731 904"})
S = "$enter_code.session"
AUTH = [SI, EC]

APL, APP, RV, PM, IN1, IN2, CMP, CASE, SWO = (
    "APL-0412", "BP-25-0143", "RV-25-0040", "PM-25-0088", "IN-5521", "IN-5522", "CMP-25-0301", "ENF-25-071",
    "SWO-25-021")

# ---------------------------------------------------------------- Noor Haddad's deck at Kerkstraat 14
LP = ("lookup_parcel", {"address": "Kerkstraat 14, Leiden"})
RA = ("register_applicant", {"session": S, "full_name": "Noor Haddad", "email": "noor.haddad@example.nl",
                             "phone": "06 4129 8830"})


def start(applicant: str, title: str = "Timber deck at the rear") -> tuple:
    return ("start_application", {"session": S, "applicant_id": applicant, "parcel_id": "$lookup_parcel.parcel_id",
                                  "permit_type": "building", "title": title})


def items(app: str) -> tuple:
    return ("add_work_items", {"session": S, "application_no": app, "work_codes": ["$classify_work.work_codes.0"]})


def valuation(app: str, amount: float = 8500.0) -> tuple:
    return ("set_valuation", {"session": S, "application_no": app, "amount_eur": amount})


def get_app(app: str) -> tuple:
    return ("get_application", {"application_no": app})


def upload(app: str, i: int, file_name: str) -> tuple:
    return ("upload_document", {"session": S, "application_no": app,
                                "doc_type": f"$get_application.missing_documents.{i}", "file_name": file_name})


def fee(app: str) -> tuple:
    return ("calculate_fee", {"application_no": app})


def pay(app: str) -> tuple:
    return ("pay_fee", {"session": S, "application_no": app, "amount": "$calculate_fee", "method": "card"})


def link(app: str) -> tuple:
    return ("link_contractor", {"session": S, "application_no": app, "licence_no": "$search_contractors.0.licence_no"})


def submit(app: str) -> tuple:
    return ("submit_application", {"session": S, "application_no": app})


def review(app: str) -> tuple:
    return ("assign_review", {"session": S, "application_no": app, "reviewer_id": "$list_reviewers.0.staff_id"})


def withdraw(app: str) -> tuple:
    return ("withdraw_application", {"session": S, "application_no": app,
                                     "reason": "Owner wants to redesign the works first"})


CW = ("classify_work", {"description": "A timber deck attached to the back of the house, about 4 by 5 metres",
                        "permit_type": "building"})
SCN = ("search_contractors", {"name": "De Vries"})
VL = ("verify_licence", {"licence_no": "$search_contractors.0.licence_no"})
LR = ("list_reviewers", {"discipline": "building"})
RD = ("record_decision", {"session": S, "review_id": RV, "decision": "approve",
                          "comments": "Deck keeps the 3 m rear setback; approved as drawn."})
IP = ("issue_permit", {"session": S, "application_no": APP})
ND = ("normalize_date", {"text": "14 April 2025"})
GP = ("get_permit", {"permit_no": PM})

DRAFT = AUTH + [LP, RA, start(APL)]
ITEMS = DRAFT + [CW, items(APP), valuation(APP)]
FEED = ITEMS + [fee(APP)]
PAID = FEED + [pay(APP)]
DOCS = PAID + [get_app(APP), upload(APP, 0, "situatie-kerkstraat14.pdf"), upload(APP, 1, "constructie-berekening.pdf")]
LINKED = DOCS + [SCN, VL, link(APP)]
SUBMITTED = LINKED + [submit(APP)]
REVIEWED = SUBMITTED + [LR, review(APP)]
DECIDED = REVIEWED + [RD]
PERMIT = DECIDED + [IP]


def inspect(permit: str, i: int, name: str = "request_inspection") -> tuple:
    return ("request_inspection", {"session": S, "permit_no": permit,
                                   "inspection_type": f"$get_permit.inspections_required.{i}",
                                   "preferred_date": "$normalize_date"}, name)


def assign(inspection: str) -> tuple:
    return ("assign_inspector", {"session": S, "inspection_id": inspection,
                                 "inspector_id": "$list_inspectors.0.inspector_id"})


def result(inspection: str, outcome: str = "pass") -> tuple:
    return ("record_result", {"session": S, "inspection_id": inspection, "result": outcome,
                              "notes": "Footings 80 cm deep on compacted sand" if outcome == "pass"
                              else "Posts not anchored to the footings"})


def notice(inspection: str) -> tuple:
    return ("issue_correction_notice", {"session": S, "inspection_id": inspection,
                                        "items": ["Anchor every post with a steel post base",
                                                  "Add a ledger board fixed to the wall"],
                                        "due_date": "$due"})


LINS = ("list_inspectors", {"ward": "$get_permit.ward"})
REQUESTED = PERMIT + [GP, ND, inspect(PM, 0)]
ASSIGNED = REQUESTED + [LINS, assign(IN1)]
FAILED = ASSIGNED + [result(IN1, "fail"), ("normalize_date", {"text": "28/04/2025"}, "due"), notice(IN1)]
FINALED = ASSIGNED + [result(IN1), inspect(PM, 1, "second"), assign(IN2), result(IN2),
                      ("final_certificate", {"session": S, "permit_no": PM})]

# ---------------------------------------------------------------- enforcement at Lammenschansweg 88
LP_WH = ("lookup_parcel", {"address": "Lammenschansweg 88"})
FCM = ("file_complaint", {"parcel_id": "$lookup_parcel.parcel_id",
                          "description": "They are building a second storey on the warehouse without any permit sign."})
OPENED = AUTH + [LP_WH, FCM, ("open_case", {"session": S, "complaint_no": CMP})]
LCS = ("lookup_code_section", {"keyword": "without a permit"})


def cite(case: str) -> tuple:
    return ("issue_citation", {"session": S, "case_no": case, "section": "$lookup_code_section.0.section"})


def stop(case: str) -> tuple:
    return ("stop_work_order", {"session": S, "case_no": case, "reason": "Second storey under construction, no permit"})


def close(case: str) -> tuple:
    return ("close_case", {"session": S, "case_no": case, "resolution": "Owner applied for a permit; works halted"})


def lift(order: str) -> tuple:
    return ("lift_stop_work", {"session": S, "order_no": order, "reason": "Permit application submitted"})


GPH = ("get_parcel_history", {"parcel_id": "$lookup_parcel.parcel_id"})
WH_HISTORY = AUTH + [LP_WH, GPH]
H_CASE, H_SWO, H_CMP = "$get_parcel_history.cases.0.0", "$get_parcel_history.stop_work_orders.0.0", \
    "$get_parcel_history.complaints.0.0"

# ---------------------------------------------------------------- the bakery's permits at Haarlemmerstraat 201
LP_SHOP = ("lookup_parcel", {"address": "Haarlemmerstraat 201"})
SHOP = [LP_SHOP, GPH]
SIGN_PERMIT, SHOPFRONT_PERMIT = "$get_parcel_history.permits.0.0", "$get_parcel_history.permits.1.0"
GP_SHOP = ("get_permit", {"permit_no": SHOPFRONT_PERMIT})
SEED_IN = "$get_permit.inspections.0.0"
SEED_ASSIGNED = AUTH + SHOP + [GP_SHOP, LINS, assign(SEED_IN)]

# ---------------------------------------------------------------- seeded applications found by search
SD = ("search_applications", {"status": "draft"})
SS = ("search_applications", {"status": "submitted"})
SA = "$search_applications.0.0"
CW_D = ("classify_work", {"description": "Dormer on the rear roof for a loft bedroom", "permit_type": "building"})
SEED_FEED = AUTH + [SD, CW_D, items(SA), valuation(SA, 21000.0), fee(SA)]
SEARCHED = {
    "add_work_items": AUTH + [SD, CW_D, items(SA)],
    "set_valuation": AUTH + [SD, valuation(SA, 21000.0)],
    "get_application": [SD, get_app(SA)],
    "upload_document": AUTH + [SD, get_app(SA), upload(SA, 0, "constructieberekening-dakkapel.pdf")],
    "calculate_fee": SEED_FEED,
    "pay_fee": SEED_FEED + [pay(SA)],
    "link_contractor": AUTH + [SD, SCN, VL, link(SA)],
    "submit_application": SEED_FEED + [pay(SA), get_app(SA), upload(SA, 0, "constructieberekening-dakkapel.pdf"),
                                       SCN, VL, link(SA), submit(SA)],
    "withdraw_application": AUTH + [SD, withdraw(SA)],
    "reinstate_application": AUTH + [SD, withdraw(SA), ("reinstate_application", {"session": S, "application_no": SA})],
    "assign_review": AUTH + [SS, ("list_reviewers", {"discipline": "zoning"}), review(SA)],
    "issue_permit": AUTH + [SS, ("list_reviewers", {"discipline": "zoning"}), review(SA),
                            ("record_decision", {"session": S, "review_id": RV, "decision": "approve_with_conditions",
                                                 "comments": "Sign must be lit only between 07:00 and 22:00."}),
                            ("issue_permit", {"session": S, "application_no": SA})],
}

PATHS = {
    "enter_code": AUTH,
    "register_applicant": AUTH + [RA],
    "start_application": DRAFT,
    "get_zoning": [LP, ("get_zoning", {"zone": "$lookup_parcel.zone"})],
    "add_work_items": DRAFT + [CW, items(APP)],
    "set_valuation": DRAFT + [valuation(APP)],
    "get_application": DRAFT + [get_app(APP)],
    "upload_document": DRAFT + [get_app(APP), upload(APP, 0, "situatie-kerkstraat14.pdf")],
    "calculate_fee": FEED,
    "pay_fee": PAID,
    "verify_licence": [SCN, VL],
    "link_contractor": DRAFT + [SCN, VL, link(APP)],
    "submit_application": SUBMITTED,
    "withdraw_application": DRAFT + [withdraw(APP)],
    "reinstate_application": DRAFT + [withdraw(APP), ("reinstate_application", {"session": S, "application_no": APP})],
    "assign_review": REVIEWED,
    "record_decision": DECIDED,
    "issue_permit": PERMIT,
    "get_permit": PERMIT + [GP],
    "add_condition": PERMIT + [("add_condition", {"session": S, "permit_no": PM,
                                                  "text": "No work on the deck before 08:00 on Saturdays"})],
    "extend_permit": PERMIT + [("extend_permit", {"session": S, "permit_no": PM, "days": 90,
                                                  "reason": "Timber delivery delayed by the supplier"})],
    "request_inspection": REQUESTED,
    "list_inspectors": [LP, ("list_inspectors", {"ward": "$lookup_parcel.ward"})],
    "assign_inspector": ASSIGNED,
    "record_result": ASSIGNED + [result(IN1)],
    "issue_correction_notice": FAILED,
    "final_certificate": FINALED,
    "file_complaint": [LP_WH, FCM],
    "get_parcel_history": [LP_WH, GPH],
    "open_case": OPENED,
    "issue_citation": OPENED + [LCS, cite(CASE)],
    "stop_work_order": OPENED + [stop(CASE)],
    "lift_stop_work": OPENED + [stop(CASE), lift(SWO)],
    "close_case": OPENED + [close(CASE)],
}

OVERRIDES = {
    **{("search_applications", c): steps for c, steps in SEARCHED.items()},
    ("find_applicant", "start_application"): AUTH + [("lookup_parcel", {"address": "Rijnsburgerweg 40"}),
                                                     ("find_applicant", {"last_name": "van Dam"}),
                                                     start("$find_applicant.0.applicant", "Garden room")],
    ("get_parcel_history", "get_permit"): SHOP + [GP_SHOP],
    ("get_parcel_history", "add_condition"): AUTH + SHOP + [("add_condition", {
        "session": S, "permit_no": SHOPFRONT_PERMIT, "text": "Scaffolding may not block the pavement on market days"})],
    ("get_parcel_history", "extend_permit"): AUTH + SHOP + [("extend_permit", {
        "session": S, "permit_no": SHOPFRONT_PERMIT, "days": 60, "reason": "Oven replacement delayed"})],
    ("get_parcel_history", "request_inspection"): AUTH + SHOP + [GP_SHOP, ("normalize_date", {"text": "3 March 2025"}),
                                                                 inspect(SHOPFRONT_PERMIT, 1)],
    ("get_parcel_history", "final_certificate"): AUTH + SHOP + [("final_certificate", {"session": S,
                                                                                        "permit_no": SIGN_PERMIT})],
    ("get_permit", "assign_inspector"): SEED_ASSIGNED,
    ("get_permit", "record_result"): SEED_ASSIGNED + [result(SEED_IN)],
    ("get_permit", "issue_correction_notice"): SEED_ASSIGNED + [
        result(SEED_IN, "fail"), ("normalize_date", {"text": "21/03/2025"}, "due"), notice(SEED_IN)],
    ("normalize_date", "issue_correction_notice"): SEED_ASSIGNED + [
        result(SEED_IN, "fail"), ("normalize_date", {"text": "21/03/2025"}, "due"), notice(SEED_IN)],
    ("get_permit", "list_inspectors"): SHOP + [GP_SHOP, LINS],
    ("get_parcel_history", "open_case"): WH_HISTORY + [("open_case", {"session": S, "complaint_no": H_CMP})],
    ("get_parcel_history", "issue_citation"): WH_HISTORY + [LCS, cite(H_CASE)],
    ("get_parcel_history", "stop_work_order"): WH_HISTORY + [stop(H_CASE)],
    ("get_parcel_history", "close_case"): WH_HISTORY + [lift(H_SWO), close(H_CASE)],
    ("get_parcel_history", "lift_stop_work"): WH_HISTORY + [lift(H_SWO)],
    ("lift_stop_work", "close_case"): WH_HISTORY + [lift(H_SWO), close(H_CASE)],
}


def _proofs() -> list:
    import permitdesk_tools as m  # the catalog beside this file

    return [(p, c, OVERRIDES.get((p, c), PATHS[c])) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_zoning", AUTH + [LP, ("get_zoning", {"zone": "$lookup_parcel.zone"}), RA, start(APL)]),
    ("verify_licence", DRAFT + [SCN, VL, CW, items(APP)]),
    ("get_application", DRAFT + [get_app(APP), CW, items(APP), valuation(APP), fee(APP)]),
    ("list_reviewers", AUTH + [LR, SD, withdraw(SA)]),
    ("normalize_date", AUTH + [LP, ND, RA, start(APL)]),
    ("lookup_code_section", OPENED + [LCS, stop(CASE)]),
    ("file_complaint", [LP_WH, FCM, GPH]),
]
