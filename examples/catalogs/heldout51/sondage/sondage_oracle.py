"""Scripted proofs that Sondage's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "hildegard")``) and pass ``"$hildegard.token"``; replies are read by field (``"$open_project.project_id"``,
``"$wsi.document_id"``, ``"$raise_invoice.invoice_id"``, ``"$record_service_scan.scan_id"``,
``"$open_trench.trench_id"``, ``"$fill.context_no"``, ``"$register_find.find_id"``, ``"$take_sample.sample_id"``,
``"$apply_remains_licence.application_id"``, ``"$request_accession.accession_number"``), list entries by position and
field (``"$projects.0.project_id"``, ``"$invoices.0.invoice_id"`` with ``"$invoices.0.amount"``,
``"$finds.0.find_id"``), rows by row and column (``"$trenches.1.0"``, ``"$contexts.4.0"``, ``"$periods.3.0"``,
``"$find_types.4.0"``, ``"$specialists.0.0"``, ``"$museums.0.0"``). The positions follow the fresh state's order
(records by id, each list filtered as the call asks). Every id, code and number of the unit's is read from a reply;
none is written literally (clients, sites, references, grid and planning references, licence numbers, measurements,
weights, amounts and notes are written as the staff are told them).

The day: Greenacre Farm solar park is opened, its WSI filed, submitted and approved, its mobilisation invoice paid and
its fieldwork started; its first trench is scanned for, opened and recorded, a ditch's pottery registered, a sample
taken and sent; the old tannery's WSI is approved, its invoice paid, its risk assessment filed and its fieldwork
started; at Helmsby a licence is sought and recorded, skeleton 205 lifted, the last trenches closed, the curator's visit
satisfactory and fieldwork finished, a brooch sent for conservation and a pin registered; Garrowby's archive is given
an accession number, a retention policy, prepared, paid for and deposited, its report submitted and the project signed
off.
"""

import sondage_tools as tools

WHO = {"hildegard": ("hildegard.e", "Scheme-Trial-35"), "brynjar": ("brynjar.w", "Section-Plan-62"),
       "linnea": ("linnea.m", "Sherd-Bag-47"), "eberhard": ("eberhard.k", "Femur-Scale-18"),
       "philippina": ("philippina.i", "Acid-Free-Box-24"), "gawain": ("gawain.t", "Stage-Invoice-71"),
       "hyacintha": ("hyacintha.o", "Condition-Met-56"), "reginald": ("reginald.w", "Unit-Head-93")}
IT, CT, DT, ET = "$hildegard.token", "$brynjar.token", "$linnea.token", "$eberhard.token"
PT, GT, HT, RT = "$philippina.token", "$gawain.token", "$hyacintha.token", "$reginald.token"
NEWP = "$open_project.project_id"
P0 = "$projects.0.project_id"
TR = "$open_trench.trench_id"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- Greenacre Farm solar park: a new evaluation from its opening to its first trench

