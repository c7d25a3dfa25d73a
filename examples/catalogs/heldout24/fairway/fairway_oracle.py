"""Scripted proofs that Fairway's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which converts the ``TypedDict`` replies
and records the raised built-in exceptions as errors).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("sign_in", {...}, "sue")``) and pass ``"$sue.token"``; replies are read by field
(``"$admit_member.member_no"``, ``"$book_tee_time.booking_id"``, ``"$register_card.card_id"``), lists
by position and field (``"$find_member.0.member_no"``, ``"$tee_sheet.30.time"``,
``"$competition_calendar.1.comp_id"``, ``"$buggy_list.1.buggy"``, ``"$locker_list.0.locker"``) and
nested lists by field and position (``"$member_record.subscriptions.0.invoice_id"``,
``"$buggy_list.0.hires.0.hire_id"``, ``"$tee_sheet.0.players.1.member_no"``,
``"$make_draw.groups.0.players.0.member_no"``). Every id is read from a reply; none is written
literally.

The day: Mr Daniel Okoro admitted on Graham Pell's proposal and Owen Tranter's seconding, his address
completed, his subscription raised and paid, his handicap registered and adjusted, a locker let and a
welcome e-mail; his Saturday tee time booked, Dorothy Finch added and taken off again, a buggy hired
and cancelled, the Monthly Medal entered and withdrawn, the tee time cancelled and his category
changed; his first round today on his proposer's 07:40 tee time with a general play card; Colin
Brook's subscription paid, a Saturday tee time with his brother as guest and the medal entered; Lucy
Arden moved up to intermediate and out on a general play card; Owen Tranter's e-mail added and the
draw news sent; Victor Lamb added to the 07:40; Graham Pell's card at 07:40, Owen Tranter taken off
it, the tee time checked in and its buggy back; the 08:12 tee time and its buggy cancelled; the Leeds
visitors booked on the weekday rate with a buggy, paid and checked in; the Wrekin Valley Golf
Society paid and checked in with a buggy; Tom Askew's handicap and locker; Rajesh Kapoor's index
adjusted; Graham Pell's handicap record and 2032 subscription; the Friday Stableford closed, drawn,
carded and finalised; a charity stableford set up this evening and run through; Owen Tranter
withdrawn from the medal.
"""

import fairway_tools as tools

WHO = {"sue": ("sue.w", "Club-Year-2031"), "gary": ("gary.p", "Starter-Hut-8"), "alan": ("alan.d", "Slope-130"),
       "kate": ("kate.m", "Heath-Road-1921")}
SUE, GARY, ALAN = "$sue.token", "$gary.token", "$alan.token"
TODAY, TOMORROW = tools.TODAY, "2031-08-16"

OKORO_CARD = [5, 5, 4, 6, 5, 5, 4, 5, 5, 5, 6, 3, 5, 5, 5, 4, 6, 5]
ARDEN_CARD = [5, 5, 3, 6, 5, 5, 4, 5, 4, 5, 6, 4, 5, 5, 4, 3, 6, 5]
PELL_CARD = [4, 5, 3, 5, 4, 5, 3, 4, 5, 4, 6, 3, 5, 4, 4, 3, 5, 5]
TRANTER_CARD = [4, 4, 3, 5, 4, 4, 3, 4, 4, 4, 5, 3, 4, 4, 4, 3, 5, 4]


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


OK = "$admit_member.member_no"
OK_BK = "$book_tee_time.booking_id"

_OKORO_JOINS = [
    *sign_ins("sue", "gary", "alan"),
    ("green_fee_rates", {}),
    ("find_member", {"token": SUE, "text": "Pell"}),
    ("find_member", {"token": SUE, "text": "Tranter"}, "tranter"),
    ("admit_member", {"token": SUE, "name": "Mr Daniel Okoro", "sex": "M", "born": 1986,
                      "email": "daniel.okoro@mail.example", "phone": "07700 900962",
                      "address": "4 Larch Close, Hollins Green", "category": "full",
                      "proposer_no": "$find_member.0.member_no", "seconder_no": "$tranter.0.member_no"}),
    ("update_member", {"token": SUE, "member_no": OK, "address": "4 Larch Close, Hollins Green, HG3 7PL"}),
    ("member_record", {"token": SUE, "member_no": OK}),
    ("raise_subscription", {"token": SUE, "member_no": OK, "year": 2031}),
    ("pay_subscription", {"token": SUE, "invoice_id": "$raise_subscription.invoice_id",
                          "amount": "$raise_subscription.balance", "method": "card"}),
    ("register_handicap", {"token": ALAN, "member_no": OK, "cdh_number": "1004417832", "index": 21.3}),
]


