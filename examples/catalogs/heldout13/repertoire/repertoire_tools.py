"""Repertoire: the members' API of Albion Music Rights, a music rights society and works registry
(38 calls).

Plain functions over an in-memory ``State`` of the society's registry on Monday 10 July 2028:
members sign in with their member number and password and get a bearer token; the public registry
of interested parties (writers and publishers, by IPI name number) and of registered works can be
searched without one. Members create draft works, add and remove the writer and publisher shares
(which must come to 100% before the work is submitted and gets its ISWC), add alternate titles,
register recordings by ISRC and withdraw works; open and withdraw disputes over shares, which a
registry officer resolves; quote and issue licences on registered works and revoke them; file cue
sheets for broadcast productions; read royalty statements page by page and query a line; manage
bank accounts (a new account is checked by a test deposit before it can be paid), see the balance
and request and cancel payouts; publishers record sub-publishing agreements and assign works to
them; and members write to one another through the society.

Who may do what is checked in code: the token's member must hold a share in (or have created) a
work to change it; issuing and revoking licences and sub-publishing need a publisher; resolving a
dispute needs a registry officer; only the member who opened a dispute may withdraw it. A work
under dispute cannot be licensed or withdrawn, nor a work with a licence still in force.

Replies are JSON objects and rows: a token object, profile and record dicts, rows as lists of lists
(parties' works with their shares nested as rows, disputes, licence types, statement lines on a
page), a bare float (the share total after a change, the balance), a bare integer (works on an
agreement), and sentences with the new reference inside (a new work ``W-nnnnnnn``, an ISWC, a new
party's IPI name number, a dispute ``D-nnnnn``, a licence ``L-nnnnn``, a cue sheet, a query, a
message). Every refusal is *returned* as an RFC 7807 problem object,
``{"type", "title", "status", "detail"}`` with an HTTP status code from 400 to 409 as its
``status``; the module declares ``FAILURE`` for it. Societies, territories, work statuses and
dispute statuses are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
import functools
import re
from typing import List, Literal, Optional

TODAY = "2028-07-10"
PROBLEMS = "https://api.albionmusicrights.org.uk/problems/"
PAGE_LINES = 4
PAGE_WORKS = 5
MIN_PAYOUT = 25.00

PartyRole = Literal["composer", "author", "composer_author", "arranger", "publisher"]
ShareRole = Literal["CA", "C", "A", "AR", "E", "SE"]
TitleType = Literal["AT", "TT", "FT"]
Outcome = Literal["upheld", "rejected", "settled"]
Genre = Literal["pop", "rock", "folk", "jazz", "classical", "electronic", "screen"]

_SOCIETIES = ("AMR", "PRS", "IMRO", "GEMA", "SACEM", "STIM", "SOCAN", "ASCAP", "BMI", "APRA")
_TERRITORIES = ("GB", "IE", "DE", "AT", "CH", "FR", "NL", "US", "CA", "AU", "WORLD")
_WORK_STATUSES = ("draft", "registered", "disputed", "withdrawn")
_DISPUTE_STATUSES = ("open", "resolved", "withdrawn")
_WRITER_ROLES = ("CA", "C", "A", "AR")
_PUBLISHER_ROLES = ("E", "SE")
_LICENCE_TYPES = [
    ["SYNC-TV", "Synchronisation in a television programme", "flat fee per programme", 650.0],
    ["SYNC-FILM", "Synchronisation in a feature or short film", "flat fee per film", 1200.0],
    ["SYNC-AD", "Synchronisation in an advertisement", "flat fee per campaign", 2400.0],
    ["SYNC-ONLINE", "Synchronisation in online video", "flat fee per channel", 180.0],
    ["MECH-PHYS", "Mechanical reproduction on CD or vinyl", "per unit pressed", 95.0],
    ["PUB-PERF", "Public performance at a venue or event", "per event", 60.0],
]
_TERRITORY_FACTOR = {"GB": 1.0, "IE": 0.35, "DE": 0.6, "AT": 0.2, "CH": 0.25, "FR": 0.5, "NL": 0.3, "US": 1.4,
                     "CA": 0.4, "AU": 0.35, "WORLD": 3.0}


class _Problem(Exception):
    def __init__(self, status: int, slug: str, title: str, detail: str) -> None:
        super().__init__(detail)
        self.body = {"type": PROBLEMS + slug, "title": title, "status": status, "detail": detail}


def FAILURE(reply) -> bool:
    """True for an RFC 7807 problem object (an HTTP error status of 400 or more)."""
    return isinstance(reply, dict) and isinstance(reply.get("status"), int) and reply["status"] >= 400 \
        and "type" in reply


def _api(fn):
    """Return a raised ``_Problem`` as its problem object, as the API's error handler does."""

    @functools.wraps(fn)
    def handler(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except _Problem as p:
            return dict(p.body)

    return handler


def _bad(detail, slug="invalid-request"):
    return _Problem(400, slug, "Invalid request", detail)


def _missing(detail):
    return _Problem(404, "not-found", "Not found", detail)


def _conflict(detail, slug="conflict"):
    return _Problem(409, slug, "Conflict", detail)


def _forbidden(detail):
    return _Problem(403, "forbidden", "Forbidden", detail)


def _party(ipi, name, role, society, member=None):
    return {"ipi": ipi, "name": name, "role": role, "society": society, "member_number": member}


def _work(wid, title, status, iswc, duration, shares, created_by, recordings=(), alt=(), genre="folk"):
    return {"work_id": wid, "title": title, "status": status, "iswc": iswc, "duration_s": duration,
            "genre": genre, "shares": [list(s) for s in shares], "created_by": created_by,
            "recordings": [list(r) for r in recordings], "alternate_titles": list(alt), "dispute_id": None}


class State:
    """Albion Music Rights, Monday 10 July 2028."""

    def __init__(self) -> None:
        self.members = {
            "W-204117": {"password": "Harbour#Lights9", "name": "Niamh Doyle", "ipi": "00873015921",
                         "roles": ["writer"], "email": "niamh@niamhdoyle.ie", "phone": "+353 87 555 0419"},
            "P-30882": {"password": "Quay-Side-2208", "name": "Harbourline Music Publishing Ltd",
                        "ipi": "00912004577", "roles": ["publisher"], "email": "rights@harbourline.co.uk",
                        "phone": "0117 555 0380"},
            "P-31540": {"password": "Kestrel!Songs31", "name": "Kestrel Songs Ltd", "ipi": "00931177260",
                        "roles": ["publisher"], "email": "admin@kestrelsongs.com", "phone": "0161 555 0247"},
            "S-0042": {"password": "Registry.Joy.42", "name": "Joy Adebayo (AMR registry)", "ipi": None,
                       "roles": ["registry_officer"], "email": "j.adebayo@albionmusicrights.org.uk",
                       "phone": "020 7946 0042"},
        }
        self.parties = {p["ipi"]: p for p in [
            _party("00873015921", "Niamh Doyle", "composer_author", "AMR", "W-204117"),
            _party("00790442318", "Cian Byrne", "composer", "IMRO"),
            _party("00655120984", "Tom Ashby", "composer", "AMR"),
            _party("00702336815", "Ruth Ashby", "author", "AMR"),
            _party("00912004577", "Harbourline Music Publishing Ltd", "publisher", "AMR", "P-30882"),
            _party("00931177260", "Kestrel Songs Ltd", "publisher", "AMR", "P-31540"),
            _party("00944551023", "Nordlicht Musikverlag GmbH", "publisher", "GEMA"),
            _party("00950872264", "Maple Leaf Songs Inc", "publisher", "SOCAN"),
        ]}
        HL, ND, CB, TA, RA, KS = ("00912004577", "00873015921", "00790442318", "00655120984", "00702336815",
                                  "00931177260")
        self.works = {w["work_id"]: w for w in [
            _work("W-2201004", "Harbour Lights", "registered", "T-912.447.203-1", 214,
                  [(ND, "CA", 50.0), (HL, "E", 50.0)], "P-30882",
                  [("IEAB12800315", "Niamh Doyle", "Harbour Lights", 214)]),
            _work("W-2202210", "Low Tide", "registered", "T-912.501.876-2", 187,
                  [(ND, "CA", 30.0), (CB, "C", 20.0), (HL, "E", 50.0)], "W-204117"),
            _work("W-2199856", "Winter Pier", "disputed", "T-912.388.402-7", 242,
                  [(ND, "CA", 50.0), (HL, "E", 50.0)], "P-30882"),
            _work("W-2201187", "Salt Road", "draft", None, 201, [(ND, "CA", 40.0), (CB, "C", 30.0)], "W-204117"),
            _work("W-2200530", "Copper Kettle Blues", "registered", "T-912.433.090-5", 176,
                  [(TA, "C", 25.0), (RA, "A", 25.0), (HL, "E", 50.0)], "P-30882", genre="jazz"),
            _work("W-2198411", "Glass Orchard", "registered", "T-912.370.615-3", 228,
                  [(TA, "CA", 50.0), (HL, "E", 50.0)], "P-30882", genre="pop"),
            _work("W-2197032", "Paper Boats", "registered", "T-912.351.227-8", 195,
                  [(CB, "CA", 50.0), (HL, "E", 50.0)], "P-30882"),
            _work("W-2195522", "Northern Lights Waltz", "registered", "T-912.318.776-0", 262,
                  [(TA, "C", 50.0), (KS, "E", 50.0)], "P-31540", genre="classical"),
        ]}
        self.works["W-2199856"]["dispute_id"] = "D-40087"
        self.disputes = {
            "D-40087": {"dispute_id": "D-40087", "work_id": "W-2199856", "claimant": "P-31540", "claimed_share": 25.0,
                        "grounds": "Co-written at the 2026 Ballyvaughan writing camp; Kestrel administers the "
                                   "third writer's share", "status": "open", "note": None},
        }
        self.licences = {
            "L-55001": {"licence_id": "L-55001", "work_id": "W-2201004", "licence_type": "SYNC-TV",
                        "licensee": "Tidewater Productions", "licensee_email": "music@tidewater.tv",
                        "territories": ["GB", "IE"], "term_months": 24, "fee": 877.5, "status": "active"},
        }
        self.quotes = {}
        self.cue_sheets = {}
        self.statements = {
            "RS-2028-Q1": {"member": "W-204117", "period": "2028 Q1", "net_amount": 192.18, "status": "paid",
                           "lines": [
                               [1, "W-2201004", "Harbour Lights", "BBC Radio 2", "GB", 84.20],
                               [2, "W-2201004", "Harbour Lights", "Spotify", "WORLD", 41.77],
                               [3, "W-2202210", "Low Tide", "BBC 6 Music", "GB", 22.10],
                               [4, "W-2199856", "Winter Pier", "ITV", "GB", 0.00],
                               [5, "W-2202210", "Low Tide", "Apple Music", "WORLD", 9.63],
                               [6, "W-2201004", "Harbour Lights", "Whelan's, Dublin (live)", "IE", 18.40],
                               [7, "W-2201004", "Harbour Lights", "RTE Radio 1", "IE", 0.00],
                               [8, "W-2202210", "Low Tide", "Radio Nova", "IE", 3.12],
                               [9, "W-2201004", "Harbour Lights", "YouTube", "WORLD", 12.96],
                               [10, "W-2199856", "Winter Pier", "Spotify", "WORLD", 0.00],
                           ]},
            "RS-2027-Q4": {"member": "W-204117", "period": "2027 Q4", "net_amount": 388.10, "status": "paid",
                           "lines": [[1, "W-2201004", "Harbour Lights", "BBC Radio 2", "GB", 301.44],
                                     [2, "W-2202210", "Low Tide", "Spotify", "WORLD", 86.66]]},
            "RS-2028-Q1-P": {"member": "P-30882", "period": "2028 Q1", "net_amount": 1840.65, "status": "paid",
                             "lines": [[1, "W-2200530", "Copper Kettle Blues", "Jazz FM", "GB", 210.30],
                                       [2, "W-2201004", "Harbour Lights", "BBC Radio 2", "GB", 84.20]]},
        }
        self.balances = {"W-204117": 647.25, "P-30882": 3120.40, "P-31540": 955.00, "S-0042": 0.0}
        self.bank_accounts = {
            "ba_7781": {"bank_account_id": "ba_7781", "member": "W-204117", "bank": "Monzo", "last4": "4410",
                        "account_name": "N DOYLE", "status": "verified", "test_deposit_pence": None},
            "ba_7790": {"bank_account_id": "ba_7790", "member": "W-204117", "bank": "Starling", "last4": "2286",
                        "account_name": "NIAMH DOYLE MUSIC", "status": "pending_verification",
                        "test_deposit_pence": 37},
            "ba_6120": {"bank_account_id": "ba_6120", "member": "P-30882", "bank": "Barclays", "last4": "9034",
                        "account_name": "HARBOURLINE MUSIC PUB", "status": "verified", "test_deposit_pence": None},
        }
        self.payouts = {}
        self.agreements = {}
        self.queries = []
        self.messages = []
        self.tokens = {}
        self.counters = {"token": 5200, "work": 2203001, "ipi": 873221046, "dispute": 40112, "licence": 55012,
                         "quote": 901, "cue": 7781, "query": 1207, "bank": 7810, "payout": 33050, "agreement": 410,
                         "message": 88120, "iswc": 530118}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _session(state, access_token, roles=None):
    member_number = state.tokens.get(access_token)
    if member_number is None:
        raise _Problem(401, "unauthorised", "Unauthorised", "Missing, expired or revoked access token")
    m = state.members[member_number]
    if roles and not set(roles) & set(m["roles"]):
        raise _forbidden(f"This needs the {' or '.join(roles)} role")
    return member_number, m


def _work_of(state, work_id):
    w = state.works.get(work_id)
    if w is None:
        raise _missing(f"No work {work_id}")
    return w


def _on_work(state, member_number, w):
    m = state.members[member_number]
    if "registry_officer" in m["roles"]:
        return
    if w["created_by"] != member_number and m["ipi"] not in [s[0] for s in w["shares"]]:
        raise _forbidden(f"{m['name']} has no share in {w['work_id']}")


def _total(w):
    return round(sum(s[2] for s in w["shares"]), 2)


def _work_row(state, w):
    shares = [[ipi, state.parties[ipi]["name"], role, share] for ipi, role, share in w["shares"]]
    return [w["work_id"], w["title"], w["status"], w["iswc"], shares]


def _territories(territories):
    if not territories:
        raise _bad("Give at least one territory")
    for t in territories:
        if t not in _TERRITORIES:
            raise _bad(f"Unknown territory {t!r}; use one of {', '.join(_TERRITORIES)}", "invalid-territory")
    return sorted(set(territories))


# --------------------------------------------------------------------------- session and profile


@_api
def login(member_number: str, password: str, state: State) -> dict:
    """Sign in to the members' API.

    Parameters
    ----------
    member_number : str
        The member or staff number, e.g. ``W-204117``.
    password : str
        The member's password.

    Returns
    -------
    dict
        ``access_token``, ``token_type``, ``expires_in`` and the ``member`` signed in.
    """
    m = state.members.get(member_number.strip().upper())
    if m is None or m["password"] != password:
        raise _Problem(401, "invalid-credentials", "Unauthorised", "Member number or password not recognised")
    token = f"amr_at_{_next(state, 'token')}"
    state.tokens[token] = member_number.strip().upper()
    return {"access_token": token, "token_type": "Bearer", "expires_in": 3600,
            "member": {"member_number": member_number.strip().upper(), "name": m["name"], "roles": list(m["roles"])}}


@_api
def logout(access_token: str, state: State) -> dict:
    """Revoke an access token.

    Parameters
    ----------
    access_token : str
        The token to revoke.
    """
    member_number, _ = _session(state, access_token)
    del state.tokens[access_token]
    return {"revoked": True, "member_number": member_number}


@_api
def get_member_profile(access_token: str, state: State) -> dict:
    """The signed-in member's profile: name, IPI name number, roles and contact details.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    """
    member_number, m = _session(state, access_token)
    return {"member_number": member_number, "name": m["name"], "ipi": m["ipi"], "roles": list(m["roles"]),
            "email": m["email"], "phone": m["phone"]}


@_api
def update_contact_details(access_token: str, email: Optional[str] = None, phone: Optional[str] = None,
                           state: State = None) -> dict:
    """Change the signed-in member's e-mail address or phone number.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    email : str, optional
        The new e-mail address.
    phone : str, optional
        The new phone number.
    """
    member_number, m = _session(state, access_token)
    changes = {}
    if email is not None and email.strip().lower() != m["email"]:
        if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email.strip().lower()):
            raise _bad(f"{email} is not an e-mail address")
        changes["email"] = email.strip().lower()
    if phone is not None and re.sub(r"\D", "", phone) != re.sub(r"\D", "", m["phone"]):
        if len(re.sub(r"\D", "", phone)) < 9:
            raise _bad(f"{phone} is not a phone number")
        changes["phone"] = phone.strip()
    if not changes:
        raise _conflict("No change: the profile already has these details", "no-change")
    m.update(changes)
    return {"member_number": member_number, "name": m["name"], "ipi": m["ipi"], "roles": list(m["roles"]),
            "email": m["email"], "phone": m["phone"]}


