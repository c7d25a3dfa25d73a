"""Scripted proofs that Washout's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). The team sign in by first name (``("sign_in",
{...}, "berenike")``) and pass ``"$berenike.token"``; replies are read by field
(``"$screen_participant.participant_id"``, ``"$randomise.kit_number"``, ``"$ship_drug.shipment_id"``,
``"$book_visit.visit_id"``, ``"$report_adverse_event.ae_id"``, ``"$raise_query.query_id"``,
``"$expense_claim.claim_id"``, ``"$raise_site_invoice.invoice_id"`` with ``"$raise_site_invoice.amount"``), list entries
by position and field (``"$sites.1.site_id"``, ``"$participants.0.participant_id"``, ``"$participants.1.kit_number"``,
``"$adverse_events.0.ae_id"``, ``"$queries.0.query_id"``), rows by row and column (``"$consent_forms.2.0"``,
``"$eligibility_criteria.0.0"``, ``"$visit_schedule.5.0"``, ``"$ae_dictionary.2.0"``, ``"$site_file.shipments.0.0"``).
The positions follow the fresh state's order (records by id, each list filtered as the call asks). Every id and code is
read from a reply; none is written literally (initials, dates, people, references, vital signs, amounts, bank details,
questions, answers and notes are written as the team are told them).

The day: Tarnbridge General Hospital gets its last document and principal investigator, is activated, opened and sent
kits; Pellworth reopens to recruitment with a newly delegated nurse taking Mrs P-L's consent; Saint Eanswythe's receives
its shipment, randomises Mr W-A and consents Mrs D-F; at Hallowfield a new patient, Mr G-P, is screened, consented,
found eligible, randomised, dosed and seen, has a serious event and is later withdrawn; Mrs M-O is found eligible and
randomised; ARB-01-0031 completes the trial and his casebook is signed; Mrs E-T's serious event is reported, her
expenses paid, and Pellworth's last participant completes and the site is closed.
"""

import washout_tools as tools

WHO = {"berenike": ("berenike.k", "Protocol-Amber-44"), "nephele": ("nephele.b", "Cannula-Swan-19"),
       "jehane": ("jehane.s", "Cuff-Lantern-62"), "pernell": ("pernell.h", "Blister-Pack-37"),
       "quintilla": ("quintilla.d", "Audit-Trail-58"), "rajan": ("rajan.m", "Stetho-Lark-23"),
       "saffira": ("saffira.l", "Invoice-Heron-81")}
HT, OT, GT, PT, IT, RT, CT = ("$berenike.token", "$nephele.token", "$jehane.token", "$pernell.token",
                              "$quintilla.token", "$rajan.token", "$saffira.token")
NEW = "$screen_participant.participant_id"
LP = "$participants.0.participant_id"
INCLUSIONS = ["$eligibility_criteria.0.0", "$eligibility_criteria.1.0", "$eligibility_criteria.2.0",
              "$eligibility_criteria.3.0"]


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- Tarnbridge General Hospital: its last document and its PI, activated, opened and sent kits

TARNBRIDGE = [login("berenike"), ("sites", {"token": HT, "status": "setup"}),
              ("file_site_document", {"token": HT, "site_id": "$sites.0.site_id", "kind": "capacity_capability",
                                      "reference": "TGH R&D 54/117", "dated": "2054-11-16"}),
              ("delegate", {"token": HT, "site_id": "$sites.0.site_id", "person": "Dr Anselma Quartey",
                            "staff_role": "principal_investigator",
                            "duties": ["consent", "eligibility", "ae_assessment"]}),
              ("activate_site", {"token": HT, "site_id": "$sites.0.site_id"}),
              ("set_recruitment", {"token": HT, "site_id": "$sites.0.site_id", "recruiting": True}),
              ("ship_drug", {"token": HT, "site_id": "$sites.0.site_id", "kits": 6}),
              login("pernell"),
              ("receive_shipment", {"token": PT, "shipment_id": "$ship_drug.shipment_id", "temperature_ok": True})]
TARNBRIDGE_FILE = cut(TARNBRIDGE, "sites") + [("site_file", {"token": HT, "site_id": "$sites.0.site_id"})]

# ---- Pellworth reopens, a newly delegated nurse takes Mrs P-L's consent

