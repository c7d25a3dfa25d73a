"""Scripted proofs that Muniment's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools and records
the returned ``"Error: ..."`` strings as rejected).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("sign_in", {...}, "kit")``) and pass the bare token whole (``"$kit"``); rows are
read by position (``"$todays_visits.1.0"``, ``"$find_reader.0.0"``, ``"$free_seats.8.0"``,
``"$catalogue_search.0.0"``, ``"$produced.0.1"``, ``"$copy_orders.1.5"``), dicts by key
(``"$item_description.surrogate"``), and the bare price whole (``"$quote_copy_order"``). Numbers a tool
only returns inside a sentence are written literally: a fresh state's first new reader's ticket
``RT-20488``, visit ``VIS-5571``, document orders ``DO-4471`` and on, condition report ``CR-0233``,
access application ``AA-0087``, photography permit ``PP-0388``, copy order ``CO-0912``, permission
request ``PR-0045`` and enquiry ``EQ-1204``. Each follows from its own counter and none exists without
its call. Free seats today are D1, D4-D8, M2, M3 and T1 (the map table last).

The day: Mrs Ruth Amesbury registered, her phone added, a seat booked today (moved to another desk on
another path), admitted, John Pike's lease of Mill Farm and the quarter sessions order book ordered
and fetched, a photography permit and twelve frames of the order book, the closed workhouse register
applied for, granted and ordered, the order book returned, copies of two folios declared, quoted, paid
and sent, the lease held for Saturday and Ruth signed out; Mrs Copley's expired ticket renewed, her
e-mail changed, a seat for tomorrow booked with the order book ordered in advance, and the visit
cancelled; Dr Okafor's school log book photographed, his map order cancelled, the log book reported,
assessed and ordered again, returned or held before he signs out, the workhouse register applied for,
quarter sessions copies for his book declared for publication, the depositor's permission asked,
granted, quoted, paid and sent, his earlier copy orders paid, sent or cancelled; Ms Harker's parish
register ordered on its microfilm; Mr Pennington admitted, moved to the map table and his held map
fetched (his visit cancelled on another path); Mr Graham Pike's e-mail enquiry logged and answered.
"""

import muniment_tools as tools

WHO = {"kit": ("kit.m", "Strongroom-3"), "anne": ("anne.b", "Provenance-1742"), "tom": ("tom.w", "Wheat-Starch-9"),
       "sian": ("sian.l", "Flatbed-600dpi"), "gill": ("gill.r", "Accession-Reg-88")}
KIT, ANNE, TOM, SIAN = "$kit", "$anne", "$tom", "$sian"
TODAY, TOMORROW, SATURDAY = tools.TODAY, "2030-10-17", "2030-10-19"
RT, VIS = "RT-20488", "VIS-5571"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def ruth(upto: str) -> list:
    """Mrs Ruth Amesbury's first day: a ticket, a desk, the Pike lease, the order book, the workhouse register."""
    return cut([
        *sign_ins("kit", "anne", "sian"),
        ("free_seats", {"day": TODAY}),
        ("catalogue_search", {"text": "Pike"}),
        ("catalogue_search", {"text": "quarter sessions"}, "qs"),
        ("catalogue_search", {"text": "workhouse"}, "wh"),
        ("register_reader", {"token": KIT, "name": "Mrs Ruth Amesbury", "email": "ruth.amesbury@mail.example",
                             "postcode": "DR5 8PW", "id_document": "passport", "id_number": "533419087",
                             "address_proof": "council_tax"}),
        ("update_reader", {"token": KIT, "ticket": RT, "phone": "07700 900318"}),
        ("reader_record", {"token": KIT, "ticket": RT}),
        ("book_visit", {"token": KIT, "ticket": RT, "day": TODAY, "seat": "$free_seats.0.0"}),
        ("admit_reader", {"token": KIT, "visit_id": VIS, "locker": 14}),
        ("order_document", {"token": KIT, "visit_id": VIS, "reference": "$catalogue_search.0.0"}),
        ("order_document", {"token": KIT, "visit_id": VIS, "reference": "$qs.0.0"}, "order_qs"),
        ("produce_document", {"token": KIT, "order_id": "DO-4471"}),
        ("produce_document", {"token": KIT, "order_id": "DO-4472"}, "produce_qs"),
        ("buy_photo_permit", {"token": KIT, "visit_id": VIS}),
        ("record_photographs", {"token": KIT, "permit_id": "PP-0388", "order_id": "DO-4472", "frames": 12}),
        ("apply_for_access", {"token": KIT, "ticket": RT, "reference": "$wh.0.0",
                              "purpose": "Family history: a Pike great-grandmother said to have been in the workhouse "
                                         "about 1915"}),
        ("decide_access", {"token": ANNE, "application_id": "AA-0087", "granted": True,
                           "conditions": "Notes only on her own family; no copies; other inmates' names not to be "
                                         "published"}),
        ("return_document", {"token": KIT, "order_id": "DO-4472"}),
        ("order_document", {"token": KIT, "visit_id": VIS, "reference": "$wh.0.0"}, "order_wh"),
        ("new_copy_order", {"token": KIT, "ticket": RT, "reference": "$qs.0.0", "pages": ["f.112r", "f.112v"],
                            "copy_format": "pdf_scan"}),
        ("declare_copyright", {"token": KIT, "copy_order_id": "CO-0912", "purpose": "private_study",
                               "signed_by": "Ruth Amesbury"}),
        ("quote_copy_order", {"token": KIT, "copy_order_id": "CO-0912"}),
        ("pay_copy_order", {"token": KIT, "copy_order_id": "CO-0912", "amount": "$quote_copy_order", "method": "card"}),
        ("fulfil_copy_order", {"token": SIAN, "copy_order_id": "CO-0912"}),
        ("hold_document", {"token": KIT, "order_id": "DO-4471", "until": SATURDAY}),
        ("sign_out_reader", {"token": KIT, "visit_id": VIS}),
    ], upto)


