"""Doorstep: the back-office API of a residential lettings agency, as its Python client returns it (41 calls).

Plain functions over an in-memory ``State`` of Kirkgate Lettings' Headingley branch in Leeds on
Monday 8 February 2027: landlords and their monthly statements, properties and their safety
certificates, listings on the property portals, applicants, viewings, offers and holding
deposits, referencing, tenancies, tenancy deposits and their protection in a government-approved
scheme, rent ledgers and arrears, check-out inspections and deposit returns, and repairs
(contractors, quotes, landlord approval, works orders, invoices).

Staff log in with e-mail and password (``access_token`` in the reply, passed as ``access_token``).
Moving client money (holding deposits, tenancy deposits, paying landlords and contractors,
releasing deposits) needs a short-lived *client money token*: ``step_up`` exchanges the access
token and the six digits from the authenticator app for one (its ``access_token``, passed as
``client_money_token``); only staff with client money rights can step up.

Replies are JSON text (``json.dumps`` of records, with rows as lists) or one sentence with the new
record's reference in it. Every refusal is *returned* as JSON text ``{"error": {"status",
"code", "message"}}`` (``FAILURE``), never raised. Docstrings are reST (``:param:``,
``:returns:``).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import enum
import functools
import json
from typing import List, Literal, Optional

from typing_extensions import TypedDict  # pydantic reads TypedDict bodies from here before Python 3.12

TODAY = "2027-02-08"

Certificate = Literal["gas_safety", "eicr", "epc"]
Management = Literal["let_only", "rent_collection", "fully_managed"]
InspectionKind = Literal["inventory", "mid_term", "check_out"]


class PropertyType(str, enum.Enum):
    FLAT = "flat"
    HOUSE = "house"
    MAISONETTE = "maisonette"
    HMO = "hmo"


class RepairPriority(str, enum.Enum):
    """Emergency: attend within 24 hours; urgent: 3 working days; routine: 20 working days."""

    EMERGENCY = "emergency"
    URGENT = "urgent"
    ROUTINE = "routine"


class Deduction(TypedDict):
    """One deduction claimed from a tenancy deposit."""

    reason: str
    amount: float


_PORTALS = ("rightmove", "zoopla", "onthemarket", "kirkgate_site")
_ARREARS_STAGES = ("reminder", "formal_demand", "final_notice")
_TRADES = ("plumbing", "heating_gas", "electrical", "locksmith", "roofing", "general")
_SCHEMES = [{"code": "DPS-CUSTODIAL", "name": "Deposit Protection Service (custodial)", "member": True},
            {"code": "TDS-INSURED", "name": "Tenancy Deposit Scheme (insured)", "member": True},
            {"code": "MYD-INSURED", "name": "mydeposits (insured)", "member": False}]


class ApiError(Exception):
    """A refusal; the endpoint returns it as JSON text."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code = status, code


def _endpoint(fn):
    """Return an ``ApiError`` as the API does: ``{"error": {"status", "code", "message"}}``."""

    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ApiError as exc:
            return json.dumps({"error": {"status": exc.status, "code": exc.code, "message": str(exc)}})

    return call


def FAILURE(reply) -> bool:  # noqa: N802 - the name the oracle looks for
    """A Doorstep refusal: JSON text holding an ``error`` object."""
    if not isinstance(reply, str) or not reply.startswith("{"):
        return False
    try:
        body = json.loads(reply)
    except ValueError:
        return False
    return isinstance(body, dict) and "error" in body


def _weekly(rent_pcm: float) -> float:
    return round(rent_pcm * 12 / 52, 2)


def _prop(address, postcode, ptype, beds, landlord, has_gas=True, certs=None):
    return {"address": address, "postcode": postcode, "type": ptype, "bedrooms": beds, "landlord": landlord,
            "has_gas": has_gas, "certificates": certs or {}}


def _cert(ref, issued, expires):
    return {"reference": ref, "issued_on": issued, "expires_on": expires}


def _tenancy(prop, tenants, start, rent, status, deposit_received, protection=None, end=None):
    return {"property": prop, "tenants": list(tenants), "start": start, "end": end, "rent": rent, "status": status,
            "deposit": {"amount": round(rent * 12 / 52 * 5, 2), "received": deposit_received,
                        "protection": protection}, "ledger": [], "inspections": [], "notices": []}


