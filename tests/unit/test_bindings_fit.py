"""Schema-fit verdicts shared across binders: keyed by the input's schema without annotations and by
the value, so every state's binder (and every tool whose input has the same schema) reuses them, with
the same candidates as validating afresh."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, strategies as st

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction import bindings, candidates
from llama_index_libra.induction.bindings import Binder, FieldSimilarity, _strip_annotations
from llama_index_libra.induction.engine import InductionConfig
from llama_index_libra.induction.values import Value
from llama_index_libra.schemas.validate import safe_validator, shared_validator


def _value(export: str, v: object) -> Value:
    return Value("lister", export, f"$.output.{export}", v, f"lister\x00{export}\x00{canonical_json(v)}")


def _spec(tool: str, title: str) -> ToolSpec:
    schema = {"type": "object", "properties": {"seat_ids": {"type": "array", "items": {"type": "string"}, "title": title,
                                                           "description": f"seats for {tool}"}}}
    return ToolSpec(name=tool, description="Hold seats.", parameters=schema)


def test_annotations_are_stripped_at_every_level_but_property_names_stay() -> None:
    schema = {"type": "object", "title": "T", "description": "d", "default": {},
              "properties": {"title": {"type": "string", "title": "Title", "examples": ["x"]}}}
    assert _strip_annotations(schema) == {"type": "object", "properties": {"title": {"type": "string"}}}


def test_a_second_binder_reuses_the_verdicts(monkeypatch) -> None:
    candidates._FIT_VERDICTS.clear()
    ctx = SimpleNamespace(config=InductionConfig(), binding_sims={})
    pool = [_value("seat_id", "A-1"), _value("seat_ids", ["A-1", "A-2"]), _value("count", 3)]
    first = Binder(ctx, FieldSimilarity({})).candidates_for(_spec("hold", "Seat Ids"), "seat_ids", pool)
    calls = []
    monkeypatch.setattr(Binder, "validator", lambda self, spec, name: calls.append(name) or safe_validator({"not": {}}))
    second = Binder(ctx, FieldSimilarity({})).candidates_for(_spec("release", "Seats"), "seat_ids", pool)
    # the patched validator rejects everything: the same candidates show it was not needed
    assert [v.value for v in second] == [v.value for v in first]
    assert ["A-1", "A-2"] in [v.value for v in first] and 3 not in [v.value for v in first]


@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=8))
def test_verdicts_equal_fresh_validation(value) -> None:
    """Whatever the value, the shared verdict is what the full schema's validator says."""
    spec = _spec("hold", "Seat Ids")
    ctx = SimpleNamespace(config=InductionConfig(), binding_sims={})
    out = Binder(ctx, FieldSimilarity({})).candidates_for(spec, "seat_ids", [_value("x", value)])
    schema = spec.parameters["properties"]["seat_ids"]
    fits = safe_validator(schema).is_valid(value) or (not isinstance(value, list) and safe_validator(schema).is_valid([value]))
    assert bool(out) == fits


_EXPORTS = st.sampled_from(["seat_id", "seat_ids", "count", "name", "seat"])
_POOL_VALUES = st.one_of(st.text(max_size=4), st.integers(0, 5), st.lists(st.text(max_size=3), max_size=2))


@given(st.lists(st.lists(st.tuples(_EXPORTS, _POOL_VALUES), max_size=6), min_size=1, max_size=4))
def test_shared_entries_give_the_candidates_of_a_fresh_binder(pools) -> None:
    """Binders of several states that share their per-value entries (one explore chunk) offer, for
    every pool, exactly the candidates a binder of their own would."""
    spec = _spec("hold", "Seat Ids")
    ctx = SimpleNamespace(config=InductionConfig(), binding_sims={})
    entries: dict = {}
    sim = FieldSimilarity({})
    for rows in pools:
        pool = [_value(export, v) for export, v in rows]
        shared = Binder(ctx, sim, entries=entries)
        fresh = Binder(ctx, FieldSimilarity({}))
        for flags in ({}, {"diverse": True}, {"unaligned": True}, {"aligned_only": True, "limit": 2}):
            assert shared.candidates_for(spec, "seat_ids", pool, **flags) == fresh.candidates_for(spec, "seat_ids", pool, **flags)


