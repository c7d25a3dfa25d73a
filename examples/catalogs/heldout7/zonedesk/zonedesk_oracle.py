"""Scripted proofs that ZoneDesk's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the module's ``FAILURE``: a returned ``"Error: ..."`` string is a
failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). The
verification of the account holder is desk state, not a value: dropping ``authenticate_user``
leaves every change refused. Replies are JSON text or bare strings and are referenced through
their fields (``"$uid"``, ``"$get_user_details.payment_methods.credit_card_9912.id"``,
``"$list_dns_records.records.0.0"``, ``"$list_tld_pricing.tlds.0.renew"``). A consumer's path is
built once per choice of provider (``path(consumer, **choice)``): which lookup finds the user,
the zone, the record, the contact, the mailbox or the order.
"""

SARAH = ("find_user_id_by_email", {"email": "sarah.kim@example.com"}, "uid")
SARAH_NP = ("find_user_id_by_name_phone", {"first_name": "Sarah", "last_name": "Kim", "phone": "415 555 0142"}, "uid")
DIEGO = ("find_user_id_by_name_phone", {"first_name": "Diego", "last_name": "Alvarez", "phone": "(512) 555-0178"}, "uid")
DIEGO_EMAIL = ("find_user_id_by_email", {"email": "d.alvarez@example.net"}, "uid")
PRIYA = ("find_user_id_by_email", {"email": "priya.nair@example.org"}, "uid")
PRIYA_NP = ("find_user_id_by_name_phone", {"first_name": "Priya", "last_name": "Nair", "phone": "020 7946 0958"}, "uid")
PINS = {"sarah": "7731", "diego": "2046", "priya": "5582"}
FINDERS = {("sarah", "email"): SARAH, ("sarah", "np"): SARAH_NP, ("diego", "np"): DIEGO,
           ("diego", "email"): DIEGO_EMAIL, ("priya", "email"): PRIYA, ("priya", "np"): PRIYA_NP}
DEFAULT_FINDER = {"sarah": "email", "diego": "np", "priya": "email"}
PM = {"sarah": "$get_user_details.payment_methods.credit_card_9912.id",
      "diego": "$get_user_details.payment_methods.paypal_4410.id",
      "priya": "$get_user_details.payment_methods.credit_card_3307.id"}
GUD = ("get_user_details", {"user_id": "$uid"})


def who(person: str, finder: str = None, auth: bool = True) -> list:
    steps = [FINDERS[(person, finder or DEFAULT_FINDER[person])]]
    if auth:
        steps.append(("authenticate_user", {"user_id": "$uid", "support_pin": PINS[person]}))
    return steps


def gdd(domain: str) -> tuple:
    return ("get_domain_details", {"domain": domain})


def ldr(domain: str) -> tuple:
    return ("list_dns_records", {"domain": domain})


LZT = ("list_zone_templates", {})
GHN = ("get_hosted_nameservers", {})
FPE = ("format_phone_epp", {"phone": "512 555 0199", "country_code": "US"})
NEW_CONTACT = ("create_contact", {"user_id": "$uid", "first_name": "Marisol", "last_name": "Alvarez",
                                  "email": "marisol@alvarezbikes.net", "phone": "$format_phone_epp",
                                  "street": "1400 S Congress Ave", "city": "Austin", "postal_code": "78704",
                                  "country": "US"})
SDA = ("search_domain_availability", {"domain": "kimpottery.com"})
TXT = {"record_type": "TXT", "name": "@", "value": "google-site-verification=Xk2-rT9pLm", "ttl": 3600}


def zone_of(domain: str, zone: str, person: str) -> tuple[list, str]:
    """Steps that find (or create) a zone for ``domain`` and the reference to its id."""
    if zone == "details":
        return [gdd(domain)], "$get_domain_details.zone_id"
    if zone == "list":
        return [ldr(domain)], "$list_dns_records.zone_id"
    return [LZT, ("create_dns_zone", {"domain": domain, "template": "$list_zone_templates.1.template"})], \
        "$create_dns_zone.zone_id"


