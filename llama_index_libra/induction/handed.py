"""What the tester was handed: fixture values, the records they sit in, and the people they name.

The runtime's fixtures enter the fresh states' value pools as values that credit no tool
(:func:`fixture_values`); a mapping is one handed record (a person with their e-mail and the code
mailed to it). A success on one person's value is tried with the others' (:func:`peer_bindings`),
and a state entered by a call on one person's record continues with that person
(:func:`persona_bindings`).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, item_name

__all__ = ["fixture_values", "peer_bindings", "persona_bindings", "HANDED_PEERS"]

# other values handed under the same field that a success on a handed value is rerun with (per input)
HANDED_PEERS = 4


def fixture_values(fixtures: Any) -> list[Value]:
    """The runtime's fixtures as pool values of the fresh states: every scalar leaf, named by its
    key, so that an input takes a handed fact (``customer_email`` for ``email``) by field alignment.
    They credit no tool: a relation needs a tool that produced the value."""
    out: list[Value] = []
    seen: set[str] = set()

    def walk(obj: Any, key: str, path: str, where: str, record: str) -> None:
        # ``where``: the path with list indexes kept, naming the handed record a value sits in
        if isinstance(obj, Mapping):
            # a nested mapping is one handed record (a person with their e-mail and the code mailed
            # to it): its fields, and those of mappings inside it, are siblings (:func:`same_record`)
            inner = f"{FIXTURE_PROVIDER}|{where}." if where != "$.fixtures" else ""
            for k in sorted(obj, key=str):
                if isinstance(k, str) and not k.isidentifier() and key:
                    # a key that is no field name is a handed value itself (``"hauliers":
                    # {"Dunmore Haulage": ...}``, ``{"MSCU 4471203": "40ft dry"}``), named by one
                    # item of what the mapping lists (``haulier``)
                    add(k, item_name(key), f"{path}.*~", inner)
                walk(obj[k], str(k), f"{path}.{k}", f"{where}.{k}", inner)
        elif isinstance(obj, list):
            for i, item in enumerate(obj[:32]):
                walk(item, key, f"{path}[*]", f"{where}[{i}]", record)
        elif isinstance(obj, (str, int, float)) and not isinstance(obj, bool) and key:
            add(obj, key, path, record)

    def add(obj: Any, key: str, path: str, record: str) -> None:
        vj = canonical_json(obj)
        vkey = f"{FIXTURE_PROVIDER}\x00{key}\x00{vj}"
        if vkey not in seen:
            seen.add(vkey)
            out.append(Value(FIXTURE_PROVIDER, key, path, obj, vkey, False, record=record))

    if isinstance(fixtures, Mapping):
        walk(fixtures, "", "$.fixtures", "$.fixtures", "")
    return out


def _as_peer(binding: Mapping[str, Any], name: str, v: Value, p: Value, handed: list[Value]) -> dict[str, Any]:
    """``binding`` with input ``name`` taking ``p`` in place of the handed value ``v``, and the inputs
    that came from ``v``'s handed record taking ``p``'s record's siblings (the code mailed to ``p``)."""
    peer = {**binding, name: p}
    for other, u in binding.items():
        if other != name and isinstance(u, Value) and u.provider == FIXTURE_PROVIDER and u.record and u.record == v.record:
            sib = next((w for w in handed if w.record == p.record and w.export == u.export), None)
            if sib is not None:
                peer[other] = sib
    return peer


def peer_bindings(binding: Mapping[str, Any], pool: list[Value], per_input: int,
                  rank: Callable[[Value], float] | None = None) -> list[dict[str, Any]]:
    """``binding`` with each input that took a handed value given, in turn, up to ``per_input`` other
    values handed under the same field (the other people's e-mails: a chair's, a reviewer's); the
    inputs that came from the first value's handed record take the peer's record's siblings (the
    code mailed to that address). ``rank`` orders the peers first (best first, ties in pool order):
    the person whose record names the role a refusal asks for."""
    took = [(name, v) for name, v in binding.items() if isinstance(v, Value) and v.provider == FIXTURE_PROVIDER]
    if not took:  # most successes took no handed value: no pass over the pool
        return []
    out: list[dict[str, Any]] = []
    handed = [w for w in pool if w.provider == FIXTURE_PROVIDER]
    for name, v in took:
        peers = [p for p in handed if p.export == v.export and p.key != v.key and (p.record != v.record or not v.record)]
        if rank is not None:
            peers.sort(key=lambda p: -rank(p))
        out.extend(_as_peer(binding, name, v, p, handed) for p in peers[:per_input])
    return out


def persona_bindings(binding: Mapping[str, Any], pool: list[Value], persona: Iterable[Value]) -> list[dict[str, Any]]:
    """``binding`` continued with the handed records a state's transition acted on (``persona``: the
    chair's e-mail a code was mailed to): every input that took a value handed in another record
    takes the value the persona's record holds under the same field (the chair's address, the code
    mailed to the chair, the chair's password), one binding per record acted on."""
    records = list(dict.fromkeys(p.record for p in persona if p.provider == FIXTURE_PROVIDER and p.record))
    took = [(name, v) for name, v in binding.items() if isinstance(v, Value) and v.provider == FIXTURE_PROVIDER]
    if not records or not took:
        return []
    handed = [w for w in pool if w.provider == FIXTURE_PROVIDER and w.record in records]
    out: list[dict[str, Any]] = []
    for record in records:
        peer = dict(binding)
        for name, v in took:
            if v.record != record:
                w = next((w for w in handed if w.record == record and w.export == v.export), None)
                if w is not None:
                    peer[name] = w
        if any(peer[name] is not v for name, v in took):
            out.append(peer)
    return out
