"""Scripted proofs that Pomace's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records the ``CellarError`` the tools raise as an
error; the replies are pydantic models, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "jonah")``) and pass ``"$jonah.token"``; replies are read by field (``"$register_customer.customer_id"``,
``"$book_tasting.booking_id"``, ``"$join_club.membership_id"``, ``"$schedule_bottling.run_id"``,
``"$allocate_wine.allocation_id"``, ``"$build_shipment.shipment_id"``, ``"$start_sale.sale_id"``), list entries by
position and field (``"$find_customer.0.customer_id"``, ``"$tasting_slots.1.slot_id"``,
``"$tasting_bookings.0.booking_id"``, ``"$club_members.0.membership_id"``, ``"$lots.1.lot_id"``,
``"$bottling_runs.0.run_id"``, ``"$allocations.0.allocation_id"``, ``"$shipments.0.shipment_id"``,
``"$wine_list.5.code"``) and rows of lists by position (``"$customer_file.sales.0.0"``, a sale id). The positions follow
the fresh state's order of records by id (filtered as each call asks) and of ``WINES``. Every id, slot and wine code is
read from a reply; none is written literally (names, e-mail addresses, phone numbers, addresses, postcodes, ID
documents and dates of birth, cardholders, card digits and expiries, party sizes, notes, tiers, deliveries, pause
dates, analyses, bottling dates, bottle counts, closures, payment methods, subjects, bodies and reasons are written as
the staff are told them). A step saved under a name of its own is a second call of a tool on one path.

The day: Mr Tobias Renwick registers at the cellar door; Jonah checks his driving licence, takes his card and signs
him up as a collector, shipped; Harriet allocates him two Blanc de Blancs and builds and charges his first shipment
around them, and Dale sends it out; on other paths his allocation is released, his membership moves to the cellar tier,
is paused and resumed, or cancelled; he books this afternoon's sparkling tasting for two and is checked in, or cancels;
he buys two bottles of the Classic Cuvee and returns them; his phone changes, he is e-mailed, his file is read. Mrs
Meena Castellan's age is checked and she is checked in for this morning's tasting. Matthieu records the Pinot Noir
2033's analysis, books it on the line for today and bottles it, and Harriet allocates two to Mr Graham Pembury; the
Chardonnay 2033's run is bottled and Mr Alun Jeffries buys some. Mrs Hilary Trevaskis's new card goes on file and her
shipment is charged. Mr Jeffries's e-mail changes, he moves to the cellar tier, his discovery shipment is built, he
opens a sale, his tasting tomorrow is cancelled and his charged shipment is set aside. Ms Dana Kilbride's file is
read, her rose is refunded, she books a tour and joins the club. Mr Pembury is e-mailed, paused and allocated two Blanc
de Blancs; Dr Nkechi Obiora is resumed or cancelled; Mr Pembury's earlier allocation is released; the 2033 lots are
read.
"""

import pomace_tools as tools

WHO = {"jonah": ("jonah.k", "Tasting-Room-6"), "rosa": ("rosa.l", "Spittoon-22"),
       "harriet": ("harriet.v", "Club-Case-12"), "matthieu": ("matthieu.g", "Malo-Lactic-9"),
       "dale": ("dale.p", "Pallet-Wrap-4"), "sophie": ("sophie.m", "Chalk-Slope-1987")}
J, RO, H, M, D = "$jonah.token", "$rosa.token", "$harriet.token", "$matthieu.token", "$dale.token"
TODAY = "2034-10-07"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(text: str, who: str = "jonah") -> list:
    return [sign_in(who), ("find_customer", {"token": f"${who}.token", "text": text})]


FOUND = "$find_customer.0.customer_id"
TOBIAS = "$register_customer.customer_id"
HIS = "$join_club.membership_id"
MEMBER = "$club_members.0.membership_id"
BAC, ROS, CHD, PN, CUV, BDB = (f"$wine_list.{i}.code" for i in range(6))

# Mr Tobias Renwick, a new customer at the cellar door
T = [sign_in("jonah"),
     ("register_customer", {"token": J, "name": "Mr Tobias Renwick", "email": "tobias.renwick@example.com",
                            "phone": "07700 970240", "address": "8 Ropewalk Court, Barnsworth", "postcode": "BW3 1TY"})]
