"""CopyDesk: the content API of a regional newsroom's publishing system (41 calls).

Plain functions over an in-memory ``State`` of The Harwick Courier's CMS: staff and desks, story
drafts with check-out locks and revisions, summaries, taxonomy tags and bylines, the edit queue,
legal referrals, photos and their rights, embargoes, publishing and scheduling, corrections, push
alerts and newsletters, the agency wire, reader comments and the planning diary. Clients sign in
with an OAuth-style authorization code that is exchanged for a bearer token; a few privileged
calls (legal rulings, lifting embargoes, unpublishing, push alerts) need a step-up grant obtained
with the editor's one-time password. Replies are JSON objects, lists as rows where the real API
pages them; every refusal is returned as ``{"error": ..., "status": <http code>}``.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, Optional

Role = Literal["reporter", "editor", "photographer", "standards"]
StoryStatus = Literal["draft", "submitted", "in_edit", "approved", "scheduled", "published", "unpublished", "spiked"]
Licence = Literal["staff", "agency", "handout", "creative_commons", "one_time"]
Placement = Literal["lead", "inline"]
Ruling = Literal["cleared", "cleared_with_changes", "spike"]
Severity = Literal["clarification", "correction", "retraction"]
Audience = Literal["all", "local", "breaking_optin"]
Newsletter = Literal["morning", "evening", "business"]
Moderation = Literal["approve", "reject", "escalate"]
CommentStatus = Literal["pending", "approved", "rejected", "escalated"]

NOW = "2025-05-14T10:00"  # the newsroom clock of a fresh state

_CLIENTS = {"cd-web-desk": "wd-7f3a9c21e8", "cd-mobile": "mb-0c44d1a7b2"}
_DESKS = ("news", "business", "sport", "culture", "opinion")  # named in errors only
_CHANNELS = ("web", "app", "amp", "print")  # named in errors only
_SECTIONS = [
    {"code": "NWS-LOC", "name": "Local news", "desk": "news"},
    {"code": "NWS-NAT", "name": "National news", "desk": "news"},
    {"code": "BIZ-GEN", "name": "Business", "desk": "business"},
    {"code": "SPT-GEN", "name": "Sport", "desk": "sport"},
    {"code": "CUL-ART", "name": "Arts and culture", "desk": "culture"},
    {"code": "OPN-COL", "name": "Opinion columns", "desk": "opinion"},
]
_TAGS = [
    ("tx:a81f", "Flooding", "Environment/Weather/Flooding"),
    ("tx:c207", "City council", "Politics/Local government/City council"),
    ("tx:b3e0", "Housing", "Society/Housing"),
    ("tx:d915", "Ferries", "Transport/Ferries"),
    ("tx:e442", "Strikes", "Business/Labour/Strikes"),
    ("tx:f180", "Port of Harwick", "Places/Port of Harwick"),
    ("tx:a0c3", "Lifeboats", "Society/Emergency services/Lifeboats"),
    ("tx:c5d1", "Banking", "Business/Finance/Banking"),
    ("tx:b6f2", "Courts", "Crime/Courts"),
    ("tx:e019", "Trams", "Transport/Trams"),
]
_WIRE = {
    "AP-7781203": {"agency": "AP", "slug": "eu-fisheries-deal", "priority": 3, "received": "2025-05-14T08:12",
                   "headline": "EU ministers agree North Sea fishing quotas",
                   "body": "Fisheries ministers agreed quotas for cod and haddock in the North Sea after talks "
                           "that ran through the night in Brussels, officials said on Wednesday. " * 2,
                   "embargo": None},
    "RTR-0451187": {"agency": "Reuters", "slug": "ecb-rate-decision", "priority": 1, "received": "2025-05-14T09:40",
                    "headline": "ECB holds rates, signals cut in July",
                    "body": "The European Central Bank kept its deposit rate unchanged on Thursday and said a cut "
                            "in July was likely if inflation kept easing, according to its statement. " * 2,
                    "embargo": "2025-05-15T13:15"},
    "PA-2290115": {"agency": "PA", "slug": "coastguard-funding-cut", "priority": 2, "received": "2025-05-14T07:55",
                   "headline": "Coastguard stations face funding cut",
                   "body": "Seven coastguard stations on the east coast face cuts to their budgets next year, "
                           "according to documents seen by the agency on Wednesday morning. " * 2,
                   "embargo": None},
}
_BODY_0307 = ("Talks between the ferry operator and the seafarers' union resumed on Tuesday after a week of "
              "strikes that stranded hundreds of foot passengers at Harwick terminal. Both sides said the "
              "meeting was constructive, but the union warned that a second walkout was planned for the bank "
              "holiday weekend unless the pay offer improved. Commuters have been told to check before travelling.")


def _story(headline, slug, section, desk, status, revision, body="", summary="", tags=(), bylines=(), editor=None,
           photos=(), embargo=None, legal=None, published_at=None):
    return {"headline": headline, "slug": slug, "section": section, "desk": desk, "status": status,
            "revision": revision, "body": body, "summary": summary, "tags": list(tags), "bylines": list(bylines),
            "editor": editor, "photos": [list(p) for p in photos], "embargo": embargo, "legal": legal,
            "published_at": published_at, "lock": None, "corrections": [], "alerts": [], "source": None}


def _seed_stories() -> dict:
    return {
        "st-25-0301": _story("Council approves harbour bridge budget", "council-bridge-budget", "NWS-LOC", "news",
                             "published", 6, "The council voted 31 to 12 ... " * 12,
                             "Councillors back a 48m budget for the new harbour bridge.", ["tx:c207"], ["u-104"],
                             "u-121", [["img-55012", "lead"]], published_at="2025-05-12T18:30"),
        "st-25-0307": _story("Ferry strike talks resume", "ferry-strike-talks", "NWS-LOC", "news", "draft", 3,
                             _BODY_0307, bylines=["u-109"]),
        "st-25-0309": _story("Residents object to port expansion", "port-expansion-objections", "NWS-LOC", "news",
                             "submitted", 4, "Residents of the Quay ward have lodged ... " * 10,
                             "Two hundred residents say the port plan breaks a promise.", ["tx:f180"], ["u-104"],
                             legal={"ticket": "LG-2290", "status": "open"}),
        "st-25-0310": _story("Tram line 4 delays to run into summer", "tram-delays-summer", "NWS-LOC", "news",
                             "submitted", 2, "Works on tram line 4 will overrun ... " * 10,
                             "Passengers face detours until August.", ["tx:e019"], ["u-109"]),
        "st-25-0311": _story("Harwick Bank posts record quarterly profit", "harwick-bank-results", "BIZ-GEN",
                             "business", "approved", 5, "Harwick Bank reported ... " * 12,
                             "Profit up a third on higher lending margins.", ["tx:c5d1"], ["u-117"], "u-130",
                             [["img-55018", "lead"]], embargo="2025-05-15T07:00"),
        "st-25-0312": _story("Lifeboat crew rescues two kayakers", "lifeboat-kayak-rescue", "NWS-LOC", "news",
                             "approved", 3, "The Harwick lifeboat was launched ... " * 10,
                             "Both kayakers were treated for cold shock.", ["tx:a0c3"], ["u-109"], "u-121",
                             [["img-55014", "lead"]]),
    }


@dataclass
class State:
    """A fresh newsroom: seven staff, six stories, four photos, three wire items, three comments."""

    users: dict = field(default_factory=lambda: {
        "rabiola": {"password": "Byline#2025", "id": "u-104"},
        "icarvalho": {"password": "Quill&Ink-88", "id": "u-121"},
        "hlindqvist": {"password": "Libel-Free9", "id": "u-150"}})
    staff: dict = field(default_factory=lambda: {
        "u-104": {"name": "Ruth Abiola", "role": "reporter", "desk": "news"},
        "u-109": {"name": "Sam Okoro", "role": "reporter", "desk": "news"},
        "u-117": {"name": "Tomasz Wojcik", "role": "reporter", "desk": "business"},
        "u-121": {"name": "Ines Carvalho", "role": "editor", "desk": "news"},
        "u-130": {"name": "Dara Whelan", "role": "editor", "desk": "business"},
        "u-142": {"name": "Priya Raman", "role": "photographer", "desk": "news"},
        "u-150": {"name": "Hugo Lindqvist", "role": "standards", "desk": "news"}})
    otp: str = "604218"
    codes: dict = field(default_factory=dict)
    tokens: dict = field(default_factory=dict)
    grants: dict = field(default_factory=dict)
    stories: dict = field(default_factory=_seed_stories)
    locks: dict = field(default_factory=dict)
    legal: dict = field(default_factory=lambda: {"LG-2290": {"story": "st-25-0309", "status": "open",
                                                             "concern": "Names a resident who has not been charged"}})
    assets: dict = field(default_factory=lambda: {
        "img-55012": {"caption": "Harbour bridge at dusk", "credit": "Priya Raman/Courier", "rights": "cleared"},
        "img-55014": {"caption": "Lifeboat returning to Harwick harbour", "credit": "RNLI handout",
                      "rights": "cleared"},
        "img-55018": {"caption": "Harwick Bank headquarters", "credit": "Priya Raman/Courier", "rights": "cleared"},
        "img-55020": {"caption": "Pickets at the ferry terminal", "credit": "Harwick Press Agency",
                      "rights": "pending"}})
    imported: dict = field(default_factory=dict)
    comments: dict = field(default_factory=lambda: {
        "cm-88101": {"story": "st-25-0301", "author": "harbourwatcher", "text": "Another vanity project while "
                     "the buses fall apart.", "status": "pending"},
        "cm-88102": {"story": "st-25-0301", "author": "J. Pettigrew", "text": "About time, the old bridge is "
                     "a death trap.", "status": "approved"},
        "cm-88107": {"story": "st-25-0301", "author": "quaysider", "text": "Who on the council owns land by "
                     "the approach road? Ask them.", "status": "pending"}})
    editions: dict = field(default_factory=lambda: {
        "NL-AM-0515": {"newsletter": "morning", "date": "2025-05-15", "state": "open", "stories": []},
        "NL-PM-0514": {"newsletter": "evening", "date": "2025-05-14", "state": "open", "stories": ["st-25-0301"]},
        "NL-AM-0514": {"newsletter": "morning", "date": "2025-05-14", "state": "sent", "stories": ["st-25-0301"]},
        "NL-BZ-0515": {"newsletter": "business", "date": "2025-05-15", "state": "open", "stories": []}})
    assignments: dict = field(default_factory=dict)
    counters: dict = field(default_factory=lambda: {
        "st-25-": 411, "LG-": 2290, "img-": 55030, "cx-": 117, "pa-": 9020, "ASG-": 907})


# ----------------------------------------------------------------------------- helpers

def _err(message: str, status: int = 400) -> dict:
    return {"error": message, "status": status}


def _next(state: State, prefix: str, width: int = 4) -> str:
    state.counters[prefix] += 1
    return f"{prefix}{state.counters[prefix]:0{width}d}"


def _caller(state: State, access_token: str) -> Optional[str]:
    """The user id behind a bearer token, or None."""
    return state.tokens.get(access_token)


def _granted(state: State, grant: str) -> Optional[str]:
    return state.grants.get(grant)


def _iso(value: str) -> bool:
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", value):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _slugify(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return "-".join(w for w in words if w not in ("the", "a", "an", "of", "on", "in", "to"))[:40].strip("-")


def _words(text: str) -> int:
    return len(re.findall(r"\w+", text))


def _editable(state: State, story_id: str):
    story = state.stories.get(story_id)
    if story is None:
        return None, _err(f"no story {story_id}", 404)
    if story["status"] in ("published", "unpublished", "spiked"):
        return None, _err(f"story {story_id} is {story['status']}; change it through a correction", 409)
    return story, None


def _new_story(state: State, headline: str, section: str, desk: str, body: str = "", bylines=(), embargo=None) -> str:
    sid = _next(state, "st-25-")
    state.stories[sid] = _story(headline.strip(), _slugify(headline), section, desk, "draft", 1, body,
                                bylines=bylines, embargo=embargo)
    return sid


# ----------------------------------------------------------------------------- sign-in

def authorize(client_id: str, username: str, password: str, state: State) -> dict:
    """Start an authorization-code sign-in for a registered client.

    Args:
        client_id: The registered client (the desk web app or the mobile app).
        username: The staff member's CMS user name.
        password: Their password.

    Returns:
        A single-use authorization ``code`` valid for 60 seconds.
    """
    if client_id not in _CLIENTS:
        return _err("unauthorized_client", 401)
    user = state.users.get(username)
    if user is None or user["password"] != password:
        return _err("invalid_grant: wrong username or password", 401)
    code = "ac_" + hashlib.sha1(f"{client_id}/{username}/{len(state.codes)}".encode()).hexdigest()[:16]
    state.codes[code] = (client_id, username)
    return {"code": code, "expires_in": 60, "redirect_uri": "urn:ietf:wg:oauth:2.0:oob"}


def exchange_code(client_id: str, client_secret: str, code: str, state: State) -> dict:
    """Exchange an authorization code for a bearer access token.

    Args:
        client_id: The client the code was issued to.
        client_secret: That client's secret.
        code: The code from ``authorize``.

    Returns:
        ``access_token`` with its lifetime and the signed-in user.
    """
    if _CLIENTS.get(client_id) != client_secret:
        return _err("invalid_client", 401)
    issued = state.codes.pop(code, None)
    if issued is None or issued[0] != client_id:
        return _err("invalid_grant: code unknown, expired or already used", 400)
    uid = state.users[issued[1]]["id"]
    token = "at_" + hashlib.sha1(f"{code}:{client_secret}".encode()).hexdigest()[:24]
    state.tokens[token] = uid
    person = state.staff[uid]
    return {"access_token": token, "token_type": "Bearer", "expires_in": 3600, "scope": "stories media wire",
            "user": {"id": uid, "name": person["name"], "role": person["role"]}}


def step_up(access_token: str, otp: str, state: State) -> dict:
    """Raise an editor's session to privileged for 15 minutes with their one-time password.

    Args:
        access_token: The editor's bearer token.
        otp: The six digits from the authenticator (spaces are ignored).

    Returns:
        A ``grant`` that privileged calls take as ``step_up_grant``.
    """
    uid = _caller(state, access_token)
    if uid is None:
        return _err("invalid or expired token", 401)
    if state.staff[uid]["role"] not in ("editor", "standards"):
        return _err("step-up is only for editors and standards staff", 403)
    if re.sub(r"\s+", "", otp) != state.otp:
        return _err("one-time password rejected", 401)
    grant = "sg_" + hashlib.sha1(f"{access_token}#{len(state.grants)}".encode()).hexdigest()[:20]
    state.grants[grant] = uid
    return {"grant": grant, "scope": "privileged", "expires_in": 900}


# ----------------------------------------------------------------------------- reference

_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]


def parse_when(text: str) -> dict:
    """Read a date and time as people write them ('6am Thursday 15 May 2025', '15/05/2025 18:30').

    Args:
        text: The date and time in words or digits; a time of day is required.

    Returns:
        ``iso`` as ``YYYY-MM-DDTHH:MM`` in newsroom time.
    """
    t = re.sub(r"\b(mon|tues|wednes|thurs|fri|satur|sun)day\b", " ", text.lower().replace(",", " "))
    t = re.sub(r"(\d)(st|nd|rd|th)\b", r"\1", t)
    month = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
    for pattern, order in ((r"(\d{4})-(\d{1,2})-(\d{1,2})", "ymd"), (r"(\d{1,2})/(\d{1,2})/(\d{4})", "dmy"),
                           (r"(\d{1,2})\s+" + month + r"\s+(\d{4})", "dMy"),
                           (month + r"\s+(\d{1,2})\s+(\d{4})", "Mdy")):
        m = re.search(pattern, t)
        if m:
            break
    else:
        return _err(f"no date in {text!r}", 422)
    g = m.groups()
    if order == "ymd":
        y, mo, d = g
    elif order == "dmy":
        d, mo, y = g
    elif order == "dMy":
        d, mo, y = g[0], _MONTHS.index(g[1]) + 1, g[2]
    else:
        mo, d, y = _MONTHS.index(g[0]) + 1, g[1], g[2]
    rest = t[:m.start()] + " " + t[m.end():]
    if "noon" in rest:
        hh, mm = 12, 0
    elif "midnight" in rest:
        hh, mm = 0, 0
    elif ((tm := re.search(r"\b(\d{1,2})[:.](\d{2})\s*(am|pm)?", rest))
          or (tm := re.search(r"\b(\d{1,2})\s*(am|pm)\b", rest))):
        parts = tm.groups()
        hh = int(parts[0])
        mm = int(parts[1]) if len(parts) == 3 else 0
        ampm = parts[-1]
        if ampm == "pm" and hh < 12:
            hh += 12
        if ampm == "am" and hh == 12:
            hh = 0
    else:
        return _err(f"no time of day in {text!r}", 422)
    try:
        value = datetime(int(y), int(mo), int(d), hh, mm)
    except ValueError:
        return _err(f"{text!r} is not a real date and time", 422)
    return {"iso": value.strftime("%Y-%m-%dT%H:%M"), "timezone": "Europe/London"}


def list_sections() -> dict:
    """The site sections stories are filed under, with their codes and owning desks."""
    return {"sections": [dict(s) for s in _SECTIONS]}


def search_tags(query: str, limit: int = 5) -> dict:
    """Search the controlled taxonomy for tags.

    Args:
        query: Words to look for in tag labels and paths.
        limit: Most matches to return.

    Returns:
        ``matches`` with each tag's ``tag_id``, label and taxonomy path.
    """
    words = [w for w in re.findall(r"\w+", query.lower()) if len(w) > 2]
    hits = [{"tag_id": t, "label": label, "path": path} for t, label, path in _TAGS
            if words and all(w in path.lower() for w in words)]
    return {"query": query, "matches": hits[:max(limit, 0)]}


def list_staff(role: Optional[Role] = None, desk: Optional[str] = None, state: State = None) -> dict:
    """Newsroom staff, optionally one role or one desk.

    Args:
        role: Only people with this role.
        desk: Only people on this desk.

    Returns:
        ``staff`` records with ``user_id``, name, role and desk.
    """
    rows = [{"user_id": uid, **p} for uid, p in state.staff.items()
            if (role is None or p["role"] == role) and (desk is None or p["desk"] == desk)]
    return {"staff": rows, "count": len(rows)}


# ----------------------------------------------------------------------------- stories

def create_draft(access_token: str, headline: str, section_code: str, desk: str, state: State) -> dict:
    """Create an empty draft story.

    Args:
        access_token: Bearer token.
        headline: The working headline.
        section_code: Code of the site section it will run in.
        desk: The desk that owns it.

    Returns:
        The new ``story`` with its id, slug, status and revision.
    """
    uid = _caller(state, access_token)
    if uid is None:
        return _err("invalid or expired token", 401)
    if desk not in _DESKS:
        return _err(f"unknown desk {desk!r}; desks are {', '.join(_DESKS)}", 422)
    if section_code not in {s["code"] for s in _SECTIONS}:
        return _err(f"unknown section_code {section_code!r}", 422)
    if len(headline.strip()) < 8:
        return _err("headline too short", 422)
    sid = _new_story(state, headline, section_code, desk)
    s = state.stories[sid]
    return {"story": {"id": sid, "slug": s["slug"], "status": "draft", "revision": 1, "section": section_code},
            "created_by": state.staff[uid]["name"]}


def find_stories(query: Optional[str] = None, status: Optional[StoryStatus] = None,
                 section_code: Optional[str] = None, state: State = None) -> dict:
    """Search stories by words of the headline or slug, status and section.

    Returns:
        ``total`` and ``results`` rows of ``[story_id, slug, status, headline]``.
    """
    words = re.findall(r"\w+", (query or "").lower())
    rows = [[sid, s["slug"], s["status"], s["headline"]] for sid, s in state.stories.items()
            if all(w in (s["headline"] + " " + s["slug"]).lower() for w in words)
            and (status is None or s["status"] == status) and (section_code is None or s["section"] == section_code)]
    return {"total": len(rows), "results": rows}


def get_story(story_id: str, state: State) -> dict:
    """One story with its current revision, checklist, photos, embargo and legal status."""
    s = state.stories.get(story_id)
    if s is None:
        return _err(f"no story {story_id}", 404)
    return {"story": {
        "id": story_id, "slug": s["slug"], "headline": s["headline"], "section": s["section"], "desk": s["desk"],
        "status": s["status"], "revision": s["revision"], "word_count": _words(s["body"]), "summary": s["summary"],
        "tags": list(s["tags"]), "bylines": [state.staff[b]["name"] if b in state.staff else b for b in s["bylines"]],
        "editor": state.staff[s["editor"]]["name"] if s["editor"] else None,
        "photos": [list(p) for p in s["photos"]], "embargo": s["embargo"],
        "legal": dict(s["legal"]) if s["legal"] else None, "checked_out": s["lock"] is not None,
        "published_at": s["published_at"], "corrections": len(s["corrections"])}}


def check_out_story(access_token: str, story_id: str, state: State) -> dict:
    """Check a story out for editing; the lock is needed to change its body.

    Args:
        access_token: Bearer token.
        story_id: The story to lock.

    Returns:
        ``lock`` with the lock token and how long it lasts.
    """
    uid = _caller(state, access_token)
    if uid is None:
        return _err("invalid or expired token", 401)
    story, err = _editable(state, story_id)
    if err:
        return err
    if story["lock"] is not None:
        holder = state.staff[state.locks[story["lock"]][1]]["name"]
        return _err(f"story is already checked out by {holder}", 409)
    token = "lk_" + hashlib.sha1(f"{story_id}/{uid}/{story['revision']}".encode()).hexdigest()[:14]
    state.locks[token] = (story_id, uid)
    story["lock"] = token
    return {"lock": {"token": token, "story": story_id, "expires_in": 1800},
            "checked_out_by": state.staff[uid]["name"]}


def update_body(access_token: str, story_id: str, lock_id: str, base_revision: int, body: str, state: State) -> dict:
    """Replace the body of a checked-out story.

    Args:
        access_token: Bearer token.
        story_id: The story.
        lock_id: The lock from checking the story out.
        base_revision: The revision the new body was written against (must be the current one).
        body: The full new text.

    Returns:
        The new ``revision`` and ``word_count``.
    """
    uid = _caller(state, access_token)
    if uid is None:
        return _err("invalid or expired token", 401)
    story, err = _editable(state, story_id)
    if err:
        return err
    if state.locks.get(lock_id) != (story_id, uid):
        return _err("story is not checked out to you under that lock", 423)
    if base_revision != story["revision"]:
        return _err(f"revision conflict: base_revision {base_revision} is stale", 409)
    if _words(body) < 30:
        return _err("body too short: at least 30 words", 422)
    story["body"] = body.strip()
    story["revision"] += 1
    return {"story_id": story_id, "revision": story["revision"], "word_count": _words(body)}


def check_in_story(access_token: str, lock_id: str, state: State) -> dict:
    """Release a check-out lock."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    held = state.locks.pop(lock_id, None)
    if held is None:
        return _err("no such lock; already checked in?", 404)
    story = state.stories[held[0]]
    story["lock"] = None
    return {"released": held[0], "revision": story["revision"]}


