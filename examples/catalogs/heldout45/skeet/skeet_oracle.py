"""Scripted proofs that Skeet's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime, which reads the ``"Error: ..."`` strings the tools return as refusals and awaits the
coroutines).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "elowen")``) and pass ``"$elowen.token"``; replies are read by field (``"$register_shooter.shooter_id"``,
``"$book_lesson.lesson_id"``, ``"$sell_clay_card.card_id"``, ``"$start_round.round_id"``, ``"$hire_gun.hire_id"``,
``"$enter_competition.entry_id"``), list entries by position and field (``"$find_shooter.0.shooter_id"``,
``"$lessons.1.lesson_id"``, ``"$instructors.0.code"``, ``"$layouts.2.layout_id"``,
``"$competitions.1.competition_id"``, ``"$rounds.0.round_id"``), rows by row and column (``"$lesson_slots.1.0"``,
``"$gun_rack.0.0"``, ``"$gun_rack.4.4"``, ``"$cartridge_stock.0.0"``, ``"$squad_list.0.0"``,
``"$price_list.rows.1.0"``, ``"$shooter_account.cards.0.0"``). The positions follow the fresh state's order (records
by id, each list filtered as the call asks). Every id and code is read from a reply; none is written literally
(names, dates of birth, addresses, phone numbers, e-mail addresses, certificates, CPSA numbers, reasons, notes,
hits, scores, amounts and messages are written as the staff are told them).

The day: Mrs Vane registers, her certificate and CPSA number are recorded, she is briefed, buys a card, shoots a
round on Top Field, buys cartridges to take home, joins, enters tomorrow's Autumn Sporting and today's Club Skeet;
her son Lorcan registers with her consent, books a taster, is briefed, hires a 20 bore and shoots; Rafferty Culshaw's
father's consent is recorded, he books a taster, is briefed and hires a gun; Mr Hallard's phone changes, he buys
clays and shoots on the skeet range, which is opened and closed; Mr Quist's renewed certificate lets him buy
cartridges and rejoin once he has paid; Mrs Stennett pays, records her CPSA number and enters the Autumn Sporting,
and her lesson is cancelled; Ms Strand's round is scored, Top Field closed and her gun returned; an incident is
logged; the Club Skeet is started, scored and its results read.
"""

import skeet_tools as tools

WHO = {"elowen": ("elowen.b", "Pull-Mark-26"), "hugo": ("hugo.t", "Choke-Half-41"), "jas": ("jas.m", "Stand-Safe-09"),
       "ottilie": ("ottilie.f", "Gun-Room-73"), "seamus": ("seamus.d", "Kill-Count-25"),
       "wilhelmina": ("wilhelmina.c", "Ground-Boss-88")}
NT, HT, RT, OT, ST = "$elowen.token", "$hugo.token", "$jas.token", "$ottilie.token", "$seamus.token"
TODAY = "2042-09-20"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


SID, FSID = "$register_shooter.shooter_id", "$find_shooter.0.shooter_id"

# Mrs Vane, new: certificate, CPSA number, briefing, a card and a round on Top Field, cartridges, membership, entries
VANE = [sign_in("elowen"),
        ("register_shooter", {"token": NT, "name": "Mrs Alethea Vane", "date_of_birth": "1986-05-19",
                              "address": "Saddleback House, 14 Flint Lane, Tilsey", "phone": "07700 900688",
                              "email": "alethea.vane@example.com"})]
VANE_UPDATE = VANE + [("update_shooter", {"token": NT, "shooter_id": SID, "email": "a.vane@tilseyschool.example"})]
VANE_TEXT = VANE + [("send_text", {"token": NT, "shooter_id": SID,
                                   "message": "Welcome to Coldharbour Clays. Top Field is open until five."})]
VANE_ACCOUNT = VANE + [("shooter_account", {"token": NT, "shooter_id": SID})]
VANE_CARD = VANE + [("price_list", {}), ("sell_clay_card", {"token": NT, "shooter_id": SID,
                                                            "code": "$price_list.rows.1.0"})]
VANE_PAID = VANE_CARD + [("take_payment", {"token": NT, "shooter_id": SID, "amount": 20.0, "method": "card"})]
VANE_CPSA = VANE + [("record_cpsa", {"token": NT, "shooter_id": SID, "number": "331907", "classification": "C"})]
VANE_ENTER = VANE_CPSA + [("competitions", {}),
                          ("enter_competition", {"token": NT, "shooter_id": SID,
                                                 "competition_id": "$competitions.0.competition_id"})]
