"""Furlong: the racing administration system of the Wessex and Downs Racing Board (36 calls).

Async functions without a decorator, each checking its own session and role, over an in-memory ``State`` of a
regional racing board on Wednesday 14 April 2049 at 12:50, a race day at Larkhollow. The licensing office registers
owners and their racing colours, registers horses with their trainers, records the horses' influenza vaccinations,
moves horses between trainers and keeps jockeys' medicals and licences. The entries desk enters horses in races,
books jockeys, declares runners (with their headgear) in the declarations window, withdraws entries and declares
non-runners. The clerk of the scales weighs jockeys out before a race and in after it, records the judge's result and
confirms it (the "weighed in"). The stewards open enquiries, record their decisions and suspend jockeys. Finance keeps
owners' accounts, takes payments (an owner on the forfeit list may not enter a horse) and pays prize money. The
racing secretary may do everything. The race programme and the headgear codes are public.

Every call answers with a dataclass, a list of them, bare rows, a bare value or a sentence; a refusal raises a
built-in exception: ``PermissionError`` (no session, or the wrong role), ``LookupError`` (an unknown id or code),
``ValueError`` (a bad input, or a rule of racing) and ``RuntimeError`` (a record in the wrong state, or a change made
already). Each tool checks its own session and role first (``_session(state, token, ENTRIES)``); three calls are
public (``sign_in``, ``race_programme``, ``headgear_codes``).

Annotations are spelled with ``typing`` and evaluated at definition (``Optional[str]``, ``List[str]``,
``List[List[Any]]``, ``Union[...]``, ``Literal`` aliases, ``Enum``s). reST docstrings (``:param:``, ``:returns:``,
``:raises:``). Replies are dataclasses and lists of them (a session, races, a race card with its runners as rows,
owners, an owner's account with its ledger as rows, trainers, horses with their vaccinations and runs as rows,
jockeys, a medical, entries, a result with its placings as rows, enquiries); the headgear codes and the jockeys
available as bare rows; a bare value (an account's balance after a payment); sentences with an id in them (a sign-out,
an entry withdrawn, a non-runner, a jockey weighed out or in, prize money paid, a message). Typed inputs: two plain
``Enum`` inputs (``Sex``, ``Offence``), two ``str`` ``Enum`` inputs (``Vaccine``, ``PayMethod``), ``Literal`` inputs
(a licence, a stewards' outcome) and a ``Literal`` filter (the programme's race type), ``List[str]`` headgear and
placings, ``bool`` a medical's verdict and a filter, ``int`` a foaling year and days, ``float`` amounts, weights
written stones-pounds (``9-7``), ``Optional[str]`` details and filters. Ids look alike: owner ``OW-3302``, trainer
``TR-42``, horse ``HR-20431``, jockey ``JK-214``, race ``RC-6201``, entry ``EN-88431``, enquiry ``SE-73``, payment
``PM-5501``, message ``MSG-810``. The headgear codes are shown only by their public list; the declarations window,
the vaccination rule, the medical's age, the weight's form and tolerance, the horse name's length, the ages a race is
for, the suspension's length and the forfeit list are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Dict, List, Literal, Optional

TODAY = "2049-04-14"  # a Wednesday, racing at Larkhollow
NOW = "2049-04-14 12:50"
LICENSING = ("licensing",)
ENTRIES = ("entries",)
SCALES = ("scales",)
STEWARDS = ("stewards",)
FINANCE = ("finance",)
Licence = Literal["flat", "jump", "flat_and_jump"]
StewardsOutcome = Literal["result_stands", "placings_altered"]
RaceType = Literal["flat", "hurdle", "chase"]


class Sex(Enum):
    COLT = "colt"
    FILLY = "filly"
    GELDING = "gelding"
    MARE = "mare"
    STALLION = "stallion"


class Offence(Enum):
    CARELESS_RIDING = "careless_riding"
    IMPROPER_RIDING = "improper_riding"
    WHIP_USE = "whip_use"
    FAILING_TO_RIDE_OUT = "failing_to_ride_out"


class Vaccine(str, Enum):
    INFLUENZA = "influenza"
    INFLUENZA_TETANUS = "influenza_tetanus"


class PayMethod(str, Enum):
    CARD = "card"
    BANK_TRANSFER = "bank_transfer"
    CHEQUE = "cheque"


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str


@dataclass
class Race:
    race_id: str
    date: str
    time: str
    course: str
    name: str
    race_type: str
    distance: str
    race_class: int
    weight: str
    entry_fee: float
    prize_money: List[float]
    race_status: str


@dataclass
class RaceCard:
    race: Race
    runners: List[List[Any]]


@dataclass
class Owner:
    owner_id: str
    name: str
    address: str
    phone: Optional[str]
    email: Optional[str]
    colours: Optional[str]
    on_forfeit_list: bool


@dataclass
class Account:
    owner_id: str
    name: str
    balance: float
    on_forfeit_list: bool
    ledger: List[List[Any]]


@dataclass
class Trainer:
    trainer_id: str
    name: str
    yard: str
    horses: List[List[Any]]


@dataclass
class Horse:
    horse_id: str
    name: str
    sex: str
    foaled: int
    sire: str
    dam: str
    owner_id: str
    owner: str
    trainer_id: str
    trainer: str
    vaccinations: List[List[Any]] = field(default_factory=list)
    runs: List[List[Any]] = field(default_factory=list)


@dataclass
class Jockey:
    jockey_id: str
    name: str
    licence: Optional[str]
    licence_expires: Optional[str]
    lowest_weight: str
    suspended_until: Optional[str]


@dataclass
class Medical:
    jockey_id: str
    name: str
    examined_on: str
    doctor: str
    fit: bool


@dataclass
class Entry:
    entry_id: str
    race_id: str
    race: str
    horse_id: str
    horse: str
    owner: str
    weight: str
    jockey_id: Optional[str]
    jockey: Optional[str]
    headgear: List[str]
    entry_status: str


@dataclass
class Result:
    race_id: str
    race: str
    placings: List[List[Any]]
    result_status: str


@dataclass
class Enquiry:
    enquiry_id: str
    race_id: str
    race: str
    subject: str
    enquiry_status: str
    outcome: Optional[str]
    notes: Optional[str]
    penalties: List[List[Any]]


# --------------------------------------------------------------------------- the board's state

HEADGEAR = [["b", "blinkers"], ["v", "visor"], ["h", "hood"], ["p", "cheekpieces"], ["t", "tongue strap"],
            ["e/s", "eyeshield"]]


def _race(date: str, time: str, course: str, name: str, kind: str, distance: str, klass: int, weight: str,
          fee: float, prize: List[float], min_age: int, status: str) -> Dict[str, Any]:
    return {"date": date, "time": time, "course": course, "name": name, "type": kind, "distance": distance,
            "class": klass, "weight": weight, "fee": fee, "prize": prize, "min_age": min_age, "status": status,
            "placings": [], "paid": None}


def _entry(race: str, horse: str, weight: str, jockey: Optional[str], status: str,
           **more: Any) -> Dict[str, Any]:
    row = {"race": race, "horse": horse, "weight": weight, "jockey": jockey, "headgear": [], "status": status,
           "out": None, "in": None}
    row.update(more)
    return row


class State:
    """The Wessex and Downs Racing Board's racing system on Wednesday 14 April 2049 at 12:50."""

    def __init__(self) -> None:
        self.staff = {
            "hyacinth.t": {"name": "Hyacinth Trevorrow", "password": "Silks-Register-22", "role": "licensing"},
            "crispin.a": {"name": "Crispin Ambrey", "password": "Overnight-Decs-64", "role": "entries"},
            "morwenna.k": {"name": "Morwenna Kittredge", "password": "Saddle-Cloth-18", "role": "scales"},
            "ptolemy.w": {"name": "Ptolemy Wyndlesham", "password": "Head-On-Film-35", "role": "stewards"},
            "ermengarde.f": {"name": "Ermengarde Fenchurch", "password": "Prize-Fund-71", "role": "finance"},
            "augustin.r": {"name": "Augustin Rowsell", "password": "Racing-Calendar-09", "role": "secretary"},
        }
        self.logins: Dict[str, Dict[str, Any]] = {}
        self.owners = {  # owner -> name, address, phone, email, colours
            "OW-3301": ["Ingleby Racing Partnership", "The Old Wheelwright's, Ingleby Ferrers IP3 2LW", "01632 970211",
                        "syndicate@ingleby-racing.example", "Emerald green, white sash, quartered cap"],
            "OW-3302": ["Mrs Cordelia Pinnegar", "Windlestraw House, Wenlow Down WD6 1QA", "01632 970388",
                        None, "Purple, yellow chevrons, yellow cap"],
            "OW-3303": ["Sir Roderick Pybus", "Pybus Court, Stourleigh SL4 7EN", "01632 970445",
                        "office@pybuscourt.example", "Navy, red braces, red cap"],
            "OW-3304": ["Guillemot Thoroughbreds Ltd", "Unit 9, Eelgrass Business Park, Brackwater BW2 5TF",
                        "01632 970562", "racing@guillemot-tb.example", "White, black hoops, black cap"],
        }
        self.ledger = {  # owner -> rows [date, reference, description, debit, credit]
            "OW-3301": [["2049-03-02", "EN-88120", "Entry fee", 40.0, 0.0], ["2049-03-10", "PM-5488", "Payment",
                                                                               0.0, 250.0]],
            "OW-3302": [["2049-02-11", "EN-87966", "Entry fee", 45.0, 0.0], ["2049-02-25", "EN-88014", "Entry fee",
                                                                              40.0, 0.0]],
            "OW-3303": [["2049-03-28", "PM-5497", "Payment", 0.0, 500.0]],
            "OW-3304": [["2049-03-30", "PM-5499", "Payment", 0.0, 300.0]],
        }
        self.forfeit = {"OW-3302"}
        self.trainers = {  # trainer -> name, yard
            "TR-41": ["Caspar Ruddle", "Hurstcombe Stables, Wenlow Down"],
            "TR-42": ["Honor Bastable", "Nettlebed Farm, Stourleigh"],
            "TR-43": ["Bertrand Muscroft", "Windwhistle Yard, Larkhollow"],
        }
        self.horses = {  # horse -> name, sex, foaled, sire, dam, owner, trainer, vaccinations [date, vaccine, vet]
            "HR-20401": ["Sorrel Beacon", "gelding", 2045, "Candlewick Hill", "Sorrel Queen", "OW-3301", "TR-41",
                         [["2048-12-01", "influenza", "Hurstcombe Equine Vets"]]],
            "HR-20402": ["Wintergreen Lass", "filly", 2046, "Evergreen", "Lassie Loch", "OW-3303", "TR-43",
                         [["2048-11-20", "influenza", "Larkhollow Equine"]]],
            "HR-20403": ["Cobnut Rally", "colt", 2046, "Rallying Cry", "Filbert Copse", "OW-3304", "TR-42",
                         [["2049-01-15", "influenza", "Stourleigh Vets"]]],
            "HR-20404": ["Osprey Staithe", "gelding", 2044, "Riding Light", "Staithe Lass", "OW-3301", "TR-43",
                         [["2048-12-22", "influenza_tetanus", "Larkhollow Equine"]]],
            "HR-20405": ["Tumbledown Dick", "gelding", 2043, "Tumbling Sluice", "Dixie Belle", "OW-3303", "TR-41",
                         [["2049-02-02", "influenza", "Hurstcombe Equine Vets"]]],
            "HR-20406": ["Harebell Way", "filly", 2046, "Bluebell Wood", "Wayfarer's Song", "OW-3304", "TR-41",
                         [["2048-12-09", "influenza", "Hurstcombe Equine Vets"]]],
            "HR-20407": ["Pantiles", "gelding", 2044, "Roof Garden", "Terracotta", "OW-3302", "TR-42",
                         [["2048-11-03", "influenza", "Stourleigh Vets"]]],
            "HR-20408": ["Gorse Fire", "colt", 2046, "Burning Bush", "Yellow Furze", "OW-3301", "TR-43",
                         [["2049-01-30", "influenza", "Larkhollow Equine"]]],
            "HR-20409": ["Glasswort Boy", "gelding", 2043, "Tideway", "Saltmarsh Samphire", "OW-3304", "TR-42",
                         [["2048-12-18", "influenza", "Stourleigh Vets"]]],
            "HR-20410": ["Lady Lapwing", "mare", 2043, "Peewit", "Lady Plover", "OW-3303", "TR-41",
                         [["2049-02-14", "influenza", "Hurstcombe Equine Vets"]]],
            "HR-20431": ["Scabbard Bay", "gelding", 2045, "Swordplay", "Bay of Quills", "OW-3302", "TR-42",
                         [["2048-09-20", "influenza", "Stourleigh Vets"]]],
            "HR-20432": ["Tidewrack", "colt", 2046, "Tideway", "Wrack Line", "OW-3303", "TR-43",
                         [["2048-10-30", "influenza", "Larkhollow Equine"]]],
            "HR-20433": ["Brisk Tern", "filly", 2046, "Arctic Tern", "Brisk Morning", "OW-3301", "TR-41",
                         [["2049-01-08", "influenza", "Hurstcombe Equine Vets"]]],
            "HR-20434": ["Whinchat Flyer", "gelding", 2044, "High Flyer", "Whinchat Rose", "OW-3304", "TR-43",
                         [["2048-12-12", "influenza", "Larkhollow Equine"]]],
        }
        self.jockeys = {  # jockey -> name, licence, expires, lowest weight, suspended until
            "JK-211": ["Fintan Coakley", "flat", "2049-12-31", "8-6", None],
            "JK-212": ["Saoirse Lanigan", "flat", "2049-12-31", "8-3", None],
            "JK-213": ["Ruairi Devane", "flat_and_jump", "2049-03-31", "9-1", None],
            "JK-214": ["Keturah Blevins", "flat", "2049-12-31", "8-5", None],
            "JK-215": ["Jago Trewin", "flat", "2049-12-31", "8-9", None],
            "JK-216": ["Dulcie Quartermaine", "flat", "2049-12-31", "8-0", None],
            "JK-217": ["Lachlan Brophy", "flat", "2049-12-31", "8-11", "2049-04-18"],
        }
        self.medicals: Dict[str, List[Any]] = {"JK-213": ["2048-03-20", "Dr Kimberlin", True]}
        self.races = {
            "RC-6101": _race(TODAY, "13:00", "Larkhollow", "Lapwing Maiden Stakes", "flat", "1m", 5, "9-2", 40.0,
                             [5200.0, 1550.0, 775.0, 390.0], 3, "result_provisional"),
            "RC-6102": _race(TODAY, "13:35", "Larkhollow", "Sedgewick Handicap", "flat", "1m2f", 4, "9-7", 45.0,
                             [7400.0, 2200.0, 1100.0, 550.0], 4, "declared"),
            "RC-6103": _race(TODAY, "14:10", "Larkhollow", "Ploughman's Novice Stakes", "flat", "6f", 5, "9-0",
                             40.0, [5200.0, 1550.0, 775.0, 390.0], 3, "declared"),
            "RC-6201": _race("2049-04-16", "14:00", "Brackwater Park", "Brackwater Maiden Stakes", "flat", "1m", 5,
                             "9-4", 40.0, [5200.0, 1550.0, 775.0, 390.0], 3, "open"),
            "RC-6202": _race("2049-04-16", "14:35", "Brackwater Park", "Burdock Handicap", "flat", "7f", 4, "9-6",
                             45.0, [7400.0, 2200.0, 1100.0, 550.0], 3, "open"),
            "RC-6301": _race("2049-04-21", "13:15", "Larkhollow", "Spring Meadow Stakes", "flat", "1m4f", 3, "9-3",
                             55.0, [9900.0, 2950.0, 1480.0, 740.0], 3, "open"),
        }
        self.races["RC-6101"]["placings"] = ["EN-88401", "EN-88403", "EN-88402", "EN-88405"]
        self.entries = {
            "EN-88401": _entry("RC-6101", "HR-20401", "9-2", "JK-211", "ran", out="9-2", **{"in": "9-2"}),
            "EN-88402": _entry("RC-6101", "HR-20402", "9-2", "JK-212", "ran", out="9-2", **{"in": "9-2"}),
            "EN-88403": _entry("RC-6101", "HR-20403", "9-2", "JK-215", "ran", out="9-2", **{"in": "9-2"}),
            "EN-88404": _entry("RC-6101", "HR-20408", "9-2", "JK-214", "ran", out="9-2"),
            "EN-88405": _entry("RC-6101", "HR-20406", "9-2", "JK-216", "ran", out="9-2"),
            "EN-88411": _entry("RC-6102", "HR-20404", "9-7", "JK-215", "weighed_out", out="9-7"),
            "EN-88412": _entry("RC-6102", "HR-20405", "9-7", "JK-212", "weighed_out", out="9-7"),
            "EN-88413": _entry("RC-6102", "HR-20407", "9-7", "JK-214", "weighed_out", out="9-7"),
            "EN-88414": _entry("RC-6102", "HR-20409", "9-7", "JK-211", "weighed_out", out="9-7"),
            "EN-88415": _entry("RC-6102", "HR-20410", "9-7", "JK-216", "declared"),
            "EN-88421": _entry("RC-6103", "HR-20433", "9-0", "JK-211", "declared"),
            "EN-88422": _entry("RC-6103", "HR-20432", "9-0", "JK-212", "declared"),
            "EN-88423": _entry("RC-6103", "HR-20403", "9-0", "JK-215", "declared"),
            "EN-88431": _entry("RC-6201", "HR-20431", "9-4", "JK-214", "entered"),
            "EN-88432": _entry("RC-6201", "HR-20432", "9-4", None, "entered"),
            "EN-88433": _entry("RC-6201", "HR-20433", "9-4", "JK-216", "declared"),
            "EN-88441": _entry("RC-6202", "HR-20434", "9-6", "JK-215", "entered"),
            "EN-88442": _entry("RC-6202", "HR-20405", "9-6", "JK-211", "declared"),
        }
        self.enquiries = {  # enquiry -> race, subject, status, outcome, notes, penalties
            "SE-73": ["RC-6101", "Interference a furlong out: Cobnut Rally (Jago Trewin) hung left into Wintergreen "
                                 "Lass", "open", None, None, []],
        }
        self.payments: List[List[Any]] = []
        self.messages: List[List[Any]] = []
        self.counters = {"owner": 3305, "horse": 20435, "entry": 88450, "enquiry": 74, "payment": 5501,
                         "message": 810}


