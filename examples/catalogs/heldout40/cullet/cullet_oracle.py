"""Scripted proofs that Cullet's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py,
through the package's runtime, which reads the ``"Error: ..."`` strings the tools return as refusals by its own
conventions; the raw replies are plain dicts, lists, strings and numbers, so the plain oracle, which reads no such
string, is run by check.py only where it can be).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "griselda")``) and pass ``"$griselda.token"``; replies are read by field (``"$register_resident.resident_id"``,
``"$book_visit.booking_id"``, ``"$apply_van_permit.permit_id"``, ``"$book_bulky_collection.collection_id"``,
``"$log_reuse_item.item_id"``, ``"$register_trade_account.account_id"``), list entries by position and field
(``"$site_directory.2.code"``, ``"$materials_list.10.code"``, ``"$address_search.1.address_id"``,
``"$bulky_price_list.4.code"``, ``"$collection_rounds.0.round_id"``, ``"$find_resident.0.resident_id"``,
``"$bookings.1.booking_id"``, ``"$van_permits.0.permit_id"``, ``"$bulky_collections.1.collection_id"``,
``"$reuse_items.1.item_id"``, ``"$trade_accounts.0.account_id"``) and rows of lists by position
(``"$free_slots.slots.2.0"``, a slot; ``"$containers.containers.2.0"``, a container). The positions follow the fresh
state's order of records by id (filtered as each call asks), of the centres and addresses by code and id, and of the
materials, bulky items and slots as the council lists them. Every id, slot, round, centre, material and bulky item
code is read from a reply; none is written literally (names, e-mail addresses, phone numbers, postcodes,
registrations, vehicle types and makes, documents, dates, units, amounts, card digits, reasons, fill levels, notes,
descriptions, categories, testers, prices, buyers, businesses, licence numbers, books and tickets are written as the
staff are told them). A step saved under a name of its own is a second call of a tool on one path.

The day: Mr Cornelius Thackeray registers at 14 Tansy Close, his phone number changes, he is written to and his
account read; his car and his van go on his account, he applies for a van permit, his council tax bill is checked and
the officer approves the permit; he books the van into Marlpit Lane tomorrow with four bags of rubble, pays for them,
or cancels; he books the car into Cowfold Wharf or Marlpit Lane today and checks in, or is moved to Hobday Road when
Cowfold Wharf closes; he books a sofa and a fridge on the next northern round, pays, or cancels. Cowfold Wharf closes
for high winds and Ms Cresswell's visit moves to Hobday Road; she is written to, her account read, and her Saturday
visit takes two bags of rubble. Mrs Oddfellow pays for her rubble at the gate and checks in; Mr Huxtable's van checks
in, he books Hobday Road for Sunday, adds a car with a trailer and books a mattress on the next round. Mr Trevenna's
proof of address is checked and his pick-up permit approved; Dr Yarwood applies to renew hers, changes her e-mail
address and cancels Monday's visit. Mrs Oddfellow pays for her collection, or cancels it; Mr Trevenna pays for his
fridge and the crew takes it, and Ms Cresswell's mattress goes. The wood container fills and is exchanged; the microwave
passes its PAT test and a lamp comes in, is tested and sold; the oak table is sold. Fettle and Daughters Joinery opens
a trade account, its licence is checked, it buys tickets and brings a load; Greenbough Gardens' licence is checked
and it buys tickets; Pellinore Property Maintenance brings a load.
"""

import cullet_tools as tools

WHO = {"griselda": ("griselda.p", "Green-Bin-72"), "tobiah": ("tobiah.m", "Phone-Queue-8"),
       "kezia": ("kezia.b", "Hi-Vis-Gate-3"), "alaric": ("alaric.q", "Skip-Bay-61"),
       "lavinia": ("lavinia.c", "Permit-Desk-40"), "desmond": ("desmond.a", "Tail-Lift-19"),
       "rosalind": ("rosalind.p", "Borough-Hall-5")}
G, K, L, DA = "$griselda.token", "$kezia.token", "$lavinia.token", "$desmond.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


TODAY, SATURDAY, SUNDAY, MONDAY = "2037-03-13", "2037-03-14", "2037-03-15", "2037-03-16"
CWF, HBD, MRL = "$site_directory.0.code", "$site_directory.1.code", "$site_directory.2.code"
GEN, GDN, CRD, WOOD, RBL = ("$materials_list.0.code", "$materials_list.1.code", "$materials_list.2.code",
                            "$materials_list.8.code", "$materials_list.10.code")
