"""RetrievalSettings: the one list of retrieval-time options, validated once, persisted as is, and
offered as command-line flags from its fields.

A ranker's method (``bm25``, ``qts``, ``hybrid``, ``schema-only``, ``libra``) says *what* scores the
tools; these settings say *how*: the base-score recipe and its overrides, the prerequisite rule, and
the propagation settings of Table 6. ``LibraRetriever``'s constructors, :class:`ToolRanker`, the
evaluation runner, ``libra eval`` / ``libra query`` and the agentic harness all take one record.

The base-score fields default to None: the recipe's own value (``recipe="default"``: the package's
hybrid base, see :data:`~llama_index_libra.retrieval.base_scores.DEFAULT_BASE`, with the ``bundle``
placement of prerequisites, both chosen on the suite by scripts/choose_defaults.py; ``recipe="paper"``:
the paper's dense joined-query base).
"""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping

from llama_index_libra._compat import warn_renamed
from llama_index_libra.library import RELATION_KINDS
from llama_index_libra.retrieval.base_scores import BASES, POOLINGS, QUERY_MODES, SEGMENTATIONS, Segmenter
from llama_index_libra.retrieval.fusion import FUSIONS
from llama_index_libra.retrieval.prerequisites import (BUNDLE_DEPTH, CUT_ORDERS, DEFAULT_CUT_ORDER, DEFAULT_REQUIREMENT_PROVIDERS,
                                                       HARD_KINDS, PREREQUISITE_RULES, REQUIREMENT_PROVIDERS)
from llama_index_libra.retrieval.propagation import AGGREGATES, PROVIDER_SELECTIONS, PropagationConfig

__all__ = ["RECIPES", "RetrievalSettings", "LEGACY_NAMES"]

RECIPES = ("default", "paper")
# Keywords of earlier releases and the fields they now set.
LEGACY_NAMES = {"variant": "recipe", "prerequisites": "prerequisite_rule"}
# Fields that shape the base score (beside the recipe); bm25 and qts keep their own base.
BASE_FIELDS = ("base", "fusion", "query_mode", "rrf_k", "segmentation", "bm25_share", "pooling")
PROPAGATION_FIELDS = ("seeds", "provider_selection", "hops", "kinds", "aggregate")
_FIELDS_ATTRIBUTE = "retrieval_settings_fields"  # set on a parsed namespace by add_arguments


def _flag(help: str, **argparse_kwargs: Any) -> dict[str, Any]:
    return {"help": help, "argparse": argparse_kwargs}


def _plus_list(text: str) -> tuple[str, ...]:
    """``state+provenance`` or ``state,provenance`` (every list flag of the CLI takes either)."""
    return tuple(v.strip() for v in text.replace(",", "+").split("+") if v.strip())