def contact(person: str, how: str) -> tuple[list, str]:
    if how == "create":
        return [FPE, NEW_CONTACT], "$create_contact.contact_id"
    return [("list_contacts", {"user_id": "$uid"})], "$list_contacts.0.contact_id"


def register(finder: str = "email", how: str = "list") -> list:
    steps, cid = contact("sarah", how)
    if how == "create":  # Sarah's own new contact
        steps = [("format_phone_epp", {"phone": "415 555 0142", "country_code": "US"}),
                 ("create_contact", {"user_id": "$uid", "first_name": "Sarah", "last_name": "Kim",
                                     "email": "studio@kimceramics.com", "phone": "$format_phone_epp",
                                     "street": "88 Clement St", "city": "San Francisco", "postal_code": "94118",
                                     "country": "US"})]
    return who("sarah", finder) + [GUD, SDA] + steps + [
        ("register_domain", {"user_id": "$uid", "domain": "kimpottery.com", "years": 1,
                             "expected_price": "$search_domain_availability.register_price",
                             "payment_method_id": PM["sarah"], "registrant_contact_id": cid})]


def purchase_mail() -> list:
    return who("priya") + [GUD, ("purchase_email_plan", {"domain": "nairstudio.co.uk", "plan": "business", "seats": 3,
                                                         "payment_method_id": PM["priya"]})]


CREATE_MB = ("create_mailbox", {"domain": "nairstudio.co.uk", "local_part": "studio", "password": "Kiln-Fire-2025"})


def mailbox(how: str) -> tuple[list, str]:
    if how == "create":
        return purchase_mail() + [CREATE_MB], "$create_mailbox.mailbox_id"
    return who("sarah") + [("list_mailboxes", {"domain": "kimceramics.com"})], "$list_mailboxes.mailboxes.0.0"


def order(how: str) -> tuple[list, str]:
    if how == "register":
        return register(), "$register_domain.order_id"
    if how == "email":
        return purchase_mail(), "$purchase_email_plan.order_id"
    return who("sarah") + [("list_orders", {"user_id": "$uid"})], "$list_orders.0.0"


def record(how: str) -> tuple[list, str, str]:
    if how == "add":
        return who("sarah") + [gdd("kimceramics.com"), ("add_dns_record", {"zone_id": "$get_domain_details.zone_id",
                                                                           **TXT})], \
            "$add_dns_record.zone_id", "$add_dns_record.record_id"
    return who("sarah") + [ldr("kimceramics.com")], "$list_dns_records.zone_id", "$list_dns_records.records.0.0"


def cert(upto: str) -> list:
    steps = who("sarah") + [GUD, ldr("kimceramics.com"),
                            ("order_ssl_certificate", {"domain": "kimceramics.com", "product": "dv_single",
                                                       "payment_method_id": PM["sarah"]})]
    if upto == "order":
        return steps
    steps.append(("get_certificate_validation", {"certificate_id": "$order_ssl_certificate.certificate_id"}))
    if upto == "validation":
        return steps
    steps += [("add_dns_record", {"zone_id": "$list_dns_records.zone_id", "record_type": "CNAME",
                                  "name": "$get_certificate_validation.record.name",
                                  "value": "$get_certificate_validation.record.value", "ttl": 300}),
              ("check_certificate_validation", {"certificate_id": "$order_ssl_certificate.certificate_id"})]
    if upto == "check":
        return steps
    return steps + [("download_certificate", {"certificate_id": "$order_ssl_certificate.certificate_id",
                                              "format": "pem"})]


