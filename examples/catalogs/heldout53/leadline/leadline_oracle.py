"""Scripted proofs that Leadline's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime, with the module's ``FAILURE``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "sabelle")``) and pass ``"$sabelle.token"``; replies are read by field (``"$register_agent.agent_id"``,
``"$register_vessel.vessel_id"``, ``"$book_pilot.booking_id"``, ``"$report_incident.incident_id"``,
``"$invoice_act.invoice_id"`` with ``"$invoice_act.amount"``, ``"$apply_exemption.application_id"`` with
``"$apply_exemption.invoice_id"`` and ``"$apply_exemption.fee"``), list entries by position and field
(``"$find_agent.0.agent_id"``, ``"$find_vessel.0.vessel_id"``, ``"$bookings.1.booking_id"``,
``"$applications.0.application_id"``,
``"$invoices.0.invoice_id"`` with ``"$invoices.0.amount"``), rows by row and column (``"$berths.0.0"``,
``"$tide_windows.0.0"``, ``"$tugs.1.0"``, ``"$pilots.1.0"``, ``"$launches.0.0"``). The positions follow the fresh
state's order (records by id, each list filtered as the call asks). Every id and code of the port's is read from a
reply; none is written literally (names, IMO numbers, times, draughts, certificate and paper references are written as
the staff are told them).

The day: a new agent, Corrievale Port Agency, is taken on, its credit approved, its vessel Glenfinlas Spray registered
and insured, her first call booked, papered, given a tug and confirmed (or cancelled); Skerryvore's new coaster is
registered; Tollbooth Maritime's credit is approved; Amberly Dawn's draught is declared and her sailing booked; Pelerin
Star's insurance is filed and her arrival booked; Merriott & Outhwaite pay their overdue invoice and Coralline Bay is
booked; Brisingr Trader's sailing is booked; Nordkap Spirit's Thursday arrival is papered and given tugs and her Friday
sailing booked on the tide; Garganey Prospect is confirmed; Wendel Pendry comes on duty; Pipit Harvester is given a
pilot, a launch and a ladder check; Godwit Quay's launch is booked; Sanderling Glory's and Marrowby Venturer's pilots
board; Orwell Courant's pilot boards and completes; Solway Lark's act is completed, an incident reported and her act
invoiced; Rookholme Vale's act has an incident closed and is invoiced and paid; Skerryvore's invoice is paid; Captain
Fearnley is examined and given his exemption certificate, Captain Cudworth is given his and Captain Jowett fails her
examination; Dorado Light's call is cancelled.
"""

import leadline_tools as tools

WHO = {"sabelle": ("sabelle.f", "Berth-Board-42"), "corentin": ("corentin.a", "Radar-Sweep-17"),
       "halvard": ("halvard.e", "Roster-Card-63"), "odran": ("odran.d", "Ladder-Rung-28"),
       "merewyn": ("merewyn.t", "Fairway-Buoy-54"), "jacinta": ("jacinta.o", "Leading-Light-39"),
       "oriane": ("oriane.v", "Dues-Ledger-25")}
YT, CT, HT = "$sabelle.token", "$corentin.token", "$halvard.token"
AT, MT, TT, LT = "$odran.token", "$merewyn.token", "$jacinta.token", "$oriane.token"
TODAY = "2059-06-18"
TOMORROW = "2059-06-19"
YESTERDAY = "2059-06-17"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- a new agent, its credit, its vessel and her first call

