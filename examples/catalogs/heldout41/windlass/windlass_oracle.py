"""Scripted proofs that Windlass's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime built with the module's ``FAILURE``, which reads the error
arrays the tools answer with; the tools are coroutine functions, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "philomena")``) and pass ``"$philomena.token"``; replies are read by field (``"$register_customer.customer_id"``,
``"$quote_holiday.quote_id"``, ``"$make_booking.booking_id"``, ``"$report_defect.defect_id"``,
``"$callout.callout_id"``, ``"$return_boat.boat_id"``) and list entries by position and field
(``"$availability.0.boat_id"``, ``"$fleet.3.boat_id"``, ``"$extras.2.code"``, ``"$cruising_routes.3.code"``,
``"$find_customer.0.customer_id"``, ``"$bookings.1.booking_id"``, ``"$boats.0.boat_id"``, ``"$defects.0.defect_id"``,
``"$callouts.0.callout_id"``), a balances-due row by position (``"$balances_due.0.0"``). The positions follow the
fresh state's order of records by id (filtered as each call asks) and of the routes and extras by code. Every id,
route and extra code is read from a reply; none is written literally (names, e-mail addresses, phone numbers,
addresses, postcodes, dates, nights, berths, amounts, payment methods, card digits, crew, ages, reasons, locations,
problems, outcomes, descriptions, severities, work done, checks, lifejackets, litres, months, locks, engine hours,
damage, subjects and bodies are written as the staff are told them). A step saved under a name of its own is a second
call of a tool on one path.

The day: Ms Kittermaster registers, is quoted Pennywort with her dog and bicycles for a week from 23 July and books
it on the Quenby Tunnel and back route, pays her deposit, names her crew, moves to the Wendlecote route, or cancels.
The Hepplewhites pay their security deposit, pass the trial run and set off on Brooklime, then lose the tiller pin
or turn back. Ms Aspinall pays her balance, Dabchick passes its safety check, she names her crew and sets off.
Damselfly's licence is renewed and Mr Ogilvy sets off; Mrs Scrope's party moves from Sedge Warbler to Kingcup and sets
off. Mr Oakshott brings Pennywort back scuffed, is inspected and settled, and Pennywort is turned round; Mrs Varcoe's
Cowslip is inspected and settled, turned round and checked. Sedge Warbler's pump is fixed and the boat
checked; Kingcup's heater is reported and fixed. Dr Strathearn's overheating engine is called out and the callout
closed; he books Meadowsweet for October and is e-mailed. Ms Eastwood's route is changed round the stoppage and she
pays her balance; Mr Devereux pays his deposit, or cancels and Kingcup is quoted again; Mrs Scrope's phone number
changes.
"""

import windlass_tools as tools

WHO = {"philomena": ("philomena.r", "Lock-Gate-41"), "bartholomew": ("bartholomew.q", "Towpath-Mile-8"),
       "crispin": ("crispin.h", "Stern-Gland-19"), "morwenna": ("morwenna.g", "Tiller-Pin-62"),
       "evadne": ("evadne.p", "Pound-Lock-35"), "lysander": ("lysander.t", "Wharf-Crane-27")}
P, B, C, M, E, L = ("$philomena.token", "$bartholomew.token", "$crispin.token", "$morwenna.token", "$evadne.token",
                    "$lysander.token")


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


TODAY = "2038-06-11"
NEW_ID = "$make_booking.booking_id"