NEW = "$register_resident.resident_id"
FOUND = "$find_resident.0.resident_id"
BOOKING = "$book_visit.booking_id"

# Mr Cornelius Thackeray
N = [sign_in("griselda"), ("address_search", {"postcode": "QX4 6TC"}),
     ("register_resident", {"token": G, "name": "Mr Cornelius Thackeray", "email": "cornelius.thackeray@example.com",
                            "phone": "07700 900613", "address_id": "$address_search.1.address_id"})]
N_UPDATE = N + [("update_resident", {"token": G, "resident_id": NEW, "phone": "07700 900699"})]
N_ACCOUNT = N + [("resident_account", {"token": G, "resident_id": NEW})]
N_NOTIFY = N + [("notify_resident", {"token": G, "resident_id": NEW, "subject": "Your van permit",
                                     "body": "We have your application; please send a proof of address dated in the "
                                             "last three months."})]
N_CAR = N + [("add_vehicle", {"token": G, "resident_id": NEW, "registration": "LM23 RPT", "vehicle_type": "car",
                              "make": "Hyundai i30"})]
N_VAN = N + [("add_vehicle", {"token": G, "resident_id": NEW, "registration": "WN68 HGV", "vehicle_type": "van",
                              "make": "Renault Trafic"})]
N_PERMIT = N_VAN + [("apply_van_permit", {"token": G, "resident_id": NEW, "registration": "WN68 HGV"})]
N_PROOF = N_PERMIT + [("verify_proof_of_address", {"token": G, "resident_id": NEW, "document": "council_tax_bill",
                                                   "dated": "2037-03-02"})]
N_APPROVED = N_PROOF + [sign_in("lavinia"),
                        ("approve_van_permit", {"token": L, "permit_id": "$apply_van_permit.permit_id"})]
N_SLOTS = N_APPROVED + [("site_directory", {}), ("free_slots", {"token": G, "site_code": MRL, "date": SATURDAY})]
N_VISIT = N_SLOTS + [("materials_list", {}),
                     ("book_visit", {"token": G, "resident_id": NEW, "slot_id": "$free_slots.slots.2.0",
                                     "registration": "WN68 HGV", "materials": [GEN, WOOD]})]
N_DIY = N_VISIT + [("add_chargeable_waste", {"token": G, "booking_id": BOOKING, "material": RBL, "units": 4})]
N_PAID = N_DIY + [("pay_booking_charges", {"token": G, "booking_id": BOOKING, "amount": 12.0,
                                           "card_last_four": "4417"})]
N_CANCELLED = N_PAID + [("cancel_booking", {"token": G, "booking_id": BOOKING,
                                            "reason": "Mr Thackeray's skip came early; he no longer needs the visit"})]
N_TODAY = N_CAR + [("site_directory", {}), ("free_slots", {"token": G, "site_code": MRL, "date": TODAY}),
                   ("materials_list", {}),
                   ("book_visit", {"token": G, "resident_id": NEW, "slot_id": "$free_slots.slots.1.0",
                                   "registration": "LM23 RPT", "materials": [GDN, CRD]}),
                   sign_in("kezia"), ("check_in", {"token": K, "booking_id": BOOKING, "registration": "LM23 RPT"})]
N_MOVED = N_CAR + [("site_directory", {}), ("free_slots", {"token": G, "site_code": CWF, "date": TODAY}),
                   ("materials_list", {}),
                   ("book_visit", {"token": G, "resident_id": NEW, "slot_id": "$free_slots.slots.3.0",
                                   "registration": "LM23 RPT", "materials": [GDN]}),
                   sign_in("kezia"),
                   ("close_site", {"token": K, "site_code": CWF, "reason": "High winds have brought down the fencing"}),
                   ("free_slots", {"token": K, "site_code": HBD, "date": TODAY}, "hobday"),
                   ("move_booking", {"token": K, "booking_id": BOOKING, "slot_id": "$hobday.slots.3.0"})]
N_BULKY = N + [("collection_rounds", {"token": G, "postcode": "QX4 6TC"}), ("bulky_price_list", {}),
               ("book_bulky_collection", {"token": G, "resident_id": NEW, "round_id": "$collection_rounds.0.round_id",
                                          "items": ["$bulky_price_list.0.code", "$bulky_price_list.4.code"],
                                          "notes": "On the drive"})]