class State:
    """Kirkgate Lettings, Headingley branch, Monday 8 February 2027, 09:10."""

    def __init__(self) -> None:
        self.staff = {
            "priya.shah@kirkgatelettings.example": {"name": "Priya Shah", "role": "property_manager",
                                                    "password": "Headrow-Lights-31", "otp": "902114",
                                                    "client_money": True},
            "callum.reid@kirkgatelettings.example": {"name": "Callum Reid", "role": "negotiator",
                                                     "password": "Roundhay-Park-8", "otp": "331870",
                                                     "client_money": False},
        }
        self.landlords = {
            "LL-0412": {"name": "Margaret Oyelaran", "email": "m.oyelaran@example.net", "phone": "07700 900412",
                        "management": "fully_managed", "spend_limit": 250.0, "bank": ["40-11-62", "31926819"]},
            "LL-0415": {"name": "Hamid and Sara Qureshi", "email": "qureshi.lets@example.org",
                        "phone": "07700 900873", "management": "fully_managed", "spend_limit": 300.0,
                        "bank": ["20-45-77", "70112358"]},
            "LL-0418": {"name": "Northgate Estates Ltd", "email": "lettings@northgate-estates.example",
                        "phone": "0113 496 0188", "management": "rent_collection", "spend_limit": 150.0,
                        "bank": ["60-02-15", "44019372"]},
        }
        self.properties = {
            "P-2231": _prop("Flat 4, 18 Cardigan Road, Headingley, Leeds", "LS6 3AG", "flat", 2, "LL-0412", True,
                            {"gas_safety": _cert("GS-77120", "2026-01-20", "2027-01-20"),
                             "eicr": _cert("EICR-50219", "2024-06-03", "2029-06-03"),
                             "epc": _cert("0380-2977-6420-2124-8151", "2019-09-12", "2029-09-12")}),
            "P-2233": _prop("Flat 1, 18 Cardigan Road, Headingley, Leeds", "LS6 3AG", "flat", 1, "LL-0412", True,
                            {"gas_safety": _cert("GS-77119", "2026-11-02", "2027-11-02"),
                             "eicr": _cert("EICR-50218", "2024-06-03", "2029-06-03"),
                             "epc": _cert("0380-2977-6420-2124-8150", "2019-09-12", "2029-09-12")}),
            "P-2232": _prop("27 Brudenell Grove, Hyde Park, Leeds", "LS6 1HR", "hmo", 4, "LL-0412", True,
                            {"gas_safety": _cert("GS-76011", "2026-06-20", "2027-06-20"),
                             "eicr": _cert("EICR-48830", "2023-05-30", "2028-05-30"),
                             "epc": _cert("8110-4421-0039-7795-2006", "2021-04-01", "2031-04-01")}),
            "P-2236": _prop("9 Granby Terrace, Chapel Allerton, Leeds", "LS7 4DX", "house", 3, "LL-0415", True,
                            {"gas_safety": _cert("GS-77002", "2026-03-01", "2027-03-01"),
                             "eicr": _cert("EICR-49570", "2025-02-14", "2030-02-14"),
                             "epc": _cert("2290-0160-7222-9391-4013", "2020-11-05", "2030-11-05")}),
            "P-2239": _prop("Apartment 12, Wharf Street Lofts, Leeds", "LS2 7EQ", "flat", 1, "LL-0418", False,
                            {"eicr": _cert("EICR-51002", "2025-08-19", "2030-08-19"),
                             "epc": _cert("9301-6652-1180-2035-4471", "2022-02-10", "2032-02-10")}),
            "P-2241": _prop("Apartment 7, Wharf Street Lofts, Leeds", "LS2 7EQ", "flat", 2, "LL-0418", False,
                            {"eicr": _cert("EICR-51001", "2025-08-19", "2030-08-19"),
                             "epc": _cert("9301-6652-1180-2035-4469", "2022-02-10", "2032-02-10")}),
        }
        self.listings = {
            "L-3299": {"property": "P-2233", "rent": 850.0, "available": "2027-02-15", "status": "let_agreed",
                       "portals": ["rightmove", "zoopla"], "headline": "One-bed flat near Headingley Lane",
                       "description": "Bright first-floor flat, gas central heating."},
            "L-3304": {"property": "P-2241", "rent": 1050.0, "available": "2027-03-01", "status": "live",
                       "portals": ["rightmove", "zoopla"], "headline": "Two-bed canal-side apartment, city centre",
                       "description": "Second floor, lift, allocated bike store, no parking."},
        }
        self.applicants = {
            "A-7702": {"name": "Olivia Brennan", "email": "olivia.brennan@example.com", "phone": "07700 900215",
                       "income": 34000.0, "guarantor": False},
            "A-7709": {"name": "Daniel Mensah", "email": "d.mensah@example.com", "phone": "07700 900660",
                       "income": 22000.0, "guarantor": False},
        }
        self.viewings = {}
        self.offers = {
            "OF-5514": {"listing": "L-3299", "applicant": "A-7688", "rent": 850.0, "move_in": "2027-02-15",
                        "term": 12, "status": "completed", "holding_paid": True, "references": "passed"},
        }
        self.tenancies = {
            "T-1180": _tenancy("P-2236", ["Ewan Fairbairn", "Grace Fairbairn"], "2025-03-01", 1150.0, "active",
                               True, {"scheme": "DPS-CUSTODIAL", "certificate": "DPC-889120", "served": True}),
            "T-1192": _tenancy("P-2239", ["Jakub Nowak"], "2026-02-15", 895.0, "ending", True,
                               {"scheme": "TDS-INSURED", "certificate": "TDS-3310457", "served": True},
                               end="2027-02-14"),
            "T-1201": _tenancy("P-2232", ["Amara Obi", "Lewis Carrick", "Hannah Price", "Tomás Reyes"], "2026-07-01",
                               2080.0, "active", True,
                               {"scheme": "TDS-INSURED", "certificate": "TDS-3298812", "served": True}),
            "T-1210": _tenancy("P-2233", ["Sophie Turner-Hall"], "2027-02-15", 850.0, "awaiting_deposit", False),
        }
        self.tenancies["T-1201"]["ledger"] = [
            ["2027-01-01", "Rent due January", 2080.0, 0.0],
            ["2027-01-03", "Payment BGC OBI/CARRICK/PRICE", 0.0, 1560.0],
            ["2027-02-01", "Rent due February", 2080.0, 0.0], ["2027-02-02", "Payment BGC 27 BRUDENELL", 0.0, 2080.0]]
        self.tenancies["T-1180"]["ledger"] = [
            ["2027-01-01", "Rent due January", 1150.0, 0.0], ["2027-01-01", "Standing order FAIRBAIRN", 0.0, 1150.0],
            ["2027-02-01", "Rent due February", 1150.0, 0.0], ["2027-02-01", "Standing order FAIRBAIRN", 0.0, 1150.0]]
        self.tenancies["T-1192"]["ledger"] = [
            ["2027-01-15", "Rent due 15 Jan - 14 Feb", 895.0, 0.0],
            ["2027-01-15", "Standing order NOWAK J", 0.0, 895.0]]
        self.statements = {
            "ST-0412-2701": {"landlord": "LL-0412", "month": "2027-01", "paid": False, "lines": [
                ["2027-01-03", "27 Brudenell Grove", "Rent received", 1560.0],
                ["2027-01-03", "27 Brudenell Grove", "Management fee 12% + VAT", -224.64],
                ["2027-01-19", "Flat 4, 18 Cardigan Road", "Repair J-5490, Otley Road Locksmiths", -95.0]]},
            "ST-0415-2701": {"landlord": "LL-0415", "month": "2027-01", "paid": True, "lines": [
                ["2027-01-01", "9 Granby Terrace", "Rent received", 1150.0],
                ["2027-01-01", "9 Granby Terrace", "Management fee 12% + VAT", -165.6]]},
        }
        self.contractors = {
            "C-101": {"name": "Aire Valley Plumbing", "trade": "plumbing", "quote": 185.0},
            "C-104": {"name": "Kirkstall Gas Services", "trade": "heating_gas", "quote": 420.0,
                      "gas_safe": "561203"},
            "C-107": {"name": "Beeston Electrical", "trade": "electrical", "quote": 310.0},
            "C-110": {"name": "Otley Road Locksmiths", "trade": "locksmith", "quote": 95.0},
            "C-112": {"name": "Meanwood Maintenance", "trade": "general", "quote": 140.0},
        }
        self.repairs = {
            "J-5490": {"property": "P-2231", "summary": "Front door lock sticking", "priority": "urgent",
                       "status": "paid", "reported_by": "outgoing tenant", "quote": None, "approved": False},
            "J-5496": {"property": "P-2239", "summary": "Bathroom extractor fan not working", "priority": "routine",
                       "status": "instructed", "reported_by": "Jakub Nowak", "quote": "Q-9040", "approved": False},
            "J-5501": {"property": "P-2236", "summary": "Boiler losing pressure, no hot water in the mornings",
                       "priority": "urgent", "status": "reported", "reported_by": "Grace Fairbairn", "quote": None,
                       "approved": False},
        }
        self.quotes = {"Q-9040": {"job": "J-5496", "contractor": "C-107", "amount": 120.0}}
        self.works_orders = {}
        self.payments = []
        self.proposals = {}
        self.letters = []
        self.sessions = {}
        self.money_tokens = {}
        self.counters = {"session": 0, "landlord": 418, "property": 2241, "listing": 3306, "applicant": 7709,
                         "viewing": 8810, "offer": 5520, "tenancy": 1210, "certificate": 4400, "quote": 9050,
                         "job": 5501, "works_order": 770, "payment": 61300, "inspection": 330, "proposal": 120,
                         "receipt": 2200}


def _next(state: State, what: str) -> int:
    state.counters[what] += 1
    return state.counters[what]


def _user(state: State, access_token: str) -> dict:
    email = state.sessions.get(access_token)
    if email is None:
        raise ApiError(401, "unauthorized", "access token missing, invalid or expired")
    return dict(state.staff[email], email=email)


def _money(state: State, client_money_token: str) -> dict:
    email = state.money_tokens.get(client_money_token)
    if email is None:
        if client_money_token in state.sessions:
            raise ApiError(403, "step_up_required", "this call moves client money; step up for a client money token")
        raise ApiError(401, "unauthorized", "client money token missing, invalid or expired")
    return dict(state.staff[email], email=email)


def _get(table: dict, key: str, what: str) -> dict:
    row = table.get(str(key).strip().upper())
    if row is None:
        raise ApiError(404, "not_found", f"no {what} {key!r}")
    return row


def _valid(date: str) -> str:
    parts = str(date).strip().split("-")
    if len(parts) != 3 or not all(p.isdigit() for p in parts) or len(parts[0]) != 4:
        raise ApiError(422, "invalid_date", f"dates are YYYY-MM-DD, got {date!r}")
    return str(date).strip()


def _balance(ledger: list) -> float:
    return round(sum(d - c for _, _, d, c in ledger), 2)


def _money_fmt(x: float) -> str:
    return f"£{x:,.2f}"


# ----------------------------------------------------------------------------- authentication

@_endpoint
def login(email: str, password: str, state: State) -> str:
    """Log in a member of staff.

    :param email: Work e-mail address.
    :param password: Password.
    :returns: JSON ``{"access_token", "token_type", "expires_in", "user": {"name", "role", "branch"}}``.
    """
    address = email.strip().lower()
    person = state.staff.get(address)
    if person is None or person["password"] != password:
        raise ApiError(401, "invalid_credentials", "e-mail or password not recognised")
    n = _next(state, "session")
    token = f"kl_{(n * 7307) % 100000:05d}{address[:3]}"
    state.sessions[token] = address
    return json.dumps({"access_token": token, "token_type": "Bearer", "expires_in": 3600,
                       "user": {"name": person["name"], "role": person["role"], "branch": "Headingley"}})


