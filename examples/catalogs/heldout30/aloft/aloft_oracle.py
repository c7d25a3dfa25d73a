"""Scripted proofs that Aloft's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime built with ``failure=FAILURE``, which reads the
company's ``{"status": "rejected"}`` refusals; the replies are plain JSON (``TypedDict`` records, lists,
numbers and sentences), so the plain oracle runs them as well, with the module's ``FAILURE``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once
every call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "maggie")``) and pass ``"$maggie.token"``; replies are read by field
(``"$register_customer.customer_id"``, ``"$sell_voucher.voucher_code"``, ``"$sell_voucher.payment_id"``,
``"$schedule_flight.flight_id"``, ``"$book_flight.booking_id"``, ``"$land_flight.landing_id"``) and list rows
by position and field (``"$find_customer.0.customer_id"``, ``"$vouchers.0.voucher_code"``,
``"$flights.0.flight_id"``, ``"$available_flights.0.flight_id"``, ``"$bookings.0.booking_id"``,
``"$flight_manifest.passengers.2.booking_id"``, ``"$landings.0.landing_id"``, ``"$fleet.1.registration"``,
``"$pilots.0.pilot_id"``, ``"$flight_products.1.code"``, ``"$launch_sites.1.code"``). Every id is read from a
reply; none is written literally. A step saved under a name of its own (``("check_in", {...}, "peter")``) is a
second call of a tool on one path.

The day: Mr Tomasz Wojcik registers and buys an anytime voucher for his partner Ella Grant, who is booked onto
tonight's flight from Home Farm (on other paths her weight is changed, she cancels, moves to tomorrow's dawn
flight, is checked in or does not come; Tomasz changes his e-mail, is texted, or buys a weekday voucher,
upgrades it and has the upgrade refunded). Tonight Ruth calls go for Home Farm, Dan's crew is assigned, Joan
and Peter Whitfield are checked in and Colin Barnes marked a no-show; Ruth launches and lands at Long Acre,
Mrs Tully is thanked, and certificates are issued. Skylark passes her inspection and Jamie takes her up from
Castle Park this evening as an extra flight, with Priya Nair (scrubbed this morning) rebooked onto it; Gareth
Price books on it too. Ruth takes over tomorrow's dawn flight from Alys, whose medical has lapsed, and calls
it. Hannah Liddell extends her expired voucher and books Monday; Raj Patel upgrades his weekday voucher for
tomorrow's dawn. Gareth passes his champagne voucher to Colin Barnes for his wife; Joan buys another voucher;
Mr Denton is thanked for last night's landing and its certificates issued (Eileen Ross's reissued with her
name as she wants it); Sophie Tan's voucher sale is refunded; Dandelion is grounded.
"""

import aloft_tools as tools

WHO = {"maggie": ("maggie.h", "Envelope-Up-4"), "ruth": ("ruth.o", "Crown-Line-17"),
       "jamie": ("jamie.f", "Parachute-Vent-22"), "dan": ("dan.c", "Retrieve-Run-9"),
       "lee": ("lee.w", "Home-Farm-1998")}
M, R, J, D, L = "$maggie.token", "$ruth.token", "$jamie.token", "$dan.token", "$lee.token"
TODAY = "2031-06-13"
SATURDAY = "2031-06-14"
MONDAY = "2031-06-16"
YESTERDAY = "2031-06-12"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def product(code: str) -> str:
    """A reference to a product's code in the product list, by its position."""
    return f"$flight_products.{list(tools.PRODUCTS).index(code)}.code"


def site(code: str) -> str:
    """A reference to a launch site's code in the site list, by its position."""
    return f"$launch_sites.{list(tools.SITES).index(code)}.code"


def balloon(reg: str) -> str:
    """A reference to a balloon's registration in the fleet list, by its position."""
    return f"$fleet.{list(tools.State().balloons).index(reg)}.registration"


def pilot(pid: str) -> str:
    """A reference to a pilot's id in the pilots list (sorted by id), by its position."""
    return f"$pilots.{sorted(tools.State().pilots).index(pid)}.pilot_id"