VERIFY = ("verify_age", {"token": J, "customer_id": TOBIAS, "document": "driving_licence",
                         "date_of_birth": "1986-03-09"})
T_UPDATE = T + [("update_customer", {"token": J, "customer_id": TOBIAS, "phone": "07700 970249"})]
T_FILE = T + [("customer_file", {"token": J, "customer_id": TOBIAS})]
T_EMAIL = T + [("email_customer", {"token": J, "customer_id": TOBIAS, "subject": "Welcome to Ellerdown",
                                   "body": "Thank you for visiting the cellar door; your club welcome pack will follow "
                                           "by post."})]
T_VERIFY = T + [VERIFY]
T_CARD = T + [("add_card", {"token": J, "customer_id": TOBIAS, "cardholder": "T J Renwick", "last4": "4417",
                            "expiry": "11/37"})]
T_BOOK = T + [("tasting_slots", {"date": TODAY}),
              ("book_tasting", {"token": J, "slot_id": "$tasting_slots.1.slot_id", "customer_id": TOBIAS,
                                "guests": 2, "notes": "His partner does not eat shellfish"})]
T_CANCEL = T_BOOK + [("cancel_tasting", {"token": J, "booking_id": "$book_tasting.booking_id",
                                         "reason": "They have to be home for the dog by four"})]
T_CHECKIN = T_VERIFY + T_BOOK[2:] + [("check_in_tasting", {"token": J, "booking_id": "$book_tasting.booking_id"})]
T_JOIN = T_VERIFY + T_CARD[2:] + [("join_club", {"token": J, "customer_id": TOBIAS, "tier": "collector",
                                                 "delivery": "ship"})]
T_TIER = T_JOIN + [sign_in("harriet"), ("change_tier", {"token": H, "membership_id": HIS, "tier": "cellar"})]
T_PAUSE = T_JOIN + [sign_in("harriet"), ("pause_membership", {"token": H, "membership_id": HIS,
                                                              "until": "2034-12-31"})]
T_RESUME = T_PAUSE + [("resume_membership", {"token": H, "membership_id": HIS})]
T_CANCEL_CLUB = T_JOIN + [sign_in("harriet"),
                          ("cancel_membership", {"token": H, "membership_id": HIS,
                                                 "reason": "Signed up for the wrong tier by mistake"})]
T_ALLOC = T_JOIN + [sign_in("harriet"), ("wine_list", {}),
                    ("allocate_wine", {"token": H, "membership_id": HIS, "wine_code": BDB, "bottles": 2})]
T_RELEASE = T_ALLOC + [("release_allocation", {"token": H, "allocation_id": "$allocate_wine.allocation_id"})]
T_SHIP = T_ALLOC + [("build_shipment", {"token": H, "membership_id": HIS,
                                        "wines": [BDB, BDB, CUV, CUV, CUV, CUV, BAC, BAC, BAC, ROS, ROS, ROS]})]
T_CHARGE = T_SHIP + [("charge_shipment", {"token": H, "shipment_id": "$build_shipment.shipment_id"})]
T_DISPATCH = T_CHARGE + [sign_in("dale"), ("dispatch_shipment", {"token": D,
                                                                  "shipment_id": "$build_shipment.shipment_id"})]
T_SALE = T_VERIFY + [("start_sale", {"token": J, "customer_id": TOBIAS}), ("wine_list", {}),
                     ("add_to_sale", {"token": J, "sale_id": "$start_sale.sale_id", "wine_code": CUV, "bottles": 2}),
                     ("take_payment", {"token": J, "sale_id": "$start_sale.sale_id", "method": "card"})]
T_REFUND = T_SALE + [("refund_sale", {"token": J, "sale_id": "$start_sale.sale_id",
                                      "reason": "Bought the wrong wine for a wedding present"})]

