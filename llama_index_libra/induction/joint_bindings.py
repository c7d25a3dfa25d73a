"""Joint bindings: several inputs bound together, once one input at a time is not enough.

A template's inputs are first varied one at a time (:meth:`JointBindings.combine` also adds joint
combinations of the top options by rank sum: an origin and a destination airport are only valid
together); a template that keeps failing then tries values that belong to one record (an order in a
given status with an item of that same order), whole reply lists for a list input, and distinct
values for inputs that share candidates (a head and a base branch), and the words of the phrases a
free-text input was offered (:mod:`.phrase_words`). :class:`.bindings.Binder` mixes
these in; they use its ``config``, ``props``, ``validator`` and ``candidates_for``.
"""

from __future__ import annotations

import itertools
from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction.phrase_words import WORDS_PER_INPUT, phrase_words, word_value
from llama_index_libra.induction.values import Value, as_list, same_record, value_json
from llama_index_libra.schemas.validate import schema_type

__all__ = ["JointBindings", "KEEP", "Keep", "option_key", "DISTINCT_BINDINGS", "SIBLING_BINDINGS", "LIST_GROUPS"]

# joint bindings of distinct shared values tried per group of inputs, once a template keeps failing
DISTINCT_BINDINGS = 12
# joint bindings of values that belong together (one record) tried per template, once it keeps failing
SIBLING_BINDINGS = 12
# candidates searched for a value of the anchor's record
SIBLING_CANDIDATES = 64
# a list input tried with the whole reply list of its first LIST_GROUPS one-item candidates, at most
# LIST_ITEMS_MAX items unless the schema says maxItems
LIST_GROUPS = 2
LIST_ITEMS_MAX = 8
# phrases of the pool whose words a free-text input tries, besides its own options
PHRASES_READ = 12
# phrases whose every word is tried before one word of each other phrase in turn
PHRASES_WHOLE = 2


class Keep:
    """Marker option: keep the template's own literal for this input."""


KEEP = Keep()


def option_key(v: Any) -> str:
    """What identifies a binding option: a pool value's key, or the template's literal."""
    return v.key if isinstance(v, Value) else "\x01literal"