NEW = "$register_customer.customer_id"
FOUND = "$find_customer.0.customer_id"
SOLD = "$sell_voucher.voucher_code"
BOOKED = "$book_flight.booking_id"
FLIGHT = "$flights.0.flight_id"
EXTRA = "$schedule_flight.flight_id"
GO = {"wind_knots": 6, "gusts_knots": 9, "visibility_km": 25.0, "decision": "go",
      "notes": "Light south-westerly, high pressure, good visibility"}

TOMASZ = [*sign_ins("maggie"),
          ("register_customer", {"token": M, "name": "Mr Tomasz Wojcik", "phone": "07700 900425",
                                 "postcode": "WB3 9QE", "email": "tomasz.wojcik@mail.example"})]
TOMASZ_EMAIL = TOMASZ + [("update_customer", {"token": M, "customer_id": NEW, "email": "tomasz@wojcik-home.example"})]
TOMASZ_ACCOUNT = TOMASZ + [("customer_account", {"token": M, "customer_id": NEW})]
TOMASZ_TEXT = TOMASZ + [("send_message", {"token": M, "customer_id": NEW, "channel": "sms",
                                          "text": "Your voucher for Ella is in the post; happy birthday to her!"})]
ELLA = TOMASZ + [
    ("flight_products", {}),
    ("sell_voucher", {"token": M, "customer_id": NEW, "product_code": product("ANY"), "passenger_name": "Ella Grant",
                      "method": "card"}),
    ("available_flights", {"date_from": TODAY}),
    ("book_flight", {"token": M, "voucher_code": SOLD, "flight_id": "$available_flights.0.flight_id",
                     "weight_kg": 64.0}),
]
ELLA_DETAILS = cut(ELLA, "sell_voucher") + [("voucher_details", {"token": M, "voucher_code": SOLD})]
ELLA_REFUND = cut(ELLA, "sell_voucher") + [
    ("refund_payment", {"token": M, "payment_id": "$sell_voucher.payment_id",
                        "reason": "Ella is expecting and cannot fly this year"})]
ELLA_TO_MAREK = cut(ELLA, "sell_voucher") + [
    ("transfer_voucher", {"token": M, "voucher_code": SOLD, "customer_id": NEW, "passenger_name": "Marek Wojcik"})]
ELLA_WEIGHT = ELLA + [("update_weight", {"token": M, "booking_id": BOOKED, "weight_kg": 66.0})]
ELLA_CANCELS = ELLA + [("cancel_booking", {"token": M, "booking_id": BOOKED, "reason": "Ella has a migraine"})]
ELLA_MOVES = ELLA + [("rebook", {"token": M, "booking_id": BOOKED, "flight_id": "$available_flights.1.flight_id"})]
ELLA_FIELD = ELLA + [*sign_ins("ruth", "dan"), ("flights", {"token": R, "date": TODAY, "status": "scheduled"}),
                     ("weather_check", {"token": R, "flight_id": FLIGHT, **GO}),
                     ("check_in", {"token": D, "booking_id": BOOKED, "weight_kg": 63.5})]
ELLA_MISSING = cut(ELLA_FIELD, "weather_check") + [("mark_no_show", {"token": D, "booking_id": BOOKED})]
TOMASZ_UPGRADE = TOMASZ + [
    ("flight_products", {}),
    ("sell_voucher", {"token": M, "customer_id": NEW, "product_code": product("WKDY"), "passenger_name": "Ella Grant",
                      "method": "card"}),
    ("upgrade_voucher", {"token": M, "voucher_code": SOLD, "product_code": product("ANY"), "method": "card"}),
    ("refund_payment", {"token": M, "payment_id": "$upgrade_voucher.payment_id",
                        "reason": "Ella can fly on a weekday after all"}),
]

