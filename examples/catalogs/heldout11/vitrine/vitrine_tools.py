"""Vitrine: the collections management system of a municipal museum, as its REST client returns it (38 calls).

Plain functions over an in-memory ``State`` of Calderbrook Museum & Art Gallery on Wednesday 15 March
2028: staff log-in; the collection (public search, object records); entry records, acquisition
decisions and accessioning; storage and gallery locations and object movements; condition reports
and conservation treatments; valuations; borrowing institutions and their facility reports; outgoing
loans from draft to return (objects, submission, the director's decision, the loan agreement and its
signature, crates, shipment, dispatch, return); incoming loans and extensions; exhibitions;
images, image rights and the online collection; deaccession proposals.

Every call but ``log_in`` and the public ``search_objects`` takes the ``session_token`` from
``log_in`` (``session.token`` in its reply). Staff have roles: the registrar does most things; the
collections technician moves objects, builds crates and photographs; the conservator writes condition
reports and carries out treatments; only the director decides loans.

Replies are JSON objects with ``"success": true`` and the record nested under a key (``session``,
``object``, ``loan``, ``report``, ``job``, ``agreement``, ``shipment``, ``exhibition``), rows as lists
of lists (locations, entries, institutions, loans, condition reports, exhibitions, a loan's objects),
and, for some calls, only a ``message`` sentence with the new number inside (entry records, accession
numbers, institutions, valuations, crates, images, dispatches). Lists of objects and loans come a page
at a time (``meta.next_cursor``). Every refusal is *returned*: ``{"success": false, "message": ...,
"errors": [{"code": ..., "field": ...}]}`` (``FAILURE``); nothing is raised. Dates are typed
``DD/MM/YYYY`` and come back ISO (``YYYY-MM-DD``). Docstrings are NumPy style.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import copy
import datetime as _dt
import re
from typing import Literal

TODAY = "2028-03-15"

Department = Literal["fine_art", "decorative_arts", "social_history", "archaeology", "natural_science"]
EntryReason = Literal["acquisition_consideration", "loan_in", "identification_enquiry", "return_to_owner"]
Grade = Literal["good", "fair", "poor", "unstable"]
LoanStatus = Literal["draft", "submitted", "approved", "refused", "agreement_issued", "agreed", "shipment_booked",
                     "dispatched", "returned", "active", "closed"]
Licence = Literal["public_domain", "CC-BY", "CC-BY-NC", "in_copyright"]
Currency = Literal["GBP", "EUR", "USD"]

_CRATE_TYPES = ("travel_frame", "soft_pack", "climate_case", "slat_crate")
_INDEMNITY = ("commercial", "government_indemnity")
_PAGE = 3


def FAILURE(reply) -> bool:  # noqa: N802 - the name the oracle looks for
    """A Vitrine refusal: a JSON object with ``success`` false."""
    return isinstance(reply, dict) and reply.get("success") is False


def _fail(message: str, code: str, field: str | None = None) -> dict:
    return {"success": False, "message": message, "errors": [{"code": code, "field": field}]}


def _obj(number, title, maker, date, dept, location, name, valuation=None, status="in_collection", images=(),
         on_display=False):
    return {"number": number, "title": title, "maker": maker, "date_made": date, "department": dept,
            "object_name": name, "location": location, "valuation": valuation, "status": status,
            "images": [dict(i) for i in images], "published": False, "on_display": on_display, "entry": None,
            "credit_line": None}


def _loan(lid, direction, party, title, status, objects, opens, closes, agreement=None, crates=(), shipment=None):
    return {"id": lid, "direction": direction, "party": party, "title": title, "status": status,
            "objects": list(objects), "opens_on": opens, "closes_on": closes, "agreement": agreement,
            "crates": list(crates), "shipment": shipment, "decision_note": None, "insurance": None}


class State:
    """Calderbrook Museum & Art Gallery collections management, Wednesday 15 March 2028."""

    def __init__(self) -> None:
        self.users = {
            "ruth.kavanagh@calderbrook.museum": {"name": "Ruth Kavanagh", "role": "registrar",
                                                 "password": "Accession-1923!"},
            "sol.mendes@calderbrook.museum": {"name": "Sol Mendes", "role": "technician",
                                              "password": "Crate&Pallet7"},
            "anika.bose@calderbrook.museum": {"name": "Anika Bose", "role": "conservator",
                                              "password": "Retouch-Varnish-3"},
            "imogen.hale@calderbrook.museum": {"name": "Dr Imogen Hale", "role": "director",
                                               "password": "Director-Hale-2028"},
        }
        self.sessions = {}
        v = lambda amount, date, valuer: {"amount": amount, "currency": "GBP", "valued_on": date, "valuer": valuer}  # noqa: E731
        self.objects = {o["number"]: o for o in [
            _obj("1923.14", "The Weir at Calderbrook, Evening", "Agnes Thorley", "1898", "fine_art", "ST-A1",
                 "painting", v(180000.0, "2026-05-10", "Christie's valuations")),
            _obj("1923.15", "Mill Girls at Dinner Hour", "Agnes Thorley", "1901", "fine_art", "ST-A1", "painting"),
            _obj("1923.16", "Study for The Weir", "Agnes Thorley", "1897", "fine_art", "ST-A3", "drawing",
                 v(9500.0, "2027-11-20", "Christie's valuations")),
            _obj("1923.17", "Sketchbook, Calder Valley", "Agnes Thorley", "1895-1899", "fine_art", "ST-A3",
                 "sketchbook", v(14000.0, "2027-11-20", "Christie's valuations")),
            _obj("1923.18", "Sketchbook, Hebden Bridge", "Agnes Thorley", "1900-1903", "fine_art", "ST-A3",
                 "sketchbook", v(12500.0, "2027-11-20", "Christie's valuations")),
            _obj("2004.7", "Portrait of Ellen Marsh", "Joseph Crewe", "1844", "fine_art", "G1", "painting",
                 v(22000.0, "2025-04-02", "Bonhams"), images=[{"id": "IMG-40211", "filename": "2004-7_front.tif",
                                                              "photographer": "Sol Mendes", "licence": None}],
                 on_display=True),
            _obj("1987.41", "Pair of Staffordshire spaniels", "Staffordshire potteries", "c.1860",
                 "decorative_arts", "ST-B1", "figure group"),
            _obj("1956.203", "Calderbrook weaving shuttle", "Hollins & Co.", "c.1890", "social_history", "G2",
                 "shuttle", on_display=True),
            _obj("1956.204", "Calderbrook weaving shuttle (duplicate)", "Hollins & Co.", "c.1890", "social_history",
                 "ST-C2", "shuttle"),
            _obj("1956.210", "Model of a Lancashire loom", "unknown maker", "c.1905", "social_history", "ST-C2",
                 "model", v(6000.0, "2027-09-01", "Tennants")),
            _obj("2011.88", "Ammonite, Dactylioceras commune", "", "Jurassic", "natural_science", "ST-N1",
                 "fossil"),
            _obj("1899.3", "Altar fragment dedicated to Brigantia", "Roman", "c.AD 200", "archaeology", "ON LOAN",
                 "altar", v(40000.0, "2027-02-11", "Bonhams"), status="on_loan_out"),
            _obj("1931.62", "Calderbrook Pottery harvest jug", "Calderbrook Pottery", "1868", "decorative_arts",
                 "ST-B1", "jug", v(2400.0, "2027-10-04", "Tennants")),
        ]}
        self.condition_reports = {
            "CR-2027-0088": {"object": "1923.14", "date": "2027-06-01", "grade": "good", "examiner": "Anika Bose",
                             "notes": "Stable; light surface dirt"},
            "CR-2025-0214": {"object": "1923.15", "date": "2025-09-03", "grade": "fair", "examiner": "Anika Bose",
                             "notes": "Minor flaking lower left, consolidated 2019"},
            "CR-2027-0190": {"object": "1923.16", "date": "2027-11-22", "grade": "good", "examiner": "Anika Bose",
                             "notes": "Slight foxing"},
            "CR-2027-0191": {"object": "1923.17", "date": "2027-11-22", "grade": "good", "examiner": "Anika Bose",
                             "notes": "Binding sound"},
            "CR-2027-0192": {"object": "1923.18", "date": "2027-11-22", "grade": "good", "examiner": "Anika Bose",
                             "notes": "Some loose leaves, boxed"},
            "CR-2028-0012": {"object": "1987.41", "date": "2028-01-18", "grade": "poor", "examiner": "Anika Bose",
                             "notes": "Left dog's ear detached (in bag); enamel flaking on base"},
            "CR-2027-0150": {"object": "1956.210", "date": "2027-08-30", "grade": "good", "examiner": "Anika Bose",
                             "notes": "Sound"},
            "CR-2027-0031": {"object": "1899.3", "date": "2027-02-09", "grade": "good", "examiner": "Anika Bose",
                             "notes": "Stable"},
            "CR-2027-0172": {"object": "1931.62", "date": "2027-10-02", "grade": "good", "examiner": "Anika Bose",
                             "notes": "Hairline crack to handle, stable"},
        }
        self.locations = {
            "ST-A1": ["Store A, painting racks", "store", [16, 20], [45, 55]],
            "ST-A3": ["Store A, works on paper plan chests", "store", [16, 19], [45, 55]],
            "ST-B1": ["Store B, ceramics and glass", "store", [15, 22], [40, 60]],
            "ST-C2": ["Store C, social history large objects", "store", [12, 24], [40, 65]],
            "ST-N1": ["Store N, natural science (low humidity)", "store", [16, 20], [30, 40]],
            "CONS-1": ["Conservation studio", "studio", [18, 21], [45, 55]],
            "PACK-1": ["Packing bay", "dock", [15, 22], [40, 60]],
            "G1": ["Gallery 1, Victorian Calderbrook", "gallery", [18, 22], [45, 55]],
            "G2": ["Gallery 2, Mills and Makers", "gallery", [18, 22], [45, 60]],
            "G3": ["Gallery 3, temporary exhibitions", "gallery", [18, 21], [45, 55]],
            "G4": ["Gallery 4, works on paper", "gallery", [18, 20], [45, 55]],
        }
        self.entries = {
            "E2028.009": {"depositor": "Ms Carys Bell", "email": "carys.bell@example.org",
                          "reason": "identification_enquiry", "description": "Flint arrowhead found at Hebden",
                          "received_on": "2028-02-20", "count": 1, "status": "returned"},
            "E2028.011": {"depositor": "Mr Declan Farrow", "email": "d.farrow@example.com",
                          "reason": "acquisition_consideration",
                          "description": "Two Calderbrook Pottery jugs, slip-decorated, c.1870",
                          "received_on": "2028-02-27", "count": 2, "status": "awaiting_decision", "accessioned": 0},
            "E2028.016": {"depositor": "St Oswin's Church, Calderbrook", "email": "parish.office@example.org",
                          "reason": "loan_in", "description": "Church plate: silver-gilt chalice and paten, 1662",
                          "received_on": "2028-03-09", "count": 2, "status": "received"},
        }
        self.institutions = {
            "INS-0041": {"name": "Whitcombe Art Gallery", "city": "Bristol", "country": "United Kingdom",
                         "email": "loans@whitcombe.example", "facility_report": "2025-06-12"},
            "INS-0057": {"name": "Kunsthalle Nordhafen", "city": "Hamburg", "country": "Germany",
                         "email": "leihverkehr@nordhafen.example", "facility_report": "2021-10-04"},
            "INS-0062": {"name": "Royal Pennine Museum", "city": "Halifax", "country": "United Kingdom",
                         "email": "registrar@pennine.example", "facility_report": "2026-01-20"},
            "INS-0070": {"name": "Musee des Tisserands", "city": "Lille", "country": "France",
                         "email": "prets@tisserands.example", "facility_report": "2027-05-15"},
        }
        self.loans = {
            "LO-2027-11": _loan("LO-2027-11", "out", "INS-0062", "Roman Yorkshire", "dispatched", ["1899.3"],
                                "2027-10-01", "2028-03-01", agreement={"number": "LA-2027-022", "signed": True},
                                crates=["K-1101"], shipment="SH-2027-031"),
            "LO-2027-14": _loan("LO-2027-14", "out", "INS-0062", "Textile Towns", "agreed", ["1931.62"],
                                "2028-04-20", "2028-09-01", agreement={"number": "LA-2027-030", "signed": True}),
            "LO-2028-01": _loan("LO-2028-01", "out", "INS-0070", "Fils et Machines", "submitted", ["1956.210"],
                                "2028-06-01", "2028-11-30"),
            "LO-2028-02": _loan("LO-2028-02", "out", "INS-0041", "Agnes Thorley on Paper", "draft", ["1923.16"],
                                "2028-07-01", "2028-10-15"),
            "LO-2028-03": _loan("LO-2028-03", "out", "INS-0041", "Painting the Pennines", "approved", ["2004.7"],
                                "2028-09-01", "2028-12-01"),
            "LO-2028-04": _loan("LO-2028-04", "out", "INS-0062", "Calder Valley Sketches", "agreement_issued",
                                ["1923.18"], "2028-05-10", "2028-08-20",
                                agreement={"number": "LA-2028-004", "signed": False}),
            "LI-2027-06": _loan("LI-2027-06", "in", "Mrs Margaret Pryce", "Pryce family samplers", "active", [],
                                "2027-06-01", "2028-03-31"),
        }
        self.agreements = {"LA-2027-022": "LO-2027-11", "LA-2027-030": "LO-2027-14", "LA-2028-004": "LO-2028-04"}
        self.crates = {"K-1101": {"type": "climate_case", "objects": ["1899.3"]}}
        self.shipments = {"SH-2027-031": {"loan": "LO-2027-11", "crates": ["K-1101"]}}
        self.exhibitions = {
            "EX-2028-01": {"title": "Threads: Calderbrook's Textile Century", "gallery": "G2", "status": "open",
                           "opens_on": "2028-01-20", "closes_on": "2028-06-28", "objects": ["1956.203"]},
            "EX-2028-02": {"title": "Agnes Thorley: Light on the Calder", "gallery": "G3", "status": "planned",
                           "opens_on": "2028-10-10", "closes_on": "2029-02-14", "objects": []},
        }
        self.jobs = {}
        self.movements = []
        self.deaccessions = []
        self.counters = {"session": 0, "entry": 17, "lot": 9, "movement": 30551, "report": 131, "job": 418,
                         "institution": 93, "loan_out": 5, "loan_in": 3, "agreement": 15, "crate": 1142,
                         "shipment": 44, "exhibition": 3, "image": 55120}


# ----------------------------------------------------------------------------- helpers

def _who(state: State, session_token: str, *roles: str):
    """(user, None) for a live session whose role is one of ``roles`` (any role when none), else (None, refusal)."""
    email = state.sessions.get(str(session_token))
    if email is None:
        return None, _fail("Not authenticated: log in and pass the session token", "unauthenticated",
                           "session_token")
    user = state.users[email]
    if roles and user["role"] not in roles:
        return None, _fail(f"{user['name']} ({user['role']}) is not permitted to do this", "forbidden")
    return user, None


def _date(value: str, field: str):
    """(ISO date, None) from ``DD/MM/YYYY``, else (None, refusal)."""
    m = re.fullmatch(r"(\d{2})/(\d{2})/(\d{4})", str(value).strip())
    if not m:
        return None, _fail(f"{field} must be DD/MM/YYYY", "invalid_date", field)
    try:
        return _dt.date(int(m.group(3)), int(m.group(2)), int(m.group(1))).isoformat(), None
    except ValueError:
        return None, _fail(f"{field} is not a real date", "invalid_date", field)


def _months(iso: str) -> float:
    return (_dt.date.fromisoformat(TODAY) - _dt.date.fromisoformat(iso)).days / 30.44


def _object(state: State, object_number: str):
    num = str(object_number).strip()
    if re.fullmatch(r"E\d{4}\.\d{3}", num.upper()):
        return None, _fail(f"{num} is an entry number, not an object number", "wrong_id_kind", "object_number")
    if re.fullmatch(r"(LO|LI)-\d{4}-\d{2}", num.upper()):
        return None, _fail(f"{num} is a loan number, not an object number", "wrong_id_kind", "object_number")
    o = state.objects.get(num)
    if o is None:
        return None, _fail(f"No object {num}", "not_found", "object_number")
    return o, None


def _latest_report(state: State, number: str):
    reps = sorted(((rid, r) for rid, r in state.condition_reports.items() if r["object"] == number),
                  key=lambda kv: kv[1]["date"], reverse=True)
    return reps[0] if reps else (None, None)


def _loanable(state: State, o: dict, loan_id: str | None = None):
    """None when an object can go on an outgoing loan, else a refusal."""
    if o["status"] != "in_collection":
        return _fail(f"{o['number']} is {o['status'].replace('_', ' ')}", "not_available", "object_numbers")
    for lid, ln in state.loans.items():
        if lid != loan_id and ln["direction"] == "out" and o["number"] in ln["objects"] \
                and ln["status"] not in ("refused", "returned", "closed"):
            return _fail(f"{o['number']} is already on loan {lid}", "on_another_loan", "object_numbers")
    if o["valuation"] is None or _months(o["valuation"]["valued_on"]) > 60:
        return _fail(f"{o['number']} needs a valuation from the last five years for insurance", "no_valuation",
                     "object_numbers")
    _, rep = _latest_report(state, o["number"])
    if rep is None or _months(rep["date"]) > 12:
        return _fail(f"{o['number']} needs a condition report from the last twelve months", "no_condition_report",
                     "object_numbers")
    if rep["grade"] in ("poor", "unstable"):
        return _fail(f"{o['number']} is in {rep['grade']} condition and cannot travel", "condition",
                     "object_numbers")
    return None


def _loan_of(state: State, loan_id: str, direction: str | None = None):
    lid = str(loan_id).strip().upper()
    if not re.fullmatch(r"(LO|LI)-\d{4}-\d{2}", lid):
        return None, _fail(f"{loan_id} is not a loan number", "wrong_id_kind", "loan_id")
    ln = state.loans.get(lid)
    if ln is None or (direction and ln["direction"] != direction):
        return None, _fail(f"No {'outgoing ' if direction == 'out' else ''}loan {lid}", "not_found", "loan_id")
    return ln, None


def _loan_view(state: State, ln: dict) -> dict:
    out = copy.deepcopy(ln)
    if ln["direction"] == "out":
        inst = state.institutions[ln["party"]]
        out["party"] = {"institution_id": ln["party"], "name": inst["name"], "city": inst["city"]}
    out["objects"] = [[n, state.objects[n]["title"],
                       [state.objects[n]["valuation"]["amount"], state.objects[n]["valuation"]["currency"]]
                       if state.objects[n]["valuation"] else None] for n in ln["objects"]]
    return out


# ----------------------------------------------------------------------------- sign-in and the collection

def log_in(email: str, password: str, state: State) -> dict:
    """Log a member of staff in.

    Parameters
    ----------
    email : str
        Work e-mail address.
    password : str
        Password.

    Returns
    -------
    dict
        ``{"success": true, "session": {"token", "user": {"name", "role"}, "expires_at"}}``.
    """
    user = state.users.get(email.strip().lower())
    if user is None or user["password"] != password:
        return _fail("E-mail or password not recognised", "invalid_credentials")
    state.counters["session"] += 1
    token = f"vt-{state.counters['session']:04d}-{email.strip().lower().split('.')[0]}"
    state.sessions[token] = email.strip().lower()
    return {"success": True, "session": {"token": token, "user": {"name": user["name"], "role": user["role"]},
                                         "expires_at": f"{TODAY}T18:00:00"}}


def search_objects(keyword: str | None = None, maker: str | None = None, department: Department | None = None,
                   cursor: str | None = None, state: State = None) -> dict:
    """Search the collection (the public online-collection search: no log-in needed).

    Parameters
    ----------
    keyword : str, optional
        Words in the title or object name.
    maker : str, optional
        Part of the maker's name.
    department : str, optional
        One curatorial department.
    cursor : str, optional
        ``meta.next_cursor`` of the previous page.

    Returns
    -------
    dict
        ``{"success": true, "results": [{"object": {"number", "title", "maker", "date_made", "department"}}],
        "meta": {"total", "next_cursor"}}``, three results a page, in object-number order.
    """
    if keyword is None and maker is None and department is None:
        return _fail("No search criteria given", "no_criteria")
    hits = []
    for num, o in sorted(state.objects.items()):
        if o["status"] == "deaccessioned":
            continue
        if keyword is not None and not all(w.lower() in (o["title"] + " " + o["object_name"]).lower()
                                           for w in keyword.split()):
            continue
        if maker is not None and maker.strip().lower() not in o["maker"].lower():
            continue
        if department is not None and o["department"] != department:
            continue
        hits.append({"object": {"number": num, "title": o["title"], "maker": o["maker"], "date_made": o["date_made"],
                                "department": o["department"]}})
    start = 0
    if cursor:
        m = re.fullmatch(r"cur_(\d+)", str(cursor))
        if not m:
            return _fail("Invalid cursor", "invalid_cursor", "cursor")
        start = int(m.group(1))
    nxt = f"cur_{start + _PAGE}" if start + _PAGE < len(hits) else None
    return {"success": True, "results": hits[start:start + _PAGE], "meta": {"total": len(hits), "next_cursor": nxt}}


def get_object(session_token: str, object_number: str, state: State) -> dict:
    """The full object record: location, valuation, latest condition, images, status and online publication.

    Parameters
    ----------
    object_number : str
        Accession number, e.g. ``1923.14``.
    """
    user, bad = _who(state, session_token)
    if bad:
        return bad
    o, bad = _object(state, object_number)
    if bad:
        return bad
    out = copy.deepcopy(o)
    rid, rep = _latest_report(state, o["number"])
    out["condition"] = None if rep is None else {"grade": rep["grade"], "date": rep["date"]}
    loc = state.locations.get(o["location"])
    out["location"] = {"code": o["location"], "name": loc[0] if loc else o["location"]}
    return {"success": True, "object": out}


# ----------------------------------------------------------------------------- entries and accessioning

def create_entry(session_token: str, depositor_name: str, depositor_email: str, reason: EntryReason,
                 description: str, received_on: str, object_count: int, state: State) -> dict:
    """Record objects coming into the museum's care (an entry record).

    Parameters
    ----------
    reason : str
        Why they came in: offered for acquisition, borrowed, brought for identification, or returned to
        an owner.
    received_on : str
        ``DD/MM/YYYY``, not in the future.

    Returns
    -------
    dict
        ``{"success": true, "message": "Entry record E2028.nnn created ..."}``.
    """
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    day, bad = _date(received_on, "received_on")
    if bad:
        return bad
    if day > TODAY:
        return _fail("received_on is in the future", "invalid_date", "received_on")
    if reason not in EntryReason.__args__:
        return _fail(f"Unknown reason {reason!r}", "invalid_value", "reason")
    if int(object_count) < 1:
        return _fail("object_count must be at least 1", "invalid_value", "object_count")
    num = f"E2028.{state.counters['entry']:03d}"
    state.counters["entry"] += 1
    state.entries[num] = {"depositor": depositor_name.strip(), "email": depositor_email.strip().lower(),
                          "reason": reason, "description": description.strip(), "received_on": day,
                          "count": int(object_count), "accessioned": 0,
                          "status": "awaiting_decision" if reason == "acquisition_consideration" else "received"}
    return {"success": True, "message": f"Entry record {num} created: {int(object_count)} object(s) from "
                                        f"{depositor_name.strip()} ({reason.replace('_', ' ')})."}


def list_entries(session_token: str, reason: EntryReason | None = None, state: State = None) -> dict:
    """Entry records, newest first: rows ``[entry_number, depositor, reason, received_on, status, object_count]``."""
    user, bad = _who(state, session_token)
    if bad:
        return bad
    rows = [[n, e["depositor"], e["reason"], e["received_on"], e["status"], e["count"]]
            for n, e in state.entries.items() if reason is None or e["reason"] == reason]
    return {"success": True, "entries": sorted(rows, key=lambda r: r[0], reverse=True)}


def record_acquisition_decision(session_token: str, entry_number: str, decision: Literal["approve", "decline"],
                                committee_minute: str, state: State) -> dict:
    """Record the collections committee's decision on objects offered for acquisition."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    e = state.entries.get(str(entry_number).strip().upper())
    if e is None:
        return _fail(f"No entry record {entry_number}", "not_found", "entry_number")
    if e["reason"] != "acquisition_consideration":
        return _fail("This entry was not offered for acquisition", "wrong_entry_reason", "entry_number")
    if e["status"] != "awaiting_decision":
        return _fail(f"A decision is already recorded ({e['status']})", "already_decided", "entry_number")
    if decision not in ("approve", "decline"):
        return _fail(f"Unknown decision {decision!r}", "invalid_value", "decision")
    e["status"] = "approved" if decision == "approve" else "declined"
    e["minute"] = committee_minute.strip()
    return {"success": True, "entry": {"number": str(entry_number).strip().upper(), "status": e["status"]}}


