"""Tender: a payments and subscriptions API, as bound to one merchant's account (44 calls).

Plain functions over an in-memory ``State`` of the live-mode account of Fernhill Coffee Roasters
Ltd (Sheffield) on Tuesday 9 May 2028, in the shape of a card-payments platform's REST API:
customers, payment methods, prices and coupons, payment intents and charges, refunds, invoice items
and invoices, subscriptions, disputes and evidence files, and, behind a dashboard log-in, the
balance, bank accounts, payouts and restricted API keys.

Objects are dicts with an ``object`` and an ``id`` (``cus_...``, ``pm_...``, ``pi_...``, ``ch_...``,
``in_...``, ``sub_...``, ``dp_...``); lists are ``{"object": "list", "data": [...], "has_more"}``, a
page at a time (``limit``, ``starting_after`` the last id of the page before). Amounts are integers
in the currency's minor unit (pence). The balance is a bare integer. A refusal is *returned* as
``{"error": {"type", "code", "message", "param"}}`` (with HTTP status, as the platform's clients
surface it), never raised.

The account's dashboard roles: ``administrator`` (payouts, bank accounts, keys), ``developer``
(keys), ``support_specialist`` (neither). A payout above 2,500.00 waits for a second administrator
to approve it.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import copy
import re
from typing import Literal

NOW = 1841565600  # 2028-05-09 09:00 UTC
APPROVAL_THRESHOLD = 250_000

Duration = Literal["once", "repeating", "forever"]
CollectionMethod = Literal["charge_automatically", "send_invoice"]
InvoiceStatus = Literal["draft", "open", "paid", "void", "uncollectible"]
RefundReason = Literal["duplicate", "fraudulent", "requested_by_customer"]
CancellationReason = Literal["duplicate", "fraudulent", "requested_by_customer", "abandoned"]
PauseBehavior = Literal["keep_as_draft", "mark_uncollectible", "void"]

_CURRENCIES = ("gbp", "eur", "usd")
_SUB_STATUSES = ("active", "past_due", "paused", "trialing", "canceled", "all")
_DISPUTE_STATUSES = ("warning_needs_response", "needs_response", "under_review", "won", "lost")
_FILE_PURPOSES = ("dispute_evidence", "identity_document", "business_logo")
_PERMISSIONS = ("customers_read", "customers_write", "payment_intents_write", "charges_read", "refunds_write",
                "invoices_write", "subscriptions_write", "disputes_write", "payouts_read", "webhooks_write")
_TEST_CARDS = {"4242424242424242": ("visa", None), "5555555555554444": ("mastercard", None),
               "4000000000000002": ("visa", "generic_decline"), "4000000000009995": ("visa", "insufficient_funds")}


def _error(status: int, code: str, message: str, param: str | None = None, type_: str = "invalid_request_error",
           **more) -> dict:
    body = {"type": type_, "code": code, "message": message, "param": param}
    body.update(more)
    return {"error": body, "status": status}


def _missing(kind: str, ident, param: str) -> dict:
    return _error(404, "resource_missing", f"No such {kind}: '{ident}'", param)


def _customer(cid, name, email, phone=None, created=0, default_pm=None, description=None, balance=0):
    return {"id": cid, "object": "customer", "name": name, "email": email, "phone": phone, "created": created,
            "description": description, "balance": balance, "currency": "gbp",
            "invoice_settings": {"default_payment_method": default_pm}, "delinquent": False}


def _pm(pid, brand, last4, exp, customer):
    return {"id": pid, "object": "payment_method", "type": "card", "customer": customer,
            "card": {"brand": brand, "last4": last4, "exp_month": exp[0], "exp_year": exp[1]},
            "billing_details": {"name": None}}


class State:
    """Fernhill Coffee Roasters Ltd, live mode, Tuesday 9 May 2028, 10:00."""

    def __init__(self) -> None:
        c = [
            _customer("cus_Pf2LbH0wQe", "Hannah Brooks", "hannah@brookscafe.co.uk", "+441142960118", 1818000000,
                      "pm_1OqHbr2eZvKYlo", "Brooks Cafe, Division St - wholesale"),
            _customer("cus_PfA9xT4nRk", "Olivia Grant", "olivia.grant@example.com", None, 1822000000,
                      "pm_1OrGt72eZvKYlo"),
            _customer("cus_PgK2mW8sYc", "Marcus Webb", None, "+447700900321", 1826000000, None,
                      "Webb & Daughter Bakery - phone orders"),
            _customer("cus_Ph3VqN1dJa", "Daniel Osei", "d.osei@example.org", None, 1829000000, "pm_1OsDo42eZvKYlo"),
            _customer("cus_Pi7ZeR5uMb", "Sophie Lin", "sophie.lin@example.net", None, 1831000000, "pm_1OtSl92eZvKYlo"),
            _customer("cus_Pj1KcF6pWd", "Ravi Patel", "ravi.patel@example.co.uk", None, 1833000000,
                      "pm_1OuRp32eZvKYlo"),
            _customer("cus_Pk4NsA2hTe", "Kestrel Deli", "accounts@kestreldeli.co.uk", None, 1834000000, None,
                      "Kestrel Deli, Ecclesall Rd - wholesale, 14-day terms"),
            _customer("cus_Pl8DgY3vQf", "Aisha Mahmood", "aisha.m@example.com", None, 1835000000),
            _customer("cus_Pm2HtU7kLg", "Joe Fenwick", "joe.fenwick@example.com", None, 1836000000),
            _customer("cus_Pn6JwE9rPh", "Bea Kowalska", "bea.kowalska@example.org", None, 1837000000),
            _customer("cus_Po5MxI1cSi", "Callum Reid", "callum.reid@example.net", None, 1838000000),
            _customer("cus_Pp9QzO4gVj", "Nadia Haddad", "nadia.haddad@example.com", None, 1839000000),
            _customer("cus_Pq3TbP8jXk", "Owen Pryce", "owen.pryce@example.co.uk", None, 1840000000),
        ]
        self.customers = {x["id"]: x for x in c}
        self.payment_methods = {p["id"]: p for p in [
            _pm("pm_1OqHbr2eZvKYlo", "visa", "4242", (8, 2030), "cus_Pf2LbH0wQe"),
            _pm("pm_1OqHbs2eZvKYlo", "mastercard", "4444", (3, 2031), "cus_Pf2LbH0wQe"),
            _pm("pm_1OrGt72eZvKYlo", "visa", "1881", (11, 2029), "cus_PfA9xT4nRk"),
            _pm("pm_1OsDo42eZvKYlo", "mastercard", "5100", (6, 2030), "cus_Ph3VqN1dJa"),
            _pm("pm_1OtSl92eZvKYlo", "visa", "0077", (2, 2029), "cus_Pi7ZeR5uMb"),
            _pm("pm_1OuRp32eZvKYlo", "amex", "8431", (9, 2029), "cus_Pj1KcF6pWd"),
        ]}
        self.prices = {p["id"]: p for p in [
            {"id": "price_1NfRcA2eZvKYlo", "object": "price", "product": "prod_RoastersChoice",
             "nickname": "Roaster's Choice 250g - monthly", "unit_amount": 1800, "currency": "gbp",
             "recurring": {"interval": "month", "interval_count": 1}, "type": "recurring", "active": True},
            {"id": "price_1NfRcB2eZvKYlo", "object": "price", "product": "prod_RoastersChoice",
             "nickname": "Roaster's Choice 250g - fortnightly", "unit_amount": 1700, "currency": "gbp",
             "recurring": {"interval": "week", "interval_count": 2}, "type": "recurring", "active": True},
            {"id": "price_1NfRcC2eZvKYlo", "object": "price", "product": "prod_EspressoClub",
             "nickname": "Espresso Club 1kg - monthly", "unit_amount": 3400, "currency": "gbp",
             "recurring": {"interval": "month", "interval_count": 1}, "type": "recurring", "active": True},
            {"id": "price_1NfRcD2eZvKYlo", "object": "price", "product": "prod_Wholesale5kg",
             "nickname": "Wholesale house blend 5kg - monthly", "unit_amount": 11500, "currency": "gbp",
             "recurring": {"interval": "month", "interval_count": 1}, "type": "recurring", "active": True},
            {"id": "price_1NfRcE2eZvKYlo", "object": "price", "product": "prod_GrinderHire",
             "nickname": "Grinder hire - monthly", "unit_amount": 2500, "currency": "gbp",
             "recurring": {"interval": "month", "interval_count": 1}, "type": "recurring", "active": True},
            {"id": "price_1NfRcF2eZvKYlo", "object": "price", "product": "prod_Gift",
             "nickname": "Gift box (one-off)", "unit_amount": 3200, "currency": "gbp", "recurring": None,
             "type": "one_time", "active": True},
            {"id": "price_1MaQzZ2eZvKYlo", "object": "price", "product": "prod_RoastersChoice",
             "nickname": "Roaster's Choice 250g - monthly (2026)", "unit_amount": 1500, "currency": "gbp",
             "recurring": {"interval": "month", "interval_count": 1}, "type": "recurring", "active": False},
        ]}
        self.coupons = {
            "q8Zt2LmR": {"id": "q8Zt2LmR", "object": "coupon", "name": "Welcome - 20% off first box",
                         "percent_off": 20.0, "amount_off": None, "duration": "once", "duration_in_months": None,
                         "valid": True},
            "Hx41pNcA": {"id": "Hx41pNcA", "object": "coupon", "name": "Wholesale - 10% for 3 months",
                         "percent_off": 10.0, "amount_off": None, "duration": "repeating", "duration_in_months": 3,
                         "valid": True},
        }
        self.subscriptions = {s["id"]: s for s in [
            {"id": "sub_1PbOg82eZvKYlo", "object": "subscription", "customer": "cus_PfA9xT4nRk", "status": "active",
             "items": ["price_1NfRcA2eZvKYlo"], "discount": None, "cancel_at_period_end": False,
             "current_period_end": 1842800000, "pause_collection": None},
            {"id": "sub_1PcDs52eZvKYlo", "object": "subscription", "customer": "cus_Ph3VqN1dJa", "status": "paused",
             "items": ["price_1NfRcC2eZvKYlo"], "discount": None, "cancel_at_period_end": False,
             "current_period_end": 1842100000, "pause_collection": {"behavior": "void"}},
            {"id": "sub_1PaHb12eZvKYlo", "object": "subscription", "customer": "cus_Pf2LbH0wQe", "status": "active",
             "items": ["price_1NfRcD2eZvKYlo", "price_1NfRcE2eZvKYlo"], "discount": None,
             "cancel_at_period_end": False, "current_period_end": 1842400000, "pause_collection": None},
        ]}
        self.payment_intents = {}
        self.charges = {ch["id"]: ch for ch in [
            {"id": "ch_3PdRp12eZvKYlo", "object": "charge", "customer": "cus_Pj1KcF6pWd", "amount": 6400,
             "amount_refunded": 0, "currency": "gbp", "status": "succeeded", "captured": True, "disputed": False,
             "payment_intent": "pi_3PdRp12eZvKYlo", "description": "2 x Gift box", "created": 1841300000},
            {"id": "ch_3PdSl42eZvKYlo", "object": "charge", "customer": "cus_Pi7ZeR5uMb", "amount": 3400,
             "amount_refunded": 0, "currency": "gbp", "status": "succeeded", "captured": True, "disputed": True,
             "payment_intent": "pi_3PdSl42eZvKYlo", "description": "Espresso Club 1kg - April",
             "created": 1839900000},
            {"id": "ch_3PdHb72eZvKYlo", "object": "charge", "customer": "cus_Pf2LbH0wQe", "amount": 11500,
             "amount_refunded": 0, "currency": "gbp", "status": "succeeded", "captured": True, "disputed": False,
             "payment_intent": "pi_3PdHb72eZvKYlo", "description": "Wholesale house blend 5kg - April",
             "created": 1839000000},
        ]}
        self.refunds = {}
        self.invoice_items = {}
        self.invoices = {i["id"]: i for i in [
            {"id": "in_1PeHb92eZvKYlo", "object": "invoice", "customer": "cus_Pf2LbH0wQe", "status": "open",
             "collection_method": "charge_automatically", "amount_due": 34000, "currency": "gbp",
             "lines": [{"description": "Espresso machine service - April", "amount": 34000}], "number": "FCR-0412",
             "due_date": None, "sent": False},
            {"id": "in_1PeWd32eZvKYlo", "object": "invoice", "customer": "cus_PgK2mW8sYc", "status": "draft",
             "collection_method": "send_invoice", "amount_due": 8600, "currency": "gbp",
             "lines": [{"description": "Phone order: 2 x house blend 1kg, 1 x decaf 1kg", "amount": 8600}],
             "number": None, "due_date": None, "sent": False},
            {"id": "in_1PeKd52eZvKYlo", "object": "invoice", "customer": "cus_Pk4NsA2hTe", "status": "open",
             "collection_method": "send_invoice", "amount_due": 46000, "currency": "gbp",
             "lines": [{"description": "Wholesale order 28 April: 4 x house blend 5kg", "amount": 46000}],
             "number": "FCR-0409", "due_date": 1842200000, "sent": False},
        ]}
        self.disputes = {d["id"]: d for d in [
            {"id": "dp_1PfSl42eZvKYlo", "object": "dispute", "charge": "ch_3PdSl42eZvKYlo", "amount": 3400,
             "currency": "gbp", "reason": "product_not_received", "status": "needs_response",
             "evidence": {}, "evidence_due_by": 1842300000},
        ]}
        self.files = {}
        self.balance = {"available": 812450, "pending": 96300}
        self.bank_accounts = [
            {"id": "ba_1LxQ2w2eZvKYlo", "object": "bank_account", "bank_name": "BARCLAYS BANK PLC", "last4": "3391",
             "currency": "gbp", "default_for_currency": True},
            {"id": "ba_1MzR7t2eZvKYlo", "object": "bank_account", "bank_name": "MONZO BANK LIMITED", "last4": "0812",
             "currency": "gbp", "default_for_currency": False},
        ]
        self.payouts = {}
        self.team = {
            "imogen@fernhillcoffee.co.uk": {"name": "Imogen Hart", "role": "administrator", "password": "Burr-Grind-58"},
            "sunil@fernhillcoffee.co.uk": {"name": "Sunil Varma", "role": "administrator",
                                           "password": "Crema!Sheff1eld"},
            "tom@fernhillcoffee.co.uk": {"name": "Tom Reyes", "role": "developer", "password": "webhook-Tom-2028"},
            "ana@fernhillcoffee.co.uk": {"name": "Ana Costa", "role": "support_specialist",
                                         "password": "Ana.Support.77"},
        }
        self.sessions = {}
        self.api_keys = {
            "rk_1KqWs82eZvKYlo": {"id": "rk_1KqWs82eZvKYlo", "object": "api_key", "name": "Shop plugin (WooCommerce)",
                                  "type": "restricted", "permissions": ["payment_intents_write", "customers_write"],
                                  "created_by": "tom@fernhillcoffee.co.uk", "revoked": False},
            "rk_1LbPx32eZvKYlo": {"id": "rk_1LbPx32eZvKYlo", "object": "api_key", "name": "Accounting export (old)",
                                  "type": "restricted", "permissions": ["charges_read", "payouts_read"],
                                  "created_by": "imogen@fernhillcoffee.co.uk", "revoked": False},
        }
        self.seq = 1000


# --------------------------------------------------------------------------- helpers


def _new_id(state: State, prefix: str) -> str:
    state.seq += 1
    return f"{prefix}_{state.seq:04d}Tn{(state.seq * 7919) % 100000:05d}"


def _page(rows: list, limit: int, starting_after: str | None, param: str = "starting_after") -> dict:
    if not 1 <= limit <= 100:
        return _error(400, "parameter_invalid_integer", "limit must be between 1 and 100", "limit")
    start = 0
    if starting_after is not None:
        ids = [r["id"] for r in rows]
        if starting_after not in ids:
            return _error(400, "resource_missing", f"No such object: '{starting_after}'", param)
        start = ids.index(starting_after) + 1
    chunk = rows[start:start + limit]
    return {"object": "list", "data": copy.deepcopy(chunk), "has_more": start + limit < len(rows)}


def _session(state: State, token: str, roles: tuple = ()) -> dict:
    user = state.sessions.get(token)
    if user is None:
        return {"err": _error(401, "session_invalid", "Dashboard session is missing or expired; log in again",
                              "session_token", type_="authentication_error")}
    member = state.team[user]
    if roles and member["role"] not in roles:
        return {"err": _error(403, "role_not_permitted",
                              f"Your role ({member['role']}) cannot do this; it needs: {', '.join(roles)}",
                              None, type_="permission_error")}
    return {"user": user, **member}


# --------------------------------------------------------------------------- customers


def create_customer(name: str, email: str | None = None, phone: str | None = None,
                    description: str | None = None, state: State = None) -> dict:
    """Create a customer.

    Args:
        name: The customer's full name or business name.
        email: Where receipts and invoices are sent.
        phone: In international format.
        description: An internal note.

    Returns:
        The customer object.
    """
    if email is not None and not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email):
        return _error(400, "email_invalid", f"Invalid email address: {email}", "email")
    cid = _new_id(state, "cus")
    state.customers[cid] = _customer(cid, name, email, phone, NOW, None, description)
    return copy.deepcopy(state.customers[cid])


def list_customers(email: str | None = None, limit: int = 10, starting_after: str | None = None,
                   state: State = None) -> dict:
    """List customers, newest first, a page at a time.

    Args:
        email: Only customers with exactly this e-mail (case-insensitive).
        limit: Page size, 1 to 100.
        starting_after: The id of the last customer of the previous page.
    """
    rows = sorted(state.customers.values(), key=lambda c: -c["created"])
    if email is not None:
        rows = [c for c in rows if (c["email"] or "").lower() == email.strip().lower()]
    return _page(rows, limit, starting_after)


def search_customers(query: str, state: State = None) -> dict:
    """Search customers with the search query language, e.g. ``name:'Jane Doe'``.

    Args:
        query: One clause ``field:'value'`` (substring match, case-insensitive).
    """
    m = re.fullmatch(r"\s*(\w+)\s*:\s*'([^']*)'\s*", query)
    if not m:
        return _error(400, "search_query_invalid", "Query must look like field:'value'", "query")
    field, value = m.group(1), m.group(2).lower()
    if field not in ("name", "email", "phone", "description"):
        return _error(400, "search_query_invalid",
                      f"Unsupported field '{field}'. Searchable fields: name, email, phone, description", "query")
    rows = [c for c in state.customers.values() if value in (c[field] or "").lower()]
    return {"object": "search_result", "data": copy.deepcopy(sorted(rows, key=lambda c: -c["created"])),
            "has_more": False}


def retrieve_customer(customer: str, state: State = None) -> dict:
    """Retrieve a customer.

    Args:
        customer: The customer id (``cus_...``).
    """
    c = state.customers.get(customer)
    if c is None:
        return _missing("customer", customer, "customer")
    out = copy.deepcopy(c)
    out["subscriptions"] = [s["id"] for s in state.subscriptions.values() if s["customer"] == customer]
    return out


def update_customer(customer: str, name: str | None = None, email: str | None = None, phone: str | None = None,
                    description: str | None = None, state: State = None) -> dict:
    """Update a customer's details; fields left out are unchanged.

    Args:
        customer: The customer id.
        name: New name.
        email: New e-mail address.
        phone: New phone number.
        description: New internal note.
    """
    c = state.customers.get(customer)
    if c is None:
        return _missing("customer", customer, "customer")
    changes = {k: v for k, v in {"name": name, "email": email, "phone": phone, "description": description}.items()
               if v is not None and v != c[k]}
    if not changes:
        return _error(400, "parameter_missing", "No changes: give at least one field with a new value")
    if "email" in changes and not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", changes["email"]):
        return _error(400, "email_invalid", f"Invalid email address: {email}", "email")
    c.update(changes)
    return copy.deepcopy(c)


# --------------------------------------------------------------------------- payment methods


def create_payment_method(card_number: str, exp_month: int, exp_year: int, cvc: str,
                          billing_name: str | None = None, state: State = None) -> dict:
    """Tokenise a card as a payment method (not yet attached to any customer).

    Args:
        card_number: The card number, spaces allowed.
        exp_month: 1-12.
        exp_year: Four digits.
        cvc: Three or four digits.
        billing_name: Name on the card.
    """
    number = re.sub(r"\s", "", card_number)
    if number not in _TEST_CARDS and not re.fullmatch(r"\d{15,16}", number):
        return _error(402, "incorrect_number", "Your card number is incorrect.", "number", type_="card_error")
    if (exp_year, exp_month) < (2028, 5) or not 1 <= exp_month <= 12:
        return _error(402, "expired_card", "Your card has expired.", "exp_month", type_="card_error")
    if not re.fullmatch(r"\d{3,4}", cvc):
        return _error(402, "invalid_cvc", "Your card's security code is invalid.", "cvc", type_="card_error")
    brand = _TEST_CARDS.get(number, ("visa" if number[0] == "4" else "mastercard", None))[0]
    pid = _new_id(state, "pm")
    pm = _pm(pid, brand, number[-4:], (exp_month, exp_year), None)
    pm["billing_details"]["name"] = billing_name
    pm["_number"] = number
    state.payment_methods[pid] = pm
    out = copy.deepcopy(pm)
    out.pop("_number")
    return out


def _pm_view(pm: dict) -> dict:
    out = copy.deepcopy(pm)
    out.pop("_number", None)
    return out


def attach_payment_method(payment_method: str, customer: str, state: State = None) -> dict:
    """Attach a payment method to a customer so it can be reused.

    Args:
        payment_method: The payment method id (``pm_...``).
        customer: The customer id.
    """
    pm = state.payment_methods.get(payment_method)
    if pm is None:
        return _missing("payment_method", payment_method, "payment_method")
    if customer not in state.customers:
        return _missing("customer", customer, "customer")
    if pm["customer"] is not None:
        return _error(400, "payment_method_unexpected_state",
                      "The payment method is already attached to a customer", "payment_method")
    pm["customer"] = customer
    return _pm_view(pm)


def list_payment_methods(customer: str, type: Literal["card"] = "card", state: State = None) -> dict:
    """List a customer's attached payment methods.

    Args:
        customer: The customer id.
        type: Payment method type; only ``card`` is enabled on this account.
    """
    if customer not in state.customers:
        return _missing("customer", customer, "customer")
    rows = [_pm_view(p) for p in state.payment_methods.values() if p["customer"] == customer and p["type"] == type]
    return {"object": "list", "data": rows, "has_more": False}


def set_default_payment_method(customer: str, payment_method: str, state: State = None) -> dict:
    """Make an attached payment method the customer's default for invoices and subscriptions.

    Args:
        customer: The customer id.
        payment_method: A payment method attached to that customer.

    Returns:
        The customer object.
    """
    c = state.customers.get(customer)
    if c is None:
        return _missing("customer", customer, "customer")
    pm = state.payment_methods.get(payment_method)
    if pm is None:
        return _missing("payment_method", payment_method, "payment_method")
    if pm["customer"] != customer:
        return _error(400, "payment_method_not_attached",
                      f"The payment method {payment_method} is not attached to {customer}", "payment_method")
    if c["invoice_settings"]["default_payment_method"] == payment_method:
        return _error(400, "parameter_unchanged", "That payment method is already the default",
                      "payment_method")
    c["invoice_settings"]["default_payment_method"] = payment_method
    return copy.deepcopy(c)


def detach_payment_method(payment_method: str, state: State = None) -> dict:
    """Detach a payment method from its customer; it can no longer be used.

    Args:
        payment_method: The payment method id.
    """
    pm = state.payment_methods.get(payment_method)
    if pm is None:
        return _missing("payment_method", payment_method, "payment_method")
    if pm["customer"] is None:
        return _error(400, "payment_method_unexpected_state", "The payment method is not attached to a customer",
                      "payment_method")
    c = state.customers[pm["customer"]]
    if c["invoice_settings"]["default_payment_method"] == payment_method:
        c["invoice_settings"]["default_payment_method"] = None
    pm["customer"] = None
    pm["detached"] = True
    return _pm_view(pm)


# --------------------------------------------------------------------------- prices and coupons


def list_prices(product: str | None = None, active: bool | None = None,
                type: Literal["one_time", "recurring"] | None = None, state: State = None) -> dict:
    """List prices, optionally for one product (``prod_...``), active or not, one-time or recurring."""
    rows = [p for p in state.prices.values() if (product is None or p["product"] == product)
            and (active is None or p["active"] == active) and (type is None or p["type"] == type)]
    return {"object": "list", "data": copy.deepcopy(rows), "has_more": False}


def list_coupons(state: State = None) -> dict:
    """List the account's coupons."""
    return {"object": "list", "data": copy.deepcopy(list(state.coupons.values())), "has_more": False}


