"""Scripted proofs that Loupe's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime, which awaits the coroutines; a refusal is a raised
``PawnError``, which the runtime records as an error).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "jessamy")``) and pass ``"$jessamy.token"``; replies are read by field (``"$register_customer.customer_id"``,
``"$take_in_item.item_id"``, ``"$quote_loan.quote_id"``, ``"$make_pledge.pledge_id"``,
``"$list_for_sale.stock_id"``) and list entries by position and field (``"$find_customer.0.customer_id"``,
``"$items.0.item_id"``, ``"$gold_prices.2.carat"``, ``"$loan_rates.1.code"``, ``"$pledges.1.pledge_id"``,
``"$shop_stock.0.stock_id"``). The positions follow the fresh state's order (records by id, each list filtered as
the call asks; the loan rates by code; the gold prices by fineness). Every id and code is read from a reply; none
is written literally (names, dates, addresses, postcodes, phone numbers, e-mail addresses, documents and their
numbers, bank details, categories, descriptions, serial numbers, weights, valuations, notes, amounts, terms,
signatures, methods, declarations, witnesses, prices, buyers, floats, counts, subjects and bodies are written as the
staff are told them). A step saved under a name of its own is a second call of a tool on one path.

The day: Mr Strachan-Price registers, shows his passport, pawns his gold bracelet (tested, weighed and valued) for a
cash loan or one paid into his bank, then thinks better of it and redeems it; he sells his watch outright once its
serial number is checked. Mr Pennefather's new licence is seen and his watch and ring valued; his watch is pawned.
Mrs Scollard pays her interest and renews, or redeems; Mr Fitzwarren redeems his laptop on a lost-ticket
declaration. Mr Amberley's notice goes out; Ms Ockenden's ring is forfeited, priced and sold; Miss Coldwell's bangle
goes in the shop; the earrings are sold. The till is opened, read and cashed up.
"""

import loupe_tools as tools

WHO = {"jessamy": ("jessamy.h", "Ticket-Stub-31"), "bart": ("bart.q", "Touchstone-88"),
       "ottilie": ("ottilie.m", "Ledger-Line-14"), "fergal": ("fergal.t", "Three-Balls-50")}
JE, BA, OT, FE = "$jessamy.token", "$bart.token", "$ottilie.token", "$fergal.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


EAMON_ID = "$register_customer.customer_id"
TILL = ("open_till", {"token": JE, "float_amount": 2000.0})

# Mr Strachan-Price, new: his passport, then the bracelet pawned
EAMON = [sign_in("jessamy"),
         ("register_customer", {"token": JE, "name": "Mr Eamon Strachan-Price", "date_of_birth": "1979-05-19",
                                "address": "8 Fellmonger Close, Brackenford", "postcode": "BK3 2TC",
                                "phone": "07700 900608", "email": "eamon.sp@example.com"})]
EAMON_SEEN = EAMON + [("verify_identity", {"token": JE, "customer_id": EAMON_ID, "document": "passport",
                                           "document_number": "561209873", "expires": "2043-02-11"})]
EAMON_BRACELET = EAMON_SEEN + [
    ("take_in_item", {"token": JE, "customer_id": EAMON_ID, "category": "gold",
                      "description": "18ct gold curb bracelet, hallmarked"}),
    sign_in("bart"), ("gold_prices", {}),
    ("test_gold", {"token": BA, "item_id": "$take_in_item.item_id", "carat": "$gold_prices.2.carat",
                   "weight_g": 31.2}),
    ("value_item", {"token": BA, "item_id": "$take_in_item.item_id", "valuation": 1150.0,
                    "notes": "Full Birmingham hallmark, sound clasp, light wear"})]
EAMON_PLEDGE = EAMON_BRACELET + [
    ("loan_rates", {}),
    ("quote_loan", {"token": JE, "item_ids": ["$take_in_item.item_id"], "amount": 900.0, "months": 6,
                    "rate_code": "$loan_rates.1.code"}),
    ("make_pledge", {"token": JE, "quote_id": "$quote_loan.quote_id"})]
