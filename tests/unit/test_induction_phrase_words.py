"""Words of free text (:mod:`llama_index_libra.induction.phrase_words`) and where bindings take them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Literal

from hypothesis import given, strategies as st

from llama_index_libra._io import canonical_json
from llama_index_libra.induction.phrase_words import phrase_words, shared_topic, topic_words, word_value
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, same_record, value_json


def test_capitalised_words_come_first_from_the_end_then_long_lower_case_words():
    assert phrase_words("Harold Whitcombe") == ["Whitcombe", "Harold"]
    words = phrase_words("on warfarin; Dr. Price phoned in fluconazole yesterday; his atorvastatin ran out")
    assert words[:1] == ["Price"]  # "Dr" is two letters: not a word a search finds
    assert words[1:4] == ["atorvastatin", "fluconazole", "yesterday"]
    assert not {"on", "his", "ran", "out", "in"} & set(words)


def test_one_word_or_no_word_has_no_words():
    assert phrase_words("Whitcombe") == [] and phrase_words("RX-448213") == [] and phrase_words("") == []


@given(st.text(max_size=120))
def test_words_are_distinct_letter_runs_of_the_text(text):
    words = phrase_words(text)
    assert len(words) == len(set(words))
    assert all(len(w) >= 3 and w.isalpha() and w in text for w in words)


def test_a_word_keeps_its_record_and_credits_nobody():
    name = Value(FIXTURE_PROVIDER, "name", "$.fixtures.members[*].name", "Ines Okafor", f"{FIXTURE_PROVIDER}\x00name\x00\"Ines Okafor\"",
                 False, record=f"{FIXTURE_PROVIDER}|$.fixtures.members[0].")
    born = Value(FIXTURE_PROVIDER, "date_of_birth", "$.fixtures.members[*].date_of_birth", "1979-02-11",
                 f"{FIXTURE_PROVIDER}\x00date_of_birth\x00\"1979-02-11\"", False,
                 record=f"{FIXTURE_PROVIDER}|$.fixtures.members[0].")
    other = born._replace(record=f"{FIXTURE_PROVIDER}|$.fixtures.members[1].")
    word = word_value(name, "Okafor")
    assert word.value == "Okafor" and value_json(word) == canonical_json("Okafor") and not word.credit
    assert word.key != name.key and word.export == name.export
    assert same_record(word, born) and not same_record(word, other)


def test_topic_words_are_content_words_with_plurals_folded():
    words = topic_words("Find the people the Home Office has invited to a citizenship ceremony; candidates")
    assert {"people", "home", "office", "invited", "citizenship", "ceremony", "candidate", "find"} <= words
    assert not {"the", "has", "to", "a"} & words  # glue and short words say nothing
    assert topic_words("Class") == {"class"}  # a double s is no plural


def test_a_note_about_the_tool_shares_more_of_its_words():
    tool = topic_words("find candidate: Find the people invited to a citizenship ceremony by surname")
    about = "Today's ceremony: Radoslaw Wierzbicki's passport was checked; Ebere Okonkwo-Lind brings hers"
    other = "Rosamund Carlyon registers her daughter Kerensa, born on 20 February at the General Hospital"
    assert shared_topic(about, tool) > shared_topic(other, tool) == 0
    assert shared_topic(about, frozenset()) == 0


@given(st.text(max_size=200), st.text(max_size=200))
def test_shared_topic_is_bounded_by_both_texts(text, tool_text):
    tool = topic_words(tool_text)
    n = shared_topic(text, tool)
    assert 0 <= n <= min(len(topic_words(text)), len(tool))
    assert all(w.islower() and w.isalpha() and len(w) >= 3 for w in topic_words(text))


def test_phrases_about_the_tool_are_read_first_within_a_field():
    from llama_index_libra.runtime.python import PythonRuntime

    def find_pupil(surname: str, state=None) -> list:
        """Find pupils by surname: each pupil's number and name."""
        return []

    spec = PythonRuntime([find_pupil], dict).catalog.get("find_pupil")
    notes = ["Harrowgate Stationery delivers Tuesday: Bristol Board and Manila Folders",
             "Caretaker Desmond Fairweather reports the Gymnasium Roof leaking",
             "Pupil news: Ottoline Brackenbury asked to join a club"]
    pool = [Value(FIXTURE_PROVIDER, "notes", "$.fixtures.notes[*]", n, f"{FIXTURE_PROVIDER}\x00notes\x00{canonical_json(n)}",
                  False) for n in notes]
    found = _binder().phrases_in(spec, pool, 12)
    assert [v.value for v in found] == [notes[2], notes[0], notes[1]]  # the rest keep their order


def _binder():
    from llama_index_libra.induction.bindings import Binder
    from llama_index_libra.induction.field_encoders import LexicalFieldEncoder

    ctx = SimpleNamespace(config=SimpleNamespace(tau=0.5, bindings_per_input=4), binding_sims={})
    return Binder(ctx, LexicalFieldEncoder().similarity)


def test_a_prose_enumeration_does_not_close_a_search_input_to_words():
    from llama_index_libra.runtime.python import PythonRuntime

    def search_parts(query: str, state=None) -> list:
        """Search the parts bin.

        Args:
            query: Part of the part's name (trade or common).
        """
        return []

    def set_mode(mode: Literal["fast", "slow"], state=None) -> str:
        """Set the mode."""
        return mode

    catalog = PythonRuntime([search_parts, set_mode], dict).catalog
    spec, declared = catalog.get("search_parts"), catalog.get("set_mode")
    binder = _binder()
    assert binder.prose_enum(spec, "query") and not binder.free_text_input(spec, "query")
    assert binder.free_text_input(spec, "query", prose_enum=True)
    assert binder.word_validator(spec, "query").is_valid("hinge") and not binder.validator(spec, "query").is_valid("hinge")
    # an enumeration the type declares stays closed
    assert not binder.prose_enum(declared, "mode") and not binder.free_text_input(declared, "mode", prose_enum=True)
    assert not binder.word_validator(declared, "mode").is_valid("turbo")
