"""Scripted proofs that Moorings' designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the runtime built with the module's ``FAILURE``: a returned
``"E<nnn> ..."`` string is a refusal only by that predicate; the dataclass replies are read as the
runtime's JSON).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff
open a shift by first name (``("open_shift", {...}, "jo")``) and pass the bare token whole
(``"$jo"``); rows are read by position (``"$find_vessel.0.0"`` a vessel id, ``"$list_arrivals.1.0"``
a booking reference, ``"$list_pontoons.4.0"`` the visitors' pontoon, ``"$fuel_prices.0.3.1"`` a
diesel pump, ``"$get_vessel.fobs.0.0"`` a fob), dataclasses by field (``"$raise_invoice.invoice_no"``,
``"$offer_seasonal_berth.contract_no"``, ``"$get_account.account_no"``) and bare values whole
(``"$issue_fob"``). Ids the desk only writes inside a sentence are written literally: the first new
vessel ``V2041``, booking ``B24410``, fuel sale ``F88120`` and lift ``L311`` of a fresh state; each
comes from its own counter, so it is the same in every fresh state, and none exists without its call.
"""

NEW_VESSEL, NEW_BOOKING, NEW_SALE, NEW_LIFT = "V2041", "B24410", "F88120", "L311"

WHO = {"jo": (114, "7301"), "sam": (122, "5528"), "bryn": (131, "9046")}


def shift(who: str) -> tuple:
    staff_no, pin = WHO[who]
    return ("open_shift", {"staff_no": staff_no, "pin": pin}, who)


JO, SAM, BRYN = "$jo", "$sam", "$bryn"
MARIGOLD = {"name": "Marigold", "registration": "GBR 9921T", "loa_m": 10.9, "beam_m": 3.5, "draft_m": 1.7,
            "owner_name": "Anna Reyes", "owner_phone": "07700 910 904"}
SALT_COVER = {"insurer": "Topsail Marine", "policy_no": "TM-5520931", "third_party_cover_gbp": 3000000,
              "expires": "2028-05-31"}
MARIGOLD_COVER = {"insurer": "Pantaenius", "policy_no": "PUK-412077", "third_party_cover_gbp": 3000000,
                  "expires": "2028-06-30"}


def vessel_of(provider: str, name: str = "Kittiwake") -> tuple:
    """Steps giving a vessel id (found by name, or Marigold registered), and the reference to it."""
    if provider == "find_vessel":
        return [("find_vessel", {"name": name})], "$find_vessel.0.0"
    return [("register_vessel", {"shift": JO, **MARIGOLD})], NEW_VESSEL


def on_vessel(provider: str, consumer: str) -> list:
    """Jo works on a vessel: found (Kittiwake, the berth holder, unless said) or Marigold, registered now."""
    name = {"record_insurance": "Salt Whistle", "book_visitor_berth": "Blue Heron"}.get(consumer, "Kittiwake")
    steps, v = vessel_of(provider, name)
    steps = [shift("jo")] + steps
    insure = ([] if provider == "find_vessel" else
              [("record_insurance", {"shift": JO, "vessel_id": v, **MARIGOLD_COVER})])
    tail = {
        "record_insurance": [("record_insurance", {"shift": JO, "vessel_id": v,
                                                   **(SALT_COVER if provider == "find_vessel" else MARIGOLD_COVER)})],
        "book_visitor_berth": [("list_pontoons", {}),
                               ("find_berths", {"pontoon": "$list_pontoons.4.0", "arrive": "2027-07-24", "nights": 2,
                                                "loa_m": 11.2}),
                               ("book_visitor_berth", {"shift": JO, "vessel_id": v, "berth_no": "$find_berths.0.0",
                                                       "arrive": "2027-07-24", "nights": 2})],
        "start_fuel_sale": [("fuel_prices", {}), shift("sam"),
                            ("start_fuel_sale", {"shift": SAM, "vessel_id": v, "grade": "$fuel_prices.0.0",
                                                 "pump": "$fuel_prices.0.3.1"})],
        "offer_seasonal_berth": [("list_seasonal_vacancies", {"season": "2027-28 winter", "loa_m": 11.0}),
                                 ("offer_seasonal_berth", {"shift": JO, "vessel_id": v,
                                                           "berth_no": "$list_seasonal_vacancies.0.0",
                                                           "season": "2027-28 winter"})],
        "book_lift_out": insure + [("book_lift_out", {"shift": JO, "vessel_id": v, "lift_date": "2027-07-21",
                                                      "services": ["pressure_wash", "antifoul"]})],
        "get_vessel": [("get_vessel", {"vessel_id": v})],
        "join_waitlist": [("list_pontoons", {}),
                          ("join_waitlist", {"vessel_id": v, "pontoon": "$list_pontoons.3.0", "season": "2028 summer"})],
        "send_notice": [("send_notice", {"shift": JO, "vessel_ids": [v],
                                         "message": "The fuel berth closes at 4pm on Sunday for a delivery."})],
        "get_account": [("get_account", {"vessel_id": v})],
        "issue_fob": [("issue_fob", {"shift": JO, "vessel_id": v, "holder_name": "Sarah Langley"})],
    }[consumer]
    if provider == "register_vessel" and consumer in ("get_account", "issue_fob"):
        tail = insure + [("list_seasonal_vacancies", {"season": "2027-28 winter", "loa_m": 10.9}),
                         ("offer_seasonal_berth", {"shift": JO, "vessel_id": v,
                                                   "berth_no": "$list_seasonal_vacancies.0.0",
                                                   "season": "2027-28 winter"}),
                         ("sign_contract", {"shift": JO, "contract_no": "$offer_seasonal_berth.contract_no",
                                            "signed_by": "Anna Reyes", "deposit_gbp": 600.0})] + (
            [("get_account", {"vessel_id": v})] if consumer == "get_account" else
            [("issue_fob", {"shift": JO, "vessel_id": v, "holder_name": "Anna Reyes"})])
    return steps + tail


