"""Scripted proofs that Redherring's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools behind their
decorator, converts their plain-dict and list replies to JSON and records the built-in exceptions they raise
as errors).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once
every call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "jo")``) and pass ``"$jo.token"``; replies are read by field
(``"$register_customer.customer_id"``, ``"$book_room.booking_id"``, ``"$sell_gift_voucher.voucher_code"``,
``"$end_game.photo_id"``) and list rows by position and column (``"$find_customer.0.0"``, ``"$bookings.1.0"``,
``"$free_slots.1.0"``, ``"$add_players.2.0"``, ``"$booking_details.named.3.0"``, ``"$gift_vouchers.0.0"``,
``"$game_masters.1.0"``, ``"$rooms.1.0"``, ``"$room_status.3.0"``). Every id is read from a reply; none is
written literally (the reset checklists' items are the rooms' vocabulary, which only a refusal states). A step
saved under a name of its own (``("sign_waiver", {...}, "mia")``) is a second call of a tool on one path.

The day: Ms Hana Sato registers and books Submarine Nine at half past two for Sato's Sleuths, pays by card
(or with a gift voucher she buys), names her four players and signs their waivers (Mia's with Hana as her
guardian), checks in; Beth gives the booking to Ola, who resets the submarine, starts the game, gives a hint,
pauses for Ken and resumes, and ends it with an escape in 48 minutes; Jo e-mails the team photo (on other
paths the booking is looked at, grows to five, moves to four o'clock or is cancelled, Lucy is taken off,
Hana changes her e-mail, is texted, or buys a voucher for Ken that Beth voids). Oskar Lund's waiver is signed
by his mother and Lund's Lemmings check in for 11:30; Ravi runs their game after resetting the submarine and
resets it again after. Helen Cho names the rest of her team and pays the balance, by card or with Marcus
Byrne's voucher. Marcus's team grows to four and moves to ten o'clock tomorrow; Leila Haddad cancels next
Saturday, books Grandma's Attic this morning instead, and Marcus buys a voucher for his wife. Beth closes and
reopens rooms, reopens the Vault and resets it.
"""

import redherring_tools as tools

WHO = {"jo": ("jo.p", "Red-Herring-7"), "ola": ("ola.b", "Cipher-Wheel-3"), "ravi": ("ravi.s", "Morse-Tapper-5"),
       "beth": ("beth.l", "Tannery-Yard-21")}
J, O, R, B = "$jo.token", "$ola.token", "$ravi.token", "$beth.token"
TODAY = "2031-11-15"
TOMORROW = "2031-11-16"
NEXT_SATURDAY = "2031-11-22"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def room(code: str, source: str = "rooms") -> str:
    """A reference to a room's code in the rooms list (or the room status list), by its position."""
    return f"${source}.{list(tools.ROOMS).index(code)}.0"


def checklist(code: str) -> list:
    return list(tools.CHECKLISTS[code])


NEW = "$register_customer.customer_id"
FOUND = "$find_customer.0.0"
BOOKED = "$book_room.booking_id"
LUNDS = "$bookings.0.0"