PELLWORTH = [login("berenike"), ("sites", {"token": HT, "status": "active"}),
             ("set_recruitment", {"token": HT, "site_id": "$sites.1.site_id", "recruiting": True}),
             ("delegate", {"token": HT, "site_id": "$sites.1.site_id", "person": "Eglantine Hoblyn",
                           "staff_role": "research_nurse", "duties": ["consent", "randomisation", "visits"]}),
             login("jehane"),
             ("screen_participant", {"token": GT, "site_id": "$sites.1.site_id", "initials": "P-L",
                                     "date_of_birth": "1984-02-11", "sex": "female"}),
             ("consent_forms", {"token": GT}),
             ("record_consent", {"token": GT, "participant_id": NEW, "form_version": "$consent_forms.2.0",
                                 "taken_by": "Eglantine Hoblyn", "consented_on": "2054-11-18"})]

# ---- Saint Eanswythe's: the shipment received, Mr W-A randomised; Mrs D-F consented

EANSWYTHE = [login("pernell"), ("sites", {"token": PT, "status": "active"}),
            ("site_file", {"token": PT, "site_id": "$sites.2.site_id"}),
            ("receive_shipment", {"token": PT, "shipment_id": "$site_file.shipments.0.0", "temperature_ok": True}),
            login("rajan"),
            ("participants", {"token": RT, "site_id": "$sites.2.site_id", "status": "eligible"}),
            ("randomise", {"token": RT, "participant_id": LP})]
DF = [login("rajan"), ("participants", {"token": RT, "status": "screening"}),
      ("consent_forms", {"token": RT}),
      ("record_consent", {"token": RT, "participant_id": "$participants.1.participant_id",
                          "form_version": "$consent_forms.2.0", "taken_by": "Dr Mabyn Chubbuck",
                          "consented_on": "2054-11-18"})]

# ---- Mr G-P at Hallowfield: screened, consented, eligible, randomised, dosed, seen; a serious event; withdrawn

GP = [login("nephele"), ("sites", {"token": OT, "status": "active"}),
      ("screen_participant", {"token": OT, "site_id": "$sites.0.site_id", "initials": "G-P",
                              "date_of_birth": "1979-03-03", "sex": "male"}),
      ("consent_forms", {"token": OT}),
      ("record_consent", {"token": OT, "participant_id": NEW, "form_version": "$consent_forms.2.0",
                          "taken_by": "Nephele Bramhall", "consented_on": "2054-11-18"}),
      login("rajan"),
      ("eligibility_criteria", {}),
      ("record_eligibility", {"token": RT, "participant_id": NEW, "inclusion_met": INCLUSIONS,
                              "exclusions_present": []}),
      ("randomise", {"token": RT, "participant_id": NEW}),
      login("pernell"),
      ("dispense_kit", {"token": PT, "kit_number": "$randomise.kit_number"}),
      ("visit_schedule", {}),
      ("book_visit", {"token": OT, "participant_id": NEW, "visit_code": "$visit_schedule.0.0", "date": "2054-11-18"}),
      ("record_visit", {"token": OT, "visit_id": "$book_visit.visit_id", "systolic": 132, "diastolic": 78,
                        "weight_kg": 88.2})]
GP_INVOICE = GP + [login("saffira"), ("raise_site_invoice", {"token": CT, "site_id": "$sites.0.site_id"}),
                   ("record_site_payment", {"token": CT, "invoice_id": "$raise_site_invoice.invoice_id",
                                            "amount": "$raise_site_invoice.amount"})]
GP_SAE = cut(GP, "randomise") + [
    ("ae_dictionary", {}),
    ("report_adverse_event", {"token": RT, "participant_id": NEW, "term_code": "$ae_dictionary.2.0",
                              "onset": "2054-11-18", "serious": True,
                              "description": "Fainted after the first dose; admitted overnight for observation"}),
    ("assess_causality", {"token": RT, "ae_id": "$report_adverse_event.ae_id", "relatedness": "possible",
                          "expected": True}),
    ("submit_sae_report", {"token": RT, "ae_id": "$report_adverse_event.ae_id"})]
GP_HOME = cut(GP, "randomise") + [
    ("set_home_visits", {"token": OT, "participant_id": NEW, "enabled": True}),
    ("visit_schedule", {}),
    ("book_visit", {"token": OT, "participant_id": NEW, "visit_code": "$visit_schedule.0.0", "date": "2054-11-18",
                    "home": True})]
GP_QUERY = cut(GP, "randomise") + [login("quintilla"),
    ("raise_query", {"token": IT, "participant_id": NEW, "field": "Screening weight",
                     "question": "Weight is blank on the screening form; please enter it"}),
    ("answer_query", {"token": OT, "query_id": "$raise_query.query_id", "answer": "88.2 kg, entered"}),
    ("close_query", {"token": IT, "query_id": "$raise_query.query_id"})]
