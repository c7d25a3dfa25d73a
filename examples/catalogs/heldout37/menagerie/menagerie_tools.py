"""Menagerie: the keepers, curator, vets and visitor services of Wyvernham Zoo (39 calls).

Sync functions over an in-memory ``State`` of a zoo on Wednesday 2 August 2034 at 08:30, in the school summer
holidays. Keepers feed, weigh and observe the animals on their sections, ask for vet checks and give the doses the vets
prescribe. The vets complete checks (finding an animal fit, in need of treatment or to be quarantined), prescribe from
the formulary and release animals from quarantine. The curator moves animals between enclosures and closes and reopens
enclosures. Visitor services look after visitors: they register and find them, sell keeper experiences (sessions run
by a keeper of the right section, booked, paid, waivers signed, checked in, moved and cancelled) and animal adoptions
(adoption packs posted, renewals, cancellations). The zoo manager may do everything. The enclosure map and the list of
keeper experiences are public.

Every tool is a plain ``def`` without a decorator; each checks its session and role itself (``denied = _deny(state,
token, "vet")``, then ``if denied: return denied``). A refusal is returned as a string, as the zoo's records system
answers one: ``"Error: VC-89 is requested; a course is prescribed once the vet has found the animal in need of
treatment"``, which the runtime's common conventions read by the ``Error:`` prefix, so the module declares no
``FAILURE``. Replies are dataclasses and lists of them, with rows nested as lists of lists (an animal's record, a
visitor's account); bare values answer a weighing (the change in kilograms since the last one); sentences with an id in
them answer a message, a dose given, an enclosure closed, a booking cancelled, an adoption pack posted, an adoption
cancelled and a sign-out. PEP 604 annotations and builtin generics evaluated at definition (``str | None``,
``list[str]``, ``Animal | str``): two plain ``Enum`` inputs (``Priority``, ``AdoptionPackage``), two ``str`` ``Enum``
filters (``CheckStatus``, ``Section``), ``Literal`` inputs (behaviour, a check's outcome, payment method) and a
``Literal`` filter (booking status), ``list[str]`` diet items and participants. Google docstrings (``Args:``,
``Returns:``). Ids look alike: animal ``AN-1010``, vet check ``VC-90``, prescription ``RX-43``, observation ``OB-651``,
visitor ``VS-3306``, experience booking ``XB-7705``, session ``XS-508``, adoption ``AD-204``, keeper ``KP-13``, message
``MG-908``, parcel ``PK-5520``; enclosure ``PENG``; experience ``PENGUIN-FEED``. The drugs on the formulary, that doses
are worked from a weight of the last 30 days, that quarantine lasts at least 30 days, that an animal moves only after a
fit check of the last 14 days and only within its section, the minimum ages of the experiences, that a keeper runs only
their own section's experiences, that animals in quarantine are not adopted and when an adoption may be renewed are
stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

TODAY = "2034-08-02"  # a Wednesday
NOW = "08:30"


class Priority(Enum):
    ROUTINE = "routine"
    URGENT = "urgent"
    EMERGENCY = "emergency"


class AdoptionPackage(Enum):
    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"


class CheckStatus(str, Enum):
    REQUESTED = "requested"
    DONE = "done"


class Section(str, Enum):
    BIG_CATS = "big_cats"
    PRIMATES = "primates"
    AQUATIC = "aquatic"
    HOOFSTOCK = "hoofstock"
    REPTILES = "reptiles"


Behaviour = Literal["normal", "lethargic", "off_food", "aggressive", "injured", "stereotypic"]
Outcome = Literal["fit", "treatment", "quarantine"]
PayMethod = Literal["card", "cash", "voucher"]
BookingStatus = Literal["provisional", "paid", "checked_in", "cancelled"]

SPECIES = {  # species -> section, diet items
    "Amur tiger": ("big_cats", ["horse_meat", "rabbit", "chicken_carcass", "vitamin_supplement"]),
    "Ring-tailed lemur": ("primates", ["leaf_eater_pellets", "chopped_veg", "browse", "fruit_treat"]),
    "Humboldt penguin": ("aquatic", ["sprat", "herring", "vitamin_tablet"]),
    "Asian short-clawed otter": ("aquatic", ["smelt", "day_old_chick", "crab", "vegetables"]),
    "Rothschild's giraffe": ("hoofstock", ["lucerne_hay", "browse", "giraffe_pellets", "acacia_leaves"]),
    "Southern white rhino": ("hoofstock", ["meadow_hay", "grass_pellets", "apple"]),
}
FORMULARY = {"meloxicam": 0.3, "amoxicillin": 20.0, "enrofloxacin": 10.0, "ivermectin": 0.4, "itraconazole": 20.0}
EXPERIENCES = {  # code -> name, section, enclosure, minimum age, price a participant
    "BIGCAT-KEEPER": ("Big Cat Keeper for a Day", "big_cats", "TIGR", 16, 150.0),
    "GIRAFFE-FEED": ("Giraffe Feeding", "hoofstock", "GIRA", 5, 30.0),
    "LEMUR-ENCOUNTER": ("Lemur Encounter", "primates", "LEMR", 6, 35.0),
    "PENGUIN-FEED": ("Penguin Feed", "aquatic", "PENG", 8, 45.0),
    "RHINO-MEET": ("Meet the Rhinos", "hoofstock", "RHIN", 12, 60.0),
}
PACKAGES = {"bronze": 40.0, "silver": 60.0, "gold": 120.0}
ROLE_NAMES = {"keeper": "the keepers", "curator": "the curator", "vet": "the vets", "visitor": "visitor services",
              "manager": "the zoo manager"}


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class Enclosure:
    code: str
    name: str
    section: str
    on_show: bool
    open: bool


@dataclass
class Experience:
    code: str
    name: str
    enclosure: str
    price_per_participant: float


@dataclass
class AnimalRow:
    animal_id: str
    name: str
    species: str
    enclosure: str
    status: str


@dataclass
class Animal:
    animal_id: str
    name: str
    species: str
    sex: str
    born: str
    enclosure: str
    status: str


@dataclass
class AnimalRecord:
    animal: Animal
    weights: list[list[Any]]
    feeds: list[list[Any]]
    observations: list[list[Any]]
    vet_checks: list[list[Any]]
    prescriptions: list[list[Any]]


@dataclass
class DietSheet:
    animal_id: str
    name: str
    species: str
    items: list[str]
    feeds_a_day: int


@dataclass
class FeedEntry:
    animal_id: str
    name: str
    date: str
    items: list[str]
    notes: str | None
    feeds_today: int


@dataclass
class Observation:
    observation_id: str
    animal_id: str
    name: str
    behaviour: str
    note: str
    by: str


@dataclass
class VetCheck:
    check_id: str
    animal_id: str
    name: str
    reason: str
    priority: str
    status: str
    requested: str
    outcome: str | None = None
    findings: str | None = None
    done: str | None = None


@dataclass
class Prescription:
    prescription_id: str
    animal_id: str
    name: str
    drug: str
    dose_mg: float
    days: int
    doses_given: int


@dataclass
class Visitor:
    visitor_id: str
    name: str
    email: str
    phone: str
    postcode: str
    address: str | None


@dataclass
class VisitorRow:
    visitor_id: str
    name: str
    postcode: str


@dataclass
class VisitorAccount:
    visitor: Visitor
    bookings: list[list[Any]]
    adoptions: list[list[Any]]


@dataclass
class ExperienceSession:
    session_id: str
    experience: str
    date: str
    time: str
    places_left: int
    keeper: str | None


@dataclass
class Keeper:
    keeper_id: str
    name: str
    section: str


@dataclass
class Booking:
    booking_id: str
    session_id: str
    experience: str
    date: str
    time: str
    visitor_id: str
    name: str
    participants: list[str]
    price: float
    status: str
    waiver_signed_by: str | None = None


@dataclass
class Adoption:
    adoption_id: str
    visitor_id: str
    adopter: str
    animal_id: str
    animal: str
    package: str
    gift_recipient: str | None
    starts: str
    expires: str
    status: str
    pack_sent: bool = False


# --------------------------------------------------------------------------- state


def _animal(name, species, sex, born, enclosure, status="resident", since=None):
    return {"name": name, "species": species, "sex": sex, "born": born, "enclosure": enclosure, "status": status,
            "quarantine_since": since}


class State:
    """Wyvernham Zoo on Wednesday 2 August 2034 at 08:30."""

    def __init__(self) -> None:
        self.staff = {
            "kit.b": {"name": "Kit Brennan", "password": "Meat-Wagon-11", "role": "keeper"},
            "rob.t": {"name": "Rob Tierney", "password": "Sprat-Bucket-3", "role": "keeper"},
            "ines.c": {"name": "Dr Ines Carvalho", "password": "Dart-Gun-Safe-8", "role": "vet"},
            "malcolm.f": {"name": "Malcolm Ferrier", "password": "Stud-Book-1962", "role": "curator"},
            "yusuf.d": {"name": "Yusuf Demir", "password": "Gift-Aid-Box-5", "role": "visitor"},
            "bex.c": {"name": "Bex Dunmore", "password": "Penguin-Parade-2", "role": "visitor"},
            "gillian.h": {"name": "Gillian Hartree", "password": "Wyvern-Gate-40", "role": "manager"},
        }
        self.sessions: dict[str, dict] = {}
        self.enclosures = {  # code -> name, section, on show, open
            "GIRA": ["Giraffe House", "hoofstock", True, True],
            "LEMR": ["Lemur Walkthrough", "primates", True, True],
            "OTTR": ["Otter Creek", "aquatic", True, True],
            "PENG": ["Penguin Cove", "aquatic", True, True],
            "QUAR": ["Quarantine Unit", None, False, True],
            "REPT": ["Reptile House", "reptiles", True, False],
            "RHIN": ["Rhino Paddock", "hoofstock", True, True],
            "TIG2": ["Tiger Reserve (off show)", "big_cats", False, True],
            "TIGR": ["Tiger Territory", "big_cats", True, True],
        }
        self.animals = {
            "AN-1001": _animal("Sasha", "Amur tiger", "F", "2025-05-14", "TIGR"),
            "AN-1002": _animal("Pippin", "Ring-tailed lemur", "M", "2029-04-02", "LEMR"),
            "AN-1003": _animal("Pebble", "Humboldt penguin", "F", "2027-03-19", "PENG"),
            "AN-1004": _animal("Kito", "Rothschild's giraffe", "M", "2026-11-08", "GIRA"),
            "AN-1005": _animal("Juno", "Asian short-clawed otter", "F", "2030-02-25", "OTTR"),
            "AN-1006": _animal("Mango", "Ring-tailed lemur", "F", "2031-03-30", "QUAR", "quarantine", "2034-07-01"),
            "AN-1007": _animal("Nandi", "Southern white rhino", "F", "2019-09-05", "RHIN"),
            "AN-1008": _animal("Ziggy", "Humboldt penguin", "M", "2029-04-11", "PENG"),
            "AN-1009": _animal("Taiga", "Amur tiger", "M", "2023-06-21", "TIGR"),
        }
        self.weights = {  # animal -> rows of [date, kg]
            "AN-1001": [["2034-07-25", 118.0]], "AN-1002": [["2034-07-12", 2.6]],
            "AN-1003": [["2034-07-30", 4.3]], "AN-1004": [["2034-06-15", 820.0]],
            "AN-1005": [["2034-07-20", 3.6]], "AN-1006": [["2034-07-02", 2.3]],
            "AN-1007": [["2034-05-30", 1710.0]], "AN-1008": [["2034-07-30", 4.1]],
            "AN-1009": [["2034-07-25", 176.0]],
        }
        self.feeds: list[list] = [["AN-1008", "2034-08-01", ["sprat", "herring"], "Took fish well despite the foot"]]
        self.observations: dict[str, list] = {
            "OB-650": ["AN-1007", "2034-08-01", "injured", "Lame on the left fore after the storm", "Kit Brennan"],
        }
        self.checks = {  # check -> animal, reason, priority, status, requested, outcome, findings, done
            "VC-86": ["AN-1008", "Swollen right foot", "routine", "done", "2034-07-26", "treatment",
                      "Bumblefoot, early; anti-inflammatory course", "2034-07-27"],
            "VC-87": ["AN-1006", "End of quarantine health check", "routine", "requested", "2034-07-31", None, None,
                      None],
            "VC-88": ["AN-1005", "Bite wound on the left forepaw", "urgent", "done", "2034-08-01", "treatment",
                      "Clean puncture wound; antibiotics needed", "2034-08-01"],
            "VC-89": ["AN-1007", "Lame on the left fore", "urgent", "requested", "2034-08-01", None, None, None],
        }
        self.prescriptions = {  # prescription -> check, animal, drug, dose mg, days, doses given, last given
            "RX-41": ["VC-86", "AN-1008", "meloxicam", 1.23, 10, 5, "2034-08-01"],
            "RX-42": ["VC-86", "AN-1008", "itraconazole", 82.0, 5, 5, "2034-07-31"],
        }
        self.keepers = {  # keeper -> name, section
            "KP-11": ["Kit Brennan", "big_cats"], "KP-12": ["Lena Ostrowska", "primates"],
            "KP-13": ["Rob Tierney", "aquatic"], "KP-14": ["Maren Holt", "hoofstock"],
            "KP-15": ["Jed Pascoe", "aquatic"], "KP-16": ["Freya Cairns", "reptiles"],
        }
        self.visitors = {  # visitor -> name, email, phone, postcode, address
            "VS-3301": ["Mrs Carys Whitmore", "carys.whitmore@example.com", "07700 980301", "WY2 6DL",
                        "11 Larch Close, Wyvernham"],
            "VS-3302": ["Mr Idris Maddox", "idris.maddox@example.net", "07700 980302", "WY5 1QT", None],
            "VS-3303": ["Ms Poppy Threlfall", "poppy.threlfall@example.org", "07700 980303", "HB3 8PN",
                        "Flat 2, 9 Mill Street, Hatchbury"],
            "VS-3304": ["Mr Gareth Lewsey", "gareth.lewsey@example.com", "07700 980304", "WY1 4GE", None],
            "VS-3305": ["Mrs Annika Sorensen", "annika.sorensen@example.net", "07700 980305", "WY3 2AS",
                        "The Granary, Stoke Row, Wyvernham"],
        }
        self.xsessions = {  # session -> experience, date, time, places, keeper
            "XS-501": ["PENGUIN-FEED", "2034-08-02", "11:00", 4, "KP-13"],
            "XS-502": ["PENGUIN-FEED", "2034-08-02", "15:00", 4, None],
            "XS-503": ["LEMUR-ENCOUNTER", "2034-08-02", "13:30", 6, "KP-12"],
            "XS-504": ["GIRAFFE-FEED", "2034-08-02", "10:30", 6, None],
            "XS-505": ["PENGUIN-FEED", "2034-08-09", "11:00", 4, None],
            "XS-506": ["BIGCAT-KEEPER", "2034-08-02", "09:00", 2, "KP-11"],
            "XS-507": ["LEMUR-ENCOUNTER", "2034-08-16", "13:30", 6, None],
        }
        self.bookings = {  # booking -> session, visitor, participants, price, status, waiver signed by
            "XB-7701": ["XS-501", "VS-3301", ["Carys Whitmore", "Elin Whitmore"], 90.0, "paid", "Carys Whitmore"],
            "XB-7702": ["XS-503", "VS-3302", ["Idris Maddox", "Nia Maddox", "Owen Maddox"], 105.0, "provisional",
                        None],
            "XB-7703": ["XS-505", "VS-3303", ["Poppy Threlfall"], 45.0, "paid", None],
            "XB-7704": ["XS-504", "VS-3304", ["Gareth Lewsey", "Tom Lewsey"], 60.0, "paid", None],
        }
        self.adoptions = {  # adoption -> visitor, animal, package, gift recipient, starts, expires, status, pack sent
            "AD-201": ["VS-3305", "AN-1003", "silver", None, "2033-08-20", "2034-08-19", "active", True],
            "AD-202": ["VS-3301", "AN-1001", "gold", "Elin Whitmore", "2034-07-28", "2035-07-27", "active", False],
            "AD-203": ["VS-3302", "AN-1004", "bronze", None, "2034-03-02", "2035-03-01", "active", True],
        }
        self.messages: list[list] = []
        self.counters = {"token": 1, "observation": 651, "check": 90, "prescription": 43, "visitor": 3306,
                         "booking": 7705, "adoption": 204, "message": 908, "parcel": 5520}


# --------------------------------------------------------------------------- helpers


def _err(text: str) -> str:
    return f"Error: {text}"


def _deny(state: State, token: Any, *roles: str) -> str | None:
    who = state.sessions.get(token) if isinstance(token, str) else None
    if who is None:
        return _err("not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        return _err(f"{who['name']} ({who['role']}) may not do this; it is for "
                    f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _days_between(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _animal_out(state: State, aid: str) -> Animal:
    a = state.animals[aid]
    return Animal(animal_id=aid, name=a["name"], species=a["species"], sex=a["sex"], born=a["born"],
                  enclosure=a["enclosure"], status=a["status"])


def _check(state: State, cid: str) -> VetCheck:
    c = state.checks[cid]
    return VetCheck(check_id=cid, animal_id=c[0], name=state.animals[c[0]]["name"], reason=c[1], priority=c[2],
                    status=c[3], requested=c[4], outcome=c[5], findings=c[6], done=c[7])


def _prescription(state: State, rid: str) -> Prescription:
    p = state.prescriptions[rid]
    return Prescription(prescription_id=rid, animal_id=p[1], name=state.animals[p[1]]["name"], drug=p[2],
                        dose_mg=p[3], days=p[4], doses_given=p[5])


def _visitor(state: State, vid: str) -> Visitor:
    v = state.visitors[vid]
    return Visitor(visitor_id=vid, name=v[0], email=v[1], phone=v[2], postcode=v[3], address=v[4])


def _session_out(state: State, sid: str) -> ExperienceSession:
    s = state.xsessions[sid]
    taken = sum(len(b[2]) for b in state.bookings.values() if b[0] == sid and b[4] != "cancelled")
    return ExperienceSession(session_id=sid, experience=s[0], date=s[1], time=s[2], places_left=s[3] - taken,
                             keeper=state.keepers[s[4]][0] if s[4] else None)


def _booking(state: State, bid: str) -> Booking:
    b = state.bookings[bid]
    s = state.xsessions[b[0]]
    return Booking(booking_id=bid, session_id=b[0], experience=s[0], date=s[1], time=s[2], visitor_id=b[1],
                   name=state.visitors[b[1]][0], participants=list(b[2]), price=b[3], status=b[4],
                   waiver_signed_by=b[5])


def _adoption(state: State, did: str) -> Adoption:
    d = state.adoptions[did]
    return Adoption(adoption_id=did, visitor_id=d[0], adopter=state.visitors[d[0]][0], animal_id=d[1],
                    animal=state.animals[d[1]]["name"], package=d[2], gift_recipient=d[3], starts=d[4], expires=d[5],
                    status=d[6], pack_sent=d[7])


def _find(table: dict, key: Any, what: str) -> tuple[Any, str | None]:
    row = table.get(key) if isinstance(key, str) else None
    return (row, None) if row is not None else (None, _err(f"no {what} {key}"))


# --------------------------------------------------------------------------- sign-in and the public lists


def sign_in(state: State, username: str, password: str) -> Session | str:
    """Sign in to the zoo's records system.

    Args:
        username: A staff user name, such as ``kit.b``.
        password: The password.

    Returns:
        The session: ``token`` (for every call but the public ones), ``name`` and ``role`` (keeper, curator, vet,
        visitor or manager).
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        return _err("user name or password not recognised")
    token = f"wz-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


