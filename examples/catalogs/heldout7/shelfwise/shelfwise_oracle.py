"""Scripted proofs that ShelfWise's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a raised ``IlsError`` is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Nested
and row replies are referenced (``"$create_api_key.key.secret"``,
``"$search_patrons.results.0.patron.id"``, ``"$search_catalog.0.4.0.0"``, ``"$list_fees.balance"``);
bare replies are referenced whole (``"$lookup_isbn"``, ``"$supervisor_override"``, ``"$book_room"``,
``"$parse_date"``). Ids that a call only says inside a sentence are written literally (the hold
``H-7702``, the ILL request ``ILL-2207``): each comes from its own sequence, so it is the same in
every fresh state, and neither exists without the call. A consumer's path is built once per choice
of provider (``path(consumer, **choice)``).
"""

LOGIN = ("console_login", {"username": "mreyes", "password": "Dewey-500"})
SCOPES = ["circulation", "patrons", "catalog", "fees", "rooms", "programs"]
KEY_STEP = ("create_api_key", {"console_session": "$console_login.console.session", "label": "Desk 2, Central",
                               "scopes": SCOPES})
KEY = "$create_api_key.key.secret"
START = [LOGIN, KEY_STEP]
LB = ("list_branches", {})
CEN, HRB, NTH = "$list_branches.0.0", "$list_branches.1.0", "$list_branches.2.0"
NEW_HOLD, NEW_ILL = "H-7702", "ILL-2207"

CARDS = {"Quinn": ("2910 0045 998", "4417"), "Anand": ("2910 0038 112", "8020"), "Haddad": ("2910 0052 773", "1357"),
         "Ortiz": ("2910 0060 214", "2468")}


def override(action: str) -> tuple:
    return ("supervisor_override", {"username": "tokafor", "password": "Stacks&9", "action": action})


def patron(surname: str, how: str = "search") -> tuple[list, str]:
    """Steps that give the patron's id, and the reference to it."""
    if how == "verify":
        card, pin = CARDS[surname]
        return [("verify_patron", {"api_key": KEY, "card_number": card, "pin": pin})], "$verify_patron.patron.id"
    if how == "register":
        return [LB, ("parse_date", {"text": "3 May 1990"}, "dob"),
                ("register_patron", {"api_key": KEY, "patron": {
                    "name": "Tomasz Wojcik", "date_of_birth": "$dob", "email": "t.wojcik@example.com",
                    "phone": "07700 900632", "address": "9 Mill Lane, Riverside RV3 8LP", "home_branch": CEN}})], \
            "$register_patron.patron.id"
    return [("search_patrons", {"api_key": KEY, "name": surname})], "$search_patrons.results.0.patron.id"


def verify(surname: str) -> tuple:
    card, pin = CARDS[surname]
    return ("verify_patron", {"api_key": KEY, "card_number": card, "pin": pin})


def title(query: str, isbn: str, how: str = "search") -> tuple[list, str]:
    if how == "isbn":
        return [("lookup_isbn", {"isbn": isbn})], "$lookup_isbn"
    return [("search_catalog", {"query": query})], "$search_catalog.0.0"


def item(query: str, isbn: str, how: str = "search") -> tuple[list, str]:
    if how == "title":
        return [("lookup_isbn", {"isbn": isbn}), ("get_title", {"bib_id": "$lookup_isbn"})], "$get_title.items.0.barcode"
    return [("search_catalog", {"query": query})], "$search_catalog.0.4.0.0"


SWEETGRASS = ("Braiding Sweetgrass", "978-1-57131-356-0")
DUNE = ("Dune", "5051892238562")


def fees_paid(surname: str, ids: int, how: str = "search") -> tuple[list, str]:
    steps, pid = patron(surname, how)
    paid = ["$list_fees.fees.0.0", "$list_fees.fees.1.0"][:ids]
    return steps + [("list_fees", {"api_key": KEY, "patron_id": pid}),
                    ("pay_fees", {"api_key": KEY, "patron_id": pid, "fee_ids": paid, "amount": "$list_fees.balance",
                                  "tender": "card"})], pid


