"""ZoneDesk: the support-agent tools of a domain registrar and DNS host over a dict-of-dicts database (43 tools).

Written in the manner of a simulated customer-service desk: every tool is a plain function over one
database (``state.db`` with ``users``, ``domains``, ``zones``, ``mail``, ``certificates``,
``contacts``, ``orders`` and the registry's pricing); replies are JSON text (``json.dumps``),
bare strings or sentences, and a refusal is a *returned* string that starts with ``"Error: "``,
never an exception (``FAILURE``). The agent finds the account holder by email or by name and
phone, verifies them with the support PIN they read out (the verification is kept by the desk as
session state, no token), and only then changes anything on their domains, zones, mailboxes,
certificates, contacts or orders. Docstrings are one plain sentence or two; a few tools have none.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import ast
import copy
import json
import operator
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import List, Literal, Optional

TODAY = date(2025, 11, 18)

RecordType = Literal["A", "AAAA", "CNAME", "MX", "TXT", "CAA", "SRV"]

_HOSTED_NS = ["ns1.zonedesk.net", "ns2.zonedesk.net", "ns3.zonedesk.net"]
_EXTERNAL_NS = {"amy.ns.cloudflare.com", "bob.ns.cloudflare.com", "dns1.registrar-servers.com",
                "dns2.registrar-servers.com", "ns-cloud-a1.googledomains.com", "ns-cloud-a2.googledomains.com"}
_TEMPLATES = {
    "blank": [],
    "website_basic": [["A", "@", "203.0.113.80", 3600, None], ["CNAME", "www", "@", 3600, None]],
    "google_workspace": [["MX", "@", "smtp.google.com", 3600, 1], ["TXT", "@", "v=spf1 include:_spf.google.com ~all", 3600, None]],
    "microsoft_365": [["MX", "@", "{label}.mail.protection.outlook.com", 3600, 0],
                      ["CNAME", "autodiscover", "autodiscover.outlook.com", 3600, None]],
    "zonedesk_mail": [["MX", "@", "mx1.zonedesk-mail.net", 3600, 10], ["MX", "@", "mx2.zonedesk-mail.net", 3600, 20],
                      ["TXT", "@", "v=spf1 include:_spf.zonedesk-mail.net ~all", 3600, None]],
}
_EMAIL_PLANS = {"starter": 2.49, "business": 5.99}  # per seat per month, billed yearly
_SSL = {"dv_single": 9.99, "dv_wildcard": 59.0}
_TAKEN_ELSEWHERE = {"alvarez.com", "ceramics.com", "kim.dev", "nair.co.uk", "studio.io"}
_INBOUND = {"harbourbakery.com": "Tz8#pQ2!vR"}  # domains at other registrars and their auth codes


def _seed() -> dict:
    users = {
        "sarah_kim_4821": {
            "user_id": "sarah_kim_4821", "name": {"first_name": "Sarah", "last_name": "Kim"},
            "email": "sarah.kim@example.com", "phone": "+14155550142", "support_pin": "7731",
            "payment_methods": {
                "credit_card_9912": {"source": "credit_card", "id": "credit_card_9912", "brand": "visa", "last_four": "9912"},
                "account_credit_2210": {"source": "account_credit", "id": "account_credit_2210", "balance": 25.0},
            },
            "domains": ["kimceramics.com", "sarahkim.dev"], "contacts": ["CON-5501"],
        },
        "sarah_kim_9034": {
            "user_id": "sarah_kim_9034", "name": {"first_name": "Sarah", "last_name": "Kim"},
            "email": "skim.design@example.org", "phone": "+12065550187", "support_pin": "1190",
            "payment_methods": {"paypal_6120": {"source": "paypal", "id": "paypal_6120"}},
            "domains": [], "contacts": [],
        },
        "diego_alvarez_1307": {
            "user_id": "diego_alvarez_1307", "name": {"first_name": "Diego", "last_name": "Alvarez"},
            "email": "d.alvarez@example.net", "phone": "+15125550178", "support_pin": "2046",
            "payment_methods": {"paypal_4410": {"source": "paypal", "id": "paypal_4410"},
                                "credit_card_0817": {"source": "credit_card", "id": "credit_card_0817",
                                                     "brand": "mastercard", "last_four": "0817"}},
            "domains": ["alvarezbikes.com", "alvarezbikes.net"], "contacts": ["CON-5520"],
        },
        "priya_nair_6650": {
            "user_id": "priya_nair_6650", "name": {"first_name": "Priya", "last_name": "Nair"},
            "email": "priya.nair@example.org", "phone": "+442079460958", "support_pin": "5582",
            "payment_methods": {"credit_card_3307": {"source": "credit_card", "id": "credit_card_3307",
                                                     "brand": "amex", "last_four": "3307"}},
            "domains": ["nairstudio.co.uk"], "contacts": ["CON-5533", "CON-5534"],
        },
    }

    def dom(owner, status, created, expires, zone, ns, locked=True, auto=True, privacy=True, contact=None):
        return {"owner": owner, "status": status, "created": created, "expires": expires, "zone_id": zone,
                "nameservers": list(ns), "transfer_lock": locked, "auto_renew": auto, "whois_privacy": privacy,
                "contacts": {"registrant": contact, "admin": contact, "tech": contact}, "dnssec": None}

    domains = {
        "kimceramics.com": dom("sarah_kim_4821", "active", "2021-03-14", "2026-03-14", "z_8f31", _HOSTED_NS[:2],
                               contact="CON-5501"),
        "sarahkim.dev": dom("sarah_kim_4821", "active", "2025-11-14", "2026-11-14", None, _HOSTED_NS[:2],
                            auto=False, contact="CON-5501"),
        "alvarezbikes.com": dom("diego_alvarez_1307", "redemption", "2017-10-20", "2025-10-20", "z_7c02",
                                _HOSTED_NS[:2], contact="CON-5520"),
        "alvarezbikes.net": dom("diego_alvarez_1307", "active", "2019-05-02", "2026-05-02", None,
                                ["dns1.registrar-servers.com", "dns2.registrar-servers.com"], locked=False,
                                contact="CON-5520"),
        "nairstudio.co.uk": dom("priya_nair_6650", "active", "2019-08-30", "2026-08-30", "z_91ad",
                                ["amy.ns.cloudflare.com", "bob.ns.cloudflare.com"], privacy=False, contact="CON-5533"),
    }
    zones = {
        "z_8f31": {"domain": "kimceramics.com", "records": {
            "rec_1001": ["A", "@", "203.0.113.10", 3600, None],
            "rec_1002": ["CNAME", "www", "kimceramics.com.", 3600, None],
            "rec_1003": ["MX", "@", "mx1.zonedesk-mail.net", 3600, 10],
            "rec_1004": ["TXT", "@", "v=spf1 include:_spf.zonedesk-mail.net ~all", 3600, None]}},
        "z_7c02": {"domain": "alvarezbikes.com", "records": {"rec_0877": ["A", "@", "198.51.100.7", 3600, None]}},
        "z_91ad": {"domain": "nairstudio.co.uk", "records": {
            "rec_1120": ["A", "@", "192.0.2.44", 3600, None], "rec_1121": ["CNAME", "www", "nairstudio.co.uk.", 3600, None]}},
    }
    mail = {
        "kimceramics.com": {"plan": "starter", "seats": 2, "mailboxes": {
            "mb_301": {"address": "hello@kimceramics.com", "status": "active"},
            "mb_302": {"address": "sarah@kimceramics.com", "status": "active"}}},
    }
    contacts = {
        "CON-5501": {"owner": "sarah_kim_4821", "first_name": "Sarah", "last_name": "Kim", "email": "sarah.kim@example.com",
                     "phone": "+1.4155550142", "street": "88 Clement St", "city": "San Francisco", "postal_code": "94118",
                     "country": "US"},
        "CON-5520": {"owner": "diego_alvarez_1307", "first_name": "Diego", "last_name": "Alvarez",
                     "email": "d.alvarez@example.net", "phone": "+1.5125550178", "street": "1400 S Congress Ave",
                     "city": "Austin", "postal_code": "78704", "country": "US"},
        "CON-5533": {"owner": "priya_nair_6650", "first_name": "Priya", "last_name": "Nair",
                     "email": "priya.nair@example.org", "phone": "+44.2079460958", "street": "12 Leather Lane",
                     "city": "London", "postal_code": "EC1N 7SS", "country": "GB"},
        "CON-5534": {"owner": "priya_nair_6650", "first_name": "Tom", "last_name": "Reyes",
                     "email": "tom@nairstudio.co.uk", "phone": "+44.2079460911", "street": "12 Leather Lane",
                     "city": "London", "postal_code": "EC1N 7SS", "country": "GB"},
    }
    orders = {
        "#Z10388": {"order_id": "#Z10388", "user_id": "diego_alvarez_1307", "date": "2024-10-20", "status": "completed",
                    "items": [{"kind": "renewal", "domain": "alvarezbikes.com", "years": 1, "amount": 15.99}],
                    "payment_method_id": "paypal_4410", "total": 15.99},
        "#Z10412": {"order_id": "#Z10412", "user_id": "sarah_kim_4821", "date": "2025-11-14", "status": "completed",
                    "items": [{"kind": "registration", "domain": "sarahkim.dev", "years": 1, "amount": 17.0}],
                    "payment_method_id": "credit_card_9912", "total": 17.0},
    }
    pricing = {".com": [12.99, 15.99, 12.99, 80.0], ".net": [14.99, 17.99, 14.99, 80.0], ".org": [11.99, 16.49, 11.99, 80.0],
               ".io": [39.0, 49.0, 39.0, 120.0], ".dev": [17.0, 17.0, 17.0, 80.0], ".co.uk": [8.99, 8.99, 0.0, 40.0],
               ".shop": [2.99, 34.99, 29.99, 80.0]}
    return {"users": users, "domains": domains, "zones": zones, "mail": mail, "contacts": contacts, "orders": orders,
            "certificates": {}, "pricing": pricing, "transfers": {}, "handoffs": [],
            "counters": {"order": 10412, "rec": 1200, "zone": 0xA000, "mb": 310, "con": 5540, "cert": 3100}}


@dataclass
class ZoneDeskState:
    db: dict = field(default_factory=_seed)
    authenticated_user: Optional[str] = None


State = ZoneDeskState


def FAILURE(output) -> bool:  # noqa: N802 - the name the oracle looks for
    """A ZoneDesk refusal: a returned string that starts with ``"Error: "``."""
    return isinstance(output, str) and output.startswith("Error: ")


# ----------------------------------------------------------------------------- helpers

def _next(state: ZoneDeskState, key: str) -> int:
    state.db["counters"][key] += 1
    return state.db["counters"][key]


def _tld(domain: str) -> Optional[str]:
    for tld in sorted(state_tlds(), key=len, reverse=True):
        if domain.endswith(tld) and len(domain) > len(tld) and "." not in domain[: -len(tld)]:
            return tld
    return None


def state_tlds() -> List[str]:
    return [".com", ".net", ".org", ".io", ".dev", ".co.uk", ".shop"]


def _owned(state: ZoneDeskState, domain: str):
    """The domain record when the verified account holder owns it, else an error string."""
    d = state.db["domains"].get(domain)
    if d is None:
        return "Error: domain not found in this account system"
    if state.authenticated_user is None or state.authenticated_user != d["owner"]:
        return "Error: the account holder must be verified before changing this domain"
    return d


def _zone_owned(state: ZoneDeskState, zone_id: str):
    z = state.db["zones"].get(zone_id)
    if z is None:
        return "Error: zone not found"
    d = _owned(state, z["domain"])
    if isinstance(d, str):
        return d
    return z


def _verified_user(state: ZoneDeskState, user_id: str):
    if user_id not in state.db["users"]:
        return "Error: user not found"
    if state.authenticated_user != user_id:
        return "Error: the account holder must be verified first"
    return state.db["users"][user_id]


def _charge(user: dict, payment_method_id: str, amount: float):
    pm = user["payment_methods"].get(payment_method_id)
    if pm is None:
        return "Error: payment method not found on this account"
    if pm["source"] == "account_credit":
        if pm["balance"] < amount:
            return f"Error: account credit balance {pm['balance']:.2f} is less than {amount:.2f}"
        pm["balance"] = round(pm["balance"] - amount, 2)
    return None


def _order(state: ZoneDeskState, user_id: str, items: list, pm: str) -> dict:
    oid = f"#Z{_next(state, 'order')}"
    total = round(sum(i["amount"] for i in items), 2)
    state.db["orders"][oid] = {"order_id": oid, "user_id": user_id, "date": TODAY.isoformat(), "status": "completed",
                               "items": items, "payment_method_id": pm, "total": total}
    return state.db["orders"][oid]


def _plus_years(iso: str, years: int) -> str:
    d = date.fromisoformat(iso)
    try:
        return d.replace(year=d.year + years).isoformat()
    except ValueError:
        return (d.replace(day=28, year=d.year + years)).isoformat()


# ----------------------------------------------------------------------------- accounts

def find_user_id_by_email(email: str, state: ZoneDeskState) -> str:
    """Find an account holder's user id by the email on the account."""
    for uid, u in state.db["users"].items():
        if u["email"] == email.strip().lower():
            return uid
    return "Error: user not found"


