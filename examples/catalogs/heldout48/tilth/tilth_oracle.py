"""Scripted proofs that Tilth's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime, which records the raised ``CertificationError`` as an error; the tools are coroutines,
so the proofs run through the runtime alone).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "tegen")``) and pass ``"$tegen.token"``; replies are read by field (``"$register_operator.operator_id"``,
``"$schedule_inspection.visit_id"``, ``"$grant_certificate.certificate_id"``, ``"$add_product.product_id"``,
``"$request_coi.coi_id"``, ``"$raise_invoice.invoice_id"``), list entries by position and field
(``"$find_operator.0.operator_id"``, ``"$find_operator.0.certificate_id"``, ``"$visits.0.visit_id"``,
``"$inspectors.0.inspector_id"``, ``"$samples.0.sample_id"``, ``"$findings.0.finding_id"``,
``"$parcels.1.parcel_id"``, ``"$invoices.0.invoice_id"``), rows by row and column (``"$scopes.0.0"``,
``"$fee_scale.0.0"``). The positions follow the fresh state's order (records by id, each list filtered as the call
asks). Every id, scope code and fee code is read from a reply; none is written literally (businesses, people,
addresses, phone numbers, fields, areas, dates, crops, clauses, findings, materials, laboratory references,
consignments, seals, label wording, reasons and amounts are written as the staff are told them).

The day: Ruan inspects Tolverne Barton, records a finding and samples the wheat; the sample's result comes, the visit is
reviewed and the certificate renewed, potatoes go on its schedule with a label; the seed derogation is approved;
Gwennap Stoneground's flour result and corrective action come in, its finding is closed, its certificate renewed and its
follow-up visit made; Quillet Wholefoods get TRACES access and their quinoa is checked and endorsed; Hendra Fruit Farm's
application fee is paid, its scope and land registered and its first visit booked; Carnmoor Free Range pays and is
reinstated; Nancekuke Herbs applies.
"""

import tilth_tools as tools

WHO = {"tegen": ("tegen.r", "Scope-Letter-42"), "ruan": ("ruan.p", "Field-Walk-17"),
       "elestren": ("elestren.k", "Grain-Sample-63"), "conan": ("conan.v", "Second-Look-28"),
       "lamorna": ("lamorna.h", "Fee-Scale-90"), "kitto": ("kitto.b", "Control-Body-55")}
TT, RT, ET, CT, LT, KT = ("$tegen.token", "$ruan.token", "$elestren.token", "$conan.token", "$lamorna.token",
                          "$kitto.token")
TODAY, NEXT_TUE = "2053-07-02", "2053-07-15"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(token: str, name: str) -> tuple:
    return ("find_operator", {"token": token, "name": name})


NEW = {"business": "Nancekuke Herbs", "kind": "farm", "contact": "Ysella Nance",
       "address": "Nancekuke Lane, Porthallow", "postcode": "GM8 3NH", "phone": "01326 281937",
       "email": "ysella@nancekukeherbs.example"}
NEW_IMPORTER = {"business": "Penmorrow Spices", "kind": "importer", "contact": "Jowan Trembath",
                "address": "2 Custom House Yard, Penmorrow", "postcode": "GM9 1PS", "phone": "01326 560913"}


def operator(via: str, token: str, name: str, details: dict | None = None) -> tuple:
    """The operator found by name or registered anew: the steps and the reference to its id."""
    if via == "find_operator":
        return [find(token, name)], "$find_operator.0.operator_id"
    return [("register_operator", {"token": token, **(details or NEW)})], "$register_operator.operator_id"


# ---- Tolverne Barton: today's annual visit, renewal, products, derogation

TOLVERNE = [sign_in("ruan"), ("visits", {"token": RT, "date": TODAY}),
          ("start_visit", {"token": RT, "visit_id": "$visits.0.visit_id"}),
          ("record_finding", {"token": RT, "visit_id": "$visits.0.visit_id", "clause": "5.1.4", "severity": "minor",
                              "description": "Manure heap on Long Close not recorded in the storage log"}),
          ("take_sample", {"token": RT, "visit_id": "$visits.0.visit_id", "material": "Winter wheat, standing crop"}),
          ("submit_report", {"token": RT, "visit_id": "$visits.0.visit_id",
                             "summary": "Good standard; one minor finding on manure records; wheat sampled"}),
          sign_in("tegen"),
          ("record_lab_result", {"token": TT, "sample_id": "$take_sample.sample_id", "result": "not_detected",
                                 "lab_reference": "Cambrelab 53/7781"}),
          sign_in("conan"),
          ("review_visit", {"token": CT, "visit_id": "$visits.0.visit_id", "outcome": "satisfactory"}),
          ("grant_certificate", {"token": CT, "visit_id": "$visits.0.visit_id"})]
