"""Scripted proofs that Scaffyard's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime built with the module's ``FAILURE``, which
reads the returned ``{"data": None, "errors": [...]}`` refusals as rejections).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff log in
by first name (``("login", {...}, "jen")``) and pass the bare token whole (``"$jen"``); dicts are read by
key (``"$quote_scaffold.quote_id"``, ``"$find_customer.0.sites.0.0"``, ``"$load_wagon.delivery_note"``,
``"$job_detail.variations.0.0"``, ``"$account_statement.invoices.0.0"``) and rows by position
(``"$list_jobs.0.0"``, ``"$list_gangs.1.0"``, ``"$list_wagons.0.0"``, ``"$component_catalogue.0.0"``).
Numbers the system only writes inside a sentence are written literally: a fresh state's first new
account ``AC-3342``, survey ``SV-0772``, job ``J-5512`` and invoice ``SI-20931``, and a job's first
variation (``V-5512-1``, ``V-5480-1``: the job's digits and its variation count); each follows from its
own counter, so it is the same in every fresh state, and none exists without its call.

The fortnight's work: Whitfield Roofing's re-roofing scaffold at 14 Otley Road surveyed, quoted, sent,
credit-checked, accepted, certified, booked, picked, loaded, delivered, erected, handed over, invoiced,
inspected, altered, off-hired, struck, returned short and finally invoiced; the same run from
Kirkstall Homes' waiting Hawksworth Road job picked from the job list; Meanwood Loft Conversions opened,
given a site and surveyed; Abbey Mews inspected and altered; Kirkstall Homes' hire invoice paid; Aire
Valley Builders taken off stop.
"""

import scaffyard_tools as tools

WHO = {"jen": ("jen.carter", "Transom-62"), "mo": ("mo.akhtar", "Ledger-Tie-19"),
       "gary": ("gary.pike", "Coupler-883"), "ruth": ("ruth.ames", "Invoice-2750")}
J, M, G, R = "$jen", "$mo", "$gary", "$ruth"
ACCOUNT, SURVEY, JOB, INVOICE = "AC-3342", "SV-0772", "J-5512", "SI-20931"
MEANWOOD = {"company": "Meanwood Loft Conversions", "contact": "Dylan Shaw", "phone": "0113 496 0777",
            "email": "dylan@meanwoodlofts.example"}


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("login", {"username": user, "password": password}, who)


def logins(*who: str) -> list:
    return [login(w) for w in who]


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def _with(steps: list, before: str, extra: list) -> list:
    i = next(i for i, s in enumerate(steps) if s[0] == before)
    return steps[:i] + extra + steps[i:]


def whitfield() -> list:
    """Survey, quote and acceptance of Whitfield Roofing's scaffold (an existing customer and site)."""
    site = "$find_customer.0.sites.0.0"
    return [*logins("jen", "mo", "gary", "ruth"),
            ("find_customer", {"token": J, "name": "Whitfield"}),
            ("book_survey", {"token": J, "site_id": site, "day": "2029-10-10"}),
            ("record_survey", {"token": J, "survey_id": SURVEY, "ground": "paving", "max_height_m": 8.5,
                               "access_ok": True, "notes": "Two-storey terrace; tie into the window reveals"}),
            ("quote_scaffold", {"token": J, "site_id": site, "survey_id": SURVEY, "scaffold_type": "independent",
                                "length_m": 11.0, "lifts": 3, "weeks": 8}),
            ("send_quote", {"token": J, "quote_id": "$quote_scaffold.quote_id"}),
            ("credit_check", {"token": R, "account": "$find_customer.0.account", "limit_requested": 5000.0}),
            ("accept_quote", {"token": J, "quote_id": "$quote_scaffold.quote_id", "order_ref": "WR-PO-2291"})]


