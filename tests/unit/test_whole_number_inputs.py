"""Whole-number floats reach integer inputs as ``int`` (``induction/calls.py``): JSON Schema's ``integer``
admits ``12.0`` (a hole depth read from a reply, a sampled literal), but an agent sends ``12`` and a tool that
checks ``isinstance(x, int)`` refuses the float; every run goes through :class:`CallRunner.run`."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Optional

from hypothesis import given, strategies as st

from llama_index_libra.induction.calls import CallRunner, as_declared, whole_number_inputs
from llama_index_libra.induction.engine import InductionConfig
from llama_index_libra.runtime.python import PythonRuntime


class State:
    def __init__(self) -> None:
        self.drilled: list[int] = []


def drill(state: State, holes: int, depth_m: float, spare: Optional[int] = None) -> str:
    """Drill holes.

    Args:
        holes: How many holes.
        depth_m: How deep, in metres.
        spare: Spare holes, if any.
    """
    if not isinstance(holes, int) or (spare is not None and not isinstance(spare, int)):
        return "Error: holes is a whole number"
    state.drilled.append(holes)
    return f"drilled {holes} to {depth_m!r}"


def test_whole_number_inputs_reads_int_and_optional_int_not_number() -> None:
    params = {"properties": {"a": {"type": "integer"}, "b": {"type": "number"},
                             "c": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                             "d": {"type": ["integer", "null"]}, "e": {"type": ["integer", "number"]},
                             "f": {"type": "string"}}}
    assert whole_number_inputs(params) == frozenset({"a", "c", "d"})
    assert whole_number_inputs(None) == frozenset() and whole_number_inputs({"properties": []}) == frozenset()


@given(st.dictionaries(st.sampled_from(["a", "b"]), st.one_of(st.floats(allow_nan=False), st.integers(), st.booleans(),
                                                             st.text(max_size=3), st.none())))
def test_as_declared_changes_only_whole_floats_of_integer_inputs(args: dict) -> None:
    out = as_declared(args, frozenset({"a"}))
    assert out.keys() == args.keys()
    assert out.get("b", None) is args.get("b", None)
    if "a" in args:
        v = args["a"]
        if isinstance(v, float) and v.is_integer() and abs(v) < 2 ** 53:
            assert type(out["a"]) is int and out["a"] == v
        else:
            assert out["a"] is v


def test_a_run_passes_whole_floats_as_int_and_memoizes_them_as_one_call() -> None:
    runtime = PythonRuntime([drill], State)
    ctx = SimpleNamespace(runtime=runtime, config=InductionConfig(), catalog=runtime.catalog, log_dir=None,
                          runtime_key="test")
    calls = CallRunner(ctx, {})
    node = SimpleNamespace(digest="fresh", snap=runtime.fresh())
    record, _ = calls.run(node, "drill", {"holes": 12.0, "depth_m": 15.0, "spare": 2.0})
    assert record.status == "success", record.message
    assert record.arguments == {"holes": 12, "depth_m": 15.0, "spare": 2}
    assert type(record.arguments["depth_m"]) is float  # a number input keeps its float
    again, _ = calls.run(node, "drill", {"holes": 12, "depth_m": 15.0, "spare": 2})
    assert again is record and calls.tally.runs == 1 and calls.tally.memo_hits == 1
    refused, _ = calls.run(node, "drill", {"holes": 12.5, "depth_m": 15.0})
    assert refused.status != "success"  # a fraction is passed as it is, and refused
