"""Scripted proofs that Packhorse's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools and, given
``FAILURE``, records the returned ``{"succeeded": false, ...}`` results as rejected).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff log in
by first name (``("login", {...}, "sam")``) and pass the bare token whole (``"$sam"``); dicts are read by
key (``"$open_claim.claim_id"``), rows by position (``"$move_diary.0.0"``, ``"$find_enquiry.0.0"``,
``"$price_guide.3.0"``, ``"$fleet_board.3.0"``, ``"$crew_board.2.0"``, ``"$materials_list.1.0"``), the
bare list of free survey times by position (``"$survey_slots.0"``). Numbers a tool only returns inside a
sentence are written literally: a fresh state's first new enquiry ``EN-6131`` and, from it, survey
``SU-6131``, quote ``QT-6131-1`` and move ``MV-6131``; the day's first
damage report ``DR-0871``, storage ``ST-0412`` and the Okonjos' invoice ``IN-6102``. Each follows from
its own counter or enquiry and none exists without its call. The price guide by code is DISMANTLE,
PACK-FRAGILE, PARK-SUSP, PIANO, SHUTTLE, STORE-WK, WAIT-HR; the materials BOX-BOOK, BOX-LARGE,
MATT-BAG, PAPER, TAPE, WARDROBE; the vans WD19 LUT, WD21 BOX, WD66 PAN, WD70 TRN; the crews C1-C3.

The day's work: Mrs Eleanor Marsh's enquiry taken, her e-mail changed, a home survey booked, two rooms
and both ends recorded, the survey completed, a pack-and-move quote with full-value cover and the
piano, beds added (and taken off again on another path), sent, accepted for Friday 14 June, her deposit
taken, a van and a crew allocated, the permit-zone suspension applied for, boxes sent, the sheet
printed and the move confirmed (postponed and cancelled on other paths); Gareth Lloyd's enquiry found,
dated and given a video survey; Mr Penrose's June move planned, confirmed, postponed or cancelled; the
Okonjos' move started, an hour and a half lost waiting for the keys, a sideboard chipped and claimed
for, two containers put into store and booked out for next week, the move signed off, invoiced and part
paid; Ms Raman's move given a crew, confirmed and started.
"""

import packhorse_tools as tools

WHO = {"sam": ("sam.w", "Tea-Chest-77"), "colin": ("colin.d", "Cubic-Feet-1200"), "bex": ("bex.a", "Tail-Lift-42"),
       "jo": ("jo.w", "Luton-Box-9")}
SAM, COLIN, BEX, JO = "$sam", "$colin", "$bex", "$jo"
EN, SU, QT, MV = "EN-6131", "SU-6131", "QT-6131-1", "MV-6131"
JUNE_14, JUNE_7 = "2030-06-14", "2030-06-07"
PRICES, MATERIALS = ("price_guide", {}), ("materials_list", {})


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("login", {"username": user, "password": password}, who)


def logins(*who: str) -> list:
    return [login(w) for w in who]


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def eleanor(upto: str) -> list:
    """Mrs Marsh's move from Leckhampton to Cirencester, from her first call to a confirmed move."""
    return cut([
        *logins("sam", "colin"),
        PRICES, MATERIALS,
        ("new_enquiry", {"token": SAM, "name": "Mrs Eleanor Marsh", "phone": "07700 900431",
                         "email": "eleanor.marsh@mail.example", "from_postcode": "GL53 0LT", "to_postcode": "GL7 2DE",
                         "move_date": JUNE_14}),
        ("update_enquiry", {"token": SAM, "enquiry_id": EN, "email": "eleanor@marsh-family.example"}),
        ("survey_slots", {"token": SAM, "day": "2030-05-27"}),
        ("book_survey", {"token": SAM, "enquiry_id": EN, "day": "2030-05-27", "time": "$survey_slots.0", "mode": "home"}),
        ("record_room", {"token": COLIN, "survey_id": SU, "room": "Lounge", "cubic_feet": 320,
                         "items": ["three-seat sofa", "upright piano", "oak bookcase"]}),
        ("record_room", {"token": COLIN, "survey_id": SU, "room": "Kitchen", "cubic_feet": 180, "fragile": True},
         "kitchen"),
        ("record_access", {"token": COLIN, "survey_id": SU, "end": "collection", "floor": 0, "lift": False,
                           "parking": "street", "carry_metres": 10}),
        ("record_access", {"token": COLIN, "survey_id": SU, "end": "delivery", "floor": 0, "lift": False,
                           "parking": "permit_zone", "carry_metres": 15}, "delivery_end"),
        ("complete_survey", {"token": COLIN, "survey_id": SU}),
        ("prepare_quote", {"token": SAM, "survey_id": SU, "service": "pack_and_move", "cover": "full_value"}),
        ("add_quote_extra", {"token": SAM, "quote_id": QT, "code": "$price_guide.3.0", "quantity": 1}),
        ("quote_detail", {"token": SAM, "quote_id": QT}),
        ("send_quote", {"token": SAM, "quote_id": QT, "channel": "email"}),
        ("accept_quote", {"token": SAM, "quote_id": QT, "accepted_by": "Eleanor Marsh", "move_date": JUNE_14}),
        ("take_deposit", {"token": SAM, "move_id": MV, "amount": 400.0, "method": "card"}),
        ("fleet_board", {"token": SAM, "day": JUNE_14}),
        ("allocate_van", {"token": SAM, "move_id": MV, "registration": "$fleet_board.3.0"}),
        ("crew_board", {"token": SAM, "day": JUNE_14}),
        ("allocate_crew", {"token": SAM, "move_id": MV, "crew_id": "$crew_board.0.0"}),
        ("apply_parking_suspension", {"token": SAM, "move_id": MV, "end": "delivery", "bays": 2}),
        ("deliver_materials", {"token": SAM, "move_id": MV,
                               "items": ["$materials_list.0.0", "$materials_list.1.0", "$materials_list.3.0"]}),
        ("move_sheet", {"token": SAM, "move_id": MV}),
        ("confirm_move", {"token": SAM, "move_id": MV}),
    ], upto)


