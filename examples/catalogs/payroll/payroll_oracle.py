"""Scripted proofs that Payroll's designed prerequisites are real (checked by examples/catalogs/oracle.py).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Ids that
a tool only states in a sentence (``"Employee EMP-0016 created."``) are written out as the sentence
gives them; without the provider's call the record does not exist.
"""

from __future__ import annotations

from payroll_tools import E3_USERS, FIXTURES, RUN_USERS

ADMIN = FIXTURES["admin_user_id"]
DEPARTMENTS = ("list_departments", {})
ENGINEERING, SUPPORT = "$list_departments.0.0", "$list_departments.1.0"  # rows sorted by id: 3, 5, 8
DANA = ("find_employee", {"name": "Dana Whitfield"})
LEO = ("find_employee", {"name": "Leo Brandt"})
FOUND = "$find_employee.matches.0.0"
NEW_HIRE = ("create_employee", {"first_name": "Ines", "last_name": "Varga", "title": "Data Analyst",
                                "department_id": ENGINEERING, "start_date": "05.01.2026", "annual_salary": 62000.0})
EMPLOYEE = {  # provider -> (steps that yield an employee id, the reference to it)
    "find_employee": ([DANA], FOUND),
    "list_department_employees": ([DEPARTMENTS, ("list_department_employees", {"department_id": ENGINEERING})],
                                  "$list_department_employees.1.0"),  # Rafael Ortega, Dana Whitfield
    "create_employee": ([DEPARTMENTS, NEW_HIRE], "EMP-0016"),  # "Employee EMP-0016 created."
}
HOURLY = {  # provider -> (steps that yield Leo Brandt's id, the reference to it)
    "find_employee": ([LEO], FOUND),
    "list_department_employees": ([DEPARTMENTS, ("list_department_employees", {"department_id": SUPPORT})],
                                  "$list_department_employees.0.0"),  # Leo Brandt, Grace Adeyemi
}
PLANS = ("list_benefit_plans", {})
MONTHLY = ("get_pay_calendar", {"frequency": "monthly"})
JANUARY = {"period_start": "$get_pay_calendar.periods.2.0", "period_end": "$get_pay_calendar.periods.2.1"}


def employee_consumer(consumer: str, e: str) -> list:
    """The calls that use employee id ``e`` and end with ``consumer``."""
    args = {
        "update_employee_title": {"title": "Staff Engineer"},
        "terminate_employee": {"end_date": "31.01.2026", "reason": "resignation"},
        "add_employee_note": {"note": "Asked about parental leave in spring; sent the policy."},
        "set_base_salary": {"annual_amount": 90000.0, "effective_date": "01.02.2026"},
        "set_pay_frequency": {"frequency": "biweekly"},
        "add_bonus": {"amount": 1500.0, "reason": FIXTURES["bonus_reason"]},
        "set_tax_class": {"tax_class": "III"},
        "add_bank_account": {"iban": FIXTURES["new_iban"], "holder_name": "Dana Whitfield"},
        "request_leave": {"leave_type": "annual", "start_date": "09.02.2026", "end_date": "11.02.2026", "note": "Moving flat"},
        "submit_timesheet": {"week_start": "08.12.2025", "hours": 40.0, "notes": "Two late shifts"},
    }
    if consumer == "enroll_in_benefit":
        return [PLANS, ("enroll_in_benefit", {"employee_id": e, "plan_id": "$list_benefit_plans.0.0", "coverage": "employee"})]
    if consumer == "create_pay_run":
        return [MONTHLY, ("create_pay_run", {"frequency": "monthly", **JANUARY, "employee_ids": [e]})]
    return [(consumer, {"employee_id": e, **args.get(consumer, {})})]


RUN = {  # provider -> (steps that yield a draft run id, the reference to it)
    "list_pay_runs": ([("list_pay_runs", {"status": "draft"})], "$list_pay_runs.0.0"),  # run 7, December
    "create_pay_run": ([DANA, *employee_consumer("create_pay_run", FOUND)], "$create_pay_run"),  # January, Dana
}
APPROVERS = ("list_approvers", {})
APPROVER = "$list_approvers.0.0"
CODE = ("send_approval_code", {"approver_id": APPROVER})


def approve(request: str) -> tuple:
    return ("approve_pay_run", {"approval_request_id": request, "approver_id": APPROVER, "code": "$send_approval_code"})


