"""Scripted proofs that Donorday's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime: a returned ``{"error": {...}}`` object is
a refusal by the runtime's common conventions, and the dataclass replies are read as its JSON).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("staff_login", {...}, "helen")``) and pass the bare key whole (``"$helen"``);
rows are read by position (``"$find_donor.0.0"`` a donor number, ``"$find_sessions.0.0"`` a session,
``"$list_slots.0"`` a free time, ``"$session_register.0.0"`` an appointment), dataclasses by field
(``"$walk_in.appointment_ref"``, ``"$get_donor.deferrals.0.deferral_id"``) and the bare donation
number whole (``"$start_donation"``). Every id is read from a reply; FIXTURES hold only what the
staff are handed (staff ids and PINs, callers' names, dates of birth and new contact details).
"""

WHO = {"priya": ("NW4417", "2604"), "gareth": ("NW5120", "8817"), "helen": ("NW5033", "3390")}


def login(who: str) -> tuple:
    staff_id, pin = WHO[who]
    return ("staff_login", {"staff_id": staff_id, "pin": pin}, who)


PRIYA, GARETH, HELEN = "$priya", "$gareth", "$helen"
TODAY = "2027-10-14"
KWAME = {"first_name": "Kwame", "surname": "Mensah", "date_of_birth": "1996-07-15", "sex": "M",
         "postcode": "LS7 3HB", "mobile": "07700 900 412", "email": "kwame.m@example.com"}
DONOR = "$find_donor.0.0"
NEW = "$enrol_donor.donor_no"
TODAYS = ("find_sessions", {"venue_code": "LDC", "from_date": TODAY, "donation_type": "whole_blood"})
SESSION = "$find_sessions.0.0"


CALLERS = {"Okafor": {"date_of_birth": "1988-04-12", "postcode": "LS6 2QT"}, "Clarke": {"date_of_birth": "1995-09-23"},
           "Bennett": {"date_of_birth": "1961-02-02"}}


def found(surname: str, who: str = "priya") -> list:
    """A caller found by surname and what they give to confirm who they are."""
    return [login(who), ("find_donor", {"key": "$" + who, "surname": surname, **CALLERS.get(surname, {})})]


def enrolled(who: str = "priya") -> list:
    return [login(who), ("enrol_donor", {"key": "$" + who, **KWAME})]


# --------------------------------------------------------------------------- donors


def on_donor(provider: str, consumer: str) -> list:
    """Priya works on a caller found by surname, or on Kwame Mensah, enrolled now."""
    if provider == "enrol_donor":
        steps, d = enrolled(), NEW
    else:
        name = {"update_contact": "Haidari", "set_preferred_venue": "Clarke", "record_deferral": "Whitaker",
                "list_appointments": "Clarke", "lift_deferral": "Bennett"}.get(consumer, "Okafor")
        steps, d = found(name, "helen" if consumer == "lift_deferral" else "priya"), DONOR
    k = PRIYA
    booking = [("list_venues", {"region": "Leeds"}),
               ("find_sessions", {"venue_code": "$list_venues.0.0", "from_date": "2027-10-18",
                                  "donation_type": "whole_blood"}),
               ("list_slots", {"session_id": SESSION}),
               ("book_appointment", {"key": k, "donor_no": d, "session_id": SESSION, "time": "$list_slots.0"})]
    tail = {
        "get_donor": [("get_donor", {"key": k, "donor_no": d})],
        "update_contact": [("update_contact", {"key": k, "donor_no": d,
                                               **({"email": "fatima.haidari@example.com"} if d == DONOR
                                                  else {"mobile": "07700 900 413"})})],
        "set_reminders": [("set_reminders", {"key": k, "donor_no": d, "channel": "email", "enabled": True})],
        "set_preferred_venue": [("list_venues", {}),
                                ("set_preferred_venue", {"key": k, "donor_no": d, "venue_code": "$list_venues.0.0"})],
        "record_deferral": [("record_deferral", {"key": k, "donor_no": d,
                                                 "reason_code": "ILLNESS" if d == DONOR else "TATTOO",
                                                 "note": "Chest infection, antibiotics finish Friday" if d == DONOR
                                                 else "New tattoo on 2 October, licensed studio"})],
        "lift_deferral": ([("get_donor", {"key": HELEN, "donor_no": d}),
                           ("lift_deferral", {"key": HELEN, "donor_no": d,
                                              "deferral_id": "$get_donor.deferrals.0.deferral_id",
                                              "note": "Malaria antibody test negative; cleared by Dr Rao"})]
                          if d == DONOR else
                          [login("helen"),
                           ("record_deferral", {"key": k, "donor_no": d, "reason_code": "TATTOO",
                                                "note": "New tattoo on 2 October"}),
                           ("lift_deferral", {"key": HELEN, "donor_no": d,
                                              "deferral_id": "$record_deferral.deferral_id",
                                              "note": "Entered in error: the tattoo was in 2025"})]),
        "book_appointment": booking,
        "list_appointments": [("list_appointments", {"key": k, "donor_no": d})],
        "walk_in": [login("helen"), TODAYS, ("open_session", {"key": HELEN, "session_id": SESSION}),
                    ("walk_in", {"key": HELEN, "session_id": SESSION, "donor_no": d})],
        "donation_history": [("donation_history", {"key": k, "donor_no": d})],
        "send_message": [("send_message", {"key": k, "donor_nos": [d], "channel": "sms",
                                           "body": "Thank you for calling: your new appointment letter is on its way."})],
    }[consumer]
    return steps + tail


