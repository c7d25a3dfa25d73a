"""Clearway: the desk system of a customs brokerage filing import declarations (40 calls).

Plain functions over an in-memory ``ClearwayState`` of Nordhafen Customs Brokers in Hamburg on
Tuesday 24 November 2026: importers (clients) and their powers of attorney and deferment accounts,
sanctions screening, shipments and their invoice lines, the tariff (commodity codes, duty rates,
preferences), customs exchange rates, documents, safety (ENS) filings, duty calculation,
declarations to customs, duty payment, customs queries, inspections, release, billing and notes.

A broker logs in with username and password (``result.session_id`` in the reply). Anything filed
with customs (safety filings, declarations, amendments, release requests) is signed with the
broker's filing certificate, unlocked for the session with its PIN (``unlock_filing_certificate``).

Replies are envelopes ``{"status": "ok", "result": {...}}`` or one sentence with the new record's
reference in it; every refusal is a *returned* string that starts with ``"Error: "`` (``FAILURE``),
never an exception. Bodies are dataclasses (``Address``, ``InvoiceLine``); plain dicts are
accepted too.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import re
from dataclasses import asdict, dataclass, field
from typing import List, Literal, Optional, Union

TODAY = "2026-11-24"

Mode = Literal["sea", "air", "road"]
DocType = Literal["commercial_invoice", "packing_list", "bill_of_lading", "air_waybill", "certificate_of_origin",
                  "supplier_declaration", "import_licence"]
PaymentMethod = Literal["deferment", "bank_transfer"]
AmendField = Literal["quantity", "unit_price", "commodity_code"]

_RATES = {"USD": 0.9218, "SEK": 0.0871, "CNY": 0.1284, "GBP": 1.1642, "EUR": 1.0}
_VAT = 0.19
_TARIFF = {
    "8714920000": {"description": "Bicycle wheel rims and spokes", "duty": 0.047,
                   "preferences": [{"origin": "VN", "code": "300", "rate": 0.0, "proof": "certificate_of_origin"}]},
    "8714940000": {"description": "Bicycle brakes, including coaster braking hubs and hub brakes, and parts thereof",
                   "duty": 0.047,
                   "preferences": [{"origin": "VN", "code": "300", "rate": 0.0, "proof": "certificate_of_origin"}]},
    "8714990000": {"description": "Other parts and accessories of bicycles", "duty": 0.047, "preferences": []},
    "0901110000": {"description": "Coffee, not roasted, not decaffeinated", "duty": 0.0, "preferences": []},
    "0901210000": {"description": "Coffee, roasted, not decaffeinated", "duty": 0.075, "preferences": []},
    "4820102000": {"description": "Notebooks, letter pads and memorandum pads", "duty": 0.0, "preferences": []},
    "9608101000": {"description": "Ball-point pens with liquid ink", "duty": 0.032, "preferences": []},
}
_PORTS = [{"code": "DEHAM", "name": "Hamburg", "modes": ["sea", "road"]},
          {"code": "DEBRV", "name": "Bremerhaven", "modes": ["sea"]},
          {"code": "DEFRA", "name": "Frankfurt Airport", "modes": ["air"]},
          {"code": "DEMUC", "name": "Munich Airport", "modes": ["air"]},
          {"code": "DEPAD", "name": "Padborg border (road)", "modes": ["road"]}]
_SANCTIONED = {"volga maritime trading llc", "kestrel dual-use supplies"}


@dataclass
class Address:
    street: str
    city: str
    postal_code: str
    country: str


@dataclass
class InvoiceLine:
    """One line of a commercial invoice as it is keyed in."""

    description: str
    quantity: float
    unit_price: float
    origin_country: str
    net_mass_kg: float


def _line(no, desc, qty, price, origin, mass, code=None) -> dict:
    return {"line_no": no, "description": desc, "quantity": qty, "unit_price": price, "origin_country": origin,
            "net_mass_kg": mass, "commodity_code": code, "preference": None}


def _seed() -> dict:
    importers = {
        "IMP-2001": {"name": "Kessler Fahrradteile GmbH", "eori": "DE482910573000001", "country": "DE",
                     "address": "Billstraße 118, 20539 Hamburg", "poa": {"scope": "direct", "signed_on": "2024-02-01"},
                     "deferment": "DAN-7713204", "contact": "einkauf@kessler-fahrrad.example"},
        "IMP-2002": {"name": "Lindgren Coffee Roasters AB", "eori": "SE5567231190", "country": "SE",
                     "address": "Hamngatan 4, 211 22 Malmö", "poa": None, "deferment": None,
                     "contact": "ops@lindgrencoffee.example"},
        "IMP-2003": {"name": "Papeterie Moreau SARL", "eori": "FR51234567800019", "country": "FR",
                     "address": "12 rue des Arts, 67000 Strasbourg", "poa": {"scope": "indirect", "signed_on": "2025-06-12"},
                     "deferment": None, "contact": "claire@papeterie-moreau.example"},
    }
    shipments = {
        "SH-40499": {"importer": "IMP-2001", "mode": "sea", "transport_document": "MAEU 227398810", "port": "DEHAM",
                     "origin": "VN", "eta": "2026-11-18", "status": "declared", "broker": "j.hartmann",
                     "currency": "USD", "lines": [_line(1, "Aluminium bicycle rims 622x19", 800, 6.40, "VN", 520.0,
                                                          "8714920000")],
                     "documents": {}, "safety": "26DEENS0000411930", "declaration": "26DEH1000400901", "notes": []},
        "SH-40501": {"importer": "IMP-2001", "mode": "sea", "transport_document": "MAEU 227401135", "port": "DEHAM",
                     "origin": "VN", "eta": "2026-11-27", "status": "open", "broker": "j.hartmann", "currency": "USD",
                     "lines": [_line(1, "Aluminium bicycle rims 622x19", 1200, 6.40, "VN", 780.0, "8714920000"),
                               _line(2, "Hydraulic disc brake sets, front and rear", 300, 21.50, "VN", 390.0)],
                     "documents": {"DOC-9101": {"type": "commercial_invoice", "file": "INV-VN-2026-0871.pdf",
                                                "reference": "VN-2026-0871"},
                                   "DOC-9102": {"type": "packing_list", "file": "PL-VN-2026-0871.pdf",
                                                "reference": "VN-2026-0871"},
                                   "DOC-9103": {"type": "certificate_of_origin", "file": "REX-statement-0871.pdf",
                                                "reference": "VNREX0401129"}},
                     "safety": "26DEENS0000412077", "declaration": None, "notes": []},
        "SH-40502": {"importer": "IMP-2002", "mode": "sea", "transport_document": "HLCU HAM 4410782", "port": "DEHAM",
                     "origin": "CO", "eta": "2026-11-30", "status": "open", "broker": "j.hartmann", "currency": "USD",
                     "lines": [_line(1, "Green coffee beans, Huila washed arabica, 60 kg bags", 320, 258.00, "CO",
                                     19200.0)],
                     "documents": {"DOC-9120": {"type": "commercial_invoice", "file": "CO-INV-5521.pdf",
                                                "reference": "5521"}},
                     "safety": None, "declaration": None, "notes": []},
        "SH-40503": {"importer": "IMP-2003", "mode": "air", "transport_document": "020-55512398", "port": "DEFRA",
                     "origin": "CN", "eta": "2026-11-20", "status": "declared", "broker": "t.okoro", "currency": "CNY",
                     "lines": [_line(1, "Kraft paper notebooks A5", 4000, 3.10, "CN", 1100.0, "4820102000"),
                               _line(2, "Gel ink pens, boxes of 12", 900, 14.20, "CN", 310.0, "9608101000")],
                     "documents": {"DOC-9130": {"type": "air_waybill", "file": "AWB-020-55512398.pdf",
                                                "reference": "020-55512398"}},
                     "safety": "26DEENS0000411702", "declaration": "26DEH1000400877", "notes": []},
    }
    declarations = {
        "26DEH1000400877": {"shipment": "SH-40503", "state": "under_query", "customs_value": 3234.11, "duty": 40.91,
                            "vat": 622.25, "amount_due": 663.16, "paid": 0.0,
                            "queries": {"Q-311": {"subject": "Provide the supplier's commercial invoice for line 2 "
                                                             "(declared unit price below reference price)",
                                                  "requested": "commercial_invoice", "state": "open", "answer": None}},
                            "inspection": None, "release": None},
        "26DEH1000400901": {"shipment": "SH-40499", "state": "selected_for_inspection", "customs_value": 4719.62,
                            "duty": 221.82, "vat": 938.89, "amount_due": 0.0, "paid": 1160.71, "queries": {},
                            "inspection": {"required": True, "slot": None}, "release": None},
    }
    slots = {"DEHAM": [["SLOT-HH-1125-08", "2026-11-25", "08:00", "Waltershof inspection hall 2"],
                       ["SLOT-HH-1125-13", "2026-11-25", "13:00", "Waltershof inspection hall 2"],
                       ["SLOT-HH-1126-09", "2026-11-26", "09:00", "Waltershof inspection hall 1"]],
             "DEFRA": [["SLOT-FR-1125-10", "2026-11-25", "10:00", "CargoCity Süd, gate 26"]]}
    return {"importers": importers, "shipments": shipments, "declarations": declarations, "slots": slots,
            "screenings": {}, "quotes": {}, "bills": [],
            "counters": {"importer": 2003, "shipment": 40503, "doc": 9130, "mrn": 400913, "ens": 412100, "quote": 610,
                         "screen": 880, "bill": 5120, "pickup": 33}}


@dataclass
class ClearwayState:
    db: dict = field(default_factory=_seed)
    brokers: dict = field(default_factory=lambda: {
        "j.hartmann": {"name": "Jana Hartmann", "password": "Elbe-Ferry#12", "certificate": "DE-FC-0931", "pin": "4471"},
        "t.okoro": {"name": "Tunde Okoro", "password": "Landungsbrücken-3", "certificate": "DE-FC-0944", "pin": "8802"},
        "m.petersen": {"name": "Maike Petersen", "password": "Alster!Rudern", "certificate": None, "pin": None},
    })
    sessions: dict = field(default_factory=dict)


State = ClearwayState


def FAILURE(output) -> bool:  # noqa: N802 - the name the oracle looks for
    """A Clearway refusal: a returned string that starts with ``"Error: "``."""
    return isinstance(output, str) and output.startswith("Error: ")


# ----------------------------------------------------------------------------- helpers

def _ok(result) -> dict:
    return {"status": "ok", "result": result}


def _next(state: ClearwayState, key: str) -> int:
    state.db["counters"][key] += 1
    return state.db["counters"][key]


def _session(state: ClearwayState, session_id: str):
    s = state.sessions.get(session_id)
    if s is None:
        return "Error: not logged in (session unknown or expired)"
    return s


def _signed(state: ClearwayState, session_id: str):
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    if not s["certificate_unlocked"]:
        return "Error: filings to customs must be signed; unlock your filing certificate first"
    return s


def _shipment(state: ClearwayState, shipment_id: str):
    sh = state.db["shipments"].get(str(shipment_id).strip().upper())
    return sh if sh is not None else f"Error: shipment {shipment_id} not found"


def _declaration(state: ClearwayState, mrn: str):
    d = state.db["declarations"].get(str(mrn).strip().upper())
    return d if d is not None else f"Error: no declaration with MRN {mrn}"


def _body(value, cls):
    return value if isinstance(value, cls) else cls(**value)


def _customs_value(sh: dict) -> float:
    rate = _RATES[sh["currency"]]
    return round(sum(l["quantity"] * l["unit_price"] for l in sh["lines"]) * rate, 2)


def _quote(sh: dict) -> dict:
    rate = _RATES[sh["currency"]]
    duty = 0.0
    for l in sh["lines"]:
        value = l["quantity"] * l["unit_price"] * rate
        pct = _TARIFF[l["commodity_code"]]["duty"] if l["preference"] is None else l["preference"]["rate"]
        duty += value * pct
    cv = _customs_value(sh)
    duty = round(duty, 2)
    vat = round((cv + duty) * _VAT, 2)
    return {"customs_value_eur": cv, "duty_eur": duty, "import_vat_eur": vat, "total_eur": round(duty + vat, 2)}


# ----------------------------------------------------------------------------- sign-in

def login(username: str, password: str, state: ClearwayState):
    """Log a broker in. The session id is at result.session_id."""
    b = state.brokers.get(username.strip().lower())
    if b is None or b["password"] != password:
        return "Error: unknown user or wrong password"
    sid = f"cw-{len(state.sessions) + 1:02d}-{username.split('.')[-1][:4]}-7Q"
    state.sessions[sid] = {"broker": username.strip().lower(), "certificate_unlocked": False}
    return _ok({"session_id": sid, "broker": {"username": username.strip().lower(), "name": b["name"]},
                "expires": "2026-11-24T18:00:00+01:00"})


def unlock_filing_certificate(session_id: str, certificate_pin: str, state: ClearwayState) -> str:
    """Unlock the broker's filing certificate for this session with its PIN; customs filings are signed with it."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    b = state.brokers[s["broker"]]
    if b["certificate"] is None:
        return "Error: this user holds no filing certificate"
    if b["pin"] != str(certificate_pin).strip():
        return "Error: wrong certificate PIN"
    if s["certificate_unlocked"]:
        return "Error: the certificate is already unlocked for this session"
    s["certificate_unlocked"] = True
    return f"Filing certificate {b['certificate']} unlocked for this session until 18:00."


