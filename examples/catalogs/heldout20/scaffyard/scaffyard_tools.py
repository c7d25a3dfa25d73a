"""Scaffyard: the office and yard system of Ironbridge Scaffolding, Leeds (38 calls).

Plain functions over an in-memory ``State`` of the firm on Tuesday 9 October 2029 at 07:30. Estimators
open customer accounts, add sites, book and write up site surveys, price scaffolds and send the quotes;
a quote accepted by a customer whose credit is approved becomes a job. The contracts manager gets the
TG20 compliance sheet for the job, books a gang to erect it, signs the finished scaffold over to the
customer with a handover certificate, records the statutory seven-day inspections, raises and prices
alterations, takes the off-hire call and books the strike. The yard foreman picks the components, loads
a wagon (a delivery note), confirms delivery, books the wagon to bring the kit back and checks the
return in. Accounts run credit checks, invoice erection, weekly hire and the final account, take
payments and put accounts on stop. The component catalogue is public and needs no session.

Replies are plain dicts (a customer with its sites nested as rows, a credit decision, a site, a survey,
a quote with its component lines nested as rows, a job with its delivery notes, inspections and
variations nested, a compliance sheet, a delivery note, a handover certificate, an approved
alteration, a returns note with the expected kit as rows, a checked-in return, a statement with its
invoices as rows, an account's stop), rows as lists of lists (components, jobs, gangs, wagons, a pick
list, inspections due, the hire ledger), bare values (the session token, ``True``, the balance left on an
invoice, a stock count) and sentences with a new account, survey, job, variation, off-hire or invoice
number inside. Every refusal is *returned* as ``{"data": None, "errors": [{"message": ...,
"extensions": {"code": ...}}]}``, the answer of the firm's GraphQL gateway, which the runtime's
common conventions do not read, so ``FAILURE`` (``has_errors``) is declared. Accounts, sites, quotes
and jobs have look-alike numbers (account ``AC-3318``, site ``S-3318-2``, quote ``Q-3318-2-01``, job
``J-5495``, compliance sheet ``CS-5495``); defect codes, the credit limit without a director and the
longest hire are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import math
from enum import Enum
from typing import Dict, List, Literal, Optional, Tuple

TODAY = "2029-10-09"

ScaffoldType = Literal["independent", "putlog", "birdcage", "chimney", "temporary_roof"]
Ground = Literal["concrete", "tarmac", "paving", "soil", "roof"]
InvoiceKind = Literal["erection", "hire", "final"]


class JobStatus(Enum):
    ACCEPTED = "accepted"
    SCHEDULED = "scheduled"
    DELIVERED = "delivered"
    ERECTED = "erected"
    IN_USE = "in_use"
    OFF_HIRED = "off_hired"
    STRIKE_BOOKED = "strike_booked"
    RETURNING = "returning"
    CLOSED = "closed"


_DEFECTS = ("missing_toe_board", "missing_guardrail", "loose_coupler", "board_trap", "undermined_base",
            "missing_tie", "overloaded", "ladder_unsecured")
_CREDIT_MAX = 20000.0
_MAX_WEEKS = 52


def _no(reason: str, code: Optional[str] = None) -> dict:
    """The API's refusal: an ``errors`` list, as its GraphQL gateway answers."""
    if code is None:
        code = ("UNAUTHENTICATED" if reason.startswith(("not logged in", "unknown user")) else
                "FORBIDDEN" if "login cannot" in reason else
                "NOT_FOUND" if reason.startswith("no ") else
                "BAD_USER_INPUT" if any(w in reason for w in ("must", "cannot be", "unknown defect", "give one",
                                                               "quoted for", "do not fit")) else "CONFLICT")
    return {"data": None, "errors": [{"message": reason, "extensions": {"code": code}}]}


def has_errors(reply) -> bool:
    """True for a refusal: a dict whose ``errors`` list is not empty."""
    return isinstance(reply, dict) and bool(reply.get("errors"))


