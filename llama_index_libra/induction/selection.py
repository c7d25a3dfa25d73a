"""Which relations the library keeps: provider selection per consumer input, and the transitive rule.

Exploration admits every relation its tests support; the library keeps, per consumer input, the
best providers (:func:`select_providers`), and a transitive relation only where it adds a route
that the direct relations do not already give retrieval (:func:`mediated`).
"""

from __future__ import annotations

import re

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.library import Relation

__all__ = ["select_providers", "split_providers", "mediated", "foreign_key", "is_further", "replaces", "ALTERNATIVES_PER_INPUT"]

# proven providers of one input kept beside the selected ones, for retrieval's query-time choice
ALTERNATIVES_PER_INPUT = 3


def _nesting(relation: Relation) -> int:
    path = str(((relation.evidence or {}).get("provider_value") or {}).get("path", ""))
    return path.count("[") + max(0, path.count(".") - 2)


def _echo(r: Relation) -> bool:
    """Whether the relation's value is the provider's own argument echoed back."""
    return str(((r.evidence or {}).get("provider_value") or {}).get("path", "")).startswith("$.arguments")


_STEP = re.compile(r"\.([^.\[\]]+)|\[([^\]]*)\]")


def _entity(key: str) -> tuple[str, ...]:
    """A key's words without id words, each singular: ``claimant_ref`` -> (claimant,), ``subscriptions`` -> (subscription,)."""
    from llama_index_libra.induction.field_encoders import _singular, humanize
    from llama_index_libra.induction.reply_values import _ID_WORDS

    return tuple(_singular(w) for w in humanize(key).split() if w not in _ID_WORDS)


def foreign_key(path: str, owner: str | None, entities: set[tuple[str, ...]]) -> bool:
    """Whether the value at ``path`` of a reply refers to a record of another kind: a field named after
    another entity of the catalog (a charge's ``customer``, a claim's ``claimant``, a customer's
    ``subscriptions`` or ``default_payment_method``), not the id of the record it sits in.

    ``owner`` is what the tool is about (:func:`.reply_values.owner_name`), the owner of records at
    the top of the reply or under envelope keys; ``entities`` the owners of every tool of the catalog.
    A record's own id (``id``, ``customer_id`` in a customer), a bare reply, the cells of top-level
    rows and the fields of a record whose kind neither its key nor its tool's name says are never
    foreign: what a value refers to is only read from a field name (a cell of rows under ``claims``
    in a claimant refers to claims)."""
    from llama_index_libra.induction.field_encoders import ENVELOPE_KEYS

    if not path.startswith("$.output"):
        return False
    keys = [k for k, index in _STEP.findall(path[len("$.output"):]) if k]
    if not keys:
        return False
    last = keys[-1]
    parents = [k for k in keys[:-1] if k.lower() not in ENVELOPE_KEYS]
    record = _entity(parents[-1]) if parents else (_entity(owner) if owner else ())
    if not record:  # a record of a kind nothing names (a ``timetable``'s rows): what it holds cannot be told foreign
        return False
    named = _entity(last)
    if not named or named == record:  # an id word alone (``id``, ``ref``) names nothing: the record's own
        return False
    return any(named[-len(e):] == e for e in entities if e and e != record and len(e) <= len(named))


def select_providers(relations: list[Relation], per_input: int, catalog: ToolCatalog | None = None) -> list[Relation]:
    """The relations the library keeps (:func:`split_providers` without the alternatives)."""
    return split_providers(relations, per_input, catalog)[0]


def is_further(relation: Relation) -> bool:
    """Whether a relation was proven by a refusal that got further than its control (not by a success: :mod:`.further`)."""
    return bool((relation.evidence or {}).get("refused_further"))


def replaces(old: Relation | None, new: Relation) -> bool:
    """Whether ``new`` is kept over ``old`` (the same key): the first found, but a success's evidence
    over a refusal's."""
    return old is None or (is_further(old) and not is_further(new))


