"""Scripted proofs that Jumble's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime, which records the ``ShopError`` a refusal raises as an
error; the raw replies are dataclasses, which the runtime converts).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "dorcas")``) and pass ``"$dorcas.token"``; replies are read by field (``"$register_donor.donor_id"``,
``"$receive_donation.donation_id"``, ``"$tag_item.item_id"``, ``"$sell_items.sale_id"``, ``"$cash_up.cashup_id"``,
``"$book_collection.collection_id"``), list entries by position and field (``"$find_donor.0.donor_id"``,
``"$shops.2.shop_code"``, ``"$items.0.item_id"``, ``"$donations.0.donation_id"``, ``"$sales.0.sale_id"``,
``"$cash_ups.0.cashup_id"``, ``"$collections.0.collection_id"``), rows by row and column
(``"$price_guide.rows.6.0"``, ``"$collection_slots.0.0"``, ``"$sales.0.items.0.0"``). The positions follow the fresh
state's order (records by id, shops as the trust lists them, each list filtered as the call asks). Every id and
category is read from a reply; none is written literally (names, addresses, postcodes, e-mail addresses, dates,
descriptions, prices, floats, cash, bag numbers, goods, reasons and messages are written as the staff are told
them).

The day: Mrs Trenance registers, changes her e-mail, signs a Gift Aid declaration and brings four bags: her jumper is
tagged, put out, sold and refunded, her raincoat withdrawn, her kettle moved to Pennock Vale and tested, her footstool
checked for its label, and her sideboard collection booked, made or cancelled; Mr Fairbrass declares and gives; Ms Aske
moves and her sofa is collected; Mr Brathwaite's wardrobe collection is booked and Mrs Blackwood's cancelled; the
standard lamp is tested, put out and sold at Pennock Vale, whose till is opened; the armchair's label is seen; the
food mixer goes to Pennock Vale; the wool coat is withdrawn and the vase marked down; the Cornhill till is
opened, the torn scarf refunded and the till cashed up; the Thornbury Street till is cashed up and banked; the New
Year's Eve takings are banked, the last quarter closed and its Gift Aid claimed.
"""

import jumble_tools as tools

WHO = {"dorcas": ("dorcas.h", "Sort-Bag-112"), "ivo": ("ivo.l", "Float-Hundred-7"),
       "tadeusz": ("tadeusz.s", "Earth-Bond-230"), "cathal": ("cathal.f", "Van-Two-Lift"),
       "honora": ("honora.a", "Quarter-Claim-25"), "priscilla": ("priscilla.n", "Bank-Bag-4418"),
       "gwendolyn": ("gwendolyn.t", "Area-Three-Shops")}
DT, IT, MT, CT = "$dorcas.token", "$ivo.token", "$tadeusz.token", "$cathal.token"
RT, PT = "$honora.token", "$priscilla.token"
TODAY, YESTERDAY, TOMORROW = "2042-03-06", "2042-03-05", "2042-03-07"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


DID, FID = "$register_donor.donor_id", "$find_donor.0.donor_id"
DONATION = "$receive_donation.donation_id"

# Mrs Trenance, new: her declaration, four bags, the jumper, raincoat, kettle and footstool, a sideboard collection
NEW = [sign_in("dorcas"),
       ("register_donor", {"token": DT, "name": "Mrs Marigold Trenance", "address": "7 Cooperage Yard, Ashwick",
                           "postcode": "AW2 5NG", "email": "marigold.trenance@example.com"})]
NEW_UPDATE = NEW + [("update_donor", {"token": DT, "donor_id": DID, "email": "m.trenance@example.org"})]
NEW_MESSAGE = NEW + [("message_donor", {"token": DT, "donor_id": DID, "subject": "Thank you for your donation",
                                        "body": "Your four bags will help us house people in Ashwick this winter."})]
NEW_STATEMENT = NEW + [sign_in("honora"), ("donor_statement", {"token": RT, "donor_id": DID})]
NEW_DECLARED = NEW + [("record_declaration", {"token": DT, "donor_id": DID, "taxpayer_confirmed": True,
                                              "signed_on": TODAY})]