# Ms Kittermaster: Pennywort (BT-103) for a week from 23 July on the Quenby Tunnel and back route (QTB)
NEW = [sign_in("philomena"),
       ("register_customer", {"token": P, "name": "Ms Rowena Kittermaster",
                              "email": "rowena.kittermaster@example.com", "phone": "07700 900982",
                              "address": "7 Lime Kiln Row, Brasswick", "postcode": "BW3 4RT"}),
       ("availability", {"start_date": "2038-07-23", "nights": 7, "berths": 4, "pets": True}),
       ("extras", {"token": P}),
       ("quote_holiday", {"token": P, "boat_id": "$availability.0.boat_id", "start_date": "2038-07-23", "nights": 7,
                          "extras": ["$extras.2.code", "$extras.0.code"]}),
       ("cruising_routes", {}),
       ("make_booking", {"token": P, "customer_id": "$register_customer.customer_id",
                         "quote_id": "$quote_holiday.quote_id", "route_code": "$cruising_routes.3.code"})]
NEW_DEPOSIT = NEW + [("pay_deposit", {"token": P, "booking_id": NEW_ID, "amount": 307.5, "method": "card"})]
NEW_PAID = NEW_DEPOSIT + [("pay_balance", {"token": P, "booking_id": NEW_ID, "amount": 922.5, "method": "card"})]
NEW_RECORD = NEW + [("booking_record", {"token": P, "booking_id": NEW_ID})]
NEW_CREW = NEW + [("add_crew", {"token": P, "booking_id": NEW_ID,
                                "names": ["Rowena Kittermaster", "Hamnet Kittermaster", "Ottoline Kittermaster"],
                                "skipper": "Rowena Kittermaster", "skipper_age": 47})]
NEW_ROUTE = NEW + [("change_route", {"token": P, "booking_id": NEW_ID, "route_code": "$cruising_routes.4.code"})]
NEW_CANCEL = NEW + [("cancel_booking", {"token": P, "booking_id": NEW_ID,
                                        "reason": "Ms Kittermaster's dog is expecting puppies that week"})]
NEW_UPDATE = cut(NEW, "register_customer") + [("update_customer", {"token": P,
                                                                   "customer_id": "$register_customer.customer_id",
                                                                   "phone": "07700 900983"})]
NEW_EMAIL = cut(NEW, "register_customer") + [
    ("email_customer", {"token": P, "customer_id": "$register_customer.customer_id",
                        "subject": "Welcome to Oxlease Wharf",
                        "body": "Thank you for registering with us. Our boats for July are filling up."})]

# today's departures, by booking id: HB-24011 Hepplewhite (Brooklime, paid), HB-24012 Aspinall (Dabchick, a
# balance to pay, no crew list), HB-24016 Ogilvy (Damselfly, licence out on 15 June), HB-24017 Scrope (Sedge Warbler,
# out of service)
HEPPLEWHITE = [sign_in("morwenna"), ("bookings", {"token": M, "start_date": TODAY}),
               ("take_security_deposit", {"token": M, "booking_id": "$bookings.0.booking_id", "amount": 200.0,
                                          "card_last4": "4471"}),
               ("record_trial_run", {"token": M, "booking_id": "$bookings.0.booking_id",
                                     "instructor": "Morwenna Gilchrist", "locks_worked": 1, "passed": True,
                                     "notes": "Steered well into the bottom lock; reminded about the cill"}),
               ("depart", {"token": M, "booking_id": "$bookings.0.booking_id", "engine_hours": 3012.5})]
HEPPLEWHITE_TILLER = HEPPLEWHITE + [sign_in("philomena"),
                                    ("callout", {"token": P, "booking_id": "$bookings.0.booking_id",
                                                 "location": "Wendlecote bottom lock",
                                                 "problem": "The tiller pin went over the side in the lock"})]
HEPPLEWHITE_BACK = HEPPLEWHITE + [("return_boat", {"token": M, "booking_id": "$bookings.0.booking_id",
                                                   "engine_hours": 3013.5})]
