"""Scripted proofs that Gimbal's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py,
through the package's runtime, which records the built-in exceptions the tools raise as errors; the tools are
coroutines returning dataclasses, which the runtime awaits and converts, so the plain oracle has nothing to run them
on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "hannah")``) and pass ``"$hannah.token"``; replies are read by field
(``"$register_client.client_id"``, ``"$add_site.site_id"``, ``"$quote_survey.quote_id"``, ``"$plan_flight.plan_id"``,
``"$request_permission.permission_id"``, ``"$airspace_check.aerodrome_code"``, ``"$log_flight.flight_id"``,
``"$upload_data.dataset_id"``, ``"$process_dataset.run_id"``, ``"$publish_deliverable.deliverable_id"``,
``"$priya.pilot_id"``), a bare reply whole (``"$accept_quote"``, the new job's id) and list entries by position and
field (``"$find_client.0.client_id"``, ``"$sites.0.site_id"``, ``"$survey_products.1.code"``, ``"$jobs.2.job_id"``,
``"$pilots.1.pilot_id"``, ``"$drones.1.drone_id"``, ``"$flight_plans.0.plan_id"``, ``"$permissions.0.permission_id"``,
``"$deliverables.0.deliverable_id"``), rows of lists by position (``"$job_file.flights.1.0"``,
``"$job_file.datasets.0.0"``). The positions follow the fresh state's order of records by id (filtered as each call
asks) and of ``PRODUCTS``. Every id and code is read from a reply; none is written literally (names, positions,
areas, dates, heights, times, image counts, hazards, the aerodrome's reference and conditions, certificates, the
occurrence's kind and the reasons are written as the staff are told them). A step saved under a name of its own is
a second call of a tool on one path.

The day: the Lunesdale Heritage Trust becomes a client; Hannah adds Greystone Tithe Barn, quotes a 3D model and
opens the job when the quote is accepted; Sam plans the flight with himself and the mapping drone and submits the
risk assessment; Owen checks the airspace, asks Harrowby Airport for permission, records it granted and approves the
plan; Sam flies it and uploads the images; Ellis processes them, passes the quality check and publishes the model;
the trust signs it off and Hannah invoices the job (on other paths the trust's e-mail changes, it is written to, the
job's file is read, the job is cancelled, the plan is cancelled or a bird strike is reported). Priya gains her
thermography certificate and the thermal drone is returned to service, so the solar farm's thermal survey is
planned; Priya assesses the second Harrowby Park plan and Owen asks the airport about it, then cancels it; the town
hall roof's permission is granted and its plan approved, and Priya flies it; Sam flies Kellet Quarry and uploads
it; the second Harrowby Park flight's images are uploaded (or a bird strike on it reported), and the first
flight's are processed; the council signs off the car park orthomosaic and is invoiced; Harrowby Borough Council's
phone changes, it is written to, the market hall is added as a site and the town hall roof quoted; the solar farm
job is cancelled; the small mapping drone is grounded.
"""

import gimbal_tools as tools

WHO = {"hannah": ("hannah.l", "Ortho-Mosaic-5"), "owen": ("owen.d", "Restriction-Zone-4k"),
       "priya": ("priya.m", "Gimbal-Lock-77"), "sam": ("sam.r", "Return-To-Home-3"),
       "ellis": ("ellis.f", "Point-Cloud-88"), "graham": ("graham.t", "Fellside-2019")}
H, O, P, S, E, G = "$hannah.token", "$owen.token", "$priya.token", "$sam.token", "$ellis.token", "$graham.token"
TODAY = "2032-09-14"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def product(code: str) -> str:
    return f"$survey_products.{list(tools.PRODUCTS).index(code)}.code"


CID = "$register_client.client_id"
FOUND = "$find_client.0.client_id"
JOB = "$accept_quote"
PLAN = "$plan_flight.plan_id"

# the Lunesdale Heritage Trust's barn, from the first call to the invoice
LUNE = [sign_in("hannah"),
        ("register_client", {"token": H, "name": "Lunesdale Heritage Trust", "contact": "Ms Freya Holt",
                             "email": "freya.holt@lunesdaleheritage.example", "phone": "01632 962250"})]