TOLVERNE_FINDING = cut(TOLVERNE, "record_finding") + [
    sign_in("tegen"),
    ("respond_to_finding", {"token": TT, "finding_id": "$record_finding.finding_id",
                            "corrective_action": "Storage log brought up to date and checked weekly",
                            "evidence": ["photograph of the storage log", "signed weekly check sheet"]}),
    sign_in("conan"), ("close_finding", {"token": CT, "finding_id": "$record_finding.finding_id"})]
TOLVERNE_POTATOES = [sign_in("tegen"), find(TT, "Tolverne"),
                   ("parcels", {"token": TT, "operator_id": "$find_operator.0.operator_id", "status": "organic"}),
                   ("add_product", {"token": TT, "certificate_id": "$find_operator.0.certificate_id",
                                    "product": "Maris Piper potatoes", "claim": "organic",
                                    "parcel_ids": ["$parcels.1.parcel_id"]}),
                   ("approve_label", {"token": TT, "product_id": "$add_product.product_id",
                                      "label_text": "Organic potatoes, Tolverne Barton. GB-ORG-27",
                                      "logo": "uk_organic"})]
TOLVERNE_NEW_FIELD = [sign_in("tegen"), find(TT, "Tolverne"),
                    ("register_parcel", {"token": TT, "operator_id": "$find_operator.0.operator_id",
                                         "field_name": "Trewollack", "hectares": 4.2,
                                         "last_prohibited_input": "2040-05-01", "crop": "Spring barley"}),
                    ("add_product", {"token": TT, "certificate_id": "$find_operator.0.certificate_id",
                                     "product": "Spring barley", "claim": "organic",
                                     "parcel_ids": ["$register_parcel.parcel_id"]})]
SEED = [sign_in("conan"), ("derogations", {"token": CT, "status": "pending"}),
        ("decide_derogation", {"token": CT, "derogation_id": "$derogations.0.derogation_id", "decision": "approve",
                               "note": "No organic seed of Cara Rua on the seed database"})]
SEED_NEW = [sign_in("tegen"), find(TT, "Tolverne"),
            ("request_derogation", {"token": TT, "operator_id": "$find_operator.0.operator_id",
                                    "kind": "non_organic_seed", "quantity": 0.4,
                                    "details": "Seed of the spring barley variety Laureate: none organic this year"}),
            sign_in("conan"),
            ("decide_derogation", {"token": CT, "derogation_id": "$request_derogation.derogation_id",
                                   "decision": "refuse", "note": "Organic Laureate seed is now on the database"})]
SUSPEND_TOLVERNE = [sign_in("conan"), find(CT, "Tolverne"),
                  ("suspend_certificate", {"token": CT, "certificate_id": "$find_operator.0.certificate_id",
                                           "reason": "operator_request"}),
                  ("reinstate_certificate", {"token": CT, "certificate_id": "$find_operator.0.certificate_id"})]

# ---- Gwennap Stoneground: the flour result, the finding, the renewal, the follow-up visit

GWENNAP = [sign_in("tegen"), ("samples", {"token": TT, "awaiting_result": True}),
          ("record_lab_result", {"token": TT, "sample_id": "$samples.0.sample_id", "result": "not_detected",
                                 "lab_reference": "Cambrelab 53/7702"}),
          find(TT, "Gwennap"),
          ("findings", {"token": TT, "operator_id": "$find_operator.0.operator_id", "status": "open"}),
          ("respond_to_finding", {"token": TT, "finding_id": "$findings.0.finding_id",
                                  "corrective_action": "Cleaning of the shared line logged after each conventional run",
                                  "evidence": ["cleaning logs for May and June", "revised cleaning procedure"]}),
          sign_in("conan"), ("close_finding", {"token": CT, "finding_id": "$findings.0.finding_id"}),
          ("visits", {"token": CT, "date": "2053-06-11"}),
          ("grant_certificate", {"token": CT, "visit_id": "$visits.0.visit_id"})]