TONIGHT = [
    *sign_ins("ruth", "dan"),
    ("flights", {"token": R, "date": TODAY, "status": "scheduled"}),
    ("weather_check", {"token": R, "flight_id": FLIGHT, **GO}),
    ("assign_crew", {"token": D, "flight_id": FLIGHT, "crew": ["Dan Carver", "Sam Ives"], "vehicle": "land_rover_1"}),
    ("flight_manifest", {"token": D, "flight_id": FLIGHT}),
    ("check_in", {"token": D, "booking_id": "$flight_manifest.passengers.0.booking_id", "weight_kg": 69.5}),
    ("check_in", {"token": D, "booking_id": "$flight_manifest.passengers.1.booking_id", "weight_kg": 85.0}, "peter"),
    ("mark_no_show", {"token": D, "booking_id": "$flight_manifest.passengers.2.booking_id"}),
    ("launch_flight", {"token": R, "flight_id": FLIGHT, "launch_time": "19:10"}),
    ("land_flight", {"token": R, "flight_id": FLIGHT, "landing_site": "Long Acre, Nether Ashby", "landed_at": "20:20",
                     "landowner": "Mrs Jean Tully"}),
    ("thank_landowner", {"token": D, "landing_id": "$land_flight.landing_id", "gift": "champagne",
                         "note": "Mrs Tully came out with her dogs; no damage, gate left as found"}),
    ("issue_certificates", {"token": R, "flight_id": FLIGHT}),
]
TONIGHT_LIST = [*sign_ins("ruth", "dan"), ("flights", {"token": R, "date": TODAY, "status": "scheduled"}),
                ("weather_check", {"token": R, "flight_id": FLIGHT, **GO}),
                ("bookings", {"token": D, "flight_id": FLIGHT, "status": "booked"}),
                ("check_in", {"token": D, "booking_id": "$bookings.0.booking_id", "weight_kg": 69.5}),
                ("mark_no_show", {"token": D, "booking_id": "$bookings.2.booking_id"})]
TONIGHT_TEXT = [*sign_ins("maggie"), ("flights", {"token": M, "date": TODAY, "status": "scheduled"}),
                ("notify_passengers", {"token": M, "flight_id": FLIGHT, "channel": "sms",
                                       "text": "Tonight's flight from Home Farm is on: meet at the field gate at 18:30."})]
MONDAY_OFF = [*sign_ins("maggie"), ("flights", {"token": M, "date": MONDAY}),
              ("cancel_flight", {"token": M, "flight_id": FLIGHT, "reason": "undersubscribed",
                                 "note": "Nobody booked from River Meadow"})]
SAT_DAWN = [*sign_ins("maggie", "ruth"), ("flights", {"token": M, "date": SATURDAY, "status": "scheduled"}),
            ("pilots", {"token": M}),
            ("change_pilot", {"token": M, "flight_id": FLIGHT, "pilot_id": pilot("P-17")}),
            ("weather_check", {"token": R, "flight_id": FLIGHT, "wind_knots": 9, "gusts_knots": 14,
                               "visibility_km": 8.0, "decision": "hold",
                               "notes": "Front clearing overnight; call again at 04:00"})]

SKYLARK = [
    *sign_ins("lee", "maggie"),
    ("fleet", {"token": L}),
    ("record_inspection", {"token": L, "balloon_reg": balloon("G-CXWD"), "inspector": "P. Ormerod (BBAC inspector)",
                           "passed": True, "notes": "Fabric and burner pressure tests passed; new rip line fitted"}),
    ("launch_sites", {}),
    ("pilots", {"token": M}),
    ("schedule_flight", {"token": M, "site_code": site("CPK"), "date": TODAY, "slot": "evening",
                         "balloon_reg": balloon("G-CXWD"), "pilot_id": pilot("P-22")}),
]
SKYLARK_PRIYA = SKYLARK + [("bookings", {"token": M, "status": "rebook"}),
                           ("rebook", {"token": M, "booking_id": "$bookings.0.booking_id", "flight_id": EXTRA})]
SKYLARK_FLOWN = SKYLARK_PRIYA + [
    *sign_ins("jamie", "dan"),
    ("weather_check", {"token": J, "flight_id": EXTRA, **GO}),
    ("assign_crew", {"token": D, "flight_id": EXTRA, "crew": ["Dan Carver", "Kay Osei"], "vehicle": "land_rover_2"}),
    ("check_in", {"token": D, "booking_id": "$bookings.0.booking_id", "weight_kg": 58.5}),
    ("launch_flight", {"token": J, "flight_id": EXTRA, "launch_time": "19:00"}),
    ("land_flight", {"token": J, "flight_id": EXTRA, "landing_site": "Glebe Farm, Wendlebury", "landed_at": "19:55",
                     "landowner": "Mr Alan Pryce"}),
    ("issue_certificates", {"token": J, "flight_id": EXTRA}),
]
SKYLARK_TEXT = SKYLARK_PRIYA + [
    ("notify_passengers", {"token": M, "flight_id": EXTRA, "channel": "email",
                           "text": "You are on tonight's extra flight from Castle Park: meet at the lodge at 18:30."})]