def path(c: str, finder: str = None, zone: str = "details", rec: str = "list", how: str = "list",
         mb: str = "list", ords: str = "list", restore: bool = False) -> list:
    """The call path that ends with consumer ``c`` for one choice of providers."""
    if c == "authenticate_user":
        return who("sarah", finder)
    if c in ("get_user_details", "list_contacts", "list_orders"):
        return who("sarah", finder, auth=False) + [(c, {"user_id": "$uid"})]
    if c == "register_domain":
        return register(finder or "email", how)
    if c == "renew_domain" and restore:
        return path("restore_domain") + [("list_tld_pricing", {"tld": ".com"}),
                                         ("renew_domain", {"domain": "alvarezbikes.com", "years": 1,
                                                           "expected_price": "$list_tld_pricing.tlds.0.renew",
                                                           "payment_method_id": PM["diego"]})]
    if c == "renew_domain":
        return who("sarah") + [GUD, ("list_tld_pricing", {"tld": ".com"}), ("calculate", {"expression": "15.99 * 2"}),
                               ("renew_domain", {"domain": "kimceramics.com", "years": 2,
                                                 "expected_price": "$list_tld_pricing.tlds.0.renew",
                                                 "payment_method_id": PM["sarah"]})]
    if c == "restore_domain":
        return who("diego") + [GUD, ("transfer_to_human_agents", {
            "summary": "Diego Alvarez asks whether alvarezbikes.com kept its email during redemption"}), ("restore_domain", {"domain": "alvarezbikes.com", "payment_method_id": PM["diego"]})]
    if c == "set_auto_renew":
        return who("sarah") + [("set_auto_renew", {"domain": "sarahkim.dev", "enabled": True})]
    if c == "set_transfer_lock":
        return who("sarah") + [("set_transfer_lock", {"domain": "kimceramics.com", "locked": False})]
    if c == "get_transfer_auth_code":
        return path("set_transfer_lock") + [("get_transfer_auth_code", {"domain": "kimceramics.com"})]
    if c == "initiate_transfer_in":
        steps, cid = contact("diego", how)
        return who("diego", finder) + [GUD] + steps + [
            ("initiate_transfer_in", {"user_id": "$uid", "domain": "harbourbakery.com", "auth_code": "Tz8#pQ2!vR",
                                      "payment_method_id": PM["diego"], "registrant_contact_id": cid})]
    if c == "set_whois_privacy":
        return who("sarah") + [("get_whois", {"domain": "kimceramics.com"}),
                               ("set_whois_privacy", {"domain": "kimceramics.com", "enabled": False})]
    if c == "update_nameservers":
        return who("priya") + [GHN, ("update_nameservers", {"domain": "nairstudio.co.uk",
                                                           "nameservers": ["$get_hosted_nameservers.0",
                                                                           "$get_hosted_nameservers.1"]})]
    if c == "enable_dnssec":
        steps, zid = zone_of("nairstudio.co.uk", zone, "priya")
        return path("update_nameservers") + steps + [("enable_dnssec", {"zone_id": zid})]
    if c == "create_contact":
        return who("diego", finder) + [FPE, NEW_CONTACT]
    if c == "update_domain_contact":
        if how == "create":
            return who("diego") + [FPE, NEW_CONTACT, ("update_domain_contact", {
                "domain": "alvarezbikes.net", "role": "admin", "contact_id": "$create_contact.contact_id"})]
        return who("priya") + [("list_contacts", {"user_id": "$uid"}), ("update_domain_contact", {
            "domain": "nairstudio.co.uk", "role": "tech", "contact_id": "$list_contacts.1.contact_id"})]
    if c == "add_dns_record":
        if zone == "create":
            steps, zid = zone_of("alvarezbikes.net", zone, "diego")
            return who("diego") + steps + [("add_dns_record", {"zone_id": zid, "record_type": "A", "name": "shop",
                                                                "value": "203.0.113.90", "ttl": 3600})]
        steps, zid = zone_of("kimceramics.com", zone, "sarah")
        return who("sarah") + steps + [("add_dns_record", {"zone_id": zid, **TXT})]
    if c == "update_dns_record":
        steps, zid, rid = record(rec)
        return steps + [("update_dns_record", {"zone_id": zid, "record_id": rid, "value": "203.0.113.25"
                                               if rec == "list" else "google-site-verification=Pq7-zW3nBv"})]
    if c == "delete_dns_record":
        steps, zid, rid = record(rec)
        return steps + [("delete_dns_record", {"zone_id": zid, "record_id": rid})]
    if c == "create_dns_zone":
        return who("diego") + [LZT, ("create_dns_zone", {"domain": "alvarezbikes.net",
                                                         "template": "$list_zone_templates.1.template"})]
    if c == "purchase_email_plan":
        return purchase_mail()
    if c == "create_mailbox":
        return purchase_mail() + [CREATE_MB]
    if c == "reset_mailbox_password":
        steps, mid = mailbox(mb)
        return steps + [("reset_mailbox_password", {"mailbox_id": mid, "new_password": "New-Glaze-4471"})]
    if c == "delete_mailbox":
        steps, mid = mailbox(mb)
        return steps + [("delete_mailbox", {"mailbox_id": mid})]
    if c == "order_ssl_certificate":
        return cert("order")
    if c == "get_certificate_validation":
        return cert("validation")
    if c == "check_certificate_validation":
        return cert("check")
    if c == "download_certificate":
        return cert("download")
    if c in ("refund_order", "get_order_details"):
        steps, oid = order(ords)
        args = {"order_id": oid, "reason": "Bought by mistake"} if c == "refund_order" else {"order_id": oid}
        return steps + [(c, args)]
    raise KeyError(c)


