"""Scripted proofs that Hackney's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime built with ``failure=FAILURE``, and, since the raw replies
are plain dicts (``TypedDict`` envelopes), under the plain oracle with the module's ``FAILURE`` too; a refusal is an
envelope whose ``meta.code`` is 400 or more, a failure under both).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "wenna")``) and pass ``"$wenna.response.token"``; replies are read inside the envelope's ``response`` by field
(``"$register_passenger.response.passenger_id"``, ``"$quote_fare.response.quote_id"``,
``"$book_journey.response.booking_id"``, ``"$open_account.response.account_id"``,
``"$raise_invoice.response.invoice_id"``, ``"$start_shift.response.shift_id"``,
``"$report_lost_property.response.item_id"``, ``"$log_complaint.response.complaint_id"``) and list entries by
position and field (``"$home.response.0.address_id"``, ``"$fare_table.response.4.code"``,
``"$find_passenger.response.0.passenger_id"``, ``"$accounts.response.0.account_id"``,
``"$invoices.response.0.invoice_id"``, ``"$bookings.response.0.booking_id"``, ``"$drivers.response.1.driver_id"``,
``"$vehicles.response.0.vehicle_id"``, ``"$lost_property.response.0.item_id"``,
``"$complaints.response.0.complaint_id"``), a shift board row by position (``"$shift_board.response.0.0"``). The
positions follow the fresh state's order (records by id, drivers by callsign, bookings by pickup time, the fare table
by code, each list filtered as the call asks). Every id and code is read from a reply; none is written literally
(names, phone numbers, e-mail addresses, needs, times, company details, amounts, payments, results, mileages,
insurers, policies, items, descriptions, categories, details, outcomes and messages are written as the staff are told
them). A step saved under a name of its own is a second call of a tool on one path.

The day: Mrs Tresize registers and books a wheelchair-accessible car to the hospital, which Ishaq Rowlatt takes out
on a new shift; Mr Lidgate and Mr Vosper book again; Corbel Architects open an account, pass the credit check and Mr
Quayle books on it; Coldharbour Joinery pay their overdue invoice and book again; Ferrisby's November is invoiced
and paid. Sandeep Varcoe goes home and Perran Jago takes his car; Nuala Ketteridge's licence check, the Corolla's
inspection and the estate's insurance let their shifts start. Mr Lidgate's car is sent, arrives and he boards; Dr
Kemble's car arrives; Mr Vosper boards or never comes; Miss Sefton's journey ends and her rucksack is found; Mrs
Pargeter complains; Mr Vosper's laptop bag goes back; Ms Sturrock's airport run is cancelled.
"""

import hackney_tools as tools

WHO = {"wenna": ("wenna.t", "Flagfall-19"), "aldous": ("aldous.p", "Base-Calling-7"),
       "oriana": ("oriana.b", "Net-Thirty-42"), "ruairi": ("ruairi.m", "Plate-Check-63"),
       "zillah": ("zillah.o", "Top-Rank-25")}
WE, AL, PH, RU, ZI = ("$wenna.response.token", "$aldous.response.token", "$oriana.response.token",
                      "$ruairi.response.token", "$zillah.response.token")


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def route(frm: str, to: str) -> list:
    """The two address look-ups of a journey, saved as ``frm`` and ``to``."""
    return [("find_address", {"text": frm}, "frm"), ("find_address", {"text": to}, "to")]


FRM, TO = "$frm.response.0.address_id", "$to.response.0.address_id"

# Mrs Tresize, new, in a wheelchair: a wheelchair-accessible car (WAV, the fare table's fifth code) to the hospital
GWEN = [sign_in("wenna"),
        ("register_passenger", {"token": WE, "name": "Mrs Gwendolen Tresize", "phone": "07700 900452",
                                "email": "gwen.tresize@example.com", "needs": ["wheelchair"]})]
GWEN_BOOKED = GWEN + route("Saddlers Yard", "General Hospital") + [
    ("fare_table", {}),
    ("quote_fare", {"token": WE, "pickup_id": FRM, "dropoff_id": TO, "vehicle_class": "$fare_table.response.4.code",
                    "pickup_at": "2038-12-03 08:00", "needs": ["wheelchair"]}),
    ("book_journey", {"token": WE, "quote_id": "$quote_fare.response.quote_id",
                      "passenger_id": "$register_passenger.response.passenger_id",
                      "notes": "Ring the bell and wait; she needs the ramp"})]
