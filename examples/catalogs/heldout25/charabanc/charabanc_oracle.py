"""Scripted proofs that Charabanc's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which converts the pydantic replies and,
given ``FAILURE``, records the returned ``(body, status)`` pairs as rejected).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("sign_in", {...}, "hannah")``) and pass ``"$hannah.token"``; replies are read by
field (``"$new_customer.customer_id"``, ``"$quote_hire.quote_id"``, ``"$accept_quote.hire_id"``,
``"$accept_quote.deposit_invoice_id"``, ``"$book_tour.booking_id"``, ``"$invoice_hire.invoice_id"``,
``"$report_defect.defect_id"``), lists by position and field (``"$find_customer.0.customer_id"``,
``"$destinations.3.code"``, ``"$tour_programme.1.tour_id"``, ``"$hire_diary.0.job_id"``,
``"$fleet_list.0.fleet_no"``, ``"$driver_roster.2.driver_id"``, ``"$defect_list.0.defect_id"``) and nested
lists by field and position (``"$tour_programme.1.pickups.0.code"``, ``"$customer_account.quotes.0.quote_id"``,
``"$customer_account.invoices.0.balance"``, ``"$seat_plan.rows.3.0"``, ``"$tour_manifest.bookings.3.booking_id"``,
``"$hire_details.pickups.1.place"``). Every id is read from a reply; none is written literally.

The day: the Tonbury Bowls Club registered, quoted for Eastbourne on 18 June with a wheelchair user,
six more members added to the quote, accepted, two extra pick-ups (one taken off again), the deposit
paid by transfer, a coach with a lift and a driver allocated (the first driver swapped), the running
card, a welcome e-mail (or the hire called off); the Rugby Club's Twickenham quote accepted from its
account, deposit by card, an executive coach and a driver, the running card, the hire done with
waiting time, invoiced and paid; St Anselm's school trip done today, invoiced and paid, and a leavers'
trip quoted; Bramley & Co's Canterbury hire given a coach and a driver (one swapped) and its running
card, or given the repaired coach; the Whitlock deposit paid, a pick-up swapped, a coach and driver
(or the hire cancelled); a heater defect reported and cleared; Mrs Margaret Hale registered, booked
with her sister on the Canterbury tour, seats by a window, her pick-up changed, paid, her e-mail
address added, tickets e-mailed and a note (or the booking cancelled); Mrs Platt's Windsor booking
paid, seats chosen, tickets sent, the Windsor departure confirmed and, with a coach and driver, its
running card; Mr Oakley's Canterbury pick-up changed and his booking cancelled; the Ashbys booked on
the Canterbury tour; the Portsmouth departure cancelled; a text to the Rugby Club; Mr Oakley's e-mail
address.
"""

import charabanc_tools as tools

WHO = {"hannah": ("hannah.g", "Coach-Trip-22"), "vic": ("vic.p", "Tacho-Card-9"), "sue": ("sue.b", "Ledger-Wealdway"),
       "ray": ("ray.w", "Wealdway-1962")}
HANNAH, VIC, SUE = "$hannah.token", "$vic.token", "$sue.token"
TODAY = tools.TODAY


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


BOWLS = "$new_customer.customer_id"
HIRE = "$accept_quote.hire_id"