def accession_object(session_token: str, entry_number: str, title: str, maker: str, object_name: str,
                     date_made: str, department: Department, acquisition_method: Literal["gift", "purchase",
                                                                                          "bequest", "transfer"],
                     credit_line: str, state: State) -> dict:
    """Accession one object of an approved acquisition entry into the permanent collection; it is placed in
    the packing bay until moved.

    Returns
    -------
    dict
        ``{"success": true, "message": "Accessioned ... as <object number> ..."}``.
    """
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    en = str(entry_number).strip().upper()
    e = state.entries.get(en)
    if e is None:
        return _fail(f"No entry record {entry_number}", "not_found", "entry_number")
    if e["status"] != "approved":
        return _fail(f"Entry {en} is {e['status'].replace('_', ' ')}; only an approved acquisition can be "
                     f"accessioned", "not_approved", "entry_number")
    if e["accessioned"] >= e["count"]:
        return _fail(f"All {e['count']} objects of {en} are already accessioned", "entry_complete", "entry_number")
    if department not in Department.__args__:
        return _fail(f"Unknown department {department!r}", "invalid_value", "department")
    if "lot" not in e:
        e["lot"] = f"2028.{state.counters['lot']}"
        state.counters["lot"] += 1
    e["accessioned"] += 1
    num = f"{e['lot']}.{e['accessioned']}"
    o = _obj(num, title.strip(), maker.strip(), date_made.strip(), department, "PACK-1", object_name.strip())
    o["entry"], o["credit_line"], o["acquisition_method"] = en, credit_line.strip(), acquisition_method
    state.objects[num] = o
    if e["accessioned"] == e["count"]:
        e["status"] = "accessioned"
    return {"success": True, "message": f"Accessioned {title.strip()} as {num} ({department.replace('_', ' ')}), "
                                        f"from entry {en}."}