GWEN_SENT = GWEN_BOOKED + [sign_in("aldous"), ("drivers", {"token": AL, "on_shift": False}),
                           ("vehicles", {"token": AL, "vehicle_class": "WAV"}),
                           ("start_shift", {"token": AL, "driver_id": "$drivers.response.1.driver_id",
                                            "vehicle_id": "$vehicles.response.0.vehicle_id"}),
                           ("dispatch", {"token": AL, "booking_id": "$book_journey.response.booking_id",
                                         "shift_id": "$start_shift.response.shift_id"})]
GWEN_LATER = GWEN_BOOKED + [("amend_booking", {"token": WE, "booking_id": "$book_journey.response.booking_id",
                                               "pickup_at": "2038-12-03 08:20"})]
GWEN_OFF = GWEN_BOOKED + [("cancel_booking", {"token": WE, "booking_id": "$book_journey.response.booking_id",
                                              "reason": "Her clinic has been moved to next week"})]
GWEN_RECORD = GWEN_BOOKED + [("booking_detail", {"token": WE, "booking_id": "$book_journey.response.booking_id"})]
GWEN_PHONE = GWEN + [("update_passenger", {"token": WE, "passenger_id": "$register_passenger.response.passenger_id",
                                           "phone": "07700 900453"})]
GWEN_HISTORY = GWEN + [("passenger_history", {"token": WE,
                                              "passenger_id": "$register_passenger.response.passenger_id"})]
GWEN_TEXT = GWEN + [("text_passenger", {"token": WE, "passenger_id": "$register_passenger.response.passenger_id",
                                        "message": "Your wheelchair-accessible car is booked for 08:00."})]

# Mr Lidgate books again, home from the hospital at eleven
HORACE = [sign_in("wenna"), ("find_passenger", {"token": WE, "text": "Lidgate"})] + route(
    "General Hospital", "Marlcaster station") + [
    ("fare_table", {}),
    ("quote_fare", {"token": WE, "pickup_id": FRM, "dropoff_id": TO, "vehicle_class": "$fare_table.response.3.code",
                    "pickup_at": "2038-12-03 11:00"}),
    ("book_journey", {"token": WE, "quote_id": "$quote_fare.response.quote_id",
                      "passenger_id": "$find_passenger.response.0.passenger_id"})]
# Mr Vosper on Ferrisby's account (active), to the airport on Monday
VOSPER = [sign_in("wenna"), ("accounts", {"token": WE, "status": "active"}),
          ("find_passenger", {"token": WE, "text": "Vosper"})] + route("Guildhall Square", "Airport") + [
    ("fare_table", {}),
    ("quote_fare", {"token": WE, "pickup_id": FRM, "dropoff_id": TO, "vehicle_class": "$fare_table.response.1.code",
                    "pickup_at": "2038-12-06 15:30"}),
    ("book_journey", {"token": WE, "quote_id": "$quote_fare.response.quote_id",
                      "passenger_id": "$find_passenger.response.0.passenger_id",
                      "account_id": "$accounts.response.0.account_id"})]
ELOWEN_MAIL = [sign_in("wenna"), ("find_passenger", {"token": WE, "text": "Sefton"}),
                ("update_passenger", {"token": WE, "passenger_id": "$find_passenger.response.0.passenger_id",
                                      "email": "elowen.sefton@example.net"})]
KEMBLE_HISTORY = [sign_in("wenna"), ("find_passenger", {"token": WE, "text": "Kemble"}),
                  ("passenger_history", {"token": WE, "passenger_id": "$find_passenger.response.0.passenger_id"})]
STURROCK_TEXT = [sign_in("wenna"), ("find_passenger", {"token": WE, "text": "Sturrock"}),
                 ("text_passenger", {"token": WE, "passenger_id": "$find_passenger.response.0.passenger_id",
                                     "message": "Sorry to hear your flight is cancelled; your 09:40 car is off."})]

# Corbel Architects open an account; Mr Quayle travels on it on Monday
CORBEL = [sign_in("oriana"),
             ("open_account", {"token": PH, "company": "Corbel Architects Ltd", "contact": "Mr Lysander Quayle",
                               "email": "accounts@corbel.example.com", "phone": "01632 960377",
                               "company_number": "12039854", "credit_limit": 1200.0}),
             ("credit_check", {"token": PH, "account_id": "$open_account.response.account_id"}),
             sign_in("wenna"),
             ("register_passenger", {"token": WE, "name": "Mr Lysander Quayle", "phone": "07700 900463",
                                     "email": "lysander@corbel.example.com"}),
             ("authorise_traveller", {"token": PH, "account_id": "$open_account.response.account_id",
                                      "passenger_id": "$register_passenger.response.passenger_id"})]
