"""Scripted proofs that Bolster's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which reads the workshop's ``{"error": {...}}``
replies as refusals by itself; the tools are coroutines, so only the runtime's calls are checked).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once
every call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "nina")``) and pass ``"$nina.token"``; replies are read by field
(``"$register_customer.customer_id"``, ``"$book_collection.collection_id"``, ``"$collect_piece.piece_id"``,
``"$check_in_piece.piece_id"``, ``"$create_estimate.estimate_id"``, ``"$accept_estimate.order_id"``,
``"$order_fabric.po_id"``, ``"$send_for_treatment.batch_id"``) and list rows by position and field
(``"$find_customer.0.customer_id"``, ``"$estimates.0.estimate_id"``, ``"$orders.1.order_id"``,
``"$pieces.1.piece_id"``, ``"$van_slots.0.slot_id"``, ``"$van_schedule.0.reference"``,
``"$fabric_stock.2.on_order.0"``, ``"$fabric_stock.0.code"``, ``"$fabric_book.1.code"``,
``"$price_guide.0.code"``; the positions of codes follow ``FABRICS`` and ``WORKS``). Every id is read from a
reply; none is written literally (amounts are written where the customer pays them, and the treaters'
certificate numbers as they are printed). A step saved under a name of its own is a second call of a tool on
one path.

The day: Mr Daniel Frost registers, the van is booked to collect his grandmother's armchair tomorrow and Tom
collects it; it is priced for full reupholstery in the oatmeal linen, accepted, the deposit paid, stripped, its
frame passed, resprung, the linen reserved and sent to Flameguard and certified, upholstered on CMHR foam and
labelled, paid off, delivered (on other paths the estimate is revised to velvet, the linen released, the frame
found unsound and repaired, his e-mail changed, he is texted or sent swatches, or he brings in a footstool to be
re-covered). Mrs Hale accepts her nursing chair's estimate (or has it revised to wool), its order is read or
cancelled. Mrs Butler pays her sofa's deposit, Ray strips it and inspects the frame or resprings it, and the
linen it needs is ordered from the mill, booked in, reserved and sent for treatment (or the order is
cancelled). The wool for Mr Vance's chaise comes in, is reserved, the frame is repaired, resprung and the
chaise upholstered. The Swan's dining chairs are upholstered, labelled, paid off and booked home (or their
fabric released). Mr Osei's wingback is booked home and delivered. Tom collects Mr Vance's footstools; Ms Whitby's
headboard is priced; Sandra orders tapestry.
"""

import bolster_tools as tools

WHO = {"nina": ("nina.c", "Button-Tuft-8"), "ray": ("ray.f", "Gimp-Pin-44"), "jess": ("jess.o", "Regulator-Needle-3"),
       "tom": ("tom.g", "Luton-Van-17"), "sandra": ("sandra.g", "Chapel-Works-1987")}
N, R, T, S = "$nina.token", "$ray.token", "$tom.token", "$sandra.token"
TODAY = "2031-05-13"
TOMORROW = "2031-05-14"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def fabric(code: str, source: str = "fabric_book") -> str:
    return f"${source}.{list(tools.FABRICS).index(code)}.code"


def work(code: str) -> str:
    return f"$price_guide.{list(tools.WORKS).index(code)}.code"


NEW = "$register_customer.customer_id"
FOUND = "$find_customer.0.customer_id"
ORDER = "$accept_estimate.order_id"
LISTED = "$orders.0.order_id"

FROST = [*sign_ins("nina"),
         ("register_customer", {"token": N, "name": "Mr Daniel Frost", "phone": "07700 900119",
                                "address": "The Old Bakery, 2 Mill Street, Ellsworth EL5 3MS",
                                "email": "daniel.frost@mail.example"})]
FROST_EMAIL = FROST + [("update_customer", {"token": N, "customer_id": NEW, "email": "dan.frost@mail.example"})]
FROST_HISTORY = FROST + [("customer_history", {"token": N, "customer_id": NEW})]
FROST_SWATCHES = FROST + [("fabric_book", {}),
                          ("send_swatches", {"token": N, "customer_id": NEW,
                                             "fabric_codes": [fabric("LIN-OAT"), fabric("WOOL-HTH")]})]
