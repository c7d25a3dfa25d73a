"""Baitbox: the service desk of Kestrel Pest Solutions, Unit 3, Tannery Yard, Marlbridge (39 calls).

Sync functions over an in-memory ``State`` of the firm on Tuesday 16 September 2031 at 08:15. The desk
registers customers (households, landlords and businesses) and their premises, books one-off
treatments (rats, mice, wasps, fleas, bed bugs, cockroaches) into the technicians' board, hands them to
a technician, moves and cancels them, books the call-backs a treatment includes, invoices completed
work, takes payment, keeps the treatment contracts of commercial premises (routine visits booked,
contracts ended) and writes to customers. Technicians start their visits (or record that they could
not get in), record a COSHH assessment for each product before using it, record treatments and void
wrong entries, install, check and remove bait stations on routine contract visits and complete their
visits. The surveyor books and records site surveys and quotes treatment contracts. The manager may do
everything. The price list is public.

The tools are plain ``def`` functions without a decorator; each checks its session and role itself
through a helper. Every refusal is *raised* as the firm's own ``DeskError`` (one class with a
``code``). Replies are plain dicts (a customer, a customer's file with sites, jobs, contracts and
invoices as rows, a site's record with stations, surveys and visits as rows, a job sheet with its
COSHH records, treatments and station checks as rows, a visit started or completed, a survey, a
contract, a station installed, checked or removed), rows as lists of lists (the price list,
customers, the technicians' board, jobs, the product register, contracts, a site's bait stations),
bare values (a token, ``True``, the balance left after a payment) and sentences with an id in them (a
site added, a treatment, call-back or routine visit booked, a COSHH record, no access, a cancelled
job, an invoice, a survey booked, a quote, a contract ended, a service report). Jobs, invoices and
reports look alike (job ``PJ-20405``, invoice ``IN-20405``, service report ``SR-20405``; survey
``SV-0312``, quote ``QC-0312`` and contract ``TC-0312``; site ``ST-0427`` and its bait station
``ST-0427/B02``; COSHH record ``CR-0912``; customer ``C-3104``; technician ``T2``). Which pests need
which certificate, which products are authorised against which pest, the wasp season, that pigeons
are quoted after a survey, that there is no planned work on Sundays, the Marlbridge postcodes, how
many routine visits a year food premises and schools need, that schools order on a purchase order
number and that routine visits need a rodenticide certificate are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
from enum import Enum
from typing import Literal

TODAY = "2031-09-16"  # a Tuesday
NOW = "08:15"
VAT = 0.20
AHEAD_DAYS = 28
NOTICE_DAYS = 91
AREA = "MB"
WASP_SEASON = (5, 10)
MIN_VISITS = {"food": 8, "school": 6}
OTHER_MIN_VISITS = 4
MIN_VISIT_PRICE = 40.0

CustomerKind = Literal["domestic", "landlord", "commercial"]
Premises = Literal["food", "school", "warehouse", "office", "residential", "farm"]
Slot = Literal["am", "pm"]
JobStatus = Literal["booked", "assigned", "on_site", "no_access", "completed", "invoiced", "cancelled"]
Use = Literal["rodent", "insect", "bird"]
Risk = Literal["low", "medium", "high"]
StationType = Literal["rodent_external", "rodent_internal", "insect_monitor", "fly_unit"]
Activity = Literal["none", "low", "medium", "high"]
PayMethod = Literal["card", "bacs", "cash", "cheque"]
Channel = Literal["sms", "email"]


class Pest(Enum):
    RATS = "rats"
    MICE = "mice"
    WASPS = "wasps"
    FLEAS = "fleas"
    BED_BUGS = "bed_bugs"
    COCKROACHES = "cockroaches"
    PIGEONS = "pigeons"


CERTIFICATE = {"rats": "rodents", "mice": "rodents", "wasps": "insects", "fleas": "insects", "bed_bugs": "insects",
               "cockroaches": "insects", "pigeons": "birds"}
PRICE = {"rats": 145.0, "mice": 125.0, "wasps": 65.0, "fleas": 110.0, "bed_bugs": 240.0, "cockroaches": 180.0}
CALLBACK_DAYS = {"rats": 21, "mice": 21, "bed_bugs": 14, "fleas": 14, "cockroaches": 14, "wasps": 7}


class DeskError(Exception):
    """A refusal from the service desk: ``code`` names the rule, the message says what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"[{code}] {message}")
        self.code = code
        self.message = message


# --------------------------------------------------------------------------- state


