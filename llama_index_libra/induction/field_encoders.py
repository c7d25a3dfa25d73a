"""Field-name encoders h_f: similarity of a provider's output field and a consumer's input field.

Names are humanized first (``receiver_id`` -> "receiver id", ``accessToken`` -> "access token").
The dense encoder embeds them with any LlamaIndex embedding (default: the packaged MiniLM); the
lexical encoder (token-set cosine) needs no model and serves tests and quick builds.
"""

from __future__ import annotations

import math
import re
from typing import Any, Mapping, Protocol

import numpy as np

__all__ = ["FieldEncoder", "DenseFieldEncoder", "LexicalFieldEncoder", "humanize", "resolve_field_encoder", "leaf_name", "described_sims", "described_key",
           "GENERIC_KEYS", "ID_KEYS"]

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def humanize(name: str) -> str:
    """``$.output.user_id`` -> "user id"; ``accessToken`` -> "access token"; indices dropped."""
    leaf = re.sub(r"\[[^\]]*\]", "", name).split(".")[-1]
    words = _CAMEL.sub(" ", leaf).replace("_", " ").replace("-", " ")
    return " ".join(words.lower().split()) or name.lower()


class FieldEncoder(Protocol):
    name: str

    def similarity(self, a: str, b: str) -> float: ...


def _singular(token: str) -> str:
    """A plural word's singular by the common English endings (``orders`` -> ``order``)."""
    if len(token) > 4 and token.endswith("ies"):
        return token[:-3] + "y"
    if len(token) > 4 and token.endswith(("ches", "shes", "sses", "xes", "zzes")):  # branches, boxes, classes
        return token[:-2]
    if (len(token) > 3 or (len(token) == 3 and token[1] not in "aeiou")) and token.endswith("s") and not token.endswith("ss"):
        return token[:-1]
    return token


class LexicalFieldEncoder:
    """Cosine of the humanized names' token sets (plurals as singulars): no model, deterministic."""

    name = "lexical"

    def similarity(self, a: str, b: str) -> float:
        ta, tb = {_singular(t) for t in humanize(a).split()}, {_singular(t) for t in humanize(b).split()}
        if not ta or not tb:
            return 0.0
        return len(ta & tb) / math.sqrt(len(ta) * len(tb))


class DenseFieldEncoder:
    """Cosine of embedded humanized names under a LlamaIndex embedding model (cached per name)."""

    def __init__(self, embed_model: Any = None) -> None:
        from llama_index_libra.encoders import encoder_id, is_packaged, resolve_embed_model
        from llama_index_libra.minilm import numpy_minilm

        # the packaged default as a numpy forward pass (no torch import: seconds off every build)
        packaged = numpy_minilm() if is_packaged(embed_model) else None
        self.model = packaged if packaged is not None else resolve_embed_model(embed_model, quiet=True)
        self.name = "dense:" + encoder_id(self.model)
        self._cache: dict[str, np.ndarray] = {}
        self._texts: dict[str, np.ndarray] = {}

    def warm(self, names: list[str]) -> None:
        """Embed many names in one batch."""
        todo = sorted({humanize(n) for n in names} - set(self._cache))
        if todo:
            vectors = np.asarray(self.model.get_text_embedding_batch(todo), dtype=np.float64)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            self._cache.update(zip(todo, vectors))

    def similarity(self, a: str, b: str) -> float:
        ha, hb = humanize(a), humanize(b)
        if ha == hb:
            return 1.0
        self.warm([a, b])
        return float(np.clip(self._cache[ha] @ self._cache[hb], -1.0, 1.0))

    def text_matrix(self, texts: list[str]) -> np.ndarray:
        """Unit vectors of free texts (an input's name with its description), one row each; each
        text is embedded once per encoder (the master aligns names first seen in every level with
        the same descriptions)."""
        first = not self._texts  # (the first call embeds its texts as one batch, as given)
        todo = list(texts) if first else [t for t in dict.fromkeys(texts) if t not in self._texts]
        if todo:
            vectors = np.asarray(self.model.get_text_embedding_batch(todo), dtype=np.float64)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            self._texts.update(zip(todo, vectors))
            if first:
                return vectors
        return np.vstack([self._texts[t] for t in texts]) if texts else np.zeros((0, 0))

    def name_matrix(self, names: list[str]) -> np.ndarray:
        self.warm(names)
        return np.vstack([self._cache[humanize(n)] for n in names])


def resolve_field_encoder(spec: Any = "minilm") -> FieldEncoder:
    """``"lexical"``, an embedding name (``"minilm"``, ``"qwen3"``, a path), or an encoder instance."""
    if spec is None or spec == "lexical":
        return LexicalFieldEncoder()
    if isinstance(spec, str) or not hasattr(spec, "similarity"):
        return DenseFieldEncoder(spec)
    return spec


