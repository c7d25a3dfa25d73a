"""Scripted proofs that Tender's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a returned ``{"error": {...}}`` is a failure, by the runtime's common
convention and the oracle's own).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Objects
are referenced through their fields (``"$list_customers.data.0.id"``, ``"$create_customer.id"``,
``"$confirm_payment_intent.latest_charge"``, ``"$imogen.token"`` for Imogen's dashboard session); the
balance is a bare integer (``"$retrieve_balance"``). Marcus Webb has no e-mail address on file, so a
list finds him on the second page (``starting_after`` the first page's last id) or a search by name.
Tender writes no id only inside a sentence, so nothing is written literally.
"""

TEAM = {"imogen": ("imogen@fernhillcoffee.co.uk", "Burr-Grind-58"),
        "sunil": ("sunil@fernhillcoffee.co.uk", "Crema!Sheff1eld"),
        "tom": ("tom@fernhillcoffee.co.uk", "webhook-Tom-2028")}
EMAIL = {"hannah": "hannah@brookscafe.co.uk", "olivia": "olivia.grant@example.com", "daniel": "d.osei@example.org",
         "sophie": "sophie.lin@example.net", "ravi": "ravi.patel@example.co.uk", "kestrel": "accounts@kestreldeli.co.uk"}
NAME = {"hannah": "Hannah Brooks", "olivia": "Olivia Grant", "daniel": "Daniel Osei", "ravi": "Ravi Patel",
        "marcus": "Marcus Webb", "kestrel": "Kestrel Deli"}


def login(who: str) -> tuple:
    email, password = TEAM[who]
    return ("dashboard_login", {"email": email, "password": password}, who)


def cust(how: str, who: str) -> tuple[list, str]:
    """Steps that find (or, for create, create) a customer, and the reference to the customer id."""
    if how == "create":
        return [("create_customer", {"name": "Grace Kimani", "email": "grace.kimani@example.com",
                                     "phone": "+447700900588"})], "$create_customer.id"
    if how == "search":
        return [("search_customers", {"query": f"name:'{NAME[who]}'"})], "$search_customers.data.0.id"
    if who == "marcus":  # no e-mail on file: the second page of customers, newest first
        return [("list_customers", {"limit": 10}, "page1"),
                ("list_customers", {"limit": 10, "starting_after": "$page1.data.9.id"})], "$list_customers.data.0.id"
    return [("list_customers", {"email": EMAIL[who]})], "$list_customers.data.0.id"


CARD = {"card_number": "4242 4242 4242 4242", "exp_month": 12, "exp_year": 2031, "cvc": "123"}
NEW_PM = ("create_payment_method", dict(CARD, billing_name="G KIMANI"))
ESPRESSO = "$list_prices.data.2.id"
MONTHLY = "$list_prices.data.0.id"


def with_default_card(c: str) -> list:
    return [NEW_PM, ("attach_payment_method", {"payment_method": "$create_payment_method.id", "customer": c}),
            ("set_default_payment_method", {"customer": c, "payment_method": "$create_payment_method.id"})]


def for_customer(consumer: str, how: str, who: str) -> list:
    steps, c = cust(how, who)
    if consumer == "retrieve_customer":
        return steps + [("retrieve_customer", {"customer": c})]
    if consumer == "update_customer":
        change = {"email": "marcus@webbbakery.co.uk"} if who == "marcus" else {"description": "The Green Cup - wholesale"}
        return steps + [("update_customer", dict(customer=c, **change))]
    if consumer == "attach_payment_method":
        return steps + [NEW_PM, ("attach_payment_method", {"payment_method": "$create_payment_method.id",
                                                           "customer": c})]
    if consumer == "list_payment_methods":
        return steps + [("list_payment_methods", {"customer": c})]
    if consumer == "set_default_payment_method":
        if how == "create":
            return steps + with_default_card(c)
        return steps + [("list_payment_methods", {"customer": c}),
                        ("set_default_payment_method", {"customer": c,
                                                        "payment_method": "$list_payment_methods.data.1.id"})]
    if consumer in ("create_invoice_item", "create_invoice"):
        steps = steps + [("create_invoice_item", {"customer": c, "amount": 23000, "currency": "gbp",
                                                  "description": "2 x house blend 5kg, delivered 8 May"})]
        if consumer == "create_invoice_item":
            return steps
        return steps + [("create_invoice", {"customer": c, "collection_method": "send_invoice",
                                            "days_until_due": 14})]
    if consumer == "create_subscription":
        if how == "create":
            steps = steps + with_default_card(c)
        return steps + [("list_prices", {"active": True}), ("create_subscription", {"customer": c, "items": [ESPRESSO]})]
    if consumer == "list_subscriptions":
        return steps + [("list_subscriptions", {"customer": c})]
    raise KeyError(consumer)


