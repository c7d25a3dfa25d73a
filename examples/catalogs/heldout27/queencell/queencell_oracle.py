"""Scripted proofs that Queencell's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools and reads the
JSend ``{"status": "fail", ...}`` and ``{"status": "error", ...}`` replies as rejected).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Officers sign
in by first name (``("sign_in", {...}, "sue")``) and pass ``"$sue.data.token"``; replies are read through
JSend's ``data`` by field (``"$join_member.data.member_id"``, ``"$register_apiary.data.apiary_id"``,
``"$register_hive.data.hive_id"``, ``"$report_disease.data.report_id"``, ``"$log_swarm_call.data.swarm_id"``,
``"$book_extraction.data.booking_id"``, ``"$lend_equipment.data.loan_id"``), tables by row and column
(``"$find_member.data.rows.0.0"``, ``"$swarm_board.data.rows.0.0"``, ``"$mentors.data.rows.0.0"``,
``"$swarm_collectors.data.rows.0.0"``, ``"$extraction_slots.data.rows.1.0"``, ``"$equipment_list.data.rows.3.0"``,
``"$disease_notices.data.rows.0.0"``, ``"$loans_out.data.rows.0.0"``, ``"$apiary_list.data.rows.1.0"``) and
lists nested in rows by row, column and position (``"$apiary_list.data.rows.7.5.0"``, a hive on an apiary;
``"$extraction_slots.data.rows.0.4.0.0"``, a booking in a session). Every id is read from a reply; none is
written literally.

The day: Mr Hamid Rahimi joins as a full member, pays, registers his allotment apiary, joins the waiting
list for bees, is given Derek as his mentor and is given the swarm Derek collected yesterday; on other
paths he buys a nucleus instead (recorded, inspected, treated and moved to his garden), or it shows
signs of AFB and is reported; he gives his e-mail address and is e-mailed, and borrows and returns a
swarm kit. Mrs Nadia Kowalski's swarm is logged, Derek is sent, collects it and it goes to Mrs Grieve's
apiary; on another path Derek is taken off it; a call about bumblebees is closed. The Mill Lane swarm
goes to Derek and the Brook Close swarm is collected by Priya, or she is taken off it, or the Mill Lane
caller rings to say it has flown. Mr Ben Lowther pays by cheque, books the tangential extractor this
afternoon and signs off (or cancels), borrows the hand extractor and uncapping tray, and his colony has
its supers off and Apivar on. Ms Priya Shah registers a second site, borrows the wax melter, has a split
recorded and her colony found with signs of EFB, reported and confirmed. Mr Colin Fairbrother's Church
Farm notice is lifted after his second colony is inspected clear and the colony moves home; his e-mail
address added and an e-mail. Mr Luke Ferris joins the waiting list and gets a mentor. Mr Derek Oakes's
record, his extraction signed off, the refractometer back, a colony moved to his out-apiary on the common,
or to a new site he registers at Beech Farm.
"""

import queencell_tools as tools

WHO = {"sue": ("sue.h", "Drone-Comb-14"), "ken": ("ken.a", "Bait-Hive-62"), "rosa": ("rosa.m", "Honey-Press-8"),
       "ian": ("ian.d", "Queen-Cup-31"), "gwen": ("gwen.p", "Wealdmere-1946")}
SUE, KEN, ROSA, IAN, GWEN = "$sue.data.token", "$ken.data.token", "$rosa.data.token", "$ian.data.token", "$gwen.data.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


HM = "$join_member.data.member_id"
HV = "$register_hive.data.hive_id"
SW = "$log_swarm_call.data.swarm_id"
F0 = "$find_member.data.rows.0.0"
B0 = "$swarm_board.data.rows.0.0"

HAMID_NEW = ("join_member", {"token": SUE, "name": "Mr Hamid Rahimi", "address": "41 Sawyers Row, Wealdmere",
                             "postcode": "WM2 6SR", "phone": "07700 902488", "membership": "full"})
