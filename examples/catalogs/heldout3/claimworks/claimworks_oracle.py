"""Scripted proofs that ClaimWorks' designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the catalog's ``FAILURE``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Ids that
a tool only returns inside a sentence (``Claim CL-25-00412 opened ...``, ``Exposure EX-000201 ...``)
are written literally: each entity has its own sequence, so they are the same in every fresh state,
and the record does not exist without the call.
"""

SI = ("sign_in", {"user_id": "jokoye", "password": "Claims#4410"})
MFA = ("verify_mfa", {"challenge_id": "$sign_in.challenge_id", "code": "482913"})
K = "$verify_mfa.session_key"
AUTH = [SI, MFA]

CLAIM, EX, PARTY_ID, INS, EST, PAYEE_ID, PAYMENT, DIARY = (
    "CL-25-00412", "EX-000201", "PTY-3401", "INS-0051", "EST-0051", "PYE-0601", "PAY-000731", "DY-0901")

# ---------------------------------------------------------------- motor: Annika Lindqvist, rear-ended
STORY = "I was waiting at the lights on the Catharijnesingel when a van drove into the back of my car."
FC = ("find_customer", {"last_name": "Lindqvist", "first_name": "Annika", "city": "Utrecht"})
GC = ("get_customer", {"customer_id": "$find_customer.0.customer_id"})
POL_C = "$get_customer.policies.0.0"
LV = ("lookup_vehicle", {"registration": "kx 482 t"})
POL_V = "$lookup_vehicle.policy_number"
ND = ("normalize_date", {"text": "8 February 2025"})
DATE = "$normalize_date"
CL = ("classify_loss", {"description": STORY, "line": "auto"})
CAUSE = "$classify_loss.cause_code"


def open_claim(policy: str, description: str = STORY) -> tuple:
    return ("open_claim", {"session_key": K, "policy_number": policy, "loss_date": DATE, "cause_code": CAUSE,
                           "description": description})


def check(policy: str) -> tuple:
    return ("check_coverage", {"policy_number": policy, "loss_date": DATE, "cause_code": CAUSE})


MOTOR = AUTH + [LV, ND, CL, open_claim(POL_V)]
CHK = check(POL_V)
EXPO = ("add_exposure", {"session_key": K, "claim_number": CLAIM, "coverage_code": "$check_coverage.coverage",
                         "exposure_type": "vehicle_damage", "vin": "$lookup_vehicle.vin"})
MOTOR_EX = MOTOR + [CHK, EXPO]
FV = ("find_vendors", {"service": "body_shop", "city": "Utrecht"})
FVR = ("find_vendors", {"service": "rental_car", "city": "Utrecht"}, "rental_firms")
ND2 = ("normalize_date", {"text": "12/02/2025"}, "inspection_day")


def schedule(exposure: str, vendor: str = "$find_vendors.0.vendor_id") -> tuple:
    return ("schedule_inspection", {"session_key": K, "exposure_id": exposure, "vendor_id": vendor,
                                    "inspection_date": "$inspection_day"})


def complete(total: float) -> tuple:
    return ("complete_inspection", {"session_key": K, "inspection_id": INS, "estimate_total": total,
                                    "findings": "Rear bumper, tailgate and left rear lamp to be replaced; no frame damage."})


def reserve(exposure: str, amount) -> tuple:
    return ("set_reserve", {"session_key": K, "exposure_id": exposure, "amount": amount})


APPROVE = ("approve_estimate", {"session_key": K, "estimate_id": EST})
IBAN = ("validate_iban", {"raw_iban": "nl91 abna 0417 1643 00"})


def payee(claim: str, name: str) -> tuple:
    return ("register_payee", {"session_key": K, "claim_number": claim, "name": name, "iban": "$validate_iban.iban"})


def pay(exposure: str, amount) -> tuple:
    return ("issue_payment", {"session_key": K, "exposure_id": exposure, "payee_id": PAYEE_ID, "amount": amount,
                              "payment_type": "final"})


