"""Scripted proofs that Doorstep's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the module's ``FAILURE``: a returned ``{"error": ...}`` JSON text
is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Priya
Shah logs in (saved as ``priya``: ``"$priya.access_token"``) and steps up for a client money token
(``"$step_up.access_token"``); JSON-text replies are referenced through their fields
(``"$create_tenancy.tenancy.id"``, ``"$find_tenancy.tenancies.0.0"``). Ids that Doorstep only
writes inside a sentence (a new landlord ``LL-0419``, property ``P-2242``, applicant ``A-7710`` and
repair job ``J-5502``) are written literally: each comes from its own counter, so it is the same in
every fresh state, and none exists without the call. A consumer's path is built once per choice of
provider (``path(consumer, **choice)``).
"""

PRIYA = ("login", {"email": "priya.shah@kirkgatelettings.example", "password": "Headrow-Lights-31"}, "priya")
A = "$priya.access_token"
STEP = ("step_up", {"access_token": A, "otp_code": "902114"})
CM = "$step_up.access_token"
SCHEMES = ("list_deposit_schemes", {})


def landlord(how: str) -> tuple[list, str]:
    """Margaret Oyelaran found by name, or Dr Imran Saeed added as a new landlord."""
    if how == "add":
        return [("add_landlord", {"access_token": A, "full_name": "Dr Imran Saeed",
                                  "email": "imran.saeed@example.co.uk",
                                  "phone": "07700 900931", "bank_sort_code": "30-96-26",
                                  "bank_account_number": "11846620", "management": "fully_managed"})], "LL-0419"
    return [("search_landlords", {"access_token": A, "name": "Oyelaran"})], "$search_landlords.results.0.landlord.ref"


def prop(how: str, where: str = "flat 4 cardigan road") -> tuple[list, str]:
    """A property found by its address, or 14 Victoria Road taken on for Margaret Oyelaran."""
    if how == "add":
        steps, ref = landlord("search")
        return steps + [("add_property", {"access_token": A, "landlord_ref": ref,
                                          "address": "14 Victoria Road, Headingley, Leeds", "postcode": "LS6 1DR",
                                          "property_type": "house", "bedrooms": 3, "has_gas": True})], "P-2242"
    return [("search_properties", {"access_token": A, "text": where})], "$search_properties.results.0.property.id"


def certificates(pid: str, how: str) -> list:
    """A new gas safety certificate (and, for a newly taken-on house, the EICR and EPC too)."""
    steps = [("record_certificate", {"access_token": A, "property_id": pid, "certificate": "gas_safety",
                                     "reference": "GS-79310", "issued_on": "2027-02-05", "expires_on": "2028-02-05"})]
    if how == "add":
        steps += [("record_certificate", {"access_token": A, "property_id": pid, "certificate": "eicr",
                                          "reference": "EICR-53117", "issued_on": "2027-01-28",
                                          "expires_on": "2032-01-28"}),
                  ("record_certificate", {"access_token": A, "property_id": pid, "certificate": "epc",
                                          "reference": "0535-3022-8207-1127-5904", "issued_on": "2027-01-29",
                                          "expires_on": "2037-01-29"})]
    return steps


def listing(how: str, prop_how: str = "search", publish: bool = True) -> tuple[list, str, float]:
    """Apartment 7's live listing found by area, or a new listing for Flat 4 created (and published)."""
    if how == "create":
        steps, pid = prop(prop_how)
        steps += certificates(pid, prop_how) + [
            ("create_listing", {"access_token": A, "property_id": pid, "rent_pcm": 925.0,
                                "available_from": "2027-03-01", "headline": "Two-bed flat on Cardigan Road, Headingley",
                                "description": "Top-floor flat with two double bedrooms, new kitchen, gas central "
                                               "heating; five minutes from Headingley station."})]
        if publish:
            steps += [("publish_listing", {"access_token": A, "listing_id": "$create_listing.listing.id",
                                           "portals": ["rightmove", "zoopla", "kirkgate_site"]})]
        return steps, "$create_listing.listing.id", 925.0
    return [("search_listings", {"access_token": A, "area": "Wharf Street"})], "$search_listings.listings.0.0", 1050.0