def find_user_id_by_name_phone(first_name: str, last_name: str, phone: str, state: ZoneDeskState) -> str:
    """Find an account holder's user id by first and last name and the phone number on the account. Any phone
    formatting is accepted."""
    digits = re.sub(r"\D", "", phone)
    for uid, u in state.db["users"].items():
        n = u["name"]
        if (n["first_name"].lower(), n["last_name"].lower()) == (first_name.strip().lower(), last_name.strip().lower()) \
                and re.sub(r"\D", "", u["phone"]).endswith(digits[-10:]) and len(digits) >= 10:
            return uid
    return "Error: user not found"


def authenticate_user(user_id: str, support_pin: str, state: ZoneDeskState) -> str:
    """Verify the account holder with the four-digit support PIN they read out. Changes to an account's domains,
    zones, mailboxes, certificates, contacts and orders need a verified holder; verifying someone else ends the
    previous verification."""
    u = state.db["users"].get(user_id)
    if u is None:
        return "Error: user not found"
    if u["support_pin"] != str(support_pin).strip():
        return "Error: support PIN does not match"
    state.authenticated_user = user_id
    return f"Identity verified for {u['name']['first_name']} {u['name']['last_name']} ({user_id})."


def get_user_details(user_id: str, state: ZoneDeskState) -> str:
    """Get an account holder's details: name, email, phone, payment methods and domain names."""
    u = state.db["users"].get(user_id)
    if u is None:
        return "Error: user not found"
    out = {k: v for k, v in u.items() if k != "support_pin"}
    return json.dumps(out)


