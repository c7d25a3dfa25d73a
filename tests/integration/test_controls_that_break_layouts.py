"""A counterfactual control that breaks the input's layout is no evidence (induction/counterfactual.py,
induction/control_values.py): a date's controls are valid dates a week either side, a placeholder
of another layout refused "dates are YYYY-MM-DD" and a number refused "must be between ..." count for
nothing. ``book_collection`` needs ``list_parcels``' parcel id (a provenance relation); the day it
was weighed and its mass fit the collection's other inputs but any valid day and any mass in range
work too, so they make no relation. Engine 19 admitted both (its controls were ``7572-58-54``, the
literal ``collect_on`` and a mass of 64575 kg)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from tests.support.builds import induce_serially


@dataclass
class Depot:
    collections: list = field(default_factory=list)


def list_parcels(state: Depot) -> list:
    """Parcels waiting at the depot."""
    return [{"parcel_id": "PCL-4410", "collect_on": "2027-03-09", "gross_kg": 19020}]


def book_collection(parcel_id: str, collect_on: str, gross_kg: int, state: Depot) -> dict:
    """Book a parcel's collection on a day, declaring its gross mass."""
    try:
        dt.date.fromisoformat(collect_on)
    except ValueError:
        raise ValueError(f"dates are YYYY-MM-DD, got {collect_on!r}") from None
    if not 2000 <= gross_kg <= 34000:
        raise ValueError("gross mass must be between 2,000 and 34,000 kg")
    if parcel_id != "PCL-4410":
        raise KeyError(f"no parcel {parcel_id!r}")
    state.collections.append((parcel_id, collect_on))
    return {"booking": f"BK-{len(state.collections)}"}


def test_only_the_parcel_id_makes_a_relation() -> None:
    library, report = induce_serially([list_parcels, book_collection], Depot, {})
    assert report.tools_succeeded == 2, report.summary()
    fields = {r.consumer_field for r in library.relations if (r.provider, r.consumer) == ("list_parcels", "book_collection")}
    assert fields == {"parcel_id"}, fields



def normalize_date(text: str, state: Depot) -> str:
    """A date as people write it ('9 March 2027') as YYYY-MM-DD."""
    return dt.datetime.strptime(text.strip(), "%d %B %Y").date().isoformat()


def request_pickup(pickup_date: str, state: Depot) -> dict:
    """Ask for a van on a day (YYYY-MM-DD)."""
    try:
        dt.date.fromisoformat(pickup_date)
    except ValueError:
        raise ValueError(f"pickup_date must be YYYY-MM-DD, got {pickup_date!r}") from None
    return {"pickup": f"PU-{pickup_date}"}


def test_a_converters_date_is_needed_for_its_layout() -> None:
    """The day handed as people write it is refused for its layout and the converter's ISO form
    works: the converter is the day's provider (its control is the form it was written from)."""
    library, report = induce_serially([normalize_date, request_pickup], Depot, {"when": "16 March 2027"})
    assert report.tools_succeeded == 2, report.summary()
    pairs = {(r.provider, r.consumer, r.consumer_field) for r in library.relations}
    assert ("normalize_date", "request_pickup", "pickup_date") in pairs, pairs
