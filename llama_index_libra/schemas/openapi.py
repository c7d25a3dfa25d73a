"""OpenAPI 3 / Swagger 2 documents -> function docs, one per operation (no catalog involved).

Path, query, header and body parameters become one JSON Schema object (a JSON body's properties are
flattened into it, as an agent would pass them), the first 2xx JSON response the response schema.
``$ref`` s are resolved inside the document only: a reference to a file or a URL is an
:class:`OpenAPIError`, never a read or a fetch. Resolution is bounded: each operation's schemas hold at
most :data:`NODE_BUDGET` nodes per parameter, request and response (and :data:`DOCUMENT_BUDGET` per document) (references past it are stubs that say so), so doubling references and
YAML alias bombs cost bounded work; nesting past :data:`MAX_NESTING` levels and fields of the wrong
shape (``parameters: 5``) are one :class:`OpenAPIError` naming the operation. The catalog turns the docs into tools
(``ToolCatalog.from_openapi``); ``llama_index_libra.sources`` offers the same as functions.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Mapping

__all__ = ["HTTP_METHODS", "OpenAPIError", "load_openapi_document", "openapi_function_docs", "openapi_title",
           "is_openapi_document", "NODE_BUDGET", "DOCUMENT_BUDGET", "MAX_NESTING"]

HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
_MAX_REF_DEPTH = 32  # nested $ref resolutions followed in one schema (cycles stop earlier)
NODE_BUDGET = 5_000  # nodes one resolved parameter, request body or response may hold (past it: stubs)
DOCUMENT_BUDGET = 100_000  # nodes all of a document's resolutions together may hold (300 aliased parameters)
MAX_NESTING = 100  # container levels in one operation's schemas, references followed (about 50 schema levels)
_NAME_CHARS = re.compile(r"[^A-Za-z0-9_]+")


class OpenAPIError(ValueError):
    """A document that is no usable OpenAPI description (the catalog reports it as a CatalogError)."""


def is_openapi_document(data: Any) -> bool:
    """Whether parsed JSON is an OpenAPI/Swagger document (a version field and ``paths``)."""
    return isinstance(data, Mapping) and ("openapi" in data or "swagger" in data) and "paths" in data


def load_openapi_document(document: Mapping[str, Any] | str | Path) -> dict[str, Any]:
    """The document as a dict: a mapping as given, else a JSON (or, with PyYAML, YAML) file."""
    if isinstance(document, Mapping):
        return dict(document)
    path = Path(document)
    if not path.is_file():
        raise OpenAPIError(f"OpenAPI document {path} does not exist")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise OpenAPIError(f"cannot read OpenAPI document {path}: {exc}".splitlines()[0]) from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise OpenAPIError(f"OpenAPI document {path} nests too deeply") from None
    except json.JSONDecodeError:
        try:
            import yaml  # PyYAML, when installed: OpenAPI documents are often YAML
        except ImportError:
            raise OpenAPIError(f"{path} is not JSON (install PyYAML to read YAML OpenAPI documents)") from None
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise OpenAPIError(f"malformed OpenAPI document {path}: {exc}".splitlines()[0]) from None
        except RecursionError:
            raise OpenAPIError(f"OpenAPI document {path} nests too deeply") from None
    if not isinstance(data, dict):
        raise OpenAPIError(f"OpenAPI document {path} is not a JSON object")
    return data


def openapi_title(data: Mapping[str, Any]) -> str | None:
    """The document's ``info.title``, or None."""
    title = (data.get("info") or {}).get("title") if isinstance(data.get("info"), Mapping) else None
    return str(title) if title else None


