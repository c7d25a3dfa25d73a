"""Scripted proofs that Touchline's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the runtime, which awaits the coroutines and reads a returned
``"Error: ..."`` string as a refusal by its common conventions).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values).
Officials sign in by name (``("sign_in", {...}, "carol")``) and pass the bare token whole
(``"$carol"``); dropping ``sign_in`` drops every sign-in of the path. Rows are read by position
(``"$list_teams.0.0"`` a team id, ``"$list_fixtures.2.0"`` a match id, ``"$get_team.4.3.0"`` a
squad member's registration number, ``"$get_match.8.0.0"`` an appointment id,
``"$list_cups.0.2"`` a cup's current round, ``"$make_cup_draw.0.0"`` a tie id). Ids Touchline only
writes inside a sentence are written literally: the first new team ``T-31``, fixture ``M-5200``,
appointment ``AP-7700`` and disciplinary case ``DC-9010`` of a fresh state; each comes from its own
counter, so it is the same in every fresh state, and none exists without its call.
"""

NEW_TEAM, NEW_MATCH, NEW_APPOINTMENT, NEW_CASE = "T-31", "M-5200", "AP-7700", "DC-9010"

WHO = {"carol": ("carol.hughes@riversidesundayleague.org", "Offside!Trap28"),
       "raj": ("raj.patel@riversidesundayleague.org", "Whistle-Blower-5"),
       "dave": ("dave.marsh@kingfisherfc.co.uk", "Blue&Gold1987"),
       "sue": ("sue.lam@ottersathletic.co.uk", "OttersHoldOn22")}


def sign(who: str) -> tuple:
    email, password = WHO[who]
    return ("sign_in", {"email": email, "password": password}, who)


CAROL, RAJ, DAVE = "$carol", "$raj", "$dave"
# Kingfisher FC's sheet: eleven of the squad, leaving out Sam Hughes (squad row 4), who is suspended
SHEET = [f"$get_team.4.{i}.0" for i in (0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11)]
M5101 = "$list_fixtures.0.0"


def kingfisher_otters(upto: str) -> list:
    """Last Sunday's Kingfisher FC 2-0 Otters Athletic (M-5101): Dave hands in the missing team
    sheet, reports the score and the scorers; Raj files the referee's report (one caution), Carol
    decides the case and Dave pays the fine or appeals."""
    steps = [sign("dave"), ("list_fixtures", {"status": "awaiting_result"}), ("list_teams", {"division": "PREM"}),
             ("get_team", {"team_id": "$list_teams.0.0"}),
             ("submit_team_sheet", {"session": DAVE, "match_id": M5101, "team_id": "$list_teams.0.0",
                                    "registration_nos": SHEET})]
    if upto == "submit_team_sheet":
        return steps
    steps.append(("submit_result", {"session": DAVE, "match_id": M5101, "home_goals": 2, "away_goals": 0}))
    if upto == "submit_result":
        return steps
    if upto == "record_goals":
        return steps + [("record_goals", {"session": DAVE, "match_id": M5101,
                                          "scorer_registration_nos": ["$get_team.4.9.0", "$get_team.4.10.0"]})]
    steps += [sign("raj"), ("file_match_report", {"session": RAJ, "match_id": M5101, "cautions": ["$get_team.4.3.0"],
                                                  "dismissals": [],
                                                  "notes": "Caution for dissent, 63rd minute. Pitch and facilities "
                                                           "good."})]
    if upto == "file_match_report":
        return steps
    steps += [sign("carol"), ("decide_case", {"session": CAROL, "case_id": NEW_CASE, "fine": 10.0,
                                              "suspension_matches": 0})]
    if upto == "decide_case":
        return steps
    if upto == "pay_fine":
        return steps + [("pay_fine", {"session": DAVE, "case_id": NEW_CASE, "amount": 10.0})]
    return steps + [("appeal_case", {"session": DAVE, "case_id": NEW_CASE,
                                     "grounds": "The referee cautioned the wrong player: our number 4 was not involved."})]


