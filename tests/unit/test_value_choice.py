"""Which observed values an input tries, and what a control proves (bindings.py, values.py, counterfactual.py).

Each small catalog below reproduces one generic cause of a missed prerequisite on catalogs nobody tuned
to: ids where a name is wanted, a fixture's own id filling every try, rows whose columns only the
docstring names, ids under a field named for something else, a vocabulary value a listing happens to
return. Every build is serial, lexical and small.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest
from hypothesis import given, strategies as st

from llama_index_libra.induction import induce
from llama_index_libra.induction.candidates import by_export
from llama_index_libra.induction.values import Value, observed_leaves, row_columns
from llama_index_libra.runtime.python import PythonRuntime


def _build(tools, state, fixtures=None):
    runtime = PythonRuntime(tools, state, fixtures=fixtures or {})
    library, report = induce(runtime, field_encoder="lexical", executor="serial", isolation="none")
    return {(r.provider, r.consumer, r.kind) for r in library.relations}, report


# --------------------------------------------------------------- pure functions
@pytest.mark.parametrize("text, expected", [
    ("All departments as rows [department_id, name, cost_center].", [("department_id", "name", "cost_center")]),
    ("Active employees as rows [employee_id, full name, title].", [("employee_id", "full_name", "title")]),
    ("Rows [a, b] then [run_id, status]", [("a", "b"), ("run_id", "status")]),
    ("A list [1, 2] of numbers and [x] alone", []),
    # a cell that is a row, and a cell that is a list of rows, as real docstrings write them
    ("Rows [class_code, label, [student_count, teacher]]", [("class_code", "label", ("student_count", "teacher")),
                                                             ("student_count", "teacher")]),
    ("as rows [room_type, max_adults, [[rate_code, nightly], ...]].",
     [("room_type", "max_adults", (("rate_code", "nightly"),)), ("rate_code", "nightly")]),
    ("``{\"data\": [[position, part_number, serial], ...]}``", [("position", "part_number", "serial")]),
    ("unclosed [a, [b, c", []),
    # a signature's Literal lists values, not names: only the documented rows are columns
    ("list_orders(status: Optional[Literal['placed', 'preparing', 'out_for_delivery', 'delivered', 'cancelled']] = None)\n"
     ":returns: ``{\"orders\": [[order_id, restaurant, placed_at, status, total], ...]}``",
     [("order_id", "restaurant", "placed_at", "status", "total")]),
    ("", []),
    # a bracketed item longer than four words is named by its head phrase (it no longer voids the layout)
    ("One row per context: [context number, type, description, period, contexts it is later than].",
     [("context_number", "type", "description", "period", "contexts")]),
    # a layout written in words after a colon: articles, possessives and asides dropped, cut before a preposition
    ("A tournament's entries. Returns one row per entry in entry id order: entry id, member id, name, rating in the "
     "tournament's category and the entry's status (entered, playing, played or withdrawn).",
     [("entry_id", "member_id", "name", "rating", "entry_status")]),
    ("Returns one row per arbiter: arbiter id, member id, name, grade and the date the licence runs to.",
     [("arbiter_id", "member_id", "name", "grade", "date")]),
    ("Returns a list (rows): ``code``, ``name`` and ``rate`` of each operation.", [("code", "name", "rate")]),
    # a colon that lists no layout, or a list of one item, gives none
    ("Returns the rows. Note: nothing else.", []),
    ("The clubs, as rows: ``[club_code, name]``.", [("club_code", "name")]),
])
def test_row_columns(text, expected):
    assert row_columns(text) == expected


@given(st.text(max_size=200))
def test_row_columns_total(text):
    def valid(names):
        return all(valid(n) if isinstance(n, tuple) else (n and n.replace("_", "").isalnum()) for n in names)

    for names in row_columns(text):
        assert names and valid(names)
        assert len(names) >= 2 or isinstance(names[0], tuple)


def test_rows_give_one_export_per_column_named_by_the_docstring():
    rows = {"matches": [["EMP-1", "Dana Whitfield", 3], ["EMP-2", "Leo Brandt", 4]]}
    named = list(observed_leaves(rows, columns=[("employee_id", "full_name", "department_id")]))
    assert named == [("$.output.matches[*][0]", ("matches", "employee_id"), "string"),
                     ("$.output.matches[*][1]", ("matches", "full_name"), "string"),
                     ("$.output.matches[*][2]", ("matches", "department_id"), "integer")]
    unnamed = [keys for _, keys, _ in observed_leaves(rows)]
    assert unnamed == [("matches", "matches_1"), ("matches", "matches_2"), ("matches", "matches_3")]
    # a cell that is a row, or a list of rows, gives its own columns
    nested = [["EN-10", "English", [5, "Mr Hale"]], ["MA-10", "Maths", [4, "Ms Ade"]]]
    cols = row_columns("Rows [class_code, label, [student_count, teacher]]")
    assert list(observed_leaves(nested, columns=cols)) == [
        ("$.output[*][0]", ("class_code",), "string"), ("$.output[*][1]", ("label",), "string"),
        ("$.output[*][2][0]", ("student_count",), "integer"), ("$.output[*][2][1]", ("teacher",), "string")]
    rates = {"rooms": [["DBL", 2, [["BAR", 120.0], ["NRF", 99.0]]]]}
    assert [k for _, k, _ in observed_leaves(rates)] == [
        ("rooms", "rooms_1"), ("rooms", "rooms_2"), ("rooms", "rooms_3_1"), ("rooms", "rooms_3_2")]
    # a list of records is unchanged: one path per field
    assert [p for p, _, _ in observed_leaves({"items": [{"id": 1}]})] == ["$.output.items[*].id"]


def _v(provider, export, value):
    return Value(provider, export, "$.output", value, f"{provider}\x00{export}\x00{value!r}", True, False, "", ())


def test_by_export_tries_each_field_before_repeating_one():
    a1, a2, a3 = _v("t", "user_id", "U1"), _v("t", "user_id", "U2"), _v("t", "user_id", "U3")
    b1 = _v("l", "user_list", "alice")
    assert by_export([a1, a2, a3, b1]) == [a1, b1, a2, a3]
    assert by_export([]) == []


def _by_export_reference(values):
    """The order by_export stands for: a stable sort on (how many values of the same export came before)."""
    seen: dict = {}
    ranks = []
    for i, v in enumerate(values):
        k = (v.provider, v.export)
        ranks.append((seen.get(k, 0), i))
        seen[k] = seen.get(k, 0) + 1
    return [values[i] for _, i in sorted(ranks)]


@given(st.lists(st.tuples(st.sampled_from("abc"), st.sampled_from(["id", "name", "code"])), max_size=30))
def test_by_export_matches_its_reference_sort(fields):
    values = [_v(p, e, i) for i, (p, e) in enumerate(fields)]
    assert by_export(values) == _by_export_reference(values)


# --------------------------------------------------------------- end to end
@dataclass
class Chat:
    users: dict = field(default_factory=lambda: {"me": "U1", "alice": "U2", "bob": "U3", "carol": "U4", "dan": "U5"})
    me: str | None = None


def list_user_ids(state: Chat) -> dict:
    """Ids of the workspace's users."""
    return {"user_ids": sorted(state.users.values())}


