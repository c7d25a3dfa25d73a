"""Scripted proofs that Clutchpoint's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which converts the pydantic replies and reads
the returned ``"Error: ..."`` strings as rejections).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff log in
by first name (``("log_in", {...}, "priya")``) and pass ``"$priya.token"``; the pydantic replies are
read by field once the runtime has converted them (``"$enrol_pupil.pupil_id"``,
``"$find_pupil.0.test_id"``, ``"$pupil_account.orders.0.order_id"``, ``"$list_lessons.1.lesson_id"``,
``"$list_instructors.0.instructor_id"``, ``"$price_list.2.code"``, ``"$test_centres.0.code"``), the
bare list of free start times by position (``"$instructor_diary.0"``). Every id is read from a reply;
none is written literally.

The day's work: Freya Mottram, transferring from a school that closed, enrolled, her licence checked,
her theory pass recorded, given Dean Halloran, ten hours sold and paid by card (or with a gift voucher
her grandmother buys), a lesson booked, her eyesight checked, the lesson completed, a mock test passed,
signed off, a short-notice test taken in Dean's car and passed, Pass Plus enrolled and a text sent (on
other paths the lesson moved or cancelled, the test cancelled, the ten hours refunded, a complaint
logged); Tomasz Wrobel's phone changed, licence checked, instructor given, a double lesson sold, paid and
booked for tomorrow, eyesight checked and a text sent; Jamal Osei's theory pass recorded, his block of
hours paid by transfer or with a gift voucher, his Thursday lesson moved and his mother's complaint about
Sophie Clarke logged and resolved; Olivia Sharman's lesson today completed, her progress read, a mock
test passed, signed off and a test booked; Ellie Brundall's lesson and test cancelled after a broken
wrist and, on another path, the car reserved for her test; Kieran Doyle's pass recorded; Hannah Lister
enrolled on Pass Plus and her unused hours refunded; Dean's brake light reported and cleared.
"""

import clutchpoint_tools as tools

WHO = {"priya": ("priya", "Roundabout-41"), "dean": ("dean", "Mirror-Signal-7"),
       "sophie": ("sophie", "Clutch-Bite-22"), "martin": ("martin", "Ledger-Gear-90")}
PR, DE, SO, MA = "$priya.token", "$dean.token", "$sophie.token", "$martin.token"
TODAY, TOMORROW = "2029-09-17", "2029-09-18"
PID, FOUND = "$enrol_pupil.pupil_id", "$find_pupil.0.pupil_id"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("log_in", {"username": user, "password": password}, who)


def logins(*who: str) -> list:
    return [login(w) for w in who]


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def find(query: str, *who: str) -> list:
    token = f"${who[0]}.token"
    return [*logins(*who), ("find_pupil", {"token": token, "query": query})]