GP_MONEY = cut(GP, "randomise") + [
    ("expense_claim", {"token": OT, "participant_id": NEW, "amount": 24.5,
                       "description": "Parking for the baseline visit"}),
    ("set_payee_details", {"token": OT, "participant_id": NEW, "sort_code": "20-45-77", "account_number": "53310962",
                           "account_name": "G PRENDERGAST"}),
    login("saffira"),
    ("pay_expense", {"token": CT, "claim_id": "$expense_claim.claim_id"})]
GP_WITHDRAWN = cut(GP, "randomise") + [login("nephele"),
    ("end_participation", {"token": OT, "participant_id": NEW, "reason": "withdrawn",
                           "note": "Withdrew consent after the admission; no further visits"}),
    ("sign_casebook", {"token": RT, "participant_id": NEW})]

# ---- Mrs M-O at Hallowfield, from the list of participants: eligible, randomised, her kit dispensed

MO = [login("rajan"), ("participants", {"token": RT, "status": "screening"}),
      ("eligibility_criteria", {}),
      ("record_eligibility", {"token": RT, "participant_id": LP, "inclusion_met": INCLUSIONS,
                              "exclusions_present": []}),
      ("randomise", {"token": RT, "participant_id": LP}),
      login("pernell"),
      ("participants", {"token": PT, "status": "randomised"}, "randomised"),
      ("dispense_kit", {"token": PT, "kit_number": "$randomised.1.kit_number"})]

# ---- ARB-01-0031 completes: the end of study visit, a claim paid, a query closed, the casebook signed

DONE = [login("nephele"), ("participants", {"token": OT, "status": "randomised"}),
        ("visit_schedule", {}),
        ("book_visit", {"token": OT, "participant_id": LP, "visit_code": "$visit_schedule.5.0", "date": "2054-11-18"}),
        ("record_visit", {"token": OT, "visit_id": "$book_visit.visit_id", "systolic": 128, "diastolic": 74,
                          "weight_kg": 80.9}),
        ("expense_claim", {"token": OT, "participant_id": LP, "amount": 38.6,
                           "description": "Taxi to the end of study visit"}),
        login("saffira"),
        ("pay_expense", {"token": CT, "claim_id": "$expense_claim.claim_id"}),
        ("end_participation", {"token": OT, "participant_id": LP, "reason": "completed",
                               "note": "Completed the end of study visit; returned his unused kit"}),
        login("quintilla"),
        ("queries", {"token": IT, "participant_id": LP, "status": "open"}),
        ("answer_query", {"token": OT, "query_id": "$queries.0.query_id",
                          "answer": "Confirmed: he had been on a cruise; 81.4 kg is right"}),
        ("close_query", {"token": IT, "query_id": "$queries.0.query_id"}),
        login("rajan"),
        ("sign_casebook", {"token": RT, "participant_id": LP})]
DONE_HOME = DONE[:2] + [("set_home_visits", {"token": OT, "participant_id": LP, "enabled": True}),
                        ("visit_schedule", {}),
                        ("book_visit", {"token": OT, "participant_id": LP, "visit_code": "$visit_schedule.5.0",
                                        "date": "2054-11-18", "home": True})]
DONE_AE = DONE[:2] + [("ae_dictionary", {}),
                      ("report_adverse_event", {"token": OT, "participant_id": LP, "term_code": "$ae_dictionary.0.0",
                                                "onset": "2054-11-16", "serious": False,
                                                "description": "Headache for two days, settled with paracetamol"})]

# ---- Mrs E-T at Pellworth: her serious event reported, her expenses paid; then she completes and the site closes

ET_SAE = [login("rajan"), ("adverse_events", {"token": RT, "serious": True}),
          ("assess_causality", {"token": RT, "ae_id": "$adverse_events.0.ae_id", "relatedness": "probable",
                                "expected": False}),
          ("submit_sae_report", {"token": RT, "ae_id": "$adverse_events.0.ae_id"})]
ET_MONEY = [login("jehane"), ("participants", {"token": GT, "status": "randomised"}),
            ("expense_claim", {"token": GT, "participant_id": "$participants.1.participant_id", "amount": 46.2,
                               "description": "Taxis to and from the week 24 visit"}),
            ("set_payee_details", {"token": GT, "participant_id": "$participants.1.participant_id",
                                   "sort_code": "40-11-62", "account_number": "72018844",
                                   "account_name": "E TREVELYAN"}),
            login("saffira"),
            ("pay_expense", {"token": CT, "claim_id": "$expense_claim.claim_id"})]