# ----------------------------------------------------------------------------- locations

def list_locations(session_token: str, kind: Literal["store", "gallery", "studio", "dock"] | None = None,
                   state: State = None) -> dict:
    """Locations: rows ``[code, name, kind, [temp_min_c, temp_max_c], [rh_min, rh_max]]``."""
    user, bad = _who(state, session_token)
    if bad:
        return bad
    return {"success": True, "locations": [[c, v[0], v[1], list(v[2]), list(v[3])] for c, v in state.locations.items()
                                           if kind is None or v[1] == kind]}


def move_object(session_token: str, object_number: str, location_code: str, reason: str, state: State) -> dict:
    """Move an object to another location and record the movement."""
    user, bad = _who(state, session_token, "registrar", "technician")
    if bad:
        return bad
    o, bad = _object(state, object_number)
    if bad:
        return bad
    code = location_code.strip().upper()
    if code not in state.locations:
        return _fail(f"Unknown location {location_code!r}", "not_found", "location_code")
    if o["status"] != "in_collection":
        return _fail(f"{o['number']} is {o['status'].replace('_', ' ')}", "not_available", "object_number")
    if o["location"] == code:
        return _fail(f"{o['number']} is already at {code}", "no_change", "location_code")
    mv = f"MV-{state.counters['movement']}"
    state.counters["movement"] += 1
    state.movements.append([mv, o["number"], o["location"], code, reason.strip(), user["name"]])
    frm, o["location"] = o["location"], code
    o["on_display"] = state.locations[code][1] == "gallery"
    return {"success": True, "movement": {"id": mv, "object_number": o["number"], "from": frm, "to": code}}


