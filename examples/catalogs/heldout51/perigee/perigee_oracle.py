"""Scripted proofs that Perigee's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "casimira")``) and pass ``"$casimira.token"``; replies are read by field (``"$open_account.account_id"``,
``"$register_satellite.satellite_id"``, ``"$file_authorisation.authorisation_id"``, ``"$add_credit.invoice_id"``,
``"$install_uplink_key.key_id"``, ``"$book_contact.contact_id"``, ``"$add_delivery_endpoint.endpoint_id"`` with
``"$add_delivery_endpoint.challenge"``), list entries by position and field (``"$find_account.0.account_id"``,
``"$satellites.1.satellite_id"``, ``"$satellites.0.uplink_key"``, ``"$invoices.0.invoice_id"`` with
``"$invoices.0.amount"``, ``"$authorisations.0.authorisation_id"`` with ``"$authorisations.0.satellite_id"``,
``"$contacts.1.contact_id"``), rows by row and column (``"$stations.0.0"``, ``"$stations.0.2"``,
``"$frequency_bands.1.0"``, ``"$predict_passes.2.0"``, ``"$endpoints.1.0"`` with ``"$endpoints.1.4"`` from the same
row). The positions follow the fresh state's order (records by id, each list filtered as the call asks). Every id,
code and key id is read from a reply; none is written literally (companies, names, NORAD numbers, element sets,
references, fingerprints, figures, amounts, days and notes are written as the staff are told them).

The day: Thistleby Earth Observation opens an account, is screened, registers THISTLEBY-1, uploads its elements, is
licensed and authorised for S band from Iceland, buys credit and books, confirms or cancels its first contact and sets
up a delivery endpoint; Kuikkasat pays its overdue invoice, comes off hold, uploads fresh elements and books a
download; Marlinspike's licence comes in, its authorisation is approved, its credit paid and a download booked;
Tindrum Aerospace is screened and registers a satellite; BOREALIS-4 gets an uplink key, a command contact and its
commands; BOREALIS-3's key is rotated and tonight's command contact uplinked; Tewharau is calibrated, returned to
operation and its contact confirmed and another booked; Skarsvik's contacts are run, reported and delivered to
Borealis's endpoints; a contact is cancelled; KUIKKA-1 is filed for S band from Canada.
"""

import perigee_tools as tools

WHO = {"ravenna": ("ravenna.s", "Quota-Pipeline-46"), "lysandra": ("lysandra.k", "Embargo-Check-29"),
       "taliesin": ("taliesin.a", "Filing-Band-63"), "struan": ("struan.m", "Kepler-Epoch-71"),
       "casimira": ("casimira.d", "Slot-Horizon-38"), "torvald": ("torvald.h", "Dish-Slew-52"),
       "bettany": ("bettany.r", "Ledger-Credit-17"), "zsofia": ("zsofia.v", "Network-Chief-90")}
RT, LT, PT, OT = "$ravenna.token", "$lysandra.token", "$taliesin.token", "$struan.token"
CT, TT, BT, ST = "$casimira.token", "$torvald.token", "$bettany.token", "$zsofia.token"
NEWACC = "$open_account.account_id"
FOUND = "$find_account.0.account_id"
NEWSAT = "$register_satellite.satellite_id"
THISTLEBY_TLE = ("1 62440U 55047C   55333.81770833  .00001425  00000-0  71204-4 0  9993",
               "2 62440  97.6012  38.9174 0001302  88.1275 272.0039 15.11884092 11736")
KUIKKA_TLE = ("1 61877U 54031A   55334.39201427  .00001425  00000-0  71204-4 0  9990",
               "2 61877  97.4821  41.2210 0001187  93.4410 266.8112 15.19021433 44126")
TOMORROW = "2055-12-01"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- Thistleby Earth Observation: a new customer from account to first contact