PLOT7 = ("register_apiary", {"token": SUE, "member_id": HM, "site": "Plot 7, Pound Lane allotments",
                             "postcode": "WM2 7PL", "grid_ref": "TQ 412 338"})
HAMID = [
    *sign_ins("sue", "ken"),
    HAMID_NEW,
    ("membership_rates", {}),
    ("pay_subscription", {"token": SUE, "member_id": HM, "amount": 34.0, "method": "card"}),
    PLOT7,
    ("join_bees_waiting_list", {"token": SUE, "member_id": HM}),
    ("mentors", {"token": SUE}),
    ("assign_mentor", {"token": SUE, "member_id": HM, "mentor_id": "$mentors.data.rows.0.0"}),
    ("swarm_board", {"token": KEN, "status": "collected"}),
    ("rehome_swarm", {"token": KEN, "swarm_id": B0, "apiary_id": "$register_apiary.data.apiary_id",
                      "hive_type": "national"}),
]
HAMID_NUC = [
    *sign_ins("sue", "ian"),
    HAMID_NEW,
    PLOT7,
    ("register_apiary", {"token": SUE, "member_id": HM, "site": "Back garden, 41 Sawyers Row", "postcode": "WM2 6SR",
                         "grid_ref": "TQ 409 341"}, "home"),
    ("register_hive", {"token": IAN, "apiary_id": "$register_apiary.data.apiary_id", "hive_type": "national",
                       "source": "bought_nucleus"}),
    ("hive_record", {"token": IAN, "hive_id": HV}),
    ("record_inspection", {"token": IAN, "hive_id": HV, "queen_seen": True, "brood_frames": 4, "supers": 0,
                           "temper": "calm", "signs": "none", "notes": "Nucleus settled in; marked queen laying well"}),
    ("record_treatment", {"token": IAN, "hive_id": HV, "product": "apiguard"}),
    ("move_hive", {"token": IAN, "hive_id": HV, "to_apiary_id": "$home.data.apiary_id"}),
]
HAMID_SICK = cut(HAMID_NUC, "register_hive") + [
    ("record_inspection", {"token": IAN, "hive_id": HV, "queen_seen": True, "brood_frames": 3, "supers": 0,
                           "temper": "nervous", "signs": "suspected_afb",
                           "notes": "Sunken, greasy cappings; ropy larvae in the matchstick test"}),
    ("report_disease", {"token": IAN, "hive_id": HV, "disease": "afb",
                        "notes": "Nucleus bought in a week ago; ropy larvae on two frames"}),
]
HAMID_CONTACT = [
    *sign_ins("sue"),
    HAMID_NEW,
    ("member_record", {"token": SUE, "member_id": HM}),
    ("update_member", {"token": SUE, "member_id": HM, "email": "hamid.rahimi@mail.example"}),
    ("notify_member", {"token": SUE, "member_id": HM, "channel": "email",
                       "message": "Welcome to the association. Your membership card and the June newsletter are attached."}),
]
HAMID_KIT = [
    *sign_ins("sue", "rosa"),
    HAMID_NEW,
    ("pay_subscription", {"token": SUE, "member_id": HM, "amount": 34.0, "method": "cash"}),
    ("equipment_list", {}),
    ("lend_equipment", {"token": ROSA, "member_id": HM, "items": ["$equipment_list.data.rows.3.0"], "days": 14,
                        "deposit": 10.0}),
    ("return_equipment", {"token": ROSA, "loan_id": "$lend_equipment.data.loan_id", "cleaned": True,
                          "condition": "Skep and sheet washed; brush scorched clean"}),
]

