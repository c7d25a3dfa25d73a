"""Scripted proofs that Parallax's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime built with the module's ``FAILURE``, which reads the API
Gateway proxy responses the tools answer with; the raw replies are plain dicts, so the plain oracle runs them too).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "marisa")``) and pass ``"$marisa.body.token"``: a reply's ``body`` is JSON text, which a reference reads
through (``"$register_customer.body.customer_id"``, ``"$create_order.body.order_id"``,
``"$sell_gift_voucher.body.voucher_code"``, ``"$join_membership.body.membership_id"``,
``"$request_observation.body.request_id"``, ``"$register_school.body.school_id"``,
``"$request_school_visit.body.visit_id"``, ``"$invoice_school_visit.body.invoice_id"``), and list entries by
position and field (``"$whats_on.body.2.performance_id"``, ``"$find_customer.body.0.customer_id"``,
``"$orders.body.0.order_id"``, ``"$memberships.body.1.membership_id"``, ``"$telescope_targets.body.1.code"``,
``"$observation_queue.body.0.request_id"``, ``"$find_school.body.0.school_id"``, ``"$school_visits.body.0.visit_id"``,
``"$school_visits.body.0.invoice_id"``). The positions follow the fresh state's order of records by id (filtered as
each call asks) and of the targets as the telescope lists them. Every id and target code is read from a reply; none
is written literally (names, e-mail addresses, phone numbers, postcodes, kinds, dates, ticket types, quantities,
amounts, methods, purchasers, reasons, tiers, notes, filters, exposures, frames, nights, outcomes, URNs, year groups,
programmes, adults, risk assessments, references, subjects and bodies are written as the staff are told them). A step
saved under a name of its own is a second call of a tool on one path.

The day: Ms Philomena Garrow registers, her phone number changes, she is written to and her record read; she joins as
an astronomer member and pays, is inducted onto the remote telescope, asks for the Orion Nebula, which is scheduled,
observed and delivered; she buys two member tickets for the Winter Stargazing evening on 21 February, pays and has
her e-tickets, or cancels. Tonight's Stargazing for Two is called off, and Ms Trelawney's order moved to Saturday.
Mrs Quillon's son buys her a gift voucher, which goes on her Valentine's Night Sky order, and she pays the rest, or
pays it all by card and has her tickets. Mr Ashgrove pays his family membership and buys member tickets for Saturday's
Black Holes show. Dr Ketley is inducted and asks for the Rosette Nebula; her students' gift voucher pays for two
tickets to the comet talk, or she buys two tickets for tonight's Stargazing for Two, which is called off and moved.
Mr Dunstable's Orion request is scheduled, last night's Rosette run recorded, his Andromeda images sent, his Saturday
ticket cancelled and his e-mail address changed. Harebell Primary School registers and asks for a visit, sends its
details, is confirmed, invoiced and pays. St Cuthman's sends its Year 5 details and asks for a Year 6 visit; Merlin
Brook is confirmed, and pays for its February visit; St Cuthman's Year 3 visit is invoiced and paid.
"""

import parallax_tools as tools

WHO = {"marisa": ("marisa.t", "Dome-Seat-41"), "tegwen": ("tegwen.m", "Ticket-Stub-6"),
       "lysander": ("lysander.a", "Class-Trip-29"), "oksana": ("oksana.h", "Seeing-Two-88"),
       "wendell": ("wendell.s", "Member-Card-13"), "leonie": ("leonie.b", "Orrery-Hall-5")}
MT, D, O, W = "$marisa.body.token", "$lysander.body.token", "$oksana.body.token", "$wendell.body.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


GARROW = "$register_customer.body.customer_id"
MEM = "$join_membership.body.membership_id"
OBS = "$request_observation.body.request_id"
ORDER = "$create_order.body.order_id"
OPEN = "$orders.body.0.order_id"
FOUND = "$find_customer.body.0.customer_id"
VISIT = "$request_school_visit.body.visit_id"