def marigold(upto: str) -> list:
    """Anna Reyes brings Marigold in: registered, insured, booked on the visitors' pontoon tonight
    (or next Saturday), checked in, stays longer or moves, or cancels."""
    arrive = "2027-07-24" if upto == "cancel_booking" else "2027-07-17"
    steps = [shift("jo"), ("register_vessel", {"shift": JO, **MARIGOLD}),
             ("record_insurance", {"shift": JO, "vessel_id": NEW_VESSEL, **MARIGOLD_COVER}),
             ("list_pontoons", {}),
             ("find_berths", {"pontoon": "$list_pontoons.4.0", "arrive": arrive, "nights": 1, "loa_m": 10.9}),
             ("book_visitor_berth", {"shift": JO, "vessel_id": NEW_VESSEL, "berth_no": "$find_berths.0.0",
                                     "arrive": arrive, "nights": 1})]
    tail = {
        "book_visitor_berth": [],
        "check_in": [("check_in", {"shift": JO, "booking_ref": NEW_BOOKING, "crew": 3})],
        "cancel_booking": [("cancel_booking", {"shift": JO, "booking_ref": NEW_BOOKING,
                                               "reason": "Skipper phoned: staying in Poole for the weather."})],
        "extend_stay": [("extend_stay", {"shift": JO, "booking_ref": NEW_BOOKING, "extra_nights": 2})],
        "move_berth": [("find_berths", {"pontoon": "$list_pontoons.4.0", "arrive": arrive, "nights": 1,
                                        "loa_m": 10.9}, "again"),
                       ("move_berth", {"shift": JO, "booking_ref": NEW_BOOKING, "new_berth_no": "$again.0.0"})],
    }
    return steps + tail[upto]