ASPINALL = [sign_in("evadne"), ("balances_due", {"token": E}),
            ("pay_balance", {"token": E, "booking_id": "$balances_due.0.0", "amount": 566.25, "method": "card"}),
            sign_in("crispin"), ("boats", {"token": C, "status": "needs_check"}),
            ("safety_check", {"token": C, "boat_id": "$boats.0.boat_id", "gas_ok": True, "engine_ok": True,
                              "bilge_ok": True, "lifejackets": 8}),
            sign_in("morwenna"), ("bookings", {"token": M, "start_date": TODAY}, "today"),
            ("add_crew", {"token": M, "booking_id": "$today.1.booking_id",
                          "names": ["Clementine Aspinall", "Lysette Aspinall", "Lowen Aspinall", "Tobiah Quarrington"],
                          "skipper": "Clementine Aspinall", "skipper_age": 44}),
            ("take_security_deposit", {"token": M, "booking_id": "$today.1.booking_id", "amount": 200.0,
                                       "card_last4": "2290"}),
            ("record_trial_run", {"token": M, "booking_id": "$today.1.booking_id", "instructor": "Morwenna Gilchrist",
                                  "locks_worked": 2, "passed": True, "notes": "Confident at the tiller"}),
            ("depart", {"token": M, "booking_id": "$today.1.booking_id", "engine_hours": 4102.0})]
OGILVY = [sign_in("crispin"), ("boats", {"token": C}), ("renew_licence", {"token": C, "boat_id": "$boats.1.boat_id",
                                                                          "months": 12}),
          sign_in("morwenna"), ("bookings", {"token": M, "start_date": TODAY}),
          ("take_security_deposit", {"token": M, "booking_id": "$bookings.2.booking_id", "amount": 200.0,
                                     "card_last4": "6038"}),
          ("record_trial_run", {"token": M, "booking_id": "$bookings.2.booking_id", "instructor": "Morwenna Gilchrist",
                                "locks_worked": 1, "passed": True, "notes": "Has hired from us before"}),
          ("depart", {"token": M, "booking_id": "$bookings.2.booking_id", "engine_hours": 2210.0})]
SCROPE = [sign_in("philomena"), ("bookings", {"token": P, "start_date": TODAY}),
          ("boats", {"token": P, "status": "ready"}),
          ("allocate_boat", {"token": P, "booking_id": "$bookings.3.booking_id", "boat_id": "$boats.2.boat_id"}),
          sign_in("morwenna"),
          ("take_security_deposit", {"token": M, "booking_id": "$bookings.3.booking_id", "amount": 200.0,
                                     "card_last4": "0917"}),
          ("record_trial_run", {"token": M, "booking_id": "$bookings.3.booking_id", "instructor": "Morwenna Gilchrist",
                                "locks_worked": 1, "passed": True, "notes": "Mr Scrope will work the locks"}),
          ("depart", {"token": M, "booking_id": "$bookings.3.booking_id", "engine_hours": 990.0})]
SCROPE_FREE = [sign_in("philomena"), ("bookings", {"token": P, "start_date": TODAY}),
               ("availability", {"start_date": TODAY, "nights": 3, "berths": 6}),
               ("allocate_boat", {"token": P, "booking_id": "$bookings.3.booking_id",
                                  "boat_id": "$availability.0.boat_id"})]

# coming back: HB-24013 Strathearn and HB-24014 Oakshott afloat; HB-24010 Varcoe back this morning (Cowslip)
OAKSHOTT = [sign_in("morwenna"), ("bookings", {"token": M, "status": "afloat"}),
            ("return_boat", {"token": M, "booking_id": "$bookings.1.booking_id", "engine_hours": 1548.5}),
            ("inspect_return", {"token": M, "booking_id": "$bookings.1.booking_id",
                                "damage": ["Scuffed paint along the port bow"], "damage_charge": 40.0}),
            ("settle_security_deposit", {"token": M, "booking_id": "$bookings.1.booking_id"})]
PENNYWORT = cut(OAKSHOTT, "return_boat") + [
    sign_in("crispin"),
    ("turnaround_boat", {"token": C, "boat_id": "$return_boat.boat_id", "pumped_out": True, "cleaned": True,
                         "fuel_litres": 96.0})]
