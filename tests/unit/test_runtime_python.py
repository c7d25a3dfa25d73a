"""PythonRuntime: users' own tools over a deep-copyable state object."""

from __future__ import annotations

import pickle
import threading
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from llama_index.core.tools import FunctionTool

from llama_index_libra.runtime.python import PythonRuntime


@dataclass
class Shop:
    items: dict = field(default_factory=dict)
    user: str | None = None


def login(state: Shop, user: str) -> dict:
    """Log a user in."""
    state.user = user
    return {"user": user}


def add_item(state: Shop, item: str, qty: int = 1) -> dict:
    """Add an item to the logged-in user's cart."""
    if state.user is None:
        return {"error": "log in first"}
    state.items[item] = state.items.get(item, 0) + qty
    return {"items": dict(state.items)}


async def count_items(state: Shop) -> int:
    """Count the items in the cart."""
    return sum(state.items.values())


def to_cents(amount: float) -> int:
    """Convert an amount to cents (a pure function: no state)."""
    return round(amount * 100)


def explode(state: Shop, reason: str) -> dict:
    """Raise an exception."""
    raise RuntimeError(reason)


RELEASE = threading.Event()


def wait_forever(state: Shop) -> dict:
    """Block until the test session releases it."""
    RELEASE.wait(30)
    state.user = "late"
    return {}


def make_object(state: Shop) -> object:
    """Return something that is not JSON."""
    return threading.Lock()


@pytest.fixture(scope="module", autouse=True)
def _release_hung_workers():
    yield
    RELEASE.set()


@pytest.fixture()
def rt() -> PythonRuntime:
    tools = [login, FunctionTool.from_defaults(fn=add_item), count_items, to_cents, explode, wait_forever, make_object]
    return PythonRuntime(tools, Shop, fixtures={"user": "ann"}, timeout_s=5.0)


def test_public_schemas_and_descriptions_exclude_the_state_argument(rt):
    assert rt.catalog.names == ["login", "add_item", "count_items", "to_cents", "explode", "wait_forever", "make_object"]
    for spec in rt.catalog:
        assert "state" not in spec.parameters.get("properties", {}), spec.name
        assert "state" not in spec.parameters.get("required", []), spec.name
        assert "state" not in spec.description.splitlines()[0], spec.description
    add = rt.catalog.get("add_item")
    assert add.input_names == ["item", "qty"] and add.required_inputs == ["item"]
    assert add.description.startswith("add_item(item: ")  # LlamaIndex's signature line, rewritten
    assert add.description.endswith("Add an item to the logged-in user's cart.")
    assert rt.catalog.get("to_cents").input_names == ["amount"]


def test_custom_state_arg_name():
    def note(ctx: dict, text: str) -> dict:
        """Append a note."""
        ctx.setdefault("notes", []).append(text)
        return {"n": len(ctx["notes"])}

    rt = PythonRuntime([note], dict, state_arg="ctx")
    assert rt.catalog.get("note").input_names == ["text"]
    state = rt.fresh()
    rec = rt.call(state, "note", {"text": "a"})
    assert rec.status == "success" and state == {"notes": ["a"]}
    assert rec.state_changes == [{"path": "$.notes", "after": ["a"]}]


def test_calls_normalize_success_and_rejection(rt):
    state = rt.fresh()
    rec = rt.call(state, "add_item", {"item": "pen"})
    assert rec.status == "rejected" and rec.message == "log in first" and rec.state_changes == []
    rec = rt.call(state, "login", {"user": "ann"})
    assert rec.status == "success" and rec.state_changes == [{"path": "$.user", "before": None, "after": "ann"}]
    rec = rt.call(state, "add_item", {"item": "pen", "qty": 2})
    assert rec.status == "success" and rec.output == {"items": {"pen": 2}}
    assert rec.state_changes == [{"path": "$.items.pen", "after": 2}]
    assert rt.call(state, "count_items", {}).output == 2
    assert rt.call(state, "to_cents", {"amount": 1.25}).output == 125


def test_raising_tool_is_an_error(rt):
    rec = rt.call(rt.fresh(), "explode", {"reason": "kaput"})
    assert rec.status == "error" and rec.message == "RuntimeError: kaput" and rec.output is None


def test_hanging_tool_times_out_as_an_error(rt):
    rec = rt.call(rt.fresh(), "wait_forever", {}, timeout_s=0.2)
    assert rec.status == "error" and "timeout" in rec.message and rec.duration_s < 5
    assert rt.call(rt.fresh(), "to_cents", {"amount": 1.0}).status == "success"


