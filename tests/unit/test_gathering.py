"""Gathered states (``induction/gathering.py``): which calls build a state up, their order, and the
sequence applied through a call runner; plus the two reply-reading fixes gathering needs to matter:
a bare list of scalars is named by what the tool says it lists, and an empty first reply does not
hide the fields of later ones."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from hypothesis import given, strategies as st

from llama_index_libra.contracts import SchemaContractProposer
from llama_index_libra.induction.gathering import Candidate, creates, gather, order_candidates
from llama_index_libra.induction.values import ValueReader, item_name
from llama_index_libra.records import InvocationRecord
from llama_index_libra.runtime.python import PythonRuntime


def test_additions_and_fill_ins_build_up() -> None:
    assert creates([{"path": "$.bookings.BK-1", "after": {"room": None}}])
    assert creates([{"path": "$.bookings.BK-1.room", "before": None, "after": "204"}])
    assert creates([{"path": "$.seq", "before": 3, "after": 4}, {"path": "$.vault.ct_1", "after": "7899"}])


def test_removals_rewrites_and_no_change_do_not_build_up() -> None:
    assert not creates([])
    assert not creates([{"path": "$.seq", "before": 3, "after": 4}])  # only a counter moved
    assert not creates([{"path": "$.bookings.BK-1", "before": {"room": None}}])  # deleted
    assert not creates([{"path": "$.bookings.BK-1.status", "before": "booked", "after": "cancelled"},
                        {"path": "$.bookings.BK-1.cancelled_at", "after": "2025-06-14"}])  # a status rewritten
    assert not creates([{"path": "$.bookings.BK-1.room", "before": "204", "after": None}])  # emptied


change = st.fixed_dictionaries({"path": st.just("$.x")}, optional={"before": st.none() | st.integers() | st.text(max_size=3),
                                                                   "after": st.none() | st.integers() | st.text(max_size=3)})


@given(st.lists(change, max_size=6))
def test_creates_is_total_and_needs_an_addition_or_fill(changes: list[dict[str, Any]]) -> None:
    result = creates(changes)
    assert isinstance(result, bool)
    if result:
        assert any("before" not in c or c["before"] in (None, "") for c in changes)
        assert all("after" in c for c in changes)


def _c(tool: str, creates_: bool, first: bool = False) -> Candidate:
    return Candidate(tool, {"x": tool}, (), creates_, first)


def test_order_keeps_one_build_up_call_per_tool_off_the_path() -> None:
    calls = [_c("sign_in", True), _c("create_booking", True), _c("create_booking", True), _c("cancel", False, True),
             _c("store_card", True)]
    assert [c.tool for c in order_candidates(calls, exclude=["sign_in"])] == ["create_booking", "store_card"]


def test_order_prefers_the_call_on_the_record_the_other_steps_took() -> None:
    """Of a tool's calls, the one on the record another gathered step acted on: a design approved needs its
    charge and its survey on the same blast, so the survey filed on another blast first is passed over."""
    def on(tool: str, blast: str) -> Candidate:
        return Candidate(tool, {"blast_id": blast}, ('"tok-1"', f'"{blast}"'), True, True)

    calls = [on("file_document", "BL-40"), on("set_charge_design", "BL-44"), on("file_document", "BL-44"),
             on("notify", "BL-40")]
    chosen = order_candidates(calls)
    assert [(c.tool, c.arguments["blast_id"]) for c in chosen] == [
        ("file_document", "BL-40"), ("set_charge_design", "BL-44"), ("notify", "BL-40")]
    # the tie (BL-40 is shared with notify, BL-44 with set_charge_design) keeps the first found; without
    # notify the survey goes where the design went
    chosen = order_candidates(calls[:3])
    assert [(c.tool, c.arguments["blast_id"]) for c in chosen] == [("file_document", "BL-44"), ("set_charge_design", "BL-44")]


@given(st.lists(st.tuples(st.sampled_from("abcd"), st.booleans(), st.lists(st.sampled_from("uvwxyz"), max_size=3)),
                max_size=12))
def test_order_keeps_one_call_per_building_tool_in_order_found(rows: list[tuple[str, bool, list[str]]]) -> None:
    calls = [Candidate(t, {"i": i}, tuple(b), c, False) for i, (t, c, b) in enumerate(rows)]
    chosen = order_candidates(calls)
    tools = list(dict.fromkeys(c.tool for c in calls if c.creates))
    assert [c.tool for c in chosen] == tools
    assert all(c in calls and c.creates for c in chosen)


@dataclass
class _Record:
    status: str
    output: Any
    arguments: dict
    state_changes: list


class _Runner:
    """Applies calls to a list of strings; a call named ``refuse`` fails, ``noop`` changes nothing."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []

    def run(self, at: Any, tool: str, args: dict, purpose: str = "explore"):
        self.seen.append((at.digest, tool))
        if tool == "refuse":
            return _Record("error", None, args, []), None
        if tool == "noop":
            return _Record("success", "ok", args, []), None
        state = at.snap + [tool]
        return _Record("success", {"id": f"{tool}-1"}, args, [{"path": "$", "after": tool}]), ("|".join(state), state)

    def classify(self, tool: str, record: Any) -> str:
        return "success" if record.status == "success" else "failure"