NEW_DONATION = NEW_DECLARED + [("shops", {}),
                               ("receive_donation", {"token": DT, "shop_code": "$shops.0.shop_code", "bags": 4,
                                                     "donor_id": DID, "gift_aid": True,
                                                     "notes": "a jumper, a child's raincoat, a kettle and a "
                                                              "footstool"})]
NEW_TAGGED = NEW_DONATION + [("price_guide", {}),
                             ("tag_item", {"token": DT, "donation_id": DONATION, "category": "$price_guide.rows.1.0",
                                           "description": "Lambswool jumper, men's medium", "price": 6.0})]
NEW_FLOOR = NEW_TAGGED + [("put_on_floor", {"token": DT, "item_ids": ["$tag_item.item_id"]})]
NEW_SOLD = NEW_FLOOR + [("sell_items", {"token": DT, "shop_code": "$shops.0.shop_code",
                                        "item_ids": ["$tag_item.item_id"], "payment": "card"})]
NEW_REFUND = NEW_SOLD + [sign_in("ivo"), ("refund_sale", {"token": IT, "sale_id": "$sell_items.sale_id",
                                                          "item_ids": ["$tag_item.item_id"],
                                                          "reason": "the customer bought the wrong size"})]
NEW_REPRICE = NEW_TAGGED + [sign_in("ivo"), ("reprice_item", {"token": IT, "item_id": "$tag_item.item_id",
                                                              "price": 5.0})]
RAINCOAT = NEW_DONATION + [("price_guide", {}),
                           ("tag_item", {"token": DT, "donation_id": DONATION, "category": "$price_guide.rows.2.0",
                                         "description": "Child's raincoat, age 5", "price": 3.0}),
                           sign_in("ivo"), ("withdraw_item", {"token": IT, "item_id": "$tag_item.item_id",
                                                              "reason": "damaged"})]
KETTLE = NEW_DONATION + [("price_guide", {}),
                         ("tag_item", {"token": DT, "donation_id": DONATION, "category": "$price_guide.rows.6.0",
                                       "description": "Morphy Richards kettle", "price": 8.0}, "kettle"),
                         sign_in("ivo"), ("transfer_items", {"token": IT, "item_ids": ["$kettle.item_id"],
                                                             "to_shop": "$shops.2.shop_code"}),
                         sign_in("tadeusz"),
                         ("pat_test", {"token": MT, "item_id": "$kettle.item_id", "result": "pass"}),
                         ("put_on_floor", {"token": IT, "item_ids": ["$kettle.item_id"]})]
FOOTSTOOL = NEW_DONATION + [("price_guide", {}),
                            ("tag_item", {"token": DT, "donation_id": DONATION, "category": "$price_guide.rows.7.0",
                                          "description": "Footstool, tapestry top", "price": 20.0}, "stool"),
                            sign_in("ivo"), ("check_fire_label", {"token": IT, "item_id": "$stool.item_id",
                                                                  "label_present": True})]
NEW_COLLECT = NEW + [("collection_slots", {"token": DT, "date_from": TODAY}),
                     ("book_collection", {"token": DT, "donor_id": DID, "slot_id": "$collection_slots.0.0",
                                          "address": "7 Cooperage Yard, Ashwick AW2 5NG", "goods": "an oak sideboard"})]
NEW_COLLECTED = NEW_COLLECT + [sign_in("cathal"), ("shops", {}),
                               ("complete_collection", {"token": CT, "collection_id": "$book_collection.collection_id",
                                                        "shop_code": "$shops.2.shop_code"})]
NEW_CANCELLED = NEW_COLLECT + [("cancel_collection", {"token": DT, "collection_id": "$book_collection.collection_id",
                                                      "reason": "her son is taking the sideboard after all"})]

# Mr Fairbrass (DR-5502): his declaration and two bags; Ms Aske (DR-5503) moves; Mrs Blackwood's statement;
# Mr Brathwaite's wardrobe
FAIRBRASS = [sign_in("dorcas"), ("find_donor", {"token": DT, "text": "Fairbrass"})]
FAIRBRASS_DECLARED = FAIRBRASS + [("record_declaration", {"token": DT, "donor_id": FID, "taxpayer_confirmed": True,
                                                "signed_on": TODAY})]