BEN_HONEY = [
    *sign_ins("sue", "rosa"),
    ("find_member", {"token": SUE, "text": "Lowther"}),
    ("pay_subscription", {"token": SUE, "member_id": F0, "amount": 34.0, "method": "cheque"}),
    ("extraction_slots", {"token": ROSA}),
    ("book_extraction", {"token": ROSA, "member_id": F0, "slot_id": "$extraction_slots.data.rows.1.0",
                         "extractor": "tangential_4", "supers": 2}),
    ("extraction_done", {"token": ROSA, "booking_id": "$book_extraction.data.booking_id", "jars": 38,
                         "cleaned": True}),
]
BEN_CANCEL = cut(BEN_HONEY, "book_extraction") + [
    ("cancel_extraction", {"token": ROSA, "booking_id": "$book_extraction.data.booking_id",
                           "reason": "The second super is not capped yet; he will book again next week"})]
BEN_KIT = [
    *sign_ins("sue", "rosa"),
    ("find_member", {"token": SUE, "text": "Lowther"}),
    ("pay_subscription", {"token": SUE, "member_id": F0, "amount": 34.0, "method": "cheque"}),
    ("equipment_list", {}),
    ("lend_equipment", {"token": ROSA, "member_id": F0,
                        "items": ["$equipment_list.data.rows.0.0", "$equipment_list.data.rows.1.0"], "days": 7,
                        "deposit": 30.0}),
]
BEN_TREAT = [
    *sign_ins("ian"),
    ("apiary_list", {"token": IAN}),
    ("record_inspection", {"token": IAN, "hive_id": "$apiary_list.data.rows.7.5.0", "queen_seen": True,
                           "brood_frames": 8, "supers": 0, "temper": "calm", "signs": "none",
                           "notes": "Both supers off for extracting; mite drop high on the board"}),
    ("record_treatment", {"token": IAN, "hive_id": "$apiary_list.data.rows.7.5.0", "product": "apivar"}),
]

DEREK_HEATHER = [
    *sign_ins("ian"),
    ("apiary_list", {"token": IAN}),
    ("hive_record", {"token": IAN, "hive_id": "$apiary_list.data.rows.1.5.1"}),
    ("move_hive", {"token": IAN, "hive_id": "$apiary_list.data.rows.1.5.1", "to_apiary_id": "$apiary_list.data.rows.2.0"}),
]
DEREK_NEW_SITE = [
    *sign_ins("sue", "ian"),
    ("find_member", {"token": SUE, "text": "Oakes"}),
    ("register_apiary", {"token": SUE, "member_id": F0, "site": "Top orchard, Beech Farm, Wealdmere",
                         "postcode": "WM2 3BF", "grid_ref": "TQ 402 347"}),
    ("apiary_list", {"token": IAN, "district": "WM2"}),
    ("move_hive", {"token": IAN, "hive_id": "$apiary_list.data.rows.0.5.1", "to_apiary_id": "$register_apiary.data.apiary_id"}),
]
DEREK_RECORD = [*sign_ins("sue"), ("find_member", {"token": SUE, "text": "Oakes"}),
                ("member_record", {"token": SUE, "member_id": F0})]
DEREK_DONE = [*sign_ins("rosa"), ("extraction_slots", {"token": ROSA}),
              ("extraction_done", {"token": ROSA, "booking_id": "$extraction_slots.data.rows.0.4.0.0", "jars": 52,
                                   "cleaned": True})]
DEREK_LOAN = [*sign_ins("rosa"), ("loans_out", {"token": ROSA, "overdue_only": True}),
              ("return_equipment", {"token": ROSA, "loan_id": "$loans_out.data.rows.0.0", "cleaned": True,
                                    "condition": "Back in its case, prism wiped; three days late"})]

PRIYA_SPLIT = [*sign_ins("ian"), ("apiary_list", {"token": IAN, "district": "WM3"}),
               ("register_hive", {"token": IAN, "apiary_id": "$apiary_list.data.rows.0.0", "hive_type": "nucleus",
                                  "source": "split"})]
