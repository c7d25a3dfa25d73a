"""Packhorse: the survey and move office of Wheeler & Daughter Removals, Cheltenham (40 calls).

Async functions over an in-memory ``State`` of the removals firm on Friday 24 May 2030 at 07:30, a
completion day. The office takes enquiries, books home or video surveys in the surveyor's diary,
prepares quotes from the survey with extras from the price guide, sends them, books the move when a
quote is accepted, takes the deposit, allocates a van and a crew, delivers packing materials, applies
for parking suspensions, confirms the move, postpones or cancels it, raises the final invoice, takes
payment and opens damage claims. The surveyor records each room's volume and the access at both ends
and completes the survey. On the day the crew leader starts the move, logs waiting time while the
keys are held up, reports damage, puts goods into store and has the customer sign the move off. The
manager settles claims and may do everything. The price guide and the packing materials list are public.

Every tool is wrapped by ``office_api`` (``functools.wraps``, an async wrapper), which checks the
session and the role and turns the office's internal ``Refusal`` into the result object its API
answers with: every refusal is *returned* as ``{"succeeded": false, "errors": [{"code": ...,
"description": ...}]}``. The runtime's common conventions do not read a ``succeeded`` flag, so
``FAILURE`` (``is_failed``) is declared. Successful replies are plain dicts (an enquiry, a survey with
its rooms as rows, a survey summary, a quote with its lines as rows, a move, a move sheet with its
inventory, access and extras as rows, waiting time, a claim, a storage booking out, a postponement, a
cancellation), rows as lists of lists (the price guide, the materials list, enquiries, the van and crew
boards, the move diary), bare values (a token, ``True``, free survey times, the balance left) and
sentences with an id in them (an enquiry, a survey, a quote, a move, a deposit, a delivery note, a
parking suspension, a damage report, an invoice, a storage booking). Enquiries, surveys, quotes,
moves and invoices have look-alike numbers (enquiry ``EN-6118``, survey ``SU-6118``, quote
``QT-6118-1``, move ``MV-6118``, invoice ``IN-6118``); the deposit the office asks for, the notice it
needs, the crew a piano needs and the cover limit are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
import functools
import inspect
from typing import Literal

TODAY = "2030-05-24"
VAT = 0.20
DEPOSIT_SHARE = 0.25
NOTICE_DAYS = 7
STANDARD_COVER_PER_ITEM = 50.0
RATES = {"move_only": 1.20, "pack_and_move": 1.65, "full_service": 2.10}
FULL_VALUE_COVER = 95.0

Service = Literal["move_only", "pack_and_move", "full_service"]
Cover = Literal["standard", "full_value"]
SurveyMode = Literal["home", "video"]
End = Literal["collection", "delivery"]
Parking = Literal["drive", "street", "permit_zone", "no_parking"]
Channel = Literal["email", "post"]
PayMethod = Literal["card", "bank_transfer"]


class Refusal(Exception):
    """A refusal inside the office system; ``office_api`` answers it as a failed result."""

    def __init__(self, code: str, description: str) -> None:
        super().__init__(description)
        self.code = code


def is_failed(reply) -> bool:
    """True for a refusal: the API's failed result object (``succeeded`` false)."""
    return isinstance(reply, dict) and reply.get("succeeded") is False


class State:
    """Wheeler & Daughter Removals, Kingsditch, Cheltenham, on Friday 24 May 2030 at 07:30."""

    def __init__(self) -> None:
        self.staff = {
            "sam.w": {"name": "Sam Wheeler", "password": "Tea-Chest-77", "role": "office"},
            "colin.d": {"name": "Colin Dyer", "password": "Cubic-Feet-1200", "role": "surveyor"},
            "bex.a": {"name": "Rebecca Ashworth", "password": "Tail-Lift-42", "role": "crew"},
            "jo.w": {"name": "Jo Wheeler", "password": "Luton-Box-9", "role": "manager"},
        }
        self.sessions = {}
        self.extras = {
            "DISMANTLE": ("Dismantle and rebuild a bed or wardrobe", "each", 35.0),
            "PACK-FRAGILE": ("Packing of fragile items only", "per house", 240.0),
            "PARK-SUSP": ("Parking suspension, council fee and admin", "each", 45.0),
            "PIANO": ("Upright piano handling", "each", 180.0),
            "SHUTTLE": ("Shuttle van for restricted access", "per day", 220.0),
            "STORE-WK": ("Container storage, Staverton", "per container per week", 25.0),
            "WAIT-HR": ("Waiting time when keys are delayed", "per hour", 65.0),
        }
        self.materials = {
            "BOX-BOOK": ("Small book box", "pack of 10", 18.0),
            "BOX-LARGE": ("Large general box", "pack of 10", 24.0),
            "MATT-BAG": ("Mattress bag", "each", 6.0),
            "PAPER": ("Packing paper", "10 kg", 22.0),
            "TAPE": ("Parcel tape", "6 rolls", 9.0),
            "WARDROBE": ("Hanging wardrobe carton", "each", 12.0),
        }
        self.vans = {"WD19 LUT": 1000, "WD21 BOX": 1200, "WD66 PAN": 1800, "WD70 TRN": 650}
        self.crews = {"C1": ("Dave Harker", 2), "C2": ("Rebecca Ashworth", 3), "C3": ("Tony Mills", 1)}
        self.survey_times = ("09:00", "11:30", "14:00", "16:00")
        self.enquiries = {
            "EN-6098": {"name": "Mr Hugh Penrose", "phone": "07700 900098", "email": "hugh.penrose@mail.example",
                        "from": "GL50 2RF", "to": "GL20 5BY", "date": "2030-06-07", "status": "booked"},
            "EN-6102": {"name": "Mr and Mrs Okonjo", "phone": "07700 900102", "email": "okonjo.family@mail.example",
                        "from": "GL52 3JH", "to": "GL51 9SS", "date": "2030-05-24", "status": "booked"},
            "EN-6105": {"name": "Ms Aisha Raman", "phone": "07700 900105", "email": "aisha.raman@mail.example",
                        "from": "GL50 1QA", "to": "GL53 7HE", "date": "2030-05-24", "status": "booked"},
            "EN-6118": {"name": "Mr Gareth Lloyd", "phone": "07700 900118", "email": "gareth.lloyd@mail.example",
                        "from": "GL51 6PL", "to": "SA1 4QR", "date": None, "status": "new"},
        }

        def survey(rooms, collection, delivery):
            return {"mode": "home", "day": "2030-05-02", "time": "11:30", "rooms": rooms,
                    "access": {"collection": collection, "delivery": delivery}, "status": "complete"}

        self.surveys = {
            "SU-6098": survey([["Whole house", 900, False]], (0, False, "drive", 5), (0, False, "no_parking", 30)),
            "SU-6102": survey([["Whole house", 1450, True]], (0, False, "street", 15), (0, False, "drive", 5)),
            "SU-6105": survey([["Flat", 640, False]], (2, True, "permit_zone", 20), (0, False, "drive", 5)),
        }
        self.survey_book = {("2030-05-27", "09:00"): "SU-6105-old"}
        self.quotes = {
            "QT-6098-1": {"survey": "SU-6098", "service": "move_only", "cover": "standard", "extras": {},
                          "status": "accepted"},
            "QT-6102-1": {"survey": "SU-6102", "service": "pack_and_move", "cover": "full_value",
                          "extras": {"PIANO": 1}, "status": "accepted"},
            "QT-6105-1": {"survey": "SU-6105", "service": "move_only", "cover": "standard", "extras": {},
                          "status": "accepted"},
        }

        def move(quote, date, status, van=None, crew=None, deposit=0.0, suspensions=()):
            return {"quote": quote, "date": date, "status": status, "van": van, "crew": crew, "deposit": deposit,
                    "suspensions": list(suspensions), "materials": [], "waiting": 0.0, "damages": [],
                    "signed_by": None, "invoice": None, "notes": []}

        self.moves = {
            "MV-6098": move("QT-6098-1", "2030-06-07", "booked"),
            "MV-6102": move("QT-6102-1", "2030-05-24", "confirmed", "WD66 PAN", "C2", 820.0),
            "MV-6105": move("QT-6105-1", "2030-05-24", "booked", "WD19 LUT", None, 240.0, ["collection"]),
        }
        self.invoices = {}
        self.damages = {}
        self.claims = {}
        self.storage = {}
        self.documents = []
        self.counters = {"session": 1, "enquiry": 6131, "damage": 871, "claim": 55, "storage": 412, "note": 3301,
                         "suspension": 77, "receipt": 4410}