ET_QUERY = [login("quintilla"), ("participants", {"token": IT, "status": "randomised"}),
            ("raise_query", {"token": IT, "participant_id": "$participants.1.participant_id", "field": "W24 weight",
                             "question": "69.0 kg is 4 kg down on W12; please confirm"})]
CLOSE = [login("jehane"), ("participants", {"token": GT, "status": "randomised"}),
         ("visit_schedule", {}),
         ("book_visit", {"token": GT, "participant_id": "$participants.1.participant_id",
                         "visit_code": "$visit_schedule.5.0", "date": "2054-11-18", "home": True}),
         ("record_visit", {"token": GT, "visit_id": "$book_visit.visit_id", "systolic": 126, "diastolic": 70,
                           "weight_kg": 68.4}),
         ("end_participation", {"token": GT, "participant_id": "$participants.1.participant_id", "reason": "completed",
                                "note": "End of study visit at home; kidney function back to her baseline"}),
         login("quintilla"),
         ("queries", {"token": IT, "status": "answered"}),
         ("close_query", {"token": IT, "query_id": "$queries.0.query_id"}),
         login("rajan"),
         ("sign_casebook", {"token": RT, "participant_id": "$participants.1.participant_id"}),
         login("saffira"),
         ("sites", {"token": CT, "status": "active"}),
         ("raise_site_invoice", {"token": CT, "site_id": "$sites.1.site_id"}),
         ("record_site_payment", {"token": CT, "invoice_id": "$raise_site_invoice.invoice_id",
                                  "amount": "$raise_site_invoice.amount"}),
         login("berenike"),
         ("close_site", {"token": HT, "site_id": "$sites.1.site_id"})]

# ---- the entries and their proofs (the sign-in proofs are derived below)