PRIYA_SITE = [*sign_ins("sue"), ("find_member", {"token": SUE, "text": "Shah"}),
              ("register_apiary", {"token": SUE, "member_id": F0, "site": "Bramble bank, Wealdmere Common",
                                   "postcode": "WM6 1HC", "grid_ref": "TQ 433 362"})]
PRIYA_KIT = [*sign_ins("rosa"), ("find_member", {"token": ROSA, "text": "Shah"}), ("equipment_list", {}),
             ("lend_equipment", {"token": ROSA, "member_id": F0, "items": ["$equipment_list.data.rows.2.0"], "days": 14,
                                 "deposit": 15.0})]
DISEASE = [
    *sign_ins("ian"),
    ("apiary_list", {"token": IAN, "district": "WM3"}),
    ("record_inspection", {"token": IAN, "hive_id": "$apiary_list.data.rows.0.5.0", "queen_seen": True,
                           "brood_frames": 7, "supers": 1, "temper": "calm", "signs": "suspected_efb",
                           "notes": "Twisted, melted-looking larvae, yellowish, on two frames; smells sour"}),
    ("report_disease", {"token": IAN, "hive_id": "$apiary_list.data.rows.0.5.0", "disease": "efb",
                        "notes": "Suspected EFB on two frames; the colony is otherwise strong"}),
    ("confirm_disease", {"token": IAN, "report_id": "$report_disease.data.report_id", "confirmed": True,
                         "inspector": "Jan Moss, seasonal bee inspector"}),
]

COLIN_LIFT = [
    *sign_ins("ian"),
    ("disease_notices", {"token": IAN, "status": "live"}),
    ("apiary_list", {"token": IAN, "under_notice": True}),
    ("record_inspection", {"token": IAN, "hive_id": "$apiary_list.data.rows.0.5.1", "queen_seen": True,
                           "brood_frames": 8, "supers": 0, "temper": "calm", "signs": "none",
                           "notes": "Every frame shaken and checked with the inspector; clean"}),
    ("lift_notice", {"token": IAN, "notice_id": "$disease_notices.data.rows.0.0",
                     "reason": "Inspector cleared both colonies on the site today"}),
    ("apiary_list", {"token": IAN, "district": "WM4"}, "wm4"),
    ("move_hive", {"token": IAN, "hive_id": "$apiary_list.data.rows.0.5.1", "to_apiary_id": "$wm4.data.rows.1.0"}),
]
COLIN_CONTACT = [
    *sign_ins("sue"),
    ("find_member", {"token": SUE, "text": "Fairbrother"}),
    ("update_member", {"token": SUE, "member_id": F0, "email": "colin.fairbrother@mail.example"}),
    ("notify_member", {"token": SUE, "member_id": F0, "channel": "email",
                       "message": "The standstill at Church Farm has been lifted; you may move colonies again."}),
]
LUKE = [
    *sign_ins("sue"),
    ("find_member", {"token": SUE, "text": "Ferris"}),
    ("join_bees_waiting_list", {"token": SUE, "member_id": F0}),
    ("mentors", {"token": SUE}),
    ("assign_mentor", {"token": SUE, "member_id": F0, "mentor_id": "$mentors.data.rows.0.0"}),
]

CALL = [
    *sign_ins("ken"),
    ("log_swarm_call", {"token": KEN, "caller": "Mrs Nadia Kowalski", "phone": "07700 902590",
                        "location": "Hanging from the apple tree in the front garden, 6 Mill Lane, Wealdmere",
                        "postcode": "WM2 4ML", "height": "head_height",
                        "description": "About the size of a rugby ball; it arrived an hour ago"}),
    ("swarm_collectors", {"token": KEN, "district": "WM2"}),
    ("assign_swarm", {"token": KEN, "swarm_id": SW, "member_id": "$swarm_collectors.data.rows.0.0"}),
    ("swarm_collected", {"token": KEN, "swarm_id": SW,
                         "notes": "Shaken into a skep and walked into a nuc box at dusk; good-tempered"}),
    ("apiary_list", {"token": KEN, "district": "WM2"}),
    ("rehome_swarm", {"token": KEN, "swarm_id": SW, "apiary_id": "$apiary_list.data.rows.1.0", "hive_type": "national"}),
]
CALL_OFF = cut(CALL, "assign_swarm") + [
    ("unassign_swarm", {"token": KEN, "swarm_id": SW, "reason": "Derek's car has broken down on the bypass"})]
