"""Scripted proofs that Punnet's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the scheme's async tools and reads its
Stripe-style error objects as refusals by itself; the raw replies are coroutines, so the plain oracle has nothing
to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once
every call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "nell")``) and pass ``"$nell.token"``; replies are read by field
(``"$sign_up.subscriber_id"``, ``"$start_subscription.subscription_id"``, ``"$pause_subscription.hold_id"``,
``"$add_extra.extra_id"``, ``"$record_harvest.lot_id"``), list records by position and field
(``"$find_subscriber.0.subscriber_id"``, ``"$subscriptions.3.subscription_id"``, ``"$rounds.1.round_id"``,
``"$drivers.1.driver_id"``, ``"$growers.2.grower_id"``, ``"$produce_list.6.code"``, ``"$stock.0.lot_id"``) and
nested records and rows by position (``"$box_range.boxes.4.code"``, ``"$box_range.extras.0.code"``,
``"$check_postcode.rounds.1.0"``, ``"$round_sheet.drops.0.drop_id"``, ``"$subscriber_account.extras.0.0"``);
the positions follow the fresh state's order of records by id and of ``BOXES``, ``EXTRAS`` and ``PRODUCE``.
Every id and code is read from a reply; none is written literally (amounts are written where a subscriber pays
them or the office credits them, bank details as the subscriber gives them). A step saved under a name of its own
is a second call of a tool on one path.

The day: Ms Maisie Garland signs up, sets up her direct debit and starts a medium veg box on the Thursday town
round from next week (on other paths her box becomes a large one, she moves to the Friday round, she leaves out
beetroot, she adds eggs to her first box and takes them off, she pauses for a fortnight and ends the hold early,
she cancels, her note for the driver changes, her account is read, she pays ahead or she is e-mailed). Tom Bright
sets up his direct debit and starts a small box every other Thursday. Mrs Coombe's box grows, she adds eggs, her
honey comes off and she pauses; the Okafors' note changes and they move to Fridays; Ms Fairbrother leaves out
beetroot and kale; Mrs Halloran cancels and is texted; Mr Whitlow pays his arrears. Huw books in the first rainbow
chard from the home field (or rejects it, or a sack of potatoes); Ravi plans today's mixed box with it, swaps the
cabbage in today's medium box for chard, plans Friday's small box and swaps its leeks, and packs both Thursday
rounds; Nell gives the town round to Wes and sends both out; Dot leaves Mrs Coombe's box in her porch; Wes cannot
deliver to Ms Fairbrother, and Nell credits her account.
"""

import punnet_tools as tools

WHO = {"nell": ("nell.a", "Beetroot-Lane-5"), "ravi": ("ravi.s", "Crate-Stack-27"),
       "huw": ("huw.p", "Polytunnel-9"), "dot": ("dot.m", "Van-Door-63"), "wes": ("wes.c", "Cool-Box-40"),
       "esme": ("esme.l", "Longacre-1952")}
N, R, H, D, W = "$nell.token", "$ravi.token", "$huw.token", "$dot.token", "$wes.token"
TODAY = "2031-09-04"
TOMORROW = "2031-09-05"
NEXT_THURSDAY = "2031-09-11"
NEXT_FRIDAY = "2031-09-12"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def box(code: str) -> str:
    return f"$box_range.boxes.{list(tools.BOXES).index(code)}.code"


def extra(code: str) -> str:
    return f"$box_range.extras.{list(tools.EXTRAS).index(code)}.code"


def produce(code: str) -> str:
    return f"$produce_list.{list(tools.PRODUCE).index(code)}.code"


def active(sid: str) -> str:
    """A reference to a subscription in the fresh state's list of active subscriptions, by its position."""
    st = tools.State()
    ids = sorted(s for s in st.subscriptions if tools._status(st, s) == "active")
    return f"$subscriptions.{ids.index(sid)}.subscription_id"


def find(text: str) -> list:
    return [sign_in("nell"), ("find_subscriber", {"token": N, "text": text})]


NEW = "$sign_up.subscriber_id"
FOUND = "$find_subscriber.0.subscriber_id"
SUB = "$start_subscription.subscription_id"
COOMBE, FAIRBROTHER, OKAFOR, HALLORAN = (active(s) for s in ("SB-8950", "SB-8970", "SB-8974", "SB-8990"))

