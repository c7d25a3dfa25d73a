"""Scripted proofs that Gutterball's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records the centre's raised built-in exceptions as
errors; the replies are plain JSON, so the plain oracle runs them as well).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "jade")``) and pass ``"$jade.token"``; replies are read by field (``"$register_bowler.bowler_id"``,
``"$book_lanes.booking_id"``, ``"$book_party.booking_id"``, ``"$register_team.team_id"``,
``"$record_game.game_id"``, ``"$take_payment.payment_id"``, ``"$check_in.lanes.0"``,
``"$booking_detail.games.0.0"``) and rows by position and column (``"$find_bowler.0.0"``, ``"$bookings.0.0"``,
``"$bookings.0.3.1"`` (a lane in a row's list of lanes), ``"$leagues.2.0"``, ``"$fixtures.0.0"``, ``"$lanes.11.0"``,
``"$faults.0.0"``, ``"$party_menu.1.0"``, ``"$price_list.packages.2.0"``, ``"$league_table.standings.0.1"``); the
free lanes are a bare list (``"$free_lanes.0"``). The positions follow the fresh state's order of bookings by day
and start, of lanes, of leagues, fixtures and faults by id and of ``PACKAGES`` and ``MENU``. Every id and code is
read from a reply; none is written literally (amounts are written where a bowler pays them, shoe sizes and scores as
the desk is told them). A step saved under a name of its own is a second call of a tool on one path.

The day: Ms Freya Lindqvist registers, books two lanes from half past ten, pays (on another path the payment is
refunded: the wrong card), checks in, hires eight pairs of shoes, puts four names up on the first lane, records a
game, hands the shoes back and the lanes are closed (on other paths her booking moves to half past eleven or is
cancelled, her e-mail changes, her card is read, she is texted, Marcus sets her handicap, she books a party, or
Rhona enters her in a new Thursday team or adds her to the Thursday Regulars). Mr Aydin's family pay and check in on
lane 5, hire shoes, put their names up, bowl a game, give the shoes back and leave. The cub pack on lanes 8 and 9
record a game (which Marcus voids: the scorer misread a strike; on another path he voids their first game, read from
the booking), hand their shoes back and leave. Mrs Dunne's party meal is ordered and the party checks in; Mrs
Ferreira books a gold party for next Saturday and orders its meal. Ms Pryce's booking tomorrow moves to four o'clock
or is cancelled. Stan dresses lane 12 and Rhona records the youth league match and recalculates the handicaps; Rhona
enters a new Thursday team and adds Mr Mehta to the Thursday Regulars. Stan logs a fault on lane 2 and clears it, or
mends lane 7's pinsetter, after which Ms Garbutt books lane 7.
"""

import gutterball_tools as tools

WHO = {"jade": ("jade.w", "Strike-Zone-8"), "tyrone": ("tyrone.b", "Spare-Change-14"),
       "stan": ("stan.k", "Pinsetter-88"), "rhona": ("rhona.d", "Handicap-Ninety"),
       "marcus": ("marcus.f", "Meadowgate-300")}
J, ST, R, MF = "$jade.token", "$stan.token", "$rhona.token", "$marcus.token"
TODAY = "2031-11-15"
TOMORROW = "2031-11-16"
NEXT_SATURDAY = "2031-11-22"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(text: str, who: str = "jade", name: str = "find_bowler") -> list:
    return [sign_in(who), ("find_bowler", {"token": f"${who}.token", "text": text}, name)]


def league(lid: str) -> str:
    return f"$leagues.{sorted(tools.State().leagues).index(lid)}.0"


def package(code: str) -> str:
    return f"$price_list.packages.{list(tools.PACKAGES).index(code)}.0"


def dish(code: str) -> str:
    return f"$party_menu.{list(tools.MENU).index(code)}.0"


FREYA_ID = "$register_bowler.bowler_id"
FOUND = "$find_bowler.0.0"
BOOKED = "$book_lanes.booking_id"

FREYA = [sign_in("jade"),
         ("register_bowler", {"token": J, "name": "Ms Freya Lindqvist", "phone": "07700 900214",
                              "email": "freya.lindqvist@mail.example"})]
