"""Fermata: the concerts office of the Wrexmoor Sinfonia, a regional orchestra (37 calls).

Sync functions over an in-memory ``State`` of the orchestra's office system on Monday 18 January 2038 at 09:30, two
days after its New Year gala. The concerts manager sets up projects (a programme of rehearsals and concerts), their
instrumentation and calls, and files the stage manager's concert reports and the performing rights returns. The
orchestra manager, who fixes the players, registers freelancers, checks their right to work, offers them work,
records their answers, releases them, and takes and approves the contract players' requests for leave from a
project, which free their chairs for a deputy. The librarian finds works in the library, builds programmes, orders
the parts of works on hire from their publishers, records them received and bowed, issues them to the players and
sends them back after the concert. Finance takes the freelancers' invoices, approves and pays them. The chief
executive may do everything. The season's concerts and the venues are public.

Every tool is a plain ``def`` without a decorator that checks its session and role itself (``who = _who(state, token,
"fixer")``). A refusal is raised as one of Python's built-in exceptions: ``PermissionError`` for a session or a role,
``LookupError`` for an id that is not on file, ``ValueError`` for an input or a rule of the orchestra's,
``RuntimeError`` for a record in the wrong state (``RuntimeError("OFR-612 has been answered already (accepted)")``); the
runtime records a raised exception as an error. Replies are ``TypedDict`` records and lists of them, with rows nested as
lists of lists (a project's schedule, chairs and programme, a player's record, a performing rights return); bare values
answer the instrumentation set (the players the project now needs) and an invoice paid (the amount); sentences with an
id in them answer parts issued, a player released, a message sent and a sign-out. Annotations are PEP 604 unions and
builtin generics evaluated at definition (``str | None``, ``list[list[Any]]``): a plain ``Enum`` input (``CallKind``),
two ``str`` ``Enum`` filters (``ProjectStatus``, ``OfferStatus``), ``Literal`` inputs (a right-to-work document) and
``Literal`` filters (an engagement's, a parts order's and an invoice's status). Numpy docstrings. Ids look alike: player
``PLY-316``, project ``PRJ-3804``, call ``CALL-2217``, offer ``OFR-613``, engagement ``ENG-905``, leave ``LV-88``, parts
order ``PH-773``, invoice ``PINV-423``, PRS return ``PRS-145``, message ``MSG-5102``; work ``WK-508``; section ``HN``;
venue ``ASM``. That a contract player is called rather than offered work, the union's least fee, the right-to-work
documents that need an expiry, that a hired work's parts are bowed before they are issued and that a concert is held in
a concert hall or a church are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from enum import Enum
from typing import Any, Literal, TypedDict

TODAY = "2038-01-18"  # a Monday
NOW = "09:30"


class CallKind(Enum):
    REHEARSAL = "rehearsal"
    SECTIONAL = "sectional"
    CONCERT = "concert"
    RECORDING = "recording"


class ProjectStatus(str, Enum):
    PLANNING = "planning"
    FIXING = "fixing"
    PERFORMED = "performed"


class OfferStatus(str, Enum):
    OFFERED = "offered"
    ACCEPTED = "accepted"
    DECLINED = "declined"


Document = Literal["uk_passport", "irish_passport", "share_code", "biometric_residence_permit", "eu_settled_status"]
EngagementStatus = Literal["engaged", "released"]
PartsStatus = Literal["ordered", "received", "bowed", "returned"]
InvoiceStatus = Literal["submitted", "approved", "paid"]

SECTIONS = [  # code, name, family
    ("VN1", "First violins", "strings"), ("VN2", "Second violins", "strings"), ("VA", "Violas", "strings"),
    ("VC", "Cellos", "strings"), ("DB", "Double basses", "strings"), ("FL", "Flutes", "woodwind"),
    ("OB", "Oboes", "woodwind"), ("CL", "Clarinets", "woodwind"), ("BN", "Bassoons", "woodwind"),
    ("HN", "Horns", "brass"), ("TPT", "Trumpets", "brass"), ("TBN", "Trombones", "brass"), ("TBA", "Tuba", "brass"),
    ("TIMP", "Timpani", "percussion"), ("PERC", "Percussion", "percussion"), ("HP", "Harp", "harp and keyboard"),
    ("KBD", "Keyboard and celeste", "harp and keyboard"),
]
VENUES = {  # code -> name, town, kind
    "ASM": ["The Assembly Rooms", "Wrexmoor", "concert hall"],
    "DRL": ["The Drill Hall", "Wrexmoor", "rehearsal hall"],
    "STM": ["St Mawgan's Church", "Lydbrook", "church"],
    "CNX": ["The Corn Exchange", "Hembridge", "concert hall"],
}
MIN_FEE = 165.0
MILEAGE = 0.45
NEEDS_EXPIRY = ("share_code", "biometric_residence_permit")
ROLE_NAMES = {"concerts": "the concerts manager", "fixer": "the orchestra manager", "librarian": "the librarian",
              "finance": "finance", "chief": "the chief executive"}


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str


class Concert(TypedDict):
    title: str
    date: str
    time: str
    venue: str
    conductor: str
    soloist: str | None
    programme: list[str]


class Venue(TypedDict):
    code: str
    name: str
    town: str
    kind: str


class Section(TypedDict):
    code: str
    name: str
    family: str


class PlayerRow(TypedDict):
    player_id: str
    name: str
    section: str
    contract: bool
    town: str


class Player(TypedDict):
    player_id: str
    name: str
    section: str
    contract: bool
    email: str
    phone: str
    town: str
    right_to_work_checked: str | None


class PlayerRecord(TypedDict):
    player: Player
    engagements: list[list[Any]]
    offers: list[list[Any]]
    leave: list[list[Any]]
    invoices: list[list[Any]]


class Project(TypedDict):
    project_id: str
    title: str
    conductor: str
    soloist: str | None
    status: str
    instrumentation: dict[str, int]


class Call(TypedDict):
    call_id: str
    project_id: str
    kind: str
    venue: str
    date: str
    start: str
    end: str


class Schedule(TypedDict):
    project_id: str
    title: str
    status: str
    calls: list[list[Any]]
    chairs: list[list[Any]]
    programme: list[list[Any]]


class Offer(TypedDict):
    offer_id: str
    project_id: str
    player_id: str
    name: str
    section: str
    fee: float
    status: str


class Engagement(TypedDict):
    engagement_id: str
    project_id: str
    player_id: str
    name: str
    section: str
    fee: float
    status: str


class Leave(TypedDict):
    leave_id: str
    player_id: str
    name: str
    project_id: str
    reason: str
    status: str


class Work(TypedDict):
    work_id: str
    composer: str
    title: str
    minutes: int
    publisher: str
    own_set: bool


class Programme(TypedDict):
    project_id: str
    works: list[list[Any]]
    minutes: int


class PartsOrder(TypedDict):
    order_id: str
    work_id: str
    title: str
    project_id: str
    publisher: str
    hire_fee: float
    status: str
    bowings: str | None


class ConcertReport(TypedDict):
    call_id: str
    project_id: str
    date: str
    started: str
    audience: int
    notes: str
    project_status: str


class PrsReturn(TypedDict):
    return_id: str
    call_id: str
    venue: str
    date: str
    works: list[list[Any]]


class Invoice(TypedDict):
    invoice_id: str
    engagement_id: str
    player_id: str
    name: str
    fee: float
    mileage: float
    amount: float
    status: str


# --------------------------------------------------------------------------- state


def _d(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


class State:
    """The Wrexmoor Sinfonia's office system on Monday 18 January 2038 at 09:30."""

    def __init__(self) -> None:
        self.staff = {
            "hermione.s": {"name": "Hermione Stallybrass", "password": "Down-Beat-36", "role": "concerts"},
            "lucius.f": {"name": "Lucius Fairlamb", "password": "Extra-Desk-21", "role": "fixer"},
            "beatrix.o": {"name": "Beatrix Ormerod", "password": "Bow-Marks-77", "role": "librarian"},
            "ptolemy.w": {"name": "Ptolemy Wainscott", "password": "Fee-Sheet-58", "role": "finance"},
            "cordelia.h": {"name": "Cordelia Hathersage", "password": "Green-Room-4", "role": "chief"},
        }
        self.sessions: dict[str, dict] = {}
        self.players = {  # player -> name, section, contract, email, phone, town, right to work checked
            "PLY-301": ["Rosamund Iveagh", "VN1", True, "r.iveagh@example.com", "07700 901301", "Wrexmoor",
                        "2031-09-01"],
            "PLY-302": ["Aldous Thorogood", "VC", True, "anselm.thorogood@example.net", "07700 901302", "Hembridge",
                        "2029-04-12"],
            "PLY-303": ["Griffith Mabbott", "TPT", True, "g.mabbott@example.com", "07700 901303", "Wrexmoor",
                        "2033-02-20"],
            "PLY-304": ["Wilfreda Scarisbrick", "TPT", True, "wilfreda.s@example.org", "07700 901304", "Lydbrook",
                        "2034-06-03"],
            "PLY-305": ["Eustace Blenkinsop", "HN", True, "eustace.b@example.com", "07700 901305", "Wrexmoor",
                        "2030-01-15"],
            "PLY-306": ["Jemima Catterall", "HN", True, "jemima.catterall@example.net", "07700 901306", "Hembridge",
                        "2032-10-09"],
            "PLY-307": ["Orlando Pickavance", "HN", True, "o.pickavance@example.com", "07700 901307", "Wrexmoor",
                        "2035-03-27"],
            "PLY-310": ["Tabitha Quarmby", "HN", False, "tabitha.quarmby@example.com", "07700 901310", "Ludchurch",
                        "2036-11-02"],
            "PLY-311": ["Casimir Overend", "TPT", False, "casimir.overend@example.org", "07700 901311", "Hembridge",
                        None],
            "PLY-312": ["Leocadia Tremlett", "HP", False, "leocadia.harp@example.com", "07700 901312", "Stainmore",
                        "2037-05-19"],
            "PLY-313": ["Barnaby Ellerker", "VC", False, "b.ellerker@example.net", "07700 901313", "Wrexmoor",
                        "2035-09-30"],
            "PLY-314": ["Marguerite Holroyd", "PERC", False, "m.holroyd@example.com", "07700 901314", "Ludchurch",
                        "2036-02-11"],
            "PLY-315": ["Septimus Scargill", "PERC", False, "septimus.scargill@example.org", "07700 901315",
                        "Stainmore", "2037-08-22"],
        }
        self.projects = {  # project -> title, conductor, soloist, status, instrumentation, programme
            "PRJ-3801": ["New Year Viennese Gala", "Maestro Konstantin Ferrabosco", "Ilse Marchetti (violin)",
                         "fixing", {"VN1": 1, "VC": 2, "TPT": 2, "HN": 2, "PERC": 1}, ["WK-505", "WK-508"]],
            "PRJ-3802": ["Sibelius and Elgar", "Dame Honoria Carbery", "Leofwin Dacombe (cello)", "fixing",
                         {"VN1": 1, "VC": 1, "TPT": 2, "HN": 4, "HP": 1}, ["WK-503", "WK-502", "WK-501"]],
            "PRJ-3803": ["Family Concert: The Snow Queen", "Kasimir Oldcastle", None, "planning", {}, []],
        }
        self.calls = {  # call -> project, kind, venue, date, start, end, report
            "CALL-2201": ["PRJ-3801", "rehearsal", "DRL", "2038-01-15", "10:00", "13:00", None],
            "CALL-2202": ["PRJ-3801", "concert", "ASM", "2038-01-16", "19:30", "21:45", None],
            "CALL-2210": ["PRJ-3802", "rehearsal", "DRL", "2038-02-04", "10:00", "13:00", None],
            "CALL-2211": ["PRJ-3802", "concert", "ASM", "2038-02-06", "19:30", "21:30", None],
            "CALL-2199": ["PRJ-3800", "concert", "CNX", "2037-12-19", "19:00", "21:00",
                          ["19:02", 612, "Sold out; encore of Sleigh Ride"]],
        }
        self.past_projects = {"PRJ-3800": ["Christmas at the Corn Exchange", "performed", ["WK-507"]]}
        self.offers = {  # offer -> project, player, section, fee, status
            "OFR-610": ["PRJ-3802", "PLY-310", "HN", 260.0, "accepted"],
            "OFR-611": ["PRJ-3802", "PLY-312", "HP", 280.0, "offered"],
            "OFR-612": ["PRJ-3801", "PLY-313", "VC", 240.0, "accepted"],
        }
        self.engagements = {  # engagement -> project, player, section, fee, status
            "ENG-880": ["PRJ-3800", "PLY-314", "PERC", 220.0, "engaged"],
            "ENG-881": ["PRJ-3800", "PLY-315", "PERC", 220.0, "engaged"],
            "ENG-882": ["PRJ-3800", "PLY-312", "HP", 280.0, "engaged"],
            "ENG-901": ["PRJ-3801", "PLY-313", "VC", 240.0, "engaged"],
            "ENG-902": ["PRJ-3801", "PLY-314", "PERC", 220.0, "engaged"],
            "ENG-903": ["PRJ-3802", "PLY-310", "HN", 260.0, "engaged"],
        }
        self.leave = {  # leave -> player, project, reason, status
            "LV-87": ["PLY-306", "PRJ-3801", "Family wedding", "approved"],
        }
        self.works = {  # work -> composer, title, minutes, publisher, own set
            "WK-501": ["J. Sibelius", "Symphony No. 5 in E flat", 32, "Ashdale Music", True],
            "WK-502": ["E. Elgar", "Cello Concerto in E minor", 30, "Ashdale Music", False],
            "WK-503": ["J. Sibelius", "Finlandia", 9, "Ashdale Music", True],
            "WK-504": ["Y. Tregarthen", "The Snow Queen: suite for narrator and orchestra", 24,
                       "Marrowbone Music", False],
            "WK-505": ["J. Strauss II", "The Blue Danube", 10, "Hallam and Quiller", True],
            "WK-506": ["S. Prokofiev", "Peter and the Wolf", 26, "Hallam and Quiller", False],
            "WK-507": ["P. I. Tchaikovsky", "The Nutcracker: suite", 23, "Hallam and Quiller", True],
            "WK-508": ["E. W. Korngold", "Violin Concerto in D", 25, "Marrowbone Music", False],
        }
        self.parts = {  # order -> work, project, hire fee, status, bowings
            "PH-771": ["WK-508", "PRJ-3801", 310.0, "bowed", "Leader's bowings from the 2031 performance"],
            "PH-772": ["WK-502", "PRJ-3802", 285.0, "ordered", None],
        }
        self.invoices = {  # invoice -> engagement, fee, mileage, amount, status
            "PINV-420": ["ENG-880", 220.0, 38.0, 237.1, "paid"],
            "PINV-421": ["ENG-881", 220.0, 52.0, 243.4, "submitted"],
            "PINV-422": ["ENG-882", 280.0, 20.0, 289.0, "approved"],
        }
        self.prs: dict[str, list] = {"PRS-144": ["CALL-2199", ["WK-507"]]}
        self.messages: list[list] = []
        self.counters = {"token": 1, "player": 316, "project": 3804, "call": 2217, "offer": 613, "engagement": 905,
                         "leave": 88, "parts": 773, "invoice": 423, "prs": 145, "message": 5102}