# --------------------------------------------------------------------------- helpers


def _session(state: Any, token: Any, roles: tuple = ()) -> Dict[str, Any]:
    """The signed-in user of ``token`` whose role is one of ``roles`` (the racing secretary may do everything; no
    roles: anyone signed in), else ``PermissionError``."""
    login = state.logins.get(token) if isinstance(token, str) else None
    if login is None:
        raise PermissionError("not signed in, or the session has ended; sign in first")
    if roles and login["role"] != "secretary" and login["role"] not in roles:
        raise PermissionError(f"{login['name']} ({login['role']}) may not do this")
    return login


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _get(table: Dict[str, Any], key: Any, what: str) -> Any:
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


def _pounds(weight: Any, name: str) -> int:
    """A weight written stones-pounds (``9-7``) in pounds."""
    m = re.fullmatch(r"(\d{1,2})-(\d{1,2})", weight.strip()) if isinstance(weight, str) else None
    if m is None or int(m.group(2)) > 13:
        raise ValueError(f"{name} is written in stones and pounds, as 9-7, not {weight!r}")
    return int(m.group(1)) * 14 + int(m.group(2))


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        raise ValueError(f"{name} is one of {', '.join(m.value for m in kind)}, not {value!r}") from None


def _choice(value: Any, allowed: tuple, name: str) -> str:
    if value not in allowed:
        raise ValueError(f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _balance(state: State, oid: str) -> float:
    return round(sum(r[4] - r[3] for r in state.ledger.get(oid, [])), 2)


def _race_reply(state: State, rid: str) -> Race:
    r = state.races[rid]
    return Race(race_id=rid, date=r["date"], time=r["time"], course=r["course"], name=r["name"], race_type=r["type"],
                distance=r["distance"], race_class=r["class"], weight=r["weight"], entry_fee=r["fee"],
                prize_money=list(r["prize"]), race_status=r["status"])


def _owner(state: State, oid: str) -> Owner:
    o = state.owners[oid]
    return Owner(owner_id=oid, name=o[0], address=o[1], phone=o[2], email=o[3], colours=o[4],
                 on_forfeit_list=oid in state.forfeit)


def _account(state: State, oid: str) -> Account:
    rows, running = [], 0.0
    for date, ref, what, debit, credit in state.ledger.get(oid, []):
        running = round(running + credit - debit, 2)
        rows.append([date, ref, what, debit, credit, running])
    return Account(owner_id=oid, name=state.owners[oid][0], balance=_balance(state, oid),
                   on_forfeit_list=oid in state.forfeit, ledger=rows)


def _horse(state: State, hid: str) -> Horse:
    h = state.horses[hid]
    runs = [[e["race"], state.races[e["race"]]["date"], state.races[e["race"]]["name"],
             (state.races[e["race"]]["placings"].index(eid) + 1) if eid in state.races[e["race"]]["placings"]
             else None] for eid, e in sorted(state.entries.items()) if e["horse"] == hid and e["status"] == "ran"]
    return Horse(horse_id=hid, name=h[0], sex=h[1], foaled=h[2], sire=h[3], dam=h[4], owner_id=h[5],
                 owner=state.owners[h[5]][0], trainer_id=h[6], trainer=state.trainers[h[6]][0],
                 vaccinations=[list(v) for v in h[7]], runs=runs)


def _jockey(state: State, jid: str) -> Jockey:
    j = state.jockeys[jid]
    return Jockey(jockey_id=jid, name=j[0], licence=j[1], licence_expires=j[2], lowest_weight=j[3],
                  suspended_until=j[4])


def _entry_reply(state: State, eid: str) -> Entry:
    e = state.entries[eid]
    h = state.horses[e["horse"]]
    return Entry(entry_id=eid, race_id=e["race"], race=state.races[e["race"]]["name"], horse_id=e["horse"],
                 horse=h[0], owner=state.owners[h[5]][0], weight=e["weight"], jockey_id=e["jockey"],
                 jockey=state.jockeys[e["jockey"]][0] if e["jockey"] else None, headgear=list(e["headgear"]),
                 entry_status=e["status"])


def _result(state: State, rid: str) -> Result:
    r = state.races[rid]
    rows = []
    for i, eid in enumerate(r["placings"], 1):
        e = state.entries[eid]
        rows.append([i, eid, state.horses[e["horse"]][0], state.jockeys[e["jockey"]][0] if e["jockey"] else None])
    return Result(race_id=rid, race=r["name"], placings=rows, result_status=r["status"])


def _enquiry(state: State, sid: str) -> Enquiry:
    s = state.enquiries[sid]
    return Enquiry(enquiry_id=sid, race_id=s[0], race=state.races[s[0]]["name"], subject=s[1], enquiry_status=s[2],
                   outcome=s[3], notes=s[4], penalties=[list(p) for p in s[5]])


def _decs_open(race: Dict[str, Any]) -> Optional[str]:
    """Why declarations for ``race`` are not open now, else None: they open two days before the race and close at
    10:00 the day before."""
    ahead = _days(TODAY, race["date"])
    if ahead > 2:
        return f"declarations for {race['date']} open two days before the race"
    if ahead < 1 or (ahead == 1 and NOW[11:] >= "10:00"):
        return f"declarations for {race['date']} closed at 10:00 the day before the race"
    return None


def _today_race(state: State, rid: Any) -> Dict[str, Any]:
    race = _get(state.races, rid, "race")
    if race["date"] != TODAY:
        raise RuntimeError(f"{rid} is run on {race['date']}, not today")
    return race


# --------------------------------------------------------------------------- sessions and the public lists


async def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the racing system.

    :param username: the user name, such as ``crispin.a``
    :param password: the password
    :returns: the session, with the token every call but the public ones needs
    :raises PermissionError: an unknown user name or a wrong password
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise PermissionError("unknown user name or wrong password")
    token = f"wdr-{username}-{len(state.logins) + 1}"
    state.logins[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"])


async def sign_out(state: State, token: str) -> str:
    """End a session.

    :param token: the session's token
    :returns: a sentence saying who signed out
    """
    _session(state, token)
    login = state.logins.pop(token)
    return f"Signed out {login['name']} at {NOW[11:]}."


async def race_programme(state: State, date: Optional[str] = None,
                         race_type: Optional[RaceType] = None) -> List[Race]:
    """The published race programme (public; no session needed).

    :param date: only the races run on this date, YYYY-MM-DD
    :param race_type: only ``flat``, ``hurdle`` or ``chase`` races
    :returns: the races, by race id, with their course, time, conditions, weight, entry fee, prize money and
        status (``open`` for entries, ``declared``, ``result_provisional`` or ``weighed_in``)
    """
    if date is not None:
        date = _date(date, "date")
    if race_type is not None:
        _choice(race_type, ("flat", "hurdle", "chase"), "race_type")
    return [_race_reply(state, rid) for rid, r in sorted(state.races.items())
            if date in (None, r["date"]) and race_type in (None, r["type"])]


async def headgear_codes() -> List[List[str]]:
    """The headgear a runner may be declared to wear (public; no session needed).

    :returns: rows ``[code, description]``; a declaration names its headgear by these codes
    """
    return [list(h) for h in HEADGEAR]


# --------------------------------------------------------------------------- owners and trainers


async def find_owner(state: State, token: str, name: str) -> List[Owner]:
    """Find registered owners by part of their name.

    :param token: the session's token
    :param name: what to look for
    :returns: the matching owners, by owner id, with their colours and whether they are on the forfeit list
    :raises ValueError: a blank name
    """
    _session(state, token)
    if _blank(name):
        raise ValueError("name is required")
    t = name.strip().lower()
    return [_owner(state, oid) for oid, o in sorted(state.owners.items()) if t in o[0].lower()]


async def register_owner(state: State, token: str, name: str, address: str, phone: Optional[str] = None,
                         email: Optional[str] = None) -> Owner:
    """Register a new owner (a person, a partnership or a company).

    :param token: the session's token
    :param name: the owner's name
    :param address: the postal address
    :param phone: a phone number
    :param email: an e-mail address
    :returns: the new owner, with no colours yet
    :raises RuntimeError: an owner of that name is registered already
    """
    _session(state, token, LICENSING)
    if _blank(name) or _blank(address):
        raise ValueError("name and address are required")
    if any(o[0].lower() == name.strip().lower() for o in state.owners.values()):
        raise RuntimeError(f"{name.strip()} is registered already")
    if any(v is not None and not isinstance(v, str) for v in (phone, email)):
        raise ValueError("phone and email are text")
    if email is not None and "@" not in email:
        raise ValueError(f"{email!r} is not an e-mail address")
    oid = f"OW-{_next(state, 'owner')}"
    state.owners[oid] = [name.strip(), address.strip(), phone, email, None]
    state.ledger[oid] = []
    return _owner(state, oid)


async def update_owner(state: State, token: str, owner_id: str, address: Optional[str] = None,
                       phone: Optional[str] = None, email: Optional[str] = None) -> Owner:
    """Change an owner's address or contact details.

    :param token: the session's token
    :param owner_id: the owner
    :param address: the new address
    :param phone: the new phone number
    :param email: the new e-mail address
    :returns: the owner as now recorded
    :raises RuntimeError: the owner has those details already
    """
    _session(state, token, LICENSING)
    o = _get(state.owners, owner_id, "owner")
    changes = {i: v.strip() for i, v in ((1, address), (2, phone), (3, email)) if isinstance(v, str) and v.strip()}
    if not changes:
        raise ValueError("give an address, phone or email to change")
    if 3 in changes and "@" not in changes[3]:
        raise ValueError(f"{changes[3]!r} is not an e-mail address")
    if all(o[i] == v for i, v in changes.items()):
        raise RuntimeError(f"{owner_id} has those details already")
    for i, v in changes.items():
        o[i] = v
    return _owner(state, owner_id)


async def register_colours(state: State, token: str, owner_id: str, colours: str) -> Owner:
    """Register an owner's racing colours (the silks their horses run in).

    :param token: the session's token
    :param owner_id: the owner
    :param colours: the colours described as the Board writes them (body, sleeves, cap)
    :returns: the owner with the colours
    :raises ValueError: colours another owner has registered
    :raises RuntimeError: the owner has those colours already
    """
    _session(state, token, LICENSING)
    o = _get(state.owners, owner_id, "owner")
    if _blank(colours):
        raise ValueError("colours are required")
    if o[4] == colours.strip():
        raise RuntimeError(f"{owner_id} has those colours already")
    if any(x[4] and x[4].lower() == colours.strip().lower() for k, x in state.owners.items() if k != owner_id):
        raise ValueError("those colours are registered to another owner")
    o[4] = colours.strip()
    return _owner(state, owner_id)


async def owner_account(state: State, token: str, owner_id: str) -> Account:
    """An owner's account with the Board.

    :param token: the session's token
    :param owner_id: the owner
    :returns: the balance (negative: the owner owes), whether the owner is on the forfeit list, and the ledger as
        rows ``[date, reference, description, debit, credit, balance]``
    """
    _session(state, token, FINANCE + ENTRIES)
    _get(state.owners, owner_id, "owner")
    return _account(state, owner_id)


async def pay_account(state: State, token: str, owner_id: str, amount: float, method: PayMethod) -> float:
    """Take a payment on an owner's account; an owner who no longer owes comes off the forfeit list.

    :param token: the session's token
    :param owner_id: the owner
    :param amount: the amount paid, in pounds
    :param method: ``card``, ``bank_transfer`` or ``cheque``
    :returns: the account's balance after the payment
    """
    _session(state, token, FINANCE)
    _get(state.owners, owner_id, "owner")
    how = _enum(PayMethod, method, "method")
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount <= 0:
        raise ValueError("amount is a positive amount")
    pid = f"PM-{_next(state, 'payment')}"
    state.ledger[owner_id].append([TODAY, pid, f"Payment by {how.value}", 0.0, round(float(amount), 2)])
    if _balance(state, owner_id) >= 0:
        state.forfeit.discard(owner_id)
    return _balance(state, owner_id)


async def find_trainer(state: State, token: str, name: str) -> List[Trainer]:
    """Find licensed trainers by part of their name.

    :param token: the session's token
    :param name: what to look for
    :returns: the matching trainers, by trainer id, with their yard and their horses as rows ``[horse id, name]``
    """
    _session(state, token)
    if _blank(name):
        raise ValueError("name is required")
    t = name.strip().lower()
    return [Trainer(trainer_id=tid, name=tr[0], yard=tr[1],
                    horses=[[hid, h[0]] for hid, h in sorted(state.horses.items()) if h[6] == tid])
            for tid, tr in sorted(state.trainers.items()) if t in tr[0].lower()]


async def message_trainer(state: State, token: str, trainer_id: str, subject: str, body: str) -> str:
    """Send a trainer a message through the Board's portal.

    :param token: the session's token
    :param trainer_id: the trainer
    :param subject: the subject line
    :param body: the message
    :returns: a sentence with the message's id
    """
    _session(state, token)
    tr = _get(state.trainers, trainer_id, "trainer")
    if _blank(subject) or _blank(body):
        raise ValueError("subject and body are required")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, trainer_id, subject.strip(), body.strip()])
    return f"Message {mid} sent to {tr[0]} at {tr[1]}."