# --------------------------------------------------------------------------- parties


@_api
def search_parties(name: str, role: Optional[PartyRole] = None, state: State = None) -> list:
    """Search the public register of interested parties (writers and publishers) by name.

    Parameters
    ----------
    name : str
        Part of the party's name.
    role : {"composer", "author", "composer_author", "arranger", "publisher"}, optional
        Only parties with this role.

    Returns
    -------
    list of dict
        ``ipi``, ``name``, ``role`` and ``society`` of each party found.
    """
    q = name.strip().lower()
    if len(q) < 2:
        raise _bad("Search with at least two characters")
    return [{"ipi": p["ipi"], "name": p["name"], "role": p["role"], "society": p["society"]}
            for p in sorted(state.parties.values(), key=lambda p: p["name"])
            if q in p["name"].lower() and (role is None or p["role"] == role)]


@_api
def register_party(access_token: str, name: str, role: PartyRole, society: str, state: State = None) -> str:
    """Register a writer or publisher not yet on the register and get their IPI name number.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    name : str
        The party's full name as credited.
    role : {"composer", "author", "composer_author", "arranger", "publisher"}
        What the party does.
    society : str
        The society the party belongs to.

    Returns
    -------
    str
        A sentence with the new IPI name number.
    """
    _session(state, access_token)
    if role not in ("composer", "author", "composer_author", "arranger", "publisher"):
        raise _bad(f"Unknown role {role}")
    if society not in _SOCIETIES:
        raise _bad(f"Unknown society {society!r}; use one of {', '.join(_SOCIETIES)}", "invalid-society")
    if any(p["name"].lower() == name.strip().lower() and p["role"] == role for p in state.parties.values()):
        raise _conflict(f"{name} is already registered as a {role}", "duplicate-party")
    ipi = f"{_next(state, 'ipi'):011d}"
    state.parties[ipi] = _party(ipi, name.strip(), role, society)
    return f"Registered {name.strip()} ({role.replace('_', ' and ')}, {society}) with IPI name number {ipi}."