# --------------------------------------------------------------------------- the API wrapper


def office_api(*roles: str, public: bool = False):
    """Check the session (and the role, where ``roles`` are given; the manager may do everything) and
    answer a refusal as the API's failed result object."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def call(*args, **kwargs):
            try:
                if not public:
                    bound = sig.bind(*args, **kwargs)
                    state, token = bound.arguments["state"], bound.arguments["token"]
                    who = state.sessions.get(token)
                    if who is None:
                        raise Refusal("session.invalid", "No session for that token; log in again.")
                    if roles and who["role"] not in roles and who["role"] != "manager":
                        raise Refusal("role.denied", f"{who['name']} ({who['role']}) may not do this.")
                return await fn(*args, **kwargs)
            except Refusal as refusal:
                return {"succeeded": False, "errors": [{"code": refusal.code, "description": str(refusal)}]}

        return call

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise Refusal("date.invalid", f"{text!r} is not a date (YYYY-MM-DD).") from None


def _nice(day: str) -> str:
    d = datetime.date.fromisoformat(day)
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B %Y')}"


def _enquiry(state: State, enquiry_id: str) -> dict:
    e = state.enquiries.get(enquiry_id)
    if e is None:
        raise Refusal("enquiry.not_found", f"No enquiry {enquiry_id}.")
    return e


def _survey(state: State, survey_id: str) -> dict:
    s = state.surveys.get(survey_id)
    if s is None:
        raise Refusal("survey.not_found", f"No survey {survey_id}.")
    return s


def _quote(state: State, quote_id: str) -> dict:
    q = state.quotes.get(quote_id)
    if q is None:
        raise Refusal("quote.not_found", f"No quote {quote_id}.")
    return q


def _move(state: State, move_id: str) -> dict:
    m = state.moves.get(move_id)
    if m is None:
        raise Refusal("move.not_found", f"No move {move_id}.")
    return m


def _volume(survey: dict) -> int:
    return sum(r[1] for r in survey["rooms"])


def _crew_needed(volume: int) -> int:
    return 2 if volume < 700 else 3 if volume < 1300 else 4


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _quote_lines(state: State, quote_id: str) -> list:
    q = state.quotes[quote_id]
    s = state.surveys[q["survey"]]
    vol = _volume(s)
    lines = [[q["service"], f"{q['service'].replace('_', ' ')}, {vol} cu ft", 1, _money(vol * RATES[q["service"]])]]
    if q["cover"] == "full_value":
        lines.append(["COVER", "Full-value cover", 1, FULL_VALUE_COVER])
    for code, qty in sorted(q["extras"].items()):
        lines.append([code, state.extras[code][0], qty, _money(state.extras[code][2] * qty)])
    return lines


def _quote_total(state: State, quote_id: str) -> float:
    net = sum(ln[3] for ln in _quote_lines(state, quote_id))
    return _money(net * (1 + VAT))


def _enquiry_of(move_or_quote_id: str) -> str:
    return "EN-" + move_or_quote_id.split("-")[1]


def _move_dict(state: State, move_id: str) -> dict:
    m = state.moves[move_id]
    e = state.enquiries[_enquiry_of(move_id)]
    return {"move_id": move_id, "customer": e["name"], "date": m["date"], "status": m["status"], "van": m["van"],
            "crew": m["crew"], "deposit": m["deposit"], "total": _quote_total(state, m["quote"]),
            "suspensions": list(m["suspensions"])}


def _needs_suspension(survey: dict) -> list:
    return [end for end in ("collection", "delivery") if end in survey["access"]
            and survey["access"][end][2] in ("permit_zone", "no_parking")]


def _booked_on(state: State, day: str, field: str) -> dict:
    return {m[field]: mid for mid, m in state.moves.items() if m["date"] == day and m[field]
            and m["status"] not in ("cancelled", "completed")}


# --------------------------------------------------------------------------- sessions and public lists


@office_api(public=True)
async def login(state: State, username: str, password: str) -> str:
    """Log in to the office system.

    Args:
        username: The staff user name, such as ``sam.w``.
        password: The password.

    Returns:
        The session token, which every other call takes.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise Refusal("login.failed", "Wrong user name or password.")
    token = f"wd{_next(state, 'session'):03d}{username[:3]}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"]}
    return token


@office_api()
async def logout(state: State, token: str) -> bool:
    """End a session.

    Args:
        token: The session token.

    Returns:
        True.
    """
    del state.sessions[token]
    return True


@office_api(public=True)
async def price_guide(state: State) -> list[list]:
    """The firm's price guide for extras on a quote (public).

    Returns:
        Rows of ``[code, description, unit, price]``, by code.
    """
    return [[code, d, unit, price] for code, (d, unit, price) in sorted(state.extras.items())]


@office_api(public=True)
async def materials_list(state: State) -> list[list]:
    """The packing materials the firm delivers before a move (public).

    Returns:
        Rows of ``[code, item, pack, price]``, by code.
    """
    return [[code, item, pack, price] for code, (item, pack, price) in sorted(state.materials.items())]


# --------------------------------------------------------------------------- enquiries and surveys


