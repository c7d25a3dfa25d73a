"""Lanyard: the accreditation office of the Fallowmead Festival (39 calls).

Async functions over an in-memory ``State`` of a three-day music festival's accreditation office on Friday 4 August
2034 at 10:00, the first day of the festival (the gates open to the public at noon; the site was built from Monday 31
July and is taken down on Monday 7 and Tuesday 8 August). The accreditation office finds, registers and changes the
people who work at the festival (artists, crew, press and traders), writes to them, checks their photo ID, keeps their
pass photos, requests, approves, declines, prints, hands out and cancels their passes and changes the zones on a pass
before it is printed; at the guest-list window it hands out wristbands to the acts' guests and voids lost ones. Artist
liaison keeps each act's touring party and guest list. The press office accredits journalists and photographers.
Production requests vehicle permits for the site's vehicle zones. Security scans passes at the zone gates, logs site
incidents, closes them and suspends passes. The head of accreditation may do everything and alone reinstates a
suspended pass. The zones and the pass types are public.

Every tool is an ``async def`` without a decorator; each checks its session and role itself (``if (problem :=
_auth(state, token, "accreditation")) is not None: return problem``). The office's system is a web API, and a refusal is
returned as an RFC 7807 problem details object, as such APIs answer one (``application/problem+json``): ``{"type":
"https://accreditation.fallowmead.example/problems/pass-not-approved", "title": "Pass not approved", "status": 409,
"detail": "PS-8802 is requested; a pass is printed once it is approved", "instance": "/passes/PS-8802/print"}``. The
runtime's common conventions do not read such an object (its ``status`` is a number), so the module declares
``FAILURE`` (``problem_details``: a dict with a ``title`` and a numeric ``status`` of 400 or more; it answers the
status, title and detail). Replies are plain dicts and lists of them, with rows nested as lists of lists (the passes, a
person's file, an act's party and guests); bare values answer a pass printed (its barcode), a gate scan (``"granted"``)
and the wristband stock (a list of serial numbers); sentences with an id in them answer an e-mail, a pass handed out, a
party member removed, a guest removed, a vehicle permit cancelled, a wristband voided and a sign-out. Annotations use
PEP 604 and builtin generics evaluated at definition (``str | None``, ``list[str]``), with two ``str`` ``Enum``
filters (``PassStatus``, ``Stage``), two plain ``Enum`` inputs (``VehicleKind``, ``IncidentCategory``, the latter
also a filter), ``Literal`` inputs (a person's category, the ID document, an incident's
severity) and ``Literal`` filters (wristband colour, incident status). Numpy docstrings. Ids look alike: person
``PR-5111``, pass ``PS-8810``, act ``ACT-203``, guest ``GL-7704``, vehicle permit ``VP-603``, incident ``IN-304``, press
accreditation ``PA-42``, e-mail ``EM-2201``; zone ``BKS``; pass type ``CREW``; wristband ``G-04411``. The words a press
role may be, that the photo pit is only for accredited photographers, that a vehicle permit needs a pass that includes
the zone, that lorries go only into the production compound, that artist guests wear gold wristbands and get them on
the day their act plays, and that crew are 18 or over are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import re
from enum import Enum
from typing import Any, Literal

TODAY = "2034-08-04"  # a Friday, the first day of the festival
NOW = "10:00"
BUILD = ["2034-07-31", "2034-08-01", "2034-08-02", "2034-08-03"]
FESTIVAL = ["2034-08-04", "2034-08-05", "2034-08-06"]
GET_OUT = ["2034-08-07", "2034-08-08"]
PROBLEMS = "https://accreditation.fallowmead.example/problems/"


class PassStatus(str, Enum):
    REQUESTED = "requested"
    APPROVED = "approved"
    PRINTED = "printed"
    COLLECTED = "collected"
    SUSPENDED = "suspended"
    DECLINED = "declined"
    CANCELLED = "cancelled"


class Stage(str, Enum):
    MAIN = "main"
    MEADOW = "meadow"
    WOODLAND = "woodland"


class VehicleKind(Enum):
    CAR = "car"
    VAN = "van"
    MINIBUS = "minibus"
    LORRY = "lorry_7_5t"
    ARTIC = "artic"


class IncidentCategory(Enum):
    ACCESS_BREACH = "access_breach"
    PASS_MISUSE = "pass_misuse"
    LOST_PASS = "lost_pass"
    VEHICLE = "vehicle"
    WELFARE = "welfare"
    THEFT = "theft"


Category = Literal["artist", "crew", "press", "trader"]
Document = Literal["passport", "driving_licence", "national_id"]
Severity = Literal["low", "medium", "high"]
Colour = Literal["gold", "silver"]
IncidentStatus = Literal["open", "closed"]

ZONES = {  # code -> name, vehicles allowed
    "ARENA": ("Arena and the front of the three stages", False),
    "PIT": ("Main Stage photo pit", False),
    "BKS": ("Backstage, behind all three stages", False),
    "MEDIA": ("Media centre", False),
    "PROD": ("Production compound", True),
    "CAMP": ("Crew campsite", True),
    "ARTPARK": ("Artist car park", True),
}
PASS_TYPES = {  # code -> name, category, zones, days
    "AAA": ("Artist, access all areas", "artist", ["ARENA", "BKS", "ARTPARK"], FESTIVAL),
    "CREW": ("Production crew", "crew", ["PROD", "BKS", "CAMP"], BUILD + FESTIVAL + GET_OUT),
    "PRESS": ("Press and media", "press", ["ARENA", "MEDIA"], FESTIVAL),
    "TRADER": ("Trader", "trader", ["ARENA", "CAMP"], ["2034-08-03"] + FESTIVAL),
}
PRESS_ROLES = ("writer", "photographer", "broadcast")
LIVE = ("requested", "approved", "printed", "collected", "suspended")
ROLE_NAMES = {"accreditation": "the accreditation office", "liaison": "artist liaison", "press": "the press office",
              "production": "production", "security": "security", "manager": "the head of accreditation"}
REGISTRATION = re.compile(r"^[A-Z]{2}[0-9]{2} ?[A-Z]{3}$")


# --------------------------------------------------------------------------- refusals


def _problem(status: int, slug: str, title: str, detail: str, instance: str | None = None) -> dict:
    body = {"type": PROBLEMS + slug, "title": title, "status": status, "detail": detail}
    if instance is not None:
        body["instance"] = instance
    return body


def problem_details(reply: Any) -> bool | str:
    """A reply is a refusal when it is an RFC 7807 problem details object: a ``title`` and an HTTP ``status`` of 400
    or more. Answers the status, title and detail."""
    if isinstance(reply, dict) and "title" in reply:
        status = reply.get("status")
        if isinstance(status, int) and not isinstance(status, bool) and status >= 400:
            return f"{status} {reply['title']}: {reply.get('detail', '')}"
    return False


FAILURE = problem_details


# --------------------------------------------------------------------------- state


class State:
    """The Fallowmead Festival's accreditation office on Friday 4 August 2034 at 10:00."""

    def __init__(self) -> None:
        self.staff = {
            "nadia.k": {"name": "Nadia Kowalczyk", "password": "Lanyard-Blue-34", "role": "accreditation"},
            "owen.t": {"name": "Owen Tapper", "password": "Cabin-Window-2", "role": "accreditation"},
            "bea.l": {"name": "Bea Lindqvist", "password": "Rider-Tea-88", "role": "liaison"},
            "dev.m": {"name": "Dev Mistry", "password": "Pit-Three-Songs", "role": "press"},
            "hal.r": {"name": "Hal Rees", "password": "Forklift-Yard-7", "role": "production"},
            "sam.o": {"name": "Samira Osei", "password": "Gate-Seven-Radio", "role": "security"},
            "fran.c": {"name": "Fran Costa", "password": "Fallowmead-2009", "role": "manager"},
        }
        self.sessions: dict[str, dict] = {}
        self.people = {
            "PR-5101": {"name": "Ms Tamsin Hale", "category": "artist", "company": "The Wrenfolds",
                        "email": "tamsin@wrenfolds.example", "phone": "07700 930101",
                        "id_check": {"document": "passport", "last": "4471", "dob": "1990-06-14"},
                        "photo": "tamsin_hale.jpg"},
            "PR-5102": {"name": "Mr Kofi Mensah", "category": "crew", "company": "Brightline Staging",
                        "email": "kofi.mensah@brightline.example", "phone": "07700 930102",
                        "id_check": {"document": "driving_licence", "last": "8KM3", "dob": "1986-01-20"},
                        "photo": "kofi_mensah.jpg"},
            "PR-5103": {"name": "Ms Greta Vos", "category": "press", "company": "Northern Soundcheck",
                        "email": "greta.vos@soundcheck.example", "phone": "07700 930103", "id_check": None,
                        "photo": None},
            "PR-5104": {"name": "Mr Dan Pryce", "category": "trader", "company": "Pryce's Pies",
                        "email": "dan@pryces-pies.example", "phone": "07700 930104", "id_check": None,
                        "photo": "dan_pryce.jpg"},
            "PR-5105": {"name": "Mr Luca Bassi", "category": "artist", "company": "Velvet Static",
                        "email": "luca@velvetstatic.example", "phone": "07700 930105",
                        "id_check": {"document": "national_id", "last": "0932", "dob": "1995-09-02"},
                        "photo": "luca_bassi.jpg"},
            "PR-5106": {"name": "Ms Imogen Clay", "category": "crew", "company": "Fallowmead Site Services",
                        "email": "imogen.clay@example.net", "phone": "07700 930106",
                        "id_check": {"document": "passport", "last": "2210", "dob": "1999-12-05"},
                        "photo": "imogen_clay.jpg"},
            "PR-5107": {"name": "Mr Ravi Anand", "category": "press", "company": "The Listening Post",
                        "email": "ravi.anand@listeningpost.example", "phone": "07700 930107", "id_check": None,
                        "photo": "ravi_anand.jpg"},
            "PR-5108": {"name": "Mr Joe Farrant", "category": "crew", "company": "Brightline Staging",
                        "email": "joe.farrant@brightline.example", "phone": "07700 930108",
                        "id_check": {"document": "driving_licence", "last": "5JF9", "dob": "1991-04-27"},
                        "photo": "joe_farrant.jpg"},
            "PR-5109": {"name": "Ms Aiko Mori", "category": "artist", "company": "Marisol Ortega's band",
                        "email": "aiko.mori@example.com", "phone": "07700 930109", "id_check": None,
                        "photo": "aiko_mori.jpg"},
            "PR-5110": {"name": "Mr Gil Amaro", "category": "artist", "company": "Velvet Static",
                        "email": "gil@velvetstatic.example", "phone": "07700 930110", "id_check": None,
                        "photo": None},
        }
        self.acts = {
            "ACT-201": {"name": "The Wrenfolds", "stage": "main", "day": "2034-08-04", "time": "20:30",
                        "party_allocation": 6, "guest_allocation": 4, "party": {"PR-5101": "lead vocals"}},
            "ACT-202": {"name": "Velvet Static", "stage": "main", "day": "2034-08-05", "time": "19:00",
                        "party_allocation": 5, "guest_allocation": 4, "party": {"PR-5110": "tour manager"}},
            "ACT-203": {"name": "Marisol Ortega", "stage": "meadow", "day": "2034-08-04", "time": "17:15",
                        "party_allocation": 3, "guest_allocation": 2, "party": {"PR-5109": "keys"}},
            "ACT-204": {"name": "Kingfisher Brass", "stage": "meadow", "day": "2034-08-06", "time": "14:00",
                        "party_allocation": 10, "guest_allocation": 2, "party": {}},
            "ACT-205": {"name": "DJ Halden", "stage": "woodland", "day": "2034-08-05", "time": "23:00",
                        "party_allocation": 2, "guest_allocation": 2, "party": {}},
        }

        def pass_(person, code, status, days, zones=None, reason=None):
            return {"person": person, "type": code, "status": status, "days": list(days),
                    "zones": list(zones or PASS_TYPES[code][2]), "reason": reason, "incident": None}

        self.passes = {
            "PS-8801": pass_("PR-5101", "AAA", "collected", FESTIVAL),
            "PS-8802": pass_("PR-5102", "CREW", "requested", BUILD + FESTIVAL + GET_OUT),
            "PS-8803": pass_("PR-5103", "PRESS", "declined", FESTIVAL,
                             reason="No commissioning letter and no press accreditation"),
            "PS-8804": pass_("PR-5104", "TRADER", "approved", ["2034-08-03"] + FESTIVAL),
            "PS-8805": pass_("PR-5105", "AAA", "cancelled", ["2034-08-05"],
                             reason="Requested twice; the band's manager asked for this one to go"),
            "PS-8806": pass_("PR-5106", "CREW", "suspended", BUILD + FESTIVAL + GET_OUT),
            "PS-8807": pass_("PR-5107", "PRESS", "printed", FESTIVAL),
            "PS-8808": pass_("PR-5108", "CREW", "approved", FESTIVAL + GET_OUT),
            "PS-8809": pass_("PR-5109", "AAA", "requested", ["2034-08-04"]),
        }
        self.passes["PS-8806"]["incident"] = "IN-302"
        self.accreditations = {
            "PA-41": {"person": "PR-5107", "outlet": "The Listening Post", "role": "writer",
                      "commission": "Review commissioned by the arts editor, letter of 20 July"},
        }
        self.permits = {
            "VP-601": {"person": "PR-5102", "registration": "KX31 BRT", "vehicle": "van", "zone": "PROD",
                       "days": BUILD + FESTIVAL + GET_OUT, "status": "active"},
            "VP-602": {"person": "PR-5101", "registration": "WR19 TMH", "vehicle": "car", "zone": "ARTPARK",
                       "days": list(FESTIVAL), "status": "active"},
        }
        self.guests = {
            "GL-7701": {"act": "ACT-201", "name": "Mr Ben Hale", "wristband": None},
            "GL-7702": {"act": "ACT-202", "name": "Ms Carla Bassi", "wristband": None},
            "GL-7703": {"act": "ACT-203", "name": "Ms Lucia Ortega", "wristband": None},
        }
        self.wristbands = {f"G-0{n}": {"colour": "gold", "guest": None, "void": None} for n in range(4411, 4419)}
        self.wristbands.update({f"S-0{n}": {"colour": "silver", "guest": None, "void": None}
                                for n in range(9120, 9126)})
        self.incidents = {
            "IN-301": {"zone": "MEDIA", "category": "lost_pass", "severity": "low", "person": "PR-5107",
                       "description": "Press pass left on a table in the media centre; handed in at the cabin",
                       "status": "closed", "outcome": "Returned to Mr Anand", "logged": "2034-08-03 16:40",
                       "by": "Samira Osei"},
            "IN-302": {"zone": "PROD", "category": "pass_misuse", "severity": "medium", "person": "PR-5106",
                       "description": "Crew pass lent to a friend, who was stopped at the crew gate",
                       "status": "open", "outcome": None, "logged": "2034-08-03 21:15", "by": "Samira Osei"},
            "IN-303": {"zone": "BKS", "category": "access_breach", "severity": "medium", "person": "PR-5101",
                       "description": "Took two friends without passes through the backstage gate",
                       "status": "open", "outcome": None, "logged": "2034-08-04 09:20", "by": "Samira Osei"},
        }
        self.scans: list[list] = []
        self.emails: list[list] = []
        self.counters = {"token": 1, "person": 5111, "pass": 8810, "permit": 603, "guest": 7704, "incident": 304,
                         "accreditation": 42, "email": 2201}


