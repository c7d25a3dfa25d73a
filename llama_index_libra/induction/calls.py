"""Running calls during induction: memo, run log, outcome classification, tallies and evidence.

Every run restores its state from a snapshot (``Runtime.execute``), so a record never depends on
which calls ran before it in the same worker. Runs are memoized by (state digest, tool,
arguments) and, with a run log, served from it by content hash (``runlog.py``).
"""

from __future__ import annotations

import time
from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.induction.budget import is_refused, refusal, spent
from llama_index_libra.induction.report import RunTally
from llama_index_libra.records import InvocationRecord

__all__ = ["CallRunner", "log_for", "close_logs", "whole_number_inputs", "as_declared"]

_LOGS: dict[str, Any] = {}


def log_for(folder: str | None) -> Any:
    """The run log of ``folder`` (one per process), or None without a log folder."""
    if folder is None:
        return None
    log = _LOGS.get(folder)
    if log is None:
        from llama_index_libra.induction.runlog import RunLog

        log = _LOGS[folder] = RunLog(folder)
    return log


def close_logs(folder: str | None) -> None:
    """Close this process's run log of ``folder`` (its lines are flushed as they are written)."""
    if folder is not None and folder in _LOGS:
        _LOGS[folder].close()


def _declares_integer(schema: Any) -> bool:
    """Whether an input's schema takes whole numbers and no other numbers (``int``, ``Optional[int]``)."""
    if not isinstance(schema, Mapping):
        return False
    t = schema.get("type")
    types = {t} if isinstance(t, str) else set(t) if isinstance(t, list) else set()
    for key in ("anyOf", "oneOf"):
        for branch in schema.get(key) or ():
            if isinstance(branch, Mapping) and isinstance(branch.get("type"), str):
                types.add(branch["type"])
    return "integer" in types and "number" not in types


def whole_number_inputs(parameters: Any) -> frozenset[str]:
    """The top-level inputs of a tool's parameter schema that take whole numbers only."""
    props = (parameters or {}).get("properties") if isinstance(parameters, Mapping) else None
    if not isinstance(props, Mapping):
        return frozenset()
    return frozenset(name for name, schema in props.items() if _declares_integer(schema))


def as_declared(args: Mapping[str, Any], whole: frozenset[str]) -> dict[str, Any]:
    """``args`` with a whole-number float (``12.0``, read from a reply's ``depth`` or a sampled literal)
    passed as an ``int`` where the input takes whole numbers: JSON Schema's ``integer`` admits ``12.0``,
    but an agent sends ``12``, and tools that check ``isinstance(x, int)`` refuse the float."""
    out = dict(args)
    for name in whole & out.keys():
        v = out[name]
        if isinstance(v, float) and v.is_integer() and abs(v) < 2 ** 53:
            out[name] = int(v)
    return out


