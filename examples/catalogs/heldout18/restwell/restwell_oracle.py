"""Scripted proofs that Restwell's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which converts the dataclass replies and
reads a returned ``{"success": False, "message": ...}`` as a rejection by its common conventions).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("staff_sign_in", {...}, "grace")``) and pass the token field (``"$grace.token"``);
dataclasses are read by field (``"$record_first_call.case_ref"``, ``"$arrange_collection.transfer_id"``,
``"$add_family_contact.contact_id"``, ``"$prepare_estimate.estimate_no"``, ``"$book_venue.booking_ref"``,
``"$get_case.contacts.0.contact_id"``, ``"$get_case.bookings.0.booking_ref"``), lists of them by
position and field (``"$find_case.0.case_ref"``, ``"$list_coffins.1.code"``, ``"$list_venues.0.code"``,
``"$list_celebrants.0.celebrant_id"``) and the bare list of free times by index
(``"$check_venue_slots.0"``). Every id is read from a reply; none is written literally.

Dennis Whitaker's funeral runs from his wife's first call this morning to the settled account: the
collection, his care, Joan Whitaker made the applicant, the cremation papers and the referee, the
willow coffin and a limousine, the signed estimate and deposit, City Road crematorium, a humanist
celebrant, a viewing, the notice, the funeral, the ashes and the invoice. The cases already open give
the paths through ``find_case``: Harold Briggs (cremation papers all but authorised, a provisional
booking, to the ashes and the account), Edna Pryce (a burial, from preparation to the confirmed
cemetery booking) and Lilian Croft (awaiting collection, to her cremation papers).
"""

import restwell_tools as tools

WHO = {"grace": ("HD07", "Linden-4471"), "mark": ("HD12", "Rowan-1180"), "priya": ("HD15", "Alder-6392")}
G, M, P = "$grace.token", "$mark.token", "$priya.token"
FIRST = {"deceased_name": "Dennis Whitaker", "date_of_death": "2029-02-05",
         "place_of_death": "Home: 14 Nether Edge Road, Sheffield S7 1RU", "caller_name": "Joan Whitaker",
         "caller_phone": "0114 496 0731", "relationship": "wife"}
NEW, FOUND = "$record_first_call.case_ref", "$find_case.0.case_ref"


def login(who: str) -> tuple:
    no, code = WHO[who]
    return ("staff_sign_in", {"staff_no": no, "passcode": code}, who)


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def _with(steps: list, before: str, extra: list) -> list:
    i = next(i for i, s in enumerate(steps) if s[0] == before)
    return steps[:i] + extra + steps[i:]


