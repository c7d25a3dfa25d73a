"""Restwell: the arrangement desk of Hollins & Daughter Funeral Directors, Sheffield (36 calls).

Plain functions over an in-memory ``State`` of the funeral home on Monday 5 February 2029. Arrangers
take the first call when someone has died, arrange the collection, record the family, the funeral
type, the registration of the death and the cremation paperwork, and ask the medical referee to
authorise a cremation; they choose the coffin and extras with the family, prepare the written
estimate, take the deposit, book the crematorium, cemetery or chapel and a celebrant, place the
newspaper notice and record the funeral; the care team receive the person into their care, prepare
them for viewing and receive the ashes; the office invoices and takes payment. The coffin range is
public.

Replies are dataclasses (a staff session, a case with its family, paperwork, bookings and items
nested, a family contact, a transfer, paperwork, a venue, a venue booking, a coffin, a celebrant, an
estimate with its lines nested, a receipt, a viewing, a notice, an invoice) and lists of them, plus a
bare count and two sentences. Every refusal is *returned* as ``{"success": False, "message": ...}``,
the way the desk's web API answers. Case, contact, estimate and invoice numbers share the case's
digits (``HD-29-0044``, ``HD-29-0044/K1``, ``E-29-0044-1``, ``INV-29-0044``). Service-item codes,
newspaper codes, the deposit share, the cremation forms the referee needs, the zinc-lined coffin
rule and the viewing-room size are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

TODAY = "2029-02-05"

Vehicle = Literal["private_ambulance", "hearse"]
VenueKind = Literal["crematorium", "cemetery", "church", "chapel"]
CelebrantKind = Literal["civil", "humanist", "church"]
Container = Literal["urn", "scatter_tube", "casket"]
PayMethod = Literal["card", "bank_transfer", "cheque"]


class Disposal(str, Enum):
    BURIAL = "burial"
    CREMATION = "cremation"


class CaseStage(str, Enum):
    OPEN = "open"
    FUNERAL_BOOKED = "funeral_booked"
    HELD = "held"
    CLOSED = "closed"


_ITEMS = {"LIMOUSINE": 295.0, "ORDER_OF_SERVICE": 85.0, "FLORAL_TRIBUTE": 120.0, "DOVE_RELEASE": 150.0,
          "WEBCAST": 75.0}
_NEWSPAPERS = ("STAR", "TELEGRAPH", "ONLINE_NOTICES")
_DEPOSIT_SHARE = 0.3
_PRO_FEE = 2450.0
_VIEWING_MAX = 10
_COFFINS = [
    ["HD-OAK-V", "Oak veneer, traditional", "oak veneer", 895.0],
    ["HD-WIL", "Natural willow", "willow", 760.0],
    ["HD-SOL-OAK", "Solid oak, raised lid", "solid oak", 2150.0],
    ["HD-ZINC", "Zinc-lined, for repatriation", "zinc-lined elm", 2600.0],
]
_VENUES = [
    ["CITY-RD", "City Road Crematorium", "crematorium", 1050.0],
    ["HUTCLIFFE", "Hutcliffe Wood Crematorium", "crematorium", 1050.0],
    ["CROOKES", "Crookes Cemetery", "cemetery", 1600.0],
    ["ST-MARKS", "St Mark's Church, Broomhill", "church", 350.0],
    ["HD-CHAPEL", "Hollins & Daughter chapel", "chapel", 0.0],
]
_TIMES = ["09:30", "11:00", "12:30", "14:00", "15:30"]
_CELEBRANTS = [
    ["CEL-04", "Rev. Anne Lowther", "church", ["2029-02-14"]],
    ["CEL-07", "Martin Doyle", "humanist", []],
    ["CEL-09", "Farah Iqbal", "civil", ["2029-02-16"]],
    ["CEL-11", "Julie Barnes", "humanist", ["2029-02-12"]],
]


# --------------------------------------------------------------------------- replies


@dataclass
class StaffSession:
    token: str
    name: str
    role: str
    branch: str


@dataclass
class Contact:
    contact_id: str
    name: str
    relationship: str
    phone: str
    email: str | None
    address: str | None
    is_applicant: bool


@dataclass
class Paperwork:
    registered: bool
    green_form: bool
    registration: str | None
    cremation_application: str | None
    medical_certificate: str | None
    referee: str


@dataclass
class VenueBooking:
    booking_ref: str
    case_ref: str
    venue_code: str
    venue: str
    date: str
    time: str
    status: str


@dataclass
class Case:
    case_ref: str
    deceased: str
    date_of_death: str
    place_of_death: str
    stage: str
    care: str
    disposal: str | None
    coffin: str | None
    items: list[list]
    contacts: list[Contact]
    paperwork: Paperwork
    bookings: list[VenueBooking]
    celebrant: str | None
    notes: int


@dataclass
class CaseSummary:
    case_ref: str
    deceased: str
    date_of_death: str
    stage: str
    disposal: str | None


@dataclass
class Transfer:
    transfer_id: str
    case_ref: str
    from_address: str
    team: list[str]
    vehicle: str
    status: str


@dataclass
class Venue:
    code: str
    name: str
    kind: str
    fee: float


@dataclass
class Coffin:
    code: str
    name: str
    material: str
    price: float


@dataclass
class Celebrant:
    celebrant_id: str
    name: str
    kind: str


@dataclass
class EstimateLine:
    description: str
    amount: float


@dataclass
class Estimate:
    estimate_no: str
    case_ref: str
    lines: list[EstimateLine]
    total: float
    deposit_due: float
    status: str


@dataclass
class Receipt:
    receipt_no: str
    case_ref: str
    amount: float
    method: str


@dataclass
class Viewing:
    viewing_id: str
    case_ref: str
    date: str
    time: str
    visitors: int


@dataclass
class Notice:
    notice_id: str
    case_ref: str
    newspaper: str
    run_date: str
    text: str


@dataclass
class Invoice:
    invoice_no: str
    case_ref: str
    lines: list[EstimateLine]
    total: float
    paid: float
    balance: float
    status: str


@dataclass
class DaySheetEntry:
    time: str
    kind: str
    case_ref: str
    detail: str


# --------------------------------------------------------------------------- state


def _paperwork(registered=False, green=False, reg=None, app=None, med=None, referee="not requested"):
    return {"registered": registered, "green_form": green, "registration": reg, "cremation_application": app,
            "medical_certificate": med, "referee": referee}


class State:
    """Hollins & Daughter on Monday 5 February 2029."""

    def __init__(self) -> None:
        self.staff = {
            "HD07": {"name": "Grace Hollins", "passcode": "Linden-4471", "role": "arranger"},
            "HD12": {"name": "Mark Ebbs", "passcode": "Rowan-1180", "role": "care"},
            "HD15": {"name": "Priya Nair", "passcode": "Alder-6392", "role": "office"},
        }
        self.tokens = {}
        self.cases = {
            "HD-29-0038": {"deceased": "Harold Briggs", "dod": "2029-01-28", "place": "Northern General Hospital",
                           "stage": "open", "care": "prepared", "disposal": "cremation", "coffin": "HD-OAK-V",
                           "items": [["LIMOUSINE", 1]], "celebrant": None, "notes": ["Family want Abide With Me"],
                           "paperwork": _paperwork(True, True, "Sheffield, entry 188", "applicant HD-29-0038/K1",
                                                   "Dr Rachel Okoye, GMC 6120834"),
                           "contacts": [{"contact_id": "HD-29-0038/K1", "name": "Susan Briggs", "relationship": "daughter",
                                         "phone": "0114 496 0218", "email": "susan.briggs@example.com",
                                         "address": "9 Carr Road, Walkley, Sheffield S6 2WY", "is_applicant": True}],
                           "estimate": "E-29-0038-1", "deposit": 1410.0, "ashes": None},
            "HD-29-0041": {"deceased": "Edna Pryce", "dod": "2029-02-01", "place": "Home: 3 Bole Hill Road, Sheffield S6 5DD",
                           "stage": "open", "care": "in_care", "disposal": "burial", "coffin": None, "items": [],
                           "celebrant": None, "notes": [], "paperwork": _paperwork(),
                           "contacts": [{"contact_id": "HD-29-0041/K1", "name": "Gwen Pryce", "relationship": "daughter",
                                         "phone": "0114 496 0590", "email": "gwen.pryce@example.com",
                                         "address": "3 Bole Hill Road, Sheffield S6 5DD", "is_applicant": True}],
                           "estimate": None, "deposit": 0.0, "ashes": None},
            "HD-29-0042": {"deceased": "Lilian Croft", "dod": "2029-02-03", "place": "St Luke's Hospice, Little Common Lane",
                           "stage": "open", "care": "awaiting_collection", "disposal": None, "coffin": None, "items": [],
                           "celebrant": None, "notes": [], "paperwork": _paperwork(),
                           "contacts": [{"contact_id": "HD-29-0042/K1", "name": "Peter Croft", "relationship": "son",
                                         "phone": "07700 900662", "email": "peter.croft@example.com",
                                         "address": "41 Ecclesall Road South, Sheffield S11 9PA", "is_applicant": True}],
                           "estimate": None, "deposit": 0.0, "ashes": None},
        }
        self.estimates = {
            "E-29-0038-1": {"case": "HD-29-0038", "lines": [["Professional services", _PRO_FEE],
                                                              ["Coffin: Oak veneer, traditional", 895.0],
                                                              ["Limousine x1", 295.0],
                                                              ["Crematorium fee (estimate)", 1050.0]],
                            "total": 4690.0, "deposit_due": 1407.0, "status": "accepted"},
        }
        self.transfers = {}
        self.bookings = {
            "VB-3310": {"case": "HD-29-0038", "venue": "CITY-RD", "date": "2029-02-12", "time": "11:00",
                        "status": "provisional"},
        }
        self.viewings = {}
        self.notices = {}
        self.receipts = {}
        self.invoices = {}
        self.counters = {"token": 61, "case": 44, "transfer": 907, "booking": 3311, "viewing": 120, "notice": 45,
                         "receipt": 5012}


# --------------------------------------------------------------------------- helpers


def _fail(message: str) -> dict:
    return {"success": False, "message": message}


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _who(state, token, *roles):
    """The staff member behind ``token`` and why they may not act (None when they may)."""
    code = state.tokens.get(token)
    if code is None:
        return None, "Your session has ended. Please sign in again."
    s = state.staff[code]
    if roles and s["role"] not in roles:
        return s, f"Staff with the {s['role']} role cannot do this."
    return s, None


def _case_of(state, case_ref):
    return state.cases.get(str(case_ref).strip().upper())


def _venue(code):
    return next((v for v in _VENUES if v[0] == code), None)


def _booking_model(state, ref):
    b = state.bookings[ref]
    return VenueBooking(booking_ref=ref, case_ref=b["case"], venue_code=b["venue"], venue=_venue(b["venue"])[1],
                        date=b["date"], time=b["time"], status=b["status"])


def _case_model(state, ref):
    c = state.cases[ref]
    return Case(case_ref=ref, deceased=c["deceased"], date_of_death=c["dod"], place_of_death=c["place"],
                stage=c["stage"], care=c["care"], disposal=c["disposal"], coffin=c["coffin"],
                items=[list(i) for i in c["items"]], contacts=[Contact(**x) for x in c["contacts"]],
                paperwork=Paperwork(**c["paperwork"]),
                bookings=[_booking_model(state, b) for b in sorted(state.bookings) if state.bookings[b]["case"] == ref],
                celebrant=c["celebrant"], notes=len(c["notes"]))


def _estimate_model(no, e):
    return Estimate(estimate_no=no, case_ref=e["case"], lines=[EstimateLine(d, a) for d, a in e["lines"]],
                    total=e["total"], deposit_due=e["deposit_due"], status=e["status"])


def _invoice_model(no, i):
    return Invoice(invoice_no=no, case_ref=i["case"], lines=[EstimateLine(d, a) for d, a in i["lines"]],
                   total=i["total"], paid=i["paid"], balance=round(i["total"] - i["paid"], 2), status=i["status"])


def _contact(c, contact_id):
    return next((x for x in c["contacts"] if x["contact_id"] == str(contact_id).strip().upper()), None)


def _live_booking(state, ref):
    return [b for b in state.bookings.values() if b["case"] == ref and b["status"] in ("provisional", "confirmed")]


# --------------------------------------------------------------------------- sign-in


def staff_sign_in(staff_no: str, passcode: str, state: State = None) -> StaffSession | dict:
    """Sign in at the arrangement desk.

    Args:
        staff_no: Staff number, e.g. ``HD07``.
        passcode: The staff member's passcode.

    Returns:
        The session: ``token`` (passed to every other call), ``name``, ``role`` and ``branch``.
    """
    s = state.staff.get(staff_no.strip().upper())
    if s is None or s["passcode"] != passcode:
        return _fail("Staff number or passcode not recognised.")
    token = f"rw-{_next(state, 'token')}-{staff_no.strip().upper()}"
    state.tokens[token] = staff_no.strip().upper()
    return StaffSession(token=token, name=s["name"], role=s["role"], branch="Broomhill, Sheffield")


def staff_sign_out(token: str, state: State = None) -> str | dict:
    """Sign out.

    Args:
        token: Session token.

    Returns:
        A goodbye line.
    """
    s, why = _who(state, token)
    if why:
        return _fail(why)
    del state.tokens[token]
    return f"Goodbye, {s['name']}."


def day_sheet(token: str, date: str, state: State = None) -> list[DaySheetEntry] | dict:
    """The day's funerals, viewings and collections."""
    s, why = _who(state, token)
    if why:
        return _fail(why)
    rows = [DaySheetEntry(b["time"], "funeral", b["case"], f"{_venue(b['venue'])[1]} ({b['status']})")
            for b in state.bookings.values() if b["date"] == date and b["status"] != "cancelled"]
    rows += [DaySheetEntry(v["time"], "viewing", v["case"], f"{v['visitors']} visitors")
             for v in state.viewings.values() if v["date"] == date]
    rows += [DaySheetEntry("asap", "collection", t["case"], t["from"])
             for t in state.transfers.values() if t["status"] == "scheduled" and date == TODAY]
    return sorted(rows, key=lambda r: r.time)