def split_providers(relations: list[Relation], per_input: int,
                    catalog: ToolCatalog | None = None) -> tuple[list[Relation], list[Relation]]:
    """(kept, alternatives). Kept: value relations of at most ``per_input`` providers per (consumer, input); others unchanged.

    Order: a provider that does not itself take a value from the consumer before one that does (a
    tracking lookup that needs the order's tracking id is no source of order ids for that order
    lookup), provenance before compatibility, a value a success took before one a refused call only
    got further with (:mod:`.further`; never alternatives of each other), a record's own id before a field naming another entity
    (:func:`foreign_key`: a list of customers before a charge's ``customer``) or a field of a record keyed by another id
    (:func:`.values.referenced`: the fleet's registrations before a flight's ``balloon``), higher field similarity, a source of the field before
    a tool that takes the same field as input, an output before an echo of the provider's own
    argument, a more direct export path, a lookup before a creation (a call that changed the
    state), then the order found. A write that only showed the value (a side value: a cancelled
    hire's booking id, which its changes neither key nor bring) is never kept, and is never an
    alternative.
    After the best provider, others are kept only as genuine
    alternatives: the same kind of evidence, equally a source (two lookups that both give a
    ``user_id``), neither an echo nor dependent on the consumer.

    Alternatives: the value relations of up to :data:`ALTERNATIVES_PER_INPUT` more providers of an
    input that are genuine alternatives by the same test but fell past ``per_input`` (a pet's id
    from ``list_my_pets`` when ``register_pet`` was kept). The library stores them apart from its
    relations; retrieval may pick one when the request favours it (the paper's dense-best provider)."""
    if per_input <= 0:
        return relations, []
    from llama_index_libra.induction.field_encoders import humanize

    inputs: dict[str, set[str]] = {}
    if catalog is not None:
        for spec in catalog:
            names = set(spec.input_names)
            inputs[spec.name] = names | {n for n in (r.consumer_field for r in relations if r.consumer_field)
                                         if any(humanize(n) == humanize(m) for m in names)}
    # (an echo of the provider's own argument shows no dependence: it feeds nothing here)
    feeds = {(r.provider, r.consumer) for r in relations if r.consumer_field is not None and not _echo(r)}
    owners: dict[str, str | None] = {}
    subjects: dict[str, str | None] = {}
    if catalog is not None:
        from llama_index_libra.induction.reply_values import owner_name, subject_name

        owners = {spec.name: owner_name(spec) for spec in catalog}
        subjects = {spec.name: subject_name(spec) for spec in catalog}
    entities = {_entity(o) for o in owners.values() if o}
    groups: dict[tuple[str, str], list[tuple[tuple, str]]] = {}
    for order, r in enumerate(relations):
        if r.consumer_field is None or _side(r):
            continue
        derived = r.consumer_field in inputs.get(r.provider, ())
        echo = _echo(r)
        shown = (r.evidence or {}).get("provider_value") or {}
        created = bool(shown.get("created"))
        cyclic = (r.consumer, r.provider) in feeds
        path = str(shown.get("path", ""))
        # (or a field of a record keyed by another id: a flight's ``balloon`` names a balloon that a
        # listing of balloons is the source of: :func:`.values.referenced`)
        foreign = foreign_key(path, owners.get(r.provider), entities) or bool(shown.get("reference"))
        subject = subjects.get(r.provider)
        # a provider about the kind of record the input names (``find_donor`` for ``donor_no``) before one
        # that shows such ids beside its own records (a session's register of donors)
        about = bool(subject) and bool(set(_entity(subject)) & set(_entity(r.consumer_field)))
        # (a value a refused call only got further with ranks after one a success took: further.py)
        further = is_further(r)
        rank = (cyclic, r.kind != "provenance", further, foreign, not about, -(r.field_similarity or 0.0), derived, echo, _nesting(r),
                created, order)
        groups.setdefault((r.consumer, r.consumer_field), []).append((rank, r.provider))
    allowed: dict[tuple[str, str], set[str]] = {}
    spare: dict[tuple[str, str], set[str]] = {}
    for key, members in groups.items():
        chosen: list[str] = []
        others: list[str] = []
        best = None
        for rank, provider in sorted(members):
            kind_class = (rank[0], rank[1], rank[2], rank[6], rank[7], rank[4])  # cyclic, kind, further, derived, echo, not about
            if best is None:
                best = kind_class
            elif kind_class[:5] != best[:5] or any(kind_class[i] for i in (0, 3, 4)) or (kind_class[5] and not best[5]):
                continue  # not a genuine alternative to the best provider
            if len(chosen) < per_input:
                if provider not in chosen:
                    chosen.append(provider)
            elif provider not in chosen and provider not in others and len(others) < ALTERNATIVES_PER_INPUT:
                others.append(provider)
        allowed[key] = set(chosen)
        spare[key] = set(others)
    # a state relation whose consumer took a value the provider created is create-before-use of
    # that input: a provider that itself takes that field (a fork taking a repository id) is an
    # alternative route when a source of the field is known for the same input
    sources: dict[tuple[str, str], set[str]] = {}
    for r in relations:
        fields = [r.consumer_field] if r.consumer_field else list((r.evidence or {}).get("fresh_inputs") or [])
        for f in fields:
            if f not in inputs.get(r.provider, ()):
                sources.setdefault((r.consumer, f), set()).add(r.provider)

    def keep(r: Relation) -> bool:
        if _side(r):
            return False
        if r.consumer_field is not None:
            return r.provider in allowed[(r.consumer, r.consumer_field)]
        ev = r.evidence or {}
        took = list(ev.get("fresh_inputs") or [])
        named = {canonical_json(v) for v in ((ev.get("provider_call") or {}).get("arguments") or {}).values()}
        used = (ev.get("consumer_call") or {}).get("arguments") or {}

        def derived(f: str) -> bool:  # takes the field, and the value it made is not one it was given a name for
            return f in inputs.get(r.provider, ()) and canonical_json(used.get(f)) not in named

        return not took or not all(derived(f) and sources.get((r.consumer, f)) for f in took)

    kept = [r for r in relations if keep(r)]
    alternatives = [r for r in relations if r.consumer_field is not None and not _side(r)
                    and r.provider in spare.get((r.consumer, r.consumer_field), ())]
    return kept, alternatives