def _share(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number in [0, 1], got {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"expected a number in [0, 1], got {value}")
    return value


def _int_at_least(low: int, what: str):
    """An argparse type: an integer of at least ``low`` (``what`` names it in the error)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a {what}, got {text!r}") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"expected a {what}, got {value}")
        return value

    return parse


_count = _int_at_least(0, "non-negative integer")
_positive_int = _int_at_least(1, "positive integer")


@dataclass(frozen=True)
class RetrievalSettings:
    """Every retrieval-time option of a ranker (see the module docstring). Frozen; ``replace`` makes variants."""

    recipe: str = field(default="default", metadata=_flag(
        "base-score recipe of hybrid/libra/schema-only: default (dense on the whole query and its segments, fused with BM25) "
        "or paper (the paper's dense joined-query base)", choices=RECIPES))
    base: str | None = field(default=None, metadata=_flag(
        "base score of hybrid/libra/schema-only (default hybrid: dense fused with BM25; recipe paper: dense)", choices=BASES))
    fusion: str | None = field(default=None, metadata=_flag(
        "how a hybrid base fuses its sources (default confidence)", choices=FUSIONS))
    query_mode: str | None = field(default=None, metadata=_flag(
        "segments: score every segment of the query and max-pool per tool; joined: the whole text; "
        "fused: both, as two sources of the fusion (default fused)", choices=QUERY_MODES))
    rrf_k: int | None = field(default=None, metadata=_flag("RRF constant (default 60)", type=int))
    segmentation: str | None = field(default=None, metadata=_flag(
        "how segments are cut: lines (turns), sentences, clauses, auto (several lines: turns; one line: sentences), "
        "windows (auto's segments cut into half-overlapping windows of a few words); default windows",
        choices=SEGMENTATIONS))
    bm25_share: float | None = field(default=None, metadata=_flag(
        "weight of BM25 in a hybrid base, in [0, 1] (the dense sources share the rest)", type=_share))
    pooling: str | None = field(default=None, metadata=_flag(
        "how segment scores pool: max (a tool's best segment, BM25 on the whole query) or fair (each segment "
        "ranked on its own, dense and BM25, normalised, then its best segment; default max)", choices=POOLINGS))
    prerequisite_rule: str | None = field(default=None, metadata=_flag(
        "where hard prerequisites go: paper (propagation's score lift only), after-consumer (a top-k tool's missing "
        "hard prerequisites are inserted right after it), bundle (a tool enters the cut only with them); "
        "default: the recipe's (default: bundle; paper: paper)",
        choices=PREREQUISITE_RULES))
    hard_kinds: tuple[str, ...] = field(default=HARD_KINDS, metadata=_flag(
        "relation kinds that are hard prerequisites, '+'- or comma-separated (default state+provenance+transitive)", type=_plus_list))
    bundle_depth: int = field(default=BUNDLE_DEPTH, metadata=_flag(
        f"hops of prerequisites a bundle carries: a tool's providers, theirs, ... (default {BUNDLE_DEPTH}; 0: every hop)",
        type=_count))
    requirement_providers: str = field(default=DEFAULT_REQUIREMENT_PROVIDERS, metadata=_flag(
        "providers that meet a hard requirement under after-consumer/bundle: kept (the library's relations) or lookups "
        "(also, where every kept provider of an input created the value, the library's alternatives that looked it up, "
        f"brought in first); default {DEFAULT_REQUIREMENT_PROVIDERS}", choices=REQUIREMENT_PROVIDERS))
    cut_order: str = field(default=DEFAULT_CUT_ORDER, metadata=_flag(
        "order of the tools in the cut under after-consumer/bundle: placement (a brought-in prerequisite right after "
        f"its consumer) or score (final score; a brought-in prerequisite at its own); default {DEFAULT_CUT_ORDER}", choices=CUT_ORDERS))
    seeds: int = field(default=15, metadata=_flag("K_s, seeded consumers (default 15)", type=_positive_int))
    provider_selection: str = field(default="both", metadata=_flag(
        "provider selection (default both)", choices=PROVIDER_SELECTIONS))
    hops: int = field(default=1, metadata=_flag("propagation hops (default 1)", type=_positive_int))
    kinds: tuple[str, ...] = field(default=RELATION_KINDS, metadata=_flag(
        "relation kinds followed, '+'- or comma-separated (default all)", type=_plus_list))
    aggregate: str = field(default="mean", metadata=_flag(
        "g_q(u): the paper's mean over seeded consumers, or their max", choices=AGGREGATES))
    # a callable (one segment per user turn of a conversation): neither persisted nor a flag
    segmenter: Segmenter | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.recipe not in RECIPES:
            raise ValueError(f"recipe must be one of {', '.join(RECIPES)}, got {self.recipe!r}")
        if self.prerequisite_rule is not None and self.prerequisite_rule not in PREREQUISITE_RULES:
            raise ValueError(f"prerequisite_rule must be one of {', '.join(PREREQUISITE_RULES)}, got {self.prerequisite_rule!r}")
        for name, choices in (("base", BASES), ("fusion", FUSIONS), ("query_mode", QUERY_MODES),
                              ("segmentation", SEGMENTATIONS), ("pooling", POOLINGS)):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, str) or value not in choices):
                raise ValueError(f"{name} must be one of {', '.join(choices)} (or None: the recipe's), got {value!r}")
        for name, choices in (("requirement_providers", REQUIREMENT_PROVIDERS), ("cut_order", CUT_ORDERS)):
            if getattr(self, name) not in choices:
                raise ValueError(f"{name} must be one of {', '.join(choices)}, got {getattr(self, name)!r}")
        if isinstance(self.bundle_depth, bool) or not isinstance(self.bundle_depth, int) or self.bundle_depth < 0:
            raise ValueError(f"bundle_depth must be a non-negative integer (0: every hop), got {self.bundle_depth!r}")
        if self.rrf_k is not None and (isinstance(self.rrf_k, bool) or not isinstance(self.rrf_k, int) or self.rrf_k < 0):
            raise ValueError(f"rrf_k must be a non-negative integer (or None), got {self.rrf_k!r}")
        share = self.bm25_share
        if share is not None and (isinstance(share, bool) or not isinstance(share, (int, float)) or not 0.0 <= share <= 1.0):
            raise ValueError(f"bm25_share must be a number in [0, 1] (or None: the recipe's), got {share!r}")
        for name in ("hard_kinds", "kinds"):
            value = getattr(self, name)
            value = (value,) if isinstance(value, str) else tuple(value)
            if not all(isinstance(kind, str) for kind in value):
                raise ValueError(f"{name} must be relation kind names, got {value!r}")
            object.__setattr__(self, name, value)
        self.propagation  # validates seeds, provider_selection, hops, kinds and aggregate

    # ------------------------------------------------------------------ construction
    @classmethod
    def of(cls, settings: "RetrievalSettings | None" = None, options: Mapping[str, Any] | None = None, *,
           where: str = "retrieval option") -> "RetrievalSettings":
        """``settings`` (default: the defaults) with keyword ``options`` applied: any field name, or a
        deprecated name of one (``variant`` -> ``recipe``, ``prerequisites`` -> ``prerequisite_rule``).
        An unknown name raises TypeError listing the valid ones."""
        start = settings if settings is not None else cls()
        if not options:
            return start
        return start.replace(**dict(options), _where=where)

    def replace(self, _where: str = "RetrievalSettings", **changes: Any) -> "RetrievalSettings":
        """A copy with ``changes`` (field names or their deprecated names), validated."""
        names = {f.name for f in dataclasses.fields(self)}
        for old, new in LEGACY_NAMES.items():
            if old in changes:
                if new in changes:
                    raise TypeError(f"{_where}: give {new}= only ({old}= is its deprecated name)")
                warn_renamed(f"{old}=", f"{new}=", stacklevel=4)
                changes[new] = changes.pop(old)
        unknown = sorted(set(changes) - names)
        if unknown:
            raise TypeError(f"unknown {_where}(s) {', '.join(unknown)}; use {', '.join(sorted(names))}")
        return dataclasses.replace(self, **changes)

    def with_propagation(self, config: PropagationConfig) -> "RetrievalSettings":
        """These settings with the propagation fields of ``config`` (a Table 6 row)."""
        return dataclasses.replace(self, **{name: getattr(config, name) for name in PROPAGATION_FIELDS})

    # ------------------------------------------------------------------ views
    @property
    def propagation(self) -> PropagationConfig:
        """The propagation settings (Table 6) as the propagation graph takes them."""
        return PropagationConfig(seeds=self.seeds, provider_selection=self.provider_selection, hops=self.hops,
                                 kinds=tuple(self.kinds), aggregate=self.aggregate)

    def base_overrides(self) -> dict[str, Any]:
        """The base-score and prerequisite fields set away from their defaults (segmenter included)."""
        defaults = RetrievalSettings()
        out = {name: getattr(self, name) for name in (*BASE_FIELDS, "prerequisite_rule", "hard_kinds", "bundle_depth", "requirement_providers", "cut_order")
               if getattr(self, name) != getattr(defaults, name)}
        if self.segmenter is not None:
            out["segmenter"] = self.segmenter
        return out

    def to_json(self) -> dict[str, Any]:
        """Every field but the segmenter, as JSON (what a persisted retriever keeps)."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "segmenter"}
        out["hard_kinds"] = list(self.hard_kinds)
        out["kinds"] = list(self.kinds)
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "RetrievalSettings":
        """Settings written by :meth:`to_json` (or by an earlier release: ``variant``, ``prerequisites``)."""
        data = dict(data)
        for old, new in LEGACY_NAMES.items():
            if old in data:
                data.setdefault(new, data.pop(old))
        known = {f.name for f in dataclasses.fields(cls)} - {"segmenter"}
        return cls(**{k: (tuple(v) if k in ("hard_kinds", "kinds") else v) for k, v in data.items() if k in known})

    # ------------------------------------------------------------------ command line
    @staticmethod
    def add_arguments(parser: argparse.ArgumentParser, *, recipe: bool = True, propagation: bool = False,
                      embed_model: bool = True) -> None:
        """One flag per field (``--query-mode``, ``--prerequisite-rule``, ...), each defaulting to "not given".

        ``recipe`` adds ``--recipe`` (``--variant`` is its deprecated name), ``propagation`` the
        Table 6 fields (``--seeds``, ``--selection``, ``--hops``, ``--kinds``; ``--aggregate`` is always
        there), ``embed_model`` the repeatable ``--embed-model`` (the encoder is not a setting).
        """
        aliases = {"recipe": ["--variant"], "prerequisite_rule": ["--prerequisites"], "provider_selection": ["--selection"]}
        added: list[str] = []
        for f in dataclasses.fields(RetrievalSettings):
            if f.name == "segmenter" or (f.name == "recipe" and not recipe):
                continue
            if f.name in PROPAGATION_FIELDS and f.name != "aggregate" and not propagation:
                continue
            flags = [f"--{f.name.replace('_', '-')}"] if f.name != "provider_selection" else []
            flags += aliases.get(f.name, [])
            spec = dict(f.metadata["argparse"])
            helptext = f.metadata["help"]
            if f.name in ("recipe", "prerequisite_rule"):
                helptext += f" ({aliases[f.name][0]}: its deprecated name)"
            parser.add_argument(*flags, dest=f.name, default=None, help=helptext, **spec)
            added.append(f.name)
        # which attributes of the parsed namespace are settings (a command may have its own --seeds)
        parser.set_defaults(**{_FIELDS_ATTRIBUTE: tuple(added)})
        if embed_model:
            parser.add_argument("--embed-model", action="append", default=None,
                                help="encoder: minilm (offline default), qwen3, a model name or a sentence-transformers folder; "
                                "repeat to fuse several")

    @classmethod
    def from_arguments(cls, args: argparse.Namespace, settings: "RetrievalSettings | None" = None) -> "RetrievalSettings":
        """The settings of the flags :meth:`add_arguments` added (only those given), over ``settings``."""
        names = getattr(args, _FIELDS_ATTRIBUTE, None)
        if names is None:
            names = [f.name for f in dataclasses.fields(cls) if f.name != "segmenter"]
        given = {name: getattr(args, name) for name in names if getattr(args, name, None) is not None}
        return dataclasses.replace(settings if settings is not None else cls(), **given)
