"""Scripted proofs that Lanyard's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which reads the office's problem details objects as refusals
with the module's ``FAILURE``; the tools are coroutines, which the runtime awaits, so the plain oracle has nothing to
run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "nadia")``) and pass ``"$nadia.token"``; replies are read by field (``"$register_person.person_id"``,
``"$request_pass.pass_id"``, ``"$add_guest.guest_id"``, ``"$issue_wristband.serial"``,
``"$request_vehicle_permit.permit_id"``, ``"$log_incident.incident_id"``), a bare list by position
(``"$wristband_stock.0"``, a serial), list entries by position and field (``"$find_person.0.person_id"``,
``"$acts.2.act_id"``, ``"$zones.4.code"``, ``"$pass_types.1.code"``, ``"$incidents.0.incident_id"``,
``"$vehicle_permits.1.permit_id"``) and rows of lists by position (``"$passes.passes.1.0"``, a pass id;
``"$passes.passes.0.1"``, its holder's person id; ``"$act_party.guests.0.0"``, a guest id). The positions follow the
fresh state's order of records by id (filtered as each call asks) and of ``ZONES`` and ``PASS_TYPES``. Every id, zone
code, pass type and wristband serial is read from a reply; none is written literally (names, companies, e-mail
addresses, phone numbers, the ID document and its last characters, dates of birth, photo files, outlets, press roles,
commissions, roles in a party, dates, registration numbers, vehicle kinds, incident categories and descriptions,
outcomes, subjects, bodies and reasons are written as the staff are told them). A step saved under a name of its own is
a second call of a tool on one path.

The day: Ms Ffion Rhys of Brightline Staging registers; Nadia requests her crew pass, approves it, puts her photo on
file, prints it, checks her driving licence and hands it over, and Samira scans it at the production compound; on other
paths the arena is added to her pass and taken off again, the pass is declined or cancelled, Hal permits her van into
the production compound and cancels the permit, or Samira logs her lending the pass, suspends it, closes the incident
and Fran reinstates it; her phone changes, she is e-mailed, her ID is checked, her photo goes on file, her file is
read. Mr Owain Pritchard registers as press and Dev accredits him as a photographer; Greta Vos is accredited as a
photographer, gets a press pass and the photo pit. Ms Nell Atherton registers and joins The Wrenfolds' party, and is
taken off it; Luca Bassi joins Velvet Static's party and gets an artist pass; Gil Amaro leaves Velvet Static's party.
Kofi Mensah's crew pass is approved and he is e-mailed; Aiko Mori's pass is declined or cancelled; Joe Farrant's pass
gets the arena and is printed, handed over and scanned, or loses the crew campsite, or gets the artist car park and a
permit for the artists' minibus, or a permit into the production compound; Dan Pryce's trader pass is printed, his
phone changes and his ID is checked; Ravi Anand's ID is checked and his press pass handed over; Tamsin Hale's pass is
scanned at the arena and suspended over the backstage incident or a new one; Imogen Clay's incident is closed and her
pass reinstated; Mr Tom Ortega goes on Marisol Ortega's guest list, gets a gold wristband or is removed; Ben Hale gets
his wristband, which is voided; Carla Bassi is removed from Velvet Static's list; Tamsin's car permit is cancelled; a
welfare incident is logged and closed; Greta's photo goes on file; Imogen's file is read.
"""

import lanyard_tools as tools

WHO = {"nadia": ("nadia.k", "Lanyard-Blue-34"), "owen": ("owen.t", "Cabin-Window-2"), "bea": ("bea.l", "Rider-Tea-88"),
       "dev": ("dev.m", "Pit-Three-Songs"), "hal": ("hal.r", "Forklift-Yard-7"), "sam": ("sam.o", "Gate-Seven-Radio"),
       "fran": ("fran.c", "Fallowmead-2009")}
N, B, D, H, S, F = "$nadia.token", "$bea.token", "$dev.token", "$hal.token", "$sam.token", "$fran.token"
FESTIVAL = ["2034-08-04", "2034-08-05", "2034-08-06"]
FFION_DAYS = ["2034-08-04", "2034-08-05", "2034-08-06", "2034-08-07", "2034-08-08"]


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(text: str, who: str = "nadia") -> list:
    return [sign_in(who), ("find_person", {"token": f"${who}.token", "text": text})]


