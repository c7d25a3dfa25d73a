"""Payroll: an HR and payroll system (42 tools): departments, employees, compensation, bank accounts,
benefits, timesheets, leave, pay calendars and pay runs with a two-factor approval.

Plain functions over an in-memory ``PayrollState``, in the mixed style such systems grow into:
some replies are sentences with the new id inside (``"Employee EMP-0016 created."``), some a bare
scalar (a department or pay run id as an ``int``, an approval code as a ``str``), listings are rows
(lists of lists), and dicts elsewhere. Refusals are exceptions: ``KeyError`` for unknown ids,
``ValueError`` for bad input (vocabularies and the date format ``DD.MM.YYYY`` are only spelled out
in the error messages), ``PermissionError`` for the wrong person, and ``StatusConflict`` when a
record is not in the status a write needs. Setters refuse a change to the value already set.

A pay run goes draft -> calculated -> awaiting_approval -> approved -> paid; approving it takes a
finance approver (not the submitter) and a one-time code issued to that approver.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from dataclasses import dataclass, field
from typing import Optional

FREQUENCIES = ("weekly", "biweekly", "monthly")
PERIODS_PER_YEAR = {"weekly": 52, "biweekly": 26, "monthly": 12}
TAX_RATES = {"I": 0.22, "II": 0.20, "III": 0.14, "IV": 0.22, "V": 0.30, "VI": 0.33}
COVERAGE = {"employee": 1.0, "employee+spouse": 1.8, "family": 2.6}
LEAVE_TYPES = ("annual", "sick", "parental", "unpaid")
TERMINATION_REASONS = ("resignation", "dismissal", "end_of_contract", "retirement")
RUN_STATUSES = ("draft", "calculated", "awaiting_approval", "approved", "paid")
SOCIAL_RATE = 0.20


class StatusConflict(RuntimeError):
    """A write refused because its record is not in the status it needs."""


def _iban(country: str, bban: str) -> str:
    """A valid IBAN for ``bban`` (check digits computed as ISO 13616 prescribes)."""
    digits = "".join(str(int(ch, 36)) for ch in bban + country + "00")
    return f"{country}{98 - int(digits) % 97:02d}{bban}"


def _iban_ok(iban: str) -> bool:
    compact = re.sub(r"\s", "", iban).upper()
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", compact):
        return False
    return int("".join(str(int(ch, 36)) for ch in compact[4:] + compact[:4])) % 97 == 1


def _person(eid: str, first: str, last: str, title: str, dept: int, start: str, manager: Optional[str], pay: dict,
            tax: str, status: str = "active", end: Optional[str] = None) -> dict:
    return {"employee_id": eid, "first_name": first, "last_name": last, "title": title, "department_id": dept,
            "status": status, "start_date": start, "end_date": end, "manager_id": manager, "pay": pay, "tax_class": tax}


def _salaried(amount: float, since: str, history: Optional[list] = None) -> dict:
    return {"type": "salaried", "annual_salary": amount, "hourly_rate": None, "frequency": "monthly",
            "currency": "EUR", "history": history or [[since, amount]]}


def _seed_employees() -> dict:
    return {e["employee_id"]: e for e in [
        _person("EMP-0003", "Rafael", "Ortega", "Engineering Manager", 3, "01.03.2019", None,
                _salaried(98000.0, "01.03.2019"), "I"),
        _person("EMP-0004", "Nora", "Castillo", "Backend Engineer", 3, "01.09.2022", "EMP-0003",
                _salaried(71000.0, "01.09.2022"), "I", status="terminated", end="30.06.2025"),
        _person("EMP-0007", "Dana", "Whitfield", "Senior Engineer", 3, "15.08.2021", "EMP-0003",
                _salaried(84000.0, "15.08.2021", [["15.08.2021", 76000.0], ["01.01.2024", 84000.0]]), "IV"),
        _person("EMP-0011", "Leo", "Brandt", "Support Specialist", 5, "02.01.2024", "EMP-0012",
                {"type": "hourly", "annual_salary": None, "hourly_rate": 24.5, "frequency": "weekly",
                 "currency": "EUR", "history": [["02.01.2024", 24.5]]}, "I"),
        _person("EMP-0012", "Grace", "Adeyemi", "Support Lead", 5, "10.05.2020", None, _salaried(61000.0, "10.05.2020"), "III"),
        _person("EMP-0015", "Sam", "Whitfield", "Accountant", 8, "01.02.2023", None, _salaried(58000.0, "01.02.2023"), "I"),
    ]}


def _seed_bank_accounts() -> dict:
    rows = [("BA-0001", "EMP-0003", "500105170648489890", "Rafael Ortega", "verified", True),
            ("BA-0002", "EMP-0007", "370400440532013001", "Dana Whitfield", "verified", True),
            ("BA-0003", "EMP-0007", "100100100987654321", "Dana Whitfield", "unverified", False),
            ("BA-0004", "EMP-0011", "200400000628413947", "Leo Brandt", "verified", True),
            ("BA-0005", "EMP-0012", "600501010004471180", "Grace Adeyemi", "verified", True),
            ("BA-0006", "EMP-0015", "430609670123456700", "Sam Whitfield", "verified", True)]
    return {ba: {"employee_id": e, "iban": _iban("DE", bban), "holder_name": h, "status": s, "primary": p}
            for ba, e, bban, h, s, p in rows}


def _periods(frequency: str) -> list:
    if frequency == "monthly":
        spans = [(dt.date(2025, 11, 1), dt.date(2025, 11, 30)), (dt.date(2025, 12, 1), dt.date(2025, 12, 31)),
                 (dt.date(2026, 1, 1), dt.date(2026, 1, 31))]
    else:
        step = 7 if frequency == "weekly" else 14
        first = dt.date(2025, 11, 24) if frequency == "weekly" else dt.date(2025, 11, 17)
        spans = [(first + dt.timedelta(days=step * i), first + dt.timedelta(days=step * i + step - 1)) for i in range(4)]
    return [[a.strftime("%d.%m.%Y"), b.strftime("%d.%m.%Y"), "closed" if i == 0 else "open"]
            for i, (a, b) in enumerate(spans)]


def _seed_runs() -> dict:
    return {
        5: {"frequency": "monthly", "period": ["01.11.2025", "30.11.2025"], "status": "paid",
            "employee_ids": ["EMP-0003", "EMP-0007", "EMP-0012", "EMP-0015"], "approval_request_id": "APR-0002",
            "adjustments": {}},
        7: {"frequency": "monthly", "period": ["01.12.2025", "31.12.2025"], "status": "draft",
            "employee_ids": ["EMP-0003", "EMP-0007", "EMP-0015"], "approval_request_id": None, "adjustments": {}},
    }


@dataclass
class PayrollState:
    users: dict = field(default_factory=lambda: {
        "USR-0002": {"name": "Marta Lindqvist", "role": "payroll_admin"},
        "USR-0005": {"name": "Priya Raman", "role": "finance_approver"},
        "USR-0007": {"name": "Tomasz Nowak", "role": "finance_approver"},
        "USR-0009": {"name": "Elif Demir", "role": "hr_viewer"}})
    departments: dict = field(default_factory=lambda: {
        3: {"name": "Engineering", "cost_center": "CC-400"}, 5: {"name": "Customer Support", "cost_center": "CC-210"},
        8: {"name": "Finance", "cost_center": "CC-100"}})
    employees: dict = field(default_factory=_seed_employees)
    notes: dict = field(default_factory=dict)
    bank_accounts: dict = field(default_factory=_seed_bank_accounts)
    plans: dict = field(default_factory=lambda: {"PLN-DENT-1": ("Dental Basic", 14.0), "PLN-HLTH-2": ("Health Plus", 96.0),
                                                 "PLN-VISN-4": ("Vision Care", 6.5)})
    enrollments: dict = field(default_factory=lambda: {31: {"employee_id": "EMP-0007", "plan_id": "PLN-HLTH-2",
                                                            "coverage": "family", "status": "active", "end_date": None}})
    bonuses: dict = field(default_factory=dict)
    timesheets: dict = field(default_factory=lambda: {41: {"employee_id": "EMP-0011", "week_start": "01.12.2025",
                                                           "hours": 38.5, "status": "submitted",
                                                           "notes": "Covered the Saturday queue"}})
    leave_requests: dict = field(default_factory=lambda: {"LR-0003": {
        "employee_id": "EMP-0007", "leave_type": "annual", "start_date": "22.12.2025", "end_date": "02.01.2026",
        "days": 8, "status": "pending", "note": "Family visit in Porto"}})
    leave_balances: dict = field(default_factory=lambda: {e: {"annual": b, "sick": 10.0, "parental": 0.0} for e, b in (
        ("EMP-0003", 21.0), ("EMP-0007", 18.5), ("EMP-0011", 12.0), ("EMP-0012", 24.0), ("EMP-0015", 9.5))})
    calendars: dict = field(default_factory=lambda: {f: _periods(f) for f in FREQUENCIES})
    pay_runs: dict = field(default_factory=_seed_runs)
    payslips: dict = field(default_factory=dict)
    approval_requests: dict = field(default_factory=lambda: {"APR-0002": {"run_id": 5, "submitted_by": "USR-0002",
                                                                          "status": "approved", "approved_by": "USR-0005"}})
    approval_codes: dict = field(default_factory=dict)
    counters: dict = field(default_factory=lambda: {"employee": 15, "department": 8, "bank": 6, "enrollment": 31,
                                                    "timesheet": 41, "leave": 3, "run": 7, "adjustment": 60,
                                                    "payslip": 100, "approval": 2, "bonus": 16, "note": 200, "code": 0})


State = PayrollState


def _next(state: PayrollState, kind: str) -> int:
    state.counters[kind] += 1
    return state.counters[kind]


def _date(text: str, what: str) -> dt.date:
    if not isinstance(text, str) or not re.fullmatch(r"\d{2}\.\d{2}\.\d{4}", text):
        raise ValueError(f"invalid date {text!r} for {what}; dates are written DD.MM.YYYY")
    try:
        return dt.datetime.strptime(text, "%d.%m.%Y").date()
    except ValueError:
        raise ValueError(f"invalid date {text!r} for {what}; dates are written DD.MM.YYYY") from None


def _one_of(value: str, allowed: tuple, what: str) -> str:
    if value not in allowed:
        raise ValueError(f"unsupported {what} {value!r}; expected one of: {', '.join(allowed)}")
    return value


def _employee(state: PayrollState, employee_id: str, *, active: bool = False) -> dict:
    e = state.employees.get(employee_id)
    if e is None:
        raise KeyError(f"unknown employee {employee_id!r}")
    if active and e["status"] != "active":
        raise StatusConflict(f"employee {employee_id} is {e['status']}")
    return e


def _department(state: PayrollState, department_id: int) -> dict:
    d = state.departments.get(department_id)
    if d is None:
        raise KeyError(f"unknown department {department_id!r}")
    return d


def _run(state: PayrollState, run_id: int) -> dict:
    r = state.pay_runs.get(run_id)
    if r is None:
        raise KeyError(f"unknown pay run {run_id!r}")
    return r


def _money(x: float) -> str:
    return f"{x:,.2f}"


def _full(e: dict) -> str:
    return f"{e['first_name']} {e['last_name']}"


# ----------------------------------------------------------------------------- departments

def list_departments(state: PayrollState) -> list[list]:
    """All departments as rows [department_id, name, cost_center]."""
    return [[did, d["name"], d["cost_center"]] for did, d in sorted(state.departments.items())]


def create_department(name: str, cost_center: str, state: PayrollState) -> int:
    """Create a department and return its id."""
    if not name.strip():
        raise ValueError("department name must not be empty")
    if any(d["name"].lower() == name.strip().lower() for d in state.departments.values()):
        raise ValueError(f"a department named {name.strip()!r} already exists")
    if not re.fullmatch(r"CC-\d{3}", cost_center):
        raise ValueError(f"invalid cost center {cost_center!r}; expected CC- and three digits, e.g. CC-300")
    did = _next(state, "department")
    state.departments[did] = {"name": name.strip(), "cost_center": cost_center}
    return did


def rename_department(department_id: int, name: str, state: PayrollState) -> str:
    """Rename a department."""
    d = _department(state, department_id)
    if d["name"] == name.strip():
        raise ValueError(f"department {department_id} is already named {d['name']!r}")
    if not name.strip():
        raise ValueError("department name must not be empty")
    d["name"] = name.strip()
    return f"Department {department_id} renamed to {d['name']!r}."


def list_department_employees(department_id: int, state: PayrollState) -> list[list]:
    """Active employees of a department as rows [employee_id, full name, title]."""
    _department(state, department_id)
    return [[eid, _full(e), e["title"]] for eid, e in sorted(state.employees.items())
            if e["department_id"] == department_id and e["status"] == "active"]


# ----------------------------------------------------------------------------- employees

def find_employee(name: str, state: PayrollState) -> dict:
    """Employees whose name contains every word of ``name``."""
    words = name.lower().split()
    if not words:
        raise ValueError("name must not be empty")
    return {"matches": [[eid, _full(e), state.departments[e["department_id"]]["name"], e["status"]]
                        for eid, e in sorted(state.employees.items()) if all(w in _full(e).lower() for w in words)]}


def get_employee(employee_id: str, state: PayrollState) -> dict:
    """An employee's record: position, manager, pay type and frequency, tax class, primary bank account, benefits."""
    e = _employee(state, employee_id)
    primary = next((ba for ba, a in state.bank_accounts.items() if a["employee_id"] == employee_id and a["primary"]), None)
    return {"employee_id": employee_id, "name": _full(e), "title": e["title"], "department_id": e["department_id"],
            "status": e["status"], "start_date": e["start_date"], "end_date": e["end_date"], "manager_id": e["manager_id"],
            "pay_type": e["pay"]["type"], "pay_frequency": e["pay"]["frequency"], "tax_class": e["tax_class"],
            "primary_bank_account_id": primary,
            "benefits": [[nid, n["plan_id"], n["coverage"], n["status"]] for nid, n in sorted(state.enrollments.items())
                         if n["employee_id"] == employee_id]}