def sign_out(state: State, token: str) -> str:
    """End a session.

    Args:
        token: The session token.

    Returns:
        A sentence naming who was signed out.
    """
    denied = _deny(state, token)
    if denied:
        return denied
    who = state.sessions.pop(token)
    return f"Signed out {who['name']} (session {token})."


def enclosures(state: State) -> list[Enclosure]:
    """The zoo's enclosures, as the site map lists them.

    Returns:
        Each enclosure's ``code``, ``name``, ``section``, whether it is ``on_show`` and whether it is ``open``, in
        code order.
    """
    return [Enclosure(code=code, name=e[0], section=e[1] or "none", on_show=e[2], open=e[3])
            for code, e in sorted(state.enclosures.items())]


def experiences() -> list[Experience]:
    """The keeper experiences visitors may book, as the website lists them.

    Returns:
        Each experience's ``code``, ``name``, the ``enclosure`` it runs in and its ``price_per_participant``.
    """
    return [Experience(code=code, name=x[0], enclosure=x[2], price_per_participant=x[4])
            for code, x in EXPERIENCES.items()]


# --------------------------------------------------------------------------- animals and husbandry


def find_animal(state: State, token: str, text: str, enclosure: str | None = None) -> list[AnimalRow] | str:
    """Find animals by part of their name or species.

    Args:
        token: The session token.
        text: What to look for.
        enclosure: Only animals in this enclosure (its code).

    Returns:
        Each animal's ``animal_id``, ``name``, ``species``, ``enclosure`` and ``status`` (resident or quarantine), in
        animal id order.
    """
    denied = _deny(state, token)
    if denied:
        return denied
    if _blank(text):
        return _err("text is required")
    needle = text.strip().lower()
    return [AnimalRow(animal_id=aid, name=a["name"], species=a["species"], enclosure=a["enclosure"],
                      status=a["status"])
            for aid, a in sorted(state.animals.items())
            if (needle in a["name"].lower() or needle in a["species"].lower())
            and (enclosure is None or a["enclosure"] == enclosure)]