# --------------------------------------------------------------------------- works


@_api
def list_member_works(access_token: str, status: Optional[str] = None, page: int = 1, state: State = None) -> dict:
    """The works the signed-in member holds a share in or created, drafts included, five a page.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    status : str, optional
        Only works in this status.
    page : int
        The page, from 1.

    Returns
    -------
    dict
        ``rows`` as ``[work_id, title, status, iswc, share_total]``, ``page`` and ``pages``.
    """
    member_number, m = _session(state, access_token)
    if status is not None and status not in _WORK_STATUSES:
        raise _bad(f"Unknown status {status!r}; use one of {', '.join(_WORK_STATUSES)}", "invalid-status")
    mine = [w for w in sorted(state.works.values(), key=lambda w: w["title"])
            if (w["created_by"] == member_number or m["ipi"] in [s[0] for s in w["shares"]])
            and (status is None or w["status"] == status)]
    pages = max(1, -(-len(mine) // PAGE_WORKS))
    if not 1 <= page <= pages:
        raise _missing(f"No page {page}; there are {pages}")
    chunk = mine[(page - 1) * PAGE_WORKS: page * PAGE_WORKS]
    return {"rows": [[w["work_id"], w["title"], w["status"], w["iswc"], _total(w)] for w in chunk], "page": page,
            "pages": pages}


@_api
def create_work(access_token: str, title: str, duration_s: int, genre: Optional[Genre] = None,
                state: State = None) -> str:
    """Create a draft work. Shares are added next; the work is registered when they come to 100%.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    title : str
        The work's title.
    duration_s : int
        Its duration in seconds.
    genre : {"pop", "rock", "folk", "jazz", "classical", "electronic", "screen"}, optional
        Its genre.

    Returns
    -------
    str
        A sentence with the new work id.
    """
    member_number, _ = _session(state, access_token)
    if not title.strip():
        raise _bad("A work needs a title")
    if not isinstance(duration_s, int) or not 10 <= duration_s <= 7200:
        raise _bad("duration_s is a whole number of seconds from 10 to 7200")
    wid = f"W-{_next(state, 'work')}"
    state.works[wid] = _work(wid, title.strip(), "draft", None, duration_s, [], member_number, genre=genre or "pop")
    return f"Draft work '{title.strip()}' saved as {wid}."


@_api
def add_share(access_token: str, work_id: str, ipi: str, role: ShareRole, share: float, state: State = None) -> float:
    """Add a writer's or publisher's share to a draft work.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    work_id : str
        The draft work.
    ipi : str
        The party's IPI name number.
    role : {"CA", "C", "A", "AR", "E", "SE"}
        Composer/author, composer, author, arranger, original publisher, sub-publisher.
    share : float
        The percentage.

    Returns
    -------
    float
        The total now allocated on the work.
    """
    member_number, _ = _session(state, access_token)
    w = _work_of(state, work_id)
    _on_work(state, member_number, w)
    if w["status"] != "draft":
        raise _conflict(f"{work_id} is {w['status']}; shares change only on a draft", "wrong-status")
    p = state.parties.get(ipi)
    if p is None:
        raise _missing(f"No party with IPI {ipi}")
    if role not in _WRITER_ROLES + _PUBLISHER_ROLES:
        raise _bad(f"Unknown role code {role}")
    if (role in _PUBLISHER_ROLES) != (p["role"] == "publisher"):
        raise _bad(f"{p['name']} is a {p['role']} and cannot take role {role}")
    if ipi in [s[0] for s in w["shares"]]:
        raise _conflict(f"{p['name']} already has a share in {work_id}", "duplicate-share")
    if not 0 < share <= 100 or _total(w) + share > 100.0001:
        raise _bad(f"That would bring the shares to {_total(w) + share:.2f}%, over 100%")
    w["shares"].append([ipi, role, round(float(share), 2)])
    return _total(w)


@_api
def remove_share(access_token: str, work_id: str, ipi: str, state: State = None) -> float:
    """Remove a party's share from a draft work.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    work_id : str
        The draft work.
    ipi : str
        The party's IPI name number.

    Returns
    -------
    float
        The total still allocated.
    """
    member_number, _ = _session(state, access_token)
    w = _work_of(state, work_id)
    _on_work(state, member_number, w)
    if w["status"] != "draft":
        raise _conflict(f"{work_id} is {w['status']}; shares change only on a draft", "wrong-status")
    if ipi not in [s[0] for s in w["shares"]]:
        raise _missing(f"IPI {ipi} has no share in {work_id}")
    w["shares"] = [s for s in w["shares"] if s[0] != ipi]
    return _total(w)


@_api
def submit_work(access_token: str, work_id: str, state: State = None) -> str:
    """Submit a draft work for registration: its shares must come to exactly 100% with at least one
    writer. The work is registered and given an ISWC.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    work_id : str
        The draft work.

    Returns
    -------
    str
        A sentence with the ISWC.
    """
    member_number, _ = _session(state, access_token)
    w = _work_of(state, work_id)
    _on_work(state, member_number, w)
    if w["status"] != "draft":
        raise _conflict(f"{work_id} is already {w['status']}", "wrong-status")
    if abs(_total(w) - 100.0) > 0.001:
        raise _Problem(422, "shares-incomplete", "Unprocessable", f"Shares on {work_id} come to {_total(w):.2f}%, "
                       "not 100%")
    if not any(s[1] in _WRITER_ROLES for s in w["shares"]):
        raise _Problem(422, "no-writer", "Unprocessable", "A work needs at least one writer")
    n = _next(state, "iswc")
    w["iswc"] = f"T-912.{n // 1000:03d}.{n % 1000:03d}-{n % 7}"
    w["status"] = "registered"
    return f"'{w['title']}' ({work_id}) is registered; ISWC {w['iswc']}."


@_api
def search_works(title: Optional[str] = None, writer_ipi: Optional[str] = None, state: State = None) -> list:
    """Search the public register of works (drafts are not public) by title or by a writer's IPI.

    Parameters
    ----------
    title : str, optional
        Part of the title.
    writer_ipi : str, optional
        A party's IPI name number.

    Returns
    -------
    list of list
        ``[work_id, title, status, iswc, shares]`` with shares as ``[ipi, name, role, share]`` rows.
    """
    if not title and not writer_ipi:
        raise _bad("Search by title or writer_ipi")
    q = (title or "").strip().lower()
    return [_work_row(state, w) for w in sorted(state.works.values(), key=lambda w: w["title"])
            if w["status"] != "draft" and q in w["title"].lower()
            and (writer_ipi is None or writer_ipi in [s[0] for s in w["shares"]])]


@_api
def get_work(access_token: str, work_id: str, state: State = None) -> dict:
    """A work's full record: status, ISWC, shares as rows, alternate titles, recordings and any dispute.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    work_id : str
        The work.
    """
    member_number, _ = _session(state, access_token)
    w = _work_of(state, work_id)
    if w["status"] == "draft":
        _on_work(state, member_number, w)
    row = _work_row(state, w)
    return {"work_id": w["work_id"], "title": w["title"], "status": w["status"], "iswc": w["iswc"],
            "duration_s": w["duration_s"], "genre": w["genre"], "shares": row[4], "share_total": _total(w),
            "alternate_titles": list(w["alternate_titles"]), "recordings": copy.deepcopy(w["recordings"]),
            "dispute_id": w["dispute_id"]}


@_api
def add_alternate_title(access_token: str, work_id: str, title: str, title_type: TitleType = "AT",
                        state: State = None) -> list:
    """Add an alternate (AT), translated (TT) or first-line (FT) title to a work.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    work_id : str
        The work.
    title : str
        The other title.
    title_type : {"AT", "TT", "FT"}
        Its kind.

    Returns
    -------
    list of str
        The work's alternate titles.
    """
    member_number, _ = _session(state, access_token)
    w = _work_of(state, work_id)
    _on_work(state, member_number, w)
    if w["status"] == "withdrawn":
        raise _conflict(f"{work_id} is withdrawn", "wrong-status")
    if title_type not in ("AT", "TT", "FT"):
        raise _bad("title_type is AT, TT or FT")
    if title.strip().lower() in [t.lower() for t in w["alternate_titles"]] + [w["title"].lower()]:
        raise _conflict(f"'{title}' is already a title of {work_id}", "duplicate-title")
    w["alternate_titles"].append(title.strip())
    return list(w["alternate_titles"])


@_api
def withdraw_work(access_token: str, work_id: str, reason: str, state: State = None) -> str:
    """Withdraw a registered work from the register (not while it is disputed or licensed).

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    work_id : str
        The work.
    reason : str
        Why it is withdrawn.
    """
    member_number, _ = _session(state, access_token)
    w = _work_of(state, work_id)
    _on_work(state, member_number, w)
    if w["status"] != "registered":
        raise _conflict(f"{work_id} is {w['status']}; only a registered work can be withdrawn", "wrong-status")
    live = [x["licence_id"] for x in state.licences.values() if x["work_id"] == work_id and x["status"] == "active"]
    if live:
        raise _conflict(f"{work_id} has a licence in force ({', '.join(live)})", "licensed")
    if len(reason.strip()) < 5:
        raise _bad("Give a reason")
    w["status"] = "withdrawn"
    return f"'{w['title']}' ({work_id}) withdrawn from the register."


@_api
def register_recording(access_token: str, work_id: str, isrc: str, artist: str, recording_title: str,
                       duration_s: int, state: State = None) -> dict:
    """Link a released recording (by ISRC) to a registered work.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    work_id : str
        The registered work.
    isrc : str
        The recording's ISRC, e.g. ``GB-AMR-28-00042``.
    artist : str
        The performing artist.
    recording_title : str
        The title on the release.
    duration_s : int
        The recording's length in seconds.
    """
    member_number, _ = _session(state, access_token)
    w = _work_of(state, work_id)
    _on_work(state, member_number, w)
    if w["status"] not in ("registered", "disputed"):
        raise _conflict(f"{work_id} is {w['status']}; recordings link to registered works", "wrong-status")
    code = isrc.replace("-", "").upper()
    if not re.fullmatch(r"[A-Z]{2}[A-Z0-9]{3}\d{7}", code):
        raise _bad(f"{isrc} is not an ISRC")
    if any(code == r[0] for x in state.works.values() for r in x["recordings"]):
        raise _conflict(f"ISRC {code} is already linked", "duplicate-isrc")
    w["recordings"].append([code, artist.strip(), recording_title.strip(), duration_s])
    return {"isrc": code, "work_id": work_id, "artist": artist.strip(), "recording_title": recording_title.strip(),
            "duration_s": duration_s}


# --------------------------------------------------------------------------- disputes


@_api
def open_dispute(access_token: str, work_id: str, claimed_share: float, grounds: str, state: State = None) -> str:
    """Dispute the shares registered on a work; the work is on hold (not licensable) until the dispute
    is resolved or withdrawn.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    work_id : str
        The registered work.
    claimed_share : float
        The share the member says is theirs.
    grounds : str
        The grounds of the claim.

    Returns
    -------
    str
        A sentence with the new dispute id.
    """
    member_number, _ = _session(state, access_token)
    w = _work_of(state, work_id)
    if w["status"] != "registered":
        raise _conflict(f"{work_id} is {w['status']}; only a registered work can be disputed", "wrong-status")
    if not 0 < claimed_share <= 100:
        raise _bad("claimed_share is a percentage")
    if len(grounds.strip()) < 20:
        raise _bad("Set out the grounds of the claim")
    did = f"D-{_next(state, 'dispute')}"
    state.disputes[did] = {"dispute_id": did, "work_id": work_id, "claimant": member_number,
                           "claimed_share": float(claimed_share), "grounds": grounds, "status": "open", "note": None}
    w["status"] = "disputed"
    w["dispute_id"] = did
    return f"Dispute {did} opened on '{w['title']}' ({work_id}); the work is on hold."


@_api
def list_disputes(access_token: str, status: Optional[str] = None, state: State = None) -> list:
    """Disputes the member opened or that concern the member's works (every dispute for registry staff).

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    status : str, optional
        Only disputes in this status.

    Returns
    -------
    list of list
        ``[dispute_id, work_id, title, claimant, claimed_share, status]``.
    """
    member_number, m = _session(state, access_token)
    if status is not None and status not in _DISPUTE_STATUSES:
        raise _bad(f"Unknown status {status!r}; use one of {', '.join(_DISPUTE_STATUSES)}", "invalid-status")
    rows = []
    for d in sorted(state.disputes.values(), key=lambda d: d["dispute_id"]):
        w = state.works[d["work_id"]]
        mine = (d["claimant"] == member_number or "registry_officer" in m["roles"]
                or m["ipi"] in [s[0] for s in w["shares"]])
        if mine and (status is None or d["status"] == status):
            rows.append([d["dispute_id"], d["work_id"], w["title"], state.members[d["claimant"]]["name"],
                         d["claimed_share"], d["status"]])
    return rows


@_api
def resolve_dispute(access_token: str, dispute_id: str, outcome: Outcome, note: str, state: State = None) -> str:
    """Resolve an open dispute (registry officers only); the hold on the work is lifted.

    Parameters
    ----------
    access_token : str
        A registry officer's token.
    dispute_id : str
        The dispute.
    outcome : {"upheld", "rejected", "settled"}
        The decision.
    note : str
        The reasons, sent to both sides.
    """
    _session(state, access_token, roles=["registry_officer"])
    d = state.disputes.get(dispute_id)
    if d is None:
        raise _missing(f"No dispute {dispute_id}")
    if d["status"] != "open":
        raise _conflict(f"Dispute {dispute_id} is {d['status']}", "wrong-status")
    if outcome not in ("upheld", "rejected", "settled"):
        raise _bad("outcome is upheld, rejected or settled")
    d.update(status="resolved", note=f"{outcome}: {note}")
    w = state.works[d["work_id"]]
    w["status"] = "registered"
    w["dispute_id"] = None
    return f"Dispute {dispute_id} resolved ({outcome}); '{w['title']}' is no longer on hold."


@_api
def withdraw_dispute(access_token: str, dispute_id: str, state: State = None) -> str:
    """Withdraw a dispute the signed-in member opened; the hold on the work is lifted.

    Parameters
    ----------
    access_token : str
        The claimant's token.
    dispute_id : str
        The dispute.
    """
    member_number, _ = _session(state, access_token)
    d = state.disputes.get(dispute_id)
    if d is None:
        raise _missing(f"No dispute {dispute_id}")
    if d["claimant"] != member_number:
        raise _forbidden("Only the member who opened a dispute can withdraw it")
    if d["status"] != "open":
        raise _conflict(f"Dispute {dispute_id} is {d['status']}", "wrong-status")
    d["status"] = "withdrawn"
    w = state.works[d["work_id"]]
    w["status"] = "registered"
    w["dispute_id"] = None
    return f"Dispute {dispute_id} withdrawn; '{w['title']}' is no longer on hold."


# --------------------------------------------------------------------------- licensing and cue sheets


@_api
def list_licence_types(state: State) -> list:
    """The licences the society quotes for, as rows ``[code, description, basis, base_fee]``."""
    return copy.deepcopy(_LICENCE_TYPES)


@_api
def quote_licence(access_token: str, work_id: str, licence_type: str, territories: List[str], term_months: int,
                  state: State = None) -> dict:
    """Quote a licence on a registered work that is not on hold.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    work_id : str
        The work.
    licence_type : str
        A licence type code.
    territories : list of str
        Where the licence applies.
    term_months : int
        How long it runs (1-60 months).

    Returns
    -------
    dict
        ``quote_id``, ``fee`` in GBP and the terms.
    """
    _session(state, access_token)
    w = _work_of(state, work_id)
    if w["status"] == "disputed":
        raise _conflict(f"{work_id} is on hold while dispute {w['dispute_id']} is open", "on-hold")
    if w["status"] != "registered":
        raise _conflict(f"{work_id} is {w['status']}; only registered works can be licensed", "wrong-status")
    kind = next((t for t in _LICENCE_TYPES if t[0] == licence_type), None)
    if kind is None:
        raise _bad(f"Unknown licence type {licence_type}")
    where = _territories(territories)
    if not isinstance(term_months, int) or not 1 <= term_months <= 60:
        raise _bad("term_months is 1 to 60")
    fee = round(kind[3] * sum(_TERRITORY_FACTOR[t] for t in where) * (1 + term_months / 24), 2)
    qid = f"Q-{_next(state, 'quote')}"
    q = {"quote_id": qid, "work_id": work_id, "licence_type": licence_type, "territories": where,
         "term_months": term_months, "fee": fee, "currency": "GBP", "valid_until": "2028-07-24"}
    state.quotes[qid] = dict(q, used=False)
    return q


@_api
def issue_licence(access_token: str, quote_id: str, licensee_name: str, licensee_email: str,
                  state: State = None) -> str:
    """Issue a licence on the terms of a quote (publishers only).

    Parameters
    ----------
    access_token : str
        A publisher's token.
    quote_id : str
        The quote.
    licensee_name : str
        Who is licensed.
    licensee_email : str
        Where the licence is sent.

    Returns
    -------
    str
        A sentence with the new licence id.
    """
    _session(state, access_token, roles=["publisher"])
    q = state.quotes.get(quote_id)
    if q is None or q["used"]:
        raise _missing(f"No open quote {quote_id}")
    w = state.works[q["work_id"]]
    if w["status"] != "registered":
        raise _conflict(f"{w['work_id']} is {w['status']}", "wrong-status")
    if "@" not in licensee_email:
        raise _bad(f"{licensee_email} is not an e-mail address")
    q["used"] = True
    lid = f"L-{_next(state, 'licence')}"
    state.licences[lid] = {"licence_id": lid, "work_id": q["work_id"], "licence_type": q["licence_type"],
                           "licensee": licensee_name.strip(), "licensee_email": licensee_email.strip(),
                           "territories": q["territories"], "term_months": q["term_months"], "fee": q["fee"],
                           "status": "active"}
    return (f"Licence {lid} issued to {licensee_name.strip()}: {q['licence_type']} for '{w['title']}', "
            f"{'+'.join(q['territories'])}, {q['term_months']} months, fee {q['fee']:,.2f} GBP.")


@_api
def list_licences(access_token: str, work_id: str, state: State = None) -> list:
    """Licences issued on a work.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    work_id : str
        The work.
    """
    _session(state, access_token)
    _work_of(state, work_id)
    return [{k: v for k, v in x.items() if k != "licensee_email"} for x in
            sorted(state.licences.values(), key=lambda x: x["licence_id"]) if x["work_id"] == work_id]


@_api
def revoke_licence(access_token: str, licence_id: str, reason: str, state: State = None) -> dict:
    """Revoke a licence in force (publishers only).

    Parameters
    ----------
    access_token : str
        A publisher's token.
    licence_id : str
        The licence.
    reason : str
        Why it is revoked.
    """
    _session(state, access_token, roles=["publisher"])
    x = state.licences.get(licence_id)
    if x is None:
        raise _missing(f"No licence {licence_id}")
    if x["status"] != "active":
        raise _conflict(f"Licence {licence_id} is already {x['status']}", "wrong-status")
    x["status"] = "revoked"
    x["revocation_reason"] = reason
    return {k: v for k, v in x.items() if k != "licensee_email"}


@_api
def submit_cue_sheet(access_token: str, production_title: str, broadcaster: str, work_ids: List[str],
                     durations_s: List[int], state: State = None) -> str:
    """File a cue sheet: the registered works used in a broadcast production and for how long.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    production_title : str
        The programme or film.
    broadcaster : str
        Who broadcast it.
    work_ids : list of str
        The works used, in order.
    durations_s : list of int
        Seconds of each cue, in the same order.
    """
    _session(state, access_token)
    if not work_ids or len(work_ids) != len(durations_s):
        raise _bad("Give one duration for each work")
    for wid in work_ids:
        w = _work_of(state, wid)
        if w["status"] not in ("registered", "disputed"):
            raise _conflict(f"{wid} is {w['status']}; cue sheets list registered works", "wrong-status")
    cid = f"CS-{_next(state, 'cue')}"
    state.cue_sheets[cid] = {"production": production_title, "broadcaster": broadcaster, "cues":
                             [[w, d] for w, d in zip(work_ids, durations_s)]}
    return f"Cue sheet {cid} accepted: {len(work_ids)} cues for '{production_title}' ({broadcaster})."


# --------------------------------------------------------------------------- royalties and payouts


@_api
def list_statements(access_token: str, year: Optional[int] = None, state: State = None) -> list:
    """The member's royalty statements, newest first.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    year : int, optional
        Only statements of this year.

    Returns
    -------
    list of dict
        ``statement_id``, ``period``, ``net_amount`` and ``status``.
    """
    member_number, _ = _session(state, access_token)
    out = [{"statement_id": sid, "period": s["period"], "net_amount": s["net_amount"], "status": s["status"]}
           for sid, s in state.statements.items() if s["member"] == member_number
           and (year is None or s["period"].startswith(str(year)))]
    return sorted(out, key=lambda s: s["period"], reverse=True)


@_api
def get_statement_lines(access_token: str, statement_id: str, page: int = 1, state: State = None) -> dict:
    """The lines of a royalty statement, four a page.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    statement_id : str
        The statement.
    page : int
        The page, from 1.

    Returns
    -------
    dict
        ``lines`` as ``[line_no, work_id, title, source, territory, amount]``, ``page`` and ``pages``.
    """
    member_number, _ = _session(state, access_token)
    s = state.statements.get(statement_id)
    if s is None or s["member"] != member_number:
        raise _missing(f"No statement {statement_id}")
    pages = max(1, -(-len(s["lines"]) // PAGE_LINES))
    if not isinstance(page, int) or not 1 <= page <= pages:
        raise _missing(f"No page {page}; there are {pages}")
    return {"statement_id": statement_id, "page": page, "pages": pages,
            "lines": copy.deepcopy(s["lines"][(page - 1) * PAGE_LINES: page * PAGE_LINES])}


@_api
def raise_statement_query(access_token: str, statement_id: str, line_no: int, message: str,
                          state: State = None) -> str:
    """Query a line of a royalty statement with the society's distribution team.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    statement_id : str
        The statement.
    line_no : int
        The line queried.
    message : str
        What is wrong with it.
    """
    member_number, _ = _session(state, access_token)
    s = state.statements.get(statement_id)
    if s is None or s["member"] != member_number:
        raise _missing(f"No statement {statement_id}")
    line = next((x for x in s["lines"] if x[0] == line_no), None)
    if line is None:
        raise _missing(f"Statement {statement_id} has no line {line_no}")
    if len(message.strip()) < 10:
        raise _bad("Say what is wrong with the line")
    qid = f"QY-{_next(state, 'query')}"
    state.queries.append({"query_id": qid, "statement_id": statement_id, "line_no": line_no, "message": message})
    return f"Query {qid} raised on line {line_no} of {statement_id} ({line[2]}, {line[3]}); we reply within 10 " \
           "working days."


@_api
def get_balance(access_token: str, state: State = None) -> float:
    """Royalties earned and not yet paid out, in GBP.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    """
    member_number, _ = _session(state, access_token)
    return state.balances[member_number]


@_api
def add_bank_account(access_token: str, sort_code: str, account_number: str, account_name: str,
                     state: State = None) -> dict:
    """Add a UK bank account for payouts. A test deposit is sent to it in one to two working days; the
    account can be paid once verified with that amount.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    sort_code : str
        Six digits, e.g. ``60-83-71``.
    account_number : str
        Eight digits.
    account_name : str
        The name on the account.
    """
    member_number, _ = _session(state, access_token)
    sc, acc = re.sub(r"\D", "", sort_code), re.sub(r"\D", "", account_number)
    if len(sc) != 6 or len(acc) != 8:
        raise _bad("A sort code has six digits and an account number eight")
    if any(b["member"] == member_number and b["last4"] == acc[-4:] for b in state.bank_accounts.values()):
        raise _conflict("That account is already on file", "duplicate-account")
    bid = f"ba_{_next(state, 'bank')}"
    state.bank_accounts[bid] = {"bank_account_id": bid, "member": member_number, "bank": f"sort code {sc[:2]}-..",
                                "last4": acc[-4:], "account_name": account_name.strip().upper(),
                                "status": "awaiting_test_deposit", "test_deposit_pence": None}
    out = {k: v for k, v in state.bank_accounts[bid].items() if k not in ("member", "test_deposit_pence")}
    return out


@_api
def list_bank_accounts(access_token: str, state: State = None) -> list:
    """The member's bank accounts and whether each is verified.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    """
    member_number, _ = _session(state, access_token)
    return [{k: v for k, v in b.items() if k not in ("member", "test_deposit_pence")}
            for b in sorted(state.bank_accounts.values(), key=lambda b: b["bank_account_id"])
            if b["member"] == member_number]


@_api
def verify_bank_account(access_token: str, bank_account_id: str, deposit_pence: int, state: State = None) -> dict:
    """Verify a bank account with the amount of the test deposit it received.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    bank_account_id : str
        The account.
    deposit_pence : int
        The test deposit, in pence.
    """
    member_number, _ = _session(state, access_token)
    b = state.bank_accounts.get(bank_account_id)
    if b is None or b["member"] != member_number:
        raise _missing(f"No bank account {bank_account_id}")
    if b["status"] == "verified":
        raise _conflict(f"{bank_account_id} is already verified", "no-change")
    if b["test_deposit_pence"] is None:
        raise _conflict("The test deposit has not been sent yet", "wrong-status")
    if deposit_pence != b["test_deposit_pence"]:
        raise _Problem(422, "deposit-mismatch", "Unprocessable", "That is not the amount we sent")
    b["status"] = "verified"
    return {k: v for k, v in b.items() if k not in ("member", "test_deposit_pence")}


@_api
def request_payout(access_token: str, amount: float, bank_account_id: str, state: State = None) -> dict:
    """Pay unpaid royalties to a verified bank account (at least 25.00, at most the balance).

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    amount : float
        The amount in GBP.
    bank_account_id : str
        A verified account.
    """
    member_number, _ = _session(state, access_token)
    b = state.bank_accounts.get(bank_account_id)
    if b is None or b["member"] != member_number:
        raise _missing(f"No bank account {bank_account_id}")
    if b["status"] != "verified":
        raise _conflict(f"{bank_account_id} is not verified", "unverified-account")
    if not isinstance(amount, (int, float)) or amount < MIN_PAYOUT:
        raise _bad(f"The smallest payout is {MIN_PAYOUT:.2f}")
    if amount > state.balances[member_number] + 1e-9:
        raise _Problem(422, "insufficient-balance", "Unprocessable", "That is more than the unpaid balance")
    state.balances[member_number] = round(state.balances[member_number] - amount, 2)
    pid = f"PO-{_next(state, 'payout')}"
    state.payouts[pid] = {"payout_id": pid, "member": member_number, "amount": round(float(amount), 2),
                          "bank_account_id": bank_account_id, "status": "scheduled", "pay_date": "2028-07-14"}
    return {k: v for k, v in state.payouts[pid].items() if k != "member"}


@_api
def cancel_payout(access_token: str, payout_id: str, state: State = None) -> dict:
    """Cancel a scheduled payout; the amount returns to the balance.

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    payout_id : str
        The payout.
    """
    member_number, _ = _session(state, access_token)
    p = state.payouts.get(payout_id)
    if p is None or p["member"] != member_number:
        raise _missing(f"No payout {payout_id}")
    if p["status"] != "scheduled":
        raise _conflict(f"Payout {payout_id} is {p['status']}", "wrong-status")
    p["status"] = "cancelled"
    state.balances[member_number] = round(state.balances[member_number] + p["amount"], 2)
    return {k: v for k, v in p.items() if k != "member"}


# --------------------------------------------------------------------------- sub-publishing and messages


@_api
def create_subpublishing_agreement(access_token: str, subpublisher_ipi: str, territories: List[str], share: float,
                                   start_date: str, end_date: str, state: State = None) -> dict:
    """Record a sub-publishing agreement with a foreign publisher (publishers only).

    Parameters
    ----------
    access_token : str
        A publisher's token.
    subpublisher_ipi : str
        The sub-publisher's IPI name number.
    territories : list of str
        Where the sub-publisher collects.
    share : float
        The sub-publisher's cut of the publisher's share, at most 50%.
    start_date : str
        YYYY-MM-DD.
    end_date : str
        YYYY-MM-DD.
    """
    member_number, m = _session(state, access_token, roles=["publisher"])
    p = state.parties.get(subpublisher_ipi)
    if p is None:
        raise _missing(f"No party with IPI {subpublisher_ipi}")
    if p["role"] != "publisher" or subpublisher_ipi == m["ipi"]:
        raise _bad(f"{p['name']} cannot be a sub-publisher here")
    where = _territories(territories)
    if not 0 < share <= 50:
        raise _bad("A sub-publisher's share is at most 50%")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", start_date) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", end_date) \
            or end_date <= start_date:
        raise _bad("Dates are YYYY-MM-DD, the end after the start")
    aid = f"AG-{_next(state, 'agreement')}"
    state.agreements[aid] = {"agreement_id": aid, "publisher": member_number, "subpublisher_ipi": subpublisher_ipi,
                             "subpublisher": p["name"], "territories": where, "share": float(share),
                             "start_date": start_date, "end_date": end_date, "works": []}
    return {k: v for k, v in state.agreements[aid].items() if k != "publisher"}


@_api
def assign_works_to_agreement(access_token: str, agreement_id: str, work_ids: List[str],
                              state: State = None) -> int:
    """Put registered works the publisher holds an original publisher (E) share in under a sub-publishing
    agreement.

    Parameters
    ----------
    access_token : str
        A publisher's token.
    agreement_id : str
        The agreement.
    work_ids : list of str
        The works.

    Returns
    -------
    int
        How many works the agreement now covers.
    """
    member_number, m = _session(state, access_token, roles=["publisher"])
    a = state.agreements.get(agreement_id)
    if a is None or a["publisher"] != member_number:
        raise _missing(f"No agreement {agreement_id}")
    if not work_ids:
        raise _bad("Give at least one work")
    for wid in work_ids:
        w = _work_of(state, wid)
        if w["status"] not in ("registered", "disputed"):
            raise _conflict(f"{wid} is {w['status']}", "wrong-status")
        if [m["ipi"], "E"] not in [s[:2] for s in w["shares"]]:
            raise _forbidden(f"{m['name']} is not the original publisher of {wid}")
    new = [w for w in work_ids if w not in a["works"]]
    if not new:
        raise _conflict("Those works are already on the agreement", "no-change")
    a["works"].extend(new)
    return len(a["works"])


@_api
def send_member_message(access_token: str, to_ipi: str, subject: str, body: str, state: State = None) -> str:
    """Write to another party through the society (forwarded to their society if not an AMR member).

    Parameters
    ----------
    access_token : str
        A token from ``login``.
    to_ipi : str
        The recipient's IPI name number.
    subject : str
        The subject line.
    body : str
        The message.
    """
    member_number, _ = _session(state, access_token)
    p = state.parties.get(to_ipi)
    if p is None:
        raise _missing(f"No party with IPI {to_ipi}")
    if not subject.strip() or not body.strip():
        raise _bad("A message needs a subject and a body")
    mid = f"M-{_next(state, 'message')}"
    state.messages.append({"message_id": mid, "from": member_number, "to": to_ipi, "subject": subject, "body": body})
    via = "" if p["member_number"] else f" via {p['society']}"
    return f"Message {mid} sent to {p['name']}{via}."


TOOLS = [
    login, logout, get_member_profile, update_contact_details,
    search_parties, register_party,
    list_member_works, create_work, add_share, remove_share, submit_work, search_works, get_work,
    add_alternate_title, withdraw_work, register_recording,
    open_dispute, list_disputes, resolve_dispute, withdraw_dispute,
    list_licence_types, quote_licence, issue_licence, list_licences, revoke_licence, submit_cue_sheet,
    list_statements, get_statement_lines, raise_statement_query, get_balance, add_bank_account, list_bank_accounts,
    verify_bank_account, request_payout, cancel_payout,
    create_subpublishing_agreement, assign_works_to_agreement, send_member_message,
]

FIXTURES = {
    "society": {"name": "Albion Music Rights (AMR)", "today": "Monday 10 July 2028"},
    "members": [
        {"name": "Niamh Doyle", "kind": "songwriter", "member_number": "W-204117", "password": "Harbour#Lights9",
         "says": "finished 'Salt Road' with Cian Byrne, whose share was entered as 30% by mistake and should be "
                 "20%, with Harbourline publishing 40%; a new song 'Tidewater' written "
                 "with Aoife Kerr, a new composer who has just joined AMR; her Starling account statement shows the "
                 "AMR test deposit of 37p; RTE Radio 1 played 'Harbour Lights' in March but the Q1 statement paid "
                 "nothing for it"},
        {"name": "Ewan Marsh for Harbourline Music Publishing Ltd", "kind": "publisher", "member_number": "P-30882",
         "password": "Quay-Side-2208",
         "says": "Brightwater Films wants 'Harbour Lights' for a short film in the UK and Ireland for two years; "
                 "Tidewater Productions breached their TV licence; signing Nordlicht Musikverlag for Germany, Austria "
                 "and Switzerland at 20% from 1 August 2028 for three years"},
        {"name": "Kestrel Songs Ltd", "kind": "publisher", "member_number": "P-31540", "password": "Kestrel!Songs31",
         "says": "has settled its claim on 'Winter Pier' with Harbourline privately"},
        {"name": "Joy Adebayo", "kind": "AMR registry officer", "member_number": "S-0042",
         "password": "Registry.Joy.42"},
    ],
    "others": {"licensee": {"name": "Brightwater Films Ltd", "email": "clearances@brightwaterfilms.co.uk"},
               "new_release": {"artist": "Niamh Doyle", "title": "Low Tide (Live at Whelan's)", "isrc": "IE-AB1-28-00422",
                               "duration": "3:41"}},
}

_TOKEN = "auth: bearer token (access_token)"
_SIGNED_IN = ["logout", "get_member_profile", "update_contact_details", "register_party", "list_member_works",
              "create_work", "add_share", "remove_share", "submit_work", "get_work", "add_alternate_title",
              "withdraw_work", "register_recording", "open_dispute", "list_disputes", "resolve_dispute",
              "withdraw_dispute", "quote_licence", "issue_licence", "list_licences", "revoke_licence",
              "submit_cue_sheet", "list_statements", "get_statement_lines", "raise_statement_query", "get_balance",
              "add_bank_account", "list_bank_accounts", "verify_bank_account", "request_payout", "cancel_payout",
              "create_subpublishing_agreement", "assign_works_to_agreement", "send_member_message"]
_REGISTERED_WORK = ["get_work", "add_alternate_title", "withdraw_work", "register_recording", "open_dispute",
                    "quote_licence", "list_licences", "submit_cue_sheet", "assign_works_to_agreement"]

GROUND_TRUTH = (
    [("login", c, _TOKEN) for c in _SIGNED_IN]
    + [("search_works|list_member_works", c, "id lookup: work id (row [0])") for c in _REGISTERED_WORK]
    + [
        ("create_work|list_member_works", "add_share",
         "id lookup/create: draft work id (list row [0], or the id in the new-work sentence)"),
        ("create_work|list_member_works", "remove_share",
         "id lookup/create: draft work id (list row [0], or the id in the new-work sentence)"),
        ("create_work|list_member_works", "submit_work",
         "id lookup/create: draft work id (list row [0], or the id in the new-work sentence)"),
        ("search_parties|register_party|get_member_profile", "add_share",
         "id lookup/create: IPI name number (ipi, the number in the registration sentence, or the member's own ipi)"),
        ("get_work", "remove_share", "id lookup: IPI of a share holder (shares[i][0])"),
        ("search_parties", "send_member_message", "id lookup: IPI name number (ipi)"),
        ("search_parties", "create_subpublishing_agreement", "id lookup: the sub-publisher's IPI (ipi)"),
        ("add_share", "submit_work", "state: shares come to 100% with a writer"),
        ("submit_work", "register_recording", "state: the work registered"),
        ("submit_work", "quote_licence", "state: the work registered"),
        ("resolve_dispute|withdraw_dispute", "quote_licence", "state: the hold of a dispute lifted"),
        ("list_licence_types", "quote_licence", "vocabulary: licence type code (row [0])"),
        ("quote_licence", "issue_licence", "id create: quote id (quote_id)"),
        ("issue_licence|list_licences", "revoke_licence",
         "id lookup/create: licence id (licence_id, or the id in the licence sentence)"),
        ("revoke_licence", "withdraw_work", "state: no licence in force on the work"),
        ("open_dispute|list_disputes", "resolve_dispute",
         "id lookup/create: dispute id (row [0], or the id in the dispute sentence)"),
        ("open_dispute|list_disputes", "withdraw_dispute",
         "id lookup/create: dispute id (row [0], or the id in the dispute sentence)"),
        ("list_statements", "get_statement_lines", "id lookup: statement id (statement_id)"),
        ("list_statements", "raise_statement_query", "id lookup: statement id (statement_id)"),
        ("get_statement_lines", "raise_statement_query", "value: line number (lines[i][0])"),
        ("list_bank_accounts", "verify_bank_account", "id lookup: bank account id (bank_account_id)"),
        ("list_bank_accounts", "request_payout", "id lookup: bank account id (bank_account_id)"),
        ("verify_bank_account", "request_payout", "state: the bank account verified"),
        ("get_balance", "request_payout", "value: the unpaid balance (bare float)"),
        ("request_payout", "cancel_payout", "id create: payout id (payout_id)"),
        ("create_subpublishing_agreement", "assign_works_to_agreement", "id create: agreement id (agreement_id)"),
    ]
)

PLAUSIBLE = {
    ("get_member_profile", "search_works"), ("get_member_profile", "list_member_works"),
    ("search_parties", "search_works"), ("get_work", "add_share"), ("get_work", "submit_work"),
    ("get_work", "quote_licence"), ("get_work", "open_dispute"), ("get_work", "withdraw_work"),
    ("create_work", "register_recording"), ("create_work", "quote_licence"), ("add_share", "register_recording"),
    ("add_share", "quote_licence"), ("remove_share", "submit_work"), ("search_parties", "submit_work"),
    ("register_party", "submit_work"), ("list_licence_types", "issue_licence"), ("search_works", "issue_licence"),
    ("resolve_dispute", "issue_licence"), ("withdraw_dispute", "issue_licence"), ("list_disputes", "quote_licence"),
    ("open_dispute", "quote_licence"), ("resolve_dispute", "withdraw_work"), ("withdraw_dispute", "withdraw_work"),
    ("list_licences", "withdraw_work"), ("get_balance", "cancel_payout"), ("list_bank_accounts", "cancel_payout"),
    ("verify_bank_account", "cancel_payout"), ("list_statements", "get_balance"), ("search_parties", "list_member_works"),
    ("search_works", "create_subpublishing_agreement"), ("list_member_works", "create_subpublishing_agreement"),
    ("search_parties", "assign_works_to_agreement"), ("get_statement_lines", "get_work"),
    ("search_works", "send_member_message"), ("get_work", "send_member_message"),
}
