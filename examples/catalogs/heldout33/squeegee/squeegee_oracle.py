"""Scripted proofs that Squeegee's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records the workshop's raised ``SignshopError`` as
an error; the replies are dataclasses the runtime converts, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "nina")``) and pass ``"$nina.token"``; replies are read by field
(``"$register_customer.customer_id"``, ``"$add_site.site_id"``, ``"$create_quote.quote_id"``,
``"$accept_quote.job_id"``, ``"$accept_quote.deposit_due"``, ``"$create_proof.proof_id"``,
``"$order_stock.po_id"``, ``"$apply_consent.consent_id"``, ``"$book_fitting.fitting_id"``,
``"$raise_invoice.invoice_id"``, ``"$raise_invoice.balance"``), list entries by position and field
(``"$find_customer.0.customer_id"``, ``"$quotes.0.quote_id"``, ``"$jobs.1.job_id"``, ``"$jobs.0.deposit_due"``,
``"$proofs.1.proof_id"``, ``"$stock.1.code"``, ``"$consents.0.consent_id"``, ``"$fitting_slots.0.slot_id"``,
``"$fittings.0.fitting_id"``, ``"$price_guide.0.code"``, ``"$vinyl_range.11.code"``) and nested rows by position
and column (``"$file.sites.0.0"``, ``"$quotes.0.lines.0.0"``). The positions follow the fresh state's order of
records by id (filtered as each call asks) and of ``PRODUCTS`` and ``STOCK``. Every id and code is read from a
reply; none is written literally (amounts are read from the reply that states them; sizes, the consent kind, the
production stages and the team are written as the office and workshop are told them). A step saved under a name
of its own is a second call of a tool on one path.

The day: Mr Idris Fenwick of Fenwick's Bakery registers, his shop is added as a site and Nina quotes a printed
panel and door lettering, sends the quote, he accepts and pays the deposit; Tom draws the proof, sends it and
records its approval; Kasia reserves the materials, prints, laminates, cuts, weeds and mounts, and passes it;
Nina books team T2 this morning, Leon fits it, and Nina invoices the balance and takes it (on other paths his
phone changes, his file is read, he is e-mailed, a quote line comes off, his job is cancelled or its fitting
cancelled, a projecting sign is quoted and the council applied to, or a banner is quoted, made and collected). Mr
Lacey approves his fascia proof and Kasia reserves its materials; Mr Sandhu pays his deposit and his materials are
reserved; the Harriers' banners are finished, passed, collected and invoiced; Mr Reid's wrap film is ordered and
booked in and his van's materials reserved; Dr Okafor's second lightbox proof is sent and approved and
advertisement consent applied for; Frank Whitlock's van is passed and fitted in the bay and invoiced; Mrs Anand's
highway licence is granted and her projecting sign booked; the Voss boards are invoiced and paid; Ms Voss's draft
quote gains a door panel, loses a line or is sent, and Mr Sandhu accepts his fascia quote.
"""

import squeegee_tools as tools

WHO = {"nina": ("nina.p", "Fascia-Blue-42"), "tom": ("tom.r", "Kerning-Pair-7"),
       "kasia": ("kasia.w", "Weed-Hook-318"), "dean": ("dean.h", "Spirit-Level-5"),
       "leon": ("leon.m", "Rivnut-Gun-22"), "bev": ("bev.a", "Brightside-1998")}
N, T, K, L, B = "$nina.token", "$tom.token", "$kasia.token", "$leon.token", "$bev.token"
TODAY = "2032-03-09"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def product(code: str) -> str:
    return f"$price_guide.{list(tools.PRODUCTS).index(code)}.code"


def film(code: str) -> str:
    films = [c for c, r in tools.STOCK.items() if r[1] in ("vinyl", "media")]
    return f"$vinyl_range.{films.index(code)}.code"


def find(text: str, who: str = "nina") -> list:
    return [sign_in(who), ("find_customer", {"token": f"${who}.token", "text": text})]


FOUND = "$find_customer.0.customer_id"
IDRIS = "$register_customer.customer_id"
JOB = "$accept_quote.job_id"

FENWICK = [sign_in("nina"),
           ("register_customer", {"token": N, "name": "Mr Idris Fenwick", "phone": "07700 900530",
                                  "address": "5 Kiln Lane, Calderbrook", "postcode": "CB2 6KL",
                                  "email": "idris@fenwicksbakery.example", "company": "Fenwick's Bakery"})]