class _Reader:
    def values_of(self, tool, record, bound):
        return []


def test_gather_applies_in_sequence_and_skips_what_fails_or_changes_nothing() -> None:
    runner = _Runner()
    calls = [_c("a", True), _c("refuse", True), _c("noop", True), _c("b", True)]
    gathered = gather(runner, _Reader(), "root", [], calls)
    assert gathered is not None and [c["tool"] for c in gathered.calls] == ["a", "b"]
    assert gathered.snap == ["a", "b"] and gathered.digest == "a|b"
    assert runner.seen == [("root", "a"), ("a", "refuse"), ("a", "noop"), ("a", "b")]  # each call from the state so far


def test_gather_needs_two_calls_that_change_the_state() -> None:
    assert gather(_Runner(), _Reader(), "root", [], [_c("a", True)]) is None
    assert gather(_Runner(), _Reader(), "root", [], [_c("a", True), _c("refuse", True)]) is None


def test_item_names() -> None:
    assert [item_name(n) for n in ("rooms", "classes", "properties", "room_numbers", "status", "response_value")] == \
        ["room", "class", "property", "room_number", "status", "response_value"]


def list_rooms(floor: int) -> list:
    """Room numbers that are clean and free on a floor."""
    return [f"{floor}04", f"{floor}07"] if floor else []


def list_classes(day: str) -> list:
    """The group classes on a weekday."""
    return [{"class_id": "C-10", "name": "Spin"}] if day == "tue" else []


def _reader() -> ValueReader:
    catalog = PythonRuntime([list_rooms, list_classes], dict).catalog
    return ValueReader(SchemaContractProposer().propose_all(catalog), {}, catalog)


def _record(tool: str, output: Any, **args: Any) -> InvocationRecord:
    return InvocationRecord(tool=tool, status="success", arguments=args, output=output, state_changes=[])


def test_a_bare_list_of_scalars_is_named_by_what_the_tool_lists() -> None:
    reader = _reader()
    values = reader.values_of("list_rooms", _record("list_rooms", ["204", "207"], floor=2))
    assert {(v.export, v.value) for v in values if v.path.startswith("$.output")} == {("room", "204"), ("room", "207")}


def test_an_empty_first_reply_does_not_hide_the_fields_of_later_ones() -> None:
    reader = _reader()
    assert not [v for v in reader.values_of("list_classes", _record("list_classes", [], day="mon")) if v.path.startswith("$.output")]
    values = reader.values_of("list_classes", _record("list_classes", [{"class_id": "C-10", "name": "Spin"}], day="tue"))
    assert ("class_id", "C-10") in {(v.export, v.value) for v in values}


def create_booking(quote_id: str, state: dict) -> dict:
    """Book a quoted car for a customer."""
    return {"ref": "W363XQ", "status": "confirmed", "customer": {"id": "CU-7801", "name": "Ada"}}


def login(user: str, state: dict) -> dict:
    """Sign in."""
    return {"token": "t-1", "id": "u-7"}


