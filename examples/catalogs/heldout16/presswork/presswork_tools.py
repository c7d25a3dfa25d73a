"""Presswork: the order system of Inkwell Press, a commercial print shop in Bristol (36 calls).

Plain functions over an in-memory ``State`` of the shop on Thursday 18 November 2027. Staff clock
in with a user name and password: the counter finds and registers customers, quotes, turns accepted
quotes into jobs, takes artwork, deposits and payments and hands jobs over; prepress preflights
the artwork and makes proofs that customers approve or reject; the press room schedules and prints;
finishing trims, folds and drills; dispatch books couriers; the manager opens trade accounts.
Products, paper stocks, presses and prices are public.

Replies are plain dicts, rows as lists of lists with records nested in them, bare values (a clock-in
token, a price, a file count, a proof number, a spoilage total, a balance, a tracking number) and
sentences with the new customer, quote, job or receipt number inside. A refusal is *returned* as
``{"accepted": False, "problems": [...]}``, the shape the shop's web front end shows as a red box:
not one of the runtime's common refusal conventions, so ``FAILURE`` says which replies are
refusals. Quote and job numbers share their digits (quote ``Q-24420`` becomes job ``J-24420``).
The deposit a cash customer pays before printing, what trade customers must give when accepting a
quote, the presses' run lengths and the finishing operations are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import re
from datetime import date, timedelta
from enum import Enum
from typing import Dict, List, Literal, Optional

TODAY = "2027-11-18"

Sides = Literal["single", "double"]
Finish = Literal["none", "gloss_lam", "matt_lam", "soft_touch", "spot_uv"]
PayMethod = Literal["card", "cash", "bank_transfer"]
CourierService = Literal["same_day", "next_day", "economy"]


class JobStatus(str, Enum):
    ARTWORK = "artwork"
    PREPRESS = "prepress"
    PROOFING = "proofing"
    APPROVED = "approved"
    SCHEDULED = "scheduled"
    PRINTING = "printing"
    READY = "ready"
    DISPATCHED = "dispatched"
    COLLECTED = "collected"
    CANCELLED = "cancelled"


_DEPOSIT_SHARE = 0.5
_OPERATIONS = ("trim", "fold", "crease", "drill", "round_corners", "saddle_stitch", "shrink_wrap")
_UNIT = {"85x55": 0.04, "A6": 0.03, "DL": 0.05, "A5": 0.05, "A4": 0.09, "A3": 0.22, "A2": 0.9, "A1": 1.8}
_FINISH = {"none": 0.0, "gloss_lam": 0.3, "matt_lam": 0.3, "soft_touch": 0.6, "spot_uv": 0.9}
_PRODUCTS = [
    ["BC", "Business and appointment cards", ["85x55"]],
    ["FLY", "Flyers and leaflets", ["A6", "DL", "A5", "A4"]],
    ["POS", "Posters", ["A3", "A2", "A1"]],
    ["MEN", "Menus", ["A4", "A3"]],
    ["LH", "Letterheads", ["A4"]],
]
_STOCKS = [
    ["SILK-350", "350gsm silk board", 350, "silk", ["BC", "MEN"]],
    ["UNC-400", "400gsm uncoated board", 400, "uncoated", ["BC"]],
    ["SILK-150", "150gsm silk", 150, "silk", ["FLY"]],
    ["GLOSS-170", "170gsm gloss", 170, "gloss", ["FLY", "POS"]],
    ["UNC-120", "120gsm uncoated bond", 120, "uncoated", ["LH", "FLY"]],
    ["SILK-250", "250gsm silk", 250, "silk", ["MEN", "POS"]],
    ["BLUEBACK-115", "115gsm blueback poster paper", 115, "matt", ["POS"]],
]
_PRESSES = [
    ["XL75", "Heidelberg Speedmaster XL 75 (offset)", "B2", 5, ["BC", "FLY", "MEN", "LH"]],
    ["IP7", "HP Indigo 7K (digital)", "SRA3", 4, ["BC", "FLY", "MEN", "LH", "POS"]],
    ["LF1", "Epson SureColor wide-format", "1118 mm roll", 6, ["POS"]],
]


def FAILURE(reply):
    """A reply is a refusal when it is the front end's red box, ``{"accepted": False, ...}``."""
    return isinstance(reply, dict) and reply.get("accepted") is False


def _no(*problems: str) -> dict:
    return {"accepted": False, "problems": list(problems)}


def price_of(product: str, size: str, stock: str, quantity: int, sides: str, finish: str) -> float:
    """The shop's price for a job (setup plus per-sheet cost)."""
    gsm = next(s[2] for s in _STOCKS if s[0] == stock)
    unit = _UNIT[size] * (gsm / 150) * (1.6 if sides == "double" else 1.0) * (1 + _FINISH[finish])
    return round(25.0 + quantity * unit, 2)


# --------------------------------------------------------------------------- state