# ----------------------------------------------------------------------------- condition and conservation

def create_condition_report(session_token: str, object_number: str, grade: Grade, notes: str,
                            state: State) -> dict:
    """Write a condition report on an object (registrar or conservator).

    Returns
    -------
    dict
        ``{"success": true, "report": {"id", "object_number", "grade", "date"}}``.
    """
    user, bad = _who(state, session_token, "registrar", "conservator")
    if bad:
        return bad
    o, bad = _object(state, object_number)
    if bad:
        return bad
    if grade not in Grade.__args__:
        return _fail(f"Unknown grade {grade!r}", "invalid_value", "grade")
    rid = f"CR-2028-{state.counters['report']:04d}"
    state.counters["report"] += 1
    state.condition_reports[rid] = {"object": o["number"], "date": TODAY, "grade": grade, "examiner": user["name"],
                                    "notes": notes.strip()}
    return {"success": True, "report": {"id": rid, "object_number": o["number"], "grade": grade, "date": TODAY}}


def list_condition_reports(session_token: str, object_number: str, state: State) -> dict:
    """An object's condition reports, newest first: rows ``[report_id, date, grade, examiner, notes]``."""
    user, bad = _who(state, session_token)
    if bad:
        return bad
    o, bad = _object(state, object_number)
    if bad:
        return bad
    rows = [[rid, r["date"], r["grade"], r["examiner"], r["notes"]] for rid, r in state.condition_reports.items()
            if r["object"] == o["number"]]
    return {"success": True, "reports": sorted(rows, key=lambda r: r[1], reverse=True)}


def request_treatment(session_token: str, object_number: str, condition_report_id: str, proposal: str,
                      state: State) -> dict:
    """Open a conservation job on an object, on the strength of a condition report grading it poor or
    unstable (conservator only)."""
    user, bad = _who(state, session_token, "conservator")
    if bad:
        return bad
    o, bad = _object(state, object_number)
    if bad:
        return bad
    r = state.condition_reports.get(str(condition_report_id).strip().upper())
    if r is None or r["object"] != o["number"]:
        return _fail("No such condition report on this object", "not_found", "condition_report_id")
    if r["grade"] not in ("poor", "unstable"):
        return _fail(f"The report grades the object {r['grade']}; treatment needs poor or unstable",
                     "not_needed", "condition_report_id")
    if any(j["object"] == o["number"] and j["status"] == "open" for j in state.jobs.values()):
        return _fail("A conservation job is already open on this object", "job_open", "object_number")
    jn = f"CJ-{state.counters['job']:04d}"
    state.counters["job"] += 1
    state.jobs[jn] = {"object": o["number"], "report": str(condition_report_id).strip().upper(),
                      "proposal": proposal.strip(), "status": "open", "conservator": user["name"]}
    return {"success": True, "job": {"number": jn, "object_number": o["number"], "status": "open"}}


def complete_treatment(session_token: str, job_number: str, treatment_notes: str, hours: float,
                       state: State) -> dict:
    """Close a conservation job with what was done; a new condition report records the object's condition
    after treatment."""
    user, bad = _who(state, session_token, "conservator")
    if bad:
        return bad
    j = state.jobs.get(str(job_number).strip().upper())
    if j is None:
        return _fail(f"No conservation job {job_number}", "not_found", "job_number")
    if j["status"] != "open":
        return _fail("The job is already closed", "job_closed", "job_number")
    if hours <= 0:
        return _fail("hours must be positive", "invalid_value", "hours")
    j["status"], j["notes"], j["hours"] = "closed", treatment_notes.strip(), float(hours)
    rid = f"CR-2028-{state.counters['report']:04d}"
    state.counters["report"] += 1
    state.condition_reports[rid] = {"object": j["object"], "date": TODAY, "grade": "good", "examiner": user["name"],
                                    "notes": f"After treatment {str(job_number).strip().upper()}: "
                                             f"{treatment_notes.strip()}"}
    return {"success": True, "job": {"number": str(job_number).strip().upper(), "status": "closed"},
            "report": {"id": rid, "grade": "good"}}


