"""Epitaph: the order, design, workshop and fixing system of Aldersey & Quarrell, Monumental Masons (38 calls).

Plain functions over an in-memory ``State`` of a family firm of memorial masons at the Stoneyard, Lychgate Lane,
Kirkhallam, on Thursday 14 May 2043 at 08:50. The office finds and registers the families who come to them, finds the
grave in the burial authority's register, records a transfer of the exclusive right of burial where the registered
owner has died and the owner's signed consent to the memorial, opens orders for new memorials, additional
inscriptions and renovations, chooses the stone, takes the wording, sends the designer's proofs and records the
family's approval, takes the permit fee and deposits, applies to the burial authority for its permit and records its
decision, and books the fixing. The designer draws the inscription proofs. The workshop allocates a stone blank from
the yard and cuts the letters. The fixers take an existing memorial down for an additional inscription and fix
memorials to the industry's fixing standard; their BRAMM or NAMM registration must be in date. Accounts invoice fixed
memorials and take the balance. The principal may do everything. The list of burial grounds and the stone catalogue
are public.

Every call answers with a ``TypedDict`` record (a plain dict), a list of them, bare rows, a bare value or a sentence; a
refusal raises the firm's own exception class, ``MasonError``, with a ``code`` (``not_signed_in``, ``not_allowed``,
``no_such``, ``bad_value``, ``not_ready``, ``already``, ``refused``) and a message that says why. There is no
decorator: every tool checks its own session and role (``_session(state, token, OFFICE)``); three calls are public
(``sign_in``, ``burial_grounds``, ``stone_catalogue``).

Annotations are evaluated at definition, in PEP 604 spelling (``str | None``, builtin ``list[str]`` and
``list[list[Any]]``, ``Enum``s and ``Literal`` aliases); return annotations such as ``ClientRecord``,
``list[OrderRecord]``, ``list[list[Any]]``, ``float`` and ``str``. Docstrings are plain prose. Replies are
``TypedDict`` records and lists of them (session, burial grounds, a stone catalogue with its stones as rows, clients,
graves with their interments as rows, orders, an order's file with its inscription, proofs, payments and events as
rows, proofs, permit applications, fixers, a fixing booking, a fixing, invoices with their lines as rows); the yard's
stock and the free fixing slots as bare rows; bare values (an order's price, what is held for a purpose, what an
invoice still owes); sentences with an id in them (a proof sent, an order closed or cancelled, a letter, a sign-out).
Typed inputs: plain ``Enum`` inputs (``OrderKind``, ``LetterStyle``), ``str`` ``Enum`` inputs (``PayMethod``,
``Purpose``) and a ``str`` ``Enum`` filter (``OrderStatus``), ``Literal`` inputs (a finish, how a proof goes, a
permit decision, a fixing's anchorage, a registration scheme, a transfer's document) and ``Literal`` filters (permits,
invoices), ``list[str]`` inscription lines, ``int`` topple test loads, ``float`` amounts. Ids look alike: client
``CL-1207``, grave ``GR-5521``, order ``MO-4413``, proof ``PF-3306``, permit application ``PM-864``, blank
``BL-207``, fixer ``FX-1``, slot ``FS-501``, booking ``BK-771``, invoice ``INV-2234``, letter ``LT-390``; burial grounds
``KHC``, ``SWY``, ``BNB``; stones ``HS-01`` to ``MK-01``. The ground codes are shown only by the list of burial grounds
and the stone codes only by the catalogue; each ground's rules on stones, the letter rates, the deposit, the owner
the register names and the topple test's load are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from enum import Enum
from typing import Any, Literal, TypedDict

TODAY = "2043-05-14"  # a Thursday
NOW = "2043-05-14 08:50"
OFFICE = ("office",)
DESIGN = ("designer",)
WORKSHOP = ("workshop",)
FIXERS = ("fixer",)
ACCOUNTS = ("accounts",)
VAT = 0.2
Finish = Literal["incised_painted", "gilded", "lead"]
SendBy = Literal["email", "post"]
Decision = Literal["granted", "refused"]
Anchorage = Literal["ground_anchor", "dowel_and_plate", "concrete_foundation"]
Scheme = Literal["BRAMM", "NAMM"]
TransferDocument = Literal["grant_of_probate", "letters_of_administration", "statutory_declaration"]
PermitState = Literal["applied", "granted", "refused"]
InvoiceState = Literal["unpaid", "paid"]
LETTER_RATE = {"incised_painted": 2.2, "gilded": 3.7, "lead": 4.5}
REFIX = 180.0  # taking an existing memorial down, to the workshop and back


class OrderKind(Enum):
    NEW_MEMORIAL = "new_memorial"
    ADDITIONAL_INSCRIPTION = "additional_inscription"
    RENOVATION = "renovation"


class LetterStyle(Enum):
    ROMAN = "roman"
    BLOCK = "block"
    SCRIPT = "script"


class PayMethod(str, Enum):
    CARD = "card"
    CASH = "cash"
    CHEQUE = "cheque"
    BANK_TRANSFER = "bank_transfer"


class Purpose(str, Enum):
    DEPOSIT = "deposit"
    PERMIT_FEE = "permit_fee"


class OrderStatus(str, Enum):
    OPEN = "open"
    FIXED = "fixed"
    CLOSED = "closed"
    CANCELLED = "cancelled"


class MasonError(Exception):
    """A refusal: ``code`` says what kind (not_signed_in, not_allowed, no_such, bad_value, not_ready, already,
    refused), the message says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str


class Ground(TypedDict):
    ground_code: str
    name: str
    authority: str
    kind: str
    permit_fee: float


class Catalogue(TypedDict):
    currency: str
    rows: list[list[Any]]


class ClientRecord(TypedDict):
    client_id: str
    name: str
    address: str
    phone: str
    email: str
    relationship: str


class GraveRecord(TypedDict):
    grave_id: str
    ground_code: str
    ground: str
    plot: str
    owner: str | None
    owner_deceased: bool
    interments: list[list[str]]
    memorial: str | None


class OrderRecord(TypedDict):
    order_id: str
    client_id: str
    client: str
    grave_id: str
    ground_code: str
    plot: str
    kind: str
    opened: str
    order_status: str
    stage: str
    stone_code: str | None
    blank_id: str | None
    proof_id: str | None
    permit: str | None
    fixing_booked: str | None


class OrderFile(TypedDict):
    order: OrderRecord
    inscription: list[str]
    style: str | None
    finish: str | None
    letters: int
    owner_consent: list[str] | None
    proofs: list[list[Any]]
    payments: list[list[Any]]
    events: list[list[str]]


class ProofRecord(TypedDict):
    proof_id: str
    order_id: str
    drawn: str
    lines: list[str]
    style: str
    finish: str
    stone: str
    proof_state: str
    approved_by: str | None


class PermitRecord(TypedDict):
    application_id: str
    order_id: str
    ground_code: str
    authority: str
    applied: str
    permit_state: str
    reference: str | None
    conditions: str | None


class FixerRecord(TypedDict):
    fixer_id: str
    name: str
    scheme: str
    card_number: str
    expires: str


class Booking(TypedDict):
    booking_id: str
    order_id: str
    slot_id: str
    date: str
    time: str
    fixer_id: str
    fixer: str


class Fixing(TypedDict):
    order_id: str
    grave_id: str
    fixed_on: str
    fixer: str
    anchorage: str
    topple_test_kg: int
    photo_ref: str
    order_status: str


class InvoiceRecord(TypedDict):
    invoice_id: str
    order_id: str
    client: str
    dated: str
    lines: list[list[Any]]
    total: float
    paid: float
    owing: float
    invoice_state: str


# --------------------------------------------------------------------------- the firm's state

GROUNDS = {  # code -> name, authority, kind, permit fee
    "KHC": ["Kirkhallam Cemetery", "Kirkhallam Town Council", "cemetery", 95.0],
    "SWY": ["St Wystan's Churchyard, Lowthorpe", "The Diocese (on the incumbent's permission)", "churchyard", 60.0],
    "BNB": ["Brambleholt Natural Burial Ground", "The Brambleholt Trust", "natural burial ground", 0.0],
}
STONES = [  # code, design, material, height mm, width mm, price
    ["HS-01", "Ogee-top lawn headstone", "black granite, polished", 760, 610, 1450.0],
    ["HS-02", "Round-top lawn headstone", "grey granite, polished", 760, 610, 1290.0],
    ["HS-03", "Traditional headstone with base", "Yorkshire sandstone, rubbed", 900, 600, 1650.0],
    ["HS-04", "Square-top headstone", "Welsh slate, honed", 900, 600, 1780.0],
    ["HS-05", "Heart headstone", "blue pearl granite, polished", 700, 700, 1520.0],
    ["KS-01", "Full kerbset with headstone", "black granite, polished", 900, 700, 3250.0],
    ["MK-01", "Small marker stone", "Purbeck limestone, rubbed", 300, 250, 520.0],
]


def _stone(code: str) -> list[Any] | None:
    return next((s for s in STONES if s[0] == code), None)