GREENACRE = [
    login("hildegard"),
    ("open_project", {"token": IT, "client": "Skelwith Solar Ltd", "site": "Greenacre Farm solar park, Skelwith",
                      "parish": "Skelwith", "grid_reference": "NY 3655 0412", "planning_reference": "54/0311/FUL",
                      "kind": "evaluation"}),
    ("upload_document", {"token": IT, "project_id": NEWP, "kind": "wsi", "reference": "WSI-GFS-01", "revision": 1},
     "wsi"),
    ("upload_document", {"token": IT, "project_id": NEWP, "kind": "risk_assessment", "reference": "RA-GFS-01",
                         "revision": 1}, "ra"),
    ("submit_wsi", {"token": IT, "project_id": NEWP, "document_id": "$wsi.document_id"}),
    login("hyacintha"),
    ("approve_wsi", {"token": HT, "project_id": NEWP, "conditions": "Trial trenching over 4% of the site"}),
    login("gawain"),
    ("raise_invoice", {"token": GT, "project_id": NEWP, "stage": "mobilisation", "amount": 1850.0}),
    ("record_payment", {"token": GT, "invoice_id": "$raise_invoice.invoice_id", "amount": 1850.0, "method": "bacs"}),
    ("start_fieldwork", {"token": IT, "project_id": NEWP}),
    login("brynjar"),
    ("record_service_scan", {"token": CT, "project_id": NEWP, "surveyor": "Brynjar Wetherell",
                             "services_found": ["11 kV cable along the north hedge"]}),
    ("open_trench", {"token": CT, "project_id": NEWP, "label": "Trench 1", "length_m": 30.0, "width_m": 1.8,
                     "scan_id": "$record_service_scan.scan_id"}),
    ("periods", {}),
    ("record_context", {"token": CT, "trench_id": TR, "context_type": "cut",
                        "description": "Ditch, north-east to south-west", "period": "$periods.3.0"}, "cut"),
    ("record_context", {"token": CT, "trench_id": TR, "context_type": "fill",
                        "description": "Ditch fill, grey silt with pottery", "period": "$periods.3.0"}, "fill"),
    ("relate_contexts", {"token": CT, "trench_id": TR, "context_no": "$fill.context_no",
                         "later_than": ["$cut.context_no"]}),
    ("find_types", {}), login("linnea"),
    ("register_find", {"token": DT, "trench_id": TR, "context_no": "$fill.context_no",
                       "find_type": "$find_types.0.0", "count": 9, "weight_g": 74.5}),
    ("take_sample", {"token": CT, "trench_id": TR, "context_no": "$fill.context_no", "sample_type": "bulk",
                     "litres": 40.0}),
    ("specialists", {"token": DT}),
    ("send_samples", {"token": DT, "sample_ids": ["$take_sample.sample_id"], "specialist_code": "$specialists.0.0"}),
    ("close_trench", {"token": CT, "trench_id": TR, "backfilled": True,
                      "notes": "Ditch excavated and recorded; trench backfilled"})]
GREENACRE_DETAIL = cut(GREENACRE, "open_project") + [("project_detail", {"token": IT, "project_id": NEWP})]
GREENACRE_CONTEXTS = cut(GREENACRE, "open_trench") + [("contexts", {"token": CT, "trench_id": TR})]
GREENACRE_SAMPLE = cut(GREENACRE, "open_trench") + [
    ("record_context", {"token": CT, "trench_id": TR, "context_type": "layer", "description": "Buried soil",
                        "period": "UND"}),
    ("take_sample", {"token": CT, "trench_id": TR, "context_no": "$record_context.context_no", "sample_type": "pollen",
                     "litres": 2.0})]

# ---- the old tannery: WSI approved, invoice paid, risk assessment filed, fieldwork started

TANNERY = [
    login("hyacintha"), ("projects", {"token": HT, "status": "wsi_submitted"}),
    ("approve_wsi", {"token": HT, "project_id": P0, "conditions": "none"}),
    login("gawain"), ("invoices", {"token": GT, "project_id": P0, "status": "unpaid"}),
    ("record_payment", {"token": GT, "invoice_id": "$invoices.0.invoice_id", "amount": "$invoices.0.amount",
                        "method": "bacs"}),
    login("hildegard"),
    ("upload_document", {"token": IT, "project_id": P0, "kind": "risk_assessment", "reference": "RA-TBS-01",
                         "revision": 1}),
    ("start_fieldwork", {"token": IT, "project_id": P0})]
TANNERY_INVOICE = [login("gawain"), ("projects", {"token": GT, "status": "wsi_submitted"}),
                   ("raise_invoice", {"token": GT, "project_id": P0, "stage": "fieldwork", "amount": 2600.0})]
TANNERY_DETAIL = [login("reginald"), ("projects", {"token": RT, "status": "wsi_submitted"}),
                  ("project_detail", {"token": RT, "project_id": P0})]

# ---- Helmsby: the licence, skeleton 205, the last trenches, the curator's visit, the end of fieldwork

