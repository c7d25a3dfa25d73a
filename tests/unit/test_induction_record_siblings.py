"""RefusalRetries.record_siblings: a value a refusal quotes gives way to the other values of its record.

``standard_conditions`` lists rows of ``[code, text]``; an approval takes codes and refuses a text by
quoting it (``no standard condition 'Keep the footway open'``). The input aligned with the text column
(``conditions`` with ``condition``); the row was the right record and the binding the wrong field."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, strategies as st

from llama_index_libra._io import canonical_json
from llama_index_libra.induction.refusal_retries import RECORD_SIBLINGS, RefusalRetries
from llama_index_libra.induction.values import FIXTURE_PROVIDER, Value, as_list

ROWS = [["SC-01", "Keep the public footway open at all times"], ["SC-02", "Stewards at each end of the unit"]]


def cell(row: int, col: int, provider: str = "standard_conditions") -> Value:
    v = ROWS[row][col]
    export = ("condition_code", "condition")[col]
    return Value(provider, export, f"$.output[{row}][{col}]", v, f"{provider}\x00{export}\x00{canonical_json(v)}",
                 record=f"c1|$.output[{row}]")


class Validator:
    def is_valid(self, value) -> bool:
        return isinstance(value, (list, str))


def retries(binding, message, accept, pool):
    calls = []

    def run(spec, template, b):
        calls.append(b)
        value = b["conditions"].value if isinstance(b["conditions"], Value) else b["conditions"]
        return (value in accept), None

    binder = SimpleNamespace(validator=lambda spec, name: Validator(), learned={})
    refusals = {("approve", "t0"): [(binding, {k: (v.value if isinstance(v, Value) else v) for k, v in binding.items()}, message)]}
    r = RefusalRetries(run, binder, SimpleNamespace(values=pool), refusals, {}, cap=1, today=None)
    return r, calls


SPEC, TEMPLATE = SimpleNamespace(name="approve"), SimpleNamespace(id="t0")
POOL = [cell(r, c) for r in range(2) for c in range(2)]


def test_a_list_input_takes_the_code_beside_the_quoted_text() -> None:
    text = cell(0, 1)
    binding = {"permit_id": "PM-7", "conditions": as_list(text, [text.value])}
    r, calls = retries(binding, f"no standard condition {text.value!r}", [["SC-01"]], POOL)
    assert r.record_siblings(SPEC, TEMPLATE) == 1
    took = calls[0]["conditions"]
    assert took.value == ["SC-01"] and took.provider == "standard_conditions"  # a provider's value: it credits it
    assert calls[0]["permit_id"] == "PM-7"


def test_a_scalar_input_takes_its_siblings_in_record_order_and_only_its_own_records() -> None:
    r, calls = retries({"conditions": cell(1, 1)}, f"unknown condition '{ROWS[1][1]}'", [], POOL)
    assert r.record_siblings(SPEC, TEMPLATE) == 0
    assert [c["conditions"].value for c in calls] == ["SC-02"]  # row 1's code, not row 0's


def test_no_sibling_without_a_quote_or_for_a_refusal_of_who_acts() -> None:
    text = cell(0, 1)
    for message in ("the permit is not submitted", f"not signed in: {text.value!r} needs a session token",
                    f"{text.value!r}: Ada Quill (clerk) may not do this"):
        r, calls = retries({"conditions": text}, message, [], POOL)
        assert r.record_siblings(SPEC, TEMPLATE) == 0
        assert calls == [], message


def test_handed_values_are_never_swapped() -> None:
    handed = cell(0, 1)._replace(provider=FIXTURE_PROVIDER)
    r, calls = retries({"conditions": handed}, f"no standard condition {handed.value!r}", [], POOL)
    assert r.record_siblings(SPEC, TEMPLATE) == 0 and calls == []


def test_no_sibling_where_the_refusal_names_another_kind_of_record() -> None:
    # (an instrument's name tried as a dataset: its record's keys are instruments' too)
    r, calls = retries({"conditions": cell(0, 1)}, f"404 no dataset {ROWS[0][1]}", [], POOL)
    assert r.record_siblings(SPEC, TEMPLATE) == 0 and calls == []


def test_a_refused_key_is_never_swapped_for_its_records_words() -> None:
    r, calls = retries({"conditions": cell(0, 0)}, "no standard condition 'SC-01'", [], POOL)
    assert r.record_siblings(SPEC, TEMPLATE) == 0 and calls == []


@given(st.lists(st.one_of(st.text(min_size=1, max_size=12), st.integers(), st.booleans()), min_size=2, max_size=8,
                unique_by=lambda x: (type(x), x)), st.text(max_size=60))
def test_only_keys_of_the_quoted_texts_record_and_never_more_than_the_cap(cells, message) -> None:
    cells = ["Keep the footway clear"] + cells
    pool = [Value("lister", f"c{i}", f"$.output[0][{i}]", v, f"lister\x00c{i}\x00{canonical_json(v)}", record="k|$.output[0]")
            for i, v in enumerate(cells)]
    pool.append(Value("other", "code", "$.output[0]", "ZZ-9", "other\x00code\x00\"ZZ-9\"", record="j|$.output[0]"))
    r, calls = retries({"conditions": pool[0]}, message + f" no lister {cells[0]!r}", [], pool)
    r.record_siblings(SPEC, TEMPLATE)
    assert len(calls) <= RECORD_SIBLINGS
    for c in calls:
        v = c["conditions"].value
        assert c["conditions"].record == "k|$.output[0]" and v != cells[0] and not isinstance(v, bool)
        assert isinstance(v, int) or (len(v.split()) == 1 and any(ch.isdigit() for ch in v))
