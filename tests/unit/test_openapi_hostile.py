"""Hostile OpenAPI documents: reference explosions, alias bombs, deep nesting and wrong shapes (issue #23, item 5).

``$ref`` s used to be copied inline with no budget: 2 KB documents with 10/12/14 doubled levels took
5.8/24/145 s and 30 levels (a cycle with fan-out, a 660-byte YAML alias bomb) never finished. Every
document here loads in bounded work, or fails with one CatalogError line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from llama_index_libra.catalog import CatalogError, ToolCatalog
from llama_index_libra.schemas.openapi import DOCUMENT_BUDGET, NODE_BUDGET
from tests.support.paths import REPO


def _nodes(value, scalar: int = 1) -> int:
    """Containers and scalars in a JSON value (the work a copy of it costs); ``scalar=0``: containers
    only (what a resolution's budget counts)."""
    if isinstance(value, dict):
        return 1 + sum(_nodes(v, scalar) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(_nodes(v, scalar) for v in value)
    return scalar


def _doubling(levels: int) -> dict:
    """Each schema refers twice to the next: the inline copy of the first has 2**levels leaves."""
    schemas = {f"S{i}": {"type": "object", "properties": {"left": {"$ref": f"#/components/schemas/S{i + 1}"},
                                                           "right": {"$ref": f"#/components/schemas/S{i + 1}"}}}
               for i in range(levels)}
    schemas[f"S{levels}"] = {"type": "string"}
    return _document({"$ref": "#/components/schemas/S0"}, schemas)


def _document(body_schema: dict, schemas: dict) -> dict:
    return {"openapi": "3.0.0", "info": {"title": "hostile"}, "components": {"schemas": schemas},
            "paths": {"/x": {"post": {"operationId": "make_x", "requestBody": {"content": {"application/json": {"schema": body_schema}}},
                                      "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": body_schema}}}}}}}}


def _cycle_with_fan_out(size: int = 9, fan: int = 5) -> dict:
    schemas = {f"C{i}": {"type": "object", "properties": {f"p{j}": {"$ref": f"#/components/schemas/C{(i + j + 1) % size}"}
                                                          for j in range(fan)}} for i in range(size)}
    return _document({"$ref": "#/components/schemas/C0"}, schemas)


YAML_BOMB = """openapi: 3.0.0
info: {title: bomb}
x-a: &a [x, x, x, x, x, x, x, x, x]
x-b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
x-c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
x-d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
x-e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
x-f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
x-g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
x-h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
x-i: &i [*h, *h, *h, *h, *h, *h, *h, *h, *h]
paths:
  /x:
    get:
      operationId: get_x
      parameters: [{name: q, in: query, schema: {type: array, default: *i}}]
      responses: {"200": {description: ok}}
"""


def test_doubled_references_expand_within_the_node_budget():
    catalog = ToolCatalog.from_openapi(_doubling(12))  # 2**12 copies when copied inline
    spec = catalog.get("make_x")
    assert _nodes(spec.parameters) <= NODE_BUDGET + 64 and _nodes(spec.response) <= NODE_BUDGET + 64
    text = json.dumps(spec.parameters)
    assert "not expanded" in text and "#/components/schemas/S" in text  # cut where the budget ran out, and says so
    small = ToolCatalog.from_openapi(_doubling(4)).get("make_x")  # small documents expand in full
    assert "not expanded" not in json.dumps(small.parameters) and json.dumps(small.parameters).count('"string"') == 16