# --------------------------------------------------------------------------- cases


def record_first_call(token: str, deceased_name: str, date_of_death: str, place_of_death: str, caller_name: str,
                      caller_phone: str, relationship: str, state: State = None) -> Case | dict:
    """Open a case from the first call after a death.

    Args:
        token: Session token.
        deceased_name: Full name of the person who has died.
        date_of_death: ``YYYY-MM-DD``.
        place_of_death: Where they died (address, hospital or hospice).
        caller_name: Who rang.
        caller_phone: Their number.
        relationship: Their relationship to the deceased.

    Returns:
        The new case, with the caller as its first contact (not yet the applicant).
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    if date_of_death > TODAY:
        return _fail("The date of death cannot be in the future.")
    ref = f"HD-29-{_next(state, 'case'):04d}"
    state.cases[ref] = {"deceased": deceased_name.strip(), "dod": date_of_death, "place": place_of_death.strip(),
                        "stage": "open", "care": "awaiting_collection", "disposal": None, "coffin": None, "items": [],
                        "celebrant": None, "notes": [f"First call taken by {s['name']}"], "paperwork": _paperwork(),
                        "contacts": [{"contact_id": f"{ref}/K1", "name": caller_name.strip(),
                                      "relationship": relationship.strip(), "phone": caller_phone.strip(), "email": None,
                                      "address": None, "is_applicant": False}],
                        "estimate": None, "deposit": 0.0, "ashes": None}
    return _case_model(state, ref)


def find_case(token: str, surname: str, stage: CaseStage | None = None, state: State = None) -> list[CaseSummary] | dict:
    """Find cases by the surname of the person who has died.

    Args:
        token: Session token.
        surname: Surname, or part of it.
        stage: ``open``, ``funeral_booked``, ``held`` or ``closed``.

    Returns:
        Matching cases, newest first.
    """
    s, why = _who(state, token)
    if why:
        return _fail(why)
    want = None
    if stage is not None:
        try:
            want = CaseStage(stage).value
        except ValueError:
            return _fail(f"Unknown stage {stage}.")
    return [CaseSummary(ref, c["deceased"], c["dod"], c["stage"], c["disposal"])
            for ref, c in sorted(state.cases.items(), reverse=True)
            if surname.strip().lower() in c["deceased"].lower() and (want is None or c["stage"] == want)]


def get_case(token: str, case_ref: str, state: State = None) -> Case | dict:
    """A case in full.

    Args:
        token: Session token.
        case_ref: Case reference.

    Returns:
        The case with its family contacts, paperwork, venue bookings, coffin and items.
    """
    s, why = _who(state, token)
    if why:
        return _fail(why)
    if _case_of(state, case_ref) is None:
        return _fail(f"No case {case_ref}.")
    return _case_model(state, case_ref.strip().upper())


def add_family_contact(token: str, case_ref: str, name: str, relationship: str, phone: str, email: str | None = None,
                       address: str | None = None, is_applicant: bool = False, state: State = None) -> Contact | dict:
    """Add a family member or executor to a case.

    Args:
        token: Session token.
        case_ref: Case reference.
        name: Their full name.
        relationship: e.g. ``wife``, ``son``, ``executor``.
        phone: Phone number.
        email: E-mail address.
        address: Postal address.
        is_applicant: Whether they are the applicant, who arranges the funeral, signs for it and collects
            the ashes.

    Returns:
        The contact with its ``contact_id``.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    if is_applicant and any(x["is_applicant"] for x in c["contacts"]):
        return _fail("This case already has an applicant.")
    same = next((x for x in c["contacts"] if x["name"].lower() == name.strip().lower()), None)
    if same is not None:
        if same["is_applicant"] == is_applicant and same["phone"] == phone.strip():
            return _fail(f"{name.strip()} is already a contact on this case.")
        same.update(phone=phone.strip(), email=email, address=address, is_applicant=is_applicant,
                    relationship=relationship.strip())
        return Contact(**same)
    ref = case_ref.strip().upper()
    x = {"contact_id": f"{ref}/K{len(c['contacts']) + 1}", "name": name.strip(), "relationship": relationship.strip(),
         "phone": phone.strip(), "email": email, "address": address, "is_applicant": is_applicant}
    c["contacts"].append(x)
    return Contact(**x)


