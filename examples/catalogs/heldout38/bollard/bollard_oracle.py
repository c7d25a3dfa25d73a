"""Scripted proofs that Bollard's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime built with the module's ``FAILURE``, which reads the BAPI
return tables the tools answer refusals with; the replies are pydantic models, so the plain oracle has nothing to run
them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "ekow")``) and pass ``"$ekow.token"``; replies are read by field (``"$register_customer.customer_id"``,
``"$add_vehicle.vehicle_id"``, ``"$record_residence_proof.document_id"``, ``"$apply_permit.application_id"``,
``"$issue_permit.permit_id"``, ``"$cancel_permit.refund_id"``, ``"$request_suspension.suspension_id"``,
``"$challenge_pcn.challenge_id"``, ``"$start_visitor_session.session_id"``), list entries by position and field
(``"$find_address.0.uprn"``, ``"$find_address.0.zone"``, ``"$find_customer.0.customer_id"``,
``"$parking_zones.0.code"``, ``"$applications.0.application_id"``, ``"$permits.0.permit_id"``,
``"$refunds.0.refund_id"``, ``"$visitor_sessions.0.session_id"``, ``"$find_bays.0.bay_id"``,
``"$suspensions.0.suspension_id"``, ``"$pcns_for_vehicle.0.pcn_number"``, ``"$challenges.0.challenge_id"``) and rows
of lists by position (``"$customer_account.vehicles.1.0"``, a vehicle id; ``"$customer_account.documents.2.0"``, a
document id; ``"$customer_account.permits.0.0"``, a permit id). The positions follow the fresh state's order of records
by id (filtered as each call asks) and of ``ZONES``. Every id, UPRN, zone code, bay and PCN number is read from a
reply; none is written literally (names, e-mail addresses, phone numbers, postcodes and house numbers, registration
marks, document kinds, references and dates, months, days, amounts and methods, PINs, grounds, statements, decisions,
reasons, subjects and bodies are written as the staff are told them). A step saved under a name of its own is a
second call of a tool on one path.

The day: Ms Ottilie Brackenbury, who moved into 19 Abbotsford Road last month, registers; her council tax bill and her
Mazda's logbook are recorded and checked, her year's permit applied for, paid and issued; she sets up a visitor account,
buys ten days and starts a session for her mother's Micra, which is ended; her phone number changes, she is written to
and her account read; the ticket her Mazda got yesterday is challenged, the challenge rejected and the ticket paid at
the discount. Mr Anwar Qureshi renews his permit, brings this year's council tax bill, sets up a visitor account and
moves his permit to the Peugeot he has bought. Mrs Beatrix Fothergill's lease agreement for her Kia is checked and her
permit moved to it, or a second permit applied for. Dr Marguerite Ravensworth pays her application, her permit is issued
and moved to the Citroen whose logbook she brings, or cancelled as paid twice. Ms Rhiannon Batley cancels her permit
(finance approves the refund), buys visitor days, starts a session, pays her ticket at the discount and is written to;
her visitor's session is ended, and her removal men's bays suspended, approved, paid and signed, or cancelled. Mr Lukas
Nowicki's phone number changes. Finance approves the refund for Mr Nowicki's permit issued in error. The traffic team
approves Kelso Roofing's suspension (or cancels it), takes Pelham Builders' fee and records the Thackeray Removals
signs. The appeals officer rejects the challenge to the ticket on Ms Batley's visitor's Corsa, which is then paid.
"""

import bollard_tools as tools

WHO = {"ekow": ("ekow.a", "Pay-Display-44"), "yvette": ("yvette.p", "Kerb-Side-19"),
       "osric": ("osric.t", "Cone-Sign-72"), "gaenor": ("gaenor.t", "Ledger-Line-8"),
       "siobhan": ("siobhan.k", "Grounds-Appeal-3"), "delia": ("delia.m", "Castle-Mere-61")}
J, MP, BR, G, S = "$ekow.token", "$yvette.token", "$osric.token", "$gaenor.token", "$siobhan.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def customer(text: str, who: str = "ekow") -> list:
    return [sign_in(who), ("find_customer", {"token": f"${who}.token", "text": text})]