class State:
    """Ironbridge Scaffolding on Tuesday 9 October 2029, 07:30."""

    def __init__(self) -> None:
        self.staff = {
            "jen.carter": {"name": "Jen Carter", "password": "Transom-62", "role": "estimator"},
            "mo.akhtar": {"name": "Mo Akhtar", "password": "Ledger-Tie-19", "role": "contracts"},
            "gary.pike": {"name": "Gary Pike", "password": "Coupler-883", "role": "yard"},
            "ruth.ames": {"name": "Ruth Ames", "password": "Invoice-2750", "role": "accounts"},
        }
        self.sessions = {}
        self.components = {
            "T21": ("21ft steel tube", 0.38, 27.0, "tube"),
            "T13": ("13ft steel tube", 0.26, 17.0, "tube"),
            "T8": ("8ft steel tube", 0.18, 10.5, "tube"),
            "B13": ("13ft timber scaffold board", 0.30, 21.0, "board"),
            "TB": ("Toe board clip", 0.05, 0.3, "fitting"),
            "DBL": ("Double coupler", 0.07, 1.1, "fitting"),
            "SWV": ("Swivel coupler", 0.07, 1.3, "fitting"),
            "PUT": ("Putlog coupler", 0.05, 0.6, "fitting"),
            "BP": ("Base plate", 0.05, 1.6, "fitting"),
            "SB": ("Sole board", 0.10, 6.0, "board"),
            "LDR": ("Ladder 4m, aluminium", 1.50, 14.0, "access"),
            "LBG": ("Loading bay gate", 4.00, 38.0, "access"),
        }
        self.stock = {"T21": 4200, "T13": 2600, "T8": 1900, "B13": 5100, "TB": 3000, "DBL": 9800, "SWV": 4100,
                      "PUT": 2300, "BP": 900, "SB": 1100, "LDR": 60, "LBG": 12}
        self.accounts = {
            "AC-3318": {"company": "Kirkstall Homes Ltd", "contact": "Neil Brannigan", "phone": "0113 496 0318",
                        "email": "neil.brannigan@kirkstallhomes.example", "credit": "approved", "limit": 20000.0,
                        "stop": None},
            "AC-3325": {"company": "Whitfield Roofing", "contact": "Carol Whitfield", "phone": "0113 496 0325",
                        "email": "carol@whitfieldroofing.example", "credit": "pending", "limit": 0.0, "stop": None},
            "AC-3301": {"company": "Aire Valley Builders", "contact": "Lee Summers", "phone": "0113 496 0301",
                        "email": "accounts@airevalley.example", "credit": "approved", "limit": 8000.0,
                        "stop": "invoice SI-20712 over 60 days"},
        }
        self.sites = {
            "S-3318-1": {"account": "AC-3318", "address": "Abbey Mews, plots 4-9, Kirkstall", "postcode": "LS5 3HP",
                         "contact": "Barry Lund", "phone": "07700 900318"},
            "S-3318-2": {"account": "AC-3318", "address": "22-28 Hawksworth Road, Horsforth", "postcode": "LS18 4JP",
                         "contact": "Barry Lund", "phone": "07700 900318"},
            "S-3325-1": {"account": "AC-3325", "address": "14 Otley Road, Headingley", "postcode": "LS6 2AL",
                         "contact": "Carol Whitfield", "phone": "07700 900325"},
        }
        self.surveys = {}
        self.quotes = {
            "Q-3318-2-01": {"site": "S-3318-2", "survey": None, "type": "independent", "length": 18.0, "lifts": 3,
                            "weeks": 6, "bay": False,
                            "lines": [["T21", 96, 0.38], ["B13", 120, 0.30], ["DBL", 192, 0.07], ["SWV", 24, 0.07],
                                      ["TB", 48, 0.05], ["BP", 18, 0.05], ["SB", 18, 0.10], ["LDR", 3, 1.50]],
                            "erect": 972.0, "weekly": 97.2,
                            "status": "accepted"},
        }
        self.jobs = {
            "J-5480": {"account": "AC-3318", "site": "S-3318-1", "quote": "Q-3318-1-02", "type": "putlog",
                       "status": "in_use", "sheet": "CS-5480", "day": "2029-09-20", "gang": "G1", "picked": True,
                       "dns": [["DN-8790", "YX19 KLM", "2029-09-20", "delivered"]], "handover": "HC-5480",
                       "tag": "green", "inspections": [["IN-9002", "2029-10-01", "safe", []]], "variations": [],
                       "offhire": None, "strike": None, "return": None, "invoiced": ["erection"], "lifts": 2,
                       "weekly": 186.2, "handed": "2029-09-24"},
            "J-5495": {"account": "AC-3318", "site": "S-3318-2", "quote": "Q-3318-2-01", "type": "independent",
                       "status": "accepted", "sheet": None, "day": None, "gang": None, "picked": False, "dns": [],
                       "handover": None, "tag": None, "inspections": [], "variations": [], "offhire": None,
                       "strike": None, "return": None, "invoiced": [], "lifts": 3, "weekly": 97.2, "handed": None},
        }
        self.gangs = {"G1": ("Dean Holt", 4), "G2": ("Lewis Barker", 3), "G3": ("Tariq Mahmood", 4)}
        self.gang_days = {"2029-10-11": {"G1": "J-5466"}}
        self.wagons = {"YX19 KLM": ("flatbed", 10.0, "Phil Ward", "available"),
                       "YK21 RTA": ("hiab", 12.0, "Sam Orme", "available"),
                       "YJ68 BWD": ("flatbed", 7.5, "-", "in for MOT")}
        self.wagon_days = {}
        self.returns = {}
        self.invoices = {
            "SI-20904": {"account": "AC-3318", "job": "J-5480", "kind": "hire", "amount": 1240.0, "paid": 0.0},
            "SI-20712": {"account": "AC-3301", "job": "J-5390", "kind": "final", "amount": 3180.0, "paid": 0.0},
        }
        self.counters = {"account": 3342, "survey": 772, "job": 5512, "dn": 8841, "offhire": 331, "return": 612,
                         "invoice": 20931, "inspection": 9015}


# --------------------------------------------------------------------------- helpers


def _session(state: State, token: str, *roles: str) -> Tuple[Optional[dict], Optional[dict]]:
    who = state.sessions.get(token)
    if who is None:
        return None, _no("not logged in (session unknown or expired)")
    if roles and who["role"] not in roles:
        return None, _no(f"a {who['role']} login cannot do this; it needs {' or '.join(roles)}")
    return who, None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _job(state: State, job_id: str, *statuses: str) -> Tuple[Optional[dict], Optional[dict]]:
    job = state.jobs.get(job_id)
    if job is None:
        return None, _no(f"no job {job_id}")
    if statuses and job["status"] not in statuses:
        return None, _no(f"job {job_id} is {job['status']}, not {' or '.join(statuses)}")
    return job, None


def _account(state: State, account: str) -> Tuple[Optional[dict], Optional[dict]]:
    acc = state.accounts.get(account)
    if acc is None:
        return None, _no(f"no account {account}")
    return acc, None


def _customer(state: State, account: str) -> dict:
    a = state.accounts[account]
    sites = [[sid, s["address"], s["postcode"]] for sid, s in state.sites.items() if s["account"] == account]
    return {"account": account, "company": a["company"], "contact": a["contact"], "email": a["email"],
            "credit": a["credit"], "credit_limit": a["limit"], "on_stop": a["stop"] is not None, "sites": sites}


# --------------------------------------------------------------------------- session and catalogue


def login(state: State, username: str, password: str):
    """Log in to the yard system.

    :param username: staff user name, e.g. ``jen.carter``
    :param password: the user's password
    :returns: the session token (a bare string) every other call but the catalogue needs
    """
    who = state.staff.get(username)
    if who is None or who["password"] != password:
        return _no("unknown user name or wrong password")
    token = f"iby{len(state.sessions) + 1:02d}{username[:3]}"
    state.sessions[token] = {"user": username, "name": who["name"], "role": who["role"]}
    return token


def logout(state: State, token: str):
    """Close a session.

    :param token: the session token
    :returns: ``True``
    """
    _, bad = _session(state, token)
    if bad:
        return bad
    del state.sessions[token]
    return True


def component_catalogue(state: State, category: Optional[str] = None) -> List[list]:
    """The hire catalogue of scaffold components.

    :param category: only this category (tube, board, fitting, access)
    :returns: rows ``[code, description, weekly rate in pounds, weight in kg, category]``
    """
    return [[code, d, rate, kg, cat] for code, (d, rate, kg, cat) in state.components.items()
            if category is None or cat == category]


def stock_level(state: State, token: str, code: str):
    """How many of a component are in the yard.

    :param token: session token
    :param code: component code from the catalogue
    :returns: the count (a bare integer)
    """
    _, bad = _session(state, token)
    if bad:
        return bad
    if code not in state.stock:
        return _no(f"no component {code}")
    return state.stock[code]


# --------------------------------------------------------------------------- customers and sites


