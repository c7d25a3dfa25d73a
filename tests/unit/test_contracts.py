"""tool_call_contract_v2: schema validation messages, outcome classification, exports, round trips."""

from __future__ import annotations

import copy
import pickle

import pytest
from jsonschema import Draft202012Validator

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts import (
    CONTRACT_SCHEMA,
    ArgumentSpec,
    CallTemplate,
    Contract,
    ContractValidationError,
    Export,
    mechanical_exports,
    validate_contract_json,
)
from llama_index_libra.records import InvocationRecord

SHOP_ORDER = ToolSpec.from_function_doc(
    {
        "name": "update_order",
        "description": "Update the quantity and discount of an existing order.",
        "parameters": {
            "type": "dict",
            "properties": {
                "order_id": {"type": "string", "description": "ID of the order."},
                "quantity": {"type": "integer", "description": "New quantity, at least 1."},
                "discount": {"type": "float", "description": "Discount between 0 and 1."},
                "gift": {"type": "boolean", "description": "Wrap as a gift.", "default": False},
            },
            "required": ["order_id", "quantity"],
        },
        "response": {
            "type": "dict",
            "properties": {
                "order_id": {"type": "string", "description": "ID of the updated order."},
                "status": {"type": "string", "description": "Status of the update."},
            },
        },
    },
    namespace="Shop",
)

SHOP_LIST = ToolSpec.from_function_doc(
    {
        "name": "list_items",
        "description": "List the items of a catalog section.",
        "parameters": {
            "type": "dict",
            "properties": {"section": {"type": "string", "description": "Section to list."}},
            "required": ["section"],
        },
        "response": {
            "type": "dict",
            "properties": {
                "items": {
                    "type": "array",
                    "description": "Items in the section.",
                    "items": {
                        "type": "dict",
                        "properties": {
                            "id": {"type": "integer", "description": "ID of the item."},
                            "name": {"type": "string", "description": "Name of the item."},
                            "in_stock": {"type": "boolean", "description": "True if available."},
                            "price": {"type": "float", "description": "Unit price in USD."},
                        },
                    },
                },
                "tags": {"type": "array", "items": {"type": "string"}, "description": "Section tags."},
                "owner": {
                    "type": "dict",
                    "properties": {
                        "name": {"type": "string", "description": "Name of the section owner."},
                        "email": {"type": "string", "description": "Email of the owner."},
                    },
                },
                "total_count": {"type": "integer", "description": "Number of items in the section."},
                "message": {"type": "string", "description": "A message describing the result."},
            },
        },
    },
    namespace="Shop",
)


def valid_contract() -> dict:
    return {
        "contract_version": "tool_call_contract_v2",
        "tool": "Shop.update_order",
        "templates": [
            {
                "id": "t0",
                "expected": "success",
                "arguments": {
                    "order_id": {"kind": "observation", "schema": {"type": "string"}},
                    "quantity": {"kind": "literal", "value": 2},
                    "discount": {"kind": "omit"},
                },
            },
            {
                "id": "t1",
                "expected": "failure",
                "arguments": {
                    "order_id": {"kind": "literal", "value": "no-such-order"},
                    "quantity": {"kind": "literal", "value": 1},
                    "discount": {"kind": "literal", "value": 0.5},
                    "gift": {"kind": "literal", "value": True},
                },
            },
        ],
        "exports": [
            {"name": "updated_order_id", "path": "$.output.order_id", "schema": {"type": "string"}, "propagate": True}
        ],
        "success": {"type": "object", "properties": {"status": {"const": "success"}}, "required": ["status"]},
        "failure": {
            "type": "object",
            "properties": {"status": {"enum": ["rejected", "error"]}},
            "required": ["status"],
        },
    }


def problems_of(obj: dict, spec: ToolSpec | None = SHOP_ORDER) -> str:
    with pytest.raises(ContractValidationError) as info:
        Contract.from_json(obj, spec=spec)
    return str(info.value)


# --------------------------------------------------------------------------- schema and validation


def test_shipped_schema_is_a_valid_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(CONTRACT_SCHEMA)
    assert CONTRACT_SCHEMA["properties"]["contract_version"]["const"] == "tool_call_contract_v2"


def test_valid_contract_has_no_problems() -> None:
    assert validate_contract_json(valid_contract(), spec=SHOP_ORDER) == []
    contract = Contract.from_json(valid_contract(), spec=SHOP_ORDER)
    assert [t.id for t in contract.templates] == ["t0", "t1"]
    assert contract.template("t0").observations == ["order_id"]
    assert contract.template("t1").literals["discount"] == 0.5