def checked_out(how: str = "search", items: str = "search", extra: str = "") -> tuple[list, str]:
    """A checkout to a patron; ``extra`` picks a patron who first pays fees or renews a card."""
    if extra == "pay":
        steps, pid = fees_paid("Haddad", 1)
    elif extra == "renew":
        steps, pid = fees_paid("Anand", 2)
        steps = steps[:1] + [verify("Anand")] + steps[1:] + [("renew_card", {"api_key": KEY, "patron_id": pid,
                                                                             "years": 2})]
    elif items == "shelf":
        steps, pid = patron("Quinn", how)
        steps = [LB, ("hold_shelf", {"api_key": KEY, "branch_code": HRB})] + steps
        return START + steps + [("checkout", {"api_key": KEY, "patron_id": pid, "barcodes": ["$hold_shelf.0.2"]})], pid
    else:
        steps, pid = patron("Quinn", how)
    isteps, bc = item(*SWEETGRASS, how=items)
    return START + steps + isteps + [("checkout", {"api_key": KEY, "patron_id": pid, "barcodes": [bc]})], pid


def loan(how: str) -> tuple[list, str]:
    if how == "checkout":
        steps, _ = checked_out()
        return steps, "$checkout.loans.0.loan_id"
    steps, pid = patron("Quinn")
    return START + steps + [("list_loans", {"api_key": KEY, "patron_id": pid})], "$list_loans.0.0"


def hold(how: str) -> tuple[list, str]:
    if how == "place":
        return path("place_hold"), NEW_HOLD
    steps, pid = patron("Quinn")
    return START + steps + [("list_holds", {"api_key": KEY, "patron_id": pid})], "$list_holds.1.0"


def ill() -> list:
    return path("request_ill")


def rooms() -> list:
    return START + [LB, ("parse_date", {"text": "Friday"}), ("room_availability", {
        "api_key": KEY, "branch_code": CEN, "date": "$parse_date"})]