FROST_TEXT = FROST + [("send_message", {"token": N, "customer_id": NEW, "channel": "sms",
                                        "text": "Ferris & Gale: our van will call for the armchair tomorrow morning."})]
FROST_DESK = FROST + [("check_in_piece", {"token": N, "customer_id": NEW, "kind": "footstool",
                                          "description": "Pine footstool with a loose cover",
                                          "condition_notes": "Cover torn; padding sound"}),
                      ("price_guide", {}), ("fabric_book", {}),
                      ("create_estimate", {"token": N, "piece_id": "$check_in_piece.piece_id",
                                           "work_code": work("RECOVER"), "fabric_code": fabric("VEL-TEAL")}),
                      ("accept_estimate", {"token": N, "estimate_id": "$create_estimate.estimate_id"}),
                      ("take_payment", {"token": N, "order_id": ORDER, "amount": 83.0, "method": "card"}),
                      *sign_ins("ray"),
                      ("strip_piece", {"token": R, "order_id": ORDER}),
                      ("reserve_fabric", {"token": R, "order_id": ORDER}),
                      ("upholster", {"token": R, "order_id": ORDER, "foam": "cmhr"})]
FROST_JOB = FROST + [
    ("van_slots", {"token": N, "date_from": TODAY}),
    ("book_collection", {"token": N, "customer_id": NEW, "slot_id": "$van_slots.0.slot_id",
                         "address": "The Old Bakery, 2 Mill Street, Ellsworth EL5 3MS",
                         "items": ["his grandmother's armchair"]}),
    *sign_ins("tom"),
    ("collect_piece", {"token": T, "collection_id": "$book_collection.collection_id", "kind": "armchair",
                       "description": "Edwardian armchair, walnut legs",
                       "condition_notes": "Seat sagging; cover worn through on the arms"}),
    ("price_guide", {}), ("fabric_book", {}),
    ("create_estimate", {"token": N, "piece_id": "$collect_piece.piece_id", "work_code": work("FULL"),
                         "fabric_code": fabric("LIN-OAT"), "notes": "Piped seat cushion"}),
    ("accept_estimate", {"token": N, "estimate_id": "$create_estimate.estimate_id"}),
    ("take_payment", {"token": N, "order_id": ORDER, "amount": 336.0, "method": "card"}, "deposit"),
    *sign_ins("ray"),
    ("strip_piece", {"token": R, "order_id": ORDER}),
    ("inspect_frame", {"token": R, "order_id": ORDER, "findings": "Joints tight; no worm", "sound": True}),
    ("respring", {"token": R, "order_id": ORDER, "spring_type": "serpentine"}),
    ("reserve_fabric", {"token": R, "order_id": ORDER}),
    ("send_for_treatment", {"token": R, "order_id": ORDER}),
    ("record_treatment", {"token": R, "batch_id": "$send_for_treatment.batch_id", "certificate_no": "FG-31/0877"}),
    ("upholster", {"token": R, "order_id": ORDER, "foam": "cmhr"}),
    ("attach_fire_label", {"token": R, "order_id": ORDER}),
    ("take_payment", {"token": N, "order_id": ORDER, "amount": 336.0, "method": "card"}, "balance"),
    ("van_slots", {"token": N, "date_from": TODAY}, "slots_home"),
    ("book_delivery", {"token": N, "order_id": ORDER, "slot_id": "$slots_home.0.slot_id"}),
    ("mark_delivered", {"token": T, "order_id": ORDER, "received_by": "Mr Daniel Frost"}),
]
FROST_REVISED = cut(FROST_JOB, "create_estimate") + [
    ("revise_estimate", {"token": N, "estimate_id": "$create_estimate.estimate_id", "fabric_code": fabric("VEL-TEAL")})]
FROST_RELEASED = cut(FROST_JOB, "reserve_fabric") + [("release_fabric", {"token": R, "order_id": ORDER})]
FROST_REPAIR = cut(FROST_JOB, "strip_piece") + [
    ("inspect_frame", {"token": R, "order_id": ORDER, "findings": "Back rail split at the joint", "sound": False}),
    ("repair_frame", {"token": R, "order_id": ORDER, "repairs": ["reglue_joints", "replace_rail"]})]

