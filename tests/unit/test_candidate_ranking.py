"""CandidateRanking works out the aligned entries of an input and the others apart, each only when a
ranking asks for it (most ask for the aligned ones alone): every ranking must be what one sort of
every entry gives, the way the engine ranked before (the reference below), for every flag."""

from __future__ import annotations

from operator import itemgetter
from types import SimpleNamespace

from hypothesis import given, settings, strategies as st

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction.bindings import Binder, FieldSimilarity
from llama_index_libra.induction import candidates
from llama_index_libra.induction.candidates import PHRASE, SHAPE_BONUS, by_export, is_phrase
from llama_index_libra.induction.engine import InductionConfig
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, shown

_FLAGS = ({}, {"diverse": True}, {"unaligned": True}, {"aligned_only": True, "limit": 2}, {"phrases": True},
          {"limit": 1}, {"diverse": True, "limit": 3}, {"phrases": True, "limit": 2})


def _spec() -> ToolSpec:
    schema = {"type": "object", "properties": {
        "seat_id": {"type": "string", "description": "the seat to hold, such as 'A-12'"}}}
    return ToolSpec(name="find_seat", description="Find a seat.", parameters=schema)


def _reference(binder: Binder, scan, name: str, *, aligned_only: bool = False, limit: int | None = None,
               diverse: bool = False, unaligned: bool = False, phrases: bool = False) -> list[Value]:
    """Every entry decorated and sorted once, then read per flag (the engine's ranking of rounds 33-43)."""
    tau, n_default = binder.config.tau, binder.config.bindings_per_input
    order = sorted(((-(e[0] + SHAPE_BONUS * e[4]), k in scan.handed, e[1], e) for k, e in scan.best.items()),
                   key=itemgetter(0, 1, 2))
    ranked = [o[3] for o in order]
    handed_ids = {id(o[3]) for o in order if o[1]}
    aligned = [e for e in ranked if e[0] > tau or e[4]]
    if phrases:
        about = binder.about_owner(scan.spec, [e[2] for e in ranked])
        words = sorted((e for e in ranked if isinstance(e[2].value, str) and PHRASE.search(e[2].value)),
                       key=lambda e: (not about[e[2].export], id(e) not in handed_ids, e[1]))
        return by_export([e[2] for e in words])[: limit or n_default]
    if unaligned:
        rest = [e[2] for e in ranked if not (e[0] > tau or e[4])]
        rest.sort(key=lambda v: not shown(v))
        return by_export(rest)[: limit or n_default]
    if aligned:
        ranked = aligned
    elif aligned_only:
        return []
    else:
        ranked = ranked[: max(1, n_default // 2)]
    n = limit or n_default
    if diverse:
        entries = {id(e[2]): e for e in ranked}
        ranked = [entries[id(v)] for v in by_export([e[2] for e in ranked])]
    out = ranked[:n]
    if n > 1 and handed_ids and not any(id(e) in handed_ids for e in out):
        first = next((e for e in ranked[n:] if id(e) in handed_ids), None)
        last = next((i for i in range(len(out) - 1, 0, -1) if out[i][2].export != name), None)
        if first is not None and last is not None:
            out = out[:last] + out[last + 1:] + [first]
    return [e[2] for e in out]


_ROWS = st.lists(st.tuples(st.sampled_from(["lister", "finder", FIXTURE_PROVIDER]),
                           st.sampled_from(["seat_id", "seat", "name", "count", "row", "seat_label"]),
                           st.sampled_from(["Ann Lee", "Bo Chan", "Stalls Row C", "3", "x"]
                                           + [f"{r}-{n}" for r in "AB" for n in range(8)]),
                           st.booleans(), st.booleans()), min_size=1, max_size=30)


@settings(max_examples=120, deadline=None)
@given(_ROWS, st.sampled_from([0.2, 0.5, 0.9]))
def test_every_ranking_is_one_sort_of_every_entry(rows, tau) -> None:
    pool = [Value(p, e, f"$.arguments.{e}" if arg else f"$.output[{i}].{e}", v,
                  f"{p}\x00{e}\x00{canonical_json(v)}", credit=c)
            for i, (p, e, v, c, arg) in enumerate(rows)]
    ctx = SimpleNamespace(config=InductionConfig(tau=tau), binding_sims={})
    for flags in _FLAGS:
        binder = Binder(ctx, FieldSimilarity({}))
        got = binder.candidates_for(_spec(), "seat_id", pool, **flags)
        scan = binder._scan(_spec(), "seat_id", pool, ())
        assert got == _reference(binder, scan, "seat_id", **flags), flags



@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="ab 1_-\u00e9\n", max_size=12), min_size=1, max_size=8))
def test_is_phrase_remembers_the_pattern_verdict(texts):
    candidates._PHRASES.clear()
    for text in texts + texts:  # the second time from memory
        assert is_phrase(text) is (PHRASE.search(text) is not None)


def test_is_phrase_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(candidates, "PHRASES_KEPT", 3)
    candidates._PHRASES.clear()
    for text in ("ab cd", "x", "y", "zz yy", "w"):
        is_phrase(text)
    assert len(candidates._PHRASES) <= 3 and is_phrase("ab cd") and not is_phrase("x")
    long = "word " * 100  # longer than PHRASE_KEPT_LENGTH: searched, never remembered
    assert is_phrase(long) and long not in candidates._PHRASES