FREYA_DAY = FREYA + [
    ("free_lanes", {"date": TODAY, "start": "10:30", "hours": 1}),
    ("book_lanes", {"token": J, "bowler_id": FREYA_ID, "date": TODAY, "start": "10:30", "hours": 1,
                    "lanes": ["$free_lanes.0", "$free_lanes.1"], "players": 8}),
    ("take_payment", {"token": J, "booking_id": BOOKED, "amount": 84.0, "method": "card"}),
    ("check_in", {"token": J, "booking_id": BOOKED}),
    ("hire_shoes", {"token": J, "booking_id": BOOKED, "sizes": ["5", "6", "6", "7", "8", "9", "9", "10"]}),
    ("enter_players", {"token": J, "booking_id": BOOKED, "lane": "$check_in.lanes.0",
                       "names": ["Freya", "Astrid", "Hannah", "Josh"]}),
    ("record_game", {"token": J, "booking_id": BOOKED, "lane": "$check_in.lanes.0", "scores": [121, 98, 143, 87]}),
    ("return_shoes", {"token": J, "booking_id": BOOKED}),
    ("close_lanes", {"token": J, "booking_id": BOOKED}),
]
FREYA_MOVES = cut(FREYA_DAY, "book_lanes") + [
    ("free_lanes", {"date": TODAY, "start": "11:30", "hours": 1}, "later"),
    ("move_booking", {"token": J, "booking_id": BOOKED, "start": "11:30", "lanes": ["$later.0", "$later.1"]})]
FREYA_REFUND = cut(FREYA_DAY, "take_payment") + [
    ("refund_payment", {"token": J, "payment_id": "$take_payment.payment_id",
                        "reason": "Charged on her friend's card by mistake; she pays on her own"})]
FREYA_CANCELS = cut(FREYA_DAY, "book_lanes") + [
    ("cancel_booking", {"token": J, "booking_id": BOOKED, "reason": "Half the group are stuck on the motorway"})]
FREYA_EMAIL = FREYA + [("update_bowler", {"token": J, "bowler_id": FREYA_ID, "email": "freya@lindqvist.example"})]
FREYA_CARD = FREYA + [("bowler_card", {"token": J, "bowler_id": FREYA_ID})]
FREYA_TEXT = FREYA + [("send_message", {"token": J, "bowler_id": FREYA_ID, "channel": "sms",
                                        "text": "Meadowgate Bowl: your lanes are ready at 10:30."})]
FREYA_HANDICAP = FREYA + [sign_in("marcus"),
                          ("set_handicap", {"token": MF, "bowler_id": FREYA_ID, "handicap": 38,
                                            "reason": "Average of 178 over 36 games at Riverside Bowl (letter seen)"})]
FREYA_PARTY = FREYA + [("price_list", {}),
                       ("book_party", {"token": J, "bowler_id": FREYA_ID, "date": NEXT_SATURDAY, "start": "10:00",
                                       "package": package("PARTY-BRONZE"), "children": 6})]
FREYA_TEAM = FREYA + find("Okoro", "rhona", "okoro") + [
    ("find_bowler", {"token": R, "text": "Pryce"}, "pryce"),
    ("leagues", {"token": R}),
    ("register_team", {"token": R, "league_id": league("LG-4"), "name": "Lucky Strikes", "captain_id": "$okoro.0.0",
                       "members": ["$okoro.0.0", "$pryce.0.0", FREYA_ID]})]
FREYA_REGULAR = FREYA + [sign_in("rhona"), ("leagues", {"token": R}),
                         ("league_table", {"token": R, "league_id": league("LG-4")}),
                         ("add_team_member", {"token": R, "team_id": "$league_table.standings.0.1",
                                              "bowler_id": FREYA_ID})]

OKORO_EMAIL = find("Okoro") + [("update_bowler", {"token": J, "bowler_id": FOUND, "email": "w.okoro@mail.example"})]
PRYCE_CARD = find("Pryce") + [("bowler_card", {"token": J, "bowler_id": FOUND})]
AYDIN_TEXT = find("Aydin") + [("send_message", {"token": J, "bowler_id": FOUND, "channel": "email",
                                                "text": "Your lane is booked for 11:00; shoes are on the rack."})]
MEHTA_HANDICAP = find("Mehta", "marcus") + [
    ("set_handicap", {"token": MF, "bowler_id": FOUND, "handicap": 41,
                      "reason": "Average of 174 at Meadowgate's Monday league, carried into the Thursday league"})]
GARBUTT_BOOKS = find("Garbutt") + [
    ("free_lanes", {"date": TOMORROW, "start": "18:00", "hours": 2}),
    ("book_lanes", {"token": J, "bowler_id": FOUND, "date": TOMORROW, "start": "18:00", "hours": 2,
                    "lanes": ["$free_lanes.0"], "players": 4})]
