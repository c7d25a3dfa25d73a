"""Talkback: the scheduling desk of Wyvern FM 97.4, community radio for Hartcombe and the Vale (39 calls).

Sync functions over an in-memory ``State`` of the station at the Old Fire Station, Quay Street,
Hartcombe, on Thursday 9 November 2034 at 14:00. The scheduler keeps the volunteer presenters and
their training, the shows, the weekly schedule grid and the broadcasts it makes, arranges cover,
books guests and records their release forms, and writes to presenters. Presenters keep the playlists
of their own shows and log their broadcasts. The music librarian keeps the music library, files the
permission forms of local bands whose recordings are not commercially released, fills in and logs
playlists and prepares the quarterly PRS for Music and PPL licence return, which the station manager
submits. The engineer keeps the studio diary and gives studio inductions. The station manager checks
pre-recorded shows for compliance and may do everything. The programme guide and the list of studios
are public.

Every tool is a plain ``def`` without a decorator, each checking its session and role itself. A
refusal is *returned* as an RFC 7807 problem details object, ``{"type": ..., "title": ..., "status":
<HTTP status number>, "detail": ..., "instance": ...}``; the runtime's common conventions read a dict's
``error``, ``success``, ``ok`` or a ``status`` *word* (error, failed, failure, fail), a string's
``Error:`` prefix and a list of one item, none of which such an object is (its ``status`` is a number),
so the module declares ``FAILURE`` (``is_problem``). Replies are ``TypedDict``s and lists of them (a
presenter's record with trainings, shows, covers and studio bookings as rows; a show with its
presenters and upcoming broadcasts as rows; a schedule change with the broadcasts it makes nested; a
playlist with its tracks as rows), bare values (a track's place on a playlist, the tracks left after one
is taken off) and sentences with an id in them (a guest booked, a cover arranged or cancelled, a
broadcast logged, a return submitted, a show taken out of a slot, a studio booking cancelled, a message
sent, a sign-out). Ids look alike: slot ``THU-1600`` and the broadcast it makes today ``BC-1109-1600``;
show ``SH-025``; presenter ``P-117``; track ``TRK-08808``; guest ``GB-0411``; cover ``CV-0031``; studio
booking ``SB-0291``; studios ``ST-A``, ``ST-B``, ``TB-1``; licence return ``LR-2034Q3``. The training a
presenter needs to go on air, to cover and to book a studio, the order of the courses, the watershed for
explicit tracks and late-night shows, the length of a playlist, the permission forms' numbering and the
ISRC format, the release forms a guest under 18 needs, the studio hours and Studio A's live hours, the
file formats playout takes, the weekdays of the grid and the quarter's end are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
from enum import Enum
from typing import Literal, TypedDict

TODAY = "2034-11-09"  # a Thursday
NOW = "14:00"
HORIZON_END = "2034-11-19"
WATERSHED = "21:00"
STUDIO_HOURS = ("08:00", "23:00")
MAX_AHEAD_DAYS = 28
MAX_IN_STUDIO = 3
DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
GRID = {  # slot -> minutes
    "MON-0700": 120, "MON-1900": 60, "TUE-1900": 60, "WED-2000": 60, "WED-2100": 60, "THU-0700": 120,
    "THU-1600": 120, "THU-2000": 60, "FRI-2200": 120, "SAT-1000": 60, "SAT-1400": 120, "SUN-1800": 60,
}
MUSIC_GENRES = ("music", "specialist_music", "late_night")
STUDIOS = {"ST-A": ("Studio A", "The on-air studio; bookable when no live show is on"),
           "ST-B": ("Studio B", "Production studio for pre-records and editing"),
           "TB-1": ("Talks booth", "Small booth for interviews and voice-overs")}
QUARTERS = {"2034Q3": ("2034-07-01", "2034-09-30"), "2034Q4": ("2034-10-01", "2034-12-31")}

Genre = Literal["music", "specialist_music", "late_night", "speech", "magazine", "religious"]
Course = Literal["studio_induction", "ofcom_compliance", "desk_advanced", "outside_broadcast"]
Channel = Literal["email", "sms"]
Relationship = Literal["self", "parent", "guardian", "agent"]
Quarter = Literal["2034Q3", "2034Q4"]
ShowStatus = Literal["new", "on_air", "rested"]


class Day(Enum):
    MON = "mon"
    TUE = "tue"
    WED = "wed"
    THU = "thu"
    FRI = "fri"
    SAT = "sat"
    SUN = "sun"


# --------------------------------------------------------------------------- replies


class Problem(TypedDict):
    type: str
    title: str
    status: int
    detail: str
    instance: str


def is_problem(reply) -> bool:
    """A reply is a refusal when it is an RFC 7807 problem: an object with exactly the keys type, title,
    status, detail and instance, whose status is an HTTP error number."""
    return (isinstance(reply, dict) and set(reply) == {"type", "title", "status", "detail", "instance"}
            and isinstance(reply["status"], int) and reply["status"] >= 400)


FAILURE = is_problem


class Session(TypedDict):
    token: str
    name: str
    role: str
    presenter_id: str | None


class GuideRow(TypedDict):
    slot_id: str
    day: str
    start: str
    minutes: int
    show: str
    presenters: list[str]


class StudioRow(TypedDict):
    code: str
    name: str
    notes: str


class PresenterRow(TypedDict):
    presenter_id: str
    name: str
    phone: str
    shows: list[str]


class Presenter(TypedDict):
    presenter_id: str
    name: str
    phone: str
    email: str | None
    trainings: list[str]


class PresenterRecord(TypedDict):
    presenter: Presenter
    trainings: list[list[str]]
    shows: list[list[str]]
    covers: list[list[str]]
    studio_bookings: list[list]


class Training(TypedDict):
    presenter_id: str
    course: str
    on: str
    trainer: str


class ShowRow(TypedDict):
    show_id: str
    title: str
    genre: str
    minutes: int
    status: str
    presenters: list[str]
    slots: list[str]


class ShowDetails(TypedDict):
    show_id: str
    title: str
    genre: str
    minutes: int
    description: str
    status: str
    presenters: list[list[str]]
    slots: list[str]
    upcoming: list[list[str]]


class SlotRow(TypedDict):
    slot_id: str
    day: str
    start: str
    minutes: int


class BroadcastRef(TypedDict):
    broadcast_id: str
    date: str
    start: str


class ScheduleChange(TypedDict):
    show_id: str
    slot_id: str
    starts: str
    broadcasts: list[BroadcastRef]


class BroadcastRow(TypedDict):
    broadcast_id: str
    date: str
    start: str
    show_id: str
    title: str
    presenters: list[str]
    state: str
    prerecorded: bool
    cover_id: str | None
    guests: int
    tracks: int


class Track(TypedDict):
    track_id: str
    artist: str
    title: str
    seconds: int
    explicit: bool
    isrc: str | None
    local: bool
    cleared: bool


class Playlist(TypedDict):
    broadcast_id: str
    title: str
    minutes: int
    tracks: list[list]
    seconds: int


class Guest(TypedDict):
    guest_id: str
    broadcast_id: str
    name: str
    phone: str
    in_studio: bool
    age: int
    topic: str
    release: str | None


class Prerecord(TypedDict):
    broadcast_id: str
    file_ref: str
    compliance: str


class StudioBooking(TypedDict):
    booking_id: str
    studio: str
    date: str
    start: str
    hours: float
    presenter_id: str
    purpose: str


class LicenceReturn(TypedDict):
    return_id: str
    quarter: str
    broadcasts: int
    tracks: int
    local_tracks: int
    state: str


# --------------------------------------------------------------------------- state


def _bc_id(day: str, start: str) -> str:
    return f"BC-{day[5:7]}{day[8:10]}-{start.replace(':', '')}"


def _slot_of(slot_id: str) -> tuple[int, str]:
    day, hhmm = slot_id.split("-")
    return DAYS.index(day.lower()), f"{hhmm[:2]}:{hhmm[2:]}"


class State:
    """Wyvern FM's scheduling desk on Thursday 9 November 2034 at 14:00."""

    def __init__(self) -> None:
        self.users = {
            "nadia.s": {"name": "Nadia Suleiman", "password": "Jingle-Bed-23", "role": "scheduler", "presenter": None},
            "marcus.t": {"name": "Marcus Thorne", "password": "Mic-Check-77", "role": "presenter", "presenter": "P-104"},
            "jo.w": {"name": "Jo Whitlock", "password": "B-Side-1984", "role": "librarian", "presenter": None},
            "raf.o": {"name": "Rafael Osei", "password": "Patch-Bay-5", "role": "engineer", "presenter": None},
            "beth.m": {"name": "Beth Morgan", "password": "Wyvern-974", "role": "manager", "presenter": None},
        }
        self.sessions = {}
        self.presenters = {
            "P-104": {"name": "Marcus Thorne", "phone": "07700 903104", "email": "marcus.thorne@mail.example",
                      "trainings": [["studio_induction", "2029-02-10", "Rafael Osei"],
                                    ["ofcom_compliance", "2029-03-01", "Beth Morgan"]]},
            "P-108": {"name": "Leah Brightwell", "phone": "07700 903108", "email": "leah.brightwell@mail.example",
                      "trainings": [["studio_induction", "2026-09-12", "Rafael Osei"],
                                    ["ofcom_compliance", "2026-10-03", "Beth Morgan"],
                                    ["desk_advanced", "2031-04-22", "Rafael Osei"]]},
            "P-111": {"name": "Sam Achterberg", "phone": "07700 903111", "email": None,
                      "trainings": [["studio_induction", "2034-10-14", "Rafael Osei"]]},
            "P-113": {"name": "Glenys Pugh", "phone": "07700 903113", "email": "glenys.pugh@mail.example",
                      "trainings": [["studio_induction", "2019-05-04", "Rafael Osei"],
                                    ["ofcom_compliance", "2019-05-18", "Beth Morgan"],
                                    ["outside_broadcast", "2023-07-01", "Rafael Osei"]]},
            "P-115": {"name": "Kwame Mensah", "phone": "07700 903115", "email": "kwame.mensah@mail.example",
                      "trainings": [["studio_induction", "2032-01-20", "Rafael Osei"],
                                    ["ofcom_compliance", "2032-02-14", "Beth Morgan"]]},
        }
        self.shows = {
            "SH-009": {"title": "Vale Breakfast", "genre": "magazine", "minutes": 120, "status": "on_air",
                       "presenters": ["P-113", "P-104"],
                       "description": "News, weather, the tides and what's on across the Vale"},
            "SH-012": {"title": "Afternoon Drive with Marcus", "genre": "music", "minutes": 120, "status": "on_air",
                       "presenters": ["P-104"], "description": "Songs for the school run and the traffic on the A39"},
            "SH-015": {"title": "The Folk Room", "genre": "specialist_music", "minutes": 60, "status": "on_air",
                       "presenters": ["P-108"], "description": "Folk, roots and live sessions from the South West"},
            "SH-019": {"title": "Hartcombe Talks", "genre": "speech", "minutes": 60, "status": "on_air",
                       "presenters": ["P-113"], "description": "A guest from the town each week, in conversation"},
            "SH-021": {"title": "Late Lounge", "genre": "late_night", "minutes": 120, "status": "on_air",
                       "presenters": ["P-115"], "description": "Soul, hip hop and late-night grooves"},
            "SH-024": {"title": "Sunday Gospel Hour", "genre": "religious", "minutes": 60, "status": "rested",
                       "presenters": ["P-113"], "description": "Gospel and choirs from chapels across the Vale"},
        }
        self.grid = {slot: None for slot in GRID}
        self.grid.update({"MON-0700": "SH-009", "THU-0700": "SH-009", "WED-2000": "SH-015", "THU-1600": "SH-012",
                          "FRI-2200": "SH-021", "SAT-1000": "SH-019"})
        self.tracks = {
            "TRK-08801": {"artist": "The Ashgrove Ramblers", "title": "Harbour Wall", "seconds": 245, "explicit": False,
                          "isrc": "GBASG2100012", "local": False, "cleared": True},
            "TRK-08802": {"artist": "Ffion Rees", "title": "Song of the Sea", "seconds": 198, "explicit": False,
                          "isrc": "GBFRS3400101", "local": True, "cleared": True},
            "TRK-08803": {"artist": "Low Tide Collective", "title": "Salt Lines", "seconds": 301, "explicit": False,
                          "isrc": "GBLTC2900044", "local": False, "cleared": True},
            "TRK-08804": {"artist": "MC Vantage", "title": "Night Bus", "seconds": 212, "explicit": True,
                          "isrc": "GBMCV3300210", "local": False, "cleared": True},
            "TRK-08805": {"artist": "Quayside Lanterns", "title": "Foghorn Blues", "seconds": 188, "explicit": False,
                          "isrc": None, "local": True, "cleared": True, "form": "PF-2033-042"},
            "TRK-08806": {"artist": "The Wreckers' Daughters", "title": "Lights on the Quay", "seconds": 233,
                          "explicit": False, "isrc": None, "local": True, "cleared": False},
            "TRK-08807": {"artist": "Sister Grace and the Vale Chapel Choir", "title": "Walk in the Light",
                          "seconds": 260, "explicit": False, "isrc": "GBSGV2700007", "local": True, "cleared": True},
        }
        self.broadcasts = {}
        for start, end in (("2034-09-25", "2034-09-30"), ("2034-11-06", HORIZON_END)):
            day = datetime.date.fromisoformat(start)
            while day <= datetime.date.fromisoformat(end):
                for slot, show in sorted(self.grid.items()):
                    wd, hhmm = _slot_of(slot)
                    if show and wd == day.weekday():
                        self.broadcasts[_bc_id(day.isoformat(), hhmm)] = {
                            "date": day.isoformat(), "start": hhmm, "show": show, "slot": slot, "logged": False,
                            "tracks": [], "prerecord": None, "log_notes": None}
                day += datetime.timedelta(days=1)
        for bid, b in self.broadcasts.items():
            if b["date"] < "2034-10-01" and bid != "BC-0929-2200":
                b["logged"] = True
        for bid in ("BC-1106-0700", "BC-1109-0700"):
            self.broadcasts[bid]["logged"] = True
        self.broadcasts["BC-0927-2000"]["tracks"] = ["TRK-08801", "TRK-08802"]
        self.broadcasts["BC-0928-1600"]["tracks"] = ["TRK-08803", "TRK-08805"]
        self.broadcasts["BC-0929-2200"]["tracks"] = ["TRK-08804", "TRK-08803"]
        self.broadcasts["BC-1109-1600"]["tracks"] = ["TRK-08801"]
        self.guests = {
            "GB-0409": {"broadcast": "BC-1108-2000", "name": "Ms Ffion Rees", "phone": "07700 903409",
                        "in_studio": True, "age": 27, "topic": "A live session and her new EP", "release": None},
            "GB-0410": {"broadcast": "BC-1111-1000", "name": "Mr Dev Chauhan", "phone": "07700 903410",
                        "in_studio": True, "age": 58, "topic": "Dredging the harbour this winter",
                        "release": "Mr Dev Chauhan (self)"},
        }
        self.covers = {
            "CV-0030": {"broadcast": "BC-1110-2200", "presenter": "P-104", "reason": "Kwame is at a family wedding",
                        "status": "arranged"},
        }
        self.bookings = {
            "SB-0290": {"studio": "ST-B", "date": "2034-11-10", "start": "10:00", "hours": 2.0, "presenter": "P-108",
                        "purpose": "Edit the Folk Room interviews", "status": "booked"},
        }
        self.returns = {
            "LR-2034Q2": {"quarter": "2034Q2", "broadcasts": 74, "tracks": 1210, "local": 188, "state": "submitted"},
        }
        self.messages = []
        self.counters = {"session": 1, "presenter": 117, "show": 25, "track": 8808, "guest": 411, "cover": 31,
                         "booking": 291, "message": 520, "receipt": 77}


