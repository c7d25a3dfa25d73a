"""Scripted proofs that Swarf's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime, and, since the raw replies are plain dicts, lists, numbers and strings, under the plain
oracle too; a refusal is a raised built-in exception, a failure under both).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "imelda")``) and pass ``"$imelda.token"``; replies are read by field (``"$register_seller.seller_id"``,
``"$weigh_in.ticket_id"``, ``"$book_vehicle.vehicle_id"``, ``"$harvest_part.part_id"``, ``"$create_load.load_id"``,
``"$invoice_load.invoice_id"``) and list entries by position and field (``"$find_seller.0.seller_id"``,
``"$tickets.0.ticket_id"``, ``"$vehicles.0.vehicle_id"``, ``"$parts_stock.0.part_id"``, ``"$buyers.2.buyer_id"``,
``"$loads.1.load_id"``, ``"$metal_prices.9.code"``), a buyer's invoice by row and column
(``"$buyer_account.invoices.0.0"``). The positions follow the fresh state's order (records by id, grades by code, each
list filtered as the call asks). Every id and code is read from a reply; none is written literally (names, addresses,
postcodes, phone numbers, documents, bank details, registrations, logbook references, weights, deductions, waste
codes, amounts, prices, parts, reasons, police officers and references, hauliers and messages are written as the staff
are told them).

The day: Mr Vardy registers, shows his passport, weighs in a van of copper, has it graded, weighed out, priced and
paid once his bank details are on file, and books his old car in for scrap, which is checked, received, depolluted,
stripped of a part, certified destroyed, crushed and paid for. Mr Hebblethwaite's light iron is graded and weighed out,
which makes up Kessock's fourteen tonnes; Prowse & Daughters' copper is weighed out and priced; Ms Ollerenshaw's steel
is priced and paid once her bank details are on file, and her Picanto paid for; the police release the held brass;
Mr Stobbart shows his licence and weighs in; Mrs Catterick's Corsa is checked and received; the Micra is depolluted;
the Jazz is certified and crushed; Halewood pay what they owe and order copper; the Dunmere steel gets its transfer
note and goes; the Kessock car bodies go and are invoiced.
"""

import swarf_tools as tools

WHO = {"morwenna": ("morwenna.d", "Tare-Weight-31"), "ifor": ("ifor.g", "Magnet-Crane-8"),
       "radomir": ("radomir.s", "Drain-Rig-54"), "imelda": ("imelda.t", "Ledger-Gate-19"),
       "cormac": ("cormac.p", "Yard-Boss-77")}
MO, GE, RA, IM, CO = "$morwenna.token", "$ifor.token", "$radomir.token", "$imelda.token", "$cormac.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


DEPOLLUTED = ["battery", "fuel", "oil", "coolant", "brake_fluid", "refrigerant", "airbags", "tyres"]

# Mr Vardy, new: registered and his passport seen; his van of copper weighed in, graded, weighed out, priced and paid
VARDY = [sign_in("imelda"),
         ("register_seller", {"token": IM, "name": "Mr Lemuel Vardy", "address": "6 Slagbank Terrace, Scaldwell",
                              "postcode": "SW3 7ST", "phone": "07700 900588"})]
VARDY_SEEN = VARDY + [("verify_seller_id", {"token": IM, "seller_id": "$register_seller.seller_id",
                                            "document": "passport", "number": "561902247",
                                            "expires": "2047-09-03"})]
VARDY_IN = VARDY_SEEN + [sign_in("morwenna"),
                         ("weigh_in", {"token": MO, "seller_id": "$register_seller.seller_id",
                                       "registration": "SW62 KFD", "gross_kg": 2310})]
VARDY_GRADED = VARDY_IN + [sign_in("ifor"), ("metal_prices", {}),
                           ("grade_load", {"token": GE, "ticket_id": "$weigh_in.ticket_id",
                                           "grade": "$metal_prices.6.code", "deduction_kg": 12,
                                           "notes": "solder and fittings left on the pipe"})]
VARDY_OUT = VARDY_GRADED + [("weigh_out", {"token": MO, "ticket_id": "$weigh_in.ticket_id", "tare_kg": 2150})]
VARDY_PRICED = VARDY_OUT + [("price_ticket", {"token": IM, "ticket_id": "$weigh_in.ticket_id"})]
VARDY_BANK = [("add_bank_account", {"token": IM, "seller_id": "$register_seller.seller_id",
                                    "account_name": "L Vardy", "sort_code": "40-11-62",
                                    "account_number": "29384756"})]
