"""Scripted proofs that Lendhouse's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which converts the desk's pydantic
replies to JSON and reads its returned ``"Error: ..."`` strings as refusals by its common conventions).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff
sign in by first name (``("sign_in", {...}, "hannah")``) and pass the session's token
(``"$hannah.token"``); models are read by field (``"$start_application.application_no"``,
``"$get_application.offer.offer_no"``), lists of models by position and field
(``"$find_applicant.0.applicant_id"``, ``"$list_documents.2.document_id"``), and bare values whole
(``"$doc1"``, a document id; ``"$add_condition"``, a condition number). The one number the desk
writes only inside a sentence, the first new mortgage account ``50071230`` of a fresh state, is
written literally: it comes from its own counter and does not exist without its call.

One case runs from enquiry to direct debit: Priya Raman (found) or Tomasz Nowak (registered now)
gets income, a credit search and a new application, or Oliver Grant's draft ``MA-28-0409`` is
found in the list; then the property, a product, the deposit, the illustration, two documents,
submission, the valuation, verification, a condition, the decision, the offer, acceptance, the
solicitor, the funds. The Whitfields' case in underwriting, the Mensahs' offer and Eleanor
Hughes's accepted offer give the short paths.
"""

import lendhouse_tools as tools

ACCOUNT = "50071230"
WHO = {"hannah": ("hpatel", "Keystone#88"), "gareth": ("gowen", "Ledger-Line-4"), "claire": ("cmurray", "Deeds&Keys9")}
HANNAH, GARETH, CLAIRE = "$hannah.token", "$gareth.token", "$claire.token"
TOMASZ = {"first_name": "Tomasz", "last_name": "Nowak", "date_of_birth": "1994-03-28", "email": "tomasz.nowak@example.com",
          "phone": "07700 900818", "address": "5 Moorland Road, Bath", "postcode": "BA2 3PL"}


def signin(who: str) -> tuple:
    username, password = WHO[who]
    return ("sign_in", {"username": username, "password": password}, who)


def applicant(via: str) -> tuple:
    """Priya Raman found by surname and birth date, or Tomasz Nowak registered now."""
    if via == "find":
        return ([signin("hannah"), ("find_applicant", {"token": HANNAH, "surname": "Raman", "date_of_birth": "1992-01-05"})],
                "$find_applicant.0.applicant_id", "Priya Raman", ("Holburne Museum", 52000))
    return ([signin("hannah"), ("create_applicant", {"token": HANNAH, **TOMASZ})], "$create_applicant.applicant_id",
            "Tomasz Nowak", ("Bath Cider Works", 47000))