FOUND = "$find_customer.0.customer_id"
OTTILIE = "$register_customer.customer_id"

# Ms Ottilie Brackenbury of 19 Abbotsford Road
N = [sign_in("ekow"), ("find_address", {"postcode": "CM2 4AR", "house": "19"}),
     ("register_customer", {"token": J, "name": "Ms Ottilie Brackenbury", "email": "ottilie.brackenbury@example.com",
                            "phone": "07700 900431", "uprn": "$find_address.0.uprn"})]
N_UPDATE = N + [("update_customer", {"token": J, "customer_id": OTTILIE, "phone": "01632 960431"})]
N_ACCOUNT = N + [("customer_account", {"token": J, "customer_id": OTTILIE})]
N_MESSAGE = N + [("message_customer", {"token": J, "customer_id": OTTILIE, "subject": "Your resident's permit",
                                       "body": "Your permit for GN21 TXA is live from today; there is nothing to "
                                               "display in the car."})]
RESIDENCE = ("record_residence_proof", {"token": J, "customer_id": OTTILIE, "kind": "council_tax_bill",
                                        "reference": "CT 5530118", "dated": "2034-10-28"})
RESIDENCE_OK = ("check_document", {"token": J, "document_id": "$record_residence_proof.document_id",
                                   "outcome": "accept"})
MAZDA = ("add_vehicle", {"token": J, "customer_id": OTTILIE, "vrm": "GN21 TXA"})
LOGBOOK = ("record_keeper_proof", {"token": J, "vehicle_id": "$add_vehicle.vehicle_id", "kind": "v5c",
                                   "reference": "V5C 6120 3345 871"})
LOGBOOK_OK = ("check_document", {"token": J, "document_id": "$record_keeper_proof.document_id", "outcome": "accept"},
              "logbook_checked")
N_RESIDENCE = N + [RESIDENCE]
N_RESIDENCE_OK = N_RESIDENCE + [RESIDENCE_OK]
N_MAZDA = N + [MAZDA]
N_LOGBOOK = N_MAZDA + [LOGBOOK]
N_APPLY = N + [RESIDENCE, RESIDENCE_OK, MAZDA, LOGBOOK, LOGBOOK_OK, ("parking_zones", {}),
               ("apply_permit", {"token": J, "customer_id": OTTILIE, "vehicle_id": "$add_vehicle.vehicle_id",
                                 "zone": "$parking_zones.0.code", "months": 12})]
N_PAY = N_APPLY + [("pay_application", {"token": J, "application_id": "$apply_permit.application_id",
                                        "amount": 150.0, "method": "card"})]
N_ISSUE = N_PAY + [("issue_permit", {"token": J, "application_id": "$apply_permit.application_id"})]
N_VISITOR = N_RESIDENCE_OK + [("activate_visitor_account", {"token": J, "customer_id": OTTILIE, "pin": "2580"})]
N_DAYS = N_VISITOR + [("buy_visitor_days", {"token": J, "customer_id": OTTILIE, "days": 10, "amount": 25.0,
                                            "method": "card"})]
N_SESSION = N_DAYS + [("start_visitor_session", {"token": J, "customer_id": OTTILIE, "vrm": "SA15 GWR", "days": 2})]
N_SESSION_END = N_SESSION + [("end_visitor_session", {"token": J, "session_id": "$start_visitor_session.session_id"})]
N_CHALLENGE = [sign_in("siobhan"), ("pcns_for_vehicle", {"token": S, "vrm": "GN21 TXA"}),
               ("challenge_pcn", {"token": S, "pcn_number": "$pcns_for_vehicle.0.pcn_number", "grounds": "mitigation",
                                  "statement": "I had applied for my permit and was waiting for it to be issued"})]
N_DECIDED = N_CHALLENGE + [("decide_challenge", {"token": S, "challenge_id": "$challenge_pcn.challenge_id",
                                                 "decision": "reject",
                                                 "reason": "No permit or visitor session covered the car that day"})]