def set_funeral_type(token: str, case_ref: str, disposal: Disposal, state: State = None) -> Case | dict:
    """Record whether the family have chosen burial or cremation.

    Args:
        token: Session token.
        case_ref: Case reference.
        disposal: ``burial`` or ``cremation``.

    Returns:
        The updated case.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    try:
        value = Disposal(disposal).value
    except ValueError:
        return _fail(f"Unknown funeral type {disposal}.")
    if c["disposal"] == value:
        return _fail(f"This case is already a {value}.")
    if _live_booking(state, case_ref.strip().upper()):
        return _fail("Cancel the venue booking before changing the funeral type.")
    c["disposal"] = value
    return _case_model(state, case_ref.strip().upper())


def add_case_note(token: str, case_ref: str, note: str, state: State = None) -> int | dict:
    """Add a note to a case; returns how many notes it has."""
    s, why = _who(state, token)
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    if not note.strip():
        return _fail("The note is empty.")
    c["notes"].append(f"{s['name']}: {note.strip()}")
    return len(c["notes"])


# --------------------------------------------------------------------------- care


def arrange_collection(token: str, case_ref: str, from_address: str, team: list[str], vehicle: Vehicle,
                       state: State = None) -> Transfer | dict:
    """Send the care team to bring the person who has died into our care.

    Args:
        token: Session token.
        case_ref: Case reference.
        from_address: Where to collect from.
        team: Names of the two staff going.
        vehicle: ``private_ambulance`` or ``hearse``.

    Returns:
        The transfer, ``scheduled``, with its ``transfer_id``.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    if c["care"] != "awaiting_collection":
        return _fail("This person is already in our care.")
    if len(team) < 2:
        return _fail("A collection needs a team of two.")
    ref = case_ref.strip().upper()
    if any(t["case"] == ref and t["status"] == "scheduled" for t in state.transfers.values()):
        return _fail("A collection is already scheduled for this case.")
    tid = f"TR-{_next(state, 'transfer')}"
    state.transfers[tid] = {"case": ref, "from": from_address.strip(), "team": list(team), "vehicle": vehicle,
                            "status": "scheduled"}
    return Transfer(tid, ref, from_address.strip(), list(team), vehicle, "scheduled")