def set_summary(access_token: str, story_id: str, summary: str, state: State) -> dict:
    """Set the standfirst shown under the headline (20 to 200 characters)."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    story, err = _editable(state, story_id)
    if err:
        return err
    if not 20 <= len(summary.strip()) <= 200:
        return _err("summary must be 20 to 200 characters", 422)
    story["summary"] = summary.strip()
    return {"story_id": story_id, "summary_chars": len(story["summary"])}


def add_tags(access_token: str, story_id: str, tag_ids: list[str], state: State) -> dict:
    """Tag a story with taxonomy ids.

    Args:
        access_token: Bearer token.
        story_id: The story.
        tag_ids: Taxonomy tag ids.

    Returns:
        The story's ``tags`` after the change.
    """
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    story, err = _editable(state, story_id)
    if err:
        return err
    known = {t for t, _, _ in _TAGS}
    if not tag_ids or not isinstance(tag_ids, list):
        return _err("tag_ids must be a non-empty list", 422)
    bad = [t for t in tag_ids if t not in known]
    if bad:
        return _err(f"not taxonomy ids: {bad}", 422)
    story["tags"] = sorted(set(story["tags"]) | set(tag_ids))
    return {"story_id": story_id, "tags": list(story["tags"])}


def add_byline(access_token: str, story_id: str, contributor_id: str, state: State) -> dict:
    """Credit a staff member on a story."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    story, err = _editable(state, story_id)
    if err:
        return err
    if contributor_id not in state.staff:
        return _err(f"no contributor {contributor_id}", 404)
    if contributor_id in story["bylines"]:
        return _err(f"{state.staff[contributor_id]['name']} is already on the byline", 409)
    story["bylines"].append(contributor_id)
    return {"story_id": story_id, "bylines": [state.staff[b]["name"] if b in state.staff else b
                                              for b in story["bylines"]]}