FATIMA_EMAIL = found("Haidari") + [
    ("update_contact", {"key": PRIYA, "donor_no": DONOR, "email": "fatima.haidari@example.com"})]
ARTHUR_BOOKS = found("Bennett", "helen") + [
    ("get_donor", {"key": HELEN, "donor_no": DONOR}), ("check_travel", {"country": "Kenya"}),
    ("lift_deferral", {"key": HELEN, "donor_no": DONOR, "deferral_id": "$get_donor.deferrals.0.deferral_id",
                       "note": "Malaria antibody test negative; cleared by Dr Rao"}),
    ("list_venues", {"region": "Harrogate"}),
    ("find_sessions", {"venue_code": "$list_venues.0.0", "from_date": "2027-10-18", "donation_type": "whole_blood"}),
    ("list_slots", {"session_id": SESSION}),
    ("book_appointment", {"key": HELEN, "donor_no": DONOR, "session_id": SESSION, "time": "$list_slots.0"})]


# --------------------------------------------------------------------------- appointments


def siobhan(consumer: str) -> list:
    """Siobhan Clarke's December appointment at Harrogate, moved to another time or cancelled."""
    steps = found("Clarke") + [("list_appointments", {"key": PRIYA, "donor_no": DONOR})]
    ref = "$list_appointments.0.0"
    if consumer == "cancel_appointment":
        return steps + [("cancel_appointment", {"key": PRIYA, "appointment_ref": ref,
                                                "reason": "Starting a new job in Sheffield that week"})]
    return steps + [("find_sessions", {"venue_code": "HGP", "from_date": "2027-12-01", "donation_type": "whole_blood"}),
                    ("list_slots", {"session_id": SESSION}),
                    ("reschedule_appointment", {"key": PRIYA, "appointment_ref": ref, "session_id": SESSION,
                                                "time": "$list_slots.0"})]


def daniel_books(consumer: str) -> list:
    """Daniel Okafor books next Thursday at Leeds, then moves to Harrogate or cancels."""
    steps = on_donor("find_donor", "book_appointment")
    ref = "$book_appointment.appointment_ref"
    if consumer == "cancel_appointment":
        return steps + [("cancel_appointment", {"key": PRIYA, "appointment_ref": ref,
                                                "reason": "Booked the wrong week"})]
    return steps + [("find_sessions", {"venue_code": "HGP", "from_date": "2027-10-18", "donation_type": "whole_blood"},
                     "hgp"),
                    ("list_slots", {"session_id": "$hgp.0.0"}, "hgp_slots"),
                    ("reschedule_appointment", {"key": PRIYA, "appointment_ref": ref, "session_id": "$hgp.0.0",
                                                "time": "$hgp_slots.0"})]


# --------------------------------------------------------------------------- on the day

OPEN = [login("helen"), TODAYS, ("open_session", {"key": HELEN, "session_id": SESSION})]