def _order(client: str, grave: str, kind: str, opened: str) -> dict[str, Any]:
    return {"client": client, "grave": grave, "kind": kind, "opened": opened, "status": "open", "stone": None,
            "blank": None, "lines": [], "style": None, "finish": None, "proof": None, "consent": None,
            "permit": None, "removed": False, "cut": False, "booking": None, "fixed": None, "invoice": None,
            "payments": []}


class State:
    """Aldersey & Quarrell's system on Thursday 14 May 2043 at 08:50."""

    def __init__(self) -> None:
        self.staff = {
            "maud.p": {"name": "Maud Pennywell", "password": "Chisel-Point-33", "role": "office"},
            "osric.f": {"name": "Osric Fenwright", "password": "Serif-Roman-58", "role": "designer"},
            "ewart.g": {"name": "Ewart Greathead", "password": "Banker-Mason-71", "role": "workshop"},
            "niall.s": {"name": "Niall Sheeran", "password": "Ground-Anchor-46", "role": "fixer"},
            "wilhelmina.c": {"name": "Wilhelmina Crouch", "password": "Tally-Stick-29", "role": "accounts"},
            "edmund.a": {"name": "Edmund Aldersey", "password": "Headstone-Base-12", "role": "principal"},
        }
        self.logins: dict[str, dict[str, Any]] = {}
        self.clients = {
            "CL-1201": ["Mrs Rosalind Yeoman", "3 Ropewalk Cottages, Kirkhallam KH2 6TB", "01632 962201",
                        "rosalind.yeoman@example.co.uk", "widow of Frederick Yeoman"],
            "CL-1202": ["Mr Gerald Pettifer", "41 Lintel Street, Kirkhallam KH1 4RE", "07700 900721",
                        "gerald.pettifer@example.com", "son of Arthur and Violet Pettifer"],
            "CL-1203": ["Mr Lionel Thwaite", "The Gatehouse, Lowthorpe KH9 3AW", "01632 962233",
                        "lionel.thwaite@example.org",
                        "son of Mabel Thwaite and grandson of Walter Ogglethorpe"],
            "CL-1204": ["Mrs Dilys Penfold", "18 Scaife Road, Kirkhallam KH3 8PJ", "01632 962244",
                        "dilys.penfold@example.co.uk", "widow of Leonard Penfold"],
            "CL-1205": ["Mr Anwar Siddiqui", "6 Thursby Close, Kirkhallam KH5 2LN", "07700 900755",
                        "anwar.siddiqui@example.net", "husband of Nasreen Siddiqui"],
            "CL-1206": ["Mrs Evadne Coulthard", "Flat 2, 9 Oriel Terrace, Kirkhallam KH1 7QS", "01632 962266",
                        "evadne.coulthard@example.com", "widow of Horace Coulthard"],
        }
        self.graves = {  # grave -> ground, plot, owner, owner deceased, interments [[name, buried]], memorial
            "GR-1180": ["SWY", "Row 4, 12", None, False, [["Mabel Thwaite", "2042-11-26"]], None],
            "GR-1184": ["SWY", "Row 4, 16", None, False, [["Walter Ogglethorpe", "2031-03-02"]],
                        "Slate headstone, 2031"],
            "GR-5515": ["KHC", "D 98", "Evadne Coulthard", False, [["Horace Coulthard", "2042-12-01"]],
                        "HS-01 black granite headstone, fixed 2043-05-07"],
            "GR-5521": ["KHC", "D 114", "Rosalind Yeoman", False, [["Frederick Yeoman", "2043-02-03"]], None],
            "GR-5522": ["KHC", "B 37", "Arthur Pettifer", True,
                        [["Arthur Pettifer", "2019-06-11"], ["Violet Pettifer", "2043-04-22"]],
                        "HS-03 sandstone headstone, fixed 2019-11-04"],
            "GR-5526": ["KHC", "F 3", "Dilys Penfold", False, [["Leonard Penfold", "2042-10-15"]], None],
            "GR-5530": ["KHC", "M 22", "Anwar Siddiqui", False, [["Nasreen Siddiqui", "2043-03-28"]], None],
            "GR-5534": ["KHC", "F 9", "Honor Gatenby", False, [["Raymond Gatenby", "2043-04-09"]], None],
            "GR-7702": ["BNB", "Meadow 2, 31", "Cyrus Ellerby", False, [["Iona Ellerby", "2043-01-17"]], None],
        }
        self.orders = {
            "MO-4405": _order("CL-1206", "GR-5515", "new_memorial", "2043-02-20"),
            "MO-4406": _order("CL-1204", "GR-5526", "new_memorial", "2043-03-02"),
            "MO-4410": _order("CL-1201", "GR-5521", "new_memorial", "2043-04-21"),
            "MO-4411": _order("CL-1203", "GR-1180", "new_memorial", "2043-05-06"),
            "MO-4412": _order("CL-1202", "GR-5522", "additional_inscription", "2043-05-12"),
        }
        o = self.orders["MO-4405"]
        o.update(status="fixed", stone="HS-01", blank="BL-188", style="roman", finish="gilded", proof="PF-3290",
                 consent=["Evadne Coulthard", "2043-02-24"], permit="PM-857", cut=True, booking="BK-768",
                 fixed="2043-05-07", invoice="INV-2231",
                 lines=["In loving memory of", "HORACE EDWIN COULTHARD", "1940 - 2042", "Rest in peace"])
        o["payments"] = [["2043-02-20", "permit_fee", 95.0, "card"], ["2043-02-24", "deposit", 700.0, "card"]]
        o = self.orders["MO-4406"]
        o.update(stone="HS-05", blank="BL-199", style="script", finish="incised_painted", proof="PF-3297",
                 consent=["Dilys Penfold", "2043-03-06"], permit="PM-861", cut=True,
                 lines=["Treasured memories of", "LEONARD PENFOLD", "1944 - 2042", "Always with us"])
        o["payments"] = [["2043-03-02", "deposit", 660.0, "cheque"], ["2043-03-06", "permit_fee", 95.0, "cheque"]]
        o = self.orders["MO-4410"]
        o.update(stone="HS-02", style="roman", finish="incised_painted", proof="PF-3302",
                 consent=["Rosalind Yeoman", "2043-05-05"],
                 lines=["In loving memory of", "FREDERICK JOHN YEOMAN", "1948 - 2043", "Forever in our hearts"])
        o["payments"] = [["2043-04-21", "deposit", 600.0, "card"]]
        o = self.orders["MO-4412"]
        o.update(style="roman", finish="incised_painted",
                 lines=["Also his beloved wife", "VIOLET MAY PETTIFER", "1931 - 2043", "Reunited"])
        self.proofs = {  # proof -> order, drawn, lines, style, finish, stone, state, approved by
            "PF-3290": ["MO-4405", "2043-02-22", list(self.orders["MO-4405"]["lines"]), "roman", "gilded", "HS-01",
                        "approved", "Evadne Coulthard"],
            "PF-3297": ["MO-4406", "2043-03-04", list(self.orders["MO-4406"]["lines"]), "script", "incised_painted",
                        "HS-05", "approved", "Dilys Penfold"],
            "PF-3302": ["MO-4410", "2043-05-11", list(self.orders["MO-4410"]["lines"]), "roman", "incised_painted",
                        "HS-02", "sent", None],
        }
        self.permits = {  # application -> order, applied, state, reference, conditions
            "PM-857": ["MO-4405", "2043-02-25", "granted", "KTC/M/2043/041", None],
            "PM-861": ["MO-4406", "2043-03-07", "granted", "KTC/M/2043/118", "Fix on a ground anchor"],
        }
        self.stock = {  # blank -> stone code, location, order
            "BL-188": ["HS-01", "Fixed", "MO-4405"], "BL-199": ["HS-05", "Workshop bench 2", "MO-4406"],
            "BL-207": ["HS-02", "Yard bay 3", None], "BL-208": ["HS-04", "Yard bay 5", None],
            "BL-209": ["HS-01", "Yard bay 1", None], "BL-210": ["HS-01", "Yard bay 1", None],
            "BL-211": ["MK-01", "Yard bay 6", None], "BL-212": ["HS-03", "Yard bay 4", None],
        }
        self.fixers = {  # fixer -> name, scheme, card number, expires
            "FX-1": ["Niall Sheeran", "BRAMM", "BR-20417", "2044-01-31"],
            "FX-2": ["Padraig Mulready", "BRAMM", "BR-19088", "2043-04-30"],
        }
        self.slots = {  # slot -> date, time, area, booking
            "FS-498": ["2043-05-07", "10:00", "Kirkhallam", "BK-768"],
            "FS-500": ["2043-05-14", "11:00", "Kirkhallam", None],
            "FS-501": ["2043-05-15", "09:00", "Kirkhallam", None],
            "FS-502": ["2043-05-15", "13:30", "Kirkhallam", None],
            "FS-503": ["2043-05-18", "09:00", "Lowthorpe", None],
            "FS-504": ["2043-05-19", "10:00", "Kirkhallam", None],
            "FS-505": ["2043-05-20", "09:00", "Kirkhallam", None],
        }
        self.bookings = {"BK-768": ["MO-4405", "FS-498", "FX-1"]}  # booking -> order, slot, fixer
        self.fixings = {"MO-4405": ["2043-05-07", "Niall Sheeran", "ground_anchor", 35, "PH-5507"]}
        self.invoices = {  # invoice -> order, dated, lines [[item, description, amount]], total, paid
            "INV-2231": ["MO-4405", "2043-05-08",
                         [["HS-01", "Ogee-top lawn headstone, black granite, polished", 1450.0],
                          ["letters", "55 letters, roman, gilded", 203.5], ["VAT", "20%", 330.7],
                          ["deposit", "Deposit paid 2043-02-24", -700.0]], 1984.2, 700.0],
        }
        self.events: dict[str, list[list[str]]] = {
            "MO-4410": [["2043-05-11 15:20", "proof PF-3302 sent by e-mail", "Maud Pennywell"]],
            "MO-4412": [["2043-05-12 11:05", "order opened; the register names Arthur Pettifer, deceased, as owner",
                         "Maud Pennywell"]],
        }
        self.letters: list[list[str]] = []
        self.counters = {"client": 1207, "order": 4413, "proof": 3306, "permit": 864, "booking": 771, "invoice": 2234,
                         "letter": 390}