INSPECTED = MOTOR_EX + [FV, ND2, schedule(EX), complete(3480.0)]
PAID = INSPECTED + [reserve(EX, 4000.0), APPROVE, ("run_fraud_check", {"claim_number": CLAIM}), IBAN,
                    payee(CLAIM, "Autoschade Van Dijk"), pay(EX, 2980.0)]
PARTY = ("add_party", {"session_key": K, "claim_number": CLAIM, "full_name": "Ruben de Graaf",
                       "role": "third_party_driver"})
SUBRO = ("open_subrogation", {"session_key": K, "claim_number": CLAIM, "third_party_id": PARTY_ID,
                              "other_insurer": "Centraal Beheer"})
VAL = ("value_vehicle", {"vin": "$lookup_vehicle.vin", "mileage_km": 61200})
TOTAL = ("declare_total_loss", {"session_key": K, "exposure_id": EX, "valuation_id": "$value_vehicle.valuation_id"})
RENT = ("authorize_rental", {"session_key": K, "exposure_id": EX, "vendor_id": "$rental_firms.0.vendor_id", "days": 10})
GET_NEW = ("get_claim", {"claim_number": CLAIM})
FRAUD = ("run_fraud_check", {"claim_number": CLAIM})

# ---------------------------------------------------------------- home: Tomasz Wierzbicki, gradual leak (excluded)
HOME_STORY = "Water has been leaking slowly behind the kitchen units for months and the floor is rotten."
HOME = AUTH + [("find_customer", {"last_name": "Wierzbicki"}), ("get_customer", {"customer_id": "$find_customer.0.customer_id"}),
               ("normalize_date", {"text": "03/02/2025"}), ("classify_loss", {"description": HOME_STORY, "line": "home"}),
               open_claim(POL_C, HOME_STORY)]
EXPLAIN = "The damage built up over months; gradual leakage is excluded under your home policy."
DENY_C = ("deny_claim", {"session_key": K, "claim_number": CLAIM, "exclusion_code": "$check_coverage.exclusion",
                         "explanation": EXPLAIN})
DENIED = HOME + [check(POL_C), DENY_C]

# ---------------------------------------------------------------- travel: Helen Achebe, hospital bill in USD
TRAVEL = AUTH + [("find_customer", {"last_name": "Achebe"}), ("get_customer", {"customer_id": "$find_customer.0.customer_id"}),
                 ("normalize_date", {"text": "Feb 2, 2025"}),
                 ("classify_loss", {"description": "I was admitted to hospital in Chiang Mai with a fever for two nights.",
                                    "line": "travel"}),
                 open_claim(POL_C, "Admitted to hospital in Chiang Mai with a fever for two nights."), check(POL_C),
                 ("add_exposure", {"session_key": K, "claim_number": CLAIM, "coverage_code": "$check_coverage.coverage",
                                   "exposure_type": "medical_expense"}),
                 ("convert_currency", {"amount": 2400.0, "from_currency": "USD", "to_currency": "EUR"})]
TRAVEL_PAID = TRAVEL + [reserve(EX, 2500.0), FRAUD, IBAN, payee(CLAIM, "Helen Achebe"), pay(EX, "$convert_currency")]

# ---------------------------------------------------------------- seeded claims found by search
OPEN_SEARCH = ("search_claims", {"status": "open"})
CLOSED_SEARCH = ("search_claims", {"status": "closed"})
SC = "$search_claims.0.claim_number"
GCL = ("get_claim", {"claim_number": SC})
EXG = "$get_claim.exposures.0.exposure_id"
DIARIES = ("list_diaries", {"claim_number": SC})
DONE_DIARY = ("complete_diary", {"session_key": K, "diary_id": "$list_diaries.0.diary_id",
                                 "note": "Plumber's report received by post"})