# --------------------------------------------------------------------------- horses


async def find_horse(state: State, token: str, name: str) -> List[Horse]:
    """Find registered horses by part of their name.

    :param token: the session's token
    :param name: what to look for
    :returns: the matching horses, by horse id, with their owner, trainer, vaccinations and runs
    """
    _session(state, token)
    if _blank(name):
        raise ValueError("name is required")
    t = name.strip().lower()
    return [_horse(state, hid) for hid, h in sorted(state.horses.items()) if t in h[0].lower()]


async def register_horse(state: State, token: str, name: str, sex: Sex, foaled: int, sire: str, dam: str,
                         owner_id: str, trainer_id: str) -> Horse:
    """Register a horse in its owner's name with its trainer.

    :param token: the session's token
    :param name: the horse's registered name
    :param sex: ``colt``, ``filly``, ``gelding``, ``mare`` or ``stallion``
    :param foaled: the year the horse was foaled
    :param sire: the sire's name
    :param dam: the dam's name
    :param owner_id: the owner
    :param trainer_id: the trainer
    :returns: the new horse
    :raises ValueError: a name that is too long or taken
    """
    _session(state, token, LICENSING)
    if _blank(name) or _blank(sire) or _blank(dam):
        raise ValueError("name, sire and dam are required")
    what = _enum(Sex, sex, "sex")
    if isinstance(foaled, bool) or not isinstance(foaled, int) or not 2030 <= foaled <= 2048:
        raise ValueError("foaled is the year the horse was foaled, 2030 to 2048")
    _get(state.owners, owner_id, "owner")
    _get(state.trainers, trainer_id, "trainer")
    if len(name.strip()) > 18:
        raise ValueError("a racehorse's name is at most 18 characters, spaces included")
    if any(h[0].lower() == name.strip().lower() for h in state.horses.values()):
        raise RuntimeError(f"a horse named {name.strip()} is registered already")
    hid = f"HR-{_next(state, 'horse')}"
    state.horses[hid] = [name.strip(), what.value, foaled, sire.strip(), dam.strip(), owner_id, trainer_id, []]
    return _horse(state, hid)


