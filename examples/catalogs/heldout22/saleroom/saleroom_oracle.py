"""Scripted proofs that Saleroom's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime and, since every raw reply is already JSON,
directly over the functions too; a refusal is the ``{"status": "error", "error": {...}}`` envelope, whose
``error`` key both read as a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff log in
by first name (``("log_in", {...}, "nell")``) and pass ``"$nell.data.token"``; every reply is read inside
its envelope's ``data`` (``"$register_bidder.data.paddle"``, ``"$list_lots.data.2.lot_id"``,
``"$client_account.data.registrations.1.paddle"``, ``"$client_account.data.consignments.2.items.0"``,
``"$lot_detail.data.commission_bids.0.bid_id"``, ``"$sale_calendar.data.1.sale_id"``), the bare list of
free telephone lines by position (``"$free_phone_lines.data.0"``). Every id is read from a reply; none is
written literally. The sales by date are March (closed), April (today) and May (taking entries); today's
lots 115-120 are the longcase clock, the teapot, the Moorcroft vase, the Piper lithograph, the brooch
and the oak chairs.

The day's work: Mrs Philippa Hartley registered, verified, her late mother's jug taken in, catalogued on
signed terms, entered in the May sale with a reserve and a condition report, e-mailed, the May catalogue
published, Dr Fenwick's commission bid left on the jug and cancelled (and the jug withdrawn on another
path; Mrs Hartley registered to bid online today on another); the vicar's third consignment catalogued,
signed and entered, his work table's reserve lowered, then withdrawn and returned; Kenji Sato verified,
registered in the room, the teapot knocked down to him, the clock passed, the sale closed, his invoice
raised, paid and released, the vicar's statement drawn up and paid (on other paths the invoice
cancelled, the clock and the chairs relisted, the clock returned, Mr Sato booked on a telephone line for
the Piper); Dr Fenwick's brooch bid, the Moorcroft knocked down to her paddle and invoiced, her March
clock released, a cream jug taken in from her; Mrs Solberg's telephone line for the Moorcroft; Owain
Pryce's March invoice paid (or cancelled); Mrs Beddoes' bank details, statement, payment and e-mail,
and her unsold candlesticks relisted or returned.
"""

import saleroom_tools as tools

WHO = {"nell": ("nell.o", "Gavel-Front-31"), "hugo": ("hugo.p", "Hallmark-1785"), "raj": ("raj.b", "Ledger-Line-64"),
       "marian": ("marian.h", "Rostrum-Ten-10")}
NE, HU, RA, MA = "$nell.data.token", "$hugo.data.token", "$raj.data.token", "$marian.data.token"
CAL = ("sale_calendar", {})
MARCH, APRIL, MAY = "$sale_calendar.data.0.sale_id", "$sale_calendar.data.1.sale_id", "$sale_calendar.data.2.sale_id"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("log_in", {"username": user, "password": password}, who)


def logins(*who: str) -> list:
    return [login(w) for w in who]


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


P_CLIENT = "$register_client.data.client_id"
P_LOT = "$enter_in_sale.data.lot_id"
P_REGISTER = ("register_client", {"token": NE, "name": "Mrs Philippa Hartley", "email": "philippa.hartley@mail.example",
                                  "phone": "07700 900614", "postcode": "SY8 3LR"})
P_VERIFY = ("verify_identity", {"token": NE, "client_id": P_CLIENT, "document": "driving_licence",
                                "document_number": "HARTL652195P99XY", "proof_of_address": "council_tax_bill"})