def applicant(how: str) -> tuple[list, str]:
    if how == "register":
        return [("register_applicant", {"access_token": A, "full_name": "Marcus Feld",
                                        "email": "marcus.feld@example.com",
                                        "phone": "07700 900377", "annual_income": 41000.0,
                                        "has_guarantor": False})], "A-7710"
    return [("find_applicant", {"access_token": A, "name_or_email": "Olivia Brennan"})], \
        "$find_applicant.applicants.0.id"


def offer(upto: str, listing_how: str = "search", applicant_how: str = "find") -> list:
    """Olivia Brennan's offer on Apartment 7, taken as far as ``upto``."""
    lsteps, lid, rent = listing(listing_how)
    asteps, aid = applicant(applicant_how)
    chain = [("record_offer", {"access_token": A, "listing_id": lid, "applicant_id": aid, "rent_pcm": rent,
                               "move_in_date": "2027-03-01", "term_months": 12}),
             ("accept_offer", {"access_token": A, "offer_id": "$record_offer.offer.id",
                               "landlord_confirmation": "Northgate Estates (Ruth Ellery) accepted by e-mail, 8 Feb"}),
             ("take_holding_deposit", {"client_money_token": CM, "offer_id": "$record_offer.offer.id",
                                       "amount": "$record_offer.offer.holding_deposit"}),
             ("order_references", {"access_token": A, "offer_id": "$record_offer.offer.id"}),
             ("create_tenancy", {"access_token": A, "offer_id": "$record_offer.offer.id", "start_date": "2027-03-01",
                                 "additional_tenants": []})]
    names = [s[0] for s in chain]
    needs_money = names.index(upto) >= names.index("take_holding_deposit") if upto in names else True
    return [PRIYA] + ([STEP] if needs_money else []) + lsteps + asteps + chain[:names.index(upto) + 1]


def tenancy(how: str, who: str) -> tuple[list, str]:
    """A tenancy found by words of its address or tenant (``who``), or Olivia Brennan's created now."""
    if how == "create":
        return offer("create_tenancy")[2:], "$create_tenancy.tenancy.id"
    return [("find_tenancy", {"access_token": A, "query": who})], "$find_tenancy.tenancies.0.0"


def received(tid: str) -> list:
    return [("get_tenancy", {"access_token": A, "tenancy_id": tid}),
            ("receive_deposit", {"client_money_token": CM, "tenancy_id": tid,
                                 "amount": "$get_tenancy.tenancy.deposit.amount"})]


def ending(how: str) -> tuple[list, str]:
    """The Fairbairns' tenancy at 9 Granby Terrace (or a new one) given notice and its check-out booked."""
    steps, tid = tenancy(how, "Granby Terrace")
    if how == "create":
        steps += received(tid)
    return [PRIYA] + ([STEP] if how == "create" else []) + steps, tid


def end(tid: str) -> tuple:
    return ("end_tenancy", {"access_token": A, "tenancy_id": tid, "end_date": "2027-04-30",
                            "reason": "Tenants gave two months' notice on 7 February: they are buying a house"})


def check_out(tid: str) -> tuple:
    return ("schedule_inspection", {"access_token": A, "tenancy_id": tid, "kind": "check_out", "date": "2027-04-30",
                                    "inspector": "Inventory Hive (Leeds)"})


def job(how: str) -> tuple[list, str]:
    """The Granby Terrace boiler job found among reported repairs, or a new one reported now."""
    if how == "report":
        steps, pid = prop("search", "Granby Terrace")
        return steps + [("report_repair", {"access_token": A, "property_id": pid,
                                           "summary": "Boiler pressure dropping to zero overnight, radiators cold",
                                           "priority": "urgent", "reported_by": "Grace Fairbairn"})], "J-5502"
    return [("list_repairs", {"access_token": A, "status": "reported"})], "$list_repairs.repairs.0.0"