# ----------------------------------------------------------------------------- reference data

def list_ports(mode: Optional[Mode] = None):
    """Customs offices of entry (UN/LOCODE) and the transport modes each handles."""
    return _ok({"ports": [p for p in _PORTS if mode is None or mode in p["modes"]]})


def search_tariff(description: str):
    """Search the tariff for commodity codes by words of the goods description."""
    words = [w for w in re.findall(r"[a-z]+", description.lower()) if len(w) > 2]
    if not words:
        return "Error: describe the goods in a few words"
    hits = [[code, t["description"], f"{t['duty'] * 100:.1f}%"] for code, t in _TARIFF.items()
            if all(any(w in x for x in re.findall(r"[a-z]+", t["description"].lower())) for w in words)]
    return _ok({"query": description, "candidates": hits})


def get_tariff_measure(commodity_code: str, origin_country: str):
    """The third-country duty and any tariff preference (with its preference code) for goods of an origin."""
    t = _TARIFF.get(commodity_code.replace(" ", ""))
    if t is None:
        return "Error: unknown commodity code (10 digits expected)"
    prefs = [p for p in t["preferences"] if p["origin"] == origin_country.upper()]
    return _ok({"commodity_code": commodity_code, "description": t["description"], "third_country_duty": t["duty"],
                "preferences": [{"preference_code": p["code"], "rate": p["rate"], "proof_required": p["proof"]}
                                for p in prefs]})