HELMSBY = [
    login("hildegard"), ("projects", {"token": IT, "status": "fieldwork"}),
    ("apply_remains_licence", {"token": IT, "project_id": P0,
                               "reason": "Supine inhumation 205 in grave 202, Trench 2, to be lifted before the "
                                         "ditch beside it is excavated"}),
    ("record_licence", {"token": IT, "application_id": "$apply_remains_licence.application_id",
                        "licence_number": "24-0117", "expires": "2056-05-20"}),
    login("eberhard"), ("trenches", {"token": ET, "project_id": P0}),
    ("contexts", {"token": ET, "trench_id": "$trenches.1.0"}),
    ("record_skeleton", {"token": ET, "trench_id": "$trenches.1.0", "context_no": "$contexts.4.0",
                         "age_range": "36-45", "sex": "female", "completeness_pct": 85}),
    login("brynjar"),
    ("close_trench", {"token": CT, "trench_id": "$trenches.1.0", "backfilled": True,
                      "notes": "Grave and ditch fully excavated; backfilled"}),
    ("close_trench", {"token": CT, "trench_id": "$trenches.2.0", "backfilled": True,
                      "notes": "Buried soil sampled; backfilled"}, "trench3"),
    login("hyacintha"),
    ("record_monitoring_visit", {"token": HT, "project_id": P0, "outcome": "satisfactory",
                                 "notes": "Burial lifted under licence; all features excavated"}),
    ("finish_fieldwork", {"token": IT, "project_id": P0})]
HELMSBY_ACCESSION = HELMSBY + [login("philippina"), ("museums", {"token": PT}),
                               ("request_accession", {"token": PT, "project_id": P0, "museum_code": "$museums.2.0"})]
HELMSBY_ARCHIVE = HELMSBY + [
    login("philippina"),
    ("set_retention_policy", {"token": PT, "project_id": P0, "policy": "retain_all",
                              "notes": "Helmsby Museum keeps everything from a Roman cemetery"}),
    ("prepare_archive", {"token": PT, "project_id": P0, "boxes": 9, "digital_files": 640})]
HELMSBY_SCAN = [login("brynjar"), ("projects", {"token": CT, "status": "fieldwork"}),
                ("record_service_scan", {"token": CT, "project_id": P0, "surveyor": "Brynjar Wetherell",
                                         "services_found": []})]
TRENCH3 = [login("brynjar"), ("projects", {"token": CT, "status": "fieldwork"}),
           ("trenches", {"token": CT, "project_id": P0}), ("periods", {}),
           ("record_context", {"token": CT, "trench_id": "$trenches.2.0", "context_type": "layer",
                               "description": "Natural, yellow sand", "period": "$periods.8.0"})]
TRENCH3_SAMPLE = [login("brynjar"), ("projects", {"token": CT, "status": "fieldwork"}),
                  ("trenches", {"token": CT, "project_id": P0}),
                  ("contexts", {"token": CT, "trench_id": "$trenches.2.0"}),
                  ("take_sample", {"token": CT, "trench_id": "$trenches.2.0", "context_no": "$contexts.1.0",
                                   "sample_type": "pollen", "litres": 2.0})]
PIN = [login("linnea"), ("projects", {"token": DT, "status": "fieldwork"}),
       ("trenches", {"token": DT, "project_id": P0}),
       ("contexts", {"token": DT, "trench_id": "$trenches.2.0"}), ("find_types", {}),
       ("register_find", {"token": DT, "trench_id": "$trenches.2.0", "context_no": "$contexts.1.0",
                          "find_type": "$find_types.4.0", "count": 1, "weight_g": 6.1, "small_find": True}),
       ("request_conservation", {"token": DT, "find_id": "$register_find.find_id",
                                 "treatment": "Clean and stabilise the bronze pin"})]
BROOCH = [login("linnea"), ("projects", {"token": DT, "status": "fieldwork"}),
          ("finds", {"token": DT, "project_id": P0, "find_type": "MTL"}),
          ("request_conservation", {"token": DT, "find_id": "$finds.0.find_id",
                                    "treatment": "Stabilise the copper-alloy brooch and x-ray it"})]

# ---- Garrowby: accession, retention, archive, deposition fee, deposit, report, sign-off

GARROWBY = [
    login("philippina"), ("projects", {"token": PT, "status": "post_excavation"}),
    ("museums", {"token": PT}),
    ("request_accession", {"token": PT, "project_id": P0, "museum_code": "$museums.0.0"}),
    ("set_retention_policy", {"token": PT, "project_id": P0, "policy": "selective",
                              "notes": "Keep the pottery and clay pipe; discard the brick after recording"}),
    ("prepare_archive", {"token": PT, "project_id": P0, "boxes": 4, "digital_files": 180}),
    login("gawain"),
    ("raise_invoice", {"token": GT, "project_id": P0, "stage": "deposition", "amount": 440.0}),
    ("record_payment", {"token": GT, "invoice_id": "$raise_invoice.invoice_id", "amount": 440.0, "method": "bacs"}),
    ("deposit_archive", {"token": PT, "project_id": P0, "accession_number": "$request_accession.accession_number"}),
    login("hildegard"),
    ("upload_document", {"token": IT, "project_id": P0, "kind": "report", "reference": "FMA-2305-R01",
                         "revision": 1}),
    ("submit_report", {"token": IT, "project_id": P0, "document_id": "$upload_document.document_id"}),
    login("hyacintha"),
    ("sign_off", {"token": HT, "project_id": P0, "remarks": "Report accepted and archive deposited"})]

