"""Input scans carried forward: a list scanned as it grows, and the after-states of one parent that
reuse the scan of the parent's pool even when their lists were shipped apart (tagged prefixes).
Either way a binder offers exactly what a fresh binder would."""

from __future__ import annotations

import copy
from types import SimpleNamespace

from hypothesis import given, settings, strategies as st

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction.bindings import Binder, FieldSimilarity, prefix_tag
from llama_index_libra.induction.engine import InductionConfig
from llama_index_libra.induction.worker_caches import release_worker_caches, worker_entries
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value

_FLAGS = ({}, {"diverse": True}, {"unaligned": True}, {"aligned_only": True, "limit": 2}, {"phrases": True})


def _spec() -> ToolSpec:
    schema = {"type": "object", "properties": {
        "seat_id": {"type": "string", "description": "the seat to hold, such as 'A-12'"}}}
    return ToolSpec(name="hold", description="Hold a seat.", parameters=schema)


def _value(provider: str, export: str, v: object, credit: bool, n: int) -> Value:
    path = f"$.arguments.{export}" if n % 3 == 0 else f"$.output[{n}].{export}"
    return Value(provider, export, path, v, f"{provider}\x00{export}\x00{canonical_json(v)}", credit=credit)


_ROWS = st.lists(st.tuples(st.sampled_from(["lister", "finder", FIXTURE_PROVIDER, "hold"]),
                           st.sampled_from(["seat_id", "seat", "name", "count", "row"]),
                           st.sampled_from(["Ann Lee", "Bo Chan", "3", "x"] + [f"{r}-{n}" for r in "AB" for n in range(12)]),
                           st.booleans()), max_size=6)


def _pool(rows: list[tuple], start: int = 0) -> list[Value]:
    return [_value(p, e, v, c, start + i) for i, (p, e, v, c) in enumerate(rows)]


def _ctx() -> SimpleNamespace:
    return SimpleNamespace(config=InductionConfig(), binding_sims={})


def _asks(binder: Binder, pool: list[Value]) -> list[list[Value]]:
    return [binder.candidates_for(_spec(), "seat_id", pool, **flags) for flags in _FLAGS]


@settings(max_examples=60, deadline=None)
@given(st.lists(_ROWS, min_size=1, max_size=12))
def test_a_growing_pool_ranks_like_a_fresh_binder(steps) -> None:
    """Asked after every growth of one list (each scan reads only the new values), the binder
    offers what a binder that scans the list once offers."""
    binder = Binder(_ctx(), FieldSimilarity({}))
    pool: list[Value] = []
    for rows in steps:
        pool.extend(_pool(rows, len(pool)))
        assert _asks(binder, pool) == _asks(Binder(_ctx(), FieldSimilarity({})), list(pool))


@settings(max_examples=60, deadline=None)
@given(_ROWS, st.lists(_ROWS, min_size=1, max_size=4))
def test_after_states_of_one_parent_share_its_scan(parent, children) -> None:
    """Lists that hold equal copies of the parent's pool (unpickled apart) and the same tag take the
    parent's scan from the first of them, with the candidates of a fresh binder."""
    binder = Binder(_ctx(), FieldSimilarity({}))
    prefix = _pool(parent)
    for rows in children:
        pool = copy.deepcopy(prefix) + _pool(rows, len(prefix))
        binder.share_prefix(pool, len(prefix), prefix_tag("parent-digest", pool[:len(prefix)]))
        assert _asks(binder, pool) == _asks(Binder(_ctx(), FieldSimilarity({})), pool)
        # another list scanned meanwhile (a transition's fresh values) takes no prefix of the tagged pool
        short = copy.deepcopy(pool)[::-1]
        assert _asks(binder, short) == _asks(Binder(_ctx(), FieldSimilarity({})), short)
        binder.share_prefix(None, 0)