VARCOE = [sign_in("morwenna"), ("bookings", {"token": M, "status": "returned"}),
          ("inspect_return", {"token": M, "booking_id": "$bookings.0.booking_id", "damage": [], "damage_charge": 0.0}),
          ("settle_security_deposit", {"token": M, "booking_id": "$bookings.0.booking_id"})]
COWSLIP = [sign_in("crispin"), ("boats", {"token": C, "status": "returned"}),
            ("turnaround_boat", {"token": C, "boat_id": "$boats.0.boat_id", "pumped_out": True, "cleaned": True,
                                 "fuel_litres": 104.0}),
            ("safety_check", {"token": C, "boat_id": "$boats.0.boat_id", "gas_ok": True, "engine_ok": True,
                              "bilge_ok": True, "lifejackets": 4})]
WARBLER = [sign_in("crispin"), ("boats", {"token": C, "status": "out_of_service"}),
           ("defects", {"token": C, "boat_id": "$boats.0.boat_id"}),
           ("fix_defect", {"token": C, "defect_id": "$defects.0.defect_id",
                           "work_done": "Raw water pump replaced; no leaks after an hour's run"}),
           ("safety_check", {"token": C, "boat_id": "$boats.0.boat_id", "gas_ok": True, "engine_ok": True,
                             "bilge_ok": True, "lifejackets": 6})]
KINGCUP_HEATER = [sign_in("crispin"), ("boats", {"token": C}),
                  ("report_defect", {"token": C, "boat_id": "$boats.6.boat_id",
                                     "description": "Cabin heater will not light", "severity": "minor"}),
                  ("fix_defect", {"token": C, "defect_id": "$report_defect.defect_id",
                                  "work_done": "Glow plug replaced; the heater lights first time"})]
STRATHEARN_CALL = [sign_in("philomena"), ("bookings", {"token": P, "status": "afloat"}),
                   ("callout", {"token": P, "booking_id": "$bookings.0.booking_id",
                                "location": "Quenby Tunnel south portal",
                                "problem": "Engine overheating; the temperature light keeps coming on"}),
                   sign_in("crispin"),
                   ("close_callout", {"token": C, "callout_id": "$callout.callout_id",
                                      "outcome": "Raw water strainer full of weed; cleared, and the engine ran cool"})]
STRATHEARN_LIST = cut(STRATHEARN_CALL, "crispin") + [
    ("callouts", {"token": C}),
    ("close_callout", {"token": C, "callout_id": "$callouts.0.callout_id",
                       "outcome": "Raw water strainer full of weed; cleared, and the engine ran cool"})]

# the office
STRATHEARN_AGAIN = [sign_in("bartholomew"), ("find_customer", {"token": B, "text": "Strathearn"}),
                    ("availability", {"start_date": "2038-10-01", "nights": 7, "berths": 2}),
                    ("quote_holiday", {"token": B, "boat_id": "$availability.0.boat_id", "start_date": "2038-10-01",
                                       "nights": 7, "extras": []}),
                    ("cruising_routes", {}),
                    ("make_booking", {"token": B, "customer_id": "$find_customer.0.customer_id",
                                      "quote_id": "$quote_holiday.quote_id",
                                      "route_code": "$cruising_routes.4.code"})]
STRATHEARN_MAIL = [sign_in("bartholomew"), ("find_customer", {"token": B, "text": "strathearn"}),
                   ("email_customer", {"token": B, "customer_id": "$find_customer.0.customer_id",
                                       "subject": "Your engine this morning",
                                       "body": "Crispin cleared the weed from the strainer. Do ring if the light "
                                               "comes on again."})]
SCROPE_PHONE = [sign_in("philomena"), ("find_customer", {"token": P, "text": "Scrope"}),
                ("update_customer", {"token": P, "customer_id": "$find_customer.0.customer_id",
                                     "phone": "07700 900374"})]