# --------------------------------------------------------------------------- helpers


def _who(state: State, token: Any, *roles: str) -> dict:
    """The session's staff member; raises ``PermissionError`` for no session or the wrong role (the chief executive
    may do everything)."""
    who = state.sessions.get(token) if isinstance(token, str) else None
    if who is None:
        raise PermissionError("not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "chief":
        raise PermissionError(f"{who['name']} ({who['role']}) may not do this; it is for "
                              f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _amount(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _count(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _date(value: Any) -> str | None:
    try:
        return _d(value).isoformat()
    except (TypeError, ValueError):
        return None


def _time(value: Any) -> str | None:
    try:
        return datetime.time.fromisoformat(value).strftime("%H:%M")
    except (TypeError, ValueError):
        return None


def _get(table: dict, key: Any, what: str) -> list:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise LookupError(f"no {what} {key}")
    return row


def _player(state: State, pid: str) -> Player:
    p = state.players[pid]
    return Player(player_id=pid, name=p[0], section=p[1], contract=p[2], email=p[3], phone=p[4], town=p[5],
                  right_to_work_checked=p[6])


def _project(state: State, pid: str) -> Project:
    p = state.projects[pid]
    return Project(project_id=pid, title=p[0], conductor=p[1], soloist=p[2], status=p[3], instrumentation=dict(p[4]))


def _offer(state: State, oid: str) -> Offer:
    o = state.offers[oid]
    return Offer(offer_id=oid, project_id=o[0], player_id=o[1], name=state.players[o[1]][0], section=o[2], fee=o[3],
                 status=o[4])


def _engagement(state: State, eid: str) -> Engagement:
    e = state.engagements[eid]
    return Engagement(engagement_id=eid, project_id=e[0], player_id=e[1], name=state.players[e[1]][0], section=e[2],
                      fee=e[3], status=e[4])


def _parts(state: State, oid: str) -> PartsOrder:
    o = state.parts[oid]
    w = state.works[o[0]]
    return PartsOrder(order_id=oid, work_id=o[0], title=f"{w[0]}: {w[1]}", project_id=o[1], publisher=w[3],
                      hire_fee=o[2], status=o[3], bowings=o[4])


def _invoice(state: State, iid: str) -> Invoice:
    i = state.invoices[iid]
    e = state.engagements[i[0]]
    return Invoice(invoice_id=iid, engagement_id=i[0], player_id=e[1], name=state.players[e[1]][0], fee=i[1],
                   mileage=i[2], amount=i[3], status=i[4])


def _chairs(state: State, pid: str) -> list[list[Any]]:
    """Rows ``[section, needed, contract, engaged, offered, vacant]`` of a project."""
    rows = []
    for code, needed in sorted(state.projects[pid][4].items(), key=lambda kv: [s[0] for s in SECTIONS].index(kv[0])):
        away = {lv[0] for lv in state.leave.values() if lv[1] == pid and lv[3] == "approved"}
        contract = sum(1 for ply, p in state.players.items() if p[1] == code and p[2] and ply not in away)
        engaged = sum(1 for e in state.engagements.values() if e[0] == pid and e[2] == code and e[4] == "engaged")
        offered = sum(1 for o in state.offers.values() if o[0] == pid and o[2] == code and o[4] == "offered")
        rows.append([code, needed, min(contract, needed), engaged, offered,
                     max(needed - min(contract, needed) - engaged - offered, 0)])
    return rows


def _performed(state: State, pid: str) -> bool:
    if pid in state.past_projects:
        return state.past_projects[pid][1] == "performed"
    return state.projects[pid][3] == "performed"


# --------------------------------------------------------------------------- sign-in and the public calls


def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the orchestra's office system.

    Parameters
    ----------
    username : str
        A staff user name, such as ``lucius.f``.
    password : str
        The password.

    Returns
    -------
    Session
        The ``token`` passed to every call but the public ones, the ``name`` and the ``role`` (concerts, fixer,
        librarian, finance or chief).
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        raise PermissionError("user name or password not recognised")
    token = f"wxs-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


def sign_out(state: State, token: str) -> str:
    """End a session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    str
        A sentence naming who was signed out.
    """
    who = _who(state, token)
    del state.sessions[token]
    return f"Signed out {who['name']} (session {token})."


def season(state: State) -> list[Concert]:
    """The season's concerts still to come, as the brochure lists them (public).

    Returns
    -------
    list of Concert
        Each concert's ``title``, ``date``, ``time``, ``venue``, ``conductor``, ``soloist`` and ``programme``, by
        date.
    """
    out = []
    for _, c in sorted(state.calls.items(), key=lambda kv: (kv[1][3], kv[1][4])):
        if c[1] == "concert" and (c[3], c[4]) > (TODAY, NOW) and c[0] in state.projects:
            p = state.projects[c[0]]
            out.append(Concert(title=p[0], date=c[3], time=c[4], venue=VENUES[c[2]][0], conductor=p[1], soloist=p[2],
                               programme=[f"{state.works[w][0]}: {state.works[w][1]}" for w in p[5]]))
    return out


def venues() -> list[Venue]:
    """The halls the orchestra plays and rehearses in (public).

    Returns
    -------
    list of Venue
        Each venue's ``code``, ``name``, ``town`` and ``kind``.
    """
    return [Venue(code=code, name=v[0], town=v[1], kind=v[2]) for code, v in sorted(VENUES.items())]


def sections(state: State, token: str) -> list[Section]:
    """The sections of the orchestra.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list of Section
        Each section's ``code``, ``name`` and ``family``, in score order.
    """
    _who(state, token)
    return [Section(code=code, name=name, family=family) for code, name, family in SECTIONS]


# --------------------------------------------------------------------------- players


def find_player(state: State, token: str, text: str, section: str | None = None) -> list[PlayerRow]:
    """Find players by part of their name, e-mail address or town.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.
    section : str, optional
        Only players of this section (its code).

    Returns
    -------
    list of PlayerRow
        Each player's ``player_id``, ``name``, ``section``, whether on ``contract`` and ``town``, in player id order.
    """
    _who(state, token, "fixer", "finance", "concerts")
    if _blank(text):
        raise ValueError("text is required")
    if section is not None and section not in [s[0] for s in SECTIONS]:
        raise ValueError(f"no section {section!r}")
    needle = text.strip().lower()
    return [PlayerRow(player_id=pid, name=p[0], section=p[1], contract=p[2], town=p[5])
            for pid, p in sorted(state.players.items())
            if (needle in p[0].lower() or needle in p[3].lower() or needle in p[5].lower())
            and (section is None or p[1] == section)]


def register_freelancer(state: State, token: str, name: str, section: str, email: str, phone: str,
                        town: str) -> Player:
    """Register a freelance player.

    Parameters
    ----------
    token : str
        The session token.
    name : str
        Full name.
    section : str
        The section they play in (its code).
    email : str
        E-mail address (offers go to it).
    phone : str
        Phone number.
    town : str
        Where they live (for mileage).

    Returns
    -------
    Player
        The player and a new ``player_id``, freelance, with no right-to-work check yet.
    """
    _who(state, token, "fixer")
    if _blank(name) or _blank(phone) or _blank(town):
        raise ValueError("name, phone and town are required")
    if section not in [s[0] for s in SECTIONS]:
        raise ValueError(f"no section {section!r}")
    if _blank(email) or "@" not in email:
        raise ValueError(f"{email!r} is not an e-mail address")
    for pid, p in state.players.items():
        if p[3].lower() == email.strip().lower():
            raise RuntimeError(f"{email} is registered already to {p[0]} ({pid})")
    pid = f"PLY-{_next(state, 'player')}"
    state.players[pid] = [name.strip(), section, False, email.strip(), phone.strip(), town.strip(), None]
    return _player(state, pid)


def update_player(state: State, token: str, player_id: str, email: str | None = None, phone: str | None = None,
                  town: str | None = None) -> Player:
    """Change a player's contact details.

    Parameters
    ----------
    token : str
        The session token.
    player_id : str
        The player.
    email, phone, town : str, optional
        The new details.

    Returns
    -------
    Player
        The player as now on file.
    """
    _who(state, token, "fixer", "finance")
    p = _get(state.players, player_id, "player")
    new = list(p)
    if email is not None:
        if _blank(email) or "@" not in email:
            raise ValueError(f"{email!r} is not an e-mail address")
        new[3] = email.strip()
    if phone is not None:
        if _blank(phone):
            raise ValueError("phone may not be blank")
        new[4] = phone.strip()
    if town is not None:
        if _blank(town):
            raise ValueError("town may not be blank")
        new[5] = town.strip()
    if new == p:
        raise RuntimeError(f"those are {p[0]}'s details already")
    state.players[player_id] = new
    return _player(state, player_id)


def player_record(state: State, token: str, player_id: str) -> PlayerRecord:
    """A player's whole record.

    Parameters
    ----------
    token : str
        The session token.
    player_id : str
        The player.

    Returns
    -------
    PlayerRecord
        The ``player``; ``engagements`` as rows ``[engagement_id, project_id, section, fee, status]``; ``offers`` as
        rows ``[offer_id, project_id, fee, status]``; ``leave`` as rows ``[leave_id, project_id, status]``;
        ``invoices`` as rows ``[invoice_id, engagement_id, amount, status]``.
    """
    _who(state, token, "fixer", "finance")
    _get(state.players, player_id, "player")
    engs = [[eid, e[0], e[2], e[3], e[4]] for eid, e in sorted(state.engagements.items()) if e[1] == player_id]
    offers = [[oid, o[0], o[3], o[4]] for oid, o in sorted(state.offers.items()) if o[1] == player_id]
    leave = [[lid, lv[1], lv[3]] for lid, lv in sorted(state.leave.items()) if lv[0] == player_id]
    mine = {row[0] for row in engs}
    invoices = [[iid, i[0], i[3], i[4]] for iid, i in sorted(state.invoices.items()) if i[0] in mine]
    return PlayerRecord(player=_player(state, player_id), engagements=engs, offers=offers, leave=leave,
                        invoices=invoices)


def check_right_to_work(state: State, token: str, player_id: str, document: Document,
                        expires: str | None = None) -> Player:
    """Record that a freelancer's right to work in the UK was checked.

    Parameters
    ----------
    token : str
        The session token.
    player_id : str
        The player.
    document : {"uk_passport", "irish_passport", "share_code", "biometric_residence_permit", "eu_settled_status"}
        What was seen.
    expires : str, optional
        The document's expiry (YYYY-MM-DD), where it has one.

    Returns
    -------
    Player
        The player, with the day the check was made.
    """
    _who(state, token, "fixer")
    p = _get(state.players, player_id, "player")
    if document not in ("uk_passport", "irish_passport", "share_code", "biometric_residence_permit",
                        "eu_settled_status"):
        raise ValueError(f"document is uk_passport, irish_passport, share_code, biometric_residence_permit or "
                         f"eu_settled_status, not {document!r}")
    if document in NEEDS_EXPIRY:
        day = _date(expires)
        if day is None:
            raise ValueError(f"a {document.replace('_', ' ')} is recorded with its expiry date")
        if day <= TODAY:
            raise ValueError(f"the {document.replace('_', ' ')} expired on {day}")
    if p[2]:
        raise RuntimeError(f"{p[0]} is a contract player; their right to work is on their contract file")
    if p[6] == TODAY:
        raise RuntimeError(f"{p[0]}'s right to work was checked today already")
    p[6] = TODAY
    return _player(state, player_id)


def email_player(state: State, token: str, player_id: str, subject: str, body: str) -> str:
    """E-mail a player.

    Parameters
    ----------
    token : str
        The session token.
    player_id : str
        The player.
    subject : str
        The subject line.
    body : str
        The message.

    Returns
    -------
    str
        A sentence naming the message sent.
    """
    _who(state, token, "fixer", "librarian", "finance", "concerts")
    p = _get(state.players, player_id, "player")
    if _blank(subject) or _blank(body):
        raise ValueError("subject and body are required")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, player_id, subject.strip(), body.strip()])
    return f"Message {mid} sent to {p[0]} at {p[3]}."


# --------------------------------------------------------------------------- projects


def projects(state: State, token: str, status: ProjectStatus | None = None) -> list[Project]:
    """The season's projects.

    Parameters
    ----------
    token : str
        The session token.
    status : {"planning", "fixing", "performed"}, optional
        Only those in this state.

    Returns
    -------
    list of Project
        Each project's id, title, conductor, soloist, status and instrumentation, in project id order.
    """
    _who(state, token)
    want = _value(status)
    if want is not None and want not in [s.value for s in ProjectStatus]:
        raise ValueError(f"status is planning, fixing or performed, not {want!r}")
    return [_project(state, pid) for pid, p in sorted(state.projects.items()) if want is None or p[3] == want]


def create_project(state: State, token: str, title: str, conductor: str, soloist: str | None = None) -> Project:
    """Set up a project (the rehearsals and concerts of one programme).

    Parameters
    ----------
    token : str
        The session token.
    title : str
        The project's title.
    conductor : str
        Who conducts.
    soloist : str, optional
        The soloist, with the instrument.

    Returns
    -------
    Project
        The project and a new ``project_id``, ``planning``.
    """
    _who(state, token, "concerts")
    if _blank(title) or _blank(conductor):
        raise ValueError("title and conductor are required")
    for pid, p in state.projects.items():
        if p[0].lower() == title.strip().lower():
            raise RuntimeError(f"{title} is {pid} already")
    pid = f"PRJ-{_next(state, 'project')}"
    solo = soloist.strip() if isinstance(soloist, str) and soloist.strip() else None
    state.projects[pid] = [title.strip(), conductor.strip(), solo, "planning", {}, []]
    return _project(state, pid)


def set_instrumentation(state: State, token: str, project_id: str, section: str, players: int) -> int:
    """Set how many players a section of a project needs.

    Parameters
    ----------
    token : str
        The session token.
    project_id : str
        The project.
    section : str
        The section's code.
    players : int
        How many players.

    Returns
    -------
    int
        The players the whole project now needs, as a bare number.
    """
    _who(state, token, "concerts", "fixer")
    p = _get(state.projects, project_id, "project")
    if section not in [s[0] for s in SECTIONS]:
        raise ValueError(f"no section {section!r}")
    if not _count(players) or not 0 <= players <= 20:
        raise ValueError(f"players is 0 to 20, not {players!r}")
    if p[3] == "performed":
        raise RuntimeError(f"{project_id} has been performed")
    if p[4].get(section, 0) == players:
        raise RuntimeError(f"{project_id} has {players} {section} already")
    taken = sum(1 for e in state.engagements.values() if e[0] == project_id and e[2] == section and e[4] == "engaged")
    if players < taken:
        raise ValueError(f"{project_id} has {taken} {section} engaged; release them first")
    if players:
        p[4][section] = players
    else:
        p[4].pop(section, None)
    if p[3] == "planning":
        p[3] = "fixing"
    return sum(p[4].values())


def add_call(state: State, token: str, project_id: str, kind: CallKind, venue_code: str, date: str, start: str,
             end: str) -> Call:
    """Add a call (a rehearsal, sectional, concert or recording session) to a project.

    Parameters
    ----------
    token : str
        The session token.
    project_id : str
        The project.
    kind : {"rehearsal", "sectional", "concert", "recording"}
        The kind of call.
    venue_code : str
        Where.
    date : str
        The day (YYYY-MM-DD).
    start, end : str
        The times (HH:MM).

    Returns
    -------
    Call
        The call and a new ``call_id``.
    """
    _who(state, token, "concerts")
    p = _get(state.projects, project_id, "project")
    what = _value(kind)
    if what not in [k.value for k in CallKind]:
        raise ValueError(f"kind is rehearsal, sectional, concert or recording, not {what!r}")
    if venue_code not in VENUES:
        raise LookupError(f"no venue {venue_code!r}")
    day, a, b = _date(date), _time(start), _time(end)
    if day is None or a is None or b is None:
        raise ValueError(f"date is YYYY-MM-DD and start and end HH:MM, not {date!r}, {start!r} and {end!r}")
    if b <= a:
        raise ValueError("a call ends after it starts")
    if day <= TODAY:
        raise ValueError(f"{day} is too soon to call the players")
    if p[3] == "performed":
        raise RuntimeError(f"{project_id} has been performed")
    if what == "concert" and VENUES[venue_code][2] == "rehearsal hall":
        raise ValueError(f"{VENUES[venue_code][0]} is a rehearsal hall; concerts are in a concert hall or a church")
    for cid, c in state.calls.items():
        if c[3] == day and a < c[5] and c[4] < b:
            raise RuntimeError(f"the orchestra is called to {cid} then already")
    cid = f"CALL-{_next(state, 'call')}"
    state.calls[cid] = [project_id, what, venue_code, day, a, b, None]
    return Call(call_id=cid, project_id=project_id, kind=what, venue=venue_code, date=day, start=a, end=b)


def project_schedule(state: State, token: str, project_id: str) -> Schedule:
    """A project's schedule, chairs and programme.

    Parameters
    ----------
    token : str
        The session token.
    project_id : str
        The project.

    Returns
    -------
    Schedule
        The project's ``title`` and ``status``; ``calls`` as rows ``[call_id, kind, venue, date, start, end,
        reported]``; ``chairs`` as rows ``[section, needed, contract, engaged, offered, vacant]``; ``programme`` as
        rows ``[work_id, composer, title, parts]`` (parts ``own set``, or the hire order's status).
    """
    _who(state, token)
    p = _get(state.projects, project_id, "project")
    calls = [[cid, c[1], c[2], c[3], c[4], c[5], c[6] is not None]
             for cid, c in sorted(state.calls.items(), key=lambda kv: (kv[1][3], kv[1][4])) if c[0] == project_id]
    programme = []
    for wid in p[5]:
        w = state.works[wid]
        order = next((o for o in state.parts.values() if o[0] == wid and o[1] == project_id), None)
        programme.append([wid, w[0], w[1], "own set" if w[4] else (order[3] if order else "not ordered")])
    return Schedule(project_id=project_id, title=p[0], status=p[3], calls=calls, chairs=_chairs(state, project_id),
                    programme=programme)


# --------------------------------------------------------------------------- fixing the players


def offer_engagement(state: State, token: str, project_id: str, player_id: str, section: str, fee: float) -> Offer:
    """Offer a freelancer a chair in a project's section.

    Parameters
    ----------
    token : str
        The session token.
    project_id : str
        The project.
    player_id : str
        The freelancer.
    section : str
        The section's code.
    fee : float
        The fee for the project, in pounds.

    Returns
    -------
    Offer
        The offer and a new ``offer_id``, ``offered`` until the player answers.
    """
    _who(state, token, "fixer")
    p = _get(state.projects, project_id, "project")
    ply = _get(state.players, player_id, "player")
    if section not in [s[0] for s in SECTIONS]:
        raise ValueError(f"no section {section!r}")
    if not _amount(fee) or fee <= 0:
        raise ValueError(f"fee is an amount in pounds, not {fee!r}")
    if p[3] == "performed":
        raise RuntimeError(f"{project_id} has been performed")
    if ply[2]:
        raise ValueError(f"{ply[0]} is a contract player; contract players are called, not offered work")
    if ply[1] != section:
        raise ValueError(f"{ply[0]} plays {ply[1]}, not {section}")
    if fee < MIN_FEE:
        raise ValueError(f"{fee:.2f} is below the union's least fee for a project, {MIN_FEE:.2f}")
    if ply[6] is None:
        raise ValueError(f"{ply[0]}'s right to work has not been checked; a freelancer is offered work once it is")
    for oid, o in state.offers.items():
        if o[0] == project_id and o[1] == player_id and o[4] in ("offered", "accepted"):
            raise RuntimeError(f"{ply[0]} has {oid} ({o[4]}) on {project_id} already")
    row = next((r for r in _chairs(state, project_id) if r[0] == section), None)
    if row is None:
        raise ValueError(f"{project_id} has no {section} in its instrumentation")
    if row[5] <= 0:
        raise ValueError(f"{project_id}'s {section} chairs are all taken or offered")
    oid = f"OFR-{_next(state, 'offer')}"
    state.offers[oid] = [project_id, player_id, section, round(float(fee), 2), "offered"]
    return _offer(state, oid)


def offers(state: State, token: str, project_id: str | None = None,
           status: OfferStatus | None = None) -> list[Offer]:
    """The offers of work.

    Parameters
    ----------
    token : str
        The session token.
    project_id : str, optional
        Only those for this project.
    status : {"offered", "accepted", "declined"}, optional
        Only those in this state.

    Returns
    -------
    list of Offer
        Each offer's id, project, player, name, section, fee and status, in offer id order.
    """
    _who(state, token, "fixer")
    want = _value(status)
    if want is not None and want not in [s.value for s in OfferStatus]:
        raise ValueError(f"status is offered, accepted or declined, not {want!r}")
    return [_offer(state, oid) for oid, o in sorted(state.offers.items())
            if (project_id is None or o[0] == project_id) and (want is None or o[4] == want)]


def record_offer_reply(state: State, token: str, offer_id: str, accepted: bool) -> Offer | Engagement:
    """Record a freelancer's answer to an offer; an acceptance engages them.

    Parameters
    ----------
    token : str
        The session token.
    offer_id : str
        The offer.
    accepted : bool
        Whether they took it.

    Returns
    -------
    Engagement or Offer
        The new engagement (``engagement_id``) when accepted, else the offer, ``declined``.
    """
    _who(state, token, "fixer")
    o = _get(state.offers, offer_id, "offer")
    if not isinstance(accepted, bool):
        raise ValueError(f"accepted is true or false, not {accepted!r}")
    if o[4] != "offered":
        raise RuntimeError(f"{offer_id} has been answered already ({o[4]})")
    if not accepted:
        o[4] = "declined"
        return _offer(state, offer_id)
    o[4] = "accepted"
    eid = f"ENG-{_next(state, 'engagement')}"
    state.engagements[eid] = [o[0], o[1], o[2], o[3], "engaged"]
    return _engagement(state, eid)


def engagements(state: State, token: str, project_id: str | None = None,
                status: EngagementStatus | None = None) -> list[Engagement]:
    """The freelancers' engagements.

    Parameters
    ----------
    token : str
        The session token.
    project_id : str, optional
        Only those on this project.
    status : {"engaged", "released"}, optional
        Only those in this state.

    Returns
    -------
    list of Engagement
        Each engagement's id, project, player, name, section, fee and status, in engagement id order.
    """
    _who(state, token, "fixer", "finance")
    if status is not None and status not in ("engaged", "released"):
        raise ValueError(f"status is engaged or released, not {status!r}")
    return [_engagement(state, eid) for eid, e in sorted(state.engagements.items())
            if (project_id is None or e[0] == project_id) and (status is None or e[4] == status)]


def release_player(state: State, token: str, engagement_id: str, reason: str) -> str:
    """Release a freelancer from an engagement before the project is performed.

    Parameters
    ----------
    token : str
        The session token.
    engagement_id : str
        The engagement.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence naming the player released and the chair freed.
    """
    _who(state, token, "fixer")
    e = _get(state.engagements, engagement_id, "engagement")
    if _blank(reason):
        raise ValueError("reason is required")
    if e[4] == "released":
        raise RuntimeError(f"{engagement_id} is released already")
    if _performed(state, e[0]):
        raise RuntimeError(f"{e[0]} has been performed")
    e[4] = "released"
    return f"{state.players[e[1]][0]} released from {e[0]} ({engagement_id}); a {e[2]} chair is free."


def request_leave(state: State, token: str, player_id: str, project_id: str, reason: str) -> Leave:
    """Take a contract player's request to be excused a project.

    Parameters
    ----------
    token : str
        The session token.
    player_id : str
        The contract player.
    project_id : str
        The project.
    reason : str
        Why.

    Returns
    -------
    Leave
        The request and a new ``leave_id``, ``pending``.
    """
    _who(state, token, "fixer")
    ply = _get(state.players, player_id, "player")
    p = _get(state.projects, project_id, "project")
    if _blank(reason):
        raise ValueError("reason is required")
    if not ply[2]:
        raise ValueError(f"{ply[0]} is a freelancer; a freelancer is released, not given leave")
    if p[3] == "performed":
        raise RuntimeError(f"{project_id} has been performed")
    if ply[1] not in p[4]:
        raise ValueError(f"{project_id} needs no {ply[1]}; {ply[0]} is not called")
    for lid, lv in state.leave.items():
        if lv[0] == player_id and lv[1] == project_id and lv[3] in ("pending", "approved"):
            raise RuntimeError(f"{ply[0]} has {lid} ({lv[3]}) for {project_id} already")
    lid = f"LV-{_next(state, 'leave')}"
    state.leave[lid] = [player_id, project_id, reason.strip(), "pending"]
    return Leave(leave_id=lid, player_id=player_id, name=ply[0], project_id=project_id, reason=reason.strip(),
                 status="pending")


def approve_leave(state: State, token: str, leave_id: str) -> Leave:
    """Approve a contract player's leave from a project; their chair is then free for a freelancer.

    Parameters
    ----------
    token : str
        The session token.
    leave_id : str
        The request.

    Returns
    -------
    Leave
        The request, ``approved``.
    """
    _who(state, token, "fixer")
    lv = _get(state.leave, leave_id, "leave request")
    if lv[3] == "approved":
        raise RuntimeError(f"{leave_id} is approved already")
    if lv[3] != "pending":
        raise RuntimeError(f"{leave_id} is {lv[3]}")
    lv[3] = "approved"
    return Leave(leave_id=leave_id, player_id=lv[0], name=state.players[lv[0]][0], project_id=lv[1], reason=lv[2],
                 status="approved")


# --------------------------------------------------------------------------- the library


def find_work(state: State, token: str, text: str) -> list[Work]:
    """Find works in the library's catalogue by part of the composer's name or the title.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list of Work
        Each work's ``work_id``, ``composer``, ``title``, ``minutes``, ``publisher`` and whether the library has its
        ``own_set`` of parts, in work id order.
    """
    _who(state, token, "librarian", "concerts")
    if _blank(text):
        raise ValueError("text is required")
    needle = text.strip().lower()
    return [Work(work_id=wid, composer=w[0], title=w[1], minutes=w[2], publisher=w[3], own_set=w[4])
            for wid, w in sorted(state.works.items()) if needle in w[0].lower() or needle in w[1].lower()]


def add_to_programme(state: State, token: str, project_id: str, work_id: str) -> Programme:
    """Add a work to the end of a project's programme.

    Parameters
    ----------
    token : str
        The session token.
    project_id : str
        The project.
    work_id : str
        The work.

    Returns
    -------
    Programme
        The programme's ``works`` as rows ``[work_id, composer, title, minutes]`` and its ``minutes``.
    """
    _who(state, token, "librarian", "concerts")
    p = _get(state.projects, project_id, "project")
    _get(state.works, work_id, "work")
    if p[3] == "performed":
        raise RuntimeError(f"{project_id} has been performed")
    if work_id in p[5]:
        raise RuntimeError(f"{work_id} is on {project_id}'s programme already")
    p[5].append(work_id)
    rows = [[w, state.works[w][0], state.works[w][1], state.works[w][2]] for w in p[5]]
    return Programme(project_id=project_id, works=rows, minutes=sum(r[3] for r in rows))


def order_parts(state: State, token: str, project_id: str, work_id: str) -> PartsOrder:
    """Order the hire parts of a work on a project's programme from its publisher.

    Parameters
    ----------
    token : str
        The session token.
    project_id : str
        The project.
    work_id : str
        The work.

    Returns
    -------
    PartsOrder
        The order and a new ``order_id``, ``ordered``, with the hire fee.
    """
    _who(state, token, "librarian")
    p = _get(state.projects, project_id, "project")
    w = _get(state.works, work_id, "work")
    if w[4]:
        raise ValueError(f"the library has its own set of {w[1]}; it is not hired")
    if work_id not in p[5]:
        raise ValueError(f"{w[1]} is not on {project_id}'s programme; parts are hired for a programmed work")
    for oid, o in state.parts.items():
        if o[0] == work_id and o[1] == project_id and o[3] != "returned":
            raise RuntimeError(f"{oid} is on order for it already")
    oid = f"PH-{_next(state, 'parts')}"
    state.parts[oid] = [work_id, project_id, round(150.0 + 5.0 * w[2], 2), "ordered", None]
    return _parts(state, oid)


def parts_orders(state: State, token: str, status: PartsStatus | None = None) -> list[PartsOrder]:
    """The orders for hire parts.

    Parameters
    ----------
    token : str
        The session token.
    status : {"ordered", "received", "bowed", "returned"}, optional
        Only those in this state.

    Returns
    -------
    list of PartsOrder
        Each order's id, work, title, project, publisher, hire fee, status and bowings, in order id order.
    """
    _who(state, token, "librarian")
    if status is not None and status not in ("ordered", "received", "bowed", "returned"):
        raise ValueError(f"status is ordered, received, bowed or returned, not {status!r}")
    return [_parts(state, oid) for oid, o in sorted(state.parts.items()) if status is None or o[3] == status]


def record_parts_received(state: State, token: str, order_id: str) -> PartsOrder:
    """Record that an order's parts have come from the publisher.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order.

    Returns
    -------
    PartsOrder
        The order, ``received``.
    """
    _who(state, token, "librarian")
    o = _get(state.parts, order_id, "parts order")
    if o[3] != "ordered":
        raise RuntimeError(f"{order_id} is {o[3]} already")
    o[3] = "received"
    return _parts(state, order_id)


def mark_bowings(state: State, token: str, order_id: str, bowings: str) -> PartsOrder:
    """Record that the string parts of a received order are marked with the leader's bowings.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order.
    bowings : str
        Whose bowings, and anything the players should know.

    Returns
    -------
    PartsOrder
        The order, ``bowed``.
    """
    _who(state, token, "librarian")
    o = _get(state.parts, order_id, "parts order")
    if _blank(bowings):
        raise ValueError("bowings is required")
    if o[3] == "bowed":
        raise RuntimeError(f"{order_id} is bowed already")
    if o[3] != "received":
        raise RuntimeError(f"{order_id} is {o[3]}; parts are bowed once they are received")
    o[3], o[4] = "bowed", bowings.strip()
    return _parts(state, order_id)


def issue_parts(state: State, token: str, project_id: str) -> str:
    """Send the players their parts for a project's programme.

    Parameters
    ----------
    token : str
        The session token.
    project_id : str
        The project.

    Returns
    -------
    str
        A sentence naming the project and the parts issued.
    """
    _who(state, token, "librarian")
    p = _get(state.projects, project_id, "project")
    if not p[5]:
        raise ValueError(f"{project_id} has nothing on its programme")
    if not p[4]:
        raise ValueError(f"{project_id} has no instrumentation; the parts go to its players")
    for wid in p[5]:
        w = state.works[wid]
        if w[4]:
            continue
        order = next((o for o in state.parts.values() if o[0] == wid and o[1] == project_id and o[3] != "returned"),
                     None)
        if order is None or order[3] == "ordered":
            raise RuntimeError(f"the parts of {w[1]} have not come")
        if order[3] != "bowed":
            raise RuntimeError(f"the parts of {w[1]} are not bowed; parts are issued once bowed")
    return f"Parts of {len(p[5])} works issued for {project_id} ({p[0]}) to {sum(p[4].values())} players."


def return_parts(state: State, token: str, order_id: str) -> PartsOrder:
    """Send a hire order's parts back to the publisher after the project is performed.

    Parameters
    ----------
    token : str
        The session token.
    order_id : str
        The order.

    Returns
    -------
    PartsOrder
        The order, ``returned``.
    """
    _who(state, token, "librarian")
    o = _get(state.parts, order_id, "parts order")
    if o[3] == "returned":
        raise RuntimeError(f"{order_id} is returned already")
    if o[3] == "ordered":
        raise RuntimeError(f"{order_id} has not come yet")
    if not _performed(state, o[1]):
        raise RuntimeError(f"{o[1]} has not been performed; parts go back after the concert")
    o[3] = "returned"
    return _parts(state, order_id)


# --------------------------------------------------------------------------- concerts


def file_concert_report(state: State, token: str, call_id: str, started: str, audience: int,
                        notes: str) -> ConcertReport:
    """File the stage manager's report of a concert that has taken place; a project whose concerts are all reported
    is performed.

    Parameters
    ----------
    token : str
        The session token.
    call_id : str
        The concert.
    started : str
        When it started (HH:MM).
    audience : int
        How many came.
    notes : str
        What happened.

    Returns
    -------
    ConcertReport
        The report, with the ``project_status``.
    """
    _who(state, token, "concerts")
    c = _get(state.calls, call_id, "call")
    at = _time(started)
    if at is None:
        raise ValueError(f"started is HH:MM, not {started!r}")
    if not _count(audience) or audience < 0:
        raise ValueError(f"audience is a number, not {audience!r}")
    if _blank(notes):
        raise ValueError("notes is required")
    if c[1] != "concert":
        raise ValueError(f"{call_id} is a {c[1]}; reports are filed for concerts")
    if c[6] is not None:
        raise RuntimeError(f"{call_id} is reported already")
    if c[3] >= TODAY:
        raise RuntimeError(f"{call_id} is on {c[3]}; it has not taken place")
    c[6] = [at, audience, notes.strip()]
    p = state.projects[c[0]]
    if all(x[6] is not None for x in state.calls.values() if x[0] == c[0] and x[1] == "concert"):
        p[3] = "performed"
    return ConcertReport(call_id=call_id, project_id=c[0], date=c[3], started=at, audience=audience,
                         notes=notes.strip(), project_status=p[3])


def submit_prs_return(state: State, token: str, call_id: str) -> PrsReturn:
    """Send the performing rights return for a reported concert: the works played.

    Parameters
    ----------
    token : str
        The session token.
    call_id : str
        The concert.

    Returns
    -------
    PrsReturn
        The return and a new ``return_id``, its ``works`` as rows ``[work_id, composer, title, minutes]``.
    """
    _who(state, token, "concerts")
    c = _get(state.calls, call_id, "call")
    if c[1] != "concert":
        raise ValueError(f"{call_id} is a {c[1]}; a return is for a concert")
    if c[6] is None:
        raise RuntimeError(f"{call_id} has no concert report; a return is sent once the concert is reported")
    for rid, r in state.prs.items():
        if r[0] == call_id:
            raise RuntimeError(f"the return for {call_id} is {rid} already")
    works = list(state.projects[c[0]][5]) if c[0] in state.projects else list(state.past_projects[c[0]][2])
    rid = f"PRS-{_next(state, 'prs')}"
    state.prs[rid] = [call_id, works]
    return PrsReturn(return_id=rid, call_id=call_id, venue=VENUES[c[2]][0], date=c[3],
                     works=[[w, state.works[w][0], state.works[w][1], state.works[w][2]] for w in works])


# --------------------------------------------------------------------------- finance


def submit_invoice(state: State, token: str, engagement_id: str, mileage: float) -> Invoice:
    """Enter a freelancer's invoice for an engagement on a performed project: the fee and their mileage.

    Parameters
    ----------
    token : str
        The session token.
    engagement_id : str
        The engagement.
    mileage : float
        The miles claimed.

    Returns
    -------
    Invoice
        The invoice and a new ``invoice_id``, ``submitted``, with the ``amount``.
    """
    _who(state, token, "finance")
    e = _get(state.engagements, engagement_id, "engagement")
    if not _amount(mileage) or not 0 <= mileage <= 600:
        raise ValueError(f"mileage is 0 to 600 miles, not {mileage!r}")
    if e[4] != "engaged":
        raise RuntimeError(f"{engagement_id} is {e[4]}")
    if not _performed(state, e[0]):
        raise RuntimeError(f"{e[0]} has not been performed; a freelancer invoices once it is")
    for iid, i in state.invoices.items():
        if i[0] == engagement_id and i[4] != "paid":
            raise RuntimeError(f"{engagement_id} has {iid} ({i[4]}) already")
    iid = f"PINV-{_next(state, 'invoice')}"
    amount = round(e[3] + MILEAGE * float(mileage), 2)
    state.invoices[iid] = [engagement_id, e[3], float(mileage), amount, "submitted"]
    return _invoice(state, iid)


def invoices(state: State, token: str, status: InvoiceStatus | None = None) -> list[Invoice]:
    """The freelancers' invoices.

    Parameters
    ----------
    token : str
        The session token.
    status : {"submitted", "approved", "paid"}, optional
        Only those in this state.

    Returns
    -------
    list of Invoice
        Each invoice's id, engagement, player, name, fee, mileage, amount and status, in invoice id order.
    """
    _who(state, token, "finance")
    if status is not None and status not in ("submitted", "approved", "paid"):
        raise ValueError(f"status is submitted, approved or paid, not {status!r}")
    return [_invoice(state, iid) for iid, i in sorted(state.invoices.items()) if status is None or i[4] == status]


def approve_invoice(state: State, token: str, invoice_id: str) -> Invoice:
    """Approve a submitted invoice for payment.

    Parameters
    ----------
    token : str
        The session token.
    invoice_id : str
        The invoice.

    Returns
    -------
    Invoice
        The invoice, ``approved``.
    """
    _who(state, token, "finance")
    i = _get(state.invoices, invoice_id, "invoice")
    if i[4] == "approved":
        raise RuntimeError(f"{invoice_id} is approved already")
    if i[4] != "submitted":
        raise RuntimeError(f"{invoice_id} is {i[4]}")
    i[4] = "approved"
    return _invoice(state, invoice_id)


def pay_invoice(state: State, token: str, invoice_id: str) -> float:
    """Pay an approved invoice by bank transfer.

    Parameters
    ----------
    token : str
        The session token.
    invoice_id : str
        The invoice.

    Returns
    -------
    float
        The amount paid, as a bare number.
    """
    _who(state, token, "finance")
    i = _get(state.invoices, invoice_id, "invoice")
    if i[4] == "paid":
        raise RuntimeError(f"{invoice_id} is paid already")
    if i[4] != "approved":
        raise RuntimeError(f"{invoice_id} is {i[4]}; an invoice is paid once approved")
    i[4] = "paid"
    return i[3]


TOOLS = [
    sign_in, sign_out, season, venues, sections, find_player, register_freelancer, update_player, player_record,
    check_right_to_work, email_player, projects, create_project, set_instrumentation, add_call, project_schedule,
    offer_engagement, offers, record_offer_reply, engagements, release_player, request_leave, approve_leave, find_work,
    add_to_programme, order_parts, parts_orders, record_parts_received, mark_bowings, issue_parts, return_parts,
    file_concert_report, submit_prs_return, submit_invoice, invoices, approve_invoice, pay_invoice,
]

FIXTURES = {
    "orchestra": {"name": "The Wrexmoor Sinfonia", "today": "Monday 18 January 2038, half past nine in the morning"},
    "staff": [
        {"name": "Hermione Stallybrass", "role": "concerts manager", "username": "hermione.s",
         "password": "Down-Beat-36"},
        {"name": "Lucius Fairlamb", "role": "orchestra manager (fixer)", "username": "lucius.f",
         "password": "Extra-Desk-21"},
        {"name": "Beatrix Ormerod", "role": "librarian", "username": "beatrix.o", "password": "Bow-Marks-77"},
        {"name": "Ptolemy Wainscott", "role": "finance officer", "username": "ptolemy.w", "password": "Fee-Sheet-58"},
        {"name": "Cordelia Hathersage", "role": "chief executive", "username": "cordelia.h",
         "password": "Green-Room-4"},
    ],
    "new_freelancer": {
        "name": "Ms Sorcha Villiers", "instrument": "horn", "email": "sorcha.villiers@example.com",
        "phone": "07700 901377", "town": "Ludchurch",
        "right_to_work": "a share code, seen today, good until 31 March 2041",
        "wants": "the fifth horn chair in Sibelius and Elgar, which Dame Honoria has asked for, at 260 pounds",
    },
    "new_project": {
        "title": "Spring Serenades", "conductor": "Kasimir Oldcastle",
        "plans": "a concert at the Assembly Rooms on Sunday 18 April 2038 from half past seven to half past nine; "
                 "twelve first violins, one harp and two trumpets to start with; Peter and the Wolf and Finlandia",
    },
    "notes": [
        "Saturday's New Year Viennese Gala went well: it started at 19:31 and 468 came; the soloist played an encore",
        "The performing rights return for the gala is to go in, and the Korngold parts are to go back to the "
        "publisher",
        "Barnaby Ellerker has claimed 24 miles for the gala",
        "The percussion invoice from the Christmas concert is checked and can be approved and paid",
        "The harp invoice from the Christmas concert is approved and can be paid",
        "Wilfreda Scarisbrick has asked to be excused Sibelius and Elgar for her sister's wedding; Casimir Overend "
        "can take her chair for 250 pounds, and has shown his UK passport",
        "Leocadia Tremlett has accepted the harp offer for Sibelius and Elgar",
        "Tabitha Quarmby has broken her wrist and must be released from Sibelius and Elgar",
        "Tabitha Quarmby has moved to Stainmore",
        "The Elgar parts have come from Ashdale Music; the leader's bowings are in, and the parts can go out",
        "The Family Concert needs its harp, Leocadia Tremlett at 280 pounds, and a concert at the Corn Exchange on 20 "
        "February at three, finishing at a quarter past four",
        "The Snow Queen suite goes on the Family Concert's programme, and its parts are to be hired",
        "Leocadia Tremlett is to be sent the Family Concert's dates",
        "Marguerite Holroyd's record is wanted for her tax return",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "season", "venues")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
PLAYER_CONSUMERS = ["update_player", "player_record", "check_right_to_work", "email_player", "offer_engagement"]
PROJECT_CONSUMERS = ["set_instrumentation", "add_call", "project_schedule", "offer_engagement", "request_leave",
                     "add_to_programme", "order_parts", "issue_parts"]
_PLAYER = "id lookup/create: player (player_id of register_freelancer, or of a find_player entry)"
_PROJECT = "id lookup/create: project (project_id of create_project, or of a projects entry)"
_SECTION = "vocabulary: section codes (code of a sections entry)"
_PARTS = "id lookup/create: parts order (order_id of order_parts, or of a parts_orders entry)"
_INVOICE = "id lookup/create: invoice (invoice_id of submit_invoice, or of an invoices entry)"
_CONCERT = "id lookup: concert call (a call row of project_schedule)"
_PERFORMED = "state: the project performed (its concert reported)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_freelancer|find_player", c, _PLAYER) for c in PLAYER_CONSUMERS]
    + [("create_project|projects", c, _PROJECT) for c in PROJECT_CONSUMERS]
    + [("sections", c, _SECTION) for c in ("register_freelancer", "set_instrumentation", "offer_engagement")]
    + [("order_parts|parts_orders", c, _PARTS) for c in ("record_parts_received", "mark_bowings")]
    + [("submit_invoice|invoices", c, _INVOICE) for c in ("approve_invoice", "pay_invoice")]
    + [("project_schedule", c, _CONCERT) for c in ("file_concert_report", "submit_prs_return")]
    + [("find_work", c, "id lookup: work (work_id of a find_work entry)") for c in ("add_to_programme", "order_parts")]
    + [("file_concert_report", c, _PERFORMED) for c in ("submit_prs_return", "return_parts", "submit_invoice")]
    + [
        ("venues", "add_call", "vocabulary: venue codes (code of a venues entry)"),
        ("find_player", "request_leave", "id lookup: contract player (player_id of a find_player entry)"),
        ("offer_engagement|offers", "record_offer_reply",
         "id lookup/create: offer (offer_id of offer_engagement, or of an offers entry)"),
        ("record_offer_reply|engagements", "release_player",
         "id lookup/create: engagement (engagement_id of record_offer_reply, or of an engagements entry)"),
        ("engagements", "submit_invoice", "id lookup: engagement on a performed project (engagement_id of an "
                                          "engagements entry)"),
        ("request_leave", "approve_leave", "id create: leave request (leave_id of request_leave)"),
        ("parts_orders", "return_parts", "id lookup: parts order of a performed project (order_id of a parts_orders "
                                         "entry)"),
        ("set_instrumentation", "offer_engagement", "state: a free chair in the section"),
        ("check_right_to_work", "offer_engagement", "verification: the freelancer's right to work checked"),
        ("approve_leave", "offer_engagement", "approval: a contract player's leave approved (a chair freed)"),
        ("set_instrumentation", "request_leave", "state: the player's section called for the project"),
        ("set_instrumentation", "issue_parts", "state: the project's instrumentation set"),
        ("add_to_programme", "order_parts", "state: the work on the programme"),
        ("add_to_programme", "issue_parts", "state: a work on the programme"),
        ("record_parts_received", "mark_bowings", "state: the parts received"),
        ("mark_bowings", "issue_parts", "state: the hired parts bowed"),
        ("approve_invoice", "pay_invoice", "approval: the invoice approved"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_PLAYER_CHANGES = ("register_freelancer", "update_player", "check_right_to_work")
_FIXING = ("offer_engagement", "record_offer_reply", "release_player", "request_leave", "approve_leave")
_PARTS_CHANGES = ("order_parts", "record_parts_received", "mark_bowings", "return_parts")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: players on offers, engagements, leave and invoices; projects
    # on offers, engagements, leave, calls, programmes and parts orders; sections on players, offers, engagements and
    # a project's instrumentation and chairs; venues on calls; offers, engagements, leave and invoices on a player's
    # record; works on programmes, parts orders and returns; parts orders, calls and invoices on the records that
    # answer with one
    {(p, c) for p in ("offers", "engagements", "offer_engagement", "record_offer_reply", "request_leave",
                      "approve_leave", "invoices", "submit_invoice", "approve_invoice", "update_player",
                      "check_right_to_work")
     for c in PLAYER_CONSUMERS + ["request_leave"]}
    | {(p, c) for p in ("offers", "engagements", "offer_engagement", "record_offer_reply", "request_leave",
                        "approve_leave", "add_call", "parts_orders", "order_parts", "file_concert_report",
                        "add_to_programme", "player_record")
       for c in PROJECT_CONSUMERS}
    | {(p, c) for p in ("find_player", "register_freelancer", "offers", "engagements", "projects", "project_schedule",
                        "offer_engagement", "record_offer_reply")
       for c in ("register_freelancer", "set_instrumentation", "offer_engagement")}
    | {("sections", "find_player")}
    | {(p, "add_call") for p in ("add_call", "project_schedule")}
    | {("player_record", c) for c in ("record_offer_reply", "release_player", "submit_invoice", "approve_leave",
                                      "approve_invoice", "pay_invoice")}
    | {(p, c) for p in ("invoices", "submit_invoice", "approve_invoice") for c in ("release_player", "submit_invoice")}
    | {(p, c) for p in ("project_schedule", "add_to_programme", "parts_orders", "order_parts", "submit_prs_return")
       for c in ("add_to_programme", "order_parts")}
    | {(p, c) for p in ("record_parts_received", "mark_bowings", "order_parts")
       for c in ("record_parts_received", "mark_bowings", "return_parts")}
    | {("add_call", c) for c in ("file_concert_report", "submit_prs_return")}
    | {("approve_invoice", c) for c in ("approve_invoice", "pay_invoice")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("add_to_programme", "mark_bowings"), ("add_to_programme", "record_parts_received"),
        ("check_right_to_work", "record_offer_reply"), ("engagements", "approve_invoice"),
        ("engagements", "pay_invoice"), ("file_concert_report", "approve_invoice"),
        ("file_concert_report", "pay_invoice"), ("find_player", "approve_leave"), ("find_work", "issue_parts"),
        ("find_work", "mark_bowings"), ("find_work", "record_parts_received"), ("offer_engagement", "release_player"),
        ("parts_orders", "issue_parts"), ("project_schedule", "return_parts"), ("project_schedule", "submit_invoice"),
        ("projects", "approve_leave"), ("projects", "file_concert_report"), ("projects", "mark_bowings"),
        ("projects", "record_offer_reply"), ("projects", "record_parts_received"), ("projects", "submit_prs_return"),
        ("record_parts_received", "issue_parts"), ("register_freelancer", "record_offer_reply"),
        ("request_leave", "offer_engagement"), ("sections", "check_right_to_work"), ("sections", "email_player"),
        ("sections", "issue_parts"), ("sections", "player_record"), ("sections", "record_offer_reply"),
        ("sections", "request_leave"), ("sections", "update_player"), ("set_instrumentation", "record_offer_reply"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in _PLAYER_CHANGES for c in ("find_player", "player_record")}
    | {(p, c) for p in ("create_project", "set_instrumentation") for c in ("projects", "project_schedule")}
    | {(p, c) for p in ("add_call", "add_to_programme") for c in ("project_schedule", "season")}
    | {(p, c) for p in _PARTS_CHANGES for c in ("parts_orders", "project_schedule")}
    | {("file_concert_report", c) for c in ("projects", "project_schedule", "season")}
    | {(p, c) for p in _FIXING for c in ("offers", "engagements", "project_schedule", "player_record")}
    | {(p, c) for p in ("submit_invoice", "approve_invoice", "pay_invoice") for c in ("invoices", "player_record")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