# which choice of path a provider needs (the default path covers the rest)
CHOICE = {
    "find_user_id_by_email": {"finder": "email"}, "find_user_id_by_name_phone": {"finder": "np"},
    "get_domain_details": {"zone": "details"}, "create_dns_zone": {"zone": "create"},
    "add_dns_record": {"rec": "add"}, "list_contacts": {"how": "list"}, "create_contact": {"how": "create"},
    "list_mailboxes": {"mb": "list"}, "create_mailbox": {"mb": "create"},
    "restore_domain": {"restore": True}, "list_orders": {"ords": "list"}, "register_domain": {"ords": "register"}, "purchase_email_plan": {"ords": "email"},
}
# list_dns_records provides a zone id (add_dns_record, enable_dnssec) and a record id (update, delete)
LDR_CHOICE = {"add_dns_record": {"zone": "list"}, "enable_dnssec": {"zone": "list"},
              "update_dns_record": {"rec": "list"}, "delete_dns_record": {"rec": "list"}}


def _proofs() -> list:
    import zonedesk_tools as m  # the catalog beside this file

    return [(p, c, path(c, **(LDR_CHOICE.get(c, {}) if p == "list_dns_records" else CHOICE.get(p, {}))))
            for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_whois", who("sarah") + [("get_whois", {"domain": "sarahkim.dev"}),
                                  ("set_auto_renew", {"domain": "sarahkim.dev", "enabled": True})]),
    ("list_tld_pricing", who("sarah") + [GUD, ("list_tld_pricing", {"tld": ".com"}), SDA,
                                         ("list_contacts", {"user_id": "$uid"}),
                                         ("register_domain", {"user_id": "$uid", "domain": "kimpottery.com", "years": 1,
                                                              "expected_price": "$search_domain_availability.register_price",
                                                              "payment_method_id": PM["sarah"],
                                                              "registrant_contact_id": "$list_contacts.0.contact_id"})]),
    ("get_domain_details", who("sarah") + [gdd("kimceramics.com"),
                                           ("set_transfer_lock", {"domain": "kimceramics.com", "locked": False})]),
    ("list_mailboxes", who("priya") + [GUD, ("list_mailboxes", {"domain": "nairstudio.co.uk"}),
                                       ("purchase_email_plan", {"domain": "nairstudio.co.uk", "plan": "business",
                                                                "seats": 3, "payment_method_id": PM["priya"]}),
                                       CREATE_MB]),
    ("calculate", who("sarah") + [GUD, ("calculate", {"expression": "15.99 * 1"}), ("list_tld_pricing", {"tld": ".com"}),
                                  ("renew_domain", {"domain": "kimceramics.com", "years": 1,
                                                    "expected_price": "$list_tld_pricing.tlds.0.renew",
                                                    "payment_method_id": PM["sarah"]})]),
    ("list_zone_templates", who("sarah") + [LZT, gdd("kimceramics.com"),
                                            ("add_dns_record", {"zone_id": "$get_domain_details.zone_id", **TXT})]),
    ("list_contacts", who("diego") + [("list_contacts", {"user_id": "$uid"}), FPE, NEW_CONTACT]),
]