EASTWOOD = [sign_in("philomena"), ("bookings", {"token": P, "start_date": "2038-06-18"}),
            ("stoppages", {"from_date": "2038-06-18"}), ("cruising_routes", {}),
            ("change_route", {"token": P, "booking_id": "$bookings.0.booking_id",
                              "route_code": "$cruising_routes.2.code"})]
EASTWOOD_PAY = [sign_in("evadne"), ("bookings", {"token": E, "start_date": "2038-06-18"}),
                ("pay_balance", {"token": E, "booking_id": "$bookings.0.booking_id", "amount": 1132.5,
                                 "method": "bank_transfer"})]
DEVEREUX_DEPOSIT = [sign_in("bartholomew"), ("bookings", {"token": B, "status": "provisional"}),
                    ("pay_deposit", {"token": B, "booking_id": "$bookings.0.booking_id", "amount": 376.25,
                                     "method": "bank_transfer"})]
DEVEREUX_OFF = [sign_in("philomena"), ("bookings", {"token": P, "status": "provisional"}),
                ("cancel_booking", {"token": P, "booking_id": "$bookings.0.booking_id",
                                    "reason": "Mr Devereux cannot get the week off work"}),
                ("fleet", {"berths": 6}),
                ("quote_holiday", {"token": P, "boat_id": "$fleet.3.boat_id", "start_date": "2038-07-02", "nights": 7,
                                   "extras": []})]
AFLOAT_RECORD = [sign_in("lysander"), ("bookings", {"token": L, "status": "afloat"}),
                 ("booking_record", {"token": L, "booking_id": "$bookings.0.booking_id"})]

_BODY = [
    # the booking office
    ("cruising_routes", "make_booking", NEW),
    ("cruising_routes", "change_route", EASTWOOD),
    ("extras", "quote_holiday", cut(NEW, "quote_holiday")),
    ("availability", "quote_holiday", cut(NEW, "quote_holiday")),
    ("fleet", "quote_holiday", DEVEREUX_OFF),
    ("cancel_booking", "quote_holiday", DEVEREUX_OFF),
    ("quote_holiday", "make_booking", NEW),
    ("register_customer", "make_booking", NEW),
    ("find_customer", "make_booking", STRATHEARN_AGAIN),
    ("register_customer", "update_customer", NEW_UPDATE),
    ("find_customer", "update_customer", SCROPE_PHONE),
    ("register_customer", "email_customer", NEW_EMAIL),
    ("find_customer", "email_customer", STRATHEARN_MAIL),
    ("make_booking", "pay_deposit", NEW_DEPOSIT),
    ("bookings", "pay_deposit", DEVEREUX_DEPOSIT),
    ("make_booking", "add_crew", NEW_CREW),
    ("bookings", "add_crew", cut(ASPINALL, "add_crew")),
    ("make_booking", "change_route", NEW_ROUTE),
    ("bookings", "change_route", EASTWOOD),
    ("make_booking", "cancel_booking", NEW_CANCEL),
    ("bookings", "cancel_booking", cut(DEVEREUX_OFF, "cancel_booking")),
    ("make_booking", "booking_record", NEW_RECORD),
    ("bookings", "booking_record", AFLOAT_RECORD),
    ("balances_due", "pay_balance", cut(ASPINALL, "pay_balance")),
    ("bookings", "pay_balance", EASTWOOD_PAY),
    ("pay_deposit", "pay_balance", NEW_PAID),
    ("bookings", "allocate_boat", cut(SCROPE, "allocate_boat")),
    ("boats", "allocate_boat", cut(SCROPE, "allocate_boat")),
    ("availability", "allocate_boat", SCROPE_FREE),
    # the handover crew
    ("bookings", "take_security_deposit", cut(HEPPLEWHITE, "take_security_deposit")),
    ("bookings", "record_trial_run", cut(HEPPLEWHITE, "record_trial_run")),
    ("bookings", "depart", HEPPLEWHITE),
    ("take_security_deposit", "depart", HEPPLEWHITE),
    ("record_trial_run", "depart", HEPPLEWHITE),
    ("pay_balance", "take_security_deposit", cut(ASPINALL, "take_security_deposit")),
    ("pay_balance", "depart", ASPINALL),
    ("safety_check", "depart", ASPINALL),
    ("add_crew", "record_trial_run", cut(ASPINALL, "record_trial_run")),
    ("renew_licence", "depart", OGILVY),
    ("allocate_boat", "depart", SCROPE),
    ("bookings", "callout", cut(STRATHEARN_CALL, "callout")),
    ("depart", "callout", HEPPLEWHITE_TILLER),
    ("depart", "return_boat", HEPPLEWHITE_BACK),
    ("bookings", "return_boat", cut(OAKSHOTT, "return_boat")),
    ("return_boat", "inspect_return", cut(OAKSHOTT, "inspect_return")),
    ("bookings", "inspect_return", cut(VARCOE, "inspect_return")),
    ("bookings", "settle_security_deposit", VARCOE),
    ("inspect_return", "settle_security_deposit", VARCOE),
    ("return_boat", "turnaround_boat", PENNYWORT),
    # the yard
    ("boats", "turnaround_boat", cut(COWSLIP, "turnaround_boat")),
    ("turnaround_boat", "safety_check", COWSLIP),
    ("boats", "safety_check", cut(ASPINALL, "safety_check")),
    ("fix_defect", "safety_check", WARBLER),
    ("boats", "report_defect", cut(KINGCUP_HEATER, "report_defect")),
    ("report_defect", "fix_defect", KINGCUP_HEATER),
    ("defects", "fix_defect", cut(WARBLER, "fix_defect")),
    ("boats", "renew_licence", cut(OGILVY, "renew_licence")),
    ("callout", "close_callout", STRATHEARN_CALL),
    ("callouts", "close_callout", STRATHEARN_LIST),
]