class State:
    """Inkwell Press on Thursday 18 November 2027."""

    def __init__(self) -> None:
        self.users = {
            "nbrooks": {"name": "Nadia Brooks", "password": "Kerning#12", "role": "counter"},
            "rpatel": {"name": "Raj Patel", "password": "Bleed3mm!", "role": "prepress"},
            "kwrobel": {"name": "Kasia Wrobel", "password": "Heidelberg-74", "role": "press"},
            "dsingh": {"name": "Dev Singh", "password": "Guillotine9", "role": "finishing"},
            "eprice": {"name": "Ellen Price", "password": "Pantone-485C", "role": "manager"},
        }
        self.tokens = {}
        self.customers = {
            "C1041": {"customer_no": "C1041", "company": "Hollis Bakery", "contact": "Jo Hollis",
                      "email": "jo@hollisbakery.example", "phone": "0117 496 0112", "trade": None},
            "C1052": {"customer_no": "C1052", "company": "Redcliffe Theatre Company", "contact": "Sam Adeyemi",
                      "email": "sam.adeyemi@redcliffetheatre.example", "phone": "0117 496 0188",
                      "trade": {"terms": "30 days", "credit_limit": 2000.0}},
            "C1063": {"customer_no": "C1063", "company": "Avon Valley Runners", "contact": "Priti Shah",
                      "email": "secretary@avonvalleyrunners.example", "phone": "07700 900 233", "trade": None},
            "C1070": {"customer_no": "C1070", "company": "Fernwood Dental Practice", "contact": "Dr Mark Ellis",
                      "email": "mark.ellis@fernwooddental.example", "phone": "0117 496 0450", "trade": None},
        }
        self.quotes = {
            "Q-24398": {"quote_no": "Q-24398", "customer_no": "C1041", "title": "Christmas order forms",
                        "product": "FLY", "size": "A5", "stock": "UNC-120", "quantity": 500, "sides": "single",
                        "finish": "none", "price": price_of("FLY", "A5", "UNC-120", 500, "single", "none"),
                        "valid_until": "2027-11-10", "status": "open"},
            "Q-24405": {"quote_no": "Q-24405", "customer_no": "C1052", "title": "Macbeth posters",
                        "product": "POS", "size": "A2", "stock": "BLUEBACK-115", "quantity": 40, "sides": "single",
                        "finish": "none", "price": price_of("POS", "A2", "BLUEBACK-115", 40, "single", "none"),
                        "valid_until": "2027-12-02", "status": "open"},
        }
        self.jobs = {
            "J-24390": self._job("J-24390", "C1041", "Winter menus", "MEN", "A4", "SILK-250", 250, "double", "none",
                                 "collected", files=["hollis_menu_winter.pdf"], preflight="passed",
                                 proofs=["P-24390-1"], deposit=50.0, press="IP7", run_date="2027-11-02"),
            "J-24401": self._job("J-24401", "C1052", "Spring season flyers", "FLY", "A5", "SILK-150", 5000,
                                 "double", "none", "scheduled", files=["rtc_spring_season.pdf"],
                                 preflight="passed", proofs=["P-24401-2"], press="XL75", run_date=TODAY),
            "J-24411": self._job("J-24411", "C1063", "Race entry flyers", "FLY", "A5", "GLOSS-170", 1000, "single",
                                 "none", "artwork"),
            "J-24414": self._job("J-24414", "C1070", "Appointment cards", "BC", "85x55", "SILK-350", 1000, "double",
                                 "matt_lam", "proofing", files=["fernwood_cards_v2.pdf"], preflight="passed",
                                 proofs=["P-24414-1"]),
        }
        self.proofs = {
            "P-24390-1": {"proof_no": "P-24390-1", "job_no": "J-24390", "version": 1, "status": "approved",
                          "sent_to": "jo@hollisbakery.example"},
            "P-24401-1": {"proof_no": "P-24401-1", "job_no": "J-24401", "version": 1, "status": "rejected",
                          "sent_to": "sam.adeyemi@redcliffetheatre.example"},
            "P-24401-2": {"proof_no": "P-24401-2", "job_no": "J-24401", "version": 2, "status": "approved",
                          "sent_to": "sam.adeyemi@redcliffetheatre.example"},
            "P-24414-1": {"proof_no": "P-24414-1", "job_no": "J-24414", "version": 1, "status": "sent",
                          "sent_to": "mark.ellis@fernwooddental.example"},
        }
        self.invoices = {}
        self.counters = {"token": 310, "customer": 1080, "quote": 24420, "invoice": 8812, "receipt": 4470,
                         "tracking": 55102}

    @staticmethod
    def _job(job_no, customer_no, title, product, size, stock, quantity, sides, finish, status, files=(),
             preflight=None, proofs=(), deposit=0.0, press=None, run_date=None):
        return {"job_no": job_no, "quote_no": "Q-" + job_no[2:], "customer_no": customer_no, "title": title,
                "product": product, "size": size, "stock": stock, "quantity": quantity, "sides": sides,
                "finish": finish, "price": price_of(product, size, stock, quantity, sides, finish), "status": status,
                "files": list(files), "preflight": preflight, "proofs": list(proofs), "deposit": deposit,
                "press": press, "run_date": run_date, "spoilage": 0, "operations": [], "invoice": None,
                "hold": None, "notes": [], "tracking": None, "collected_by": None}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _staff(state, token, *roles):
    user = state.tokens.get(token)
    if user is None:
        return None, _no("You are not clocked in.")
    u = state.users[user]
    if roles and u["role"] not in roles and u["role"] != "manager":
        return None, _no(f"The {u['role']} role cannot do this.")
    return u, None


def _job_of(state, job_no):
    j = state.jobs.get(job_no)
    if j is None:
        return None, _no(f"No job {job_no}.")
    return j, None


def _settled(state, j):
    """Whether a job may leave the shop: a trade customer, or its invoice paid."""
    if state.customers[j["customer_no"]]["trade"]:
        return True
    inv = state.invoices.get(j["invoice"]) if j["invoice"] else None
    return inv is not None and inv["paid"] >= inv["total"] - 0.005


def _job_view(state, j):
    c = state.customers[j["customer_no"]]
    deposit_due = 0.0 if c["trade"] else max(0.0, round(j["price"] * _DEPOSIT_SHARE - j["deposit"], 2))
    return {
        "job_no": j["job_no"], "quote_no": j["quote_no"], "customer": [c["customer_no"], c["company"]],
        "title": j["title"], "spec": [j["product"], j["size"], j["stock"], j["quantity"], j["sides"], j["finish"]],
        "price": j["price"], "status": j["status"], "on_hold": j["hold"], "files": list(j["files"]),
        "preflight": j["preflight"], "proofs": [[p, state.proofs[p]["status"]] for p in j["proofs"]],
        "deposit_paid": j["deposit"], "deposit_due": deposit_due, "press": j["press"], "run_date": j["run_date"],
        "operations": list(j["operations"]), "invoice_no": j["invoice"], "notes": list(j["notes"]),
        "tracking": j["tracking"],
    }


# --------------------------------------------------------------------------- staff