SKYLARK_OFF = SKYLARK + [("cancel_flight", {"token": M, "flight_id": EXTRA, "reason": "pilot_unavailable"})]
SKYLARK_MANIFEST = SKYLARK + [("flight_manifest", {"token": M, "flight_id": EXTRA})]
SKYLARK_GARETH = SKYLARK + [("find_customer", {"token": M, "text": "Price"}),
                            ("vouchers", {"token": M, "customer_id": FOUND, "status": "valid"}),
                            ("book_flight", {"token": M, "voucher_code": "$vouchers.0.voucher_code", "flight_id": EXTRA,
                                             "weight_kg": 88.0})]
DANDELION_MONDAY = [*sign_ins("maggie"), ("fleet", {"token": M}), ("launch_sites", {}), ("pilots", {"token": M}),
                    ("schedule_flight", {"token": M, "site_code": site("HFM"), "date": MONDAY, "slot": "dawn",
                                         "balloon_reg": balloon("G-BUBL"), "pilot_id": pilot("P-22")}),
                    ("change_pilot", {"token": M, "flight_id": EXTRA, "pilot_id": pilot("P-17")})]
DANDELION_GROUNDED = [*sign_ins("ruth"), ("fleet", {"token": R}),
                      ("ground_balloon", {"token": R, "balloon_reg": balloon("G-BUBL"),
                                          "reason": "Burner 2 pilot light keeps going out"})]

PRIYA = [*sign_ins("maggie"), ("bookings", {"token": M, "status": "rebook"}),
         ("flights", {"token": M, "date": TODAY, "status": "scheduled"}),
         ("rebook", {"token": M, "booking_id": "$bookings.0.booking_id", "flight_id": FLIGHT})]
PRIYA_OPEN = [*sign_ins("maggie"), ("bookings", {"token": M, "status": "rebook"}),
              ("available_flights", {"date_from": TODAY}),
              ("rebook", {"token": M, "booking_id": "$bookings.0.booking_id",
                          "flight_id": "$available_flights.0.flight_id"})]
JOAN_WEIGHT = [*sign_ins("maggie"), ("find_customer", {"token": M, "text": "Whitfield"}),
               ("bookings", {"token": M, "customer_id": FOUND, "status": "booked"}),
               ("update_weight", {"token": M, "booking_id": "$bookings.0.booking_id", "weight_kg": 70.0})]
JOAN_ACCOUNT = [*sign_ins("maggie"), ("find_customer", {"token": M, "text": "Whitfield"}),
                ("customer_account", {"token": M, "customer_id": FOUND})]
JOAN_VOUCHER = [*sign_ins("maggie"), ("find_customer", {"token": M, "text": "Whitfield"}), ("flight_products", {}),
                ("sell_voucher", {"token": M, "customer_id": FOUND, "product_code": product("CHAMP"),
                                  "passenger_name": "Lucy Whitfield", "method": "cash"})]
COLIN_CANCELS = [*sign_ins("maggie"), ("find_customer", {"token": M, "text": "Barnes"}),
                 ("bookings", {"token": M, "customer_id": FOUND}),
                 ("cancel_booking", {"token": M, "booking_id": "$bookings.0.booking_id",
                                     "reason": "Stuck at work; rang at half ten"})]
PRIYA_MOBILE = [*sign_ins("maggie"), ("find_customer", {"token": M, "text": "Nair"}),
                ("update_customer", {"token": M, "customer_id": FOUND, "phone": "07700 900499"})]