def arrivals(upto: str, who: str = "blue") -> list:
    """Today's arrivals: Blue Heron (insured; row 0) or Salt Whistle (insurance brought to the desk; row 1)."""
    steps = [shift("jo")]
    row = "0"
    if who == "salt":
        steps += [("find_vessel", {"name": "Salt Whistle"}),
                  ("record_insurance", {"shift": JO, "vessel_id": "$find_vessel.0.0", **SALT_COVER})]
        row = "1"
    steps.append(("list_arrivals", {"day": "2027-07-17"}))
    ref = f"$list_arrivals.{row}.0"
    simple = {
        "cancel_booking": [("cancel_booking", {"shift": JO, "booking_ref": ref,
                                               "reason": "Owners cancelled: crew illness."})],
        "extend_stay": [("extend_stay", {"shift": JO, "booking_ref": ref, "extra_nights": 1})],
        "move_berth": [("list_pontoons", {}),
                       ("find_berths", {"pontoon": "$list_pontoons.4.0", "arrive": "2027-07-17", "nights": 2,
                                        "loa_m": 11.2}),
                       ("move_berth", {"shift": JO, "booking_ref": ref, "new_berth_no": "$find_berths.0.0"})],
    }
    if upto in simple:
        return steps + simple[upto]
    steps.append(("check_in", {"shift": JO, "booking_ref": ref, "crew": 4}))
    tail = {
        "check_in": [],
        "connect_shore_power": [("connect_shore_power", {"shift": JO, "booking_ref": ref, "meter_start_kwh": 2210.4})],
        "read_meter": [("connect_shore_power", {"shift": JO, "booking_ref": ref, "meter_start_kwh": 2210.4}),
                       ("read_meter", {"shift": JO, "booking_ref": ref, "reading_kwh": 2216.9})],
        "raise_invoice": [("raise_invoice", {"shift": JO, "booking_ref": ref})],
        "issue_fob": [("find_vessel", {"name": "Blue Heron"}),
                      ("issue_fob", {"shift": JO, "vessel_id": "$find_vessel.0.0", "holder_name": "Ruth Ames"})],
    }
    return steps + tail[upto]


def tern(upto: str) -> list:
    """Tern leaves today: final meter reading, invoice, payment, check-out."""
    steps = [shift("jo"), ("list_arrivals", {"day": "2027-07-15"})]
    ref = "$list_arrivals.0.0"
    steps.append(("read_meter", {"shift": JO, "booking_ref": ref, "reading_kwh": 1068.7}))
    if upto == "read_meter":
        return steps
    steps.append(("raise_invoice", {"shift": JO, "booking_ref": ref}))
    if upto == "raise_invoice":
        return steps
    steps.append(("take_payment", {"shift": JO, "invoice_no": "$raise_invoice.invoice_no",
                                   "amount": "$raise_invoice.total_gbp", "method": "card"}))
    if upto == "take_payment":
        return steps
    return steps + [("check_out", {"shift": JO, "booking_ref": ref})]


def fuel(upto: str) -> list:
    """Sam sells Kittiwake diesel at pump 2 and puts it on her account."""
    steps = [shift("sam"), ("find_vessel", {"name": "Kittiwake"}), ("fuel_prices", {}),
             ("start_fuel_sale", {"shift": SAM, "vessel_id": "$find_vessel.0.0", "grade": "$fuel_prices.0.0",
                                  "pump": "$fuel_prices.0.3.1"})]
    if upto == "record_dispensed":
        return steps + [("record_dispensed", {"shift": SAM, "sale_id": NEW_SALE, "litres": 62.5})]
    return steps + [("record_dispensed", {"shift": SAM, "sale_id": NEW_SALE, "litres": 62.5}),
                    ("settle_fuel_sale", {"shift": SAM, "sale_id": NEW_SALE, "method": "account"})]


def seasonal(upto: str) -> list:
    """Hamid Rahimi takes a winter berth for Salt Whistle: insurance, offer, contract, liveaboard, fob."""
    steps = [shift("jo"), ("find_vessel", {"name": "Salt Whistle"}),
             ("record_insurance", {"shift": JO, "vessel_id": "$find_vessel.0.0", **SALT_COVER}),
             ("list_seasonal_vacancies", {"season": "2027-28 winter", "loa_m": 10.4}),
             ("offer_seasonal_berth", {"shift": JO, "vessel_id": "$find_vessel.0.0",
                                       "berth_no": "$list_seasonal_vacancies.0.0", "season": "2027-28 winter"}),
             ("sign_contract", {"shift": JO, "contract_no": "$offer_seasonal_berth.contract_no",
                                "signed_by": "Hamid Rahimi", "deposit_gbp": 500.0})]
    tail = {
        "sign_contract": [],
        "set_liveaboard": [("set_liveaboard", {"shift": JO, "contract_no": "$offer_seasonal_berth.contract_no",
                                               "liveaboard": True})],
        "issue_fob": [("issue_fob", {"shift": JO, "vessel_id": "$find_vessel.0.0", "holder_name": "Hamid Rahimi"})],
    }
    return steps + tail[upto]