CUSTOMER_CASES = {
    "retrieve_customer": {"list": "hannah", "search": "daniel"},
    "update_customer": {"list": "marcus", "search": "marcus"},
    "attach_payment_method": {"list": "olivia", "search": "ravi"},
    "list_payment_methods": {"list": "hannah", "search": "hannah"},
    "set_default_payment_method": {"list": "hannah", "search": "hannah"},
    "create_invoice_item": {"list": "kestrel", "search": "marcus"},
    "create_invoice": {"list": "kestrel", "search": "marcus"},
    "create_subscription": {"list": "olivia", "search": "ravi"},
    "list_subscriptions": {"list": "olivia", "search": "daniel"},
}

PROVIDER_OF = {"list": "list_customers", "search": "search_customers", "create": "create_customer"}


def grace_invoice(upto: str) -> list:
    """Grace (new) with a default card, an invoice charged automatically: item, draft, finalise, then ``upto``."""
    steps, c = cust("create", "grace")
    steps += with_default_card(c) + [
        ("create_invoice_item", {"customer": c, "amount": 11500, "currency": "gbp",
                                 "description": "Wholesale house blend 5kg - first order"}),
        ("create_invoice", {"customer": c, "collection_method": "charge_automatically"}),
        ("finalize_invoice", {"invoice": "$create_invoice.id"})]
    return steps + [(upto, {"invoice": "$create_invoice.id"})]


def kestrel_invoice(upto: str) -> list:
    steps, c = cust("list", "kestrel")
    steps += [("create_invoice_item", {"customer": c, "amount": 11500, "currency": "gbp",
                                       "description": "Wholesale house blend 5kg, 5 May"}),
              ("create_invoice", {"customer": c, "collection_method": "send_invoice", "days_until_due": 14}),
              ("finalize_invoice", {"invoice": "$create_invoice.id"})]
    return steps + [(upto, {"invoice": "$create_invoice.id"})]


def listed_invoice(upto: str) -> list:
    if upto == "finalize_invoice":
        return [("list_invoices", {"status": "draft"}), (upto, {"invoice": "$list_invoices.data.0.id"})]
    who = "kestrel" if upto == "send_invoice" else "hannah"
    steps, c = cust("list", who)
    return steps + [("list_invoices", {"customer": c, "status": "open"}),
                    (upto, {"invoice": "$list_invoices.data.0.id"})]


def marcus_send() -> list:
    steps, c = cust("search", "marcus")
    return steps + [("update_customer", {"customer": c, "email": "marcus@webbbakery.co.uk"}),
                    ("list_invoices", {"customer": c, "status": "draft"}),
                    ("finalize_invoice", {"invoice": "$list_invoices.data.0.id"}),
                    ("send_invoice", {"invoice": "$list_invoices.data.0.id"})]


def guest_payment(upto: str, capture: str = "automatic") -> list:
    """A card payment at the roastery counter: card tokenised, intent created and confirmed."""
    steps = [NEW_PM, ("create_payment_intent", {"amount": 3200, "currency": "gbp", "description": "Gift box",
                                                "capture_method": capture})]
    if upto == "create_payment_intent":
        return steps
    if upto == "cancel_payment_intent":
        return steps + [("cancel_payment_intent", {"payment_intent": "$create_payment_intent.id",
                                                   "cancellation_reason": "abandoned"})]
    steps.append(("confirm_payment_intent", {"payment_intent": "$create_payment_intent.id",
                                             "payment_method": "$create_payment_method.id"}))
    if upto == "capture_payment_intent":
        return steps + [("capture_payment_intent", {"payment_intent": "$create_payment_intent.id",
                                                    "amount_to_capture": 2900})]
    if upto == "create_refund":
        return steps + [("create_refund", {"charge": "$confirm_payment_intent.latest_charge",
                                           "reason": "requested_by_customer"})]
    return steps


def hannah_card_payment() -> list:
    steps, c = cust("list", "hannah")
    return steps + [("list_payment_methods", {"customer": c}),
                    ("create_payment_intent", {"amount": 4800, "currency": "gbp", "customer": c,
                                               "description": "Grinder burrs, replacement set"}),
                    ("confirm_payment_intent", {"payment_intent": "$create_payment_intent.id",
                                                "payment_method": "$list_payment_methods.data.0.id"})]


def ravi_refund() -> list:
    steps, c = cust("list", "ravi")
    return steps + [("list_charges", {"customer": c}),
                    ("create_refund", {"charge": "$list_charges.data.0.id", "amount": 3200,
                                       "reason": "requested_by_customer"})]