def repair(upto: str, how: str = "list") -> list:
    steps, jid = job(how)
    chain = [("list_contractors", {"access_token": A, "trade": "heating_gas"}),
             ("request_quote", {"access_token": A, "job_id": jid,
                                "contractor_id": "$list_contractors.contractors.0.0"}),
             ("record_landlord_approval", {"access_token": A, "job_id": jid, "quote_id": "$request_quote.quote.id",
                                           "approved_by": "Hamid Qureshi, by phone",
                                           "note": "Approved: replace the expansion vessel and repressurise"}),
             ("instruct_contractor", {"access_token": A, "job_id": jid, "quote_id": "$request_quote.quote.id"}),
             ("complete_repair", {"access_token": A, "job_id": jid, "invoice_number": "KGS-10442",
                                  "invoice_amount": 420.0}),
             ("pay_contractor", {"client_money_token": CM, "job_id": jid})]
    names = [s[0] for s in chain]
    return [PRIYA] + ([STEP] if upto == "pay_contractor" else []) + steps + chain[:names.index(upto) + 1]


def path(c: str, ll: str = "search", pr: str = "search", li: str = "search", ap: str = "find", te: str = "find",
         jb: str = "list") -> list:
    """The call path that ends with consumer ``c`` for one choice of providers."""
    if c == "step_up":
        return [PRIYA, STEP]
    if c in ("search_landlords", "add_landlord"):
        return [PRIYA] + landlord("add" if c == "add_landlord" else "search")[0]
    if c == "get_landlord_statement":
        steps, ref = landlord(ll)
        return [PRIYA] + steps + [(c, {"access_token": A, "landlord_ref": ref, "month": "2027-01"})]
    if c == "pay_landlord":
        steps, ref = landlord("search")
        return [PRIYA, STEP] + steps + [
            ("get_landlord_statement", {"access_token": A, "landlord_ref": ref, "month": "2027-01"}),
            (c, {"client_money_token": CM, "statement_ref": "$get_landlord_statement.statement.ref",
                 "amount": "$get_landlord_statement.statement.balance_due"})]
    if c == "add_property":
        if ll == "add":
            steps, ref = landlord("add")
            return [PRIYA] + steps + [(c, {"access_token": A, "landlord_ref": ref, "address": "3 Ash Grove, Leeds",
                                           "postcode": "LS6 1AX", "property_type": "maisonette", "bedrooms": 2,
                                           "has_gas": True})]
        return [PRIYA] + prop("add")[0]
    if c == "search_properties":
        return [PRIYA] + prop("search")[0]
    if c == "record_certificate":
        steps, pid = prop(pr)
        return [PRIYA] + steps + certificates(pid, "search")
    if c == "create_listing":
        return [PRIYA] + listing("create", pr, publish=False)[0]
    if c == "publish_listing":
        if li == "create":
            return [PRIYA] + listing("create")[0]
        steps, lid, _ = listing("search")
        return [PRIYA] + steps + [(c, {"access_token": A, "listing_id": lid,
                                       "portals": ["rightmove", "zoopla", "onthemarket"]})]
    if c in ("search_listings", "find_applicant", "register_applicant"):
        if c == "search_listings":
            return [PRIYA] + listing("search")[0]
        return [PRIYA] + applicant("register" if c == "register_applicant" else "find")[0]
    if c in ("book_viewing", "record_offer"):
        lsteps, lid, rent = listing(li)
        asteps, aid = applicant(ap)
        if c == "book_viewing":
            return [PRIYA] + lsteps + asteps + [(c, {"access_token": A, "listing_id": lid, "applicant_id": aid,
                                                     "slot": "2027-02-10 17:30"})]
        return offer("record_offer", li, ap)
    if c in ("accept_offer", "take_holding_deposit", "order_references", "create_tenancy"):
        return offer(c)
    if c in ("find_tenancy", "get_tenancy", "get_rent_ledger", "record_rent_payment", "send_arrears_letter"):
        who = "Turner-Hall" if c in ("find_tenancy", "get_tenancy") else "Brudenell Grove"
        steps, tid = tenancy(te, who)
        if c == "find_tenancy":
            return [PRIYA] + steps
        args = {"access_token": A, "tenancy_id": tid}
        if c == "record_rent_payment":
            args.update(amount=520.0, received_on="2027-02-08", payer_reference="OBI A JANUARY SHORTFALL")
        if c == "send_arrears_letter":
            args["stage"] = "reminder"
        return [PRIYA] + ([STEP] if te == "create" else []) + steps + [(c, args)]
    if c in ("receive_deposit", "protect_deposit", "serve_prescribed_information"):
        steps, tid = tenancy(te, "Turner-Hall")
        steps = [PRIYA, STEP] + steps + received(tid)
        if c == "receive_deposit":
            return steps
        steps += [SCHEMES, ("protect_deposit", {"access_token": A, "tenancy_id": tid,
                                                "scheme_code": "$list_deposit_schemes.0.code"})]
        if c == "protect_deposit":
            return steps
        return steps + [(c, {"access_token": A, "tenancy_id": tid,
                             "certificate_number": "$protect_deposit.protection.certificate"})]
    if c in ("end_tenancy", "schedule_inspection", "propose_deposit_deductions", "release_deposit"):
        steps, tid = ending(te)
        steps += [end(tid)]
        if c == "end_tenancy":
            return steps
        steps += [check_out(tid)]
        if c == "schedule_inspection":
            return steps
        steps += [("propose_deposit_deductions", {"access_token": A, "tenancy_id": tid, "deductions": [
            {"reason": "Professional clean of the oven and hob", "amount": 85.0},
            {"reason": "Replace stained living room carpet (pro rata, 4 of 8 years used)", "amount": 210.0}]})]
        if c == "propose_deposit_deductions":
            return steps
        if te != "create":
            steps.insert(1, STEP)
        return steps + [(c, {"client_money_token": CM, "proposal_id": "$propose_deposit_deductions.proposal.id"})]
    if c == "report_repair":
        steps, pid = prop(pr)
        return [PRIYA] + steps + [(c, {"access_token": A, "property_id": pid,
                                       "summary": "Kitchen tap dripping constantly, washer likely gone",
                                       "priority": "routine", "reported_by": "Priya Shah at the void inspection"})]
    if c in ("list_repairs", "list_contractors"):
        return [PRIYA] + (job("list")[0] if c == "list_repairs" else [("list_contractors",
                                                                       {"access_token": A, "trade": "heating_gas"})])
    if c in ("request_quote", "record_landlord_approval", "instruct_contractor", "complete_repair", "pay_contractor"):
        return repair(c, jb)
    raise KeyError(c)