def clock_in(username: str, password: str, state: State = None) -> str:
    """Clock in at a terminal.

    Args:
        username: The staff user name.
        password: The password.

    Returns:
        The terminal token for every staff call.
    """
    u = state.users.get(username.strip().lower())
    if u is None or u["password"] != password:
        return _no("Unknown user name or wrong password.")
    token = f"tk{_next(state, 'token')}-{u['role']}"
    state.tokens[token] = username.strip().lower()
    return token


def clock_out(token: str, state: State = None) -> str:
    """Clock out.

    Args:
        token: The terminal token.

    Returns:
        A goodbye line.
    """
    u, err = _staff(state, token)
    if err:
        return err
    del state.tokens[token]
    return f"{u['name']} clocked out."


# --------------------------------------------------------------------------- customers


def find_customer(token: str, query: str, state: State = None) -> List[list]:
    """Find customers by company, contact name or e-mail.

    Args:
        token: A terminal token.
        query: Part of a company name, contact name or e-mail address.

    Returns:
        Rows ``[customer_no, company, contact, email, [terms, credit_limit] or None]``.
    """
    u, err = _staff(state, token)
    if err:
        return err
    q = query.strip().lower()
    if len(q) < 3:
        return _no("Type at least three characters.")
    return [[c["customer_no"], c["company"], c["contact"], c["email"],
             [c["trade"]["terms"], c["trade"]["credit_limit"]] if c["trade"] else None]
            for c in state.customers.values()
            if q in c["company"].lower() or q in c["contact"].lower() or q in c["email"].lower()]


def create_customer(token: str, company: str, contact_name: str, email: str, phone: str, state: State = None) -> str:
    """Register a new customer (cash terms).

    Args:
        token: A terminal token.
        company: Company or club name.
        contact_name: Who we deal with.
        email: Their e-mail address (proofs go there).
        phone: A phone number.

    Returns:
        A line with the new customer number.
    """
    u, err = _staff(state, token, "counter")
    if err:
        return err
    problems = []
    if not company.strip():
        problems.append("Company is required.")
    if "@" not in email:
        problems.append("E-mail address is not valid.")
    if any(c["email"].lower() == email.strip().lower() for c in state.customers.values()):
        problems.append(f"{email} already belongs to a customer.")
    if problems:
        return _no(*problems)
    no = f"C{_next(state, 'customer')}"
    state.customers[no] = {"customer_no": no, "company": company.strip(), "contact": contact_name.strip(),
                           "email": email.strip().lower(), "phone": phone.strip(), "trade": None}
    return f"Customer {no} created for {company.strip()} (contact {contact_name.strip()})."


def update_customer(token: str, customer_no: str, contact_name: Optional[str] = None, email: Optional[str] = None,
                    phone: Optional[str] = None, state: State = None) -> Dict[str, object]:
    """Change a customer's contact details.

    Args:
        token: A terminal token.
        customer_no: The customer.
        contact_name: New contact name.
        email: New e-mail address.
        phone: New phone number.

    Returns:
        The customer's details.
    """
    u, err = _staff(state, token, "counter")
    if err:
        return err
    c = state.customers.get(customer_no)
    if c is None:
        return _no(f"No customer {customer_no}.")
    new = {"contact": contact_name.strip() if contact_name else c["contact"],
           "email": email.strip().lower() if email else c["email"], "phone": phone.strip() if phone else c["phone"]}
    if "@" not in new["email"]:
        return _no("E-mail address is not valid.")
    if all(new[k] == c[k] for k in new):
        return _no("Nothing has changed.")
    c.update(new)
    return {"customer_no": customer_no, "company": c["company"], "contact": c["contact"], "email": c["email"],
            "phone": c["phone"], "trade": c["trade"]}


def open_trade_account(token: str, customer_no: str, credit_limit: float, state: State = None) -> Dict[str, object]:
    """Give a customer a trade account: 30-day terms, no deposit, pay on invoice (manager only).

    Args:
        token: The manager's terminal token.
        customer_no: The customer.
        credit_limit: Credit limit in pounds.

    Returns:
        The customer's account terms.
    """
    u, err = _staff(state, token, "manager")
    if err:
        return err
    c = state.customers.get(customer_no)
    if c is None:
        return _no(f"No customer {customer_no}.")
    if c["trade"]:
        return _no(f"{c['company']} already has a trade account.")
    if not 100 <= credit_limit <= 10000:
        return _no("Credit limit must be between 100 and 10,000 pounds.")
    c["trade"] = {"terms": "30 days", "credit_limit": float(credit_limit)}
    return {"customer_no": customer_no, "company": c["company"], "terms": "30 days", "credit_limit": float(credit_limit)}


# --------------------------------------------------------------------------- catalogue and quotes


def list_products(state: State = None) -> List[list]:
    """What the shop prints.

    Returns:
        Rows ``[product_code, name, [sizes]]``.
    """
    return [[p[0], p[1], list(p[2])] for p in _PRODUCTS]


def list_stocks(product_code: str, state: State = None) -> List[list]:
    """Paper stocks for a product.

    Args:
        product_code: The product.

    Returns:
        Rows ``[stock_code, description, gsm, surface]``.
    """
    if not any(p[0] == product_code for p in _PRODUCTS):
        return _no(f"No product {product_code}.")
    return [[s[0], s[1], s[2], s[3]] for s in _STOCKS if product_code in s[4]]


def list_presses(state: State = None) -> List[list]:
    """The presses in the press room.

    Returns:
        Rows ``[press_code, name, max sheet, colours, [products]]``.
    """
    return [[p[0], p[1], p[2], p[3], list(p[4])] for p in _PRESSES]


def _spec_problems(product_code, size, stock_code, quantity, sides, finish):
    p = next((x for x in _PRODUCTS if x[0] == product_code), None)
    if p is None:
        return [f"No product {product_code}."]
    problems = []
    if size not in p[2]:
        problems.append(f"{p[1]} come in {', '.join(p[2])}.")
    s = next((x for x in _STOCKS if x[0] == stock_code), None)
    if s is None or product_code not in s[4]:
        problems.append(f"Stock {stock_code} is not available for {p[1].lower()}.")
    if not 10 <= quantity <= 50000:
        problems.append("Quantity must be 10 to 50,000.")
    if sides not in ("single", "double"):
        problems.append("Sides must be single or double.")
    if finish not in _FINISH:
        problems.append(f"Unknown finish {finish}.")
    return problems


