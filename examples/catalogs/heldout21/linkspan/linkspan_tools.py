"""Linkspan: the booking office and vehicle check-in of Firth & Isles Ferries at Carrick Pier (38 calls).

Async functions over an in-memory ``State`` of the ferry line on Friday 13 July 2029 at 06:30. The
booking office finds and registers customers, issues islander cards to residents of the islands, makes
bookings on a sailing at a fare, adds passengers, a vehicle and (on the overnight Northhaven crossing) a
cabin, quotes the booking, takes vouchers and payment, moves and cancels bookings and keeps notes on
them. At the linkspan the check-in marshals open check-in for a sailing, look vehicles up by their
registration, put them in a lane, check in foot passengers, take dangerous-goods declarations, hold a
vehicle, add turn-up traffic to the standby list, close check-in and board the standby vehicles. The
duty manager releases held vehicles, records departures, cancels a sailing in bad weather, rebooks the
disrupted bookings and sends notices. The timetable and the fares are public and need no session.

Every call but ``sign_in``, ``timetable`` and ``fares`` is wrapped by ``staff_call`` (``functools.wraps``),
which checks the session and the role before the call. Replies are ``TypedDict`` rows (a session, an
acknowledgement, sailings, fares, a customer with the booking references nested, an islander card,
booking summaries, a booking with its passengers, vehicle, quote lines and notes nested, a passenger, a
vehicle, a quote with its lines nested, a receipt, a refund, lanes with the registrations in them
nested, a check-in, a boarding pass, a dangerous-goods declaration, a standby entry, a check-in summary,
manifest rows, a disruption, a notice) and lists of them, and one bare list of free cabins. Every
refusal is *raised* as a ``FerryError`` subclass (``NotSignedIn``, ``NotPermitted``, ``NoSuchRecord``,
``Refused``) carrying a ``code``. Bookings, passengers, check-ins and boarding cards have look-alike
numbers (booking ``BK-72001``, passenger ``BK-72001-P2``, vehicle ``BK-72001-V``, check-in ``CK-72001``,
boarding card ``BC-72001``; customer ``CU-5547``, islander card ``IC-5547``); the islands' postcode
districts, the dangerous goods carried and the notice channels are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import functools
import inspect
from enum import Enum
from typing import Literal, TypedDict

TODAY = "2029-07-13"
HOME_PORT = "Carrick"
ISLAND_DISTRICTS = ("PA89", "PA90")
DANGEROUS_GOODS = {"UN1011": "butane", "UN1202": "diesel in cans", "UN1203": "petrol in cans",
                   "UN1965": "LPG (camping gas)"}
CHANNELS = ("sms", "email", "app")
MAX_DG_KG = 50.0

Route = Literal["CAR-INM", "INM-CAR", "CAR-NHV", "NHV-CAR"]
AgeBand = Literal["adult", "child", "senior", "infant"]
VehicleClass = Literal["car", "van", "motorcycle", "campervan", "car_trailer"]
PayMethod = Literal["card", "cash", "cheque"]
ProofOfAddress = Literal["council_tax", "utility_bill", "tenancy_agreement"]


class BookingStatus(str, Enum):
    DRAFT = "draft"
    CONFIRMED = "confirmed"
    CHECKED_IN = "checked_in"
    DISRUPTED = "disrupted"
    CANCELLED = "cancelled"
    TRAVELLED = "travelled"


# --------------------------------------------------------------------------- refusals


class FerryError(Exception):
    """A refusal by the booking system; ``code`` says which kind."""

    code = "refused"


class NotSignedIn(FerryError):
    code = "not_signed_in"


class NotPermitted(FerryError):
    code = "not_permitted"


class NoSuchRecord(FerryError):
    code = "no_such_record"


class Refused(FerryError):
    code = "refused"


# --------------------------------------------------------------------------- replies


class StaffSession(TypedDict):
    token: str
    name: str
    role: str


class Ack(TypedDict):
    done: bool
    message: str


class SailingRow(TypedDict):
    sailing_id: str
    route: str
    day: str
    departs: str
    arrives: str
    vessel: str
    status: str
    passenger_space: int
    vehicle_metres_left: float


class FareRow(TypedDict):
    fare_code: str
    description: str
    refundable: str
    adult: float
    child: float
    senior: float
    car: float
    van: float
    motorcycle: float
    campervan: float
    car_trailer: float


class Customer(TypedDict):
    customer_id: str
    name: str
    email: str
    phone: str
    postcode: str
    islander_card: str | None
    bookings: list[str]


class IslanderCard(TypedDict):
    card_id: str
    customer_id: str
    name: str
    valid_until: str


class BookingSummary(TypedDict):
    booking_ref: str
    customer: str
    sailing_id: str
    status: str
    passengers: int
    vehicle: str | None
    cabin: str | None


class Passenger(TypedDict):
    passenger_id: str
    booking_ref: str
    name: str
    age_band: str
    wheelchair: bool
    boarding_pass: str | None


class Vehicle(TypedDict):
    vehicle_id: str
    booking_ref: str
    registration: str
    vehicle_class: str
    length_cm: int
    height_cm: int


class QuoteLine(TypedDict):
    description: str
    amount: float


class Booking(TypedDict):
    booking_ref: str
    customer_id: str
    sailing_id: str
    fare_code: str
    status: str
    passengers: list[Passenger]
    vehicle: Vehicle | None
    cabin: str | None
    quote: list[QuoteLine]
    quoted_total: float | None
    paid: float
    fee_due: float
    notes: list[str]


class Quote(TypedDict):
    booking_ref: str
    lines: list[QuoteLine]
    total: float
    voucher: str | None


class Receipt(TypedDict):
    receipt_id: str
    booking_ref: str
    amount: float
    method: str
    booking_status: str


class Refund(TypedDict):
    booking_ref: str
    refund: float
    status: str


class LaneRow(TypedDict):
    lane: str
    deck: str
    height_limit_cm: int
    metres_left: float
    vehicles: list[str]


class CheckIn(TypedDict):
    checkin_id: str
    booking_ref: str | None
    sailing_id: str
    registration: str
    lane: str
    boarding_card: str
    status: str
    hold_reason: str | None


class BoardingPass(TypedDict):
    boarding_pass: str
    passenger_id: str
    name: str
    sailing_id: str


class DGDeclaration(TypedDict):
    declaration_id: str
    checkin_id: str
    un_number: str
    description: str
    quantity_kg: float
    lane: str


class StandbyEntry(TypedDict):
    standby_id: str
    sailing_id: str
    customer_id: str
    registration: str
    vehicle_class: str
    position: int


class CheckInSummary(TypedDict):
    sailing_id: str
    status: str
    vehicles_checked_in: int
    passengers_checked_in: int
    no_shows: list[str]
    standby_waiting: int


class ManifestRow(TypedDict):
    name: str
    booking_ref: str | None
    age_band: str
    boarding_pass: str


class Disruption(TypedDict):
    sailing_id: str
    status: str
    reason: str
    bookings_affected: list[str]


class Notice(TypedDict):
    notice_id: str
    sailing_id: str
    recipients: int
    channels: list[str]


# --------------------------------------------------------------------------- state


def _lanes(high: tuple[str, ...], low: tuple[str, ...]) -> dict:
    lanes = {lane: ("main deck", 450, 4000) for lane in high}
    lanes.update({lane: ("mezzanine", 200, 4000) for lane in low})
    return lanes


class State:
    """Firth & Isles Ferries, Carrick Pier, on Friday 13 July 2029 at 06:30."""

    def __init__(self) -> None:
        self.staff = {
            "moira.b": {"name": "Moira Baird", "password": "Pier-Head-4418", "role": "booking"},
            "callum.r": {"name": "Callum Rennie", "password": "Linkspan-27", "role": "checkin"},
            "ishbel.m": {"name": "Ishbel Morrison", "password": "Bollard-9031", "role": "duty"},
        }
        self.sessions = {}
        self.routes = {
            "CAR-INM": {"from": "Carrick", "to": "Innismore", "minutes": 55, "vessel": "MV Kittiwake"},
            "INM-CAR": {"from": "Innismore", "to": "Carrick", "minutes": 55, "vessel": "MV Kittiwake"},
            "CAR-NHV": {"from": "Carrick", "to": "Northhaven", "minutes": 420, "vessel": "MV Shearwater"},
            "NHV-CAR": {"from": "Northhaven", "to": "Carrick", "minutes": 420, "vessel": "MV Fulmar"},
        }
        overnight_cabins = {**{f"C1{n:02d}": 2 for n in range(1, 11)}, **{f"C20{n}": 4 for n in range(1, 5)}}
        self.vessels = {
            "MV Kittiwake": {"passengers": 350, "lanes": _lanes(("L1", "L2"), ("L3", "L4", "L5", "L6")), "cabins": {}},
            "MV Shearwater": {"passengers": 220, "lanes": _lanes(("H1", "H2"), ("M1", "M2", "M3", "M4")),
                              "cabins": dict(overnight_cabins)},
            "MV Fulmar": {"passengers": 220, "lanes": _lanes(("H1", "H2"), ("M1", "M2", "M3", "M4")),
                          "cabins": dict(overnight_cabins)},
        }
        self.sailings = {}
        plan = {"CAR-INM": ("CI", ["0730", "1030", "1330", "1730"]),
                "INM-CAR": ("IC", ["0900", "1200", "1530", "1900"]),
                "CAR-NHV": ("CN", ["2200"]), "NHV-CAR": ("NC", ["2200"])}
        for day in ("2029-07-13", "2029-07-14"):
            for route, (code, times) in plan.items():
                for t in times:
                    sid = f"{code}-{day[5:7]}{day[8:10]}-{t}"
                    self.sailings[sid] = {"route": route, "day": day, "departs": f"{t[:2]}:{t[2:]}",
                                          "vessel": self.routes[route]["vessel"], "status": "scheduled",
                                          "reason": None, "departed_at": None, "on_board": None}
        short = {"adult": 9.8, "child": 4.9, "senior": 7.4, "infant": 0.0, "car": 48.0, "van": 72.0,
                 "motorcycle": 22.0, "campervan": 96.0, "car_trailer": 88.0}
        long = {"adult": 38.0, "child": 19.0, "senior": 30.0, "infant": 0.0, "car": 142.0, "van": 198.0,
                "motorcycle": 60.0, "campervan": 260.0, "car_trailer": 230.0}
        self.prices = {"CAR-INM": short, "INM-CAR": dict(short), "CAR-NHV": long, "NHV-CAR": dict(long)}
        self.fares = {
            "STANDARD": ("Standard single", 1.0, "half refunded; changes 10.00"),
            "SAVER": ("Saver single, booked ahead", 0.8, "no refund, no changes"),
            "FLEXI": ("Flexi single", 1.25, "fully refundable; free changes"),
            "ISLANDER": ("Islander single (islander card holders)", 0.5, "fully refundable; changes 10.00"),
        }
        self.cabin_prices = {2: 65.0, 4: 95.0}
        self.customers = {
            "CU-5518": {"name": "Eilidh MacAulay", "email": "eilidh.macaulay@innis.example", "phone": "07700 900518",
                        "postcode": "PA89 2QT", "card": "IC-5518"},
            "CU-5521": {"name": "Graham Pettigrew", "email": "graham.pettigrew@mail.example",
                        "phone": "07700 900521", "postcode": "G12 8QQ", "card": None},
            "CU-5529": {"name": "Innismore Stores Ltd (Alasdair Morrison)", "email": "orders@innismorestores.example",
                        "phone": "01880 700529", "postcode": "PA89 1AA", "card": None},
            "CU-5534": {"name": "Sunniva Halcrow", "email": "s.halcrow@mail.example", "phone": "07700 900534",
                        "postcode": "EH3 9DR", "card": None},
            "CU-5547": {"name": "Donald Gillies", "email": "donald.gillies@innis.example", "phone": "07700 900547",
                        "postcode": "PA89 4LB", "card": None},
            "CU-5550": {"name": "Mhairi Dunn", "email": "mhairi.dunn@mail.example", "phone": "07700 900550",
                        "postcode": "KA7 1JR", "card": None},
        }
        self.cards = {"IC-5518": {"customer": "CU-5518", "valid_until": "2030-03-31", "proof": "council_tax"}}

        def pax(ref, n, name, band="adult"):
            return {"id": f"{ref}-P{n}", "name": name, "band": band, "wheelchair": False, "pass": None}

        def veh(ref, reg, cls, length, height):
            return {"id": f"{ref}-V", "reg": reg, "cls": cls, "length": length, "height": height}

        def booking(customer, sailing, fare, status, passengers, vehicle=None, cabin=None, paid=0.0):
            return {"customer": customer, "sailing": sailing, "fare": fare, "status": status,
                    "passengers": passengers, "vehicle": vehicle, "cabin": cabin, "quote": None, "lines": [],
                    "voucher": None, "paid": paid, "fee_due": 0.0, "notes": []}

        self.bookings = {
            "BK-72001": booking("CU-5521", "CI-0713-1030", "STANDARD", "confirmed",
                                [pax("BK-72001", 1, "Graham Pettigrew"), pax("BK-72001", 2, "Ruth Pettigrew")],
                                veh("BK-72001", "SK19 XTR", "car", 450, 150), paid=67.6),
            "BK-72003": booking("CU-5534", "CN-0713-2200", "FLEXI", "confirmed",
                                [pax("BK-72003", 1, "Sunniva Halcrow"), pax("BK-72003", 2, "Magnus Halcrow")],
                                veh("BK-72003", "SV67 KPD", "campervan", 690, 300), cabin="C104", paid=485.0),
            "BK-72005": booking("CU-5518", "CI-0713-0730", "ISLANDER", "confirmed",
                                [pax("BK-72005", 1, "Eilidh MacAulay")], paid=4.9),
            "BK-72008": booking("CU-5547", "CI-0713-1330", "STANDARD", "draft", [pax("BK-72008", 1, "Donald Gillies")]),
            "BK-72010": booking("CU-5550", "CI-0713-1730", "SAVER", "confirmed",
                                [pax("BK-72010", 1, "Mhairi Dunn")], veh("BK-72010", "SN70 UBD", "car", 420, 145),
                                paid=46.24),
            "BK-72011": booking("CU-5521", "CN-0714-2200", "STANDARD", "draft",
                                [pax("BK-72011", 1, "Graham Pettigrew"), pax("BK-72011", 2, "Ruth Pettigrew")]),
        }
        self.checkins = {}
        self.standby = {}
        self.declarations = {}
        self.notices = {}
        self.vouchers = {"FIF-GW-4471": {"value": 25.0, "used_on": None},
                         "FIF-GW-4472": {"value": 10.0, "used_on": None}}
        self.counters = {"customer": 5561, "booking": 72014, "receipt": 30410, "standby": 4471, "dg": 880,
                         "notice": 215, "session": 1}


# --------------------------------------------------------------------------- helpers


def staff_call(*roles: str):
    """Check the session (and the role, where ``roles`` are given) before the call runs; the duty
    manager may do everything."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def call(*args, **kwargs):
            bound = sig.bind(*args, **kwargs)
            state, token = bound.arguments["state"], bound.arguments["token"]
            who = state.sessions.get(token)
            if who is None:
                raise NotSignedIn("no session for that token; sign in again")
            if roles and who["role"] not in roles and who["role"] != "duty":
                raise NotPermitted(f"{who['name']} ({who['role']}) cannot do this; {' or '.join(roles)} staff only")
            return await fn(*args, **kwargs)

        return call

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _sailing(state: State, sailing_id: str) -> dict:
    s = state.sailings.get(sailing_id)
    if s is None:
        raise NoSuchRecord(f"no sailing {sailing_id}")
    return s