def subscription(how: str, upto: str) -> list:
    """Ravi's new Espresso Club subscription (create) or Olivia's existing one (list), then ``upto``."""
    if how == "create":
        steps, c = cust("list", "ravi")
        steps += [("list_prices", {"active": True}),
                  ("create_subscription", {"customer": c, "items": [ESPRESSO]})]
        sub = "$create_subscription.id"
    else:
        steps, c = cust("list", "olivia")
        steps += [("list_subscriptions", {"customer": c})]
        sub = "$list_subscriptions.data.0.id"
    if upto == "update_subscription":
        if how != "create":
            steps.append(("list_prices", {"active": True}))
        return steps + [("update_subscription", {"subscription": sub,
                                                 "items": [MONTHLY if how == "create" else ESPRESSO]})]
    if upto == "cancel_subscription":
        return steps + [("cancel_subscription", {"subscription": sub, "prorate": True})]
    steps.append(("pause_subscription", {"subscription": sub, "behavior": "void"}))
    if upto == "resume_subscription":
        steps.append(("resume_subscription", {"subscription": sub}))
    return steps


def with_coupon(how: str) -> list:
    steps, c = cust("list", "ravi")
    steps.append(("list_prices", {"active": True}))
    if how == "list":
        steps.append(("list_coupons", {}))
        coupon = "$list_coupons.data.0.id"
    else:
        steps.append(("create_coupon", {"name": "Espresso Club launch - 15% off", "duration": "repeating",
                                        "percent_off": 15.0, "duration_in_months": 3}))
        coupon = "$create_coupon.id"
    return steps + [("create_subscription", {"customer": c, "items": [ESPRESSO], "coupon": coupon})]


def daniel_resume() -> list:
    steps, c = cust("list", "daniel")
    return steps + [("list_subscriptions", {"customer": c, "status": "paused"}),
                    ("resume_subscription", {"subscription": "$list_subscriptions.data.0.id"})]


def sophie_dispute(upto: str) -> list:
    steps = [("list_disputes", {"status": "needs_response"})]
    if upto == "close_dispute":
        return steps + [("close_dispute", {"dispute": "$list_disputes.data.0.id"})]
    return steps + [
        ("upload_file", {"purpose": "dispute_evidence", "file_name": "dpd-proof-of-delivery.txt",
                         "content": "DPD proof of delivery: left in porch, 12 April 2028 11:42, photo taken"}),
        ("update_dispute", {"dispute": "$list_disputes.data.0.id", "receipt": "$upload_file.id",
                            "shipping_tracking_number": "15501234567890", "submit": True})]


def payout(upto: str, amount: str | int = "$retrieve_balance") -> list:
    steps = [login("imogen")]
    if upto == "list_bank_accounts":
        return steps + [("list_bank_accounts", {"session_token": "$imogen.token"})]
    if amount == "$retrieve_balance":
        steps.append(("retrieve_balance", {}))
    steps += [("list_bank_accounts", {"session_token": "$imogen.token"}),
              ("create_payout", {"session_token": "$imogen.token", "amount": amount,
                                 "destination": "$list_bank_accounts.data.0.id",
                                 "description": "FERNHILL MAY PAYOUT"})]
    if upto == "approve_payout":
        steps += [login("sunil"), ("approve_payout", {"session_token": "$sunil.token",
                                                      "payout": "$create_payout.id"})]
    return steps


def keys(upto: str, how: str = "list") -> list:
    steps = [login("tom")]
    if upto == "list_api_keys":
        return steps + [("list_api_keys", {"session_token": "$tom.token"})]
    if upto == "create_restricted_key" or how == "create":
        steps.append(("create_restricted_key", {"session_token": "$tom.token", "name": "Subscriptions dashboard",
                                                "permissions": ["customers_read", "subscriptions_write"]}))
        if upto == "create_restricted_key":
            return steps
        return steps + [("revoke_api_key", {"session_token": "$tom.token", "key": "$create_restricted_key.id"})]
    return steps + [("list_api_keys", {"session_token": "$tom.token"}),
                    ("revoke_api_key", {"session_token": "$tom.token", "key": "$list_api_keys.data.1.id"})]


PROOFS = []


def prove(provider: str, steps: list) -> None:
    PROOFS.append((provider, steps[-1][0], steps))


# customers, found by list or search, or created
for _consumer, _cases in CUSTOMER_CASES.items():
    for _how in ("list", "search", "create"):
        prove(PROVIDER_OF[_how], for_customer(_consumer, _how, _cases.get(_how, "grace")))
# payment methods
prove("create_payment_method", for_customer("attach_payment_method", "list", "olivia"))
prove("create_payment_method", for_customer("set_default_payment_method", "create", "grace"))
prove("list_payment_methods", for_customer("set_default_payment_method", "list", "hannah"))
prove("attach_payment_method", for_customer("set_default_payment_method", "create", "grace"))
_olivia, _o = cust("list", "olivia")
_detach_new = _olivia + [NEW_PM, ("attach_payment_method", {"payment_method": "$create_payment_method.id",
                                                            "customer": _o}),
                         ("detach_payment_method", {"payment_method": "$create_payment_method.id"})]