def whitaker() -> list:
    c, k, b = NEW, "$add_family_contact.contact_id", "$book_venue.booking_ref"
    return [
        login("grace"),
        ("record_first_call", {"token": G, **FIRST}),
        ("arrange_collection", {"token": G, "case_ref": c, "from_address": "14 Nether Edge Road, Sheffield S7 1RU",
                                "team": ["Mark Ebbs", "Lee Dunn"], "vehicle": "private_ambulance"}),
        login("mark"),
        ("receive_into_care", {"token": M, "case_ref": c, "transfer_id": "$arrange_collection.transfer_id",
                               "id_band_checked": True, "property_items": ["wedding ring", "wristwatch"]}),
        ("record_preparation", {"token": M, "case_ref": c, "embalmed": False, "dressed_in": "his blue suit",
                                "notes": "No embalming, at the family's wish"}),
        ("add_family_contact", {"token": G, "case_ref": c, "name": "Joan Whitaker", "relationship": "wife",
                                "phone": "0114 496 0731", "email": "joan.whitaker@example.com",
                                "address": "14 Nether Edge Road, Sheffield S7 1RU", "is_applicant": True}),
        ("set_funeral_type", {"token": G, "case_ref": c, "disposal": "cremation"}),
        ("record_registration", {"token": G, "case_ref": c, "district": "Sheffield", "entry_no": 241,
                                 "green_form_received": True}),
        ("submit_cremation_application", {"token": G, "case_ref": c, "applicant_id": k}),
        ("record_medical_certificate", {"token": G, "case_ref": c, "doctor_name": "Dr Imran Hussain",
                                        "gmc_number": "7046512"}),
        ("request_referee_review", {"token": G, "case_ref": c}),
        ("list_coffins", {}),
        ("choose_coffin", {"token": G, "case_ref": c, "coffin_code": "$list_coffins.1.code",
                           "nameplate": "Dennis Whitaker 1941 - 2029"}),
        ("add_service_item", {"token": G, "case_ref": c, "item_code": "LIMOUSINE", "quantity": 1}),
        ("prepare_estimate", {"token": G, "case_ref": c}),
        ("accept_estimate", {"token": G, "estimate_no": "$prepare_estimate.estimate_no", "signed_by_contact_id": k}),
        ("take_deposit", {"token": G, "case_ref": c, "amount": "$prepare_estimate.deposit_due", "method": "card"}),
        ("list_venues", {"token": G, "kind": "crematorium"}),
        ("check_venue_slots", {"token": G, "venue_code": "$list_venues.0.code", "date": "2029-02-16"}),
        ("book_venue", {"token": G, "case_ref": c, "venue_code": "$list_venues.0.code", "date": "2029-02-16",
                        "time": "$check_venue_slots.0"}),
        ("confirm_venue_booking", {"token": G, "booking_ref": b}),
        ("list_celebrants", {"token": G, "date": "2029-02-16", "kind": "humanist"}),
        ("book_celebrant", {"token": G, "case_ref": c, "celebrant_id": "$list_celebrants.0.celebrant_id",
                            "booking_ref": b}),
        ("book_viewing", {"token": G, "case_ref": c, "date": "2029-02-12", "time": "14:00", "visitors": 4}),
        ("publish_notice", {"token": G, "case_ref": c, "newspaper": "STAR", "run_date": "2029-02-09",
                            "text": "WHITAKER Dennis, peacefully at home on 5 February, aged 87. Service at City Road "
                                    "Crematorium on 16 February at 9.30am. Family flowers only."}),
        ("record_funeral_held", {"token": G, "booking_ref": b, "conducted_by": "Grace Hollins"}),
        ("record_ashes", {"token": M, "case_ref": c, "received_on": "2029-02-19", "container": "urn"}),
        ("release_ashes", {"token": G, "case_ref": c, "collected_by_contact_id": k, "id_seen": True}),
        login("priya"),
        ("issue_invoice", {"token": P, "case_ref": c}),
        ("record_payment", {"token": P, "invoice_no": "$issue_invoice.invoice_no", "amount": "$issue_invoice.balance",
                            "method": "bank_transfer"}),
        ("add_case_note", {"token": P, "case_ref": c, "note": "Account settled in full; thank-you card sent"}),
    ]


def briggs() -> list:
    c, b = FOUND, "$get_case.bookings.0.booking_ref"
    return [
        login("grace"), ("find_case", {"token": G, "surname": "Briggs"}),
        ("request_referee_review", {"token": G, "case_ref": c}),
        ("get_case", {"token": G, "case_ref": c}),
        ("confirm_venue_booking", {"token": G, "booking_ref": b}),
        ("list_celebrants", {"token": G, "date": "2029-02-12"}),
        ("book_celebrant", {"token": G, "case_ref": c, "celebrant_id": "$list_celebrants.0.celebrant_id",
                            "booking_ref": b}),
        ("book_viewing", {"token": G, "case_ref": c, "date": "2029-02-08", "time": "15:00", "visitors": 6}),
        ("publish_notice", {"token": G, "case_ref": c, "newspaper": "TELEGRAPH", "run_date": "2029-02-08",
                            "text": "BRIGGS Harold, of Walkley, on 28 January, aged 91. Service at City Road "
                                    "Crematorium, 12 February, 11am."}),
        ("record_funeral_held", {"token": G, "booking_ref": b, "conducted_by": "Grace Hollins"}),
        login("mark"),
        ("record_ashes", {"token": M, "case_ref": c, "received_on": "2029-02-14", "container": "casket"}),
        ("release_ashes", {"token": G, "case_ref": c, "collected_by_contact_id": "$get_case.contacts.0.contact_id",
                           "id_seen": True}),
        login("priya"),
        ("issue_invoice", {"token": P, "case_ref": c}),
        ("record_payment", {"token": P, "invoice_no": "$issue_invoice.invoice_no", "amount": "$issue_invoice.balance",
                            "method": "card"}),
        ("add_case_note", {"token": P, "case_ref": c, "note": "Paid in full by Susan Briggs"}),
    ]