AGENT = "$register_agent.agent_id"
GLEN_VESSEL = "$register_vessel.vessel_id"
GLEN = "$book_pilot.booking_id"
NEW_AGENT = [
    login("sabelle"),
    ("register_agent", {"token": YT, "company": "Corrievale Port Agency Ltd", "email": "ops@corrievale.example",
                        "phone": "01632 960 718"}),
]
NEW_VESSEL = NEW_AGENT + [
    ("register_vessel", {"token": YT, "agent_id": AGENT, "name": "Glenfinlas Spray", "imo": "9744362",
                         "gross_tonnage": 9850, "length_overall": 124.0, "draught": 7.4, "dangerous_cargo": False}),
    ("file_insurance", {"token": YT, "vessel_id": GLEN_VESSEL, "insurer": "Wolstenholme Mutual P&I",
                        "certificate_no": "HM-WR-58270", "expires_on": "2060-02-20"}),
    login("oriane"),
    ("approve_credit", {"token": LT, "agent_id": AGENT, "credit_reference": "CRA-417730"}),
    ("berths", {}),
    ("book_pilot", {"token": YT, "vessel_id": GLEN_VESSEL, "movement": "inbound", "berth_code": "$berths.0.0",
                    "eta": f"{TODAY} 16:30"}),
]
NEW_READY = NEW_VESSEL + [
    ("attach_document", {"token": YT, "booking_id": GLEN, "kind": "passage_plan", "reference": "PP-GLS-0618"}),
    ("set_tug_requirement", {"token": YT, "booking_id": GLEN, "tugs": 1}),
    ("tugs", {"token": YT}),
    ("order_tugs", {"token": YT, "booking_id": GLEN, "tug_names": ["$tugs.1.0"]}),
    login("corentin"),
    ("confirm_booking", {"token": CT, "booking_id": GLEN}),
]
GLEN_CANCEL = NEW_VESSEL + [
    ("cancel_booking", {"token": YT, "booking_id": GLEN, "reason": "her ETA has slipped to Friday"}),
]
GLEN_DRAUGHT = cut(NEW_VESSEL, "register_vessel") + [
    ("update_draught", {"token": YT, "vessel_id": GLEN_VESSEL, "draught": 7.6}),
]
GLEN_EXEMPTION = cut(NEW_VESSEL, "register_vessel") + [
    ("apply_exemption", {"token": YT, "vessel_id": GLEN_VESSEL, "master_name": "Captain Romola Kilner",
                         "trips_completed": 14}),
]
AGENT_APPROVE = NEW_AGENT + [
    login("oriane"),
    ("approve_credit", {"token": LT, "agent_id": AGENT, "credit_reference": "CRA-417730"}),
]

# ---- existing agents and vessels

TOLLBOOTH = [
    login("sabelle"),
    ("find_agent", {"token": YT, "name": "Tollbooth"}),
    login("oriane"),
    ("approve_credit", {"token": LT, "agent_id": "$find_agent.0.agent_id", "credit_reference": "CRA-420981"}),
]
TARBET = [
    login("sabelle"),
    ("find_agent", {"token": YT, "name": "Skerryvore"}),
    ("register_vessel", {"token": YT, "agent_id": "$find_agent.0.agent_id", "name": "Tarbet Wren", "imo": "9588172",
                         "gross_tonnage": 2650, "length_overall": 84.0, "draught": 4.9, "dangerous_cargo": False}),
]
AMBERLY = [
    login("sabelle"),
    ("find_vessel", {"token": YT, "name": "Amberly"}),
    ("update_draught", {"token": YT, "vessel_id": "$find_vessel.0.vessel_id", "draught": 5.3}),
    ("berths", {}),
    ("book_pilot", {"token": YT, "vessel_id": "$find_vessel.0.vessel_id", "movement": "outbound",
                    "berth_code": "$berths.0.0", "eta": f"{TODAY} 12:30"}),
]
PELERIN = [
    login("sabelle"),
    ("find_vessel", {"token": YT, "name": "Pelerin"}),
    ("file_insurance", {"token": YT, "vessel_id": "$find_vessel.0.vessel_id", "insurer": "Wolstenholme Mutual P&I",
                        "certificate_no": "HM-WR-58304", "expires_on": "2060-06-17"}),
    ("berths", {}),
    ("book_pilot", {"token": YT, "vessel_id": "$find_vessel.0.vessel_id", "movement": "inbound",
                    "berth_code": "$berths.0.0", "eta": f"{TODAY} 14:00"}),
]
CORALLINE = [
    login("oriane"),
    ("invoices", {"token": LT, "status": "overdue"}),
    ("record_payment", {"token": LT, "invoice_id": "$invoices.0.invoice_id", "amount": "$invoices.0.amount",
                        "method": "bacs"}),
    login("sabelle"),
    ("find_vessel", {"token": YT, "name": "Coralline"}),
    ("berths", {}),
    ("book_pilot", {"token": YT, "vessel_id": "$find_vessel.0.vessel_id", "movement": "inbound",
                    "berth_code": "$berths.1.0", "eta": f"{TODAY} 15:00"}),
]
BRISINGR = [
    ("berths", {}),
    login("sabelle"),
    ("find_vessel", {"token": YT, "imo": "9412775"}),
    ("book_pilot", {"token": YT, "vessel_id": "$find_vessel.0.vessel_id", "movement": "outbound",
                    "berth_code": "$berths.0.0", "eta": f"{TODAY} 13:00"}),
]
NORDKAP_OUT = [
    login("sabelle"),
    ("find_vessel", {"token": YT, "name": "Nordkap"}),
    ("berths", {}),
    ("tide_windows", {"token": YT, "day": "2059-06-20"}),
    ("book_pilot", {"token": YT, "vessel_id": "$find_vessel.0.vessel_id", "movement": "outbound",
                    "berth_code": "$berths.2.0", "eta": "2059-06-20 06:10", "window_code": "$tide_windows.0.0"}),
]