# --------------------------------------------------------------------------- problems and guards


def _problem(status: int, slug: str, title: str, detail: str, instance: str) -> Problem:
    return Problem(type=f"https://wyvernfm.example/problems/{slug}", title=title, status=status, detail=detail,
                   instance=instance)


def _check(state: State, token: str, where: str, *roles: str) -> Problem | None:
    who = state.sessions.get(token)
    if who is None:
        return _problem(401, "no-session", "Not signed in", "no session for that token; sign in again", where)
    if roles and who["role"] not in roles and who["role"] != "manager":
        return _problem(403, "not-allowed", "Not allowed",
                        f"{who['name']} ({who['role']}) may not do this; it is for the {' or '.join(roles)}", where)
    return None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _trained(state: State, presenter_id: str, course: str) -> bool:
    return any(t[0] == course for t in state.presenters[presenter_id]["trainings"])


def _aired(b: dict) -> bool:
    return (b["date"], b["start"]) < (TODAY, NOW)


def _cover_of(state: State, broadcast_id: str) -> str | None:
    return next((cid for cid, c in sorted(state.covers.items()) if c["broadcast"] == broadcast_id
                 and c["status"] == "arranged"), None)


def _broadcast_row(state: State, broadcast_id: str) -> BroadcastRow:
    b = state.broadcasts[broadcast_id]
    show = state.shows[b["show"]]
    return BroadcastRow(
        broadcast_id=broadcast_id, date=b["date"], start=b["start"], show_id=b["show"], title=show["title"],
        presenters=[state.presenters[p]["name"] for p in show["presenters"]],
        state="logged" if b["logged"] else ("aired" if _aired(b) else "scheduled"),
        prerecorded=b["prerecord"] is not None, cover_id=_cover_of(state, broadcast_id),
        guests=sum(1 for g in state.guests.values() if g["broadcast"] == broadcast_id), tracks=len(b["tracks"]))


def _presenter_reply(state: State, presenter_id: str) -> Presenter:
    p = state.presenters[presenter_id]
    return Presenter(presenter_id=presenter_id, name=p["name"], phone=p["phone"], email=p["email"],
                     trainings=[t[0] for t in p["trainings"]])


def _show_row(state: State, show_id: str) -> ShowRow:
    s = state.shows[show_id]
    return ShowRow(show_id=show_id, title=s["title"], genre=s["genre"], minutes=s["minutes"], status=s["status"],
                   presenters=list(s["presenters"]), slots=sorted(k for k, v in state.grid.items() if v == show_id))


def _show_details(state: State, show_id: str) -> ShowDetails:
    s = state.shows[show_id]
    upcoming = [[bid, b["date"], b["start"]] for bid, b in sorted(state.broadcasts.items(), key=lambda kv: (
        kv[1]["date"], kv[1]["start"])) if b["show"] == show_id and not _aired(b)]
    return ShowDetails(show_id=show_id, title=s["title"], genre=s["genre"], minutes=s["minutes"],
                       description=s["description"], status=s["status"],
                       presenters=[[p, state.presenters[p]["name"]] for p in s["presenters"]],
                       slots=sorted(k for k, v in state.grid.items() if v == show_id), upcoming=upcoming)