SITE = FENWICK + [("add_site", {"token": N, "customer_id": IDRIS, "kind": "premises",
                                "address": "5 Kiln Lane, Calderbrook CB2 6KL", "height_m": 2.7})]


def quoted(title: str, items: list) -> list:
    """Fenwick's site quoted with ``items`` (product, width, height, quantity, description), sent and accepted."""
    steps = SITE + [("price_guide", {}),
                    ("create_quote", {"token": N, "customer_id": IDRIS, "site_id": "$add_site.site_id",
                                      "title": title})]
    for n, (code, w, h, qty, text) in enumerate(items):
        steps.append(("add_quote_line", {"token": N, "quote_id": "$create_quote.quote_id", "product": product(code),
                                         "width_mm": w, "height_mm": h, "quantity": qty, "description": text},
                      "add_quote_line" if n == 0 else f"line{n + 1}"))
    return steps + [("send_quote", {"token": N, "quote_id": "$create_quote.quote_id"}),
                    ("accept_quote", {"token": N, "quote_id": "$create_quote.quote_id"})]


def drawn(steps: list, colours: list, file_name: str) -> list:
    """``steps`` then the deposit, and Tom's proof in ``colours`` drawn, sent and approved."""
    return steps + [
        ("take_deposit", {"token": N, "job_id": JOB, "amount": "$accept_quote.deposit_due", "method": "card"}),
        sign_in("tom"), ("vinyl_range", {}),
        ("create_proof", {"token": T, "job_id": JOB, "colours": [film(c) for c in colours], "file_name": file_name}),
        ("send_proof", {"token": T, "proof_id": "$create_proof.proof_id"}),
        ("record_approval", {"token": T, "proof_id": "$create_proof.proof_id", "decision": "approved",
                             "comments": "Mr Fenwick rang: it looks just right"})]


QUOTE = quoted("Shop sign and door lettering", [("ACM-PANEL", 2400, 600, 1, "Printed panel over the shop"),
                                                ("CUT-LETTERS", 500, 300, 1, "Opening hours on the door")])
ART = drawn(QUOTE, ["3951RA-010", "651-070"], "fenwick-bakery-v1.pdf")
MAKE = ART + [sign_in("kasia"), ("reserve_materials", {"token": K, "job_id": JOB})] + [
    ("log_stage", {"token": K, "job_id": JOB, "stage": stage}, "log_stage" if stage == "print" else stage)
    for stage in ("print", "laminate", "cut", "weed", "mount")] + [("pass_qc", {"token": K, "job_id": JOB})]
FIT = MAKE + [
    ("fitting_slots", {"token": N, "team": "T2", "date": TODAY}),
    ("book_fitting", {"token": N, "job_id": JOB, "slot_id": "$fitting_slots.0.slot_id",
                      "notes": "Park in the yard behind the bakery"}),
    sign_in("leon"),
    ("complete_fitting", {"token": L, "fitting_id": "$book_fitting.fitting_id",
                          "photos": ["fenwick-panel.jpg", "fenwick-door.jpg"]}),
    ("raise_invoice", {"token": N, "job_id": JOB}),
    ("record_payment", {"token": N, "invoice_id": "$raise_invoice.invoice_id", "amount": "$raise_invoice.balance",
                        "method": "bacs"})]
FENWICK_CANCEL_FIT = cut(FIT, "book_fitting") + [
    ("cancel_fitting", {"token": N, "fitting_id": "$book_fitting.fitting_id",
                        "reason": "Mr Fenwick's scaffolders are in this week"})]
FENWICK_CANCELS = QUOTE + [sign_in("bev"), ("cancel_job", {"token": B, "job_id": JOB,
                                                           "reason": "Mr Fenwick has sold the bakery"})]
FENWICK_SHEET = QUOTE + [("job_sheet", {"token": N, "job_id": JOB})]
FENWICK_PROOFS = QUOTE + [("proofs", {"token": N, "job_id": JOB})]
FENWICK_PHONE = FENWICK + [("update_customer", {"token": N, "customer_id": IDRIS, "phone": "07700 900531"})]
FENWICK_FILE = FENWICK + [("customer_file", {"token": N, "customer_id": IDRIS})]
FENWICK_MAIL = FENWICK + [("send_message", {"token": N, "customer_id": IDRIS, "channel": "email",
                                            "text": "Thank you for your enquiry; your quote follows today."})]