def booked_today(upto: str) -> list:
    """Fatima Haidari, booked at 10:20 today: register, check-in, health check, Hb, donation."""
    steps = OPEN + [login("gareth"), ("session_register", {"key": GARETH, "session_id": SESSION})]
    ref = "$session_register.0.0"
    chain = [
        ("check_in", {"key": GARETH, "appointment_ref": ref}),
        ("record_health_check", {"key": GARETH, "appointment_ref": ref, "weight_kg": 58.0, "pulse": 72,
                                 "yes_answers": []}),
        ("record_haemoglobin", {"key": GARETH, "appointment_ref": ref, "hb_g_dl": 13.1}),
        ("start_donation", {"key": GARETH, "appointment_ref": ref, "arm": "left"}),
    ]
    extra = {
        "refer_to_doctor": chain[:1] + [("refer_to_doctor", {"key": GARETH, "appointment_ref": ref,
                                                             "reason": "Asthma inhaler changed last month: OK to give?"})],
        "complete_donation": chain + [("complete_donation", {"key": GARETH, "donation_no": "$start_donation",
                                                             "volume_ml": 470, "minutes": 8})],
        "abandon_donation": chain + [("abandon_donation", {"key": GARETH, "donation_no": "$start_donation",
                                                           "reason": "Slow flow, stopped at 280 ml"})],
        "record_adverse_event": chain + [("record_adverse_event", {
            "key": GARETH, "donation_no": "$start_donation", "severity": 1,
            "description": "Felt faint at the end; legs raised, water and biscuits, recovered in 15 minutes."})],
    }
    if upto in extra:
        return steps + extra[upto]
    n = ["check_in", "record_health_check", "record_haemoglobin", "start_donation"].index(upto) + 1
    return steps + chain[:n]


def walked_in(upto: str) -> list:
    """Daniel Okafor walks in at Leeds today: health check, Hb, donation, his 25th; his pin."""
    steps = OPEN + [("find_donor", {"key": HELEN, "surname": "Okafor"}),
                    ("walk_in", {"key": HELEN, "session_id": SESSION, "donor_no": DONOR})]
    ref = "$walk_in.appointment_ref"
    chain = [
        ("record_health_check", {"key": HELEN, "appointment_ref": ref, "weight_kg": 82.0, "pulse": 64,
                                 "yes_answers": ["NEW_MEDICATION"]}),
        ("record_haemoglobin", {"key": HELEN, "appointment_ref": ref, "hb_g_dl": 14.6}),
        ("start_donation", {"key": HELEN, "appointment_ref": ref, "arm": "right"}),
        ("complete_donation", {"key": HELEN, "donation_no": "$start_donation", "volume_ml": 475, "minutes": 7}),
        ("award_milestone", {"key": HELEN, "donor_no": DONOR, "milestone": 25}),
    ]
    if upto == "refer_to_doctor":
        return steps + [("refer_to_doctor", {"key": HELEN, "appointment_ref": ref,
                                             "reason": "Started ramipril last week"})]
    n = ["record_health_check", "record_haemoglobin", "start_donation", "complete_donation",
         "award_milestone"].index(upto) + 1
    return steps + chain[:n]


CHECK_IN_BOOKED = [login("helen"), ("find_donor", {"key": HELEN, "surname": "Okafor"}), TODAYS,
                   ("list_slots", {"session_id": SESSION}),
                   ("book_appointment", {"key": HELEN, "donor_no": DONOR, "session_id": SESSION,
                                         "time": "$list_slots.0"}),
                   ("open_session", {"key": HELEN, "session_id": SESSION}),
                   ("check_in", {"key": HELEN, "appointment_ref": "$book_appointment.appointment_ref"})]
DNA = OPEN + [("session_register", {"key": HELEN, "session_id": SESSION}),
              ("record_did_not_attend", {"key": HELEN, "appointment_ref": "$session_register.1.0"})]
CLOSE = OPEN + [("close_session", {"key": HELEN, "session_id": SESSION})]


# --------------------------------------------------------------------------- proofs

_BODY = []
for _c in ["get_donor", "update_contact", "set_reminders", "set_preferred_venue", "record_deferral", "lift_deferral",
           "book_appointment", "list_appointments", "walk_in", "donation_history", "send_message"]:
    for _p in ["find_donor", "enrol_donor"]:
        _BODY.append((_p, _c, on_donor(_p, _c)))
_BODY += [
    ("find_sessions", "list_slots", [TODAYS, ("stock_levels", {"blood_group": "O-"}),
                                     ("list_slots", {"session_id": SESSION})]),
    ("find_sessions", "book_appointment", on_donor("find_donor", "book_appointment")),
    ("find_sessions", "reschedule_appointment", siobhan("reschedule_appointment")),
    ("find_sessions", "open_session", OPEN),
    ("find_sessions", "session_register", booked_today("check_in")[:5]),
    ("find_sessions", "walk_in", walked_in("record_health_check")[:-1]),
    ("find_sessions", "close_session", CLOSE),
    ("book_appointment", "reschedule_appointment", daniel_books("reschedule_appointment")),
    ("book_appointment", "cancel_appointment", daniel_books("cancel_appointment")),
    ("list_appointments", "reschedule_appointment", siobhan("reschedule_appointment")),
    ("list_appointments", "cancel_appointment", siobhan("cancel_appointment")),
]
for _c in ["record_health_check", "record_haemoglobin", "start_donation", "refer_to_doctor"]:
    _BODY.append(("session_register", _c, booked_today(_c)))
    _BODY.append(("walk_in", _c, walked_in(_c)))