def find_customer(state: State, token: str, name: str) -> List[dict]:
    """Find customer accounts by company or contact name.

    :param token: session token
    :param name: part of the company's or the contact's name
    :returns: matching customers, each with its sites as rows ``[site_id, address, postcode]``
    """
    _, bad = _session(state, token)
    if bad:
        return bad
    needle = name.strip().lower()
    return [_customer(state, a) for a, v in state.accounts.items()
            if needle and (needle in v["company"].lower() or needle in v["contact"].lower())]


def open_account(state: State, token: str, company: str, contact: str, phone: str, email: str):
    """Open a customer account (credit check still to do).

    :param token: session token (estimator or accounts)
    :param company: the customer's company name
    :param contact: the person who orders
    :param phone: contact phone
    :param email: contact e-mail, where quotes go
    :returns: a sentence with the new account number
    """
    _, bad = _session(state, token, "estimator", "accounts")
    if bad:
        return bad
    if any(v["company"].lower() == company.strip().lower() for v in state.accounts.values()):
        return _no(f"{company} already has an account")
    acc = f"AC-{_next(state, 'account')}"
    state.accounts[acc] = {"company": company.strip(), "contact": contact, "phone": phone, "email": email,
                           "credit": "pending", "limit": 0.0, "stop": None}
    return f"Account {acc} opened for {company.strip()}; credit check pending."


def credit_check(state: State, token: str, account: str, limit_requested: float) -> dict:
    """Run the credit check on an account and set its limit.

    :param token: session token (accounts)
    :param account: the account number
    :param limit_requested: credit limit asked for, in pounds
    :returns: the decision and the limit
    """
    _, bad = _session(state, token, "accounts")
    if bad:
        return bad
    acc, bad = _account(state, account)
    if bad:
        return bad
    if acc["credit"] == "approved" and acc["limit"] >= limit_requested:
        return _no(f"{account} is already approved to {acc['limit']:.0f}")
    if limit_requested > _CREDIT_MAX:
        return _no(f"limits over {_CREDIT_MAX:.0f} need a director's sign-off")
    acc["credit"], acc["limit"] = "approved", float(limit_requested)
    return {"account": account, "result": "approved", "limit": acc["limit"], "agency_score": 71}


def add_site(state: State, token: str, account: str, address: str, postcode: str, site_contact: str,
             phone: str) -> dict:
    """Add a site to a customer's account.

    :param token: session token (estimator)
    :param account: the account number
    :param address: site address
    :param postcode: site postcode
    :param site_contact: the site manager
    :param phone: the site manager's phone
    :returns: the site with its id
    """
    _, bad = _session(state, token, "estimator")
    if bad:
        return bad
    _, bad = _account(state, account)
    if bad:
        return bad
    n = 1 + sum(1 for s in state.sites.values() if s["account"] == account)
    sid = f"S-{account[3:]}-{n}"
    state.sites[sid] = {"account": account, "address": address, "postcode": postcode, "contact": site_contact,
                        "phone": phone}
    return {"site_id": sid, "account": account, "address": address, "postcode": postcode,
            "site_contact": site_contact}


# --------------------------------------------------------------------------- surveys and quotes


def book_survey(state: State, token: str, site_id: str, day: str):
    """Book an estimator's site survey.

    :param token: session token (estimator)
    :param site_id: the site
    :param day: ``YYYY-MM-DD``
    :returns: a sentence with the survey number
    """
    who, bad = _session(state, token, "estimator")
    if bad:
        return bad
    if site_id not in state.sites:
        return _no(f"no site {site_id}")
    if day < TODAY:
        return _no("that day has passed")
    sv = f"SV-{_next(state, 'survey'):04d}"
    state.surveys[sv] = {"site": site_id, "day": day, "by": who["name"], "status": "booked"}
    return f"Survey {sv} booked at {state.sites[site_id]['address']} on {day} with {who['name']}."


def record_survey(state: State, token: str, survey_id: str, ground: Ground, max_height_m: float,
                  access_ok: bool, notes: str = "") -> dict:
    """Write up a site survey.

    :param token: session token (estimator)
    :param survey_id: the survey number
    :param ground: what the scaffold will stand on
    :param max_height_m: the working height needed, in metres
    :param access_ok: whether a wagon can get to the site
    :param notes: the surveyor's notes (ties, obstructions, neighbours)
    :returns: the completed survey
    """
    _, bad = _session(state, token, "estimator")
    if bad:
        return bad
    sv = state.surveys.get(survey_id)
    if sv is None:
        return _no(f"no survey {survey_id}")
    if sv["status"] == "done":
        return _no(f"survey {survey_id} is already written up")
    if max_height_m <= 0 or max_height_m > 50:
        return _no("max_height_m must be between 0 and 50")
    sv.update(status="done", ground=ground, height=max_height_m, access=access_ok, notes=notes)
    return {"survey_id": survey_id, "site_id": sv["site"], "status": "done", "ground": ground,
            "max_height_m": max_height_m, "access_ok": access_ok, "notes": notes}


def quote_scaffold(state: State, token: str, site_id: str, survey_id: str, scaffold_type: ScaffoldType,
                   length_m: float, lifts: int, weeks: int, loading_bay: bool = False) -> dict:
    """Price a scaffold from a completed survey.

    :param token: session token (estimator)
    :param site_id: the site
    :param survey_id: the site's written-up survey
    :param scaffold_type: independent, putlog, birdcage, chimney or temporary_roof
    :param length_m: run of scaffold in metres
    :param lifts: number of lifts (2 m each)
    :param weeks: hire period quoted
    :param loading_bay: whether a loading bay with a gate is wanted
    :returns: the quote with component lines as rows ``[code, quantity, weekly rate]``
    """
    _, bad = _session(state, token, "estimator")
    if bad:
        return bad
    if site_id not in state.sites:
        return _no(f"no site {site_id}")
    sv = state.surveys.get(survey_id)
    if sv is None or sv["site"] != site_id:
        return _no(f"no survey {survey_id} for site {site_id}")
    if sv["status"] != "done":
        return _no(f"survey {survey_id} has not been written up")
    if not 1 <= weeks <= _MAX_WEEKS:
        return _no(f"hire is quoted for 1 to {_MAX_WEEKS} weeks")
    if lifts < 1 or lifts * 2 > sv["height"] + 2:
        return _no(f"{lifts} lifts do not fit the surveyed height of {sv['height']} m")
    bays = math.ceil(length_m / 2.4)
    qty = {"T21": bays * lifts * 4, "B13": bays * lifts * 5, "DBL": bays * lifts * 8, "SWV": bays * lifts,
           "TB": bays * lifts * 2, "BP": (bays + 1) * 2, "SB": (bays + 1) * 2, "LDR": lifts}
    if scaffold_type == "putlog":
        qty["PUT"] = bays * lifts * 3
    if loading_bay:
        qty["LBG"] = 1
    lines = [[c, q, state.components[c][1]] for c, q in qty.items()]
    weekly = round(sum(q * r for _, q, r in lines), 2)
    erect = round(length_m * lifts * 18.0, 2)
    n = 1 + sum(1 for q in state.quotes.values() if q["site"] == site_id)
    qid = f"Q-{site_id[2:]}-{n:02d}"
    state.quotes[qid] = {"site": site_id, "survey": survey_id, "type": scaffold_type, "length": length_m,
                         "lifts": lifts, "weeks": weeks, "bay": loading_bay, "lines": lines, "erect": erect,
                         "weekly": weekly, "status": "draft"}
    return {"quote_id": qid, "site_id": site_id, "type": scaffold_type, "lines": lines, "erect_and_strike": erect,
            "weekly_hire": weekly, "weeks": weeks, "total": round(erect + weekly * weeks, 2), "status": "draft"}


