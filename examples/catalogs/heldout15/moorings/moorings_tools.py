"""Moorings: the berth, fuel and boatyard desk of Kestrel Quay Marina (38 calls).

Functions over an in-memory ``State`` of a south-coast marina on Saturday 17 July 2027, as its
desk software exposes them: a member of staff opens a shift with a staff number and PIN; vessels and
their owners are found or registered, with third-party insurance on file; pontoons and free berths
are looked up; visitors book, arrive, stay longer, move, plug in to shore power, are invoiced, pay
and leave; the fuel berth sells diesel and petrol; seasonal berths are offered and contracted, and
berth holders have accounts; the boatyard lifts boats out and relaunches them; gate fobs are issued
and cancelled; incidents are logged and notices sent.

The functions carry no docstrings (the desk software never had any). Replies are bare values (a
shift token, a total, a balance, a fob number, a waiting-list place), sentences with the new
booking, sale, lift or incident reference inside, rows as lists of lists with records nested in
them, and dataclasses (a vessel file, an insurance record, a contract, an invoice, a fuel receipt,
an account). Every refusal is *returned* as a string in the old system's form, ``"E<nnn>
<MESSAGE>"`` (``"E204 BERTH C14 NOT FREE 2027-07-17..2027-07-19"``), which is not one of the runtime's
common refusal conventions; ``FAILURE`` says which replies are refusals. The insurance cover the
marina requires, the services the boatyard offers, the deposit a seasonal contract needs and the
fuel grades that may not be sold to a leisure boat are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import Enum
from typing import Literal

TODAY = "2027-07-17"

Season = Literal["2027-28 winter", "2028 summer"]
PaymentMethod = Literal["card", "cash"]
FuelPayment = Literal["card", "cash", "account"]


class IncidentCategory(Enum):
    INJURY = "injury"
    COLLISION = "collision"
    POLLUTION = "pollution"
    THEFT = "theft"
    NEAR_MISS = "near_miss"
    FACILITIES = "facilities"


_MIN_COVER = 3_000_000
_SERVICES = ("pressure_wash", "antifoul", "anodes", "prop_polish", "survey", "engine_service")
_DEPOSIT_SHARE = 0.2
_POWER_RATE = 0.45


def FAILURE(reply):
    """A reply is a refusal when it is a string in the desk system's error form, ``E<nnn> ...``."""
    return isinstance(reply, str) and re.match(r"E\d{3} ", reply) is not None


def _e(code, message):
    return f"E{code} {message.upper()}"


def _d(text):
    return date.fromisoformat(text)


def _nights(arrive, nights):
    start = _d(arrive)
    return {(start + timedelta(days=i)).isoformat() for i in range(nights)}


# --------------------------------------------------------------------------- replies


@dataclass
class Insurance:
    vessel_id: str
    insurer: str
    policy_no: str
    third_party_cover_gbp: int
    expires: str
    status: str


@dataclass
class VesselFile:
    vessel_id: str
    name: str
    registration: str
    loa_m: float
    beam_m: float
    draft_m: float
    owner: list
    insurance: Insurance | None
    contract_no: str | None
    account_no: str | None
    bookings: list = field(default_factory=list)
    fobs: list = field(default_factory=list)


@dataclass
class Contract:
    contract_no: str
    vessel_id: str
    berth_no: str
    season: str
    fee_gbp: float
    status: str
    liveaboard: bool
    account_no: str | None = None


@dataclass
class Invoice:
    invoice_no: str
    booking_ref: str
    lines: list
    total_gbp: float
    paid_gbp: float
    status: str


@dataclass
class FuelReceipt:
    sale_id: str
    vessel_id: str
    grade: str
    litres: float
    amount_gbp: float
    method: str
    receipt_no: str


@dataclass
class Account:
    account_no: str
    vessel_id: str
    holder: str
    balance_gbp: float
    lines: list


# --------------------------------------------------------------------------- state