EAMON_SIGNED = EAMON_PLEDGE + [("sign_agreement", {"token": JE, "pledge_id": "$make_pledge.pledge_id",
                                                   "signed_by": "Mr Eamon Strachan-Price", "copy_given": True})]
EAMON_CASH = EAMON_SIGNED + [TILL, ("pay_out", {"token": JE, "pledge_id": "$make_pledge.pledge_id",
                                                "method": "cash"})]
EAMON_BANK = EAMON_SIGNED + [sign_in("ottilie"),
                             ("add_bank_details", {"token": OT, "customer_id": EAMON_ID,
                                                   "account_name": "E Strachan-Price", "sort_code": "40-12-76",
                                                   "account_number": "81234567"}),
                             ("pay_out", {"token": JE, "pledge_id": "$make_pledge.pledge_id",
                                          "method": "bank_transfer"})]
EAMON_CHANGED_MIND = EAMON_CASH + [("redeem_pledge", {"token": JE, "pledge_id": "$make_pledge.pledge_id",
                                                      "amount": 935.10, "method": "cash"})]
EAMON_TICKET = EAMON_PLEDGE + [("pledge_detail", {"token": JE, "pledge_id": "$make_pledge.pledge_id"})]
# ... and his watch, bought outright once its serial number is checked
EAMON_WATCH = EAMON_SEEN + [
    ("take_in_item", {"token": JE, "customer_id": EAMON_ID, "category": "watch",
                      "description": "Longines HydroConquest, steel, with papers", "serial_number": "L37814966"}),
    sign_in("bart"),
    ("check_stolen_register", {"token": BA, "item_id": "$take_in_item.item_id"}),
    ("value_item", {"token": BA, "item_id": "$take_in_item.item_id", "valuation": 700.0,
                    "notes": "Running well, box and papers, small scratch on the bezel"}),
    TILL,
    ("buy_outright", {"token": JE, "item_id": "$take_in_item.item_id", "price": 650.0, "method": "cash"})]
EAMON_FILE = EAMON + [("customer_file", {"token": JE, "customer_id": EAMON_ID})]
EAMON_MAIL = EAMON + [("message_customer", {"token": JE, "customer_id": EAMON_ID,
                                            "subject": "Welcome to Tolland's",
                                            "body": "Keep your pawn ticket safe; you will need it to redeem."})]
EAMON_PHONE = EAMON + [("update_customer", {"token": JE, "customer_id": EAMON_ID, "phone": "07700 900609"})]

# Mr Pennefather: his passport ran out, so his new driving licence is seen; his watch is valued and pawned
PENNEFATHER = [sign_in("jessamy"), ("find_customer", {"token": JE, "text": "Pennefather"}),
               ("verify_identity", {"token": JE, "customer_id": "$find_customer.0.customer_id",
                                    "document": "driving_licence", "document_number": "PENNE604099T99KB",
                                    "expires": "2046-06-03"})]
PENNEFATHER_WATCH = PENNEFATHER + [
    sign_in("bart"), ("items", {"token": BA, "stage": "awaiting"}),
    ("check_stolen_register", {"token": BA, "item_id": "$items.0.item_id"}),
    ("value_item", {"token": BA, "item_id": "$items.0.item_id", "valuation": 950.0,
                    "notes": "Serviced last year, original bracelet"}),
    ("loan_rates", {}),
    ("quote_loan", {"token": JE, "item_ids": ["$items.0.item_id"], "amount": 600.0, "months": 4,
                    "rate_code": "$loan_rates.2.code"}),
    ("make_pledge", {"token": JE, "quote_id": "$quote_loan.quote_id"})]