def morwenna(upto: str) -> list:
    """Fenella Gough's Morwenna, a berth holder on C pontoon, from her vessel file."""
    steps = [shift("jo"), ("find_vessel", {"name": "Morwenna"}), ("get_vessel", {"vessel_id": "$find_vessel.0.0"})]
    return steps + {
        "set_liveaboard": [("set_liveaboard", {"shift": JO, "contract_no": "$get_vessel.contract_no",
                                               "liveaboard": True})],
        "post_charge": [("post_charge", {"shift": JO, "account_no": "$get_vessel.account_no",
                                         "description": "Liveaboard supplement, August", "amount": 95.0})],
    }[upto]


def kittiwake(upto: str) -> list:
    """Kittiwake: a fob cancelled from her file, a lift booked, lifted out and relaunched, a charge on account."""
    steps = [shift("jo"), ("find_vessel", {"name": "Kittiwake"})]
    tail = {
        "cancel_fob_file": [("get_vessel", {"vessel_id": "$find_vessel.0.0"}),
                            ("cancel_fob", {"shift": JO, "fob_no": "$get_vessel.fobs.0.0"})],
        "cancel_fob_new": [("issue_fob", {"shift": JO, "vessel_id": "$find_vessel.0.0", "holder_name": "Sarah Langley"}),
                           ("cancel_fob", {"shift": JO, "fob_no": "$issue_fob"})],
        "post_charge": [("get_account", {"vessel_id": "$find_vessel.0.0"}),
                        ("post_charge", {"shift": JO, "account_no": "$get_account.account_no",
                                         "description": "Pump-out, 17 July", "amount": 15.0})],
    }
    if upto in tail:
        return steps + tail[upto]
    steps += [shift("bryn"), ("tide_times", {"day": "2027-07-21"}),
              ("book_lift_out", {"shift": BRYN, "vessel_id": "$find_vessel.0.0",
                                                "lift_date": "2027-07-21", "services": ["pressure_wash", "anodes"]}),
              ("record_lift_out", {"shift": BRYN, "lift_ref": NEW_LIFT,
                                   "hull_notes": "Light weed at the waterline; two anodes under half."})]
    if upto == "record_lift_out":
        return steps
    return steps + [("relaunch", {"shift": BRYN, "lift_ref": NEW_LIFT})]


SALT_LIFT = [shift("jo"), ("find_vessel", {"name": "Salt Whistle"}),
             ("record_insurance", {"shift": JO, "vessel_id": "$find_vessel.0.0", **SALT_COVER}),
             ("book_lift_out", {"shift": JO, "vessel_id": "$find_vessel.0.0", "lift_date": "2027-07-22",
                                "services": ["survey"]})]

_BODY = []
for _c in ["record_insurance", "book_visitor_berth", "start_fuel_sale", "offer_seasonal_berth", "book_lift_out",
           "get_vessel", "join_waitlist", "send_notice", "get_account", "issue_fob"]:
    for _p in ["find_vessel", "register_vessel"]:
        _BODY.append((_p, _c, on_vessel(_p, _c)))
for _c in ["check_in", "cancel_booking", "extend_stay", "move_berth"]:
    _BODY.append(("book_visitor_berth", _c, marigold(_c)))
    _BODY.append(("list_arrivals", _c, arrivals(_c)))
