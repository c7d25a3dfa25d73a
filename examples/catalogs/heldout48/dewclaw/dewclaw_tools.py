"""Dewclaw: the dogs, volunteers and partnerships system of Hallamford Assistance Dogs, a charity (40 calls).

Plain functions, each behind the ``on_duty(*roles)`` session decorator, over an in-memory ``State`` of an assistance
dog charity on Thursday 15 May 2053 at 09:00. The charity breeds its own puppies, has them microchipped and
vaccinated and places each with a volunteer puppy raiser whose home has been checked, until the dog comes back at
about fourteen months for formal training. Its health team records vaccinations and the hip, elbow and eye screening
a dog must pass before training. Trainers take each dog through its early, advanced and final assessments, qualify
it as a guide, hearing, mobility or autism assistance dog and make it available for matching. Client services
assess the people who apply for a dog, put those found suitable on a centre's waiting list, propose a match with a
qualified dog, record the trial walk, begin the team training, take the partnership agreement signed and qualify
the partnership, then make aftercare visits and retire the dog in time. Finance pays the puppy raisers' expenses
against the published expense codes into their bank accounts. The centre manager may do everything. The centres and
the expense codes are public.

Refusals are raised as Python's built-in exceptions: ``PermissionError`` when there is no session or the role may
not make the call, ``LookupError`` for an unknown id or code, ``ValueError`` for a bad input or a rule of the
charity's, and ``RuntimeError`` for a record in the wrong state or a change made already.

Annotations are PEP 604 unions evaluated at definition (``str | None``, ``list[str]``, ``list[list[Any]]``), with
``Literal`` aliases and ``Enum``s. Docstrings are plain prose. Replies are dataclasses and lists of them (a session,
dogs, a dog's record with its health, placements and assessments as rows, a litter with its pups as rows,
volunteers, placements, an assessment, clients, matches, partnerships, expense claims with their items as rows, bank
details); the centres, the expense codes, the trainers and the waiting list as bare rows; a bare value (what an
expense claim is approved for); sentences with an id in them (a placement ended, a puppy raiser's visit, a dog
withdrawn, an aftercare visit, a dog retired, an expense paid, a log-out). Typed inputs: plain ``Enum`` inputs
(``Vaccine``, ``Screen``, ``DogType``), ``str`` ``Enum`` inputs (``Stage``, ``VolunteerRole``), ``Literal`` inputs
(an outcome of a home check, a client's assessment, a trial walk, an aftercare visit, a raiser's report, a
withdrawal) and ``Literal`` filters (claims), ``list[str]`` pups' names and expense codes, ``list[float]`` amounts,
``bool`` answers, settings and filters, ``str | None`` details and filters. Ids look alike: dog ``D-31207``, litter
``LT-0412``, volunteer ``VOL-5501``, placement ``PL-8801``, trainer ``TR-07``, client ``CL-7002``, match
``MT-4401``, partnership ``PT-6101``, expense claim ``EX-2201``. The centre codes are shown only by the centres and the
expense codes only by their list; the ages for placing, screening and training, the screening results a dog must
reach, the order of the assessments, the rule that a dog is matched within its centre, the chip number's form and
the bank details' form are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Callable, Literal

TODAY = "2053-05-15"  # a Thursday
NOW = "2053-05-15 09:00"
PUPPY = ("puppy",)
HEALTH = ("health",)
TRAINER = ("trainer",)
CLIENT = ("client",)
FINANCE = ("finance",)
HomeCheck = Literal["suitable", "unsuitable"]
ClientOutcome = Literal["suitable", "not_suitable"]
TrialWalk = Literal["accept", "decline"]
Aftercare = Literal["working_well", "support_needed", "concern"]
Progress = Literal["ahead", "on_track", "behind"]
Withdrawal = Literal["rehome", "career_change", "breeding"]
ClaimStatus = Literal["submitted", "approved", "paid"]


class Vaccine(Enum):
    DHP = "dhp"
    LEPTOSPIROSIS = "leptospirosis"
    KENNEL_COUGH = "kennel_cough"


class Screen(Enum):
    HIPS = "hips"
    ELBOWS = "elbows"
    EYES = "eyes"


class DogType(Enum):
    GUIDE = "guide"
    HEARING = "hearing"
    MOBILITY = "mobility"
    AUTISM_ASSISTANCE = "autism_assistance"


class Stage(str, Enum):
    EARLY = "early"
    ADVANCED = "advanced"
    FINAL = "final"


class VolunteerRole(str, Enum):
    PUPPY_RAISER = "puppy_raiser"
    BOARDER = "boarder"
    FOSTERER = "fosterer"


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str
    logged_in: str


@dataclass
class Dog:
    dog_id: str
    name: str
    sex: str
    born: str
    dog_status: str
    centre: str | None
    dog_type: str | None
    chip: str | None
    available_for_matching: bool


@dataclass
class DogRecord(Dog):
    litter_id: str | None
    health: list[list[Any]] = field(default_factory=list)
    placements: list[list[Any]] = field(default_factory=list)
    assessments: list[list[Any]] = field(default_factory=list)


@dataclass
class Litter:
    litter_id: str
    dam: str
    sire: str
    whelped: str
    pups: list[list[Any]]


@dataclass
class Volunteer:
    volunteer_id: str
    name: str
    address: str
    postcode: str
    phone: str
    email: str | None
    role: str
    home_check: str | None
    puppy: str | None
    bank_on_file: bool


@dataclass
class Placement:
    placement_id: str
    dog_id: str
    dog: str
    volunteer_id: str
    volunteer: str
    started: str
    ended: str | None


@dataclass
class Assessment:
    dog_id: str
    dog: str
    stage: str
    passed: bool
    notes: str
    assessed_by: str
    stages_passed: list[str]


@dataclass
class Client:
    client_id: str
    name: str
    address: str
    postcode: str
    phone: str
    need: str
    client_status: str
    centre: str | None
    match_id: str | None
    partnership_id: str | None


@dataclass
class Match:
    match_id: str
    client_id: str
    client: str
    dog_id: str
    dog: str
    match_status: str
    team_training_from: str | None
    agreement_signed: bool


@dataclass
class Partnership:
    partnership_id: str
    client_id: str
    client: str
    dog_id: str
    dog: str
    qualified_on: str
    partnership_status: str


@dataclass
class ExpenseClaim:
    claim_id: str
    volunteer_id: str
    volunteer: str
    month: str
    items: list[list[Any]]
    amount: float
    claim_status: str


@dataclass
class BankDetails:
    volunteer_id: str
    account_name: str
    sort_code: str
    account_ending: str


# --------------------------------------------------------------------------- the charity's state

CENTRES = [  # code, name, town, the dogs it trains
    ["HBK", "Hallamford Centre", "Hallam", "guide, hearing"],
    ["ODL", "Oddleigh Centre", "Oddleigh", "mobility, autism_assistance"],
]
CENTRE_TYPES = {"HBK": ("guide", "hearing"), "ODL": ("mobility", "autism_assistance")}
EXPENSE_CODES = [  # code, description, monthly limit
    ["FOOD", "Puppy food (the charity's approved brands)", 45.0],
    ["MILE", "Mileage to the vet and to puppy classes, 45p a mile", 60.0],
    ["EQUIP", "Equipment agreed with the puppy coordinator", 30.0],
    ["KENNEL", "Boarding with an approved boarder", 80.0],
]
EXPENSE_LIMIT = {code: limit for code, _, limit in EXPENSE_CODES}


def _dog(name: str, sex: str, born: str, status: str, **more: Any) -> dict[str, Any]:
    row = {"name": name, "sex": sex, "born": born, "status": status, "centre": None, "type": None, "chip": None,
           "available": False, "litter": None, "health": [], "assessments": [], "trainer": None}
    row.update(more)
    return row


class State:
    """Hallamford Assistance Dogs on Thursday 15 May 2053 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "nerys.g": {"name": "Nerys Gwilliam", "password": "Whelping-Box-34", "role": "puppy"},
            "ianto.b": {"name": "Ianto Bevan", "password": "Hip-Score-71", "role": "health"},
            "eirlys.m": {"name": "Eirlys Meredith", "password": "Kerb-Stop-26", "role": "trainer",
                        "trainer": "TR-07"},
            "caradog.p": {"name": "Caradog Prys", "password": "Trial-Walk-53", "role": "client"},
            "siwan.e": {"name": "Siwan Elias", "password": "Food-Claim-88", "role": "finance"},
            "heledd.w": {"name": "Heledd Wynne", "password": "Harness-Up-19", "role": "manager"},
        }
        self.logins: dict[str, dict[str, Any]] = {}
        self.trainers = {"TR-07": ["Eirlys Meredith", "HBK"], "TR-11": ["Tegid Tudur", "HBK"],
                         "TR-14": ["Heulwen Cadwaladr", "ODL"]}
        self.dogs: dict[str, dict[str, Any]] = {
            "D-29910": _dog("Cobnut", "dog", "2049-02-11", "partnered", centre="HBK", type="guide",
                            chip="956000012345671", health=[["2049-04-10", "dhp", "given"]]),
            "D-30115": _dog("Marram", "bitch", "2049-06-02", "brood", chip="956000012388402"),
            "D-30760": _dog("Nutmeg", "bitch", "2051-03-30", "matched", centre="ODL", type="autism_assistance",
                            chip="956000012390117"),
            "D-30790": _dog("Pollen", "bitch", "2051-05-06", "qualified", centre="HBK", type="hearing",
                            chip="956000012390245", available=True),
            "D-30802": _dog("Sorrel", "dog", "2051-05-20", "qualified", centre="ODL", type="mobility",
                            chip="956000012390311"),
            "D-30851": _dog("Wicket", "dog", "2051-08-14", "matched", centre="HBK", type="guide",
                            chip="956000012390502"),
            "D-30844": _dog("Ripple", "dog", "2051-07-01", "in_training", centre="HBK", trainer="TR-07",
                            chip="956000012390468",
                            health=[["2052-08-03", "hips", "4/5"], ["2052-08-03", "elbows", "0"]],
                            assessments=[["2053-02-10", "early", True, "Eirlys Meredith"],
                                         ["2053-04-07", "advanced", True, "Eirlys Meredith"]]),
            "D-31201": _dog("Quaver", "dog", "2052-03-09", "with_raiser", chip="956000012391502",
                            health=[["2052-05-06", "dhp", "given"]]),
            "D-31202": _dog("Quill", "bitch", "2052-03-09", "with_raiser", chip="956000012391519",
                            health=[["2052-05-06", "dhp", "given"], ["2053-04-22", "hips", "3/4"],
                                    ["2053-04-22", "elbows", "0"]]),
            "D-31230": _dog("Sidan", "bitch", "2053-03-18", "in_kennel", litter="LT-0411", chip="956000012392201",
                            health=[["2053-05-13", "dhp", "given"]]),
            "D-31231": _dog("Sedge", "dog", "2053-03-18", "in_kennel", litter="LT-0411"),
        }
        self.litters = {"LT-0411": ["D-30115", "Hallamford Tarian", "2053-03-18", ["D-31230", "D-31231"]]}
        self.volunteers: dict[str, dict[str, Any]] = {
            "VOL-5501": {"name": "Mair Penri", "address": "4 Nant Road, Hallam", "postcode": "HM3 2NR",
                         "phone": "07700 900611", "email": "mair.penri@example.net", "role": "puppy_raiser",
                         "check": "suitable", "bank": ["M Penri", "30-41-77", "11873302"]},
            "VOL-5502": {"name": "Iolo Parry", "address": "18 Heol Fach, Hallam", "postcode": "HM2 7HF",
                         "phone": "07700 900722", "email": None, "role": "puppy_raiser", "check": "suitable",
                         "bank": None},
            "VOL-5503": {"name": "Delyth Rowlands", "address": "Ty Gwyn, Llwyn Lane, Oddleigh", "postcode": "OD4 1LL",
                         "phone": "07700 900833", "email": "delyth.r@example.org", "role": "puppy_raiser",
                         "check": None, "bank": None},
            "VOL-5504": {"name": "Deiniol Powell", "address": "7 Capel Row, Hallam", "postcode": "HM1 4CR",
                         "phone": "07700 900944", "email": None, "role": "puppy_raiser", "check": "suitable",
                         "bank": ["E Powell", "40-12-09", "55091276"]},
        }
        self.placements: dict[str, dict[str, Any]] = {
            "PL-8790": {"dog": "D-30844", "volunteer": "VOL-5504", "started": "2051-09-01", "ended": "2052-09-05"},
            "PL-8801": {"dog": "D-31201", "volunteer": "VOL-5501", "started": "2052-05-12", "ended": None},
            "PL-8802": {"dog": "D-31202", "volunteer": "VOL-5504", "started": "2052-05-12", "ended": None},
        }
        self.visits: list[list[Any]] = []
        self.clients: dict[str, dict[str, Any]] = {
            "CL-7001": {"name": "Euan Llewellyn", "address": "22 Pengwern Terrace, Hallam", "postcode": "HM4 6BT",
                        "phone": "07700 900150", "need": "guide", "status": "partnered", "centre": "HBK",
                        "assessed": "suitable"},
            "CL-7002": {"name": "Angharad Vaughan", "address": "9 Melin Street, Hallam", "postcode": "HM1 8MS",
                        "phone": "07700 900261", "need": "guide", "status": "waiting", "centre": "HBK",
                        "assessed": "suitable", "since": "2052-11-03"},
            "CL-7003": {"name": "Tomos Griffiths", "address": "3 Afon View, Hallam", "postcode": "HM2 5AV",
                        "phone": "07700 900372", "need": "hearing", "status": "assessed", "centre": None,
                        "assessed": "suitable"},
            "CL-7004": {"name": "Elin Meyrick-Hughes", "address": "61 Heol yr Orsaf, Oddleigh", "postcode": "OD2 3SR",
                        "phone": "07700 900483", "need": "mobility", "status": "applicant", "centre": None,
                        "assessed": None},
            "CL-7005": {"name": "Rhodri Bowen", "address": "14 Ffynnon Close, Oddleigh", "postcode": "OD1 9CC",
                        "phone": "07700 900594", "need": "autism_assistance", "status": "matched", "centre": "ODL",
                        "assessed": "suitable", "since": "2052-06-20"},
            "CL-7006": {"name": "Nia Ifans", "address": "5 Chwarel Lane, Hallam", "postcode": "HM3 9QL",
                        "phone": "07700 900605", "need": "guide", "status": "matched", "centre": "HBK",
                        "assessed": "suitable", "since": "2052-09-15"},
        }
        self.matches: dict[str, dict[str, Any]] = {
            "MT-4400": {"client": "CL-7006", "dog": "D-30851", "status": "proposed", "from": None, "signed": False},
            "MT-4401": {"client": "CL-7005", "dog": "D-30760", "status": "team_training", "from": "2053-05-05",
                        "signed": False},
        }
        self.partnerships: dict[str, dict[str, Any]] = {
            "PT-6101": {"client": "CL-7001", "dog": "D-29910", "qualified": "2051-10-14", "status": "active",
                        "visits": [["2052-10-20", "working_well", "Cobnut settled and working well"]]},
        }
        self.claims: dict[str, dict[str, Any]] = {
            "EX-2200": {"volunteer": "VOL-5504", "month": "2053-03", "items": [["FOOD", 41.2], ["MILE", 18.9]],
                        "status": "approved"},
            "EX-2201": {"volunteer": "VOL-5501", "month": "2053-04", "items": [["FOOD", 39.5], ["EQUIP", 12.0]],
                        "status": "submitted"},
        }
        self.counters = {"dog": 31232, "litter": 412, "volunteer": 5505, "placement": 8803, "client": 7006,
                         "match": 4402, "partnership": 6102, "claim": 2202, "payment": 61120}