def create_coupon(name: str, duration: Duration, percent_off: float | None = None, amount_off: int | None = None,
                  duration_in_months: int | None = None, state: State = None) -> dict:
    """Create a coupon: either percent_off or amount_off (pence, GBP).

    Args:
        name: Shown on invoices and receipts.
        duration: once, repeating (with duration_in_months) or forever.
        percent_off: 0-100.
        amount_off: A fixed discount in pence.
        duration_in_months: For repeating coupons.
    """
    if (percent_off is None) == (amount_off is None):
        return _error(400, "parameter_invalid", "Give exactly one of percent_off and amount_off", "percent_off")
    if percent_off is not None and not 0 < percent_off <= 100:
        return _error(400, "parameter_invalid", "percent_off must be between 0 and 100", "percent_off")
    if duration == "repeating" and not duration_in_months:
        return _error(400, "parameter_missing", "duration_in_months is required for repeating coupons",
                      "duration_in_months")
    if duration not in ("once", "repeating", "forever"):
        return _error(400, "parameter_invalid", f"Invalid duration: {duration}", "duration")
    state.seq += 1
    cid = f"{'ABCDEFGHJKLMNPQRSTUVWXYZ'[state.seq % 24]}{state.seq:03d}cQ{state.seq % 97:02d}"
    state.coupons[cid] = {"id": cid, "object": "coupon", "name": name, "percent_off": percent_off,
                          "amount_off": amount_off, "duration": duration, "duration_in_months": duration_in_months,
                          "valid": True}
    return copy.deepcopy(state.coupons[cid])