CORBEL_BOOKED = CORBEL + route("Ropewalk", "Marlcaster station") + [
    ("fare_table", {}),
    ("quote_fare", {"token": WE, "pickup_id": FRM, "dropoff_id": TO, "vehicle_class": "$fare_table.response.3.code",
                    "pickup_at": "2038-12-06 08:00"}),
    ("book_journey", {"token": WE, "quote_id": "$quote_fare.response.quote_id",
                      "passenger_id": "$register_passenger.response.passenger_id",
                      "account_id": "$open_account.response.account_id"})]
THESSALY = [sign_in("oriana"), ("accounts", {"token": PH, "status": "pending"}),
            ("credit_check", {"token": PH, "account_id": "$accounts.response.0.account_id"})]
KEMBLE_FERRISBY = [sign_in("oriana"), ("accounts", {"token": PH, "status": "active"}),
                    ("find_passenger", {"token": PH, "text": "Kemble"}),
                    ("authorise_traveller", {"token": PH, "account_id": "$accounts.response.0.account_id",
                                             "passenger_id": "$find_passenger.response.0.passenger_id"})]
# Coldharbour Joinery (on stop) pay October's invoice; Mr Pettifer books from the works
COLDHARBOUR = [sign_in("oriana"), ("accounts", {"token": PH, "status": "on_stop"}),
               ("invoices", {"token": PH, "unpaid_only": True}),
               ("record_payment", {"token": PH, "invoice_id": "$invoices.response.0.invoice_id", "amount": 238.40,
                                   "method": "bacs"}),
               sign_in("wenna"), ("find_passenger", {"token": WE, "text": "Pettifer"})] + route(
    "Cordwainer", "Marlcaster station") + [
    ("fare_table", {}),
    ("quote_fare", {"token": WE, "pickup_id": FRM, "dropoff_id": TO, "vehicle_class": "$fare_table.response.3.code",
                    "pickup_at": "2038-12-03 09:00"}),
    ("book_journey", {"token": WE, "quote_id": "$quote_fare.response.quote_id",
                      "passenger_id": "$find_passenger.response.0.passenger_id",
                      "account_id": "$accounts.response.0.account_id"})]
FERRISBY_INVOICE = [sign_in("oriana"), ("accounts", {"token": PH, "status": "active"}),
                     ("raise_invoice", {"token": PH, "account_id": "$accounts.response.0.account_id",
                                        "month": "2038-11"}),
                     ("record_payment", {"token": PH, "invoice_id": "$raise_invoice.response.invoice_id",
                                         "amount": 67.93, "method": "bacs"})]
FERRISBY_STATEMENT = [sign_in("oriana"), ("accounts", {"token": PH, "status": "active"}),
                       ("account_statement", {"token": PH, "account_id": "$accounts.response.0.account_id"})]

# the controller: Mr Lidgate's 08:15 (BK-5101) to Sandeep's car 14 (SH-880, the first row of the board)
LIDGATE_SENT = [sign_in("aldous"), ("bookings", {"token": AL, "status": "booked"}), ("shift_board", {"token": AL}),
                ("dispatch", {"token": AL, "booking_id": "$bookings.response.0.booking_id",
                              "shift_id": "$shift_board.response.0.0"}),
                ("mark_arrived", {"token": AL, "booking_id": "$bookings.response.0.booking_id"})]
LIDGATE_LATER = [sign_in("wenna"), ("bookings", {"token": WE, "status": "booked"}),
                 ("amend_booking", {"token": WE, "booking_id": "$bookings.response.0.booking_id",
                                    "notes": "Meet him at the main doors; he has a stick"})]
LIDGATE_RECORD = [sign_in("wenna"), ("bookings", {"token": WE, "status": "booked"}),
                  ("booking_detail", {"token": WE, "booking_id": "$bookings.response.0.booking_id"})]
STURROCK_OFF = [sign_in("wenna"), ("bookings", {"token": WE, "status": "booked"}),
                ("cancel_booking", {"token": WE, "booking_id": "$bookings.response.1.booking_id",
                                    "reason": "Her flight has been cancelled"})]