class State:
    """Kestrel Quay Marina, Saturday 17 July 2027."""

    def __init__(self) -> None:
        self.staff = {114: {"name": "Jo Marsh", "pin": "7301", "role": "dockmaster"},
                      122: {"name": "Sam Okoro", "pin": "5528", "role": "fuel"},
                      131: {"name": "Bryn Tallis", "pin": "9046", "role": "yard"}}
        self.shifts = {}
        self.owners = {
            "O311": {"owner_id": "O311", "name": "Peter Langley", "phone": "07700 910 221",
                     "email": "p.langley@example.com"},
            "O318": {"owner_id": "O318", "name": "Ruth and Colin Ames", "phone": "07700 910 548",
                     "email": "ames.sailing@example.com"},
            "O322": {"owner_id": "O322", "name": "Hamid Rahimi", "phone": "07700 910 377",
                     "email": "hamid.r@example.com"},
            "O327": {"owner_id": "O327", "name": "Fenella Gough", "phone": "07700 910 802",
                     "email": "fenella.gough@example.com"},
            "O330": {"owner_id": "O330", "name": "Tom and Lisa Brandt", "phone": "07700 910 615",
                     "email": "brandts.afloat@example.com"},
        }
        self.vessels = {
            "V2001": {"vessel_id": "V2001", "name": "Kittiwake", "registration": "SSR 148822", "loa_m": 9.8,
                      "beam_m": 3.3, "draft_m": 1.6, "owner": "O311"},
            "V2002": {"vessel_id": "V2002", "name": "Blue Heron", "registration": "SSR 201736", "loa_m": 11.2,
                      "beam_m": 3.7, "draft_m": 1.8, "owner": "O318"},
            "V2003": {"vessel_id": "V2003", "name": "Salt Whistle", "registration": "GBR 7714", "loa_m": 10.4,
                      "beam_m": 3.4, "draft_m": 1.9, "owner": "O322"},
            "V2004": {"vessel_id": "V2004", "name": "Morwenna", "registration": "SSR 97310", "loa_m": 12.6,
                      "beam_m": 3.9, "draft_m": 1.7, "owner": "O327"},
            "V2005": {"vessel_id": "V2005", "name": "Tern", "registration": "SSR 233104", "loa_m": 8.9,
                      "beam_m": 3.0, "draft_m": 1.4, "owner": "O330"},
        }
        self.insurance = {
            "V2001": {"insurer": "Navigators & General", "policy_no": "NG-4471902", "cover": 5_000_000,
                      "expires": "2028-03-31"},
            "V2002": {"insurer": "Pantaenius", "policy_no": "PUK-338104", "cover": 3_000_000,
                      "expires": "2027-11-30"},
            "V2004": {"insurer": "Haven Knox-Johnston", "policy_no": "HKJ-77120", "cover": 3_000_000,
                      "expires": "2028-01-15"},
            "V2005": {"insurer": "Craftinsure", "policy_no": "CI-1190563", "cover": 3_000_000,
                      "expires": "2027-09-30"},
        }
        self.pontoons = [["A", "A pontoon (inner)", 10.0, 2.0, 16, True], ["B", "B pontoon", 12.0, 2.2, 16, True],
                         ["C", "C pontoon", 15.0, 2.5, 32, True], ["D", "D pontoon (hammerheads)", 20.0, 3.0, 63, True],
                         ["V", "Visitors' pontoon", 14.0, 2.4, 16, True]]
        self.berths = {}
        for code, _, max_loa, depth, _, _ in self.pontoons:
            for i in range(1, 13):
                length = max_loa if i % 3 == 0 else round(max_loa - 1.5, 1)
                self.berths[f"{code}{i:02d}"] = {"berth_no": f"{code}{i:02d}", "pontoon": code, "length": length,
                                                 "width": round(length / 3 + 0.4, 1), "depth": depth,
                                                 "rate": round(length * 3.6, 2), "seasonal": code != "V"}
        self.contracts = {
            "S0398": {"contract_no": "S0398", "vessel_id": "V2001", "berth_no": "B03", "season": "2027 summer",
                      "fee_gbp": 3620.0, "status": "active", "liveaboard": False, "account_no": "A0398"},
            "S0404": {"contract_no": "S0404", "vessel_id": "V2004", "berth_no": "C06", "season": "2027 summer",
                      "fee_gbp": 4530.0, "status": "active", "liveaboard": False, "account_no": "A0404"},
        }
        self.accounts = {
            "A0398": {"account_no": "A0398", "vessel_id": "V2001", "balance": 0.0,
                      "lines": [["2027-04-01", "Summer berth fee 2027, B03", 3620.0],
                                ["2027-04-01", "Paid by bank transfer", -3620.0]]},
            "A0404": {"account_no": "A0404", "vessel_id": "V2004", "balance": 86.4,
                      "lines": [["2027-04-01", "Summer berth fee 2027, C06", 4530.0],
                                ["2027-04-03", "Paid by card", -4530.0],
                                ["2027-07-02", "Diesel, 48 l", 86.4]]},
        }
        self.seasonal_vacancies = {"2027-28 winter": ["A07", "B09", "C09", "D03"], "2028 summer": ["C11"]}
        self.waitlist = {("D", "2028 summer"): ["V2002", "V2004"]}
        self.bookings = {
            "B24395": {"booking_ref": "B24395", "vessel_id": "V2005", "berth_no": "V03", "arrive": "2027-07-15",
                       "nights": 3, "status": "checked_in", "crew": 2, "power": {"start": 1043.2, "end": None},
                       "invoice": None},
            "B24401": {"booking_ref": "B24401", "vessel_id": "V2002", "berth_no": "V05", "arrive": "2027-07-17",
                       "nights": 2, "status": "booked", "crew": None, "power": None, "invoice": None},
            "B24402": {"booking_ref": "B24402", "vessel_id": "V2003", "berth_no": "V06", "arrive": "2027-07-17",
                       "nights": 1, "status": "booked", "crew": None, "power": None, "invoice": None},
        }
        self.fuel = [["DERV", "Marine diesel (white, duty paid)", 1.62, [1, 2]],
                     ["ULP", "Unleaded petrol", 1.79, [3]]]
        self.fuel_sales = {}
        self.invoices = {}
        self.fobs = {30417: {"fob_no": 30417, "vessel_id": "V2001", "holder": "Peter Langley", "active": True},
                     30422: {"fob_no": 30422, "vessel_id": "V2004", "holder": "Fenella Gough", "active": True}}
        self.lifts = {}
        self.hoist_booked = ["2027-07-19", "2027-07-20"]
        self.incidents = []
        self.notices = []
        self.counters = {"shift": 610, "vessel": 2041, "owner": 340, "booking": 24410, "contract": 412,
                         "invoice": 7781, "receipt": 5520, "sale": 88120, "fob": 30450, "lift": 311, "incident": 902,
                         "account": 412}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _staff(state, shift, *roles):
    number = state.shifts.get(shift)
    if number is None:
        return None, _e(101, "no open shift: open a shift first")
    s = state.staff[number]
    if roles and s["role"] not in roles:
        return None, _e(103, f"{s['role']} staff cannot do this")
    return s, None


def _booking(state, ref):
    b = state.bookings.get(ref)
    if b is None:
        return None, _e(404, f"booking {ref} not found")
    return b, None


def _berth_free(state, berth_no, arrive, nights, skip=None):
    want = _nights(arrive, nights)
    for b in state.bookings.values():
        if b["berth_no"] == berth_no and b["status"] in ("booked", "checked_in") and b["booking_ref"] != skip:
            if want & _nights(b["arrive"], b["nights"]):
                return False
    return not any(c["berth_no"] == berth_no and c["status"] == "active" and c["season"] == "2027 summer"
                   for c in state.contracts.values())


def _insured(state, vessel_id):
    i = state.insurance.get(vessel_id)
    return i is not None and i["expires"] > TODAY and i["cover"] >= _MIN_COVER