def okoro(upto: str) -> list:
    """Mr Daniel Okoro joins, and his first Saturday on the tee sheet and in the medal."""
    return cut([
        *_OKORO_JOINS,
        ("handicap_record", {"token": ALAN, "member_no": OK}),
        ("locker_list", {"token": SUE, "room": "men", "free_only": True}),
        ("assign_locker", {"token": SUE, "member_no": OK, "locker": "$locker_list.0.locker"}),
        ("notify_member", {"token": SUE, "member_no": OK, "channel": "email",
                           "message": "Welcome to Hollins Heath, Daniel. Your locker and handicap are set up; "
                                      "the pro shop will book your first tee times."}),
        ("find_member", {"token": SUE, "text": "Finch"}, "finch"),
        ("tee_sheet", {"token": GARY, "day": TOMORROW, "show": "free"}),
        ("book_tee_time", {"token": GARY, "day": TOMORROW, "time": "$tee_sheet.30.time", "member_nos": [OK]}),
        ("add_player", {"token": GARY, "booking_id": OK_BK, "member_no": "$finch.0.member_no"}),
        ("remove_player", {"token": GARY, "booking_id": OK_BK, "member_no": "$add_player.players.1.member_no"}),
        ("buggy_list", {"token": GARY, "day": TOMORROW}),
        ("hire_buggy", {"token": GARY, "booking_id": OK_BK, "buggy": "$buggy_list.1.buggy", "holes": 18}),
        ("cancel_buggy_hire", {"token": GARY, "hire_id": "$hire_buggy.hire_id"}),
        ("competition_calendar", {"status": "open"}),
        ("enter_competition", {"token": SUE, "comp_id": "$competition_calendar.1.comp_id", "member_no": OK}),
        ("competition_entries", {"token": SUE, "comp_id": "$competition_calendar.1.comp_id"}),
        ("withdraw_entry", {"token": SUE, "entry_id": "$enter_competition.entry_id",
                            "reason": "Mr Okoro would rather wait until his handicap has settled"}),
        ("adjust_handicap", {"token": ALAN, "member_no": OK, "index": 20.8,
                             "reason": "Committee review of his qualifying cards: 21.3 set too high"}),
        ("cancel_tee_time", {"token": GARY, "booking_id": OK_BK, "reason": "Mr Okoro is away this weekend after all"}),
        ("change_category", {"token": SUE, "member_no": OK, "category": "five_day"}),
    ], upto)


def okoro_round(upto: str) -> list:
    """Mr Okoro's first round today, on his proposer's 07:40 tee time, with a general play card."""
    return cut([
        *_OKORO_JOINS,
        ("tee_sheet", {"token": GARY, "day": TODAY, "show": "booked"}),
        ("add_player", {"token": GARY, "booking_id": "$tee_sheet.0.booking_id", "member_no": OK}),
        ("register_card", {"token": GARY, "booking_id": "$tee_sheet.0.booking_id", "member_no": OK, "tee": "yellow"}),
        ("check_in", {"token": GARY, "booking_id": "$tee_sheet.0.booking_id"}),
        ("post_score", {"token": GARY, "card_id": "$register_card.card_id", "hole_scores": OKORO_CARD}),
    ], upto)


def brook(upto: str) -> list:
    """Colin Brook pays his subscription, books Saturday with his brother as a guest and enters the medal."""
    return cut([
        *sign_ins("sue", "gary"),
        ("find_member", {"token": SUE, "text": "Brook"}),
        ("member_record", {"token": SUE, "member_no": "$find_member.0.member_no"}),
        ("pay_subscription", {"token": SUE, "invoice_id": "$member_record.subscriptions.0.invoice_id",
                              "amount": "$member_record.subscriptions.0.balance", "method": "card"}),
        ("tee_sheet", {"token": GARY, "day": TOMORROW, "show": "free"}),
        ("book_tee_time", {"token": GARY, "day": TOMORROW, "time": "$tee_sheet.31.time",
                           "member_nos": ["$find_member.0.member_no"], "guests": ["Mr Martin Brook"]}),
        ("pay_green_fees", {"token": GARY, "booking_id": "$book_tee_time.booking_id", "amount": 30.0, "method": "cash"}),
        ("competition_calendar", {"status": "open"}),
        ("enter_competition", {"token": SUE, "comp_id": "$competition_calendar.1.comp_id",
                               "member_no": "$find_member.0.member_no"}),
    ], upto)


