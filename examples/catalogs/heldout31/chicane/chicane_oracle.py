"""Scripted proofs that Chicane's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records the circuit's raised ``TrackError``
as an error; the replies are plain JSON, so the plain oracle runs them as well).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once
every call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "priya")``) and pass ``"$priya.token"``; replies are read by field
(``"$register_driver.driver_id"``, ``"$book_session.booking_id"``, ``"$issue_penalty.penalty_id"``) and rows
by position and column (``"$find_driver.0.0"``, ``"$timetable.1.0"``, ``"$sessions.3.0"``,
``"$bookings.1.0"``, ``"$session_sheet.grid.0.0"``, ``"$karts.0.0"``, ``"$marshals.2.0"``,
``"$service_schedule.5.0"``, ``"$results.1.2"``, ``"$finish_session.results.1.1"``; the positions follow the
fresh state's order of sessions by start, of karts and of ``SERVICE_TASKS``). Every id is read from a reply;
none is written literally (amounts are written where the driver pays them). A step saved under a name of its
own is a second call of a tool on one path.

The day: Mr Jake Morrow registers, signs his waiver, books the half past eleven arrive and drive, pays by card,
checks in and is given a kart (on other paths his booking moves to half past nine or is cancelled, his kart is
taken back or is kart 11 after its overdue service, his e-mail changes, he is texted or his record read).
Craig gives Hollie Fenwick a kart for half past nine, briefs her and Marta Nowak, declares the track dry, sends
the session out, red-flags it for a stalled kart, resumes and finishes it; Lorraine awards Hollie her club grade
on her third session and Priya books her into the half past ten grand prix (or Hollie is given a warning).
Ruby Okafor checks in for the junior session, gets a kart and is briefed; Pete Rowland marshals it and it goes
out on a damp track. Alfie Brennan's mother signs his waiver and pays; Dan Whitlock signs his and checks in,
changes his number, and his booking tomorrow moves to today or is cancelled; Gavin Royce pays for the grand
prix or books the half past eleven. Last night's grand prix video puts five seconds on kart 12 (later
rescinded); Stefan logs a fault on kart 3, fixes kart 7's throttle and reads its history; Lorraine cancels the
three o'clock junior session.
"""

import chicane_tools as tools

WHO = {"priya": ("priya.k", "Pit-Board-12"), "craig": ("craig.d", "Chequered-Flag-5"),
       "ellie": ("ellie.s", "Blue-Flag-33"), "stefan": ("stefan.n", "Sprocket-Ratio-9"),
       "lorraine": ("lorraine.p", "Fenmoor-Circuit-2004")}
P, C, S, L = "$priya.token", "$craig.token", "$stefan.token", "$lorraine.token"
TODAY = "2031-07-19"
YESTERDAY = "2031-07-18"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def task(code: str) -> str:
    return f"$service_schedule.{list(tools.SERVICE_TASKS).index(code)}.0"


def today_session(sid: str) -> str:
    """A reference to one of today's sessions in the sessions list (by start), by its position."""
    st = tools.State().sessions
    today = sorted((s for s in st if st[s]["date"] == TODAY), key=lambda s: st[s]["start"])
    return f"$sessions.{today.index(sid)}.0"


NEW = "$register_driver.driver_id"
FOUND = "$find_driver.0.0"
BOOKED = "$book_session.booking_id"
HALF_NINE, JUNIORS, ELEVEN_THIRTY, JUNIORS_PM = (today_session(s) for s in ("HT-2201", "HT-2202", "HT-2204",
                                                                              "HT-2206"))

JAKE = [*sign_ins("priya"),
        ("register_driver", {"token": P, "name": "Mr Jake Morrow", "date_of_birth": "2001-03-15", "height_cm": 180,
                             "phone": "07700 900522", "email": "jake.morrow@mail.example"})]
JAKE_EMAIL = JAKE + [("update_driver", {"token": P, "driver_id": NEW, "email": "jake@morrow-racing.example"})]
JAKE_RECORD = JAKE + [("driver_record", {"token": P, "driver_id": NEW})]
JAKE_TEXT = JAKE + [("send_message", {"token": P, "driver_id": NEW, "channel": "sms",
                                      "text": "Fenmoor: you're booked for 11:30 today; please arrive by 11:00."})]