VARDY_PAID = VARDY_PRICED + VARDY_BANK + [("pay_ticket", {"token": IM, "ticket_id": "$weigh_in.ticket_id"})]
VARDY_DETAIL = VARDY_IN + [("ticket_detail", {"token": MO, "ticket_id": "$weigh_in.ticket_id"})]
VARDY_VOID = VARDY_IN + [("void_ticket", {"token": MO, "ticket_id": "$weigh_in.ticket_id",
                                          "reason": "He drove off before tipping; the load was not his to sell"})]
VARDY_FILE = VARDY + [("seller_file", {"token": IM, "seller_id": "$register_seller.seller_id"})]
VARDY_TEXT = VARDY + [("message_seller", {"token": IM, "seller_id": "$register_seller.seller_id",
                                          "text": "Please bring photo ID when you come in with the van."})]
VARDY_MOVED = VARDY + [("update_seller", {"token": IM, "seller_id": "$register_seller.seller_id",
                                          "address": "6 Slagbank Terrace, Scaldwell", "postcode": "SW3 7SU"})]
VARDY_BANKED = VARDY + VARDY_BANK

# his old Ignis: booked in, checked, received, depolluted, a part taken off, certified, crushed and paid for
VARDY_CAR = VARDY_SEEN + [("book_vehicle", {"token": IM, "seller_id": "$register_seller.seller_id",
                                            "registration": "TM10 VGE", "make_model": "Suzuki Ignis",
                                            "v5c_number": "63314072918"})]
CAR = "$book_vehicle.vehicle_id"
VARDY_CHECKED = VARDY_CAR + [("check_vehicle", {"token": IM, "vehicle_id": CAR})]
VARDY_RECEIVED = VARDY_CHECKED + [sign_in("morwenna"),
                                  ("receive_vehicle", {"token": MO, "vehicle_id": CAR, "weight_kg": 1070})]
VARDY_STRIPPED = VARDY_RECEIVED + [sign_in("radomir"),
                                   ("depollute_vehicle", {"token": RA, "vehicle_id": CAR, "removed": DEPOLLUTED})]
VARDY_PART = VARDY_STRIPPED + [("harvest_part", {"token": RA, "vehicle_id": CAR, "part": "Gearbox, five-speed",
                                                 "grade": "B", "price": 150.0})]
VARDY_COD = VARDY_STRIPPED + [("issue_cod", {"token": IM, "vehicle_id": CAR})]
VARDY_CRUSHED = VARDY_COD + [sign_in("ifor"), ("crush_vehicle", {"token": GE, "vehicle_id": CAR})]
VARDY_CAR_PAID = VARDY_RECEIVED + VARDY_BANK + [("pay_for_vehicle", {"token": IM, "vehicle_id": CAR,
                                                                     "amount": 90.0})]

# Mr Hebblethwaite's light iron (WT-7301, weighed in): graded and weighed out; it makes up Kessock's fourteen tonnes
HEBB = [sign_in("ifor"), ("tickets", {"token": GE, "status": "weighed_in"}), ("metal_prices", {}),
        ("grade_load", {"token": GE, "ticket_id": "$tickets.0.ticket_id", "grade": "$metal_prices.9.code"})]
HEBB_OUT = HEBB + [sign_in("morwenna"), ("weigh_out", {"token": MO, "ticket_id": "$tickets.0.ticket_id",
                                                       "tare_kg": 1480})]
KESSOCK = HEBB_OUT + [sign_in("imelda"), ("buyers", {"token": IM}),
                      ("create_load", {"token": IM, "buyer_id": "$buyers.2.buyer_id", "grade": "$metal_prices.9.code",
                                       "target_kg": 14000})]
KESSOCK_NOTE = KESSOCK + [("issue_transfer_note", {"token": IM, "load_id": "$create_load.load_id",
                                                   "waste_code": "17 04 05"})]
KESSOCK_GONE = KESSOCK_NOTE + [("dispatch_load", {"token": MO, "load_id": "$create_load.load_id",
                                                  "haulier": "Kessock Shredding Ltd", "registration": "KS19 WLB",
                                                  "weight_kg": 13980})]
KESSOCK_BILLED = KESSOCK_GONE + [("invoice_load", {"token": IM, "load_id": "$create_load.load_id"})]
HEBB_BACK = [sign_in("morwenna"), ("tickets", {"token": MO, "status": "weighed_in"}),
             ("void_ticket", {"token": MO, "ticket_id": "$tickets.0.ticket_id",
                              "reason": "Mr Hebblethwaite took the load back; it was his neighbour's fence"})]
