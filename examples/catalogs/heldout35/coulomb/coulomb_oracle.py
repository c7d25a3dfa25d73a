"""Scripted proofs that Coulomb's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which reads the console's GraphQL errors as refusals with
the module's ``FAILURE``; the resolvers answer plain dicts, so the plain oracle runs them as well, with the same
``FAILURE``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "amira")``) and pass ``"$amira.data.signIn.token"``; every reply is a GraphQL response, read under ``data`` and
the operation's field: records by field (``"$register_driver.data.registerDriver.driverId"``,
``"$issue_card.data.issueCard.cardId"``, ``"$add_site.data.addSite.siteId"``,
``"$install_charge_point.data.installChargePoint.cpId"``, ``"$log_fault.data.logFault.faultId"``,
``"$start_session.data.startSession.sessionId"``, ``"$reserve_connector.data.reserveConnector.reservationId"``), list
entries by position and field (``"$find_driver.data.findDriver.0.driverId"``,
``"$charge_points.data.chargePoints.4.cpId"``, ``"$sites.data.sites.0.siteId"``,
``"$engineers.data.engineers.1.engineerId"``, ``"$faults.data.faults.0.faultId"``,
``"$sessions.data.sessions.0.sessionId"``, ``"$tariffs.data.tariffs.0.code"``) and rows of lists by position
(``"$driver_account.data.driverAccount.cards.0.0"``, ``"$firmware_releases.data.firmwareReleases.releases.1.0"``). The
positions follow the fresh state's order of records by id (filtered as each call asks) and of ``TARIFFS`` and
``MODELS``. Every id, tariff code and firmware version is read from a reply; none is written literally (names, e-mail
addresses, phone numbers, card digits, the site's address, the charger's model and serial number from its plate,
connector numbers, OCPP error codes, fixes, parts, notes and reasons are written as the staff are told them). A step
saved under a name of its own is a second call of a tool on one path.

The day: Ms Rosa Quintero opens an account; Amira records her payment card, issues and activates her charge card; she
charges at the station car park and the session is stopped, read and refunded in part, or she reserves a connector and
the reservation is cancelled (on other paths her e-mail changes, she is written to, her account is read, or a card
issued to her is blocked as lost and unblocked). Ashby Parva Village Hall signs as a host: Dominic adds the site, Priya
records its new charger, Kit commissions it, Priya sets the standard AC tariff, and Mrs Lindqvist charges or reserves on
it; a fault is logged on it and sent to Kit, who resolves it; it is taken into and out of use, reset, given new
firmware, a cable is unlocked, or, on another path, it is decommissioned before it was ever commissioned. Kit
commissions the Drovers Arms charger, which goes live on the standard tariff and gets new firmware; the Mill Road
CHAdeMO fault goes to Owen, who resolves it, and Mrs Lindqvist charges there; the DC50's second connector is brought
back into use and she charges on it; Mr Varga's session is stopped and his cable unlocked, or the DC150 reset; his lost
card is blocked and a new one issued; Mr Okafor's found card is unblocked; Ms Ashby's payment card is recorded and her
card activated; Monday's session is refunded in part; the station car park's charger is taken out of use and
decommissioned; a card reader fault is logged at the leisure centre; Kit resolves the leisure centre's socket fault; a
new DC50 is recorded at the leisure centre.
"""

import coulomb_tools as tools

WHO = {"amira": ("amira.h", "Type2-Socket-8"), "joel": ("joel.p", "Plug-And-Go-51"),
       "priya": ("priya.n", "Heartbeat-300s"), "kit": ("kit.m", "Contactor-K2"), "owen": ("owen.d", "Earth-Rod-16"),
       "sara": ("sara.l", "Kilowatt-Hour-72"), "dominic": ("dominic.f", "Amberline-2029")}
A, P, K, O, S, D = ("$amira.data.signIn.token", "$priya.data.signIn.token", "$kit.data.signIn.token",
                    "$owen.data.signIn.token", "$sara.data.signIn.token", "$dominic.data.signIn.token")


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def point(n: int) -> str:
    return f"$charge_points.data.chargePoints.{n}.cpId"


def find(text: str) -> list:
    return [sign_in("amira"), ("find_driver", {"token": A, "text": text})]