# Leaf keys that say what kind of value a field holds, not what it belongs to ("payment_methods.<key>.id").
GENERIC_KEYS = frozenset({"id", "ids", "name", "value", "values", "type", "code", "key", "number", "title", "label",
                          "text", "date", "uuid", "ref", "reference"})
# Generic keys that identify a record: at a reply's top level they belong to what the tool is about.
ID_KEYS = frozenset({"id", "ids", "code", "key", "number", "uuid", "ref", "reference"})
# Keys that only wrap a reply's records ({"object": "list", "data": [...]}, {"results": [...]}): an id
# under them belongs to what a listing names in the plural (``list_customers``' ``data[].id`` -> customer_id).
ENVELOPE_KEYS = frozenset({"data", "items", "results", "result", "records", "rows", "entries", "objects", "hits",
                           "list", "elements", "content", "payload", "response", "nodes", "edges", "matches"})


def leaf_name(keys: tuple[str, ...] | list[str], value: object = None, *, owner: str | None = None,
              listed: str | None = None) -> str:
    """A field name for a leaf reached through ``keys`` in a reply without a schema.

    Keys that are themselves values (dict-of-dicts keyed by ids: ``credit_card_5521``) are skipped;
    a generic last key takes its parent's singular (``payment_methods.<id>.id`` ->
    ``payment_method_id``), and an id-like one at the top level ``owner`` (what the whole reply is
    about, ``create_booking`` -> ``booking``: ``ref`` -> ``booking_ref``); one under envelope keys only
    by what a listing names in the plural (``listed``: ``list_payment_methods``' ``data[].id`` ->
    ``payment_method_id``; a single record under ``data`` keeps ``data_id``); a plural key holding id-like strings
    names one of its ids (``orders: ["#H4410021"]`` -> ``order_id``)."""
    names = [k for k in keys if not any(c.isdigit() for c in k)] or list(keys[-1:])
    if not names:
        return "value"
    last = names[-1]
    if last.lower() in GENERIC_KEYS and (len(names) > 1 or (owner and last.lower() in ID_KEYS)):
        parent_key = names[-2] if len(names) > 1 else str(owner)
        if listed and last.lower() in ID_KEYS and all(k.lower() in ENVELOPE_KEYS for k in names[:-1]):
            parent_key = listed  # the records a listing wraps in an envelope are what it lists
        parent = "_".join(_singular(t) for t in humanize(parent_key).split())
        return f"{parent}_{last}"
    words = humanize(last).split()
    if (isinstance(value, str) and words and words[-1] != _singular(words[-1]) and " " not in value
            and any(c.isdigit() for c in value)):
        return "_".join(words[:-1] + [_singular(words[-1]), "id"])
    return last


def described_key(tool: str, name: str) -> str:
    """The second key under which a described alignment of a name first seen in a level is kept
    beside the name alignments (``(export, described_key(tool, input))``)."""
    return f"{tool}\x00{name}"


def described_sims(encoder: Any, exports: list[str], catalog: Any,
                   export_texts: Mapping[str, str] | None = None) -> dict[tuple[str, str, str], float]:
    """cos(h_f(export), h_f(input name + its description)) per export x (tool, input).

    Used only to rank candidate values for an observation input: the description says what the
    input holds ("the 3 letter code of the departing airport", "the deposit due") when its name
    ("travel_from", "amount") does not. Field alignment for compatibility relations stays name
    against name, as the paper has it. ``export_texts``: an export's own description, embedded in
    place of its name (a whole reply named after its tool, ``room_availability``: "Free start times").
    """
    if not hasattr(encoder, "text_matrix"):
        return {}
    slots = [(spec.name, name, f"{name.replace('_', ' ')}: {(schema or {}).get('description', '')}".strip())
             for spec in catalog for name, schema in ((spec.parameters or {}).get("properties") or {}).items()
             if isinstance(schema, Mapping) and schema.get("description")]
    if not exports or not slots:
        return {}
    names = encoder.name_matrix(exports)
    inputs = encoder.text_matrix([t for _, _, t in slots])
    sims = names @ inputs.T
    described = [i for i, e in enumerate(exports) if (export_texts or {}).get(e)]
    if described:
        sims[described] = encoder.text_matrix([export_texts[exports[i]] for i in described]) @ inputs.T
    return {(e, tool, name): round(float(sims[i, j]), 6) for i, e in enumerate(exports) for j, (tool, name, _) in enumerate(slots)}
