"""Clapper: the filming permits service of Caldmoor Film Office, a city council's film office (39 calls).

Plain functions, each behind the ``console(*roles)`` session decorator, over an in-memory ``State`` of the film
office on Tuesday 14 October 2053 at 09:00. Productions that want to film on the city's streets, bridges, parks and
buildings register with the office and keep their public liability insurance on file (and, to fly a drone, a
verified drone operator). A film officer opens an application for a production at a location, adds its shoot days
with their hours and activities, attaches the risk assessment and submits it; the teams whose land or duties the
shoot touches (highways, parks, environmental health for night work, public transport on bus routes) are consulted
and answer; the police are told of weapons or special effects; the officer approves the application on standard
conditions, the residents around the location get a letter, highways suspend the parking bays the unit needs, the
production is invoiced, pays (and, in a park, leaves a reinstatement deposit), and the permit is issued. Complaints
against a permit are logged and resolved, and a location is signed off once the unit has gone. Finance records
payments; the manager may do everything. The fee schedule and the standard conditions are public.

The service is written in the style of an AWS JSON-protocol API: a refusal is *returned* as an error object, a dict
whose ``__type`` names the exception shape and whose ``message`` says why, as in ``{"__type":
"com.caldmoor.filmoffice#ConflictException", "message": "APP-3290 is submitted; only a draft takes new shoot
days"}``. The shapes are ``UnrecognizedClientException`` (no session for the token), ``NotAuthorizedException`` (a
wrong user name or password), ``AccessDeniedException`` (the role may not make the call),
``ResourceNotFoundException`` (an unknown id or code), ``ValidationException`` (a bad input),
``ServiceQuotaExceededException`` (a limit of the location's or the office's) and ``ConflictException`` (a record in
the wrong state, or a change made already). No common convention reads ``__type``, so the module declares
``FAILURE`` (``aws_json_error``).

Annotations are postponed (``from __future__ import annotations``) and spelled with PEP 604 unions and builtin
generics (``str | None``, ``list[str]``, ``dict[str, Any]``), with ``Literal`` aliases and ``Enum``s. Docstrings are
reST (``:param:``, ``:returns:``). Replies are plain dicts and lists of them (a session, productions, a production's
file with its documents and applications as rows, a drone clearance, locations, a location's detail with its
streets and parking bays as rows, applications with their shoot days as rows, documents, consultations, letters,
parking suspensions, a quote with its lines as rows, invoices, permits, complaints, a sign-off); the fee schedule and
the standard conditions as bare rows; a bare value (what is left to pay on an invoice); sentences with an id in them
(a shoot day removed, the police told, an application refused, a letter sent, a suspension cancelled, a permit
issued, a complaint resolved, a sign-out). Typed inputs: plain ``Enum`` inputs (``Consultee``), ``str`` ``Enum``
inputs (``ProductionKind``, ``PayMethod``), ``Literal`` inputs (a consultee's response) and ``Literal`` filters
(applications, locations, invoices, consultations), ``list[str]`` activities, hazards, conditions, streets and fee
codes, ``list[int]`` quantities, ``bool`` settings and answers, ``int`` crew and vehicles, ``float`` cover and
amounts, ``str | None`` details and filters. Ids look alike: production ``PRD-4401``, location ``LOC-201``,
application ``APP-3290``, document ``DOC-6604``, consultation ``CON-5510``, letter ``LTR-0417``, parking suspension
``PS-0911``, invoice ``INV-7702``, permit ``FP-0141``, complaint ``CMP-2201``; bays ``PB-14``; fee codes
``FEE-STD``; condition codes ``SC-03``. The activities a shoot day may list, the notice a shoot day needs, the
hours that count as night work, the insurance cover the office asks for, the drone operator's and flyer's id forms,
the location fee each kind of production pays and the parks deposit are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
import json
import re
from enum import Enum
from typing import Any, Callable, Literal

TODAY = "2053-10-14"  # a Tuesday
NOW = "2053-10-14 09:00"
SERVICE = "com.caldmoor.filmoffice"
PERMITS = ("permits",)
HIGHWAYS = ("highways",)
PARKS = ("parks",)
FINANCE = ("finance",)
AppStatus = Literal["draft", "submitted", "approved", "refused", "permitted"]
LocationKind = Literal["street", "park", "building", "bridge"]
Response = Literal["no_objection", "conditions", "objection"]
InvoiceStatus = Literal["unpaid", "paid"]
ConsultationTeam = Literal["highways", "parks", "environmental_health", "public_transport"]
ACTIVITIES = ("dialogue", "crowd", "action_vehicle", "stunts", "drone", "weapons", "sfx")


class ProductionKind(str, Enum):
    FEATURE = "feature"
    TV_DRAMA = "tv_drama"
    COMMERCIAL = "commercial"
    DOCUMENTARY = "documentary"
    MUSIC_VIDEO = "music_video"
    STUDENT = "student"


class Consultee(Enum):
    HIGHWAYS = "highways"
    PARKS = "parks"
    ENVIRONMENTAL_HEALTH = "environmental_health"
    PUBLIC_TRANSPORT = "public_transport"


class PayMethod(str, Enum):
    CARD = "card"
    BACS = "bacs"
    CHEQUE = "cheque"


# --------------------------------------------------------------------------- refusals


def aws_json_error(reply: Any) -> Any:
    """A reply is a refusal when it is an AWS JSON-protocol error object: a dict (or JSON text of one) with a string
    ``__type``. Answers ``"ConflictException: <message>"``, else False."""
    if isinstance(reply, str) and reply[:1] == "{":
        try:
            reply = json.loads(reply)
        except ValueError:
            return False
    if isinstance(reply, dict) and isinstance(reply.get("__type"), str):
        return f"{reply['__type'].rsplit('#', 1)[-1]}: {reply.get('message')}"
    return False


FAILURE = aws_json_error


class _Fault(Exception):
    """A refusal inside a call, answered as an error object."""

    def __init__(self, shape: str, message: str) -> None:
        super().__init__(message)
        self.shape = shape
        self.message = message

    def reply(self) -> dict[str, str]:
        return {"__type": f"{SERVICE}#{self.shape}", "message": self.message}


def _missing(message: str) -> _Fault:
    return _Fault("ResourceNotFoundException", message)


def _invalid(message: str) -> _Fault:
    return _Fault("ValidationException", message)


def _conflict(message: str) -> _Fault:
    return _Fault("ConflictException", message)


def _quota(message: str) -> _Fault:
    return _Fault("ServiceQuotaExceededException", message)


# --------------------------------------------------------------------------- the office's public lists

FEES = [  # code, description, amount in pounds, charged per
    ["FEE-STD", "Location fee, feature film, drama or documentary", 350.0, "shoot day"],
    ["FEE-COM", "Location fee, commercial or music video", 600.0, "shoot day"],
    ["FEE-LOW", "Location fee, student production", 60.0, "shoot day"],
    ["PKG-BAY", "Parking bay suspension", 28.0, "bay a day"],
    ["ADM-LTR", "Residents' letter drop", 0.6, "household"],
    ["NGT-SUP", "Night work supplement", 180.0, "night"],
]
FEE = {code: amount for code, _, amount, _ in FEES}
KIND_FEE = {"feature": "FEE-STD", "tv_drama": "FEE-STD", "documentary": "FEE-STD", "commercial": "FEE-COM",
            "music_video": "FEE-COM", "student": "FEE-LOW"}
PARKS_DEPOSIT = 1000.0
MIN_COVER = 5_000_000.0
CONDITIONS = [  # code, condition
    ["SC-01", "Keep the public footway open at all times, with a clear width of 1.5 metres"],
    ["SC-02", "Stewards in hi-visibility clothing at each end of the unit"],
    ["SC-03", "No generators running before 07:00 or after 22:00 within 50 metres of homes"],
    ["SC-04", "Reinstate the grass and paths to the parks officer's satisfaction"],
    ["SC-05", "Traffic held for no more than three minutes at a time, under highways' direction"],
    ["SC-06", "Blank-firing weapons only in the presence of a licensed armourer"],
]
CONDITION = {code for code, _ in CONDITIONS}


def _loc(name: str, kind: str, area: str, max_crew: int, streets: list[list[Any]], bays: list[list[Any]],
         blackout: list[str], bus_route: bool = False) -> dict[str, Any]:
    return {"name": name, "kind": kind, "area": area, "max_crew": max_crew, "streets": streets, "bays": bays,
            "blackout": blackout, "bus_route": bus_route}


def _app(production: str, location: str, status: str, crew: int, vehicles: int, description: str,
         days: list[list[Any]], **more: Any) -> dict[str, Any]:
    row = {"production": production, "location": location, "status": status, "crew": crew, "vehicles": vehicles,
           "description": description, "days": days, "night": False, "risk": None, "conditions": [],
           "police": None, "deposit": None}
    row.update(more)
    return row


class State:
    """Caldmoor Film Office on Tuesday 14 October 2053 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "ysmay.q": {"name": "Ysmay Quarmbottom", "password": "Clapper-Loader-42", "role": "permits"},
            "godric.o": {"name": "Godric Ogilvie", "password": "Cone-Taper-17", "role": "highways"},
            "melisende.w": {"name": "Melisende Wrathall", "password": "Bandstand-Turf-63", "role": "parks"},
            "cosimo.g": {"name": "Cosimo Gillibrand", "password": "Ledger-Float-29", "role": "finance"},
            "zenobia.r": {"name": "Zenobia Rudge", "password": "Wrap-Party-85", "role": "manager"},
        }
        self.sessions: dict[str, dict[str, Any]] = {}
        self.productions: dict[str, dict[str, Any]] = {
            "PRD-4401": {"title": "The Salt Ledger", "company": "Corvid & Quell Films", "kind": "feature",
                         "contact": "Ambrosine Delacour", "phone": "07700 900318",
                         "email": "locations@corvidquell.example",
                         "insurance": ["DOC-6590", "Wardle & Sparrowe Insurance", "WP-PL-220871", 10_000_000.0,
                                       "2054-03-31"], "drone": None},
            "PRD-4402": {"title": "The Small Hours", "company": "Greyhaven Television", "kind": "tv_drama",
                         "contact": "Emeric Quennock", "phone": "07700 900427", "email": None,
                         "insurance": ["DOC-6571", "Portcullis Mutual", "CM-FP-401266", 5_000_000.0, "2053-09-30"],
                         "drone": None},
            "PRD-4403": {"title": "Brambling Fizz", "company": "Mallowbrook Creative", "kind": "commercial",
                         "contact": "Ottilia Chukwuma", "phone": "07700 900536",
                         "email": "ottilia@mallowbrook.example",
                         "insurance": ["DOC-6598", "Wardle & Sparrowe Insurance", "WP-PL-230114", 5_000_000.0,
                                       "2054-01-31"],
                         "drone": ["GBR-OP-4MN7R2XK8QTE", "Valentin Coyle", "GBR-RP-9DF3LW6ZB2HA", "2053-09-02"]},
            "PRD-4404": {"title": "Brick and Bone", "company": "Plinth Docs", "kind": "documentary",
                         "contact": "Florimond Oddicombe", "phone": "07700 900645", "email": None,
                         "insurance": ["DOC-6582", "Portcullis Mutual", "CM-FP-398820", 6_000_000.0, "2054-06-30"],
                         "drone": None},
        }
        self.locations: dict[str, dict[str, Any]] = {
            "LOC-201": _loc("Currier Street", "street", "Cordwainers' Quarter", 60,
                            [["Currier Street", 38], ["Welt Row", 22]],
                            [["PB-14", "Currier Street", 6], ["PB-15", "Currier Street", 4],
                             ["PB-22", "Welt Row", 5]], []),
            "LOC-202": _loc("Ropemakers' Green", "park", "Eastbank", 150, [["Hempen Terrace", 17]], [],
                            ["2053-10-25"]),
            "LOC-203": _loc("Caldmoor Central Library", "building", "Civic Quarter", 40, [["Library Walk", 9]],
                            [["PB-31", "Library Walk", 3]], []),
            "LOC-204": _loc("Penstock Bridge", "bridge", "Eastbank", 35, [["Penstock Road", 28]],
                            [["PB-40", "Penstock Road", 8], ["PB-41", "Penstock Road", 5]], []),
            "LOC-205": _loc("Saltmarket Square", "street", "Cordwainers' Quarter", 80,
                            [["Saltmarket", 30], ["Tallowmakers' Lane", 14]],
                            [["PB-51", "Saltmarket", 10], ["PB-52", "Tallowmakers' Lane", 4]], [], bus_route=True),
        }
        self.applications: dict[str, dict[str, Any]] = {
            "APP-3280": _app("PRD-4404", "LOC-202", "permitted", 25, 4, "Interviews by the old rope walk",
                             [["2053-10-12", "09:00", "17:00", ["dialogue"]],
                              ["2053-10-13", "09:00", "17:00", ["dialogue"]]],
                             risk="DOC-6580", conditions=["SC-01", "SC-04"], deposit=PARKS_DEPOSIT),
            "APP-3281": _app("PRD-4401", "LOC-203", "permitted", 30, 3, "Reading room scene",
                             [["2053-10-16", "08:00", "18:00", ["dialogue"]]], risk="DOC-6591",
                             conditions=["SC-01"]),
            "APP-3286": _app("PRD-4404", "LOC-202", "approved", 20, 3, "Walking interview along the river path",
                             [["2053-10-27", "10:00", "16:00", ["dialogue"]]], risk="DOC-6600",
                             conditions=["SC-01", "SC-04"]),
            "APP-3288": _app("PRD-4402", "LOC-201", "draft", 55, 9, "Episode 4: the night porter walks home", []),
            "APP-3290": _app("PRD-4403", "LOC-205", "submitted", 40, 5, "A summer street party for a soft drink",
                             [["2053-10-23", "08:00", "16:00", ["dialogue", "sfx"]]], risk="DOC-6604"),
            "APP-3295": _app("PRD-4401", "LOC-204", "approved", 30, 4, "The ledger thrown from the bridge",
                             [["2053-10-20", "08:00", "18:00", ["dialogue", "crowd"]]], risk="DOC-6605",
                             conditions=["SC-01", "SC-05"]),
        }
        self.documents: dict[str, list[Any]] = {  # id: [production, kind, detail, date]
            "DOC-6571": ["PRD-4402", "insurance", "Portcullis Mutual CM-FP-401266 to 2053-09-30", "2052-10-01"],
            "DOC-6580": ["PRD-4404", "risk_assessment", "APP-3280, by Florimond Oddicombe", "2053-09-22"],
            "DOC-6582": ["PRD-4404", "insurance", "Portcullis Mutual CM-FP-398820 to 2054-06-30", "2053-07-01"],
            "DOC-6590": ["PRD-4401", "insurance", "Wardle & Sparrowe Insurance WP-PL-220871 to 2054-03-31",
                         "2053-04-01"],
            "DOC-6591": ["PRD-4401", "risk_assessment", "APP-3281, by Ambrosine Delacour", "2053-09-29"],
            "DOC-6598": ["PRD-4403", "insurance", "Wardle & Sparrowe Insurance WP-PL-230114 to 2054-01-31",
                         "2053-02-01"],
            "DOC-6600": ["PRD-4404", "risk_assessment", "APP-3286, by Florimond Oddicombe", "2053-10-02"],
            "DOC-6604": ["PRD-4403", "risk_assessment", "APP-3290, by Ottilia Chukwuma", "2053-10-08"],
            "DOC-6605": ["PRD-4401", "risk_assessment", "APP-3295, by Ambrosine Delacour", "2053-10-03"],
        }
        self.consultations: dict[str, dict[str, Any]] = {
            "CON-5501": {"application": "APP-3286", "team": "parks", "asked": "2053-10-03",
                         "response": "no_objection", "comments": "Keep to the surfaced path"},
            "CON-5510": {"application": "APP-3290", "team": "highways", "asked": "2053-10-09", "response": None,
                         "comments": None},
            "CON-5511": {"application": "APP-3290", "team": "public_transport", "asked": "2053-10-09",
                         "response": "no_objection", "comments": "Route 7 diverts via Chainhouse Road"},
            "CON-5512": {"application": "APP-3295", "team": "highways", "asked": "2053-10-06",
                         "response": "conditions", "comments": "Stop-go boards on Penstock Road"},
        }
        self.letters: dict[str, dict[str, Any]] = {
            "LTR-0417": {"application": "APP-3286", "streets": ["Hempen Terrace"], "households": 17,
                         "body": "Filming on Ropemakers' Green on 27 October", "status": "sent"},
        }
        self.suspensions: dict[str, dict[str, Any]] = {
            "PS-0911": {"application": "APP-3295", "bay": "PB-40", "street": "Penstock Road", "date": "2053-10-20",
                        "spaces": 8, "status": "booked"},
        }
        self.invoices: dict[str, dict[str, Any]] = {
            "INV-7695": {"application": "APP-3281", "lines": [["FEE-STD", 1, 350.0], ["ADM-LTR", 9, 5.4]],
                         "paid": 355.4},
            "INV-7702": {"application": "APP-3286", "lines": [["FEE-STD", 1, 350.0], ["ADM-LTR", 17, 10.2]],
                         "paid": 0.0},
        }
        self.permits: dict[str, dict[str, Any]] = {
            "FP-0141": {"application": "APP-3280", "issued": "2053-10-08", "signed_off": False},
            "FP-0142": {"application": "APP-3281", "issued": "2053-10-10", "signed_off": False},
        }
        self.complaints: dict[str, dict[str, Any]] = {}
        self.counters = {"production": 4405, "application": 3296, "document": 6606, "consultation": 5513,
                         "letter": 418, "suspension": 912, "invoice": 7703, "permit": 143, "complaint": 2201,
                         "police": 412}