# Ms Philomena Garrow
N = [sign_in("wendell"), ("register_customer", {"token": W, "name": "Ms Philomena Garrow",
                                                "email": "philomena.garrow@example.com", "phone": "07700 900566",
                                                "postcode": "TM3 5PG"})]
N_UPDATE = N + [("update_customer", {"token": W, "customer_id": GARROW, "phone": "07700 900599"})]
N_RECORD = N + [("customer_record", {"token": W, "customer_id": GARROW})]
N_MESSAGE = N + [("message_customer", {"token": W, "customer_id": GARROW, "subject": "Welcome to Tallowmoor",
                                       "body": "Your membership card is on its way; your telescope induction is at "
                                               "three this afternoon."})]
N_JOIN = N + [("join_membership", {"token": W, "customer_id": GARROW, "tier": "astronomer"})]
N_PAID = N_JOIN + [("pay_membership", {"token": W, "membership_id": MEM, "amount": 120.0, "method": "card"})]
N_INDUCTED = N_PAID + [sign_in("oksana"),
                       ("record_induction", {"token": O, "membership_id": MEM,
                                             "notes": "Booking the telescope, the filters, exposures and the queue"})]
N_REQUEST = N_INDUCTED + [("telescope_targets", {"token": O}),
                          ("request_observation", {"token": O, "membership_id": MEM,
                                                   "target": "$telescope_targets.body.1.code", "filter": "Ha",
                                                   "exposure_s": 300, "frames": 20})]
N_SCHEDULED = N_REQUEST + [("schedule_observation", {"token": O, "request_id": OBS, "night": "2036-02-16"})]
N_OBSERVED = N_SCHEDULED + [("record_observation_result", {"token": O, "request_id": OBS, "outcome": "observed",
                                                           "frames_taken": 20})]
N_DELIVERED = N_OBSERVED + [("deliver_images", {"token": O, "request_id": OBS})]
N_ORDER = N_PAID + [sign_in("marisa"), ("create_order", {"token": MT, "customer_id": GARROW}),
                    ("whats_on", {"kind": "observing"}),
                    ("add_tickets", {"token": MT, "order_id": ORDER,
                                     "performance_id": "$whats_on.body.2.performance_id", "ticket_type": "member",
                                     "quantity": 2})]
N_PAY = N_ORDER + [("pay_order", {"token": MT, "order_id": ORDER, "amount": 14.0, "method": "card"})]
N_ISSUED = N_PAY + [("issue_tickets", {"token": MT, "order_id": ORDER})]
N_CANCELLED = N_PAY + [("cancel_order", {"token": MT, "order_id": ORDER,
                                         "reason": "Ms Garrow finds she is away that week"})]

# the observing evenings, vouchers and orders in the fresh state: PF-3102 Stargazing for Two tonight (ORD-88101,
# Ms Trelawney, paid), PF-3104 Winter Stargazing on Saturday (ORD-88103, Mr Dunstable, issued), PF-3107 on the 21st;
# ORD-88102 (Mrs Quillon, Valentine's Night Sky, open, 25.50)
TONIGHT = ("whats_on", {"kind": "observing", "date": "2036-02-14"})
SATURDAY = ("whats_on", {"kind": "observing", "date": "2036-02-16"}, "saturday")
CALLED_OFF = [sign_in("oksana"), ("observing_forecast", {"date": "2036-02-14"}), TONIGHT,
              ("call_off_evening", {"token": O, "performance_id": "$whats_on.body.0.performance_id",
                                    "reason": "The forecast is 90 per cent cloud"})]
TRELAWNEY_MOVED = CALLED_OFF + [sign_in("marisa"), ("orders", {"token": MT, "status": "paid"}), SATURDAY,
                                ("rebook_order", {"token": MT, "order_id": "$orders.body.0.order_id",
                                                  "performance_id": "$saturday.body.0.performance_id"})]