def animal_record(state: State, token: str, animal_id: str) -> AnimalRecord | str:
    """An animal's whole record.

    Args:
        token: The session token.
        animal_id: The animal.

    Returns:
        ``animal``; ``weights`` as rows of ``[date, kg]``; ``feeds`` as rows of ``[date, items, notes]``;
        ``observations`` as rows of ``[observation_id, date, behaviour, note]``; ``vet_checks`` as rows of
        ``[check_id, requested, reason, status, outcome]``; ``prescriptions`` as rows of ``[prescription_id, drug,
        dose_mg, days, doses_given]``.
    """
    denied = _deny(state, token)
    if denied:
        return denied
    _, err = _find(state.animals, animal_id, "animal")
    if err:
        return err
    return AnimalRecord(
        animal=_animal_out(state, animal_id),
        weights=[list(w) for w in state.weights.get(animal_id, [])],
        feeds=[[f[1], list(f[2]), f[3]] for f in state.feeds if f[0] == animal_id],
        observations=[[oid, o[1], o[2], o[3]] for oid, o in sorted(state.observations.items()) if o[0] == animal_id],
        vet_checks=[[cid, c[4], c[1], c[3], c[5]] for cid, c in sorted(state.checks.items()) if c[0] == animal_id],
        prescriptions=[[rid, p[2], p[3], p[4], p[5]] for rid, p in sorted(state.prescriptions.items())
                       if p[1] == animal_id])


def diet_sheet(state: State, token: str, animal_id: str) -> DietSheet | str:
    """An animal's diet sheet: what it is fed, by the item names the feed log uses.

    Args:
        token: The session token.
        animal_id: The animal.

    Returns:
        The ``items`` on the sheet and how many ``feeds_a_day``.
    """
    denied = _deny(state, token)
    if denied:
        return denied
    a, err = _find(state.animals, animal_id, "animal")
    if err:
        return err
    section, items = SPECIES[a["species"]]
    return DietSheet(animal_id=animal_id, name=a["name"], species=a["species"], items=list(items),
                     feeds_a_day=1 if section in ("big_cats", "hoofstock") else 2)


