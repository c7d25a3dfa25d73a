"""Scripted proofs that Toepick's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime and, since the raw replies are plain dicts, lists and
strings, under the plain oracle too; a refusal is a raised ``RinkError``, a failure under both).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "loveday")``) and pass ``"$loveday.token"``; replies are read by field (``"$register_skater.skater_id"``,
``"$sell_tickets.sale_id"``, ``"$enrol_course.enrolment_id"``, ``"$quote_ice_time.quote_id"``,
``"$book_ice_time.booking_id"``, ``"$book_sharpening.job_id"``) and list entries by position and field
(``"$session_times.0.session_id"``, ``"$price_list.3.code"``, ``"$skate_hire_stock.8.size"``,
``"$course_list.1.course_id"``, ``"$find_skater.0.skater_id"``, ``"$sales.1.sale_id"``, ``"$coaches.2.code"``,
``"$clubs.1.club_id"``, ``"$invoices.0.invoice_id"``, ``"$ice_bookings.0.booking_id"``,
``"$sharpening_jobs.0.job_id"``), a register row by position (``"$course_roster.0.0"``). The positions follow the
fresh state's order of records by id (filtered as each call asks), of the sessions by date and start, of the prices by
code and of the hire sizes as the shelf holds them. Every id, code and size is read from a reply; none is written
literally (names, dates of birth, guardians, e-mail addresses, phone numbers, payments, plans, times, drivers,
temperatures, thicknesses, reasons, descriptions, results, notes, minutes, dates, insurers, policies, purposes,
amounts, blades, hollows, subjects and bodies are written as the staff are told them). A step saved under a name of
its own is a second call of a tool on one path.

The day: Idwal resurfaces after the Lynx juniors, reads the ice and opens the ten o'clock session, then closes it
for a hole in the ice, or a fall is recorded; the desk sells a family their tickets with hire skates, Saoirse
Coldicott a monthly membership and a member's ticket, refunds the online booking for ten o'clock and a family's
sale. Tansy Orchardson registers, joins the Tuesday beginners, pays, moves to Wednesdays, buys a junior membership,
books a lesson, has her skates sharpened and her mother is written to. Perdita Marchbank passes level 2 and moves
up; Morfydd Skerritt pays her fee and is assessed; Benedikt Ambler renews his membership, books a lesson and hands
in his skates; his mother's number changes. The figure club's new insurance lets it book the 23rd; the speed club
pays its overdue invoice and is quoted; the Lynx cancel their junior training and are quoted a clinic instead, or a
new booking is cancelled. Thaddeus Hebblethwaite's skates are sharpened and collected, Morfydd's collected.
"""

import toepick_tools as tools

WHO = {"loveday": ("loveday.p", "Blade-Guard-22"), "ilaria": ("ilaria.b", "Crossover-57"),
       "idwal": ("idwal.p", "Flood-Pass-31"), "rhiannon": ("rhiannon.b", "Face-Off-64"),
       "ozzie": ("ozzie.s", "Hollow-Grind-8"), "delphine": ("delphine.m", "Rink-Side-45")}
LV, IL, ID, RH, OZ, DE = ("$loveday.token", "$ilaria.token", "$idwal.token", "$rhiannon.token", "$ozzie.token",
                          "$delphine.token")


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


TODAY = "2038-01-16"
TEN = "$session_times.0.session_id"

# the ten o'clock public session (PS-4101), after the Lynx juniors' training to 09:30
OPENED = [sign_in("idwal"), ("session_times", {"date": TODAY}), ("ice_log", {"token": ID}),
          ("log_resurface", {"token": ID, "at": "09:35", "driver": "Idwal Prothero"}),
          ("record_ice_reading", {"token": ID, "at": "09:36", "surface_temp": -5.5, "thickness_mm": 36.0}),
          ("open_session", {"token": ID, "session_id": TEN})]
