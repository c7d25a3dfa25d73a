"""Scripted proofs that Presswork's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the runtime built with the module's ``FAILURE``: a returned
``{"accepted": false, "problems": [...]}`` object is a refusal only by that predicate).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff
clock in by first name (``("clock_in", {...}, "nadia")``) and pass the bare token whole
(``"$nadia"``); rows are read by position (``"$find_customer.0.0"`` a customer, ``"$list_jobs.0.0"`` a
job, ``"$list_products.1.2.2"`` the A5 size of flyers, ``"$list_presses.1.0"`` the digital press),
dicts by key (``"$issue_invoice.invoice_no"``) and bare values whole (``"$make_proof"``). Numbers the
shop only writes inside a sentence are written literally: the first new customer ``C1080``, quote
``Q-24420`` and its job ``J-24420`` of a fresh state; each comes from its own counter, so it is the
same in every fresh state, and none exists without its call. Deposits and payments are the
shop's own price (``price_of``) of the job, or the invoice's ``balance_due``.
"""

import presswork_tools as tools

NEW_CUSTOMER, NEW_QUOTE, NEW_JOB = "C1080", "Q-24420", "J-24420"

WHO = {"nadia": ("nbrooks", "Kerning#12"), "raj": ("rpatel", "Bleed3mm!"), "kasia": ("kwrobel", "Heidelberg-74"),
       "dev": ("dsingh", "Guillotine9"), "ellen": ("eprice", "Pantone-485C")}


def clock(who: str) -> tuple:
    username, password = WHO[who]
    return ("clock_in", {"username": username, "password": password}, who)


NADIA, RAJ, KASIA, DEV, ELLEN = "$nadia", "$raj", "$kasia", "$dev", "$ellen"
KINGSDOWN = {"company": "Kingsdown Books", "contact_name": "Leah Carver", "email": "leah@kingsdownbooks.example",
             "phone": "0117 496 0321"}
AVR_FILES = ["avr_race_flyer_front.pdf", "avr_race_flyer_back.pdf"]
AVR_PRICE = tools.price_of("FLY", "A5", "GLOSS-170", 2000, "double", "none")
FERNWOOD_PRICE = tools.price_of("BC", "85x55", "SILK-350", 1000, "double", "matt_lam")


def half(price: float) -> float:
    return round(price * 0.5, 2)


# --------------------------------------------------------------------------- customers and quotes

SPEC = [("list_products", {}), ("list_stocks", {"product_code": "$list_products.1.0"})]
QUOTE_ARGS = {"title": "Club night flyers", "product_code": "$list_products.1.0", "size": "$list_products.1.2.2",
              "stock_code": "$list_stocks.1.0", "quantity": 2000, "sides": "double"}


def on_customer(provider: str, consumer: str) -> list:
    """Nadia (or Ellen, for a trade account) works on a customer found by name, or on Kingsdown Books,
    registered now."""
    who = "ellen" if consumer == "open_trade_account" else "nadia"
    tok = "$" + who
    if provider == "find_customer":
        name = {"list_quotes": "Redcliffe", "open_trade_account": "Fernwood"}.get(consumer, "Avon")
        steps, c = [clock(who), ("find_customer", {"token": tok, "query": name})], "$find_customer.0.0"
    else:
        steps, c = [clock(who), ("create_customer", {"token": tok, **KINGSDOWN})], NEW_CUSTOMER
    tail = {
        "update_customer": [("update_customer", {"token": tok, "customer_no": c,
                                                 **({"phone": "07700 900 240"} if provider == "find_customer"
                                                    else {"contact_name": "Leah Carver-Hughes"})})],
        "open_trade_account": [("open_trade_account", {"token": tok, "customer_no": c, "credit_limit": 1500.0})],
        "create_quote": SPEC + [("create_quote", {"token": tok, "customer_no": c, **QUOTE_ARGS})],
        "list_quotes": [("list_quotes", {"token": tok, "customer_no": c})],
    }[consumer]
    return steps + tail