_BODY = [
    # sites
    ("sites", "site_file", TARNBRIDGE_FILE),
    ("sites", "file_site_document", cut(TARNBRIDGE, "file_site_document")),
    ("sites", "delegate", cut(TARNBRIDGE, "delegate")),
    ("sites", "activate_site", cut(TARNBRIDGE, "activate_site")),
    ("sites", "set_recruitment", cut(PELLWORTH, "set_recruitment")),
    ("sites", "ship_drug", cut(TARNBRIDGE, "ship_drug")),
    ("sites", "screen_participant", cut(GP, "screen_participant")),
    ("sites", "raise_site_invoice", cut(GP_INVOICE, "raise_site_invoice")),
    ("sites", "close_site", CLOSE),
    # participants
    ("screen_participant", "record_consent", cut(GP, "record_consent")),
    ("participants", "record_consent", DF),
    ("screen_participant", "record_eligibility", cut(GP, "record_eligibility")),
    ("participants", "record_eligibility", cut(MO, "record_eligibility")),
    ("screen_participant", "randomise", cut(GP, "randomise")),
    ("participants", "randomise", cut(MO, "randomise")),
    ("screen_participant", "set_home_visits", cut(GP_HOME, "set_home_visits")),
    ("participants", "set_home_visits", cut(DONE_HOME, "set_home_visits")),
    ("screen_participant", "book_visit", cut(GP, "book_visit")),
    ("participants", "book_visit", cut(DONE, "book_visit")),
    ("screen_participant", "report_adverse_event", cut(GP_SAE, "report_adverse_event")),
    ("participants", "report_adverse_event", DONE_AE),
    ("screen_participant", "raise_query", cut(GP_QUERY, "raise_query")),
    ("participants", "raise_query", ET_QUERY),
    ("screen_participant", "end_participation", cut(GP_WITHDRAWN, "end_participation")),
    ("participants", "end_participation", cut(DONE, "end_participation")),
    ("screen_participant", "sign_casebook", GP_WITHDRAWN),
    ("participants", "sign_casebook", DONE),
    ("screen_participant", "expense_claim", cut(GP_MONEY, "expense_claim")),
    ("participants", "expense_claim", cut(ET_MONEY, "expense_claim")),
    ("screen_participant", "set_payee_details", cut(GP_MONEY, "set_payee_details")),
    ("participants", "set_payee_details", cut(ET_MONEY, "set_payee_details")),
    # adverse events and queries
    ("report_adverse_event", "assess_causality", cut(GP_SAE, "assess_causality")),
    ("adverse_events", "assess_causality", cut(ET_SAE, "assess_causality")),
    ("report_adverse_event", "submit_sae_report", GP_SAE),
    ("adverse_events", "submit_sae_report", ET_SAE),
    ("raise_query", "answer_query", cut(GP_QUERY, "answer_query")),
    ("queries", "answer_query", cut(DONE, "answer_query")),
    ("raise_query", "close_query", GP_QUERY),
    ("queries", "close_query", cut(DONE, "close_query")),
    # other ids
    ("randomise", "dispense_kit", cut(GP, "dispense_kit")),
    ("participants", "dispense_kit", MO),
    ("ship_drug", "receive_shipment", TARNBRIDGE),
    ("site_file", "receive_shipment", cut(EANSWYTHE, "receive_shipment")),
    ("book_visit", "record_visit", GP),
    ("expense_claim", "pay_expense", GP_MONEY),
    ("raise_site_invoice", "record_site_payment", GP_INVOICE),
    # vocabularies
    ("consent_forms", "record_consent", cut(GP, "record_consent")),
    ("eligibility_criteria", "record_eligibility", cut(GP, "record_eligibility")),
    ("visit_schedule", "book_visit", cut(GP, "book_visit")),
    ("ae_dictionary", "report_adverse_event", cut(GP_SAE, "report_adverse_event")),
    # documents, vetting, settings
    ("file_site_document", "activate_site", cut(TARNBRIDGE, "activate_site")),
    ("record_consent", "record_eligibility", cut(GP, "record_eligibility")),
    ("delegate", "record_consent", PELLWORTH),
    ("record_eligibility", "randomise", cut(GP, "randomise")),
    ("assess_causality", "submit_sae_report", ET_SAE),
    ("set_recruitment", "screen_participant", cut(PELLWORTH, "screen_participant")),
    ("set_home_visits", "book_visit", DONE_HOME),
    ("set_payee_details", "pay_expense", ET_MONEY),
    # state and payment
    ("delegate", "activate_site", cut(TARNBRIDGE, "activate_site")),
    ("activate_site", "set_recruitment", cut(TARNBRIDGE, "set_recruitment")),
    ("activate_site", "ship_drug", cut(TARNBRIDGE, "ship_drug")),
    ("receive_shipment", "randomise", EANSWYTHE),
    ("randomise", "book_visit", cut(GP, "book_visit")),
    ("record_visit", "end_participation", cut(DONE, "end_participation")),
    ("record_visit", "raise_site_invoice", cut(GP_INVOICE, "raise_site_invoice")),
    ("answer_query", "close_query", cut(DONE, "close_query")),
    ("close_query", "sign_casebook", DONE),
    ("end_participation", "sign_casebook", DONE),
    ("sign_casebook", "close_site", CLOSE),
    ("pay_expense", "end_participation", cut(DONE, "end_participation")),
    ("record_site_payment", "close_site", CLOSE),
]

_OWN = {"sign_out": [login("berenike"), ("sign_out", {"token": HT})]}


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
    # the adverse event dictionary read before Tarnbridge is activated
    ("ae_dictionary", [("ae_dictionary", {})] + cut(TARNBRIDGE, "activate_site")),
    # Tarnbridge's capacity and capability letter filed before Mrs M-O is randomised at Hallowfield
    ("file_site_document", cut(TARNBRIDGE, "file_site_document") + cut(MO, "randomise")),
    # Mrs E-T's serious event reported before ARB-01-0031 completes
    ("submit_sae_report", ET_SAE + cut(DONE, "end_participation")),
    # a query raised on Mrs E-T before Mrs M-O is randomised
    ("raise_query", ET_QUERY + cut(MO, "randomise")),
    # Pellworth reopened before Tarnbridge gets its kits
    ("set_recruitment", cut(PELLWORTH, "set_recruitment") + cut(TARNBRIDGE, "ship_drug")[1:]),
    # Mrs E-T's expenses paid before Pellworth's new nurse takes Mrs P-L's consent
    ("pay_expense", ET_MONEY + PELLWORTH),
    # Mr G-P's home visits allowed before his serious event is reported
    ("set_home_visits", cut(GP_HOME, "set_home_visits") + GP_SAE[len(cut(GP, "randomise")):]),
    # Tarnbridge's file read before ARB-01-0031's end of study visit is booked
    ("site_file", TARNBRIDGE_FILE + cut(DONE, "book_visit")),
]