def list_orders(user_id: str, state: ZoneDeskState) -> str:
    if user_id not in state.db["users"]:
        return "Error: user not found"
    rows = [[o["order_id"], o["date"], o["status"], o["total"]] for o in state.db["orders"].values()
            if o["user_id"] == user_id]
    return json.dumps(sorted(rows, key=lambda r: r[1], reverse=True))


def get_order_details(order_id: str, state: ZoneDeskState) -> str:
    """Get the items, total, payment method and status of an order, such as '#Z10412'."""
    o = state.db["orders"].get(order_id)
    if o is None:
        return "Error: order not found"
    return json.dumps(o)


def refund_order(order_id: str, reason: str, state: ZoneDeskState) -> str:
    """Refund a completed order placed within the last five days, to the payment method it was paid with. A refunded
    registration is cancelled at the registry."""
    o = state.db["orders"].get(order_id)
    if o is None:
        return "Error: order not found"
    u = _verified_user(state, o["user_id"])
    if isinstance(u, str):
        return u
    if o["status"] != "completed":
        return f"Error: order is {o['status']}, only completed orders can be refunded"
    if (TODAY - date.fromisoformat(o["date"])).days > 5:
        return "Error: orders can only be refunded within 5 days of purchase"
    o["status"], o["refund_reason"] = "refunded", reason
    for item in o["items"]:
        if item["kind"] == "registration" and item["domain"] in state.db["domains"]:
            state.db["domains"][item["domain"]]["status"] = "cancelled"
    pm = state.db["users"][o["user_id"]]["payment_methods"].get(o["payment_method_id"])
    if pm is not None and pm["source"] == "account_credit":
        pm["balance"] = round(pm["balance"] + o["total"], 2)
    return json.dumps(o)


# ----------------------------------------------------------------------------- domains

def get_domain_details(domain: str, state: ZoneDeskState) -> str:
    """Get a domain's status, dates, nameservers, lock, auto-renew, privacy, contacts and its DNS zone id."""
    d = state.db["domains"].get(domain.strip().lower())
    if d is None:
        return "Error: domain not found in this account system"
    return json.dumps({"domain": domain.strip().lower(), **d})


def get_whois(domain: str, state: ZoneDeskState) -> str:
    d = state.db["domains"].get(domain.strip().lower())
    if d is None:
        return json.dumps({"domain": domain, "registered_here": False})
    registrant = state.db["contacts"].get(d["contacts"]["registrant"]) or {}
    shown = "REDACTED FOR PRIVACY" if d["whois_privacy"] else f"{registrant.get('first_name')} {registrant.get('last_name')}"
    return json.dumps({"domain": domain, "registered_here": True, "registrant": shown, "created": d["created"],
                       "expires": d["expires"], "status": d["status"], "nameservers": d["nameservers"]})


def search_domain_availability(domain: str, state: ZoneDeskState) -> str:
    """Check whether a domain name can be registered and quote its first-year and renewal prices."""
    name = domain.strip().lower()
    tld = _tld(name)
    if tld is None or not re.fullmatch(r"[a-z0-9-]+", name[: -len(tld)]):
        return "Error: not a valid domain name for a supported extension"
    taken = name in state.db["domains"] or name in _TAKEN_ELSEWHERE or name in _INBOUND
    reg, renew, _, _ = state.db["pricing"][tld]
    return json.dumps({"domain": name, "available": not taken, "register_price": reg, "renew_price": renew,
                       "currency": "USD"})


def list_tld_pricing(tld: Optional[str] = None, state: ZoneDeskState = None) -> str:
    """List the yearly prices per extension (register, renew, transfer, restore from redemption)."""
    rows = [{"tld": t, "register": p[0], "renew": p[1], "transfer": p[2], "restore": p[3]}
            for t, p in state.db["pricing"].items() if tld is None or t == tld or t == "." + str(tld).lstrip(".")]
    if not rows:
        return "Error: unsupported extension"
    return json.dumps({"currency": "USD", "tlds": rows})


