"""Pawstay: the front desk of Meadowbank Kennels & Cattery, a boarding kennel near Bath (35 calls).

Async handlers over an in-memory ``State`` of the kennels on Saturday 22 July 2028, the first
weekend of the school holidays. Reception finds and registers owners, keeps their pets and
vaccination records, books kennels and cattery chalets, adds extras, takes deposits, gets the
boarding consent signed, checks pets in and out, bills and takes payment; kennel staff log meals,
walks and medication, weigh residents and report incidents; the groomer's diary is kept here too.
Accommodation types, free units, prices and grooming times are public.

Replies are plain dicts (an owner, a care plan, a booking with its pets, extras and payments
nested, a bill with its lines nested), rows as lists of lists with records nested, bare values (a
desk token, free unit codes, a price, a care-log count, a weight, a balance, a message id) and
sentences with a new owner, pet, booking, incident or grooming number inside. Every refusal is
*raised* as a ``DeskError`` (subclasses ``NotSignedIn``, ``NotFound``, ``Conflict``,
``RuleBroken``, each with a ``code``). Owners, pets, bookings and bills have look-alike numbers
(owner ``M1222``, its pet ``M1222-P1``, booking ``R-28-0640`` and its bill ``INV-28-0640``). The
vaccines a dog or cat must have, the deposit share, the extras on offer and the groomer's
dogs-only rule are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from datetime import date
from typing import Literal

TODAY = "2028-07-22"

Species = Literal["dog", "cat"]
CareKind = Literal["meal", "walk", "medication", "play", "litter"]
Severity = Literal["minor", "moderate", "serious"]
PayMethod = Literal["card", "cash", "bank_transfer"]
GroomService = Literal["bath", "full_groom", "nail_clip"]

_VACCINES = {"dog": ("DHP", "LEPTO", "KC"), "cat": ("FVRCP", "FELV")}
_DEPOSIT_SHARE = 0.25
_EXTRAS = {"walk": 6.0, "playtime": 5.0, "medication": 3.0, "brushing": 4.0}
_TYPES = [
    ["KS", "Standard kennel with run", "dog", 2, 28.0, ["K01", "K02", "K03", "K04", "K05", "K06", "K07", "K08"]],
    ["KF", "Family kennel, heated, for up to three dogs", "dog", 3, 38.0, ["F01", "F02", "F03"]],
    ["CC", "Cattery chalet with shelf and window", "cat", 2, 19.0, ["C01", "C02", "C03", "C04", "C05", "C06"]],
]
_GROOM_TIMES = ["09:00", "10:30", "13:00", "14:30"]


class DeskError(Exception):
    """A refusal from the desk system."""

    code = "DESK"

    def __init__(self, message: str) -> None:
        super().__init__(f"[{self.code}] {message}")


class NotSignedIn(DeskError):
    code = "AUTH"


class NotFound(DeskError):
    code = "NOT_FOUND"


class Conflict(DeskError):
    code = "CONFLICT"


class RuleBroken(DeskError):
    code = "RULE"


def _nights(arrive: str, depart: str) -> int:
    return (date.fromisoformat(depart) - date.fromisoformat(arrive)).days


def stay_price(type_code: str, arrive: str, depart: str, pets: int, extras: list | None = None) -> float:
    """The kennels' price for a stay: a second or third pet sharing pays 60% of the nightly rate;
    extras are per pet per day. (Also used by the oracle for deposits.)"""
    t = next(x for x in _TYPES if x[0] == type_code)
    n = _nights(arrive, depart)
    total = t[4] * n * (1 + 0.6 * (pets - 1))
    for extra, days in extras or []:
        total += _EXTRAS[extra] * days * pets
    return round(total, 2)


class State:
    """Meadowbank Kennels & Cattery on Saturday 22 July 2028."""

    def __init__(self) -> None:
        self.staff = {
            "LH": {"name": "Lucy Hale", "pin": "Kestrel-31", "role": "reception"},
            "SD": {"name": "Sam Doyle", "pin": "Otter-58", "role": "kennel"},
        }
        self.tokens = {}
        self.owners = {
            "M1187": {"name": "Janet Price", "phone": "07700 900140", "email": "janet.price@example.com",
                      "postcode": "BA2 6AB", "address": "3 Wellow Lane, Peasedown", "emergency_contact": "Mark Price 07700 900141"},
            "M1203": {"name": "Tom Carver", "phone": "07700 900260", "email": "carvers@example.com",
                      "postcode": "BA1 9HJ", "address": "Ivy Cottage, Weston", "emergency_contact": None},
            "M1215": {"name": "Ruth Okafor", "phone": "07700 900377", "email": "ruth.okafor@example.com",
                      "postcode": "BA2 4LS", "address": "22 Bloomfield Road, Bath", "emergency_contact": None},
            "M1222": {"name": "Gareth Lloyd", "phone": "07700 900455", "email": "g.lloyd@example.com",
                      "postcode": "BA3 2NT", "address": "The Old Forge, Radstock", "emergency_contact": None},
        }
        self.pets = {
            "M1187-P1": {"owner": "M1187", "name": "Biscuit", "species": "dog", "breed": "Cocker Spaniel",
                         "date_of_birth": "2021-03-09", "neutered": True,
                         "vaccines": {"DHP": "2027-09-01", "LEPTO": "2028-02-10", "KC": "2028-02-10"},
                         "care": {"feeding": "Two meals, Burns adult", "medication": ["Apoquel 5.4 mg daily"],
                                  "behaviour_notes": None}},
            "M1203-P1": {"owner": "M1203", "name": "Luna", "species": "dog", "breed": "Border Collie",
                         "date_of_birth": "2023-05-14", "neutered": True,
                         "vaccines": {"DHP": "2027-06-11", "LEPTO": "2028-06-11", "KC": "2028-06-11"},
                         "care": {"feeding": None, "medication": [], "behaviour_notes": None}},
            "M1203-P2": {"owner": "M1203", "name": "Ozzy", "species": "dog", "breed": "Jack Russell Terrier",
                         "date_of_birth": "2019-10-02", "neutered": True,
                         "vaccines": {"DHP": "2027-06-11", "LEPTO": "2028-06-11", "KC": "2028-06-11"},
                         "care": {"feeding": None, "medication": [], "behaviour_notes": "Reactive to big dogs"}},
            "M1215-P1": {"owner": "M1215", "name": "Miso", "species": "cat", "breed": "British Shorthair",
                         "date_of_birth": "2022-08-20", "neutered": True,
                         "vaccines": {"FVRCP": "2028-01-15", "FELV": "2028-01-15"},
                         "care": {"feeding": None, "medication": [], "behaviour_notes": None}},
            "M1222-P1": {"owner": "M1222", "name": "Bramble", "species": "dog", "breed": "Labrador Retriever",
                         "date_of_birth": "2024-01-30", "neutered": False,
                         "vaccines": {"DHP": "2027-11-03", "LEPTO": "2027-11-03"},
                         "care": {"feeding": None, "medication": [], "behaviour_notes": None}},
        }
        self.bookings = {
            "R-28-0611": {"owner": "M1187", "pets": ["M1187-P1"], "unit": "K01", "type": "KS", "arrive": "2028-07-18",
                          "depart": "2028-07-25", "status": "checked_in", "extras": [["medication", 7]],
                          "deposit": 54.25, "consent": {"signed_by": "Janet Price", "vet_consent": True},
                          "invoice": None, "log": []},
            "R-28-0640": {"owner": "M1203", "pets": ["M1203-P1", "M1203-P2"], "unit": "F01", "type": "KF",
                          "arrive": "2028-07-22", "depart": "2028-07-29", "status": "confirmed", "extras": [],
                          "deposit": 106.4, "consent": None, "invoice": None, "log": []},
            "R-28-0655": {"owner": "M1215", "pets": ["M1215-P1"], "unit": "C01", "type": "CC", "arrive": "2028-07-29",
                          "depart": "2028-08-05", "status": "held", "extras": [], "deposit": 0.0, "consent": None,
                          "invoice": None, "log": []},
        }
        self.invoices = {}
        self.incidents = {}
        self.grooms = {}
        self.care_log = []
        self.weights = []
        self.messages = []
        self.counters = {"token": 400, "owner": 1240, "booking": 700, "incident": 42, "groom": 311, "message": 9001}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _staff(state, token, *roles):
    code = state.tokens.get(token)
    if code is None:
        raise NotSignedIn("not signed in at the desk")
    s = state.staff[code]
    if roles and s["role"] not in roles:
        raise RuleBroken(f"{s['role']} staff cannot do this")
    return s


def _owner(state, owner_id):
    o = state.owners.get(owner_id.strip().upper())
    if o is None:
        raise NotFound(f"no owner {owner_id}")
    return o


def _pet(state, pet_id):
    p = state.pets.get(pet_id.strip().upper())
    if p is None:
        raise NotFound(f"no pet {pet_id}")
    return p


def _booking(state, ref):
    b = state.bookings.get(ref.strip().upper())
    if b is None:
        raise NotFound(f"no booking {ref}")
    return b


def _type_of(code):
    t = next((x for x in _TYPES if x[0] == code), None)
    if t is None:
        raise NotFound(f"no accommodation type {code}")
    return t


def _free_units(state, type_code, arrive, depart, ignore=None):
    t = _type_of(type_code)
    busy = {b["unit"] for r, b in state.bookings.items() if r != ignore and b["status"] in ("held", "confirmed", "checked_in")
            and b["arrive"] < depart and arrive < b["depart"]}
    return [u for u in t[5] if u not in busy]


def _dates(arrive, depart):
    try:
        if _nights(arrive, depart) < 1:
            raise RuleBroken("departure must be after arrival")
    except ValueError:
        raise RuleBroken("dates must be YYYY-MM-DD") from None


def _missing_vaccines(p):
    return [v for v in _VACCINES[p["species"]] if v not in p["vaccines"]]


def _total(b):
    return stay_price(b["type"], b["arrive"], b["depart"], len(b["pets"]), b["extras"])


def _booking_view(state, ref):
    b = state.bookings[ref]
    return {"booking_ref": ref, "owner": [b["owner"], state.owners[b["owner"]]["name"]],
            "pets": [[p, state.pets[p]["name"], state.pets[p]["species"]] for p in b["pets"]], "unit": b["unit"],
            "arrive": b["arrive"], "depart": b["depart"], "status": b["status"], "extras": [list(e) for e in b["extras"]],
            "total": _total(b), "deposit_paid": b["deposit"], "consent": dict(b["consent"]) if b["consent"] else None,
            "invoice_no": b["invoice"]}


def _resident(state, pet_id):
    p = _pet(state, pet_id)
    ref = next((r for r, b in state.bookings.items() if pet_id.strip().upper() in b["pets"] and b["status"] == "checked_in"),
               None)
    if ref is None:
        raise RuleBroken(f"{p['name']} is not staying with us")
    return p, ref


# --------------------------------------------------------------------------- desk


async def desk_login(staff_code: str, pin: str, state: State = None) -> str:
    """Sign in at the desk.

    Args:
        staff_code: Staff initials.
        pin: Personal PIN.

    Returns:
        The desk token.
    """
    s = state.staff.get(staff_code.strip().upper())
    if s is None or s["pin"] != pin:
        raise NotSignedIn("staff code or PIN not recognised")
    token = f"mb{_next(state, 'token')}"
    state.tokens[token] = staff_code.strip().upper()
    return token


async def desk_logout(token: str, state: State = None) -> str:
    """Sign out.

    Args:
        token: Desk token.

    Returns:
        Goodbye line.
    """
    s = _staff(state, token)
    del state.tokens[token]
    return f"{s['name']} signed out."


# --------------------------------------------------------------------------- owners and pets


async def find_owner(token: str, surname: str, postcode: str | None = None, state: State = None) -> list[list]:
    """Find owners by surname.

    Args:
        token: Desk token.
        surname: The owner's surname.
        postcode: Narrow by postcode.

    Returns:
        Rows ``[owner_id, name, postcode, phone, [pet names]]``.
    """
    _staff(state, token)
    q = surname.strip().lower()
    return [[i, o["name"], o["postcode"], o["phone"], [p["name"] for p in state.pets.values() if p["owner"] == i]]
            for i, o in state.owners.items()
            if o["name"].lower().split()[-1] == q and (not postcode or o["postcode"] == postcode.strip().upper())]


async def register_owner(token: str, full_name: str, phone: str, email: str, postcode: str, address: str,
                         state: State = None) -> str:
    """Register a new owner.

    Args:
        token: Reception token.
        full_name: Owner's full name.
        phone: Mobile number.
        email: E-mail address.
        postcode: Postcode.
        address: First line of the address.

    Returns:
        A line with the new owner number.
    """
    _staff(state, token, "reception")
    if "@" not in email:
        raise RuleBroken("e-mail address is not valid")
    if any(o["email"] == email.strip().lower() for o in state.owners.values()):
        raise Conflict(f"{email} is already registered")
    i = f"M{_next(state, 'owner')}"
    state.owners[i] = {"name": full_name.strip(), "phone": phone.strip(), "email": email.strip().lower(),
                       "postcode": postcode.strip().upper(), "address": address.strip(), "emergency_contact": None}
    return f"Owner {i} registered: {full_name.strip()}, {postcode.strip().upper()}."


async def update_owner(token: str, owner_id: str, phone: str | None = None, email: str | None = None,
                       emergency_contact: str | None = None, state: State = None) -> dict:
    """Change an owner's contact details.

    Args:
        token: Reception token.
        owner_id: The owner.
        phone: New mobile number.
        email: New e-mail address.
        emergency_contact: Name and number of someone to call if the owner cannot be reached.

    Returns:
        The owner's details.
    """
    _staff(state, token, "reception")
    o = _owner(state, owner_id)
    new = {"phone": phone.strip() if phone else o["phone"], "email": email.strip().lower() if email else o["email"],
           "emergency_contact": emergency_contact.strip() if emergency_contact else o["emergency_contact"]}
    if all(new[k] == o[k] for k in new):
        raise Conflict("nothing to change")
    o.update(new)
    return {"owner_id": owner_id.strip().upper(), **o}


async def list_pets(token: str, owner_id: str, state: State = None) -> list[list]:
    """An owner's pets.

    Args:
        token: Desk token.
        owner_id: The owner.

    Returns:
        Rows ``[pet_id, name, species, breed, date_of_birth, [[vaccine, given_on], ...]]``.
    """
    _staff(state, token)
    _owner(state, owner_id)
    return [[i, p["name"], p["species"], p["breed"], p["date_of_birth"], [[v, d] for v, d in p["vaccines"].items()]]
            for i, p in state.pets.items() if p["owner"] == owner_id.strip().upper()]


async def add_pet(token: str, owner_id: str, name: str, species: Species, breed: str, date_of_birth: str,
                  neutered: bool, state: State = None) -> str:
    """Add a pet to an owner's record.

    Args:
        token: Reception token.
        owner_id: The owner.
        name: The pet's name.
        species: Dog or cat.
        breed: Breed.
        date_of_birth: ``YYYY-MM-DD``.
        neutered: Whether neutered.

    Returns:
        A line with the new pet number.
    """
    _staff(state, token, "reception")
    _owner(state, owner_id)
    oid = owner_id.strip().upper()
    if any(p["owner"] == oid and p["name"].lower() == name.strip().lower() for p in state.pets.values()):
        raise Conflict(f"{name} is already on {oid}'s record")
    n = 1 + sum(1 for p in state.pets.values() if p["owner"] == oid)
    pid = f"{oid}-P{n}"
    state.pets[pid] = {"owner": oid, "name": name.strip(), "species": species, "breed": breed.strip(),
                       "date_of_birth": date_of_birth, "neutered": bool(neutered), "vaccines": {},
                       "care": {"feeding": None, "medication": [], "behaviour_notes": None}}
    return f"Pet {pid} added: {name.strip()}, {breed.strip()} {species}."


async def record_vaccination(token: str, pet_id: str, vaccine: str, given_on: str, vet_practice: str,
                             state: State = None) -> dict:
    """Record a vaccination from the vet's card.

    Args:
        token: Reception token.
        pet_id: The pet.
        vaccine: Vaccine code.
        given_on: ``YYYY-MM-DD``.
        vet_practice: The practice that gave it.

    Returns:
        The pet's vaccinations and whether it may board.
    """
    _staff(state, token, "reception")
    p = _pet(state, pet_id)
    allowed = _VACCINES[p["species"]]
    if vaccine not in allowed:
        raise RuleBroken(f"{vaccine} is not a vaccine we record for a {p['species']}; use {', '.join(allowed)}")
    if p["vaccines"].get(vaccine) == given_on:
        raise Conflict(f"{vaccine} on {given_on} is already recorded")
    p["vaccines"][vaccine] = given_on
    return {"pet_id": pet_id.strip().upper(), "name": p["name"], "vaccines": dict(p["vaccines"]),
            "may_board": not _missing_vaccines(p), "vet_practice": vet_practice.strip()}


async def set_care_plan(token: str, pet_id: str, feeding: str | None = None, medication: list[str] | None = None,
                        behaviour_notes: str | None = None, state: State = None) -> dict:
    """Set a pet's feeding, medication and behaviour notes for its stays.

    Args:
        token: Desk token.
        pet_id: The pet.
        feeding: Food and times.
        medication: Each medicine with dose and time.
        behaviour_notes: Anything the kennel staff should know.

    Returns:
        The care plan.
    """
    _staff(state, token)
    p = _pet(state, pet_id)
    new = {"feeding": feeding.strip() if feeding else p["care"]["feeding"],
           "medication": list(medication) if medication is not None else p["care"]["medication"],
           "behaviour_notes": behaviour_notes.strip() if behaviour_notes else p["care"]["behaviour_notes"]}
    if new == p["care"]:
        raise Conflict("the care plan already says this")
    p["care"] = new
    return {"pet_id": pet_id.strip().upper(), "name": p["name"], **new}


# --------------------------------------------------------------------------- accommodation and bookings


async def list_accommodation(species: Species | None = None, state: State = None) -> list[list]:
    """Kinds of accommodation.

    Args:
        species: Only kennels (dog) or only the cattery (cat).

    Returns:
        Rows ``[type_code, description, species, max_pets, nightly_rate]``.
    """
    return [[t[0], t[1], t[2], t[3], t[4]] for t in _TYPES if not species or t[2] == species]


async def check_availability(type_code: str, arrive: str, depart: str, state: State = None) -> list[str]:
    """Units of a type free for a whole stay.

    Args:
        type_code: The accommodation type.
        arrive: ``YYYY-MM-DD``.
        depart: ``YYYY-MM-DD``.

    Returns:
        Free unit codes.
    """
    _dates(arrive, depart)
    return _free_units(state, type_code, arrive, depart)


async def quote_stay(type_code: str, arrive: str, depart: str, pets: int, extras: list[str] | None = None,
                     state: State = None) -> float:
    """Price a stay (extras for every day of it).

    Args:
        type_code: The accommodation type.
        arrive: ``YYYY-MM-DD``.
        depart: ``YYYY-MM-DD``.
        pets: How many pets share the unit.
        extras: Daily extras.

    Returns:
        The price in pounds.
    """
    _dates(arrive, depart)
    t = _type_of(type_code)
    if not 1 <= pets <= t[3]:
        raise RuleBroken(f"{type_code} takes 1 to {t[3]} pets")
    bad = [e for e in extras or [] if e not in _EXTRAS]
    if bad:
        raise RuleBroken(f"no extra {', '.join(bad)}; extras are {', '.join(_EXTRAS)}")
    return stay_price(type_code, arrive, depart, pets, [[e, _nights(arrive, depart)] for e in extras or []])


async def create_booking(token: str, owner_id: str, pet_ids: list[str], unit_code: str, arrive: str, depart: str,
                         state: State = None) -> str:
    """Hold a unit for an owner's pets; the booking is confirmed by the deposit.

    Args:
        token: Reception token.
        owner_id: The owner.
        pet_ids: The pets sharing the unit.
        unit_code: A free unit.
        arrive: ``YYYY-MM-DD``.
        depart: ``YYYY-MM-DD``.

    Returns:
        A line with the booking reference.
    """
    _staff(state, token, "reception")
    oid = owner_id.strip().upper()
    _owner(state, oid)
    _dates(arrive, depart)
    t = next((x for x in _TYPES if unit_code in x[5]), None)
    if t is None:
        raise NotFound(f"no unit {unit_code}")
    if not pet_ids or len(pet_ids) > t[3]:
        raise RuleBroken(f"{unit_code} takes 1 to {t[3]} pets")
    for pid in pet_ids:
        p = _pet(state, pid)
        if p["owner"] != oid:
            raise RuleBroken(f"{p['name']} is not {oid}'s pet")
        if p["species"] != t[2]:
            raise RuleBroken(f"{unit_code} is for a {t[2]}")
        missing = _missing_vaccines(p)
        if missing:
            raise RuleBroken(f"{p['name']} cannot board: no record of {', '.join(missing)}")
    if unit_code not in _free_units(state, t[0], arrive, depart):
        raise Conflict(f"{unit_code} is not free for those dates")
    ref = f"R-28-{_next(state, 'booking'):04d}"
    state.bookings[ref] = {"owner": oid, "pets": [p.strip().upper() for p in pet_ids], "unit": unit_code, "type": t[0],
                           "arrive": arrive, "depart": depart, "status": "held", "extras": [], "deposit": 0.0,
                           "consent": None, "invoice": None, "log": []}
    return f"Booking {ref} held: {unit_code}, {arrive} to {depart}; confirm with the deposit."


async def list_bookings(token: str, owner_id: str | None = None, status: str | None = None,
                        arriving_on: str | None = None, state: State = None) -> list[list]:
    """Bookings.

    Args:
        token: Desk token.
        owner_id: Only this owner's bookings.
        status: ``held``, ``confirmed``, ``checked_in``, ``checked_out`` or ``cancelled``.
        arriving_on: Only arrivals on this day.

    Returns:
        Rows ``[booking_ref, owner_id, [pet names], unit, arrive, depart, status]``.
    """
    _staff(state, token)
    return [[r, b["owner"], [state.pets[p]["name"] for p in b["pets"]], b["unit"], b["arrive"], b["depart"], b["status"]]
            for r, b in state.bookings.items()
            if (not owner_id or b["owner"] == owner_id.strip().upper()) and (not status or b["status"] == status)
            and (not arriving_on or b["arrive"] == arriving_on)]


async def get_booking(token: str, booking_ref: str, state: State = None) -> dict:
    """One booking in full.

    Args:
        token: Desk token.
        booking_ref: The booking.

    Returns:
        The booking with its pets, extras, total, deposit and consent.
    """
    _staff(state, token)
    _booking(state, booking_ref)
    return _booking_view(state, booking_ref.strip().upper())


async def add_extra(token: str, booking_ref: str, extra: str, days: int, state: State = None) -> dict:
    """Add a daily extra for every pet on a booking.

    Args:
        token: Reception token.
        booking_ref: The booking.
        extra: The extra.
        days: For how many days.

    Returns:
        The booking.
    """
    _staff(state, token, "reception")
    b = _booking(state, booking_ref)
    if b["status"] not in ("held", "confirmed", "checked_in"):
        raise RuleBroken(f"booking {booking_ref} is {b['status']}")
    if extra not in _EXTRAS:
        raise RuleBroken(f"no extra {extra}; extras are {', '.join(_EXTRAS)}")
    if any(e[0] == extra for e in b["extras"]):
        raise Conflict(f"{extra} is already on {booking_ref}")
    if not 1 <= days <= _nights(b["arrive"], b["depart"]):
        raise RuleBroken("days must be within the stay")
    b["extras"].append([extra, int(days)])
    return _booking_view(state, booking_ref.strip().upper())


async def take_deposit(token: str, booking_ref: str, amount: float, card_last4: str, state: State = None) -> str:
    """Take the deposit on a held booking by card, which confirms it.

    Args:
        token: Reception token.
        booking_ref: The booking.
        amount: Pounds.
        card_last4: Last four digits of the card.

    Returns:
        A line with the receipt.
    """
    _staff(state, token, "reception")
    b = _booking(state, booking_ref)
    if b["status"] != "held":
        raise Conflict(f"booking {booking_ref} is {b['status']}, not held")
    need = round(_total(b) * _DEPOSIT_SHARE, 2)
    if amount + 0.005 < need or amount > _total(b):
        raise RuleBroken(f"the deposit is {int(_DEPOSIT_SHARE * 100)}% of the stay: {need:.2f} pounds")
    b.update(deposit=round(float(amount), 2), status="confirmed")
    return f"Deposit of {amount:.2f} pounds taken on {booking_ref.strip().upper()} (card ending {card_last4}); booking confirmed."


async def amend_booking(token: str, booking_ref: str, arrive: str | None = None, depart: str | None = None,
                        state: State = None) -> dict:
    """Move a booking that has not started to other dates in the same unit.

    Args:
        token: Reception token.
        booking_ref: The booking.
        arrive: New arrival date.
        depart: New departure date.

    Returns:
        The booking.
    """
    _staff(state, token, "reception")
    b = _booking(state, booking_ref)
    ref = booking_ref.strip().upper()
    if b["status"] not in ("held", "confirmed"):
        raise RuleBroken(f"booking {ref} is {b['status']}")
    a, d = arrive or b["arrive"], depart or b["depart"]
    if (a, d) == (b["arrive"], b["depart"]):
        raise Conflict("those are already the dates")
    _dates(a, d)
    if b["unit"] not in _free_units(state, b["type"], a, d, ignore=ref):
        raise Conflict(f"{b['unit']} is not free for those dates")
    b.update(arrive=a, depart=d)
    return _booking_view(state, ref)


async def cancel_booking(token: str, booking_ref: str, reason: str, state: State = None) -> dict:
    """Cancel a booking that has not started.

    Args:
        token: Reception token.
        booking_ref: The booking.
        reason: Why.

    Returns:
        The booking and the refund due.
    """
    _staff(state, token, "reception")
    b = _booking(state, booking_ref)
    if b["status"] not in ("held", "confirmed"):
        raise RuleBroken(f"booking {booking_ref} is {b['status']}")
    days = _nights(TODAY, b["arrive"])
    refund = b["deposit"] if days >= 14 else 0.0
    b.update(status="cancelled")
    b["log"].append(f"Cancelled: {reason.strip()}")
    return {**_booking_view(state, booking_ref.strip().upper()), "refund": refund}


async def sign_consent(token: str, booking_ref: str, signed_by: str, vet_consent: bool, state: State = None) -> bool:
    """Record the owner's signed boarding consent for a booking.

    Args:
        token: Reception token.
        booking_ref: The booking.
        signed_by: Who signed.
        vet_consent: Whether the owner allows emergency vet treatment.

    Returns:
        True once recorded.
    """
    _staff(state, token, "reception")
    b = _booking(state, booking_ref)
    if b["consent"]:
        raise Conflict(f"consent for {booking_ref} is already signed by {b['consent']['signed_by']}")
    b["consent"] = {"signed_by": signed_by.strip(), "vet_consent": bool(vet_consent)}
    return True


async def check_in(token: str, booking_ref: str, dropped_off_by: str, state: State = None) -> dict:
    """Check a confirmed booking's pets in on its arrival day.

    Args:
        token: Reception token.
        booking_ref: The booking.
        dropped_off_by: Who brought the pets.

    Returns:
        The booking.
    """
    _staff(state, token, "reception")
    b = _booking(state, booking_ref)
    ref = booking_ref.strip().upper()
    if b["status"] != "confirmed":
        raise RuleBroken(f"booking {ref} is {b['status']}; a deposit confirms it")
    if b["arrive"] != TODAY:
        raise RuleBroken(f"booking {ref} arrives on {b['arrive']}")
    if not b["consent"]:
        raise RuleBroken("the owner has not signed the boarding consent")
    b["status"] = "checked_in"
    b["log"].append(f"Dropped off by {dropped_off_by.strip()}")
    return _booking_view(state, ref)


# --------------------------------------------------------------------------- during the stay


async def list_residents(token: str, name: str | None = None, state: State = None) -> list[list]:
    """Pets staying now.

    Args:
        token: Desk token.
        name: Only pets with this name.

    Returns:
        Rows ``[pet_id, name, species, unit, booking_ref, [medication]]``.
    """
    _staff(state, token)
    return [[p, state.pets[p]["name"], state.pets[p]["species"], b["unit"], r, list(state.pets[p]["care"]["medication"])]
            for r, b in state.bookings.items() if b["status"] == "checked_in" for p in b["pets"]
            if not name or state.pets[p]["name"].lower() == name.strip().lower()]


async def log_care(token: str, pet_id: str, kind: CareKind, note: str, state: State = None) -> int:
    """Log a meal, walk, medication, play session or litter change for a resident.

    Args:
        token: Kennel staff token.
        pet_id: The resident.
        kind: What was done.
        note: Details.

    Returns:
        Entries logged for the pet today.
    """
    _staff(state, token, "kennel")
    p, ref = _resident(state, pet_id)
    if kind == "litter" and p["species"] != "cat":
        raise RuleBroken("litter is logged for cats")
    state.care_log.append([pet_id.strip().upper(), TODAY, kind, note.strip()])
    return sum(1 for x in state.care_log if x[0] == pet_id.strip().upper() and x[1] == TODAY)


async def record_weight(token: str, pet_id: str, kg: float, state: State = None) -> float:
    """Weigh a resident.

    Args:
        token: Kennel staff token.
        pet_id: The resident.
        kg: Weight in kilograms.

    Returns:
        The weight recorded.
    """
    _staff(state, token, "kennel")
    _resident(state, pet_id)
    if not 0.5 <= kg <= 90:
        raise RuleBroken("weight must be 0.5 to 90 kg")
    state.weights.append([pet_id.strip().upper(), TODAY, float(kg)])
    return float(kg)


async def report_incident(token: str, pet_id: str, severity: Severity, description: str, state: State = None) -> str:
    """Report an injury, illness or scuffle involving a resident.

    Args:
        token: Desk token.
        pet_id: The resident.
        severity: Minor, moderate or serious.
        description: What happened.

    Returns:
        A line with the incident number.
    """
    _staff(state, token)
    p, ref = _resident(state, pet_id)
    n = f"N-{_next(state, 'incident'):04d}"
    state.incidents[n] = {"pet_id": pet_id.strip().upper(), "booking_ref": ref, "severity": severity,
                          "description": description.strip(), "vet": None}
    return f"Incident {n} logged for {p['name']} ({severity})."


async def book_vet_visit(token: str, incident_no: str, practice: str, time: str, state: State = None) -> dict:
    """Book a vet visit for an incident, under the owner's consent.

    Args:
        token: Reception token.
        incident_no: The incident.
        practice: The vet practice.
        time: ``HH:MM`` today.

    Returns:
        The incident with the visit.
    """
    _staff(state, token, "reception")
    i = state.incidents.get(incident_no.strip().upper())
    if i is None:
        raise NotFound(f"no incident {incident_no}")
    if i["vet"]:
        raise Conflict(f"a vet visit is already booked for {incident_no}")
    if not state.bookings[i["booking_ref"]]["consent"]["vet_consent"]:
        raise RuleBroken("the owner did not consent to vet treatment; call them first")
    i["vet"] = {"practice": practice.strip(), "time": time}
    return {"incident_no": incident_no.strip().upper(), **i}


async def send_owner_update(token: str, booking_ref: str, message: str, photo: str | None = None,
                            state: State = None) -> str:
    """Send the owner a message (and a photo) about pets staying with us.

    Args:
        token: Desk token.
        booking_ref: The booking.
        message: Message text.
        photo: A photo file.

    Returns:
        The message id.
    """
    _staff(state, token)
    b = _booking(state, booking_ref)
    if b["status"] != "checked_in":
        raise RuleBroken(f"booking {booking_ref} is {b['status']}; updates are sent during a stay")
    if not message.strip():
        raise RuleBroken("the message is empty")
    mid = f"U{_next(state, 'message')}"
    state.messages.append([mid, booking_ref.strip().upper(), message.strip(), photo])
    return mid


async def extend_stay(token: str, booking_ref: str, new_depart: str, state: State = None) -> dict:
    """Extend a stay in progress in the same unit.

    Args:
        token: Reception token.
        booking_ref: The booking.
        new_depart: The new departure date.

    Returns:
        The booking.
    """
    _staff(state, token, "reception")
    b = _booking(state, booking_ref)
    ref = booking_ref.strip().upper()
    if b["status"] != "checked_in":
        raise RuleBroken(f"booking {ref} is {b['status']}; only a stay in progress is extended")
    if new_depart <= b["depart"]:
        raise RuleBroken(f"the stay already runs to {b['depart']}")
    if b["unit"] not in _free_units(state, b["type"], b["depart"], new_depart, ignore=ref):
        raise Conflict(f"{b['unit']} is booked from {b['depart']}; move the pets first")
    b["depart"] = new_depart
    return _booking_view(state, ref)


async def move_unit(token: str, booking_ref: str, unit_code: str, state: State = None) -> dict:
    """Move a stay in progress to another free unit of the same type.

    Args:
        token: Reception token.
        booking_ref: The booking.
        unit_code: The new unit.

    Returns:
        The booking.
    """
    _staff(state, token, "reception")
    b = _booking(state, booking_ref)
    ref = booking_ref.strip().upper()
    if b["status"] != "checked_in":
        raise RuleBroken(f"booking {ref} is {b['status']}")
    if unit_code == b["unit"]:
        raise Conflict(f"the pets are already in {unit_code}")
    if unit_code not in _free_units(state, b["type"], TODAY, b["depart"], ignore=ref):
        raise Conflict(f"{unit_code} is not a free {b['type']} unit")
    b["unit"] = unit_code
    return _booking_view(state, ref)


async def issue_bill(token: str, booking_ref: str, state: State = None) -> dict:
    """Bill a stay in progress: nights to the departure date and extras, less the deposit.

    Args:
        token: Reception token.
        booking_ref: The booking.

    Returns:
        The bill with its lines and balance.
    """
    _staff(state, token, "reception")
    b = _booking(state, booking_ref)
    ref = booking_ref.strip().upper()
    if b["status"] != "checked_in":
        raise RuleBroken(f"booking {ref} is {b['status']}; bills are issued during the stay")
    if b["invoice"]:
        raise Conflict(f"bill {b['invoice']} is already issued")
    t = _type_of(b["type"])
    n = _nights(b["arrive"], b["depart"])
    lines = [[f"{t[1]}, {n} nights, {len(b['pets'])} pet(s)", stay_price(b["type"], b["arrive"], b["depart"], len(b["pets"]))]]
    lines += [[f"{e} x {d} days x {len(b['pets'])}", round(_EXTRAS[e] * d * len(b["pets"]), 2)] for e, d in b["extras"]]
    total = round(sum(x[1] for x in lines), 2)
    inv = "INV-" + ref[2:]
    state.invoices[inv] = {"booking_ref": ref, "total": total, "paid": b["deposit"]}
    b["invoice"] = inv
    return {"invoice_no": inv, "booking_ref": ref, "lines": lines, "total": total, "deposit": b["deposit"],
            "balance": round(total - b["deposit"], 2)}


async def take_payment(token: str, invoice_no: str, amount: float, method: PayMethod, state: State = None) -> float:
    """Take a payment against a bill.

    Args:
        token: Reception token.
        invoice_no: The bill.
        amount: Pounds.
        method: Card, cash or bank transfer.

    Returns:
        The balance left.
    """
    _staff(state, token, "reception")
    i = state.invoices.get(invoice_no.strip().upper())
    if i is None:
        raise NotFound(f"no bill {invoice_no}")
    left = round(i["total"] - i["paid"], 2)
    if left <= 0:
        raise Conflict(f"{invoice_no} is already paid")
    if not 0 < amount <= left + 0.005:
        raise RuleBroken(f"the balance is {left:.2f} pounds")
    i["paid"] = round(i["paid"] + amount, 2)
    return round(i["total"] - i["paid"], 2)


async def check_out(token: str, booking_ref: str, collected_by: str, state: State = None) -> str:
    """Hand the pets back once the bill is paid.

    Args:
        token: Reception token.
        booking_ref: The booking.
        collected_by: Who collected them.

    Returns:
        Goodbye line.
    """
    _staff(state, token, "reception")
    b = _booking(state, booking_ref)
    ref = booking_ref.strip().upper()
    if b["status"] != "checked_in":
        raise RuleBroken(f"booking {ref} is {b['status']}")
    if not b["invoice"]:
        raise RuleBroken("issue the bill first")
    i = state.invoices[b["invoice"]]
    if i["paid"] + 0.005 < i["total"]:
        raise RuleBroken(f"{b['invoice']} has {i['total'] - i['paid']:.2f} pounds outstanding")
    b["status"] = "checked_out"
    b["log"].append(f"Collected by {collected_by.strip()}")
    return f"{', '.join(state.pets[p]['name'] for p in b['pets'])} went home with {collected_by.strip()}."


# --------------------------------------------------------------------------- grooming


async def list_groom_slots(date: str, state: State = None) -> list[str]:
    """Free times in the groomer's diary.

    Args:
        date: ``YYYY-MM-DD``.

    Returns:
        Start times.
    """
    taken = {g["time"] for g in state.grooms.values() if g["date"] == date and g["status"] == "booked"}
    return [t for t in _GROOM_TIMES if t not in taken]


async def book_groom(token: str, pet_id: str, date: str, time: str, service: GroomService, state: State = None) -> str:
    """Book the groomer.

    Args:
        token: Reception token.
        pet_id: The pet.
        date: ``YYYY-MM-DD``.
        time: A free start time.
        service: Bath, full groom or nail clip.

    Returns:
        A line with the grooming reference.
    """
    _staff(state, token, "reception")
    p = _pet(state, pet_id)
    if p["species"] != "dog":
        raise RuleBroken("our groomer only takes dogs")
    if time not in _GROOM_TIMES or any(g["date"] == date and g["time"] == time and g["status"] == "booked"
                                       for g in state.grooms.values()):
        raise Conflict(f"{time} on {date} is not a free grooming time")
    g = f"G-{_next(state, 'groom')}"
    state.grooms[g] = {"pet_id": pet_id.strip().upper(), "date": date, "time": time, "service": service, "status": "booked"}
    return f"Grooming {g} booked: {p['name']}, {service.replace('_', ' ')}, {date} at {time}."


async def cancel_groom(token: str, groom_ref: str, state: State = None) -> str:
    """Cancel a grooming appointment.

    Args:
        token: Reception token.
        groom_ref: The grooming reference.

    Returns:
        Confirmation.
    """
    _staff(state, token, "reception")
    g = state.grooms.get(groom_ref.strip().upper())
    if g is None:
        raise NotFound(f"no grooming {groom_ref}")
    if g["status"] != "booked":
        raise Conflict(f"{groom_ref} is already {g['status']}")
    g["status"] = "cancelled"
    return f"Grooming {groom_ref.strip().upper()} cancelled."


TOOLS = [
    desk_login, desk_logout, find_owner, register_owner, update_owner, list_pets, add_pet, record_vaccination,
    set_care_plan, list_accommodation, check_availability, quote_stay, create_booking, list_bookings, get_booking,
    add_extra, take_deposit, amend_booking, cancel_booking, sign_consent, check_in, list_residents, log_care,
    record_weight, report_incident, book_vet_visit, send_owner_update, extend_stay, move_unit, issue_bill,
    take_payment, check_out, list_groom_slots, book_groom, cancel_groom,
]

FIXTURES = {
    "kennels": {"name": "Meadowbank Kennels & Cattery, near Bath", "today": "Saturday 22 July 2028"},
    "staff": [
        {"name": "Lucy Hale", "role": "reception", "staff_code": "LH", "pin": "Kestrel-31"},
        {"name": "Sam Doyle", "role": "kennel hand", "staff_code": "SD", "pin": "Otter-58"},
    ],
    "new_client": {"full_name": "Hannah Webb", "phone": "07700 900588", "email": "hannah.webb@example.com",
                   "postcode": "BA1 3QR", "address": "41 Cedric Road, Bath",
                   "pet": "Pepper, a Cockapoo bitch born 2025-04-02, neutered, DHP, LEPTO and KC on 2028-05-19 at Widcombe Vets"},
    "on_the_phone": [
        "Gareth Lloyd: Bramble had her kennel cough vaccine on 2028-07-15 at Widcombe Vets",
        "Tom Carver: dropping Luna and Ozzy off this morning",
        "Ruth Okafor: Miso's stay from 29 July",
        "Janet Price: collecting Biscuit today instead of Tuesday",
    ],
}

_TOKEN = "auth: desk token (bare string from desk_login)"
_OWNER = "id lookup/create: owner number (row [0] of find_owner, or the number in the registered-owner line)"
_PET = "id lookup/create: pet number (row [0] of list_pets, or the number in the added-pet line)"
_BOOKING = "id lookup/create: booking reference (in the booking-held line, or row [0] of list_bookings)"
_RESIDENT = "id lookup: a resident's pet number (row [0] of list_residents or list_pets)"

_SIGNED_IN = [
    "desk_logout", "find_owner", "register_owner", "update_owner", "list_pets", "add_pet", "record_vaccination",
    "set_care_plan", "create_booking", "list_bookings", "get_booking", "add_extra", "take_deposit", "amend_booking",
    "cancel_booking", "sign_consent", "check_in", "list_residents", "log_care", "record_weight", "report_incident",
    "book_vet_visit", "send_owner_update", "extend_stay", "move_unit", "issue_bill", "take_payment", "check_out",
    "book_groom", "cancel_groom",
]
OWNER_CONSUMERS = ["update_owner", "list_pets", "add_pet", "create_booking"]
PET_CONSUMERS = ["record_vaccination", "set_care_plan", "create_booking", "book_groom"]
RESIDENT_CONSUMERS = ["log_care", "record_weight", "report_incident"]
BOOKING_CONSUMERS = ["get_booking", "add_extra", "take_deposit", "amend_booking", "cancel_booking", "sign_consent",
                     "check_in", "send_owner_update", "extend_stay", "move_unit", "issue_bill", "check_out"]

GROUND_TRUTH = (
    [("desk_login", c, _TOKEN) for c in _SIGNED_IN]
    + [("find_owner|register_owner", c, _OWNER) for c in OWNER_CONSUMERS]
    + [("list_pets|add_pet", c, _PET) for c in PET_CONSUMERS]
    + [("list_residents|list_pets", c, _RESIDENT) for c in RESIDENT_CONSUMERS]
    + [("create_booking|list_bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [
        ("issue_bill", "take_payment", "id create: bill number (invoice_no)"),
        ("report_incident", "book_vet_visit", "id create: incident number (in the incident line)"),
        ("book_groom", "cancel_groom", "id create: grooming reference (in the grooming line)"),
        ("list_accommodation", "check_availability", "vocabulary: accommodation type code (row [0])"),
        ("list_accommodation", "quote_stay", "vocabulary: accommodation type code (row [0])"),
        ("check_availability", "create_booking", "vocabulary: a free unit code"),
        ("check_availability", "move_unit", "vocabulary: a free unit code"),
        ("list_groom_slots", "book_groom", "vocabulary: a free grooming time"),
        ("record_vaccination", "create_booking", "state: the pet's required vaccinations on record"),
        ("take_deposit", "check_in", "state: the booking confirmed by its deposit"),
        ("sign_consent", "check_in", "state: the boarding consent signed"),
        ("check_in", "log_care", "state: the pet staying with us"),
        ("check_in", "record_weight", "state: the pet staying with us"),
        ("check_in", "report_incident", "state: the pet staying with us"),
        ("check_in", "send_owner_update", "state: the stay in progress"),
        ("check_in", "extend_stay", "state: the stay in progress"),
        ("check_in", "move_unit", "state: the stay in progress"),
        ("check_in", "issue_bill", "state: the stay in progress"),
        ("check_in", "check_out", "state: the stay in progress"),
        ("issue_bill", "check_out", "state: the bill issued"),
        ("take_payment", "check_out", "state: the bill paid"),
    ]
)

PLAUSIBLE = {
    ("get_booking", "log_care"), ("get_booking", "record_weight"), ("get_booking", "report_incident"),
    ("find_owner", "list_bookings"), ("quote_stay", "create_booking"), ("list_accommodation", "create_booking"),
    ("get_booking", "take_deposit"), ("quote_stay", "take_deposit"), ("get_booking", "issue_bill"),
    ("list_residents", "send_owner_update"), ("list_residents", "extend_stay"), ("list_residents", "issue_bill"),
    ("list_pets", "list_residents"), ("set_care_plan", "check_in"), ("add_extra", "issue_bill"),
    ("list_bookings", "list_residents"), ("issue_bill", "take_deposit"), ("check_availability", "amend_booking"),
    ("get_booking", "check_out"), ("find_owner", "register_owner"),
    ("list_groom_slots", "cancel_groom"), ("report_incident", "send_owner_update"), ("add_pet", "log_care"),
}