HANA = [
    *sign_ins("jo"),
    ("register_customer", {"token": J, "name": "Ms Hana Sato", "phone": "07700 900524", "email": "hana.sato@mail.example"}),
    ("rooms", {}),
    ("free_slots", {"date": TODAY, "room_code": room("SUB")}),
    ("book_room", {"token": J, "customer_id": NEW, "slot_id": "$free_slots.1.0", "players": 4,
                   "team_name": "Sato's Sleuths"}),
    ("take_payment", {"token": J, "booking_id": BOOKED, "amount": 88.0, "method": "card"}),
    ("add_players", {"token": J, "booking_id": BOOKED, "names": ["Hana Sato", "Ken Sato", "Mia Sato", "Lucy Park"]}),
    ("sign_waiver", {"token": J, "player_id": "$add_players.0.0", "date_of_birth": "1985-06-14"}, "hana"),
    ("sign_waiver", {"token": J, "player_id": "$add_players.1.0", "date_of_birth": "1983-01-22"}, "ken"),
    ("sign_waiver", {"token": J, "player_id": "$add_players.2.0", "date_of_birth": "2019-03-30",
                     "guardian": "Hana Sato"}, "mia"),
    ("sign_waiver", {"token": J, "player_id": "$add_players.3.0", "date_of_birth": "1987-09-05"}, "lucy"),
    ("check_in", {"token": J, "booking_id": BOOKED}),
    *sign_ins("beth", "ola"),
    ("game_masters", {"token": B}),
    ("assign_game_master", {"token": B, "booking_id": BOOKED, "gm_id": "$game_masters.1.0"}),
    ("reset_room", {"token": O, "room_code": room("SUB"), "checklist": checklist("SUB")}),
    ("start_game", {"token": O, "booking_id": BOOKED}),
    ("give_hint", {"token": O, "booking_id": BOOKED, "puzzle": "The Morse panel",
                   "hint": "Count the long flashes before the short ones"}),
    ("pause_game", {"token": O, "booking_id": BOOKED, "reason": "Ken feeling faint; water and a sit down"}),
    ("resume_game", {"token": O, "booking_id": BOOKED}),
    ("end_game", {"token": O, "booking_id": BOOKED, "outcome": "escaped", "minutes_taken": 48}),
    ("send_photo", {"token": J, "photo_id": "$end_game.photo_id", "email": "hana.sato@mail.example"}),
]
_NAMES_AND_WAIVERS = [s for s in HANA if s[0] in ("add_players", "sign_waiver")]
HANA_VOUCHER = cut(HANA, "book_room") + [
    ("sell_gift_voucher", {"token": J, "customer_id": NEW, "value": 88.0, "recipient": "Ms Hana Sato",
                           "method": "card"}),
    ("redeem_voucher", {"token": J, "booking_id": BOOKED, "voucher_code": "$sell_gift_voucher.voucher_code"}),
    *_NAMES_AND_WAIVERS,
    ("check_in", {"token": J, "booking_id": BOOKED}),
]
HANA_VOID = cut(HANA, "register_customer") + [
    ("sell_gift_voucher", {"token": J, "customer_id": NEW, "value": 40.0, "recipient": "Mr Ken Sato",
                           "method": "cash"}),
    *sign_ins("beth"),
    ("void_gift_voucher", {"token": B, "voucher_code": "$sell_gift_voucher.voucher_code",
                           "reason": "Bought twice by mistake; refunded in cash"})]
HANA_EMAIL = cut(HANA, "register_customer") + [
    ("update_customer", {"token": J, "customer_id": NEW, "email": "hana@sato-family.example"})]
HANA_RECORD = cut(HANA, "register_customer") + [("customer_record", {"token": J, "customer_id": NEW})]
HANA_TEXT = cut(HANA, "register_customer") + [
    ("notify_customer", {"token": J, "customer_id": NEW, "channel": "sms",
                         "text": "Red Herring: Submarine Nine at 14:30 today. Please arrive 15 minutes early."})]
HANA_DETAILS = cut(HANA, "book_room") + [("booking_details", {"token": J, "booking_id": BOOKED})]
HANA_FIVE = cut(HANA, "book_room") + [("change_players", {"token": J, "booking_id": BOOKED, "players": 5})]
HANA_LATER = cut(HANA, "book_room") + [("move_booking", {"token": J, "booking_id": BOOKED,
                                                          "slot_id": "$free_slots.2.0"})]
HANA_CANCELS = cut(HANA, "book_room") + [("cancel_booking", {"token": J, "booking_id": BOOKED,
                                                              "reason": "Ken's flight home was moved to today"})]
HANA_NO_LUCY = cut(HANA, "add_players") + [("remove_player", {"token": J, "player_id": "$add_players.3.0"})]