# --------------------------------------------------------------------------- payments


def create_payment_intent(amount: int, currency: str, customer: str | None = None,
                          payment_method: str | None = None, description: str | None = None,
                          capture_method: Literal["automatic", "manual"] = "automatic",
                          receipt_email: str | None = None, state: State = None) -> dict:
    """Create a payment intent for an amount to collect.

    Args:
        amount: In the currency's minor unit (pence).
        currency: Three-letter ISO code, lower case.
        customer: The customer paying, if known.
        payment_method: The payment method to charge; can also be given on confirmation.
        description: Shown on the dashboard and receipt.
        capture_method: ``manual`` only authorises; capture later.
        receipt_email: Where to send the receipt.
    """
    if currency not in _CURRENCIES:
        return _error(400, "currency_not_supported",
                      f"Currency '{currency}' is not enabled on this account. Enabled: {', '.join(_CURRENCIES)}",
                      "currency")
    if amount < 30:
        return _error(400, "amount_too_small", "Amount must be at least 30 pence", "amount")
    if customer is not None and customer not in state.customers:
        return _missing("customer", customer, "customer")
    if payment_method is not None and payment_method not in state.payment_methods:
        return _missing("payment_method", payment_method, "payment_method")
    pid = _new_id(state, "pi")
    pi = {"id": pid, "object": "payment_intent", "amount": amount, "currency": currency, "customer": customer,
          "payment_method": payment_method, "description": description, "capture_method": capture_method,
          "receipt_email": receipt_email, "latest_charge": None,
          "status": "requires_confirmation" if payment_method else "requires_payment_method",
          "amount_received": 0, "cancellation_reason": None}
    state.payment_intents[pid] = pi
    return copy.deepcopy(pi)