def new_fixture(upto: str) -> list:
    """Carol puts Kingfisher Reserves v Red Lion FC on for 22 October at Riverside Park; Raj
    appoints and withdraws a referee; Carol postpones it for a county cup tie."""
    steps = [sign("carol"), ("list_teams", {"division": "D1"}), ("list_venues", {}),
             ("schedule_fixture", {"session": CAROL, "home_team_id": "$list_teams.0.0", "away_team_id": "$list_teams.2.0",
                                   "match_date": "2028-10-22", "kick_off": "10:30", "venue_code": "$list_venues.1.0",
                                   "pitch": 1})]
    if upto == "schedule_fixture":
        return steps
    if upto == "get_match":
        return steps + [("get_match", {"match_id": NEW_MATCH})]
    if upto == "postpone_fixture":
        return steps + [("postpone_fixture", {"session": CAROL, "match_id": NEW_MATCH, "reason": "county cup tie"})]
    steps += [sign("raj"), ("list_referees", {"available_on": "2028-10-22"}),
              ("appoint_referee", {"session": RAJ, "match_id": NEW_MATCH, "referee_id": "$list_referees.0.0",
                                   "role": "referee"})]
    if upto == "appoint_referee":
        return steps
    return steps + [("withdraw_appointment", {"session": RAJ, "appointment_id": NEW_APPOINTMENT,
                                              "reason": "Referee injured"})]


def veterans(consumer: str) -> list:
    """Carol enters Kingfisher Veterans into Division Two; the new team is then used."""
    steps = [sign("carol"), ("list_divisions", {}),
             ("register_team", {"session": CAROL, "club_name": "Kingfisher FC", "team_name": "Kingfisher Veterans",
                                "division": "$list_divisions.2.0", "secretary_email": "dave.marsh@kingfisherfc.co.uk"})]
    tail = {
        "register_team": [],
        "get_team": [("get_team", {"team_id": NEW_TEAM})],
        "register_player": [sign("dave"), ("register_player", {"session": DAVE, "team_id": NEW_TEAM, "first_name": "Gary",
                                                               "last_name": "Lowe", "date_of_birth": "1979-02-17"})],
        "schedule_fixture": [("list_teams", {"division": "D2"}), ("list_venues", {}),
                             ("schedule_fixture", {"session": CAROL, "home_team_id": NEW_TEAM,
                                                   "away_team_id": "$list_teams.0.0", "match_date": "2028-10-22",
                                                   "kick_off": "09:30", "venue_code": "$list_venues.0.0", "pitch": 1})],
        "update_team_contact": [("update_team_contact", {"session": CAROL, "team_id": NEW_TEAM,
                                                         "secretary_phone": "07700 900999"})],
        "send_notice": [("send_notice", {"session": CAROL, "team_ids": [NEW_TEAM], "subject": "Welcome to the league",
                                         "body": "Fixtures for Division Two are on Touchline from Friday."})],
    }[consumer]
    return steps + tail


def reserves(consumer: str) -> list:
    """Dave (Kingfisher) works on the reserves, the first team of Division One."""
    steps = [sign("dave"), ("list_teams", {"division": "D1"})]
    tail = {
        "get_team": [("get_team", {"team_id": "$list_teams.0.0"})],
        "register_player": [("register_player", {"session": DAVE, "team_id": "$list_teams.0.0", "first_name": "Jordan",
                                                 "last_name": "Price", "date_of_birth": "2001-05-14"})],
        "update_team_contact": [("update_team_contact", {"session": DAVE, "team_id": "$list_teams.0.0",
                                                         "secretary_phone": "07700 900999"})],
        "send_notice": [("send_notice", {"session": DAVE, "team_ids": ["$list_teams.0.0"],
                                         "subject": "Training moved to Thursday",
                                         "body": "Training this week is on Thursday at 7pm at the Meadow."})],
        "transfer_search": [("search_players", {"surname": "Mensah", "first_name": "Mo"}),
                            ("transfer_player", {"session": DAVE, "registration_no": "$search_players.0.0",
                                                 "to_team_id": "$list_teams.0.0"})],
        "transfer_team": [("get_team", {"team_id": "$list_teams.1.0"}),
                          ("transfer_player", {"session": DAVE, "registration_no": "$get_team.4.3.0",
                                               "to_team_id": "$list_teams.0.0"})],
    }[consumer]
    return steps + tail


def release(how: str) -> list:
    steps = [sign("dave")]
    if how == "search":
        steps.append(("search_players", {"surname": "Hale", "first_name": "Declan"}))
        reg = "$search_players.0.0"
    else:
        steps += [("list_teams", {"division": "PREM"}), ("get_team", {"team_id": "$list_teams.0.0"})]
        reg = "$get_team.4.13.0"
    return steps + [("release_player", {"session": DAVE, "registration_no": reg})]