async def horse_record(state: State, token: str, horse_id: str) -> Horse:
    """A horse's record.

    :param token: the session's token
    :param horse_id: the horse
    :returns: the horse with its vaccinations as rows ``[date, vaccine, vet]`` and its runs as rows ``[race id,
        date, race, position]``
    """
    _session(state, token)
    _get(state.horses, horse_id, "horse")
    return _horse(state, horse_id)


async def record_vaccination(state: State, token: str, horse_id: str, given_on: str, vaccine: Vaccine,
                             vet: str) -> Horse:
    """Record an influenza vaccination from the horse's passport.

    :param token: the session's token
    :param horse_id: the horse
    :param given_on: the date it was given, YYYY-MM-DD
    :param vaccine: ``influenza`` or ``influenza_tetanus``
    :param vet: the veterinary practice that gave it
    :returns: the horse with its vaccinations
    :raises RuntimeError: that vaccination is recorded already
    """
    _session(state, token, LICENSING + ENTRIES)
    h = _get(state.horses, horse_id, "horse")
    when = _date(given_on, "given_on")
    kind = _enum(Vaccine, vaccine, "vaccine")
    if _blank(vet):
        raise ValueError("vet is required")
    if when > TODAY:
        raise ValueError("given_on is not in the future")
    if any(v[0] == when for v in h[7]):
        raise RuntimeError(f"a vaccination on {when} is recorded already")
    h[7].append([when, kind.value, vet.strip()])
    h[7].sort()
    return _horse(state, horse_id)