def path(c: str, who: str = "search", bib: str = "search", items: str = "search", extra: str = "", lost: bool = False,
         via: str = "list", hold_via: str = "list", block: bool = False) -> list:
    """The call path that ends with consumer ``c`` for one choice of providers."""
    if c == "create_api_key":
        return START
    if c == "verify_patron":
        return START + [verify("Quinn")]
    if c == "search_patrons":
        return START + [("search_patrons", {"api_key": KEY, "phone": "020 7946 0321"})]
    if c == "register_patron":
        return START + patron("Quinn", "register")[0]
    if c in ("get_patron", "list_holds", "list_loans", "list_fees"):
        steps, pid = patron("Quinn", who)
        return START + steps + [(c, {"api_key": KEY, "patron_id": pid})]
    if c == "update_contact":
        steps, pid = patron("Quinn")
        return START + steps + [verify("Quinn"), ("update_contact", {"api_key": KEY, "patron_id": pid,
                                                                     "email": "nora.q@example.net"})]
    if c == "renew_card":
        steps, pid = fees_paid("Anand", 2)
        return START + steps[:1] + [verify("Anand")] + steps[1:] + [
            ("renew_card", {"api_key": KEY, "patron_id": pid, "years": 2})]
    if c == "lift_block":
        steps, pid = patron("Ortiz", who)
        return START + steps + [override("lift_block"), ("lift_block", {
            "api_key": KEY, "patron_id": pid, "override_code": "$supervisor_override",
            "note": "Collections account settled, receipt seen"})]
    if c == "list_collections":
        return START + [("list_collections", {"api_key": KEY})]
    if c == "add_item":
        steps, bid = title(*SWEETGRASS, how=bib)
        return START + steps + [LB, ("list_collections", {"api_key": KEY}), ("add_item", {
            "api_key": KEY, "bib_id": bid, "barcode": "31234000599017", "branch_code": HRB,
            "collection_code": "$list_collections.collections.1.code"})]
    if c == "get_title":
        steps, bid = title(*SWEETGRASS, how=bib)
        return steps + [("get_title", {"bib_id": bid})]
    if c == "transfer_item":
        steps, bc = item(*SWEETGRASS, how=items)
        return START + [LB] + steps + [("transfer_item", {"api_key": KEY, "barcode": bc, "to_branch": NTH})]
    if c == "withdraw_item":
        steps, bc = item(*DUNE, how=items)
        return START + steps + [override("withdraw_item"), ("withdraw_item", {
            "api_key": KEY, "barcode": bc, "override_code": "$supervisor_override", "reason": "damaged"})]
    if c == "checkout":
        return checked_out(who, items, extra)[0]
    if c == "checkin":
        return START + [LB, ("checkin", {"api_key": KEY, "barcode": "31234000488120", "branch_code": NTH})]
    if c in ("renew_loan", "mark_lost", "claim_returned"):
        steps, lid = loan(via)
        args = {"api_key": KEY, "loan_id": lid}
        if c == "claim_returned":
            args["note"] = "Says she put it through the Central returns chute last week"
        return steps + [(c, args)]
    if c == "place_hold":
        if block:
            steps, pid = patron("Ortiz")
            steps = steps + [override("lift_block"), ("lift_block", {
                "api_key": KEY, "patron_id": pid, "override_code": "$supervisor_override",
                "note": "Collections account settled"})]
        else:
            steps, pid = patron("Quinn", who)
        tsteps, bid = title(*SWEETGRASS, how=bib)
        return START + steps + tsteps + [LB, ("place_hold", {"api_key": KEY, "patron_id": pid, "bib_id": bid,
                                                              "pickup_branch": NTH})]
    if c == "suspend_hold":
        steps, hid = hold(hold_via)
        return steps + [("parse_date", {"text": "1 December"}, "until"),
                        ("suspend_hold", {"api_key": KEY, "hold_id": hid, "until": "$until"})]
    if c == "cancel_hold":
        steps, hid = hold(hold_via)
        return steps + [("cancel_hold", {"api_key": KEY, "hold_id": hid, "reason": "Bought her own copy"})]
    if c == "hold_shelf":
        return START + [LB, ("hold_shelf", {"api_key": KEY, "branch_code": HRB})]
    if c == "pay_fees":
        return START + fees_paid("Anand", 2, who)[0]
    if c == "waive_fee":
        if lost:
            steps, lid = loan("list")
            steps = steps + [("mark_lost", {"api_key": KEY, "loan_id": lid})]
            fee = "$mark_lost.fee.fee_id"
        else:
            psteps, pid = patron("Haddad")
            steps = START + psteps + [("list_fees", {"api_key": KEY, "patron_id": pid})]
            fee = "$list_fees.fees.0.0"
        return steps + [override("waive_fee"), ("waive_fee", {
            "api_key": KEY, "fee_id": fee, "reason": "Damage was there before the loan (noted on the item)",
            "override_code": "$supervisor_override"})]
    if c == "request_ill":
        steps, pid = patron("Quinn", who)
        return START + steps + [("parse_date", {"text": "15 December"}, "need_by"), ("request_ill", {
            "api_key": KEY, "patron_id": pid, "isbn": "9780593321201",
            "title": "Tomorrow, and Tomorrow, and Tomorrow", "need_by": "$need_by",
            "note": "Large print if available"})]
    if c == "ill_status":
        return ill() + [("ill_status", {"api_key": KEY, "request_id": NEW_ILL})]
    if c == "cancel_ill":
        return ill() + [("cancel_ill", {"api_key": KEY, "request_id": NEW_ILL, "reason": "Found it at a bookshop"})]
    if c == "room_availability":
        return rooms()
    if c == "book_room":
        steps, pid = patron("Quinn", who)
        return rooms() + steps + [("book_room", {"api_key": KEY, "patron_id": pid, "room_id": "$room_availability.0.0",
                                                 "date": "$parse_date", "start": "14:00", "hours": 2})]
    if c == "cancel_room_booking":
        return path("book_room") + [("cancel_room_booking", {"api_key": KEY, "booking_id": "$book_room"})]
    if c == "register_event":
        steps, pid = patron("Quinn", who)
        return START + steps + [("list_events", {"branch_code": "CEN", "audience": "adults"}), ("register_event", {
            "api_key": KEY, "event_id": "$list_events.0.event.id", "patron_id": pid, "seats": 2})]
    raise KeyError(c)