JAKE_DAY = JAKE + [
    ("sign_waiver", {"token": P, "driver_id": NEW, "signed_by": "Mr Jake Morrow"}),
    ("timetable", {"date": TODAY, "kind": "arrive_and_drive"}),
    ("book_session", {"token": P, "driver_id": NEW, "session_id": "$timetable.1.0"}),
    ("take_payment", {"token": P, "booking_id": BOOKED, "amount": 35.0, "method": "card"}),
    ("check_in", {"token": P, "booking_id": BOOKED}),
    *sign_ins("craig"),
    ("karts", {"token": C, "kart_class": "adult", "status": "ready"}),
    ("assign_kart", {"token": C, "booking_id": BOOKED, "kart_no": "$karts.0.0"}),
]
JAKE_KART_BACK = JAKE_DAY + [("release_kart", {"token": C, "booking_id": BOOKED})]
JAKE_MOVES = cut(JAKE_DAY, "book_session") + [
    ("move_booking", {"token": P, "booking_id": BOOKED, "session_id": "$timetable.0.0"})]
JAKE_CANCELS = cut(JAKE_DAY, "book_session") + [
    ("cancel_booking", {"token": P, "booking_id": BOOKED, "reason": "His friend's car broke down on the way"})]
JAKE_K11 = cut(JAKE_DAY, "check_in") + [
    *sign_ins("stefan"),
    ("karts", {"token": S, "status": "due"}),
    ("service_schedule", {"token": S}),
    ("service_kart", {"token": S, "kart_no": "$karts.0.0", "tasks": [task("OIL"), task("CHN")]}),
    *sign_ins("craig"),
    ("assign_kart", {"token": C, "booking_id": BOOKED, "kart_no": "$karts.0.0"}),
]

DAN_WAIVER = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Whitlock"}),
              ("sign_waiver", {"token": P, "driver_id": FOUND, "signed_by": "Mr Dan Whitlock"})]
DAN_IN = DAN_WAIVER + [("bookings", {"token": P, "driver_id": FOUND, "status": "booked"}),
                       ("check_in", {"token": P, "booking_id": "$bookings.0.0"})]
DAN_PHONE = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Whitlock"}),
             ("update_driver", {"token": P, "driver_id": FOUND, "phone": "07700 900599"})]
DAN_MOVES = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Whitlock"}),
             ("bookings", {"token": P, "driver_id": FOUND, "status": "booked"}),
             ("timetable", {"date": TODAY, "kind": "arrive_and_drive"}),
             ("move_booking", {"token": P, "booking_id": "$bookings.1.0", "session_id": "$timetable.1.0"})]
DAN_MOVES_LISTED = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Whitlock"}),
                    ("bookings", {"token": P, "driver_id": FOUND, "status": "booked"}),
                    ("sessions", {"token": P, "date": TODAY, "status": "open"}),
                    ("move_booking", {"token": P, "booking_id": "$bookings.1.0", "session_id": ELEVEN_THIRTY})]
DAN_CANCELS = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Whitlock"}),
               ("bookings", {"token": P, "driver_id": FOUND, "status": "booked"}),
               ("cancel_booking", {"token": P, "booking_id": "$bookings.1.0", "reason": "Can't make tomorrow morning"})]
HOLLIE_RECORD = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Fenwick"}),
                 ("driver_record", {"token": P, "driver_id": FOUND})]
ALFIE_TEXT = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Brennan"}),
              ("send_message", {"token": P, "driver_id": FOUND, "channel": "email",
                                "text": "Alfie's junior session is at 10:00; please bring his waiver signature."})]
ALFIE_IN = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Brennan"}),
            ("sign_waiver", {"token": P, "driver_id": FOUND, "signed_by": "Mrs Kate Brennan"}),
            ("bookings", {"token": P, "driver_id": FOUND, "status": "booked"}),
            ("take_payment", {"token": P, "booking_id": "$bookings.0.0", "amount": 28.0, "method": "cash"}),
            ("check_in", {"token": P, "booking_id": "$bookings.0.0"})]
GAVIN_BOOKS = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Royce"}),
               ("timetable", {"date": TODAY, "kind": "arrive_and_drive"}),
               ("book_session", {"token": P, "driver_id": FOUND, "session_id": "$timetable.1.0"})]
GAVIN_BOOKS_LISTED = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Royce"}),
                      ("sessions", {"token": P, "date": TODAY, "status": "open"}),
                      ("book_session", {"token": P, "driver_id": FOUND, "session_id": ELEVEN_THIRTY})]
