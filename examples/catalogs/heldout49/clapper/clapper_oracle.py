"""Scripted proofs that Clapper's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime, with the module's ``FAILURE`` passed as ``PythonRuntime(..., failure=FAILURE)``, since
the service answers a refusal as an AWS JSON-protocol error object; the replies are plain JSON, so the plain oracle
runs the proofs too, under the same ``FAILURE``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "ysmay")``) and pass ``"$ysmay.token"``; replies are read by field
(``"$open_application.application_id"``, ``"$register_production.production_id"``, ``"$consult.consultation_id"``,
``"$draft_resident_letter.letter_id"``, ``"$raise_invoice.invoice_id"``, ``"$log_complaint.complaint_id"``), list
entries by position and field (``"$find_production.0.production_id"``, ``"$find_location.0.location_id"``,
``"$applications.1.application_id"``, ``"$consultations.0.consultation_id"``, ``"$suspensions.0.suspension_id"``,
``"$invoices.0.invoice_id"``, ``"$permits.0.permit_id"``), rows by row and column (``"$fee_schedule.0.0"``,
``"$standard_conditions.3.0"``, ``"$location_detail.bays.0.0"`` with ``"$location_detail.bays.0.1"`` from the same
row, ``"$location_detail.streets.0.0"``, ``"$quote.lines.1.0"``). The positions follow the fresh state's order
(records by id, each list filtered as the call asks). Every id, code, bay and street is read from a reply; none is
written literally (titles, names, phone numbers, policies, operator and flyer ids, dates, times, activities,
hazards, comments, amounts and letters are written as the staff are told them).

The day: The Salt Ledger's market scene on Currier Street goes from a new application to a permit, and it clears a drone
over Penstock Bridge; The Small Hours files new insurance and its night shoot goes in; Brambling Fizz's street party is
cleared by highways and the police and approved; a new music video, Paper Moths, is registered and permitted on
Ropemakers' Green; Brick and Bone pays, leaves its parks deposit and gets its permit; The Salt Ledger's Penstock Bridge
shoot is quoted and invoiced and a bay cancelled; a complaint about Brick and Bone's last shoot is logged and resolved
and the green signed off.
"""

import clapper_tools as tools

WHO = {"ysmay": ("ysmay.q", "Clapper-Loader-42"), "godric": ("godric.o", "Cone-Taper-17"),
       "melisende": ("melisende.w", "Bandstand-Turf-63"), "cosimo": ("cosimo.g", "Ledger-Float-29"),
       "zenobia": ("zenobia.r", "Wrap-Party-85")}
YT, GT, MT, CT, ZT = "$ysmay.token", "$godric.token", "$melisende.token", "$cosimo.token", "$zenobia.token"
PROD = "$find_production.0.production_id"
LOC = "$find_location.0.location_id"
APP = "$open_application.application_id"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- The Salt Ledger on Currier Street: from a new application to a permit

SALT = [login("ysmay"), ("find_production", {"token": YT, "title": "Salt Ledger"}),
        ("find_location", {"token": YT, "text": "Currier"}),
        ("open_application", {"token": YT, "production_id": PROD, "location_id": LOC, "crew_size": 45, "vehicles": 6,
                              "description": "A Victorian market scene with a horse and cart"}),
        ("add_shoot_day", {"token": YT, "application_id": APP, "date": "2053-10-22", "start": "07:30", "end": "19:00",
                           "activities": ["dialogue", "crowd", "action_vehicle"]}),
        ("attach_risk_assessment", {"token": YT, "application_id": APP, "author": "Ambrosine Delacour",
                                    "hazards": ["a horse and cart among the public", "wet cobbles"],
                                    "controls": "Horse master on set; sand on the cobbles; stewards at each end"}),
        ("submit_application", {"token": YT, "application_id": APP}),
        ("consult", {"token": YT, "application_id": APP, "team": "highways"}),
        login("godric"),
        ("respond_to_consultation", {"token": GT, "consultation_id": "$consult.consultation_id",
                                     "response": "conditions",
                                     "comments": "Stewards at both ends; traffic held three minutes at most"}),
        ("standard_conditions", {}),
        ("approve_application", {"token": YT, "application_id": APP,
                                 "conditions": ["$standard_conditions.1.0", "$standard_conditions.4.0"]}),
        ("location_detail", {"token": YT, "location_id": LOC}),
        ("request_parking_suspension", {"token": GT, "application_id": APP, "bay_ref": "$location_detail.bays.0.0",
                                        "street": "$location_detail.bays.0.1", "date": "2053-10-22"}),
        ("draft_resident_letter", {"token": YT, "application_id": APP,
                                   "streets": ["$location_detail.streets.0.0", "$location_detail.streets.1.0"],
                                   "body": "The Salt Ledger will film a market scene on Wednesday 22 October from "
                                           "07:30; the street stays open to residents on foot"}),
        ("send_resident_letter", {"token": YT, "letter_id": "$draft_resident_letter.letter_id"}),
        ("fee_schedule", {}),
        ("raise_invoice", {"token": YT, "application_id": APP,
                           "fee_codes": ["$fee_schedule.0.0", "$fee_schedule.3.0", "$fee_schedule.4.0"],
                           "quantities": [1, 1, 60]}),
        login("cosimo"),
        ("record_payment", {"token": CT, "invoice_id": "$raise_invoice.invoice_id", "amount": "$raise_invoice.amount",
                            "method": "card"}),
        ("issue_permit", {"token": YT, "application_id": APP})]
