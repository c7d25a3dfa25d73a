"""Scripted proofs that Canalworks' designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools and reads the
returned ``{"ok": False, "reason": ...}`` refusals as rejections).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff log in
by first name (``("staff_login", {...}, "fern")``) and pass ``"$fern.token"``; pydantic replies are read
by field once the runtime has converted them (``"$add_member.member_id"``,
``"$find_member.0.membership.membership_id"``, ``"$find_member.0.cards.0"``,
``"$find_company.0.open_invoices.0"``, ``"$list_rooms.1.room_id"``), the bare list of free times by
position (``"$room_availability.0"``). Every id is read from a reply; none is written literally.

The day's work: Cottonfield Games set up with Sam Okonjo on a fixed desk (agreement, membership, card,
zones, desk, a room with catering, a guest, post, and at last the card off and the membership ended);
Sam joining Sable & Finch instead on another path; Priya Natarajan signed up; Josh Pemberton moved to a
fixed desk with a card; Ines Sable's client meeting booked, catered and cancelled, her guest checked in,
her card rezoned, her membership paused and resumed; Tom Finch back from his pause; Hannah Oyelaran's
card switched off and her membership ended; Rory Quinn's DPD parcel logged and collected, Hannah's
collected; the Boiler House radiator and a new electrical fault given to contractors and closed;
Sable & Finch's June invoice drawn up, sent and paid; Northern Quarter Pixels' May invoice paid.
"""

import canalworks_tools as tools

WHO = {"fern": ("fern@canalworks.example", "Towpath-2291"), "marco": ("marco@canalworks.example", "Lockgate-7740"),
       "aisha": ("aisha@canalworks.example", "Ledger-Mill-58")}
F, M, A = "$fern.token", "$marco.token", "$aisha.token"
TODAY = "2029-06-06"


def login(who: str) -> tuple:
    email, password = WHO[who]
    return ("staff_login", {"email": email, "password": password}, who)


def logins(*who: str) -> list:
    return [login(w) for w in who]


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def new_member(company: str = "create") -> list:
    """Sam Okonjo from Cottonfield Games (a new company, "create") or joining Sable & Finch ("find"),
    from sign-up to leaving."""
    if company == "create":
        head = [("create_company", {"token": F, "name": "Cottonfield Games Ltd",
                                    "billing_email": "finance@cottonfield.example", "vat_number": "GB 402 1187 33"})]
        cid = "$create_company.company_id"
    else:
        head = [("find_company", {"token": F, "name": "Sable"})]
        cid = "$find_company.0.company_id"
    mem, ms, card = "$add_member.member_id", "$start_membership.membership_id", "$issue_access_card.credential_id"
    return [("plans_and_prices", {}), *logins("fern", "aisha"), *head,
            ("add_member", {"token": F, "company_id": cid, "name": "Sam Okonjo", "email": "sam@cottonfield.example"}),
            ("sign_agreement", {"token": F, "member_id": mem, "agreement_version": "LA-2029-04"}),
            ("start_membership", {"token": F, "member_id": mem, "plan_code": "$plans_and_prices.1.code",
                                  "start_date": TODAY}),
            ("issue_access_card", {"token": F, "member_id": mem, "card_serial": "04A1-91D0"}),
            ("set_card_zones", {"token": F, "credential_id": card, "zones": ["ground", "first", "after_hours"]}),
            ("list_desks", {"token": F, "floor": "first"}),
            ("assign_desk", {"token": F, "membership_id": ms, "desk_id": "$list_desks.0.desk_id"}),
            ("list_rooms", {"token": F, "min_capacity": 4}),
            ("room_availability", {"token": F, "room_id": "$list_rooms.0.room_id", "day": "2029-06-08"}),
            ("book_room", {"token": F, "room_id": "$list_rooms.0.room_id", "member_id": mem, "day": "2029-06-08",
                           "start": "$room_availability.1", "hours": 2, "title": "Cottonfield: publisher pitch"}),
            ("register_guest", {"token": F, "member_id": mem, "guest_name": "Lena Vogt", "day": TODAY}),
            ("log_parcel", {"token": F, "member_id": mem, "carrier": "royal_mail", "tracking": "letter"}),
            ("generate_invoice", {"token": A, "company_id": cid, "month": "2029-06"}),
            ("change_plan", {"token": F, "membership_id": ms, "plan_code": "$plans_and_prices.2.code",
                             "effective": "2029-07-01"}),
            ("pause_membership", {"token": F, "membership_id": ms, "from_date": "2029-08-01",
                                  "until_date": "2029-08-31", "reason": "Summer at a games festival"}),
            ("resume_membership", {"token": F, "membership_id": ms}),
            ("deactivate_card", {"token": F, "credential_id": card, "reason": "Leaving; card handed in"}),
            ("end_membership", {"token": F, "membership_id": ms, "end_date": "2029-09-30",
                                "reason": "Moving to their own office"})]


def find(query: str, *who: str) -> list:
    return [*logins(*(who or ("fern",))), ("find_member", {"token": F, "query": query})]