def receive_into_care(token: str, case_ref: str, transfer_id: str, id_band_checked: bool, property_items: list[str],
                      state: State = None) -> Case | dict:
    """Receive the person into the care centre at the end of a transfer (care team).

    Args:
        token: Session token.
        case_ref: Case reference.
        transfer_id: The transfer that brought them.
        id_band_checked: Whether the identity wristband was checked against the case.
        property_items: Jewellery and other belongings received with them.

    Returns:
        The case, now ``in_care``.
    """
    s, why = _who(state, token, "care")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    t = state.transfers.get(str(transfer_id).strip().upper())
    ref = case_ref.strip().upper()
    if t is None or t["case"] != ref or t["status"] != "scheduled":
        return _fail(f"No scheduled transfer {transfer_id} for {ref}.")
    if not id_band_checked:
        return _fail("Identity must be confirmed against the wristband before receiving into care.")
    t["status"] = "completed"
    c["care"] = "in_care"
    c["property"] = list(property_items)
    return _case_model(state, ref)


def record_preparation(token: str, case_ref: str, embalmed: bool, dressed_in: str, notes: str,
                       state: State = None) -> Case | dict:
    """Record that the person has been washed, dressed and prepared (care team).

    Args:
        token: Session token.
        case_ref: Case reference.
        embalmed: Whether hygienic treatment was carried out.
        dressed_in: What they were dressed in.
        notes: Care notes.

    Returns:
        The case, now ``prepared``.
    """
    s, why = _who(state, token, "care")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    if c["care"] == "prepared":
        return _fail("Preparation is already recorded.")
    if c["care"] != "in_care":
        return _fail("This person is not in our care yet.")
    c["care"] = "prepared"
    c["notes"].append(f"Prepared by {s['name']}; dressed in {dressed_in.strip()}; embalmed: {embalmed}. {notes.strip()}")
    return _case_model(state, case_ref.strip().upper())


def book_viewing(token: str, case_ref: str, date: str, time: str, visitors: int, state: State = None) -> Viewing | dict:
    """Book a visit to the chapel of rest.

    Args:
        token: Session token.
        case_ref: Case reference.
        date: ``YYYY-MM-DD``.
        time: ``HH:MM``.
        visitors: How many will come.

    Returns:
        The viewing with its ``viewing_id``.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    if c["care"] != "prepared":
        return _fail("Viewings can only be booked once the care team have prepared the person.")
    if not 1 <= visitors <= _VIEWING_MAX:
        return _fail(f"The chapel of rest holds up to {_VIEWING_MAX} visitors.")
    if any(v["date"] == date and v["time"] == time for v in state.viewings.values()):
        return _fail(f"The chapel of rest is booked at {time} on {date}.")
    vid = f"V-{_next(state, 'viewing')}"
    state.viewings[vid] = {"case": case_ref.strip().upper(), "date": date, "time": time, "visitors": visitors}
    return Viewing(vid, case_ref.strip().upper(), date, time, visitors)


# --------------------------------------------------------------------------- paperwork


def record_registration(token: str, case_ref: str, district: str, entry_no: int, green_form_received: bool,
                        state: State = None) -> Case | dict:
    """Record the registration of the death, as the family report it.

    Args:
        token: Session token.
        case_ref: Case reference.
        district: Registration district.
        entry_no: Entry number in the register.
        green_form_received: Whether we hold the registrar's certificate for burial or cremation (the
            green form).

    Returns:
        The updated case.
    """
    s, why = _who(state, token, "arranger", "office")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    p = c["paperwork"]
    if p["registered"] and p["green_form"] == green_form_received:
        return _fail("The registration is already recorded.")
    p.update(registered=True, green_form=green_form_received, registration=f"{district.strip()}, entry {entry_no}")
    return _case_model(state, case_ref.strip().upper())


def submit_cremation_application(token: str, case_ref: str, applicant_id: str, state: State = None) -> Paperwork | dict:
    """Record the applicant's signed application for cremation.

    Args:
        token: Session token.
        case_ref: Case reference.
        applicant_id: The contact id of the applicant who signed it.

    Returns:
        The case's paperwork.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    if c["disposal"] != "cremation":
        return _fail("This case is not a cremation.")
    x = _contact(c, applicant_id)
    if x is None:
        return _fail(f"No contact {applicant_id} on this case.")
    if not x["is_applicant"]:
        return _fail(f"{x['name']} is not the applicant.")
    if c["paperwork"]["cremation_application"]:
        return _fail("The application for cremation is already in.")
    c["paperwork"]["cremation_application"] = f"applicant {x['contact_id']}"
    return Paperwork(**c["paperwork"])