HALE = [*sign_ins("nina"), ("estimates", {"token": N, "status": "open"}),
        ("accept_estimate", {"token": N, "estimate_id": "$estimates.0.estimate_id"})]
HALE_DETAILS = HALE + [("order_details", {"token": N, "order_id": ORDER})]
HALE_OFF = HALE + [("cancel_order", {"token": N, "order_id": ORDER, "reason": "Mrs Hale has sold the chair"})]
HALE_WOOL = [*sign_ins("nina"), ("estimates", {"token": N, "status": "open"}), ("fabric_book", {}),
             ("revise_estimate", {"token": N, "estimate_id": "$estimates.0.estimate_id",
                                  "fabric_code": fabric("WOOL-HTH")})]

BUTLER = [*sign_ins("nina"), ("orders", {"token": N, "stage": "awaiting_deposit"}),
          ("take_payment", {"token": N, "order_id": LISTED, "amount": 784.0, "method": "bank_transfer"}),
          *sign_ins("ray"),
          ("strip_piece", {"token": R, "order_id": LISTED}),
          ("inspect_frame", {"token": R, "order_id": LISTED, "findings": "Sound beech frame; one loose castor",
                             "sound": True}),
          ("respring", {"token": R, "order_id": LISTED, "spring_type": "serpentine"})]
BUTLER_SPRUNG = cut(BUTLER, "strip_piece") + [("respring", {"token": R, "order_id": LISTED, "spring_type": "coil"})]
BUTLER_LINEN = cut(BUTLER, "take_payment") + [
    *sign_ins("sandra"), ("fabric_stock", {"token": S}),
    ("order_fabric", {"token": S, "fabric_code": fabric("LIN-OAT", "fabric_stock"), "metres": 10.0}),
    *sign_ins("ray"),
    ("receive_fabric", {"token": R, "po_id": "$order_fabric.po_id"}),
    ("reserve_fabric", {"token": R, "order_id": LISTED}),
    ("send_for_treatment", {"token": R, "order_id": LISTED}),
    ("record_treatment", {"token": R, "batch_id": "$send_for_treatment.batch_id", "certificate_no": "FG-31/0881"})]
BUTLER_OFF = [*sign_ins("nina"), ("orders", {"token": N, "stage": "awaiting_deposit"}),
              ("cancel_order", {"token": N, "order_id": LISTED, "reason": "Mrs Butler is moving into sheltered housing"})]

VANCE = [*sign_ins("ray"), ("fabric_stock", {"token": R}),
         ("receive_fabric", {"token": R, "po_id": "$fabric_stock.2.on_order.0"}),
         ("orders", {"token": R, "stage": "in_workshop"}),
         ("reserve_fabric", {"token": R, "order_id": "$orders.1.order_id"}),
         ("repair_frame", {"token": R, "order_id": "$orders.1.order_id", "repairs": ["reglue_joints", "corner_blocks"]}),
         ("respring", {"token": R, "order_id": "$orders.1.order_id", "spring_type": "coil"}),
         ("upholster", {"token": R, "order_id": "$orders.1.order_id", "foam": "cmhr"})]
VANCE_LISTED = [*sign_ins("ray"), ("orders", {"token": R, "stage": "in_workshop"}),
                ("repair_frame", {"token": R, "order_id": "$orders.1.order_id", "repairs": ["reglue_joints"]}),
                ("respring", {"token": R, "order_id": "$orders.1.order_id", "spring_type": "coil"})]

SWAN = [*sign_ins("ray"), ("orders", {"token": R, "stage": "in_workshop"}),
        ("upholster", {"token": R, "order_id": LISTED, "foam": "cmhr"}),
        ("attach_fire_label", {"token": R, "order_id": LISTED}),
        *sign_ins("nina"),
        ("take_payment", {"token": N, "order_id": LISTED, "amount": 282.0, "method": "bank_transfer"}),
        ("van_slots", {"token": N, "date_from": "2031-05-15"}),
        ("book_delivery", {"token": N, "order_id": LISTED, "slot_id": "$van_slots.0.slot_id"})]