# the customers in the fresh state: CUS-40211 Qureshi (permit PMT-5521 ends 1 December), CUS-40212 Batley (permit
# PMT-5522, visitor account, session VSN-2201 for BF66 PKE), CUS-40213 Fothergill (vehicles VH-7703 with permit
# PMT-5523 and VH-7704 with lease agreement DOC-6607 received), CUS-40214 Nowicki (car-free), CUS-40215 Ravensworth
# (vehicles VH-7706 and VH-7707, application APP-8803 awaiting payment); refund REF-3301 pending; suspensions SUS-9101
# approved, SUS-9102 paid, SUS-9103 requested; PCNs CM10482231 (YT68 LMW), CM10482117 (BF66 PKE, on hold under
# CHL-701), CM10482298 (GN21 TXA)
QURESHI_RENEW = [sign_in("ekow"), ("permits", {"token": J, "vrm": "CM19 QRX"}),
                 ("renew_permit", {"token": J, "permit_id": "$permits.0.permit_id", "months": 12, "amount": 80.0,
                                   "method": "card"})]
QURESHI_BILL = customer("Qureshi") + [("record_residence_proof", {"token": J, "customer_id": FOUND,
                                                                  "kind": "council_tax_bill",
                                                                  "reference": "CT 5540216", "dated": "2034-11-01"})]
QURESHI_VISITOR = customer("Qureshi") + [("activate_visitor_account", {"token": J, "customer_id": FOUND,
                                                                       "pin": "7314"})]
QURESHI_PEUGEOT = customer("Qureshi") + [
    ("add_vehicle", {"token": J, "customer_id": FOUND, "vrm": "LB09 KTE"}),
    ("record_keeper_proof", {"token": J, "vehicle_id": "$add_vehicle.vehicle_id", "kind": "v5c",
                             "reference": "V5C 7781 0032 554"}),
    ("check_document", {"token": J, "document_id": "$record_keeper_proof.document_id", "outcome": "accept"}),
    ("permits", {"token": J, "vrm": "CM19 QRX"}),
    ("change_permit_vehicle", {"token": J, "permit_id": "$permits.0.permit_id",
                               "vehicle_id": "$add_vehicle.vehicle_id"})]
FOTHERGILL_ACCOUNT = customer("Fothergill") + [("customer_account", {"token": J, "customer_id": FOUND})]
FOTHERGILL_KIA = FOTHERGILL_ACCOUNT + [
    ("check_document", {"token": J, "document_id": "$customer_account.documents.2.0", "outcome": "accept"}),
    ("change_permit_vehicle", {"token": J, "permit_id": "$customer_account.permits.0.0",
                               "vehicle_id": "$customer_account.vehicles.1.0"})]
FOTHERGILL_SECOND = FOTHERGILL_KIA[:-1] + [
    ("find_address", {"postcode": "CM1 2SG"}),
    ("apply_permit", {"token": J, "customer_id": FOUND, "vehicle_id": "$customer_account.vehicles.1.0",
                      "zone": "$find_address.0.zone", "months": 6})]
NOWICKI_PHONE = customer("Nowicki") + [("update_customer", {"token": J, "customer_id": FOUND,
                                                            "phone": "07700 900499"})]
RAVENSWORTH_PAY = [sign_in("ekow"), ("applications", {"token": J, "status": "awaiting_payment"}),
                   ("pay_application", {"token": J, "application_id": "$applications.0.application_id",
                                        "amount": 80.0, "method": "card"})]
RAVENSWORTH_ISSUE = RAVENSWORTH_PAY + [("issue_permit", {"token": J,
                                                         "application_id": "$applications.0.application_id"})]
RAVENSWORTH_LOGBOOK = customer("Ravensworth") + [
    ("customer_account", {"token": J, "customer_id": FOUND}),
    ("record_keeper_proof", {"token": J, "vehicle_id": "$customer_account.vehicles.1.0", "kind": "v5c",
                             "reference": "V5C 3390 1204 786"})]
RAVENSWORTH_CITROEN = RAVENSWORTH_ISSUE + RAVENSWORTH_LOGBOOK[1:] + [
    ("check_document", {"token": J, "document_id": "$record_keeper_proof.document_id", "outcome": "accept"}),
    ("change_permit_vehicle", {"token": J, "permit_id": "$issue_permit.permit_id",
                               "vehicle_id": "$customer_account.vehicles.1.0"})]
