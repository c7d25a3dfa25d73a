"""SchemaContractProposer: contracts from public metadata alone, on a small non-BFCL catalog and on BFCL."""

from __future__ import annotations

import dataclasses
import importlib.util
from typing import Any

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.contracts import Contract, SchemaContractProposer
from llama_index_libra.contracts.fixtures import handed_record


def doc(name: str, description: str, properties: dict[str, Any], required: list[str], response: dict | None = None) -> dict:
    out: dict[str, Any] = {
        "name": name,
        "description": description,
        "parameters": {"type": "dict", "properties": properties, "required": required},
    }
    if response is not None:
        out["response"] = {"type": "dict", "properties": response}
    return out


NOTES_DOCS = [
    doc(
        "create_note",
        "Create a new note.",
        {
            "title": {"type": "string", "description": "Title of the note."},
            "body": {"type": "string", "description": "Body text of the note."},
            "pinned": {"type": "boolean", "description": "Pin the note.", "default": False},
            "color": {"type": "string", "description": "Note color. [Enum]: [\"yellow\", \"blue\"]", "default": "None"},
        },
        ["title", "body"],
        {"note_id": {"type": "string", "description": "ID of the created note."}},
    ),
    doc(
        "get_note",
        "Get a note by its ID.",
        {"note_id": {"type": "string", "description": "ID of the note."}},
        ["note_id"],
        {
            "note_id": {"type": "string", "description": "ID of the note."},
            "title": {"type": "string", "description": "Title."},
            "created": {"type": "string", "description": "Creation date in the format YYYY-MM-DD."},
        },
    ),
    doc("delete_note", "Delete a note.", {"note_id": {"type": "string", "description": "ID of the note."}}, ["note_id"]),
    doc(
        "login",
        "Log in to the notes app.",
        {
            "username": {"type": "string", "description": "Username of the account."},
            "password": {"type": "string", "description": "Password of the account."},
        },
        ["username", "password"],
        {"success": {"type": "boolean", "description": "True if logged in."}},
    ),
    doc(
        "share_note",
        "Share a note with another user.",
        {
            "note_id": {"type": "string", "description": "ID of the note to share."},
            "recipient": {"type": "string", "description": "Username of the recipient."},
            "expires": {"type": "string", "description": "Expiry date in the format YYYY-MM-DD."},
        },
        ["note_id", "recipient"],
    ),
    doc(
        "search_notes",
        "Search notes containing a keyword.",
        {
            "keyword": {"type": "string", "description": "Keyword to search for."},
            "limit": {"type": "integer", "description": "Maximum number of results, between 1 and 50.", "default": 10},
        },
        ["keyword"],
        {"results": {"type": "array", "items": {"type": "dict", "properties": {"note_id": {"type": "string", "description": "ID."}}}}},
    ),
    doc(
        "attach_file",
        "Attach an existing file to a note.",
        {
            "note_id": {"type": "string", "description": "ID of the note."},
            "file_name": {"type": "string", "description": "The name of the file to attach."},
        },
        ["note_id", "file_name"],
    ),
    doc("new_folder", "Create a folder for notes.", {"folder_name": {"type": "string", "description": "Name of the folder."}}, ["folder_name"]),
    doc(
        "export_notes",
        "Export all notes as a document.",
        {
            "format": {"type": "string", "description": "Export format (e.g., 'markdown')."},
            "start_date": {"type": "string", "description": "Only notes after this date, format YYYY-MM-DD."},
            "when": {"type": "string", "description": "Time of the export, in HH:MM."},
        },
        ["format", "start_date", "when"],
    ),
]
DEVICE_DOCS = [
    doc(
        "set_volume",
        "Set the speaker volume.",
        {"level": {"type": "float", "description": "Volume level between 0 and 1."}},
        ["level"],
    ),
    doc(
        "lock",
        "Lock the doors of the car.",
        {
            "doors": {"type": "array", "items": {"type": "string"}, "description": "Doors to lock. [Enum]: [\"front\", \"rear\", \"trunk\"]"},
            "unlock": {"type": "boolean", "description": "True to unlock the doors instead."},
        },
        ["doors", "unlock"],
    ),
    doc(
        "ignition",
        "Starts the engine.",
        {"mode": {"type": "string", "description": "Ignition mode. [Enum]: [\"stop\", \"start\"]"}},
        ["mode"],
    ),
    doc(
        "upload_sample",
        "Analyse a DNA sample.",
        {"sequence": {"type": "string", "description": "The DNA sequence of the sample."}},
        ["sequence"],
    ),
]