LUNE_JOB = LUNE + [
    ("add_site", {"token": H, "client_id": CID, "name": "Greystone Tithe Barn", "latitude": 54.135, "longitude": -2.79,
                  "area_ha": 0.6, "congested": False}),
    ("survey_products", {}),
    ("quote_survey", {"token": H, "client_id": CID, "site_id": "$add_site.site_id",
                      "product_code": product("MODEL3D")}),
    ("accept_quote", {"token": H, "quote_id": "$quote_survey.quote_id", "purchase_order": "LHT-0412"})]
LUNE_PLAN = LUNE_JOB + [
    sign_in("sam"), ("pilots", {"token": S}), ("drones", {"token": S}),
    ("plan_flight", {"token": S, "job_id": JOB, "date": TODAY, "pilot_id": "$pilots.2.pilot_id",
                     "drone_id": "$drones.0.drone_id", "max_height_m": 60})]
LUNE_ALL = LUNE_PLAN + [
    ("submit_risk_assessment", {"token": S, "plan_id": PLAN,
                                "hazards": ["sheep in the field", "footpath past the barn"],
                                "mitigations": "The farmer moves the sheep; a spotter stands on the footpath"}),
    sign_in("owen"), ("airspace_check", {"latitude": 54.135, "longitude": -2.79}),
    ("request_permission", {"token": O, "plan_id": PLAN, "aerodrome_code": "$airspace_check.aerodrome_code"}),
    ("record_permission", {"token": O, "permission_id": "$request_permission.permission_id", "decision": "granted",
                           "reference": "EGHB/UAS/2032/0944",
                           "conditions": "Below 60 m; call the tower before launch"}),
    ("approve_flight_plan", {"token": O, "plan_id": PLAN}),
    ("log_flight", {"token": S, "plan_id": PLAN, "takeoff": "11:10", "landing": "11:38",
                    "notes": "Two orbits and a nadir grid"}),
    ("upload_data", {"token": S, "flight_id": "$log_flight.flight_id", "images": 840, "gigabytes": 21.5}),
    sign_in("ellis"),
    ("process_dataset", {"token": E, "dataset_ids": ["$upload_data.dataset_id"], "product_code": product("MODEL3D")}),
    ("quality_check", {"token": E, "run_id": "$process_dataset.run_id", "passed": True, "gsd_cm": 1.2,
                       "notes": "Mesh is clean; the texture is good on all four elevations"}),
    ("publish_deliverable", {"token": E, "run_id": "$process_dataset.run_id",
                             "title": "Greystone Tithe Barn 3D model"}),
    ("client_sign_off", {"token": H, "deliverable_id": "$publish_deliverable.deliverable_id",
                         "signed_by": "Ms Freya Holt"}),
    ("invoice_job", {"token": H, "job_id": JOB})]
LUNE_EMAIL = LUNE + [("update_client", {"token": H, "client_id": CID, "email": "office@lunesdaleheritage.example"})]
LUNE_WELCOME = LUNE + [("message_client", {"token": H, "client_id": CID, "subject": "Greystone Tithe Barn",
                                           "body": "Thank you; we will send the quote for the 3D model today."})]
LUNE_FILE = LUNE_JOB + [("job_file", {"token": H, "job_id": JOB})]
LUNE_CANCEL = LUNE_JOB + [("cancel_job", {"token": H, "job_id": JOB,
                                          "reason": "The trust's roof grant has been withdrawn"})]
LUNE_PLAN_OFF = LUNE_PLAN + [("cancel_flight_plan", {"token": S, "plan_id": PLAN,
                                                     "reason": "The farmer cannot move the sheep today"})]
LUNE_BIRD = cut(LUNE_ALL, "log_flight") + [
    ("report_occurrence", {"token": S, "flight_id": "$log_flight.flight_id", "kind": "bird_strike",
                           "description": "A jackdaw struck the drone near the barn's gable; no damage found"})]

# Harrowby Borough Council and the jobs already on the books
COUNCIL = [sign_in("hannah"), ("find_client", {"token": H, "text": "Harrowby Borough"})]
COUNCIL_PHONE = COUNCIL + [("update_client", {"token": H, "client_id": FOUND, "phone": "01632 962299"})]
COUNCIL_NOTE = COUNCIL + [("message_client", {"token": H, "client_id": FOUND, "subject": "Town hall roof",
                                              "body": "We fly the town hall roof this morning from 07:45."})]
