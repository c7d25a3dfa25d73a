"""Scripted proofs that Keepnet's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which reads the fishery's ``"Error: ..."`` replies as
refusals by itself; the tools are coroutines returning dataclasses, which the runtime awaits and converts, so the plain
oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "jan")``) and pass ``"$jan.token"``; replies are read by field (``"$register_angler.angler_id"``,
``"$sell_ticket.ticket_id"``, ``"$create_match.match_id"``, ``"$sell_season_permit.permit_id"``), a bare list by
position (``"$free_pegs.0"``, a free peg's number) and list entries by position and field
(``"$find_angler.0.angler_id"``, ``"$tickets.0.ticket_id"``, ``"$matches.1.match_id"``,
``"$season_permits.1.permit_id"``, ``"$lakes.0.code"``, ``"$prices.3.code"``) and rows of lists by position
(``"$lakes.0.rules.2.0"``, a rule's code). The positions follow the fresh state's order of records by id (filtered as
each call asks) and of ``LAKES``, ``RULES`` and ``PRICES``. Every id, lake code, ticket type, rule code and free peg is
read from a reply; none is written literally (names, phone numbers, e-mail addresses, dates of birth, licence numbers
and their end dates, days, the peg an angler asks for by its number, species, weights, counts, the fish farm, the
section 14 permit reference, titles, fees, notes and reasons are written as the staff are told them). A step saved under
a name of its own is a second call of a tool on one path.

The day: Ms Kerry Lawson registers; Jan records her rod licence and sells her a day ticket on the first free peg of Main
Lake, which is moved to the next peg or refunded, checked by Terry or has a tench recorded on it; she buys a Main Lake
season permit, enters the Sunday club match and withdraws, or fishes a new match and weighs in; on other paths her phone
changes, she is texted, her record is read, or Terry warns her, Ruth bans her and lifts the ban, or bans her and revokes
her permit. Sue sets up the Midsummer Pairs on Willow Match Lake with Stuart Bell and Phil Ashworth, draws it, weighs
them in and declares the result. Leon Price's renewed licence is recorded and he buys a day ticket and enters the Sunday
match; Craig Nolan's ban is lifted and he buys a ticket, or his permit is revoked; Specimen Lake reopens and Gary Thorne
buys a night ticket for tomorrow; peg 7 reopens and Gary books it for tomorrow; Mrs Hewitt's e-mail is added, she buys a
season permit or her ticket is refunded; Gary is texted, moved, checked and his carp recorded; Stuart is warned and
banned, and withdrawn from the Saturday Open, which is drawn, weighed in and resulted; tench are stocked in Main Lake;
Main Lake is closed for an algal bloom and reopened; peg 25 is closed for a wasps' nest and reopened; Craig's record is
read; last week's match sheet is read.
"""

import keepnet_tools as tools

WHO = {"jan": ("jan.w", "Hair-Rig-2034"), "mo": ("mo.r", "Pole-Cup-19"), "terry": ("terry.b", "Landing-Net-55"),
       "sue": ("sue.k", "Weigh-Sling-7"), "ade": ("ade.o", "Aerator-On-4"), "ruth": ("ruth.m", "Hollowmere-1988")}
J, T, S, A, R = "$jan.token", "$terry.token", "$sue.token", "$ade.token", "$ruth.token"
TODAY = "2034-06-17"
TOMORROW = "2034-06-18"
NEXT_SATURDAY = "2034-06-24"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(text: str, who: str = "jan", name: str = "find_angler") -> list:
    return [sign_in(who), ("find_angler", {"token": f"${who}.token", "text": text}, name)]


FOUND = "$find_angler.0.angler_id"
KID = "$register_angler.angler_id"
SOLD = "$sell_ticket.ticket_id"
MAIN, SPECIMEN, WILLOW = "$lakes.0.code", "$lakes.1.code", "$lakes.2.code"
NEW_MATCH = "$create_match.match_id"