NOTES = ToolCatalog.from_function_docs(NOTES_DOCS, namespace="Notes")
DEVICE = ToolCatalog.from_function_docs(DEVICE_DOCS, namespace="Device")
FIXTURES = {"Notes": {"username": "alice", "password": "pw-123"}, "api_key": "K-1"}
_FORMATS = FormatChecker()


def kinds(template: Any) -> dict[str, Any]:
    """{param: 'OBS' | '-' | literal value}."""
    out: dict[str, Any] = {}
    for name, arg in template.arguments.items():
        out[name] = arg.value if arg.kind == "literal" else ("OBS" if arg.kind == "observation" else "-")
    return out


def assert_well_formed(contract: Contract, spec: ToolSpec) -> None:
    """Every literal validates against its parameter schema and the JSON form validates for the tool."""
    props = spec.parameters.get("properties", {})
    assert 1 <= len(contract.templates) <= 3
    for template in contract.templates:
        assert template.expected == "success"
        assert set(template.arguments) == set(props)
        for name, arg in template.arguments.items():
            if arg.kind == "literal":
                errors = list(Draft202012Validator(props[name], format_checker=_FORMATS).iter_errors(arg.value))
                assert not errors, f"{spec.name}.{name}={arg.value!r}: {errors[0].message}"
            if arg.kind == "omit":
                assert name not in spec.required_inputs
    assert Contract.from_json(contract.to_json(), spec=spec) == contract


@pytest.fixture(scope="module")
def proposer() -> SchemaContractProposer:
    return SchemaContractProposer(fixtures=FIXTURES)


def test_every_contract_is_valid_for_its_tool(proposer: SchemaContractProposer) -> None:
    for spec in list(NOTES) + list(DEVICE):
        assert_well_formed(proposer.propose(spec), spec)


def test_identifiers_are_observations_and_content_is_literal(proposer: SchemaContractProposer) -> None:
    create = proposer.propose(NOTES.get("Notes.create_note"))
    assert kinds(create.templates[0]) == {"title": "title", "body": "body", "pinned": "-", "color": "-"}
    # rule 16: the optional inputs get literals in a second template (flag exercised, enum value)
    assert kinds(create.templates[1]) == {"title": "title", "body": "body", "pinned": True, "color": "yellow"}
    assert create.templates[1].arguments["pinned"].value is True

    get = proposer.propose(NOTES.get("Notes.get_note"))
    assert kinds(get.templates[0]) == {"note_id": "OBS"}
    assert get.templates[0].arguments["note_id"].schema == {"type": "string"}
    share = proposer.propose(NOTES.get("Notes.share_note"))
    assert kinds(share.templates[0]) == {"note_id": "OBS", "recipient": "OBS", "expires": "-"}
    assert kinds(share.templates[1])["expires"] == "2025-06-15"
    assert kinds(proposer.propose(NOTES.get("Notes.delete_note")).templates[0]) == {"note_id": "OBS"}


def test_credentials_come_from_namespace_fixtures_only(proposer: SchemaContractProposer) -> None:
    login = proposer.propose(NOTES.get("Notes.login"))
    assert kinds(login.templates[0]) == {"username": "alice", "password": "pw-123"}
    bare = SchemaContractProposer().propose(NOTES.get("Notes.login"))
    assert kinds(bare.templates[0]) == {"username": "OBS", "password": "OBS"}  # rule 12: never invented
    other = dataclasses.replace(NOTES.get("Notes.login"), name="Mail.login")
    assert kinds(proposer.propose(other).templates[0]) == {"username": "OBS", "password": "OBS"}