def send_quote(state: State, token: str, quote_id: str, email: Optional[str] = None):
    """E-mail a quote to the customer.

    :param token: session token (estimator)
    :param quote_id: the quote
    :param email: send here instead of the account's e-mail
    :returns: a sentence
    """
    _, bad = _session(state, token, "estimator")
    if bad:
        return bad
    q = state.quotes.get(quote_id)
    if q is None:
        return _no(f"no quote {quote_id}")
    if q["status"] != "draft":
        return _no(f"quote {quote_id} is already {q['status']}")
    q["status"] = "sent"
    to = email or state.accounts[state.sites[q["site"]]["account"]]["email"]
    return f"Quote {quote_id} sent to {to}."


def accept_quote(state: State, token: str, quote_id: str, order_ref: str):
    """Record the customer's acceptance of a sent quote; the job is created.

    :param token: session token (estimator)
    :param quote_id: the quote
    :param order_ref: the customer's order number
    :returns: a sentence with the new job number
    """
    _, bad = _session(state, token, "estimator")
    if bad:
        return bad
    q = state.quotes.get(quote_id)
    if q is None:
        return _no(f"no quote {quote_id}")
    if q["status"] != "sent":
        return _no(f"quote {quote_id} is {q['status']}; only a sent quote can be accepted")
    account = state.sites[q["site"]]["account"]
    acc = state.accounts[account]
    if acc["stop"]:
        return _no(f"account {account} is on stop: {acc['stop']}")
    if acc["credit"] != "approved":
        return _no(f"account {account} has no approved credit")
    if q["erect"] + q["weekly"] * q["weeks"] > acc["limit"]:
        return _no(f"the quote is over {account}'s credit limit of {acc['limit']:.0f}")
    q["status"] = "accepted"
    jid = f"J-{_next(state, 'job')}"
    state.jobs[jid] = {"account": account, "site": q["site"], "quote": quote_id, "type": q["type"],
                       "status": "accepted", "sheet": None, "day": None, "gang": None, "picked": False, "dns": [],
                       "handover": None, "tag": None, "inspections": [], "variations": [], "offhire": None,
                       "strike": None, "return": None, "invoiced": [], "lifts": q["lifts"], "weekly": q["weekly"],
                       "handed": None, "order": order_ref}
    return f"Quote {quote_id} accepted on order {order_ref}; job {jid} created."


# --------------------------------------------------------------------------- jobs


def list_jobs(state: State, token: str, account: Optional[str] = None, status: Optional[JobStatus] = None) -> List[list]:
    """List jobs.

    :param token: session token
    :param account: only this account's jobs
    :param status: only jobs in this status
    :returns: rows ``[job_id, site address, status, scaffold type, account]``
    """
    _, bad = _session(state, token)
    if bad:
        return bad
    want = JobStatus(status).value if status is not None else None
    return [[jid, state.sites[j["site"]]["address"], j["status"], j["type"], j["account"]]
            for jid, j in sorted(state.jobs.items())
            if (account is None or j["account"] == account) and (want is None or j["status"] == want)]


def job_detail(state: State, token: str, job_id: str) -> dict:
    """One job in full.

    :param token: session token
    :param job_id: the job
    :returns: the job, with delivery notes ``[note, wagon, day, status]``, inspections
        ``[number, day, result, defects]`` and variations ``[number, description, status, price]`` as rows
    """
    _, bad = _session(state, token)
    if bad:
        return bad
    j, bad = _job(state, job_id)
    if bad:
        return bad
    s = state.sites[j["site"]]
    return {"job_id": job_id, "account": j["account"], "site": [j["site"], s["address"], s["postcode"]],
            "quote": j["quote"], "status": j["status"], "compliance_sheet": j["sheet"], "erection_day": j["day"],
            "gang": j["gang"], "delivery_notes": [list(r) for r in j["dns"]], "handover": j["handover"],
            "tag": j["tag"], "inspections": [list(r) for r in j["inspections"]],
            "variations": [list(r) for r in j["variations"]], "off_hire": j["offhire"], "strike_day": j["strike"],
            "return_note": j["return"]}


def tg20_compliance_sheet(state: State, token: str, job_id: str) -> dict:
    """Produce the TG20 compliance sheet for a job's scaffold (no bespoke design needed).

    :param token: session token (contracts)
    :param job_id: an accepted job
    :returns: the sheet
    """
    _, bad = _session(state, token, "contracts")
    if bad:
        return bad
    j, bad = _job(state, job_id, "accepted")
    if bad:
        return bad
    if j["sheet"]:
        return _no(f"{job_id} already has compliance sheet {j['sheet']}")
    if j["lifts"] > 10:
        return _no("over 10 lifts is outside TG20: the job needs a bespoke design")
    j["sheet"] = "CS-" + job_id[2:]
    return {"sheet": j["sheet"], "job_id": job_id, "scenario": f"{j['type']}, {j['lifts']} lifts, load class 3",
            "ties": "every 4 m horizontally, every other lift", "bespoke_design": False}


def list_gangs(state: State, token: str, day: str) -> List[list]:
    """The erection gangs and their booking on a day.

    :param token: session token
    :param day: ``YYYY-MM-DD``
    :returns: rows ``[gang_id, chargehand, men, job booked or None]``
    """
    _, bad = _session(state, token)
    if bad:
        return bad
    booked = state.gang_days.get(day, {})
    return [[g, name, men, booked.get(g)] for g, (name, men) in state.gangs.items()]