def record_medical_certificate(token: str, case_ref: str, doctor_name: str, gmc_number: str,
                               state: State = None) -> Paperwork | dict:
    """Record the medical certificate for cremation from the doctor who attended.

    Args:
        token: Session token.
        case_ref: Case reference.
        doctor_name: The certifying doctor.
        gmc_number: The doctor's GMC registration number.

    Returns:
        The case's paperwork.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    if c["disposal"] != "cremation":
        return _fail("A medical certificate for cremation is only needed for a cremation.")
    if not (gmc_number.isdigit() and len(gmc_number) == 7):
        return _fail("A GMC number has 7 digits.")
    if c["paperwork"]["medical_certificate"]:
        return _fail("The medical certificate is already recorded.")
    c["paperwork"]["medical_certificate"] = f"{doctor_name.strip()}, GMC {gmc_number}"
    return Paperwork(**c["paperwork"])


def request_referee_review(token: str, case_ref: str, state: State = None) -> Paperwork | dict:
    """Send the cremation papers to the crematorium's medical referee for authorisation.

    Args:
        token: Session token.
        case_ref: Case reference.

    Returns:
        The paperwork, with the referee's decision.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    p = c["paperwork"]
    if c["disposal"] != "cremation":
        return _fail("This case is not a cremation.")
    if p["referee"] == "authorised":
        return _fail("The referee has already authorised this cremation.")
    missing = [name for name, ok in (("Cremation 1 (application)", p["cremation_application"]),
                                     ("Cremation 4 (medical certificate)", p["medical_certificate"]),
                                     ("the registrar's green form", p["green_form"])) if not ok]
    if missing:
        return _fail("The referee cannot authorise without " + ", ".join(missing) + ".")
    p["referee"] = "authorised"
    return Paperwork(**p)


# --------------------------------------------------------------------------- choices and estimate


def list_coffins(state: State = None) -> list[Coffin]:
    """Our coffin range, with prices (public).

    Returns:
        Coffins with their ``code``.
    """
    return [Coffin(*x) for x in _COFFINS]


def choose_coffin(token: str, case_ref: str, coffin_code: str, nameplate: str, state: State = None) -> Case | dict:
    """Record the family's choice of coffin and its nameplate.

    Args:
        token: Session token.
        case_ref: Case reference.
        coffin_code: Coffin code from the range.
        nameplate: Wording for the nameplate.

    Returns:
        The updated case.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    coffin = next((x for x in _COFFINS if x[0] == coffin_code.strip().upper()), None)
    if coffin is None:
        return _fail(f"No coffin {coffin_code} in our range.")
    if c["coffin"] == coffin[0]:
        return _fail("That coffin is already chosen.")
    if coffin[0] == "HD-ZINC" and c["disposal"] == "cremation":
        return _fail("A zinc-lined coffin cannot be cremated.")
    if c["estimate"] and state.estimates[c["estimate"]]["status"] == "accepted":
        return _fail("The estimate is signed; prepare a new one with the family to change the coffin.")
    c["coffin"] = coffin[0]
    c["nameplate"] = nameplate.strip()
    return _case_model(state, case_ref.strip().upper())


def add_service_item(token: str, case_ref: str, item_code: str, quantity: int, state: State = None) -> Case | dict:
    """Add an extra to the funeral (cars, printed orders of service and the like).

    Args:
        token: Session token.
        case_ref: Case reference.
        item_code: The extra's code.
        quantity: How many.

    Returns:
        The updated case.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    code = item_code.strip().upper()
    if code not in _ITEMS:
        return _fail(f"Unknown item {item_code}; we offer {', '.join(_ITEMS)}.")
    if not 1 <= quantity <= 4:
        return _fail("Quantity is 1 to 4.")
    if any(i[0] == code for i in c["items"]):
        return _fail(f"{code} is already on this funeral.")
    c["items"].append([code, quantity])
    return _case_model(state, case_ref.strip().upper())


def prepare_estimate(token: str, case_ref: str, state: State = None) -> Estimate | dict:
    """Prepare the written estimate for the family (professional fee, coffin, extras and third-party fees).

    Args:
        token: Session token.
        case_ref: Case reference.

    Returns:
        The estimate with its lines, total and the deposit due.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    if c["coffin"] is None:
        return _fail("Choose a coffin with the family before preparing the estimate.")
    if c["disposal"] is None:
        return _fail("Record burial or cremation first.")
    ref = case_ref.strip().upper()
    coffin = next(x for x in _COFFINS if x[0] == c["coffin"])
    lines = [["Professional services", _PRO_FEE], [f"Coffin: {coffin[1]}", coffin[3]]]
    lines += [[f"{code.replace('_', ' ').title()} x{q}", _ITEMS[code] * q] for code, q in c["items"]]
    lines += [["Crematorium fee (estimate)", 1050.0] if c["disposal"] == "cremation"
              else ["Cemetery interment fee (estimate)", 1600.0]]
    total = round(sum(a for _, a in lines), 2)
    version = 1 + sum(1 for e in state.estimates.values() if e["case"] == ref)
    no = f"E-{ref[3:]}-{version}"
    for e in state.estimates.values():
        if e["case"] == ref and e["status"] == "issued":
            e["status"] = "superseded"
    state.estimates[no] = {"case": ref, "lines": lines, "total": total, "deposit_due": round(total * _DEPOSIT_SHARE, 2),
                           "status": "issued"}
    c["estimate"] = no
    return _estimate_model(no, state.estimates[no])


def accept_estimate(token: str, estimate_no: str, signed_by_contact_id: str, state: State = None) -> Estimate | dict:
    """Record the applicant's signature on an estimate.

    Args:
        token: Session token.
        estimate_no: Estimate number.
        signed_by_contact_id: Contact id of the applicant who signed.

    Returns:
        The estimate, ``accepted``.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    e = state.estimates.get(str(estimate_no).strip().upper())
    if e is None:
        return _fail(f"No estimate {estimate_no}.")
    if e["status"] != "issued":
        return _fail(f"Estimate {estimate_no} is {e['status']}.")
    x = _contact(state.cases[e["case"]], signed_by_contact_id)
    if x is None or not x["is_applicant"]:
        return _fail("The estimate must be signed by the applicant.")
    e["status"] = "accepted"
    e["signed_by"] = x["name"]
    return _estimate_model(estimate_no.strip().upper(), e)


def take_deposit(token: str, case_ref: str, amount: float, method: PayMethod, state: State = None) -> Receipt | dict:
    """Take the deposit on a signed estimate.

    Args:
        token: Session token.
        case_ref: Case reference.
        amount: Amount paid, GBP.
        method: ``card``, ``bank_transfer`` or ``cheque``.

    Returns:
        The receipt.
    """
    s, why = _who(state, token, "arranger", "office")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    e = state.estimates.get(c["estimate"]) if c["estimate"] else None
    if e is None or e["status"] != "accepted":
        return _fail("The family have not signed an estimate yet.")
    if c["deposit"] >= e["deposit_due"]:
        return _fail("The deposit has already been paid.")
    if amount + 0.005 < e["deposit_due"]:
        return _fail(f"The deposit is {int(_DEPOSIT_SHARE * 100)}% of the estimate: {e['deposit_due']:.2f}.")
    rno = f"RC-{_next(state, 'receipt')}"
    c["deposit"] = round(c["deposit"] + amount, 2)
    state.receipts[rno] = {"case": case_ref.strip().upper(), "amount": amount, "method": method}
    return Receipt(rno, case_ref.strip().upper(), amount, method)