AVON_QUOTE = on_customer("find_customer", "create_quote")
AVON_JOB = AVON_QUOTE + [("accept_quote", {"token": NADIA, "quote_no": NEW_QUOTE})]
MACBETH = [clock("nadia"), ("find_customer", {"token": NADIA, "query": "Redcliffe"}),
           ("list_quotes", {"token": NADIA, "customer_no": "$find_customer.0.0"}),
           ("accept_quote", {"token": NADIA, "quote_no": "$list_quotes.0.0", "po_number": "RTC-PO-7731"})]


# --------------------------------------------------------------------------- the Avon Valley job, from quote to door


def avon(upto: str, trade: bool = False) -> list:
    """Avon Valley Runners' club-night flyers: quoted, accepted, artwork, preflight, proof, approval,
    deposit, press, finishing, invoice, payment, collection or courier. ``trade``: Ellen opens a trade
    account for the club first, so no deposit or payment is needed (a PO number goes with the order)."""
    j = NEW_JOB
    if trade:
        steps = [clock("ellen"), ("find_customer", {"token": ELLEN, "query": "Avon"}),
                 ("open_trade_account", {"token": ELLEN, "customer_no": "$find_customer.0.0", "credit_limit": 1000.0}),
                 clock("nadia")] + SPEC + [
            ("create_quote", {"token": NADIA, "customer_no": "$find_customer.0.0", **QUOTE_ARGS}),
            ("accept_quote", {"token": NADIA, "quote_no": NEW_QUOTE, "po_number": "AVR-2027-31"})]
    else:
        steps = list(AVON_JOB)
    chain = [
        ("upload_artwork", {"token": NADIA, "job_no": j, "filenames": AVR_FILES}),
        clock("raj"),
        ("run_preflight", {"token": RAJ, "job_no": j}),
        ("make_proof", {"token": RAJ, "job_no": j}),
        ("send_proof", {"token": RAJ, "proof_no": "$make_proof"}),
        ("approve_proof", {"token": NADIA, "proof_no": "$make_proof", "approved_by": "Priti Shah"}),
    ]
    if not trade:
        chain.append(("take_deposit", {"token": NADIA, "job_no": j, "amount": half(AVR_PRICE), "method": "card"}))
    chain += [
        ("list_presses", {}),
        ("schedule_job", {"token": NADIA, "job_no": j, "press_code": "$list_presses.1.0", "run_date": tools.TODAY}),
        clock("kasia"),
        ("start_run", {"token": KASIA, "job_no": j}),
        ("record_spoilage", {"token": KASIA, "job_no": j, "sheets": 40, "reason": "Ink set-off on the first pass"}),
        clock("dev"),
        ("finish_job", {"token": DEV, "job_no": j, "operations": ["trim"]}),
        ("issue_invoice", {"token": NADIA, "job_no": j}),
    ]
    if not trade:
        chain.append(("record_payment", {"token": NADIA, "invoice_no": "$issue_invoice.invoice_no",
                                         "amount": "$issue_invoice.balance_due", "method": "card"}))
    ends = {
        "mark_collected": ("mark_collected", {"token": NADIA, "job_no": j, "collected_by": "Priti Shah"}),
        "book_courier": ("book_courier", {"token": NADIA, "job_no": j, "service": "next_day",
                                          "address": "Avon Valley Runners, 12 Mill Lane, Bristol BS4 2QT"}),
        "get_job": ("get_job", {"token": NADIA, "job_no": j}),
        "add_job_note": ("add_job_note", {"token": NADIA, "job_no": j, "note": "Priti wants them by Friday."}),
        "list_proofs": ("list_proofs", {"token": NADIA, "job_no": j}),
        "hold_job": ("hold_job", {"token": NADIA, "job_no": j, "reason": "Waiting for the final race date"}),
        "release_job": ("release_job", {"token": NADIA, "job_no": j}),
        "cancel_job": ("cancel_job", {"token": NADIA, "job_no": j, "reason": "Race called off"}),
    }
    if upto in ends:
        if upto in ("mark_collected", "book_courier"):
            return steps + chain + [ends[upto]]
        if upto == "release_job":
            return steps + [ends["hold_job"], ends["release_job"]]
        if upto == "list_proofs":
            return steps + chain[:4] + [ends[upto]]
        return steps + [ends[upto]]
    names = [s[0] for s in chain]
    return steps + chain[:names.index(upto) + 1]