CHOICE = {
    "register_patron": {"who": "register"}, "verify_patron": {"who": "verify"}, "lookup_isbn": {"bib": "isbn"},
    "get_title": {"items": "title"}, "hold_shelf": {"items": "shelf"}, "mark_lost": {"lost": True},
    "checkout": {"via": "checkout"}, "place_hold": {"hold_via": "place"}, "lift_block": {"block": True},
    "pay_fees": {"extra": "pay"}, "renew_card": {"extra": "renew"},
}
# providers whose choice depends on the consumer
SPECIAL = {("verify_patron", "update_contact"): {}, ("verify_patron", "renew_card"): {},
           ("pay_fees", "renew_card"): {}, ("lift_block", "place_hold"): {"block": True}}


def _proofs() -> list:
    import shelfwise_tools as m  # the catalog beside this file

    return [(p, c, path(c, **SPECIAL.get((p, c), CHOICE.get(p, {}))))
            for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_patron", START + [("search_patrons", {"api_key": KEY, "name": "Quinn"}),
                            ("get_patron", {"api_key": KEY, "patron_id": "$search_patrons.results.0.patron.id"}),
                            ("list_loans", {"api_key": KEY, "patron_id": "$search_patrons.results.0.patron.id"})]),
    ("get_title", START + [("search_catalog", {"query": "Braiding Sweetgrass"}),
                           ("get_title", {"bib_id": "$search_catalog.0.0"}),
                           ("search_patrons", {"api_key": KEY, "name": "Quinn"}), LB,
                           ("place_hold", {"api_key": KEY, "patron_id": "$search_patrons.results.0.patron.id",
                                           "bib_id": "$search_catalog.0.0", "pickup_branch": NTH})]),
    ("list_holds", START + [("search_patrons", {"api_key": KEY, "name": "Quinn"}),
                            ("list_holds", {"api_key": KEY, "patron_id": "$search_patrons.results.0.patron.id"}),
                            ("list_fees", {"api_key": KEY, "patron_id": "$search_patrons.results.0.patron.id"})]),
    ("list_collections", START + [LB, ("list_collections", {"api_key": KEY}),
                                  ("checkin", {"api_key": KEY, "barcode": "31234000488120", "branch_code": NTH})]),
    ("hold_shelf", START + [LB, ("hold_shelf", {"api_key": KEY, "branch_code": HRB}),
                            ("search_patrons", {"api_key": KEY, "name": "Quinn"}),
                            ("search_catalog", {"query": "Braiding Sweetgrass"}),
                            ("checkout", {"api_key": KEY, "patron_id": "$search_patrons.results.0.patron.id",
                                          "barcodes": ["$search_catalog.0.4.0.0"]})]),
    ("parse_date", START + [("parse_date", {"text": "Friday"}), ("search_patrons", {"api_key": KEY, "name": "Quinn"}),
                            ("list_loans", {"api_key": KEY, "patron_id": "$search_patrons.results.0.patron.id"}),
                            ("renew_loan", {"api_key": KEY, "loan_id": "$list_loans.0.0"})]),
    ("verify_patron", START + [verify("Quinn"), ("search_patrons", {"api_key": KEY, "name": "Quinn"}),
                               ("list_loans", {"api_key": KEY, "patron_id": "$search_patrons.results.0.patron.id"})]),
]