KETLEY_TONIGHT = [sign_in("marisa"), ("find_customer", {"token": MT, "text": "Ketley"}),
                  ("create_order", {"token": MT, "customer_id": FOUND}), TONIGHT,
                  ("add_tickets", {"token": MT, "order_id": ORDER, "performance_id": "$whats_on.body.0.performance_id",
                                   "ticket_type": "adult", "quantity": 2}),
                  ("pay_order", {"token": MT, "order_id": ORDER, "amount": 28.0, "method": "card"}),
                  sign_in("oksana"),
                  ("call_off_evening", {"token": O, "performance_id": "$whats_on.body.0.performance_id",
                                        "reason": "The forecast is 90 per cent cloud"}),
                  SATURDAY, ("rebook_order", {"token": MT, "order_id": ORDER,
                                              "performance_id": "$saturday.body.0.performance_id"})]
KETLEY_TALK = [sign_in("marisa"), ("find_customer", {"token": MT, "text": "Ketley"}),
               ("create_order", {"token": MT, "customer_id": FOUND}), ("whats_on", {"kind": "talk"}),
               ("add_tickets", {"token": MT, "order_id": ORDER, "performance_id": "$whats_on.body.0.performance_id",
                                "ticket_type": "adult", "quantity": 2}),
               ("sell_gift_voucher", {"token": MT, "value": 10.0, "purchaser": "Dr Ketley's students",
                                      "method": "card"}),
               ("apply_voucher", {"token": MT, "order_id": ORDER,
                                  "voucher_code": "$sell_gift_voucher.body.voucher_code"}),
               ("pay_order", {"token": MT, "order_id": ORDER, "amount": 6.0, "method": "card"})]
QUILLON_VOUCHER = [sign_in("marisa"), ("sell_gift_voucher", {"token": MT, "value": 20.0,
                                                             "purchaser": "Mr Jago Quillon", "method": "card"}),
                   ("orders", {"token": MT, "status": "open"}),
                   ("apply_voucher", {"token": MT, "order_id": OPEN,
                                      "voucher_code": "$sell_gift_voucher.body.voucher_code"})]
QUILLON_PAID = QUILLON_VOUCHER + [("pay_order", {"token": MT, "order_id": OPEN, "amount": 5.5, "method": "card"})]
QUILLON_CARD = [sign_in("marisa"), ("orders", {"token": MT, "status": "open"}),
                ("pay_order", {"token": MT, "order_id": OPEN, "amount": 25.5, "method": "card"})]
QUILLON_TICKETS = QUILLON_CARD + [("issue_tickets", {"token": MT, "order_id": OPEN})]
DUNSTABLE_CANCEL = [sign_in("marisa"), ("orders", {"token": MT, "status": "issued"}),
                    ("cancel_order", {"token": MT, "order_id": "$orders.body.0.order_id",
                                      "reason": "Mr Dunstable cannot come on Saturday"})]
DUNSTABLE_EMAIL = [sign_in("marisa"), ("find_customer", {"token": MT, "text": "Dunstable"}),
                   ("update_customer", {"token": MT, "customer_id": FOUND, "email": "leofric@dunstable.example.com"})]
TRELAWNEY_MESSAGE = [sign_in("marisa"), ("find_customer", {"token": MT, "text": "Trelawney"}),
                     ("message_customer", {"token": MT, "customer_id": FOUND, "subject": "Stargazing for Two",
                                           "body": "Tonight's evening is called off for cloud; your tickets are "
                                                   "moved to Saturday 16 February at 19:30."})]
KETLEY_RECORD = [sign_in("wendell"), ("find_customer", {"token": W, "text": "Ketley"}),
                 ("customer_record", {"token": W, "customer_id": FOUND})]
QUILLON_JOINS = [sign_in("wendell"), ("find_customer", {"token": W, "text": "Quillon"}),
                 ("join_membership", {"token": W, "customer_id": FOUND, "tier": "family"})]
