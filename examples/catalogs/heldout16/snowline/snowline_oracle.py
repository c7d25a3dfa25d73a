"""Scripted proofs that Snowline's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime: the tools are coroutines the runtime
awaits, their pydantic replies are read as the runtime's JSON, and a raised built-in exception is a
refusal).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). People
sign in by first name (``("sign_in", {...}, "marta")``) and pass ``"$marta.token"``; models are read
by field and lists by position (``"$list_skiers.2.skier_id"`` Ema, ``"$list_pass_products.2.code"``
the 3-day pass, ``"$pay_order.passes.0.pass_no"``, ``"$get_order.lines.0.line_no"``). Every id is
read from a reply; the KeyCard numbers, the voucher, the new skier, photos, measurements and
equipment serials are what the guests and staff are handed (FIXTURES).
"""

LOGINS = {
    "marta": ("marta.novak@example.com", "Lynx-Powder-28"),
    "owen": ("owen.pryce@example.com", "Cairn&Corrie9"),
    "lea": ("lea.favre@valdarbas.example", "Edge&Wax-2028"),
    "bruno": ("bruno.colin@valdarbas.example", "Flocon!Bleu5"),
}


def login(who: str) -> tuple:
    email, password = LOGINS[who]
    return ("sign_in", {"email": email, "password": password}, who)


MARTA, OWEN, LEA, BRUNO = "$marta.token", "$owen.token", "$lea.token", "$bruno.token"
EMA, PAVEL = "$list_skiers.2.skier_id", "$list_skiers.1.skier_id"
TOMAS = {"first_name": "Tomas", "last_name": "Novak", "birth_date": "1991-03-03"}
EMA_SIZES = {"height_cm": 128, "weight_kg": 26, "boot_mondo": 20.5, "skier_type": "II"}
TOMAS_SIZES = {"height_cm": 181, "weight_kg": 77, "boot_mondo": 27.0, "skier_type": "III"}
PM, DAY1, DAY3, DAY6 = ("$list_pass_products.0.code", "$list_pass_products.1.code", "$list_pass_products.2.code",
                        "$list_pass_products.3.code")
SEN, JUN = "$list_rental_packages.1.code", "$list_rental_packages.3.code"
OWEN_CARD = "KC 0612 4471"
NEW_CARDS = ["KC 0931 5508", "KC 0931 5512", "KC 0931 5519"]


# --------------------------------------------------------------------------- skiers


def on_skier(provider: str, consumer: str) -> list:
    """Marta works on Ema (listed) or on Tomas, her brother-in-law, added now."""
    if provider == "list_skiers":
        steps, sid = [login("marta"), ("list_skiers", {"token": MARTA})], EMA
    else:
        steps, sid = [login("marta"), ("add_skier", {"token": MARTA, **TOMAS})], "$add_skier.skier_id"
    listed = provider == "list_skiers"
    tail = {
        "update_skier": [("update_skier", {"token": MARTA, "skier_id": sid,
                                           "birth_date": "2017-08-03" if listed else "1990-03-03"})],
        "upload_photo": [("upload_photo", {"token": MARTA, "skier_id": sid,
                                           "filename": "ema_2028.jpg" if listed else "tomas.jpg"})],
        "add_pass": [("list_pass_products", {}), ("create_order", {"token": MARTA}),
                     ("add_pass", {"token": MARTA, "order_id": "$create_order.order_id", "skier_id": sid,
                                   "product_code": DAY3, "first_day": "2028-02-13"})],
        "save_ski_profile": [("save_ski_profile", {"token": MARTA, "skier_id": sid,
                                                   **(EMA_SIZES if listed else TOMAS_SIZES)})],
        "reserve_rental": [("list_rental_packages", {}),
                           ("reserve_rental", {"token": MARTA, "skier_id": PAVEL, "package_code": SEN,
                                               "first_day": "2028-02-13", "days": 6})] if listed else
                          [("save_ski_profile", {"token": MARTA, "skier_id": sid, **TOMAS_SIZES}),
                           ("list_rental_packages", {}),
                           ("reserve_rental", {"token": MARTA, "skier_id": sid, "package_code": SEN,
                                               "first_day": "2028-02-13", "days": 6})],
        "book_lesson": [("list_lessons", {"day": "2028-02-13", "discipline": "ski",
                                          "group": "kids" if listed else "adults"}),
                        ("book_lesson", {"token": MARTA, "slot_id": "$list_lessons.0.slot_id", "skier_id": sid})],
    }[consumer]
    return steps + tail