GWENNAP_AFTER = GWENNAP + [
    ("suspend_certificate", {"token": CT, "certificate_id": "$grant_certificate.certificate_id",
                             "reason": "operator_request"}),
    ("reinstate_certificate", {"token": CT, "certificate_id": "$grant_certificate.certificate_id"})]
GWENNAP_WHITE = GWENNAP + [
    sign_in("kitto"),
    ("add_product", {"token": KT, "certificate_id": "$grant_certificate.certificate_id",
                     "product": "Stoneground white flour", "claim": "organic", "parcel_ids": []})]
FOLLOW_UP = [sign_in("elestren"), ("visits", {"token": ET, "date": TODAY}),
             ("start_visit", {"token": ET, "visit_id": "$visits.1.visit_id"}),
             ("submit_report", {"token": ET, "visit_id": "$visits.1.visit_id",
                                "summary": "Cleaning records now kept for every conventional run"}),
             sign_in("conan"),
             ("review_visit", {"token": CT, "visit_id": "$visits.1.visit_id", "outcome": "satisfactory"})]


def gwennap_contact(via: str) -> list:
    look, op = operator(via, TT, "Gwennap")
    return [sign_in("tegen"), *look, ("operator_file", {"token": TT, "operator_id": op}),
            ("update_contact", {"token": TT, "operator_id": op, "email": "accounts@gwennapstoneground.example"})]


def gwennap_invoice(via: str) -> list:
    look, op = operator(via, KT, "Gwennap")
    return [sign_in("kitto"), *look, ("fee_scale", {}),
            ("raise_invoice", {"token": KT, "operator_id": op, "fee_code": "$fee_scale.4.0"}),
            ("record_payment", {"token": KT, "invoice_id": "$raise_invoice.invoice_id", "amount": 180.0,
                                "method": "bank_transfer"})]


# ---- Quillet Wholefoods: TRACES and the quinoa

QUILLET = [sign_in("tegen"), find(TT, "Quillet"),
           ("set_traces_access", {"token": TT, "operator_id": "$find_operator.0.operator_id", "enabled": True}),
           ("request_coi", {"token": TT, "operator_id": "$find_operator.0.operator_id",
                            "consignment": "Organic white quinoa, container MSCU 4471203", "origin": "Peru",
                            "exporter_certificate": "PE-BIO-149-0712", "tonnes": 18.5}),
           sign_in("conan"),
           ("check_consignment", {"token": CT, "coi_id": "$request_coi.coi_id", "seal_numbers": ["ML-PE 0448812"],
                                  "documents_in_order": True}),
           ("endorse_coi", {"token": CT, "coi_id": "$request_coi.coi_id"})]
IMPORTER = [sign_in("kitto"), ("register_operator", {"token": KT, **NEW_IMPORTER}), ("scopes", {}),
            ("add_scope", {"token": KT, "operator_id": "$register_operator.operator_id", "scope_code": "$scopes.4.0"}),
            ("fee_scale", {}),
            ("raise_invoice", {"token": KT, "operator_id": "$register_operator.operator_id",
                               "fee_code": "$fee_scale.0.0"}),
            ("record_payment", {"token": KT, "invoice_id": "$raise_invoice.invoice_id", "amount": 150.0,
                                "method": "card"}),
            ("inspectors", {"token": KT, "region": "north"}),
            ("schedule_inspection", {"token": KT, "operator_id": "$register_operator.operator_id",
                                     "inspector_id": "$inspectors.0.inspector_id", "date": TODAY,
                                     "kind": "annual"}),
            ("start_visit", {"token": KT, "visit_id": "$schedule_inspection.visit_id"}),
            ("submit_report", {"token": KT, "visit_id": "$schedule_inspection.visit_id",
                               "summary": "Warehouse and traceability in order"}),
            sign_in("conan"),
            ("review_visit", {"token": CT, "visit_id": "$schedule_inspection.visit_id", "outcome": "satisfactory"}),
            ("grant_certificate", {"token": CT, "visit_id": "$schedule_inspection.visit_id"}),
            ("set_traces_access", {"token": KT, "operator_id": "$register_operator.operator_id", "enabled": True}),
            ("request_coi", {"token": KT, "operator_id": "$register_operator.operator_id",
                             "consignment": "Organic black pepper, container TGHU 2209184", "origin": "Sri Lanka",
                             "exporter_certificate": "LK-BIO-154-0093", "tonnes": 4.0})]