def ticket_for(angler: str, day: str = TODAY, lake: str = MAIN, price: str = "$prices.0.code") -> list:
    """The price list and the free pegs read, then a ticket sold on the first free peg (the lakes read before)."""
    return [("prices", {}), ("free_pegs", {"token": J, "lake_code": lake, "date": day}),
            ("sell_ticket", {"token": J, "angler_id": angler, "ticket_code": price, "lake_code": lake, "date": day,
                             "peg": "$free_pegs.0"})]


# Ms Kerry Lawson, a new angler
K = [sign_in("jan"),
     ("register_angler", {"token": J, "name": "Ms Kerry Lawson", "phone": "07700 962140",
                          "date_of_birth": "1988-05-09", "email": "kerry.lawson@example.net"})]
K_LICENCE = K + [("record_rod_licence", {"token": J, "angler_id": KID, "licence_number": "RL-6021-5518",
                                         "expires": "2035-06-16"})]
K_TICKET = K_LICENCE + [("lakes", {})] + ticket_for(KID)
K_MOVE = K_TICKET + [("move_peg", {"token": J, "ticket_id": SOLD, "peg": "$free_pegs.1"})]
K_REFUND = K_TICKET + [("refund_ticket", {"token": J, "ticket_id": SOLD, "reason": "Called away to work"})]
K_CHECK = K_TICKET + [sign_in("terry"), ("check_ticket", {"token": T, "ticket_id": SOLD})]
K_CATCH = K_TICKET + [sign_in("terry"), ("record_catch", {"token": T, "ticket_id": SOLD, "species": "tench",
                                                          "weight_lb": 4.5})]
K_PERMIT = K_LICENCE + [("lakes", {}), ("sell_season_permit", {"token": J, "angler_id": KID, "lake_code": MAIN})]
K_PHONE = K + [("update_angler", {"token": J, "angler_id": KID, "phone": "07700 962199"})]
K_TEXT = K + [("message_angler", {"token": J, "angler_id": KID,
                                  "text": "Welcome to Hollowmere. Peg maps are on the noticeboard."})]
K_RECORD = K + [("angler_record", {"token": J, "angler_id": KID})]
K_MATCH = K_LICENCE + [sign_in("sue"), ("matches", {"token": S, "status": "open"}),
                       ("enter_match", {"token": S, "match_id": "$matches.1.match_id", "angler_id": KID})]
K_WITHDRAW = K_MATCH + [("withdraw_entry", {"token": S, "match_id": "$matches.1.match_id", "angler_id": KID})]
K_WARN = K + [sign_in("terry"), ("lakes", {}),
              ("issue_warning", {"token": T, "angler_id": KID, "rule_code": "$lakes.0.rules.2.0",
                                 "notes": "Keepnet in the water on her peg"})]
K_BAN = K_WARN + [sign_in("ruth"),
                  ("ban_angler", {"token": R, "angler_id": KID, "weeks": 4, "reason": "Keepnet again after a warning"}),
                  ("lift_ban", {"token": R, "angler_id": KID})]
K_REVOKE = K_PERMIT + [sign_in("terry"),
                       ("issue_warning", {"token": T, "angler_id": KID, "rule_code": "$lakes.0.rules.3.0",
                                          "notes": "Tiger nuts in her bait tub"}),
                       sign_in("ruth"),
                       ("ban_angler", {"token": R, "angler_id": KID, "weeks": 12,
                                       "reason": "Tiger nuts after a warning"}),
                       ("revoke_permit", {"token": R, "permit_id": "$sell_season_permit.permit_id",
                                          "reason": "Banned for twelve weeks"})]