def test_a_document_of_many_operations_over_one_big_schema_stays_within_its_budget():
    """100 paths x 8 methods, each taking the same 4,000-node schema (a YAML alias bomb's shape, with
    references): each operation alone fits its own budget, the document's budget caps them all
    (before: 127 s and 1.5 GB for such a 5.6 KB file)."""
    big = {"type": "object", "properties": {f"f{i}": {"type": "array", "items": {"type": "string", "enum": list("abcdefghij")}}
                                            for i in range(300)}}
    op = {"requestBody": {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Big"}}}},
          "responses": {"200": {"description": "ok"}}}
    methods = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
    document = {"openapi": "3.0.0", "info": {"title": "many"}, "components": {"schemas": {"Big": big}},
                "paths": {f"/p{i}": {m: {**op, "operationId": f"{m}_{i}"} for m in methods} for i in range(100)}}
    catalog = ToolCatalog.from_openapi(document)
    assert len(catalog) == 800
    total = sum(_nodes(spec.parameters, scalar=0) for spec in catalog)  # what a resolution counts (scalars are free)
    assert total <= DOCUMENT_BUDGET + NODE_BUDGET + 800 * 8, total
    assert "not expanded" in json.dumps(catalog.get("trace_99").parameters)  # the last ones are stubs that say so
    assert "not expanded" not in json.dumps(catalog.get("get_0").parameters)


@pytest.mark.parametrize("case", ["doubling-30", "cycle-fan-out", "yaml-alias-bomb"])
def test_explosive_documents_load_through_libra_catalog(tmp_path: Path, case: str):
    """In a child process with a generous time limit: before the budget these never finished."""
    if case == "yaml-alias-bomb":
        path = tmp_path / "bomb.yaml"
        path.write_text(YAML_BOMB)
        assert path.stat().st_size < 700
    else:
        path = tmp_path / f"{case}.json"
        path.write_text(json.dumps(_doubling(30) if case == "doubling-30" else _cycle_with_fan_out()))
    libra_catalog = [sys.executable, "-m", "llama_index_libra", "catalog", str(path)]
    from_openapi = [sys.executable, "-c", "import sys; from llama_index_libra import ToolCatalog; "
                    "print(len(ToolCatalog.from_openapi(sys.argv[1])), 'tools')", str(path)]
    for command in (libra_catalog, from_openapi):
        try:
            out = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            pytest.fail(f"loading {path.name} did not finish within 300 s (time limit)")
        assert out.returncode == 0, out.stderr
        assert "1 tools" in out.stdout and "Traceback" not in out.stderr


def test_recursive_references_stay_one_level_and_cycles_end():
    tree = {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}}}
    spec = ToolCatalog.from_openapi(_document({"$ref": "#/components/schemas/Node"}, {"Node": tree})).get("make_x")
    assert "recursive reference" in json.dumps(spec.parameters)


@pytest.mark.parametrize("depth", [100, 400])
def test_deep_nesting_is_one_error_not_a_recursion_error(depth: int):
    schema: dict = {"type": "string"}
    for _ in range(depth):
        schema = {"type": "object", "properties": {"inner": schema}}
    with pytest.raises(CatalogError, match="nest"):
        ToolCatalog.from_openapi(_document(schema, {}))


WRONG_SHAPES = [
    ("parameters", 5), ("parameters", "q"), ("parameters", [5]), ("parameters", [{"in": "query"}]),
    ("parameters", [{"name": "q", "in": "query", "schema": "string"}]), ("responses", "200"), ("responses", [200]),
    ("requestBody", 7), ("requestBody", {"content": 3}), ("responses", {"200": 5}),
]


@pytest.mark.parametrize("field, value", WRONG_SHAPES, ids=[f"{f}={v!r}"[:40] for f, v in WRONG_SHAPES])
def test_wrong_shapes_are_one_catalog_error(field: str, value):
    doc = {"openapi": "3.0.0", "info": {"title": "t"}, "paths": {"/x": {"get": {"operationId": "get_x", field: value}}}}
    try:
        catalog = ToolCatalog.from_openapi(doc)
    except CatalogError as exc:
        assert "\n" not in str(exc) and "get_x" in str(exc) or "/x" in str(exc), str(exc)
    else:  # tolerated shapes still give the one tool
        assert catalog.names == ["get_x"]


@pytest.mark.parametrize("item", [5, "x", [1]])
def test_a_path_item_or_operation_that_is_not_an_object_is_one_error(item):
    for doc in ({"openapi": "3.0.0", "paths": {"/x": item}}, {"openapi": "3.0.0", "paths": {"/x": {"get": item}}}):
        with pytest.raises(CatalogError, match="/x"):
            ToolCatalog.from_openapi(doc)


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=6),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
                     max_leaves=20)
_operation = st.fixed_dictionaries({}, optional={
    "operationId": st.text(min_size=1, max_size=8), "parameters": _json, "requestBody": _json, "responses": _json,
    "summary": _json})


@settings(max_examples=200, deadline=None)
@given(operation=_operation, refs=st.lists(st.sampled_from(["#/components/schemas/A", "#/x", "#/components", "#/"]), max_size=3))
def test_any_operation_loads_or_is_one_catalog_error(operation, refs):
    doc = {"openapi": "3.0.0", "components": {"schemas": {"A": {"$ref": "#/components/schemas/A"}}},
           "paths": {"/x": {"get": {**operation, "x-refs": [{"$ref": r} for r in refs]}}}}
    if refs:
        doc["paths"]["/x"]["get"]["parameters"] = [{"$ref": r} for r in refs]
    try:
        ToolCatalog.from_openapi(doc)
    except CatalogError as exc:
        assert "\n" not in str(exc)