THISTLEBY = [
    login("ravenna"),
    ("open_account", {"token": RT, "company": "Thistleby Earth Observation GmbH", "country": "DE",
                      "contact_email": "missionops@thistleby-eo.example", "plan": "committed"}),
    login("lysandra"),
    ("upload_document", {"token": LT, "account_id": NEWACC, "kind": "end_user_statement", "reference": "EUS-TEO-1107",
                         "issued_on": "2055-11-07"}, "statement"),
    ("screen_account", {"token": LT, "account_id": NEWACC}),
    ("register_satellite", {"token": RT, "account_id": NEWACC, "name": "THISTLEBY-1", "norad_id": 62440,
                            "mass_kg": 128.5}),
    login("struan"),
    ("upload_tle", {"token": OT, "satellite_id": NEWSAT, "line1": THISTLEBY_TLE[0], "line2": THISTLEBY_TLE[1]}),
    ("stations", {}),
    ("predict_passes", {"token": OT, "satellite_id": NEWSAT, "station_code": "$stations.0.0", "day": TOMORROW}),
    login("taliesin"), ("frequency_bands", {}),
    ("upload_document", {"token": PT, "account_id": NEWACC, "kind": "spectrum_licence", "reference": "IS-PTA 2055/201",
                         "issued_on": "2055-11-18", "satellite_id": NEWSAT}, "licence"),
    ("file_authorisation", {"token": PT, "satellite_id": NEWSAT, "band": "$frequency_bands.1.0",
                            "country": "$stations.0.2", "filing_reference": "IS-PTA 2055/201"}),
    ("approve_authorisation", {"token": PT, "authorisation_id": "$file_authorisation.authorisation_id",
                               "licence_number": "IS-PTA 2055/201"}),
    ("add_credit", {"token": RT, "account_id": NEWACC, "amount": 800.0}),
    login("bettany"),
    ("record_payment", {"token": BT, "invoice_id": "$add_credit.invoice_id", "amount": 800.0,
                        "method": "bank_transfer"}),
    login("casimira"),
    ("book_contact", {"token": CT, "pass_id": "$predict_passes.0.0", "purpose": "telemetry",
                      "band": "$frequency_bands.1.0"}),
    login("torvald"),
    ("confirm_contact", {"token": TT, "contact_id": "$book_contact.contact_id"})]
THISTLEBY_CANCELLED = cut(THISTLEBY, "book_contact") + [
    ("cancel_contact", {"token": CT, "contact_id": "$book_contact.contact_id",
                        "reason": "Thistleby's launch slipped; no satellite to talk to"})]
THISTLEBY_DETAIL = cut(THISTLEBY, "open_account") + [("account_detail", {"token": RT, "account_id": NEWACC})]
THISTLEBY_SATELLITE = cut(THISTLEBY, "register_satellite") + [
    ("satellite_detail", {"token": RT, "satellite_id": NEWSAT})]
THISTLEBY_KEY = cut(THISTLEBY, "register_satellite") + [
    ("install_uplink_key", {"token": LT, "satellite_id": NEWSAT,
                            "fingerprint": "SHA256:Zp3Qy8Kd1Wm6Rt9Hv4Lx2Nb7Jc5Sg0Fa8Ue3Oi6Tk1P"})]
THISTLEBY_ENDPOINT = cut(THISTLEBY, "screen_account") + [
    ("add_delivery_endpoint", {"token": RT, "account_id": NEWACC, "url": "sftp://ingest.thistleby-eo.example/tgn",
                               "protocol": "sftp"}),
    ("verify_endpoint", {"token": RT, "endpoint_id": "$add_delivery_endpoint.endpoint_id",
                         "challenge": "$add_delivery_endpoint.challenge"})]

# ---- Tindrum Aerospace: a statement on file, screened, a satellite, credit and an endpoint

TINDRUM = [login("lysandra"), ("find_account", {"token": LT, "text": "Tindrum"}),
           ("upload_document", {"token": LT, "account_id": FOUND, "kind": "end_user_statement",
                                "reference": "EUS-TA-1121", "issued_on": "2055-11-21"}),
           ("screen_account", {"token": LT, "account_id": FOUND}),
           login("ravenna"),
           ("register_satellite", {"token": RT, "account_id": FOUND, "name": "TINDRUM-PATHFINDER", "norad_id": 62518,
                                   "mass_kg": 22.4})]
TINDRUM_CREDIT = cut(TINDRUM, "screen_account") + [
    login("ravenna"), ("add_credit", {"token": RT, "account_id": FOUND, "amount": 500.0})]
