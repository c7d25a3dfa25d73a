"""Scripted proofs that Hardhat's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "agathe")``) and pass ``"$agathe.token"``; replies are read by field (``"$add_client.client_id"``,
``"$open_job.job_id"`` with ``"$open_job.deposit_invoice_id"`` and ``"$open_job.deposit"``,
``"$draft_dive_plan.plan_id"``, ``"$register_diver.diver_id"``, ``"$med.document_id"``, ``"$a_sby.assignment_id"``,
``"$issue_equipment.issue_id"``, ``"$start_dive.dive_id"``, ``"$report_incident.incident_id"``,
``"$invoice_job.invoice_id"`` with ``"$invoice_job.amount"``, ``"$job_detail.issues.0.0"``), list entries by position
and field (``"$jobs.1.job_id"``, ``"$find_client.0.client_id"``, ``"$find_diver.0.diver_id"``,
``"$invoices.0.invoice_id"`` with ``"$invoices.0.amount"``), rows by row and column (``"$sites.4.0"``,
``"$work_types.0.0"``, ``"$crew.3.0"``, ``"$due.0.0"``, ``"$cylinders.1.0"``, ``"$dives.1.0"``). The positions
follow the fresh state's order (records by id, each list filtered as the call asks). Every id and code of the
contractor's is read from a reply; none is written literally (names, dates, depths, times, gas readings and papers'
references are written as the staff are told them).

The day: a new client, Fennel Locks Canal Trust, has a lock inspected: a job opened, its papers filed, a plan drafted
and approved, a team put together, kit inspected and issued, the deposit paid, the job mobilised, the gas analysed and
the first dive started; Holmreach Water asks for a follow-up job; Carrack Sound Ferries pay their deposit and their hull
clean mobilises and dives; at Saltfleet Quay a dive is made with a near miss that is investigated and closed, and Enfys
Birtles's dive ends and the job is finished; the Dunmarrow outfall repairs are completed, invoiced, paid, their
incident closed and their report issued; a new diver, Takuma Jewsbury-Mburu, is registered with his papers and joins the
reservoir job; Tobyn Prickett's medical is renewed and Eurig Nethercott is back from leave, both joining it too; the
reservoir job's plan is redrafted, a method statement filed and the comms unit issued.
"""

import hardhat_tools as tools

WHO = {"walerand": ("walerand.p", "Tender-Quote-24"), "agathe": ("agathe.v", "Mobilise-Board-71"),
       "meurig": ("meurig.p", "Bell-Panel-39"), "iola": ("iola.g", "Medical-Folder-58"),
       "baldric": ("baldric.w", "Analyser-Valve-46"), "glesni": ("glesni.t", "Ledger-Tide-13"),
       "jonty": ("jonty.r", "Harbour-Chief-82")}
HT, AT, FT, PT = "$walerand.token", "$agathe.token", "$meurig.token", "$iola.token"
CT, DT, JT = "$baldric.token", "$glesni.token", "$jonty.token"
JOB = "$open_job.job_id"
J0, J1 = "$jobs.0.job_id", "$jobs.1.job_id"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- a new client's lock inspection, from the first call to the first dive