def freya(upto: str, pay: str = "card") -> list:
    """Freya Mottram from enrolment to Pass Plus; ``pay`` is "card" or "voucher" (her grandmother's)."""
    order = "$sell_package.order_id"
    if pay == "card":
        payment = [("take_payment", {"token": PR, "order_id": order, "amount": "$sell_package.amount",
                                     "method": "card"})]
        gift = []
    else:
        gift = [("sell_gift_voucher", {"token": PR, "bought_by": "Margaret Mottram", "amount": 350.0,
                                       "for_name": "Freya Mottram"})]
        payment = [("redeem_voucher", {"token": PR, "order_id": order, "voucher_code": "$sell_gift_voucher.code"})]
    test = "$book_practical_test.test_id"
    return cut([
        *logins("priya", "dean", "martin"),
        ("price_list", {}),
        ("test_centres", {}),
        ("enrol_pupil", {"token": PR, "first_name": "Freya", "last_name": "Mottram", "date_of_birth": "2012-03-14",
                         "phone": "07700 900731", "email": "freya.mottram@mail.example", "postcode": "NR3 2PT",
                         "transmission": "manual"}),
        ("update_pupil", {"token": PR, "pupil_id": PID, "email": "freya.m@mail.example"}),
        ("verify_licence", {"token": PR, "pupil_id": PID, "licence_number": "MOTTR153142F99AB",
                            "check_code": "WX7KP2QD"}),
        ("record_theory_pass", {"token": PR, "pupil_id": PID, "certificate_number": "80251167",
                                "passed_on": "2029-08-30"}),
        ("list_instructors", {"token": PR, "transmission": "manual"}),
        ("assign_instructor", {"token": PR, "pupil_id": PID, "instructor_id": "$list_instructors.0.instructor_id"}),
        *gift,
        ("sell_package", {"token": PR, "pupil_id": PID, "package_code": "$price_list.2.code"}),
        *payment,
        ("pupil_account", {"token": PR, "pupil_id": PID}),
        ("instructor_diary", {"token": PR, "instructor_id": "$list_instructors.0.instructor_id", "day": TODAY}),
        ("book_lesson", {"token": PR, "pupil_id": PID, "day": TODAY, "start": "$instructor_diary.0", "hours": 2,
                         "pickup": "14 Magdalen Road"}),
        ("record_eyesight_check", {"token": DE, "pupil_id": PID, "distance_m": 20.5, "passed": True}),
        ("complete_lesson", {"token": DE, "lesson_id": "$book_lesson.lesson_id",
                             "skills": ["cockpit_drill", "moving_off", "junctions", "roundabouts"],
                             "notes": "First lesson with us after forty hours elsewhere; confident at junctions"}),
        ("log_complaint", {"token": PR, "pupil_id": PID, "instructor_id": "$list_instructors.0.instructor_id",
                           "details": "Her father says the instructor took a phone call during the lesson"}),
        ("progress_report", {"token": DE, "pupil_id": PID}),
        ("record_mock_test", {"token": DE, "pupil_id": PID, "minors": 6, "serious": 0, "dangerous": 0,
                              "route_notes": "Hellesdon test routes; good on the ring road"}),
        ("sign_off_ready", {"token": DE, "pupil_id": PID}),
        ("book_practical_test", {"token": PR, "pupil_id": PID, "centre_code": "$test_centres.0.code", "day": TODAY,
                                 "time": "14:27"}),
        ("reserve_test_car", {"token": PR, "test_id": test}),
        ("record_test_result", {"token": DE, "test_id": test, "passed": True, "driving_faults": 5,
                                "serious_faults": 0,
                                "examiner_notes": "Well done; watch the speed on the approach to roundabouts"}),
        ("enrol_pass_plus", {"token": PR, "pupil_id": PID}),
        ("send_message", {"token": PR, "pupil_id": PID, "channel": "sms",
                          "text": "Congratulations on passing, Freya! Your Pass Plus hours are ready to book."}),
    ], upto)


FREYA_MOVE = freya("book_lesson") + [
    ("move_lesson", {"token": PR, "lesson_id": "$book_lesson.lesson_id", "day": TODAY, "start": "$instructor_diary.2"})]
FREYA_CANCEL = freya("book_lesson") + [
    ("cancel_lesson", {"token": PR, "lesson_id": "$book_lesson.lesson_id", "reason": "Freya is unwell today"})]
FREYA_TEST_OFF = freya("book_practical_test") + [
    ("cancel_test", {"token": PR, "test_id": "$book_practical_test.test_id",
                     "reason": "Dean is off sick; no school car this afternoon"})]
FREYA_REFUND = freya("take_payment") + [
    ("refund_order", {"token": MA, "order_id": "$sell_package.order_id",
                      "reason": "The family is moving to Leeds before lessons start"})]