N_BULKY_PAID = N_BULKY + [("pay_bulky_collection", {"token": G, "collection_id": "$book_bulky_collection.collection_id",
                                                    "amount": 32.0, "card_last_four": "4417"})]
N_BULKY_CANCELLED = N_BULKY_PAID + [("cancel_bulky_collection",
                                     {"token": G, "collection_id": "$book_bulky_collection.collection_id",
                                      "reason": "A neighbour has taken the sofa and the fridge"})]

# the residents in the fresh state: RES-4401 Mr Huxtable (van KX19 VNB on VP-3301, car FJ61 WLT; BK-60101 today at
# Marlpit Lane), RES-4402 Mrs Oddfellow (BK-60102 today at Marlpit Lane with 9.00 of rubble to pay; BC-7701 awaiting
# payment), RES-4403 Ms Cresswell (BK-60103 at Hobday Road tomorrow, BK-60104 at Cowfold Wharf today; BC-7702 on today's
# round), RES-4404 Mr Trevenna (pick-up on VP-3302, pending; BC-7703 on today's round, awaiting payment), RES-4405
# Dr Yarwood (van DY66 KWF, VP-3303 expired; BK-60105 at Cowfold Wharf on Monday)
TODAYS = ("bookings", {"token": K, "date": TODAY, "status": "booked"})
ODDFELLOW_PAID = [sign_in("kezia"), TODAYS,
                  ("pay_booking_charges", {"token": K, "booking_id": "$bookings.1.booking_id", "amount": 9.0,
                                           "card_last_four": "2291"})]
ODDFELLOW_IN = ODDFELLOW_PAID + [("check_in", {"token": K, "booking_id": "$bookings.1.booking_id",
                                               "registration": "YR15 HDA"})]
QUENNELL_IN = [sign_in("kezia"), TODAYS,
               ("check_in", {"token": K, "booking_id": "$bookings.0.booking_id", "registration": "KX19 VNB"})]
CWF_CLOSED = [sign_in("kezia"), ("site_directory", {}),
              ("close_site", {"token": K, "site_code": CWF, "reason": "High winds have brought down the fencing"})]
ASHDOWN_MOVED = CWF_CLOSED + [("free_slots", {"token": K, "site_code": HBD, "date": TODAY}), TODAYS,
                              ("move_booking", {"token": K, "booking_id": "$bookings.2.booking_id",
                                                "slot_id": "$free_slots.slots.3.0"})]
ASHDOWN_RUBBLE = [sign_in("griselda"), ("bookings", {"token": G, "date": SATURDAY, "status": "booked"}),
                  ("materials_list", {}),
                  ("add_chargeable_waste", {"token": G, "booking_id": "$bookings.0.booking_id", "material": RBL,
                                            "units": 2})]
ASHDOWN_ACCOUNT = [sign_in("griselda"), ("find_resident", {"token": G, "text": "Cresswell"}),
                   ("resident_account", {"token": G, "resident_id": FOUND})]
ASHDOWN_TOLD = [sign_in("griselda"), ("find_resident", {"token": G, "text": "Cresswell"}),
                ("notify_resident", {"token": G, "resident_id": FOUND, "subject": "Your visit this afternoon",
                                     "body": "Cowfold Wharf has closed for high winds; your visit is moved to Hobday "
                                             "Road at one o'clock."})]
QUENNELL_SUNDAY = [sign_in("griselda"), ("find_resident", {"token": G, "text": "Huxtable"}), ("site_directory", {}),
                   ("free_slots", {"token": G, "site_code": HBD, "date": SUNDAY}), ("materials_list", {}),
                   ("book_visit", {"token": G, "resident_id": FOUND, "slot_id": "$free_slots.slots.2.0",
                                   "registration": "FJ61 WLT", "materials": [GDN, CRD]})]
QUENNELL_TRAILER = [sign_in("griselda"), ("find_resident", {"token": G, "text": "Huxtable"}),
                    ("add_vehicle", {"token": G, "resident_id": FOUND, "registration": "HW09 BTK",
                                     "vehicle_type": "car_with_trailer", "make": "Hyundai Tucson with a box trailer"})]