class JointBindings:
    """Bindings of several inputs together (mixed into :class:`.bindings.Binder`)."""

    config: Any

    def combine(self, options: Mapping[str, list[Any]]) -> list[dict[str, Any]]:
        """The best option per input, then one input at a time varied over its alternatives, then
        joint combinations of the top options ordered by rank sum, capped at ``joint_bindings``:
        conjunctive inputs (an origin and a destination airport) are only valid together."""
        base = {name: cands[0] for name, cands in options.items()}
        out = [base]
        for name, cands in options.items():
            for alt in cands[1:]:
                out.append({**base, name: alt})
        if len(options) > 1 and self.config.joint_bindings > len(out):
            names = list(options)
            per_input = max(2, int(self.config.joint_bindings ** (1.0 / len(names))))
            ranges = [range(min(per_input, len(options[n]))) for n in names]
            combos = sorted(itertools.product(*ranges), key=lambda idx: (sum(idx), idx))
            seen = {tuple(sorted((k, option_key(v)) for k, v in b.items())) for b in out}
            for idx in combos:
                binding = {n: options[n][i] for n, i in zip(names, idx)}
                key = tuple(sorted((k, option_key(v)) for k, v in binding.items()))
                if key not in seen:
                    seen.add(key)
                    out.append(binding)
                if len(out) >= self.config.joint_bindings:
                    break
        return out

    @staticmethod
    def distinct_bindings(options: Mapping[str, list[Any]]) -> list[tuple[dict[str, Any], list[str]]]:
        """Joint bindings where inputs whose candidates share values take pairwise distinct ones.

        Inputs are grouped when their candidate lists share a value (two branches, two users);
        within each group every input takes one of its own candidates, no two the same value,
        ordered by rank sum (most similar fields first); the other inputs keep their best option.
        At most ``DISTINCT_BINDINGS`` per group: a call may need two different existing values of
        one kind at once, which one-input-at-a-time variation never produces. Each binding comes
        with the names of its group.
        """
        values = {n: [(i, value_json(v)) for i, v in enumerate(opts) if isinstance(v, Value)] for n, opts in options.items()}
        names = [n for n in options if values[n]]
        groups: list[list[str]] = []
        for name in names:
            mine = {k for _, k in values[name]}
            joined = [g for g in groups if any(mine & {k for _, k in values[m]} for m in g)]
            merged = [name] + [m for g in joined for m in g]
            groups = [g for g in groups if g not in joined] + [sorted(merged, key=names.index)]
        base = {n: opts[0] for n, opts in options.items()}
        out: list[tuple[dict[str, Any], list[str]]] = []
        for group in groups:
            if len(group) < 2:
                continue
            ranges = [values[n] for n in group]
            combos = sorted(itertools.product(*ranges), key=lambda c: (sum(i for i, _ in c), [i for i, _ in c]))
            taken = 0
            for combo in combos:
                if len({k for _, k in combo}) < len(combo):
                    continue
                binding = dict(base)
                binding.update({n: options[n][i] for n, (i, _) in zip(group, combo)})
                out.append((binding, group))
                taken += 1
                if taken >= DISTINCT_BINDINGS:
                    break
        return out

    def continued(self, spec: ToolSpec, template: Any, binding: Mapping[str, Any], pool: list[Value],
                  acted: set[str] | frozenset[str]) -> dict[str, Any] | None:
        """``binding`` with each observed input that aligns with a value the call into this state
        took (``acted``: pool keys) given that value: the state goes on as the one acting and on
        what was acted on (the operative's session that marked a crew arrived, and that job), not
        with the best value of each input on its own. None when it changes no input."""
        out = dict(binding)
        for name in template.observations:
            took = next((v for v in self.candidates_for(spec, name, pool, aligned_only=True)  # type: ignore[attr-defined]
                         if v.key.removesuffix("\x00[]") in acted), None)
            current = binding.get(name)
            if took is not None and not (isinstance(current, Value) and current.key == took.key):
                out[name] = took
        return out if out != dict(binding) else None

    def sibling_bindings(self, spec: ToolSpec, options: Mapping[str, list[Any]], pool: list[Value]) -> list[dict[str, Any]]:
        """Joint bindings whose values belong together (:func:`.values.same_record`): an order's id
        with an item of that same order, a pay run with a payslip of that run. Each input's
        candidates in turn anchor the binding; every other input takes its best fitting value
        from the anchor's record (looked for in the whole pool, not only among its top options).
        At most ``SIBLING_BINDINGS``."""
        names = [n for n, opts in options.items() if any(isinstance(v, Value) for v in opts)]
        if len(names) < 2:
            return []
        wide = {n: self.candidates_for(spec, n, pool, limit=SIBLING_CANDIDATES) for n in names}
        base = {n: opts[0] for n, opts in options.items()}
        out: list[dict[str, Any]] = []
        seen: set[tuple] = set()
        for anchor in names:
            for a in [v for v in options[anchor] if isinstance(v, Value)]:
                binding = {**base, anchor: a}
                for other in names:
                    if other != anchor:
                        partner = next((v for v in wide[other] if value_json(v) != value_json(a) and same_record(a, v)), None)
                        if partner is not None:
                            binding[other] = partner
                if not all(n == anchor or (isinstance(binding[n], Value) and same_record(a, binding[n])) for n in names):
                    continue
                key = tuple(sorted((k, option_key(v)) for k, v in binding.items()))
                if key not in seen:
                    seen.add(key)
                    out.append(binding)
                if len(out) >= SIBLING_BINDINGS:
                    return out
        return out

    def list_bindings(self, spec: ToolSpec, options: Mapping[str, list[Any]], pool: list[Value]) -> list[dict[str, Any]]:
        """Bindings where a list input takes every item of the list one of its candidates was read
        from (all the nameservers a host listed, not one of them as a one-item list): for each list
        input, its first ``LIST_GROUPS`` one-item candidates grown to their reply list, capped at the
        schema's ``maxItems`` (else ``LIST_ITEMS_MAX``). Other inputs take their best observed value."""
        props = self.props(spec)
        # the other inputs take their best observed value where they have one (a literal kept as
        # the proposer wrote it is a placeholder more often than not)
        base = {n: next((v for v in opts if isinstance(v, Value)), opts[0]) for n, opts in options.items() if opts}
        out: list[dict[str, Any]] = []
        groups: set[str] = set()
        for name, opts in options.items():
            schema = props.get(name) or {}
            if schema_type(schema) != "array":
                continue
            cap = schema.get("maxItems") if isinstance(schema.get("maxItems"), int) else LIST_ITEMS_MAX
            validator = self.validator(spec, name)
            seeds = [v for v in opts if isinstance(v, Value) and v.key.endswith("\x00[]")][:LIST_GROUPS]
            for seed in seeds:
                items: list[Any] = []
                seen: set[str] = set()
                for u in pool:
                    if u.record != seed.record or u.export != seed.export or u.provider != seed.provider:
                        continue
                    vj = value_json(u)
                    if vj in seen or isinstance(u.value, (list, dict)) or not validator.is_valid([u.value]):
                        continue
                    seen.add(vj)
                    items.append(u.value)
                if len(items) < 2:
                    continue
                items = items[:cap]
                if canonical_json([name, items]) in groups:
                    continue
                groups.add(canonical_json([name, items]))
                group = as_list(seed, items)
                if validator.is_valid(items):
                    out.append({**base, name: group})
        return out

    def word_bindings(self, spec: ToolSpec, options: Mapping[str, list[Any]], pool: list[Value],
                      fresh: Any = None) -> list[dict[str, Any]]:
        """Bindings where a free-text input takes one word of a phrase it was offered (a surname of a
        handed ``name``, a drug inside a sentence: :func:`.phrase_words.phrase_words`), and every
        other input takes the value of the phrase's record where one fits (the birth date beside
        that name), else its best option. Phrases: those about what the tool finds first (a
        fixture's ``prescribers`` for ``search_prescribers``), then the input's own options (the
        ``name`` values for ``last_name``), then any other; every word of the first
        ``PHRASES_WHOLE``, then one word of each phrase in turn. ``fresh(value)``: whether a phrase
        is new in this state (the words of older ones were tried where those appeared). At most
        ``WORDS_PER_INPUT`` words per input."""
        base = {n: opts[0] for n, opts in options.items() if opts}
        out: list[dict[str, Any]] = []
        by_call: dict[str, list[Value]] | None = None  # the pool's values per producing call (their records)
        found: list[Value] | None = None  # the pool's phrases (the same for every input of the tool)
        about: list[Value] = []
        for name in options:
            if not self.free_text_input(spec, name, prose_enum=True):  # type: ignore[attr-defined]
                continue
            if found is None:
                found = self.phrases_in(spec, pool, PHRASES_READ)  # type: ignore[attr-defined]
                named = self.about_owner(spec, found)  # type: ignore[attr-defined]
                about = [v for v in found if named[v.export]]
            own = [v for v in options[name] if isinstance(v, Value)]
            lists: list[list[Value]] = []
            seen_phrases: set[str] = set()
            for v in about + own + found:
                if not isinstance(v.value, str) or v.key in seen_phrases or (fresh is not None and not fresh(v)):
                    continue
                seen_phrases.add(v.key)
                split = [word_value(v, w) for w in phrase_words(v.value)]
                if split:
                    lists.append(split)
            order = [w for row in lists[:PHRASES_WHOLE] for w in row]
            order += [w for row in itertools.zip_longest(*lists[PHRASES_WHOLE:]) for w in row if w is not None]
            validator = self.word_validator(spec, name)  # type: ignore[attr-defined]
            words: list[Value] = []
            seen: set[str] = set()
            for w in order:
                vj = value_json(w)
                if vj not in seen and validator.is_valid(w.value):
                    seen.add(vj)
                    words.append(w)
                if len(words) >= WORDS_PER_INPUT:
                    break
            others = [n for n in options if n != name]
            if by_call is None and words:
                by_call = {}
                for v in pool:
                    if v.record:
                        by_call.setdefault(v.record.split("|", 1)[0], []).append(v)
            for w in words:
                binding = {**base, name: w}
                kin = [v for v in (by_call or {}).get(w.record.split("|", 1)[0], ()) if same_record(w, v)] if w.record else []
                for other in others:
                    # the value of the phrase's record that fits this input, the best aligned first
                    fits = [v for v in kin if v.export != w.export and self.validator(spec, other).is_valid(v.value)]  # type: ignore[attr-defined]
                    if fits:
                        binding[other] = max(fits, key=lambda v: self.sim(v.export, other))  # type: ignore[attr-defined]
                out.append(binding)
        return out