SALT_SUSPENSIONS = cut(SALT, "request_parking_suspension") + [("suspensions", {"token": GT, "application_id": APP})]
SALT_CANCEL = cut(SALT, "request_parking_suspension") + [
    ("cancel_parking_suspension", {"token": GT, "suspension_id": "$request_parking_suspension.suspension_id",
                                   "reason": "The horse box will park in the brewery yard instead"})]
SALT_QUOTE = cut(SALT, "submit_application") + [("quote", {"token": YT, "application_id": APP})]
SALT_REFUSED = cut(SALT, "submit_application") + [
    ("refuse_application", {"token": YT, "application_id": APP,
                            "reason": "The market clashes with the Cordwainers' Quarter resurfacing"})]
SALT_REMOVE = cut(SALT, "add_shoot_day") + [
    ("remove_shoot_day", {"token": YT, "application_id": APP, "date": "2053-10-22"})]
SALT_NIGHT = cut(SALT, "open_application") + [
    ("set_night_filming", {"token": YT, "application_id": APP, "enabled": True})]

# ---- The Salt Ledger's drone over Penstock Bridge

DRONE = [login("ysmay"), ("find_production", {"token": YT, "title": "Salt Ledger"}),
         ("verify_drone_operator", {"token": YT, "production_id": PROD, "operator_id": "GBR-OP-7QX2M4K9T1LD",
                                    "pilot": "Viveka Gaskin", "flyer_id": "GBR-RP-3HW8N2C6V5PZ"}),
         ("find_location", {"token": YT, "text": "Penstock"}),
         ("open_application", {"token": YT, "production_id": PROD, "location_id": LOC, "crew_size": 12, "vehicles": 2,
                               "description": "Aerial establishing shots of the penstock at dawn"}),
         ("add_shoot_day", {"token": YT, "application_id": APP, "date": "2053-10-24", "start": "07:00", "end": "10:00",
                            "activities": ["drone"]})]

# ---- The Small Hours: new insurance and a night shoot on Currier Street (APP-3288, the only draft)

NIGHT = [login("ysmay"), ("find_production", {"token": YT, "title": "The Small Hours"}),
         ("upload_insurance", {"token": YT, "production_id": PROD, "insurer": "Portcullis Mutual",
                               "policy_number": "CM-FP-553019", "cover": 5000000.0, "expires": "2054-09-30"}),
         ("applications", {"token": YT, "status": "draft"}),
         ("set_night_filming", {"token": YT, "application_id": "$applications.0.application_id", "enabled": True}),
         ("add_shoot_day", {"token": YT, "application_id": "$applications.0.application_id", "date": "2053-10-21",
                            "start": "21:00", "end": "04:00", "activities": ["dialogue", "action_vehicle"]}),
         ("attach_risk_assessment", {"token": YT, "application_id": "$applications.0.application_id",
                                     "author": "Emeric Quennock",
                                     "hazards": ["working in the street at night", "a moving picture car"],
                                     "controls": "Lighting towers, road marshals and a closed set after midnight"}),
         ("submit_application", {"token": YT, "application_id": "$applications.0.application_id"}),
         ("consult", {"token": YT, "application_id": "$applications.0.application_id",
                      "team": "environmental_health"})]