async def transfer_horse(state: State, token: str, horse_id: str, trainer_id: str) -> Horse:
    """Move a horse to another trainer's yard.

    :param token: the session's token
    :param horse_id: the horse
    :param trainer_id: the new trainer
    :returns: the horse with its new trainer
    :raises RuntimeError: the horse is with that trainer already
    """
    _session(state, token, LICENSING)
    h = _get(state.horses, horse_id, "horse")
    _get(state.trainers, trainer_id, "trainer")
    if h[6] == trainer_id:
        raise RuntimeError(f"{horse_id} is with {trainer_id} already")
    h[6] = trainer_id
    return _horse(state, horse_id)


# --------------------------------------------------------------------------- jockeys


async def find_jockey(state: State, token: str, name: str) -> List[Jockey]:
    """Find jockeys by part of their name.

    :param token: the session's token
    :param name: what to look for
    :returns: the matching jockeys, by jockey id, with their licence, its expiry, the lowest weight they can ride
        at and any suspension
    """
    _session(state, token)
    if _blank(name):
        raise ValueError("name is required")
    t = name.strip().lower()
    return [_jockey(state, jid) for jid, j in sorted(state.jockeys.items()) if t in j[0].lower()]


async def jockeys(state: State, token: str, can_do: Optional[str] = None,
                  riding_on: Optional[str] = None) -> List[List[Any]]:
    """The jockeys, optionally those who can ride at a weight or who are free to ride on a date.

    :param token: the session's token
    :param can_do: a weight written stones-pounds, as 9-4: only jockeys whose lowest weight is no more than it
    :param riding_on: a date, YYYY-MM-DD: only jockeys licensed and not suspended that day
    :returns: rows ``[jockey id, name, licence, expires, lowest weight, suspended until]``, by jockey id
    """
    _session(state, token)
    limit = _pounds(can_do, "can_do") if can_do is not None else None
    day = _date(riding_on, "riding_on") if riding_on is not None else None
    rows = []
    for jid, j in sorted(state.jockeys.items()):
        if limit is not None and _pounds(j[3], "weight") > limit:
            continue
        if day is not None and (j[2] is None or j[2] < day or (j[4] and j[4] >= day)):
            continue
        rows.append([jid, j[0], j[1], j[2], j[3], j[4]])
    return rows


async def record_medical(state: State, token: str, jockey_id: str, examined_on: str, doctor: str,
                         fit: bool) -> Medical:
    """Record a jockey's annual medical examination.

    :param token: the session's token
    :param jockey_id: the jockey
    :param examined_on: the date of the examination, YYYY-MM-DD
    :param doctor: the examining doctor
    :param fit: whether the doctor passed the jockey fit to ride
    :returns: the medical as recorded
    :raises RuntimeError: that medical is recorded already
    """
    _session(state, token, LICENSING)
    j = _get(state.jockeys, jockey_id, "jockey")
    when = _date(examined_on, "examined_on")
    if _blank(doctor) or not isinstance(fit, bool):
        raise ValueError("doctor is required and fit is true or false")
    if when > TODAY:
        raise ValueError("examined_on is not in the future")
    if state.medicals.get(jockey_id) == [when, doctor.strip(), fit]:
        raise RuntimeError(f"that medical is recorded for {jockey_id} already")
    state.medicals[jockey_id] = [when, doctor.strip(), fit]
    return Medical(jockey_id=jockey_id, name=j[0], examined_on=when, doctor=doctor.strip(), fit=fit)


async def renew_licence(state: State, token: str, jockey_id: str, licence: Licence) -> Jockey:
    """Renew a jockey's riding licence to the end of the year.

    :param token: the session's token
    :param jockey_id: the jockey
    :param licence: ``flat``, ``jump`` or ``flat_and_jump``
    :returns: the jockey with the licence renewed
    :raises ValueError: no recent medical passed fit
    :raises RuntimeError: the licence is in date already
    """
    _session(state, token, LICENSING)
    j = _get(state.jockeys, jockey_id, "jockey")
    _choice(licence, ("flat", "jump", "flat_and_jump"), "licence")
    if j[2] and j[2] >= "2049-12-31" and j[1] == licence:
        raise RuntimeError(f"{jockey_id}'s {licence} licence runs to {j[2]} already")
    med = state.medicals.get(jockey_id)
    if med is None or not med[2] or _days(med[0], TODAY) > 365:
        raise ValueError("a licence is renewed on a medical passed fit in the last 12 months")
    j[1], j[2] = licence, "2049-12-31"
    return _jockey(state, jockey_id)


# --------------------------------------------------------------------------- races and entries


async def race_card(state: State, token: str, race_id: str) -> RaceCard:
    """A race's card: its entries and runners.

    :param token: the session's token
    :param race_id: the race
    :returns: the race and its entries as rows ``[entry id, horse, owner, trainer, weight, jockey, headgear,
        status]``, by entry id (status ``entered``, ``declared``, ``weighed_out``, ``ran``, ``withdrawn`` or
        ``non_runner``)
    """
    _session(state, token)
    _get(state.races, race_id, "race")
    rows = []
    for eid, e in sorted(state.entries.items()):
        if e["race"] == race_id:
            h = state.horses[e["horse"]]
            rows.append([eid, h[0], state.owners[h[5]][0], state.trainers[h[6]][0], e["weight"],
                         state.jockeys[e["jockey"]][0] if e["jockey"] else None, "".join(e["headgear"]) or None,
                         e["status"]])
    return RaceCard(race=_race_reply(state, race_id), runners=rows)


async def make_entry(state: State, token: str, race_id: str, horse_id: str) -> Entry:
    """Enter a horse in a race; the entry fee is charged to its owner's account.

    :param token: the session's token
    :param race_id: the race
    :param horse_id: the horse
    :returns: the entry, ``entered``, at the race's weight
    :raises ValueError: entries closed, a horse too young, an owner without colours or on the forfeit list
    :raises RuntimeError: the horse is entered already
    """
    _session(state, token, ENTRIES)
    race = _get(state.races, race_id, "race")
    h = _get(state.horses, horse_id, "horse")
    if any(e["race"] == race_id and e["horse"] == horse_id for e in state.entries.values()):
        raise RuntimeError(f"{h[0]} is entered in {race_id} already")
    ahead = _days(TODAY, race["date"])
    if race["status"] != "open" or ahead < 1 or (ahead == 1 and NOW[11:] >= "10:00"):
        raise ValueError(f"entries for {race_id} closed with its declarations, at 10:00 the day before the race")
    age = int(race["date"][:4]) - h[2]
    if age < race["min_age"]:
        raise ValueError(f"{race_id} is for horses aged {race['min_age']} and up; {h[0]} is {age}")
    if not state.owners[h[5]][4]:
        raise ValueError(f"{state.owners[h[5]][0]} has no registered colours; a horse runs in its owner's colours")
    if h[5] in state.forfeit:
        raise ValueError(f"{state.owners[h[5]][0]} is on the forfeit list and may not enter a horse until the "
                         "account is paid")
    eid = f"EN-{_next(state, 'entry')}"
    state.entries[eid] = _entry(race_id, horse_id, race["weight"], None, "entered")
    state.ledger[h[5]].append([TODAY, eid, f"Entry fee, {race['name']}", race["fee"], 0.0])
    return _entry_reply(state, eid)


async def withdraw_entry(state: State, token: str, entry_id: str) -> str:
    """Withdraw an entry before it is declared (the entry fee is not refunded).

    :param token: the session's token
    :param entry_id: the entry
    :returns: a sentence saying what was withdrawn
    :raises RuntimeError: an entry declared (declare a non-runner instead) or withdrawn already
    """
    _session(state, token, ENTRIES)
    e = _get(state.entries, entry_id, "entry")
    if e["status"] == "withdrawn":
        raise RuntimeError(f"{entry_id} is withdrawn already")
    if e["status"] != "entered":
        raise RuntimeError(f"{entry_id} is {e['status']}; a declared runner is taken out as a non-runner")
    e["status"], e["jockey"] = "withdrawn", None
    return f"Entry {entry_id} ({state.horses[e['horse']][0]}) withdrawn from {e['race']}."