def price_job(product_code: str, size: str, stock_code: str, quantity: int, sides: Sides,
              finish: Finish = "none", state: State = None) -> float:
    """Price a job without quoting it.

    Args:
        product_code: The product.
        size: A size the product comes in.
        stock_code: A paper stock for the product.
        quantity: How many.
        sides: Printed on one side or both.
        finish: Lamination or varnish.

    Returns:
        The price in pounds, before VAT.
    """
    problems = _spec_problems(product_code, size, stock_code, quantity, sides, finish)
    if problems:
        return _no(*problems)
    return price_of(product_code, size, stock_code, quantity, sides, finish)


def create_quote(token: str, customer_no: str, title: str, product_code: str, size: str, stock_code: str,
                 quantity: int, sides: Sides, finish: Finish = "none", state: State = None) -> str:
    """Quote a job for a customer (valid 14 days).

    Args:
        token: A terminal token.
        customer_no: The customer.
        title: What the job is, in the customer's words.
        product_code: The product.
        size: A size the product comes in.
        stock_code: A paper stock for the product.
        quantity: How many.
        sides: Printed on one side or both.
        finish: Lamination or varnish.

    Returns:
        A line with the quote number, the price and the validity.
    """
    u, err = _staff(state, token, "counter")
    if err:
        return err
    c = state.customers.get(customer_no)
    if c is None:
        return _no(f"No customer {customer_no}.")
    problems = _spec_problems(product_code, size, stock_code, quantity, sides, finish)
    if not title.strip():
        problems.append("Give the job a title.")
    if problems:
        return _no(*problems)
    no = f"Q-{_next(state, 'quote')}"
    price = price_of(product_code, size, stock_code, quantity, sides, finish)
    until = (date.fromisoformat(TODAY) + timedelta(days=14)).isoformat()
    state.quotes[no] = {"quote_no": no, "customer_no": customer_no, "title": title.strip(), "product": product_code,
                        "size": size, "stock": stock_code, "quantity": quantity, "sides": sides, "finish": finish,
                        "price": price, "valid_until": until, "status": "open"}
    return f"Quote {no} for {c['company']}: {quantity} x {size} {title.strip()}, {price:.2f} pounds + VAT, valid until {until}."


def list_quotes(token: str, customer_no: str, state: State = None) -> List[list]:
    """A customer's quotes.

    Args:
        token: A terminal token.
        customer_no: The customer.

    Returns:
        Rows ``[quote_no, title, [product, size, quantity], price, status, valid_until]``.
    """
    u, err = _staff(state, token)
    if err:
        return err
    if customer_no not in state.customers:
        return _no(f"No customer {customer_no}.")
    out = []
    for q in state.quotes.values():
        if q["customer_no"] == customer_no:
            status = "expired" if q["status"] == "open" and q["valid_until"] < TODAY else q["status"]
            out.append([q["quote_no"], q["title"], [q["product"], q["size"], q["quantity"]], q["price"], status,
                        q["valid_until"]])
    return out


def accept_quote(token: str, quote_no: str, po_number: Optional[str] = None, state: State = None) -> str:
    """Turn an accepted quote into a job waiting for artwork.

    Args:
        token: A terminal token.
        quote_no: The quote.
        po_number: The customer's purchase order number, if they use them.

    Returns:
        A line with the new job number.
    """
    u, err = _staff(state, token, "counter")
    if err:
        return err
    q = state.quotes.get(quote_no)
    if q is None:
        return _no(f"No quote {quote_no}.")
    if q["status"] != "open":
        return _no(f"Quote {quote_no} is {q['status']}.")
    if q["valid_until"] < TODAY:
        return _no(f"Quote {quote_no} expired on {q['valid_until']}; quote again.")
    c = state.customers[q["customer_no"]]
    if c["trade"] and not (po_number and po_number.strip()):
        return _no("Trade customers must give a purchase order number.")
    job_no = "J-" + quote_no[2:]
    q["status"] = "accepted"
    state.jobs[job_no] = State._job(job_no, q["customer_no"], q["title"], q["product"], q["size"], q["stock"],
                                    q["quantity"], q["sides"], q["finish"], "artwork")
    if po_number:
        state.jobs[job_no]["notes"].append(f"PO {po_number.strip()}")
    return f"Job {job_no} opened from quote {quote_no} for {c['company']}; waiting for artwork."


# --------------------------------------------------------------------------- jobs


def list_jobs(token: str, status: Optional[JobStatus] = None, customer_no: Optional[str] = None,
              state: State = None) -> List[list]:
    """Jobs in the shop.

    Args:
        token: A terminal token.
        status: Only jobs in this status.
        customer_no: Only this customer's jobs.

    Returns:
        Rows ``[job_no, [customer_no, company], title, status, run_date]``.
    """
    u, err = _staff(state, token)
    if err:
        return err
    want = None if status is None else getattr(status, "value", status)
    if want is not None and want not in [s.value for s in JobStatus]:
        return _no(f"Unknown status {want}.")
    return [[j["job_no"], [j["customer_no"], state.customers[j["customer_no"]]["company"]], j["title"], j["status"],
             j["run_date"]]
            for j in state.jobs.values()
            if (want is None or j["status"] == want) and (customer_no is None or j["customer_no"] == customer_no)]


def get_job(token: str, job_no: str, state: State = None) -> Dict[str, object]:
    """A job's ticket: spec, price, files, preflight, proofs, deposit, press, invoice.

    Args:
        token: A terminal token.
        job_no: The job.

    Returns:
        The job ticket.
    """
    u, err = _staff(state, token)
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    return _job_view(state, j)