@_endpoint
def step_up(access_token: str, otp_code: str, state: State) -> str:
    """Exchange an access token and an authenticator code for a client money token (10 minutes).

    :param access_token: From ``login``.
    :param otp_code: The six digits the authenticator app shows.
    :returns: JSON ``{"access_token", "token_type", "scope": "client_money", "expires_in"}``; pass its
        ``access_token`` as ``client_money_token``.
    """
    user = _user(state, access_token)
    if not user["client_money"]:
        raise ApiError(403, "forbidden", f"{user['name']} has no client money rights")
    if str(otp_code).replace(" ", "") != user["otp"]:
        raise ApiError(401, "invalid_otp", "authenticator code not accepted")
    token = f"cm_{access_token[3:8]}{len(state.money_tokens) + 1:02d}"
    state.money_tokens[token] = user["email"]
    return json.dumps({"access_token": token, "token_type": "Bearer", "scope": "client_money", "expires_in": 600})


# ----------------------------------------------------------------------------- landlords

@_endpoint
def search_landlords(access_token: str, name: str, state: State) -> str:
    """Search landlords by name.

    :returns: JSON ``{"results": [{"landlord": {"ref", "name", "email", "management"}, "properties": [...]}]}``.
    """
    _user(state, access_token)
    q = name.strip().lower()
    if len(q) < 3:
        raise ApiError(422, "query_too_short", "search needs at least 3 characters")
    return json.dumps({"results": [
        {"landlord": {"ref": ref, "name": l["name"], "email": l["email"], "management": l["management"]},
         "properties": [p for p, v in state.properties.items() if v["landlord"] == ref]}
        for ref, l in state.landlords.items() if q in l["name"].lower()]})


@_endpoint
def add_landlord(access_token: str, full_name: str, email: str, phone: str, bank_sort_code: str,
                 bank_account_number: str, management: Management, state: State) -> str:
    """Add a landlord client.

    :param management: ``let_only``, ``rent_collection`` or ``fully_managed``.
    :returns: A sentence with the new landlord reference.
    """
    _user(state, access_token)
    if "@" not in email:
        raise ApiError(422, "invalid_email", "email is not an address")
    digits = bank_sort_code.replace("-", "").replace(" ", "")
    if len(digits) != 6 or not digits.isdigit() or len(bank_account_number.strip()) != 8:
        raise ApiError(422, "invalid_bank_details", "sort code is 6 digits and account number 8 digits")
    if any(l["email"] == email.strip().lower() for l in state.landlords.values()):
        raise ApiError(409, "duplicate", "a landlord with this e-mail already exists")
    ref = f"LL-{_next(state, 'landlord'):04d}"
    state.landlords[ref] = {"name": full_name.strip(), "email": email.strip().lower(), "phone": phone,
                            "management": management, "spend_limit": 250.0,
                            "bank": [f"{digits[:2]}-{digits[2:4]}-{digits[4:]}", bank_account_number.strip()]}
    return f"Landlord {ref} ({full_name.strip()}) added on {management.replace('_', ' ')} terms."


@_endpoint
def get_landlord_statement(access_token: str, landlord_ref: str, month: str, state: State) -> str:
    """A landlord's statement for a closed month.

    :param month: ``YYYY-MM``.
    :returns: JSON ``{"statement": {"ref", "month", "lines": [[date, property, description, amount]],
        "balance_due", "paid"}}``.
    """
    _user(state, access_token)
    ref = landlord_ref.strip().upper()
    _get(state.landlords, ref, "landlord")
    parts = month.strip().split("-")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ApiError(422, "invalid_month", "month is YYYY-MM")
    if month.strip() >= TODAY[:7]:
        raise ApiError(409, "month_open", f"the {month} statement is produced when the month closes")
    sref = f"ST-{ref[3:]}-{parts[0][2:]}{parts[1]}"
    st = state.statements.setdefault(sref, {"landlord": ref, "month": month.strip(), "paid": False, "lines": []})
    balance = round(sum(x[3] for x in st["lines"]), 2)
    return json.dumps({"statement": {"ref": sref, "landlord": state.landlords[ref]["name"], "month": st["month"],
                                     "lines": st["lines"], "balance_due": 0.0 if st["paid"] else balance,
                                     "paid": st["paid"]}})


@_endpoint
def pay_landlord(client_money_token: str, statement_ref: str, amount: float, state: State) -> str:
    """Pay a landlord the balance of a statement from the client account.

    :param amount: The statement's balance due, in pounds.
    """
    _money(state, client_money_token)
    st = _get(state.statements, statement_ref, "statement")
    balance = round(sum(x[3] for x in st["lines"]), 2)
    if st["paid"]:
        raise ApiError(409, "already_paid", f"{statement_ref} was already paid")
    if balance <= 0:
        raise ApiError(409, "nothing_due", f"{statement_ref} has nothing to pay")
    if abs(float(amount) - balance) > 0.005:
        raise ApiError(422, "amount_mismatch", "amount must be the statement's balance due")
    st["paid"] = True
    n = f"PO-{_next(state, 'payment')}"
    landlord = state.landlords[st["landlord"]]
    state.payments.append({"id": n, "to": st["landlord"], "amount": balance})
    return (f"Payment {n} of {_money_fmt(balance)} sent to {landlord['name']} "
            f"(account ending {landlord['bank'][1][-4:]}).")


# ----------------------------------------------------------------------------- properties

@_endpoint
def search_properties(access_token: str, text: str, state: State) -> str:
    """Search managed properties by words of the address or the postcode.

    :returns: JSON ``{"results": [{"property": {"id", "address", "postcode", "type", "bedrooms",
        "landlord_ref", "occupied", "certificates": {kind: {"reference", "expires_on"}}}}]}``.
    """
    _user(state, access_token)
    words = text.lower().replace(",", " ").split()
    out = []
    for pid, p in state.properties.items():
        hay = f"{p['address']} {p['postcode']}".lower()
        if words and all(w in hay for w in words):
            occupied = any(t["property"] == pid and t["status"] in ("active", "ending", "awaiting_deposit")
                           for t in state.tenancies.values())
            out.append({"property": {"id": pid, "address": p["address"], "postcode": p["postcode"], "type": p["type"],
                                     "bedrooms": p["bedrooms"], "landlord_ref": p["landlord"], "occupied": occupied,
                                     "certificates": {k: {"reference": c["reference"], "expires_on": c["expires_on"]}
                                                      for k, c in p["certificates"].items()}}})
    return json.dumps({"results": out})


@_endpoint
def add_property(access_token: str, landlord_ref: str, address: str, postcode: str, property_type: PropertyType,
                 bedrooms: int, has_gas: bool, state: State) -> str:
    """Take on a property for a landlord.

    :param property_type: flat, house, maisonette or hmo.
    :param has_gas: Whether there is a gas supply (a gas safety certificate is then required to let).
    :returns: A sentence with the new property id.
    """
    _user(state, access_token)
    ref = landlord_ref.strip().upper()
    _get(state.landlords, ref, "landlord")
    ptype = PropertyType(property_type).value
    if not 0 <= int(bedrooms) <= 10:
        raise ApiError(422, "invalid_bedrooms", "bedrooms must be 0 (studio) to 10")
    if any(p["address"].lower() == address.strip().lower() for p in state.properties.values()):
        raise ApiError(409, "duplicate", "this address is already on the books")
    pid = f"P-{_next(state, 'property')}"
    state.properties[pid] = _prop(address.strip(), postcode.strip().upper(), ptype, int(bedrooms), ref, bool(has_gas))
    return f"Property {pid} added: {address.strip()}, {postcode.strip().upper()} ({ptype}, {int(bedrooms)} bedrooms)."