async def book_jockey(state: State, token: str, entry_id: str, jockey_id: str) -> Entry:
    """Book a jockey for an entry.

    :param token: the session's token
    :param entry_id: the entry
    :param jockey_id: the jockey
    :returns: the entry with its jockey
    :raises ValueError: a jockey without a licence on the day, suspended, unable to do the weight or booked in the
        race already
    :raises RuntimeError: that jockey is booked for the entry already
    """
    _session(state, token, ENTRIES)
    e = _get(state.entries, entry_id, "entry")
    j = _get(state.jockeys, jockey_id, "jockey")
    if e["jockey"] == jockey_id:
        raise RuntimeError(f"{j[0]} is booked for {entry_id} already")
    if e["status"] not in ("entered", "declared"):
        raise RuntimeError(f"{entry_id} is {e['status']}")
    day = state.races[e["race"]]["date"]
    if j[2] is None or j[2] < day:
        raise ValueError(f"{j[0]}'s licence is not in date on {day}")
    if j[4] and j[4] >= day:
        raise ValueError(f"{j[0]} is suspended until {j[4]}")
    if _pounds(j[3], "weight") > _pounds(e["weight"], "weight"):
        raise ValueError(f"{j[0]} cannot ride at {e['weight']} (lowest {j[3]})")
    if any(x["race"] == e["race"] and x["jockey"] == jockey_id and x["status"] not in ("withdrawn", "non_runner")
           for x in state.entries.values()):
        raise ValueError(f"{j[0]} is booked for another horse in {e['race']}")
    e["jockey"] = jockey_id
    return _entry_reply(state, entry_id)


async def declare_runner(state: State, token: str, entry_id: str, headgear: Optional[List[str]] = None) -> Entry:
    """Declare an entry to run, with the headgear it will wear.

    :param token: the session's token
    :param entry_id: the entry
    :param headgear: the headgear codes (the first column of the headgear list), if any
    :returns: the entry, ``declared``
    :raises ValueError: the declarations window shut, no jockey booked, a horse whose vaccination is not in date,
        an unknown headgear code
    :raises RuntimeError: declared already
    """
    _session(state, token, ENTRIES)
    e = _get(state.entries, entry_id, "entry")
    gear = headgear or []
    if not isinstance(gear, list) or not all(isinstance(g, str) for g in gear):
        raise ValueError("headgear is a list of headgear codes")
    codes = [h[0] for h in HEADGEAR]
    unknown = [g for g in gear if g not in codes]
    if unknown:
        raise LookupError(f"no headgear code {unknown[0]!r}")
    if e["status"] == "declared":
        raise RuntimeError(f"{entry_id} is declared already")
    if e["status"] != "entered":
        raise RuntimeError(f"{entry_id} is {e['status']}")
    race = state.races[e["race"]]
    why = _decs_open(race)
    if why:
        raise ValueError(why)
    if e["jockey"] is None:
        raise ValueError(f"{entry_id} has no jockey booked")
    h = state.horses[e["horse"]]
    last = max((v[0] for v in h[7]), default=None)
    if last is None or _days(last, race["date"]) > 182:
        raise ValueError(f"{h[0]} needs an influenza vaccination in the six months before {race['date']}")
    e["status"], e["headgear"] = "declared", list(gear)
    return _entry_reply(state, entry_id)


async def non_runner(state: State, token: str, entry_id: str, reason: str) -> str:
    """Declare a declared runner a non-runner.

    :param token: the session's token
    :param entry_id: the entry
    :param reason: why it will not run (lame, the going, a vet's certificate)
    :returns: a sentence saying what was taken out
    :raises RuntimeError: an entry not declared (withdraw it instead), or a non-runner already
    """
    _session(state, token, ENTRIES + SCALES)
    e = _get(state.entries, entry_id, "entry")
    if _blank(reason):
        raise ValueError("reason is required")
    if e["status"] == "non_runner":
        raise RuntimeError(f"{entry_id} is a non-runner already")
    if e["status"] != "declared":
        raise RuntimeError(f"{entry_id} is {e['status']}, not declared; an entry not declared is withdrawn")
    e["status"] = "non_runner"
    return f"{state.horses[e['horse']][0]} ({entry_id}) is a non-runner in {e['race']}: {reason.strip()}."


# --------------------------------------------------------------------------- the weighing room


async def weigh_out(state: State, token: str, entry_id: str, weight: str) -> str:
    """Weigh a jockey out before a race today.

    :param token: the session's token
    :param entry_id: the runner's entry
    :param weight: the weight on the scales, written stones-pounds, as 9-7
    :returns: a sentence with the runner, the jockey and the weight
    :raises ValueError: a weight outside the tolerance
    :raises RuntimeError: a runner not declared today, or weighed out already
    """
    _session(state, token, SCALES)
    e = _get(state.entries, entry_id, "entry")
    _today_race(state, e["race"])
    lbs = _pounds(weight, "weight")
    if e["status"] == "weighed_out":
        raise RuntimeError(f"{entry_id} is weighed out already")
    if e["status"] != "declared":
        raise RuntimeError(f"{entry_id} is {e['status']}, not a declared runner")
    if abs(lbs - _pounds(e["weight"], "weight")) > 1:
        raise ValueError(f"{weight} is more than 1 lb from the allotted {e['weight']}")
    e["status"], e["out"] = "weighed_out", weight.strip()
    return f"{state.jockeys[e['jockey']][0]} weighed out at {weight.strip()} for {state.horses[e['horse']][0]} " \
           f"({entry_id}) in {e['race']}."


async def record_result(state: State, token: str, race_id: str, placings: List[str]) -> Result:
    """Record the judge's result of a race run today.

    :param token: the session's token
    :param race_id: the race
    :param placings: the entries placed, first to fourth (fewer in a small field)
    :returns: the result, ``result_provisional``, with its placings as rows ``[position, entry id, horse, jockey]``
    :raises RuntimeError: a race with runners not weighed out, or a result already
    """
    _session(state, token, SCALES)
    race = _today_race(state, race_id)
    if race["status"] != "declared":
        raise RuntimeError(f"{race_id} has a result already ({race['status']})")
    runners = [eid for eid, e in sorted(state.entries.items())
               if e["race"] == race_id and e["status"] in ("declared", "weighed_out")]
    if any(state.entries[eid]["status"] != "weighed_out" for eid in runners):
        raise RuntimeError(f"not every runner in {race_id} has weighed out")
    if not isinstance(placings, list) or not placings or not all(p in runners for p in placings):
        raise ValueError(f"placings are entries that ran in {race_id}")
    if len(set(placings)) != len(placings) or len(placings) > min(4, len(runners)):
        raise ValueError("placings name each runner once, at most the first four")
    for eid in runners:
        state.entries[eid]["status"] = "ran"
    race["placings"], race["status"] = list(placings), "result_provisional"
    return _result(state, race_id)


async def weigh_in(state: State, token: str, entry_id: str, weight: str) -> str:
    """Weigh in a placed jockey after the race.

    :param token: the session's token
    :param entry_id: the placed runner's entry
    :param weight: the weight on the scales, written stones-pounds
    :returns: a sentence with the runner, the jockey and the weight
    :raises ValueError: a weight more than 1 lb under the weight out (a matter for the stewards)
    :raises RuntimeError: a runner not placed in a provisional result, or weighed in already
    """
    _session(state, token, SCALES)
    e = _get(state.entries, entry_id, "entry")
    race = _today_race(state, e["race"])
    lbs = _pounds(weight, "weight")
    if e["in"] is not None:
        raise RuntimeError(f"{entry_id} is weighed in already")
    if race["status"] != "result_provisional" or entry_id not in race["placings"]:
        raise RuntimeError(f"{entry_id} is not placed in a provisional result")
    if lbs < _pounds(e["out"], "weight") - 1:
        raise ValueError(f"{weight} is more than 1 lb under the weight out, {e['out']}; report it to the stewards")
    e["in"] = weight.strip()
    return f"{state.jockeys[e['jockey']][0]} weighed in at {weight.strip()} on {state.horses[e['horse']][0]} " \
           f"({entry_id})."


async def confirm_result(state: State, token: str, race_id: str) -> Result:
    """Confirm a result ("weighed in") once the placed jockeys have weighed in and no enquiry is open.

    :param token: the session's token
    :param race_id: the race
    :returns: the result, ``weighed_in``
    :raises RuntimeError: a placed jockey not weighed in, an enquiry open, or confirmed already
    """
    _session(state, token, SCALES)
    race = _get(state.races, race_id, "race")
    if race["status"] == "weighed_in":
        raise RuntimeError(f"{race_id} is weighed in already")
    if race["status"] != "result_provisional":
        raise RuntimeError(f"{race_id} has no provisional result")
    missing = [eid for eid in race["placings"] if state.entries[eid]["in"] is None]
    if missing:
        raise RuntimeError(f"{missing[0]} has not weighed in")
    if any(s[0] == race_id and s[2] == "open" for s in state.enquiries.values()):
        raise RuntimeError(f"a stewards' enquiry into {race_id} is open")
    race["status"] = "weighed_in"
    return _result(state, race_id)


# --------------------------------------------------------------------------- the stewards