def _track_reply(state: State, track_id: str) -> Track:
    t = state.tracks[track_id]
    return Track(track_id=track_id, artist=t["artist"], title=t["title"], seconds=t["seconds"], explicit=t["explicit"],
                 isrc=t["isrc"], local=t["local"], cleared=t["cleared"])


def _guest_reply(state: State, guest_id: str) -> Guest:
    g = state.guests[guest_id]
    return Guest(guest_id=guest_id, broadcast_id=g["broadcast"], name=g["name"], phone=g["phone"],
                 in_studio=g["in_studio"], age=g["age"], topic=g["topic"], release=g["release"])


def _presents(state: State, who: dict, broadcast_id: str) -> bool:
    """A presenter signed in may only touch the broadcasts of their own shows (or one they cover)."""
    if who["role"] != "presenter":
        return True
    b = state.broadcasts[broadcast_id]
    cover = _cover_of(state, broadcast_id)
    return who["presenter"] in state.shows[b["show"]]["presenters"] or (
        cover is not None and state.covers[cover]["presenter"] == who["presenter"])


def _day_name(day: str) -> str:
    d = datetime.date.fromisoformat(day)
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B')}"


# --------------------------------------------------------------------------- sign-in and public lists


def sign_in(state: State, username: str, password: str) -> Session | Problem:
    """Sign in to the scheduling desk with a user name and password. The session's token goes with every
    other call; a presenter's session carries their presenter number."""
    user = state.users.get(username)
    if user is None or user["password"] != password:
        return _problem(401, "bad-login", "Sign-in failed", "wrong user name or password", "/sessions")
    token = f"wfm-{username.split('.')[0]}-{_next(state, 'session'):02d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"],
                             "presenter": user["presenter"]}
    return Session(token=token, name=user["name"], role=user["role"], presenter_id=user["presenter"])


def sign_out(state: State, token: str) -> str | Problem:
    """Sign out, ending the session. The reply says who was signed out."""
    if problem := _check(state, token, "/sessions"):
        return problem
    who = state.sessions.pop(token)
    return f"Signed out {who['name']}."


def programme_guide(state: State, day: Day | None = None) -> list[GuideRow]:
    """The station's weekly programme guide as listeners see it (public; no sign-in), for the whole week
    or one day: each slot on the grid with the show in it and its presenters."""
    wanted = None
    if day is not None:
        wanted = day.value if isinstance(day, Day) else str(day).lower()
    rows = []
    for slot, show in sorted(state.grid.items(), key=lambda kv: (_slot_of(kv[0]), kv[0])):
        wd, hhmm = _slot_of(slot)
        if show is None or (wanted is not None and DAYS[wd] != wanted):
            continue
        s = state.shows[show]
        rows.append(GuideRow(slot_id=slot, day=DAYS[wd], start=hhmm, minutes=GRID[slot], show=s["title"],
                             presenters=[state.presenters[p]["name"] for p in s["presenters"]]))
    return rows


def studio_list(state: State) -> list[StudioRow]:
    """The station's studios with their codes (public; no sign-in)."""
    return [StudioRow(code=code, name=s[0], notes=s[1]) for code, s in STUDIOS.items()]


# --------------------------------------------------------------------------- presenters


def find_presenter(state: State, token: str, text: str) -> list[PresenterRow] | Problem:
    """Look presenters up by part of a name or a phone number. Each row lists the shows they present."""
    if problem := _check(state, token, "/presenters"):
        return problem
    t = text.strip().lower()
    if not t:
        return _problem(422, "empty-search", "Nothing to look for", "say what to look for", "/presenters")
    return [PresenterRow(presenter_id=pid, name=p["name"], phone=p["phone"],
                         shows=sorted(sid for sid, s in state.shows.items() if pid in s["presenters"]))
            for pid, p in sorted(state.presenters.items()) if t in f"{p['name']} {p['phone']}".lower()]


def add_presenter(state: State, token: str, name: str, phone: str, email: str | None = None) -> Presenter | Problem:
    """Add a new volunteer presenter. They go on air once they have done the station's training; the
    reply is the presenter with their number."""
    if problem := _check(state, token, "/presenters", "scheduler"):
        return problem
    if not name.strip() or not phone.strip():
        return _problem(422, "missing-details", "Details missing", "a presenter needs a name and a phone number",
                        "/presenters")
    if email is not None and "@" not in email:
        return _problem(422, "bad-email", "Not an e-mail address", f"{email!r} is not an e-mail address", "/presenters")
    for pid, p in state.presenters.items():
        if p["phone"].replace(" ", "") == phone.replace(" ", ""):
            return _problem(409, "already-presenter", "Already a presenter",
                            f"{p['name']} is already {pid} with that number", f"/presenters/{pid}")
    pid = f"P-{_next(state, 'presenter')}"
    state.presenters[pid] = {"name": name.strip(), "phone": phone.strip(), "email": email, "trainings": []}
    return _presenter_reply(state, pid)


def update_presenter(state: State, token: str, presenter_id: str, phone: str | None = None,
                     email: str | None = None) -> Presenter | Problem:
    """Change a presenter's phone number or e-mail address; only what is given changes."""
    where = f"/presenters/{presenter_id}"
    if problem := _check(state, token, where, "scheduler"):
        return problem
    p = state.presenters.get(presenter_id)
    if p is None:
        return _problem(404, "no-presenter", "No such presenter", f"no presenter {presenter_id}", where)
    changes = {k: v for k, v in {"phone": phone, "email": email}.items() if v is not None}
    if not changes:
        return _problem(422, "nothing-to-change", "Nothing to change", "give a phone number or an e-mail address", where)
    if all(p[k] == v for k, v in changes.items()):
        return _problem(409, "unchanged", "Nothing changes", f"{p['name']}'s details are already as given", where)
    if email is not None and "@" not in email:
        return _problem(422, "bad-email", "Not an e-mail address", f"{email!r} is not an e-mail address", where)
    p.update(changes)
    return _presenter_reply(state, presenter_id)


def presenter_record(state: State, token: str, presenter_id: str) -> PresenterRecord | Problem:
    """A presenter's record: their details, training as rows of [course, date, trainer], their shows as
    [show_id, title], the covers they are down for as [cover_id, broadcast_id] and their studio bookings as
    [booking_id, studio, date, start, hours]."""
    where = f"/presenters/{presenter_id}"
    if problem := _check(state, token, where):
        return problem
    if presenter_id not in state.presenters:
        return _problem(404, "no-presenter", "No such presenter", f"no presenter {presenter_id}", where)
    return PresenterRecord(
        presenter=_presenter_reply(state, presenter_id),
        trainings=[list(t) for t in state.presenters[presenter_id]["trainings"]],
        shows=[[sid, s["title"]] for sid, s in sorted(state.shows.items()) if presenter_id in s["presenters"]],
        covers=[[cid, c["broadcast"]] for cid, c in sorted(state.covers.items()) if c["presenter"] == presenter_id
                and c["status"] == "arranged"],
        studio_bookings=[[bid, b["studio"], b["date"], b["start"], b["hours"]] for bid, b in sorted(state.bookings.items())
                         if b["presenter"] == presenter_id and b["status"] == "booked"])


def record_training(state: State, token: str, presenter_id: str, course: Course, trainer: str) -> Training | Problem:
    """Record a course a presenter has completed today, with who trained them."""
    where = f"/presenters/{presenter_id}/training"
    if problem := _check(state, token, where, "scheduler", "engineer"):
        return problem
    p = state.presenters.get(presenter_id)
    if p is None:
        return _problem(404, "no-presenter", "No such presenter", f"no presenter {presenter_id}", where)
    if course not in Course.__args__:
        return _problem(422, "bad-course", "No such course", f"{course!r} is not one of the station's courses", where)
    if _trained(state, presenter_id, course):
        return _problem(409, "already-trained", "Already done", f"{p['name']} has already done {course}", where)
    if course != "studio_induction" and not _trained(state, presenter_id, "studio_induction"):
        return _problem(409, "induction-first", "Induction first",
                        "every course follows the studio induction, which comes first", where)
    if not trainer.strip():
        return _problem(422, "no-trainer", "Trainer missing", "name the trainer", where)
    p["trainings"].append([course, TODAY, trainer.strip()])
    return Training(presenter_id=presenter_id, course=course, on=TODAY, trainer=trainer.strip())


def notify_presenter(state: State, token: str, presenter_id: str, channel: Channel, message: str) -> str | Problem:
    """Send a presenter an e-mail or a text from the desk. The reply says what was sent, with the message
    number."""
    where = f"/presenters/{presenter_id}/messages"
    if problem := _check(state, token, where, "scheduler", "librarian", "engineer"):
        return problem
    p = state.presenters.get(presenter_id)
    if p is None:
        return _problem(404, "no-presenter", "No such presenter", f"no presenter {presenter_id}", where)
    if channel not in ("email", "sms"):
        return _problem(422, "bad-channel", "No such channel", f"{channel!r} is not a way to write", where)
    if not message.strip():
        return _problem(422, "empty-message", "Empty message", "the message is empty", where)
    if channel == "email" and not p["email"]:
        return _problem(409, "no-email", "No e-mail address", f"no e-mail address on file for {p['name']}", where)
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": mid, "presenter": presenter_id, "channel": channel, "text": message.strip()})
    return f"Message {mid} sent to {p['name']} by {channel}."