def waterlogged(upto: str) -> list:
    """Kingfisher Meadow pitch 2 fails its inspection; Sunday's Kingfisher Reserves v Brookside
    (M-5112) is postponed."""
    steps = [sign("carol"), ("list_venues", {}),
             ("record_pitch_inspection", {"session": CAROL, "venue_code": "$list_venues.0.0", "pitch": 2,
                                          "playable": False})]
    if upto == "record_pitch_inspection":
        return steps
    return steps + [("list_fixtures", {"match_date": "2028-10-15"}),
                    ("postpone_fixture", {"session": CAROL, "match_id": "$list_fixtures.2.0",
                                          "reason": "waterlogged pitch"})]


def cup_tie(upto: str) -> list:
    steps = [sign("carol"), ("list_fixtures", {"match_date": "2028-10-15"}),
             ("postpone_fixture", {"session": CAROL, "match_id": "$list_fixtures.1.0", "reason": "county cup tie"})]
    if upto == "postpone_fixture":
        return steps
    return steps + [("reschedule_fixture", {"session": CAROL, "match_id": "$list_fixtures.1.0",
                                            "new_date": "2028-10-29", "kick_off": "10:30"})]


def cup_draw(upto: str) -> list:
    steps = [sign("carol"), ("list_cups", {}),
             ("make_cup_draw", {"session": CAROL, "cup_code": "$list_cups.0.0", "round_name": "$list_cups.0.2"})]
    if upto == "make_cup_draw":
        return steps
    return steps + [("list_venues", {}),
                    ("schedule_cup_tie", {"session": CAROL, "tie_id": "$make_cup_draw.0.0", "match_date": "2028-11-05",
                                          "kick_off": "10:30", "venue_code": "$list_venues.1.0", "pitch": 1})]


def cases(consumer: str) -> list:
    if consumer == "decide_case":
        return [sign("carol"), ("list_disciplinary_cases", {"status": "open"}),
                ("decide_case", {"session": CAROL, "case_id": "$list_disciplinary_cases.0.0", "fine": 10.0,
                                 "suspension_matches": 0})]
    args = {"pay_fine": {"amount": 25.0},
            "appeal_case": {"grounds": "Video from the touchline shows the tackle was a fair challenge for the ball."}}
    return [sign("dave"), ("list_disciplinary_cases", {"status": "decided"}),
            (consumer, {"session": DAVE, "case_id": "$list_disciplinary_cases.0.0", **args[consumer]})]


APPOINT_LISTED = [sign("raj"), ("list_fixtures", {"match_date": "2028-10-15"}),
                  ("list_referees", {"available_on": "2028-10-15"}),
                  ("appoint_referee", {"session": RAJ, "match_id": "$list_fixtures.0.0", "referee_id": "$list_referees.0.0",
                                       "role": "referee"})]
WITHDRAW_LISTED = [sign("raj"), ("list_fixtures", {"match_date": "2028-10-15"}),
                   ("get_match", {"match_id": "$list_fixtures.3.0"}),
                   ("withdraw_appointment", {"session": RAJ, "appointment_id": "$get_match.8.0.0",
                                             "reason": "Referee unavailable: work commitment"})]
DEDUCT = [sign("carol"), ("list_teams", {"division": "PREM"}),
          ("deduct_points", {"session": CAROL, "team_id": "$list_teams.1.0", "points": 3,
                             "reason": "Fielded an unregistered player against Riverside Rovers"})]

