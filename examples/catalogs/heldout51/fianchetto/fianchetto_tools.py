"""Fianchetto: the office system of the Varnholt Chess Federation, a national chess federation's membership,
tournaments, ratings, arbiters and fair-play office (38 calls).

Plain functions without a decorator, each checking its own session and role and answering its refusals, over an
in-memory ``State`` of the federation's office on Wednesday 14 April 2055 at 09:00. The membership secretary registers
players, sells them a season's membership (an invoice the treasurer records payment of), records a parent's consent
for a junior, renews a club's affiliation and moves players between clubs. The events officer registers the clubs'
tournaments (a sanction fee is invoiced), appoints a licensed arbiter, sanctions them once the fee is paid, opens and
closes their entries and enters and withdraws players. The federation's tournament arbiter pairs the rounds, records
the results, closes a tournament and submits its rating report, which the ratings officer rates (the organising club
is invoiced a rating fee); the ratings officer also takes a player's title application with the norm certificates
behind it and awards the title once its fee is paid. The licensing secretary takes arbiter licence applications, the
seminar certificates and safeguarding checks behind them, vets the checks and grants the licences. The fair-play
officer opens and decides cases. The director may make every call. The time controls and the rating list are public.

Refusals are *returned* in the style of the Xero accounting API's error object: a dict with a numeric
``ErrorNumber``, an exception ``Type`` (``ValidationException``, ``PostDataInvalidException``,
``QueryParseException``, ``ObjectNotFoundException``, ``UnauthorisedException``, ``ForbiddenException``), a
``Message`` and, for a ``ValidationException``, ``Elements`` whose ``ValidationErrors`` say what is wrong, as in
``{"ErrorNumber": 10, "Type": "ValidationException", "Message": "A validation exception occurred", "Elements":
[{"TournamentID": "T-5520", "ValidationErrors": [{"Message": "T-5520's sanction fee (INV-80431) is unpaid"}]}]}``.
No common convention of a runtime reads that, so the module declares ``FAILURE`` (``xero_error``).

Annotations are evaluated at definition and spelled with ``typing`` (``Optional[str]``, ``List[str]``,
``List[List[Any]]``, ``Dict[str, Any]``, ``Union[Member, Dict[str, Any]]``), with ``Literal`` aliases and ``Enum``s.
Docstrings are plain prose. Replies are dataclasses and lists of them (a session, members, a member's record with
its memberships, entries, documents and titles as rows, a membership, invoices, a tournament, an entry, a round's
pairing with its boards as rows, a document, a safeguarding vetting, a licence application, an arbiter, a title
application, a rating report, a rating run with its changes as rows, a fair-play case); the time controls, the rating
list, the clubs, the arbiters, a tournament's entries, pairings and standings as bare rows; a bare value (what is left
to pay on an invoice); sentences with ids in them (a result recorded, an entry withdrawn, a title awarded, a
sign-out). Typed inputs: a plain ``Enum`` input (``DocKind``), ``str`` ``Enum`` inputs (``Tier``, ``PayMethod``),
``Literal`` inputs (a licence grade, a result, a case's outcome, a rating list's category) and ``Literal`` filters
(tournaments, invoices, arbiters), a ``List[str]`` of norm certificates, ``bool`` settings and answers, ``int``
rounds, round numbers, boards and months, ``float`` amounts, ``Optional[str]`` details and filters. Ids look alike:
member ``VCF-30402``, club ``CL-03``, tournament ``T-5511``, entry ``E-7704``, invoice ``INV-80431``, document
``DOC-2214``, licence application ``LA-0190``, arbiter ``ARB-104``, title application ``TA-0057``, rating report
``RR-0611``, case ``FP-0027``; time controls ``R25+10``. The seasons, the junior age, the tiers' fees, a tournament's
notice and rounds, the arbiters' grades for standard play, the results, the forms of a safeguarding check's number and
its age, the titles and what each needs, and a suspension's length are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import json
import re
from dataclasses import dataclass
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Tuple, Union

TODAY = "2055-04-14"  # a Wednesday
NOW = "2055-04-14 09:00"
SEASON = "2054-55"
SEASON_START = "2054-09-01"
SEASON_END = "2055-08-31"
NEXT_SEASON = "2055-56"
MEMBERSHIP = "membership"
EVENTS = "events"
ARBITER = "arbiter"
RATINGS = "ratings"
LICENSING = "licensing"
FINANCE = "finance"
FAIR_PLAY = "fair_play"
DIRECTOR = "director"

Grade = Literal["club", "national"]
Result = Literal["1-0", "0-1", "1/2-1/2", "1-0 forfeit", "0-1 forfeit"]
Outcome = Literal["dismissed", "warning", "suspended"]
Category = Literal["standard", "rapid", "blitz"]
TournamentStatus = Literal["draft", "sanctioned", "running", "closed", "submitted", "rated"]
InvoiceStatus = Literal["unpaid", "paid"]
ArbiterGrade = Literal["club", "national", "international"]


class Tier(str, Enum):
    JUNIOR = "junior"
    STANDARD = "standard"
    PREMIUM = "premium"


class PayMethod(str, Enum):
    CARD = "card"
    BANK_TRANSFER = "bank_transfer"
    CHEQUE = "cheque"


class DocKind(Enum):
    SEMINAR_CERTIFICATE = "seminar_certificate"
    SAFEGUARDING_CHECK = "safeguarding_check"
    NORM_CERTIFICATE = "norm_certificate"
    BIRTH_CERTIFICATE = "birth_certificate"


TIER_FEES = {"junior": 12.0, "standard": 35.0, "premium": 60.0}
AFFILIATION_FEE = 80.0
SANCTION_FEES = {"standard": 40.0, "rapid": 25.0, "blitz": 25.0}
LICENCE_FEES = {"club": 25.0, "national": 60.0}
TITLE_FEE = 50.0
RATING_FEE = 1.5  # a player, a rated tournament
JUNIOR_AGE = 18
NOTICE_DAYS = 14
TITLES = {"NE": ("National Expert", 2000, 1), "CM": ("Candidate Master", 2200, 2), "NM": ("National Master", 2300, 3)}
RESULTS = {"1-0": (1.0, 0.0), "0-1": (0.0, 1.0), "1/2-1/2": (0.5, 0.5), "1-0 forfeit": (1.0, 0.0),
           "0-1 forfeit": (0.0, 1.0)}
SAFEGUARDING_FORM = re.compile(r"SG-\d{6}-[A-Z]{2}")
TIME_CONTROLS = [  # code, category, description
    ["S90+30", "standard", "90 minutes for all moves, 30 seconds added a move"],
    ["S120", "standard", "2 hours for all moves"],
    ["R25+10", "rapid", "25 minutes for all moves, 10 seconds added a move"],
    ["R15+10", "rapid", "15 minutes for all moves, 10 seconds added a move"],
    ["B5+3", "blitz", "5 minutes for all moves, 3 seconds added a move"],
    ["B3+2", "blitz", "3 minutes for all moves, 2 seconds added a move"],
]
CATEGORY = {code: category for code, category, _ in TIME_CONTROLS}

# --------------------------------------------------------------------------- refusals (Xero-style error objects)

ERROR_NUMBERS = {"ValidationException": 10, "PostDataInvalidException": 14, "QueryParseException": 16,
                 "ObjectNotFoundException": 17, "UnauthorisedException": 21, "ForbiddenException": 22}


def xero_error(reply: Any) -> Any:
    """A reply is a refusal when it is a Xero-style error object: a dict (or JSON text of one) with a numeric
    ``ErrorNumber`` and a string ``Type``. Answers ``"Type (ErrorNumber): <what is wrong>"`` (the validation
    errors' messages for a ``ValidationException``, else its ``Message``), else False."""
    if isinstance(reply, str) and reply[:1] == "{":
        try:
            reply = json.loads(reply)
        except ValueError:
            return False
    if not (isinstance(reply, dict) and isinstance(reply.get("ErrorNumber"), int)
            and not isinstance(reply.get("ErrorNumber"), bool) and isinstance(reply.get("Type"), str)):
        return False
    said = [v.get("Message") for e in reply.get("Elements") or [] if isinstance(e, dict)
            for v in e.get("ValidationErrors") or [] if isinstance(v, dict) and isinstance(v.get("Message"), str)]
    return f"{reply['Type']} ({reply['ErrorNumber']}): {'; '.join(said) if said else reply.get('Message')}"


FAILURE = xero_error


class _Refusal(Exception):
    """A refusal inside a call, answered as a Xero-style error object."""

    def __init__(self, kind: str, message: str, element: Optional[Dict[str, Any]] = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.element = element or {}

    def reply(self) -> Dict[str, Any]:
        if self.kind == "ValidationException":
            return {"ErrorNumber": ERROR_NUMBERS[self.kind], "Type": self.kind,
                    "Message": "A validation exception occurred",
                    "Elements": [{**self.element, "ValidationErrors": [{"Message": self.message}]}]}
        return {"ErrorNumber": ERROR_NUMBERS[self.kind], "Type": self.kind, "Message": self.message}


def _invalid(message: str, **element: Any) -> _Refusal:
    return _Refusal("ValidationException", message, element)


def _bad(message: str) -> _Refusal:
    return _Refusal("PostDataInvalidException", message)


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str
    signed_in: str


@dataclass
class Member:
    member_id: str
    name: str
    date_of_birth: str
    club_code: Optional[str]
    junior: bool
    paid_to: Optional[str]
    parental_consent: Optional[bool]
    member_status: str


@dataclass
class MemberRecord:
    member_id: str
    name: str
    date_of_birth: str
    email: str
    club_code: Optional[str]
    ratings: Dict[str, Optional[int]]
    peak_standard: Optional[int]
    titles: List[str]
    memberships: List[List[Any]]
    entries: List[List[Any]]
    documents: List[List[Any]]
    member_status: str


@dataclass
class Membership:
    member_id: str
    season: str
    tier: str
    fee: float
    invoice_id: str
    membership_status: str


@dataclass
class Invoice:
    invoice_id: str
    payer: str
    payer_name: str
    description: str
    amount: float
    paid: float
    invoice_status: str
    raised: str


@dataclass
class Tournament:
    tournament_id: str
    name: str
    club_code: str
    venue: str
    start_date: str
    rounds: int
    time_control: str
    category: str
    junior_only: bool
    arbiter_id: Optional[str]
    sanction_invoice: str
    entries_open: bool
    rounds_paired: int
    report_id: Optional[str]
    tournament_status: str


@dataclass
class Entry:
    entry_id: str
    tournament_id: str
    member_id: str
    name: str
    rating: Optional[int]
    entry_status: str


@dataclass
class Pairing:
    tournament_id: str
    round: int
    boards: List[List[Any]]
    bye: Optional[str]


@dataclass
class Document:
    document_id: str
    member_id: str
    kind: str
    reference: str
    issued_on: str
    uploaded: str


@dataclass
class Vetting:
    document_id: str
    member_id: str
    outcome: str
    valid_until: str


@dataclass
class LicenceApplication:
    application_id: str
    member_id: str
    name: str
    grade: str
    fee: float
    invoice_id: str
    application_status: str


@dataclass
class Arbiter:
    arbiter_id: str
    member_id: str
    name: str
    grade: str
    valid_until: str


@dataclass
class TitleApplication:
    application_id: str
    member_id: str
    name: str
    title: str
    peak_standard: int
    norms: List[str]
    fee: float
    invoice_id: str
    application_status: str


@dataclass
class RatingReport:
    report_id: str
    tournament_id: str
    games: int
    players: int
    submitted: str
    report_status: str


@dataclass
class RatingRun:
    report_id: str
    tournament_id: str
    changes: List[List[Any]]
    fee_invoice: str
    fee: float


@dataclass
class Case:
    case_id: str
    member_id: str
    name: str
    tournament_id: str
    allegation: str
    outcome: Optional[str]
    suspended_until: Optional[str]
    case_status: str


# --------------------------------------------------------------------------- the federation on the day


def _member(name: str, born: str, club: Optional[str], email: str, std: Optional[int], rapid: Optional[int],
            blitz: Optional[int], paid: List[List[Any]], consent: Optional[bool] = None) -> Dict[str, Any]:
    return {"name": name, "born": born, "club": club, "email": email,
            "ratings": {"standard": std, "rapid": rapid, "blitz": blitz}, "peak": std, "titles": [],
            "memberships": paid, "consent": consent, "status": "active", "suspended_until": None,
            "safeguarding": None}


def _tournament(name: str, club: str, venue: str, start: str, rounds: int, tc: str, arbiter: Optional[str],
                invoice: str, status: str, entries_open: bool = False, junior_only: bool = False) -> Dict[str, Any]:
    return {"name": name, "club": club, "venue": venue, "start": start, "rounds": rounds, "tc": tc,
            "arbiter": arbiter, "invoice": invoice, "status": status, "entries_open": entries_open,
            "junior_only": junior_only, "pairings": [], "byes": [], "report": None}


class State:
    """The Varnholt Chess Federation's office on Wednesday 14 April 2055 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "petronella.l": {"name": "Petronella Langhorne", "password": "Gambit-Ledger-42", "role": MEMBERSHIP},
            "hereward.q": {"name": "Hereward Quillfeather", "password": "Castling-Hall-17", "role": EVENTS},
            "ludovic.a": {"name": "Ludovic Ambridge-Stainthorpe", "password": "Zugzwang-Clock-63", "role": ARBITER},
            "dorothea.v": {"name": "Dorothea Vantongeren", "password": "Elo-Table-28", "role": RATINGS},
            "leopoldine.o": {"name": "Leopoldine Onyekachi", "password": "Seminar-Badge-55", "role": LICENSING},
            "mungo.t": {"name": "Mungo Tunnicliffe", "password": "Receipt-Rook-91", "role": FINANCE},
            "osbert.m": {"name": "Osbert Moravec", "password": "Engine-Watch-36", "role": FAIR_PLAY},
            "rosamond.g": {"name": "Rosamond Gillingham", "password": "Board-Chair-84", "role": DIRECTOR},
        }
        self.sessions: Dict[str, Dict[str, Any]] = {}
        self.clubs: Dict[str, Dict[str, Any]] = {
            "CL-03": {"name": "Marrowgate Street Chess Club", "town": "Varnholt", "secretary": "Horatia Ruck",
                      "affiliated_until": SEASON_END},
            "CL-07": {"name": "Varnholt University Chess Club", "town": "Varnholt", "secretary": "Eithne Sugden",
                      "affiliated_until": SEASON_END},
            "CL-11": {"name": "Osterby Knights", "town": "Osterby", "secretary": "Clovis Wedderburn",
                      "affiliated_until": SEASON_END},
            "CL-14": {"name": "Quenmoor Chess Circle", "town": "Quenmoor", "secretary": "Rhoswen Tidey",
                      "affiliated_until": "2054-08-31"},
            "CL-19": {"name": "Kettlebrook Rooks", "town": "Kettlebrook", "secretary": "Maarten Gostick",
                      "affiliated_until": SEASON_END},
            "CL-22": {"name": "Wrensford Junior Chess", "town": "Wrensford", "secretary": "Mairead Quantock",
                      "affiliated_until": SEASON_END},
        }
        std_paid = [["2053-54", "standard", "paid"], [SEASON, "standard", "paid"]]
        self.members: Dict[str, Dict[str, Any]] = {
            "VCF-30402": _member("Dragomir Achterlonie", "1986-03-11", "CL-03", "dragomir.a@example.net", 2295, 2250,
                                 2204, [[SEASON, "premium", "paid"]]),
            "VCF-30403": _member("Ragnhild Satterthwaite", "1979-09-30", "CL-03", "ragnhild.s@example.org", 2105, 2080,
                                 2031, [list(r) for r in std_paid]),
            "VCF-30404": _member("Tancredi Balogun-Wagstaff", "1995-01-22", "CL-11", "tancredi.of@example.com", 2188,
                                 2142, 2160, [[SEASON, "standard", "paid"]]),
            "VCF-30405": _member("Theodora Dewhurst", "1991-07-04", "CL-03", "theodora.d@example.net", 1962, 1930,
                                 None, [[SEASON, "standard", "paid"]]),
            "VCF-30406": _member("Aurelian Kaminski-Hirst", "2001-12-19", "CL-11", "aurelian.kh@example.org", 2034,
                                 2101, 2122, [[SEASON, "standard", "paid"]]),
            "VCF-30407": _member("Cressida Marchmont", "1983-05-15", "CL-19", "cressida.m@example.com", 1876, 1850,
                                 None, [list(r) for r in std_paid]),
            "VCF-30408": _member("Jovan Ibbotson", "1969-02-02", "CL-19", "jovan.p@example.net", 1720, 1705, None,
                                 [[SEASON, "standard", "paid"]]),
            "VCF-30409": _member("Liesbet Bickerstaff", "1975-10-08", "CL-07", "liesbet.b@example.org", 1990, 1955,
                                 None, [[SEASON, "standard", "paid"]]),
            "VCF-30410": _member("Wolfram Ransome", "1960-04-27", "CL-11", "wolfram.r@example.com", 1810, 1795, None,
                                 [[SEASON, "standard", "paid"]]),
            "VCF-30411": _member("Sigrid Eriksdottir", "1988-06-12", "CL-22", "sigrid.ho@example.net", 2012, None,
                                 None, [[SEASON, "standard", "paid"]]),
            "VCF-30412": _member("Maximilian Ormsby", "1999-08-14", "CL-07", "max.ormsby@example.org", 1988,
                                 1970, 2005, [["2053-54", "standard", "paid"]]),
            "VCF-30413": _member("Winifreda Tollemache", "2040-11-03", "CL-22", "tollemache.family@example.com", None,
                                 1540, None, [[SEASON, "junior", "paid"]], consent=True),
            "VCF-30414": _member("Quintin Naismith-Nakagawa", "2042-02-17", "CL-22", "naismith.nakagawa@example.net",
                                 None, 1322, None, [[SEASON, "junior", "paid"]], consent=False),
            "VCF-30415": _member("Melisande Entwistle-Bey", "2039-06-30", "CL-22", "entwistle.bey@example.org", None,
                                 1611, None, [[SEASON, "junior", "unpaid"]], consent=True),
            "VCF-30416": _member("Zoran Wimpole", "1993-12-01", "CL-19", "zoran.w@example.com", 1654, 1688,
                                 None, [[SEASON, "standard", "paid"]]),
            "VCF-30417": _member("Ilona Cholmondeley", "1997-03-26", "CL-19", "ilona.c@example.net", 1702, 1731, None,
                                 [[SEASON, "standard", "paid"]]),
            "VCF-30418": _member("Yorick Penhallick", "1980-08-19", "CL-11", "yorick.p@example.org", 1899, 1874, 1902,
                                 [[SEASON, "standard", "paid"]]),
            "VCF-30419": _member("Gunhild Marchbanks", "1972-01-09", "CL-03", "gunhild.m@example.com", 2046, 2012,
                                 None, [[SEASON, "standard", "paid"]]),
            "VCF-30420": _member("Leif Dalrymple-Oyewole", "1990-05-05", "CL-19", "leif.fa@example.net", 1615,
                                 1640, None, [[SEASON, "standard", "paid"]]),
        }
        self.members["VCF-30402"]["peak"] = 2295
        self.arbiters: Dict[str, Dict[str, Any]] = {
            "ARB-104": {"member": "VCF-30409", "grade": "national", "valid_until": "2057-03-31"},
            "ARB-106": {"member": "VCF-30410", "grade": "club", "valid_until": "2056-09-30"},
            "ARB-109": {"member": "VCF-30411", "grade": "international", "valid_until": "2058-01-31"},
        }
        for aid, a in self.arbiters.items():
            self.members[a["member"]]["safeguarding"] = "2057-01-31"
        self.tournaments: Dict[str, Dict[str, Any]] = {
            "T-5502": _tournament("Varnholt Winter League", "CL-07", "University Union, Varnholt", "2055-01-12", 5,
                                  "S120", "ARB-104", "INV-80402", "rated"),
            "T-5511": _tournament("Marrowgate Street Easter Congress", "CL-03", "Marrowgate Street Institute, Varnholt",
                                  "2055-04-11", 4, "S90+30", "ARB-104", "INV-80419", "running"),
            "T-5514": _tournament("Kettlebrook Evening Rapid", "CL-19", "Kettlebrook Library, Meeting Room 2",
                                  "2055-04-13", 3, "R15+10", "ARB-106", "INV-80424", "running"),
            "T-5518": _tournament("Osterby Spring Rapidplay", "CL-11", "Osterby Corn Exchange", TODAY, 5, "R25+10",
                                  "ARB-106", "INV-80428", "sanctioned", entries_open=True),
            "T-5520": _tournament("Wrensford Junior Open", "CL-22", "Wrensford Community Hall", "2055-05-08", 6,
                                  "R25+10", None, "INV-80431", "draft", junior_only=True),
        }
        self.tournaments["T-5502"]["report"] = "RR-0604"
        self.tournaments["T-5511"]["pairings"] = [
            [[1, "VCF-30402", "VCF-30407", "1-0"], [2, "VCF-30404", "VCF-30405", "1-0"],
             [3, "VCF-30419", "VCF-30406", "1/2-1/2"]],
            [[1, "VCF-30404", "VCF-30402", "1/2-1/2"], [2, "VCF-30406", "VCF-30407", "1-0"],
             [3, "VCF-30405", "VCF-30419", "0-1"]],
            [[1, "VCF-30402", "VCF-30419", "1-0"], [2, "VCF-30406", "VCF-30404", "0-1"],
             [3, "VCF-30407", "VCF-30405", "1/2-1/2"]],
            [[1, "VCF-30404", "VCF-30419", "1/2-1/2"], [2, "VCF-30406", "VCF-30402", None],
             [3, "VCF-30405", "VCF-30407", None]],
        ]
        self.tournaments["T-5511"]["byes"] = [None, None, None, None]
        self.tournaments["T-5514"]["pairings"] = [
            [[1, "VCF-30417", "VCF-30408", "0-1"], [2, "VCF-30416", "VCF-30420", None]],
        ]
        self.tournaments["T-5514"]["byes"] = [None]
        self.entries: Dict[str, Dict[str, Any]] = {}
        plays = [("T-5502", "VCF-30409"), ("T-5502", "VCF-30412"), ("T-5502", "VCF-30403"), ("T-5502", "VCF-30419"),
                 ("T-5511", "VCF-30402"), ("T-5511", "VCF-30404"), ("T-5511", "VCF-30405"), ("T-5511", "VCF-30406"),
                 ("T-5511", "VCF-30407"), ("T-5511", "VCF-30419"), ("T-5514", "VCF-30408"), ("T-5514", "VCF-30416"),
                 ("T-5514", "VCF-30417"), ("T-5514", "VCF-30420"), ("T-5518", "VCF-30403"),
                 ("T-5518", "VCF-30409"), ("T-5518", "VCF-30413"), ("T-5518", "VCF-30418")]
        for n, (tid, mid) in enumerate(plays):
            status = "played" if tid == "T-5502" else "playing" if tid in ("T-5511", "T-5514") else "entered"
            self.entries[f"E-{7690 + n}"] = {"tournament": tid, "member": mid, "status": status}
        self.invoices: Dict[str, Dict[str, Any]] = {
            "INV-80402": {"payer": "CL-07", "description": "sanction fee T-5502", "amount": 40.0, "paid": 40.0,
                          "raised": "2054-12-01", "for": ["sanction", "T-5502"]},
            "INV-80419": {"payer": "CL-03", "description": "sanction fee T-5511", "amount": 40.0, "paid": 40.0,
                          "raised": "2055-02-20", "for": ["sanction", "T-5511"]},
            "INV-80424": {"payer": "CL-19", "description": "sanction fee T-5514", "amount": 25.0, "paid": 25.0,
                          "raised": "2055-03-02", "for": ["sanction", "T-5514"]},
            "INV-80428": {"payer": "CL-11", "description": "sanction fee T-5518", "amount": 25.0, "paid": 25.0,
                          "raised": "2055-03-15", "for": ["sanction", "T-5518"]},
            "INV-80429": {"payer": "CL-07", "description": "rating fee T-5502 (4 players)", "amount": 6.0,
                          "paid": 6.0, "raised": "2055-03-18", "for": ["rating", "T-5502"]},
            "INV-80431": {"payer": "CL-22", "description": "sanction fee T-5520", "amount": 25.0, "paid": 0.0,
                          "raised": "2055-04-02", "for": ["sanction", "T-5520"]},
            "INV-80433": {"payer": "VCF-30415", "description": f"junior membership {SEASON}", "amount": 12.0,
                          "paid": 0.0, "raised": "2055-04-06", "for": ["membership", "VCF-30415", SEASON]},
        }
        self.documents: Dict[str, Dict[str, Any]] = {
            "DOC-2207": {"member": "VCF-30410", "kind": "seminar_certificate", "reference": "ARB-SEM-2051-14",
                         "issued_on": "2051-05-21", "uploaded": "2051-06-02", "vetted": None},
            "DOC-2209": {"member": "VCF-30410", "kind": "safeguarding_check", "reference": "SG-480211-VH",
                         "issued_on": "2054-01-31", "uploaded": "2054-02-04", "vetted": "clear"},
        }
        self.applications: Dict[str, Dict[str, Any]] = {}
        self.titles: Dict[str, Dict[str, Any]] = {}
        self.reports: Dict[str, Dict[str, Any]] = {
            "RR-0604": {"tournament": "T-5502", "notes": "No incidents.", "submitted": "2055-03-16",
                        "status": "rated"},
        }
        self.cases: Dict[str, Dict[str, Any]] = {}
        self.counters = {"session": 1, "member": 30421, "invoice": 80434, "tournament": 5521, "entry": 7708,
                         "document": 2214, "application": 190, "arbiter": 110, "title": 57, "report": 611,
                         "case": 27}


# --------------------------------------------------------------------------- helpers


def _session(state: Any, token: Any, roles: Tuple[str, ...] = ()) -> Dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) and state is not None else None
    if session is None:
        raise _Refusal("UnauthorisedException", "the session token is not valid, or the session has ended; sign in")
    if roles and session["role"] != DIRECTOR and session["role"] not in roles:
        raise _Refusal("ForbiddenException", f"{session['name']} ({session['role']}) may not make this call")
    return session


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _rounds(n: int) -> str:
    return f"{n} round{'' if n == 1 else 's'}"


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _get(table: Dict[str, Any], key: Any, what: str) -> Dict[str, Any]:
    if not isinstance(key, str) or key not in table:
        raise _Refusal("ObjectNotFoundException", f"no {what} {key}")
    return table[key]


def _date(value: Any, what: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _bad(f"{what} is a date written YYYY-MM-DD") from None


def _age_on(born: str, day: str) -> int:
    b, d = datetime.date.fromisoformat(born), datetime.date.fromisoformat(day)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _enum(kind: Any, value: Any, what: str) -> str:
    if isinstance(value, kind):
        return value.value
    allowed = [m.value for m in kind]
    if value not in allowed:
        raise _bad(f"{what} is one of {', '.join(allowed)}")
    return value


def _junior(m: Dict[str, Any], day: str = TODAY) -> bool:
    return _age_on(m["born"], day) < JUNIOR_AGE


def _paid_to(m: Dict[str, Any]) -> Optional[str]:
    seasons = [s for s, _, status in m["memberships"] if status == "paid"]
    return max(seasons) if seasons else None


def _current(m: Dict[str, Any]) -> bool:
    return any(s == SEASON and status == "paid" for s, _, status in m["memberships"])


def _member_reply(state: State, mid: str) -> Member:
    m = state.members[mid]
    return Member(member_id=mid, name=m["name"], date_of_birth=m["born"], club_code=m["club"], junior=_junior(m),
                  paid_to=_paid_to(m), parental_consent=m["consent"] if _junior(m) else None,
                  member_status=m["status"])


def _invoice(state: State, iid: str) -> Invoice:
    i = state.invoices[iid]
    payer = state.members[i["payer"]]["name"] if i["payer"] in state.members else state.clubs[i["payer"]]["name"]
    return Invoice(invoice_id=iid, payer=i["payer"], payer_name=payer, description=i["description"],
                   amount=i["amount"], paid=i["paid"], invoice_status="paid" if i["paid"] >= i["amount"] else "unpaid",
                   raised=i["raised"])


def _raise_invoice(state: State, payer: str, description: str, amount: float, purpose: List[str]) -> str:
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = {"payer": payer, "description": description, "amount": amount, "paid": 0.0,
                           "raised": TODAY, "for": purpose}
    return iid


def _settled(state: State, iid: str) -> bool:
    i = state.invoices[iid]
    return i["paid"] >= i["amount"]


def _tournament_reply(state: State, tid: str) -> Tournament:
    t = state.tournaments[tid]
    return Tournament(tournament_id=tid, name=t["name"], club_code=t["club"], venue=t["venue"],
                      start_date=t["start"], rounds=t["rounds"], time_control=t["tc"], category=CATEGORY[t["tc"]],
                      junior_only=t["junior_only"], arbiter_id=t["arbiter"], sanction_invoice=t["invoice"],
                      entries_open=t["entries_open"], rounds_paired=len(t["pairings"]), report_id=t["report"],
                      tournament_status=t["status"])


def _entered(state: State, tid: str) -> List[Tuple[str, str]]:
    return [(eid, e["member"]) for eid, e in sorted(state.entries.items())
            if e["tournament"] == tid and e["status"] != "withdrawn"]


def _rating(state: State, mid: str, category: str) -> Optional[int]:
    return state.members[mid]["ratings"][category]


def _scores(state: State, tid: str) -> Dict[str, float]:
    t = state.tournaments[tid]
    points = {mid: 0.0 for _, mid in _entered(state, tid)}
    for rnd, bye in zip(t["pairings"], t["byes"] + [None] * (len(t["pairings"]) - len(t["byes"]))):
        for _, white, black, result in rnd:
            if result is not None:
                w, b = RESULTS[result]
                points[white] = points.get(white, 0.0) + w
                points[black] = points.get(black, 0.0) + b
        if bye is not None:
            points[bye] = points.get(bye, 0.0) + 1.0
    return points


def _rating_changes(state: State, tid: str) -> List[List[Any]]:
    """Each player's [member_id, name, old, new, change] for the tournament's category (K 20, 40 for a junior)."""
    t = state.tournaments[tid]
    category = CATEGORY[t["tc"]]
    games: Dict[str, List[Tuple[Optional[int], float]]] = {}
    for rnd in t["pairings"]:
        for _, white, black, result in rnd:
            if result is None or result.endswith("forfeit"):
                continue
            w, b = RESULTS[result]
            games.setdefault(white, []).append((_rating(state, black, category), w))
            games.setdefault(black, []).append((_rating(state, white, category), b))
    rows = []
    for mid in sorted(games):
        old = _rating(state, mid, category)
        played = [(r, s) for r, s in games[mid] if r is not None]
        if not played:
            continue
        if old is None:
            avg = sum(r for r, _ in played) / len(played)
            score = sum(s for _, s in played)
            new = int(round(avg + 400 * (2 * score - len(played)) / len(played)))
            new = max(1000, min(2200, new))
        else:
            k = 40 if _junior(state.members[mid]) else 20
            change = sum(k * (s - 1 / (1 + 10 ** ((r - old) / 400))) for r, s in played)
            new = int(round(old + change))
        rows.append([mid, state.members[mid]["name"], old, new, None if old is None else new - old])
    return rows


# --------------------------------------------------------------------------- sign-in and the public calls


def sign_in(state: State, username: str, password: str) -> Union[Session, Dict[str, Any]]:
    """Signs a member of the federation's staff in to the office system with their user name (such as petronella.l)
    and password. Returns the session, whose token every call but sign_in, time_controls and rating_list needs, with
    the name and the role it carries."""
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        return _Refusal("UnauthorisedException", "unknown user name or wrong password").reply()
    token = f"vcf-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], signed_in=NOW)


def sign_out(state: State, token: str) -> Union[str, Dict[str, Any]]:
    """Ends the session the token belongs to. Returns a sentence naming who signed out and when."""
    try:
        who = _session(state, token)["name"]
        del state.sessions[token]
        return f"{who} signed out of session {token} at {NOW[11:]}."
    except _Refusal as refusal:
        return refusal.reply()


def time_controls() -> List[List[str]]:
    """The time controls the federation rates tournaments at, which anyone may read. Takes nothing. Returns one row
    per time control: its code (the code a tournament is registered with), its category (standard, rapid or blitz)
    and what it means."""
    return [list(row) for row in TIME_CONTROLS]


def rating_list(state: State, category: Category = "standard",
                name: Optional[str] = None) -> Union[List[List[Any]], Dict[str, Any]]:
    """The federation's public rating list for one category (standard, the default, rapid or blitz), which anyone
    may read, optionally only the players whose name contains the given text. Returns one row per rated player, best
    first: member id, name, club code, rating and titles."""
    if category not in ("standard", "rapid", "blitz"):
        return _Refusal("QueryParseException", "category is standard, rapid or blitz").reply()
    if name is not None and not isinstance(name, str):
        return _Refusal("QueryParseException", "name is text").reply()
    rows = [[mid, m["name"], m["club"], m["ratings"][category], list(m["titles"])]
            for mid, m in state.members.items() if m["ratings"][category] is not None
            and (name is None or name.strip().lower() in m["name"].lower())]
    return sorted(rows, key=lambda r: (-r[3], r[0]))


# --------------------------------------------------------------------------- members and clubs


def find_member(state: State, token: str, text: str) -> Union[List[Member], Dict[str, Any]]:
    """Finds the members whose name, e-mail address or member id contains the given text (any case), for anyone
    signed in. Returns the matching members in member id order, each with its member id, name, date of birth, club
    code, whether the member is a junior, the last season its membership is paid for, a junior's parental consent
    and its status (active or suspended)."""
    try:
        _session(state, token)
        if _blank(text) or len(text.strip()) < 3:
            raise _bad("give at least three letters of a name, an e-mail address or a member id")
        needle = text.strip().lower()
        return [_member_reply(state, mid) for mid, m in sorted(state.members.items())
                if needle in m["name"].lower() or needle in m["email"].lower() or needle in mid.lower()]
    except _Refusal as refusal:
        return refusal.reply()


def register_member(state: State, token: str, full_name: str, date_of_birth: str, email: str,
                    club_code: Optional[str] = None) -> Union[Member, Dict[str, Any]]:
    """Registers a new player with the federation (the membership secretary's call), with the full name, the date of
    birth (YYYY-MM-DD), an e-mail address (a junior's parent's) and, if the player belongs to a club, its club code.
    A player is registered once; the membership itself is bought separately. Returns the new member."""
    try:
        _session(state, token, (MEMBERSHIP,))
        if _blank(full_name) or _blank(email) or "@" not in email:
            raise _bad("full_name and an email address are required")
        born = _date(date_of_birth, "date_of_birth")
        if not "1900-01-01" < born < TODAY or _age_on(born, TODAY) < 5:
            raise _invalid("a member is at least five years old", DateOfBirth=born)
        name = " ".join(full_name.split())
        for mid, m in state.members.items():
            if m["name"].lower() == name.lower() and m["born"] == born:
                raise _invalid(f"{name} is registered already as {mid}", MemberID=mid)
        if club_code is not None:
            club = _get(state.clubs, club_code, "club")
            if club["affiliated_until"] < TODAY:
                raise _invalid(f"{club_code} is not affiliated this season", ClubCode=club_code)
        mid = f"VCF-{_next(state, 'member')}"
        state.members[mid] = _member(name, born, club_code, email.strip(), None, None, None, [])
        if _junior(state.members[mid]):
            state.members[mid]["consent"] = False
        return _member_reply(state, mid)
    except _Refusal as refusal:
        return refusal.reply()


def member_record(state: State, token: str, member_id: str) -> Union[MemberRecord, Dict[str, Any]]:
    """A member's whole record, for anyone signed in: the details, ratings (standard, rapid, blitz), the peak
    standard rating, titles, and as rows the memberships [season, tier, status], the tournament entries [entry id,
    tournament id, status] and the documents on file [document id, kind, reference, issued on], and the status."""
    try:
        _session(state, token)
        m = _get(state.members, member_id, "member")
        entries = [[eid, e["tournament"], e["status"]] for eid, e in sorted(state.entries.items())
                   if e["member"] == member_id]
        docs = [[did, d["kind"], d["reference"], d["issued_on"]] for did, d in sorted(state.documents.items())
                if d["member"] == member_id]
        return MemberRecord(member_id=member_id, name=m["name"], date_of_birth=m["born"], email=m["email"],
                            club_code=m["club"], ratings=dict(m["ratings"]), peak_standard=m["peak"],
                            titles=list(m["titles"]), memberships=[list(r) for r in m["memberships"]],
                            entries=entries, documents=docs, member_status=m["status"])
    except _Refusal as refusal:
        return refusal.reply()


def clubs(state: State, token: str, town: Optional[str] = None) -> Union[List[List[Any]], Dict[str, Any]]:
    """The federation's clubs, for anyone signed in, optionally only those in a town. Returns one row per club in
    club code order: club code, name, town, secretary and the date its affiliation runs to."""
    try:
        _session(state, token)
        if town is not None and _blank(town):
            raise _Refusal("QueryParseException", "town is a town's name")
        return [[code, c["name"], c["town"], c["secretary"], c["affiliated_until"]]
                for code, c in sorted(state.clubs.items())
                if town is None or c["town"].lower() == town.strip().lower()]
    except _Refusal as refusal:
        return refusal.reply()


def affiliate_club(state: State, token: str, club_code: str, season: str) -> Union[Invoice, Dict[str, Any]]:
    """Renews a club's affiliation to the federation for a season (the membership secretary's call), given the club
    code and the season (such as 2054-55). A club whose affiliation has lapsed may not register tournaments or take
    new members until the affiliation fee is paid. Returns the invoice for the fee."""
    try:
        _session(state, token, (MEMBERSHIP,))
        club = _get(state.clubs, club_code, "club")
        if season not in (SEASON, NEXT_SEASON):
            raise _invalid(f"clubs affiliate for {SEASON} or {NEXT_SEASON}", Season=season)
        runs_to = f"20{season[-2:]}-08-31"
        if club["affiliated_until"] >= runs_to:
            raise _invalid(f"{club_code} is affiliated for {season} already", ClubCode=club_code)
        if any(i["for"] == ["affiliation", club_code, season] for i in state.invoices.values()):
            raise _invalid(f"{club_code}'s affiliation for {season} is invoiced already", ClubCode=club_code)
        if season == NEXT_SEASON and club["affiliated_until"] < SEASON_END:
            raise _invalid(f"{club_code} must affiliate for {SEASON} first", ClubCode=club_code)
        iid = _raise_invoice(state, club_code, f"affiliation {season}", AFFILIATION_FEE,
                             ["affiliation", club_code, season])
        return _invoice(state, iid)
    except _Refusal as refusal:
        return refusal.reply()


def buy_membership(state: State, token: str, member_id: str, tier: Tier,
                   season: str = SEASON) -> Union[Membership, Dict[str, Any]]:
    """Sells a member a season's membership (the membership secretary's call): the member id, the tier (junior,
    standard or premium) and the season (the current one unless another is given). The membership counts once its
    invoice is paid. Returns the membership with its fee and invoice id, unpaid."""
    try:
        _session(state, token, (MEMBERSHIP,))
        m = _get(state.members, member_id, "member")
        tier_value = _enum(Tier, tier, "tier")
        if season not in (SEASON, NEXT_SEASON):
            raise _invalid(f"memberships are sold for {SEASON} or {NEXT_SEASON}", Season=season)
        start = SEASON_START if season == SEASON else "2055-09-01"
        if tier_value == "junior" and not _age_on(m["born"], start) < JUNIOR_AGE:
            raise _invalid(f"the junior tier is for players under {JUNIOR_AGE} on {start}", MemberID=member_id)
        if any(s == season for s, _, _ in m["memberships"]):
            raise _invalid(f"{member_id} has a {season} membership already", MemberID=member_id)
        fee = TIER_FEES[tier_value]
        iid = _raise_invoice(state, member_id, f"{tier_value} membership {season}", fee,
                             ["membership", member_id, season])
        m["memberships"].append([season, tier_value, "unpaid"])
        return Membership(member_id=member_id, season=season, tier=tier_value, fee=fee, invoice_id=iid,
                          membership_status="unpaid")
    except _Refusal as refusal:
        return refusal.reply()


def set_parental_consent(state: State, token: str, member_id: str, consent: bool,
                         parent_name: str) -> Union[Member, Dict[str, Any]]:
    """Records whether a junior's parent consents to the junior playing in federation events and appearing in their
    results (the membership secretary's call), with the parent's name. A junior plays only with consent on record.
    Returns the member."""
    try:
        _session(state, token, (MEMBERSHIP,))
        m = _get(state.members, member_id, "member")
        if not isinstance(consent, bool) or _blank(parent_name):
            raise _bad("consent (true or false) and parent_name are required")
        if not _junior(m):
            raise _invalid(f"{member_id} is not a junior; consent is recorded for players under {JUNIOR_AGE}",
                           MemberID=member_id)
        if m["consent"] is consent:
            raise _invalid(f"{member_id}'s consent is {'given' if consent else 'withheld'} already",
                           MemberID=member_id)
        m["consent"] = consent
        return _member_reply(state, member_id)
    except _Refusal as refusal:
        return refusal.reply()


def transfer_club(state: State, token: str, member_id: str, club_code: str) -> Union[Member, Dict[str, Any]]:
    """Moves a member to another club (the membership secretary's call), given the member id and the new club's
    code. The member needs this season's membership paid and must not be suspended, and the club must be
    affiliated. Returns the member."""
    try:
        _session(state, token, (MEMBERSHIP,))
        m = _get(state.members, member_id, "member")
        club = _get(state.clubs, club_code, "club")
        if m["club"] == club_code:
            raise _invalid(f"{member_id} is with {club_code} already", MemberID=member_id)
        if m["status"] == "suspended":
            raise _invalid(f"{member_id} is suspended until {m['suspended_until']}", MemberID=member_id)
        if not _current(m):
            raise _invalid(f"{member_id} has no paid membership for {SEASON}", MemberID=member_id)
        if club["affiliated_until"] < TODAY:
            raise _invalid(f"{club_code} is not affiliated this season", ClubCode=club_code)
        if any(e["member"] == member_id and e["status"] == "playing" for e in state.entries.values()):
            raise _invalid(f"{member_id} is playing in a tournament; transfer after it", MemberID=member_id)
        m["club"] = club_code
        return _member_reply(state, member_id)
    except _Refusal as refusal:
        return refusal.reply()


# --------------------------------------------------------------------------- invoices and payments


def invoices(state: State, token: str, status: Optional[InvoiceStatus] = None,
             payer: Optional[str] = None) -> Union[List[Invoice], Dict[str, Any]]:
    """The federation's invoices, for anyone signed in, optionally only the unpaid or the paid ones and only those
    of one payer (a member id or a club code). Returns the invoices in invoice id order."""
    try:
        _session(state, token)
        if status not in (None, "unpaid", "paid"):
            raise _Refusal("QueryParseException", "status is unpaid or paid")
        if payer is not None and (not isinstance(payer, str) or (payer not in state.members
                                                                  and payer not in state.clubs)):
            raise _Refusal("ObjectNotFoundException", f"no member or club {payer}")
        out = [_invoice(state, iid) for iid in sorted(state.invoices)]
        return [i for i in out if (status is None or i.invoice_status == status)
                and (payer is None or i.payer == payer)]
    except _Refusal as refusal:
        return refusal.reply()


def record_payment(state: State, token: str, invoice_id: str, amount: float,
                   method: PayMethod) -> Union[float, Dict[str, Any]]:
    """Records a payment against an invoice (the treasurer's call): the invoice id, the amount in pounds and how it
    was paid (card, bank_transfer or cheque). Once an invoice is paid in full what it is for takes effect: a
    membership counts, a club is affiliated, a tournament's sanction fee, a licence fee or a title fee is paid.
    Returns what is left to pay on the invoice, in pounds."""
    try:
        _session(state, token, (FINANCE,))
        i = _get(state.invoices, invoice_id, "invoice")
        _enum(PayMethod, method, "method")
        if not _number(amount) or amount <= 0:
            raise _bad("amount is a number of pounds over 0")
        left = round(i["amount"] - i["paid"], 2)
        if left <= 0:
            raise _invalid(f"{invoice_id} is paid already", InvoiceID=invoice_id)
        if amount > left + 1e-9:
            raise _invalid(f"{invoice_id} has {left:.2f} left to pay", InvoiceID=invoice_id)
        i["paid"] = round(i["paid"] + amount, 2)
        if i["paid"] >= i["amount"]:
            purpose = i["for"]
            if purpose[0] == "membership":
                m = state.members[purpose[1]]
                m["memberships"] = [[s, t, "paid" if s == purpose[2] else st] for s, t, st in m["memberships"]]
            elif purpose[0] == "affiliation":
                state.clubs[purpose[1]]["affiliated_until"] = f"20{purpose[2][-2:]}-08-31"
            elif purpose[0] == "licence":
                state.applications[purpose[1]]["paid"] = True
            elif purpose[0] == "title":
                state.titles[purpose[1]]["paid"] = True
        return round(i["amount"] - i["paid"], 2)
    except _Refusal as refusal:
        return refusal.reply()


# --------------------------------------------------------------------------- tournaments


def register_tournament(state: State, token: str, club_code: str, name: str, venue: str, start_date: str,
                        rounds: int, time_control: str,
                        junior_only: bool = False) -> Union[Tournament, Dict[str, Any]]:
    """Registers a club's tournament with the federation (the events officer's call): the organising club's code,
    the tournament's name and venue, its first day (YYYY-MM-DD), the number of rounds, the time control's code and
    whether it is for juniors only. The club must be affiliated. The tournament is a draft until it is sanctioned; a
    sanction fee is invoiced to the club. Returns the tournament with its sanction invoice."""
    try:
        _session(state, token, (EVENTS,))
        club = _get(state.clubs, club_code, "club")
        if _blank(name) or _blank(venue):
            raise _bad("name and venue are required")
        start = _date(start_date, "start_date")
        if not _int(rounds) or not isinstance(junior_only, bool):
            raise _bad("rounds is a whole number and junior_only true or false")
        if not isinstance(time_control, str) or time_control not in CATEGORY:
            raise _invalid(f"no time control {time_control}", TimeControl=time_control)
        if club["affiliated_until"] < TODAY:
            raise _invalid(f"{club_code}'s affiliation lapsed on {club['affiliated_until']}", ClubCode=club_code)
        notice = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=NOTICE_DAYS)).isoformat()
        if start < notice:
            raise _invalid(f"a tournament is registered at least {NOTICE_DAYS} days before it starts "
                           f"({notice} at the earliest)", StartDate=start)
        if not 3 <= rounds <= 11:
            raise _invalid("a rated tournament has 3 to 11 rounds", Rounds=rounds)
        title = " ".join(name.split())
        if any(t["name"].lower() == title.lower() and t["start"] == start for t in state.tournaments.values()):
            raise _invalid(f"{title} on {start} is registered already")
        tid = f"T-{_next(state, 'tournament')}"
        category = CATEGORY[time_control]
        iid = _raise_invoice(state, club_code, f"sanction fee {tid}", SANCTION_FEES[category], ["sanction", tid])
        state.tournaments[tid] = _tournament(title, club_code, venue.strip(), start, rounds, time_control, None, iid,
                                             "draft", junior_only=junior_only)
        return _tournament_reply(state, tid)
    except _Refusal as refusal:
        return refusal.reply()


def tournaments(state: State, token: str, status: Optional[TournamentStatus] = None,
                club_code: Optional[str] = None) -> Union[List[Tournament], Dict[str, Any]]:
    """The federation's tournaments, for anyone signed in, optionally only those in one status (draft, sanctioned,
    running, closed, submitted or rated) and only one club's. Returns the tournaments in tournament id order."""
    try:
        _session(state, token)
        if status not in (None, "draft", "sanctioned", "running", "closed", "submitted", "rated"):
            raise _Refusal("QueryParseException", "status is draft, sanctioned, running, closed, submitted or rated")
        if club_code is not None:
            _get(state.clubs, club_code, "club")
        return [_tournament_reply(state, tid) for tid, t in sorted(state.tournaments.items())
                if (status is None or t["status"] == status) and (club_code is None or t["club"] == club_code)]
    except _Refusal as refusal:
        return refusal.reply()


def arbiters(state: State, token: str, grade: Optional[ArbiterGrade] = None) -> Union[List[List[Any]], Dict[str, Any]]:
    """The federation's licensed arbiters, for anyone signed in, optionally only one grade (club, national or
    international). Returns one row per arbiter in arbiter id order: arbiter id, member id, name, grade and the
    date the licence runs to."""
    try:
        _session(state, token)
        if grade not in (None, "club", "national", "international"):
            raise _Refusal("QueryParseException", "grade is club, national or international")
        return [[aid, a["member"], state.members[a["member"]]["name"], a["grade"], a["valid_until"]]
                for aid, a in sorted(state.arbiters.items()) if grade is None or a["grade"] == grade]
    except _Refusal as refusal:
        return refusal.reply()


def appoint_arbiter(state: State, token: str, tournament_id: str,
                    arbiter_id: str) -> Union[Tournament, Dict[str, Any]]:
    """Appoints a licensed arbiter as a tournament's chief arbiter (the events officer's call), given the tournament
    and the arbiter's id, before the tournament starts. Returns the tournament."""
    try:
        _session(state, token, (EVENTS,))
        t = _get(state.tournaments, tournament_id, "tournament")
        a = _get(state.arbiters, arbiter_id, "arbiter")
        if t["status"] not in ("draft", "sanctioned"):
            raise _invalid(f"{tournament_id} is {t['status']}", TournamentID=tournament_id)
        if t["arbiter"] == arbiter_id:
            raise _invalid(f"{arbiter_id} is {tournament_id}'s arbiter already", TournamentID=tournament_id)
        if a["valid_until"] < t["start"]:
            raise _invalid(f"{arbiter_id}'s licence runs to {a['valid_until']}", ArbiterID=arbiter_id)
        if CATEGORY[t["tc"]] == "standard" and a["grade"] == "club":
            raise _invalid("a standard-play tournament needs a national or international arbiter",
                           ArbiterID=arbiter_id)
        if any(e["member"] == a["member"] and e["status"] != "withdrawn" for e in state.entries.values()
               if e["tournament"] == tournament_id):
            raise _invalid(f"{arbiter_id} is entered as a player in {tournament_id}", ArbiterID=arbiter_id)
        t["arbiter"] = arbiter_id
        return _tournament_reply(state, tournament_id)
    except _Refusal as refusal:
        return refusal.reply()


def sanction_tournament(state: State, token: str, tournament_id: str) -> Union[Tournament, Dict[str, Any]]:
    """Sanctions a draft tournament for rating (the events officer's call), once it has an arbiter and its sanction
    fee is paid. Returns the tournament, sanctioned."""
    try:
        _session(state, token, (EVENTS,))
        t = _get(state.tournaments, tournament_id, "tournament")
        if t["status"] != "draft":
            raise _invalid(f"{tournament_id} is {t['status']}, not a draft", TournamentID=tournament_id)
        if t["arbiter"] is None:
            raise _invalid(f"{tournament_id} has no arbiter appointed", TournamentID=tournament_id)
        if not _settled(state, t["invoice"]):
            raise _invalid(f"{tournament_id}'s sanction fee ({t['invoice']}) is unpaid", TournamentID=tournament_id)
        t["status"] = "sanctioned"
        return _tournament_reply(state, tournament_id)
    except _Refusal as refusal:
        return refusal.reply()


def set_entries_open(state: State, token: str, tournament_id: str, open: bool) -> Union[Tournament, Dict[str, Any]]:
    """Opens or closes a sanctioned tournament's entries (the events officer's call). Returns the tournament."""
    try:
        _session(state, token, (EVENTS,))
        t = _get(state.tournaments, tournament_id, "tournament")
        if not isinstance(open, bool):
            raise _bad("open is true or false")
        if t["status"] != "sanctioned":
            raise _invalid(f"{tournament_id} is {t['status']}; entries are opened once it is sanctioned",
                           TournamentID=tournament_id)
        if t["entries_open"] is open:
            raise _invalid(f"{tournament_id}'s entries are {'open' if open else 'closed'} already",
                           TournamentID=tournament_id)
        t["entries_open"] = open
        return _tournament_reply(state, tournament_id)
    except _Refusal as refusal:
        return refusal.reply()


def enter_player(state: State, token: str, tournament_id: str, member_id: str) -> Union[Entry, Dict[str, Any]]:
    """Enters a member in a tournament whose entries are open (the events officer's or the membership secretary's
    call). The member needs this season's membership paid, must not be suspended, and a junior needs a parent's
    consent on record. Returns the entry."""
    try:
        _session(state, token, (EVENTS, MEMBERSHIP))
        t = _get(state.tournaments, tournament_id, "tournament")
        m = _get(state.members, member_id, "member")
        if t["status"] != "sanctioned" or not t["entries_open"]:
            raise _invalid(f"entries to {tournament_id} are closed", TournamentID=tournament_id)
        if any(e["member"] == member_id and e["tournament"] == tournament_id and e["status"] != "withdrawn"
               for e in state.entries.values()):
            raise _invalid(f"{member_id} is entered in {tournament_id} already", MemberID=member_id)
        if m["status"] == "suspended":
            raise _invalid(f"{member_id} is suspended until {m['suspended_until']}", MemberID=member_id)
        if not _current(m):
            raise _invalid(f"{member_id} has no paid membership for {SEASON}", MemberID=member_id)
        if t["junior_only"] and not _junior(m, t["start"]):
            raise _invalid(f"{tournament_id} is for players under {JUNIOR_AGE} on {t['start']}",
                           MemberID=member_id)
        if _junior(m) and not m["consent"]:
            raise _invalid(f"{member_id} is a junior without a parent's consent on record", MemberID=member_id)
        if t["arbiter"] and state.arbiters[t["arbiter"]]["member"] == member_id:
            raise _invalid(f"{member_id} is {tournament_id}'s arbiter", MemberID=member_id)
        eid = f"E-{_next(state, 'entry')}"
        state.entries[eid] = {"tournament": tournament_id, "member": member_id, "status": "entered"}
        return Entry(entry_id=eid, tournament_id=tournament_id, member_id=member_id, name=m["name"],
                     rating=m["ratings"][CATEGORY[t["tc"]]], entry_status="entered")
    except _Refusal as refusal:
        return refusal.reply()


def entries(state: State, token: str, tournament_id: str) -> Union[List[List[Any]], Dict[str, Any]]:
    """A tournament's entries, for anyone signed in. Returns one row per entry in entry id order: entry id, member
    id, name, rating in the tournament's category and the entry's status (entered, playing, played or
    withdrawn)."""
    try:
        _session(state, token)
        t = _get(state.tournaments, tournament_id, "tournament")
        category = CATEGORY[t["tc"]]
        return [[eid, e["member"], state.members[e["member"]]["name"],
                 state.members[e["member"]]["ratings"][category], e["status"]]
                for eid, e in sorted(state.entries.items()) if e["tournament"] == tournament_id]
    except _Refusal as refusal:
        return refusal.reply()


def withdraw_entry(state: State, token: str, entry_id: str, reason: str) -> Union[str, Dict[str, Any]]:
    """Withdraws an entry before the tournament starts (the events officer's call), with the reason. Returns a
    sentence saying so."""
    try:
        _session(state, token, (EVENTS,))
        e = _get(state.entries, entry_id, "entry")
        if _blank(reason):
            raise _bad("reason is required")
        if e["status"] != "entered":
            raise _invalid(f"{entry_id} is {e['status']}", EntryID=entry_id)
        e["status"] = "withdrawn"
        e["reason"] = reason.strip()
        name = state.members[e["member"]]["name"]
        return f"Entry {entry_id} ({name}, {e['member']}) withdrawn from {e['tournament']}: {reason.strip()}."
    except _Refusal as refusal:
        return refusal.reply()


# --------------------------------------------------------------------------- rounds, results and rating


def pairings(state: State, token: str, tournament_id: str,
             round_no: Optional[int] = None) -> Union[List[List[Any]], Dict[str, Any]]:
    """A tournament's pairings, for anyone signed in, optionally only one round's. Returns one row per board in
    round and board order: round, board, white's member id, white's name, black's member id, black's name and the
    result (null until it is recorded)."""
    try:
        _session(state, token)
        t = _get(state.tournaments, tournament_id, "tournament")
        if round_no is not None and (not _int(round_no) or not 1 <= round_no <= max(len(t["pairings"]), 1)):
            raise _Refusal("QueryParseException", f"{tournament_id} has {_rounds(len(t['pairings']))} paired")
        names = state.members
        return [[r, board, white, names[white]["name"], black, names[black]["name"], result]
                for r, rnd in enumerate(t["pairings"], start=1) if round_no is None or r == round_no
                for board, white, black, result in rnd]
    except _Refusal as refusal:
        return refusal.reply()


def pair_round(state: State, token: str, tournament_id: str) -> Union[Pairing, Dict[str, Any]]:
    """Pairs a tournament's next round (the arbiter's call), once the tournament has started, has at least four
    entries and every game of the round before has a result. The first round closes the entries and starts the
    tournament. Returns the round's pairing, its boards as rows [board, white's member id, white's name, black's
    member id, black's name], and who has the bye, if anyone."""
    try:
        _session(state, token, (ARBITER,))
        t = _get(state.tournaments, tournament_id, "tournament")
        if t["status"] not in ("sanctioned", "running"):
            raise _invalid(f"{tournament_id} is {t['status']}", TournamentID=tournament_id)
        if t["start"] > TODAY:
            raise _invalid(f"{tournament_id} starts on {t['start']}", TournamentID=tournament_id)
        if len(t["pairings"]) >= t["rounds"]:
            raise _invalid(f"all {t['rounds']} rounds of {tournament_id} are paired", TournamentID=tournament_id)
        for board, _, _, result in (t["pairings"][-1] if t["pairings"] else []):
            if result is None:
                raise _invalid(f"board {board} of round {len(t['pairings'])} has no result",
                               TournamentID=tournament_id)
        players = [mid for _, mid in _entered(state, tid=tournament_id)]
        if len(players) < 4:
            raise _invalid(f"{tournament_id} has {len(players)} entries; a round needs at least 4",
                           TournamentID=tournament_id)
        category = CATEGORY[t["tc"]]
        points = _scores(state, tournament_id)
        order = sorted(players, key=lambda mid: (-points.get(mid, 0.0), -(_rating(state, mid, category) or 0), mid))
        met = {frozenset((w, b)) for rnd in t["pairings"] for _, w, b, _ in rnd}
        bye = None
        if len(order) % 2:
            had = [b for b in t["byes"] if b]
            bye = next(mid for mid in reversed(order) if mid not in had)
            order.remove(bye)
        boards: List[List[Any]] = []
        if not t["pairings"]:
            half = len(order) // 2
            pairs = list(zip(order[:half], order[half:]))
        else:
            pairs, left = [], list(order)
            while left:
                first = left.pop(0)
                other = next((o for o in left if frozenset((first, o)) not in met), left[0])
                left.remove(other)
                pairs.append((first, other))
        for n, (a, b) in enumerate(pairs, start=1):
            white, black = (a, b) if (n + len(t["pairings"])) % 2 else (b, a)
            boards.append([n, white, black, None])
        t["pairings"].append(boards)
        t["byes"].append(bye)
        if t["status"] == "sanctioned":
            t["status"] = "running"
            t["entries_open"] = False
            for e in state.entries.values():
                if e["tournament"] == tournament_id and e["status"] == "entered":
                    e["status"] = "playing"
        names = state.members
        return Pairing(tournament_id=tournament_id, round=len(t["pairings"]),
                       boards=[[n, w, names[w]["name"], b, names[b]["name"]] for n, w, b, _ in boards], bye=bye)
    except _Refusal as refusal:
        return refusal.reply()


def record_result(state: State, token: str, tournament_id: str, round_no: int, board: int,
                  result: Result) -> Union[str, Dict[str, Any]]:
    """Records a game's result (the arbiter's call): the tournament, the round number, the board and the result
    from white's side. A result is recorded once. Returns a sentence saying what was recorded."""
    try:
        _session(state, token, (ARBITER,))
        t = _get(state.tournaments, tournament_id, "tournament")
        if not _int(round_no) or not _int(board):
            raise _bad("round_no and board are whole numbers")
        if t["status"] != "running":
            raise _invalid(f"{tournament_id} is {t['status']}", TournamentID=tournament_id)
        if not 1 <= round_no <= len(t["pairings"]):
            raise _invalid(f"{tournament_id} has {_rounds(len(t['pairings']))} paired", TournamentID=tournament_id)
        row = next((r for r in t["pairings"][round_no - 1] if r[0] == board), None)
        if row is None:
            raise _invalid(f"round {round_no} of {tournament_id} has no board {board}", TournamentID=tournament_id)
        if not isinstance(result, str) or result not in RESULTS:
            raise _invalid(f"a result is one of {', '.join(RESULTS)}", Result=result)
        if row[3] is not None:
            raise _invalid(f"board {board} of round {round_no} is recorded already as {row[3]}",
                           TournamentID=tournament_id)
        row[3] = result
        names = state.members
        return (f"{tournament_id} round {round_no} board {board}: {names[row[1]]['name']} ({row[1]}) {result} "
                f"{names[row[2]]['name']} ({row[2]}).")
    except _Refusal as refusal:
        return refusal.reply()


def standings(state: State, token: str, tournament_id: str) -> Union[List[List[Any]], Dict[str, Any]]:
    """A tournament's standings, for anyone signed in. Returns one row per player, leader first: rank, member id,
    name and points."""
    try:
        _session(state, token)
        t = _get(state.tournaments, tournament_id, "tournament")
        category = CATEGORY[t["tc"]]
        points = _scores(state, tournament_id)
        order = sorted(points, key=lambda mid: (-points[mid], -(_rating(state, mid, category) or 0), mid))
        return [[n, mid, state.members[mid]["name"], points[mid]] for n, mid in enumerate(order, start=1)]
    except _Refusal as refusal:
        return refusal.reply()


def close_tournament(state: State, token: str, tournament_id: str) -> Union[Tournament, Dict[str, Any]]:
    """Closes a running tournament once every round is paired and every game has a result (the arbiter's call).
    Returns the tournament, closed."""
    try:
        _session(state, token, (ARBITER,))
        t = _get(state.tournaments, tournament_id, "tournament")
        if t["status"] != "running":
            raise _invalid(f"{tournament_id} is {t['status']}", TournamentID=tournament_id)
        if len(t["pairings"]) < t["rounds"]:
            raise _invalid(f"{tournament_id} has {len(t['pairings'])} of {t['rounds']} rounds paired",
                           TournamentID=tournament_id)
        for r, rnd in enumerate(t["pairings"], start=1):
            for board, _, _, result in rnd:
                if result is None:
                    raise _invalid(f"board {board} of round {r} has no result", TournamentID=tournament_id)
        t["status"] = "closed"
        for e in state.entries.values():
            if e["tournament"] == tournament_id and e["status"] == "playing":
                e["status"] = "played"
        return _tournament_reply(state, tournament_id)
    except _Refusal as refusal:
        return refusal.reply()


def submit_rating_report(state: State, token: str, tournament_id: str,
                         arbiter_notes: str) -> Union[RatingReport, Dict[str, Any]]:
    """Submits a closed tournament's rating report to the ratings officer (the arbiter's call), with the arbiter's
    notes on the tournament. Returns the report."""
    try:
        _session(state, token, (ARBITER,))
        t = _get(state.tournaments, tournament_id, "tournament")
        if _blank(arbiter_notes):
            raise _bad("arbiter_notes are required (write 'No incidents.' if there were none)")
        if t["status"] != "closed":
            raise _invalid(f"{tournament_id} is {t['status']}; a report is submitted once it is closed",
                           TournamentID=tournament_id)
        rid = f"RR-{_next(state, 'report'):04d}"
        state.reports[rid] = {"tournament": tournament_id, "notes": arbiter_notes.strip(), "submitted": TODAY,
                              "status": "submitted"}
        t["status"] = "submitted"
        t["report"] = rid
        games = sum(1 for rnd in t["pairings"] for _, _, _, result in rnd if not result.endswith("forfeit"))
        return RatingReport(report_id=rid, tournament_id=tournament_id, games=games,
                            players=len(_entered(state, tournament_id)), submitted=TODAY, report_status="submitted")
    except _Refusal as refusal:
        return refusal.reply()


def rate_tournament(state: State, token: str, report_id: str) -> Union[RatingRun, Dict[str, Any]]:
    """Rates a submitted rating report (the ratings officer's call): every player's rating in the tournament's
    category changes, and the organising club is invoiced the rating fee. Returns the run, its changes as rows
    [member id, name, old rating, new rating, change], with the fee's invoice."""
    try:
        _session(state, token, (RATINGS,))
        r = _get(state.reports, report_id, "rating report")
        if r["status"] != "submitted":
            raise _invalid(f"{report_id} is {r['status']} already", ReportID=report_id)
        tid = r["tournament"]
        t = state.tournaments[tid]
        category = CATEGORY[t["tc"]]
        rows = _rating_changes(state, tid)
        for mid, _, _, new, _ in rows:
            m = state.members[mid]
            m["ratings"][category] = new
            if category == "standard":
                m["peak"] = max(m["peak"] or 0, new)
        fee = round(RATING_FEE * len(_entered(state, tid)), 2)
        iid = _raise_invoice(state, t["club"], f"rating fee {tid} ({len(_entered(state, tid))} players)", fee,
                             ["rating", tid])
        r["status"] = "rated"
        t["status"] = "rated"
        return RatingRun(report_id=report_id, tournament_id=tid, changes=rows, fee_invoice=iid, fee=fee)
    except _Refusal as refusal:
        return refusal.reply()


# --------------------------------------------------------------------------- documents, arbiters and titles


def upload_document(state: State, token: str, member_id: str, kind: DocKind, reference: str,
                    issued_on: str) -> Union[Document, Dict[str, Any]]:
    """Files a document on a member's record (the membership secretary's, the licensing secretary's or the ratings
    officer's call): the member, the kind (seminar_certificate, safeguarding_check, norm_certificate or
    birth_certificate), its reference or number and the date it was issued. Returns the document."""
    try:
        _session(state, token, (MEMBERSHIP, LICENSING, RATINGS))
        _get(state.members, member_id, "member")
        kind_value = _enum(DocKind, kind, "kind")
        if _blank(reference):
            raise _bad("reference is required")
        issued = _date(issued_on, "issued_on")
        if issued > TODAY:
            raise _invalid("a document is not issued in the future", IssuedOn=issued)
        ref = reference.strip()
        if kind_value == "safeguarding_check" and not SAFEGUARDING_FORM.fullmatch(ref):
            raise _invalid("a safeguarding check's number is written SG-, six digits, a hyphen and two letters",
                           Reference=ref)
        for did, d in state.documents.items():
            if d["member"] == member_id and d["kind"] == kind_value and d["reference"] == ref:
                raise _invalid(f"that document is on file already as {did}", DocumentID=did)
        did = f"DOC-{_next(state, 'document')}"
        state.documents[did] = {"member": member_id, "kind": kind_value, "reference": ref, "issued_on": issued,
                                "uploaded": TODAY, "vetted": None}
        return Document(document_id=did, member_id=member_id, kind=kind_value, reference=ref, issued_on=issued,
                        uploaded=TODAY)
    except _Refusal as refusal:
        return refusal.reply()


def vet_safeguarding(state: State, token: str, document_id: str) -> Union[Vetting, Dict[str, Any]]:
    """Vets a safeguarding check on file (the licensing secretary's call): a check issued in the last three years
    clears its member to work with players, juniors among them, until three years after its issue. Returns the
    vetting."""
    try:
        _session(state, token, (LICENSING,))
        d = _get(state.documents, document_id, "document")
        if d["kind"] != "safeguarding_check":
            raise _invalid(f"{document_id} is a {d['kind'].replace('_', ' ')}, not a safeguarding check",
                           DocumentID=document_id)
        if d["vetted"]:
            raise _invalid(f"{document_id} is vetted already", DocumentID=document_id)
        issued = datetime.date.fromisoformat(d["issued_on"])
        until = issued.replace(year=issued.year + 3).isoformat()
        if until <= TODAY:
            raise _invalid("a safeguarding check is good for three years from its issue", DocumentID=document_id)
        d["vetted"] = "clear"
        m = state.members[d["member"]]
        m["safeguarding"] = max(m["safeguarding"] or "", until)
        return Vetting(document_id=document_id, member_id=d["member"], outcome="clear", valid_until=until)
    except _Refusal as refusal:
        return refusal.reply()


def apply_arbiter_licence(state: State, token: str, member_id: str,
                          grade: Grade) -> Union[LicenceApplication, Dict[str, Any]]:
    """Takes a member's application for an arbiter's licence (the licensing secretary's call), club or national
    grade. The applicant is an adult with this season's membership paid. The licence fee is invoiced to the
    applicant. Returns the application."""
    try:
        _session(state, token, (LICENSING,))
        m = _get(state.members, member_id, "member")
        if grade not in ("club", "national"):
            raise _bad("grade is club or national")
        if _junior(m):
            raise _invalid(f"an arbiter is {JUNIOR_AGE} or over", MemberID=member_id)
        if not _current(m):
            raise _invalid(f"{member_id} has no paid membership for {SEASON}", MemberID=member_id)
        held = [a["grade"] for a in state.arbiters.values() if a["member"] == member_id]
        if grade in held or (grade == "club" and held):
            raise _invalid(f"{member_id} holds a {held[0]} licence already", MemberID=member_id)
        if grade == "national" and not held:
            raise _invalid("a national licence is for arbiters who have held a club licence", MemberID=member_id)
        for aid, a in state.applications.items():
            if a["member"] == member_id and a["status"] == "open":
                raise _invalid(f"{member_id} has application {aid} open already", MemberID=member_id)
        aid = f"LA-{_next(state, 'application'):04d}"
        fee = LICENCE_FEES[grade]
        iid = _raise_invoice(state, member_id, f"{grade} arbiter licence {aid}", fee, ["licence", aid])
        state.applications[aid] = {"member": member_id, "grade": grade, "invoice": iid, "paid": False,
                                   "status": "open"}
        return LicenceApplication(application_id=aid, member_id=member_id, name=m["name"], grade=grade, fee=fee,
                                  invoice_id=iid, application_status="open")
    except _Refusal as refusal:
        return refusal.reply()


def grant_licence(state: State, token: str, application_id: str) -> Union[Arbiter, Dict[str, Any]]:
    """Grants an open arbiter licence application (the licensing secretary's call) once the applicant's seminar
    certificate is on file, a safeguarding check has cleared them and the licence fee is paid. The licence runs for
    three years. Returns the new arbiter."""
    try:
        _session(state, token, (LICENSING,))
        a = _get(state.applications, application_id, "licence application")
        if a["status"] != "open":
            raise _invalid(f"{application_id} is {a['status']}", ApplicationID=application_id)
        mid = a["member"]
        m = state.members[mid]
        if not any(d["member"] == mid and d["kind"] == "seminar_certificate" for d in state.documents.values()):
            raise _invalid(f"{mid} has no arbiters' seminar certificate on file", ApplicationID=application_id)
        if not m["safeguarding"] or m["safeguarding"] <= TODAY:
            raise _invalid(f"{mid} has no safeguarding check vetted", ApplicationID=application_id)
        if not a["paid"]:
            raise _invalid(f"{application_id}'s licence fee ({a['invoice']}) is unpaid", ApplicationID=application_id)
        arb = f"ARB-{_next(state, 'arbiter')}"
        until = "2058-04-13"
        state.arbiters[arb] = {"member": mid, "grade": a["grade"], "valid_until": until}
        a["status"] = "granted"
        return Arbiter(arbiter_id=arb, member_id=mid, name=m["name"], grade=a["grade"], valid_until=until)
    except _Refusal as refusal:
        return refusal.reply()


def apply_title(state: State, token: str, member_id: str, title: str,
                norm_documents: List[str]) -> Union[TitleApplication, Dict[str, Any]]:
    """Takes a player's application for a federation title (the ratings officer's call): the member, the title's
    code and the document ids of the norm certificates it rests on. The player's peak standard rating and the norms
    must meet the title's requirements. The title fee is invoiced to the player. Returns the application."""
    try:
        _session(state, token, (RATINGS,))
        m = _get(state.members, member_id, "member")
        if not isinstance(norm_documents, list) or not all(isinstance(d, str) for d in norm_documents):
            raise _bad("norm_documents is a list of document ids")
        if not isinstance(title, str) or title not in TITLES:
            raise _invalid("the federation's titles are " + ", ".join(f"{code} ({full}: peak {peak}, {norms} "
                                                                      f"norm{'s' if norms > 1 else ''})"
                                                                      for code, (full, peak, norms)
                                                                      in TITLES.items()), Title=title)
        full, peak, needed = TITLES[title]
        if title in m["titles"]:
            raise _invalid(f"{member_id} holds {title} already", MemberID=member_id)
        for d in norm_documents:
            doc = _get(state.documents, d, "document")
            if doc["member"] != member_id or doc["kind"] != "norm_certificate":
                raise _invalid(f"{d} is not a norm certificate of {member_id}'s", DocumentID=d)
        if len(set(norm_documents)) < needed:
            raise _invalid(f"{title} needs {needed} norm certificates", MemberID=member_id)
        if (m["peak"] or 0) < peak:
            raise _invalid(f"{title} needs a peak standard rating of {peak}; {member_id}'s is {m['peak']}",
                           MemberID=member_id)
        if any(t["member"] == member_id and t["title"] == title and t["status"] == "open"
               for t in state.titles.values()):
            raise _invalid(f"{member_id} has a {title} application open already", MemberID=member_id)
        tid = f"TA-{_next(state, 'title'):04d}"
        iid = _raise_invoice(state, member_id, f"title fee {title} {tid}", TITLE_FEE, ["title", tid])
        state.titles[tid] = {"member": member_id, "title": title, "norms": sorted(set(norm_documents)),
                             "invoice": iid, "paid": False, "status": "open"}
        return TitleApplication(application_id=tid, member_id=member_id, name=m["name"], title=title,
                                peak_standard=m["peak"], norms=sorted(set(norm_documents)), fee=TITLE_FEE,
                                invoice_id=iid, application_status="open")
    except _Refusal as refusal:
        return refusal.reply()


def award_title(state: State, token: str, application_id: str) -> Union[str, Dict[str, Any]]:
    """Awards the title an open title application asks for, once its fee is paid (the ratings officer's call).
    Returns a sentence saying who now holds which title."""
    try:
        _session(state, token, (RATINGS,))
        t = _get(state.titles, application_id, "title application")
        if t["status"] != "open":
            raise _invalid(f"{application_id} is {t['status']}", ApplicationID=application_id)
        if not t["paid"]:
            raise _invalid(f"{application_id}'s title fee ({t['invoice']}) is unpaid", ApplicationID=application_id)
        m = state.members[t["member"]]
        m["titles"].append(t["title"])
        t["status"] = "awarded"
        return (f"{m['name']} ({t['member']}) holds the title of {TITLES[t['title']][0]} ({t['title']}) from "
                f"{TODAY}, application {application_id}.")
    except _Refusal as refusal:
        return refusal.reply()


# --------------------------------------------------------------------------- fair play


def open_case(state: State, token: str, member_id: str, tournament_id: str,
              allegation: str) -> Union[Case, Dict[str, Any]]:
    """Opens a fair-play case against a member over a tournament the member played in (the fair-play officer's
    call), with the allegation in words. Returns the case."""
    try:
        _session(state, token, (FAIR_PLAY,))
        m = _get(state.members, member_id, "member")
        _get(state.tournaments, tournament_id, "tournament")
        if _blank(allegation):
            raise _bad("allegation is required")
        if not any(e["member"] == member_id and e["tournament"] == tournament_id and e["status"] != "withdrawn"
                   for e in state.entries.values()):
            raise _invalid(f"{member_id} did not play in {tournament_id}", MemberID=member_id)
        for cid, c in state.cases.items():
            if c["member"] == member_id and c["tournament"] == tournament_id and c["status"] == "open":
                raise _invalid(f"case {cid} is open on that already", CaseID=cid)
        cid = f"FP-{_next(state, 'case'):04d}"
        state.cases[cid] = {"member": member_id, "tournament": tournament_id, "allegation": allegation.strip(),
                            "outcome": None, "until": None, "status": "open"}
        return Case(case_id=cid, member_id=member_id, name=m["name"], tournament_id=tournament_id,
                    allegation=allegation.strip(), outcome=None, suspended_until=None, case_status="open")
    except _Refusal as refusal:
        return refusal.reply()


def decide_case(state: State, token: str, case_id: str, outcome: Outcome,
                months: int = 0) -> Union[Case, Dict[str, Any]]:
    """Decides an open fair-play case (the fair-play officer's call): dismissed, a warning, or a suspension for a
    number of months, during which the member may not enter tournaments or change clubs. Returns the case."""
    try:
        _session(state, token, (FAIR_PLAY,))
        c = _get(state.cases, case_id, "case")
        if outcome not in ("dismissed", "warning", "suspended") or not _int(months):
            raise _bad("outcome is dismissed, warning or suspended, and months a whole number")
        if c["status"] != "open":
            raise _invalid(f"{case_id} is decided already", CaseID=case_id)
        until = None
        if outcome == "suspended":
            if not 1 <= months <= 36:
                raise _invalid("a suspension is for 1 to 36 months", CaseID=case_id)
            day = datetime.date.fromisoformat(TODAY)
            y, mth = divmod(day.month - 1 + months, 12)
            until = datetime.date(day.year + y, mth + 1, min(day.day, 28)).isoformat()
            m = state.members[c["member"]]
            m["status"] = "suspended"
            m["suspended_until"] = until
            for e in state.entries.values():
                if e["member"] == c["member"] and e["status"] == "entered":
                    e["status"] = "withdrawn"
        elif months:
            raise _invalid("months are given only for a suspension", CaseID=case_id)
        c.update(outcome=outcome, until=until, status="decided")
        return Case(case_id=case_id, member_id=c["member"], name=state.members[c["member"]]["name"],
                    tournament_id=c["tournament"], allegation=c["allegation"], outcome=outcome,
                    suspended_until=until, case_status="decided")
    except _Refusal as refusal:
        return refusal.reply()


TOOLS = [
    sign_in, sign_out, time_controls, rating_list, find_member, register_member, member_record, clubs,
    affiliate_club, buy_membership, set_parental_consent, transfer_club, invoices, record_payment,
    register_tournament, tournaments, arbiters, appoint_arbiter, sanction_tournament, set_entries_open, enter_player,
    entries, withdraw_entry, pairings, pair_round, record_result, standings, close_tournament, submit_rating_report,
    rate_tournament, upload_document, vet_safeguarding, apply_arbiter_licence, grant_licence, apply_title,
    award_title, open_case, decide_case,
]

FIXTURES = {
    "federation": "The Varnholt Chess Federation, 4 Tanglewood Yard, Varnholt",
    "today": "Wednesday 14 April 2055, 09:00; the season is 2054-55",
    "staff": [
        {"name": "Petronella Langhorne", "role": "membership secretary", "username": "petronella.l",
         "password": "Gambit-Ledger-42"},
        {"name": "Hereward Quillfeather", "role": "events officer", "username": "hereward.q",
         "password": "Castling-Hall-17"},
        {"name": "Ludovic Ambridge-Stainthorpe", "role": "tournament arbiter", "username": "ludovic.a",
         "password": "Zugzwang-Clock-63"},
        {"name": "Dorothea Vantongeren", "role": "ratings officer", "username": "dorothea.v",
         "password": "Elo-Table-28"},
        {"name": "Leopoldine Onyekachi", "role": "licensing secretary", "username": "leopoldine.o",
         "password": "Seminar-Badge-55"},
        {"name": "Mungo Tunnicliffe", "role": "treasurer", "username": "mungo.t", "password": "Receipt-Rook-91"},
        {"name": "Osbert Moravec", "role": "fair-play officer", "username": "osbert.m",
         "password": "Engine-Watch-36"},
        {"name": "Rosamond Gillingham", "role": "director", "username": "rosamond.g", "password": "Board-Chair-84"},
    ],
    "new_member": {"name": "Perrin Oakhurst-Levy", "born": "21 September 2043", "club": "Wrensford Junior Chess",
                   "email": "levy.household@example.com", "parent": "Gisela Oakhurst-Levy, who consents",
                   "membership": "junior, paid by card", "birth certificate": "BC 2043/WRN/0917, issued 2 October 2043",
                   "plays": "the Osterby Spring Rapidplay today"},
    "notes": [
        "Ragnhild Satterthwaite is moving to Varnholt University Chess Club",
        "Quenmoor Chess Circle renews its affiliation for 2054-55 (80 pounds by cheque) and registers the Quenmoor "
        "Summer Allegro: Saturday 19 June 2055 at the Quenmoor Reading Room, 5 rounds at 15 minutes plus 10 seconds",
        "Kettlebrook Rooks registers the Kettlebrook Open: Saturday 12 June 2055 in the Kettlebrook Library, Meeting "
        "Room 2, 7 rounds at 90 minutes plus 30 seconds, with a national arbiter; the 40 pound fee is paid by card; "
        "Jovan Ibbotson is its first entry",
        "Cressida Marchmont applies for a club arbiter's licence: seminar certificate ARB-SEM-2055-03 of 22 March "
        "2055, safeguarding check SG-551730-CM of 14 February 2055, the 25 pound fee by card; she is to run the "
        "Wrensford Junior Open",
        "The Wrensford Junior Open's sanction fee is paid by bank transfer once Cressida Marchmont is appointed to "
        "run it; then it is sanctioned, its entries open and Winifreda Tollemache is its first entry",
        "Ulric Naismith-Nakagawa consents to his son Quintin playing; Quintin plays the Osterby Spring Rapidplay",
        "Melisande Entwistle-Bey's junior membership (12 pounds) is paid by card; she plays the Osterby Spring "
        "Rapidplay",
        "Maximilian Ormsby renews his standard membership for 2054-55 and pays by cheque",
        "Yorick Penhallick withdraws from the Osterby Spring Rapidplay: family commitments",
        "Marrowgate Street Easter Congress, round 4: board 2 Kaminski-Hirst 0-1 Achterlonie, board 3 Dewhurst "
        "1/2-1/2 Marchmont; then close it, report (no incidents apart from the fair-play complaint) and rate it",
        "Kettlebrook Evening Rapid, round 1 board 2: Wimpole 1-0 Dalrymple-Oyewole; then pair round 2",
        "Dragomir Achterlonie applies for the National Master title once the Easter Congress is rated: norm "
        "certificates NORM-2053-117 (4 June 2053), NORM-2054-042 (19 March 2054) and NORM-2055-009 (27 January "
        "2055); the 50 pound fee by card",
        "Aurelian Kaminski-Hirst, Marrowgate Street Easter Congress: seen with a phone in the washroom during round 3; "
        "his moves match an engine; suspended for 6 months",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "time_controls", "rating_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
MEMBER_CONSUMERS = ["member_record", "buy_membership", "set_parental_consent", "upload_document", "enter_player"]
RATED_MEMBER_CONSUMERS = ["transfer_club", "apply_title", "apply_arbiter_licence", "open_case"]
NEW_TOURNAMENT_CONSUMERS = ["appoint_arbiter", "sanction_tournament", "set_entries_open", "enter_player", "entries"]
TOURNAMENT_CONSUMERS = ["pairings", "pair_round", "record_result", "standings", "close_tournament",
                        "submit_rating_report", "open_case"]
CLUB_CONSUMERS = ["register_member", "transfer_club", "register_tournament", "affiliate_club"]
_MEMBER = "id lookup/create: member (member_id of a find_member entry, or of register_member's member)"
_RATED = "id lookup: member (member_id of a find_member entry, or the first column of a rating_list row)"
_NEW_TOURNAMENT = ("id lookup/create: tournament (tournament_id of register_tournament's tournament, or of a "
                   "tournaments entry)")
_TOURNAMENT = "id lookup: tournament (tournament_id of a tournaments entry)"
_CLUB = "vocabulary: the club codes (the first column of a clubs row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_member|register_member", c, _MEMBER) for c in MEMBER_CONSUMERS]
    + [("find_member|rating_list", c, _RATED) for c in RATED_MEMBER_CONSUMERS]
    + [("register_tournament|tournaments", c, _NEW_TOURNAMENT) for c in NEW_TOURNAMENT_CONSUMERS]
    + [("tournaments", c, _TOURNAMENT) for c in TOURNAMENT_CONSUMERS]
    + [("clubs", c, _CLUB) for c in CLUB_CONSUMERS]
    + [
        ("invoices|buy_membership", "record_payment", "id lookup/create: invoice (invoice_id of an invoices entry, "
         "or of buy_membership's membership)"),
        ("pair_round|pairings", "record_result", "id lookup/create: round and board (round and the board column of "
         "a pair_round boards row, or the round and board columns of one pairings row)"),
        ("submit_rating_report", "rate_tournament", "id create: rating report (report_id of submit_rating_report)"),
        ("upload_document", "vet_safeguarding", "id create: document (document_id of upload_document's "
         "safeguarding check)"),
        ("apply_arbiter_licence", "grant_licence", "id create: licence application (application_id of "
         "apply_arbiter_licence)"),
        ("apply_title", "award_title", "id create: title application (application_id of apply_title)"),
        ("open_case", "decide_case", "id create: fair-play case (case_id of open_case)"),
        ("arbiters|grant_licence", "appoint_arbiter", "id lookup/create: arbiter (the first column of an arbiters "
         "row, or arbiter_id of grant_licence's arbiter)"),
        ("enter_player|entries", "withdraw_entry", "id lookup/create: entry (entry_id of enter_player's entry, or "
         "the first column of an entries row)"),
        ("time_controls", "register_tournament", "vocabulary: the time control codes (the first column of a "
         "time_controls row)"),
        ("record_payment", "register_tournament", "payment: the club's affiliation fee paid"),
        ("record_payment", "sanction_tournament", "payment: the tournament's sanction fee paid"),
        ("record_payment", "enter_player", "payment: the member's membership for the season paid"),
        ("record_payment", "grant_licence", "payment: the licence fee paid"),
        ("record_payment", "award_title", "payment: the title fee paid"),
        ("upload_document", "apply_title", "document: the norm certificates on file (document_id of each "
         "upload_document norm certificate)"),
        ("upload_document", "grant_licence", "document: the applicant's arbiters' seminar certificate on file"),
        ("vet_safeguarding", "grant_licence", "vetting: the applicant's safeguarding check vetted"),
        ("appoint_arbiter", "sanction_tournament", "state: an arbiter appointed"),
        ("sanction_tournament", "set_entries_open", "approval: the tournament sanctioned"),
        ("set_entries_open", "enter_player", "setting: the tournament's entries open"),
        ("set_parental_consent", "enter_player", "setting: a junior's parental consent on record"),
        ("record_result", "pair_round", "state: every game of the round before has a result"),
        ("record_result", "close_tournament", "state: every game of every round has a result"),
        ("close_tournament", "submit_rating_report", "state: the tournament closed"),
        ("rate_tournament", "apply_title", "state: the peak standard rating the title needs, reached in a rated "
         "tournament"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md). (1) A reply that shows an id to someone who did
# not give it, paired with each call that takes that kind of id and can accept one it shows: member ids (rows of the
# rating list, the arbiters, entries, pairings and standings, a rating run's changes, an invoice's payer, the member a
# licence is granted to), club codes (a member's or a tournament's club, a rating list row, an invoice's payer),
# tournament ids (a member's entries, a rating run, a new tournament's own reader calls), invoice ids (every reply
# that raises one), entries and documents on a member's record, a tournament's arbiter, report and time control.
# (2) A call whose effect the later call checks itself: payments that make a membership or an affiliation count for a
# transfer, a licence application or a registration; a granted club licence for a national application; the rounds
# paired for closing; enough entries for pairing.
_MEMBER_TAKERS = MEMBER_CONSUMERS + RATED_MEMBER_CONSUMERS + ["invoices"]
_CLUB_TAKERS = CLUB_CONSUMERS + ["tournaments", "invoices"]
_TOURNAMENT_TAKERS = NEW_TOURNAMENT_CONSUMERS + TOURNAMENT_CONSUMERS
_ADULTS = ("arbiters", "grant_licence")
_UNRATED = ("register_member", "invoices", "grant_licence")
PLAUSIBLE = (
    {(r, c) for r in ("rating_list", "arbiters", "entries", "pairings", "pair_round", "standings", "rate_tournament",
                      "invoices", "register_member", "grant_licence", "find_member") for c in _MEMBER_TAKERS
     if r != c and not (c == "set_parental_consent" and r in _ADULTS)
     and not (c == "apply_title" and r in _UNRATED)
     and not (c == "open_case" and r in ("invoices", "grant_licence"))}
    | {(r, c) for r in ("find_member", "member_record", "rating_list", "tournaments", "invoices", "clubs")
       for c in _CLUB_TAKERS if r != c}
    | {("member_record", c) for c in _TOURNAMENT_TAKERS if c != "sanction_tournament"}
    | {("rate_tournament", c) for c in ("entries", "pairings", "standings", "open_case")}
    | {("register_tournament", c) for c in ("pairings", "standings")}
    | {(r, "record_payment") for r in ("register_tournament", "affiliate_club", "apply_arbiter_licence", "apply_title",
                                       "rate_tournament", "tournaments")}
    | {("member_record", "withdraw_entry"), ("member_record", "vet_safeguarding"), ("member_record", "apply_title"),
       ("tournaments", "appoint_arbiter"), ("tournaments", "rate_tournament"), ("tournaments", "register_tournament")}
    | {("record_payment", c) for c in ("transfer_club", "apply_arbiter_licence", "register_member", "affiliate_club")}
    | {("grant_licence", "apply_arbiter_licence"), ("pair_round", "close_tournament"), ("enter_player", "pair_round")}
) - _DESIGNED