def list_users(state: Chat) -> dict:
    """Names of the workspace's users."""
    return {"user_list": sorted(state.users)}


def get_user_id(user: str, state: Chat) -> dict:
    """A user's id from their name."""
    if user not in state.users:
        raise KeyError(f"unknown user {user!r}")
    return {"user_id": state.users[user]}


def login(user_id: str, state: Chat) -> dict:
    """Log in as a user."""
    if user_id not in state.users.values():
        raise KeyError(f"unknown user {user_id!r}")
    state.me = user_id
    return {"logged_in": True}


def send_message(receiver_id: str, text: str, state: Chat) -> dict:
    """Send a message to a user by id (logged in)."""
    if state.me is None:
        raise PermissionError("log in first")
    if receiver_id not in state.users.values():
        raise KeyError(f"unknown receiver {receiver_id!r}")
    return {"sent": True}


def test_a_name_input_tries_a_name_before_a_fifth_id():
    """``user`` aligns as well with ``user_ids`` as with ``user_list``; with the four tries of an
    input all taken by ids, get_user_id never succeeded. The best value of each field comes first."""
    relations, report = _build([list_user_ids, list_users, get_user_id], Chat)
    assert "get_user_id" not in report.never_succeeded
    assert ("list_users", "get_user_id", "provenance") in relations