FOUND = "$find_person.0.person_id"
NEW = "$register_person.person_id"
NEW_PASS = "$request_pass.pass_id"
ARENA, PIT, BKS, PROD, CAMP, ARTPARK = ("$zones.0.code", "$zones.1.code", "$zones.2.code", "$zones.4.code",
                                        "$zones.5.code", "$zones.6.code")
AAA, CREW, PRESS = "$pass_types.0.code", "$pass_types.1.code", "$pass_types.2.code"


def passes(status: str, who: str = "nadia") -> tuple:
    return ("passes", {"token": f"${who}.token", "status": status})


# Ms Ffion Rhys, new crew
FF = [sign_in("nadia"),
      ("register_person", {"token": N, "name": "Ms Ffion Rhys", "category": "crew", "company": "Brightline Staging",
                           "email": "ffion.rhys@brightline.example", "phone": "07700 930140"})]
FF_UPDATE = FF + [("update_person", {"token": N, "person_id": NEW, "phone": "07700 930199"})]
FF_FILE = FF + [("person_file", {"token": N, "person_id": NEW})]
FF_MAIL = FF + [("message_person", {"token": N, "person_id": NEW, "subject": "Your crew pass",
                                    "body": "Bring your driving licence to the accreditation cabin to collect it."})]
ID_STEP = ("record_id_check", {"token": N, "person_id": NEW, "document": "driving_licence", "last_characters": "9FR2",
                               "date_of_birth": "1994-03-12"})
PHOTO_STEP = ("attach_photo", {"token": N, "person_id": NEW, "photo_file": "ffion_rhys.jpg"})
FF_ID = FF + [ID_STEP]
FF_PHOTO = FF + [PHOTO_STEP]
FF_REQ = FF + [("pass_types", {}), ("request_pass", {"token": N, "person_id": NEW, "pass_type": CREW,
                                                     "days": FFION_DAYS})]
FF_APPROVE = FF_REQ + [("approve_pass", {"token": N, "pass_id": NEW_PASS})]
FF_PRINT = FF_APPROVE + [PHOTO_STEP, ("print_pass", {"token": N, "pass_id": NEW_PASS})]
FF_COLLECT = FF_PRINT + [ID_STEP, ("collect_pass", {"token": N, "pass_id": NEW_PASS})]
FF_SCAN = FF_COLLECT + [sign_in("sam"), ("zones", {}), ("scan_pass", {"token": S, "pass_id": NEW_PASS,
                                                                      "zone_code": PROD})]
FF_ZONE = FF_REQ + [("zones", {}), ("add_zone", {"token": N, "pass_id": NEW_PASS, "zone_code": ARENA})]
FF_UNZONE = FF_ZONE + [("remove_zone", {"token": N, "pass_id": NEW_PASS, "zone_code": ARENA})]
FF_DECLINE = FF_REQ + [("decline_pass", {"token": N, "pass_id": NEW_PASS,
                                         "reason": "Brightline Staging have not confirmed her for this weekend"})]
FF_CANCEL = FF_REQ + [("cancel_pass", {"token": N, "pass_id": NEW_PASS, "reason": "Requested by mistake"})]
FF_VAN = FF_APPROVE + [sign_in("hal"), ("zones", {}),
                       ("request_vehicle_permit", {"token": H, "person_id": NEW, "registration": "VN34 FRH",
                                                   "vehicle": "van", "zone_code": PROD, "days": FFION_DAYS})]
FF_VAN_CANCEL = FF_VAN + [("cancel_vehicle_permit", {"token": H, "permit_id": "$request_vehicle_permit.permit_id",
                                                     "reason": "She is travelling in Kofi Mensah's van instead"})]
FF_SUSPEND = FF_COLLECT + [
    sign_in("sam"), ("zones", {}),
    ("log_incident", {"token": S, "zone_code": PROD, "category": "pass_misuse", "person_id": NEW,
                      "severity": "medium", "description": "Crew pass handed over the fence to a friend"}),
    ("suspend_pass", {"token": S, "pass_id": NEW_PASS, "incident_id": "$log_incident.incident_id"})]