def add_job_note(token: str, job_no: str, note: str, state: State = None) -> int:
    """Add a note to a job's ticket.

    Args:
        token: A terminal token.
        job_no: The job.
        note: The note.

    Returns:
        How many notes the job now has.
    """
    u, err = _staff(state, token)
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if not note.strip():
        return _no("The note is empty.")
    j["notes"].append(f"{u['name']}: {note.strip()}")
    return len(j["notes"])


def upload_artwork(token: str, job_no: str, filenames: List[str], state: State = None) -> int:
    """Attach the customer's print-ready PDFs to a job.

    Args:
        token: A terminal token.
        job_no: The job.
        filenames: The PDF files.

    Returns:
        How many files the job now has.
    """
    u, err = _staff(state, token, "counter", "prepress")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["status"] not in ("artwork", "prepress", "proofing"):
        return _no(f"Job {job_no} is {j['status']}; artwork can no longer change.")
    bad = [f for f in filenames if not f.lower().endswith(".pdf")]
    if not filenames or bad:
        return _no("Artwork must be PDF files." + (f" Not PDF: {', '.join(bad)}." if bad else ""))
    new = [f for f in filenames if f not in j["files"]]
    if not new:
        return _no("Those files are already on the job.")
    j["files"] += new
    j["status"], j["preflight"] = "prepress", None
    return len(j["files"])


def run_preflight(token: str, job_no: str, state: State = None) -> List[list]:
    """Check a job's artwork for print (bleed, resolution, colour, fonts).

    Args:
        token: A prepress terminal token.
        job_no: The job.

    Returns:
        Rows ``[file, check, result]``; the job passes when no row says ``fail``.
    """
    u, err = _staff(state, token, "prepress")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if not j["files"]:
        return _no(f"Job {job_no} has no artwork.")
    rows = []
    for f in j["files"]:
        name = f.lower()
        rows.append([f, "bleed 3 mm", "fail" if "nobleed" in name else "pass"])
        rows.append([f, "colour", "fail" if "rgb" in name else "pass"])
        rows.append([f, "image resolution", "warn" if "web" in name else "pass"])
    j["preflight"] = "failed" if any(r[2] == "fail" for r in rows) else "passed"
    return rows


def make_proof(token: str, job_no: str, state: State = None) -> str:
    """Make a PDF proof of a job whose artwork passed preflight.

    Args:
        token: A prepress terminal token.
        job_no: The job.

    Returns:
        The proof number.
    """
    u, err = _staff(state, token, "prepress")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["preflight"] != "passed":
        return _no(f"Job {job_no} has not passed preflight.")
    if any(state.proofs[p]["status"] in ("made", "sent") for p in j["proofs"]):
        return _no(f"Job {job_no} already has a proof waiting.")
    version = len(j["proofs"]) + 1
    no = f"P-{job_no[2:]}-{version}"
    state.proofs[no] = {"proof_no": no, "job_no": job_no, "version": version, "status": "made", "sent_to": None}
    j["proofs"].append(no)
    j["status"] = "proofing"
    return no


def list_proofs(token: str, job_no: str, state: State = None) -> List[list]:
    """A job's proofs.

    Args:
        token: A terminal token.
        job_no: The job.

    Returns:
        Rows ``[proof_no, version, status, sent_to]``.
    """
    u, err = _staff(state, token)
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    return [[p, state.proofs[p]["version"], state.proofs[p]["status"], state.proofs[p]["sent_to"]] for p in j["proofs"]]


def send_proof(token: str, proof_no: str, email: Optional[str] = None, state: State = None) -> str:
    """E-mail a proof to the customer for approval (or send it again).

    Args:
        token: A terminal token.
        proof_no: The proof.
        email: Where to send it (the customer's e-mail by default).

    Returns:
        A confirmation.
    """
    u, err = _staff(state, token, "counter", "prepress")
    if err:
        return err
    p = state.proofs.get(proof_no)
    if p is None:
        return _no(f"No proof {proof_no}.")
    if p["status"] not in ("made", "sent"):
        return _no(f"Proof {proof_no} is {p['status']}.")
    to = email or state.customers[state.jobs[p["job_no"]]["customer_no"]]["email"]
    if "@" not in to:
        return _no("E-mail address is not valid.")
    p["status"], p["sent_to"] = "sent", to
    return f"Proof {proof_no} sent to {to}."


def approve_proof(token: str, proof_no: str, approved_by: str, state: State = None) -> str:
    """Record the customer's approval of a proof they were sent.

    Args:
        token: A terminal token.
        proof_no: The proof.
        approved_by: Who approved it.

    Returns:
        A confirmation.
    """
    u, err = _staff(state, token, "counter", "prepress")
    if err:
        return err
    p = state.proofs.get(proof_no)
    if p is None:
        return _no(f"No proof {proof_no}.")
    if p["status"] != "sent":
        return _no(f"Proof {proof_no} is {p['status']}; only a proof sent to the customer can be approved.")
    if not approved_by.strip():
        return _no("Say who approved it.")
    p["status"] = "approved"
    state.jobs[p["job_no"]]["status"] = "approved"
    return f"Proof {proof_no} approved by {approved_by.strip()}; job {p['job_no']} can be scheduled."


def reject_proof(token: str, proof_no: str, comments: str, state: State = None) -> str:
    """Record the customer's changes to a proof they were sent.

    Args:
        token: A terminal token.
        proof_no: The proof.
        comments: The customer's changes.

    Returns:
        A confirmation.
    """
    u, err = _staff(state, token, "counter", "prepress")
    if err:
        return err
    p = state.proofs.get(proof_no)
    if p is None:
        return _no(f"No proof {proof_no}.")
    if p["status"] != "sent":
        return _no(f"Proof {proof_no} is {p['status']}; only a proof sent to the customer can be rejected.")
    if len(comments.strip()) < 5:
        return _no("Write down the customer's changes.")
    p["status"] = "rejected"
    j = state.jobs[p["job_no"]]
    j["status"], j["preflight"] = "artwork", None
    j["notes"].append(f"Proof {proof_no} changes: {comments.strip()}")
    return f"Proof {proof_no} rejected; job {p['job_no']} is back waiting for artwork."