FENWICK_DROP_LINE = cut(QUOTE, "line2") + [
    ("quotes", {"token": N, "customer_id": IDRIS}),
    ("remove_quote_line", {"token": N, "quote_id": "$create_quote.quote_id", "line_no": "$quotes.0.lines.1.0"})]
FENWICK_LINE_OFF = cut(QUOTE, "add_quote_line") + [
    ("quotes", {"token": N, "customer_id": IDRIS}),
    ("remove_quote_line", {"token": N, "quote_id": "$create_quote.quote_id", "line_no": "$quotes.0.lines.0.0"})]
PROJECTING = drawn(quoted("Projecting sign", [("PROJECTING", 600, 600, 1, "Loaf-shaped projecting sign")]),
                   ["3951RA-010"], "fenwick-projecting-v1.pdf") + [
    ("apply_consent", {"token": N, "job_id": JOB, "kind": "advertisement_consent"})]
BANNER = drawn(quoted("Grand opening banner", [("BANNER-PVC", 3000, 800, 1, "Grand opening banner for the railings")]),
               ["BAN-510"], "fenwick-banner-v1.pdf") + [
    sign_in("kasia"), ("reserve_materials", {"token": K, "job_id": JOB}),
    ("log_stage", {"token": K, "job_id": JOB, "stage": "print"}),
    ("log_stage", {"token": K, "job_id": JOB, "stage": "finish"}, "finish"),
    ("pass_qc", {"token": K, "job_id": JOB}),
    ("hand_over", {"token": K, "job_id": JOB, "collected_by": "Mr Idris Fenwick"})]

LACEY_EMAIL = find("Lacey") + [("update_customer", {"token": N, "customer_id": FOUND,
                                                    "email": "owen.lacey@mail.example"})]
VOSS_FILE = find("Voss") + [("customer_file", {"token": N, "customer_id": FOUND})]
ANAND_TEXT = find("Anand") + [("send_message", {"token": N, "customer_id": FOUND, "channel": "sms",
                                                "text": "Brightside Signs: your licence is through; we'll be in touch "
                                                        "to book the fitting."})]
WHITLOCK_VAN = find("Whitlock") + [("add_site", {"token": N, "customer_id": FOUND, "kind": "vehicle",
                                                 "address": "Ford Transit Connect YF22 KLM"})]
SANDHU_QUOTE = find("Sandhu") + [("customer_file", {"token": N, "customer_id": FOUND}, "file"),
                                 ("create_quote", {"token": N, "customer_id": FOUND, "site_id": "$file.sites.0.0",
                                                   "title": "A-board lettering"})]
VOSS_DRAFT = [sign_in("nina"), ("quotes", {"token": N, "status": "draft"})]
VOSS_LINE = VOSS_DRAFT + [("price_guide", {}),
                          ("add_quote_line", {"token": N, "quote_id": "$quotes.0.quote_id",
                                              "product": product("WINDOW-FROST"), "width_mm": 900, "height_mm": 600,
                                              "quantity": 1, "description": "Frosted panel on the door"})]
VOSS_LINE_OFF = VOSS_DRAFT + [("remove_quote_line", {"token": N, "quote_id": "$quotes.0.quote_id",
                                                     "line_no": "$quotes.0.lines.0.0"})]
VOSS_SEND = VOSS_DRAFT + [("send_quote", {"token": N, "quote_id": "$quotes.0.quote_id"})]
SANDHU_ACCEPTS = [sign_in("nina"), ("quotes", {"token": N, "status": "sent"}),
                  ("accept_quote", {"token": N, "quote_id": "$quotes.0.quote_id"})]

ARTWORK = [sign_in("nina"), ("jobs", {"token": N, "stage": "artwork"})]  # JB-7402 Lacey, JB-7406 Okafor
LACEY_APPROVES = ARTWORK + [("proofs", {"token": N, "job_id": "$jobs.0.job_id"}),
                            ("record_approval", {"token": N, "proof_id": "$proofs.0.proof_id", "decision": "approved",
                                                 "comments": "Mr Lacey is happy with the fascia"}),
                            sign_in("kasia"), ("reserve_materials", {"token": K, "job_id": "$jobs.0.job_id"})]