def register_domain(user_id: str, domain: str, years: int, expected_price: float, payment_method_id: str,
                    registrant_contact_id: str, state: ZoneDeskState) -> str:
    """Register an available domain for the verified account holder. The expected price is the quoted first-year
    price; the registrant contact must be one of the holder's contacts."""
    u = _verified_user(state, user_id)
    if isinstance(u, str):
        return u
    quote = json.loads(search_domain_availability(domain, state)) if not search_domain_availability(
        domain, state).startswith("Error") else None
    if quote is None:
        return "Error: not a valid domain name for a supported extension"
    if not quote["available"]:
        return "Error: domain is not available"
    if abs(float(expected_price) - quote["register_price"]) > 0.001:
        return "Error: expected price does not match the current quote"
    if not 1 <= years <= 10:
        return "Error: years must be between 1 and 10"
    c = state.db["contacts"].get(registrant_contact_id)
    if c is None or c["owner"] != user_id:
        return "Error: registrant contact not found on this account"
    amount = round(quote["register_price"] + quote["renew_price"] * (years - 1), 2)
    why = _charge(u, payment_method_id, amount)
    if why:
        return why
    name = quote["domain"]
    state.db["domains"][name] = {"owner": user_id, "status": "active", "created": TODAY.isoformat(),
                                 "expires": _plus_years(TODAY.isoformat(), years), "zone_id": None,
                                 "nameservers": _HOSTED_NS[:2], "transfer_lock": True, "auto_renew": True,
                                 "whois_privacy": True, "dnssec": None,
                                 "contacts": {"registrant": registrant_contact_id, "admin": registrant_contact_id,
                                              "tech": registrant_contact_id}}
    u["domains"].append(name)
    return json.dumps(_order(state, user_id, [{"kind": "registration", "domain": name, "years": years,
                                               "amount": amount}], payment_method_id))


def renew_domain(domain: str, years: int, expected_price: float, payment_method_id: str, state: ZoneDeskState) -> str:
    """Renew a domain for some years. The expected price is the extension's yearly renewal price. Domains in
    redemption must be restored first."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    if d["status"] == "redemption":
        return "Error: domain is in redemption; restore it before renewing"
    if d["status"] != "active":
        return f"Error: domain is {d['status']}"
    per_year = state.db["pricing"][_tld(domain)][1]
    if abs(float(expected_price) - per_year) > 0.001:
        return "Error: expected price does not match the renewal price per year"
    if not 1 <= years <= 10:
        return "Error: years must be between 1 and 10"
    u = state.db["users"][d["owner"]]
    amount = round(per_year * years, 2)
    why = _charge(u, payment_method_id, amount)
    if why:
        return why
    d["expires"] = _plus_years(d["expires"], years)
    return json.dumps(_order(state, d["owner"], [{"kind": "renewal", "domain": domain, "years": years, "amount": amount}],
                             payment_method_id))


def restore_domain(domain: str, payment_method_id: str, state: ZoneDeskState) -> str:
    """Restore an expired domain from redemption (restore fee of its extension). Renew it afterwards."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    if d["status"] != "redemption":
        return "Error: only domains in redemption can be restored"
    fee = state.db["pricing"][_tld(domain)][3]
    why = _charge(state.db["users"][d["owner"]], payment_method_id, fee)
    if why:
        return why
    d["status"] = "active"
    return json.dumps(_order(state, d["owner"], [{"kind": "restore", "domain": domain, "amount": fee}], payment_method_id))


def set_auto_renew(domain: str, enabled: bool, state: ZoneDeskState) -> str:
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    if d["auto_renew"] == bool(enabled):
        return f"Error: auto-renew is already {'on' if enabled else 'off'}"
    d["auto_renew"] = bool(enabled)
    return json.dumps({"domain": domain, "auto_renew": d["auto_renew"]})


def set_transfer_lock(domain: str, locked: bool, state: ZoneDeskState) -> str:
    """Lock or unlock a domain against transfer to another registrar."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    if d["transfer_lock"] == bool(locked):
        return f"Error: domain is already {'locked' if locked else 'unlocked'}"
    d["transfer_lock"] = bool(locked)
    return json.dumps({"domain": domain, "transfer_lock": d["transfer_lock"]})


def get_transfer_auth_code(domain: str, state: ZoneDeskState) -> str:
    """Get the authorization (EPP) code the customer gives their new registrar. The domain must be unlocked and more
    than 60 days old."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    if d["transfer_lock"]:
        return "Error: domain is locked against transfer"
    if (TODAY - date.fromisoformat(d["created"])).days < 60:
        return "Error: domains cannot be transferred within 60 days of registration"
    code = "".join("ABCDEFGHJKMNPQRSTUVWXYZ23456789!#"[(ord(ch) * 7 + i * 13) % 33] for i, ch in enumerate(domain[:10]))
    return f"The transfer authorization code for {domain} is {code}. It is valid for 14 days."


def initiate_transfer_in(user_id: str, domain: str, auth_code: str, payment_method_id: str,
                         registrant_contact_id: str, state: ZoneDeskState) -> str:
    """Start transferring a domain from another registrar into the verified holder's account, with the authorization
    code from that registrar. Adds a year at the extension's transfer price."""
    u = _verified_user(state, user_id)
    if isinstance(u, str):
        return u
    name = domain.strip().lower()
    if name in state.db["domains"]:
        return "Error: domain is already registered here"
    if name not in _INBOUND:
        return "Error: the losing registrar reports this domain is not transferable"
    if _INBOUND[name] != auth_code:
        return "Error: authorization code rejected by the losing registrar"
    c = state.db["contacts"].get(registrant_contact_id)
    if c is None or c["owner"] != user_id:
        return "Error: registrant contact not found on this account"
    price = state.db["pricing"][_tld(name)][2]
    why = _charge(u, payment_method_id, price)
    if why:
        return why
    state.db["transfers"][name] = {"user_id": user_id, "status": "pending_losing_registrar", "contact": registrant_contact_id}
    order = _order(state, user_id, [{"kind": "transfer", "domain": name, "amount": price}], payment_method_id)
    return json.dumps({"order": order, "transfer": {"domain": name, "status": "pending_losing_registrar",
                                                   "expected_completion": (TODAY + timedelta(days=5)).isoformat()}})


