"""Tool catalog: ``ToolSpec`` records and loaders from LlamaIndex tools, function docs and files.

A catalog is the flat list of tools a retriever ranks and induction executes. Each ``ToolSpec``
keeps the public metadata exactly as published (``source``), which is the only text any retrieval
method embeds or indexes, plus a normalized JSON Schema view (``parameters``/``response``) that
contracts and runtimes use. Normalization maps Python-ish type names to JSON Schema and lifts
constraints stated in prose ("[Enum]: [...]", "between 0 and 1", "YYYY-MM-DD") into keywords.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Sequence

__all__ = [
    "CatalogError",
    "ToolSpec",
    "ToolCatalog",
    "normalize_schema",
    "lift_prose_constraints",
]


class CatalogError(ValueError):
    """A catalog that cannot be used: duplicates, missing fields, malformed file."""


# --------------------------------------------------------------------------- schema normalization

_TYPE_ALIASES = {
    "dict": "object",
    "object": "object",
    "float": "number",
    "double": "number",
    "number": "number",
    "int": "integer",
    "integer": "integer",
    "long": "integer",
    "str": "string",
    "string": "string",
    "bool": "boolean",
    "boolean": "boolean",
    "list": "array",
    "array": "array",
    "tuple": "array",
    "set": "array",
    "null": "null",
    "none": "null",
}
_ANY_TYPES = {"any", "Any"}
# Keys whose values are maps of sub-schemas or lists of sub-schemas.
_SCHEMA_MAP_KEYS = ("properties", "patternProperties", "$defs", "definitions")
_SCHEMA_LIST_KEYS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SCHEMA_ONE_KEYS = ("items", "additionalProperties", "not", "contains")

_NUM = r"[-+]?\d+(?:\.\d+)?"
_ENUM_RE = re.compile(r"\[Enum\]\s*:\s*(\[[^\]]*\]|[^.\n]+)", re.IGNORECASE)
_OPTIONS_RE = re.compile(
    r"(?:Options are|Possible values are|Possible values|Allowed values are|Allowed values|One of|Must be one of)\s*:?\s*"
    r"(\[[^\]]*\]|[^.\n]+)",
    re.IGNORECASE,
)
_BETWEEN_RE = re.compile(rf"(?:between|from)\s+({_NUM})(?:\s*\([^)]*\))?\s+(?:and|to)\s+({_NUM})", re.IGNORECASE)
_MULTIPLE_RE = re.compile(rf"multiple of\s+({_NUM})", re.IGNORECASE)
_AT_LEAST_RE = re.compile(rf"(?:at least|minimum(?: of| is)?|>=)\s+({_NUM})\b", re.IGNORECASE)
_AT_MOST_RE = re.compile(rf"(?:at most|maximum(?: of| is)?|<=)\s+({_NUM})\b", re.IGNORECASE)
# Date/time layouts written in prose, most specific first.
_LAYOUTS: list[tuple[str, dict[str, str]]] = [
    ("YYYY-MM-DD HH:MM:SS", {"pattern": r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$"}),
    ("YYYY-MM-DDTHH:MM:SS", {"format": "date-time"}),
    ("YYYY-MM-DD", {"format": "date"}),
    ("MM/YYYY", {"pattern": r"^\d{2}/\d{4}$"}),
    ("MM/DD/YYYY", {"pattern": r"^\d{2}/\d{2}/\d{4}$"}),
    ("DD/MM/YYYY", {"pattern": r"^\d{2}/\d{2}/\d{4}$"}),
    ("HH:MM:SS", {"pattern": r"^\d{2}:\d{2}:\d{2}$"}),
    ("HH:MM AM/PM", {"pattern": r"^\d{1,2}:\d{2} ?(AM|PM)$"}),
    ("HH:MM", {"pattern": r"^\d{2}:\d{2}$"}),
]


def _number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() and "." not in text else value


def _split_values(raw: str) -> list[str]:
    raw = raw.strip().rstrip(".;")
    if raw.startswith("["):
        try:
            parsed = json.loads(raw)
            if isinstance(parsed, list) and all(isinstance(v, (str, int, float, bool)) for v in parsed):
                return [v if isinstance(v, str) else json.dumps(v) for v in parsed]
        except json.JSONDecodeError:
            raw = raw.strip("[]")
    parts = re.split(r",|\bor\b", raw)
    values = [p.strip().strip("'\"`").strip() for p in parts]
    return [v for v in values if v]


def _coerce_enum(values: list[str], json_type: str | None) -> list[Any] | None:
    """Enum values typed like the schema; None when a value cannot be read as that type."""
    out: list[Any] = []
    for v in values:
        if json_type in ("integer", "number"):
            try:
                out.append(_number(v))
            except ValueError:
                return None
        elif json_type == "boolean":
            if v.lower() not in ("true", "false"):
                return None
            out.append(v.lower() == "true")
        elif json_type in (None, "string"):
            if len(v) > 64 or len(v.split()) > 4:  # prose, not a value list
                return None
            out.append(v)
        else:
            return None
    # preserve order, drop duplicates
    seen: list[Any] = []
    for v in out:
        if v not in seen:
            seen.append(v)
    return seen or None


def lift_prose_constraints(schema: dict[str, Any]) -> dict[str, Any]:
    """Return a copy of one (non-recursive) schema node with constraints stated in its prose lifted.

    Works for any catalog: enumerations ("[Enum]: ...", "Options are: ..."), numeric ranges
    ("between 0 and 1", "from 0 to 100", "at least 1"), "multiple of N" and date/time layouts.
    Constraints that the node already states explicitly are never overwritten.
    """
    node = dict(schema)
    desc = node.get("description")
    if not isinstance(desc, str) or not desc:
        return node
    json_type = node.get("type") if isinstance(node.get("type"), str) else None
    item_schema = node.get("items") if json_type == "array" and isinstance(node.get("items"), dict) else None

    if "enum" not in node:
        match = _ENUM_RE.search(desc) or _OPTIONS_RE.search(desc)
        if match:
            target_type = item_schema.get("type") if item_schema is not None else json_type
            values = _coerce_enum(_split_values(match.group(1)), target_type)
            if values:
                if item_schema is not None:
                    if "enum" not in item_schema:
                        node["items"] = {**item_schema, "enum": values}
                else:
                    node["enum"] = values
    if json_type in ("integer", "number"):
        between = _BETWEEN_RE.search(desc)
        if between:
            lo, hi = _number(between.group(1)), _number(between.group(2))
            if lo <= hi:
                node.setdefault("minimum", lo)
                node.setdefault("maximum", hi)
        else:
            if (m := _AT_LEAST_RE.search(desc)) is not None:
                node.setdefault("minimum", _number(m.group(1)))
            if (m := _AT_MOST_RE.search(desc)) is not None:
                node.setdefault("maximum", _number(m.group(1)))
        if (m := _MULTIPLE_RE.search(desc)) is not None and _number(m.group(1)) > 0:
            node.setdefault("multipleOf", _number(m.group(1)))
    if json_type == "string" and "format" not in node and "pattern" not in node:
        for layout, keywords in _LAYOUTS:
            if layout in desc:
                for key, value in keywords.items():
                    node.setdefault(key, value)
                break
    return node


def normalize_schema(schema: Any) -> Any:
    """Normalize a function-doc schema (BFCL/OpenAI style) into JSON Schema draft 2020-12.

    ``dict`` -> ``object``, ``float`` -> ``number``, ``tuple`` -> ``array`` and so on, recursively,
    then lifts constraints stated in descriptions. The input is not modified.
    """
    if isinstance(schema, list):
        return [normalize_schema(s) for s in schema]
    if not isinstance(schema, Mapping):
        return copy.deepcopy(schema)
    node: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "type":
            node[key] = _normalize_type(value)
        elif key in _SCHEMA_MAP_KEYS and isinstance(value, Mapping):
            node[key] = {k: normalize_schema(v) for k, v in value.items()}
        elif key in _SCHEMA_LIST_KEYS and isinstance(value, list):
            node[key] = [normalize_schema(v) for v in value]
        elif key in _SCHEMA_ONE_KEYS and isinstance(value, Mapping):
            node[key] = normalize_schema(value)
        elif key == "optional":
            continue  # some docs mark optionality per property; "required" carries it
        else:
            node[key] = copy.deepcopy(value)
    if node.get("type") is None:
        node.pop("type", None)
    return lift_prose_constraints(node)


def _normalize_type(value: Any) -> Any:
    if isinstance(value, list):
        out = [t for t in (_normalize_type(v) for v in value) if t is not None]
        return out or None
    if isinstance(value, str):
        if value in _ANY_TYPES:
            return None
        return _TYPE_ALIASES.get(value.lower(), value)
    return value


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
        out: dict[str, Any] = {
            "name": self.name,
            "description": self.description,
            "parameters": self.parameters,
            "response": self.response,
        }
        if self.source is not None:
            # a JSON string, so the published key order (which dense encoders see) survives
            # canonical, key-sorted library files
            out["source"] = json.dumps(self.source, ensure_ascii=False)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "ToolSpec":
        """Build from a record written by :meth:`to_dict` (already normalized); raises CatalogError
        for a record that is not one."""
        from llama_index_libra._io import parse_json

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
        parameters = normalize_schema(params)
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
    def names(self) -> list[str]:
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
        """Load a JSON array, a ``{"tools": [...]}`` object, or JSONL of function docs.

        Every problem (unreadable, not UTF-8, malformed JSON, wrong shapes) is one CatalogError line.
        """
        from llama_index_libra._io import parse_json

        path = Path(path)
        if not path.exists():
            raise CatalogError(f"catalog file {path} does not exist")
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise CatalogError(f"cannot read catalog file {path}: {exc.strerror or exc}") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise CatalogError(f"malformed catalog file {path}: not UTF-8 text (byte {exc.start})") from None
        docs: list[Any]
        stripped = text.lstrip()
        if stripped.startswith("[") or stripped.startswith("{") and path.suffix != ".jsonl":
            data = parse_json(text, error=lambda r: CatalogError(f"malformed catalog file {path}: {r}"))
            if isinstance(data, Mapping) and "tools" in data:
                data = data["tools"]
                if not isinstance(data, (list, Mapping)):
                    raise CatalogError(f"catalog file {path}: 'tools' must be a list of function docs, got {type(data).__name__}")
            if isinstance(data, Mapping):
                data = [data]
            docs = list(data)
        else:
            docs = []
            for lineno, line in enumerate(text.splitlines(), 1):
                if line.strip():
                    docs.append(parse_json(line, error=lambda r, n=lineno: CatalogError(f"malformed catalog file {path}: line {n}: {r}")))
        if not docs:
            raise CatalogError(f"catalog file {path} holds no tools")
        return cls.from_function_docs(docs, name=name or path.stem)

    def to_file(self, path: str | Path) -> None:
        """Write the catalog as JSONL of ``ToolSpec.to_dict`` records (atomically)."""
        from llama_index_libra._io import atomic_write_text

        lines = [json.dumps(t.to_dict(), ensure_ascii=False, sort_keys=True) for t in self._tools]
        atomic_write_text(path, "\n".join(lines) + "\n")

    def to_records(self) -> list[dict[str, Any]]:
        return [t.to_dict() for t in self._tools]

    @classmethod
    def from_records(cls, records: Iterable[Mapping[str, Any]], *, name: str = "catalog") -> "ToolCatalog":
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
    from llama_index_libra.contracts.safeschema import outside_references

    for schema, label in ((params, "parameters"), (spec.response, "response")):
        refs = outside_references(schema, label, scope="the tool doc") if schema is not None else []
        if refs:  # never fetched by any validator; refused here so no contract inherits one
            out.append(f"tool {spec.name!r}: {refs[0]} (inline the referenced schema)")
    kind = params.get("type")
    kinds = kind if isinstance(kind, list) else [kind]
    if kind is not None and not all(isinstance(k, str) and k in _SCHEMA_TYPES for k in kinds):
        out.append(f"{where}.type must be a JSON Schema type name, got {_clip(kind)}")
    return out


@functools.lru_cache(maxsize=1)
def _meta_validator() -> Any:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(Draft202012Validator.META_SCHEMA)


@functools.lru_cache(maxsize=8192)
def _metaschema_problem(schema_json: str) -> str | None:
    """The first reason the schema (as JSON text) is not valid JSON Schema draft 2020-12, or None.

    Cached by text: checking costs about a millisecond per tool, and catalogs are loaded repeatedly.
    """
    error = next(iter(_meta_validator().iter_errors(json.loads(schema_json))), None)
    if error is None:
        return None
    return f"{error.json_path[1:] or ''}: {error.message[:160]}"


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
        reason = _metaschema_problem(text)
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