# --------------------------------------------------------------------------- helpers


def _auth(state: State, token: Any, *roles: str) -> dict | None:
    who = state.sessions.get(token) if isinstance(token, str) else None
    if who is None:
        return _problem(401, "unauthenticated", "Not signed in", "no session for that token; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        return _problem(403, "forbidden", "Not allowed",
                        f"{who['name']} ({who['role']}) may not do this; it is for "
                        f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _missing(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _day(text: Any) -> str | None:
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except (TypeError, ValueError):
        return None


def _age(dob: str, on: str) -> int:
    b, d = datetime.date.fromisoformat(dob), datetime.date.fromisoformat(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _not_found(what: str, key: Any, instance: str) -> dict:
    return _problem(404, "not-found", "Not found", f"no {what} {key}", instance)


def _person(state: State, pid: str) -> dict:
    p = state.people[pid]
    return {"person_id": pid, "name": p["name"], "category": p["category"], "company": p["company"],
            "email": p["email"], "phone": p["phone"], "id_checked": p["id_check"] is not None,
            "photo": p["photo"]}


def _pass(state: State, sid: str) -> dict:
    s = state.passes[sid]
    return {"pass_id": sid, "person_id": s["person"], "name": state.people[s["person"]]["name"],
            "pass_type": s["type"], "status": s["status"], "zones": list(s["zones"]), "days": list(s["days"]),
            "reason": s["reason"]}


def _permit(state: State, vid: str) -> dict:
    v = state.permits[vid]
    return {"permit_id": vid, "person_id": v["person"], "name": state.people[v["person"]]["name"],
            "registration": v["registration"], "vehicle": v["vehicle"], "zone": v["zone"], "days": list(v["days"]),
            "status": v["status"]}


def _incident(state: State, iid: str) -> dict:
    i = state.incidents[iid]
    return {"incident_id": iid, "zone": i["zone"], "category": i["category"], "severity": i["severity"],
            "person_id": i["person"], "description": i["description"], "status": i["status"],
            "outcome": i["outcome"], "logged": i["logged"], "by": i["by"]}


def _live_pass(state: State, pid: str) -> str | None:
    return next((sid for sid, s in sorted(state.passes.items()) if s["person"] == pid and s["status"] in LIVE), None)


def _days(values: Any, allowed: list[str], what: str, where: str) -> list[str] | dict:
    if not isinstance(values, list) or not values:
        return _problem(422, "invalid-days", "Invalid days", "days is a list of dates (YYYY-MM-DD)", where)
    out = []
    for v in values:
        d = _day(v)
        if d is None:
            return _problem(422, "invalid-days", "Invalid days", f"{v!r} is not a date (YYYY-MM-DD)", where)
        if d not in allowed:
            return _problem(422, "invalid-days", "Invalid days",
                            f"{what} covers {allowed[0]} to {allowed[-1]}, not {d}", where)
        if d not in out:
            out.append(d)
    return sorted(out)


# --------------------------------------------------------------------------- sign-in and the public lists


async def sign_in(state: State, username: str, password: str) -> dict:
    """Sign in to the accreditation system.

    Parameters
    ----------
    username : str
        The staff user name, e.g. ``nadia.k``.
    password : str
        The password.

    Returns
    -------
    dict
        ``token`` (pass it to every call but the public ones), ``name`` and ``role`` (accreditation, liaison, press,
        production, security or manager).
    """
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        return _problem(401, "bad-credentials", "Sign-in refused", "user name or password not recognised",
                        "/sessions")
    user = username.strip().lower()
    token = f"fm-{user.split('.')[0]}-{_next(state, 'token'):04d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return {"token": token, "name": s["name"], "role": s["role"]}


async def sign_out(state: State, token: str) -> str | dict:
    """End a session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    str or dict
        A sentence naming who was signed out.
    """
    if (problem := _auth(state, token)) is not None:
        return problem
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def zones() -> list[dict]:
    """The site's access zones, as on the site map.

    Returns
    -------
    list of dict
        One entry per zone: ``code``, ``name`` and ``vehicles`` (whether vehicles may be permitted into it).
    """
    return [{"code": code, "name": z[0], "vehicles": z[1]} for code, z in ZONES.items()]


async def pass_types() -> list[dict]:
    """The kinds of pass the festival issues.

    Returns
    -------
    list of dict
        One entry per pass type: ``code``, ``name``, ``category`` (who it is for: artist, crew, press or trader),
        ``zones`` (the zone codes it opens) and ``days`` (the dates it may cover).
    """
    return [{"code": code, "name": t[0], "category": t[1], "zones": list(t[2]), "days": list(t[3])}
            for code, t in PASS_TYPES.items()]


# --------------------------------------------------------------------------- people


async def find_person(state: State, token: str, text: str) -> list[dict] | dict:
    """Find people by part of their name, company or outlet, or e-mail address.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list of dict or dict
        One entry per person found: ``person_id``, ``name``, ``category``, ``company`` and ``live_pass`` (the pass
        id of their pass that is not declined or cancelled, or null).
    """
    if (problem := _auth(state, token)) is not None:
        return problem
    if _missing(text):
        return _problem(422, "missing-field", "Missing field", "text is required", "/people")
    needle = text.strip().lower()
    return [{"person_id": pid, "name": p["name"], "category": p["category"], "company": p["company"],
             "live_pass": _live_pass(state, pid)}
            for pid, p in sorted(state.people.items())
            if needle in p["name"].lower() or needle in p["company"].lower() or needle in p["email"].lower()]


async def register_person(state: State, token: str, name: str, category: Category, company: str, email: str,
                          phone: str) -> dict:
    """Register someone who will work at the festival.

    Parameters
    ----------
    token : str
        The session token.
    name : str
        Their name as on their photo ID.
    category : {"artist", "crew", "press", "trader"}
        What they are here as.
    company : str
        The act, company, outlet or trading name they come with.
    email, phone : str
        How to reach them.

    Returns
    -------
    dict
        The person with their new ``person_id``, no ID check and no photo on file.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    for value, what in ((name, "name"), (company, "company"), (email, "email"), (phone, "phone")):
        if _missing(value):
            return _problem(422, "missing-field", "Missing field", f"{what} is required", "/people")
    if category not in ("artist", "crew", "press", "trader"):
        return _problem(422, "invalid-category", "Invalid category",
                        f"category is artist, crew, press or trader, not {category!r}", "/people")
    if "@" not in email:
        return _problem(422, "invalid-email", "Invalid e-mail address", f"{email!r} is not an e-mail address",
                        "/people")
    for pid, p in state.people.items():
        if p["name"].lower() == name.strip().lower() and p["email"].lower() == email.strip().lower():
            return _problem(409, "already-registered", "Already registered", f"{p['name']} is registered already "
                            f"({pid})", "/people")
    pid = f"PR-{_next(state, 'person')}"
    state.people[pid] = {"name": name.strip(), "category": category, "company": company.strip(),
                         "email": email.strip(), "phone": phone.strip(), "id_check": None, "photo": None}
    return _person(state, pid)


async def update_person(state: State, token: str, person_id: str, email: str | None = None,
                        phone: str | None = None, company: str | None = None) -> dict:
    """Change a person's e-mail address, phone number or company; what is left out stays as it is.

    Parameters
    ----------
    token : str
        The session token.
    person_id : str
        The person.
    email, phone, company : str, optional
        The new details.

    Returns
    -------
    dict
        The person as changed.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    p = state.people.get(person_id) if isinstance(person_id, str) else None
    if p is None:
        return _not_found("person", person_id, f"/people/{person_id}")
    new = {k: v.strip() for k, v in (("email", email), ("phone", phone), ("company", company))
           if isinstance(v, str) and v.strip()}
    if "email" in new and "@" not in new["email"]:
        return _problem(422, "invalid-email", "Invalid e-mail address", f"{email!r} is not an e-mail address",
                        f"/people/{person_id}")
    changed = {k: v for k, v in new.items() if p[k] != v}
    if not changed:
        return _problem(409, "no-change", "Nothing to change",
                        f"those are {p['name']}'s details on file already", f"/people/{person_id}")
    p.update(changed)
    return _person(state, person_id)


async def person_file(state: State, token: str, person_id: str) -> dict:
    """A person's whole file.

    Parameters
    ----------
    token : str
        The session token.
    person_id : str
        The person.

    Returns
    -------
    dict
        ``person`` (their details, whether their ID is checked and their photo); ``accreditation`` (the press
        accreditation, or null); ``passes`` as rows of ``[pass_id, pass_type, status, zones, days]``; ``parties``
        as rows of ``[act_id, act, role]``; ``vehicle_permits`` as rows of ``[permit_id, registration, zone,
        status]``; ``incidents`` as rows of ``[incident_id, logged, category, status]``.
    """
    if (problem := _auth(state, token)) is not None:
        return problem
    if not isinstance(person_id, str) or person_id not in state.people:
        return _not_found("person", person_id, f"/people/{person_id}")
    acc = next(({"accreditation_id": aid, "outlet": a["outlet"], "role": a["role"]}
                for aid, a in sorted(state.accreditations.items()) if a["person"] == person_id), None)
    return {
        "person": _person(state, person_id),
        "accreditation": acc,
        "passes": [[sid, s["type"], s["status"], list(s["zones"]), list(s["days"])]
                   for sid, s in sorted(state.passes.items()) if s["person"] == person_id],
        "parties": [[aid, a["name"], a["party"][person_id]] for aid, a in sorted(state.acts.items())
                    if person_id in a["party"]],
        "vehicle_permits": [[vid, v["registration"], v["zone"], v["status"]]
                            for vid, v in sorted(state.permits.items()) if v["person"] == person_id],
        "incidents": [[iid, i["logged"], i["category"], i["status"]] for iid, i in sorted(state.incidents.items())
                      if i["person"] == person_id],
    }


async def message_person(state: State, token: str, person_id: str, subject: str, body: str) -> str | dict:
    """E-mail a person.

    Parameters
    ----------
    token : str
        The session token.
    person_id : str
        The person.
    subject, body : str
        The e-mail.

    Returns
    -------
    str or dict
        A sentence with the e-mail's id.
    """
    if (problem := _auth(state, token, "accreditation", "liaison", "press", "production")) is not None:
        return problem
    p = state.people.get(person_id) if isinstance(person_id, str) else None
    if p is None:
        return _not_found("person", person_id, f"/people/{person_id}/emails")
    if _missing(subject) or _missing(body):
        return _problem(422, "missing-field", "Missing field", "subject and body are required",
                        f"/people/{person_id}/emails")
    eid = f"EM-{_next(state, 'email')}"
    state.emails.append([eid, person_id, subject.strip(), body.strip(), state.sessions[token]["name"]])
    return f"E-mail {eid} sent to {p['name']} at {p['email']}."


async def record_id_check(state: State, token: str, person_id: str, document: Document, last_characters: str,
                          date_of_birth: str) -> dict:
    """Record that a person's photo ID was seen and matched at the cabin.

    Parameters
    ----------
    token : str
        The session token.
    person_id : str
        The person.
    document : {"passport", "driving_licence", "national_id"}
        The document shown.
    last_characters : str
        The last four characters of its number.
    date_of_birth : str
        The date of birth on it (YYYY-MM-DD).

    Returns
    -------
    dict
        The person, with their ID checked.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    where = f"/people/{person_id}/id-check"
    p = state.people.get(person_id) if isinstance(person_id, str) else None
    if p is None:
        return _not_found("person", person_id, where)
    if document not in ("passport", "driving_licence", "national_id"):
        return _problem(422, "invalid-document", "Invalid document",
                        f"document is passport, driving_licence or national_id, not {document!r}", where)
    if not isinstance(last_characters, str) or len(last_characters.strip()) != 4:
        return _problem(422, "invalid-document", "Invalid document",
                        "last_characters is the last four characters of the document number", where)
    dob = _day(date_of_birth)
    if dob is None or dob >= TODAY:
        return _problem(422, "invalid-date", "Invalid date", f"{date_of_birth!r} is not a date of birth", where)
    if p["id_check"] is not None:
        return _problem(409, "already-checked", "ID already checked",
                        f"{p['name']}'s ID was checked already ({p['id_check']['document']})", where)
    if p["category"] == "crew" and _age(dob, TODAY) < 18:
        return _problem(422, "under-age", "Under age", f"{p['name']} is {_age(dob, TODAY)}; crew are 18 or over",
                        where)
    p["id_check"] = {"document": document, "last": last_characters.strip().upper(), "dob": dob}
    return _person(state, person_id)


async def attach_photo(state: State, token: str, person_id: str, photo_file: str) -> dict:
    """Put a person's pass photo on file (it replaces any photo there).

    Parameters
    ----------
    token : str
        The session token.
    person_id : str
        The person.
    photo_file : str
        The photo's file name as uploaded, a ``.jpg`` or ``.png``.

    Returns
    -------
    dict
        The person, with the photo on file.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    where = f"/people/{person_id}/photo"
    p = state.people.get(person_id) if isinstance(person_id, str) else None
    if p is None:
        return _not_found("person", person_id, where)
    if _missing(photo_file) or not photo_file.strip().lower().endswith((".jpg", ".jpeg", ".png")):
        return _problem(422, "invalid-photo", "Invalid photo", f"{photo_file!r} is not a .jpg or .png file", where)
    if p["photo"] == photo_file.strip():
        return _problem(409, "no-change", "Nothing to change", f"{photo_file} is {p['name']}'s photo already",
                        where)
    p["photo"] = photo_file.strip()
    return _person(state, person_id)


async def accredit_press(state: State, token: str, person_id: str, outlet: str, role: str,
                         commission: str) -> dict:
    """Accredit a journalist, photographer or broadcaster for the festival.

    Parameters
    ----------
    token : str
        The session token.
    person_id : str
        The person (registered as press).
    outlet : str
        The publication or station they work for.
    role : str
        What they do for it.
    commission : str
        The commission they are here on (the editor's letter).

    Returns
    -------
    dict
        ``accreditation_id``, ``person_id``, ``name``, ``outlet``, ``role`` and ``commission``.
    """
    if (problem := _auth(state, token, "press")) is not None:
        return problem
    where = f"/people/{person_id}/accreditation"
    p = state.people.get(person_id) if isinstance(person_id, str) else None
    if p is None:
        return _not_found("person", person_id, where)
    if _missing(outlet) or _missing(commission):
        return _problem(422, "missing-field", "Missing field", "outlet and commission are required", where)
    if role not in PRESS_ROLES:
        return _problem(422, "invalid-role", "Invalid press role",
                        f"role is one of {', '.join(PRESS_ROLES)}, not {role!r}", where)
    if p["category"] != "press":
        return _problem(409, "not-press", "Not press", f"{p['name']} is registered as {p['category']}, not press",
                        where)
    if any(a["person"] == person_id for a in state.accreditations.values()):
        return _problem(409, "already-accredited", "Already accredited", f"{p['name']} is accredited already",
                        where)
    aid = f"PA-{_next(state, 'accreditation')}"
    state.accreditations[aid] = {"person": person_id, "outlet": outlet.strip(), "role": role,
                                 "commission": commission.strip()}
    return {"accreditation_id": aid, "person_id": person_id, "name": p["name"], "outlet": outlet.strip(),
            "role": role, "commission": commission.strip()}


# --------------------------------------------------------------------------- acts, parties and guests


async def acts(state: State, token: str, day: str | None = None, stage: Stage | None = None) -> list[dict] | dict:
    """The acts on the line-up.

    Parameters
    ----------
    token : str
        The session token.
    day : str, optional
        Only the acts playing on this date (YYYY-MM-DD).
    stage : {"main", "meadow", "woodland"}, optional
        Only the acts on this stage.

    Returns
    -------
    list of dict or dict
        One entry per act: ``act_id``, ``name``, ``stage``, ``day``, ``time``, ``party_allocation`` (the artist
        passes it gets) and ``guest_allocation`` (its guest-list places).
    """
    if (problem := _auth(state, token)) is not None:
        return problem
    want = _value(stage)
    if want is not None and want not in [s.value for s in Stage]:
        return _problem(422, "invalid-stage", "Invalid stage", f"stage is main, meadow or woodland, not {want!r}",
                        "/acts")
    return [{"act_id": aid, "name": a["name"], "stage": a["stage"], "day": a["day"], "time": a["time"],
             "party_allocation": a["party_allocation"], "guest_allocation": a["guest_allocation"]}
            for aid, a in sorted(state.acts.items())
            if (day is None or a["day"] == day) and (want is None or a["stage"] == want)]


async def act_party(state: State, token: str, act_id: str) -> dict:
    """An act's touring party and guest list.

    Parameters
    ----------
    token : str
        The session token.
    act_id : str
        The act.

    Returns
    -------
    dict
        ``act_id``, ``name``, ``stage``, ``day``, ``time``, the allocations; ``party`` as rows of ``[person_id,
        name, role, pass_id]`` (the pass id null when they have no live pass); ``guests`` as rows of ``[guest_id,
        name, wristband]`` (the wristband serial null until one is issued).
    """
    if (problem := _auth(state, token)) is not None:
        return problem
    a = state.acts.get(act_id) if isinstance(act_id, str) else None
    if a is None:
        return _not_found("act", act_id, f"/acts/{act_id}/party")
    return {"act_id": act_id, "name": a["name"], "stage": a["stage"], "day": a["day"], "time": a["time"],
            "party_allocation": a["party_allocation"], "guest_allocation": a["guest_allocation"],
            "party": [[pid, state.people[pid]["name"], role, _live_pass(state, pid)]
                      for pid, role in sorted(a["party"].items())],
            "guests": [[gid, g["name"], g["wristband"]] for gid, g in sorted(state.guests.items())
                       if g["act"] == act_id]}


async def add_to_party(state: State, token: str, act_id: str, person_id: str, role: str) -> dict:
    """Add an artist to an act's touring party (the act's party allocation is the most it may hold).

    Parameters
    ----------
    token : str
        The session token.
    act_id : str
        The act.
    person_id : str
        The person (registered as an artist).
    role : str
        What they do in the party (``drums``, ``tour manager``).

    Returns
    -------
    dict
        The act's party as ``act_party`` answers it.
    """
    if (problem := _auth(state, token, "liaison")) is not None:
        return problem
    where = f"/acts/{act_id}/party"
    a = state.acts.get(act_id) if isinstance(act_id, str) else None
    if a is None:
        return _not_found("act", act_id, where)
    p = state.people.get(person_id) if isinstance(person_id, str) else None
    if p is None:
        return _not_found("person", person_id, where)
    if _missing(role):
        return _problem(422, "missing-field", "Missing field", "role is required", where)
    if p["category"] != "artist":
        return _problem(409, "not-artist", "Not an artist",
                        f"{p['name']} is registered as {p['category']}; a touring party is artists only", where)
    if person_id in a["party"]:
        return _problem(409, "already-in-party", "Already in the party",
                        f"{p['name']} is in {a['name']}'s party already", where)
    if len(a["party"]) >= a["party_allocation"]:
        return _problem(409, "party-full", "Party full",
                        f"{a['name']}'s party is full ({a['party_allocation']} passes)", where)
    a["party"][person_id] = role.strip()
    return await act_party(state, token, act_id)


async def remove_from_party(state: State, token: str, act_id: str, person_id: str) -> str | dict:
    """Take someone off an act's touring party.

    Parameters
    ----------
    token : str
        The session token.
    act_id : str
        The act.
    person_id : str
        The person.

    Returns
    -------
    str or dict
        A sentence naming who was removed from which act's party.
    """
    if (problem := _auth(state, token, "liaison")) is not None:
        return problem
    where = f"/acts/{act_id}/party/{person_id}"
    a = state.acts.get(act_id) if isinstance(act_id, str) else None
    if a is None:
        return _not_found("act", act_id, where)
    if not isinstance(person_id, str) or person_id not in a["party"]:
        return _problem(409, "not-in-party", "Not in the party", f"{person_id} is not in {a['name']}'s party",
                        where)
    live = _live_pass(state, person_id)
    if live is not None and state.passes[live]["type"] == "AAA":
        return _problem(409, "pass-live", "Artist pass live",
                        f"{state.people[person_id]['name']} holds {live} ({state.passes[live]['status']}); cancel "
                        "or suspend it first", where)
    del a["party"][person_id]
    return f"{state.people[person_id]['name']} ({person_id}) removed from {a['name']}'s party ({act_id})."


async def add_guest(state: State, token: str, act_id: str, name: str) -> dict:
    """Put a guest on an act's guest list (the act's guest allocation is the most it may hold).

    Parameters
    ----------
    token : str
        The session token.
    act_id : str
        The act.
    name : str
        The guest's name.

    Returns
    -------
    dict
        ``guest_id``, ``act_id``, ``act``, ``name``, ``day`` (the day the act plays) and ``wristband`` (null).
    """
    if (problem := _auth(state, token, "liaison")) is not None:
        return problem
    where = f"/acts/{act_id}/guests"
    a = state.acts.get(act_id) if isinstance(act_id, str) else None
    if a is None:
        return _not_found("act", act_id, where)
    if _missing(name):
        return _problem(422, "missing-field", "Missing field", "name is required", where)
    mine = [g for g in state.guests.values() if g["act"] == act_id]
    if any(g["name"].lower() == name.strip().lower() for g in mine):
        return _problem(409, "already-listed", "Already on the list", f"{name.strip()} is on {a['name']}'s list "
                        "already", where)
    if len(mine) >= a["guest_allocation"]:
        return _problem(409, "guest-list-full", "Guest list full",
                        f"{a['name']}'s guest list is full ({a['guest_allocation']} places)", where)
    gid = f"GL-{_next(state, 'guest')}"
    state.guests[gid] = {"act": act_id, "name": name.strip(), "wristband": None}
    return {"guest_id": gid, "act_id": act_id, "act": a["name"], "name": name.strip(), "day": a["day"],
            "wristband": None}


async def remove_guest(state: State, token: str, guest_id: str) -> str | dict:
    """Take a guest off an act's guest list (before a wristband is issued to them).

    Parameters
    ----------
    token : str
        The session token.
    guest_id : str
        The guest.

    Returns
    -------
    str or dict
        A sentence naming the guest removed.
    """
    if (problem := _auth(state, token, "liaison")) is not None:
        return problem
    where = f"/guests/{guest_id}"
    g = state.guests.get(guest_id) if isinstance(guest_id, str) else None
    if g is None:
        return _not_found("guest", guest_id, where)
    if g["wristband"] is not None:
        return _problem(409, "wristband-issued", "Wristband issued",
                        f"{g['name']} has wristband {g['wristband']}; void it first", where)
    del state.guests[guest_id]
    return f"{g['name']} ({guest_id}) removed from {state.acts[g['act']]['name']}'s guest list."


async def wristband_stock(state: State, token: str, colour: Colour | None = None) -> list[str] | dict:
    """The wristbands in the guest-list window's stock, not yet issued or voided.

    Parameters
    ----------
    token : str
        The session token.
    colour : {"gold", "silver"}, optional
        Only wristbands of this colour.

    Returns
    -------
    list of str or dict
        Their serial numbers, in order.
    """
    if (problem := _auth(state, token)) is not None:
        return problem
    if colour is not None and colour not in ("gold", "silver"):
        return _problem(422, "invalid-colour", "Invalid colour", f"colour is gold or silver, not {colour!r}",
                        "/wristbands")
    return [serial for serial, w in sorted(state.wristbands.items())
            if w["guest"] is None and w["void"] is None and (colour is None or w["colour"] == colour)]


async def issue_wristband(state: State, token: str, guest_id: str, serial: str) -> dict:
    """Hand a guest on an act's list a wristband at the guest-list window.

    Parameters
    ----------
    token : str
        The session token.
    guest_id : str
        The guest.
    serial : str
        The serial number of the wristband from stock.

    Returns
    -------
    dict
        ``serial``, ``colour``, ``guest_id``, ``name``, ``act`` and ``day``.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    where = f"/guests/{guest_id}/wristband"
    g = state.guests.get(guest_id) if isinstance(guest_id, str) else None
    if g is None:
        return _not_found("guest", guest_id, where)
    w = state.wristbands.get(serial) if isinstance(serial, str) else None
    if w is None or w["guest"] is not None or w["void"] is not None:
        return _problem(409, "not-in-stock", "Wristband not in stock", f"{serial} is not a wristband in stock",
                        where)
    if g["wristband"] is not None:
        return _problem(409, "already-issued", "Wristband already issued",
                        f"{g['name']} has wristband {g['wristband']} already", where)
    a = state.acts[g["act"]]
    if a["day"] != TODAY:
        return _problem(409, "not-today", "Not today",
                        f"{a['name']} plays on {a['day']}; guest wristbands are issued on the day the act plays",
                        where)
    if w["colour"] != "gold":
        return _problem(422, "wrong-colour", "Wrong wristband",
                        f"{serial} is {w['colour']}; artist guests wear gold wristbands", where)
    w["guest"] = guest_id
    g["wristband"] = serial
    return {"serial": serial, "colour": w["colour"], "guest_id": guest_id, "name": g["name"], "act": a["name"],
            "day": a["day"]}


async def void_wristband(state: State, token: str, serial: str, reason: str) -> str | dict:
    """Void an issued wristband (lost, cut off, passed on); the guest may then be given another.

    Parameters
    ----------
    token : str
        The session token.
    serial : str
        The wristband's serial number.
    reason : str
        Why.

    Returns
    -------
    str or dict
        A sentence naming the wristband voided and its guest.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    where = f"/wristbands/{serial}"
    w = state.wristbands.get(serial) if isinstance(serial, str) else None
    if w is None:
        return _not_found("wristband", serial, where)
    if _missing(reason):
        return _problem(422, "missing-field", "Missing field", "reason is required", where)
    if w["void"] is not None:
        return _problem(409, "already-void", "Already void", f"{serial} is void already", where)
    if w["guest"] is None:
        return _problem(409, "not-issued", "Not issued", f"{serial} has not been issued; it is in stock", where)
    g = state.guests[w["guest"]]
    w["void"] = reason.strip()
    g["wristband"] = None
    return f"Wristband {serial} voided; {g['name']} ({w['guest']}) may be given another."


# --------------------------------------------------------------------------- passes


async def request_pass(state: State, token: str, person_id: str, pass_type: str, days: list[str]) -> dict:
    """Request a pass for a person (one live pass each).

    Parameters
    ----------
    token : str
        The session token.
    person_id : str
        The person.
    pass_type : str
        The pass type's code.
    days : list of str
        The dates (YYYY-MM-DD) it is for, within the pass type's days.

    Returns
    -------
    dict
        The pass: ``pass_id``, ``person_id``, ``name``, ``pass_type``, ``status`` (requested), ``zones``, ``days``
        and ``reason``.
    """
    if (problem := _auth(state, token, "accreditation", "liaison", "press", "production")) is not None:
        return problem
    where = "/passes"
    p = state.people.get(person_id) if isinstance(person_id, str) else None
    if p is None:
        return _not_found("person", person_id, where)
    t = PASS_TYPES.get(pass_type) if isinstance(pass_type, str) else None
    if t is None:
        return _problem(422, "invalid-pass-type", "Invalid pass type", f"no pass type {pass_type!r}", where)
    chosen = _days(days, t[3], f"a {pass_type} pass", where)
    if isinstance(chosen, dict):
        return chosen
    if p["category"] != t[1]:
        return _problem(409, "wrong-category", "Wrong pass type",
                        f"a {pass_type} pass is for {t[1]}; {p['name']} is registered as {p['category']}", where)
    live = _live_pass(state, person_id)
    if live is not None:
        return _problem(409, "pass-exists", "Pass exists",
                        f"{p['name']} has {live} ({state.passes[live]['status']}) already", where)
    if pass_type == "AAA" and not any(person_id in a["party"] for a in state.acts.values()):
        return _problem(409, "not-in-party", "Not in a touring party",
                        f"{p['name']} is in no act's touring party; artist passes go to touring parties", where)
    if pass_type == "PRESS" and not any(a["person"] == person_id for a in state.accreditations.values()):
        return _problem(409, "not-accredited", "Not accredited",
                        f"{p['name']} has no press accreditation; the press office accredits press first", where)
    sid = f"PS-{_next(state, 'pass')}"
    state.passes[sid] = {"person": person_id, "type": pass_type, "status": "requested", "days": chosen,
                         "zones": list(t[2]), "reason": None, "incident": None}
    return _pass(state, sid)


async def passes(state: State, token: str, status: PassStatus | None = None, pass_type: str | None = None,
                 day: str | None = None) -> dict:
    """The passes, in pass id order.

    Parameters
    ----------
    token : str
        The session token.
    status : {"requested", "approved", "printed", "collected", "suspended", "declined", "cancelled"}, optional
        Only passes in this status.
    pass_type : str, optional
        Only passes of this type.
    day : str, optional
        Only passes covering this date (YYYY-MM-DD).

    Returns
    -------
    dict
        ``total`` and ``passes`` as rows of ``[pass_id, person_id, name, pass_type, status]``.
    """
    if (problem := _auth(state, token)) is not None:
        return problem
    want = _value(status)
    if want is not None and want not in [s.value for s in PassStatus]:
        return _problem(422, "invalid-status", "Invalid status", f"no pass status {want!r}", "/passes")
    rows = [[sid, s["person"], state.people[s["person"]]["name"], s["type"], s["status"]]
            for sid, s in sorted(state.passes.items())
            if (want is None or s["status"] == want) and (pass_type is None or s["type"] == pass_type)
            and (day is None or day in s["days"])]
    return {"total": len(rows), "passes": rows}


def _get_pass(state: State, pass_id: Any, where: str) -> tuple[dict | None, dict | None]:
    s = state.passes.get(pass_id) if isinstance(pass_id, str) else None
    if s is None:
        return None, _not_found("pass", pass_id, where)
    return s, None


async def approve_pass(state: State, token: str, pass_id: str) -> dict:
    """Approve a requested pass.

    Parameters
    ----------
    token : str
        The session token.
    pass_id : str
        The pass.

    Returns
    -------
    dict
        The pass, approved.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    s, problem = _get_pass(state, pass_id, f"/passes/{pass_id}/approve")
    if problem:
        return problem
    if s["status"] != "requested":
        return _problem(409, "not-requested", "Not awaiting approval",
                        f"{pass_id} is {s['status']}; only a requested pass is approved", f"/passes/{pass_id}/approve")
    s["status"] = "approved"
    return _pass(state, pass_id)


async def decline_pass(state: State, token: str, pass_id: str, reason: str) -> dict:
    """Decline a pass that is requested or approved and not yet printed.

    Parameters
    ----------
    token : str
        The session token.
    pass_id : str
        The pass.
    reason : str
        Why (it is e-mailed to the person).

    Returns
    -------
    dict
        The pass, declined.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    where = f"/passes/{pass_id}/decline"
    s, problem = _get_pass(state, pass_id, where)
    if problem:
        return problem
    if _missing(reason):
        return _problem(422, "missing-field", "Missing field", "reason is required", where)
    if s["status"] not in ("requested", "approved"):
        return _problem(409, "not-declinable", "Cannot decline",
                        f"{pass_id} is {s['status']}; a pass is declined before it is printed", where)
    s.update({"status": "declined", "reason": reason.strip()})
    return _pass(state, pass_id)


async def add_zone(state: State, token: str, pass_id: str, zone_code: str) -> dict:
    """Add a zone to a pass before it is printed.

    Parameters
    ----------
    token : str
        The session token.
    pass_id : str
        The pass.
    zone_code : str
        The zone's code.

    Returns
    -------
    dict
        The pass with the zone added.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    where = f"/passes/{pass_id}/zones"
    s, problem = _get_pass(state, pass_id, where)
    if problem:
        return problem
    if zone_code not in ZONES:
        return _problem(422, "invalid-zone", "Invalid zone", f"no zone {zone_code!r}", where)
    if s["status"] not in ("requested", "approved"):
        return _problem(409, "zones-fixed", "Zones fixed",
                        f"{pass_id} is {s['status']}; zones are changed before a pass is printed", where)
    if zone_code in s["zones"]:
        return _problem(409, "zone-present", "Zone on the pass already", f"{pass_id} opens {zone_code} already",
                        where)
    if zone_code == "PIT" and not any(a["person"] == s["person"] and a["role"] == "photographer"
                                      for a in state.accreditations.values()):
        return _problem(409, "pit-photographers-only", "Photo pit refused",
                        f"{state.people[s['person']]['name']} is not an accredited photographer; the photo pit is "
                        "for accredited photographers only", where)
    s["zones"].append(zone_code)
    return _pass(state, pass_id)


async def remove_zone(state: State, token: str, pass_id: str, zone_code: str) -> dict:
    """Take a zone off a pass before it is printed.

    Parameters
    ----------
    token : str
        The session token.
    pass_id : str
        The pass.
    zone_code : str
        The zone's code.

    Returns
    -------
    dict
        The pass with the zone taken off.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    where = f"/passes/{pass_id}/zones/{zone_code}"
    s, problem = _get_pass(state, pass_id, where)
    if problem:
        return problem
    if s["status"] not in ("requested", "approved"):
        return _problem(409, "zones-fixed", "Zones fixed",
                        f"{pass_id} is {s['status']}; zones are changed before a pass is printed", where)
    if zone_code not in s["zones"]:
        return _problem(409, "zone-absent", "Zone not on the pass", f"{pass_id} does not open {zone_code!r}",
                        where)
    if len(s["zones"]) == 1:
        return _problem(409, "last-zone", "Last zone", f"{zone_code} is the only zone on {pass_id}", where)
    s["zones"].remove(zone_code)
    return _pass(state, pass_id)


async def print_pass(state: State, token: str, pass_id: str) -> str | dict:
    """Print an approved pass with the person's photo on it.

    Parameters
    ----------
    token : str
        The session token.
    pass_id : str
        The pass.

    Returns
    -------
    str or dict
        The printed pass's barcode.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    where = f"/passes/{pass_id}/print"
    s, problem = _get_pass(state, pass_id, where)
    if problem:
        return problem
    if s["status"] != "approved":
        return _problem(409, "pass-not-approved", "Pass not approved",
                        f"{pass_id} is {s['status']}; a pass is printed once it is approved", where)
    p = state.people[s["person"]]
    if p["photo"] is None:
        return _problem(409, "no-photo", "No photo", f"{p['name']} has no pass photo on file", where)
    s["status"] = "printed"
    return f"FM34-{pass_id[3:]}-{s['type']}-{len(s['zones'])}{len(s['days'])}"


async def collect_pass(state: State, token: str, pass_id: str) -> str | dict:
    """Hand a printed pass over at the accreditation cabin, to the person whose ID has been checked.

    Parameters
    ----------
    token : str
        The session token.
    pass_id : str
        The pass.

    Returns
    -------
    str or dict
        A sentence naming the pass and who it was handed to.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    where = f"/passes/{pass_id}/collect"
    s, problem = _get_pass(state, pass_id, where)
    if problem:
        return problem
    if s["status"] != "printed":
        return _problem(409, "not-printed", "Not ready",
                        f"{pass_id} is {s['status']}; a pass is handed over once it is printed", where)
    p = state.people[s["person"]]
    if p["id_check"] is None:
        return _problem(409, "id-not-checked", "ID not checked",
                        f"{p['name']}'s photo ID has not been checked; check it before handing over the pass", where)
    s["status"] = "collected"
    return f"Pass {pass_id} handed to {p['name']} at the accreditation cabin at {NOW}."


async def cancel_pass(state: State, token: str, pass_id: str, reason: str) -> dict:
    """Cancel a pass before it is handed over.

    Parameters
    ----------
    token : str
        The session token.
    pass_id : str
        The pass.
    reason : str
        Why.

    Returns
    -------
    dict
        The pass, cancelled.
    """
    if (problem := _auth(state, token, "accreditation")) is not None:
        return problem
    where = f"/passes/{pass_id}/cancel"
    s, problem = _get_pass(state, pass_id, where)
    if problem:
        return problem
    if _missing(reason):
        return _problem(422, "missing-field", "Missing field", "reason is required", where)
    if s["status"] not in ("requested", "approved", "printed"):
        return _problem(409, "not-cancellable", "Cannot cancel",
                        f"{pass_id} is {s['status']}; a pass is cancelled before it is handed over", where)
    s.update({"status": "cancelled", "reason": reason.strip()})
    return _pass(state, pass_id)


async def scan_pass(state: State, token: str, pass_id: str, zone_code: str) -> str | dict:
    """Scan a pass at a zone's gate.

    Parameters
    ----------
    token : str
        The session token.
    pass_id : str
        The pass scanned.
    zone_code : str
        The zone whose gate it is scanned at.

    Returns
    -------
    str or dict
        ``"granted"`` when the pass lets its holder into the zone today.
    """
    if (problem := _auth(state, token, "security")) is not None:
        return problem
    where = f"/gates/{zone_code}/scans"
    s, problem = _get_pass(state, pass_id, where)
    if problem:
        return problem
    if zone_code not in ZONES:
        return _problem(422, "invalid-zone", "Invalid zone", f"no zone {zone_code!r}", where)
    if s["status"] != "collected":
        return _problem(403, "pass-not-valid", "Access denied", f"{pass_id} is {s['status']}", where)
    if TODAY not in s["days"]:
        return _problem(403, "not-today", "Access denied", f"{pass_id} is not valid on {TODAY}", where)
    if zone_code not in s["zones"]:
        return _problem(403, "zone-not-on-pass", "Access denied", f"{pass_id} does not open {zone_code}", where)
    state.scans.append([pass_id, zone_code, NOW, state.sessions[token]["name"]])
    return "granted"


# --------------------------------------------------------------------------- vehicle permits


async def request_vehicle_permit(state: State, token: str, person_id: str, registration: str,
                                 vehicle: VehicleKind, zone_code: str, days: list[str]) -> dict:
    """Permit a vehicle into one of the site's vehicle zones for its driver.

    Parameters
    ----------
    token : str
        The session token.
    person_id : str
        The driver.
    registration : str
        The vehicle's registration number.
    vehicle : {"car", "van", "minibus", "lorry_7_5t", "artic"}
        What it is.
    zone_code : str
        The zone it may drive into.
    days : list of str
        The dates (YYYY-MM-DD) it may come on site.

    Returns
    -------
    dict
        ``permit_id``, ``person_id``, ``name``, ``registration``, ``vehicle``, ``zone``, ``days`` and ``status``
        (active).
    """
    if (problem := _auth(state, token, "production")) is not None:
        return problem
    where = "/vehicle-permits"
    p = state.people.get(person_id) if isinstance(person_id, str) else None
    if p is None:
        return _not_found("person", person_id, where)
    kind = _value(vehicle)
    if kind not in [v.value for v in VehicleKind]:
        return _problem(422, "invalid-vehicle", "Invalid vehicle",
                        f"vehicle is one of {', '.join(v.value for v in VehicleKind)}, not {kind!r}", where)
    reg = registration.strip().upper() if isinstance(registration, str) else ""
    if not REGISTRATION.match(reg):
        return _problem(422, "invalid-registration", "Invalid registration",
                        f"{registration!r} is not a registration number (AB12 CDE)", where)
    if zone_code not in ZONES:
        return _problem(422, "invalid-zone", "Invalid zone", f"no zone {zone_code!r}", where)
    if not ZONES[zone_code][1]:
        return _problem(422, "no-vehicles", "No vehicles", f"vehicles are not permitted into {zone_code}", where)
    chosen = _days(days, BUILD + FESTIVAL + GET_OUT, "a vehicle permit", where)
    if isinstance(chosen, dict):
        return chosen
    if kind in ("lorry_7_5t", "artic") and zone_code != "PROD":
        return _problem(422, "lorries-to-production", "Zone refused for lorries",
                        f"a {kind} goes only into the production compound (PROD), not {zone_code}", where)
    live = _live_pass(state, person_id)
    if live is None or state.passes[live]["status"] not in ("approved", "printed", "collected"):
        return _problem(409, "no-approved-pass", "No approved pass",
                        f"{p['name']} has no approved pass; a vehicle permit goes to someone with one", where)
    if zone_code not in state.passes[live]["zones"]:
        return _problem(409, "zone-not-on-pass", "Zone not on the pass",
                        f"{p['name']}'s pass {live} does not open {zone_code}; a vehicle permit is for a zone the "
                        "driver's pass opens", where)
    if any(v["registration"].replace(" ", "") == reg.replace(" ", "") and v["status"] == "active"
           for v in state.permits.values()):
        return _problem(409, "permit-exists", "Permit exists", f"{reg} has an active permit already", where)
    vid = f"VP-{_next(state, 'permit')}"
    state.permits[vid] = {"person": person_id, "registration": reg, "vehicle": kind, "zone": zone_code,
                          "days": chosen, "status": "active"}
    return _permit(state, vid)


async def vehicle_permits(state: State, token: str, zone_code: str | None = None,
                          day: str | None = None) -> list[dict] | dict:
    """The active vehicle permits.

    Parameters
    ----------
    token : str
        The session token.
    zone_code : str, optional
        Only permits into this zone.
    day : str, optional
        Only permits for this date (YYYY-MM-DD).

    Returns
    -------
    list of dict or dict
        One entry per permit, as ``request_vehicle_permit`` answers it.
    """
    if (problem := _auth(state, token)) is not None:
        return problem
    return [_permit(state, vid) for vid, v in sorted(state.permits.items())
            if v["status"] == "active" and (zone_code is None or v["zone"] == zone_code)
            and (day is None or day in v["days"])]


async def cancel_vehicle_permit(state: State, token: str, permit_id: str, reason: str) -> str | dict:
    """Cancel a vehicle permit.

    Parameters
    ----------
    token : str
        The session token.
    permit_id : str
        The permit.
    reason : str
        Why.

    Returns
    -------
    str or dict
        A sentence naming the permit and the vehicle.
    """
    if (problem := _auth(state, token, "production")) is not None:
        return problem
    where = f"/vehicle-permits/{permit_id}"
    v = state.permits.get(permit_id) if isinstance(permit_id, str) else None
    if v is None:
        return _not_found("vehicle permit", permit_id, where)
    if _missing(reason):
        return _problem(422, "missing-field", "Missing field", "reason is required", where)
    if v["status"] != "active":
        return _problem(409, "already-cancelled", "Already cancelled", f"{permit_id} is cancelled already", where)
    v.update({"status": "cancelled", "reason": reason.strip()})
    return f"Vehicle permit {permit_id} for {v['registration']} cancelled."


# --------------------------------------------------------------------------- incidents


async def log_incident(state: State, token: str, zone_code: str, category: IncidentCategory, description: str,
                       person_id: str | None = None, severity: Severity = "low") -> dict:
    """Log a site incident.

    Parameters
    ----------
    token : str
        The session token.
    zone_code : str
        The zone it happened in.
    category : {"access_breach", "pass_misuse", "lost_pass", "vehicle", "welfare", "theft"}
        What kind of incident.
    description : str
        What happened.
    person_id : str, optional
        The accredited person it concerns.
    severity : {"low", "medium", "high"}, optional
        How serious (low when left out).

    Returns
    -------
    dict
        ``incident_id``, ``zone``, ``category``, ``severity``, ``person_id``, ``description``, ``status`` (open),
        ``outcome``, ``logged`` and ``by``.
    """
    if (problem := _auth(state, token, "security")) is not None:
        return problem
    where = "/incidents"
    if zone_code not in ZONES:
        return _problem(422, "invalid-zone", "Invalid zone", f"no zone {zone_code!r}", where)
    cat = _value(category)
    if cat not in [c.value for c in IncidentCategory]:
        return _problem(422, "invalid-category", "Invalid category", f"no incident category {cat!r}", where)
    if severity not in ("low", "medium", "high"):
        return _problem(422, "invalid-severity", "Invalid severity", f"severity is low, medium or high, not "
                        f"{severity!r}", where)
    if _missing(description):
        return _problem(422, "missing-field", "Missing field", "description is required", where)
    if person_id is not None and person_id not in state.people:
        return _not_found("person", person_id, where)
    iid = f"IN-{_next(state, 'incident')}"
    state.incidents[iid] = {"zone": zone_code, "category": cat, "severity": severity, "person": person_id,
                            "description": description.strip(), "status": "open", "outcome": None,
                            "logged": f"{TODAY} {NOW}", "by": state.sessions[token]["name"]}
    return _incident(state, iid)


async def incidents(state: State, token: str, status: IncidentStatus | None = None,
                    category: IncidentCategory | None = None) -> list[dict] | dict:
    """The site incidents, in incident id order.

    Parameters
    ----------
    token : str
        The session token.
    status : {"open", "closed"}, optional
        Only incidents in this status.
    category : {"access_breach", "pass_misuse", "lost_pass", "vehicle", "welfare", "theft"}, optional
        Only incidents of this kind.

    Returns
    -------
    list of dict or dict
        One entry per incident, as ``log_incident`` answers it.
    """
    if (problem := _auth(state, token)) is not None:
        return problem
    cat = _value(category)
    return [_incident(state, iid) for iid, i in sorted(state.incidents.items())
            if (status is None or i["status"] == status) and (cat is None or i["category"] == cat)]


async def close_incident(state: State, token: str, incident_id: str, outcome: str) -> dict:
    """Close an open incident.

    Parameters
    ----------
    token : str
        The session token.
    incident_id : str
        The incident.
    outcome : str
        How it ended.

    Returns
    -------
    dict
        The incident, closed.
    """
    if (problem := _auth(state, token, "security")) is not None:
        return problem
    where = f"/incidents/{incident_id}"
    i = state.incidents.get(incident_id) if isinstance(incident_id, str) else None
    if i is None:
        return _not_found("incident", incident_id, where)
    if _missing(outcome):
        return _problem(422, "missing-field", "Missing field", "outcome is required", where)
    if i["status"] == "closed":
        return _problem(409, "already-closed", "Already closed", f"{incident_id} is closed already", where)
    i.update({"status": "closed", "outcome": outcome.strip()})
    return _incident(state, incident_id)


async def suspend_pass(state: State, token: str, pass_id: str, incident_id: str) -> dict:
    """Suspend a handed-over pass over an open incident that names its holder.

    Parameters
    ----------
    token : str
        The session token.
    pass_id : str
        The pass.
    incident_id : str
        The incident.

    Returns
    -------
    dict
        The pass, suspended.
    """
    if (problem := _auth(state, token, "security")) is not None:
        return problem
    where = f"/passes/{pass_id}/suspend"
    s, problem = _get_pass(state, pass_id, where)
    if problem:
        return problem
    i = state.incidents.get(incident_id) if isinstance(incident_id, str) else None
    if i is None:
        return _not_found("incident", incident_id, where)
    if s["status"] != "collected":
        return _problem(409, "not-collected", "Cannot suspend",
                        f"{pass_id} is {s['status']}; a pass is suspended once it is handed over (cancel it "
                        "before)", where)
    if i["status"] != "open":
        return _problem(409, "incident-closed", "Incident closed", f"{incident_id} is closed", where)
    if i["person"] != s["person"]:
        return _problem(409, "incident-elsewhere", "Incident is about someone else",
                        f"{incident_id} does not name {state.people[s['person']]['name']}", where)
    s.update({"status": "suspended", "incident": incident_id})
    return _pass(state, pass_id)


async def reinstate_pass(state: State, token: str, pass_id: str) -> dict:
    """Give a suspended pass back once the incident it was suspended over is closed.

    Parameters
    ----------
    token : str
        The session token.
    pass_id : str
        The pass.

    Returns
    -------
    dict
        The pass, collected again.
    """
    if (problem := _auth(state, token, "manager")) is not None:
        return problem
    where = f"/passes/{pass_id}/reinstate"
    s, problem = _get_pass(state, pass_id, where)
    if problem:
        return problem
    if s["status"] != "suspended":
        return _problem(409, "not-suspended", "Not suspended", f"{pass_id} is {s['status']}", where)
    if state.incidents[s["incident"]]["status"] != "closed":
        return _problem(409, "incident-open", "Incident open",
                        f"{s['incident']} is still open; close it before the pass is reinstated", where)
    s.update({"status": "collected", "incident": None})
    return _pass(state, pass_id)


TOOLS = [
    sign_in, sign_out, zones, pass_types, find_person, register_person, update_person, person_file, message_person,
    record_id_check, attach_photo, accredit_press, acts, act_party, add_to_party, remove_from_party, add_guest,
    remove_guest, wristband_stock, issue_wristband, void_wristband, request_pass, passes, approve_pass, decline_pass,
    add_zone, remove_zone, print_pass, collect_pass, cancel_pass, scan_pass, request_vehicle_permit, vehicle_permits,
    cancel_vehicle_permit, log_incident, incidents, close_incident, suspend_pass, reinstate_pass,
]

FIXTURES = {
    "festival": {"name": "Fallowmead Festival, Fallowmead Park",
                 "today": "Friday 4 August 2034 at ten in the morning, the first day of the festival; the public "
                          "gates open at noon; the site was built from Monday 31 July and comes down on Monday 7 and "
                          "Tuesday 8 August"},
    "staff": [
        {"name": "Nadia Kowalczyk", "role": "accreditation office", "username": "nadia.k",
         "password": "Lanyard-Blue-34"},
        {"name": "Owen Tapper", "role": "accreditation office", "username": "owen.t", "password": "Cabin-Window-2"},
        {"name": "Bea Lindqvist", "role": "artist liaison", "username": "bea.l", "password": "Rider-Tea-88"},
        {"name": "Dev Mistry", "role": "press office", "username": "dev.m", "password": "Pit-Three-Songs"},
        {"name": "Hal Rees", "role": "production", "username": "hal.r", "password": "Forklift-Yard-7"},
        {"name": "Samira Osei", "role": "security", "username": "sam.o", "password": "Gate-Seven-Radio"},
        {"name": "Fran Costa", "role": "head of accreditation", "username": "fran.c", "password": "Fallowmead-2009"},
    ],
    "new_crew": {"name": "Ms Ffion Rhys", "category": "crew", "company": "Brightline Staging",
                 "email": "ffion.rhys@brightline.example", "phone": "07700 930140",
                 "id": {"document": "driving licence", "last_characters": "9FR2", "date_of_birth": "1994-03-12"},
                 "photo_file": "ffion_rhys.jpg",
                 "wants": "a crew pass from today to Tuesday 8 August, and a permit for her van, registration "
                          "VN34 FRH, into the production compound"},
    "new_photographer": {"name": "Mr Owain Pritchard", "category": "press", "company": "Valley Live Review",
                         "email": "owain@valleylive.example", "phone": "07700 930141",
                         "role": "photographer",
                         "commission": "Photographs of the Main Stage commissioned by the picture editor, Sara "
                                       "Ince, letter of 28 July"},
    "new_artist": {"name": "Ms Nell Atherton", "category": "artist", "company": "The Wrenfolds",
                   "email": "nell.atherton@example.com", "phone": "07700 930142",
                   "joins": "The Wrenfolds' touring party, on keyboards in place of their regular player"},
    "notes": [
        "Luca Bassi has been confirmed in Velvet Static's touring party, on drums",
        "Greta Vos is photographing for Northern Soundcheck; her editor's letter arrived this morning",
        "Joe Farrant is driving the artists' minibus this weekend",
        "Dan Pryce's pie van arrived yesterday; he needs his trader pass",
        "Ms Imogen Clay's incident has been dealt with by her manager",
        "Mr Gil Amaro has left Velvet Static's crew",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "zones", "pass_types")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
PERSON_CONSUMERS = ["update_person", "person_file", "message_person", "record_id_check", "attach_photo",
                    "accredit_press", "add_to_party", "remove_from_party", "request_pass", "request_vehicle_permit"]
PASS_CONSUMERS = ["approve_pass", "decline_pass", "add_zone", "remove_zone", "print_pass", "collect_pass",
                  "cancel_pass", "scan_pass", "suspend_pass", "reinstate_pass"]
ACT_CONSUMERS = ["act_party", "add_to_party", "remove_from_party", "add_guest"]
ZONE_CONSUMERS = ["add_zone", "remove_zone", "scan_pass", "request_vehicle_permit", "log_incident"]
_PERSON = "id lookup/create: person (person_id of register_person, or of a find_person entry)"
_PASS = "id lookup/create: pass (pass_id of request_pass, or of a passes row)"
_ACT = "id lookup: act (act_id of an acts entry)"
_ZONE = "vocabulary: zone codes (code of a zones entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_person|find_person", c, _PERSON) for c in PERSON_CONSUMERS]
    + [("request_pass|passes", c, _PASS) for c in PASS_CONSUMERS]
    + [("acts", c, _ACT) for c in ACT_CONSUMERS]
    + [("zones", c, _ZONE) for c in ZONE_CONSUMERS]
    + [
        ("add_guest|act_party", "remove_guest",
         "id lookup/create: guest (guest_id of add_guest, or of an act_party guests row)"),
        ("add_guest|act_party", "issue_wristband",
         "id lookup/create: guest (guest_id of add_guest, or of an act_party guests row)"),
        ("request_vehicle_permit|vehicle_permits", "cancel_vehicle_permit",
         "id lookup/create: vehicle permit (permit_id of request_vehicle_permit, or of a vehicle_permits entry)"),
        ("log_incident|incidents", "close_incident",
         "id lookup/create: incident (incident_id of log_incident, or of an incidents entry)"),
        ("log_incident|incidents", "suspend_pass",
         "id lookup/create: an open incident naming the pass holder (incident_id of log_incident, or of an "
         "incidents entry)"),
        ("wristband_stock", "issue_wristband", "id lookup: a wristband in stock (a wristband_stock serial)"),
        ("pass_types", "request_pass", "vocabulary: pass type codes (code of a pass_types entry)"),
        ("record_id_check", "collect_pass", "vetting: photo ID checked before a pass is handed over"),
        ("attach_photo", "print_pass", "vetting: a pass photo on file"),
        ("accredit_press", "request_pass", "vetting: press accreditation (for a PRESS pass)"),
        ("accredit_press", "add_zone", "vetting: accredited as a photographer (for the photo pit)"),
        ("add_to_party", "request_pass", "party: in an act's touring party (for an AAA pass)"),
        ("add_to_party", "remove_from_party", "party: in the act's touring party"),
        ("approve_pass", "print_pass", "state: the pass approved"),
        ("print_pass", "collect_pass", "state: the pass printed"),
        ("collect_pass", "scan_pass", "state: the pass handed over"),
        ("add_zone", "scan_pass", "state: the zone on the pass"),
        ("add_zone", "remove_zone", "state: the zone on the pass"),
        ("collect_pass", "suspend_pass", "state: the pass handed over"),
        ("suspend_pass", "reinstate_pass", "state: the pass suspended"),
        ("close_incident", "reinstate_pass", "state: the incident closed"),
        ("approve_pass", "request_vehicle_permit", "state: the driver's pass approved"),
        ("add_zone", "request_vehicle_permit", "state: the zone on the driver's pass"),
        ("issue_wristband", "void_wristband", "state: the wristband issued"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_PASS_CHANGES = ("request_pass", "approve_pass", "decline_pass", "add_zone", "remove_zone", "print_pass",
                 "collect_pass", "cancel_pass", "suspend_pass", "reinstate_pass")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: people on passes, parties, vehicle permits and incidents (and
    # the person an incident concerns, an optional input); passes in the people found, a person's file and a party;
    # acts, incidents and permits in a person's file; zone codes on pass types, passes, permits and incidents
    {(p, c) for p in ("passes", "act_party", "vehicle_permits", "incidents") for c in PERSON_CONSUMERS}
    | {(p, c) for p in ("find_person", "person_file", "act_party") for c in PASS_CONSUMERS}
    | {("person_file", c) for c in ACT_CONSUMERS + ["close_incident", "suspend_pass", "cancel_vehicle_permit"]}
    | {(p, c) for p in ("pass_types", "request_pass", "person_file", "vehicle_permits", "incidents")
       for c in ZONE_CONSUMERS}
    | {(p, "log_incident") for p in ("register_person", "find_person", "passes", "act_party", "vehicle_permits")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("act_party", "void_wristband"), ("acts", "issue_wristband"), ("acts", "remove_guest"),
        ("acts", "request_pass"), ("approve_pass", "cancel_vehicle_permit"), ("approve_pass", "collect_pass"),
        ("attach_photo", "collect_pass"), ("collect_pass", "reinstate_pass"), ("find_person", "add_zone"),
        ("find_person", "collect_pass"), ("incidents", "reinstate_pass"), ("log_incident", "reinstate_pass"),
        ("pass_types", "add_zone"), ("pass_types", "approve_pass"), ("pass_types", "cancel_pass"),
        ("pass_types", "collect_pass"), ("pass_types", "decline_pass"), ("pass_types", "print_pass"),
        ("pass_types", "reinstate_pass"), ("pass_types", "remove_zone"), ("pass_types", "scan_pass"),
        ("pass_types", "suspend_pass"), ("passes", "request_vehicle_permit"), ("print_pass", "scan_pass"),
        ("print_pass", "suspend_pass"), ("record_id_check", "scan_pass"), ("record_id_check", "suspend_pass"),
        ("register_person", "add_zone"), ("register_person", "approve_pass"), ("register_person", "cancel_pass"),
        ("register_person", "cancel_vehicle_permit"), ("register_person", "collect_pass"),
        ("register_person", "decline_pass"), ("register_person", "print_pass"),
        ("register_person", "reinstate_pass"), ("register_person", "remove_zone"), ("register_person", "scan_pass"),
        ("register_person", "suspend_pass"), ("request_pass", "request_vehicle_permit"),
        ("wristband_stock", "void_wristband"), ("zones", "cancel_vehicle_permit"), ("zones", "close_incident"),
        ("zones", "suspend_pass"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in _PASS_CHANGES for c in ("passes", "person_file", "find_person", "act_party")}
    | {
        ("register_person", "find_person"), ("update_person", "find_person"), ("update_person", "person_file"),
        ("record_id_check", "person_file"), ("attach_photo", "person_file"), ("accredit_press", "person_file"),
        ("add_to_party", "act_party"), ("add_to_party", "person_file"), ("remove_from_party", "act_party"),
        ("remove_from_party", "person_file"), ("add_guest", "act_party"), ("remove_guest", "act_party"),
        ("issue_wristband", "act_party"), ("issue_wristband", "wristband_stock"), ("void_wristband", "act_party"),
        ("void_wristband", "wristband_stock"), ("request_vehicle_permit", "vehicle_permits"),
        ("request_vehicle_permit", "person_file"), ("cancel_vehicle_permit", "vehicle_permits"),
        ("cancel_vehicle_permit", "person_file"), ("log_incident", "incidents"), ("log_incident", "person_file"),
        ("close_incident", "incidents"), ("close_incident", "person_file"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