def get_exchange_rate(currency: str, month: str):
    """The customs exchange rate (EUR per unit) of a currency for a month such as '2026-11'."""
    if month != TODAY[:7]:
        return "Error: only the current month's customs rates are published here"
    r = _RATES.get(currency.upper())
    if r is None:
        return f"Error: no customs rate for {currency}"
    return _ok({"currency": currency.upper(), "month": month, "eur_per_unit": r})


def normalize_eori(raw: str) -> str:
    """Normalise an EORI number as people write it ('de 4829-1057 3000 002') into the registered form."""
    s = re.sub(r"[^A-Za-z0-9]", "", raw).upper()
    if not re.fullmatch(r"[A-Z]{2}[A-Z0-9]{1,15}", s):
        return "Error: not an EORI number (two-letter country code and up to 15 characters)"
    return s


# ----------------------------------------------------------------------------- importers

def screen_party(session_id: str, legal_name: str, country: str, state: ClearwayState):
    """Screen a party against the EU sanctions lists; a new importer needs a clear screening."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    n = _next(state, "screen")
    hit = legal_name.strip().lower() in _SANCTIONED
    sid = f"SCR-{n}"
    state.db["screenings"][sid] = {"name": legal_name.strip(), "country": country.upper(), "clear": not hit}
    return _ok({"screening": {"id": sid, "name": legal_name.strip(), "outcome": "match" if hit else "clear"}})


def find_importer(session_id: str, query: str, state: ClearwayState):
    """Find client importers by name or EORI."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    q = query.strip().lower()
    return _ok({"matches": [{"importer": {"id": k, "name": v["name"], "eori": v["eori"], "country": v["country"]}}
                            for k, v in state.db["importers"].items()
                            if q in v["name"].lower() or q.replace(" ", "") == v["eori"].lower()]})