K_WEIGH = K_LICENCE + [
    sign_in("sue"), ("lakes", {}),
    ("create_match", {"token": S, "lake_code": WILLOW, "date": NEXT_SATURDAY, "title": "Midsummer Pairs", "pegs": 24,
                      "entry_fee": 10.0}),
    ("enter_match", {"token": S, "match_id": NEW_MATCH, "angler_id": KID}, "enter_kerry"),
    ("find_angler", {"token": S, "text": "Bell"}),
    ("enter_match", {"token": S, "match_id": NEW_MATCH, "angler_id": FOUND}, "enter_stuart"),
    ("draw_pegs", {"token": S, "match_id": NEW_MATCH}),
    ("record_weigh_in", {"token": S, "match_id": NEW_MATCH, "angler_id": KID, "weight_lb": 8.5})]

# a new match with two of the regulars (anglers in id order: 0 AN-2101 Gary Thorne, ... 5 AN-2106 Stuart Bell,
# 6 AN-2107 Phil Ashworth; matches: 0 MT-299 last Saturday, 1 MT-301 the Saturday Open, 2 MT-302 the Sunday club match)
NM = [sign_in("sue"), ("lakes", {}),
      ("create_match", {"token": S, "lake_code": WILLOW, "date": NEXT_SATURDAY, "title": "Midsummer Pairs",
                        "pegs": 24, "entry_fee": 10.0})]
NM_ENTRIES = NM + [
    ("find_angler", {"token": S, "text": "Bell"}, "stuart"),
    ("enter_match", {"token": S, "match_id": NEW_MATCH, "angler_id": "$stuart.0.angler_id"}, "enter_stuart"),
    ("find_angler", {"token": S, "text": "Ashworth"}, "phil"),
    ("enter_match", {"token": S, "match_id": NEW_MATCH, "angler_id": "$phil.0.angler_id"}, "enter_phil")]
NM_RESULT = NM_ENTRIES + [
    ("draw_pegs", {"token": S, "match_id": NEW_MATCH}),
    ("record_weigh_in", {"token": S, "match_id": NEW_MATCH, "angler_id": "$stuart.0.angler_id", "weight_lb": 12.5},
     "weigh_stuart"),
    ("record_weigh_in", {"token": S, "match_id": NEW_MATCH, "angler_id": "$phil.0.angler_id", "weight_lb": 9.75},
     "weigh_phil"),
    ("declare_result", {"token": S, "match_id": NEW_MATCH})]
NM_SHEET = NM + [("match_sheet", {"token": S, "match_id": NEW_MATCH})]
NM_WITHDRAW = cut(NM_ENTRIES, "enter_stuart") + [
    ("withdraw_entry", {"token": S, "match_id": NEW_MATCH, "angler_id": "$stuart.0.angler_id"})]

# the Saturday Open (MT-301, Stuart Bell and Phil Ashworth entered)
SAT_DRAW = [sign_in("sue"), ("matches", {"token": S, "status": "open"}),
            ("draw_pegs", {"token": S, "match_id": "$matches.0.match_id"})]
SAT_RESULT = SAT_DRAW + [
    ("find_angler", {"token": S, "text": "Bell"}, "stuart"),
    ("record_weigh_in", {"token": S, "match_id": "$matches.0.match_id", "angler_id": "$stuart.0.angler_id",
                         "weight_lb": 14.25}, "weigh_stuart"),
    ("find_angler", {"token": S, "text": "Ashworth"}, "phil"),
    ("record_weigh_in", {"token": S, "match_id": "$matches.0.match_id", "angler_id": "$phil.0.angler_id",
                         "weight_lb": 0.0}, "weigh_phil"),
    ("declare_result", {"token": S, "match_id": "$matches.0.match_id"})]
SAT_WITHDRAW = find("Bell", "sue") + [("matches", {"token": S, "status": "open"}),
                                      ("withdraw_entry", {"token": S, "match_id": "$matches.0.match_id",
                                                          "angler_id": FOUND})]
LAST_WEEK = [sign_in("sue"), ("matches", {"token": S}),
             ("match_sheet", {"token": S, "match_id": "$matches.0.match_id"})]