ELEANOR_BEDS = [*eleanor("add_quote_extra"),
                ("add_quote_extra", {"token": SAM, "quote_id": QT, "code": "$price_guide.0.0", "quantity": 3}, "beds"),
                ("remove_quote_extra", {"token": SAM, "quote_id": QT, "code": "$price_guide.0.0"})]
ELEANOR_POSTPONE = [*eleanor("take_deposit"),
                    ("postpone_move", {"token": SAM, "move_id": MV, "new_date": "2030-06-21",
                                       "reason": "Completion moved back a week by the buyer's solicitor"})]
ELEANOR_CANCEL = [*eleanor("accept_quote"),
                  ("cancel_move", {"token": SAM, "move_id": MV, "reason": "Mrs Marsh's sale fell through"})]

LLOYD = [*logins("sam"), ("find_enquiry", {"token": SAM, "text": "Lloyd"}),
         ("update_enquiry", {"token": SAM, "enquiry_id": "$find_enquiry.0.0", "move_date": "2030-07-05"}),
         ("survey_slots", {"token": SAM, "day": "2030-05-27"}),
         ("book_survey", {"token": SAM, "enquiry_id": "$find_enquiry.0.0", "day": "2030-05-27",
                          "time": "$survey_slots.1", "mode": "video"})]

P_MOVE = "$move_diary.0.0"


def penrose(upto: str) -> list:
    """Mr Penrose's move on Friday 7 June to Tewkesbury: deposit, van, crew, suspension, boxes, confirmed."""
    return cut([
        *logins("sam"),
        MATERIALS,
        ("move_diary", {"token": SAM, "day": JUNE_7}),
        ("take_deposit", {"token": SAM, "move_id": P_MOVE, "amount": 400.0, "method": "bank_transfer"}),
        ("fleet_board", {"token": SAM, "day": JUNE_7}),
        ("allocate_van", {"token": SAM, "move_id": P_MOVE, "registration": "$fleet_board.0.0"}),
        ("crew_board", {"token": SAM, "day": JUNE_7}),
        ("allocate_crew", {"token": SAM, "move_id": P_MOVE, "crew_id": "$crew_board.0.0"}),
        ("apply_parking_suspension", {"token": SAM, "move_id": P_MOVE, "end": "delivery", "bays": 2}),
        ("deliver_materials", {"token": SAM, "move_id": P_MOVE, "items": ["$materials_list.1.0", "$materials_list.4.0"]}),
        ("move_sheet", {"token": SAM, "move_id": P_MOVE}),
        ("confirm_move", {"token": SAM, "move_id": P_MOVE}),
    ], upto)


PENROSE_POSTPONE = [*logins("sam"), ("move_diary", {"token": SAM, "day": JUNE_7}),
                    ("postpone_move", {"token": SAM, "move_id": P_MOVE, "new_date": "2030-06-28",
                                       "reason": "Chain delay: his buyer's mortgage offer is late"})]
PENROSE_CANCEL = [*logins("sam"), ("move_diary", {"token": SAM, "day": JUNE_7}),
                  ("cancel_move", {"token": SAM, "move_id": P_MOVE, "reason": "Mr Penrose has withdrawn his house sale"})]

O_MOVE = "$move_diary.0.0"