# Dr Kemble's car (BK-5103, dispatched) arrives; he boards, or never comes
KEMBLE_ARRIVED = [sign_in("aldous"), ("bookings", {"token": AL, "status": "dispatched"}),
                  ("mark_arrived", {"token": AL, "booking_id": "$bookings.response.0.booking_id"})]
KEMBLE_BOARDS = KEMBLE_ARRIVED + [("passenger_on_board", {"token": AL,
                                                          "booking_id": "$bookings.response.0.booking_id"})]
KEMBLE_MISSING = KEMBLE_ARRIVED + [("record_no_show", {"token": AL, "booking_id": "$bookings.response.0.booking_id",
                                                       "waited_minutes": 12})]
# Mr Vosper's car (BK-5104, arrived, on Ferrisby's account)
VOSPER_BOARDS = [sign_in("aldous"), ("bookings", {"token": AL, "status": "arrived"}),
                 ("passenger_on_board", {"token": AL, "booking_id": "$bookings.response.0.booking_id"}),
                 ("complete_journey", {"token": AL, "booking_id": "$bookings.response.0.booking_id",
                                       "payment": "account", "waiting_minutes": 3})]
VOSPER_MISSING = [sign_in("aldous"), ("bookings", {"token": AL, "status": "arrived"}),
                  ("record_no_show", {"token": AL, "booking_id": "$bookings.response.0.booking_id",
                                      "waited_minutes": 15})]
# Miss Sefton (BK-5105, on board in Bogdan Ilie's estate, SH-883, the fourth row) reaches Upper Stowcombe
ELOWEN_HOME = [sign_in("aldous"), ("shift_board", {"token": AL}), ("bookings", {"token": AL, "status": "on_board"}),
                ("complete_journey", {"token": AL, "booking_id": "$bookings.response.0.booking_id",
                                      "payment": "card"})]
ELOWEN_RUCKSACK = cut(ELOWEN_HOME, "complete_journey") + [
    ("report_lost_property", {"token": AL, "booking_id": "$bookings.response.0.booking_id",
                              "item": "Rucksack", "description": "Pink child's rucksack with a unicorn badge"}),
    sign_in("wenna"),
    ("return_lost_property", {"token": WE, "item_id": "$report_lost_property.response.item_id",
                              "returned_to": "Mrs Sefton", "method": "delivered"})]
BOGDAN_HOME = ELOWEN_HOME + [("end_shift", {"token": AL, "shift_id": "$shift_board.response.3.0",
                                             "odometer": 118730})]
# Mrs Pargeter (BK-5106, completed, paid by card)
PARGETER = [sign_in("wenna"), ("bookings", {"token": WE, "status": "completed"}),
            ("log_complaint", {"token": WE, "booking_id": "$bookings.response.0.booking_id", "category": "vehicle",
                               "details": "The ramp jammed and she waited in the rain for ten minutes"}),
            sign_in("ruairi"),
            ("resolve_complaint", {"token": RU, "complaint_id": "$log_complaint.response.complaint_id",
                                   "outcome": "The ramp's hinge is replaced; apology sent", "refund": 4.0})]
PARGETER_STICK = [sign_in("wenna"), ("bookings", {"token": WE, "status": "completed"}),
                  ("report_lost_property", {"token": WE, "booking_id": "$bookings.response.0.booking_id",
                                            "item": "Walking stick", "description": "Wooden stick with a brass top"})]
LATE_AIRPORT = [sign_in("ruairi"), ("complaints", {"token": RU}),
                ("resolve_complaint", {"token": RU, "complaint_id": "$complaints.response.0.complaint_id",
                                       "outcome": "Traffic on the bypass; apology sent, no refund on an account"})]
LAPTOP_BAG = [sign_in("wenna"), ("lost_property", {"token": WE, "status": "held"}),
              ("return_lost_property", {"token": WE, "item_id": "$lost_property.response.0.item_id",
                                        "returned_to": "Ms Honor Vellacott", "method": "collected"})]

# shifts: Sandeep (SH-880, car 14) goes home, Perran Jago takes the Corolla (VH-21)
SANDEEP_HOME = [sign_in("aldous"), ("shift_board", {"token": AL}),
                ("end_shift", {"token": AL, "shift_id": "$shift_board.response.0.0", "odometer": 84211})]
PERRAN = SANDEEP_HOME + [("drivers", {"token": AL, "on_shift": False}), ("vehicles", {"token": AL}),
                         ("start_shift", {"token": AL, "driver_id": "$drivers.response.3.driver_id",
                                          "vehicle_id": "$vehicles.response.0.vehicle_id"})]