def create_employee(first_name: str, last_name: str, title: str, department_id: int, start_date: str,
                    annual_salary: float, state: PayrollState) -> str:
    """Hire a salaried employee (paid monthly, tax class I until changed)."""
    _department(state, department_id)
    _date(start_date, "start_date")
    if not first_name.strip() or not last_name.strip():
        raise ValueError("first and last name are required")
    if annual_salary <= 0:
        raise ValueError("annual_salary must be positive")
    eid = f"EMP-{_next(state, 'employee'):04d}"
    state.employees[eid] = _person(eid, first_name.strip(), last_name.strip(), title.strip(), department_id, start_date,
                                   None, _salaried(float(annual_salary), start_date), "I")
    state.leave_balances[eid] = {"annual": 25.0, "sick": 10.0, "parental": 0.0}
    return f"Employee {eid} created."


def update_employee_title(employee_id: str, title: str, state: PayrollState) -> str:
    """Change an employee's job title."""
    e = _employee(state, employee_id, active=True)
    if e["title"] == title.strip():
        raise ValueError(f"title of {employee_id} is already {e['title']!r}")
    e["title"] = title.strip()
    return f"Title of {employee_id} changed to {e['title']!r}."


def terminate_employee(employee_id: str, end_date: str, reason: str, state: PayrollState) -> str:
    """End an employee's contract on ``end_date``."""
    e = _employee(state, employee_id, active=True)
    _one_of(reason, TERMINATION_REASONS, "termination reason")
    if _date(end_date, "end_date") < _date(e["start_date"], "start_date"):
        raise ValueError("end_date is before the start date")
    e["status"], e["end_date"] = "terminated", end_date
    return f"Employee {employee_id} terminated as of {end_date}."


