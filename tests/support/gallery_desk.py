"""A small gallery desk whose refusals each teach one thing at a time, for the hint and role tests.

- ``open_exhibition`` takes two days written ``DD/MM/YYYY`` and refuses them one at a time
  (``opens_on must be DD/MM/YYYY``, then ``closes_on must be DD/MM/YYYY``), then refuses a day that
  is not after the handed today (``exhibitions open on a future date``): three refusals in a row, each
  teaching one input.
- ``hang_work`` needs the exhibition id ``open_exhibition`` returns (its prerequisite).
"""

from __future__ import annotations

import copy
import datetime as dt

TODAY = dt.date(2028, 3, 15)


class GalleryState:
    def __init__(self) -> None:
        self.exhibitions: dict[str, dict] = {}
        self.works = {"W-101": "The Weir at Calderbrook", "W-102": "Mill Girls at Dinner Hour"}
        self.counter = 500

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def _day(text: str) -> dt.date | None:
    try:
        return dt.datetime.strptime(text, "%d/%m/%Y").date()
    except (TypeError, ValueError):
        return None


def list_works(state: GalleryState = None) -> list[dict]:
    """The works in the store: ``[{"work_id", "title"}]``."""
    return [{"work_id": k, "title": v} for k, v in state.works.items()]


def open_exhibition(title: str, opens_on: str, closes_on: str, state: GalleryState = None) -> dict:
    """Open an exhibition.

    Args:
        title: the exhibition's title.
        opens_on: the first day.
        closes_on: the last day.
    """
    start = _day(opens_on)
    if start is None:
        raise ValueError("opens_on must be DD/MM/YYYY")
    end = _day(closes_on)
    if end is None:
        raise ValueError("closes_on must be DD/MM/YYYY")
    if start <= TODAY:
        raise ValueError("exhibitions open on a future date")
    state.counter += 1
    eid = f"EX-{state.counter}"
    state.exhibitions[eid] = {"title": title, "works": []}
    return {"exhibition_id": eid, "title": title}


def hang_work(exhibition_id: str, work_id: str, state: GalleryState = None) -> dict:
    """Hang a work in an exhibition."""
    ex = state.exhibitions.get(exhibition_id)
    if ex is None:
        raise LookupError(f"no exhibition {exhibition_id}")
    if work_id not in state.works:
        raise LookupError(f"no work {work_id}")
    ex["works"].append(work_id)
    return {"exhibition_id": exhibition_id, "works": list(ex["works"])}


TOOLS = [list_works, open_exhibition, hang_work]
FIXTURES = {"gallery": {"name": "Calderbrook Gallery", "today": "Wednesday 15 March 2028"}}