# --------------------------------------------------------------------------- fixture jobs, found in the job list


def race_flyers(upto: str) -> list:
    """Avon Valley Runners' race entry flyers, waiting for artwork (J-24411): files, preflight, proof."""
    steps = [clock("nadia"), ("list_jobs", {"token": NADIA, "status": "artwork"})]
    j = "$list_jobs.0.0"
    chain = [
        ("upload_artwork", {"token": NADIA, "job_no": j, "filenames": AVR_FILES}),
        clock("raj"),
        ("run_preflight", {"token": RAJ, "job_no": j}),
        ("make_proof", {"token": RAJ, "job_no": j}),
        ("send_proof", {"token": RAJ, "proof_no": "$make_proof"}),
    ]
    ends = {
        "approve_proof": ("approve_proof", {"token": NADIA, "proof_no": "$make_proof", "approved_by": "Priti Shah"}),
        "reject_proof": ("reject_proof", {"token": NADIA, "proof_no": "$make_proof",
                                          "comments": "Entry fee is 12 pounds, not 10; add the club logo."}),
        "get_job": ("get_job", {"token": NADIA, "job_no": j}),
        "add_job_note": ("add_job_note", {"token": NADIA, "job_no": j, "note": "Priti is sending files tonight."}),
        "hold_job": ("hold_job", {"token": NADIA, "job_no": j, "reason": "Race date not confirmed"}),
        "release_job": ("release_job", {"token": NADIA, "job_no": j}),
        "cancel_job": ("cancel_job", {"token": NADIA, "job_no": j, "reason": "Club printing in-house this year"}),
    }
    if upto in ("approve_proof", "reject_proof"):
        return steps + chain + [ends[upto]]
    if upto == "release_job":
        return steps + [ends["hold_job"], ends["release_job"]]
    if upto in ends:
        return steps + [ends[upto]]
    names = [s[0] for s in chain]
    return steps + chain[:names.index(upto) + 1]


def fernwood(upto: str, trade: bool = False) -> list:
    """Fernwood Dental's appointment cards (J-24414), proof sent: proofs, approval, deposit (or a
    trade account from Ellen), press."""
    steps = [clock("nadia"), ("list_jobs", {"token": NADIA, "status": "proofing"})]
    if trade:
        steps = [clock("ellen"), ("find_customer", {"token": ELLEN, "query": "Fernwood"}),
                 ("open_trade_account", {"token": ELLEN, "customer_no": "$find_customer.0.0",
                                         "credit_limit": 1500.0})] + steps
    j = "$list_jobs.0.0"
    chain = [
        ("list_proofs", {"token": NADIA, "job_no": j}),
        ("approve_proof", {"token": NADIA, "proof_no": "$list_proofs.0.0", "approved_by": "Dr Mark Ellis"}),
    ]
    if not trade:
        chain.append(("take_deposit", {"token": NADIA, "job_no": j, "amount": half(FERNWOOD_PRICE),
                                       "method": "bank_transfer"}))
    chain += [("list_presses", {}),
              ("schedule_job", {"token": NADIA, "job_no": j, "press_code": "$list_presses.1.0",
                                "run_date": "2027-11-20"})]
    ends = {
        "send_proof": [("list_proofs", {"token": NADIA, "job_no": j}),
                       ("send_proof", {"token": NADIA, "proof_no": "$list_proofs.0.0",
                                       "email": "reception@fernwooddental.example"})],
        "reject_proof": [("list_proofs", {"token": NADIA, "job_no": j}),
                         ("reject_proof", {"token": NADIA, "proof_no": "$list_proofs.0.0",
                                           "comments": "Phone number should be 0117 496 0451."})],
        "take_deposit": [("take_deposit", {"token": NADIA, "job_no": j, "amount": half(FERNWOOD_PRICE),
                                           "method": "card"})],
    }
    if upto in ends:
        return steps + ends[upto]
    names = [s[0] for s in chain]
    return steps + chain[:names.index(upto) + 1]