def log_feed(state: State, token: str, animal_id: str, items: list[str], notes: str | None = None) -> FeedEntry | str:
    """Log a feed given to an animal.

    Args:
        token: The session token.
        animal_id: The animal.
        items: The items given, as the diet sheet names them.
        notes: How the animal took it.

    Returns:
        The feed entry, with how many feeds the animal has had today.
    """
    denied = _deny(state, token, "keeper", "vet")
    if denied:
        return denied
    a, err = _find(state.animals, animal_id, "animal")
    if err:
        return err
    if not isinstance(items, list) or not items:
        return _err("items is a list of diet sheet items")
    section, allowed = SPECIES[a["species"]]
    wrong = [i for i in items if i not in allowed]
    if wrong:
        return _err(f"{', '.join(map(str, wrong))} is not on {a['name']}'s diet sheet")
    per_day = 1 if section in ("big_cats", "hoofstock") else 2
    today = sum(1 for f in state.feeds if f[0] == animal_id and f[1] == TODAY)
    if today >= per_day:
        return _err(f"{a['name']} has had {today} of {per_day} feeds today already")
    note = notes.strip() if not _blank(notes) else None
    state.feeds.append([animal_id, TODAY, list(items), note])
    return FeedEntry(animal_id=animal_id, name=a["name"], date=TODAY, items=list(items), notes=note,
                     feeds_today=today + 1)


def record_weight(state: State, token: str, animal_id: str, kg: float) -> float | str:
    """Record an animal's weight, taken today on the scales.

    Args:
        token: The session token.
        animal_id: The animal.
        kg: The weight in kilograms.

    Returns:
        The change in kilograms since the last weighing.
    """
    denied = _deny(state, token, "keeper", "vet")
    if denied:
        return denied
    a, err = _find(state.animals, animal_id, "animal")
    if err:
        return err
    if isinstance(kg, bool) or not isinstance(kg, (int, float)) or kg <= 0:
        return _err(f"kg is a weight in kilograms, not {kg!r}")
    rows = state.weights.setdefault(animal_id, [])
    if rows and rows[-1][0] == TODAY:
        return _err(f"{a['name']} was weighed today already ({rows[-1][1]} kg)")
    last = rows[-1][1] if rows else float(kg)
    rows.append([TODAY, float(kg)])
    return round(float(kg) - last, 2)


def record_observation(state: State, token: str, animal_id: str, behaviour: Behaviour,
                       note: str) -> Observation | str:
    """Record a keeper's observation of an animal's behaviour.

    Args:
        token: The session token.
        animal_id: The animal.
        behaviour: ``normal``, ``lethargic``, ``off_food``, ``aggressive``, ``injured`` or ``stereotypic``.
        note: What was seen.

    Returns:
        The observation with a new ``observation_id``.
    """
    denied = _deny(state, token, "keeper", "vet")
    if denied:
        return denied
    a, err = _find(state.animals, animal_id, "animal")
    if err:
        return err
    if behaviour not in ("normal", "lethargic", "off_food", "aggressive", "injured", "stereotypic"):
        return _err(f"behaviour is normal, lethargic, off_food, aggressive, injured or stereotypic, not {behaviour!r}")
    if _blank(note):
        return _err("note is required")
    oid = f"OB-{_next(state, 'observation')}"
    by = state.sessions[token]["name"]
    state.observations[oid] = [animal_id, TODAY, behaviour, note.strip(), by]
    return Observation(observation_id=oid, animal_id=animal_id, name=a["name"], behaviour=behaviour,
                       note=note.strip(), by=by)


# --------------------------------------------------------------------------- the vets


def request_vet_check(state: State, token: str, animal_id: str, reason: str, priority: Priority) -> VetCheck | str:
    """Ask the vets to check an animal.

    Args:
        token: The session token.
        animal_id: The animal.
        reason: Why.
        priority: ``routine``, ``urgent`` or ``emergency``.

    Returns:
        The check with a new ``check_id``, ``requested``.
    """
    denied = _deny(state, token, "keeper", "curator", "vet")
    if denied:
        return denied
    a, err = _find(state.animals, animal_id, "animal")
    if err:
        return err
    level = _value(priority)
    if level not in [p.value for p in Priority]:
        return _err(f"priority is routine, urgent or emergency, not {level!r}")
    if _blank(reason):
        return _err("reason is required")
    for cid, c in state.checks.items():
        if c[0] == animal_id and c[3] == "requested":
            return _err(f"{a['name']} has check {cid} waiting already")
    cid = f"VC-{_next(state, 'check')}"
    state.checks[cid] = [animal_id, reason.strip(), level, "requested", TODAY, None, None, None]
    return _check(state, cid)


def vet_checks(state: State, token: str, status: CheckStatus | None = None,
               animal_id: str | None = None) -> list[VetCheck] | str:
    """The vet checks, in check id order.

    Args:
        token: The session token.
        status: Only those ``requested`` or ``done``.
        animal_id: Only this animal's.

    Returns:
        Each check's id, animal, reason, priority, status, request date and, once done, its outcome, findings and
        date.
    """
    denied = _deny(state, token)
    if denied:
        return denied
    want = _value(status)
    if want is not None and want not in [s.value for s in CheckStatus]:
        return _err(f"status is requested or done, not {want!r}")
    return [_check(state, cid) for cid, c in sorted(state.checks.items())
            if (want is None or c[3] == want) and (animal_id is None or c[0] == animal_id)]


def complete_vet_check(state: State, token: str, check_id: str, findings: str, outcome: Outcome) -> VetCheck | str:
    """Record a vet's check of an animal as done.

    Args:
        token: The session token.
        check_id: The check.
        findings: What the vet found.
        outcome: ``fit``, ``treatment`` (a prescription to follow) or ``quarantine`` (the animal is isolated).

    Returns:
        The check, ``done``.
    """
    denied = _deny(state, token, "vet")
    if denied:
        return denied
    c, err = _find(state.checks, check_id, "vet check")
    if err:
        return err
    if outcome not in ("fit", "treatment", "quarantine"):
        return _err(f"outcome is fit, treatment or quarantine, not {outcome!r}")
    if _blank(findings):
        return _err("findings are required")
    if c[3] == "done":
        return _err(f"{check_id} was done on {c[7]}")
    c[3], c[5], c[6], c[7] = "done", outcome, findings.strip(), TODAY
    a = state.animals[c[0]]
    if outcome == "quarantine" and a["status"] != "quarantine":
        a.update({"status": "quarantine", "quarantine_since": TODAY})
    return _check(state, check_id)


def prescribe(state: State, token: str, check_id: str, drug: str, dose_mg_per_kg: float,
              days: int) -> Prescription | str:
    """Prescribe a course from the formulary after a check that found the animal in need of treatment; the dose is
    worked out from the animal's latest weight.

    Args:
        token: The session token.
        check_id: The check.
        drug: The drug's name on the formulary.
        dose_mg_per_kg: Milligrams a kilogram a dose.
        days: How many daily doses.

    Returns:
        The prescription with a new ``prescription_id`` and the dose in milligrams.
    """
    denied = _deny(state, token, "vet")
    if denied:
        return denied
    c, err = _find(state.checks, check_id, "vet check")
    if err:
        return err
    a = state.animals[c[0]]
    if not isinstance(drug, str) or drug.strip().lower() not in FORMULARY:
        return _err(f"{drug!r} is not on the zoo's formulary ({', '.join(FORMULARY)})")
    drug = drug.strip().lower()
    if isinstance(dose_mg_per_kg, bool) or not isinstance(dose_mg_per_kg, (int, float)) or dose_mg_per_kg <= 0:
        return _err(f"dose_mg_per_kg is milligrams a kilogram, not {dose_mg_per_kg!r}")
    if dose_mg_per_kg > FORMULARY[drug]:
        return _err(f"the formulary's most for {drug} is {FORMULARY[drug]} mg/kg")
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= 60:
        return _err(f"days is 1 to 60, not {days!r}")
    if c[3] != "done" or c[5] != "treatment":
        return _err(f"{check_id} is {c[3]}" + (f" ({c[5]})" if c[5] else "")
                    + "; a course is prescribed once the vet has found the animal in need of treatment")
    for rid, p in state.prescriptions.items():
        if p[0] == check_id and p[2] == drug:
            return _err(f"{drug} is prescribed on {check_id} already ({rid})")
    rows = state.weights.get(c[0]) or []
    if not rows or _days_between(rows[-1][0], TODAY) > 30:
        return _err(f"{a['name']} was last weighed {rows[-1][0] if rows else 'never'}; doses are worked out from a "
                    "weight of the last 30 days")
    rid = f"RX-{_next(state, 'prescription')}"
    state.prescriptions[rid] = [check_id, c[0], drug, round(rows[-1][1] * dose_mg_per_kg, 2), days, 0, None]
    return _prescription(state, rid)