COUNCIL_SITE = COUNCIL + [("add_site", {"token": H, "client_id": FOUND, "name": "Harrowby Market Hall",
                                        "latitude": 54.117, "longitude": -2.79, "area_ha": 0.3, "congested": True})]
COUNCIL_QUOTE = COUNCIL + [("sites", {"token": H, "client_id": FOUND}), ("survey_products", {}),
                           ("quote_survey", {"token": H, "client_id": FOUND, "site_id": "$sites.0.site_id",
                                             "product_code": product("THERMAL")})]
PARK_FILE = [sign_in("ellis"), ("jobs", {"token": E, "status": "flying"}),
             ("job_file", {"token": E, "job_id": "$jobs.0.job_id"})]
PARK_UPLOAD = PARK_FILE + [("upload_data", {"token": E, "flight_id": "$job_file.flights.1.0", "images": 610,
                                            "gigabytes": 14.1})]
PARK_PROCESS = [sign_in("ellis"), ("survey_products", {}), ("jobs", {"token": E, "status": "flying"}),
                ("job_file", {"token": E, "job_id": "$jobs.0.job_id"}),
                ("process_dataset", {"token": E, "dataset_ids": ["$job_file.datasets.0.0"],
                                     "product_code": product("ORTHO")})]
PARK_BIRD = [sign_in("priya"), ("jobs", {"token": P, "status": "flying"}),
             ("job_file", {"token": P, "job_id": "$jobs.0.job_id"}),
             ("report_occurrence", {"token": P, "flight_id": "$job_file.flights.1.0", "kind": "bird_strike",
                                    "description": "A gull hit a propeller on the second flight; no damage found"})]
SOLAR_CANCEL = [sign_in("hannah"), ("jobs", {"token": H, "status": "accepted"}),
                ("cancel_job", {"token": H, "job_id": "$jobs.2.job_id",
                                "reason": "Brackenbeck want the thermal survey in the spring instead"})]
SOLAR_THERMAL = [
    sign_in("owen"), ("pilots", {"token": O}),
    ("record_certificate", {"token": O, "pilot_id": "$pilots.1.pilot_id", "certificate": "thermography",
                            "expires": "2034-09-30"}),
    ("drones", {"token": O}),
    ("log_maintenance", {"token": O, "drone_id": "$drones.1.drone_id", "work": "Gimbal recalibrated on all axes",
                         "parts": ["gimbal damper"]}),
    ("jobs", {"token": O, "status": "accepted"}),
    ("plan_flight", {"token": O, "job_id": "$jobs.2.job_id", "date": TODAY, "pilot_id": "$pilots.1.pilot_id",
                     "drone_id": "$drones.1.drone_id", "max_height_m": 80})]
CAR_PARK = [sign_in("hannah"), ("deliverables", {"token": H, "status": "published"}),
            ("client_sign_off", {"token": H, "deliverable_id": "$deliverables.0.deliverable_id",
                                 "signed_by": "Mr Dev Sharma", "comments": "Just what the car park review needed"}),
            ("jobs", {"token": H, "status": "signed_off"}),
            ("invoice_job", {"token": H, "job_id": "$jobs.0.job_id"})]
PARK_SECOND = [sign_in("priya"),
               ("flight_plans", {"token": P, "pilot_id": "$priya.pilot_id", "status": "draft"}),
               ("submit_risk_assessment", {"token": P, "plan_id": "$flight_plans.0.plan_id",
                                           "hazards": ["dog walkers", "the bandstand", "trees on the east side"],
                                           "mitigations": "Fly from 07:00 with two spotters; 30 m from the trees"}),
               sign_in("owen"), ("airspace_check", {"latitude": 54.125, "longitude": -2.82}),
               ("request_permission", {"token": O, "plan_id": "$flight_plans.0.plan_id",
                                       "aerodrome_code": "$airspace_check.aerodrome_code"})]