def philippa(upto: str) -> list:
    """Mrs Hartley's late mother's jug: taken in, catalogued, entered in May, published, bid on."""
    return cut([
        *logins("nell", "hugo", "marian"),
        CAL,
        P_REGISTER,
        ("update_client", {"token": NE, "client_id": P_CLIENT, "phone": "01584 872614"}),
        P_VERIFY,
        ("receive_consignment", {"token": NE, "client_id": P_CLIENT, "items": 2,
                                 "description": "From her late mother's house: a Doulton Lambeth stoneware jug and a "
                                                "Victorian silver card case"}),
        ("client_account", {"token": NE, "client_id": P_CLIENT}),
        ("catalogue_item", {"token": HU, "consignment_id": "$receive_consignment.data.consignment_id",
                            "title": "A Doulton Lambeth stoneware jug, c.1880", "department": "ceramics",
                            "estimate_low": 120, "estimate_high": 180}),
        ("agree_terms", {"token": NE, "consignment_id": "$receive_consignment.data.consignment_id",
                         "commission_pct": 15.0, "signed_by": "Philippa Hartley"}),
        ("enter_in_sale", {"token": HU, "item_id": "$catalogue_item.data.item_id", "sale_id": MAY}),
        ("set_reserve", {"token": HU, "lot_id": P_LOT, "reserve": 100}),
        ("add_condition_report", {"token": HU, "lot_id": P_LOT,
                                  "text": "Small chip to the foot rim; light crazing to the glaze"}),
        ("lot_detail", {"token": HU, "lot_id": P_LOT}),
        ("email_client", {"token": NE, "client_id": P_CLIENT, "subject": "Your entry in the May Fine Sale",
                          "body": "Dear Mrs Hartley, your Doulton jug is entered in our May Fine Sale with a reserve "
                                  "of 100 pounds. The catalogue goes online this week."}),
        ("publish_catalogue", {"token": MA, "sale_id": MAY}),
        ("lot_search", {"keyword": "Doulton"}),
        ("find_client", {"token": NE, "query": "Fenwick"}, "lucy"),
        ("register_bidder", {"token": NE, "client_id": "$lucy.data.0.client_id", "sale_id": MAY, "method": "commission"}),
        ("leave_commission_bid", {"token": NE, "paddle": "$register_bidder.data.paddle",
                                  "lot_id": "$lot_search.data.0.lot_id", "max_bid": 160}),
        ("cancel_commission_bid", {"token": NE, "bid_id": "$leave_commission_bid.data.bid_id"}),
    ], upto)


PHILIPPA_WITHDRAW = [*philippa("enter_in_sale"),
                     ("withdraw_lot", {"token": HU, "lot_id": P_LOT, "reason": "Mrs Hartley has decided to keep the jug"})]
PHILIPPA_BID = [*logins("nell"), CAL, P_REGISTER, P_VERIFY,
                ("register_bidder", {"token": NE, "client_id": P_CLIENT, "sale_id": APRIL, "method": "online"})]

A_ACCOUNT = "$client_account.data.consignments.2.consignment_id"
ABBOTT = [
    *logins("nell", "hugo"),
    CAL,
    ("find_client", {"token": NE, "query": "Abbott"}),
    ("client_account", {"token": NE, "client_id": "$find_client.data.0.client_id"}),
    ("catalogue_item", {"token": HU, "consignment_id": A_ACCOUNT, "title": "A Staffordshire cow creamer, c.1850",
                        "department": "ceramics", "estimate_low": 80, "estimate_high": 120}),
    ("agree_terms", {"token": NE, "consignment_id": A_ACCOUNT, "commission_pct": 12.5,
                     "signed_by": "The Revd Simon Abbott"}),
    ("enter_in_sale", {"token": HU, "item_id": "$client_account.data.consignments.2.items.0", "sale_id": MAY}),
]
MAY_RESERVE = [*logins("hugo"), CAL, ("list_lots", {"token": HU, "sale_id": MAY}),
               ("set_reserve", {"token": HU, "lot_id": "$list_lots.data.0.lot_id", "reserve": 160})]
MAY_WITHDRAW = [*logins("hugo", "nell"), CAL, ("list_lots", {"token": HU, "sale_id": MAY}),
                ("withdraw_lot", {"token": HU, "lot_id": "$list_lots.data.0.lot_id",
                                  "reason": "The vicar has decided to keep the work table"}),
                ("return_to_vendor", {"token": NE, "lot_id": "$list_lots.data.0.lot_id",
                                      "collected_by": "The Revd Simon Abbott"})]