NUALA = [sign_in("ruairi"), ("drivers", {"token": RU, "on_shift": False}),
         ("record_licence_check", {"token": RU, "driver_id": "$drivers.response.0.driver_id", "licence_valid": True,
                                   "points": 3, "checked_by": "Ruairi Madigan"}),
         sign_in("aldous"), ("vehicles", {"token": AL, "vehicle_class": "MPV"}),
         ("start_shift", {"token": AL, "driver_id": "$drivers.response.0.driver_id",
                          "vehicle_id": "$vehicles.response.0.vehicle_id"})]
COROLLA = [sign_in("ruairi"), ("vehicles", {"token": RU}),
           ("record_vehicle_inspection", {"token": RU, "vehicle_id": "$vehicles.response.7.vehicle_id",
                                          "result": "pass", "mileage": 61240, "inspector": "Hywel Brannigan"}),
           sign_in("aldous"), ("drivers", {"token": AL, "on_shift": False}),
           ("start_shift", {"token": AL, "driver_id": "$drivers.response.1.driver_id",
                            "vehicle_id": "$vehicles.response.7.vehicle_id"})]
ESTATE = [sign_in("ruairi"), ("vehicles", {"token": RU, "vehicle_class": "EST"}),
          ("record_insurance", {"token": RU, "vehicle_id": "$vehicles.response.1.vehicle_id",
                                "insurer": "Tollbar Mutual", "policy_number": "TM-448120", "expires": "2039-11-30"}),
          sign_in("aldous"), ("drivers", {"token": AL, "on_shift": False}),
          ("start_shift", {"token": AL, "driver_id": "$drivers.response.2.driver_id",
                           "vehicle_id": "$vehicles.response.1.vehicle_id"})]
ISHAQ_HOME = [sign_in("aldous"), ("drivers", {"token": AL, "on_shift": False}),
              ("vehicles", {"token": AL, "vehicle_class": "WAV"}),
              ("start_shift", {"token": AL, "driver_id": "$drivers.response.1.driver_id",
                               "vehicle_id": "$vehicles.response.0.vehicle_id"}),
              ("end_shift", {"token": AL, "shift_id": "$start_shift.response.shift_id", "odometer": 40377})]

