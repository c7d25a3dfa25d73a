"""ToolLibrary: catalog + contracts + runtime-validated relations, saved as versioned JSON.

The file holds only deterministic content (the same catalog, runtime and settings give the same
bytes): run-dependent figures such as wall clock live in a separate build report. Users can pin
or veto relations by hand in an overrides file; the library records which overrides it applied.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping

from llama_index_libra._io import atomic_write_json
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.changes import NAMES_SHOWN, caller_stacklevel, fit_message, mismatch_message

__all__ = [
    "LIBRARY_FORMAT",
    "LIBRARY_VERSION",
    "RELATION_KINDS",
    "PAPER_RELATION_KINDS",
    "FIELDLESS_KINDS",
    "VALUE_KINDS",
    "LibraryError",
    "CatalogMismatchError",
    "CatalogMismatchWarning",
    "Relation",
    "ToolLibrary",
    "load_overrides",
]

LIBRARY_FORMAT = "llama-index-libra/tool-library"
LIBRARY_VERSION = 1
# The paper's three counterfactual kinds, then ``transitive`` (an extra: a prerequisite found by
# dropping a call from a consumer's first successful path; no fields, like ``state``).
PAPER_RELATION_KINDS = ("provenance", "compatibility", "state")
RELATION_KINDS = PAPER_RELATION_KINDS + ("transitive",)
FIELDLESS_KINDS = ("state", "transitive")
VALUE_KINDS = ("provenance", "compatibility")


class LibraryError(ValueError):
    """A library file that cannot be used: corrupt, another version, or inconsistent with a catalog."""


class CatalogMismatchError(LibraryError):
    """The library was built for another version of the catalog; ``changes`` says which tools
    differ (see :func:`~llama_index_libra.changes.catalog_changes`)."""

    def __init__(self, message: str, changes: Mapping[str, list[str]]) -> None:
        super().__init__(message)
        self.changes = dict(changes)

    @property
    def tools(self) -> list[str]:
        """Every tool whose relations must be rebuilt: changed, added and removed ones."""
        return [*self.changes.get("changed", []), *self.changes.get("added", []), *self.changes.get("removed", [])]


class CatalogMismatchWarning(UserWarning):
    """A library served over a catalog that differs from the one it was built for (see :meth:`ToolLibrary.fit`)."""


@dataclass(frozen=True)
class Relation:
    """One provider -> consumer relation with the evidence that admitted it.

    ``provider_field`` is the provider's export name and ``consumer_field`` the consumer's input
    parameter (both None for ``state``). ``field_similarity`` is cos(h_f(f_out), h_f(f_in)) under the
    library's field encoder, used by field-best provider selection.
    """

    provider: str
    consumer: str
    kind: str
    provider_field: str | None = None
    consumer_field: str | None = None
    field_similarity: float | None = None
    evidence: Mapping[str, Any] = field(default_factory=dict, compare=False, hash=False)
    source: str = "induced"  # "induced" | "override"

    def __post_init__(self) -> None:
        for name in ("provider", "consumer", "kind", "source"):
            if not isinstance(getattr(self, name), str):
                raise LibraryError(f"relation {name} must be a string, got {type(getattr(self, name)).__name__}")
        for name in ("provider_field", "consumer_field"):
            if getattr(self, name) is not None and not isinstance(getattr(self, name), str):
                raise LibraryError(f"relation {self.provider} -> {self.consumer}: {name} must be a string or null")
        sim = self.field_similarity
        if sim is not None and (isinstance(sim, bool) or not isinstance(sim, (int, float)) or not math.isfinite(sim)):
            raise LibraryError(f"relation {self.provider} -> {self.consumer}: field_similarity must be a finite number or null")
        if not isinstance(self.evidence, Mapping):
            raise LibraryError(f"relation {self.provider} -> {self.consumer}: evidence must be a JSON object")
        if self.kind not in RELATION_KINDS:
            raise LibraryError(f"relation {self.provider} -> {self.consumer}: unknown kind {self.kind!r}")
        if self.kind in VALUE_KINDS and not self.consumer_field:
            raise LibraryError(f"{self.kind} relation {self.provider} -> {self.consumer} needs consumer_field")

    @property
    def key(self) -> tuple[str, str, str, str, str]:
        """Sort and identity key: consumer, provider, kind, then the two field names."""
        return (self.consumer, self.provider, self.kind, self.consumer_field or "", self.provider_field or "")

    def to_json(self) -> dict[str, Any]:
        """The relation record as saved in a library file."""
        out: dict[str, Any] = {
            "provider": self.provider,
            "consumer": self.consumer,
            "kind": self.kind,
            "provider_field": self.provider_field,
            "consumer_field": self.consumer_field,
        }
        if self.field_similarity is not None:
            out["field_similarity"] = round(float(self.field_similarity), 6)
        if self.evidence:
            out["evidence"] = self.evidence
        if self.source != "induced":
            out["source"] = self.source
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Relation":
        """A relation from its saved record (LibraryError naming a missing field)."""
        if not isinstance(data, Mapping):
            raise LibraryError(f"a relation record must be a JSON object, got {type(data).__name__}")
        try:
            return cls(
                provider=data["provider"],
                consumer=data["consumer"],
                kind=data["kind"],
                provider_field=data.get("provider_field"),
                consumer_field=data.get("consumer_field"),
                field_similarity=data.get("field_similarity"),
                evidence=data.get("evidence") or {},
                source=data.get("source", "induced"),
            )
        except KeyError as exc:
            raise LibraryError(f"relation record lacks {exc.args[0]!r}: {json.dumps(data)[:200]}") from None


def _sorted(relations: Iterable[Relation]) -> list[Relation]:
    unique: dict[tuple, Relation] = {}
    for r in relations:
        unique.setdefault(r.key, r)
    return [unique[k] for k in sorted(unique)]


@dataclass
class ToolLibrary:
    """An executable tool library L = (T, C, E) plus the schema-only candidate graph.

    ``candidates`` are the type-compatible value compositions before execution filtering
    (Table 4's schema-only ablation); ``relations`` are those the runtime supported, with the best
    providers of each input; ``alternatives`` are the other proven providers of those inputs (kept
    apart: retrieval may promote one when the request favours it, as the paper's dense-best does).
    """

    catalog: ToolCatalog
    relations: list[Relation] = field(default_factory=list)
    contracts: dict[str, Any] = field(default_factory=dict)
    candidates: list[Relation] = field(default_factory=list)
    runtime: dict[str, Any] = field(default_factory=dict)
    settings: dict[str, Any] = field(default_factory=dict)
    overrides: dict[str, Any] = field(default_factory=dict)
    alternatives: list[Relation] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.relations = _sorted(self.relations)
        self.candidates = _sorted(self.candidates)
        self.alternatives = _sorted(self.alternatives)
        self.validate()

    # ------------------------------------------------------------------ queries
    def __iter__(self) -> Iterator[Relation]:
        return iter(self.relations)

    def __len__(self) -> int:
        return len(self.relations)

    def validate(self) -> None:
        """Every relation must name catalog tools; raises LibraryError listing the unknown ones."""
        unknown = sorted(
            {n for r in [*self.relations, *self.candidates, *self.alternatives] for n in (r.provider, r.consumer) if n not in self.catalog}
        )
        if unknown:
            shown = ", ".join(unknown[:8]) + (f" and {len(unknown) - 8} more" if len(unknown) > 8 else "")
            raise LibraryError(f"library relations name tools missing from the catalog: {shown}")

    def relations_of(self, tool: str, *, role: str = "any") -> list[Relation]:
        """Relations where ``tool`` is the consumer (``role="consumer"``), provider, or either."""
        self.catalog.get(tool)
        return [
            r
            for r in self.relations
            if (role in ("any", "consumer") and r.consumer == tool) or (role in ("any", "provider") and r.provider == tool)
        ]

    def counts(self) -> dict[str, int]:
        """Relations per kind: the paper's three always (zero included), extra kinds when present."""
        out = {k: 0 for k in PAPER_RELATION_KINDS}
        for r in self.relations:
            out[r.kind] = out.get(r.kind, 0) + 1
        return out

    def with_relations(self, relations: Iterable[Relation]) -> "ToolLibrary":
        """A copy holding other relations (e.g. the schema-only graph for the ablation)."""
        return ToolLibrary(
            catalog=self.catalog,
            relations=list(relations),
            contracts=self.contracts,
            candidates=self.candidates,
            runtime=self.runtime,
            settings=self.settings,
            overrides=self.overrides,
            alternatives=self.alternatives,
        )

    def schema_only(self) -> "ToolLibrary":
        """The library whose relations are all schema-compatible candidates (no execution filter)."""
        return self.with_relations(self.candidates)

    def apply_overrides(self, overrides: Mapping[str, Any]) -> "ToolLibrary":
        """Pin (add) and veto (remove) relations by hand; the library records what was applied.

        ``{"pin": [relation records], "veto": [{"provider": ..., "consumer": ..., "kind"?: ...}]}``.
        """
        pins = [Relation.from_json({**p, "source": "override"}) for p in overrides.get("pin", [])]
        vetoes = list(overrides.get("veto", []))
        for v in vetoes:
            for name in (v.get("provider"), v.get("consumer")):
                if name is not None:
                    self.catalog.get(name)

        def vetoed(r: Relation) -> bool:
            return any(
                all(v.get(k) in (None, getattr(r, k)) for k in ("provider", "consumer", "kind", "provider_field", "consumer_field"))
                for v in vetoes
            )

        kept = [r for r in self.relations if not vetoed(r)]
        lib = self.with_relations([*kept, *pins])
        lib.alternatives = [r for r in self.alternatives if not vetoed(r)]
        lib.overrides = {"pin": [p.to_json() for p in pins], "veto": vetoes}
        return lib

    # ------------------------------------------------------------------ merging
    @classmethod
    def merge(cls, libraries: Iterable["ToolLibrary | str | Path"], *, name: str = "merged") -> "ToolLibrary":
        """One library over several catalogs, each induced with its own runtime: the catalogs are
        concatenated in the given order and the relations, candidates and contracts united. Tool names
        must be unique across the parts (qualify them, e.g. ``Forge.login``); each part's runtime and
        settings are kept under ``"parts"``. Paths are loaded with :meth:`load`."""
        parts = [lib if isinstance(lib, ToolLibrary) else cls.load(lib) for lib in libraries]
        if not parts:
            raise LibraryError("merge needs at least one library")
        owner: dict[str, str] = {}
        clashes: list[str] = []
        for lib in parts:
            for tool in lib.catalog.names:
                if tool in owner:
                    clashes.append(f"{tool} ({owner[tool]} and {lib.catalog.name})")
                owner.setdefault(tool, lib.catalog.name)
        if clashes:
            raise LibraryError("cannot merge libraries whose catalogs share tool names: " + ", ".join(clashes[:NAMES_SHOWN])
                               + "; give the tools qualified names (Namespace.tool)")
        catalog = ToolCatalog([spec for lib in parts for spec in lib.catalog], name=name)
        contracts: dict[str, Any] = {}
        for lib in parts:
            contracts.update(lib.contracts)
        described = [{"catalog": lib.catalog.name, "fingerprint": lib.catalog.fingerprint(), "runtime": lib.runtime,
                      "settings": lib.settings, "overrides": lib.overrides} for lib in parts]
        return cls(
            catalog=catalog,
            relations=[r for lib in parts for r in lib.relations],
            contracts=contracts,
            candidates=[r for lib in parts for r in lib.candidates],
            runtime={"parts": [d["runtime"] for d in described]},
            settings={"parts": described},
            alternatives=[r for lib in parts for r in lib.alternatives],
        )

    def fit(self, catalog: ToolCatalog, *, strict: bool = False, source: str = "the library") -> "ToolLibrary":
        """This library over ``catalog``, which may differ from the catalog it was built for.

        The rules (one :class:`CatalogMismatchWarning` names the tools each applies to):

        * a tool the library does not know (added) is ranked by the base score alone, without relations;
        * a removed tool's relations are dropped;
        * a changed tool (other public metadata: an edited docstring or schema) keeps its relations
          whose input still exists (a relation into a renamed or removed input is dropped);
        * another tool order changes nothing (order only breaks score ties) and is not reported.

        ``strict=True`` raises :class:`CatalogMismatchError` for any difference instead. ``source``
        names the library in the messages (its path).
        """
        if catalog.fingerprint() == self.catalog.fingerprint():
            return self if catalog is self.catalog else self._over(catalog, self.relations, self.candidates, self.alternatives)
        from llama_index_libra.changes import catalog_changes

        changes = catalog_changes(self.catalog, catalog)
        if strict:
            raise CatalogMismatchError(f"{source}: {mismatch_message(changes)}", changes)

        def fits(r: Relation) -> bool:
            if r.provider not in catalog or r.consumer not in catalog:
                return False
            field_name = (r.consumer_field or "").split(".")[0].split("[")[0]
            return not field_name or field_name in catalog.get(r.consumer).input_names

        relations = [r for r in self.relations if fits(r)]
        candidates = [r for r in self.candidates if fits(r)]
        message = fit_message(source, changes, len(self.relations) - len(relations))
        if message:
            import warnings

            warnings.warn(message, CatalogMismatchWarning, stacklevel=caller_stacklevel())
        return self._over(catalog, relations, candidates, [r for r in self.alternatives if fits(r)])

    def _over(self, catalog: ToolCatalog, relations: list[Relation], candidates: list[Relation],
              alternatives: list[Relation]) -> "ToolLibrary":
        return ToolLibrary(catalog=catalog, relations=relations, contracts={k: v for k, v in self.contracts.items() if k in catalog},
                           candidates=candidates, runtime=self.runtime, settings=self.settings, overrides=self.overrides,
                           alternatives=alternatives)

    def code_changes(self, runtime: Any) -> list[str]:
        """Tools whose code differs from the build's (a code-only edit leaves the catalog as it was).

        Needs a runtime that reports code identities (``tool_identity``, as :class:`PythonRuntime` does)
        and a library built with one; otherwise nothing can be compared and the list is empty."""
        built = self.runtime.get("tool_code") if isinstance(self.runtime, Mapping) else None
        identity = getattr(runtime, "tool_identity", None)
        if not isinstance(built, Mapping) or not callable(identity):
            return []
        names = getattr(getattr(runtime, "catalog", None), "names", [])
        return [n for n in names if n in built and built[n] != identity(n)]

    def check_tools(self, catalog: ToolCatalog) -> None:
        """Raise :class:`CatalogMismatchError` unless every tool of this library is in ``catalog`` with
        the same public metadata (``catalog`` may hold more tools: those simply have no relations)."""
        changes = {
            "changed": [t.name for t in self.catalog if t.name in catalog and catalog.get(t.name).text() != t.text()],
            "added": [],
            "removed": [n for n in self.catalog.names if n not in catalog],
            "reordered": [],
        }
        if changes["changed"] or changes["removed"]:
            raise CatalogMismatchError(mismatch_message(changes), changes)

    # ------------------------------------------------------------------ persistence
    def to_json(self) -> dict[str, Any]:
        """The versioned, deterministic JSON document that :meth:`save` writes."""
        return {
            "format": LIBRARY_FORMAT,
            "version": LIBRARY_VERSION,
            "catalog": {
                "name": self.catalog.name,
                "fingerprint": self.catalog.fingerprint(),
                "tools": self.catalog.to_records(),
            },
            "runtime": self.runtime,
            "settings": self.settings,
            "contracts": {k: self.contracts[k] for k in sorted(self.contracts)},
            "relations": [r.to_json() for r in self.relations],
            "candidates": _encode_candidates(self.candidates, self.catalog),
            "alternatives": [r.to_json() for r in self.alternatives],
            "overrides": self.overrides,
            "counts": self.counts(),
        }

    def save(self, path: str | Path) -> Path:
        """Write the library atomically as deterministic, human-readable JSON.

        Text that UTF-8 cannot encode (a lone surrogate from a tool's docstring or an LLM reply) is
        repaired to U+FFFD rather than lost with the whole build at the last step."""
        from llama_index_libra.records import storable_json

        return atomic_write_json(path, storable_json(self.to_json()), indent=1)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, catalog: ToolCatalog | None = None) -> "ToolLibrary":
        """Build from the JSON of :meth:`to_json`; every problem is one LibraryError line."""
        from llama_index_libra.catalog import CatalogError

        if not isinstance(data, Mapping) or data.get("format") != LIBRARY_FORMAT:
            raise LibraryError("not a llama-index-libra tool library (missing or wrong 'format')")
        version = data.get("version")
        if type(version) is not int or version != LIBRARY_VERSION:  # True == 1 in Python
            raise LibraryError(
                f"library file version {version!r} is not supported by this package (expects {LIBRARY_VERSION}); rebuild it with `libra induce`"
            )
        stored_json = data.get("catalog")
        if not isinstance(stored_json, Mapping) or not isinstance(stored_json.get("tools"), list):
            raise LibraryError("library 'catalog' must be an object with a 'tools' list")
        name = stored_json.get("name", "catalog")
        if not isinstance(name, str):
            raise LibraryError("library catalog 'name' must be a string")
        for key, kind in (("relations", list), ("alternatives", list), ("contracts", Mapping), ("runtime", Mapping), ("settings", Mapping), ("overrides", Mapping)):
            if key in data and not isinstance(data[key], kind):
                raise LibraryError(f"library {key!r} must be a JSON {'array' if kind is list else 'object'}, got {type(data[key]).__name__}")
        contracts = data.get("contracts", {})
        bad = sorted(str(k) for k, v in contracts.items() if not isinstance(v, Mapping))
        if bad:
            raise LibraryError(f"library contracts must be JSON objects: {', '.join(bad[:8])}")
        try:
            stored = ToolCatalog.from_records(stored_json["tools"], name=name)
        except CatalogError as exc:
            raise LibraryError(f"library catalog: {exc}") from None
        if catalog is not None and catalog.fingerprint() != stored.fingerprint():
            from llama_index_libra.changes import catalog_changes

            changes = catalog_changes(stored, catalog)
            raise CatalogMismatchError(mismatch_message(changes), changes)
        return cls(
            catalog=catalog or stored,
            relations=[Relation.from_json(r) for r in data.get("relations", [])],
            contracts=dict(contracts),
            candidates=_decode_candidates(data.get("candidates", []), stored),
            runtime=dict(data.get("runtime", {})),
            settings=dict(data.get("settings", {})),
            overrides=dict(data.get("overrides", {})),
            alternatives=[Relation.from_json(r) for r in data.get("alternatives", [])],
        )

    @classmethod
    def load(cls, path: str | Path, *, catalog: ToolCatalog | None = None) -> "ToolLibrary":
        """Read a library file; unreadable, corrupt or malformed content fails with one clear line."""
        from llama_index_libra._io import parse_json

        from llama_index_libra._io import read_regular_file

        path = Path(path)
        if not path.exists():
            raise LibraryError(f"library file {path} does not exist")
        raw = read_regular_file(path, error=lambda r: LibraryError(f"library file: {r}"))
        data = parse_json(raw, error=lambda r: LibraryError(f"library file {path} is corrupt: {r}"))
        try:
            return cls.from_json(data, catalog=catalog)
        except CatalogMismatchError as exc:
            raise CatalogMismatchError(f"{path}: {exc}", exc.changes) from None
        except LibraryError as exc:
            raise LibraryError(f"{path}: {exc}") from None
        except (KeyError, TypeError, RecursionError) as exc:
            raise LibraryError(f"library file {path} is malformed: {type(exc).__name__}: {str(exc)[:200]}") from None


def _encode_candidates(candidates: list[Relation], catalog: ToolCatalog) -> dict[str, Any]:
    """The schema-only candidate graph in columns (tool and field indices): a large catalog has
    hundreds of thousands of candidates, which as relation records would dominate the file."""
    index = {name: i for i, name in enumerate(catalog.names)}
    fields = sorted({f for r in candidates for f in (r.provider_field or "", r.consumer_field or "")})
    field_index = {f: i for i, f in enumerate(fields)}
    return {
        "encoding": "columns-v1",
        "kind": "compatibility",
        "fields": fields,
        "provider": [index[r.provider] for r in candidates],
        "provider_field": [field_index[r.provider_field or ""] for r in candidates],
        "consumer": [index[r.consumer] for r in candidates],
        "consumer_field": [field_index[r.consumer_field or ""] for r in candidates],
        "similarity": [round(float(r.field_similarity or 0.0), 4) for r in candidates],
    }


def _decode_candidates(data: Any, catalog: ToolCatalog) -> list[Relation]:
    if isinstance(data, list):  # relation records
        return [Relation.from_json(r) for r in data]
    if not isinstance(data, Mapping) or data.get("encoding") != "columns-v1":
        raise LibraryError("library 'candidates' has an unknown encoding")
    names, fields = catalog.names, data.get("fields")
    if not isinstance(fields, list) or not all(isinstance(f, str) for f in fields):
        raise LibraryError("library 'candidates' fields must be a list of strings")
    keys = ("provider", "provider_field", "consumer", "consumer_field", "similarity")
    columns = [data.get(k) for k in keys]
    if not all(isinstance(c, list) for c in columns):
        raise LibraryError("library 'candidates' columns must be lists")
    if len({len(c) for c in columns}) > 1:
        raise LibraryError("library 'candidates' columns differ in length")
    for key, column, bound in zip(keys[:4], columns[:4], (len(names), len(fields), len(names), len(fields))):
        if not all(type(i) is int and 0 <= i < bound for i in column):  # bool is no index; -1 is no tool
            raise LibraryError(f"library 'candidates' {key} indices must be integers in 0..{bound - 1}")
    kind = data.get("kind", "compatibility")
    try:
        return [
            Relation(names[p], names[c], kind, fields[pf] or None, fields[cf] or None, sim, source="schema")
            for p, pf, c, cf, sim in zip(*columns)
        ]
    except IndexError:
        raise LibraryError("library 'candidates' refer to tools or fields that do not exist") from None


def load_overrides(path: str | Path) -> dict[str, Any]:
    """Read an overrides file ``{"pin": [...], "veto": [...]}``."""
    from llama_index_libra._io import parse_json, read_regular_file

    raw = read_regular_file(path, error=lambda r: LibraryError(f"overrides file: {r}"))
    data = parse_json(raw, error=lambda r: LibraryError(f"cannot read overrides file {path}: {r}"))
    if not isinstance(data, Mapping) or set(data) - {"pin", "veto"}:
        raise LibraryError(f"overrides file {path} must be an object with 'pin' and/or 'veto' lists")
    for key in ("pin", "veto"):
        items = data.get(key, [])
        if not isinstance(items, list) or not all(isinstance(i, Mapping) for i in items):
            raise LibraryError(f"overrides file {path}: {key!r} must be a list of relation objects")
    return dict(data)