DENTON = [
    *sign_ins("hannah", "vic", "sue"),
    ("destinations", {}),
    ("new_customer", {"token": HANNAH, "name": "Tonbury Bowls Club", "kind": "club", "phone": "01632 960588",
                      "address": "Recreation Ground, Tonbury", "postcode": "TN4 1RG",
                      "email": "secretary@tonburybowls.example", "contact": "Mr Roy Denton, secretary"}),
    ("quote_hire", {"token": HANNAH, "customer_id": BOWLS, "destination": "$destinations.3.code", "day": "2031-06-18",
                    "depart": "09:00", "return_by": "18:00", "passengers": 38, "coach_type": "standard",
                    "pickup": "Recreation Ground, Tonbury", "wheelchair_users": 1}),
    ("amend_quote", {"token": HANNAH, "quote_id": "$quote_hire.quote_id", "passengers": 44}),
    ("accept_quote", {"token": HANNAH, "quote_id": "$quote_hire.quote_id", "signed_by": "Mr Roy Denton, secretary"}),
    ("add_pickup", {"token": HANNAH, "hire_id": HIRE, "place": "Ashden, village hall", "time": "09:20"}),
    ("add_pickup", {"token": HANNAH, "hire_id": HIRE, "place": "Tonbury, Market Square", "time": "09:10"},
     "second_pickup"),
    ("remove_pickup", {"token": HANNAH, "hire_id": HIRE, "place": "$second_pickup.pickups.1.place"}),
    ("take_payment", {"token": SUE, "invoice_id": "$accept_quote.deposit_invoice_id", "amount": "$accept_quote.deposit",
                      "method": "bank_transfer"}),
    ("hire_details", {"token": HANNAH, "hire_id": HIRE}),
    ("fleet_list", {"token": VIC, "day": "2031-06-18", "coach_type": "standard"}),
    ("driver_roster", {"token": VIC, "day": "2031-06-18"}),
    ("allocate_coach", {"token": VIC, "job_id": HIRE, "fleet_no": "$fleet_list.0.fleet_no"}),
    ("allocate_driver", {"token": VIC, "job_id": HIRE, "driver_id": "$driver_roster.0.driver_id"}),
    ("release_driver", {"token": VIC, "job_id": HIRE, "reason": "Pete has his licence medical that morning"}),
    ("allocate_driver", {"token": VIC, "job_id": HIRE, "driver_id": "$driver_roster.2.driver_id"}, "second_driver"),
    ("issue_running_card", {"token": VIC, "job_id": HIRE}),
    ("customer_account", {"token": HANNAH, "customer_id": BOWLS}),
    ("notify_customer", {"token": HANNAH, "customer_id": BOWLS, "channel": "email",
                         "message": "Dear Mr Denton, your coach to Eastbourne on 18 June is booked: Dev Kaur will "
                                    "drive WC-07, which has a wheelchair lift. Pick-ups 09:00 at the Recreation "
                                    "Ground and 09:20 at Ashden village hall."}),
]

DENTON_CANCEL = cut(DENTON, "accept_quote") + [
    ("cancel_hire", {"token": HANNAH, "hire_id": HIRE,
                     "reason": "Too few members can come midweek; the club will try for a Saturday"}),
]

RUGBY = [
    *sign_ins("hannah", "vic", "sue"),
    ("find_customer", {"token": HANNAH, "text": "Rugby"}),
    ("customer_account", {"token": HANNAH, "customer_id": "$find_customer.0.customer_id"}),
    ("accept_quote", {"token": HANNAH, "quote_id": "$customer_account.quotes.0.quote_id",
                      "signed_by": "Mr Gavin Moss, club secretary"}),
    ("take_payment", {"token": SUE, "invoice_id": "$accept_quote.deposit_invoice_id", "amount": "$accept_quote.deposit",
                      "method": "card"}),
    ("fleet_list", {"token": VIC, "day": TODAY, "coach_type": "executive"}),
    ("driver_roster", {"token": VIC, "day": TODAY}),
    ("allocate_coach", {"token": VIC, "job_id": HIRE, "fleet_no": "$fleet_list.0.fleet_no"}),
    ("allocate_driver", {"token": VIC, "job_id": HIRE, "driver_id": "$driver_roster.2.driver_id"}),
    ("issue_running_card", {"token": VIC, "job_id": HIRE}),
    ("complete_hire", {"token": VIC, "hire_id": HIRE, "waiting_minutes": 25,
                       "notes": "Held in the stadium car park after the match; back 25 minutes late"}),
    ("invoice_hire", {"token": SUE, "hire_id": HIRE}),
    ("take_payment", {"token": SUE, "invoice_id": "$invoice_hire.invoice_id", "amount": "$invoice_hire.balance",
                      "method": "card"}, "final"),
]

