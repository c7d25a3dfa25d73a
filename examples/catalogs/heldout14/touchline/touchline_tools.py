"""Touchline: the league management system of the Riverside Sunday League (36 async calls).

Async functions over an in-memory ``State`` of an amateur Sunday football league in its 2028-29
season, on Wednesday 11 October 2028. Officials sign in and get a session token: the league
secretary runs the fixture list, divisions, cups and discipline; club secretaries register teams'
players, hand in team sheets and report results for their own teams; the referees' appointments
secretary appoints referees and files the referees' match reports. Anyone may read divisions,
teams, players, venues, fixtures, referees, standings, top scorers, cups and disciplinary cases.

Every tool is a coroutine (``async def``), as a web back end's handlers are. Replies are rows as
lists of lists (a team with its squad nested inside, fixtures, standings, a cup draw, referees with
their free dates nested), bare values (a session token, a fixture's new status, a count, a points
total, a balance) and sentences with the new team, player, fixture, appointment, disciplinary case
or notice id inside. Every refusal is *returned* as a string starting ``"Error: "``, never raised.
The reasons a fixture may be postponed and the referee grade a division needs are named only in
refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import asyncio
import random
from enum import IntEnum
from typing import Literal

TODAY = "2028-10-11"
SEASON = "2028-29"

OfficialRole = Literal["referee", "assistant_1", "assistant_2"]
FixtureStatus = Literal["scheduled", "postponed", "awaiting_result", "played"]
CaseStatus = Literal["open", "decided", "appealed", "closed"]


class Grade(IntEnum):
    """Referee grades (lower is more senior)."""

    LEVEL_4 = 4
    LEVEL_5 = 5
    LEVEL_6 = 6
    LEVEL_7 = 7
    LEVEL_8 = 8


_POSTPONE_REASONS = ("waterlogged pitch", "frozen pitch", "no referee available", "county cup tie",
                     "club in mourning")
_MAX_GRADE = {"PREM": 6, "D1": 7, "D2": 8}
_CAUTION_FINE, _DISMISSAL_FINE = 10.0, 25.0

_FIRST = ["Jamie", "Connor", "Liam", "Ryan", "Kieran", "Dan", "Josh", "Sam", "Callum", "Tyler", "Aaron", "Reece",
          "Lewis", "Mo", "Ben", "Nathan", "Tomasz", "Kwame", "Jack", "Harry", "Olly", "Declan", "Marcus", "Ethan",
          "Luke", "Adam", "Rhys", "Jordan", "Kai", "Finn", "Owen", "Zak", "Ibrahim", "Scott", "Matt", "Leon",
          "Alfie", "Theo", "Joe", "Nico"]
_LAST = ["Walker", "Hughes", "Okoye", "Bennett", "Doyle", "Carter", "Shaw", "Patel", "Murray", "Quinn", "Fraser",
         "Ellis", "Grant", "Khan", "Lowe", "Barker", "Nowak", "Mensah", "Reid", "Holt", "Pearce", "Byrne", "Ward",
         "Cole", "Hart", "Mills", "Owusu", "Price", "Sutton", "Kerr", "Dunne", "Ahmed", "Webb", "Fox", "Hale",
         "Lynch", "Moran", "Silva", "Tate", "Vickers"]


def _squad(team_index: int, size: int, first_reg: int, team_id: str) -> list:
    rng = random.Random(7919 * team_index + 17)  # the same squads in every fresh state
    out = []
    for i in range(size):
        first, last = rng.choice(_FIRST), rng.choice(_LAST)
        dob = f"{1985 + (i * 3 + team_index) % 19}-{1 + (i + team_index) % 12:02d}-{1 + (i * 7 + team_index) % 28:02d}"
        out.append({"reg": f"RSL-{first_reg + i}", "name": f"{first} {last}", "dob": dob, "team": team_id,
                    "status": "registered", "suspended_for": 0})
    return out


class State:
    """The Riverside Sunday League, Wednesday 11 October 2028."""

    def __init__(self) -> None:
        self.users = {
            "carol.hughes@riversidesundayleague.org": {"password": "Offside!Trap28", "name": "Carol Hughes",
                                                       "role": "league_secretary", "club": None},
            "raj.patel@riversidesundayleague.org": {"password": "Whistle-Blower-5", "name": "Raj Patel",
                                                    "role": "referee_secretary", "club": None},
            "dave.marsh@kingfisherfc.co.uk": {"password": "Blue&Gold1987", "name": "Dave Marsh",
                                              "role": "club_secretary", "club": "Kingfisher FC"},
            "sue.lam@ottersathletic.co.uk": {"password": "OttersHoldOn22", "name": "Sue Lam",
                                             "role": "club_secretary", "club": "Otters Athletic"},
        }
        self.sessions = {}
        self.divisions = [["PREM", "Premier Division"], ["D1", "Division One"], ["D2", "Division Two"]]
        teams = [
            ("T-01", "Kingfisher FC", "Kingfisher FC", "PREM", "dave.marsh@kingfisherfc.co.uk", "07700 900311"),
            ("T-02", "Otters Athletic", "Otters Athletic", "PREM", "sue.lam@ottersathletic.co.uk", "07700 900422"),
            ("T-03", "Riverside Rovers", "Riverside Rovers", "PREM", "secretary@riversiderovers.org", "07700 900533"),
            ("T-04", "Mill Lane United", "Mill Lane United", "PREM", "mlufc@example.org", "07700 900644"),
            ("T-05", "St Aidan's", "St Aidan's FC", "PREM", "staidans.fc@example.org", "07700 900755"),
            ("T-06", "Northgate Vale", "Northgate Vale", "PREM", "nvale@example.org", "07700 900866"),
            ("T-11", "Kingfisher Reserves", "Kingfisher FC", "D1", "dave.marsh@kingfisherfc.co.uk", "07700 900311"),
            ("T-12", "Brookside Wanderers", "Brookside Wanderers", "D1", "brookside.w@example.org", "07700 900977"),
            ("T-13", "Red Lion FC", "Red Lion FC", "D1", "redlionfc@example.org", "07700 900188"),
            ("T-14", "Harbour Park", "Harbour Park FC", "D1", "hpfc@example.org", "07700 900299"),
            ("T-21", "Weir Rangers", "Weir Rangers", "D2", "weir.rangers@example.org", "07700 900371"),
            ("T-22", "Canal Street", "Canal Street FC", "D2", "canalst@example.org", "07700 900482"),
            ("T-23", "Old Boys XI", "Old Boys XI", "D2", "oldboys@example.org", "07700 900593"),
        ]
        self.teams = {t[0]: {"team_id": t[0], "name": t[1], "club": t[2], "division": t[3], "email": t[4],
                             "phone": t[5], "deducted": 0} for t in teams}
        self.players = {}
        for i, t in enumerate(teams):
            for p in _squad(i, 14 if i < 2 else 12, 20101 + i * 20, t[0]):
                self.players[p["reg"]] = p
        self.venues = [["KM", "Kingfisher Meadow", 2, False], ["RP", "Riverside Park", 3, True],
                       ["AF", "Aidan's Field", 1, False], ["MLR", "Mill Lane Recreation Ground", 2, False]]
        self.pitch_closed = []
        self.referees = [
            ["R-301", "Gary Moss", 4, ["2028-10-15", "2028-10-22", "2028-10-29"]],
            ["R-302", "Lena Frost", 5, ["2028-10-08", "2028-10-22"]],
            ["R-303", "Tom Abbey", 7, ["2028-10-15", "2028-10-22", "2028-10-29"]],
            ["R-304", "Priti Shah", 6, ["2028-10-15", "2028-10-29"]],
            ["R-305", "Mark Dunn", 8, ["2028-10-15", "2028-10-22"]],
        ]

        def fx(mid, date, ko, home, away, venue, pitch, status, score=None):
            return {"match_id": mid, "date": date, "kick_off": ko, "home": home, "away": away, "venue": venue,
                    "pitch": pitch, "status": status, "score": score, "sheets": {}, "scorers": [],
                    "report": None, "cup": None}

        self.fixtures = {f["match_id"]: f for f in [
            fx("M-5101", "2028-10-08", "10:30", "T-01", "T-02", "KM", 1, "awaiting_result"),
            fx("M-5102", "2028-10-08", "10:30", "T-03", "T-04", "RP", 1, "played", [2, 1]),
            fx("M-5103", "2028-10-08", "11:00", "T-05", "T-06", "AF", 1, "played", [0, 0]),
            fx("M-5104", "2028-10-08", "10:30", "T-12", "T-11", "MLR", 1, "played", [1, 3]),
            fx("M-5110", "2028-10-15", "10:30", "T-05", "T-01", "AF", 1, "scheduled"),
            fx("M-5111", "2028-10-15", "10:30", "T-02", "T-03", "RP", 2, "scheduled"),
            fx("M-5112", "2028-10-15", "10:30", "T-11", "T-12", "KM", 2, "scheduled"),
            fx("M-5113", "2028-10-15", "11:00", "T-13", "T-14", "MLR", 1, "scheduled"),
            fx("M-5114", "2028-10-15", "10:30", "T-21", "T-22", "RP", 3, "scheduled"),
        ]}
        self.fixtures["M-5101"]["sheets"]["T-02"] = [f"RSL-{20121 + i}" for i in range(12)]
        self.fixtures["M-5102"]["report"] = "MR-640"
        self.appointments = {
            "AP-7650": {"appointment_id": "AP-7650", "match_id": "M-5101", "referee": "R-302", "role": "referee",
                        "status": "confirmed"},
            "AP-7651": {"appointment_id": "AP-7651", "match_id": "M-5102", "referee": "R-301", "role": "referee",
                        "status": "confirmed"},
            "AP-7652": {"appointment_id": "AP-7652", "match_id": "M-5113", "referee": "R-303", "role": "referee",
                        "status": "confirmed"},
        }
        self.cases = {
            "DC-9001": {"case_id": "DC-9001", "reg": "RSL-20141", "match_id": "M-5102", "offence": "caution: dissent",
                        "status": "open", "fine": None, "suspension": 0, "paid": 0.0},
            "DC-9002": {"case_id": "DC-9002", "reg": "RSL-20105", "match_id": "M-5092",
                        "offence": "sending-off: serious foul play", "status": "decided", "fine": 25.0,
                        "suspension": 3, "paid": 0.0},
        }
        self.players["RSL-20105"]["suspended_for"] = 3
        self.cups = [["RSLC", "Riverside Sunday League Challenge Cup", "round 2",
                      ["T-01", "T-02", "T-03", "T-05", "T-11", "T-13", "T-21", "T-22"]],
                     ["JBT", "Jack Barnes Trophy", "round 1", ["T-12", "T-14", "T-23", "T-13"]]]
        self.ties = {}
        self.notices = []
        self.counters = {"session": 4100, "team": 31, "player": 28417, "match": 5200, "appointment": 7700,
                         "case": 9010, "report": 660, "tie": 1, "notice": 301}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _who(state, session):
    email = state.sessions.get(session)
    return None if email is None else state.users[email]


def _err(message):
    return f"Error: {message}"


def _can_act_for(user, team):
    return user["role"] == "league_secretary" or (user["role"] == "club_secretary" and user["club"] == team["club"])


def _fixture_row(state, f):
    return [f["match_id"], f["date"], f["kick_off"], f["home"], state.teams[f["home"]]["name"], f["away"],
            state.teams[f["away"]]["name"], f["venue"], f["pitch"], f["status"]]


def _busy(state, team_id, date, skip=None):
    return any(f["date"] == date and team_id in (f["home"], f["away"]) and f["status"] != "postponed"
               and f["match_id"] != skip for f in state.fixtures.values())


def _pitch_taken(state, venue, pitch, date, kick_off, skip=None):
    return any(f["venue"] == venue and f["pitch"] == pitch and f["date"] == date and f["kick_off"] == kick_off
               and f["status"] != "postponed" and f["match_id"] != skip for f in state.fixtures.values())


# --------------------------------------------------------------------------- sessions


async def sign_in(email: str, password: str, state: State = None) -> str:
    """Sign in to Touchline.

    Parameters
    ----------
    email : str
        The official's e-mail address.
    password : str
        Their password.

    Returns
    -------
    str
        A session token for the calls that change anything.
    """
    await asyncio.sleep(0)
    u = state.users.get(email.strip().lower())
    if u is None or u["password"] != password:
        return _err("wrong e-mail address or password")
    token = f"tls_{_next(state, 'session')}_{u['role'][:4]}"
    state.sessions[token] = email.strip().lower()
    return token


async def sign_out(session: str, state: State = None) -> str:
    """End a session.

    Parameters
    ----------
    session : str
        The token from ``sign_in``.

    Returns
    -------
    str
        A goodbye.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    del state.sessions[session]
    return f"Signed out {u['name']}."