def submit_for_edit(access_token: str, story_id: str, state: State) -> dict:
    """Send a draft to its desk's edit queue; it needs a body, a summary, a tag and a byline."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    story = state.stories.get(story_id)
    if story is None:
        return _err(f"no story {story_id}", 404)
    if story["status"] != "draft":
        return _err(f"story is {story['status']}, not a draft", 409)
    missing = [name for name, ok in (("body", _words(story["body"]) >= 30), ("summary", bool(story["summary"])),
                                     ("tags", bool(story["tags"])), ("byline", bool(story["bylines"]))) if not ok]
    if missing:
        return _err(f"cannot submit: missing {', '.join(missing)}", 422)
    story["status"] = "submitted"
    return {"story_id": story_id, "status": "submitted", "queue": story["desk"]}


def assign_editor(access_token: str, story_id: str, editor_id: str, state: State) -> dict:
    """Give a submitted story to an editor; it moves to in_edit."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    story = state.stories.get(story_id)
    if story is None:
        return _err(f"no story {story_id}", 404)
    person = state.staff.get(editor_id)
    if person is None or person["role"] not in ("editor", "standards"):
        return _err(f"{editor_id} is not an editor", 422)
    if story["status"] != "submitted":
        return _err(f"only submitted stories can be assigned (story is {story['status']})", 409)
    story["status"] = "in_edit"
    story["editor"] = editor_id
    return {"story_id": story_id, "status": "in_edit", "editor": person["name"]}