PIPER_REPORT = [*logins("hugo"), CAL, ("list_lots", {"token": HU, "sale_id": APRIL}),
                ("add_condition_report", {"token": HU, "lot_id": "$list_lots.data.3.lot_id",
                                          "text": "Slight foxing to the lower margin, visible only out of the frame"})]
MOORCROFT_BID_OFF = [*logins("nell"), CAL, ("list_lots", {"token": NE, "sale_id": APRIL}),
                     ("lot_detail", {"token": NE, "lot_id": "$list_lots.data.2.lot_id"}),
                     ("cancel_commission_bid", {"token": NE, "bid_id": "$lot_detail.data.commission_bids.0.bid_id"})]

K_CLIENT = "$find_client.data.0.client_id"
K_VERIFY = ("verify_identity", {"token": NE, "client_id": K_CLIENT, "document": "passport",
                                "document_number": "TK4471902", "proof_of_address": "utility_bill"})


def april(upto: str) -> list:
    """Today's sale: Kenji Sato buys the teapot, the clock is passed, the sale closes, money changes hands."""
    return cut([
        *logins("nell", "marian", "raj", "hugo"),
        CAL,
        ("find_client", {"token": NE, "query": "Sato"}),
        K_VERIFY,
        ("register_bidder", {"token": NE, "client_id": K_CLIENT, "sale_id": APRIL, "method": "room"}),
        ("list_lots", {"token": NE, "sale_id": APRIL}),
        ("open_sale", {"token": MA, "sale_id": APRIL}),
        ("record_hammer", {"token": MA, "lot_id": "$list_lots.data.1.lot_id", "paddle": "$register_bidder.data.paddle",
                           "hammer_price": 420}),
        ("record_passed", {"token": MA, "lot_id": "$list_lots.data.0.lot_id"}),
        ("close_sale", {"token": MA, "sale_id": APRIL}),
        ("buyer_invoice", {"token": RA, "sale_id": APRIL, "paddle": "$register_bidder.data.paddle"}),
        ("take_payment", {"token": RA, "invoice_id": "$buyer_invoice.data.invoice_id",
                          "amount": "$buyer_invoice.data.total", "method": "card"}),
        ("collection_note", {"token": NE, "invoice_id": "$buyer_invoice.data.invoice_id"}),
        ("find_client", {"token": RA, "query": "Abbott"}, "abbott"),
        ("vendor_statement", {"token": RA, "sale_id": APRIL, "client_id": "$abbott.data.0.client_id"}),
        ("settle_vendor", {"token": RA, "statement_id": "$vendor_statement.data.statement_id", "method": "bacs"}),
        ("relist_lot", {"token": HU, "lot_id": "$list_lots.data.5.lot_id"}),
    ], upto)


APRIL_CANCEL = [*april("buyer_invoice"),
                ("cancel_invoice", {"token": MA, "invoice_id": "$buyer_invoice.data.invoice_id",
                                    "reason": "Mr Sato bid on the wrong lot; the auctioneer accepts his mistake"})]
CLOCK_PASSED = [*logins("marian", "hugo", "nell"), CAL, ("list_lots", {"token": MA, "sale_id": APRIL}),
                ("open_sale", {"token": MA, "sale_id": APRIL}),
                ("record_passed", {"token": MA, "lot_id": "$list_lots.data.0.lot_id"})]
CLOCK_RELIST = [*CLOCK_PASSED, ("relist_lot", {"token": HU, "lot_id": "$list_lots.data.0.lot_id", "reserve": 600})]
CLOCK_RETURN = [*CLOCK_PASSED, ("return_to_vendor", {"token": NE, "lot_id": "$list_lots.data.0.lot_id",
                                                     "collected_by": "The Revd Simon Abbott"})]