def test_a_one_input_tools_summary_shows_its_inputs_shape() -> None:
    """The quoted examples of a one-input tool's summary rank values of their shape first, whatever
    their case and spacing (a typed postcode for a postcode normaliser's ``text``)."""
    spec = ToolSpec(name="normalise_postcode", description="normalise_postcode(text: str) -> str\nA UK postcode as "
                    "people type it ('nv37qp', 'NV3  7QP') in the system's format.",
                    parameters={"type": "object", "properties": {"text": {"type": "string"}}, "required": ["text"]})
    ctx = SimpleNamespace(config=InductionConfig(), binding_sims={})
    pool = [_value("agent_id", "AG-2207"), _value("api_key", "nvk_4f1e0c9a77d2"), _value("card", "4111 1111"),
            _value("postcode", "nv3 7qt")]
    out = Binder(ctx, FieldSimilarity({})).candidates_for(spec, "text", pool)
    assert out[0].value == "nv3 7qt"
    assert bindings.shapes_match("nv3 7qp", ["NV3  7QP"]) and not bindings.shapes_match("AG-2207", ["NV3  7QP"])


def test_a_refused_set_of_enumerated_values_tries_each_value_alone() -> None:
    """A list input of enumerated values (scopes a client may be granted only some of) varies as
    one-item lists, after the whole set was refused."""
    spec = ToolSpec(name="auth_token", description="Get a token.", parameters={
        "type": "object", "properties": {"scopes": {"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}}}})
    template = SimpleNamespace(arguments={"scopes": SimpleNamespace(kind="literal", value=["a", "b", "c"])})
    ctx = SimpleNamespace(config=InductionConfig(), binding_sims={})
    variants = Binder(ctx, FieldSimilarity({})).literal_variants(spec, {"scopes": ["a", "b", "c"]}, template, every=True)
    assert [v["scopes"] for v in variants] == [["a"], ["b"], ["c"]]


def _listed(provider: str, export: str, call: str, items: list) -> list[Value]:
    """The scalar items of one reply list, as the reader pools them (one record per list)."""
    return [Value(provider, export, f"$.output[{i}]", v, f"{provider}\x00{export}\x00{canonical_json(v)}",
                  record=f"{call}|$.output") for i, v in enumerate(items)]


def test_a_list_input_takes_the_whole_reply_list_its_candidate_came_from() -> None:
    """``nameservers`` refused as a one-item list ("give two to four"): the binding with every item
    of the list that candidate was read from, at most ``maxItems``; other replies' items stay out."""
    spec = ToolSpec(name="set_ns", description="Set nameservers.", parameters={"type": "object", "properties": {
        "domain": {"type": "string"}, "nameservers": {"type": "array", "items": {"type": "string"}, "maxItems": 3}}})
    pool = (_listed("hosted", "nameserver", "c1", ["ns1.h.net", "ns2.h.net", "ns3.h.net", "ns4.h.net"])
            + _listed("other", "nameserver", "c2", ["ns9.x.org"]))
    binder = Binder(SimpleNamespace(config=InductionConfig(), binding_sims={}), FieldSimilarity({}))
    one = [v for v in binder.candidates_for(spec, "nameservers", pool)]
    assert all(isinstance(v.value, list) and len(v.value) == 1 for v in one)
    options = {"domain": ["a.com"], "nameservers": one}
    out = binder.list_bindings(spec, options, pool)
    assert out and all(b["domain"] == "a.com" for b in out)
    assert out[0]["nameservers"].value == ["ns1.h.net", "ns2.h.net", "ns3.h.net"]
    assert all("ns9.x.org" not in b["nameservers"].value for b in out)
    # a list of one item has nothing to add
    lone = pool[-1]._replace(value=["ns9.x.org"], key=pool[-1].key + "\x00[]")
    assert binder.list_bindings(spec, {"nameservers": [lone]}, pool) == []


def test_the_few_tries_of_an_input_hold_one_value_the_tester_was_handed() -> None:
    """Six equally aligned names from a listing rank before a handed one (a tool's value is credited
    first), but one of the four tries goes to the best handed value; with one handed value among the
    first four, nothing is displaced; a value exported under the input's very name is never displaced."""
    from llama_index_libra.induction.values import FIXTURE_PROVIDER

    ctx = SimpleNamespace(config=InductionConfig(), binding_sims={})
    listed = [_value("name", f"Tariff {i}") for i in range(6)]
    handed = Value(FIXTURE_PROVIDER, "name", "$.fixtures.caller.name", "Daniel Achebe",
                   f"{FIXTURE_PROVIDER}\x00name\x00\"Daniel Achebe\"", False)
    spec = ToolSpec(name="find_account", description="Accounts by holder name.",
                    parameters={"type": "object", "properties": {"holder_name": {"type": "string"}}})
    got = [v.value for v in Binder(ctx, FieldSimilarity({})).candidates_for(spec, "holder_name", listed + [handed])]
    assert got == ["Tariff 0", "Tariff 1", "Tariff 2", "Daniel Achebe"]
    alone = [v.value for v in Binder(ctx, FieldSimilarity({})).candidates_for(spec, "holder_name", listed[:2] + [handed])]
    assert alone == ["Tariff 0", "Tariff 1", "Daniel Achebe"]
    named = listed[:3] + [_value("holder_name", "Ada Lovelace"), handed]
    kept = [v.value for v in Binder(ctx, FieldSimilarity({})).candidates_for(spec, "holder_name", named)]
    assert "Ada Lovelace" in kept and "Daniel Achebe" in kept


def test_a_quiet_echo_under_the_inputs_name_ranks_after_a_reply_value_under_it() -> None:
    """``applicant_id="INSP-8"`` taken by a search that matched nothing must not outrank the id a
    registration returned under ``applicant_id``, though both carry the input's very name."""
    ctx = SimpleNamespace(config=InductionConfig(), binding_sims={})
    echo = Value("search", "applicant_id", "$.arguments.applicant_id", "INSP-8", "search\x00applicant_id\x00\"INSP-8\"",
                 False, quiet=True)
    made = Value("register", "applicant_id", "$.output", "APL-0412", "register\x00applicant_id\x00\"APL-0412\"", True)
    spec = ToolSpec(name="start_application", description="Open an application.",
                    parameters={"type": "object", "properties": {"applicant_id": {"type": "string"}}})
    got = [v.value for v in Binder(ctx, FieldSimilarity({})).candidates_for(spec, "applicant_id", [echo, made])]
    assert got == ["APL-0412", "INSP-8"]
    loud = [v.value for v in Binder(ctx, FieldSimilarity({})).candidates_for(spec, "applicant_id", [echo._replace(quiet=False), made])]
    assert loud[0] == "INSP-8"  # unmarked, the earlier echo would come first (pool order among equals)


def test_a_transition_on_a_handed_record_continues_with_that_record() -> None:
    """After a code was mailed to the chair, a binding that took the first person's address and code
    (and another person's password) continues with the chair's address, code and password."""
    from llama_index_libra.induction.handed import fixture_values, persona_bindings

    handed = fixture_values({"author": {"email": "lena@x.example", "code": "118822"},
                             "chair": {"email": "marta@x.example", "code": "604918", "password": "Gotland-9"},
                             "registrar": {"email": "ana@x.example", "password": "Tram-28"}})
    by = {v.value: v for v in handed}
    binding = {"email": by["lena@x.example"], "code": by["118822"], "password": by["Tram-28"], "n": 3}
    [out] = persona_bindings(binding, handed, [by["marta@x.example"]])
    assert {k: getattr(v, "value", v) for k, v in out.items()} == {"email": "marta@x.example", "code": "604918",
                                                                    "password": "Gotland-9", "n": 3}
    assert persona_bindings(binding, handed, []) == []
    assert persona_bindings({"n": 3}, handed, [by["marta@x.example"]]) == []


def test_free_text_takes_phrases_handed_first_one_per_export() -> None:
    """A search's ``text`` that no field names: words of free text (names, titles), the handed ones
    first and one per export, never a password, a token or a time; an input of a documented form
    (an enumeration, a pattern, an example) is no free text."""
    from llama_index_libra.induction.values import FIXTURE_PROVIDER

    def handed(key: str, v: str) -> Value:
        return Value(FIXTURE_PROVIDER, key, f"$.fixtures.{key}", v, f"{FIXTURE_PROVIDER}\x00{key}\x00{canonical_json(v)}", False)

    ctx = SimpleNamespace(config=InductionConfig(), binding_sims={})
    pool = [_value("time", "10:00"), handed("password", "Quill&Ledger-22"), _value("name", "Court 3 (small claims)"),
            handed("name", "Marlow Plant Hire Ltd"), handed("name", "Dev Patel"), handed("firm", "Asante Law"),
            _value("token", "hcc-dpat-4391")]
    spec = ToolSpec(name="search_cases", description="Search cases by words of the title or a party's name.",
                    parameters={"type": "object", "properties": {"text": {"type": "string"},
                                                                  "status": {"type": "string", "enum": ["open", "closed"]},
                                                                  "claim_no": {"type": "string", "pattern": "^CV-"}}})
    binder = Binder(ctx, FieldSimilarity({}))
    got = [v.value for v in binder.candidates_for(spec, "text", pool, phrases=True)]
    assert got == ["Marlow Plant Hire Ltd", "Asante Law", "Court 3 (small claims)", "Dev Patel"]
    assert binder.free_text_input(spec, "text")
    assert not binder.free_text_input(spec, "status") and not binder.free_text_input(spec, "claim_no")
    # the phrase ranking is cached apart from the plain one
    assert [v.value for v in binder.candidates_for(spec, "text", pool)] != got


def test_a_fixture_key_that_is_no_field_name_is_a_handed_value() -> None:
    """``"hauliers": {"Dunmore Haulage": "truck DN21 KXR"}``: the company is handed (named ``haulier``,
    one item of what the mapping lists) as well as its note; identifier keys stay field names."""
    from llama_index_libra.induction.handed import fixture_values

    got = {(v.export, v.value) for v in fixture_values({"hauliers": {"Dunmore Haulage": "truck DN21 KXR"},
                                                         "import_containers": {"MSCU 4471203": "40ft dry"},
                                                         "clerk": {"name": "Joao Barros"}})}
    assert {("haulier", "Dunmore Haulage"), ("import_container", "MSCU 4471203"), ("Dunmore Haulage", "truck DN21 KXR"),
            ("name", "Joao Barros")} <= got
    assert ("clerk", "name") not in {(e, v) for e, v in got} and all(v != "clerk" for _, v in got)


def test_phrases_about_what_the_tool_finds_come_first() -> None:
    """``find_haulier(name)``: a handed ``haulier`` before the person's own name."""
    from llama_index_libra.induction.handed import fixture_values

    ctx = SimpleNamespace(config=InductionConfig(), binding_sims={})
    pool = fixture_values({"gate_clerk": {"name": "Joao Barros"}, "terminal": {"name": "Port of Tarrow, Quay 2"},
                           "hauliers": {"Dunmore Haulage": "truck DN21 KXR", "Tarrow Container Services": "new truck"}})
    spec = ToolSpec(name="find_haulier", description="Hauliers registered with the terminal.",
                    parameters={"type": "object", "properties": {"name": {"type": "string"}}})
    got = [v.value for v in Binder(ctx, FieldSimilarity({})).candidates_for(spec, "name", pool, phrases=True)]
    assert got[0] in {"Dunmore Haulage", "Tarrow Container Services"} and "Joao Barros" in got


def test_a_sampled_day_literal_is_the_handed_today() -> None:
    from llama_index_libra.contracts.samples import SAMPLE_DATE

    template = SimpleNamespace(arguments={
        "from_date": SimpleNamespace(kind="literal", value=SAMPLE_DATE),
        "starts_at": SimpleNamespace(kind="literal", value=SAMPLE_DATE + "T12:00:00Z"),
        "date_of_birth": SimpleNamespace(kind="literal", value="1990-01-15"),
        "venue": SimpleNamespace(kind="observation", value=None)})
    runtime = SimpleNamespace(fixtures={"service": {"region": "Yorkshire", "today": "Thursday 14 October 2027"}})
    ctx = SimpleNamespace(config=InductionConfig(), binding_sims={}, runtime=runtime)
    assert Binder(ctx, FieldSimilarity({})).literal_args(template) == {
        "from_date": "2027-10-14", "starts_at": "2027-10-14T12:00:00Z", "date_of_birth": "1990-01-15"}
    # no handed today: the sample stays
    plain = SimpleNamespace(config=InductionConfig(), binding_sims={}, runtime=SimpleNamespace(fixtures={"x": 1}))
    assert Binder(plain, FieldSimilarity({})).literal_args(template)["from_date"] == SAMPLE_DATE


def test_binders_share_one_validator_per_schema() -> None:
    """Every state's binder (and each control value) validates against the catalog's few schemas: one
    validator each per process, as strict as one built afresh."""
    schema = {"type": "string", "pattern": "^[AB]-\\d+$"}
    assert shared_validator(schema) is shared_validator(dict(schema))
    assert shared_validator(schema).is_valid("A-12") and not shared_validator(schema).is_valid("C-1")
    assert shared_validator({"type": "integer"}) is not shared_validator(schema)
