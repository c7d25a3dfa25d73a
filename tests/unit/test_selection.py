"""Provider selection (induction/selection.py): which proven providers of a consumer input the library keeps."""

from __future__ import annotations

from llama_index_libra.induction.reply_values import subject_name
from llama_index_libra.induction.selection import split_providers
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