# --------------------------------------------------------------------------- venues and celebrants


def list_venues(token: str, kind: VenueKind, state: State = None) -> list[Venue] | dict:
    """Crematoria, cemeteries, churches and chapels we book.

    Args:
        token: Session token.
        kind: ``crematorium``, ``cemetery``, ``church`` or ``chapel``.

    Returns:
        Venues with their ``code`` and fee.
    """
    s, why = _who(state, token)
    if why:
        return _fail(why)
    return [Venue(*v) for v in _VENUES if v[2] == kind]


def check_venue_slots(token: str, venue_code: str, date: str, state: State = None) -> list[str] | dict:
    """Free service times at a venue on a day.

    Args:
        token: Session token.
        venue_code: Venue code.
        date: ``YYYY-MM-DD``.

    Returns:
        Free start times, ``HH:MM``.
    """
    s, why = _who(state, token)
    if why:
        return _fail(why)
    if _venue(venue_code.strip().upper()) is None:
        return _fail(f"No venue {venue_code}.")
    taken = {b["time"] for b in state.bookings.values()
             if b["venue"] == venue_code.strip().upper() and b["date"] == date and b["status"] != "cancelled"}
    return [t for t in _TIMES if t not in taken]


def book_venue(token: str, case_ref: str, venue_code: str, date: str, time: str, state: State = None) -> VenueBooking | dict:
    """Hold a service time at a venue for a case (provisional until confirmed).

    Args:
        token: Session token.
        case_ref: Case reference.
        venue_code: Venue code.
        date: ``YYYY-MM-DD``.
        time: A free start time.

    Returns:
        The booking, ``provisional``, with its ``booking_ref``.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    v = _venue(venue_code.strip().upper())
    if v is None:
        return _fail(f"No venue {venue_code}.")
    if c["disposal"] is None:
        return _fail("Record burial or cremation first.")
    if v[2] in ("crematorium", "cemetery") and v[2] != {"cremation": "crematorium", "burial": "cemetery"}[c["disposal"]]:
        return _fail(f"A {c['disposal']} cannot be held at {v[1]}.")
    if time not in _TIMES or any(b["venue"] == v[0] and b["date"] == date and b["time"] == time
                                 and b["status"] != "cancelled" for b in state.bookings.values()):
        return _fail(f"{v[1]} is not free at {time} on {date}.")
    ref = case_ref.strip().upper()
    if any(b["case"] == ref and b["venue"] == v[0] and b["status"] in ("provisional", "confirmed")
           for b in state.bookings.values()):
        return _fail(f"This case already holds a time at {v[1]}.")
    bref = f"VB-{_next(state, 'booking')}"
    state.bookings[bref] = {"case": ref, "venue": v[0], "date": date, "time": time, "status": "provisional"}
    return _booking_model(state, bref)


def confirm_venue_booking(token: str, booking_ref: str, state: State = None) -> VenueBooking | dict:
    """Confirm a provisional booking with the venue.

    Args:
        token: Session token.
        booking_ref: Venue booking reference.

    Returns:
        The booking, ``confirmed``.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    b = state.bookings.get(str(booking_ref).strip().upper())
    if b is None:
        return _fail(f"No booking {booking_ref}.")
    if b["status"] != "provisional":
        return _fail(f"Booking {booking_ref} is {b['status']}.")
    c = state.cases[b["case"]]
    kind = _venue(b["venue"])[2]
    if kind == "crematorium" and c["paperwork"]["referee"] != "authorised":
        return _fail("The crematorium confirms only once the medical referee has authorised the cremation.")
    if kind == "cemetery" and not c["paperwork"]["green_form"]:
        return _fail("The cemetery needs the registrar's green form before confirming.")
    if c["deposit"] <= 0:
        return _fail("Take the family's deposit before confirming the venue.")
    b["status"] = "confirmed"
    c["stage"] = "funeral_booked"
    return _booking_model(state, booking_ref.strip().upper())


def cancel_venue_booking(token: str, booking_ref: str, reason: str, state: State = None) -> VenueBooking | dict:
    """Release a venue booking.

    Args:
        token: Session token.
        booking_ref: Venue booking reference.
        reason: Why.

    Returns:
        The booking, ``cancelled``.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    b = state.bookings.get(str(booking_ref).strip().upper())
    if b is None:
        return _fail(f"No booking {booking_ref}.")
    if b["status"] not in ("provisional", "confirmed"):
        return _fail(f"Booking {booking_ref} is {b['status']}.")
    b["status"] = "cancelled"
    b["reason"] = reason.strip()
    c = state.cases[b["case"]]
    if c["stage"] == "funeral_booked" and not _live_booking(state, b["case"]):
        c["stage"] = "open"
    return _booking_model(state, booking_ref.strip().upper())


def list_celebrants(token: str, date: str, kind: CelebrantKind | None = None, state: State = None) -> list[Celebrant] | dict:
    """Celebrants and ministers free on a day.

    Args:
        token: Session token.
        date: ``YYYY-MM-DD``.
        kind: ``civil``, ``humanist`` or ``church``.

    Returns:
        Free celebrants with their ``celebrant_id``.
    """
    s, why = _who(state, token)
    if why:
        return _fail(why)
    return [Celebrant(i, n, k) for i, n, k, busy in _CELEBRANTS if date not in busy and (kind is None or k == kind)]


def book_celebrant(token: str, case_ref: str, celebrant_id: str, booking_ref: str, state: State = None) -> str | dict:
    """Book a celebrant for a funeral's venue booking.

    Args:
        token: Session token.
        case_ref: Case reference.
        celebrant_id: Celebrant id.
        booking_ref: The venue booking the service is at.

    Returns:
        A confirmation line.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    b = state.bookings.get(str(booking_ref).strip().upper())
    if b is None or b["case"] != case_ref.strip().upper() or b["status"] == "cancelled":
        return _fail(f"No live booking {booking_ref} on this case.")
    cel = next((x for x in _CELEBRANTS if x[0] == str(celebrant_id).strip().upper()), None)
    if cel is None:
        return _fail(f"No celebrant {celebrant_id}.")
    if b["date"] in cel[3]:
        return _fail(f"{cel[1]} is not free on {b['date']}.")
    if c["celebrant"] == cel[0]:
        return _fail(f"{cel[1]} is already booked for this funeral.")
    c["celebrant"] = cel[0]
    return f"{cel[1]} will lead the service at {_venue(b['venue'])[1]} on {b['date']} at {b['time']}."