async def open_enquiry(state: State, token: str, race_id: str, subject: str) -> Enquiry:
    """Open a stewards' enquiry into a race with a provisional result.

    :param token: the session's token
    :param race_id: the race
    :param subject: what the stewards are looking into
    :returns: the enquiry, ``open``
    :raises RuntimeError: a race without a provisional result, or an enquiry into it open already
    """
    _session(state, token, STEWARDS)
    race = _get(state.races, race_id, "race")
    if _blank(subject):
        raise ValueError("subject is required")
    if any(s[0] == race_id and s[2] == "open" for s in state.enquiries.values()):
        raise RuntimeError(f"an enquiry into {race_id} is open already")
    if race["status"] != "result_provisional":
        raise RuntimeError(f"{race_id} is {race['status']}; an enquiry is opened before the result is confirmed")
    sid = f"SE-{_next(state, 'enquiry')}"
    state.enquiries[sid] = [race_id, subject.strip(), "open", None, None, []]
    return _enquiry(state, sid)


async def enquiries(state: State, token: str, race_id: Optional[str] = None, open_only: bool = False) -> List[Enquiry]:
    """Stewards' enquiries, by enquiry id.

    :param token: the session's token
    :param race_id: only enquiries into this race
    :param open_only: only enquiries still open
    :returns: the enquiries with their outcome and penalties as rows ``[jockey id, jockey, offence, days]``
    """
    _session(state, token)
    return [_enquiry(state, sid) for sid, s in sorted(state.enquiries.items())
            if race_id in (None, s[0]) and (not open_only or s[2] == "open")]


async def record_decision(state: State, token: str, enquiry_id: str, outcome: StewardsOutcome, notes: str,
                          amended_placings: Optional[List[str]] = None) -> Enquiry:
    """Record the stewards' decision and close the enquiry.

    :param token: the session's token
    :param enquiry_id: the enquiry
    :param outcome: ``result_stands`` or ``placings_altered``
    :param notes: the stewards' reasons
    :param amended_placings: for ``placings_altered``, the placings as they now stand (entry ids)
    :returns: the enquiry, ``closed``
    :raises RuntimeError: closed already
    """
    _session(state, token, STEWARDS)
    s = _get(state.enquiries, enquiry_id, "enquiry")
    _choice(outcome, ("result_stands", "placings_altered"), "outcome")
    if _blank(notes):
        raise ValueError("notes are required")
    if s[2] != "open":
        raise RuntimeError(f"{enquiry_id} is closed already")
    race = state.races[s[0]]
    if outcome == "placings_altered":
        if not isinstance(amended_placings, list) or sorted(amended_placings) != sorted(race["placings"]) \
                or amended_placings == race["placings"]:
            raise ValueError("amended_placings reorder the placed entries")
        race["placings"] = list(amended_placings)
    s[2], s[3], s[4] = "closed", outcome, notes.strip()
    return _enquiry(state, enquiry_id)


async def suspend_jockey(state: State, token: str, enquiry_id: str, jockey_id: str, offence: Offence,
                         days: int) -> Enquiry:
    """Suspend a jockey who rode in the race for an offence the stewards found at a closed enquiry.

    :param token: the session's token
    :param enquiry_id: the enquiry
    :param jockey_id: the jockey
    :param offence: ``careless_riding``, ``improper_riding``, ``whip_use`` or ``failing_to_ride_out``
    :param days: the days of the suspension, counted from tomorrow
    :returns: the enquiry with its penalties
    :raises ValueError: a jockey who did not ride in the race, or too long a suspension
    :raises RuntimeError: an enquiry still open, or that penalty given already
    """
    _session(state, token, STEWARDS)
    s = _get(state.enquiries, enquiry_id, "enquiry")
    j = _get(state.jockeys, jockey_id, "jockey")
    what = _enum(Offence, offence, "offence")
    if isinstance(days, bool) or not isinstance(days, int) or days < 1:
        raise ValueError("days is a whole number of at least 1")
    if days > 28:
        raise ValueError("the stewards on the day may suspend for at most 28 days")
    if any(p[0] == jockey_id for p in s[5]):
        raise RuntimeError(f"{j[0]} has a penalty from {enquiry_id} already")
    if s[2] != "closed":
        raise RuntimeError(f"{enquiry_id} is open; the stewards decide before they penalise")
    if not any(e["race"] == s[0] and e["jockey"] == jockey_id and e["status"] == "ran"
               for e in state.entries.values()):
        raise ValueError(f"{j[0]} did not ride in {s[0]}")
    until = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=days)).isoformat()
    j[4] = max(j[4] or until, until)
    s[5].append([jockey_id, j[0], what.value, days])
    return _enquiry(state, enquiry_id)


# --------------------------------------------------------------------------- prize money


async def pay_prize_money(state: State, token: str, race_id: str) -> str:
    """Credit a weighed-in race's prize money to the placed horses' owners.

    :param token: the session's token
    :param race_id: the race
    :returns: a sentence with the payment's id and what each owner was paid
    :raises RuntimeError: a result not weighed in, or paid already
    """
    _session(state, token, FINANCE)
    race = _get(state.races, race_id, "race")
    if race["paid"]:
        raise RuntimeError(f"{race_id}'s prize money is paid already ({race['paid']})")
    if race["status"] != "weighed_in":
        raise RuntimeError(f"{race_id} is {race['status']}; prize money is paid on a weighed-in result")
    pid = f"PM-{_next(state, 'payment')}"
    paid = []
    for eid, amount in zip(race["placings"], race["prize"]):
        oid = state.horses[state.entries[eid]["horse"]][5]
        state.ledger[oid].append([TODAY, pid, f"Prize money, {race['name']}", 0.0, amount])
        if _balance(state, oid) >= 0:
            state.forfeit.discard(oid)
        paid.append(f"{state.owners[oid][0]} {amount:.2f}")
    race["paid"] = pid
    state.payments.append([pid, race_id])
    return f"Prize money for {race_id} paid as {pid}: " + "; ".join(paid) + "."


TOOLS = [
    sign_in, sign_out, race_programme, headgear_codes, find_owner, register_owner, update_owner, register_colours,
    owner_account, pay_account, find_trainer, message_trainer, find_horse, register_horse, horse_record,
    record_vaccination, transfer_horse, find_jockey, jockeys, record_medical, renew_licence, race_card, make_entry,
    withdraw_entry, book_jockey, declare_runner, non_runner, weigh_out, record_result, weigh_in, confirm_result,
    open_enquiry, enquiries, record_decision, suspend_jockey, pay_prize_money,
]

