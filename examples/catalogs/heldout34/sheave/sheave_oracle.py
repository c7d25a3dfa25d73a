"""Scripted proofs that Sheave's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py,
through the package's runtime, which reads the contractor's SOAP faults as refusals with the module's ``FAILURE``;
the tools return pydantic models, which the runtime converts, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "nadia")``) and pass ``"$nadia.token"``; replies are read by field (``"$add_client.client_id"``,
``"$add_site.site_id"``, ``"$register_lift.lift_id"``, ``"$draft_contract.contract_id"``,
``"$log_callout.callout_id"``, ``"$schedule_service.visit_id"``, ``"$book_examination.exam_id"``,
``"$raise_quote.quote_id"``, ``"$order_parts.order_id"``, ``"$jas.engineer_id"``) and list entries by position and
field (``"$find_client.0.client_id"``, ``"$sites.2.site_id"``, ``"$lifts.5.lift_id"``, ``"$contracts.0.contract_id"``,
``"$service_plans.0.code"``, ``"$engineers.3.engineer_id"``, ``"$rota.0.engineer_id"``,
``"$callouts.0.callout_id"``, ``"$visits.0.visit_id"``, ``"$defects.1.defect_id"``, ``"$parts_catalogue.3.part_no"``),
rows of lists by position (``"$lift_record.examinations.0.0"``, ``"$record_examination.defects.0.0"``). The
positions follow the fresh state's order of records by id (filtered as each call asks) and of ``PLANS`` and
``PARTS``. Every id, code and part number is read from a reply; none is written literally (names, addresses, serial
numbers from the lift's plate, dates, conditions, faults, causes, checks, defects as the report words them, the
client's order number and the reasons are written as the staff are told them). A step saved under a name of its
own is a second call of a tool on one path.

The day: Harbour View Apartments becomes a client; Ray adds their building and registers its lift, drafts a
Comprehensive contract, Tom surveys the lift and the contract goes live (on other paths the client's e-mail
changes, they are written to, the lift's record is read, it is taken out of service and returned, or the contract
ends). A door fault on the new lift is logged, dispatched to Tom from the rota; he arrives, clears it leaving the lift
out of service and returns it to service. Its service is scheduled for today with Tom, who completes it, or for
tomorrow with Dan, whom Nadia puts on the rota. The insurer examines the new lift; an urgent defect is quoted for
with a light curtain, accepted, ordered, booked in and closed by Tom. Aldmoor Housing's phone changes and Mill
Court's second lift is drafted onto a contract; Kestrel Court is written to by letter; Tom surveys Kestrel Court's
lift and its draft contract goes live; Portland Retail Park's contract ends, its new lift is registered and its
goods lift's examination is recorded and its oil leak quoted for; Mill Court's door fault goes to Tom, or to Becky
once she is on the rota; Jas arrives at and clears St Anne's call-out; Tom completes Tower House's service, closes
the landing door lock defect and returns Lift 2 to service, and takes Lift 1 out of service and back; a passenger
trapped in Tower House Lift 1 is logged; Mill Court Lift 1's service is scheduled and St Anne's examination booked.
"""

import sheave_tools as tools

WHO = {"nadia": ("nadia.k", "Landing-Call-3"), "tom": ("tom.w", "Overspeed-Gov-9"), "jas": ("jas.s", "Ram-Seal-44"),
       "ray": ("ray.b", "Comprehensive-12"), "lin": ("lin.c", "Goods-In-2032"),
       "margaret": ("margaret.o", "Castlegate-1971")}
N, T, J, R, L, M = "$nadia.token", "$tom.token", "$jas.token", "$ray.token", "$lin.token", "$margaret.token"
TODAY = "2032-05-18"
TRACTION = ["doors", "brake", "ropes", "governor", "pit", "car_top", "alarm"]


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(text: str) -> list:
    return [sign_in("ray"), ("find_client", {"token": R, "text": text})]


def lift(n: int) -> str:
    return f"$lifts.{n}.lift_id"


CID = "$add_client.client_id"
LID = "$register_lift.lift_id"
FOUND = "$find_client.0.client_id"

# Harbour View Apartments, a new client
HV = [sign_in("ray"),
      ("add_client", {"token": R, "name": "Harbour View Apartments RMC Ltd", "contact": "Mrs Alison Petrie",
                      "phone": "01632 960720", "email": "alison.petrie@harbourview.example"})]