# ---- bookings already made: tomorrow's requested calls (Dorado Light, Nordkap Spirit), today's

REQUESTED_TOMORROW = [login("sabelle"), ("bookings", {"token": YT, "day": TOMORROW, "status": "requested"})]
NORDKAP_DG = REQUESTED_TOMORROW + [
    ("attach_document", {"token": YT, "booking_id": "$bookings.1.booking_id", "kind": "dg_declaration",
                         "reference": "DGD-NKS-0619"}),
]
NORDKAP_TUGS = REQUESTED_TOMORROW + [
    ("set_tug_requirement", {"token": YT, "booking_id": "$bookings.1.booking_id", "tugs": 2}),
    ("tugs", {"token": YT}),
    ("order_tugs", {"token": YT, "booking_id": "$bookings.1.booking_id", "tug_names": ["$tugs.2.0", "$tugs.3.0"]}),
]
DORADO_CANCEL = REQUESTED_TOMORROW + [
    ("cancel_booking", {"token": YT, "booking_id": "$bookings.0.booking_id",
                        "reason": "the charterers have cancelled the call"}),
]
GARGANEY = [
    login("corentin"),
    ("bookings", {"token": CT, "day": TODAY, "status": "requested"}),
    ("confirm_booking", {"token": CT, "booking_id": "$bookings.0.booking_id"}),
]
GARGANEY_PILOT = GARGANEY + [
    login("halvard"),
    ("pilots", {"token": HT, "licence_class": "A"}),
    ("assign_pilot", {"token": HT, "booking_id": "$bookings.0.booking_id", "pilot_id": "$pilots.0.0"}),
]
PIPIT = "$bookings.0.booking_id"
PIPIT_PILOT = [
    login("halvard"),
    ("bookings", {"token": HT, "day": TODAY, "status": "confirmed"}),
    ("pilots", {"token": HT, "licence_class": "A"}),
    ("assign_pilot", {"token": HT, "booking_id": PIPIT, "pilot_id": "$pilots.0.0"}),
]
PIPIT_WENDEL = [
    login("halvard"),
    ("bookings", {"token": HT, "day": TODAY, "status": "confirmed"}),
    ("pilots", {"token": HT, "licence_class": "A"}),
    ("set_duty", {"token": HT, "pilot_id": "$pilots.1.0", "on_duty": True}),
    ("assign_pilot", {"token": HT, "booking_id": PIPIT, "pilot_id": "$pilots.1.0"}),
]
WENDEL_ON = [
    login("halvard"),
    ("pilots", {"token": HT, "licence_class": "A"}),
    ("set_duty", {"token": HT, "pilot_id": "$pilots.1.0", "on_duty": True}),
]
PIPIT_LAUNCH = PIPIT_PILOT + [
    login("corentin"),
    ("launches", {"token": CT}),
    ("book_launch", {"token": CT, "booking_id": PIPIT, "launch_code": "$launches.0.0", "departs": "08:50"}),
]
PIPIT_LADDER = PIPIT_PILOT + [
    login("odran"),
    ("record_ladder_check", {"token": AT, "booking_id": PIPIT, "compliant": True,
                             "remarks": "rigged on the port side, man ropes and a stanchion light"}),
]
ASSIGNED = ("bookings", {"token": CT, "status": "assigned"})
GODWIT_LAUNCH = [
    login("corentin"),
    ASSIGNED,
    ("launches", {"token": CT}),
    ("book_launch", {"token": CT, "booking_id": "$bookings.0.booking_id", "launch_code": "$launches.0.0",
                     "departs": "07:20"}),
]
MARROWBY_BOARD = [
    login("corentin"),
    ASSIGNED,
    ("launches", {"token": CT}),
    ("book_launch", {"token": CT, "booking_id": "$bookings.3.booking_id", "launch_code": "$launches.1.0",
                     "departs": "07:10"}),
    login("merewyn"),
    ("board_vessel", {"token": MT, "booking_id": "$bookings.3.booking_id", "boarded_at": "07:35"}),
]
SANDERLING_LADDER = [
    login("merewyn"),
    ("bookings", {"token": MT, "status": "assigned"}),
    ("record_ladder_check", {"token": MT, "booking_id": "$bookings.1.booking_id", "compliant": True,
                             "remarks": "rigged to starboard, the bottom step 1.5 m above the water"}),
]
SANDERLING_BOARD = SANDERLING_LADDER + [
    ("board_vessel", {"token": MT, "booking_id": "$bookings.1.booking_id", "boarded_at": "07:20"}),
]
ORWELL_BOARD = [
    login("odran"),
    ("bookings", {"token": AT, "status": "assigned"}),
    ("board_vessel", {"token": AT, "booking_id": "$bookings.2.booking_id", "boarded_at": "06:45"}),
]
ORWELL_COMPLETE = ORWELL_BOARD + [
    ("complete_act", {"token": AT, "booking_id": "$bookings.2.booking_id", "completed_at": "08:05"}),
]
ORWELL_INCIDENT = ORWELL_BOARD + [
    ("report_incident", {"token": AT, "booking_id": "$bookings.2.booking_id", "kind": "near_miss",
                         "description": "a fishing vessel crossed ahead off the breakwater"}),
]
BOARDED = [login("jacinta"), ("bookings", {"token": TT, "status": "boarded"})]
SOLWAY_COMPLETE = BOARDED + [
    ("complete_act", {"token": TT, "booking_id": "$bookings.0.booking_id", "completed_at": "06:40"}),
]
SOLWAY_INCIDENT = BOARDED + [
    ("report_incident", {"token": TT, "booking_id": "$bookings.0.booking_id", "kind": "contact",
                         "description": "the bow touched the knuckle of North Quay 1 while berthing"}),
]
SOLWAY_INVOICE = SOLWAY_COMPLETE + [
    login("oriane"),
    ("invoice_act", {"token": LT, "booking_id": "$bookings.0.booking_id"}),
]
SOLWAY_DETAIL = [
    login("corentin"),
    ("bookings", {"token": CT, "status": "boarded"}),
    ("booking_detail", {"token": CT, "booking_id": "$bookings.0.booking_id"}),
]
COMPLETED_YESTERDAY = ("bookings", {"token": "$oriane.token", "day": YESTERDAY, "status": "completed"})
ROOKHOLME_INVOICE = [login("oriane"), COMPLETED_YESTERDAY, ("pilotage_tariff", {}),
                      ("invoice_act", {"token": LT, "booking_id": "$bookings.0.booking_id"})]