# ---- Hendra Fruit Farm: the application fee, scope, land and first visit

LAND = {"find_operator": {"field_name": "Top Plat", "hectares": 2.4, "last_prohibited_input": "2051-11-10",
                          "crop": "Apples"},
        "register_operator": {"field_name": "Herb Plat", "hectares": 0.8, "last_prohibited_input": "2050-04-14",
                              "crop": "Culinary herbs"}}


def hendra(via: str) -> list:
    look, op = operator(via, KT, "Hendra")
    fee = ([("fee_scale", {}),
            ("raise_invoice", {"token": KT, "operator_id": op, "fee_code": "$fee_scale.0.0"}),
            ("record_payment", {"token": KT, "invoice_id": "$raise_invoice.invoice_id", "amount": 150.0,
                                "method": "card"})]
           if via == "register_operator" else
           [("invoices", {"token": KT, "operator_id": op, "status": "unpaid"}),
            ("record_payment", {"token": KT, "invoice_id": "$invoices.0.invoice_id", "amount": 150.0,
                                "method": "card"})])
    return [sign_in("kitto"), *look, *fee, ("scopes", {}),
            ("add_scope", {"token": KT, "operator_id": op, "scope_code": "$scopes.0.0"}),
            ("register_parcel", {"token": KT, "operator_id": op, **LAND[via]}),
            ("parcels", {"token": KT, "operator_id": op}),
            ("inspectors", {"token": KT, "region": "west"}),
            ("schedule_inspection", {"token": KT, "operator_id": op, "inspector_id": "$inspectors.0.inspector_id",
                                     "date": NEXT_TUE, "kind": "annual"}),
            ("send_notice", {"token": KT, "operator_id": op, "subject": "Your first inspection",
                             "body": "Ruan Polglase will visit on Tuesday 15 July at ten o'clock."}),
            ("operator_file", {"token": KT, "operator_id": op})]


def hendra_today(via: str) -> list:
    """Hendra Fruit Farm's first visit booked for today, made, reviewed and its certificate granted."""
    steps = cut(hendra(via), "add_scope") + [
        ("inspectors", {"token": KT, "region": "west"}),
        ("schedule_inspection", {"token": KT, "operator_id": operator(via, KT, "Hendra")[1],
                                 "inspector_id": "$inspectors.0.inspector_id", "date": TODAY, "kind": "annual"}),
        sign_in("ruan"), ("start_visit", {"token": RT, "visit_id": "$schedule_inspection.visit_id"}),
        ("record_finding", {"token": RT, "visit_id": "$schedule_inspection.visit_id", "clause": "3.2.1",
                            "severity": "minor", "description": "No map of the parcels kept on the holding"}),
        ("take_sample", {"token": RT, "visit_id": "$schedule_inspection.visit_id", "material": "Apple leaves"}),
        ("submit_report", {"token": RT, "visit_id": "$schedule_inspection.visit_id",
                           "summary": "A small orchard in good order; leaves sampled"}),
        sign_in("tegen"),
        ("record_lab_result", {"token": TT, "sample_id": "$take_sample.sample_id", "result": "not_detected",
                               "lab_reference": "Cambrelab 53/7790"}),
        sign_in("conan"),
        ("review_visit", {"token": CT, "visit_id": "$schedule_inspection.visit_id", "outcome": "satisfactory"}),
        ("grant_certificate", {"token": CT, "visit_id": "$schedule_inspection.visit_id"})]
    return steps


def derogation_new(via: str) -> list:
    look, op = operator(via, TT, "Tolverne")
    scope = [] if via == "find_operator" else [
        ("scopes", {}), ("add_scope", {"token": TT, "operator_id": op, "scope_code": "$scopes.0.0"})]
    return [sign_in("tegen"), *look, *scope,
            ("request_derogation", {"token": TT, "operator_id": op, "kind": "non_organic_seed", "quantity": 0.05,
                                    "details": "Seed of lovage: none organic on the seed database"})]


def traces(via: str) -> list:
    if via == "find_operator":
        return cut(QUILLET, "set_traces_access")
    return cut(IMPORTER, "add_scope") + [
        ("set_traces_access", {"token": KT, "operator_id": "$register_operator.operator_id", "enabled": True})]