MAISIE = [sign_in("nell"),
          ("sign_up", {"token": N, "name": "Ms Maisie Garland", "phone": "07700 900450",
                       "address": "Flat 1, 12 Tanyard Row, Longacre", "postcode": "LF4 6TR",
                       "email": "maisie.garland@mail.example"})]
MAISIE_NOTE = MAISIE + [("update_subscriber", {"token": N, "subscriber_id": NEW,
                                               "delivery_note": "Blue door at the foot of the stairs"})]
MAISIE_ACCOUNT = MAISIE + [("subscriber_account", {"token": N, "subscriber_id": NEW})]
MAISIE_PAYS = MAISIE + [("take_payment", {"token": N, "subscriber_id": NEW, "amount": 17.5, "method": "card"})]
MAISIE_MAIL = MAISIE + [("send_message", {"token": N, "subscriber_id": NEW, "channel": "email",
                                          "text": "Welcome to Longacre Farm Veg Boxes: your first box is on the 11th."})]
MAISIE_BOX = MAISIE + [
    ("set_up_direct_debit", {"token": N, "subscriber_id": NEW, "account_holder": "Maisie Garland",
                             "sort_code": "40-11-62", "account_number": "31926819"}),
    ("check_postcode", {"postcode": "LF4 6TR"}),
    ("box_range", {}),
    ("start_subscription", {"token": N, "subscriber_id": NEW, "box_code": box("VEG-M"), "frequency": "weekly",
                            "round_id": "$check_postcode.rounds.1.0", "first_delivery": NEXT_THURSDAY}),
]
MAISIE_LARGE = MAISIE_BOX + [("change_box", {"token": N, "subscription_id": SUB, "box_code": box("VEG-L")})]
MAISIE_FRIDAYS = MAISIE_BOX + [("rounds", {"token": N, "day": "Friday"}),
                               ("change_round", {"token": N, "subscription_id": SUB, "round_id": "$rounds.0.round_id",
                                                 "first_delivery": NEXT_FRIDAY})]
MAISIE_HOLIDAY = MAISIE_BOX + [("pause_subscription", {"token": N, "subscription_id": SUB,
                                                       "from_date": "2031-09-18", "until_date": "2031-10-02"}),
                               ("resume_subscription", {"token": N, "hold_id": "$pause_subscription.hold_id"})]
MAISIE_LEAVES = MAISIE_BOX + [("cancel_subscription", {"token": N, "subscription_id": SUB,
                                                       "reason": "Moving to her sister's in Leeds"})]
MAISIE_NO_BEET = MAISIE_BOX + [("produce_list", {"token": N}),
                               ("set_dislikes", {"token": N, "subscription_id": SUB, "items": [produce("BEET")]})]
MAISIE_EGGS = MAISIE_BOX + [("add_extra", {"token": N, "subscription_id": SUB, "code": extra("EGGS-6"),
                                           "delivery_date": NEXT_THURSDAY, "quantity": 1}),
                            ("remove_extra", {"token": N, "extra_id": "$add_extra.extra_id"})]

BRIGHT = find("Bright") + [
    ("set_up_direct_debit", {"token": N, "subscriber_id": FOUND, "account_holder": "Thomas Bright",
                             "sort_code": "20-45-77", "account_number": "55031942"}),
    ("rounds", {"token": N, "day": "Thursday"}),
    ("box_range", {}),
    ("start_subscription", {"token": N, "subscriber_id": FOUND, "box_code": box("VEG-S"), "frequency": "fortnightly",
                            "round_id": "$rounds.0.round_id", "first_delivery": NEXT_THURSDAY})]
OKAFOR_NOTE = find("Okafor") + [("update_subscriber", {"token": N, "subscriber_id": FOUND,
                                                      "delivery_note": "Side gate; the code is now 2207"})]
COOMBE_ACCOUNT = find("Coombe") + [("subscriber_account", {"token": N, "subscriber_id": FOUND})]
COOMBE_NO_HONEY = COOMBE_ACCOUNT + [("remove_extra", {"token": N, "extra_id": "$subscriber_account.extras.0.0"})]
WHITLOW_PAYS = find("Whitlow") + [("take_payment", {"token": N, "subscriber_id": FOUND, "amount": 27.0,
                                                    "method": "card"})]