def take_deposit(token: str, job_no: str, amount: float, method: PayMethod, state: State = None) -> str:
    """Take a deposit on a job.

    Args:
        token: A counter terminal token.
        job_no: The job.
        amount: Amount in pounds.
        method: Card, cash or bank transfer.

    Returns:
        A line with the receipt number.
    """
    u, err = _staff(state, token, "counter")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["status"] in ("cancelled", "collected", "dispatched"):
        return _no(f"Job {job_no} is {j['status']}.")
    if amount <= 0 or j["deposit"] + amount > j["price"] + 0.005:
        return _no(f"Deposit must be between 0.01 and {j['price'] - j['deposit']:.2f}.")
    j["deposit"] = round(j["deposit"] + amount, 2)
    return f"Receipt R{_next(state, 'receipt')}: deposit of {amount:.2f} by {method} on job {job_no}."


def schedule_job(token: str, job_no: str, press_code: str, run_date: str, state: State = None) -> Dict[str, object]:
    """Put an approved job on a press for a day.

    Args:
        token: A press-room or counter terminal token.
        job_no: The job.
        press_code: The press.
        run_date: YYYY-MM-DD, today or later, not a Sunday.

    Returns:
        The job ticket.
    """
    u, err = _staff(state, token, "press", "counter")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["hold"]:
        return _no(f"Job {job_no} is on hold: {j['hold']}")
    if j["status"] not in ("approved", "scheduled"):
        return _no(f"Job {job_no} is {j['status']}; it needs an approved proof.")
    press = next((p for p in _PRESSES if p[0] == press_code), None)
    if press is None:
        return _no(f"No press {press_code}.")
    problems = []
    if j["product"] not in press[4]:
        problems.append(f"{press_code} does not print {j['product']}.")
    if press_code == "XL75" and j["quantity"] < 1000:
        problems.append("XL75 runs are 1,000 or more.")
    if press_code == "IP7" and (j["quantity"] > 2000 or j["size"] in ("A2", "A1")):
        problems.append("IP7 runs are 2,000 or fewer, up to A3.")
    if press_code == "LF1" and j["size"] not in ("A2", "A1"):
        problems.append("LF1 prints A2 and A1 only.")
    if run_date < TODAY or date.fromisoformat(run_date).weekday() == 6:
        problems.append("Run date must be today or later, Monday to Saturday.")
    if not state.customers[j["customer_no"]]["trade"] and j["deposit"] < round(j["price"] * _DEPOSIT_SHARE, 2):
        problems.append(f"Cash customers pay a deposit of {int(_DEPOSIT_SHARE * 100)}% before printing.")
    if (j["press"], j["run_date"]) == (press_code, run_date):
        problems.append(f"Job {job_no} is already on {press_code} on {run_date}.")
    if problems:
        return _no(*problems)
    j["press"], j["run_date"], j["status"] = press_code, run_date, "scheduled"
    return _job_view(state, j)


def start_run(token: str, job_no: str, state: State = None) -> str:
    """Start printing a job scheduled for today (press room).

    Args:
        token: A press-room terminal token.
        job_no: The job.

    Returns:
        The job's new status.
    """
    u, err = _staff(state, token, "press")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["hold"]:
        return _no(f"Job {job_no} is on hold: {j['hold']}")
    if j["status"] != "scheduled" or j["run_date"] != TODAY:
        return _no(f"Job {job_no} is not scheduled for today.")
    j["status"] = "printing"
    return "printing"


def record_spoilage(token: str, job_no: str, sheets: int, reason: str, state: State = None) -> int:
    """Record sheets spoiled on the press.

    Args:
        token: A press-room terminal token.
        job_no: The job.
        sheets: Sheets spoiled.
        reason: What went wrong.

    Returns:
        The job's spoilage so far, in sheets.
    """
    u, err = _staff(state, token, "press")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["status"] != "printing":
        return _no(f"Job {job_no} is not on the press.")
    if sheets < 1 or not reason.strip():
        return _no("Give the number of sheets and a reason.")
    j["spoilage"] += sheets
    j["notes"].append(f"Spoilage {sheets}: {reason.strip()}")
    return j["spoilage"]


def finish_job(token: str, job_no: str, operations: List[str], state: State = None) -> str:
    """Finish a printed job (guillotine, folder, drill) and mark it ready.

    Args:
        token: A finishing terminal token.
        job_no: The job.
        operations: The finishing operations done.

    Returns:
        A confirmation.
    """
    u, err = _staff(state, token, "finishing")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["status"] != "printing":
        return _no(f"Job {job_no} is {j['status']}; only a printed job can be finished.")
    bad = [o for o in operations if o not in _OPERATIONS]
    if not operations or bad:
        return _no(f"Unknown operations: {', '.join(bad) or 'none given'}.",
                   f"Finishing does {', '.join(_OPERATIONS)}.")
    j["operations"] = list(operations)
    j["status"] = "ready"
    return f"Job {job_no} finished ({', '.join(operations)}) and ready."


def issue_invoice(token: str, job_no: str, state: State = None) -> Dict[str, object]:
    """Invoice a finished job, less its deposit.

    Args:
        token: A counter terminal token.
        job_no: The job.

    Returns:
        The invoice.
    """
    u, err = _staff(state, token, "counter")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["status"] != "ready":
        return _no(f"Job {job_no} is {j['status']}; invoice it once it is ready.")
    if j["invoice"]:
        return _no(f"Job {job_no} already has invoice {j['invoice']}.")
    vat = round(j["price"] * 0.2, 2)
    total = round(j["price"] + vat, 2)
    no = f"INV-{_next(state, 'invoice')}"
    state.invoices[no] = {"invoice_no": no, "job_no": job_no, "total": total, "paid": j["deposit"]}
    j["invoice"] = no
    return {"invoice_no": no, "job_no": job_no,
            "lines": [[j["title"], j["quantity"], j["price"]], ["VAT 20%", 1, vat], ["Deposit paid", 1, -j["deposit"]]],
            "total": total, "balance_due": round(total - j["deposit"], 2),
            "terms": "30 days" if state.customers[j["customer_no"]]["trade"] else "on collection"}