FOUND = "$find_driver.data.findDriver.0.driverId"
ROSA_ID = "$register_driver.data.registerDriver.driverId"
ROSA_CARD_ID = "$issue_card.data.issueCard.cardId"
ACCOUNT_CARD = "$driver_account.data.driverAccount.cards.0.0"
NEW_CP = "$install_charge_point.data.installChargePoint.cpId"
STARTED = "$start_session.data.startSession.sessionId"

# Ms Rosa Quintero, a new driver
ROSA = [sign_in("amira"),
        ("register_driver", {"token": A, "name": "Ms Rosa Quintero", "email": "rosa.quintero@example.org",
                             "phone": "07700 955230"})]
ROSA_CARD = ROSA + [
    ("add_payment_method", {"token": A, "driver_id": ROSA_ID, "brand": "visa", "last4": "8826", "expiry": "04/37"}),
    ("issue_card", {"token": A, "driver_id": ROSA_ID}),
    ("activate_card", {"token": A, "card_id": ROSA_CARD_ID})]
ROSA_CHARGE = ROSA_CARD + [
    ("charge_points", {"token": A}),
    ("start_session", {"token": A, "cp_id": point(4), "connector": 1, "card_id": ROSA_CARD_ID})]
ROSA_READING = ROSA_CHARGE + [("live_reading", {"token": A, "session_id": STARTED})]
ROSA_REFUND = ROSA_CHARGE + [
    ("stop_session", {"token": A, "session_id": STARTED}),
    sign_in("sara"),
    ("refund_session", {"token": S, "session_id": STARTED, "amount": 2.0,
                        "reason": "The app showed the wrong price at the start of her first session"})]
ROSA_RESERVE = ROSA_CARD + [
    ("charge_points", {"token": A}),
    ("reserve_connector", {"token": A, "cp_id": point(4), "connector": 2, "card_id": ROSA_CARD_ID, "minutes": 30}),
    ("cancel_reservation", {"token": A,
                            "reservation_id": "$reserve_connector.data.reserveConnector.reservationId"})]
ROSA_EMAIL = ROSA + [("update_driver", {"token": A, "driver_id": ROSA_ID, "email": "rosa.q@example.org"})]
ROSA_MESSAGE = ROSA + [("message_driver", {"token": A, "driver_id": ROSA_ID, "subject": "Welcome to Amberline",
                                           "body": "Your charge card is in the post; call us to activate it."})]
ROSA_ACCOUNT = ROSA + [("driver_account", {"token": A, "driver_id": ROSA_ID})]
ROSA_LOST = ROSA + [
    ("issue_card", {"token": A, "driver_id": ROSA_ID}),
    ("block_card", {"token": A, "card_id": ROSA_CARD_ID, "reason": "lost"}),
    ("unblock_card", {"token": A, "card_id": ROSA_CARD_ID})]

# Ashby Parva Village Hall, a new host site with a new charger
VILLAGE = [
    sign_in("dominic"),
    ("add_site", {"token": D, "name": "Ashby Parva Village Hall", "address": "Church Lane, Ashby Parva",
                  "town": "Ashby Parva", "postcode": "WX9 2CL", "region": "north",
                  "host": "Ashby Parva Village Hall Committee, Mr Len Hardy", "host_phone": "01632 940288"}),
    sign_in("priya"),
    ("install_charge_point", {"token": P, "site_id": "$add_site.data.addSite.siteId", "model": "Alto AC22",
                              "serial": "ALT-22-09301"})]
VILLAGE_ONLINE = VILLAGE + [
    sign_in("kit"),
    ("commission_charge_point", {"token": K, "cp_id": NEW_CP,
                                 "notes": "Earth loop 0.21 ohm, RCD trips at 24 ms; connected to the console"})]
VILLAGE_LIVE = VILLAGE_ONLINE + [
    ("tariffs", {}),
    ("assign_tariff", {"token": P, "cp_id": NEW_CP, "tariff_code": "$tariffs.data.tariffs.0.code"})]
VILLAGE_CHARGE = VILLAGE_LIVE + find("Lindqvist") + [
    ("driver_account", {"token": A, "driver_id": FOUND}),
    ("start_session", {"token": A, "cp_id": NEW_CP, "connector": 1, "card_id": ACCOUNT_CARD})]