FERREIRA_PARTY = find("Ferreira") + [
    ("price_list", {}),
    ("book_party", {"token": J, "bowler_id": FOUND, "date": NEXT_SATURDAY, "start": "14:00",
                    "package": package("PARTY-GOLD"), "children": 10}),
    ("party_menu", {"token": J}),
    ("choose_party_food", {"token": J, "booking_id": "$book_party.booking_id",
                           "items": [dish("PZ-MARG")] * 4 + [dish("NUG-6")] * 3 + [dish("HOT-DOG")] * 2
                           + [dish("GF-PLATE")]})]
NEW_TEAM = [sign_in("rhona"), ("find_bowler", {"token": R, "text": "Okoro"}, "okoro"),
            ("find_bowler", {"token": R, "text": "Pryce"}, "pryce"),
            ("find_bowler", {"token": R, "text": "Stone"}, "stone"),
            ("leagues", {"token": R}),
            ("register_team", {"token": R, "league_id": league("LG-4"), "name": "Lucky Strikes",
                               "captain_id": "$okoro.0.0", "members": ["$okoro.0.0", "$pryce.0.0", "$stone.0.0"]}),
            ("find_bowler", {"token": R, "text": "Garbutt"}, "garbutt"),
            ("add_team_member", {"token": R, "team_id": "$register_team.team_id", "bowler_id": "$garbutt.0.0"})]
MEHTA_JOINS = [sign_in("rhona"), ("find_bowler", {"token": R, "text": "Mehta"}), ("leagues", {"token": R}),
               ("league_table", {"token": R, "league_id": league("LG-4")}),
               ("add_team_member", {"token": R, "team_id": "$league_table.standings.0.1", "bowler_id": FOUND})]

KEMAL = [sign_in("jade"), ("bookings", {"token": J, "date": TODAY, "status": "booked", "kind": "lanes"}),
         ("take_payment", {"token": J, "booking_id": "$bookings.0.0", "amount": 42.0, "method": "cash"}),
         ("check_in", {"token": J, "booking_id": "$bookings.0.0"}),
         ("hire_shoes", {"token": J, "booking_id": "$bookings.0.0", "sizes": ["C12", "4", "8", "9"]}),
         ("enter_players", {"token": J, "booking_id": "$bookings.0.0", "lane": "$bookings.0.3.0",
                            "names": ["Kemal", "Elif", "Deniz", "Mert"]}),
         ("record_game", {"token": J, "booking_id": "$bookings.0.0", "lane": "$bookings.0.3.0",
                          "scores": [112, 97, 64, 58]}),
         ("return_shoes", {"token": J, "booking_id": "$bookings.0.0"}),
         ("close_lanes", {"token": J, "booking_id": "$bookings.0.0"})]
CUBS = [sign_in("jade"), ("bookings", {"token": J, "date": TODAY, "status": "checked_in"}),
        ("record_game", {"token": J, "booking_id": "$bookings.0.0", "lane": "$bookings.0.3.1",
                         "scores": [71, 58, 90, 66, 49]}),
        sign_in("marcus"),
        ("void_game", {"token": MF, "game_id": "$record_game.game_id",
                       "reason": "Scorer misread Ruby's strike in the fourth frame"})]
CUBS_VOID = [sign_in("marcus"), ("bookings", {"token": MF, "date": TODAY, "status": "checked_in"}),
             ("booking_detail", {"token": MF, "booking_id": "$bookings.0.0"}),
             ("void_game", {"token": MF, "game_id": "$booking_detail.games.0.0",
                            "reason": "Scorer counted Harvey's foul as a strike"})]
CUBS_LEAVE = [sign_in("jade"), ("bookings", {"token": J, "date": TODAY, "status": "checked_in"}),
              ("lane_board", {}),
              ("return_shoes", {"token": J, "booking_id": "$bookings.0.0"}),
              ("close_lanes", {"token": J, "booking_id": "$bookings.0.0"})]
DUNNE = [sign_in("jade"), ("bookings", {"token": J, "date": TODAY, "kind": "party"}),
         ("party_menu", {"token": J}),
         ("choose_party_food", {"token": J, "booking_id": "$bookings.0.0",
                                "items": [dish("PZ-MARG")] * 3 + [dish("PZ-PEPP")] * 2 + [dish("NUG-6")] * 2
                                + [dish("VEG-WRAP")]}),
         ("check_in", {"token": J, "booking_id": "$bookings.0.0"})]
PRYCE_MOVES = [sign_in("jade"), ("bookings", {"token": J, "date": TOMORROW}),
               ("free_lanes", {"date": TOMORROW, "start": "16:00", "hours": 1}),
               ("move_booking", {"token": J, "booking_id": "$bookings.0.0", "start": "16:00",
                                 "lanes": ["$free_lanes.0"]})]