HV_LIFT = HV + [
    ("add_site", {"token": R, "client_id": CID, "name": "Harbour View", "address": "3 Quay Street, Aldmoor",
                  "postcode": "AL1 4QS", "access_notes": "Key safe by the bin store; the concierge has the code"}),
    ("register_lift", {"token": R, "site_id": "$add_site.site_id", "name": "Main lift", "kind": "traction",
                       "make": "Halden", "capacity_kg": 630, "floors": 8, "serial": "HD-77120"})]
HV_CONTRACT = HV_LIFT + [
    ("service_plans", {}),
    ("draft_contract", {"token": R, "client_id": CID, "plan_code": "$service_plans.0.code", "lift_ids": [LID]}),
    sign_in("tom"),
    ("survey_lift", {"token": T, "lift_id": LID, "condition": "good",
                     "notes": "Four years old, well kept; ropes and brake as new"}),
    ("activate_contract", {"token": R, "contract_id": "$draft_contract.contract_id", "start_date": TODAY})]
HV_BREAKDOWN = HV_CONTRACT + [
    sign_in("nadia"),
    ("log_callout", {"token": N, "lift_id": LID, "fault": "doors", "trapped": False,
                     "caller": "Mrs Petrie, Harbour View"}),
    ("rota", {"token": N, "date": TODAY}),
    ("dispatch", {"token": N, "callout_id": "$log_callout.callout_id", "engineer_id": "$rota.0.engineer_id"}),
    ("arrive", {"token": T, "callout_id": "$log_callout.callout_id"}),
    ("clear_callout", {"token": T, "callout_id": "$log_callout.callout_id", "cause": "door_operator",
                       "action": "Door operator belt slipping; adjusted, but it wants a new belt",
                       "back_in_service": False}),
    ("return_to_service", {"token": T, "lift_id": LID})]
HV_TODAY = HV_CONTRACT + [
    sign_in("nadia"), ("rota", {"token": N, "date": TODAY}),
    ("schedule_service", {"token": N, "lift_id": LID, "date": TODAY, "engineer_id": "$rota.0.engineer_id"}),
    ("complete_service", {"token": T, "visit_id": "$schedule_service.visit_id", "checks": TRACTION,
                          "notes": "First service on the contract; all in order"})]
HV_TOMORROW = HV_CONTRACT + [
    sign_in("nadia"), ("engineers", {"token": N}),
    ("add_to_rota", {"token": N, "engineer_id": "$engineers.0.engineer_id", "date": "2032-05-19", "shift": "day"}),
    ("schedule_service", {"token": N, "lift_id": LID, "date": "2032-05-19", "engineer_id": "$engineers.0.engineer_id"})]
HV_END = HV_CONTRACT + [("end_contract", {"token": R, "contract_id": "$draft_contract.contract_id",
                                          "reason": "The residents' company has gone back to the installer"})]
HV_EXAM = HV_LIFT + [
    sign_in("nadia"),
    ("book_examination", {"token": N, "lift_id": LID, "date": TODAY,
                          "examiner": "Mr Colin Reeve, Aldmoor Engineering Insurance"}),
    ("record_examination", {"token": N, "exam_id": "$book_examination.exam_id", "outcome": "defects",
                            "defects": ["urgent: car door light curtain intermittent", "advisory: pit ladder missing"],
                            "next_due": "2032-11-18"}),
    ("parts_catalogue", {"token": R, "make": "Halden"}),
    ("raise_quote", {"token": R, "defect_id": "$record_examination.defects.0.0",
                     "parts": ["$parts_catalogue.1.part_no"], "labour_hours": 2.5}),
    ("accept_quote", {"token": R, "quote_id": "$raise_quote.quote_id", "client_po": "HV-PO-2231"}),
    sign_in("lin"), ("order_parts", {"token": L, "quote_id": "$raise_quote.quote_id"}),
    ("receive_parts", {"token": L, "order_id": "$order_parts.order_id"}),
    sign_in("tom"),
    ("close_defect", {"token": T, "defect_id": "$record_examination.defects.0.0",
                      "work_done": "Fitted a new light curtain and tested the doors at every floor"})]
HV_EMAIL = HV + [("update_client", {"token": R, "client_id": CID, "email": "manager@harbourview.example"})]
HV_WELCOME = HV + [("message_client", {"token": R, "client_id": CID, "channel": "email",
                                       "text": "Welcome to Castlegate; your engineer will survey the lift today."})]