def approve_story(access_token: str, story_id: str, note: str, state: State) -> dict:
    """Sign a story off after editing."""
    uid = _caller(state, access_token)
    if uid is None:
        return _err("invalid or expired token", 401)
    story = state.stories.get(story_id)
    if story is None:
        return _err(f"no story {story_id}", 404)
    if story["status"] == "approved":
        return _err("story is already approved", 409)
    if story["status"] != "in_edit":
        return _err(f"only stories in edit can be approved (story is {story['status']})", 409)
    story["status"] = "approved"
    story["approval_note"] = note
    return {"story_id": story_id, "status": "approved", "approved_by": state.staff[uid]["name"]}


# ----------------------------------------------------------------------------- legal

def refer_to_legal(access_token: str, story_id: str, concern: str, state: State) -> dict:
    """Put a story on legal hold and open a referral ticket for the lawyers.

    Args:
        access_token: Bearer token.
        story_id: The story.
        concern: What the lawyers should look at.

    Returns:
        ``referral`` with its ``ticket``.
    """
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    story, err = _editable(state, story_id)
    if err:
        return err
    if story["legal"] and story["legal"]["status"] == "open":
        return _err(f"already with legal (ticket {story['legal']['ticket']})", 409)
    if len(concern.strip()) < 10:
        return _err("describe the concern", 422)
    ticket = _next(state, "LG-")
    state.legal[ticket] = {"story": story_id, "status": "open", "concern": concern.strip()}
    story["legal"] = {"ticket": ticket, "status": "open"}
    return {"referral": {"ticket": ticket, "story_id": story_id, "queue": "legal"}}