ROOKHOLME_PAID = ROOKHOLME_INVOICE + [
    ("record_payment", {"token": LT, "invoice_id": "$invoice_act.invoice_id", "amount": "$invoice_act.amount",
                        "method": "bacs"}),
]
ROOKHOLME_INCIDENT = [
    login("halvard"),
    ("bookings", {"token": HT, "day": YESTERDAY, "status": "completed"}),
    ("report_incident", {"token": HT, "booking_id": "$bookings.0.booking_id", "kind": "injury",
                         "description": "a deckhand's hand was caught in the heaving line at the fairlead"}),
    ("close_incident", {"token": HT, "incident_id": "$report_incident.incident_id",
                        "findings": "the line was led badly; the master has briefed the crew"}),
    login("oriane"),
    ("invoice_act", {"token": LT, "booking_id": "$bookings.0.booking_id"}),
]
SKERRYVORE_PAID = [
    login("oriane"),
    ("invoices", {"token": LT, "status": "unpaid"}),
    ("record_payment", {"token": LT, "invoice_id": "$invoices.0.invoice_id", "amount": "$invoices.0.amount",
                        "method": "bacs"}),
]
SKERRYVORE_BALANCE = [
    login("oriane"),
    ("invoices", {"token": LT, "status": "unpaid"}),
    ("balance_due", {"token": LT, "invoice_id": "$invoices.0.invoice_id"}),
]