def pryce() -> list:
    c = FOUND
    return [
        login("grace"), ("find_case", {"token": G, "surname": "Pryce"}),
        login("mark"),
        ("record_preparation", {"token": M, "case_ref": c, "embalmed": True, "dressed_in": "her lilac dress",
                                "notes": "Wedding ring to stay on"}),
        ("record_registration", {"token": G, "case_ref": c, "district": "Sheffield", "entry_no": 230,
                                 "green_form_received": True}),
        ("list_coffins", {}),
        ("choose_coffin", {"token": G, "case_ref": c, "coffin_code": "$list_coffins.0.code",
                           "nameplate": "Edna Pryce 1936 - 2029"}),
        ("add_service_item", {"token": G, "case_ref": c, "item_code": "ORDER_OF_SERVICE", "quantity": 2}),
        ("prepare_estimate", {"token": G, "case_ref": c}),
        ("get_case", {"token": G, "case_ref": c}),
        ("accept_estimate", {"token": G, "estimate_no": "$prepare_estimate.estimate_no",
                             "signed_by_contact_id": "$get_case.contacts.0.contact_id"}),
        ("take_deposit", {"token": G, "case_ref": c, "amount": "$prepare_estimate.deposit_due", "method": "cheque"}),
        ("list_venues", {"token": G, "kind": "cemetery"}),
        ("check_venue_slots", {"token": G, "venue_code": "$list_venues.0.code", "date": "2029-02-15"}),
        ("book_venue", {"token": G, "case_ref": c, "venue_code": "$list_venues.0.code", "date": "2029-02-15",
                        "time": "$check_venue_slots.1"}),
        ("confirm_venue_booking", {"token": G, "booking_ref": "$book_venue.booking_ref"}),
    ]


def croft() -> list:
    c = FOUND
    return [
        login("grace"), ("find_case", {"token": G, "surname": "Croft"}),
        ("arrange_collection", {"token": G, "case_ref": c, "from_address": "St Luke's Hospice, Little Common Lane",
                                "team": ["Mark Ebbs", "Lee Dunn"], "vehicle": "private_ambulance"}),
        login("mark"),
        ("receive_into_care", {"token": M, "case_ref": c, "transfer_id": "$arrange_collection.transfer_id",
                               "id_band_checked": True, "property_items": []}),
        ("set_funeral_type", {"token": G, "case_ref": c, "disposal": "cremation"}),
        ("get_case", {"token": G, "case_ref": c}),
        ("submit_cremation_application", {"token": G, "case_ref": c,
                                          "applicant_id": "$get_case.contacts.0.contact_id"}),
        ("record_medical_certificate", {"token": G, "case_ref": c, "doctor_name": "Dr Sarah Kemp",
                                        "gmc_number": "5912047"}),
    ]


def found_path(consumer: str) -> list:
    if consumer == "add_family_contact":
        return [login("grace"), ("find_case", {"token": G, "surname": "Briggs"}),
                ("add_family_contact", {"token": G, "case_ref": FOUND, "name": "Liam Briggs", "relationship": "grandson",
                                        "phone": "07700 900874"})]
    for journey in (briggs(), pryce(), croft()):
        if any(s[0] == consumer for s in journey):
            return cut(journey, consumer)
    raise KeyError(consumer)


def new_path(consumer: str) -> list:
    if consumer == "get_case":
        return [login("grace"), ("record_first_call", {"token": G, **FIRST}), ("get_case", {"token": G, "case_ref": NEW})]
    return cut(whitaker(), consumer)


CANCEL = ("cancel_venue_booking", {"token": G, "booking_ref": "$book_venue.booking_ref",
                                   "reason": "Family chose Hutcliffe Wood instead"})