_BODY = [
    ("open_project", "project_detail", GREENACRE_DETAIL),
    ("projects", "project_detail", TANNERY_DETAIL),
    ("open_project", "upload_document", cut(GREENACRE, "wsi")),
    ("projects", "upload_document", cut(TANNERY, "upload_document")),
    ("open_project", "submit_wsi", cut(GREENACRE, "submit_wsi")),
    ("projects", "submit_wsi", [login("reginald"), ("open_project", {
        "token": RT, "client": "Skelwith Solar Ltd", "site": "Greenacre Farm solar park, Skelwith",
        "parish": "Skelwith", "grid_reference": "NY 3655 0412", "planning_reference": "54/0311/FUL",
        "kind": "evaluation"}),
        ("upload_document", {"token": RT, "project_id": NEWP, "kind": "wsi", "reference": "WSI-GFS-01",
                             "revision": 1}),
        ("projects", {"token": RT, "status": "set_up"}),
        ("submit_wsi", {"token": RT, "project_id": P0, "document_id": "$upload_document.document_id"})]),
    ("open_project", "raise_invoice", cut(GREENACRE, "raise_invoice")),
    ("projects", "raise_invoice", TANNERY_INVOICE),
    ("open_project", "start_fieldwork", cut(GREENACRE, "start_fieldwork")),
    ("projects", "start_fieldwork", TANNERY),
    ("open_project", "record_service_scan", cut(GREENACRE, "record_service_scan")),
    ("projects", "record_service_scan", HELMSBY_SCAN),
    ("projects", "approve_wsi", cut(TANNERY, "approve_wsi")),
    ("projects", "apply_remains_licence", cut(HELMSBY, "apply_remains_licence")),
    ("projects", "record_monitoring_visit", cut(HELMSBY, "record_monitoring_visit")),
    ("projects", "finish_fieldwork", HELMSBY),
    ("projects", "request_accession", cut(GARROWBY, "request_accession")),
    ("projects", "set_retention_policy", cut(GARROWBY, "set_retention_policy")),
    ("projects", "prepare_archive", cut(GARROWBY, "prepare_archive")),
    ("projects", "submit_report", cut(GARROWBY, "submit_report")),
    ("projects", "sign_off", GARROWBY),
    ("projects", "trenches", cut(HELMSBY_SCAN, "projects") + [("trenches", {"token": CT, "project_id": P0})]),
    ("open_trench", "record_context", cut(GREENACRE, "cut")),
    ("trenches", "record_context", TRENCH3),
    ("open_trench", "contexts", GREENACRE_CONTEXTS),
    ("trenches", "contexts", cut(HELMSBY, "contexts")),
    ("open_trench", "take_sample", cut(GREENACRE, "take_sample")),
    ("trenches", "take_sample", TRENCH3_SAMPLE),
    ("open_trench", "close_trench", GREENACRE),
    ("trenches", "close_trench", cut(HELMSBY, "close_trench")),
    ("trenches", "register_find", cut(PIN, "register_find")),
    ("trenches", "record_skeleton", cut(HELMSBY, "record_skeleton")),
    ("record_context", "register_find", cut(GREENACRE, "register_find")),
    ("contexts", "register_find", cut(PIN, "register_find")),
    ("record_context", "record_skeleton", cut(GREENACRE, "open_trench") + [
        ("record_context", {"token": CT, "trench_id": TR, "context_type": "skeleton",
                            "description": "Crouched inhumation in a shallow pit", "period": "BA"}),
        login("hildegard"),
        ("apply_remains_licence", {"token": IT, "project_id": NEWP, "reason": "A crouched burial in Trench 1"}),
        ("record_licence", {"token": IT, "application_id": "$apply_remains_licence.application_id",
                            "licence_number": "24-0139", "expires": "2056-05-20"}),
        login("eberhard"),
        ("record_skeleton", {"token": ET, "trench_id": TR, "context_no": "$record_context.context_no",
                             "age_range": "18-25", "sex": "unknown", "completeness_pct": 40})]),
    ("contexts", "record_skeleton", cut(HELMSBY, "record_skeleton")),
    ("record_context", "take_sample", GREENACRE_SAMPLE),
    ("contexts", "take_sample", TRENCH3_SAMPLE),
    ("raise_invoice", "record_payment", cut(GREENACRE, "record_payment")),
    ("invoices", "record_payment", cut(TANNERY, "record_payment")),
    ("register_find", "request_conservation", PIN),
    ("finds", "request_conservation", BROOCH),
    ("record_context", "relate_contexts", cut(GREENACRE, "relate_contexts")),
    ("take_sample", "send_samples", cut(GREENACRE, "send_samples")),
    ("apply_remains_licence", "record_licence", cut(HELMSBY, "record_licence")),
    ("request_accession", "deposit_archive", cut(GARROWBY, "deposit_archive")),
    ("upload_document", "submit_wsi", cut(GREENACRE, "submit_wsi")),
    ("upload_document", "submit_report", cut(GARROWBY, "submit_report")),
    ("find_types", "register_find", cut(PIN, "register_find")),
    ("periods", "record_context", TRENCH3),
    ("specialists", "send_samples", cut(GREENACRE, "send_samples")),
    ("museums", "request_accession", cut(GARROWBY, "request_accession")),
    ("upload_document", "start_fieldwork", TANNERY),
    ("record_service_scan", "open_trench", cut(GREENACRE, "open_trench")),
    ("record_licence", "record_skeleton", cut(HELMSBY, "record_skeleton")),
    ("approve_wsi", "start_fieldwork", TANNERY),
    ("record_monitoring_visit", "finish_fieldwork", HELMSBY),
    ("record_payment", "start_fieldwork", TANNERY),
    ("record_payment", "deposit_archive", cut(GARROWBY, "deposit_archive")),
    ("set_retention_policy", "prepare_archive", cut(GARROWBY, "prepare_archive")),
    ("submit_wsi", "approve_wsi", cut(GREENACRE, "approve_wsi")),
    ("record_skeleton", "close_trench", cut(HELMSBY, "close_trench")),
    ("close_trench", "finish_fieldwork", HELMSBY),
    ("finish_fieldwork", "request_accession", HELMSBY_ACCESSION),
    ("finish_fieldwork", "prepare_archive", HELMSBY_ARCHIVE),
    ("prepare_archive", "deposit_archive", cut(GARROWBY, "deposit_archive")),
    ("submit_report", "sign_off", GARROWBY),
    ("deposit_archive", "sign_off", GARROWBY),
]