L_PADDLE = "$client_account.data.registrations.1.paddle"
LUCY_BUYS = [
    *logins("nell", "marian", "raj"),
    CAL,
    ("find_client", {"token": NE, "query": "Fenwick"}),
    ("client_account", {"token": NE, "client_id": "$find_client.data.0.client_id"}),
    ("list_lots", {"token": MA, "sale_id": APRIL}),
    ("open_sale", {"token": MA, "sale_id": APRIL}),
    ("record_hammer", {"token": MA, "lot_id": "$list_lots.data.2.lot_id", "paddle": L_PADDLE, "hammer_price": 700}),
    ("close_sale", {"token": MA, "sale_id": APRIL}),
    ("list_lots", {"token": RA, "sale_id": APRIL, "status": "sold"}, "sold"),
    ("buyer_invoice", {"token": RA, "sale_id": APRIL, "paddle": "$sold.data.0.paddle"}),
]
LUCY_BROOCH = [*logins("nell"), CAL, ("find_client", {"token": NE, "query": "Fenwick"}),
               ("client_account", {"token": NE, "client_id": "$find_client.data.0.client_id"}),
               ("list_lots", {"token": NE, "sale_id": APRIL}),
               ("leave_commission_bid", {"token": NE, "paddle": L_PADDLE, "lot_id": "$list_lots.data.4.lot_id",
                                         "max_bid": 550})]
LUCY_COLLECT = [*logins("nell"), ("find_client", {"token": NE, "query": "Fenwick"}),
                ("client_account", {"token": NE, "client_id": "$find_client.data.0.client_id"}),
                ("collection_note", {"token": NE, "invoice_id": "$client_account.data.invoices.0.invoice_id"})]
LUCY_CONSIGN = [*logins("nell"), ("find_client", {"token": NE, "query": "Fenwick"}),
                ("receive_consignment", {"token": NE, "client_id": "$find_client.data.0.client_id", "items": 1,
                                         "description": "A late Georgian silver cream jug"})]
INGRID_PHONE = [*logins("nell"), CAL, ("find_client", {"token": NE, "query": "Solberg"}),
                ("client_account", {"token": NE, "client_id": "$find_client.data.0.client_id"}),
                ("free_phone_lines", {"token": NE}),
                ("list_lots", {"token": NE, "sale_id": APRIL}),
                ("book_phone_line", {"token": NE, "paddle": "$client_account.data.registrations.0.paddle",
                                     "lot_ids": ["$list_lots.data.2.lot_id"], "line": "$free_phone_lines.data.0"})]
KENJI_PHONE = [*logins("nell"), CAL, ("find_client", {"token": NE, "query": "Sato"}), K_VERIFY,
               ("register_bidder", {"token": NE, "client_id": K_CLIENT, "sale_id": APRIL, "method": "phone"}),
               ("free_phone_lines", {"token": NE}),
               ("lot_search", {"keyword": "Piper"}),
               ("book_phone_line", {"token": NE, "paddle": "$register_bidder.data.paddle",
                                    "lot_ids": ["$lot_search.data.0.lot_id"], "line": "$free_phone_lines.data.0"})]