WATER_FIRM = ("find_vendors", {"service": "water_mitigation", "city": "Eindhoven"})
SEED_INSPECTED = AUTH + [OPEN_SEARCH, GCL, WATER_FIRM, ND2, schedule(EXG), complete(5200.0)]
SEED_PAID = SEED_INSPECTED + [APPROVE, ("run_fraud_check", {"claim_number": SC}), IBAN,
                              payee(SC, "Tomasz Wierzbicki"), pay(EXG, 4950.0)]
LA = ("list_adjusters", {"team": "siu"})


def on_new(step: tuple) -> list:
    """The motor claim opened, then ``step``."""
    return MOTOR + [step]


# A successful path ending with each consumer, on the claim opened in the path.
PATHS = {
    "verify_mfa": AUTH,
    "get_customer": [FC, GC],
    "get_policy": [LV, ("get_policy", {"policy_number": POL_V})],
    "check_coverage": [LV, ND, CL, CHK],
    "open_claim": MOTOR,
    "get_claim": on_new(GET_NEW),
    "assign_claim": MOTOR + [LA, ("assign_claim", {"session_key": K, "claim_number": CLAIM,
                                                   "adjuster_id": "$list_adjusters.0.adjuster_id"})],
    "add_party": MOTOR + [PARTY],
    "record_statement": MOTOR + [PARTY, ("record_statement", {"session_key": K, "party_id": PARTY_ID,
                                         "statement": "I looked at my phone and did not see that the car had stopped."})],
    "add_exposure": MOTOR_EX,
    "set_reserve": MOTOR_EX + [reserve(EX, 4000.0)],
    "upload_document": MOTOR + [GET_NEW, ("upload_document", {
        "session_key": K, "claim_number": CLAIM, "file_name": "politie-proces-verbaal.pdf",
        "doc_type": "$get_claim.outstanding_documents.0", "tags": ["police", "Utrecht"]})],
    "send_letter": MOTOR + [GET_NEW, ("send_letter", {"session_key": K, "claim_number": CLAIM,
                                                      "template_code": "$get_claim.pending_letters.0"})],
    "schedule_inspection": MOTOR_EX + [FV, ND2, schedule(EX)],
    "complete_inspection": INSPECTED,
    "get_estimate": INSPECTED + [("get_estimate", {"estimate_id": EST})],
    "approve_estimate": INSPECTED + [reserve(EX, 4000.0), APPROVE],
    "run_fraud_check": on_new(FRAUD),
    "register_payee": MOTOR + [IBAN, payee(CLAIM, "Annika Lindqvist")],
    "issue_payment": PAID,
    "get_payment": PAID + [("get_payment", {"payment_id": PAYMENT})],
    "void_payment": PAID + [("void_payment", {"session_key": K, "payment_id": PAYMENT,
                                              "reason": "Garage asked to be paid to its other account"})],
    "deny_claim": DENIED,
    "close_claim": DENIED + [("close_claim", {"session_key": K, "claim_number": CLAIM, "outcome": "denied"})],
    "reopen_claim": MOTOR + [("close_claim", {"session_key": K, "claim_number": CLAIM, "outcome": "withdrawn"}),
                             ("reopen_claim", {"session_key": K, "claim_number": CLAIM,
                                               "reason": "Customer found the repair invoice after all"})],
    "refer_to_siu": MOTOR + [FRAUD, ("refer_to_siu", {"session_key": K, "claim_number": CLAIM,
                                                      "reason": "Third vehicle claim this year"})],
    "declare_total_loss": MOTOR_EX + [VAL, TOTAL],
    "value_vehicle": [LV, VAL],
    "authorize_rental": MOTOR_EX + [FVR, RENT],
    "open_subrogation": PAID + [PARTY, SUBRO],
    "add_diary": MOTOR + [("normalize_date", {"text": "20 February 2025"}, "due"),
                          ("add_diary", {"session_key": K, "claim_number": CLAIM, "due_date": "$due",
                                         "note": "Check the garage has started the repair"})],
    "complete_diary": MOTOR + [("normalize_date", {"text": "20 February 2025"}, "due"),
                               ("add_diary", {"session_key": K, "claim_number": CLAIM, "due_date": "$due",
                                              "note": "Check the garage has started the repair"}),
                               ("complete_diary", {"session_key": K, "diary_id": DIARY, "note": "Repair started"})],
    "list_diaries": on_new(("list_diaries", {"claim_number": CLAIM})),
}