GAVIN_PAYS = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Royce"}),
              ("bookings", {"token": P, "driver_id": FOUND, "status": "booked"}),
              ("take_payment", {"token": P, "booking_id": "$bookings.0.0", "amount": 60.0, "method": "card"})]

RUBY = [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Okafor"}),
        ("bookings", {"token": P, "driver_id": FOUND, "status": "booked"}),
        ("check_in", {"token": P, "booking_id": "$bookings.0.0"}),
        *sign_ins("craig"),
        ("karts", {"token": C, "kart_class": "junior", "status": "ready"}),
        ("assign_kart", {"token": C, "booking_id": "$bookings.0.0", "kart_no": "$karts.0.0"}),
        ("sessions", {"token": C, "date": TODAY}),
        ("marshals", {"token": C}),
        ("assign_marshal", {"token": C, "session_id": JUNIORS, "marshal_id": "$marshals.2.0"}),
        ("brief_session", {"token": C, "session_id": JUNIORS, "notes": "Juniors: blue flags and the pit lane speed"}),
        ("set_track_condition", {"token": C, "condition": "damp"}),
        ("start_session", {"token": C, "session_id": JUNIORS})]
NOW_BRIEF = RUBY[:4] + [*sign_ins("craig"), ("sessions", {"token": C, "date": TODAY}),
                        ("brief_session", {"token": C, "session_id": JUNIORS})]

HOLLIE = [*sign_ins("craig"),
          ("sessions", {"token": C, "date": TODAY}),
          ("session_sheet", {"token": C, "session_id": HALF_NINE}),
          ("karts", {"token": C, "kart_class": "adult", "status": "ready"}),
          ("assign_kart", {"token": C, "booking_id": "$session_sheet.grid.0.0", "kart_no": "$karts.0.0"}),
          ("brief_session", {"token": C, "session_id": HALF_NINE}),
          ("set_track_condition", {"token": C, "condition": "dry"}),
          ("start_session", {"token": C, "session_id": HALF_NINE}),
          ("red_flag", {"token": C, "session_id": HALF_NINE, "reason": "K02 stalled on the racing line at the hairpin"}),
          ("resume_session", {"token": C, "session_id": HALF_NINE}),
          ("finish_session", {"token": C, "session_id": HALF_NINE}),
          ("results", {"token": C, "session_id": HALF_NINE}),
          *sign_ins("lorraine"),
          ("award_grade", {"token": L, "driver_id": "$results.1.2", "grade": "club"}),
          *sign_ins("priya"),
          ("timetable", {"date": TODAY, "kind": "grand_prix"}),
          ("book_session", {"token": P, "driver_id": "$results.1.2", "session_id": "$timetable.0.0"})]
HOLLIE_CLUB = cut(HOLLIE, "finish_session") + [
    *sign_ins("lorraine"), ("lap_records", {"kart_class": "adult", "period": "today"}),
    ("find_driver", {"token": L, "text": "Fenwick"}),
    ("award_grade", {"token": L, "driver_id": FOUND, "grade": "club"})]
HOLLIE_WARNED = cut(HOLLIE, "finish_session") + [
    ("issue_penalty", {"token": C, "session_id": HALF_NINE, "kart_no": "$finish_session.results.1.1",
                       "penalty": "warning", "reason": "Too quick under the yellow flag at the hairpin"})]
MARTA_KART_BACK = [*sign_ins("craig"), ("sessions", {"token": C, "date": TODAY}),
                   ("session_sheet", {"token": C, "session_id": HALF_NINE}),
                   ("release_kart", {"token": C, "booking_id": "$session_sheet.grid.2.0"})]
MARTA_KART_BACK_LISTED = [*sign_ins("craig"), ("find_driver", {"token": C, "text": "Nowak"}),
                          ("bookings", {"token": C, "driver_id": FOUND, "status": "checked_in"}),
                          ("release_kart", {"token": C, "booking_id": "$bookings.0.0"})]
LAST_NIGHT = [*sign_ins("craig"), ("sessions", {"token": C, "date": YESTERDAY, "status": "finished"}),
              ("results", {"token": C, "session_id": "$sessions.0.0"}),
              ("issue_penalty", {"token": C, "session_id": "$sessions.0.0", "kart_no": "$results.0.1",
                                 "penalty": "plus_5s", "reason": "Ignored a blue flag on lap 9 (video review)"}),
              ("rescind_penalty", {"token": C, "penalty_id": "$issue_penalty.penalty_id",
                                   "reason": "On appeal: the blue flag was shown late at post 4"})]