@_endpoint
def record_certificate(access_token: str, property_id: str, certificate: Certificate, reference: str,
                       issued_on: str, expires_on: str, state: State) -> str:
    """Record a safety or energy certificate for a property.

    :param certificate: ``gas_safety``, ``eicr`` (electrical) or ``epc``.
    :param reference: The certificate number as printed.
    :returns: JSON ``{"certificate": {"kind", "reference", "issued_on", "expires_on", "property_id"}}``.
    """
    _user(state, access_token)
    p = _get(state.properties, property_id, "property")
    issued, expires = _valid(issued_on), _valid(expires_on)
    if issued > TODAY:
        raise ApiError(422, "future_certificate", "issued_on is in the future")
    if expires <= issued:
        raise ApiError(422, "invalid_dates", "expires_on must be after issued_on")
    if certificate == "gas_safety" and not p["has_gas"]:
        raise ApiError(409, "no_gas_supply", "this property has no gas supply")
    p["certificates"][certificate] = _cert(reference.strip(), issued, expires)
    return json.dumps({"certificate": {"kind": certificate, "reference": reference.strip(), "issued_on": issued,
                                       "expires_on": expires, "property_id": property_id.strip().upper()}})


# ----------------------------------------------------------------------------- listings and applicants

@_endpoint
def create_listing(access_token: str, property_id: str, rent_pcm: float, available_from: str, headline: str,
                   description: str, state: State) -> str:
    """Create a draft listing for a vacant property; its certificates must be valid on the day it is available.

    :returns: JSON ``{"listing": {"id", "property_id", "rent_pcm", "available_from", "status"}}``.
    """
    _user(state, access_token)
    pid = property_id.strip().upper()
    p = _get(state.properties, pid, "property")
    day = _valid(available_from)
    for t in state.tenancies.values():
        if t["property"] == pid and t["status"] in ("active", "awaiting_deposit") or (
                t["property"] == pid and t["status"] == "ending" and (t["end"] or "") >= day):
            raise ApiError(409, "occupied", "the property is let on that date")
    needed = ["eicr", "epc"] + (["gas_safety"] if p["has_gas"] else [])
    for kind in needed:
        c = p["certificates"].get(kind)
        if c is None:
            raise ApiError(409, "certificate_missing", f"no {kind} certificate recorded for {pid}")
        if c["expires_on"] <= day:
            raise ApiError(409, "certificate_expired", f"the {kind} certificate expires on {c['expires_on']}; "
                                                       "record a current one")
    if float(rent_pcm) <= 0:
        raise ApiError(422, "invalid_rent", "rent_pcm must be positive")
    lid = f"L-{_next(state, 'listing')}"
    state.listings[lid] = {"property": pid, "rent": float(rent_pcm), "available": day, "status": "draft",
                           "portals": [], "headline": headline, "description": description}
    return json.dumps({"listing": {"id": lid, "property_id": pid, "rent_pcm": float(rent_pcm),
                                   "available_from": day, "status": "draft"}})


@_endpoint
def publish_listing(access_token: str, listing_id: str, portals: List[str], state: State) -> str:
    """Publish a listing on property portals."""
    _user(state, access_token)
    l = _get(state.listings, listing_id, "listing")
    unknown = [x for x in portals if x not in _PORTALS]
    if unknown or not portals:
        raise ApiError(422, "invalid_portal", f"portals must be among {', '.join(_PORTALS)}")
    if l["status"] not in ("draft", "live"):
        raise ApiError(409, "not_publishable", f"listing is {l['status']}")
    new = [x for x in portals if x not in l["portals"]]
    if not new:
        raise ApiError(409, "already_published", "the listing is already live on those portals")
    l["portals"] += new
    l["status"] = "live"
    return f"Listing {listing_id.strip().upper()} is live on {', '.join(l['portals'])}."


@_endpoint
def search_listings(access_token: str, area: Optional[str] = None, max_rent: Optional[float] = None,
                    bedrooms: Optional[int] = None, state: State = None) -> str:
    """Search the branch's listings.

    :returns: JSON ``{"listings": [[listing_id, address, rent_pcm, bedrooms, status, [portals]], ...]}``.
    """
    _user(state, access_token)
    rows = []
    for lid, l in state.listings.items():
        p = state.properties[l["property"]]
        if area and area.lower() not in f"{p['address']} {p['postcode']}".lower():
            continue
        if max_rent is not None and l["rent"] > float(max_rent):
            continue
        if bedrooms is not None and p["bedrooms"] != int(bedrooms):
            continue
        rows.append([lid, p["address"], l["rent"], p["bedrooms"], l["status"], list(l["portals"])])
    return json.dumps({"listings": rows})


@_endpoint
def find_applicant(access_token: str, name_or_email: str, state: State) -> str:
    """Find registered applicants by name or e-mail.

    :returns: JSON ``{"applicants": [{"id", "name", "email", "phone"}]}``.
    """
    _user(state, access_token)
    q = name_or_email.strip().lower()
    return json.dumps({"applicants": [{"id": k, "name": a["name"], "email": a["email"], "phone": a["phone"]}
                                      for k, a in state.applicants.items()
                                      if q and (q in a["name"].lower() or q == a["email"])]})


@_endpoint
def register_applicant(access_token: str, full_name: str, email: str, phone: str, annual_income: float,
                       has_guarantor: bool, state: State) -> str:
    """Register a prospective tenant.

    :returns: A sentence with the new applicant id.
    """
    _user(state, access_token)
    if "@" not in email:
        raise ApiError(422, "invalid_email", "email is not an address")
    if any(a["email"] == email.strip().lower() for a in state.applicants.values()):
        raise ApiError(409, "duplicate", "an applicant with this e-mail is already registered")
    aid = f"A-{_next(state, 'applicant')}"
    state.applicants[aid] = {"name": full_name.strip(), "email": email.strip().lower(), "phone": phone,
                             "income": float(annual_income), "guarantor": bool(has_guarantor)}
    return f"Applicant {aid} registered: {full_name.strip()}."


@_endpoint
def book_viewing(access_token: str, listing_id: str, applicant_id: str, slot: str, state: State) -> str:
    """Book a viewing of a live listing for an applicant.

    :param slot: ``YYYY-MM-DD HH:MM``.
    """
    user = _user(state, access_token)
    l = _get(state.listings, listing_id, "listing")
    a = _get(state.applicants, applicant_id, "applicant")
    if l["status"] != "live":
        raise ApiError(409, "listing_not_live", f"listing {listing_id} is {l['status']}; publish it first")
    day, _, time = slot.strip().partition(" ")
    _valid(day)
    if day < TODAY or len(time) != 5:
        raise ApiError(422, "invalid_slot", "slot is a future 'YYYY-MM-DD HH:MM'")
    vid = f"V-{_next(state, 'viewing')}"
    state.viewings[vid] = {"listing": listing_id.strip().upper(), "applicant": applicant_id.strip().upper(),
                           "slot": slot.strip(), "with": user["name"]}
    return (f"Viewing {vid} booked: {a['name']} at {state.properties[l['property']]['address']} on {day} at {time} "
            f"with {user['name']}.")


@_endpoint
def record_offer(access_token: str, listing_id: str, applicant_id: str, rent_pcm: float, move_in_date: str,
                 term_months: int, state: State) -> str:
    """Record an applicant's offer on a live listing, for the landlord to consider.

    :returns: JSON ``{"offer": {"id", "status", "rent_pcm", "holding_deposit", "move_in_date"}}``; the
        holding deposit is one week's rent.
    """
    _user(state, access_token)
    lid = listing_id.strip().upper()
    l = _get(state.listings, lid, "listing")
    _get(state.applicants, applicant_id, "applicant")
    if l["status"] != "live":
        raise ApiError(409, "listing_not_live", f"listing {lid} is {l['status']}")
    move_in = _valid(move_in_date)
    if move_in < l["available"]:
        raise ApiError(422, "before_available", f"the property is available from {l['available']}")
    if not 6 <= int(term_months) <= 36:
        raise ApiError(422, "invalid_term", "term_months must be 6 to 36")
    oid = f"OF-{_next(state, 'offer')}"
    state.offers[oid] = {"listing": lid, "applicant": applicant_id.strip().upper(), "rent": float(rent_pcm),
                         "move_in": move_in, "term": int(term_months), "status": "pending_landlord",
                         "holding_paid": False, "references": None}
    return json.dumps({"offer": {"id": oid, "status": "pending_landlord", "rent_pcm": float(rent_pcm),
                                 "holding_deposit": _weekly(float(rent_pcm)), "move_in_date": move_in}})


