"""``to_jsonable`` converts a dataclass field by field, exactly as ``dataclasses.asdict`` then itself would.

A sandbox state is viewed twice per induction call; ``asdict`` deep-copies every leaf first, which
cost most of a call's time. The property below holds the shortcut to the slow path's output.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, strategies as st

from llama_index_libra.records import to_jsonable


@dataclasses.dataclass
class Leaf:
    name: str
    score: float
    tags: Any = None


@dataclasses.dataclass
class Holder:
    items: Any
    leaf: Leaf
    counter: int = 0
    hidden: Any = dataclasses.field(default=None, repr=False)


json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
    | st.tuples(inner, inner) | st.frozensets(st.integers(), max_size=3),
    max_leaves=20,
)
leaves = st.builds(Leaf, st.text(max_size=8), st.floats(), json_like)


@given(st.builds(Holder, st.lists(leaves | json_like, max_size=4) | st.dictionaries(st.text(max_size=4), leaves, max_size=3),
                 leaves, st.integers(), json_like))
def test_dataclasses_convert_as_asdict_would(holder: Holder) -> None:
    fast, slow = to_jsonable(holder), to_jsonable(dataclasses.asdict(holder))
    assert json.dumps(fast) == json.dumps(slow)


def test_a_dataclass_type_is_not_a_value() -> None:
    with pytest.raises(TypeError):
        to_jsonable(Leaf)


def test_depth_is_bounded_through_dataclasses() -> None:
    value: Any = Leaf("x", 1.0)
    for _ in range(40):
        value = Leaf("x", 1.0, value)
    with pytest.raises(TypeError, match="deeper than 64"):
        to_jsonable(value)


def test_enums_days_decimals_ids_and_paths_in_replies_become_json() -> None:
    """A dataclass or pydantic reply holding a plain ``Enum`` member, a day or a ``Decimal`` is a
    success with the value pydantic's JSON mode would write, not an "unserializable output" error."""
    import datetime as dt
    import decimal
    import enum
    import pathlib
    import uuid

    from pydantic import BaseModel

    class Category(enum.Enum):
        GEARBOX = "gearbox"
        BLADE = 2

    @dataclasses.dataclass
    class WorkOrder:
        ref: str
        category: Category
        due: dt.date
        opened: dt.datetime
        cost: decimal.Decimal

    class Report(BaseModel):
        order: WorkOrder
        kinds: list[Category]
        file: pathlib.PurePosixPath
        token: uuid.UUID

    order = WorkOrder("WO-1", Category.GEARBOX, dt.date(2028, 3, 1), dt.datetime(2028, 2, 27, 9, 30), decimal.Decimal("1250.50"))
    out = to_jsonable(Report(order=order, kinds=[Category.BLADE], file=pathlib.PurePosixPath("/a/b.pdf"),
                             token=uuid.UUID(int=7)))
    assert out == {"order": {"ref": "WO-1", "category": "gearbox", "due": "2028-03-01", "opened": "2028-02-27T09:30:00",
                             "cost": 1250.5},
                   "kinds": [2], "file": "/a/b.pdf", "token": "00000000-0000-0000-0000-000000000007"}
    json.dumps(out)


def test_str_and_int_enum_members_become_their_plain_values() -> None:
    """A ``str``/``int`` mixin Enum is already a str or an int, but its ``str()`` is "Kind.NAME": it is
    converted to the plain value like any other member, so a reply's values compare as the text a caller sends."""
    import enum

    class Kind(str, enum.Enum):
        HEARSE = "hearse"

    class Slot(enum.IntEnum):
        MORNING = 1

    out = to_jsonable({"kind": Kind.HEARSE, "slots": [Slot.MORNING]})
    assert out == {"kind": "hearse", "slots": [1]}
    assert type(out["kind"]) is str and type(out["slots"][0]) is int


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
                     lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
                     max_leaves=16)


@given(_JSON, st.sampled_from([None, 0, 1, 2]))
def test_canonical_json_is_json_dumps_with_sorted_keys_and_no_nan(value: Any, indent: Any) -> None:
    """The cached compact encoder writes what the documented json.dumps call writes, indent or not."""
    from llama_index_libra._io import canonical_json

    reference = json.dumps(value, sort_keys=True, ensure_ascii=False, indent=indent, allow_nan=False,
                           separators=None if indent else (",", ":"))
    assert canonical_json(value, indent=indent) == reference


@pytest.mark.parametrize("bad", [float("nan"), {"a": {1, 2}}, {"b": 1, 2: "x"}])
def test_canonical_json_refuses_what_json_dumps_refuses(bad: Any) -> None:
    from llama_index_libra._io import canonical_json

    with pytest.raises((ValueError, TypeError)) as ours:
        canonical_json(bad)
    with pytest.raises((ValueError, TypeError)) as reference:
        json.dumps(bad, sort_keys=True, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    assert type(ours.value) is type(reference.value)