# the regulars in the fresh state: CU-2201 Trevaskis, CU-2202 Jeffries, CU-2203 Kilbride, CU-2204 Pembury,
# CU-2205 Obiora, CU-2206 Aston, CU-2207 Castellan; memberships CM-301 Trevaskis (cellar), CM-302 Jeffries
# (discovery, collects), CM-303 Pembury (collector), CM-304 Obiora (collector, paused)
JEFFRIES_UPDATE = find("Jeffries") + [("update_customer", {"token": J, "customer_id": FOUND,
                                                           "email": "alun.jeffries@example.com"})]
WHITFIELD_FILE = find("Kilbride") + [("customer_file", {"token": J, "customer_id": FOUND})]
WHITFIELD_REFUND = WHITFIELD_FILE + [("refund_sale", {"token": J, "sale_id": "$customer_file.sales.0.0",
                                                      "reason": "One bottle of the rose was corked"})]
WHITFIELD_BOOK = find("Kilbride") + [("tasting_slots", {"date": TODAY}),
                                      ("book_tasting", {"token": J, "slot_id": "$tasting_slots.2.slot_id",
                                                        "customer_id": FOUND, "guests": 4})]
WHITFIELD_JOIN = find("Kilbride") + [("join_club", {"token": J, "customer_id": FOUND, "tier": "discovery",
                                                     "delivery": "collect"})]
PEMBURY_EMAIL = find("Pembury", "harriet") + [("email_customer", {"token": H, "customer_id": FOUND,
                                                                   "subject": "Your membership while you are away",
                                                                   "body": "We have paused your membership until "
                                                                           "the end of March; enjoy the trip."})]
CASTELLAN = find("Castellan") + [("verify_age", {"token": J, "customer_id": FOUND, "document": "passport",
                                                 "date_of_birth": "1979-02-27"})]
CASTELLAN_IN = CASTELLAN + [("tasting_bookings", {"token": J, "date": TODAY}),
                            ("check_in_tasting", {"token": J, "booking_id": "$tasting_bookings.0.booking_id"})]
JEFFRIES_TASTING_OFF = [sign_in("jonah"), ("tasting_bookings", {"token": J, "date": "2034-10-08"}),
                        ("cancel_tasting", {"token": J, "booking_id": "$tasting_bookings.0.booking_id",
                                            "reason": "Working that Sunday after all"})]
PENHALIGON_CARD = find("Trevaskis", "harriet") + [("add_card", {"token": H, "customer_id": FOUND,
                                                                 "cardholder": "H Trevaskis", "last4": "9034",
                                                                 "expiry": "05/38"})]
PENHALIGON_CHARGE = PENHALIGON_CARD + [("shipments", {"token": H, "status": "draft"}),
                                       ("charge_shipment", {"token": H, "shipment_id": "$shipments.0.shipment_id"})]
JEFFRIES_SALE = find("Jeffries") + [("start_sale", {"token": J, "customer_id": FOUND})]
JEFFRIES_SET_ASIDE = [sign_in("dale"), ("shipments", {"token": D, "status": "charged"}),
                      ("dispatch_shipment", {"token": D, "shipment_id": "$shipments.0.shipment_id"})]
DISCOVERY = [sign_in("harriet"), ("club_members", {"token": H, "tier": "discovery"})]
JEFFRIES_TIER = DISCOVERY + [("change_tier", {"token": H, "membership_id": MEMBER, "tier": "cellar"})]
JEFFRIES_SHIP = DISCOVERY + [("wine_list", {}),
                             ("build_shipment", {"token": H, "membership_id": MEMBER,
                                                 "wines": [BAC, BAC, ROS, ROS, CUV, CUV]})]
COLLECTORS = [sign_in("harriet"), ("club_members", {"token": H, "tier": "collector", "status": "active"})]
PEMBURY_PAUSE = COLLECTORS + [("pause_membership", {"token": H, "membership_id": MEMBER, "until": "2035-03-31"})]
PEMBURY_ALLOC = COLLECTORS + [("wine_list", {}),
                              ("allocate_wine", {"token": H, "membership_id": MEMBER, "wine_code": BDB,
                                                 "bottles": 2})]