VILLAGE_RESERVE = VILLAGE_LIVE + find("Lindqvist") + [
    ("driver_account", {"token": A, "driver_id": FOUND}),
    ("reserve_connector", {"token": A, "cp_id": NEW_CP, "connector": 1, "card_id": ACCOUNT_CARD, "minutes": 30})]
VILLAGE_FAULT = VILLAGE_LIVE + [
    ("log_fault", {"token": P, "cp_id": NEW_CP, "connector": 2, "error_code": "OtherError",
                   "description": "The hall's caretaker reports the socket light flashing red"}),
    ("engineers", {"token": P, "region": "north"}),
    ("dispatch_engineer", {"token": P, "fault_id": "$log_fault.data.logFault.faultId",
                           "engineer_id": "$engineers.data.engineers.0.engineerId"}),
    ("resolve_fault", {"token": K, "fault_id": "$log_fault.data.logFault.faultId", "fix": "reset", "parts": [],
                       "notes": "Soft reset cleared it; socket tested with a test box"})]
VILLAGE_OFF = VILLAGE_LIVE + [("set_availability", {"token": P, "cp_id": NEW_CP, "connector": 1,
                                                    "operative": False})]
VILLAGE_RESET = VILLAGE_ONLINE + [("reset_charge_point", {"token": P, "cp_id": NEW_CP, "kind": "soft"})]
VILLAGE_UNLOCK = VILLAGE_LIVE + [("unlock_connector", {"token": P, "cp_id": NEW_CP, "connector": 1})]
VILLAGE_FIRMWARE = VILLAGE_ONLINE + [
    ("firmware_releases", {"token": P, "model": "Alto AC22"}),
    ("update_firmware", {"token": P, "cp_id": NEW_CP,
                         "version": "$firmware_releases.data.firmwareReleases.releases.2.0"})]
VILLAGE_RECORD = VILLAGE + [("charge_point", {"token": P, "cp_id": NEW_CP})]
VILLAGE_WITHDRAWN = VILLAGE + [("decommission_charge_point", {"token": D, "cp_id": NEW_CP,
                                                              "reason": "The hall committee withdrew before it was "
                                                                        "commissioned"})]

# the charge points already on the network (in id order: 0 CP-3101 leisure centre AC, 1 CP-3102 Mill Road DC150,
# 2 CP-3103 Mill Road DC50, 3 CP-3104 Drovers Arms AC (installed), 4 CP-3105 station car park AC)
DROVERS = [sign_in("kit"), ("charge_points", {"token": K, "status": "installed"}),
           ("commission_charge_point", {"token": K, "cp_id": point(0),
                                        "notes": "Earth rod tested at 38 ohm; RCD trips at 27 ms"})]
DROVERS_LIVE = DROVERS + [("tariffs", {}), sign_in("sara"),
                          ("assign_tariff", {"token": S, "cp_id": point(0),
                                             "tariff_code": "$tariffs.data.tariffs.0.code"})]
DROVERS_FIRMWARE = DROVERS + [sign_in("priya"), ("firmware_releases", {"token": P, "model": "Alto AC22"}),
                              ("update_firmware", {"token": P, "cp_id": point(0),
                                                   "version": "$firmware_releases.data.firmwareReleases.releases.1.0"})]
DC50_FIRMWARE = [sign_in("priya"), ("charge_points", {"token": P}),
                 ("firmware_releases", {"token": P, "model": "Pulsar DC50"}),
                 ("update_firmware", {"token": P, "cp_id": point(2),
                                      "version": "$firmware_releases.data.firmwareReleases.releases.1.0"})]
DC50_ON = [sign_in("priya"), ("charge_points", {"token": P}),
           ("set_availability", {"token": P, "cp_id": point(2), "connector": 2, "operative": True})]
DC50_CHARGE = DC50_ON + find("Lindqvist") + [
    ("driver_account", {"token": A, "driver_id": FOUND}),
    ("start_session", {"token": A, "cp_id": point(2), "connector": 2, "card_id": ACCOUNT_CARD})]