@_endpoint
def accept_offer(access_token: str, offer_id: str, landlord_confirmation: str, state: State) -> str:
    """Record the landlord's acceptance of an offer (how and when they confirmed, in words).

    :returns: JSON ``{"offer": {"id", "status"}}``.
    """
    _user(state, access_token)
    o = _get(state.offers, offer_id, "offer")
    if o["status"] == "accepted":
        raise ApiError(409, "already_accepted", "the offer is already accepted")
    if o["status"] != "pending_landlord":
        raise ApiError(409, "not_pending", f"offer is {o['status']}")
    if len(landlord_confirmation.strip()) < 5:
        raise ApiError(422, "confirmation_required", "say how the landlord confirmed")
    o.update(status="accepted", confirmation=landlord_confirmation.strip())
    state.listings[o["listing"]]["status"] = "under_offer"
    return json.dumps({"offer": {"id": offer_id.strip().upper(), "status": "accepted"}})


@_endpoint
def take_holding_deposit(client_money_token: str, offer_id: str, amount: float, state: State) -> str:
    """Take the holding deposit (one week's rent) on an accepted offer into the client account."""
    _money(state, client_money_token)
    o = _get(state.offers, offer_id, "offer")
    if o["status"] != "accepted":
        raise ApiError(409, "offer_not_accepted", "holding deposits are taken once the landlord accepts")
    if o["holding_paid"]:
        raise ApiError(409, "already_paid", "the holding deposit is already paid")
    if abs(float(amount) - _weekly(o["rent"])) > 0.005:
        raise ApiError(422, "amount_mismatch", "the holding deposit is one week's rent")
    o["holding_paid"] = True
    return (f"Holding deposit of {_money_fmt(float(amount))} received on {offer_id.strip().upper()} "
            f"(receipt HR-{_next(state, 'receipt')}).")


@_endpoint
def order_references(access_token: str, offer_id: str, state: State) -> str:
    """Run referencing (identity, right to rent, affordability) on an offer whose holding deposit is paid.

    :returns: JSON ``{"referencing": {"offer_id", "checks": [{"applicant", "check_id", "result"}], "outcome"}}``.
    """
    _user(state, access_token)
    oid = offer_id.strip().upper()
    o = _get(state.offers, oid, "offer")
    if not o["holding_paid"]:
        raise ApiError(409, "holding_deposit_unpaid", "referencing starts once the holding deposit is paid")
    a = state.applicants[o["applicant"]]
    ok = a["income"] >= 30 * o["rent"] or a["guarantor"]
    o["references"] = "passed" if ok else "guarantor_required"
    return json.dumps({"referencing": {"offer_id": oid, "checks": [
        {"applicant": a["name"], "check_id": f"RC-{oid[3:]}-1", "result": "pass" if ok else "guarantor_required"}],
        "outcome": o["references"]}})


# ----------------------------------------------------------------------------- tenancies and deposits

@_endpoint
def create_tenancy(access_token: str, offer_id: str, start_date: str, additional_tenants: List[str],
                   state: State) -> str:
    """Create the tenancy for an accepted offer whose references passed.

    :param additional_tenants: Full names of joint tenants besides the applicant (may be empty).
    :returns: JSON ``{"tenancy": {"id", "property_id", "tenants", "start_date", "rent_pcm", "status"}}``.
    """
    _user(state, access_token)
    o = _get(state.offers, offer_id, "offer")
    if o["status"] != "accepted":
        raise ApiError(409, "offer_not_accepted", f"offer is {o['status']}")
    if o["references"] != "passed":
        raise ApiError(409, "references_incomplete", "references have not passed")
    start = _valid(start_date)
    pid = state.listings[o["listing"]]["property"]
    tid = f"T-{_next(state, 'tenancy')}"
    tenants = [state.applicants[o["applicant"]]["name"]] + [t.strip() for t in additional_tenants]
    state.tenancies[tid] = _tenancy(pid, tenants, start, o["rent"], "awaiting_deposit", False)
    o["status"] = "completed"
    state.listings[o["listing"]]["status"] = "let_agreed"
    return json.dumps({"tenancy": {"id": tid, "property_id": pid, "tenants": tenants, "start_date": start,
                                   "rent_pcm": o["rent"], "status": "awaiting_deposit"}})


@_endpoint
def find_tenancy(access_token: str, query: str, status: Optional[str] = None, state: State = None) -> str:
    """Find tenancies by words of the address or a tenant's name.

    :param status: ``awaiting_deposit``, ``active``, ``ending`` or ``ended``.
    :returns: JSON ``{"tenancies": [[tenancy_id, property_id, address, [tenants], status], ...]}``.
    """
    _user(state, access_token)
    words = query.lower().replace(",", " ").split()
    rows = []
    for tid, t in state.tenancies.items():
        hay = f"{state.properties[t['property']]['address']} {' '.join(t['tenants'])}".lower()
        if words and all(w in hay for w in words) and (status is None or t["status"] == status):
            rows.append([tid, t["property"], state.properties[t["property"]]["address"], list(t["tenants"]),
                         t["status"]])
    return json.dumps({"tenancies": rows})


@_endpoint
def get_tenancy(access_token: str, tenancy_id: str, state: State) -> str:
    """A tenancy: tenants, dates, rent, deposit (amount, received, protection) and inspections.

    :returns: JSON ``{"tenancy": {"id", "address", "tenants", "start_date", "end_date", "rent_pcm",
        "status", "deposit": {"amount", "received", "scheme", "certificate"}, "inspections"}}``.
    """
    _user(state, access_token)
    tid = tenancy_id.strip().upper()
    t = _get(state.tenancies, tid, "tenancy")
    prot = t["deposit"]["protection"] or {}
    return json.dumps({"tenancy": {"id": tid, "address": state.properties[t["property"]]["address"],
                                   "tenants": t["tenants"], "start_date": t["start"], "end_date": t["end"],
                                   "rent_pcm": t["rent"], "status": t["status"],
                                   "deposit": {"amount": t["deposit"]["amount"], "received": t["deposit"]["received"],
                                               "scheme": prot.get("scheme"), "certificate": prot.get("certificate")},
                                   "inspections": t["inspections"]}})


@_endpoint
def receive_deposit(client_money_token: str, tenancy_id: str, amount: float, state: State) -> str:
    """Receive a tenancy deposit (five weeks' rent) into the client account; the tenancy becomes active."""
    _money(state, client_money_token)
    t = _get(state.tenancies, tenancy_id, "tenancy")
    if t["deposit"]["received"]:
        raise ApiError(409, "already_received", "the deposit is already received")
    if abs(float(amount) - t["deposit"]["amount"]) > 0.005:
        raise ApiError(422, "amount_mismatch", "amount must be the tenancy's deposit")
    t["deposit"]["received"] = True
    if t["status"] == "awaiting_deposit":
        t["status"] = "active"
    return (f"Deposit of {_money_fmt(t['deposit']['amount'])} received for {tenancy_id.strip().upper()} "
            f"(receipt DR-{_next(state, 'receipt')}); protect it within 30 days.")


@_endpoint
def list_deposit_schemes(state: State) -> str:
    """The government-approved deposit protection schemes and whether the agency is a member.

    :returns: JSON ``[{"code", "name", "member"}]``.
    """
    return json.dumps(_SCHEMES)