VANE_CLUB = VANE + [("competitions", {}),
                    ("enter_competition", {"token": NT, "shooter_id": SID,
                                           "competition_id": "$competitions.1.competition_id"}),
                    sign_in("seamus"), ("start_competition", {"token": ST,
                                                              "competition_id": "$competitions.1.competition_id"}),
                    ("record_competition_score", {"token": ST, "entry_id": "$enter_competition.entry_id",
                                                  "score": 20})]
VANE_CERT = VANE + [("record_certificate", {"token": NT, "shooter_id": SID, "number": "12/5520",
                                            "police_force": "Wessex Police", "expires": "2046-12-31"})]
VANE_JOIN = VANE_CERT + [("join_club", {"token": NT, "shooter_id": SID, "plan": "full"})]
VANE_CARTRIDGES = VANE_CERT + [sign_in("ottilie"), ("cartridge_stock", {"token": OT}),
                               ("sell_cartridges", {"token": OT, "shooter_id": SID, "code": "$cartridge_stock.0.0",
                                                    "boxes": 2, "take_away": True})]
VANE_BRIEFED = VANE_CERT + [sign_in("hugo"), ("instructors", {"token": HT}),
                            ("record_briefing", {"token": HT, "shooter_id": SID,
                                                 "instructor_code": "$instructors.0.code"})]
VANE_ROUND = VANE_BRIEFED + VANE_CARD[len(VANE):] + [
    ("layouts", {}), ("start_round", {"token": NT, "card_id": "$sell_clay_card.card_id",
                                      "layout_id": "$layouts.0.layout_id"})]
VANE_SCORED = VANE_ROUND + [("record_score", {"token": NT, "round_id": "$start_round.round_id", "hits": 19})]

# Master Lorcan Vane, new, 13: his mother's consent, a taster booked, briefed, a 20 bore on hire, a round
LORCAN = [sign_in("elowen"),
       ("register_shooter", {"token": NT, "name": "Master Lorcan Vane", "date_of_birth": "2029-02-02",
                             "address": "Saddleback House, 14 Flint Lane, Tilsey", "phone": "07700 900688"})]
LORCAN_CONSENT = LORCAN + [("record_consent", {"token": NT, "shooter_id": SID, "guardian": "Mrs Alethea Vane",
                                         "relationship": "mother", "guardian_phone": "07700 900688"})]
LORCAN_LESSON = LORCAN_CONSENT + [("lesson_slots", {"token": NT, "date": TODAY}),
                            ("book_lesson", {"token": NT, "shooter_id": SID, "slot_id": "$lesson_slots.1.0",
                                             "kind": "taster"})]
LORCAN_CANCEL = LORCAN_LESSON + [("cancel_lesson", {"token": NT, "lesson_id": "$book_lesson.lesson_id",
                                              "reason": "Lorcan has to go to a football match"})]
LORCAN_DONE = LORCAN_LESSON + [sign_in("hugo"), ("instructors", {"token": HT}),
                         ("record_briefing", {"token": HT, "shooter_id": SID,
                                              "instructor_code": "$instructors.1.code"}),
                         ("complete_lesson", {"token": HT, "lesson_id": "$book_lesson.lesson_id",
                                              "notes": "Good stance; mounts the gun well; 14 of 25"})]
LORCAN_HIRE = LORCAN + [sign_in("hugo"), ("instructors", {"token": HT}),
                  ("record_briefing", {"token": HT, "shooter_id": SID, "instructor_code": "$instructors.0.code"}),
                  sign_in("ottilie"), ("gun_rack", {"token": OT, "gauge": "20"}),
                  ("hire_gun", {"token": OT, "shooter_id": SID, "gun_id": "$gun_rack.0.0"})]
LORCAN_RETURN = LORCAN_HIRE + [("return_gun", {"token": OT, "hire_id": "$hire_gun.hire_id", "condition": "good"})]
LORCAN_ROUND = LORCAN_CONSENT + LORCAN_HIRE[len(LORCAN):] + [
    ("price_list", {}), ("sell_clay_card", {"token": NT, "shooter_id": SID, "code": "$price_list.rows.0.0"}),
    ("layouts", {}), ("start_round", {"token": NT, "card_id": "$sell_clay_card.card_id",
                                      "layout_id": "$layouts.0.layout_id"})]