H_CLIENT = "$find_client.data.0.client_id"
MARCH_ACCOUNTS = [
    *logins("nell", "raj"),
    CAL,
    ("find_client", {"token": RA, "query": "Pryce"}, "owain"),
    ("client_account", {"token": RA, "client_id": "$owain.data.0.client_id"}),
    ("take_payment", {"token": RA, "invoice_id": "$client_account.data.invoices.0.invoice_id",
                      "amount": "$client_account.data.invoices.0.total", "method": "bank_transfer"}),
    ("find_client", {"token": RA, "query": "Beddoes"}),
    ("update_client", {"token": RA, "client_id": H_CLIENT, "sort_code": "30-94-57", "account_number": "11852023",
                       "account_name": "H M Beddoes"}),
    ("vendor_statement", {"token": RA, "sale_id": MARCH, "client_id": H_CLIENT}),
    ("settle_vendor", {"token": RA, "statement_id": "$vendor_statement.data.statement_id", "method": "bacs"}),
    ("email_client", {"token": NE, "client_id": H_CLIENT, "subject": "Your March sale proceeds",
                      "body": "Dear Mrs Beddoes, the proceeds of your Worcester jug are on their way to your bank "
                              "by BACS. Your candlesticks did not sell; please let us know what you would like to do."}),
]
OWAIN_CANCEL = [*logins("marian"), ("find_client", {"token": MA, "query": "Pryce"}),
                ("client_account", {"token": MA, "client_id": "$find_client.data.0.client_id"}),
                ("cancel_invoice", {"token": MA, "invoice_id": "$client_account.data.invoices.0.invoice_id",
                                    "reason": "Not paid after four weeks; the jug goes to the underbidder"})]
CANDLESTICKS_RELIST = [*logins("hugo"), CAL, ("sale_results", {"sale_id": MARCH}),
                       ("relist_lot", {"token": HU, "lot_id": "$sale_results.data.1.lot_id", "reserve": 700})]