def arden(upto: str) -> list:
    """Lucy Arden moves up to intermediate and plays a general play round today."""
    return cut([
        *sign_ins("sue", "gary"),
        ("find_member", {"token": SUE, "text": "Arden"}),
        ("change_category", {"token": SUE, "member_no": "$find_member.0.member_no", "category": "intermediate"}),
        ("tee_sheet", {"token": GARY, "day": TODAY, "show": "free"}),
        ("book_tee_time", {"token": GARY, "day": TODAY, "time": "$tee_sheet.41.time",
                           "member_nos": ["$find_member.0.member_no"]}),
        ("register_card", {"token": GARY, "booking_id": "$book_tee_time.booking_id",
                           "member_no": "$find_member.0.member_no", "tee": "red"}),
        ("check_in", {"token": GARY, "booking_id": "$book_tee_time.booking_id"}),
        ("post_score", {"token": GARY, "card_id": "$register_card.card_id", "hole_scores": ARDEN_CARD}),
    ], upto)


TRANTER = [*sign_ins("sue"), ("find_member", {"token": SUE, "text": "Tranter"}),
           ("update_member", {"token": SUE, "member_no": "$find_member.0.member_no", "email": "owen.tranter@mail.example"}),
           ("notify_member", {"token": SUE, "member_no": "$find_member.0.member_no", "channel": "email",
                              "message": "Owen, the draw for tomorrow's August Monthly Medal goes up at noon today; "
                                         "the office will e-mail your tee time."})]

LAMB = [*sign_ins("gary"), ("find_member", {"token": GARY, "text": "Lamb"}),
        ("tee_sheet", {"token": GARY, "day": TODAY, "show": "booked"}),
        ("add_player", {"token": GARY, "booking_id": "$tee_sheet.0.booking_id", "member_no": "$find_member.0.member_no"})]

EARLY = [*sign_ins("gary"), ("tee_sheet", {"token": GARY, "day": TODAY, "show": "booked"}),
         ("buggy_list", {"token": GARY, "day": TODAY}),
         ("register_card", {"token": GARY, "booking_id": "$tee_sheet.0.booking_id",
                            "member_no": "$tee_sheet.0.players.0.member_no", "tee": "white"}),
         ("remove_player", {"token": GARY, "booking_id": "$tee_sheet.0.booking_id",
                            "member_no": "$tee_sheet.0.players.1.member_no"}),
         ("check_in", {"token": GARY, "booking_id": "$tee_sheet.0.booking_id"}),
         ("return_buggy", {"token": GARY, "hire_id": "$buggy_list.0.hires.0.hire_id"})]

CANCEL = [*sign_ins("gary"), ("tee_sheet", {"token": GARY, "day": TODAY, "show": "booked"}),
          ("buggy_list", {"token": GARY, "day": TODAY}),
          ("cancel_buggy_hire", {"token": GARY, "hire_id": "$buggy_list.0.hires.0.hire_id"}),
          ("cancel_tee_time", {"token": GARY, "booking_id": "$tee_sheet.1.booking_id",
                               "reason": "Mr Kapoor has hurt his back; his guest will come another week"})]


def ashworth(upto: str) -> list:
    """Three visitors from Leeds on the weekday rate, a buggy, their green fees, check-in and the buggy back."""
    return cut([
        *sign_ins("gary"),
        ("green_fee_rates", {}),
        ("tee_sheet", {"token": GARY, "day": TODAY, "show": "free"}),
        ("book_visitors", {"token": GARY, "day": TODAY, "time": "$tee_sheet.45.time", "lead_name": "Mr Neil Ashworth",
                           "phone": "07700 900977", "players": 3, "rate_code": "$green_fee_rates.0.code"}),
        ("buggy_list", {"token": GARY, "day": TODAY}),
        ("hire_buggy", {"token": GARY, "booking_id": "$book_visitors.booking_id", "buggy": "$buggy_list.2.buggy",
                        "holes": 18}),
        ("pay_green_fees", {"token": GARY, "booking_id": "$book_visitors.booking_id",
                            "amount": "$book_visitors.fees_due", "method": "card"}),
        ("check_in", {"token": GARY, "booking_id": "$book_visitors.booking_id"}),
        ("return_buggy", {"token": GARY, "hire_id": "$hire_buggy.hire_id",
                          "damage": "Cracked windscreen; a ball off the 14th tee"}),
    ], upto)