_OWN = {"sign_out": [login("reginald"), ("sign_out", {"token": RT})]}


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
    # the find types read before the tannery's WSI is approved
    ("find_types", [("find_types", {})] + cut(TANNERY, "approve_wsi")),
    # the brooch sent for conservation before Garrowby's accession number is asked for
    ("request_conservation", BROOCH + cut(GARROWBY, "request_accession")),
    # Garrowby's retention policy agreed before the tannery's fieldwork starts
    ("set_retention_policy", cut(GARROWBY, "set_retention_policy") + TANNERY),
    # the tannery's detail read before Helmsby's licence is applied for
    ("project_detail", TANNERY_DETAIL + cut(HELMSBY, "apply_remains_licence")),
    # Helmsby's scan recorded before Garrowby's archive is prepared
    ("record_service_scan", HELMSBY_SCAN + cut(GARROWBY, "prepare_archive")),
    # the tannery's fieldwork invoice raised before the brooch is sent for conservation
    ("raise_invoice", TANNERY_INVOICE + BROOCH),
    # the museums listed before Greenacre's WSI is submitted
    ("museums", [login("reginald"), ("museums", {"token": RT})] + cut(GREENACRE, "submit_wsi")),
    # a pollen sample taken in Helmsby's Trench 3 before the brooch is sent for conservation
    ("take_sample", TRENCH3_SAMPLE + BROOCH),
]