TINDRUM_ENDPOINT = cut(TINDRUM, "screen_account") + [
    login("ravenna"), ("add_delivery_endpoint", {"token": RT, "account_id": FOUND,
                                                 "url": "https://groundlink.tindrum.example/drop",
                                                 "protocol": "https"})]

# ---- Kuikkasat: overdue invoice paid, off hold, fresh elements, a download booked

KUIKKA = [
    login("bettany"), ("find_account", {"token": BT, "text": "Kuikka"}),
    ("invoices", {"token": BT, "account_id": FOUND, "status": "overdue"}),
    ("record_payment", {"token": BT, "invoice_id": "$invoices.0.invoice_id", "amount": "$invoices.0.amount",
                        "method": "bank_transfer"}),
    ("set_account_hold", {"token": BT, "account_id": FOUND, "on_hold": False,
                          "reason": "October's invoice is paid"}),
    login("struan"), ("satellites", {"token": OT, "account_id": FOUND}),
    ("upload_tle", {"token": OT, "satellite_id": "$satellites.0.satellite_id", "line1": KUIKKA_TLE[0],
                    "line2": KUIKKA_TLE[1]}),
    ("stations", {}),
    ("predict_passes", {"token": OT, "satellite_id": "$satellites.0.satellite_id", "station_code": "$stations.1.0",
                        "day": TOMORROW}),
    ("frequency_bands", {}), login("casimira"),
    ("book_contact", {"token": CT, "pass_id": "$predict_passes.1.0", "purpose": "payload_download",
                      "band": "$frequency_bands.1.0"})]
KUIKKA_RECORD = [login("zsofia"), ("find_account", {"token": ST, "text": "Kuikka"}),
                  ("account_detail", {"token": ST, "account_id": FOUND})]
KUIKKA_CANADA = [("stations", {}), login("taliesin"), ("satellites", {"token": PT}), ("frequency_bands", {}),
                  ("file_authorisation", {"token": PT, "satellite_id": "$satellites.2.satellite_id",
                                          "band": "$frequency_bands.1.0", "country": "$stations.4.2",
                                          "filing_reference": "ISED 2055-SR-0412"})]
KUIKKA_SATELLITE = [login("struan"), ("satellites", {"token": OT}),
                     ("satellite_detail", {"token": OT, "satellite_id": "$satellites.2.satellite_id"})]

# ---- Marlinspike: the licence in, the authorisation approved, credit paid, a download booked

MARLIN = [
    login("taliesin"), ("authorisations", {"token": PT, "status": "pending"}),
    ("find_account", {"token": PT, "text": "Marlinspike"}),
    ("upload_document", {"token": PT, "account_id": FOUND, "kind": "spectrum_licence",
                         "reference": "ZA-ICASA 2055/0771-L", "issued_on": "2055-11-25",
                         "satellite_id": "$authorisations.0.satellite_id"}),
    ("approve_authorisation", {"token": PT, "authorisation_id": "$authorisations.0.authorisation_id",
                               "licence_number": "ZA-ICASA 2055/0771-L"}),
    login("bettany"), ("invoices", {"token": BT, "account_id": FOUND, "status": "unpaid"}),
    ("record_payment", {"token": BT, "invoice_id": "$invoices.0.invoice_id", "amount": "$invoices.0.amount",
                        "method": "card"}),
    login("casimira"), ("stations", {}),
    ("predict_passes", {"token": CT, "satellite_id": "$authorisations.0.satellite_id",
                        "station_code": "$stations.3.0", "day": TOMORROW}),
    ("frequency_bands", {}),
    ("book_contact", {"token": CT, "pass_id": "$predict_passes.0.0", "purpose": "payload_download",
                      "band": "$frequency_bands.2.0"})]

# ---- Borealis: BOREALIS-4's key and command contact, BOREALIS-3's key rotated, tonight's command uplinked