# Master Rafferty Culshaw (SH-4403), 15: his father's consent, a taster booked, briefed, a 20 bore on hire
RAFFERTY = [sign_in("elowen"), ("find_shooter", {"token": NT, "text": "Culshaw"})]
RAF_CONSENT = RAFFERTY + [("record_consent", {"token": NT, "shooter_id": FSID, "guardian": "Mr Donal Culshaw",
                                              "relationship": "father", "guardian_phone": "07700 900634"})]
RAF_LESSON = RAF_CONSENT + [("lesson_slots", {"token": NT, "date": TODAY}),
                            ("book_lesson", {"token": NT, "shooter_id": FSID, "slot_id": "$lesson_slots.2.0",
                                             "kind": "taster"})]
RAF_BRIEFED = RAFFERTY + [sign_in("hugo"), ("instructors", {"token": HT}),
                          ("record_briefing", {"token": HT, "shooter_id": FSID,
                                               "instructor_code": "$instructors.0.code"})]
RAF_HIRE = RAF_BRIEFED + [sign_in("ottilie"), ("gun_rack", {"token": OT, "gauge": "20"}),
                          ("hire_gun", {"token": OT, "shooter_id": FSID, "gun_id": "$gun_rack.0.0"})]

# Mr Hallard (SH-4401, card CD-7701): a new phone, a text, clays, a round on the skeet range, opened and closed
HALLARD = [sign_in("elowen"), ("find_shooter", {"token": NT, "text": "Hallard"})]
HAL_UPDATE = HALLARD + [("update_shooter", {"token": NT, "shooter_id": FSID, "phone": "07700 900699"})]
HAL_TEXT = HALLARD + [("send_text", {"token": NT, "shooter_id": FSID,
                                     "message": "The skeet range opens at nine for your lesson with Hugo."})]
HAL_ACCOUNT = HALLARD + [("shooter_account", {"token": NT, "shooter_id": FSID})]
HAL_CARD = HALLARD + [("price_list", {}), ("sell_clay_card", {"token": NT, "shooter_id": FSID,
                                                              "code": "$price_list.rows.2.0"})]
HAL_ROUND = HAL_ACCOUNT + [("layouts", {}), sign_in("jas"),
                           ("open_layout", {"token": RT, "layout_id": "$layouts.2.layout_id"}),
                           ("start_round", {"token": RT, "card_id": "$shooter_account.cards.0.0",
                                            "layout_id": "$layouts.2.layout_id"})]
HAL_LESSON_DONE = [sign_in("hugo"), ("lessons", {"token": HT, "date": TODAY, "status": "booked"}),
                   ("complete_lesson", {"token": HT, "lesson_id": "$lessons.0.lesson_id",
                                        "notes": "Worked on low house 8; smoother swing"})]
OPEN_CLOSE = [sign_in("jas"), ("layouts", {}), ("open_layout", {"token": RT, "layout_id": "$layouts.2.layout_id"}),
              ("close_layout", {"token": RT, "layout_id": "$layouts.2.layout_id", "reason": "Skeet lesson over"})]

# Mr Quist (SH-4405, certificate run out, owes 18.00): renewed certificate, cartridges to take away, rejoins
QUIST = [sign_in("elowen"), ("find_shooter", {"token": NT, "text": "Quist"})]
QUI_CERT = QUIST + [("record_certificate", {"token": NT, "shooter_id": FSID, "number": "12/4471",
                                            "police_force": "Wessex Police", "expires": "2047-09-01"})]
QUI_CARTS = QUI_CERT + [sign_in("ottilie"), ("cartridge_stock", {"token": OT}),
                        ("sell_cartridges", {"token": OT, "shooter_id": FSID, "code": "$cartridge_stock.1.0",
                                             "boxes": 2, "take_away": True})]
QUI_JOIN = QUI_CERT + [("take_payment", {"token": NT, "shooter_id": FSID, "amount": 18.0, "method": "cash"}),
                       ("join_club", {"token": NT, "shooter_id": FSID, "plan": "full"})]

# Mrs Stennett (SH-4402, owes 42.50): pays, her CPSA number, enters the Autumn Sporting; her lesson cancelled
STENNETT = [sign_in("elowen"), ("find_shooter", {"token": NT, "text": "Stennett"})]
STEN_PAY = STENNETT + [("take_payment", {"token": NT, "shooter_id": FSID, "amount": 42.5, "method": "card"})]
STEN_CPSA = STENNETT + [("record_cpsa", {"token": NT, "shooter_id": FSID, "number": "276154", "classification": "B"})]
STEN_ENTER = STEN_PAY + STEN_CPSA[len(STENNETT):] + [
    ("competitions", {}), ("enter_competition", {"token": NT, "shooter_id": FSID,
                                                 "competition_id": "$competitions.0.competition_id"})]
