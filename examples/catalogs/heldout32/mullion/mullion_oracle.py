"""Scripted proofs that Mullion's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which reads the firm's ``google.rpc.Status`` refusals
with the module's ``FAILURE``; the replies are dataclasses the runtime converts, so the plain oracle has nothing
to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once
every call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "sandra")``) and pass ``"$sandra.token"``; replies are read by field
(``"$register_customer.customer_id"``, ``"$book_survey.survey_id"``, ``"$create_quote.quote_id"``,
``"$accept_quote.job_id"``, ``"$order_glass.po_id"``, ``"$invoice_job.invoice_id"``), list rows by position and
field (``"$survey_slots.0.slot_id"``, ``"$surveys.0.survey_id"``, ``"$quotes.0.quote_id"``,
``"$jobs.1.job_id"``, ``"$suppliers.1.supplier_id"``, ``"$fitters.2.team_id"``, ``"$product_range.0.code"``,
``"$glass_options.5.code"``) and nested rows by position and column (``"$create_quote.lines.1.0"``,
``"$quotes.0.lines.0.0"``, ``"$job_sheet.openings.2.0"``; the positions follow the fresh state's order of
records by id and of ``PRODUCTS`` and ``GLASS``). Every id and code is read from a reply; none is written
literally (amounts are written where a customer pays a round sum, else read from the reply that states them).
A step saved under a name of its own is a second call of a tool on one path.

The day: Mr Owen Tranter registers, Neil surveys his kitchen and back bedroom tomorrow morning (both windows
recorded at once for the test), completes the survey and quotes, triple-glazing the bedroom; Sandra sends the
quote, Owen accepts and pays the deposit, the frames go to Pennine and the glass to Clearview, both are booked in,
Marek's team is booked for today, starts, fits both windows and signs off; Sandra registers the job with FENSA,
invoices the balance and takes it (on other paths his phone changes, his file is read, he is texted, his survey is
cancelled, the kitchen line is dropped, the job is cancelled, or the bedroom unit arrives cracked and is remade).
Neil measures Mrs Parfitt's front room this morning, completes her survey and quotes it. Dr Haddad's draft quote
is re-glazed, trimmed or sent; Mr Reid accepts his front door. Mr Dorsey pays his deposit (or cancels), and his
frames and glass are ordered; Mrs Okonjo's aluminium frames go to Arcline. The Granary's glass comes in off
Halden's wagon (one unit cracked on another path) and the job is booked with Kerry's team for Thursday. Ms Kwan's
job is booked with Marek's team for today and started. Dev starts Mr Penhaligon's job and fits the front room
window. Kerry fits Ms Lloyd's patio door and bathroom window and signs the job off, or orders a remake of the
bathroom unit, which comes in; Sandra registers Mrs Ashworth's stair job with FENSA and invoices it.
"""

import mullion_tools as tools

WHO = {"sandra": ("sandra.o", "Casement-41"), "neil": ("neil.b", "Sightline-7"),
       "amira": ("amira.k", "Reveal-Depth-22"), "dev": ("dev.p", "Trickle-Vent-3"),
       "kerry": ("kerry.m", "Drip-Bar-18"), "marek": ("marek.n", "Cill-Horn-64"),
       "graham": ("graham.l", "Harwood-Lyle-1987")}
S, N, D, K, M = "$sandra.token", "$neil.token", "$dev.token", "$kerry.token", "$marek.token"
TODAY = "2031-06-10"
TOMORROW = "2031-06-11"
THURSDAY = "2031-06-12"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def product(code: str) -> str:
    return f"$product_range.{list(tools.PRODUCTS).index(code)}.code"


def glass(code: str) -> str:
    return f"$glass_options.{list(tools.GLASS).index(code)}.code"


def find(text: str) -> list:
    return [sign_in("sandra"), ("find_customer", {"token": S, "text": text})]


OWEN_ID = "$register_customer.customer_id"
FOUND = "$find_customer.0.customer_id"
SURVEY = "$book_survey.survey_id"
QUOTE = "$create_quote.quote_id"
JOB = "$accept_quote.job_id"

OWEN = [sign_in("sandra"),
        ("register_customer", {"token": S, "name": "Mr Owen Tranter", "phone": "07700 900311",
                               "address": "18 Saddler's Walk, Kelsborough", "postcode": "KB3 5SW",
                               "email": "owen.tranter@mail.example"})]