MEM, MS, CARD = "$find_member.0.member_id", "$find_member.0.membership.membership_id", "$find_member.0.cards.0"

PRIYA = [("plans_and_prices", {}), *find("Natarajan"),
         ("sign_agreement", {"token": F, "member_id": MEM, "agreement_version": "LA-2029-04"}),
         ("start_membership", {"token": F, "member_id": MEM, "plan_code": "$plans_and_prices.0.code",
                               "start_date": "2029-06-11"})]
JOSH = [("plans_and_prices", {}), *find("Josh"),
        ("issue_access_card", {"token": F, "member_id": MEM, "card_serial": "04A1-91D1"}),
        ("change_plan", {"token": F, "membership_id": MS, "plan_code": "$plans_and_prices.1.code",
                         "effective": TODAY}),
        ("list_desks", {"token": F, "floor": "first"}),
        ("assign_desk", {"token": F, "membership_id": MS, "desk_id": "$list_desks.0.desk_id"})]


def ines(upto: str) -> list:
    return cut([*find("Ines"),
                ("list_rooms", {"token": F}),
                ("room_availability", {"token": F, "room_id": "$list_rooms.1.room_id", "day": "2029-06-07"}),
                ("book_room", {"token": F, "room_id": "$list_rooms.1.room_id", "member_id": MEM, "day": "2029-06-07",
                               "start": "$room_availability.0", "hours": 1, "title": "Site team stand-up"}),
                ("catering_menu", {"token": F}),
                ("add_catering", {"token": F, "booking_id": "$book_room.booking_id",
                                  "items": ["$catering_menu.0.code", "$catering_menu.1.code"], "headcount": 5}),
                ("cancel_booking", {"token": F, "booking_id": "$book_room.booking_id",
                                    "reason": "Client postponed to next week"}),
                ("register_guest", {"token": F, "member_id": MEM, "guest_name": "Oliver Grant", "day": TODAY}),
                ("check_in_guest", {"token": F, "pass_id": "$register_guest.pass_id"}),
                ("set_card_zones", {"token": F, "credential_id": CARD,
                                    "zones": ["ground", "studios", "after_hours", "bike_store"]}),
                ("pause_membership", {"token": F, "membership_id": MS, "from_date": "2029-07-01",
                                      "until_date": "2029-07-31", "reason": "Parental leave"}),
                ("resume_membership", {"token": F, "membership_id": MS})], upto)


HANNAH = [*find("Hannah"),
          ("deactivate_card", {"token": F, "credential_id": CARD, "reason": "Leaving at the end of June"}),
          ("end_membership", {"token": F, "membership_id": MS, "end_date": "2029-06-30",
                              "reason": "Going freelance from home"})]
TOM = [*find("Tom Finch"), ("resume_membership", {"token": F, "membership_id": MS})]
RORY = [*find("Rory"), ("log_parcel", {"token": F, "member_id": MEM, "carrier": "dpd", "tracking": "15501239004417"}),
        ("hand_over_parcel", {"token": F, "parcel_id": "$log_parcel.parcel_id", "collected_by": "Rory Quinn"})]
PARCELS = [*logins("fern"), ("list_parcels", {"token": F}),
           ("hand_over_parcel", {"token": F, "parcel_id": "$list_parcels.0.parcel_id",
                                 "collected_by": "Hannah Oyelaran"})]


def tickets(src: str) -> list:
    if src == "report":
        head = [("report_issue", {"token": M, "area": "First floor kitchen",
                                  "description": "Sockets by the sink keep tripping the breaker", "priority": "urgent"}),
                ("list_contractors", {"token": M, "trade": "electrical"})]
        tid = "$report_issue.ticket_id"
    else:
        head = [("list_tickets", {"token": M}), ("list_contractors", {"token": M, "trade": "plumbing"})]
        tid = "$list_tickets.0.ticket_id"
    return [*logins("marco"), *head,
            ("assign_ticket", {"token": M, "ticket_id": tid, "contractor_id": "$list_contractors.0.contractor_id"}),
            ("close_ticket", {"token": M, "ticket_id": tid, "resolution": "Fixed and tested"})]


SABLE_INVOICE = [*logins("aisha"), ("find_company", {"token": A, "name": "Sable"}),
                 ("generate_invoice", {"token": A, "company_id": "$find_company.0.company_id", "month": "2029-06"}),
                 ("send_invoice", {"token": A, "invoice_id": "$generate_invoice.invoice_id"}),
                 ("record_payment", {"token": A, "invoice_id": "$generate_invoice.invoice_id", "amount": 900.0,
                                     "method": "direct_debit"})]