def confirm_payment_intent(payment_intent: str, payment_method: str | None = None, state: State = None) -> dict:
    """Confirm a payment intent: charge (or, for manual capture, authorise) its payment method.

    Args:
        payment_intent: The payment intent id (``pi_...``).
        payment_method: The payment method to use, if not set on the intent.
    """
    pi = state.payment_intents.get(payment_intent)
    if pi is None:
        return _missing("payment_intent", payment_intent, "payment_intent")
    if pi["status"] not in ("requires_payment_method", "requires_confirmation"):
        return _error(400, "payment_intent_unexpected_state",
                      f"This PaymentIntent's status is {pi['status']} and cannot be confirmed", "payment_intent")
    pm_id = payment_method or pi["payment_method"]
    if pm_id is None:
        return _error(400, "payment_intent_unexpected_state", "You must provide a payment method to confirm",
                      "payment_method")
    pm = state.payment_methods.get(pm_id)
    if pm is None or pm.get("detached"):
        return _missing("payment_method", pm_id, "payment_method")
    if pi["customer"] is not None and pm["customer"] not in (None, pi["customer"]):
        return _error(400, "payment_method_not_available",
                      "The payment method belongs to a different customer", "payment_method")
    pi["payment_method"] = pm_id
    decline = _TEST_CARDS.get(pm.get("_number", ""), (None, None))[1]
    if decline:
        pi["status"] = "requires_payment_method"
        return _error(402, "card_declined", "Your card was declined.", None, type_="card_error",
                      decline_code=decline, payment_intent=payment_intent)
    cid = _new_id(state, "ch")
    state.charges[cid] = {"id": cid, "object": "charge", "customer": pi["customer"], "amount": pi["amount"],
                          "amount_refunded": 0, "currency": pi["currency"], "status": "succeeded",
                          "captured": pi["capture_method"] == "automatic", "disputed": False,
                          "payment_intent": payment_intent, "description": pi["description"], "created": NOW}
    pi["latest_charge"] = cid
    if pi["capture_method"] == "manual":
        pi["status"] = "requires_capture"
    else:
        pi["status"], pi["amount_received"] = "succeeded", pi["amount"]
        state.balance["pending"] += pi["amount"]
    return copy.deepcopy(pi)


def capture_payment_intent(payment_intent: str, amount_to_capture: int | None = None, state: State = None) -> dict:
    """Capture an authorised (manual-capture) payment intent, in full or in part.

    Args:
        payment_intent: The payment intent id.
        amount_to_capture: Pence, at most the authorised amount; the whole amount if left out.
    """
    pi = state.payment_intents.get(payment_intent)
    if pi is None:
        return _missing("payment_intent", payment_intent, "payment_intent")
    if pi["status"] != "requires_capture":
        return _error(400, "payment_intent_unexpected_state",
                      f"This PaymentIntent could not be captured because it has a status of {pi['status']}. "
                      "Only a PaymentIntent with one of the following statuses may be captured: requires_capture.",
                      "payment_intent")
    amount = pi["amount"] if amount_to_capture is None else amount_to_capture
    if not 0 < amount <= pi["amount"]:
        return _error(400, "amount_too_large", "amount_to_capture exceeds the authorised amount",
                      "amount_to_capture")
    ch = state.charges[pi["latest_charge"]]
    ch["captured"], ch["amount_refunded"] = True, pi["amount"] - amount
    pi["status"], pi["amount_received"] = "succeeded", amount
    state.balance["pending"] += amount
    return copy.deepcopy(pi)


def cancel_payment_intent(payment_intent: str, cancellation_reason: CancellationReason | None = None,
                          state: State = None) -> dict:
    """Cancel a payment intent that has not succeeded (releases any authorisation).

    Args:
        payment_intent: The payment intent id.
        cancellation_reason: Why, for the record.
    """
    pi = state.payment_intents.get(payment_intent)
    if pi is None:
        return _missing("payment_intent", payment_intent, "payment_intent")
    if pi["status"] in ("succeeded", "canceled"):
        return _error(400, "payment_intent_unexpected_state",
                      f"You cannot cancel this PaymentIntent because it has a status of {pi['status']}",
                      "payment_intent")
    pi["status"], pi["cancellation_reason"] = "canceled", cancellation_reason
    return copy.deepcopy(pi)


