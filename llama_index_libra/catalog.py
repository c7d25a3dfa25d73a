"""Tool catalog: ``ToolSpec`` records and loaders from LlamaIndex tools, function docs and files.

A catalog is the flat list of tools a retriever ranks and induction executes. Each ``ToolSpec``
keeps the public metadata exactly as published (``source``), which is the only text any retrieval
method embeds or indexes, plus a normalized JSON Schema view (``parameters``/``response``) that
contracts and runtimes use (normalization: :mod:`llama_index_libra.schemas.normalize`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Sequence

from llama_index_libra._io import atomic_write_text, parse_json, read_regular_file
from llama_index_libra.schemas.docstrings import lift_docstring_constraints
from llama_index_libra.schemas.normalize import lift_prose_constraints, normalize_schema
from llama_index_libra.schemas.openapi import (
    OpenAPIError,
    is_openapi_document,
    load_openapi_document,
    openapi_function_docs,
    openapi_title,
)
from llama_index_libra.changes import catalog_changes
from llama_index_libra.schemas.validate import metaschema_problem, outside_references

__all__ = [
    "CATALOG_FORMAT",
    "CatalogError",
    "ToolSpec",
    "ToolCatalog",
    "normalize_schema",
    "lift_prose_constraints",
    "catalog_changes",
]


# The self-describing file ``ToolCatalog.to_file`` writes; ``from_file`` reads it back unchanged.
CATALOG_FORMAT = "llama-index-libra/catalog"
CATALOG_VERSION = 1


class CatalogError(ValueError):
    """A catalog that cannot be used: duplicates, missing fields, malformed file."""


# --------------------------------------------------------------------------- ToolSpec


@dataclass(frozen=True)
class ToolSpec:
    """One catalog entry: a uniquely named tool with its public metadata.

    ``parameters`` and ``response`` are normalized JSON Schemas; ``source`` is the public doc as
    published, serialized by :meth:`text` for every retrieval method alike.
    """

    name: str
    description: str
    parameters: dict[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})
    response: dict[str, Any] | None = None
    source: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    @property
    def short_name(self) -> str:
        """The name after the last dot (``book_flight`` for ``TravelAPI.book_flight``)."""
        return self.name.rsplit(".", 1)[-1]

    @property
    def namespace(self) -> str | None:
        """The qualifier before the last dot (the class or app), or None."""
        return self.name.rsplit(".", 1)[0] if "." in self.name else None

    @property
    def input_names(self) -> list[str]:
        """Top-level input parameter names, in declaration order."""
        return list((self.parameters or {}).get("properties", {}) or {})

    @property
    def required_inputs(self) -> list[str]:
        """Required input parameter names, in declaration order."""
        return list((self.parameters or {}).get("required", []) or [])

    def public_doc(self) -> dict[str, Any]:
        """The public metadata as one JSON object (published doc, with the qualified name)."""
        if self.source is not None:
            doc = dict(self.source)
            doc["name"] = self.name
            return doc
        doc: dict[str, Any] = {"name": self.name, "description": self.description, "parameters": self.parameters}
        if self.response is not None:
            doc["response"] = self.response
        return doc

    def text(self) -> str:
        """Serialized public metadata: what dense encoders embed and BM25 indexes."""
        return json.dumps(self.public_doc(), ensure_ascii=False)

    def to_dict(self) -> dict[str, Any]:
        """The normalized record :meth:`from_dict` reads back (the published doc kept as a JSON string)."""
        out: dict[str, Any] = {
            "name": self.name,
            "description": self.description,
            "parameters": self.parameters,
            "response": self.response,
        }
        # the published doc as a JSON string, so its key order (which dense encoders see, and the
        # fingerprint hashes) survives canonical, key-sorted files; a spec made without one keeps
        # its parameters' order the same way
        out["source"] = json.dumps(self.source if self.source is not None else self.public_doc(), ensure_ascii=False)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ToolSpec":
        """Build from a record written by :meth:`to_dict` (already normalized); raises CatalogError
        for a record that is not one."""
        if not isinstance(data, Mapping) or not isinstance(data.get("name"), str):
            raise CatalogError(f"tool record {_clip(data)} has no string 'name'")
        params = data.get("parameters") or {"type": "object", "properties": {}}
        if not isinstance(params, Mapping):
            raise CatalogError(f"tool {data['name']!r}: 'parameters' must be a JSON object, got {type(params).__name__}")
        source = data.get("source")
        if isinstance(source, str):
            source = parse_json(source, error=lambda r: CatalogError(f"tool {data['name']!r}: 'source' is not JSON ({r})"))
        if source is not None and not isinstance(source, dict):
            raise CatalogError(f"tool {data['name']!r}: 'source' must be a JSON object, got {type(source).__name__}")
        _check_schemas(data["name"], params, data.get("response"))
        return cls(
            name=data["name"],
            description=data.get("description", ""),
            parameters=dict(params),
            response=data.get("response"),
            source=source,
        )

    @classmethod
    def from_function_doc(cls, doc: Mapping[str, Any], *, namespace: str | None = None) -> "ToolSpec":
        """Build from an OpenAI/BFCL-style function doc, normalizing its schemas.

        Accepts ``{"name", "description", "parameters", "response"}`` and the OpenAI wrapper
        ``{"type": "function", "function": {...}}``. ``namespace`` qualifies the name
        (``TravelAPI`` + ``book_flight`` -> ``TravelAPI.book_flight``).
        """
        if "function" in doc and isinstance(doc["function"], Mapping):
            doc = doc["function"]
        missing = [k for k in ("name", "description") if not isinstance(doc.get(k), str) or not doc.get(k)]
        if missing:
            raise CatalogError(f"function doc {doc.get('name', '<unnamed>')!r} lacks {', '.join(missing)}")
        name = f"{namespace}.{doc['name']}" if namespace else doc["name"]
        params = doc.get("parameters") or {"type": "object", "properties": {}}
        if not isinstance(params, Mapping):
            raise CatalogError(f"tool {name!r}: 'parameters' must be a JSON object, got {type(params).__name__}")
        response = doc.get("response")
        if response is not None and not isinstance(response, Mapping):
            raise CatalogError(f"tool {name!r}: 'response' must be a JSON object, got {type(response).__name__}")
        source = json.loads(json.dumps(doc))  # plain JSON copy
        parameters = lift_docstring_constraints(doc["description"], normalize_schema(params))
        normalized_response = normalize_schema(response) if response is not None else None
        _check_schemas(name, parameters, normalized_response)
        return cls(
            name=name,
            description=doc["description"],
            parameters=parameters,
            response=normalized_response,
            source=source,
        )


# --------------------------------------------------------------------------- ToolCatalog


class ToolCatalog(Sequence[ToolSpec]):
    """An ordered catalog of uniquely named tools. Order is the deterministic tie-breaker."""

    def __init__(self, tools: Iterable[ToolSpec], *, name: str = "catalog") -> None:
        self._tools: list[ToolSpec] = list(tools)
        self.name = name
        _validate(self._tools)
        self._index = {t.name: i for i, t in enumerate(self._tools)}

    # sequence protocol
    def __len__(self) -> int:
        return len(self._tools)

    def __getitem__(self, i):  # type: ignore[override]
        return self._tools[i]

    def __iter__(self) -> Iterator[ToolSpec]:
        return iter(self._tools)

    def __contains__(self, name: object) -> bool:
        if isinstance(name, ToolSpec):
            name = name.name
        return name in self._index

    def __repr__(self) -> str:
        return f"ToolCatalog(name={self.name!r}, tools={len(self)})"

    @property
    def tools(self) -> list[ToolSpec]:
        """The tools' specs in catalog order (a new list per access; the catalog itself is a sequence of them)."""
        return list(self._tools)

    @property
    def names(self) -> list[str]:
        """Tool names in catalog order (a new list per access)."""
        return [t.name for t in self._tools]

    def get(self, name: str) -> ToolSpec:
        """The tool called ``name``; a KeyError names close matches when it is unknown."""
        try:
            return self._tools[self._index[name]]
        except KeyError:
            import difflib

            close = difflib.get_close_matches(name, self.names, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise KeyError(f"unknown tool {name!r} in catalog {self.name!r}{hint}") from None

    def index_of(self, name: str) -> int:
        """The catalog position of ``name`` (KeyError naming close matches when unknown)."""
        self.get(name)
        return self._index[name]

    def texts(self) -> list[str]:
        """Serialized public metadata of every tool, in catalog order."""
        return [t.text() for t in self._tools]

    def fingerprint(self) -> str:
        """Content hash of the public metadata (names, docs, order): a cache key."""
        h = hashlib.sha256()
        for t in self._tools:
            h.update(t.text().encode("utf-8"))
            h.update(b"\x00")
        return h.hexdigest()[:16]

    def subset(self, names: Iterable[str]) -> "ToolCatalog":
        """A catalog of the named tools, in this catalog's order, under the same name."""
        keep = set(names)
        return ToolCatalog([t for t in self._tools if t.name in keep], name=self.name)

    # ---- loaders

    @classmethod
    def from_function_docs(
        cls, docs: Iterable[Mapping[str, Any]], *, namespace: str | None = None, name: str = "catalog"
    ) -> "ToolCatalog":
        """Load OpenAI/BFCL-style function docs (see :meth:`ToolSpec.from_function_doc`)."""
        specs: list[ToolSpec] = []
        problems: list[str] = []
        for i, doc in enumerate(docs):
            if not isinstance(doc, Mapping):
                problems.append(f"entry {i}: expected a JSON object, got {type(doc).__name__}")
                continue
            try:
                specs.append(ToolSpec.from_function_doc(doc, namespace=namespace))
            except CatalogError as exc:
                problems.append(f"entry {i}: {exc}")
            except RecursionError:
                problems.append(f"entry {i}: its schemas nest too deeply")
        if problems:
            raise CatalogError("invalid catalog entries: " + "; ".join(problems))
        return cls(specs, name=name)

    @classmethod
    def from_openapi(
        cls, document: Mapping[str, Any] | str | Path, *, name: str | None = None, namespace: str | None = None
    ) -> "ToolCatalog":
        """One tool per operation of an OpenAPI 3 / Swagger 2 document (a mapping or a JSON/YAML file);
        the name defaults to the document's ``info.title``. ``$ref`` s are resolved inside the document only."""
        try:
            data = load_openapi_document(document)
            docs = openapi_function_docs(data)
        except OpenAPIError as exc:
            raise CatalogError(str(exc)) from None
        except RecursionError:
            raise CatalogError("the OpenAPI document nests too deeply") from None
        return cls.from_function_docs(docs, namespace=namespace, name=name or openapi_title(data) or "openapi")

    @classmethod
    def from_tools(cls, tools: Iterable[Any], *, name: str = "catalog") -> "ToolCatalog":
        """Load LlamaIndex ``BaseTool``s (``FunctionTool``, ``QueryEngineTool``, ...)."""
        specs = []
        for tool in tools:
            md = getattr(tool, "metadata", None)
            if md is None or not getattr(md, "name", None):
                raise CatalogError(f"tool {tool!r} has no metadata name; give every tool a unique name")
            params = md.get_parameters_dict() if hasattr(md, "get_parameters_dict") else {}
            doc = {"name": md.name, "description": md.description or "", "parameters": params}
            if not doc["description"]:
                raise CatalogError(f"invalid catalog entries: tool {md.name!r} lacks description")
            specs.append(ToolSpec.from_function_doc(doc))
        return cls(specs, name=name)

    @classmethod
    def from_file(cls, path: str | Path, *, name: str | None = None) -> "ToolCatalog":
        """Load a JSON array, a ``{"tools": [...]}`` object, JSONL of function docs, a file written by
        :meth:`to_file`, or an OpenAPI document (one tool per operation; JSON, or YAML with PyYAML).

        Every problem (unreadable, not UTF-8, malformed JSON, wrong shapes) is one CatalogError line.
        """
        path = Path(path)
        if not path.exists():
            raise CatalogError(f"catalog file {path} does not exist")
        if path.suffix.lower() in (".yaml", ".yml"):  # YAML catalogs are OpenAPI documents
            return cls.from_openapi(path, name=name)
        raw = read_regular_file(path, error=lambda r: CatalogError(f"catalog file: {r}"))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CatalogError(f"malformed catalog file {path}: not UTF-8 text (byte {exc.start})") from None
        docs: list[Any]
        stripped = text.lstrip()
        header: Any = None
        data: Any = None
        jsonl = not (stripped.startswith("[") or stripped.startswith("{") and path.suffix != ".jsonl")
        if not jsonl:
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                if exc.msg == "Extra data" and stripped.startswith("{"):
                    jsonl = True  # one object per line: JSONL under a .json name
                else:  # one CatalogError line for whatever is wrong (also deep nesting, huge ints, NaN)
                    data = parse_json(text, error=lambda r: CatalogError(f"malformed catalog file {path}: {r}"))
            except (RecursionError, ValueError):
                data = parse_json(text, error=lambda r: CatalogError(f"malformed catalog file {path}: {r}"))
            else:
                data = parse_json(text, error=lambda r: CatalogError(f"malformed catalog file {path}: {r}"))
        if jsonl:
            docs = []
            for lineno, line in enumerate(text.splitlines(), 1):
                if line.strip():
                    docs.append(parse_json(line, error=lambda r, n=lineno: CatalogError(f"malformed catalog file {path}: line {n}: {r}")))
            if docs and isinstance(docs[0], Mapping) and docs[0].get("format") == CATALOG_FORMAT:
                header, docs = docs[0], docs[1:]
        else:
            if is_openapi_document(data):
                return cls.from_openapi(data, name=name)  # one tool per operation
            if isinstance(data, Mapping) and data.get("format") == CATALOG_FORMAT:
                header = data
            if isinstance(data, Mapping) and "tools" in data:
                data = data["tools"]
                if not isinstance(data, (list, Mapping)):
                    raise CatalogError(f"catalog file {path}: 'tools' must be a list of function docs, got {type(data).__name__}")
            if isinstance(data, Mapping):
                data = [data]
            if not isinstance(data, list):
                raise CatalogError(f"catalog file {path}: expected a JSON array or object of function docs, got {type(data).__name__}")
            docs = list(data)
        if not docs:
            raise CatalogError(f"catalog file {path} holds no tools")
        if header is not None:
            if header.get("version") != CATALOG_VERSION:
                raise CatalogError(f"catalog file {path}: version {header.get('version')!r} is not supported (expects {CATALOG_VERSION})")
            stored_name = header.get("name") if isinstance(header.get("name"), str) else None
            return cls._from_spec_records(docs, name=name or stored_name or path.stem, origin=str(path))
        if all(isinstance(d, Mapping) and isinstance(d.get("source"), str) for d in docs):
            # records of ToolSpec.to_dict (the published doc kept as a JSON string)
            return cls._from_spec_records(docs, name=name or path.stem, origin=str(path))
        return cls.from_function_docs(docs, name=name or path.stem)

    @classmethod
    def _from_spec_records(cls, records: list[Any], *, name: str, origin: str) -> "ToolCatalog":
        """Specs from ``ToolSpec.to_dict`` records (already normalized: read back as written, so the
        fingerprint is the one of the catalog that wrote them)."""
        specs = []
        for i, record in enumerate(records):
            if not isinstance(record, Mapping) or not isinstance(record.get("name"), str):
                raise CatalogError(f"catalog file {origin}: entry {i} is not a tool record with a name")
            try:
                spec = ToolSpec.from_dict(record)
            except (TypeError, ValueError) as exc:
                raise CatalogError(f"catalog file {origin}: tool {record['name']!r}: {exc}") from None
            for field_name in ("source", "response"):
                if getattr(spec, field_name) is not None and not isinstance(getattr(spec, field_name), dict):
                    raise CatalogError(f"catalog file {origin}: tool {spec.name!r}: {field_name!r} must be a JSON object")
            specs.append(spec)
        return cls(specs, name=name)

    def to_file(self, path: str | Path) -> Path:
        """Write the catalog atomically so that :meth:`from_file` (and ``libra catalog``) reads it back
        with the same name and fingerprint: a JSON object ``{"format", "version", "name", "tools"}``,
        or, for a ``.jsonl`` path, that header line followed by one ``ToolSpec.to_dict`` record per line."""
        header = {"format": CATALOG_FORMAT, "version": CATALOG_VERSION, "name": self.name}
        if Path(path).suffix == ".jsonl":
            lines = [json.dumps(header, ensure_ascii=False)]
            lines += [json.dumps(t.to_dict(), ensure_ascii=False, sort_keys=True) for t in self._tools]
            return atomic_write_text(path, "\n".join(lines) + "\n")
        data = {**header, "tools": self.to_records()}
        return atomic_write_text(path, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n")

    def to_records(self) -> list[dict[str, Any]]:
        """Every tool as a :meth:`ToolSpec.to_dict` record, in order."""
        return [t.to_dict() for t in self._tools]

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, Any]], *, name: str = "catalog") -> "ToolCatalog":
        """A catalog from :meth:`to_records` output (already normalized)."""
        return cls([ToolSpec.from_dict(r) for r in records], name=name)


