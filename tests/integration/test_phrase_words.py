"""Free-text lookups that need a WORD of what the tester was handed.

A member is found by surname and birth date, while the fixtures hold the whole name ("Ines
Okafor") and the birth date beside it, which the surname must take jointly; a part is found by a word of its name, which the fixtures
only mention inside a sentence, and whose docstring lists "(trade or common)" in parentheses (read as
an enumeration, though it only says what kind of name to type). A refusal names the code it
wanted in capitals ("No supplier with SKU ..."). Each lookup's ids unlock a consumer: without the
words, the consumers never succeed and their relations are never found.
"""

from __future__ import annotations

from llama_index_libra.induction import induce
from llama_index_libra.runtime.python import PythonRuntime


class Club:
    def __init__(self):
        self.members = {"M-3301": {"first": "Ines", "last": "Okafor", "born": "1979-02-11"}}
        self.parts = {"PT-88120": {"name": "brass hinge", "sku": "SKU4471"},
                      "PT-88121": {"name": "steel bracket", "sku": "SKU4472"}}
        self.loans: dict[str, str] = {}


def find_member(surname: str, born: str, state: Club) -> list[dict]:
    """Look a member up.

    Args:
        surname: The member's surname.
        born: Birth date, YYYY-MM-DD.
    """
    found = [{"member_id": k, "first": m["first"], "last": m["last"]} for k, m in state.members.items()
             if m["last"].lower() == surname.strip().lower() and m["born"] == born]
    if not found:
        raise LookupError(f"No member {surname} born {born}")
    return found


def lend_tool(member_id: str, state: Club) -> dict:
    """Lend the club's drill to a member."""
    if member_id not in state.members:
        raise LookupError(f"No member {member_id}")
    state.loans["drill"] = member_id
    return {"lent": "drill", "to": member_id}


def search_parts(query: str, state: Club) -> list[dict]:
    """Search the parts bin.

    Args:
        query: Part of the part's name (trade or common).
    """
    q = query.strip().lower()
    return [{"part_id": k, "name": p["name"], "sku": p["sku"]} for k, p in state.parts.items() if q and q in p["name"]]


def reorder_part(order_code: str, state: Club) -> dict:
    """Reorder a part from the supplier."""
    if order_code not in {p["sku"] for p in state.parts.values()}:
        raise LookupError(f"No supplier item with SKU {order_code}")
    return {"reordered": order_code}


FIXTURES = {
    # Tomas is not a member yet: a surname finds a member only with the birth date beside it
    "members": [{"name": "Tomas Berg", "date_of_birth": "1990-07-30"}, {"name": "Ines Okafor", "date_of_birth": "1979-02-11"}],
    "notes": "the workshop's hinge came loose again; Ines wants a replacement",
}


def _pairs(library) -> set[tuple[str, str]]:
    return {(r.provider, r.consumer) for r in library.relations}


def test_a_surname_from_a_handed_name_finds_the_member_and_unlocks_its_consumer():
    runtime = PythonRuntime([find_member, lend_tool], Club, fixtures=FIXTURES)
    library, report = induce(runtime, field_encoder="lexical", executor="serial")
    assert "find_member" not in report.never_succeeded
    assert ("find_member", "lend_tool") in _pairs(library)


def test_a_word_inside_a_handed_sentence_finds_a_part_despite_a_parenthesised_list():
    runtime = PythonRuntime([search_parts, reorder_part], Club, fixtures=FIXTURES)
    spec = runtime.catalog.get("search_parts")
    assert spec.parameters["properties"]["query"].get("enum") == ["trade", "common"]  # read from the prose
    library, report = induce(runtime, field_encoder="lexical", executor="serial")
    assert "reorder_part" not in report.never_succeeded
    assert ("search_parts", "reorder_part") in _pairs(library)