BOREALIS4 = [
    login("lysandra"), ("satellites", {"token": LT}),
    ("install_uplink_key", {"token": LT, "satellite_id": "$satellites.1.satellite_id",
                            "fingerprint": "SHA256:4fTq8LmZ2xWc9RvB7nKp1YdH6sGj3UeA0oNi5QtXbVw"}),
    login("casimira"), ("stations", {}),
    ("predict_passes", {"token": CT, "satellite_id": "$satellites.1.satellite_id", "station_code": "$stations.0.0",
                        "day": TOMORROW}),
    ("frequency_bands", {}),
    ("book_contact", {"token": CT, "pass_id": "$predict_passes.2.0", "purpose": "command",
                      "band": "$frequency_bands.1.0"}),
    login("torvald"),
    ("confirm_contact", {"token": TT, "contact_id": "$book_contact.contact_id"}),
    ("uplink_commands", {"token": TT, "contact_id": "$book_contact.contact_id", "key_id": "$install_uplink_key.key_id",
                         "command_file": "B4-SAFEMODE-EXIT-0455.cmd"})]
ROTATION = [
    login("lysandra"), ("satellites", {"token": LT}),
    ("install_uplink_key", {"token": LT, "satellite_id": "$satellites.0.satellite_id",
                            "fingerprint": "SHA256:Ru2Wk7Hc9Pz3Lm5Qx8Vb1Nd4Tg6Js0Ye2Ao7Fi9Ek3C"}),
    login("torvald"), ("contacts", {"token": TT, "status": "confirmed"}),
    ("uplink_commands", {"token": TT, "contact_id": "$contacts.1.contact_id", "key_id": "$install_uplink_key.key_id",
                         "command_file": "B3-ORBIT-TRIM-0456.cmd"})]
TONIGHT = [login("torvald"), ("contacts", {"token": TT, "status": "confirmed"}), ("satellites", {"token": TT}),
           ("uplink_commands", {"token": TT, "contact_id": "$contacts.1.contact_id",
                                "key_id": "$satellites.0.uplink_key", "command_file": "B3-ORBIT-TRIM-0456.cmd"})]

# ---- Tewharau back from maintenance

TEWHARAU = [login("torvald"), ("stations", {}),
            ("record_calibration", {"token": TT, "station_code": "$stations.2.0", "g_over_t_db": 14.2,
                                    "eirp_dbw": 47.5}),
            ("set_station_status", {"token": TT, "station_code": "$stations.2.0", "status": "operational",
                                    "note": "Feed horn replaced and the station calibrated"}),
            ("contacts", {"token": TT, "status": "scheduled", "station_code": "$stations.2.0"}),
            ("confirm_contact", {"token": TT, "contact_id": "$contacts.0.contact_id"})]
TEWHARAU_BOOKING = cut(TEWHARAU, "set_station_status") + [
    login("casimira"), ("satellites", {"token": CT}),
    ("predict_passes", {"token": CT, "satellite_id": "$satellites.1.satellite_id", "station_code": "$stations.2.0",
                        "day": TOMORROW}),
    ("frequency_bands", {}),
    ("book_contact", {"token": CT, "pass_id": "$predict_passes.1.0", "purpose": "telemetry",
                      "band": "$frequency_bands.1.0"})]

# ---- Skarsvik's contacts: run, reported, delivered; endpoints verified; a cancellation; the schedule

AFTERNOON = [login("torvald"), ("contacts", {"token": TT, "status": "confirmed"}),
             ("run_contact", {"token": TT, "contact_id": "$contacts.0.contact_id", "downlinked_mb": 412.7,
                              "remarks": "Clean pass; telemetry nominal"}),
             ("contact_report", {"token": TT, "contact_id": "$contacts.0.contact_id"}),
             ("find_account", {"token": TT, "text": "Borealis"}),
             ("endpoints", {"token": TT, "account_id": FOUND}),
             ("deliver_data", {"token": TT, "contact_id": "$contacts.0.contact_id", "endpoint_id": "$endpoints.0.0"})]
MORNING = [login("torvald"), ("contacts", {"token": TT, "status": "executed"}),
           ("contact_report", {"token": TT, "contact_id": "$contacts.0.contact_id"}),
           ("find_account", {"token": TT, "text": "Borealis"}),
           ("endpoints", {"token": TT, "account_id": FOUND}),
           ("deliver_data", {"token": TT, "contact_id": "$contacts.0.contact_id", "endpoint_id": "$endpoints.0.0"})]