def give_dose(state: State, token: str, prescription_id: str) -> str:
    """Record today's dose of a course given to the animal.

    Args:
        token: The session token.
        prescription_id: The prescription.

    Returns:
        A sentence naming the dose, the course and the animal.
    """
    denied = _deny(state, token, "keeper", "vet")
    if denied:
        return denied
    p, err = _find(state.prescriptions, prescription_id, "prescription")
    if err:
        return err
    name = state.animals[p[1]]["name"]
    if p[5] >= p[4]:
        return _err(f"the {p[4]}-day course of {prescription_id} is finished")
    if p[6] == TODAY:
        return _err(f"today's dose of {prescription_id} was given already")
    p[5] += 1
    p[6] = TODAY
    return f"Dose {p[5]} of {p[4]} of {prescription_id} ({p[2]} {p[3]} mg) given to {name}."


def release_from_quarantine(state: State, token: str, animal_id: str) -> Animal | str:
    """Release an animal from quarantine once a vet has found it fit after its quarantine began.

    Args:
        token: The session token.
        animal_id: The animal.

    Returns:
        The animal, ``resident`` (still in its enclosure until the curator moves it).
    """
    denied = _deny(state, token, "vet", "curator")
    if denied:
        return denied
    a, err = _find(state.animals, animal_id, "animal")
    if err:
        return err
    if a["status"] != "quarantine":
        return _err(f"{a['name']} is not in quarantine")
    if _days_between(a["quarantine_since"], TODAY) < 30:
        return _err(f"{a['name']} went into quarantine on {a['quarantine_since']}; quarantine lasts at least 30 days")
    fit = [c for c in state.checks.values() if c[0] == animal_id and c[5] == "fit" and c[7] >= a["quarantine_since"]]
    if not fit:
        return _err(f"no vet has found {a['name']} fit since {a['quarantine_since']}; a check comes first")
    a.update({"status": "resident", "quarantine_since": None})
    return _animal_out(state, animal_id)


# --------------------------------------------------------------------------- enclosures


def move_animal(state: State, token: str, animal_id: str, enclosure_code: str, reason: str) -> Animal | str:
    """Move an animal to another enclosure.

    Args:
        token: The session token.
        animal_id: The animal.
        enclosure_code: The enclosure's code.
        reason: Why.

    Returns:
        The animal in its new enclosure.
    """
    denied = _deny(state, token, "curator")
    if denied:
        return denied
    a, err = _find(state.animals, animal_id, "animal")
    if err:
        return err
    e, err = _find(state.enclosures, enclosure_code, "enclosure")
    if err:
        return err
    if _blank(reason):
        return _err("reason is required")
    if a["enclosure"] == enclosure_code:
        return _err(f"{a['name']} is in {enclosure_code} already")
    if a["status"] == "quarantine":
        return _err(f"{a['name']} is in quarantine; a vet releases it before it moves")
    if e[1] != SPECIES[a["species"]][0]:
        return _err(f"{enclosure_code} is a {e[1] or 'quarantine'} enclosure; a {a['species'].lower()} moves within "
                    f"the {SPECIES[a['species']][0]} section")
    if not e[3]:
        return _err(f"{enclosure_code} is closed")
    recent = [c for c in state.checks.values() if c[0] == animal_id and c[5] == "fit"
              and _days_between(c[7], TODAY) <= 14]
    if not recent:
        return _err(f"{a['name']} has had no fit check in the last 14 days; animals move after a vet's check")
    a["enclosure"] = enclosure_code
    return _animal_out(state, animal_id)


def close_enclosure(state: State, token: str, enclosure_code: str, reason: str) -> str:
    """Close an enclosure to visitors (and to keeper experiences).

    Args:
        token: The session token.
        enclosure_code: The enclosure's code.
        reason: Why.

    Returns:
        A sentence naming the enclosure.
    """
    denied = _deny(state, token, "curator")
    if denied:
        return denied
    e, err = _find(state.enclosures, enclosure_code, "enclosure")
    if err:
        return err
    if _blank(reason):
        return _err("reason is required")
    if not e[3]:
        return _err(f"{enclosure_code} is closed already")
    e[3] = False
    return f"Enclosure {enclosure_code} ({e[0]}) closed: {reason.strip()}."


def reopen_enclosure(state: State, token: str, enclosure_code: str) -> Enclosure | str:
    """Reopen a closed enclosure.

    Args:
        token: The session token.
        enclosure_code: The enclosure's code.

    Returns:
        The enclosure, open.
    """
    denied = _deny(state, token, "curator")
    if denied:
        return denied
    e, err = _find(state.enclosures, enclosure_code, "enclosure")
    if err:
        return err
    if e[3]:
        return _err(f"{enclosure_code} is open already")
    e[3] = True
    return Enclosure(code=enclosure_code, name=e[0], section=e[1] or "none", on_show=e[2], open=True)


# --------------------------------------------------------------------------- visitors


def find_visitor(state: State, token: str, text: str) -> list[VisitorRow] | str:
    """Find visitors by part of their name, e-mail address or postcode.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        Each visitor's ``visitor_id``, ``name`` and ``postcode``, in visitor id order.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    if _blank(text):
        return _err("text is required")
    needle = text.strip().lower()
    return [VisitorRow(visitor_id=vid, name=v[0], postcode=v[3]) for vid, v in sorted(state.visitors.items())
            if needle in v[0].lower() or needle in v[1].lower() or needle in v[3].lower()]


def register_visitor(state: State, token: str, name: str, email: str, phone: str, postcode: str) -> Visitor | str:
    """Register a visitor.

    Args:
        token: The session token.
        name: The visitor's name, with their title.
        email: Their e-mail address.
        phone: Their phone number.
        postcode: Their postcode.

    Returns:
        The visitor with a new ``visitor_id`` and no postal address yet.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    for what, value in (("name", name), ("email", email), ("phone", phone), ("postcode", postcode)):
        if _blank(value):
            return _err(f"{what} is required")
    if "@" not in email:
        return _err(f"{email!r} is not an e-mail address")
    for vid, v in state.visitors.items():
        if v[1].lower() == email.strip().lower():
            return _err(f"{email.strip()} is {v[0]}'s already ({vid})")
    vid = f"VS-{_next(state, 'visitor')}"
    state.visitors[vid] = [name.strip(), email.strip(), phone.strip(), postcode.strip().upper(), None]
    return _visitor(state, vid)


def update_visitor(state: State, token: str, visitor_id: str, email: str | None = None, phone: str | None = None,
                   postcode: str | None = None, address: str | None = None) -> Visitor | str:
    """Change a visitor's details or add their postal address; what is left out stays as it is.

    Args:
        token: The session token.
        visitor_id: The visitor.
        email: A new e-mail address.
        phone: A new phone number.
        postcode: A new postcode.
        address: A postal address (house, street and town).

    Returns:
        The visitor as changed.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    v, err = _find(state.visitors, visitor_id, "visitor")
    if err:
        return err
    new = {i: x.strip() for i, x in ((1, email), (2, phone), (3, postcode), (4, address)) if not _blank(x)}
    if 3 in new:
        new[3] = new[3].upper()
    if 1 in new and "@" not in new[1]:
        return _err(f"{email!r} is not an e-mail address")
    changed = {i: x for i, x in new.items() if v[i] != x}
    if not changed:
        return _err(f"nothing to change for {v[0]}; those are the details on file")
    for i, x in changed.items():
        v[i] = x
    return _visitor(state, visitor_id)


def visitor_account(state: State, token: str, visitor_id: str) -> VisitorAccount | str:
    """A visitor's account.

    Args:
        token: The session token.
        visitor_id: The visitor.

    Returns:
        ``visitor``; ``bookings`` as rows of ``[booking_id, experience, date, participants, status]``; ``adoptions``
        as rows of ``[adoption_id, animal, package, expires, status]``.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    _, err = _find(state.visitors, visitor_id, "visitor")
    if err:
        return err
    return VisitorAccount(
        visitor=_visitor(state, visitor_id),
        bookings=[[bid, state.xsessions[b[0]][0], state.xsessions[b[0]][1], len(b[2]), b[4]]
                  for bid, b in sorted(state.bookings.items()) if b[1] == visitor_id],
        adoptions=[[did, state.animals[d[1]]["name"], d[2], d[5], d[6]] for did, d in sorted(state.adoptions.items())
                   if d[0] == visitor_id])


