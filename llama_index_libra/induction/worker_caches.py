"""What a worker process keeps from one chunk of a build to the next (the executor's workers
live for the whole build): the binder's per-value entries, and in a capped build's state tests
the runs of earlier rounds. Each is tied to the build's context object and forgotten with it;
a serial build, whose "worker" is the master, forgets them when it ends (:func:`release_worker_caches`).
"""

from __future__ import annotations

from typing import Any, Mapping

from llama_index_libra.induction.candidates import ENTRIES_KEPT

__all__ = ["MEMO_KEPT", "release_worker_caches", "worker_entries", "worker_memo"]

# per worker process: the binder's per-value entries (:meth:`Binder._entry`), kept from chunk to chunk
# while the build's context and field alignments stay the same. The master's extra alignments only
# grow (names embedded after a level), so their count tells one version from the next.
_ENTRIES: list[tuple[Any, int, dict]] = []


def worker_entries(ctx: Any, extra_sims: Mapping | None) -> dict:
    """The per-value entries every chunk of this worker shares for ``ctx`` and this version of
    ``extra_sims``: each chunk's binders would otherwise work out again the fit and alignment of the
    values every state carries (the fixtures, the fresh state's reads)."""
    version = len(extra_sims or ())
    if _ENTRIES and _ENTRIES[0][0] is ctx and _ENTRIES[0][1] == version:
        entries = _ENTRIES[0][2]
        if sum(len(m) for m in entries.values()) >= ENTRIES_KEPT:
            entries.clear()  # (a chunk's own binders clear it only when they add an input)
        return entries
    entries: dict = {}
    _ENTRIES[:] = [(ctx, version, entries)]
    return entries


# per worker process, in a capped build's state tests (run in rounds: budget.rounds): the runs of
# its earlier rounds, which a later round's tests of other transitions from the same states repeat
_MEMO: list[tuple[Any, dict]] = []
MEMO_KEPT = 50_000  # runs remembered at most (then forgotten at once, as the entries are)


def worker_memo(ctx: Any) -> dict:
    """The runs this worker made in ``ctx``'s state tests so far (:attr:`.CallRunner.memo`)."""
    if _MEMO and _MEMO[0][0] is ctx:
        memo = _MEMO[0][1]
        if len(memo) >= MEMO_KEPT:
            memo.clear()
        return memo
    memo: dict = {}
    _MEMO[:] = [(ctx, memo)]
    return memo


def release_worker_caches() -> None:
    """Forget this process's entries and runs (a build that explored in this process, serially, has ended)."""
    _ENTRIES.clear()
    _MEMO.clear()