PRYCE_CANCELS = [sign_in("jade"), ("bookings", {"token": J, "date": TOMORROW}),
                 ("cancel_booking", {"token": J, "booking_id": "$bookings.0.0", "reason": "Her partner has flu"})]

YOUTH = [sign_in("stan"), ("lanes", {"token": ST}),
         ("oil_lane", {"token": ST, "lane": "$lanes.11.0", "pattern": "youth"}),
         sign_in("rhona"), ("leagues", {"token": R}),
         ("fixtures", {"token": R, "league_id": league("LG-5"), "week": 10}),
         ("record_match", {"token": R, "fixture_id": "$fixtures.0.0", "home_pins": [342, 309],
                           "away_pins": [365, 298]}),
         ("recalculate_handicaps", {"token": R, "league_id": league("LG-5")})]
TABLE = [sign_in("rhona"), ("leagues", {"token": R}), ("league_table", {"token": R, "league_id": league("LG-3")})]
LANE2 = [sign_in("stan"), ("lanes", {"token": ST, "status": "free"}),
         ("report_fault", {"token": ST, "lane": "$lanes.0.0", "fault": "Foul light not triggering"}),
         ("faults", {"token": ST, "lane": "$lanes.0.0"}),
         ("clear_fault", {"token": ST, "fault_id": "$faults.0.0", "work_done": "Foul-line sensor realigned"})]
LANE7 = [sign_in("stan"), ("lanes", {"token": ST, "status": "out_of_order"}),
         ("faults", {"token": ST, "lane": "$lanes.0.0"}),
         ("clear_fault", {"token": ST, "fault_id": "$faults.0.0", "work_done": "Deck cam follower replaced"}),
         ("find_bowler", {"token": ST, "text": "Garbutt"}),
         sign_in("jade"),
         ("book_lanes", {"token": J, "bowler_id": FOUND, "date": TOMORROW, "start": "18:00", "hours": 2,
                         "lanes": ["$lanes.0.0"], "players": 4})]