def run_consumer(consumer: str, r: str) -> list:
    """The calls that use draft run ``r`` and end with ``consumer``."""
    calc, read = ("calculate_pay_run", {"run_id": r}), ("get_pay_run", {"run_id": r})
    submit = ("submit_pay_run", {"run_id": r, "submitted_by": ADMIN})
    return {
        "get_pay_run": [read],
        "calculate_pay_run": [calc],
        "add_pay_run_adjustment": [read, ("add_pay_run_adjustment", {"run_id": r, "employee_id": "$get_pay_run.employee_ids.0",
                                                                     "amount": 250.0, "note": "Travel reimbursement"})],
        "submit_pay_run": [calc, submit],
        "void_payslip": [calc, read, ("void_payslip", {"run_id": r, "payslip_id": "$get_pay_run.payslips.0.0",
                                                       "reason": "Duplicate payslip"})],
        "get_payslip": [calc, read, ("get_payslip", {"payslip_id": "$get_pay_run.payslips.0.0"})],
        "approve_pay_run": [calc, submit, APPROVERS, CODE, read, approve("$get_pay_run.approval_request_id")],
        "disburse_pay_run": [calc, submit, APPROVERS, CODE, read, approve("$get_pay_run.approval_request_id"),
                             ("disburse_pay_run", {"run_id": r})],
    }[consumer]


DRAFT, DRAFT_ID = RUN["list_pay_runs"]
LEO_MANAGER = [LEO, ("get_employee", {"employee_id": FOUND})]
MANAGER = "$get_employee.manager_id"
APPROVE_PENDING = [("list_pending_timesheets", {}), ("approve_timesheet", {
    "timesheet_id": "$list_pending_timesheets.0.0", "approver_id": MANAGER})]
DANA_MANAGER = [DANA, ("get_employee", {"employee_id": FOUND})]
DANA_ACCOUNTS = [DANA, ("list_bank_accounts", {"employee_id": FOUND})]
LISTED = "$list_bank_accounts.1.0"  # BA-0003, Dana's unverified account
ADDED = [DANA, ("add_bank_account", {"employee_id": FOUND, "iban": FIXTURES["new_iban"], "holder_name": "Dana Whitfield"})]

PROOFS: list = []
for _p, (_steps, _ref) in EMPLOYEE.items():
    PROOFS += [(_p, c, _steps + employee_consumer(c, _ref)) for c in E3_USERS]
for _p, (_steps, _ref) in HOURLY.items():
    PROOFS.append((_p, "submit_timesheet", _steps + employee_consumer("submit_timesheet", _ref)))
    _dana, _dref = EMPLOYEE[_p]
    PROOFS.append((_p, "create_pay_run", _dana + employee_consumer("create_pay_run", _dref)))
for _p, _steps, _ref in (("list_departments", [DEPARTMENTS], ENGINEERING),
                         ("create_department", [("create_department", {"name": "Data Platform", "cost_center": "CC-450"})],
                          "$create_department")):
    PROOFS += [
        (_p, "list_department_employees", _steps + [("list_department_employees", {"department_id": _ref})]),
        (_p, "rename_department", _steps + [("rename_department", {"department_id": _ref, "name": "Platform & Data"})]),
        (_p, "create_employee", _steps + [(NEW_HIRE[0], {**NEW_HIRE[1], "department_id": _ref})]),
    ]
for _p, (_steps, _ref) in RUN.items():
    PROOFS += [(_p, c, _steps + run_consumer(c, _ref)) for c in RUN_USERS]