def message_visitor(state: State, token: str, visitor_id: str, subject: str, body: str) -> str:
    """E-mail a visitor.

    Args:
        token: The session token.
        visitor_id: The visitor.
        subject: The subject line.
        body: The message.

    Returns:
        A sentence with the message's id.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    v, err = _find(state.visitors, visitor_id, "visitor")
    if err:
        return err
    if _blank(subject) or _blank(body):
        return _err("subject and body are required")
    mid = f"MG-{_next(state, 'message')}"
    state.messages.append([mid, visitor_id, subject.strip(), body.strip(), state.sessions[token]["name"]])
    return f"Message {mid} sent to {v[0]} at {v[1]}."


# --------------------------------------------------------------------------- keeper experiences


def experience_sessions(state: State, token: str, experience_code: str,
                        date: str | None = None) -> list[ExperienceSession] | str:
    """The sessions of a keeper experience from today on, in session id order.

    Args:
        token: The session token.
        experience_code: The experience's code.
        date: Only this day's sessions (YYYY-MM-DD).

    Returns:
        Each session's ``session_id``, ``experience``, ``date``, ``time``, ``places_left`` and the ``keeper`` running
        it (none yet if unassigned).
    """
    denied = _deny(state, token)
    if denied:
        return denied
    if not isinstance(experience_code, str) or experience_code not in EXPERIENCES:
        return _err(f"no experience {experience_code!r}")
    return [_session_out(state, sid) for sid, s in sorted(state.xsessions.items())
            if s[0] == experience_code and s[1] >= TODAY and (date is None or s[1] == date)]


def keepers(state: State, token: str, section: Section | None = None) -> list[Keeper] | str:
    """The keepers, in keeper id order.

    Args:
        token: The session token.
        section: Only this section's: ``big_cats``, ``primates``, ``aquatic``, ``hoofstock`` or ``reptiles``.

    Returns:
        Each keeper's ``keeper_id``, ``name`` and ``section``.
    """
    denied = _deny(state, token)
    if denied:
        return denied
    want = _value(section)
    if want is not None and want not in [s.value for s in Section]:
        return _err(f"section is big_cats, primates, aquatic, hoofstock or reptiles, not {want!r}")
    return [Keeper(keeper_id=kid, name=k[0], section=k[1]) for kid, k in sorted(state.keepers.items())
            if want is None or k[1] == want]


def assign_keeper(state: State, token: str, session_id: str, keeper_id: str) -> ExperienceSession | str:
    """Put a keeper in charge of an experience session.

    Args:
        token: The session token.
        session_id: The session.
        keeper_id: The keeper.

    Returns:
        The session with its keeper.
    """
    denied = _deny(state, token, "visitor", "curator")
    if denied:
        return denied
    s, err = _find(state.xsessions, session_id, "experience session")
    if err:
        return err
    k, err = _find(state.keepers, keeper_id, "keeper")
    if err:
        return err
    if s[4] == keeper_id:
        return _err(f"{k[0]} runs {session_id} already")
    x = EXPERIENCES[s[0]]
    if k[1] != x[1]:
        return _err(f"{k[0]} works on the {k[1]} section; the {x[0]} is run by a {x[1]} keeper")
    s[4] = keeper_id
    return _session_out(state, session_id)


def book_experience(state: State, token: str, session_id: str, visitor_id: str, participants: list[str],
                    youngest_age: int) -> Booking | str:
    """Book a visitor's party onto an experience session (provisional until paid).

    Args:
        token: The session token.
        session_id: The session.
        visitor_id: The visitor booking.
        participants: The participants' names.
        youngest_age: The age of the youngest participant.

    Returns:
        The booking with a new ``booking_id``, ``provisional``, and its price.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    s, err = _find(state.xsessions, session_id, "experience session")
    if err:
        return err
    v, err = _find(state.visitors, visitor_id, "visitor")
    if err:
        return err
    if not isinstance(participants, list) or not participants or any(_blank(p) for p in participants):
        return _err("participants is a list of the participants' names")
    if isinstance(youngest_age, bool) or not isinstance(youngest_age, int) or youngest_age < 0:
        return _err(f"youngest_age is an age in years, not {youngest_age!r}")
    x = EXPERIENCES[s[0]]
    if youngest_age < x[3]:
        return _err(f"the {x[0]} is for ages {x[3]} and over")
    if s[1] < TODAY or (s[1] == TODAY and s[2] <= NOW):
        return _err(f"{session_id} has started")
    places = _session_out(state, session_id).places_left
    if len(participants) > places:
        return _err(f"{session_id} has {places} places left")
    bid = f"XB-{_next(state, 'booking')}"
    state.bookings[bid] = [session_id, visitor_id, [p.strip() for p in participants], x[4] * len(participants),
                           "provisional", None]
    return _booking(state, bid)


def bookings(state: State, token: str, session_id: str | None = None,
             status: BookingStatus | None = None) -> list[Booking] | str:
    """The experience bookings, in booking id order.

    Args:
        token: The session token.
        session_id: Only this session's.
        status: Only those ``provisional``, ``paid``, ``checked_in`` or ``cancelled``.

    Returns:
        Each booking as ``book_experience`` answers it.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    if status is not None and status not in ("provisional", "paid", "checked_in", "cancelled"):
        return _err(f"status is provisional, paid, checked_in or cancelled, not {status!r}")
    return [_booking(state, bid) for bid, b in sorted(state.bookings.items())
            if (session_id is None or b[0] == session_id) and (status is None or b[4] == status)]


def pay_booking(state: State, token: str, booking_id: str, amount: float, method: PayMethod) -> Booking | str:
    """Take payment for a provisional booking, in full.

    Args:
        token: The session token.
        booking_id: The booking.
        amount: The pounds paid.
        method: ``card``, ``cash`` or ``voucher``.

    Returns:
        The booking, ``paid``.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    b, err = _find(state.bookings, booking_id, "booking")
    if err:
        return err
    if method not in ("card", "cash", "voucher"):
        return _err(f"method is card, cash or voucher, not {method!r}")
    if b[4] != "provisional":
        return _err(f"{booking_id} is {b[4]}")
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or abs(amount - b[3]) > 0.005:
        return _err(f"{booking_id} costs {b[3]:.2f}, not {amount!r}")
    b[4] = "paid"
    return _booking(state, booking_id)


def record_waiver(state: State, token: str, booking_id: str, signed_by: str) -> Booking | str:
    """Record the safety waiver for a booking, signed by an adult of the party.

    Args:
        token: The session token.
        booking_id: The booking.
        signed_by: Who signed it.

    Returns:
        The booking with its waiver.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    b, err = _find(state.bookings, booking_id, "booking")
    if err:
        return err
    if _blank(signed_by):
        return _err("signed_by is required")
    if b[4] in ("cancelled", "checked_in"):
        return _err(f"{booking_id} is {b[4]}")
    if b[5] is not None:
        return _err(f"the waiver for {booking_id} was signed by {b[5]} already")
    b[5] = signed_by.strip()
    return _booking(state, booking_id)


def check_in_booking(state: State, token: str, booking_id: str) -> Booking | str:
    """Check a party in at the start of today's experience.

    Args:
        token: The session token.
        booking_id: The booking.

    Returns:
        The booking, ``checked_in``.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    b, err = _find(state.bookings, booking_id, "booking")
    if err:
        return err
    s = state.xsessions[b[0]]
    x = EXPERIENCES[s[0]]
    if b[4] == "checked_in":
        return _err(f"{booking_id} is checked in already")
    if b[4] != "paid":
        return _err(f"{booking_id} is {b[4]}; a party is checked in once it has paid")
    if s[1] != TODAY:
        return _err(f"{booking_id} is for {s[1]}")
    if b[5] is None:
        return _err(f"no safety waiver has been signed for {booking_id}")
    if s[4] is None:
        return _err(f"no keeper is running {b[0]} yet")
    if not state.enclosures[x[2]][3]:
        return _err(f"{x[2]} is closed, so the {x[0]} cannot run")
    b[4] = "checked_in"
    return _booking(state, booking_id)