_BODY = [
    # passengers
    ("register_passenger", "book_journey", GWEN_BOOKED),
    ("find_passenger", "book_journey", HORACE),
    ("register_passenger", "update_passenger", GWEN_PHONE),
    ("find_passenger", "update_passenger", ELOWEN_MAIL),
    ("register_passenger", "passenger_history", GWEN_HISTORY),
    ("find_passenger", "passenger_history", KEMBLE_HISTORY),
    ("register_passenger", "text_passenger", GWEN_TEXT),
    ("find_passenger", "text_passenger", STURROCK_TEXT),
    ("register_passenger", "authorise_traveller", CORBEL),
    ("find_passenger", "authorise_traveller", KEMBLE_FERRISBY),
    # quotes and bookings
    ("find_address", "quote_fare", cut(GWEN_BOOKED, "quote_fare")),
    ("fare_table", "quote_fare", cut(HORACE, "quote_fare")),
    ("quote_fare", "book_journey", GWEN_BOOKED),
    ("book_journey", "amend_booking", GWEN_LATER),
    ("bookings", "amend_booking", LIDGATE_LATER),
    ("book_journey", "cancel_booking", GWEN_OFF),
    ("bookings", "cancel_booking", STURROCK_OFF),
    ("book_journey", "booking_detail", GWEN_RECORD),
    ("bookings", "booking_detail", LIDGATE_RECORD),
    ("book_journey", "dispatch", GWEN_SENT),
    ("bookings", "dispatch", cut(LIDGATE_SENT, "dispatch")),
    # accounts
    ("open_account", "credit_check", cut(CORBEL, "credit_check")),
    ("accounts", "credit_check", THESSALY),
    ("open_account", "authorise_traveller", CORBEL),
    ("accounts", "authorise_traveller", KEMBLE_FERRISBY),
    ("credit_check", "authorise_traveller", CORBEL),
    ("open_account", "book_journey", CORBEL_BOOKED),
    ("accounts", "book_journey", VOSPER),
    ("authorise_traveller", "book_journey", CORBEL_BOOKED),
    ("record_payment", "book_journey", COLDHARBOUR),
    ("accounts", "account_statement", FERRISBY_STATEMENT),
    ("accounts", "raise_invoice", cut(FERRISBY_INVOICE, "raise_invoice")),
    ("raise_invoice", "record_payment", FERRISBY_INVOICE),
    ("invoices", "record_payment", cut(COLDHARBOUR, "record_payment")),
    # the controller
    ("start_shift", "dispatch", GWEN_SENT),
    ("shift_board", "dispatch", cut(LIDGATE_SENT, "dispatch")),
    ("dispatch", "mark_arrived", LIDGATE_SENT),
    ("bookings", "mark_arrived", KEMBLE_ARRIVED),
    ("mark_arrived", "passenger_on_board", KEMBLE_BOARDS),
    ("bookings", "passenger_on_board", cut(VOSPER_BOARDS, "passenger_on_board")),
    ("mark_arrived", "record_no_show", KEMBLE_MISSING),
    ("bookings", "record_no_show", VOSPER_MISSING),
    ("passenger_on_board", "complete_journey", VOSPER_BOARDS),
    ("bookings", "complete_journey", ELOWEN_HOME),
    ("complete_journey", "report_lost_property", cut(ELOWEN_RUCKSACK, "report_lost_property")),
    ("bookings", "report_lost_property", PARGETER_STICK),
    ("report_lost_property", "return_lost_property", ELOWEN_RUCKSACK),
    ("lost_property", "return_lost_property", LAPTOP_BAG),
    ("bookings", "log_complaint", cut(PARGETER, "log_complaint")),
    ("log_complaint", "resolve_complaint", PARGETER),
    ("complaints", "resolve_complaint", LATE_AIRPORT),
    # shifts and compliance
    ("shift_board", "end_shift", SANDEEP_HOME),
    ("start_shift", "end_shift", ISHAQ_HOME),
    ("complete_journey", "end_shift", BOGDAN_HOME),
    ("end_shift", "start_shift", PERRAN),
    ("drivers", "start_shift", PERRAN),
    ("vehicles", "start_shift", PERRAN),
    ("drivers", "record_licence_check", cut(NUALA, "record_licence_check")),
    ("record_licence_check", "start_shift", NUALA),
    ("vehicles", "record_vehicle_inspection", cut(COROLLA, "record_vehicle_inspection")),
    ("record_vehicle_inspection", "start_shift", COROLLA),
    ("vehicles", "record_insurance", cut(ESTATE, "record_insurance")),
    ("record_insurance", "start_shift", ESTATE),
]

_OWN = {"sign_out": [sign_in("zillah"), ("sign_out", {"token": ZI})]}


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
    # the fare table read before Mr Vosper's no-show is charged (the fee is the firm's own)
    ("fare_table", VOSPER_MISSING[:2] + [("fare_table", {})] + VOSPER_MISSING[2:]),
    # the complaints read before Nuala Ketteridge's licence check
    ("complaints", NUALA[:2] + [("complaints", {"token": RU})] + NUALA[2:3]),
    # the lost property read before Mr Lidgate's booking is changed
    ("lost_property", LIDGATE_LATER[:2] + [("lost_property", {"token": WE})] + LIDGATE_LATER[2:]),
    # the shift board read before the estate's insurance is recorded
    ("shift_board", ESTATE[:2] + [("shift_board", {"token": RU})] + ESTATE[2:3]),
    # the invoices read before Corbel's account is opened
    ("invoices", CORBEL[:1] + [("invoices", {"token": PH})] + CORBEL[1:2]),
    # Dr Kemble texted before his car is marked arrived
    ("text_passenger", [sign_in("aldous"), ("find_passenger", {"token": AL, "text": "Kemble"}),
                        ("text_passenger", {"token": AL, "passenger_id": "$find_passenger.response.0.passenger_id",
                                            "message": "Your car is outside the college now."})]
     + KEMBLE_ARRIVED[1:]),
    # Ferrisby's statement read before November is invoiced
    ("account_statement", cut(FERRISBY_STATEMENT, "account_statement") + FERRISBY_INVOICE[2:3]),
    # the cars read before Miss Sefton's journey is completed
    ("vehicles", ELOWEN_HOME[:3] + [("vehicles", {"token": AL})] + ELOWEN_HOME[3:]),
    # the drivers read before Mrs Pargeter's complaint is logged
    ("drivers", PARGETER[:2] + [("drivers", {"token": WE})] + PARGETER[2:3]),
]