def test_unserializable_output_is_an_error(rt):
    rec = rt.call(rt.fresh(), "make_object", {})
    assert rec.status == "error" and rec.message.startswith("unserializable output:")


def test_state_argument_cannot_be_passed_by_the_caller(rt):
    rec = rt.call(rt.fresh(), "login", {"user": "x", "state": {}})
    assert rec.status == "error" and "reserved" in rec.message


def test_unknown_tool_raises_key_error_naming_it(rt):
    with pytest.raises(KeyError, match="add_itme"):
        rt.call(rt.fresh(), "add_itme", {"item": "x"})


def test_snapshot_and_restore_are_independent_deep_copies(rt):
    state = rt.fresh()
    rt.call(state, "login", {"user": "ann"})
    snap = rt.snapshot(state)
    rt.call(state, "add_item", {"item": "pen"})
    a, b = rt.restore(snap), rt.restore(snap)
    rt.call(a, "add_item", {"item": "cup"})
    assert b.items == {} and rt.restore(snap).items == {} and state.items == {"pen": 1}
    assert rt.digest(b) == rt.digest(rt.restore(snap)) != rt.digest(a)


def test_default_and_custom_views():
    class Plain:
        def __init__(self) -> None:
            self.rows = [1]
            self.lock = threading.Lock()

    def touch(state: Plain) -> None:
        """Append a row."""
        state.rows.append(2)

    rt = PythonRuntime([touch], Plain)
    assert rt.view(rt.fresh()) == {"rows": [1], "lock": "<_thread.lock>"}
    rt2 = PythonRuntime([touch], Plain, view=lambda s: {"n": len(s.rows)})
    state = rt2.fresh()
    assert rt2.call(state, "touch", {}).state_changes == [{"path": "$.n", "before": 1, "after": 2}]
    assert PythonRuntime([touch], list).view([1, 2]) == {"state": [1, 2]}
    with pytest.raises(KeyError):
        rt.view(rt.fresh(), "other")


def test_fixtures_and_undeepcopyable_states(rt):
    assert rt.fixtures == {"user": "ann"}

    def noop(state: object) -> None:
        """Do nothing."""

    class Unpicklable:
        def __deepcopy__(self, memo):
            raise TypeError("no copies")

    bad = PythonRuntime([noop], Unpicklable)
    with pytest.raises(TypeError, match="deepcopy"):
        bad.snapshot(bad.fresh())


def test_as_llama_tools_binds_a_live_state(rt):
    state = rt.fresh()
    tools = {t.metadata.name: t for t in rt.as_llama_tools(state)}
    assert "state" not in tools["login"].metadata.get_parameters_dict()["properties"]
    tools["login"].call(user="bob")
    tools["add_item"].call(item="pen")
    assert state == Shop(items={"pen": 1}, user="bob")


def test_tools_must_be_callables():
    with pytest.raises(TypeError, match="callables"):
        PythonRuntime([42], dict)


_POSTPONED_TOOLS = '''
from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Literal, Optional

if TYPE_CHECKING:
    from decimal import Decimal


class Ringer(enum.Enum):
    LOUD = "loud"
    SILENT = "silent"


def set_ringer(mode: Ringer, state: dict) -> str:
    """Set the ringer mode."""
    state["ringer"] = getattr(mode, "value", mode)
    return "ok"


def forecast(days: Literal["today", "week"], city: Optional[str] = None) -> str:
    """A weather forecast."""
    return f"{days} {city}"


def pay(amount: Decimal, state: dict) -> str:
    """Pay an amount."""
    return "paid"
'''


def _postponed_module(tmp_path, monkeypatch):
    import importlib

    (tmp_path / "postponed_tools.py").write_text(_POSTPONED_TOOLS)
    monkeypatch.syspath_prepend(str(tmp_path))
    return importlib.import_module("postponed_tools")


def test_postponed_annotations_with_module_literal_and_enum_types_build_a_catalog(tmp_path, monkeypatch):
    """``from __future__ import annotations`` + Literal/Enum of the tool's own module: the annotations
    are evaluated in the function's globals before the schema is built (pydantic failed with
    "not fully defined" before)."""
    mod = _postponed_module(tmp_path, monkeypatch)
    rt = PythonRuntime([mod.set_ringer, mod.forecast], dict)
    schemas = {spec.name: spec.parameters for spec in rt.catalog}
    assert schemas["forecast"]["properties"]["days"]["enum"] == ["today", "week"]
    assert "['loud', 'silent']" in str(schemas["set_ringer"])  # the Enum's values, under $defs
    state = rt.fresh()
    assert rt.call(state, "forecast", {"days": "week"}).output == "week None"
    assert rt.call(state, "set_ringer", {"mode": "silent"}).status == "success"


