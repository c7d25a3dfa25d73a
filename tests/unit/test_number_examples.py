"""A numeric input's documented example is its literal before the sampled ``10``.

``record_refraction(cylinder)`` says "Cylinder in dioptres (``0`` for none)": a practice that
records cylinders in minus form refuses ``10``, so the documented ``0`` must be tried first."""

from __future__ import annotations

from hypothesis import given, strategies as st

from llama_index_libra.contracts.samples import _number_examples, constructible_values
from llama_index_libra.contracts.vocabulary import ToolContext


def _first(node: dict) -> object:
    return next(constructible_values("cylinder", node, ToolContext(verb="record", tokens=frozenset({"record"}), creates=False, changes_state=True), fresh_name=False))


def test_a_quoted_number_in_the_description_is_the_first_literal() -> None:
    assert _first({"type": "number", "description": "Cylinder in dioptres (``0`` for none)."}) == 0
    assert _first({"type": "number", "description": "Sphere in dioptres (``-1.25``)."}) == -1.25
    assert _first({"type": "integer", "description": "Months until the recall (e.g. 12 or 24)."}) == 12


def test_without_an_example_the_sample_stays() -> None:
    assert _first({"type": "number", "description": "Cylinder in dioptres."}) == 10
    # a quoted word or a fraction where an integer is wanted is no example of it
    assert _first({"type": "integer", "description": "Axis (``'left'``), or ``1.5``."}) == 10


@given(st.text(max_size=80), st.booleans())
def test_number_examples_are_numbers_of_the_type(text: str, integer: bool) -> None:
    for value in _number_examples(text, integer=integer):
        assert isinstance(value, (int, float)) and not isinstance(value, bool)
        assert not integer or isinstance(value, int)