def _vessel_file(state, v):
    o = state.owners[v["owner"]]
    i = state.insurance.get(v["vessel_id"])
    ins = None if i is None else Insurance(vessel_id=v["vessel_id"], insurer=i["insurer"], policy_no=i["policy_no"],
                                           third_party_cover_gbp=i["cover"], expires=i["expires"],
                                           status="valid" if _insured(state, v["vessel_id"]) else "expired")
    contract = next((c for c in state.contracts.values() if c["vessel_id"] == v["vessel_id"]
                     and c["status"] in ("offered", "active")), None)
    return VesselFile(
        vessel_id=v["vessel_id"], name=v["name"], registration=v["registration"], loa_m=v["loa_m"],
        beam_m=v["beam_m"], draft_m=v["draft_m"], owner=[o["owner_id"], o["name"], o["phone"], o["email"]],
        insurance=ins, contract_no=None if contract is None else contract["contract_no"],
        account_no=None if contract is None else contract["account_no"],
        bookings=[[b["booking_ref"], b["berth_no"], b["arrive"], b["nights"], b["status"]]
                  for b in state.bookings.values() if b["vessel_id"] == v["vessel_id"]],
        fobs=[[f["fob_no"], f["holder"]] for f in state.fobs.values() if f["vessel_id"] == v["vessel_id"] and f["active"]])


def _contract(c):
    return Contract(**{k: c[k] for k in ("contract_no", "vessel_id", "berth_no", "season", "fee_gbp", "status",
                                         "liveaboard", "account_no")})


# --------------------------------------------------------------------------- shifts


def open_shift(staff_no: int, pin: str, state: State = None) -> str:
    s = state.staff.get(staff_no)
    if s is None or s["pin"] != pin:
        return _e(100, "staff number or pin not recognised")
    token = f"SH{_next(state, 'shift')}-{staff_no}"
    state.shifts[token] = staff_no
    return token


def close_shift(shift: str, cash_counted: float, state: State = None) -> str:
    s, err = _staff(state, shift)
    if err:
        return err
    if any(f["status"] == "open" for f in state.fuel_sales.values() if f["shift"] == shift):
        return _e(120, "a fuel sale on this shift is still open")
    taken = sum(f["amount"] for f in state.fuel_sales.values() if f["shift"] == shift and f["method"] == "cash")
    del state.shifts[shift]
    return f"Shift {shift} closed for {s['name']}: cash taken {taken:.2f}, counted {cash_counted:.2f}, " \
           f"variance {cash_counted - taken:+.2f}."


# --------------------------------------------------------------------------- vessels


def find_vessel(name: str | None = None, registration: str | None = None, owner_surname: str | None = None,
                state: State = None) -> list[list]:
    if not (name or registration or owner_surname):
        return _e(400, "give a name, a registration or an owner's surname")
    rows = []
    for v in state.vessels.values():
        o = state.owners[v["owner"]]
        if name and name.strip().lower() not in v["name"].lower():
            continue
        if registration and registration.replace(" ", "").upper() != v["registration"].replace(" ", ""):
            continue
        if owner_surname and owner_surname.strip().lower() not in o["name"].lower():
            continue
        rows.append([v["vessel_id"], v["name"], v["registration"], v["loa_m"], v["beam_m"], v["draft_m"],
                     [o["owner_id"], o["name"], o["phone"]]])
    return rows


def register_vessel(shift: str, name: str, registration: str, loa_m: float, beam_m: float, draft_m: float,
                    owner_name: str, owner_phone: str, owner_email: str | None = None, state: State = None) -> str:
    s, err = _staff(state, shift)
    if err:
        return err
    reg = registration.strip().upper()
    if any(v["registration"].replace(" ", "") == reg.replace(" ", "") for v in state.vessels.values()):
        return _e(409, f"registration {reg} already on file")
    if not (2 <= loa_m <= 30 and 1 <= beam_m <= 10 and 0.3 <= draft_m <= 4):
        return _e(400, "check the dimensions: loa 2-30 m, beam 1-10 m, draft 0.3-4 m")
    oid = f"O{_next(state, 'owner')}"
    state.owners[oid] = {"owner_id": oid, "name": owner_name.strip(), "phone": owner_phone.strip(),
                         "email": owner_email}
    vid = f"V{_next(state, 'vessel')}"
    state.vessels[vid] = {"vessel_id": vid, "name": name.strip(), "registration": reg, "loa_m": loa_m,
                          "beam_m": beam_m, "draft_m": draft_m, "owner": oid}
    return f"Vessel {vid} '{name.strip()}' ({reg}) registered to {owner_name.strip()}, owner {oid}."


def get_vessel(vessel_id: str, state: State = None):
    v = state.vessels.get(vessel_id)
    if v is None:
        return _e(404, f"vessel {vessel_id} not found")
    return _vessel_file(state, v)


def record_insurance(shift: str, vessel_id: str, insurer: str, policy_no: str, third_party_cover_gbp: int,
                     expires: str, state: State = None):
    s, err = _staff(state, shift)
    if err:
        return err
    if vessel_id not in state.vessels:
        return _e(404, f"vessel {vessel_id} not found")
    if third_party_cover_gbp < _MIN_COVER:
        return _e(212, f"third party cover must be at least {_MIN_COVER:,} gbp")
    if expires <= TODAY:
        return _e(213, "policy has expired")
    old = state.insurance.get(vessel_id)
    if old is not None and old["policy_no"] == policy_no and old["expires"] == expires:
        return _e(409, f"policy {policy_no} already on file")
    state.insurance[vessel_id] = {"insurer": insurer.strip(), "policy_no": policy_no.strip(),
                                  "cover": third_party_cover_gbp, "expires": expires}
    return Insurance(vessel_id=vessel_id, insurer=insurer.strip(), policy_no=policy_no.strip(),
                     third_party_cover_gbp=third_party_cover_gbp, expires=expires, status="valid")


# --------------------------------------------------------------------------- berths and visitors


def list_pontoons(state: State = None) -> list[list]:
    return [list(p) for p in state.pontoons]


def tide_times(day: str, state: State = None) -> list[list]:
    d = _d(day)
    shift = (d - _d(TODAY)).days * 50
    out = []
    for kind, base, height in (("HW", 5 * 60 + 12, 4.6), ("LW", 11 * 60 + 30, 0.9), ("HW", 17 * 60 + 37, 4.8),
                               ("LW", 23 * 60 + 51, 0.7)):
        m = (base + shift) % (24 * 60)
        out.append([kind, f"{m // 60:02d}:{m % 60:02d}", height])
    return sorted(out, key=lambda r: r[1])