def _booking(state: State, booking_ref: str) -> dict:
    b = state.bookings.get(booking_ref)
    if b is None:
        raise NoSuchRecord(f"no booking {booking_ref}")
    return b


def _customer(state: State, customer_id: str) -> dict:
    c = state.customers.get(customer_id)
    if c is None:
        raise NoSuchRecord(f"no customer {customer_id}")
    return c


def _checkin(state: State, checkin_id: str) -> dict:
    c = state.checkins.get(checkin_id)
    if c is None:
        raise NoSuchRecord(f"no check-in {checkin_id}")
    return c


def _plate(registration: str) -> str:
    return "".join(registration.split()).upper()


def _arrives(departs: str, minutes: int) -> str:
    total = int(departs[:2]) * 60 + int(departs[3:]) + minutes
    return f"{(total // 60) % 24:02d}:{total % 60:02d}"


def _live(b: dict) -> bool:
    return b["status"] in ("confirmed", "checked_in")


def _passengers_on(state: State, sailing_id: str) -> int:
    return sum(len(b["passengers"]) for b in state.bookings.values() if b["sailing"] == sailing_id and _live(b))


def _vehicle_cm_on(state: State, sailing_id: str) -> int:
    return sum(b["vehicle"]["length"] + 50 for b in state.bookings.values()
               if b["sailing"] == sailing_id and _live(b) and b["vehicle"])


def _row(state: State, sailing_id: str) -> SailingRow:
    s = state.sailings[sailing_id]
    vessel = state.vessels[s["vessel"]]
    deck_cm = sum(cap for _, _, cap in vessel["lanes"].values())
    return SailingRow(sailing_id=sailing_id, route=s["route"], day=s["day"], departs=s["departs"],
                      arrives=_arrives(s["departs"], state.routes[s["route"]]["minutes"]), vessel=s["vessel"],
                      status=s["status"], passenger_space=vessel["passengers"] - _passengers_on(state, sailing_id),
                      vehicle_metres_left=round((deck_cm - _vehicle_cm_on(state, sailing_id)) / 100, 1))