def create_importer(session_id: str, legal_name: str, eori: str, address: Address, contact_email: str,
                    screening_id: str, state: ClearwayState) -> str:
    """Create a client importer; the EORI must be in registered form and the party screened clear."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    if not re.fullmatch(r"[A-Z]{2}[A-Z0-9]{1,15}", eori):
        return "Error: EORI must be in registered form, e.g. DE123456789012345"
    if any(v["eori"] == eori for v in state.db["importers"].values()):
        return "Error: an importer with this EORI already exists"
    scr = state.db["screenings"].get(screening_id)
    if scr is None or scr["name"].lower() != legal_name.strip().lower():
        return "Error: no sanctions screening of this party on file"
    if not scr["clear"]:
        return "Error: the sanctions screening matched; compliance must review before onboarding"
    a = _body(address, Address)
    n = f"IMP-{_next(state, 'importer')}"
    state.db["importers"][n] = {"name": legal_name.strip(), "eori": eori, "country": a.country.upper(),
                                "address": f"{a.street}, {a.postal_code} {a.city}", "poa": None, "deferment": None,
                                "contact": contact_email}
    return f"Importer {n} ({legal_name.strip()}, {eori}) created; record a power of attorney before filing."


def get_importer(session_id: str, importer_id: str, state: ClearwayState):
    """An importer's details, power of attorney and deferment account."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    imp = state.db["importers"].get(importer_id)
    if imp is None:
        return f"Error: importer {importer_id} not found"
    return _ok({"importer": dict(imp, id=importer_id)})


def record_power_of_attorney(session_id: str, importer_id: str, signatory_name: str, signed_on: str,
                             representation: Literal["direct", "indirect"], state: ClearwayState) -> str:
    """Record the client's signed power of attorney; declarations need one on file."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    imp = state.db["importers"].get(importer_id)
    if imp is None:
        return f"Error: importer {importer_id} not found"
    if imp["poa"] and imp["poa"]["scope"] == representation:
        return f"Error: a {representation} power of attorney is already on file"
    imp["poa"] = {"scope": representation, "signed_on": signed_on, "signatory": signatory_name}
    return f"Power of attorney ({representation} representation) signed by {signatory_name} recorded for {importer_id}."


def set_deferment_account(session_id: str, importer_id: str, deferment_number: str, state: ClearwayState) -> str:
    """Register the importer's duty deferment account (DAN) so duties can be paid by deferment."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    imp = state.db["importers"].get(importer_id)
    if imp is None:
        return f"Error: importer {importer_id} not found"
    dan = deferment_number.strip().upper().replace(" ", "")
    if not re.fullmatch(r"DAN-?\d{7}", dan):
        return "Error: deferment account numbers look like DAN-1234567"
    if imp["deferment"] == dan:
        return "Error: that deferment account is already registered"
    imp["deferment"] = dan
    return f"Deferment account {dan} registered for {importer_id}."


# ----------------------------------------------------------------------------- shipments

def open_shipment(session_id: str, importer_id: str, mode: Mode, transport_document: str, port_of_entry: str,
                  origin_country: str, eta: str, currency: str, state: ClearwayState) -> str:
    """Open a shipment file for an importer. ``port_of_entry`` is a UN/LOCODE office of entry for the mode."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    if importer_id not in state.db["importers"]:
        return f"Error: importer {importer_id} not found"
    port = next((p for p in _PORTS if p["code"] == port_of_entry), None)
    if port is None:
        return f"Error: {port_of_entry} is not an office of entry"
    if mode not in port["modes"]:
        return f"Error: {port['name']} does not handle {mode} freight"
    if currency.upper() not in _RATES:
        return f"Error: invoice currency {currency} has no customs rate"
    n = f"SH-{_next(state, 'shipment')}"
    state.db["shipments"][n] = {"importer": importer_id, "mode": mode, "transport_document": transport_document,
                                "port": port_of_entry, "origin": origin_country.upper(), "eta": eta, "status": "open",
                                "broker": s["broker"], "currency": currency.upper(), "lines": [], "documents": {},
                                "safety": None, "declaration": None, "notes": []}
    return f"Shipment {n} opened for {state.db['importers'][importer_id]['name']} ({mode}, {transport_document})."


def find_shipment(session_id: str, transport_document: Optional[str] = None, importer_id: Optional[str] = None,
                  state: ClearwayState = None):
    """Find shipment files by bill of lading / air waybill number or by importer, as rows
    [shipment_id, transport_document, importer_id, status, eta]."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    if not transport_document and not importer_id:
        return "Error: give a transport document number or an importer"
    if importer_id and importer_id not in state.db["importers"]:
        return f"Error: importer {importer_id} not found"
    doc = re.sub(r"\s", "", transport_document or "").upper()
    rows = [[k, v["transport_document"], v["importer"], v["status"], v["eta"]]
            for k, v in state.db["shipments"].items()
            if (not doc or re.sub(r"\s", "", v["transport_document"]).upper() == doc)
            and (not importer_id or v["importer"] == importer_id)]
    return _ok({"shipments": rows})