DRAFT_REMOVE = [login("ysmay"), ("applications", {"token": YT, "status": "draft"}),
                ("add_shoot_day", {"token": YT, "application_id": "$applications.0.application_id",
                                   "date": "2053-10-28", "start": "09:00", "end": "17:00", "activities": ["dialogue"]}),
                ("remove_shoot_day", {"token": YT, "application_id": "$applications.0.application_id",
                                      "date": "2053-10-28"})]

# ---- Brambling Fizz on Saltmarket Square (APP-3290, the only submitted application)

BRAMBLING = [login("godric"), ("consultations", {"token": GT, "team": "highways"}),
           ("respond_to_consultation", {"token": GT, "consultation_id": "$consultations.0.consultation_id",
                                        "response": "no_objection",
                                        "comments": "Saltmarket can be closed from 07:00 to 16:30"}),
           login("ysmay"), ("applications", {"token": YT, "status": "submitted"}),
           ("notify_police", {"token": YT, "application_id": "$applications.0.application_id",
                              "officer": "PS Quirin Nwankwo",
                              "details": "Confetti cannons and a smoke machine from 10:00 to 15:00"}),
           ("standard_conditions", {}),
           ("approve_application", {"token": YT, "application_id": "$applications.0.application_id",
                                    "conditions": ["$standard_conditions.0.0", "$standard_conditions.2.0"]})]
BRAMBLING_REFUSED = [login("ysmay"), ("applications", {"token": YT, "status": "submitted"}),
                   ("refuse_application", {"token": YT, "application_id": "$applications.0.application_id",
                                           "reason": "Saltmarket Square is needed for the lantern parade"})]
ARMED = [login("ysmay"), ("find_production", {"token": YT, "title": "Brambling"}),
         ("find_location", {"token": YT, "text": "Library"}),
         ("open_application", {"token": YT, "production_id": PROD, "location_id": LOC, "crew_size": 25, "vehicles": 3,
                               "description": "A heist in the reading room for a soft drink"}),
         ("add_shoot_day", {"token": YT, "application_id": APP, "date": "2053-10-29", "start": "08:00", "end": "18:00",
                            "activities": ["weapons", "stunts"]}),
         ("notify_police", {"token": YT, "application_id": APP, "officer": "PS Quirin Nwankwo",
                            "details": "Two blank-firing pistols with a licensed armourer"})]

# ---- Paper Moths, a new music video on Ropemakers' Green

MOTHS = [login("ysmay"),
            ("register_production", {"token": YT, "title": "Paper Moths", "company": "Tenpenny Records",
                                     "kind": "music_video", "contact_name": "Odessa Tregoning", "phone": "07700 900774",
                                     "email": "odessa@tenpenny.example"}),
            ("upload_insurance", {"token": YT, "production_id": "$register_production.production_id",
                                  "insurer": "Gunwale Underwriting", "policy_number": "HU-55-781204",
                                  "cover": 5000000.0, "expires": "2054-10-31"}),
            ("find_location", {"token": YT, "text": "Ropemakers"}),
            ("open_application", {"token": YT, "production_id": "$register_production.production_id",
                                  "location_id": LOC, "crew_size": 30, "vehicles": 4,
                                  "description": "A lantern-lit band performance on the green"}),
            ("add_shoot_day", {"token": YT, "application_id": APP, "date": "2053-10-24", "start": "14:00",
                               "end": "22:30", "activities": ["crowd"]}),
            ("attach_risk_assessment", {"token": YT, "application_id": APP, "author": "Odessa Tregoning",
                                        "hazards": ["lanterns near dry grass", "extras on uneven ground"],
                                        "controls": "LED lanterns only; stewards; marked walkways"}),
            ("submit_application", {"token": YT, "application_id": APP}),
            ("consult", {"token": YT, "application_id": APP, "team": "parks"}),
            login("melisende"),
            ("respond_to_consultation", {"token": MT, "consultation_id": "$consult.consultation_id",
                                         "response": "conditions",
                                         "comments": "Vehicles stay off the grass; any ruts reinstated"}),
            ("standard_conditions", {}),
            ("approve_application", {"token": YT, "application_id": APP,
                                     "conditions": ["$standard_conditions.0.0", "$standard_conditions.3.0"]}),
            ("location_detail", {"token": YT, "location_id": LOC}),
            ("draft_resident_letter", {"token": YT, "application_id": APP,
                                       "streets": ["$location_detail.streets.0.0"],
                                       "body": "A band will play on Ropemakers' Green on Friday 24 October until "
                                               "22:30"}),
            ("send_resident_letter", {"token": YT, "letter_id": "$draft_resident_letter.letter_id"}),
            ("take_deposit", {"token": YT, "application_id": APP, "amount": 1000.0, "method": "card"}),
            ("fee_schedule", {}),
            ("raise_invoice", {"token": YT, "application_id": APP,
                               "fee_codes": ["$fee_schedule.1.0", "$fee_schedule.4.0"], "quantities": [1, 17]}),
            login("cosimo"),
            ("record_payment", {"token": CT, "invoice_id": "$raise_invoice.invoice_id",
                                "amount": "$raise_invoice.amount", "method": "bacs", "reference": "TENPENNY-PL"}),
            ("issue_permit", {"token": YT, "application_id": APP})]