def _passenger(ref: str, p: dict) -> Passenger:
    return Passenger(passenger_id=p["id"], booking_ref=ref, name=p["name"], age_band=p["band"],
                     wheelchair=p["wheelchair"], boarding_pass=p["pass"])


def _vehicle(ref: str, v: dict) -> Vehicle:
    return Vehicle(vehicle_id=v["id"], booking_ref=ref, registration=v["reg"], vehicle_class=v["cls"],
                   length_cm=v["length"], height_cm=v["height"])


def _full(state: State, ref: str) -> Booking:
    b = state.bookings[ref]
    return Booking(booking_ref=ref, customer_id=b["customer"], sailing_id=b["sailing"], fare_code=b["fare"],
                   status=b["status"], passengers=[_passenger(ref, p) for p in b["passengers"]],
                   vehicle=_vehicle(ref, b["vehicle"]) if b["vehicle"] else None, cabin=b["cabin"],
                   quote=[QuoteLine(description=d, amount=a) for d, a in b["lines"]], quoted_total=b["quote"],
                   paid=b["paid"], fee_due=b["fee_due"], notes=list(b["notes"]))


def _summary(state: State, ref: str) -> BookingSummary:
    b = state.bookings[ref]
    return BookingSummary(booking_ref=ref, customer=state.customers[b["customer"]]["name"], sailing_id=b["sailing"],
                          status=b["status"], passengers=len(b["passengers"]),
                          vehicle=b["vehicle"]["reg"] if b["vehicle"] else None, cabin=b["cabin"])


def _customer_row(state: State, customer_id: str) -> Customer:
    c = state.customers[customer_id]
    refs = [r for r, b in state.bookings.items() if b["customer"] == customer_id and b["status"] != "cancelled"]
    return Customer(customer_id=customer_id, name=c["name"], email=c["email"], phone=c["phone"],
                    postcode=c["postcode"], islander_card=c["card"], bookings=refs)


def _quote(ref: str, b: dict) -> Quote:
    return Quote(booking_ref=ref, lines=[QuoteLine(description=d, amount=a) for d, a in b["lines"]],
                 total=b["quote"], voucher=b["voucher"])


def _checkin_row(cid: str, c: dict) -> CheckIn:
    return CheckIn(checkin_id=cid, booking_ref=c["booking"], sailing_id=c["sailing"], registration=c["reg"],
                   lane=c["lane"], boarding_card=c["card"], status=c["status"], hold_reason=c["hold"])


def _lane_used(state: State, sailing_id: str, lane: str) -> int:
    return sum(c["length"] + 50 for c in state.checkins.values() if c["sailing"] == sailing_id and c["lane"] == lane)


def _place(state: State, sailing_id: str, lane: str, height: int, length: int) -> None:
    s = state.sailings[sailing_id]
    lanes = state.vessels[s["vessel"]]["lanes"]
    if lane not in lanes:
        raise Refused(f"{s['vessel']} has no lane {lane}")
    deck, limit, cap = lanes[lane]
    if height > limit:
        raise Refused(f"lane {lane} is on the {deck} ({limit} cm headroom); a vehicle {height} cm high goes on "
                      "the main deck")
    if _lane_used(state, sailing_id, lane) + length + 50 > cap:
        raise Refused(f"lane {lane} is full")


def _unquote(b: dict) -> None:
    b["quote"], b["lines"], b["voucher"] = None, [], None


def _draft(ref: str, b: dict) -> None:
    if b["status"] != "draft":
        raise Refused(f"{ref} is {b['status']}; only a draft booking can be changed this way")


# --------------------------------------------------------------------------- session and public


async def sign_in(state: State, username: str, password: str) -> StaffSession:
    """Sign a member of staff in at the booking office or the linkspan.

    Parameters
    ----------
    username : str
        The staff user name.
    password : str
        The password.

    Returns
    -------
    StaffSession
        The session; its ``token`` goes with every call but the timetable and the fares.
    """
    who = state.staff.get(username.strip().lower())
    if who is None or who["password"] != password:
        raise NotSignedIn("user name or password not recognised")
    token = f"fif-{who['role']}-{_next(state, 'session'):04d}"
    state.sessions[token] = {"user": username, "name": who["name"], "role": who["role"]}
    return StaffSession(token=token, name=who["name"], role=who["role"])


@staff_call()
async def sign_out(state: State, token: str) -> Ack:
    """End a staff session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    Ack
        An acknowledgement.
    """
    name = state.sessions.pop(token)["name"]
    return Ack(done=True, message=f"{name} signed out")


async def timetable(state: State, route: Route, day: str) -> list[SailingRow]:
    """The public timetable of a route on a day, with the space left on each sailing.

    Parameters
    ----------
    route : {"CAR-INM", "INM-CAR", "CAR-NHV", "NHV-CAR"}
        The route, from port to port (Carrick, Innismore, Northhaven).
    day : str
        The day, ``YYYY-MM-DD``.

    Returns
    -------
    list of SailingRow
        The day's sailings in order of departure.
    """
    if route not in state.routes:
        raise Refused(f"no route {route}")
    rows = [_row(state, sid) for sid, s in state.sailings.items() if s["route"] == route and s["day"] == day]
    return sorted(rows, key=lambda r: r["departs"])


async def fares(state: State, route: Route) -> list[FareRow]:
    """The public fares of a route: each fare's code and its prices per passenger and vehicle.

    Parameters
    ----------
    route : {"CAR-INM", "INM-CAR", "CAR-NHV", "NHV-CAR"}
        The route.

    Returns
    -------
    list of FareRow
        One row per fare, prices in pounds.
    """
    if route not in state.routes:
        raise Refused(f"no route {route}")
    p = state.prices[route]
    out = []
    for code, (desc, mult, terms) in state.fares.items():
        if code == "ISLANDER" and "INM" not in route:
            continue
        out.append(FareRow(fare_code=code, description=desc, refundable=terms,
                           **{k: round(v * mult, 2) for k, v in p.items() if k != "infant"}))
    return out


# --------------------------------------------------------------------------- customers


@staff_call("booking", "checkin")
async def find_customer(state: State, token: str, query: str) -> list[Customer]:
    """Find customers by part of their name, e-mail or phone number.

    Parameters
    ----------
    token : str
        The session token (booking office or check-in).
    query : str
        Part of the name, e-mail address or phone number.

    Returns
    -------
    list of Customer
        Matching customers, each with the references of their bookings (cancelled ones left out).
    """
    needle = query.strip().lower()
    if len(needle) < 3:
        raise Refused("give at least three characters to search on")
    return [_customer_row(state, cid) for cid, c in state.customers.items()
            if needle in c["name"].lower() or needle in c["email"].lower()
            or needle.replace(" ", "") in c["phone"].replace(" ", "")]


@staff_call("booking")
async def register_customer(state: State, token: str, name: str, email: str, phone: str,
                            postcode: str) -> Customer:
    """Register a new customer.

    Parameters
    ----------
    token : str
        The session token (booking office).
    name : str
        The customer's full name.
    email : str
        E-mail address; confirmations go there.
    phone : str
        Mobile number, for sailing alerts.
    postcode : str
        Home postcode.

    Returns
    -------
    Customer
        The new customer.
    """
    if "@" not in email:
        raise Refused("email is not an e-mail address")
    if any(c["email"].lower() == email.strip().lower() for c in state.customers.values()):
        raise Refused(f"{email} is already registered; find the customer instead")
    if not name.strip() or not postcode.strip():
        raise Refused("name and postcode are required")
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "email": email.strip(), "phone": phone.strip(),
                            "postcode": postcode.strip().upper(), "card": None}
    return _customer_row(state, cid)


@staff_call("booking")
async def update_contact(state: State, token: str, customer_id: str, phone: str | None = None,
                         email: str | None = None) -> Customer:
    """Change a customer's phone number or e-mail address.

    Parameters
    ----------
    token : str
        The session token (booking office).
    customer_id : str
        The customer.
    phone : str, optional
        The new mobile number.
    email : str, optional
        The new e-mail address.

    Returns
    -------
    Customer
        The customer as now held.
    """
    c = _customer(state, customer_id)
    changes = {}
    if phone is not None and phone.strip() != c["phone"]:
        changes["phone"] = phone.strip()
    if email is not None and email.strip().lower() != c["email"].lower():
        if "@" not in email:
            raise Refused("email is not an e-mail address")
        changes["email"] = email.strip()
    if not changes:
        raise Refused(f"nothing to change: {customer_id} already has phone {c['phone']} and e-mail {c['email']}")
    c.update(changes)
    return _customer_row(state, customer_id)