# --------------------------------------------------------------------------- helpers


def _session(state: State, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    """The login behind ``token``, if its role is one of ``roles`` (the principal may do everything)."""
    login = state.logins.get(token) if isinstance(token, str) else None
    if login is None:
        raise MasonError("not_signed_in", "not signed in, or the session has ended; sign in first")
    if roles and login["role"] != "principal" and login["role"] not in roles:
        raise MasonError("not_allowed", f"{login['name']} ({login['role']}) may not do this")
    return login


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _amount(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _get(table: dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise MasonError("no_such", f"no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise MasonError("bad_value", f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise MasonError("bad_value", f"{name} is one of {allowed}, not {value!r}") from None


def _choice(value: Any, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise MasonError("bad_value", f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _event(state: State, order_id: str, what: str, who: str) -> None:
    state.events.setdefault(order_id, []).append([NOW, what, who])


def _letters(lines: list[str]) -> int:
    return sum(1 for line in lines for ch in line if ch.isalnum())


def _work(o: dict[str, Any]) -> list[list[Any]]:
    """The priced work of an order before VAT: the stone (or taking the memorial down and refixing it) and letters."""
    rows: list[list[Any]] = []
    if o["kind"] == "new_memorial":
        if o["stone"]:
            s = _stone(o["stone"])
            rows.append([s[0], f"{s[1]}, {s[2]}", s[5]])
    else:
        rows.append(["refix", "Memorial taken down, to the workshop and refixed", REFIX])
    if o["lines"] and o["finish"]:
        n = _letters(o["lines"])
        rows.append(["letters", f"{n} letters, {o['style']}, {o['finish'].replace('_', ' ')}",
                     round(n * LETTER_RATE[o["finish"]], 2)])
    return rows


def _gross(o: dict[str, Any]) -> float:
    return round(sum(r[2] for r in _work(o)) * (1 + VAT), 2)


def _held(o: dict[str, Any], purpose: str) -> float:
    return round(sum(p[2] for p in o["payments"] if p[1] == purpose), 2)


def _stage(state: State, o: dict[str, Any]) -> str:
    if o["status"] != "open":
        return o["status"]
    if o["booking"]:
        return "booked for fixing"
    if o["cut"]:
        return "letters cut"
    proof = state.proofs.get(o["proof"]) if o["proof"] else None
    if proof and proof[6] == "approved":
        return "proof approved"
    if proof:
        return f"proof {proof[6]}"
    return "taking details"


def _client(state: State, cid: str) -> ClientRecord:
    c = state.clients[cid]
    return ClientRecord(client_id=cid, name=c[0], address=c[1], phone=c[2], email=c[3], relationship=c[4])


def _grave(state: State, gid: str) -> GraveRecord:
    g = state.graves[gid]
    return GraveRecord(grave_id=gid, ground_code=g[0], ground=GROUNDS[g[0]][0], plot=g[1], owner=g[2],
                       owner_deceased=g[3], interments=[list(i) for i in g[4]], memorial=g[5])


def _order_record(state: State, oid: str) -> OrderRecord:
    o = state.orders[oid]
    g = state.graves[o["grave"]]
    booking = state.bookings.get(o["booking"]) if o["booking"] else None
    return OrderRecord(order_id=oid, client_id=o["client"], client=state.clients[o["client"]][0], grave_id=o["grave"],
                       ground_code=g[0], plot=g[1], kind=o["kind"], opened=o["opened"], order_status=o["status"],
                       stage=_stage(state, o), stone_code=o["stone"], blank_id=o["blank"], proof_id=o["proof"],
                       permit=o["permit"], fixing_booked=state.slots[booking[1]][0] if booking else None)


def _proof(state: State, pid: str) -> ProofRecord:
    p = state.proofs[pid]
    return ProofRecord(proof_id=pid, order_id=p[0], drawn=p[1], lines=list(p[2]), style=p[3], finish=p[4],
                       stone=p[5], proof_state=p[6], approved_by=p[7])


def _permit(state: State, aid: str) -> PermitRecord:
    a = state.permits[aid]
    ground = state.graves[state.orders[a[0]]["grave"]][0]
    return PermitRecord(application_id=aid, order_id=a[0], ground_code=ground, authority=GROUNDS[ground][1],
                        applied=a[1], permit_state=a[2], reference=a[3], conditions=a[4])


def _fixer(state: State, fid: str) -> FixerRecord:
    f = state.fixers[fid]
    return FixerRecord(fixer_id=fid, name=f[0], scheme=f[1], card_number=f[2], expires=f[3])


def _invoice(state: State, iid: str) -> InvoiceRecord:
    i = state.invoices[iid]
    owing = round(i[3] - i[4], 2)
    return InvoiceRecord(invoice_id=iid, order_id=i[0], client=state.clients[state.orders[i[0]]["client"]][0],
                         dated=i[1], lines=[list(x) for x in i[2]], total=i[3], paid=i[4], owing=owing,
                         invoice_state="paid" if owing <= 0.005 else "unpaid")


def _open_order(state: State, oid: Any) -> dict[str, Any]:
    o = _get(state.orders, oid, "order")
    if o["status"] != "open":
        raise MasonError("not_ready", f"{oid} is {o['status']}")
    return o


def _supersede(state: State, o: dict[str, Any]) -> None:
    """A change to the stone or the wording makes the order's proof out of date."""
    if o["proof"] and state.proofs[o["proof"]][6] != "superseded":
        state.proofs[o["proof"]][6] = "superseded"
    o["proof"] = None


# --------------------------------------------------------------------------- sessions and the public lists


def sign_in(state: State, username: str, password: str) -> Session:
    """Signs a member of staff in with their user name (such as maud.p) and password, and answers with the session,
    whose token every other call but the public lists needs."""
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise MasonError("not_signed_in", "unknown user name or wrong password")
    token = f"aq-{username}-{len(state.logins) + 1}"
    state.logins[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"])


def sign_out(state: State, token: str) -> str:
    """Ends the session of the given token and answers with a sentence saying who signed out."""
    login = _session(state, token)
    del state.logins[token]
    return f"Signed out {login['name']} at {NOW[11:]}."


def burial_grounds() -> list[Ground]:
    """Lists the burial grounds the firm works in, as printed for families (no session needed): each ground's code,
    name, burial authority, kind and the fee its authority charges for a memorial permit."""
    return [Ground(ground_code=k, name=g[0], authority=g[1], kind=g[2], permit_fee=g[3])
            for k, g in GROUNDS.items()]


def stone_catalogue() -> Catalogue:
    """The firm's stone catalogue as printed for families (no session needed). Each row is the stone's code, its
    design, its material and finish, its height and width in millimetres and its price before VAT and lettering;
    orders name their stone by the code."""
    return Catalogue(currency="GBP", rows=[list(s) for s in STONES])


# --------------------------------------------------------------------------- clients and graves


def find_client(state: State, token: str, text: str) -> list[ClientRecord]:
    """Finds clients whose name, e-mail address or phone number contains the text, in client id order."""
    _session(state, token)
    if _blank(text):
        raise MasonError("bad_value", "text is required")
    t = text.strip().lower()
    return [_client(state, cid) for cid, c in sorted(state.clients.items())
            if t in c[0].lower() or t in c[3].lower() or t in c[2]]


def register_client(state: State, token: str, name: str, address: str, phone: str, email: str,
                    relationship: str) -> ClientRecord:
    """Registers a family member as a new client (the office): their name with a title, postal address, phone,
    e-mail address and how they are related to the person the memorial is for. Answers with the client record and
    its new client id."""
    _session(state, token, OFFICE)
    if any(_blank(v) for v in (name, address, phone, relationship)):
        raise MasonError("bad_value", "name, address, phone and relationship are required")
    if not isinstance(email, str) or "@" not in email:
        raise MasonError("bad_value", f"{email!r} is not an e-mail address")
    for cid, c in state.clients.items():
        if c[0].lower() == name.strip().lower() and c[1].lower() == address.strip().lower():
            raise MasonError("already", f"{c[0]} is a client already, {cid}")
    cid = f"CL-{_next(state, 'client')}"
    state.clients[cid] = [name.strip(), address.strip(), phone.strip(), email.strip(), relationship.strip()]
    return _client(state, cid)


def update_client(state: State, token: str, client_id: str, address: str | None = None, phone: str | None = None,
                  email: str | None = None) -> ClientRecord:
    """Changes a client's address, phone or e-mail address (the office); leave out what stays. Answers with the
    client as they now stand; giving the details the client has already is refused."""
    _session(state, token, OFFICE)
    c = _get(state.clients, client_id, "client")
    new = {i: v.strip() for i, v in ((1, address), (2, phone), (3, email)) if v is not None and not _blank(v)}
    if not new:
        raise MasonError("bad_value", "give at least one of address, phone, email")
    if 3 in new and "@" not in new[3]:
        raise MasonError("bad_value", f"{new[3]!r} is not an e-mail address")
    if all(c[i] == v for i, v in new.items()):
        raise MasonError("already", f"{c[0]} has those details already")
    for i, v in new.items():
        c[i] = v
    return _client(state, client_id)


def find_grave(state: State, token: str, ground_code: str, plot: str | None = None,
               deceased: str | None = None) -> list[GraveRecord]:
    """Finds graves in a burial ground's register by the ground's code and the plot (as the authority writes it,
    such as D 114) or part of the name of someone buried there. Each grave comes with its registered owner (the
    holder of the exclusive right of burial, and whether the register shows them as deceased), the interments as
    rows of name and date of burial, and the memorial now on it."""
    _session(state, token)
    if ground_code not in GROUNDS:
        raise MasonError("no_such", f"unknown burial ground {ground_code!r}; the list of burial grounds gives the "
                                    "codes")
    if _blank(plot) and _blank(deceased):
        raise MasonError("bad_value", "give the plot or a name")
    found = []
    for gid, g in sorted(state.graves.items()):
        if g[0] != ground_code:
            continue
        if not _blank(plot) and g[1].lower() != plot.strip().lower():
            continue
        if not _blank(deceased) and not any(deceased.strip().lower() in i[0].lower() for i in g[4]):
            continue
        found.append(_grave(state, gid))
    return found


def record_transfer(state: State, token: str, grave_id: str, new_owner: str, document: TransferDocument,
                    document_date: str) -> GraveRecord:
    """Records with the burial authority the transfer of a grave's exclusive right of burial to a new owner, once the
    registered owner has died (the office), on the document that proves it: a grant of probate, letters of
    administration or a statutory declaration, with its date. Answers with the grave as the register now shows it."""
    _session(state, token, OFFICE)
    g = _get(state.graves, grave_id, "grave")
    _choice(document, ("grant_of_probate", "letters_of_administration", "statutory_declaration"), "document")
    day = _date(document_date, "document_date")
    if day > TODAY:
        raise MasonError("bad_value", f"{day} has not come yet")
    if _blank(new_owner):
        raise MasonError("bad_value", "new_owner is required")
    if g[2] is None:
        raise MasonError("not_ready", f"{grave_id} is in a churchyard, where no one owns a right of burial")
    if not g[3]:
        if g[2].lower() == new_owner.strip().lower():
            raise MasonError("already", f"{g[2]} is the registered owner of {grave_id} already")
        raise MasonError("refused", f"{g[2]}, the registered owner, is living; only they may transfer the right")
    g[2], g[3] = new_owner.strip(), False
    return _grave(state, grave_id)


# --------------------------------------------------------------------------- orders and their design


def open_order(state: State, token: str, client_id: str, grave_id: str, kind: OrderKind) -> OrderRecord:
    """Opens an order for a client on a grave (the office): a new memorial on a grave that has none, or an additional
    inscription or a renovation on the memorial a grave has. A grave has one open order at a time. Answers with the
    order and its new order id."""
    who = _session(state, token, OFFICE)["name"]
    _get(state.clients, client_id, "client")
    g = _get(state.graves, grave_id, "grave")
    kind = _enum(OrderKind, kind, "kind")
    for oid, o in state.orders.items():
        if o["grave"] == grave_id and o["status"] == "open":
            raise MasonError("already", f"{grave_id} has open order {oid} already")
    if kind is OrderKind.NEW_MEMORIAL and g[5]:
        raise MasonError("refused", f"{grave_id} has a memorial already ({g[5]}); order an additional inscription "
                                    "or a renovation")
    if kind is not OrderKind.NEW_MEMORIAL and not g[5]:
        raise MasonError("refused", f"{grave_id} has no memorial yet")
    oid = f"MO-{_next(state, 'order')}"
    state.orders[oid] = _order(client_id, grave_id, kind.value, TODAY)
    _event(state, oid, "order opened", who)
    return _order_record(state, oid)


def orders(state: State, token: str, status: OrderStatus | None = None,
           client_id: str | None = None) -> list[OrderRecord]:
    """Lists orders in order id order, only those in the given status (open, fixed, closed or cancelled) and only the
    given client's when asked."""
    _session(state, token)
    wanted = _enum(OrderStatus, status, "status").value if status is not None else None
    return [_order_record(state, oid) for oid, o in sorted(state.orders.items())
            if (wanted is None or o["status"] == wanted) and (client_id is None or o["client"] == client_id)]


def order_file(state: State, token: str, order_id: str) -> OrderFile:
    """An order's whole file: the order, its inscription with the letter style and finish and the number of letters,
    the owner's consent as owner and date, its proofs as rows of proof id, date drawn and state, its payments as rows
    of date, purpose, amount and method, and what happened as rows of when, what and who."""
    _session(state, token)
    o = _get(state.orders, order_id, "order")
    proofs = [[pid, p[1], p[6]] for pid, p in sorted(state.proofs.items()) if p[0] == order_id]
    return OrderFile(order=_order_record(state, order_id), inscription=list(o["lines"]), style=o["style"],
                     finish=o["finish"], letters=_letters(o["lines"]),
                     owner_consent=list(o["consent"]) if o["consent"] else None, proofs=proofs,
                     payments=[list(p) for p in o["payments"]],
                     events=[list(e) for e in state.events.get(order_id, [])])


def choose_stone(state: State, token: str, order_id: str, stone_code: str) -> OrderRecord:
    """Chooses the stone for a new memorial from the catalogue by its code (the office), within the rules of the
    grave's burial ground. A proof drawn before the change goes out of date. Answers with the order."""
    who = _session(state, token, OFFICE)["name"]
    o = _open_order(state, order_id)
    if o["kind"] != "new_memorial":
        raise MasonError("not_ready", f"{order_id} is an {o['kind'].replace('_', ' ')} on the memorial already there")
    s = _stone(stone_code) if isinstance(stone_code, str) else None
    if s is None:
        raise MasonError("no_such", f"unknown stone {stone_code!r}; the stone catalogue gives the codes")
    if o["stone"] == stone_code:
        raise MasonError("already", f"{order_id} has {stone_code} already")
    ground = state.graves[o["grave"]][0]
    if ground == "KHC" and stone_code == "KS-01":
        raise MasonError("refused", "Kirkhallam Cemetery is a lawn cemetery: headstones only, no kerbsets")
    if ground == "SWY" and ("polished" in s[2] or stone_code == "KS-01"):
        raise MasonError("refused", "the Churchyard Regulations allow natural stone with a rubbed or honed finish "
                                    "and no kerbs; polished granite is not permitted")
    if ground == "BNB" and stone_code != "MK-01":
        raise MasonError("refused", "Brambleholt allows a small marker stone of local limestone and nothing larger")
    o["stone"] = stone_code
    _supersede(state, o)
    _event(state, order_id, f"stone {stone_code} chosen", who)
    return _order_record(state, order_id)


def set_inscription(state: State, token: str, order_id: str, lines: list[str], style: LetterStyle,
                    finish: Finish) -> OrderFile:
    """Sets an order's inscription (the office or the designer): its lines as the family want them, the letter style
    (roman, block or script) and the finish of the letters (incised and painted, gilded, or lead). A proof drawn
    before the change goes out of date. Answers with the order's file."""
    who = _session(state, token, OFFICE + DESIGN)["name"]
    o = _open_order(state, order_id)
    if not isinstance(lines, list) or not lines or not all(isinstance(x, str) and x.strip() for x in lines):
        raise MasonError("bad_value", "lines is a list of the inscription's lines, none empty")
    style = _enum(LetterStyle, style, "style")
    _choice(finish, ("incised_painted", "gilded", "lead"), "finish")
    if len(lines) > 8 or any(len(x.strip()) > 32 for x in lines):
        raise MasonError("refused", "a headstone takes at most eight lines of 32 characters")
    clean = [x.strip() for x in lines]
    if o["lines"] == clean and o["style"] == style.value and o["finish"] == finish:
        raise MasonError("already", f"{order_id} has that inscription already")
    o["lines"], o["style"], o["finish"] = clean, style.value, finish
    _supersede(state, o)
    _event(state, order_id, f"inscription set, {_letters(clean)} letters", who)
    return order_file(state=state, token=token, order_id=order_id)


def price_order(state: State, token: str, order_id: str) -> float:
    """Prices an order as it stands: the stone (or taking an existing memorial down and refixing it) and the letters
    with VAT, and the burial authority's permit fee. Answers with the total in pounds."""
    _session(state, token)
    o = _get(state.orders, order_id, "order")
    return round(_gross(o) + GROUNDS[state.graves[o["grave"]][0]][3], 2)


def draw_proof(state: State, token: str, order_id: str) -> ProofRecord:
    """Draws the inscription proof of an order (the designer), once a new memorial has its stone and the order has
    its inscription. Answers with the proof and its new proof id."""
    who = _session(state, token, DESIGN)["name"]
    o = _open_order(state, order_id)
    if o["kind"] == "new_memorial" and not o["stone"]:
        raise MasonError("not_ready", f"{order_id} has no stone chosen yet")
    if not o["lines"]:
        raise MasonError("not_ready", f"{order_id} has no inscription yet")
    if o["proof"] and state.proofs[o["proof"]][6] in ("drawn", "sent", "approved"):
        raise MasonError("already", f"{order_id} has proof {o['proof']} of this inscription already")
    pid = f"PF-{_next(state, 'proof')}"
    stone = o["stone"] if o["kind"] == "new_memorial" else state.graves[o["grave"]][5]
    state.proofs[pid] = [order_id, TODAY, list(o["lines"]), o["style"], o["finish"], stone, "drawn", None]
    o["proof"] = pid
    _event(state, order_id, f"proof {pid} drawn", who)
    return _proof(state, pid)


def send_proof(state: State, token: str, proof_id: str, by: SendBy) -> str:
    """Sends a drawn proof to the client by e-mail or post (the office) and answers with a sentence saying so."""
    who = _session(state, token, OFFICE)["name"]
    p = _get(state.proofs, proof_id, "proof")
    _choice(by, ("email", "post"), "by")
    if p[6] == "superseded":
        raise MasonError("not_ready", f"{proof_id} is out of date; draw a new proof")
    if p[6] != "drawn":
        raise MasonError("already", f"{proof_id} is {p[6]} already")
    o = state.orders[p[0]]
    c = state.clients[o["client"]]
    p[6] = "sent"
    _event(state, p[0], f"proof {proof_id} sent by {'e-mail' if by == 'email' else 'post'}", who)
    where = c[3] if by == "email" else c[1]
    return f"Proof {proof_id} of order {p[0]} sent by {'e-mail' if by == 'email' else 'post'} to {c[0]}, {where}."


def approve_proof(state: State, token: str, proof_id: str, approved_by: str) -> ProofRecord:
    """Records that the family have approved a proof sent to them (the office), with who approved it. Answers with
    the proof."""
    who = _session(state, token, OFFICE)["name"]
    p = _get(state.proofs, proof_id, "proof")
    if _blank(approved_by):
        raise MasonError("bad_value", "approved_by is required")
    if p[6] == "approved":
        raise MasonError("already", f"{proof_id} is approved already")
    if p[6] != "sent":
        raise MasonError("not_ready", f"{proof_id} is {p[6]}, not sent to the family")
    p[6], p[7] = "approved", approved_by.strip()
    _event(state, p[0], f"proof {proof_id} approved by {approved_by.strip()}", who)
    return _proof(state, proof_id)


def owner_consent(state: State, token: str, order_id: str, owner_name: str, signed_on: str) -> OrderFile:
    """Records the registered grave owner's signature on the memorial application (the office): the owner's name as
    they signed and the date. Answers with the order's file."""
    who = _session(state, token, OFFICE)["name"]
    o = _open_order(state, order_id)
    g = state.graves[o["grave"]]
    day = _date(signed_on, "signed_on")
    if day > TODAY:
        raise MasonError("bad_value", f"{day} has not come yet")
    if _blank(owner_name):
        raise MasonError("bad_value", "owner_name is required")
    if g[2] is None:
        raise MasonError("not_ready", f"{o['grave']} is in a churchyard; the incumbent's permission is the permit "
                                      "itself, and no owner signs")
    if o["consent"]:
        raise MasonError("already", f"{o['consent'][0]} signed for {order_id} already, on {o['consent'][1]}")
    if g[3]:
        raise MasonError("refused", f"the register names {g[2]}, who has died, as the owner of {o['grave']}; the "
                                    "right must be transferred before anyone can sign")
    if g[2].lower() != owner_name.strip().lower():
        raise MasonError("refused", f"the register names {g[2]} as the owner of {o['grave']}; only they may sign")
    o["consent"] = [g[2], day]
    _event(state, order_id, f"owner's consent signed by {g[2]}", who)
    return order_file(state=state, token=token, order_id=order_id)


# --------------------------------------------------------------------------- money and permits


def take_payment(state: State, token: str, order_id: str, amount: float, method: PayMethod,
                 purpose: Purpose) -> float:
    """Takes a payment on an order (the office or accounts), by card, cash, cheque or bank transfer, either as the
    deposit or as the burial authority's permit fee. Answers with what is now held on the order for that purpose."""
    who = _session(state, token, OFFICE + ACCOUNTS)["name"]
    o = _open_order(state, order_id)
    method = _enum(PayMethod, method, "method")
    purpose = _enum(Purpose, purpose, "purpose")
    if not _amount(amount) or amount <= 0:
        raise MasonError("bad_value", "amount is a positive amount")
    o["payments"].append([TODAY, purpose.value, round(float(amount), 2), method.value])
    _event(state, order_id, f"{float(amount):.2f} taken by {method.value} as {purpose.value.replace('_', ' ')}", who)
    return _held(o, purpose.value)


def apply_permit(state: State, token: str, order_id: str) -> PermitRecord:
    """Applies to the grave's burial authority for its permit to fix the memorial or cut the inscription (the
    office), once the family have approved the proof, the registered owner has signed and the authority's fee has
    been paid. Answers with the application and its new application id."""
    who = _session(state, token, OFFICE)["name"]
    o = _open_order(state, order_id)
    g = state.graves[o["grave"]]
    if o["permit"] and state.permits[o["permit"]][2] in ("applied", "granted"):
        raise MasonError("already", f"{order_id} has permit application {o['permit']} already")
    proof = state.proofs.get(o["proof"]) if o["proof"] else None
    if proof is None or proof[6] != "approved":
        raise MasonError("not_ready", f"{order_id} has no approved proof; the authority is sent the approved design")
    if g[2] is not None and not o["consent"]:
        raise MasonError("not_ready", f"{g[2]}, the grave's registered owner, has not signed the application")
    fee = GROUNDS[g[0]][3]
    if _held(o, "permit_fee") + 0.005 < fee:
        raise MasonError("refused", f"{GROUNDS[g[0]][1]} charges {fee:.2f} for a permit; "
                                    f"{_held(o, 'permit_fee'):.2f} has been paid")
    aid = f"PM-{_next(state, 'permit')}"
    state.permits[aid] = [order_id, TODAY, "applied", None, None]
    o["permit"] = aid
    _event(state, order_id, f"permit applied for, {aid}", who)
    return _permit(state, aid)


def record_permit(state: State, token: str, application_id: str, decision: Decision, reference: str | None = None,
                  conditions: str | None = None) -> PermitRecord:
    """Records the burial authority's decision on a permit application (the office): granted, with the authority's
    reference and any conditions, or refused. Answers with the application."""
    who = _session(state, token, OFFICE)["name"]
    a = _get(state.permits, application_id, "permit application")
    _choice(decision, ("granted", "refused"), "decision")
    if a[2] != "applied":
        raise MasonError("already", f"{application_id} is {a[2]} already")
    if decision == "granted" and _blank(reference):
        raise MasonError("bad_value", "a granted permit has the authority's reference")
    a[2] = decision
    a[3] = reference.strip() if isinstance(reference, str) and reference.strip() else None
    a[4] = conditions.strip() if isinstance(conditions, str) and conditions.strip() else None
    _event(state, a[0], f"permit {decision}" + (f", {a[3]}" if a[3] else ""), who)
    return _permit(state, application_id)


def permits(state: State, token: str, status: PermitState | None = None) -> list[PermitRecord]:
    """Lists the permit applications in application id order, only those applied for, granted or refused when
    asked."""
    _session(state, token)
    if status is not None:
        _choice(status, ("applied", "granted", "refused"), "status")
    return [_permit(state, aid) for aid, a in sorted(state.permits.items()) if status is None or a[2] == status]


# --------------------------------------------------------------------------- the workshop


def stock(state: State, token: str, stone_code: str | None = None) -> list[list[Any]]:
    """The stone blanks in the yard not yet given to an order, as rows of blank id, stone code, design, material and
    where it lies; only blanks of the given stone code when asked."""
    _session(state, token)
    rows = []
    for bid, b in sorted(state.stock.items()):
        if b[2] is None and (stone_code is None or b[0] == stone_code):
            s = _stone(b[0])
            rows.append([bid, b[0], s[1], s[2], b[1]])
    return rows


def allocate_stone(state: State, token: str, order_id: str, blank_id: str) -> OrderRecord:
    """Gives a blank from the yard to a new memorial (the workshop): a blank of the stone the order has chosen, once
    the deposit is paid. Answers with the order."""
    who = _session(state, token, WORKSHOP)["name"]
    o = _open_order(state, order_id)
    b = _get(state.stock, blank_id, "blank")
    if o["kind"] != "new_memorial":
        raise MasonError("not_ready", f"{order_id} is cut on the memorial already on the grave")
    if o["blank"]:
        raise MasonError("already", f"{order_id} has blank {o['blank']} already")
    if not o["stone"]:
        raise MasonError("not_ready", f"{order_id} has no stone chosen yet")
    if b[2] is not None:
        raise MasonError("not_ready", f"{blank_id} is given to {b[2]}")
    if b[0] != o["stone"]:
        raise MasonError("refused", f"{blank_id} is a {b[0]} blank; {order_id} is for {o['stone']}")
    third = round(_gross(o) / 3, 2)
    if _held(o, "deposit") + 0.005 < third:
        raise MasonError("refused", f"no stone is worked before a deposit of a third of the price with VAT "
                                    f"({third:.2f}); {_held(o, 'deposit'):.2f} is held")
    b[2], b[1], o["blank"] = order_id, "Workshop", blank_id
    _event(state, order_id, f"blank {blank_id} allocated", who)
    return _order_record(state, order_id)


def remove_memorial(state: State, token: str, order_id: str) -> OrderRecord:
    """Takes the memorial on an order's grave down and brings it to the workshop for an additional inscription or a
    renovation (a fixer), once the grave's registered owner has signed. Answers with the order."""
    who = _session(state, token, FIXERS)["name"]
    o = _open_order(state, order_id)
    g = state.graves[o["grave"]]
    if o["kind"] == "new_memorial":
        raise MasonError("not_ready", f"{order_id} is a new memorial; there is nothing to take down")
    if o["removed"]:
        raise MasonError("already", f"the memorial on {o['grave']} is in the workshop already")
    if g[2] is not None and not o["consent"]:
        raise MasonError("refused", f"no memorial is moved without the registered owner's signature; {g[2]} has not "
                                    "signed")
    o["removed"] = True
    _event(state, order_id, "memorial taken down to the workshop", who)
    return _order_record(state, order_id)


def cut_letters(state: State, token: str, order_id: str) -> OrderRecord:
    """Cuts the approved inscription (the workshop): on the order's blank for a new memorial, on the memorial brought
    in for an additional inscription or a renovation. Answers with the order."""
    who = _session(state, token, WORKSHOP)["name"]
    o = _open_order(state, order_id)
    if o["cut"]:
        raise MasonError("already", f"{order_id}'s letters are cut already")
    proof = state.proofs.get(o["proof"]) if o["proof"] else None
    if proof is None or proof[6] != "approved":
        raise MasonError("not_ready", f"{order_id} has no approved proof; nothing is cut before the family approve")
    if o["kind"] == "new_memorial" and not o["blank"]:
        raise MasonError("not_ready", f"{order_id} has no blank allocated")
    if o["kind"] != "new_memorial" and not o["removed"]:
        raise MasonError("not_ready", f"the memorial on {o['grave']} is still on the grave")
    o["cut"] = True
    _event(state, order_id, f"{_letters(o['lines'])} letters cut", who)
    return _order_record(state, order_id)


# --------------------------------------------------------------------------- fixing


def fixers(state: State, token: str) -> list[FixerRecord]:
    """Lists the fixers who fix the firm's memorials, each with the registration scheme, card number and expiry
    date of their fixer's registration."""
    _session(state, token)
    return [_fixer(state, fid) for fid in sorted(state.fixers)]


def record_accreditation(state: State, token: str, fixer_id: str, scheme: Scheme, card_number: str,
                         expires: str) -> FixerRecord:
    """Records a fixer's new or renewed registration with BRAMM or NAMM (the office): the card number and its expiry
    date. Answers with the fixer."""
    _session(state, token, OFFICE)
    f = _get(state.fixers, fixer_id, "fixer")
    _choice(scheme, ("BRAMM", "NAMM"), "scheme")
    day = _date(expires, "expires")
    if day <= TODAY:
        raise MasonError("bad_value", f"a registration that ended on {day} is no registration")
    if _blank(card_number):
        raise MasonError("bad_value", "card_number is required")
    if f[1] == scheme and f[2] == card_number.strip() and f[3] == day:
        raise MasonError("already", f"{f[0]} holds that registration already")
    f[1], f[2], f[3] = scheme, card_number.strip(), day
    return _fixer(state, fixer_id)


def fixing_slots(state: State, token: str, date: str | None = None) -> list[list[Any]]:
    """The free fixing slots from today on, as rows of slot id, date, time and area; only those on the given date
    when asked."""
    _session(state, token)
    day = _date(date, "date") if date is not None else None
    return [[sid, s[0], s[1], s[2]] for sid, s in sorted(state.slots.items())
            if s[3] is None and s[0] >= TODAY and (day is None or s[0] == day)]


def book_fixing(state: State, token: str, order_id: str, slot_id: str, fixer_id: str) -> Booking:
    """Books a fixing slot and a fixer for an order (the office), once its letters are cut and the burial authority's
    permit is granted; the fixer's registration must be in date on the day. Answers with the booking."""
    who = _session(state, token, OFFICE)["name"]
    o = _open_order(state, order_id)
    s = _get(state.slots, slot_id, "fixing slot")
    f = _get(state.fixers, fixer_id, "fixer")
    if o["booking"]:
        raise MasonError("already", f"{order_id} is booked for fixing already, {o['booking']}")
    if s[3] is not None or s[0] < TODAY:
        raise MasonError("not_ready", f"{slot_id} is not free")
    if not o["cut"]:
        raise MasonError("not_ready", f"{order_id}'s letters are not cut yet")
    if not o["permit"] or state.permits[o["permit"]][2] != "granted":
        raise MasonError("not_ready", f"{order_id} has no granted permit from the burial authority")
    if f[3] < s[0]:
        raise MasonError("refused", f"{f[0]}'s {f[1]} registration ran out on {f[3]}; only a registered fixer fixes")
    bid = f"BK-{_next(state, 'booking')}"
    state.bookings[bid] = [order_id, slot_id, fixer_id]
    s[3], o["booking"] = bid, bid
    _event(state, order_id, f"fixing booked {s[0]} {s[1]} with {f[0]}, {bid}", who)
    return Booking(booking_id=bid, order_id=order_id, slot_id=slot_id, date=s[0], time=s[1], fixer_id=fixer_id,
                   fixer=f[0])


def record_fixing(state: State, token: str, order_id: str, anchorage: Anchorage, topple_test_kg: int,
                  photo_ref: str) -> Fixing:
    """Records that a booked memorial has been fixed (a fixer): how it is anchored, the load of its topple test in
    kilograms and the reference of the photograph taken. The order is then fixed. Answers with the fixing."""
    who = _session(state, token, FIXERS)["name"]
    o = _get(state.orders, order_id, "order")
    if o["status"] == "fixed" or order_id in state.fixings:
        raise MasonError("already", f"{order_id} is fixed already")
    if o["status"] != "open":
        raise MasonError("not_ready", f"{order_id} is {o['status']}")
    if not o["booking"]:
        raise MasonError("not_ready", f"{order_id} has no fixing booked")
    _choice(anchorage, ("ground_anchor", "dowel_and_plate", "concrete_foundation"), "anchorage")
    if isinstance(topple_test_kg, bool) or not isinstance(topple_test_kg, int) or topple_test_kg <= 0:
        raise MasonError("bad_value", "topple_test_kg is a whole number of kilograms")
    if topple_test_kg < 35:
        raise MasonError("refused", "the fixing standard tests a headstone with a 35 kg topple load")
    g = state.graves[o["grave"]]
    if g[0] == "KHC" and anchorage != "ground_anchor":
        raise MasonError("refused", "Kirkhallam Town Council requires lawn headstones on a ground anchor")
    if _blank(photo_ref):
        raise MasonError("bad_value", "photo_ref is required")
    fixer = state.fixers[state.bookings[o["booking"]][2]][0]
    state.fixings[order_id] = [TODAY, fixer, anchorage, topple_test_kg, photo_ref.strip()]
    o["status"], o["fixed"] = "fixed", TODAY
    if o["kind"] == "new_memorial":
        s = _stone(o["stone"])
        g[5] = f"{o['stone']} {s[2].split(',')[0]} {s[1].lower()}, fixed {TODAY}"
        state.stock[o["blank"]][1] = "Fixed"
    else:
        g[5] = f"{g[5]}; inscription added {TODAY}"
    _event(state, order_id, f"fixed by {fixer}, topple test {topple_test_kg} kg", who)
    return Fixing(order_id=order_id, grave_id=o["grave"], fixed_on=TODAY, fixer=fixer, anchorage=anchorage,
                  topple_test_kg=topple_test_kg, photo_ref=photo_ref.strip(), order_status="fixed")


# --------------------------------------------------------------------------- accounts and letters


def raise_invoice(state: State, token: str, order_id: str) -> InvoiceRecord:
    """Invoices a fixed order (accounts): the stone or the refixing and the letters with VAT, less the deposit paid.
    Answers with the invoice and its new invoice id."""
    who = _session(state, token, ACCOUNTS)["name"]
    o = _get(state.orders, order_id, "order")
    if o["invoice"]:
        raise MasonError("already", f"{order_id} is invoiced already, {o['invoice']}")
    if o["status"] != "fixed":
        raise MasonError("not_ready", f"{order_id} is {o['status']}, not fixed")
    work = _work(o)
    net = round(sum(r[2] for r in work), 2)
    lines = [list(r) for r in work] + [["VAT", "20%", round(net * VAT, 2)]]
    deposit = _held(o, "deposit")
    if deposit:
        lines.append(["deposit", "Deposit paid", -deposit])
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = [order_id, TODAY, lines, _gross(o), deposit]
    o["invoice"] = iid
    _event(state, order_id, f"invoiced, {iid}", who)
    return _invoice(state, iid)


def invoices(state: State, token: str, status: InvoiceState | None = None) -> list[InvoiceRecord]:
    """Lists invoices in invoice id order, only the unpaid or the paid ones when asked."""
    _session(state, token)
    if status is not None:
        _choice(status, ("unpaid", "paid"), "status")
    found = [_invoice(state, iid) for iid in sorted(state.invoices)]
    return [i for i in found if status is None or i["invoice_state"] == status]


def settle_invoice(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float:
    """Takes a payment against an invoice (accounts) and answers with what it still owes."""
    who = _session(state, token, ACCOUNTS)["name"]
    i = _get(state.invoices, invoice_id, "invoice")
    method = _enum(PayMethod, method, "method")
    owing = round(i[3] - i[4], 2)
    if owing <= 0.005:
        raise MasonError("already", f"{invoice_id} is paid already")
    if not _amount(amount) or amount <= 0:
        raise MasonError("bad_value", "amount is a positive amount")
    if amount > owing + 0.005:
        raise MasonError("refused", f"{invoice_id} owes {owing:.2f}; {float(amount):.2f} is more than that")
    i[4] = round(i[4] + amount, 2)
    _event(state, i[0], f"{float(amount):.2f} paid by {method.value} on {invoice_id}", who)
    return round(i[3] - i[4], 2)


def close_order(state: State, token: str, order_id: str) -> str:
    """Closes a fixed order whose invoice is paid (the office or accounts) and answers with a sentence saying so."""
    who = _session(state, token, OFFICE + ACCOUNTS)["name"]
    o = _get(state.orders, order_id, "order")
    if o["status"] == "closed":
        raise MasonError("already", f"{order_id} is closed already")
    if o["status"] != "fixed":
        raise MasonError("not_ready", f"{order_id} is {o['status']}, not fixed")
    if not o["invoice"]:
        raise MasonError("not_ready", f"{order_id} is not invoiced")
    i = state.invoices[o["invoice"]]
    if i[3] - i[4] > 0.005:
        raise MasonError("refused", f"{o['invoice']} still owes {i[3] - i[4]:.2f}")
    o["status"] = "closed"
    _event(state, order_id, "order closed", who)
    return f"Order {order_id} for {state.clients[o['client']][0]} closed; {o['invoice']} is paid."


def cancel_order(state: State, token: str, order_id: str, reason: str) -> str:
    """Cancels an open order that has not been fixed (the office), with the reason, and answers with a sentence
    saying what of the money paid is kept: nothing before work starts, the deposit once a blank is allocated or
    letters are cut."""
    who = _session(state, token, OFFICE)["name"]
    o = _get(state.orders, order_id, "order")
    if o["status"] == "cancelled":
        raise MasonError("already", f"{order_id} is cancelled already")
    if o["status"] != "open":
        raise MasonError("not_ready", f"{order_id} is {o['status']}")
    if _blank(reason):
        raise MasonError("bad_value", "reason is required")
    started = bool(o["blank"] or o["cut"])
    if o["booking"]:
        state.slots[state.bookings[o["booking"]][1]][3] = None
    if o["blank"] and not o["cut"]:
        state.stock[o["blank"]][1], state.stock[o["blank"]][2] = "Yard", None
        o["blank"] = None
    o["status"] = "cancelled"
    _event(state, order_id, f"cancelled: {reason.strip()}", who)
    kept = _held(o, "deposit") if started else 0.0
    return f"Order {order_id} cancelled; {kept:.2f} of the deposit is kept for work begun."


def write_to_client(state: State, token: str, client_id: str, subject: str, body: str) -> str:
    """Writes to a client by e-mail with a subject and a message, and answers with a sentence giving the letter's id
    and where it went."""
    who = _session(state, token)["name"]
    c = _get(state.clients, client_id, "client")
    if _blank(subject) or _blank(body):
        raise MasonError("bad_value", "subject and body are required")
    lid = f"LT-{_next(state, 'letter')}"
    state.letters.append([lid, client_id, subject.strip(), body.strip(), who])
    return f"Letter {lid} sent to {c[0]} at {c[3]}."


TOOLS = [
    sign_in, sign_out, burial_grounds, stone_catalogue, find_client, register_client, update_client, find_grave,
    record_transfer, open_order, orders, order_file, choose_stone, set_inscription, price_order, draw_proof,
    send_proof, approve_proof, owner_consent, take_payment, apply_permit, record_permit, permits, stock,
    allocate_stone, remove_memorial, cut_letters, fixers, record_accreditation, fixing_slots, book_fixing,
    record_fixing, raise_invoice, invoices, settle_invoice, close_order, cancel_order, write_to_client,
]

FIXTURES = {
    "firm": {"name": "Aldersey & Quarrell, Monumental Masons", "where": "The Stoneyard, Lychgate Lane, Kirkhallam",
             "today": "Thursday 14 May 2043, ten to nine in the morning"},
    "staff": [
        {"name": "Maud Pennywell", "role": "office", "username": "maud.p", "password": "Chisel-Point-33"},
        {"name": "Osric Fenwright", "role": "designer", "username": "osric.f", "password": "Serif-Roman-58"},
        {"name": "Ewart Greathead", "role": "workshop", "username": "ewart.g", "password": "Banker-Mason-71"},
        {"name": "Niall Sheeran", "role": "fixer", "username": "niall.s", "password": "Ground-Anchor-46"},
        {"name": "Wilhelmina Crouch", "role": "accounts", "username": "wilhelmina.c", "password": "Tally-Stick-29"},
        {"name": "Edmund Aldersey", "role": "principal", "username": "edmund.a", "password": "Headstone-Base-12"},
    ],
    "new_client": {
        "name": "Mrs Honor Gatenby", "address": "2 Tenter Croft, Kirkhallam KH4 2PL", "phone": "01632 962288",
        "email": "honor.gatenby@example.co.uk", "relationship": "widow of Raymond Gatenby",
        "grave": "Kirkhallam Cemetery, plot F 9, where her husband Raymond Gatenby was buried on 9 April 2043; she "
                 "holds the grave's deeds",
        "wants": "the ogee-top lawn headstone in polished black granite with gilded roman letters: In loving memory "
                 "of / RAYMOND ARTHUR GATENBY / 12.3.1951 - 2.4.2043 / Much loved husband and dad; she pays the "
                 "council's permit fee of 95 pounds and a deposit of 700 pounds by card today",
    },
    "notes": [
        "Mrs Yeoman rang to approve her proof as it stands; she pays the 95-pound permit fee by card",
        "Mr Gerald Pettifer brought the grant of probate of 8 May 2043, which leaves the grave at Kirkhallam B 37 to "
        "him; he signs the memorial application today",
        "Mr Thwaite has chosen the square-top Welsh slate headstone for the churchyard, with roman letters incised and "
        "painted: In memory of / MABEL THWAITE / 1936 - 2042 / At peace",
        "Kirkhallam Town Council granted Mrs Yeoman's permit, reference KTC/M/2043/140",
        "Padraig Mulready's BRAMM registration is renewed: card BR-19088, valid to 30 April 2044",
        "Mrs Coulthard paid her balance of 1,284.20 pounds by bank transfer",
        "Niall can fix Mrs Penfold's heart headstone at eleven this morning; he reported it fixed on a ground anchor, "
        "topple test 40 kg, photograph PH-5590, and she has given us a cheque for the balance",
        "Kirkhallam Town Council granted Mrs Gatenby's permit, reference KTC/M/2043/152, on condition that the stone "
        "stands on a ground anchor",
        "Mr Thwaite also wants his grandfather Walter Ogglethorpe's slate headstone in St Wystan's churchyard cleaned "
        "and re-lettered",
        "Mr Siddiqui wants a headstone on his wife Nasreen's grave at Kirkhallam Cemetery",
        "Mrs Yeoman's new phone number is 07700 900733",
        "The Diocese granted Mr Thwaite's churchyard permit, reference DL/F/2043/0227",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "burial_grounds", "stone_catalogue")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CLIENT_CONSUMERS = ["update_client", "open_order", "write_to_client"]
ORDER_CONSUMERS = ["order_file", "choose_stone", "set_inscription", "price_order", "draw_proof", "owner_consent",
                   "take_payment", "apply_permit", "allocate_stone", "remove_memorial", "cut_letters", "book_fixing",
                   "record_fixing", "raise_invoice", "close_order", "cancel_order"]
PROOF_CONSUMERS = ["send_proof", "approve_proof"]
_CLIENT = "id lookup/create: client (client_id of register_client, or of a find_client entry)"
_ORDER = "id lookup/create: order (order_id of open_order, or of an orders entry)"
_PROOF = "id lookup/create: proof (proof_id of draw_proof, or the first column of a proofs row of order_file)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_client|find_client", c, _CLIENT) for c in CLIENT_CONSUMERS]
    + [("open_order|orders", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("draw_proof|order_file", c, _PROOF) for c in PROOF_CONSUMERS]
    + [
        ("find_grave", "open_order", "id lookup: grave (grave_id of a find_grave entry)"),
        ("find_grave", "record_transfer", "id lookup: grave (grave_id of a find_grave entry)"),
        ("apply_permit|permits", "record_permit",
         "id lookup/create: permit application (application_id of apply_permit, or of a permits entry)"),
        ("raise_invoice|invoices", "settle_invoice",
         "id lookup/create: invoice (invoice_id of raise_invoice, or of an invoices entry)"),
        ("stock", "allocate_stone", "id lookup: blank (the first column of a stock row)"),
        ("fixing_slots", "book_fixing", "id lookup: fixing slot (the first column of a fixing_slots row)"),
        ("fixers", "book_fixing", "id lookup: fixer (fixer_id of a fixers entry)"),
        ("fixers", "record_accreditation", "id lookup: fixer (fixer_id of a fixers entry)"),
        ("burial_grounds", "find_grave", "vocabulary: burial ground codes (ground_code of a burial_grounds entry)"),
        ("stone_catalogue", "choose_stone", "vocabulary: stone codes (the first column of a stone_catalogue row)"),
        ("record_transfer", "owner_consent", "vetting: the exclusive right of burial transferred from an owner who "
                                             "has died"),
        ("owner_consent", "apply_permit", "vetting: the registered grave owner's signature on the application"),
        ("owner_consent", "remove_memorial", "vetting: the registered grave owner's signature before a memorial is "
                                             "moved"),
        ("record_accreditation", "book_fixing", "vetting: the fixer's BRAMM or NAMM registration in date"),
        ("choose_stone", "draw_proof", "state: a new memorial's stone chosen"),
        ("set_inscription", "draw_proof", "state: the order's inscription set"),
        ("send_proof", "approve_proof", "state: the proof sent to the family"),
        ("approve_proof", "apply_permit", "state: the family's approval of the latest proof"),
        ("approve_proof", "cut_letters", "state: the family's approval of the latest proof"),
        ("allocate_stone", "cut_letters", "state: a blank allocated to a new memorial"),
        ("remove_memorial", "cut_letters", "state: the memorial in the workshop for an additional inscription"),
        ("record_permit", "book_fixing", "state: the burial authority's permit granted"),
        ("cut_letters", "book_fixing", "state: the letters cut"),
        ("book_fixing", "record_fixing", "state: a fixing booked"),
        ("record_fixing", "raise_invoice", "state: the memorial fixed"),
        ("record_fixing", "close_order", "state: the memorial fixed"),
        ("take_payment", "apply_permit", "payment: the burial authority's permit fee paid"),
        ("take_payment", "allocate_stone", "payment: a deposit of a third of the price with VAT"),
        ("settle_invoice", "close_order", "payment: the invoice paid"),
    ]
)

ONE_STEP_FURTHER = {
    ("allocate_stone", "book_fixing"), ("apply_permit", "book_fixing"), ("approve_proof", "book_fixing"),
    ("approve_proof", "record_permit"), ("book_fixing", "close_order"), ("book_fixing", "raise_invoice"),
    ("burial_grounds", "open_order"), ("burial_grounds", "record_transfer"), ("choose_stone", "approve_proof"),
    ("choose_stone", "send_proof"), ("cut_letters", "record_fixing"), ("draw_proof", "apply_permit"), ("draw_proof",
    "cut_letters"), ("find_client", "apply_permit"), ("find_client", "cut_letters"), ("find_client", "draw_proof"),
    ("find_client", "owner_consent"), ("find_client", "remove_memorial"), ("find_client", "take_payment"),
    ("find_grave", "allocate_stone"), ("find_grave", "apply_permit"), ("find_grave", "book_fixing"), ("find_grave",
    "cancel_order"), ("find_grave", "choose_stone"), ("find_grave", "close_order"), ("find_grave", "cut_letters"),
    ("find_grave", "draw_proof"), ("find_grave", "order_file"), ("find_grave", "owner_consent"), ("find_grave",
    "price_order"), ("find_grave", "raise_invoice"), ("find_grave", "record_fixing"), ("find_grave",
    "remove_memorial"), ("find_grave", "set_inscription"), ("find_grave", "take_payment"), ("fixers",
    "record_fixing"), ("fixing_slots", "record_fixing"), ("invoices", "close_order"), ("open_order",
    "approve_proof"), ("open_order", "record_permit"), ("open_order", "send_proof"), ("open_order",
    "settle_invoice"), ("order_file", "apply_permit"), ("order_file", "cut_letters"), ("orders", "approve_proof"),
    ("orders", "record_permit"), ("orders", "send_proof"), ("orders", "settle_invoice"), ("owner_consent",
    "cut_letters"), ("owner_consent", "record_permit"), ("raise_invoice", "close_order"), ("record_fixing",
    "settle_invoice"), ("record_permit", "record_fixing"), ("record_transfer", "apply_permit"), ("record_transfer",
    "remove_memorial"), ("register_client", "allocate_stone"), ("register_client", "apply_permit"),
    ("register_client", "book_fixing"), ("register_client", "cancel_order"), ("register_client", "choose_stone"),
    ("register_client", "close_order"), ("register_client", "cut_letters"), ("register_client", "draw_proof"),
    ("register_client", "order_file"), ("register_client", "owner_consent"), ("register_client", "price_order"),
    ("register_client", "raise_invoice"), ("register_client", "record_fixing"), ("register_client",
    "set_inscription"), ("register_client", "take_payment"), ("send_proof", "apply_permit"), ("send_proof",
    "cut_letters"), ("set_inscription", "approve_proof"), ("set_inscription", "send_proof"), ("stock",
    "cut_letters"), ("stone_catalogue", "draw_proof"), ("take_payment", "cut_letters"), ("take_payment",
    "record_permit"),
}
_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_ORDER_RECORDS = ("open_order", "orders", "choose_stone", "allocate_stone", "remove_memorial", "cut_letters",
                  "order_file", "set_inscription", "owner_consent")
_CLIENT_SHOWN = ("register_client", "find_client", "update_client") + _ORDER_RECORDS
_ORDER_SHOWN = _ORDER_RECORDS + ("draw_proof", "approve_proof", "apply_permit", "record_permit", "permits",
                                 "book_fixing", "record_fixing", "raise_invoice", "invoices")
_PROOF_SHOWN = _ORDER_RECORDS + ("draw_proof", "approve_proof")
_GRAVE_SHOWN = _ORDER_RECORDS + ("find_grave", "record_transfer", "record_fixing")
_PERMIT_SHOWN = _ORDER_RECORDS + ("apply_permit", "permits", "record_permit")
_ORDER_CHANGES = ("open_order", "choose_stone", "set_inscription", "draw_proof", "send_proof", "approve_proof",
                  "owner_consent", "take_payment", "apply_permit", "record_permit", "allocate_stone", "remove_memorial",
                  "cut_letters", "book_fixing", "record_fixing", "raise_invoice", "settle_invoice", "close_order",
                  "cancel_order", "record_transfer")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: clients, graves, proofs, blanks and permit applications on
    # orders and files, orders on proofs, permits, bookings, fixings and invoices, slots and fixers on bookings,
    # ground codes on graves and orders, stone codes on the stock, orders and proofs
    {(p, c) for p in _CLIENT_SHOWN for c in CLIENT_CONSUMERS}
    | {(p, c) for p in _ORDER_SHOWN for c in ORDER_CONSUMERS}
    | {(p, c) for p in _PROOF_SHOWN for c in PROOF_CONSUMERS}
    | {(p, c) for p in _GRAVE_SHOWN for c in ("open_order", "record_transfer")}
    | {(p, "record_permit") for p in _PERMIT_SHOWN}
    | {(p, "settle_invoice") for p in ("raise_invoice", "invoices")}
    | {(p, "allocate_stone") for p in _ORDER_RECORDS + ("stock",)}
    | {(p, "book_fixing") for p in ("fixing_slots", "fixers", "record_accreditation", "book_fixing")}
    | {(p, "record_accreditation") for p in ("fixers", "book_fixing")}
    | {(p, "find_grave") for p in _ORDER_RECORDS + ("burial_grounds", "find_grave", "record_transfer")}
    | {(p, c) for p in _ORDER_RECORDS + ("stone_catalogue", "stock", "draw_proof", "approve_proof")
       for c in ("choose_stone", "stock")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | ONE_STEP_FURTHER
    # a record created or changed, then seen in the lists and records that show it
    | {(p, "find_client") for p in ("register_client", "update_client")}
    | {(p, c) for p in _ORDER_CHANGES for c in ("orders", "order_file", "price_order")}
    | {(p, "find_grave") for p in ("record_transfer", "record_fixing")}
    | {(p, "permits") for p in ("apply_permit", "record_permit")}
    | {(p, "stock") for p in ("allocate_stone", "cancel_order")}
    | {(p, "fixing_slots") for p in ("book_fixing", "cancel_order")}
    | {(p, "fixers") for p in ("record_accreditation",)}
    | {(p, "invoices") for p in ("raise_invoice", "settle_invoice")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
