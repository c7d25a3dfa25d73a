"""MeterBook: the agent API of an energy supplier's customer back office (41 calls).

Plain functions over an in-memory ``State`` of Northvale Energy: customer accounts and the
premises they supply, electricity and gas meters and their reads, tariffs and switches, Direct
Debit mandates, bills and card payments, payment plans and credit refunds, power cuts and
guaranteed-standards compensation, the Priority Services Register, home moves, engineer
appointments and meter exchanges, and complaints. An agent opens a session with the desk's API
key; anything about a caller's account also needs the caller to pass security (data protection)
questions, which gives a short-lived DPA reference. Lookups answer in JSON text; changes answer
with a sentence that names the record, or a bare reference; a few calls answer with a bare number.
Nothing raises: a refusal is a string that starts with ``"Error: "`` (see ``FAILURE``).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import hashlib
import json
import math
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import List, Literal, Optional

Fuel = Literal["electricity", "gas", "dual"]
ReadSource = Literal["customer", "agent", "engineer"]
Job = Literal["smart_install", "meter_fault", "safety_check"]
ComplaintCategory = Literal["billing", "metering", "customer_service", "outage", "direct_debit"]

TODAY = date(2025, 5, 14)
_API_KEYS = {"nvk_4f1e0c9a77d2": "Contact centre, Northvale"}
_AGENTS = {"AG-2207": "Priya Natarajan", "AG-2231": "Callum Fraser"}
_GAS_KWH_PER_UNIT = 11.2

_TARIFFS = {
    "NVE-VAR-E": {"name": "Standard Variable", "fuel": "electricity", "e_unit": 24.5, "e_standing": 53.0,
                  "exit_fee": 0.0, "needs_smart": False},
    "NVE-VAR-D": {"name": "Standard Variable Dual", "fuel": "dual", "e_unit": 24.5, "e_standing": 53.0,
                  "g_unit": 6.2, "g_standing": 31.0, "exit_fee": 0.0, "needs_smart": False},
    "NVE-FIX12-E": {"name": "Fixed Saver 12", "fuel": "electricity", "e_unit": 22.9, "e_standing": 55.0,
                    "exit_fee": 75.0, "needs_smart": False},
    "NVE-FIX12-D": {"name": "Fixed Saver 12 Dual", "fuel": "dual", "e_unit": 22.9, "e_standing": 55.0,
                    "g_unit": 5.8, "g_standing": 33.0, "exit_fee": 150.0, "needs_smart": False},
    "NVE-EV-E": {"name": "Night Charge EV", "fuel": "electricity", "e_unit": 19.0, "e_standing": 58.0,
                 "exit_fee": 0.0, "needs_smart": True},
    "NVE-GRN-D": {"name": "Green Flex Dual", "fuel": "dual", "e_unit": 25.9, "e_standing": 53.0,
                  "g_unit": 6.6, "g_standing": 31.0, "exit_fee": 0.0, "needs_smart": False},
}
_SYMPTOMS = ("NO_SUPPLY", "PARTIAL_SUPPLY", "FLICKERING", "SMELL_OF_GAS", "DAMAGED_EQUIPMENT")  # errors only
_PSR = [["PSR-07", "Dialysis, feeding pump or automated medication"], ["PSR-12", "Pensionable age"],
        ["PSR-15", "Hearing impairment (including deaf)"], ["PSR-19", "Chronic serious illness"],
        ["PSR-22", "Young children under 5 in the home"], ["PSR-24", "Temporary: post-hospital recovery"]]
_SLOT_DAYS = [("2025-05-20", "AM"), ("2025-05-20", "PM"), ("2025-05-22", "AM"), ("2025-05-27", "PM")]
_WINDOWS = {"AM": "08:00-12:00", "PM": "12:00-16:00"}
_ENGINEERS = ["Tom Reyes", "Aisha Mensah", "Gareth Lloyd"]


def _seed_premises() -> dict:
    return {
        "PR-118204": {"address": "14 Alder Row", "postcode": "NV3 7QP", "account": "4410-2287",
                      "meters": [["E19K04421", "electricity", "1900012345678", "credit"],
                                 ["G4A118877", "gas", "7429118705", "credit"]]},
        "PR-118377": {"address": "Flat 3, Quay House", "postcode": "NV1 2HX", "account": "4410-2519",
                      "meters": [["E21S55012", "electricity", "1900098765432", "smart"]]},
        "PR-120050": {"address": "7 Mill Lane", "postcode": "NV3 7QT", "account": None,
                      "meters": [["E17J00310", "electricity", "1900011112222", "credit"],
                                 ["G4B200140", "gas", "7429200140", "credit"]]},
        "PR-117010": {"address": "22 Kiln Street", "postcode": "NV2 5LD", "account": "4410-1904",
                      "meters": [["E18A77001", "electricity", "1900033334444", "credit"]]},
    }


def _seed_reads() -> dict:
    return {
        "E19K04421": [["MR-549870", "2025-02-10", 10102, "actual"], ["MR-549901", "2025-04-12", 10388, "actual"]],
        "G4A118877": [["MR-549871", "2025-02-10", 4411, "actual"], ["MR-549902", "2025-04-12", 4502, "estimated"]],
        "E21S55012": [["MR-549610", "2025-03-14", 21940, "smart"], ["MR-549950", "2025-04-14", 22310, "smart"]],
        "E17J00310": [["MR-548100", "2024-11-30", 5120, "actual"]],
        "G4B200140": [["MR-548101", "2024-11-30", 880, "actual"]],
        "E18A77001": [["MR-549700", "2025-03-30", 30110, "actual"]],
    }


def _seed_accounts() -> dict:
    return {
        "4410-2287": {"name": "Margaret Ellison", "dob": "1958-03-02", "premises": "PR-118204", "balance": -86.40,
                      "tariff": "NVE-VAR-D", "billed_to": "2025-04-12", "psr": [], "mandate": "DDI-40977",
                      "bills": [["B-11702", "2025-03-12", 164.2, "paid"], ["B-11790", "2025-04-12", 86.4, "due"]]},
        "4410-2519": {"name": "Daniel Achebe", "dob": "1987-11-23", "premises": "PR-118377", "balance": 132.0,
                      "tariff": "NVE-FIX12-E", "billed_to": "2025-04-14", "psr": [], "mandate": None,
                      "bills": [["B-11795", "2025-04-14", 48.1, "paid"]]},
        "4410-1904": {"name": "Joan Ellison", "dob": "1931-06-18", "premises": "PR-117010", "balance": 0.0,
                      "tariff": "NVE-VAR-E", "billed_to": "2025-03-30", "psr": ["PSR-12"], "mandate": None,
                      "bills": [["B-11640", "2025-03-30", 71.35, "paid"]]},
    }


@dataclass
class State:
    """A fresh back office: three accounts, four premises, six meters, one mandate, two incidents."""

    sessions: dict = field(default_factory=dict)
    dpa: dict = field(default_factory=dict)
    accounts: dict = field(default_factory=_seed_accounts)
    premises: dict = field(default_factory=_seed_premises)
    reads: dict = field(default_factory=_seed_reads)
    disputes: dict = field(default_factory=dict)
    quotes: dict = field(default_factory=dict)
    bank_tokens: dict = field(default_factory=dict)
    mandates: dict = field(default_factory=lambda: {
        "DDI-40977": {"account": "4410-2287", "amount": 95.0, "day": 1, "status": "active", "bank": "Lloyds"}})
    bills: dict = field(default_factory=lambda: {
        "B-11790": {"account": "4410-2287", "from": "2025-03-12", "to": "2025-04-12", "status": "due",
                    "lines": [["Electricity 10102-10388", 286, "kWh", 24.5, 70.07],
                              ["Electricity standing charge", 31, "days", 53.0, 16.43]], "total": 86.4}})
    cards: dict = field(default_factory=dict)
    payments: dict = field(default_factory=dict)
    plans: dict = field(default_factory=dict)
    refunds: dict = field(default_factory=dict)
    incidents: dict = field(default_factory=lambda: {
        "INC-77090": {"sector": "NV3 7", "fuel": "electricity", "status": "in_progress", "started": "2025-05-14T06:40",
                      "eta": "2025-05-14T14:00", "restored": None, "affected": 312,
                      "updates": ["Underground cable fault found on Alder Row", "Generator on the way"]},
        "INC-76850": {"sector": "NV1 2", "fuel": "electricity", "status": "restored", "started": "2025-05-09T18:00",
                      "eta": None, "restored": "2025-05-10T15:00", "affected": 1140, "updates": ["Supply restored"]}})
    subscriptions: dict = field(default_factory=dict)
    claims: dict = field(default_factory=dict)
    appointments: dict = field(default_factory=dict)
    exchanges: dict = field(default_factory=dict)
    moves: dict = field(default_factory=dict)
    complaints: dict = field(default_factory=dict)
    counters: dict = field(default_factory=lambda: {
        "MR-": 550212, "RD-": 3310, "QT-": 3380, "DDI-": 40981, "B-": 11872, "PAY-": 66120, "PP-": 711,
        "RFD-": 2200, "INC-": 77123, "SUB-": 5400, "GSP-": 5500, "ACC": 3302, "MO-": 880, "AP-": 2210,
        "MX-": 140, "CMP-": 90411})


# ----------------------------------------------------------------------------- helpers

def _next(state: State, prefix: str) -> int:
    state.counters[prefix] += 1
    return state.counters[prefix]


def _err(message: str) -> str:
    return f"Error: {message}"


def _session(state: State, session: str) -> Optional[str]:
    return state.sessions.get(session)


def _account_of(state: State, dpa_ref: str) -> Optional[str]:
    return state.dpa.get(dpa_ref)


def _iso(value) -> bool:
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _canonical_postcode(value) -> bool:
    return isinstance(value, str) and re.fullmatch(r"[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}", value) is not None


def _meters(state: State, account_no: str) -> list:
    return state.premises[state.accounts[account_no]["premises"]]["meters"]


def _last(state: State, serial: str, billable: bool = False, until: Optional[str] = None):
    rows = [r for r in state.reads[serial]
            if (not billable or r[3] != "estimated") and (until is None or r[1] <= until)]
    return max(rows, key=lambda r: r[1]) if rows else None


def _daily_kwh(state: State, serial: str, fuel: str) -> float:
    rows = sorted(state.reads[serial], key=lambda r: r[1])
    if len(rows) >= 2:
        days = (date.fromisoformat(rows[-1][1]) - date.fromisoformat(rows[0][1])).days or 1
        per_day = (rows[-1][2] - rows[0][2]) / days
    else:
        per_day = 7.4 if fuel == "electricity" else 2.8
    return per_day * (_GAS_KWH_PER_UNIT if fuel == "gas" else 1.0)


def _annual_cost(state: State, account_no: str, tariff_code: str) -> float:
    t = _TARIFFS[tariff_code]
    total = 0.0
    for serial, fuel, _, _ in _meters(state, account_no):
        prefix = "e" if fuel == "electricity" else "g"
        total += (_daily_kwh(state, serial, fuel) * t[f"{prefix}_unit"] + t[f"{prefix}_standing"]) * 365 / 100
    return round(total, 2)


def _recommended(state: State, account_no: str) -> float:
    acc = state.accounts[account_no]
    debt = max(0.0, -acc["balance"])
    return float(math.ceil(_annual_cost(state, account_no, acc["tariff"]) / 12 + debt / 6))


def _fuels(state: State, account_no: str) -> str:
    kinds = {m[1] for m in _meters(state, account_no)}
    return "dual" if kinds == {"electricity", "gas"} else kinds.pop()


def _slots(premises_id: str, job: str) -> list:
    rows = []
    for i, (day, half) in enumerate(_SLOT_DAYS):
        if job == "safety_check" and half == "AM":
            continue
        rows.append([f"SL-{premises_id[3:]}-{day[5:7]}{day[8:10]}{half}", day, _WINDOWS[half],
                     _ENGINEERS[(i + len(job)) % len(_ENGINEERS)]])
    return rows


# ----------------------------------------------------------------------------- sessions and security

def open_session(api_key: str, agent_id: str, state: State) -> str:
    """Open an agent session.

    :param api_key: The contact centre's API key.
    :param agent_id: The agent's staff id.
    :returns: The bare session id.
    """
    if api_key not in _API_KEYS:
        return _err("API key not recognised")
    if agent_id.strip().upper() not in _AGENTS:
        return _err(f"no agent {agent_id}")
    session = "ses_" + hashlib.sha1(f"{api_key}/{agent_id}/{len(state.sessions)}".encode()).hexdigest()[:18]
    state.sessions[session] = agent_id.strip().upper()
    return session


def verify_caller(session: str, account_no: str, postcode: str, date_of_birth: str, state: State) -> str:
    """Security (data protection) check of a caller against an account.

    :param session: The agent's session.
    :param account_no: The account the caller says is theirs.
    :param postcode: The supply postcode as the system writes it.
    :param date_of_birth: The account holder's date of birth, ``YYYY-MM-DD``.
    :returns: JSON with the ``dpa_ref`` that account calls need for the next 20 minutes.
    """
    if _session(state, session) is None:
        return _err("no such session")
    acc = state.accounts.get(account_no)
    if acc is None:
        return _err(f"no account {account_no}")
    if not _canonical_postcode(postcode):
        return _err(f"postcode {postcode!r} is not in the system's format")
    if not _iso(date_of_birth):
        return _err("date_of_birth must be YYYY-MM-DD")
    if state.premises[acc["premises"]]["postcode"] != postcode or acc["dob"] != date_of_birth:
        return _err("security check failed")
    ref = "DPA-" + hashlib.sha1(f"{session}{account_no}{len(state.dpa)}".encode()).hexdigest()[:8].upper()
    state.dpa[ref] = account_no
    return json.dumps({"dpa_ref": ref, "account_no": account_no, "customer": acc["name"], "valid_minutes": 20})


# ----------------------------------------------------------------------------- reference

def normalise_postcode(text: str) -> str:
    """A UK postcode as people type it ('nv37qp', 'NV3  7QP') in the system's format ('NV3 7QP')."""
    compact = re.sub(r"\s+", "", text).upper()
    if not re.fullmatch(r"[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}", compact):
        return _err(f"{text!r} is not a UK postcode")
    return f"{compact[:-3]} {compact[-3:]}"