def test_fixture_matching_is_generic() -> None:
    spec = ToolSpec.from_function_doc(
        doc(
            "fetch",
            "Fetch a report.",
            {
                "api_key": {"type": "string", "description": "API key."},
                "userName": {"type": "string", "description": "User name of the owner."},
                "count": {"type": "integer", "description": "How many, at least 1.", "minimum": 1},
            },
            ["api_key", "userName", "count"],
        ),
        namespace="Reports.v2",
    )
    fixtures = {
        "Reports": {"user_name": [5, "bob"]},  # parent namespace, normalized name, list of candidates
        "api_key": "K-1",  # global
        "*": {"count": 0},  # invalid under the schema: ignored
    }
    contract = SchemaContractProposer(fixtures=fixtures).propose(spec)
    assert kinds(contract.templates[0]) == {"api_key": "K-1", "userName": "bob", "count": 10}
    assert SchemaContractProposer(fixtures=fixtures).explain(spec) == {
        "api_key": "fixture",
        "userName": "fixture",
        "count": "constructible",
    }


def test_a_record_handed_for_a_tool_fills_it_together() -> None:
    """A mapping of the fixtures naming most of a tool's inputs (a new pupil's details) fills them as one
    record; a list of records holds peers to choose among, and credentials are never fixed this way."""
    props = {n: {"type": "string", "description": n.replace("_", " ")} for n in
             ("token", "first_name", "last_name", "date_of_birth", "postcode")}
    spec = ToolSpec.from_function_doc(doc("enrol_pupil", "Enrol a new pupil.", props, list(props)))
    fixtures = {
        "school": {"name": "Wensum School", "postcode": "NR1 1AA"},  # one field: no record for this tool
        "desk": {"new_pupil": {"first_name": "Freya", "last_name": "Mottram", "date_of_birth": "2012-03-14",
                               "token": "never-fixed", "home": "14 Magdalen Road"}},
        "staff": [{"first_name": "Priya", "last_name": "Raman", "date_of_birth": "1980-01-01"}],  # peers
    }
    contract = SchemaContractProposer(fixtures=fixtures).propose(spec)
    assert kinds(contract.templates[0]) == {"token": "OBS", "first_name": "Freya", "last_name": "Mottram",
                                            "date_of_birth": "2012-03-14", "postcode": "postcode"}
    assert handed_record(fixtures, spec) == {"first_name": "Freya", "last_name": "Mottram", "date_of_birth": "2012-03-14"}
    lookup = ToolSpec.from_function_doc(doc("find_pupil", "Find pupils.", {"last_name": props["last_name"],
                                                                            "postcode": props["postcode"]}, ["last_name"]))
    assert handed_record(fixtures, lookup) == {}  # one input the record could name: no record of it
    # a record's ``name`` is its own kind's: the new practice's name is no dentist's
    practice = {"new_practice": {"name": "Clifton Village Dental", "phone": "0117 496 2231", "gdc_number": "281907"}}
    props = {n: {"type": "string", "description": n} for n in ("token", "practice_id", "name", "gdc_number")}
    dentist = ToolSpec.from_function_doc(doc("add_dentist", "Add a dentist to a practice.", props, list(props)))
    assert handed_record(practice, dentist) == {}
    props = {n: {"type": "string", "description": n} for n in ("token", "name", "phone")}
    register = ToolSpec.from_function_doc(doc("register_practice", "Register a practice.", props, list(props)))
    assert handed_record(practice, register) == {"name": "Clifton Village Dental", "phone": "0117 496 2231"}