_hannah, _h = cust("list", "hannah")
_detach_listed = _hannah + [("list_payment_methods", {"customer": _h}),
                            ("detach_payment_method", {"payment_method": "$list_payment_methods.data.1.id"})]
prove("create_payment_method", _detach_new)
prove("list_payment_methods", _detach_listed)
prove("attach_payment_method", _detach_new)
prove("set_default_payment_method", for_customer("create_subscription", "create", "grace"))
prove("set_default_payment_method", grace_invoice("pay_invoice"))
# payments, captures and refunds
prove("create_payment_method", guest_payment("confirm_payment_intent"))
prove("list_payment_methods", hannah_card_payment())
prove("create_payment_intent", guest_payment("confirm_payment_intent"))
prove("create_payment_intent", guest_payment("capture_payment_intent", "manual"))
prove("create_payment_intent", guest_payment("cancel_payment_intent"))
prove("confirm_payment_intent", guest_payment("capture_payment_intent", "manual"))
prove("list_charges", ravi_refund())
prove("confirm_payment_intent", guest_payment("create_refund"))
# invoices
prove("create_invoice_item", for_customer("create_invoice", "list", "kestrel"))
prove("create_invoice", kestrel_invoice("finalize_invoice")[:-1])
prove("list_invoices", listed_invoice("finalize_invoice"))
prove("create_invoice", grace_invoice("pay_invoice"))
prove("list_invoices", listed_invoice("pay_invoice"))
prove("create_invoice", kestrel_invoice("send_invoice"))
prove("list_invoices", listed_invoice("send_invoice"))
prove("create_invoice", kestrel_invoice("void_invoice"))
prove("list_invoices", listed_invoice("void_invoice"))
prove("finalize_invoice", grace_invoice("pay_invoice"))
prove("finalize_invoice", kestrel_invoice("send_invoice"))
prove("finalize_invoice", grace_invoice("void_invoice"))
prove("update_customer", marcus_send())
# prices, coupons and subscriptions
prove("list_prices", for_customer("create_subscription", "list", "olivia"))
prove("list_prices", subscription("list", "update_subscription"))
prove("list_coupons", with_coupon("list"))
prove("create_coupon", with_coupon("create"))
for _consumer in ("update_subscription", "cancel_subscription", "pause_subscription"):
    prove("create_subscription", subscription("create", _consumer))
    prove("list_subscriptions", subscription("list", _consumer))
prove("list_subscriptions", daniel_resume())
prove("pause_subscription", subscription("list", "resume_subscription"))
# disputes
prove("list_disputes", sophie_dispute("update_dispute"))
prove("list_disputes", sophie_dispute("close_dispute"))
prove("upload_file", sophie_dispute("update_dispute"))
# dashboard: balance, payouts and keys
prove("dashboard_login", payout("list_bank_accounts"))
prove("dashboard_login", payout("create_payout", 150000))
prove("dashboard_login", payout("approve_payout"))
prove("dashboard_login", keys("list_api_keys"))
prove("dashboard_login", keys("create_restricted_key"))
prove("dashboard_login", keys("revoke_api_key"))
prove("list_bank_accounts", payout("create_payout", 150000))
prove("retrieve_balance", payout("create_payout"))
prove("create_payout", payout("approve_payout"))
prove("create_restricted_key", keys("revoke_api_key", "create"))
prove("list_api_keys", keys("revoke_api_key"))

_kestrel, _k = cust("list", "kestrel")
_ravi, _r = cust("list", "ravi")
NON_PREREQUISITES = [
    ("list_coupons", [("list_coupons", {})] + for_customer("create_invoice", "list", "kestrel")),
    ("retrieve_customer", _olivia + [("retrieve_customer", {"customer": _o}), NEW_PM,
                                     ("attach_payment_method", {"payment_method": "$create_payment_method.id",
                                                                "customer": _o})]),
    ("list_prices", [("list_prices", {})] + listed_invoice("pay_invoice")),
    ("retrieve_balance", [("retrieve_balance", {})] + payout("list_bank_accounts")),
    ("list_disputes", [("list_disputes", {})] + ravi_refund()),
    ("upload_file", [("upload_file", {"purpose": "dispute_evidence", "file_name": "note.txt",
                                      "content": "Customer e-mail of 13 April"})] + sophie_dispute("close_dispute")),
    ("list_api_keys", [login("tom"), ("list_api_keys", {"session_token": "$tom.token"}),
                       ("create_restricted_key", {"session_token": "$tom.token", "name": "Stock sync",
                                                  "permissions": ["customers_read"]})]),
]