def add_employee_note(employee_id: str, note: str, state: PayrollState) -> int:
    """Attach a free-text note to an employee's file; returns the note id."""
    _employee(state, employee_id)
    if not note.strip() or len(note) > 2000:
        raise ValueError("a note has 1 to 2000 characters")
    nid = _next(state, "note")
    state.notes[nid] = {"employee_id": employee_id, "text": note}
    return nid


# ----------------------------------------------------------------------------- compensation and tax

def get_compensation(employee_id: str, state: PayrollState) -> dict:
    """Pay type, salary or hourly rate, pay frequency and salary history (rows [effective date, amount])."""
    pay = _employee(state, employee_id)["pay"]
    return {"employee_id": employee_id, "pay_type": pay["type"], "annual_salary": pay["annual_salary"],
            "hourly_rate": pay["hourly_rate"], "frequency": pay["frequency"], "currency": pay["currency"],
            "history": [list(row) for row in pay["history"]]}


def set_base_salary(employee_id: str, annual_amount: float, effective_date: str, state: PayrollState) -> str:
    """Set a salaried employee's annual base salary from a date on."""
    e = _employee(state, employee_id, active=True)
    if e["pay"]["type"] != "salaried":
        raise ValueError(f"{employee_id} is paid hourly; a base salary applies to salaried employees")
    if _date(effective_date, "effective_date") < _date(e["start_date"], "start_date"):
        raise ValueError("effective_date is before the start date")
    if annual_amount <= 0:
        raise ValueError("annual_amount must be positive")
    if float(annual_amount) == e["pay"]["annual_salary"]:
        raise ValueError(f"base salary of {employee_id} is already {_money(annual_amount)}")
    e["pay"]["annual_salary"] = float(annual_amount)
    e["pay"]["history"].append([effective_date, float(annual_amount)])
    return f"Base salary of {employee_id} set to {_money(annual_amount)} EUR from {effective_date}."