CALL_CLOSE = [
    *sign_ins("ken"),
    ("log_swarm_call", {"token": KEN, "caller": "Mr Pete Duggan", "phone": "07700 902591",
                        "location": "In the bird box on the garage wall, 2 Tanyard Close, Wealdmere", "postcode": "WM1 2TC",
                        "height": "ladder", "description": "Lots of fluffy bees going in and out of the hole"}),
    ("close_swarm_call", {"token": KEN, "swarm_id": SW, "outcome": "not_honey_bees",
                          "notes": "Tree bumblebees nesting in the box; advised to leave them, they go by August"}),
]
BOARD_ASSIGN = [
    *sign_ins("ken"),
    ("swarm_board", {"token": KEN, "status": "reported"}),
    ("swarm_collectors", {"token": KEN, "district": "WM2"}),
    ("assign_swarm", {"token": KEN, "swarm_id": B0, "member_id": "$swarm_collectors.data.rows.0.0"}),
]
BOARD_COLLECTED = [*sign_ins("ken"), ("swarm_board", {"token": KEN, "status": "assigned"}),
                   ("swarm_collected", {"token": KEN, "swarm_id": B0,
                                        "notes": "Priya has it boxed; a small cast, kept at her allotment for now"})]
BOARD_UNASSIGN = [*sign_ins("ken"), ("swarm_board", {"token": KEN, "status": "assigned"}),
                  ("unassign_swarm", {"token": KEN, "swarm_id": B0, "reason": "Priya has been called in to work"})]
BOARD_CLOSE = [*sign_ins("ken"), ("swarm_board", {"token": KEN, "status": "reported"}),
               ("close_swarm_call", {"token": KEN, "swarm_id": B0, "outcome": "moved_on",
                                     "notes": "The caller rang back: the swarm has flown off over the rooftops"})]
ALISON = [
    *sign_ins("ken"),
    ("swarm_board", {"token": KEN, "status": "collected"}),
    ("apiary_list", {"token": KEN, "district": "WM2"}),
    ("rehome_swarm", {"token": KEN, "swarm_id": B0, "apiary_id": "$apiary_list.data.rows.1.0", "hive_type": "national"}),
]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# members
_NEW = {"update_member": HAMID_CONTACT, "member_record": HAMID_CONTACT, "pay_subscription": HAMID,
        "notify_member": HAMID_CONTACT, "assign_mentor": HAMID, "join_bees_waiting_list": HAMID,
        "register_apiary": HAMID, "lend_equipment": HAMID_KIT}
_FOUND = {"update_member": COLIN_CONTACT, "member_record": DEREK_RECORD, "pay_subscription": BEN_HONEY,
          "notify_member": COLIN_CONTACT, "assign_mentor": LUKE, "join_bees_waiting_list": LUKE,
          "register_apiary": PRIYA_SITE, "lend_equipment": PRIYA_KIT}
for _c in tools.MEMBER_CONSUMERS:
    _add("join_member", _c, cut(_NEW[_c], _c))
    _add("find_member", _c, cut(_FOUND[_c], _c))
_add("find_member", "book_extraction", cut(BEN_HONEY, "book_extraction"))

# apiaries, colonies, swarms
_REGISTERED = {"register_hive": HAMID_NUC, "rehome_swarm": HAMID}
_LISTED = {"register_hive": PRIYA_SPLIT, "rehome_swarm": ALISON}
for _c in tools.APIARY_CONSUMERS:
    _add("register_apiary", _c, cut(_REGISTERED[_c], _c))
    _add("apiary_list", _c, cut(_LISTED[_c], _c))