class State:
    """Kestrel Pest Solutions, Unit 3, Tannery Yard, Marlbridge, on Tuesday 16 September 2031 at 08:15."""

    def __init__(self) -> None:
        self.staff = {
            "mel.o": {"name": "Mel Okafor", "password": "Bait-Desk-07", "role": "desk"},
            "gary.b": {"name": "Gary Burns", "password": "Tamper-Proof-1", "role": "technician", "tech": "T1"},
            "sian.h": {"name": "Sian Hughes", "password": "Rodent-RSPH2", "role": "technician", "tech": "T2"},
            "lee.w": {"name": "Lee Walsh", "password": "Wasp-Dust-31", "role": "technician", "tech": "T3"},
            "ruth.a": {"name": "Dr Ruth Adeyemi", "password": "Field-Biology-9", "role": "surveyor"},
            "phil.k": {"name": "Phil Kestrel", "password": "Kestrel-1998", "role": "manager"},
        }
        self.sessions = {}
        self.technicians = {
            "T1": {"name": "Gary Burns", "certificates": ["rodents", "insects"]},
            "T2": {"name": "Sian Hughes", "certificates": ["rodents", "insects", "birds"]},
            "T3": {"name": "Lee Walsh", "certificates": ["insects"]},
        }
        self.prices = [
            ["RAT", "Rats, household: treatment and call-backs within 21 days", PRICE["rats"]],
            ["MOU", "Mice, household: treatment and call-backs within 21 days", PRICE["mice"]],
            ["WSP", "Wasp nest, one visit, guaranteed for 7 days", PRICE["wasps"]],
            ["FLE", "Fleas, whole house", PRICE["fleas"]],
            ["BBG", "Bed bugs, two visits", PRICE["bed_bugs"]],
            ["COC", "Cockroaches, gel and spray", PRICE["cockroaches"]],
            ["SVY", "Commercial site survey and written report", 0.0],
        ]
        self.products = {  # code -> name, use, authorisation, unit, pests it is authorised against
            "RB-BROD25": ["Brodifacoum 25 ppm wax block", "rodent", "UK-2021-1187", "g", ["rats", "mice"]],
            "RB-DIFEN": ["Difenacoum 50 ppm paste sachet", "rodent", "UK-2020-0952", "g", ["rats", "mice"]],
            "RB-ALPHA": ["Alphachloralose 4% paste, indoor use", "rodent", "UK-2019-0411", "g", ["mice"]],
            "IN-PERMD": ["Permethrin 0.5% insecticidal dust", "insect", "UK-2018-0733", "g", ["wasps"]],
            "IN-CYPSC": ["Cypermethrin 10% suspension concentrate", "insect", "UK-2022-1304", "ml",
                         ["fleas", "bed_bugs", "cockroaches"]],
            "IN-GELCK": ["Fipronil cockroach gel bait", "insect", "UK-2021-0877", "g", ["cockroaches"]],
            "BD-SPIKE": ["Stainless steel bird spikes", "bird", "not a biocide", "m", ["pigeons"]],
        }
        self.customers = {
            "C-3101": {"name": "Mrs Helen Varley", "kind": "domestic", "phone": "07700 900311",
                       "email": "helen.varley@mail.example", "address": "5 Orchard Rise, Marlbridge",
                       "postcode": "MB3 1OR", "contact": None},
            "C-3104": {"name": "The Crown Inn (Marlbridge) Ltd", "kind": "commercial", "phone": "01632 960104",
                       "email": None, "address": "Market Place, Marlbridge", "postcode": "MB1 1MP",
                       "contact": "Mr Dean Foley, licensee"},
            "C-3109": {"name": "Marlbridge Community Primary School", "kind": "commercial", "phone": "01632 960109",
                       "email": "office@marlbridge-primary.example", "address": "School Lane, Marlbridge",
                       "postcode": "MB2 4SL", "contact": "Mrs Angela Roper, school business manager"},
            "C-3112": {"name": "Greenway Foods Ltd", "kind": "commercial", "phone": "01632 960112",
                       "email": "hygiene@greenwayfoods.example", "address": "Unit 7, Riverside Trading Estate, Marlbridge",
                       "postcode": "MB2 7RT", "contact": "Ms Priti Nair, technical manager"},
            "C-3115": {"name": "Harbour Homes Lettings", "kind": "landlord", "phone": "01632 960115",
                       "email": "repairs@harbourhomes.example", "address": "22 Quay Street, Marlbridge",
                       "postcode": "MB1 3QS", "contact": "Mr Rob Ellery, property manager"},
            "C-3118": {"name": "Mrs Joan Tilley", "kind": "domestic", "phone": "07700 900318", "email": None,
                       "address": "41 Kiln Road, Marlbridge", "postcode": "MB4 6KR", "contact": None},
            "C-3121": {"name": "Mr Derek Sowerby", "kind": "domestic", "phone": "07700 900321", "email": None,
                       "address": "Flat 1, 3 Bridge Street, Marlbridge", "postcode": "MB1 2BS", "contact": None},
        }
        self.sites = {
            "ST-0427": {"customer": "C-3104", "name": "The Crown Inn: kitchen, cellar and yard",
                        "address": "Market Place, Marlbridge", "postcode": "MB1 1MP", "premises": "food"},
            "ST-0429": {"customer": "C-3109", "name": "Marlbridge Community Primary School",
                        "address": "School Lane, Marlbridge", "postcode": "MB2 4SL", "premises": "school"},
            "ST-0430": {"customer": "C-3112", "name": "Greenway Foods depot", "premises": "food",
                        "address": "Unit 7, Riverside Trading Estate, Marlbridge", "postcode": "MB2 7RT"},
            "ST-0431": {"customer": "C-3115", "name": "Dock Street flats", "address": "9 Dock Street, Marlbridge",
                        "postcode": "MB1 3DS", "premises": "residential"},
        }
        self.stations = {  # id -> site, type, location, installed, last checked, last activity, status
            "ST-0427/B01": ["ST-0427", "rodent_external", "Yard, by the bin store", "2031-02-03", "2031-08-19", "none",
                            "active"],
            "ST-0427/B02": ["ST-0427", "rodent_internal", "Cellar, beside the drop door", "2031-02-03", "2031-08-19",
                            "low", "active"],
            "ST-0427/B03": ["ST-0427", "rodent_external", "Beer garden, back fence", "2031-02-03", "2031-08-19", "none",
                            "active"],
            "ST-0430/B01": ["ST-0430", "rodent_external", "Loading bay, left of the door", "2030-11-04", "2031-08-26",
                            "none", "active"],
            "ST-0430/B02": ["ST-0430", "rodent_internal", "Dry goods store, north wall", "2030-11-04", "2031-08-26",
                            "none", "active"],
            "ST-0430/B03": ["ST-0430", "fly_unit", "Packing room, over the door", "2030-11-04", "2031-08-26", "low",
                            "active"],
        }
        self.contracts = {
            "TC-0301": {"customer": "C-3104", "site": "ST-0427", "visits": 8, "stations": 4, "price": 68.0,
                        "start": "2031-02-01", "status": "active", "ends": None, "reason": None},
            "TC-0304": {"customer": "C-3112", "site": "ST-0430", "visits": 12, "stations": 6, "price": 85.0,
                        "start": "2030-11-01", "status": "active", "ends": None, "reason": None},
        }
        self.surveys = {
            "SV-0308": {"site": "ST-0431", "day": "2031-09-09", "slot": "pm", "status": "recorded",
                        "findings": "Mice in the bin store and two ground-floor flats; gaps under the back door",
                        "pests": ["mice"], "risk": "low", "stations": 4},
            "SV-0312": {"site": "ST-0429", "day": TODAY, "slot": "am", "status": "booked", "findings": None,
                        "pests": [], "risk": None, "stations": None},
        }
        self.quotes = {
            "QC-0308": {"survey": "SV-0308", "site": "ST-0431", "visits": 4, "price": 55.0, "stations": 4,
                        "status": "open"},
        }

        def job(customer, kind, pest, day, slot, tech, status, address=None, notes="", completed=None, parent=None,
                site=None):
            return {"customer": customer, "kind": kind, "pest": pest, "day": day, "slot": slot, "tech": tech,
                    "status": status, "address": address or self.customers[customer]["address"], "notes": notes,
                    "coshh": [], "treatments": [], "checks": [], "installed": [], "findings": None,
                    "completed": completed, "parent": parent, "site": site, "started": None, "reason": None,
                    "report": None}

        self.jobs = {
            "PJ-20391": job("C-3101", "treatment", "rats", "2031-09-02", "am", "T1", "completed",
                            notes="Rats under the decking and in the garden shed", completed="2031-09-02"),
            "PJ-20398": job("C-3104", "routine", None, "2031-08-19", "am", "T2", "invoiced", completed="2031-08-19",
                            site="ST-0427"),
            "PJ-20401": job("C-3112", "routine", None, "2031-08-26", "am", "T2", "invoiced", completed="2031-08-26",
                            site="ST-0430"),
            "PJ-20405": job("C-3104", "routine", None, TODAY, "am", "T2", "assigned", site="ST-0427"),
            "PJ-20410": job("C-3118", "treatment", "fleas", TODAY, "am", None, "booked",
                            notes="Fleas through the downstairs after the cat was ill; cat now treated by the vet"),
            "PJ-20412": job("C-3115", "treatment", "bed_bugs", "2031-09-18", "am", "T1", "assigned",
                            address="Flat 3, 9 Dock Street, Marlbridge",
                            notes="Tenant bitten at night; spotting on the mattress seams"),
            "PJ-20414": job("C-3121", "treatment", "mice", TODAY, "pm", "T1", "assigned",
                            notes="Mice in the kitchen cupboards; droppings behind the cooker"),
        }
        self.jobs["PJ-20391"]["treatments"] = [[1, "RB-BROD25", 300.0, "Three tamper-resistant boxes under the decking",
                                               "recorded"]]
        self.invoices = {  # id -> customer, job, net, paid, due
            "IN-20398": {"customer": "C-3104", "job": "PJ-20398", "net": 68.0, "paid": 0.0, "due": "2031-09-18"},
            "IN-20401": {"customer": "C-3112", "job": "PJ-20401", "net": 85.0, "paid": 102.0, "due": "2031-09-25"},
        }
        self.coshh = {}
        self.messages = []
        self.counters = {"session": 1, "customer": 3124, "site": 432, "job": 20418, "survey": 316, "coshh": 912,
                         "message": 640}


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _session(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token)
    if who is None:
        raise DeskError("NOT_SIGNED_IN", "no session for that token; sign in again")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise DeskError("WRONG_ROLE", f"{who['name']} ({who['role']}) may not do this; it is for the "
                                      f"{' or '.join(roles)}")
    return who


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _day(text: str, what: str = "day") -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise DeskError("BAD_DATE", f"{text!r} is not a {what} (YYYY-MM-DD)") from None


def _bookable(day: str) -> str:
    d = _day(day)
    if d.isoformat() < TODAY:
        raise DeskError("PAST", f"{d.isoformat()} has passed")
    if (d - datetime.date.fromisoformat(TODAY)).days > AHEAD_DAYS:
        raise DeskError("TOO_FAR", f"the diary is open {AHEAD_DAYS} days ahead")
    if d.weekday() == 6:
        raise DeskError("SUNDAY", "no planned work on Sundays; emergencies go through the out-of-hours line")
    return d.isoformat()


def _slot(slot: str) -> str:
    if slot not in ("am", "pm"):
        raise DeskError("BAD_SLOT", f"{slot!r} is not a slot; am or pm")
    return slot


def _pest(pest) -> str:
    try:
        return pest.value if isinstance(pest, Pest) else Pest(pest).value
    except ValueError:
        raise DeskError("BAD_PEST", f"{pest!r} is not a pest the firm treats") from None


def _customer(state: State, customer_id: str) -> dict:
    c = state.customers.get(customer_id)
    if c is None:
        raise DeskError("NO_CUSTOMER", f"no customer {customer_id}")
    return c


def _job(state: State, job_id: str) -> dict:
    j = state.jobs.get(job_id)
    if j is None:
        raise DeskError("NO_JOB", f"no job {job_id}")
    return j


def _site(state: State, site_id: str) -> dict:
    s = state.sites.get(site_id)
    if s is None:
        raise DeskError("NO_SITE", f"no site {site_id}")
    return s


def _busy(state: State, tech: str, day: str, slot: str, skip: str | None = None) -> str | None:
    for jid, j in sorted(state.jobs.items()):
        if jid != skip and j["tech"] == tech and j["day"] == day and j["slot"] == slot and \
                j["status"] in ("assigned", "on_site"):
            return jid
    return None


def _customer_dict(state: State, customer_id: str) -> dict:
    c = state.customers[customer_id]
    return {"customer_id": customer_id, "name": c["name"], "kind": c["kind"], "phone": c["phone"], "email": c["email"],
            "address": c["address"], "postcode": c["postcode"], "contact": c["contact"]}


def _invoice_total(inv: dict) -> float:
    return _money(inv["net"] * (1 + VAT))


def _job_sheet(state: State, job_id: str) -> dict:
    j = state.jobs[job_id]
    tech = state.technicians[j["tech"]]["name"] if j["tech"] else None
    return {"job_id": job_id, "customer_id": j["customer"], "customer": state.customers[j["customer"]]["name"],
            "kind": j["kind"], "pest": j["pest"], "site_id": j["site"], "address": j["address"], "day": j["day"],
            "slot": j["slot"], "technician": tech, "status": j["status"], "notes": j["notes"],
            "started": j["started"],
            "coshh": [[cid, state.coshh[cid]["product"]] for cid in j["coshh"]],
            "treatments": [[n, code, state.products[code][0], qty, state.products[code][3], where, status]
                           for n, code, qty, where, status in j["treatments"]],
            "checks": [list(c) for c in j["checks"]], "findings": j["findings"], "follow_up_of": j["parent"]}


def _station_dict(state: State, station_id: str) -> dict:
    s = state.stations[station_id]
    return {"station_id": station_id, "site_id": s[0], "type": s[1], "location": s[2], "installed": s[3],
            "last_checked": s[4], "last_activity": s[5], "status": s[6]}


def _contract_dict(state: State, contract_id: str) -> dict:
    c = state.contracts[contract_id]
    return {"contract_id": contract_id, "customer_id": c["customer"], "customer": state.customers[c["customer"]]["name"],
            "site_id": c["site"], "visits_per_year": c["visits"], "stations": c["stations"],
            "price_per_visit": c["price"], "annual": _money(c["visits"] * c["price"]), "start": c["start"],
            "status": c["status"], "ends": c["ends"]}