def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> str:
    """Cancel a booking; a paid booking is refunded when the session is more than seven days away.

    Args:
        token: The session token.
        booking_id: The booking.
        reason: Why.

    Returns:
        A sentence naming the booking and any refund.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    b, err = _find(state.bookings, booking_id, "booking")
    if err:
        return err
    if _blank(reason):
        return _err("reason is required")
    if b[4] == "cancelled":
        return _err(f"{booking_id} is cancelled already")
    if b[4] == "checked_in":
        return _err(f"{booking_id} is checked in")
    refund = b[3] if b[4] == "paid" and _days_between(TODAY, state.xsessions[b[0]][1]) > 7 else 0.0
    b[4] = "cancelled"
    tail = f"{refund:.2f} refunded" if refund else "no refund"
    return f"Booking {booking_id} for {state.visitors[b[1]][0]} cancelled; {tail}."


def move_booking(state: State, token: str, booking_id: str, session_id: str) -> Booking | str:
    """Move a booking to another session of the same experience.

    Args:
        token: The session token.
        booking_id: The booking.
        session_id: The new session.

    Returns:
        The booking in its new session.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    b, err = _find(state.bookings, booking_id, "booking")
    if err:
        return err
    s, err = _find(state.xsessions, session_id, "experience session")
    if err:
        return err
    if b[4] in ("cancelled", "checked_in"):
        return _err(f"{booking_id} is {b[4]}")
    if b[0] == session_id:
        return _err(f"{booking_id} is on {session_id} already")
    if s[0] != state.xsessions[b[0]][0]:
        return _err(f"{session_id} is a {s[0]} session; a booking moves within its experience, "
                    f"{state.xsessions[b[0]][0]}")
    if s[1] < TODAY or (s[1] == TODAY and s[2] <= NOW):
        return _err(f"{session_id} has started")
    places = _session_out(state, session_id).places_left
    if len(b[2]) > places:
        return _err(f"{session_id} has {places} places left")
    b[0] = session_id
    return _booking(state, booking_id)


# --------------------------------------------------------------------------- adoptions


def adopt_animal(state: State, token: str, visitor_id: str, animal_id: str, package: AdoptionPackage,
                 gift_recipient: str | None = None) -> Adoption | str:
    """Sell a year's adoption of an animal, paid at the desk.

    Args:
        token: The session token.
        visitor_id: The adopter.
        animal_id: The animal.
        package: ``bronze``, ``silver`` or ``gold``.
        gift_recipient: Who the adoption is for, when it is a gift.

    Returns:
        The adoption with a new ``adoption_id``, active for a year.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    v, err = _find(state.visitors, visitor_id, "visitor")
    if err:
        return err
    a, err = _find(state.animals, animal_id, "animal")
    if err:
        return err
    level = _value(package)
    if level not in PACKAGES:
        return _err(f"package is bronze, silver or gold, not {level!r}")
    if a["status"] == "quarantine":
        return _err(f"{a['name']} is in quarantine; animals in quarantine are not adopted")
    for did, d in state.adoptions.items():
        if d[0] == visitor_id and d[1] == animal_id and d[6] == "active":
            return _err(f"{v[0]} adopts {a['name']} already ({did})")
    start = datetime.date.fromisoformat(TODAY)
    did = f"AD-{_next(state, 'adoption')}"
    recipient = gift_recipient.strip() if not _blank(gift_recipient) else None
    state.adoptions[did] = [visitor_id, animal_id, level, recipient, TODAY,
                            (start.replace(year=start.year + 1) - datetime.timedelta(days=1)).isoformat(), "active",
                            False]
    return _adoption(state, did)


def adoptions(state: State, token: str, animal_id: str | None = None,
              expiring_by: str | None = None) -> list[Adoption] | str:
    """The adoptions, in adoption id order.

    Args:
        token: The session token.
        animal_id: Only this animal's.
        expiring_by: Only active adoptions that expire on or before this date (YYYY-MM-DD).

    Returns:
        Each adoption's id, adopter, animal, package, gift recipient, dates, status and whether its pack was sent.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    return [_adoption(state, did) for did, d in sorted(state.adoptions.items())
            if (animal_id is None or d[1] == animal_id)
            and (expiring_by is None or (d[6] == "active" and d[5] <= expiring_by))]


def send_adoption_pack(state: State, token: str, adoption_id: str) -> str:
    """Post an adoption's welcome pack (certificate, photo, fact sheet) to the adopter's postal address.

    Args:
        token: The session token.
        adoption_id: The adoption.

    Returns:
        A sentence with the parcel's reference.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    d, err = _find(state.adoptions, adoption_id, "adoption")
    if err:
        return err
    v = state.visitors[d[0]]
    if d[6] != "active":
        return _err(f"{adoption_id} is {d[6]}")
    if d[7]:
        return _err(f"the pack for {adoption_id} was posted already")
    if v[4] is None:
        return _err(f"there is no postal address for {v[0]}; add one to the visitor's details")
    d[7] = True
    parcel = f"PK-{_next(state, 'parcel')}"
    return f"Adoption pack {parcel} for {adoption_id} ({state.animals[d[1]]['name']}) posted to {v[0]}, {v[4]}."


def renew_adoption(state: State, token: str, adoption_id: str) -> Adoption | str:
    """Renew an adoption for another year.

    Args:
        token: The session token.
        adoption_id: The adoption.

    Returns:
        The adoption with its new expiry.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    d, err = _find(state.adoptions, adoption_id, "adoption")
    if err:
        return err
    if d[6] != "active":
        return _err(f"{adoption_id} is {d[6]}")
    if _days_between(TODAY, d[5]) > 30:
        return _err(f"{adoption_id} runs to {d[5]}; adoptions are renewed in their last 30 days")
    end = datetime.date.fromisoformat(d[5])
    d[5] = end.replace(year=end.year + 1).isoformat()
    return _adoption(state, adoption_id)


def cancel_adoption(state: State, token: str, adoption_id: str, reason: str) -> str:
    """Cancel an active adoption.

    Args:
        token: The session token.
        adoption_id: The adoption.
        reason: Why.

    Returns:
        A sentence naming the adoption, the animal and the adopter.
    """
    denied = _deny(state, token, "visitor")
    if denied:
        return denied
    d, err = _find(state.adoptions, adoption_id, "adoption")
    if err:
        return err
    if _blank(reason):
        return _err("reason is required")
    if d[6] == "cancelled":
        return _err(f"{adoption_id} is cancelled already")
    d[6] = "cancelled"
    return (f"Adoption {adoption_id} of {state.animals[d[1]]['name']} for {state.visitors[d[0]][0]} cancelled.")


TOOLS = [
    sign_in, sign_out, enclosures, experiences, find_animal, animal_record, diet_sheet, log_feed, record_weight,
    record_observation, request_vet_check, vet_checks, complete_vet_check, prescribe, give_dose,
    release_from_quarantine, move_animal, close_enclosure, reopen_enclosure, find_visitor, register_visitor,
    update_visitor, visitor_account, message_visitor, experience_sessions, keepers, assign_keeper, book_experience,
    bookings, pay_booking, record_waiver, check_in_booking, cancel_booking, move_booking, adopt_animal, adoptions,
    send_adoption_pack, renew_adoption, cancel_adoption,
]