_BODY += [
    ("list_arrivals", "connect_shore_power", arrivals("connect_shore_power")),
    ("list_arrivals", "read_meter", tern("read_meter")),
    ("list_arrivals", "raise_invoice", tern("raise_invoice")),
    ("list_arrivals", "check_out", tern("check_out")),
    ("list_pontoons", "find_berths", marigold("book_visitor_berth")[:5]),
    ("list_pontoons", "join_waitlist", on_vessel("find_vessel", "join_waitlist")),
    ("fuel_prices", "start_fuel_sale", on_vessel("find_vessel", "start_fuel_sale")),
    ("find_berths", "book_visitor_berth", marigold("book_visitor_berth")),
    ("find_berths", "move_berth", arrivals("move_berth")),
    ("list_seasonal_vacancies", "offer_seasonal_berth", on_vessel("find_vessel", "offer_seasonal_berth")),
    ("record_insurance", "check_in", arrivals("check_in", who="salt")),
    ("record_insurance", "book_lift_out", SALT_LIFT),
    ("record_insurance", "sign_contract", seasonal("sign_contract")),
    ("check_in", "connect_shore_power", arrivals("connect_shore_power")),
    ("check_in", "raise_invoice", arrivals("raise_invoice")),
    ("connect_shore_power", "read_meter", arrivals("read_meter")),
    ("read_meter", "raise_invoice", tern("raise_invoice")),
    ("raise_invoice", "take_payment", tern("take_payment")),
    ("take_payment", "check_out", tern("check_out")),
    ("check_in", "issue_fob", arrivals("issue_fob")),
    ("sign_contract", "issue_fob", seasonal("issue_fob")),
    ("start_fuel_sale", "record_dispensed", fuel("record_dispensed")),
    ("start_fuel_sale", "settle_fuel_sale", fuel("settle_fuel_sale")),
    ("record_dispensed", "settle_fuel_sale", fuel("settle_fuel_sale")),
    ("offer_seasonal_berth", "sign_contract", seasonal("sign_contract")),
    ("offer_seasonal_berth", "set_liveaboard", seasonal("set_liveaboard")),
    ("get_vessel", "set_liveaboard", morwenna("set_liveaboard")),
    ("sign_contract", "set_liveaboard", seasonal("set_liveaboard")),
    ("get_account", "post_charge", kittiwake("post_charge")),
    ("get_vessel", "post_charge", morwenna("post_charge")),
    ("book_lift_out", "record_lift_out", kittiwake("record_lift_out")),
    ("book_lift_out", "relaunch", kittiwake("relaunch")),
    ("record_lift_out", "relaunch", kittiwake("relaunch")),
    ("issue_fob", "cancel_fob", kittiwake("cancel_fob_new")),
    ("get_vessel", "cancel_fob", kittiwake("cancel_fob_file")),
]

# calls on a shift that are never the end of a path above get a short proof of their own
_OWN = {
    "register_vessel": [shift("jo"), ("register_vessel", {"shift": JO, **MARIGOLD})],
    "log_incident": [shift("sam"), ("log_incident", {"shift": SAM, "category": "near_miss",
                                                     "description": "RIB came through the fairway at speed, "
                                                                    "missed a paddleboarder by a few metres."})],
    "take_payment": tern("take_payment"),
}


def _auth_proofs() -> list:
    """A shift proof for every call that needs one: the first path above that ends with it."""
    import moorings_tools as tools

    out = [("open_shift", "close_shift", [shift("sam"), ("close_shift", {"shift": SAM, "cash_counted": 0.0})])]
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "open_shift" and consumer != "close_shift":
            steps = _OWN.get(consumer) or next(s for _, c, s in _BODY if c == consumer)
            out.append(("open_shift", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # an incident may name a vessel, but a wrong or missing one does not stop the log
    ("find_vessel", [shift("jo"), ("find_vessel", {"name": "Blue Heron"}),
                     ("log_incident", {"shift": JO, "category": "collision", "vessel_id": "$find_vessel.0.0",
                                       "description": "Blue Heron touched the pontoon end coming alongside; "
                                                      "no damage seen."})]),
    # the tide table is worth a look, but the yard books lifts without it
    ("tide_times", SALT_LIFT[:-1] + [("tide_times", {"day": "2027-07-22"}), SALT_LIFT[-1]]),
    # the vessel file is not needed to check in a visitor already insured
    ("get_vessel", arrivals("check_in")[:-1] + [("find_vessel", {"name": "Blue Heron"}),
                                                  ("get_vessel", {"vessel_id": "$find_vessel.0.0"}),
                                                  arrivals("check_in")[-1]]),
    # the seasonal list is for choosing a berth, not for joining the waiting list
    ("list_seasonal_vacancies", on_vessel("find_vessel", "join_waitlist")[:-1]
     + [("list_seasonal_vacancies", {"season": "2028 summer", "loa_m": 9.8}),
        on_vessel("find_vessel", "join_waitlist")[-1]]),
    # Kittiwake's account is not needed to record the fuel she takes
    ("get_account", fuel("record_dispensed")[:2] + [("get_account", {"vessel_id": "$find_vessel.0.0"})]
     + fuel("record_dispensed")[2:]),
    # the tide is not needed to check a visitor out
    ("tide_times", tern("take_payment") + [("tide_times", {"day": "2027-07-17"}), tern("check_out")[-1]]),
]