def tomasz(upto: str) -> list:
    """Tomasz Wrobel, enrolled online: phone, licence, instructor, a double lesson tomorrow, eyesight, a text."""
    return cut([
        *logins("priya", "dean"),
        ("price_list", {}),
        ("find_pupil", {"token": PR, "query": "Wrobel"}),
        ("update_pupil", {"token": PR, "pupil_id": FOUND, "phone": "07700 900424"}),
        ("verify_licence", {"token": PR, "pupil_id": FOUND, "licence_number": "WROBE106100T99CD",
                            "check_code": "HT4R9ZL2"}),
        ("list_instructors", {"token": PR, "transmission": "manual"}),
        ("assign_instructor", {"token": PR, "pupil_id": FOUND, "instructor_id": "$list_instructors.0.instructor_id"}),
        ("sell_package", {"token": PR, "pupil_id": FOUND, "package_code": "$price_list.1.code"}),
        ("take_payment", {"token": PR, "order_id": "$sell_package.order_id", "amount": "$sell_package.amount",
                          "method": "cash"}),
        ("instructor_diary", {"token": PR, "instructor_id": "$list_instructors.0.instructor_id", "day": TOMORROW}),
        ("book_lesson", {"token": PR, "pupil_id": FOUND, "day": TOMORROW, "start": "$instructor_diary.0", "hours": 2,
                         "pickup": "9 Aylsham Road"}),
        ("record_eyesight_check", {"token": DE, "pupil_id": FOUND, "distance_m": 21.0, "passed": True,
                                   "wears_glasses": True}),
        ("send_message", {"token": PR, "pupil_id": FOUND, "channel": "sms",
                          "text": "Hi Tomasz, your first lesson is tomorrow at 8am with Dean. Bring your provisional licence."}),
    ], upto)


JAMAL_PAY = [*find("Osei", "priya"), ("pupil_account", {"token": PR, "pupil_id": FOUND}),
             ("take_payment", {"token": PR, "order_id": "$pupil_account.orders.0.order_id", "amount": 370.0,
                               "method": "bank_transfer"})]
JAMAL_VOUCHER = [*find("Osei", "priya"), ("pupil_account", {"token": PR, "pupil_id": FOUND}),
                 ("sell_gift_voucher", {"token": PR, "bought_by": "Ama Osei", "amount": 370.0,
                                        "for_name": "Jamal Osei"}),
                 ("redeem_voucher", {"token": PR, "order_id": "$pupil_account.orders.0.order_id",
                                     "voucher_code": "$sell_gift_voucher.code"})]
JAMAL_THEORY = [*find("Osei", "priya"),
                ("record_theory_pass", {"token": PR, "pupil_id": FOUND, "certificate_number": "90413378",
                                        "passed_on": "2029-09-15"})]
JAMAL_MOVE = [*find("Osei", "priya"), ("list_instructors", {"token": PR, "transmission": "automatic"}),
              ("list_lessons", {"token": PR, "pupil_id": FOUND, "status": "booked"}),
              ("instructor_diary", {"token": PR, "instructor_id": "$list_instructors.0.instructor_id",
                                    "day": "2029-09-20"}),
              ("move_lesson", {"token": PR, "lesson_id": "$list_lessons.1.lesson_id", "day": "2029-09-20",
                               "start": "$instructor_diary.0"})]
JAMAL_COMPLAINT = [*find("Osei", "priya", "martin"), ("list_instructors", {"token": PR, "transmission": "automatic"}),
                   ("log_complaint", {"token": PR, "pupil_id": FOUND, "instructor_id": "$list_instructors.0.instructor_id",
                                      "details": "His mother says Sophie arrived 25 minutes late for his last two lessons"}),
                   ("resolve_complaint", {"token": MA, "complaint_id": "$log_complaint.complaint_id",
                                          "outcome": "Her diary overran twice; she has apologised and the next lesson is free"})]
OLIVIA_LESSON = [*find("Sharman", "dean"), ("progress_report", {"token": DE, "pupil_id": FOUND}),
                 ("list_lessons", {"token": DE, "pupil_id": FOUND, "status": "booked"}),
                 ("complete_lesson", {"token": DE, "lesson_id": "$list_lessons.0.lesson_id",
                                      "skills": ["dual_carriageway", "emergency_stop", "independent_driving"],
                                      "notes": "A47 and the southern bypass; emergency stop sharp and controlled"})]