# the choice of providers each provider's proofs are built with (the default path holds the others)
CHOICE = {
    "add_landlord": {"ll": "add"}, "add_property": {"pr": "add"}, "create_listing": {"li": "create"},
    "publish_listing": {"li": "create"}, "register_applicant": {"ap": "register"}, "create_tenancy": {"te": "create"},
    "report_repair": {"jb": "report"},
}


def _proofs() -> list:
    import doorstep_tools as m  # the catalog beside this file

    return [(p, c, path(c, **CHOICE.get(p, {}))) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

_BRUDENELL = [PRIYA, ("find_tenancy", {"access_token": A, "query": "Brudenell Grove"})]
_GRANBY = [PRIYA, ("find_tenancy", {"access_token": A, "query": "Granby Terrace"})]
_TID = "$find_tenancy.tenancies.0.0"

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_rent_ledger", _BRUDENELL + [("get_rent_ledger", {"access_token": A, "tenancy_id": _TID}),
                                      ("send_arrears_letter", {"access_token": A, "tenancy_id": _TID,
                                                               "stage": "reminder"})]),
    ("get_tenancy", _GRANBY + [("get_tenancy", {"access_token": A, "tenancy_id": _TID}), end(_TID)]),
    ("step_up", [PRIYA, STEP, _GRANBY[1], end(_TID)]),
    ("list_deposit_schemes", [SCHEMES] + _GRANBY + [("get_tenancy", {"access_token": A, "tenancy_id": _TID})]),
    ("search_landlords", [PRIYA, ("search_landlords", {"access_token": A, "name": "Qureshi"})] + prop(
        "search", "Granby Terrace")[0] + [("report_repair", {"access_token": A,
                                                             "property_id": "$search_properties.results.0.property.id",
                                                             "summary": "Gutter overflowing at the back",
                                                             "priority": "routine", "reported_by": "Ewan Fairbairn"})]),
    ("list_contractors", [PRIYA, ("list_contractors", {"access_token": A}),
                          ("list_repairs", {"access_token": A, "status": "reported"})]),
    ("find_applicant", [PRIYA, ("find_applicant", {"access_token": A, "name_or_email": "Olivia"}),
                        ("search_listings", {"access_token": A, "area": "Wharf Street"}),
                        ("publish_listing", {"access_token": A, "listing_id": "$search_listings.listings.0.0",
                                             "portals": ["onthemarket"]})]),
]