def record_payment(token: str, invoice_no: str, amount: float, method: PayMethod, state: State = None) -> float:
    """Take a payment against an invoice.

    Args:
        token: A counter terminal token.
        invoice_no: The invoice.
        amount: Amount in pounds.
        method: Card, cash or bank transfer.

    Returns:
        The balance still due.
    """
    u, err = _staff(state, token, "counter")
    if err:
        return err
    inv = state.invoices.get(invoice_no)
    if inv is None:
        return _no(f"No invoice {invoice_no}.")
    due = round(inv["total"] - inv["paid"], 2)
    if due <= 0:
        return _no(f"Invoice {invoice_no} is paid.")
    if amount <= 0 or amount > due + 0.005:
        return _no(f"Amount must be between 0.01 and {due:.2f}.")
    inv["paid"] = round(inv["paid"] + amount, 2)
    return round(inv["total"] - inv["paid"], 2)


def book_courier(token: str, job_no: str, service: CourierService, address: str, state: State = None) -> str:
    """Book a courier for a ready job; cash customers pay first.

    Args:
        token: A terminal token.
        job_no: The job.
        service: Same day, next day or economy.
        address: Delivery address with postcode.

    Returns:
        The courier's tracking number.
    """
    u, err = _staff(state, token, "counter", "finishing")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["status"] != "ready":
        return _no(f"Job {job_no} is {j['status']}, not ready.")
    if not _settled(state, j):
        return _no(f"Job {job_no} is not paid; cash customers pay their invoice before dispatch.")
    if not re.search(r"[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}", address.upper()):
        return _no("The address needs a postcode.")
    j["status"], j["tracking"] = "dispatched", f"DX{_next(state, 'tracking')}GB"
    return j["tracking"]


def mark_collected(token: str, job_no: str, collected_by: str, state: State = None) -> str:
    """Hand a ready job over the counter; cash customers pay first.

    Args:
        token: A counter terminal token.
        job_no: The job.
        collected_by: Who took it.

    Returns:
        A confirmation.
    """
    u, err = _staff(state, token, "counter")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["status"] != "ready":
        return _no(f"Job {job_no} is {j['status']}, not ready.")
    if not _settled(state, j):
        return _no(f"Job {job_no} is not paid; cash customers pay their invoice on collection.")
    j["status"], j["collected_by"] = "collected", collected_by.strip()
    return f"Job {job_no} collected by {collected_by.strip()}."


def hold_job(token: str, job_no: str, reason: str, state: State = None) -> str:
    """Put a job on hold (no scheduling or printing until released).

    Args:
        token: A terminal token.
        job_no: The job.
        reason: Why.

    Returns:
        A confirmation.
    """
    u, err = _staff(state, token)
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["status"] in ("ready", "dispatched", "collected", "cancelled"):
        return _no(f"Job {job_no} is {j['status']}.")
    if j["hold"]:
        return _no(f"Job {job_no} is already on hold.")
    if not reason.strip():
        return _no("Give a reason.")
    j["hold"] = reason.strip()
    return f"Job {job_no} on hold: {reason.strip()}"


def release_job(token: str, job_no: str, state: State = None) -> str:
    """Take a job off hold.

    Args:
        token: A terminal token.
        job_no: The job.

    Returns:
        A confirmation.
    """
    u, err = _staff(state, token)
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if not j["hold"]:
        return _no(f"Job {job_no} is not on hold.")
    j["hold"] = None
    return f"Job {job_no} released ({j['status']})."


def cancel_job(token: str, job_no: str, reason: str, state: State = None) -> str:
    """Cancel a job that has not gone to press; deposits are refunded by the office.

    Args:
        token: A counter terminal token.
        job_no: The job.
        reason: Why.

    Returns:
        A confirmation.
    """
    u, err = _staff(state, token, "counter")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["status"] in ("printing", "ready", "dispatched", "collected", "cancelled"):
        return _no(f"Job {job_no} is {j['status']} and cannot be cancelled.")
    j["status"] = "cancelled"
    j["notes"].append(f"Cancelled: {reason.strip()}")
    return f"Job {job_no} cancelled; deposit to refund: {j['deposit']:.2f}."


def reprint_job(token: str, job_no: str, quantity: Optional[int] = None, state: State = None) -> str:
    """Open a reprint of a delivered job with the same approved artwork, straight to scheduling.

    Args:
        token: A counter terminal token.
        job_no: The delivered job.
        quantity: How many this time (the same as before by default).

    Returns:
        A line with the new job number.
    """
    u, err = _staff(state, token, "counter")
    if err:
        return err
    j, err = _job_of(state, job_no)
    if err:
        return err
    if j["status"] not in ("dispatched", "collected"):
        return _no(f"Job {job_no} is {j['status']}; only a delivered job can be reprinted.")
    qty = quantity or j["quantity"]
    if not 10 <= qty <= 50000:
        return _no("Quantity must be 10 to 50,000.")
    no = f"J-{_next(state, 'quote')}"
    new = State._job(no, j["customer_no"], j["title"] + " (reprint)", j["product"], j["size"], j["stock"], qty,
                     j["sides"], j["finish"], "approved", files=j["files"], preflight="passed")
    new["proofs"] = [p for p in j["proofs"] if state.proofs[p]["status"] == "approved"]
    state.jobs[no] = new
    return f"Reprint job {no} opened from {job_no}: {qty} x {j['title']}, {new['price']:.2f} pounds; ready to schedule."


TOOLS = [
    clock_in, clock_out, find_customer, create_customer, update_customer, open_trade_account,
    list_products, list_stocks, list_presses, price_job, create_quote, list_quotes, accept_quote,
    list_jobs, get_job, add_job_note, upload_artwork, run_preflight, make_proof, list_proofs, send_proof,
    approve_proof, reject_proof, take_deposit, schedule_job, start_run, record_spoilage, finish_job,
    issue_invoice, record_payment, book_courier, mark_collected, hold_job, release_job, cancel_job, reprint_job,
]