FIXTURES = {
    "board": {"name": "The Wessex and Downs Racing Board", "office": "Racing office, Larkhollow racecourse",
              "today": "Wednesday 14 April 2049, ten to one in the afternoon; racing at Larkhollow from one o'clock"},
    "staff": [
        {"name": "Hyacinth Trevorrow", "role": "licensing office", "username": "hyacinth.t",
         "password": "Silks-Register-22"},
        {"name": "Crispin Ambrey", "role": "entries desk", "username": "crispin.a", "password": "Overnight-Decs-64"},
        {"name": "Morwenna Kittredge", "role": "clerk of the scales", "username": "morwenna.k",
         "password": "Saddle-Cloth-18"},
        {"name": "Ptolemy Wyndlesham", "role": "stipendiary steward", "username": "ptolemy.w",
         "password": "Head-On-Film-35"},
        {"name": "Ermengarde Fenchurch", "role": "finance", "username": "ermengarde.f", "password": "Prize-Fund-71"},
        {"name": "Augustin Rowsell", "role": "racing secretary", "username": "augustin.r",
         "password": "Racing-Calendar-09"},
    ],
    "new_owner": {
        "name": "Zinnia Quarrington", "address": "Leat House, Hurstcombe HC2 8RY", "phone": "07700 900254",
        "email": "zinnia.q@example.net", "colours": "Saffron, royal blue diamonds, royal blue cap",
        "horse": "Damask Sedge, a bay filly foaled in 2046, by Evergreen out of Sedge Warbler, to be trained by "
                 "Caspar Ruddle and entered in the Spring Meadow Stakes at Larkhollow next Wednesday",
    },
    "notes": [
        "Scabbard Bay's passport shows an influenza booster given on 2 April by Stourleigh Vets",
        "Mrs Pinnegar has paid the 85 pounds she owes by card and wants Pantiles entered for next Wednesday",
        "Ruairi Devane passed his annual medical with Dr Kimberlin on 8 April; he wants his flat licence back",
        "Tidewrack still needs a jockey for Friday: Saoirse Lanigan has agreed to ride",
        "Whinchat Flyer is declared for Friday's Burdock Handicap in blinkers and a tongue strap",
        "Tumbledown Dick is lame and will not run on Friday",
        "The scales: Dulcie Quartermaine has still to weigh out for the Sedgewick Handicap, at 9-7",
        "Sedgewick Handicap result: Osprey Staithe, Pantiles, Lady Lapwing, Tumbledown Dick",
        "The stewards found Jago Trewin guilty of careless riding in the Lapwing Maiden: the result stands, "
        "three days",
        "Dulcie Quartermaine weighed in at 9-2 on Harebell Way, fourth in the Lapwing Maiden",
        "Pantiles moves from Honor Bastable's yard to Bertrand Muscroft's",
        "Mrs Pinnegar's e-mail address is cordelia.pinnegar@example.org",
        "The Ingleby partnership has bought an unraced gelding, Coppice Verderer, foaled in 2045, by Candlewick Hill "
        "out of Filbert Copse; he goes to Bertrand Muscroft",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "race_programme", "headgear_codes")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
OWNER_CONSUMERS = ["update_owner", "register_colours", "owner_account", "pay_account", "register_horse"]
TRAINER_CONSUMERS = ["register_horse", "transfer_horse", "message_trainer"]
HORSE_CONSUMERS = ["horse_record", "record_vaccination", "transfer_horse", "make_entry"]
JOCKEY_CONSUMERS = ["record_medical", "renew_licence", "book_jockey", "suspend_jockey"]
RACE_CONSUMERS = ["race_card", "make_entry", "record_result", "open_enquiry", "confirm_result", "pay_prize_money"]
ENTRY_CONSUMERS = ["book_jockey", "declare_runner", "withdraw_entry", "non_runner"]
RUNNER_CONSUMERS = ["weigh_out", "record_result", "weigh_in"]
ENQUIRY_CONSUMERS = ["record_decision", "suspend_jockey"]
_OWNER = "id lookup/create: owner (owner_id of register_owner's owner, or of a find_owner entry)"
_TRAINER = "id lookup: trainer (trainer_id of a find_trainer entry)"
_HORSE = "id lookup/create: horse (horse_id of register_horse's horse, or of a find_horse entry)"
_JOCKEY = "id lookup: jockey (jockey_id of a find_jockey entry, or the first column of a jockeys row)"
_RACE = "id lookup: race (race_id of a race_programme entry)"
_ENTRY = "id lookup/create: entry (entry_id of make_entry's entry, or the first column of a race_card runner row)"
_RUNNER = "id lookup: runner (the first column of a race_card runner row: a declared runner's entry id)"
_ENQUIRY = "id lookup/create: enquiry (enquiry_id of open_enquiry's enquiry, or of an enquiries entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_owner|register_owner", c, _OWNER) for c in OWNER_CONSUMERS]
    + [("find_trainer", c, _TRAINER) for c in TRAINER_CONSUMERS]
    + [("find_horse|register_horse", c, _HORSE) for c in HORSE_CONSUMERS]
    + [("find_jockey|jockeys", c, _JOCKEY) for c in JOCKEY_CONSUMERS]
    + [("race_programme", c, _RACE) for c in RACE_CONSUMERS]
    + [("race_card|make_entry", c, _ENTRY) for c in ENTRY_CONSUMERS]
    + [("race_card", c, _RUNNER) for c in RUNNER_CONSUMERS]
    + [("open_enquiry|enquiries", c, _ENQUIRY) for c in ENQUIRY_CONSUMERS]
    + [
        ("headgear_codes", "declare_runner", "vocabulary: the headgear codes (the first column of a headgear row)"),
        ("record_vaccination", "declare_runner", "vetting: an influenza vaccination in the six months before the race"),
        ("record_medical", "renew_licence", "vetting: a medical passed fit in the last twelve months"),
        ("register_colours", "make_entry", "vetting: the owner's racing colours registered"),
        ("renew_licence", "book_jockey", "state: the jockey's licence in date on the race day"),
        ("book_jockey", "declare_runner", "state: a jockey booked for the entry"),
        ("declare_runner", "non_runner", "state: the entry declared to run"),
        ("weigh_out", "record_result", "state: every runner weighed out"),
        ("record_result", "weigh_in", "state: a provisional result with the runner placed"),
        ("record_result", "open_enquiry", "state: the race run, its result provisional"),
        ("weigh_in", "confirm_result", "state: every placed jockey weighed in"),
        ("record_decision", "confirm_result", "state: the stewards' enquiry into the race closed"),
        ("record_decision", "suspend_jockey", "state: the enquiry decided before a penalty"),
        ("confirm_result", "pay_prize_money", "state: the result weighed in"),
        ("pay_account", "make_entry", "payment: the owner's account paid, off the forfeit list"),
    ]
)

ONE_STEP_FURTHER = {
    ("book_jockey", "non_runner"), ("enquiries", "confirm_result"), ("find_horse", "book_jockey"),
    ("find_horse", "declare_runner"), ("find_horse", "non_runner"), ("find_horse", "withdraw_entry"),
    ("find_jockey", "declare_runner"), ("find_owner", "make_entry"), ("find_trainer", "horse_record"),
    ("find_trainer", "make_entry"), ("find_trainer", "record_vaccination"), ("headgear_codes", "non_runner"),
    ("race_card", "confirm_result"), ("race_card", "open_enquiry"), ("race_programme", "book_jockey"),
    ("race_programme", "declare_runner"), ("race_programme", "non_runner"), ("race_programme", "record_decision"),
    ("race_programme", "suspend_jockey"), ("race_programme", "weigh_in"), ("race_programme", "weigh_out"),
    ("race_programme", "withdraw_entry"), ("record_decision", "pay_prize_money"), ("record_medical", "book_jockey"),
    ("record_result", "record_decision"), ("record_result", "suspend_jockey"), ("register_owner", "horse_record"),
    ("register_owner", "make_entry"), ("register_owner", "record_vaccination"), ("register_owner", "transfer_horse"),
    ("weigh_in", "pay_prize_money"), ("weigh_out", "open_enquiry"), ("weigh_out", "weigh_in"),
}
_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_HORSE_RECORDS = ("find_horse", "register_horse", "horse_record", "record_vaccination", "transfer_horse")
_ENTRY_RECORDS = ("make_entry", "book_jockey", "declare_runner")
_ENQUIRY_RECORDS = ("open_enquiry", "enquiries", "record_decision", "suspend_jockey")
_OWNER_SHOWN = ("find_owner", "register_owner", "update_owner", "register_colours", "owner_account") + _HORSE_RECORDS
_TRAINER_SHOWN = ("find_trainer",) + _HORSE_RECORDS
_HORSE_SHOWN = _HORSE_RECORDS + ("find_trainer",) + _ENTRY_RECORDS
_JOCKEY_SHOWN = ("find_jockey", "jockeys", "record_medical", "renew_licence") + _ENTRY_RECORDS + _ENQUIRY_RECORDS
_RACE_SHOWN = (("race_programme", "race_card", "record_result", "confirm_result", "find_horse", "horse_record")
               + _ENTRY_RECORDS + _ENQUIRY_RECORDS)
_ENTRY_SHOWN = ("race_card", "record_result", "confirm_result") + _ENTRY_RECORDS
PLAUSIBLE = (
    # ids shown in other lists and records: owners and trainers on horses, horses on trainers and entries,
    # jockeys on entries and penalties, races on entries, runs and enquiries, entries on results
    {(p, c) for p in _OWNER_SHOWN for c in OWNER_CONSUMERS}
    | {(p, c) for p in _TRAINER_SHOWN for c in TRAINER_CONSUMERS}
    | {(p, c) for p in _HORSE_SHOWN for c in HORSE_CONSUMERS}
    | {(p, c) for p in _JOCKEY_SHOWN for c in JOCKEY_CONSUMERS}
    | {(p, c) for p in _RACE_SHOWN for c in RACE_CONSUMERS}
    | {(p, c) for p in _ENTRY_SHOWN for c in ENTRY_CONSUMERS + RUNNER_CONSUMERS}
    | {(p, c) for p in _ENQUIRY_RECORDS for c in ENQUIRY_CONSUMERS}
    | {(p, "declare_runner") for p in ("race_card",) + _ENTRY_RECORDS}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | ONE_STEP_FURTHER
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("register_owner", "update_owner", "register_colours", "pay_account", "make_entry",
                        "pay_prize_money") for c in ("find_owner", "owner_account")}
    | {(p, c) for p in ("register_horse", "record_vaccination", "transfer_horse", "record_result")
       for c in ("find_horse", "horse_record", "find_trainer")}
    | {(p, c) for p in ("record_medical", "renew_licence", "suspend_jockey") for c in ("find_jockey", "jockeys")}
    | {(p, "race_card") for p in ("make_entry", "withdraw_entry", "book_jockey", "declare_runner", "non_runner",
                                  "weigh_out", "record_result", "weigh_in", "record_decision")}
    | {(p, "enquiries") for p in ("open_enquiry", "record_decision", "suspend_jockey")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