HV_RECORD = HV_LIFT + [("lift_record", {"token": R, "lift_id": LID})]
HV_OUT = HV_LIFT + [sign_in("tom"), ("take_out_of_service", {"token": T, "lift_id": LID,
                                                             "reason": "Builders are using it for materials"}),
                    ("return_to_service", {"token": T, "lift_id": LID})]

# the clients, buildings and lifts already on the books (lifts in id order: 0 LF-501 Tower House 1, 1 LF-502 Tower
# House 2, 2 LF-503 Mill Court 1, 3 LF-504 Portland goods, 4 LF-505 St Anne's platform, 5 LF-506 Kestrel Court,
# 6 LF-507 Mill Court 2)
AHA_PHONE = find("Aldmoor Housing") + [("update_client", {"token": R, "client_id": FOUND, "phone": "01632 961399"})]
KESTREL_LETTER = find("Kestrel") + [("message_client", {"token": R, "client_id": FOUND, "channel": "letter",
                                                        "text": "Your lift is surveyed this morning."})]
AHA_SITE = find("Aldmoor Housing") + [("add_site", {"token": R, "client_id": FOUND, "name": "Weavers Yard",
                                                    "address": "Weavers Yard, Aldmoor", "postcode": "AL2 5WY",
                                                    "access_notes": "Caretaker at Tower House has the keys"})]
MILL_DRAFT = find("Aldmoor Housing") + [("service_plans", {}), ("lifts", {"token": R}),
                                        ("draft_contract", {"token": R, "client_id": FOUND,
                                                            "plan_code": "$service_plans.0.code",
                                                            "lift_ids": [lift(6)]})]
PORTLAND_NEW_LIFT = [sign_in("ray"), ("sites", {"token": R}),
                     ("register_lift", {"token": R, "site_id": "$sites.2.site_id", "name": "Passenger lift",
                                        "kind": "hydraulic", "make": "Vantor", "capacity_kg": 630, "floors": 2,
                                        "serial": "VT-12044"})]
PORTLAND_RECORD = [sign_in("nadia"), ("lifts", {"token": N}), ("lift_record", {"token": N, "lift_id": lift(3)})]
PORTLAND_EXAM = PORTLAND_RECORD + [("record_examination", {"token": N, "exam_id": "$lift_record.examinations.0.0",
                                                           "outcome": "defects",
                                                           "defects": ["advisory: pit light switch cracked"],
                                                           "next_due": "2032-11-18"})]
PORTLAND_END = [sign_in("ray"), ("contracts", {"token": R, "status": "active"}),
                ("end_contract", {"token": R, "contract_id": "$contracts.1.contract_id",
                                  "reason": "Portland Retail Park have gone to another contractor"})]
OIL_QUOTE = [sign_in("ray"), ("defects", {"token": R}), ("parts_catalogue", {"token": R, "make": "Vantor"}),
             ("raise_quote", {"token": R, "defect_id": "$defects.1.defect_id", "parts": ["$parts_catalogue.3.part_no"],
                              "labour_hours": 3.0})]
KESTREL = [sign_in("tom"), ("lifts", {"token": T}),
           ("survey_lift", {"token": T, "lift_id": lift(5), "condition": "fair",
                            "notes": "Sound, but the car lighting and the alarm battery are tired"}),
           sign_in("ray"), ("contracts", {"token": R, "status": "draft"}),
           ("activate_contract", {"token": R, "contract_id": "$contracts.0.contract_id", "start_date": TODAY})]
TRAPPED = [sign_in("nadia"), ("lifts", {"token": N}),
           ("log_callout", {"token": N, "lift_id": lift(0), "fault": "trapped", "trapped": True,
                            "caller": "Tower House caretaker"})]
MILL_SERVICE = [sign_in("nadia"), ("lifts", {"token": N}), ("rota", {"token": N, "date": TODAY}),
                ("schedule_service", {"token": N, "lift_id": lift(2), "date": TODAY,
                                      "engineer_id": "$rota.0.engineer_id"})]
STANNES_EXAM = [sign_in("nadia"), ("lifts", {"token": N}),
                ("book_examination", {"token": N, "lift_id": lift(4), "date": "2032-06-01",
                                      "examiner": "Mr Colin Reeve, Aldmoor Engineering Insurance"})]
TOWER_OUT = [sign_in("tom"), ("lifts", {"token": T}),
             ("take_out_of_service", {"token": T, "lift_id": lift(0), "reason": "Car lighting to be rewired"}),
             ("return_to_service", {"token": T, "lift_id": lift(0)})]