def legal_signoff(step_up_grant: str, ticket_id: str, ruling: Ruling, advice: str, state: State) -> dict:
    """Record the lawyers' ruling on a referral (privileged).

    Args:
        step_up_grant: A step-up grant.
        ticket_id: The referral ticket.
        ruling: cleared, cleared_with_changes, or spike (the story is killed).
        advice: The lawyers' advice, kept on the ticket.
    """
    uid = _granted(state, step_up_grant)
    if uid is None:
        return _err("this call needs a step-up grant", 403)
    ticket = state.legal.get(ticket_id)
    if ticket is None:
        return _err(f"no legal ticket {ticket_id}", 404)
    if ticket["status"] != "open":
        return _err(f"ticket {ticket_id} is already {ticket['status']}", 409)
    ticket.update(status=ruling, advice=advice, by=uid)
    story = state.stories[ticket["story"]]
    story["legal"] = {"ticket": ticket_id, "status": ruling}
    if ruling == "spike":
        story["status"] = "spiked"
    return {"ticket": ticket_id, "ruling": ruling, "story_id": ticket["story"]}


# ----------------------------------------------------------------------------- photos

def upload_photo(access_token: str, file_name: str, caption: str, credit: str, state: State) -> dict:
    """Upload a picture to the media library; its rights start as pending."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    if not re.search(r"\.(jpe?g|png|tiff?)$", file_name.lower()):
        return _err("only JPEG, PNG or TIFF files", 415)
    if not caption.strip() or not credit.strip():
        return _err("caption and credit are required", 422)
    aid = _next(state, "img-", 5)
    state.assets[aid] = {"caption": caption.strip(), "credit": credit.strip(), "rights": "pending"}
    return {"asset": {"id": aid, "rights": "pending", "caption": caption.strip()}}


def search_photos(query: str, state: State) -> dict:
    """Media library search on captions; ``hits`` rows are ``[asset_id, caption, credit, rights]``."""
    words = re.findall(r"\w+", query.lower())
    return {"hits": [[aid, a["caption"], a["credit"], a["rights"]] for aid, a in state.assets.items()
                     if words and all(w in a["caption"].lower() for w in words)]}


def clear_rights(access_token: str, asset_id: str, licence: Licence, state: State) -> dict:
    """Record the licence under which a picture may be published."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    asset = state.assets.get(asset_id)
    if asset is None:
        return _err(f"no asset {asset_id}", 404)
    if asset["rights"] == "cleared":
        return _err(f"rights for {asset_id} are already cleared", 409)
    asset["rights"] = "cleared"
    asset["licence"] = licence
    return {"asset_id": asset_id, "rights": "cleared", "licence": licence}


def attach_photo(access_token: str, story_id: str, asset_id: str, placement: Placement, state: State) -> dict:
    """Place a rights-cleared picture on a story; a new lead replaces the old one."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    story, err = _editable(state, story_id)
    if err:
        return err
    asset = state.assets.get(asset_id)
    if asset is None:
        return _err(f"no asset {asset_id}", 404)
    if asset["rights"] != "cleared":
        return _err(f"rights not cleared for {asset_id}", 409)
    photos = [p for p in story["photos"] if not (placement == "lead" and p[1] == "lead") and p[0] != asset_id]
    story["photos"] = photos + [[asset_id, placement]]
    return {"story_id": story_id, "photos": [list(p) for p in story["photos"]]}


# ----------------------------------------------------------------------------- publishing

def set_embargo(access_token: str, story_id: str, until: str, state: State) -> dict:
    """Hold a story back until a time (``YYYY-MM-DDTHH:MM``, newsroom time)."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    story, err = _editable(state, story_id)
    if err:
        return err
    if not _iso(until):
        return _err(f"until must be YYYY-MM-DDTHH:MM, got {until!r}", 422)
    if until <= NOW:
        return _err("an embargo must end in the future", 422)
    story["embargo"] = until
    return {"story_id": story_id, "embargo": until}


