"""An optional input's provenance needs another value of it to fail, not only its omission.

``update_contact`` refuses ``nothing to change`` when no detail is given, and takes any phone number
given. A phone number read off ``get_contact`` (another contact's) works, and so would any other:
``get_contact`` provides the contact id, not the phone number. A search whose optional ``contact_id``
must name a real contact keeps its provenance: another id fails there too."""

from __future__ import annotations

import copy
from typing import Optional

from tests.support.builds import induce_serially


class Desk:
    def __init__(self) -> None:
        self.contacts = {"C-101": {"name": "Ann Lee", "phone": "07700 900111"},
                         "C-102": {"name": "Bob Roe", "phone": "07700 900222"}}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def list_contacts(state: Desk = None) -> list:
    """Every contact id on the desk."""
    return sorted(state.contacts)


def get_contact(contact_id: str, state: Desk = None) -> dict:
    """One contact's record: id, name and phone number."""
    if contact_id not in state.contacts:
        raise LookupError(f"no contact {contact_id}")
    return {"contact_id": contact_id, **state.contacts[contact_id]}


def update_contact(contact_id: str, phone: Optional[str] = None, state: Desk = None) -> dict:
    """Change a contact's phone number.

    Args:
        contact_id: The contact.
        phone: The new phone number.
    """
    c = state.contacts.get(contact_id)
    if c is None:
        raise LookupError(f"no contact {contact_id}")
    if phone is None or phone == c["phone"]:
        raise ValueError(f"nothing to change; those are already {c['name']}'s details")
    c["phone"] = phone
    return {"contact_id": contact_id, **c}


def call_log(contact_id: Optional[str] = None, state: Desk = None) -> list:
    """Calls logged for one contact.

    Args:
        contact_id: The contact whose calls to list.
    """
    if contact_id is None:
        raise ValueError("say whose calls to list")
    if contact_id not in state.contacts:
        raise LookupError(f"no contact {contact_id}")
    return [{"contact_id": contact_id, "at": "09:00"}]


TOOLS = [list_contacts, get_contact, update_contact, call_log]


def _pairs(library, kind: str) -> set:
    return {(r.provider, r.consumer, r.consumer_field) for r in library.relations if r.kind == kind}


def test_a_phone_number_any_value_replaces_has_no_provider() -> None:
    library, report = induce_serially(TOOLS, Desk, {})
    assert "update_contact" not in report.never_succeeded, report.summary()
    provenance = _pairs(library, "provenance")
    assert not {p for p in provenance if p[1] == "update_contact" and p[2] == "phone"}, provenance
    assert any(p[1] == "update_contact" and p[2] == "contact_id" for p in provenance), provenance


def test_an_optional_id_another_value_fails_keeps_its_provider() -> None:
    library, _ = induce_serially(TOOLS, Desk, {})
    assert any(p[1] == "call_log" and p[2] == "contact_id" for p in _pairs(library, "provenance")), library.relations