RUGBY_TEXT = [*sign_ins("hannah"), ("find_customer", {"token": HANNAH, "text": "Rugby"}),
              ("notify_customer", {"token": HANNAH, "customer_id": "$find_customer.0.customer_id", "channel": "sms",
                                   "message": "Wealdway Coaches: your executive coach will be at Moor Lane at 10:15 "
                                              "for the 10:30 departure."})]

SCHOOL_TODAY = [
    *sign_ins("vic", "sue"),
    ("hire_diary", {"token": VIC, "day": TODAY}),
    ("complete_hire", {"token": VIC, "hire_id": "$hire_diary.0.job_id", "waiting_minutes": 20,
                       "notes": "The last group was late back to the coach park"}),
    ("invoice_hire", {"token": SUE, "hire_id": "$hire_diary.0.job_id"}),
    ("take_payment", {"token": SUE, "invoice_id": "$invoice_hire.invoice_id", "amount": "$invoice_hire.balance",
                      "method": "bank_transfer"}),
]

SCHOOL_QUOTE = [*sign_ins("hannah"), ("destinations", {}), ("find_customer", {"token": HANNAH, "text": "Anselm"}),
                ("quote_hire", {"token": HANNAH, "customer_id": "$find_customer.0.customer_id",
                                "destination": "$destinations.5.code", "day": "2031-07-08", "depart": "08:00",
                                "return_by": "17:30", "passengers": 50, "coach_type": "standard",
                                "pickup": "St Anselm's, Church Walk"})]

BJ = "$hire_diary.0.job_id"
BRAMLEY = [
    *sign_ins("vic"),
    ("hire_diary", {"token": VIC, "day": "2031-06-04"}),
    ("hire_details", {"token": VIC, "hire_id": BJ}),
    ("fleet_list", {"token": VIC, "day": "2031-06-04", "coach_type": "standard"}),
    ("driver_roster", {"token": VIC, "day": "2031-06-04"}),
    ("allocate_coach", {"token": VIC, "job_id": BJ, "fleet_no": "$fleet_list.0.fleet_no"}),
    ("allocate_driver", {"token": VIC, "job_id": BJ, "driver_id": "$driver_roster.0.driver_id"}),
    ("release_driver", {"token": VIC, "job_id": BJ, "reason": "Pete swaps to cover the school swimming run"}),
    ("allocate_driver", {"token": VIC, "job_id": BJ, "driver_id": "$driver_roster.2.driver_id"}, "second_driver"),
    ("issue_running_card", {"token": VIC, "job_id": BJ}),
]

REPAIRED = [
    *sign_ins("vic"),
    ("defect_list", {"token": VIC, "status": "open"}),
    ("clear_defect", {"token": VIC, "defect_id": "$defect_list.0.defect_id", "repaired_by": "Kev Lane",
                      "note": "New nearside rear tyre fitted and the wheel nuts torqued"}),
    ("hire_diary", {"token": VIC, "day": "2031-06-04"}),
    ("fleet_list", {"token": VIC, "day": "2031-06-04", "coach_type": "standard"}),
    ("allocate_coach", {"token": VIC, "job_id": BJ, "fleet_no": "$fleet_list.1.fleet_no"}),
]

HEATER = [*sign_ins("vic"), ("fleet_list", {"token": VIC, "day": TODAY, "coach_type": "executive"}),
          ("report_defect", {"token": VIC, "fleet_no": "$fleet_list.0.fleet_no", "defect": "Saloon heater fan not working",
                             "severity": "minor"}),
          ("clear_defect", {"token": VIC, "defect_id": "$report_defect.defect_id", "repaired_by": "Kev Lane",
                            "note": "Heater fan motor replaced"})]