# the regulars
LEON = find("Price") + [("record_rod_licence", {"token": J, "angler_id": FOUND, "licence_number": "RL-1764-9955",
                                                "expires": "2035-03-31"}),
                        ("lakes", {})] + ticket_for(FOUND)
LEON_SUNDAY = find("Price") + [
    ("record_rod_licence", {"token": J, "angler_id": FOUND, "licence_number": "RL-1764-9955", "expires": "2035-03-31"}),
    ("matches", {"token": J, "status": "open"}),
    ("enter_match", {"token": J, "match_id": "$matches.1.match_id", "angler_id": FOUND})]
CRAIG = find("Nolan", "ruth") + [("lift_ban", {"token": R, "angler_id": FOUND}), sign_in("jan"),
                                 ("lakes", {})] + ticket_for(FOUND)
CRAIG_PERMIT = [sign_in("ruth"), ("season_permits", {"token": R}),
                ("revoke_permit", {"token": R, "permit_id": "$season_permits.1.permit_id",
                                   "reason": "Banned until August for particles"})]
CRAIG_RECORD = find("Nolan") + [("angler_record", {"token": J, "angler_id": FOUND})]
SPECIMEN_OPEN = [sign_in("ade"), ("lakes", {}), ("reopen_lake", {"token": A, "lake_code": SPECIMEN})] + find(
    "Thorne") + ticket_for(FOUND, TOMORROW, SPECIMEN, "$prices.3.code")
PEG_7 = [sign_in("ade"), ("lakes", {}), ("reopen_peg", {"token": A, "lake_code": MAIN, "peg": 7})] + find("Thorne") + [
    ("prices", {}),
    ("sell_ticket", {"token": J, "angler_id": FOUND, "ticket_code": "$prices.0.code", "lake_code": MAIN,
                     "date": TOMORROW, "peg": 7})]
HEWITT_EMAIL = find("Hewitt") + [("update_angler", {"token": J, "angler_id": FOUND,
                                                    "email": "pauline.hewitt@example.org"})]
HEWITT_PERMIT = find("Hewitt") + [("lakes", {}), ("sell_season_permit", {"token": J, "angler_id": FOUND,
                                                                         "lake_code": MAIN})]
GARY_TEXT = find("Thorne") + [("message_angler", {"token": J, "angler_id": FOUND,
                                                  "text": "Your Specimen Lake night ticket for Sunday is booked."})]
TODAYS = [sign_in("jan"), ("tickets", {"token": J, "date": TODAY})]
GARY_MOVE = TODAYS + [("lakes", {}), ("free_pegs", {"token": J, "lake_code": MAIN, "date": TODAY}),
                      ("move_peg", {"token": J, "ticket_id": "$tickets.0.ticket_id", "peg": "$free_pegs.0"})]
HEWITT_REFUND = TODAYS + [("refund_ticket", {"token": J, "ticket_id": "$tickets.1.ticket_id",
                                             "reason": "Went home unwell before she had set up"})]
BANK = [sign_in("terry"), ("tickets", {"token": T, "date": TODAY})]
GARY_CHECK = BANK + [("check_ticket", {"token": T, "ticket_id": "$tickets.0.ticket_id"})]
GARY_CARP = BANK + [("record_catch", {"token": T, "ticket_id": "$tickets.0.ticket_id", "species": "common_carp",
                                      "weight_lb": 14.75})]
BELL_WARN = find("Bell", "terry") + [
    ("lakes", {}),
    ("issue_warning", {"token": T, "angler_id": FOUND, "rule_code": "$lakes.0.rules.2.0",
                       "notes": "Keepnet in the water on Main Lake again"})]
BELL_BAN = find("Bell", "ruth") + [("ban_angler", {"token": R, "angler_id": FOUND, "weeks": 8,
                                                   "reason": "Second keepnet offence after a written warning"})]