# --------------------------------------------------------------------------- baskets


def basket(provider: str, consumer: str) -> list:
    """Marta's basket: a new one with a pass for Ema, or the saved one (Marta and Pavel, 6 days)."""
    steps = [login("marta")]
    if provider == "create_order":
        order = "$create_order.order_id"
        fill = [("list_skiers", {"token": MARTA}), ("list_pass_products", {}), ("create_order", {"token": MARTA}),
                ("add_pass", {"token": MARTA, "order_id": order, "skier_id": EMA, "product_code": DAY3,
                              "first_day": "2028-02-13"})]
        line = "$add_pass.lines.0.line_no"
        tail = {
            "get_order": [("create_order", {"token": MARTA}), ("get_order", {"token": MARTA, "order_id": order})],
            "add_pass": fill,
            "add_insurance": fill + [("add_insurance", {"token": MARTA, "order_id": order, "line_no": line})],
            "remove_line": fill + [("remove_line", {"token": MARTA, "order_id": order, "line_no": line})],
            "apply_voucher": fill[:3] + [
                ("add_pass", {"token": MARTA, "order_id": order, "skier_id": "$list_skiers.0.skier_id",
                              "product_code": DAY1, "first_day": "2028-02-13"}, "marta_day"),
                ("add_pass", {"token": MARTA, "order_id": order, "skier_id": PAVEL,
                              "product_code": DAY1, "first_day": "2028-02-13"}, "pavel_day"),
                ("add_pass", {"token": MARTA, "order_id": order, "skier_id": EMA,
                              "product_code": DAY1, "first_day": "2028-02-13"}, "ema_day"),
                ("apply_voucher", {"token": MARTA, "order_id": order, "code": "FAMILLE28"})],
            "pay_order": fill + [("pay_order", {"token": MARTA, "order_id": order, "cardholder": "Marta Novak"})],
        }[consumer]
        return steps + tail
    order = "$list_orders.0.order_id"
    listed = [("list_orders", {"token": MARTA, "status": "open"})]
    tail = {
        "get_order": listed + [("get_order", {"token": MARTA, "order_id": order})],
        "add_pass": [("list_skiers", {"token": MARTA}), ("list_pass_products", {})] + listed + [
            ("add_pass", {"token": MARTA, "order_id": order, "skier_id": EMA, "product_code": DAY3,
                          "first_day": "2028-02-13"})],
        "add_insurance": listed + [("get_order", {"token": MARTA, "order_id": order}),
                                   ("add_insurance", {"token": MARTA, "order_id": order,
                                                      "line_no": "$get_order.lines.0.line_no"})],
        "remove_line": listed + [("get_order", {"token": MARTA, "order_id": order}),
                                 ("remove_line", {"token": MARTA, "order_id": order,
                                                  "line_no": "$get_order.lines.1.line_no"})],
        "apply_voucher": [("list_skiers", {"token": MARTA}), ("list_pass_products", {})] + listed + [
            ("add_pass", {"token": MARTA, "order_id": order, "skier_id": EMA, "product_code": DAY3,
                          "first_day": "2028-02-13"}),
            ("apply_voucher", {"token": MARTA, "order_id": order, "code": "FAMILLE28"})],
        "pay_order": listed + [("pay_order", {"token": MARTA, "order_id": order, "cardholder": "Marta Novak"})],
    }[consumer]
    return steps + tail


# --------------------------------------------------------------------------- passes