FIXTURES = {
    "zoo": {"name": "Wyvernham Zoo", "today": "Wednesday 2 August 2034 at half past eight in the morning, in the "
                                              "school summer holidays"},
    "staff": [
        {"name": "Kit Brennan", "role": "keeper, big cats", "username": "kit.b", "password": "Meat-Wagon-11"},
        {"name": "Rob Tierney", "role": "keeper, aquatic (penguins and otters)", "username": "rob.t",
         "password": "Sprat-Bucket-3"},
        {"name": "Dr Ines Carvalho", "role": "vet", "username": "ines.c", "password": "Dart-Gun-Safe-8"},
        {"name": "Malcolm Ferrier", "role": "curator", "username": "malcolm.f", "password": "Stud-Book-1962"},
        {"name": "Yusuf Demir", "role": "visitor services", "username": "yusuf.d", "password": "Gift-Aid-Box-5"},
        {"name": "Bex Dunmore", "role": "visitor services", "username": "bex.c", "password": "Penguin-Parade-2"},
        {"name": "Gillian Hartree", "role": "zoo manager", "username": "gillian.h", "password": "Wyvern-Gate-40"},
    ],
    "new_visitor": {"name": "Mrs Olwen Prydderch", "email": "olwen.prydderch@example.com", "phone": "07700 980340",
                    "postcode": "WY4 7TB", "address": "Ty Gwyn, Brook Lane, Wyvernham",
                    "party": ["Olwen Prydderch", "Gethin Prydderch"], "youngest": "Gethin, aged 10",
                    "wants": "the Penguin Feed this afternoon for herself and her grandson, paid by card, and a gold "
                             "adoption of a penguin as a present for Gethin"},
    "notes": [
        "Mango the lemur's 30 days in quarantine are up; her end-of-quarantine check is booked with the vets",
        "Kito the giraffe has a cracked hoof; he has not been weighed since June",
        "Juno the otter's bite wound needs its antibiotics prescribed",
        "Ziggy the penguin is on a course of meloxicam",
        "The Gareth Lewsey party on the giraffe feed have not signed their waiver yet",
        "Mrs Annika Sorensen wants to renew her adoption of Pebble",
        "The Reptile House refurbishment is finished",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "enclosures", "experiences")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
ANIMAL_CONSUMERS = ["animal_record", "diet_sheet", "log_feed", "record_weight", "record_observation",
                    "request_vet_check", "release_from_quarantine", "move_animal", "adopt_animal"]
ENCLOSURE_CONSUMERS = ["move_animal", "close_enclosure", "reopen_enclosure"]
VISITOR_CONSUMERS = ["update_visitor", "visitor_account", "message_visitor", "book_experience", "adopt_animal"]
SESSION_CONSUMERS = ["book_experience", "move_booking", "assign_keeper"]
BOOKING_CONSUMERS = ["pay_booking", "record_waiver", "check_in_booking", "cancel_booking", "move_booking"]
_ANIMAL = "id lookup: animal (animal_id of a find_animal row)"
_VISITOR = "id lookup/create: visitor (visitor_id of register_visitor, or of a find_visitor row)"
_SESSION = "id lookup: experience session (session_id of an experience_sessions entry)"
_BOOKING = "id lookup/create: booking (booking_id of book_experience, or of a bookings entry)"
_ADOPTION = "id lookup/create: adoption (adoption_id of adopt_animal, or of an adoptions entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_animal", c, _ANIMAL) for c in ANIMAL_CONSUMERS]
    + [("enclosures", c, "vocabulary: enclosure codes (code of an enclosures entry)") for c in ENCLOSURE_CONSUMERS]
    + [("register_visitor|find_visitor", c, _VISITOR) for c in VISITOR_CONSUMERS]
    + [("experience_sessions", c, _SESSION) for c in SESSION_CONSUMERS]
    + [("book_experience|bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("adopt_animal|adoptions", c, _ADOPTION) for c in ("send_adoption_pack", "cancel_adoption")]
    + [("request_vet_check|vet_checks", c,
        "id lookup/create: vet check (check_id of request_vet_check, or of a vet_checks entry)")
       for c in ("complete_vet_check", "prescribe")]
    + [
        ("diet_sheet", "log_feed", "vocabulary: diet items (items of the animal's diet_sheet)"),
        ("experiences", "experience_sessions", "vocabulary: experience codes (code of an experiences entry)"),
        ("keepers", "assign_keeper", "id lookup: keeper (keeper_id of a keepers entry)"),
        ("prescribe|animal_record", "give_dose",
         "id lookup/create: prescription (prescription_id of prescribe, or of an animal_record prescriptions row)"),
        ("adoptions", "renew_adoption", "id lookup: an adoption in its last 30 days (an adoptions entry's id)"),
        ("complete_vet_check", "prescribe", "veterinary: the check found the animal in need of treatment"),
        ("complete_vet_check", "release_from_quarantine", "veterinary: found fit since quarantine began"),
        ("complete_vet_check", "move_animal", "veterinary: found fit in the last 14 days"),
        ("record_weight", "prescribe", "state: a weight of the last 30 days to dose by"),
        ("release_from_quarantine", "move_animal", "state: out of quarantine"),
        ("close_enclosure", "reopen_enclosure", "state: the enclosure closed"),
        ("assign_keeper", "check_in_booking", "state: a keeper running the session"),
        ("pay_booking", "check_in_booking", "payment: the booking paid"),
        ("record_waiver", "check_in_booking", "consent: the safety waiver signed"),
        ("update_visitor", "send_adoption_pack", "contact: a postal address on file"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_ANIMAL_CHANGES = ("log_feed", "record_weight", "record_observation", "request_vet_check", "complete_vet_check",
                   "prescribe", "give_dose", "release_from_quarantine", "move_animal")
_BOOKING_CHANGES = ("book_experience", "pay_booking", "record_waiver", "check_in_booking", "cancel_booking",
                    "move_booking")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: animals on checks, adoptions, prescriptions, observations and
    # an animal's record; enclosure codes on the animals, the experiences and a record; visitors on bookings and
    # adoptions; sessions on bookings; bookings and adoptions on a visitor's account; checks and diet items on an
    # animal's record; experience codes on the sessions and bookings
    {(p, c) for p in ("vet_checks", "adoptions", "animal_record", "request_vet_check", "complete_vet_check",
                      "record_observation", "prescribe", "adopt_animal") for c in ANIMAL_CONSUMERS}
    | {(p, c) for p in ("find_animal", "experiences", "animal_record", "reopen_enclosure")
       for c in ENCLOSURE_CONSUMERS}
    | {(p, c) for p in ("bookings", "adoptions", "book_experience", "adopt_animal") for c in VISITOR_CONSUMERS}
    | {(p, c) for p in ("bookings", "book_experience") for c in SESSION_CONSUMERS}
    | {("visitor_account", c) for c in BOOKING_CONSUMERS + ["send_adoption_pack", "cancel_adoption",
                                                            "renew_adoption"]}
    | {("adopt_animal", "renew_adoption"), ("animal_record", "complete_vet_check"), ("animal_record", "prescribe"),
       ("animal_record", "log_feed"), ("bookings", "experience_sessions"), ("book_experience", "experience_sessions")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("experience_sessions", "cancel_booking"), ("experience_sessions", "check_in_booking"),
        ("experience_sessions", "pay_booking"), ("experience_sessions", "record_waiver"),
        ("experiences", "assign_keeper"), ("experiences", "book_experience"), ("experiences", "move_booking"),
        ("find_animal", "cancel_adoption"), ("find_animal", "complete_vet_check"), ("find_animal", "give_dose"),
        ("find_animal", "prescribe"), ("find_animal", "send_adoption_pack"), ("keepers", "check_in_booking"),
        ("register_visitor", "cancel_adoption"), ("register_visitor", "cancel_booking"),
        ("register_visitor", "check_in_booking"), ("register_visitor", "move_booking"),
        ("register_visitor", "pay_booking"), ("register_visitor", "record_waiver"),
        ("register_visitor", "send_adoption_pack"), ("vet_checks", "give_dose"), ("vet_checks", "move_animal"),
        ("vet_checks", "release_from_quarantine"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, "animal_record") for p in _ANIMAL_CHANGES}
    | {(p, "find_animal") for p in ("release_from_quarantine", "move_animal", "complete_vet_check")}
    | {(p, "vet_checks") for p in ("request_vet_check", "complete_vet_check")}
    | {(p, "enclosures") for p in ("close_enclosure", "reopen_enclosure")}
    | {(p, c) for p in ("register_visitor", "update_visitor") for c in ("find_visitor", "visitor_account")}
    | {(p, c) for p in _BOOKING_CHANGES for c in ("bookings", "visitor_account", "experience_sessions")}
    | {("assign_keeper", "experience_sessions")}
    | {(p, c) for p in ("adopt_animal", "send_adoption_pack", "renew_adoption", "cancel_adoption")
       for c in ("adoptions", "visitor_account")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