HEBB_OLD_PAID = [sign_in("imelda"), ("tickets", {"token": IM, "status": "priced"}),
                 ("pay_ticket", {"token": IM, "ticket_id": "$tickets.0.ticket_id"})]
HEBB_FILE = [sign_in("imelda"), ("find_seller", {"token": IM, "text": "Hebblethwaite"}),
             ("seller_file", {"token": IM, "seller_id": "$find_seller.0.seller_id"})]

# Prowse & Daughters' copper (WT-7302, graded): weighed out and priced
PROWSE_OUT = [sign_in("morwenna"), ("tickets", {"token": MO, "status": "graded"}),
              ("weigh_out", {"token": MO, "ticket_id": "$tickets.0.ticket_id", "tare_kg": 2960})]
PROWSE_PRICED = PROWSE_OUT + [sign_in("imelda"), ("price_ticket", {"token": IM, "ticket_id": "$tickets.0.ticket_id"})]

# Ms Ollerenshaw's steel (WT-7303, weighed out): priced, her bank details kept, paid; her Picanto (EV-404) paid for
OLLER_BANK = [("find_seller", {"token": IM, "text": "Ollerenshaw"}),
              ("add_bank_account", {"token": IM, "seller_id": "$find_seller.0.seller_id",
                                    "account_name": "E Ollerenshaw", "sort_code": "60-83-71",
                                    "account_number": "11902345"})]
OLLER_PAID = [sign_in("imelda"), ("tickets", {"token": IM, "status": "weighed_out"}),
              ("price_ticket", {"token": IM, "ticket_id": "$tickets.0.ticket_id"})] + OLLER_BANK + [
    ("pay_ticket", {"token": IM, "ticket_id": "$tickets.0.ticket_id"})]
OLLER_CAR_PAID = [sign_in("imelda"), ("vehicles", {"token": IM, "stage": "cod_issued"})] + OLLER_BANK + [
    ("pay_for_vehicle", {"token": IM, "vehicle_id": "$vehicles.0.vehicle_id", "amount": 85.0})]

# the brass held for the police (WT-7305): released and paid
BRASS_PAID = [sign_in("cormac"), ("tickets", {"token": CO, "status": "on_hold"}),
              ("release_hold", {"token": CO, "ticket_id": "$tickets.0.ticket_id", "officer": "DC Annis Moxham",
                                "reference": "MT/0611/R"}),
              sign_in("imelda"), ("pay_ticket", {"token": IM, "ticket_id": "$tickets.0.ticket_id"})]
BRASS_DETAIL = [sign_in("imelda"), ("tickets", {"token": IM, "status": "on_hold"}),
                ("ticket_detail", {"token": IM, "ticket_id": "$tickets.0.ticket_id"})]

# Mr Stobbart shows his driving licence and weighs in a trailer of steel
STOBBART = [sign_in("morwenna"), ("find_seller", {"token": MO, "text": "Stobbart"}),
           ("verify_seller_id", {"token": MO, "seller_id": "$find_seller.0.seller_id", "document": "driving_licence",
                                 "number": "STOBB805117FD2JK", "expires": "2045-04-30"})]
STOBBART_IN = STOBBART + [("weigh_in", {"token": MO, "seller_id": "$find_seller.0.seller_id",
                                      "registration": "TM55 ORC", "gross_kg": 1640})]
STOBBART_CAR = STOBBART + [sign_in("imelda"),
                         ("book_vehicle", {"token": IM, "seller_id": "$find_seller.0.seller_id",
                                           "registration": "TM04 HZB", "make_model": "Mazda Demio",
                                           "v5c_number": "47702519836"})]
TRETHEWEY = [sign_in("imelda"), ("find_seller", {"token": IM, "text": "Trethewey"}),
             ("update_seller", {"token": IM, "seller_id": "$find_seller.0.seller_id", "phone": "07700 900589"})]
CATTERICK_TEXT = [sign_in("morwenna"), ("find_seller", {"token": MO, "text": "Catterick"}),
                  ("message_seller", {"token": MO, "seller_id": "$find_seller.0.seller_id",
                                      "text": "Your Corsa is in; payment goes to your bank today."})]