STEN_CANCEL = [sign_in("elowen"), ("lessons", {"token": NT, "date": TODAY, "status": "booked"}),
              ("cancel_lesson", {"token": NT, "lesson_id": "$lessons.1.lesson_id",
                                 "reason": "Mrs Stennett cannot make two o'clock"})]

# Ms Strand (SH-4404, RD-8814 in progress on Top Field, HR-9911): scored, Top Field closed, her gun back
STRAND = [sign_in("jas"), ("rounds", {"token": RT, "status": "in_progress"}),
          ("record_score", {"token": RT, "round_id": "$rounds.0.round_id", "hits": 21})]
STR_CLOSE = STRAND + [("layouts", {}), ("close_layout", {"token": RT, "layout_id": "$layouts.0.layout_id",
                                                         "reason": "the trap on stand 4 needs mending"})]
STR_GUN = [sign_in("ottilie"), ("gun_rack", {"token": OT}),
           ("return_gun", {"token": OT, "hire_id": "$gun_rack.4.4", "condition": "good"})]
INCIDENT = [sign_in("jas"), ("layouts", {}),
            ("log_incident", {"token": RT, "layout_id": "$layouts.0.layout_id",
                              "description": "The trap on stand 4 threw a clay low over the path; nobody was hurt",
                              "severity": "near_miss"})]

# the Club Skeet 25 (CP-302, today): started, scored, its results read
CLUB = [sign_in("seamus"), ("competitions", {}),
        ("start_competition", {"token": ST, "competition_id": "$competitions.1.competition_id"}),
        ("squad_list", {"token": ST, "competition_id": "$competitions.1.competition_id"}),
        ("record_competition_score", {"token": ST, "entry_id": "$squad_list.0.0", "score": 23})]
CLUB_RESULTS = CLUB + [("results", {"token": ST, "competition_id": "$competitions.1.competition_id"})]

_BODY = [
    # shooters
    ("register_shooter", "update_shooter", VANE_UPDATE),
    ("find_shooter", "update_shooter", HAL_UPDATE),
    ("register_shooter", "record_certificate", VANE_CERT),
    ("find_shooter", "record_certificate", QUI_CERT),
    ("register_shooter", "record_briefing", VANE_BRIEFED),
    ("find_shooter", "record_briefing", RAF_BRIEFED),
    ("register_shooter", "record_consent", LORCAN_CONSENT),
    ("find_shooter", "record_consent", RAF_CONSENT),
    ("register_shooter", "record_cpsa", VANE_CPSA),
    ("find_shooter", "record_cpsa", STEN_CPSA),
    ("register_shooter", "book_lesson", LORCAN_LESSON),
    ("find_shooter", "book_lesson", RAF_LESSON),
    ("register_shooter", "sell_clay_card", VANE_CARD),
    ("find_shooter", "sell_clay_card", HAL_CARD),
    ("register_shooter", "hire_gun", LORCAN_HIRE),
    ("find_shooter", "hire_gun", RAF_HIRE),
    ("register_shooter", "sell_cartridges", VANE_CARTRIDGES),
    ("find_shooter", "sell_cartridges", QUI_CARTS),
    ("register_shooter", "shooter_account", VANE_ACCOUNT),
    ("find_shooter", "shooter_account", HAL_ACCOUNT),
    ("register_shooter", "take_payment", VANE_PAID),
    ("find_shooter", "take_payment", STEN_PAY),
    ("register_shooter", "join_club", VANE_JOIN),
    ("find_shooter", "join_club", QUI_JOIN),
    ("register_shooter", "enter_competition", VANE_ENTER),
    ("find_shooter", "enter_competition", STEN_ENTER),
    ("register_shooter", "send_text", VANE_TEXT),
    ("find_shooter", "send_text", HAL_TEXT),
    # lessons
    ("book_lesson", "cancel_lesson", LORCAN_CANCEL),
    ("lessons", "cancel_lesson", STEN_CANCEL),
    ("book_lesson", "complete_lesson", LORCAN_DONE),
    ("lessons", "complete_lesson", HAL_LESSON_DONE),
    ("lesson_slots", "book_lesson", LORCAN_LESSON),
    ("instructors", "record_briefing", VANE_BRIEFED),
    # the range
    ("layouts", "open_layout", cut(HAL_ROUND, "open_layout")),
    ("layouts", "close_layout", STR_CLOSE),
    ("layouts", "start_round", VANE_ROUND),
    ("layouts", "log_incident", INCIDENT),
    ("sell_clay_card", "start_round", VANE_ROUND),
    ("shooter_account", "start_round", HAL_ROUND),
    ("start_round", "record_score", VANE_SCORED),
    ("rounds", "record_score", STRAND),
    ("open_layout", "start_round", HAL_ROUND),
    ("open_layout", "close_layout", OPEN_CLOSE),
    ("record_score", "close_layout", STR_CLOSE),
    ("record_briefing", "start_round", VANE_ROUND),
    ("record_consent", "start_round", LORCAN_ROUND),
    ("record_certificate", "start_round", VANE_ROUND),
    ("hire_gun", "start_round", LORCAN_ROUND),
    # the gun room
    ("gun_rack", "hire_gun", LORCAN_HIRE),
    ("record_briefing", "hire_gun", LORCAN_HIRE),
    ("hire_gun", "return_gun", LORCAN_RETURN),
    ("gun_rack", "return_gun", STR_GUN),
    ("cartridge_stock", "sell_cartridges", QUI_CARTS),
    ("record_certificate", "sell_cartridges", QUI_CARTS),
    ("price_list", "sell_clay_card", VANE_CARD),
    ("sell_clay_card", "take_payment", VANE_PAID),
    # lessons' vetting, membership and competitions
    ("record_briefing", "complete_lesson", LORCAN_DONE),
    ("record_consent", "book_lesson", LORCAN_LESSON),
    ("record_certificate", "join_club", QUI_JOIN),
    ("take_payment", "join_club", QUI_JOIN),
    ("record_cpsa", "enter_competition", STEN_ENTER),
    ("take_payment", "enter_competition", STEN_ENTER),
    ("competitions", "enter_competition", VANE_ENTER),
    ("competitions", "start_competition", cut(CLUB, "start_competition")),
    ("competitions", "squad_list", cut(CLUB, "squad_list")),
    ("competitions", "results", CLUB_RESULTS),
    ("start_competition", "record_competition_score", CLUB),
    ("enter_competition", "record_competition_score", VANE_CLUB),
    ("squad_list", "record_competition_score", CLUB),
]