def list_charges(customer: str | None = None, limit: int = 10, starting_after: str | None = None,
                 state: State = None) -> dict:
    """List charges, newest first, optionally for one customer.

    Args:
        customer: The customer id.
        limit: Page size, 1 to 100.
        starting_after: The id of the last charge of the previous page.
    """
    if customer is not None and customer not in state.customers:
        return _missing("customer", customer, "customer")
    rows = sorted((c for c in state.charges.values() if customer is None or c["customer"] == customer),
                  key=lambda c: -c["created"])
    return _page(rows, limit, starting_after)


def create_refund(charge: str, amount: int | None = None, reason: RefundReason | None = None,
                  state: State = None) -> dict:
    """Refund a captured charge, in full or in part.

    Args:
        charge: The charge id (``ch_...``).
        amount: Pence; the rest of the charge if left out.
        reason: duplicate, fraudulent or requested_by_customer.
    """
    ch = state.charges.get(charge)
    if ch is None:
        return _missing("charge", charge, "charge")
    if ch["disputed"]:
        return _error(400, "charge_disputed", f"Charge {charge} has been disputed; respond to the dispute instead",
                      "charge")
    if not ch["captured"]:
        return _error(400, "charge_not_captured", "This charge has not been captured; cancel the payment intent",
                      "charge")
    left = ch["amount"] - ch["amount_refunded"]
    amount = left if amount is None else amount
    if left <= 0:
        return _error(400, "charge_already_refunded", f"Charge {charge} has already been refunded.", "charge")
    if not 0 < amount <= left:
        return _error(400, "amount_too_large", f"Refund amount ({amount}) is greater than unrefunded amount "
                                               f"on charge ({left})", "amount")
    ch["amount_refunded"] += amount
    rid = _new_id(state, "re")
    state.refunds[rid] = {"id": rid, "object": "refund", "charge": charge, "amount": amount, "reason": reason,
                          "status": "succeeded", "currency": ch["currency"]}
    return copy.deepcopy(state.refunds[rid])


# --------------------------------------------------------------------------- invoices


def create_invoice_item(customer: str, amount: int, currency: str, description: str, state: State = None) -> dict:
    """Add a pending line to a customer's next invoice.

    Args:
        customer: The customer id.
        amount: Pence.
        currency: gbp.
        description: What the line is for.
    """
    if customer not in state.customers:
        return _missing("customer", customer, "customer")
    if currency != "gbp":
        return _error(400, "currency_mismatch", "Invoice items must be in the customer's currency (gbp)", "currency")
    if not description.strip():
        return _error(400, "parameter_missing", "description is required", "description")
    iid = _new_id(state, "ii")
    state.invoice_items[iid] = {"id": iid, "object": "invoiceitem", "customer": customer, "amount": amount,
                                "currency": currency, "description": description, "invoice": None}
    return copy.deepcopy(state.invoice_items[iid])


def create_invoice(customer: str, collection_method: CollectionMethod = "charge_automatically",
                   days_until_due: int | None = None, description: str | None = None, state: State = None) -> dict:
    """Create a draft invoice from the customer's pending invoice items.

    Args:
        customer: The customer id.
        collection_method: charge_automatically (the default payment method) or send_invoice (e-mailed,
            with days_until_due).
        days_until_due: For send_invoice.
        description: A memo printed on the invoice.
    """
    if customer not in state.customers:
        return _missing("customer", customer, "customer")
    pending = [i for i in state.invoice_items.values() if i["customer"] == customer and i["invoice"] is None]
    if not pending:
        return _error(400, "invoice_no_customer_line_items",
                      f"Nothing to invoice for customer {customer}: add invoice items first", "customer")
    if collection_method == "send_invoice" and not days_until_due:
        return _error(400, "parameter_missing", "days_until_due is required for send_invoice", "days_until_due")
    iid = _new_id(state, "in")
    for i in pending:
        i["invoice"] = iid
    state.invoices[iid] = {"id": iid, "object": "invoice", "customer": customer, "status": "draft",
                           "collection_method": collection_method, "amount_due": sum(i["amount"] for i in pending),
                           "currency": "gbp", "lines": [{"description": i["description"], "amount": i["amount"]}
                                                        for i in pending],
                           "number": None, "due_date": None if not days_until_due else NOW + days_until_due * 86400,
                           "sent": False, "memo": description}
    return copy.deepcopy(state.invoices[iid])


def finalize_invoice(invoice: str, state: State = None) -> dict:
    """Finalise a draft invoice: it gets a number and becomes open for payment.

    Args:
        invoice: The invoice id (``in_...``).
    """
    inv = state.invoices.get(invoice)
    if inv is None:
        return _missing("invoice", invoice, "invoice")
    if inv["status"] != "draft":
        return _error(400, "invoice_not_editable", f"This invoice is already finalized (status {inv['status']})",
                      "invoice")
    state.seq += 1
    inv["status"], inv["number"] = "open", f"FCR-{state.seq % 10000:04d}"
    if inv["collection_method"] == "send_invoice" and inv["due_date"] is None:
        inv["due_date"] = NOW + 30 * 86400
    return copy.deepcopy(inv)


def pay_invoice(invoice: str, payment_method: str | None = None, state: State = None) -> dict:
    """Pay an open invoice now, with the given payment method or the customer's default one.

    Args:
        invoice: The invoice id.
        payment_method: A payment method attached to the invoice's customer.
    """
    inv = state.invoices.get(invoice)
    if inv is None:
        return _missing("invoice", invoice, "invoice")
    if inv["status"] != "open":
        return _error(400, "invoice_unexpected_state", f"Invoice is {inv['status']}; only open invoices can be paid",
                      "invoice")
    c = state.customers[inv["customer"]]
    pm_id = payment_method or c["invoice_settings"]["default_payment_method"]
    if pm_id is None:
        return _error(400, "invoice_no_payment_method_types",
                      "The customer has no default payment method; pass payment_method", "payment_method")
    pm = state.payment_methods.get(pm_id)
    if pm is None or pm["customer"] != inv["customer"]:
        return _error(400, "payment_method_not_available", "That payment method is not the customer's",
                      "payment_method")
    cid = _new_id(state, "ch")
    state.charges[cid] = {"id": cid, "object": "charge", "customer": inv["customer"], "amount": inv["amount_due"],
                          "amount_refunded": 0, "currency": "gbp", "status": "succeeded", "captured": True,
                          "disputed": False, "payment_intent": None, "description": f"Invoice {inv['number']}",
                          "created": NOW}
    inv["status"], inv["charge"] = "paid", cid
    return copy.deepcopy(inv)


def send_invoice(invoice: str, state: State = None) -> dict:
    """E-mail an open send_invoice invoice to the customer, with a link to pay it.

    Args:
        invoice: The invoice id.
    """
    inv = state.invoices.get(invoice)
    if inv is None:
        return _missing("invoice", invoice, "invoice")
    if inv["status"] != "open":
        return _error(400, "invoice_unexpected_state", f"Invoice is {inv['status']}; only open invoices can be sent",
                      "invoice")
    if inv["collection_method"] != "send_invoice":
        return _error(400, "invoice_unexpected_state", "Only send_invoice invoices are e-mailed", "invoice")
    if not state.customers[inv["customer"]]["email"]:
        return _error(400, "customer_email_missing", "The customer has no e-mail address", "customer")
    inv["sent"] = True
    return copy.deepcopy(inv)


def void_invoice(invoice: str, state: State = None) -> dict:
    """Void an open invoice that should not be paid (kept for the record).

    Args:
        invoice: The invoice id.
    """
    inv = state.invoices.get(invoice)
    if inv is None:
        return _missing("invoice", invoice, "invoice")
    if inv["status"] != "open":
        return _error(400, "invoice_unexpected_state",
                      f"Invoice is {inv['status']}; only open invoices can be voided (delete drafts instead)",
                      "invoice")
    inv["status"] = "void"
    return copy.deepcopy(inv)