# Mrs Catterick's Corsa (EV-401, booked): checked, received, depolluted, paid for
CORSA_CHECKED = [sign_in("imelda"), ("vehicles", {"token": IM, "stage": "booked"}),
                 ("check_vehicle", {"token": IM, "vehicle_id": "$vehicles.0.vehicle_id"})]
CORSA_IN = CORSA_CHECKED + [sign_in("morwenna"),
                            ("receive_vehicle", {"token": MO, "vehicle_id": "$vehicles.0.vehicle_id",
                                                 "weight_kg": 1020})]
CORSA_STRIPPED = CORSA_IN + [sign_in("radomir"),
                             ("depollute_vehicle", {"token": RA, "vehicle_id": "$vehicles.0.vehicle_id",
                                                    "removed": DEPOLLUTED})]
CORSA_PAID = CORSA_IN + [("pay_for_vehicle", {"token": IM, "vehicle_id": "$vehicles.0.vehicle_id",
                                              "amount": 110.0})]

# the Micra on the rig (EV-402, received): depolluted, certified, a part off it; paid for
MICRA = [sign_in("radomir"), ("vehicles", {"token": RA, "stage": "received"}),
         ("depollute_vehicle", {"token": RA, "vehicle_id": "$vehicles.0.vehicle_id", "removed": DEPOLLUTED})]
MICRA_COD = MICRA + [sign_in("imelda"), ("issue_cod", {"token": IM, "vehicle_id": "$vehicles.0.vehicle_id"})]
MICRA_PART = MICRA + [("harvest_part", {"token": RA, "vehicle_id": "$vehicles.0.vehicle_id",
                                        "part": "Offside headlamp", "grade": "A", "price": 45.0})]
MICRA_PAID = [sign_in("imelda"), ("vehicles", {"token": IM, "stage": "received"}),
              ("pay_for_vehicle", {"token": IM, "vehicle_id": "$vehicles.0.vehicle_id", "amount": 110.0})]

# the Jazz (EV-403, depolluted): certified and crushed; its rear seats taken off and sold
JAZZ_COD = [sign_in("imelda"), ("vehicles", {"token": IM, "stage": "depolluted"}),
            ("issue_cod", {"token": IM, "vehicle_id": "$vehicles.0.vehicle_id"})]
JAZZ_CRUSHED = JAZZ_COD + [sign_in("ifor"), ("crush_vehicle", {"token": GE, "vehicle_id": "$vehicles.0.vehicle_id"})]
JAZZ_PART = [sign_in("radomir"), ("vehicles", {"token": RA, "stage": "depolluted"}),
             ("harvest_part", {"token": RA, "vehicle_id": "$vehicles.0.vehicle_id", "part": "Rear seats, black cloth",
                               "grade": "B", "price": 55.0}),
             sign_in("imelda"), ("sell_part", {"token": IM, "part_id": "$harvest_part.part_id",
                                              "buyer": "Ms Blessing Ruddle", "price": 55.0, "method": "bank_transfer"})]
PICANTO_CRUSHED = [sign_in("ifor"), ("vehicles", {"token": GE, "stage": "cod_issued"}),
                   ("crush_vehicle", {"token": GE, "vehicle_id": "$vehicles.0.vehicle_id"})]
ALTERNATOR = [sign_in("imelda"), ("parts_stock", {"token": IM, "text": "alternator"}),
              ("sell_part", {"token": IM, "part_id": "$parts_stock.0.part_id", "buyer": "Scaldwell Motor Spares",
                             "price": 35.0, "method": "account"})]

# the mills: Halewood pay what they owe and order a tonne of number 2 copper; Dunmere's steel (LD-301) goes; the
# Kessock car bodies (LD-302) go and are invoiced; Halewood's copper (LD-300) is invoiced and part paid
HALEWOOD = [sign_in("imelda"), ("buyers", {"token": IM}),
            ("buyer_account", {"token": IM, "buyer_id": "$buyers.1.buyer_id"}),
            ("record_buyer_payment", {"token": IM, "invoice_id": "$buyer_account.invoices.0.0", "amount": 9840.0}),
            ("metal_prices", {}),
            ("create_load", {"token": IM, "buyer_id": "$buyers.1.buyer_id", "grade": "$metal_prices.6.code",
                             "target_kg": 1000})]
DUNMERE_NEW = [sign_in("imelda"), ("buyers", {"token": IM}), ("metal_prices", {}),
               ("create_load", {"token": IM, "buyer_id": "$buyers.0.buyer_id", "grade": "$metal_prices.7.code",
                                "target_kg": 20000})]