FREYA = [
    *sign_ins("jo"),
    ("bookings", {"token": J, "date": TODAY, "status": "booked"}),
    ("booking_details", {"token": J, "booking_id": LUNDS}),
    ("sign_waiver", {"token": J, "player_id": "$booking_details.named.3.0", "date_of_birth": "2020-05-09",
                     "guardian": "Freya Lund"}),
    ("check_in", {"token": J, "booking_id": LUNDS}),
    *sign_ins("beth", "ravi"),
    ("game_masters", {"token": B}),
    ("assign_game_master", {"token": B, "booking_id": LUNDS, "gm_id": "$game_masters.2.0"}),
    ("room_status", {"token": R}),
    ("reset_room", {"token": R, "room_code": room("SUB", "room_status"), "checklist": checklist("SUB")}),
    ("start_game", {"token": R, "booking_id": LUNDS}),
    ("give_hint", {"token": R, "booking_id": LUNDS, "puzzle": "The periscope", "hint": "Look behind you"}),
    ("end_game", {"token": R, "booking_id": LUNDS, "outcome": "out_of_time"}),
    ("reset_room", {"token": R, "room_code": room("SUB", "room_status"), "checklist": checklist("SUB")},
     "reset_again"),
]
FREYA_PAUSE = cut(FREYA, "start_game") + [
    ("pause_game", {"token": R, "booking_id": LUNDS, "reason": "The periscope's handle came off"}),
    ("resume_game", {"token": R, "booking_id": LUNDS})]
FREYA_NO_OSKAR = cut(FREYA, "booking_details") + [("remove_player", {"token": J,
                                                                     "player_id": "$booking_details.named.3.0"})]
HELEN = [*sign_ins("jo"), ("bookings", {"token": J, "date": TODAY, "status": "booked"}),
         ("add_players", {"token": J, "booking_id": "$bookings.1.0", "names": ["Mei Cho", "Jonah Cho", "Grace Lin"]}),
         ("take_payment", {"token": J, "booking_id": "$bookings.1.0", "amount": 60.0, "method": "card"})]
HELEN_VOUCHER = [*sign_ins("jo"), ("bookings", {"token": J, "date": TODAY, "status": "booked"}),
                 ("gift_vouchers", {"token": J, "status": "active"}),
                 ("redeem_voucher", {"token": J, "booking_id": "$bookings.1.0", "voucher_code": "$gift_vouchers.0.0"})]
VOID_OLD = [*sign_ins("beth"), ("gift_vouchers", {"token": B, "status": "active"}),
            ("void_gift_voucher", {"token": B, "voucher_code": "$gift_vouchers.0.0",
                                   "reason": "Mr Byrne asked for his money back; unused"})]
MARCUS = [*sign_ins("jo"), ("bookings", {"token": J, "date": TOMORROW}),
          ("change_players", {"token": J, "booking_id": "$bookings.0.0", "players": 4})]
MARCUS_DETAILS = [*sign_ins("jo"), ("bookings", {"token": J, "date": TOMORROW}),
                  ("booking_details", {"token": J, "booking_id": "$bookings.0.0"})]
MARCUS_EARLIER = [*sign_ins("jo"), ("bookings", {"token": J, "date": TOMORROW}), ("rooms", {}),
                  ("free_slots", {"date": TOMORROW, "room_code": room("ATT")}),
                  ("move_booking", {"token": J, "booking_id": "$bookings.0.0", "slot_id": "$free_slots.0.0"})]
LEILA = [*sign_ins("jo"), ("bookings", {"token": J, "date": NEXT_SATURDAY}),
         ("cancel_booking", {"token": J, "booking_id": "$bookings.0.0", "reason": "Can't make next Saturday"})]
LEILA_ATTIC = [*sign_ins("jo"), ("find_customer", {"token": J, "text": "Haddad"}), ("rooms", {}),
               ("free_slots", {"date": TODAY, "room_code": room("ATT")}),
               ("book_room", {"token": J, "customer_id": FOUND, "slot_id": "$free_slots.0.0", "players": 3,
                              "team_name": "Haddad's Hunters"})]
ADE_PHONE = [*sign_ins("jo"), ("find_customer", {"token": J, "text": "Okoro"}),
             ("update_customer", {"token": J, "customer_id": FOUND, "phone": "07700 900599"})]
HELEN_RECORD = [*sign_ins("jo"), ("find_customer", {"token": J, "text": "Cho"}),
                ("customer_record", {"token": J, "customer_id": FOUND})]
FREYA_TEXT = [*sign_ins("jo"), ("find_customer", {"token": J, "text": "Lund"}),
              ("notify_customer", {"token": J, "customer_id": FOUND, "channel": "sms",
                                   "text": "Red Herring: please bring Oskar's date of birth for his waiver."})]