def list_invoices(customer: str | None = None, status: InvoiceStatus | None = None, limit: int = 10,
                  starting_after: str | None = None, state: State = None) -> dict:
    """List invoices, optionally for one customer and in one status.

    Args:
        customer: The customer id.
        status: draft, open, paid, void or uncollectible.
        limit: Page size.
        starting_after: The id of the last invoice of the previous page.
    """
    if customer is not None and customer not in state.customers:
        return _missing("customer", customer, "customer")
    rows = [i for i in state.invoices.values() if (customer is None or i["customer"] == customer)
            and (status is None or i["status"] == status)]
    return _page(rows, limit, starting_after)


# --------------------------------------------------------------------------- subscriptions


def create_subscription(customer: str, items: list[str], coupon: str | None = None,
                        trial_period_days: int | None = None, state: State = None) -> dict:
    """Start a subscription to one or more recurring prices, billed to the default payment method.

    Args:
        customer: The customer id.
        items: Price ids (``price_...``), each an active recurring price.
        coupon: A coupon id to discount it.
        trial_period_days: Free days before the first charge; no payment method needed until then.
    """
    c = state.customers.get(customer)
    if c is None:
        return _missing("customer", customer, "customer")
    if not items:
        return _error(400, "parameter_missing", "items is required", "items")
    for p in items:
        price = state.prices.get(p)
        if price is None:
            return _missing("price", p, "items")
        if not price["active"] or price["type"] != "recurring":
            return _error(400, "price_not_recurring_active", f"Price {p} is not an active recurring price", "items")
    if coupon is not None and coupon not in state.coupons:
        return _missing("coupon", coupon, "coupon")
    if not trial_period_days and c["invoice_settings"]["default_payment_method"] is None:
        return _error(400, "resource_missing",
                      "This customer has no attached default payment method, so the subscription cannot be paid",
                      "customer")
    sid = _new_id(state, "sub")
    state.subscriptions[sid] = {"id": sid, "object": "subscription", "customer": customer,
                                "status": "trialing" if trial_period_days else "active", "items": list(items),
                                "discount": coupon, "cancel_at_period_end": False,
                                "current_period_end": NOW + 30 * 86400, "pause_collection": None}
    return copy.deepcopy(state.subscriptions[sid])


def update_subscription(subscription: str, items: list[str] | None = None, cancel_at_period_end: bool | None = None,
                        state: State = None) -> dict:
    """Change a subscription's prices (prorated) or whether it ends at the end of the period.

    Args:
        subscription: The subscription id (``sub_...``).
        items: The new list of price ids, replacing the current ones.
        cancel_at_period_end: True to stop renewal; False to undo that.
    """
    sub = state.subscriptions.get(subscription)
    if sub is None:
        return _missing("subscription", subscription, "subscription")
    if sub["status"] == "canceled":
        return _error(400, "subscription_canceled", "A canceled subscription cannot be updated", "subscription")
    if items is not None:
        for p in items:
            price = state.prices.get(p)
            if price is None:
                return _missing("price", p, "items")
            if not price["active"] or price["type"] != "recurring":
                return _error(400, "price_not_recurring_active", f"Price {p} is not an active recurring price",
                              "items")
    if (items is None or items == sub["items"]) and (cancel_at_period_end is None
                                                     or cancel_at_period_end == sub["cancel_at_period_end"]):
        return _error(400, "parameter_unchanged", "Nothing to update: the subscription already looks like that")
    if items is not None:
        sub["items"] = list(items)
    if cancel_at_period_end is not None:
        sub["cancel_at_period_end"] = cancel_at_period_end
    return copy.deepcopy(sub)


def cancel_subscription(subscription: str, invoice_now: bool = False, prorate: bool = False,
                        state: State = None) -> dict:
    """Cancel a subscription immediately.

    Args:
        subscription: The subscription id.
        invoice_now: Invoice any pending usage now.
        prorate: Credit the unused part of the period.
    """
    sub = state.subscriptions.get(subscription)
    if sub is None:
        return _missing("subscription", subscription, "subscription")
    if sub["status"] == "canceled":
        return _error(400, "subscription_canceled", "This subscription is already canceled", "subscription")
    sub["status"] = "canceled"
    return copy.deepcopy(sub)


def pause_subscription(subscription: str, behavior: PauseBehavior, state: State = None) -> dict:
    """Pause collection on an active subscription.

    Args:
        subscription: The subscription id.
        behavior: What happens to invoices while paused.
    """
    sub = state.subscriptions.get(subscription)
    if sub is None:
        return _missing("subscription", subscription, "subscription")
    if sub["status"] not in ("active", "trialing"):
        return _error(400, "subscription_unexpected_state", f"Only active subscriptions can be paused "
                                                            f"(this one is {sub['status']})", "subscription")
    sub["status"], sub["pause_collection"] = "paused", {"behavior": behavior}
    return copy.deepcopy(sub)


def resume_subscription(subscription: str, state: State = None) -> dict:
    """Resume a paused subscription; billing restarts from today.

    Args:
        subscription: The subscription id.
    """
    sub = state.subscriptions.get(subscription)
    if sub is None:
        return _missing("subscription", subscription, "subscription")
    if sub["status"] != "paused":
        return _error(400, "subscription_unexpected_state",
                      f"Only paused subscriptions can be resumed (this one is {sub['status']})", "subscription")
    sub["status"], sub["pause_collection"] = "active", None
    return copy.deepcopy(sub)


def list_subscriptions(customer: str | None = None, status: str | None = None, limit: int = 10,
                       starting_after: str | None = None, state: State = None) -> dict:
    """List subscriptions (not canceled ones unless asked), optionally for one customer and status.

    Args:
        customer: The customer id.
        status: A subscription status.
        limit: Page size.
        starting_after: The id of the last subscription of the previous page.
    """
    if customer is not None and customer not in state.customers:
        return _missing("customer", customer, "customer")
    if status is not None and status not in _SUB_STATUSES:
        return _error(400, "parameter_invalid_enum", f"Invalid status: must be one of {', '.join(_SUB_STATUSES)}",
                      "status")
    rows = [s for s in state.subscriptions.values() if (customer is None or s["customer"] == customer)
            and (status == "all" or (status is None and s["status"] != "canceled") or s["status"] == status)]
    return _page(rows, limit, starting_after)


# --------------------------------------------------------------------------- disputes


def list_disputes(status: str | None = None, state: State = None) -> dict:
    """List disputes, optionally in one status.

    Args:
        status: A dispute status.
    """
    if status is not None and status not in _DISPUTE_STATUSES:
        return _error(400, "parameter_invalid_enum",
                      f"Invalid status: must be one of {', '.join(_DISPUTE_STATUSES)}", "status")
    rows = [d for d in state.disputes.values() if status is None or d["status"] == status]
    return {"object": "list", "data": copy.deepcopy(rows), "has_more": False}


def upload_file(purpose: str, file_name: str, content: str, state: State = None) -> dict:
    """Upload a file (e.g. evidence for a dispute).

    Args:
        purpose: What the file is for.
        file_name: A name with its extension.
        content: The file's text (or text extracted from it).
    """
    if purpose not in _FILE_PURPOSES:
        return _error(400, "parameter_invalid_enum", f"Invalid purpose: must be one of {', '.join(_FILE_PURPOSES)}",
                      "purpose")
    if not content.strip():
        return _error(400, "file_empty", "The file is empty", "content")
    fid = _new_id(state, "file")
    state.files[fid] = {"id": fid, "object": "file", "purpose": purpose, "filename": file_name, "size": len(content)}
    return copy.deepcopy(state.files[fid])