def lift_embargo(step_up_grant: str, story_id: str, reason: str, state: State) -> dict:
    """Lift a story's embargo early (privileged)."""
    uid = _granted(state, step_up_grant)
    if uid is None:
        return _err("this call needs a step-up grant", 403)
    story = state.stories.get(story_id)
    if story is None:
        return _err(f"no story {story_id}", 404)
    if not story["embargo"]:
        return _err("no embargo on this story", 409)
    story["embargo"] = None
    return {"story_id": story_id, "embargo": None, "lifted_by": state.staff[uid]["name"], "reason": reason}


def publish_story(access_token: str, story_id: str, channels: list[str], state: State) -> dict:
    """Publish an approved story now.

    Args:
        access_token: Bearer token.
        story_id: The story.
        channels: Where it goes out.

    Returns:
        ``published`` with the story's URL and the time.
    """
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    story = state.stories.get(story_id)
    if story is None:
        return _err(f"no story {story_id}", 404)
    if story["status"] != "approved":
        return _err(f"story is {story['status']}; only approved stories can be published", 409)
    if not any(p[1] == "lead" for p in story["photos"]):
        return _err("a lead photo is required", 422)
    if story["legal"] and story["legal"]["status"] == "open":
        return _err(f"legal hold (ticket {story['legal']['ticket']})", 409)
    if story["embargo"] and story["embargo"] > NOW:
        return _err(f"embargoed until {story['embargo']}", 409)
    bad = [c for c in channels if c not in _CHANNELS] if isinstance(channels, list) else [channels]
    if not channels or bad:
        return _err(f"unknown channel(s) {bad}; channels are {', '.join(_CHANNELS)}", 422)
    story.update(status="published", published_at=NOW, channels=list(channels))
    url = f"https://harwickcourier.example/{story['section'].lower()}/{story['slug']}"
    return {"published": {"story_id": story_id, "url": url, "channels": list(channels), "at": NOW}}


def schedule_story(access_token: str, story_id: str, publish_at: str, state: State) -> dict:
    """Queue an approved story to publish at a time (``YYYY-MM-DDTHH:MM``), not before its embargo."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    story = state.stories.get(story_id)
    if story is None:
        return _err(f"no story {story_id}", 404)
    if story["status"] != "approved":
        return _err(f"story is {story['status']}; only approved stories can be scheduled", 409)
    if not _iso(publish_at) or publish_at <= NOW:
        return _err("publish_at must be a future YYYY-MM-DDTHH:MM", 422)
    if story["embargo"] and publish_at < story["embargo"]:
        return _err(f"embargoed until {story['embargo']}", 409)
    story.update(status="scheduled", publish_at=publish_at)
    return {"story_id": story_id, "status": "scheduled", "publish_at": publish_at}


def unpublish_story(step_up_grant: str, story_id: str, reason: str, state: State) -> dict:
    """Take a live story down (privileged); the reason goes in the audit log."""
    if _granted(state, step_up_grant) is None:
        return _err("this call needs a step-up grant", 403)
    story = state.stories.get(story_id)
    if story is None:
        return _err(f"no story {story_id}", 404)
    if story["status"] != "published":
        return _err(f"story is {story['status']}, not live", 409)
    story.update(status="unpublished", unpublish_reason=reason)
    return {"story_id": story_id, "status": "unpublished"}


def issue_correction(access_token: str, story_id: str, wording: str, severity: Severity, state: State) -> dict:
    """Append a correction notice to a live story.

    Args:
        access_token: Bearer token.
        story_id: The live story.
        wording: The text of the notice as readers will see it.
        severity: clarification, correction or retraction.

    Returns:
        ``correction`` with its id.
    """
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    story = state.stories.get(story_id)
    if story is None:
        return _err(f"no story {story_id}", 404)
    if story["status"] != "published":
        return _err("corrections are only appended to live stories", 409)
    if len(wording.strip()) < 15:
        return _err("wording too short", 422)
    cid = _next(state, "cx-", 5)
    story["corrections"].append([cid, severity, wording.strip()])
    return {"correction": {"id": cid, "story_id": story_id, "severity": severity, "appended_at": NOW}}


def send_push_alert(step_up_grant: str, story_id: str, alert_text: str, audience: Audience, state: State) -> dict:
    """Send an app push alert for a live story (privileged); at most 110 characters."""
    if _granted(state, step_up_grant) is None:
        return _err("this call needs a step-up grant", 403)
    story = state.stories.get(story_id)
    if story is None:
        return _err(f"no story {story_id}", 404)
    if story["status"] != "published":
        return _err("alerts can only point at a live story", 409)
    if not 10 <= len(alert_text) <= 110:
        return _err("alert_text must be 10 to 110 characters", 422)
    aid = _next(state, "pa-", 5)
    story["alerts"].append(aid)
    reach = {"all": 48200, "local": 17900, "breaking_optin": 9300}[audience]
    return {"alert": {"id": aid, "audience": audience, "estimated_reach": reach}}


def list_editions(newsletter: Newsletter, date: Optional[str] = None, state: State = None) -> dict:
    """Editions of an email newsletter (``date`` as YYYY-MM-DD); only open ones take stories."""
    rows = [{"edition": k, "date": e["date"], "state": e["state"], "stories": len(e["stories"])}
            for k, e in state.editions.items()
            if e["newsletter"] == newsletter and (date is None or e["date"] == date)]
    return {"newsletter": newsletter, "editions": sorted(rows, key=lambda r: r["state"] != "open")}


def add_to_newsletter(access_token: str, edition_id: str, story_id: str, state: State) -> dict:
    """Put a live story in an open newsletter edition."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    edition = state.editions.get(edition_id)
    if edition is None:
        return _err(f"no edition {edition_id}", 404)
    if edition["state"] != "open":
        return _err(f"edition {edition_id} has been {edition['state']}", 409)
    story = state.stories.get(story_id)
    if story is None:
        return _err(f"no story {story_id}", 404)
    if story["status"] != "published":
        return _err("only live stories go in newsletters", 409)
    if story_id in edition["stories"]:
        return _err("story is already in that edition", 409)
    edition["stories"].append(story_id)
    return {"edition_id": edition_id, "stories": list(edition["stories"])}