FF_REINSTATE = FF_SUSPEND + [
    ("close_incident", {"token": S, "incident_id": "$log_incident.incident_id",
                        "outcome": "Friend escorted off site; final warning given by her manager"}),
    sign_in("fran"), ("reinstate_pass", {"token": F, "pass_id": NEW_PASS})]

# Mr Owain Pritchard, a new photographer; Ms Greta Vos
OW = [sign_in("nadia"),
      ("register_person", {"token": N, "name": "Mr Owain Pritchard", "category": "press",
                           "company": "Valley Live Review", "email": "owain@valleylive.example",
                           "phone": "07700 930141"}),
      sign_in("dev"),
      ("accredit_press", {"token": D, "person_id": NEW, "outlet": "Valley Live Review", "role": "photographer",
                          "commission": "Photographs of the Main Stage commissioned by the picture editor, Sara "
                                        "Ince, letter of 28 July"})]
GV = find("Vos", "dev") + [
    ("accredit_press", {"token": D, "person_id": FOUND, "outlet": "Northern Soundcheck", "role": "photographer",
                        "commission": "Festival gallery commissioned by the editor, letter received this morning"})]
GV_PASS = GV + [("pass_types", {}), ("request_pass", {"token": D, "person_id": FOUND, "pass_type": PRESS,
                                                      "days": FESTIVAL})]
GV_PIT = GV_PASS + [sign_in("nadia"), ("zones", {}),
                    ("add_zone", {"token": N, "pass_id": NEW_PASS, "zone_code": PIT})]
GV_PHOTO = find("Vos") + [("attach_photo", {"token": N, "person_id": FOUND, "photo_file": "greta_vos.jpg"})]

# touring parties
NL = [sign_in("nadia"),
      ("register_person", {"token": N, "name": "Ms Nell Atherton", "category": "artist", "company": "The Wrenfolds",
                           "email": "nell.atherton@example.com", "phone": "07700 930142"}),
      sign_in("bea"), ("acts", {"token": B}),
      ("add_to_party", {"token": B, "act_id": "$acts.0.act_id", "person_id": NEW, "role": "keyboards"})]
NL_REMOVE = NL + [("remove_from_party", {"token": B, "act_id": "$acts.0.act_id", "person_id": NEW})]
LB = find("Bassi", "bea") + [
    ("acts", {"token": B}),
    ("add_to_party", {"token": B, "act_id": "$acts.1.act_id", "person_id": FOUND, "role": "drums"}),
    ("pass_types", {}),
    ("request_pass", {"token": B, "person_id": FOUND, "pass_type": AAA, "days": ["2034-08-05"]})]
GA = find("Amaro", "bea") + [("acts", {"token": B}),
                             ("remove_from_party", {"token": B, "act_id": "$acts.1.act_id", "person_id": FOUND})]
PARTY = [sign_in("bea"), ("acts", {"token": B}), ("act_party", {"token": B, "act_id": "$acts.0.act_id"})]

# the regulars
DP_UPDATE = find("Pryce") + [("update_person", {"token": N, "person_id": FOUND, "phone": "07700 930194"})]
DP_ID = find("Pryce") + [("record_id_check", {"token": N, "person_id": FOUND, "document": "driving_licence",
                                              "last_characters": "7DP1", "date_of_birth": "1979-02-11"})]
CLAY_FILE = find("Clay") + [("person_file", {"token": N, "person_id": FOUND})]
MENSAH_MAIL = find("Mensah") + [("message_person", {"token": N, "person_id": FOUND, "subject": "Crew pass approved",
                                                    "body": "Your crew pass is approved; collect it at the cabin."})]
JF_VAN = find("Farrant", "hal") + [
    ("zones", {}),
    ("request_vehicle_permit", {"token": H, "person_id": FOUND, "registration": "YD22 JFA", "vehicle": "minibus",
                                "zone_code": PROD, "days": FESTIVAL})]