@office_api("office")
async def new_enquiry(state: State, token: str, name: str, phone: str, email: str, from_postcode: str,
                      to_postcode: str, move_date: str | None = None) -> str:
    """Take a new removal enquiry.

    Args:
        token: The session token.
        name: The customer's name.
        phone: Their phone number.
        email: Their e-mail address.
        from_postcode: The postcode they are moving from.
        to_postcode: The postcode they are moving to.
        move_date: The date they hope to move (YYYY-MM-DD), if they know it.

    Returns:
        A sentence with the new enquiry's number.
    """
    if move_date is not None:
        _day(move_date)
    if "@" not in email:
        raise Refusal("email.invalid", f"{email!r} is not an e-mail address.")
    for eid, e in state.enquiries.items():
        if e["email"].lower() == email.strip().lower() and e["status"] != "closed":
            raise Refusal("enquiry.duplicate", f"{e['name']} already has enquiry {eid}.")
    eid = f"EN-{_next(state, 'enquiry')}"
    state.enquiries[eid] = {"name": name.strip(), "phone": phone.strip(), "email": email.strip(),
                            "from": from_postcode.strip().upper(), "to": to_postcode.strip().upper(),
                            "date": move_date, "status": "new"}
    return f"Enquiry {eid} opened for {name.strip()} ({from_postcode.strip().upper()} to {to_postcode.strip().upper()})."


@office_api()
async def find_enquiry(state: State, token: str, text: str) -> list[list]:
    """Search enquiries by name, phone, e-mail or postcode.

    Args:
        token: The session token.
        text: Part of a name, a phone number, an e-mail address or a postcode.

    Returns:
        Rows of ``[enquiry_id, name, from_postcode, to_postcode, status, move_date]``.
    """
    t = text.strip().lower().replace(" ", "")
    out = []
    for eid, e in sorted(state.enquiries.items()):
        hay = " ".join([e["name"], e["phone"], e["email"], e["from"], e["to"]]).lower().replace(" ", "")
        if t and t in hay:
            out.append([eid, e["name"], e["from"], e["to"], e["status"], e["date"]])
    return out


@office_api("office")
async def update_enquiry(state: State, token: str, enquiry_id: str, phone: str | None = None,
                         email: str | None = None, move_date: str | None = None,
                         to_postcode: str | None = None) -> dict:
    """Change an enquiry's contact details, hoped-for date or destination.

    Args:
        token: The session token.
        enquiry_id: The enquiry (``EN-....``).
        phone: A new phone number.
        email: A new e-mail address.
        move_date: A new hoped-for date (YYYY-MM-DD).
        to_postcode: A new destination postcode.

    Returns:
        The enquiry.
    """
    e = _enquiry(state, enquiry_id)
    changes = {k: v for k, v in (("phone", phone), ("email", email), ("date", move_date),
                                 ("to", to_postcode.strip().upper() if to_postcode else None)) if v is not None}
    if not changes:
        raise Refusal("update.empty", "Nothing to change.")
    if "date" in changes:
        _day(changes["date"])
    if all(e[k] == v for k, v in changes.items()):
        raise Refusal("update.unchanged", "Those details are already on the enquiry.")
    e.update(changes)
    return {"enquiry_id": enquiry_id, "name": e["name"], "phone": e["phone"], "email": e["email"],
            "from_postcode": e["from"], "to_postcode": e["to"], "move_date": e["date"], "status": e["status"]}


@office_api("office", "surveyor")
async def survey_slots(state: State, token: str, day: str) -> list[str]:
    """The surveyor's free times on a day (surveys run Monday to Friday).

    Args:
        token: The session token.
        day: The day (YYYY-MM-DD).

    Returns:
        The free start times, such as ``"11:30"``.
    """
    d = _day(day)
    if d.weekday() >= 5 or day <= TODAY:
        return []
    return [t for t in state.survey_times if (day, t) not in state.survey_book]


@office_api("office")
async def book_survey(state: State, token: str, enquiry_id: str, day: str, time: str, mode: SurveyMode) -> str:
    """Book a survey of the customer's home, in person or by video call.

    Args:
        token: The session token.
        enquiry_id: The enquiry (``EN-....``).
        day: The day (YYYY-MM-DD).
        time: A free start time in the surveyor's diary.
        mode: A home visit or a video call.

    Returns:
        A sentence with the survey's number.
    """
    e = _enquiry(state, enquiry_id)
    d = _day(day)
    if d.weekday() >= 5 or day <= TODAY or time not in state.survey_times or (day, time) in state.survey_book:
        raise Refusal("survey.slot_taken", f"The surveyor is not free on {day} at {time}.")
    sid = "SU-" + enquiry_id.split("-")[1]
    if sid in state.surveys:
        raise Refusal("survey.exists", f"{enquiry_id} already has survey {sid}.")
    state.survey_book[(day, time)] = sid
    state.surveys[sid] = {"mode": mode, "day": day, "time": time, "rooms": [], "access": {}, "status": "booked"}
    e["status"] = "survey_booked"
    kind = "home visit" if mode == "home" else "video survey"
    return f"Survey {sid} booked: {kind} for {e['name']} on {_nice(day)} at {time} with Colin Dyer."


@office_api("surveyor")
async def record_room(state: State, token: str, survey_id: str, room: str, cubic_feet: int, fragile: bool = False,
                      items: list[str] | None = None) -> dict:
    """Record one room of a survey: its volume of goods, and whether it holds fragile things.

    Args:
        token: The session token.
        survey_id: The survey (``SU-....``).
        room: The room, such as ``Lounge``.
        cubic_feet: The volume of its contents, in cubic feet.
        fragile: Whether it holds china, glass or pictures to be packed with care.
        items: Notable items in it.

    Returns:
        The survey so far, its rooms as rows of ``[room, cubic_feet, fragile]``.
    """
    s = _survey(state, survey_id)
    if s["status"] != "booked":
        raise Refusal("survey.closed", f"Survey {survey_id} is {s['status']}.")
    if not 1 <= cubic_feet <= 3000:
        raise Refusal("room.volume", "A room holds 1-3000 cu ft.")
    if any(r[0].lower() == room.strip().lower() for r in s["rooms"]):
        raise Refusal("room.duplicate", f"{room} is already recorded on {survey_id}.")
    s["rooms"].append([room.strip(), cubic_feet, fragile])
    if items:
        s.setdefault("items", []).extend(items)
    return {"survey_id": survey_id, "rooms": [list(r) for r in s["rooms"]], "total_cubic_feet": _volume(s)}


@office_api("surveyor")
async def record_access(state: State, token: str, survey_id: str, end: End, floor: int, lift: bool,
                        parking: Parking, carry_metres: int) -> dict:
    """Record the access at one end of the move: the floor, a lift, the parking and the carry.

    Args:
        token: The session token.
        survey_id: The survey (``SU-....``).
        end: The collection (old home) or delivery (new home) end.
        floor: The floor the goods are on (0 for the ground floor).
        lift: Whether there is a lift.
        parking: Where the van can stand.
        carry_metres: The walk from the van to the door, in metres.

    Returns:
        The access recorded so far, as rows of ``[end, floor, lift, parking, carry_metres]``.
    """
    s = _survey(state, survey_id)
    if s["status"] != "booked":
        raise Refusal("survey.closed", f"Survey {survey_id} is {s['status']}.")
    if not 0 <= floor <= 20 or not 0 <= carry_metres <= 200:
        raise Refusal("access.invalid", "Floor 0-20 and a carry of 0-200 m.")
    new = (floor, lift, parking, carry_metres)
    if s["access"].get(end) == new:
        raise Refusal("access.unchanged", f"That access is already recorded for the {end} end.")
    s["access"][end] = new
    return {"survey_id": survey_id, "access": [[k, *v] for k, v in sorted(s["access"].items())]}


