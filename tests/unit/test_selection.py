"""Provider selection (induction/selection.py): which proven providers of a consumer input the library keeps."""

from __future__ import annotations

from hypothesis import given, strategies as st

from llama_index_libra.induction.leaves import leaf_values
from llama_index_libra.induction.reply_values import subject_name
from llama_index_libra.induction.selection import split_providers
from llama_index_libra.induction.values import referenced
from llama_index_libra.library import Relation
from llama_index_libra.runtime.python import PythonRuntime


def session_register(key: str, session_id: str, state: dict = None) -> list:
    """The appointments of a session as rows [appointment_ref, donor_no, time]."""
    return []


def find_donor(key: str, surname: str, state: dict = None) -> list:
    """Donors matching a surname as rows [donor_no, name]."""
    return []


def get_donor_details(key: str, donor_no: str, state: dict = None) -> dict:
    """One donor's record."""
    return {}


def update_contact(key: str, donor_no: str, mobile: str, state: dict = None) -> str:
    """Change a donor's mobile number."""
    return "ok"


CATALOG = PythonRuntime([session_register, find_donor, get_donor_details, update_contact], dict).catalog


def _value(provider: str, path: str) -> Relation:
    return Relation(provider, "update_contact", "provenance", "donor_no", "donor_no", 1.0,
                    {"provider_value": {"path": path}})


def test_subject_name_is_the_kind_of_record_past_generic_nouns():
    assert [subject_name(CATALOG.get(n)) for n in ("session_register", "find_donor", "get_donor_details")] == \
        ["session", "donor", "donor"]


def test_a_provider_about_the_inputs_kind_of_record_is_kept_before_one_that_lists_it_beside_its_own():
    # the session's register was found first and shows donor numbers in its rows; the donor search is
    # about donors: it is kept, and the register is no genuine alternative to it
    register, search = _value("session_register", "$.output[0][1]"), _value("find_donor", "$.output[0][0]")
    kept, alternatives = split_providers([register, search], 1, CATALOG)
    assert [r.provider for r in kept] == ["find_donor"]
    assert alternatives == []
    # with no provider about donors, the first found stays the one kept
    kept, _ = split_providers([register], 1, CATALOG)
    assert [r.provider for r in kept] == ["session_register"]
    # two providers about donors are alternatives of each other, as before
    details = _value("get_donor_details", "$.output.donor_no")
    kept, alternatives = split_providers([register, search, details], 1, CATALOG)
    assert [r.provider for r in kept] == ["find_donor"]


def flights(token: str, state: dict = None) -> list:
    """Scheduled flights."""
    return []


def fleet(token: str, state: dict = None) -> list:
    """The balloons."""
    return []


def ground_balloon(token: str, balloon_reg: str, state: dict = None) -> dict:
    """Ground a balloon."""
    return {}


BALLOONS = PythonRuntime([flights, fleet, ground_balloon], dict).catalog


def _balloon(provider: str, similarity: float, reference: bool) -> Relation:
    shown = {"path": "$.output[0].balloon" if reference else "$.output[0].registration", **({"reference": True} if reference else {})}
    return Relation(provider, "ground_balloon", "provenance", "balloon_reg", "balloon", similarity, {"provider_value": shown})


def test_a_records_own_key_is_kept_before_a_field_that_refers_to_it():
    # the flights list shows each flight's balloon (its field name aligns better with the input); the
    # fleet lists the balloons themselves, keyed by registration: the fleet is the source
    mention, source = _balloon("flights", 0.8, True), _balloon("fleet", 0.25, False)
    kept, alternatives = split_providers([mention, source], 1, BALLOONS)
    assert [r.provider for r in kept] == ["fleet"]
    # without the reference mark the better aligned field wins, as before
    kept, _ = split_providers([_balloon("flights", 0.8, False), source], 1, BALLOONS)
    assert [r.provider for r in kept] == ["flights"]


def test_referenced_reads_fields_of_records_keyed_by_another_id():
    rows = [{"flight_id": "FL-1", "balloon": "G-OALF"}]
    assert referenced(rows, "$.output[0].balloon") and not referenced(rows, "$.output[0].flight_id")
    assert not referenced([{"registration": "G-OALF", "name": "Bramble"}], "$.output[0].registration")
    assert not referenced({"booking_ref": "R-1", "pet_id": "PT-2"}, "$.output.pet_id")  # the reply's own fields
    assert referenced({"flight": {"flight_id": "FL-1", "balloon": "G-OALF"}}, "$.output.flight.balloon")
    table = [["R-28-0640", "PT-2"], ["R-28-0641", "PT-3"]]
    assert referenced(table, "$.output[1][1]") and not referenced(table, "$.output[1][0]")
    assert not referenced([["Jo Smith", "PT-2"]], "$.output[0][1]")  # a row that leads with a name
    assert not referenced(rows, "$.output[7].balloon") and not referenced("x", "$.output") and not referenced(None, "$.output.a")


def test_referenced_passes_over_leading_status_fields():
    # a reply base class's status code comes first in every record: the record is still keyed by its own id
    deferrals = [{"resp": 0, "resp2": 0, "deferral_id": "DF-1", "juror_number": "471104"}]
    assert referenced(deferrals, "$.output[0].juror_number")
    assert not referenced(deferrals, "$.output[0].deferral_id") and not referenced(deferrals, "$.output[0].resp2")
    jurors = [{"resp": 0, "ok": True, "juror_number": "471104", "pool_id": "PL-4473"}]
    assert not referenced(jurors, "$.output[0].juror_number") and referenced(jurors, "$.output[0].pool_id")
    # a leading text is the record's first field, as before: it names no id, so nothing is a reference
    assert not referenced([{"resp": 0, "name": "Jo", "pool_id": "PL-4473"}], "$.output[0].pool_id")



_JSON = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8)),
                     lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                     max_leaves=12)


@given(_JSON, st.text(max_size=30))
def test_referenced_never_fails(output, tail):
    for path, _keys, _value in leaf_values(output, "$.output", ()):
        assert referenced(output, path) in (True, False)
    assert referenced(output, "$.output" + tail) in (True, False)