PIXELS_PAID = [*logins("aisha"), ("find_company", {"token": A, "name": "Pixels"}),
               ("record_payment", {"token": A, "invoice_id": "$find_company.0.open_invoices.0", "amount": 470.0,
                                   "method": "bacs"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


_FIND_MEMBER = {"sign_agreement": cut(PRIYA, "sign_agreement"), "start_membership": PRIYA,
                "issue_access_card": cut(JOSH, "issue_access_card"), "book_room": ines("book_room"),
                "register_guest": ines("register_guest"), "log_parcel": cut(RORY, "log_parcel")}
for _c in tools.MEMBER_CONSUMERS:
    _add("add_member", _c, cut(new_member(), _c))
    _add("find_member", _c, _FIND_MEMBER[_c])
_FIND_MS = {"change_plan": cut(JOSH, "change_plan"), "pause_membership": ines("pause_membership"), "resume_membership": TOM,
            "end_membership": HANNAH, "assign_desk": JOSH}
for _c in tools.MEMBERSHIP_CONSUMERS:
    _add("start_membership", _c, cut(new_member("find"), _c))
    _add("find_member", _c, _FIND_MS[_c])
_add("create_company", "add_member", cut(new_member("create"), "add_member"))
_add("find_company", "add_member", cut(new_member("find"), "add_member"))
_add("create_company", "generate_invoice", cut(new_member("create"), "generate_invoice"))
_add("find_company", "generate_invoice", cut(SABLE_INVOICE, "generate_invoice"))
_add("issue_access_card", "set_card_zones", cut(new_member(), "set_card_zones"))
_add("find_member", "set_card_zones", ines("set_card_zones"))
_add("issue_access_card", "deactivate_card", cut(new_member("find"), "deactivate_card"))
_add("find_member", "deactivate_card", cut(HANNAH, "deactivate_card"))
_add("list_desks", "assign_desk", cut(new_member(), "assign_desk"))
_add("list_rooms", "room_availability", ines("room_availability"))
_add("list_rooms", "book_room", cut(new_member(), "book_room"))
_add("book_room", "add_catering", ines("add_catering"))
_add("book_room", "cancel_booking", ines("cancel_booking"))
_add("register_guest", "check_in_guest", ines("check_in_guest"))
_add("log_parcel", "hand_over_parcel", RORY)
_add("list_parcels", "hand_over_parcel", PARCELS)
_add("report_issue", "assign_ticket", cut(tickets("report"), "assign_ticket"))
_add("list_tickets", "assign_ticket", cut(tickets("list"), "assign_ticket"))
_add("report_issue", "close_ticket", tickets("report"))
_add("list_tickets", "close_ticket", tickets("list"))
_add("list_contractors", "assign_ticket", cut(tickets("list"), "assign_ticket"))
_add("generate_invoice", "send_invoice", cut(SABLE_INVOICE, "send_invoice"))
_add("generate_invoice", "record_payment", SABLE_INVOICE)
_add("find_company", "record_payment", PIXELS_PAID)
_add("plans_and_prices", "start_membership", cut(new_member(), "start_membership"))
_add("plans_and_prices", "change_plan", cut(JOSH, "change_plan"))
_add("room_availability", "book_room", ines("book_room"))
_add("catering_menu", "add_catering", ines("add_catering"))
_add("sign_agreement", "start_membership", PRIYA)
_add("start_membership", "issue_access_card", cut(new_member(), "issue_access_card"))
_add("start_membership", "register_guest", cut(new_member("find"), "register_guest"))
_add("start_membership", "book_room", cut(new_member(), "book_room"))
_add("start_membership", "log_parcel", cut(new_member(), "log_parcel"))
_add("change_plan", "assign_desk", JOSH)
_add("pause_membership", "resume_membership", ines("resume_membership"))
_add("deactivate_card", "end_membership", HANNAH)
_add("send_invoice", "record_payment", SABLE_INVOICE)
_add("assign_ticket", "close_ticket", tickets("report"))

_OWN = {"staff_logout": [login("fern"), ("staff_logout", {"token": F})]}


def _auth_proofs() -> list:
    """A login proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "staff_login":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("staff_login", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("list_desks", [*find("Ines"), ("list_desks", {"token": F}),
                    ("register_guest", {"token": F, "member_id": MEM, "guest_name": "Oliver Grant", "day": TODAY})]),
    ("catering_menu", [*logins("fern"), ("catering_menu", {"token": F}), *ines("book_room")[1:]]),
    ("list_parcels", [*find("Rory"), ("list_parcels", {"token": F, "member_id": MEM}),
                      ("log_parcel", {"token": F, "member_id": MEM, "carrier": "evri", "tracking": "H01AB23456789012"})]),
    ("list_tickets", [*logins("marco"), ("list_tickets", {"token": M}),
                      ("report_issue", {"token": M, "area": "Roof terrace", "description": "Loose decking board"})]),
    ("plans_and_prices", [("plans_and_prices", {}), *find("Ines"),
                          ("pause_membership", {"token": F, "membership_id": MS, "from_date": "2029-07-01",
                                                "until_date": "2029-07-31", "reason": "Parental leave"})]),
    ("find_company", [*logins("fern"), ("find_company", {"token": F, "name": "Pixels"}),
                      ("find_member", {"token": F, "query": "Josh"}),
                      ("issue_access_card", {"token": F, "member_id": MEM, "card_serial": "04A1-91D2"})]),
]