def okonjo(upto: str) -> list:
    """The Okonjos' completion day: started, a wait for the keys, a chipped sideboard, goods into store."""
    return cut([
        *logins("bex", "sam", "jo"),
        ("move_diary", {"token": BEX}),
        ("start_move", {"token": BEX, "move_id": O_MOVE}),
        ("record_waiting", {"token": BEX, "move_id": O_MOVE, "hours": 1.5,
                            "reason": "Buyers' solicitor did not release the keys until 11:30"}),
        ("record_damage", {"token": BEX, "move_id": O_MOVE, "item": "Oak sideboard",
                           "description": "Corner chipped against the door frame at the new house"}),
        ("put_into_store", {"token": BEX, "move_id": O_MOVE, "containers": 2, "weeks": 4}),
        ("complete_move", {"token": BEX, "move_id": O_MOVE, "signed_by": "Chidi Okonjo"}),
        ("final_invoice", {"token": SAM, "move_id": O_MOVE}),
        ("take_payment", {"token": SAM, "invoice_id": "IN-6102", "amount": 1000.0, "method": "card"}),
        ("open_claim", {"token": SAM, "damage_id": "DR-0871", "amount": 180.0}),
        ("settle_claim", {"token": JO, "claim_id": "$open_claim.claim_id", "offer": 150.0,
                          "note": "The French polisher's quote for the repair"}),
        ("deliver_from_store", {"token": SAM, "storage_id": "ST-0412", "day": "2030-05-31"}),
    ], upto)


RAMAN = [*logins("sam", "bex"), ("move_diary", {"token": SAM}),
         ("crew_board", {"token": SAM, "day": "2030-05-24"}),
         ("allocate_crew", {"token": SAM, "move_id": "$move_diary.1.0", "crew_id": "$crew_board.2.0"}),
         ("confirm_move", {"token": SAM, "move_id": "$move_diary.1.0"}),
         ("start_move", {"token": BEX, "move_id": "$move_diary.1.0"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# enquiries, surveys, quotes
_add("new_enquiry", "update_enquiry", eleanor("update_enquiry"))
_add("find_enquiry", "update_enquiry", cut(LLOYD, "update_enquiry"))
_add("new_enquiry", "book_survey", eleanor("book_survey"))
_add("find_enquiry", "book_survey", cut(LLOYD, "book_survey"))
for _c in tools.SURVEY_CONSUMERS:
    _add("book_survey", _c, eleanor(_c))
for _c in tools.QUOTE_CONSUMERS:
    _add("prepare_quote", _c, ELEANOR_BEDS if _c == "remove_quote_extra" else eleanor(_c))

# moves
_BOOKED = {"postpone_move": ELEANOR_POSTPONE, "cancel_move": ELEANOR_CANCEL}
_LISTED = {"postpone_move": PENROSE_POSTPONE, "cancel_move": PENROSE_CANCEL}
for _c in tools.BOOKED_CONSUMERS:
    _add("accept_quote", _c, _BOOKED.get(_c) or eleanor(_c))
    _add("move_diary", _c, _LISTED.get(_c) or penrose(_c))
for _c in tools.DAY_CONSUMERS:
    _add("move_diary", _c, okonjo(_c))
_add("record_damage", "open_claim", okonjo("open_claim"))
_add("open_claim", "settle_claim", okonjo("settle_claim"))
_add("final_invoice", "take_payment", okonjo("take_payment"))
_add("put_into_store", "deliver_from_store", okonjo("deliver_from_store"))

# vocabularies
_add("survey_slots", "book_survey", eleanor("book_survey"))
_add("price_guide", "add_quote_extra", eleanor("add_quote_extra"))
_add("materials_list", "deliver_materials", eleanor("deliver_materials"))
_add("fleet_board", "allocate_van", eleanor("allocate_van"))
_add("crew_board", "allocate_crew", eleanor("allocate_crew"))

# states
_add("record_room", "complete_survey", eleanor("complete_survey"))
_add("record_access", "complete_survey", eleanor("complete_survey"))
_add("complete_survey", "prepare_quote", eleanor("prepare_quote"))
_add("add_quote_extra", "remove_quote_extra", ELEANOR_BEDS)
_add("send_quote", "accept_quote", eleanor("accept_quote"))
_add("take_deposit", "confirm_move", eleanor("confirm_move"))
_add("allocate_van", "confirm_move", eleanor("confirm_move"))
_add("allocate_crew", "confirm_move", eleanor("confirm_move"))
_add("apply_parking_suspension", "confirm_move", eleanor("confirm_move"))
_add("confirm_move", "start_move", RAMAN)
for _c in ("record_waiting", "record_damage", "put_into_store", "complete_move"):
    _add("start_move", _c, okonjo(_c))
_add("complete_move", "final_invoice", okonjo("final_invoice"))

_OWN = {"logout": [login("sam"), ("logout", {"token": SAM})]}


def _auth_proofs() -> list:
    """A log-in proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "login":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("login", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("price_guide", eleanor("update_enquiry")),
    ("materials_list", eleanor("book_survey")),
    ("quote_detail", eleanor("send_quote")),
    ("move_sheet", penrose("confirm_move")),
    ("deliver_materials", penrose("confirm_move")),
    ("fleet_board", [*okonjo("move_diary"), ("fleet_board", {"token": BEX, "day": "2030-05-24"}),
                     ("start_move", {"token": BEX, "move_id": O_MOVE})]),
    ("record_waiting", okonjo("complete_move")),
]