def get_shipment(session_id: str, shipment_id: str, state: ClearwayState):
    """A shipment file: lines (with line_no and commodity code), documents, safety filing and declaration MRN."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    return _ok({"shipment": {"id": shipment_id.strip().upper(), "importer_id": sh["importer"], "mode": sh["mode"],
                             "transport_document": sh["transport_document"], "port": sh["port"],
                             "origin": sh["origin"], "eta": sh["eta"], "status": sh["status"],
                             "broker": sh["broker"], "currency": sh["currency"], "lines": sh["lines"],
                             "documents": [{"id": k, **v} for k, v in sh["documents"].items()],
                             "safety_filing": sh["safety"], "declaration": {"mrn": sh["declaration"]}}})


def add_invoice_lines(session_id: str, shipment_id: str, invoice_number: str, exchange_rate: float,
                      lines: List[InvoiceLine], state: ClearwayState):
    """Key in the lines of a commercial invoice. ``exchange_rate`` is the customs rate (EUR per unit of the
    shipment's invoice currency) used for the declaration."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    if sh["status"] != "open":
        return f"Error: shipment is {sh['status']}; lines can only be added to open files"
    if abs(float(exchange_rate) - _RATES[sh["currency"]]) > 1e-6:
        return f"Error: exchange rate differs from this month's customs rate for {sh['currency']}"
    if not lines:
        return "Error: no lines"
    added = []
    for raw in lines:
        l = _body(raw, InvoiceLine)
        if l.quantity <= 0 or l.unit_price <= 0:
            return "Error: quantity and unit price must be positive"
        no = len(sh["lines"]) + 1
        sh["lines"].append(_line(no, l.description, l.quantity, l.unit_price, l.origin_country.upper(), l.net_mass_kg))
        added.append({"line_no": no, "description": l.description, "invoice": invoice_number})
    return _ok({"shipment_id": shipment_id, "lines": added})


def classify_line(session_id: str, shipment_id: str, line_no: int, commodity_code: str, state: ClearwayState):
    """Give an invoice line its 10-digit commodity code from the tariff."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    line = next((l for l in sh["lines"] if l["line_no"] == line_no), None)
    if line is None:
        return f"Error: shipment has no line {line_no}"
    if commodity_code not in _TARIFF:
        return "Error: not a valid 10-digit commodity code"
    if line["commodity_code"] == commodity_code:
        return f"Error: line {line_no} is already classified as {commodity_code}"
    if sh["declaration"]:
        return "Error: the shipment is declared; amend the declaration instead"
    line["commodity_code"], line["preference"] = commodity_code, None
    return _ok({"line_no": line_no, "commodity_code": commodity_code,
                "duty_rate": _TARIFF[commodity_code]["duty"]})


def attach_document(session_id: str, shipment_id: str, doc_type: DocType, file_name: str, reference: str,
                    state: ClearwayState):
    """Attach a scanned document to a shipment file."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    if not file_name.lower().endswith((".pdf", ".jpg", ".png")):
        return "Error: documents must be PDF or image files"
    d = f"DOC-{_next(state, 'doc')}"
    sh["documents"][d] = {"type": doc_type, "file": file_name, "reference": reference}
    return _ok({"document": {"id": d, "type": doc_type, "reference": reference}})


def claim_preference(session_id: str, shipment_id: str, line_no: int, preference_code: str,
                     origin_document_id: str, state: ClearwayState):
    """Claim a preferential duty rate on a classified line, citing the proof of origin on file."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    line = next((l for l in sh["lines"] if l["line_no"] == line_no), None)
    if line is None:
        return f"Error: shipment has no line {line_no}"
    if line["commodity_code"] is None:
        return f"Error: line {line_no} is not classified yet"
    pref = next((p for p in _TARIFF[line["commodity_code"]]["preferences"]
                 if p["origin"] == line["origin_country"] and p["code"] == preference_code), None)
    if pref is None:
        return f"Error: preference {preference_code} does not apply to this line"
    doc = sh["documents"].get(origin_document_id)
    if doc is None or doc["type"] != pref["proof"]:
        return f"Error: the preference needs a {pref['proof']} on this shipment"
    if line["preference"] is not None:
        return f"Error: preference is already claimed on line {line_no}"
    line["preference"] = {"code": preference_code, "rate": pref["rate"], "document": origin_document_id}
    return _ok({"line_no": line_no, "preference_code": preference_code, "duty_rate": pref["rate"]})


def file_safety_declaration(session_id: str, shipment_id: str, state: ClearwayState) -> str:
    """File the entry summary (safety and security) declaration for a sea or air shipment."""
    s = _signed(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    if sh["safety"]:
        return f"Error: a safety declaration ({sh['safety']}) is already on file"
    if not sh["lines"]:
        return "Error: add the invoice lines first"
    mrn = f"26DEENS0000{_next(state, 'ens')}"
    sh["safety"] = mrn
    return f"Entry summary declaration accepted, MRN {mrn}."


def calculate_duties(session_id: str, shipment_id: str, state: ClearwayState):
    """Calculate customs value, duty and import VAT (EUR) for a shipment whose lines are all classified."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    if not sh["lines"]:
        return "Error: the shipment has no lines"
    missing = [l["line_no"] for l in sh["lines"] if l["commodity_code"] is None]
    if missing:
        return f"Error: lines {missing} are not classified"
    q = _quote(sh)
    qid = f"Q-{_next(state, 'quote')}"
    state.db["quotes"][qid] = {"shipment": shipment_id, **q}
    return _ok({"quote_id": qid, **q})


def submit_declaration(session_id: str, shipment_id: str, declared_total_eur: float, state: ClearwayState) -> str:
    """Lodge the import declaration with customs. ``declared_total_eur`` is the duty plus VAT as calculated; the
    importer needs a power of attorney on file and sea and air shipments a safety filing."""
    s = _signed(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    if sh["declaration"]:
        return f"Error: already declared under MRN {sh['declaration']}"
    if sh["status"] != "open":
        return f"Error: shipment is {sh['status']}"
    if not state.db["importers"][sh["importer"]]["poa"]:
        return "Error: no power of attorney from the importer is on file"
    if sh["mode"] in ("sea", "air") and not sh["safety"]:
        return "Error: the entry summary (safety) declaration must be filed first"
    if not sh["lines"] or any(l["commodity_code"] is None for l in sh["lines"]):
        return "Error: every line needs a commodity code"
    q = _quote(sh)
    if abs(float(declared_total_eur) - q["total_eur"]) > 0.005:
        return "Error: declared total does not match the calculation for the current lines"
    mrn = f"26DEH1000{_next(state, 'mrn')}"
    state.db["declarations"][mrn] = {"shipment": shipment_id.strip().upper(), "state": "accepted",
                                     "customs_value": q["customs_value_eur"], "duty": q["duty_eur"],
                                     "vat": q["import_vat_eur"], "amount_due": q["total_eur"], "paid": 0.0,
                                     "queries": {}, "inspection": None, "release": None}
    sh.update(status="declared", declaration=mrn)
    return f"Declaration lodged and accepted: MRN {mrn}, duties and VAT EUR {q['total_eur']:.2f} due."


def get_declaration(session_id: str, mrn: str, state: ClearwayState):
    """A declaration's state, amounts (amount_due in EUR), open queries, inspection and release."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    d = _declaration(state, mrn)
    if isinstance(d, str):
        return d
    return _ok({"declaration": {"mrn": mrn.strip().upper(), "shipment_id": d["shipment"], "state": d["state"],
                                "customs_value_eur": d["customs_value"], "duty_eur": d["duty"], "vat_eur": d["vat"],
                                "amount_due": round(d["amount_due"] - d["paid"], 2) if d["amount_due"] else 0.0,
                                "open_queries": sum(q["state"] == "open" for q in d["queries"].values()),
                                "inspection": d["inspection"], "release": d["release"]}})


def pay_duties(session_id: str, mrn: str, method: PaymentMethod, amount: float, state: ClearwayState) -> str:
    """Pay the duties and VAT due on a declaration, by the importer's deferment account or bank transfer."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    d = _declaration(state, mrn)
    if isinstance(d, str):
        return d
    due = round(d["amount_due"] - d["paid"], 2)
    if due <= 0:
        return "Error: nothing is due on this declaration"
    if abs(float(amount) - due) > 0.005:
        return "Error: amount must equal the amount due"
    imp = state.db["importers"][state.db["shipments"][d["shipment"]]["importer"]]
    if method == "deferment" and not imp["deferment"]:
        return "Error: the importer has no deferment account registered"
    d["paid"] = d["amount_due"]
    via = imp["deferment"] if method == "deferment" else "bank transfer"
    return f"EUR {due:.2f} paid on {mrn.strip().upper()} via {via}."


def list_customs_queries(session_id: str, mrn: str, state: ClearwayState):
    """Queries customs raised on a declaration, as rows [query_id, subject, requested_document, state]."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    d = _declaration(state, mrn)
    if isinstance(d, str):
        return d
    return _ok({"queries": [[k, q["subject"], q["requested"], q["state"]] for k, q in d["queries"].items()]})


def answer_customs_query(session_id: str, mrn: str, query_id: str, answer_text: str, document_ids: List[str],
                         state: ClearwayState):
    """Answer a customs query with an explanation and the documents it asks for."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    d = _declaration(state, mrn)
    if isinstance(d, str):
        return d
    q = d["queries"].get(query_id)
    if q is None:
        return f"Error: no query {query_id} on this declaration"
    if q["state"] != "open":
        return "Error: query is already answered"
    docs = state.db["shipments"][d["shipment"]]["documents"]
    if any(x not in docs for x in document_ids):
        return "Error: every document must be attached to the shipment first"
    if not any(docs[x]["type"] == q["requested"] for x in document_ids):
        return f"Error: the query asks for a {q['requested']}"
    q.update(state="answered", answer=answer_text, documents=list(document_ids))
    if all(x["state"] != "open" for x in d["queries"].values()) and d["state"] == "under_query":
        d["state"] = "accepted"
    return _ok({"query_id": query_id, "state": "answered"})


def list_inspection_slots(session_id: str, port_code: str, state: ClearwayState):
    """Free physical-inspection slots at an office, as rows [slot_id, date, time, place]."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    if port_code not in state.db["slots"]:
        return f"Error: no inspection slots published for {port_code}"
    return _ok({"slots": state.db["slots"][port_code]})


def book_inspection(session_id: str, mrn: str, slot_id: str, state: ClearwayState) -> str:
    """Book a slot for a declaration customs selected for physical inspection."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    d = _declaration(state, mrn)
    if isinstance(d, str):
        return d
    if not d["inspection"]:
        return "Error: the declaration is not selected for inspection"
    if d["inspection"]["slot"]:
        return "Error: an inspection is already booked"
    port = state.db["shipments"][d["shipment"]]["port"]
    slot = next((x for x in state.db["slots"].get(port, []) if x[0] == slot_id), None)
    if slot is None:
        return f"Error: slot {slot_id} is not free at {port}"
    state.db["slots"][port].remove(slot)
    d["inspection"]["slot"] = slot_id
    return f"Inspection for {mrn} booked on {slot[1]} at {slot[2]}, {slot[3]}."


def request_release(session_id: str, mrn: str, state: ClearwayState) -> str:
    """Ask customs to release the goods once duties are paid and no query or inspection is outstanding."""
    s = _signed(state, session_id)
    if isinstance(s, str):
        return s
    d = _declaration(state, mrn)
    if isinstance(d, str):
        return d
    if d["release"]:
        return "Error: already released"
    if round(d["amount_due"] - d["paid"], 2) > 0:
        return "Error: duties and VAT are not paid"
    if any(q["state"] == "open" for q in d["queries"].values()):
        return "Error: a customs query is still open"
    if d["inspection"]:
        return "Error: goods selected for inspection are released by the inspecting officer"
    ref = f"PU-{_next(state, 'pickup'):05d}"
    d.update(release=ref, state="released")
    state.db["shipments"][d["shipment"]]["status"] = "released"
    return f"Goods released under {mrn.strip().upper()}; terminal pickup reference {ref}."


def amend_declaration(session_id: str, mrn: str, line_no: int, field_name: AmendField, new_value: str, reason: str,
                      state: ClearwayState) -> str:
    """Amend one field of a line of a lodged declaration that is not yet released."""
    s = _signed(state, session_id)
    if isinstance(s, str):
        return s
    d = _declaration(state, mrn)
    if isinstance(d, str):
        return d
    if d["release"]:
        return "Error: released declarations are corrected by a post-clearance request"
    sh = state.db["shipments"][d["shipment"]]
    line = next((l for l in sh["lines"] if l["line_no"] == line_no), None)
    if line is None:
        return f"Error: no line {line_no}"
    key = {"quantity": "quantity", "unit_price": "unit_price", "commodity_code": "commodity_code"}[field_name]
    if key == "commodity_code":
        if new_value not in _TARIFF:
            return "Error: not a valid 10-digit commodity code"
        value = new_value
    else:
        try:
            value = float(new_value)
        except ValueError:
            return f"Error: {field_name} must be a number"
    if line[key] == value:
        return f"Error: line {line_no} already has that {field_name}"
    line[key] = value
    q = _quote(sh)
    d.update(customs_value=q["customs_value_eur"], duty=q["duty_eur"], vat=q["import_vat_eur"],
             amount_due=q["total_eur"])
    return f"Amendment to {mrn.strip().upper()} line {line_no} ({field_name}) accepted; amount due now EUR " \
           f"{max(q['total_eur'] - d['paid'], 0):.2f}."


def bill_client(session_id: str, mrn: str, brokerage_fee_eur: float, note: str, state: ClearwayState) -> str:
    """Invoice the importer for a released declaration: brokerage fee plus the duties and VAT advanced."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    d = _declaration(state, mrn)
    if isinstance(d, str):
        return d
    if not d["release"]:
        return "Error: clients are billed once the goods are released"
    imp = state.db["shipments"][d["shipment"]]["importer"]
    n = f"NCB-{_next(state, 'bill')}"
    state.db["bills"].append({"id": n, "mrn": mrn, "importer": imp, "fee": brokerage_fee_eur, "note": note})
    return f"Invoice {n} issued to {state.db['importers'][imp]['name']} for EUR {brokerage_fee_eur:.2f} brokerage."


# ----------------------------------------------------------------------------- desk

def send_client_update(session_id: str, importer_id: str, subject: str, body: str, state: ClearwayState) -> str:
    """E-mail the importer's contact about their shipments."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    imp = state.db["importers"].get(importer_id)
    if imp is None:
        return f"Error: importer {importer_id} not found"
    if not subject.strip() or not body.strip():
        return "Error: subject and body are required"
    return f"Message \"{subject.strip()}\" sent to {imp['contact']}."


def add_shipment_note(session_id: str, shipment_id: str, text: str, state: ClearwayState):
    """Add an internal note to a shipment file."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    sh["notes"].append({"by": s["broker"], "text": text})
    return _ok({"shipment_id": shipment_id, "notes": len(sh["notes"])})


def get_worklist(session_id: str, status: Optional[str] = None, state: ClearwayState = None):
    """The logged-in broker's shipment files as rows [shipment_id, importer, transport_document, status, eta]."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    return _ok({"broker": s["broker"], "files": [
        [k, state.db["importers"][v["importer"]]["name"], v["transport_document"], v["status"], v["eta"]]
        for k, v in state.db["shipments"].items() if v["broker"] == s["broker"] and (status is None or v["status"] == status)]})