def set_pay_frequency(employee_id: str, frequency: str, state: PayrollState) -> str:
    """Change how often an employee is paid."""
    e = _employee(state, employee_id, active=True)
    _one_of(frequency, FREQUENCIES, "pay frequency")
    if e["pay"]["frequency"] == frequency:
        raise ValueError(f"{employee_id} is already paid {frequency}")
    e["pay"]["frequency"] = frequency
    return f"{employee_id} is now paid {frequency}."


def add_bonus(employee_id: str, amount: float, reason: str, state: PayrollState) -> str:
    """Record a one-off bonus, paid with the employee's next calculated pay run."""
    _employee(state, employee_id, active=True)
    if amount <= 0:
        raise ValueError("amount must be positive")
    bid = f"BON-{_next(state, 'bonus'):04d}"
    state.bonuses[bid] = {"employee_id": employee_id, "amount": float(amount), "reason": reason, "paid_in_run": None}
    return f"Bonus {bid} of {_money(amount)} EUR recorded for {employee_id}."


def set_tax_class(employee_id: str, tax_class: str, state: PayrollState) -> str:
    """Set an employee's income tax class."""
    e = _employee(state, employee_id, active=True)
    _one_of(tax_class, tuple(TAX_RATES), "tax class")
    if e["tax_class"] == tax_class:
        raise ValueError(f"{employee_id} is already in tax class {tax_class}")
    e["tax_class"] = tax_class
    return f"Tax class of {employee_id} set to {tax_class}."


# ----------------------------------------------------------------------------- bank accounts

def add_bank_account(employee_id: str, iban: str, holder_name: str, state: PayrollState) -> str:
    """Register a bank account for an employee's salary (unverified until the bank confirms the holder)."""
    _employee(state, employee_id, active=True)
    if not _iban_ok(iban):
        raise ValueError(f"invalid IBAN {iban!r}")
    bid = f"BA-{_next(state, 'bank'):04d}"
    state.bank_accounts[bid] = {"employee_id": employee_id, "iban": re.sub(r"\s", "", iban).upper(),
                                "holder_name": holder_name.strip(), "status": "unverified", "primary": False}
    return f"Bank account {bid} added for {employee_id} (unverified)."


def list_bank_accounts(employee_id: str, state: PayrollState) -> list[list]:
    """An employee's bank accounts as rows [bank_account_id, masked IBAN, holder, status, primary]."""
    _employee(state, employee_id)
    return [[bid, a["iban"][:2] + "*" * (len(a["iban"]) - 6) + a["iban"][-4:], a["holder_name"], a["status"], a["primary"]]
            for bid, a in sorted(state.bank_accounts.items()) if a["employee_id"] == employee_id]


def _account_of(state: PayrollState, employee_id: str, bank_account_id: str) -> dict:
    _employee(state, employee_id, active=True)
    a = state.bank_accounts.get(bank_account_id)
    if a is None:
        raise KeyError(f"unknown bank account {bank_account_id!r}")
    if a["employee_id"] != employee_id:
        raise PermissionError(f"bank account {bank_account_id} does not belong to {employee_id}")
    return a


def verify_bank_account(employee_id: str, bank_account_id: str, state: PayrollState) -> str:
    """Have the bank confirm that the account holder is the employee."""
    a = _account_of(state, employee_id, bank_account_id)
    if a["status"] == "verified":
        raise ValueError(f"bank account {bank_account_id} is already verified")
    if a["holder_name"].lower() != _full(state.employees[employee_id]).lower():
        raise ValueError("the bank reports a different account holder")
    a["status"] = "verified"
    return f"Bank account {bank_account_id} verified."


def set_primary_bank_account(employee_id: str, bank_account_id: str, state: PayrollState) -> str:
    """Make a verified account the one salaries are paid into."""
    a = _account_of(state, employee_id, bank_account_id)
    if a["status"] != "verified":
        raise StatusConflict(f"bank account {bank_account_id} is {a['status']}")
    if a["primary"]:
        raise ValueError(f"bank account {bank_account_id} is already the primary account")
    for other in state.bank_accounts.values():
        if other["employee_id"] == employee_id:
            other["primary"] = False
    a["primary"] = True
    return f"{bank_account_id} is now the primary account of {employee_id}."


# ----------------------------------------------------------------------------- benefits

def list_benefit_plans(state: PayrollState) -> list[list]:
    """Benefit plans as rows [plan_id, name, monthly cost per employee]."""
    return [[pid, name, cost] for pid, (name, cost) in sorted(state.plans.items())]


def enroll_in_benefit(employee_id: str, plan_id: str, coverage: str, state: PayrollState) -> int:
    """Enroll an employee in a benefit plan; returns the enrollment id."""
    _employee(state, employee_id, active=True)
    if plan_id not in state.plans:
        raise KeyError(f"unknown plan {plan_id!r}")
    _one_of(coverage, tuple(COVERAGE), "coverage")
    if any(n["employee_id"] == employee_id and n["plan_id"] == plan_id and n["status"] == "active"
           for n in state.enrollments.values()):
        raise ValueError(f"{employee_id} is already enrolled in {plan_id}")
    nid = _next(state, "enrollment")
    state.enrollments[nid] = {"employee_id": employee_id, "plan_id": plan_id, "coverage": coverage, "status": "active",
                              "end_date": None}
    return nid


def end_benefit_enrollment(enrollment_id: int, end_date: str, state: PayrollState) -> str:
    """End an active benefit enrollment."""
    n = state.enrollments.get(enrollment_id)
    if n is None:
        raise KeyError(f"unknown enrollment {enrollment_id!r}")
    if n["status"] != "active":
        raise StatusConflict(f"enrollment {enrollment_id} is {n['status']}")
    _date(end_date, "end_date")
    n["status"], n["end_date"] = "ended", end_date
    return f"Enrollment {enrollment_id} ends on {end_date}."


# ----------------------------------------------------------------------------- time and leave