MILL_ROAD = [sign_in("priya"), ("faults", {"token": P, "status": "open"}),
             ("engineers", {"token": P, "region": "south"}),
             ("dispatch_engineer", {"token": P, "fault_id": "$faults.data.faults.0.faultId",
                                    "engineer_id": "$engineers.data.engineers.0.engineerId"}),
             sign_in("owen"),
             ("resolve_fault", {"token": O, "fault_id": "$faults.data.faults.0.faultId", "fix": "part_replaced",
                                "parts": ["CHAdeMO RCD module"], "notes": "RCD module failed; replaced and tested"})
             ] + find("Lindqvist") + [
    ("driver_account", {"token": A, "driver_id": FOUND}), ("charge_points", {"token": A}),
    ("start_session", {"token": A, "cp_id": point(1), "connector": 2, "card_id": ACCOUNT_CARD})]
LEISURE_SOCKET = [sign_in("kit"), ("faults", {"token": K, "status": "assigned"}),
                  ("resolve_fault", {"token": K, "fault_id": "$faults.data.faults.0.faultId",
                                     "fix": "part_replaced", "parts": ["Type 2 socket shutter assembly"],
                                     "notes": "Shutter actuator seized; replaced, locks a cable every time"})]
LEISURE_READER = [sign_in("amira"), ("charge_points", {"token": A}),
                  ("log_fault", {"token": A, "cp_id": point(0), "connector": 1, "error_code": "ReaderFailure",
                                 "description": "Driver says the card reader does not light up"})]
LEISURE_DC50 = [sign_in("priya"), ("sites", {"token": P, "town": "Wexcombe"}),
                ("install_charge_point", {"token": P, "site_id": "$sites.data.sites.0.siteId",
                                          "model": "Pulsar DC50", "serial": "PLS-50-1388"})]
DC50_RECORD = [sign_in("priya"), ("charge_points", {"token": P}),
               ("charge_point", {"token": P, "cp_id": point(2)})]
STATION_OFF = [sign_in("dominic"), ("charge_points", {"token": D}),
               ("set_availability", {"token": D, "cp_id": point(4), "connector": 1, "operative": False}, "off_1"),
               ("set_availability", {"token": D, "cp_id": point(4), "connector": 2, "operative": False}, "off_2"),
               ("decommission_charge_point", {"token": D, "cp_id": point(4),
                                              "reason": "The car park is being rebuilt; the charger is removed"})]
GRACE_CHARGE = find("Lindqvist") + [
    ("driver_account", {"token": A, "driver_id": FOUND}), ("charge_points", {"token": A}),
    ("start_session", {"token": A, "cp_id": point(4), "connector": 1, "card_id": ACCOUNT_CARD})]
GRACE_RESERVE = find("Lindqvist") + [
    ("driver_account", {"token": A, "driver_id": FOUND}), ("charge_points", {"token": A}),
    ("reserve_connector", {"token": A, "cp_id": point(0), "connector": 1, "card_id": ACCOUNT_CARD, "minutes": 20})]
TOM_STOP = [sign_in("amira"), ("sessions", {"token": A, "status": "charging"}),
            ("stop_session", {"token": A, "session_id": "$sessions.data.sessions.0.sessionId"})]
TOM_UNLOCK = TOM_STOP + [("charge_points", {"token": A}),
                         ("unlock_connector", {"token": A, "cp_id": point(1), "connector": 1})]
TOM_RESET = [sign_in("priya"), ("sessions", {"token": P, "status": "charging"}),
             ("stop_session", {"token": P, "session_id": "$sessions.data.sessions.0.sessionId"}),
             ("charge_points", {"token": P}),
             ("reset_charge_point", {"token": P, "cp_id": point(1), "kind": "hard"})]
TOM_READING = [sign_in("amira"), ("sessions", {"token": A, "status": "charging"}),
               ("live_reading", {"token": A, "session_id": "$sessions.data.sessions.0.sessionId"})]
TOM_LOST = find("Varga") + [
    ("driver_account", {"token": A, "driver_id": FOUND}),
    ("block_card", {"token": A, "card_id": ACCOUNT_CARD, "reason": "lost"}),
    ("issue_card", {"token": A, "driver_id": FOUND})]