def update_eta(session_id: str, shipment_id: str, eta: str, state: ClearwayState) -> str:
    """Record the carrier's new estimated arrival date (YYYY-MM-DD) on a shipment file."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", eta):
        return "Error: eta must be YYYY-MM-DD"
    if sh["eta"] == eta:
        return f"Error: the ETA is already {eta}"
    sh["eta"] = eta
    return f"ETA of {shipment_id.strip().upper()} set to {eta}."


def list_brokers(session_id: str, state: ClearwayState):
    """The desk's brokers as rows [username, name, holds_filing_certificate]."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    return _ok({"brokers": [[u, b["name"], b["certificate"] is not None] for u, b in state.brokers.items()]})


def assign_shipment(session_id: str, shipment_id: str, broker_username: str, state: ClearwayState) -> str:
    """Hand a shipment file to another broker of the desk."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    if broker_username not in state.brokers:
        return f"Error: no broker {broker_username}"
    if sh["broker"] == broker_username:
        return f"Error: the file is already with {broker_username}"
    sh["broker"] = broker_username
    return f"{shipment_id.strip().upper()} is now with {state.brokers[broker_username]['name']}."


def cancel_shipment(session_id: str, shipment_id: str, reason: str, state: ClearwayState) -> str:
    """Close a shipment file that was never declared (order cancelled, goods re-routed)."""
    s = _session(state, session_id)
    if isinstance(s, str):
        return s
    sh = _shipment(state, shipment_id)
    if isinstance(sh, str):
        return sh
    if sh["declaration"]:
        return "Error: declared shipments cannot be cancelled here; ask customs to invalidate the declaration"
    if sh["status"] == "cancelled":
        return "Error: already cancelled"
    sh.update(status="cancelled", cancel_reason=reason)
    return f"{shipment_id.strip().upper()} cancelled."


TOOLS = [
    login, unlock_filing_certificate,
    list_ports, search_tariff, get_tariff_measure, get_exchange_rate, normalize_eori,
    screen_party, find_importer, create_importer, get_importer, record_power_of_attorney, set_deferment_account,
    open_shipment, find_shipment, get_shipment, add_invoice_lines, classify_line, attach_document, claim_preference,
    file_safety_declaration, calculate_duties, submit_declaration, get_declaration, pay_duties,
    list_customs_queries, answer_customs_query, list_inspection_slots, book_inspection, request_release,
    amend_declaration, bill_client, send_client_update, add_shipment_note, get_worklist, update_eta, list_brokers,
    assign_shipment, cancel_shipment,
]

FIXTURES = {
    "broker": {"username": "j.hartmann", "password": "Elbe-Ferry#12", "certificate_pin": "4471"},
    "colleague": "Tunde Okoro",
    "clients": ["Kessler Fahrradteile GmbH", "Lindgren Coffee Roasters AB", "Papeterie Moreau SARL"],
    "bills_of_lading": {"Kessler": "MAEU 227401135", "Lindgren": "HLCU HAM 4410782"},
    "air_waybill_moreau": "020-55512398",
    "lindgren_poa": {"signatory": "Karin Lindgren", "signed_on": "2026-11-23", "representation": "indirect"},
    "moreau_deferment": "DAN 6620417",
    "new_client": {"legal_name": "Baltic Kayak Supply OÜ", "eori_as_written": "ee 1020 4471 88",
                   "street": "Kalaranna 8", "city": "Tallinn", "postal_code": "10415", "country": "EE",
                   "email": "orders@baltickayak.example"},
}

_SESSION = [t.__name__ for t in TOOLS
            if t.__name__ not in ("login", "list_ports", "search_tariff", "get_tariff_measure", "get_exchange_rate",
                                  "normalize_eori")]
_IMP = "find_importer|create_importer"
_SH = "find_shipment|open_shipment"
_MRN = "get_shipment|submit_declaration"

GROUND_TRUTH = (
    [("login", c, "auth: session id (result.session_id)") for c in _SESSION]
    + [("unlock_filing_certificate", c, "auth: filing certificate unlocked for the session")
       for c in ("file_safety_declaration", "submit_declaration", "request_release", "amend_declaration")]
    + [(_IMP, c, "id lookup/create: importer id (matches[].importer.id, or IMP-nnnn in the sentence)")
       for c in ("get_importer", "record_power_of_attorney", "set_deferment_account", "open_shipment",
                 "send_client_update")]
    + [("find_importer", "find_shipment", "id lookup: importer id as a filter (matches[].importer.id)")]
    + [(_SH, c, "id lookup/create: shipment id (row cell, or SH-nnnnn in the sentence)")
       for c in ("get_shipment", "add_invoice_lines", "attach_document", "add_shipment_note", "assign_shipment",
                 "cancel_shipment", "update_eta", "file_safety_declaration")]
    + [("find_shipment", c, "id lookup: shipment id of a file ready to declare (row cell)")
       for c in ("classify_line", "calculate_duties", "submit_declaration", "claim_preference")]
    + [("get_shipment|add_invoice_lines", "classify_line", "id lookup/create: line number (lines[].line_no)")]
    + [("get_shipment|attach_document", "claim_preference",
        "id lookup/create: proof-of-origin document id (documents[].id or document.id)")]
    + [(_MRN, c, "id lookup/create: declaration MRN (declaration.mrn, or the MRN in the sentence)")
       for c in ("get_declaration", "pay_duties", "request_release", "amend_declaration")]
    + [("get_shipment", c, "id lookup: declaration MRN (declaration.mrn)")
       for c in ("list_customs_queries", "answer_customs_query", "book_inspection", "bill_client")]
    + [("list_customs_queries", "answer_customs_query", "id lookup: query id (row cell)")]
    + [("attach_document", "answer_customs_query", "id create: the requested document's id (document.id)")]
    + [("list_inspection_slots", "book_inspection", "id lookup: inspection slot id (row cell)")]
    + [("screen_party", "create_importer", "id create: a clear sanctions screening (screening.id)")]
    + [
        ("normalize_eori", "create_importer", "format: EORI in registered form (a bare string)"),
        ("list_ports", "open_shipment", "vocabulary: office of entry codes (ports[].code)"),
        ("search_tariff", "classify_line", "vocabulary: 10-digit commodity codes (candidates cells)"),
        ("get_tariff_measure", "claim_preference", "vocabulary: preference codes (preferences[].preference_code)"),
        ("list_brokers", "assign_shipment", "vocabulary: broker usernames (row cell)"),
        ("get_exchange_rate", "add_invoice_lines", "value: the month's customs exchange rate"),
        ("calculate_duties", "submit_declaration", "value: declared total is the calculated total_eur"),
        ("get_declaration", "pay_duties", "value: amount is the declaration's amount_due"),
        ("classify_line", "calculate_duties", "state: every line must be classified"),
        ("classify_line", "claim_preference", "state: the line must be classified"),
        ("record_power_of_attorney", "submit_declaration", "state: a power of attorney must be on file"),
        ("file_safety_declaration", "submit_declaration", "state: the safety filing comes first"),
        ("pay_duties", "request_release", "state: duties and VAT must be paid"),
        ("answer_customs_query", "request_release", "state: no query may be open"),
        ("set_deferment_account", "pay_duties", "state: paying by deferment needs a registered account"),
        ("request_release", "bill_client", "state: clients are billed after release"),
    ]
)

PLAUSIBLE = {
    ("get_importer", "open_shipment"), ("get_importer", "record_power_of_attorney"), ("get_importer", "pay_duties"),
    ("find_importer", "get_shipment"), ("get_shipment", "add_invoice_lines"), ("get_shipment", "attach_document"),
    ("get_shipment", "calculate_duties"), ("get_shipment", "submit_declaration"), ("get_shipment", "file_safety_declaration"),
    ("search_tariff", "get_tariff_measure"), ("search_tariff", "amend_declaration"), ("get_tariff_measure", "classify_line"),
    ("add_invoice_lines", "calculate_duties"), ("add_invoice_lines", "file_safety_declaration"),
    ("calculate_duties", "pay_duties"), ("get_declaration", "request_release"), ("get_declaration", "bill_client"),
    ("list_customs_queries", "request_release"), ("submit_declaration", "bill_client"),
    ("find_shipment", "get_declaration"), ("get_declaration", "amend_declaration"), ("screen_party", "find_importer"),
    ("list_ports", "list_inspection_slots"), ("get_shipment", "list_inspection_slots"),
    ("open_shipment", "classify_line"),
}