WJ = "$hire_diary.0.job_id"
WHITLOCK = [
    *sign_ins("hannah", "sue", "vic"),
    ("find_customer", {"token": HANNAH, "text": "Whitlock"}),
    ("customer_account", {"token": HANNAH, "customer_id": "$find_customer.0.customer_id"}),
    ("take_payment", {"token": SUE, "invoice_id": "$customer_account.invoices.0.invoice_id",
                      "amount": "$customer_account.invoices.0.balance", "method": "card"}),
    ("hire_diary", {"token": VIC, "day": "2031-06-07"}),
    ("hire_details", {"token": HANNAH, "hire_id": WJ}),
    ("remove_pickup", {"token": HANNAH, "hire_id": WJ, "place": "$hire_details.pickups.1.place"}),
    ("add_pickup", {"token": HANNAH, "hire_id": WJ, "place": "Hartsfield Grange Hotel", "time": "10:45"}),
    ("fleet_list", {"token": VIC, "day": "2031-06-07", "coach_type": "executive"}),
    ("driver_roster", {"token": VIC, "day": "2031-06-07"}),
    ("allocate_coach", {"token": VIC, "job_id": WJ, "fleet_no": "$fleet_list.0.fleet_no"}),
    ("allocate_driver", {"token": VIC, "job_id": WJ, "driver_id": "$driver_roster.0.driver_id"}),
]

WHITLOCK_CANCEL = [*sign_ins("hannah"), ("hire_diary", {"token": HANNAH, "day": "2031-06-07"}),
                   ("cancel_hire", {"token": HANNAH, "hire_id": WJ,
                                    "reason": "The birthday party has moved to a restaurant in town"})]

MH = "$new_customer.customer_id"
MH_TB = "$book_tour.booking_id"
HALE = [
    *sign_ins("hannah", "sue"),
    ("tour_programme", {}),
    ("new_customer", {"token": HANNAH, "name": "Mrs Margaret Hale", "kind": "private", "phone": "07700 900655",
                      "address": "14 Vicarage Road, Tonbury", "postcode": "TN4 2VR"}),
    ("book_tour", {"token": HANNAH, "tour_id": "$tour_programme.1.tour_id", "customer_id": MH,
                   "passengers": ["Mrs Margaret Hale", "Mrs Joan Pike"], "pickup": "$tour_programme.1.pickups.0.code"}),
    ("seat_plan", {"token": HANNAH, "tour_id": "$tour_programme.1.tour_id"}),
    ("choose_seats", {"token": HANNAH, "booking_id": MH_TB, "seats": ["$seat_plan.rows.3.0", "$seat_plan.rows.3.1"]}),
    ("change_pickup", {"token": HANNAH, "booking_id": MH_TB, "pickup": "$tour_programme.1.pickups.1.code"}),
    ("take_payment", {"token": SUE, "invoice_id": "$book_tour.invoice_id", "amount": "$book_tour.total",
                      "method": "card"}),
    ("update_customer", {"token": HANNAH, "customer_id": MH, "email": "margaret.hale@mail.example"}),
    ("issue_tickets", {"token": HANNAH, "booking_id": MH_TB}),
    ("notify_customer", {"token": HANNAH, "customer_id": MH, "channel": "email",
                         "message": "Dear Mrs Hale, your tickets for Canterbury on 14 June are on their way; the coach "
                                    "calls at Tonbury Market Square at 08:20."}),
    ("customer_account", {"token": HANNAH, "customer_id": MH}),
]

HALE_CANCEL = cut(HALE, "book_tour") + [
    ("cancel_tour_booking", {"token": HANNAH, "booking_id": MH_TB, "reason": "Mrs Pike cannot come after all"}),
]

PLATT_TB = "$tour_manifest.bookings.3.booking_id"
PLATT = [
    *sign_ins("hannah", "sue"),
    ("find_customer", {"token": HANNAH, "text": "Platt"}),
    ("customer_account", {"token": HANNAH, "customer_id": "$find_customer.0.customer_id"}),
    ("take_payment", {"token": SUE, "invoice_id": "$customer_account.invoices.0.invoice_id",
                      "amount": "$customer_account.invoices.0.balance", "method": "card"}),
    ("tour_programme", {}),
    ("tour_manifest", {"token": HANNAH, "tour_id": "$tour_programme.0.tour_id"}),
    ("seat_plan", {"token": HANNAH, "tour_id": "$tour_programme.0.tour_id"}),
    ("choose_seats", {"token": HANNAH, "booking_id": PLATT_TB, "seats": ["$seat_plan.rows.7.2", "$seat_plan.rows.7.3"]}),
    ("issue_tickets", {"token": HANNAH, "booking_id": PLATT_TB}),
    ("confirm_departure", {"token": HANNAH, "tour_id": "$tour_programme.0.tour_id"}),
]