def _on_site(state: State, job_id: str, who: dict, kind: str | None = None) -> dict:
    j = _job(state, job_id)
    if j["status"] != "on_site":
        raise DeskError("NOT_ON_SITE", f"{job_id} is {j['status'].replace('_', ' ')}; start the visit first")
    if kind and j["kind"] != kind:
        raise DeskError("WRONG_KIND", f"{job_id} is a {j['kind']} visit, not a {kind} visit")
    if who["role"] != "manager" and who.get("tech") != j["tech"]:
        raise DeskError("NOT_YOUR_JOB", f"{job_id} is {state.technicians[j['tech']]['name']}'s job")
    return j


def _station(state: State, j: dict, job_id: str, station_id: str) -> list:
    s = state.stations.get(station_id)
    if s is None or s[0] != j["site"]:
        raise DeskError("NO_STATION", f"no bait station {station_id} at {j['site']}")
    if s[6] != "active":
        raise DeskError("STATION_REMOVED", f"{station_id} was removed")
    return s


# --------------------------------------------------------------------------- sign-in and the price list


def sign_in(state: State, username: str, password: str) -> str:
    """Sign in to the service desk.

    :param username: The staff user name, such as ``mel.o``.
    :param password: The password.
    :returns: The session token (a bare string) that every other call takes.
    :raises DeskError: On a wrong user name or password.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise DeskError("BAD_LOGIN", "wrong user name or password")
    token = f"kps-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"], "tech": user.get("tech")}
    return token


def sign_out(state: State, token: str) -> bool:
    """Sign out and end the session.

    :param token: The session token.
    :returns: ``True``.
    :raises DeskError: Without a session.
    """
    _session(state, token)
    state.sessions.pop(token)
    return True


def price_list(state: State) -> list[list]:
    """The firm's published prices for households (public, no sign-in).

    :returns: Rows of ``[code, description, price]``, prices before VAT.
    """
    return [list(row) for row in state.prices]


# --------------------------------------------------------------------------- customers and sites


def find_customer(state: State, token: str, text: str) -> list[list]:
    """Look customers up by part of a name, an address, a postcode or a phone number.

    :param token: The session token.
    :param text: What to look for.
    :returns: Rows of ``[customer_id, name, kind, postcode, phone]``.
    :raises DeskError: Without a session, or with nothing to look for.
    """
    _session(state, token)
    t = text.strip().lower()
    if not t:
        raise DeskError("EMPTY", "say what to look for")
    return [[cid, c["name"], c["kind"], c["postcode"], c["phone"]] for cid, c in sorted(state.customers.items())
            if t in " ".join([c["name"], c["address"], c["postcode"], c["phone"]]).lower()]


def new_customer(state: State, token: str, name: str, kind: CustomerKind, phone: str, address: str, postcode: str,
                 email: str | None = None, contact: str | None = None) -> dict:
    """Register a new customer.

    :param token: The session token.
    :param name: A person with a title, or a business.
    :param kind: ``domestic``, ``landlord`` or ``commercial``.
    :param phone: A contact number.
    :param address: The address.
    :param postcode: The postcode.
    :param email: An e-mail address, if they give one.
    :param contact: The person to deal with at a business or landlord.
    :returns: The customer, with the new customer id.
    :raises DeskError: Outside the area the firm covers, or when the phone number is already a customer's.
    """
    _session(state, token, "desk")
    if kind not in ("domestic", "landlord", "commercial"):
        raise DeskError("BAD_KIND", f"{kind!r} is not a kind of customer")
    if not name.strip() or not address.strip():
        raise DeskError("MISSING", "a customer needs a name and an address")
    if email is not None and "@" not in email:
        raise DeskError("BAD_EMAIL", f"{email!r} is not an e-mail address")
    if not postcode.strip().upper().startswith(AREA):
        raise DeskError("OUT_OF_AREA", f"{postcode} is outside the Marlbridge area the firm covers ({AREA} postcodes)")
    for cid, c in state.customers.items():
        if c["phone"].replace(" ", "") == phone.replace(" ", ""):
            raise DeskError("DUPLICATE", f"{c['name']} is already customer {cid} with that phone number")
    cid = f"C-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "kind": kind, "phone": phone.strip(),
                            "email": email.strip() if email else None, "address": address.strip(),
                            "postcode": postcode.strip().upper(), "contact": contact.strip() if contact else None}
    return _customer_dict(state, cid)


def update_customer(state: State, token: str, customer_id: str, phone: str | None = None, email: str | None = None,
                    contact: str | None = None) -> dict:
    """Change a customer's phone number, e-mail address or contact; only what is given is changed.

    :param token: The session token.
    :param customer_id: The customer (``C-....``).
    :param phone: A new phone number.
    :param email: A new e-mail address.
    :param contact: A new contact.
    :returns: The customer as now recorded.
    :raises DeskError: When nothing would change.
    """
    _session(state, token, "desk")
    c = _customer(state, customer_id)
    changes = {}
    for key, value in (("phone", phone), ("email", email), ("contact", contact)):
        if value is not None and value.strip() != (c[key] or ""):
            changes[key] = value.strip()
    if "email" in changes and "@" not in changes["email"]:
        raise DeskError("BAD_EMAIL", f"{email!r} is not an e-mail address")
    if not changes:
        raise DeskError("NO_CHANGE", f"nothing to change: those are already {c['name']}'s details")
    c.update(changes)
    return _customer_dict(state, customer_id)


def customer_file(state: State, token: str, customer_id: str) -> dict:
    """A customer's file.

    :param token: The session token.
    :param customer_id: The customer (``C-....``).
    :returns: The customer's details, with ``sites`` as rows of ``[site_id, name, premises, postcode]``,
        ``jobs`` as rows of ``[job_id, kind, pest, day, status]``, ``contracts`` as rows of
        ``[contract_id, site_id, visits_per_year, status]`` and ``invoices`` as rows of
        ``[invoice_id, job_id, total, balance, status]``.
    :raises DeskError: For an unknown customer.
    """
    _session(state, token)
    _customer(state, customer_id)
    out = _customer_dict(state, customer_id)
    out["sites"] = [[sid, s["name"], s["premises"], s["postcode"]] for sid, s in sorted(state.sites.items())
                    if s["customer"] == customer_id]
    out["jobs"] = [[jid, j["kind"], j["pest"], j["day"], j["status"]] for jid, j in sorted(state.jobs.items())
                   if j["customer"] == customer_id]
    out["contracts"] = [[tid, t["site"], t["visits"], t["status"]] for tid, t in sorted(state.contracts.items())
                        if t["customer"] == customer_id]
    rows = []
    for iid, inv in sorted(state.invoices.items()):
        if inv["customer"] == customer_id:
            total = _invoice_total(inv)
            balance = _money(total - inv["paid"])
            rows.append([iid, inv["job"], total, balance, "paid" if balance <= 0 else "unpaid"])
    out["invoices"] = rows
    return out


def notify_customer(state: State, token: str, customer_id: str, channel: Channel, message: str) -> bool:
    """Send a customer a text or an e-mail from the desk.

    :param token: The session token.
    :param customer_id: The customer (``C-....``).
    :param channel: ``sms`` or ``email``.
    :param message: The text.
    :returns: ``True`` once sent.
    :raises DeskError: Without an e-mail address on file for an e-mail.
    """
    _session(state, token, "desk")
    c = _customer(state, customer_id)
    if not message.strip():
        raise DeskError("EMPTY", "the message is empty")
    if channel not in ("sms", "email"):
        raise DeskError("BAD_CHANNEL", f"{channel!r} is not a channel")
    if channel == "email" and not c["email"]:
        raise DeskError("NO_EMAIL", f"no e-mail address on file for {c['name']}")
    state.messages.append({"id": f"MSG-{_next(state, 'message')}", "customer": customer_id, "channel": channel,
                           "to": c["email"] if channel == "email" else c["phone"], "text": message.strip()})
    return True


def add_site(state: State, token: str, customer_id: str, name: str, address: str, postcode: str,
             premises: Premises) -> str:
    """Add premises that a business or landlord wants surveyed or kept under contract.

    :param token: The session token.
    :param customer_id: The customer (``C-....``).
    :param name: What the site is called.
    :param address: Its address.
    :param postcode: Its postcode.
    :param premises: ``food``, ``school``, ``warehouse``, ``office``, ``residential`` or ``farm``.
    :returns: A sentence giving the new site number.
    :raises DeskError: For a household customer, or outside the area.
    """
    _session(state, token, "desk")
    c = _customer(state, customer_id)
    if c["kind"] == "domestic":
        raise DeskError("DOMESTIC", f"{c['name']} is a household customer; book a treatment instead")
    if premises not in ("food", "school", "warehouse", "office", "residential", "farm"):
        raise DeskError("BAD_PREMISES", f"{premises!r} is not a kind of premises")
    if not postcode.strip().upper().startswith(AREA):
        raise DeskError("OUT_OF_AREA", f"{postcode} is outside the Marlbridge area the firm covers ({AREA} postcodes)")
    for sid, s in state.sites.items():
        if s["address"].lower() == address.strip().lower():
            raise DeskError("DUPLICATE", f"{address} is already site {sid}")
    sid = f"ST-{_next(state, 'site'):04d}"
    state.sites[sid] = {"customer": customer_id, "name": name.strip(), "address": address.strip(),
                        "postcode": postcode.strip().upper(), "premises": premises}
    return f"Site {sid} added for {c['name']}: {name.strip()}, {address.strip()} ({premises} premises)."


def site_record(state: State, token: str, site_id: str) -> dict:
    """A site's record.

    :param token: The session token.
    :param site_id: The site (``ST-....``).
    :returns: The site, with ``stations`` as rows of ``[station_id, type, location, status]``, ``surveys``
        as rows of ``[survey_id, day, slot, status]``, ``quotes`` as rows of
        ``[quote_id, survey_id, visits_per_year, price_per_visit, status]``, ``visits`` as rows of
        ``[job_id, day, status]`` and the site's ``contract_id`` (``None`` without a contract).
    :raises DeskError: For an unknown site.
    """
    _session(state, token)
    s = _site(state, site_id)
    contract = next((tid for tid, t in sorted(state.contracts.items())
                     if t["site"] == site_id and t["status"] in ("active", "ending")), None)
    return {"site_id": site_id, "customer_id": s["customer"], "customer": state.customers[s["customer"]]["name"],
            "name": s["name"], "address": s["address"], "postcode": s["postcode"], "premises": s["premises"],
            "contract_id": contract,
            "stations": [[bid, b[1], b[2], b[6]] for bid, b in sorted(state.stations.items()) if b[0] == site_id],
            "surveys": [[vid, v["day"], v["slot"], v["status"]] for vid, v in sorted(state.surveys.items())
                        if v["site"] == site_id],
            "quotes": [[qid, q["survey"], q["visits"], q["price"], q["status"]] for qid, q in sorted(state.quotes.items())
                       if q["site"] == site_id],
            "visits": [[jid, j["day"], j["status"]] for jid, j in sorted(state.jobs.items()) if j["site"] == site_id]}


# --------------------------------------------------------------------------- jobs


def technician_board(state: State, token: str, day: str) -> list[list]:
    """The technicians' board for a day.

    :param token: The session token.
    :param day: The day (``YYYY-MM-DD``).
    :returns: Rows of ``[tech_id, name, certificates, am_job, pm_job]``: each technician's certificates as
        a list, and the morning's and afternoon's jobs (``None`` when free).
    :raises DeskError: For a day that is not a date.
    """
    _session(state, token)
    d = _day(day).isoformat()
    return [[tid, t["name"], list(t["certificates"]), _busy(state, tid, d, "am"), _busy(state, tid, d, "pm")]
            for tid, t in sorted(state.technicians.items())]


def book_treatment(state: State, token: str, customer_id: str, pest: Pest, day: str, slot: Slot, notes: str,
                   address: str | None = None) -> str:
    """Book a one-off treatment for a customer.

    :param token: The session token.
    :param customer_id: The customer (``C-....``).
    :param pest: ``rats``, ``mice``, ``wasps``, ``fleas``, ``bed_bugs``, ``cockroaches`` or ``pigeons``.
    :param day: The day (``YYYY-MM-DD``).
    :param slot: ``am`` or ``pm``.
    :param notes: What the caller says, in their words.
    :param address: Where, if not the customer's own address.
    :returns: A sentence giving the new job number and the price.
    :raises DeskError: Outside the diary, out of season, or for work that needs a survey.
    """
    _session(state, token, "desk")
    c = _customer(state, customer_id)
    p = _pest(pest)
    d = _bookable(day)
    _slot(slot)
    if p == "pigeons":
        raise DeskError("NEEDS_SURVEY", "pigeon proofing is quoted after a site survey; book a survey")
    month = int(d[5:7])
    if p == "wasps" and not WASP_SEASON[0] <= month <= WASP_SEASON[1]:
        raise DeskError("OUT_OF_SEASON", "wasp nests are treated from May to October")
    if not notes.strip():
        raise DeskError("EMPTY", "take down what the caller says")
    jid = f"PJ-{_next(state, 'job')}"
    state.jobs[jid] = {"customer": customer_id, "kind": "treatment", "pest": p, "day": d, "slot": slot, "tech": None,
                       "status": "booked", "address": (address or c["address"]).strip(), "notes": notes.strip(),
                       "coshh": [], "treatments": [], "checks": [], "installed": [], "findings": None,
                       "completed": None, "parent": None, "site": None, "started": None, "reason": None,
                       "report": None}
    return (f"Job {jid} booked: {p.replace('_', ' ')} at {state.jobs[jid]['address']} on {d} ({slot}); "
            f"{PRICE[p]:.2f} plus VAT.")


def assign_technician(state: State, token: str, job_id: str, tech_id: str) -> dict:
    """Give a job to a technician, or to another technician; the same technician is refused.

    :param token: The session token.
    :param job_id: The job (``PJ-.....``).
    :param tech_id: The technician (``T1``, ``T2`` ...).
    :returns: The job sheet.
    :raises DeskError: When the technician lacks the certificate the pest needs or is busy then.
    """
    _session(state, token, "desk")
    j = _job(state, job_id)
    if j["status"] not in ("booked", "assigned"):
        raise DeskError("WRONG_STATUS", f"{job_id} is {j['status'].replace('_', ' ')}")
    t = state.technicians.get(tech_id)
    if t is None:
        raise DeskError("NO_TECHNICIAN", f"no technician {tech_id}")
    if j["tech"] == tech_id:
        raise DeskError("NO_CHANGE", f"{job_id} is already {t['name']}'s")
    need = CERTIFICATE[j["pest"]] if j["pest"] else "rodents"
    if need not in t["certificates"]:
        raise DeskError("NOT_CERTIFIED", f"{t['name']} holds no {need} certificate, which {job_id} needs")
    busy = _busy(state, tech_id, j["day"], j["slot"], skip=job_id)
    if busy:
        raise DeskError("BUSY", f"{t['name']} already has {busy} on {j['day']} ({j['slot']})")
    j["tech"], j["status"] = tech_id, "assigned"
    return _job_sheet(state, job_id)


def job_list(state: State, token: str, status: JobStatus | None = None, day: str | None = None) -> list[list]:
    """The jobs, optionally only in one status or on one day.

    :param token: The session token.
    :param status: ``booked``, ``assigned``, ``on_site``, ``no_access``, ``completed``, ``invoiced`` or
        ``cancelled``.
    :param day: The day (``YYYY-MM-DD``).
    :returns: Rows of ``[job_id, customer, kind, pest, day, slot, technician, status]``, by job number.
    :raises DeskError: For an unknown status or a bad day.
    """
    _session(state, token)
    if status is not None and status not in ("booked", "assigned", "on_site", "no_access", "completed", "invoiced",
                                             "cancelled"):
        raise DeskError("BAD_STATUS", f"{status!r} is not a job status")
    d = _day(day).isoformat() if day is not None else None
    return [[jid, state.customers[j["customer"]]["name"], j["kind"], j["pest"], j["day"], j["slot"],
             state.technicians[j["tech"]]["name"] if j["tech"] else None, j["status"]]
            for jid, j in sorted(state.jobs.items())
            if (status is None or j["status"] == status) and (d is None or j["day"] == d)]


def job_sheet(state: State, token: str, job_id: str) -> dict:
    """A job sheet.

    :param token: The session token.
    :param job_id: The job (``PJ-.....``).
    :returns: The job, with ``coshh`` as rows of ``[coshh_id, product_code]``, ``treatments`` as rows of
        ``[line, product_code, product, quantity, unit, location, status]`` and ``checks`` as rows of
        ``[station_id, activity, action]``.
    :raises DeskError: For an unknown job.
    """
    _session(state, token)
    _job(state, job_id)
    return _job_sheet(state, job_id)


def reschedule_job(state: State, token: str, job_id: str, day: str, slot: Slot) -> dict:
    """Move a job not yet started to another day or half-day; the same day and slot are refused. The
    technician keeps it when free then, else it goes back to be assigned.

    :param token: The session token.
    :param job_id: The job (``PJ-.....``).
    :param day: The new day (``YYYY-MM-DD``).
    :param slot: ``am`` or ``pm``.
    :returns: The job sheet.
    :raises DeskError: For a job already under way or done, or outside the diary.
    """
    _session(state, token, "desk")
    j = _job(state, job_id)
    if j["status"] not in ("booked", "assigned", "no_access"):
        raise DeskError("WRONG_STATUS", f"{job_id} is {j['status'].replace('_', ' ')}")
    d = _bookable(day)
    _slot(slot)
    if (d, slot) == (j["day"], j["slot"]) and j["status"] != "no_access":
        raise DeskError("NO_CHANGE", f"{job_id} is already on {d} ({slot})")
    j["day"], j["slot"] = d, slot
    if j["tech"] and _busy(state, j["tech"], d, slot, skip=job_id):
        j["tech"] = None
    j["status"] = "assigned" if j["tech"] else "booked"
    return _job_sheet(state, job_id)


def cancel_job(state: State, token: str, job_id: str, reason: str) -> str:
    """Cancel a job not yet started.

    :param token: The session token.
    :param job_id: The job (``PJ-.....``).
    :param reason: Why.
    :returns: A sentence confirming the cancellation.
    :raises DeskError: For a job already under way or done.
    """
    _session(state, token, "desk")
    j = _job(state, job_id)
    if j["status"] not in ("booked", "assigned", "no_access"):
        raise DeskError("WRONG_STATUS", f"{job_id} is {j['status'].replace('_', ' ')}; only a job not started is "
                                        "cancelled")
    if not reason.strip():
        raise DeskError("EMPTY", "give a reason")
    j["status"], j["reason"] = "cancelled", reason.strip()
    return f"Job {job_id} cancelled ({reason.strip()})."


# --------------------------------------------------------------------------- visits


def start_visit(state: State, token: str, job_id: str) -> dict:
    """Record that the technician has arrived and started a visit today.

    :param token: The session token (the job's technician).
    :param job_id: The job (``PJ-.....``).
    :returns: The visit: ``job_id``, ``address``, ``started`` and ``status``.
    :raises DeskError: For a job not assigned, not today, or someone else's.
    """
    who = _session(state, token, "technician")
    j = _job(state, job_id)
    if j["status"] != "assigned":
        raise DeskError("WRONG_STATUS", f"{job_id} is {j['status'].replace('_', ' ')}; only an assigned job is started")
    if j["day"] != TODAY:
        raise DeskError("NOT_TODAY", f"{job_id} is on {j['day']}")
    if who["role"] != "manager" and who.get("tech") != j["tech"]:
        raise DeskError("NOT_YOUR_JOB", f"{job_id} is {state.technicians[j['tech']]['name']}'s job")
    j["status"], j["started"] = "on_site", NOW
    return {"job_id": job_id, "address": j["address"], "started": NOW, "status": "on_site"}


def record_no_access(state: State, token: str, job_id: str, note: str) -> str:
    """Record that the technician could not get in for an assigned visit today.

    :param token: The session token (the job's technician).
    :param job_id: The job (``PJ-.....``).
    :param note: What happened.
    :returns: A sentence for the desk.
    :raises DeskError: For a job not assigned, not today, or someone else's.
    """
    who = _session(state, token, "technician")
    j = _job(state, job_id)
    if j["status"] != "assigned":
        raise DeskError("WRONG_STATUS", f"{job_id} is {j['status'].replace('_', ' ')}")
    if j["day"] != TODAY:
        raise DeskError("NOT_TODAY", f"{job_id} is on {j['day']}")
    if who["role"] != "manager" and who.get("tech") != j["tech"]:
        raise DeskError("NOT_YOUR_JOB", f"{job_id} is {state.technicians[j['tech']]['name']}'s job")
    if not note.strip():
        raise DeskError("EMPTY", "say what happened")
    j["status"], j["reason"] = "no_access", note.strip()
    return f"No access recorded on {job_id} at {j['address']}; the desk will rebook it."


def product_register(state: State, token: str, use: Use | None = None) -> list[list]:
    """The firm's register of products carried on the vans.

    :param token: The session token.
    :param use: Only ``rodent``, ``insect`` or ``bird`` products.
    :returns: Rows of ``[product_code, name, use, authorisation, unit]``, by code.
    """
    _session(state, token)
    return [[code, p[0], p[1], p[2], p[3]] for code, p in sorted(state.products.items()) if use is None or p[1] == use]


def record_coshh(state: State, token: str, job_id: str, product_code: str, risks: str, controls: str) -> str:
    """Record the COSHH assessment for a product at the premises of a visit under way, before using it.

    :param token: The session token (the job's technician).
    :param job_id: The job (``PJ-.....``).
    :param product_code: The product.
    :param risks: Who and what could be harmed there (children, pets, food, water courses).
    :param controls: How the risk is controlled.
    :returns: A sentence giving the COSHH record number.
    :raises DeskError: When the visit is not under way, or the product is already assessed on it.
    """
    who = _session(state, token, "technician")
    j = _on_site(state, job_id, who)
    p = state.products.get(product_code)
    if p is None:
        raise DeskError("NO_PRODUCT", f"no product {product_code!r} on the register")
    if any(state.coshh[c]["product"] == product_code for c in j["coshh"]):
        raise DeskError("NO_CHANGE", f"{p[0]} is already assessed on {job_id}")
    if not risks.strip() or not controls.strip():
        raise DeskError("EMPTY", "write down the risks and the controls")
    cid = f"CR-{_next(state, 'coshh'):04d}"
    state.coshh[cid] = {"job": job_id, "product": product_code, "risks": risks.strip(), "controls": controls.strip(),
                        "by": who["name"], "day": TODAY}
    j["coshh"].append(cid)
    return f"COSHH record {cid} for {p[0]} on {job_id}, assessed by {who['name']}."


def record_treatment(state: State, token: str, job_id: str, product_code: str, quantity: float, location: str) -> dict:
    """Record a product used on a visit under way: how much and where. The product needs a COSHH record
    on the visit, and on a treatment it must be authorised against the pest.

    :param token: The session token (the job's technician).
    :param job_id: The job (``PJ-.....``).
    :param product_code: The product.
    :param quantity: How much, in the product's unit.
    :param location: Where it was put.
    :returns: The job sheet.
    :raises DeskError: Without a COSHH record, or for a product not authorised against the pest.
    """
    who = _session(state, token, "technician")
    j = _on_site(state, job_id, who)
    p = state.products.get(product_code)
    if p is None:
        raise DeskError("NO_PRODUCT", f"no product {product_code!r} on the register")
    if not any(state.coshh[c]["product"] == product_code for c in j["coshh"]):
        raise DeskError("NO_COSHH", f"no COSHH assessment for {p[0]} on {job_id}; record one before using it")
    if j["pest"] and j["pest"] not in p[4]:
        raise DeskError("NOT_AUTHORISED", f"{p[0]} is not authorised against {j['pest'].replace('_', ' ')}")
    if j["kind"] == "routine" and p[1] == "bird":
        raise DeskError("NOT_AUTHORISED", "bird products are not used on routine visits")
    if quantity <= 0:
        raise DeskError("BAD_QUANTITY", "the quantity must be more than nothing")
    if not location.strip():
        raise DeskError("EMPTY", "say where it was put")
    j["treatments"].append([len(j["treatments"]) + 1, product_code, float(quantity), location.strip(), "recorded"])
    return _job_sheet(state, job_id)


def void_treatment(state: State, token: str, job_id: str, line: int, reason: str) -> dict:
    """Void a treatment line recorded in error on a visit under way.

    :param token: The session token (the job's technician).
    :param job_id: The job (``PJ-.....``).
    :param line: The treatment's line number on the job sheet.
    :param reason: Why.
    :returns: The job sheet.
    :raises DeskError: For a line not on the job or already void.
    """
    who = _session(state, token, "technician")
    j = _on_site(state, job_id, who)
    row = next((t for t in j["treatments"] if t[0] == line), None)
    if row is None:
        raise DeskError("NO_LINE", f"{job_id} has no treatment line {line}")
    if row[4] == "void":
        raise DeskError("NO_CHANGE", f"line {line} of {job_id} is already void")
    if not reason.strip():
        raise DeskError("EMPTY", "give a reason")
    row[4] = "void"
    return _job_sheet(state, job_id)


def complete_visit(state: State, token: str, job_id: str, findings: str) -> dict:
    """Complete a visit under way with the technician's findings. A treatment needs a treatment recorded;
    a routine visit needs every bait station on the site checked (or removed).

    :param token: The session token (the job's technician).
    :param job_id: The job (``PJ-.....``).
    :param findings: What was found and advised.
    :returns: The completed visit: ``job_id``, ``status``, ``completed``, ``findings`` and, for a
        treatment, ``callbacks_until``.
    :raises DeskError: When the visit is not under way or not finished.
    """
    who = _session(state, token, "technician")
    j = _on_site(state, job_id, who)
    if not findings.strip():
        raise DeskError("EMPTY", "write down the findings")
    if j["kind"] == "treatment" and not any(t[4] == "recorded" for t in j["treatments"]):
        raise DeskError("NO_TREATMENT", f"no treatment recorded on {job_id}")
    if j["kind"] == "routine":
        checked = {c[0] for c in j["checks"]}
        left = [bid for bid, b in sorted(state.stations.items())
                if b[0] == j["site"] and b[6] == "active" and bid not in checked and bid not in j["installed"]]
        if left:
            raise DeskError("STATIONS_UNCHECKED", f"every station is checked on a routine visit; not yet: "
                                                  f"{', '.join(left)}")
    j["status"], j["completed"], j["findings"] = "completed", TODAY, findings.strip()
    out = {"job_id": job_id, "status": "completed", "completed": TODAY, "findings": findings.strip()}
    if j["kind"] == "treatment" and j["pest"] in CALLBACK_DAYS:
        out["callbacks_until"] = (datetime.date.fromisoformat(TODAY)
                                  + datetime.timedelta(days=CALLBACK_DAYS[j["pest"]])).isoformat()
    return out


def book_callback(state: State, token: str, job_id: str, day: str, slot: Slot) -> str:
    """Book the call-back included with a completed treatment, with the same technician when free.

    :param token: The session token.
    :param job_id: The completed treatment (``PJ-.....``).
    :param day: The day (``YYYY-MM-DD``).
    :param slot: ``am`` or ``pm``.
    :returns: A sentence giving the call-back's job number.
    :raises DeskError: For a treatment not completed, or a day after the call-backs it includes.
    """
    _session(state, token, "desk")
    j = _job(state, job_id)
    if j["kind"] != "treatment":
        raise DeskError("WRONG_KIND", f"{job_id} is a {j['kind']} visit; call-backs follow treatments")
    if j["status"] not in ("completed", "invoiced"):
        raise DeskError("WRONG_STATUS", f"{job_id} is {j['status'].replace('_', ' ')}; a call-back follows a completed "
                                        "treatment")
    d = _bookable(day)
    _slot(slot)
    last = (datetime.date.fromisoformat(j["completed"]) + datetime.timedelta(days=CALLBACK_DAYS[j["pest"]])).isoformat()
    if d > last:
        raise DeskError("OUT_OF_WINDOW", f"call-backs for {j['pest'].replace('_', ' ')} are included for "
                                         f"{CALLBACK_DAYS[j['pest']]} days, to {last}; later is a new treatment")
    for jid, k in state.jobs.items():
        if k["parent"] == job_id and k["status"] != "cancelled":
            raise DeskError("DUPLICATE", f"{job_id} already has call-back {jid}")
    tech = j["tech"] if j["tech"] and not _busy(state, j["tech"], d, slot) else None
    jid = f"PJ-{_next(state, 'job')}"
    state.jobs[jid] = {"customer": j["customer"], "kind": "callback", "pest": j["pest"], "day": d, "slot": slot,
                       "tech": tech, "status": "assigned" if tech else "booked", "address": j["address"],
                       "notes": f"Call-back after {job_id}", "coshh": [], "treatments": [], "checks": [],
                       "installed": [], "findings": None, "completed": None, "parent": job_id, "site": None,
                       "started": None, "reason": None, "report": None}
    who = f"with {state.technicians[tech]['name']}" if tech else "to be assigned"
    return f"Call-back {jid} booked for {state.customers[j['customer']]['name']} on {d} ({slot}), {who}; no charge."


def invoice_job(state: State, token: str, job_id: str) -> str:
    """Invoice a completed treatment or routine visit.

    :param token: The session token.
    :param job_id: The job (``PJ-.....``).
    :returns: A sentence giving the invoice number, the total with VAT and the due date.
    :raises DeskError: For a job not completed, or a call-back (included in the treatment).
    """
    _session(state, token, "desk")
    j = _job(state, job_id)
    if j["kind"] == "callback":
        raise DeskError("INCLUDED", f"{job_id} is a call-back, included in the price of {j['parent']}")
    if j["status"] != "completed":
        raise DeskError("WRONG_STATUS", f"{job_id} is {j['status'].replace('_', ' ')}; only a completed job is invoiced")
    if j["kind"] == "routine":
        contract = next(t for t in state.contracts.values() if t["site"] == j["site"])
        net = contract["price"]
    else:
        net = PRICE[j["pest"]]
    iid = f"IN-{job_id[3:]}"
    due = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=14)).isoformat()
    state.invoices[iid] = {"customer": j["customer"], "job": job_id, "net": net, "paid": 0.0, "due": due}
    j["status"] = "invoiced"
    total = _invoice_total(state.invoices[iid])
    return (f"Invoice {iid} raised to {state.customers[j['customer']]['name']} for {job_id}: {net:.2f} plus VAT "
            f"{_money(total - net):.2f}, {total:.2f}, due {due}.")


def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float:
    """Take a payment against an invoice.

    :param token: The session token.
    :param invoice_id: The invoice (``IN-.....``).
    :param amount: The amount in pounds, up to the balance.
    :param method: ``card``, ``bacs``, ``cash`` or ``cheque``.
    :returns: The balance left on the invoice (a bare number).
    :raises DeskError: For a paid invoice or more than the balance.
    """
    _session(state, token, "desk")
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise DeskError("NO_INVOICE", f"no invoice {invoice_id}")
    if method not in ("card", "bacs", "cash", "cheque"):
        raise DeskError("BAD_METHOD", f"{method!r} is not a way to pay")
    balance = _money(_invoice_total(inv) - inv["paid"])
    if balance <= 0:
        raise DeskError("PAID", f"{invoice_id} is already paid")
    if amount <= 0 or _money(amount) > balance:
        raise DeskError("BAD_AMOUNT", f"the balance of {invoice_id} is {balance:.2f}")
    inv["paid"] = _money(inv["paid"] + amount)
    return _money(balance - amount)


# --------------------------------------------------------------------------- surveys and contracts


def book_survey(state: State, token: str, site_id: str, day: str, slot: Slot) -> str:
    """Book the surveyor to survey a site.

    :param token: The session token.
    :param site_id: The site (``ST-....``).
    :param day: The day (``YYYY-MM-DD``).
    :param slot: ``am`` or ``pm``.
    :returns: A sentence giving the survey number.
    :raises DeskError: When the site already has a survey booked or the surveyor is busy then.
    """
    _session(state, token, "desk", "surveyor")
    s = _site(state, site_id)
    d = _bookable(day)
    _slot(slot)
    for vid, v in state.surveys.items():
        if v["site"] == site_id and v["status"] == "booked":
            raise DeskError("DUPLICATE", f"{site_id} already has survey {vid} booked")
        if v["day"] == d and v["slot"] == slot and v["status"] == "booked":
            raise DeskError("BUSY", f"the surveyor already has {vid} on {d} ({slot})")
    vid = f"SV-{_next(state, 'survey'):04d}"
    state.surveys[vid] = {"site": site_id, "day": d, "slot": slot, "status": "booked", "findings": None, "pests": [],
                          "risk": None, "stations": None}
    return f"Survey {vid} booked at {s['name']}, {s['address']}, on {d} ({slot}) with Dr Ruth Adeyemi."


def record_survey(state: State, token: str, survey_id: str, findings: str, pests: list[str], risk: Risk,
                  stations_needed: int) -> dict:
    """Record a survey done today or earlier: findings, the pests found or at risk, the risk and how many
    bait stations the site needs.

    :param token: The session token.
    :param survey_id: The survey (``SV-....``).
    :param findings: What the surveyor found.
    :param pests: The pests, such as ``["mice", "cockroaches"]``.
    :param risk: ``low``, ``medium`` or ``high``.
    :param stations_needed: How many bait stations the site needs.
    :returns: The survey: ``survey_id``, ``site_id``, ``day``, ``status``, ``findings``, ``pests``,
        ``risk`` and ``stations_needed``.
    :raises DeskError: For a survey not booked or not yet done.
    """
    _session(state, token, "surveyor")
    v = state.surveys.get(survey_id)
    if v is None:
        raise DeskError("NO_SURVEY", f"no survey {survey_id}")
    if v["status"] != "booked":
        raise DeskError("WRONG_STATUS", f"{survey_id} is already {v['status']}")
    if v["day"] > TODAY:
        raise DeskError("NOT_YET", f"{survey_id} is on {v['day']}; record it once it is done")
    found = [_pest(p) for p in pests]
    if not findings.strip():
        raise DeskError("EMPTY", "write down the findings")
    if not 0 <= stations_needed <= 40:
        raise DeskError("BAD_STATIONS", "0 to 40 stations")
    v.update(status="recorded", findings=findings.strip(), pests=found, risk=risk, stations=stations_needed)
    return {"survey_id": survey_id, "site_id": v["site"], "day": v["day"], "status": "recorded",
            "findings": v["findings"], "pests": found, "risk": risk, "stations_needed": stations_needed}


def quote_contract(state: State, token: str, survey_id: str, visits_per_year: int, price_per_visit: float) -> str:
    """Quote a treatment contract from a recorded survey: routine visits a year and the price a visit,
    with the bait stations the survey found the site needs.

    :param token: The session token.
    :param survey_id: The survey (``SV-....``).
    :param visits_per_year: Routine visits a year.
    :param price_per_visit: The price of a visit, before VAT.
    :returns: A sentence giving the quote number and the annual price.
    :raises DeskError: For a survey not recorded, a quote already out, or too few visits for the premises.
    """
    _session(state, token, "surveyor")
    v = state.surveys.get(survey_id)
    if v is None:
        raise DeskError("NO_SURVEY", f"no survey {survey_id}")
    if v["status"] != "recorded":
        raise DeskError("WRONG_STATUS", f"{survey_id} is {v['status']}; record the survey first")
    qid = f"QC-{survey_id[3:]}"
    if qid in state.quotes:
        raise DeskError("DUPLICATE", f"{qid} is already out for {survey_id}")
    s = state.sites[v["site"]]
    least = MIN_VISITS.get(s["premises"], OTHER_MIN_VISITS)
    if visits_per_year < least:
        raise DeskError("TOO_FEW", f"{s['premises']} premises need at least {least} routine visits a year")
    if visits_per_year > 12:
        raise DeskError("TOO_MANY", "at most 12 routine visits a year; more is a special contract for the manager")
    if price_per_visit < MIN_VISIT_PRICE:
        raise DeskError("TOO_CHEAP", f"a routine visit is priced at {MIN_VISIT_PRICE:.2f} or more")
    state.quotes[qid] = {"survey": survey_id, "site": v["site"], "visits": visits_per_year, "price": price_per_visit,
                         "stations": v["stations"], "status": "open"}
    annual = _money(visits_per_year * price_per_visit)
    return (f"Quote {qid} for {state.customers[s['customer']]['name']}: {visits_per_year} routine visits a year at "
            f"{price_per_visit:.2f} ({annual:.2f} a year plus VAT), {v['stations']} bait stations.")


def accept_contract(state: State, token: str, quote_id: str, signed_by: str, po_number: str | None = None) -> dict:
    """Record a customer's acceptance of a quote, which starts the treatment contract.

    :param token: The session token.
    :param quote_id: The quote (``QC-....``).
    :param signed_by: Who signed it for the customer.
    :param po_number: The customer's purchase order number, where they use one.
    :returns: The contract: ``contract_id``, ``customer_id``, ``customer``, ``site_id``, ``visits_per_year``,
        ``stations``, ``price_per_visit``, ``annual``, ``start``, ``status`` and ``ends``.
    :raises DeskError: For a quote not open, a site already under contract, or a missing order number.
    """
    _session(state, token, "desk")
    q = state.quotes.get(quote_id)
    if q is None:
        raise DeskError("NO_QUOTE", f"no quote {quote_id}")
    if q["status"] != "open":
        raise DeskError("WRONG_STATUS", f"{quote_id} is {q['status']}")
    if not signed_by.strip():
        raise DeskError("EMPTY", "say who signed it")
    s = state.sites[q["site"]]
    if s["premises"] == "school" and not (po_number or "").strip():
        raise DeskError("NEEDS_PO", "schools order on a purchase order; ask for the order number")
    for tid, t in state.contracts.items():
        if t["site"] == q["site"] and t["status"] in ("active", "ending"):
            raise DeskError("DUPLICATE", f"{q['site']} is already under contract {tid}")
    tid = f"TC-{quote_id[3:]}"
    state.contracts[tid] = {"customer": s["customer"], "site": q["site"], "visits": q["visits"], "stations": q["stations"],
                            "price": q["price"], "start": TODAY, "status": "active", "ends": None, "reason": None,
                            "signed_by": signed_by.strip(), "po": po_number}
    q["status"] = "accepted"
    return _contract_dict(state, tid)


def contracts(state: State, token: str, customer_id: str | None = None) -> list[list]:
    """The treatment contracts, or one customer's.

    :param token: The session token.
    :param customer_id: Only this customer's (``C-....``).
    :returns: Rows of ``[contract_id, customer_id, customer, site_id, visits_per_year, stations, status]``.
    """
    _session(state, token)
    return [[tid, t["customer"], state.customers[t["customer"]]["name"], t["site"], t["visits"], t["stations"],
             t["status"]] for tid, t in sorted(state.contracts.items())
            if customer_id is None or t["customer"] == customer_id]


def cancel_contract(state: State, token: str, contract_id: str, reason: str) -> str:
    """End an active treatment contract on three months' notice.

    :param token: The session token.
    :param contract_id: The contract (``TC-....``).
    :param reason: Why the customer is ending it.
    :returns: A sentence giving the day the contract ends.
    :raises DeskError: For a contract not active.
    """
    _session(state, token, "desk")
    t = state.contracts.get(contract_id)
    if t is None:
        raise DeskError("NO_CONTRACT", f"no contract {contract_id}")
    if t["status"] != "active":
        raise DeskError("WRONG_STATUS", f"{contract_id} is already {t['status']}")
    if not reason.strip():
        raise DeskError("EMPTY", "give a reason")
    ends = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=NOTICE_DAYS)).isoformat()
    t["status"], t["ends"], t["reason"] = "ending", ends, reason.strip()
    return f"Contract {contract_id} ends on {ends}, after three months' notice; routine visits go on until then."


def schedule_routine_visit(state: State, token: str, contract_id: str, day: str, slot: Slot, tech_id: str) -> str:
    """Book a routine visit under a contract with a technician.

    :param token: The session token.
    :param contract_id: The contract (``TC-....``).
    :param day: The day (``YYYY-MM-DD``).
    :param slot: ``am`` or ``pm``.
    :param tech_id: The technician (``T1``, ``T2`` ...).
    :returns: A sentence giving the visit's job number.
    :raises DeskError: For a contract that has ended, a technician not qualified, or busy then.
    """
    _session(state, token, "desk")
    t = state.contracts.get(contract_id)
    if t is None:
        raise DeskError("NO_CONTRACT", f"no contract {contract_id}")
    if t["status"] not in ("active", "ending"):
        raise DeskError("WRONG_STATUS", f"{contract_id} is {t['status']}")
    d = _bookable(day)
    _slot(slot)
    if t["ends"] and d > t["ends"]:
        raise DeskError("ENDED", f"{contract_id} ends on {t['ends']}")
    tech = state.technicians.get(tech_id)
    if tech is None:
        raise DeskError("NO_TECHNICIAN", f"no technician {tech_id}")
    if "rodents" not in tech["certificates"]:
        raise DeskError("NOT_CERTIFIED", f"routine visits need a technician certified for rodenticides; {tech['name']} "
                                         "is not")
    busy = _busy(state, tech_id, d, slot)
    if busy:
        raise DeskError("BUSY", f"{tech['name']} already has {busy} on {d} ({slot})")
    s = state.sites[t["site"]]
    jid = f"PJ-{_next(state, 'job')}"
    state.jobs[jid] = {"customer": t["customer"], "kind": "routine", "pest": None, "day": d, "slot": slot, "tech": tech_id,
                       "status": "assigned", "address": s["address"], "notes": f"Routine visit under {contract_id}",
                       "coshh": [], "treatments": [], "checks": [], "installed": [], "findings": None,
                       "completed": None, "parent": None, "site": t["site"], "started": None, "reason": None,
                       "report": None}
    return f"Routine visit {jid} booked at {s['name']} on {d} ({slot}) with {tech['name']}."


def bait_stations(state: State, token: str, site_id: str) -> list[list]:
    """A site's bait stations.

    :param token: The session token.
    :param site_id: The site (``ST-....``).
    :returns: Rows of ``[station_id, type, location, installed, last_checked, last_activity, status]``.
    :raises DeskError: For an unknown site.
    """
    _session(state, token)
    _site(state, site_id)
    return [[bid] + list(b[1:]) for bid, b in sorted(state.stations.items()) if b[0] == site_id]


def install_station(state: State, token: str, job_id: str, station_type: StationType, location: str) -> dict:
    """Install a bait station or monitor on a routine visit under way, within what the contract covers.

    :param token: The session token (the job's technician).
    :param job_id: The routine visit (``PJ-.....``).
    :param station_type: ``rodent_external``, ``rodent_internal``, ``insect_monitor`` or ``fly_unit``.
    :param location: Where it is put.
    :returns: The station, with its new number.
    :raises DeskError: When the visit is not under way, or the contract's stations are all in place.
    """
    who = _session(state, token, "technician")
    j = _on_site(state, job_id, who, "routine")
    if station_type not in ("rodent_external", "rodent_internal", "insect_monitor", "fly_unit"):
        raise DeskError("BAD_TYPE", f"{station_type!r} is not a kind of station")
    if not location.strip():
        raise DeskError("EMPTY", "say where it is")
    contract = next(t for t in state.contracts.values() if t["site"] == j["site"] and t["status"] in ("active", "ending"))
    active = [bid for bid, b in state.stations.items() if b[0] == j["site"] and b[6] == "active"]
    if len(active) >= contract["stations"]:
        raise DeskError("CONTRACT_FULL", f"the contract covers {contract['stations']} stations at {j['site']}, all in "
                                         "place; remove one or ask the desk to vary the contract")
    n = 1 + max([int(bid.rsplit("B", 1)[1]) for bid in state.stations if bid.startswith(j["site"] + "/")] or [0])
    bid = f"{j['site']}/B{n:02d}"
    state.stations[bid] = [j["site"], station_type, location.strip(), TODAY, TODAY, "none", "active"]
    j["installed"].append(bid)
    return _station_dict(state, bid)


def inspect_station(state: State, token: str, job_id: str, station_id: str, activity: Activity, action: str) -> dict:
    """Record the check of a bait station on a routine visit under way.

    :param token: The session token (the job's technician).
    :param job_id: The routine visit (``PJ-.....``).
    :param station_id: The station (``ST-..../B..``).
    :param activity: ``none``, ``low``, ``medium`` or ``high``.
    :param action: What was done (bait replaced, topped up, moved, cleaned).
    :returns: The station as now recorded.
    :raises DeskError: For a station not at the site, removed, or already checked on this visit.
    """
    who = _session(state, token, "technician")
    j = _on_site(state, job_id, who, "routine")
    s = _station(state, j, job_id, station_id)
    if activity not in ("none", "low", "medium", "high"):
        raise DeskError("BAD_ACTIVITY", f"{activity!r} is not a level of activity")
    if any(c[0] == station_id for c in j["checks"]):
        raise DeskError("NO_CHANGE", f"{station_id} is already checked on {job_id}")
    if not action.strip():
        raise DeskError("EMPTY", "say what was done")
    j["checks"].append([station_id, activity, action.strip()])
    s[4], s[5] = TODAY, activity
    return _station_dict(state, station_id)


def remove_station(state: State, token: str, job_id: str, station_id: str, reason: str) -> dict:
    """Take a bait station out on a routine visit under way.

    :param token: The session token (the job's technician).
    :param job_id: The routine visit (``PJ-.....``).
    :param station_id: The station (``ST-..../B..``).
    :param reason: Why.
    :returns: The station, removed.
    :raises DeskError: For a station not at the site or already removed.
    """
    who = _session(state, token, "technician")
    j = _on_site(state, job_id, who, "routine")
    s = _station(state, j, job_id, station_id)
    if not reason.strip():
        raise DeskError("EMPTY", "give a reason")
    s[6] = "removed"
    j["checks"].append([station_id, "removed", reason.strip()])
    return _station_dict(state, station_id)


def service_report(state: State, token: str, job_id: str) -> str:
    """E-mail the customer the service report of a completed routine visit (findings, products used,
    station checks), once.

    :param token: The session token.
    :param job_id: The routine visit (``PJ-.....``).
    :returns: A sentence giving the report number and where it went.
    :raises DeskError: For a visit not completed, a report already sent, or no e-mail address on file.
    """
    _session(state, token, "desk", "technician")
    j = _job(state, job_id)
    if j["kind"] != "routine":
        raise DeskError("WRONG_KIND", f"{job_id} is a {j['kind']} visit; service reports follow routine visits")
    if j["status"] not in ("completed", "invoiced"):
        raise DeskError("WRONG_STATUS", f"{job_id} is {j['status'].replace('_', ' ')}; the report follows the visit")
    if j["report"]:
        raise DeskError("NO_CHANGE", f"report {j['report']} for {job_id} has already gone")
    c = state.customers[j["customer"]]
    if not c["email"]:
        raise DeskError("NO_EMAIL", f"no e-mail address on file for {c['name']}")
    rid = f"SR-{job_id[3:]}"
    j["report"] = rid
    return f"Service report {rid} for {job_id} e-mailed to {c['email']}."


TOOLS = [
    sign_in, sign_out, price_list, find_customer, new_customer, update_customer, customer_file, notify_customer,
    add_site, site_record, technician_board, book_treatment, assign_technician, job_list, job_sheet, reschedule_job,
    cancel_job, start_visit, record_no_access, product_register, record_coshh, record_treatment, void_treatment,
    complete_visit, book_callback, invoice_job, take_payment, book_survey, record_survey, quote_contract,
    accept_contract, contracts, cancel_contract, schedule_routine_visit, bait_stations, install_station,
    inspect_station, remove_station, service_report,
]

FIXTURES = {
    "firm": {"name": "Kestrel Pest Solutions, Unit 3, Tannery Yard, Marlbridge",
             "today": "Tuesday 16 September 2031, 08:15"},
    "staff": [
        {"name": "Mel Okafor", "role": "service desk", "username": "mel.o", "password": "Bait-Desk-07"},
        {"name": "Gary Burns", "role": "technician", "username": "gary.b", "password": "Tamper-Proof-1"},
        {"name": "Sian Hughes", "role": "senior technician", "username": "sian.h", "password": "Rodent-RSPH2"},
        {"name": "Lee Walsh", "role": "technician (insects)", "username": "lee.w", "password": "Wasp-Dust-31"},
        {"name": "Dr Ruth Adeyemi", "role": "surveyor and field biologist", "username": "ruth.a",
         "password": "Field-Biology-9"},
        {"name": "Phil Kestrel", "role": "managing director", "username": "phil.k", "password": "Kestrel-1998"},
    ],
    "new_caller": {"name": "Mr Owen Pryce", "kind": "domestic", "phone": "07700 900344",
                   "address": "12 Mill Lane, Marlbridge", "postcode": "MB4 2ML",
                   "problem": "a wasp nest in the eaves above the back bedroom; two small children in the house",
                   "email_later": "owen.pryce@mail.example"},
    "new_business": {"name": "Marlbridge Bakehouse Ltd", "kind": "commercial", "phone": "01632 960177",
                     "email": "orders@marlbridgebakehouse.example", "contact": "Mr Tom Haddow, director",
                     "premises": "bakery and shop, 3 Sheep Street, Marlbridge, MB1 4SS"},
    "desk_notes": [
        "The Crown Inn's licensee Dean Foley wants service reports at dean.foley@crowninn.example",
        "The school's business manager Mrs Angela Roper signs for the contract; the school's order number is "
        "MBS/PO/88213",
        "Mrs Varley has mice in the garage now as well as the rats; she can do Friday morning",
        "The Crown Inn pays its August invoice by bank transfer",
        "Harbour Homes' Dock Street tenant has moved out; the landlord is stripping the flat",
    ],
}

_TOKEN = "auth: session token (bare token of sign_in)"
PUBLIC = ("sign_in", "price_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_file", "notify_customer", "add_site", "book_treatment"]
SITE_CONSUMERS = ["site_record", "book_survey", "bait_stations"]
JOB_CONSUMERS = ["assign_technician", "job_sheet", "reschedule_job", "cancel_job", "start_visit", "record_no_access",
                 "record_coshh", "record_treatment", "void_treatment", "complete_visit", "invoice_job", "book_callback"]
ROUTINE_CONSUMERS = ["install_station", "inspect_station", "remove_station", "service_report"]
SURVEY_CONSUMERS = ["record_survey", "quote_contract"]
CONTRACT_CONSUMERS = ["schedule_routine_visit", "cancel_contract"]
_CUSTOMER = "id lookup/create: customer id (customer_id of new_customer, or of a find_customer row)"
_SITE = "id lookup/create: site number (in add_site's sentence, or of customer_file's sites)"
_JOB = "id lookup/create: job number (in book_treatment's sentence, or of a job_list row)"
_ROUTINE = "id lookup/create: routine visit job number (in schedule_routine_visit's sentence, or of a job_list row)"
_SURVEY = "id lookup/create: survey number (in book_survey's sentence, or of site_record's surveys)"
_CONTRACT = "id lookup/create: contract id (contract_id of accept_contract, or of a contracts row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("new_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("add_site|customer_file", c, _SITE) for c in SITE_CONSUMERS]
    + [("book_treatment|job_list", c, _JOB) for c in JOB_CONSUMERS]
    + [("schedule_routine_visit|job_list", c, _ROUTINE) for c in ROUTINE_CONSUMERS]
    + [("book_survey|site_record", c, _SURVEY) for c in SURVEY_CONSUMERS]
    + [("accept_contract|contracts", c, _CONTRACT) for c in CONTRACT_CONSUMERS]
    + [
        ("bait_stations", "inspect_station", "id lookup: bait station number (of a bait_stations row)"),
        ("bait_stations|install_station", "remove_station",
         "id lookup/create: bait station number (of a bait_stations row, or station_id of install_station)"),
        ("quote_contract", "accept_contract", "id create: quote number (in quote_contract's sentence)"),
        ("site_record", "accept_contract", "id lookup: an open quote's number (of site_record's quotes)"),
        ("invoice_job|customer_file", "take_payment",
         "id lookup/create: invoice number (in invoice_job's sentence, or of customer_file's invoices)"),
        ("technician_board", "assign_technician", "vocabulary: a technician free then (tech_id of a technician_board row)"),
        ("technician_board", "schedule_routine_visit",
         "vocabulary: a technician free then (tech_id of a technician_board row)"),
        ("product_register", "record_coshh", "vocabulary: product code (of a product_register row)"),
        ("product_register", "record_treatment", "vocabulary: product code (of a product_register row)"),
        ("assign_technician", "start_visit", "state: a technician on the job"),
        ("assign_technician", "record_no_access", "state: a technician on the job"),
        ("start_visit", "record_coshh", "state: the visit under way"),
        ("start_visit", "complete_visit", "state: the visit under way"),
        ("start_visit", "install_station", "state: the routine visit under way"),
        ("start_visit", "inspect_station", "state: the routine visit under way"),
        ("record_coshh", "record_treatment", "state: a COSHH record for the product on the visit"),
        ("record_treatment", "void_treatment", "state: the treatment line on the job"),
        ("record_treatment", "complete_visit", "state: a treatment recorded on a treatment visit"),
        ("inspect_station", "complete_visit", "state: every bait station checked on a routine visit"),
        ("complete_visit", "invoice_job", "state: the job completed"),
        ("complete_visit", "book_callback", "state: the treatment completed"),
        ("complete_visit", "service_report", "state: the routine visit completed"),
        ("record_survey", "quote_contract", "state: the survey recorded"),
        ("update_customer", "notify_customer", "state: an e-mail address on file"),
        ("update_customer", "service_report", "state: an e-mail address on file"),
    ]
)

PLAUSIBLE = {
    ("new_customer", "find_customer"), ("new_customer", "book_survey"), ("add_site", "customer_file"),
    ("book_treatment", "job_list"), ("book_treatment", "customer_file"), ("book_treatment", "technician_board"),
    ("assign_technician", "technician_board"), ("assign_technician", "job_list"), ("book_callback", "job_list"),
    ("schedule_routine_visit", "job_list"), ("schedule_routine_visit", "technician_board"),
    ("schedule_routine_visit", "site_record"), ("start_visit", "job_sheet"), ("record_coshh", "job_sheet"),
    ("record_treatment", "job_sheet"), ("void_treatment", "job_sheet"), ("complete_visit", "job_sheet"),
    ("job_sheet", "bait_stations"), ("job_sheet", "void_treatment"), ("job_sheet", "start_visit"),
    ("job_sheet", "assign_technician"), ("customer_file", "assign_technician"), ("customer_file", "job_sheet"),
    ("customer_file", "cancel_job"), ("customer_file", "reschedule_job"), ("customer_file", "book_callback"),
    ("customer_file", "invoice_job"), ("customer_file", "contracts"), ("customer_file", "cancel_contract"),
    ("customer_file", "schedule_routine_visit"), ("site_record", "bait_stations"), ("site_record", "book_survey"),
    ("site_record", "cancel_contract"), ("site_record", "schedule_routine_visit"), ("find_customer", "contracts"),
    ("find_customer", "site_record"), ("find_customer", "bait_stations"), ("find_customer", "book_survey"),
    ("install_station", "bait_stations"), ("inspect_station", "bait_stations"), ("remove_station", "bait_stations"),
    ("install_station", "site_record"), ("remove_station", "install_station"), ("invoice_job", "customer_file"),
    ("take_payment", "customer_file"), ("book_survey", "site_record"), ("record_survey", "site_record"),
    ("accept_contract", "contracts"), ("accept_contract", "site_record"), ("accept_contract", "customer_file"),
    ("cancel_contract", "contracts"), ("complete_visit", "customer_file"), ("record_no_access", "reschedule_job"),
    ("record_no_access", "cancel_job"), ("record_no_access", "job_list"), ("reschedule_job", "technician_board"),
    ("reschedule_job", "assign_technician"), ("cancel_job", "job_list"), ("book_callback", "customer_file"),
    ("record_treatment", "invoice_job"), ("start_visit", "record_treatment"), ("start_visit", "void_treatment"),
    ("start_visit", "remove_station"), ("record_coshh", "complete_visit"), ("complete_visit", "take_payment"),
    ("remove_station", "complete_visit"), ("schedule_routine_visit", "start_visit"),
    ("schedule_routine_visit", "complete_visit"), ("schedule_routine_visit", "job_sheet"),
    ("quote_contract", "site_record"),
}