def schedule_erection(state: State, token: str, job_id: str, gang_id: str, day: str):
    """Book a gang to erect a job's scaffold.

    :param token: session token (contracts)
    :param job_id: an accepted job with its compliance sheet
    :param gang_id: a gang free that day
    :param day: ``YYYY-MM-DD``
    :returns: a sentence
    """
    _, bad = _session(state, token, "contracts")
    if bad:
        return bad
    j, bad = _job(state, job_id, "accepted")
    if bad:
        return bad
    if not j["sheet"]:
        return _no(f"{job_id} has no compliance sheet or design")
    if gang_id not in state.gangs:
        return _no(f"no gang {gang_id}")
    if day <= TODAY:
        return _no("erection can be booked from tomorrow")
    if state.gang_days.get(day, {}).get(gang_id):
        return _no(f"gang {gang_id} is already booked on {day}")
    state.gang_days.setdefault(day, {})[gang_id] = job_id
    j.update(status="scheduled", day=day, gang=gang_id)
    return f"Erection of {job_id} booked for gang {gang_id} ({state.gangs[gang_id][0]}) on {day}."


def pick_list(state: State, token: str, job_id: str) -> List[list]:
    """Pick a job's components in the yard.

    :param token: session token (yard)
    :param job_id: a job from its quote
    :returns: rows ``[code, quantity, yard bay]``, and the job marked picked
    """
    _, bad = _session(state, token, "yard")
    if bad:
        return bad
    j, bad = _job(state, job_id, "accepted", "scheduled")
    if bad:
        return bad
    q = state.quotes.get(j["quote"])
    lines = q["lines"] if q and q["lines"] else [["T21", 96, 0.38], ["B13", 120, 0.30], ["DBL", 192, 0.07]]
    short = [c for c, n, _ in lines if state.stock[c] < n]
    if short:
        return _no("not enough in the yard: " + ", ".join(short))
    j["picked"] = True
    return [[c, n, f"bay {ord(c[0]) % 9 + 1}"] for c, n, _ in lines]


def list_wagons(state: State, token: str) -> List[list]:
    """The firm's wagons.

    :param token: session token
    :returns: rows ``[registration, type, payload in tonnes, driver, status]``
    """
    _, bad = _session(state, token)
    if bad:
        return bad
    return [[reg, kind, t, driver, status] for reg, (kind, t, driver, status) in state.wagons.items()]


def load_wagon(state: State, token: str, job_id: str, wagon_reg: str) -> dict:
    """Load a picked job onto a wagon for its erection day; a delivery note is made.

    :param token: session token (yard)
    :param job_id: a scheduled, picked job
    :param wagon_reg: an available wagon's registration
    :returns: the delivery note
    """
    _, bad = _session(state, token, "yard")
    if bad:
        return bad
    j, bad = _job(state, job_id, "scheduled")
    if bad:
        return bad
    if not j["picked"]:
        return _no(f"{job_id} has not been picked")
    w = state.wagons.get(wagon_reg)
    if w is None:
        return _no(f"no wagon {wagon_reg}")
    if w[3] != "available" or state.wagon_days.get(f"{wagon_reg}|{j['day']}"):
        return _no(f"wagon {wagon_reg} is not available on {j['day']}")
    dn = f"DN-{_next(state, 'dn')}"
    state.wagon_days[f"{wagon_reg}|{j['day']}"] = job_id
    j["dns"].append([dn, wagon_reg, j["day"], "loaded"])
    return {"delivery_note": dn, "job_id": job_id, "wagon": wagon_reg, "driver": w[2], "day": j["day"],
            "deliver_to": state.sites[j["site"]]["address"]}


def confirm_delivery(state: State, token: str, delivery_note: str, signed_by: str):
    """Confirm a delivery was signed for on site.

    :param token: session token (yard)
    :param delivery_note: the delivery note number
    :param signed_by: who signed for it
    :returns: ``True``
    """
    _, bad = _session(state, token, "yard")
    if bad:
        return bad
    for jid, j in state.jobs.items():
        for row in j["dns"]:
            if row[0] == delivery_note:
                if row[3] == "delivered":
                    return _no(f"{delivery_note} is already confirmed")
                row[3] = "delivered"
                if j["status"] == "scheduled":
                    j["status"] = "delivered"
                return True
    return _no(f"no delivery note {delivery_note}")


def complete_erection(state: State, token: str, job_id: str, chargehand_notes: str) -> dict:
    """Record that the gang has finished erecting a job's scaffold.

    :param token: session token (contracts)
    :param job_id: a job whose kit was delivered
    :param chargehand_notes: the chargehand's notes
    :returns: the job's new status
    """
    _, bad = _session(state, token, "contracts")
    if bad:
        return bad
    j, bad = _job(state, job_id, "delivered")
    if bad:
        return bad
    j["status"] = "erected"
    return {"job_id": job_id, "status": "erected", "gang": j["gang"], "notes": chargehand_notes}


def hand_over(state: State, token: str, job_id: str, inspector: str, client_rep: str) -> dict:
    """Hand an erected scaffold over to the customer with its certificate; hire starts.

    :param token: session token (contracts)
    :param job_id: an erected job
    :param inspector: the competent person who inspected it
    :param client_rep: who accepted it for the customer
    :returns: the handover certificate
    """
    _, bad = _session(state, token, "contracts")
    if bad:
        return bad
    j, bad = _job(state, job_id, "erected")
    if bad:
        return bad
    j.update(status="in_use", handover="HC-" + job_id[2:], tag="green", handed=TODAY)
    j["inspections"].append([f"IN-{_next(state, 'inspection')}", TODAY, "safe", []])
    return {"certificate": j["handover"], "job_id": job_id, "inspector": inspector, "accepted_by": client_rep,
            "tag": "green", "next_inspection": "2029-10-16"}


def record_inspection(state: State, token: str, job_id: str, inspector: str, safe: bool,
                      defects: Optional[List[str]] = None):
    """Record a seven-day (or after-weather) inspection of a scaffold in use.

    :param token: session token (contracts)
    :param job_id: a job in use
    :param inspector: the competent person
    :param safe: whether the scaffold is safe to use
    :param defects: defects found
    :returns: a sentence with the inspection number and the tag
    """
    _, bad = _session(state, token, "contracts")
    if bad:
        return bad
    j, bad = _job(state, job_id, "in_use")
    if bad:
        return bad
    defects = list(defects or [])
    unknown = [d for d in defects if d not in _DEFECTS]
    if unknown:
        return _no(f"unknown defect {unknown[0]}; defect codes: {', '.join(_DEFECTS)}")
    if not safe and not defects:
        return _no("an unsafe scaffold needs its defects listed")
    n = f"IN-{_next(state, 'inspection')}"
    j["tag"] = "green" if safe else "red"
    j["inspections"].append([n, TODAY, "safe" if safe else "unsafe", defects])
    return f"Inspection {n} of {job_id} recorded by {inspector}; tag {j['tag']}."