SOCIETY = [*sign_ins("gary"), ("tee_sheet", {"token": GARY, "day": TODAY, "show": "booked"}),
           ("pay_green_fees", {"token": GARY, "booking_id": "$tee_sheet.2.booking_id", "amount": 160.0,
                               "method": "bank_transfer"}),
           ("check_in", {"token": GARY, "booking_id": "$tee_sheet.2.booking_id"}),
           ("buggy_list", {"token": GARY, "day": TODAY}),
           ("hire_buggy", {"token": GARY, "booking_id": "$tee_sheet.2.booking_id", "buggy": "$buggy_list.2.buggy",
                           "holes": 18})]

ASKEW = [*sign_ins("alan", "sue"), ("find_member", {"token": SUE, "text": "Askew"}),
         ("register_handicap", {"token": ALAN, "member_no": "$find_member.0.member_no", "cdh_number": "1004388127",
                                "index": 28.4}),
         ("locker_list", {"token": SUE, "room": "men", "free_only": True}),
         ("assign_locker", {"token": SUE, "member_no": "$find_member.0.member_no", "locker": "$locker_list.0.locker"})]

KAPOOR = [*sign_ins("alan"), ("find_member", {"token": ALAN, "text": "Kapoor"}),
          ("adjust_handicap", {"token": ALAN, "member_no": "$find_member.0.member_no", "index": 9.4,
                               "reason": "Back from a wrist injury; committee review of his last eight cards"})]

PELL = [*sign_ins("sue"), ("find_member", {"token": SUE, "text": "Pell"}),
        ("handicap_record", {"token": SUE, "member_no": "$find_member.0.member_no"}),
        ("raise_subscription", {"token": SUE, "member_no": "$find_member.0.member_no", "year": 2032})]

FS = "$competition_calendar.0.comp_id"
DRAWN = "$make_draw.groups.0.players"


def friday(upto: str) -> list:
    """The Friday Stableford: entries closed, the draw, the first card, finalised and published."""
    return cut([
        *sign_ins("alan"),
        ("competition_calendar", {"status": "open"}),
        ("competition_entries", {"token": ALAN, "comp_id": FS}),
        ("close_entries", {"token": ALAN, "comp_id": FS}),
        ("tee_sheet", {"token": ALAN, "day": TODAY, "show": "free"}),
        ("make_draw", {"token": ALAN, "comp_id": FS, "first_time": "$tee_sheet.50.time"}),
        ("enter_card", {"token": ALAN, "comp_id": FS, "member_no": f"{DRAWN}.0.member_no", "hole_scores": TRANTER_CARD,
                        "marker_no": f"{DRAWN}.1.member_no"}),
        ("finalise_competition", {"token": ALAN, "comp_id": FS}),
        ("competition_results", {"token": ALAN, "comp_id": FS}),
    ], upto)


CH = "$set_up_competition.comp_id"


def charity(upto: str) -> list:
    """A charity stableford set up for this afternoon, entered, drawn, carded and finalised."""
    return cut([
        *sign_ins("alan", "sue"),
        ("set_up_competition", {"token": ALAN, "name": "Captain's Charity Stableford", "day": TODAY,
                                "format": "stableford", "tee": "yellow", "category": "mixed", "max_index": 36.0,
                                "entry_fee": 5.0}),
        ("find_member", {"token": SUE, "text": "Pell"}),
        ("find_member", {"token": SUE, "text": "Kapoor"}, "kapoor"),
        ("enter_competition", {"token": SUE, "comp_id": CH, "member_no": "$find_member.0.member_no"}),
        ("enter_competition", {"token": SUE, "comp_id": CH, "member_no": "$kapoor.0.member_no"}, "kapoor_entry"),
        ("competition_entries", {"token": ALAN, "comp_id": CH}),
        ("close_entries", {"token": ALAN, "comp_id": CH}),
        ("tee_sheet", {"token": ALAN, "day": TODAY, "show": "free"}),
        ("make_draw", {"token": ALAN, "comp_id": CH, "first_time": "$tee_sheet.60.time"}),
        ("enter_card", {"token": ALAN, "comp_id": CH, "member_no": "$find_member.0.member_no", "hole_scores": PELL_CARD,
                        "marker_no": "$kapoor.0.member_no"}),
        ("finalise_competition", {"token": ALAN, "comp_id": CH}),
        ("competition_results", {"token": ALAN, "comp_id": CH}),
    ], upto)