MARCUS_VOUCHER = [*sign_ins("jo"), ("find_customer", {"token": J, "text": "Byrne"}),
                  ("sell_gift_voucher", {"token": J, "customer_id": FOUND, "value": 50.0,
                                         "recipient": "Mrs Ann Byrne", "method": "card"})]
ALCHEMIST_SHUT = [*sign_ins("beth"), ("rooms", {}),
                  ("close_room", {"token": B, "room_code": room("ALC"),
                                  "reason": "The potion shelf came away from the wall; carpenter at two"}),
                  ("reopen_room", {"token": B, "room_code": room("ALC")})]
ATTIC_SHUT = [*sign_ins("beth"), ("room_status", {"token": B}),
              ("close_room", {"token": B, "room_code": room("ATT", "room_status"),
                              "reason": "Music box mechanism jammed"})]
VAULT_RECHECK = [*sign_ins("beth"), ("rooms", {}), ("reopen_room", {"token": B, "room_code": room("VLT")})]
VAULT = [*sign_ins("beth"), ("room_status", {"token": B}),
         ("reopen_room", {"token": B, "room_code": room("VLT", "room_status")}),
         ("reset_room", {"token": B, "room_code": room("VLT", "room_status"), "checklist": checklist("VLT")})]
BOARD = [("rooms", {}), ("leaderboard", {"room_code": room("SUB"), "period": "all_time"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers
_REGISTERED = {"update_customer": HANA_EMAIL, "customer_record": HANA_RECORD, "notify_customer": HANA_TEXT,
               "book_room": HANA, "sell_gift_voucher": HANA_VOUCHER}
_FOUND = {"update_customer": ADE_PHONE, "customer_record": HELEN_RECORD, "notify_customer": FREYA_TEXT,
          "book_room": LEILA_ATTIC, "sell_gift_voucher": MARCUS_VOUCHER}
for _c in tools.CUSTOMER_CONSUMERS:
    _add("register_customer", _c, cut(_REGISTERED[_c], _c))
    _add("find_customer", _c, cut(_FOUND[_c], _c))

# bookings
_BOOKED = {"booking_details": HANA_DETAILS, "change_players": HANA_FIVE, "move_booking": HANA_LATER,
           "cancel_booking": HANA_CANCELS, "take_payment": HANA, "redeem_voucher": HANA_VOUCHER, "add_players": HANA,
           "check_in": HANA, "assign_game_master": HANA, "start_game": HANA, "give_hint": HANA, "pause_game": HANA,
           "resume_game": HANA, "end_game": HANA}
_LISTED = {"booking_details": MARCUS_DETAILS, "change_players": MARCUS, "move_booking": MARCUS_EARLIER,
           "cancel_booking": LEILA, "take_payment": HELEN, "redeem_voucher": HELEN_VOUCHER, "add_players": HELEN,
           "check_in": FREYA, "assign_game_master": FREYA, "start_game": FREYA, "give_hint": FREYA,
           "pause_game": FREYA_PAUSE, "resume_game": FREYA_PAUSE, "end_game": FREYA}
for _c in tools.BOOKING_CONSUMERS:
    _add("book_room", _c, cut(_BOOKED[_c], _c))
    _add("bookings", _c, cut(_LISTED[_c], _c))

# rooms
_FROM_ROOMS = {"reset_room": HANA, "close_room": ALCHEMIST_SHUT, "reopen_room": VAULT_RECHECK}
_FROM_STATUS = {"reset_room": FREYA, "close_room": ATTIC_SHUT, "reopen_room": VAULT}
for _c in tools.ROOM_CONSUMERS:
    _add("rooms", _c, cut(_FROM_ROOMS[_c], _c))
    _add("room_status", _c, cut(_FROM_STATUS[_c], _c))

# players, vouchers, slots, game masters, photos, the leaderboard
_add("add_players", "sign_waiver", cut(HANA, "sign_waiver"))
_add("booking_details", "sign_waiver", cut(FREYA, "sign_waiver"))
_add("add_players", "remove_player", HANA_NO_LUCY)
_add("booking_details", "remove_player", FREYA_NO_OSKAR)
_add("sell_gift_voucher", "redeem_voucher", cut(HANA_VOUCHER, "redeem_voucher"))
_add("gift_vouchers", "redeem_voucher", HELEN_VOUCHER)
_add("sell_gift_voucher", "void_gift_voucher", HANA_VOID)
_add("gift_vouchers", "void_gift_voucher", VOID_OLD)
_add("free_slots", "book_room", cut(HANA, "book_room"))
_add("free_slots", "move_booking", MARCUS_EARLIER)
_add("game_masters", "assign_game_master", cut(HANA, "assign_game_master"))
_add("end_game", "send_photo", HANA)
_add("rooms", "leaderboard", BOARD)

# states
_add("take_payment", "check_in", cut(HANA, "check_in"))
_add("redeem_voucher", "check_in", HANA_VOUCHER)
_add("add_players", "check_in", cut(HANA, "check_in"))
_add("sign_waiver", "check_in", cut(FREYA, "check_in"))
_add("check_in", "start_game", cut(FREYA, "start_game"))
_add("assign_game_master", "start_game", cut(HANA, "start_game"))
_add("reset_room", "start_game", cut(HANA, "start_game"))
_add("start_game", "give_hint", cut(FREYA, "give_hint"))
_add("start_game", "pause_game", cut(HANA, "pause_game"))
_add("start_game", "end_game", cut(FREYA, "end_game"))
_add("pause_game", "resume_game", cut(HANA, "resume_game"))
_add("end_game", "reset_room", FREYA)
_add("close_room", "reopen_room", ALCHEMIST_SHUT)
_add("reopen_room", "reset_room", VAULT)

_OWN = {"sign_out": [sign_in("ravi"), ("sign_out", {"token": R})],
        "results": [sign_in("beth"), ("results", {"token": B, "date": TODAY})]}


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
    # the submarine's leaderboard is read before Ravi resets the room
    ("leaderboard", [*sign_ins("ravi"), ("room_status", {"token": R}),
                     ("leaderboard", {"room_code": room("SUB", "room_status")}),
                     ("reset_room", {"token": R, "room_code": room("SUB", "room_status"), "checklist": checklist("SUB")})]),
    # today's results are read before the Satos' photo is sent; the photo comes from the game's end
    ("results", cut(HANA, "end_game") + [("results", {"token": J, "date": TODAY}),
                                         ("send_photo", {"token": J, "photo_id": "$end_game.photo_id",
                                                         "email": "hana.sato@mail.example"})]),
    # Ade's record is read before his number changes
    ("customer_record", [*sign_ins("jo"), ("find_customer", {"token": J, "text": "Okoro"}),
                         ("customer_record", {"token": J, "customer_id": FOUND}),
                         ("update_customer", {"token": J, "customer_id": FOUND, "phone": "07700 900599"})]),
    # the Chos' booking is read in full before the balance is taken
    ("booking_details", [*sign_ins("jo"), ("bookings", {"token": J, "date": TODAY, "status": "booked"}),
                         ("booking_details", {"token": J, "booking_id": "$bookings.1.0"}),
                         ("take_payment", {"token": J, "booking_id": "$bookings.1.0", "amount": 60.0,
                                           "method": "card"})]),
    # tomorrow's free slots are looked at before Marcus's team grows
    ("free_slots", [*sign_ins("jo"), ("bookings", {"token": J, "date": TOMORROW}), ("free_slots", {"date": TOMORROW}),
                    ("change_players", {"token": J, "booking_id": "$bookings.0.0", "players": 4})]),
    # the vouchers sold are listed before Marcus buys another
    ("gift_vouchers", [*sign_ins("jo"), ("find_customer", {"token": J, "text": "Byrne"}),
                       ("gift_vouchers", {"token": J}),
                       ("sell_gift_voucher", {"token": J, "customer_id": FOUND, "value": 50.0,
                                              "recipient": "Mrs Ann Byrne", "method": "card"})]),
    # the floor is looked at before the Lunds check in
    ("room_status", cut(FREYA, "sign_waiver") + [("room_status", {"token": J}),
                                                 ("check_in", {"token": J, "booking_id": LUNDS})]),
]