def _side(relation: Relation) -> bool:
    """Whether a value relation's value is a side value (:attr:`.values.Value.side`): a write showed a
    record that was in the state before it (a cancelled buggy hire's booking), so the write did not
    provide it; whatever made or listed the record did."""
    return relation.kind == "provenance" and bool(((relation.evidence or {}).get("provider_value") or {}).get("side"))


def mediated(relation: Relation, direct: set, valued: set) -> bool:
    """Whether a transitive relation only repeats a chain the direct relations already hold.

    Without the dropped call a later call of the path failed (the cascade); when that call
    reaches, through direct relations among the path's calls, a call whose value the consumer
    takes, the consumer's own value provider already leads retrieval to the dropped call
    (create a branch, commit to it, open a pull request, review it). A chain ending in a state
    relation (``mkdir -> cd -> grep``) keeps its transitive relation.
    """
    evidence = relation.evidence or {}
    cascade, path = evidence.get("cascade"), evidence.get("state") or []
    if not cascade:
        return False
    later = [c["tool"] for c in path[int(evidence.get("dropped", 0)) + 1:]]
    start = cascade["call"]["tool"]
    reached, frontier = {start}, [start]
    while frontier:
        tool = frontier.pop()
        for nxt in later:
            if nxt not in reached and (tool, nxt) in direct:
                reached.add(nxt)
                frontier.append(nxt)
    return any((tool, relation.consumer) in valued for tool in reached)