_BODY = (
    [(p, c, path(c)) for c in tools.CASE_CONSUMERS
     for p, path in (("find_case", found_path), ("record_first_call", new_path))]
    + [
        ("add_family_contact", "submit_cremation_application", cut(whitaker(), "submit_cremation_application")),
        ("get_case", "submit_cremation_application", croft()[:-1]),
        ("add_family_contact", "accept_estimate", cut(whitaker(), "accept_estimate")),
        ("get_case", "accept_estimate", cut(pryce(), "accept_estimate")),
        ("add_family_contact", "release_ashes", cut(whitaker(), "release_ashes")),
        ("get_case", "release_ashes", cut(briggs(), "release_ashes")),
        ("book_venue", "confirm_venue_booking", cut(whitaker(), "confirm_venue_booking")),
        ("get_case", "confirm_venue_booking", cut(briggs(), "confirm_venue_booking")),
        ("book_venue", "cancel_venue_booking", cut(whitaker(), "book_venue") + [CANCEL]),
        ("get_case", "cancel_venue_booking", [login("grace"), ("find_case", {"token": G, "surname": "Briggs"}),
                                              ("get_case", {"token": G, "case_ref": FOUND}),
                                              ("cancel_venue_booking", {"token": G,
                                                                        "booking_ref": "$get_case.bookings.0.booking_ref",
                                                                        "reason": "Family moved the date"})]),
        ("book_venue", "book_celebrant", cut(whitaker(), "book_celebrant")),
        ("get_case", "book_celebrant", cut(briggs(), "book_celebrant")),
        ("book_venue", "record_funeral_held", cut(whitaker(), "record_funeral_held")),
        ("get_case", "record_funeral_held", cut(briggs(), "record_funeral_held")),
        ("arrange_collection", "receive_into_care", cut(whitaker(), "receive_into_care")),
        ("prepare_estimate", "accept_estimate", cut(whitaker(), "accept_estimate")),
        ("issue_invoice", "record_payment", cut(whitaker(), "record_payment")),
        ("list_celebrants", "book_celebrant", cut(whitaker(), "book_celebrant")),
        ("list_coffins", "choose_coffin", cut(whitaker(), "choose_coffin")),
        ("list_venues", "check_venue_slots", cut(whitaker(), "check_venue_slots")),
        ("list_venues", "book_venue", cut(whitaker(), "book_venue")),
        ("check_venue_slots", "book_venue", cut(whitaker(), "book_venue")),
        ("receive_into_care", "record_preparation", cut(whitaker(), "record_preparation")),
        ("record_preparation", "book_viewing", cut(whitaker(), "book_viewing")),
        ("set_funeral_type", "submit_cremation_application", cut(whitaker(), "submit_cremation_application")),
        ("set_funeral_type", "record_medical_certificate", croft()),
        ("submit_cremation_application", "request_referee_review", cut(whitaker(), "request_referee_review")),
        ("record_medical_certificate", "request_referee_review", cut(whitaker(), "request_referee_review")),
        ("record_registration", "request_referee_review", cut(whitaker(), "request_referee_review")),
        ("record_registration", "confirm_venue_booking", pryce()),
        ("request_referee_review", "confirm_venue_booking", cut(whitaker(), "confirm_venue_booking")),
        ("choose_coffin", "prepare_estimate", cut(whitaker(), "prepare_estimate")),
        ("accept_estimate", "take_deposit", cut(whitaker(), "take_deposit")),
        ("take_deposit", "confirm_venue_booking", cut(whitaker(), "confirm_venue_booking")),
        ("confirm_venue_booking", "publish_notice", cut(whitaker(), "publish_notice")),
        ("confirm_venue_booking", "record_funeral_held", cut(briggs(), "record_funeral_held")),
        ("record_funeral_held", "record_ashes", cut(whitaker(), "record_ashes")),
        ("record_funeral_held", "issue_invoice", cut(briggs(), "issue_invoice")),
        ("record_ashes", "release_ashes", cut(briggs(), "release_ashes")),
    ]
)

_OWN = {"staff_sign_out": [login("priya"), ("staff_sign_out", {"token": P})],
        "day_sheet": [login("grace"), ("day_sheet", {"token": G, "date": "2029-02-12"})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "staff_sign_in":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("staff_sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("get_case", [login("grace"), ("find_case", {"token": G, "surname": "Briggs"}),
                  ("get_case", {"token": G, "case_ref": FOUND}),
                  ("book_viewing", {"token": G, "case_ref": FOUND, "date": "2029-02-08", "time": "15:00", "visitors": 6})]),
    ("add_service_item", cut(pryce(), "prepare_estimate")),
    ("day_sheet", _with(cut(briggs(), "record_funeral_held"), "record_funeral_held",
                        [("day_sheet", {"token": G, "date": "2029-02-12"})])),
    ("list_celebrants", cut(briggs(), "publish_notice")),
    ("record_preparation", cut(whitaker(), "record_funeral_held")),
    ("book_viewing", cut(whitaker(), "publish_notice")),
    ("list_venues", _with(cut(briggs(), "confirm_venue_booking"), "confirm_venue_booking",
                          [("list_venues", {"token": G, "kind": "crematorium"})])),
]