MOTHS_FILE = cut(MOTHS, "register_production") + [
    ("production_file", {"token": YT, "production_id": "$register_production.production_id"})]
MOTHS_DRONE = cut(MOTHS, "register_production") + [
    ("verify_drone_operator", {"token": YT, "production_id": "$register_production.production_id",
                               "operator_id": "GBR-OP-2KD9W4PX7NQS", "pilot": "Odessa Tregoning",
                               "flyer_id": "GBR-RP-8TB3M6HZ1CVE"})]

# ---- Brick and Bone on Ropemakers' Green (APP-3286 approved; INV-7702 unpaid, the only unpaid invoice)

GREEN = [login("cosimo"), ("invoices", {"token": CT, "status": "unpaid"}),
         ("record_payment", {"token": CT, "invoice_id": "$invoices.0.invoice_id", "amount": "$invoices.0.balance",
                             "method": "bacs", "reference": "PLINTH-7702"}),
         login("ysmay"), ("applications", {"token": YT, "status": "approved"}),
         ("take_deposit", {"token": YT, "application_id": "$applications.0.application_id", "amount": 1000.0,
                           "method": "cheque"}),
         ("issue_permit", {"token": YT, "application_id": "$applications.0.application_id"})]
BRICK_FILE = [login("ysmay"), ("find_production", {"token": YT, "title": "Brick"}),
              ("production_file", {"token": YT, "production_id": PROD})]

# ---- The Salt Ledger on Penstock Bridge (APP-3295, the second approved application)

PENSTOCK = [login("ysmay"), ("applications", {"token": YT, "status": "approved"}),
        ("quote", {"token": YT, "application_id": "$applications.1.application_id"}),
        ("raise_invoice", {"token": YT, "application_id": "$applications.1.application_id",
                           "fee_codes": ["$quote.lines.0.0", "$quote.lines.1.0"],
                           "quantities": ["$quote.lines.0.2", "$quote.lines.1.2"]})]
PENSTOCK_LETTER = [login("ysmay"), ("applications", {"token": YT, "status": "approved"}),
               ("location_detail", {"token": YT, "location_id": "$applications.1.location_id"}),
               ("draft_resident_letter", {"token": YT, "application_id": "$applications.1.application_id",
                                          "streets": ["$location_detail.streets.0.0"],
                                          "body": "A crowd scene on Penstock Bridge on Monday 20 October"})]
PENSTOCK_BAY = PENSTOCK_LETTER[:3] + [
    login("godric"),
    ("request_parking_suspension", {"token": GT, "application_id": "$applications.1.application_id",
                                    "bay_ref": "$location_detail.bays.1.0", "street": "$location_detail.bays.1.1",
                                    "date": "2053-10-20"})]