def season_flyers(upto: str) -> list:
    """Redcliffe Theatre's season flyers (J-24401, trade), on the XL75 today: print, spoil,
    finish, invoice, pay, courier or collection."""
    steps = [clock("kasia"), ("list_jobs", {"token": KASIA, "status": "scheduled"})]
    j = "$list_jobs.0.0"
    chain = [
        ("start_run", {"token": KASIA, "job_no": j}),
        ("record_spoilage", {"token": KASIA, "job_no": j, "sheets": 120, "reason": "Registration drift on plate 3"}),
        clock("dev"),
        ("finish_job", {"token": DEV, "job_no": j, "operations": ["trim", "fold"]}),
        clock("nadia"),
        ("issue_invoice", {"token": NADIA, "job_no": j}),
        ("record_payment", {"token": NADIA, "invoice_no": "$issue_invoice.invoice_no",
                            "amount": "$issue_invoice.balance_due", "method": "bank_transfer"}),
    ]
    ends = {
        "book_courier": ("book_courier", {"token": DEV, "job_no": j, "service": "same_day",
                                          "address": "Redcliffe Theatre, 3 Quay Street, Bristol BS1 6HX"}),
        "mark_collected": ("mark_collected", {"token": NADIA, "job_no": j, "collected_by": "Sam Adeyemi"}),
    }
    if upto == "book_courier":
        return steps + chain[:4] + [ends[upto]]
    if upto == "mark_collected":
        return steps + chain[:5] + [ends[upto]]
    names = [s[0] for s in chain]
    return steps + chain[:names.index(upto) + 1]


REPRINT = [clock("nadia"), ("list_jobs", {"token": NADIA, "status": "collected"}),
           ("reprint_job", {"token": NADIA, "job_no": "$list_jobs.0.0", "quantity": 300})]


# --------------------------------------------------------------------------- proofs

_BODY = []
for _c in ["update_customer", "open_trade_account", "create_quote", "list_quotes"]:
    for _p in ["find_customer", "create_customer"]:
        _BODY.append((_p, _c, on_customer(_p, _c)))
_LISTED = {
    "get_job": race_flyers("get_job"), "add_job_note": race_flyers("add_job_note"),
    "upload_artwork": race_flyers("upload_artwork"), "run_preflight": race_flyers("run_preflight"),
    "make_proof": race_flyers("make_proof"), "list_proofs": fernwood("list_proofs"),
    "take_deposit": fernwood("take_deposit"), "schedule_job": fernwood("schedule_job"),
    "start_run": season_flyers("start_run"), "record_spoilage": season_flyers("record_spoilage"),
    "finish_job": season_flyers("finish_job"), "issue_invoice": season_flyers("issue_invoice"),
    "book_courier": season_flyers("book_courier"), "mark_collected": season_flyers("mark_collected"),
    "hold_job": race_flyers("hold_job"), "release_job": race_flyers("release_job"),
    "cancel_job": race_flyers("cancel_job"),
}
_ACCEPTED = {c: avon(c) for c in tools.JOB_CONSUMERS if c not in ("take_deposit",)}
_ACCEPTED["take_deposit"] = AVON_JOB + [("take_deposit", {"token": NADIA, "job_no": NEW_JOB,
                                                          "amount": half(AVR_PRICE), "method": "cash"})]
for _c in tools.JOB_CONSUMERS:
    _BODY.append(("accept_quote", _c, _ACCEPTED[_c]))
    _BODY.append(("list_jobs", _c, _LISTED[_c]))