def case(upto: str, who: str = "find", app: str = "start", then: list = ()) -> list:
    """The case from enquiry to direct debit, ending with the first ``upto`` call, then ``then``.
    ``app`` "start": a new application for ``who``; "list": Oliver Grant's draft found in the list."""
    if app == "start":
        head, a, name, (employer, salary) = applicant(who)
        steps = head + [
            ("add_income", {"token": HANNAH, "applicant_id": a, "kind": "employed", "source": employer,
                            "annual_amount": salary}),
            ("run_credit_search", {"token": HANNAH, "applicant_id": a, "consent_given": True}),
            ("start_application", {"token": HANNAH, "applicant_ids": [a], "purpose": "purchase", "property_price": 250000.0,
                                   "loan_amount": 200000.0, "term_years": 30}),
        ]
        no, value, address = "$start_application.application_no", 255000.0, ("9 Shaftesbury Road, Bath", "BA2 3LH")
    else:
        steps = [signin("hannah"), ("list_applications", {"token": HANNAH, "status": "draft"})]
        no, name, value, address = "$list_applications.0.application_no", "Oliver Grant", 305000.0, ("14 Entry Hill, Bath", "BA2 5LY")
    steps += [
        ("set_property", {"token": HANNAH, "application_no": no, "address": address[0], "postcode": address[1],
                          "property_type": "house", "tenure": "freehold"}),
        ("list_products", {"max_ltv": 80.0}),
        ("select_product", {"token": HANNAH, "application_no": no, "product_code": "$list_products.0.code"}),
        ("record_deposit", {"token": HANNAH, "application_no": no, "source": "savings", "amount": 50000.0}),
        ("illustrate", {"token": HANNAH, "application_no": no}),
        ("request_documents", {"token": HANNAH, "application_no": no, "documents": ["PAYSLIP_3M", "ID"]}),
        ("upload_document", {"token": HANNAH, "application_no": no, "doc_code": "PAYSLIP_3M", "filename": "payslips.pdf"},
         "doc1"),
        ("upload_document", {"token": HANNAH, "application_no": no, "doc_code": "ID", "filename": "passport.jpg"}, "doc2"),
        ("submit_application", {"token": HANNAH, "application_no": no}),
        signin("gareth"),
        ("order_valuation", {"token": GARETH, "application_no": no, "valuation_type": "mortgage_valuation"}),
        ("record_valuation", {"token": GARETH, "valuation_ref": "$order_valuation.valuation_ref", "market_value": value,
                              "remarks": "Well maintained, no adverse factors"}),
        ("verify_document", {"token": GARETH, "document_id": "$doc1", "outcome": "accepted", "note": "Three months, matches"}),
        ("verify_document", {"token": GARETH, "document_id": "$doc2", "outcome": "accepted", "note": "Passport in date"}),
        ("add_condition", {"token": GARETH, "application_no": no, "text": "Employer reference confirming salary",
                           "stage": "pre_offer"}),
        ("satisfy_condition", {"token": HANNAH, "application_no": no, "condition_no": "$add_condition",
                               "evidence": "Reference received from the employer"}),
        ("decide_application", {"token": GARETH, "application_no": no, "decision": "approve",
                                "reason": "Within policy at 80% LTV, income verified"}),
        ("issue_offer", {"token": GARETH, "application_no": no, "valid_days": 90}),
        ("accept_offer", {"token": HANNAH, "offer_no": "$issue_offer.offer_no", "signed_by": [name]}),
        signin("claire"),
        ("instruct_solicitor", {"token": CLAIRE, "application_no": no, "firm": "Mogford Hale LLP", "sra_number": "604418",
                                "email": "conveyancing@mogfordhale.example"}),
        ("request_funds", {"token": CLAIRE, "application_no": no, "completion_date": "2028-03-24"}),
        ("release_funds", {"token": CLAIRE, "completion_ref": "$request_funds.completion_ref"}),
        ("set_up_direct_debit", {"token": HANNAH, "mortgage_account": ACCOUNT, "sort_code": "20-45-77",
                                 "account_number": "41998812", "payment_day": 1}),
    ]
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1] + list(then)


UNDERWRITING = [signin("gareth"), ("list_applications", {"token": GARETH, "status": "underwriting"})]
WHITFIELD = "$list_applications.0.application_no"
HUGHES = [signin("claire"), ("list_applications", {"token": CLAIRE, "status": "offer_accepted"}),
          ("get_application", {"token": CLAIRE, "application_no": "$list_applications.0.application_no"}),
          ("satisfy_condition", {"token": CLAIRE, "application_no": "$list_applications.0.application_no",
                                 "condition_no": "$get_application.conditions.0.condition_no",
                                 "evidence": "Buildings insurance schedule from Aviva, in force from exchange"}),
          ("request_funds", {"token": CLAIRE, "application_no": "$list_applications.0.application_no",
                             "completion_date": "2028-03-17"}),
          ("release_funds", {"token": CLAIRE, "completion_ref": "$request_funds.completion_ref"}),
          ("set_up_direct_debit", {"token": CLAIRE, "mortgage_account": ACCOUNT, "sort_code": "40-12-09",
                                   "account_number": "73310045", "payment_day": 15})]