PENSTOCK_CANCEL = [login("ysmay"), ("applications", {"token": YT, "status": "approved"}),
               ("suspensions", {"token": YT, "application_id": "$applications.1.application_id"}),
               login("godric"),
               ("cancel_parking_suspension", {"token": GT, "suspension_id": "$suspensions.0.suspension_id",
                                              "reason": "The unit base moves to the Penstock Road car park"})]
SALTMARKET = [login("ysmay"), ("find_location", {"token": YT, "text": "Saltmarket"}),
              ("location_detail", {"token": YT, "location_id": LOC})]

# ---- after Brick and Bone's shoot (FP-0141, shot on 12 and 13 October)

COMPLAINT = [login("ysmay"), ("permits", {"token": YT, "date": "2053-10-13"}),
             ("log_complaint", {"token": YT, "permit_id": "$permits.0.permit_id", "complainant": "Hortensia Pennycuick",
                                "address": "3 Hempen Terrace, Caldmoor",
                                "details": "A generator ran outside my window from half past six"}),
             ("resolve_complaint", {"token": YT, "complaint_id": "$log_complaint.complaint_id",
                                    "action": "Spoke to the location manager; generators now kept by the river",
                                    "upheld": True})]
SIGN_OFF = [login("melisende"), ("permits", {"token": MT, "date": "2053-10-12"}),
            ("sign_off_location", {"token": MT, "permit_id": "$permits.0.permit_id", "reinstated": True,
                                   "notes": "Grass and paths as they were before the shoot"})]

_BODY = [
    # productions, locations, applications
    ("find_production", "production_file", BRICK_FILE),
    ("register_production", "production_file", MOTHS_FILE),
    ("find_production", "upload_insurance", cut(NIGHT, "upload_insurance")),
    ("register_production", "upload_insurance", cut(MOTHS, "upload_insurance")),
    ("find_production", "verify_drone_operator", cut(DRONE, "verify_drone_operator")),
    ("register_production", "verify_drone_operator", MOTHS_DRONE),
    ("find_production", "open_application", cut(SALT, "open_application")),
    ("register_production", "open_application", cut(MOTHS, "open_application")),
    ("find_location", "location_detail", SALTMARKET),
    ("find_location", "open_application", cut(SALT, "open_application")),
    ("open_application", "set_night_filming", SALT_NIGHT),
    ("applications", "set_night_filming", cut(NIGHT, "set_night_filming")),
    ("open_application", "add_shoot_day", cut(SALT, "add_shoot_day")),
    ("applications", "add_shoot_day", cut(NIGHT, "add_shoot_day")),
    ("open_application", "remove_shoot_day", SALT_REMOVE),
    ("applications", "remove_shoot_day", DRAFT_REMOVE),
    ("open_application", "attach_risk_assessment", cut(SALT, "attach_risk_assessment")),
    ("applications", "attach_risk_assessment", cut(NIGHT, "attach_risk_assessment")),
    ("open_application", "submit_application", cut(SALT, "submit_application")),
    ("applications", "submit_application", cut(NIGHT, "submit_application")),
    ("open_application", "refuse_application", SALT_REFUSED),
    ("applications", "refuse_application", BRAMBLING_REFUSED),
    ("open_application", "consult", cut(SALT, "consult")),
    ("applications", "consult", NIGHT),
    ("open_application", "notify_police", ARMED),
    ("applications", "notify_police", cut(BRAMBLING, "notify_police")),
    ("open_application", "approve_application", cut(SALT, "approve_application")),
    ("applications", "approve_application", BRAMBLING),
    ("open_application", "draft_resident_letter", cut(SALT, "draft_resident_letter")),
    ("applications", "draft_resident_letter", PENSTOCK_LETTER),
    ("open_application", "request_parking_suspension", cut(SALT, "request_parking_suspension")),
    ("applications", "request_parking_suspension", PENSTOCK_BAY),
    ("open_application", "suspensions", SALT_SUSPENSIONS),
    ("applications", "suspensions", cut(PENSTOCK_CANCEL, "suspensions")),
    ("open_application", "quote", SALT_QUOTE),
    ("applications", "quote", cut(PENSTOCK, "quote")),
    ("open_application", "raise_invoice", cut(SALT, "raise_invoice")),
    ("applications", "raise_invoice", PENSTOCK),
    ("open_application", "take_deposit", cut(MOTHS, "take_deposit")),
    ("applications", "take_deposit", cut(GREEN, "take_deposit")),
    ("open_application", "issue_permit", SALT),
    ("applications", "issue_permit", GREEN),
    ("permits", "log_complaint", cut(COMPLAINT, "log_complaint")),
    ("permits", "sign_off_location", SIGN_OFF),
    # consultations, letters, suspensions, invoices, complaints, bays
    ("consult", "respond_to_consultation", cut(SALT, "respond_to_consultation")),
    ("consultations", "respond_to_consultation", cut(BRAMBLING, "respond_to_consultation")),
    ("draft_resident_letter", "send_resident_letter", cut(SALT, "send_resident_letter")),
    ("request_parking_suspension", "cancel_parking_suspension", SALT_CANCEL),
    ("suspensions", "cancel_parking_suspension", PENSTOCK_CANCEL),
    ("raise_invoice", "record_payment", cut(SALT, "record_payment")),
    ("invoices", "record_payment", cut(GREEN, "record_payment")),
    ("log_complaint", "resolve_complaint", COMPLAINT),
    ("location_detail", "request_parking_suspension", cut(SALT, "request_parking_suspension")),
    # vocabularies
    ("fee_schedule", "raise_invoice", cut(SALT, "raise_invoice")),
    ("quote", "raise_invoice", PENSTOCK),
    ("standard_conditions", "approve_application", cut(SALT, "approve_application")),
    ("location_detail", "draft_resident_letter", cut(MOTHS, "draft_resident_letter")),
    # documents, vetting, the setting
    ("upload_insurance", "submit_application", cut(NIGHT, "submit_application")),
    ("attach_risk_assessment", "submit_application", cut(MOTHS, "submit_application")),
    ("verify_drone_operator", "add_shoot_day", DRONE),
    ("respond_to_consultation", "approve_application", cut(MOTHS, "approve_application")),
    ("set_night_filming", "add_shoot_day", cut(NIGHT, "add_shoot_day")),
    # states and payments
    ("add_shoot_day", "submit_application", cut(SALT, "submit_application")),
    ("submit_application", "consult", cut(MOTHS, "consult")),
    ("consult", "approve_application", cut(SALT, "approve_application")),
    ("notify_police", "approve_application", BRAMBLING),
    ("approve_application", "request_parking_suspension", cut(SALT, "request_parking_suspension")),
    ("approve_application", "send_resident_letter", cut(MOTHS, "send_resident_letter")),
    ("approve_application", "raise_invoice", cut(MOTHS, "raise_invoice")),
    ("send_resident_letter", "issue_permit", SALT),
    ("record_payment", "issue_permit", GREEN),
    ("take_deposit", "issue_permit", MOTHS),
]

