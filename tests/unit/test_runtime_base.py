"""The Runtime protocol's shared machinery: diffs, JSON paths, timeouts, failure normalization."""

from __future__ import annotations

import copy
import threading
import time
from typing import Any

import pytest
from jsonpath_ng import parse as jsonpath_parse

from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.runtime.base import Runtime, diff_views, json_path_child, jsonable_view, mutable_defaults


# --------------------------------------------------------------------------- a minimal runtime


def _append(state: dict, values: list, sink: list = []) -> dict:  # noqa: B006 - the leak under test
    sink.extend(values)
    state["items"].extend(values)
    state["kept"] = values
    return {"count": len(state["items"]), "sink": list(sink)}


class DictRuntime(Runtime):
    """A dict state and tools defined as plain functions, to test the base class alone."""

    def __init__(self, tools: dict[str, Any], *, timeout_s: float | None = 2.0) -> None:
        self.name = "dict"
        self.tools = tools
        self.catalog = ToolCatalog([ToolSpec(name=n, description=f"tool {n}") for n in tools], name="dict")
        self.fixtures = {}
        self.default_timeout_s = timeout_s

    def fresh(self) -> dict:
        return {"items": [], "flag": False}

    def snapshot(self, state: dict) -> dict:
        return copy.deepcopy(state)

    def restore(self, snap: dict) -> dict:
        return copy.deepcopy(snap)

    def view(self, state: dict, partition: str | None = None) -> dict:
        return jsonable_view(state)

    def _invoke(self, state: Any, tool: str, arguments: dict[str, Any]) -> Any:
        fn = self.tools[tool]
        for name, default in mutable_defaults(fn).items():
            arguments.setdefault(name, copy.deepcopy(default))
        return fn(state, **arguments)


RELEASE = threading.Event()


def _hang(state: dict) -> None:
    RELEASE.wait(30)
    state["flag"] = True


def _tools() -> dict[str, Any]:
    return {
        "ok": lambda state, x: {"x": x},
        "set_flag": lambda state: state.__setitem__("flag", True),
        "refuse": lambda state: {"error": "not allowed"},
        "refuse_code": lambda state: {"error": 404},
        "boom": lambda state: 1 / 0,
        "opaque": lambda state: object(),
        "hang": _hang,
        "append": _append,
        "exit": lambda state: (_ for _ in ()).throw(SystemExit(3)),
    }


@pytest.fixture(scope="module", autouse=True)
def _release_hung_workers():
    yield
    RELEASE.set()


# --------------------------------------------------------------------------- diffs and paths


def test_diff_views_reports_changed_added_and_removed_leaves_in_sorted_order():
    before = {"b": {"x": 1, "gone": "y"}, "a": [1, 2, 3], "same": {"k": [1]}}
    after = {"b": {"x": 2, "new": {"deep": True}}, "a": [1, 5], "same": {"k": [1]}}
    assert diff_views(before, after) == [
        {"path": "$.a[1]", "before": 2, "after": 5},
        {"path": "$.a[2]", "before": 3},
        {"path": "$.b.gone", "before": "y"},
        {"path": "$.b.new", "after": {"deep": True}},
        {"path": "$.b.x", "before": 1, "after": 2},
    ]


def test_diff_views_empty_when_equal_and_numbers_compare_by_value():
    view = {"a": [1, {"b": None}], "c": "x"}
    assert diff_views(view, copy.deepcopy(view)) == []
    assert diff_views({"n": 25.0}, {"n": 25}) == []
    assert diff_views({"n": 1}, {"n": 2.5}) == [{"path": "$.n", "before": 1, "after": 2.5}]
    assert diff_views({"n": {"a": 1}}, {"n": [1]}) == [{"path": "$.n", "before": {"a": 1}, "after": [1]}]
    assert diff_views({"l": []}, {"l": ["x"]}) == [{"path": "$.l[0]", "after": "x"}]


def test_json_path_child_forms_parse_with_jsonpath_ng():
    assert json_path_child("$", "doorStatus") == "$.doorStatus"
    assert json_path_child("$.a", 3) == "$.a[3]"
    assert json_path_child("$", "file1.txt") == "$['file1.txt']"
    assert json_path_child("$", "12345") == "$['12345']"
    assert json_path_child("$", "where") == "$['where']"
    keys = ["file1.txt", "MA(5)", "12", "it's", "a b", "where", "in", "_x", "id"]
    data = {"root": {k: i for i, k in enumerate(keys)}}
    for i, key in enumerate(keys):
        path = json_path_child(json_path_child("$", "root"), key)
        assert [m.value for m in jsonpath_parse(path).find(data)] == [i], path


def test_diff_paths_locate_the_after_values():
    before = {"fs": {"contents": {}}, "list": [0]}
    after = {"fs": {"contents": {"a.txt": {"content": ""}}}, "list": [0, {"id": 7}]}
    for change in diff_views(before, after):
        assert [m.value for m in jsonpath_parse(change["path"]).find(after)] == [change["after"]]


def test_jsonable_view_handles_objects_cycles_and_opaque_values():
    class Node:
        def __init__(self) -> None:
            self.name = "n"
            self.me = self
            self.lock = threading.Lock()
            self.nums = {3, 1}

    view = jsonable_view({"node": Node(), "inf": float("inf")})
    assert view["node"]["name"] == "n"
    assert view["node"]["me"] == "<cycle>"
    assert view["node"]["lock"].startswith("<_thread.")
    assert view["node"]["nums"] == [1, 3]
    assert view["inf"] == "inf"
    assert jsonable_view({"node": Node()}) == jsonable_view({"node": Node()})  # no memory addresses