def parse_date(text: str) -> str:
    """A date as people say it ('2 March 1958', '23/11/1987', 'May 12, 2025') as YYYY-MM-DD.

    :param text: The date in words or digits (day first).
    :returns: The bare ISO date.
    """
    months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    t = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", text.strip().lower().replace(",", " "))
    if m := re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", t):
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
    elif m := re.fullmatch(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", t):
        d, mo, y = int(m[1]), int(m[2]), int(m[3])
    elif (m := re.fullmatch(r"(\d{1,2})\s+([a-z]+)\s+(\d{4})", t)) and m[2][:3] in months:
        d, mo, y = int(m[1]), months.index(m[2][:3]) + 1, int(m[3])
    elif (m := re.fullmatch(r"([a-z]+)\s+(\d{1,2})\s+(\d{4})", t)) and m[1][:3] in months:
        d, mo, y = int(m[2]), months.index(m[1][:3]) + 1, int(m[3])
    else:
        return _err(f"cannot read a date in {text!r}")
    try:
        return date(y, mo, d).isoformat()
    except ValueError:
        return _err(f"{text!r} is not a calendar date")


def find_account(session: str, surname: str, postcode: str, state: State) -> str:
    """Accounts by holder's surname at a supply postcode.

    :param session: The agent's session.
    :param surname: The holder's surname.
    :param postcode: The supply postcode in the system's format.
    :returns: JSON list of ``{"acct", "name", "address"}``.
    """
    if _session(state, session) is None:
        return _err("no such session")
    if not _canonical_postcode(postcode):
        return _err(f"postcode {postcode!r} is not in the system's format")
    rows = []
    for no, acc in state.accounts.items():
        p = state.premises[acc["premises"]]
        if p["postcode"] == postcode and acc["name"].lower().endswith(surname.strip().lower()):
            rows.append({"acct": no, "name": acc["name"], "address": p["address"]})
    return json.dumps(rows)


def find_premises(postcode: str, house: str, state: State) -> str:
    """A supply address and its meters.

    :param postcode: Postcode in the system's format.
    :param house: House number or name as it starts the address ('14', 'Flat 3').
    :returns: JSON with ``premises_ref``, the address, whether it is occupied, and ``meters`` rows
        ``[serial, fuel, mpan_or_mprn, meter_type]``.
    """
    if not _canonical_postcode(postcode):
        return _err(f"postcode {postcode!r} is not in the system's format")
    want = house.strip().lower()
    for pid, p in state.premises.items():
        if p["postcode"] == postcode and p["address"].lower().startswith(want):
            return json.dumps({"premises_ref": pid, "address": p["address"], "postcode": postcode,
                               "occupied": p["account"] is not None, "meters": [list(m) for m in p["meters"]]})
    return _err(f"no supply address {house!r} in {postcode}")


def account_summary(dpa_ref: str, state: State) -> str:
    """Balance, tariff, meters with their last reads, Direct Debit and bills of the verified caller's account.

    :param dpa_ref: The reference from a passed security check.
    :returns: JSON; ``balance_gbp`` is positive in credit and negative when owed, ``meters`` rows are
        ``[serial, fuel, last_read_date, last_read, read_type]`` and ``bills`` rows
        ``[bill_no, date, amount, status]``.
    """
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    acc = state.accounts[no]
    meters = []
    for serial, fuel, _, _ in _meters(state, no):
        last = _last(state, serial)
        meters.append([serial, fuel, last[1], last[2], last[3]])
    mandate = state.mandates.get(acc["mandate"]) if acc["mandate"] else None
    dd = {"mandate": acc["mandate"], "amount_gbp": mandate["amount"], "day": mandate["day"],
          "state": mandate["status"]} if mandate else None
    return json.dumps({"account_no": no, "name": acc["name"], "balance_gbp": acc["balance"], "tariff": acc["tariff"],
                       "premises_ref": acc["premises"], "meters": meters, "direct_debit": dd,
                       "bills": [list(b) for b in acc["bills"]], "psr": list(acc["psr"])})


# ----------------------------------------------------------------------------- meter reads

def submit_read(serial: str, reading: int, read_date: str, source: ReadSource, state: State) -> str:
    """Record a meter read.

    :param serial: The meter serial.
    :param reading: The digits on the register (whole units).
    :param read_date: When it was read, ``YYYY-MM-DD``.
    :param source: Who read it.
    :returns: A sentence with the read id.
    """
    if serial not in state.reads:
        return _err(f"no meter {serial}")
    if not _iso(read_date) or read_date > TODAY.isoformat():
        return _err("read_date must be YYYY-MM-DD and not in the future")
    last = _last(state, serial, billable=True)
    if last and (reading < last[2] or read_date < last[1]):
        return _err("read is lower or older than the last actual read; check the digits")
    rid = f"MR-{_next(state, 'MR-')}"
    state.reads[serial].append([rid, read_date, int(reading), "actual" if source != "customer" else "customer"])
    return f"Read {rid} accepted for meter {serial}: {reading} on {read_date}."


def read_history(serial: str, state: State) -> str:
    """Reads of a meter, oldest first, as JSON rows ``[read_id, date, reading, type]``."""
    if serial not in state.reads:
        return _err(f"no meter {serial}")
    return json.dumps(sorted([list(r) for r in state.reads[serial]], key=lambda r: r[1]))


def estimate_read(serial: str, on_date: str, state: State) -> int:
    """The register value a meter is expected to show on a date (``YYYY-MM-DD``), from its history."""
    if serial not in state.reads:
        return _err(f"no meter {serial}")
    if not _iso(on_date):
        return _err("on_date must be YYYY-MM-DD")
    fuel = "gas" if serial.startswith("G") else "electricity"
    last = _last(state, serial)
    per_day = _daily_kwh(state, serial, fuel) / (_GAS_KWH_PER_UNIT if fuel == "gas" else 1.0)
    days = (date.fromisoformat(on_date) - date.fromisoformat(last[1])).days
    return int(round(last[2] + max(days, 0) * per_day))


def dispute_read(dpa_ref: str, read_id: str, reason: str, state: State) -> str:
    """Dispute a read on the caller's meters; it is left out of billing while the case is open.

    :param dpa_ref: The reference from a passed security check.
    :param read_id: The read.
    :param reason: What the caller says is wrong, in their words.
    """
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    for serial, _, _, _ in _meters(state, no):
        for r in state.reads[serial]:
            if r[0] == read_id:
                if read_id in state.disputes:
                    return _err(f"read {read_id} is already disputed")
                case = f"RD-{_next(state, 'RD-')}"
                state.disputes[read_id] = {"case": case, "reason": reason}
                r[3] = "estimated" if r[3] == "estimated" else "disputed"
                return f"Read {read_id} disputed; case {case} opened and the read is held back from billing."
    return _err(f"read {read_id} is not on this account's meters")


# ----------------------------------------------------------------------------- tariffs

def list_tariffs(fuel: Optional[Fuel] = None, smart_only: Optional[bool] = None) -> str:
    """Tariffs on sale as JSON (``code``, name, fuel, unit rates and standing charges in pence, exit fee)."""
    rows = [{"code": code, "name": t["name"], "fuel": t["fuel"], "unit_rate_p": t["e_unit"],
             "gas_unit_rate_p": t.get("g_unit"), "standing_p_per_day": t["e_standing"],
             "exit_fee_gbp": t["exit_fee"], "needs_smart_meter": t["needs_smart"]}
            for code, t in _TARIFFS.items()
            if (fuel is None or t["fuel"] == fuel) and (smart_only is None or t["needs_smart"] == smart_only)]
    return json.dumps(rows)


def quote_tariff(dpa_ref: str, tariff_code: str, state: State) -> str:
    """Price a tariff for the caller's usage.

    :param dpa_ref: The reference from a passed security check.
    :param tariff_code: The tariff's code.
    :returns: JSON with the ``quote`` reference, the annual estimate and the exit fee of the current tariff.
    """
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    t = _TARIFFS.get(tariff_code)
    if t is None:
        return _err(f"unknown tariff {tariff_code!r}")
    acc = state.accounts[no]
    if acc["tariff"] == tariff_code:
        return _err(f"account is already on {tariff_code}")
    if t["fuel"] != _fuels(state, no):
        return _err(f"{t['name']} does not fit a {_fuels(state, no)} supply")
    if t["needs_smart"] and not all(m[3] == "smart" for m in _meters(state, no)):
        return _err(f"{t['name']} needs a smart meter")
    q = f"QT-{_next(state, 'QT-')}"
    state.quotes[q] = {"account": no, "tariff": tariff_code}
    return json.dumps({"quote": q, "tariff": tariff_code, "annual_estimate_gbp": _annual_cost(state, no, tariff_code),
                       "current_annual_gbp": _annual_cost(state, no, acc["tariff"]),
                       "exit_fee_gbp": _TARIFFS[acc["tariff"]]["exit_fee"], "valid_until": "2025-05-28"})


def switch_tariff(dpa_ref: str, quote_ref: str, accept_exit_fee: bool = False, state: State = None) -> str:
    """Move the caller to a quoted tariff from tomorrow.

    :param dpa_ref: The reference from a passed security check.
    :param quote_ref: A quote for this account.
    :param accept_exit_fee: The caller agreed to pay the current tariff's exit fee.
    """
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    q = state.quotes.get(quote_ref)
    if q is None or q["account"] != no:
        return _err(f"no quote {quote_ref} for this account")
    acc = state.accounts[no]
    fee = _TARIFFS[acc["tariff"]]["exit_fee"]
    if fee and not accept_exit_fee:
        return _err(f"leaving {_TARIFFS[acc['tariff']]['name']} costs {fee:.2f} GBP; the caller must accept the fee")
    acc["tariff"] = q["tariff"]
    acc["balance"] = round(acc["balance"] - fee, 2)
    del state.quotes[quote_ref]
    start = (TODAY + timedelta(days=1)).isoformat()
    return f"Switch to {_TARIFFS[q['tariff']]['name']} booked from {start} (quote {quote_ref})."


# ----------------------------------------------------------------------------- Direct Debit

def validate_bank(sort_code: str, account_number: str, state: State) -> str:
    """Check a sort code and account number with the bank directory.

    :returns: JSON with the bank's name and a ``token`` standing for the bank details.
    """
    sc, acct = re.sub(r"\D", "", sort_code), re.sub(r"\D", "", account_number)
    if len(sc) != 6 or len(acct) != 8 or sum(int(c) for c in sc + acct) % 3 != 0:
        return _err("sort code and account number do not validate")
    token = "BK-" + hashlib.sha1(f"{sc}{acct}".encode()).hexdigest()[:10]
    bank = {"40": "HSBC", "20": "Barclays", "30": "Lloyds", "60": "NatWest"}.get(sc[:2], "Northvale Building Society")
    state.bank_tokens[token] = {"sort_code": sc, "account": acct[-4:], "bank": bank}
    return json.dumps({"valid": True, "bank": bank, "token": token})


def recommend_dd(dpa_ref: str, state: State) -> float:
    """The lowest monthly Direct Debit that covers the caller's usage and spreads any debt over six months."""
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    return _recommended(state, no)


def set_up_direct_debit(dpa_ref: str, bank_token: str, amount_gbp: float, collection_day: int,
                        state: State) -> str:
    """Create a Direct Debit mandate.

    :param dpa_ref: The reference from a passed security check.
    :param bank_token: Validated bank details.
    :param amount_gbp: Monthly amount, at least the recommended amount.
    :param collection_day: Day of the month, 1 to 28.
    :returns: The bare mandate reference.
    """
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    bank = state.bank_tokens.get(bank_token)
    if bank is None:
        return _err("bank details not validated")
    acc = state.accounts[no]
    if acc["mandate"] and state.mandates[acc["mandate"]]["status"] == "active":
        return _err("account already has an active Direct Debit; cancel it first")
    if amount_gbp < _recommended(state, no):
        return _err("amount is below what the account needs each month")
    if not 1 <= collection_day <= 28:
        return _err("collection_day must be 1 to 28")
    ref = f"DDI-{_next(state, 'DDI-')}"
    state.mandates[ref] = {"account": no, "amount": float(amount_gbp), "day": collection_day, "status": "active",
                           "bank": bank["bank"]}
    acc["mandate"] = ref
    return ref


def change_dd_amount(dpa_ref: str, mandate_ref: str, amount_gbp: float, state: State) -> str:
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    m = state.mandates.get(mandate_ref)
    if m is None or m["account"] != no or m["status"] != "active":
        return _err(f"no active mandate {mandate_ref} on this account")
    if amount_gbp < _recommended(state, no):
        return _err("amount is below what the account needs each month")
    m["amount"] = float(amount_gbp)
    return f"Direct Debit {mandate_ref} changed to {amount_gbp:.2f} GBP from the next collection."


def cancel_direct_debit(dpa_ref: str, mandate_ref: str, reason: str, state: State) -> str:
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    m = state.mandates.get(mandate_ref)
    if m is None or m["account"] != no:
        return _err(f"no mandate {mandate_ref} on this account")
    if m["status"] == "cancelled":
        return _err(f"mandate {mandate_ref} is already cancelled")
    m["status"] = "cancelled"
    m["reason"] = reason
    return f"Direct Debit {mandate_ref} cancelled; no further collections."


# ----------------------------------------------------------------------------- billing and payments

def issue_bill(session: str, account_no: str, state: State) -> str:
    """Bill an account up to its latest reads; every meter needs an actual or customer read since the last bill.

    :param session: The agent's session.
    :param account_no: The account.
    :returns: A sentence with the bill number and total.
    """
    if _session(state, session) is None:
        return _err("no such session")
    acc = state.accounts.get(account_no)
    if acc is None:
        return _err(f"no account {account_no}")
    t = _TARIFFS[acc["tariff"]]
    lines, new_to = [], acc["billed_to"]
    for serial, fuel, _, _ in _meters(state, account_no):
        new = _last(state, serial, billable=True)
        if new is None or new[1] <= acc["billed_to"] or new[3] == "disputed":
            return _err(f"no actual read since the last bill for meter {serial}")
        prev = _last(state, serial, until=acc["billed_to"])
        units = new[2] - prev[2]
        kwh = round(units * (_GAS_KWH_PER_UNIT if fuel == "gas" else 1.0), 1)
        days = (date.fromisoformat(new[1]) - date.fromisoformat(acc["billed_to"])).days
        p = "e" if fuel == "electricity" else "g"
        lines.append([f"{fuel.title()} {prev[2]}-{new[2]}", kwh, "kWh", t[f"{p}_unit"],
                      round(kwh * t[f"{p}_unit"] / 100, 2)])
        lines.append([f"{fuel.title()} standing charge", days, "days", t[f"{p}_standing"],
                      round(days * t[f"{p}_standing"] / 100, 2)])
        new_to = max(new_to, new[1])
    total = round(sum(ln[4] for ln in lines), 2)
    bill_no = f"B-{_next(state, 'B-')}"
    state.bills[bill_no] = {"account": account_no, "from": acc["billed_to"], "to": new_to, "status": "due",
                            "lines": lines, "total": total}
    acc["bills"].append([bill_no, TODAY.isoformat(), total, "due"])
    acc["balance"] = round(acc["balance"] - total, 2)
    period = f"{acc['billed_to']} to {new_to}"
    acc["billed_to"] = new_to
    return f"Bill {bill_no} issued to {account_no}: {total:.2f} GBP for {period}."


def get_bill(bill_no: str, state: State) -> str:
    b = state.bills.get(bill_no)
    if b is None:
        return _err(f"no bill {bill_no}")
    return json.dumps({"bill": bill_no, "account": b["account"], "period": [b["from"], b["to"]],
                       "lines": [list(x) for x in b["lines"]], "total": b["total"], "state": b["status"]})


def tokenise_card(card_number: str, expiry: str, cvv: str, state: State) -> str:
    """Swap card details for a payment token (the desk never stores card numbers).

    :returns: The bare card token.
    """
    digits = re.sub(r"\D", "", card_number)
    checksum = sum(d if i % 2 == 0 else (d * 2 - 9 if d * 2 > 9 else d * 2)
                   for i, d in enumerate(int(c) for c in reversed(digits)))
    if not 13 <= len(digits) <= 19 or checksum % 10:
        return _err("card number is not valid")
    if not re.fullmatch(r"(0[1-9]|1[0-2])/\d{2}", expiry.strip()) or not re.fullmatch(r"\d{3,4}", cvv.strip()):
        return _err("expiry must be MM/YY and the CVV 3 or 4 digits")
    token = "ctk_" + hashlib.sha1(f"{digits}{expiry}".encode()).hexdigest()[:16]
    state.cards[token] = digits[-4:]
    return token


def take_card_payment(dpa_ref: str, card_token: str, amount_gbp: float, state: State) -> str:
    """Take a card payment towards the caller's balance.

    :param dpa_ref: The reference from a passed security check.
    :param card_token: A token from ``tokenise_card``.
    :param amount_gbp: Amount, up to 2,000 GBP.
    """
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    if card_token not in state.cards:
        return _err("unknown card token")
    if not 0 < amount_gbp <= 2000:
        return _err("amount must be between 0 and 2,000 GBP")
    acc = state.accounts[no]
    pay = f"PAY-{_next(state, 'PAY-')}"
    state.payments[pay] = {"account": no, "amount": float(amount_gbp), "card": state.cards[card_token]}
    acc["balance"] = round(acc["balance"] + amount_gbp, 2)
    return f"Payment {pay} of {amount_gbp:.2f} GBP taken; balance now {acc['balance']:.2f} GBP."


def set_up_payment_plan(dpa_ref: str, instalments: int, first_date: str, state: State) -> str:
    """Spread what the caller owes over 2 to 12 monthly instalments, the first on ``first_date`` (YYYY-MM-DD)."""
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    acc = state.accounts[no]
    if acc["balance"] >= 0:
        return _err("nothing is owed on this account")
    if not 2 <= instalments <= 12:
        return _err("instalments must be 2 to 12")
    if not _iso(first_date) or first_date <= TODAY.isoformat():
        return _err("first_date must be a future YYYY-MM-DD")
    each = round(-acc["balance"] / instalments, 2)
    plan = f"PP-{_next(state, 'PP-'):04d}"
    state.plans[plan] = {"account": no, "instalments": instalments, "each": each, "first": first_date}
    return f"Payment plan {plan}: {instalments} instalments of {each:.2f} GBP from {first_date}."


def refund_credit(dpa_ref: str, amount_gbp: float, state: State) -> str:
    """Refund the caller's whole credit balance; every meter needs a real read from the last 14 days.

    :param dpa_ref: The reference from a passed security check.
    :param amount_gbp: The credit balance, to the penny.
    """
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    acc = state.accounts[no]
    if acc["balance"] <= 0:
        return _err("the account is not in credit")
    if round(amount_gbp, 2) != round(acc["balance"], 2):
        return _err("amount must be the whole credit balance")
    fresh = (TODAY - timedelta(days=14)).isoformat()
    for serial, _, _, _ in _meters(state, no):
        last = _last(state, serial, billable=True)
        if last is None or last[1] < fresh:
            return _err(f"meter {serial} needs a read from the last 14 days before a refund")
    ref = f"RFD-{_next(state, 'RFD-')}"
    state.refunds[ref] = {"account": no, "amount": float(amount_gbp)}
    acc["balance"] = 0.0
    return f"Refund {ref} of {amount_gbp:.2f} GBP on its way to the caller's bank within 5 working days."


# ----------------------------------------------------------------------------- outages

def outage_check(postcode: str, state: State) -> str:
    """Power cuts known in a postcode's sector, as JSON rows
    ``[incident_ref, fuel, status, started, eta_or_restored]``."""
    if not _canonical_postcode(postcode):
        return _err(f"postcode {postcode!r} is not in the system's format")
    sector = postcode[:-2]
    rows = [[ref, i["fuel"], i["status"], i["started"], i["eta"] or i["restored"]]
            for ref, i in state.incidents.items() if i["sector"] == sector]
    return json.dumps({"postcode": postcode, "incidents": rows})


def report_outage(session: str, premises_id: str, symptoms: List[str], notes: Optional[str] = None,
                  state: State = None) -> str:
    """Log a supply fault at a premises; it joins an open incident in the same sector if there is one.

    :param session: The agent's session.
    :param premises_id: The supply address.
    :param symptoms: What the caller reports.
    :param notes: Anything else the caller said.
    """
    if _session(state, session) is None:
        return _err("no such session")
    p = state.premises.get(premises_id)
    if p is None:
        return _err(f"no premises {premises_id}")
    bad = [s for s in symptoms if s not in _SYMPTOMS] if isinstance(symptoms, list) else [symptoms]
    if not symptoms or bad:
        return _err(f"unknown symptom {bad[:1]}; use {', '.join(_SYMPTOMS)}")
    if "SMELL_OF_GAS" in symptoms:
        return _err("a gas smell is an emergency: the caller must ring the gas emergency line now")
    sector = p["postcode"][:-2]
    for ref, i in state.incidents.items():
        if i["sector"] == sector and i["status"] == "in_progress":
            i["affected"] += 1
            return f"Fault logged against incident {ref} in {sector}; supply expected back by {i['eta'][11:]}."
    ref = f"INC-{_next(state, 'INC-')}"
    state.incidents[ref] = {"sector": sector, "fuel": "electricity", "status": "in_progress",
                            "started": f"{TODAY.isoformat()}T10:15", "eta": f"{TODAY.isoformat()}T18:00",
                            "restored": None, "affected": 1, "updates": [notes or "Reported by phone"]}
    return f"Incident {ref} raised for {p['address']}: {', '.join(symptoms)}; an engineer is being sent."


def outage_status(incident_ref: str, state: State) -> str:
    i = state.incidents.get(incident_ref)
    if i is None:
        return _err(f"no incident {incident_ref}")
    return json.dumps({"incident": incident_ref, "state": i["status"], "sector": i["sector"], "eta": i["eta"],
                       "restored": i["restored"], "customers_affected": i["affected"], "updates": list(i["updates"])})


def subscribe_updates(incident_ref: str, mobile: str, state: State) -> str:
    """Text a mobile number when an incident changes; returns the bare subscription id."""
    if incident_ref not in state.incidents:
        return _err(f"no incident {incident_ref}")
    digits = re.sub(r"\D", "", mobile)
    if not re.fullmatch(r"07\d{9}", digits):
        return _err("a UK mobile number is needed")
    sub = f"SUB-{_next(state, 'SUB-')}"
    state.subscriptions[sub] = {"incident": incident_ref, "mobile": digits}
    return sub


def claim_compensation(dpa_ref: str, incident_ref: str, state: State) -> str:
    """Pay the guaranteed-standards compensation for a power cut of 12 hours or more at the caller's address."""
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    i = state.incidents.get(incident_ref)
    if i is None:
        return _err(f"no incident {incident_ref}")
    if state.premises[state.accounts[no]["premises"]]["postcode"][:-2] != i["sector"]:
        return _err("the caller's address was not in that incident")
    if i["status"] != "restored":
        return _err("compensation is paid once supply is restored")
    hours = ((int(i["restored"][8:10]) - int(i["started"][8:10])) * 24
             + int(i["restored"][11:13]) - int(i["started"][11:13]))
    if hours < 12:
        return _err("the cut lasted less than 12 hours")
    if f"{no}/{incident_ref}" in state.claims:
        return _err("already paid for this incident")
    amount = 95 + 45 * ((hours - 12) // 12)
    gsp = f"GSP-{_next(state, 'GSP-')}"
    state.claims[f"{no}/{incident_ref}"] = gsp
    state.accounts[no]["balance"] = round(state.accounts[no]["balance"] + amount, 2)
    return f"Guaranteed standards payment {gsp} of {amount:.2f} GBP credited for a {hours}-hour cut."


# ----------------------------------------------------------------------------- priority services

def psr_needs() -> str:
    return json.dumps([list(x) for x in _PSR])


def add_to_psr(dpa_ref: str, needs: List[str], nominee: Optional[str] = None, state: State = None) -> str:
    """Put the caller's household on the Priority Services Register.

    :param dpa_ref: The reference from a passed security check.
    :param needs: Need codes.
    :param nominee: Someone we may contact on their behalf (name and phone, free text).
    """
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    codes = {c for c, _ in _PSR}
    if not isinstance(needs, list) or not needs or any(n not in codes for n in needs):
        return _err("needs must be register codes")
    acc = state.accounts[no]
    if set(needs) <= set(acc["psr"]):
        return _err("already registered with those needs")
    acc["psr"] = sorted(set(acc["psr"]) | set(needs))
    acc["psr_nominee"] = nominee
    return f"Added to the Priority Services Register with {', '.join(acc['psr'])}."


# ----------------------------------------------------------------------------- moving home

def move_in(session: str, premises_id: str, full_name: str, date_of_birth: str, move_in_date: str,
            state: State) -> str:
    """Open an account for someone moving into an empty supply address; opening reads are taken from the
    last reads on file.

    :param session: The agent's session.
    :param premises_id: The supply address.
    :param full_name: The new customer's name.
    :param date_of_birth: ``YYYY-MM-DD``.
    :param move_in_date: ``YYYY-MM-DD``.
    :returns: The bare account number.
    """
    if _session(state, session) is None:
        return _err("no such session")
    p = state.premises.get(premises_id)
    if p is None:
        return _err(f"no premises {premises_id}")
    if p["account"] is not None:
        return _err("someone is already supplied at that address")
    if not _iso(date_of_birth) or not _iso(move_in_date):
        return _err("dates must be YYYY-MM-DD")
    no = f"4410-{_next(state, 'ACC')}"
    for serial, _, _, _ in p["meters"]:
        last = _last(state, serial)
        state.reads[serial].append([f"MR-{_next(state, 'MR-')}", move_in_date, last[2], "opening"])
    state.accounts[no] = {"name": full_name.strip(), "dob": date_of_birth, "premises": premises_id, "balance": 0.0,
                          "tariff": "NVE-VAR-D" if len(p["meters"]) == 2 else "NVE-VAR-E",
                          "billed_to": move_in_date, "psr": [], "mandate": None, "bills": []}
    p["account"] = no
    return no


def move_out(dpa_ref: str, move_out_date: str, forwarding_address: str, state: State) -> str:
    """Book the caller's move out on a future date (``YYYY-MM-DD``); the final bill goes to the forwarding address."""
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    if not _iso(move_out_date) or move_out_date <= TODAY.isoformat():
        return _err("move_out_date must be a future YYYY-MM-DD")
    if len(forwarding_address.strip()) < 8:
        return _err("a forwarding address is needed for the final bill")
    ref = f"MO-{_next(state, 'MO-'):04d}"
    state.moves[ref] = {"account": no, "date": move_out_date, "forwarding": forwarding_address.strip()}
    return f"Move-out {ref} booked for {move_out_date}; ask for final reads on the day."


# ----------------------------------------------------------------------------- engineers

def appointment_slots(premises_id: str, job: Job, state: State) -> str:
    """Free engineer slots at a premises as JSON rows ``[slot_id, date, window, engineer]``."""
    if premises_id not in state.premises:
        return _err(f"no premises {premises_id}")
    taken = {a["slot"] for a in state.appointments.values()}
    return json.dumps([row for row in _slots(premises_id, job) if row[0] not in taken])


def book_appointment(dpa_ref: str, slot_id: str, job: Job, access_notes: str, state: State) -> str:
    """Book an engineer visit at the caller's address.

    :param dpa_ref: The reference from a passed security check.
    :param slot_id: A free slot for that address and job.
    :param job: What the engineer comes for.
    :param access_notes: Free text: parking, pets, where the meter is.
    """
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    premises = state.accounts[no]["premises"]
    row = next((r for r in _slots(premises, job) if r[0] == slot_id), None)
    if row is None or any(a["slot"] == slot_id for a in state.appointments.values()):
        return _err(f"slot {slot_id} is not free for that job at the caller's address")
    ap = f"AP-{_next(state, 'AP-')}"
    state.appointments[ap] = {"account": no, "premises": premises, "slot": slot_id, "job": job,
                              "notes": access_notes, "done": False}
    return f"Appointment {ap} booked for {row[1]} {row[2]} ({job}) with {row[3]}."


def record_meter_exchange(session: str, appointment_ref: str, old_serial: str, new_serial: str,
                          old_final_read: int, new_opening_read: int, state: State) -> str:
    """Record the engineer swapping a meter on a booked install or fault visit.

    :param session: The agent's session.
    :param appointment_ref: The booked visit.
    :param old_serial: The meter taken out.
    :param new_serial: The meter fitted.
    :param old_final_read: Final register value of the old meter.
    :param new_opening_read: Opening register value of the new meter.
    """
    if _session(state, session) is None:
        return _err("no such session")
    ap = state.appointments.get(appointment_ref)
    if ap is None or ap["done"]:
        return _err(f"no open appointment {appointment_ref}")
    if ap["job"] not in ("smart_install", "meter_fault"):
        return _err("meters are only exchanged on install or fault visits")
    meters = state.premises[ap["premises"]]["meters"]
    old = next((m for m in meters if m[0] == old_serial), None)
    if old is None:
        return _err(f"meter {old_serial} is not at that address")
    if not re.fullmatch(r"[EG]\d{2}[A-Z]\d{5}", new_serial):
        return _err(f"{new_serial!r} is not a meter serial")
    last = _last(state, old_serial, billable=True)
    if old_final_read < last[2]:
        return _err("final read is lower than the last actual read")
    state.reads[old_serial].append([f"MR-{_next(state, 'MR-')}", TODAY.isoformat(), old_final_read, "final"])
    state.reads[new_serial] = [[f"MR-{_next(state, 'MR-')}", TODAY.isoformat(), new_opening_read, "opening"]]
    old[0], old[3] = new_serial, "smart" if ap["job"] == "smart_install" else old[3]
    ap["done"] = True
    mx = f"MX-{_next(state, 'MX-')}"
    state.exchanges[mx] = {"appointment": appointment_ref, "old": old_serial, "new": new_serial}
    return f"Exchange {mx}: meter {old_serial} replaced by {new_serial} at {state.premises[ap['premises']]['address']}."


# ----------------------------------------------------------------------------- complaints

def log_complaint(dpa_ref: str, category: ComplaintCategory, summary: str, state: State) -> str:
    """Log the caller's complaint; returns the bare complaint reference."""
    no = _account_of(state, dpa_ref)
    if no is None:
        return _err("caller not verified (dpa_ref unknown or expired)")
    if len(summary.strip()) < 15:
        return _err("summarise the complaint")
    ref = f"CMP-{_next(state, 'CMP-')}"
    state.complaints[ref] = {"account": no, "category": category, "summary": summary.strip(), "status": "logged",
                             "goodwill": 0.0}
    return ref


def acknowledge_complaint(session: str, complaint_ref: str, state: State) -> str:
    if _session(state, session) is None:
        return _err("no such session")
    c = state.complaints.get(complaint_ref)
    if c is None:
        return _err(f"no complaint {complaint_ref}")
    if c["status"] != "logged":
        return _err(f"complaint {complaint_ref} is already {c['status']}")
    c["status"] = "acknowledged"
    due = (TODAY + timedelta(days=28)).isoformat()
    return f"Complaint {complaint_ref} acknowledged; final response due by {due}."


def add_goodwill(session: str, complaint_ref: str, amount_gbp: float, note: str, state: State) -> str:
    """Credit a goodwill gesture (up to 100 GBP) against a complaint.

    :param session: The agent's session.
    :param complaint_ref: The complaint.
    :param amount_gbp: The credit.
    :param note: Why, for the case file.
    """
    if _session(state, session) is None:
        return _err("no such session")
    c = state.complaints.get(complaint_ref)
    if c is None:
        return _err(f"no complaint {complaint_ref}")
    if c["status"] == "closed":
        return _err("complaint is closed")
    if not 0 < amount_gbp <= 100 - c["goodwill"]:
        return _err("goodwill is capped at 100 GBP per complaint")
    c["goodwill"] += amount_gbp
    acc = state.accounts[c["account"]]
    acc["balance"] = round(acc["balance"] + amount_gbp, 2)
    return f"Goodwill credit of {amount_gbp:.2f} GBP applied to {c['account']} for {complaint_ref}."


def close_complaint(session: str, complaint_ref: str, resolution: str, state: State) -> str:
    """Close an acknowledged complaint with the resolution given to the customer."""
    if _session(state, session) is None:
        return _err("no such session")
    c = state.complaints.get(complaint_ref)
    if c is None:
        return _err(f"no complaint {complaint_ref}")
    if c["status"] == "closed":
        return _err(f"complaint {complaint_ref} is already closed")
    if c["status"] != "acknowledged":
        return _err("a complaint must be acknowledged before it is closed")
    c["status"] = "closed"
    c["resolution"] = resolution
    return f"Complaint {complaint_ref} closed."


def FAILURE(reply) -> bool:  # noqa: N802 - the catalog convention's name
    """A MeterBook refusal: a string reply that starts with 'Error:'."""
    return isinstance(reply, str) and reply.startswith("Error:")


TOOLS = [
    open_session, verify_caller,
    normalise_postcode, parse_date, find_account, find_premises, account_summary,
    submit_read, read_history, estimate_read, dispute_read,
    list_tariffs, quote_tariff, switch_tariff,
    validate_bank, recommend_dd, set_up_direct_debit, change_dd_amount, cancel_direct_debit,
    issue_bill, get_bill, tokenise_card, take_card_payment, set_up_payment_plan, refund_credit,
    outage_check, report_outage, outage_status, subscribe_updates, claim_compensation,
    psr_needs, add_to_psr,
    move_in, move_out,
    appointment_slots, book_appointment, record_meter_exchange,
    log_complaint, acknowledge_complaint, add_goodwill, close_complaint,
]

# What a tester is handed: the desk's API key and an agent id, and what callers said (names,
# postcodes and dates as they said them, meter readings, card and bank details).
FIXTURES = {
    "api_key": "nvk_4f1e0c9a77d2",
    "agent_id": "AG-2207",
    "callers": {
        "ellison": {"name": "Margaret Ellison", "address": "14 Alder Row, Northvale", "postcode": "nv3 7qp",
                    "date_of_birth": "2 March 1958", "readings": {"electricity": 10412, "gas": 4560},
                    "read_on": "12 May 2025", "card": {"number": "4111 1111 1111 1111", "expiry": "09/27",
                                                      "cvv": "737"}},
        "achebe": {"name": "Daniel Achebe", "address": "Flat 3, Quay House, Northvale", "postcode": "NV12HX",
                   "date_of_birth": "23/11/1987", "reading": 22480, "read_on": "May 13, 2025",
                   "bank": {"sort_code": "40-22-17", "account_number": "31926818"}},
        "mover": {"name": "Olu Bankole", "address": "7 Mill Lane, Northvale", "postcode": "nv3 7qt",
                  "date_of_birth": "4 July 1990", "moving_in": "1 May 2025",
                  "readings": {"electricity": 5301, "gas": 940}},
        "power_cut": {"address": "22 Kiln Street, Northvale", "postcode": "NV2 5LD", "mobile": "07700 900321"},
    },
}

_SESSION_USERS = ["verify_caller", "find_account", "issue_bill", "report_outage", "move_in", "record_meter_exchange",
                  "acknowledge_complaint", "add_goodwill", "close_complaint"]
_DPA_USERS = ["account_summary", "dispute_read", "quote_tariff", "switch_tariff", "recommend_dd", "set_up_direct_debit",
              "change_dd_amount", "cancel_direct_debit", "take_card_payment", "set_up_payment_plan", "refund_credit",
              "claim_compensation", "add_to_psr", "move_out", "book_appointment", "log_complaint"]

GROUND_TRUTH = (
    [("open_session", c, "auth: agent session") for c in _SESSION_USERS]
    + [("verify_caller", c, "auth: caller security check (dpa_ref)") for c in _DPA_USERS]
    + [("find_account|move_in", c, "id lookup/create: account number ('acct' -> account_no, or a bare number)")
       for c in ("verify_caller", "issue_bill")]
    + [("normalise_postcode", c, "format: postcode as the system writes it")
       for c in ("verify_caller", "find_account", "find_premises", "outage_check")]
    + [("parse_date", c, "format: YYYY-MM-DD") for c in ("verify_caller", "submit_read", "estimate_read",
                                                          "set_up_payment_plan", "move_in", "move_out")]
    + [("find_premises|account_summary", c, "id lookup: meter serial (meters rows)")
       for c in ("submit_read", "read_history", "estimate_read")]
    + [("find_premises|account_summary", c, "id lookup: 'premises_ref' -> premises_id")
       for c in ("report_outage", "appointment_slots")]
    + [("set_up_direct_debit|account_summary", c,
        "id lookup/create: mandate reference (bare, or direct_debit.mandate -> mandate_ref)")
       for c in ("change_dd_amount", "cancel_direct_debit")]
    + [("report_outage|outage_check", c, "id lookup/create: incident reference (in a sentence, or rows)")
       for c in ("outage_status", "subscribe_updates")]
    + [("log_complaint", c, "id create: complaint reference (bare)")
       for c in ("acknowledge_complaint", "add_goodwill", "close_complaint")]
    + [
        ("find_premises", "move_in", "id lookup: 'premises_ref' -> premises_id (an empty address)"),
        ("submit_read|read_history", "dispute_read", "id lookup/create: read id (in a sentence, or rows)"),
        ("list_tariffs", "quote_tariff", "vocabulary: tariff code (callers name the tariff)"),
        ("quote_tariff", "switch_tariff", "id create: 'quote' -> quote_ref"),
        ("validate_bank", "set_up_direct_debit", "id create: bank 'token' -> bank_token"),
        ("recommend_dd", "set_up_direct_debit", "two values: the amount must be at least the recommended amount"),
        ("recommend_dd", "change_dd_amount", "two values: the amount must be at least the recommended amount"),
        ("cancel_direct_debit", "set_up_direct_debit", "state: only one active mandate per account"),
        ("submit_read", "issue_bill", "state: every meter needs an actual read since the last bill"),
        ("issue_bill|account_summary", "get_bill", "id lookup/create: bill number (in a sentence, or bills rows)"),
        ("tokenise_card", "take_card_payment", "id create: card token (bare)"),
        ("submit_read", "refund_credit", "state: every meter needs a read from the last 14 days"),
        ("account_summary", "refund_credit", "two values: the amount must be the whole credit balance"),
        ("outage_check", "claim_compensation", "id lookup: a restored incident's reference (rows)"),
        ("psr_needs", "add_to_psr", "vocabulary: register need codes"),
        ("appointment_slots", "book_appointment", "id lookup: slot id (rows)"),
        ("book_appointment", "record_meter_exchange", "id create: appointment reference (in a sentence)"),
        ("acknowledge_complaint", "close_complaint", "state: a complaint must be acknowledged before closing"),
    ]
)

PLAUSIBLE = {
    *[("open_session", c) for c in _DPA_USERS],
    *[("find_account", c) for c in _DPA_USERS],
    *[("normalise_postcode", c) for c in ("account_summary", "submit_read", "read_history", "report_outage",
                                          "appointment_slots", "claim_compensation", "move_in", "issue_bill")],
    *[("parse_date", c) for c in ("account_summary", "issue_bill", "refund_credit")],
    *[("account_summary", c) for c in ("recommend_dd", "take_card_payment", "set_up_payment_plan", "quote_tariff",
                                       "dispute_read", "book_appointment", "claim_compensation", "issue_bill",
                                       "record_meter_exchange")],
    ("find_premises", "record_meter_exchange"), ("find_premises", "book_appointment"),
    ("find_premises", "issue_bill"), ("find_premises", "refund_credit"), ("find_premises", "dispute_read"),
    ("read_history", "submit_read"), ("read_history", "estimate_read"), ("estimate_read", "submit_read"),
    ("quote_tariff", "recommend_dd"), ("switch_tariff", "recommend_dd"), ("get_bill", "take_card_payment"),
    ("issue_bill", "take_card_payment"), ("issue_bill", "set_up_payment_plan"), ("issue_bill", "recommend_dd"),
    ("issue_bill", "refund_credit"), ("validate_bank", "change_dd_amount"), ("take_card_payment", "refund_credit"),
    ("take_card_payment", "set_up_payment_plan"), ("outage_status", "claim_compensation"),
    ("outage_check", "report_outage"), ("report_outage", "claim_compensation"), ("move_in", "submit_read"),
    ("move_in", "account_summary"), ("find_account", "move_in"), ("submit_read", "get_bill"),
    ("appointment_slots", "record_meter_exchange"), ("dispute_read", "issue_bill"), ("submit_read", "estimate_read"),
    ("add_goodwill", "close_complaint"), ("verify_caller", "add_goodwill"), ("verify_caller", "acknowledge_complaint"),
    ("verify_caller", "close_complaint"), ("verify_caller", "issue_bill"), ("verify_caller", "get_bill"),
    ("verify_caller", "report_outage"), ("verify_caller", "appointment_slots"), ("switch_tariff", "issue_bill"),
    ("move_out", "issue_bill"),
}