FENNEL = [
    login("walerand"),
    ("add_client", {"token": HT, "company": "Fennel Locks Canal Trust", "contact_email": "works@fennel-locks.example",
                    "billing_address": "The Lock House, Towpath Lane, Fennel"}),
    ("sites", {}),
    ("work_types", {}),
    ("open_job", {"token": HT, "client_id": "$add_client.client_id", "site_code": "$sites.4.0",
                  "work_type": "$work_types.0.0", "start_date": "2056-05-16",
                  "scope": "Inspection of the lower gates and cill at lock 3"}),
    login("agathe"),
    ("file_job_document", {"token": AT, "job_id": JOB, "kind": "risk_assessment", "reference": "RA-FNL-01",
                           "issued_on": "2056-05-10"}, "ra"),
    ("file_job_document", {"token": AT, "job_id": JOB, "kind": "site_authority", "reference": "FLCT/2056/044",
                           "issued_on": "2056-05-12"}, "sa"),
    login("meurig"),
    ("draft_dive_plan", {"token": FT, "job_id": JOB, "max_depth_m": 5.0, "gas": "air", "bottom_time_min": 60}),
    ("approve_dive_plan", {"token": AT, "plan_id": "$draft_dive_plan.plan_id"}),
    ("divers", {"token": AT, "qualification": "supervisor"}, "sups"),
    ("divers", {"token": AT, "available_only": True}, "crew"),
    ("assign_diver", {"token": AT, "job_id": JOB, "diver_id": "$sups.1.0", "role": "supervisor"}, "a_sup"),
    ("assign_diver", {"token": AT, "job_id": JOB, "diver_id": "$crew.3.0", "role": "diver"}, "a_div"),
    ("assign_diver", {"token": AT, "job_id": JOB, "diver_id": "$crew.6.0", "role": "standby"}, "a_sby"),
    login("baldric"),
    ("equipment", {"token": CT, "due_only": True}, "due"),
    ("inspect_equipment", {"token": CT, "item_id": "$due.0.0", "passed": True,
                           "notes": "Helmet serviced; demand valve and free-flow checked"}, "i1"),
    ("inspect_equipment", {"token": CT, "item_id": "$due.1.0", "passed": True,
                           "notes": "Umbilical pressure-tested and its hose markings checked"}, "i2"),
    ("equipment", {"token": CT, "kind": "bailout"}, "bailouts"),
    ("issue_equipment", {"token": CT, "job_id": JOB, "item_ids": ["$due.0.0", "$due.1.0", "$bailouts.0.0"]}),
    login("glesni"),
    ("record_payment", {"token": DT, "invoice_id": "$open_job.deposit_invoice_id", "amount": "$open_job.deposit",
                        "method": "bacs"}),
    ("mobilise_job", {"token": AT, "job_id": JOB}),
    ("cylinders", {"token": CT, "gas": "air"}),
    ("analyse_gas", {"token": CT, "cylinder_id": "$cylinders.1.0", "oxygen_percent": 20.9,
                     "carbon_monoxide_ppm": 0.4}),
    ("start_dive", {"token": FT, "job_id": JOB, "diver_id": "$crew.3.0", "cylinder_id": "$cylinders.1.0"}),
]
FENNEL_RETURN = cut(FENNEL, "issue_equipment") + [
    ("return_equipment", {"token": CT, "issue_id": "$issue_equipment.issue_id"})]
FENNEL_RELEASE = cut(FENNEL, "a_sby") + [
    ("release_diver", {"token": AT, "assignment_id": "$a_sby.assignment_id",
                       "reason": "Standby moved to the reservoir job"})]
HOLMREACH_FOLLOW_UP = [
    login("walerand"),
    ("find_client", {"token": HT, "text": "Holmreach"}),
    ("sites", {}),
    ("work_types", {}),
    ("open_job", {"token": HT, "client_id": "$find_client.0.client_id", "site_code": "$sites.2.0",
                  "work_type": "$work_types.0.0", "start_date": "2056-05-23",
                  "scope": "Follow-up inspection of the tower's intake screens"}),
]

# ---- planned jobs: Carrack Sound Ferries pay and mobilise; the reservoir job's papers, plan, team and kit

KESTLE = [
    login("glesni"),
    ("invoices", {"token": DT, "status": "unpaid"}),
    ("record_payment", {"token": DT, "invoice_id": "$invoices.0.invoice_id", "amount": "$invoices.0.amount",
                        "method": "card"}),
    login("agathe"),
    ("jobs", {"token": AT, "status": "planned"}),
    ("mobilise_job", {"token": AT, "job_id": J0}),
    login("baldric"),
    ("cylinders", {"token": CT, "gas": "air"}),
    ("analyse_gas", {"token": CT, "cylinder_id": "$cylinders.1.0", "oxygen_percent": 20.8,
                     "carbon_monoxide_ppm": 0.6}),
    login("meurig"),
    ("find_diver", {"token": FT, "text": "Wetheral"}),
    ("start_dive", {"token": FT, "job_id": J0, "diver_id": "$find_diver.0.diver_id", "cylinder_id": "$cylinders.1.0"}),
]
RESERVOIR_PAPER = [login("agathe"), ("jobs", {"token": AT, "status": "planned"}),
                   ("file_job_document", {"token": AT, "job_id": J1, "kind": "method_statement",
                                          "reference": "MS-HRT-02", "issued_on": "2056-05-14"})]
RESERVOIR_PLAN = [login("meurig"), ("jobs", {"token": FT, "status": "planned"}),
                  ("draft_dive_plan", {"token": FT, "job_id": J1, "max_depth_m": 18.0, "gas": "air",
                                       "bottom_time_min": 30})]
RESERVOIR_COMMS = [login("baldric"), ("jobs", {"token": CT, "status": "planned"}),
                   ("equipment", {"token": CT, "kind": "comms"}),
                   ("issue_equipment", {"token": CT, "job_id": J1, "item_ids": ["$equipment.0.0"]})]