# passes in the fresh state (requested: 0 PS-8802 Kofi Mensah, 1 PS-8809 Aiko Mori; approved: 0 PS-8804 Dan Pryce,
# 1 PS-8808 Joe Farrant; printed: 0 PS-8807 Ravi Anand; collected: 0 PS-8801 Tamsin Hale; suspended: 0 PS-8806
# Imogen Clay)
KOFI = "$passes.passes.0.0"
AIKO = "$passes.passes.1.0"
JOE = "$passes.passes.1.0"
KOFI_APPROVE = [sign_in("nadia"), passes("requested"), ("approve_pass", {"token": N, "pass_id": KOFI})]
AIKO_DECLINE = [sign_in("nadia"), passes("requested"),
                ("decline_pass", {"token": N, "pass_id": AIKO, "reason": "Marisol Ortega's manager withdrew her"})]
AIKO_CANCEL = [sign_in("nadia"), passes("requested"),
               ("cancel_pass", {"token": N, "pass_id": AIKO, "reason": "Requested twice by the band's manager"})]
JOE_ZONE = [sign_in("nadia"), passes("approved"), ("zones", {}),
            ("add_zone", {"token": N, "pass_id": JOE, "zone_code": ARENA})]
JOE_SCAN = JOE_ZONE + [("print_pass", {"token": N, "pass_id": JOE}), ("collect_pass", {"token": N, "pass_id": JOE}),
                       sign_in("sam"), ("scan_pass", {"token": S, "pass_id": JOE, "zone_code": ARENA})]
JOE_UNZONE = [sign_in("nadia"), passes("approved"), ("zones", {}),
              ("remove_zone", {"token": N, "pass_id": JOE, "zone_code": CAMP})]
JOE_ARTPARK = [sign_in("nadia"), passes("approved"), ("zones", {}),
               ("add_zone", {"token": N, "pass_id": JOE, "zone_code": ARTPARK})] + find("Farrant", "hal") + [
    ("request_vehicle_permit", {"token": H, "person_id": FOUND, "registration": "YD22 JFA", "vehicle": "minibus",
                                "zone_code": ARTPARK, "days": FESTIVAL})]
DAN_PRINT = [sign_in("nadia"), passes("approved"), ("print_pass", {"token": N, "pass_id": "$passes.passes.0.0"})]
RAVI_COLLECT = find("Anand") + [
    ("record_id_check", {"token": N, "person_id": FOUND, "document": "passport", "last_characters": "3308",
                         "date_of_birth": "1983-07-19"}),
    passes("printed"), ("collect_pass", {"token": N, "pass_id": "$passes.passes.0.0"})]
TAMSIN_SCAN = [sign_in("sam"), passes("collected", "sam"), ("zones", {}),
               ("scan_pass", {"token": S, "pass_id": "$passes.passes.0.0", "zone_code": ARENA})]
TAMSIN_SUSPEND = [sign_in("sam"), passes("collected", "sam"),
                  ("incidents", {"token": S, "status": "open", "category": "access_breach"}),
                  ("suspend_pass", {"token": S, "pass_id": "$passes.passes.0.0",
                                    "incident_id": "$incidents.0.incident_id"})]
TAMSIN_LOG = [sign_in("sam"), passes("collected", "sam"), ("zones", {}),
              ("log_incident", {"token": S, "zone_code": BKS, "category": "pass_misuse",
                                "person_id": "$passes.passes.0.1", "severity": "high",
                                "description": "Lent her pass to her brother at the backstage gate"}),
              ("suspend_pass", {"token": S, "pass_id": "$passes.passes.0.0",
                                "incident_id": "$log_incident.incident_id"})]
IMOGEN = [sign_in("sam"), ("incidents", {"token": S, "status": "open", "category": "pass_misuse"}),
          ("close_incident", {"token": S, "incident_id": "$incidents.0.incident_id",
                              "outcome": "Dealt with by her manager; the friend has left the site"}),
          sign_in("fran"), passes("suspended", "fran"),
          ("reinstate_pass", {"token": F, "pass_id": "$passes.passes.0.0"})]