FAMILY = OPENED + [sign_in("loveday"), ("price_list", {}), ("skate_hire_stock", {"token": LV}),
                   ("sell_tickets", {"token": LV, "session_id": TEN,
                                     "tickets": ["$price_list.0.code", "$price_list.0.code", "$price_list.1.code"],
                                     "payment": "card",
                                     "hire_sizes": ["$skate_hire_stock.8.size", "$skate_hire_stock.1.size"]})]
FAMILY_REFUND = FAMILY + [("refund_sale", {"token": LV, "sale_id": "$sell_tickets.sale_id",
                                           "reason": "The little one is frightened of the ice"})]
SAOIRSE_SKATES = OPENED + [sign_in("loveday"), ("find_skater", {"token": LV, "text": "Coldicott"}),
                           ("sell_membership", {"token": LV, "skater_id": "$find_skater.0.skater_id",
                                                "plan": "monthly", "payment": "card"}),
                           ("price_list", {}), ("skate_hire_stock", {"token": LV}),
                           ("sell_tickets", {"token": LV, "session_id": TEN, "tickets": ["$price_list.3.code"],
                                             "payment": "card", "hire_sizes": ["$skate_hire_stock.6.size"],
                                             "skater_id": "$find_skater.0.skater_id"})]
HOLE = OPENED + [("close_session", {"token": ID, "session_id": TEN,
                                    "reason": "A hole in the ice by the penalty box"})]
FALL = OPENED + [("report_incident", {"token": ID, "session_id": TEN,
                                      "description": "A girl fell by the boards and bumped her head",
                                      "first_aid": True})]
ONLINE_REFUND = [sign_in("loveday"), ("sales", {"token": LV}),
                 ("refund_sale", {"token": LV, "sale_id": "$sales.1.sale_id",
                                  "reason": "Both children are ill"})]

# Tansy Orchardson, eight, and her mother
TANSY = [sign_in("loveday"),
         ("register_skater", {"token": LV, "name": "Tansy Orchardson", "date_of_birth": "2029-08-22",
                              "email": "bryher.orchardson@example.com", "phone": "07700 900617",
                              "guardian": "Mrs Bryher Orchardson"})]
TANSY_COURSE = TANSY + [("course_list", {"level": 0}),
                        ("enrol_course", {"token": LV, "skater_id": "$register_skater.skater_id",
                                          "course_id": "$course_list.0.course_id"}),
                        ("pay_course_fee", {"token": LV, "enrolment_id": "$enrol_course.enrolment_id",
                                            "amount": 85.0, "payment": "card"})]
TANSY_PASSED = TANSY_COURSE + [sign_in("ilaria"),
                               ("record_assessment", {"token": IL, "enrolment_id": "$enrol_course.enrolment_id",
                                                      "passed": True, "notes": "Glides and stops with confidence"})]
TANSY_WEDNESDAY = cut(TANSY_COURSE, "enrol_course") + [
    sign_in("ilaria"),
    ("transfer_course", {"token": IL, "enrolment_id": "$enrol_course.enrolment_id",
                         "course_id": "$course_list.2.course_id"})]
TANSY_MEMBER = TANSY + [("sell_membership", {"token": LV, "skater_id": "$register_skater.skater_id",
                                             "plan": "junior_annual", "payment": "card"})]
TANSY_LESSON = TANSY_MEMBER + [sign_in("ilaria"), ("coaches", {"token": IL}),
                               ("book_private_lesson", {"token": IL, "skater_id": "$register_skater.skater_id",
                                                        "coach_code": "$coaches.1.code", "date": "2038-01-19",
                                                        "time": "16:30", "minutes": 15})]
TANSY_SKATES = TANSY + [("book_sharpening", {"token": LV, "skater_id": "$register_skater.skater_id",
                                             "blade": "figure"})]
TANSY_MAIL = TANSY + [("message_skater", {"token": LV, "skater_id": "$register_skater.skater_id",
                                          "subject": "Welcome to the Harnessford Ice Centre",
                                          "body": "Tansy is registered. Gloves are a must on the ice."})]
TANSY_PHONE = TANSY + [("update_skater", {"token": LV, "skater_id": "$register_skater.skater_id",
                                          "phone": "07700 900618"})]