PENNEFATHER_RING = [sign_in("bart"), ("items", {"token": BA, "stage": "awaiting"}), ("gold_prices", {}),
                    ("test_gold", {"token": BA, "item_id": "$items.1.item_id", "carat": "$gold_prices.0.carat",
                                   "weight_g": 8.4}),
                    ("value_item", {"token": BA, "item_id": "$items.1.item_id", "valuation": 140.0,
                                    "notes": "Worn engraving, shank sound"})]
PENNEFATHER_RING_SOLD = PENNEFATHER + PENNEFATHER_RING + [
    TILL, ("buy_outright", {"token": JE, "item_id": "$items.1.item_id", "price": 120.0, "method": "cash"})]
SCOLLARD_SAPPHIRE = [sign_in("jessamy"), ("find_customer", {"token": JE, "text": "Scollard"}),
                     ("take_in_item", {"token": JE, "customer_id": "$find_customer.0.customer_id",
                                       "category": "jewellery", "description": "Sapphire and diamond cluster ring"})]
SCOLLARD_PHONE = [sign_in("jessamy"), ("find_customer", {"token": JE, "text": "Scollard"}),
                  ("update_customer", {"token": JE, "customer_id": "$find_customer.0.customer_id",
                                       "phone": "07700 900621"})]
AMBERLEY_FILE = [sign_in("ottilie"), ("find_customer", {"token": OT, "text": "Amberley"}),
                 ("customer_file", {"token": OT, "customer_id": "$find_customer.0.customer_id"})]
AMBERLEY_MAIL = [sign_in("ottilie"), ("find_customer", {"token": OT, "text": "Amberley"}),
                 ("message_customer", {"token": OT, "customer_id": "$find_customer.0.customer_id",
                                       "subject": "Your Omega Seamaster loan",
                                       "body": "Your loan ran out on 2 March; please call in to renew or redeem."})]
FITZWARREN_BANK = [sign_in("ottilie"), ("find_customer", {"token": OT, "text": "Fitzwarren"}),
                   ("add_bank_details", {"token": OT, "customer_id": "$find_customer.0.customer_id",
                                         "account_name": "C Fitzwarren", "sort_code": "30-94-18",
                                         "account_number": "66120457"})]

# the pledges: PT-19040 (Scollard) and PT-19043 (Fitzwarren) active; PT-19041 (Amberley) and PT-19042 (Ockenden)
# overdue
SCOLLARD_RENEW = [sign_in("jessamy"), ("pledges", {"token": JE, "status": "active"}), TILL,
                  ("pay_interest", {"token": JE, "pledge_id": "$pledges.0.pledge_id", "amount": 46.80,
                                    "method": "card"}),
                  ("renew_pledge", {"token": JE, "pledge_id": "$pledges.0.pledge_id", "months": 3})]
SCOLLARD_REDEEM = [sign_in("jessamy"), ("pledges", {"token": JE, "status": "active"}), TILL,
                   ("redeem_pledge", {"token": JE, "pledge_id": "$pledges.0.pledge_id", "amount": 346.80,
                                      "method": "cash"})]
SCOLLARD_TICKET = [sign_in("jessamy"), ("pledges", {"token": JE, "status": "active"}),
                   ("pledge_detail", {"token": JE, "pledge_id": "$pledges.0.pledge_id"})]
FITZWARREN = [sign_in("jessamy"), ("pledges", {"token": JE, "status": "active"}),
              ("declare_lost_ticket", {"token": JE, "pledge_id": "$pledges.1.pledge_id",
                                       "declaration": "I have lost the pawn ticket for my laptop and have not sold "
                                                      "or given it to anyone",
                                       "witnessed_by": "Jessamy Ruddock"}),
              TILL,
              ("redeem_pledge", {"token": JE, "pledge_id": "$pledges.1.pledge_id", "amount": 282.72,
                                 "method": "card", "ticket_presented": False})]
AMBERLEY_NOTICE = [sign_in("ottilie"), ("pledges", {"token": OT, "status": "overdue"}),
                   ("send_default_notice", {"token": OT, "pledge_id": "$pledges.0.pledge_id"})]