RAVENSWORTH_CANCEL = RAVENSWORTH_ISSUE + [("cancel_permit", {"token": J, "permit_id": "$issue_permit.permit_id",
                                                             "reason": "Paid twice, online and at the counter; "
                                                                       "this one is cancelled"})]
BATLEY_CANCEL = [sign_in("ekow"), ("permits", {"token": J, "vrm": "YT68 LMW"}),
                 ("cancel_permit", {"token": J, "permit_id": "$permits.0.permit_id",
                                    "reason": "Moving out of Minster Walk at the end of the month"})]
BATLEY_REFUND = BATLEY_CANCEL + [sign_in("gaenor"), ("approve_refund", {"token": G,
                                                                        "refund_id": "$cancel_permit.refund_id"})]
NOWICKI_REFUND = [sign_in("gaenor"), ("refunds", {"token": G, "status": "pending"}),
                  ("approve_refund", {"token": G, "refund_id": "$refunds.0.refund_id"})]
BATLEY_MESSAGE = customer("Batley", "yvette") + [
    ("message_customer", {"token": MP, "customer_id": FOUND, "subject": "Your permit refund",
                          "body": "We have cancelled your Minster Walk permit; the refund for the months left will "
                                  "reach your card within ten working days."})]
BATLEY_DAYS = customer("Batley", "yvette") + [("buy_visitor_days", {"token": MP, "customer_id": FOUND, "days": 10,
                                                                     "amount": 25.0, "method": "card"})]
BATLEY_SESSION = customer("Batley", "yvette") + [("start_visitor_session", {"token": MP, "customer_id": FOUND,
                                                                             "vrm": "MX62 FHD", "days": 1})]
VISITOR_ENDED = [sign_in("yvette"), ("visitor_sessions", {"token": MP, "active_only": True}),
                 ("end_visitor_session", {"token": MP, "session_id": "$visitor_sessions.0.session_id"})]
BATLEY_TICKET = [sign_in("yvette"), ("pcns_for_vehicle", {"token": MP, "vrm": "YT68 LMW"}),
                 ("pay_pcn", {"token": MP, "pcn_number": "$pcns_for_vehicle.0.pcn_number", "amount": 35.0,
                              "method": "card"})]
CORSA_DECIDED = [sign_in("siobhan"), ("challenges", {"token": S, "status": "pending"}),
                 ("decide_challenge", {"token": S, "challenge_id": "$challenges.0.challenge_id", "decision": "reject",
                                       "reason": "No visitor session was running for BF66 PKE that day"})]
CORSA_PAID = CORSA_DECIDED + [("pcns_for_vehicle", {"token": S, "vrm": "BF66 PKE"}),
                              ("pay_pcn", {"token": S, "pcn_number": "$pcns_for_vehicle.0.pcn_number",
                                           "amount": 35.0, "method": "card"})]

# bay suspensions
WRENFIELD = [sign_in("osric"), ("find_bays", {"token": BR, "street": "Minster Walk"}),
             ("request_suspension", {"token": BR, "bay_ids": ["$find_bays.0.bay_id"], "applicant": "Wrenfield Removals",
                                     "email": "moves@wrenfield.example.co.uk", "starts": "2034-11-29", "days": 1,
                                     "reason": "Removal van for 3 Minster Walk"})]
SUS = "$request_suspension.suspension_id"
WRENFIELD_APPROVED = WRENFIELD + [("approve_suspension", {"token": BR, "suspension_id": SUS})]
WRENFIELD_PAID = WRENFIELD_APPROVED + [("pay_suspension", {"token": BR, "suspension_id": SUS, "amount": 105.0,
                                                           "method": "card"})]
WRENFIELD_SIGNED = WRENFIELD_PAID + [("record_signs_posted", {"token": BR, "suspension_id": SUS,
                                                              "posted_by": "Osric Teasdale"})]