TANSY_RECORD = TANSY + [("skater_record", {"token": LV, "skater_id": "$register_skater.skater_id"})]
TANSY_SHARPENED = TANSY_SKATES + [sign_in("ozzie"),
                                  ("complete_sharpening", {"token": OZ, "job_id": "$book_sharpening.job_id",
                                                           "notes": "New blades sharpened and the edges checked"}),
                                  ("collect_sharpening", {"token": OZ, "job_id": "$book_sharpening.job_id",
                                                          "payment": "card"})]

# the skate school: Perdita (EN-5501, level 2, paid) and Morfydd (EN-5502, level 4, unpaid)
PERDITA_UP = [sign_in("ilaria"), ("course_list", {}),
              ("course_roster", {"token": IL, "course_id": "$course_list.2.course_id"}),
              ("record_assessment", {"token": IL, "enrolment_id": "$course_roster.0.0", "passed": True,
                                     "notes": "Forward crossovers both ways and a clean two-foot spin"}),
              ("transfer_course", {"token": IL, "enrolment_id": "$course_roster.0.0",
                                   "course_id": "$course_list.3.course_id"})]
MORFYDD = [sign_in("ilaria"), ("course_list", {}),
           ("course_roster", {"token": IL, "course_id": "$course_list.5.course_id"}),
           sign_in("loveday"),
           ("pay_course_fee", {"token": LV, "enrolment_id": "$course_roster.0.0", "amount": 90.0,
                               "payment": "card"}),
           ("record_assessment", {"token": IL, "enrolment_id": "$course_roster.0.0", "passed": True,
                                  "notes": "Back outside edges held; ready for level 5"})]
SAOIRSE_COURSE = [sign_in("loveday"), ("find_skater", {"token": LV, "text": "Coldicott"}),
                  ("course_list", {"level": 0}),
                  ("enrol_course", {"token": LV, "skater_id": "$find_skater.0.skater_id",
                                    "course_id": "$course_list.1.course_id"})]
PERDITA_RECORD = [sign_in("ilaria"), ("find_skater", {"token": IL, "text": "Marchbank"}),
                  ("skater_record", {"token": IL, "skater_id": "$find_skater.0.skater_id"})]
PERDITA_MAIL = [sign_in("ilaria"), ("find_skater", {"token": IL, "text": "Marchbank"}),
                ("message_skater", {"token": IL, "skater_id": "$find_skater.0.skater_id",
                                    "subject": "Perdita has passed level 2",
                                    "body": "She moves up to the level 3 course on Wednesdays at half past five."})]

# Benedikt Ambler (junior membership out at the new year)
BENEDIKT = [sign_in("loveday"), ("find_skater", {"token": LV, "text": "Ambler"}),
            ("sell_membership", {"token": LV, "skater_id": "$find_skater.0.skater_id", "plan": "junior_annual",
                                 "payment": "card"}),
            sign_in("ilaria"), ("coaches", {"token": IL}),
            ("book_private_lesson", {"token": IL, "skater_id": "$find_skater.0.skater_id",
                                     "coach_code": "$coaches.2.code", "date": "2038-01-21", "time": "17:00",
                                     "minutes": 30})]
BENEDIKT_SKATES = [sign_in("loveday"), ("find_skater", {"token": LV, "text": "Ambler"}),
                   ("book_sharpening", {"token": LV, "skater_id": "$find_skater.0.skater_id", "blade": "hockey",
                                        "hollow": "1/2"})]
BENEDIKT_PHONE = [sign_in("loveday"), ("find_skater", {"token": LV, "text": "Ambler"}),
                  ("update_skater", {"token": LV, "skater_id": "$find_skater.0.skater_id",
                                     "phone": "07700 900214"})]

# the shop: SJ-900 (Morfydd, ready) and SJ-901 (Thaddeus, booked)
THADDEUS = [sign_in("ozzie"), ("sharpening_jobs", {"token": OZ, "status": "booked"}),
            ("complete_sharpening", {"token": OZ, "job_id": "$sharpening_jobs.0.job_id",
                                     "notes": "Five-eighths hollow, edges level"}),
            ("collect_sharpening", {"token": OZ, "job_id": "$sharpening_jobs.0.job_id", "payment": "cash"})]