_OWN = {"sign_out": [sign_in("lysander"), ("sign_out", {"token": L})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above that
    reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the stoppages read before Ms Eastwood's route is changed (the change checks them itself)
    ("stoppages", EASTWOOD),
    # the stoppages read before Ms Kittermaster's booking is made (it checks them itself)
    ("stoppages", NEW[:6] + [("stoppages", {"from_date": "2038-07-23"})] + NEW[6:]),
    # the balances due read before Cowslip's safety check
    ("balances_due", [sign_in("evadne"), ("balances_due", {"token": E})] + COWSLIP),
    # the open defects read before Mr Hepplewhite's trial run
    ("defects", HEPPLEWHITE[:2] + [("defects", {"token": M})] + HEPPLEWHITE[2:4]),
    # the open callouts read before Cowslip is turned round
    ("callouts", COWSLIP[:1] + [("callouts", {"token": C})] + COWSLIP[1:3]),
    # Mr Devereux written to before his booking is cancelled
    ("email_customer", [sign_in("philomena"), ("find_customer", {"token": P, "text": "Devereux"}),
                        ("email_customer", {"token": P, "customer_id": "$find_customer.0.customer_id",
                                            "subject": "Your cancellation",
                                            "body": "We are sorry you cannot come in July."})]
     + DEVEREUX_OFF[1:3]),
    # the cruising routes read before the Hepplewhites' security deposit is taken
    ("cruising_routes", HEPPLEWHITE[:2] + [("cruising_routes", {})] + HEPPLEWHITE[2:3]),
    # the fleet read before Mr Devereux's deposit is paid
    ("fleet", DEVEREUX_DEPOSIT[:2] + [("fleet", {"berths": 6})] + DEVEREUX_DEPOSIT[2:]),
    # the yard's boats read before Ms Aspinall's crew list is taken
    ("boats", ASPINALL[6:8] + [("boats", {"token": M})] + ASPINALL[8:9]),
]