ARCHIVE = [login("torvald"), ("find_account", {"token": TT, "text": "Borealis"}),
           ("endpoints", {"token": TT, "account_id": FOUND}),
           ("verify_endpoint", {"token": TT, "endpoint_id": "$endpoints.1.0", "challenge": "$endpoints.1.4"}),
           ("contacts", {"token": TT, "status": "executed"}),
           ("deliver_data", {"token": TT, "contact_id": "$contacts.0.contact_id", "endpoint_id": "$endpoints.1.0"})]
NEW_ENDPOINT = [login("ravenna"), ("find_account", {"token": RT, "text": "Borealis"}),
                ("add_delivery_endpoint", {"token": RT, "account_id": FOUND,
                                           "url": "https://data.borealis-imaging.example/tgn", "protocol": "https"}),
                login("torvald"),
                ("verify_endpoint", {"token": TT, "endpoint_id": "$add_delivery_endpoint.endpoint_id",
                                     "challenge": "$add_delivery_endpoint.challenge"}),
                ("contacts", {"token": TT, "status": "executed"}),
                ("deliver_data", {"token": TT, "contact_id": "$contacts.0.contact_id",
                                  "endpoint_id": "$add_delivery_endpoint.endpoint_id"})]
SAFE_MODE = [login("casimira"), ("contacts", {"token": CT, "status": "scheduled"}),
             ("cancel_contact", {"token": CT, "contact_id": "$contacts.1.contact_id",
                                 "reason": "BOREALIS-4 is in safe mode"})]
SCHEDULE = [("stations", {}), login("casimira"),
            ("station_schedule", {"token": CT, "station_code": "$stations.0.0", "day": "2055-11-30"})]