# --------------------------------------------------------------------------- helpers


def console(*roles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The session check in front of a call: the token of a signed-in member of staff whose role is one of ``roles``
    (the manager may make every call; no roles: anyone signed in). A refusal, the check's or the call's own, is
    answered as an error object."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def checked(*args: Any, **kwargs: Any) -> Any:
            try:
                _session(kwargs.get("state"), kwargs.get("token"), roles)
                return fn(*args, **kwargs)
            except _Fault as fault:
                return fault.reply()

        return checked

    return decorate


def _session(state: Any, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) and state is not None else None
    if session is None:
        raise _Fault("UnrecognizedClientException", "the session token is not valid, or it has expired; sign in")
    if roles and session["role"] != "manager" and session["role"] not in roles:
        raise _Fault("AccessDeniedException", f"{session['name']} ({session['role']}) is not allowed to make this call")
    return session


def _role(state: State, token: str) -> str:
    return state.sessions[token]["role"]


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _get(table: dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _missing(f"no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _invalid(f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _time(value: Any, name: str) -> str:
    if not isinstance(value, str) or not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", value.strip()):
        raise _invalid(f"{name} is a time written HH:MM on the 24-hour clock, not {value!r}")
    return value.strip()


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        raise _invalid(f"{name} is one of {', '.join(m.value for m in kind)}, not {value!r}") from None


def _choice(value: Any, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise _invalid(f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _whole(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _strings(value: Any, name: str, *, empty: bool = False) -> list[str]:
    if not isinstance(value, list) or (not value and not empty) or not all(isinstance(v, str) and v.strip()
                                                                            for v in value):
        raise _invalid(f"{name} is a list of {'' if empty else 'at least one '}text")
    return [" ".join(v.split()) for v in value]


def _days_between(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _night(start: str, end: str) -> bool:
    return start < "07:00" or end > "23:00" or end <= start


def _production(state: State, pid: str) -> dict[str, Any]:
    p = state.productions[pid]
    ins = p["insurance"]
    return {"production_id": pid, "title": p["title"], "company": p["company"], "kind": p["kind"],
            "contact": p["contact"], "phone": p["phone"], "email": p["email"],
            "insurance_until": ins[4] if ins else None, "drone_operator": p["drone"][0] if p["drone"] else None}


def _location(state: State, lid: str) -> dict[str, Any]:
    loc = state.locations[lid]
    return {"location_id": lid, "name": loc["name"], "kind": loc["kind"], "area": loc["area"]}


def _application(state: State, aid: str) -> dict[str, Any]:
    a = state.applications[aid]
    return {"application_id": aid, "production_id": a["production"],
            "production": state.productions[a["production"]]["title"], "location_id": a["location"],
            "location": state.locations[a["location"]]["name"], "crew_size": a["crew"], "vehicles": a["vehicles"],
            "description": a["description"], "app_status": a["status"], "night_filming": a["night"],
            "days": [[d, s, e, ", ".join(acts)] for d, s, e, acts in sorted(a["days"])],
            "risk_assessment": a["risk"], "conditions": list(a["conditions"])}


def _consultation(state: State, cid: str) -> dict[str, Any]:
    c = state.consultations[cid]
    return {"consultation_id": cid, "application_id": c["application"],
            "location": state.locations[state.applications[c["application"]]["location"]]["name"],
            "team": c["team"], "asked_on": c["asked"], "response": c["response"], "comments": c["comments"]}


def _letter(state: State, lid: str) -> dict[str, Any]:
    lt = state.letters[lid]
    return {"letter_id": lid, "application_id": lt["application"], "streets": list(lt["streets"]),
            "households": lt["households"], "letter_status": lt["status"]}


def _suspension(state: State, sid: str) -> dict[str, Any]:
    s = state.suspensions[sid]
    return {"suspension_id": sid, "application_id": s["application"], "bay_ref": s["bay"], "street": s["street"],
            "date": s["date"], "spaces": s["spaces"], "suspension_status": s["status"]}


def _invoice(state: State, iid: str) -> dict[str, Any]:
    inv = state.invoices[iid]
    amount = round(sum(line[2] for line in inv["lines"]), 2)
    balance = round(amount - inv["paid"], 2)
    return {"invoice_id": iid, "application_id": inv["application"],
            "production_id": state.applications[inv["application"]]["production"],
            "lines": [list(line) for line in inv["lines"]], "amount": amount, "paid": round(inv["paid"], 2),
            "balance": balance, "invoice_status": "paid" if balance <= 0 else "unpaid"}


def _permit(state: State, pid: str) -> dict[str, Any]:
    p = state.permits[pid]
    a = state.applications[p["application"]]
    return {"permit_id": pid, "application_id": p["application"],
            "production": state.productions[a["production"]]["title"], "location_id": a["location"],
            "location": state.locations[a["location"]]["name"], "days": sorted(d[0] for d in a["days"]),
            "issued_on": p["issued"], "signed_off": p["signed_off"]}


def _complaint(state: State, cid: str) -> dict[str, Any]:
    c = state.complaints[cid]
    return {"complaint_id": cid, "permit_id": c["permit"], "complainant": c["complainant"], "address": c["address"],
            "details": c["details"], "logged_on": c["logged"], "complaint_status": c["status"]}


def _teams_needed(state: State, aid: str) -> list[str]:
    a = state.applications[aid]
    loc = state.locations[a["location"]]
    needed = {"street": ["highways"], "bridge": ["highways"], "park": ["parks"], "building": []}[loc["kind"]]
    if a["night"]:
        needed.append("environmental_health")
    if loc["bus_route"]:
        needed.append("public_transport")
    return needed


def _armed(a: dict[str, Any]) -> bool:
    return any(act in ("weapons", "sfx") for _, _, _, acts in a["days"] for act in acts)


def _fmt(day: str) -> str:
    d = datetime.date.fromisoformat(day)
    return f"{d.day} {d.strftime('%B %Y')}"


# --------------------------------------------------------------------------- sessions and public lists


def sign_in(state: State, username: str, password: str) -> dict[str, Any]:
    """Sign in to the film office's permits service.

    :param username: the member of staff's user name, such as ``ysmay.q``
    :param password: their password
    :returns: the session: ``token`` (every call but ``sign_in``, ``fee_schedule`` and ``standard_conditions``
        needs it), ``name``, ``role`` and ``signed_in``
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        return _Fault("NotAuthorizedException", "incorrect user name or password").reply()
    token = f"cfo-{username}-{len(state.sessions) + 1}"
    state.sessions[token] = {"username": username, **user}
    return {"token": token, "name": user["name"], "role": user["role"], "signed_in": NOW}


@console()
def sign_out(state: State, token: str) -> str:
    """End the session a token belongs to.

    :param token: the session token
    :returns: a sentence saying who signed out
    """
    who = state.sessions.pop(token)["name"]
    return f"Signed out {who} at {NOW[11:]}."


def fee_schedule() -> list[list[Any]]:
    """The office's published fees, public and needing no session.

    :returns: rows of ``[fee code, description, amount in pounds, charged per]``; an invoice lists its lines by
        these codes
    """
    return [list(f) for f in FEES]


def standard_conditions() -> list[list[str]]:
    """The standard conditions a permit may be approved on, public and needing no session.

    :returns: rows of ``[condition code, condition]``; an approval names its conditions by these codes
    """
    return [list(c) for c in CONDITIONS]


# --------------------------------------------------------------------------- productions


@console()
def find_production(state: State, token: str, title: str) -> list[dict[str, Any]]:
    """Find productions by title (any part of it, any case).

    :param token: the session token
    :param title: part of the production's title
    :returns: the matching productions by id, each with its company, kind, contact, the date its insurance runs to
        and its verified drone operator, if any
    """
    if _blank(title):
        raise _invalid("title is required")
    text = title.strip().lower()
    return [_production(state, pid) for pid, p in sorted(state.productions.items()) if text in p["title"].lower()]


@console(*PERMITS)
def register_production(state: State, token: str, title: str, company: str, kind: ProductionKind, contact_name: str,
                        phone: str, email: str | None = None) -> dict[str, Any]:
    """Register a production company's new production with the office.

    :param token: the session token (a film officer)
    :param title: the production's working title
    :param company: the production company
    :param kind: ``feature``, ``tv_drama``, ``commercial``, ``documentary``, ``music_video`` or ``student``
    :param contact_name: the location manager or producer the office deals with
    :param phone: their phone number
    :param email: their e-mail address, if given
    :returns: the production, with no insurance on file yet
    """
    what = _enum(ProductionKind, kind, "kind").value
    if any(_blank(v) for v in (title, company, contact_name, phone)):
        raise _invalid("title, company, contact_name and phone are required")
    name = " ".join(title.split())
    if any(p["title"].lower() == name.lower() and p["company"].lower() == company.strip().lower()
           for p in state.productions.values()):
        raise _conflict(f"{name} ({company.strip()}) is registered already")
    pid = f"PRD-{_next(state, 'production')}"
    state.productions[pid] = {"title": name, "company": " ".join(company.split()), "kind": what,
                              "contact": " ".join(contact_name.split()), "phone": phone.strip(),
                              "email": email.strip() if isinstance(email, str) and email.strip() else None,
                              "insurance": None, "drone": None}
    return _production(state, pid)


@console()
def production_file(state: State, token: str, production_id: str) -> dict[str, Any]:
    """A production's whole file.

    :param token: the session token
    :param production_id: the production, such as ``PRD-4401``
    :returns: the production, its documents as rows of ``[document id, kind, detail, date]`` and its applications
        as rows of ``[application id, location, status, first shoot day]``
    """
    _get(state.productions, production_id, "production")
    docs = [[did, d[1], d[2], d[3]] for did, d in sorted(state.documents.items()) if d[0] == production_id]
    apps = [[aid, state.locations[a["location"]]["name"], a["status"], min((d[0] for d in a["days"]), default=None)]
            for aid, a in sorted(state.applications.items()) if a["production"] == production_id]
    return {**_production(state, production_id), "documents": docs, "applications": apps}


@console(*PERMITS)
def upload_insurance(state: State, token: str, production_id: str, insurer: str, policy_number: str, cover: float,
                     expires: str) -> dict[str, Any]:
    """File a production's public liability insurance certificate, replacing the one on file.

    :param token: the session token (a film officer)
    :param production_id: the production
    :param insurer: the insurer named on the certificate
    :param policy_number: the policy number
    :param cover: the cover for any one claim, in pounds
    :param expires: the date the policy ends, ``YYYY-MM-DD``
    :returns: the document filed: ``document_id``, ``production_id``, ``kind``, ``detail``, ``filed_on``
    """
    p = _get(state.productions, production_id, "production")
    if _blank(insurer) or _blank(policy_number):
        raise _invalid("insurer and policy_number are required")
    if not _number(cover) or cover <= 0:
        raise _invalid("cover is an amount in pounds")
    ends = _date(expires, "expires")
    if ends <= TODAY:
        raise _invalid(f"that policy ended on {ends}")
    if cover < MIN_COVER:
        raise _invalid("the office asks for public liability cover of at least 5,000,000 pounds for any one claim")
    policy = policy_number.strip().upper()
    if p["insurance"] and p["insurance"][2] == policy and p["insurance"][4] == ends:
        raise _conflict(f"policy {policy} to {ends} is on file already")
    did = f"DOC-{_next(state, 'document')}"
    detail = f"{' '.join(insurer.split())} {policy} to {ends}"
    state.documents[did] = [production_id, "insurance", detail, TODAY]
    p["insurance"] = [did, " ".join(insurer.split()), policy, float(cover), ends]
    return {"document_id": did, "production_id": production_id, "kind": "insurance", "detail": detail,
            "filed_on": TODAY}


@console(*PERMITS)
def verify_drone_operator(state: State, token: str, production_id: str, operator_id: str, pilot: str,
                          flyer_id: str) -> dict[str, Any]:
    """Record the drone operator a production will fly with, once the office has checked the operator's and the
    remote pilot's registrations.

    :param token: the session token (a film officer)
    :param production_id: the production
    :param operator_id: the drone operator's registration id
    :param pilot: the remote pilot's name
    :param flyer_id: the remote pilot's flyer id
    :returns: the clearance: ``production_id``, ``operator_id``, ``pilot``, ``flyer_id``, ``verified_on``
    """
    p = _get(state.productions, production_id, "production")
    op = re.sub(r"\s", "", operator_id).upper() if isinstance(operator_id, str) else ""
    flyer = re.sub(r"\s", "", flyer_id).upper() if isinstance(flyer_id, str) else ""
    if _blank(pilot):
        raise _invalid("pilot is required")
    if not re.fullmatch(r"GBR-OP-[A-Z0-9]{12}", op):
        raise _invalid("an operator id is written GBR-OP- and twelve letters or digits")
    if not re.fullmatch(r"GBR-RP-[A-Z0-9]{12}", flyer):
        raise _invalid("a flyer id is written GBR-RP- and twelve letters or digits")
    if p["drone"] and p["drone"][0] == op and p["drone"][2] == flyer:
        raise _conflict(f"{op} with flyer {flyer} is verified for {p['title']} already")
    p["drone"] = [op, " ".join(pilot.split()), flyer, TODAY]
    return {"production_id": production_id, "operator_id": op, "pilot": p["drone"][1], "flyer_id": flyer,
            "verified_on": TODAY}


# --------------------------------------------------------------------------- locations


@console()
def find_location(state: State, token: str, text: str, kind: LocationKind | None = None) -> list[dict[str, Any]]:
    """Find the city's filming locations by name or area.

    :param token: the session token
    :param text: part of the location's name or area
    :param kind: only locations of this kind: ``street``, ``park``, ``building`` or ``bridge``
    :returns: the matching locations by id, with their kind and area
    """
    if _blank(text):
        raise _invalid("text is required")
    if kind is not None:
        _choice(kind, ("street", "park", "building", "bridge"), "kind")
    t = text.strip().lower()
    return [_location(state, lid) for lid, loc in sorted(state.locations.items())
            if (t in loc["name"].lower() or t in loc["area"].lower()) and (kind is None or loc["kind"] == kind)]


@console()
def location_detail(state: State, token: str, location_id: str) -> dict[str, Any]:
    """A location's detail.

    :param token: the session token
    :param location_id: the location, such as ``LOC-201``
    :returns: the location with ``max_crew``, ``streets`` as rows of ``[street, households]``, ``bays`` (the
        parking bays that may be suspended) as rows of ``[bay ref, street, spaces]``, ``blackout`` (dates it may not
        be filmed) and ``consultees`` (the teams an application there must hear from)
    """
    loc = _get(state.locations, location_id, "location")
    needed = {"street": ["highways"], "bridge": ["highways"], "park": ["parks"], "building": []}[loc["kind"]]
    return {**_location(state, location_id), "max_crew": loc["max_crew"], "streets": [list(s) for s in loc["streets"]],
            "bays": [list(b) for b in loc["bays"]], "blackout": list(loc["blackout"]),
            "consultees": needed + (["public_transport"] if loc["bus_route"] else [])}


# --------------------------------------------------------------------------- applications


@console(*PERMITS)
def open_application(state: State, token: str, production_id: str, location_id: str, crew_size: int, vehicles: int,
                     description: str) -> dict[str, Any]:
    """Open a draft application for a production to film at a location.

    :param token: the session token (a film officer)
    :param production_id: the production
    :param location_id: the location
    :param crew_size: cast and crew on site at the busiest time
    :param vehicles: unit vehicles to be parked
    :param description: what will be filmed
    :returns: the application, a draft with no shoot days
    """
    _get(state.productions, production_id, "production")
    loc = _get(state.locations, location_id, "location")
    if not _whole(crew_size) or crew_size < 1 or not _whole(vehicles) or vehicles < 0:
        raise _invalid("crew_size is a whole number of people and vehicles a whole number of vehicles")
    if _blank(description):
        raise _invalid("description is required")
    if crew_size > loc["max_crew"]:
        raise _quota(f"{loc['name']} takes at most {loc['max_crew']} cast and crew")
    if any(a["production"] == production_id and a["location"] == location_id and a["status"] == "draft"
           for a in state.applications.values()):
        raise _conflict("that production has a draft application for that location already")
    aid = f"APP-{_next(state, 'application')}"
    state.applications[aid] = _app(production_id, location_id, "draft", crew_size, vehicles,
                                   " ".join(description.split()), [])
    return _application(state, aid)


@console()
def applications(state: State, token: str, status: AppStatus | None = None,
                 production_id: str | None = None) -> list[dict[str, Any]]:
    """List applications, oldest first.

    :param token: the session token
    :param status: only those in this state: ``draft``, ``submitted``, ``approved``, ``refused`` or ``permitted``
    :param production_id: only this production's
    :returns: the applications, each with its shoot days as rows of ``[date, start, end, activities]``
    """
    if status is not None:
        _choice(status, ("draft", "submitted", "approved", "refused", "permitted"), "status")
    return [_application(state, aid) for aid, a in sorted(state.applications.items())
            if (status is None or a["status"] == status)
            and (production_id is None or a["production"] == production_id)]


@console(*PERMITS)
def set_night_filming(state: State, token: str, application_id: str, enabled: bool) -> dict[str, Any]:
    """Mark a draft application as one that films at night, or not.

    :param token: the session token (a film officer)
    :param application_id: the application
    :param enabled: true to allow night work on it, false to take it off
    :returns: the application
    """
    a = _get(state.applications, application_id, "application")
    if not isinstance(enabled, bool):
        raise _invalid("enabled is true or false")
    if a["status"] != "draft":
        raise _conflict(f"{application_id} is {a['status']}; only a draft can be changed")
    if a["night"] == enabled:
        raise _conflict(f"night filming is already {'enabled' if enabled else 'disabled'} on {application_id}")
    if not enabled and any(_night(s, e) for _, s, e, _ in a["days"]):
        raise _conflict("remove the night shoot days first")
    a["night"] = enabled
    return _application(state, application_id)


@console(*PERMITS)
def add_shoot_day(state: State, token: str, application_id: str, date: str, start: str, end: str,
                  activities: list[str]) -> dict[str, Any]:
    """Add a shoot day to a draft application.

    :param token: the session token (a film officer)
    :param application_id: the application
    :param date: the day, ``YYYY-MM-DD``
    :param start: the unit's arrival, ``HH:MM``
    :param end: the unit's departure, ``HH:MM`` (earlier than ``start`` for a shoot that runs past midnight)
    :param activities: what the day involves
    :returns: the application with its shoot days
    """
    a = _get(state.applications, application_id, "application")
    day = _date(date, "date")
    s, e = _time(start, "start"), _time(end, "end")
    acts = _strings(activities, "activities")
    if a["status"] != "draft":
        raise _conflict(f"{application_id} is {a['status']}; only a draft takes new shoot days")
    bad = [x for x in acts if x not in ACTIVITIES]
    if bad:
        raise _invalid(f"unknown activity {bad[0]!r}; activities are {', '.join(ACTIVITIES)}")
    if _days_between(TODAY, day) < 5:
        raise _invalid("a shoot day needs five clear days' notice")
    loc = state.locations[a["location"]]
    if day in loc["blackout"]:
        raise _conflict(f"{loc['name']} may not be filmed on {day}")
    if any(d[0] == day for d in a["days"]):
        raise _conflict(f"{day} is on {application_id} already")
    if _night(s, e) and not a["night"]:
        raise _conflict("work before 07:00 or after 23:00 is night filming; enable night filming on the application "
                        "first")
    if "drone" in acts and not state.productions[a["production"]]["drone"]:
        raise _conflict("the production has no verified drone operator")
    a["days"].append([day, s, e, acts])
    return _application(state, application_id)


@console(*PERMITS)
def remove_shoot_day(state: State, token: str, application_id: str, date: str) -> str:
    """Take a shoot day off an application that is not yet approved.

    :param token: the session token (a film officer)
    :param application_id: the application
    :param date: the day, ``YYYY-MM-DD``
    :returns: a sentence saying so
    """
    a = _get(state.applications, application_id, "application")
    day = _date(date, "date")
    if a["status"] not in ("draft", "submitted"):
        raise _conflict(f"{application_id} is {a['status']}; shoot days come off a draft or submitted application")
    if not any(d[0] == day for d in a["days"]):
        raise _missing(f"{day} is not a shoot day of {application_id}")
    a["days"] = [d for d in a["days"] if d[0] != day]
    return f"Removed {_fmt(day)} from {application_id}; {len(a['days'])} shoot day(s) left."


@console(*PERMITS)
def attach_risk_assessment(state: State, token: str, application_id: str, author: str, hazards: list[str],
                           controls: str) -> dict[str, Any]:
    """Attach the production's risk assessment to an application.

    :param token: the session token (a film officer)
    :param application_id: the application
    :param author: who wrote it
    :param hazards: the hazards it lists
    :param controls: how they are controlled
    :returns: the document: ``document_id``, ``application_id``, ``kind``, ``detail``, ``filed_on``
    """
    a = _get(state.applications, application_id, "application")
    hz = _strings(hazards, "hazards")
    if _blank(author) or _blank(controls):
        raise _invalid("author and controls are required")
    if a["status"] not in ("draft", "submitted"):
        raise _conflict(f"{application_id} is {a['status']}")
    if a["risk"] is not None:
        raise _conflict(f"{application_id} has its risk assessment already ({a['risk']})")
    did = f"DOC-{_next(state, 'document')}"
    detail = f"{application_id}, by {' '.join(author.split())}: {'; '.join(hz)}"
    state.documents[did] = [a["production"], "risk_assessment", detail, TODAY]
    a["risk"] = did
    return {"document_id": did, "application_id": application_id, "kind": "risk_assessment", "detail": detail,
            "filed_on": TODAY}


@console(*PERMITS)
def submit_application(state: State, token: str, application_id: str) -> dict[str, Any]:
    """Submit a draft application for consultation.

    :param token: the session token (a film officer)
    :param application_id: the application
    :returns: the application, now submitted
    """
    a = _get(state.applications, application_id, "application")
    if a["status"] != "draft":
        raise _conflict(f"{application_id} is {a['status']} already")
    if not a["days"]:
        raise _conflict(f"{application_id} has no shoot days")
    if a["risk"] is None:
        raise _conflict(f"{application_id} has no risk assessment")
    ins = state.productions[a["production"]]["insurance"]
    last = max(d[0] for d in a["days"])
    if not ins or ins[4] < last:
        raise _conflict("the production's public liability insurance on file does not run to the last shoot day")
    a["status"] = "submitted"
    return _application(state, application_id)


@console(*PERMITS)
def refuse_application(state: State, token: str, application_id: str, reason: str) -> str:
    """Refuse a submitted application.

    :param token: the session token (a film officer)
    :param application_id: the application
    :param reason: why, for the letter to the production
    :returns: a sentence saying so
    """
    a = _get(state.applications, application_id, "application")
    if _blank(reason):
        raise _invalid("reason is required")
    if a["status"] != "submitted":
        raise _conflict(f"{application_id} is {a['status']}; only a submitted application is refused")
    a["status"] = "refused"
    return f"Refused {application_id} ({state.productions[a['production']]['title']}): {reason.strip()}"


# --------------------------------------------------------------------------- consultation and approval


@console(*PERMITS)
def consult(state: State, token: str, application_id: str, team: Consultee) -> dict[str, Any]:
    """Ask a team for its view on a submitted application.

    :param token: the session token (a film officer)
    :param application_id: the application
    :param team: ``highways``, ``parks``, ``environmental_health`` or ``public_transport``
    :returns: the consultation: ``consultation_id``, ``application_id``, ``location``, ``team``, ``asked_on``,
        ``response`` (none yet), ``comments``
    """
    a = _get(state.applications, application_id, "application")
    who = _enum(Consultee, team, "team").value
    if a["status"] != "submitted":
        raise _conflict(f"{application_id} is {a['status']}; teams are consulted on a submitted application")
    if any(c["application"] == application_id and c["team"] == who for c in state.consultations.values()):
        raise _conflict(f"{who} has been consulted on {application_id} already")
    cid = f"CON-{_next(state, 'consultation')}"
    state.consultations[cid] = {"application": application_id, "team": who, "asked": TODAY, "response": None,
                                "comments": None}
    return _consultation(state, cid)


@console()
def consultations(state: State, token: str, team: ConsultationTeam | None = None, outstanding_only: bool = True,
                  application_id: str | None = None) -> list[dict[str, Any]]:
    """List consultations, oldest first.

    :param token: the session token
    :param team: only this team's: ``highways``, ``parks``, ``environmental_health`` or ``public_transport``
    :param outstanding_only: only those still waiting for a response (the default)
    :param application_id: only those on this application
    :returns: the consultations
    """
    if team is not None:
        _choice(team, ("highways", "parks", "environmental_health", "public_transport"), "team")
    if not isinstance(outstanding_only, bool):
        raise _invalid("outstanding_only is true or false")
    return [_consultation(state, cid) for cid, c in sorted(state.consultations.items())
            if (team is None or c["team"] == team) and (not outstanding_only or c["response"] is None)
            and (application_id is None or c["application"] == application_id)]


@console("permits", "highways", "parks")
def respond_to_consultation(state: State, token: str, consultation_id: str, response: Response,
                            comments: str) -> dict[str, Any]:
    """Record a team's response to a consultation. Highways and parks answer their own; a film officer records
    environmental health's and public transport's, which come by e-mail.

    :param token: the session token
    :param consultation_id: the consultation
    :param response: ``no_objection``, ``conditions`` or ``objection``
    :param comments: the team's comments
    :returns: the consultation with its response
    """
    c = _get(state.consultations, consultation_id, "consultation")
    said = _choice(response, ("no_objection", "conditions", "objection"), "response")
    if _blank(comments):
        raise _invalid("comments are required")
    role = _role(state, token)
    own = {"highways": "highways", "parks": "parks"}.get(c["team"], "permits")
    if role not in (own, "manager"):
        raise _Fault("AccessDeniedException", f"a {c['team']} consultation is answered by {own}")
    if c["response"] is not None:
        raise _conflict(f"{consultation_id} was answered already ({c['response']})")
    c["response"], c["comments"] = said, " ".join(comments.split())
    return _consultation(state, consultation_id)


@console(*PERMITS)
def notify_police(state: State, token: str, application_id: str, officer: str, details: str) -> str:
    """Tell the police of the weapons or special effects on an application's shoot days.

    :param token: the session token (a film officer)
    :param application_id: the application
    :param officer: the police officer told
    :param details: what was told
    :returns: a sentence with the police log reference
    """
    a = _get(state.applications, application_id, "application")
    if _blank(officer) or _blank(details):
        raise _invalid("officer and details are required")
    if not _armed(a):
        raise _conflict(f"{application_id} has no weapons or special effects to tell the police of")
    if a["police"] is not None:
        raise _conflict(f"the police were told already (log {a['police']})")
    if a["status"] not in ("draft", "submitted"):
        raise _conflict(f"{application_id} is {a['status']}")
    ref = f"CAD-{TODAY[2:4]}{TODAY[5:7]}-{_next(state, 'police'):04d}"
    a["police"] = ref
    return f"Police told of {application_id} through {officer.strip()}: log {ref}."


@console(*PERMITS)
def approve_application(state: State, token: str, application_id: str, conditions: list[str]) -> dict[str, Any]:
    """Approve a submitted application on standard conditions.

    :param token: the session token (a film officer)
    :param application_id: the application
    :param conditions: the condition codes it is approved on
    :returns: the application, now approved, with its conditions
    """
    a = _get(state.applications, application_id, "application")
    codes = _strings(conditions, "conditions")
    unknown = [c for c in codes if c not in CONDITION]
    if unknown:
        raise _missing(f"no standard condition {unknown[0]!r}")
    if a["status"] != "submitted":
        raise _conflict(f"{application_id} is {a['status']}; only a submitted application is approved")
    mine = {c["team"]: c for c in state.consultations.values() if c["application"] == application_id}
    for team in _teams_needed(state, application_id):
        if team not in mine:
            raise _conflict(f"{team} has not been consulted on {application_id}")
    waiting = [t for t, c in mine.items() if c["response"] is None]
    if waiting:
        raise _conflict(f"waiting for {waiting[0]} to respond")
    if any(c["response"] == "objection" for c in mine.values()):
        raise _conflict("a consultee objects; the application cannot be approved as it stands")
    if _armed(a) and a["police"] is None:
        raise _conflict("the police have not been told of the weapons or special effects")
    a["status"] = "approved"
    a["conditions"] = sorted(set(codes))
    return _application(state, application_id)


# --------------------------------------------------------------------------- residents and parking


@console(*PERMITS)
def draft_resident_letter(state: State, token: str, application_id: str, streets: list[str],
                          body: str) -> dict[str, Any]:
    """Draft the letter that tells the residents of the streets around a location about the shoot.

    :param token: the session token (a film officer)
    :param application_id: the application
    :param streets: the streets it goes to
    :param body: the letter's text
    :returns: the letter: ``letter_id``, ``application_id``, ``streets``, ``households``, ``letter_status``
    """
    a = _get(state.applications, application_id, "application")
    names = _strings(streets, "streets")
    if _blank(body):
        raise _invalid("body is required")
    if a["status"] not in ("submitted", "approved"):
        raise _conflict(f"{application_id} is {a['status']}")
    known = {s: n for s, n in state.locations[a["location"]]["streets"]}
    bad = [s for s in names if s not in known]
    if bad:
        raise _invalid(f"{bad[0]} is not one of the streets around {state.locations[a['location']]['name']}")
    lid = f"LTR-{_next(state, 'letter'):04d}"
    state.letters[lid] = {"application": application_id, "streets": names, "households": sum(known[s] for s in names),
                          "body": body.strip(), "status": "draft"}
    return _letter(state, lid)


@console(*PERMITS)
def send_resident_letter(state: State, token: str, letter_id: str) -> str:
    """Send a drafted residents' letter for an approved application.

    :param token: the session token (a film officer)
    :param letter_id: the letter
    :returns: a sentence saying how many households it went to
    """
    lt = _get(state.letters, letter_id, "letter")
    a = state.applications[lt["application"]]
    if lt["status"] == "sent":
        raise _conflict(f"{letter_id} was sent already")
    if a["status"] != "approved":
        raise _conflict(f"{lt['application']} is {a['status']}; letters go out once it is approved")
    lt["status"] = "sent"
    return f"Letter {letter_id} sent to {lt['households']} households on {', '.join(lt['streets'])}."


@console(*HIGHWAYS)
def request_parking_suspension(state: State, token: str, application_id: str, bay_ref: str, street: str,
                               date: str) -> dict[str, Any]:
    """Suspend a parking bay for an approved application's unit on one of its shoot days.

    :param token: the session token (highways)
    :param application_id: the application
    :param bay_ref: the bay, as the location's detail lists it
    :param street: the street the bay is on
    :param date: the shoot day, ``YYYY-MM-DD``
    :returns: the suspension: ``suspension_id``, ``application_id``, ``bay_ref``, ``street``, ``date``, ``spaces``,
        ``suspension_status``
    """
    a = _get(state.applications, application_id, "application")
    day = _date(date, "date")
    if _blank(bay_ref) or _blank(street):
        raise _invalid("bay_ref and street are required")
    bay = next((b for b in state.locations[a["location"]]["bays"] if b[0] == bay_ref.strip().upper()), None)
    if bay is None:
        raise _missing(f"no bay {bay_ref!r} at {state.locations[a['location']]['name']}")
    if bay[1] != " ".join(street.split()):
        raise _invalid(f"bay {bay[0]} is not on {street.strip()}")
    if a["status"] != "approved":
        raise _conflict(f"{application_id} is {a['status']}; bays are suspended for an approved application")
    if not any(d[0] == day for d in a["days"]):
        raise _invalid(f"{day} is not a shoot day of {application_id}")
    if any(s["bay"] == bay[0] and s["date"] == day and s["status"] == "booked" for s in state.suspensions.values()):
        raise _conflict(f"bay {bay[0]} is suspended on {day} already")
    sid = f"PS-{_next(state, 'suspension'):04d}"
    state.suspensions[sid] = {"application": application_id, "bay": bay[0], "street": bay[1], "date": day,
                              "spaces": bay[2], "status": "booked"}
    return _suspension(state, sid)


@console()
def suspensions(state: State, token: str, application_id: str) -> list[dict[str, Any]]:
    """The parking suspensions booked for an application.

    :param token: the session token
    :param application_id: the application
    :returns: its suspensions, booked and cancelled
    """
    _get(state.applications, application_id, "application")
    return [_suspension(state, sid) for sid, s in sorted(state.suspensions.items())
            if s["application"] == application_id]


@console(*HIGHWAYS)
def cancel_parking_suspension(state: State, token: str, suspension_id: str, reason: str) -> str:
    """Cancel a parking suspension.

    :param token: the session token (highways)
    :param suspension_id: the suspension
    :param reason: why
    :returns: a sentence saying so
    """
    s = _get(state.suspensions, suspension_id, "suspension")
    if _blank(reason):
        raise _invalid("reason is required")
    if s["status"] == "cancelled":
        raise _conflict(f"{suspension_id} was cancelled already")
    s["status"] = "cancelled"
    return f"Cancelled {suspension_id} (bay {s['bay']}, {s['street']}, {_fmt(s['date'])}): {reason.strip()}"


# --------------------------------------------------------------------------- fees and payment


def _lines(state: State, aid: str) -> list[list[Any]]:
    a = state.applications[aid]
    kind = state.productions[a["production"]]["kind"]
    code = KIND_FEE[kind]
    days = len(a["days"])
    bays = sum(1 for s in state.suspensions.values() if s["application"] == aid and s["status"] == "booked")
    households = sum(lt["households"] for lt in state.letters.values() if lt["application"] == aid)
    nights = sum(1 for _, s, e, _ in a["days"] if _night(s, e))
    rows = [[code, days], ["PKG-BAY", bays], ["ADM-LTR", households], ["NGT-SUP", nights]]
    desc = {c: d for c, d, _, _ in FEES}
    return [[c, desc[c], q, round(FEE[c] * q, 2)] for c, q in rows if q]


@console()
def quote(state: State, token: str, application_id: str) -> dict[str, Any]:
    """What an application will be charged, from its shoot days, suspensions and letters so far.

    :param token: the session token
    :param application_id: the application
    :returns: ``application_id``, ``lines`` as rows of ``[fee code, description, quantity, amount]`` and ``total``
    """
    a = _get(state.applications, application_id, "application")
    if a["status"] not in ("submitted", "approved"):
        raise _conflict(f"{application_id} is {a['status']}; quotes are for submitted or approved applications")
    lines = _lines(state, application_id)
    return {"application_id": application_id, "lines": lines, "total": round(sum(x[3] for x in lines), 2)}


@console(*PERMITS)
def raise_invoice(state: State, token: str, application_id: str, fee_codes: list[str],
                  quantities: list[int]) -> dict[str, Any]:
    """Invoice a production for an approved application.

    :param token: the session token (a film officer)
    :param application_id: the application
    :param fee_codes: the fee codes charged, one line each
    :param quantities: how many of each, in the same order
    :returns: the invoice: ``invoice_id``, ``application_id``, ``production_id``, ``lines`` as rows of ``[fee code,
        quantity, amount]``, ``amount``, ``paid``, ``balance``, ``invoice_status``
    """
    a = _get(state.applications, application_id, "application")
    codes = _strings(fee_codes, "fee_codes")
    if not isinstance(quantities, list) or len(quantities) != len(codes) or not all(_whole(q) and q > 0
                                                                                    for q in quantities):
        raise _invalid("quantities is a list of whole numbers, one for each fee code")
    unknown = [c for c in codes if c not in FEE]
    if unknown:
        raise _missing(f"no fee code {unknown[0]!r}")
    if len(set(codes)) != len(codes):
        raise _invalid("each fee code once")
    if a["status"] != "approved":
        raise _conflict(f"{application_id} is {a['status']}; an approved application is invoiced")
    right = KIND_FEE[state.productions[a["production"]]["kind"]]
    wrong = [c for c in codes if c in ("FEE-STD", "FEE-COM", "FEE-LOW") and c != right]
    if wrong or right not in codes:
        kind = state.productions[a["production"]]["kind"].replace("_", " ")
        raise _invalid(f"a {kind} pays the {right} location fee")
    if any(inv["application"] == application_id for inv in state.invoices.values()):
        raise _conflict(f"{application_id} is invoiced already")
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = {"application": application_id,
                           "lines": [[c, q, round(FEE[c] * q, 2)] for c, q in zip(codes, quantities)], "paid": 0.0}
    return _invoice(state, iid)


@console()
def invoices(state: State, token: str, status: InvoiceStatus | None = None,
             production_id: str | None = None) -> list[dict[str, Any]]:
    """List invoices, oldest first.

    :param token: the session token
    :param status: only ``unpaid`` or only ``paid`` invoices
    :param production_id: only this production's
    :returns: the invoices
    """
    if status is not None:
        _choice(status, ("unpaid", "paid"), "status")
    out = [_invoice(state, iid) for iid in sorted(state.invoices)]
    return [i for i in out if (status is None or i["invoice_status"] == status)
            and (production_id is None or i["production_id"] == production_id)]


@console(*FINANCE)
def record_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod,
                   reference: str | None = None) -> float:
    """Record a payment against an invoice.

    :param token: the session token (finance)
    :param invoice_id: the invoice
    :param amount: the amount paid, in pounds
    :param method: ``card``, ``bacs`` or ``cheque``
    :param reference: the payment's reference, if any
    :returns: what is left to pay on the invoice, in pounds
    """
    inv = _get(state.invoices, invoice_id, "invoice")
    _enum(PayMethod, method, "method")
    if not _number(amount) or amount <= 0:
        raise _invalid("amount is a positive amount in pounds")
    balance = _invoice(state, invoice_id)["balance"]
    if balance <= 0:
        raise _conflict(f"{invoice_id} is paid already")
    if amount > balance + 0.005:
        raise _invalid(f"that is more than the {balance:.2f} left to pay")
    inv["paid"] = round(inv["paid"] + amount, 2)
    inv.setdefault("payments", []).append([TODAY, float(amount), _enum(PayMethod, method, "method").value,
                                           reference.strip() if isinstance(reference, str) else None])
    return _invoice(state, invoice_id)["balance"]


@console("permits", "finance")
def take_deposit(state: State, token: str, application_id: str, amount: float, method: PayMethod) -> dict[str, Any]:
    """Take the refundable reinstatement deposit for an application to film in a park.

    :param token: the session token (a film officer or finance)
    :param application_id: the application
    :param amount: the deposit, in pounds
    :param method: ``card``, ``bacs`` or ``cheque``
    :returns: the application id, the deposit held and the date taken
    """
    a = _get(state.applications, application_id, "application")
    how = _enum(PayMethod, method, "method").value
    if not _number(amount) or amount <= 0:
        raise _invalid("amount is a positive amount in pounds")
    if state.locations[a["location"]]["kind"] != "park":
        raise _conflict("a deposit is taken only for filming in a park")
    if a["deposit"] is not None:
        raise _conflict(f"the deposit for {application_id} is held already")
    if a["status"] != "approved":
        raise _conflict(f"{application_id} is {a['status']}")
    if round(amount, 2) != PARKS_DEPOSIT:
        raise _invalid("the parks reinstatement deposit is 1,000 pounds")
    a["deposit"] = float(amount)
    return {"application_id": application_id, "deposit_held": float(amount), "method": how, "taken_on": TODAY}


# --------------------------------------------------------------------------- permits and after


@console(*PERMITS)
def issue_permit(state: State, token: str, application_id: str) -> str:
    """Issue the filming permit for an approved application.

    :param token: the session token (a film officer)
    :param application_id: the application
    :returns: a sentence with the permit's number
    """
    a = _get(state.applications, application_id, "application")
    if a["status"] != "approved":
        raise _conflict(f"{application_id} is {a['status']}; a permit is issued for an approved application")
    mine = [iid for iid, inv in state.invoices.items() if inv["application"] == application_id]
    if not mine:
        raise _conflict(f"{application_id} has not been invoiced")
    if _invoice(state, mine[0])["balance"] > 0:
        raise _conflict(f"{mine[0]} is not paid in full")
    if not any(lt["application"] == application_id and lt["status"] == "sent" for lt in state.letters.values()):
        raise _conflict("the residents have not been sent a letter")
    if state.locations[a["location"]]["kind"] == "park" and a["deposit"] is None:
        raise _conflict("the parks deposit has not been taken")
    pid = f"FP-{_next(state, 'permit'):04d}"
    state.permits[pid] = {"application": application_id, "issued": TODAY, "signed_off": False}
    a["status"] = "permitted"
    first = min(d[0] for d in a["days"])
    return (f"Permit {pid} issued to {state.productions[a['production']]['title']} for "
            f"{state.locations[a['location']]['name']} from {_fmt(first)}.")


@console()
def permits(state: State, token: str, date: str | None = None, location_id: str | None = None) -> list[dict[str, Any]]:
    """List the permits issued.

    :param token: the session token
    :param date: only permits with a shoot day on this date, ``YYYY-MM-DD``
    :param location_id: only permits for this location
    :returns: the permits, oldest first
    """
    day = _date(date, "date") if date is not None else None
    out = [_permit(state, pid) for pid in sorted(state.permits)]
    return [p for p in out if (day is None or day in p["days"])
            and (location_id is None or p["location_id"] == location_id)]


@console(*PERMITS)
def log_complaint(state: State, token: str, permit_id: str, complainant: str, address: str,
                  details: str) -> dict[str, Any]:
    """Log a complaint from a member of the public about a permitted shoot.

    :param token: the session token (a film officer)
    :param permit_id: the permit
    :param complainant: who complained
    :param address: their address
    :param details: what they said
    :returns: the complaint: ``complaint_id``, ``permit_id``, ``complainant``, ``address``, ``details``,
        ``logged_on``, ``complaint_status``
    """
    _get(state.permits, permit_id, "permit")
    if any(_blank(v) for v in (complainant, address, details)):
        raise _invalid("complainant, address and details are required")
    if any(c["permit"] == permit_id and c["complainant"].lower() == complainant.strip().lower()
           and c["status"] == "open" for c in state.complaints.values()):
        raise _conflict(f"{complainant.strip()} has an open complaint about {permit_id} already")
    cid = f"CMP-{_next(state, 'complaint')}"
    state.complaints[cid] = {"permit": permit_id, "complainant": " ".join(complainant.split()),
                             "address": address.strip(), "details": details.strip(), "logged": TODAY, "status": "open"}
    return _complaint(state, cid)


@console(*PERMITS)
def resolve_complaint(state: State, token: str, complaint_id: str, action: str, upheld: bool) -> str:
    """Close a complaint with what was done about it.

    :param token: the session token (a film officer)
    :param complaint_id: the complaint
    :param action: what the office did
    :param upheld: whether the complaint was upheld
    :returns: a sentence saying so
    """
    c = _get(state.complaints, complaint_id, "complaint")
    if _blank(action) or not isinstance(upheld, bool):
        raise _invalid("action is required and upheld is true or false")
    if c["status"] != "open":
        raise _conflict(f"{complaint_id} is closed already")
    c["status"] = "upheld" if upheld else "not_upheld"
    return f"Closed {complaint_id} ({'upheld' if upheld else 'not upheld'}): {action.strip()}"


@console(*PERMITS, *PARKS)
def sign_off_location(state: State, token: str, permit_id: str, reinstated: bool, notes: str) -> dict[str, Any]:
    """Sign a location off after the unit has gone, releasing any parks deposit.

    :param token: the session token (a film officer or parks)
    :param permit_id: the permit
    :param reinstated: whether the location was left as found
    :param notes: what the inspection found
    :returns: ``permit_id``, ``location``, ``signed_off``, ``deposit_refund`` in pounds and ``notes``
    """
    p = _get(state.permits, permit_id, "permit")
    if not isinstance(reinstated, bool) or _blank(notes):
        raise _invalid("reinstated is true or false and notes are required")
    a = state.applications[p["application"]]
    if p["signed_off"]:
        raise _conflict(f"{permit_id} is signed off already")
    if max(d[0] for d in a["days"]) >= TODAY:
        raise _conflict(f"{permit_id} has shoot days still to come")
    p["signed_off"] = True
    refund = a["deposit"] if a["deposit"] and reinstated else 0.0
    return {"permit_id": permit_id, "location": state.locations[a["location"]]["name"], "signed_off": TODAY,
            "deposit_refund": refund, "notes": notes.strip()}


TOOLS = [
    sign_in, sign_out, fee_schedule, standard_conditions, find_production, register_production, production_file,
    upload_insurance, verify_drone_operator, find_location, location_detail, open_application, applications,
    set_night_filming, add_shoot_day, remove_shoot_day, attach_risk_assessment, submit_application,
    refuse_application, consult, consultations, respond_to_consultation, notify_police, approve_application,
    draft_resident_letter, send_resident_letter, request_parking_suspension, suspensions, cancel_parking_suspension,
    quote, raise_invoice, invoices, record_payment, take_deposit, issue_permit, permits, log_complaint,
    resolve_complaint, sign_off_location,
]

FIXTURES = {
    "office": "Caldmoor Film Office, Caldmoor City Council, the Hop Exchange, Caldmoor",
    "today": "Tuesday 14 October 2053, 09:00; a shoot day needs five clear days' notice",
    "staff": [
        {"name": "Ysmay Quarmbottom", "role": "film officer (permits)", "username": "ysmay.q",
         "password": "Clapper-Loader-42"},
        {"name": "Godric Ogilvie", "role": "highways", "username": "godric.o", "password": "Cone-Taper-17"},
        {"name": "Melisende Wrathall", "role": "parks", "username": "melisende.w", "password": "Bandstand-Turf-63"},
        {"name": "Cosimo Gillibrand", "role": "finance", "username": "cosimo.g", "password": "Ledger-Float-29"},
        {"name": "Zenobia Rudge", "role": "manager", "username": "zenobia.r", "password": "Wrap-Party-85"},
    ],
    "new_production": {
        "title": "Paper Moths", "company": "Tenpenny Records", "kind": "a music video",
        "contact": "Odessa Tregoning", "phone": "07700 900774", "email": "odessa@tenpenny.example",
        "insurance": "Gunwale Underwriting, policy HU-55-781204, 5,000,000 pounds any one claim, to 31 October 2054",
        "shoot": "a lantern-lit band performance on Ropemakers' Green, Friday 24 October, 14:00 to 22:30, 30 "
                 "cast and crew, 4 vehicles, with extras",
    },
    "notes": [
        "The Salt Ledger wants Currier Street on Wednesday 22 October, 07:30 to 19:00: a Victorian market with a "
        "horse and cart, 45 cast and crew and 6 vehicles",
        "The Small Hours' new insurance: Portcullis Mutual, policy CM-FP-553019, 5,000,000 pounds, to 30 September "
        "2054; they want Currier Street from 21:00 on Tuesday 21 October to 04:00",
        "Brambling Fizz's street party on Saltmarket Square uses confetti cannons and a smoke machine; highways have "
        "no objection",
        "The Salt Ledger will fly a drone over Penstock Bridge at dawn on Friday 24 October: operator "
        "GBR-OP-7QX2M4K9T1LD, pilot Viveka Gaskin, flyer id GBR-RP-3HW8N2C6V5PZ",
        "Brick and Bone's invoice is to be paid by BACS and their parks deposit taken by cheque",
        "A resident of Hempen Terrace complained about a generator during Brick and Bone's shoot on the green",
        "Ropemakers' Green was inspected after Brick and Bone's shoot and the grass is as it was",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "fee_schedule", "standard_conditions")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
PRODUCTION_CONSUMERS = ["production_file", "upload_insurance", "verify_drone_operator", "open_application"]
LOCATION_CONSUMERS = ["location_detail", "open_application"]
APPLICATION_CONSUMERS = ["set_night_filming", "add_shoot_day", "remove_shoot_day", "attach_risk_assessment",
                         "submit_application", "refuse_application", "consult", "notify_police",
                         "approve_application", "draft_resident_letter", "request_parking_suspension", "suspensions",
                         "quote", "raise_invoice", "take_deposit", "issue_permit"]
PERMIT_CONSUMERS = ["log_complaint", "sign_off_location"]
_PRODUCTION = ("id lookup/create: production (production_id of register_production's production, or of a "
               "find_production entry)")
_LOCATION = "id lookup: location (location_id of a find_location entry)"
_APPLICATION = ("id lookup/create: application (application_id of open_application's application, or of an "
                "applications entry)")
_PERMIT = "id lookup: permit (permit_id of a permits entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_production|register_production", c, _PRODUCTION) for c in PRODUCTION_CONSUMERS]
    + [("find_location", c, _LOCATION) for c in LOCATION_CONSUMERS]
    + [("open_application|applications", c, _APPLICATION) for c in APPLICATION_CONSUMERS]
    + [("permits", c, _PERMIT) for c in PERMIT_CONSUMERS]
    + [
        ("consult|consultations", "respond_to_consultation",
         "id lookup/create: consultation (consultation_id of consult's consultation, or of a consultations entry)"),
        ("draft_resident_letter", "send_resident_letter", "id create: letter (letter_id of draft_resident_letter)"),
        ("request_parking_suspension|suspensions", "cancel_parking_suspension",
         "id lookup/create: parking suspension (suspension_id of request_parking_suspension's, or of a suspensions "
         "entry)"),
        ("raise_invoice|invoices", "record_payment",
         "id lookup/create: invoice (invoice_id of raise_invoice's invoice, or of an invoices entry)"),
        ("log_complaint", "resolve_complaint", "id create: complaint (complaint_id of log_complaint)"),
        ("location_detail", "request_parking_suspension",
         "id lookup: parking bay (bay_ref and street from one row of location_detail's bays)"),
        ("fee_schedule|quote", "raise_invoice",
         "vocabulary: the fee codes (the first column of a fee_schedule row, or of a quote line)"),
        ("standard_conditions", "approve_application",
         "vocabulary: the condition codes (the first column of a standard_conditions row)"),
        ("location_detail", "draft_resident_letter",
         "vocabulary: the streets around the location (the first column of a location_detail streets row)"),
        ("upload_insurance", "submit_application",
         "document: public liability insurance on file that runs to the last shoot day"),
        ("attach_risk_assessment", "submit_application", "document: the risk assessment attached"),
        ("verify_drone_operator", "add_shoot_day", "vetting: a verified drone operator before a day with a drone"),
        ("respond_to_consultation", "approve_application",
         "vetting: every consulted team has answered, none objecting"),
        ("set_night_filming", "add_shoot_day", "setting: night filming enabled before a day before 07:00 or after "
         "23:00"),
        ("add_shoot_day", "submit_application", "state: at least one shoot day on the application"),
        ("submit_application", "consult", "state: the application submitted"),
        ("consult", "approve_application", "state: the teams the location needs have been consulted"),
        ("notify_police", "approve_application", "state: the police told of weapons or special effects"),
        ("approve_application", "request_parking_suspension", "state: the application approved"),
        ("approve_application", "send_resident_letter", "state: the application approved"),
        ("approve_application", "raise_invoice", "state: the application approved"),
        ("send_resident_letter", "issue_permit", "state: the residents sent a letter"),
        ("record_payment", "issue_permit", "payment: the invoice paid in full"),
        ("take_deposit", "issue_permit", "payment: the parks reinstatement deposit held"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md): a reader whose reply shows an id or a code to
# someone who did not give it, paired with each call that takes that id or code and can accept one it shows; and a
# call whose effect the later call checks itself, one step away.
PLAUSIBLE = (
    {(p, c) for p in ("applications", "invoices") for c in PRODUCTION_CONSUMERS}
    | {(p, c) for p in ("applications", "permits") for c in LOCATION_CONSUMERS}
    | {("production_file", c) for c in APPLICATION_CONSUMERS}
    | {("consultations", c) for c in APPLICATION_CONSUMERS
       if c not in ("set_night_filming", "add_shoot_day", "submit_application")}
    | {("invoices", c) for c in ("request_parking_suspension", "suspensions", "draft_resident_letter", "quote",
                                 "take_deposit", "issue_permit")}
    | {("permits", "suspensions"), ("invoices", "raise_invoice"), ("issue_permit", "log_complaint")}
    | {("approve_application", "issue_permit"), ("raise_invoice", "issue_permit"),
       ("approve_application", "take_deposit"), ("submit_application", "approve_application"),
       ("submit_application", "refuse_application"), ("submit_application", "quote"),
       ("submit_application", "draft_resident_letter"), ("add_shoot_day", "request_parking_suspension"),
       ("add_shoot_day", "remove_shoot_day"), ("add_shoot_day", "notify_police")}
) - _DESIGNED