def hughes(upto: str) -> list:
    end = next(i for i, s in enumerate(HUGHES) if s[0] == upto)
    return HUGHES[:end + 1]


_BODY = [
    ("find_applicant", "send_message", [signin("hannah"), ("find_applicant", {"token": HANNAH, "surname": "Whitfield",
                                                                            "date_of_birth": "1986-04-12"}),
                                        ("send_message", {"token": HANNAH, "applicant_id": "$find_applicant.0.applicant_id",
                                                          "subject": "Your valuation",
                                                          "body": "The valuer will call you this week to arrange access."})]),
    ("list_applications", "withdraw_application",
     [signin("hannah"), ("list_applications", {"token": HANNAH, "status": "draft"}),
      ("withdraw_application", {"token": HANNAH, "application_no": "$list_applications.0.application_no",
                                "reason": "The purchase fell through"})]),
    ("upload_document", "verify_document", case("verify_document")),
    ("list_documents", "verify_document", UNDERWRITING + [
        ("list_documents", {"token": GARETH, "application_no": WHITFIELD}),
        ("verify_document", {"token": GARETH, "document_id": "$list_documents.2.document_id", "outcome": "accepted",
                             "note": "Statements show the gift arriving"})]),
    ("order_valuation", "record_valuation", case("record_valuation")),
    ("get_application", "record_valuation", UNDERWRITING + [
        ("get_application", {"token": GARETH, "application_no": WHITFIELD}),
        ("record_valuation", {"token": GARETH, "valuation_ref": "$get_application.valuation.valuation_ref",
                              "market_value": 405000.0, "remarks": "Slightly below the agreed price"})]),
    ("add_condition", "satisfy_condition", case("satisfy_condition")),
    ("get_application", "satisfy_condition", [signin("hannah"), ("list_applications", {"token": HANNAH, "status": "underwriting"}),
                                              ("get_application", {"token": HANNAH, "application_no": WHITFIELD}),
                                              ("satisfy_condition", {"token": HANNAH, "application_no": WHITFIELD,
                                                                     "condition_no": "$get_application.conditions.0.condition_no",
                                                                     "evidence": "Signed gift letter from Margaret Whitfield"})]),
    ("issue_offer", "accept_offer", case("accept_offer")),
    ("get_application", "accept_offer", [signin("hannah"), ("list_applications", {"token": HANNAH, "status": "offered"}),
                                         ("get_application", {"token": HANNAH,
                                                              "application_no": "$list_applications.0.application_no"}),
                                         ("accept_offer", {"token": HANNAH, "offer_no": "$get_application.offer.offer_no",
                                                           "signed_by": ["David Mensah", "Aisha Mensah"]})]),
    ("request_funds", "release_funds", hughes("release_funds")),
    ("release_funds", "set_up_direct_debit", hughes("set_up_direct_debit")),
    ("list_products", "select_product", case("select_product")),
    ("run_credit_search", "start_application", case("start_application")),
    ("add_income", "start_application",
     [("affordability", {"gross_income": 47000.0, "monthly_commitments": 0.0, "dependants": 0})]
     + case("start_application", who="create")),
    ("request_documents", "upload_document", case("upload_document")),
    ("select_product", "submit_application", case("submit_application")),
    ("set_property", "submit_application", case("submit_application", app="list")),
    ("upload_document", "submit_application", case("submit_application")),
    ("select_product", "illustrate", case("illustrate")),
    ("submit_application", "order_valuation", case("order_valuation")),
    ("submit_application", "add_condition", case("add_condition")),
    ("record_valuation", "decide_application", case("decide_application")),
    ("verify_document", "decide_application", case("decide_application")),
    ("satisfy_condition", "decide_application", case("decide_application", app="list")),
    ("decide_application", "issue_offer", case("issue_offer")),
    ("issue_offer", "instruct_solicitor", case("instruct_solicitor")),
    ("accept_offer", "request_funds", case("request_funds")),
    ("instruct_solicitor", "request_funds", case("request_funds", app="list")),
    ("satisfy_condition", "request_funds", hughes("request_funds")),
]

