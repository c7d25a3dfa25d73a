"""A build's budget: seconds of wall clock or tool runs, after which induction stops calling tools.

``--budget 60`` (or ``60s``, ``2m``) caps the build's wall clock, ``--budget 5000runs`` the tool
executions. When it is spent, workers refuse further runs (a refused run proves nothing: no test
concludes from it), the master explores no further level and skips the state and ablation tests
it has no budget for, and the build still writes a valid library with the relations found so far;
the report says what was cut (:attr:`.BuildReport.budget_cut`). A run budget is deterministic for
a given executor and worker count; a time budget depends on the machine.

A capped build is an anytime build: it shares what is left between its phases (:func:`phase`), so
that exploration cannot spend it all and leave no state test. Exploration may use
``EXPLORE_SHARE`` of the budget, the state tests ``STATE_SHARE`` of what exploration left (every
provider's first transitions first: :func:`rounds`), path ablation the rest. An uncapped build is
one phase with no limit.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

from llama_index_libra.records import InvocationRecord

__all__ = ["Budget", "parse_budget", "BUDGET_MESSAGE", "EXPLORE_SHARE", "STATE_SHARE", "Phase", "phase", "rounds",
           "is_refused", "refusal", "spent"]

# the shares of a capped build's phases (module docstring): exploration, then the state tests
EXPLORE_SHARE = 0.7
STATE_SHARE = 0.85

BUDGET_MESSAGE = "not run: budget spent"
_REFUSED_PREFIX = "not run: "
_BUDGET_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(s|sec|secs|seconds?|m|min|mins|minutes?|runs?)?\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Budget:
    """At most ``seconds`` of wall clock and/or ``runs`` tool executions (None: no limit)."""

    seconds: float | None = None
    runs: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is not None and not self.seconds > 0:
            raise ValueError(f"budget seconds must be > 0, got {self.seconds!r}")
        if self.runs is not None and self.runs < 1:
            raise ValueError(f"budget runs must be >= 1, got {self.runs!r}")

    @property
    def limited(self) -> bool:
        return self.seconds is not None or self.runs is not None

    def deadline(self, started: float) -> float | None:
        """The ``time.time()`` after which no tool runs (None without a time budget)."""
        return None if self.seconds is None else started + self.seconds

    def describe(self) -> str:
        parts = ([f"{self.seconds:g} s"] if self.seconds is not None else []) + ([f"{self.runs} runs"] if self.runs is not None else [])
        return " and ".join(parts) or "none"


def parse_budget(text: str | int | float | None) -> Budget:
    """``"60"``, ``"60s"``, ``"2m"`` (seconds) or ``"5000runs"`` (tool runs) as a :class:`Budget`;
    ``ValueError`` with the accepted forms for anything else."""
    if text is None:
        return Budget()
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return Budget(seconds=float(text))
    match = _BUDGET_RE.match(str(text))
    if match is None:
        raise ValueError(f"budget {text!r}: expected SECONDS (60, 60s, 2m) or RUNS (5000runs)")
    number, unit = float(match.group(1)), (match.group(2) or "s").lower()
    if unit.startswith("run"):
        if number != int(number):
            raise ValueError(f"budget {text!r}: a run count is a whole number")
        return Budget(runs=int(number))
    return Budget(seconds=number * (60.0 if unit.startswith("m") else 1.0))


@dataclass(frozen=True)
class Phase:
    """What one phase of a build may spend: its deadline and the build's run count it stops at
    (None: no limit)."""

    deadline: float | None = None
    runs_until: int | None = None


def phase(deadline: float | None, runs_limit: int | None, runs_done: int, share: float,
          now: float | None = None) -> Phase:
    """The phase that may spend ``share`` of what is left of a budget (the build's ``deadline`` and
    ``runs_limit``, ``runs_done`` spent so far); an uncapped build's phases have no limit."""
    if not 0.0 < share <= 1.0:
        raise ValueError(f"a phase's share is in (0, 1], got {share!r}")
    now = time.time() if now is None else now
    until = None if deadline is None else min(deadline, now + share * max(0.0, deadline - now))
    runs = None if runs_limit is None else runs_done + int(share * max(0, runs_limit - runs_done))
    return Phase(until, runs)


def rounds(jobs: list[list[Any]]) -> list[list[list[Any]]]:
    """``jobs`` (each a list of steps) cut into rounds: every job's first step, its second, its next
    two, four, ... Run round by round, a budget that runs out leaves every job begun, not the first
    jobs done and the last untouched. Empty slices are dropped; concatenating a job's slices gives
    the job back."""
    out: list[list[list[Any]]] = []
    start, size = 0, 1
    longest = max((len(j) for j in jobs), default=0)
    while start < longest:
        out.append([j[start:start + size] for j in jobs if j[start:start + size]])
        start += size
        size = size if start < 2 else size * 2
    return out


def spent(deadline: float | None) -> bool:
    """Whether the wall-clock deadline has passed."""
    return deadline is not None and time.time() >= deadline


def refusal(tool: str, args: dict[str, Any], why: str = BUDGET_MESSAGE) -> InvocationRecord:
    """The record of a run the budget refused (never executed)."""
    return InvocationRecord(tool=tool, status="error", arguments=args, message=why)


def is_refused(record: InvocationRecord) -> bool:
    """Whether ``record`` is a run that never executed (budget or ``max_runs``): it proves nothing."""
    return record.status == "error" and (record.message or "").startswith(_REFUSED_PREFIX)