OWEN_PHONE = OWEN + [("update_customer", {"token": S, "customer_id": OWEN_ID, "phone": "07700 900312"})]
OWEN_FILE = OWEN + [("customer_file", {"token": S, "customer_id": OWEN_ID})]
OWEN_TEXT = OWEN + [("send_message", {"token": S, "customer_id": OWEN_ID, "channel": "sms",
                                      "text": "Harwood & Lyle: Neil will call tomorrow morning to measure up."})]
JOURNEY = OWEN + [
    ("survey_slots", {"date_from": TOMORROW, "days": 1}),
    ("book_survey", {"token": S, "customer_id": OWEN_ID, "slot_id": "$survey_slots.0.slot_id",
                     "notes": "Park on Saddler's Walk; side gate to the back"}),
    sign_in("neil"),
    ("product_range", {}),
    ("glass_options", {}),
    ("record_opening", {"token": N, "survey_id": SURVEY, "room": "Kitchen", "product_code": product("CASE-UPVC"),
                        "width_mm": 1200, "height_mm": 1050, "glass_code": glass("DG-STD"), "sill_mm": 1000,
                        "features": ["trickle_vent"]}),
    ("record_opening", {"token": N, "survey_id": SURVEY, "room": "Back bedroom", "product_code": product("CASE-UPVC"),
                        "width_mm": 1050, "height_mm": 1200, "glass_code": glass("DG-STD"), "sill_mm": 900, "floor": 1,
                        "features": ["trickle_vent", "egress_hinge"]}, "bedroom"),
    ("complete_survey", {"token": N, "survey_id": SURVEY,
                         "summary": "Kitchen and back bedroom casements; wants the bedroom quieter (main road)"}),
    ("survey_report", {"token": N, "survey_id": SURVEY}),
    ("create_quote", {"token": N, "survey_id": SURVEY}),
    ("change_glass", {"token": N, "quote_id": QUOTE, "opening_id": "$create_quote.lines.1.0",
                      "glass_code": glass("TG-STD")}),
    ("send_quote", {"token": S, "quote_id": QUOTE, "channel": "email"}),
    ("accept_quote", {"token": S, "quote_id": QUOTE}),
    ("take_deposit", {"token": S, "job_id": JOB, "amount": "$accept_quote.deposit_due", "method": "card"}),
    ("suppliers", {"token": S, "kind": "frames"}),
    ("order_frames", {"token": S, "job_id": JOB, "supplier_id": "$suppliers.0.supplier_id"}),
    ("suppliers", {"token": S, "kind": "glass"}, "glass_suppliers"),
    ("order_glass", {"token": S, "job_id": JOB, "supplier_id": "$glass_suppliers.0.supplier_id"}),
    ("book_in_delivery", {"token": S, "po_id": "$order_frames.po_id"}, "frames_in"),
    ("book_in_delivery", {"token": S, "po_id": "$order_glass.po_id"}, "glass_in"),
    ("fitters", {"token": S}),
    ("schedule_fitting", {"token": S, "job_id": JOB, "team_id": "$fitters.2.team_id", "date": TODAY}),
    sign_in("marek"),
    ("start_fitting", {"token": M, "job_id": JOB}),
    ("job_sheet", {"token": M, "job_id": JOB}),
    ("fit_opening", {"token": M, "job_id": JOB, "opening_id": "$job_sheet.openings.0.0"}, "fit_kitchen"),
    ("fit_opening", {"token": M, "job_id": JOB, "opening_id": "$job_sheet.openings.1.0",
                     "notes": "Sill extension fitted under the bedroom window"}, "fit_bedroom"),
    ("complete_fitting", {"token": M, "job_id": JOB, "notes": "Old frames taken; Mr Tranter shown the vents"}),
    ("notify_building_control", {"token": S, "job_id": JOB, "scheme": "fensa"}),
    ("invoice_job", {"token": S, "job_id": JOB}),
    ("take_payment", {"token": S, "invoice_id": "$invoice_job.invoice_id", "amount": "$invoice_job.balance",
                      "method": "bank_transfer"}),
]
OWEN_CANCELS_SURVEY = cut(JOURNEY, "book_survey") + [
    ("cancel_survey", {"token": S, "survey_id": SURVEY, "reason": "Mr Tranter is away tomorrow; he will ring back"})]