PROOFS += [
    ("add_bank_account", "verify_bank_account", ADDED + [("verify_bank_account", {"employee_id": FOUND, "bank_account_id": "BA-0007"})]),
    ("list_bank_accounts", "verify_bank_account", DANA_ACCOUNTS + [("verify_bank_account", {"employee_id": FOUND, "bank_account_id": LISTED})]),
    ("add_bank_account", "set_primary_bank_account", ADDED + [
        ("verify_bank_account", {"employee_id": FOUND, "bank_account_id": "BA-0007"}),
        ("set_primary_bank_account", {"employee_id": FOUND, "bank_account_id": "BA-0007"})]),
    *[(_p, "set_primary_bank_account", DANA_ACCOUNTS + [
        ("verify_bank_account", {"employee_id": FOUND, "bank_account_id": LISTED}),
        ("set_primary_bank_account", {"employee_id": FOUND, "bank_account_id": LISTED})])
      for _p in ("list_bank_accounts", "verify_bank_account")],
    ("list_benefit_plans", "enroll_in_benefit", [DANA, *employee_consumer("enroll_in_benefit", FOUND)]),
    ("enroll_in_benefit", "end_benefit_enrollment", [DANA, *employee_consumer("enroll_in_benefit", FOUND), (
        "end_benefit_enrollment", {"enrollment_id": "$enroll_in_benefit", "end_date": "31.03.2026"})]),
    ("get_employee", "end_benefit_enrollment", DANA_MANAGER + [
        ("end_benefit_enrollment", {"enrollment_id": "$get_employee.benefits.0.0", "end_date": "31.12.2025"})]),
    ("submit_timesheet", "approve_timesheet", LEO_MANAGER + employee_consumer("submit_timesheet", FOUND) + [
        ("approve_timesheet", {"timesheet_id": "$submit_timesheet", "approver_id": MANAGER})]),
    ("list_pending_timesheets", "approve_timesheet", LEO_MANAGER + APPROVE_PENDING),
    ("get_employee", "approve_timesheet", LEO_MANAGER + APPROVE_PENDING),
    ("approve_timesheet", "calculate_pay_run", [LEO, ("get_pay_calendar", {"frequency": "weekly"}), (
        "create_pay_run", {"frequency": "weekly", "period_start": "$get_pay_calendar.periods.1.0",
                           "period_end": "$get_pay_calendar.periods.1.1", "employee_ids": [FOUND]}),
        *LEO_MANAGER[1:], *APPROVE_PENDING, ("calculate_pay_run", {"run_id": "$create_pay_run"})]),
    ("request_leave", "decide_leave_request", DANA_MANAGER + employee_consumer("request_leave", FOUND) + [
        ("decide_leave_request", {"request_id": "LR-0004", "decision": "approve", "manager_id": MANAGER})]),
    *[(_p, "decide_leave_request", DANA_MANAGER + [("list_leave_requests", {"status": "pending"}), (
        "decide_leave_request", {"request_id": "$list_leave_requests.0.0", "decision": "decline", "manager_id": MANAGER})])
      for _p in ("list_leave_requests", "get_employee")],
    ("get_pay_calendar", "create_pay_run", [DANA, *employee_consumer("create_pay_run", FOUND)]),
    ("set_pay_frequency", "create_pay_run", [DANA, ("set_pay_frequency", {"employee_id": FOUND, "frequency": "biweekly"}),
                                             ("get_pay_calendar", {"frequency": "biweekly"}), (
        "create_pay_run", {"frequency": "biweekly", "period_start": "$get_pay_calendar.periods.1.0",
                           "period_end": "$get_pay_calendar.periods.1.1", "employee_ids": [FOUND]})]),
    ("find_employee", "add_pay_run_adjustment", [DANA, *DRAFT, (
        "add_pay_run_adjustment", {"run_id": DRAFT_ID, "employee_id": FOUND, "amount": -120.0, "note": "Overpaid expenses"})]),
    ("list_department_employees", "add_pay_run_adjustment", EMPLOYEE["list_department_employees"][0] + DRAFT + [(
        "add_pay_run_adjustment", {"run_id": DRAFT_ID, "employee_id": "$list_department_employees.1.0", "amount": 300.0,
                                   "note": "On-call weekend"})]),
    ("get_pay_run", "add_pay_run_adjustment", DRAFT + run_consumer("add_pay_run_adjustment", DRAFT_ID)),
    ("calculate_pay_run", "submit_pay_run", DRAFT + run_consumer("submit_pay_run", DRAFT_ID)),
    ("calculate_pay_run", "void_payslip", DRAFT + run_consumer("void_payslip", DRAFT_ID)),
    ("get_pay_run", "void_payslip", DRAFT + run_consumer("void_payslip", DRAFT_ID)),
    ("get_pay_run", "get_payslip", DRAFT + run_consumer("get_payslip", DRAFT_ID)),
    ("calculate_pay_run", "get_payslip", DRAFT + run_consumer("get_payslip", DRAFT_ID)),
    ("submit_pay_run", "approve_pay_run", DRAFT + run_consumer("approve_pay_run", DRAFT_ID)[:-2] + [
        approve("APR-0003")]),  # "Pay run 7 submitted for approval (request APR-0003)."
    ("get_pay_run", "approve_pay_run", DRAFT + run_consumer("approve_pay_run", DRAFT_ID)),
    ("send_approval_code", "approve_pay_run", DRAFT + run_consumer("approve_pay_run", DRAFT_ID)),
    ("list_approvers", "send_approval_code", [APPROVERS, CODE]),
    ("list_approvers", "approve_pay_run", DRAFT + run_consumer("approve_pay_run", DRAFT_ID)),
    ("approve_pay_run", "disburse_pay_run", DRAFT + run_consumer("disburse_pay_run", DRAFT_ID)),
    ("get_pay_calendar", "calculate_pay_run", RUN["create_pay_run"][0] + run_consumer("calculate_pay_run", "$create_pay_run")),
    ("calculate_pay_run", "disburse_pay_run", DRAFT + run_consumer("disburse_pay_run", DRAFT_ID)),
]