TOUR_RUN = cut(PLATT, "tour_programme") + [
    *sign_ins("vic"),
    ("confirm_departure", {"token": VIC, "tour_id": "$tour_programme.0.tour_id"}),
    ("hire_diary", {"token": VIC, "day": "2031-06-07"}),
    ("fleet_list", {"token": VIC, "day": "2031-06-07", "coach_type": "standard"}),
    ("driver_roster", {"token": VIC, "day": "2031-06-07"}),
    ("allocate_coach", {"token": VIC, "job_id": "$hire_diary.1.job_id", "fleet_no": "$fleet_list.0.fleet_no"}),
    ("allocate_driver", {"token": VIC, "job_id": "$hire_diary.1.job_id", "driver_id": "$driver_roster.0.driver_id"}),
    ("issue_running_card", {"token": VIC, "job_id": "$hire_diary.1.job_id"}),
]

OAKLEY = [
    *sign_ins("hannah"),
    ("tour_programme", {}),
    ("tour_manifest", {"token": HANNAH, "tour_id": "$tour_programme.1.tour_id"}),
    ("change_pickup", {"token": HANNAH, "booking_id": "$tour_manifest.bookings.0.booking_id",
                       "pickup": "$tour_programme.1.pickups.0.code"}),
    ("cancel_tour_booking", {"token": HANNAH, "booking_id": "$tour_manifest.bookings.0.booking_id",
                             "reason": "Mr Oakley has a hospital appointment that day"}),
]
OAKLEY_MAIL = [*sign_ins("hannah"), ("find_customer", {"token": HANNAH, "text": "Oakley"}),
               ("update_customer", {"token": HANNAH, "customer_id": "$find_customer.0.customer_id",
                                    "email": "derek.oakley@mail.example"})]
ASHBY = [*sign_ins("hannah"), ("tour_programme", {}), ("find_customer", {"token": HANNAH, "text": "Ashby"}),
         ("book_tour", {"token": HANNAH, "tour_id": "$tour_programme.1.tour_id",
                        "customer_id": "$find_customer.0.customer_id", "passengers": ["Mr Ken Ashby", "Mrs Lynn Ashby"],
                        "pickup": "$tour_programme.1.pickups.0.code"})]