def find_berths(pontoon: str, arrive: str, nights: int, loa_m: float, state: State = None) -> list[list]:
    p = next((x for x in state.pontoons if x[0] == pontoon.strip().upper()), None)
    if p is None:
        return _e(404, f"no pontoon {pontoon}")
    if arrive < TODAY or nights < 1:
        return _e(400, "arrival must be today or later, for at least one night")
    return [[b["berth_no"], b["length"], b["width"], b["depth"], round(b["rate"] * nights, 2)]
            for b in state.berths.values()
            if b["pontoon"] == p[0] and b["length"] >= loa_m and _berth_free(state, b["berth_no"], arrive, nights)]


def book_visitor_berth(shift: str, vessel_id: str, berth_no: str, arrive: str, nights: int,
                       state: State = None) -> str:
    s, err = _staff(state, shift)
    if err:
        return err
    v = state.vessels.get(vessel_id)
    if v is None:
        return _e(404, f"vessel {vessel_id} not found")
    b = state.berths.get(berth_no)
    if b is None:
        return _e(404, f"no berth {berth_no}")
    if v["loa_m"] > b["length"] or v["draft_m"] > b["depth"]:
        return _e(205, f"{v['name']} does not fit berth {berth_no}")
    if arrive < TODAY or nights < 1:
        return _e(400, "arrival must be today or later, for at least one night")
    if not _berth_free(state, berth_no, arrive, nights):
        return _e(204, f"berth {berth_no} not free {arrive} for {nights} nights")
    ref = f"B{_next(state, 'booking')}"
    state.bookings[ref] = {"booking_ref": ref, "vessel_id": vessel_id, "berth_no": berth_no, "arrive": arrive,
                           "nights": nights, "status": "booked", "crew": None, "power": None, "invoice": None}
    return (f"Booking {ref} confirmed: {v['name']} on {berth_no} from {arrive} for {nights} "
            f"night{'s' if nights > 1 else ''}, {b['rate'] * nights:.2f} gbp.")


def list_arrivals(day: str, pontoon: str | None = None, state: State = None) -> list[list]:
    rows = []
    for b in state.bookings.values():
        if b["arrive"] != day or (pontoon and not b["berth_no"].startswith(pontoon.upper())):
            continue
        v = state.vessels[b["vessel_id"]]
        rows.append([b["booking_ref"], [v["vessel_id"], v["name"], v["loa_m"]], b["berth_no"], b["nights"],
                     b["status"]])
    return rows


def check_in(shift: str, booking_ref: str, crew: int, state: State = None) -> str:
    s, err = _staff(state, shift, "dockmaster")
    if err:
        return err
    b, err = _booking(state, booking_ref)
    if err:
        return err
    if b["status"] != "booked":
        return _e(230, f"booking {booking_ref} is {b['status']}")
    if b["arrive"] != TODAY:
        return _e(231, f"booking {booking_ref} arrives {b['arrive']}")
    if not _insured(state, b["vessel_id"]):
        return _e(211, "no valid third party insurance on file for this vessel")
    if crew < 1:
        return _e(400, "crew must be at least one")
    b["status"], b["crew"] = "checked_in", crew
    return f"{7000 + int(booking_ref[1:]) % 997}#"


def extend_stay(shift: str, booking_ref: str, extra_nights: int, state: State = None) -> float:
    s, err = _staff(state, shift)
    if err:
        return err
    b, err = _booking(state, booking_ref)
    if err:
        return err
    if b["status"] not in ("booked", "checked_in"):
        return _e(230, f"booking {booking_ref} is {b['status']}")
    if extra_nights < 1:
        return _e(400, "extend by at least one night")
    end = (_d(b["arrive"]) + timedelta(days=b["nights"])).isoformat()
    if not _berth_free(state, b["berth_no"], end, extra_nights, skip=booking_ref):
        return _e(204, f"berth {b['berth_no']} not free from {end}; move the boat first")
    b["nights"] += extra_nights
    return round(state.berths[b["berth_no"]]["rate"] * b["nights"], 2)


def move_berth(shift: str, booking_ref: str, new_berth_no: str, state: State = None) -> str:
    s, err = _staff(state, shift, "dockmaster")
    if err:
        return err
    b, err = _booking(state, booking_ref)
    if err:
        return err
    if b["status"] not in ("booked", "checked_in"):
        return _e(230, f"booking {booking_ref} is {b['status']}")
    nb = state.berths.get(new_berth_no)
    if nb is None:
        return _e(404, f"no berth {new_berth_no}")
    if nb["berth_no"] == b["berth_no"]:
        return _e(409, f"booking {booking_ref} is already on {new_berth_no}")
    v = state.vessels[b["vessel_id"]]
    if v["loa_m"] > nb["length"]:
        return _e(205, f"{v['name']} does not fit berth {new_berth_no}")
    if not _berth_free(state, new_berth_no, b["arrive"], b["nights"], skip=booking_ref):
        return _e(204, f"berth {new_berth_no} not free")
    if b["power"]:
        return _e(240, "disconnect shore power before moving")
    old, b["berth_no"] = b["berth_no"], new_berth_no
    return f"Booking {booking_ref} moved from {old} to {new_berth_no}."


def cancel_booking(shift: str, booking_ref: str, reason: str, state: State = None) -> str:
    s, err = _staff(state, shift)
    if err:
        return err
    b, err = _booking(state, booking_ref)
    if err:
        return err
    if b["status"] != "booked":
        return _e(230, f"booking {booking_ref} is {b['status']}; only a booking not yet arrived can be cancelled")
    if not reason.strip():
        return _e(400, "give a reason")
    b["status"] = "cancelled"
    fee = 0.0 if b["arrive"] > TODAY else round(state.berths[b["berth_no"]]["rate"], 2)
    return f"Booking {booking_ref} cancelled; cancellation charge {fee:.2f} gbp."