RUTH_DESK = [*ruth("book_visit"), ("desk_change", {"token": KIT, "visit_id": VIS, "seat": "$free_seats.1.0"})]
RUTH_CANCEL = [*ruth("order_document"), ("cancel_order", {"token": KIT, "order_id": "DO-4471"})]
RUTH_REPORT = [*ruth("produce_document"),
               ("report_condition", {"token": KIT, "order_id": "DO-4471",
                                     "note": "The seal has come away from its tag; found loose in the folder"})]

CO_TICKET = "$find_reader.0.0"


def copley(upto: str) -> list:
    """Mrs Copley: her ticket renewed, a seat tomorrow with the order book in advance, then cancelled."""
    return cut([
        *sign_ins("kit"),
        ("find_reader", {"token": KIT, "text": "Copley"}),
        ("update_reader", {"token": KIT, "ticket": CO_TICKET, "email": "jean.copley@dorrington-fhs.example"}),
        ("renew_ticket", {"token": KIT, "ticket": CO_TICKET, "id_document": "driving_licence",
                          "id_number": "COPLE607153J99AB"}),
        ("free_seats", {"day": TOMORROW}),
        ("catalogue_search", {"text": "quarter sessions"}),
        ("book_visit", {"token": KIT, "ticket": CO_TICKET, "day": TOMORROW, "seat": "$free_seats.0.0"}),
        ("order_document", {"token": KIT, "visit_id": VIS, "reference": "$catalogue_search.0.0"}),
        ("cancel_visit", {"token": KIT, "visit_id": VIS, "reason": "Mrs Copley rang: she cannot come tomorrow after all"}),
    ], upto)


OK_VISIT = "$todays_visits.1.0"
OK_DOC = "$produced.0.0"


def okafor(upto: str) -> list:
    """Dr Okafor in the room: the school log book photographed, reported, assessed, ordered again."""
    return cut([
        *sign_ins("kit", "tom"),
        ("todays_visits", {"token": KIT}),
        ("order_queue", {"token": KIT, "status": "produced"}, "produced"),
        ("order_queue", {"token": KIT, "status": "ordered"}, "queued"),
        ("buy_photo_permit", {"token": KIT, "visit_id": OK_VISIT}),
        ("record_photographs", {"token": KIT, "permit_id": "PP-0388", "order_id": OK_DOC, "frames": 20}),
        ("cancel_order", {"token": KIT, "order_id": "$queued.0.0"}),
        ("report_condition", {"token": KIT, "order_id": OK_DOC,
                              "note": "Spine split at page 112; a gathering is working loose"}),
        ("assess_condition", {"token": TOM, "report_id": "CR-0233", "outcome": "handle_with_care",
                              "note": "Loose gathering secured; produce on foam supports with weights"}),
        ("order_document", {"token": KIT, "visit_id": OK_VISIT, "reference": "$produced.0.1"}),
    ], upto)


OKAFOR_RETURN = [*sign_ins("kit"), ("todays_visits", {"token": KIT}),
                 ("order_queue", {"token": KIT, "status": "produced"}, "produced"),
                 ("return_document", {"token": KIT, "order_id": OK_DOC}),
                 ("sign_out_reader", {"token": KIT, "visit_id": OK_VISIT})]
OKAFOR_HOLD = [*sign_ins("kit"), ("todays_visits", {"token": KIT}),
               ("order_queue", {"token": KIT, "status": "produced"}, "produced"),
               ("hold_document", {"token": KIT, "order_id": OK_DOC, "until": SATURDAY}),
               ("sign_out_reader", {"token": KIT, "visit_id": OK_VISIT})]
