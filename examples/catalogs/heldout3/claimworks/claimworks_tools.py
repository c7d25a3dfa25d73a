"""ClaimWorks: the adjuster-facing API of a property, motor and travel insurance claims system (43 calls).

Plain functions over an in-memory ``State``. An adjuster signs in with a password and a one-time
code; the session key authorises every change. Lookups answer in JSON text; changes answer with a
sentence that names the new record (``"Claim CL-25-00412 opened on policy ..."``); conversions
answer with a bare value. Like the legacy service it wraps, nothing raises: a refusal is a string
that starts with ``"Error: "`` (see ``FAILURE``).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import date
from typing import List, Literal, Optional

Line = Literal["auto", "home", "travel"]
PartyRole = Literal["insured", "claimant", "witness", "third_party_driver", "responsible_party", "passenger", "attorney"]
ExposureType = Literal["vehicle_damage", "property_damage", "contents", "bodily_injury", "medical_expense", "baggage"]
Outcome = Literal["paid", "denied", "withdrawn", "no_payment"]

_CAUSES = {  # cause code -> (line, coverage that answers it, or None when an exclusion applies)
    "COLL-REAR": ("auto", "COLL"), "COLL-SIDE": ("auto", "COLL"), "COLL-SINGLE": ("auto", "COLL"),
    "THEFT": ("auto", "THEFT"), "GLASS": ("auto", "GLASS"), "VANDAL": ("auto", "COLL"),
    "WATER-SUDDEN": ("home", "WATER"), "WATER-GRADUAL": ("home", None), "STORM": ("home", "BLDG"),
    "FIRE": ("home", "BLDG"), "BURGLARY": ("home", "CONT"),
    "MED-ILL": ("travel", "MED"), "MED-ACC": ("travel", "MED"), "BAG-LOST": ("travel", "BAG"),
    "TRIP-CANX": ("travel", "CANX"),
}
_CAUSE_EXCLUSION = {"WATER-GRADUAL": "EXC-GRAD"}
_DOC_TYPES = ("POLICE_REPORT", "DAMAGE_PHOTOS", "REPAIR_INVOICE", "PLUMBER_REPORT", "MEDICAL_REPORT", "RECEIPT",
              "ID_COPY", "TRAVEL_ITINERARY")
_TEMPLATES = ("ACK-01", "RES-02", "DEN-03", "PAY-04", "SUB-05")
_REQUIRED_DOCS = {"auto": ["POLICE_REPORT", "DAMAGE_PHOTOS"], "home": ["DAMAGE_PHOTOS"],
                  "travel": ["MEDICAL_REPORT", "RECEIPT"]}
_RATES_TO_EUR = {"EUR": 1.0, "USD": 0.92, "GBP": 1.19, "THB": 0.027, "CHF": 1.05}


def _seed_policies() -> dict:
    return {
        "MTR-5521-03": {"customer": "CUS-10482", "line": "auto", "status": "active", "currency": "EUR",
                        "effective": "2024-07-01", "expires": "2025-06-30",
                        "coverages": [{"code": "COLL", "limit": 25000, "deductible": 500},
                                      {"code": "TPL", "limit": 2500000, "deductible": 0},
                                      {"code": "GLASS", "limit": 1500, "deductible": 75},
                                      {"code": "RENT", "limit": 900, "deductible": 0, "daily_max": 45}],
                        "vehicles": [{"vin": "YV1MZ79L0K2045817", "registration": "KX-482-T", "make": "Volvo",
                                      "model": "V40", "year": 2019}],
                        "exclusions": ["EXC-RACE", "EXC-DUI", "EXC-WEAR"]},
        "HOM-7702-11": {"customer": "CUS-10482", "line": "home", "status": "lapsed", "currency": "EUR",
                        "effective": "2022-03-01", "expires": "2023-02-28",
                        "coverages": [{"code": "BLDG", "limit": 300000, "deductible": 250}], "vehicles": [],
                        "exclusions": ["EXC-GRAD", "EXC-FLOOD"]},
        "HOM-8120-04": {"customer": "CUS-10977", "line": "home", "status": "active", "currency": "EUR",
                        "effective": "2024-11-01", "expires": "2025-10-31",
                        "coverages": [{"code": "BLDG", "limit": 410000, "deductible": 250},
                                      {"code": "CONT", "limit": 60000, "deductible": 250},
                                      {"code": "WATER", "limit": 20000, "deductible": 250}], "vehicles": [],
                        "exclusions": ["EXC-GRAD", "EXC-FLOOD", "EXC-WEAR"]},
        "TRV-3391-22": {"customer": "CUS-11530", "line": "travel", "status": "active", "currency": "EUR",
                        "effective": "2025-01-10", "expires": "2025-03-10",
                        "coverages": [{"code": "MED", "limit": 100000, "deductible": 100},
                                      {"code": "CANX", "limit": 3000, "deductible": 0},
                                      {"code": "BAG", "limit": 1500, "deductible": 50}], "vehicles": [],
                        "exclusions": ["EXC-PREEX", "EXC-WAR"]},
    }


def _seed_claims() -> dict:
    return {
        "CL-24-09871": {"policy": "HOM-8120-04", "cause": "WATER-SUDDEN", "loss_date": "2024-12-02", "status": "open",
                        "adjuster": "ADJ-311", "description": "Burst pipe in the upstairs bathroom flooded the hallway.",
                        "outstanding_documents": ["PLUMBER_REPORT"], "pending_letters": [], "fraud": None,
                        "denial": None, "outcome": None, "notes": []},
        "CL-24-07710": {"policy": "MTR-5521-03", "cause": "GLASS", "loss_date": "2024-09-14", "status": "closed",
                        "adjuster": "ADJ-207", "description": "Stone chip cracked the windscreen on the A12.",
                        "outstanding_documents": [], "pending_letters": [], "fraud": {"score": 4, "band": "low"},
                        "denial": None, "outcome": "paid", "notes": []},
    }


@dataclass
class State:
    """A fresh claims system: four adjusters, three customers, four policies, two claims."""

    adjusters: dict = field(default_factory=lambda: {
        "ADJ-207": {"user": "jokoye", "password": "Claims#4410", "name": "Joanna Okoye", "team": "motor", "authority": 15000},
        "ADJ-311": {"user": "praman", "password": "Pr!9920aa", "name": "Priya Raman", "team": "property", "authority": 25000},
        "ADJ-118": {"user": "lmikkelsen", "password": "Siu-7781", "name": "Lars Mikkelsen", "team": "siu", "authority": 5000},
        "ADJ-245": {"user": "smarchetti", "password": "Trv_3310", "name": "Sofia Marchetti", "team": "travel", "authority": 20000}})
    totp: str = "482913"
    challenges: dict = field(default_factory=dict)
    sessions: dict = field(default_factory=dict)
    customers: dict = field(default_factory=lambda: {
        "CUS-10482": {"first": "Annika", "last": "Lindqvist", "city": "Utrecht", "born": "1986-09-23",
                      "phone": "+31 6 1488 2093", "email": "a.lindqvist@example.nl"},
        "CUS-10977": {"first": "Tomasz", "last": "Wierzbicki", "city": "Eindhoven", "born": "1979-06-14",
                      "phone": "+31 6 2201 7734", "email": "tomasz.w@example.com"},
        "CUS-11530": {"first": "Helen", "last": "Achebe", "city": "Haarlem", "born": "1991-02-02",
                      "phone": "+31 6 5530 1188", "email": "helen.achebe@example.org"},
        "CUS-10519": {"first": "Annika", "last": "Lindqvist", "city": "Groningen", "born": "1958-12-30",
                      "phone": "+31 50 311 0042", "email": None}})
    policies: dict = field(default_factory=_seed_policies)
    claims: dict = field(default_factory=_seed_claims)
    exposures: dict = field(default_factory=lambda: {
        "EX-000190": {"claim": "CL-24-09871", "type": "property_damage", "coverage": "WATER", "vin": None,
                      "reserve": 6000.0, "paid": 0.0, "total_loss": False},
        "EX-000151": {"claim": "CL-24-07710", "type": "vehicle_damage", "coverage": "GLASS", "vin": "YV1MZ79L0K2045817",
                      "reserve": 0.0, "paid": 412.5, "total_loss": False}})
    parties: dict = field(default_factory=lambda: {
        "PTY-3301": {"claim": "CL-24-09871", "name": "Tomasz Wierzbicki", "role": "insured", "phone": None},
        "PTY-3302": {"claim": "CL-24-09871", "name": "Jan Pieters", "role": "witness", "phone": "+31 40 212 9090"}})
    statements: dict = field(default_factory=dict)
    vendors: dict = field(default_factory=lambda: {
        "VEN-201": {"name": "Autoschade Van Dijk", "service": "body_shop", "city": "Utrecht"},
        "VEN-202": {"name": "Glasgarant Utrecht", "service": "glass", "city": "Utrecht"},
        "VEN-310": {"name": "DroogTech Brabant", "service": "water_mitigation", "city": "Eindhoven"},
        "VEN-415": {"name": "Sixt Utrecht Centraal", "service": "rental_car", "city": "Utrecht"},
        "VEN-520": {"name": "Expertisebureau Hollander", "service": "appraiser", "city": "Utrecht"},
        "VEN-521": {"name": "Expertisebureau Hollander", "service": "appraiser", "city": "Eindhoven"}})
    inspections: dict = field(default_factory=dict)
    estimates: dict = field(default_factory=dict)
    valuations: dict = field(default_factory=dict)
    payees: dict = field(default_factory=dict)
    payments: dict = field(default_factory=dict)
    diaries: dict = field(default_factory=lambda: {
        "DY-0871": {"claim": "CL-24-09871", "due": "2025-01-15", "note": "Chase the plumber's report", "status": "open"}})
    documents: dict = field(default_factory=dict)
    letters: dict = field(default_factory=dict)
    referrals: dict = field(default_factory=dict)
    rentals: dict = field(default_factory=dict)
    subrogations: dict = field(default_factory=dict)
    counters: dict = field(default_factory=lambda: {
        "CL-25-": 411, "EX-": 200, "PTY-": 3400, "STM-": 70, "INS-": 50, "EST-": 50, "VAL-": 900, "PYE-": 600,
        "PAY-": 730, "DY-": 900, "DOC-": 1200, "LTR-": 5500, "SIU-": 30, "RNT-": 80, "SUB-": 12})


# ----------------------------------------------------------------------------- helpers

def _next(state: State, prefix: str, width: int) -> str:
    state.counters[prefix] += 1
    return f"{prefix}{state.counters[prefix]:0{width}d}"


def _adjuster(state: State, session_key: str) -> Optional[str]:
    return state.sessions.get(session_key)


def _iso(value: str) -> bool:
    try:
        date.fromisoformat(value)
    except (TypeError, ValueError):
        return False
    return bool(re.fullmatch(r"\d{4}-\d{2}-\d{2}", value))


def _money(amount: float, currency: str = "EUR") -> str:
    return f"{amount:,.2f} {currency}"


def _claim_policy(state: State, claim_number: str) -> dict:
    return state.policies[state.claims[claim_number]["policy"]]


# ----------------------------------------------------------------------------- sign-in

def sign_in(user_id: str, password: str, state: State) -> str:
    """First step of the adjuster sign-in: check the password and start a one-time-code challenge."""
    adj = next((a for a, v in state.adjusters.items() if v["user"] == user_id), None)
    if adj is None or state.adjusters[adj]["password"] != password:
        return "Error: invalid user id or password"
    challenge = "MFA-" + hashlib.sha1(f"{user_id}{len(state.challenges)}".encode()).hexdigest()[:10]
    state.challenges[challenge] = adj
    return json.dumps({"challenge_id": challenge, "method": "totp", "expires_in": 120})


def verify_mfa(challenge_id: str, code: str, state: State) -> str:
    """Second step of the sign-in: answer the challenge with the authenticator's 6-digit code."""
    adj = state.challenges.pop(challenge_id, None)
    if adj is None:
        return "Error: unknown or expired challenge"
    if code.strip() != state.totp:
        return "Error: wrong one-time code"
    key = "ck_" + hashlib.sha256(f"{challenge_id}{code}".encode()).hexdigest()[:28]
    state.sessions[key] = adj
    a = state.adjusters[adj]
    return json.dumps({"session_key": key, "adjuster_id": adj, "name": a["name"], "authority_limit": a["authority"]})