PARK_CALLED_OFF = [sign_in("owen"), ("flight_plans", {"token": O, "status": "draft"}),
                   ("cancel_flight_plan", {"token": O, "plan_id": "$flight_plans.0.plan_id",
                                           "reason": "Gusts of 30 knots forecast for tomorrow"})]
TOWN_HALL = [sign_in("owen"), ("permissions", {"token": O, "status": "requested"}),
             ("record_permission", {"token": O, "permission_id": "$permissions.0.permission_id", "decision": "granted",
                                    "reference": "EGHB/UAS/2032/0931", "conditions": "Below 60 m; call the tower"}),
             ("flight_plans", {"token": O, "status": "assessed"}),
             ("approve_flight_plan", {"token": O, "plan_id": "$flight_plans.0.plan_id"}),
             sign_in("priya"),
             ("log_flight", {"token": P, "plan_id": "$flight_plans.0.plan_id", "takeoff": "07:45", "landing": "08:05",
                             "notes": "Roof and parapets; the square was quiet"})]
QUARRY = [sign_in("sam"), ("flight_plans", {"token": S, "date": TODAY, "pilot_id": "$sam.pilot_id"}),
          ("log_flight", {"token": S, "plan_id": "$flight_plans.0.plan_id", "takeoff": "08:30", "landing": "09:02",
                          "notes": "Three stockpiles; the loaders were stopped"}),
          ("upload_data", {"token": S, "flight_id": "$log_flight.flight_id", "images": 520, "gigabytes": 12.4})]
KELLET_AGAIN = [sign_in("hannah"), ("find_client", {"token": H, "text": "Kellet"}),
                ("quotes", {"token": H, "client_id": FOUND, "status": "issued"}),
                ("accept_quote", {"token": H, "quote_id": "$quotes.0.quote_id", "purchase_order": "KA-77310"})]
CHIPPED = [sign_in("owen"), ("drones", {"token": O}),
           ("ground_drone", {"token": O, "drone_id": "$drones.2.drone_id",
                             "reason": "A propeller tip chipped on landing yesterday"})]