# --------------------------------------------------------------------------- shows and the grid


def show_list(state: State, token: str, status: ShowStatus | None = None) -> list[ShowRow] | Problem:
    """The station's shows, or those in one status (new, on_air, rested), each with its presenters'
    numbers and the grid slots it holds."""
    if problem := _check(state, token, "/shows"):
        return problem
    if status is not None and status not in ShowStatus.__args__:
        return _problem(422, "bad-status", "No such status", f"{status!r} is not a show status", "/shows")
    return [_show_row(state, sid) for sid, s in sorted(state.shows.items()) if status is None or s["status"] == status]


def show_details(state: State, token: str, show_id: str) -> ShowDetails | Problem:
    """A show's details: its presenters as [presenter_id, name], its grid slots and its upcoming broadcasts
    as [broadcast_id, date, start]."""
    where = f"/shows/{show_id}"
    if problem := _check(state, token, where):
        return problem
    if show_id not in state.shows:
        return _problem(404, "no-show", "No such show", f"no show {show_id}", where)
    return _show_details(state, show_id)


def create_show(state: State, token: str, title: str, genre: Genre, minutes: int, description: str,
                presenter_ids: list[str]) -> ShowDetails | Problem:
    """Create a new show with its presenters. It is new, and off air until it is given a slot on the grid."""
    if problem := _check(state, token, "/shows", "scheduler"):
        return problem
    if not title.strip() or not description.strip():
        return _problem(422, "missing-details", "Details missing", "a show needs a title and a description", "/shows")
    if any(s["title"].lower() == title.strip().lower() for s in state.shows.values()):
        return _problem(409, "title-taken", "Title taken", f"there is already a show called {title.strip()}", "/shows")
    if genre not in Genre.__args__:
        return _problem(422, "bad-genre", "No such genre", f"{genre!r} is not a genre on the station", "/shows")
    if minutes not in (30, 60, 90, 120):
        return _problem(422, "bad-length", "Bad length", "a show runs 30, 60, 90 or 120 minutes", "/shows")
    if not presenter_ids or len(set(presenter_ids)) != len(presenter_ids) or len(presenter_ids) > 3:
        return _problem(422, "presenters", "Presenters", "a show has one to three presenters, each named once", "/shows")
    for pid in presenter_ids:
        if pid not in state.presenters:
            return _problem(404, "no-presenter", "No such presenter", f"no presenter {pid}", "/shows")
        if not _trained(state, pid, "ofcom_compliance"):
            return _problem(409, "not-compliance-trained", "Compliance training needed",
                            f"{state.presenters[pid]['name']} has not done the Ofcom compliance course; nobody "
                            "presents on air without it", "/shows")
    sid = f"SH-{_next(state, 'show'):03d}"
    state.shows[sid] = {"title": title.strip(), "genre": genre, "minutes": minutes, "status": "new",
                        "presenters": list(presenter_ids), "description": description.strip()}
    return _show_details(state, sid)


def add_co_presenter(state: State, token: str, show_id: str, presenter_id: str) -> ShowDetails | Problem:
    """Add a presenter to a show's team."""
    where = f"/shows/{show_id}/presenters"
    if problem := _check(state, token, where, "scheduler"):
        return problem
    s = state.shows.get(show_id)
    if s is None:
        return _problem(404, "no-show", "No such show", f"no show {show_id}", where)
    if presenter_id not in state.presenters:
        return _problem(404, "no-presenter", "No such presenter", f"no presenter {presenter_id}", where)
    if presenter_id in s["presenters"]:
        return _problem(409, "already-on-show", "Already on the show",
                        f"{state.presenters[presenter_id]['name']} already presents {s['title']}", where)
    if not _trained(state, presenter_id, "ofcom_compliance"):
        return _problem(409, "not-compliance-trained", "Compliance training needed",
                        f"{state.presenters[presenter_id]['name']} has not done the Ofcom compliance course", where)
    if len(s["presenters"]) >= 3:
        return _problem(409, "team-full", "Team full", "a show has at most three presenters", where)
    s["presenters"].append(presenter_id)
    return _show_details(state, show_id)


def remove_co_presenter(state: State, token: str, show_id: str, presenter_id: str) -> ShowDetails | Problem:
    """Take a presenter off a show's team (a show keeps at least one)."""
    where = f"/shows/{show_id}/presenters/{presenter_id}"
    if problem := _check(state, token, where, "scheduler"):
        return problem
    s = state.shows.get(show_id)
    if s is None:
        return _problem(404, "no-show", "No such show", f"no show {show_id}", where)
    if presenter_id not in s["presenters"]:
        return _problem(409, "not-on-show", "Not on the show", f"{presenter_id} does not present {s['title']}", where)
    if len(s["presenters"]) == 1:
        return _problem(409, "last-presenter", "Last presenter", "a show keeps at least one presenter; rest it instead",
                        where)
    s["presenters"].remove(presenter_id)
    return _show_details(state, show_id)


def free_slots(state: State, token: str, day: Day | None = None) -> list[SlotRow] | Problem:
    """The empty slots on the weekly grid, for the week or one day, with their lengths."""
    if problem := _check(state, token, "/grid"):
        return problem
    wanted = None
    if day is not None:
        wanted = day.value if isinstance(day, Day) else str(day).lower()
    rows = []
    for slot, show in sorted(state.grid.items(), key=lambda kv: (_slot_of(kv[0]), kv[0])):
        wd, hhmm = _slot_of(slot)
        if show is None and (wanted is None or DAYS[wd] == wanted):
            rows.append(SlotRow(slot_id=slot, day=DAYS[wd], start=hhmm, minutes=GRID[slot]))
    return rows


def schedule_show(state: State, token: str, show_id: str, slot_id: str, start_date: str) -> ScheduleChange | Problem:
    """Put a show into an empty weekly slot from a first date on; the reply lists the broadcasts this makes
    up to the end of the schedule the desk has published."""
    where = f"/grid/{slot_id}"
    if problem := _check(state, token, where, "scheduler"):
        return problem
    s = state.shows.get(show_id)
    if s is None:
        return _problem(404, "no-show", "No such show", f"no show {show_id}", where)
    if slot_id not in GRID:
        return _problem(404, "no-slot", "No such slot", f"{slot_id} is not a slot on the grid", where)
    taken = state.grid[slot_id]
    if taken == show_id:
        return _problem(409, "already-there", "Already in the slot", f"{s['title']} is already in {slot_id}", where)
    if taken:
        return _problem(409, "slot-taken", "Slot taken", f"{slot_id} is taken by {taken} {state.shows[taken]['title']}",
                        where)
    wd, hhmm = _slot_of(slot_id)
    if s["minutes"] > GRID[slot_id]:
        return _problem(409, "too-long", "Show too long", f"{s['title']} runs {s['minutes']} minutes; {slot_id} is "
                                                          f"{GRID[slot_id]}", where)
    if s["genre"] == "late_night" and hhmm < WATERSHED:
        return _problem(409, "watershed", "Before the watershed", "late-night shows go out after the 21:00 watershed",
                        where)
    try:
        first = datetime.date.fromisoformat(start_date)
    except ValueError:
        return _problem(422, "bad-date", "Not a date", f"{start_date!r} is not a date (YYYY-MM-DD)", where)
    if first.weekday() != wd:
        return _problem(422, "wrong-weekday", "Wrong day",
                        f"{slot_id} is on {DAYS[wd].capitalize()}s; {start_date} is a {first.strftime('%A')}", where)
    if not TODAY <= first.isoformat() <= HORIZON_END:
        return _problem(422, "out-of-range", "Outside the published schedule",
                        f"the published schedule runs from today to {HORIZON_END}", where)
    state.grid[slot_id] = show_id
    s["status"] = "on_air"
    made = []
    day = first
    while day.isoformat() <= HORIZON_END:
        bid = _bc_id(day.isoformat(), hhmm)
        state.broadcasts[bid] = {"date": day.isoformat(), "start": hhmm, "show": show_id, "slot": slot_id,
                                 "logged": False, "tracks": [], "prerecord": None, "log_notes": None}
        made.append(BroadcastRef(broadcast_id=bid, date=day.isoformat(), start=hhmm))
        day += datetime.timedelta(days=7)
    return ScheduleChange(show_id=show_id, slot_id=slot_id, starts=first.isoformat(), broadcasts=made)


def unschedule_show(state: State, token: str, show_id: str, slot_id: str) -> str | Problem:
    """Take a show out of a weekly slot; its broadcasts still to come in that slot are dropped. A show left
    with no slot is rested. The reply says what was dropped."""
    where = f"/grid/{slot_id}"
    if problem := _check(state, token, where, "scheduler"):
        return problem
    s = state.shows.get(show_id)
    if s is None:
        return _problem(404, "no-show", "No such show", f"no show {show_id}", where)
    if state.grid.get(slot_id) != show_id:
        return _problem(409, "not-in-slot", "Not in that slot", f"{s['title']} is not in {slot_id}", where)
    dropping = sorted(bid for bid, b in state.broadcasts.items() if b["show"] == show_id and b["slot"] == slot_id
                      and not _aired(b))
    booked = [gid for gid, g in sorted(state.guests.items()) if g["broadcast"] in dropping]
    if booked:
        return _problem(409, "guests-booked", "Guests booked",
                        f"{', '.join(booked)} is booked on a broadcast being dropped; cancel the guests first", where)
    for bid in dropping:
        del state.broadcasts[bid]
    state.grid[slot_id] = None
    if show_id not in state.grid.values():
        s["status"] = "rested"
    return f"{show_id} {s['title']} taken out of {slot_id}; {len(dropping)} broadcasts dropped."