# The same consumers on a claim found by search (the seeded open claim CL-24-09871, or the closed one).
SEARCHED = {
    "get_claim": [OPEN_SEARCH, GCL],
    "assign_claim": AUTH + [OPEN_SEARCH, LA, ("assign_claim", {"session_key": K, "claim_number": SC,
                                                               "adjuster_id": "$list_adjusters.0.adjuster_id"})],
    "add_party": AUTH + [OPEN_SEARCH, ("add_party", {"session_key": K, "claim_number": SC, "full_name": "Maria Wierzbicka",
                                                     "role": "claimant"})],
    "add_exposure": AUTH + [OPEN_SEARCH, ("add_exposure", {"session_key": K, "claim_number": SC, "coverage_code": "CONT",
                                                           "exposure_type": "contents"})],
    "upload_document": AUTH + [OPEN_SEARCH, GCL, ("upload_document", {
        "session_key": K, "claim_number": SC, "file_name": "loodgieter rapport.pdf",
        "doc_type": "$get_claim.outstanding_documents.0"})],
    "send_letter": AUTH + [OPEN_SEARCH, ("send_letter", {"session_key": K, "claim_number": SC, "template_code": "RES-02"})],
    "deny_claim": AUTH + [OPEN_SEARCH, GCL, ("get_policy", {"policy_number": "$get_claim.policy_number"}),
                          ("deny_claim", {"session_key": K, "claim_number": SC, "exclusion_code": "$get_policy.exclusions.2",
                                          "explanation": "The plumber found the floor worn through by age, not by the burst."})],
    "close_claim": AUTH + [OPEN_SEARCH, DIARIES, DONE_DIARY,
                           ("close_claim", {"session_key": K, "claim_number": SC, "outcome": "withdrawn"})],
    "reopen_claim": AUTH + [CLOSED_SEARCH, ("reopen_claim", {"session_key": K, "claim_number": SC,
                                                             "reason": "Second crack appeared in the new windscreen"})],
    "add_diary": AUTH + [OPEN_SEARCH, ND, ("add_diary", {"session_key": K, "claim_number": SC, "due_date": DATE,
                                                         "note": "Call the plumber again"})],
    "list_diaries": [OPEN_SEARCH, DIARIES],
    "run_fraud_check": [OPEN_SEARCH, ("run_fraud_check", {"claim_number": SC})],
    "refer_to_siu": AUTH + [OPEN_SEARCH, ("run_fraud_check", {"claim_number": SC}),
                            ("refer_to_siu", {"session_key": K, "claim_number": SC, "reason": "Neighbour disputes the date"})],
    "open_subrogation": SEED_PAID + [
        ("add_party", {"session_key": K, "claim_number": SC, "full_name": "Ilse Verbeek", "role": "responsible_party"}),
        ("open_subrogation", {"session_key": K, "claim_number": SC, "third_party_id": PARTY_ID,
                              "other_insurer": "Interpolis"})],
    "register_payee": AUTH + [OPEN_SEARCH, IBAN, payee(SC, "Tomasz Wierzbicki")],
    # exposures found on a seeded claim
    "set_reserve": AUTH + [OPEN_SEARCH, GCL, reserve(EXG, 7500.0)],
    "schedule_inspection": AUTH + [OPEN_SEARCH, GCL, WATER_FIRM, ND2, schedule(EXG)],
    "issue_payment": SEED_PAID,
    "declare_total_loss": [CLOSED_SEARCH, GCL, ("value_vehicle", {"vin": "$get_claim.exposures.0.vin", "mileage_km": 61200}),
                           *AUTH, ("declare_total_loss", {"session_key": K, "exposure_id": EXG,
                                                          "valuation_id": "$value_vehicle.valuation_id"})],
    "authorize_rental": AUTH + [CLOSED_SEARCH, GCL, FVR, ("authorize_rental", {
        "session_key": K, "exposure_id": EXG, "vendor_id": "$rental_firms.0.vendor_id", "days": 5})],
    "record_statement": AUTH + [OPEN_SEARCH, GCL, ("record_statement", {
        "session_key": K, "party_id": "$get_claim.parties.1.party_id",
        "statement": "I fixed the pipe on the 3rd; the joint had split, water was on the hallway floor."})],
    "complete_diary": AUTH + [OPEN_SEARCH, DIARIES, DONE_DIARY],
}