RESERVOIR_RELEASE = [login("agathe"), ("jobs", {"token": AT, "status": "planned"}),
                     ("job_detail", {"token": AT, "job_id": J1}),
                     ("release_diver", {"token": AT, "assignment_id": "$job_detail.team.2.0",
                                        "reason": "Standby moved to the lock inspection"})]

# ---- divers: a new diver registered with his papers; a medical renewed; a diver back from leave

KENJI = [
    login("iola"),
    ("register_diver", {"token": PT, "full_name": "Takuma Jewsbury-Mburu", "date_of_birth": "2031-07-22",
                        "qualification": "surface_supplied"}),
    ("file_diver_document", {"token": PT, "diver_id": "$register_diver.diver_id", "kind": "medical",
                             "reference": "AME-2214/560871", "issued_on": "2056-05-09"}, "med"),
    ("file_diver_document", {"token": PT, "diver_id": "$register_diver.diver_id", "kind": "diving_certificate",
                             "reference": "HSE-SS-0448213", "issued_on": "2054-11-18"}, "cert"),
    ("verify_document", {"token": PT, "document_id": "$med.document_id",
                         "checked_with": "the approved medical examiners' register"}, "v_med"),
    ("verify_document", {"token": PT, "document_id": "$cert.document_id",
                         "checked_with": "the diving certificate register"}, "v_cert"),
    login("agathe"),
    ("jobs", {"token": AT, "status": "planned"}),
    ("assign_diver", {"token": AT, "job_id": J1, "diver_id": "$register_diver.diver_id", "role": "diver"}),
]
KENJI_RECORD = cut(KENJI, "register_diver") + [("diver_record", {"token": PT, "diver_id": "$register_diver.diver_id"})]
KENJI_AWAY = cut(KENJI, "register_diver") + [
    ("set_availability", {"token": PT, "diver_id": "$register_diver.diver_id", "available": False,
                          "reason": "Offshore induction course until Friday"})]
TOBIAH = [
    login("iola"),
    ("find_diver", {"token": PT, "text": "Prickett"}),
    ("file_diver_document", {"token": PT, "diver_id": "$find_diver.0.diver_id", "kind": "medical",
                             "reference": "AME-2214/560902", "issued_on": "2056-05-12"}, "med"),
    ("verify_document", {"token": PT, "document_id": "$med.document_id",
                         "checked_with": "the approved medical examiners' register"}),
    login("agathe"),
    ("jobs", {"token": AT, "status": "planned"}),
    ("assign_diver", {"token": AT, "job_id": J1, "diver_id": "$find_diver.0.diver_id", "role": "tender"}),
]
CATHAL = [
    login("iola"),
    ("find_diver", {"token": PT, "text": "Nethercott"}),
    ("set_availability", {"token": PT, "diver_id": "$find_diver.0.diver_id", "available": True}),
    login("agathe"),
    ("jobs", {"token": AT, "status": "planned"}),
    ("assign_diver", {"token": AT, "job_id": J1, "diver_id": "$find_diver.0.diver_id", "role": "diver"}),
]
MARIT_RECORD = [login("jonty"), ("find_diver", {"token": JT, "text": "Ashcott"}),
                ("diver_record", {"token": JT, "diver_id": "$find_diver.0.diver_id"})]

# ---- mobilised jobs: a dive at Saltfleet Quay with a near miss; the quay job finished; Dunmarrow closed out