# ---- the exemption certificate

SMEW = [
    login("sabelle"),
    ("find_vessel", {"token": YT, "name": "Smew"}),
    ("apply_exemption", {"token": YT, "vessel_id": "$find_vessel.0.vessel_id", "master_name": "Amyas Fearnley",
                         "trips_completed": 18}),
]
APPLICATION = "$apply_exemption.application_id"
SMEW_EXAM = SMEW + [
    login("halvard"),
    ("examine_exemption", {"token": HT, "application_id": APPLICATION, "passed": True,
                           "notes": "sound knowledge of the leading lights, the tidal streams and the VTS reports"}),
]
SMEW_CERT = SMEW_EXAM + [
    login("oriane"),
    ("record_payment", {"token": LT, "invoice_id": "$apply_exemption.invoice_id", "amount": "$apply_exemption.fee",
                        "method": "card"}),
    ("issue_exemption", {"token": HT, "application_id": APPLICATION}),
]
JOWETT_EXAM = [
    login("halvard"),
    ("applications", {"token": HT, "status": "awaiting_exam"}),
    ("examine_exemption", {"token": HT, "application_id": "$applications.0.application_id", "passed": False,
                           "notes": "unsure of the traffic separation at the harbour entrance; to try again"}),
]
CUDWORTH_CERT = [
    login("halvard"),
    ("applications", {"token": HT, "status": "passed"}),
    ("issue_exemption", {"token": HT, "application_id": "$applications.0.application_id"}),
]

# ---- a path ending with each tool that needs a session (the sign-in proofs)