CANDLESTICKS_RETURN = [*logins("nell"), CAL, ("sale_results", {"sale_id": MARCH}),
                       ("return_to_vendor", {"token": NE, "lot_id": "$sale_results.data.1.lot_id",
                                             "collected_by": "Mrs Harriet Beddoes"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# clients
_FOUND = {"update_client": cut(MARCH_ACCOUNTS, "update_client"), "verify_identity": april("verify_identity"),
          "client_account": cut(LUCY_BROOCH, "client_account"), "receive_consignment": LUCY_CONSIGN,
          "register_bidder": april("register_bidder"), "email_client": MARCH_ACCOUNTS}
_NEW = {"register_bidder": PHILIPPA_BID}
for _c in tools.CLIENT_CONSUMERS:
    _add("find_client", _c, _FOUND[_c])
    _add("register_client", _c, _NEW.get(_c) or philippa(_c))
_add("find_client", "vendor_statement", cut(MARCH_ACCOUNTS, "vendor_statement"))

# sales
_SALES = {"enter_in_sale": philippa("enter_in_sale"), "publish_catalogue": philippa("publish_catalogue"),
          "vendor_statement": cut(MARCH_ACCOUNTS, "vendor_statement"),
          "sale_results": cut(CANDLESTICKS_RELIST, "sale_results")}
for _c in tools.SALE_CONSUMERS:
    _add("sale_calendar", _c, _SALES.get(_c) or april(_c))

# lots
_LISTED = {"set_reserve": MAY_RESERVE, "add_condition_report": PIPER_REPORT, "withdraw_lot": cut(MAY_WITHDRAW, "withdraw_lot"),
           "lot_detail": cut(MOORCROFT_BID_OFF, "lot_detail")}
for _c in tools.LOT_CONSUMERS:
    _add("enter_in_sale", _c, PHILIPPA_WITHDRAW if _c == "withdraw_lot" else philippa(_c))
    _add("list_lots", _c, _LISTED[_c])

# paddles
_add("register_bidder", "leave_commission_bid", philippa("leave_commission_bid"))
_add("client_account", "leave_commission_bid", LUCY_BROOCH)
_add("register_bidder", "book_phone_line", KENJI_PHONE)
_add("client_account", "book_phone_line", INGRID_PHONE)
_add("register_bidder", "record_hammer", april("record_hammer"))
_add("client_account", "record_hammer", cut(LUCY_BUYS, "record_hammer"))
_add("register_bidder", "buyer_invoice", april("buyer_invoice"))
_add("list_lots", "buyer_invoice", LUCY_BUYS)

# invoices and statements
_add("buyer_invoice", "take_payment", april("take_payment"))
_add("client_account", "take_payment", cut(MARCH_ACCOUNTS, "take_payment"))
_add("buyer_invoice", "cancel_invoice", APRIL_CANCEL)
_add("client_account", "cancel_invoice", OWAIN_CANCEL)
_add("buyer_invoice", "collection_note", april("collection_note"))
_add("client_account", "collection_note", LUCY_COLLECT)
_add("vendor_statement", "settle_vendor", april("settle_vendor"))

# consignments and items
_add("receive_consignment", "catalogue_item", philippa("catalogue_item"))
_add("client_account", "catalogue_item", cut(ABBOTT, "catalogue_item"))
_add("receive_consignment", "agree_terms", philippa("agree_terms"))
_add("client_account", "agree_terms", cut(ABBOTT, "agree_terms"))
_add("catalogue_item", "enter_in_sale", philippa("enter_in_sale"))
_add("client_account", "enter_in_sale", ABBOTT)

# other lot ids
_add("lot_search", "leave_commission_bid", philippa("leave_commission_bid"))
_add("list_lots", "leave_commission_bid", LUCY_BROOCH)
_add("lot_search", "book_phone_line", KENJI_PHONE)
_add("list_lots", "book_phone_line", INGRID_PHONE)
_add("list_lots", "record_hammer", april("record_hammer"))
_add("list_lots", "record_passed", april("record_passed"))
_add("sale_results", "relist_lot", CANDLESTICKS_RELIST)
_add("list_lots", "relist_lot", CLOCK_RELIST)
_add("sale_results", "return_to_vendor", CANDLESTICKS_RETURN)
_add("list_lots", "return_to_vendor", MAY_WITHDRAW)
_add("leave_commission_bid", "cancel_commission_bid", philippa("cancel_commission_bid"))
_add("lot_detail", "cancel_commission_bid", MOORCROFT_BID_OFF)

# vocabulary
_add("free_phone_lines", "book_phone_line", INGRID_PHONE)

# states
_add("verify_identity", "receive_consignment", philippa("receive_consignment"))
_add("verify_identity", "register_bidder", april("register_bidder"))
_add("agree_terms", "enter_in_sale", philippa("enter_in_sale"))
_add("set_reserve", "publish_catalogue", philippa("publish_catalogue"))
_add("publish_catalogue", "leave_commission_bid", philippa("leave_commission_bid"))
_add("open_sale", "record_hammer", april("record_hammer"))
_add("open_sale", "record_passed", april("record_passed"))
_add("open_sale", "close_sale", april("close_sale"))
_add("close_sale", "buyer_invoice", april("buyer_invoice"))
_add("close_sale", "vendor_statement", april("vendor_statement"))
_add("record_hammer", "buyer_invoice", april("buyer_invoice"))
_add("take_payment", "collection_note", april("collection_note"))
_add("take_payment", "settle_vendor", april("settle_vendor"))
_add("update_client", "settle_vendor", cut(MARCH_ACCOUNTS, "settle_vendor"))
_add("record_passed", "relist_lot", CLOCK_RELIST)
_add("close_sale", "relist_lot", april("relist_lot"))
_add("record_passed", "return_to_vendor", CLOCK_RETURN)
_add("withdraw_lot", "return_to_vendor", MAY_WITHDRAW)

_OWN = {"log_out": [login("nell"), ("log_out", {"token": NE})]}


def _auth_proofs() -> list:
    """A log-in proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "log_in":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("log_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("sale_calendar", cut(MARCH_ACCOUNTS, "update_client")),
    ("lot_detail", philippa("email_client")),
    ("add_condition_report", philippa("publish_catalogue")),
    ("client_account", philippa("catalogue_item")),
    ("lot_search", [("lot_search", {"keyword": "clock"}), *april("open_sale")]),
    ("free_phone_lines", [*logins("nell"), ("free_phone_lines", {"token": NE}), *PHILIPPA_BID[1:]]),
    ("sale_results", [CAL, ("sale_results", {"sale_id": MARCH}), *LUCY_COLLECT]),
]