TOM_MESSAGE = find("Varga") + [("message_driver", {"token": A, "driver_id": FOUND, "subject": "Your refund",
                                                   "body": "We have refunded part of Monday's session."})]
MONDAY_REFUND = [sign_in("sara"), ("sessions", {"token": S, "status": "completed"}),
                 ("refund_session", {"token": S, "session_id": "$sessions.data.sessions.0.sessionId",
                                     "amount": 4.5, "reason": "Charged the rapid price for a slow charge"})]
SAM_FOUND = find("Okafor") + [("driver_account", {"token": A, "driver_id": FOUND}),
                              ("unblock_card", {"token": A, "card_id": ACCOUNT_CARD})]
SAM_PHONE = find("Okafor") + [("update_driver", {"token": A, "driver_id": FOUND, "phone": "07700 955333"})]
HELEN = find("Ashby") + [
    ("driver_account", {"token": A, "driver_id": FOUND}),
    ("add_payment_method", {"token": A, "driver_id": FOUND, "brand": "mastercard", "last4": "3104",
                            "expiry": "12/36"}),
    ("activate_card", {"token": A, "card_id": ACCOUNT_CARD})]

_BODY = [
    # drivers
    ("register_driver", "update_driver", ROSA_EMAIL),
    ("find_driver", "update_driver", SAM_PHONE),
    ("register_driver", "driver_account", ROSA_ACCOUNT),
    ("find_driver", "driver_account", cut(HELEN, "driver_account")),
    ("register_driver", "message_driver", ROSA_MESSAGE),
    ("find_driver", "message_driver", TOM_MESSAGE),
    ("register_driver", "add_payment_method", cut(ROSA_CARD, "add_payment_method")),
    ("find_driver", "add_payment_method", cut(HELEN, "add_payment_method")),
    ("register_driver", "issue_card", cut(ROSA_CARD, "issue_card")),
    ("find_driver", "issue_card", TOM_LOST),
    # cards
    ("issue_card", "activate_card", ROSA_CARD),
    ("driver_account", "activate_card", HELEN),
    ("add_payment_method", "activate_card", HELEN),
    ("issue_card", "block_card", cut(ROSA_LOST, "block_card")),
    ("driver_account", "block_card", cut(TOM_LOST, "block_card")),
    ("issue_card", "unblock_card", ROSA_LOST),
    ("driver_account", "unblock_card", SAM_FOUND),
    ("block_card", "unblock_card", ROSA_LOST),
    ("block_card", "issue_card", TOM_LOST),
    ("issue_card", "reserve_connector", cut(ROSA_RESERVE, "reserve_connector")),
    ("driver_account", "reserve_connector", GRACE_RESERVE),
    ("activate_card", "reserve_connector", cut(ROSA_RESERVE, "reserve_connector")),
    ("issue_card", "start_session", ROSA_CHARGE),
    ("driver_account", "start_session", GRACE_CHARGE),
    ("activate_card", "start_session", ROSA_CHARGE),
    # sites and charge points
    ("add_site", "install_charge_point", VILLAGE),
    ("sites", "install_charge_point", LEISURE_DC50),
    ("install_charge_point", "charge_point", VILLAGE_RECORD),
    ("charge_points", "charge_point", DC50_RECORD),
    ("install_charge_point", "commission_charge_point", VILLAGE_ONLINE),
    ("charge_points", "commission_charge_point", DROVERS),
    ("install_charge_point", "assign_tariff", VILLAGE_LIVE),
    ("charge_points", "assign_tariff", DROVERS_LIVE),
    ("tariffs", "assign_tariff", DROVERS_LIVE),
    ("commission_charge_point", "assign_tariff", DROVERS_LIVE),
    ("install_charge_point", "set_availability", VILLAGE_OFF),
    ("charge_points", "set_availability", DC50_ON),
    ("install_charge_point", "reset_charge_point", VILLAGE_RESET),
    ("charge_points", "reset_charge_point", TOM_RESET),
    ("install_charge_point", "unlock_connector", VILLAGE_UNLOCK),
    ("charge_points", "unlock_connector", TOM_UNLOCK),
    ("install_charge_point", "decommission_charge_point", VILLAGE_WITHDRAWN),
    ("charge_points", "decommission_charge_point", STATION_OFF),
    ("set_availability", "decommission_charge_point", STATION_OFF),
    ("install_charge_point", "update_firmware", VILLAGE_FIRMWARE),
    ("charge_points", "update_firmware", DC50_FIRMWARE),
    ("firmware_releases", "update_firmware", DC50_FIRMWARE),
    ("commission_charge_point", "update_firmware", DROVERS_FIRMWARE),
    ("install_charge_point", "log_fault", cut(VILLAGE_FAULT, "log_fault")),
    ("charge_points", "log_fault", LEISURE_READER),
    ("install_charge_point", "reserve_connector", VILLAGE_RESERVE),
    ("charge_points", "reserve_connector", GRACE_RESERVE),
    ("assign_tariff", "reserve_connector", VILLAGE_RESERVE),
    ("assign_tariff", "set_availability", VILLAGE_OFF),
    ("commission_charge_point", "reset_charge_point", VILLAGE_RESET),
    ("commission_charge_point", "unlock_connector", VILLAGE_UNLOCK),
    ("commission_charge_point", "log_fault", cut(VILLAGE_FAULT, "log_fault")),
    ("install_charge_point", "start_session", VILLAGE_CHARGE),
    ("charge_points", "start_session", GRACE_CHARGE),
    ("assign_tariff", "start_session", VILLAGE_CHARGE),
    ("set_availability", "start_session", DC50_CHARGE),
    ("resolve_fault", "start_session", MILL_ROAD),
    # faults
    ("log_fault", "dispatch_engineer", cut(VILLAGE_FAULT, "dispatch_engineer")),
    ("faults", "dispatch_engineer", cut(MILL_ROAD, "dispatch_engineer")),
    ("engineers", "dispatch_engineer", cut(MILL_ROAD, "dispatch_engineer")),
    ("log_fault", "resolve_fault", VILLAGE_FAULT),
    ("faults", "resolve_fault", LEISURE_SOCKET),
    ("dispatch_engineer", "resolve_fault", cut(MILL_ROAD, "resolve_fault")),
    # sessions and reservations
    ("start_session", "stop_session", cut(ROSA_REFUND, "stop_session")),
    ("sessions", "stop_session", TOM_STOP),
    ("start_session", "live_reading", ROSA_READING),
    ("sessions", "live_reading", TOM_READING),
    ("start_session", "refund_session", ROSA_REFUND),
    ("sessions", "refund_session", MONDAY_REFUND),
    ("stop_session", "refund_session", ROSA_REFUND),
    ("stop_session", "unlock_connector", TOM_UNLOCK),
    ("stop_session", "reset_charge_point", TOM_RESET),
    ("reserve_connector", "cancel_reservation", ROSA_RESERVE),
]