@office_api("surveyor")
async def complete_survey(state: State, token: str, survey_id: str) -> dict:
    """Complete a survey once its rooms and both ends' access are recorded.

    Args:
        token: The session token.
        survey_id: The survey (``SU-....``).

    Returns:
        The survey's total volume, van loads, crew size and the ends needing a parking suspension.
    """
    s = _survey(state, survey_id)
    if s["status"] != "booked":
        raise Refusal("survey.closed", f"Survey {survey_id} is {s['status']}.")
    if not s["rooms"]:
        raise Refusal("survey.empty", f"No rooms recorded on {survey_id}.")
    missing = [end for end in ("collection", "delivery") if end not in s["access"]]
    if missing:
        raise Refusal("survey.access", f"No access recorded for the {' and '.join(missing)} end.")
    s["status"] = "complete"
    state.enquiries["EN-" + survey_id.split("-")[1]]["status"] = "surveyed"
    vol = _volume(s)
    return {"survey_id": survey_id, "volume_cubic_feet": vol, "van_loads": -(-vol // 1800),
            "crew_size": _crew_needed(vol), "suspension_needed": _needs_suspension(s), "status": "complete"}


# --------------------------------------------------------------------------- quotes


@office_api("office")
async def prepare_quote(state: State, token: str, survey_id: str, service: Service, cover: Cover) -> str:
    """Prepare a quote from a completed survey.

    Args:
        token: The session token.
        survey_id: The survey (``SU-....``).
        service: Move only, packing and moving, or the full service (packing, moving and unpacking).
        cover: Standard cover or full-value cover for the goods.

    Returns:
        A sentence with the quote's number and its total including VAT.
    """
    s = _survey(state, survey_id)
    if s["status"] != "complete":
        raise Refusal("survey.incomplete", f"Survey {survey_id} is not complete.")
    n = 1 + sum(1 for q in state.quotes.values() if q["survey"] == survey_id)
    qid = f"QT-{survey_id.split('-')[1]}-{n}"
    state.quotes[qid] = {"survey": survey_id, "service": service, "cover": cover, "extras": {}, "status": "draft"}
    return f"Quote {qid} prepared: {service.replace('_', ' ')}, {cover.replace('_', '-')} cover, " \
           f"{_quote_total(state, qid):.2f} including VAT."


@office_api("office")
async def add_quote_extra(state: State, token: str, quote_id: str, code: str, quantity: int = 1) -> dict:
    """Add an extra from the price guide to a quote not yet accepted (a sent quote goes back to draft).

    Args:
        token: The session token.
        quote_id: The quote (``QT-....-n``).
        code: The extra's code in the price guide.
        quantity: How many.

    Returns:
        The quote's lines as rows of ``[code, description, quantity, amount]`` and its total.
    """
    q = _quote(state, quote_id)
    if q["status"] == "accepted":
        raise Refusal("quote.accepted", f"Quote {quote_id} is accepted; it can no longer change.")
    if code not in state.extras:
        raise Refusal("extra.unknown", f"No extra {code!r} in the price guide.")
    if not 1 <= quantity <= 20:
        raise Refusal("extra.quantity", "Quantity 1-20.")
    if q["extras"].get(code) == quantity:
        raise Refusal("extra.unchanged", f"{quantity} x {code} is already on {quote_id}.")
    q["extras"][code] = quantity
    q["status"] = "draft"
    return {"quote_id": quote_id, "lines": _quote_lines(state, quote_id), "total": _quote_total(state, quote_id),
            "status": "draft"}


@office_api("office")
async def remove_quote_extra(state: State, token: str, quote_id: str, code: str) -> dict:
    """Take an extra off a quote not yet accepted.

    Args:
        token: The session token.
        quote_id: The quote (``QT-....-n``).
        code: The extra's code.

    Returns:
        The quote's lines and total.
    """
    q = _quote(state, quote_id)
    if q["status"] == "accepted":
        raise Refusal("quote.accepted", f"Quote {quote_id} is accepted; it can no longer change.")
    if code not in q["extras"]:
        raise Refusal("extra.absent", f"{code} is not on {quote_id}.")
    del q["extras"][code]
    q["status"] = "draft"
    return {"quote_id": quote_id, "lines": _quote_lines(state, quote_id), "total": _quote_total(state, quote_id),
            "status": "draft"}


@office_api()
async def quote_detail(state: State, token: str, quote_id: str) -> dict:
    """A quote in full.

    Args:
        token: The session token.
        quote_id: The quote (``QT-....-n``).

    Returns:
        The quote: customer, service, cover, lines as rows of ``[code, description, quantity, amount]``,
        net, VAT, total and status.
    """
    q = _quote(state, quote_id)
    lines = _quote_lines(state, quote_id)
    net = _money(sum(ln[3] for ln in lines))
    return {"quote_id": quote_id, "survey_id": q["survey"], "customer": state.enquiries[_enquiry_of(quote_id)]["name"],
            "service": q["service"], "cover": q["cover"], "lines": lines, "net": net, "vat": _money(net * VAT),
            "total": _quote_total(state, quote_id), "status": q["status"]}


@office_api("office")
async def send_quote(state: State, token: str, quote_id: str, channel: Channel) -> str:
    """Send a quote to the customer.

    Args:
        token: The session token.
        quote_id: The quote (``QT-....-n``).
        channel: By e-mail or by post.

    Returns:
        A sentence saying where it went.
    """
    q = _quote(state, quote_id)
    if q["status"] != "draft":
        raise Refusal("quote.not_draft", f"Quote {quote_id} is {q['status']}.")
    q["status"] = "sent"
    e = state.enquiries[_enquiry_of(quote_id)]
    where = e["email"] if channel == "email" else f"the {e['from']} address"
    return f"Quote {quote_id} sent by {channel} to {where}."


@office_api("office")
async def accept_quote(state: State, token: str, quote_id: str, accepted_by: str, move_date: str) -> str:
    """Book the move when the customer accepts a sent quote.

    Args:
        token: The session token.
        quote_id: The quote (``QT-....-n``).
        accepted_by: Who accepted it.
        move_date: The moving day (YYYY-MM-DD).

    Returns:
        A sentence with the move's number and day.
    """
    q = _quote(state, quote_id)
    if q["status"] != "sent":
        raise Refusal("quote.not_sent", f"Quote {quote_id} is {q['status']}; send it before it is accepted.")
    d = _day(move_date)
    if (d - datetime.date.fromisoformat(TODAY)).days < NOTICE_DAYS or d.weekday() == 6:
        raise Refusal("move.notice", f"We need {NOTICE_DAYS} days' notice and do not move on Sundays.")
    mid = "MV-" + quote_id.split("-")[1]
    if mid in state.moves and state.moves[mid]["status"] != "cancelled":
        raise Refusal("move.exists", f"Move {mid} is already booked.")
    q["status"] = "accepted"
    state.moves[mid] = {"quote": quote_id, "date": move_date, "status": "booked", "van": None, "crew": None,
                        "deposit": 0.0, "suspensions": [], "materials": [], "waiting": 0.0, "damages": [],
                        "signed_by": None, "invoice": None, "notes": [f"accepted by {accepted_by.strip()}"]}
    e = state.enquiries[_enquiry_of(quote_id)]
    e["status"] = "booked"
    e["date"] = move_date
    return f"Move {mid} booked for {e['name']} on {_nice(move_date)}."


# --------------------------------------------------------------------------- planning


@office_api("office")
async def take_deposit(state: State, token: str, move_id: str, amount: float, method: PayMethod) -> str:
    """Take the deposit on a booked move.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).
        amount: The deposit, in pounds.
        method: Card or bank transfer.

    Returns:
        A sentence with the receipt number.
    """
    m = _move(state, move_id)
    if m["status"] not in ("booked", "confirmed"):
        raise Refusal("move.status", f"Move {move_id} is {m['status']}.")
    if m["deposit"] > 0:
        raise Refusal("deposit.taken", f"A deposit of {m['deposit']:.2f} is already on {move_id}.")
    total = _quote_total(state, m["quote"])
    if amount < _money(total * DEPOSIT_SHARE) or amount > total:
        raise Refusal("deposit.amount", f"The deposit is at least a quarter of the quote ({total * DEPOSIT_SHARE:.2f}) "
                                        f"and at most the whole ({total:.2f}).")
    m["deposit"] = _money(amount)
    return f"Deposit of {amount:.2f} taken on {move_id} by {method.replace('_', ' ')} (receipt RC-{_next(state, 'receipt')})."


@office_api("office", "crew")
async def fleet_board(state: State, token: str, day: str) -> list[list]:
    """The vans and what each is doing on a day.

    Args:
        token: The session token.
        day: The day (YYYY-MM-DD).

    Returns:
        Rows of ``[registration, capacity_cubic_feet, move_id or None]``, by registration.
    """
    _day(day)
    busy = _booked_on(state, day, "van")
    return [[reg, cap, busy.get(reg)] for reg, cap in sorted(state.vans.items())]


@office_api("office", "crew")
async def crew_board(state: State, token: str, day: str) -> list[list]:
    """The crews and what each is doing on a day.

    Args:
        token: The session token.
        day: The day (YYYY-MM-DD).

    Returns:
        Rows of ``[crew_id, leader, porters, move_id or None]``, by crew.
    """
    _day(day)
    busy = _booked_on(state, day, "crew")
    return [[cid, leader, porters, busy.get(cid)] for cid, (leader, porters) in sorted(state.crews.items())]


def _plannable(state: State, move_id: str) -> dict:
    m = _move(state, move_id)
    if m["status"] not in ("booked", "confirmed"):
        raise Refusal("move.status", f"Move {move_id} is {m['status']}.")
    return m


@office_api("office")
async def allocate_van(state: State, token: str, move_id: str, registration: str) -> dict:
    """Put a van on a move.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).
        registration: The van's registration.

    Returns:
        The move.
    """
    m = _plannable(state, move_id)
    reg = " ".join(registration.upper().split())
    if reg not in state.vans:
        raise Refusal("van.unknown", f"No van {registration}.")
    if m["van"] == reg:
        raise Refusal("van.unchanged", f"{reg} is already on {move_id}.")
    other = _booked_on(state, m["date"], "van").get(reg)
    if other and other != move_id:
        raise Refusal("van.busy", f"{reg} is on {other} that day.")
    vol = _volume(state.surveys[state.quotes[m["quote"]]["survey"]])
    if state.vans[reg] < vol:
        raise Refusal("van.too_small", f"The survey came to {vol} cu ft; {reg} carries {state.vans[reg]}.")
    m["van"] = reg
    return _move_dict(state, move_id)


@office_api("office")
async def allocate_crew(state: State, token: str, move_id: str, crew_id: str) -> dict:
    """Put a crew on a move.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).
        crew_id: The crew (``C.``).

    Returns:
        The move.
    """
    m = _plannable(state, move_id)
    if crew_id not in state.crews:
        raise Refusal("crew.unknown", f"No crew {crew_id}.")
    if m["crew"] == crew_id:
        raise Refusal("crew.unchanged", f"Crew {crew_id} is already on {move_id}.")
    other = _booked_on(state, m["date"], "crew").get(crew_id)
    if other and other != move_id:
        raise Refusal("crew.busy", f"Crew {crew_id} is on {other} that day.")
    q = state.quotes[m["quote"]]
    size = 1 + state.crews[crew_id][1]
    need = _crew_needed(_volume(state.surveys[q["survey"]]))
    if "PIANO" in q["extras"]:
        need = max(need, 3)
    if size < need:
        raise Refusal("crew.too_small", f"This move needs a crew of {need}; crew {crew_id} is {size}.")
    m["crew"] = crew_id
    return _move_dict(state, move_id)


@office_api("office")
async def deliver_materials(state: State, token: str, move_id: str, items: list[str]) -> str:
    """Send packing materials out to the customer before the move.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).
        items: Material codes, one per pack.

    Returns:
        A sentence with the delivery note's number.
    """
    m = _plannable(state, move_id)
    if not items:
        raise Refusal("materials.empty", "Name at least one pack.")
    for code in items:
        if code not in state.materials:
            raise Refusal("materials.unknown", f"No material {code!r}.")
    m["materials"].extend(items)
    note = f"DN-{_next(state, 'note')}"
    return f"Delivery note {note}: {len(items)} packs for {move_id} go out on the next van run."


@office_api("office")
async def apply_parking_suspension(state: State, token: str, move_id: str, end: End, bays: int) -> str:
    """Apply to the council to suspend parking bays outside one end of a move.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).
        end: The collection or delivery end.
        bays: How many bays.

    Returns:
        A sentence with the suspension's reference.
    """
    m = _plannable(state, move_id)
    s = state.surveys[state.quotes[m["quote"]]["survey"]]
    if end not in _needs_suspension(s):
        raise Refusal("suspension.not_needed", f"The {end} end has {s['access'][end][2]} parking; no suspension.")
    if end in m["suspensions"]:
        raise Refusal("suspension.exists", f"A suspension is already applied for at the {end} end.")
    if not 1 <= bays <= 4:
        raise Refusal("suspension.bays", "1-4 bays.")
    m["suspensions"].append(end)
    ref = f"PS-{_next(state, 'suspension')}"
    return f"Suspension {ref} applied for: {bays} bays at the {end} end of {move_id} on {_nice(m['date'])}."


@office_api("office")
async def confirm_move(state: State, token: str, move_id: str) -> dict:
    """Confirm a move once the deposit is paid, a van and a crew are on it and its suspensions applied for.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).

    Returns:
        The move, confirmed.
    """
    m = _move(state, move_id)
    if m["status"] != "booked":
        raise Refusal("move.status", f"Move {move_id} is {m['status']}.")
    if m["deposit"] <= 0:
        raise Refusal("move.deposit", f"No deposit on {move_id}.")
    if m["van"] is None or m["crew"] is None:
        raise Refusal("move.unplanned", f"{move_id} needs a van and a crew.")
    s = state.surveys[state.quotes[m["quote"]]["survey"]]
    missing = [e for e in _needs_suspension(s) if e not in m["suspensions"]]
    if missing:
        raise Refusal("move.parking", f"No parking suspension applied for at the {missing[0]} end.")
    m["status"] = "confirmed"
    return _move_dict(state, move_id)


@office_api()
async def move_diary(state: State, token: str, day: str | None = None) -> list[list]:
    """The moves booked on a day.

    Args:
        token: The session token.
        day: The day (YYYY-MM-DD); today if not given.

    Returns:
        Rows of ``[move_id, customer, status, van, crew, from_postcode, to_postcode]``, by move.
    """
    day = day or TODAY
    _day(day)
    out = []
    for mid, m in sorted(state.moves.items()):
        if m["date"] == day:
            e = state.enquiries[_enquiry_of(mid)]
            out.append([mid, e["name"], m["status"], m["van"], m["crew"], e["from"], e["to"]])
    return out


@office_api()
async def move_sheet(state: State, token: str, move_id: str) -> dict:
    """The job sheet for a move: customer, addresses, inventory, access, extras, crew, van and money.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).

    Returns:
        The move sheet, its inventory as rows of ``[room, cubic_feet, fragile]``, its access as rows of
        ``[end, floor, lift, parking, carry_metres]`` and its extras as rows of ``[code, quantity]``.
    """
    m = _move(state, move_id)
    q = state.quotes[m["quote"]]
    s = state.surveys[q["survey"]]
    e = state.enquiries[_enquiry_of(move_id)]
    total = _quote_total(state, m["quote"])
    return {"move_id": move_id, "customer": e["name"], "phone": e["phone"], "date": m["date"], "status": m["status"],
            "from_postcode": e["from"], "to_postcode": e["to"], "service": q["service"], "cover": q["cover"],
            "volume_cubic_feet": _volume(s), "inventory": [list(r) for r in s["rooms"]],
            "access": [[k, *v] for k, v in sorted(s["access"].items())],
            "extras": [[c, n] for c, n in sorted(q["extras"].items())], "van": m["van"], "crew": m["crew"],
            "suspensions": list(m["suspensions"]), "materials": list(m["materials"]), "total": total,
            "deposit": m["deposit"], "waiting_hours": m["waiting"], "damage_reports": list(m["damages"])}


@office_api("office")
async def postpone_move(state: State, token: str, move_id: str, new_date: str, reason: str) -> dict:
    """Move a booked or confirmed move to another day; its van and crew are released.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).
        new_date: The new moving day (YYYY-MM-DD).
        reason: Why.

    Returns:
        The postponement, with any fee.
    """
    m = _move(state, move_id)
    if m["status"] not in ("booked", "confirmed"):
        raise Refusal("move.status", f"Move {move_id} is {m['status']}.")
    d = _day(new_date)
    if new_date == m["date"]:
        raise Refusal("move.same_day", f"{move_id} is already on {new_date}.")
    if (d - datetime.date.fromisoformat(TODAY)).days < NOTICE_DAYS or d.weekday() == 6:
        raise Refusal("move.notice", f"We need {NOTICE_DAYS} days' notice and do not move on Sundays.")
    fee = 150.0 if (datetime.date.fromisoformat(m["date"]) - datetime.date.fromisoformat(TODAY)).days < 14 else 0.0
    old = m["date"]
    m.update(date=new_date, status="booked", van=None, crew=None)
    m["notes"].append(f"postponed from {old}: {reason.strip()}")
    return {"move_id": move_id, "from_date": old, "to_date": new_date, "fee": fee, "status": "booked",
            "van": None, "crew": None}


@office_api("office")
async def cancel_move(state: State, token: str, move_id: str, reason: str) -> dict:
    """Cancel a move that has not started; the deposit is kept inside fourteen days of the move.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).
        reason: Why.

    Returns:
        The cancellation, with the deposit kept or refunded.
    """
    m = _move(state, move_id)
    if m["status"] not in ("booked", "confirmed"):
        raise Refusal("move.status", f"Move {move_id} is {m['status']}.")
    late = (datetime.date.fromisoformat(m["date"]) - datetime.date.fromisoformat(TODAY)).days < 14
    m["status"] = "cancelled"
    m["notes"].append(f"cancelled: {reason.strip()}")
    return {"move_id": move_id, "status": "cancelled", "deposit_kept": m["deposit"] if late else 0.0,
            "deposit_refunded": 0.0 if late else m["deposit"]}


# --------------------------------------------------------------------------- the day


@office_api("crew")
async def start_move(state: State, token: str, move_id: str) -> bool:
    """The crew leader starts a confirmed move on its day.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).

    Returns:
        True.
    """
    m = _move(state, move_id)
    if m["status"] != "confirmed":
        raise Refusal("move.status", f"Move {move_id} is {m['status']}; only a confirmed move starts.")
    if m["date"] != TODAY:
        raise Refusal("move.not_today", f"Move {move_id} is on {m['date']}.")
    m["status"] = "in_progress"
    return True


def _running(state: State, move_id: str) -> dict:
    m = _move(state, move_id)
    if m["status"] != "in_progress":
        raise Refusal("move.not_running", f"Move {move_id} is {m['status']}.")
    return m


@office_api("crew")
async def record_waiting(state: State, token: str, move_id: str, hours: float, reason: str) -> dict:
    """Log time the crew spent waiting on a move in progress (keys held up on completion day).

    Args:
        token: The session token.
        move_id: The move (``MV-....``).
        hours: The hours waited, in quarter hours.
        reason: Why they waited.

    Returns:
        The move's waiting time so far and its charge.
    """
    m = _running(state, move_id)
    if hours <= 0 or hours > 10 or (hours * 4) != int(hours * 4):
        raise Refusal("waiting.hours", "Waiting is logged in quarter hours, up to 10.")
    if not reason.strip():
        raise Refusal("waiting.reason", "Say why the crew waited.")
    m["waiting"] += hours
    m["notes"].append(f"waited {hours:g} h: {reason.strip()}")
    return {"move_id": move_id, "waiting_hours": m["waiting"],
            "charge": _money(m["waiting"] * state.extras["WAIT-HR"][2] * (1 + VAT))}


@office_api("crew")
async def record_damage(state: State, token: str, move_id: str, item: str, description: str) -> str:
    """Report an item damaged on a move in progress.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).
        item: The item.
        description: What happened and what the damage is.

    Returns:
        A sentence with the damage report's number.
    """
    m = _running(state, move_id)
    if not item.strip() or len(description.strip()) < 10:
        raise Refusal("damage.detail", "Name the item and describe the damage.")
    did = f"DR-{_next(state, 'damage'):04d}"
    state.damages[did] = {"move": move_id, "item": item.strip(), "description": description.strip()}
    m["damages"].append(did)
    return f"Damage report {did} logged on {move_id}: {item.strip()}."


@office_api("crew")
async def put_into_store(state: State, token: str, move_id: str, containers: int, weeks: int) -> str:
    """Put part of a move's goods into containers at the Staverton store, from the loaded van.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).
        containers: How many containers.
        weeks: For how many weeks.

    Returns:
        A sentence with the storage number.
    """
    _running(state, move_id)
    if not 1 <= containers <= 10 or not 1 <= weeks <= 52:
        raise Refusal("storage.size", "1-10 containers for 1-52 weeks.")
    sid = f"ST-{_next(state, 'storage'):04d}"
    state.storage[sid] = {"move": move_id, "containers": containers, "weeks": weeks, "status": "stored",
                          "deliver_on": None}
    return f"Storage {sid}: {containers} containers from {move_id} at Staverton for {weeks} weeks."


@office_api("crew")
async def complete_move(state: State, token: str, move_id: str, signed_by: str) -> dict:
    """The customer signs a move in progress off as complete.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).
        signed_by: Who signed.

    Returns:
        The move, completed.
    """
    m = _running(state, move_id)
    if not signed_by.strip():
        raise Refusal("move.signature", "The customer signs the move off.")
    m["status"] = "completed"
    m["signed_by"] = signed_by.strip()
    return {**_move_dict(state, move_id), "signed_by": signed_by.strip(), "waiting_hours": m["waiting"],
            "damage_reports": list(m["damages"])}


# --------------------------------------------------------------------------- money and claims


@office_api("office")
async def final_invoice(state: State, token: str, move_id: str) -> str:
    """Raise the final invoice on a completed move: the quote, waiting time and storage, less the deposit.

    Args:
        token: The session token.
        move_id: The move (``MV-....``).

    Returns:
        A sentence with the invoice's number and the balance due.
    """
    m = _move(state, move_id)
    if m["status"] != "completed":
        raise Refusal("move.status", f"Move {move_id} is {m['status']}; invoices follow completion.")
    if m["invoice"]:
        raise Refusal("invoice.exists", f"{move_id} is already invoiced ({m['invoice']}).")
    extra = m["waiting"] * state.extras["WAIT-HR"][2]
    extra += sum(s["containers"] * s["weeks"] * state.extras["STORE-WK"][2] for s in state.storage.values()
                 if s["move"] == move_id)
    total = _money(_quote_total(state, m["quote"]) + extra * (1 + VAT))
    iid = "IN-" + move_id.split("-")[1]
    state.invoices[iid] = {"move": move_id, "total": total, "balance": _money(total - m["deposit"])}
    m["invoice"] = iid
    return f"Invoice {iid} raised on {move_id}: {total:.2f} less the deposit, {state.invoices[iid]['balance']:.2f} due."


@office_api("office")
async def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float:
    """Take a payment against a final invoice (part payments allowed).

    Args:
        token: The session token.
        invoice_id: The invoice (``IN-....``).
        amount: The amount paid.
        method: Card or bank transfer.

    Returns:
        The balance left on the invoice.
    """
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise Refusal("invoice.not_found", f"No invoice {invoice_id}.")
    if inv["balance"] <= 0:
        raise Refusal("invoice.paid", f"{invoice_id} is paid.")
    if amount <= 0 or _money(amount) > inv["balance"]:
        raise Refusal("payment.amount", f"{invoice_id} has {inv['balance']:.2f} left to pay.")
    inv["balance"] = _money(inv["balance"] - amount)
    return inv["balance"]


@office_api("office")
async def open_claim(state: State, token: str, damage_id: str, amount: float) -> dict:
    """Open the customer's claim on a damage report.

    Args:
        token: The session token.
        damage_id: The damage report (``DR-....``).
        amount: What the customer claims, in pounds.

    Returns:
        The claim.
    """
    d = state.damages.get(damage_id)
    if d is None:
        raise Refusal("damage.not_found", f"No damage report {damage_id}.")
    if any(c["damage"] == damage_id for c in state.claims.values()):
        raise Refusal("claim.exists", f"{damage_id} already has a claim.")
    cover = state.quotes[state.moves[d["move"]]["quote"]]["cover"]
    if amount <= 0:
        raise Refusal("claim.amount", "Claim a positive amount.")
    if cover == "standard" and amount > STANDARD_COVER_PER_ITEM:
        raise Refusal("claim.cover", f"Standard cover pays at most {STANDARD_COVER_PER_ITEM:.0f} per item.")
    cid = f"CLM-{_next(state, 'claim'):03d}"
    state.claims[cid] = {"damage": damage_id, "amount": _money(amount), "status": "open", "offer": None, "note": None}
    return {"claim_id": cid, "damage_id": damage_id, "move_id": d["move"], "item": d["item"], "claimed": _money(amount),
            "cover": cover, "status": "open"}


@office_api("manager")
async def settle_claim(state: State, token: str, claim_id: str, offer: float, note: str) -> dict:
    """Settle an open claim with an offer (the manager only).

    Args:
        token: The session token.
        claim_id: The claim (``CLM-...``).
        offer: The amount offered, at most the amount claimed.
        note: How the figure was reached.

    Returns:
        The claim, settled.
    """
    c = state.claims.get(claim_id)
    if c is None:
        raise Refusal("claim.not_found", f"No claim {claim_id}.")
    if c["status"] != "open":
        raise Refusal("claim.closed", f"{claim_id} is {c['status']}.")
    if not 0 <= offer <= c["amount"]:
        raise Refusal("claim.offer", f"Offer 0 to {c['amount']:.2f}.")
    c.update(status="settled", offer=_money(offer), note=note.strip())
    return {"claim_id": claim_id, "claimed": c["amount"], "offer": c["offer"], "note": c["note"], "status": "settled"}


@office_api("office")
async def deliver_from_store(state: State, token: str, storage_id: str, day: str) -> dict:
    """Book stored goods out of the Staverton store for delivery on a day.

    Args:
        token: The session token.
        storage_id: The storage (``ST-....``).
        day: The delivery day (YYYY-MM-DD), from tomorrow.

    Returns:
        The storage booking out.
    """
    s = state.storage.get(storage_id)
    if s is None:
        raise Refusal("storage.not_found", f"No storage {storage_id}.")
    if s["status"] != "stored":
        raise Refusal("storage.status", f"{storage_id} is {s['status']}.")
    d = _day(day)
    if day <= TODAY or d.weekday() == 6:
        raise Refusal("storage.day", "Deliveries from store run from tomorrow, Monday to Saturday.")
    s.update(status="booked_out", deliver_on=day)
    return {"storage_id": storage_id, "move_id": s["move"], "containers": s["containers"], "deliver_on": day,
            "status": "booked_out"}


# --------------------------------------------------------------------------- catalog

FAILURE = is_failed

TOOLS = [
    login, logout, price_guide, materials_list, new_enquiry, find_enquiry, update_enquiry, survey_slots, book_survey,
    record_room, record_access, complete_survey, prepare_quote, add_quote_extra, remove_quote_extra, quote_detail,
    send_quote, accept_quote, take_deposit, fleet_board, crew_board, allocate_van, allocate_crew, deliver_materials,
    apply_parking_suspension, confirm_move, move_diary, move_sheet, postpone_move, cancel_move, start_move,
    record_waiting, record_damage, put_into_store, complete_move, final_invoice, take_payment, open_claim,
    settle_claim, deliver_from_store,
]

FIXTURES = {
    "firm": {"name": "Wheeler & Daughter Removals, Kingsditch, Cheltenham", "today": "Friday 24 May 2030",
             "store": "containers at Staverton"},
    "staff": [
        {"name": "Sam Wheeler", "role": "office", "username": "sam.w", "password": "Tea-Chest-77"},
        {"name": "Colin Dyer", "role": "surveyor", "username": "colin.d", "password": "Cubic-Feet-1200"},
        {"name": "Rebecca Ashworth", "role": "crew leader", "username": "bex.a", "password": "Tail-Lift-42"},
        {"name": "Jo Wheeler", "role": "manager", "username": "jo.w", "password": "Luton-Box-9"},
    ],
    "new_enquiry": {"name": "Mrs Eleanor Marsh", "phone": "07700 900431", "email": "eleanor.marsh@mail.example",
                    "from": "GL53 0LT (a semi in Leckhampton)", "to": "GL7 2DE (a terrace in Cirencester)",
                    "hoped_for": "Friday 14 June 2030", "notes": "an upright piano; permit parking at the new house"},
    "office_notes": [
        "Gareth Lloyd wants to move to Swansea in early July; a video survey suits him",
        "Okonjo keys: buyers' solicitor expected to release them late morning",
        "Mr Penrose is paying his deposit by bank transfer today",
        "Ms Raman's flat: suspension already granted outside the block",
    ],
}

_TOKEN = "auth: session token (the bare token login returns)"
PUBLIC = ("login", "price_guide", "materials_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
SURVEY_CONSUMERS = ["record_room", "record_access", "complete_survey", "prepare_quote"]
QUOTE_CONSUMERS = ["add_quote_extra", "remove_quote_extra", "quote_detail", "send_quote", "accept_quote"]
BOOKED_CONSUMERS = ["take_deposit", "allocate_van", "allocate_crew", "deliver_materials", "apply_parking_suspension",
                    "confirm_move", "move_sheet", "postpone_move", "cancel_move"]
DAY_CONSUMERS = ["start_move", "record_waiting", "record_damage", "complete_move", "final_invoice", "put_into_store"]
_ENQUIRY = "id lookup/create: enquiry number (in new_enquiry's sentence, or the first column of find_enquiry's rows)"
_SURVEY = "id create: survey number (in book_survey's sentence)"
_QUOTE = "id create: quote number (in prepare_quote's sentence)"
_MOVE = "id lookup/create: move number (in accept_quote's sentence, or the first column of move_diary's rows)"
_TODAYS = "id lookup: move number (the first column of move_diary's rows: a move on its day)"

GROUND_TRUTH = (
    [("login", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("new_enquiry|find_enquiry", c, _ENQUIRY) for c in ("update_enquiry", "book_survey")]
    + [("book_survey", c, _SURVEY) for c in SURVEY_CONSUMERS]
    + [("prepare_quote", c, _QUOTE) for c in QUOTE_CONSUMERS]
    + [("accept_quote|move_diary", c, _MOVE) for c in BOOKED_CONSUMERS]
    + [("move_diary", c, _TODAYS) for c in DAY_CONSUMERS]
    + [
        ("record_damage", "open_claim", "id create: damage report number (in record_damage's sentence)"),
        ("open_claim", "settle_claim", "id create: claim id (claim_id of open_claim)"),
        ("final_invoice", "take_payment", "id create: invoice number (in final_invoice's sentence)"),
        ("put_into_store", "deliver_from_store", "id create: storage number (in put_into_store's sentence)"),
        ("survey_slots", "book_survey", "vocabulary: a free survey time (bare list)"),
        ("price_guide", "add_quote_extra", "vocabulary: extra code (first column of price_guide's rows)"),
        ("materials_list", "deliver_materials", "vocabulary: material code (first column of materials_list's rows)"),
        ("fleet_board", "allocate_van", "vocabulary: van registration (first column of fleet_board's rows)"),
        ("crew_board", "allocate_crew", "vocabulary: crew id (first column of crew_board's rows)"),
        ("record_room", "complete_survey", "state: a room recorded on the survey"),
        ("record_access", "complete_survey", "state: the access recorded at both ends"),
        ("complete_survey", "prepare_quote", "state: the survey complete"),
        ("add_quote_extra", "remove_quote_extra", "state: the extra on the quote"),
        ("send_quote", "accept_quote", "state: the quote sent"),
        ("take_deposit", "confirm_move", "state: the deposit paid"),
        ("allocate_van", "confirm_move", "state: a van on the move"),
        ("allocate_crew", "confirm_move", "state: a crew on the move"),
        ("apply_parking_suspension", "confirm_move", "state: a parking suspension applied for where needed"),
        ("confirm_move", "start_move", "state: the move confirmed"),
        ("start_move", "record_waiting", "state: the move in progress"),
        ("start_move", "record_damage", "state: the move in progress"),
        ("start_move", "put_into_store", "state: the move in progress (goods loaded)"),
        ("start_move", "complete_move", "state: the move in progress"),
        ("complete_move", "final_invoice", "state: the move completed"),
    ]
)

PLAUSIBLE = {
    ("new_enquiry", "find_enquiry"), ("find_enquiry", "survey_slots"), ("book_survey", "survey_slots"),
    ("record_room", "record_access"), ("complete_survey", "quote_detail"), ("complete_survey", "add_quote_extra"),
    ("add_quote_extra", "quote_detail"), ("add_quote_extra", "send_quote"), ("remove_quote_extra", "send_quote"),
    ("quote_detail", "take_deposit"), ("quote_detail", "send_quote"), ("accept_quote", "move_diary"),
    ("accept_quote", "fleet_board"), ("accept_quote", "crew_board"), ("allocate_van", "fleet_board"),
    ("allocate_crew", "crew_board"), ("complete_survey", "apply_parking_suspension"),
    ("record_access", "apply_parking_suspension"), ("move_sheet", "apply_parking_suspension"),
    ("confirm_move", "move_diary"), ("postpone_move", "move_diary"), ("cancel_move", "move_diary"),
    ("start_move", "final_invoice"), ("record_waiting", "final_invoice"), ("put_into_store", "final_invoice"),
    ("record_damage", "move_sheet"), ("move_diary", "open_claim"), ("move_diary", "take_payment"),
    ("move_diary", "deliver_from_store"), ("start_move", "open_claim"), ("complete_move", "take_payment"),
    ("move_sheet", "take_deposit"),
}