OCKENDEN = [sign_in("ottilie"), ("pledges", {"token": OT, "status": "overdue"}),
            ("forfeit_pledge", {"token": OT, "pledge_id": "$pledges.1.pledge_id"}),
            ("items", {"token": OT, "stage": "forfeited"}),
            ("list_for_sale", {"token": OT, "item_id": "$items.0.item_id", "price": 1650.0}),
            sign_in("jessamy"), TILL,
            ("sell_item", {"token": JE, "stock_id": "$list_for_sale.stock_id", "method": "card",
                           "buyer_name": "Mr Lazarus Wintringham"})]
COLDWELL = [sign_in("ottilie"), ("items", {"token": OT, "stage": "held"}),
            ("list_for_sale", {"token": OT, "item_id": "$items.0.item_id", "price": 1150.0})]
EARRINGS = [sign_in("jessamy"), ("shop_stock", {"token": JE}), TILL,
            ("sell_item", {"token": JE, "stock_id": "$shop_stock.0.stock_id", "method": "cash",
                           "buyer_name": "Mrs Clementine Aske"})]
TILL_READ = [sign_in("jessamy"), TILL, ("till_summary", {"token": JE})]
CASH_UP = [sign_in("jessamy"), TILL, ("close_till", {"token": JE, "counted": 2000.0})]

_BODY = [
    # customers
    ("register_customer", "verify_identity", EAMON_SEEN),
    ("find_customer", "verify_identity", PENNEFATHER),
    ("register_customer", "update_customer", EAMON_PHONE),
    ("find_customer", "update_customer", SCOLLARD_PHONE),
    ("register_customer", "customer_file", EAMON_FILE),
    ("find_customer", "customer_file", AMBERLEY_FILE),
    ("register_customer", "message_customer", EAMON_MAIL),
    ("find_customer", "message_customer", AMBERLEY_MAIL),
    ("register_customer", "add_bank_details", cut(EAMON_BANK, "add_bank_details")),
    ("find_customer", "add_bank_details", FITZWARREN_BANK),
    ("register_customer", "take_in_item", cut(EAMON_BRACELET, "take_in_item")),
    ("find_customer", "take_in_item", SCOLLARD_SAPPHIRE),
    ("verify_identity", "make_pledge", PENNEFATHER_WATCH),
    ("verify_identity", "buy_outright", EAMON_WATCH),
    # items and valuation
    ("take_in_item", "check_stolen_register", cut(EAMON_WATCH, "check_stolen_register")),
    ("items", "check_stolen_register", cut(PENNEFATHER_WATCH, "check_stolen_register")),
    ("take_in_item", "test_gold", cut(EAMON_BRACELET, "test_gold")),
    ("items", "test_gold", cut(PENNEFATHER_RING, "test_gold")),
    ("gold_prices", "test_gold", cut(PENNEFATHER_RING, "test_gold")),
    ("take_in_item", "value_item", EAMON_BRACELET),
    ("items", "value_item", PENNEFATHER_RING),
    ("test_gold", "value_item", EAMON_BRACELET),
    ("check_stolen_register", "value_item", cut(PENNEFATHER_WATCH, "value_item")),
    ("take_in_item", "quote_loan", cut(EAMON_PLEDGE, "quote_loan")),
    ("items", "quote_loan", cut(PENNEFATHER_WATCH, "quote_loan")),
    ("loan_rates", "quote_loan", cut(EAMON_PLEDGE, "quote_loan")),
    ("value_item", "quote_loan", cut(EAMON_PLEDGE, "quote_loan")),
    ("take_in_item", "buy_outright", EAMON_WATCH),
    ("items", "buy_outright", PENNEFATHER_RING_SOLD),
    ("value_item", "buy_outright", EAMON_WATCH),
    ("open_till", "buy_outright", EAMON_WATCH),
    # pledges
    ("quote_loan", "make_pledge", EAMON_PLEDGE),
    ("make_pledge", "sign_agreement", EAMON_SIGNED),
    ("make_pledge", "pay_out", EAMON_CASH),
    ("sign_agreement", "pay_out", EAMON_CASH),
    ("open_till", "pay_out", EAMON_CASH),
    ("add_bank_details", "pay_out", EAMON_BANK),
    ("make_pledge", "pledge_detail", EAMON_TICKET),
    ("pledges", "pledge_detail", SCOLLARD_TICKET),
    ("make_pledge", "redeem_pledge", EAMON_CHANGED_MIND),
    ("pay_out", "redeem_pledge", EAMON_CHANGED_MIND),
    ("pledges", "redeem_pledge", SCOLLARD_REDEEM),
    ("open_till", "redeem_pledge", SCOLLARD_REDEEM),
    ("declare_lost_ticket", "redeem_pledge", FITZWARREN),
    ("pledges", "declare_lost_ticket", cut(FITZWARREN, "declare_lost_ticket")),
    ("pledges", "pay_interest", cut(SCOLLARD_RENEW, "pay_interest")),
    ("open_till", "pay_interest", cut(SCOLLARD_RENEW, "pay_interest")),
    ("pledges", "renew_pledge", SCOLLARD_RENEW),
    ("pay_interest", "renew_pledge", SCOLLARD_RENEW),
    ("pledges", "send_default_notice", AMBERLEY_NOTICE),
    ("pledges", "forfeit_pledge", cut(OCKENDEN, "forfeit_pledge")),
    # the shop and the till
    ("forfeit_pledge", "list_for_sale", cut(OCKENDEN, "list_for_sale")),
    ("items", "list_for_sale", COLDWELL),
    ("list_for_sale", "sell_item", OCKENDEN),
    ("shop_stock", "sell_item", EARRINGS),
    ("open_till", "sell_item", EARRINGS),
    ("open_till", "till_summary", TILL_READ),
    ("open_till", "close_till", CASH_UP),
]