def test_a_generic_key_is_named_by_what_it_belongs_to() -> None:
    """create_booking's top-level "ref" is a booking ref, a name a consumer's ``booking_code`` can match,
    and its customer.id a customer id; a tool whose name says no object keeps the bare key."""
    catalog = PythonRuntime([create_booking, login], dict).catalog
    reader = ValueReader(SchemaContractProposer().propose_all(catalog), {}, catalog)
    record = _record("create_booking", create_booking("Q1", {}), quote_id="Q1")
    names = {v.export: v.value for v in reader.values_of("create_booking", record) if v.path.startswith("$.output")}
    assert names["booking_ref"] == "W363XQ" and "ref" not in names
    assert names["customer_id"] == "CU-7801" and "id" not in names  # a nested id belongs to its parent key
    names = {v.export for v in reader.values_of("login", _record("login", login("a", {}), user="a")) if v.path.startswith("$.output")}
    assert names == {"token", "id"}


def test_a_call_that_showed_nothing_marks_its_argument_echoes_quiet() -> None:
    """An empty search accepted its filter's layout, not its kind: the echo is marked (and the binder
    aligns it at most just above tau); a search that found a class echoes its argument unmarked."""
    reader = _reader()
    empty = reader.values_of("list_classes", _record("list_classes", [], day="INSP-8"))
    assert [v.quiet for v in empty if v.path.startswith("$.arguments")] == [True]
    found = reader.values_of("list_classes", _record("list_classes", [{"class_id": "C-10", "name": "Spin"}], day="tue"))
    assert [v.quiet for v in found if v.path.startswith("$.arguments")] == [False]


def search_cases(text: str) -> dict:
    """Search cases by words of a title.

    Returns:
        ``{"ok": true, "matches": [[case_number, title]]}``.
    """
    return {"ok": True, "matches": [["CV-27-00391", "Marlow v Pryce"]] if "marlow" in text.lower() else []}


def test_a_list_first_seen_empty_beside_a_flag_is_learned_from_a_later_reply() -> None:
    """``{"ok": true, "matches": []}`` shows a flag but no field of what it lists: the rows of a later
    reply still become values (the case numbers a search found), named by the documented columns."""
    catalog = PythonRuntime([search_cases], dict).catalog
    reader = ValueReader(SchemaContractProposer().propose_all(catalog), {}, catalog)
    first = reader.values_of("search_cases", _record("search_cases", search_cases("nothing"), text="nothing"))
    assert not [v for v in first if v.value == "CV-27-00391"]
    later = reader.values_of("search_cases", _record("search_cases", search_cases("Marlow"), text="Marlow"))
    assert ("case_number", "CV-27-00391") in {(v.export, v.value) for v in later}
    exports = [e.path for e in reader.contracts["search_cases"].exports]
    assert len(exports) == len(set(exports))  # the flag is not exported twice
    again = reader.values_of("search_cases", _record("search_cases", search_cases("Marlow"), text="Marlow Hire"))
    assert ("case_number", "CV-27-00391") in {(v.export, v.value) for v in again}


def test_a_reply_read_again_gives_what_a_fresh_reader_reads(monkeypatch) -> None:
    """values_of keeps what it read per tool, reply and bound values (the same call answers the same in
    most states of a path): a second read walks nothing, yet gives new, equal values; a revised contract
    (the feedback of a later reply) or other bound values read again."""
    reader = _reader()
    walks: list[str] = []
    inner = ValueReader._values_of
    monkeypatch.setattr(ValueReader, "_values_of", lambda self, tool, record, bound: walks.append(tool) or inner(self, tool, record, bound))
    record = _record("list_classes", list_classes("tue"), day="tue")
    first = reader.values_of("list_classes", record)
    again = reader.values_of("list_classes", _record("list_classes", list_classes("tue"), day="tue"))
    assert walks == ["list_classes"] and again == first and all(a is not b for a, b in zip(again, first))
    assert again == _reader().values_of("list_classes", record)  # (another reader: a walk of its own)
    bound = reader.values_of("list_classes", record, ['"tue"'])
    assert len(walks) == 3 and [v.credit for v in bound if v.path == "$.arguments.day"] == [False]
    reader.contracts["list_classes"] = replace(reader.contracts["list_classes"])
    reader.values_of("list_classes", record)
    assert len(walks) == 4
