"""Scripted proofs that Redcell's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the module's ``FAILURE``: a returned ``AE``/``AR`` acknowledgement
is a failure, and so is a raised exception).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Signing
on is workstation state (no token to pass); dropping ``sign_on`` drops every sign-on of the path.
Rows are referenced by position (``"$find_patient.0.0"``, ``"$list_samples.0.0"``,
``"$list_component_codes.0.0"``, ``"$list_fridges.2.0"``), acknowledgements and records through
their fields (``"$crossmatch_units.crossmatch.crossmatch_number"``, ``"$allocate_and_label.labels.0.0"``,
``"$witness_check.witness.ref"``, ``"$search_stock.units.1.0"``, ``"$get_patient.allocated.0.0"``,
``"$start_transfusion.episode.episode_number"``). No id is written literally; the indication codes
(``R1``, ``R2``), which only the refusal spells out, and the consignment number on the delivery note
are typed as people would.
"""

LAB = ("sign_on", {"username": "praman", "password": "Rh-Kell-2027!"})
NURSE = ("sign_on", {"username": "ntaylor", "password": "Ward12-Bleep-4410"})
MIDWIFE = ("sign_on", {"username": "sdavies", "password": "Midwife-DS-2027"})
CODES = ("list_component_codes", {})
RCC = "$list_component_codes.0.0"
MRN = "$find_patient.0.0"
ACC = "$list_samples.0.0"

PEOPLE = {"OKONKWO": "14/03/1961", "FERREIRA": "02/07/1948", "WALSH": "22/09/1994", "BAKER": "05/05/1999",
          "HUGHES": "30/11/1955", "PATEL": "19/01/1972"}


def find(surname: str) -> tuple:
    return ("find_patient", {"surname": surname, "date_of_birth": PEOPLE[surname]})


def stock(abo: str, rhd: str, **more) -> list:
    return [CODES, ("search_stock", {"component_code": RCC, "abo": abo, "rhd": rhd, **more})]


def ferreira(sample: str = "list_samples", request: str = "list_requests", upto: str = "crossmatch_units",
             units: str = "search_stock") -> list:
    """Tomas Ferreira's two units for tomorrow's aneurysm repair: electronic crossmatch against this morning's
    sample (or a new one booked in and tested) for the request on file, then allocation and onward."""
    steps = [LAB, find("FERREIRA")]
    if sample == "list_samples":
        steps.append(("list_samples", {"hospital_number": MRN}))
        acc = ACC
    else:
        acc = "$book_in_sample.sample.sample_number"
        steps += [("book_in_sample", {"hospital_number": MRN, "sample_type": "GS", "collected_at": "202711091350",
                                      "collected_by": "N22871"}),
                  ("record_abo_rhd", {"sample_number": acc, "abo": "A", "rhd": "POS"}),
                  ("record_antibody_screen", {"sample_number": acc, "result": "NEGATIVE"})]
    if request == "list_requests":
        steps.append(("list_requests", {"hospital_number": MRN, "status": "received"}))
        rn = "$list_requests.0.0"
    else:
        steps += [CODES, ("create_request", {"hospital_number": MRN, "component_code": RCC, "quantity": 2,
                                             "indication_code": "R1", "required_by": "202711100800",
                                             "requested_by": "Mr A. Kamara (Vascular)"})]
        rn = "$create_request.request.request_number"
    steps += stock("A", "POS")
    steps.append(("crossmatch_units", {"request_number": rn, "sample_number": acc,
                                       "dins": ["$search_stock.units.0.0", "$search_stock.units.1.0"],
                                       "method": "ELECTRONIC"}))
    more = [("allocate_and_label", {"crossmatch_number": "$crossmatch_units.crossmatch.crossmatch_number"})]
    din = "$allocate_and_label.labels.0.0"
    more += [("issue_unit", {"din": din, "collected_by": "Dave Mensah, porter P3318"}),
             ("cancel_allocation", {"din": din, "reason": "Surgery postponed to next week"}),
             ("list_fridges", {}),
             ("set_remote_issue", {"fridge_id": "$list_fridges.2.0", "enabled": True}),
             ("move_to_fridge", {"din": din, "fridge_id": "$list_fridges.2.0"})]
    chains = {"crossmatch_units": [], "allocate_and_label": more[:1], "issue_unit": more[:2],
              "cancel_allocation": more[:1] + more[2:3], "move_to_fridge": more[:1] + more[3:]}
    return steps + chains[upto]