OKAFOR_CONSENT = ARTWORK + [("proofs", {"token": N, "job_id": "$jobs.1.job_id"}),
                            ("send_proof", {"token": N, "proof_id": "$proofs.1.proof_id"}),
                            ("record_approval", {"token": N, "proof_id": "$proofs.1.proof_id",
                                                 "decision": "approved", "comments": "Dr Okafor likes the orange"}),
                            ("apply_consent", {"token": N, "job_id": "$jobs.1.job_id",
                                               "kind": "advertisement_consent"}),
                            ("record_decision", {"token": N, "consent_id": "$apply_consent.consent_id",
                                                 "decision": "granted", "reference": "CB/ADV/1004"})]
OKAFOR_V3 = [sign_in("tom"), ("jobs", {"token": T, "stage": "artwork"}), ("vinyl_range", {}),
             ("create_proof", {"token": T, "job_id": "$jobs.1.job_id", "colours": [film("8300-052"), film("8300-034")],
                               "file_name": "okafor-lightbox-v3.pdf", "notes": "Phone number now in orange"})]
OKAFOR_CANCELS = [sign_in("bev"), ("jobs", {"token": B, "stage": "artwork"}),
                  ("cancel_job", {"token": B, "job_id": "$jobs.1.job_id",
                                  "reason": "Dr Okafor has decided against a lit sign"})]
OKAFOR_PROOFS = ARTWORK + [("proofs", {"token": N, "job_id": "$jobs.1.job_id"})]
SANDHU_DEPOSIT = [sign_in("nina"), ("jobs", {"token": N, "stage": "approved"}),  # JB-7403 Sandhu, JB-7405 Reid
                  ("take_deposit", {"token": N, "job_id": "$jobs.0.job_id", "amount": "$jobs.0.deposit_due",
                                    "method": "cash"}),
                  sign_in("kasia"), ("reserve_materials", {"token": K, "job_id": "$jobs.0.job_id"}),
                  ("log_stage", {"token": K, "job_id": "$jobs.0.job_id", "stage": "cut"})]
REID_FILM = [sign_in("kasia"), ("stock", {"token": K, "kind": "media"}),
             ("order_stock", {"token": K, "code": "$stock.1.code", "quantity": 25}),
             ("receive_stock", {"token": K, "po_id": "$order_stock.po_id"}),
             ("jobs", {"token": K, "stage": "approved"}),
             ("reserve_materials", {"token": K, "job_id": "$jobs.1.job_id"})]
PRODUCTION = [sign_in("kasia"), ("jobs", {"token": K, "stage": "production"})]  # JB-7404 Harriers, JB-7407 Whitlock
HARRIERS = PRODUCTION + [("log_stage", {"token": K, "job_id": "$jobs.0.job_id", "stage": "finish"}),
                         ("pass_qc", {"token": K, "job_id": "$jobs.0.job_id", "note": "Hems and eyelets checked"}),
                         ("hand_over", {"token": K, "job_id": "$jobs.0.job_id", "collected_by": "Ms Rosa Delgado"}),
                         sign_in("nina"), ("raise_invoice", {"token": N, "job_id": "$jobs.0.job_id"})]
WHITLOCK = PRODUCTION + [("pass_qc", {"token": K, "job_id": "$jobs.1.job_id"}),
                         ("fittings", {"token": K, "date": TODAY}),
                         ("complete_fitting", {"token": K, "fitting_id": "$fittings.0.fitting_id",
                                               "photos": ["whitlock-van-nearside.jpg", "whitlock-van-offside.jpg"]}),
                         sign_in("nina"), ("raise_invoice", {"token": N, "job_id": "$jobs.1.job_id"})]
KETTLE = [sign_in("nina"), ("jobs", {"token": N, "stage": "ready"}),
          ("consents", {"token": N, "job_id": "$jobs.0.job_id", "status": "applied"}),
          ("record_decision", {"token": N, "consent_id": "$consents.0.consent_id", "decision": "granted",
                               "reference": "CB/HWY/2231"}),
          ("fitting_slots", {"token": N, "team": "T2"}),
          ("book_fitting", {"token": N, "job_id": "$jobs.0.job_id", "slot_id": "$fitting_slots.0.slot_id",
                            "notes": "Bracket fixings to the left of the door"})]