def set_whois_privacy(domain: str, enabled: bool, state: ZoneDeskState) -> str:
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    if domain.endswith(".co.uk"):
        return "Error: .co.uk domains use the registry's own privacy rules"
    if d["whois_privacy"] == bool(enabled):
        return f"Error: WHOIS privacy is already {'on' if enabled else 'off'}"
    d["whois_privacy"] = bool(enabled)
    return json.dumps({"domain": domain, "whois_privacy": d["whois_privacy"]})


def get_hosted_nameservers(state: ZoneDeskState) -> str:
    """The nameserver host names of ZoneDesk's own DNS hosting."""
    return json.dumps(list(_HOSTED_NS))


def update_nameservers(domain: str, nameservers: List[str], state: ZoneDeskState) -> str:
    """Set a domain's nameservers (two to four host names)."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    ns = [n.strip().lower().rstrip(".") for n in nameservers]
    if not 2 <= len(ns) <= 4 or len(set(ns)) != len(ns):
        return "Error: give two to four distinct nameservers"
    for n in ns:
        if n not in _HOSTED_NS and n not in _EXTERNAL_NS:
            return f"Error: nameserver {n} does not resolve"
    if ns == d["nameservers"]:
        return "Error: the domain already uses these nameservers"
    d["nameservers"] = ns
    return json.dumps({"domain": domain, "nameservers": ns, "propagation": "up to 24 hours"})


# ----------------------------------------------------------------------------- contacts

def list_contacts(user_id: str, state: ZoneDeskState) -> str:
    """List the registrant contacts saved on an account."""
    if user_id not in state.db["users"]:
        return "Error: user not found"
    return json.dumps([{"contact_id": cid, **{k: v for k, v in c.items() if k != "owner"}}
                       for cid, c in state.db["contacts"].items() if c["owner"] == user_id])


def format_phone_epp(phone: str, country_code: str) -> str:
    """Write a phone number in the registry (EPP) form, like +1.4155550142, from how the customer says it and their
    two-letter country."""
    digits = re.sub(r"\D", "", phone)
    cc = {"US": "1", "CA": "1", "GB": "44", "IE": "353", "DE": "49", "FR": "33", "ES": "34", "MX": "52"}.get(
        country_code.strip().upper())
    if cc is None:
        return "Error: unsupported country"
    if phone.strip().startswith("+"):
        if not digits.startswith(cc):
            return "Error: phone number does not match the country"
        digits = digits[len(cc):]
    elif cc != "1" and digits.startswith("0"):
        digits = digits[1:]
    elif cc == "1" and len(digits) == 11 and digits.startswith("1"):
        digits = digits[1:]
    if not 7 <= len(digits) <= 12:
        return "Error: phone number has the wrong length"
    return f"+{cc}.{digits}"


def create_contact(user_id: str, first_name: str, last_name: str, email: str, phone: str, street: str, city: str,
                   postal_code: str, country: str, state: ZoneDeskState) -> str:
    """Save a new registrant contact on the verified holder's account. The phone must be in EPP form."""
    u = _verified_user(state, user_id)
    if isinstance(u, str):
        return u
    if not re.fullmatch(r"\+\d{1,3}\.\d{6,14}", phone):
        return "Error: phone must be in EPP format +CC.NUMBER"
    if "@" not in email:
        return "Error: invalid email"
    if len(country) != 2:
        return "Error: country must be a two-letter code"
    cid = f"CON-{_next(state, 'con')}"
    state.db["contacts"][cid] = {"owner": user_id, "first_name": first_name, "last_name": last_name, "email": email,
                                 "phone": phone, "street": street, "city": city, "postal_code": postal_code,
                                 "country": country.upper()}
    u["contacts"].append(cid)
    return json.dumps({"contact_id": cid, **{k: v for k, v in state.db["contacts"][cid].items() if k != "owner"}})


def update_domain_contact(domain: str, role: Literal["registrant", "admin", "tech"], contact_id: str,
                          state: ZoneDeskState) -> str:
    """Point a domain's registrant, admin or tech role at another of the holder's contacts."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    c = state.db["contacts"].get(contact_id)
    if c is None or c["owner"] != d["owner"]:
        return "Error: contact not found on this account"
    if d["contacts"][role] == contact_id:
        return f"Error: {contact_id} is already the {role} contact"
    d["contacts"][role] = contact_id
    return json.dumps({"domain": domain, "contacts": d["contacts"]})


# ----------------------------------------------------------------------------- DNS

def list_dns_records(domain: str, state: ZoneDeskState) -> str:
    """List a domain's DNS zone id and records as [record_id, type, name, value, ttl, priority]."""
    d = state.db["domains"].get(domain.strip().lower())
    if d is None:
        return "Error: domain not found in this account system"
    if d["zone_id"] is None:
        return "Error: no DNS zone is hosted for this domain"
    z = state.db["zones"][d["zone_id"]]
    return json.dumps({"domain": domain, "zone_id": d["zone_id"],
                       "records": [[rid, *rec] for rid, rec in z["records"].items()]})


def add_dns_record(zone_id: str, record_type: RecordType, name: str, value: str, ttl: int = 3600,
                   priority: Optional[int] = None, state: ZoneDeskState = None) -> str:
    """Add a record to a DNS zone. The name is relative to the domain ('@' for the apex, 'www'); MX and SRV records
    need a priority."""
    z = _zone_owned(state, zone_id)
    if isinstance(z, str):
        return z
    if record_type not in ("A", "AAAA", "CNAME", "MX", "TXT", "CAA", "SRV"):
        return "Error: unsupported record type"
    if record_type == "A" and not re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}", value):
        return "Error: an A record needs an IPv4 address"
    if record_type in ("MX", "SRV") and priority is None:
        return "Error: MX and SRV records need a priority"
    if not 60 <= ttl <= 86400:
        return "Error: ttl must be between 60 and 86400"
    rec = [record_type, name.strip() or "@", value.strip(), ttl, priority]
    if rec in z["records"].values():
        return "Error: an identical record already exists"
    if record_type == "CNAME" and any(r[1] == rec[1] for r in z["records"].values()):
        return "Error: a CNAME cannot share its name with another record"
    rid = f"rec_{_next(state, 'rec')}"
    z["records"][rid] = rec
    return json.dumps({"record_id": rid, "zone_id": zone_id, "record": rec})