def update_dispute(dispute: str, receipt: str | None = None, customer_communication: str | None = None,
                   shipping_tracking_number: str | None = None, uncategorized_text: str | None = None,
                   submit: bool = False, state: State = None) -> dict:
    """Add evidence to a dispute and, with submit, send it to the card issuer (no more changes after).

    Args:
        dispute: The dispute id (``dp_...``).
        receipt: A file id (purpose dispute_evidence).
        customer_communication: A file id (purpose dispute_evidence).
        shipping_tracking_number: The courier's tracking number.
        uncategorized_text: Anything else, in words.
        submit: Submit the evidence now.
    """
    d = state.disputes.get(dispute)
    if d is None:
        return _missing("dispute", dispute, "dispute")
    if d["status"] not in ("needs_response", "warning_needs_response"):
        return _error(400, "dispute_already_closed" if d["status"] in ("won", "lost") else "dispute_unexpected_state",
                      f"This dispute is {d['status']}; evidence can no longer be changed", "dispute")
    for field, fid in (("receipt", receipt), ("customer_communication", customer_communication)):
        if fid is not None:
            f = state.files.get(fid)
            if f is None:
                return _missing("file", fid, f"evidence[{field}]")
            if f["purpose"] != "dispute_evidence":
                return _error(400, "file_purpose_invalid", "Evidence files need purpose dispute_evidence",
                              f"evidence[{field}]")
    new = {k: v for k, v in {"receipt": receipt, "customer_communication": customer_communication,
                             "shipping_tracking_number": shipping_tracking_number,
                             "uncategorized_text": uncategorized_text}.items() if v is not None}
    if not new and not submit:
        return _error(400, "parameter_missing", "Give some evidence, or submit")
    d["evidence"].update(new)
    if submit:
        if not d["evidence"].get("receipt") and not d["evidence"].get("customer_communication"):
            return _error(400, "evidence_insufficient",
                          f"A {d['reason']} dispute needs a receipt or customer communication file before submitting",
                          "evidence")
        d["status"] = "under_review"
    return copy.deepcopy(d)


def close_dispute(dispute: str, state: State = None) -> dict:
    """Accept a dispute as lost (the amount stays with the cardholder).

    Args:
        dispute: The dispute id.
    """
    d = state.disputes.get(dispute)
    if d is None:
        return _missing("dispute", dispute, "dispute")
    if d["status"] not in ("needs_response", "warning_needs_response"):
        return _error(400, "dispute_unexpected_state", f"This dispute is {d['status']} and cannot be closed",
                      "dispute")
    d["status"] = "lost"
    return copy.deepcopy(d)


# --------------------------------------------------------------------------- dashboard: balance, payouts, keys


def dashboard_login(email: str, password: str, state: State = None) -> dict:
    """Log in to the dashboard as a team member.

    Args:
        email: The team member's e-mail.
        password: Their password.

    Returns:
        A dashboard session with its token and the member's role.
    """
    member = state.team.get(email.strip().lower())
    if member is None or member["password"] != password:
        return _error(401, "invalid_login", "Incorrect e-mail or password", None, type_="authentication_error")
    state.seq += 1
    token = f"dsess_{state.seq:04d}{email.split('@')[0][:3]}W8q"
    state.sessions[token] = email.strip().lower()
    return {"object": "dashboard_session", "token": token,
            "user": {"email": email.strip().lower(), "name": member["name"], "role": member["role"]}}


def retrieve_balance(state: State = None):
    """The account's available GBP balance in pence, ready to pay out (a bare integer)."""
    return state.balance["available"]


def list_bank_accounts(session_token: str, state: State = None) -> dict:
    """The account's payout bank accounts.

    Args:
        session_token: A dashboard session of an administrator.
    """
    s = _session(state, session_token, ("administrator",))
    if "err" in s:
        return s["err"]
    return {"object": "list", "data": copy.deepcopy(state.bank_accounts), "has_more": False}


def create_payout(session_token: str, amount: int, destination: str, description: str | None = None,
                  state: State = None) -> dict:
    """Pay out from the available balance to one of the account's bank accounts. Payouts over
    2,500.00 wait for another administrator's approval.

    Args:
        session_token: A dashboard session of an administrator.
        amount: Pence, at most the available balance.
        destination: A bank account id (``ba_...``).
        description: Appears on the bank statement.
    """
    s = _session(state, session_token, ("administrator",))
    if "err" in s:
        return s["err"]
    if destination not in {b["id"] for b in state.bank_accounts}:
        return _missing("bank_account", destination, "destination")
    if not 100 <= amount <= state.balance["available"]:
        return _error(400, "balance_insufficient",
                      f"You have insufficient funds in your account; amount must be between 100 and "
                      f"{state.balance['available']}", "amount")
    pid = _new_id(state, "po")
    pending = amount > APPROVAL_THRESHOLD
    state.payouts[pid] = {"id": pid, "object": "payout", "amount": amount, "currency": "gbp",
                          "destination": destination, "description": description,
                          "status": "pending_approval" if pending else "in_transit", "created_by": s["user"],
                          "approved_by": None}
    state.balance["available"] -= amount
    return copy.deepcopy(state.payouts[pid])


def approve_payout(session_token: str, payout: str, state: State = None) -> dict:
    """Approve a payout waiting for approval; it must be another administrator than the one who
    created it.

    Args:
        session_token: A dashboard session of an administrator.
        payout: The payout id (``po_...``).
    """
    s = _session(state, session_token, ("administrator",))
    if "err" in s:
        return s["err"]
    po = state.payouts.get(payout)
    if po is None:
        return _missing("payout", payout, "payout")
    if po["status"] != "pending_approval":
        return _error(400, "payout_unexpected_state", f"Payout is {po['status']}", "payout")
    if po["created_by"] == s["user"]:
        return _error(403, "approver_is_creator", "A payout must be approved by a different administrator",
                      None, type_="permission_error")
    po["status"], po["approved_by"] = "in_transit", s["user"]
    return copy.deepcopy(po)


def list_api_keys(session_token: str, state: State = None) -> dict:
    """The account's restricted API keys (secrets are not shown again).

    Args:
        session_token: A dashboard session of an administrator or developer.
    """
    s = _session(state, session_token, ("administrator", "developer"))
    if "err" in s:
        return s["err"]
    rows = [{k: v for k, v in key.items() if k != "secret"} for key in state.api_keys.values() if not key["revoked"]]
    return {"object": "list", "data": rows, "has_more": False}


def create_restricted_key(session_token: str, name: str, permissions: list[str], state: State = None) -> dict:
    """Create a restricted API key with only the given permissions; its secret is shown once.

    Args:
        session_token: A dashboard session of an administrator or developer.
        name: What the key is for.
        permissions: Permission names.
    """
    s = _session(state, session_token, ("administrator", "developer"))
    if "err" in s:
        return s["err"]
    bad = [p for p in permissions if p not in _PERMISSIONS]
    if bad or not permissions:
        return _error(400, "parameter_invalid_enum",
                      f"Unknown permission(s) {bad}; valid permissions: {', '.join(_PERMISSIONS)}", "permissions")
    if any(k["name"] == name and not k["revoked"] for k in state.api_keys.values()):
        return _error(400, "duplicate_name", f"A key named '{name}' already exists", "name")
    kid = _new_id(state, "rk")
    state.api_keys[kid] = {"id": kid, "object": "api_key", "name": name, "type": "restricted",
                           "permissions": list(permissions), "created_by": s["user"], "revoked": False}
    out = copy.deepcopy(state.api_keys[kid])
    out["secret"] = f"rk_live_51Fh{state.seq:04d}x" + "q" * 24
    return out


def revoke_api_key(session_token: str, key: str, state: State = None) -> dict:
    """Revoke an API key; calls made with it fail from now on.

    Args:
        session_token: A dashboard session of an administrator or developer.
        key: The key id (``rk_...``).
    """
    s = _session(state, session_token, ("administrator", "developer"))
    if "err" in s:
        return s["err"]
    k = state.api_keys.get(key)
    if k is None:
        return _missing("api_key", key, "key")
    if k["revoked"]:
        return _error(400, "api_key_revoked", "This key is already revoked", "key")
    k["revoked"] = True
    return {"id": key, "object": "api_key", "revoked": True}