def okonkwo(sample: str = "list_samples", upto: str = "crossmatch_units") -> list:
    """Adaeze Okonkwo: a positive screen on this morning's sample (or a new one), anti-E identified, a new
    request, E-negative group O units crossmatched by serology."""
    steps = [LAB, find("OKONKWO")]
    if sample == "list_samples":
        steps.append(("list_samples", {"hospital_number": MRN}))
        acc = ACC
    else:
        acc = "$book_in_sample.sample.sample_number"
        steps.append(("book_in_sample", {"hospital_number": MRN, "sample_type": "XM", "collected_at": "202711091315",
                                         "collected_by": "M10554"}))
    steps += [("record_antibody_screen", {"sample_number": acc, "result": "POSITIVE"}),
              ("record_antibody_identification", {"sample_number": acc, "specificities": ["anti-E"]})]
    if upto == "record_antibody_identification":
        return steps
    steps += [CODES, ("create_request", {"hospital_number": MRN, "component_code": RCC, "quantity": 2,
                                         "indication_code": "R2", "required_by": "202711100900",
                                         "requested_by": "Dr H. Lindqvist (Haematology)"}),
              ("search_stock", {"component_code": RCC, "abo": "O", "rhd": "POS", "antigen_negative": ["E-"]}),
              ("crossmatch_units", {"request_number": "$create_request.request.request_number", "sample_number": acc,
                                    "dins": ["$search_stock.units.0.0", "$search_stock.units.1.0"],
                                    "method": "SEROLOGICAL"})]
    return steps


def baker(sample: str = "list_samples", units: str = "search_stock", upto: str = "crossmatch_units") -> list:
    """Chloe Baker, bleeding after delivery: her sample grouped A RhD negative and screened, a request, one
    O negative unit from stock (or the A negative unit from today's delivery) crossmatched by serology."""
    steps = [LAB, find("BAKER")]
    if sample == "list_samples":
        steps.append(("list_samples", {"hospital_number": MRN}))
        acc = ACC
    else:
        acc = "$book_in_sample.sample.sample_number"
        steps.append(("book_in_sample", {"hospital_number": MRN, "sample_type": "GS", "collected_at": "202711091405",
                                         "collected_by": "M10554"}))
    steps.append(("record_abo_rhd", {"sample_number": acc, "abo": "A", "rhd": "NEG"}))
    if upto == "record_abo_rhd":
        return steps
    steps.append(("record_antibody_screen", {"sample_number": acc, "result": "NEGATIVE"}))
    if upto == "record_antibody_screen":
        return steps
    steps += [CODES, ("create_request", {"hospital_number": MRN, "component_code": RCC, "quantity": 2,
                                         "indication_code": "R1", "required_by": "202711091445",
                                         "requested_by": "Dr F. Osei (Obstetrics)"})]
    if units == "search_stock":
        steps.append(("search_stock", {"component_code": RCC, "abo": "O", "rhd": "NEG"}))
        din = "$search_stock.units.0.0"
    else:
        steps.append(("receipt_consignment", {"consignment_number": "NHSBT-CN-88120", "temperature_c": 4.5}))
        din = "$receipt_consignment.received.1.0"
    return steps + [("crossmatch_units", {"request_number": "$create_request.request.request_number",
                                          "sample_number": acc, "dins": [din], "method": "SEROLOGICAL"})]