def test_bad_argument_kind_is_named_with_its_path() -> None:
    obj = valid_contract()
    obj["templates"][0]["arguments"]["quantity"] = {"kind": "lit", "value": 2}
    message = problems_of(obj)
    assert "$.templates[0].arguments.quantity.kind" in message
    assert "'lit' is not one of ['literal', 'observation', 'omit']" in message


def test_literal_without_value_and_stray_fields_are_reported() -> None:
    obj = valid_contract()
    obj["templates"][0]["arguments"]["quantity"] = {"kind": "literal"}
    obj["templates"][0]["arguments"]["order_id"] = {"kind": "omit", "value": 3}
    message = problems_of(obj, spec=None)
    assert "$.templates[0].arguments.quantity: 'value' is a required property" in message
    assert "$.templates[0].arguments.order_id: Additional properties are not allowed ('value' was unexpected)" in message


def test_invented_argument_key_is_rejected_with_a_suggestion() -> None:
    obj = valid_contract()
    args = obj["templates"][0]["arguments"]
    args["orderId"] = args.pop("order_id")
    message = problems_of(obj)
    assert "$.templates[0] (t0).arguments.orderId: unknown parameter 'orderId'" in message
    assert "did you mean 'order_id'?" in message
    assert "required parameter 'order_id' is missing" in message


def test_missing_required_parameter_and_omit_of_required() -> None:
    obj = valid_contract()
    del obj["templates"][0]["arguments"]["quantity"]
    obj["templates"][1]["arguments"]["order_id"] = {"kind": "omit"}
    message = problems_of(obj)
    assert "$.templates[0] (t0).arguments: required parameter 'quantity' is missing" in message
    assert "$.templates[1] (t1).arguments.order_id: kind 'omit' is only for optional parameters" in message


def test_literal_that_violates_the_parameter_schema() -> None:
    obj = valid_contract()
    obj["templates"][1]["arguments"]["discount"] = {"kind": "literal", "value": 2}
    obj["templates"][1]["arguments"]["quantity"] = {"kind": "literal", "value": "1"}
    message = problems_of(obj)
    assert "$.templates[1] (t1).arguments.discount.value: literal 2 is not valid for parameter 'discount'" in message
    assert "2 is greater than the maximum of 1" in message
    assert "'1' is not of type 'integer'" in message  # rule 5: native JSON types


def test_recursive_and_misrooted_export_paths_are_rejected() -> None:
    obj = valid_contract()
    obj["exports"].append({"name": "any_id", "path": "$..id", "schema": {}, "propagate": True})
    obj["exports"].append({"name": "raw", "path": "$.response.id", "schema": {}, "propagate": True})
    obj["exports"].append({"name": "broken", "path": "$.output.[[", "schema": {}, "propagate": True})
    message = problems_of(obj)
    assert "$.exports[1].path: '$..id' recursive descent '..' is not allowed (rule 31" in message
    assert "$.exports[2].path: '$.response.id' must start with $.arguments, $.output or $.state_changes" in message
    assert "$.exports[3].path: '$.output.[[' is not a parseable JSONPath" in message


def test_embedded_schemas_must_be_valid_and_success_must_require_status() -> None:
    obj = valid_contract()
    obj["failure"] = {"type": "strng"}
    obj["success"] = {"properties": {"output": {"type": "object"}}}
    obj["exports"][0]["schema"] = {"minimum": "zero"}
    message = problems_of(obj)
    assert "$.failure.type: not a valid JSON Schema draft 2020-12" in message
    assert "$.exports[0].schema.minimum: not a valid JSON Schema draft 2020-12" in message
    assert "$.success: must require top-level status 'success' (rule 36)" in message


def test_structure_problems_are_all_listed_at_once() -> None:
    obj = valid_contract()
    obj["tool"] = "Shop.other"
    obj["templates"][1]["id"] = "t0"
    obj["templates"][0]["expected"] = "failure"
    obj["exports"].append(dict(obj["exports"][0]))
    obj["revision"] = 1
    with pytest.raises(ContractValidationError) as info:
        Contract.from_json(obj, spec=SHOP_ORDER)
    problems = info.value.problems
    assert "$: Additional properties are not allowed ('revision' was unexpected)" in problems
    assert any("duplicate template id 't0'" in p for p in problems)
    assert any("include at least one template with expected 'success'" in p for p in problems)
    assert any("duplicate export name 'updated_order_id'" in p for p in problems)
    assert any("$.tool: 'Shop.other' is not the described tool 'Shop.update_order'" in p for p in problems)
    assert str(info.value).startswith("invalid tool_call_contract_v2 for Shop.update_order (5 problem(s)):\n- ")
    assert isinstance(info.value, ValueError)