@staff_call("booking")
async def issue_islander_card(state: State, token: str, customer_id: str, proof: ProofOfAddress) -> IslanderCard:
    """Issue an islander card, which the ISLANDER fare needs, to a resident of the islands.

    Parameters
    ----------
    token : str
        The session token (booking office).
    customer_id : str
        The customer.
    proof : {"council_tax", "utility_bill", "tenancy_agreement"}
        The proof of address seen at the desk.

    Returns
    -------
    IslanderCard
        The card, valid to the end of the next March.
    """
    c = _customer(state, customer_id)
    if c["card"]:
        raise Refused(f"{c['name']} already holds islander card {c['card']}")
    if c["postcode"].split()[0] not in ISLAND_DISTRICTS:
        raise Refused(f"{c['postcode']} is not an island address; islander cards are for postcode districts "
                      f"{' and '.join(ISLAND_DISTRICTS)} only")
    card = "IC-" + customer_id.split("-")[1]
    state.cards[card] = {"customer": customer_id, "valid_until": "2030-03-31", "proof": proof}
    c["card"] = card
    return IslanderCard(card_id=card, customer_id=customer_id, name=c["name"], valid_until="2030-03-31")


# --------------------------------------------------------------------------- sailings


@staff_call()
async def list_bookings(state: State, token: str, sailing_id: str,
                        status: BookingStatus | None = None) -> list[BookingSummary]:
    """The bookings on a sailing.

    Parameters
    ----------
    token : str
        The session token.
    sailing_id : str
        The sailing.
    status : BookingStatus, optional
        Only bookings in this status.

    Returns
    -------
    list of BookingSummary
        The bookings, oldest first.
    """
    _sailing(state, sailing_id)
    want = BookingStatus(status).value if status is not None else None
    return [_summary(state, r) for r, b in sorted(state.bookings.items())
            if b["sailing"] == sailing_id and (want is None or b["status"] == want)]


@staff_call()
async def cabin_availability(state: State, token: str, sailing_id: str) -> list[str]:
    """The cabins still free on an overnight sailing.

    Parameters
    ----------
    token : str
        The session token.
    sailing_id : str
        The sailing.

    Returns
    -------
    list of str
        Free cabin numbers (``C1..`` two berths, ``C2..`` four berths).
    """
    s = _sailing(state, sailing_id)
    cabins = state.vessels[s["vessel"]]["cabins"]
    if not cabins:
        raise Refused(f"{sailing_id} is a day crossing on {s['vessel']}, which has no cabins")
    taken = {b["cabin"] for b in state.bookings.values() if b["sailing"] == sailing_id and b["status"] != "cancelled"}
    return [c for c in cabins if c not in taken]


# --------------------------------------------------------------------------- bookings


@staff_call("booking")
async def create_booking(state: State, token: str, customer_id: str, sailing_id: str, fare_code: str) -> Booking:
    """Start a draft booking for a customer on a sailing at a fare.

    Parameters
    ----------
    token : str
        The session token (booking office).
    customer_id : str
        The customer who books and pays.
    sailing_id : str
        The sailing.
    fare_code : str
        One of the route's fare codes.

    Returns
    -------
    Booking
        The draft booking, with no passengers yet.
    """
    c = _customer(state, customer_id)
    s = _sailing(state, sailing_id)
    if s["status"] not in ("scheduled", "check_in_open"):
        raise Refused(f"{sailing_id} is {s['status']} and takes no bookings")
    codes = [f for f in state.fares if f != "ISLANDER" or "INM" in s["route"]]
    if fare_code not in codes:
        raise Refused(f"no fare {fare_code!r} on {s['route']}; see the route's fares")
    if fare_code == "ISLANDER" and not c["card"]:
        raise Refused(f"the ISLANDER fare needs an islander card, and {c['name']} has none")
    ref = f"BK-{_next(state, 'booking')}"
    state.bookings[ref] = {"customer": customer_id, "sailing": sailing_id, "fare": fare_code, "status": "draft",
                           "passengers": [], "vehicle": None, "cabin": None, "quote": None, "lines": [],
                           "voucher": None, "paid": 0.0, "fee_due": 0.0, "notes": []}
    return _full(state, ref)


@staff_call("booking")
async def add_passenger(state: State, token: str, booking_ref: str, name: str, age_band: AgeBand,
                        wheelchair: bool = False) -> Passenger:
    """Add a passenger to a draft booking (a vehicle's driver is a passenger too).

    Parameters
    ----------
    token : str
        The session token (booking office).
    booking_ref : str
        The booking.
    name : str
        The passenger's name as on their ticket.
    age_band : {"adult", "child", "senior", "infant"}
        Child is 5-15, infant under 5, senior 60 and over.
    wheelchair : bool, default False
        Whether the passenger needs wheelchair assistance.

    Returns
    -------
    Passenger
        The passenger, with a ``passenger_id``.
    """
    b = _booking(state, booking_ref)
    _draft(booking_ref, b)
    if any(p["name"].lower() == name.strip().lower() for p in b["passengers"]):
        raise Refused(f"{name} is already on {booking_ref}")
    if len(b["passengers"]) >= 9:
        raise Refused("a booking holds at most nine passengers; make a group booking")
    n = max([int(p["id"].rsplit("P", 1)[1]) for p in b["passengers"]] + [0]) + 1
    p = {"id": f"{booking_ref}-P{n}", "name": name.strip(), "band": age_band, "wheelchair": bool(wheelchair),
         "pass": None}
    b["passengers"].append(p)
    _unquote(b)
    return _passenger(booking_ref, p)


@staff_call("booking")
async def remove_passenger(state: State, token: str, passenger_id: str) -> Booking:
    """Take a passenger off a draft booking.

    Parameters
    ----------
    token : str
        The session token (booking office).
    passenger_id : str
        The passenger (``BK-.....-P<n>``).

    Returns
    -------
    Booking
        The booking without the passenger.
    """
    ref = passenger_id.rsplit("-", 1)[0]
    b = _booking(state, ref)
    _draft(ref, b)
    keep = [p for p in b["passengers"] if p["id"] != passenger_id]
    if len(keep) == len(b["passengers"]):
        raise NoSuchRecord(f"no passenger {passenger_id}")
    b["passengers"] = keep
    _unquote(b)
    return _full(state, ref)


@staff_call("booking")
async def add_vehicle(state: State, token: str, booking_ref: str, registration: str, vehicle_class: VehicleClass,
                      length_cm: int, height_cm: int) -> Vehicle:
    """Put the one vehicle a booking may carry on a draft booking.

    Parameters
    ----------
    token : str
        The session token (booking office).
    booking_ref : str
        The booking.
    registration : str
        The registration plate.
    vehicle_class : {"car", "van", "motorcycle", "campervan", "car_trailer"}
        How the vehicle is charged; a car over 200 cm high books as a van.
    length_cm : int
        Overall length in centimetres (with a trailer or bike rack).
    height_cm : int
        Overall height in centimetres (with a roof box).

    Returns
    -------
    Vehicle
        The vehicle on the booking.
    """
    b = _booking(state, booking_ref)
    _draft(booking_ref, b)
    if b["vehicle"]:
        raise Refused(f"{booking_ref} already carries {b['vehicle']['reg']}; one vehicle per booking")
    if not 150 <= length_cm <= 1800 or not 80 <= height_cm <= 450:
        raise Refused("length must be 150-1800 cm and height 80-450 cm; anything larger is freight")
    if vehicle_class == "car" and height_cm > 200:
        raise Refused("a car over 200 cm high books as a van")
    b["vehicle"] = {"id": f"{booking_ref}-V", "reg": registration.strip().upper(), "cls": vehicle_class,
                    "length": int(length_cm), "height": int(height_cm)}
    _unquote(b)
    return _vehicle(booking_ref, b["vehicle"])


@staff_call("booking")
async def reserve_cabin(state: State, token: str, booking_ref: str, cabin: str) -> Booking:
    """Reserve a free cabin for a draft booking on an overnight sailing.

    Parameters
    ----------
    token : str
        The session token (booking office).
    booking_ref : str
        The booking.
    cabin : str
        A free cabin on the booking's sailing.

    Returns
    -------
    Booking
        The booking with its cabin.
    """
    b = _booking(state, booking_ref)
    _draft(booking_ref, b)
    s = state.sailings[b["sailing"]]
    cabins = state.vessels[s["vessel"]]["cabins"]
    if not cabins:
        raise Refused(f"{b['sailing']} is a day crossing; there are no cabins")
    if b["cabin"] == cabin:
        raise Refused(f"{cabin} is already reserved for {booking_ref}")
    if cabin not in cabins:
        raise NoSuchRecord(f"no cabin {cabin} on {s['vessel']}")
    if any(o["cabin"] == cabin and o["sailing"] == b["sailing"] and o["status"] != "cancelled"
           for o in state.bookings.values()):
        raise Refused(f"{cabin} is taken on {b['sailing']}")
    b["cabin"] = cabin
    _unquote(b)
    return _full(state, booking_ref)