TENCH = [sign_in("ade"), ("lakes", {}),
         ("record_stocking", {"token": A, "lake_code": MAIN, "species": "tench", "count": 150,
                              "average_weight_lb": 1.5, "supplier": "Severn Vale Fish Farm",
                              "permit_reference": "EA-S14-41877"})]
BLOOM = [sign_in("ade"), ("lakes", {}),
         ("close_lake", {"token": A, "lake_code": MAIN, "reason": "Algal bloom; oxygen low in the shallows"}),
         ("reopen_lake", {"token": A, "lake_code": MAIN})]
WASPS = [sign_in("ade"), ("lakes", {}),
         ("close_peg", {"token": A, "lake_code": MAIN, "peg": 25, "reason": "Wasps' nest in the bank"}),
         ("reopen_peg", {"token": A, "lake_code": MAIN, "peg": 25})]

_BODY = [
    # anglers
    ("register_angler", "update_angler", K_PHONE),
    ("find_angler", "update_angler", HEWITT_EMAIL),
    ("register_angler", "angler_record", K_RECORD),
    ("find_angler", "angler_record", CRAIG_RECORD),
    ("register_angler", "message_angler", K_TEXT),
    ("find_angler", "message_angler", GARY_TEXT),
    ("register_angler", "record_rod_licence", K_LICENCE),
    ("find_angler", "record_rod_licence", cut(LEON, "record_rod_licence")),
    ("register_angler", "sell_ticket", K_TICKET),
    ("find_angler", "sell_ticket", LEON),
    ("record_rod_licence", "sell_ticket", LEON),
    ("lakes", "sell_ticket", LEON),
    ("prices", "sell_ticket", LEON),
    ("free_pegs", "sell_ticket", K_TICKET),
    ("reopen_lake", "sell_ticket", SPECIMEN_OPEN),
    ("reopen_peg", "sell_ticket", PEG_7),
    ("lift_ban", "sell_ticket", CRAIG),
    ("register_angler", "sell_season_permit", K_PERMIT),
    ("find_angler", "sell_season_permit", HEWITT_PERMIT),
    ("record_rod_licence", "sell_season_permit", K_PERMIT),
    ("lakes", "sell_season_permit", HEWITT_PERMIT),
    ("register_angler", "issue_warning", K_WARN),
    ("find_angler", "issue_warning", BELL_WARN),
    ("lakes", "issue_warning", BELL_WARN),
    ("register_angler", "ban_angler", cut(K_BAN, "ban_angler")),
    ("find_angler", "ban_angler", BELL_BAN),
    ("issue_warning", "ban_angler", cut(K_BAN, "ban_angler")),
    ("register_angler", "lift_ban", K_BAN),
    ("find_angler", "lift_ban", cut(CRAIG, "lift_ban")),
    ("ban_angler", "lift_ban", K_BAN),
    # tickets
    ("sell_ticket", "move_peg", K_MOVE),
    ("tickets", "move_peg", GARY_MOVE),
    ("free_pegs", "move_peg", GARY_MOVE),
    ("sell_ticket", "refund_ticket", K_REFUND),
    ("tickets", "refund_ticket", HEWITT_REFUND),
    ("sell_ticket", "check_ticket", K_CHECK),
    ("tickets", "check_ticket", GARY_CHECK),
    ("sell_ticket", "record_catch", K_CATCH),
    ("tickets", "record_catch", GARY_CARP),
    # lakes, pegs and stocking
    ("lakes", "free_pegs", cut(K_TICKET, "free_pegs")),
    ("lakes", "close_lake", cut(BLOOM, "close_lake")),
    ("lakes", "reopen_lake", cut(SPECIMEN_OPEN, "reopen_lake")),
    ("close_lake", "reopen_lake", BLOOM),
    ("lakes", "close_peg", cut(WASPS, "close_peg")),
    ("lakes", "reopen_peg", cut(PEG_7, "reopen_peg")),
    ("close_peg", "reopen_peg", WASPS),
    ("lakes", "record_stocking", TENCH),
    # matches
    ("lakes", "create_match", NM),
    ("create_match", "match_sheet", NM_SHEET),
    ("matches", "match_sheet", LAST_WEEK),
    ("create_match", "enter_match", cut(NM_ENTRIES, "enter_stuart")),
    ("matches", "enter_match", K_MATCH),
    ("register_angler", "enter_match", K_MATCH),
    ("find_angler", "enter_match", cut(NM_ENTRIES, "enter_stuart")),
    ("record_rod_licence", "enter_match", LEON_SUNDAY),
    ("create_match", "withdraw_entry", NM_WITHDRAW),
    ("enter_match", "withdraw_entry", NM_WITHDRAW),
    ("matches", "withdraw_entry", SAT_WITHDRAW),
    ("register_angler", "withdraw_entry", K_WITHDRAW),
    ("find_angler", "withdraw_entry", SAT_WITHDRAW),
    ("create_match", "draw_pegs", cut(NM_RESULT, "draw_pegs")),
    ("matches", "draw_pegs", SAT_DRAW),
    ("enter_match", "draw_pegs", cut(NM_RESULT, "draw_pegs")),
    ("create_match", "record_weigh_in", cut(NM_RESULT, "weigh_stuart")),
    ("matches", "record_weigh_in", cut(SAT_RESULT, "weigh_stuart")),
    ("register_angler", "record_weigh_in", K_WEIGH),
    ("find_angler", "record_weigh_in", cut(SAT_RESULT, "weigh_stuart")),
    ("draw_pegs", "record_weigh_in", cut(NM_RESULT, "weigh_stuart")),
    ("enter_match", "record_weigh_in", cut(NM_RESULT, "weigh_stuart")),
    ("create_match", "declare_result", NM_RESULT),
    ("matches", "declare_result", SAT_RESULT),
    ("record_weigh_in", "declare_result", NM_RESULT),
    ("draw_pegs", "declare_result", NM_RESULT),
    # season permits
    ("sell_season_permit", "revoke_permit", K_REVOKE),
    ("season_permits", "revoke_permit", CRAIG_PERMIT),
    ("ban_angler", "revoke_permit", K_REVOKE),
]