ASHGROVE_PAID = [sign_in("wendell"), ("memberships", {"token": W, "status": "pending_payment"}),
                 ("pay_membership", {"token": W, "membership_id": "$memberships.body.0.membership_id", "amount": 80.0,
                                     "method": "card"})]
ASHGROVE_TICKETS = ASHGROVE_PAID + [sign_in("marisa"), ("find_customer", {"token": MT, "text": "Ashgrove"}),
                                    ("create_order", {"token": MT, "customer_id": FOUND}),
                                    ("whats_on", {"kind": "planetarium", "date": "2036-02-16"}),
                                    ("add_tickets", {"token": MT, "order_id": ORDER,
                                                     "performance_id": "$whats_on.body.0.performance_id",
                                                     "ticket_type": "member", "quantity": 2})]
KETLEY_INDUCTED = [sign_in("oksana"), ("memberships", {"token": O, "status": "active"}),
                   ("record_induction", {"token": O, "membership_id": "$memberships.body.1.membership_id",
                                         "notes": "Booking the telescope, the filters, exposures and the queue"})]
KETLEY_ROSETTE = KETLEY_INDUCTED + [("telescope_targets", {"token": O}),
                                    ("request_observation", {"token": O,
                                                             "membership_id": "$memberships.body.1.membership_id",
                                                             "target": "$telescope_targets.body.4.code",
                                                             "filter": "OIII", "exposure_s": 300, "frames": 15})]
ORION_SCHEDULED = [sign_in("oksana"), ("observation_queue", {"token": O, "status": "queued"}),
                   ("schedule_observation", {"token": O, "request_id": "$observation_queue.body.0.request_id",
                                             "night": "2036-02-16"})]
ROSETTE_OBSERVED = [sign_in("oksana"), ("observation_queue", {"token": O, "status": "scheduled"}),
                    ("record_observation_result", {"token": O, "request_id": "$observation_queue.body.0.request_id",
                                                   "outcome": "observed", "frames_taken": 10})]
ANDROMEDA_SENT = [sign_in("oksana"), ("observation_queue", {"token": O, "status": "observed"}),
                  ("deliver_images", {"token": O, "request_id": "$observation_queue.body.0.request_id"})]

# schools: SV-611 (St Cuthman's, Year 5, requested), SV-612 (Merlin Brook, Year 7, details received), SV-613 (St
# Cuthman's, Year 3, confirmed), SV-610 (Merlin Brook, February, confirmed and invoiced as INV-7001)
N_SCHOOL = [sign_in("lysander"),
            ("register_school", {"token": D, "name": "Harebell Primary School", "urn": "118832",
                                 "contact": "Mrs Felicity Nightingale",
                                 "email": "f.nightingale@harebell.example.sch.uk", "phone": "01632 960377"}),
            ("request_school_visit", {"token": D, "school_id": "$register_school.body.school_id", "date": "2036-03-13",
                                      "pupils": 58, "year_group": "Year 6", "programme": "space_weather"})]
N_DETAILS = N_SCHOOL + [("record_visit_details", {"token": D, "visit_id": VISIT, "adults": 6,
                                                  "risk_assessment": "HPS-RA-2036-07"})]
N_CONFIRMED = N_DETAILS + [("confirm_school_visit", {"token": D, "visit_id": VISIT})]
N_INVOICED = N_CONFIRMED + [("invoice_school_visit", {"token": D, "visit_id": VISIT})]
N_INVOICE_PAID = N_INVOICED + [("record_invoice_payment", {"token": D,
                                                           "invoice_id": "$invoice_school_visit.body.invoice_id",
                                                           "amount": 377.0, "reference": "BACS HPS 0313"})]
CUTHMANS_YEAR6 = [sign_in("lysander"), ("find_school", {"token": D, "text": "Cuthman"}),
                  ("request_school_visit", {"token": D, "school_id": "$find_school.body.0.school_id",
                                            "date": "2036-03-12", "pupils": 30, "year_group": "Year 6",
                                            "programme": "moon_landing"})]