def inspections_due(state: State, token: str, within_days: int = 7) -> List[list]:
    """Scaffolds in use whose next inspection falls due soon (or is overdue).

    :param token: session token
    :param within_days: how far ahead to look
    :returns: rows ``[job_id, site address, last inspected, due]``
    """
    _, bad = _session(state, token)
    if bad:
        return bad
    import datetime as _dt
    today = _dt.date.fromisoformat(TODAY)
    rows = []
    for jid, j in sorted(state.jobs.items()):
        if j["status"] != "in_use" or not j["inspections"]:
            continue
        last = _dt.date.fromisoformat(j["inspections"][-1][1])
        due = last + _dt.timedelta(days=7)
        if due <= today + _dt.timedelta(days=within_days):
            rows.append([jid, state.sites[j["site"]]["address"], last.isoformat(), due.isoformat()])
    return rows


def request_alteration(state: State, token: str, job_id: str, description: str, extra_lifts: int = 0):
    """Raise a variation for an alteration the customer asked for on a scaffold in use.

    :param token: session token (contracts)
    :param job_id: a job in use
    :param description: what is to change
    :param extra_lifts: lifts added
    :returns: a sentence with the variation number
    """
    _, bad = _session(state, token, "contracts")
    if bad:
        return bad
    j, bad = _job(state, job_id, "in_use")
    if bad:
        return bad
    if j["tag"] == "red":
        return _no(f"{job_id} is tagged unsafe; clear the defects first")
    vid = f"V-{job_id[2:]}-{len(j['variations']) + 1}"
    j["variations"].append([vid, description, "pending", None])
    j["lifts"] += extra_lifts
    return f"Variation {vid} raised on {job_id}: {description}."


def approve_alteration(state: State, token: str, variation_id: str, price: float) -> dict:
    """Price and approve a pending alteration.

    :param token: session token (contracts)
    :param variation_id: the variation number
    :param price: the agreed price in pounds
    :returns: the approved variation
    """
    _, bad = _session(state, token, "contracts")
    if bad:
        return bad
    for jid, j in state.jobs.items():
        for row in j["variations"]:
            if row[0] == variation_id:
                if row[2] != "pending":
                    return _no(f"{variation_id} is already {row[2]}")
                if price < 0:
                    return _no("price cannot be negative")
                row[2], row[3] = "approved", float(price)
                return {"variation_id": variation_id, "job_id": jid, "status": "approved", "price": float(price)}
    return _no(f"no variation {variation_id}")


def off_hire(state: State, token: str, job_id: str, from_day: str, customer_ref: str):
    """Take the customer's off-hire call: hire stops and the scaffold can be struck.

    :param token: session token (contracts)
    :param job_id: a job in use
    :param from_day: the day hire stops, ``YYYY-MM-DD``
    :param customer_ref: the caller's name or reference
    :returns: a sentence with the off-hire number
    """
    _, bad = _session(state, token, "contracts")
    if bad:
        return bad
    j, bad = _job(state, job_id, "in_use")
    if bad:
        return bad
    if from_day < TODAY:
        return _no("off-hire cannot be backdated")
    oh = f"OH-{_next(state, 'offhire')}"
    j.update(status="off_hired", offhire=[oh, from_day, customer_ref])
    return f"Off-hire {oh} logged for {job_id}; hire stops on {from_day}."


def schedule_strike(state: State, token: str, job_id: str, gang_id: str, day: str):
    """Book a gang to strike (take down) an off-hired scaffold.

    :param token: session token (contracts)
    :param job_id: an off-hired job
    :param gang_id: a gang free that day
    :param day: ``YYYY-MM-DD``
    :returns: a sentence
    """
    _, bad = _session(state, token, "contracts")
    if bad:
        return bad
    j, bad = _job(state, job_id, "off_hired")
    if bad:
        return bad
    if gang_id not in state.gangs:
        return _no(f"no gang {gang_id}")
    if day < j["offhire"][1]:
        return _no(f"the strike cannot be before the off-hire date {j['offhire'][1]}")
    if state.gang_days.get(day, {}).get(gang_id):
        return _no(f"gang {gang_id} is already booked on {day}")
    state.gang_days.setdefault(day, {})[gang_id] = job_id
    j.update(status="strike_booked", strike=day)
    return f"Strike of {job_id} booked for gang {gang_id} on {day}."


def book_return(state: State, token: str, job_id: str, wagon_reg: str) -> dict:
    """Book a wagon to bring a struck job's kit back to the yard.

    :param token: session token (yard)
    :param job_id: a job whose strike is booked
    :param wagon_reg: an available wagon
    :returns: the returns note, with the kit expected back as rows ``[code, quantity]``
    """
    _, bad = _session(state, token, "yard")
    if bad:
        return bad
    j, bad = _job(state, job_id, "strike_booked")
    if bad:
        return bad
    w = state.wagons.get(wagon_reg)
    if w is None:
        return _no(f"no wagon {wagon_reg}")
    if w[3] != "available" or state.wagon_days.get(f"{wagon_reg}|{j['strike']}"):
        return _no(f"wagon {wagon_reg} is not available on {j['strike']}")
    rn = f"RN-{_next(state, 'return')}"
    q = state.quotes.get(j["quote"])
    expected = [[c, n] for c, n, _ in (q["lines"] if q and q["lines"] else [["T21", 96, 0], ["B13", 120, 0]])]
    state.wagon_days[f"{wagon_reg}|{j['strike']}"] = job_id
    state.returns[rn] = {"job": job_id, "expected": expected, "status": "booked"}
    j.update(status="returning", **{"return": rn})
    return {"return_note": rn, "job_id": job_id, "wagon": wagon_reg, "day": j["strike"], "expected": expected}