# --------------------------------------------------------------------------- divisions, teams, players


async def list_divisions(state: State = None) -> list[list]:
    """The league's divisions this season.

    Returns
    -------
    list of list
        One row per division: ``[code, name, number of teams]``.
    """
    return [[code, name, sum(t["division"] == code for t in state.teams.values())] for code, name in state.divisions]


async def list_teams(division: str | None = None, state: State = None) -> list[list] | str:
    """Teams in the league.

    Parameters
    ----------
    division : str, optional
        Only teams in this division (its code).

    Returns
    -------
    list of list
        One row per team: ``[team_id, name, club, division]``.
    """
    if division is not None and division not in {d[0] for d in state.divisions}:
        return _err(f"no division {division!r}")
    return [[t["team_id"], t["name"], t["club"], t["division"]] for t in state.teams.values()
            if division is None or t["division"] == division]


async def get_team(team_id: str, state: State = None) -> list | str:
    """A team and its registered squad.

    Parameters
    ----------
    team_id : str
        The team's id.

    Returns
    -------
    list
        ``[team_id, name, division, secretary e-mail, squad]``, where the squad is a list of
        ``[registration_no, name, status, matches still suspended]`` rows.
    """
    t = state.teams.get(team_id)
    if t is None:
        return _err(f"no team {team_id}")
    squad = [[p["reg"], p["name"], p["status"], p["suspended_for"]] for p in state.players.values()
             if p["team"] == team_id and p["status"] == "registered"]
    return [t["team_id"], t["name"], t["division"], t["email"], squad]