_OWN = {"sign_out": [sign_in("wilhelmina"), ("sign_out", {"token": "$wilhelmina.token"})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above that
    reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the price list read before Mr Quist buys cartridges to take home
    ("price_list", QUI_CARTS[:-1] + [("price_list", {})] + QUI_CARTS[-1:]),
    # the instructors read before Mrs Stennett enters the Autumn Sporting
    ("instructors", STEN_ENTER[:-1] + [("instructors", {"token": NT})] + STEN_ENTER[-1:]),
    # Mr Quist texted before he rejoins
    ("send_text", QUI_JOIN[:-1] + [("send_text", {"token": NT, "shooter_id": FSID,
                                                  "message": "Your membership card will be ready at the desk."})]
     + QUI_JOIN[-1:]),
    # the cartridge stock read before Mr Hallard's round on the skeet range
    ("cartridge_stock", HAL_ROUND[:-1] + [("cartridge_stock", {"token": RT})] + HAL_ROUND[-1:]),
    # the Club Skeet's squads read before Top Field is closed
    ("squad_list", STR_CLOSE[:-1] + [("competitions", {}), ("squad_list", {"token": RT,
                                                                           "competition_id":
                                                                               "$competitions.1.competition_id"})]
     + STR_CLOSE[-1:]),
    # an incident logged before Ms Strand's round is scored
    ("log_incident", STRAND[:-1] + [("layouts", {}),
                                    ("log_incident", {"token": RT, "layout_id": "$layouts.0.layout_id",
                                                      "description": "A spectator stepped over the rope at stand 2",
                                                      "severity": "minor"})] + STRAND[-1:]),
    # the Club Skeet's results read before Lorcan's gun comes back
    ("results", LORCAN_RETURN[:-1] + [("competitions", {}),
                                   ("results", {"token": OT, "competition_id": "$competitions.1.competition_id"})]
     + LORCAN_RETURN[-1:]),
    # Mrs Stennett's account read before her lesson is cancelled
    ("shooter_account", STENNETT + [("shooter_account", {"token": NT, "shooter_id": FSID})] + STEN_CANCEL[1:]),
]