def coi(via: str) -> list:
    return cut(QUILLET, "request_coi") if via == "find_operator" else IMPORTER


# ---- Carnmoor Free Range: the overdue fee and the suspension

CARNMOOR = [("public_register", {"search": "Carnmoor"}), sign_in("kitto"), find(KT, "Carnmoor"),
            ("invoices", {"token": KT, "operator_id": "$find_operator.0.operator_id", "status": "unpaid"}),
            ("record_payment", {"token": KT, "invoice_id": "$invoices.0.invoice_id", "amount": 420.0,
                                "method": "bank_transfer"}),
            ("reinstate_certificate", {"token": KT, "certificate_id": "$public_register.0.certificate_id"})]


def nancekuke(via: str) -> list:
    look, op = operator(via, TT, "Nancekuke")
    return [sign_in("tegen"), *look, ("parcels", {"token": TT, "operator_id": op}),
            ("update_contact", {"token": TT, "operator_id": op, "phone": "07700 900415"}),
            ("send_notice", {"token": TT, "operator_id": op, "subject": "Your application",
                             "body": "Thank you: your application fee invoice follows."})]


VIAS = ("find_operator", "register_operator")
_BODY = (
    # operators
    [(via, "operator_file", cut(gwennap_contact(via) if via == "find_operator" else hendra(via), "operator_file"))
     for via in VIAS]
    + [(via, "update_contact",
        gwennap_contact(via) if via == "find_operator" else cut(nancekuke(via), "update_contact")) for via in VIAS]
    + [(via, "add_scope", cut(hendra(via), "add_scope")) for via in VIAS]
    + [(via, "register_parcel", cut(hendra(via), "register_parcel")) for via in VIAS]
    + [(via, "parcels", cut(hendra(via), "parcels")) for via in VIAS]
    + [(via, "set_traces_access", traces(via)) for via in VIAS]
    + [(via, "request_derogation", derogation_new(via)) for via in VIAS]
    + [(via, "schedule_inspection", cut(hendra(via), "schedule_inspection")) for via in VIAS]
    + [(via, "request_coi", coi(via)) for via in VIAS]
    + [(via, "raise_invoice", cut(gwennap_invoice(via), "raise_invoice")) for via in VIAS]
    + [(via, "send_notice", cut(hendra(via), "send_notice")) for via in VIAS]
    + [
        # visits
        ("visits", "start_visit", cut(TOLVERNE, "start_visit")),
        ("schedule_inspection", "start_visit", cut(hendra_today("find_operator"), "start_visit")),
        ("visits", "record_finding", cut(TOLVERNE, "record_finding")),
        ("schedule_inspection", "record_finding", cut(hendra_today("find_operator"), "record_finding")),
        ("visits", "take_sample", cut(TOLVERNE, "take_sample")),
        ("schedule_inspection", "take_sample", cut(hendra_today("find_operator"), "take_sample")),
        ("visits", "submit_report", cut(FOLLOW_UP, "submit_report")),
        ("schedule_inspection", "submit_report", cut(hendra_today("find_operator"), "submit_report")),
        ("visits", "review_visit", FOLLOW_UP),
        ("schedule_inspection", "review_visit", cut(hendra_today("find_operator"), "review_visit")),
        ("visits", "grant_certificate", GWENNAP),
        ("schedule_inspection", "grant_certificate", hendra_today("find_operator")),
        # certificates
        ("grant_certificate", "suspend_certificate", cut(GWENNAP_AFTER, "suspend_certificate")),
        ("find_operator", "suspend_certificate", cut(SUSPEND_TOLVERNE, "suspend_certificate")),
        ("grant_certificate", "reinstate_certificate", GWENNAP_AFTER),
        ("find_operator", "reinstate_certificate", CARNMOOR),
        ("grant_certificate", "add_product", GWENNAP_WHITE),
        ("find_operator", "add_product", cut(TOLVERNE_POTATOES, "add_product")),
        # the other ids
        ("inspectors", "schedule_inspection", cut(hendra("find_operator"), "schedule_inspection")),
        ("take_sample", "record_lab_result", cut(TOLVERNE, "record_lab_result")),
        ("samples", "record_lab_result", cut(GWENNAP, "record_lab_result")),
        ("record_finding", "respond_to_finding", cut(TOLVERNE_FINDING, "respond_to_finding")),
        ("findings", "respond_to_finding", cut(GWENNAP, "respond_to_finding")),
        ("record_finding", "close_finding", TOLVERNE_FINDING),
        ("findings", "close_finding", cut(GWENNAP, "close_finding")),
        ("request_derogation", "decide_derogation", SEED_NEW),
        ("derogations", "decide_derogation", SEED),
        ("register_parcel", "add_product", TOLVERNE_NEW_FIELD),
        ("parcels", "add_product", cut(TOLVERNE_POTATOES, "add_product")),
        ("add_product", "approve_label", TOLVERNE_POTATOES),
        ("raise_invoice", "record_payment", gwennap_invoice("find_operator")),
        ("invoices", "record_payment", cut(CARNMOOR, "record_payment")),
        ("request_coi", "check_consignment", cut(QUILLET, "check_consignment")),
        ("request_coi", "endorse_coi", QUILLET),
        # vocabulary, documents, vetting, payment
        ("scopes", "add_scope", cut(hendra("find_operator"), "add_scope")),
        ("fee_scale", "raise_invoice", cut(gwennap_invoice("find_operator"), "raise_invoice")),
        ("record_lab_result", "grant_certificate", GWENNAP),
        ("respond_to_finding", "close_finding", cut(GWENNAP, "close_finding")),
        ("review_visit", "grant_certificate", TOLVERNE),
        ("check_consignment", "endorse_coi", QUILLET),
        ("record_payment", "schedule_inspection", cut(hendra("find_operator"), "schedule_inspection")),
        ("record_payment", "reinstate_certificate", CARNMOOR),
        # states and the setting
        ("start_visit", "record_finding", cut(TOLVERNE, "record_finding")),
        ("start_visit", "take_sample", cut(TOLVERNE, "take_sample")),
        ("start_visit", "submit_report", cut(FOLLOW_UP, "submit_report")),
        ("submit_report", "review_visit", FOLLOW_UP),
        ("close_finding", "grant_certificate", GWENNAP),
        ("add_scope", "register_parcel", cut(hendra("find_operator"), "register_parcel")),
        ("add_scope", "schedule_inspection", cut(hendra("find_operator"), "schedule_inspection")),
        ("add_scope", "set_traces_access", traces("register_operator")),
        ("add_scope", "request_derogation", derogation_new("register_operator")),
        ("grant_certificate", "request_coi", IMPORTER),
        ("suspend_certificate", "reinstate_certificate", SUSPEND_TOLVERNE),
        ("set_traces_access", "request_coi", cut(QUILLET, "request_coi")),
    ]
)