OWEN_DROPS_KITCHEN = cut(JOURNEY, "create_quote") + [
    ("drop_line", {"token": N, "quote_id": QUOTE, "opening_id": "$create_quote.lines.0.0"})]
OWEN_CANCELS_JOB = cut(JOURNEY, "accept_quote") + [
    ("cancel_job", {"token": S, "job_id": JOB, "reason": "Mr Tranter's mortgage offer fell through"})]
OWEN_CRACKED = cut(JOURNEY, "frames_in") + [
    ("job_sheet", {"token": S, "job_id": JOB}),
    ("book_in_delivery", {"token": S, "po_id": "$order_glass.po_id", "damaged": ["$job_sheet.openings.1.0"],
                          "notes": "Triple unit for the bedroom cracked in the corner"}, "glass_in"),
    ("order_remake", {"token": S, "job_id": JOB, "opening_id": "$job_sheet.openings.1.0",
                      "reason": "Arrived with a cracked corner"}),
]

ASHWORTH_EMAIL = find("Ashworth") + [("update_customer", {"token": S, "customer_id": FOUND,
                                                         "email": "pauline@ashworth-family.example"})]
KWAN_FILE = find("Kwan") + [("customer_file", {"token": S, "customer_id": FOUND})]
PARFITT_TEXT = find("Parfitt") + [("send_message", {"token": S, "customer_id": FOUND, "channel": "sms",
                                                   "text": "Harwood & Lyle: Neil is on his way, about 20 minutes."})]
DORSEY_SURVEY = find("Dorsey") + [("survey_slots", {"date_from": TOMORROW}),
                                  ("book_survey", {"token": S, "customer_id": FOUND, "slot_id": "$survey_slots.1.slot_id",
                                                   "notes": "Front of the house this time"})]

GLENYS = [sign_in("neil"), ("surveys", {"token": N, "date": TODAY, "status": "booked"}),
          ("product_range", {}), ("glass_options", {}),
          ("record_opening", {"token": N, "survey_id": "$surveys.0.survey_id", "room": "Front room",
                              "product_code": product("CASE-UPVC"), "width_mm": 1600, "height_mm": 1200,
                              "glass_code": glass("DG-STD"), "sill_mm": 850, "features": ["trickle_vent"]}),
          ("complete_survey", {"token": N, "survey_id": "$surveys.0.survey_id",
                               "summary": "Front room casement; the rest next year"}),
          ("create_quote", {"token": N, "survey_id": "$surveys.0.survey_id"})]
OLD_REPORT = [sign_in("amira"), ("surveys", {"token": "$amira.token", "status": "completed"}),
              ("survey_report", {"token": "$amira.token", "survey_id": "$surveys.0.survey_id"})]
RIDDICK_OFF = [sign_in("sandra"), ("surveys", {"token": S, "date": TOMORROW}),
               ("cancel_survey", {"token": S, "survey_id": "$surveys.0.survey_id",
                                  "reason": "Mr Riddick is selling the house"})]

HADDAD = [sign_in("neil"), ("quotes", {"token": N, "status": "draft"}), ("glass_options", {}),
          ("change_glass", {"token": N, "quote_id": "$quotes.0.quote_id", "opening_id": "$quotes.0.lines.0.0",
                            "glass_code": glass("TG-STD")})]
HADDAD_TRIM = [sign_in("neil"), ("quotes", {"token": N, "status": "draft"}),
               ("drop_line", {"token": N, "quote_id": "$quotes.0.quote_id", "opening_id": "$quotes.0.lines.1.0"})]
HADDAD_SENT = [sign_in("sandra"), ("quotes", {"token": S, "status": "draft"}),
               ("send_quote", {"token": S, "quote_id": "$quotes.0.quote_id", "channel": "email"})]
REID_YES = [sign_in("sandra"), ("quotes", {"token": S, "status": "sent"}),
            ("accept_quote", {"token": S, "quote_id": "$quotes.0.quote_id"})]

AWAITING = [sign_in("sandra"), ("jobs", {"token": S, "stage": "awaiting_deposit"})]
DORSEY_PAYS = AWAITING + [("take_deposit", {"token": S, "job_id": "$jobs.0.job_id", "amount": 400.0,
                                            "method": "card"})]
