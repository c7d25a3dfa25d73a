"""Scripted proofs that Mainsline's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which converts the pydantic replies and,
given the module's ``FAILURE``, records a returned problem object as a rejection).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Users sign
in by first name (``("login", {...}, "rachel")``) and pass the token field (``"$rachel.token"``);
models are read by field (``"$raise_job.job_id"``, ``"$request_permit.permit_no"``,
``"$get_job.permit.permit_no"``, ``"$get_asset.valves.1.asset_id"``) and lists of models by position and
field (``"$list_jobs.0.job_id"``, ``"$list_crews.0.crew_id"``, ``"$list_stock.0.code"``). Every id is
read from a reply; none is written literally.

Two repairs run from the report to the closed incident: the burst on Mill Lane reported now by Ruth
Ackerley (incident logged, main found, job raised, permit, valves and hydrant read from the main,
the two priority-service customers supplied, a clamp repair, a passed sample); and Dev Mistry's
Crag Road leak, whose job is picked from the raised jobs and whose incident is found by street
(valves and hydrant found on the street, the permit and isolation read back from the job, a
100 mm clamp drawn from the Halifax store for the Todmorden crew). Birchcliffe Road's
discoloured-water report gives a job raised on a searched incident, and short paths cover the rest.
"""

import mainsline_tools as tools

WHO = {"rachel": ("r.okafor", "Kestrel-518"), "gareth": ("g.lumb", "Heron-227"), "tom": ("t.pickles", "Curlew-904")}
R, G, T = "$rachel.token", "$gareth.token", "$tom.token"
CALL = {"caller_name": "Ruth Ackerley", "phone": "07700 900455", "street": "Mill Lane, Hebden Bridge",
        "category": "burst", "report": "Water gushing up through the road outside 22 Mill Lane"}
HAZARDS = {"hazards": ["traffic", "buried_services", "water_under_pressure", "public_access"],
           "controls": ["Portable signals and chapter 8 barriers", "CAT and genny scan, hand dig near the gas main",
                        "Footway diversion with pedestrian barriers"]}


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("login", {"username": user, "password": password}, who)


def cut(steps: list, upto: str, nth: int = 1) -> list:
    seen = 0
    for i, s in enumerate(steps):
        if s[0] == upto:
            seen += 1
            if seen == nth:
                return steps[:i + 1]
    raise KeyError(upto)


def _with(steps: list, before: str, extra: list) -> list:
    i = next(i for i, s in enumerate(steps) if s[0] == before)
    return steps[:i] + extra + steps[i:]