class CallRunner:
    """Runs tools in saved states for one worker batch, against the worker's contracts.

    Keeps what the worker learns from its calls: the tally (:class:`RunTally`), the tools that
    succeeded, records that matched neither outcome schema (for revisions) and per-tool attempts
    (runs, error messages, a few argument sets tried) for the build report.
    """

    def __init__(self, ctx: Any, contracts: Mapping[str, Any], runs_allowed: int | None = None,
                 deadline: float | None = None) -> None:
        self.ctx = ctx
        # the build's budget: no run after ctx.deadline nor the phase's ``deadline``, at most
        # runs_allowed executions here
        ends = [d for d in (getattr(ctx, "deadline", None), deadline) if d is not None]
        self.deadline: float | None = min(ends) if ends else None
        self.runs_allowed = runs_allowed
        self.runtime = ctx.runtime
        self.config = ctx.config
        self.contracts = contracts
        self.log = log_for(ctx.log_dir)
        self.tally = RunTally()
        self.memo: dict[tuple[str, str, str], tuple[InvocationRecord, tuple[str, Any] | None]] = {}
        self.fingerprints: dict[str, str] = {}
        self._default_outcomes: dict[str, bool] = {}
        self.succeeded: set[str] = set()
        self.unmatched: dict[str, InvocationRecord] = {}
        self.attempts: dict[str, dict[str, Any]] = {}
        self._whole: dict[str, frozenset[str]] = {}  # tool -> inputs that take whole numbers only

    # ---- running
    def _fingerprint(self, tool: str) -> str:
        fp = self.fingerprints.get(tool)
        if fp is None:
            from llama_index_libra.induction.runlog import tool_fingerprint

            fp = self.fingerprints[tool] = tool_fingerprint(self.ctx.catalog.get(tool), self.runtime, timeout_s=self.config.timeout_s)
        return fp

    def run(self, node: Any, tool: str, args: dict[str, Any], purpose: str = "explore") -> tuple[InvocationRecord, tuple[str, Any] | None]:
        """Run ``tool`` in ``node``'s state (restored fresh for every run); memoized and logged. A
        whole-number float goes to an integer input as an ``int`` (:func:`as_declared`)."""
        whole = self._whole.get(tool)
        if whole is None:
            catalog = getattr(self.ctx, "catalog", None)
            try:
                spec = catalog.get(tool) if catalog is not None else None
            except KeyError:  # not a catalog tool (the run is refused by the runtime, as before)
                spec = None
            whole = self._whole[tool] = whole_number_inputs(getattr(spec, "parameters", None))
        if whole:
            args = as_declared(args, whole)
        key = (node.digest, tool, canonical_json(args))
        hit = self.memo.get(key)
        if hit is not None:
            self.tally.memo_hits += 1
            return hit
        log_key = None
        if self.log is not None:
            from llama_index_libra.induction.runlog import run_key

            log_key = run_key(self.ctx.runtime_key, node.digest, self._fingerprint(tool), args)
            logged = self.log.get(log_key)
            if logged is not None and not logged[1]:
                self.tally.log_hits += 1
                self.memo[key] = (logged[0], None)
                return logged[0], None
        refused = self.refuse(tool, args)
        if refused is not None:
            return refused, None
        t0 = time.perf_counter()
        # restore, call, snapshot: one boundary (runtime.execute) that a crash or hang cannot cross
        record, child = self.runtime.execute(node.snap, tool, args, timeout_s=self.config.timeout_s)
        self.tally.execution_s += time.perf_counter() - t0
        self.tally.runs += 1
        self.tally.runs_by_purpose[purpose] = self.tally.runs_by_purpose.get(purpose, 0) + 1
        if record.status == "error":
            self.tally.errors += 1
            if record.message and record.message.startswith("timeout:"):
                self.tally.timeouts += 1
            self.tally.failures.setdefault(tool, record.message or "error")
        if log_key is not None:
            self.log.append(log_key, record, bool(record.state_changes))
        self.memo[key] = (record, child)
        return record, child

    def refuse(self, tool: str, args: Mapping[str, Any]) -> InvocationRecord | None:
        """The refusal of a run past ``max_runs`` or the build's budget (counted), else None."""
        if self.tally.runs >= self.config.max_runs:
            self.tally.runs_cut_budget += 1
            return refusal(tool, dict(args), "not run: max_runs reached")
        if (self.runs_allowed is not None and self.tally.runs >= self.runs_allowed) or spent(self.deadline):
            self.tally.runs_cut_budget += 1
            return refusal(tool, dict(args))
        return None

    def step(self, snap: Any, tool: str, args: Mapping[str, Any]) -> tuple[InvocationRecord, Any]:
        """One unmemoized call from ``snap`` (path replays); the record and the state after it."""
        refused = self.refuse(tool, args)
        if refused is not None:
            return refused, snap
        record, child = self.runtime.execute(snap, tool, args, timeout_s=self.config.timeout_s)
        self.tally.runs += 1
        self.tally.runs_by_purpose["replay"] = self.tally.runs_by_purpose.get("replay", 0) + 1
        return record, (child[1] if child is not None else snap)

    # ---- outcomes
    def classify(self, tool: str, record: InvocationRecord) -> str | None:
        """``"success"`` or ``"failure"`` under the tool's contract (its outcome schemas); None for
        a run the budget refused."""
        if is_refused(record):
            return None  # never ran (budget): neither outcome, no test concludes from it
        contract = self.contracts[tool]
        default = self._default_outcomes.get(tool)
        if default is None:
            from llama_index_libra.contracts.model import DEFAULT_FAILURE_SCHEMA, DEFAULT_SUCCESS_SCHEMA

            default = self._default_outcomes[tool] = contract.success == DEFAULT_SUCCESS_SCHEMA and contract.failure == DEFAULT_FAILURE_SCHEMA
        if default:  # the standard status-only outcomes: no schema validation needed
            outcome = "success" if record.status == "success" else "failure"
        else:
            outcome = contract.classify(record)
        if outcome is None and self.ctx.collect_feedback:
            # Algorithm 1, line 13: a record that matches neither outcome schema is feedback for a
            # revision; the master asks the proposer between levels (one budget, one order)
            self.unmatched.setdefault(tool, record)
        if outcome is None:  # neither schema: fall back on the normalized status
            outcome = "success" if record.status == "success" else "failure"
        if outcome == "success":
            self.succeeded.add(tool)
        return outcome

    def note_attempt(self, tool: str, template: Any, args: dict[str, Any], record: InvocationRecord, outcome: str | None) -> None:
        """Per-tool tallies for the build report: runs, error messages, a few argument sets tried."""
        entry = self.attempts.setdefault(tool, {"runs": 0, "errors": {}, "tried": []})
        entry["runs"] += 1
        if outcome != "success":
            message = (record.message or record.status or "failure")[:160]
            entry["errors"][message] = entry["errors"].get(message, 0) + 1
            if len(entry["tried"]) < 3:
                text = canonical_json({"template": template.id, "arguments": args})[:240]
                if text not in entry["tried"]:
                    entry["tried"].append(text)

    # ---- evidence
    def trim(self, record: InvocationRecord) -> dict[str, Any]:
        """The record as evidence, long outputs and state changes cut at ``evidence_chars``."""
        ev = record.to_evidence()
        for key in ("output", "state_changes"):
            text = canonical_json(ev.get(key))
            if len(text) > self.config.evidence_chars:
                ev[key] = text[: self.config.evidence_chars] + "...[truncated]"
        return ev

    @staticmethod
    def call_json(tool: str, args: Mapping[str, Any]) -> dict[str, Any]:
        return {"tool": tool, "arguments": dict(args)}