OKAFOR_APPLY = [*sign_ins("kit"), ("find_reader", {"token": KIT, "text": "Okafor"}),
                ("reader_record", {"token": KIT, "ticket": "$find_reader.0.0"}),
                ("catalogue_search", {"text": "workhouse"}),
                ("apply_for_access", {"token": KIT, "ticket": "$find_reader.0.0", "reference": "$catalogue_search.0.0",
                                      "purpose": "Research for a book on crime and poverty in Dorrington, 1790-1830, "
                                                 "and its sequel to 1920"})]


def okafor_copies(upto: str) -> list:
    """Dr Okafor's copies of the quarter sessions order book for his book: permission, fee, payment."""
    return cut([
        *sign_ins("kit", "anne", "sian"),
        ("find_reader", {"token": KIT, "text": "Okafor"}),
        ("catalogue_search", {"text": "quarter sessions"}),
        ("new_copy_order", {"token": KIT, "ticket": "$find_reader.0.0", "reference": "$catalogue_search.0.0",
                            "pages": ["f.40r"], "copy_format": "tiff_master"}),
        ("declare_copyright", {"token": KIT, "copy_order_id": "CO-0912", "purpose": "publication",
                               "signed_by": "Samuel Okafor"}),
        ("request_permission", {"token": KIT, "copy_order_id": "CO-0912",
                                "publication": "Crime and Punishment in Dorrington, 1790-1830 (Dorrington University "
                                               "Press, 2031), plate 4"}),
        ("record_permission", {"token": ANNE, "request_id": "PR-0045", "granted": True, "fee": 25.0,
                               "note": "Credit line: Dorrington County Record Office, QS/1/45"}),
        ("quote_copy_order", {"token": KIT, "copy_order_id": "CO-0912"}),
        ("pay_copy_order", {"token": KIT, "copy_order_id": "CO-0912", "amount": "$quote_copy_order", "method": "card"}),
        ("fulfil_copy_order", {"token": SIAN, "copy_order_id": "CO-0912"}),
    ], upto)


OKAFOR_LISTED = [*sign_ins("kit", "sian"),
                 ("copy_orders", {"token": KIT}),
                 ("fulfil_copy_order", {"token": SIAN, "copy_order_id": "$copy_orders.0.0"}),
                 ("pay_copy_order", {"token": KIT, "copy_order_id": "$copy_orders.1.0", "amount": "$copy_orders.1.5",
                                     "method": "cash"})]
OKAFOR_LISTED_CANCEL = [*sign_ins("kit"), ("copy_orders", {"token": KIT}),
                        ("cancel_copy_order", {"token": KIT, "copy_order_id": "$copy_orders.1.0",
                                               "reason": "Dr Okafor photographed the page himself under his permit"})]

HARKER = [*sign_ins("kit"), ("todays_visits", {"token": KIT}),
          ("item_description", {"reference": "PR/ALD/1/2"}),
          ("order_document", {"token": KIT, "visit_id": "$todays_visits.2.0", "reference": "$item_description.surrogate"}),
          ("produce_document", {"token": KIT, "order_id": "DO-4471"})]

PENNINGTON = [*sign_ins("kit"), ("todays_visits", {"token": KIT}),
              ("free_seats", {"day": TODAY}),
              ("admit_reader", {"token": KIT, "visit_id": "$todays_visits.0.0", "locker": 3}),
              ("desk_change", {"token": KIT, "visit_id": "$todays_visits.0.0", "seat": "$free_seats.8.0"}),
              ("order_queue", {"token": KIT, "status": "held"}),
              ("produce_document", {"token": KIT, "order_id": "$order_queue.0.0"})]
PENNINGTON_CANCEL = [*sign_ins("kit"), ("todays_visits", {"token": KIT}),
                     ("cancel_visit", {"token": KIT, "visit_id": "$todays_visits.0.0",
                                       "reason": "Mr Pennington rang in unwell; the map stays held for him"})]