SWAN_RELEASED = [*sign_ins("ray"), ("orders", {"token": R, "stage": "in_workshop"}),
                 ("release_fabric", {"token": R, "order_id": LISTED})]
SWAN_DETAILS = [*sign_ins("nina"), ("orders", {"token": N, "stage": "in_workshop"}),
                ("order_details", {"token": N, "order_id": LISTED})]

OSEI = [*sign_ins("nina"), ("orders", {"token": N, "stage": "ready"}),
        ("van_slots", {"token": N, "date_from": TODAY}),
        ("book_delivery", {"token": N, "order_id": LISTED, "slot_id": "$van_slots.0.slot_id"}),
        *sign_ins("tom"),
        ("mark_delivered", {"token": T, "order_id": LISTED, "received_by": "Mr Kwabena Osei"})]
OSEI_RUN = cut(OSEI, "book_delivery") + [
    *sign_ins("tom"), ("van_schedule", {"token": T, "date": TOMORROW}),
    ("mark_delivered", {"token": T, "order_id": "$van_schedule.0.reference", "received_by": "Mr Kwabena Osei"})]

VANCE_STOOLS = [*sign_ins("tom"), ("van_schedule", {"token": T, "date": TODAY}),
                ("collect_piece", {"token": T, "collection_id": "$van_schedule.0.reference", "kind": "footstool",
                                   "description": "Pair of Edwardian footstools, turned legs",
                                   "condition_notes": "Tapestry tops threadbare", "quantity": 2})]
VANCE_CHAIRS = [*sign_ins("nina"), ("find_customer", {"token": N, "text": "Vance"}),
                ("van_slots", {"token": N, "date_from": TODAY}),
                ("book_collection", {"token": N, "customer_id": FOUND, "slot_id": "$van_slots.0.slot_id",
                                     "address": "3 Market Hill, Ellsworth EL1 1MH",
                                     "items": ["four walnut card-table chairs"]})]
WHITBY_EMAIL = [*sign_ins("nina"), ("find_customer", {"token": N, "text": "Whitby"}),
                ("update_customer", {"token": N, "customer_id": FOUND, "email": "clare.whitby@mail.example"})]
WHITBY_SWATCHES = [*sign_ins("nina"), ("find_customer", {"token": N, "text": "Whitby"}), ("fabric_book", {}),
                   ("send_swatches", {"token": N, "customer_id": FOUND,
                                      "fabric_codes": [fabric("LIN-OAT"), fabric("TAP-FLR"), fabric("SLK-DUCK")]})]
WHITBY_STOOL = [*sign_ins("nina"), ("find_customer", {"token": N, "text": "Whitby"}),
                ("check_in_piece", {"token": N, "customer_id": FOUND, "kind": "footstool",
                                    "description": "Victorian buttoned footstool",
                                    "condition_notes": "Buttons missing; webbing gone"})]
WHITBY_HEADBOARD = [*sign_ins("nina"), ("pieces", {"token": N, "status": "in_workshop"}), ("price_guide", {}),
                    ("fabric_book", {}),
                    ("create_estimate", {"token": N, "piece_id": "$pieces.1.piece_id", "work_code": work("FULL"),
                                         "fabric_code": fabric("LIN-OAT")})]
HALE_HISTORY = [*sign_ins("nina"), ("find_customer", {"token": N, "text": "Hale"}),
                ("customer_history", {"token": N, "customer_id": FOUND})]
OSEI_TEXT = [*sign_ins("nina"), ("find_customer", {"token": N, "text": "Osei"}),
             ("send_message", {"token": N, "customer_id": FOUND, "channel": "sms",
                               "text": "Ferris & Gale: your wingback is ready; when may we bring it home?"})]