WRENFIELD_OFF = WRENFIELD + [("cancel_suspension", {"token": BR, "suspension_id": SUS,
                                                    "reason": "The move has been put back to December"})]
KELSO_APPROVED = [sign_in("osric"), ("suspensions", {"token": BR, "status": "requested"}),
                  ("approve_suspension", {"token": BR, "suspension_id": "$suspensions.0.suspension_id"})]
KELSO_OFF = [sign_in("osric"), ("suspensions", {"token": BR, "status": "requested"}),
             ("cancel_suspension", {"token": BR, "suspension_id": "$suspensions.0.suspension_id",
                                    "reason": "The roof repair is done from scaffolding instead"})]
PELHAM_PAID = [sign_in("osric"), ("suspensions", {"token": BR, "status": "approved"}),
               ("pay_suspension", {"token": BR, "suspension_id": "$suspensions.0.suspension_id", "amount": 285.0,
                                   "method": "bank_transfer"})]
THACKERAY_SIGNED = [sign_in("osric"), ("suspensions", {"token": BR, "status": "paid"}),
                    ("record_signs_posted", {"token": BR, "suspension_id": "$suspensions.0.suspension_id",
                                             "posted_by": "Osric Teasdale"})]

_BODY = [
    # customers
    ("find_address", "register_customer", N),
    ("register_customer", "update_customer", N_UPDATE),
    ("find_customer", "update_customer", NOWICKI_PHONE),
    ("register_customer", "customer_account", N_ACCOUNT),
    ("find_customer", "customer_account", FOTHERGILL_ACCOUNT),
    ("register_customer", "message_customer", N_MESSAGE),
    ("find_customer", "message_customer", BATLEY_MESSAGE),
    # vehicles and proofs
    ("register_customer", "add_vehicle", N_MAZDA),
    ("find_customer", "add_vehicle", cut(QURESHI_PEUGEOT, "add_vehicle")),
    ("register_customer", "record_residence_proof", N_RESIDENCE),
    ("find_customer", "record_residence_proof", QURESHI_BILL),
    ("add_vehicle", "record_keeper_proof", N_LOGBOOK),
    ("customer_account", "record_keeper_proof", RAVENSWORTH_LOGBOOK),
    ("record_residence_proof", "check_document", N_RESIDENCE_OK),
    ("record_keeper_proof", "check_document", cut(QURESHI_PEUGEOT, "check_document")),
    # residents' permits
    ("register_customer", "apply_permit", N_APPLY),
    ("find_customer", "apply_permit", FOTHERGILL_SECOND),
    ("add_vehicle", "apply_permit", N_APPLY),
    ("customer_account", "apply_permit", FOTHERGILL_SECOND),
    ("parking_zones", "apply_permit", N_APPLY),
    ("find_address", "apply_permit", FOTHERGILL_SECOND),
    ("check_document", "apply_permit", N_APPLY),
    ("apply_permit", "pay_application", N_PAY),
    ("applications", "pay_application", RAVENSWORTH_PAY),
    ("apply_permit", "issue_permit", N_ISSUE),
    ("applications", "issue_permit", RAVENSWORTH_ISSUE),
    ("pay_application", "issue_permit", N_ISSUE),
    ("issue_permit", "change_permit_vehicle", RAVENSWORTH_CITROEN),
    ("permits", "change_permit_vehicle", QURESHI_PEUGEOT),
    ("add_vehicle", "change_permit_vehicle", QURESHI_PEUGEOT),
    ("customer_account", "change_permit_vehicle", FOTHERGILL_KIA),
    ("check_document", "change_permit_vehicle", FOTHERGILL_KIA),
    ("permits", "renew_permit", QURESHI_RENEW),
    ("issue_permit", "cancel_permit", RAVENSWORTH_CANCEL),
    ("permits", "cancel_permit", BATLEY_CANCEL),
    ("cancel_permit", "approve_refund", BATLEY_REFUND),
    ("refunds", "approve_refund", NOWICKI_REFUND),
    # visitor permits
    ("register_customer", "activate_visitor_account", N_VISITOR),
    ("find_customer", "activate_visitor_account", QURESHI_VISITOR),
    ("check_document", "activate_visitor_account", N_VISITOR),
    ("register_customer", "buy_visitor_days", N_DAYS),
    ("find_customer", "buy_visitor_days", BATLEY_DAYS),
    ("activate_visitor_account", "buy_visitor_days", N_DAYS),
    ("register_customer", "start_visitor_session", N_SESSION),
    ("find_customer", "start_visitor_session", BATLEY_SESSION),
    ("buy_visitor_days", "start_visitor_session", N_SESSION),
    ("start_visitor_session", "end_visitor_session", N_SESSION_END),
    ("visitor_sessions", "end_visitor_session", VISITOR_ENDED),
    # bay suspensions
    ("find_bays", "request_suspension", WRENFIELD),
    ("request_suspension", "approve_suspension", WRENFIELD_APPROVED),
    ("suspensions", "approve_suspension", KELSO_APPROVED),
    ("request_suspension", "pay_suspension", WRENFIELD_PAID),
    ("suspensions", "pay_suspension", PELHAM_PAID),
    ("approve_suspension", "pay_suspension", WRENFIELD_PAID),
    ("request_suspension", "record_signs_posted", WRENFIELD_SIGNED),
    ("suspensions", "record_signs_posted", THACKERAY_SIGNED),
    ("pay_suspension", "record_signs_posted", WRENFIELD_SIGNED),
    ("request_suspension", "cancel_suspension", WRENFIELD_OFF),
    ("suspensions", "cancel_suspension", KELSO_OFF),
    # penalty charge notices
    ("pcns_for_vehicle", "challenge_pcn", N_CHALLENGE),
    ("challenge_pcn", "decide_challenge", N_DECIDED),
    ("challenges", "decide_challenge", CORSA_DECIDED),
    ("pcns_for_vehicle", "pay_pcn", BATLEY_TICKET),
    ("decide_challenge", "pay_pcn", CORSA_PAID),
]