def publish_notice(token: str, case_ref: str, newspaper: str, text: str, run_date: str, state: State = None) -> Notice | dict:
    """Place a death and funeral notice.

    Args:
        token: Session token.
        case_ref: Case reference.
        newspaper: Where to place it.
        text: The notice as the family wrote it.
        run_date: ``YYYY-MM-DD``.

    Returns:
        The notice with its ``notice_id``.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    if newspaper.strip().upper() not in _NEWSPAPERS:
        return _fail(f"We place notices in {', '.join(_NEWSPAPERS)}.")
    ref = case_ref.strip().upper()
    if not any(b["case"] == ref and b["status"] == "confirmed" for b in state.bookings.values()):
        return _fail("A funeral notice needs a confirmed time and place.")
    nid = f"N-{_next(state, 'notice')}"
    state.notices[nid] = {"case": ref, "paper": newspaper.strip().upper(), "text": text.strip(), "run": run_date}
    return Notice(nid, ref, newspaper.strip().upper(), run_date, text.strip())


def record_funeral_held(token: str, booking_ref: str, conducted_by: str, state: State = None) -> VenueBooking | dict:
    """Record that the funeral took place.

    Args:
        token: Session token.
        booking_ref: The venue booking.
        conducted_by: The funeral director who conducted it.

    Returns:
        The booking, ``held``.
    """
    s, why = _who(state, token, "arranger")
    if why:
        return _fail(why)
    b = state.bookings.get(str(booking_ref).strip().upper())
    if b is None:
        return _fail(f"No booking {booking_ref}.")
    if b["status"] != "confirmed":
        return _fail(f"Booking {booking_ref} is {b['status']}, not confirmed.")
    b["status"] = "held"
    b["conducted_by"] = conducted_by.strip()
    c = state.cases[b["case"]]
    c["stage"] = "held"
    c["care"] = "released"
    return _booking_model(state, booking_ref.strip().upper())


# --------------------------------------------------------------------------- ashes and accounts


def record_ashes(token: str, case_ref: str, received_on: str, container: Container, state: State = None) -> Case | dict:
    """Record the ashes received back from the crematorium (care team).

    Args:
        token: Session token.
        case_ref: Case reference.
        received_on: ``YYYY-MM-DD``.
        container: ``urn``, ``scatter_tube`` or ``casket``.

    Returns:
        The updated case.
    """
    s, why = _who(state, token, "care")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    if c["disposal"] != "cremation" or c["stage"] != "held":
        return _fail("Ashes come back only after a cremation has taken place.")
    if c["ashes"]:
        return _fail("The ashes are already recorded.")
    c["ashes"] = {"received": received_on, "container": container, "released_to": None}
    c["notes"].append(f"Ashes received {received_on} in a {container.replace('_', ' ')}")
    return _case_model(state, case_ref.strip().upper())


def release_ashes(token: str, case_ref: str, collected_by_contact_id: str, id_seen: bool, state: State = None) -> str | dict:
    """Hand the ashes to the applicant.

    Args:
        token: Session token.
        case_ref: Case reference.
        collected_by_contact_id: Contact id of the person collecting.
        id_seen: Whether photo identification was seen.

    Returns:
        A confirmation line.
    """
    s, why = _who(state, token, "arranger", "care")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    if not c["ashes"]:
        return _fail("We do not hold ashes for this case.")
    if c["ashes"]["released_to"]:
        return _fail(f"The ashes were released to {c['ashes']['released_to']}.")
    x = _contact(c, collected_by_contact_id)
    if x is None or not x["is_applicant"]:
        return _fail("Ashes are released only to the applicant for cremation.")
    if not id_seen:
        return _fail("Photo identification must be seen.")
    c["ashes"]["released_to"] = x["name"]
    return f"The ashes of {c['deceased']} were collected by {x['name']} on {TODAY}."


def issue_invoice(token: str, case_ref: str, state: State = None) -> Invoice | dict:
    """Issue the final account after the funeral (office).

    Args:
        token: Session token.
        case_ref: Case reference.

    Returns:
        The invoice with its lines, the deposit already paid and the balance.
    """
    s, why = _who(state, token, "office")
    if why:
        return _fail(why)
    c = _case_of(state, case_ref)
    if c is None:
        return _fail(f"No case {case_ref}.")
    ref = case_ref.strip().upper()
    if c["stage"] not in ("held", "closed"):
        return _fail("The final account is issued after the funeral.")
    no = "INV-" + ref[3:]
    if no in state.invoices:
        return _fail(f"The account is already issued as {no}.")
    lines = [list(x) for x in state.estimates[c["estimate"]]["lines"]]
    state.invoices[no] = {"case": ref, "lines": lines, "total": round(sum(a for _, a in lines), 2), "paid": c["deposit"],
                          "status": "issued"}
    return _invoice_model(no, state.invoices[no])


def record_payment(token: str, invoice_no: str, amount: float, method: PayMethod, state: State = None) -> Invoice | dict:
    """Record a payment against the final account (office).

    Args:
        token: Session token.
        invoice_no: Invoice number.
        amount: Amount paid, GBP.
        method: ``card``, ``bank_transfer`` or ``cheque``.

    Returns:
        The invoice with its balance.
    """
    s, why = _who(state, token, "office")
    if why:
        return _fail(why)
    i = state.invoices.get(str(invoice_no).strip().upper())
    if i is None:
        return _fail(f"No invoice {invoice_no}.")
    bal = round(i["total"] - i["paid"], 2)
    if bal <= 0:
        return _fail(f"{invoice_no} is already paid.")
    if amount <= 0 or amount > bal + 0.005:
        return _fail(f"Amount must be between 0 and the balance of {bal:.2f}.")
    i["paid"] = round(i["paid"] + amount, 2)
    if i["total"] - i["paid"] < 0.005:
        i["status"] = "paid"
        state.cases[i["case"]]["stage"] = "closed"
    return _invoice_model(invoice_no.strip().upper(), i)


TOOLS = [
    staff_sign_in, staff_sign_out, day_sheet, record_first_call, find_case, get_case, add_family_contact,
    set_funeral_type, add_case_note, arrange_collection, receive_into_care, record_preparation, book_viewing,
    record_registration, submit_cremation_application, record_medical_certificate, request_referee_review,
    list_coffins, choose_coffin, add_service_item, prepare_estimate, accept_estimate, take_deposit, list_venues,
    check_venue_slots, book_venue, confirm_venue_booking, cancel_venue_booking, list_celebrants, book_celebrant,
    publish_notice, record_funeral_held, record_ashes, release_ashes, issue_invoice, record_payment,
]

FIXTURES = {
    "funeral_home": {"name": "Hollins & Daughter Funeral Directors, Broomhill, Sheffield",
                     "today": "Monday 5 February 2029"},
    "staff": [
        {"name": "Grace Hollins", "role": "funeral arranger", "staff_no": "HD07", "passcode": "Linden-4471"},
        {"name": "Mark Ebbs", "role": "care team", "staff_no": "HD12", "passcode": "Rowan-1180"},
        {"name": "Priya Nair", "role": "office", "staff_no": "HD15", "passcode": "Alder-6392"},
    ],
    "first_call": {"deceased_name": "Dennis Whitaker", "date_of_death": "2029-02-05",
                   "place_of_death": "Home: 14 Nether Edge Road, Sheffield S7 1RU", "caller_name": "Joan Whitaker",
                   "caller_phone": "0114 496 0731", "relationship": "wife",
                   "email": "joan.whitaker@example.com",
                   "verified_by": "Dr Imran Hussain (GMC number 7046512), the GP, who will sign the medical certificate"},
    "families": [
        "Joan Whitaker: cremation at City Road, humanist celebrant, willow coffin, one limousine; registered at "
        "Sheffield, entry 241, green form in hand",
        "Susan Briggs: her father Harold's service at City Road on 12 February; collect ashes afterwards",
        "Gwen Pryce: her mother Edna to be buried at Crookes; registered at Sheffield, entry 230, green form in hand",
        "Peter Croft: his mother Lilian died at St Luke's Hospice; cremation; Dr Sarah Kemp (GMC 5912047) attended",
    ],
}

_TOKEN = "auth: session token (token of staff_sign_in)"
_CASE = "id lookup/create: case reference (case_ref of record_first_call, or of a find_case result)"
_CONTACT = "id lookup/create: applicant's contact id (contact_id of add_family_contact, or of get_case's contacts)"
_BOOKING = "id lookup/create: venue booking reference (booking_ref of book_venue, or of get_case's bookings)"

TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in ("staff_sign_in", "list_coffins")]
CASE_CONSUMERS = [
    "get_case", "add_family_contact", "set_funeral_type", "add_case_note", "arrange_collection", "receive_into_care",
    "record_preparation", "book_viewing", "record_registration", "submit_cremation_application",
    "record_medical_certificate", "request_referee_review", "choose_coffin", "add_service_item", "prepare_estimate",
    "take_deposit", "book_venue", "publish_notice", "record_ashes", "release_ashes", "issue_invoice",
]
CONTACT_CONSUMERS = ["submit_cremation_application", "accept_estimate", "release_ashes"]
BOOKING_CONSUMERS = ["confirm_venue_booking", "cancel_venue_booking", "book_celebrant", "record_funeral_held"]

GROUND_TRUTH = (
    [("staff_sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_case|record_first_call", c, _CASE) for c in CASE_CONSUMERS]
    + [("add_family_contact|get_case", c, _CONTACT) for c in CONTACT_CONSUMERS]
    + [("book_venue|get_case", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [
        ("arrange_collection", "receive_into_care", "id create: transfer id (transfer_id)"),
        ("prepare_estimate", "accept_estimate", "id create: estimate number (estimate_no)"),
        ("issue_invoice", "record_payment", "id create: invoice number (invoice_no)"),
        ("list_celebrants", "book_celebrant", "id lookup: celebrant id (celebrant_id of a result)"),
        ("list_coffins", "choose_coffin", "vocabulary: coffin code (code of a list_coffins entry)"),
        ("list_venues", "check_venue_slots", "vocabulary: venue code (code of a list_venues entry)"),
        ("list_venues", "book_venue", "vocabulary: venue code (code of a list_venues entry)"),
        ("check_venue_slots", "book_venue", "vocabulary: a free service time"),
        ("receive_into_care", "record_preparation", "state: the person in our care"),
        ("record_preparation", "book_viewing", "state: the person prepared"),
        ("set_funeral_type", "submit_cremation_application", "state: cremation chosen"),
        ("set_funeral_type", "record_medical_certificate", "state: cremation chosen"),
        ("submit_cremation_application", "request_referee_review", "state: Cremation 1 (application) in"),
        ("record_medical_certificate", "request_referee_review", "state: Cremation 4 (medical certificate) in"),
        ("record_registration", "request_referee_review", "state: the registrar's green form held"),
        ("record_registration", "confirm_venue_booking", "state: the registrar's green form held (burial)"),
        ("request_referee_review", "confirm_venue_booking", "state: the cremation authorised by the referee"),
        ("choose_coffin", "prepare_estimate", "state: a coffin chosen"),
        ("accept_estimate", "take_deposit", "state: the estimate signed"),
        ("take_deposit", "confirm_venue_booking", "state: the deposit paid"),
        ("confirm_venue_booking", "publish_notice", "state: the funeral's time and place confirmed"),
        ("confirm_venue_booking", "record_funeral_held", "state: the booking confirmed"),
        ("record_funeral_held", "record_ashes", "state: the cremation has taken place"),
        ("record_funeral_held", "issue_invoice", "state: the funeral has taken place"),
        ("record_ashes", "release_ashes", "state: the ashes held"),
    ]
)

PLAUSIBLE = {
    ("get_case", "book_viewing"), ("get_case", "prepare_estimate"), ("get_case", "take_deposit"),
    ("prepare_estimate", "take_deposit"), ("list_venues", "confirm_venue_booking"), ("check_venue_slots", "confirm_venue_booking"),
    ("add_service_item", "prepare_estimate"), ("day_sheet", "record_funeral_held"), ("day_sheet", "book_viewing"),
    ("get_case", "issue_invoice"), ("get_case", "publish_notice"), ("find_case", "record_first_call"),
    ("list_celebrants", "confirm_venue_booking"), ("book_celebrant", "publish_notice"), ("get_case", "record_ashes"),
    ("list_coffins", "prepare_estimate"), ("arrange_collection", "day_sheet"),
    ("record_registration", "book_venue"), ("issue_invoice", "take_deposit"), ("book_viewing", "day_sheet"),
    ("record_preparation", "record_funeral_held"), ("get_case", "choose_coffin"),
}