def mill_lane() -> list:
    """Ruth Ackerley's burst, logged now, to the closed incident; every id from its own provider."""
    inc, job = "$log_customer_contact.incident_ref", "$raise_job.job_id"
    permit, iso = "$request_permit.permit_no", "$plan_isolation.isolation_id"
    return [
        ("supply_status", {"street": "Mill Lane"}),
        login("rachel"),
        ("log_customer_contact", {"token": R, **CALL}),
        ("find_assets", {"token": R, "street": "Mill Lane", "kind": "main"}),
        ("raise_job", {"token": R, "incident_ref": inc, "asset_id": "$find_assets.0.asset_id",
                       "job_type": "repair_leak", "priority": "emergency"}),
        ("get_incident", {"token": R, "incident_ref": inc}),
        ("update_customer", {"token": R, "incident_ref": inc,
                             "message": "A crew is on the way to the burst on Mill Lane; we will text again"}),
        login("gareth"),
        ("list_crews", {"token": G, "depot": "HFX", "available_only": True}),
        ("assign_crew", {"token": G, "job_id": job, "crew_id": "$list_crews.0.crew_id"}),
        ("send_crew_message", {"token": G, "crew_id": "$list_crews.0.crew_id",
                               "text": "Burst outside 22 Mill Lane, gas main in the footway"}),
        ("request_permit", {"token": G, "job_id": job, "street": "Mill Lane, Hebden Bridge",
                            "traffic_management": "signals", "duration_days": 3}),
        ("get_permit", {"token": G, "permit_no": permit}),
        ("request_utility_plans", {"token": G, "job_id": job}),
        ("get_asset", {"token": G, "asset_id": "$find_assets.0.asset_id"}),
        ("plan_isolation", {"token": G, "job_id": job,
                            "valve_ids": ["$get_asset.valves.0.asset_id", "$get_asset.valves.1.asset_id"]}),
        ("notify_customers", {"token": R, "isolation_id": iso, "channels": ["sms", "door_knock"],
                              "message": "Your water will be off from 10:00 for an emergency repair on Mill Lane"}),
        ("list_priority_customers", {"token": R, "isolation_id": iso}),
        ("arrange_alternative_supply", {"token": R, "isolation_id": iso, "supply": "bottled_water",
                                        "psr_ids": ["$list_priority_customers.0.psr_id",
                                                    "$list_priority_customers.1.psr_id"]}),
        login("tom"),
        ("mark_arrived", {"token": T, "job_id": job}),
        ("record_risk_assessment", {"token": T, "job_id": job, **HAZARDS, "signed_by": "Tom Pickles"}),
        ("start_excavation", {"token": T, "job_id": job, "permit_no": permit}),
        ("operate_valves", {"token": T, "isolation_id": iso, "action": "close"}),
        ("list_stock", {"token": T, "depot": "HFX"}),
        ("issue_materials", {"token": T, "job_id": job, "codes": ["$list_stock.0.code"], "quantities": [1]}),
        ("record_repair", {"token": T, "job_id": job, "method": "clamp", "issue_no": "$issue_materials.issue_no",
                           "notes": "Circumferential crack on the cast iron; 150 mm stainless clamp fitted"}),
        ("get_job", {"token": T, "job_id": job}),
        ("operate_valves", {"token": T, "isolation_id": iso, "action": "open"}),
        ("flush_and_sample", {"token": T, "job_id": job, "hydrant_id": "$get_asset.hydrants.0.asset_id"}),
        ("record_sample_result", {"token": T, "sample_id": "$flush_and_sample.sample_id", "free_chlorine_mg_l": 0.42,
                                  "turbidity_ntu": 0.3}),
        ("reinstate", {"token": T, "job_id": job, "surface": "carriageway", "temporary": True}),
        ("extend_permit", {"token": G, "permit_no": permit, "extra_days": 2,
                           "reason": "Permanent reinstatement booked for Friday"}),
        ("close_permit", {"token": G, "permit_no": permit, "reinstatement": "interim"}),
        ("add_job_note", {"token": G, "job_id": job, "text": "Permanent reinstatement gang booked"}),
        ("complete_job", {"token": G, "job_id": job, "summary": "Clamp on the 150 mm main, sample passed"}),
        ("close_incident", {"token": R, "incident_ref": inc,
                            "resolution": "The burst main outside 22 Mill Lane was repaired and the road made safe"}),
    ]