_OWN = {"sign_out": [sign_in("fergal"), ("sign_out", {"token": FE})]}


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
    # today's gold prices read before Mr Pennefather's watch is checked against the register
    ("gold_prices", PENNEFATHER_WATCH[:5] + [("gold_prices", {})] + PENNEFATHER_WATCH[5:6]),
    # the loan rates read before Mrs Scollard's interest is taken (the interest due is on the pledge)
    ("loan_rates", SCOLLARD_RENEW[:3] + [("loan_rates", {})] + SCOLLARD_RENEW[3:4]),
    # today's gold prices read before Mrs Scollard's gold chain is renewed
    ("gold_prices", SCOLLARD_RENEW[:4] + [("gold_prices", {})] + SCOLLARD_RENEW[4:]),
    # the shop's stock read before Mr Amberley's notice goes out
    ("shop_stock", AMBERLEY_NOTICE[:2] + [("shop_stock", {"token": OT})] + AMBERLEY_NOTICE[2:]),
    # Ms Ockenden written to before her pledge is forfeited
    ("message_customer", OCKENDEN[:2] + [("find_customer", {"token": OT, "text": "Ockenden"}),
                                         ("message_customer", {"token": OT,
                                                               "customer_id": "$find_customer.0.customer_id",
                                                               "subject": "Your diamond ring",
                                                               "body": "Your ring is now forfeit and will be sold."})]
     + OCKENDEN[2:3]),
    # the loan rates read before Mr Strachan-Price's watch is bought (he sells it rather than pawn it)
    ("loan_rates", EAMON_WATCH[:7] + [("loan_rates", {})] + EAMON_WATCH[7:]),
    # the items read before Mrs Scollard redeems her chain
    ("items", SCOLLARD_REDEEM[:3] + [("items", {"token": JE, "stage": "pledged"})] + SCOLLARD_REDEEM[3:]),
    # today's gold prices read before Miss Coldwell's bangle is priced
    ("gold_prices", COLDWELL[:2] + [("gold_prices", {})] + COLDWELL[2:]),
]