def broadcasts(state: State, token: str, date: str | None = None) -> list[BroadcastRow] | Problem:
    """The broadcasts on one day (default today), in order: each with its show, presenters, whether it is
    scheduled, aired or logged, whether it is pre-recorded, any cover, and its guests and tracks."""
    day = date or TODAY
    if problem := _check(state, token, f"/broadcasts?date={day}"):
        return problem
    try:
        datetime.date.fromisoformat(day)
    except ValueError:
        return _problem(422, "bad-date", "Not a date", f"{date!r} is not a date (YYYY-MM-DD)", "/broadcasts")
    return [_broadcast_row(state, bid) for bid, b in sorted(state.broadcasts.items(), key=lambda kv: kv[1]["start"])
            if b["date"] == day]


def arrange_cover(state: State, token: str, broadcast_id: str, presenter_id: str, reason: str) -> str | Problem:
    """Arrange for another presenter to cover one broadcast of a show. The reply says who covers, with the
    cover number."""
    where = f"/broadcasts/{broadcast_id}/cover"
    if problem := _check(state, token, where, "scheduler"):
        return problem
    b = state.broadcasts.get(broadcast_id)
    if b is None:
        return _problem(404, "no-broadcast", "No such broadcast", f"no broadcast {broadcast_id}", where)
    if _aired(b):
        return _problem(409, "aired", "Already aired", f"{broadcast_id} has gone out", where)
    p = state.presenters.get(presenter_id)
    if p is None:
        return _problem(404, "no-presenter", "No such presenter", f"no presenter {presenter_id}", where)
    show = state.shows[b["show"]]
    if presenter_id in show["presenters"]:
        return _problem(409, "own-show", "Own show", f"{p['name']} presents {show['title']}; cover is someone else",
                        where)
    existing = _cover_of(state, broadcast_id)
    if existing:
        return _problem(409, "already-covered", "Already covered", f"{existing} already covers {broadcast_id}", where)
    if not _trained(state, presenter_id, "ofcom_compliance"):
        return _problem(409, "not-compliance-trained", "Compliance training needed",
                        f"{p['name']} has not done the Ofcom compliance course; cover is live on air", where)
    if not reason.strip():
        return _problem(422, "no-reason", "Reason missing", "say why cover is needed", where)
    cid = f"CV-{_next(state, 'cover'):04d}"
    state.covers[cid] = {"broadcast": broadcast_id, "presenter": presenter_id, "reason": reason.strip(),
                         "status": "arranged"}
    return (f"Cover {cid}: {p['name']} presents {show['title']} on {_day_name(b['date'])} at {b['start']} "
            f"({broadcast_id}).")


def cancel_cover(state: State, token: str, cover_id: str, reason: str) -> str | Problem:
    """Cancel an arranged cover; the show's own presenters are back on. The reply says which cover."""
    where = f"/covers/{cover_id}"
    if problem := _check(state, token, where, "scheduler"):
        return problem
    c = state.covers.get(cover_id)
    if c is None:
        return _problem(404, "no-cover", "No such cover", f"no cover {cover_id}", where)
    if c["status"] != "arranged":
        return _problem(409, "already-cancelled", "Already cancelled", f"{cover_id} was cancelled", where)
    if _aired(state.broadcasts[c["broadcast"]]):
        return _problem(409, "aired", "Already aired", f"{c['broadcast']} has gone out", where)
    if not reason.strip():
        return _problem(422, "no-reason", "Reason missing", "say why", where)
    c["status"], c["cancelled"] = "cancelled", reason.strip()
    return f"Cover {cover_id} on {c['broadcast']} cancelled."


def mark_prerecorded(state: State, token: str, broadcast_id: str, file_ref: str) -> Prerecord | Problem:
    """Mark a broadcast as going out from a pre-recorded file, naming the file sent to playout. It then
    waits for the manager's compliance check."""
    where = f"/broadcasts/{broadcast_id}/prerecord"
    if problem := _check(state, token, where, "scheduler", "presenter"):
        return problem
    who = state.sessions[token]
    b = state.broadcasts.get(broadcast_id)
    if b is None:
        return _problem(404, "no-broadcast", "No such broadcast", f"no broadcast {broadcast_id}", where)
    if not _presents(state, who, broadcast_id):
        return _problem(403, "not-your-show", "Not your show", f"{who['name']} does not present {broadcast_id}", where)
    if _aired(b):
        return _problem(409, "aired", "Already aired", f"{broadcast_id} has gone out", where)
    if b["prerecord"] is not None:
        return _problem(409, "already-prerecorded", "Already pre-recorded",
                        f"{broadcast_id} goes out from {b['prerecord']['file']}", where)
    if not file_ref.strip().lower().endswith((".wav", ".flac")):
        return _problem(422, "bad-file", "File not accepted", "playout takes WAV or FLAC files at 48 kHz", where)
    b["prerecord"] = {"file": file_ref.strip(), "compliance": "waiting"}
    return Prerecord(broadcast_id=broadcast_id, file_ref=file_ref.strip(), compliance="waiting")


def compliance_check(state: State, token: str, broadcast_id: str, passed: bool, notes: str) -> Prerecord | Problem:
    """Record the station manager's compliance check of a pre-recorded broadcast, passed or not, with notes."""
    where = f"/broadcasts/{broadcast_id}/prerecord"
    if problem := _check(state, token, where, "manager"):
        return problem
    b = state.broadcasts.get(broadcast_id)
    if b is None:
        return _problem(404, "no-broadcast", "No such broadcast", f"no broadcast {broadcast_id}", where)
    if b["prerecord"] is None:
        return _problem(409, "not-prerecorded", "Not pre-recorded", f"{broadcast_id} is live; nothing to check", where)
    if b["prerecord"]["compliance"] != "waiting":
        return _problem(409, "already-checked", "Already checked",
                        f"{broadcast_id} was checked ({b['prerecord']['compliance']})", where)
    if not notes.strip():
        return _problem(422, "no-notes", "Notes missing", "note what was listened to", where)
    b["prerecord"].update(compliance="passed" if passed else "failed", notes=notes.strip())
    return Prerecord(broadcast_id=broadcast_id, file_ref=b["prerecord"]["file"], compliance=b["prerecord"]["compliance"])


# --------------------------------------------------------------------------- music and playlists


def music_search(state: State, token: str, text: str, local_only: bool = False) -> list[Track] | Problem:
    """Search the music library by artist or title, or only local artists, with each track's length, ISRC,
    whether it is explicit and whether it is cleared for broadcast."""
    if problem := _check(state, token, "/library"):
        return problem
    t = text.strip().lower()
    if not t:
        return _problem(422, "empty-search", "Nothing to look for", "say what to look for", "/library")
    return [_track_reply(state, tid) for tid, x in sorted(state.tracks.items())
            if t in f"{x['artist']} {x['title']}".lower() and (not local_only or x["local"])]


def add_to_library(state: State, token: str, artist: str, title: str, seconds: int, explicit: bool, local: bool,
                   isrc: str | None = None) -> Track | Problem:
    """Add a recording to the music library. A commercially released recording has an ISRC and is cleared
    at once; a local band's own recording without one waits for their permission form."""
    if problem := _check(state, token, "/library", "librarian"):
        return problem
    if not artist.strip() or not title.strip():
        return _problem(422, "missing-details", "Details missing", "a track needs an artist and a title", "/library")
    if not 30 <= seconds <= 1800:
        return _problem(422, "bad-length", "Bad length", "a track runs 30 seconds to 30 minutes", "/library")
    if isrc is not None:
        code = isrc.replace("-", "").upper()
        if len(code) != 12 or not code[:2].isalpha() or not code[2:5].isalnum() or not code[5:].isdigit():
            return _problem(422, "bad-isrc", "Not an ISRC",
                            f"{isrc!r} is not an ISRC (country, registrant, year and number, like GBABC3400101)",
                            "/library")
        isrc = code
    for tid, x in state.tracks.items():
        if x["artist"].lower() == artist.strip().lower() and x["title"].lower() == title.strip().lower():
            return _problem(409, "in-library", "Already in the library", f"that recording is {tid}", f"/library/{tid}")
    tid = f"TRK-{_next(state, 'track'):05d}"
    state.tracks[tid] = {"artist": artist.strip(), "title": title.strip(), "seconds": seconds, "explicit": bool(explicit),
                         "isrc": isrc, "local": bool(local), "cleared": isrc is not None}
    return _track_reply(state, tid)


def clear_track(state: State, token: str, track_id: str, form_ref: str) -> Track | Problem:
    """File a band's signed permission form for a recording without an ISRC, clearing it for broadcast."""
    where = f"/library/{track_id}"
    if problem := _check(state, token, where, "librarian"):
        return problem
    t = state.tracks.get(track_id)
    if t is None:
        return _problem(404, "no-track", "No such track", f"no track {track_id}", where)
    if t["cleared"]:
        return _problem(409, "already-cleared", "Already cleared", f"{track_id} is already cleared for broadcast", where)
    parts = form_ref.strip().upper().split("-")
    if len(parts) != 3 or parts[0] != "PF" or not (len(parts[1]) == 4 and parts[1].isdigit()) or not (
            len(parts[2]) == 3 and parts[2].isdigit()):
        return _problem(422, "bad-form", "Not a form number",
                        f"{form_ref!r} is not a permission form number (PF-year-number, like PF-2034-061)", where)
    t["cleared"], t["form"] = True, form_ref.strip().upper()
    return _track_reply(state, track_id)