def submit_timesheet(employee_id: str, week_start: str, hours: float, notes: str = "", state: PayrollState = None) -> int:
    """Submit an hourly employee's hours for the week starting ``week_start`` (a Monday); returns the timesheet id."""
    e = _employee(state, employee_id, active=True)
    if e["pay"]["type"] != "hourly":
        raise ValueError(f"{employee_id} is salaried; timesheets are for hourly employees")
    if _date(week_start, "week_start").weekday() != 0:
        raise ValueError("week_start must be a Monday")
    if not 0 < hours <= 80:
        raise ValueError("hours must be between 0 and 80")
    if any(t["employee_id"] == employee_id and t["week_start"] == week_start for t in state.timesheets.values()):
        raise ValueError(f"{employee_id} already has a timesheet for the week of {week_start}")
    tid = _next(state, "timesheet")
    state.timesheets[tid] = {"employee_id": employee_id, "week_start": week_start, "hours": float(hours),
                             "status": "submitted", "notes": notes}
    return tid


def list_pending_timesheets(state: PayrollState) -> list[list]:
    """Submitted timesheets awaiting approval, as rows [timesheet_id, employee_id, week_start, hours]."""
    return [[tid, t["employee_id"], t["week_start"], t["hours"]] for tid, t in sorted(state.timesheets.items())
            if t["status"] == "submitted"]


def approve_timesheet(timesheet_id: int, approver_id: str, state: PayrollState) -> str:
    """Approve a submitted timesheet (by the employee's manager)."""
    t = state.timesheets.get(timesheet_id)
    if t is None:
        raise KeyError(f"unknown timesheet {timesheet_id!r}")
    if t["status"] != "submitted":
        raise StatusConflict(f"timesheet {timesheet_id} is {t['status']}")
    if state.employees[t["employee_id"]]["manager_id"] != approver_id:
        raise PermissionError(f"{approver_id} is not the manager of {t['employee_id']}")
    t["status"] = "approved"
    return f"Timesheet {timesheet_id} approved."


def _working_days(start: dt.date, end: dt.date) -> int:
    return sum((start + dt.timedelta(days=i)).weekday() < 5 for i in range((end - start).days + 1))


def request_leave(employee_id: str, leave_type: str, start_date: str, end_date: str, note: str = "",
                  state: PayrollState = None) -> str:
    """Request leave for an employee."""
    _employee(state, employee_id, active=True)
    _one_of(leave_type, LEAVE_TYPES, "leave type")
    start, end = _date(start_date, "start_date"), _date(end_date, "end_date")
    if end < start:
        raise ValueError("end_date is before start_date")
    days = _working_days(start, end)
    if leave_type != "unpaid" and state.leave_balances[employee_id].get(leave_type, 0.0) < days:
        raise ValueError(f"not enough {leave_type} leave: {days} working days requested")
    rid = f"LR-{_next(state, 'leave'):04d}"
    state.leave_requests[rid] = {"employee_id": employee_id, "leave_type": leave_type, "start_date": start_date,
                                 "end_date": end_date, "days": days, "status": "pending", "note": note}
    return f"Leave request {rid} submitted for {employee_id} ({days} working days)."


def list_leave_requests(status: str = "pending", state: PayrollState = None) -> list[list]:
    """Leave requests in a status, as rows [request_id, employee_id, leave_type, start_date, end_date, status]."""
    _one_of(status, ("pending", "approved", "declined"), "leave request status")
    return [[rid, r["employee_id"], r["leave_type"], r["start_date"], r["end_date"], r["status"]]
            for rid, r in sorted(state.leave_requests.items()) if r["status"] == status]


def decide_leave_request(request_id: str, decision: str, manager_id: str, state: PayrollState) -> str:
    """Approve or decline a pending leave request (by the employee's manager)."""
    r = state.leave_requests.get(request_id)
    if r is None:
        raise KeyError(f"unknown leave request {request_id!r}")
    if r["status"] != "pending":
        raise StatusConflict(f"leave request {request_id} is {r['status']}")
    _one_of(decision, ("approve", "decline"), "decision")
    if state.employees[r["employee_id"]]["manager_id"] != manager_id:
        raise PermissionError(f"{manager_id} is not the manager of {r['employee_id']}")
    r["status"] = "approved" if decision == "approve" else "declined"
    if r["status"] == "approved" and r["leave_type"] != "unpaid":
        state.leave_balances[r["employee_id"]][r["leave_type"]] -= r["days"]
    return f"Leave request {request_id} {r['status']}."


def get_leave_balance(employee_id: str, state: PayrollState) -> dict:
    """Remaining leave days by type."""
    _employee(state, employee_id)
    return {"employee_id": employee_id, **state.leave_balances.get(employee_id, {})}


# ----------------------------------------------------------------------------- pay runs

def get_pay_calendar(frequency: str, state: PayrollState) -> dict:
    """The pay periods of a pay frequency, as rows [start, end, status]."""
    _one_of(frequency, FREQUENCIES, "pay frequency")
    return {"frequency": frequency, "periods": [list(p) for p in state.calendars[frequency]]}


def create_pay_run(frequency: str, period_start: str, period_end: str, employee_ids: list[str],
                   state: PayrollState) -> int:
    """Open a draft pay run for an open period of a pay calendar; returns the run id."""
    _one_of(frequency, FREQUENCIES, "pay frequency")
    _date(period_start, "period_start"), _date(period_end, "period_end")
    if [period_start, period_end, "open"] not in state.calendars[frequency]:
        raise ValueError(f"no open {frequency} pay period {period_start} - {period_end}")
    if not employee_ids or len(set(employee_ids)) != len(employee_ids):
        raise ValueError("employee_ids must list distinct employees")
    for eid in employee_ids:
        e = _employee(state, eid, active=True)
        if e["pay"]["frequency"] != frequency:
            raise ValueError(f"{eid} is paid {e['pay']['frequency']}, not {frequency}")
        for rid, r in state.pay_runs.items():
            if r["frequency"] == frequency and r["period"] == [period_start, period_end] and eid in r["employee_ids"]:
                raise ValueError(f"{eid} is already in pay run {rid} for this period")
    rid = _next(state, "run")
    state.pay_runs[rid] = {"frequency": frequency, "period": [period_start, period_end], "status": "draft",
                           "employee_ids": list(employee_ids), "approval_request_id": None, "adjustments": {}}
    return rid