# ----------------------------------------------------------------------------- reference services

def normalize_date(text: str) -> str:
    """Turn a date as people write it ('8 February 2025', '08/02/2025', 'Feb 8, 2025') into YYYY-MM-DD."""
    months = {m: i + 1 for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                              "nov", "dec"))}
    t = text.strip().lower().replace(",", " ")
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", t)
    if m:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
    elif (m := re.fullmatch(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", t)):
        d, mo, y = int(m[1]), int(m[2]), int(m[3])  # day first, as written in the Netherlands
    elif (m := re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\s+(\d{4})", t)) and m[2][:3] in months:
        d, mo, y = int(m[1]), months[m[2][:3]], int(m[3])
    elif (m := re.fullmatch(r"([a-z]+)\s+(\d{1,2})(?:st|nd|rd|th)?\s+(\d{4})", t)) and m[1][:3] in months:
        d, mo, y = int(m[2]), months[m[1][:3]], int(m[3])
    else:
        return f"Error: could not read a date from {text!r}"
    try:
        return date(y, mo, d).isoformat()
    except ValueError:
        return f"Error: {text!r} is not a valid date"


def classify_loss(description: str, line: Line) -> str:
    """Read a first-notice-of-loss description and suggest the loss cause code for the claim."""
    t = description.lower()
    rules = {
        "auto": [(("rear-ended", "rear ended", "into the back", "from behind"), "COLL-REAR"),
                 (("t-boned", "side of", "sideswiped"), "COLL-SIDE"),
                 (("stolen", "theft"), "THEFT"), (("windscreen", "windshield"), "GLASS"),
                 (("keyed", "vandal"), "VANDAL"), (("tree", "pole", "ditch", "skidded"), "COLL-SINGLE")],
        "home": [(("months", "slow", "gradual", "for weeks"), "WATER-GRADUAL"),
                 (("burst", "pipe", "leak", "overflow"), "WATER-SUDDEN"), (("storm", "wind", "hail"), "STORM"),
                 (("fire", "smoke"), "FIRE"), (("burglar", "break-in", "broke in"), "BURGLARY")],
        "travel": [(("suitcase", "luggage", "baggage"), "BAG-LOST"), (("cancel",), "TRIP-CANX"),
                   (("fell", "fracture", "broke", "accident"), "MED-ACC"),
                   (("hospital", "fever", "ill", "infection", "doctor"), "MED-ILL")],
    }.get(line)
    if rules is None:
        return "Error: line must be auto, home or travel"
    for words, cause in rules:
        if any(w in t for w in words):
            return json.dumps({"cause_code": cause, "line": line, "confidence": 0.86})
    return "Error: description does not match a known cause; describe what happened in more detail"


def validate_iban(raw_iban: str) -> str:
    """Check an IBAN as the customer typed it and return it in electronic form with the bank's name."""
    iban = re.sub(r"\s+", "", raw_iban).upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", iban):
        return "Error: not an IBAN"
    digits = "".join(str(int(ch, 36)) for ch in iban[4:] + iban[:4])
    if int(digits) % 97 != 1:
        return "Error: IBAN checksum failed"
    banks = {"ABNA": "ABN AMRO", "INGB": "ING", "RABO": "Rabobank", "TRIO": "Triodos", "SNSB": "SNS"}
    return json.dumps({"iban": iban, "bank": banks.get(iban[4:8], "unknown bank"), "country": iban[:2]})


def convert_currency(amount: float, from_currency: str, to_currency: str) -> float:
    """Convert an amount at today's reference rate (EUR, USD, GBP, CHF, THB)."""
    f, t = from_currency.upper(), to_currency.upper()
    if f not in _RATES_TO_EUR or t not in _RATES_TO_EUR:
        return f"Error: unsupported currency; supported: {', '.join(_RATES_TO_EUR)}"
    return round(amount * _RATES_TO_EUR[f] / _RATES_TO_EUR[t], 2)


def list_adjusters(team: Optional[Literal["motor", "property", "travel", "siu"]] = None, state: State = None) -> str:
    """Adjusters and their teams."""
    return json.dumps([{"adjuster_id": a, "name": v["name"], "team": v["team"]} for a, v in state.adjusters.items()
                       if team is None or v["team"] == team])


def find_vendors(service: Literal["body_shop", "glass", "water_mitigation", "rental_car", "appraiser"], city: str,
                 state: State) -> str:
    """Approved repairers, rental firms and appraisers in a city."""
    return json.dumps([{"vendor_id": k, "name": v["name"], "city": v["city"]} for k, v in state.vendors.items()
                       if v["service"] == service and v["city"].lower() == city.strip().lower()])


# ----------------------------------------------------------------------------- customers, policies, vehicles

def find_customer(last_name: str, first_name: Optional[str] = None, city: Optional[str] = None,
                  state: State = None) -> str:
    """Search policyholders by name, optionally narrowed by first name and city."""
    out = [{"customer_id": cid, "name": f"{c['first']} {c['last']}", "city": c["city"]}
           for cid, c in state.customers.items()
           if c["last"].lower() == last_name.strip().lower()
           and (first_name is None or c["first"].lower() == first_name.strip().lower())
           and (city is None or c["city"].lower() == city.strip().lower())]
    return json.dumps(out)


def get_customer(customer_id: str, state: State) -> str:
    """Contact details of a policyholder; policies come as [policy_number, line, status] rows."""
    c = state.customers.get(customer_id)
    if c is None:
        return f"Error: no customer {customer_id}"
    rows = [[p, v["line"], v["status"]] for p, v in state.policies.items() if v["customer"] == customer_id]
    return json.dumps({"customer_id": customer_id, "name": f"{c['first']} {c['last']}", "city": c["city"],
                       "phone": c["phone"], "email": c["email"], "policies": rows})


def get_policy(policy_number: str, state: State) -> str:
    p = state.policies.get(policy_number)
    if p is None:
        return f"Error: policy {policy_number} not found"
    return json.dumps({"policy_number": policy_number, **copy.deepcopy(p)})


def lookup_vehicle(registration: str, state: State) -> str:
    """The insured vehicle with this registration plate, and the policy that covers it."""
    plate = re.sub(r"[\s-]", "", registration).upper()
    for pn, p in state.policies.items():
        for v in p["vehicles"]:
            if v["registration"].replace("-", "") == plate:
                return json.dumps({"policy_number": pn, "policy_status": p["status"], **v})
    return "Error: no insured vehicle with this registration"


def check_coverage(policy_number: str, loss_date: str, cause_code: str, state: State) -> str:
    """Whether a loss is covered on the policy: the coverage that answers it, its limit and deductible."""
    p = state.policies.get(policy_number)
    if p is None:
        return f"Error: policy {policy_number} not found"
    if not _iso(loss_date):
        return "Error: loss_date must be an ISO date (YYYY-MM-DD)"
    if cause_code not in _CAUSES or _CAUSES[cause_code][0] != p["line"]:
        codes = ", ".join(c for c, (line, _) in _CAUSES.items() if line == p["line"])
        return f"Error: unknown cause code {cause_code!r} for a {p['line']} policy; expected one of {codes}"
    if not p["effective"] <= loss_date <= p["expires"]:
        return json.dumps({"covered": False, "reason": "loss date outside the policy period", "exclusion": None})
    if cause_code in _CAUSE_EXCLUSION:
        return json.dumps({"covered": False, "reason": "excluded peril", "exclusion": _CAUSE_EXCLUSION[cause_code]})
    cov = next((c for c in p["coverages"] if c["code"] == _CAUSES[cause_code][1]), None)
    if cov is None:
        return json.dumps({"covered": False, "reason": "no coverage for this cause on the policy", "exclusion": None})
    return json.dumps({"covered": True, "coverage": cov["code"], "limit": cov["limit"], "deductible": cov["deductible"],
                       "currency": p["currency"], "exclusion": None})


def value_vehicle(vin: str, mileage_km: int, state: State) -> str:
    """Market valuation (actual cash value) of an insured vehicle, from its VIN and odometer reading."""
    v = next((v for p in state.policies.values() for v in p["vehicles"] if v["vin"] == vin), None)
    if v is None:
        return "Error: VIN not found on any policy"
    if mileage_km <= 0:
        return "Error: mileage_km must be positive"
    acv = round(21500 * 0.86 ** (2025 - v["year"]) - 0.04 * mileage_km, -1)
    vid = _next(state, "VAL-", 5)
    state.valuations[vid] = {"vin": vin, "acv": acv}
    return json.dumps({"valuation_id": vid, "vin": vin, "acv": acv, "currency": "EUR", "source": "ANWB/Indicata"})


# ----------------------------------------------------------------------------- claims

def open_claim(session_key: str, policy_number: str, loss_date: str, cause_code: str, description: str,
               reported_by: Literal["insured", "third_party", "broker"] = "insured", state: State = None) -> str:
    """Record a first notice of loss. The claim is assigned to the adjuster who opens it."""
    adj = _adjuster(state, session_key)
    if adj is None:
        return "Error: not signed in"
    p = state.policies.get(policy_number)
    if p is None:
        return f"Error: policy {policy_number} not found"
    if p["status"] != "active":
        return f"Error: policy {policy_number} is {p['status']}"
    if not _iso(loss_date):
        return "Error: loss_date must be an ISO date (YYYY-MM-DD)"
    if not p["effective"] <= loss_date <= p["expires"]:
        return "Error: loss date is outside the policy period"
    if cause_code not in _CAUSES or _CAUSES[cause_code][0] != p["line"]:
        return f"Error: invalid cause code {cause_code!r}"
    if len(description.strip()) < 15:
        return "Error: description is too short"
    number = _next(state, "CL-25-", 5)
    state.claims[number] = {"policy": policy_number, "cause": cause_code, "loss_date": loss_date, "status": "open",
                            "adjuster": adj, "description": description, "reported_by": reported_by,
                            "outstanding_documents": list(_REQUIRED_DOCS[p["line"]]), "pending_letters": ["ACK-01"],
                            "fraud": None, "denial": None, "outcome": None, "notes": []}
    return f"Claim {number} opened on policy {policy_number} (cause {cause_code}, loss date {loss_date})."


def get_claim(claim_number: str, state: State) -> str:
    """Everything on a claim: status, exposures with reserves, parties, outstanding documents and letters."""
    c = state.claims.get(claim_number)
    if c is None:
        return f"Error: claim {claim_number} not found"
    exposures = [{"exposure_id": e, **{k: v for k, v in x.items() if k != "claim"}}
                 for e, x in state.exposures.items() if x["claim"] == claim_number]
    parties = [{"party_id": p, "name": x["name"], "role": x["role"]} for p, x in state.parties.items()
               if x["claim"] == claim_number]
    return json.dumps({"claim_number": claim_number, "policy_number": c["policy"], "status": c["status"],
                       "cause_code": c["cause"], "loss_date": c["loss_date"], "adjuster_id": c["adjuster"],
                       "exposures": exposures, "parties": parties,
                       "outstanding_documents": list(c["outstanding_documents"]),
                       "pending_letters": list(c["pending_letters"]), "fraud": c["fraud"], "outcome": c["outcome"]})


def search_claims(policy_number: Optional[str] = None, status: Optional[Literal["open", "closed"]] = None,
                  adjuster_id: Optional[str] = None, state: State = None) -> str:
    """Claims, newest first, filtered by policy, status and adjuster."""
    out = [{"claim_number": n, "policy_number": c["policy"], "status": c["status"], "loss_date": c["loss_date"],
            "cause_code": c["cause"]}
           for n, c in state.claims.items()
           if (policy_number is None or c["policy"] == policy_number) and (status is None or c["status"] == status)
           and (adjuster_id is None or c["adjuster"] == adjuster_id)]
    return json.dumps(sorted(out, key=lambda r: r["loss_date"], reverse=True))


def assign_claim(session_key: str, claim_number: str, adjuster_id: str, state: State) -> str:
    """Hand a claim over to another adjuster."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    c = state.claims.get(claim_number)
    if c is None:
        return f"Error: claim {claim_number} not found"
    if adjuster_id not in state.adjusters:
        return f"Error: no adjuster {adjuster_id}"
    if c["adjuster"] == adjuster_id:
        return f"Error: claim {claim_number} is already assigned to {adjuster_id}"
    c["adjuster"] = adjuster_id
    return f"Claim {claim_number} assigned to {state.adjusters[adjuster_id]['name']} ({adjuster_id})."


def add_party(session_key: str, claim_number: str, full_name: str, role: PartyRole, phone: Optional[str] = None,
              state: State = None) -> str:
    """Add a person involved in the loss to a claim."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    if claim_number not in state.claims:
        return f"Error: claim {claim_number} not found"
    if len(full_name.split()) < 2:
        return "Error: full_name needs a first and a last name"
    pid = _next(state, "PTY-", 4)
    state.parties[pid] = {"claim": claim_number, "name": full_name.strip(), "role": role, "phone": phone}
    return f"Party {pid} ({full_name.strip()}, {role.replace('_', ' ')}) added to claim {claim_number}."


def record_statement(session_key: str, party_id: str, statement: str, state: State) -> str:
    """Record what a party said about the loss, verbatim."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    if party_id not in state.parties:
        return f"Error: party {party_id} not found"
    if not statement.strip():
        return "Error: statement is empty"
    sid = _next(state, "STM-", 4)
    state.statements[sid] = {"party": party_id, "text": statement}
    return f"Statement {sid} recorded for {state.parties[party_id]['name']}."


def add_exposure(session_key: str, claim_number: str, coverage_code: str, exposure_type: ExposureType,
                 vin: Optional[str] = None, state: State = None) -> str:
    """Open an exposure (a line of loss paid under one coverage). Vehicle damage needs the VIN of an insured vehicle."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    c = state.claims.get(claim_number)
    if c is None:
        return f"Error: claim {claim_number} not found"
    if c["status"] != "open":
        return f"Error: claim {claim_number} is {c['status']}"
    p = state.policies[c["policy"]]
    if coverage_code not in [cov["code"] for cov in p["coverages"]]:
        return f"Error: coverage {coverage_code!r} is not on policy {c['policy']}"
    if exposure_type == "vehicle_damage" and vin not in [v["vin"] for v in p["vehicles"]]:
        return "Error: vehicle_damage exposures need the VIN of a vehicle on the policy"
    eid = _next(state, "EX-", 6)
    state.exposures[eid] = {"claim": claim_number, "type": exposure_type, "coverage": coverage_code, "vin": vin,
                            "reserve": 0.0, "paid": 0.0, "total_loss": False}
    return f"Exposure {eid} ({exposure_type} under {coverage_code}) added to claim {claim_number}."


def set_reserve(session_key: str, exposure_id: str, amount: float, state: State) -> str:
    """Set the reserve of an exposure, in the policy's currency, within your reserve authority."""
    adj = _adjuster(state, session_key)
    if adj is None:
        return "Error: not signed in"
    e = state.exposures.get(exposure_id)
    if e is None:
        return f"Error: exposure {exposure_id} not found"
    if amount <= 0:
        return "Error: amount must be positive"
    if amount > state.adjusters[adj]["authority"]:
        return "Error: amount exceeds your reserve authority"
    if amount < e["paid"]:
        return "Error: reserve cannot be below what was already paid"
    e["reserve"] = round(amount, 2)
    cur = _claim_policy(state, e["claim"])["currency"]
    return f"Reserve on {exposure_id} set to {_money(amount, cur)}."


def upload_document(session_key: str, claim_number: str, file_name: str, doc_type: str,
                    tags: Optional[List[str]] = None, state: State = None) -> str:
    """Attach a document to a claim."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    c = state.claims.get(claim_number)
    if c is None:
        return f"Error: claim {claim_number} not found"
    if doc_type not in _DOC_TYPES:
        return f"Error: unknown document type {doc_type!r}; accepted types: {', '.join(_DOC_TYPES)}"
    if not re.fullmatch(r"[\w .()-]+\.(pdf|jpg|jpeg|png|heic)", file_name, re.IGNORECASE):
        return "Error: file_name must be a PDF or image file name"
    did = _next(state, "DOC-", 5)
    state.documents[did] = {"claim": claim_number, "file": file_name, "type": doc_type, "tags": list(tags or [])}
    if doc_type in c["outstanding_documents"]:
        c["outstanding_documents"].remove(doc_type)
    return f"Document {did} ({doc_type}) attached to claim {claim_number}."


def send_letter(session_key: str, claim_number: str, template_code: str, party_id: Optional[str] = None,
                state: State = None) -> str:
    """Send a standard letter about a claim to the policyholder, or to another party of the claim."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    c = state.claims.get(claim_number)
    if c is None:
        return f"Error: claim {claim_number} not found"
    if template_code not in _TEMPLATES:
        return f"Error: unknown template {template_code!r}; templates: {', '.join(_TEMPLATES)}"
    if party_id is not None and state.parties.get(party_id, {}).get("claim") != claim_number:
        return f"Error: party {party_id} is not on claim {claim_number}"
    lid = _next(state, "LTR-", 5)
    state.letters[lid] = {"claim": claim_number, "template": template_code, "party": party_id}
    if template_code in c["pending_letters"]:
        c["pending_letters"].remove(template_code)
    return f"Letter {lid} ({template_code}) queued for claim {claim_number}."


# ----------------------------------------------------------------------------- inspections and estimates

def schedule_inspection(session_key: str, exposure_id: str, vendor_id: str, inspection_date: str,
                        state: State = None) -> str:
    """Book a body shop, appraiser or water-damage firm to inspect the damage of an exposure."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    if exposure_id not in state.exposures:
        return f"Error: exposure {exposure_id} not found"
    v = state.vendors.get(vendor_id)
    if v is None or v["service"] not in ("body_shop", "appraiser", "water_mitigation"):
        return "Error: vendor cannot carry out inspections"
    if not _iso(inspection_date):
        return "Error: inspection_date must be YYYY-MM-DD"
    iid = _next(state, "INS-", 4)
    state.inspections[iid] = {"exposure": exposure_id, "vendor": vendor_id, "date": inspection_date, "status": "booked"}
    return f"Inspection {iid} booked with {v['name']} on {inspection_date}."


def complete_inspection(session_key: str, inspection_id: str, findings: str, estimate_total: float,
                        state: State = None) -> str:
    """Record the inspector's findings and repair estimate; the estimate then awaits approval."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    ins = state.inspections.get(inspection_id)
    if ins is None:
        return f"Error: inspection {inspection_id} not found"
    if ins["status"] != "booked":
        return f"Error: inspection {inspection_id} is {ins['status']}"
    if estimate_total <= 0:
        return "Error: estimate_total must be positive"
    ins["status"] = "completed"
    ins["findings"] = findings
    est = "EST-" + inspection_id[4:]
    state.counters["EST-"] += 1
    state.estimates[est] = {"exposure": ins["exposure"], "total": round(estimate_total, 2), "status": "awaiting_approval",
                            "vendor": ins["vendor"]}
    return f"Inspection {inspection_id} completed. Estimate {est} for {_money(estimate_total)} awaits approval."


def get_estimate(estimate_id: str, state: State) -> str:
    e = state.estimates.get(estimate_id)
    if e is None:
        return f"Error: estimate {estimate_id} not found"
    return json.dumps({"estimate_id": estimate_id, "exposure_id": e["exposure"], "total": e["total"],
                       "vendor_id": e["vendor"], "approval": e["status"]})


def approve_estimate(session_key: str, estimate_id: str, state: State) -> str:
    """Approve a repair estimate. The exposure's reserve must cover it."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    est = state.estimates.get(estimate_id)
    if est is None:
        return f"Error: estimate {estimate_id} not found"
    if est["status"] != "awaiting_approval":
        return f"Error: estimate {estimate_id} is {est['status']}"
    e = state.exposures[est["exposure"]]
    if e["reserve"] - e["paid"] < est["total"]:
        return f"Error: reserve on {est['exposure']} does not cover this estimate; raise the reserve first"
    est["status"] = "approved"
    return f"Estimate {estimate_id} approved for {_money(est['total'])}."


# ----------------------------------------------------------------------------- fraud, payees, payments

def run_fraud_check(claim_number: str, state: State) -> str:
    """Score a claim with the fraud-screening service; the result is kept on the claim."""
    c = state.claims.get(claim_number)
    if c is None:
        return f"Error: claim {claim_number} not found"
    digest = int(hashlib.md5(claim_number.encode()).hexdigest(), 16)
    score = 8 + digest % 30 + (25 if c.get("reported_by") == "third_party" else 0)
    band = "low" if score < 40 else "medium" if score < 70 else "high"
    c["fraud"] = {"score": score, "band": band}
    return json.dumps({"claim_number": claim_number, "score": score, "band": band,
                       "signals": ["late notification"] if score > 30 else []})


def register_payee(session_key: str, claim_number: str, name: str, iban: str, state: State) -> str:
    """Register who receives payments on a claim (a policyholder, repairer or hospital); the IBAN in electronic form."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    if claim_number not in state.claims:
        return f"Error: claim {claim_number} not found"
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", iban):
        return "Error: iban must be in electronic form (no spaces, upper case)"
    pid = _next(state, "PYE-", 4)
    state.payees[pid] = {"claim": claim_number, "name": name.strip(), "iban": iban}
    return f"Payee {pid} ({name.strip()}, account ending {iban[-4:]}) registered on claim {claim_number}."


def issue_payment(session_key: str, exposure_id: str, payee_id: str, amount: float,
                  payment_type: Literal["partial", "final"], state: State = None) -> str:
    """Pay out on an exposure, in the policy's currency."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    e = state.exposures.get(exposure_id)
    if e is None:
        return f"Error: exposure {exposure_id} not found"
    c = state.claims[e["claim"]]
    payee = state.payees.get(payee_id)
    if payee is None or payee["claim"] != e["claim"]:
        return "Error: payee is not registered on this claim"
    if c["fraud"] is None:
        return "Error: payments need a fraud check on the claim"
    if c["fraud"]["band"] == "high":
        return "Error: payments are blocked on claims with a high fraud score"
    if e["type"] in ("vehicle_damage", "property_damage") and not any(
            x["exposure"] == exposure_id and x["status"] == "approved" for x in state.estimates.values()):
        return "Error: damage exposures need an approved estimate before payment"
    if amount <= 0:
        return "Error: amount must be positive"
    if amount > e["reserve"] - e["paid"]:
        return "Error: amount exceeds the open reserve"
    e["paid"] = round(e["paid"] + amount, 2)
    pay = _next(state, "PAY-", 6)
    state.payments[pay] = {"exposure": exposure_id, "payee": payee_id, "amount": amount, "type": payment_type,
                           "status": "issued"}
    cur = _claim_policy(state, e["claim"])["currency"]
    return f"Payment {pay} of {_money(amount, cur)} issued to {payee['name']} ({payment_type})."


def get_payment(payment_id: str, state: State) -> str:
    """A payment: exposure, payee, amount and whether it was issued or voided."""
    pay = state.payments.get(payment_id)
    if pay is None:
        return f"Error: payment {payment_id} not found"
    return json.dumps({"payment_id": payment_id, "exposure_id": pay["exposure"], "payee_id": pay["payee"],
                       "amount": pay["amount"], "payment_type": pay["type"], "state": pay["status"]})


def void_payment(session_key: str, payment_id: str, reason: str, state: State) -> str:
    """Void an issued payment (wrong payee, duplicate); the amount goes back to the open reserve."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    pay = state.payments.get(payment_id)
    if pay is None:
        return f"Error: payment {payment_id} not found"
    if pay["status"] != "issued":
        return f"Error: payment {payment_id} is {pay['status']}"
    if not reason.strip():
        return "Error: reason is required"
    pay["status"] = "voided"
    state.exposures[pay["exposure"]]["paid"] -= pay["amount"]
    return f"Payment {payment_id} voided."


# ----------------------------------------------------------------------------- decisions

def deny_claim(session_key: str, claim_number: str, exclusion_code: str, explanation: str, state: State) -> str:
    """Deny a claim under one of the policy's exclusions; the explanation goes into the denial letter."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    c = state.claims.get(claim_number)
    if c is None:
        return f"Error: claim {claim_number} not found"
    if c["status"] != "open":
        return f"Error: claim {claim_number} is {c['status']}"
    if exclusion_code not in state.policies[c["policy"]]["exclusions"]:
        return f"Error: {exclusion_code!r} is not an exclusion of policy {c['policy']}"
    if len(explanation.strip()) < 20:
        return "Error: explanation is too short for a denial letter"
    c["denial"] = {"exclusion": exclusion_code, "explanation": explanation}
    c["pending_letters"].append("DEN-03")
    return f"Claim {claim_number} denied under {exclusion_code}; letter DEN-03 is pending."


def close_claim(session_key: str, claim_number: str, outcome: Outcome, state: State) -> str:
    """Close a claim. 'denied' needs a denial on file and 'paid' a payment; open diary items block closing."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    c = state.claims.get(claim_number)
    if c is None:
        return f"Error: claim {claim_number} not found"
    if c["status"] == "closed":
        return f"Error: claim {claim_number} is already closed"
    if any(d["claim"] == claim_number and d["status"] == "open" for d in state.diaries.values()):
        return "Error: complete the open diary items of the claim first"
    if outcome == "denied" and c["denial"] is None:
        return "Error: outcome 'denied' needs a denial on file"
    if outcome == "paid" and not any(state.exposures[p["exposure"]]["claim"] == claim_number and p["status"] == "issued"
                                     for p in state.payments.values()):
        return "Error: outcome 'paid' needs at least one issued payment"
    c["status"] = "closed"
    c["outcome"] = outcome
    return f"Claim {claim_number} closed ({outcome})."


def reopen_claim(session_key: str, claim_number: str, reason: str, state: State) -> str:
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    c = state.claims.get(claim_number)
    if c is None:
        return f"Error: claim {claim_number} not found"
    if c["status"] != "closed":
        return f"Error: claim {claim_number} is {c['status']}; only closed claims can be reopened"
    c["status"] = "open"
    c["outcome"] = None
    c["notes"].append(f"reopened: {reason}")
    return f"Claim {claim_number} reopened."


def refer_to_siu(session_key: str, claim_number: str, reason: str, state: State) -> str:
    """Refer a claim to the special investigations unit. The fraud score must be on file."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    c = state.claims.get(claim_number)
    if c is None:
        return f"Error: claim {claim_number} not found"
    if c["fraud"] is None:
        return "Error: run the fraud check before referring a claim to SIU"
    ref = _next(state, "SIU-", 4)
    state.referrals[ref] = {"claim": claim_number, "reason": reason, "score": c["fraud"]["score"]}
    return f"Claim {claim_number} referred to SIU as case {ref} (score {c['fraud']['score']})."


def declare_total_loss(session_key: str, exposure_id: str, valuation_id: str, state: State) -> str:
    """Declare the vehicle of an exposure a total loss at the valuation's actual cash value."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    e = state.exposures.get(exposure_id)
    if e is None or e["type"] != "vehicle_damage":
        return "Error: total loss applies to a vehicle_damage exposure"
    val = state.valuations.get(valuation_id)
    if val is None or val["vin"] != e["vin"]:
        return "Error: valuation not found for this vehicle"
    e["total_loss"] = True
    e["acv"] = val["acv"]
    return f"Exposure {exposure_id} declared a total loss at {_money(val['acv'])}."


def authorize_rental(session_key: str, exposure_id: str, vendor_id: str, days: int, state: State) -> str:
    """Authorise a replacement car while the insured vehicle is repaired, within the policy's rental cover."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    e = state.exposures.get(exposure_id)
    if e is None or e["type"] != "vehicle_damage":
        return "Error: rentals are authorised on a vehicle_damage exposure"
    rent = next((c for c in _claim_policy(state, e["claim"])["coverages"] if c["code"] == "RENT"), None)
    if rent is None:
        return "Error: the policy has no rental cover"
    v = state.vendors.get(vendor_id)
    if v is None or v["service"] != "rental_car":
        return "Error: vendor is not a rental firm"
    if not 0 < days * rent["daily_max"] <= rent["limit"]:
        return f"Error: days must be between 1 and {rent['limit'] // rent['daily_max']}"
    rid = _next(state, "RNT-", 4)
    state.rentals[rid] = {"exposure": exposure_id, "vendor": vendor_id, "days": days}
    return f"Rental {rid} authorised with {v['name']} for {days} days."


def open_subrogation(session_key: str, claim_number: str, third_party_id: str, other_insurer: str,
                     state: State) -> str:
    """Start recovering what was paid from the at-fault party's insurer."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    if claim_number not in state.claims:
        return f"Error: claim {claim_number} not found"
    party = state.parties.get(third_party_id)
    if party is None or party["claim"] != claim_number or party["role"] not in ("third_party_driver", "responsible_party"):
        return "Error: third_party_id must be a third-party driver or responsible party on this claim"
    paid = sum(p["amount"] for p in state.payments.values()
               if p["status"] == "issued" and state.exposures[p["exposure"]]["claim"] == claim_number)
    if paid <= 0:
        return "Error: nothing has been paid on this claim yet"
    sid = _next(state, "SUB-", 4)
    state.subrogations[sid] = {"claim": claim_number, "party": third_party_id, "insurer": other_insurer, "amount": paid}
    return f"Subrogation {sid} opened against {other_insurer} for {_money(paid)}."


# ----------------------------------------------------------------------------- diary

def add_diary(session_key: str, claim_number: str, due_date: str, note: str, state: State) -> str:
    """Add a follow-up reminder (diary item) to a claim."""
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    if claim_number not in state.claims:
        return f"Error: claim {claim_number} not found"
    if not _iso(due_date):
        return "Error: due_date must be YYYY-MM-DD"
    did = _next(state, "DY-", 4)
    state.diaries[did] = {"claim": claim_number, "due": due_date, "note": note, "status": "open"}
    return f"Diary item {did} due {due_date} added to claim {claim_number}."


def complete_diary(session_key: str, diary_id: str, note: str, state: State) -> str:
    if _adjuster(state, session_key) is None:
        return "Error: not signed in"
    d = state.diaries.get(diary_id)
    if d is None:
        return f"Error: diary item {diary_id} not found"
    if d["status"] != "open":
        return f"Error: diary item {diary_id} is already done"
    d["status"] = "done"
    d["outcome"] = note
    return f"Diary item {diary_id} completed."


def list_diaries(claim_number: str, open_only: bool = True, state: State = None) -> str:
    """Diary items of a claim."""
    if claim_number not in state.claims:
        return f"Error: claim {claim_number} not found"
    return json.dumps([{"diary_id": k, "due": d["due"], "note": d["note"], "status": d["status"]}
                       for k, d in state.diaries.items()
                       if d["claim"] == claim_number and (not open_only or d["status"] == "open")])


def FAILURE(reply) -> bool:  # noqa: N802 - the catalog convention's name
    """A ClaimWorks refusal: a string reply that starts with 'Error:'."""
    return isinstance(reply, str) and reply.startswith("Error:")


TOOLS = [
    sign_in, verify_mfa,
    normalize_date, classify_loss, validate_iban, convert_currency, list_adjusters, find_vendors,
    find_customer, get_customer, get_policy, lookup_vehicle, check_coverage, value_vehicle,
    open_claim, get_claim, search_claims, assign_claim, add_party, record_statement, add_exposure, set_reserve,
    upload_document, send_letter,
    schedule_inspection, complete_inspection, get_estimate, approve_estimate,
    run_fraud_check, register_payee, issue_payment, get_payment, void_payment,
    deny_claim, close_claim, reopen_claim, refer_to_siu, declare_total_loss, authorize_rental, open_subrogation,
    add_diary, complete_diary, list_diaries,
]

# What a tester is handed: the adjuster's sign-in and authenticator code, and what callers said.
FIXTURES = {
    "user_id": "jokoye",
    "password": "Claims#4410",
    "authenticator_code": "482913",
    "caller": {"name": "Annika Lindqvist", "city": "Utrecht", "registration": "kx 482 t",
               "loss_date": "8 February 2025", "odometer": "61,200 km",
               "account": "nl91 abna 0417 1643 00",
               "story": "I was waiting at the lights on the Catharijnesingel when a van drove into the back of my car."},
    "third_party": {"name": "Ruben de Graaf", "insurer": "Centraal Beheer"},
    "home_caller": {"name": "Tomasz Wierzbicki", "city": "Eindhoven", "loss_date": "03/02/2025",
                    "story": "Water has been leaking slowly behind the kitchen units for months and the floor is rotten."},
    "travel_caller": {"name": "Helen Achebe", "city": "Haarlem", "loss_date": "Feb 2, 2025",
                      "story": "I was admitted to hospital in Chiang Mai with a fever for two nights.",
                      "bill": "USD 2,400"},
    "repairer": "Autoschade Van Dijk",
}

_SESSION_USERS = ["open_claim", "assign_claim", "add_party", "record_statement", "add_exposure", "set_reserve",
                  "upload_document", "send_letter", "schedule_inspection", "complete_inspection", "approve_estimate",
                  "register_payee", "issue_payment", "void_payment", "deny_claim", "close_claim", "reopen_claim",
                  "refer_to_siu", "declare_total_loss", "authorize_rental", "open_subrogation", "add_diary",
                  "complete_diary"]
_CLAIM_USERS = ["get_claim", "assign_claim", "add_party", "add_exposure", "upload_document", "send_letter",
                "deny_claim", "close_claim", "reopen_claim", "add_diary", "list_diaries", "run_fraud_check",
                "refer_to_siu", "open_subrogation", "register_payee"]
_EXPOSURE_USERS = ["set_reserve", "schedule_inspection", "issue_payment", "declare_total_loss", "authorize_rental"]

# (provider, consumer, what): the real prerequisites designed into the catalog.
GROUND_TRUTH = (
    [("verify_mfa", c, "auth: session_key") for c in _SESSION_USERS]
    + [("open_claim|search_claims", c, "id lookup/create: claim number (in a sentence, or JSON)") for c in _CLAIM_USERS]
    + [("add_exposure|get_claim", c, "id lookup/create: exposure id (in a sentence, or nested in exposures[*])")
       for c in _EXPOSURE_USERS]
    + [("get_customer|lookup_vehicle", c, "id lookup: policy number (get_customer's policies are [number, line, status] rows)")
       for c in ("get_policy", "check_coverage", "open_claim")]
    + [("normalize_date", c, "format: ISO date") for c in ("check_coverage", "open_claim", "schedule_inspection", "add_diary")]
    + [("classify_loss", c, "vocabulary: cause code, listed only in error replies") for c in ("check_coverage", "open_claim")]
    + [
        ("sign_in", "verify_mfa", "two-step auth: challenge_id"),
        ("find_customer", "get_customer", "id lookup: customer_id"),
        ("get_policy|lookup_vehicle", "add_exposure", "two values: VIN of the insured vehicle"),
        ("check_coverage", "add_exposure", "two values: coverage code that answers the loss"),
        ("get_policy|lookup_vehicle", "value_vehicle", "id lookup: VIN"),
        ("find_vendors", "schedule_inspection", "id lookup: vendor_id"),
        ("find_vendors", "authorize_rental", "id lookup: vendor_id of a rental firm"),
        ("schedule_inspection", "complete_inspection", "id create: inspection id (in a sentence)"),
        ("complete_inspection", "get_estimate", "id create: estimate id (in a sentence)"),
        ("complete_inspection", "approve_estimate", "id create: estimate id (in a sentence)"),
        ("set_reserve", "approve_estimate", "state: the exposure's reserve must cover the estimate"),
        ("approve_estimate", "issue_payment", "state: damage exposures need an approved estimate"),
        ("run_fraud_check", "issue_payment", "state: a fraud score must be on the claim"),
        ("run_fraud_check", "refer_to_siu", "state: a fraud score must be on the claim"),
        ("validate_iban", "register_payee", "format: IBAN in electronic form"),
        ("register_payee", "issue_payment", "id create: payee id (in a sentence)"),
        ("issue_payment", "get_payment", "id create: payment id (in a sentence)"),
        ("issue_payment", "void_payment", "id create: payment id (in a sentence)"),
        ("issue_payment", "open_subrogation", "state: something must have been paid"),
        ("add_party|get_claim", "record_statement", "id lookup/create: party id"),
        ("add_party", "open_subrogation", "id create: party id of the party at fault"),
        ("list_adjusters", "assign_claim", "id lookup: adjuster_id"),
        ("get_claim", "send_letter", "vocabulary: template code (pending_letters), listed only in errors"),
        ("get_claim", "upload_document", "vocabulary: document type (outstanding_documents), listed only in errors"),
        ("check_coverage|get_policy", "deny_claim", "id lookup: exclusion code of the policy"),
        ("deny_claim", "close_claim", "state: outcome 'denied' needs a denial on file"),
        ("complete_diary", "close_claim", "state: open diary items block closing"),
        ("close_claim", "reopen_claim", "no-op: reopening a claim that is not closed is refused"),
        ("add_diary|list_diaries", "complete_diary", "id lookup/create: diary id"),
        ("value_vehicle", "declare_total_loss", "id create: valuation_id"),
        ("convert_currency", "set_reserve", "unit: amount in the policy currency (bare number reply)"),
        ("convert_currency", "issue_payment", "unit: amount in the policy currency (bare number reply)"),
    ]
)

# Real dependencies the ground truth does not list (transitive ones and alternative sources).
PLAUSIBLE = {
    *[("sign_in", c) for c in _SESSION_USERS],
    *[("verify_mfa", c) for c in ("get_claim", "list_diaries", "run_fraud_check", "get_estimate", "get_payment")],
    *[("find_customer", c) for c in ("get_policy", "check_coverage", "open_claim", "add_exposure", "value_vehicle",
                                     "search_claims")],
    *[("lookup_vehicle", c) for c in ("search_claims", "declare_total_loss", "deny_claim")],
    *[("get_customer", c) for c in ("search_claims", "add_exposure", "deny_claim", "value_vehicle", "add_party",
                                    "register_payee")],
    *[("get_policy", c) for c in ("search_claims", "set_reserve", "authorize_rental")],
    *[("open_claim", c) for c in ("record_statement", "set_reserve", "schedule_inspection", "issue_payment",
                                  "declare_total_loss", "authorize_rental", "complete_diary", "get_payment")],
    ("search_claims", "record_statement"), ("search_claims", "complete_diary"), ("search_claims", "set_reserve"),
    ("classify_loss", "add_exposure"), ("classify_loss", "deny_claim"),
    ("get_claim", "list_diaries"), ("get_claim", "check_coverage"), ("get_claim", "get_policy"),
    ("get_claim", "close_claim"), ("get_claim", "deny_claim"), ("get_claim", "run_fraud_check"),
    ("add_exposure", "complete_inspection"), ("add_exposure", "approve_estimate"),
    ("schedule_inspection", "approve_estimate"), ("schedule_inspection", "issue_payment"),
    ("complete_inspection", "issue_payment"), ("get_estimate", "set_reserve"), ("get_estimate", "issue_payment"),
    ("set_reserve", "issue_payment"), ("validate_iban", "issue_payment"), ("issue_payment", "close_claim"),
    ("add_party", "send_letter"), ("add_party", "register_payee"), ("send_letter", "close_claim"),
    ("upload_document", "get_claim"), ("send_letter", "get_claim"), ("deny_claim", "send_letter"),
    ("run_fraud_check", "get_claim"), ("run_fraud_check", "open_subrogation"), ("get_payment", "void_payment"),
    ("find_vendors", "complete_inspection"), ("check_coverage", "set_reserve"), ("lookup_vehicle", "authorize_rental"),
    ("add_diary", "close_claim"), ("void_payment", "close_claim"), ("list_adjusters", "search_claims"),
    ("close_claim", "search_claims"),
}