def add_track(state: State, token: str, broadcast_id: str, track_id: str) -> int | Problem:
    """Add a track from the library to a broadcast's playlist, planned or being filled in after it aired.
    The reply is the track's place on the playlist."""
    where = f"/broadcasts/{broadcast_id}/playlist"
    if problem := _check(state, token, where, "presenter", "librarian", "scheduler"):
        return problem
    who = state.sessions[token]
    b = state.broadcasts.get(broadcast_id)
    if b is None:
        return _problem(404, "no-broadcast", "No such broadcast", f"no broadcast {broadcast_id}", where)
    if not _presents(state, who, broadcast_id):
        return _problem(403, "not-your-show", "Not your show", f"{who['name']} does not present {broadcast_id}", where)
    if b["logged"]:
        return _problem(409, "logged", "Already logged", f"{broadcast_id} is logged; its playlist is closed", where)
    t = state.tracks.get(track_id)
    if t is None:
        return _problem(404, "no-track", "No such track", f"no track {track_id}", where)
    if not t["cleared"]:
        return _problem(409, "not-cleared", "Not cleared for broadcast",
                        f"{t['title']} by {t['artist']} has no ISRC and no permission form on file", where)
    if t["explicit"] and b["start"] < WATERSHED:
        return _problem(409, "watershed", "Before the watershed",
                        f"{t['title']} is explicit; explicit tracks go out after 21:00 only", where)
    if track_id in b["tracks"]:
        return _problem(409, "already-on-playlist", "Already on the playlist", f"{track_id} is on it already", where)
    used = sum(state.tracks[x]["seconds"] for x in b["tracks"])
    limit = state.shows[b["show"]]["minutes"] * 60
    if used + t["seconds"] > limit:
        return _problem(409, "playlist-full", "Playlist full",
                        f"a {state.shows[b['show']]['minutes']}-minute show's playlist runs to that length at most", where)
    b["tracks"].append(track_id)
    return len(b["tracks"])


def remove_track(state: State, token: str, broadcast_id: str, position: int) -> int | Problem:
    """Take the track at a place on a broadcast's playlist off it. The reply is the number of tracks left."""
    where = f"/broadcasts/{broadcast_id}/playlist/{position}"
    if problem := _check(state, token, where, "presenter", "librarian", "scheduler"):
        return problem
    who = state.sessions[token]
    b = state.broadcasts.get(broadcast_id)
    if b is None:
        return _problem(404, "no-broadcast", "No such broadcast", f"no broadcast {broadcast_id}", where)
    if not _presents(state, who, broadcast_id):
        return _problem(403, "not-your-show", "Not your show", f"{who['name']} does not present {broadcast_id}", where)
    if b["logged"]:
        return _problem(409, "logged", "Already logged", f"{broadcast_id} is logged; its playlist is closed", where)
    if not 1 <= position <= len(b["tracks"]):
        return _problem(404, "no-such-place", "No such place", f"the playlist has {len(b['tracks'])} tracks", where)
    b["tracks"].pop(position - 1)
    return len(b["tracks"])


def playlist(state: State, token: str, broadcast_id: str) -> Playlist | Problem:
    """A broadcast's playlist, its tracks as rows of [place, track_id, artist, title, seconds, local], with the
    total length in seconds."""
    where = f"/broadcasts/{broadcast_id}/playlist"
    if problem := _check(state, token, where):
        return problem
    b = state.broadcasts.get(broadcast_id)
    if b is None:
        return _problem(404, "no-broadcast", "No such broadcast", f"no broadcast {broadcast_id}", where)
    rows = [[n, tid, state.tracks[tid]["artist"], state.tracks[tid]["title"], state.tracks[tid]["seconds"],
             state.tracks[tid]["local"]] for n, tid in enumerate(b["tracks"], 1)]
    show = state.shows[b["show"]]
    return Playlist(broadcast_id=broadcast_id, title=show["title"], minutes=show["minutes"], tracks=rows,
                    seconds=sum(r[4] for r in rows))


def log_broadcast(state: State, token: str, broadcast_id: str, notes: str) -> str | Problem:
    """Log a broadcast that has gone out, closing its playlist for the licence return. The reply says what
    was logged."""
    where = f"/broadcasts/{broadcast_id}/log"
    if problem := _check(state, token, where, "presenter", "librarian", "scheduler"):
        return problem
    who = state.sessions[token]
    b = state.broadcasts.get(broadcast_id)
    if b is None:
        return _problem(404, "no-broadcast", "No such broadcast", f"no broadcast {broadcast_id}", where)
    if not _presents(state, who, broadcast_id):
        return _problem(403, "not-your-show", "Not your show", f"{who['name']} does not present {broadcast_id}", where)
    if b["logged"]:
        return _problem(409, "already-logged", "Already logged", f"{broadcast_id} is logged", where)
    if not _aired(b):
        return _problem(409, "not-aired", "Not aired yet", f"{broadcast_id} goes out on {b['date']} at {b['start']}",
                        where)
    show = state.shows[b["show"]]
    if show["genre"] in MUSIC_GENRES and not b["tracks"]:
        return _problem(409, "empty-playlist", "Playlist empty",
                        f"{show['title']} is a music show; it is logged with what was played, for the PRS and PPL "
                        "return", where)
    unsigned = [gid for gid, g in sorted(state.guests.items()) if g["broadcast"] == broadcast_id and not g["release"]]
    if unsigned:
        return _problem(409, "release-missing", "Release form missing",
                        f"{', '.join(unsigned)} went on air without a release form on file", where)
    if not notes.strip():
        return _problem(422, "no-notes", "Notes missing", "note how the broadcast went", where)
    b["logged"], b["log_notes"] = True, notes.strip()
    return f"Logged {broadcast_id} ({show['title']}, {b['date']}) with {len(b['tracks'])} tracks."


# --------------------------------------------------------------------------- guests


def book_guest(state: State, token: str, broadcast_id: str, name: str, phone: str, in_studio: bool, age: int,
               topic: str) -> str | Problem:
    """Book a guest on a broadcast still to come, in the studio or on the phone. The reply says who is
    booked, with the guest number."""
    where = f"/broadcasts/{broadcast_id}/guests"
    if problem := _check(state, token, where, "scheduler", "presenter"):
        return problem
    who = state.sessions[token]
    b = state.broadcasts.get(broadcast_id)
    if b is None:
        return _problem(404, "no-broadcast", "No such broadcast", f"no broadcast {broadcast_id}", where)
    if not _presents(state, who, broadcast_id):
        return _problem(403, "not-your-show", "Not your show", f"{who['name']} does not present {broadcast_id}", where)
    if _aired(b):
        return _problem(409, "aired", "Already aired", f"{broadcast_id} has gone out", where)
    if not name.strip() or not topic.strip():
        return _problem(422, "missing-details", "Details missing", "a guest needs a name and a topic", where)
    if not 5 <= age <= 110:
        return _problem(422, "bad-age", "Bad age", "give the guest's age in years", where)
    if in_studio and age < 16 and b["start"] >= WATERSHED:
        return _problem(409, "watershed", "Too late for a young guest", "no under-16s in the studio after 21:00", where)
    here = [g for g in state.guests.values() if g["broadcast"] == broadcast_id and g["in_studio"]]
    if in_studio and len(here) >= MAX_IN_STUDIO:
        return _problem(409, "studio-full", "Studio full", f"the studio takes {MAX_IN_STUDIO} guests at a time", where)
    if any(g["broadcast"] == broadcast_id and g["name"].lower() == name.strip().lower() for g in state.guests.values()):
        return _problem(409, "already-booked", "Already booked", f"{name.strip()} is already on {broadcast_id}", where)
    gid = f"GB-{_next(state, 'guest'):04d}"
    state.guests[gid] = {"broadcast": broadcast_id, "name": name.strip(), "phone": phone.strip(),
                         "in_studio": bool(in_studio), "age": age, "topic": topic.strip(), "release": None}
    show = state.shows[b["show"]]
    return (f"Guest {gid}: {name.strip()} on {show['title']}, {_day_name(b['date'])} at {b['start']} "
            f"({'in the studio' if in_studio else 'on the phone'}).")


def guest_list(state: State, token: str, broadcast_id: str) -> list[Guest] | Problem:
    """The guests booked on a broadcast, each with whether their release form is on file."""
    where = f"/broadcasts/{broadcast_id}/guests"
    if problem := _check(state, token, where):
        return problem
    if broadcast_id not in state.broadcasts:
        return _problem(404, "no-broadcast", "No such broadcast", f"no broadcast {broadcast_id}", where)
    return [_guest_reply(state, gid) for gid, g in sorted(state.guests.items()) if g["broadcast"] == broadcast_id]