def list_pay_runs(status: Optional[str] = None, state: PayrollState = None) -> list[list]:
    """Pay runs, optionally in one status, as rows [run_id, frequency, period_start, period_end, status, employees]."""
    if status is not None:
        _one_of(status, RUN_STATUSES, "pay run status")
    return [[rid, r["frequency"], *r["period"], r["status"], len(r["employee_ids"])]
            for rid, r in sorted(state.pay_runs.items()) if status is None or r["status"] == status]


def get_pay_run(run_id: int, state: PayrollState) -> dict:
    """A pay run: period, status, employees, adjustments and payslips (rows [payslip_id, employee_id, gross, net, status])."""
    r = _run(state, run_id)
    return {"run_id": run_id, "frequency": r["frequency"], "period": list(r["period"]), "status": r["status"],
            "employee_ids": list(r["employee_ids"]), "approval_request_id": r["approval_request_id"],
            "adjustments": [[aid, a["employee_id"], a["amount"], a["note"]] for aid, a in sorted(r["adjustments"].items())],
            "payslips": [[pid, p["employee_id"], p["gross"], p["net"], p["status"]]
                         for pid, p in sorted(state.payslips.items()) if p["run_id"] == run_id]}


def add_pay_run_adjustment(run_id: int, employee_id: str, amount: float, note: str, state: PayrollState) -> int:
    """Add a one-off amount (negative for a deduction) to an employee's pay in a draft run; returns its id."""
    r = _run(state, run_id)
    _employee(state, employee_id)
    if r["status"] != "draft":
        raise StatusConflict(f"pay run {run_id} is {r['status']}; adjustments need a draft run")
    if employee_id not in r["employee_ids"]:
        raise ValueError(f"{employee_id} is not in pay run {run_id}")
    if not amount or not note.strip():
        raise ValueError("an adjustment needs a non-zero amount and a note")
    aid = _next(state, "adjustment")
    r["adjustments"][aid] = {"employee_id": employee_id, "amount": float(amount), "note": note}
    return aid


def _payslip_lines(state: PayrollState, run_id: int, r: dict, eid: str) -> list:
    e = state.employees[eid]
    pay, start, end = e["pay"], _date(r["period"][0], "period"), _date(r["period"][1], "period")
    if pay["type"] == "hourly":
        hours = sum(t["hours"] for t in state.timesheets.values() if t["employee_id"] == eid
                    and t["status"] == "approved" and start <= _date(t["week_start"], "week_start") <= end)
        if not hours:
            raise StatusConflict(f"{eid} has no approved timesheet for {r['period'][0]} - {r['period'][1]}")
        lines = [[f"Hours ({hours:g} h)", round(hours * pay["hourly_rate"], 2)]]
    else:
        lines = [["Base salary", round(pay["annual_salary"] / PERIODS_PER_YEAR[r["frequency"]], 2)]]
    lines += [[f"Bonus {bid}", b["amount"]] for bid, b in sorted(state.bonuses.items())
              if b["employee_id"] == eid and b["paid_in_run"] is None]
    lines += [[f"Adjustment: {a['note']}", a["amount"]] for a in r["adjustments"].values() if a["employee_id"] == eid]
    gross = sum(x for _, x in lines)
    lines.append([f"Income tax (class {e['tax_class']})", -round(gross * TAX_RATES[e["tax_class"]], 2)])
    lines.append(["Social insurance", -round(gross * SOCIAL_RATE, 2)])
    share = 12 / PERIODS_PER_YEAR[r["frequency"]]
    for n in state.enrollments.values():
        if n["employee_id"] == eid and n["status"] == "active":
            name, cost = state.plans[n["plan_id"]]
            lines.append([f"{name} ({n['coverage']})", -round(cost * COVERAGE[n["coverage"]] * share, 2)])
    return lines


def calculate_pay_run(run_id: int, state: PayrollState) -> str:
    """Compute the payslips of a draft pay run (each employee needs a primary bank account; hourly
    employees need approved timesheets in the period)."""
    r = _run(state, run_id)
    if r["status"] != "draft":
        raise StatusConflict(f"pay run {run_id} is {r['status']}; only a draft run can be calculated")
    slips = []
    for eid in r["employee_ids"]:
        if not any(a["employee_id"] == eid and a["primary"] for a in state.bank_accounts.values()):
            raise StatusConflict(f"{eid} has no primary bank account")
        slips.append((eid, _payslip_lines(state, run_id, r, eid)))
    gross_total = net_total = 0.0
    for eid, lines in slips:
        gross = round(sum(x for _, x in lines if x > 0), 2)
        net = round(sum(x for _, x in lines), 2)
        pid = f"PS-{_next(state, 'payslip'):04d}"
        state.payslips[pid] = {"run_id": run_id, "employee_id": eid, "lines": lines, "gross": gross, "net": net,
                               "status": "valid"}
        gross_total, net_total = gross_total + gross, net_total + net
        for b in state.bonuses.values():
            if b["employee_id"] == eid and b["paid_in_run"] is None:
                b["paid_in_run"] = run_id
    r["status"] = "calculated"
    return (f"Pay run {run_id} calculated: {len(slips)} payslips, gross {_money(gross_total)} EUR, "
            f"net {_money(net_total)} EUR.")


def void_payslip(run_id: int, payslip_id: str, reason: str, state: PayrollState) -> str:
    """Void one payslip of a calculated (not yet submitted) pay run."""
    r = _run(state, run_id)
    if r["status"] != "calculated":
        raise StatusConflict(f"pay run {run_id} is {r['status']}; payslips can be voided in a calculated run")
    p = state.payslips.get(payslip_id)
    if p is None or p["run_id"] != run_id:
        raise KeyError(f"payslip {payslip_id!r} is not in pay run {run_id}")
    if p["status"] == "void":
        raise ValueError(f"payslip {payslip_id} is already void")
    if not reason.strip():
        raise ValueError("a reason is required")
    p["status"], p["void_reason"] = "void", reason
    valid = sum(q["run_id"] == run_id and q["status"] == "valid" for q in state.payslips.values())
    return f"Payslip {payslip_id} voided; pay run {run_id} holds {valid} valid payslips."