def hughes(upto: str) -> list:
    """Gareth Hughes's irradiated unit, allocated to him last night, issued to the ward and given."""
    din = "$get_patient.allocated.0.0"
    steps = [LAB, find("HUGHES"), ("get_patient", {"hospital_number": MRN})]
    chain = [("issue_unit", {"din": din, "collected_by": "Lily Moran, HCA H7710"}),
             NURSE, ("witness_check", {"staff_number": "N23310", "pin": "6157"}),
             ("record_bedside_check", {"din": din, "hospital_number": MRN, "wristband_checked": True,
                                       "witness_ref": "$witness_check.witness.ref"}),
             ("start_transfusion", {"din": din, "rate_ml_per_hour": 120})]
    ep = "$start_transfusion.episode.episode_number"
    tails = {
        "record_observations": ("record_observations", {"episode_number": ep, "temperature_c": 36.8, "pulse": 84,
                                                        "systolic_bp": 131}),
        "complete_transfusion": ("complete_transfusion", {"episode_number": ep, "volume_ml": 276}),
        "report_reaction": ("report_reaction", {"episode_number": ep, "reaction": "FEBRILE", "severity": "MILD",
                                                "notes": "Temperature 38.4 C and rigors 25 minutes in; "
                                                         "transfusion stopped"}),
        "return_unit": ("return_unit", {"din": din, "minutes_out_of_storage": 20}),
        "trace_unit": ("trace_unit", {"din": "$get_patient.transfusions.0.0"}),
        "cancel_allocation": ("cancel_allocation", {"din": din, "reason": "Angiogram cancelled; not needed"}),
        "move_to_fridge": ("move_to_fridge", {"din": din, "fridge_id": "$list_fridges.2.0"}),
    }
    if upto in ("issue_unit", "record_bedside_check", "start_transfusion"):
        names = [c[0] for c in chain]
        return steps + chain[:names.index(upto) + 1]
    if upto in ("record_observations", "complete_transfusion", "report_reaction"):
        return steps + chain + [tails[upto]]
    if upto.endswith(":get_unit"):  # the episode number read off the unit record, not the start's reply
        name = upto.split(":")[0]
        tail = (name, dict(tails[name][1], episode_number="$get_unit.episode_number"))
        return steps + chain + [("get_unit", {"din": din}), tail]
    if upto == "return_unit":
        return steps + chain[:1] + [tails[upto]]
    if upto == "move_to_fridge":
        return steps + [("list_fridges", {}), ("set_remote_issue", {"fridge_id": "$list_fridges.2.0", "enabled": True}),
                        tails[upto]]
    return steps + [tails[upto]]


def anti_d(who: str) -> list:
    """Anti-D for Niamh Walsh (RhD negative on record) or Chloe Baker (grouped first), witnessed."""
    if who == "WALSH":
        return [MIDWIFE, find("WALSH"), ("witness_check", {"staff_number": "B41022", "pin": "8834"}),
                ("issue_anti_d", {"hospital_number": MRN, "dose_iu": 1500,
                                  "sensitising_event": "Delivery of an RhD positive baby at 09:40",
                                  "event_date": "09/11/2027", "witness_ref": "$witness_check.witness.ref"})]
    return baker(upto="record_abo_rhd") + [
        MIDWIFE, ("witness_check", {"staff_number": "B40917", "pin": "5521"}),
        ("issue_anti_d", {"hospital_number": MRN, "dose_iu": 1500,
                          "sensitising_event": "Delivery at 11:05; cord blood O RhD positive",
                          "event_date": "09/11/2027", "witness_ref": "$witness_check.witness.ref"})]


def emergency(upto: str) -> list:
    reg = ("register_emergency_patient", {"sex": "M", "estimated_age": 50, "arrival_reference": "AMB-55102"})
    temp = "$register_emergency_patient.patient.hospital_number"
    if upto == "merge_patient_records":
        return [LAB, reg, find("PATEL"), ("merge_patient_records", {"temporary_number": temp,
                                                                    "permanent_number": MRN})]
    tail = {
        "get_patient": ("get_patient", {"hospital_number": temp}),
        "book_in_sample": ("book_in_sample", {"hospital_number": temp, "sample_type": "GS",
                                              "collected_at": "202711091402", "collected_by": "N20114"}),
        "create_request": ("create_request", {"hospital_number": temp, "component_code": RCC, "quantity": 4,
                                              "indication_code": "R1", "required_by": "202711091430",
                                              "requested_by": "Dr K. Mensah (ED consultant)"}),
    }[upto]
    return [LAB, reg] + ([CODES] if upto == "create_request" else []) + [tail]


def mhp(upto: str) -> list:
    act = ("activate_major_haemorrhage", {"location": "Emergency Department resus bay 2",
                                          "activated_by": "Dr K. Mensah (ED consultant)"})
    ref = "$activate_major_haemorrhage.mhp.reference"
    tail = {"issue_emergency_units": ("issue_emergency_units", {"mhp_reference": ref, "quantity": 2}),
            "stand_down_major_haemorrhage": ("stand_down_major_haemorrhage", {
                "mhp_reference": ref, "notes": "Bleeding controlled in theatre; two emergency units given"})}
    return [LAB, act] + ([tail["issue_emergency_units"]] if upto != "issue_emergency_units" else []) + [tail[upto]]