def connect_shore_power(shift: str, booking_ref: str, meter_start_kwh: float, state: State = None) -> str:
    s, err = _staff(state, shift)
    if err:
        return err
    b, err = _booking(state, booking_ref)
    if err:
        return err
    if b["status"] != "checked_in":
        return _e(232, f"booking {booking_ref} has not checked in")
    if b["power"] is not None:
        return _e(409, f"power already connected at {b['berth_no']}")
    b["power"] = {"start": meter_start_kwh, "end": None}
    return f"Power on at {b['berth_no']} for {booking_ref}, meter from {meter_start_kwh:.1f} kWh."


def read_meter(shift: str, booking_ref: str, reading_kwh: float, state: State = None) -> float:
    s, err = _staff(state, shift)
    if err:
        return err
    b, err = _booking(state, booking_ref)
    if err:
        return err
    if not b["power"]:
        return _e(241, f"no shore power connected for {booking_ref}")
    if reading_kwh < b["power"]["start"]:
        return _e(400, f"reading is below the start reading {b['power']['start']:.1f}")
    b["power"]["end"] = reading_kwh
    return round(reading_kwh - b["power"]["start"], 1)


def raise_invoice(shift: str, booking_ref: str, state: State = None):
    s, err = _staff(state, shift)
    if err:
        return err
    b, err = _booking(state, booking_ref)
    if err:
        return err
    if b["status"] != "checked_in":
        return _e(232, f"booking {booking_ref} has not checked in")
    if b["invoice"]:
        return _e(409, f"invoice {b['invoice']} already raised")
    if b["power"] and b["power"]["end"] is None:
        return _e(242, "read the meter before invoicing")
    lines = [[f"Berth {b['berth_no']}", b["nights"], state.berths[b["berth_no"]]["rate"],
              round(state.berths[b["berth_no"]]["rate"] * b["nights"], 2)]]
    if b["power"]:
        units = round(b["power"]["end"] - b["power"]["start"], 1)
        lines.append(["Shore power kWh", units, _POWER_RATE, round(units * _POWER_RATE, 2)])
    lines.append(["Harbour dues", b["crew"], 1.5, round(1.5 * b["crew"], 2)])
    total = round(sum(x[3] for x in lines), 2)
    no = f"I{_next(state, 'invoice')}"
    state.invoices[no] = {"invoice_no": no, "booking_ref": booking_ref, "lines": lines, "total": total, "paid": 0.0}
    b["invoice"] = no
    return Invoice(invoice_no=no, booking_ref=booking_ref, lines=[list(x) for x in lines], total_gbp=total,
                   paid_gbp=0.0, status="unpaid")


def take_payment(shift: str, invoice_no: str, amount: float, method: PaymentMethod, state: State = None) -> str:
    s, err = _staff(state, shift)
    if err:
        return err
    inv = state.invoices.get(invoice_no)
    if inv is None:
        return _e(404, f"invoice {invoice_no} not found")
    due = round(inv["total"] - inv["paid"], 2)
    if due <= 0:
        return _e(409, f"invoice {invoice_no} already paid")
    if amount <= 0 or amount > due + 0.005:
        return _e(400, f"amount must be between 0.01 and {due:.2f}")
    inv["paid"] = round(inv["paid"] + amount, 2)
    left = round(inv["total"] - inv["paid"], 2)
    r = f"R{_next(state, 'receipt')}"
    return f"Receipt {r}: {amount:.2f} gbp by {method} on {invoice_no}; " + (
        "paid in full." if left <= 0 else f"{left:.2f} gbp still due.")


def check_out(shift: str, booking_ref: str, state: State = None) -> str:
    s, err = _staff(state, shift, "dockmaster")
    if err:
        return err
    b, err = _booking(state, booking_ref)
    if err:
        return err
    if b["status"] != "checked_in":
        return _e(232, f"booking {booking_ref} has not checked in")
    inv = state.invoices.get(b["invoice"]) if b["invoice"] else None
    if inv is None or inv["paid"] < inv["total"] - 0.005:
        return _e(250, "stay not paid: invoice and take payment before departure")
    b["status"] = "departed"
    return f"{state.vessels[b['vessel_id']]['name']} checked out from {b['berth_no']}; safe passage."


# --------------------------------------------------------------------------- fuel berth


def fuel_prices(state: State = None) -> list[list]:
    return [[g[0], g[1], g[2], list(g[3])] for g in state.fuel]


def start_fuel_sale(shift: str, vessel_id: str, grade: str, pump: int, state: State = None) -> str:
    s, err = _staff(state, shift, "fuel", "dockmaster")
    if err:
        return err
    v = state.vessels.get(vessel_id)
    if v is None:
        return _e(404, f"vessel {vessel_id} not found")
    g = next((x for x in state.fuel if x[0] == grade), None)
    if g is None:
        if grade.upper() in ("RED", "GASOIL"):
            return _e(307, "red diesel may not be sold for leisure craft")
        return _e(306, f"unknown grade {grade}")
    if pump not in g[3]:
        return _e(308, f"pump {pump} does not dispense {grade}")
    if any(f["pump"] == pump and f["status"] == "open" for f in state.fuel_sales.values()):
        return _e(309, f"pump {pump} is in use")
    sid = f"F{_next(state, 'sale')}"
    state.fuel_sales[sid] = {"sale_id": sid, "vessel_id": vessel_id, "grade": grade, "pump": pump, "litres": None,
                             "amount": None, "status": "open", "method": None, "shift": shift}
    return f"Pump {pump} unlocked for {v['name']}: sale {sid}, {grade} at {g[2]:.2f} gbp/l."


def record_dispensed(shift: str, sale_id: str, litres: float, state: State = None) -> float:
    s, err = _staff(state, shift)
    if err:
        return err
    f = state.fuel_sales.get(sale_id)
    if f is None:
        return _e(404, f"fuel sale {sale_id} not found")
    if f["status"] != "open":
        return _e(310, f"fuel sale {sale_id} is closed")
    if litres <= 0 or litres > 2000:
        return _e(400, "litres must be between 0 and 2000")
    price = next(x[2] for x in state.fuel if x[0] == f["grade"])
    f["litres"], f["amount"] = litres, round(litres * price, 2)
    return f["amount"]