def job_run(src: str = "new", dn: str = "load", variation: str = "sentence") -> list:
    """A job from its compliance sheet to its final invoice: Whitfield's new job ("new") or Kirkstall
    Homes' accepted Hawksworth Road job from the job list ("list")."""
    if src == "new":
        steps, job = whitfield(), JOB
    else:
        steps, job = [*logins("jen", "mo", "gary", "ruth"),
                      ("list_jobs", {"token": M, "status": "accepted"})], "$list_jobs.0.0"
    note = "$load_wagon.delivery_note"
    detail = []
    if dn == "detail":
        detail, note = [("job_detail", {"token": G, "job_id": job})], "$job_detail.delivery_notes.0.0"
    var = "V-5512-1" if src == "new" else "V-5495-1"
    vdetail = []
    if variation == "detail":
        vdetail, var = [("job_detail", {"token": M, "job_id": job}, "vd")], "$vd.variations.0.0"
    return steps + [
        ("tg20_compliance_sheet", {"token": M, "job_id": job}),
        ("list_gangs", {"token": M, "day": "2029-10-11"}),
        ("schedule_erection", {"token": M, "job_id": job, "gang_id": "$list_gangs.1.0", "day": "2029-10-11"}),
        ("pick_list", {"token": G, "job_id": job}),
        ("list_wagons", {"token": G}),
        ("load_wagon", {"token": G, "job_id": job, "wagon_reg": "$list_wagons.0.0"}),
        *detail,
        ("confirm_delivery", {"token": G, "delivery_note": note, "signed_by": "Carol Whitfield"}),
        ("complete_erection", {"token": M, "job_id": job, "chargehand_notes": "Erected, boarded out, ties tested"}),
        ("hand_over", {"token": M, "job_id": job, "inspector": "Mo Akhtar (CISRS advanced)",
                       "client_rep": "Carol Whitfield"}),
        ("raise_invoice", {"token": R, "job_id": job, "kind": "erection"}),
        ("record_inspection", {"token": M, "job_id": job, "inspector": "Mo Akhtar", "safe": True}),
        ("request_alteration", {"token": M, "job_id": job,
                                "description": "Extend the top lift round the gable end", "extra_lifts": 0}),
        *vdetail,
        ("approve_alteration", {"token": M, "variation_id": var, "price": 240.0}),
        ("off_hire", {"token": M, "job_id": job, "from_day": "2029-10-22", "customer_ref": "Carol Whitfield"}),
        ("list_gangs", {"token": M, "day": "2029-10-23"}, "strike_gangs"),
        ("schedule_strike", {"token": M, "job_id": job, "gang_id": "$strike_gangs.0.0", "day": "2029-10-23"}),
        ("book_return", {"token": G, "job_id": job, "wagon_reg": "$list_wagons.1.0"}),
        ("check_in_return", {"token": G, "return_note": "$book_return.return_note", "short_codes": ["TB"],
                             "short_quantities": [4]}),
        ("hire_ledger", {"token": R, "job_id": job}),
        ("raise_invoice", {"token": R, "job_id": job, "kind": "final"}, "final_invoice"),
    ]


def meanwood(upto: str) -> list:
    """A new customer, a new site, its survey and quote."""
    site = "$add_site.site_id"
    return cut([*logins("jen"),
                ("open_account", {"token": J, **MEANWOOD}),
                ("add_site", {"token": J, "account": ACCOUNT, "address": "7 Stainbeck Lane, Meanwood",
                              "postcode": "LS7 3PJ", "site_contact": "Dylan Shaw", "phone": "07700 900777"}),
                ("book_survey", {"token": J, "site_id": site, "day": "2029-10-12"}),
                ("record_survey", {"token": J, "survey_id": SURVEY, "ground": "tarmac", "max_height_m": 9.0,
                                   "access_ok": True, "notes": "Loft conversion, rear dormer"}),
                ("quote_scaffold", {"token": J, "site_id": site, "survey_id": SURVEY, "scaffold_type": "putlog",
                                    "length_m": 7.5, "lifts": 4, "weeks": 10, "loading_bay": True})], upto)