@staff_call("booking")
async def quote_booking(state: State, token: str, booking_ref: str) -> Quote:
    """Price a draft booking; payment is taken against this quote.

    Parameters
    ----------
    token : str
        The session token (booking office).
    booking_ref : str
        The booking.

    Returns
    -------
    Quote
        The priced lines and the total in pounds.
    """
    b = _booking(state, booking_ref)
    _draft(booking_ref, b)
    if not b["passengers"]:
        raise Refused(f"no passengers on {booking_ref}; every booking needs at least one (drivers included)")
    s = state.sailings[b["sailing"]]
    prices, mult = state.prices[s["route"]], state.fares[b["fare"]][1]
    lines = [(f"{p['name']} ({p['band']}, {b['fare']})", round(prices[p["band"]] * mult, 2)) for p in b["passengers"]]
    if b["vehicle"]:
        v = b["vehicle"]
        lines.append((f"{v['cls']} {v['reg']} ({b['fare']})", round(prices[v["cls"]] * mult, 2)))
    if b["cabin"]:
        berths = state.vessels[s["vessel"]]["cabins"][b["cabin"]]
        lines.append((f"cabin {b['cabin']} ({berths} berths)", state.cabin_prices[berths]))
    b["lines"], b["voucher"] = lines, None
    b["quote"] = round(sum(a for _, a in lines), 2)
    return _quote(booking_ref, b)


@staff_call("booking")
async def apply_voucher(state: State, token: str, booking_ref: str, voucher_code: str) -> Quote:
    """Take a customer-services voucher off a quoted booking.

    Parameters
    ----------
    token : str
        The session token (booking office).
    booking_ref : str
        The booking.
    voucher_code : str
        The voucher code (``FIF-GW-....``).

    Returns
    -------
    Quote
        The quote with the voucher taken off.
    """
    b = _booking(state, booking_ref)
    _draft(booking_ref, b)
    if b["quote"] is None:
        raise Refused(f"{booking_ref} has no current quote; quote it first")
    code = voucher_code.strip().upper()
    v = state.vouchers.get(code)
    if v is None:
        raise NoSuchRecord(f"no voucher {voucher_code}")
    if b["voucher"] == code:
        raise Refused(f"{code} is already on {booking_ref}")
    if b["voucher"]:
        raise Refused(f"{booking_ref} already has voucher {b['voucher']}; one voucher per booking")
    if v["used_on"]:
        raise Refused(f"{code} was used on {v['used_on']}")
    off = min(v["value"], b["quote"])
    b["lines"].append((f"voucher {code}", -off))
    b["quote"] = round(b["quote"] - off, 2)
    b["voucher"] = code
    return _quote(booking_ref, b)


@staff_call("booking")
async def take_payment(state: State, token: str, booking_ref: str, amount: float, method: PayMethod) -> Receipt:
    """Take payment of a quoted booking, which confirms it and holds its space on the sailing.

    Parameters
    ----------
    token : str
        The session token (booking office).
    booking_ref : str
        The booking.
    amount : float
        The amount taken, in pounds: the quoted total.
    method : {"card", "cash", "cheque"}
        How the customer paid.

    Returns
    -------
    Receipt
        The receipt; the booking is confirmed.
    """
    b = _booking(state, booking_ref)
    _draft(booking_ref, b)
    if b["quote"] is None:
        raise Refused(f"{booking_ref} has no current quote; quote it before taking payment")
    if abs(amount - b["quote"]) > 0.005:
        raise Refused(f"the amount must be the quoted total, {b['quote']:.2f}")
    s = state.sailings[b["sailing"]]
    row = _row(state, b["sailing"])
    if s["status"] not in ("scheduled", "check_in_open"):
        raise Refused(f"{b['sailing']} is {s['status']}")
    if len(b["passengers"]) > row["passenger_space"]:
        raise Refused(f"{b['sailing']} has room for {row['passenger_space']} more passengers")
    if b["vehicle"] and (b["vehicle"]["length"] + 50) / 100 > row["vehicle_metres_left"]:
        raise Refused(f"the car deck of {b['sailing']} is full")
    b["paid"] = round(b["paid"] + amount, 2)
    b["status"] = "confirmed"
    if b["voucher"]:
        state.vouchers[b["voucher"]]["used_on"] = booking_ref
    rid = f"RC-{_next(state, 'receipt')}"
    return Receipt(receipt_id=rid, booking_ref=booking_ref, amount=amount, method=method, booking_status="confirmed")


@staff_call()
async def get_booking(state: State, token: str, booking_ref: str) -> Booking:
    """A booking in full.

    Parameters
    ----------
    token : str
        The session token.
    booking_ref : str
        The booking.

    Returns
    -------
    Booking
        The booking with its passengers, vehicle, cabin, quote, payments and notes.
    """
    _booking(state, booking_ref)
    return _full(state, booking_ref)


@staff_call()
async def add_booking_note(state: State, token: str, booking_ref: str, text: str) -> Booking:
    """Write a note on a booking (what the customer asked for, what was promised).

    Parameters
    ----------
    token : str
        The session token.
    booking_ref : str
        The booking.
    text : str
        The note.

    Returns
    -------
    Booking
        The booking with the note added.
    """
    b = _booking(state, booking_ref)
    if not text.strip():
        raise Refused("the note is empty")
    who = state.sessions[token]["name"]
    b["notes"].append(f"{who}: {text.strip()}")
    return _full(state, booking_ref)


@staff_call("booking")
async def change_sailing(state: State, token: str, booking_ref: str, new_sailing_id: str) -> Booking:
    """Move a paid booking to another sailing on the same route.

    Parameters
    ----------
    token : str
        The session token (booking office).
    booking_ref : str
        The booking.
    new_sailing_id : str
        The sailing to move to.

    Returns
    -------
    Booking
        The booking on its new sailing, with any change fee due.
    """
    b = _booking(state, booking_ref)
    if b["status"] != "confirmed":
        raise Refused(f"{booking_ref} is {b['status']}; only a confirmed booking can be moved")
    if b["fare"] == "SAVER":
        raise Refused("SAVER fares cannot be changed")
    if new_sailing_id == b["sailing"]:
        raise Refused(f"{booking_ref} is already on {new_sailing_id}")
    new = _sailing(state, new_sailing_id)
    if new["route"] != state.sailings[b["sailing"]]["route"]:
        raise Refused(f"{new_sailing_id} is on another route; cancel and book again")
    if new["status"] not in ("scheduled", "check_in_open"):
        raise Refused(f"{new_sailing_id} is {new['status']}")
    row = _row(state, new_sailing_id)
    if len(b["passengers"]) > row["passenger_space"] or (
            b["vehicle"] and (b["vehicle"]["length"] + 50) / 100 > row["vehicle_metres_left"]):
        raise Refused(f"{new_sailing_id} has no room for this booking")
    if b["cabin"] and any(o["cabin"] == b["cabin"] and o["sailing"] == new_sailing_id and o["status"] != "cancelled"
                          for o in state.bookings.values()):
        raise Refused(f"cabin {b['cabin']} is taken on {new_sailing_id}")
    b["sailing"] = new_sailing_id
    if b["fare"] in ("STANDARD", "ISLANDER"):
        b["fee_due"] = round(b["fee_due"] + 10.0, 2)
    return _full(state, booking_ref)


@staff_call("booking")
async def cancel_booking(state: State, token: str, booking_ref: str, reason: str) -> Refund:
    """Cancel a booking and refund what its fare allows.

    Parameters
    ----------
    token : str
        The session token (booking office).
    booking_ref : str
        The booking.
    reason : str
        Why the customer cancelled.

    Returns
    -------
    Refund
        The refund due and the booking's new status.
    """
    b = _booking(state, booking_ref)
    if b["status"] == "cancelled":
        raise Refused(f"{booking_ref} is already cancelled")
    if b["status"] in ("checked_in", "travelled"):
        raise Refused(f"{booking_ref} is {b['status']}; it can no longer be cancelled")
    if not reason.strip():
        raise Refused("give the reason for cancelling")
    share = {"FLEXI": 1.0, "ISLANDER": 1.0, "STANDARD": 0.5, "SAVER": 0.0}[b["fare"]]
    if b["status"] == "disrupted":
        share = 1.0
    refund = round(b["paid"] * share, 2)
    b["status"] = "cancelled"
    b["notes"].append(f"cancelled: {reason.strip()} (refund {refund:.2f})")
    return Refund(booking_ref=booking_ref, refund=refund, status="cancelled")


# --------------------------------------------------------------------------- linkspan