ENQUIRY = [*sign_ins("kit", "anne"),
           ("log_enquiry", {"token": KIT, "name": "Mr Graham Pike", "email": "g.pike@mail.example",
                            "question": "When did John Pike's lease of Mill Farm, Aldbourne, begin, and for how long?"}),
           ("answer_enquiry", {"token": ANNE, "enquiry_id": "EQ-1204",
                               "answer": "The lease (DD/HAR/12/3) is dated 25 March 1788, for 21 years at 40 pounds a "
                                         "year; copies can be ordered.", "hours": 0.75})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# readers
_FOUND = {"update_reader": copley("update_reader"), "reader_record": cut(OKAFOR_APPLY, "reader_record"),
          "book_visit": copley("book_visit"), "apply_for_access": OKAFOR_APPLY,
          "new_copy_order": okafor_copies("new_copy_order")}
for _c in tools.READER_CONSUMERS:
    _add("register_reader", _c, ruth(_c))
    _add("find_reader", _c, _FOUND[_c])
_add("find_reader", "renew_ticket", copley("renew_ticket"))
_add("renew_ticket", "book_visit", copley("book_visit"))

# visits
_BOOKED = {"cancel_visit": copley("cancel_visit"), "desk_change": RUTH_DESK}
_LISTED = {"admit_reader": cut(PENNINGTON, "admit_reader"), "order_document": HARKER[:-1],
           "cancel_visit": PENNINGTON_CANCEL, "desk_change": cut(PENNINGTON, "desk_change"),
           "buy_photo_permit": okafor("buy_photo_permit"), "sign_out_reader": OKAFOR_RETURN}
for _c in tools.VISIT_CONSUMERS:
    _add("book_visit", _c, _BOOKED.get(_c) or ruth(_c))
    _add("todays_visits", _c, _LISTED[_c])
for _c in ("order_document", "buy_photo_permit", "sign_out_reader"):
    _add("admit_reader", _c, ruth(_c))

# document orders
_QUEUED = {"produce_document": PENNINGTON, "return_document": cut(OKAFOR_RETURN, "return_document"),
           "hold_document": cut(OKAFOR_HOLD, "hold_document"), "report_condition": okafor("report_condition"),
           "cancel_order": okafor("cancel_order"), "record_photographs": okafor("record_photographs")}
_ORDERED = {"cancel_order": RUTH_CANCEL, "report_condition": RUTH_REPORT}
for _c in tools.ORDER_CONSUMERS:
    _add("order_document", _c, _ORDERED.get(_c) or ruth(_c))
    _add("order_queue", _c, _QUEUED[_c])
for _c in tools.ON_SEAT_CONSUMERS:
    _add("produce_document", _c, RUTH_REPORT if _c == "report_condition" else ruth(_c))
_add("return_document", "sign_out_reader", ruth("sign_out_reader"))
_add("hold_document", "sign_out_reader", ruth("sign_out_reader"))
_add("desk_change", "produce_document", PENNINGTON)
_add("report_condition", "assess_condition", okafor("assess_condition"))
_add("assess_condition", "order_document", okafor("order_document"))
_add("apply_for_access", "decide_access", ruth("decide_access"))
_add("decide_access", "order_document", ruth("order_wh"))
_add("buy_photo_permit", "record_photographs", ruth("record_photographs"))

# copies
for _c in tools.COPY_CONSUMERS:
    _add("new_copy_order", _c, okafor_copies(_c))
for _c in tools.LISTED_COPY_CONSUMERS:
    if _c == "cancel_copy_order":
        _add("new_copy_order", _c, [*ruth("declare_copyright"),
                                    ("cancel_copy_order", {"token": KIT, "copy_order_id": "CO-0912",
                                                           "reason": "Mrs Amesbury will photograph it herself"})])
        _add("copy_orders", _c, OKAFOR_LISTED_CANCEL)
    else:
        _add("new_copy_order", _c, ruth(_c))
        _add("copy_orders", _c, cut(OKAFOR_LISTED, _c))
_add("declare_copyright", "pay_copy_order", ruth("pay_copy_order"))
_add("declare_copyright", "request_permission", okafor_copies("request_permission"))
_add("request_permission", "record_permission", okafor_copies("record_permission"))
_add("record_permission", "pay_copy_order", okafor_copies("pay_copy_order"))
_add("quote_copy_order", "pay_copy_order", ruth("pay_copy_order"))
_add("pay_copy_order", "fulfil_copy_order", okafor_copies("fulfil_copy_order"))
_add("log_enquiry", "answer_enquiry", ENQUIRY)

# vocabularies
for _c in ("order_document", "apply_for_access", "new_copy_order"):
    _add("catalogue_search", _c, ruth(_c))
_add("item_description", "order_document", HARKER[:-1])
_add("free_seats", "book_visit", ruth("book_visit"))
_add("free_seats", "desk_change", cut(PENNINGTON, "desk_change"))

_OWN = {"sign_out": [sign_in("gill"), ("sign_out", {"token": "$gill"})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("free_seats", [*sign_ins("kit"), ("free_seats", {"day": TODAY}), *copley("renew_ticket")[1:]]),
    ("reader_record", ruth("book_visit")),
    ("update_reader", ruth("book_visit")),
    ("record_photographs", ruth("return_document")),
    ("buy_photo_permit", ruth("return_document")),
    ("cancel_order", okafor("report_condition")),
    ("catalogue_search", copley("cancel_visit")),
]