def passes(provider: str, consumer: str) -> list:
    """The Novaks pay their saved basket and use the new passes, or Owen uses his family's passes
    (his own, on his KeyCard since Thursday; Gwen's, not loaded yet)."""
    if provider == "pay_order":
        steps = [login("marta"), ("list_orders", {"token": MARTA, "status": "open"}),
                 ("pay_order", {"token": MARTA, "order_id": "$list_orders.0.order_id", "cardholder": "Pavel Novak"})]
        first, second = "$pay_order.passes.0.pass_no", "$pay_order.passes.1.pass_no"
        tok = MARTA
    else:
        steps = [login("owen"), ("list_passes", {"token": OWEN})]
        first, second = "$list_passes.0.pass_no", "$list_passes.1.pass_no"
        tok = OWEN
    listed = provider == "list_passes"
    tail = {
        "load_pass": [("load_pass", {"token": tok, "pass_no": second if listed else first,
                                     "card_no": NEW_CARDS[1] if listed else NEW_CARDS[0]})],
        "ride_history": ([("list_lifts", {"sector": "Pic Rouge"})] if listed else [])
                        + [("ride_history", {"token": tok, "pass_no": first})],
        "pause_pass": ([] if listed else [("load_pass", {"token": tok, "pass_no": first, "card_no": NEW_CARDS[0]})])
                      + [("pause_pass", {"token": tok, "pass_no": first,
                                         "day": "2028-02-13" if listed else "2028-02-15",
                                         "reason": "Twisted knee yesterday, resting" if listed else
                                                   "Ear infection, the doctor says no skiing"})],
        "refund_pass": [("refund_pass", {"token": tok, "pass_no": second,
                                         "reason": "Gwen broke her wrist at school" if listed else
                                                   "Pavel has to fly home on Monday"})],
    }[consumer]
    return steps + tail


LOST_CARD = [login("owen"), ("list_passes", {"token": OWEN}), ("report_lost_card", {"token": OWEN, "card_no": OWEN_CARD}),
             ("load_pass", {"token": OWEN, "pass_no": "$list_passes.0.pass_no", "card_no": NEW_CARDS[2]})]


# --------------------------------------------------------------------------- rental


def rental(provider: str, consumer: str) -> list:
    """Pavel reserves Sensation skis from today and Lea fits them, or Lea works from her day sheet
    (Gwen Pryce's Decouverte reservation)."""
    if provider == "reserve_rental":
        steps = [login("marta"), ("list_skiers", {"token": MARTA}), ("list_rental_packages", {}),
                 ("reserve_rental", {"token": MARTA, "skier_id": PAVEL, "package_code": SEN,
                                     "first_day": "2028-02-12", "days": 6}), login("lea")]
        ref = "$reserve_rental.rental_ref"
        skis, boots = "RS-V8-1552", "BT-250-1176"
    else:
        steps = [login("lea"), ("list_rentals", {"token": LEA})]
        ref = "$list_rentals.0.rental_ref"
        skis, boots = "AT-JR130-0417", "BT-205-0912"
    fit = [("fit_rental", {"token": LEA, "rental_ref": ref, "ski_serial": skis, "boot_serial": boots})]
    tail = {
        "fit_rental": fit,
        "swap_equipment": fit + [("swap_equipment", {"token": LEA, "rental_ref": ref, "ski_serial": "AT-JR120-0388"})],
        "return_rental": fit + [("return_rental", {"token": LEA, "rental_ref": ref,
                                                   "damage_note": "Core shot under the left ski"})],
    }[consumer]
    return steps + tail


RESERVE_EMA = [login("marta"), ("list_skiers", {"token": MARTA}),
               ("save_ski_profile", {"token": MARTA, "skier_id": EMA, **EMA_SIZES}), ("list_rental_packages", {}),
               ("reserve_rental", {"token": MARTA, "skier_id": EMA, "package_code": JUN, "first_day": "2028-02-13",
                                   "days": 5})]
CANCEL_RENTAL = rental("reserve_rental", "fit_rental")[:4] + [
    ("cancel_rental", {"token": MARTA, "rental_ref": "$reserve_rental.rental_ref"})]