KETTLE_SHEET = [sign_in("nina"), ("jobs", {"token": N, "stage": "ready"}),
                ("job_sheet", {"token": N, "job_id": "$jobs.0.job_id"})]
VOSS_INVOICE = [sign_in("nina"), ("jobs", {"token": N, "stage": "complete"}),
                ("raise_invoice", {"token": N, "job_id": "$jobs.0.job_id"}),
                ("record_payment", {"token": N, "invoice_id": "$raise_invoice.invoice_id",
                                    "amount": "$raise_invoice.balance", "method": "bacs"})]
LACEY_FITTING = [sign_in("nina"), ("fittings", {"token": N, "date": "2032-03-12"}),
                 ("cancel_fitting", {"token": N, "fitting_id": "$fittings.0.fitting_id",
                                     "reason": "Mr Lacey wants the fascia up the week after"})]

_BODY = [
    # customers
    ("register_customer", "update_customer", FENWICK_PHONE),
    ("find_customer", "update_customer", LACEY_EMAIL),
    ("register_customer", "customer_file", FENWICK_FILE),
    ("find_customer", "customer_file", VOSS_FILE),
    ("register_customer", "send_message", FENWICK_MAIL),
    ("find_customer", "send_message", ANAND_TEXT),
    ("register_customer", "add_site", SITE),
    ("find_customer", "add_site", WHITLOCK_VAN),
    ("register_customer", "create_quote", cut(QUOTE, "create_quote")),
    ("find_customer", "create_quote", SANDHU_QUOTE),
    ("add_site", "create_quote", cut(QUOTE, "create_quote")),
    ("customer_file", "create_quote", SANDHU_QUOTE),
    # quotes
    ("create_quote", "add_quote_line", cut(QUOTE, "add_quote_line")),
    ("quotes", "add_quote_line", VOSS_LINE),
    ("create_quote", "remove_quote_line", FENWICK_DROP_LINE),
    ("quotes", "remove_quote_line", VOSS_LINE_OFF),
    ("create_quote", "send_quote", cut(QUOTE, "send_quote")),
    ("quotes", "send_quote", VOSS_SEND),
    ("create_quote", "accept_quote", QUOTE),
    ("quotes", "accept_quote", SANDHU_ACCEPTS),
    ("price_guide", "add_quote_line", cut(QUOTE, "add_quote_line")),
    ("add_quote_line", "send_quote", cut(QUOTE, "send_quote")),
    ("add_quote_line", "remove_quote_line", FENWICK_LINE_OFF),
    ("send_quote", "accept_quote", QUOTE),
    # jobs
    ("accept_quote", "job_sheet", FENWICK_SHEET),
    ("jobs", "job_sheet", KETTLE_SHEET),
    ("accept_quote", "take_deposit", cut(ART, "take_deposit")),
    ("jobs", "take_deposit", cut(SANDHU_DEPOSIT, "take_deposit")),
    ("accept_quote", "cancel_job", FENWICK_CANCELS),
    ("jobs", "cancel_job", OKAFOR_CANCELS),
    ("accept_quote", "create_proof", cut(ART, "create_proof")),
    ("jobs", "create_proof", OKAFOR_V3),
    ("accept_quote", "proofs", FENWICK_PROOFS),
    ("jobs", "proofs", OKAFOR_PROOFS),
    ("accept_quote", "reserve_materials", cut(MAKE, "reserve_materials")),
    ("jobs", "reserve_materials", LACEY_APPROVES),
    ("accept_quote", "log_stage", cut(MAKE, "log_stage")),
    ("jobs", "log_stage", cut(HARRIERS, "log_stage")),
    ("accept_quote", "pass_qc", cut(MAKE, "pass_qc")),
    ("jobs", "pass_qc", cut(HARRIERS, "pass_qc")),
    ("accept_quote", "apply_consent", PROJECTING),
    ("jobs", "apply_consent", cut(OKAFOR_CONSENT, "apply_consent")),
    ("accept_quote", "book_fitting", cut(FIT, "book_fitting")),
    ("jobs", "book_fitting", KETTLE),
    ("accept_quote", "hand_over", BANNER),
    ("jobs", "hand_over", cut(HARRIERS, "hand_over")),
    ("accept_quote", "raise_invoice", cut(FIT, "raise_invoice")),
    ("jobs", "raise_invoice", cut(VOSS_INVOICE, "raise_invoice")),
    # proofs
    ("create_proof", "send_proof", cut(ART, "send_proof")),
    ("proofs", "send_proof", cut(OKAFOR_CONSENT, "send_proof")),
    ("create_proof", "record_approval", ART),
    ("proofs", "record_approval", cut(LACEY_APPROVES, "record_approval")),
    ("vinyl_range", "create_proof", cut(ART, "create_proof")),
    ("send_proof", "record_approval", ART),
    ("record_approval", "reserve_materials", LACEY_APPROVES),
    ("record_approval", "apply_consent", cut(OKAFOR_CONSENT, "apply_consent")),
    # stock and production
    ("take_deposit", "reserve_materials", cut(SANDHU_DEPOSIT, "reserve_materials")),
    ("stock", "order_stock", cut(REID_FILM, "order_stock")),
    ("order_stock", "receive_stock", cut(REID_FILM, "receive_stock")),
    ("receive_stock", "reserve_materials", REID_FILM),
    ("reserve_materials", "log_stage", SANDHU_DEPOSIT),
    ("log_stage", "pass_qc", cut(HARRIERS, "pass_qc")),
    ("pass_qc", "hand_over", cut(HARRIERS, "hand_over")),
    ("pass_qc", "complete_fitting", cut(WHITLOCK, "complete_fitting")),
    # consents and fitting
    ("apply_consent", "record_decision", OKAFOR_CONSENT),
    ("consents", "record_decision", cut(KETTLE, "record_decision")),
    ("record_decision", "book_fitting", KETTLE),
    ("fitting_slots", "book_fitting", KETTLE),
    ("book_fitting", "cancel_fitting", FENWICK_CANCEL_FIT),
    ("fittings", "cancel_fitting", LACEY_FITTING),
    ("book_fitting", "complete_fitting", cut(FIT, "complete_fitting")),
    ("fittings", "complete_fitting", cut(WHITLOCK, "complete_fitting")),
    ("complete_fitting", "raise_invoice", WHITLOCK),
    ("hand_over", "raise_invoice", HARRIERS),
    ("raise_invoice", "record_payment", VOSS_INVOICE),
]