def get_payslip(payslip_id: str, state: PayrollState) -> dict:
    """A payslip with its lines (rows [label, amount])."""
    p = state.payslips.get(payslip_id)
    if p is None:
        raise KeyError(f"unknown payslip {payslip_id!r}")
    r = state.pay_runs[p["run_id"]]
    return {"payslip_id": payslip_id, "run_id": p["run_id"], "employee_id": p["employee_id"], "period": list(r["period"]),
            "lines": [list(x) for x in p["lines"]], "gross": p["gross"], "net": p["net"], "status": p["status"]}


# ----------------------------------------------------------------------------- approval and disbursement

def submit_pay_run(run_id: int, submitted_by: str, state: PayrollState) -> str:
    """Submit a calculated pay run for approval (by a payroll administrator)."""
    r = _run(state, run_id)
    user = state.users.get(submitted_by)
    if user is None:
        raise KeyError(f"unknown user {submitted_by!r}")
    if user["role"] != "payroll_admin":
        raise PermissionError(f"{submitted_by} may not submit pay runs")
    if r["status"] != "calculated":
        raise StatusConflict(f"pay run {run_id} is {r['status']}; only a calculated run can be submitted")
    if not any(p["run_id"] == run_id and p["status"] == "valid" for p in state.payslips.values()):
        raise StatusConflict(f"pay run {run_id} has no valid payslips")
    aid = f"APR-{_next(state, 'approval'):04d}"
    state.approval_requests[aid] = {"run_id": run_id, "submitted_by": submitted_by, "status": "pending", "approved_by": None}
    r["status"], r["approval_request_id"] = "awaiting_approval", aid
    return f"Pay run {run_id} submitted for approval (request {aid})."


def list_approvers(state: PayrollState) -> list[list]:
    """Users who may approve pay runs, as rows [user_id, name, role]."""
    return [[uid, u["name"], u["role"]] for uid, u in sorted(state.users.items()) if u["role"] == "finance_approver"]


def send_approval_code(approver_id: str, state: PayrollState) -> str:
    """Send a one-time approval code to an approver's device (the sandbox returns it)."""
    user = state.users.get(approver_id)
    if user is None:
        raise KeyError(f"unknown user {approver_id!r}")
    if user["role"] != "finance_approver":
        raise PermissionError(f"{approver_id} is not an approver")
    n = _next(state, "code")
    code = str(int(hashlib.sha256(f"{approver_id}:{n}".encode()).hexdigest(), 16) % 900000 + 100000)
    state.approval_codes[approver_id] = code
    return code


def approve_pay_run(approval_request_id: str, approver_id: str, code: str, state: PayrollState) -> str:
    """Approve a submitted pay run: an approver other than the submitter, with the code just sent to them."""
    req = state.approval_requests.get(approval_request_id)
    if req is None:
        raise KeyError(f"unknown approval request {approval_request_id!r}")
    if req["status"] != "pending":
        raise StatusConflict(f"approval request {approval_request_id} is {req['status']}")
    user = state.users.get(approver_id)
    if user is None or user["role"] != "finance_approver":
        raise PermissionError(f"{approver_id} is not an approver")
    if approver_id == req["submitted_by"]:
        raise PermissionError("the submitter cannot approve their own pay run")
    if state.approval_codes.pop(approver_id, None) != code:
        raise PermissionError("invalid or expired approval code")
    req["status"], req["approved_by"] = "approved", approver_id
    state.pay_runs[req["run_id"]]["status"] = "approved"
    return f"Approval request {approval_request_id} approved by {approver_id}; pay run {req['run_id']} is approved."


def disburse_pay_run(run_id: int, state: PayrollState) -> str:
    """Send the transfers of an approved pay run."""
    r = _run(state, run_id)
    if r["status"] != "approved":
        raise StatusConflict(f"pay run {run_id} is {r['status']}; only an approved run can be disbursed")
    slips = [p for p in state.payslips.values() if p["run_id"] == run_id and p["status"] == "valid"]
    for p in slips:
        p["status"] = "paid"
    r["status"] = "paid"
    return f"Pay run {run_id} disbursed: {len(slips)} transfers, {_money(sum(p['net'] for p in slips))} EUR."


TOOLS = [
    list_departments, create_department, rename_department, list_department_employees,
    find_employee, get_employee, create_employee, update_employee_title, terminate_employee, add_employee_note,
    get_compensation, set_base_salary, set_pay_frequency, add_bonus, set_tax_class,
    add_bank_account, list_bank_accounts, verify_bank_account, set_primary_bank_account,
    list_benefit_plans, enroll_in_benefit, end_benefit_enrollment,
    submit_timesheet, list_pending_timesheets, approve_timesheet,
    request_leave, list_leave_requests, decide_leave_request, get_leave_balance,
    get_pay_calendar, create_pay_run, list_pay_runs, get_pay_run, add_pay_run_adjustment, calculate_pay_run,
    void_payslip, get_payslip, submit_pay_run, list_approvers, send_approval_code, approve_pay_run, disburse_pay_run,
]

# What a tester is handed: the payroll administrator's user id and what HR asked for, in their words
# (names, not ids; dates written the ISO way, which the system does not take).
FIXTURES = {
    "admin_user_id": "USR-0002",
    "employee_name": "Dana Whitfield",
    "hourly_employee_name": "Leo Brandt",
    "department_name": "Engineering",
    "new_hire": {"first_name": "Ines", "last_name": "Varga", "title": "Data Analyst", "start_date": "2026-01-05",
                 "annual_salary": 62000},
    "new_iban": _iban("DE", "120300000012345678"),
    "bonus_reason": "Q4 launch on-call cover",
}