# --------------------------------------------------------------------------- ski school


def lesson(provider: str, consumer: str) -> list:
    """Ema joins this afternoon's kids' group and Bruno takes the register, or Bruno works from the
    register of this morning's teens' group (Gwen Pryce)."""
    if provider == "book_lesson":
        steps = [login("marta"), ("list_skiers", {"token": MARTA}),
                 ("list_lessons", {"day": "2028-02-12", "discipline": "ski", "group": "kids"}),
                 ("book_lesson", {"token": MARTA, "slot_id": "$list_lessons.0.slot_id", "skier_id": EMA}),
                 login("bruno")]
        ref = "$book_lesson.booking_ref"
    else:
        steps = [login("bruno"), ("list_lessons", {"day": "2028-02-12", "discipline": "ski", "group": "teens"}),
                 ("list_lesson_bookings", {"token": BRUNO, "slot_id": "$list_lessons.0.slot_id"})]
        ref = "$list_lesson_bookings.0.booking_ref"
    mark = [("mark_attendance", {"token": BRUNO, "booking_ref": ref, "present": True})]
    tail = {
        "mark_attendance": mark,
        "award_badge": mark + [("award_badge", {"token": BRUNO, "booking_ref": ref,
                                                "badge": "flocon" if provider == "book_lesson" else "etoile-2"})],
    }[consumer]
    return steps + tail


BOOK_EMA = [login("marta"), ("resort_conditions", {}), ("list_skiers", {"token": MARTA}),
            ("list_lessons", {"day": "2028-02-13", "discipline": "ski", "group": "kids"}),
            ("book_lesson", {"token": MARTA, "slot_id": "$list_lessons.0.slot_id", "skier_id": EMA})]
CANCEL_LESSON = BOOK_EMA + [("cancel_lesson", {"token": MARTA, "booking_ref": "$book_lesson.booking_ref"})]
REGISTER = lesson("list_lesson_bookings", "mark_attendance")[:3]

PHOTO_FIRST = [login("marta"), ("list_skiers", {"token": MARTA}),
               ("upload_photo", {"token": MARTA, "skier_id": EMA, "filename": "ema_2028.jpg"}),
               ("list_pass_products", {}), ("list_orders", {"token": MARTA, "status": "open"}),
               ("add_pass", {"token": MARTA, "order_id": "$list_orders.0.order_id", "skier_id": EMA,
                             "product_code": DAY6, "first_day": "2028-02-13"})]
QUOTE = [("list_pass_products", {}), ("quote_pass", {"product_code": DAY6, "age_band": "child",
                                                     "first_day": "2028-02-13"})]


# --------------------------------------------------------------------------- proofs

_BODY = []
for _c in ["update_skier", "upload_photo", "add_pass", "save_ski_profile", "reserve_rental", "book_lesson"]:
    for _p in ["list_skiers", "add_skier"]:
        _BODY.append((_p, _c, on_skier(_p, _c)))
for _c in ["get_order", "add_pass", "add_insurance", "remove_line", "apply_voucher", "pay_order"]:
    for _p in ["create_order", "list_orders"]:
        _BODY.append((_p, _c, basket(_p, _c)))
for _c in ["add_insurance", "remove_line"]:
    _BODY.append(("add_pass", _c, basket("create_order", _c)))
    _BODY.append(("get_order", _c, basket("list_orders", _c)))
for _c in ["load_pass", "ride_history", "pause_pass", "refund_pass"]:
    for _p in ["pay_order", "list_passes"]:
        _BODY.append((_p, _c, passes(_p, _c)))
for _c in ["fit_rental", "swap_equipment", "return_rental"]:
    for _p in ["reserve_rental", "list_rentals"]:
        _BODY.append((_p, _c, rental(_p, _c)))
for _c in ["mark_attendance", "award_badge"]:
    for _p in ["book_lesson", "list_lesson_bookings"]:
        _BODY.append((_p, _c, lesson(_p, _c)))