def record_guest_release(state: State, token: str, guest_id: str, signed_by: str,
                         relationship: Relationship) -> Guest | Problem:
    """Record a guest's signed release form, which lets the station broadcast and repeat what they said."""
    where = f"/guests/{guest_id}/release"
    if problem := _check(state, token, where, "scheduler", "presenter", "librarian"):
        return problem
    g = state.guests.get(guest_id)
    if g is None:
        return _problem(404, "no-guest", "No such guest", f"no guest {guest_id}", where)
    who = state.sessions[token]
    if not _presents(state, who, g["broadcast"]):
        return _problem(403, "not-your-show", "Not your show", f"{who['name']} does not present {g['broadcast']}", where)
    if g["release"]:
        return _problem(409, "already-signed", "Already on file", f"{guest_id}'s release is on file", where)
    if relationship not in Relationship.__args__:
        return _problem(422, "bad-relationship", "Who signed", f"{relationship!r} is not who signs a release", where)
    if g["age"] < 18 and relationship not in ("parent", "guardian"):
        return _problem(409, "minor", "Under 18", "a guest under 18 has the release signed by a parent or guardian",
                        where)
    if g["age"] >= 18 and relationship in ("parent", "guardian"):
        return _problem(409, "adult", "An adult signs", "an adult guest signs for themselves, or their agent does",
                        where)
    if not signed_by.strip():
        return _problem(422, "no-signature", "Who signed", "name who signed", where)
    g["release"] = f"{signed_by.strip()} ({relationship})"
    return _guest_reply(state, guest_id)


def cancel_guest(state: State, token: str, guest_id: str, reason: str) -> str | Problem:
    """Cancel a guest booked on a broadcast still to come. The reply says which guest."""
    where = f"/guests/{guest_id}"
    if problem := _check(state, token, where, "scheduler", "presenter"):
        return problem
    g = state.guests.get(guest_id)
    if g is None:
        return _problem(404, "no-guest", "No such guest", f"no guest {guest_id}", where)
    who = state.sessions[token]
    if not _presents(state, who, g["broadcast"]):
        return _problem(403, "not-your-show", "Not your show", f"{who['name']} does not present {g['broadcast']}", where)
    if _aired(state.broadcasts[g["broadcast"]]):
        return _problem(409, "aired", "Already aired", f"{g['broadcast']} has gone out", where)
    if not reason.strip():
        return _problem(422, "no-reason", "Reason missing", "say why", where)
    del state.guests[guest_id]
    return f"Guest {guest_id} ({g['name']}) cancelled from {g['broadcast']}."


# --------------------------------------------------------------------------- licence returns


def prepare_return(state: State, token: str, quarter: Quarter) -> LicenceReturn | Problem:
    """Prepare the PRS for Music and PPL return for a quarter from its logged broadcasts."""
    rid = f"LR-{quarter}"
    where = f"/returns/{rid}"
    if problem := _check(state, token, where, "librarian"):
        return problem
    if quarter not in QUARTERS:
        return _problem(422, "bad-quarter", "No such quarter", f"{quarter!r} is not a quarter", where)
    first, last = QUARTERS[quarter]
    if last >= TODAY:
        return _problem(409, "quarter-open", "Quarter not over", f"{quarter} runs to {last}", where)
    if rid in state.returns:
        return _problem(409, "already-prepared", "Already prepared", f"{rid} is {state.returns[rid]['state']}", where)
    mine = [bid for bid, b in sorted(state.broadcasts.items()) if first <= b["date"] <= last]
    unlogged = [bid for bid in mine if not state.broadcasts[bid]["logged"]]
    if unlogged:
        return _problem(409, "unlogged", "Broadcasts not logged",
                        f"every broadcast of the quarter is logged first; {', '.join(unlogged)} is not", where)
    tracks = [t for bid in mine for t in state.broadcasts[bid]["tracks"]]
    state.returns[rid] = {"quarter": quarter, "broadcasts": len(mine), "tracks": len(tracks),
                          "local": sum(1 for t in tracks if state.tracks[t]["local"]), "state": "prepared"}
    r = state.returns[rid]
    return LicenceReturn(return_id=rid, quarter=quarter, broadcasts=r["broadcasts"], tracks=r["tracks"],
                         local_tracks=r["local"], state="prepared")


def submit_return(state: State, token: str, return_id: str, declaration: bool) -> str | Problem:
    """Submit a prepared licence return, with the station manager's declaration that it is complete and
    accurate. The reply gives the collecting societies' receipt."""
    where = f"/returns/{return_id}"
    if problem := _check(state, token, where, "manager"):
        return problem
    r = state.returns.get(return_id)
    if r is None:
        return _problem(404, "no-return", "No such return", f"no return {return_id}", where)
    if r["state"] != "prepared":
        return _problem(409, "already-submitted", "Already submitted", f"{return_id} is {r['state']}", where)
    if not declaration:
        return _problem(422, "no-declaration", "Declaration needed",
                        "the manager declares the return complete and accurate", where)
    r["state"] = "submitted"
    receipt = f"PRS-PPL-{_next(state, 'receipt'):05d}"
    return f"Return {return_id} submitted to PRS for Music and PPL; receipt {receipt}."


# --------------------------------------------------------------------------- studios


def studio_bookings(state: State, token: str, studio: str | None = None, date: str | None = None) -> list[StudioBooking] | Problem:
    """The studio diary: bookings still standing, for one studio or all, on one day or from today on."""
    if problem := _check(state, token, "/studios/bookings"):
        return problem
    if studio is not None and studio not in STUDIOS:
        return _problem(404, "no-studio", "No such studio", f"{studio!r} is not a studio code", "/studios/bookings")
    return [StudioBooking(booking_id=bid, studio=b["studio"], date=b["date"], start=b["start"], hours=b["hours"],
                          presenter_id=b["presenter"], purpose=b["purpose"])
            for bid, b in sorted(state.bookings.items()) if b["status"] == "booked"
            and (studio is None or b["studio"] == studio) and (b["date"] == date if date else b["date"] >= TODAY)]


def _minutes(hhmm: str) -> int:
    return int(hhmm[:2]) * 60 + int(hhmm[3:])


def book_studio(state: State, token: str, studio: str, date: str, start: str, hours: float, presenter_id: str,
                purpose: str) -> StudioBooking | Problem:
    """Book a studio for a presenter (a pre-record, an edit, practice), from a start time for a number of
    hours."""
    where = f"/studios/{studio}/bookings"
    if problem := _check(state, token, where, "engineer", "scheduler"):
        return problem
    if studio not in STUDIOS:
        return _problem(404, "no-studio", "No such studio", f"{studio!r} is not a studio code", where)
    p = state.presenters.get(presenter_id)
    if p is None:
        return _problem(404, "no-presenter", "No such presenter", f"no presenter {presenter_id}", where)
    try:
        day = datetime.date.fromisoformat(date)
        begin = _minutes(start)
    except (ValueError, IndexError):
        return _problem(422, "bad-time", "Not a date and time", f"{date} {start} is not a date and an HH:MM time", where)
    if not TODAY <= day.isoformat() <= (datetime.date.fromisoformat(TODAY) + datetime.timedelta(
            days=MAX_AHEAD_DAYS)).isoformat():
        return _problem(422, "out-of-range", "Outside the diary", f"studios are booked up to {MAX_AHEAD_DAYS} days ahead",
                        where)
    if hours <= 0 or hours > 4 or abs(hours * 2 - round(hours * 2)) > 1e-9:
        return _problem(422, "bad-hours", "Bad length", "book half an hour to four hours, in half hours", where)
    end = begin + int(hours * 60)
    if begin < _minutes(STUDIO_HOURS[0]) or end > _minutes(STUDIO_HOURS[1]):
        return _problem(409, "closed", "Building closed", "the studios are open 08:00 to 23:00", where)
    if not _trained(state, presenter_id, "studio_induction"):
        return _problem(409, "no-induction", "Induction needed",
                        f"{p['name']} has not had the studio induction; nobody uses a studio without it", where)
    if studio == "ST-A":
        for bid, b in state.broadcasts.items():
            if b["date"] == day.isoformat() and b["prerecord"] is None:
                b_start = _minutes(b["start"])
                if b_start < end and begin < b_start + state.shows[b["show"]]["minutes"]:
                    return _problem(409, "on-air", "Studio A on air",
                                    f"Studio A is live for {state.shows[b['show']]['title']} at {b['start']}", where)
    for bid, b in state.bookings.items():
        if b["studio"] == studio and b["date"] == day.isoformat() and b["status"] == "booked":
            if _minutes(b["start"]) < end and begin < _minutes(b["start"]) + int(b["hours"] * 60):
                return _problem(409, "clash", "Studio booked", f"{STUDIOS[studio][0]} is booked then ({bid})", where)
    if not purpose.strip():
        return _problem(422, "no-purpose", "Purpose missing", "say what the studio is for", where)
    bid = f"SB-{_next(state, 'booking'):04d}"
    state.bookings[bid] = {"studio": studio, "date": day.isoformat(), "start": start, "hours": float(hours),
                           "presenter": presenter_id, "purpose": purpose.strip(), "status": "booked"}
    return StudioBooking(booking_id=bid, studio=studio, date=day.isoformat(), start=start, hours=float(hours),
                         presenter_id=presenter_id, purpose=purpose.strip())


def cancel_studio_booking(state: State, token: str, booking_id: str, reason: str) -> str | Problem:
    """Cancel a studio booking. The reply says which booking and the time freed."""
    where = f"/studios/bookings/{booking_id}"
    if problem := _check(state, token, where, "engineer", "scheduler"):
        return problem
    b = state.bookings.get(booking_id)
    if b is None:
        return _problem(404, "no-booking", "No such booking", f"no studio booking {booking_id}", where)
    if b["status"] != "booked":
        return _problem(409, "already-cancelled", "Already cancelled", f"{booking_id} was cancelled", where)
    if not reason.strip():
        return _problem(422, "no-reason", "Reason missing", "say why", where)
    b["status"], b["reason"] = "cancelled", reason.strip()
    return f"Studio booking {booking_id} cancelled: {STUDIOS[b['studio']][0]} is free on {b['date']} from {b['start']}."