def crag_road() -> list:
    """Dev Mistry's leak: the job picked from the raised jobs, the incident found by street, valves and
    hydrant found on the street, the permit and isolation read back from the job."""
    job = "$list_jobs.0.job_id"
    permit, iso = "$get_job.permit.permit_no", "$get_job.isolation.isolation_id"
    return [
        login("gareth"),
        ("list_jobs", {"token": G, "status": "raised"}),
        ("list_crews", {"token": G, "depot": "TOD", "available_only": True}),
        ("assign_crew", {"token": G, "job_id": job, "crew_id": "$list_crews.0.crew_id"}),
        ("request_permit", {"token": G, "job_id": job, "street": "Crag Road, Mytholmroyd",
                            "traffic_management": "none", "duration_days": 2}),
        ("request_utility_plans", {"token": G, "job_id": job}),
        ("find_assets", {"token": G, "street": "Crag Road", "kind": "valve"}, "valves"),
        ("plan_isolation", {"token": G, "job_id": job, "valve_ids": ["$valves.0.asset_id", "$valves.1.asset_id",
                                                                     "$valves.2.asset_id"]}),
        ("get_job", {"token": G, "job_id": job}),
        ("get_permit", {"token": G, "permit_no": permit}),
        login("rachel"),
        ("search_incidents", {"token": R, "street": "Crag Road", "status": "open"}),
        ("get_incident", {"token": R, "incident_ref": "$search_incidents.0.incident_ref"}),
        ("update_customer", {"token": R, "incident_ref": "$search_incidents.0.incident_ref",
                             "message": "We will repair the leak outside 14 Crag Road today"}),
        ("notify_customers", {"token": R, "isolation_id": iso, "channels": ["sms", "letter"],
                              "message": "Water off on Crag Road from 11:00 to 15:00 for a repair"}),
        ("list_priority_customers", {"token": R, "isolation_id": iso}),
        ("arrange_alternative_supply", {"token": R, "isolation_id": iso, "supply": "static_tank",
                                        "psr_ids": ["$list_priority_customers.0.psr_id"]}),
        login("tom"),
        ("mark_arrived", {"token": T, "job_id": job}),
        ("record_risk_assessment", {"token": T, "job_id": job, "hazards": ["buried_services", "public_access"],
                                    "controls": ["CAT scan", "Barriers round the footway dig"], "signed_by": "Imran Akhtar"}),
        ("start_excavation", {"token": T, "job_id": job, "permit_no": permit}),
        ("operate_valves", {"token": T, "isolation_id": iso, "action": "close"}),
        ("list_stock", {"token": T, "depot": "HFX"}),
        ("issue_materials", {"token": T, "job_id": job, "codes": ["$list_stock.1.code"], "quantities": [1]}),
        ("record_repair", {"token": T, "job_id": job, "method": "clamp", "issue_no": "$issue_materials.issue_no",
                           "notes": "Split on the uPVC barrel; 100 mm stainless clamp fitted"}),
        ("operate_valves", {"token": T, "isolation_id": iso, "action": "open"}),
        ("find_assets", {"token": T, "street": "Crag Road", "kind": "hydrant"}, "hydrants"),
        ("flush_and_sample", {"token": T, "job_id": job, "hydrant_id": "$hydrants.0.asset_id"}),
        ("record_sample_result", {"token": T, "sample_id": "$flush_and_sample.sample_id", "free_chlorine_mg_l": 0.35,
                                  "turbidity_ntu": 0.4}),
        ("reinstate", {"token": T, "job_id": job, "surface": "footway", "temporary": False}),
        ("extend_permit", {"token": G, "permit_no": permit, "extra_days": 1, "reason": "Footway slabs on order"}),
        ("close_permit", {"token": G, "permit_no": permit, "reinstatement": "permanent"}),
        ("add_job_note", {"token": G, "job_id": job, "text": "Customer thanked the crew"}),
        ("complete_job", {"token": G, "job_id": job, "summary": "Collar on the 100 mm main, footway relaid"}),
        ("close_incident", {"token": R, "incident_ref": "$search_incidents.0.incident_ref",
                            "resolution": "The leak outside 14 Crag Road was repaired and the footway relaid"}),
    ]


def birchcliffe() -> list:
    """The discoloured-water report found by search, a flushing job raised on its main."""
    return [login("rachel"), ("search_incidents", {"token": R, "street": "Birchcliffe", "status": "open"}),
            ("find_assets", {"token": R, "street": "Birchcliffe Road", "kind": "main"}),
            ("raise_job", {"token": R, "incident_ref": "$search_incidents.1.incident_ref",
                           "asset_id": "$find_assets.0.asset_id", "job_type": "flush_main", "priority": "planned"})]


def cancel(how: str) -> list:
    if how == "raise":
        return cut(mill_lane(), "raise_job") + [
            login("gareth"), ("cancel_job", {"token": G, "job_id": "$raise_job.job_id", "reason": "Duplicate report"})]
    return [login("gareth"), ("list_jobs", {"token": G, "status": "raised"}),
            ("cancel_job", {"token": G, "job_id": "$list_jobs.0.job_id",
                            "reason": "Leak is on the customer's supply pipe, not our main"})]


PRESSURE = [login("rachel"), ("find_assets", {"token": R, "street": "Birchcliffe Road", "kind": "main"}),
            ("pressure_reading", {"token": R, "asset_id": "$find_assets.0.asset_id"})]
GET_ASSET = [login("gareth"), ("find_assets", {"token": G, "street": "Mill Lane"}),
             ("get_asset", {"token": G, "asset_id": "$find_assets.0.asset_id"})]

PATHS = {"raise_job": mill_lane, "list_jobs": crag_road}
_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


for _c in tools.JOB_CONSUMERS:
    for _p in ("raise_job", "list_jobs"):
        _add(_p, _c, cancel("raise" if _p == "raise_job" else "list") if _c == "cancel_job" else cut(PATHS[_p](), _c))
for _c in tools.INCIDENT_CONSUMERS:
    _add("log_customer_contact", _c, cut(mill_lane(), _c))
    _add("search_incidents", _c, birchcliffe() if _c == "raise_job" else cut(crag_road(), _c))