_OWN = {"sign_out": [sign_in("mo"), ("sign_out", {"token": "$mo.token"})],
        "stocking_log": [sign_in("ade"), ("stocking_log", {"token": A})],
        "catch_board": [sign_in("terry"), ("catch_board", {"token": T, "species": "mirror_carp"})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the price list is read before Mrs Hewitt's e-mail address is added
    ("prices", find("Hewitt") + [("prices", {}), HEWITT_EMAIL[-1]]),
    # the stocking log is read before Gary Thorne is texted
    ("stocking_log", find("Thorne") + [("stocking_log", {"token": J}), GARY_TEXT[-1]]),
    # the price list is read before Main Lake is closed for the algal bloom
    ("prices", BLOOM[:2] + [("prices", {})] + cut(BLOOM, "close_lake")[2:]),
    # the free pegs are read before Stuart Bell is warned
    ("free_pegs", BELL_WARN[:3] + [("free_pegs", {"token": T, "lake_code": MAIN, "date": TODAY}), BELL_WARN[-1]]),
    # the season permits are read before the Saturday Open is drawn
    ("season_permits", SAT_DRAW[:2] + [("season_permits", {"token": S}), SAT_DRAW[-1]]),
    # the stocking log is read before Terry checks Gary Thorne's ticket
    ("stocking_log", BANK + [("stocking_log", {"token": T}), GARY_CHECK[-1]]),
    # the lakes are read before Craig Nolan's record is read
    ("lakes", find("Nolan") + [("lakes", {}), CRAIG_RECORD[-1]]),
]