TOOLS = [
    sign_in, sign_out, programme_guide, studio_list, find_presenter, add_presenter, update_presenter,
    presenter_record, record_training, notify_presenter, show_list, show_details, create_show, add_co_presenter,
    remove_co_presenter, free_slots, schedule_show, unschedule_show, broadcasts, arrange_cover, cancel_cover,
    mark_prerecorded, compliance_check, music_search, add_to_library, clear_track, add_track, remove_track, playlist,
    log_broadcast, book_guest, guest_list, record_guest_release, cancel_guest, prepare_return, submit_return,
    studio_bookings, book_studio, cancel_studio_booking,
]

FIXTURES = {
    "station": {"name": "Wyvern FM 97.4, community radio for Hartcombe and the Vale",
                "studios": "The Old Fire Station, Quay Street, Hartcombe", "today": "Thursday 9 November 2034, 14:00"},
    "users": [
        {"name": "Nadia Suleiman", "role": "scheduler", "username": "nadia.s", "password": "Jingle-Bed-23"},
        {"name": "Marcus Thorne", "role": "presenter (Afternoon Drive)", "username": "marcus.t",
         "password": "Mic-Check-77"},
        {"name": "Jo Whitlock", "role": "music librarian", "username": "jo.w", "password": "B-Side-1984"},
        {"name": "Rafael Osei", "role": "engineer", "username": "raf.o", "password": "Patch-Bay-5"},
        {"name": "Beth Morgan", "role": "station manager", "username": "beth.m", "password": "Wyvern-974"},
    ],
    "new_presenter": {"name": "Ms Tasha Brennan", "phone": "07700 903517", "email_later": "tasha.brennan@mail.example",
                      "training_today": "studio induction with Rafael Osei, then Ofcom compliance with Beth Morgan",
                      "show": {"title": "Harbour Lights", "genre": "specialist_music", "minutes": 60,
                               "description": "Sea songs, shanties and stories from the harbour"},
                      "wants": "her own show on a Sunday evening, to help on The Folk Room, and studio time to "
                               "practise"},
    "local_band": {"artist": "Quayside Lanterns", "title": "Lantern Light", "seconds": 214, "explicit": False,
                   "isrc": None, "permission_form": "PF-2034-117"},
    "desk_notes": [
        "Marcus has lost his voice; he needs cover for this afternoon's drive show",
        "Ffion Rees signed her release form on the night of her Folk Room session; it is in the tray",
        "Kwame is back from the wedding early, so the Friday cover is not needed",
        "The Q3 licence return is due on Saturday; one Late Lounge show from September is not logged",
        "Glenys will pre-record Saturday's Hartcombe Talks; Beth to check it",
        "Cllr Mary Oduya (07700 903611) would like to talk about the harbour car park on Hartcombe Talks",
        "The harbour master can't make Saturday after all",
    ],
}

_TOKEN = "auth: session token (token of sign_in's Session)"
PUBLIC = ("sign_in", "programme_guide", "studio_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
PRESENTER_CONSUMERS = ["update_presenter", "presenter_record", "record_training", "notify_presenter", "create_show",
                       "add_co_presenter", "arrange_cover", "book_studio"]
SHOW_CONSUMERS = ["show_details", "add_co_presenter", "remove_co_presenter", "schedule_show", "unschedule_show"]
BROADCAST_CONSUMERS = ["mark_prerecorded", "add_track", "playlist", "book_guest"]
_PRESENTER = "id lookup/create: presenter number (presenter_id of add_presenter, or of a find_presenter row)"
_SHOW = "id lookup/create: show number (show_id of create_show, or of a show_list row)"
_BROADCAST = ("id lookup/create: broadcast number (broadcast_id in schedule_show's broadcasts, or of a broadcasts "
              "row)")

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("add_presenter|find_presenter", c, _PRESENTER) for c in PRESENTER_CONSUMERS]
    + [("create_show|show_list", c, _SHOW) for c in SHOW_CONSUMERS]
    + [("schedule_show|broadcasts", c, _BROADCAST) for c in BROADCAST_CONSUMERS]
    + [
        ("broadcasts", "arrange_cover", "id lookup: broadcast number (broadcast_id of a broadcasts row)"),
        ("broadcasts", "log_broadcast", "id lookup: broadcast number (broadcast_id of a broadcasts row)"),
        ("free_slots", "schedule_show", "id lookup: grid slot (slot_id of a free_slots row)"),
        ("studio_list", "book_studio", "vocabulary: studio codes (code of studio_list rows)"),
        ("add_to_library|music_search", "add_track",
         "id lookup/create: track number (track_id of add_to_library, or of a music_search row)"),
        ("add_to_library|music_search", "clear_track",
         "id lookup/create: track number (track_id of add_to_library, or of a music_search row)"),
        ("book_guest|guest_list", "record_guest_release",
         "id lookup/create: guest number (in book_guest's sentence, or guest_id of a guest_list row)"),
        ("book_guest|guest_list", "cancel_guest",
         "id lookup/create: guest number (in book_guest's sentence, or guest_id of a guest_list row)"),
        ("arrange_cover|broadcasts", "cancel_cover",
         "id lookup/create: cover number (in arrange_cover's sentence, or cover_id of a broadcasts row)"),
        ("book_studio|studio_bookings", "cancel_studio_booking",
         "id lookup/create: studio booking (booking_id of book_studio, or of a studio_bookings row)"),
        ("prepare_return", "submit_return", "id create: licence return (return_id of prepare_return)"),
        ("record_training", "create_show", "state: the presenters compliance-trained"),
        ("record_training", "add_co_presenter", "state: the presenter compliance-trained"),
        ("record_training", "arrange_cover", "state: the presenter compliance-trained"),
        ("record_training", "book_studio", "state: the presenter's studio induction"),
        ("clear_track", "add_track", "state: the recording cleared for broadcast"),
        ("add_track", "log_broadcast", "state: a music show's playlist filled in"),
        ("record_guest_release", "log_broadcast", "state: every guest's release form on file"),
        ("log_broadcast", "prepare_return", "state: every broadcast of the quarter logged"),
        ("update_presenter", "notify_presenter", "state: an e-mail address on file"),
        ("unschedule_show", "schedule_show", "state: the slot free"),
        ("mark_prerecorded", "compliance_check", "state: the broadcast pre-recorded"),
        ("add_track", "remove_track", "state: a track on the playlist"),
        ("add_co_presenter", "remove_co_presenter", "state: the presenter on the show's team"),
        ("schedule_show", "unschedule_show", "state: the show in the slot"),
    ]
)

PLAUSIBLE = {
    ("add_presenter", "find_presenter"), ("presenter_record", "cancel_cover"),
    ("presenter_record", "cancel_studio_booking"), ("presenter_record", "show_details"),
    ("record_training", "presenter_record"), ("record_training", "schedule_show"), ("find_presenter", "show_details"),
    ("find_presenter", "studio_bookings"), ("create_show", "show_list"), ("create_show", "programme_guide"),
    ("create_show", "free_slots"), ("schedule_show", "programme_guide"), ("schedule_show", "free_slots"),
    ("schedule_show", "show_details"), ("schedule_show", "broadcasts"), ("schedule_show", "arrange_cover"),
    ("schedule_show", "compliance_check"), ("schedule_show", "guest_list"), ("schedule_show", "remove_track"),
    ("schedule_show", "log_broadcast"), ("unschedule_show", "free_slots"), ("unschedule_show", "programme_guide"),
    ("unschedule_show", "show_details"), ("show_details", "arrange_cover"), ("show_details", "mark_prerecorded"),
    ("show_details", "add_track"), ("show_details", "playlist"), ("show_details", "book_guest"),
    ("show_details", "unschedule_show"), ("show_details", "remove_co_presenter"), ("show_list", "free_slots"),
    ("show_list", "broadcasts"), ("programme_guide", "show_list"), ("programme_guide", "free_slots"),
    ("broadcasts", "compliance_check"), ("broadcasts", "guest_list"), ("broadcasts", "remove_track"),
    ("broadcasts", "prepare_return"), ("arrange_cover", "broadcasts"), ("arrange_cover", "presenter_record"),
    ("cancel_cover", "broadcasts"), ("mark_prerecorded", "broadcasts"), ("compliance_check", "broadcasts"),
    ("music_search", "add_to_library"), ("add_to_library", "music_search"), ("clear_track", "music_search"),
    ("add_track", "playlist"), ("add_track", "broadcasts"), ("add_track", "prepare_return"),
    ("remove_track", "playlist"), ("playlist", "remove_track"), ("playlist", "log_broadcast"),
    ("log_broadcast", "broadcasts"), ("log_broadcast", "submit_return"), ("book_guest", "guest_list"),
    ("book_guest", "broadcasts"), ("book_guest", "log_broadcast"), ("book_guest", "unschedule_show"),
    ("cancel_guest", "unschedule_show"), ("cancel_guest", "guest_list"), ("record_guest_release", "guest_list"),
    ("guest_list", "log_broadcast"), ("prepare_return", "broadcasts"), ("book_studio", "studio_bookings"),
    ("book_studio", "presenter_record"), ("cancel_studio_booking", "studio_bookings"),
    ("cancel_studio_booking", "book_studio"), ("studio_bookings", "book_studio"), ("update_presenter", "presenter_record"),
}