HALLORAN_TEXT = find("Halloran") + [("send_message", {"token": N, "subscriber_id": FOUND, "channel": "sms",
                                                      "text": "Longacre Farm: sorry to see you go; your last box "
                                                              "comes today."})]
BRIGHT_DD = cut(BRIGHT, "set_up_direct_debit")

LISTED = [sign_in("nell"), ("subscriptions", {"token": N, "status": "active"})]
COOMBE_LARGE = LISTED + [("box_range", {}),
                         ("change_box", {"token": N, "subscription_id": COOMBE, "box_code": box("VEG-L")})]
OKAFOR_FRIDAYS = LISTED + [("rounds", {"token": N, "day": "Friday"}),
                           ("change_round", {"token": N, "subscription_id": OKAFOR, "round_id": "$rounds.0.round_id",
                                             "first_delivery": NEXT_FRIDAY})]
COOMBE_AWAY = LISTED + [("pause_subscription", {"token": N, "subscription_id": COOMBE, "from_date": "2031-09-18",
                                                "until_date": "2031-10-02"})]
HALLORAN_LEAVES = LISTED + [("cancel_subscription", {"token": N, "subscription_id": HALLORAN,
                                                     "reason": "Moving into a care home"})]
FAIRBROTHER_DISLIKES = LISTED + [("produce_list", {"token": N}),
                                 ("set_dislikes", {"token": N, "subscription_id": FAIRBROTHER,
                                                   "items": [produce("BEET"), produce("KALE")]})]
COOMBE_EGGS = LISTED + [("box_range", {}),
                        ("add_extra", {"token": N, "subscription_id": COOMBE, "code": extra("EGGS-6"),
                                       "delivery_date": NEXT_THURSDAY, "quantity": 1})]

CHARD = [sign_in("huw"), ("growers", {"token": H}), ("produce_list", {"token": H}),
         ("record_harvest", {"token": H, "grower_id": "$growers.2.grower_id", "produce": produce("CHARD"), "kg": 40.0,
                             "harvested": TODAY})]
CHARD_REJECTED = CHARD + [("reject_lot", {"token": H, "lot_id": "$record_harvest.lot_id",
                                          "reason": "Slug damage right through the bunches"})]
POTATOES_REJECTED = [sign_in("huw"), ("stock", {"token": H}),
                     ("reject_lot", {"token": H, "lot_id": "$stock.0.lot_id", "reason": "Blight in the sample sack"})]
TOWN = CHARD + [
    sign_in("ravi"),
    ("box_range", {}),
    ("set_box_contents", {"token": R, "box_code": box("MIX-M"), "delivery_date": TODAY,
                          "items": [produce(p) for p in ("CHARD", "POTATO", "CARROT", "ONION", "TOMATO", "COURGETTE",
                                                         "APPLE", "PLUM")]}),
    ("rounds", {"token": R, "day": "Thursday"}),
    ("pack_round", {"token": R, "round_id": "$rounds.1.round_id", "delivery_date": TODAY}),
    sign_in("nell"),
    ("drivers", {"token": N}),
    ("assign_driver", {"token": N, "round_id": "$rounds.1.round_id", "delivery_date": TODAY,
                       "driver_id": "$drivers.1.driver_id"}),
    ("dispatch_round", {"token": N, "round_id": "$rounds.1.round_id", "delivery_date": TODAY}),
    sign_in("wes"),
    ("round_sheet", {"token": W, "round_id": "$rounds.1.round_id", "delivery_date": TODAY}),
    ("record_drop", {"token": W, "drop_id": "$round_sheet.drops.0.drop_id", "outcome": "failed",
                     "note": "No answer, and nowhere out of the rain to leave it"}),
    ("credit_account", {"token": N, "drop_id": "$round_sheet.drops.0.drop_id", "amount": 19.5,
                        "reason": "Box not delivered: no safe place"}),
]
NORTH = [sign_in("ravi"), ("packing_list", {"token": R, "delivery_date": TODAY}),
         ("rounds", {"token": R, "day": "Thursday"}),
         ("pack_round", {"token": R, "round_id": "$rounds.0.round_id", "delivery_date": TODAY}),
         sign_in("nell"),
         ("dispatch_round", {"token": N, "round_id": "$rounds.0.round_id", "delivery_date": TODAY}),
         sign_in("dot"),
         ("round_sheet", {"token": D, "round_id": "$rounds.0.round_id", "delivery_date": TODAY}),
         ("record_drop", {"token": D, "drop_id": "$round_sheet.drops.0.drop_id", "outcome": "left_safe",
                          "note": "In the porch, left side"})]