FIXTURES = {
    "shop": {"name": "Inkwell Press, Bristol", "today": "Thursday 18 November 2027"},
    "staff": [
        {"name": "Nadia Brooks", "role": "counter", "username": "nbrooks", "password": "Kerning#12"},
        {"name": "Raj Patel", "role": "prepress", "username": "rpatel", "password": "Bleed3mm!"},
        {"name": "Kasia Wrobel", "role": "press", "username": "kwrobel", "password": "Heidelberg-74"},
        {"name": "Dev Singh", "role": "finishing", "username": "dsingh", "password": "Guillotine9"},
        {"name": "Ellen Price", "role": "manager", "username": "eprice", "password": "Pantone-485C"},
    ],
    "in_the_inbox": [
        "Priti Shah (Avon Valley Runners) sends avr_race_flyer_front.pdf and avr_race_flyer_back.pdf",
        "Sam Adeyemi (Redcliffe Theatre) accepts the Macbeth poster quote on purchase order RTC-PO-7731",
        "Dr Mark Ellis (Fernwood Dental) approves the appointment card proof",
        "a new customer: Kingsdown Books, Leah Carver, leah@kingsdownbooks.example, 0117 496 0321",
        "Jo Hollis (Hollis Bakery) wants the winter menus again, 300 this time",
    ],
}

_TOKEN = "auth: terminal token (bare string from clock_in)"
_CUSTOMER = "id lookup/create: customer number (row [0] of a found customer, or the number in the new-customer line)"
_JOB = "id lookup/create: job number (the number in the accepted-quote line, or row [0] of list_jobs)"
_PROOF = "id lookup/create: proof number (bare string from make_proof, or row [0] of list_proofs)"

_CLOCKED_IN = [
    "clock_out", "find_customer", "create_customer", "update_customer", "open_trade_account", "create_quote",
    "list_quotes", "accept_quote", "list_jobs", "get_job", "add_job_note", "upload_artwork", "run_preflight",
    "make_proof", "list_proofs", "send_proof", "approve_proof", "reject_proof", "take_deposit", "schedule_job",
    "start_run", "record_spoilage", "finish_job", "issue_invoice", "record_payment", "book_courier",
    "mark_collected", "hold_job", "release_job", "cancel_job", "reprint_job",
]
JOB_CONSUMERS = [
    "get_job", "add_job_note", "upload_artwork", "run_preflight", "make_proof", "list_proofs", "take_deposit",
    "schedule_job", "start_run", "record_spoilage", "finish_job", "issue_invoice", "book_courier", "mark_collected",
    "hold_job", "release_job", "cancel_job",
]

GROUND_TRUTH = (
    [("clock_in", c, _TOKEN) for c in _CLOCKED_IN]
    + [("find_customer|create_customer", c, _CUSTOMER) for c in [
        "update_customer", "open_trade_account", "create_quote", "list_quotes"]]
    + [("accept_quote|list_jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [("make_proof|list_proofs", c, _PROOF) for c in ["send_proof", "approve_proof", "reject_proof"]]
    + [
        ("create_quote|list_quotes", "accept_quote",
         "id lookup/create: quote number (the number in the quote line, or row [0] of list_quotes)"),
        ("list_jobs", "reprint_job", "id lookup: job number of a delivered job (row [0] of list_jobs)"),
        ("list_products", "list_stocks", "vocabulary: product code (row [0])"),
        ("list_products", "create_quote", "vocabulary: product code and one of its sizes (row [0], row [2][i])"),
        ("list_products", "price_job", "vocabulary: product code and one of its sizes (row [0], row [2][i])"),
        ("list_stocks", "create_quote", "vocabulary: paper stock code (row [0])"),
        ("list_stocks", "price_job", "vocabulary: paper stock code (row [0])"),
        ("list_presses", "schedule_job", "vocabulary: press code (row [0])"),
        ("issue_invoice", "record_payment", "id create: invoice number (invoice_no)"),
        ("upload_artwork", "run_preflight", "state: artwork on the job"),
        ("run_preflight", "make_proof", "state: the artwork passed preflight"),
        ("send_proof", "approve_proof", "state: the proof sent to the customer"),
        ("send_proof", "reject_proof", "state: the proof sent to the customer"),
        ("approve_proof", "schedule_job", "state: an approved proof"),
        ("take_deposit|open_trade_account", "schedule_job",
         "state: half the price paid as a deposit, or the customer on trade terms"),
        ("schedule_job", "start_run", "state: the job scheduled for today"),
        ("start_run", "record_spoilage", "state: the job on the press"),
        ("start_run", "finish_job", "state: the job printed"),
        ("finish_job", "issue_invoice", "state: the job finished and ready"),
        ("finish_job", "book_courier", "state: the job finished and ready"),
        ("finish_job", "mark_collected", "state: the job finished and ready"),
        ("record_payment|open_trade_account", "mark_collected", "state: the invoice paid, or the customer on trade terms"),
        ("record_payment|open_trade_account", "book_courier", "state: the invoice paid, or the customer on trade terms"),
        ("hold_job", "release_job", "state: the job on hold"),
    ]
)

PLAUSIBLE = {
    ("price_job", "create_quote"), ("find_customer", "list_jobs"), ("get_job", "take_deposit"),
    ("get_job", "schedule_job"), ("list_quotes", "create_quote"), ("accept_quote", "reprint_job"),
    ("get_job", "issue_invoice"), ("issue_invoice", "mark_collected"), ("issue_invoice", "book_courier"),
    ("take_deposit", "issue_invoice"), ("list_presses", "start_run"), ("approve_proof", "start_run"),
    ("run_preflight", "send_proof"),
    ("upload_artwork", "make_proof"), ("get_job", "record_payment"), ("list_jobs", "list_quotes"),
    ("find_customer", "create_customer"), ("list_proofs", "make_proof"), ("get_job", "list_proofs"),
    ("reject_proof", "upload_artwork"), ("record_spoilage", "finish_job"), ("find_customer", "accept_quote"),
    ("get_job", "reprint_job"), ("list_products", "list_presses"), ("schedule_job", "finish_job"),
}