DUNMERE = [sign_in("imelda"), ("loads", {"token": IM, "stage": "planned"}),
           ("issue_transfer_note", {"token": IM, "load_id": "$loads.0.load_id", "waste_code": "17 04 05"}),
           sign_in("morwenna"), ("dispatch_load", {"token": MO, "load_id": "$loads.0.load_id",
                                                   "haulier": "Brockhurst Haulage", "registration": "BH21 RKW",
                                                   "weight_kg": 23960})]
BODIES = [sign_in("morwenna"), ("loads", {"token": MO, "stage": "planned"}),
          ("dispatch_load", {"token": MO, "load_id": "$loads.1.load_id", "haulier": "Kessock Shredding Ltd",
                             "registration": "KS19 WLB", "weight_kg": 7940}),
          sign_in("imelda"), ("invoice_load", {"token": IM, "load_id": "$loads.1.load_id"})]
COPPER_BILLED = [sign_in("imelda"), ("loads", {"token": IM, "stage": "dispatched"}),
                 ("invoice_load", {"token": IM, "load_id": "$loads.0.load_id"}),
                 ("record_buyer_payment", {"token": IM, "invoice_id": "$invoice_load.invoice_id", "amount": 5000.0})]

_BODY = [
    # sellers
    ("register_seller", "verify_seller_id", VARDY_SEEN),
    ("find_seller", "verify_seller_id", STOBBART),
    ("register_seller", "update_seller", VARDY_MOVED),
    ("find_seller", "update_seller", TRETHEWEY),
    ("register_seller", "add_bank_account", VARDY_BANKED),
    ("find_seller", "add_bank_account", cut(OLLER_CAR_PAID, "add_bank_account")),
    ("register_seller", "seller_file", VARDY_FILE),
    ("find_seller", "seller_file", HEBB_FILE),
    ("register_seller", "message_seller", VARDY_TEXT),
    ("find_seller", "message_seller", CATTERICK_TEXT),
    ("register_seller", "weigh_in", VARDY_IN),
    ("find_seller", "weigh_in", STOBBART_IN),
    ("register_seller", "book_vehicle", VARDY_CAR),
    ("find_seller", "book_vehicle", STOBBART_CAR),
    ("verify_seller_id", "weigh_in", STOBBART_IN),
    ("verify_seller_id", "book_vehicle", VARDY_CAR),
    # tickets
    ("weigh_in", "grade_load", VARDY_GRADED),
    ("tickets", "grade_load", HEBB),
    ("weigh_in", "weigh_out", VARDY_OUT),
    ("tickets", "weigh_out", PROWSE_OUT),
    ("weigh_in", "price_ticket", VARDY_PRICED),
    ("tickets", "price_ticket", cut(OLLER_PAID, "price_ticket")),
    ("weigh_in", "pay_ticket", VARDY_PAID),
    ("tickets", "pay_ticket", HEBB_OLD_PAID),
    ("weigh_in", "ticket_detail", VARDY_DETAIL),
    ("tickets", "ticket_detail", BRASS_DETAIL),
    ("weigh_in", "void_ticket", VARDY_VOID),
    ("tickets", "void_ticket", HEBB_BACK),
    ("tickets", "release_hold", cut(BRASS_PAID, "release_hold")),
    ("metal_prices", "grade_load", HEBB),
    ("grade_load", "weigh_out", HEBB_OUT),
    ("weigh_out", "price_ticket", PROWSE_PRICED),
    ("price_ticket", "pay_ticket", OLLER_PAID),
    ("release_hold", "pay_ticket", BRASS_PAID),
    ("add_bank_account", "pay_ticket", OLLER_PAID),
    # cars
    ("book_vehicle", "check_vehicle", VARDY_CHECKED),
    ("vehicles", "check_vehicle", CORSA_CHECKED),
    ("book_vehicle", "receive_vehicle", VARDY_RECEIVED),
    ("vehicles", "receive_vehicle", CORSA_IN),
    ("book_vehicle", "depollute_vehicle", VARDY_STRIPPED),
    ("vehicles", "depollute_vehicle", MICRA),
    ("book_vehicle", "issue_cod", VARDY_COD),
    ("vehicles", "issue_cod", JAZZ_COD),
    ("book_vehicle", "pay_for_vehicle", VARDY_CAR_PAID),
    ("vehicles", "pay_for_vehicle", MICRA_PAID),
    ("book_vehicle", "harvest_part", VARDY_PART),
    ("vehicles", "harvest_part", cut(JAZZ_PART, "harvest_part")),
    ("book_vehicle", "crush_vehicle", VARDY_CRUSHED),
    ("vehicles", "crush_vehicle", PICANTO_CRUSHED),
    ("check_vehicle", "receive_vehicle", CORSA_IN),
    ("receive_vehicle", "depollute_vehicle", CORSA_STRIPPED),
    ("receive_vehicle", "pay_for_vehicle", CORSA_PAID),
    ("add_bank_account", "pay_for_vehicle", OLLER_CAR_PAID),
    ("depollute_vehicle", "issue_cod", MICRA_COD),
    ("depollute_vehicle", "harvest_part", MICRA_PART),
    ("issue_cod", "crush_vehicle", JAZZ_CRUSHED),
    ("harvest_part", "sell_part", JAZZ_PART),
    ("parts_stock", "sell_part", ALTERNATOR),
    # loads and the mills
    ("buyers", "create_load", DUNMERE_NEW),
    ("metal_prices", "create_load", DUNMERE_NEW),
    ("weigh_out", "create_load", KESSOCK),
    ("record_buyer_payment", "create_load", HALEWOOD),
    ("buyers", "buyer_account", cut(HALEWOOD, "buyer_account")),
    ("buyer_account", "record_buyer_payment", cut(HALEWOOD, "record_buyer_payment")),
    ("invoice_load", "record_buyer_payment", COPPER_BILLED),
    ("create_load", "issue_transfer_note", KESSOCK_NOTE),
    ("loads", "issue_transfer_note", cut(DUNMERE, "issue_transfer_note")),
    ("create_load", "dispatch_load", KESSOCK_GONE),
    ("loads", "dispatch_load", cut(BODIES, "dispatch_load")),
    ("create_load", "invoice_load", KESSOCK_BILLED),
    ("loads", "invoice_load", cut(COPPER_BILLED, "invoice_load")),
    ("issue_transfer_note", "dispatch_load", DUNMERE),
    ("dispatch_load", "invoice_load", BODIES),
]