_BODY += [
    ("open_session", "check_in", booked_today("check_in")),
    ("open_session", "walk_in", walked_in("record_health_check")[:-1]),
    ("open_session", "record_did_not_attend", DNA),
    ("open_session", "close_session", CLOSE),
    ("start_donation", "complete_donation", booked_today("complete_donation")),
    ("start_donation", "abandon_donation", booked_today("abandon_donation")),
    ("start_donation", "record_adverse_event", booked_today("record_adverse_event")),
    ("find_donor", "award_milestone", walked_in("award_milestone")),
    ("get_donor", "lift_deferral", on_donor("find_donor", "lift_deferral")),
    ("record_deferral", "lift_deferral", on_donor("enrol_donor", "lift_deferral")),
    ("list_venues", "find_sessions", [("list_venues", {"region": "Leeds"}),
                                      ("find_sessions", {"venue_code": "$list_venues.0.0", "from_date": TODAY,
                                                         "donation_type": "plasma"})]),
    ("list_venues", "set_preferred_venue", on_donor("find_donor", "set_preferred_venue")),
    ("list_slots", "book_appointment", on_donor("enrol_donor", "book_appointment")),
    ("list_slots", "reschedule_appointment", siobhan("reschedule_appointment")),
    ("session_register", "check_in", booked_today("check_in")),
    ("book_appointment", "check_in", CHECK_IN_BOOKED),
    ("session_register", "record_did_not_attend", DNA),
    ("check_in", "record_health_check", booked_today("record_health_check")),
    ("check_in", "refer_to_doctor", booked_today("refer_to_doctor")),
    ("record_health_check", "record_haemoglobin", booked_today("record_haemoglobin")),
    ("record_haemoglobin", "start_donation", walked_in("start_donation")),
    ("complete_donation", "award_milestone", walked_in("award_milestone")),
    ("update_contact", "send_message", FATIMA_EMAIL + [
        ("send_message", {"key": PRIYA, "donor_nos": [DONOR], "channel": "email",
                          "body": "Your first donation is on 14 October at 10:20 at the Leeds Donor Centre."})]),
    ("update_contact", "set_reminders", FATIMA_EMAIL + [
        ("set_reminders", {"key": PRIYA, "donor_no": DONOR, "channel": "email", "enabled": True})]),
    ("lift_deferral", "book_appointment", ARTHUR_BOOKS),
]

_OWN = {
    "staff_logout": [login("priya"), ("staff_logout", {"key": PRIYA})],
    "find_donor": found("Okafor"),
    "enrol_donor": enrolled(),
    "session_register": booked_today("check_in")[:5],
    "close_session": CLOSE,
    "check_in": booked_today("check_in"),
}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a key: its own short path, else the first path above
    that ends with it."""
    import donorday_tools as tools

    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "staff_login":
            steps = _OWN.get(consumer) or next(s for _, c, s in _BODY if c == consumer)
            out.append(("staff_login", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("get_donor", found("Okafor") + [("get_donor", {"key": PRIYA, "donor_no": DONOR})]
     + on_donor("find_donor", "book_appointment")[2:]),
    ("check_travel", found("Whitaker") + [("check_travel", {"country": "Kenya"}),
                                          ("record_deferral", {"key": PRIYA, "donor_no": DONOR,
                                                               "reason_code": "TRAVEL_MALARIA",
                                                               "note": "Back from Mombasa on 10 October"})]),
    ("donation_history", walked_in("award_milestone")[:-1] + [("donation_history", {"key": HELEN, "donor_no": DONOR}),
                                                              walked_in("award_milestone")[-1]]),
    ("session_register", OPEN + [("session_register", {"key": HELEN, "session_id": SESSION}),
                                 ("close_session", {"key": HELEN, "session_id": SESSION})]),
    ("update_contact", FATIMA_EMAIL + [("send_message", {"key": PRIYA, "donor_nos": [DONOR], "channel": "sms",
                                                         "body": "See you at 10:20 today at the Leeds Donor Centre."})]),
    ("stock_levels", found("Okafor") + [("stock_levels", {"blood_group": "O-"}),
                                        ("send_message", {"key": PRIYA, "donor_nos": [DONOR], "channel": "sms",
                                                          "body": "O negative stocks are low: could you come in?"})]),
]