@staff_call("checkin")
async def lookup_registration(state: State, token: str, registration: str) -> list[BookingSummary]:
    """Find the bookings that carry a vehicle, by its registration plate (as read at the booth).

    Parameters
    ----------
    token : str
        The session token (check-in).
    registration : str
        The registration plate, spaces optional.

    Returns
    -------
    list of BookingSummary
        Live bookings for the vehicle (cancelled and travelled ones left out).
    """
    plate = _plate(registration)
    return [_summary(state, r) for r, b in sorted(state.bookings.items())
            if b["vehicle"] and _plate(b["vehicle"]["reg"]) == plate
            and b["status"] not in ("cancelled", "travelled")]


@staff_call("checkin")
async def open_check_in(state: State, token: str, sailing_id: str) -> SailingRow:
    """Open check-in at Carrick for a sailing.

    Parameters
    ----------
    token : str
        The session token (check-in).
    sailing_id : str
        The sailing.

    Returns
    -------
    SailingRow
        The sailing, now ``check_in_open``.
    """
    s = _sailing(state, sailing_id)
    if state.routes[s["route"]]["from"] != HOME_PORT:
        raise Refused(f"{sailing_id} leaves from {state.routes[s['route']]['from']}; check-in is run there")
    if s["status"] == "check_in_open":
        raise Refused(f"check-in for {sailing_id} is already open")
    if s["status"] != "scheduled":
        raise Refused(f"{sailing_id} is {s['status']}")
    s["status"] = "check_in_open"
    return _row(state, sailing_id)


@staff_call("checkin")
async def lane_plan(state: State, token: str, sailing_id: str) -> list[LaneRow]:
    """The marshalling lanes for a sailing's vessel, their headroom, the space left and who is in them.

    Parameters
    ----------
    token : str
        The session token (check-in).
    sailing_id : str
        The sailing.

    Returns
    -------
    list of LaneRow
        One row per lane, main deck first.
    """
    s = _sailing(state, sailing_id)
    out = []
    for lane, (deck, limit, cap) in state.vessels[s["vessel"]]["lanes"].items():
        regs = [c["reg"] for c in state.checkins.values() if c["sailing"] == sailing_id and c["lane"] == lane]
        out.append(LaneRow(lane=lane, deck=deck, height_limit_cm=limit,
                           metres_left=round((cap - _lane_used(state, sailing_id, lane)) / 100, 1), vehicles=regs))
    return out


@staff_call("checkin")
async def check_in_vehicle(state: State, token: str, booking_ref: str, registration: str, lane: str) -> CheckIn:
    """Check a booked vehicle and everyone on its booking in, and send it to a lane.

    Parameters
    ----------
    token : str
        The session token (check-in).
    booking_ref : str
        The booking.
    registration : str
        The plate read at the booth; it must be the booking's vehicle.
    lane : str
        The lane on the sailing's vessel.

    Returns
    -------
    CheckIn
        The check-in, with the boarding card for the windscreen.
    """
    b = _booking(state, booking_ref)
    if b["status"] == "checked_in":
        raise Refused(f"{booking_ref} is already checked in")
    if b["status"] != "confirmed":
        raise Refused(f"{booking_ref} is {b['status']}; only a paid, confirmed booking checks in")
    s = state.sailings[b["sailing"]]
    if s["status"] != "check_in_open":
        raise Refused(f"check-in for {b['sailing']} is not open ({s['status']})")
    v = b["vehicle"]
    if not v:
        raise Refused(f"{booking_ref} carries no vehicle; its passengers check in on foot")
    if _plate(registration) != _plate(v["reg"]):
        raise Refused(f"{registration} is not the vehicle on {booking_ref}")
    _place(state, b["sailing"], lane, v["height"], v["length"])
    num = booking_ref.split("-")[1]
    cid = f"CK-{num}"
    state.checkins[cid] = {"booking": booking_ref, "sailing": b["sailing"], "reg": v["reg"], "lane": lane,
                           "length": v["length"], "card": f"BC-{num}", "status": "checked_in", "hold": None}
    for i, p in enumerate(b["passengers"], 1):
        p["pass"] = f"BP-{num}-{i}"
    b["status"] = "checked_in"
    return _checkin_row(cid, state.checkins[cid])


@staff_call("checkin")
async def check_in_foot_passenger(state: State, token: str, passenger_id: str) -> BoardingPass:
    """Check a foot passenger in and print their boarding pass.

    Parameters
    ----------
    token : str
        The session token (check-in).
    passenger_id : str
        The passenger (``BK-.....-P<n>``).

    Returns
    -------
    BoardingPass
        The boarding pass.
    """
    ref = passenger_id.rsplit("-", 1)[0]
    b = _booking(state, ref)
    p = next((p for p in b["passengers"] if p["id"] == passenger_id), None)
    if p is None:
        raise NoSuchRecord(f"no passenger {passenger_id}")
    if p["pass"]:
        raise Refused(f"{p['name']} already has boarding pass {p['pass']}")
    if b["status"] != "confirmed":
        raise Refused(f"{ref} is {b['status']}; only a paid, confirmed booking checks in")
    if b["vehicle"]:
        raise Refused(f"{ref} carries {b['vehicle']['reg']}; its passengers check in with the vehicle")
    s = state.sailings[b["sailing"]]
    if s["status"] != "check_in_open":
        raise Refused(f"check-in for {b['sailing']} is not open ({s['status']})")
    p["pass"] = f"BP-{ref.split('-')[1]}-{p['id'].rsplit('P', 1)[1]}"
    if all(x["pass"] for x in b["passengers"]):
        b["status"] = "checked_in"
    return BoardingPass(boarding_pass=p["pass"], passenger_id=passenger_id, name=p["name"], sailing_id=b["sailing"])


@staff_call("checkin")
async def declare_dangerous_goods(state: State, token: str, checkin_id: str, un_number: str,
                                  quantity_kg: float) -> DGDeclaration:
    """Record dangerous goods a checked-in vehicle carries (gas bottles, fuel in cans).

    Parameters
    ----------
    token : str
        The session token (check-in).
    checkin_id : str
        The vehicle's check-in.
    un_number : str
        The UN number on the goods.
    quantity_kg : float
        Gross quantity in kilograms.

    Returns
    -------
    DGDeclaration
        The declaration, for the master's dangerous-goods list.
    """
    c = _checkin(state, checkin_id)
    if c["status"] not in ("checked_in", "held"):
        raise Refused(f"{checkin_id} is {c['status']}")
    un = un_number.strip().upper().replace(" ", "")
    if un not in DANGEROUS_GOODS:
        raise Refused(f"{un_number} is not carried on passenger sailings; accepted: {', '.join(sorted(DANGEROUS_GOODS))}")
    if any(d["checkin"] == checkin_id and d["un"] == un for d in state.declarations.values()):
        raise Refused(f"{un} is already declared for {checkin_id}")
    if not 0 < quantity_kg <= MAX_DG_KG:
        raise Refused(f"a vehicle may carry more than 0 and at most {MAX_DG_KG:.0f} kg; more travels as freight")
    did = f"DG-{_next(state, 'dg')}"
    state.declarations[did] = {"checkin": checkin_id, "un": un, "kg": quantity_kg}
    return DGDeclaration(declaration_id=did, checkin_id=checkin_id, un_number=un, description=DANGEROUS_GOODS[un],
                         quantity_kg=quantity_kg, lane=c["lane"])


@staff_call("checkin")
async def hold_vehicle(state: State, token: str, checkin_id: str, reason: str) -> CheckIn:
    """Hold a checked-in vehicle out of loading until the duty manager releases it.

    Parameters
    ----------
    token : str
        The session token (check-in).
    checkin_id : str
        The vehicle's check-in.
    reason : str
        Why it is held.

    Returns
    -------
    CheckIn
        The check-in, now ``held``.
    """
    c = _checkin(state, checkin_id)
    if c["status"] == "held":
        raise Refused(f"{checkin_id} is already held: {c['hold']}")
    if not reason.strip():
        raise Refused("give the reason for the hold")
    c["status"], c["hold"] = "held", reason.strip()
    return _checkin_row(checkin_id, c)


@staff_call("duty")
async def release_vehicle(state: State, token: str, checkin_id: str) -> CheckIn:
    """Release a held vehicle for loading (duty manager).

    Parameters
    ----------
    token : str
        The session token (duty manager).
    checkin_id : str
        The vehicle's check-in.

    Returns
    -------
    CheckIn
        The check-in, back to ``checked_in``.
    """
    c = _checkin(state, checkin_id)
    if c["status"] != "held":
        raise Refused(f"{checkin_id} is not held")
    c["status"], c["hold"] = "checked_in", None
    return _checkin_row(checkin_id, c)