_BODY += [
    ("reserve_rental", "cancel_rental", CANCEL_RENTAL),
    ("book_lesson", "cancel_lesson", CANCEL_LESSON),
    ("list_pass_products", "add_pass", basket("list_orders", "add_pass")),
    ("list_pass_products", "quote_pass", QUOTE),
    ("list_rental_packages", "reserve_rental", on_skier("list_skiers", "reserve_rental")),
    ("list_lessons", "book_lesson", BOOK_EMA),
    ("list_lessons", "list_lesson_bookings", REGISTER),
    ("upload_photo", "add_pass", PHOTO_FIRST),
    ("save_ski_profile", "reserve_rental", RESERVE_EMA),
    ("add_pass", "pay_order", basket("create_order", "pay_order")),
    ("add_pass", "apply_voucher", basket("list_orders", "apply_voucher")),
    ("load_pass", "pause_pass", passes("pay_order", "pause_pass")),
    ("report_lost_card", "load_pass", LOST_CARD),
    ("fit_rental", "swap_equipment", rental("list_rentals", "swap_equipment")),
    ("fit_rental", "return_rental", rental("list_rentals", "return_rental")),
    ("mark_attendance", "award_badge", lesson("list_lesson_bookings", "award_badge")),
]

_OWN = {
    "sign_out": [login("owen"), ("sign_out", {"token": OWEN})],
    "list_skiers": [login("marta"), ("list_skiers", {"token": MARTA})],
    "add_skier": [login("marta"), ("add_skier", {"token": MARTA, **TOMAS})],
    "create_order": [login("marta"), ("create_order", {"token": MARTA})],
    "list_orders": [login("marta"), ("list_orders", {"token": MARTA})],
    "list_passes": [login("owen"), ("list_passes", {"token": OWEN})],
    "report_lost_card": LOST_CARD[:3],
    "list_rentals": [login("lea"), ("list_rentals", {"token": LEA})],
}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a session: its own short path, else the first path
    above that ends with it."""
    import snowline_tools as tools

    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            steps = _OWN.get(consumer) or next(s for _, c, s in _BODY if c == consumer)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("quote_pass", [login("marta"), ("list_skiers", {"token": MARTA}), ("list_pass_products", {}),
                    ("quote_pass", {"product_code": DAY3, "age_band": "child", "first_day": "2028-02-13"}),
                    ("list_orders", {"token": MARTA}),
                    ("add_pass", {"token": MARTA, "order_id": "$list_orders.0.order_id", "skier_id": EMA,
                                  "product_code": DAY3, "first_day": "2028-02-13"})]),
    ("upload_photo", PHOTO_FIRST[:-1] + [("add_pass", {"token": MARTA, "order_id": "$list_orders.0.order_id",
                                                       "skier_id": EMA, "product_code": DAY1,
                                                       "first_day": "2028-02-14"})]),
    ("get_order", [login("marta"), ("list_orders", {"token": MARTA}),
                   ("get_order", {"token": MARTA, "order_id": "$list_orders.0.order_id"}),
                   ("pay_order", {"token": MARTA, "order_id": "$list_orders.0.order_id", "cardholder": "Marta Novak"})]),
    ("list_passes", [login("owen"), ("list_passes", {"token": OWEN}),
                     ("report_lost_card", {"token": OWEN, "card_no": OWEN_CARD})]),
    ("list_lifts", [login("owen"), ("list_passes", {"token": OWEN}), ("list_lifts", {}),
                    ("ride_history", {"token": OWEN, "pass_no": "$list_passes.0.pass_no"})]),
    ("save_ski_profile", [login("marta"), ("list_skiers", {"token": MARTA}),
                          ("save_ski_profile", {"token": MARTA, "skier_id": PAVEL, "height_cm": 184, "weight_kg": 84,
                                                "boot_mondo": 28.5, "skier_type": "II"}),
                          ("list_rental_packages", {}),
                          ("reserve_rental", {"token": MARTA, "skier_id": PAVEL, "package_code": SEN,
                                              "first_day": "2028-02-13", "days": 6})]),
]