_OWN = {"sign_out": [sign_in("ifor"), ("sign_out", {"token": GE})],
        "stock_levels": [sign_in("ifor"), ("stock_levels", {"token": GE})],
        "daily_register": [sign_in("imelda"), ("daily_register", {"token": IM, "day": "2039-06-13"})]}


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
    # the stock read before Mr Hebblethwaite's priced ticket is paid
    ("stock_levels", HEBB_OLD_PAID[:2] + [("stock_levels", {"token": IM})] + HEBB_OLD_PAID[2:]),
    # yesterday's register read before the Jazz's certificate is issued
    ("daily_register", JAZZ_COD[:2] + [("daily_register", {"token": IM, "day": "2039-06-13"})] + JAZZ_COD[2:]),
    # the parts in stock read before the Picanto is crushed
    ("parts_stock", PICANTO_CRUSHED[:2] + [("parts_stock", {"token": GE})] + PICANTO_CRUSHED[2:]),
    # Mr Hebblethwaite texted before his ticket is voided
    ("message_seller", HEBB_BACK[:2] + [("find_seller", {"token": MO, "text": "Hebblethwaite"}),
                                        ("message_seller", {"token": MO, "seller_id": "$find_seller.0.seller_id",
                                                            "text": "We cannot take the fence panels; please "
                                                                    "collect them."})] + HEBB_BACK[2:]),
    # today's prices read before the Micra is paid for
    ("metal_prices", MICRA_PAID[:2] + [("metal_prices", {})] + MICRA_PAID[2:]),
    # Ms Ollerenshaw texted before her bank details are kept
    ("message_seller", OLLER_CAR_PAID[:3] + [("message_seller", {"token": IM, "seller_id": "$find_seller.0.seller_id",
                                                                 "text": "Please send us your bank details."})]
     + OLLER_CAR_PAID[3:4]),
    # Ms Ollerenshaw's steel priced before it is voided (a ticket weighed out is voided as well as a priced one)
    ("price_ticket", cut(OLLER_PAID, "price_ticket") + [
        ("void_ticket", {"token": IM, "ticket_id": "$tickets.0.ticket_id", "reason": "Weighed against the wrong "
                                                                                     "seller"})]),
    # today's prices read before Mr Stobbart weighs in
    ("metal_prices", STOBBART + [("metal_prices", {})] + STOBBART_IN[len(STOBBART):]),
]