def settle_fuel_sale(shift: str, sale_id: str, method: FuelPayment, state: State = None):
    s, err = _staff(state, shift)
    if err:
        return err
    f = state.fuel_sales.get(sale_id)
    if f is None:
        return _e(404, f"fuel sale {sale_id} not found")
    if f["status"] != "open":
        return _e(310, f"fuel sale {sale_id} is closed")
    if f["litres"] is None:
        return _e(311, "record the litres dispensed first")
    if method == "account":
        c = next((c for c in state.contracts.values() if c["vessel_id"] == f["vessel_id"] and c["status"] == "active"),
                 None)
        if c is None:
            return _e(312, "only berth holders can put fuel on account")
        a = state.accounts[c["account_no"]]
        a["lines"].append([TODAY, f"{f['grade']}, {f['litres']:g} l", f["amount"]])
        a["balance"] = round(a["balance"] + f["amount"], 2)
    f["status"], f["method"] = "settled", method
    return FuelReceipt(sale_id=sale_id, vessel_id=f["vessel_id"], grade=f["grade"], litres=f["litres"],
                       amount_gbp=f["amount"], method=method, receipt_no=f"R{_next(state, 'receipt')}")


# --------------------------------------------------------------------------- seasonal berths and accounts


def list_seasonal_vacancies(season: Season, loa_m: float, state: State = None) -> list[list]:
    rows = []
    for no in state.seasonal_vacancies.get(season, []):
        b = state.berths[no]
        if b["length"] >= loa_m and not any(c["berth_no"] == no and c["season"] == season
                                           and c["status"] in ("offered", "active") for c in state.contracts.values()):
            fee = round(b["length"] * (205 if season == "2027-28 winter" else 370), 2)
            rows.append([no, b["pontoon"], b["length"], b["depth"], fee])
    return rows


def join_waitlist(vessel_id: str, pontoon: str, season: Season, state: State = None) -> int:
    if vessel_id not in state.vessels:
        return _e(404, f"vessel {vessel_id} not found")
    if not any(p[0] == pontoon for p in state.pontoons if p[0] != "V"):
        return _e(404, f"no seasonal pontoon {pontoon}")
    key = (pontoon, season)
    line = state.waitlist.setdefault(key, [])
    if vessel_id in line:
        return _e(409, f"already on the {pontoon} list for {season} at place {line.index(vessel_id) + 1}")
    line.append(vessel_id)
    return len(line)


def offer_seasonal_berth(shift: str, vessel_id: str, berth_no: str, season: Season, state: State = None):
    s, err = _staff(state, shift, "dockmaster")
    if err:
        return err
    v = state.vessels.get(vessel_id)
    if v is None:
        return _e(404, f"vessel {vessel_id} not found")
    row = next((r for r in list_seasonal_vacancies(season, v["loa_m"], state=state) if r[0] == berth_no), None)
    if row is None:
        return _e(220, f"berth {berth_no} is not vacant for {season} or is too short for {v['name']}")
    no = f"S{_next(state, 'contract'):04d}"
    state.contracts[no] = {"contract_no": no, "vessel_id": vessel_id, "berth_no": berth_no, "season": season,
                           "fee_gbp": row[4], "status": "offered", "liveaboard": False, "account_no": None}
    return _contract(state.contracts[no])


def sign_contract(shift: str, contract_no: str, signed_by: str, deposit_gbp: float, state: State = None):
    s, err = _staff(state, shift, "dockmaster")
    if err:
        return err
    c = state.contracts.get(contract_no)
    if c is None:
        return _e(404, f"contract {contract_no} not found")
    if c["status"] != "offered":
        return _e(221, f"contract {contract_no} is {c['status']}")
    if deposit_gbp < round(c["fee_gbp"] * _DEPOSIT_SHARE, 2):
        return _e(222, f"deposit must be at least {int(_DEPOSIT_SHARE * 100)}% of the fee")
    if not signed_by.strip():
        return _e(400, "name the signatory")
    if not _insured(state, c["vessel_id"]):
        return _e(211, "no valid third party insurance on file for this vessel")
    acc = f"A{_next(state, 'account'):04d}"
    state.accounts[acc] = {"account_no": acc, "vessel_id": c["vessel_id"], "balance": round(c["fee_gbp"] - deposit_gbp, 2),
                           "lines": [[TODAY, f"Berth fee {c['season']}, {c['berth_no']}", c["fee_gbp"]],
                                     [TODAY, "Deposit", -deposit_gbp]]}
    c["status"], c["account_no"] = "active", acc
    return _contract(c)


def set_liveaboard(shift: str, contract_no: str, liveaboard: bool, state: State = None) -> bool:
    s, err = _staff(state, shift, "dockmaster")
    if err:
        return err
    c = state.contracts.get(contract_no)
    if c is None:
        return _e(404, f"contract {contract_no} not found")
    if c["status"] != "active":
        return _e(221, f"contract {contract_no} is {c['status']}")
    if c["liveaboard"] == liveaboard:
        return _e(409, "liveaboard already " + ("on" if liveaboard else "off"))
    c["liveaboard"] = liveaboard
    return liveaboard


def get_account(vessel_id: str, state: State = None):
    c = next((c for c in state.contracts.values() if c["vessel_id"] == vessel_id and c["status"] == "active"), None)
    if c is None:
        return _e(260, f"vessel {vessel_id} has no berth holder account")
    a = state.accounts[c["account_no"]]
    o = state.owners[state.vessels[vessel_id]["owner"]]
    return Account(account_no=a["account_no"], vessel_id=vessel_id, holder=o["name"], balance_gbp=a["balance"],
                   lines=[list(x) for x in a["lines"]])


def post_charge(shift: str, account_no: str, description: str, amount: float, state: State = None) -> float:
    s, err = _staff(state, shift)
    if err:
        return err
    a = state.accounts.get(account_no)
    if a is None:
        return _e(404, f"account {account_no} not found")
    if not description.strip() or amount == 0:
        return _e(400, "a charge needs a description and an amount")
    a["lines"].append([TODAY, description.strip(), float(amount)])
    a["balance"] = round(a["balance"] + amount, 2)
    return a["balance"]


# --------------------------------------------------------------------------- boatyard