FAIRBRASS_DONATION = FAIRBRASS_DECLARED + [("shops", {}),
                                 ("receive_donation", {"token": DT, "shop_code": "$shops.0.shop_code", "bags": 2,
                                                       "donor_id": FID, "gift_aid": True,
                                                       "notes": "books and men's shirts"})]
FAIRBRASS_MESSAGE = [sign_in("honora"), ("find_donor", {"token": RT, "text": "Fairbrass"}),
                ("message_donor", {"token": RT, "donor_id": FID, "subject": "Your Gift Aid declaration",
                                   "body": "Thank you: we will write each quarter to say what your goods raised."})]
ASKE_MOVED = [sign_in("dorcas"), ("find_donor", {"token": DT, "text": "Aske"}),
              ("update_donor", {"token": DT, "donor_id": FID, "address": "5 Malthouse Lane, Pennock Vale",
                                "postcode": "PV1 3JS"})]
BLACKWOOD = [sign_in("honora"), ("find_donor", {"token": RT, "text": "Blackwood"}),
             ("donor_statement", {"token": RT, "donor_id": FID})]
BRATHWAITE = [sign_in("ivo"), ("find_donor", {"token": IT, "text": "Brathwaite"}),
             ("collection_slots", {"token": IT, "date_from": TODAY}),
             ("book_collection", {"token": IT, "donor_id": FID, "slot_id": "$collection_slots.1.0",
                                  "address": "Flat 6, 9 Cordage Close, Ashwick AW2 8QE", "goods": "a pine wardrobe"})]

# stock already in: DN-8803 sorted, the lamp (IT-30014) tested, put out and sold, the armchair (IT-30015), the food
# mixer (IT-30018) to Pennock Vale, the wool coat (IT-30013) withdrawn, the vase (IT-30017) marked down
SORTING = [sign_in("dorcas"), ("donations", {"token": DT, "sorting": "unsorted"}), ("price_guide", {}),
           ("tag_item", {"token": DT, "donation_id": "$donations.0.donation_id", "category": "$price_guide.rows.2.0",
                         "description": "Child's dungarees, age 3", "price": 3.5})]
LAMP = [sign_in("tadeusz"), ("items", {"token": MT, "category": "EL", "stage": "back_room"}),
        ("pat_test", {"token": MT, "item_id": "$items.0.item_id", "result": "pass"})]
LAMP_SOLD = LAMP + [sign_in("ivo"), ("put_on_floor", {"token": IT, "item_ids": ["$items.0.item_id"]}), ("shops", {}),
                    ("open_till", {"token": IT, "shop_code": "$shops.2.shop_code", "float_amount": 100.0}),
                    ("sell_items", {"token": IT, "shop_code": "$shops.2.shop_code", "item_ids": ["$items.0.item_id"],
                                    "payment": "cash"})]
ARMCHAIR = [sign_in("ivo"), ("items", {"token": IT, "category": "UF"}),
            ("check_fire_label", {"token": IT, "item_id": "$items.0.item_id", "label_present": True}),
            ("put_on_floor", {"token": IT, "item_ids": ["$items.0.item_id"]})]
MIXER = [sign_in("ivo"), ("items", {"token": IT, "category": "EL", "stage": "back_room"}), ("shops", {}),
         ("transfer_items", {"token": IT, "item_ids": ["$items.1.item_id"], "to_shop": "$shops.2.shop_code"})]
COAT = [sign_in("ivo"), ("items", {"token": IT, "category": "LC", "stage": "back_room"}),
        ("withdraw_item", {"token": IT, "item_id": "$items.0.item_id", "reason": "damaged"})]
VASE = [sign_in("ivo"), ("items", {"token": IT, "category": "BR", "stage": "floor"}),
        ("reprice_item", {"token": IT, "item_id": "$items.0.item_id", "price": 9.0})]

# the tills: the Cornhill till opened and the scarf refunded, then cashed up; Thornbury Street cashed up and banked
SCARF = [sign_in("ivo"), ("sales", {"token": IT, "date": YESTERDAY}), ("shops", {}),
         ("open_till", {"token": IT, "shop_code": "$shops.1.shop_code", "float_amount": 100.0}),
         ("refund_sale", {"token": IT, "sale_id": "$sales.0.sale_id", "item_ids": ["$sales.0.items.0.0"],
                          "reason": "torn along one edge"})]