WELFARE = [sign_in("sam"), ("zones", {}),
           ("log_incident", {"token": S, "zone_code": BKS, "category": "welfare", "severity": "low",
                             "description": "Stagehand felt faint in the heat behind the Meadow Stage"}),
           ("close_incident", {"token": S, "incident_id": "$log_incident.incident_id",
                               "outcome": "Seen by the medics; back at work after a rest"})]
TAMSIN_CAR = [sign_in("hal"), ("vehicle_permits", {"token": H}),
              ("cancel_vehicle_permit", {"token": H, "permit_id": "$vehicle_permits.1.permit_id",
                                         "reason": "She is arriving on the band's bus"})]

# guest lists (acts: 0 ACT-201 The Wrenfolds, today; 1 ACT-202 Velvet Static; 2 ACT-203 Marisol Ortega, today)
TOM = [sign_in("bea"), ("acts", {"token": B}),
       ("add_guest", {"token": B, "act_id": "$acts.2.act_id", "name": "Mr Tom Ortega"})]
TOM_REMOVE = TOM + [("remove_guest", {"token": B, "guest_id": "$add_guest.guest_id"})]
TOM_BAND = TOM + [sign_in("nadia"), ("wristband_stock", {"token": N, "colour": "gold"}),
                  ("issue_wristband", {"token": N, "guest_id": "$add_guest.guest_id", "serial": "$wristband_stock.0"})]
BEN = [sign_in("nadia"), ("acts", {"token": N}), ("act_party", {"token": N, "act_id": "$acts.0.act_id"}),
       ("wristband_stock", {"token": N, "colour": "gold"}),
       ("issue_wristband", {"token": N, "guest_id": "$act_party.guests.0.0", "serial": "$wristband_stock.0"})]
BEN_VOID = BEN + [("void_wristband", {"token": N, "serial": "$issue_wristband.serial",
                                      "reason": "Lost in the crowd at the Main Stage"})]
CARLA = [sign_in("bea"), ("acts", {"token": B}), ("act_party", {"token": B, "act_id": "$acts.1.act_id"}),
         ("remove_guest", {"token": B, "guest_id": "$act_party.guests.0.0"})]