_OWN = {"sign_out": [sign_in("dean"), ("sign_out", {"token": "$dean.token"})]}


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
    # the price guide is read before Mr Lacey's e-mail address is changed
    ("price_guide", find("Lacey") + [("price_guide", {}),
                                     ("update_customer", {"token": N, "customer_id": FOUND,
                                                          "email": "owen.lacey@mail.example"})]),
    # the vinyl range is read before the Harriers' banners are finished
    ("vinyl_range", PRODUCTION + [("vinyl_range", {}),
                                  ("log_stage", {"token": K, "job_id": "$jobs.0.job_id", "stage": "finish"})]),
    # the stock is read before Mrs Anand's file
    ("stock", find("Anand") + [("stock", {"token": N}), ("customer_file", {"token": N, "customer_id": FOUND})]),
    # the free fitting slots are read before Mr Sandhu pays his deposit
    ("fitting_slots", [sign_in("nina"), ("jobs", {"token": N, "stage": "approved"}), ("fitting_slots", {"token": N}),
                       ("take_deposit", {"token": N, "job_id": "$jobs.0.job_id", "amount": "$jobs.0.deposit_due",
                                         "method": "cash"})]),
    # Dr Okafor's proofs are read before she is texted
    ("proofs", find("Okafor") + [("jobs", {"token": N, "stage": "artwork"}),
                                 ("proofs", {"token": N, "job_id": "$jobs.1.job_id"}),
                                 ("send_message", {"token": N, "customer_id": FOUND, "channel": "sms",
                                                   "text": "Your new proof is on its way."})]),
    # the sent quotes are read before the Voss boards are invoiced
    ("quotes", [sign_in("nina"), ("jobs", {"token": N, "stage": "complete"}), ("quotes", {"token": N, "status": "sent"}),
                ("raise_invoice", {"token": N, "job_id": "$jobs.0.job_id"})]),
    # Tom signs out before Kasia finishes the Harriers' banners
    ("sign_out", [sign_in("tom"), ("sign_out", {"token": T})] + PRODUCTION + [
        ("log_stage", {"token": K, "job_id": "$jobs.0.job_id", "stage": "finish"})]),
]