@staff_call("checkin")
async def add_to_standby(state: State, token: str, sailing_id: str, customer_id: str, registration: str,
                         vehicle_class: VehicleClass, length_cm: int) -> StandbyEntry:
    """Put a vehicle that turned up without a booking on a sailing's standby list.

    Parameters
    ----------
    token : str
        The session token (check-in).
    sailing_id : str
        The sailing.
    customer_id : str
        The driver's customer record.
    registration : str
        The registration plate.
    vehicle_class : {"car", "van", "motorcycle", "campervan", "car_trailer"}
        The vehicle's class.
    length_cm : int
        Overall length in centimetres.

    Returns
    -------
    StandbyEntry
        The entry and its place in the queue.
    """
    s = _sailing(state, sailing_id)
    _customer(state, customer_id)
    if state.routes[s["route"]]["from"] != HOME_PORT:
        raise Refused(f"{sailing_id} leaves from {state.routes[s['route']]['from']}")
    if s["status"] not in ("scheduled", "check_in_open"):
        raise Refused(f"{sailing_id} is {s['status']}; the standby list is closed")
    plate = _plate(registration)
    if any(e["sailing"] == sailing_id and _plate(e["reg"]) == plate for e in state.standby.values()):
        raise Refused(f"{registration} is already on standby for {sailing_id}")
    sid = f"SB-{_next(state, 'standby')}"
    position = 1 + sum(1 for e in state.standby.values() if e["sailing"] == sailing_id and e["status"] == "waiting")
    state.standby[sid] = {"sailing": sailing_id, "customer": customer_id, "reg": registration.strip().upper(),
                          "cls": vehicle_class, "length": int(length_cm), "status": "waiting"}
    return StandbyEntry(standby_id=sid, sailing_id=sailing_id, customer_id=customer_id,
                        registration=registration.strip().upper(), vehicle_class=vehicle_class, position=position)


@staff_call("checkin")
async def close_check_in(state: State, token: str, sailing_id: str) -> CheckInSummary:
    """Close check-in for a sailing; confirmed bookings not checked in are no-shows.

    Parameters
    ----------
    token : str
        The session token (check-in).
    sailing_id : str
        The sailing.

    Returns
    -------
    CheckInSummary
        What was checked in, the no-shows and the standby vehicles waiting.
    """
    s = _sailing(state, sailing_id)
    if s["status"] != "check_in_open":
        raise Refused(f"check-in for {sailing_id} is not open ({s['status']})")
    s["status"] = "check_in_closed"
    mine = {r: b for r, b in state.bookings.items() if b["sailing"] == sailing_id}
    return CheckInSummary(
        sailing_id=sailing_id, status=s["status"],
        vehicles_checked_in=sum(1 for c in state.checkins.values() if c["sailing"] == sailing_id),
        passengers_checked_in=sum(1 for b in mine.values() for p in b["passengers"] if p["pass"]),
        no_shows=sorted(r for r, b in mine.items() if b["status"] == "confirmed"),
        standby_waiting=sum(1 for e in state.standby.values() if e["sailing"] == sailing_id and e["status"] == "waiting"))


@staff_call("checkin")
async def board_standby(state: State, token: str, standby_id: str, lane: str) -> CheckIn:
    """Board a standby vehicle into a lane once check-in has closed and there is room.

    Parameters
    ----------
    token : str
        The session token (check-in).
    standby_id : str
        The standby entry.
    lane : str
        The lane on the sailing's vessel.

    Returns
    -------
    CheckIn
        The vehicle's check-in (no booking; the fare is taken on board).
    """
    e = state.standby.get(standby_id)
    if e is None:
        raise NoSuchRecord(f"no standby entry {standby_id}")
    if e["status"] != "waiting":
        raise Refused(f"{standby_id} is {e['status']}")
    s = state.sailings[e["sailing"]]
    if s["status"] != "check_in_closed":
        raise Refused(f"standby traffic boards once check-in for {e['sailing']} has closed ({s['status']})")
    height = 450 if e["cls"] in ("van", "campervan", "car_trailer") else 180
    _place(state, e["sailing"], lane, height, e["length"])
    cid = f"CK-{standby_id}"
    state.checkins[cid] = {"booking": None, "sailing": e["sailing"], "reg": e["reg"], "lane": lane,
                           "length": e["length"], "card": f"BC-{standby_id}", "status": "checked_in", "hold": None}
    e["status"] = "boarded"
    return _checkin_row(cid, state.checkins[cid])


@staff_call()
async def sailing_manifest(state: State, token: str, sailing_id: str) -> list[ManifestRow]:
    """Everyone holding a boarding pass for a sailing.

    Parameters
    ----------
    token : str
        The session token.
    sailing_id : str
        The sailing.

    Returns
    -------
    list of ManifestRow
        One row per passenger checked in.
    """
    _sailing(state, sailing_id)
    return [ManifestRow(name=p["name"], booking_ref=r, age_band=p["band"], boarding_pass=p["pass"])
            for r, b in sorted(state.bookings.items()) if b["sailing"] == sailing_id
            for p in b["passengers"] if p["pass"]]


@staff_call("duty")
async def record_departure(state: State, token: str, sailing_id: str, departed_at: str,
                           persons_on_board: int) -> SailingRow:
    """Record a sailing's departure and the count of persons on board (duty manager).

    Parameters
    ----------
    token : str
        The session token (duty manager).
    sailing_id : str
        The sailing.
    departed_at : str
        Time off the berth, ``HH:MM``.
    persons_on_board : int
        Passengers counted aboard (crew not included).

    Returns
    -------
    SailingRow
        The sailing, now ``departed``.
    """
    s = _sailing(state, sailing_id)
    if s["status"] == "check_in_open":
        raise Refused(f"check-in for {sailing_id} is still open; close it first")
    if s["status"] != "check_in_closed":
        raise Refused(f"{sailing_id} is {s['status']}")
    passes = sum(1 for b in state.bookings.values() if b["sailing"] == sailing_id for p in b["passengers"] if p["pass"])
    if persons_on_board < passes:
        raise Refused(f"{passes} boarding passes were issued; count again")
    s["status"], s["departed_at"], s["on_board"] = "departed", departed_at, persons_on_board
    for b in state.bookings.values():
        if b["sailing"] == sailing_id and b["status"] == "checked_in":
            b["status"] = "travelled"
    return _row(state, sailing_id)


# --------------------------------------------------------------------------- disruption


@staff_call("duty")
async def cancel_sailing(state: State, token: str, sailing_id: str, reason: str) -> Disruption:
    """Cancel a sailing (weather, a technical fault); its live bookings become ``disrupted``.

    Parameters
    ----------
    token : str
        The session token (duty manager).
    sailing_id : str
        The sailing.
    reason : str
        The reason, as given to passengers.

    Returns
    -------
    Disruption
        The cancelled sailing and the bookings to rebook.
    """
    s = _sailing(state, sailing_id)
    if s["status"] == "cancelled":
        raise Refused(f"{sailing_id} is already cancelled")
    if s["status"] == "departed":
        raise Refused(f"{sailing_id} has departed")
    if not reason.strip():
        raise Refused("give the reason for the cancellation")
    s["status"], s["reason"] = "cancelled", reason.strip()
    hit = []
    for r, b in sorted(state.bookings.items()):
        if b["sailing"] == sailing_id and b["status"] in ("confirmed", "checked_in"):
            b["status"] = "disrupted"
            hit.append(r)
    for cid in [c for c, v in state.checkins.items() if v["sailing"] == sailing_id]:
        del state.checkins[cid]
    for b in state.bookings.values():
        if b["sailing"] == sailing_id:
            for p in b["passengers"]:
                p["pass"] = None
    return Disruption(sailing_id=sailing_id, status="cancelled", reason=s["reason"], bookings_affected=hit)


@staff_call("booking")
async def rebook_disrupted(state: State, token: str, booking_ref: str, new_sailing_id: str) -> Booking:
    """Move a booking disrupted by a cancelled sailing to another sailing on its route, free of charge.

    Parameters
    ----------
    token : str
        The session token (booking office or duty manager).
    booking_ref : str
        The disrupted booking.
    new_sailing_id : str
        The sailing to move to.

    Returns
    -------
    Booking
        The booking, confirmed on its new sailing.
    """
    b = _booking(state, booking_ref)
    if b["status"] != "disrupted":
        raise Refused(f"{booking_ref} is {b['status']}, not disrupted; use change_sailing")
    new = _sailing(state, new_sailing_id)
    if new["route"] != state.sailings[b["sailing"]]["route"]:
        raise Refused(f"{new_sailing_id} is on another route")
    if new["status"] not in ("scheduled", "check_in_open"):
        raise Refused(f"{new_sailing_id} is {new['status']}")
    row = _row(state, new_sailing_id)
    if len(b["passengers"]) > row["passenger_space"] or (
            b["vehicle"] and (b["vehicle"]["length"] + 50) / 100 > row["vehicle_metres_left"]):
        raise Refused(f"{new_sailing_id} has no room for this booking")
    b["sailing"], b["status"] = new_sailing_id, "confirmed"
    b["notes"].append(f"rebooked from a cancelled sailing onto {new_sailing_id}")
    return _full(state, booking_ref)