_BODY = [
    # people
    ("register_person", "update_person", FF_UPDATE),
    ("find_person", "update_person", DP_UPDATE),
    ("register_person", "person_file", FF_FILE),
    ("find_person", "person_file", CLAY_FILE),
    ("register_person", "message_person", FF_MAIL),
    ("find_person", "message_person", MENSAH_MAIL),
    ("register_person", "record_id_check", FF_ID),
    ("find_person", "record_id_check", DP_ID),
    ("register_person", "attach_photo", FF_PHOTO),
    ("find_person", "attach_photo", GV_PHOTO),
    ("register_person", "accredit_press", OW),
    ("find_person", "accredit_press", GV),
    ("register_person", "add_to_party", NL),
    ("find_person", "add_to_party", cut(LB, "add_to_party")),
    ("register_person", "remove_from_party", NL_REMOVE),
    ("find_person", "remove_from_party", GA),
    ("register_person", "request_pass", FF_REQ),
    ("find_person", "request_pass", LB),
    ("register_person", "request_vehicle_permit", FF_VAN),
    ("find_person", "request_vehicle_permit", JF_VAN),
    # acts, parties and guests
    ("acts", "act_party", PARTY),
    ("acts", "add_to_party", NL),
    ("acts", "remove_from_party", GA),
    ("acts", "add_guest", TOM),
    ("add_to_party", "request_pass", LB),
    ("add_to_party", "remove_from_party", NL_REMOVE),
    ("add_guest", "remove_guest", TOM_REMOVE),
    ("act_party", "remove_guest", CARLA),
    ("add_guest", "issue_wristband", TOM_BAND),
    ("act_party", "issue_wristband", BEN),
    ("wristband_stock", "issue_wristband", BEN),
    ("issue_wristband", "void_wristband", BEN_VOID),
    # press
    ("accredit_press", "request_pass", GV_PASS),
    ("accredit_press", "add_zone", GV_PIT),
    # passes
    ("pass_types", "request_pass", FF_REQ),
    ("request_pass", "approve_pass", FF_APPROVE),
    ("passes", "approve_pass", KOFI_APPROVE),
    ("request_pass", "decline_pass", FF_DECLINE),
    ("passes", "decline_pass", AIKO_DECLINE),
    ("request_pass", "add_zone", FF_ZONE),
    ("passes", "add_zone", JOE_ZONE),
    ("zones", "add_zone", FF_ZONE),
    ("request_pass", "remove_zone", FF_UNZONE),
    ("passes", "remove_zone", JOE_UNZONE),
    ("zones", "remove_zone", JOE_UNZONE),
    ("add_zone", "remove_zone", FF_UNZONE),
    ("request_pass", "print_pass", FF_PRINT),
    ("passes", "print_pass", DAN_PRINT),
    ("approve_pass", "print_pass", FF_PRINT),
    ("attach_photo", "print_pass", FF_PRINT),
    ("request_pass", "collect_pass", FF_COLLECT),
    ("passes", "collect_pass", RAVI_COLLECT),
    ("print_pass", "collect_pass", FF_COLLECT),
    ("record_id_check", "collect_pass", RAVI_COLLECT),
    ("request_pass", "cancel_pass", FF_CANCEL),
    ("passes", "cancel_pass", AIKO_CANCEL),
    ("request_pass", "scan_pass", FF_SCAN),
    ("passes", "scan_pass", TAMSIN_SCAN),
    ("zones", "scan_pass", TAMSIN_SCAN),
    ("collect_pass", "scan_pass", FF_SCAN),
    ("add_zone", "scan_pass", JOE_SCAN),
    # vehicle permits
    ("zones", "request_vehicle_permit", JF_VAN),
    ("approve_pass", "request_vehicle_permit", FF_VAN),
    ("add_zone", "request_vehicle_permit", JOE_ARTPARK),
    ("request_vehicle_permit", "cancel_vehicle_permit", FF_VAN_CANCEL),
    ("vehicle_permits", "cancel_vehicle_permit", TAMSIN_CAR),
    # incidents and suspensions
    ("zones", "log_incident", cut(WELFARE, "log_incident")),
    ("log_incident", "close_incident", WELFARE),
    ("incidents", "close_incident", cut(IMOGEN, "close_incident")),
    ("request_pass", "suspend_pass", FF_SUSPEND),
    ("passes", "suspend_pass", TAMSIN_SUSPEND),
    ("log_incident", "suspend_pass", TAMSIN_LOG),
    ("incidents", "suspend_pass", TAMSIN_SUSPEND),
    ("collect_pass", "suspend_pass", FF_SUSPEND),
    ("request_pass", "reinstate_pass", FF_REINSTATE),
    ("passes", "reinstate_pass", IMOGEN),
    ("suspend_pass", "reinstate_pass", FF_REINSTATE),
    ("close_incident", "reinstate_pass", IMOGEN),
]

_OWN = {"sign_out": [sign_in("owen"), ("sign_out", {"token": "$owen.token"})]}


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
    # the pass types are read before Dan Pryce's phone number is changed
    ("pass_types", find("Pryce") + [("pass_types", {}), DP_UPDATE[-1]]),
    # the zones are read before Kofi Mensah is e-mailed
    ("zones", find("Mensah") + [("zones", {}), MENSAH_MAIL[-1]]),
    # the wristband stock is read before Kofi Mensah's pass is approved
    ("wristband_stock", KOFI_APPROVE[:2] + [("wristband_stock", {"token": N}), KOFI_APPROVE[-1]]),
    # the wristband stock is read before Tamsin Hale's pass is scanned at the arena
    ("wristband_stock", TAMSIN_SCAN[:3] + [("wristband_stock", {"token": S}), TAMSIN_SCAN[-1]]),
    # the line-up is read before Ravi Anand's ID is checked
    ("acts", find("Anand") + [("acts", {"token": N}), RAVI_COLLECT[2]]),
    # the line-up is read before Greta Vos's photo goes on file
    ("acts", find("Vos") + [("acts", {"token": N}), GV_PHOTO[-1]]),
    # the pass types are read before Carla Bassi is taken off Velvet Static's guest list
    ("pass_types", CARLA[:3] + [("pass_types", {}), CARLA[-1]]),
]