def check_in_return(state: State, token: str, return_note: str, short_codes: Optional[List[str]] = None,
                    short_quantities: Optional[List[int]] = None) -> dict:
    """Check a return in at the yard; shortages are charged as losses.

    :param token: session token (yard)
    :param return_note: the returns note number
    :param short_codes: components that came back short
    :param short_quantities: how many of each were missing
    :returns: the checked return with the loss charge; the job is closed
    """
    _, bad = _session(state, token, "yard")
    if bad:
        return bad
    r = state.returns.get(return_note)
    if r is None:
        return _no(f"no returns note {return_note}")
    if r["status"] == "checked":
        return _no(f"{return_note} is already checked in")
    codes, qtys = list(short_codes or []), list(short_quantities or [])
    if len(codes) != len(qtys):
        return _no("give one quantity per short code")
    expected = dict((c, n) for c, n in r["expected"])
    for c, n in zip(codes, qtys):
        if c not in expected or n > expected[c]:
            return _no(f"{c} x{n} was not out on this job")
    loss = round(sum(n * state.components[c][1] * 40 for c, n in zip(codes, qtys)), 2)
    for c, n in expected.items():
        state.stock[c] += n - dict(zip(codes, qtys)).get(c, 0)
    r["status"], r["loss"] = "checked", loss
    state.jobs[r["job"]]["status"] = "closed"
    return {"return_note": return_note, "job_id": r["job"], "status": "checked", "shortages": [list(p) for p in
                                                                                              zip(codes, qtys)],
            "loss_charge": loss}


# --------------------------------------------------------------------------- accounts


def hire_ledger(state: State, token: str, job_id: str) -> List[list]:
    """A job's weekly hire charges since handover.

    :param token: session token
    :param job_id: the job
    :returns: rows ``[week from, week to, amount]``
    """
    _, bad = _session(state, token)
    if bad:
        return bad
    j, bad = _job(state, job_id)
    if bad:
        return bad
    if not j["handed"]:
        return []
    import datetime as _dt
    start, end = _dt.date.fromisoformat(j["handed"]), _dt.date.fromisoformat(TODAY)
    rows = []
    while start <= end:
        rows.append([start.isoformat(), (start + _dt.timedelta(days=6)).isoformat(), j["weekly"]])
        start += _dt.timedelta(days=7)
    return rows


def raise_invoice(state: State, token: str, job_id: str, kind: InvoiceKind):
    """Invoice a job: erection once it is handed over, hire while it stands, the final account once the
    kit is checked back in.

    :param token: session token (accounts)
    :param job_id: the job
    :param kind: erection, hire or final
    :returns: a sentence with the invoice number and amount
    """
    _, bad = _session(state, token, "accounts")
    if bad:
        return bad
    j, bad = _job(state, job_id)
    if bad:
        return bad
    if kind == "erection":
        if not j["handover"]:
            return _no(f"{job_id} has not been handed over")
        if "erection" in j["invoiced"]:
            return _no(f"erection of {job_id} is already invoiced")
        q = state.quotes.get(j["quote"])
        amount = q["erect"] if q else 900.0
    elif kind == "hire":
        if j["status"] not in ("in_use", "off_hired"):
            return _no(f"{job_id} is {j['status']}; hire is invoiced while a scaffold stands")
        amount = round(j["weekly"] * 4, 2)
    else:
        if j["status"] != "closed":
            return _no(f"{job_id} is not closed: the final account waits for the return to be checked in")
        if "final" in j["invoiced"]:
            return _no(f"{job_id}'s final account is already invoiced")
        amount = round(state.returns[j["return"]]["loss"] + sum(r[3] or 0 for r in j["variations"]), 2)
    n = f"SI-{_next(state, 'invoice')}"
    j["invoiced"].append(kind)
    state.invoices[n] = {"account": j["account"], "job": job_id, "kind": kind, "amount": amount, "paid": 0.0}
    return f"Invoice {n} raised to {state.accounts[j['account']]['company']} for {amount:.2f} ({kind}, {job_id})."


def account_statement(state: State, token: str, account: str) -> dict:
    """An account's statement.

    :param token: session token (accounts)
    :param account: the account number
    :returns: the statement with invoices as rows ``[invoice, job, kind, amount, paid]``
    """
    _, bad = _session(state, token, "accounts")
    if bad:
        return bad
    acc, bad = _account(state, account)
    if bad:
        return bad
    rows = [[n, v["job"], v["kind"], v["amount"], v["paid"]] for n, v in sorted(state.invoices.items())
            if v["account"] == account]
    return {"account": account, "company": acc["company"], "invoices": rows,
            "balance": round(sum(r[3] - r[4] for r in rows), 2), "on_stop": acc["stop"]}


def record_payment(state: State, token: str, invoice_no: str, amount: float):
    """Record a customer payment against an invoice.

    :param token: session token (accounts)
    :param invoice_no: the invoice number
    :param amount: amount received in pounds
    :returns: the balance left on the invoice (a bare number)
    """
    _, bad = _session(state, token, "accounts")
    if bad:
        return bad
    v = state.invoices.get(invoice_no)
    if v is None:
        return _no(f"no invoice {invoice_no}")
    left = round(v["amount"] - v["paid"], 2)
    if left <= 0:
        return _no(f"{invoice_no} is already paid")
    if amount <= 0 or amount > left:
        return _no(f"amount must be more than 0 and at most {left:.2f}")
    v["paid"] = round(v["paid"] + amount, 2)
    return round(v["amount"] - v["paid"], 2)


def put_on_stop(state: State, token: str, account: str, reason: str) -> dict:
    """Put an account on stop: no new jobs are accepted for it.

    :param token: session token (accounts)
    :param account: the account number
    :param reason: why
    :returns: the account's stop
    """
    _, bad = _session(state, token, "accounts")
    if bad:
        return bad
    acc, bad = _account(state, account)
    if bad:
        return bad
    if acc["stop"]:
        return _no(f"{account} is already on stop ({acc['stop']})")
    acc["stop"] = reason
    return {"account": account, "on_stop": True, "reason": reason}


def lift_stop(state: State, token: str, account: str) -> dict:
    """Take an account off stop.

    :param token: session token (accounts)
    :param account: the account number
    :returns: the account's stop, lifted
    """
    _, bad = _session(state, token, "accounts")
    if bad:
        return bad
    acc, bad = _account(state, account)
    if bad:
        return bad
    if not acc["stop"]:
        return _no(f"{account} is not on stop")
    acc["stop"] = None
    return {"account": account, "on_stop": False, "reason": None}


FAILURE = has_errors