def quarantine(how: str, upto: str = "quarantine_unit") -> list:
    if how == "receipt_consignment":
        steps = [LAB, ("receipt_consignment", {"consignment_number": "NHSBT-CN-88120", "temperature_c": 4.5})]
        din = "$receipt_consignment.received.0.0"
    else:
        steps = [LAB] + stock("O", "POS")
        din = "$search_stock.units.1.0"
    steps.append(("quarantine_unit", {"din": din, "reason": "Blood service query: donor reported illness after "
                                                            "donation"}))
    if upto == "release_from_quarantine":
        steps.append(("release_from_quarantine", {"din": din, "outcome": "Blood service cleared the donation"}))
    return steps


PATHS = {}
PROOFS = []


def prove(provider: str, steps: list) -> None:
    consumer = steps[-1][0]
    PATHS.setdefault(consumer, steps)
    PROOFS.append((provider, consumer, steps))


# patients
for _c in ("get_patient", "book_in_sample", "create_request"):
    prove("register_emergency_patient", emergency(_c))
prove("find_patient", hughes("trace_unit")[:3])
prove("find_patient", baker(sample="book_in_sample", upto="record_abo_rhd")[:3])
prove("find_patient", okonkwo()[:7])
prove("find_patient", [LAB, find("WALSH"), ("get_blood_group", {"hospital_number": MRN})])
prove("find_patient", okonkwo()[:3])
prove("find_patient", [LAB, find("OKONKWO"), ("add_special_requirement", {
    "hospital_number": MRN, "requirement": "IRRADIATED", "reason": "Started fludarabine on 2 November"})])
prove("find_patient", anti_d("WALSH"))
prove("find_patient", emergency("merge_patient_records"))
prove("find_patient", hughes("record_bedside_check"))
prove("register_emergency_patient", emergency("merge_patient_records"))
# samples and serology
prove("list_samples", baker(upto="record_abo_rhd"))
prove("book_in_sample", baker(sample="book_in_sample", upto="record_abo_rhd"))
prove("list_samples", baker(upto="record_antibody_screen"))
prove("book_in_sample", baker(sample="book_in_sample", upto="record_antibody_screen"))
prove("list_samples", okonkwo(upto="record_antibody_identification"))
prove("book_in_sample", okonkwo(sample="book_in_sample", upto="record_antibody_identification"))
prove("list_samples", ferreira())
prove("book_in_sample", ferreira(sample="book_in_sample"))
prove("record_antibody_screen", okonkwo(upto="record_antibody_identification"))
prove("record_antibody_identification", okonkwo())
prove("record_abo_rhd", baker())
prove("record_antibody_screen", baker())
prove("record_abo_rhd", anti_d("BAKER"))
prove("record_abo_rhd", baker(upto="record_abo_rhd") + [("get_blood_group", {"hospital_number": MRN})])
# requests, crossmatch, allocation
prove("list_requests", ferreira())
prove("create_request", ferreira(request="create_request"))
prove("search_stock", ferreira())
prove("receipt_consignment", baker(units="receipt_consignment"))
prove("crossmatch_units", ferreira(upto="allocate_and_label"))
for _c in ("issue_unit", "cancel_allocation", "move_to_fridge"):
    prove("allocate_and_label", ferreira(upto=_c))
    prove("get_patient", hughes(_c))
prove("list_fridges", ferreira(upto="move_to_fridge"))
prove("list_fridges", ferreira(upto="move_to_fridge")[:-1])
prove("set_remote_issue", hughes("move_to_fridge"))
# bedside
prove("issue_unit", hughes("record_bedside_check"))
prove("witness_check", hughes("record_bedside_check"))
prove("issue_unit", hughes("return_unit"))
prove("record_bedside_check", hughes("start_transfusion"))
for _c in ("record_observations", "complete_transfusion", "report_reaction"):
    prove("start_transfusion", hughes(_c))
    prove("get_unit", hughes(_c + ":get_unit"))
prove("witness_check", anti_d("WALSH"))
# stock
prove("list_component_codes", [LAB] + stock("B", "POS"))
prove("list_component_codes", [LAB, CODES, ("count_stock", {"component_code": RCC, "abo": "O"})])
prove("list_component_codes", emergency("create_request"))
prove("search_stock", quarantine("search_stock"))
prove("receipt_consignment", quarantine("receipt_consignment"))
prove("quarantine_unit", quarantine("search_stock", "release_from_quarantine"))
prove("search_stock", [LAB] + stock("O", "POS") + [("get_unit", {"din": "$search_stock.units.1.0"})])
prove("receipt_consignment", [LAB, ("receipt_consignment", {"consignment_number": "NHSBT-CN-88120",
                                                            "temperature_c": 4.5}),
                              ("get_unit", {"din": "$receipt_consignment.received.2.0"})])
