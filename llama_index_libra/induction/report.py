"""The build report: run-dependent figures of one induction (Table 5), kept out of the library file.

Workers tally their runs in a :class:`RunTally`; the master adds each tally into the one
:class:`BuildReport`, which *is* a run tally with the build-wide figures added (one record, so a
counter is declared once and merged by :meth:`RunTally.add`, never copied field by field).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from llama_index_libra._io import atomic_write_json

__all__ = ["RunTally", "BuildReport"]


@dataclass
class RunTally:
    """What running calls costs and cuts, counted where the calls run (a worker's batch)."""

    runs: int = 0
    memo_hits: int = 0
    log_hits: int = 0
    errors: int = 0
    timeouts: int = 0
    runs_cut_budget: int = 0
    runs_cut_blamed: int = 0  # calls not run: a refusal in the same state blamed values they repeat (blame.Blame)
    # state tests not run after a transition: refused before it for values it neither made nor acted on (gates.py)
    state_runs_cut_untouched: int = 0
    states_cut_depth: int = 0
    contracts_revised: int = 0
    repair_successes: int = 0  # refused calls that succeeded in a child state their refusal pointed to (repairs.py)
    repair_passes: int = 0  # refused calls let past that refusal in such a child and refused there for something else
    execution_s: float = 0.0
    failures: dict[str, str] = field(default_factory=dict)  # tool -> first error message
    # executed runs by what they were for: "explore" (bindings of a template), "variant" (other
    # documented values of a literal), "control" (provenance controls), "state" (state tests),
    # "replay" (path ablation), "repair" (refused calls rerun in child states, repairs.py)
    runs_by_purpose: dict[str, int] = field(default_factory=dict)

    def add(self, other: "RunTally") -> None:
        """Add ``other``'s counts into this tally (first failure message per tool kept)."""
        for f in fields(RunTally):
            if f.name == "failures":
                for tool, message in other.failures.items():
                    self.failures.setdefault(tool, message)
            elif f.name == "runs_by_purpose":
                for purpose, n in other.runs_by_purpose.items():
                    self.runs_by_purpose[purpose] = self.runs_by_purpose.get(purpose, 0) + n
            else:
                setattr(self, f.name, getattr(self, f.name) + getattr(other, f.name))


@dataclass
class BuildReport(RunTally):
    """Run-dependent build figures (Table 5); kept out of the deterministic library file."""

    tools: int = 0
    candidates: int = 0
    relations: dict[str, int] = field(default_factory=dict)
    executor: str = "serial"
    workers: int = 1
    states_explored: int = 0
    value_states: int = 0
    goal_states: int = 0
    gathered_states: int = 0  # states where one state's successes were applied together (gathering.py)
    repair_states: int = 0  # child states explored in full because a refused call succeeds or gets past its refusal there (repairs.py)
    max_path: int = 0
    transitions: int = 0
    states_cut_budget: int = 0
    state_tests_cut: int = 0  # transitions not state-tested: the same call, or a write in the same context, tested enough
    duplicate_states: int = 0
    pool_restarts: int = 0  # process pools restarted after a worker died (their unfinished chunks ran again)
    llm_calls: int = 0
    cache_hits: int = 0
    llm_s: float = 0.0
    wall_s: float = 0.0
    tests_s: float = 0.0
    tools_succeeded: int = 0
    relations_pruned: int = 0
    never_succeeded: dict[str, dict[str, Any]] = field(default_factory=dict)
    causes: dict[str, int] = field(default_factory=dict)  # never-succeeded tools per cause class (causes.py)
    budget: str = "none"  # the build's budget (budget.py): "60 s", "5000 runs"
    # work the budget cut: "states" not explored, "state_tests" (transitions) and "ablations" (paths) not run
    budget_cut: dict[str, int] = field(default_factory=dict)

    @property
    def s_per_1000_candidates(self) -> float:
        """Induction time per 1,000 candidates, without the time spent waiting for LLM replies (``llm_s``)."""
        return 1000.0 * max(self.wall_s - self.llm_s, 0.0) / self.candidates if self.candidates else float("nan")

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["s_per_1000_candidates"] = self.s_per_1000_candidates
        return out

    def write(self, path: str | Path) -> Path:
        return atomic_write_json(path, self.to_json(), indent=1)

    def summary(self, *, details: int = 20) -> str:
        """Figures in a few lines, then (up to ``details``) tools that never succeeded and why."""
        rel = ", ".join(f"{k} {v}" for k, v in self.relations.items())
        lines = [
            f"tools {self.tools} | succeeded {self.tools_succeeded}/{self.tools} | candidate compositions "
            f"{self.candidates} | relations: {rel}",
            f"runs {self.runs} (memo hits {self.memo_hits}, log hits {self.log_hits}, errors {self.errors}, "
            f"timeouts {self.timeouts}) | executor {self.executor} x{self.workers}"
            f"{f' (pool restarted {self.pool_restarts}x)' if self.pool_restarts else ''} | "
            f"states explored {self.states_explored} (goal-directed past max_depth {self.goal_states}, gathered {self.gathered_states}, "
            f"repair {self.repair_states} (refused calls that succeeded there {self.repair_successes}, got past {self.repair_passes}), "
            f"value-only {self.value_states}, longest path {self.max_path}), transitions {self.transitions}",
            "runs by purpose: " + (", ".join(f"{k} {v}" for k, v in sorted(self.runs_by_purpose.items())) or "none"),
            f"cut by bounds: states beyond the depth bounds {self.states_cut_depth}, states over max_states "
            f"{self.states_cut_budget}, runs refused (max_runs or budget) {self.runs_cut_budget}, repeated writes not "
            f"state-tested {self.state_tests_cut}",
            f"wall clock {self.wall_s:.2f} s{f' (LLM {self.llm_s:.2f} s)' if self.llm_s else ''} | "
            f"{self.s_per_1000_candidates:.3f} s per 1,000 candidates{' (LLM time excluded)' if self.llm_s else ''}",
        ]
        if self.budget != "none":
            cut = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in sorted(self.budget_cut.items()))
            lines.append(f"budget {self.budget}: " + (f"spent; not done: {cut}, runs refused {self.runs_cut_budget} "
                                                      f"(the library holds what was found before)" if cut or self.runs_cut_budget
                                                      else "not reached"))
        if self.never_succeeded:
            by_cause = ", ".join(f"{c} {n}" for c, n in sorted(self.causes.items(), key=lambda kv: (-kv[1], kv[0])))
            lines.append(f"never succeeded ({len(self.never_succeeded)}; {by_cause}): their prerequisites cannot be found")
            for tool, info in list(self.never_succeeded.items())[:details]:
                errors = "; ".join(f"{m} (x{n})" for m, n in info.get("errors", [])[:2]) or "never run (no binding)"
                cause = info.get("cause")
                lines.append(f"  {tool} [{cause}]: {info.get('runs', 0)} runs; {errors}" if cause else
                             f"  {tool}: {info.get('runs', 0)} runs; {errors}")
                if cause and info.get("hint"):
                    lines.append(f"      -> {info['hint']}")
            if len(self.never_succeeded) > details:
                lines.append(f"  ... and {len(self.never_succeeded) - details} more (see the report JSON)")
        return "\n".join(lines)