PORTSMOUTH = [*sign_ins("vic"), ("tour_programme", {}),
              ("cancel_departure", {"token": VIC, "tour_id": "$tour_programme.2.tour_id",
                                    "reason": "Only two seats sold, and HMS Warrior is closed for repairs that week"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers and quotes
_FOUND = {"update_customer": OAKLEY_MAIL, "customer_account": cut(PLATT, "customer_account"),
          "notify_customer": RUGBY_TEXT, "quote_hire": SCHOOL_QUOTE, "book_tour": ASHBY}
for _c in tools.CUSTOMER_CONSUMERS:
    _add("new_customer", _c, cut(DENTON if _c == "quote_hire" else HALE, _c))
    _add("find_customer", _c, _FOUND[_c])
_add("quote_hire", "amend_quote", cut(DENTON, "amend_quote"))
_add("quote_hire", "accept_quote", cut(DENTON, "accept_quote"))
_add("customer_account", "accept_quote", cut(RUGBY, "accept_quote"))

# hires
_ACCEPTED = {"cancel_hire": DENTON_CANCEL, "complete_hire": RUGBY, "invoice_hire": RUGBY}
_DIARY = {"hire_details": BRAMLEY, "add_pickup": WHITLOCK, "remove_pickup": WHITLOCK, "cancel_hire": WHITLOCK_CANCEL,
          "allocate_coach": BRAMLEY, "allocate_driver": BRAMLEY, "release_driver": BRAMLEY,
          "issue_running_card": BRAMLEY, "complete_hire": SCHOOL_TODAY, "invoice_hire": SCHOOL_TODAY}
for _c in tools.HIRE_CONSUMERS:
    _add("accept_quote", _c, cut(_ACCEPTED.get(_c, DENTON), _c))
    _add("hire_diary", _c, cut(_DIARY[_c], _c))

# invoices and defects
_add("accept_quote", "take_payment", cut(DENTON, "take_payment"))
_add("customer_account", "take_payment", cut(WHITLOCK, "take_payment"))
_add("book_tour", "take_payment", cut(HALE, "take_payment"))
_add("invoice_hire", "take_payment", SCHOOL_TODAY)
_add("fleet_list", "report_defect", cut(HEATER, "report_defect"))
_add("report_defect", "clear_defect", HEATER)
_add("defect_list", "clear_defect", cut(REPAIRED, "clear_defect"))

# tours
_TOUR = {"book_tour": HALE, "seat_plan": HALE, "tour_manifest": OAKLEY, "confirm_departure": PLATT,
         "cancel_departure": PORTSMOUTH}
for _c in tools.TOUR_CONSUMERS:
    _add("tour_programme", _c, cut(_TOUR[_c], _c))
_LISTED = {"choose_seats": PLATT, "change_pickup": OAKLEY, "cancel_tour_booking": OAKLEY, "issue_tickets": PLATT}
for _c in tools.BOOKING_CONSUMERS:
    _add("book_tour", _c, cut(HALE_CANCEL if _c == "cancel_tour_booking" else HALE, _c))
    _add("tour_manifest", _c, cut(_LISTED[_c], _c))

# vocabularies
_add("destinations", "quote_hire", cut(DENTON, "quote_hire"))
_add("fleet_list", "allocate_coach", cut(DENTON, "allocate_coach"))
_add("driver_roster", "allocate_driver", cut(DENTON, "allocate_driver"))
_add("tour_programme", "change_pickup", cut(HALE, "change_pickup"))
_add("seat_plan", "choose_seats", cut(HALE, "choose_seats"))

# states
_add("take_payment", "allocate_coach", cut(WHITLOCK, "allocate_coach"))
_add("take_payment", "allocate_driver", WHITLOCK)
_add("allocate_coach", "issue_running_card", cut(DENTON, "issue_running_card"))
_add("allocate_driver", "issue_running_card", cut(DENTON, "issue_running_card"))
_add("allocate_driver", "release_driver", cut(DENTON, "release_driver"))
_add("issue_running_card", "complete_hire", cut(RUGBY, "complete_hire"))
_add("complete_hire", "invoice_hire", cut(RUGBY, "invoice_hire"))
_add("add_pickup", "remove_pickup", cut(DENTON, "remove_pickup"))
_add("clear_defect", "allocate_coach", REPAIRED)
_add("take_payment", "confirm_departure", PLATT)
_add("confirm_departure", "issue_running_card", TOUR_RUN)
_add("take_payment", "issue_tickets", cut(HALE, "issue_tickets"))
_add("choose_seats", "issue_tickets", cut(HALE, "issue_tickets"))
_add("update_customer", "issue_tickets", cut(HALE, "issue_tickets"))
_add("update_customer", "notify_customer", cut(HALE, "notify_customer"))

_OWN = {"sign_out": [sign_in("ray"), ("sign_out", {"token": "$ray.token"})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            steps = _OWN.get(consumer) or min((cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)),
                                              key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("amend_quote", cut(DENTON, "accept_quote")),
    ("hire_details", cut(DENTON, "allocate_coach")),
    ("driver_roster", cut(DENTON, "allocate_coach")),
    ("remove_pickup", cut(DENTON, "issue_running_card")),
    ("seat_plan", cut(HALE, "take_payment")),
    ("change_pickup", cut(HALE, "issue_tickets")),
    ("tour_manifest", PLATT),
]