async def register_team(session: str, club_name: str, team_name: str, division: str, secretary_email: str,
                        state: State = None) -> str:
    """Enter a new team into a division (league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    club_name : str
        The club the team belongs to.
    team_name : str
        The team's name.
    division : str
        The division's code.
    secretary_email : str
        The team secretary's e-mail address.

    Returns
    -------
    str
        A confirmation naming the new team id.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] != "league_secretary":
        return _err("only the league secretary enters new teams")
    if division not in {d[0] for d in state.divisions}:
        return _err(f"no division {division!r}")
    if any(t["name"].lower() == team_name.strip().lower() for t in state.teams.values()):
        return _err(f"there is already a team called {team_name}")
    if "@" not in secretary_email:
        return _err("secretary_email is not an e-mail address")
    tid = f"T-{_next(state, 'team')}"
    state.teams[tid] = {"team_id": tid, "name": team_name.strip(), "club": club_name.strip(), "division": division,
                        "email": secretary_email, "phone": None, "deducted": 0}
    return f"Team {tid} ({team_name.strip()}) entered in {dict(state.divisions)[division]} for {SEASON}."


async def update_team_contact(session: str, team_id: str, secretary_email: str | None = None,
                              secretary_phone: str | None = None, state: State = None) -> list | str:
    """Change a team secretary's contact details (the team's own club, or the league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    team_id : str
        The team's id.
    secretary_email : str, optional
        The new e-mail address.
    secretary_phone : str, optional
        The new phone number.

    Returns
    -------
    list
        ``[team_id, e-mail, phone]`` after the change.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    t = state.teams.get(team_id)
    if t is None:
        return _err(f"no team {team_id}")
    if not _can_act_for(u, t):
        return _err(f"{u['name']} cannot change {t['name']}'s details")
    changes = {k: v for k, v in (("email", secretary_email), ("phone", secretary_phone)) if v is not None and v != t[k]}
    if not changes:
        return _err("nothing to change: those are the details on file")
    t.update(changes)
    return [team_id, t["email"], t["phone"]]


async def search_players(surname: str, first_name: str | None = None, state: State = None) -> list[list]:
    """Find registered players by name.

    Parameters
    ----------
    surname : str
        The player's surname.
    first_name : str, optional
        Their first name, to narrow it down.

    Returns
    -------
    list of list
        One row per player: ``[registration_no, name, date of birth, team_id, status]``.
    """
    out = []
    for p in state.players.values():
        first, _, last = p["name"].partition(" ")
        if last.lower() == surname.strip().lower() and (first_name is None or first.lower() == first_name.lower()):
            out.append([p["reg"], p["name"], p["dob"], p["team"], p["status"]])
    return out