OLIVIA_TEST = [*find("Sharman", "priya", "dean"), ("test_centres", {}),
               ("record_mock_test", {"token": DE, "pupil_id": FOUND, "minors": 8, "serious": 0, "dangerous": 0,
                                     "route_notes": "Full mock on the Hellesdon routes; clean drive"}),
               ("sign_off_ready", {"token": DE, "pupil_id": FOUND}),
               ("book_practical_test", {"token": PR, "pupil_id": FOUND, "centre_code": "$test_centres.0.code",
                                        "day": "2029-10-15", "time": "10:14"})]
ELLIE = [*find("Brundall", "priya"), ("list_lessons", {"token": PR, "pupil_id": FOUND, "status": "booked"}),
         ("cancel_lesson", {"token": PR, "lesson_id": "$list_lessons.0.lesson_id",
                            "reason": "Broken wrist; no driving for six weeks"}),
         ("cancel_test", {"token": PR, "test_id": "$find_pupil.0.test_id", "reason": "Broken wrist"})]
ELLIE_CAR = [*find("Brundall", "priya"), ("reserve_test_car", {"token": PR, "test_id": "$find_pupil.0.test_id"})]
KIERAN = [*find("Doyle", "priya"),
          ("record_test_result", {"token": PR, "test_id": "$find_pupil.0.test_id", "passed": True, "driving_faults": 3,
                                  "serious_faults": 0, "examiner_notes": "A very good drive"})]
HANNAH = [*find("Lister", "priya", "martin"), ("enrol_pass_plus", {"token": PR, "pupil_id": FOUND}),
          ("pupil_account", {"token": PR, "pupil_id": FOUND}),
          ("refund_order", {"token": MA, "order_id": "$pupil_account.orders.0.order_id",
                            "reason": "Passed on 12 September; refund of the unused hours"})]