def set_valuation(session_token: str, object_number: str, amount: float, currency: Currency, valuer: str,
                  valued_on: str, state: State) -> dict:
    """Record an insurance valuation of an object (registrar).

    Parameters
    ----------
    valued_on : str
        ``DD/MM/YYYY``, not in the future.
    """
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    o, bad = _object(state, object_number)
    if bad:
        return bad
    day, bad = _date(valued_on, "valued_on")
    if bad:
        return bad
    if day > TODAY:
        return _fail("valued_on is in the future", "invalid_date", "valued_on")
    if amount <= 0:
        return _fail("amount must be positive", "invalid_value", "amount")
    if currency not in Currency.__args__:
        return _fail(f"Unsupported currency {currency!r}", "invalid_value", "currency")
    o["valuation"] = {"amount": float(amount), "currency": currency, "valued_on": day, "valuer": valuer.strip()}
    return {"success": True, "message": f"Valuation of {currency} {amount:,.2f} recorded for {o['number']} "
                                        f"({o['title']})."}


# ----------------------------------------------------------------------------- institutions

def search_institutions(session_token: str, name: str, state: State) -> dict:
    """Borrowing and lending institutions by name: rows ``[institution_id, name, city, country,
    facility_report_date]``."""
    user, bad = _who(state, session_token)
    if bad:
        return bad
    words = name.lower().split()
    return {"success": True, "institutions": [[i, v["name"], v["city"], v["country"], v["facility_report"]]
                                              for i, v in state.institutions.items()
                                              if all(w in v["name"].lower() for w in words)]}


def register_institution(session_token: str, name: str, city: str, country: str, contact_email: str,
                         state: State) -> dict:
    """Add a new institution (registrar).

    Returns
    -------
    dict
        ``{"success": true, "message": "Institution INS-nnnn registered: ..."}``.
    """
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    if any(v["name"].lower() == name.strip().lower() for v in state.institutions.values()):
        return _fail(f"{name.strip()} is already registered", "duplicate", "name")
    if "@" not in contact_email:
        return _fail("contact_email is not an e-mail address", "invalid_value", "contact_email")
    iid = f"INS-{state.counters['institution']:04d}"
    state.counters["institution"] += 1
    state.institutions[iid] = {"name": name.strip(), "city": city.strip(), "country": country.strip(),
                               "email": contact_email.strip().lower(), "facility_report": None}
    return {"success": True, "message": f"Institution {iid} registered: {name.strip()}, {city.strip()}."}


def record_facility_report(session_token: str, institution_id: str, report_date: str, security_ok: bool,
                           environment_ok: bool, state: State) -> dict:
    """Record a borrower's facility report (a standard facilities report is current for three years).

    Parameters
    ----------
    report_date : str
        Date on the report, ``DD/MM/YYYY``.
    security_ok, environment_ok : bool
        The registrar's assessment; both must be satisfactory.
    """
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    inst = state.institutions.get(str(institution_id).strip().upper())
    if inst is None:
        return _fail(f"No institution {institution_id}", "not_found", "institution_id")
    day, bad = _date(report_date, "report_date")
    if bad:
        return bad
    if day > TODAY:
        return _fail("report_date is in the future", "invalid_date", "report_date")
    if not (security_ok and environment_ok):
        return _fail("The facility report is not satisfactory; the loan cannot proceed", "unsatisfactory")
    if inst["facility_report"] == day:
        return _fail("This facility report is already recorded", "no_change", "report_date")
    inst["facility_report"] = day
    return {"success": True, "institution": {"id": str(institution_id).strip().upper(),
                                             "facility_report": {"date": day, "current": _months(day) <= 36}}}


# ----------------------------------------------------------------------------- outgoing loans

def create_outgoing_loan(session_token: str, institution_id: str, exhibition_title: str, opens_on: str,
                         closes_on: str, object_numbers: list[str], state: State) -> dict:
    """Start a draft loan of objects to a borrowing institution.

    The borrower needs a facility report from the last three years; each object must be in the
    collection, on no other loan, valued in the last five years and condition-reported in the last
    twelve months, and not in poor condition.

    Parameters
    ----------
    opens_on, closes_on : str
        The borrower's exhibition dates, ``DD/MM/YYYY``.
    object_numbers : list of str
        Accession numbers.

    Returns
    -------
    dict
        ``{"success": true, "loan": {"id", "status": "draft", ...}}``.
    """
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    iid = str(institution_id).strip().upper()
    inst = state.institutions.get(iid)
    if inst is None:
        return _fail(f"No institution {institution_id}", "not_found", "institution_id")
    if inst["facility_report"] is None or _months(inst["facility_report"]) > 36:
        return _fail(f"{inst['name']} has no current facility report", "facility_report_expired", "institution_id")
    start, bad = _date(opens_on, "opens_on")
    if bad:
        return bad
    end, bad = _date(closes_on, "closes_on")
    if bad:
        return bad
    if not TODAY < start < end:
        return _fail("The loan must open after today and close after it opens", "invalid_date", "closes_on")
    if not object_numbers:
        return _fail("Give at least one object", "required", "object_numbers")
    objs = []
    for num in object_numbers:
        o, bad = _object(state, num)
        if bad:
            return bad
        bad = _loanable(state, o)
        if bad:
            return bad
        objs.append(o["number"])
    lid = f"LO-2028-{state.counters['loan_out']:02d}"
    state.counters["loan_out"] += 1
    state.loans[lid] = _loan(lid, "out", iid, exhibition_title.strip(), "draft", objs, start, end)
    return {"success": True, "loan": _loan_view(state, state.loans[lid])}


def add_loan_object(session_token: str, loan_id: str, object_number: str, state: State) -> dict:
    """Add an object to a draft outgoing loan (same conditions as for creating it)."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    ln, bad = _loan_of(state, loan_id, "out")
    if bad:
        return bad
    if ln["status"] != "draft":
        return _fail(f"Loan {ln['id']} is {ln['status']}; objects can only be added to a draft", "not_draft",
                     "loan_id")
    o, bad = _object(state, object_number)
    if bad:
        return bad
    if o["number"] in ln["objects"]:
        return _fail(f"{o['number']} is already on this loan", "no_change", "object_number")
    bad = _loanable(state, o, ln["id"])
    if bad:
        return bad
    ln["objects"].append(o["number"])
    return {"success": True, "loan": _loan_view(state, ln)}


def get_loan(session_token: str, loan_id: str, state: State) -> dict:
    """A loan: the counterparty, dates, status, objects as rows ``[object_number, title, [value, currency]]``,
    the agreement (number, signed), crates and shipment."""
    user, bad = _who(state, session_token)
    if bad:
        return bad
    ln, bad = _loan_of(state, loan_id)
    if bad:
        return bad
    return {"success": True, "loan": _loan_view(state, ln)}


def list_loans(session_token: str, direction: Literal["out", "in"], status: LoanStatus | None = None,
               cursor: str | None = None, state: State = None) -> dict:
    """Loans out or in, newest first, three a page: rows ``[loan_id, counterparty, title, status,
    [opens_on, closes_on]]`` and ``meta.next_cursor``."""
    user, bad = _who(state, session_token)
    if bad:
        return bad
    if direction not in ("out", "in"):
        return _fail("direction must be out or in", "invalid_value", "direction")
    rows = []
    for lid, ln in sorted(state.loans.items(), reverse=True):
        if ln["direction"] != direction or (status is not None and ln["status"] != status):
            continue
        party = state.institutions[ln["party"]]["name"] if direction == "out" else ln["party"]
        rows.append([lid, party, ln["title"], ln["status"], [ln["opens_on"], ln["closes_on"]]])
    start = 0
    if cursor:
        m = re.fullmatch(r"cur_(\d+)", str(cursor))
        if not m:
            return _fail("Invalid cursor", "invalid_cursor", "cursor")
        start = int(m.group(1))
    nxt = f"cur_{start + _PAGE}" if start + _PAGE < len(rows) else None
    return {"success": True, "loans": rows[start:start + _PAGE], "meta": {"total": len(rows), "next_cursor": nxt}}


def submit_loan(session_token: str, loan_id: str, state: State) -> dict:
    """Submit a draft outgoing loan to the director for a decision."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    ln, bad = _loan_of(state, loan_id, "out")
    if bad:
        return bad
    if ln["status"] != "draft":
        return _fail(f"Loan {ln['id']} is {ln['status']}, not a draft", "not_draft", "loan_id")
    if not ln["objects"]:
        return _fail("The loan has no objects", "empty_loan", "loan_id")
    ln["status"] = "submitted"
    return {"success": True, "loan": {"id": ln["id"], "status": "submitted"}}