# ----------------------------------------------------------------------------- wire

def wire_feed(agency: Optional[str] = None, max_priority: Optional[int] = None) -> dict:
    """Incoming agency copy, newest first; priority 1 is a flash.

    Returns:
        ``columns`` and ``rows`` of ``[wire_id, agency, slug, priority, received]``.
    """
    rows = [[k, w["agency"], w["slug"], w["priority"], w["received"]] for k, w in _WIRE.items()
            if (agency is None or w["agency"].lower() == agency.lower())
            and (max_priority is None or w["priority"] <= max_priority)]
    rows.sort(key=lambda r: r[4], reverse=True)
    return {"columns": ["wire_id", "agency", "slug", "priority", "received"], "rows": rows}


def get_wire_item(wire_id: str) -> dict:
    """The full text and restrictions of one agency item."""
    w = _WIRE.get(wire_id)
    if w is None:
        return _err(f"no wire item {wire_id}", 404)
    return {"item": {"wire_id": wire_id, **{k: v for k, v in w.items()}}}


def import_wire(access_token: str, wire_id: str, section_code: str, state: State) -> dict:
    """Turn an agency item into a draft story, keeping the agency byline and any embargo."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    w = _WIRE.get(wire_id)
    if w is None:
        return _err(f"no wire item {wire_id}", 404)
    section = next((s for s in _SECTIONS if s["code"] == section_code), None)
    if section is None:
        return _err(f"unknown section_code {section_code!r}", 422)
    if wire_id in state.imported:
        return _err(f"already imported as {state.imported[wire_id]}", 409)
    sid = _new_story(state, w["headline"], section_code, section["desk"], w["body"], [w["agency"]], w["embargo"])
    state.imported[wire_id] = sid
    state.stories[sid]["source"] = wire_id
    return {"story": {"id": sid, "slug": state.stories[sid]["slug"], "status": "draft", "embargo": w["embargo"]},
            "source": {"agency": w["agency"], "wire_id": wire_id}}


# ----------------------------------------------------------------------------- comments

def list_comments(story_id: str, status: Optional[CommentStatus] = None, state: State = None) -> dict:
    """Reader comments on a story; ``comments`` rows are ``[comment_id, author, excerpt, status]``."""
    if story_id not in state.stories:
        return _err(f"no story {story_id}", 404)
    rows = [[cid, c["author"], c["text"][:60], c["status"]] for cid, c in state.comments.items()
            if c["story"] == story_id and (status is None or c["status"] == status)]
    return {"story_id": story_id, "comments": rows}


def moderate_comment(access_token: str, comment_id: str, action: Moderation, reason: Optional[str] = None,
                     state: State = None) -> dict:
    """Approve, reject (with a reason) or escalate a reader comment."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    c = state.comments.get(comment_id)
    if c is None:
        return _err(f"no comment {comment_id}", 404)
    new = {"approve": "approved", "reject": "rejected", "escalate": "escalated"}[action]
    if c["status"] == new:
        return _err(f"comment is already {new}", 409)
    if action == "reject" and not (reason or "").strip():
        return _err("a rejection needs a reason", 422)
    c["status"] = new
    c["reason"] = reason
    return {"comment_id": comment_id, "state": new}


# ----------------------------------------------------------------------------- planning