@_endpoint
def protect_deposit(access_token: str, tenancy_id: str, scheme_code: str, state: State) -> str:
    """Protect a received deposit in a scheme the agency belongs to.

    :returns: JSON ``{"protection": {"tenancy_id", "scheme", "certificate", "protected_on"}}``.
    """
    _user(state, access_token)
    tid = tenancy_id.strip().upper()
    t = _get(state.tenancies, tid, "tenancy")
    scheme = next((s for s in _SCHEMES if s["code"] == scheme_code.strip().upper()), None)
    if scheme is None:
        raise ApiError(422, "unknown_scheme", f"no deposit scheme {scheme_code!r}")
    if not scheme["member"]:
        raise ApiError(409, "not_a_member", f"the agency is not a member of {scheme['name']}")
    if not t["deposit"]["received"]:
        raise ApiError(409, "deposit_not_received", "only a received deposit can be protected")
    if t["deposit"]["protection"]:
        raise ApiError(409, "already_protected", f"already protected ({t['deposit']['protection']['certificate']})")
    cert = f"{scheme['code'].split('-')[0]}-{_next(state, 'certificate') * 733 % 10000000:07d}"
    t["deposit"]["protection"] = {"scheme": scheme["code"], "certificate": cert, "served": False}
    return json.dumps({"protection": {"tenancy_id": tid, "scheme": scheme["code"], "certificate": cert,
                                      "protected_on": TODAY}})


@_endpoint
def serve_prescribed_information(access_token: str, tenancy_id: str, certificate_number: str, state: State) -> str:
    """E-mail the tenants the deposit's prescribed information, quoting the scheme certificate number."""
    _user(state, access_token)
    t = _get(state.tenancies, tenancy_id, "tenancy")
    prot = t["deposit"]["protection"]
    if not prot:
        raise ApiError(409, "deposit_unprotected", "the deposit is not protected")
    if certificate_number.strip().upper() != prot["certificate"]:
        raise ApiError(422, "certificate_mismatch", "that is not this deposit's protection certificate")
    if prot.get("served"):
        raise ApiError(409, "already_served", "the prescribed information was already served")
    prot["served"] = True
    return (f"Prescribed information for {prot['certificate']} e-mailed to {len(t['tenants'])} tenant(s) of "
            f"{tenancy_id.strip().upper()}.")


@_endpoint
def end_tenancy(access_token: str, tenancy_id: str, end_date: str, reason: str, state: State) -> str:
    """Record that an active tenancy is ending (tenant's notice, mutual surrender or landlord's notice).

    :returns: JSON ``{"tenancy": {"id", "status": "ending", "end_date"}}``.
    """
    _user(state, access_token)
    t = _get(state.tenancies, tenancy_id, "tenancy")
    if t["status"] == "ending":
        raise ApiError(409, "already_ending", f"the tenancy already ends on {t['end']}")
    if t["status"] != "active":
        raise ApiError(409, "not_active", f"tenancy is {t['status']}")
    day = _valid(end_date)
    if day <= TODAY:
        raise ApiError(422, "invalid_end_date", "end_date must be in the future")
    t.update(status="ending", end=day, end_reason=reason)
    return json.dumps({"tenancy": {"id": tenancy_id.strip().upper(), "status": "ending", "end_date": day}})


@_endpoint
def schedule_inspection(access_token: str, tenancy_id: str, kind: InspectionKind, date: str, inspector: str,
                        state: State) -> str:
    """Book an inventory, mid-term or check-out inspection; check-outs are for ending tenancies."""
    _user(state, access_token)
    t = _get(state.tenancies, tenancy_id, "tenancy")
    day = _valid(date)
    if kind == "check_out" and t["status"] != "ending":
        raise ApiError(409, "not_ending", "check-out inspections are for tenancies that are ending")
    if t["status"] == "ended":
        raise ApiError(409, "ended", "the tenancy has ended")
    iid = f"I-{_next(state, 'inspection')}"
    t["inspections"].append({"id": iid, "kind": kind, "date": day, "inspector": inspector})
    return f"{kind.replace('_', '-').capitalize()} inspection {iid} booked for {day} with {inspector}."


@_endpoint
def propose_deposit_deductions(access_token: str, tenancy_id: str, deductions: List[Deduction],
                               state: State) -> str:
    """Propose how an ending tenancy's deposit is split, after its check-out inspection is booked.

    :param deductions: What the landlord claims, each ``{"reason", "amount"}`` (may be empty).
    :returns: JSON ``{"proposal": {"id", "to_tenants", "to_landlord"}}``.
    """
    _user(state, access_token)
    tid = tenancy_id.strip().upper()
    t = _get(state.tenancies, tid, "tenancy")
    if t["status"] != "ending":
        raise ApiError(409, "not_ending", "deposit deductions are proposed when a tenancy ends")
    if not any(i["kind"] == "check_out" for i in t["inspections"]):
        raise ApiError(409, "no_check_out", "book the check-out inspection first")
    if not t["deposit"]["received"]:
        raise ApiError(409, "deposit_not_received", "no deposit was received")
    claimed = round(sum(float(d["amount"]) for d in deductions), 2)
    if claimed > t["deposit"]["amount"]:
        raise ApiError(422, "too_much", "deductions exceed the deposit")
    pid = f"DP-{_next(state, 'proposal')}"
    state.proposals[pid] = {"tenancy": tid, "to_landlord": claimed,
                            "to_tenants": round(t["deposit"]["amount"] - claimed, 2), "released": False,
                            "deductions": [dict(d) for d in deductions]}
    return json.dumps({"proposal": {"id": pid, "to_tenants": state.proposals[pid]["to_tenants"],
                                    "to_landlord": claimed}})


@_endpoint
def release_deposit(client_money_token: str, proposal_id: str, state: State) -> str:
    """Release a deposit as proposed, from the client account or the scheme."""
    _money(state, client_money_token)
    p = _get(state.proposals, proposal_id, "deposit proposal")
    if p["released"]:
        raise ApiError(409, "already_released", "this deposit was already released")
    p["released"] = True
    return (f"Deposit released under {proposal_id.strip().upper()}: {_money_fmt(p['to_tenants'])} to the tenants, "
            f"{_money_fmt(p['to_landlord'])} to the landlord.")


# ----------------------------------------------------------------------------- rent

@_endpoint
def get_rent_ledger(access_token: str, tenancy_id: str, state: State) -> str:
    """A tenancy's rent account.

    :returns: JSON ``{"ledger": [[date, description, debit, credit], ...], "arrears"}``.
    """
    _user(state, access_token)
    t = _get(state.tenancies, tenancy_id, "tenancy")
    return json.dumps({"tenancy_id": tenancy_id.strip().upper(), "ledger": t["ledger"],
                       "arrears": max(0.0, _balance(t["ledger"]))})


@_endpoint
def record_rent_payment(access_token: str, tenancy_id: str, amount: float, received_on: str, payer_reference: str,
                        state: State) -> str:
    """Record rent received from tenants on a tenancy's rent account."""
    _user(state, access_token)
    t = _get(state.tenancies, tenancy_id, "tenancy")
    if t["status"] == "ended":
        raise ApiError(409, "ended", "the tenancy has ended")
    if float(amount) <= 0:
        raise ApiError(422, "invalid_amount", "amount must be positive")
    t["ledger"].append([_valid(received_on), f"Payment {payer_reference.strip()}", 0.0, round(float(amount), 2)])
    return (f"{_money_fmt(float(amount))} recorded on {tenancy_id.strip().upper()}; arrears now "
            f"{_money_fmt(max(0.0, _balance(t['ledger'])))}.")