def decide_loan(session_token: str, loan_id: str, decision: Literal["approve", "refuse"], note: str,
                state: State) -> dict:
    """The director's decision on a submitted outgoing loan (director only)."""
    user, bad = _who(state, session_token, "director")
    if bad:
        return bad
    ln, bad = _loan_of(state, loan_id, "out")
    if bad:
        return bad
    if ln["status"] in ("approved", "refused"):
        return _fail(f"Loan {ln['id']} is already {ln['status']}", "already_decided", "loan_id")
    if ln["status"] != "submitted":
        return _fail(f"Loan {ln['id']} is {ln['status']}; only a submitted loan can be decided", "not_submitted",
                     "loan_id")
    if decision not in ("approve", "refuse"):
        return _fail(f"Unknown decision {decision!r}", "invalid_value", "decision")
    ln["status"] = "approved" if decision == "approve" else "refused"
    ln["decision_note"] = note.strip()
    return {"success": True, "loan": {"id": ln["id"], "status": ln["status"]}}


def issue_agreement(session_token: str, loan_id: str, indemnity: str, state: State) -> dict:
    """Issue the loan agreement for an approved outgoing loan, under the borrower's chosen cover.

    Returns
    -------
    dict
        ``{"success": true, "agreement": {"number", "loan_id", "indemnity"}}``.
    """
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    ln, bad = _loan_of(state, loan_id, "out")
    if bad:
        return bad
    if ln["status"] != "approved":
        return _fail(f"Loan {ln['id']} is {ln['status']}; an agreement needs an approved loan", "not_approved",
                     "loan_id")
    cover = indemnity.strip().lower().replace(" ", "_")
    if cover not in _INDEMNITY:
        return _fail(f"Unknown indemnity {indemnity!r}; use one of: {', '.join(_INDEMNITY)}", "invalid_value",
                     "indemnity")
    an = f"LA-2028-{state.counters['agreement']:03d}"
    state.counters["agreement"] += 1
    ln["agreement"], ln["status"], ln["insurance"] = {"number": an, "signed": False}, "agreement_issued", cover
    state.agreements[an] = ln["id"]
    return {"success": True, "agreement": {"number": an, "loan_id": ln["id"], "indemnity": cover}}


def record_agreement_signed(session_token: str, agreement_number: str, signed_by: str, signed_on: str,
                            state: State) -> dict:
    """Record the borrower's signature on a loan agreement; the loan becomes agreed."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    an = str(agreement_number).strip().upper()
    if re.fullmatch(r"(LO|LI)-\d{4}-\d{2}", an):
        return _fail(f"{an} is a loan number, not an agreement number", "wrong_id_kind", "agreement_number")
    lid = state.agreements.get(an)
    if lid is None:
        return _fail(f"No agreement {agreement_number}", "not_found", "agreement_number")
    ln = state.loans[lid]
    if ln["agreement"]["signed"]:
        return _fail("The agreement is already signed", "no_change", "agreement_number")
    day, bad = _date(signed_on, "signed_on")
    if bad:
        return bad
    if day > TODAY:
        return _fail("signed_on is in the future", "invalid_date", "signed_on")
    ln["agreement"].update(signed=True, signed_by=signed_by.strip(), signed_on=day)
    ln["status"] = "agreed"
    return {"success": True, "loan": {"id": lid, "status": "agreed"}}


def build_crate(session_token: str, object_numbers: list[str], crate_type: str, state: State) -> dict:
    """Record a crate built for objects travelling together (technician or registrar).

    Returns
    -------
    dict
        ``{"success": true, "message": "Crate K-nnnn ... built for ..."}``.
    """
    user, bad = _who(state, session_token, "technician", "registrar")
    if bad:
        return bad
    kind = crate_type.strip().lower().replace(" ", "_")
    if kind not in _CRATE_TYPES:
        return _fail(f"Unknown crate type {crate_type!r}; use one of: {', '.join(_CRATE_TYPES)}", "invalid_value",
                     "crate_type")
    if not object_numbers:
        return _fail("Give at least one object", "required", "object_numbers")
    nums = []
    for num in object_numbers:
        o, bad = _object(state, num)
        if bad:
            return bad
        nums.append(o["number"])
    cid = f"K-{state.counters['crate']}"
    state.counters["crate"] += 1
    state.crates[cid] = {"type": kind, "objects": nums}
    return {"success": True, "message": f"Crate {cid} ({kind.replace('_', ' ')}) built for {', '.join(nums)}."}


def book_shipment(session_token: str, loan_id: str, crate_ids: list[str], shipper: str, ship_on: str,
                  courier_name: str, state: State) -> dict:
    """Book the shipment of an agreed outgoing loan; the crates must hold every object on the loan."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    ln, bad = _loan_of(state, loan_id, "out")
    if bad:
        return bad
    if ln["status"] != "agreed":
        return _fail(f"Loan {ln['id']} is {ln['status']}; shipping needs a signed agreement", "not_agreed", "loan_id")
    packed = set()
    for cid in crate_ids:
        c = state.crates.get(str(cid).strip().upper())
        if c is None:
            return _fail(f"No crate {cid}", "not_found", "crate_ids")
        packed |= set(c["objects"])
    missing = [n for n in ln["objects"] if n not in packed]
    if missing:
        return _fail(f"Not crated: {', '.join(missing)}", "not_crated", "crate_ids")
    day, bad = _date(ship_on, "ship_on")
    if bad:
        return bad
    if day < TODAY:
        return _fail("ship_on is in the past", "invalid_date", "ship_on")
    ref = f"SH-2028-{state.counters['shipment']:03d}"
    state.counters["shipment"] += 1
    state.shipments[ref] = {"loan": ln["id"], "crates": [str(c).strip().upper() for c in crate_ids],
                            "shipper": shipper.strip(), "ship_on": day, "courier": courier_name.strip()}
    ln["crates"], ln["shipment"], ln["status"] = state.shipments[ref]["crates"], ref, "shipment_booked"
    return {"success": True, "shipment": {"reference": ref, "loan_id": ln["id"], "ship_on": day,
                                          "courier": courier_name.strip()}}


def dispatch_loan(session_token: str, loan_id: str, state: State) -> dict:
    """Record that a booked shipment has left: the loan's objects go out on loan."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    ln, bad = _loan_of(state, loan_id, "out")
    if bad:
        return bad
    if ln["status"] != "shipment_booked":
        return _fail(f"Loan {ln['id']} is {ln['status']}; dispatch needs a booked shipment", "not_booked", "loan_id")
    for n in ln["objects"]:
        state.objects[n]["status"], state.objects[n]["location"] = "on_loan_out", "ON LOAN"
    ln["status"] = "dispatched"
    return {"success": True, "message": f"Loan {ln['id']} dispatched: {len(ln['objects'])} object(s) now out on loan "
                                        f"to {state.institutions[ln['party']]['name']}."}


def record_loan_return(session_token: str, loan_id: str, returned_on: str, condition_note: str,
                       state: State) -> dict:
    """Record the return of a dispatched outgoing loan; its objects come back to the packing bay."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    ln, bad = _loan_of(state, loan_id, "out")
    if bad:
        return bad
    if ln["status"] != "dispatched":
        return _fail(f"Loan {ln['id']} is {ln['status']}; only a dispatched loan can come back", "not_dispatched",
                     "loan_id")
    day, bad = _date(returned_on, "returned_on")
    if bad:
        return bad
    if day > TODAY:
        return _fail("returned_on is in the future", "invalid_date", "returned_on")
    for n in ln["objects"]:
        state.objects[n]["status"], state.objects[n]["location"] = "in_collection", "PACK-1"
    ln["status"], ln["returned"] = "returned", {"on": day, "note": condition_note.strip()}
    return {"success": True, "loan": {"id": ln["id"], "status": "returned", "returned_on": day}}