def _clip(value: Any, limit: int = 80) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


_SCHEMA_TYPES = frozenset({"object", "array", "string", "number", "integer", "boolean", "null"})


def _parameter_problems(spec: ToolSpec) -> list[str]:
    """Shape problems of a tool's parameter schema that would break contracts and retrieval."""
    params = spec.parameters
    where = f"tool {spec.name!r}: parameters"
    out: list[str] = []
    props = params.get("properties", {})
    if props is None:
        props = {}
    if not isinstance(props, Mapping):
        out.append(f"{where}.properties must be a JSON object, got {type(props).__name__}")
    else:
        for key, sub in props.items():
            if not isinstance(key, str) or not key:
                out.append(f"{where}.properties has an empty or non-string name {_clip(key)}")
            elif not isinstance(sub, (Mapping, bool)):
                out.append(f"{where}.properties.{key} must be a JSON Schema object, got {type(sub).__name__}")
    required = params.get("required", [])
    if required is not None and (not isinstance(required, list) or not all(isinstance(r, str) for r in required)):
        out.append(f"{where}.required must be a list of parameter names, got {_clip(required)}")
    for schema, label in ((params, "parameters"), (spec.response, "response")):
        refs = outside_references(schema, label, scope="the tool doc") if schema is not None else []
        if refs:  # never fetched by any validator; refused here so no contract inherits one
            out.append(f"tool {spec.name!r}: {refs[0]} (inline the referenced schema)")
    kind = params.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    if kind is not None and not all(isinstance(k, str) and k in _SCHEMA_TYPES for k in kinds):
        out.append(f"{where}.type must be a JSON Schema type name, got {_clip(kind)}")
    return out