TOWER_LOCK = [sign_in("tom"), ("defects", {"token": T}),
              ("close_defect", {"token": T, "defect_id": "$defects.0.defect_id",
                                "work_done": "Adjusted the floor 3 landing lock and proved it on every landing"}),
              ("lifts", {"token": T, "status": "out_of_service"}),
              ("return_to_service", {"token": T, "lift_id": "$lifts.0.lift_id"})]
TOWER_SERVICE = [sign_in("tom"), ("visits", {"token": T, "date": TODAY, "engineer_id": "$tom.engineer_id"}),
                 ("complete_service", {"token": T, "visit_id": "$visits.0.visit_id", "checks": TRACTION,
                                       "notes": "Brake lining at 60 per cent; all else in order"})]
MILL_DOORS = [sign_in("nadia"), ("callouts", {"token": N, "status": "logged"}), ("rota", {"token": N, "date": TODAY}),
              ("dispatch", {"token": N, "callout_id": "$callouts.0.callout_id", "engineer_id": "$rota.0.engineer_id"})]
MILL_BECKY = [sign_in("nadia"), ("callouts", {"token": N, "status": "logged"}), ("engineers", {"token": N}),
              ("add_to_rota", {"token": N, "engineer_id": "$engineers.3.engineer_id", "date": TODAY, "shift": "day"}),
              ("dispatch", {"token": N, "callout_id": "$callouts.0.callout_id",
                            "engineer_id": "$engineers.3.engineer_id"})]
STANNES = [sign_in("jas"), ("callouts", {"token": J, "engineer_id": "$jas.engineer_id"}),
           ("arrive", {"token": J, "callout_id": "$callouts.0.callout_id"}),
           ("clear_callout", {"token": J, "callout_id": "$callouts.0.callout_id", "cause": "controller",
                              "action": "Reset the controller after a power dip; tested both floors",
                              "back_in_service": True})]

_BODY = [
    # clients and sites
    ("add_client", "update_client", HV_EMAIL),
    ("find_client", "update_client", AHA_PHONE),
    ("add_client", "message_client", HV_WELCOME),
    ("find_client", "message_client", KESTREL_LETTER),
    ("add_client", "add_site", cut(HV_LIFT, "add_site")),
    ("find_client", "add_site", AHA_SITE),
    ("add_client", "draft_contract", cut(HV_CONTRACT, "draft_contract")),
    ("find_client", "draft_contract", MILL_DRAFT),
    ("add_site", "register_lift", HV_LIFT),
    ("sites", "register_lift", PORTLAND_NEW_LIFT),
    ("service_plans", "draft_contract", MILL_DRAFT),
    # lifts
    ("register_lift", "lift_record", HV_RECORD),
    ("lifts", "lift_record", PORTLAND_RECORD),
    ("register_lift", "survey_lift", cut(HV_CONTRACT, "survey_lift")),
    ("lifts", "survey_lift", cut(KESTREL, "survey_lift")),
    ("register_lift", "take_out_of_service", cut(HV_OUT, "take_out_of_service")),
    ("lifts", "take_out_of_service", cut(TOWER_OUT, "take_out_of_service")),
    ("register_lift", "return_to_service", HV_OUT),
    ("lifts", "return_to_service", TOWER_LOCK),
    ("register_lift", "draft_contract", cut(HV_CONTRACT, "draft_contract")),
    ("lifts", "draft_contract", MILL_DRAFT),
    ("register_lift", "log_callout", cut(HV_BREAKDOWN, "log_callout")),
    ("lifts", "log_callout", TRAPPED),
    ("register_lift", "schedule_service", cut(HV_TODAY, "schedule_service")),
    ("lifts", "schedule_service", MILL_SERVICE),
    ("register_lift", "book_examination", cut(HV_EXAM, "book_examination")),
    ("lifts", "book_examination", STANNES_EXAM),
    ("take_out_of_service", "return_to_service", TOWER_OUT),
    ("clear_callout", "return_to_service", HV_BREAKDOWN),
    ("close_defect", "return_to_service", TOWER_LOCK),
    # contracts
    ("draft_contract", "activate_contract", HV_CONTRACT),
    ("contracts", "activate_contract", KESTREL),
    ("survey_lift", "activate_contract", KESTREL),
    ("draft_contract", "end_contract", HV_END),
    ("contracts", "end_contract", PORTLAND_END),
    ("activate_contract", "end_contract", HV_END),
    ("activate_contract", "log_callout", cut(HV_BREAKDOWN, "log_callout")),
    ("activate_contract", "schedule_service", cut(HV_TODAY, "schedule_service")),
    # the rota and call-outs
    ("engineers", "add_to_rota", cut(MILL_BECKY, "add_to_rota")),
    ("rota", "dispatch", MILL_DOORS),
    ("engineers", "dispatch", MILL_BECKY),
    ("add_to_rota", "dispatch", MILL_BECKY),
    ("log_callout", "dispatch", cut(HV_BREAKDOWN, "dispatch")),
    ("callouts", "dispatch", MILL_DOORS),
    ("log_callout", "arrive", cut(HV_BREAKDOWN, "arrive")),
    ("callouts", "arrive", cut(STANNES, "arrive")),
    ("dispatch", "arrive", cut(HV_BREAKDOWN, "arrive")),
    ("log_callout", "clear_callout", cut(HV_BREAKDOWN, "clear_callout")),
    ("callouts", "clear_callout", STANNES),
    ("arrive", "clear_callout", STANNES),
    # routine service
    ("rota", "schedule_service", MILL_SERVICE),
    ("engineers", "schedule_service", HV_TOMORROW),
    ("add_to_rota", "schedule_service", HV_TOMORROW),
    ("schedule_service", "complete_service", HV_TODAY),
    ("visits", "complete_service", TOWER_SERVICE),
    # examinations, defects and repairs
    ("book_examination", "record_examination", cut(HV_EXAM, "record_examination")),
    ("lift_record", "record_examination", PORTLAND_EXAM),
    ("record_examination", "raise_quote", cut(HV_EXAM, "raise_quote")),
    ("defects", "raise_quote", OIL_QUOTE),
    ("parts_catalogue", "raise_quote", OIL_QUOTE),
    ("raise_quote", "accept_quote", cut(HV_EXAM, "accept_quote")),
    ("raise_quote", "order_parts", cut(HV_EXAM, "order_parts")),
    ("accept_quote", "order_parts", cut(HV_EXAM, "order_parts")),
    ("order_parts", "receive_parts", cut(HV_EXAM, "receive_parts")),
    ("record_examination", "close_defect", HV_EXAM),
    ("defects", "close_defect", cut(TOWER_LOCK, "close_defect")),
    ("receive_parts", "close_defect", HV_EXAM),
]