def test_non_object_and_empty_parameters() -> None:
    assert validate_contract_json([1, 2]) == ["$: a contract must be a JSON object, got list"]
    no_params = ToolSpec(name="App.ping", description="Ping.")
    obj = valid_contract()
    obj["tool"] = "App.ping"
    message = problems_of(obj, spec=no_params)
    assert "unknown parameter 'order_id'; copy keys exactly from the public parameters: (none" in message


# --------------------------------------------------------------------------- round trip


def test_to_json_from_json_round_trip_is_deterministic() -> None:
    contract = Contract.from_json(valid_contract(), spec=SHOP_ORDER).with_mechanical_exports(SHOP_ORDER)
    data = contract.to_json()
    again = Contract.from_json(data, spec=SHOP_ORDER)
    assert again == contract
    assert canonical_json(again.to_json()) == canonical_json(data)
    # a declared export without origin reads back as declared
    assert again.export("updated_order_id").origin == "declared"
    assert list(data) == ["contract_version", "tool", "templates", "exports", "success", "failure"]


def test_contract_survives_pickling_after_use() -> None:
    contract = Contract.from_json(valid_contract(), spec=SHOP_ORDER)
    record = InvocationRecord("Shop.update_order", "success", {"order_id": "o1", "quantity": 2}, {"order_id": "o1"})
    assert contract.classify(record) == "success"
    clone = pickle.loads(pickle.dumps(contract))
    assert clone == contract
    assert clone.classify(record) == "success"


# --------------------------------------------------------------------------- classify


def test_classify_success_rejected_error_records() -> None:
    contract = Contract.from_json(valid_contract(), spec=SHOP_ORDER)
    ok = InvocationRecord("Shop.update_order", "success", {"order_id": "o1", "quantity": 2}, {"order_id": "o1"})
    rejected = InvocationRecord("Shop.update_order", "rejected", {"order_id": "x"}, {"error": "no such order"})
    error = InvocationRecord("Shop.update_order", "error", {"order_id": "x"}, None, message="TypeError")
    assert contract.classify(ok) == "success"
    assert contract.classify(rejected) == "failure"
    assert contract.classify(error.to_json()) == "failure"


def test_classify_neither_or_both_is_none_and_formats_are_checked() -> None:
    obj = valid_contract()
    obj["success"] = {
        "type": "object",
        "required": ["status", "output"],
        "properties": {
            "status": {"const": "success"},
            "output": {"type": "object", "required": ["day"], "properties": {"day": {"type": "string", "format": "date"}}},
        },
    }
    contract = Contract.from_json(obj, spec=SHOP_ORDER)
    good = {"status": "success", "arguments": {}, "output": {"day": "2024-02-29"}, "state_changes": []}
    bad_date = {"status": "success", "arguments": {}, "output": {"day": "2024-13-45"}, "state_changes": []}
    assert contract.classify(good) == "success"
    assert contract.classify(bad_date) is None  # matches neither: a revision trigger

    both = copy.deepcopy(valid_contract())
    both["failure"] = {"anyOf": [{"properties": {"status": {"enum": ["rejected", "error"]}}}, {"properties": {"output": {"properties": {"ok": {"const": False}}}}}]}
    contract = Contract.from_json(both, spec=SHOP_ORDER)
    flagged = {"status": "success", "arguments": {}, "output": {"ok": False}, "state_changes": []}
    assert contract.classify(flagged) is None


# --------------------------------------------------------------------------- extract


def list_record(items: list, **extra) -> InvocationRecord:
    output = {"items": items, "tags": ["new", None], "owner": {"name": "Ada", "email": "ada@example.com"}, **extra}
    return InvocationRecord("Shop.list_items", "success", {"section": "books"}, output)


def test_extract_star_paths_give_concrete_paths_and_skip_null_and_invalid() -> None:
    contract = Contract(
        tool="Shop.list_items",
        templates=(CallTemplate("t0", "success", {"section": ArgumentSpec.lit("books")}),),
        exports=(
            Export("item_id", "$.output.items[*].id", {"type": "integer"}),
            Export("tag", "$.output.tags[*]", {"type": "string"}),
            Export("section", "$.arguments.section", {"type": "string"}, origin="argument"),
            Export("in_stock", "$.output.items[*].in_stock", {"type": "boolean"}, propagate=False),
        ),
    )
    record = list_record([{"id": 7, "in_stock": True}, {"id": None}, {"id": "x9"}, {"id": 11, "in_stock": False}])
    values = contract.extract(record)
    assert [(v.export_name, v.path, v.value) for v in values] == [
        ("item_id", "$.output.items[0].id", 7),
        ("item_id", "$.output.items[3].id", 11),
        ("tag", "$.output.tags[0]", "new"),
        ("section", "$.arguments.section", "books"),
        ("in_stock", "$.output.items[0].in_stock", True),
        ("in_stock", "$.output.items[3].in_stock", False),
    ]
    assert [v.export_name for v in contract.extract(record.to_json(), propagating_only=True)] == [
        "item_id", "item_id", "tag", "section",
    ]
    assert contract.extract(record) == values  # deterministic