def update_dns_record(zone_id: str, record_id: str, value: str, ttl: Optional[int] = None,
                      state: ZoneDeskState = None) -> str:
    """Change a DNS record's value and optionally its TTL."""
    z = _zone_owned(state, zone_id)
    if isinstance(z, str):
        return z
    rec = z["records"].get(record_id)
    if rec is None:
        return "Error: record not found in this zone"
    new = [rec[0], rec[1], value.strip(), ttl if ttl is not None else rec[3], rec[4]]
    if new == rec:
        return "Error: nothing to change"
    if rec[0] == "A" and not re.fullmatch(r"\d{1,3}(\.\d{1,3}){3}", new[2]):
        return "Error: an A record needs an IPv4 address"
    z["records"][record_id] = new
    return json.dumps({"record_id": record_id, "zone_id": zone_id, "record": new})


def delete_dns_record(zone_id: str, record_id: str, state: ZoneDeskState) -> str:
    z = _zone_owned(state, zone_id)
    if isinstance(z, str):
        return z
    if record_id not in z["records"]:
        return "Error: record not found in this zone"
    del z["records"][record_id]
    return f"Record {record_id} deleted from zone {zone_id}."


def list_zone_templates(state: ZoneDeskState) -> str:
    """The starting templates a new DNS zone can be created from."""
    return json.dumps([{"template": name, "records": [r[:3] for r in recs]} for name, recs in _TEMPLATES.items()])


def create_dns_zone(domain: str, template: str, state: ZoneDeskState) -> str:
    """Create a hosted DNS zone for a domain that has none, from a template."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    if d["zone_id"] is not None:
        return "Error: the domain already has a DNS zone"
    if template not in _TEMPLATES:
        return "Error: unknown zone template"
    zid = f"z_{_next(state, 'zone'):x}"
    label = domain.replace(".", "-")
    recs = {}
    for rec in _TEMPLATES[template]:
        recs[f"rec_{_next(state, 'rec')}"] = [rec[0], rec[1], rec[2].replace("{label}", label), rec[3], rec[4]]
    state.db["zones"][zid] = {"domain": domain, "records": recs}
    d["zone_id"] = zid
    return json.dumps({"zone_id": zid, "domain": domain, "records": [[rid, *r] for rid, r in recs.items()]})


def enable_dnssec(zone_id: str, state: ZoneDeskState) -> str:
    """Sign a hosted zone with DNSSEC and publish its DS record at the registry. The domain must use ZoneDesk's
    nameservers."""
    z = _zone_owned(state, zone_id)
    if isinstance(z, str):
        return z
    d = state.db["domains"][z["domain"]]
    if not all(n in _HOSTED_NS for n in d["nameservers"]):
        return "Error: the domain does not use ZoneDesk nameservers, so its zone is not authoritative"
    if d["dnssec"] is not None:
        return "Error: DNSSEC is already enabled"
    d["dnssec"] = {"key_tag": 20000 + sum(map(ord, z["domain"])) % 9999, "algorithm": 13, "digest_type": 2}
    return json.dumps({"zone_id": zone_id, "ds": d["dnssec"]})


# ----------------------------------------------------------------------------- email

def list_mailboxes(domain: str, state: ZoneDeskState) -> str:
    m = state.db["mail"].get(domain)
    if m is None:
        return json.dumps({"domain": domain, "plan": None, "seats": 0, "mailboxes": []})
    return json.dumps({"domain": domain, "plan": m["plan"], "seats": m["seats"],
                       "mailboxes": [[mid, b["address"], b["status"]] for mid, b in m["mailboxes"].items()]})


def purchase_email_plan(domain: str, plan: Literal["starter", "business"], seats: int, payment_method_id: str,
                        state: ZoneDeskState) -> str:
    """Buy a year of email hosting for a domain with a number of mailbox seats."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    if domain in state.db["mail"]:
        return "Error: the domain already has an email plan"
    if not 1 <= seats <= 50:
        return "Error: seats must be between 1 and 50"
    amount = round(_EMAIL_PLANS[plan] * 12 * seats, 2)
    why = _charge(state.db["users"][d["owner"]], payment_method_id, amount)
    if why:
        return why
    state.db["mail"][domain] = {"plan": plan, "seats": seats, "mailboxes": {}}
    return json.dumps(_order(state, d["owner"], [{"kind": "email_plan", "domain": domain, "plan": plan, "seats": seats,
                                                  "amount": amount}], payment_method_id))