def create_assignment(access_token: str, slug: str, desk: str, due: str, state: State) -> dict:
    """Put a story idea in the planning diary, due at ``YYYY-MM-DDTHH:MM``."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    if desk not in _DESKS:
        return _err(f"unknown desk {desk!r}; desks are {', '.join(_DESKS)}", 422)
    if not _iso(due) or due <= NOW:
        return _err("due must be a future YYYY-MM-DDTHH:MM", 422)
    ref = _next(state, "ASG-")
    state.assignments[ref] = {"slug": _slugify(slug), "desk": desk, "due": due, "reporter": None}
    return {"assignment": {"ref": ref, "slug": _slugify(slug), "desk": desk, "due": due}}


def assign_reporter(access_token: str, assignment_id: str, reporter_id: str, state: State) -> dict:
    """Put a reporter or photographer on a diary assignment."""
    if _caller(state, access_token) is None:
        return _err("invalid or expired token", 401)
    a = state.assignments.get(assignment_id)
    if a is None:
        return _err(f"no assignment {assignment_id}", 404)
    person = state.staff.get(reporter_id)
    if person is None or person["role"] not in ("reporter", "photographer"):
        return _err(f"{reporter_id} is not a reporter or photographer", 422)
    a["reporter"] = reporter_id
    return {"assignment_id": assignment_id, "reporter": person["name"], "state": "assigned"}


TOOLS = [
    authorize, exchange_code, step_up,
    parse_when, list_sections, search_tags, list_staff,
    create_draft, find_stories, get_story, check_out_story, update_body, check_in_story, set_summary, add_tags,
    add_byline, submit_for_edit, assign_editor, approve_story,
    refer_to_legal, legal_signoff,
    upload_photo, search_photos, clear_rights, attach_photo,
    set_embargo, lift_embargo, publish_story, schedule_story, unpublish_story, issue_correction, send_push_alert,
    list_editions, add_to_newsletter,
    wire_feed, get_wire_item, import_wire,
    list_comments, moderate_comment,
    create_assignment, assign_reporter,
]

# What a tester is handed: the desk app's client credentials, an editor's sign-in and the code her
# authenticator shows, and what the desk said (headlines, dates and times as people say them).
FIXTURES = {
    "client_id": "cd-web-desk",
    "client_secret": "wd-7f3a9c21e8",
    "username": "icarvalho",
    "password": "Quill&Ink-88",
    "otp": "604 218",
    "new_story": {"headline": "Flood barrier fails on the Esk", "section": "Local news", "desk": "news",
                  "reporter": "Ruth Abiola", "tag": "flooding", "embargo": "6am Thursday 15 May 2025",
                  "photo_file": "esk-barrier.jpg", "photographer": "Priya Raman"},
    "stories_people_mention": ["the ferry strike talks", "the harbour bridge budget story", "the tram delays story",
                               "the Harwick Bank results", "the lifeboat rescue", "the port expansion story"],
    "diary": {"idea": "Esk flood inquiry hearing", "due": "16 May 2025 17:00"},
}

_TOKEN_USERS = ["create_draft", "check_out_story", "update_body", "check_in_story", "set_summary", "add_tags",
                "add_byline", "submit_for_edit", "assign_editor", "approve_story", "refer_to_legal", "upload_photo",
                "clear_rights", "attach_photo", "set_embargo", "publish_story", "schedule_story", "issue_correction",
                "add_to_newsletter", "import_wire", "moderate_comment", "create_assignment", "assign_reporter",
                "step_up"]
_GRANT_USERS = ["legal_signoff", "lift_embargo", "unpublish_story", "send_push_alert"]
_STORY_USERS = ["get_story", "check_out_story", "update_body", "set_summary", "add_tags", "add_byline",
                "submit_for_edit", "assign_editor", "approve_story", "refer_to_legal", "attach_photo", "set_embargo",
                "lift_embargo", "publish_story", "schedule_story", "issue_correction", "unpublish_story",
                "send_push_alert", "add_to_newsletter", "list_comments"]

GROUND_TRUTH = (
    [("exchange_code", c, "auth: bearer access_token") for c in _TOKEN_USERS]
    + [("step_up", c, "role: step-up grant ('grant' -> step_up_grant)") for c in _GRANT_USERS]
    + [("create_draft|find_stories", c, "id lookup/create: story id (story.id, or [id, slug, status, headline] rows)")
       for c in _STORY_USERS]
    + [
        ("authorize", "exchange_code", "two-step auth: authorization code"),
        ("list_sections", "create_draft", "vocabulary: section code (people name the section)"),
        ("list_sections", "import_wire", "vocabulary: section code"),
        ("search_tags", "add_tags", "vocabulary: taxonomy tag ids"),
        ("list_staff", "add_byline", "id lookup: user_id -> contributor_id"),
        ("list_staff", "assign_editor", "id lookup: user_id -> editor_id"),
        ("list_staff", "assign_reporter", "id lookup: user_id -> reporter_id"),
        ("check_out_story", "update_body", "id create: lock token -> lock_id"),
        ("check_out_story", "check_in_story", "id create: lock token -> lock_id"),
        ("get_story", "update_body", "two values: base_revision must be the current revision"),
        ("update_body", "submit_for_edit", "state: the draft needs a body"),
        ("set_summary", "submit_for_edit", "state: the draft needs a summary"),
        ("add_tags", "submit_for_edit", "state: the draft needs a tag"),
        ("add_byline", "submit_for_edit", "state: the draft needs a byline"),
        ("submit_for_edit", "assign_editor", "state: only submitted stories are assigned"),
        ("assign_editor", "approve_story", "state: only stories in edit are approved"),
        ("approve_story", "publish_story", "state: only approved stories are published"),
        ("attach_photo", "publish_story", "state: a lead photo is required"),
        ("legal_signoff", "publish_story", "state: an open legal referral holds the story"),
        ("approve_story", "schedule_story", "state: only approved stories are scheduled"),
        ("publish_story", "issue_correction", "state: the story must be live"),
        ("publish_story", "unpublish_story", "state: the story must be live"),
        ("publish_story", "send_push_alert", "state: the story must be live"),
        ("publish_story", "add_to_newsletter", "state: the story must be live"),
        ("upload_photo|search_photos", "clear_rights", "id lookup/create: asset id (asset.id, or hits rows)"),
        ("upload_photo|search_photos", "attach_photo", "id lookup/create: asset id (asset.id, or hits rows)"),
        ("clear_rights", "attach_photo", "state: the picture's rights must be cleared"),
        ("refer_to_legal|get_story", "legal_signoff", "id lookup/create: legal ticket ('ticket' -> ticket_id)"),
        ("parse_when", "set_embargo", "format: YYYY-MM-DDTHH:MM"),
        ("parse_when", "schedule_story", "format: YYYY-MM-DDTHH:MM"),
        ("parse_when", "create_assignment", "format: YYYY-MM-DDTHH:MM"),
        ("set_embargo", "lift_embargo", "no-op: lifting when there is no embargo is refused"),
        ("wire_feed", "get_wire_item", "id lookup: wire id in rows"),
        ("wire_feed", "import_wire", "id lookup: wire id in rows"),
        ("list_editions", "add_to_newsletter", "id lookup: 'edition' -> edition_id"),
        ("list_comments", "moderate_comment", "id lookup: comment id in rows"),
        ("create_assignment", "assign_reporter", "id create: assignment 'ref' -> assignment_id"),
    ]
)

PLAUSIBLE = {
    *[("authorize", c) for c in _TOKEN_USERS + _GRANT_USERS],
    *[("exchange_code", c) for c in _GRANT_USERS],
    *[("import_wire", c) for c in _STORY_USERS],
    *[("get_story", c) for c in ("set_summary", "add_tags", "add_byline", "submit_for_edit", "publish_story",
                                 "attach_photo", "check_out_story", "set_embargo", "schedule_story", "lift_embargo")],
    *[("find_stories", c) for c in ("legal_signoff", "moderate_comment", "check_in_story")],
    *[("create_draft", c) for c in ("legal_signoff", "check_in_story")],
    ("list_sections", "find_stories"), ("list_sections", "search_tags"), ("get_wire_item", "import_wire"),
    ("get_wire_item", "set_embargo"), ("list_staff", "submit_for_edit"),
    ("search_tags", "submit_for_edit"), ("check_out_story", "submit_for_edit"), ("get_story", "check_in_story"),
    ("update_body", "check_in_story"), ("submit_for_edit", "approve_story"), ("list_staff", "approve_story"),
    ("assign_editor", "publish_story"), ("assign_editor", "schedule_story"), ("clear_rights", "publish_story"),
    ("upload_photo", "publish_story"), ("search_photos", "publish_story"), ("refer_to_legal", "publish_story"),
    ("step_up", "publish_story"), ("lift_embargo", "publish_story"), ("set_embargo", "schedule_story"),
    ("parse_when", "lift_embargo"), ("approve_story", "issue_correction"), ("approve_story", "unpublish_story"),
    ("approve_story", "send_push_alert"), ("approve_story", "add_to_newsletter"), ("attach_photo", "issue_correction"),
    ("get_story", "issue_correction"), ("get_story", "unpublish_story"),
    ("refer_to_legal", "unpublish_story"), ("legal_signoff", "schedule_story"),
    ("list_sections", "create_assignment"),
}