MORFYDD_SKATES = [sign_in("loveday"), ("sharpening_jobs", {"token": LV, "status": "ready"}),
                  ("collect_sharpening", {"token": LV, "job_id": "$sharpening_jobs.0.job_id", "payment": "card"})]

# clubs: CL-01 the Lynx, CL-02 the figure club (insurance ended 2037-12-31), CL-03 speed (INV-3302 overdue)
FIGURE = [sign_in("rhiannon"), ("clubs", {"token": RH}),
          ("record_club_insurance", {"token": RH, "club_id": "$clubs.1.club_id", "insurer": "Hollinwood Sports Cover",
                                     "policy": "BSC-31187", "expires": "2038-12-31"}),
          ("quote_ice_time", {"token": RH, "club_id": "$clubs.1.club_id", "date": "2038-01-23", "start": "16:15",
                              "minutes": 90}),
          ("book_ice_time", {"token": RH, "quote_id": "$quote_ice_time.quote_id", "purpose": "Club patch"})]
FIGURE_OFF = FIGURE + [("cancel_ice_time", {"token": RH, "booking_id": "$book_ice_time.booking_id",
                                            "reason": "The club's coach is ill"})]
SPEED = [sign_in("rhiannon"), ("invoices", {"token": RH, "status": "unpaid"}),
         ("pay_invoice", {"token": RH, "invoice_id": "$invoices.0.invoice_id", "amount": 360.0, "payment": "card"}),
         ("clubs", {"token": RH}),
         ("quote_ice_time", {"token": RH, "club_id": "$clubs.2.club_id", "date": "2038-01-27", "start": "20:00",
                             "minutes": 90})]
LYNX = [sign_in("rhiannon"), ("ice_bookings", {"token": RH, "date": "2038-01-23"}),
        ("cancel_ice_time", {"token": RH, "booking_id": "$ice_bookings.0.booking_id",
                             "reason": "The juniors are at a tournament that weekend"}),
        ("clubs", {"token": RH}),
        ("quote_ice_time", {"token": RH, "club_id": "$clubs.0.club_id", "date": "2038-01-23", "start": "08:00",
                            "minutes": 60})]