CUTHMANS_DETAILS = [sign_in("lysander"), ("school_visits", {"token": D, "status": "requested"}),
                    ("record_visit_details", {"token": D, "visit_id": "$school_visits.body.0.visit_id", "adults": 6,
                                              "risk_assessment": "SCP-RA-31"})]
MERLIN_CONFIRMED = [sign_in("lysander"), ("school_visits", {"token": D, "status": "details_received"}),
                    ("confirm_school_visit", {"token": D, "visit_id": "$school_visits.body.0.visit_id"})]
YEAR3_INVOICED = [sign_in("lysander"), ("school_visits", {"token": D, "status": "confirmed"}),
                  ("invoice_school_visit", {"token": D, "visit_id": "$school_visits.body.1.visit_id"})]
MERLIN_PAID = [sign_in("lysander"), ("school_visits", {"token": D, "status": "confirmed"}),
               ("record_invoice_payment", {"token": D, "invoice_id": "$school_visits.body.0.invoice_id",
                                           "amount": 182.0, "reference": "BACS MBA 4471"})]

_BODY = [
    # customers
    ("register_customer", "update_customer", N_UPDATE),
    ("find_customer", "update_customer", DUNSTABLE_EMAIL),
    ("register_customer", "customer_record", N_RECORD),
    ("find_customer", "customer_record", KETLEY_RECORD),
    ("register_customer", "message_customer", N_MESSAGE),
    ("find_customer", "message_customer", TRELAWNEY_MESSAGE),
    ("register_customer", "create_order", cut(N_ORDER, "create_order")),
    ("find_customer", "create_order", cut(KETLEY_TALK, "create_order")),
    # orders
    ("create_order", "add_tickets", N_ORDER),
    ("orders", "add_tickets", [sign_in("marisa"), ("orders", {"token": MT, "status": "open"}),
                               ("whats_on", {"kind": "planetarium", "date": "2036-02-14"}),
                               ("add_tickets", {"token": MT, "order_id": OPEN,
                                                "performance_id": "$whats_on.body.0.performance_id",
                                                "ticket_type": "concession", "quantity": 1})]),
    ("whats_on", "add_tickets", N_ORDER),
    ("pay_membership", "add_tickets", ASHGROVE_TICKETS),
    ("create_order", "apply_voucher", cut(KETLEY_TALK, "apply_voucher")),
    ("orders", "apply_voucher", QUILLON_VOUCHER),
    ("sell_gift_voucher", "apply_voucher", QUILLON_VOUCHER),
    ("create_order", "pay_order", N_PAY),
    ("orders", "pay_order", QUILLON_CARD),
    ("add_tickets", "pay_order", N_PAY),
    ("create_order", "issue_tickets", N_ISSUED),
    ("orders", "issue_tickets", QUILLON_TICKETS),
    ("pay_order", "issue_tickets", N_ISSUED),
    ("create_order", "cancel_order", N_CANCELLED),
    ("orders", "cancel_order", DUNSTABLE_CANCEL),
    ("pay_order", "cancel_order", N_CANCELLED),
    ("whats_on", "call_off_evening", CALLED_OFF),
    ("create_order", "rebook_order", KETLEY_TONIGHT),
    ("orders", "rebook_order", TRELAWNEY_MOVED),
    ("whats_on", "rebook_order", TRELAWNEY_MOVED),
    ("call_off_evening", "rebook_order", TRELAWNEY_MOVED),
    # membership and the telescope
    ("register_customer", "join_membership", N_JOIN),
    ("find_customer", "join_membership", QUILLON_JOINS),
    ("join_membership", "pay_membership", N_PAID),
    ("memberships", "pay_membership", ASHGROVE_PAID),
    ("join_membership", "record_induction", N_INDUCTED),
    ("memberships", "record_induction", KETLEY_INDUCTED),
    ("pay_membership", "record_induction", N_INDUCTED),
    ("join_membership", "request_observation", N_REQUEST),
    ("memberships", "request_observation", KETLEY_ROSETTE),
    ("pay_membership", "request_observation", N_REQUEST),
    ("record_induction", "request_observation", KETLEY_ROSETTE),
    ("telescope_targets", "request_observation", KETLEY_ROSETTE),
    ("request_observation", "schedule_observation", N_SCHEDULED),
    ("observation_queue", "schedule_observation", ORION_SCHEDULED),
    ("request_observation", "record_observation_result", N_OBSERVED),
    ("observation_queue", "record_observation_result", ROSETTE_OBSERVED),
    ("schedule_observation", "record_observation_result", N_OBSERVED),
    ("request_observation", "deliver_images", N_DELIVERED),
    ("observation_queue", "deliver_images", ANDROMEDA_SENT),
    ("record_observation_result", "deliver_images", N_DELIVERED),
    # schools
    ("register_school", "request_school_visit", N_SCHOOL),
    ("find_school", "request_school_visit", CUTHMANS_YEAR6),
    ("request_school_visit", "record_visit_details", N_DETAILS),
    ("school_visits", "record_visit_details", CUTHMANS_DETAILS),
    ("request_school_visit", "confirm_school_visit", N_CONFIRMED),
    ("school_visits", "confirm_school_visit", MERLIN_CONFIRMED),
    ("record_visit_details", "confirm_school_visit", N_CONFIRMED),
    ("request_school_visit", "invoice_school_visit", N_INVOICED),
    ("school_visits", "invoice_school_visit", YEAR3_INVOICED),
    ("confirm_school_visit", "invoice_school_visit", N_INVOICED),
    ("invoice_school_visit", "record_invoice_payment", N_INVOICE_PAID),
    ("school_visits", "record_invoice_payment", MERLIN_PAID),
]