@staff_call("duty", "booking")
async def send_notice(state: State, token: str, sailing_id: str, message: str, channels: list[str]) -> Notice:
    """Send a notice to every customer booked on a sailing.

    Parameters
    ----------
    token : str
        The session token (duty manager or booking office).
    sailing_id : str
        The sailing.
    message : str
        The text of the notice.
    channels : list of str
        How to send it.

    Returns
    -------
    Notice
        The notice and how many customers it went to.
    """
    _sailing(state, sailing_id)
    bad = [c for c in channels if c not in CHANNELS]
    if not channels or bad:
        raise Refused(f"unknown channel(s) {bad or channels}; use {', '.join(CHANNELS)}")
    if not message.strip():
        raise Refused("the message is empty")
    if len(message) > 480:
        raise Refused("a notice is at most 480 characters")
    customers = {b["customer"] for b in state.bookings.values()
                 if b["sailing"] == sailing_id and b["status"] not in ("cancelled", "draft")}
    nid = f"NT-{_next(state, 'notice')}"
    state.notices[nid] = {"sailing": sailing_id, "message": message.strip(), "channels": list(channels),
                          "to": sorted(customers)}
    return Notice(notice_id=nid, sailing_id=sailing_id, recipients=len(customers), channels=list(channels))


TOOLS = [
    sign_in, sign_out, timetable, fares, find_customer, register_customer, update_contact, issue_islander_card,
    list_bookings, cabin_availability, create_booking, add_passenger, remove_passenger, add_vehicle, reserve_cabin,
    quote_booking, apply_voucher, take_payment, get_booking, add_booking_note, change_sailing, cancel_booking,
    lookup_registration, open_check_in, lane_plan, check_in_vehicle, check_in_foot_passenger,
    declare_dangerous_goods, hold_vehicle, release_vehicle, add_to_standby, close_check_in, board_standby,
    sailing_manifest, record_departure, cancel_sailing, rebook_disrupted, send_notice,
]

FIXTURES = {
    "office": {"name": "Firth & Isles Ferries, Carrick Pier booking office and linkspan",
               "today": "Friday 13 July 2029", "routes": "Carrick-Innismore (MV Kittiwake), Carrick-Northhaven "
                                                        "overnight (MV Shearwater, MV Fulmar)"},
    "staff": [
        {"name": "Moira Baird", "role": "booking office", "username": "moira.b", "password": "Pier-Head-4418"},
        {"name": "Callum Rennie", "role": "check-in marshal", "username": "callum.r", "password": "Linkspan-27"},
        {"name": "Ishbel Morrison", "role": "duty manager", "username": "ishbel.m", "password": "Bollard-9031"},
    ],
    "new_customer": {"name": "Kirsty Buchanan", "email": "kirsty.buchanan@mail.example", "phone": "07700 900611",
                     "postcode": "PA89 5HW", "moved_to": "Innismore (council tax bill in hand)",
                     "son": "Finlay Buchanan, aged 9", "car": "SY23 KBN, a hatchback 4.2 m long and 1.5 m high"},
    "vouchers_in_the_drawer": ["FIF-GW-4471 (25.00, for Donald Gillies)", "FIF-GW-4472 (10.00)"],
    "front_desk_notes": [
        "Donald Gillies rang back: his van is SF21 GLN, a Transit 5.3 m long and 2.5 m high; he'll pay by card",
        "Graham Pettigrew's car, SK19 XTR, is at the booth early for the 10:30 and wants the 13:30 instead",
        "Innismore Stores' van SF68 IMS (6 m) is at the pier without a booking for the 10:30",
        "Met Office gale warning for the Firth from 16:00",
    ],
}

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "timetable", "fares")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["create_booking", "update_contact", "issue_islander_card", "add_to_standby"]
SAILING_CONSUMERS = ["list_bookings", "cabin_availability", "create_booking", "open_check_in", "lane_plan",
                     "close_check_in", "sailing_manifest", "record_departure", "cancel_sailing", "add_to_standby",
                     "send_notice", "change_sailing", "rebook_disrupted"]
BOOKING_CONSUMERS = ["add_passenger", "add_vehicle", "reserve_cabin", "quote_booking", "apply_voucher",
                     "take_payment", "get_booking", "add_booking_note", "change_sailing", "cancel_booking"]
_CUSTOMER = "id lookup/create: customer id (customer_id of find_customer's rows, or of register_customer)"
_SAILING = "id lookup: sailing id (sailing_id of a timetable row)"
_BOOKING = "id lookup/create: booking reference (booking_ref of create_booking, or bookings of find_customer)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_customer|register_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("timetable", c, _SAILING) for c in SAILING_CONSUMERS]
    + [("create_booking|find_customer", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [
        ("lookup_registration|list_bookings", "check_in_vehicle",
         "id lookup: booking reference (booking_ref of lookup_registration's or list_bookings' rows)"),
        ("list_bookings|find_customer", "rebook_disrupted",
         "id lookup: a disrupted booking (booking_ref of a list_bookings row, or bookings of find_customer)"),
        ("add_passenger|get_booking", "remove_passenger",
         "id lookup/create: passenger id (passenger_id of add_passenger, or passengers of get_booking)"),
        ("add_passenger|get_booking", "check_in_foot_passenger",
         "id lookup/create: passenger id (passenger_id of add_passenger, or passengers of get_booking)"),
        ("check_in_vehicle", "declare_dangerous_goods", "id create: check-in id (checkin_id)"),
        ("check_in_vehicle", "hold_vehicle", "id create: check-in id (checkin_id)"),
        ("check_in_vehicle", "release_vehicle", "id create: check-in id (checkin_id)"),
        ("add_to_standby", "board_standby", "id create: standby id (standby_id)"),
        ("fares", "create_booking", "vocabulary: fare code (fare_code of fares)"),
        ("cabin_availability", "reserve_cabin", "vocabulary: a free cabin (bare list)"),
        ("lane_plan", "check_in_vehicle", "vocabulary: lane code (lane of lane_plan)"),
        ("lane_plan", "board_standby", "vocabulary: lane code (lane of lane_plan)"),
        ("issue_islander_card", "create_booking", "state: an islander card (for the ISLANDER fare)"),
        ("add_passenger", "quote_booking", "state: a passenger on the booking"),
        ("quote_booking", "apply_voucher", "state: a current quote"),
        ("quote_booking", "take_payment", "state: a current quote for the amount"),
        ("take_payment", "change_sailing", "state: the booking paid and confirmed"),
        ("take_payment", "check_in_vehicle", "state: the booking paid and confirmed"),
        ("take_payment", "check_in_foot_passenger", "state: the booking paid and confirmed"),
        ("add_vehicle", "check_in_vehicle", "state: the vehicle on the booking"),
        ("open_check_in", "check_in_vehicle", "state: check-in open for the sailing"),
        ("open_check_in", "check_in_foot_passenger", "state: check-in open for the sailing"),
        ("open_check_in", "close_check_in", "state: check-in open for the sailing"),
        ("close_check_in", "board_standby", "state: check-in closed"),
        ("close_check_in", "record_departure", "state: check-in closed"),
        ("hold_vehicle", "release_vehicle", "state: the vehicle held"),
        ("cancel_sailing", "rebook_disrupted", "state: the booking disrupted by a cancelled sailing"),
    ]
)

PLAUSIBLE = {
    ("register_customer", "find_customer"), ("create_booking", "find_customer"), ("create_booking", "list_bookings"),
    ("timetable", "get_booking"), ("fares", "quote_booking"), ("add_vehicle", "quote_booking"),
    ("reserve_cabin", "quote_booking"), ("add_passenger", "take_payment"), ("quote_booking", "get_booking"),
    ("take_payment", "lookup_registration"), ("add_vehicle", "lookup_registration"),
    ("check_in_vehicle", "lane_plan"), ("check_in_vehicle", "sailing_manifest"),
    ("check_in_foot_passenger", "sailing_manifest"), ("check_in_vehicle", "close_check_in"),
    ("timetable", "check_in_vehicle"), ("get_booking", "check_in_vehicle"), ("board_standby", "hold_vehicle"),
    ("board_standby", "declare_dangerous_goods"), ("cancel_sailing", "list_bookings"),
    ("take_payment", "cancel_booking"), ("open_check_in", "record_departure"), ("sailing_manifest", "record_departure"),
    ("cancel_sailing", "send_notice"), ("list_bookings", "cancel_booking"), ("list_bookings", "get_booking"),
    ("apply_voucher", "take_payment"),
}