def test_extract_quotes_keys_that_are_not_identifiers() -> None:
    contract = Contract(
        tool="Stock.info",
        templates=(CallTemplate("t0", "success", {}),),
        exports=(Export("ma5", "$.output['MA(5)']", {"type": "number"}), Export("rows", "$.output.rows[*]['a-b']", {})),
    )
    record = {"status": "success", "arguments": {}, "output": {"MA(5)": 1.5, "rows": [{"a-b": 1}]}, "state_changes": []}
    assert [(v.path, v.value) for v in contract.extract(record)] == [("$.output['MA(5)']", 1.5), ("$.output.rows[0]['a-b']", 1)]


# --------------------------------------------------------------------------- mechanical exports


def test_mechanical_exports_for_a_nested_response() -> None:
    exports = {e.name: e for e in mechanical_exports(SHOP_LIST)}
    assert exports["section"].path == "$.arguments.section" and exports["section"].origin == "argument"
    assert exports["section"].schema == {"type": "string"}  # annotations stripped
    expected = {
        "id": ("$.output.items[*].id", True),
        "name": ("$.output.items[*].name", True),
        "in_stock": ("$.output.items[*].in_stock", False),  # boolean flag
        "price": ("$.output.items[*].price", True),  # monetary value
        "tags": ("$.output.tags[*]", True),
        "owner_name": ("$.output.owner.name", True),  # qualified on a name clash
        "email": ("$.output.owner.email", True),
        "total_count": ("$.output.total_count", False),  # aggregate count
        "message": ("$.output.message", False),  # status text
    }
    for name, (path, propagate) in expected.items():
        assert exports[name].path == path, name
        assert exports[name].propagate is propagate, name
        assert exports[name].origin == "response"
    assert exports["id"].schema == {"type": "integer"}
    assert len(exports) == 1 + len(expected)


def test_mechanical_argument_exports_and_clashes() -> None:
    exports = mechanical_exports(SHOP_ORDER)
    by_path = {e.path: e for e in exports}
    assert by_path["$.arguments.gift"].propagate is False  # boolean argument
    assert by_path["$.arguments.order_id"].name == "order_id"
    assert by_path["$.output.order_id"].name == "output_order_id"
    assert by_path["$.output.status"].propagate is False
    assert len({e.name for e in exports}) == len(exports)


def test_scalar_response_gets_one_export_at_output() -> None:
    spec = ToolSpec(
        name="Geo.get_zipcode",
        description="Zip code of a city.",
        parameters={"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
        response={"type": "string", "description": "The zip code."},
    )
    names = [(e.name, e.path) for e in mechanical_exports(spec) if e.origin == "response"]
    assert names == [("zipcode", "$.output")]


def test_with_mechanical_exports_keeps_declared_exports() -> None:
    declared = Export("id", "$.output.items[*].id", {"type": "integer"}, propagate=True)
    renamed = Export("owner", "$.output.owner.name", {"type": "string"})
    contract = Contract(
        tool="Shop.list_items",
        templates=(CallTemplate("t0", "success", {"section": ArgumentSpec.lit("books")}),),
        exports=(declared, renamed),
    ).with_mechanical_exports(SHOP_LIST)
    assert contract.exports[:2] == (declared, renamed)
    assert [e.name for e in contract.exports].count("id") == 1
    assert not any(e.path == "$.output.owner.name" and e.origin == "response" for e in contract.exports)
    contract.validate(SHOP_LIST)


@pytest.mark.parametrize("description, example", [
    ("Staff number, e.g. ``HD07``.", "HD07"),  # reST inline literal: two backticks
    ("A code, e.g. `AB1`.", "AB1"),  # Markdown inline code: one
    ("Export format (e.g., 'markdown').", "markdown"),
])
def test_an_example_quoted_as_inline_code_is_the_bare_value(description, example):
    """``HD07`` in a Google docstring used to give the literal "`HD07" (a backtick kept), which no service knows."""
    from llama_index_libra.contracts.samples import _description_examples

    assert next(_description_examples(description)) == example