_OWN = {"sign_out": [login("zenobia"), ("sign_out", {"token": ZT})]}


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
    # the fee schedule read before Brambling Fizz is approved
    ("fee_schedule", [("fee_schedule", {})] + BRAMBLING),
    # the green signed off before Brick and Bone's deposit is taken
    ("sign_off_location", SIGN_OFF + cut(GREEN, "take_deposit")),
    # a complaint about Brick and Bone logged before The Small Hours is submitted
    ("log_complaint", cut(COMPLAINT, "log_complaint") + cut(NIGHT, "submit_application")),
    # The Salt Ledger's drone verified before its Currier Street application is approved
    ("verify_drone_operator", cut(DRONE, "verify_drone_operator") + cut(SALT, "approve_application")[1:]),
    # a Penstock Bridge bay cancelled before Brick and Bone's permit is issued
    ("cancel_parking_suspension", PENSTOCK_CANCEL + GREEN),
    # Brambling Fizz refused before The Salt Ledger's Penstock Bridge shoot is invoiced
    ("refuse_application", BRAMBLING_REFUSED + PENSTOCK),
    # The Small Hours' new insurance filed before Ropemakers' Green is signed off
    ("upload_insurance", cut(NIGHT, "upload_insurance") + SIGN_OFF),
    # the standard conditions read before Paper Moths is registered and insured
    ("standard_conditions", [("standard_conditions", {})] + cut(MOTHS, "upload_insurance")),
]