def test_a_string_named_for_a_record_number_is_an_identifier() -> None:
    """``application_no`` (a string) names an existing record's number; a count (``line_no`` as an integer)
    and a bare ``no`` do not."""
    props = {"application_no": {"type": "string", "description": "A draft application."},
             "orderNr": {"type": "string", "description": "The order."},
             "line_no": {"type": "integer", "description": "The line."},
             "no": {"type": "string", "description": "Answer."}}
    spec = ToolSpec.from_function_doc(doc("select_product", "Choose the product.", props, list(props)))
    rules = SchemaContractProposer().explain(spec)
    assert rules["application_no"] == rules["orderNr"] == "identifier"
    assert rules["line_no"] != "identifier" and rules["no"] != "identifier"


def test_collection_fixtures_stand_in_for_observations_only() -> None:
    fixtures = {"Notes": {"note_ids": ["n-1", "n-2"], "keywords": ["seeded"], "folder_names": ["Inbox"]}}
    proposer = SchemaContractProposer(fixtures=fixtures)
    get = proposer.propose(NOTES.get("Notes.get_note"))
    # the seeded value first, then an observation variant so providers of note ids are still tested
    assert [kinds(t) for t in get.templates] == [{"note_id": "n-1"}, {"note_id": "OBS"}]
    search = proposer.propose(NOTES.get("Notes.search_notes"))
    assert kinds(search.templates[0])["keyword"] == "keyword"  # constructible: collections ignored
    folder = proposer.propose(NOTES.get("Notes.new_folder"))
    # a creating tool keeps its fresh-name template: a seeded name may already be taken
    assert [kinds(t) for t in folder.templates] == [{"folder_name": "Inbox"}, {"folder_name": "OBS"}, {"folder_name": "new_folder"}]
    login = SchemaContractProposer(fixtures={"Notes": {"usernames": ["alice"], "passwords": ["pw"]}}).propose(NOTES.get("Notes.login"))
    # credentials get no observation variant (rule 12)
    assert [kinds(t) for t in login.templates] == [{"username": "alice", "password": "pw"}, {"username": "OBS", "password": "pw"}]


def test_inputs_sharing_an_enumeration_take_distinct_values(proposer: SchemaContractProposer) -> None:
    spec = ToolSpec.from_function_doc(
        doc(
            "convert",
            "Convert a length between units.",
            {
                "value": {"type": "float", "description": "Length to convert."},
                "from_unit": {"type": "string", "description": "Unit of the value. [Enum]: [\"m\", \"ft\"]"},
                "to_unit": {"type": "string", "description": "Target unit. [Enum]: [\"m\", \"ft\"]"},
            },
            ["value", "from_unit", "to_unit"],
        ),
        namespace="Units",
    )
    assert kinds(proposer.propose(spec).templates[0]) == {"value": 10, "from_unit": "m", "to_unit": "ft"}


def test_completing_values_for_state_changing_actions(proposer: SchemaContractProposer) -> None:
    volume = proposer.propose(DEVICE.get("Device.set_volume"))
    assert kinds(volume.templates[0]) == {"level": 1}  # completing boundary of a 0..1 degree
    lock = proposer.propose(DEVICE.get("Device.lock"))
    # the full allowed set, and the flag that performs (not undoes) the lock
    assert kinds(lock.templates[0]) == {"doors": ["front", "rear", "trunk"], "unlock": False}
    ignition = proposer.propose(DEVICE.get("Device.ignition"))
    assert kinds(ignition.templates[0]) == {"mode": "start"}


def test_names_of_existing_items_versus_new_items(proposer: SchemaContractProposer) -> None:
    attach = proposer.propose(NOTES.get("Notes.attach_file"))
    assert [kinds(t) for t in attach.templates] == [{"note_id": "OBS", "file_name": "OBS"}]  # a reading use
    folder = proposer.propose(NOTES.get("Notes.new_folder"))
    # ambiguous name of a creating tool: observation first, then a fresh literal that works from a fresh state
    assert [kinds(t) for t in folder.templates] == [{"folder_name": "OBS"}, {"folder_name": "new_folder"}]