PAUSED = [sign_in("harriet"), ("club_members", {"token": H, "status": "paused"})]
ADEBAYO_RESUME = PAUSED + [("resume_membership", {"token": H, "membership_id": MEMBER})]
ADEBAYO_CANCEL = PAUSED + [("cancel_membership", {"token": H, "membership_id": MEMBER,
                                                  "reason": "Moving to Singapore for work"})]
PEMBURY_RELEASE = [sign_in("harriet"), ("allocations", {"token": H}),
                   ("release_allocation", {"token": H, "allocation_id": "$allocations.0.allocation_id"})]

# the cellar: lots LT-3301 Bacchus 2033 (bottled), LT-3302 Chardonnay 2033 and LT-3305 Pinot Noir 2033 (maturing),
# LT-3401 and LT-3402 (fermenting); run BR-71 (the Chardonnay, today) scheduled
LOTS_2033 = [sign_in("matthieu"), ("lots", {"token": M, "vintage": 2033}),
             ("lot_detail", {"token": M, "lot_id": "$lots.2.lot_id"})]
PINOT = [sign_in("matthieu"), ("lots", {"token": M, "status": "maturing"}),
         ("record_analysis", {"token": M, "lot_id": "$lots.1.lot_id", "alcohol": 12.5, "free_so2": 32.0, "ph": 3.45}),
         ("schedule_bottling", {"token": M, "lot_id": "$lots.1.lot_id", "date": TODAY, "bottles": 1800,
                                "closure": "cork"})]
PINOT_BOTTLED = PINOT + [("complete_bottling", {"token": M, "run_id": "$schedule_bottling.run_id",
                                                "bottles_filled": 1788})]
PINOT_ALLOC = PINOT_BOTTLED + COLLECTORS + [("wine_list", {}),
                                            ("allocate_wine", {"token": H, "membership_id": MEMBER, "wine_code": PN,
                                                               "bottles": 2})]
CHARDONNAY = [sign_in("matthieu"), ("bottling_runs", {"token": M, "scheduled_only": True}),
              ("complete_bottling", {"token": M, "run_id": "$bottling_runs.0.run_id", "bottles_filled": 1190})]
CHARDONNAY_SALE = CHARDONNAY + JEFFRIES_SALE + [
    ("wine_list", {}), ("add_to_sale", {"token": J, "sale_id": "$start_sale.sale_id", "wine_code": CHD, "bottles": 6})]