SIGN_OUT = [login("sabelle"), ("sign_out", {"token": YT})]
PATH = {
    "sign_out": SIGN_OUT,
    "find_agent": cut(TOLLBOOTH, "find_agent"),
    "register_agent": NEW_AGENT,
    "approve_credit": TOLLBOOTH,
    "find_vessel": cut(AMBERLY, "find_vessel"),
    "register_vessel": TARBET,
    "update_draught": cut(AMBERLY, "update_draught"),
    "file_insurance": cut(PELERIN, "file_insurance"),
    "tide_windows": cut(NORDKAP_OUT, "tide_windows"),
    "book_pilot": BRISINGR,
    "bookings": REQUESTED_TOMORROW,
    "booking_detail": SOLWAY_DETAIL,
    "attach_document": NORDKAP_DG,
    "set_tug_requirement": cut(NORDKAP_TUGS, "set_tug_requirement"),
    "tugs": [login("sabelle"), ("tugs", {"token": YT})],
    "order_tugs": NORDKAP_TUGS,
    "confirm_booking": GARGANEY,
    "cancel_booking": DORADO_CANCEL,
    "pilots": cut(WENDEL_ON, "pilots"),
    "set_duty": WENDEL_ON,
    "assign_pilot": PIPIT_PILOT,
    "launches": cut(GODWIT_LAUNCH, "launches"),
    "book_launch": GODWIT_LAUNCH,
    "record_ladder_check": SANDERLING_LADDER,
    "board_vessel": ORWELL_BOARD,
    "complete_act": SOLWAY_COMPLETE,
    "report_incident": SOLWAY_INCIDENT,
    "close_incident": cut(ROOKHOLME_INCIDENT, "close_incident"),
    "invoice_act": ROOKHOLME_INVOICE,
    "invoices": cut(SKERRYVORE_PAID, "invoices"),
    "record_payment": SKERRYVORE_PAID,
    "balance_due": SKERRYVORE_BALANCE,
    "apply_exemption": SMEW,
    "applications": cut(JOWETT_EXAM, "applications"),
    "examine_exemption": SMEW_EXAM,
    "issue_exemption": SMEW_CERT,
}