QUAY_DIVE = [
    login("baldric"),
    ("cylinders", {"token": CT, "gas": "air"}),
    ("analyse_gas", {"token": CT, "cylinder_id": "$cylinders.1.0", "oxygen_percent": 21.0,
                     "carbon_monoxide_ppm": 0.5}),
    login("meurig"),
    ("jobs", {"token": FT, "status": "mobilised"}),
    ("divers", {"token": FT, "available_only": True}),
    ("start_dive", {"token": FT, "job_id": J0, "diver_id": "$divers.2.0", "cylinder_id": "$cylinders.1.0"}),
    ("end_dive", {"token": FT, "dive_id": "$start_dive.dive_id", "max_depth_m": 9.0, "bottom_time_min": 32}),
    ("report_incident", {"token": FT, "dive_id": "$start_dive.dive_id",
                         "description": "Diver's communications failed for two minutes at the bottom; he returned "
                                        "on line signals", "severity": "near_miss"}),
    login("agathe"),
    ("close_incident", {"token": AT, "incident_id": "$report_incident.incident_id",
                        "findings": "Comms connector corroded; replaced and tested"}),
]
QUAY_NEW_HAND = [
    login("agathe"),
    ("jobs", {"token": AT, "status": "mobilised"}),
    ("find_diver", {"token": AT, "text": "Ashcott"}),
    ("assign_diver", {"token": AT, "job_id": J0, "diver_id": "$find_diver.0.diver_id", "role": "diver"}),
    login("baldric"),
    ("cylinders", {"token": CT, "gas": "air"}),
    ("analyse_gas", {"token": CT, "cylinder_id": "$cylinders.1.0", "oxygen_percent": 20.9,
                     "carbon_monoxide_ppm": 0.3}),
    login("meurig"),
    ("start_dive", {"token": FT, "job_id": J0, "diver_id": "$find_diver.0.diver_id",
                    "cylinder_id": "$cylinders.1.0"}),
]
QUAY_FINISH = [
    login("meurig"),
    ("jobs", {"token": FT, "status": "mobilised"}),
    ("dives", {"token": FT, "job_id": J0}),
    ("end_dive", {"token": FT, "dive_id": "$dives.1.0", "max_depth_m": 9.5, "bottom_time_min": 41}),
    login("baldric"),
    ("job_detail", {"token": CT, "job_id": J0}),
    ("return_equipment", {"token": CT, "issue_id": "$job_detail.issues.0.0"}),
    login("agathe"),
    ("complete_job", {"token": AT, "job_id": J0}),
]
QUAY_INCIDENT = cut(QUAY_FINISH, "dives") + [
    ("report_incident", {"token": FT, "dive_id": "$dives.1.0", "description": "Diver's umbilical snagged on a fender "
                         "chain; freed by the diver", "severity": "near_miss"})]
DUNMARROW = [
    login("baldric"),
    ("jobs", {"token": CT, "status": "mobilised"}),
    ("job_detail", {"token": CT, "job_id": J1}),
    ("return_equipment", {"token": CT, "issue_id": "$job_detail.issues.0.0"}),
    login("agathe"),
    ("complete_job", {"token": AT, "job_id": J1}),
    login("glesni"),
    ("invoice_job", {"token": DT, "job_id": J1}),
    ("record_payment", {"token": DT, "invoice_id": "$invoice_job.invoice_id", "amount": "$invoice_job.amount",
                        "method": "bacs"}),
    ("close_incident", {"token": AT, "incident_id": "$job_detail.incidents.0.0",
                        "findings": "Exposed reinforcement capped; cut-resistant gloves issued"}),
    ("issue_dive_report", {"token": AT, "job_id": J1}),
]