def create_mailbox(domain: str, local_part: str, password: str, state: ZoneDeskState) -> str:
    """Create a mailbox (local_part@domain) on the domain's email plan; needs a free seat."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    m = state.db["mail"].get(domain)
    if m is None:
        return "Error: the domain has no email plan"
    if len(m["mailboxes"]) >= m["seats"]:
        return "Error: all seats on the plan are in use"
    address = f"{local_part.strip().lower()}@{domain}"
    if any(b["address"] == address for b in m["mailboxes"].values()):
        return "Error: mailbox already exists"
    if len(password) < 10 or password.isalpha():
        return "Error: password must be at least 10 characters and not only letters"
    mid = f"mb_{_next(state, 'mb')}"
    m["mailboxes"][mid] = {"address": address, "status": "active"}
    return json.dumps({"mailbox_id": mid, "address": address, "imap": "imap.zonedesk-mail.net"})


def _mailbox(state: ZoneDeskState, mailbox_id: str):
    for domain, m in state.db["mail"].items():
        if mailbox_id in m["mailboxes"]:
            d = _owned(state, domain)
            return d if isinstance(d, str) else (domain, m)
    return "Error: mailbox not found"


def reset_mailbox_password(mailbox_id: str, new_password: str, state: ZoneDeskState) -> str:
    found = _mailbox(state, mailbox_id)
    if isinstance(found, str):
        return found
    if len(new_password) < 10 or new_password.isalpha():
        return "Error: password must be at least 10 characters and not only letters"
    found[1]["mailboxes"][mailbox_id]["status"] = "active"
    return f"Password reset for {found[1]['mailboxes'][mailbox_id]['address']}."


def delete_mailbox(mailbox_id: str, state: ZoneDeskState) -> str:
    """Delete a mailbox and its mail; the seat becomes free."""
    found = _mailbox(state, mailbox_id)
    if isinstance(found, str):
        return found
    address = found[1]["mailboxes"].pop(mailbox_id)["address"]
    return f"Mailbox {address} deleted."


# ----------------------------------------------------------------------------- SSL

def order_ssl_certificate(domain: str, product: Literal["dv_single", "dv_wildcard"], payment_method_id: str,
                          state: ZoneDeskState) -> str:
    """Order a domain-validated certificate for a domain whose DNS zone is hosted here."""
    d = _owned(state, domain)
    if isinstance(d, str):
        return d
    if d["zone_id"] is None:
        return "Error: certificates are validated through a hosted DNS zone; the domain has none"
    why = _charge(state.db["users"][d["owner"]], payment_method_id, _SSL[product])
    if why:
        return why
    cid = f"cert_{_next(state, 'cert')}"
    order = _order(state, d["owner"], [{"kind": "ssl", "domain": domain, "product": product, "amount": _SSL[product]}],
                   payment_method_id)
    token = f"{(sum(map(ord, cid + domain)) * 2654435761) % 16**6:06x}"
    state.db["certificates"][cid] = {"domain": domain, "product": product, "status": "pending_validation",
                                     "order_id": order["order_id"],
                                     "validation": {"type": "CNAME", "name": f"_{token}",
                                                    "value": f"_{token[::-1]}.acm-validations.zonedesk.net"}}
    return json.dumps({"certificate_id": cid, "status": "pending_validation", "order_id": order["order_id"]})


def get_certificate_validation(certificate_id: str, state: ZoneDeskState) -> str:
    """The DNS record that proves control of the domain for a pending certificate."""
    c = state.db["certificates"].get(certificate_id)
    if c is None:
        return "Error: certificate not found"
    return json.dumps({"certificate_id": certificate_id, "domain": c["domain"], "status": c["status"],
                       "method": "dns_cname", "record": c["validation"]})


def check_certificate_validation(certificate_id: str, state: ZoneDeskState) -> str:
    """Check a pending certificate's validation record in the domain's zone, and issue the certificate when it is
    there."""
    c = state.db["certificates"].get(certificate_id)
    if c is None:
        return "Error: certificate not found"
    if c["status"] == "issued":
        return "Error: certificate is already issued"
    zone = state.db["zones"][state.db["domains"][c["domain"]]["zone_id"]]
    v = c["validation"]
    if not any(r[0] == "CNAME" and r[1] == v["name"] and r[2].rstrip(".") == v["value"] for r in zone["records"].values()):
        return "Error: validation record not found in the zone yet"
    c["status"] = "issued"
    c["expires"] = (TODAY + timedelta(days=90)).isoformat()
    return f"Certificate {certificate_id} for {c['domain']} issued; valid until {c['expires']}."


def download_certificate(certificate_id: str, format: Literal["pem", "pfx"], state: ZoneDeskState) -> str:
    """Download an issued certificate with its chain."""
    c = state.db["certificates"].get(certificate_id)
    if c is None:
        return "Error: certificate not found"
    d = _owned(state, c["domain"])
    if isinstance(d, str):
        return d
    if c["status"] != "issued":
        return f"Error: certificate is {c['status']}"
    body = f"-----BEGIN CERTIFICATE-----\n{certificate_id}:{c['domain']}\n-----END CERTIFICATE-----"
    return json.dumps({"certificate_id": certificate_id, "format": format, "certificate": body, "expires": c["expires"]})


# ----------------------------------------------------------------------------- generic

def calculate(expression: str) -> str:
    """Calculate the result of an arithmetic expression with numbers, + - * / and parentheses."""
    ops = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
           ast.USub: operator.neg}

    def ev(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
            return node.value
        if isinstance(node, ast.BinOp) and type(node.op) in ops:
            return ops[type(node.op)](ev(node.left), ev(node.right))
        if isinstance(node, ast.UnaryOp) and type(node.op) in ops:
            return ops[type(node.op)](ev(node.operand))
        raise ValueError

    try:
        return str(round(ev(ast.parse(expression, mode="eval").body), 2))
    except (ValueError, SyntaxError, ZeroDivisionError, TypeError):
        return "Error: invalid expression"


def transfer_to_human_agents(summary: str, state: ZoneDeskState) -> str:
    """Hand the customer over to a human agent with a summary of the issue, when the request is outside what these
    tools can do."""
    state.db["handoffs"].append(summary)
    return "Transfer successful"


TOOLS = [
    find_user_id_by_email, find_user_id_by_name_phone, authenticate_user, get_user_details,
    list_orders, get_order_details, refund_order,
    get_domain_details, get_whois, search_domain_availability, list_tld_pricing, register_domain, renew_domain,
    restore_domain, set_auto_renew, set_transfer_lock, get_transfer_auth_code, initiate_transfer_in, set_whois_privacy,
    get_hosted_nameservers, update_nameservers,
    list_contacts, format_phone_epp, create_contact, update_domain_contact,
    list_dns_records, add_dns_record, update_dns_record, delete_dns_record, list_zone_templates, create_dns_zone,
    enable_dnssec,
    list_mailboxes, purchase_email_plan, create_mailbox, reset_mailbox_password, delete_mailbox,
    order_ssl_certificate, get_certificate_validation, check_certificate_validation, download_certificate,
    calculate, transfer_to_human_agents,
]

# What a tester is handed: callers as they introduce themselves (email or name and phone as they say it, the
# support PIN they read out), the domains they talk about, and what they ask for in their own words.
FIXTURES = {
    "caller_sarah": {"email": "sarah.kim@example.com", "support_pin": "7731", "domains": ["kimceramics.com", "sarahkim.dev"]},
    "caller_diego": {"first_name": "Diego", "last_name": "Alvarez", "phone": "(512) 555-0178", "support_pin": "2046",
                     "domain": "alvarezbikes.com"},
    "caller_priya": {"email": "priya.nair@example.org", "support_pin": "5582", "domain": "nairstudio.co.uk"},
    "new_domain_wish": {"caller": "Sarah Kim", "domain": "kimpottery.com", "years": 1},
    "inbound_transfer": {"caller": "Diego Alvarez", "domain": "harbourbakery.com", "auth_code": "Tz8#pQ2!vR"},
    "new_contact": {"caller": "Diego Alvarez", "first_name": "Marisol", "last_name": "Alvarez",
                    "email": "marisol@alvarezbikes.net", "phone": "512 555 0199", "street": "1400 S Congress Ave",
                    "city": "Austin", "postal_code": "78704", "country": "US"},
    "dns_change": {"domain": "kimceramics.com", "type": "TXT", "name": "@",
                   "value": "google-site-verification=Xk2-rT9pLm"},
}

_AUTH_WRITES = [
    "register_domain", "renew_domain", "restore_domain", "set_auto_renew", "set_transfer_lock", "get_transfer_auth_code",
    "initiate_transfer_in", "set_whois_privacy", "update_nameservers", "create_contact", "update_domain_contact",
    "add_dns_record", "update_dns_record", "delete_dns_record", "create_dns_zone", "enable_dnssec",
    "purchase_email_plan", "create_mailbox", "reset_mailbox_password", "delete_mailbox", "order_ssl_certificate",
    "download_certificate", "refund_order",
]
_USER = "find_user_id_by_email|find_user_id_by_name_phone"

GROUND_TRUTH = (
    [("authenticate_user", c, "auth: account holder verified with the support PIN (desk session state, no token)")
     for c in _AUTH_WRITES]
    + [(_USER, c, "id lookup: user id (a bare string)")
       for c in ("authenticate_user", "get_user_details", "list_contacts", "create_contact", "register_domain",
                 "list_orders", "initiate_transfer_in")]
    + [("get_user_details", c, "id lookup: payment method id (keys of payment_methods)")
       for c in ("register_domain", "renew_domain", "restore_domain", "purchase_email_plan", "order_ssl_certificate",
                 "initiate_transfer_in")]
    + [("get_domain_details|list_dns_records|create_dns_zone", "add_dns_record",
        "id lookup/create: zone id (zone_id in the domain record or the record list, or a new zone)")]
    + [("get_domain_details|list_dns_records", "enable_dnssec", "id lookup: zone id of a domain that has one")]
    + [("list_dns_records|add_dns_record", c, "id lookup/create: record id with its zone id (rows, or a new record)")
       for c in ("update_dns_record", "delete_dns_record")]
    + [("list_contacts|create_contact", c, "id lookup/create: contact id")
       for c in ("register_domain", "update_domain_contact", "initiate_transfer_in")]
    + [("order_ssl_certificate", c, "id create: certificate id")
       for c in ("get_certificate_validation", "check_certificate_validation", "download_certificate")]
    + [("list_mailboxes|create_mailbox", c, "id lookup/create: mailbox id (rows, or a new mailbox)")
       for c in ("reset_mailbox_password", "delete_mailbox")]
    + [("list_orders|register_domain|purchase_email_plan", c, "id lookup/create: order id (rows, or a new order)")
       for c in ("refund_order", "get_order_details")]
    + [
        ("get_certificate_validation", "check_certificate_validation",
         "value: the validation CNAME's name and target must be in the zone"),
        ("search_domain_availability", "register_domain", "value: expected price is the quoted first-year price"),
        ("list_tld_pricing", "renew_domain", "value: expected price is the extension's renewal price"),
        ("list_zone_templates", "create_dns_zone", "vocabulary: zone template names"),
        ("get_hosted_nameservers", "update_nameservers", "vocabulary: nameserver host names that resolve"),
        ("format_phone_epp", "create_contact", "format: EPP phone +CC.NUMBER (a bare string)"),
        ("update_nameservers", "enable_dnssec", "state: the domain must use the hosted nameservers"),
        ("set_transfer_lock", "get_transfer_auth_code", "state: the domain must be unlocked"),
        ("restore_domain", "renew_domain", "state: a domain in redemption is restored before renewal"),
        ("purchase_email_plan", "create_mailbox", "state: the domain needs an email plan with a free seat"),
        ("add_dns_record", "check_certificate_validation", "state: the validation record must be added"),
        ("check_certificate_validation", "download_certificate", "state: only an issued certificate downloads"),
    ]
)

PLAUSIBLE = {
    ("get_user_details", "get_domain_details"), ("get_user_details", "list_dns_records"),
    ("get_user_details", "list_mailboxes"), ("get_user_details", "get_whois"),
    ("list_tld_pricing", "register_domain"), ("search_domain_availability", "renew_domain"),
    ("list_tld_pricing", "restore_domain"), ("get_domain_details", "renew_domain"),
    ("get_domain_details", "restore_domain"), ("get_domain_details", "set_transfer_lock"),
    ("get_domain_details", "update_domain_contact"), ("get_domain_details", "update_nameservers"),
    ("list_contacts", "create_contact"), ("create_dns_zone", "list_dns_records"),
    ("create_dns_zone", "order_ssl_certificate"), ("create_dns_zone", "update_dns_record"),
    ("create_dns_zone", "delete_dns_record"), ("create_dns_zone", "enable_dnssec"),
    ("get_domain_details", "update_dns_record"), ("get_domain_details", "delete_dns_record"),
    ("order_ssl_certificate", "add_dns_record"), ("get_certificate_validation", "add_dns_record"),
    ("find_user_id_by_email", "refund_order"), ("find_user_id_by_name_phone", "refund_order"),
    ("get_order_details", "refund_order"),
    ("order_ssl_certificate", "refund_order"), ("order_ssl_certificate", "get_order_details"),
    ("renew_domain", "refund_order"), ("renew_domain", "get_order_details"),
    ("restore_domain", "get_order_details"), ("initiate_transfer_in", "get_order_details"),
    ("list_mailboxes", "create_mailbox"), ("get_hosted_nameservers", "enable_dnssec"),
    ("calculate", "renew_domain"), ("calculate", "register_domain"),
    ("get_user_details", "authenticate_user"), ("format_phone_epp", "find_user_id_by_name_phone"),
}