MARKET_CASH = [sign_in("ivo"), ("shops", {}),
               ("open_till", {"token": IT, "shop_code": "$shops.1.shop_code", "float_amount": 100.0}),
               ("cash_up", {"token": IT, "shop_code": "$shops.1.shop_code", "counted_cash": 100.0})]
THORNBURY_CASH = [sign_in("ivo"), ("shops", {}),
                  ("cash_up", {"token": IT, "shop_code": "$shops.0.shop_code", "counted_cash": 100.0}),
                  ("bank_takings", {"token": IT, "cashup_id": "$cash_up.cashup_id", "bag_number": "B-44310"})]
TAKINGS = [sign_in("ivo"), ("shops", {}), ("takings", {"token": IT, "shop_code": "$shops.0.shop_code",
                                                       "date": TODAY})]

# collections already booked: Ms Aske's today (CO-441), Mrs Blackwood's tomorrow (CO-442)
ASKE_SOFA = [sign_in("cathal"), ("collections", {"token": CT, "date": TODAY}), ("shops", {}),
             ("complete_collection", {"token": CT, "collection_id": "$collections.0.collection_id",
                                      "shop_code": "$shops.2.shop_code"})]
BLACKWOOD_OFF = [sign_in("ivo"), ("collections", {"token": IT, "date": TOMORROW}),
                 ("cancel_collection", {"token": IT, "collection_id": "$collections.0.collection_id",
                                        "reason": "Mrs Blackwood has sold the table"})]

# the last quarter: the New Year's Eve takings banked, 2041-Q4 closed and its Gift Aid claimed
QUARTER = [sign_in("priscilla"), ("cash_ups", {"token": PT, "banked": False}),
           ("bank_takings", {"token": PT, "cashup_id": "$cash_ups.0.cashup_id", "bag_number": "B-44302"}),
           ("close_period", {"token": PT, "period": "2041-Q4"}),
           ("claim_gift_aid", {"token": PT, "period": "2041-Q4"})]

_BODY = [
    # donors
    ("register_donor", "update_donor", NEW_UPDATE),
    ("find_donor", "update_donor", ASKE_MOVED),
    ("register_donor", "record_declaration", NEW_DECLARED),
    ("find_donor", "record_declaration", FAIRBRASS_DECLARED),
    ("register_donor", "receive_donation", NEW_DONATION),
    ("find_donor", "receive_donation", FAIRBRASS_DONATION),
    ("register_donor", "book_collection", NEW_COLLECT),
    ("find_donor", "book_collection", BRATHWAITE),
    ("register_donor", "donor_statement", NEW_STATEMENT),
    ("find_donor", "donor_statement", BLACKWOOD),
    ("register_donor", "message_donor", NEW_MESSAGE),
    ("find_donor", "message_donor", FAIRBRASS_MESSAGE),
    ("record_declaration", "receive_donation", FAIRBRASS_DONATION),
    # shops
    ("shops", "receive_donation", NEW_DONATION),
    ("shops", "open_till", cut(SCARF, "open_till")),
    ("shops", "sell_items", LAMP_SOLD),
    ("shops", "cash_up", cut(THORNBURY_CASH, "cash_up")),
    ("shops", "transfer_items", MIXER),
    ("shops", "complete_collection", ASKE_SOFA),
    ("shops", "takings", TAKINGS),
    # donations and items
    ("receive_donation", "tag_item", NEW_TAGGED),
    ("donations", "tag_item", SORTING),
    ("price_guide", "tag_item", NEW_TAGGED),
    ("tag_item", "pat_test", cut(KETTLE, "pat_test")),
    ("items", "pat_test", LAMP),
    ("tag_item", "check_fire_label", FOOTSTOOL),
    ("items", "check_fire_label", cut(ARMCHAIR, "check_fire_label")),
    ("tag_item", "put_on_floor", NEW_FLOOR),
    ("items", "put_on_floor", ARMCHAIR),
    ("tag_item", "sell_items", NEW_SOLD),
    ("items", "sell_items", LAMP_SOLD),
    ("tag_item", "transfer_items", cut(KETTLE, "transfer_items")),
    ("items", "transfer_items", MIXER),
    ("tag_item", "withdraw_item", RAINCOAT),
    ("items", "withdraw_item", COAT),
    ("tag_item", "reprice_item", NEW_REPRICE),
    ("items", "reprice_item", VASE),
    ("pat_test", "put_on_floor", cut(LAMP_SOLD, "put_on_floor")),
    ("check_fire_label", "put_on_floor", ARMCHAIR),
    ("transfer_items", "put_on_floor", KETTLE),
    # the tills
    ("open_till", "sell_items", LAMP_SOLD),
    ("put_on_floor", "sell_items", LAMP_SOLD),
    ("open_till", "cash_up", MARKET_CASH),
    ("open_till", "refund_sale", SCARF),
    ("sell_items", "refund_sale", NEW_REFUND),
    ("sales", "refund_sale", SCARF),
    ("cash_up", "bank_takings", THORNBURY_CASH),
    ("cash_ups", "bank_takings", cut(QUARTER, "bank_takings")),
    # collections
    ("collection_slots", "book_collection", NEW_COLLECT),
    ("book_collection", "complete_collection", NEW_COLLECTED),
    ("collections", "complete_collection", ASKE_SOFA),
    ("book_collection", "cancel_collection", NEW_CANCELLED),
    ("collections", "cancel_collection", BLACKWOOD_OFF),
    # the quarter
    ("bank_takings", "close_period", cut(QUARTER, "close_period")),
    ("close_period", "claim_gift_aid", QUARTER),
]