# --------------------------------------------------------------------------- helpers


def on_duty(*roles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Checks, before the call runs, that the token belongs to a logged-in member of staff whose role is one of
    ``roles`` (the centre manager may make every call; no roles: anyone logged in), raising PermissionError if not."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def checked(*args: Any, **kwargs: Any) -> Any:
            _login(kwargs.get("state"), kwargs.get("token"), roles)
            return fn(*args, **kwargs)

        return checked

    return decorate


def _login(state: Any, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    login = state.logins.get(token) if isinstance(token, str) and state is not None else None
    if login is None:
        raise PermissionError("not logged in, or the session has ended; log in first")
    if roles and login["role"] != "manager" and login["role"] not in roles:
        raise PermissionError(f"{login['name']} ({login['role']}) may not do this")
    return login


def _who(state: State, token: str) -> str:
    return state.logins[token]["name"]


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _get(table: dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise LookupError(f"no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        raise ValueError(f"{name} is one of {', '.join(m.value for m in kind)}, not {value!r}") from None


def _choice(value: Any, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise ValueError(f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _same(a: Any, b: Any) -> bool:
    return isinstance(a, str) and isinstance(b, str) and " ".join(a.split()).lower() == " ".join(b.split()).lower()


def _dog_reply(state: State, did: str) -> Dog:
    d = state.dogs[did]
    return Dog(dog_id=did, name=d["name"], sex=d["sex"], born=d["born"], dog_status=d["status"], centre=d["centre"],
               dog_type=d["type"], chip=d["chip"], available_for_matching=d["available"])


def _record(state: State, did: str) -> DogRecord:
    d = state.dogs[did]
    return DogRecord(**vars(_dog_reply(state, did)), litter_id=d["litter"], health=[list(h) for h in d["health"]],
                     placements=[[pid, p["volunteer"], state.volunteers[p["volunteer"]]["name"], p["started"],
                                  p["ended"]] for pid, p in sorted(state.placements.items()) if p["dog"] == did],
                     assessments=[list(a) for a in d["assessments"]])


def _active_placement(state: State, *, dog: str | None = None, volunteer: str | None = None) -> str | None:
    return next((pid for pid, p in sorted(state.placements.items()) if p["ended"] is None
                 and (dog is None or p["dog"] == dog) and (volunteer is None or p["volunteer"] == volunteer)), None)


def _volunteer(state: State, vid: str) -> Volunteer:
    v = state.volunteers[vid]
    pid = _active_placement(state, volunteer=vid)
    return Volunteer(volunteer_id=vid, name=v["name"], address=v["address"], postcode=v["postcode"],
                     phone=v["phone"], email=v["email"], role=v["role"], home_check=v["check"],
                     puppy=state.dogs[state.placements[pid]["dog"]]["name"] if pid else None,
                     bank_on_file=v["bank"] is not None)


def _placement(state: State, pid: str) -> Placement:
    p = state.placements[pid]
    return Placement(placement_id=pid, dog_id=p["dog"], dog=state.dogs[p["dog"]]["name"],
                     volunteer_id=p["volunteer"], volunteer=state.volunteers[p["volunteer"]]["name"],
                     started=p["started"], ended=p["ended"])


def _client(state: State, cid: str) -> Client:
    c = state.clients[cid]
    match = next((mid for mid, m in sorted(state.matches.items()) if m["client"] == cid
                  and m["status"] not in ("declined", "qualified")), None)
    partnership = next((pid for pid, p in sorted(state.partnerships.items()) if p["client"] == cid
                        and p["status"] == "active"), None)
    return Client(client_id=cid, name=c["name"], address=c["address"], postcode=c["postcode"], phone=c["phone"],
                  need=c["need"], client_status=c["status"], centre=c["centre"], match_id=match,
                  partnership_id=partnership)


def _match(state: State, mid: str) -> Match:
    m = state.matches[mid]
    return Match(match_id=mid, client_id=m["client"], client=state.clients[m["client"]]["name"], dog_id=m["dog"],
                 dog=state.dogs[m["dog"]]["name"], match_status=m["status"], team_training_from=m["from"],
                 agreement_signed=m["signed"])


def _partnership(state: State, pid: str) -> Partnership:
    p = state.partnerships[pid]
    return Partnership(partnership_id=pid, client_id=p["client"], client=state.clients[p["client"]]["name"],
                       dog_id=p["dog"], dog=state.dogs[p["dog"]]["name"], qualified_on=p["qualified"],
                       partnership_status=p["status"])


def _claim(state: State, cid: str) -> ExpenseClaim:
    c = state.claims[cid]
    return ExpenseClaim(claim_id=cid, volunteer_id=c["volunteer"], volunteer=state.volunteers[c["volunteer"]]["name"],
                        month=c["month"], items=[list(i) for i in c["items"]],
                        amount=round(sum(i[1] for i in c["items"]), 2), claim_status=c["status"])


def _screened(d: dict[str, Any], screen: str) -> str | None:
    return next((h[2] for h in reversed(d["health"]) if h[1] == screen), None)


# --------------------------------------------------------------------------- sessions and public lists


def login(state: State, username: str, password: str) -> Session:
    """Log in with a user name (such as nerys.g) and password. Returns the session, whose token every call but login,
    centres and expense_codes needs, with the user's name and role."""
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise PermissionError("unknown user name or wrong password")
    token = f"hbad-{username}-{len(state.logins) + 1}"
    state.logins[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], logged_in=NOW)


@on_duty()
def logout(state: State, token: str) -> str:
    """End the session the token belongs to. Returns a sentence saying who logged out."""
    who = state.logins.pop(token)["name"]
    return f"Logged out {who} at {NOW[11:]}."


def centres() -> list[list[str]]:
    """The charity's training centres, public and needing no session: rows of [centre code, name, town, the kinds of
    dog trained there]. Waiting lists and training courses name a centre by its code."""
    return [list(c) for c in CENTRES]


def expense_codes() -> list[list[Any]]:
    """What a puppy raiser may claim for, public and needing no session: rows of [code, description, monthly limit in
    pounds]. A claim lists its items by these codes."""
    return [list(e) for e in EXPENSE_CODES]


# --------------------------------------------------------------------------- dogs and litters


@on_duty()
def find_dog(state: State, token: str, name: str) -> list[Dog]:
    """Find dogs whose name starts with the text given. Returns the matching dogs by id, each with its status
    (brood, in_kennel, with_raiser, in_training, qualified, matched, partnered, withdrawn or retired), its centre and
    type once it has them, its microchip and whether it is available for matching."""
    if _blank(name):
        raise ValueError("name is required")
    s = name.strip().lower()
    return [_dog_reply(state, did) for did, d in sorted(state.dogs.items()) if d["name"].lower().startswith(s)]


@on_duty()
def dog_record(state: State, token: str, dog_id: str) -> DogRecord:
    """A dog's whole record: the dog, its litter, its health as rows of [date, what, result], its placements as rows
    of [placement id, volunteer id, volunteer, started, ended] and its assessments as rows of [date, stage, passed,
    assessed by]."""
    _get(state.dogs, dog_id, "dog")
    return _record(state, dog_id)


@on_duty("puppy")
def register_litter(state: State, token: str, dam_id: str, sire: str, whelped: str, pup_names: list[str],
                    bitches: list[str]) -> Litter:
    """Register a litter born to one of the charity's brood bitches. Give the dam's id, the sire's name, the date
    the litter was whelped, the pups' names, and which of those names are bitches (the rest are dogs). Returns the
    litter with its pups as rows of [dog id, name, sex]."""
    dam = _get(state.dogs, dam_id, "dog")
    born = _date(whelped, "whelped")
    if _blank(sire):
        raise ValueError("sire is required")
    if not isinstance(pup_names, list) or not pup_names or not all(isinstance(p, str) and p.strip()
                                                                  for p in pup_names):
        raise ValueError("pup_names is a list of at least one name")
    if not isinstance(bitches, list) or not all(isinstance(b, str) for b in bitches):
        raise ValueError("bitches is a list of names")
    names = [" ".join(p.split()) for p in pup_names]
    if any(b.strip() not in names for b in bitches):
        raise ValueError("every name in bitches must be one of pup_names")
    if dam["status"] != "brood":
        raise ValueError(f"{dam['name']} is not one of the charity's brood bitches")
    if born > TODAY or _days(born, TODAY) > 14:
        raise ValueError("a litter is registered within 14 days of whelping, not before it")
    if any(l[0] == dam_id and l[2] == born for l in state.litters.values()):
        raise RuntimeError(f"{dam['name']}'s litter of {born} is registered already")
    lid = f"LT-{_next(state, 'litter'):04d}"
    pups = []
    for name in names:
        did = f"D-{_next(state, 'dog')}"
        sex = "bitch" if name in [b.strip() for b in bitches] else "dog"
        state.dogs[did] = _dog(name, sex, born, "in_kennel", litter=lid)
        pups.append(did)
    state.litters[lid] = [dam_id, sire.strip(), born, pups]
    return Litter(litter_id=lid, dam=dam["name"], sire=sire.strip(), whelped=born,
                  pups=[[p, state.dogs[p]["name"], state.dogs[p]["sex"]] for p in pups])


@on_duty("puppy", "health")
def microchip(state: State, token: str, dog_id: str, chip_number: str) -> Dog:
    """Record the microchip implanted in a dog. Returns the dog."""
    d = _get(state.dogs, dog_id, "dog")
    chip = re.sub(r"\s", "", chip_number) if isinstance(chip_number, str) else ""
    if not re.fullmatch(r"\d{15}", chip):
        raise ValueError("a microchip number is 15 digits")
    if d["chip"] is not None:
        raise RuntimeError(f"{d['name']} is chipped already ({d['chip']})")
    if _days(d["born"], TODAY) < 42:
        raise ValueError("puppies are microchipped from six weeks old")
    if any(x["chip"] == chip for x in state.dogs.values()):
        raise ValueError(f"chip {chip} is recorded against another dog")
    d["chip"] = chip
    return _dog_reply(state, dog_id)


@on_duty("health")
def record_vaccination(state: State, token: str, dog_id: str, vaccine: Vaccine, given_on: str, vet: str) -> Dog:
    """Record a vaccination given to a dog, with the date and the vet who gave it. Returns the dog."""
    d = _get(state.dogs, dog_id, "dog")
    what = _enum(Vaccine, vaccine, "vaccine").value
    day = _date(given_on, "given_on")
    if _blank(vet):
        raise ValueError("vet is required")
    if day > TODAY or day < d["born"]:
        raise ValueError("given_on is between the dog's birth and today")
    if what == "dhp" and _days(d["born"], day) < 42:
        raise ValueError("the first DHP vaccination is given at six weeks old or later")
    if any(h[0] == day and h[1] == what for h in d["health"]):
        raise RuntimeError(f"{d['name']}'s {what} vaccination of {day} is recorded already")
    d["health"].append([day, what, f"given by {vet.strip()}"])
    return _dog_reply(state, dog_id)


@on_duty("health")
def health_screen(state: State, token: str, dog_id: str, screen: Screen, result: str) -> DogRecord:
    """Record the result of a dog's hip, elbow or eye screening as the scrutineers returned it. Returns the dog's
    record with its health rows."""
    d = _get(state.dogs, dog_id, "dog")
    what = _enum(Screen, screen, "screen").value
    text = result.strip().lower() if isinstance(result, str) else ""
    forms = {"hips": r"\d{1,2}/\d{1,2}", "elbows": r"[0-3]", "eyes": r"clear|affected"}
    if not re.fullmatch(forms[what], text):
        raise ValueError({"hips": "a hip score is written left/right, such as 4/5",
                          "elbows": "an elbow grade is 0, 1, 2 or 3", "eyes": "an eye result is clear or affected"}
                         [what])
    if what in ("hips", "elbows") and _days(d["born"], TODAY) < 365:
        raise ValueError(f"hips and elbows are scored at twelve months or older; {d['name']} is younger")
    if _screened(d, what) == text:
        raise RuntimeError(f"{d['name']}'s {what} result {text} is recorded already")
    d["health"].append([TODAY, what, text])
    return _record(state, dog_id)


@on_duty("trainer")
def withdraw_dog(state: State, token: str, dog_id: str, route: Withdrawal, reason: str) -> str:
    """Withdraw a dog from the programme, to be rehomed, to another career or to the breeding scheme. Returns a
    sentence saying so."""
    d = _get(state.dogs, dog_id, "dog")
    how = _choice(route, ("rehome", "career_change", "breeding"), "route")
    if _blank(reason):
        raise ValueError("reason is required")
    if d["status"] in ("withdrawn", "retired", "brood"):
        raise RuntimeError(f"{d['name']} is {d['status']} already")
    if d["status"] in ("matched", "partnered"):
        raise RuntimeError(f"{d['name']} is {d['status']}; a partnered dog is retired, not withdrawn")
    if _active_placement(state, dog=dog_id):
        raise RuntimeError(f"{d['name']} is with a puppy raiser; end the placement first")
    d["status"] = "brood" if how == "breeding" and d["sex"] == "bitch" else "withdrawn"
    d["available"] = False
    return f"Withdrew {d['name']} ({dog_id}) for {how.replace('_', ' ')}: {reason.strip()}"


# --------------------------------------------------------------------------- volunteers and placements


@on_duty()
def find_volunteer(state: State, token: str, surname: str) -> list[Volunteer]:
    """Find volunteers by surname. Returns the matching volunteers by id, with their home check, the puppy they have
    now and whether their bank details are on file."""
    if _blank(surname):
        raise ValueError("surname is required")
    s = surname.strip().lower()
    return [_volunteer(state, vid) for vid, v in sorted(state.volunteers.items())
            if v["name"].split()[-1].lower().startswith(s)]


@on_duty("puppy")
def register_volunteer(state: State, token: str, name: str, address: str, postcode: str, phone: str,
                       role: VolunteerRole, email: str | None = None) -> Volunteer:
    """Register a new volunteer as a puppy raiser, a boarder or a fosterer. Returns the volunteer, whose home is
    still to be checked."""
    what = _enum(VolunteerRole, role, "role").value
    if any(_blank(v) for v in (name, address, postcode, phone)):
        raise ValueError("name, address, postcode and phone are required")
    if any(_same(v["name"], name) and v["postcode"] == postcode.strip().upper() for v in state.volunteers.values()):
        raise RuntimeError(f"{name.strip()} is registered already")
    vid = f"VOL-{_next(state, 'volunteer')}"
    state.volunteers[vid] = {"name": " ".join(name.split()), "address": address.strip(),
                             "postcode": postcode.strip().upper(), "phone": phone.strip(),
                             "email": email.strip() if isinstance(email, str) and email.strip() else None,
                             "role": what, "check": None, "bank": None}
    return _volunteer(state, vid)


@on_duty("puppy")
def home_check(state: State, token: str, volunteer_id: str, outcome: HomeCheck, notes: str) -> Volunteer:
    """Record the outcome of the home check made on a volunteer, with the visitor's notes. Returns the volunteer."""
    v = _get(state.volunteers, volunteer_id, "volunteer")
    how = _choice(outcome, ("suitable", "unsuitable"), "outcome")
    if _blank(notes):
        raise ValueError("notes are required")
    if v["check"] == how:
        raise RuntimeError(f"{v['name']}'s home is recorded as {how} already")
    v["check"] = how
    return _volunteer(state, volunteer_id)


@on_duty("puppy")
def place_puppy(state: State, token: str, dog_id: str, volunteer_id: str, start: str) -> Placement:
    """Place a puppy with a puppy raiser from the date given. Returns the placement."""
    d = _get(state.dogs, dog_id, "dog")
    v = _get(state.volunteers, volunteer_id, "volunteer")
    day = _date(start, "start")
    if day < TODAY:
        raise ValueError("start is today or later")
    if v["role"] != "puppy_raiser":
        raise ValueError(f"{v['name']} volunteers as a {v['role']}, not a puppy raiser")
    if v["check"] != "suitable":
        raise RuntimeError(f"{v['name']}'s home has not been checked and found suitable")
    if _active_placement(state, volunteer=volunteer_id):
        raise RuntimeError(f"{v['name']} has a puppy already")
    if d["status"] != "in_kennel" or _active_placement(state, dog=dog_id):
        raise RuntimeError(f"{d['name']} is {d['status'].replace('_', ' ')}, not in kennel")
    if _days(d["born"], day) < 56:
        raise ValueError("a puppy goes to its raiser at eight weeks old or later")
    if d["chip"] is None:
        raise RuntimeError(f"{d['name']} is not microchipped")
    if not any(h[1] == "dhp" for h in d["health"]):
        raise RuntimeError(f"{d['name']} has not had its first DHP vaccination")
    pid = f"PL-{_next(state, 'placement')}"
    state.placements[pid] = {"dog": dog_id, "volunteer": volunteer_id, "started": day, "ended": None}
    d["status"] = "with_raiser"
    return _placement(state, pid)


@on_duty("puppy")
def end_placement(state: State, token: str, placement_id: str, reason: str) -> str:
    """End a placement, bringing the dog back into the centre's kennels. Returns a sentence saying so."""
    p = _get(state.placements, placement_id, "placement")
    if _blank(reason):
        raise ValueError("reason is required")
    if p["ended"] is not None:
        raise RuntimeError(f"{placement_id} ended on {p['ended']} already")
    p["ended"] = TODAY
    state.dogs[p["dog"]]["status"] = "in_kennel"
    return (f"Ended {placement_id}: {state.dogs[p['dog']]['name']} is back in kennels from "
            f"{state.volunteers[p['volunteer']]['name']} ({reason.strip()}).")


@on_duty()
def placements(state: State, token: str, volunteer_id: str | None = None, current_only: bool = True) -> list[Placement]:
    """The placements of puppies with raisers, optionally one volunteer's, and by default only those not yet ended.
    Returns the placements by id."""
    return [_placement(state, pid) for pid, p in sorted(state.placements.items())
            if (volunteer_id is None or p["volunteer"] == volunteer_id) and (not current_only or p["ended"] is None)]


@on_duty("puppy")
def visit_report(state: State, token: str, placement_id: str, progress: Progress, notes: str) -> str:
    """Record the puppy coordinator's visit to a puppy and its raiser, with how the puppy is getting on (ahead,
    on_track or behind) and notes. Returns a sentence with the visit's reference."""
    p = _get(state.placements, placement_id, "placement")
    how = _choice(progress, ("ahead", "on_track", "behind"), "progress")
    if _blank(notes):
        raise ValueError("notes are required")
    if p["ended"] is not None:
        raise RuntimeError(f"{placement_id} has ended")
    if any(x[0] == placement_id and x[1] == TODAY for x in state.visits):
        raise RuntimeError(f"a visit to {placement_id} is recorded today already")
    state.visits.append([placement_id, TODAY, how, notes.strip(), _who(state, token)])
    return (f"Visit {placement_id}/{len(state.visits)} recorded: {state.dogs[p['dog']]['name']} is "
            f"{how.replace('_', ' ')} with {state.volunteers[p['volunteer']]['name']}.")


# --------------------------------------------------------------------------- training


@on_duty()
def trainers(state: State, token: str, centre: str | None = None) -> list[list[str]]:
    """The trainers, optionally at one centre: rows of [trainer id, name, centre code]."""
    return [[tid, name, c] for tid, (name, c) in sorted(state.trainers.items()) if centre is None or c == centre]


@on_duty("trainer")
def start_training(state: State, token: str, dog_id: str, trainer_id: str, centre: str) -> DogRecord:
    """Start a dog's formal training with a trainer at one of the centres, given by its code. Returns the dog's
    record."""
    d = _get(state.dogs, dog_id, "dog")
    t = _get(state.trainers, trainer_id, "trainer")
    if not isinstance(centre, str) or centre not in CENTRE_TYPES:
        raise LookupError(f"no centre {centre!r}")
    if t[1] != centre:
        raise ValueError(f"{t[0]} trains at {t[1]}, not {centre}")
    if d["status"] == "in_training":
        raise RuntimeError(f"{d['name']} is in training already")
    if _active_placement(state, dog=dog_id):
        raise RuntimeError(f"{d['name']} is still with a puppy raiser; end the placement first")
    if d["status"] != "in_kennel":
        raise RuntimeError(f"{d['name']} is {d['status'].replace('_', ' ')}")
    if _days(d["born"], TODAY) < 365:
        raise ValueError(f"{d['name']} is under twelve months old; formal training starts at twelve months")
    hips, elbows = _screened(d, "hips"), _screened(d, "elbows")
    if hips is None or elbows is None:
        raise RuntimeError(f"{d['name']} has not had both hips and elbows screened")
    left, right = (int(x) for x in hips.split("/"))
    if max(left, right) > 8 or left + right > 12 or int(elbows) > 1:
        raise ValueError("the hips must score no more than 8 a side and 12 in all, and the elbows grade 0 or 1")
    d["status"], d["centre"], d["trainer"] = "in_training", centre, trainer_id
    return _record(state, dog_id)


@on_duty("trainer")
def record_assessment(state: State, token: str, dog_id: str, stage: Stage, passed: bool, notes: str) -> Assessment:
    """Record a training assessment of a dog, at the early, advanced or final stage, whether it passed and the
    assessor's notes. Returns the assessment with the stages the dog has passed."""
    d = _get(state.dogs, dog_id, "dog")
    step = _enum(Stage, stage, "stage").value
    if not isinstance(passed, bool):
        raise ValueError("passed is true or false")
    if _blank(notes):
        raise ValueError("notes are required")
    if d["status"] != "in_training":
        raise RuntimeError(f"{d['name']} is {d['status'].replace('_', ' ')}, not in training")
    done = [a[1] for a in d["assessments"] if a[2]]
    if step in done:
        raise RuntimeError(f"{d['name']} has passed the {step} assessment already")
    order = ["early", "advanced", "final"]
    if order.index(step) != len(done):
        raise ValueError(f"{d['name']} takes the {order[len(done)]} assessment next; the stages go early, advanced, "
                         "final")
    d["assessments"].append([TODAY, step, passed, _who(state, token)])
    return Assessment(dog_id=dog_id, dog=d["name"], stage=step, passed=passed, notes=notes.strip(),
                      assessed_by=_who(state, token), stages_passed=done + ([step] if passed else []))


@on_duty("trainer")
def qualify_dog(state: State, token: str, dog_id: str, dog_type: DogType) -> Dog:
    """Qualify a dog that has passed its final assessment as a guide, hearing, mobility or autism assistance dog.
    Returns the dog."""
    d = _get(state.dogs, dog_id, "dog")
    kind = _enum(DogType, dog_type, "dog_type").value
    if d["status"] == "qualified":
        raise RuntimeError(f"{d['name']} is qualified already")
    if d["status"] != "in_training" or not any(a[1] == "final" and a[2] for a in d["assessments"]):
        raise RuntimeError(f"{d['name']} has not passed the final assessment")
    if kind not in CENTRE_TYPES[d["centre"]]:
        raise ValueError(f"{d['centre']} does not train {kind.replace('_', ' ')} dogs")
    d["status"], d["type"] = "qualified", kind
    return _dog_reply(state, dog_id)


@on_duty("trainer", "client")
def set_matching(state: State, token: str, dog_id: str, available: bool) -> Dog:
    """Make a qualified dog available for matching with a client, or take it off matching. Returns the dog."""
    d = _get(state.dogs, dog_id, "dog")
    if not isinstance(available, bool):
        raise ValueError("available is true or false")
    if d["available"] == available:
        raise RuntimeError(f"{d['name']} is {'available' if available else 'off matching'} already")
    if available and d["status"] != "qualified":
        raise RuntimeError(f"{d['name']} is {d['status'].replace('_', ' ')}; only a qualified dog is matched")
    d["available"] = available
    return _dog_reply(state, dog_id)


# --------------------------------------------------------------------------- clients, matches and partnerships


@on_duty()
def find_client(state: State, token: str, surname: str) -> list[Client]:
    """Find clients by surname. Returns the matching clients by id, with their need, status, centre, and their
    match and partnership if they have one."""
    if _blank(surname):
        raise ValueError("surname is required")
    s = surname.strip().lower()
    return [_client(state, cid) for cid, c in sorted(state.clients.items())
            if c["name"].split()[-1].lower().startswith(s)]


@on_duty("client")
def register_client(state: State, token: str, name: str, address: str, postcode: str, phone: str,
                    need: DogType) -> Client:
    """Register a person applying for an assistance dog, with the kind of dog they need. Returns the client, still to
    be assessed."""
    kind = _enum(DogType, need, "need").value
    if any(_blank(v) for v in (name, address, postcode, phone)):
        raise ValueError("name, address, postcode and phone are required")
    if any(_same(c["name"], name) and c["postcode"] == postcode.strip().upper() for c in state.clients.values()):
        raise RuntimeError(f"{name.strip()} is registered already")
    cid = f"CL-{_next(state, 'client')}"
    state.clients[cid] = {"name": " ".join(name.split()), "address": address.strip(),
                          "postcode": postcode.strip().upper(), "phone": phone.strip(), "need": kind,
                          "status": "applicant", "centre": None, "assessed": None}
    return _client(state, cid)


@on_duty("client")
def assess_client(state: State, token: str, client_id: str, outcome: ClientOutcome, notes: str) -> Client:
    """Record the outcome of a client's assessment visit, suitable or not_suitable, with the assessor's notes.
    Returns the client."""
    c = _get(state.clients, client_id, "client")
    how = _choice(outcome, ("suitable", "not_suitable"), "outcome")
    if _blank(notes):
        raise ValueError("notes are required")
    if c["assessed"] is not None:
        raise RuntimeError(f"{c['name']} was assessed already ({c['assessed']})")
    c["assessed"], c["status"] = how, ("assessed" if how == "suitable" else "closed")
    return _client(state, client_id)


@on_duty("client")
def add_to_waiting_list(state: State, token: str, client_id: str, centre: str) -> Client:
    """Put an assessed client on a centre's waiting list, the centre given by its code. Returns the client."""
    c = _get(state.clients, client_id, "client")
    if not isinstance(centre, str) or centre not in CENTRE_TYPES:
        raise LookupError(f"no centre {centre!r}")
    if c["status"] == "waiting":
        raise RuntimeError(f"{c['name']} is on the {c['centre']} waiting list already")
    if c["assessed"] != "suitable":
        raise RuntimeError(f"{c['name']} has not been assessed as suitable")
    if c["need"] not in CENTRE_TYPES[centre]:
        raise ValueError(f"{centre} does not train {c['need'].replace('_', ' ')} dogs")
    if c["status"] != "assessed":
        raise RuntimeError(f"{c['name']} is {c['status']}")
    c["status"], c["centre"], c["since"] = "waiting", centre, TODAY
    return _client(state, client_id)


@on_duty("client")
def waiting_list(state: State, token: str, need: DogType | None = None, centre: str | None = None) -> list[list[Any]]:
    """The waiting list, longest waiting first, optionally for one kind of dog or one centre: rows of [client id,
    name, need, centre, waiting since]."""
    kind = _enum(DogType, need, "need").value if need is not None else None
    return [[cid, c["name"], c["need"], c["centre"], c["since"]]
            for cid, c in sorted(state.clients.items(), key=lambda x: (x[1].get("since") or "", x[0]))
            if c["status"] == "waiting" and (kind is None or c["need"] == kind)
            and (centre is None or c["centre"] == centre)]


@on_duty("client")
def propose_match(state: State, token: str, client_id: str, dog_id: str) -> Match:
    """Propose a qualified dog to a client on the waiting list. Returns the match, waiting for the trial walk."""
    c = _get(state.clients, client_id, "client")
    d = _get(state.dogs, dog_id, "dog")
    if c["status"] == "matched":
        raise RuntimeError(f"{c['name']} is matched already")
    if c["status"] != "waiting":
        raise RuntimeError(f"{c['name']} is not on a waiting list")
    if d["status"] != "qualified":
        raise RuntimeError(f"{d['name']} is {d['status'].replace('_', ' ')}, not a qualified dog")
    if not d["available"]:
        raise RuntimeError(f"{d['name']} is not available for matching")
    if d["type"] != c["need"]:
        raise ValueError(f"{d['name']} is a {d['type'].replace('_', ' ')} dog; {c['name']} needs a "
                         f"{c['need'].replace('_', ' ')} dog")
    if d["centre"] != c["centre"]:
        raise ValueError(f"dogs are matched within their centre: {d['name']} is at {d['centre']}, {c['name']} waits "
                         f"at {c['centre']}")
    mid = f"MT-{_next(state, 'match')}"
    state.matches[mid] = {"client": client_id, "dog": dog_id, "status": "proposed", "from": None, "signed": False}
    c["status"], d["status"], d["available"] = "matched", "matched", False
    return _match(state, mid)


@on_duty("client")
def record_trial_walk(state: State, token: str, match_id: str, outcome: TrialWalk, notes: str) -> Match:
    """Record how a proposed match's trial walk went: accept or decline. Returns the match; a declined match puts
    the client back on the waiting list and the dog back on matching."""
    m = _get(state.matches, match_id, "match")
    how = _choice(outcome, ("accept", "decline"), "outcome")
    if _blank(notes):
        raise ValueError("notes are required")
    if m["status"] != "proposed":
        raise RuntimeError(f"{match_id} is {m['status'].replace('_', ' ')} already")
    if how == "accept":
        m["status"] = "accepted"
    else:
        m["status"] = "declined"
        state.clients[m["client"]]["status"] = "waiting"
        state.dogs[m["dog"]].update(status="qualified", available=True)
    return _match(state, match_id)


@on_duty("client")
def start_team_training(state: State, token: str, match_id: str, start_date: str) -> Match:
    """Begin an accepted match's team training, the client and the dog training together, from the date given.
    Returns the match."""
    m = _get(state.matches, match_id, "match")
    day = _date(start_date, "start_date")
    if m["status"] == "team_training":
        raise RuntimeError(f"{match_id} is in team training already")
    if m["status"] != "accepted":
        raise RuntimeError(f"{match_id} is {m['status']}; team training follows an accepted trial walk")
    if day < TODAY:
        raise ValueError("start_date is today or later")
    m["status"], m["from"] = "team_training", day
    return _match(state, match_id)


@on_duty("client")
def sign_agreement(state: State, token: str, match_id: str, signed_by: str) -> Match:
    """Record the partnership agreement signed by the client (or their representative, by name). Returns the
    match."""
    m = _get(state.matches, match_id, "match")
    if _blank(signed_by):
        raise ValueError("signed_by is required")
    if m["signed"]:
        raise RuntimeError(f"the agreement for {match_id} is signed already")
    if m["status"] in ("proposed", "declined"):
        raise RuntimeError(f"{match_id} is {m['status']}; the agreement is signed once the trial walk is accepted")
    m["signed"] = True
    return _match(state, match_id)


@on_duty("client")
def qualify_partnership(state: State, token: str, match_id: str) -> Partnership:
    """Qualify a match as a working partnership once team training is under way and the agreement is signed.
    Returns the partnership."""
    m = _get(state.matches, match_id, "match")
    if m["status"] == "qualified":
        raise RuntimeError(f"{match_id} is qualified already")
    if m["status"] != "team_training":
        raise RuntimeError(f"{match_id} is {m['status']}; a partnership qualifies from team training")
    if not m["signed"]:
        raise RuntimeError(f"the partnership agreement for {match_id} is not signed")
    pid = f"PT-{_next(state, 'partnership')}"
    state.partnerships[pid] = {"client": m["client"], "dog": m["dog"], "qualified": TODAY, "status": "active",
                               "visits": []}
    m["status"] = "qualified"
    state.clients[m["client"]]["status"] = "partnered"
    state.dogs[m["dog"]]["status"] = "partnered"
    return _partnership(state, pid)


@on_duty("client")
def aftercare_visit(state: State, token: str, partnership_id: str, outcome: Aftercare, notes: str) -> str:
    """Record today's aftercare visit to a working partnership: working_well, support_needed or concern, with notes.
    Returns a sentence with the visit's reference."""
    p = _get(state.partnerships, partnership_id, "partnership")
    how = _choice(outcome, ("working_well", "support_needed", "concern"), "outcome")
    if _blank(notes):
        raise ValueError("notes are required")
    if p["status"] != "active":
        raise RuntimeError(f"{partnership_id} is {p['status']}")
    if any(v[0] == TODAY for v in p["visits"]):
        raise RuntimeError(f"an aftercare visit to {partnership_id} is recorded today already")
    p["visits"].append([TODAY, how, notes.strip()])
    return (f"Aftercare visit {partnership_id}/{len(p['visits'])} recorded for {state.clients[p['client']]['name']} "
            f"and {state.dogs[p['dog']]['name']}: {how.replace('_', ' ')}.")


@on_duty("client")
def retire_dog(state: State, token: str, partnership_id: str, reason: str) -> str:
    """Retire the dog of a working partnership, ending the partnership. Returns a sentence saying so."""
    p = _get(state.partnerships, partnership_id, "partnership")
    if _blank(reason):
        raise ValueError("reason is required")
    if p["status"] != "active":
        raise RuntimeError(f"{partnership_id} is {p['status']} already")
    p["status"] = "ended"
    state.dogs[p["dog"]]["status"] = "retired"
    c = state.clients[p["client"]]
    c["status"], c["since"] = "waiting", TODAY
    return (f"Retired {state.dogs[p['dog']]['name']} ({p['dog']}); partnership {partnership_id} ended and "
            f"{c['name']} is back on the {c['centre']} waiting list for a successor dog.")


# --------------------------------------------------------------------------- expenses


@on_duty("puppy", "finance")
def submit_expense(state: State, token: str, volunteer_id: str, month: str, items: list[str],
                   amounts: list[float]) -> ExpenseClaim:
    """Enter a puppy raiser's expense claim for a month (written YYYY-MM): the expense codes claimed and, in the same
    order, the amount for each. Returns the claim with its items as rows of [code, amount]."""
    v = _get(state.volunteers, volunteer_id, "volunteer")
    if not isinstance(month, str) or not re.fullmatch(r"\d{4}-(0[1-9]|1[0-2])", month):
        raise ValueError("month is written YYYY-MM")
    if not isinstance(items, list) or not items or not all(isinstance(i, str) for i in items):
        raise ValueError("items is a list of expense codes")
    if not isinstance(amounts, list) or len(amounts) != len(items) or not all(_number(a) and a > 0 for a in amounts):
        raise ValueError("amounts is a list of amounts above 0, one for each item")
    for code in items:
        if code not in EXPENSE_LIMIT:
            raise LookupError(f"no expense code {code!r}")
    if month > TODAY[:7]:
        raise ValueError("a claim is for this month or an earlier one")
    if not any(p["volunteer"] == volunteer_id and p["started"][:7] <= month
               and (p["ended"] is None or p["ended"][:7] >= month) for p in state.placements.values()):
        raise RuntimeError(f"{v['name']} had no puppy placed in {month}")
    for code, amount in zip(items, amounts):
        if amount > EXPENSE_LIMIT[code]:
            raise ValueError(f"{code} is limited to {EXPENSE_LIMIT[code]:.2f} a month")
    if any(c["volunteer"] == volunteer_id and c["month"] == month for c in state.claims.values()):
        raise RuntimeError(f"{v['name']} has a claim for {month} already")
    cid = f"EX-{_next(state, 'claim')}"
    state.claims[cid] = {"volunteer": volunteer_id, "month": month,
                         "items": [[code, round(float(a), 2)] for code, a in zip(items, amounts)],
                         "status": "submitted"}
    return _claim(state, cid)


@on_duty("finance")
def expense_claims(state: State, token: str, status: ClaimStatus | None = None) -> list[ExpenseClaim]:
    """The puppy raisers' expense claims, optionally only those submitted, approved or paid. Returns the claims by
    id."""
    if status is not None:
        _choice(status, ("submitted", "approved", "paid"), "status")
    return [_claim(state, cid) for cid, c in sorted(state.claims.items()) if status is None or c["status"] == status]


@on_duty("finance")
def approve_expense(state: State, token: str, claim_id: str) -> float:
    """Approve a submitted expense claim. Returns the amount approved."""
    c = _get(state.claims, claim_id, "expense claim")
    if c["status"] != "submitted":
        raise RuntimeError(f"{claim_id} is {c['status']} already")
    c["status"] = "approved"
    return round(sum(i[1] for i in c["items"]), 2)


@on_duty("finance")
def bank_details(state: State, token: str, volunteer_id: str, account_name: str, sort_code: str,
                 account_number: str) -> BankDetails:
    """Record the bank account a volunteer's expenses are paid into. Returns the details as held, the account number
    shortened to its last four digits."""
    v = _get(state.volunteers, volunteer_id, "volunteer")
    if _blank(account_name):
        raise ValueError("account_name is required")
    if not isinstance(sort_code, str) or not re.fullmatch(r"\d{2}-\d{2}-\d{2}", sort_code.strip()):
        raise ValueError("a sort code is written 12-34-56")
    if not isinstance(account_number, str) or not re.fullmatch(r"\d{8}", account_number.strip()):
        raise ValueError("an account number is 8 digits")
    new = [account_name.strip(), sort_code.strip(), account_number.strip()]
    if v["bank"] == new:
        raise RuntimeError(f"those bank details are on file for {v['name']} already")
    v["bank"] = new
    return BankDetails(volunteer_id=volunteer_id, account_name=new[0], sort_code=new[1], account_ending=new[2][-4:])


@on_duty("finance")
def pay_expense(state: State, token: str, claim_id: str) -> str:
    """Pay an approved expense claim into the volunteer's bank account. Returns a sentence with the payment's
    reference."""
    c = _get(state.claims, claim_id, "expense claim")
    v = state.volunteers[c["volunteer"]]
    if c["status"] == "paid":
        raise RuntimeError(f"{claim_id} is paid already")
    if c["status"] != "approved":
        raise RuntimeError(f"{claim_id} is {c['status']}; a claim is paid once approved")
    if v["bank"] is None:
        raise RuntimeError(f"no bank details are on file for {v['name']}")
    c["status"] = "paid"
    ref = f"BACS-{_next(state, 'payment')}"
    return (f"Paid {sum(i[1] for i in c['items']):.2f} for {claim_id} to {v['bank'][0]} "
            f"(account ending {v['bank'][2][-4:]}), reference {ref}.")


TOOLS = [login, logout, centres, expense_codes, find_dog, dog_record, register_litter, microchip, record_vaccination,
         health_screen, withdraw_dog, find_volunteer, register_volunteer, home_check, place_puppy, end_placement,
         placements, visit_report, trainers, start_training, record_assessment, qualify_dog, set_matching,
         find_client, register_client, assess_client, add_to_waiting_list, waiting_list, propose_match,
         record_trial_walk, start_team_training, sign_agreement, qualify_partnership, aftercare_visit, retire_dog,
         submit_expense, expense_claims, approve_expense, bank_details, pay_expense]

FIXTURES = {
    "charity": "Hallamford Assistance Dogs: the Hallamford Centre (guide and hearing dogs) and the Oddleigh "
               "Centre (mobility and autism assistance dogs)",
    "today": "Thursday 15 May 2053, 09:00",
    "staff": [
        {"name": "Nerys Gwilliam", "role": "puppy coordinator", "username": "nerys.g", "password": "Whelping-Box-34"},
        {"name": "Ianto Bevan", "role": "health team", "username": "ianto.b", "password": "Hip-Score-71"},
        {"name": "Eirlys Meredith", "role": "trainer (Hallamford)", "username": "eirlys.m",
         "password": "Kerb-Stop-26"},
        {"name": "Caradog Prys", "role": "client services", "username": "caradog.p", "password": "Trial-Walk-53"},
        {"name": "Siwan Elias", "role": "finance", "username": "siwan.e", "password": "Food-Claim-88"},
        {"name": "Heledd Wynne", "role": "centre manager", "username": "heledd.w", "password": "Harness-Up-19"},
    ],
    "new_volunteer": {"name": "Osian Llywelyn", "address": "2 Pen y Bont, Hallam", "postcode": "HM5 1PB",
                      "phone": "07700 900177", "email": "osian.llywelyn@example.net", "role": "puppy raiser"},
    "new_client": {"name": "Morfudd Huws", "address": "11 Glan yr Afon, Hallam", "postcode": "HM4 2GA",
                   "phone": "07700 900288", "need": "a hearing dog"},
    "notes": [
        "Marram whelped five pups yesterday to Hallamford Tarian: Aeron, Banw and Cennen (dogs) and Dyfi and "
        "Elan (bitches)",
        "Quaver comes back from Mair Penri today for formal training with Eirlys; his hip scores came back 5/6 "
        "and his elbows 0, which the health team has still to enter",
        "Quill comes back from Deiniol Powell today too; her screening is on file",
        "Sedge is eight weeks old and needs his microchip (956000012392218) and first DHP vaccination from the "
        "centre vet, Ms Angharad Gruffudd, before he goes to Iolo Parry",
        "Delyth Rowlands's home check went well: a secure garden and no other dogs; Sidan can go to her",
        "Ripple takes his final assessment with Eirlys this morning; if he passes he qualifies as a guide dog and "
        "should be offered to Angharad Vaughan, the longest waiting for a guide dog at Hallamford",
        "Nia Ifans walked with Wicket yesterday and wants to go ahead; team training starts on Monday 19 May",
        "Rhodri Bowen's parents have signed the partnership agreement for him and Nutmeg",
        "Tomos Griffiths, assessed last month for a hearing dog, is to go on the Hallamford waiting list",
        "Elin Meyrick-Hughes's assessment visit found her suitable for a mobility dog; she will wait at Oddleigh",
        "Euan Llewellyn's annual aftercare visit is today: Cobnut is working well",
        "Sorrel, qualified at Oddleigh, has become nervous of traffic and is to change career",
        "Mair Penri's April claim is in; Deiniol Powell's March claim was approved last week",
        "Iolo Parry's bank details: I Parry, sort code 20-56-14, account 70318842",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of login)"
PUBLIC = ("login", "centres", "expense_codes")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
DOG_CONSUMERS = ["microchip", "record_vaccination", "place_puppy", "health_screen", "start_training",
                 "record_assessment", "qualify_dog", "set_matching", "withdraw_dog", "propose_match",
                 "register_litter"]
VOLUNTEER_CONSUMERS = ["home_check", "place_puppy", "submit_expense", "bank_details"]
PLACEMENT_CONSUMERS = ["end_placement", "visit_report"]
CLIENT_CONSUMERS = ["assess_client", "add_to_waiting_list", "propose_match"]
MATCH_CONSUMERS = ["record_trial_walk", "start_team_training", "sign_agreement", "qualify_partnership"]
PARTNERSHIP_CONSUMERS = ["aftercare_visit", "retire_dog"]
CLAIM_CONSUMERS = ["approve_expense", "pay_expense"]
_DOG = "id lookup: dog (dog_id of a find_dog entry)"
_VOLUNTEER = ("id lookup/create: volunteer (volunteer_id of register_volunteer's volunteer, or of a find_volunteer "
              "entry)")
_PLACEMENT = "id lookup/create: placement (placement_id of place_puppy's placement, or of a placements entry)"
_CLIENT = "id lookup/create: client (client_id of register_client's client, or of a find_client entry)"
_MATCH = "id lookup/create: match (match_id of propose_match's match, or the match_id of a find_client entry)"
_PARTNERSHIP = ("id lookup/create: partnership (partnership_id of qualify_partnership's, or of a find_client "
                "entry)")
_CLAIM = "id lookup/create: expense claim (claim_id of submit_expense's claim, or of an expense_claims entry)"

GROUND_TRUTH = (
    [("login", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_dog", c, _DOG) for c in DOG_CONSUMERS]
    + [("find_volunteer|register_volunteer", c, _VOLUNTEER) for c in VOLUNTEER_CONSUMERS]
    + [("place_puppy|placements", c, _PLACEMENT) for c in PLACEMENT_CONSUMERS]
    + [("find_client|register_client", c, _CLIENT) for c in CLIENT_CONSUMERS]
    + [("propose_match|find_client", c, _MATCH) for c in MATCH_CONSUMERS]
    + [("qualify_partnership|find_client", c, _PARTNERSHIP) for c in PARTNERSHIP_CONSUMERS]
    + [("submit_expense|expense_claims", c, _CLAIM) for c in CLAIM_CONSUMERS]
    + [
        ("find_dog|register_litter", "dog_record",
         "id lookup/create: dog (dog_id of a find_dog entry, or the first column of a register_litter pup row)"),
        ("trainers", "start_training", "id lookup: trainer (the first column of a trainers row)"),
        ("centres", "start_training", "vocabulary: the centre codes (the first column of a centres row)"),
        ("centres", "add_to_waiting_list", "vocabulary: the centre codes (the first column of a centres row)"),
        ("expense_codes", "submit_expense", "vocabulary: the expense codes (the first column of an expense row)"),
        ("home_check", "place_puppy", "vetting: the puppy raiser's home checked and found suitable"),
        ("assess_client", "add_to_waiting_list", "vetting: the client assessed and found suitable"),
        ("health_screen", "start_training", "document: the dog's hip and elbow scores on file"),
        ("sign_agreement", "qualify_partnership", "document: the partnership agreement signed"),
        ("bank_details", "pay_expense", "payment: the volunteer's bank account on file to pay into"),
        ("microchip", "place_puppy", "state: the puppy microchipped"),
        ("record_vaccination", "place_puppy", "state: the puppy's first DHP vaccination given"),
        ("end_placement", "start_training", "state: the dog back from its puppy raiser"),
        ("start_training", "record_assessment", "state: the dog in formal training"),
        ("record_assessment", "qualify_dog", "state: the final assessment passed"),
        ("qualify_dog", "set_matching", "state: the dog qualified"),
        ("add_to_waiting_list", "propose_match", "state: the client on a centre's waiting list"),
        ("record_trial_walk", "start_team_training", "state: the trial walk accepted"),
        ("record_trial_walk", "sign_agreement", "state: the trial walk accepted"),
        ("start_team_training", "qualify_partnership", "state: the team training begun"),
        ("approve_expense", "pay_expense", "state: the claim approved"),
        ("place_puppy", "submit_expense", "state: a puppy placed with the volunteer in the month claimed"),
        ("set_matching", "propose_match", "setting: the dog available for matching"),
    ]
)

# every pair the proofs make real (the later call fails when the earlier one is dropped) that is not designed: each
# lies two or more designed pairs along a chain (a dog, a volunteer, a client, a match, a claim), or reads an id that
# another list shows
ALONG_THE_CHAINS = {
    ('add_to_waiting_list', 'aftercare_visit'), ('add_to_waiting_list', 'qualify_partnership'),
    ('add_to_waiting_list', 'record_trial_walk'), ('add_to_waiting_list', 'sign_agreement'),
    ('add_to_waiting_list', 'start_team_training'), ('assess_client', 'propose_match'),
    ('centres', 'aftercare_visit'), ('centres', 'propose_match'), ('centres', 'qualify_partnership'),
    ('centres', 'record_assessment'), ('centres', 'record_trial_walk'), ('centres', 'sign_agreement'),
    ('centres', 'start_team_training'), ('end_placement', 'record_assessment'),
    ('expense_codes', 'approve_expense'), ('expense_codes', 'pay_expense'), ('find_dog', 'aftercare_visit'),
    ('find_dog', 'approve_expense'), ('find_dog', 'end_placement'), ('find_dog', 'pay_expense'),
    ('find_dog', 'qualify_partnership'), ('find_dog', 'record_trial_walk'), ('find_dog', 'sign_agreement'),
    ('find_dog', 'start_team_training'), ('find_dog', 'submit_expense'), ('find_dog', 'visit_report'),
    ('find_volunteer', 'approve_expense'), ('find_volunteer', 'end_placement'), ('find_volunteer', 'pay_expense'),
    ('find_volunteer', 'record_assessment'), ('find_volunteer', 'start_training'),
    ('find_volunteer', 'visit_report'), ('home_check', 'end_placement'), ('home_check', 'submit_expense'),
    ('home_check', 'visit_report'), ('place_puppy', 'approve_expense'), ('place_puppy', 'pay_expense'),
    ('placements', 'record_assessment'), ('placements', 'start_training'), ('propose_match', 'aftercare_visit'),
    ('qualify_dog', 'propose_match'), ('record_assessment', 'propose_match'), ('record_assessment', 'set_matching'),
    ('record_trial_walk', 'aftercare_visit'), ('record_trial_walk', 'qualify_partnership'),
    ('sign_agreement', 'aftercare_visit'), ('sign_agreement', 'retire_dog'),
    ('start_team_training', 'aftercare_visit'), ('trainers', 'record_assessment'),
    ('waiting_list', 'propose_match'),
}
_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_DOG_SHOWN = ("find_dog", "dog_record", "register_litter", "microchip", "record_vaccination", "health_screen",
              "placements", "place_puppy", "start_training", "record_assessment", "qualify_dog", "set_matching",
              "propose_match", "record_trial_walk", "start_team_training", "sign_agreement", "qualify_partnership")
_VOLUNTEER_SHOWN = ("find_volunteer", "register_volunteer", "home_check", "placements", "place_puppy",
                    "dog_record", "expense_claims", "submit_expense", "bank_details")
_CLIENT_SHOWN = ("find_client", "register_client", "assess_client", "add_to_waiting_list", "waiting_list",
                 "propose_match", "record_trial_walk", "start_team_training", "sign_agreement",
                 "qualify_partnership")
_MATCH_SHOWN = ("propose_match", "find_client", "record_trial_walk", "start_team_training", "sign_agreement")
_PLACEMENT_SHOWN = ("place_puppy", "placements", "dog_record")
PLAUSIBLE = (
    # ids shown in other lists and records: dogs on placements, matches and partnerships; volunteers on placements,
    # dogs' records and claims; clients on the waiting list and on matches; matches and partnerships on clients;
    # placements on dogs' records; trainers' centres
    {(p, c) for p in _DOG_SHOWN for c in DOG_CONSUMERS + ["dog_record"]}
    | {(p, c) for p in _VOLUNTEER_SHOWN for c in VOLUNTEER_CONSUMERS}
    | {(p, c) for p in _CLIENT_SHOWN for c in CLIENT_CONSUMERS}
    | {(p, c) for p in _MATCH_SHOWN for c in MATCH_CONSUMERS}
    | {(p, c) for p in ("qualify_partnership", "find_client") for c in PARTNERSHIP_CONSUMERS}
    | {(p, c) for p in _PLACEMENT_SHOWN for c in PLACEMENT_CONSUMERS}
    | {(p, c) for p in ("submit_expense", "expense_claims") for c in CLAIM_CONSUMERS}
    | {("trainers", "add_to_waiting_list"), ("find_dog", "start_training"), ("dog_record", "start_training")}
    | ALONG_THE_CHAINS
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("register_litter", "microchip", "record_vaccination", "health_screen", "place_puppy",
                        "end_placement", "start_training", "record_assessment", "qualify_dog", "set_matching",
                        "withdraw_dog", "propose_match", "qualify_partnership", "retire_dog")
       for c in ("find_dog", "dog_record")}
    | {(p, "find_volunteer") for p in ("register_volunteer", "home_check", "place_puppy", "end_placement",
                                       "bank_details")}
    | {(p, "placements") for p in ("place_puppy", "end_placement")}
    | {(p, "find_client") for p in ("register_client", "assess_client", "add_to_waiting_list", "propose_match",
                                    "record_trial_walk", "qualify_partnership", "retire_dog")}
    | {(p, "waiting_list") for p in ("add_to_waiting_list", "propose_match", "record_trial_walk", "retire_dog")}
    | {(p, "expense_claims") for p in ("submit_expense", "approve_expense", "pay_expense")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