OIL_ONLY = [sign_in("stan"), ("lanes", {"token": ST, "status": "free"}),
            ("oil_lane", {"token": ST, "lane": "$lanes.0.0", "pattern": "sport"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# bowlers
_NEW = {"update_bowler": FREYA_EMAIL, "bowler_card": FREYA_CARD, "send_message": FREYA_TEXT,
        "set_handicap": FREYA_HANDICAP, "book_lanes": cut(FREYA_DAY, "book_lanes"), "book_party": FREYA_PARTY,
        "register_team": FREYA_TEAM, "add_team_member": FREYA_REGULAR}
_FOUND = {"update_bowler": OKORO_EMAIL, "bowler_card": PRYCE_CARD, "send_message": AYDIN_TEXT,
          "set_handicap": MEHTA_HANDICAP, "book_lanes": GARBUTT_BOOKS, "book_party": cut(FERREIRA_PARTY, "book_party"),
          "register_team": cut(NEW_TEAM, "register_team"), "add_team_member": MEHTA_JOINS}
for _c in tools.BOWLER_CONSUMERS:
    _add("register_bowler", _c, _NEW[_c])
    _add("find_bowler", _c, _FOUND[_c])

# bookings
_BOOKED = {c: cut(FREYA_DAY, c) for c in tools.BOOKING_CONSUMERS
           if c not in ("move_booking", "cancel_booking", "booking_detail")}
_BOOKED.update({"move_booking": FREYA_MOVES, "cancel_booking": FREYA_CANCELS,
                "booking_detail": cut(FREYA_DAY, "book_lanes") + [("booking_detail",
                                                                   {"token": J, "booking_id": BOOKED})]})
_LISTED = {"booking_detail": cut(CUBS_VOID, "booking_detail"), "take_payment": cut(KEMAL, "take_payment"),
           "check_in": cut(KEMAL, "check_in"),
           "cancel_booking": PRYCE_CANCELS, "move_booking": PRYCE_MOVES, "hire_shoes": cut(KEMAL, "hire_shoes"),
           "return_shoes": cut(CUBS_LEAVE, "return_shoes"), "enter_players": cut(KEMAL, "enter_players"),
           "record_game": cut(CUBS, "record_game"), "close_lanes": CUBS_LEAVE}
for _c in tools.BOOKING_CONSUMERS:
    _add("book_lanes", _c, _BOOKED[_c])
    _add("bookings", _c, _LISTED[_c])
_add("free_lanes", "book_lanes", cut(FREYA_DAY, "book_lanes"))
_add("free_lanes", "move_booking", PRYCE_MOVES)
_add("book_party", "choose_party_food", FERREIRA_PARTY)
_add("bookings", "choose_party_food", cut(DUNNE, "choose_party_food"))
_add("price_list", "book_party", FREYA_PARTY)
_add("party_menu", "choose_party_food", FERREIRA_PARTY)

# leagues
_LEAGUED = {"league_table": TABLE, "fixtures": cut(YOUTH, "fixtures"), "register_team": cut(NEW_TEAM, "register_team"),
            "recalculate_handicaps": YOUTH}
for _c in tools.LEAGUE_CONSUMERS:
    _add("leagues", _c, _LEAGUED[_c])
_add("fixtures", "record_match", cut(YOUTH, "record_match"))
_add("register_team", "add_team_member", NEW_TEAM)
_add("league_table", "add_team_member", MEHTA_JOINS)

# lanes, faults, games
_add("lanes", "oil_lane", OIL_ONLY)
_add("lanes", "report_fault", cut(LANE2, "report_fault"))
_add("faults", "clear_fault", cut(LANE7, "clear_fault"))
_add("record_game", "void_game", CUBS)
_add("booking_detail", "void_game", CUBS_VOID)

# payments (the till receipt)
_add("take_payment", "refund_payment", FREYA_REFUND)

# states
_add("take_payment", "check_in", cut(KEMAL, "check_in"))
_add("choose_party_food", "check_in", DUNNE)
_add("check_in", "hire_shoes", cut(KEMAL, "hire_shoes"))
_add("check_in", "enter_players", cut(KEMAL, "enter_players"))
_add("check_in", "close_lanes", KEMAL)
_add("enter_players", "record_game", cut(KEMAL, "record_game"))
_add("hire_shoes", "return_shoes", cut(KEMAL, "return_shoes"))
_add("return_shoes", "close_lanes", CUBS_LEAVE)
_add("oil_lane", "record_match", cut(YOUTH, "record_match"))
_add("record_match", "recalculate_handicaps", YOUTH)
_add("report_fault", "clear_fault", LANE2)
_add("clear_fault", "book_lanes", LANE7)

_OWN = {"sign_out": [sign_in("tyrone"), ("sign_out", {"token": "$tyrone.token"})],
        "lanes": [sign_in("stan"), ("lanes", {"token": ST})],
        "leagues": [sign_in("rhona"), ("leagues", {"token": R})],
        "party_menu": [sign_in("jade"), ("party_menu", {"token": J})]}


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
    # the price list is read before Mr Okoro's e-mail address is changed
    ("price_list", find("Okoro") + [("price_list", {}),
                                    ("update_bowler", {"token": J, "bowler_id": FOUND,
                                                       "email": "w.okoro@mail.example"})]),
    # the lane board is read before Mr Aydin pays
    ("lane_board", [sign_in("jade"), ("bookings", {"token": J, "date": TODAY, "status": "booked", "kind": "lanes"}),
                    ("lane_board", {}),
                    ("take_payment", {"token": J, "booking_id": "$bookings.0.0", "amount": 42.0,
                                      "method": "cash"})]),
    # the party menu is read before Mr Aydin pays for his lane
    ("party_menu", [sign_in("jade"), ("bookings", {"token": J, "date": TODAY, "status": "booked", "kind": "lanes"}),
                    ("party_menu", {"token": J}),
                    ("take_payment", {"token": J, "booking_id": "$bookings.0.0", "amount": 42.0,
                                      "method": "cash"})]),
    # the leagues are read before Mr Aydin is e-mailed
    ("leagues", find("Aydin") + [("leagues", {"token": J}),
                                 ("send_message", {"token": J, "bowler_id": FOUND, "channel": "email",
                                                   "text": "Your lane is booked for 11:00."})]),
    # the open faults are read before lane 2 is dressed
    ("faults", [sign_in("stan"), ("lanes", {"token": ST, "status": "free"}), ("faults", {"token": ST}),
                ("oil_lane", {"token": ST, "lane": "$lanes.0.0", "pattern": "sport"})]),
    # the free lanes at noon are read before the cub pack's shoes come back
    ("free_lanes", [sign_in("jade"), ("bookings", {"token": J, "date": TODAY, "status": "checked_in"}),
                    ("free_lanes", {"date": TODAY, "start": "12:00"}),
                    ("return_shoes", {"token": J, "booking_id": "$bookings.0.0"})]),
    # the Thursday league's fixtures are read before its table
    ("fixtures", [sign_in("rhona"), ("leagues", {"token": R}), ("fixtures", {"token": R, "league_id": league("LG-4")}),
                  ("league_table", {"token": R, "league_id": league("LG-4")})]),
]