def test_mutable_defaults_finds_shared_containers():
    def f(a, tags: list = [], meta: dict = {}, n: int = 0, s: str = ""):  # noqa: B006
        return a

    assert mutable_defaults(f) == {"tags": [], "meta": {}}


# --------------------------------------------------------------------------- calls


def test_success_record_has_arguments_output_and_state_changes():
    rt = DictRuntime(_tools())
    state = rt.fresh()
    rec = rt.call(state, "ok", {"x": [1, 2]})
    assert (rec.status, rec.output, rec.arguments, rec.state_changes, rec.message) == ("success", {"x": [1, 2]}, {"x": [1, 2]}, [], None)
    assert rec.duration_s > 0
    rec = rt.call(state, "set_flag", {})
    assert rec.status == "success" and rec.output is None
    assert rec.state_changes == [{"path": "$.flag", "before": False, "after": True}]
    assert rec.changed_state and rec.to_json()["state_changes"] == rec.state_changes


def test_error_dict_is_rejected_with_its_message():
    rt = DictRuntime(_tools())
    rec = rt.call(rt.fresh(), "refuse", {})
    assert (rec.status, rec.message, rec.output) == ("rejected", "not allowed", {"error": "not allowed"})
    assert rt.call(rt.fresh(), "refuse_code", {}).message == "404"


def test_exception_is_an_error_record_named_by_type():
    rt = DictRuntime(_tools())
    rec = rt.call(rt.fresh(), "boom", {})
    assert rec.status == "error" and rec.message == "ZeroDivisionError: division by zero" and rec.output is None
    rec = rt.call(rt.fresh(), "ok", {"y": 1})  # wrong argument name
    assert rec.status == "error" and rec.message.startswith("TypeError:")
    rec = rt.call(rt.fresh(), "exit", {})
    assert rec.status == "error" and rec.message == "SystemExit: 3"


def test_unserializable_output_is_an_error():
    rt = DictRuntime(_tools())
    rec = rt.call(rt.fresh(), "opaque", {})
    assert rec.status == "error" and rec.message.startswith("unserializable output:")


def test_timeout_is_an_error_and_the_runtime_keeps_working():
    rt = DictRuntime(_tools())
    state = rt.fresh()
    t0 = time.perf_counter()
    rec = rt.call(state, "hang", {}, timeout_s=0.2)
    assert time.perf_counter() - t0 < 5
    assert rec.status == "error" and "timeout" in rec.message and "0.2 s" in rec.message
    assert rec.state_changes == []
    # a fresh worker serves the next call while the abandoned one is still blocked
    assert rt.call(rt.fresh(), "ok", {"x": 1}).status == "success"


@pytest.mark.parametrize("timeout", [None, 0, float("inf")])
def test_disabled_timeout_runs_inline(timeout):
    rt = DictRuntime(_tools(), timeout_s=timeout)
    seen = []
    rt.tools["who"] = lambda state: seen.append(threading.current_thread()) or {}
    rt.catalog = ToolCatalog([ToolSpec(name=n, description=f"tool {n}") for n in rt.tools])
    assert rt.call(rt.fresh(), "who", {}).status == "success"
    assert seen == [threading.current_thread()]


def test_arguments_are_copied_and_mutable_defaults_do_not_leak():
    rt = DictRuntime(_tools())
    values = ["a"]
    state = rt.fresh()
    rec = rt.call(state, "append", {"values": values})
    state["kept"].append("mutated")  # the state holds the tool's own copy of the argument
    assert values == ["a"] and rec.arguments == {"values": ["a"]}
    rec2 = rt.call(rt.fresh(), "append", {"values": ["b"]})
    assert rec2.output["sink"] == ["b"]  # the shared default list did not carry "a" over
    assert _append.__defaults__ == ([],)


def test_unknown_tool_raises_key_error_naming_it():
    rt = DictRuntime(_tools())
    with pytest.raises(KeyError, match="no_such_tool"):
        rt.call(rt.fresh(), "no_such_tool", {})
    with pytest.raises(KeyError, match="no_such_tool"):
        rt.partition_of("no_such_tool")


def test_non_mapping_arguments_are_a_type_error():
    rt = DictRuntime(_tools())
    with pytest.raises(TypeError, match="mapping"):
        rt.call(rt.fresh(), "ok", [1])  # type: ignore[arg-type]


def test_digest_follows_the_view():
    rt = DictRuntime(_tools())
    a, b = rt.fresh(), rt.fresh()
    assert rt.digest(a) == rt.digest(b) and len(rt.digest(a)) == 64
    rt.call(a, "set_flag", {})
    assert rt.digest(a) != rt.digest(b)
    assert rt.partition_of("ok") == ""


def test_both_timeout_modes_stop_a_hanging_tool():
    import threading as _threading
    import time as _time

    from llama_index_libra.runtime.python import PythonRuntime

    def hang(seconds: float, state: dict) -> dict:
        """Sleep for a while."""
        _time.sleep(seconds)
        return {}

    for mode in ("signal", "thread"):
        runtime = PythonRuntime([hang], dict, timeout_s=0.2)
        runtime.timeout_mode = mode
        t0 = _time.perf_counter()
        record = runtime.call(runtime.fresh(), "hang", {"seconds": 3})
        assert record.status == "error" and record.message.startswith("timeout:"), mode
        assert _time.perf_counter() - t0 < 2.0, mode
    # off the main thread, "signal" falls back to a worker thread
    out = {}
    runtime = PythonRuntime([hang], dict, timeout_s=0.2)
    worker = _threading.Thread(target=lambda: out.update(r=runtime.call(runtime.fresh(), "hang", {"seconds": 3})))
    worker.start()
    worker.join(5)
    assert out["r"].message.startswith("timeout:")