TAPESTRY = [*sign_ins("sandra"), ("fabric_book", {}),
            ("order_fabric", {"token": S, "fabric_code": fabric("TAP-FLR"), "metres": 8.0})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers
_REGISTERED = {"update_customer": FROST_EMAIL, "customer_history": FROST_HISTORY, "send_swatches": FROST_SWATCHES,
               "send_message": FROST_TEXT, "book_collection": cut(FROST_JOB, "book_collection"),
               "check_in_piece": cut(FROST_DESK, "check_in_piece")}
_FOUND = {"update_customer": WHITBY_EMAIL, "customer_history": HALE_HISTORY, "send_swatches": WHITBY_SWATCHES,
          "send_message": OSEI_TEXT, "book_collection": VANCE_CHAIRS, "check_in_piece": WHITBY_STOOL}
for _c in tools.CUSTOMER_CONSUMERS:
    _add("register_customer", _c, _REGISTERED[_c])
    _add("find_customer", _c, _FOUND[_c])

# estimates, pieces, collections
_add("create_estimate", "revise_estimate", FROST_REVISED)
_add("estimates", "revise_estimate", HALE_WOOL)
_add("create_estimate", "accept_estimate", cut(FROST_JOB, "accept_estimate"))
_add("estimates", "accept_estimate", HALE)
_add("check_in_piece", "create_estimate", cut(FROST_DESK, "create_estimate"))
_add("collect_piece", "create_estimate", cut(FROST_JOB, "create_estimate"))
_add("pieces", "create_estimate", WHITBY_HEADBOARD)
_add("book_collection", "collect_piece", cut(FROST_JOB, "collect_piece"))
_add("van_schedule", "collect_piece", VANCE_STOOLS)
_add("van_slots", "book_collection", cut(FROST_JOB, "book_collection"))
_add("van_slots", "book_delivery", cut(OSEI, "book_delivery"))

# orders
_ACCEPTED = {"order_details": HALE_DETAILS, "take_payment": cut(FROST_JOB, "deposit"), "cancel_order": HALE_OFF,
             "reserve_fabric": cut(FROST_JOB, "reserve_fabric"), "release_fabric": FROST_RELEASED,
             "send_for_treatment": cut(FROST_JOB, "send_for_treatment"), "strip_piece": cut(FROST_JOB, "strip_piece"),
             "inspect_frame": cut(FROST_JOB, "inspect_frame"), "repair_frame": FROST_REPAIR,
             "respring": cut(FROST_JOB, "respring"), "upholster": cut(FROST_JOB, "upholster"),
             "attach_fire_label": cut(FROST_JOB, "attach_fire_label"), "book_delivery": cut(FROST_JOB, "book_delivery")}
_LISTED_ORDERS = {"order_details": SWAN_DETAILS, "take_payment": cut(BUTLER, "take_payment"),
                  "cancel_order": BUTLER_OFF, "reserve_fabric": cut(VANCE, "reserve_fabric"),
                  "release_fabric": SWAN_RELEASED, "send_for_treatment": cut(BUTLER_LINEN, "send_for_treatment"),
                  "strip_piece": cut(BUTLER, "strip_piece"), "inspect_frame": cut(BUTLER, "inspect_frame"),
                  "repair_frame": cut(VANCE_LISTED, "repair_frame"), "respring": VANCE_LISTED,
                  "upholster": cut(SWAN, "upholster"), "attach_fire_label": cut(SWAN, "attach_fire_label"),
                  "book_delivery": cut(OSEI, "book_delivery")}
for _c in tools.ORDER_CONSUMERS:
    _add("accept_estimate", _c, _ACCEPTED[_c])
    _add("orders", _c, _LISTED_ORDERS[_c])
_add("accept_estimate", "mark_delivered", FROST_JOB)
_add("orders", "mark_delivered", OSEI)
_add("van_schedule", "mark_delivered", OSEI_RUN)

# fabric: mill orders, treatment
_add("order_fabric", "receive_fabric", cut(BUTLER_LINEN, "receive_fabric"))
_add("fabric_stock", "receive_fabric", cut(VANCE, "receive_fabric"))
_add("send_for_treatment", "record_treatment", BUTLER_LINEN)

# vocabularies
_add("price_guide", "create_estimate", cut(FROST_DESK, "create_estimate"))
_add("fabric_book", "create_estimate", WHITBY_HEADBOARD)
_add("fabric_book", "revise_estimate", HALE_WOOL)
_add("fabric_book", "send_swatches", WHITBY_SWATCHES)
_add("fabric_book", "order_fabric", TAPESTRY)
_add("fabric_stock", "order_fabric", cut(BUTLER_LINEN, "order_fabric"))

# states
_add("take_payment", "strip_piece", cut(BUTLER, "strip_piece"))
_add("take_payment", "reserve_fabric", cut(BUTLER_LINEN, "reserve_fabric"))
_add("take_payment", "book_delivery", SWAN)
_add("strip_piece", "inspect_frame", cut(BUTLER, "inspect_frame"))
_add("strip_piece", "respring", BUTLER_SPRUNG)
_add("strip_piece", "upholster", FROST_DESK)
_add("inspect_frame", "repair_frame", FROST_REPAIR)
_add("inspect_frame", "upholster", cut(FROST_JOB, "upholster"))
_add("repair_frame", "upholster", VANCE)
_add("respring", "upholster", cut(FROST_JOB, "upholster"))
_add("reserve_fabric", "upholster", cut(VANCE, "upholster"))
_add("record_treatment", "upholster", cut(FROST_JOB, "upholster"))
_add("receive_fabric", "reserve_fabric", cut(VANCE, "reserve_fabric"))
_add("reserve_fabric", "send_for_treatment", cut(FROST_JOB, "send_for_treatment"))
_add("reserve_fabric", "release_fabric", FROST_RELEASED)
_add("upholster", "attach_fire_label", cut(SWAN, "attach_fire_label"))
_add("attach_fire_label", "book_delivery", SWAN)
_add("book_delivery", "mark_delivered", OSEI)

_OWN = {"sign_out": [sign_in("jess"), ("sign_out", {"token": "$jess.token"})],
        "fabric_stock": [sign_in("ray"), ("fabric_stock", {"token": R})]}


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
    # the price guide is read before Ms Whitby's swatches go out; swatches name fabrics only
    ("price_guide", [*sign_ins("nina"), ("find_customer", {"token": N, "text": "Whitby"}), ("price_guide", {}),
                     ("fabric_book", {}),
                     ("send_swatches", {"token": N, "customer_id": FOUND,
                                        "fabric_codes": [fabric("LIN-OAT"), fabric("TAP-FLR")]})]),
    # Ms Whitby's history is read before her e-mail address is added
    ("customer_history", [*sign_ins("nina"), ("find_customer", {"token": N, "text": "Whitby"}),
                          ("customer_history", {"token": N, "customer_id": FOUND}),
                          ("update_customer", {"token": N, "customer_id": FOUND,
                                               "email": "clare.whitby@mail.example"})]),
    # the fabric shelves are read before Mrs Butler's sofa is stripped
    ("fabric_stock", cut(BUTLER, "take_payment") + [*sign_ins("ray"), ("fabric_stock", {"token": R}),
                                                    ("strip_piece", {"token": R, "order_id": LISTED})]),
    # the Swan's order is read in full before its fire label goes in
    ("order_details", [*sign_ins("ray"), ("orders", {"token": R, "stage": "in_workshop"}),
                       ("upholster", {"token": R, "order_id": LISTED, "foam": "cmhr"}),
                       ("order_details", {"token": R, "order_id": LISTED}),
                       ("attach_fire_label", {"token": R, "order_id": LISTED})]),
    # today's van run is read before Mr Osei's delivery is booked
    ("van_schedule", [*sign_ins("nina"), ("orders", {"token": N, "stage": "ready"}),
                      ("van_schedule", {"token": N, "date": TODAY}), ("van_slots", {"token": N, "date_from": TODAY}),
                      ("book_delivery", {"token": N, "order_id": LISTED, "slot_id": "$van_slots.0.slot_id"})]),
    # the pieces in the workshop are read before Mrs Hale's estimate is accepted
    ("pieces", [*sign_ins("nina"), ("pieces", {"token": N, "status": "in_workshop"}),
                ("estimates", {"token": N, "status": "open"}),
                ("accept_estimate", {"token": N, "estimate_id": "$estimates.0.estimate_id"})]),
    # the estimates are read before the chaise's frame is repaired
    ("estimates", [*sign_ins("ray"), ("estimates", {"token": R}), ("orders", {"token": R, "stage": "in_workshop"}),
                   ("repair_frame", {"token": R, "order_id": "$orders.1.order_id", "repairs": ["reglue_joints"]})]),
]