def book_lift_out(shift: str, vessel_id: str, lift_date: str, services: list[str], state: State = None) -> str:
    s, err = _staff(state, shift, "dockmaster", "yard")
    if err:
        return err
    v = state.vessels.get(vessel_id)
    if v is None:
        return _e(404, f"vessel {vessel_id} not found")
    if not _insured(state, vessel_id):
        return _e(211, "no valid third party insurance on file for this vessel")
    bad = [x for x in services if x not in _SERVICES]
    if bad:
        return _e(270, f"unknown services {', '.join(bad)}; the yard offers {', '.join(_SERVICES)}")
    if lift_date <= TODAY or _d(lift_date).weekday() == 6:
        return _e(271, "lifts are booked from tomorrow, monday to saturday")
    if lift_date in state.hoist_booked:
        return _e(272, f"the hoist is fully booked on {lift_date}")
    ref = f"L{_next(state, 'lift')}"
    state.lifts[ref] = {"lift_ref": ref, "vessel_id": vessel_id, "date": lift_date, "services": list(services),
                        "status": "booked"}
    state.hoist_booked.append(lift_date)
    return f"Lift {ref} booked for {v['name']} on {lift_date}: {', '.join(services) or 'lift and hold'}."


def record_lift_out(shift: str, lift_ref: str, hull_notes: str, state: State = None) -> str:
    s, err = _staff(state, shift, "yard", "dockmaster")
    if err:
        return err
    l = state.lifts.get(lift_ref)
    if l is None:
        return _e(404, f"lift {lift_ref} not found")
    if l["status"] != "booked":
        return _e(273, f"lift {lift_ref} is {l['status']}")
    l["status"], l["notes"] = "ashore", hull_notes
    return "ashore"


def relaunch(shift: str, lift_ref: str, state: State = None) -> str:
    s, err = _staff(state, shift, "yard", "dockmaster")
    if err:
        return err
    l = state.lifts.get(lift_ref)
    if l is None:
        return _e(404, f"lift {lift_ref} not found")
    if l["status"] != "ashore":
        return _e(274, f"lift {lift_ref} is {l['status']}, not ashore")
    l["status"] = "relaunched"
    return f"{state.vessels[l['vessel_id']]['name']} relaunched ({lift_ref})."


# --------------------------------------------------------------------------- gate, incidents, notices


def issue_fob(shift: str, vessel_id: str, holder_name: str, state: State = None) -> int:
    s, err = _staff(state, shift, "dockmaster")
    if err:
        return err
    if vessel_id not in state.vessels:
        return _e(404, f"vessel {vessel_id} not found")
    holder = any(c["vessel_id"] == vessel_id and c["status"] == "active" for c in state.contracts.values())
    staying = any(b["vessel_id"] == vessel_id and b["status"] == "checked_in" for b in state.bookings.values())
    if not (holder or staying):
        return _e(280, "fobs are for berth holders and checked-in visitors only")
    if sum(1 for f in state.fobs.values() if f["vessel_id"] == vessel_id and f["active"]) >= 2:
        return _e(281, "two fobs already active for this vessel")
    n = _next(state, "fob")
    state.fobs[n] = {"fob_no": n, "vessel_id": vessel_id, "holder": holder_name.strip(), "active": True}
    return n


def cancel_fob(shift: str, fob_no: int, state: State = None) -> str:
    s, err = _staff(state, shift)
    if err:
        return err
    f = state.fobs.get(fob_no)
    if f is None:
        return _e(404, f"fob {fob_no} not found")
    if not f["active"]:
        return _e(409, f"fob {fob_no} already cancelled")
    f["active"] = False
    return f"Fob {fob_no} ({f['holder']}) cancelled."


def log_incident(shift: str, category: IncidentCategory, description: str, vessel_id: str | None = None,
                 state: State = None) -> str:
    s, err = _staff(state, shift)
    if err:
        return err
    try:
        cat = IncidentCategory(category.value if isinstance(category, IncidentCategory) else category)
    except ValueError:
        return _e(400, f"unknown category {category}")
    if len(description.strip()) < 10:
        return _e(400, "describe what happened")
    ref = f"R{_next(state, 'incident')}"
    state.incidents.append({"ref": ref, "category": cat.value, "description": description,
                            "vessel_id": vessel_id if vessel_id in state.vessels else None, "by": s["name"]})
    return f"Incident {ref} logged ({cat.value})" + (
        f" against {state.vessels[vessel_id]['name']}." if vessel_id in state.vessels else ".")


def send_notice(shift: str, vessel_ids: list[str], message: str, state: State = None) -> str:
    s, err = _staff(state, shift)
    if err:
        return err
    unknown = [v for v in vessel_ids if v not in state.vessels]
    if unknown or not vessel_ids:
        return _e(404, f"unknown vessels {unknown}")
    if not message.strip():
        return _e(400, "empty message")
    state.notices.append({"to": list(vessel_ids), "message": message, "by": s["name"]})
    return f"Notice sent to the owners of {len(vessel_ids)} vessel{'s' if len(vessel_ids) > 1 else ''}."


TOOLS = [
    open_shift, close_shift,
    find_vessel, register_vessel, get_vessel, record_insurance,
    list_pontoons, tide_times, find_berths, book_visitor_berth, list_arrivals, check_in, extend_stay, move_berth,
    cancel_booking, connect_shore_power, read_meter, raise_invoice, take_payment, check_out,
    fuel_prices, start_fuel_sale, record_dispensed, settle_fuel_sale,
    list_seasonal_vacancies, join_waitlist, offer_seasonal_berth, sign_contract, set_liveaboard, get_account,
    post_charge,
    book_lift_out, record_lift_out, relaunch,
    issue_fob, cancel_fob, log_incident, send_notice,
]