# ----------------------------------------------------------------------------- incoming loans

def create_incoming_loan(session_token: str, entry_number: str, lender_name: str, due_back_on: str,
                         insurance_value: float, state: State) -> dict:
    """Record a loan into the museum for objects already received on an entry record (reason ``loan_in``)."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    en = str(entry_number).strip().upper()
    e = state.entries.get(en)
    if e is None:
        return _fail(f"No entry record {entry_number}", "not_found", "entry_number")
    if e["reason"] != "loan_in":
        return _fail(f"Entry {en} was not received as a loan", "wrong_entry_reason", "entry_number")
    if e["status"] != "received":
        return _fail(f"Entry {en} is {e['status']}", "not_available", "entry_number")
    day, bad = _date(due_back_on, "due_back_on")
    if bad:
        return bad
    if day <= TODAY:
        return _fail("due_back_on must be after today", "invalid_date", "due_back_on")
    lid = f"LI-2028-{state.counters['loan_in']:02d}"
    state.counters["loan_in"] += 1
    state.loans[lid] = _loan(lid, "in", lender_name.strip(), e["description"], "active", [], e["received_on"], day)
    state.loans[lid]["insurance"] = float(insurance_value)
    e["status"] = "on_loan_in"
    return {"success": True, "loan": {"id": lid, "lender": lender_name.strip(), "due_back_on": day,
                                      "entry_number": en}}


def extend_loan(session_token: str, loan_id: str, new_end: str, state: State) -> dict:
    """Extend an active incoming loan or a dispatched outgoing one to a later end date (``DD/MM/YYYY``)."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    ln, bad = _loan_of(state, loan_id)
    if bad:
        return bad
    if ln["status"] not in ("active", "dispatched"):
        return _fail(f"Loan {ln['id']} is {ln['status']}; only a loan under way can be extended", "not_active",
                     "loan_id")
    day, bad = _date(new_end, "new_end")
    if bad:
        return bad
    if day <= ln["closes_on"]:
        return _fail(f"The new end must be after {ln['closes_on']}", "invalid_date", "new_end")
    ln["closes_on"] = day
    return {"success": True, "loan": {"id": ln["id"], "closes_on": day}}


# ----------------------------------------------------------------------------- exhibitions

def create_exhibition(session_token: str, title: str, gallery_code: str, opens_on: str, closes_on: str,
                      state: State) -> dict:
    """Plan an exhibition in one of the museum's galleries.

    Returns
    -------
    dict
        ``{"success": true, "exhibition": {"code", "title", "gallery", "status": "planned"}}``.
    """
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    g = gallery_code.strip().upper()
    loc = state.locations.get(g)
    if loc is None:
        return _fail(f"Unknown location {gallery_code!r}", "not_found", "gallery_code")
    if loc[1] != "gallery":
        return _fail(f"{g} is not a gallery", "not_a_gallery", "gallery_code")
    start, bad = _date(opens_on, "opens_on")
    if bad:
        return bad
    end, bad = _date(closes_on, "closes_on")
    if bad:
        return bad
    if not TODAY < start < end:
        return _fail("The exhibition must open after today and close after it opens", "invalid_date", "closes_on")
    code = f"EX-2028-{state.counters['exhibition']:02d}"
    state.counters["exhibition"] += 1
    state.exhibitions[code] = {"title": title.strip(), "gallery": g, "status": "planned", "opens_on": start,
                               "closes_on": end, "objects": []}
    return {"success": True, "exhibition": {"code": code, "title": title.strip(), "gallery": g, "status": "planned"}}


def list_exhibitions(session_token: str, status: Literal["planned", "open", "closed"] | None = None,
                     state: State = None) -> dict:
    """Exhibitions: rows ``[code, title, gallery, status, [opens_on, closes_on], object_count]``."""
    user, bad = _who(state, session_token)
    if bad:
        return bad
    return {"success": True, "exhibitions": [[c, x["title"], x["gallery"], x["status"],
                                              [x["opens_on"], x["closes_on"]], len(x["objects"])]
                                             for c, x in state.exhibitions.items()
                                             if status is None or x["status"] == status]}


def add_to_exhibition(session_token: str, exhibition_code: str, object_numbers: list[str], state: State) -> dict:
    """Add collection objects to a planned or open exhibition."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    x = state.exhibitions.get(str(exhibition_code).strip().upper())
    if x is None:
        return _fail(f"No exhibition {exhibition_code}", "not_found", "exhibition_code")
    if x["status"] == "closed":
        return _fail("The exhibition has closed", "closed", "exhibition_code")
    if not object_numbers:
        return _fail("Give at least one object", "required", "object_numbers")
    add = []
    for num in object_numbers:
        o, bad = _object(state, num)
        if bad:
            return bad
        if o["status"] != "in_collection":
            return _fail(f"{o['number']} is {o['status'].replace('_', ' ')}", "not_available", "object_numbers")
        if o["number"] in x["objects"]:
            return _fail(f"{o['number']} is already in this exhibition", "no_change", "object_numbers")
        add.append(o["number"])
    x["objects"] += add
    return {"success": True, "exhibition": {"code": str(exhibition_code).strip().upper(), "objects": list(x["objects"])}}


# ----------------------------------------------------------------------------- images and the online collection

def upload_image(session_token: str, object_number: str, filename: str, photographer: str, state: State) -> dict:
    """Attach a new photograph to an object record (rights not yet set).

    Returns
    -------
    dict
        ``{"success": true, "message": "Image IMG-nnnnn attached to <object number>."}``.
    """
    user, bad = _who(state, session_token, "technician", "registrar")
    if bad:
        return bad
    o, bad = _object(state, object_number)
    if bad:
        return bad
    if not re.search(r"\.(tif|tiff|jpg|jpeg|png)$", filename.strip().lower()):
        return _fail("Images must be TIFF, JPEG or PNG", "invalid_value", "filename")
    iid = f"IMG-{state.counters['image']}"
    state.counters["image"] += 1
    o["images"].append({"id": iid, "filename": filename.strip(), "photographer": photographer.strip(),
                        "licence": None})
    return {"success": True, "message": f"Image {iid} attached to {o['number']}."}


def set_image_rights(session_token: str, image_id: str, licence: Licence, state: State) -> dict:
    """Set the rights statement of an image (registrar)."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    iid = str(image_id).strip().upper()
    img = next((i for o in state.objects.values() for i in o["images"] if i["id"] == iid), None)
    if img is None:
        return _fail(f"No image {image_id}", "not_found", "image_id")
    if licence not in Licence.__args__:
        return _fail(f"Unknown licence {licence!r}", "invalid_value", "licence")
    if img["licence"] == licence:
        return _fail(f"The image is already {licence}", "no_change", "licence")
    img["licence"] = licence
    return {"success": True, "image": {"id": iid, "licence": licence}}