GARETH_TEXT = [*sign_ins("maggie"), ("find_customer", {"token": M, "text": "Price"}),
               ("send_message", {"token": M, "customer_id": FOUND, "channel": "sms",
                                 "text": "Ashby Lacey Balloons: tomorrow evening's flights have seats if you'd like one."})]
GARETH_GIVES = [*sign_ins("maggie"), ("find_customer", {"token": M, "text": "Price"}, "gareth"),
                ("vouchers", {"token": M, "customer_id": "$gareth.0.customer_id", "status": "valid"}),
                ("find_customer", {"token": M, "text": "Barnes"}),
                ("transfer_voucher", {"token": M, "voucher_code": "$vouchers.0.voucher_code", "customer_id": FOUND,
                                      "passenger_name": "Mrs Anne Barnes"})]
PRIYA_VOUCHER = [*sign_ins("maggie"), ("vouchers", {"token": M, "status": "booked"}),
                 ("voucher_details", {"token": M, "voucher_code": "$vouchers.0.voucher_code"})]
HANNAH = [*sign_ins("maggie"), ("vouchers", {"token": M, "status": "expired"}),
          ("extend_voucher", {"token": M, "voucher_code": "$vouchers.0.voucher_code", "months": 12, "method": "card"}),
          ("available_flights", {"date_from": MONDAY}),
          ("book_flight", {"token": M, "voucher_code": "$vouchers.0.voucher_code",
                           "flight_id": "$available_flights.0.flight_id", "weight_kg": 61.0})]
HANNAH_REFUND = cut(HANNAH, "extend_voucher") + [
    ("refund_payment", {"token": M, "payment_id": "$extend_voucher.payment_id",
                        "reason": "Paid twice: she had already paid online"})]
RAJ = [*sign_ins("maggie"), ("find_customer", {"token": M, "text": "Patel"}),
       ("vouchers", {"token": M, "customer_id": FOUND}), ("flight_products", {}),
       ("upgrade_voucher", {"token": M, "voucher_code": "$vouchers.0.voucher_code", "product_code": product("ANY"),
                            "method": "card"}),
       ("flights", {"token": M, "date": SATURDAY, "status": "scheduled"}),
       ("book_flight", {"token": M, "voucher_code": "$vouchers.0.voucher_code", "flight_id": FLIGHT,
                        "weight_kg": 77.0})]
DENTON = [*sign_ins("maggie"), ("landings", {"token": M, "thanked": False}),
          ("thank_landowner", {"token": M, "landing_id": "$landings.0.landing_id", "gift": "champagne",
                               "note": "Bottle dropped round to Stubbs Farm; Mr Denton delighted"})]
LAST_NIGHT = [*sign_ins("ruth"), ("flights", {"token": R, "date": YESTERDAY, "status": "landed"}),
              ("issue_certificates", {"token": R, "flight_id": FLIGHT})]
SOPHIE_REFUND = [*sign_ins("maggie"), ("find_customer", {"token": M, "text": "Tan"}),
                 ("vouchers", {"token": M, "customer_id": FOUND}),
                 ("voucher_details", {"token": M, "voucher_code": "$vouchers.0.voucher_code"}),
                 ("refund_payment", {"token": M, "payment_id": "$voucher_details.payments.0.payment_id",
                                     "reason": "Changed her mind within the fourteen days"})]
EILEEN = LAST_NIGHT + [("reissue_certificate", {"token": R, "certificate_no": "$issue_certificates.0.certificate_no",
                                                "passenger_name": "Mrs Eileen M. Ross"})]