CARS = [*logins("dean", "martin"), ("list_cars", {"token": DE}),
        ("report_car_defect", {"token": DE, "car_id": "$list_cars.0.car_id",
                               "description": "Nearside brake light not working", "severity": "dangerous"}),
        ("clear_car_defect", {"token": MA, "defect_id": "$report_car_defect.defect_id",
                              "repair_notes": "Bulb replaced at Unthank Road Motors"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


_FOUND = {"update_pupil": tomasz("update_pupil"), "verify_licence": tomasz("verify_licence"),
          "record_eyesight_check": tomasz("record_eyesight_check"), "assign_instructor": tomasz("assign_instructor"),
          "sell_package": tomasz("sell_package"), "book_lesson": tomasz("book_lesson"),
          "pupil_account": cut(JAMAL_PAY, "pupil_account"), "progress_report": cut(OLIVIA_LESSON, "progress_report"),
          "record_mock_test": cut(OLIVIA_TEST, "record_mock_test"), "sign_off_ready": cut(OLIVIA_TEST, "sign_off_ready"),
          "record_theory_pass": JAMAL_THEORY, "book_practical_test": OLIVIA_TEST,
          "enrol_pass_plus": cut(HANNAH, "enrol_pass_plus"), "log_complaint": cut(JAMAL_COMPLAINT, "log_complaint"),
          "send_message": tomasz("send_message")}
for _c in tools.PUPIL_CONSUMERS:
    _add("enrol_pupil", _c, freya(_c))
    _add("find_pupil", _c, _FOUND[_c])

_add("sell_package", "take_payment", freya("take_payment"))
_add("pupil_account", "take_payment", JAMAL_PAY)
_add("sell_package", "redeem_voucher", freya("redeem_voucher", pay="voucher"))
_add("pupil_account", "redeem_voucher", JAMAL_VOUCHER)
_add("sell_package", "refund_order", FREYA_REFUND)
_add("pupil_account", "refund_order", HANNAH)
_add("book_lesson", "move_lesson", FREYA_MOVE)
_add("list_lessons", "move_lesson", JAMAL_MOVE)
_add("book_lesson", "cancel_lesson", FREYA_CANCEL)
_add("list_lessons", "cancel_lesson", cut(ELLIE, "cancel_lesson"))
_add("book_lesson", "complete_lesson", freya("complete_lesson"))
_add("list_lessons", "complete_lesson", OLIVIA_LESSON)
_add("book_practical_test", "reserve_test_car", freya("reserve_test_car"))
_add("find_pupil", "reserve_test_car", ELLIE_CAR)
_add("book_practical_test", "record_test_result", freya("record_test_result"))
_add("find_pupil", "record_test_result", KIERAN)
_add("book_practical_test", "cancel_test", FREYA_TEST_OFF)
_add("find_pupil", "cancel_test", ELLIE)

_add("list_instructors", "instructor_diary", freya("instructor_diary"))
_add("list_instructors", "assign_instructor", freya("assign_instructor"))
_add("list_instructors", "log_complaint", cut(JAMAL_COMPLAINT, "log_complaint"))
_add("sell_gift_voucher", "redeem_voucher", freya("redeem_voucher", pay="voucher"))
_add("list_cars", "report_car_defect", cut(CARS, "report_car_defect"))
_add("report_car_defect", "clear_car_defect", CARS)
_add("log_complaint", "resolve_complaint", JAMAL_COMPLAINT)

_add("price_list", "sell_package", freya("sell_package"))
_add("instructor_diary", "book_lesson", freya("book_lesson"))
_add("instructor_diary", "move_lesson", JAMAL_MOVE)
_add("test_centres", "book_practical_test", freya("book_practical_test"))

_add("verify_licence", "book_lesson", freya("book_lesson"))
_add("assign_instructor", "book_lesson", tomasz("book_lesson"))
_add("take_payment", "book_lesson", freya("book_lesson"))
_add("redeem_voucher", "book_lesson", freya("book_lesson", pay="voucher"))
_add("record_eyesight_check", "complete_lesson", freya("complete_lesson"))
_add("record_mock_test", "sign_off_ready", cut(OLIVIA_TEST, "sign_off_ready"))
_add("record_theory_pass", "book_practical_test", freya("book_practical_test"))
_add("sign_off_ready", "book_practical_test", OLIVIA_TEST)
_add("assign_instructor", "reserve_test_car", freya("reserve_test_car"))
_add("reserve_test_car", "record_test_result", freya("record_test_result"))
_add("record_test_result", "enrol_pass_plus", freya("enrol_pass_plus"))
_add("take_payment", "refund_order", FREYA_REFUND)

_OWN = {"log_out": [login("priya"), ("log_out", {"token": PR})]}


def _auth_proofs() -> list:
    """A log-in proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "log_in":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("log_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("price_list", [("price_list", {}), *JAMAL_THEORY]),
    ("progress_report", OLIVIA_LESSON),
    ("list_cars", [*find("Lister", "priya"), ("list_cars", {"token": PR}),
                   ("enrol_pass_plus", {"token": PR, "pupil_id": FOUND})]),
    ("pupil_account", [*find("Wrobel", "priya"), ("pupil_account", {"token": PR, "pupil_id": FOUND}),
                       ("verify_licence", {"token": PR, "pupil_id": FOUND, "licence_number": "WROBE106100T99CD",
                                           "check_code": "HT4R9ZL2"})]),
    ("test_centres", [("test_centres", {}), *cut(OLIVIA_TEST, "record_mock_test")]),
    ("list_lessons", [*find("Brundall", "priya"), ("list_lessons", {"token": PR, "pupil_id": FOUND}),
                      ("cancel_test", {"token": PR, "test_id": "$find_pupil.0.test_id", "reason": "Broken wrist"})]),
    ("instructor_diary", [*find("Wrobel", "priya"), ("list_instructors", {"token": PR, "transmission": "manual"}),
                          ("instructor_diary", {"token": PR, "instructor_id": "$list_instructors.0.instructor_id",
                                                "day": TOMORROW}),
                          ("assign_instructor", {"token": PR, "pupil_id": FOUND,
                                                 "instructor_id": "$list_instructors.0.instructor_id"})]),
]