@_endpoint
def send_arrears_letter(access_token: str, tenancy_id: str, stage: str, state: State) -> str:
    """Send the tenants the arrears letter for a stage of the arrears process."""
    _user(state, access_token)
    t = _get(state.tenancies, tenancy_id, "tenancy")
    if stage not in _ARREARS_STAGES:
        raise ApiError(422, "invalid_stage", f"stage must be one of {', '.join(_ARREARS_STAGES)}")
    owed = _balance(t["ledger"])
    if owed <= 0:
        raise ApiError(409, "no_arrears", "the rent account is not in arrears")
    state.letters.append({"tenancy": tenancy_id.strip().upper(), "stage": stage, "owed": owed})
    return f"{stage.replace('_', ' ').capitalize()} letter sent to {', '.join(t['tenants'])} for {_money_fmt(owed)}."


# ----------------------------------------------------------------------------- repairs

@_endpoint
def report_repair(access_token: str, property_id: str, summary: str, priority: RepairPriority, reported_by: str,
                  state: State) -> str:
    """Log a repair reported on a managed property.

    :returns: A sentence with the new job number.
    """
    _user(state, access_token)
    pid = property_id.strip().upper()
    p = _get(state.properties, pid, "property")
    prio = RepairPriority(priority).value
    if len(summary.strip()) < 8:
        raise ApiError(422, "summary_too_short", "describe the problem")
    jid = f"J-{_next(state, 'job')}"
    state.repairs[jid] = {"property": pid, "summary": summary.strip(), "priority": prio, "status": "reported",
                          "reported_by": reported_by, "quote": None, "approved": False}
    due = {"emergency": "within 24 hours", "urgent": "within 3 working days", "routine": "within 20 working days"}
    return f"Repair {jid} logged for {p['address']} ({prio}: attend {due[prio]})."


@_endpoint
def list_repairs(access_token: str, property_id: Optional[str] = None, status: Optional[str] = None,
                 state: State = None) -> str:
    """Repair jobs, optionally for one property or in one status.

    :returns: JSON ``{"repairs": [[job_id, property_id, address, summary, priority, status], ...]}``.
    """
    _user(state, access_token)
    rows = [[j, r["property"], state.properties[r["property"]]["address"], r["summary"], r["priority"], r["status"]]
            for j, r in state.repairs.items()
            if (property_id is None or r["property"] == property_id.strip().upper())
            and (status is None or r["status"] == status)]
    return json.dumps({"repairs": rows})


@_endpoint
def list_contractors(access_token: str, trade: Optional[str] = None, state: State = None) -> str:
    """Approved contractors, optionally of one trade.

    :returns: JSON ``{"contractors": [[contractor_id, name, trade], ...]}``.
    """
    _user(state, access_token)
    if trade is not None and trade not in _TRADES:
        raise ApiError(422, "invalid_trade", f"trade must be one of {', '.join(_TRADES)}")
    return json.dumps({"contractors": [[c, v["name"], v["trade"]] for c, v in state.contractors.items()
                                       if trade is None or v["trade"] == trade]})


@_endpoint
def request_quote(access_token: str, job_id: str, contractor_id: str, state: State) -> str:
    """Ask a contractor to quote for a repair job.

    :returns: JSON ``{"quote": {"id", "job_id", "contractor", "amount", "landlord_approval_needed"}}``.
    """
    _user(state, access_token)
    jid = job_id.strip().upper()
    r = _get(state.repairs, jid, "repair job")
    c = _get(state.contractors, contractor_id, "contractor")
    if r["status"] not in ("reported", "quoted"):
        raise ApiError(409, "not_quotable", f"job {jid} is {r['status']}")
    qid = f"Q-{_next(state, 'quote')}"
    state.quotes[qid] = {"job": jid, "contractor": contractor_id.strip().upper(), "amount": c["quote"]}
    r["status"] = "quoted"
    limit = state.landlords[state.properties[r["property"]]["landlord"]]["spend_limit"]
    return json.dumps({"quote": {"id": qid, "job_id": jid, "contractor": c["name"], "amount": c["quote"],
                                 "landlord_approval_needed": c["quote"] > limit}})


@_endpoint
def record_landlord_approval(access_token: str, job_id: str, quote_id: str, approved_by: str, note: str,
                             state: State) -> str:
    """Record that the landlord approved a quote above their spending limit.

    :returns: JSON ``{"approval": {"job_id", "quote_id", "amount", "approved_by"}}``.
    """
    _user(state, access_token)
    jid = job_id.strip().upper()
    r = _get(state.repairs, jid, "repair job")
    q = _get(state.quotes, quote_id, "quote")
    if q["job"] != jid:
        raise ApiError(422, "quote_mismatch", "that quote is for another job")
    if r["approved"] == quote_id.strip().upper():
        raise ApiError(409, "already_approved", "this quote is already approved")
    r["approved"] = quote_id.strip().upper()
    return json.dumps({"approval": {"job_id": jid, "quote_id": quote_id.strip().upper(), "amount": q["amount"],
                                    "approved_by": approved_by, "note": note}})


@_endpoint
def instruct_contractor(access_token: str, job_id: str, quote_id: str, state: State) -> str:
    """Send a works order to the contractor whose quote is taken; quotes above the landlord's limit need
    their approval recorded first."""
    _user(state, access_token)
    jid = job_id.strip().upper()
    r = _get(state.repairs, jid, "repair job")
    qid = quote_id.strip().upper()
    q = _get(state.quotes, qid, "quote")
    if q["job"] != jid:
        raise ApiError(422, "quote_mismatch", "that quote is for another job")
    if r["status"] != "quoted":
        raise ApiError(409, "not_instructable", f"job {jid} is {r['status']}")
    limit = state.landlords[state.properties[r["property"]]["landlord"]]["spend_limit"]
    if q["amount"] > limit and r["approved"] != qid:
        raise ApiError(409, "approval_required", f"the quote exceeds the landlord's {_money_fmt(limit)} limit")
    wo = f"WKS-{_next(state, 'works_order')}"
    r.update(status="instructed", quote=qid, works_order=wo)
    return f"Works order {wo} sent to {state.contractors[q['contractor']]['name']} for {_money_fmt(q['amount'])}."


@_endpoint
def complete_repair(access_token: str, job_id: str, invoice_number: str, invoice_amount: float,
                    state: State) -> str:
    """Mark an instructed job done with the contractor's invoice (at most 10% over the quote)."""
    _user(state, access_token)
    r = _get(state.repairs, job_id, "repair job")
    if r["status"] != "instructed":
        raise ApiError(409, "not_instructed", f"job is {r['status']}")
    q = state.quotes[r["quote"]]
    if float(invoice_amount) > q["amount"] * 1.1 + 0.005:
        raise ApiError(422, "over_quote", "the invoice is more than 10% over the quote")
    r.update(status="completed", invoice=[invoice_number.strip(), round(float(invoice_amount), 2)])
    return (f"Job {job_id.strip().upper()} completed; invoice {invoice_number.strip()} for "
            f"{_money_fmt(float(invoice_amount))} awaiting payment.")


@_endpoint
def pay_contractor(client_money_token: str, job_id: str, state: State) -> str:
    """Pay a completed job's invoice from the landlord's client account balance."""
    _money(state, client_money_token)
    r = _get(state.repairs, job_id, "repair job")
    if r["status"] == "paid":
        raise ApiError(409, "already_paid", "the invoice is already paid")
    if r["status"] != "completed":
        raise ApiError(409, "not_completed", f"job is {r['status']}")
    r["status"] = "paid"
    n = f"PO-{_next(state, 'payment')}"
    return f"Payment {n} of {_money_fmt(r['invoice'][1])} sent for invoice {r['invoice'][0]}."


TOOLS = [
    login, step_up,
    search_landlords, add_landlord, get_landlord_statement, pay_landlord,
    search_properties, add_property, record_certificate,
    create_listing, publish_listing, search_listings, find_applicant, register_applicant, book_viewing,
    record_offer, accept_offer, take_holding_deposit, order_references,
    create_tenancy, find_tenancy, get_tenancy, receive_deposit, list_deposit_schemes, protect_deposit,
    serve_prescribed_information, end_tenancy, schedule_inspection, propose_deposit_deductions, release_deposit,
    get_rent_ledger, record_rent_payment, send_arrears_letter,
    report_repair, list_repairs, list_contractors, request_quote, record_landlord_approval, instruct_contractor,
    complete_repair, pay_contractor,
]