DORSEY_FRAMES = DORSEY_PAYS + [("suppliers", {"token": S, "kind": "frames"}),
                               ("order_frames", {"token": S, "job_id": "$jobs.0.job_id",
                                                 "supplier_id": "$suppliers.0.supplier_id"})]
DORSEY_GLASS = DORSEY_PAYS + [("suppliers", {"token": S, "kind": "glass"}),
                              ("order_glass", {"token": S, "job_id": "$jobs.0.job_id",
                                               "supplier_id": "$suppliers.1.supplier_id"})]
DORSEY_SHEET = AWAITING + [("job_sheet", {"token": S, "job_id": "$jobs.0.job_id"})]
DORSEY_CANCELS = AWAITING + [("cancel_job", {"token": S, "job_id": "$jobs.0.job_id",
                                             "reason": "Mr Dorsey has had a better price elsewhere"})]
OKONJO = [sign_in("sandra"), ("jobs", {"token": S, "stage": "deposit_paid"}),
          ("suppliers", {"token": S, "kind": "frames"}),
          ("order_frames", {"token": S, "job_id": "$jobs.0.job_id", "supplier_id": "$suppliers.1.supplier_id"})]
OKONJO_GLASS = [sign_in("sandra"), ("jobs", {"token": S, "stage": "deposit_paid"}),
                ("suppliers", {"token": S, "kind": "glass"}),
                ("order_glass", {"token": S, "job_id": "$jobs.0.job_id", "supplier_id": "$suppliers.0.supplier_id"})]

GRANARY = [sign_in("sandra"), ("purchase_orders", {"token": S, "status": "ordered"}),
           ("book_in_delivery", {"token": S, "po_id": "$purchase_orders.0.po_id", "notes": "Halden's wagon, 08:10"}),
           ("fitters", {"token": S}),
           ("schedule_fitting", {"token": S, "job_id": "$purchase_orders.0.job_id", "team_id": "$fitters.1.team_id",
                                 "date": THURSDAY})]
GRANARY_CRACKED = [sign_in("sandra"), ("purchase_orders", {"token": S, "status": "ordered"}),
                   ("job_sheet", {"token": S, "job_id": "$purchase_orders.0.job_id"}),
                   ("book_in_delivery", {"token": S, "po_id": "$purchase_orders.0.po_id",
                                         "damaged": ["$job_sheet.openings.2.0"],
                                         "notes": "Boot room door unit: outer pane cracked"}),
                   ("order_remake", {"token": S, "job_id": "$purchase_orders.0.job_id",
                                     "opening_id": "$job_sheet.openings.2.0",
                                     "reason": "Outer pane cracked in transit"})]
KWAN = [sign_in("sandra"), ("jobs", {"token": S, "stage": "goods_in"}), ("fitters", {"token": S}),
        ("schedule_fitting", {"token": S, "job_id": "$jobs.0.job_id", "team_id": "$fitters.2.team_id", "date": TODAY}),
        sign_in("marek"), ("start_fitting", {"token": M, "job_id": "$jobs.0.job_id"})]
PENHALIGON = [sign_in("dev"), ("jobs", {"token": D, "stage": "scheduled"}),
              ("start_fitting", {"token": D, "job_id": "$jobs.0.job_id"}),
              ("job_sheet", {"token": D, "job_id": "$jobs.0.job_id"}),
              ("fit_opening", {"token": D, "job_id": "$jobs.0.job_id", "opening_id": "$job_sheet.openings.0.0"})]
LLOYD = [sign_in("kerry"), ("jobs", {"token": K, "stage": "in_progress"}),
         ("job_sheet", {"token": K, "job_id": "$jobs.0.job_id"}),
         ("fit_opening", {"token": K, "job_id": "$jobs.0.job_id", "opening_id": "$job_sheet.openings.1.0"}, "fit_patio"),
         ("fit_opening", {"token": K, "job_id": "$jobs.0.job_id", "opening_id": "$job_sheet.openings.2.0"}, "fit_bath"),
         ("complete_fitting", {"token": K, "job_id": "$jobs.0.job_id",
                               "notes": "Patio door and bathroom window in; Ms Lloyd has the keys and the guarantee"}),
         sign_in("sandra"),
         ("notify_building_control", {"token": S, "job_id": "$jobs.0.job_id", "scheme": "fensa"}),
         ("invoice_job", {"token": S, "job_id": "$jobs.0.job_id"})]