MEDAL = [*sign_ins("sue"), ("competition_calendar", {"status": "open"}),
         ("competition_entries", {"token": SUE, "comp_id": "$competition_calendar.1.comp_id"}),
         ("withdraw_entry", {"token": SUE, "entry_id": "$competition_entries.1.entry_id",
                             "reason": "Owen Tranter is playing for the county on Saturday"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# members
_FOUND = {"update_member": cut(TRANTER, "update_member"), "member_record": brook("member_record"),
          "change_category": arden("change_category"), "raise_subscription": PELL,
          "register_handicap": cut(ASKEW, "register_handicap"), "adjust_handicap": KAPOOR,
          "handicap_record": cut(PELL, "handicap_record"), "book_tee_time": brook("book_tee_time"),
          "add_player": LAMB, "enter_competition": brook("enter_competition"), "assign_locker": ASKEW,
          "notify_member": TRANTER}
_ADMITTED = {"add_player": okoro_round("add_player")}
for _c in tools.MEMBER_CONSUMERS:
    _add("admit_member", _c, _ADMITTED.get(_c) or okoro(_c))
    _add("find_member", _c, _FOUND[_c])
_add("find_member", "admit_member", okoro("admit_member"))

# bookings
_BOOKED = {"add_player": okoro("add_player"), "remove_player": okoro("remove_player"),
           "cancel_tee_time": okoro("cancel_tee_time"), "register_card": arden("register_card"),
           "pay_green_fees": brook("pay_green_fees"), "check_in": arden("check_in"),
           "hire_buggy": okoro("hire_buggy")}
_SHEET = {"add_player": LAMB, "remove_player": cut(EARLY, "remove_player"), "cancel_tee_time": CANCEL,
          "register_card": cut(EARLY, "register_card"), "pay_green_fees": cut(SOCIETY, "pay_green_fees"),
          "check_in": cut(SOCIETY, "check_in"), "hire_buggy": SOCIETY}
for _c in tools.BOOKING_CONSUMERS + tools.ANY_BOOKING_CONSUMERS:
    _add("book_tee_time", _c, _BOOKED[_c])
    _add("tee_sheet", _c, _SHEET[_c])
for _c in tools.ANY_BOOKING_CONSUMERS:
    _add("book_visitors", _c, ashworth(_c))

# competitions
for _c in tools.COMP_CONSUMERS:
    _add("set_up_competition", _c, charity(_c))
    _add("competition_calendar", _c, okoro(_c) if _c in ("enter_competition", "competition_entries") else friday(_c))

# other ids
_add("raise_subscription", "pay_subscription", okoro("pay_subscription"))
_add("member_record", "pay_subscription", brook("pay_subscription"))
_add("register_card", "post_score", okoro_round("post_score"))
_add("enter_competition", "withdraw_entry", okoro("withdraw_entry"))
_add("competition_entries", "withdraw_entry", MEDAL)
_add("hire_buggy", "return_buggy", ashworth("return_buggy"))
_add("buggy_list", "return_buggy", EARLY)
_add("hire_buggy", "cancel_buggy_hire", okoro("cancel_buggy_hire"))
_add("buggy_list", "cancel_buggy_hire", cut(CANCEL, "cancel_buggy_hire"))

# vocabularies
_add("tee_sheet", "book_tee_time", okoro("book_tee_time"))
_add("tee_sheet", "book_visitors", ashworth("book_visitors"))
_add("tee_sheet", "make_draw", friday("make_draw"))
_add("green_fee_rates", "book_visitors", ashworth("book_visitors"))
_add("buggy_list", "hire_buggy", okoro("hire_buggy"))
_add("locker_list", "assign_locker", okoro("assign_locker"))

# states
_add("pay_subscription", "book_tee_time", brook("book_tee_time"))
_add("pay_subscription", "enter_competition", brook("enter_competition"))
_add("register_handicap", "enter_competition", okoro("enter_competition"))
_add("register_handicap", "register_card", okoro_round("register_card"))
_add("register_handicap", "adjust_handicap", okoro("adjust_handicap"))
_add("pay_green_fees", "check_in", cut(SOCIETY, "check_in"))
_add("check_in", "post_score", arden("post_score"))
_add("check_in", "return_buggy", EARLY)
_add("add_player", "remove_player", okoro("remove_player"))
_add("close_entries", "make_draw", friday("make_draw"))
_add("make_draw", "enter_card", friday("enter_card"))
_add("enter_card", "finalise_competition", friday("finalise_competition"))
_add("finalise_competition", "competition_results", charity("competition_results"))
_add("update_member", "notify_member", TRANTER)

_OWN = {"sign_out": [sign_in("kate"), ("sign_out", {"token": "$kate.token"})]}


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
    ("green_fee_rates", okoro("book_tee_time")),
    ("member_record", okoro("raise_subscription")),
    ("update_member", okoro("pay_subscription")),
    ("handicap_record", okoro("assign_locker")),
    ("competition_entries", okoro("withdraw_entry")),
    ("locker_list", okoro("notify_member")),
    ("buggy_list", ashworth("check_in")),
]