def test_a_value_read_again_with_its_new_status_changes_the_tag() -> None:
    """A child re-reads a known value with new words beside it in place (``ValuePool.add``): its
    copy of the parent's pool is no longer the parent's, and the tag says so."""
    prefix = _pool([("lister", "seat_id", "A-1", True), ("lister", "seat_id", "A-2", True)])
    moved = list(prefix)
    moved[0] = moved[0]._replace(context=("held",))
    assert prefix_tag("p", prefix) == prefix_tag("p", copy.deepcopy(prefix))
    assert prefix_tag("p", prefix) != prefix_tag("p", moved)


def test_a_tagged_list_whose_prefix_differs_is_scanned_anew() -> None:
    """The tag is checked against the prefix's last value: a list that does not end its prefix the
    same way gets a scan of its own, not the checkpoint."""
    binder = Binder(_ctx(), FieldSimilarity({}))
    first = _pool([("lister", "seat_id", "A-1", True), ("lister", "seat_id", "A-2", True)])
    binder.share_prefix(first, 2, "p")
    assert [v.value for v in binder.candidates_for(_spec(), "seat_id", first)] == ["A-1", "A-2"]
    other = _pool([("lister", "seat_id", "B-7", True), ("lister", "seat_id", "x", True)])
    binder.share_prefix(other, 2, "p")
    assert [v.value for v in binder.candidates_for(_spec(), "seat_id", other)] == ["B-7", "x"]


def test_worker_entries_follow_the_context_and_the_alignment_version() -> None:
    """One dict per (context, count of extra alignments): chunks of one level share it; a level that
    embedded new names, or another build's context, starts a new one."""
    ctx, other = SimpleNamespace(), SimpleNamespace()
    extra = {("a", "b"): 0.5}
    first = worker_entries(ctx, extra)
    first[("hold", "seat_id")] = {"k": ("v", 1, 0.5)}
    assert worker_entries(ctx, dict(extra)) is first
    extra[("c", "d")] = 0.1
    assert worker_entries(ctx, extra) is not first and worker_entries(ctx, extra) == {}
    assert worker_entries(other, extra) is not worker_entries(ctx, extra)
    current = worker_entries(ctx, extra)
    current[("hold", "seat_id")] = {"k": ("v", 1, 0.5)}
    release_worker_caches()  # a serial build ends: nothing of it stays in this process
    assert worker_entries(ctx, extra) is not current and worker_entries(ctx, extra) == {}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), _ROWS), min_size=1, max_size=12))
def test_lists_asked_in_turn_keep_their_scans(steps) -> None:
    """Several lists asked for in turn (a state test's after-pool, then the transition's values, then
    the pool again), each growing meanwhile: the binder keeps each list's scan and still offers
    what a fresh binder offers."""
    binder = Binder(_ctx(), FieldSimilarity({}))
    lists: list[list[Value]] = [[], [], []]
    for which, rows in steps:
        pool = lists[which]
        pool.extend(_pool(rows, len(pool)))
        assert _asks(binder, pool) == _asks(Binder(_ctx(), FieldSimilarity({})), list(pool))


def _unaligned_spec() -> ToolSpec:
    """An input no export aligns with and no example shapes: any value that fits may stand in."""
    schema = {"type": "object", "properties": {"memo": {"type": "string"}}}
    return ToolSpec(name="annotate", description="Annotate.", parameters=schema)


@settings(max_examples=80, deadline=None)
@given(st.lists(_ROWS, min_size=1, max_size=6), st.booleans(), st.booleans())
def test_the_best_candidate_is_the_first_of_the_ranking(steps, ranked_first, aligned) -> None:
    """``best_candidate`` (a state test binds each input once) is the first value the full ranking
    offers, whether that ranking was asked for before or not, as the list grows."""
    spec, name = (_spec(), "seat_id") if aligned else (_unaligned_spec(), "memo")
    binder = Binder(_ctx(), FieldSimilarity({}))
    pool: list[Value] = []
    for rows in steps:
        pool.extend(_pool(rows, len(pool)))
        if ranked_first:
            binder.candidates_for(spec, name, pool, diverse=True)
        full = Binder(_ctx(), FieldSimilarity({})).candidates_for(spec, name, list(pool), diverse=True)
        best = binder.best_candidate(spec, name, pool)
        assert (best is None and not full) or best == full[0]