def _check_schemas(name: str, parameters: Any, response: Any) -> None:
    """CatalogError when a loaded tool's parameter or response schema is no valid JSON Schema (contracts
    copy these schemas, and an invalid one would stop the build later instead of here)."""
    for label, schema in (("parameters", parameters), ("response", response)):
        if not isinstance(schema, Mapping):
            continue
        try:
            text = json.dumps(schema, sort_keys=True, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):
            raise CatalogError(f"tool {name!r}: {label} is not JSON") from None
        reason = metaschema_problem(text)
        if reason is not None:
            raise CatalogError(f"tool {name!r}: {label}{reason} (not a valid JSON Schema)")


def _validate(tools: list[ToolSpec]) -> None:
    if not tools:
        raise CatalogError("the catalog is empty: give at least one tool")
    problems = []
    seen: dict[str, int] = {}
    dups: list[str] = []
    for i, t in enumerate(tools):
        if not isinstance(t, ToolSpec):
            problems.append(f"entry {i} is a {type(t).__name__}, not a ToolSpec")
            continue
        if not t.name or not isinstance(t.name, str):
            problems.append(f"entry {i} has no name")
        if not isinstance(t.description, str) or not t.description.strip():
            problems.append(f"tool {t.name!r} lacks description")
        if not isinstance(t.parameters, dict):
            problems.append(f"tool {t.name!r} has non-object parameters")
        else:
            problems += _parameter_problems(t)
        if t.response is not None and not isinstance(t.response, dict):
            problems.append(f"tool {t.name!r}: 'response' must be a JSON object, got {type(t.response).__name__}")
        try:
            t.text().encode("utf-8")
        except (UnicodeEncodeError, RecursionError, TypeError, ValueError) as exc:
            reason = "holds a lone surrogate (not UTF-8)" if isinstance(exc, UnicodeEncodeError) else f"metadata is not JSON text ({type(exc).__name__})"
            problems.append(f"tool {t.name!r}: {reason}")
        if t.name in seen:
            dups.append(t.name)
        seen[t.name] = i
    if dups:
        problems.insert(0, "duplicate tool names: " + ", ".join(sorted(set(dups))))
    if problems:
        raise CatalogError("invalid catalog: " + "; ".join(problems))