def publish_object(session_token: str, object_number: str, state: State) -> dict:
    """Publish an object to the online collection; it needs an image whose rights are set."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    o, bad = _object(state, object_number)
    if bad:
        return bad
    if o["published"]:
        return _fail(f"{o['number']} is already published", "no_change", "object_number")
    if not any(i["licence"] for i in o["images"]):
        return _fail(f"{o['number']} has no image with rights cleared", "no_cleared_image", "object_number")
    o["published"] = True
    return {"success": True, "message": f"{o['number']} ({o['title']}) is now live on the online collection."}


def propose_deaccession(session_token: str, object_number: str, reason: str, committee_minute: str,
                        state: State) -> dict:
    """Propose an object for deaccession to the governing body (registrar); it is withdrawn from loans,
    exhibitions and the online collection."""
    user, bad = _who(state, session_token, "registrar")
    if bad:
        return bad
    o, bad = _object(state, object_number)
    if bad:
        return bad
    if o["status"] != "in_collection":
        return _fail(f"{o['number']} is {o['status'].replace('_', ' ')}", "not_available", "object_number")
    if o["on_display"]:
        return _fail(f"{o['number']} is on display; take it off display first", "on_display", "object_number")
    if not committee_minute.strip():
        return _fail("A collections committee minute is required", "required", "committee_minute")
    o["status"], o["published"] = "deaccession_proposed", False
    state.deaccessions.append([o["number"], reason.strip(), committee_minute.strip()])
    return {"success": True, "object": {"number": o["number"], "status": "deaccession_proposed"}}


TOOLS = [
    log_in, search_objects, get_object, create_entry, list_entries, record_acquisition_decision, accession_object,
    list_locations, move_object, create_condition_report, list_condition_reports, request_treatment,
    complete_treatment, set_valuation, search_institutions, register_institution, record_facility_report,
    create_outgoing_loan, add_loan_object, get_loan, list_loans, submit_loan, decide_loan, issue_agreement,
    record_agreement_signed, build_crate, book_shipment, dispatch_loan, record_loan_return, create_incoming_loan,
    extend_loan, create_exhibition, list_exhibitions, add_to_exhibition, upload_image, set_image_rights,
    publish_object, propose_deaccession,
]

FIXTURES = {
    "museum": {"name": "Calderbrook Museum & Art Gallery", "today": "Wednesday 15 March 2028"},
    "staff": [
        {"name": "Ruth Kavanagh", "role": "registrar", "email": "ruth.kavanagh@calderbrook.museum",
         "password": "Accession-1923!"},
        {"name": "Sol Mendes", "role": "collections technician", "email": "sol.mendes@calderbrook.museum",
         "password": "Crate&Pallet7"},
        {"name": "Anika Bose", "role": "conservator", "email": "anika.bose@calderbrook.museum",
         "password": "Retouch-Varnish-3"},
        {"name": "Dr Imogen Hale", "role": "director", "email": "imogen.hale@calderbrook.museum",
         "password": "Director-Hale-2028"},
    ],
    "objects_as_named": [
        "Agnes Thorley's paintings: The Weir at Calderbrook, Evening; Mill Girls at Dinner Hour; her sketchbook",
        "the pair of Staffordshire spaniels (one ear off)", "the ammonite in the natural science store",
        "Joseph Crewe's Portrait of Ellen Marsh in Gallery 1", "the duplicate weaving shuttle in Store C",
    ],
    "borrowers": [
        {"name": "Kunsthalle Nordhafen", "city": "Hamburg",
         "says": "new facility report dated 2 March 2028, security and environment satisfactory; exhibition "
                 "'Agnes Thorley and the Northern Light', 15 June to 30 September 2028"},
        {"name": "Galway City Museum", "city": "Galway", "country": "Ireland",
         "contact": "registrar@galwaymuseum.example", "says": "facility report dated 28 February 2028, satisfactory"},
    ],
    "depositors": [
        {"name": "Mr Declan Farrow", "offer": "two Calderbrook Pottery jugs; committee approved the purchase at its "
                                             "meeting of 14 March 2028 (minute 6)"},
        {"name": "St Oswin's Church", "loan": "chalice and paten for the Threads exhibition, back by 30 September "
                                              "2028, insured for GBP 85,000"},
        {"name": "Mrs Hilary Stott", "email": "h.stott@example.net",
         "offer": "a Hollins & Co. pattern book brought in on 13 March 2028, offered as a gift"},
    ],
}

_TOKEN = [t.__name__ for t in TOOLS if t.__name__ not in ("log_in", "search_objects")]

GROUND_TRUTH = (
    [("log_in", c, "auth: session token (session.token, passed as session_token)") for c in _TOKEN]
    + [("search_objects", c, "id lookup: object number (results[].object.number)")
       for c in ("get_object", "list_condition_reports", "create_outgoing_loan", "add_loan_object",
                 "add_to_exhibition", "publish_object", "propose_deaccession")]
    + [("search_objects|accession_object", c, "id lookup/create: object number (results[].object.number, or the "
        "new number inside the accession sentence)")
       for c in ("move_object", "create_condition_report", "set_valuation", "upload_image")]
    + [("search_objects|get_loan", "build_crate", "id lookup: object numbers (results[].object.number, or the "
        "loan's objects[][0])")]
    + [("create_entry|list_entries", c, "id lookup/create: entry number (inside the sentence, or entries[][0])")
       for c in ("record_acquisition_decision", "accession_object", "create_incoming_loan")]
    + [("search_institutions|register_institution", c, "id lookup/create: institution id (institutions[][0], or "
        "inside the sentence)") for c in ("record_facility_report", "create_outgoing_loan")]
    + [("create_outgoing_loan|list_loans", c, "id lookup/create: loan id (loan.id, or loans[][0])")
       for c in ("get_loan", "add_loan_object", "submit_loan", "decide_loan", "issue_agreement", "book_shipment",
                 "dispatch_loan")]
    + [("set_valuation", c, "state: a valuation from the last five years") for c in ("create_outgoing_loan",
                                                                                      "add_loan_object")]
    + [("create_condition_report", c, "state: a condition report from the last twelve months")
       for c in ("create_outgoing_loan", "add_loan_object")]
    + [("list_locations", c, "vocabulary: location code (locations[][0])") for c in ("move_object",
                                                                                     "create_exhibition")]
    + [
        ("record_acquisition_decision", "accession_object", "state: the acquisition approved"),
        ("create_condition_report|list_condition_reports", "request_treatment", "id lookup/create: a condition "
         "report grading the object poor or unstable (report.id, or reports[][0])"),
        ("request_treatment", "complete_treatment", "id create: conservation job number (job.number)"),
        ("record_facility_report", "create_outgoing_loan", "state: the borrower's facility report current"),
        ("list_loans", "record_loan_return", "id lookup: loan id (loans[][0])"),
        ("list_loans|create_incoming_loan", "extend_loan", "id lookup/create: loan id (loans[][0], or loan.id)"),
        ("submit_loan", "decide_loan", "state: the loan submitted"),
        ("decide_loan", "issue_agreement", "state: the loan approved by the director"),
        ("issue_agreement|get_loan", "record_agreement_signed", "id lookup/create: agreement number "
                                                                "(agreement.number, or loan.agreement.number)"),
        ("record_agreement_signed", "book_shipment", "state: the agreement signed"),
        ("build_crate", "book_shipment", "id create: crate id (inside the sentence)"),
        ("book_shipment", "dispatch_loan", "state: the shipment booked"),
        ("dispatch_loan", "record_loan_return", "state: the loan dispatched"),
        ("create_exhibition|list_exhibitions", "add_to_exhibition", "id lookup/create: exhibition code "
                                                                    "(exhibition.code, or exhibitions[][0])"),
        ("upload_image|get_object", "set_image_rights", "id lookup/create: image id (inside the sentence, or "
                                                        "object.images[].id)"),
        ("set_image_rights", "publish_object", "state: an image with rights set"),
    ]
)

PLAUSIBLE = {
    ("get_object", "move_object"), ("get_object", "create_outgoing_loan"), ("get_object", "set_valuation"),
    ("get_object", "publish_object"), ("get_object", "propose_deaccession"), ("get_object", "add_to_exhibition"),
    ("get_object", "create_condition_report"), ("list_condition_reports", "create_outgoing_loan"),
    ("get_loan", "submit_loan"), ("get_loan", "book_shipment"), ("get_loan", "dispatch_loan"),
    ("get_loan", "issue_agreement"), ("get_loan", "decide_loan"), ("get_loan", "add_loan_object"),
    ("get_loan", "extend_loan"), ("get_loan", "record_loan_return"), ("list_entries", "create_entry"),
    ("search_institutions", "register_institution"),
    ("list_locations", "add_to_exhibition"), ("list_exhibitions", "create_exhibition"),
    ("get_object", "build_crate"),
    ("search_objects", "request_treatment"), ("get_object", "request_treatment"),
    ("create_condition_report", "add_to_exhibition"),
    ("accession_object", "get_object"), ("accession_object", "list_condition_reports"),
}