LLOYD_REMAKE = [sign_in("kerry"), ("jobs", {"token": K, "stage": "in_progress"}),
                ("job_sheet", {"token": K, "job_id": "$jobs.0.job_id"}),
                ("order_remake", {"token": K, "job_id": "$jobs.0.job_id", "opening_id": "$job_sheet.openings.2.0",
                                  "reason": "Obscure unit cracked as the old frame came out"}),
                sign_in("sandra"),
                ("book_in_delivery", {"token": S, "po_id": "$order_remake.po_id", "notes": "Remake in early"})]
STAIRS = [sign_in("sandra"), ("jobs", {"token": S, "stage": "completed"}),
          ("notify_building_control", {"token": S, "job_id": "$jobs.1.job_id", "scheme": "fensa"})]
STAIRS_INVOICE = [sign_in("sandra"), ("jobs", {"token": S, "stage": "completed"}),
                  ("invoice_job", {"token": S, "job_id": "$jobs.1.job_id"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers
_NEW = {"update_customer": OWEN_PHONE, "customer_file": OWEN_FILE, "send_message": OWEN_TEXT,
        "book_survey": cut(JOURNEY, "book_survey")}
_FOUND = {"update_customer": ASHWORTH_EMAIL, "customer_file": KWAN_FILE, "send_message": PARFITT_TEXT,
          "book_survey": DORSEY_SURVEY}
for _c in tools.CUSTOMER_CONSUMERS:
    _add("register_customer", _c, _NEW[_c])
    _add("find_customer", _c, _FOUND[_c])
_add("survey_slots", "book_survey", cut(JOURNEY, "book_survey"))

# surveys
_BOOKED = {"record_opening": cut(JOURNEY, "record_opening"), "complete_survey": cut(JOURNEY, "complete_survey"),
           "survey_report": cut(JOURNEY, "survey_report"), "cancel_survey": OWEN_CANCELS_SURVEY,
           "create_quote": cut(JOURNEY, "create_quote")}
_LISTED = {"record_opening": cut(GLENYS, "record_opening"), "complete_survey": cut(GLENYS, "complete_survey"),
           "survey_report": OLD_REPORT, "cancel_survey": RIDDICK_OFF, "create_quote": GLENYS}
for _c in tools.SURVEY_CONSUMERS:
    _add("book_survey", _c, _BOOKED[_c])
    _add("surveys", _c, _LISTED[_c])
_add("product_range", "record_opening", cut(JOURNEY, "record_opening"))
_add("glass_options", "record_opening", cut(GLENYS, "record_opening"))
_add("glass_options", "change_glass", cut(JOURNEY, "change_glass"))

# quotes
_CREATED = {"change_glass": cut(JOURNEY, "change_glass"), "drop_line": OWEN_DROPS_KITCHEN,
            "send_quote": cut(JOURNEY, "send_quote"), "accept_quote": cut(JOURNEY, "accept_quote")}
_QLISTED = {"change_glass": HADDAD, "drop_line": HADDAD_TRIM, "send_quote": HADDAD_SENT, "accept_quote": REID_YES}
for _c in tools.QUOTE_CONSUMERS:
    _add("create_quote", _c, _CREATED[_c])
    _add("quotes", _c, _QLISTED[_c])

# jobs
_ACCEPTED = {c: cut(JOURNEY, c) for c in tools.JOB_CONSUMERS if c not in ("cancel_job", "order_remake")}
_ACCEPTED.update({"cancel_job": OWEN_CANCELS_JOB, "order_remake": OWEN_CRACKED})
_JLISTED = {"take_deposit": DORSEY_PAYS, "job_sheet": DORSEY_SHEET, "order_frames": OKONJO,
            "order_glass": OKONJO_GLASS, "schedule_fitting": cut(KWAN, "schedule_fitting"),
            "start_fitting": cut(PENHALIGON, "start_fitting"), "fit_opening": PENHALIGON,
            "complete_fitting": cut(LLOYD, "complete_fitting"), "notify_building_control": STAIRS,
            "invoice_job": STAIRS_INVOICE, "cancel_job": DORSEY_CANCELS, "order_remake": cut(LLOYD_REMAKE, "order_remake")}
for _c in tools.JOB_CONSUMERS:
    _add("accept_quote", _c, _ACCEPTED[_c])
    _add("jobs", _c, _JLISTED[_c])

# suppliers, orders, teams, openings, invoices
_add("suppliers", "order_frames", cut(JOURNEY, "order_frames"))
_add("suppliers", "order_glass", OKONJO_GLASS)
_add("order_frames", "book_in_delivery", cut(JOURNEY, "frames_in"))
_add("order_glass", "book_in_delivery", cut(JOURNEY, "glass_in"))
_add("order_remake", "book_in_delivery", LLOYD_REMAKE)
_add("purchase_orders", "book_in_delivery", cut(GRANARY, "book_in_delivery"))
_add("fitters", "schedule_fitting", cut(JOURNEY, "schedule_fitting"))
_add("job_sheet", "fit_opening", PENHALIGON)
_add("job_sheet", "order_remake", cut(LLOYD_REMAKE, "order_remake"))
_add("invoice_job", "take_payment", JOURNEY)

# states
_add("record_opening", "complete_survey", cut(GLENYS, "complete_survey"))
_add("complete_survey", "create_quote", GLENYS)
_add("send_quote", "accept_quote", cut(JOURNEY, "accept_quote"))
_add("take_deposit", "order_frames", DORSEY_FRAMES)
_add("take_deposit", "order_glass", DORSEY_GLASS)
_add("book_in_delivery", "schedule_fitting", GRANARY)
_add("book_in_delivery", "order_remake", GRANARY_CRACKED)
_add("schedule_fitting", "start_fitting", KWAN)
_add("start_fitting", "fit_opening", PENHALIGON)
_add("fit_opening", "complete_fitting", cut(LLOYD, "complete_fitting"))
_add("complete_fitting", "notify_building_control", cut(LLOYD, "notify_building_control"))
_add("complete_fitting", "invoice_job", LLOYD)

_OWN = {"sign_out": [sign_in("graham"), ("sign_out", {"token": "$graham.token"})]}


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
    # the product range is read before Mrs Ashworth's e-mail address is changed
    ("product_range", find("Ashworth") + [("product_range", {}),
                                          ("update_customer", {"token": S, "customer_id": FOUND,
                                                               "email": "pauline@ashworth-family.example"})]),
    # the fitting teams are read before Dev starts Mr Penhaligon's job; starting names no team
    ("fitters", [sign_in("dev"), ("jobs", {"token": D, "stage": "scheduled"}), ("fitters", {"token": D}),
                 ("start_fitting", {"token": D, "job_id": "$jobs.0.job_id"})]),
    # the suppliers are read before Mr Dorsey pays his deposit
    ("suppliers", AWAITING + [("suppliers", {"token": S}),
                              ("take_deposit", {"token": S, "job_id": "$jobs.0.job_id", "amount": 400.0,
                                                "method": "card"})]),
    # the glass options are read before Mr Reid's quote is accepted
    ("glass_options", [sign_in("sandra"), ("quotes", {"token": S, "status": "sent"}), ("glass_options", {}),
                       ("accept_quote", {"token": S, "quote_id": "$quotes.0.quote_id"})]),
    # the survey slots are read before Mrs Parfitt is texted
    ("survey_slots", find("Parfitt") + [("survey_slots", {}),
                                        ("send_message", {"token": S, "customer_id": FOUND, "channel": "sms",
                                                          "text": "Harwood & Lyle: Neil is on his way."})]),
    # Mr Dorsey is texted before his deposit is taken
    ("send_message", AWAITING + [("find_customer", {"token": S, "text": "Dorsey"}),
                                 ("send_message", {"token": S, "customer_id": FOUND, "channel": "email",
                                                   "text": "Harwood & Lyle: see you at ten for the deposit."}),
                                 ("take_deposit", {"token": S, "job_id": "$jobs.0.job_id", "amount": 400.0,
                                                   "method": "card"})]),
    # today's surveys are read before Mrs Ashworth's stair job is invoiced
    ("surveys", [sign_in("sandra"), ("surveys", {"token": S, "date": TODAY}),
                 ("jobs", {"token": S, "stage": "completed"}),
                 ("invoice_job", {"token": S, "job_id": "$jobs.1.job_id"})]),
]