K03_FAULT = [*sign_ins("stefan"), ("karts", {"token": S, "kart_class": "adult", "status": "ready"}),
             ("report_fault", {"token": S, "kart_no": "$karts.1.0", "fault": "Rear axle bearing rumbling"})]
K07_FIXED = [*sign_ins("stefan"), ("karts", {"token": S, "status": "fault"}), ("service_schedule", {"token": S}),
             ("service_kart", {"token": S, "kart_no": "$karts.0.0", "tasks": [task("THR")]})]
K07_HISTORY = [*sign_ins("stefan"), ("karts", {"token": S, "status": "fault"}),
               ("kart_history", {"token": S, "kart_no": "$karts.0.0"})]
JUNIORS_OFF = [*sign_ins("lorraine"), ("sessions", {"token": L, "date": TODAY}),
               ("cancel_session", {"token": L, "session_id": JUNIORS_PM, "reason": "No junior bookings this afternoon"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# drivers
_REGISTERED = {"update_driver": JAKE_EMAIL, "driver_record": JAKE_RECORD, "sign_waiver": cut(JAKE_DAY, "sign_waiver"),
               "book_session": cut(JAKE_DAY, "book_session"), "send_message": JAKE_TEXT}
_FOUND = {"update_driver": DAN_PHONE, "driver_record": HOLLIE_RECORD, "sign_waiver": DAN_WAIVER,
          "book_session": GAVIN_BOOKS, "send_message": ALFIE_TEXT}
for _c in tools.DRIVER_CONSUMERS:
    _add("register_driver", _c, _REGISTERED[_c])
    _add("find_driver", _c, _FOUND[_c])
_add("find_driver", "award_grade", HOLLIE_CLUB)
_add("results", "award_grade", cut(HOLLIE, "award_grade"))

# sessions
_add("timetable", "book_session", GAVIN_BOOKS)
_add("sessions", "book_session", GAVIN_BOOKS_LISTED)
_add("timetable", "move_booking", DAN_MOVES)
_add("sessions", "move_booking", DAN_MOVES_LISTED)
_SESSIONS = {"session_sheet": cut(HOLLIE, "session_sheet"), "cancel_session": JUNIORS_OFF,
             "assign_marshal": cut(RUBY, "assign_marshal"), "brief_session": cut(HOLLIE, "brief_session"),
             "start_session": cut(HOLLIE, "start_session"), "red_flag": cut(HOLLIE, "red_flag"),
             "resume_session": cut(HOLLIE, "resume_session"), "finish_session": cut(HOLLIE, "finish_session"),
             "results": cut(LAST_NIGHT, "results"), "issue_penalty": cut(LAST_NIGHT, "issue_penalty")}
for _c in tools.SESSION_CONSUMERS:
    _add("sessions", _c, _SESSIONS[_c])

# bookings
_BOOKED = {"move_booking": JAKE_MOVES, "cancel_booking": JAKE_CANCELS, "take_payment": cut(JAKE_DAY, "take_payment"),
           "check_in": cut(JAKE_DAY, "check_in")}
_LISTED = {"move_booking": DAN_MOVES, "cancel_booking": DAN_CANCELS, "take_payment": GAVIN_PAYS, "check_in": DAN_IN}
for _c in tools.BOOKING_CONSUMERS:
    _add("book_session", _c, _BOOKED[_c])
    _add("bookings", _c, _LISTED[_c])
_add("book_session", "assign_kart", JAKE_DAY)
_add("bookings", "assign_kart", cut(RUBY, "assign_kart"))
_add("session_sheet", "assign_kart", cut(HOLLIE, "assign_kart"))
_add("book_session", "release_kart", JAKE_KART_BACK)
_add("bookings", "release_kart", MARTA_KART_BACK_LISTED)
_add("session_sheet", "release_kart", MARTA_KART_BACK)

# karts, marshals, penalties, the service schedule
_add("karts", "report_fault", K03_FAULT)
_add("karts", "service_kart", K07_FIXED)
_add("karts", "assign_kart", JAKE_DAY)
_add("karts", "kart_history", K07_HISTORY)
_add("marshals", "assign_marshal", cut(RUBY, "assign_marshal"))
_add("finish_session", "issue_penalty", HOLLIE_WARNED)
_add("results", "issue_penalty", cut(LAST_NIGHT, "issue_penalty"))
_add("issue_penalty", "rescind_penalty", LAST_NIGHT)
_add("service_schedule", "service_kart", K07_FIXED)

# states
_add("sign_waiver", "check_in", DAN_IN)
_add("take_payment", "check_in", ALFIE_IN)
_add("check_in", "assign_kart", JAKE_DAY)
_add("check_in", "brief_session", NOW_BRIEF)
_add("service_kart", "assign_kart", JAKE_K11)
_add("assign_kart", "release_kart", JAKE_KART_BACK)
_add("assign_kart", "start_session", cut(HOLLIE, "start_session"))
_add("brief_session", "start_session", cut(HOLLIE, "start_session"))
_add("assign_marshal", "start_session", RUBY)
_add("set_track_condition", "start_session", cut(HOLLIE, "start_session"))
_add("start_session", "red_flag", cut(HOLLIE, "red_flag"))
_add("red_flag", "resume_session", cut(HOLLIE, "resume_session"))
_add("start_session", "finish_session", cut(HOLLIE, "finish_session"))
_add("resume_session", "finish_session", cut(HOLLIE, "finish_session"))
_add("finish_session", "results", cut(HOLLIE, "results"))
_add("finish_session", "award_grade", HOLLIE_CLUB)
_add("award_grade", "book_session", HOLLIE)

_OWN = {"sign_out": [sign_in("lorraine"), ("sign_out", {"token": L})],
        "marshals": [sign_in("craig"), ("marshals", {"token": C})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            steps = _OWN.get(consumer) or min((cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)),
                                              key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the lap records are read before Gavin books the half past eleven
    ("lap_records", [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Royce"}),
                     ("lap_records", {"kart_class": "adult"}),
                     ("timetable", {"date": TODAY, "kind": "arrive_and_drive"}),
                     ("book_session", {"token": P, "driver_id": FOUND, "session_id": "$timetable.1.0"})]),
    # Dan's record is read before he signs his new waiver
    ("driver_record", [*sign_ins("priya"), ("find_driver", {"token": P, "text": "Whitlock"}),
                       ("driver_record", {"token": P, "driver_id": FOUND}),
                       ("sign_waiver", {"token": P, "driver_id": FOUND, "signed_by": "Mr Dan Whitlock"})]),
    # kart 3's history is read before its fault is logged
    ("kart_history", [*sign_ins("stefan"), ("karts", {"token": S, "kart_class": "adult", "status": "ready"}),
                      ("kart_history", {"token": S, "kart_no": "$karts.1.0"}),
                      ("report_fault", {"token": S, "kart_no": "$karts.1.0", "fault": "Rear axle bearing rumbling"})]),
    # the marshals are read before the junior briefing; a briefing names no marshal
    ("marshals", RUBY[:4] + [*sign_ins("craig"), ("sessions", {"token": C, "date": TODAY}), ("marshals", {"token": C}),
                             ("brief_session", {"token": C, "session_id": JUNIORS})]),
    # the service schedule is read before kart 3's fault is logged
    ("service_schedule", [*sign_ins("stefan"), ("service_schedule", {"token": S}),
                          ("karts", {"token": S, "kart_class": "adult", "status": "ready"}),
                          ("report_fault", {"token": S, "kart_no": "$karts.1.0", "fault": "Rear axle bearing rumbling"})]),
    # the juniors' bookings are read before their marshal is assigned
    ("bookings", [*sign_ins("craig"), ("sessions", {"token": C, "date": TODAY}),
                  ("bookings", {"token": C, "session_id": JUNIORS}), ("marshals", {"token": C}),
                  ("assign_marshal", {"token": C, "session_id": JUNIORS, "marshal_id": "$marshals.2.0"})]),
    # the day's sessions are read before Gavin pays for his grand prix place
    ("sessions", [*sign_ins("priya"), ("sessions", {"token": P, "date": TODAY}),
                  ("find_driver", {"token": P, "text": "Royce"}),
                  ("bookings", {"token": P, "driver_id": FOUND, "status": "booked"}),
                  ("take_payment", {"token": P, "booking_id": "$bookings.0.0", "amount": 60.0, "method": "card"})]),
]