for _c in tools.PERMIT_CONSUMERS:
    _add("request_permit", _c, cut(mill_lane(), _c))
    _add("get_job", _c, cut(crag_road(), _c))
for _c in tools.ISOLATION_CONSUMERS:
    _add("plan_isolation", _c, cut(mill_lane(), _c))
    _add("get_job", _c, cut(crag_road(), _c))
_add("find_assets", "get_asset", GET_ASSET)
_add("find_assets", "pressure_reading", PRESSURE)
_add("find_assets", "raise_job", cut(mill_lane(), "raise_job"))
_add("get_asset", "plan_isolation", cut(mill_lane(), "plan_isolation"))
_add("find_assets", "plan_isolation", cut(crag_road(), "plan_isolation"))
_add("get_asset", "flush_and_sample", cut(mill_lane(), "flush_and_sample"))
_add("find_assets", "flush_and_sample", cut(crag_road(), "flush_and_sample"))
_add("list_crews", "assign_crew", cut(crag_road(), "assign_crew"))
_add("list_crews", "send_crew_message", cut(mill_lane(), "send_crew_message"))
_add("list_priority_customers", "arrange_alternative_supply", cut(mill_lane(), "arrange_alternative_supply"))
_add("issue_materials", "record_repair", cut(mill_lane(), "record_repair"))
_add("flush_and_sample", "record_sample_result", cut(crag_road(), "record_sample_result"))
_add("list_stock", "issue_materials", cut(crag_road(), "issue_materials"))
_add("assign_crew", "mark_arrived", cut(mill_lane(), "mark_arrived"))
_add("mark_arrived", "record_risk_assessment", cut(crag_road(), "record_risk_assessment"))
_add("record_risk_assessment", "start_excavation", cut(mill_lane(), "start_excavation"))
_add("request_utility_plans", "start_excavation", cut(crag_road(), "start_excavation"))
_add("start_excavation", "record_repair", cut(crag_road(), "record_repair"))
_add("operate_valves", "record_repair", cut(mill_lane(), "record_repair"))
_add("operate_valves", "flush_and_sample", cut(crag_road(), "flush_and_sample"))
_add("notify_customers", "operate_valves", cut(mill_lane(), "operate_valves"))
_add("arrange_alternative_supply", "operate_valves", cut(crag_road(), "operate_valves"))
_add("record_repair", "operate_valves", cut(mill_lane(), "operate_valves", 2))
_add("record_repair", "reinstate", cut(crag_road(), "reinstate"))
_add("reinstate", "close_permit", cut(mill_lane(), "close_permit"))
_add("close_permit", "complete_job", cut(crag_road(), "complete_job"))
_add("record_sample_result", "complete_job", cut(mill_lane(), "complete_job"))
_add("complete_job", "close_incident", cut(crag_road(), "close_incident"))

_OWN = {"logout": [login("tom"), ("logout", {"token": T})], "pressure_reading": PRESSURE, "get_asset": GET_ASSET,
        "list_jobs": [login("gareth"), ("list_jobs", {"token": G, "status": "on_site"})],
        "search_incidents": [login("rachel"), ("search_incidents", {"token": R, "street": "Mill Lane"})],
        "find_assets": [login("tom"), ("find_assets", {"token": T, "street": "Birchcliffe", "kind": "hydrant"})],
        "list_stock": [login("tom"), ("list_stock", {"token": T, "depot": "TOD"})],
        "cancel_job": cancel("list")}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "login":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("login", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("get_job", _with(cut(mill_lane(), "start_excavation"), "start_excavation",
                      [("get_job", {"token": T, "job_id": "$raise_job.job_id"})])),
    ("pressure_reading", _with(cut(mill_lane(), "raise_job"), "raise_job",
                               [("pressure_reading", {"token": R, "asset_id": "$find_assets.0.asset_id"})])),
    ("list_priority_customers", _with(cut(mill_lane(), "notify_customers"), "notify_customers",
                                      [("list_priority_customers", {"token": R,
                                                                    "isolation_id": "$plan_isolation.isolation_id"})])),
    ("update_customer", cut(mill_lane(), "close_incident")),
    ("send_crew_message", cut(mill_lane(), "mark_arrived")),
    ("get_permit", cut(mill_lane(), "close_permit")),
    ("request_utility_plans", cut(mill_lane(), "record_risk_assessment")),
    ("add_job_note", cut(mill_lane(), "complete_job")),
    ("supply_status", cut(mill_lane(), "log_customer_contact")),
]