CHARD_SWAP = CHARD + [sign_in("ravi"), ("box_range", {}),
                      ("swap_box_item", {"token": R, "box_code": box("VEG-M"), "delivery_date": TODAY,
                                         "take_out": produce("CABBAGE"), "put_in": produce("CHARD")})]
FRIDAY_SMALL = [sign_in("ravi"), ("box_range", {}), ("produce_list", {"token": R}),
                ("set_box_contents", {"token": R, "box_code": box("VEG-S"), "delivery_date": TOMORROW,
                                      "items": [produce(p) for p in ("POTATO", "CARROT", "ONION", "LEEK", "TOMATO",
                                                                     "COURGETTE")]}),
                ("swap_box_item", {"token": R, "box_code": box("VEG-S"), "delivery_date": TOMORROW,
                                   "take_out": produce("LEEK"), "put_in": produce("CABBAGE")})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# subscribers
_NEW = {"update_subscriber": MAISIE_NOTE, "subscriber_account": MAISIE_ACCOUNT,
        "set_up_direct_debit": cut(MAISIE_BOX, "set_up_direct_debit"), "start_subscription": MAISIE_BOX,
        "take_payment": MAISIE_PAYS, "send_message": MAISIE_MAIL}
_FOUND = {"update_subscriber": OKAFOR_NOTE, "subscriber_account": COOMBE_ACCOUNT, "set_up_direct_debit": BRIGHT_DD,
          "start_subscription": BRIGHT, "take_payment": WHITLOW_PAYS, "send_message": HALLORAN_TEXT}
for _c in tools.SUBSCRIBER_CONSUMERS:
    _add("sign_up", _c, _NEW[_c])
    _add("find_subscriber", _c, _FOUND[_c])

# subscriptions
_STARTED = {"change_box": MAISIE_LARGE, "change_round": MAISIE_FRIDAYS, "pause_subscription": cut(MAISIE_HOLIDAY,
            "pause_subscription"), "cancel_subscription": MAISIE_LEAVES, "set_dislikes": MAISIE_NO_BEET,
            "add_extra": cut(MAISIE_EGGS, "add_extra")}
_LISTED = {"change_box": COOMBE_LARGE, "change_round": OKAFOR_FRIDAYS, "pause_subscription": COOMBE_AWAY,
           "cancel_subscription": HALLORAN_LEAVES, "set_dislikes": FAIRBROTHER_DISLIKES, "add_extra": COOMBE_EGGS}
for _c in tools.SUBSCRIPTION_CONSUMERS:
    _add("start_subscription", _c, _STARTED[_c])
    _add("subscriptions", _c, _LISTED[_c])
_add("check_postcode", "start_subscription", MAISIE_BOX)
_add("rounds", "start_subscription", BRIGHT)
_add("check_postcode", "change_round", MAISIE_BOX + [
    ("change_round", {"token": N, "subscription_id": SUB, "round_id": "$check_postcode.rounds.0.0",
                      "first_delivery": NEXT_FRIDAY})])
_add("rounds", "change_round", OKAFOR_FRIDAYS)
_add("pause_subscription", "resume_subscription", MAISIE_HOLIDAY)
_add("add_extra", "remove_extra", MAISIE_EGGS)
_add("subscriber_account", "remove_extra", COOMBE_NO_HONEY)

# vocabularies
_BOXED = {"start_subscription": MAISIE_BOX, "change_box": COOMBE_LARGE, "set_box_contents": cut(TOWN, "set_box_contents"),
          "swap_box_item": CHARD_SWAP}
for _c in tools.BOX_CODE_CONSUMERS:
    _add("box_range", _c, _BOXED[_c])
_add("box_range", "add_extra", COOMBE_EGGS)
_PRODUCED = {"record_harvest": cut(CHARD, "record_harvest"), "set_dislikes": FAIRBROTHER_DISLIKES,
             "set_box_contents": cut(FRIDAY_SMALL, "set_box_contents"), "swap_box_item": FRIDAY_SMALL}
for _c in tools.PRODUCE_CONSUMERS:
    _add("produce_list", _c, _PRODUCED[_c])

# growers, stock, rounds, drivers, drops
_add("growers", "record_harvest", CHARD)
_add("record_harvest", "reject_lot", CHARD_REJECTED)
_add("stock", "reject_lot", POTATOES_REJECTED)
_ROUNDED = {"assign_driver": cut(TOWN, "assign_driver"), "round_sheet": cut(NORTH, "round_sheet"),
            "pack_round": cut(NORTH, "pack_round"), "dispatch_round": cut(NORTH, "dispatch_round")}
for _c in tools.ROUND_CONSUMERS:
    _add("rounds", _c, _ROUNDED[_c])
_add("drivers", "assign_driver", cut(TOWN, "assign_driver"))
_add("round_sheet", "record_drop", NORTH)
_add("round_sheet", "credit_account", TOWN)

# states
_add("set_up_direct_debit", "start_subscription", BRIGHT)
_add("record_harvest", "set_box_contents", cut(TOWN, "set_box_contents"))
_add("record_harvest", "swap_box_item", CHARD_SWAP)
_add("set_box_contents", "swap_box_item", FRIDAY_SMALL)
_add("set_box_contents", "pack_round", cut(TOWN, "pack_round"))
_add("pack_round", "dispatch_round", cut(NORTH, "dispatch_round"))
_add("assign_driver", "dispatch_round", cut(TOWN, "dispatch_round"))
_add("dispatch_round", "record_drop", NORTH)
_add("record_drop", "credit_account", TOWN)

_OWN = {"sign_out": [sign_in("esme"), ("sign_out", {"token": "$esme.token"})]}


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
    # the box range is read before the Okafors' note for the driver changes
    ("box_range", find("Okafor") + [("box_range", {}),
                                    ("update_subscriber", {"token": N, "subscriber_id": FOUND,
                                                           "delivery_note": "Side gate; the code is now 2207"})]),
    # the growers are read before Mr Whitlow pays his arrears
    ("growers", find("Whitlow") + [("growers", {"token": N}),
                                   ("take_payment", {"token": N, "subscriber_id": FOUND, "amount": 27.0,
                                                     "method": "card"})]),
    # the drivers are read before the north round is packed; packing names no driver
    ("drivers", [sign_in("ravi"), ("rounds", {"token": R, "day": "Thursday"}), ("drivers", {"token": R}),
                 ("pack_round", {"token": R, "round_id": "$rounds.0.round_id", "delivery_date": TODAY})]),
    # a postcode is checked before Mrs Coombe's box is paused
    ("check_postcode", LISTED + [("check_postcode", {"postcode": "LF1 2AB"}),
                                 ("pause_subscription", {"token": N, "subscription_id": COOMBE,
                                                         "from_date": "2031-09-18", "until_date": "2031-10-02"})]),
    # the produce list is read before Mrs Halloran's box is cancelled
    ("produce_list", LISTED + [("produce_list", {"token": N}),
                               ("cancel_subscription", {"token": N, "subscription_id": HALLORAN,
                                                        "reason": "Moving into a care home"})]),
    # the north round's sheet is read before it is packed
    ("round_sheet", [sign_in("ravi"), ("rounds", {"token": R, "day": "Thursday"}),
                     ("round_sheet", {"token": R, "round_id": "$rounds.0.round_id", "delivery_date": TODAY}),
                     ("pack_round", {"token": R, "round_id": "$rounds.0.round_id", "delivery_date": TODAY})]),
    # the rounds are read before Huw books the chard in
    ("rounds", [sign_in("huw"), ("rounds", {"token": H}), ("growers", {"token": H}), ("produce_list", {"token": H}),
                ("record_harvest", {"token": H, "grower_id": "$growers.2.grower_id", "produce": produce("CHARD"),
                                    "kg": 40.0, "harvested": TODAY})]),
]