async def register_player(session: str, team_id: str, first_name: str, last_name: str, date_of_birth: str,
                          state: State = None) -> str:
    """Register a new player for a team (the team's club secretary, or the league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    team_id : str
        The team's id.
    first_name : str
        The player's first name.
    last_name : str
        The player's surname.
    date_of_birth : str
        Date of birth, YYYY-MM-DD; players must be 16 or over.

    Returns
    -------
    str
        A confirmation naming the player's registration number.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    t = state.teams.get(team_id)
    if t is None:
        return _err(f"no team {team_id}")
    if not _can_act_for(u, t):
        return _err(f"{u['name']} cannot register players for {t['name']}")
    if len(date_of_birth) != 10 or date_of_birth > "2012-10-11":
        return _err("players must be 16 or over (date_of_birth as YYYY-MM-DD)")
    name = f"{first_name.strip()} {last_name.strip()}"
    if any(p["name"] == name and p["dob"] == date_of_birth for p in state.players.values()):
        return _err(f"{name} is already registered; transfer them instead")
    reg = f"RSL-{_next(state, 'player')}"
    state.players[reg] = {"reg": reg, "name": name, "dob": date_of_birth, "team": team_id, "status": "registered",
                          "suspended_for": 0}
    return f"Registered {name} as {reg} for {t['name']}."


async def transfer_player(session: str, registration_no: str, to_team_id: str, state: State = None) -> str:
    """Move a registered player to another team (the receiving club's secretary, or the league
    secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    registration_no : str
        The player's registration number.
    to_team_id : str
        The team they join.

    Returns
    -------
    str
        The player's new team id.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    p = state.players.get(registration_no)
    if p is None or p["status"] != "registered":
        return _err(f"no registered player {registration_no}")
    t = state.teams.get(to_team_id)
    if t is None:
        return _err(f"no team {to_team_id}")
    if not _can_act_for(u, t):
        return _err(f"{u['name']} cannot sign players for {t['name']}")
    if p["team"] == to_team_id:
        return _err(f"{p['name']} already plays for {t['name']}")
    if p["suspended_for"]:
        return _err(f"{p['name']} is suspended for {p['suspended_for']} more matches and cannot be transferred")
    p["team"] = to_team_id
    return to_team_id


async def release_player(session: str, registration_no: str, state: State = None) -> str:
    """Cancel a player's registration with their club (the club's secretary, or the league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    registration_no : str
        The player's registration number.

    Returns
    -------
    str
        A confirmation.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    p = state.players.get(registration_no)
    if p is None or p["status"] != "registered":
        return _err(f"no registered player {registration_no}")
    t = state.teams[p["team"]]
    if not _can_act_for(u, t):
        return _err(f"{u['name']} cannot release {t['name']}'s players")
    p["status"] = "released"
    return f"{p['name']} ({registration_no}) released by {t['name']}."


# --------------------------------------------------------------------------- venues and fixtures


async def list_venues(state: State = None) -> list[list]:
    """Grounds the league's fixtures are played on.

    Returns
    -------
    list of list
        One row per venue: ``[venue_code, name, pitches, floodlit]``.
    """
    return [list(v) for v in state.venues]


async def record_pitch_inspection(session: str, venue_code: str, pitch: int, playable: bool,
                                  state: State = None) -> str:
    """Record the result of a pitch inspection (league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    venue_code : str
        The venue's code.
    pitch : int
        The pitch number at the venue.
    playable : bool
        Whether the pitch passed.

    Returns
    -------
    str
        The pitch's state after the inspection.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] != "league_secretary":
        return _err("only the league secretary records pitch inspections")
    v = next((v for v in state.venues if v[0] == venue_code), None)
    if v is None:
        return _err(f"no venue {venue_code!r}")
    if not 1 <= pitch <= v[2]:
        return _err(f"{v[1]} has {v[2]} pitch(es)")
    key = [venue_code, pitch]
    if playable:
        if key in state.pitch_closed:
            state.pitch_closed.remove(key)
        return f"Pitch {pitch} at {v[1]}: playable."
    if key not in state.pitch_closed:
        state.pitch_closed.append(key)
    return f"Pitch {pitch} at {v[1]}: unplayable, closed until re-inspected."


async def schedule_fixture(session: str, home_team_id: str, away_team_id: str, match_date: str, kick_off: str,
                           venue_code: str, pitch: int = 1, state: State = None) -> str:
    """Put a league fixture on the calendar (league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    home_team_id : str
        The home team's id.
    away_team_id : str
        The away team's id (same division).
    match_date : str
        A Sunday, YYYY-MM-DD.
    kick_off : str
        The kick-off time, HH:MM.
    venue_code : str
        The venue's code.
    pitch : int
        The pitch number at the venue.

    Returns
    -------
    str
        A confirmation naming the new match id.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] != "league_secretary":
        return _err("only the league secretary schedules fixtures")
    home, away = state.teams.get(home_team_id), state.teams.get(away_team_id)
    if home is None or away is None:
        return _err(f"no team {home_team_id if home is None else away_team_id}")
    if home_team_id == away_team_id or home["division"] != away["division"]:
        return _err("a league fixture is between two different teams of the same division")
    v = next((v for v in state.venues if v[0] == venue_code), None)
    if v is None:
        return _err(f"no venue {venue_code!r}")
    if not 1 <= pitch <= v[2]:
        return _err(f"{v[1]} has {v[2]} pitch(es)")
    if match_date <= TODAY:
        return _err("fixtures are scheduled for a future date")
    for tid in (home_team_id, away_team_id):
        if _busy(state, tid, match_date):
            return _err(f"{state.teams[tid]['name']} already play on {match_date}")
    if _pitch_taken(state, venue_code, pitch, match_date, kick_off):
        return _err(f"pitch {pitch} at {v[1]} is taken at {kick_off} on {match_date}")
    mid = f"M-{_next(state, 'match')}"
    state.fixtures[mid] = {"match_id": mid, "date": match_date, "kick_off": kick_off, "home": home_team_id,
                           "away": away_team_id, "venue": venue_code, "pitch": pitch, "status": "scheduled",
                           "score": None, "sheets": {}, "scorers": [], "report": None, "cup": None}
    return f"Fixture {mid}: {home['name']} v {away['name']}, {match_date} {kick_off}, {v[1]} pitch {pitch}."


async def list_fixtures(team_id: str | None = None, match_date: str | None = None, status: FixtureStatus | None = None,
                        state: State = None) -> list[list]:
    """Fixtures, in match-id order.

    Parameters
    ----------
    team_id : str, optional
        Only this team's fixtures.
    match_date : str, optional
        Only fixtures on this date.
    status : str, optional
        Only fixtures in this status.

    Returns
    -------
    list of list
        One row per fixture: ``[match_id, date, kick_off, home_id, home, away_id, away, venue, pitch,
        status]``.
    """
    rows = [f for f in state.fixtures.values()
            if (team_id is None or team_id in (f["home"], f["away"])) and (match_date is None or f["date"] == match_date)
            and (status is None or f["status"] == status)]
    return [_fixture_row(state, f) for f in sorted(rows, key=lambda f: f["match_id"])]


async def get_match(match_id: str, state: State = None) -> list | str:
    """One fixture in full.

    Parameters
    ----------
    match_id : str
        The match id.

    Returns
    -------
    list
        ``[match_id, date, kick_off, home, away, venue, pitch, status, officials, score, sheets_in]``
        where officials are ``[appointment_id, referee_id, name, role]`` rows, the score is
        ``[home, away]`` or null and sheets_in lists the teams whose team sheet is in.
    """
    f = state.fixtures.get(match_id)
    if f is None:
        return _err(f"no match {match_id}")
    names = {r[0]: r[1] for r in state.referees}
    officials = [[a["appointment_id"], a["referee"], names[a["referee"]], a["role"]]
                 for a in state.appointments.values() if a["match_id"] == match_id and a["status"] != "withdrawn"]
    return [f["match_id"], f["date"], f["kick_off"], state.teams[f["home"]]["name"], state.teams[f["away"]]["name"],
            f["venue"], f["pitch"], f["status"], officials, f["score"], sorted(f["sheets"])]


async def postpone_fixture(session: str, match_id: str, reason: str, state: State = None) -> str:
    """Postpone a scheduled fixture (league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    match_id : str
        The match id.
    reason : str
        Why it is postponed.

    Returns
    -------
    str
        The fixture's new status.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] != "league_secretary":
        return _err("only the league secretary postpones fixtures")
    f = state.fixtures.get(match_id)
    if f is None:
        return _err(f"no match {match_id}")
    if f["status"] != "scheduled":
        return _err(f"{match_id} is {f['status']}")
    if reason not in _POSTPONE_REASONS:
        return _err(f"{reason!r} is not a reason for postponement; the rules allow: " + "; ".join(_POSTPONE_REASONS))
    if reason in ("waterlogged pitch", "frozen pitch") and [f["venue"], f["pitch"]] not in state.pitch_closed:
        return _err(f"pitch {f['pitch']} at {f['venue']} has not failed an inspection")
    f["status"] = "postponed"
    f["postponed_reason"] = reason
    return "postponed"


async def reschedule_fixture(session: str, match_id: str, new_date: str, kick_off: str, state: State = None) -> str:
    """Give a postponed fixture a new date (league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    match_id : str
        The match id.
    new_date : str
        The new date, YYYY-MM-DD.
    kick_off : str
        The kick-off time, HH:MM.

    Returns
    -------
    str
        The fixture's new status.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] != "league_secretary":
        return _err("only the league secretary reschedules fixtures")
    f = state.fixtures.get(match_id)
    if f is None:
        return _err(f"no match {match_id}")
    if f["status"] != "postponed":
        return _err(f"{match_id} is {f['status']}; only a postponed fixture is rescheduled")
    if new_date <= TODAY:
        return _err("the new date must be in the future")
    for tid in (f["home"], f["away"]):
        if _busy(state, tid, new_date, skip=match_id):
            return _err(f"{state.teams[tid]['name']} already play on {new_date}")
    if [f["venue"], f["pitch"]] in state.pitch_closed or _pitch_taken(state, f["venue"], f["pitch"], new_date, kick_off,
                                                                     skip=match_id):
        return _err("the pitch is not available then")
    f.update(date=new_date, kick_off=kick_off, status="scheduled")
    return "scheduled"


# --------------------------------------------------------------------------- referees


async def list_referees(grade: Grade | None = None, available_on: str | None = None, state: State = None) -> list[list]:
    """The league's referees.

    Parameters
    ----------
    grade : int, optional
        Only referees of this grade or more senior (a lower number).
    available_on : str, optional
        Only referees free on this date.

    Returns
    -------
    list of list
        One row per referee: ``[referee_id, name, grade, dates available]``.
    """
    busy = {(a["referee"], state.fixtures[a["match_id"]]["date"]) for a in state.appointments.values()
            if a["status"] != "withdrawn"}
    out = []
    for rid, name, g, dates in state.referees:
        if grade is not None and g > int(grade):
            continue
        free = [d for d in dates if (rid, d) not in busy]
        if available_on is not None and available_on not in free:
            continue
        out.append([rid, name, g, free])
    return out


async def appoint_referee(session: str, match_id: str, referee_id: str, role: OfficialRole = "referee",
                          state: State = None) -> str:
    """Appoint a match official (referees' appointments secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    match_id : str
        The match id.
    referee_id : str
        The referee's id.
    role : str
        Referee or assistant referee.

    Returns
    -------
    str
        A confirmation naming the appointment id.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] not in ("referee_secretary", "league_secretary"):
        return _err("only the referees' appointments secretary appoints officials")
    f = state.fixtures.get(match_id)
    if f is None:
        return _err(f"no match {match_id}")
    if f["status"] != "scheduled":
        return _err(f"{match_id} is {f['status']}")
    ref = next((r for r in state.referees if r[0] == referee_id), None)
    if ref is None:
        return _err(f"no referee {referee_id}")
    division = state.teams[f["home"]]["division"]
    if role == "referee" and ref[2] > _MAX_GRADE[division]:
        return _err(f"{dict(state.divisions)[division]} matches need a referee of grade {_MAX_GRADE[division]} "
                    f"or more senior; {ref[1]} is grade {ref[2]}")
    busy = {state.fixtures[a["match_id"]]["date"] for a in state.appointments.values()
            if a["referee"] == referee_id and a["status"] != "withdrawn"}
    if f["date"] not in ref[3] or f["date"] in busy:
        return _err(f"{ref[1]} is not available on {f['date']}")
    if any(a["match_id"] == match_id and a["role"] == role and a["status"] != "withdrawn"
           for a in state.appointments.values()):
        return _err(f"{match_id} already has a {role}")
    aid = f"AP-{_next(state, 'appointment')}"
    state.appointments[aid] = {"appointment_id": aid, "match_id": match_id, "referee": referee_id, "role": role,
                               "status": "confirmed"}
    return f"Appointment {aid}: {ref[1]} as {role} for {match_id} on {f['date']}."


async def withdraw_appointment(session: str, appointment_id: str, reason: str, state: State = None) -> str:
    """Withdraw a match official's appointment (referees' appointments secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    appointment_id : str
        The appointment's id.
    reason : str
        Why it is withdrawn.

    Returns
    -------
    str
        A confirmation.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] not in ("referee_secretary", "league_secretary"):
        return _err("only the referees' appointments secretary withdraws appointments")
    a = state.appointments.get(appointment_id)
    if a is None or a["status"] == "withdrawn":
        return _err(f"no current appointment {appointment_id}")
    if state.fixtures[a["match_id"]]["status"] == "played":
        return _err("the match has been played")
    a["status"] = "withdrawn"
    a["reason"] = reason
    return f"Appointment {appointment_id} withdrawn ({reason})."


# --------------------------------------------------------------------------- match day


async def submit_team_sheet(session: str, match_id: str, team_id: str, registration_nos: list[str],
                            state: State = None) -> int | str:
    """Hand in a team's sheet for a match (the team's club secretary, or the league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    match_id : str
        The match id.
    team_id : str
        The team's id.
    registration_nos : list of str
        The registration numbers of the 11 to 16 players who took part.

    Returns
    -------
    int
        The number of players on the sheet.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    f = state.fixtures.get(match_id)
    if f is None:
        return _err(f"no match {match_id}")
    t = state.teams.get(team_id)
    if t is None or team_id not in (f["home"], f["away"]):
        return _err(f"{team_id} does not play in {match_id}")
    if not _can_act_for(u, t):
        return _err(f"{u['name']} cannot hand in {t['name']}'s team sheet")
    if f["status"] not in ("awaiting_result", "scheduled") or f["date"] > TODAY:
        return _err(f"{match_id} has not been played yet" if f["date"] > TODAY else f"{match_id} is {f['status']}")
    if team_id in f["sheets"]:
        return _err(f"{t['name']}'s team sheet for {match_id} is already in")
    if not 11 <= len(set(registration_nos)) == len(registration_nos) <= 16:
        return _err("a team sheet names 11 to 16 different players")
    for reg in registration_nos:
        p = state.players.get(reg)
        if p is None or p["team"] != team_id or p["status"] != "registered":
            return _err(f"{reg} is not registered for {t['name']}")
        if p["suspended_for"]:
            return _err(f"{p['name']} ({reg}) is suspended")
    f["sheets"][team_id] = list(registration_nos)
    return len(registration_nos)


async def submit_result(session: str, match_id: str, home_goals: int, away_goals: int, state: State = None) -> str:
    """Report a played match's score (the home club's secretary, or the league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    match_id : str
        The match id.
    home_goals : int
        Goals scored by the home team.
    away_goals : int
        Goals scored by the away team.

    Returns
    -------
    str
        The fixture's new status.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    f = state.fixtures.get(match_id)
    if f is None:
        return _err(f"no match {match_id}")
    if not _can_act_for(u, state.teams[f["home"]]):
        return _err("the home club's secretary reports the result")
    if f["status"] != "awaiting_result":
        return _err(f"{match_id} is {f['status']}")
    missing = [state.teams[t]["name"] for t in (f["home"], f["away"]) if t not in f["sheets"]]
    if missing:
        return _err(f"team sheets missing for {', '.join(missing)}")
    if home_goals < 0 or away_goals < 0:
        return _err("goals cannot be negative")
    f["score"], f["status"] = [home_goals, away_goals], "played"
    return "played"


async def record_goals(session: str, match_id: str, scorer_registration_nos: list[str],
                       state: State = None) -> int | str:
    """Record who scored in a played match, one entry per goal (the home club's secretary, or the
    league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    match_id : str
        The match id.
    scorer_registration_nos : list of str
        One registration number per goal, in the order scored.

    Returns
    -------
    int
        The number of goals recorded.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    f = state.fixtures.get(match_id)
    if f is None:
        return _err(f"no match {match_id}")
    if not _can_act_for(u, state.teams[f["home"]]):
        return _err("the home club's secretary records the scorers")
    if f["status"] != "played" or f["score"] is None:
        return _err(f"{match_id} has no result yet")
    if f["scorers"]:
        return _err("the scorers are already recorded")
    if len(scorer_registration_nos) != sum(f["score"]):
        return _err(f"the result has {sum(f['score'])} goals")
    on_sheets = {r for regs in f["sheets"].values() for r in regs}
    for reg in scorer_registration_nos:
        if reg not in on_sheets:
            return _err(f"{reg} is not on either team sheet")
    f["scorers"] = list(scorer_registration_nos)
    return len(scorer_registration_nos)


async def file_match_report(session: str, match_id: str, cautions: list[str], dismissals: list[str], notes: str,
                            state: State = None) -> str:
    """File the referee's report on a played match (referees' appointments secretary); each caution
    or dismissal opens a disciplinary case.

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    match_id : str
        The match id.
    cautions : list of str
        Registration numbers of players cautioned.
    dismissals : list of str
        Registration numbers of players sent off.
    notes : str
        The referee's notes.

    Returns
    -------
    str
        A confirmation naming the report and any disciplinary cases opened.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] not in ("referee_secretary", "league_secretary"):
        return _err("referees' reports are filed by the referees' appointments secretary")
    f = state.fixtures.get(match_id)
    if f is None:
        return _err(f"no match {match_id}")
    if f["status"] != "played":
        return _err(f"{match_id} has no result yet")
    if f["report"]:
        return _err(f"a report ({f['report']}) is already filed for {match_id}")
    on_sheets = {r for regs in f["sheets"].values() for r in regs}
    for reg in list(cautions) + list(dismissals):
        if reg not in on_sheets:
            return _err(f"{reg} is not on either team sheet")
    rid = f"MR-{_next(state, 'report')}"
    f["report"] = rid
    opened = []
    for reg, offence, fine in [(r, "caution", _CAUTION_FINE) for r in cautions] + \
                              [(r, "sending-off", _DISMISSAL_FINE) for r in dismissals]:
        cid = f"DC-{_next(state, 'case')}"
        state.cases[cid] = {"case_id": cid, "reg": reg, "match_id": match_id, "offence": offence, "status": "open",
                            "fine": None, "suspension": 0, "paid": 0.0, "tariff": fine}
        opened.append(cid)
    tail = f"; disciplinary cases opened: {', '.join(opened)}" if opened else "; no disciplinary cases"
    return f"Report {rid} filed for {match_id}{tail}."


# --------------------------------------------------------------------------- discipline


async def list_disciplinary_cases(team_id: str | None = None, status: CaseStatus | None = None,
                                  state: State = None) -> list[list]:
    """Disciplinary cases this season.

    Parameters
    ----------
    team_id : str, optional
        Only cases against this team's players.
    status : str, optional
        Only cases in this status.

    Returns
    -------
    list of list
        One row per case: ``[case_id, registration_no, player, team_id, offence, status, fine,
        matches suspended, paid]``.
    """
    out = []
    for c in state.cases.values():
        p = state.players[c["reg"]]
        if (team_id is None or p["team"] == team_id) and (status is None or c["status"] == status):
            out.append([c["case_id"], c["reg"], p["name"], p["team"], c["offence"], c["status"], c["fine"],
                        c["suspension"], c["paid"]])
    return out


async def decide_case(session: str, case_id: str, fine: float, suspension_matches: int = 0,
                      state: State = None) -> str:
    """Decide an open disciplinary case: a fine and a suspension in matches (league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    case_id : str
        The case's id.
    fine : float
        The fine in pounds.
    suspension_matches : int
        Matches the player must sit out.

    Returns
    -------
    str
        The decision.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] != "league_secretary":
        return _err("only the league secretary decides disciplinary cases")
    c = state.cases.get(case_id)
    if c is None:
        return _err(f"no case {case_id}")
    if c["status"] != "open":
        return _err(f"{case_id} is {c['status']}")
    if fine < 0 or not 0 <= suspension_matches <= 10:
        return _err("the fine cannot be negative and a suspension is 0 to 10 matches")
    c.update(status="decided", fine=float(fine), suspension=suspension_matches)
    p = state.players[c["reg"]]
    p["suspended_for"] += suspension_matches
    return f"{case_id}: {p['name']} fined £{fine:.2f}" + (f" and suspended for {suspension_matches} matches."
                                                           if suspension_matches else ".")


async def pay_fine(session: str, case_id: str, amount: float, state: State = None) -> float | str:
    """Pay a decided case's fine, in full or in part (the player's club secretary, or the league
    secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    case_id : str
        The case's id.
    amount : float
        The amount paid in pounds.

    Returns
    -------
    float
        What is still owed on the case.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    c = state.cases.get(case_id)
    if c is None:
        return _err(f"no case {case_id}")
    t = state.teams[state.players[c["reg"]]["team"]]
    if not _can_act_for(u, t):
        return _err(f"{u['name']} cannot pay {t['name']}'s fines")
    if c["status"] not in ("decided", "closed") or c["fine"] is None:
        return _err(f"{case_id} has not been decided; there is no fine to pay yet")
    owed = round(c["fine"] - c["paid"], 2)
    if owed <= 0:
        return _err(f"the fine on {case_id} is paid")
    if not 0 < amount <= owed:
        return _err(f"pay between £0.01 and £{owed:.2f}")
    c["paid"] = round(c["paid"] + amount, 2)
    if c["paid"] >= c["fine"]:
        c["status"] = "closed"
    return round(c["fine"] - c["paid"], 2)


async def appeal_case(session: str, case_id: str, grounds: str, state: State = None) -> str:
    """Appeal a decided case to the league's disciplinary committee (the player's club secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    case_id : str
        The case's id.
    grounds : str
        The grounds for the appeal.

    Returns
    -------
    str
        The case's new status.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    c = state.cases.get(case_id)
    if c is None:
        return _err(f"no case {case_id}")
    t = state.teams[state.players[c["reg"]]["team"]]
    if u["role"] != "club_secretary" or u["club"] != t["club"]:
        return _err("appeals are lodged by the player's club secretary")
    if c["status"] != "decided":
        return _err(f"{case_id} is {c['status']}; only a decided case can be appealed")
    if c["paid"]:
        return _err("a fine that has been paid cannot be appealed")
    if len(grounds.strip()) < 15:
        return _err("state the grounds for the appeal")
    c["status"] = "appealed"
    c["grounds"] = grounds
    return "appealed"


async def deduct_points(session: str, team_id: str, points: int, reason: str, state: State = None) -> int | str:
    """Deduct league points from a team (league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    team_id : str
        The team's id.
    points : int
        Points to deduct.
    reason : str
        Why.

    Returns
    -------
    int
        The team's points total after the deduction.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] != "league_secretary":
        return _err("only the league secretary deducts points")
    t = state.teams.get(team_id)
    if t is None:
        return _err(f"no team {team_id}")
    if not 1 <= points <= 12 or not reason.strip():
        return _err("deduct 1 to 12 points, with a reason")
    t["deducted"] += points
    return _points(state, team_id)


# --------------------------------------------------------------------------- tables


def _points(state, team_id):
    pts = 0
    for f in state.fixtures.values():
        if f["status"] != "played" or f["cup"] or team_id not in (f["home"], f["away"]):
            continue
        mine, theirs = (f["score"][0], f["score"][1]) if f["home"] == team_id else (f["score"][1], f["score"][0])
        pts += 3 if mine > theirs else 1 if mine == theirs else 0
    return pts - state.teams[team_id]["deducted"]


async def get_standings(division: str, state: State = None) -> list[list] | str:
    """A division's league table.

    Parameters
    ----------
    division : str
        The division's code.

    Returns
    -------
    list of list
        One row per team: ``[position, team_id, team, played, won, drawn, lost, for, against,
        goal difference, points]``.
    """
    if division not in {d[0] for d in state.divisions}:
        return _err(f"no division {division!r}")
    rows = []
    for t in state.teams.values():
        if t["division"] != division:
            continue
        p = w = d = lost = gf = ga = 0
        for f in state.fixtures.values():
            if f["status"] != "played" or f["cup"] or t["team_id"] not in (f["home"], f["away"]):
                continue
            mine, theirs = (f["score"][0], f["score"][1]) if f["home"] == t["team_id"] else (f["score"][1], f["score"][0])
            p += 1
            gf += mine
            ga += theirs
            w, d, lost = w + (mine > theirs), d + (mine == theirs), lost + (mine < theirs)
        rows.append([t["team_id"], t["name"], p, w, d, lost, gf, ga, gf - ga, _points(state, t["team_id"])])
    rows.sort(key=lambda r: (-r[9], -r[8], -r[6], r[1]))
    return [[i] + r for i, r in enumerate(rows, start=1)]


async def get_top_scorers(division: str, limit: int = 10, state: State = None) -> list[list] | str:
    """A division's leading league goalscorers.

    Parameters
    ----------
    division : str
        The division's code.
    limit : int
        How many to list.

    Returns
    -------
    list of list
        One row per player: ``[registration_no, player, team, goals]``.
    """
    if division not in {d[0] for d in state.divisions}:
        return _err(f"no division {division!r}")
    goals = {}
    for f in state.fixtures.values():
        if f["cup"] or state.teams[f["home"]]["division"] != division:
            continue
        for reg in f["scorers"]:
            goals[reg] = goals.get(reg, 0) + 1
    rows = [[reg, state.players[reg]["name"], state.teams[state.players[reg]["team"]]["name"], n]
            for reg, n in goals.items()]
    rows.sort(key=lambda r: (-r[3], r[1]))
    return rows[:max(1, limit)]


# --------------------------------------------------------------------------- cups


async def list_cups(state: State = None) -> list[list]:
    """The league's cup competitions.

    Returns
    -------
    list of list
        One row per cup: ``[cup_code, name, current round, teams still in]``.
    """
    return [[c[0], c[1], c[2], len(c[3])] for c in state.cups]


async def make_cup_draw(session: str, cup_code: str, round_name: str, state: State = None) -> list[list] | str:
    """Make the draw for a cup's current round (league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    cup_code : str
        The cup's code.
    round_name : str
        The round being drawn (the cup's current round).

    Returns
    -------
    list of list
        One row per tie: ``[tie_id, home_id, home, away_id, away]``.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] != "league_secretary":
        return _err("only the league secretary makes cup draws")
    cup = next((c for c in state.cups if c[0] == cup_code), None)
    if cup is None:
        return _err(f"no cup {cup_code!r}")
    if round_name != cup[2]:
        return _err(f"{cup[1]} is not at {round_name!r}")
    if any(t["cup"] == cup_code and t["round"] == round_name for t in state.ties.values()):
        return _err(f"the {round_name} draw of {cup[1]} has been made")
    teams = list(cup[3])
    order = [teams[i] for i in (3, 6, 0, 5, 2, 7, 1, 4) if i < len(teams)]
    rows = []
    for home, away in zip(order[::2], order[1::2]):
        tid = f"{cup_code}-{round_name.replace(' ', '')}-{_next(state, 'tie')}"
        state.ties[tid] = {"tie_id": tid, "cup": cup_code, "round": round_name, "home": home, "away": away,
                           "match_id": None}
        rows.append([tid, home, state.teams[home]["name"], away, state.teams[away]["name"]])
    return rows


async def schedule_cup_tie(session: str, tie_id: str, match_date: str, kick_off: str, venue_code: str, pitch: int = 1,
                           state: State = None) -> str:
    """Put a drawn cup tie on the calendar (league secretary).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    tie_id : str
        The tie's id from the draw.
    match_date : str
        The date, YYYY-MM-DD.
    kick_off : str
        The kick-off time, HH:MM.
    venue_code : str
        The venue's code.
    pitch : int
        The pitch number at the venue.

    Returns
    -------
    str
        A confirmation naming the new match id.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if u["role"] != "league_secretary":
        return _err("only the league secretary schedules cup ties")
    t = state.ties.get(tie_id)
    if t is None:
        return _err(f"no cup tie {tie_id}")
    if t["match_id"]:
        return _err(f"{tie_id} is already scheduled as {t['match_id']}")
    v = next((v for v in state.venues if v[0] == venue_code), None)
    if v is None:
        return _err(f"no venue {venue_code!r}")
    if not 1 <= pitch <= v[2]:
        return _err(f"{v[1]} has {v[2]} pitch(es)")
    if match_date <= TODAY:
        return _err("cup ties are scheduled for a future date")
    for tid in (t["home"], t["away"]):
        if _busy(state, tid, match_date):
            return _err(f"{state.teams[tid]['name']} already play on {match_date}")
    if _pitch_taken(state, venue_code, pitch, match_date, kick_off):
        return _err(f"pitch {pitch} at {v[1]} is taken at {kick_off} on {match_date}")
    mid = f"M-{_next(state, 'match')}"
    state.fixtures[mid] = {"match_id": mid, "date": match_date, "kick_off": kick_off, "home": t["home"],
                           "away": t["away"], "venue": venue_code, "pitch": pitch, "status": "scheduled",
                           "score": None, "sheets": {}, "scorers": [], "report": None, "cup": t["cup"]}
    t["match_id"] = mid
    return f"Cup tie {tie_id} scheduled as {mid}: {match_date} {kick_off}, {v[1]} pitch {pitch}."


# --------------------------------------------------------------------------- notices


async def send_notice(session: str, team_ids: list[str], subject: str, body: str, state: State = None) -> str:
    """E-mail a notice to teams' secretaries (league secretary, or a club secretary to their own
    teams).

    Parameters
    ----------
    session : str
        The token from ``sign_in``.
    team_ids : list of str
        The teams to write to.
    subject : str
        The subject line.
    body : str
        The notice.

    Returns
    -------
    str
        A confirmation naming the notice id.
    """
    u = _who(state, session)
    if u is None:
        return _err("not signed in")
    if not team_ids:
        return _err("name at least one team")
    for tid in team_ids:
        t = state.teams.get(tid)
        if t is None:
            return _err(f"no team {tid}")
        if u["role"] != "league_secretary" and not _can_act_for(u, t):
            return _err(f"{u['name']} cannot write to {t['name']} through Touchline")
    if not subject.strip() or not body.strip():
        return _err("a notice needs a subject and a body")
    nid = f"N-{_next(state, 'notice')}"
    state.notices.append({"notice_id": nid, "teams": list(team_ids), "subject": subject, "body": body,
                          "from": u["name"]})
    return f"Notice {nid} sent to {len(team_ids)} team secretar{'y' if len(team_ids) == 1 else 'ies'}."


TOOLS = [
    sign_in, sign_out,
    list_divisions, list_teams, get_team, register_team, update_team_contact,
    search_players, register_player, transfer_player, release_player,
    list_venues, record_pitch_inspection, schedule_fixture, list_fixtures, get_match, postpone_fixture,
    reschedule_fixture,
    list_referees, appoint_referee, withdraw_appointment,
    submit_team_sheet, submit_result, record_goals, file_match_report,
    list_disciplinary_cases, decide_case, pay_fine, appeal_case, deduct_points,
    get_standings, get_top_scorers, list_cups, make_cup_draw, schedule_cup_tie, send_notice,
]

FIXTURES = {
    "league": {"name": "Riverside Sunday League", "season": SEASON, "today": "Wednesday 11 October 2028"},
    "officials": [
        {"name": "Carol Hughes", "role": "league secretary", "email": "carol.hughes@riversidesundayleague.org",
         "password": "Offside!Trap28"},
        {"name": "Raj Patel", "role": "referees' appointments secretary",
         "email": "raj.patel@riversidesundayleague.org", "password": "Whistle-Blower-5"},
        {"name": "Dave Marsh", "role": "club secretary, Kingfisher FC (first team and reserves)",
         "email": "dave.marsh@kingfisherfc.co.uk", "password": "Blue&Gold1987"},
        {"name": "Sue Lam", "role": "club secretary, Otters Athletic", "email": "sue.lam@ottersathletic.co.uk",
         "password": "OttersHoldOn22"},
    ],
    "news": [
        "Kingfisher FC beat Otters Athletic 2-0 last Sunday; Kingfisher's team sheet was never handed in",
        "Kingfisher Meadow's pitch 2 is waterlogged for Sunday",
        "a new signing for Kingfisher Reserves: Jordan Price, born 2001-05-14",
        "Kingfisher FC are starting a veterans' side in Division Two",
        "Dave Marsh has a new phone number: 07700 900999",
    ],
}

_SESSION = "auth: session token (bare string from sign_in)"
_TEAM = "id lookup/create: team id (row [0], or the id in the new-team sentence)"
_MATCH = "id lookup/create: match id (row [0], or the id in the new-fixture sentence)"
_CASE = "id lookup/create: disciplinary case id (row [0], or the id in the report sentence)"

GROUND_TRUTH = (
    [("sign_in", c, _SESSION) for c in [
        "sign_out", "register_team", "update_team_contact", "register_player", "transfer_player", "release_player",
        "record_pitch_inspection", "schedule_fixture", "postpone_fixture", "reschedule_fixture", "appoint_referee",
        "withdraw_appointment", "submit_team_sheet", "submit_result", "record_goals", "file_match_report",
        "decide_case", "pay_fine", "appeal_case", "deduct_points", "make_cup_draw", "schedule_cup_tie",
        "send_notice"]]
    + [("list_teams|register_team", c, _TEAM) for c in [
        "get_team", "register_player", "schedule_fixture", "update_team_contact", "send_notice"]]
    + [("list_teams", c, "id lookup: team id (row [0])") for c in [
        "transfer_player", "submit_team_sheet", "deduct_points"]]
    + [("list_divisions", c, "vocabulary: division code (row [0])") for c in [
        "register_team", "get_standings", "get_top_scorers"]]
    + [("list_venues", c, "id lookup: venue code (row [0])") for c in [
        "schedule_fixture", "schedule_cup_tie", "record_pitch_inspection"]]
    + [("schedule_fixture|list_fixtures", c, _MATCH) for c in ["appoint_referee", "postpone_fixture", "get_match"]]
    + [("list_fixtures", c, "id lookup: match id (row [0])") for c in [
        "reschedule_fixture", "submit_team_sheet", "submit_result", "record_goals", "file_match_report"]]
    + [("file_match_report|list_disciplinary_cases", c, _CASE) for c in ["decide_case", "pay_fine", "appeal_case"]]
    + [
        ("search_players|get_team", "transfer_player",
         "id lookup: registration number (row [0]; squad row [4][i][0])"),
        ("search_players|get_team", "release_player",
         "id lookup: registration number (row [0]; squad row [4][i][0])"),
        ("get_team", "submit_team_sheet", "id lookup: registration numbers of the squad (row [4][i][0])"),
        ("list_cups", "make_cup_draw", "vocabulary: cup code and its current round (row [0], row [2])"),
        ("make_cup_draw", "schedule_cup_tie", "id create: tie id (row [0])"),
        ("list_referees", "appoint_referee", "id lookup: referee id (row [0])"),
        ("appoint_referee|get_match", "withdraw_appointment",
         "id lookup/create: appointment id (in the appointment sentence, or officials row [8][i][0])"),
        ("record_pitch_inspection", "postpone_fixture", "state: the pitch closed by a failed inspection"),
        ("postpone_fixture", "reschedule_fixture", "state: the fixture postponed"),
        ("submit_team_sheet", "submit_result", "state: both team sheets in"),
        ("submit_result", "record_goals", "state: the match has a result"),
        ("submit_result", "file_match_report", "state: the match has a result"),
        ("decide_case", "pay_fine", "state: the case decided (a fine set)"),
        ("decide_case", "appeal_case", "state: the case decided"),
    ]
)

PLAUSIBLE = {
    ("list_fixtures", "get_team"), ("get_match", "submit_result"), ("get_match", "submit_team_sheet"),
    ("get_match", "postpone_fixture"), ("list_fixtures", "withdraw_appointment"), ("list_referees", "withdraw_appointment"),
    ("get_team", "record_goals"), ("get_team", "file_match_report"), ("search_players", "file_match_report"),
    ("search_players", "record_goals"), ("search_players", "submit_team_sheet"), ("list_teams", "list_fixtures"),
    ("list_teams", "list_disciplinary_cases"), ("list_teams", "search_players"), ("list_divisions", "list_teams"),
    ("register_team", "transfer_player"), ("register_team", "submit_team_sheet"), ("register_team", "deduct_points"),
    ("register_player", "transfer_player"), ("register_player", "release_player"), ("register_player", "submit_team_sheet"),
    ("schedule_cup_tie", "appoint_referee"), ("schedule_cup_tie", "postpone_fixture"), ("schedule_cup_tie", "get_match"),
    ("list_venues", "reschedule_fixture"), ("list_venues", "postpone_fixture"), ("get_standings", "deduct_points"),
    ("submit_result", "get_standings"), ("record_goals", "get_top_scorers"), ("decide_case", "submit_team_sheet"),
    ("list_disciplinary_cases", "submit_team_sheet"), ("list_fixtures", "send_notice"),
    ("get_match", "list_referees"), ("list_fixtures", "list_referees"), ("make_cup_draw", "send_notice"),
    ("list_cups", "schedule_cup_tie"),
}