_E3 = "find_employee|list_department_employees|create_employee"
_E2 = "find_employee|list_department_employees"
_RUN = "create_pay_run|list_pay_runs"
E3_USERS = ["get_employee", "update_employee_title", "terminate_employee", "add_employee_note", "get_compensation",
            "set_base_salary", "set_pay_frequency", "add_bonus", "set_tax_class", "add_bank_account",
            "list_bank_accounts", "enroll_in_benefit", "request_leave", "get_leave_balance"]
RUN_USERS = ["get_pay_run", "calculate_pay_run", "add_pay_run_adjustment", "submit_pay_run", "void_payslip",
             "disburse_pay_run"]

# (provider, consumer, what): the real prerequisites designed into the catalog.
GROUND_TRUTH = (
    [(_E3, c, "id lookup/create: employee_id (a row of a search or listing, or in the create's sentence)")
     for c in E3_USERS]
    + [(_E2, c, "id lookup: employee_id of an existing employee (rows)") for c in ("submit_timesheet", "create_pay_run")]
    + [("list_departments|create_department", c, "id lookup/create: department_id (a row, or a bare int)")
       for c in ("list_department_employees", "rename_department", "create_employee")]
    + [(_RUN, c, "id lookup/create: run_id (a bare int, or a row)") for c in RUN_USERS]
    + [
        ("add_bank_account|list_bank_accounts", "verify_bank_account", "id lookup/create: bank_account_id of that employee"),
        ("add_bank_account|list_bank_accounts", "set_primary_bank_account", "id lookup/create: bank_account_id of that employee"),
        ("verify_bank_account", "set_primary_bank_account", "state: only a verified account can be primary"),
        ("list_benefit_plans", "enroll_in_benefit", "id lookup: plan_id (rows)"),
        ("enroll_in_benefit|get_employee", "end_benefit_enrollment", "id lookup/create: enrollment_id (a bare int, or benefits rows)"),
        ("submit_timesheet|list_pending_timesheets", "approve_timesheet", "id lookup/create: timesheet_id"),
        ("get_employee", "approve_timesheet", "id lookup: manager_id of the timesheet's employee"),
        ("approve_timesheet", "calculate_pay_run", "state: an hourly employee needs an approved timesheet in the period"),
        ("request_leave|list_leave_requests", "decide_leave_request", "id lookup/create: request_id (in a sentence, or rows)"),
        ("get_employee", "decide_leave_request", "id lookup: manager_id of the requesting employee"),
        ("get_pay_calendar", "create_pay_run", "format: boundaries of an open period, DD.MM.YYYY (rows)"),
        ("set_pay_frequency", "create_pay_run", "state: the employee must be paid at the run's frequency"),
        (f"{_E2}|get_pay_run", "add_pay_run_adjustment", "two values: an employee of that same run"),
        ("calculate_pay_run", "submit_pay_run", "state: only a calculated run can be submitted"),
        ("calculate_pay_run", "void_payslip", "state: payslips are voided in a calculated run"),
        ("get_pay_run", "void_payslip", "two values: a payslip id of that same run (rows)"),
        ("get_pay_run", "get_payslip", "id lookup: payslips[*][0]"),
        ("calculate_pay_run", "get_payslip", "create-before-use: payslips are made by the calculation"),
        ("submit_pay_run|get_pay_run", "approve_pay_run",
         "provenance: approval_request_id (in the submit's sentence, or a field of the submitted run)"),
        ("send_approval_code", "approve_pay_run", "two-factor: a one-time code issued to that approver (bare string)"),
        ("list_approvers", "send_approval_code", "id lookup: approver user_id (rows)"),
        ("list_approvers", "approve_pay_run", "id lookup: approver user_id (rows)"),
        ("approve_pay_run", "disburse_pay_run", "state: only an approved run is disbursed"),
        ("get_pay_calendar", "calculate_pay_run", "transitive: calendar -> new run -> its calculation"),
        ("calculate_pay_run", "disburse_pay_run", "transitive: calculated -> submitted -> approved -> paid"),
    ]
)

# Real dependencies the ground truth does not list.
PLAUSIBLE = {
    ("get_employee", "list_department_employees"),
    ("get_employee", "get_compensation"), ("get_compensation", "set_base_salary"), ("get_employee", "set_pay_frequency"),
    ("get_employee", "set_tax_class"), ("get_employee", "update_employee_title"), ("get_leave_balance", "request_leave"),
    ("find_employee", "verify_bank_account"), ("find_employee", "set_primary_bank_account"),
    ("list_department_employees", "verify_bank_account"), ("list_department_employees", "set_primary_bank_account"),
    ("create_employee", "verify_bank_account"), ("create_employee", "set_primary_bank_account"),
    ("find_employee", "approve_timesheet"), ("find_employee", "decide_leave_request"), ("find_employee", "get_pay_run"),
    ("find_employee", "end_benefit_enrollment"), ("list_departments", "create_pay_run"),
    ("list_departments", "submit_timesheet"), ("create_pay_run", "approve_pay_run"), ("list_pay_runs", "approve_pay_run"),
    ("calculate_pay_run", "approve_pay_run"), ("submit_pay_run", "disburse_pay_run"), ("get_pay_run", "disburse_pay_run"),
    ("list_approvers", "disburse_pay_run"), ("send_approval_code", "disburse_pay_run"), ("add_bonus", "get_payslip"),
    ("add_pay_run_adjustment", "get_payslip"), ("create_pay_run", "get_payslip"), ("list_pay_runs", "get_payslip"),
    ("submit_timesheet", "calculate_pay_run"), ("list_pending_timesheets", "calculate_pay_run"),
    ("set_primary_bank_account", "calculate_pay_run"), ("create_employee", "create_pay_run"),
    ("get_pay_calendar", "submit_timesheet"), ("get_employee", "set_primary_bank_account"),
    ("get_employee", "verify_bank_account"), ("list_leave_requests", "get_leave_balance"),
}