_OWN = {"sign_out": [sign_in("gwendolyn"), ("sign_out", {"token": "$gwendolyn.token"})],
        "gift_aid_summary": [sign_in("honora"), ("gift_aid_summary", {"token": RT, "period": "2042-Q1"})],
        "send_proceeds_letters": [sign_in("honora"), ("send_proceeds_letters", {"token": RT, "period": "2042-Q1"})]}


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
    # today's collections read before the standard lamp is tested
    ("collections", LAMP[:-1] + [("collections", {"token": MT, "date": TODAY})] + LAMP[-1:]),
    # Thornbury Street's takings read before the last quarter is closed
    ("takings", cut(QUARTER, "bank_takings") + [("shops", {}),
                                                ("takings", {"token": PT, "shop_code": "$shops.0.shop_code",
                                                             "date": TODAY})]
     + cut(QUARTER, "close_period")[3:]),
    # Mr Fairbrass written to before his bags are taken in
    ("message_donor", FAIRBRASS_DONATION[:-1] + [("message_donor", {"token": DT, "donor_id": FID,
                                                               "subject": "Thank you",
                                                               "body": "Your declaration is on file."})]
     + FAIRBRASS_DONATION[-1:]),
    # the summary of this quarter's Gift Aid read before the last quarter is claimed
    ("gift_aid_summary", QUARTER[:-1] + [("gift_aid_summary", {"token": PT, "period": "2042-Q1"})] + QUARTER[-1:]),
    # the van slots read before the armchair's label is checked
    ("collection_slots", ARMCHAIR[:2] + [("collection_slots", {"token": IT, "date_from": TODAY})] + ARMCHAIR[2:3]),
    # Mrs Blackwood's statement read before the scarf is refunded
    ("donor_statement", SCARF[:-1] + [sign_in("honora"), ("find_donor", {"token": RT, "text": "Blackwood"}),
                                      ("donor_statement", {"token": RT, "donor_id": FID})] + SCARF[-1:]),
    # Ms Aske looked up before the lamp is sold
    ("find_donor", LAMP_SOLD[:-1] + [("find_donor", {"token": IT, "text": "Aske"})] + LAMP_SOLD[-1:]),
    # this quarter's proceeds letters sent before the last quarter is closed
    ("send_proceeds_letters", cut(QUARTER, "bank_takings") + [sign_in("honora"),
                                                              ("send_proceeds_letters", {"token": RT,
                                                                                         "period": "2042-Q1"})]
     + cut(QUARTER, "close_period")[3:]),
]