QUENNELL_MATTRESS = [sign_in("griselda"), ("find_resident", {"token": G, "text": "Huxtable"}),
                     ("collection_rounds", {"token": G, "postcode": "QX4 2SW"}), ("bulky_price_list", {}),
                     ("book_bulky_collection", {"token": G, "resident_id": FOUND,
                                                "round_id": "$collection_rounds.0.round_id",
                                                "items": ["$bulky_price_list.2.code"]})]
PENHALIGON_APPROVED = [sign_in("lavinia"), ("find_resident", {"token": L, "text": "Trevenna"}),
                       ("verify_proof_of_address", {"token": L, "resident_id": FOUND, "document": "council_tax_bill",
                                                    "dated": "2037-02-27"}),
                       ("van_permits", {"token": L, "status": "pending"}),
                       ("approve_van_permit", {"token": L, "permit_id": "$van_permits.0.permit_id"})]
YARWOOD_RENEWAL = [sign_in("griselda"), ("find_resident", {"token": G, "text": "Yarwood"}),
                   ("apply_van_permit", {"token": G, "resident_id": FOUND, "registration": "DY66 KWF"})]
YARWOOD_EMAIL = [sign_in("griselda"), ("find_resident", {"token": G, "text": "Yarwood"}),
                 ("update_resident", {"token": G, "resident_id": FOUND, "email": "constance@yarwood.example.co.uk"})]
YARWOOD_CANCEL = [sign_in("griselda"), ("bookings", {"token": G, "date": MONDAY, "status": "booked"}),
                  ("cancel_booking", {"token": G, "booking_id": "$bookings.0.booking_id",
                                      "reason": "Dr Yarwood cannot make Monday"})]
AWAITING = ("bulky_collections", {"token": G, "status": "awaiting_payment"})
ODDFELLOW_SOFA = [sign_in("griselda"), AWAITING,
                  ("pay_bulky_collection", {"token": G, "collection_id": "$bulky_collections.0.collection_id",
                                            "amount": 22.0, "card_last_four": "2291"})]
ODDFELLOW_NO_SOFA = [sign_in("griselda"), AWAITING,
                     ("cancel_bulky_collection", {"token": G, "collection_id": "$bulky_collections.0.collection_id",
                                                  "reason": "Mrs Oddfellow's grandson is taking the sofa and chair"})]
PENHALIGON_FRIDGE = [sign_in("griselda"), AWAITING,
                     ("pay_bulky_collection", {"token": G, "collection_id": "$bulky_collections.1.collection_id",
                                               "amount": 18.0, "card_last_four": "8830"}),
                     sign_in("desmond"),
                     ("mark_collected", {"token": DA, "collection_id": "$bulky_collections.1.collection_id"})]
ASHDOWN_COLLECTED = [sign_in("desmond"), ("bulky_collections", {"token": DA, "status": "booked"}),
                     ("mark_collected", {"token": DA, "collection_id": "$bulky_collections.0.collection_id"})]
WOOD_FULL = [sign_in("kezia"), ("site_directory", {}), ("containers", {"token": K, "site_code": MRL}),
             ("record_fill_level", {"token": K, "container_id": "$containers.containers.2.0", "fill_pct": 85})]
WOOD_EXCHANGED = WOOD_FULL + [("request_container_exchange",
                               {"token": K, "container_id": "$containers.containers.2.0",
                                "note": "Wood bay by the reuse shop; the gate code is at the office"})]
LAMP = [sign_in("kezia"), ("site_directory", {}),
        ("log_reuse_item", {"token": K, "site_code": MRL, "description": "Table lamp with a linen shade",
                            "category": "electrical"}),
        ("pat_test", {"token": K, "item_id": "$log_reuse_item.item_id", "passed": True, "tester": "Kezia Blandford"}),
        ("sell_reuse_item", {"token": K, "item_id": "$log_reuse_item.item_id", "price": 6.0,
                             "buyer": "Mrs Odette Mulgrave"})]
MICROWAVE = [sign_in("kezia"), ("reuse_items", {"token": K}),
             ("pat_test", {"token": K, "item_id": "$reuse_items.1.item_id", "passed": True,
                           "tester": "Kezia Blandford"})]
TABLE_SOLD = [sign_in("kezia"), ("reuse_items", {"token": K}),
              ("sell_reuse_item", {"token": K, "item_id": "$reuse_items.0.item_id", "price": 40.0,
                                   "buyer": "Mr Evander Loxley"})]