_EXTRA = {  # consumers not on the case path: a few calls in, then the consumer
    "update_applicant": lambda who, a: [("update_applicant", {"token": HANNAH, "applicant_id": a,
                                                              **({"email": "priya.raman@holburne.example"} if who == "find"
                                                                 else {"phone": "07700 900819"})})],
    "add_commitment": lambda who, a: [("add_commitment", {"token": HANNAH, "applicant_id": a, "kind": "credit_card",
                                                          "lender": "Barclaycard", "monthly_payment": 45.0})],
}
for consumer in tools.APPLICANT_CONSUMERS:
    for who, prov in (("find", "find_applicant"), ("create", "create_applicant")):
        if consumer in _EXTRA:
            head, a, _, _ = applicant(who)
            _BODY.append((prov, consumer, head + _EXTRA[consumer](who, a)))
        else:
            _BODY.append((prov, consumer, case(consumer, who=who)))

for consumer in tools.APPLICATION_CONSUMERS:
    for app, prov in (("start", "start_application"), ("list", "list_applications")):
        no = "$start_application.application_no" if app == "start" else "$list_applications.0.application_no"
        first = "start_application" if app == "start" else "list_applications"
        if consumer == "get_application":
            steps = case(first, app=app, then=[("get_application", {"token": HANNAH, "application_no": no})])
        elif consumer == "add_note":
            steps = case(first, app=app, then=[("add_note", {"token": HANNAH, "application_no": no,
                                                             "text": "Client prefers contact by e-mail"})])
        elif consumer == "list_documents":
            steps = case("upload_document", app=app, then=[("list_documents", {"token": HANNAH, "application_no": no})])
        else:
            steps = case(consumer, app=app)
        _BODY.append((prov, consumer, steps))

_OWN = {
    "sign_out": [signin("hannah"), ("sign_out", {"token": HANNAH})],
    "find_applicant": applicant("find")[0],
    "create_applicant": applicant("create")[0],
    "list_applications": [signin("hannah"), ("list_applications", {"token": HANNAH})],
}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the first path above
    that ends with it."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            steps = _OWN.get(consumer) or next(s for _, c, s in _BODY if c == consumer)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("affordability", [("affordability", {"gross_income": 52000.0, "monthly_commitments": 0.0, "dependants": 0})]
     + case("start_application")),
    ("illustrate", case("submit_application")),
    ("record_deposit", case("submit_application", app="list")),
    ("get_application", [signin("hannah"), ("list_applications", {"token": HANNAH, "status": "draft"}),
                         ("get_application", {"token": HANNAH, "application_no": "$list_applications.0.application_no"}),
                         ("set_property", {"token": HANNAH, "application_no": "$list_applications.0.application_no",
                                           "address": "14 Entry Hill, Bath", "postcode": "BA2 5LY",
                                           "property_type": "house", "tenure": "freehold"})]),
    ("add_commitment", applicant("find")[0] + [
        ("add_commitment", {"token": HANNAH, "applicant_id": "$find_applicant.0.applicant_id", "kind": "loan",
                            "lender": "Zopa", "monthly_payment": 120.0}),
        ("run_credit_search", {"token": HANNAH, "applicant_id": "$find_applicant.0.applicant_id", "consent_given": True})]),
    ("list_documents", UNDERWRITING + [
        ("list_documents", {"token": GARETH, "application_no": WHITFIELD}),
        ("get_application", {"token": GARETH, "application_no": WHITFIELD}),
        ("record_valuation", {"token": GARETH, "valuation_ref": "$get_application.valuation.valuation_ref",
                              "market_value": 405000.0, "remarks": "Slightly below the agreed price"})]),
]