_OWN = {"sign_out": [sign_in("joel"), ("sign_out", {"token": "$joel.data.signIn.token"})]}


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
    # the public tariffs are read before Mr Okafor's phone number changes
    ("tariffs", find("Okafor") + [("tariffs", {}), SAM_PHONE[-1]]),
    # the engineers are read before Ms Ashby's card is activated
    ("engineers", cut(HELEN, "add_payment_method") + [("engineers", {"token": A}), HELEN[-1]]),
    # the Alto's firmware releases are read before a card reader fault is logged at the leisure centre
    ("firmware_releases", LEISURE_READER[:2] + [("firmware_releases", {"token": A, "model": "Alto AC22"}),
                                                LEISURE_READER[-1]]),
    # the sites are read before Mr Varga's session is stopped
    ("sites", TOM_STOP[:2] + [("sites", {"token": A}), TOM_STOP[-1]]),
    # the engineers are read before Kit commissions the Drovers Arms charger
    ("engineers", DROVERS[:2] + [("engineers", {"token": K}), DROVERS[-1]]),
    # the public tariffs are read before Kit resolves the leisure centre's socket fault
    ("tariffs", LEISURE_SOCKET[:2] + [("tariffs", {}), LEISURE_SOCKET[-1]]),
    # the sessions are read before Dominic adds Ashby Parva Village Hall as a site
    ("sessions", [VILLAGE[0], ("sessions", {"token": D}), VILLAGE[1]]),
]