_BODY += [
    ("make_proof", "send_proof", race_flyers("send_proof")),
    ("list_proofs", "send_proof", fernwood("send_proof")),
    ("make_proof", "approve_proof", race_flyers("approve_proof")),
    ("list_proofs", "approve_proof", fernwood("approve_proof")),
    ("make_proof", "reject_proof", race_flyers("reject_proof")),
    ("list_proofs", "reject_proof", fernwood("reject_proof")),
    ("create_quote", "accept_quote", AVON_JOB),
    ("list_quotes", "accept_quote", MACBETH),
    ("list_jobs", "reprint_job", REPRINT),
    ("list_products", "list_stocks", SPEC),
    ("list_products", "create_quote", AVON_QUOTE),
    ("list_products", "price_job", SPEC + [("price_job", {k: v for k, v in QUOTE_ARGS.items() if k != "title"})]),
    ("list_stocks", "create_quote", AVON_QUOTE),
    ("list_stocks", "price_job", SPEC + [("price_job", {k: v for k, v in QUOTE_ARGS.items() if k != "title"})]),
    ("list_presses", "schedule_job", fernwood("schedule_job")),
    ("issue_invoice", "record_payment", season_flyers("record_payment")),
    ("upload_artwork", "run_preflight", race_flyers("run_preflight")),
    ("run_preflight", "make_proof", race_flyers("make_proof")),
    ("send_proof", "approve_proof", race_flyers("approve_proof")),
    ("send_proof", "reject_proof", race_flyers("reject_proof")),
    ("approve_proof", "schedule_job", fernwood("schedule_job")),
    ("take_deposit", "schedule_job", fernwood("schedule_job")),
    ("open_trade_account", "schedule_job", fernwood("schedule_job", trade=True)),
    ("schedule_job", "start_run", avon("start_run")),
    ("start_run", "record_spoilage", season_flyers("record_spoilage")),
    ("start_run", "finish_job", season_flyers("finish_job")),
    ("finish_job", "issue_invoice", season_flyers("issue_invoice")),
    ("finish_job", "book_courier", season_flyers("book_courier")),
    ("finish_job", "mark_collected", season_flyers("mark_collected")),
    ("record_payment", "mark_collected", avon("mark_collected")),
    ("open_trade_account", "mark_collected", avon("mark_collected", trade=True)),
    ("record_payment", "book_courier", avon("book_courier")),
    ("open_trade_account", "book_courier", avon("book_courier", trade=True)),
    ("hold_job", "release_job", race_flyers("release_job")),
]

_OWN = {
    "clock_out": [clock("dev"), ("clock_out", {"token": DEV})],
    "find_customer": [clock("nadia"), ("find_customer", {"token": NADIA, "query": "Hollis"})],
    "create_customer": [clock("nadia"), ("create_customer", {"token": NADIA, **KINGSDOWN})],
    "list_jobs": [clock("nadia"), ("list_jobs", {"token": NADIA})],
    "accept_quote": AVON_JOB,
    "record_payment": season_flyers("record_payment"),
}


def _auth_proofs() -> list:
    """A clock-in proof for every call that needs a token: its own short path, else the first path
    above that ends with it."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "clock_in":
            steps = _OWN.get(consumer) or next(s for _, c, s in _BODY if c == consumer)
            out.append(("clock_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("price_job", SPEC + [("price_job", {k: v for k, v in QUOTE_ARGS.items() if k != "title"}), clock("nadia"),
                          ("find_customer", {"token": NADIA, "query": "Avon"}),
                          ("create_quote", {"token": NADIA, "customer_no": "$find_customer.0.0", **QUOTE_ARGS})]),
    ("get_job", [clock("nadia"), ("list_jobs", {"token": NADIA, "status": "proofing"}),
                 ("get_job", {"token": NADIA, "job_no": "$list_jobs.0.0"}),
                 ("take_deposit", {"token": NADIA, "job_no": "$list_jobs.0.0", "amount": half(FERNWOOD_PRICE),
                                   "method": "card"})]),
    ("run_preflight", [clock("nadia"), ("list_jobs", {"token": NADIA, "status": "proofing"}), clock("raj"),
                       ("run_preflight", {"token": RAJ, "job_no": "$list_jobs.0.0"}),
                       ("list_proofs", {"token": NADIA, "job_no": "$list_jobs.0.0"}),
                       ("send_proof", {"token": NADIA, "proof_no": "$list_proofs.0.0"})]),
    ("find_customer", [clock("nadia"), ("find_customer", {"token": NADIA, "query": "Fernwood"}),
                       ("list_jobs", {"token": NADIA, "status": "proofing"})]),
    ("issue_invoice", season_flyers("issue_invoice") + [
        ("book_courier", {"token": DEV, "job_no": "$list_jobs.0.0", "service": "economy",
                          "address": "Redcliffe Theatre, 3 Quay Street, Bristol BS1 6HX"})]),
    ("hold_job", race_flyers("hold_job") + [("cancel_job", {"token": NADIA, "job_no": "$list_jobs.0.0",
                                                            "reason": "Race called off"})]),
]