PROOFS = [("sign_in", c, PATH[c]) for c in tools.TOKEN_CONSUMERS] + [
    # agents
    ("register_agent", "approve_credit", AGENT_APPROVE),
    ("find_agent", "approve_credit", TOLLBOOTH),
    ("register_agent", "register_vessel", cut(NEW_VESSEL, "register_vessel")),
    ("find_agent", "register_vessel", TARBET),
    # vessels
    ("register_vessel", "update_draught", GLEN_DRAUGHT),
    ("find_vessel", "update_draught", cut(AMBERLY, "update_draught")),
    ("register_vessel", "file_insurance", cut(NEW_VESSEL, "file_insurance")),
    ("find_vessel", "file_insurance", cut(PELERIN, "file_insurance")),
    ("register_vessel", "book_pilot", NEW_VESSEL),
    ("find_vessel", "book_pilot", BRISINGR),
    ("register_vessel", "apply_exemption", GLEN_EXEMPTION),
    ("find_vessel", "apply_exemption", SMEW),
    # a new booking, or one already requested
    ("book_pilot", "attach_document", cut(NEW_READY, "attach_document")),
    ("bookings", "attach_document", NORDKAP_DG),
    ("book_pilot", "set_tug_requirement", cut(NEW_READY, "set_tug_requirement")),
    ("bookings", "set_tug_requirement", cut(NORDKAP_TUGS, "set_tug_requirement")),
    ("book_pilot", "order_tugs", cut(NEW_READY, "order_tugs")),
    ("bookings", "order_tugs", NORDKAP_TUGS),
    ("book_pilot", "confirm_booking", NEW_READY),
    ("bookings", "confirm_booking", GARGANEY),
    ("book_pilot", "cancel_booking", GLEN_CANCEL),
    ("bookings", "cancel_booking", DORADO_CANCEL),
    # bookings found on the list
    ("bookings", "booking_detail", SOLWAY_DETAIL),
    ("bookings", "assign_pilot", PIPIT_PILOT),
    ("bookings", "book_launch", GODWIT_LAUNCH),
    ("bookings", "record_ladder_check", SANDERLING_LADDER),
    ("bookings", "board_vessel", ORWELL_BOARD),
    ("bookings", "complete_act", SOLWAY_COMPLETE),
    ("bookings", "report_incident", SOLWAY_INCIDENT),
    ("bookings", "invoice_act", ROOKHOLME_INVOICE),
    # pilots
    ("pilots", "set_duty", WENDEL_ON),
    ("pilots", "assign_pilot", PIPIT_PILOT),
    # exemption applications
    ("apply_exemption", "examine_exemption", SMEW_EXAM),
    ("applications", "examine_exemption", JOWETT_EXAM),
    ("apply_exemption", "issue_exemption", SMEW_CERT),
    ("applications", "issue_exemption", CUDWORTH_CERT),
    # incidents and invoices
    ("report_incident", "close_incident", cut(ROOKHOLME_INCIDENT, "close_incident")),
    ("invoice_act", "record_payment", ROOKHOLME_PAID),
    ("invoices", "record_payment", SKERRYVORE_PAID),
    ("apply_exemption", "record_payment", cut(SMEW_CERT, "record_payment")),
    ("invoices", "balance_due", SKERRYVORE_BALANCE),
    # vocabularies
    ("berths", "book_pilot", BRISINGR),
    ("tide_windows", "book_pilot", NORDKAP_OUT),
    ("tugs", "order_tugs", cut(NEW_READY, "order_tugs")),
    ("launches", "book_launch", GODWIT_LAUNCH),
    # vetting, approval, documents and settings
    ("approve_credit", "book_pilot", NEW_VESSEL),
    ("examine_exemption", "issue_exemption", SMEW_CERT),
    ("confirm_booking", "assign_pilot", GARGANEY_PILOT),
    ("file_insurance", "book_pilot", PELERIN),
    ("attach_document", "confirm_booking", NEW_READY),
    ("set_tug_requirement", "order_tugs", cut(NEW_READY, "order_tugs")),
    ("set_tug_requirement", "confirm_booking", NEW_READY),
    ("set_duty", "assign_pilot", PIPIT_WENDEL),
    # state
    ("update_draught", "book_pilot", AMBERLY),
    ("order_tugs", "confirm_booking", NEW_READY),
    ("assign_pilot", "book_launch", PIPIT_LAUNCH),
    ("assign_pilot", "record_ladder_check", PIPIT_LADDER),
    ("book_launch", "board_vessel", MARROWBY_BOARD),
    ("record_ladder_check", "board_vessel", SANDERLING_BOARD),
    ("board_vessel", "complete_act", ORWELL_COMPLETE),
    ("board_vessel", "report_incident", ORWELL_INCIDENT),
    ("complete_act", "invoice_act", SOLWAY_INVOICE),
    ("close_incident", "invoice_act", ROOKHOLME_INCIDENT),
    # payments
    ("record_payment", "issue_exemption", SMEW_CERT),
    ("record_payment", "book_pilot", CORALLINE),
]

NON_PREREQUISITES = [
    # the tariff read before Brisingr Trader's sailing is booked
    ("pilotage_tariff", [("pilotage_tariff", {})] + BRISINGR),
    # Amberly Dawn's draught declared before Pipit Harvester's pilot is assigned
    ("update_draught", cut(AMBERLY, "update_draught") + PIPIT_PILOT),
    # Wendel Pendry put on duty before Godwit Quay's launch is booked
    ("set_duty", WENDEL_ON + GODWIT_LAUNCH),
    # Pelerin Star's insurance filed before Solway Lark's booking is read in full
    ("file_insurance", cut(PELERIN, "file_insurance") + SOLWAY_DETAIL),
    # Tollbooth Maritime's credit approved before Skerryvore's balance is read
    ("approve_credit", TOLLBOOTH + SKERRYVORE_BALANCE),
    # the tugs listed before Godwit Quay's launch is booked
    ("tugs", [login("sabelle"), ("tugs", {"token": YT})] + GODWIT_LAUNCH),
    # Sanderling Glory's ladder checked before Solway Lark's act is completed
    ("record_ladder_check", SANDERLING_LADDER + SOLWAY_COMPLETE),
    # an incident reported on Solway Lark before Orwell Courant's pilot boards
    ("report_incident", SOLWAY_INCIDENT + ORWELL_BOARD),
]