TOOLS = [
    login, logout, component_catalogue, stock_level, find_customer, open_account, credit_check, add_site, book_survey,
    record_survey, quote_scaffold, send_quote, accept_quote, list_jobs, job_detail, tg20_compliance_sheet,
    list_gangs, schedule_erection, pick_list, list_wagons, load_wagon, confirm_delivery, complete_erection,
    hand_over, record_inspection, inspections_due, request_alteration, approve_alteration, off_hire,
    schedule_strike, book_return, check_in_return, hire_ledger, raise_invoice, account_statement, record_payment,
    put_on_stop, lift_stop,
]

FIXTURES = {
    "firm": {"name": "Ironbridge Scaffolding, Leeds", "today": "Tuesday 9 October 2029"},
    "staff": [
        {"name": "Jen Carter", "role": "estimator", "username": "jen.carter", "password": "Transom-62"},
        {"name": "Mo Akhtar", "role": "contracts manager", "username": "mo.akhtar", "password": "Ledger-Tie-19"},
        {"name": "Gary Pike", "role": "yard foreman", "username": "gary.pike", "password": "Coupler-883"},
        {"name": "Ruth Ames", "role": "accounts", "username": "ruth.ames", "password": "Invoice-2750"},
    ],
    "new_customer": {"company": "Meanwood Loft Conversions", "contact": "Dylan Shaw", "phone": "0113 496 0777",
                     "email": "dylan@meanwoodlofts.example", "site": "7 Stainbeck Lane, Meanwood",
                     "postcode": "LS7 3PJ", "site_phone": "07700 900777"},
    "phone_messages": [
        "Carol Whitfield (Whitfield Roofing): wants a price for a scaffold to re-roof 14 Otley Road, about 11 m "
        "of frontage, two storeys",
        "Barry Lund (Kirkstall Homes): Abbey Mews can come down from next Monday; also wants a loading bay on "
        "Hawksworth Road",
        "Lee Summers (Aire Valley Builders): has paid the overdue invoice and wants the account reopened",
    ],
}

_TOKEN = "auth: session token (bare string from login)"
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in ("login", "component_catalogue")]
JOB_CONSUMERS = [
    "job_detail", "tg20_compliance_sheet", "schedule_erection", "pick_list", "load_wagon", "complete_erection",
    "hand_over", "record_inspection", "request_alteration", "off_hire", "schedule_strike", "book_return",
    "hire_ledger", "raise_invoice",
]
ACCOUNT_CONSUMERS = ["credit_check", "add_site", "account_statement", "put_on_stop", "lift_stop"]
_JOB = "id lookup/create: job id (in accept_quote's sentence, or row [0] of list_jobs)"
_ACCOUNT = "id lookup/create: account number (account of find_customer, or in open_account's sentence)"

GROUND_TRUTH = (
    [("login", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("accept_quote|list_jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [("find_customer|open_account", c, _ACCOUNT) for c in ACCOUNT_CONSUMERS]
    + [
        ("find_customer|add_site", "book_survey",
         "id lookup/create: site id (a sites row [0] of find_customer, or site_id of add_site)"),
        ("find_customer|add_site", "quote_scaffold",
         "id lookup/create: site id (a sites row [0] of find_customer, or site_id of add_site)"),
        ("book_survey", "record_survey", "id create: survey number (in book_survey's sentence)"),
        ("book_survey", "quote_scaffold", "id create: survey number (in book_survey's sentence)"),
        ("quote_scaffold", "send_quote", "id create: quote id (quote_id)"),
        ("quote_scaffold", "accept_quote", "id create: quote id (quote_id)"),
        ("list_gangs", "schedule_erection", "id lookup: gang id (row [0] of list_gangs)"),
        ("list_gangs", "schedule_strike", "id lookup: gang id (row [0] of list_gangs)"),
        ("list_wagons", "load_wagon", "id lookup: wagon registration (row [0] of list_wagons)"),
        ("list_wagons", "book_return", "id lookup: wagon registration (row [0] of list_wagons)"),
        ("load_wagon|job_detail", "confirm_delivery",
         "id lookup/create: delivery note (delivery_note of load_wagon, or a delivery_notes row [0] of job_detail)"),
        ("request_alteration|job_detail", "approve_alteration",
         "id lookup/create: variation number (in request_alteration's sentence, or a variations row [0] of "
         "job_detail)"),
        ("book_return", "check_in_return", "id create: returns note (return_note of book_return)"),
        ("raise_invoice|account_statement", "record_payment",
         "id lookup/create: invoice number (in raise_invoice's sentence, or an invoices row [0] of "
         "account_statement)"),
        ("component_catalogue", "stock_level", "vocabulary: component code (row [0] of component_catalogue)"),
        ("record_survey", "quote_scaffold", "state: the survey written up"),
        ("send_quote", "accept_quote", "state: the quote sent"),
        ("credit_check", "accept_quote", "state: the account's credit approved"),
        ("tg20_compliance_sheet", "schedule_erection", "state: a compliance sheet for the job"),
        ("schedule_erection", "load_wagon", "state: the erection day booked"),
        ("pick_list", "load_wagon", "state: the job's kit picked"),
        ("confirm_delivery", "complete_erection", "state: the kit delivered on site"),
        ("complete_erection", "hand_over", "state: the scaffold erected"),
        ("hand_over", "record_inspection", "state: the scaffold handed over, in use"),
        ("hand_over", "request_alteration", "state: the scaffold handed over, in use"),
        ("off_hire", "schedule_strike", "state: the job off-hired"),
        ("schedule_strike", "book_return", "state: the strike booked"),
        ("hand_over", "raise_invoice", "state: the scaffold handed over (erection invoice)"),
        ("check_in_return", "raise_invoice", "state: the return checked in, job closed (final account)"),
        ("put_on_stop", "lift_stop", "state: the account on stop"),
    ]
)

PLAUSIBLE = {
    ("job_detail", "record_inspection"), ("job_detail", "off_hire"), ("job_detail", "raise_invoice"),
    ("inspections_due", "record_inspection"), ("hire_ledger", "raise_invoice"),
    ("find_customer", "list_jobs"), ("component_catalogue", "quote_scaffold"), ("stock_level", "pick_list"),
    ("list_gangs", "complete_erection"), ("list_wagons", "confirm_delivery"),
    ("account_statement", "put_on_stop"), ("account_statement", "lift_stop"), ("find_customer", "send_quote"),
    ("job_detail", "schedule_strike"), ("inspections_due", "job_detail"), ("record_payment", "lift_stop"),
    ("job_detail", "hand_over"), ("quote_scaffold", "pick_list"), ("approve_alteration", "raise_invoice"),
    ("list_jobs", "inspections_due"), ("job_detail", "book_return"), ("credit_check", "send_quote"),
}