_BODY = [
    ("list_teams", "get_team", reserves("get_team")),
    ("register_team", "get_team", veterans("get_team")),
    ("list_teams", "register_player", reserves("register_player")),
    ("register_team", "register_player", veterans("register_player")),
    ("list_teams", "schedule_fixture", new_fixture("schedule_fixture")),
    ("register_team", "schedule_fixture", veterans("schedule_fixture")),
    ("list_teams", "update_team_contact", reserves("update_team_contact")),
    ("register_team", "update_team_contact", veterans("update_team_contact")),
    ("list_teams", "send_notice", reserves("send_notice")),
    ("register_team", "send_notice", veterans("send_notice")),
    ("list_teams", "transfer_player", reserves("transfer_search")),
    ("list_teams", "submit_team_sheet", kingfisher_otters("submit_team_sheet")),
    ("list_teams", "deduct_points", DEDUCT),
    ("list_divisions", "register_team", veterans("register_team")),
    ("list_divisions", "get_standings", [("list_divisions", {}), ("get_standings", {"division": "$list_divisions.0.0"})]),
    ("list_divisions", "get_top_scorers", [("list_divisions", {}),
                                           ("get_top_scorers", {"division": "$list_divisions.1.0", "limit": 5})]),
    ("list_venues", "schedule_fixture", new_fixture("schedule_fixture")),
    ("list_venues", "schedule_cup_tie", cup_draw("schedule_cup_tie")),
    ("list_venues", "record_pitch_inspection", waterlogged("record_pitch_inspection")),
    ("schedule_fixture", "appoint_referee", new_fixture("appoint_referee")),
    ("list_fixtures", "appoint_referee", APPOINT_LISTED),
    ("schedule_fixture", "postpone_fixture", new_fixture("postpone_fixture")),
    ("list_fixtures", "postpone_fixture", waterlogged("postpone_fixture")),
    ("schedule_fixture", "get_match", new_fixture("get_match")),
    ("list_fixtures", "get_match", WITHDRAW_LISTED[:3]),
    ("list_fixtures", "reschedule_fixture", cup_tie("reschedule_fixture")),
    ("list_fixtures", "submit_team_sheet", kingfisher_otters("submit_team_sheet")),
    ("list_fixtures", "submit_result", kingfisher_otters("submit_result")),
    ("list_fixtures", "record_goals", kingfisher_otters("record_goals")),
    ("list_fixtures", "file_match_report", kingfisher_otters("file_match_report")),
    ("file_match_report", "decide_case", kingfisher_otters("decide_case")),
    ("list_disciplinary_cases", "decide_case", cases("decide_case")),
    ("file_match_report", "pay_fine", kingfisher_otters("pay_fine")),
    ("list_disciplinary_cases", "pay_fine", cases("pay_fine")),
    ("file_match_report", "appeal_case", kingfisher_otters("appeal_case")),
    ("list_disciplinary_cases", "appeal_case", cases("appeal_case")),
    ("search_players", "transfer_player", reserves("transfer_search")),
    ("get_team", "transfer_player", reserves("transfer_team")),
    ("search_players", "release_player", release("search")),
    ("get_team", "release_player", release("team")),
    ("get_team", "submit_team_sheet", kingfisher_otters("submit_team_sheet")),
    ("list_cups", "make_cup_draw", cup_draw("make_cup_draw")),
    ("make_cup_draw", "schedule_cup_tie", cup_draw("schedule_cup_tie")),
    ("list_referees", "appoint_referee", APPOINT_LISTED),
    ("appoint_referee", "withdraw_appointment", new_fixture("withdraw_appointment")),
    ("get_match", "withdraw_appointment", WITHDRAW_LISTED),
    ("record_pitch_inspection", "postpone_fixture", waterlogged("postpone_fixture")),
    ("postpone_fixture", "reschedule_fixture", cup_tie("reschedule_fixture")),
    ("submit_team_sheet", "submit_result", kingfisher_otters("submit_result")),
    ("submit_result", "record_goals", kingfisher_otters("record_goals")),
    ("submit_result", "file_match_report", kingfisher_otters("file_match_report")),
    ("decide_case", "pay_fine", kingfisher_otters("pay_fine")),
    ("decide_case", "appeal_case", kingfisher_otters("appeal_case")),
]


def _auth_proofs() -> list:
    """A session proof for every call that needs one: the first path above that ends with it."""
    import touchline_tools as tools

    out = [("sign_in", "sign_out", [sign("dave"), ("sign_out", {"session": DAVE})])]
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in" and consumer != "sign_out":
            out.append(("sign_in", consumer, next(s for _, c, s in _BODY if c == consumer)))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the match record is informative, not needed to report the score
    ("get_match", kingfisher_otters("submit_team_sheet") + [("get_match", {"match_id": M5101}),
                                                            kingfisher_otters("submit_result")[-1]]),
    # free referees have nothing to do with a postponement for a cup tie
    ("list_referees", cup_tie("postpone_fixture")[:2] + [("list_referees", {"available_on": "2028-10-15"}),
                                                         cup_tie("postpone_fixture")[-1]]),
    # the table is not needed to deduct points
    ("get_standings", DEDUCT[:2] + [("get_standings", {"division": "PREM"}), DEDUCT[-1]]),
    # checking the disciplinary list is not needed to hand in a sheet without suspended players
    ("list_disciplinary_cases", kingfisher_otters("submit_team_sheet")[:-1]
     + [("list_disciplinary_cases", {"team_id": "$list_teams.0.0"}), kingfisher_otters("submit_team_sheet")[-1]]),
    # a new player needs no search first
    ("search_players", reserves("register_player")[:2] + [("search_players", {"surname": "Price"}),
                                                          reserves("register_player")[-1]]),
    # a division code typed in needs no list of divisions
    ("list_divisions", [("list_divisions", {}), ("list_teams", {"division": "PREM"})]),
]