class _Resolver:
    """Local ``#/...`` references replaced by copies of their targets, within a node budget.

    A schema used twice is copied twice, so a document whose schemas refer to each other in a doubling
    pattern (or a YAML alias bomb) would grow exponentially. One resolution (a parameter, the request
    body, a response) may therefore expand references into at most :data:`NODE_BUDGET` nodes: past it,
    a reference becomes a stub schema that says it was not expanded, and literal structure past twice
    the budget (a YAML alias bomb) is cut to empty containers, so every document costs bounded work. A reference already being expanded on the path (a cycle) becomes a one-line stub, and
    nesting past :data:`MAX_NESTING` levels is an :class:`OpenAPIError`.
    """

    def __init__(self, document: Mapping[str, Any], where: str = "", shared: list[int] | None = None) -> None:
        self.document = document
        self.left = NODE_BUDGET
        self.where = where
        self.shared = shared if shared is not None else [DOCUMENT_BUDGET]  # the whole document's budget, shared

    def target(self, ref: str) -> Any:
        if not ref.startswith("#/"):
            raise OpenAPIError(f"{self.where}$ref {ref!r} points outside the document; only local '#/...' references are read")
        node: Any = self.document
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if isinstance(node, list) and part.isdigit() and int(part) < len(node):
                node = node[int(part)]
                continue
            if not isinstance(node, Mapping) or part not in node:
                raise OpenAPIError(f"{self.where}$ref {ref!r} does not exist in the document")
            node = node[part]
        return node

    def deref(self, node: Any) -> Any:
        """``node`` itself, or the target of its ``$ref`` chain (no copy; a chain is followed 32 steps)."""
        for _ in range(_MAX_REF_DEPTH):
            if not (isinstance(node, Mapping) and isinstance(node.get("$ref"), str)):
                return node
            node = self.target(node["$ref"])
        raise OpenAPIError(f"{self.where}a chain of more than {_MAX_REF_DEPTH} references")

    def __call__(self, node: Any, seen: tuple[str, ...] = (), depth: int = 0) -> Any:
        if depth > MAX_NESTING:
            raise OpenAPIError(f"{self.where}the schemas nest deeper than {MAX_NESTING} levels")
        if not isinstance(node, (Mapping, list)):
            return node if isinstance(node, (str, int, float, bool)) or node is None else str(node)
        if self.left <= -NODE_BUDGET or self.shared[0] <= -NODE_BUDGET:  # literal structure (a YAML alias bomb): cut
            return {} if isinstance(node, Mapping) else []
        self.left -= 1
        self.shared[0] -= 1
        if isinstance(node, list):
            return [self(v, seen, depth + 1) for v in node]
        ref = node.get("$ref")
        if isinstance(ref, str):
            if ref in seen or len(seen) >= _MAX_REF_DEPTH:
                return {"type": "object", "description": f"recursive reference {ref}"}
            if self.left <= 0 or self.shared[0] <= 0:
                return {"type": "object", "description": f"reference {ref} not expanded: the operation's schemas pass "
                        f"{NODE_BUDGET:,} nodes, or the document's {DOCUMENT_BUDGET:,}"}
            resolved = self(self.target(ref), (*seen, ref), depth + 1)
            siblings = {str(k): self(v, seen, depth + 1) for k, v in node.items() if k != "$ref"}
            return {**resolved, **siblings} if isinstance(resolved, dict) else resolved
        return {str(k): self(v, seen, depth + 1) for k, v in node.items()}


def _operation_name(method: str, path: str, operation: Mapping[str, Any]) -> str:
    op_id = operation.get("operationId")
    if isinstance(op_id, str) and op_id.strip():
        return op_id.strip()
    return f"{method}_" + _NAME_CHARS.sub("_", path).strip("_")


def _json_schema_of(content: Any) -> Any:
    """The schema of the JSON media type of a requestBody/response ``content`` map (None if none)."""
    if not isinstance(content, Mapping):
        return None
    for media, body in content.items():
        if ("json" in str(media) or media == "*/*") and isinstance(body, Mapping) and isinstance(body.get("schema"), Mapping):
            return body["schema"]
    return None


def _shape(value: Any, kind: Any, what: str, where: str) -> Any:
    """``value`` when it is a ``kind`` (``Mapping`` or ``list``), else an :class:`OpenAPIError` naming
    the field and the operation."""
    if not isinstance(value, kind):
        want = "a list" if kind is list else "an object"
        raise OpenAPIError(f"{where}{what} must be {want}, got {type(value).__name__}")
    return value