_BODY = [
    # clients, sites and quotes
    ("register_client", "update_client", LUNE_EMAIL),
    ("find_client", "update_client", COUNCIL_PHONE),
    ("register_client", "message_client", LUNE_WELCOME),
    ("find_client", "message_client", COUNCIL_NOTE),
    ("register_client", "add_site", cut(LUNE_JOB, "add_site")),
    ("find_client", "add_site", COUNCIL_SITE),
    ("register_client", "quote_survey", cut(LUNE_JOB, "quote_survey")),
    ("find_client", "quote_survey", COUNCIL_QUOTE),
    ("add_site", "quote_survey", cut(LUNE_JOB, "quote_survey")),
    ("sites", "quote_survey", COUNCIL_QUOTE),
    ("survey_products", "quote_survey", COUNCIL_QUOTE),
    ("quote_survey", "accept_quote", LUNE_JOB),
    ("quotes", "accept_quote", KELLET_AGAIN),
    # jobs
    ("accept_quote", "job_file", LUNE_FILE),
    ("jobs", "job_file", PARK_FILE),
    ("accept_quote", "cancel_job", LUNE_CANCEL),
    ("jobs", "cancel_job", SOLAR_CANCEL),
    ("accept_quote", "plan_flight", LUNE_PLAN),
    ("jobs", "plan_flight", SOLAR_THERMAL),
    ("accept_quote", "invoice_job", LUNE_ALL),
    ("jobs", "invoice_job", CAR_PARK),
    # pilots and drones
    ("pilots", "record_certificate", cut(SOLAR_THERMAL, "record_certificate")),
    ("pilots", "plan_flight", LUNE_PLAN),
    ("drones", "ground_drone", CHIPPED),
    ("drones", "log_maintenance", cut(SOLAR_THERMAL, "log_maintenance")),
    ("drones", "plan_flight", LUNE_PLAN),
    ("record_certificate", "plan_flight", SOLAR_THERMAL),
    ("log_maintenance", "plan_flight", SOLAR_THERMAL),
    # flight plans and permissions
    ("plan_flight", "submit_risk_assessment", cut(LUNE_ALL, "submit_risk_assessment")),
    ("flight_plans", "submit_risk_assessment", cut(PARK_SECOND, "submit_risk_assessment")),
    ("plan_flight", "request_permission", cut(LUNE_ALL, "request_permission")),
    ("flight_plans", "request_permission", PARK_SECOND),
    ("plan_flight", "approve_flight_plan", cut(LUNE_ALL, "approve_flight_plan")),
    ("flight_plans", "approve_flight_plan", cut(TOWN_HALL, "approve_flight_plan")),
    ("plan_flight", "cancel_flight_plan", LUNE_PLAN_OFF),
    ("flight_plans", "cancel_flight_plan", PARK_CALLED_OFF),
    ("plan_flight", "log_flight", cut(LUNE_ALL, "log_flight")),
    ("flight_plans", "log_flight", cut(QUARRY, "log_flight")),
    ("submit_risk_assessment", "request_permission", PARK_SECOND),
    ("airspace_check", "request_permission", cut(LUNE_ALL, "request_permission")),
    ("submit_risk_assessment", "approve_flight_plan", cut(LUNE_ALL, "approve_flight_plan")),
    ("request_permission", "record_permission", cut(LUNE_ALL, "record_permission")),
    ("permissions", "record_permission", cut(TOWN_HALL, "record_permission")),
    ("record_permission", "approve_flight_plan", cut(TOWN_HALL, "approve_flight_plan")),
    ("approve_flight_plan", "log_flight", TOWN_HALL),
    # flights, data and deliverables
    ("log_flight", "upload_data", QUARRY),
    ("job_file", "upload_data", PARK_UPLOAD),
    ("log_flight", "report_occurrence", LUNE_BIRD),
    ("job_file", "report_occurrence", PARK_BIRD),
    ("upload_data", "process_dataset", cut(LUNE_ALL, "process_dataset")),
    ("job_file", "process_dataset", PARK_PROCESS),
    ("survey_products", "process_dataset", PARK_PROCESS),
    ("process_dataset", "quality_check", cut(LUNE_ALL, "quality_check")),
    ("process_dataset", "publish_deliverable", cut(LUNE_ALL, "publish_deliverable")),
    ("quality_check", "publish_deliverable", cut(LUNE_ALL, "publish_deliverable")),
    ("publish_deliverable", "client_sign_off", cut(LUNE_ALL, "client_sign_off")),
    ("deliverables", "client_sign_off", cut(CAR_PARK, "client_sign_off")),
    ("client_sign_off", "invoice_job", CAR_PARK),
]

_OWN = {"sign_out": [sign_in("graham"), ("sign_out", {"token": G})]}


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
    # the survey products are read before the council's phone number changes
    ("survey_products", COUNCIL + [("survey_products", {}),
                                   ("update_client", {"token": H, "client_id": FOUND, "phone": "01632 962299"})]),
    # the airspace is checked before the council is written to
    ("airspace_check", COUNCIL + [("airspace_check", {"latitude": 54.112, "longitude": -2.781}),
                                  ("message_client", {"token": H, "client_id": FOUND, "subject": "Town hall roof",
                                                      "body": "We fly the roof this morning."})]),
    # the pilots are read before the solar farm job is cancelled
    ("pilots", cut(SOLAR_CANCEL, "jobs") + [("pilots", {"token": H}), SOLAR_CANCEL[-1]]),
    # the drones are read before the council signs off the car park orthomosaic
    ("drones", cut(CAR_PARK, "deliverables") + [("drones", {"token": H}), CAR_PARK[2]]),
    # the permissions are read before Priya gains her thermography certificate
    ("permissions", cut(SOLAR_THERMAL, "pilots") + [("permissions", {"token": O}), SOLAR_THERMAL[2]]),
    # the deliverables are read before the small mapping drone is grounded
    ("deliverables", cut(CHIPPED, "drones") + [("deliverables", {"token": O}), CHIPPED[-1]]),
    # the sites are read before maintenance is logged on the thermal drone
    ("sites", [sign_in("owen"), ("drones", {"token": O}), ("sites", {"token": O}),
               ("log_maintenance", {"token": O, "drone_id": "$drones.1.drone_id",
                                    "work": "Gimbal recalibrated on all axes"})]),
]