TRADE = "$register_trade_account.account_id"
FETTLE = [sign_in("lavinia"),
          ("register_trade_account", {"token": L, "business": "Fettle and Daughters Joinery",
                                      "contact": "Ms Perdita Fettle", "email": "perdita@fettlejoinery.example.co.uk",
                                      "phone": "01632 961577", "carrier_licence": "CBDU337029"}),
          ("verify_waste_carrier", {"token": L, "account_id": TRADE, "licence_number": "CBDU337029",
                                    "expires": "2039-06-30"}),
          ("buy_trade_tickets", {"token": L, "account_id": TRADE, "books": 2, "amount": 90.0}),
          sign_in("kezia"), ("site_directory", {}),
          ("record_trade_visit", {"token": K, "account_id": TRADE, "site_code": MRL, "registration": "PF21 JNR",
                                  "tickets": 2})]
GREENBOUGH = [sign_in("lavinia"), ("trade_accounts", {"token": L, "text": "Greenbough"}),
              ("verify_waste_carrier", {"token": L, "account_id": "$trade_accounts.0.account_id",
                                        "licence_number": "CBDU204117", "expires": "2038-08-31"}),
              ("buy_trade_tickets", {"token": L, "account_id": "$trade_accounts.0.account_id", "books": 1,
                                     "amount": 45.0})]
PELLINORE_LOAD = [sign_in("kezia"), ("site_directory", {}), ("trade_accounts", {"token": K, "text": "Pellinore"}),
                  ("record_trade_visit", {"token": K, "account_id": "$trade_accounts.0.account_id", "site_code": MRL,
                                          "registration": "PP20 LMX", "tickets": 3})]

_BODY = [
    # residents
    ("register_resident", "update_resident", N_UPDATE),
    ("find_resident", "update_resident", YARWOOD_EMAIL),
    ("register_resident", "resident_account", N_ACCOUNT),
    ("find_resident", "resident_account", ASHDOWN_ACCOUNT),
    ("register_resident", "add_vehicle", N_CAR),
    ("find_resident", "add_vehicle", QUENNELL_TRAILER),
    ("register_resident", "verify_proof_of_address", N_PROOF),
    ("find_resident", "verify_proof_of_address", cut(PENHALIGON_APPROVED, "verify_proof_of_address")),
    ("register_resident", "notify_resident", N_NOTIFY),
    ("find_resident", "notify_resident", ASHDOWN_TOLD),
    ("register_resident", "book_visit", N_VISIT),
    ("find_resident", "book_visit", QUENNELL_SUNDAY),
    ("register_resident", "apply_van_permit", N_PERMIT),
    ("find_resident", "apply_van_permit", YARWOOD_RENEWAL),
    ("register_resident", "book_bulky_collection", N_BULKY),
    ("find_resident", "book_bulky_collection", QUENNELL_MATTRESS),
    ("address_search", "register_resident", N),
    # visits
    ("site_directory", "free_slots", N_SLOTS),
    ("free_slots", "book_visit", N_VISIT),
    ("materials_list", "book_visit", N_VISIT),
    ("add_vehicle", "book_visit", N_VISIT),
    ("approve_van_permit", "book_visit", N_VISIT),
    ("book_visit", "add_chargeable_waste", N_DIY),
    ("bookings", "add_chargeable_waste", ASHDOWN_RUBBLE),
    ("materials_list", "add_chargeable_waste", N_DIY),
    ("book_visit", "pay_booking_charges", N_PAID),
    ("bookings", "pay_booking_charges", ODDFELLOW_PAID),
    ("add_chargeable_waste", "pay_booking_charges", N_PAID),
    ("book_visit", "cancel_booking", N_CANCELLED),
    ("bookings", "cancel_booking", YARWOOD_CANCEL),
    ("book_visit", "move_booking", N_MOVED),
    ("bookings", "move_booking", ASHDOWN_MOVED),
    ("free_slots", "move_booking", ASHDOWN_MOVED),
    ("close_site", "move_booking", ASHDOWN_MOVED),
    ("book_visit", "check_in", N_TODAY),
    ("bookings", "check_in", QUENNELL_IN),
    ("pay_booking_charges", "check_in", ODDFELLOW_IN),
    # van permits
    ("add_vehicle", "apply_van_permit", N_PERMIT),
    ("apply_van_permit", "approve_van_permit", N_APPROVED),
    ("van_permits", "approve_van_permit", PENHALIGON_APPROVED),
    ("verify_proof_of_address", "approve_van_permit", PENHALIGON_APPROVED),
    # the centres
    ("site_directory", "close_site", CWF_CLOSED),
    ("site_directory", "containers", cut(WOOD_FULL, "containers")),
    ("containers", "record_fill_level", WOOD_FULL),
    ("containers", "request_container_exchange", WOOD_EXCHANGED),
    ("record_fill_level", "request_container_exchange", WOOD_EXCHANGED),
    # bulky waste
    ("collection_rounds", "book_bulky_collection", N_BULKY),
    ("bulky_price_list", "book_bulky_collection", N_BULKY),
    ("book_bulky_collection", "pay_bulky_collection", N_BULKY_PAID),
    ("bulky_collections", "pay_bulky_collection", ODDFELLOW_SOFA),
    ("book_bulky_collection", "cancel_bulky_collection", N_BULKY_CANCELLED),
    ("bulky_collections", "cancel_bulky_collection", ODDFELLOW_NO_SOFA),
    ("bulky_collections", "mark_collected", ASHDOWN_COLLECTED),
    ("pay_bulky_collection", "mark_collected", PENHALIGON_FRIDGE),
    # the reuse shop
    ("site_directory", "log_reuse_item", cut(LAMP, "log_reuse_item")),
    ("log_reuse_item", "pat_test", cut(LAMP, "pat_test")),
    ("reuse_items", "pat_test", MICROWAVE),
    ("log_reuse_item", "sell_reuse_item", LAMP),
    ("reuse_items", "sell_reuse_item", TABLE_SOLD),
    ("pat_test", "sell_reuse_item", LAMP),
    # trade waste
    ("register_trade_account", "verify_waste_carrier", cut(FETTLE, "verify_waste_carrier")),
    ("trade_accounts", "verify_waste_carrier", cut(GREENBOUGH, "verify_waste_carrier")),
    ("register_trade_account", "buy_trade_tickets", cut(FETTLE, "buy_trade_tickets")),
    ("trade_accounts", "buy_trade_tickets", GREENBOUGH),
    ("verify_waste_carrier", "buy_trade_tickets", GREENBOUGH),
    ("register_trade_account", "record_trade_visit", FETTLE),
    ("trade_accounts", "record_trade_visit", PELLINORE_LOAD),
    ("site_directory", "record_trade_visit", PELLINORE_LOAD),
    ("buy_trade_tickets", "record_trade_visit", FETTLE),
]