def test_an_annotation_only_imported_for_type_checking_names_the_tool_and_the_fix(tmp_path, monkeypatch):
    mod = _postponed_module(tmp_path, monkeypatch)
    with pytest.raises(TypeError, match=r"tool 'pay'.*'amount'.*Decimal.*TYPE_CHECKING"):
        PythonRuntime([mod.pay], dict)


_POSTPONED_SHAPES = '''
from __future__ import annotations

import enum
from typing import Annotated, Literal


class Ringer(enum.Enum):
    LOUD = "loud"
    SILENT = "silent"


async def set_ringer_async(mode: Ringer, state: dict) -> str:
    """Set the ringer mode."""
    state["ringer"] = getattr(mode, "value", mode)
    return "ok"


def forecast(days: Annotated[Literal["today", "week"], "which days"]) -> str:
    """A weather forecast."""
    return days


class Phone:
    def dial(self, number: Annotated[str, "digits"], mode: Ringer, state: dict) -> str:
        """Dial a number."""
        return number
'''


def test_postponed_annotations_in_async_tools_bound_methods_and_annotated(tmp_path, monkeypatch):
    """Issue #23 item 4, other shapes: an async tool, a bound method and ``Annotated[...]`` over the
    module's own types build their schemas and run."""
    import importlib

    (tmp_path / "postponed_shapes.py").write_text(_POSTPONED_SHAPES)
    monkeypatch.syspath_prepend(str(tmp_path))
    mod = importlib.import_module("postponed_shapes")
    rt = PythonRuntime([mod.set_ringer_async, mod.forecast, mod.Phone().dial], dict)
    schemas = {spec.name: spec.parameters for spec in rt.catalog}
    assert schemas["forecast"]["properties"]["days"]["enum"] == ["today", "week"]
    assert schemas["forecast"]["properties"]["days"]["description"] == "which days"
    assert schemas["dial"]["required"] == ["number", "mode"] and "state" not in schemas["dial"]["properties"]
    state = rt.fresh()
    assert rt.call(state, "set_ringer_async", {"mode": "silent"}).status == "success"
    assert rt.call(state, "forecast", {"days": "week"}).output == "week"
    assert rt.call(state, "dial", {"number": "1", "mode": "loud"}).output == "1"


# ---- snapshots as pickles, the before-view kept per snapshot, read-only calls seen by their pickle

class CopiesItself:
    def __init__(self) -> None:
        self.n = 0
        self.copies = 0

    def __deepcopy__(self, memo: dict) -> "CopiesItself":
        twin = CopiesItself()
        twin.n, twin.copies = self.n, self.copies + 1
        return twin


def bump(state: CopiesItself) -> int:
    """Count up."""
    state.n += 1
    return state.n


def test_snapshots_are_pickles_unless_the_state_copies_itself(rt):
    from llama_index_libra.runtime.python import PickledState

    state = rt.fresh()
    rt.call(state, "login", {"user": "ann"})
    snap = rt.snapshot(state)
    assert isinstance(snap, PickledState)
    assert rt.restore(snap) == state and rt.restore(snap) is not rt.restore(snap)
    own = PythonRuntime([bump], CopiesItself)
    kept = own.snapshot(own.fresh())
    assert not isinstance(kept, PickledState) and own.restore(kept).copies == 2  # its own __deepcopy__, twice

    class Local:  # a class pickle cannot find by name: a deep copy instead
        def __init__(self) -> None:
            self.rows = [1]

    local = PythonRuntime([bump], Local)
    assert not isinstance(local.snapshot(local.fresh()), PickledState)


def test_execute_here_records_equal_plain_calls(rt):
    """The cached before-view and the pickle test for unchanged states give the records a fresh
    call gives, and no record shares a value with the cached view."""
    state = rt.fresh()
    rt.call(state, "login", {"user": "ann"})
    snap = rt.snapshot(state)
    for tool, args in [("count_items", {}), ("add_item", {"item": "pen"}), ("add_item", {"item": "pen", "qty": 2}),
                       ("explode", {"reason": "x"}), ("login", {"user": "ann"}), ("login", {"user": "bob"})]:
        here, child = rt.execute_here(snap, tool, args)
        plain = rt.call(rt.restore(snap), tool, args)
        assert here.to_json() == plain.to_json()  # duration_s aside
        if child is not None:
            assert child[0] == rt.digest(rt.restore(child[1]))
        for change in here.state_changes:  # mutating a record leaves the next call's view intact
            change["before"] = "tampered"
    again, _ = rt.execute_here(snap, "add_item", {"item": "cup"})
    assert again.state_changes == [{"path": "$.items.cup", "after": 1}]