_OWN = {"sign_out": [sign_in("leonie"), ("sign_out", {"token": "$leonie.body.token"})]}


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
    # the observing forecast read before tonight's Stargazing for Two is called off (the astronomer decides)
    ("observing_forecast", CALLED_OFF),
    # the telescope's targets before Dr Ketley's induction is recorded
    ("telescope_targets", KETLEY_INDUCTED[:2] + [("telescope_targets", {"token": O}), KETLEY_INDUCTED[-1]]),
    # what's on before Ms Garrow joins
    ("whats_on", N[:2] + [("whats_on", {"kind": "talk"}), ("join_membership", {"token": W, "customer_id": GARROW,
                                                                               "tier": "astronomer"})]),
    # the schools list before Merlin Brook's visit is confirmed
    ("find_school", MERLIN_CONFIRMED[:2] + [("find_school", {"token": D, "text": "Merlin"}), MERLIN_CONFIRMED[-1]]),
    # Mr Dunstable found before his ticket is cancelled
    ("find_customer", DUNSTABLE_CANCEL[:2] + [("find_customer", {"token": MT, "text": "Dunstable"}),
                                              DUNSTABLE_CANCEL[-1]]),
    # the observing evenings on the programme before Dr Ketley's induction is recorded
    ("whats_on", KETLEY_INDUCTED[:2] + [("whats_on", {"kind": "observing"}), KETLEY_INDUCTED[-1]]),
    # Ms Trelawney is written to before Mrs Quillon's voucher is sold
    ("message_customer", QUILLON_VOUCHER[:1] + TRELAWNEY_MESSAGE[1:] + QUILLON_VOUCHER[1:]),
    # a gift voucher sold before Mrs Quillon pays by card
    ("sell_gift_voucher", QUILLON_CARD[:2] + [("sell_gift_voucher", {"token": MT, "value": 25.0,
                                                                     "purchaser": "Mrs Ysolde Quillon",
                                                                     "method": "card"}), QUILLON_CARD[-1]]),
]