def _operation_doc(method: str, path: str, operation: Mapping[str, Any], shared: list[Any], document: Mapping[str, Any],
                   budget: list[int] | None = None) -> dict[str, Any]:
    name = _operation_name(method, path, operation)
    where = f"operation {name!r} ({method.upper()} {path}): "
    budget = budget if budget is not None else [DOCUMENT_BUDGET]

    def resolve(node: Any) -> Any:  # each parameter, the request and the response: a budget each, within the document's
        return _Resolver(document, where, budget)(node)
    summary = str(operation.get("summary") or "").strip()
    detail = str(operation.get("description") or "").strip()
    description = " ".join(p for p in (summary, detail if detail != summary else "") if p) or f"{method.upper()} {path}"
    properties: dict[str, Any] = {}
    required: list[str] = []
    by_key: dict[tuple[str, str], Any] = {}
    own = _shape(operation.get("parameters") or [], list, "'parameters'", where)
    for i, param in enumerate([*shared, *own]):  # operation-level ones override
        param = resolve(param)
        _shape(param, Mapping, f"parameter {i}", where)
        if not isinstance(param.get("name"), str):
            raise OpenAPIError(f"{where}parameter {i} has no 'name'")
        by_key[(param["name"], str(param.get("in", "query")))] = param
    body_schema = None
    for (pname, where_in), param in by_key.items():
        if where_in == "body":  # Swagger 2
            body_schema = param.get("schema")
            continue
        given = param.get("schema")
        if given is not None:
            _shape(given, Mapping, f"the schema of parameter {pname!r}", where)
        schema = dict(given or {k: param[k] for k in ("type", "enum", "format", "items", "default") if k in param})
        if param.get("description") and "description" not in schema:
            schema["description"] = str(param["description"])
        properties[pname] = schema
        if param.get("required") or where_in == "path":
            required.append(pname)
    request = resolve(operation.get("requestBody")) if operation.get("requestBody") is not None else None
    if request is not None:
        _shape(request, Mapping, "'requestBody'", where)
        if request.get("content") is not None:
            _shape(request["content"], Mapping, "'requestBody.content'", where)
        body_schema = _json_schema_of(request.get("content"))
        body_required = bool(request.get("required"))
    else:
        body_required = body_schema is not None
    if isinstance(body_schema, Mapping):  # already resolved with its parameter or request body
        body_props = body_schema.get("properties")
        if body_schema.get("type", "object") == "object" and isinstance(body_props, Mapping) and not (set(body_props) & set(properties)):
            properties.update(body_props)  # flat arguments, as an agent would pass them
            body_req = body_schema.get("required")
            required.extend(r for r in (body_req if isinstance(body_req, list) else []) if isinstance(r, str))
        else:
            properties["body"] = body_schema
            if body_required:
                required.append("body")
    elif body_schema is not None:
        raise OpenAPIError(f"{where}the request body's schema must be an object, got {type(body_schema).__name__}")
    response = None
    responses = _shape(operation.get("responses") or {}, Mapping, "'responses'", where)
    for code in sorted((c for c in responses if str(c).startswith("2")), key=str):
        answer = _shape(resolve(responses[code]), Mapping, f"response {code}", where)
        response = _json_schema_of(answer.get("content")) or (answer.get("schema") if isinstance(answer.get("schema"), Mapping) else None)
        if response is not None:
            break
    doc: dict[str, Any] = {
        "name": name,
        "description": description,
        "parameters": {"type": "object", "properties": properties, "required": list(dict.fromkeys(required))},
    }
    if response is not None:
        doc["response"] = response
    return doc


def openapi_function_docs(document: Mapping[str, Any] | str | Path) -> list[dict[str, Any]]:
    """One function doc (``name``, ``description``, ``parameters``, ``response``) per operation, in
    document order; raises :class:`OpenAPIError` for a document without operations."""
    data = load_openapi_document(document)
    if not any(k in data for k in ("openapi", "swagger")):
        raise OpenAPIError("not an OpenAPI document: no 'openapi' (or 'swagger') version field")
    paths = data.get("paths")
    if not isinstance(paths, Mapping) or not paths:
        raise OpenAPIError("the OpenAPI document has no 'paths'")
    docs = []
    budget = [DOCUMENT_BUDGET]  # every resolution of this document draws on it
    for path, item in paths.items():
        where = f"path {path}: "
        item = _Resolver(data, where).deref(item)  # a path item may itself be a reference
        _shape(item, Mapping, "the path item", where)
        shared = list(_shape(item.get("parameters") or [], list, "'parameters'", where))
        for method in HTTP_METHODS:
            operation = item.get(method)
            if operation is not None:
                _shape(operation, Mapping, f"'{method}'", where)
                docs.append(_operation_doc(method, str(path), operation, shared, data, budget))
    if not docs:
        raise OpenAPIError("the OpenAPI document has no operations")
    return docs