_BODY = [
    # the ice and the desk
    ("session_times", "open_session", OPENED),
    ("log_resurface", "open_session", OPENED),
    ("record_ice_reading", "open_session", OPENED),
    ("session_times", "sell_tickets", FAMILY),
    ("open_session", "sell_tickets", FAMILY),
    ("price_list", "sell_tickets", FAMILY),
    ("skate_hire_stock", "sell_tickets", FAMILY),
    ("sell_membership", "sell_tickets", SAOIRSE_SKATES),
    ("session_times", "close_session", HOLE),
    ("open_session", "close_session", HOLE),
    ("session_times", "report_incident", FALL),
    ("open_session", "report_incident", FALL),
    ("sell_tickets", "refund_sale", FAMILY_REFUND),
    ("sales", "refund_sale", ONLINE_REFUND),
    # skaters
    ("register_skater", "update_skater", TANSY_PHONE),
    ("find_skater", "update_skater", BENEDIKT_PHONE),
    ("register_skater", "skater_record", TANSY_RECORD),
    ("find_skater", "skater_record", PERDITA_RECORD),
    ("register_skater", "sell_membership", TANSY_MEMBER),
    ("find_skater", "sell_membership", cut(SAOIRSE_SKATES, "sell_membership")),
    ("register_skater", "enrol_course", cut(TANSY_COURSE, "enrol_course")),
    ("find_skater", "enrol_course", SAOIRSE_COURSE),
    ("register_skater", "book_private_lesson", TANSY_LESSON),
    ("find_skater", "book_private_lesson", BENEDIKT),
    ("register_skater", "book_sharpening", TANSY_SKATES),
    ("find_skater", "book_sharpening", BENEDIKT_SKATES),
    ("register_skater", "message_skater", TANSY_MAIL),
    ("find_skater", "message_skater", PERDITA_MAIL),
    ("coaches", "book_private_lesson", BENEDIKT),
    ("sell_membership", "book_private_lesson", BENEDIKT),
    # the skate school
    ("course_list", "enrol_course", cut(TANSY_COURSE, "enrol_course")),
    ("course_list", "course_roster", cut(PERDITA_UP, "course_roster")),
    ("course_list", "transfer_course", PERDITA_UP),
    ("enrol_course", "pay_course_fee", TANSY_COURSE),
    ("course_roster", "pay_course_fee", cut(MORFYDD, "pay_course_fee")),
    ("enrol_course", "record_assessment", TANSY_PASSED),
    ("course_roster", "record_assessment", cut(PERDITA_UP, "record_assessment")),
    ("pay_course_fee", "record_assessment", MORFYDD),
    ("enrol_course", "transfer_course", TANSY_WEDNESDAY),
    ("course_roster", "transfer_course", PERDITA_UP),
    ("record_assessment", "transfer_course", PERDITA_UP),
    # clubs and ice time
    ("clubs", "record_club_insurance", cut(FIGURE, "record_club_insurance")),
    ("clubs", "quote_ice_time", SPEED),
    ("record_club_insurance", "quote_ice_time", cut(FIGURE, "quote_ice_time")),
    ("invoices", "pay_invoice", cut(SPEED, "pay_invoice")),
    ("pay_invoice", "quote_ice_time", SPEED),
    ("cancel_ice_time", "quote_ice_time", LYNX),
    ("quote_ice_time", "book_ice_time", FIGURE),
    ("book_ice_time", "cancel_ice_time", FIGURE_OFF),
    ("ice_bookings", "cancel_ice_time", cut(LYNX, "cancel_ice_time")),
    # the skate shop
    ("book_sharpening", "complete_sharpening", cut(TANSY_SHARPENED, "complete_sharpening")),
    ("sharpening_jobs", "complete_sharpening", cut(THADDEUS, "complete_sharpening")),
    ("book_sharpening", "collect_sharpening", TANSY_SHARPENED),
    ("sharpening_jobs", "collect_sharpening", MORFYDD_SKATES),
    ("complete_sharpening", "collect_sharpening", THADDEUS),
]

_OWN = {"sign_out": [sign_in("delphine"), ("sign_out", {"token": DE})]}


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
    # the ice log read before the ten o'clock session is opened (the opening checks the log itself)
    ("ice_log", OPENED),
    # the price list read before Tansy is enrolled (course fees are on the course list)
    ("price_list", TANSY + [("price_list", {}), ("course_list", {"level": 0}), TANSY_COURSE[3]]),
    # the hire stock read before Benedikt's membership is renewed
    ("skate_hire_stock", BENEDIKT[:2] + [("skate_hire_stock", {"token": LV})] + BENEDIKT[2:3]),
    # the sales read before the figure club's insurance is recorded
    ("sales", [sign_in("loveday"), ("sales", {"token": LV})] + cut(FIGURE, "record_club_insurance")),
    # the ice bookings read before the speed club's invoice is paid
    ("ice_bookings", SPEED[:1] + [("ice_bookings", {"token": RH, "date": "2038-01-27"})] + SPEED[1:3]),
    # the coaches read before Perdita's assessment
    ("coaches", PERDITA_UP[:3] + [("coaches", {"token": IL})] + PERDITA_UP[3:4]),
    # the session times read before Tansy's skates go in for sharpening
    ("session_times", TANSY + [("session_times", {"date": TODAY})] + TANSY_SKATES[2:]),
    # Benedikt's mother written to before his skates go in
    ("message_skater", BENEDIKT_SKATES[:2]
     + [("message_skater", {"token": LV, "skater_id": "$find_skater.0.skater_id", "subject": "Benedikt's skates",
                            "body": "They will be ready on Monday."})] + BENEDIKT_SKATES[2:]),
    # the invoices read before the Lynx cancel their junior training
    ("invoices", LYNX[:2] + [("invoices", {"token": RH})] + LYNX[2:3]),
]