_BODY = [
    ("open_account", "account_detail", THISTLEBY_DETAIL),
    ("find_account", "account_detail", KUIKKA_RECORD),
    ("open_account", "upload_document", cut(THISTLEBY, "statement")),
    ("find_account", "upload_document", cut(TINDRUM, "upload_document")),
    ("open_account", "screen_account", cut(THISTLEBY, "screen_account")),
    ("find_account", "screen_account", cut(TINDRUM, "screen_account")),
    ("open_account", "add_credit", cut(THISTLEBY, "add_credit")),
    ("find_account", "add_credit", TINDRUM_CREDIT),
    ("open_account", "register_satellite", cut(THISTLEBY, "register_satellite")),
    ("find_account", "register_satellite", TINDRUM),
    ("open_account", "add_delivery_endpoint", cut(THISTLEBY_ENDPOINT, "add_delivery_endpoint")),
    ("find_account", "add_delivery_endpoint", TINDRUM_ENDPOINT),
    ("find_account", "endpoints", cut(MORNING, "endpoints")),
    ("find_account", "invoices", cut(KUIKKA, "invoices")),
    ("find_account", "set_account_hold", cut(KUIKKA, "set_account_hold")),
    ("register_satellite", "satellite_detail", THISTLEBY_SATELLITE),
    ("satellites", "satellite_detail", KUIKKA_SATELLITE),
    ("register_satellite", "upload_tle", cut(THISTLEBY, "upload_tle")),
    ("satellites", "upload_tle", cut(KUIKKA, "upload_tle")),
    ("register_satellite", "file_authorisation", cut(THISTLEBY, "file_authorisation")),
    ("satellites", "file_authorisation", KUIKKA_CANADA),
    ("register_satellite", "install_uplink_key", THISTLEBY_KEY),
    ("satellites", "install_uplink_key", cut(BOREALIS4, "install_uplink_key")),
    ("register_satellite", "predict_passes", cut(THISTLEBY, "predict_passes")),
    ("satellites", "predict_passes", cut(KUIKKA, "predict_passes")),
    ("book_contact", "confirm_contact", THISTLEBY),
    ("contacts", "confirm_contact", TEWHARAU),
    ("book_contact", "cancel_contact", THISTLEBY_CANCELLED),
    ("contacts", "cancel_contact", SAFE_MODE),
    ("contacts", "run_contact", cut(AFTERNOON, "run_contact")),
    ("contacts", "deliver_data", MORNING),
    ("contacts", "contact_report", cut(MORNING, "contact_report")),
    ("contacts", "uplink_commands", TONIGHT),
    ("stations", "predict_passes", cut(MARLIN, "predict_passes")),
    ("stations", "set_station_status", cut(TEWHARAU, "set_station_status")),
    ("stations", "record_calibration", cut(TEWHARAU, "record_calibration")),
    ("stations", "station_schedule", SCHEDULE),
    ("stations", "file_authorisation", KUIKKA_CANADA),
    ("predict_passes", "book_contact", MARLIN),
    ("file_authorisation", "approve_authorisation", cut(THISTLEBY, "approve_authorisation")),
    ("authorisations", "approve_authorisation", cut(MARLIN, "approve_authorisation")),
    ("add_credit", "record_payment", cut(THISTLEBY, "record_payment")),
    ("invoices", "record_payment", cut(MARLIN, "record_payment")),
    ("add_delivery_endpoint", "verify_endpoint", THISTLEBY_ENDPOINT),
    ("endpoints", "verify_endpoint", cut(ARCHIVE, "verify_endpoint")),
    ("add_delivery_endpoint", "deliver_data", NEW_ENDPOINT),
    ("endpoints", "deliver_data", MORNING),
    ("install_uplink_key", "uplink_commands", ROTATION),
    ("frequency_bands", "file_authorisation", KUIKKA_CANADA),
    ("frequency_bands", "book_contact", MARLIN),
    ("upload_document", "screen_account", cut(TINDRUM, "screen_account")),
    ("upload_document", "approve_authorisation", cut(MARLIN, "approve_authorisation")),
    ("screen_account", "register_satellite", TINDRUM),
    ("screen_account", "add_credit", TINDRUM_CREDIT),
    ("screen_account", "add_delivery_endpoint", TINDRUM_ENDPOINT),
    ("verify_endpoint", "deliver_data", ARCHIVE),
    ("approve_authorisation", "book_contact", MARLIN),
    ("record_payment", "book_contact", MARLIN),
    ("record_payment", "set_account_hold", cut(KUIKKA, "set_account_hold")),
    ("install_uplink_key", "book_contact", cut(BOREALIS4, "book_contact")),
    ("set_station_status", "book_contact", TEWHARAU_BOOKING),
    ("set_station_status", "confirm_contact", TEWHARAU),
    ("set_account_hold", "book_contact", KUIKKA),
    ("upload_tle", "predict_passes", cut(KUIKKA, "predict_passes")),
    ("confirm_contact", "run_contact", cut(THISTLEBY, "confirm_contact") + [
        ("run_contact", {"token": TT, "contact_id": "$book_contact.contact_id", "downlinked_mb": 18.2})]),
    ("confirm_contact", "uplink_commands", BOREALIS4),
    ("run_contact", "deliver_data", AFTERNOON),
    ("run_contact", "contact_report", cut(AFTERNOON, "contact_report")),
    ("record_calibration", "set_station_status", cut(TEWHARAU, "set_station_status")),
]

_OWN = {"sign_out": [login("zsofia"), ("sign_out", {"token": ST})]}


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
    # the frequency bands read before Tindrum is screened
    ("frequency_bands", [("frequency_bands", {})] + cut(TINDRUM, "screen_account")),
    # Skarsvik's schedule read before Tindrum is screened
    ("station_schedule", SCHEDULE + cut(TINDRUM, "screen_account")),
    # a contact cancelled before Marlinspike's licence is filed and approved
    ("cancel_contact", SAFE_MODE + cut(MARLIN, "approve_authorisation")),
    # Kuikkasat's record read before Tewharau is calibrated and returned to operation
    ("account_detail", KUIKKA_RECORD + cut(TEWHARAU, "set_station_status")),
    # Tewharau calibrated before Kuikkasat's overdue invoice is paid
    ("record_calibration", cut(TEWHARAU, "record_calibration") + cut(KUIKKA, "record_payment")),
    # this afternoon's contact reported before BOREALIS-4's key is installed
    ("contact_report", cut(MORNING, "contact_report") + cut(BOREALIS4, "install_uplink_key")),
    # KUIKKA-1 filed for Canada before Tindrum registers its satellite
    ("file_authorisation", KUIKKA_CANADA + TINDRUM),
    # Borealis's archive endpoint verified before Marlinspike's invoice is paid
    ("verify_endpoint", cut(ARCHIVE, "verify_endpoint") + cut(MARLIN, "record_payment")),
]