# (provider, consumer) -> path, where the default path does not show the provider directly.
OVERRIDES = {
    **{("search_claims", c): steps for c, steps in SEARCHED.items()},
    **{("get_claim", c): SEARCHED[c] for c in ("set_reserve", "schedule_inspection", "issue_payment",
                                               "declare_total_loss", "authorize_rental", "record_statement")},
    ("get_customer", "get_policy"): [FC, GC, ("get_policy", {"policy_number": POL_C})],
    ("get_customer", "check_coverage"): [FC, GC, ND, CL, check(POL_C)],
    ("get_customer", "open_claim"): AUTH + [FC, GC, ND, CL, open_claim(POL_C)],
    ("get_policy", "add_exposure"): MOTOR + [CHK, ("get_policy", {"policy_number": POL_V}), (
        "add_exposure", {"session_key": K, "claim_number": CLAIM, "coverage_code": "$check_coverage.coverage",
                         "exposure_type": "vehicle_damage", "vin": "$get_policy.vehicles.0.vin"})],
    ("get_policy", "value_vehicle"): [LV, ("get_policy", {"policy_number": POL_V}),
                                      ("value_vehicle", {"vin": "$get_policy.vehicles.0.vin", "mileage_km": 61200})],
    ("normalize_date", "schedule_inspection"): SEARCHED["schedule_inspection"],
    ("normalize_date", "add_diary"): SEARCHED["add_diary"],
    ("get_policy", "deny_claim"): HOME + [("get_policy", {"policy_number": POL_C}), (
        "deny_claim", {"session_key": K, "claim_number": CLAIM, "exclusion_code": "$get_policy.exclusions.0",
                       "explanation": EXPLAIN})],
    ("complete_diary", "close_claim"): SEARCHED["close_claim"],
    ("list_diaries", "complete_diary"): SEARCHED["complete_diary"],
    ("convert_currency", "set_reserve"): TRAVEL + [reserve(EX, "$convert_currency")],
    ("convert_currency", "issue_payment"): TRAVEL_PAID,
}


def _proofs() -> list:
    import claimworks_tools as m  # the catalog beside this file

    return [(p, c, OVERRIDES.get((p, c), PATHS[c])) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_customer", [FC, GC, LV, ("get_policy", {"policy_number": POL_V})]),
    ("check_coverage", MOTOR + [CHK, GET_NEW]),
    ("run_fraud_check", MOTOR_EX + [FRAUD, reserve(EX, 4000.0)]),
    ("list_adjusters", [LA, OPEN_SEARCH, DIARIES]),
    ("normalize_date", [ND, LV, ("get_policy", {"policy_number": POL_V})]),
    ("value_vehicle", MOTOR_EX + [VAL, reserve(EX, 4000.0)]),
    ("get_claim", [CLOSED_SEARCH, GCL] + AUTH + [("reopen_claim", {"session_key": K, "claim_number": SC,
                                                                   "reason": "Invoice arrived late"})]),
    ("validate_iban", MOTOR_EX + [IBAN, FRAUD]),
]