_OWN = {"sign_out": [sign_in("margaret"), ("sign_out", {"token": M})]}


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
    # the service plans are read before Aldmoor Housing's phone number changes
    ("service_plans", find("Aldmoor Housing") + [("service_plans", {}),
                                                 ("update_client", {"token": R, "client_id": FOUND,
                                                                    "phone": "01632 961399"})]),
    # the parts catalogue is read before Mill Court's door fault is dispatched
    ("parts_catalogue", cut(MILL_DOORS, "rota") + [("parts_catalogue", {"token": N}), MILL_DOORS[-1]]),
    # the rota is read before Kestrel Court is written to
    ("rota", find("Kestrel") + [("rota", {"token": R, "date": TODAY}),
                                ("message_client", {"token": R, "client_id": FOUND, "channel": "letter",
                                                    "text": "Your lift is surveyed this morning."})]),
    # the engineers are read before Tower House Lift 1 is taken out of service
    ("engineers", [sign_in("tom"), ("lifts", {"token": T}), ("engineers", {"token": T}),
                ("take_out_of_service", {"token": T, "lift_id": lift(0), "reason": "Car lighting to be rewired"})]),
    # St Anne's is looked up among the clients before its platform lift's examination is booked
    ("find_client", [sign_in("nadia"), ("lifts", {"token": N}), ("find_client", {"token": N, "text": "St Anne"}),
                   ("book_examination", {"token": N, "lift_id": lift(4), "date": "2032-06-01",
                                         "examiner": "Mr Colin Reeve, Aldmoor Engineering Insurance"})]),
    # the service plans are read before Tom surveys Kestrel Court's lift
    ("service_plans", [sign_in("tom"), ("lifts", {"token": T}), ("service_plans", {}),
                 ("survey_lift", {"token": T, "lift_id": lift(5), "condition": "fair", "notes": "Sound"})]),
    # the sites are read before a passenger trapped in Tower House Lift 1 is logged
    ("sites", [sign_in("nadia"), ("lifts", {"token": N}), ("sites", {"token": N}),
               ("log_callout", {"token": N, "lift_id": lift(0), "fault": "trapped", "trapped": True,
                                "caller": "Tower House caretaker"})]),
]