def test_search_criteria_defaults_formats_patterns_and_description_examples(proposer: SchemaContractProposer) -> None:
    search = proposer.propose(NOTES.get("Notes.search_notes"))
    assert [kinds(t) for t in search.templates] == [{"keyword": "keyword", "limit": "-"}, {"keyword": "keyword", "limit": 10}]
    export = proposer.propose(NOTES.get("Notes.export_notes"))
    assert kinds(export.templates[0]) == {"format": "markdown", "start_date": "2025-06-15", "when": "12:00"}


def test_long_payloads_are_observations(proposer: SchemaContractProposer) -> None:
    assert kinds(proposer.propose(DEVICE.get("Device.upload_sample")).templates[0]) == {"sequence": "OBS"}


def test_outcomes_and_mechanical_exports(proposer: SchemaContractProposer) -> None:
    contract = proposer.propose(NOTES.get("Notes.get_note"))
    assert contract.success == {"type": "object", "properties": {"status": {"const": "success"}}, "required": ["status"]}
    assert contract.classify({"status": "rejected", "arguments": {}, "output": None, "state_changes": []}) == "failure"
    paths = {e.path: e.origin for e in contract.exports}
    assert paths == {
        "$.arguments.note_id": "argument",
        "$.output.note_id": "response",
        "$.output.title": "response",
        "$.output.created": "response",
    }


def test_no_tool_name_is_special_cased(proposer: SchemaContractProposer) -> None:
    for spec in list(NOTES) + list(DEVICE):
        if spec.name == "Notes.login":
            continue  # its literals come from namespace-scoped fixtures by design
        renamed = dataclasses.replace(spec, name="Other." + spec.short_name)
        a, b = proposer.propose(spec), proposer.propose(renamed)
        assert [t.arguments for t in a.templates] == [t.arguments for t in b.templates]


def test_proposals_are_deterministic(proposer: SchemaContractProposer) -> None:
    first = [proposer.propose(s).to_json() for s in NOTES]
    second = [SchemaContractProposer(fixtures=FIXTURES).propose(s).to_json() for s in NOTES]
    assert first == second


# --------------------------------------------------------------------------- BFCL (when available)


def _bfcl_catalog() -> ToolCatalog:
    if importlib.util.find_spec("bfcl_eval") is None:
        pytest.skip("bfcl-eval is not installed")
    try:
        from llama_index_libra.benchmarks.bfcl import load_bfcl_catalog
    except ImportError:
        pytest.skip("llama_index_libra.benchmarks.bfcl is not available")
    return load_bfcl_catalog()


def test_bfcl_catalog_gets_valid_contracts() -> None:
    catalog = _bfcl_catalog()
    assert len(catalog) == 128
    proposer = SchemaContractProposer(fixtures={"TwitterAPI": {"username": "john", "password": "john123"}})
    contracts = proposer.propose_all(catalog)
    for spec in catalog:
        assert_well_formed(contracts[spec.name], spec)
    first = lambda name: kinds(contracts[name].templates[0])  # noqa: E731
    assert first("GorillaFileSystem.cat") == {"file_name": "OBS"}
    assert first("GorillaFileSystem.touch") == {"file_name": "new_file.txt"}
    assert first("GorillaFileSystem.mkdir") == {"dir_name": "new_dir"}
    assert first("MessageAPI.send_message")["receiver_id"] == "OBS"
    assert first("TwitterAPI.authenticate_twitter") == {"username": "john", "password": "john123"}
    assert first("TicketAPI.ticket_login") == {"username": "OBS", "password": "OBS"}
    assert first("TravelAPI.book_flight")["access_token"] == "OBS"
    assert first("VehicleControlAPI.lockDoors") == {"unlock": False, "door": ["driver", "passenger", "rear_left", "rear_right"]}
    assert first("VehicleControlAPI.pressBrakePedal") == {"pedalPosition": 1}
    assert first("VehicleControlAPI.estimate_distance") == {"cityA": "OBS", "cityB": "OBS"}
    assert first("TradingBot.get_available_stocks") == {"sector": "Technology"}