_BODY = [
    # customers
    ("register_customer", "update_customer", T_UPDATE),
    ("find_customer", "update_customer", JEFFRIES_UPDATE),
    ("register_customer", "customer_file", T_FILE),
    ("find_customer", "customer_file", WHITFIELD_FILE),
    ("register_customer", "email_customer", T_EMAIL),
    ("find_customer", "email_customer", PEMBURY_EMAIL),
    ("register_customer", "verify_age", T_VERIFY),
    ("find_customer", "verify_age", CASTELLAN),
    ("register_customer", "add_card", T_CARD),
    ("find_customer", "add_card", PENHALIGON_CARD),
    # tastings
    ("register_customer", "book_tasting", T_BOOK),
    ("find_customer", "book_tasting", WHITFIELD_BOOK),
    ("tasting_slots", "book_tasting", T_BOOK),
    ("book_tasting", "check_in_tasting", T_CHECKIN),
    ("tasting_bookings", "check_in_tasting", CASTELLAN_IN),
    ("verify_age", "check_in_tasting", T_CHECKIN),
    ("book_tasting", "cancel_tasting", T_CANCEL),
    ("tasting_bookings", "cancel_tasting", JEFFRIES_TASTING_OFF),
    # the club
    ("register_customer", "join_club", T_JOIN),
    ("find_customer", "join_club", WHITFIELD_JOIN),
    ("verify_age", "join_club", T_JOIN),
    ("add_card", "join_club", T_JOIN),
    ("join_club", "change_tier", T_TIER),
    ("club_members", "change_tier", JEFFRIES_TIER),
    ("join_club", "pause_membership", T_PAUSE),
    ("club_members", "pause_membership", PEMBURY_PAUSE),
    ("join_club", "resume_membership", T_RESUME),
    ("club_members", "resume_membership", ADEBAYO_RESUME),
    ("pause_membership", "resume_membership", T_RESUME),
    ("join_club", "cancel_membership", T_CANCEL_CLUB),
    ("club_members", "cancel_membership", ADEBAYO_CANCEL),
    # the cellar
    ("lots", "lot_detail", LOTS_2033),
    ("lots", "record_analysis", cut(PINOT, "record_analysis")),
    ("lots", "schedule_bottling", PINOT),
    ("record_analysis", "schedule_bottling", PINOT),
    ("schedule_bottling", "complete_bottling", PINOT_BOTTLED),
    ("bottling_runs", "complete_bottling", CHARDONNAY),
    # allocations
    ("join_club", "allocate_wine", T_ALLOC),
    ("club_members", "allocate_wine", PEMBURY_ALLOC),
    ("wine_list", "allocate_wine", T_ALLOC),
    ("complete_bottling", "allocate_wine", PINOT_ALLOC),
    ("allocate_wine", "release_allocation", T_RELEASE),
    ("allocations", "release_allocation", PEMBURY_RELEASE),
    # shipments
    ("join_club", "build_shipment", T_SHIP),
    ("club_members", "build_shipment", JEFFRIES_SHIP),
    ("wine_list", "build_shipment", JEFFRIES_SHIP),
    ("allocate_wine", "build_shipment", T_SHIP),
    ("build_shipment", "charge_shipment", T_CHARGE),
    ("shipments", "charge_shipment", PENHALIGON_CHARGE),
    ("add_card", "charge_shipment", PENHALIGON_CHARGE),
    ("build_shipment", "dispatch_shipment", T_DISPATCH),
    ("shipments", "dispatch_shipment", JEFFRIES_SET_ASIDE),
    ("charge_shipment", "dispatch_shipment", T_DISPATCH),
    # sales
    ("register_customer", "start_sale", cut(T_SALE, "start_sale")),
    ("find_customer", "start_sale", JEFFRIES_SALE),
    ("start_sale", "add_to_sale", cut(T_SALE, "add_to_sale")),
    ("wine_list", "add_to_sale", cut(T_SALE, "add_to_sale")),
    ("complete_bottling", "add_to_sale", CHARDONNAY_SALE),
    ("start_sale", "take_payment", T_SALE),
    ("add_to_sale", "take_payment", T_SALE),
    ("verify_age", "take_payment", T_SALE),
    ("start_sale", "refund_sale", T_REFUND),
    ("customer_file", "refund_sale", WHITFIELD_REFUND),
    ("take_payment", "refund_sale", T_REFUND),
]

_OWN = {"sign_out": [sign_in("rosa"), ("sign_out", {"token": RO})]}


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
    # the wine list is read before Ms Kilbride's file
    ("wine_list", WHITFIELD_FILE[:2] + [("wine_list", {}), WHITFIELD_FILE[-1]]),
    # the tasting slots are read before Mr Pembury's membership is paused
    ("tasting_slots", COLLECTORS + [("tasting_slots", {}), PEMBURY_PAUSE[-1]]),
    # the lots are listed before Mr Jeffries moves to the cellar tier
    ("lots", DISCOVERY + [("lots", {"token": H}), JEFFRIES_TIER[-1]]),
    # the allocations are listed before Mrs Castellan's age is verified
    ("allocations", CASTELLAN[:2] + [("allocations", {"token": J}), CASTELLAN[-1]]),
    # the bottling runs are read before Mr Jeffries's shipment is set aside
    ("bottling_runs", JEFFRIES_SET_ASIDE[:2] + [("bottling_runs", {"token": D}), JEFFRIES_SET_ASIDE[-1]]),
    # the club's members are listed before Mr Jeffries's tasting tomorrow is cancelled
    ("club_members", JEFFRIES_TASTING_OFF[:2] + [("club_members", {"token": J}), JEFFRIES_TASTING_OFF[-1]]),
    # the tasting bookings are read before Dr Obiora's membership is resumed
    ("tasting_bookings", PAUSED + [("tasting_bookings", {"token": H}), ADEBAYO_RESUME[-1]]),
]