FORECAST = [("launch_sites", {}), ("weather_outlook", {"site_code": site("CPK"), "date": SATURDAY})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers
_REGISTERED = {"update_customer": TOMASZ_EMAIL, "customer_account": TOMASZ_ACCOUNT, "send_message": TOMASZ_TEXT,
               "sell_voucher": ELLA, "transfer_voucher": ELLA_TO_MAREK}
_FOUND = {"update_customer": PRIYA_MOBILE, "customer_account": JOAN_ACCOUNT, "send_message": GARETH_TEXT,
          "sell_voucher": JOAN_VOUCHER, "transfer_voucher": GARETH_GIVES}
for _c in tools.CUSTOMER_CONSUMERS:
    _add("register_customer", _c, cut(_REGISTERED[_c], _c))
    _add("find_customer", _c, cut(_FOUND[_c], _c))

# vouchers
_SOLD = {"voucher_details": ELLA_DETAILS, "upgrade_voucher": TOMASZ_UPGRADE, "transfer_voucher": ELLA_TO_MAREK,
         "book_flight": ELLA}
_LISTED = {"voucher_details": PRIYA_VOUCHER, "upgrade_voucher": RAJ, "transfer_voucher": GARETH_GIVES,
           "book_flight": RAJ}
for _c in tools.VOUCHER_CONSUMERS:
    _add("sell_voucher", _c, cut(_SOLD[_c], _c))
    _add("vouchers", _c, cut(_LISTED[_c], _c))
_add("vouchers", "extend_voucher", cut(HANNAH, "extend_voucher"))

# flights
_SCHEDULED = {"change_pilot": DANDELION_MONDAY, "assign_crew": SKYLARK_FLOWN, "weather_check": SKYLARK_FLOWN,
              "cancel_flight": SKYLARK_OFF, "flight_manifest": SKYLARK_MANIFEST, "launch_flight": SKYLARK_FLOWN,
              "land_flight": SKYLARK_FLOWN, "issue_certificates": SKYLARK_FLOWN, "notify_passengers": SKYLARK_TEXT}
_LISTED_FLIGHTS = {"change_pilot": SAT_DAWN, "assign_crew": TONIGHT, "weather_check": TONIGHT,
                   "cancel_flight": MONDAY_OFF, "flight_manifest": TONIGHT, "launch_flight": TONIGHT,
                   "land_flight": TONIGHT, "issue_certificates": LAST_NIGHT, "notify_passengers": TONIGHT_TEXT}
for _c in tools.FLIGHT_CONSUMERS:
    _add("schedule_flight", _c, cut(_SCHEDULED[_c], _c))
    _add("flights", _c, cut(_LISTED_FLIGHTS[_c], _c))
_add("available_flights", "book_flight", ELLA)
_add("flights", "book_flight", RAJ)
_add("schedule_flight", "book_flight", SKYLARK_GARETH)
_add("available_flights", "rebook", PRIYA_OPEN)
_add("flights", "rebook", PRIYA)
_add("schedule_flight", "rebook", SKYLARK_PRIYA)

# bookings
_BOOKED = {"update_weight": ELLA_WEIGHT, "cancel_booking": ELLA_CANCELS, "rebook": ELLA_MOVES}
_LISTED_BOOKINGS = {"update_weight": JOAN_WEIGHT, "cancel_booking": COLIN_CANCELS, "rebook": PRIYA}
for _c in tools.BOOKING_CONSUMERS:
    _add("book_flight", _c, _BOOKED[_c])
    _add("bookings", _c, _LISTED_BOOKINGS[_c])
_add("book_flight", "check_in", ELLA_FIELD)
_add("bookings", "check_in", cut(TONIGHT_LIST, "check_in"))
_add("flight_manifest", "check_in", cut(TONIGHT, "check_in"))
_add("book_flight", "mark_no_show", ELLA_MISSING)
_add("bookings", "mark_no_show", TONIGHT_LIST)
_add("flight_manifest", "mark_no_show", cut(TONIGHT, "mark_no_show"))

# landings, fleet, pilots, payments
_add("land_flight", "thank_landowner", cut(TONIGHT, "thank_landowner"))
_add("landings", "thank_landowner", DENTON)
_add("fleet", "schedule_flight", SKYLARK)
_add("fleet", "record_inspection", cut(SKYLARK, "record_inspection"))
_add("fleet", "ground_balloon", DANDELION_GROUNDED)
_add("pilots", "schedule_flight", DANDELION_MONDAY[:-1])
_add("pilots", "change_pilot", cut(SAT_DAWN, "change_pilot"))
_add("sell_voucher", "refund_payment", ELLA_REFUND)
_add("extend_voucher", "refund_payment", HANNAH_REFUND)
_add("upgrade_voucher", "refund_payment", TOMASZ_UPGRADE)
_add("voucher_details", "refund_payment", SOPHIE_REFUND)
_add("issue_certificates", "reissue_certificate", EILEEN)

# vocabularies
_add("flight_products", "sell_voucher", JOAN_VOUCHER)
_add("flight_products", "upgrade_voucher", cut(RAJ, "upgrade_voucher"))
_add("launch_sites", "schedule_flight", DANDELION_MONDAY[:-1])
_add("launch_sites", "weather_outlook", FORECAST)

# states
_add("extend_voucher", "book_flight", HANNAH)
_add("upgrade_voucher", "book_flight", RAJ)
_add("record_inspection", "schedule_flight", SKYLARK)
_add("change_pilot", "weather_check", SAT_DAWN)
_add("weather_check", "check_in", cut(TONIGHT, "check_in"))
_add("weather_check", "mark_no_show", cut(TONIGHT, "mark_no_show"))
_add("rebook", "check_in", cut(SKYLARK_FLOWN, "check_in"))
_add("weather_check", "launch_flight", cut(TONIGHT, "launch_flight"))
_add("assign_crew", "launch_flight", cut(TONIGHT, "launch_flight"))
_add("check_in", "launch_flight", cut(TONIGHT, "launch_flight"))
_add("mark_no_show", "launch_flight", cut(TONIGHT, "launch_flight"))
_add("launch_flight", "land_flight", cut(TONIGHT, "land_flight"))
_add("land_flight", "issue_certificates", TONIGHT)

_OWN = {"sign_out": [sign_in("lee"), ("sign_out", {"token": L})]}


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
    # the forecast is read before Ruth's weather call; the call is made from her own briefing
    ("weather_outlook", [*sign_ins("ruth"), ("flights", {"token": R, "date": TODAY, "status": "scheduled"}),
                         ("launch_sites", {}), ("weather_outlook", {"site_code": site("HFM"), "date": TODAY}),
                         ("weather_check", {"token": R, "flight_id": FLIGHT, **GO})]),
    # tonight's manifest is read before the crew is assigned
    ("flight_manifest", [*sign_ins("dan"), ("flights", {"token": D, "date": TODAY, "status": "scheduled"}),
                         ("flight_manifest", {"token": D, "flight_id": FLIGHT}),
                         ("assign_crew", {"token": D, "flight_id": FLIGHT, "crew": ["Dan Carver", "Sam Ives"],
                                          "vehicle": "land_rover_1"})]),
    # Priya's account is read before her mobile changes
    ("customer_account", [*sign_ins("maggie"), ("find_customer", {"token": M, "text": "Nair"}),
                          ("customer_account", {"token": M, "customer_id": FOUND}),
                          ("update_customer", {"token": M, "customer_id": FOUND, "phone": "07700 900499"})]),
    # the expired voucher is looked at before it is extended
    ("voucher_details", [*sign_ins("maggie"), ("vouchers", {"token": M, "status": "expired"}),
                         ("voucher_details", {"token": M, "voucher_code": "$vouchers.0.voucher_code"}),
                         ("extend_voucher", {"token": M, "voucher_code": "$vouchers.0.voucher_code", "months": 6,
                                             "method": "cash"})]),
    # the fleet is read before tomorrow's pilot changes; a pilot change names no balloon
    ("fleet", [*sign_ins("maggie"), ("flights", {"token": M, "date": SATURDAY, "status": "scheduled"}),
               ("fleet", {"token": M}), ("pilots", {"token": M}),
               ("change_pilot", {"token": M, "flight_id": FLIGHT, "pilot_id": pilot("P-17")})]),
    # the open flights are read before Monday's flight is cancelled
    ("available_flights", [*sign_ins("maggie"), ("flights", {"token": M, "date": MONDAY}),
                           ("available_flights", {"date_from": MONDAY}),
                           ("cancel_flight", {"token": M, "flight_id": FLIGHT, "reason": "undersubscribed"})]),
    # last night's landings are read before its certificates are issued
    ("landings", [*sign_ins("ruth"), ("flights", {"token": R, "date": YESTERDAY, "status": "landed"}),
                  ("landings", {"token": R, "date": YESTERDAY}),
                  ("issue_certificates", {"token": R, "flight_id": FLIGHT})]),
]