_OWN = {"sign_out": [sign_in("kitto"), ("sign_out", {"token": KT})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above that
    reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the derogations read before the follow-up visit at Gwennap Stoneground is opened
    ("derogations", cut(SEED, "derogations") + cut(FOLLOW_UP, "start_visit")),
    # the seed derogation decided before Carnmoor Free Range's certificate is reinstated
    ("decide_derogation", SEED + CARNMOOR),
    # Gwennap Stoneground's e-mail changed before its flour sample's result is entered
    ("update_contact", gwennap_contact("find_operator") + cut(GWENNAP, "record_lab_result")),
    # the public register searched before Quillet Wholefoods' consignment is checked
    ("public_register", [("public_register", {"search": "Quillet"})] + cut(QUILLET, "check_consignment")),
    # a notice sent to Hendra Fruit Farm before the wheat at Tolverne Barton is sampled
    ("send_notice", [sign_in("tegen"), find(TT, "Hendra"),
                     ("send_notice", {"token": TT, "operator_id": "$find_operator.0.operator_id",
                                      "subject": "Your first inspection", "body": "We will write with a date."})]
     + cut(TOLVERNE, "take_sample")),
    # Carnmoor Free Range's fee paid before Tolverne Barton's potatoes go on its certificate
    ("record_payment", cut(CARNMOOR, "record_payment") + cut(TOLVERNE_POTATOES, "add_product")),
    # the wheat sampled at Tolverne Barton before Gwennap Stoneground's finding is closed
    ("take_sample", cut(TOLVERNE, "take_sample") + cut(GWENNAP, "close_finding")),
    # the scopes read before the seed derogation is decided
    ("scopes", [("scopes", {})] + SEED),
]