_OWN = {"sign_out": [sign_in("rosalind"), ("sign_out", {"token": "$rosalind.token"})]}


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
    # the van permits listed before Mr Huxtable's van is checked in (the gate reads the permit itself)
    ("van_permits", [sign_in("kezia"), sign_in("griselda"), ("van_permits", {"token": G, "status": "active"})]
     + QUENNELL_IN[1:]),
    # Ms Cresswell written to before her visit is moved
    ("notify_resident", ASHDOWN_MOVED[:1] + ASHDOWN_TOLD + ASHDOWN_MOVED[1:]),
    # the oak table sold before the microwave's PAT test
    ("sell_reuse_item", TABLE_SOLD + MICROWAVE[2:]),
    # Cowfold Wharf's containers read before it closes for the wind
    ("containers", CWF_CLOSED[:2] + [("containers", {"token": K, "site_code": CWF})] + CWF_CLOSED[2:]),
    # Mrs Oddfellow found before her collection is cancelled
    ("find_resident", ODDFELLOW_NO_SOFA[:1] + [("find_resident", {"token": G, "text": "Oddfellow"})]
     + ODDFELLOW_NO_SOFA[1:]),
    # the rounds for Ms Cresswell's postcode listed before the crew marks her collection done
    ("collection_rounds", [sign_in("griselda"), ("collection_rounds", {"token": G, "postcode": "QX6 3QM"})]
     + ASHDOWN_COLLECTED),
    # the centres' directory (which centres take vans) read before Mr Trevenna's pick-up permit is approved
    ("site_directory", PENHALIGON_APPROVED[:4] + [("site_directory", {})] + PENHALIGON_APPROVED[4:]),
    # the address finder before the rounds for Mr Huxtable's postcode are listed
    ("address_search", QUENNELL_MATTRESS[:2] + [("address_search", {"postcode": "QX4 2SW"})]
     + QUENNELL_MATTRESS[2:3]),
]