_add("register_apiary", "move_hive", DEREK_NEW_SITE)
_HIVED = {"report_disease": HAMID_SICK}
_HIVES = {"hive_record": DEREK_HEATHER, "record_inspection": DISEASE, "record_treatment": BEN_TREAT,
          "move_hive": DEREK_HEATHER, "report_disease": DISEASE}
for _c in tools.HIVE_CONSUMERS:
    _add("register_hive", _c, cut(_HIVED.get(_c, HAMID_NUC), _c))
    _add("apiary_list", _c, cut(_HIVES[_c], _c))
_LOGGED = {"assign_swarm": CALL, "unassign_swarm": CALL_OFF, "swarm_collected": CALL, "close_swarm_call": CALL_CLOSE,
           "rehome_swarm": CALL}
_BOARD = {"assign_swarm": BOARD_ASSIGN, "unassign_swarm": BOARD_UNASSIGN, "swarm_collected": BOARD_COLLECTED,
          "close_swarm_call": BOARD_CLOSE, "rehome_swarm": ALISON}
for _c in tools.SWARM_CONSUMERS:
    _add("log_swarm_call", _c, cut(_LOGGED[_c], _c))
    _add("swarm_board", _c, cut(_BOARD[_c], _c))

# ids and vocabularies
_add("mentors", "assign_mentor", LUKE)
_add("swarm_collectors", "assign_swarm", BOARD_ASSIGN)
_add("extraction_slots", "book_extraction", cut(BEN_HONEY, "book_extraction"))
_add("equipment_list", "lend_equipment", PRIYA_KIT)
_add("report_disease", "confirm_disease", DISEASE)
_add("disease_notices", "lift_notice", cut(COLIN_LIFT, "lift_notice"))
_add("book_extraction", "extraction_done", BEN_HONEY)
_add("extraction_slots", "extraction_done", DEREK_DONE)
_add("book_extraction", "cancel_extraction", BEN_CANCEL)
_add("lend_equipment", "return_equipment", HAMID_KIT)
_add("loans_out", "return_equipment", DEREK_LOAN)

# states
_add("pay_subscription", "book_extraction", cut(BEN_HONEY, "book_extraction"))
_add("pay_subscription", "lend_equipment", BEN_KIT)
_add("pay_subscription", "join_bees_waiting_list", cut(HAMID, "join_bees_waiting_list"))
_add("pay_subscription", "assign_mentor", cut(HAMID, "assign_mentor"))
_add("record_inspection", "report_disease", cut(DISEASE, "report_disease"))
_add("record_inspection", "lift_notice", cut(COLIN_LIFT, "lift_notice"))
_add("record_inspection", "record_treatment", BEN_TREAT)
_add("assign_swarm", "swarm_collected", cut(CALL, "swarm_collected"))
_add("assign_swarm", "unassign_swarm", CALL_OFF)
_add("swarm_collected", "rehome_swarm", CALL)
_add("join_bees_waiting_list", "rehome_swarm", HAMID)
_add("update_member", "notify_member", COLIN_CONTACT)
_add("lift_notice", "move_hive", COLIN_LIFT)

_OWN = {"sign_out": [sign_in("gwen"), ("sign_out", {"token": GWEN})],
        "bees_waiting_list": [sign_in("sue"), ("bees_waiting_list", {"token": SUE})]}


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
    ("membership_rates", cut(HAMID, "pay_subscription")),
    ("pay_subscription", cut(HAMID, "register_apiary")),
    ("mentors", HAMID),
    ("member_record", cut(HAMID_CONTACT, "update_member")),
    ("hive_record", cut(HAMID_NUC, "record_inspection")),
    ("record_inspection", HAMID_NUC),
    ("hive_record", DEREK_HEATHER),
]