TOOLS = [
    create_customer, list_customers, search_customers, retrieve_customer, update_customer,
    create_payment_method, attach_payment_method, list_payment_methods, set_default_payment_method,
    detach_payment_method, list_prices, list_coupons, create_coupon, create_payment_intent, confirm_payment_intent,
    capture_payment_intent, cancel_payment_intent, list_charges, create_refund, create_invoice_item, create_invoice,
    finalize_invoice, pay_invoice, send_invoice, void_invoice, list_invoices, create_subscription,
    update_subscription, cancel_subscription, pause_subscription, resume_subscription, list_subscriptions,
    list_disputes, upload_file, update_dispute, close_dispute, dashboard_login, retrieve_balance,
    list_bank_accounts, create_payout, approve_payout, list_api_keys, create_restricted_key, revoke_api_key,
]

FIXTURES = {
    "account": {"business": "Fernhill Coffee Roasters Ltd", "city": "Sheffield", "mode": "live", "currency": "gbp",
                "today": "Tuesday 9 May 2028"},
    "team": [
        {"name": "Imogen Hart", "email": "imogen@fernhillcoffee.co.uk", "password": "Burr-Grind-58",
         "says": "co-owner, runs the money side"},
        {"name": "Sunil Varma", "email": "sunil@fernhillcoffee.co.uk", "password": "Crema!Sheff1eld",
         "says": "co-owner and roaster"},
        {"name": "Tom Reyes", "email": "tom@fernhillcoffee.co.uk", "password": "webhook-Tom-2028",
         "says": "looks after the web shop and its integrations"},
        {"name": "Ana Costa", "email": "ana@fernhillcoffee.co.uk", "password": "Ana.Support.77",
         "says": "customer support"},
    ],
    "customers_as_they_write": [
        "Hannah Brooks of Brooks Cafe, hannah@brookscafe.co.uk, wholesale, pays by card",
        "Olivia Grant, olivia.grant@example.com, Roaster's Choice subscriber",
        "Marcus Webb of Webb & Daughter Bakery, orders by phone, 07700 900321, e-mail marcus@webbbakery.co.uk",
        "Daniel Osei, d.osei@example.org, paused his Espresso Club while abroad",
        "Sophie Lin, sophie.lin@example.net, says her April Espresso Club parcel never came",
        "Ravi Patel, ravi.patel@example.co.uk, bought two gift boxes last week",
        "Kestrel Deli, accounts@kestreldeli.co.uk, wholesale on 14-day terms",
        "Grace Kimani, grace.kimani@example.com, 07700 900588, a new wholesale customer (The Green Cup)",
    ],
    "cards": {"succeeds": "4242 4242 4242 4242", "mastercard": "5555 5555 5555 4444",
              "declines": "4000 0000 0000 0002", "expiry": "12/2031", "cvc": "123"},
    "evidence": {"courier": "DPD", "tracking_number": "15501234567890",
                 "sophie_delivery_note": "DPD proof of delivery: left in porch, 12 April 2028 11:42, photo taken"},
}

_CUSTOMER_CONSUMERS = ["retrieve_customer", "update_customer", "attach_payment_method", "list_payment_methods",
                       "set_default_payment_method", "create_invoice_item", "create_invoice", "create_subscription",
                       "list_subscriptions"]
_DASH = ["list_bank_accounts", "create_payout", "approve_payout", "list_api_keys", "create_restricted_key",
         "revoke_api_key"]

GROUND_TRUTH = (
    [("list_customers|search_customers|create_customer", c,
      "id lookup/create: customer id (data[].id of a list or search, or the new customer's id)")
     for c in _CUSTOMER_CONSUMERS]
    + [("dashboard_login", c, "auth: dashboard session token (token), with the right role") for c in _DASH]
    + [
        ("create_payment_method", "attach_payment_method", "id create: payment method id (id)"),
        ("create_payment_method|list_payment_methods", "set_default_payment_method",
         "id lookup/create: payment method id (id, or data[].id)"),
        ("create_payment_method|list_payment_methods", "detach_payment_method",
         "id lookup/create: payment method id (id, or data[].id)"),
        ("create_payment_method|list_payment_methods", "confirm_payment_intent",
         "id lookup/create: payment method id to charge (id, or data[].id)"),
        ("attach_payment_method", "set_default_payment_method", "state: payment method attached to the customer"),
        ("attach_payment_method", "detach_payment_method", "state: payment method attached to a customer"),
        ("set_default_payment_method", "create_subscription",
         "state: a default payment method before a subscription without a trial"),
        ("set_default_payment_method", "pay_invoice", "state: a default payment method to charge the invoice to"),
        ("create_payment_intent", "confirm_payment_intent", "id create: payment intent id (id)"),
        ("create_payment_intent", "capture_payment_intent", "id create: payment intent id (id)"),
        ("create_payment_intent", "cancel_payment_intent", "id create: payment intent id (id)"),
        ("confirm_payment_intent", "capture_payment_intent",
         "state: an authorised intent (requires_capture) before capture"),
        ("list_charges|confirm_payment_intent", "create_refund",
         "id lookup/create: charge id (data[].id, or the confirmed intent's latest_charge)"),
        ("create_invoice_item", "create_invoice", "state: pending invoice items for the customer"),
        ("create_invoice|list_invoices", "finalize_invoice", "id lookup/create: invoice id (id, or data[].id)"),
        ("create_invoice|list_invoices", "pay_invoice", "id lookup/create: invoice id (id, or data[].id)"),
        ("create_invoice|list_invoices", "send_invoice", "id lookup/create: invoice id (id, or data[].id)"),
        ("create_invoice|list_invoices", "void_invoice", "id lookup/create: invoice id (id, or data[].id)"),
        ("finalize_invoice", "pay_invoice", "state: invoice open (finalized) before payment"),
        ("finalize_invoice", "send_invoice", "state: invoice open (finalized) before it is sent"),
        ("finalize_invoice", "void_invoice", "state: invoice open (finalized) before it is voided"),
        ("update_customer", "send_invoice", "state: an e-mail address on the customer to send the invoice to"),
        ("list_prices", "create_subscription", "vocabulary: active recurring price ids (data[].id)"),
        ("list_prices", "update_subscription", "vocabulary: active recurring price ids (data[].id)"),
        ("list_coupons|create_coupon", "create_subscription", "id lookup/create: coupon id (data[].id, or id)"),
        ("create_subscription|list_subscriptions", "update_subscription",
         "id lookup/create: subscription id (id, or data[].id)"),
        ("create_subscription|list_subscriptions", "cancel_subscription",
         "id lookup/create: subscription id (id, or data[].id)"),
        ("create_subscription|list_subscriptions", "pause_subscription",
         "id lookup/create: subscription id (id, or data[].id)"),
        ("list_subscriptions", "resume_subscription", "id lookup: a paused subscription's id (data[].id)"),
        ("pause_subscription", "resume_subscription", "state: subscription paused before it is resumed"),
        ("list_disputes", "update_dispute", "id lookup: dispute id (data[].id)"),
        ("list_disputes", "close_dispute", "id lookup: dispute id (data[].id)"),
        ("upload_file", "update_dispute", "id create: evidence file id (id)"),
        ("list_bank_accounts", "create_payout", "id lookup: destination bank account id (data[].id)"),
        ("retrieve_balance", "create_payout", "value: the available balance to pay out (bare integer)"),
        ("create_payout", "approve_payout", "id create: payout id (id) of a payout pending approval"),
        ("create_restricted_key|list_api_keys", "revoke_api_key", "id lookup/create: API key id (id, or data[].id)"),
    ]
)

PLAUSIBLE = {
    ("retrieve_customer", "set_default_payment_method"), ("retrieve_customer", "pay_invoice"),
    ("retrieve_customer", "send_invoice"), ("list_customers", "list_charges"), ("search_customers", "list_charges"),
    ("list_customers", "list_invoices"), ("search_customers", "list_invoices"),
    ("create_customer", "create_payment_intent"), ("list_customers", "create_payment_intent"),
    ("list_customers", "detach_payment_method"), ("list_customers", "pay_invoice"),
    ("list_charges", "list_disputes"), ("update_dispute", "close_dispute"), ("retrieve_customer", "create_subscription"),
    ("list_subscriptions", "create_subscription"),
    ("list_payment_methods", "pay_invoice"), ("create_payment_method", "create_payment_intent"),
    ("list_payment_methods", "create_payment_intent"), ("confirm_payment_intent", "list_charges"),
    ("list_api_keys", "create_restricted_key"),
}