_BODY = [
    # clients, sites and work types
    ("find_client", "open_job", HOLMREACH_FOLLOW_UP),
    ("add_client", "open_job", cut(FENNEL, "open_job")),
    ("sites", "open_job", cut(FENNEL, "open_job")),
    ("work_types", "open_job", cut(FENNEL, "open_job")),
    # jobs: opened today or listed
    ("open_job", "file_job_document", cut(FENNEL, "ra")),
    ("jobs", "file_job_document", RESERVOIR_PAPER),
    ("open_job", "draft_dive_plan", cut(FENNEL, "draft_dive_plan")),
    ("jobs", "draft_dive_plan", RESERVOIR_PLAN),
    ("open_job", "assign_diver", cut(FENNEL, "a_sup")),
    ("jobs", "assign_diver", CATHAL),
    ("open_job", "issue_equipment", cut(FENNEL, "issue_equipment")),
    ("jobs", "issue_equipment", RESERVOIR_COMMS),
    ("open_job", "mobilise_job", cut(FENNEL, "mobilise_job")),
    ("jobs", "mobilise_job", cut(KESTLE, "mobilise_job")),
    ("jobs", "start_dive", KESTLE),
    ("jobs", "dives", cut(QUAY_FINISH, "dives")),
    ("jobs", "complete_job", DUNMARROW[:6]),
    ("jobs", "invoice_job", cut(DUNMARROW, "invoice_job")),
    ("jobs", "issue_dive_report", DUNMARROW),
    # divers: found, registered or listed
    ("find_diver", "diver_record", MARIT_RECORD),
    ("register_diver", "diver_record", KENJI_RECORD),
    ("find_diver", "file_diver_document", cut(TOBIAH, "med")),
    ("register_diver", "file_diver_document", cut(KENJI, "med")),
    ("find_diver", "set_availability", cut(CATHAL, "set_availability")),
    ("register_diver", "set_availability", KENJI_AWAY),
    ("divers", "assign_diver", cut(FENNEL, "a_sup")),
    ("find_diver", "assign_diver", TOBIAH),
    ("divers", "start_dive", cut(QUAY_DIVE, "start_dive")),
    ("find_diver", "start_dive", KESTLE),
    # plans, papers, assignments, kit, gas, dives, incidents and invoices
    ("draft_dive_plan", "approve_dive_plan", cut(FENNEL, "approve_dive_plan")),
    ("file_diver_document", "verify_document", cut(KENJI, "v_med")),
    ("assign_diver", "release_diver", FENNEL_RELEASE),
    ("job_detail", "release_diver", RESERVOIR_RELEASE),
    ("equipment", "inspect_equipment", cut(FENNEL, "i1")),
    ("equipment", "issue_equipment", RESERVOIR_COMMS),
    ("issue_equipment", "return_equipment", FENNEL_RETURN),
    ("cylinders", "analyse_gas", cut(QUAY_DIVE, "analyse_gas")),
    ("cylinders", "start_dive", cut(QUAY_DIVE, "start_dive")),
    ("start_dive", "end_dive", cut(QUAY_DIVE, "end_dive")),
    ("dives", "end_dive", cut(QUAY_FINISH, "end_dive")),
    ("start_dive", "report_incident", cut(QUAY_DIVE, "report_incident")),
    ("dives", "report_incident", QUAY_INCIDENT),
    ("report_incident", "close_incident", QUAY_DIVE),
    ("invoice_job", "record_payment", cut(DUNMARROW, "record_payment")),
    ("invoices", "record_payment", cut(KESTLE, "record_payment")),
    ("open_job", "record_payment", cut(FENNEL, "record_payment")),
    # documents, vetting, approval, setting, state and payment
    ("file_job_document", "draft_dive_plan", cut(FENNEL, "draft_dive_plan")),
    ("file_job_document", "mobilise_job", cut(FENNEL, "mobilise_job")),
    ("file_diver_document", "assign_diver", TOBIAH),
    ("verify_document", "assign_diver", KENJI),
    ("approve_dive_plan", "mobilise_job", cut(FENNEL, "mobilise_job")),
    ("set_availability", "assign_diver", CATHAL),
    ("assign_diver", "mobilise_job", cut(FENNEL, "mobilise_job")),
    ("inspect_equipment", "issue_equipment", cut(FENNEL, "issue_equipment")),
    ("issue_equipment", "mobilise_job", cut(FENNEL, "mobilise_job")),
    ("record_payment", "mobilise_job", cut(KESTLE, "mobilise_job")),
    ("mobilise_job", "start_dive", FENNEL),
    ("analyse_gas", "start_dive", cut(QUAY_DIVE, "start_dive")),
    ("assign_diver", "start_dive", QUAY_NEW_HAND),
    ("end_dive", "complete_job", QUAY_FINISH),
    ("return_equipment", "complete_job", DUNMARROW[:6]),
    ("complete_job", "invoice_job", cut(DUNMARROW, "invoice_job")),
    ("complete_job", "issue_dive_report", DUNMARROW),
    ("close_incident", "issue_dive_report", DUNMARROW),
    ("record_payment", "issue_dive_report", DUNMARROW),
]

_OWN = {
    "sign_out": [login("jonty"), ("sign_out", {"token": JT})],
}


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
    # the work types read before the Dunmarrow report is issued
    ("work_types", [("work_types", {})] + DUNMARROW),
    # a client found before Carrack Sound Ferries' first dive
    ("find_client", [login("walerand"), ("find_client", {"token": HT, "text": "Carrack"})] + KESTLE),
    # a helmet inspected before the quay's near miss is closed
    ("inspect_equipment", [login("baldric"), ("equipment", {"token": CT, "due_only": True}, "due"),
                           ("inspect_equipment", {"token": CT, "item_id": "$due.0.0", "passed": True,
                                                  "notes": "Helmet serviced"})] + QUAY_DIVE),
    # Eurig Nethercott back from leave before Mererid Ashcott's record is read
    ("set_availability", cut(CATHAL, "set_availability") + MARIT_RECORD),
    # the quay's near miss reported before Takuma Jewsbury-Mburu joins the reservoir job
    ("report_incident", cut(QUAY_DIVE, "report_incident") + KENJI),
    # the quay's near miss closed before the Dunmarrow job is completed
    ("close_incident", QUAY_DIVE + DUNMARROW[:6]),
    # the cylinders listed before Tobyn Prickett joins the reservoir job
    ("cylinders", [login("baldric"), ("cylinders", {"token": CT})] + TOBIAH),
    # Carrack Sound Ferries' hull clean mobilised before Mererid Ashcott's record is read
    ("mobilise_job", cut(KESTLE, "mobilise_job") + MARIT_RECORD),
]