def account_path(consumer: str, via: str) -> list:
    if via == "open":
        steps, acc = [*logins("jen", "ruth"), ("open_account", {"token": J, **MEANWOOD})], ACCOUNT
    else:
        name = {"lift_stop": "Aire Valley", "credit_check": "Whitfield"}.get(consumer, "Kirkstall")
        steps, acc = [*logins("jen", "ruth"), ("find_customer", {"token": R, "name": name})], \
            "$find_customer.0.account"
    calls = {
        "credit_check": [("credit_check", {"token": R, "account": acc, "limit_requested": 3000.0})],
        "add_site": [("add_site", {"token": J, "account": acc, "address": "Unit 4, Kirkstall Forge",
                                   "postcode": "LS5 3BF", "site_contact": "Barry Lund", "phone": "07700 900318"})],
        "account_statement": [("account_statement", {"token": R, "account": acc})],
        "put_on_stop": [("put_on_stop", {"token": R, "account": acc, "reason": "Cheque returned unpaid"})],
        "lift_stop": ([("put_on_stop", {"token": R, "account": acc, "reason": "Awaiting trade references"})]
                      if via == "open" else []) + [("lift_stop", {"token": R, "account": acc})],
    }
    return steps + calls[consumer]


ABBEY = [*logins("mo", "ruth"), ("list_jobs", {"token": M, "status": "in_use"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


for _c in tools.JOB_CONSUMERS:
    if _c == "job_detail":
        _add("accept_quote", _c, whitfield() + [("job_detail", {"token": J, "job_id": JOB})])
        _add("list_jobs", _c, [login("mo"), ("list_jobs", {"token": M, "status": "in_use"}),
                               ("job_detail", {"token": M, "job_id": "$list_jobs.0.0"})])
        continue
    _add("accept_quote", _c, cut(job_run("new"), _c))
    _add("list_jobs", _c, cut(job_run("list"), _c))
for _c in tools.ACCOUNT_CONSUMERS:
    _add("find_customer", _c, account_path(_c, "find"))
    _add("open_account", _c, account_path(_c, "open"))
_add("find_customer", "book_survey", cut(whitfield(), "book_survey"))
_add("add_site", "book_survey", meanwood("book_survey"))
_add("find_customer", "quote_scaffold", cut(whitfield(), "quote_scaffold"))
_add("add_site", "quote_scaffold", meanwood("quote_scaffold"))
_add("book_survey", "record_survey", meanwood("record_survey"))
_add("book_survey", "quote_scaffold", cut(whitfield(), "quote_scaffold"))
_add("quote_scaffold", "send_quote", cut(whitfield(), "send_quote"))
_add("quote_scaffold", "accept_quote", whitfield())
_add("list_gangs", "schedule_erection", cut(job_run("list"), "schedule_erection"))
_add("list_gangs", "schedule_strike", cut(job_run("new"), "schedule_strike"))
_add("list_wagons", "load_wagon", cut(job_run("list"), "load_wagon"))
_add("list_wagons", "book_return", cut(job_run("new"), "book_return"))
_add("load_wagon", "confirm_delivery", cut(job_run("new"), "confirm_delivery"))
_add("job_detail", "confirm_delivery", cut(job_run("list", dn="detail"), "confirm_delivery"))
_add("request_alteration", "approve_alteration", ABBEY + [
    ("request_alteration", {"token": M, "job_id": "$list_jobs.0.0", "description": "Add a loading bay at plot 6",
                            "extra_lifts": 0}),
    ("approve_alteration", {"token": M, "variation_id": "V-5480-1", "price": 380.0})])
_add("job_detail", "approve_alteration", cut(job_run("new", variation="detail"), "approve_alteration"))
_add("book_return", "check_in_return", cut(job_run("list"), "check_in_return"))
_add("raise_invoice", "record_payment", cut(job_run("new"), "raise_invoice") + [
    ("record_payment", {"token": R, "invoice_no": INVOICE, "amount": 594.0})])
_add("account_statement", "record_payment", [*logins("ruth"), ("find_customer", {"token": R, "name": "Kirkstall"}),
                                             ("account_statement", {"token": R, "account": "$find_customer.0.account"}),
                                             ("record_payment", {"token": R, "invoice_no": "$account_statement.invoices.0.0",
                                                                 "amount": 1240.0})])
_add("component_catalogue", "stock_level", [("component_catalogue", {"category": "board"}), login("gary"),
                                            ("stock_level", {"token": G, "code": "$component_catalogue.0.0"})])
_add("record_survey", "quote_scaffold", meanwood("quote_scaffold"))
_add("send_quote", "accept_quote", whitfield())
_add("credit_check", "accept_quote", whitfield())
_add("tg20_compliance_sheet", "schedule_erection", cut(job_run("new"), "schedule_erection"))
_add("schedule_erection", "load_wagon", cut(job_run("new"), "load_wagon"))
_add("pick_list", "load_wagon", cut(job_run("list"), "load_wagon"))
_add("confirm_delivery", "complete_erection", cut(job_run("new"), "complete_erection"))
_add("complete_erection", "hand_over", cut(job_run("list"), "hand_over"))
_add("hand_over", "record_inspection", cut(job_run("new"), "record_inspection"))
_add("hand_over", "request_alteration", cut(job_run("list"), "request_alteration"))
_add("off_hire", "schedule_strike", cut(job_run("list"), "schedule_strike"))
_add("schedule_strike", "book_return", cut(job_run("new"), "book_return"))
_add("hand_over", "raise_invoice", cut(job_run("new"), "raise_invoice"))
_add("check_in_return", "raise_invoice", job_run("list"))
_add("put_on_stop", "lift_stop", [*logins("ruth"), ("find_customer", {"token": R, "name": "Kirkstall"}),
                                  ("put_on_stop", {"token": R, "account": "$find_customer.0.account",
                                                   "reason": "Disputed loss charges"}),
                                  ("lift_stop", {"token": R, "account": "$find_customer.0.account"})])

_OWN = {"logout": [login("jen"), ("logout", {"token": J})],
        "inspections_due": [login("mo"), ("inspections_due", {"token": M, "within_days": 3})],
        "list_jobs": [login("mo"), ("list_jobs", {"token": M})]}


def _auth_proofs() -> list:
    """A login proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "login":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("login", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("inspections_due", [login("mo"), ("inspections_due", {"token": M}), ("list_jobs", {"token": M, "status": "in_use"}),
                         ("record_inspection", {"token": M, "job_id": "$list_jobs.0.0", "inspector": "Mo Akhtar",
                                                "safe": True})]),
    ("hire_ledger", ABBEY + [("hire_ledger", {"token": R, "job_id": "$list_jobs.0.0"}),
                             ("raise_invoice", {"token": R, "job_id": "$list_jobs.0.0", "kind": "hire"})]),
    ("stock_level", [*logins("mo", "gary"), ("stock_level", {"token": G, "code": "T21"}),
                     ("list_jobs", {"token": M, "status": "accepted"}),
                     ("pick_list", {"token": G, "job_id": "$list_jobs.0.0"})]),
    ("job_detail", ABBEY + [("job_detail", {"token": M, "job_id": "$list_jobs.0.0"}),
                            ("off_hire", {"token": M, "job_id": "$list_jobs.0.0", "from_day": "2029-10-15",
                                          "customer_ref": "Barry Lund"})]),
    ("component_catalogue", [("component_catalogue", {}), *cut(whitfield(), "quote_scaffold")]),
    ("list_wagons", [*logins("mo", "gary"), ("list_jobs", {"token": M, "status": "accepted"}), ("list_wagons", {"token": G}),
                     ("tg20_compliance_sheet", {"token": M, "job_id": "$list_jobs.0.0"})]),
]