FIXTURES = {
    "marina": {"name": "Kestrel Quay Marina", "today": "Saturday 17 July 2027"},
    "staff": [
        {"name": "Jo Marsh", "role": "dockmaster", "staff_no": 114, "pin": "7301"},
        {"name": "Sam Okoro", "role": "fuel berth attendant", "staff_no": 122, "pin": "5528"},
        {"name": "Bryn Tallis", "role": "boatyard", "staff_no": 131, "pin": "9046"},
    ],
    "on_the_radio": [
        "Blue Heron and Salt Whistle are due in today",
        "Tern, on the visitors' pontoon since Thursday, leaves this afternoon; the meter on her berth reads 1068.7",
        "Salt Whistle's skipper Hamid Rahimi has his insurance papers: Topsail Marine, policy TM-5520931, "
        "3,000,000 gbp third party, to 2028-05-31",
        "a new arrival calling: 'Marigold', GBR 9921T, 10.9 m, beam 3.5 m, draft 1.7 m, skipper Anna Reyes, "
        "07700 910 904",
        "Fenella Gough (Morwenna) is going to live aboard from August",
    ],
}

_SHIFT = "auth: shift token (bare string from open_shift)"
_VESSEL = "id lookup/create: vessel id (row [0] of a found vessel, or the id in the registration sentence)"
_BOOKING = "id lookup/create: booking reference (the id in the booking sentence, or row [0] of an arrival)"

_ON_SHIFT = [
    "close_shift", "register_vessel", "record_insurance", "book_visitor_berth", "check_in", "extend_stay",
    "move_berth", "cancel_booking", "connect_shore_power", "read_meter", "raise_invoice", "take_payment",
    "check_out", "start_fuel_sale", "record_dispensed", "settle_fuel_sale", "offer_seasonal_berth",
    "sign_contract", "set_liveaboard", "post_charge", "book_lift_out", "record_lift_out", "relaunch", "issue_fob",
    "cancel_fob", "log_incident", "send_notice",
]

GROUND_TRUTH = (
    [("open_shift", c, _SHIFT) for c in _ON_SHIFT]
    + [("find_vessel|register_vessel", c, _VESSEL) for c in [
        "record_insurance", "book_visitor_berth", "start_fuel_sale", "offer_seasonal_berth", "book_lift_out",
        "get_vessel", "join_waitlist", "send_notice", "get_account", "issue_fob"]]
    + [("book_visitor_berth|list_arrivals", c, _BOOKING) for c in [
        "check_in", "cancel_booking", "extend_stay", "move_berth"]]
    + [("list_arrivals", c, "id lookup: booking reference (row [0] of an arrival)") for c in [
        "connect_shore_power", "read_meter", "raise_invoice", "check_out"]]
    + [
        ("list_pontoons", "find_berths", "vocabulary: pontoon code (row [0])"),
        ("list_pontoons", "join_waitlist", "vocabulary: pontoon code (row [0])"),
        ("fuel_prices", "start_fuel_sale", "vocabulary: fuel grade and a pump that dispenses it (row [0], row [3][i])"),
        ("find_berths", "book_visitor_berth", "id lookup: berth number (row [0])"),
        ("find_berths", "move_berth", "id lookup: berth number (row [0])"),
        ("list_seasonal_vacancies", "offer_seasonal_berth", "id lookup: berth number (row [0])"),
        ("record_insurance", "check_in", "state: valid third-party insurance on file"),
        ("record_insurance", "book_lift_out", "state: valid third-party insurance on file"),
        ("record_insurance", "sign_contract", "state: valid third-party insurance on file"),
        ("check_in", "connect_shore_power", "state: the visitor checked in"),
        ("check_in", "raise_invoice", "state: the visitor checked in"),
        ("connect_shore_power", "read_meter", "state: shore power connected"),
        ("read_meter", "raise_invoice", "state: the final meter reading taken"),
        ("raise_invoice", "take_payment", "id create: invoice number (invoice_no)"),
        ("take_payment", "check_out", "state: the stay paid in full"),
        ("check_in|sign_contract", "issue_fob", "state: a checked-in visitor or an active berth holder"),
        ("start_fuel_sale", "record_dispensed", "id create: fuel sale id (the id in the pump sentence)"),
        ("start_fuel_sale", "settle_fuel_sale", "id create: fuel sale id (the id in the pump sentence)"),
        ("record_dispensed", "settle_fuel_sale", "state: the litres dispensed recorded"),
        ("offer_seasonal_berth", "sign_contract", "id create: contract number (contract_no)"),
        ("offer_seasonal_berth|get_vessel", "set_liveaboard",
         "id lookup/create: contract number (contract_no of the offer, or of the vessel file)"),
        ("sign_contract", "set_liveaboard", "state: the contract signed (active)"),
        ("get_account|get_vessel", "post_charge", "id lookup: account number (account_no)"),
        ("book_lift_out", "record_lift_out", "id create: lift reference (the id in the lift sentence)"),
        ("book_lift_out", "relaunch", "id create: lift reference (the id in the lift sentence)"),
        ("record_lift_out", "relaunch", "state: the boat ashore"),
        ("issue_fob|get_vessel", "cancel_fob", "id lookup/create: fob number (bare int, or fobs row [0])"),
    ]
)

PLAUSIBLE = {
    ("tide_times", "book_lift_out"), ("tide_times", "book_visitor_berth"), ("tide_times", "check_out"),
    ("get_vessel", "book_visitor_berth"), ("get_vessel", "record_insurance"),
    ("find_vessel", "log_incident"), ("get_vessel", "log_incident"), ("list_arrivals", "log_incident"),
    ("find_berths", "extend_stay"), ("list_pontoons", "list_seasonal_vacancies"), ("get_account", "settle_fuel_sale"),
    ("get_vessel", "settle_fuel_sale"), ("find_vessel", "list_arrivals"), ("get_vessel", "offer_seasonal_berth"),
    ("get_vessel", "issue_fob"), ("book_visitor_berth", "connect_shore_power"), ("get_vessel", "extend_stay"),
    ("get_vessel", "cancel_booking"), ("get_vessel", "check_in"), ("get_vessel", "move_berth"),
    ("book_visitor_berth", "raise_invoice"), ("book_visitor_berth", "check_out"), ("book_visitor_berth", "read_meter"),
    ("record_dispensed", "close_shift"), ("settle_fuel_sale", "close_shift"), ("read_meter", "check_out"),
    ("raise_invoice", "check_out"), ("check_in", "check_out"), ("list_seasonal_vacancies", "join_waitlist"),
    ("get_vessel", "get_account"), ("find_vessel", "cancel_fob"), ("join_waitlist", "offer_seasonal_berth"),
}