prove("search_stock", [LAB] + stock("O", "POS") + [("discard_unit", {"din": "$search_stock.units.0.0",
                                                                     "reason": "EXPIRED"})])
prove("search_stock", [LAB] + stock("B", "POS") + [("trace_unit", {"din": "$search_stock.units.0.0"})])
prove("get_patient", hughes("trace_unit"))
# major haemorrhage
prove("activate_major_haemorrhage", mhp("issue_emergency_units"))
prove("activate_major_haemorrhage", mhp("stand_down_major_haemorrhage"))
# signed on
prove("sign_on", [LAB, ("sign_off", {})])
prove("sign_on", [LAB, ("witness_check", {"staff_number": "B41022", "pin": "8834"})])
_SIGNED = ["sign_off", "witness_check", "find_patient", "get_patient", "get_blood_group", "register_emergency_patient",
           "merge_patient_records", "book_in_sample", "list_samples", "record_abo_rhd", "record_antibody_screen",
           "record_antibody_identification", "add_special_requirement", "search_stock", "count_stock", "get_unit",
           "trace_unit", "receipt_consignment", "quarantine_unit", "release_from_quarantine", "discard_unit",
           "set_remote_issue", "move_to_fridge", "create_request", "list_requests", "crossmatch_units",
           "allocate_and_label", "cancel_allocation", "issue_unit", "return_unit", "record_bedside_check",
           "start_transfusion", "record_observations", "complete_transfusion", "report_reaction",
           "activate_major_haemorrhage", "issue_emergency_units", "stand_down_major_haemorrhage", "issue_anti_d"]
_EXTRA = {"find_patient": [LAB, find("FERREIRA")], "list_requests": [LAB, ("list_requests", {})],
          "search_stock": [LAB] + stock("A", "POS"),
          "set_remote_issue": [LAB, ("list_fridges", {}), ("set_remote_issue", {"fridge_id": "$list_fridges.2.0",
                                                                                "enabled": True})],
          "receipt_consignment": quarantine("receipt_consignment")[:2],
          "register_emergency_patient": emergency("get_patient")[:2],
          "activate_major_haemorrhage": mhp("issue_emergency_units")[:2],
          "list_samples": okonkwo()[:3]}
for _c in _SIGNED:
    if _c not in ("sign_off", "witness_check"):
        prove("sign_on", _EXTRA.get(_c) or PATHS[_c])
# the proofs of sign_on first: it is the catalog's plainest prerequisite
PROOFS.sort(key=lambda p: p[0] != "sign_on")

NON_PREREQUISITES = [
    ("list_fridges", [LAB, ("list_fridges", {}), find("WALSH"), ("get_blood_group", {"hospital_number": MRN})]),
    ("count_stock", [LAB, CODES, ("count_stock", {"component_code": RCC}), find("HUGHES"),
                     ("get_patient", {"hospital_number": MRN}),
                     ("issue_unit", {"din": "$get_patient.allocated.0.0", "collected_by": "Lily Moran, HCA H7710"})]),
    ("get_unit", [LAB] + stock("O", "POS") + [("get_unit", {"din": "$search_stock.units.1.0"}),
                                              ("quarantine_unit", {"din": "$search_stock.units.1.0",
                                                                   "reason": "Clots seen in the bag"})]),
    ("trace_unit", [LAB, find("HUGHES"), ("get_patient", {"hospital_number": MRN}),
                    ("trace_unit", {"din": "$get_patient.transfusions.0.0"}),
                    ("cancel_allocation", {"din": "$get_patient.allocated.0.0", "reason": "Not needed"})]),
    ("list_requests", [LAB, ("list_requests", {}), find("BAKER"), ("list_samples", {"hospital_number": MRN}),
                       ("record_abo_rhd", {"sample_number": ACC, "abo": "A", "rhd": "NEG"})]),
    ("get_blood_group", [MIDWIFE, find("WALSH"), ("get_blood_group", {"hospital_number": MRN}),
                         ("witness_check", {"staff_number": "B41022", "pin": "8834"}),
                         ("issue_anti_d", {"hospital_number": MRN, "dose_iu": 1500,
                                           "sensitising_event": "Delivery of an RhD positive baby",
                                           "event_date": "09/11/2027", "witness_ref": "$witness_check.witness.ref"})]),
]