FIXTURES = {
    "agency": {"name": "Kirkgate Lettings", "branch": "Headingley, Leeds"},
    "property_manager": {"name": "Priya Shah", "email": "priya.shah@kirkgatelettings.example",
                         "password": "Headrow-Lights-31", "authenticator_code": "902114"},
    "negotiator": {"name": "Callum Reid", "email": "callum.reid@kirkgatelettings.example",
                   "password": "Roundhay-Park-8"},
    "landlord": {"name": "Margaret Oyelaran",
                 "properties": "Flat 4 and Flat 1 at 18 Cardigan Road, 27 Brudenell Grove"},
    "new_landlord": {"name": "Dr Imran Saeed", "email": "imran.saeed@example.co.uk", "phone": "07700 900931",
                     "sort_code": "30-96-26", "account_number": "11846620",
                     "property": "14 Victoria Road, Headingley, Leeds LS6 1DR, 3-bed terraced house with gas"},
    "gas_engineer_certificate": {"property": "the top-floor flat at 18 Cardigan Road", "reference": "GS-79310",
                                 "issued_on": "2027-02-05", "expires_on": "2028-02-05"},
    "applicant": {"name": "Olivia Brennan", "email": "olivia.brennan@example.com"},
    "new_applicant": {"name": "Marcus Feld", "email": "marcus.feld@example.com", "phone": "07700 900377",
                      "annual_income": 41000},
    "tenants": {"Granby Terrace": "Ewan and Grace Fairbairn", "Wharf Street Lofts": "Jakub Nowak",
                "Brudenell Grove": "Amara Obi and three housemates", "Cardigan Road": "Sophie Turner-Hall"},
}

_ACCESS = ["step_up", "search_landlords", "add_landlord", "get_landlord_statement", "search_properties",
           "add_property", "record_certificate", "create_listing", "publish_listing", "search_listings",
           "find_applicant", "register_applicant", "book_viewing", "record_offer", "accept_offer", "order_references",
           "create_tenancy", "find_tenancy", "get_tenancy", "protect_deposit", "serve_prescribed_information",
           "end_tenancy", "schedule_inspection", "propose_deposit_deductions", "get_rent_ledger",
           "record_rent_payment", "send_arrears_letter", "report_repair", "list_repairs", "list_contractors",
           "request_quote", "record_landlord_approval", "instruct_contractor", "complete_repair"]
_MONEY = ["pay_landlord", "take_holding_deposit", "receive_deposit", "release_deposit", "pay_contractor"]
_TENANCY = ["get_tenancy", "receive_deposit", "protect_deposit", "serve_prescribed_information", "end_tenancy",
            "schedule_inspection", "propose_deposit_deductions", "get_rent_ledger", "record_rent_payment"]
_JOB = ["request_quote", "record_landlord_approval", "instruct_contractor", "complete_repair", "pay_contractor"]

GROUND_TRUTH = (
    [("login", c, "auth: access token (access_token)") for c in _ACCESS]
    + [("step_up", c, "auth: client money token (the step-up reply's access_token)") for c in _MONEY]
    + [("search_landlords|add_landlord", c, "id lookup/create: landlord ref (results[].landlord.ref, or LL-nnnn "
        "in the sentence)") for c in ("add_property", "get_landlord_statement")]
    + [("search_properties|add_property", c, "id lookup/create: property id (results[].property.id, or P-nnnn in "
        "the sentence)") for c in ("record_certificate", "create_listing", "report_repair")]
    + [("create_listing|search_listings", c, "id lookup/create: listing id (listing.id, or a listings row cell)")
       for c in ("publish_listing", "book_viewing", "record_offer")]
    + [("find_applicant|register_applicant", c, "id lookup/create: applicant id (applicants[].id, or A-nnnn in the "
        "sentence)") for c in ("book_viewing", "record_offer")]
    + [("record_offer", c, "id create: offer id (offer.id)") for c in ("accept_offer", "order_references",
                                                                       "create_tenancy")]
    + [("create_tenancy|find_tenancy", c, "id lookup/create: tenancy id (tenancy.id, or a tenancies row cell)")
       for c in _TENANCY]
    + [("report_repair|list_repairs", c, "id lookup/create: repair job id (J-nnnn in the sentence, or a repairs "
        "row cell)") for c in _JOB]
    + [
        ("get_landlord_statement", "pay_landlord", "value: statement ref and its balance due, together "
                                                   "(statement.ref, statement.balance_due)"),
        ("record_offer", "take_holding_deposit", "id create: offer id and its holding deposit, together "
                                                 "(offer.id, offer.holding_deposit)"),
        ("find_tenancy", "send_arrears_letter", "id lookup: tenancy id of a tenancy in arrears (row cell)"),
        ("get_tenancy", "receive_deposit", "value: the deposit amount (tenancy.deposit.amount)"),
        ("list_deposit_schemes", "protect_deposit", "vocabulary: scheme code of a scheme the agency belongs to"),
        ("protect_deposit", "serve_prescribed_information", "id create: protection certificate "
                                                            "(protection.certificate)"),
        ("propose_deposit_deductions", "release_deposit", "id create: deposit proposal id (proposal.id)"),
        ("list_contractors", "request_quote", "id lookup: contractor id (row cell)"),
        ("request_quote", "record_landlord_approval", "id create: quote id (quote.id)"),
        ("request_quote", "instruct_contractor", "id create: quote id (quote.id)"),
        ("record_certificate", "create_listing", "state: certificates must be current on the available date"),
        ("publish_listing", "book_viewing", "state: viewings are booked on live listings"),
        ("accept_offer", "take_holding_deposit", "state: the holding deposit follows the landlord's acceptance"),
        ("take_holding_deposit", "order_references", "state: referencing starts once the holding deposit is paid"),
        ("order_references", "create_tenancy", "state: references must pass before the tenancy"),
        ("receive_deposit", "protect_deposit", "state: only a received deposit is protected"),
        ("end_tenancy", "schedule_inspection", "state: check-out inspections are for ending tenancies"),
        ("end_tenancy", "propose_deposit_deductions", "state: deductions are proposed when the tenancy ends"),
        ("schedule_inspection", "propose_deposit_deductions", "state: the check-out inspection is booked first"),
        ("record_landlord_approval", "instruct_contractor", "state: quotes over the landlord's limit need approval"),
        ("instruct_contractor", "complete_repair", "state: only an instructed job is completed"),
        ("complete_repair", "pay_contractor", "state: only a completed job's invoice is paid"),
    ]
)

PLAUSIBLE = {
    ("login", "pay_landlord"), ("login", "take_holding_deposit"), ("login", "receive_deposit"),
    ("login", "release_deposit"), ("login", "pay_contractor"), ("search_landlords", "pay_landlord"),
    ("search_properties", "list_repairs"), ("get_rent_ledger", "send_arrears_letter"),
    ("get_rent_ledger", "record_rent_payment"), ("get_tenancy", "protect_deposit"),
    ("get_tenancy", "serve_prescribed_information"), ("accept_offer", "order_references"),
    ("accept_offer", "create_tenancy"), ("take_holding_deposit", "create_tenancy"),
    ("request_quote", "complete_repair"), ("record_landlord_approval", "complete_repair"),
    ("instruct_contractor", "pay_contractor"), ("end_tenancy", "release_deposit"),
    ("schedule_inspection", "release_deposit"), ("search_listings", "create_listing"),
    ("search_properties", "search_listings"), ("create_tenancy", "send_arrears_letter"),
    ("receive_deposit", "end_tenancy"), ("receive_deposit", "serve_prescribed_information"),
    ("list_deposit_schemes", "serve_prescribed_information"), ("get_tenancy", "end_tenancy"),
}