def test_a_fixture_id_does_not_hide_the_lookup():
    """The tester's own id (a fixture) works for send_message without any tool, so a success with it
    proves nothing; among equally aligned values a tool's own comes first, and the lookup is credited
    (in the logged-in state only the best binding runs)."""
    relations, report = _build([list_users, get_user_id, login, send_message], Chat, {"user_id": "U1"})
    assert ("get_user_id", "send_message", "provenance") in relations
    assert ("login", "send_message", "state") in relations


@dataclass
class Org:
    departments: dict = field(default_factory=lambda: {3: "Engineering", 4: "Sales"})
    employees: dict = field(default_factory=lambda: {"EMP-7": ("Dana Whitfield", 3), "EMP-8": ("Leo Brandt", 4)})


def list_departments(state: Org) -> list[list]:
    """All departments as rows [department_id, name]."""
    return [[d, n] for d, n in sorted(state.departments.items())]


def list_department_employees(department_id: int, state: Org) -> list[list]:
    """Employees of a department as rows [employee_id, full name]."""
    if department_id not in state.departments:
        raise KeyError(f"unknown department {department_id}")
    return [[e, n] for e, (n, d) in sorted(state.employees.items()) if d == department_id]


def find_employee(name: str, state: Org) -> dict:
    """Employees whose name contains ``name``."""
    return {"matches": [[e, n] for e, (n, _) in sorted(state.employees.items()) if name.lower() in n.lower()]}


def get_employee(employee_id: str, state: Org) -> dict:
    """An employee's record."""
    if employee_id not in state.employees:
        raise KeyError(f"unknown employee {employee_id!r}")
    name, dept = state.employees[employee_id]
    return {"name": name, "department": dept}


def test_rows_named_by_the_docstring_feed_the_inputs_of_those_names():
    relations, report = _build([list_departments, list_department_employees, get_employee], Org)
    assert ("list_departments", "list_department_employees", "provenance") in relations
    assert ("list_department_employees", "get_employee", "provenance") in relations


def test_an_id_under_a_field_named_otherwise_is_tried_once_aligned_values_fail():
    """find_employee's rows are undocumented (``matches_1``); the fixture ``employee`` (a name) aligns
    with ``employee_id`` and fails ("unknown employee"); the fields that do not align are tried next."""
    relations, report = _build([find_employee, get_employee], Org, {"employee": "Dana Whitfield"})
    assert "get_employee" not in report.never_succeeded
    assert ("find_employee", "get_employee", "provenance") in relations


@dataclass
class Pay:
    frequency: dict = field(default_factory=lambda: {"E1": "monthly"})


def get_compensation(employee_id: str, state: Pay) -> dict:
    """An employee's pay frequency."""
    return {"frequency": state.frequency.get(employee_id, "monthly")}


def set_pay_frequency(employee_id: str, frequency: str, state: Pay) -> str:
    """Change how often an employee is paid."""
    if frequency not in ("weekly", "biweekly", "monthly"):
        raise ValueError(f"unsupported frequency {frequency!r}; expected one of: weekly, biweekly, monthly")
    state.frequency[employee_id] = frequency
    return "ok"


def test_a_value_the_refusal_spelled_out_credits_no_tool():
    """``monthly`` came from get_compensation, but any value the refusal listed works too."""
    relations, _ = _build([get_compensation, set_pay_frequency], Pay, {"employee_id": "E1"})
    assert not any(p == "get_compensation" and c == "set_pay_frequency" for p, c, _ in relations)


def test_an_id_word_of_a_handed_text_is_handed():
    """``SB-07`` in a handover note was handed to the tester: a tool that also gives it is no provider."""
    from llama_index_libra.induction.reply_values import id_words
    from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, ValuePool

    import json

    def value(provider: str, export: str, path: str, v: str) -> Value:
        return Value(provider, export, path, v, f"{provider}\x00{export}\x00{json.dumps(v)}", provider != FIXTURE_PROVIDER)

    note = value(FIXTURE_PROVIDER, "shift_handover", "$.fixtures.shift_handover[*]", "SB-07 tripped on a pitch fault before dawn")
    listed = value("list_turbines", "turbine_id", "$.output[0][0]", "SB-07")
    other = value("list_turbines", "turbine_id", "$.output[1][0]", "SB-08")
    pool = ValuePool([note, listed, other])
    assert pool.handed(listed) and not pool.handed(other)
    assert id_words(("paid 12,000.00 on ref #4471, pin Tern-4102; 3 boxes",)) == frozenset({"#4471", "Tern-4102"})