def test_the_view_cache_keeps_no_runtime_alive():
    """The before-view cache holds runtimes weakly: a runtime (and a worker or file it holds) is freed
    when its user drops it, not at interpreter exit."""
    import gc
    import weakref

    runtime = PythonRuntime([login, add_item], Shop)
    runtime.execute_here(runtime.snapshot(runtime.fresh()), "login", {"user": "ann"})
    alive = weakref.ref(runtime)
    del runtime
    gc.collect()
    assert alive() is None


async def hold_order(order: str, state: dict) -> str:
    """Hold an open order (a state refusal raised as RuntimeError, as asyncio code often does)."""
    if state.get(order) != "open":
        raise RuntimeError(f"order {order} is {state.get(order, 'unknown')}")
    state[order] = "held"
    return order


def test_an_async_tool_s_own_runtime_error_is_what_the_call_records():
    """LlamaIndex's sync shim for async functions catches a RuntimeError the tool raises and raises
    "Detected nested async" instead, which hid state refusals from induction: the runtime awaits
    the coroutine itself, outside and inside a running event loop, plain or as a FunctionTool."""
    import asyncio

    rt = PythonRuntime([hold_order, FunctionTool.from_defaults(async_fn=hold_order, name="hold_order_tool")],
                       lambda: {"A1": "open", "B2": "shipped"})
    state = rt.fresh()
    for name in ("hold_order", "hold_order_tool"):
        refused = rt.call(state, name, {"order": "B2"})
        assert refused.status == "error" and refused.message == "RuntimeError: order B2 is shipped"
    assert rt.call(state, "hold_order", {"order": "A1"}).output == "A1"
    assert rt.call(state, "hold_order_tool", {"order": "A1"}).message == "RuntimeError: order A1 is held"

    async def inside_a_loop() -> str | None:
        return rt.call(state, "hold_order", {"order": "B2"}).message

    assert asyncio.run(inside_a_loop()) == "RuntimeError: order B2 is shipped"


def spoil(state: Shop, item: str) -> dict:
    """Put an item in the cart, then fail: a refused call that left the state changed."""
    state.items[item] = 99
    raise ValueError("out of stock")


def test_a_read_only_call_hands_its_state_to_the_next_call_from_the_same_snapshot_once():
    """A call that left its state pickle-equal to the snapshot passes that copy to the next call
    from the same snapshot (no second unpickling), never after a call that changed the state (even
    one that then failed), never for another snapshot, and never twice."""
    from llama_index_libra.runtime import python as python_runtime

    rt = PythonRuntime([login, add_item, count_items, spoil], Shop)
    state = rt.fresh()
    rt.call(state, "login", {"user": "ann"})
    snap, other = rt.snapshot(state), rt.snapshot(rt.fresh())
    rt.execute_here(snap, "count_items", {})
    live = python_runtime._LIVE.entry
    assert live[0] is rt and live[1] is snap
    assert rt.restore(snap) is live[2] and rt.restore(snap) is not live[2]  # handed out once
    rt.execute_here(snap, "count_items", {})
    live = python_runtime._LIVE.entry
    # another snapshot unpickles its own copy, and the held one is dropped
    assert rt.restore(other) is not live[2] and python_runtime._LIVE.entry is None
    rt.execute_here(snap, "spoil", {"item": "pen"})  # refused, but the cart changed: not handed on
    assert getattr(python_runtime._LIVE, "entry", None) is None
    record, _ = rt.execute_here(snap, "count_items", {})
    assert record.output == 0


@given(st.lists(st.sampled_from([("count_items", {}), ("add_item", {"item": "pen"}), ("spoil", {"item": "cup"}),
                                 ("login", {"user": "ann"}), ("login", {"user": "bob"})]), max_size=12))
@settings(max_examples=60, deadline=None)
def test_calls_that_reuse_a_state_record_what_fresh_copies_record(calls):
    """Any sequence of calls from one snapshot records what each call records from its own fresh copy."""
    rt = PythonRuntime([login, add_item, count_items, spoil], Shop)
    state = rt.fresh()
    rt.call(state, "login", {"user": "ann"})
    snap = rt.snapshot(state)
    for tool, args in calls:
        here, _ = rt.execute_here(snap, tool, args)
        plain = rt.call(pickle.loads(snap.data), tool, args)
        assert here.to_json() == plain.to_json()