_OWN = {"sign_out": [sign_in("delia"), ("sign_out", {"token": "$delia.token"})],
        "vehicle_lookup": [sign_in("ekow"), ("vehicle_lookup", {"token": J, "vrm": "GN21 TXA"})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the DVLA lookup before Mr Qureshi's Peugeot is added (the system checks the DVLA itself)
    ("vehicle_lookup", QURESHI_PEUGEOT[:2] + [("vehicle_lookup", {"token": J, "vrm": "LB09 KTE"}),
                                              QURESHI_PEUGEOT[2]]),
    # the zones before Ms Brackenbury is registered
    ("parking_zones", N[:2] + [("parking_zones", {}), N[2]]),
    # the Kiln Lane bays before Ms Batley's ticket is paid
    ("find_bays", BATLEY_TICKET[:2] + [("find_bays", {"token": MP, "street": "Kiln Lane"}), BATLEY_TICKET[-1]]),
    # the refunds before Dr Ravensworth's application is paid
    ("refunds", RAVENSWORTH_PAY[:2] + [("refunds", {"token": J}), RAVENSWORTH_PAY[-1]]),
    # the suspensions before Mr Qureshi's permit is renewed
    ("suspensions", QURESHI_RENEW[:2] + [("suspensions", {"token": J}), QURESHI_RENEW[-1]]),
    # the visitor sessions before the Citroen's logbook is recorded
    ("visitor_sessions", RAVENSWORTH_LOGBOOK[:3] + [("visitor_sessions", {"token": J}), RAVENSWORTH_LOGBOOK[-1]]),
    # Mrs Fothergill is written to before her lease agreement is checked
    ("message_customer", FOTHERGILL_ACCOUNT + [("message_customer", {"token": J, "customer_id": FOUND,
                                                                     "subject": "Your lease agreement",
                                                                     "body": "Thank you; we are checking it today."}),
                                               FOTHERGILL_KIA[3]]),
    # Ms Batley's tickets are looked up before she buys visitor days
    ("pcns_for_vehicle", BATLEY_DAYS[:2] + [("pcns_for_vehicle", {"token": MP, "vrm": "YT68 LMW"}),
                                            BATLEY_DAYS[-1]]),
]
