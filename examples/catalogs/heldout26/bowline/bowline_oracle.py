"""Scripted proofs that Bowline's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools, converts the
pydantic replies and records the raised built-in exceptions as errors).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("sign_in", {...}, "nell")``) and pass ``"$nell.token"``; replies are read by field
(``"$enrol_student.student_id"``, ``"$book_course.booking_id"``, ``"$book_course.invoice_id"``,
``"$book_hire.hire_id"``, ``"$sell_voucher.code"``, ``"$launch_session.launch_id"``,
``"$report_defect.defect_id"``), lists by position and field (``"$find_student.0.student_id"``,
``"$course_runs.1.run_id"``, ``"$instructor_board.3.instructor_id"``, ``"$fleet_list.1.boat_id"``,
``"$hire_sheet.0.hire_id"``, ``"$defect_book.0.defect_id"``, ``"$hire_slots.0.start"``) and nested lists
by field and position (``"$run_register.rows.0.booking_id"``, ``"$hire_slots.0.boats.0"``,
``"$student_record.invoices.0.0"``, ``"$student_record.invoices.0.3"``, ``"$student_record.bookings.0.0"``).
Every id is read from a reply; none is written literally.

The day: the last day of Tamsin's Level 1 course: Mrs Jenny Cole's medical form taken, the course
launched with RIB-2 and Ollie driving cover, recovered, Mr Alex Dunn signed off, certificated and
booked on Level 2; on other paths Mrs Cole pays by card, or from a gift voucher her husband buys, and
is signed off and certificated; RIB-1's kill cord switch fixed and used for the launch; Ruby put on
the windsurf course and launched; Finn's first aid renewed and Finn put on the July Level 1; the
afternoon paddleboard session called off and put back on; a Quest's frayed halyard entered and fixed;
Ms Carys Hughes enrolled, her e-mail address added and an e-mail, a July Level 1 booked, paid, moved
and cancelled, and on another path a gift voucher; and a kayak hired this morning, paid, her form
taken, handed out and back; Mr Dev Patel's Quest handed out and back, and an eleven o'clock Quest booked
and cancelled; Mrs Amira Haddad's paddleboard cancelled, her new mobile and a text; Mr Hugh Armitage
moved to the July Level 2, and on another path cancelled.
"""

import bowline_tools as tools

WHO = {"nell": ("nell.b", "Mainsheet-42"), "finn": ("finn.o", "Tacking-Duck-9"), "ruby": ("ruby.k", "Gybe-Set-17"),
       "tam": ("tam.w", "Chief-Of-Water-3"), "jed": ("jed.p", "Shackle-Pin-88"), "cora": ("cora.l", "Gullhaven-1994")}
NELL, RUBY, TAM, JED, CORA = "$nell.token", "$ruby.token", "$tam.token", "$jed.token", "$cora.token"
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


JENNY_FORM = ("medical_form", {"token": NELL, "student_id": "$jenny.0.student_id", "signed_by": "Mrs Jenny Cole",
                               "conditions": "Mild asthma; inhaler kept in her buoyancy aid pocket",
                               "fit_to_sail": True})
LAUNCH_DL1 = [
    ("course_runs", {"token": NELL, "code": "DL1"}),
    ("instructor_board", {"token": NELL, "day": TODAY}),
    ("fleet_list", {"token": NELL, "craft": "powerboat"}),
    ("launch_session", {"token": TAM, "run_id": "$course_runs.0.run_id", "safety_boat": "$fleet_list.1.boat_id",
                        "driver_id": "$instructor_board.3.instructor_id"}),
    ("recover_session", {"token": TAM, "launch_id": "$launch_session.launch_id", "all_ashore": True,
                         "notes": "Three boats out; capsize drill done by all; light airs after eleven"}),
]

DL1_FINISH = [
    *sign_ins("nell", "tam"),
    ("forecast", {"token": NELL, "day": TODAY}),
    ("find_student", {"token": NELL, "text": "Cole"}, "jenny"),
    JENNY_FORM,
    *LAUNCH_DL1,
    ("run_register", {"token": TAM, "run_id": "$course_runs.0.run_id"}),
    ("sign_off_student", {"token": TAM, "booking_id": "$run_register.rows.0.booking_id", "passed": True,
                          "notes": "Sails a triangle unaided; tidy capsize recovery; ready for Level 2"}),
    ("issue_certificate", {"token": TAM, "booking_id": "$run_register.rows.0.booking_id"}),
    ("find_student", {"token": NELL, "text": "Dunn"}, "alex"),
    ("course_runs", {"token": NELL, "code": "DL2"}, "dl2"),
    ("book_course", {"token": NELL, "run_id": "$dl2.0.run_id", "student_id": "$alex.0.student_id"}),
]

JENNY_PAY = [
    *sign_ins("nell", "tam"),
    ("find_student", {"token": NELL, "text": "Cole"}, "jenny"),
    ("student_record", {"token": NELL, "student_id": "$jenny.0.student_id"}),
    ("take_payment", {"token": NELL, "invoice_id": "$student_record.invoices.0.0",
                      "amount": "$student_record.invoices.0.3", "method": "card"}),
    JENNY_FORM,
    *LAUNCH_DL1,
    ("sign_off_student", {"token": TAM, "booking_id": "$student_record.bookings.0.0", "passed": True,
                          "notes": "Confident on the helm; steady tacks; practise gybing in more wind"}),
    ("issue_certificate", {"token": TAM, "booking_id": "$student_record.bookings.0.0"}),
]

JENNY_VOUCHER = [
    *sign_ins("nell", "tam"),
    ("sell_voucher", {"token": NELL, "buyer": "Mr Rob Cole", "recipient": "Mrs Jenny Cole", "amount": 210.0,
                      "method": "card"}),
    ("find_student", {"token": NELL, "text": "Cole"}, "jenny"),
    ("student_record", {"token": NELL, "student_id": "$jenny.0.student_id"}),
    ("redeem_voucher", {"token": NELL, "voucher_code": "$sell_voucher.code",
                        "invoice_id": "$student_record.invoices.0.0"}),
    JENNY_FORM,
    *LAUNCH_DL1,
    ("run_register", {"token": TAM, "run_id": "$course_runs.0.run_id"}),
    ("sign_off_student", {"token": TAM, "booking_id": "$run_register.rows.2.booking_id", "passed": True,
                          "notes": "Confident on the helm; steady tacks; practise gybing in more wind"}),
]

CH = "$enrol_student.student_id"
CARYS_NEW = ("enrol_student", {"token": NELL, "name": "Ms Carys Hughes", "date_of_birth": "1993-08-14",
                               "phone": "07700 900312", "emergency_contact": "Mr Ifan Hughes (partner), 07700 900313",
                               "can_swim": True})
CARYS = [
    *sign_ins("nell"),
    ("course_list", {}),
    CARYS_NEW,
    ("student_record", {"token": NELL, "student_id": CH}),
    ("update_student", {"token": NELL, "student_id": CH, "email": "carys.hughes@mail.example"}),
    ("notify_student", {"token": NELL, "student_id": CH, "channel": "email",
                        "message": "Welcome to Gullhaven, Carys. Please bring a towel, trainers you can get wet and "
                                   "a change of clothes."}),
    ("course_runs", {"token": NELL, "code": "DL1"}),
    ("book_course", {"token": NELL, "run_id": "$course_runs.1.run_id", "student_id": CH}),
    ("take_payment", {"token": NELL, "invoice_id": "$book_course.invoice_id", "amount": "$book_course.balance",
                      "method": "card"}),
    ("move_booking", {"token": NELL, "booking_id": "$book_course.booking_id", "run_id": "$course_runs.2.run_id"}),
    ("cancel_booking", {"token": NELL, "booking_id": "$book_course.booking_id",
                        "reason": "Her work has sent her to Aberdeen for July"}),
]
CARYS_VOUCHER = [
    *sign_ins("nell"),
    CARYS_NEW,
    ("course_runs", {"token": NELL, "code": "DL1"}),
    ("book_course", {"token": NELL, "run_id": "$course_runs.1.run_id", "student_id": CH}),
    ("sell_voucher", {"token": NELL, "buyer": "Mr Ifan Hughes", "recipient": "Ms Carys Hughes", "amount": 100.0,
                      "method": "cash"}),
    ("redeem_voucher", {"token": NELL, "voucher_code": "$sell_voucher.code", "invoice_id": "$book_course.invoice_id"}),
]
CARYS_KAYAK = [
    *sign_ins("nell"),
    ("hire_rates", {}),
    CARYS_NEW,
    ("hire_slots", {"token": NELL, "day": TODAY, "craft": "kayak"}),
    ("book_hire", {"token": NELL, "student_id": CH, "boat_id": "$hire_slots.0.boats.1", "day": TODAY,
                   "start": "$hire_slots.0.start"}),
    ("take_payment", {"token": NELL, "invoice_id": "$book_hire.invoice_id", "amount": "$book_hire.balance",
                      "method": "card"}),
    ("medical_form", {"token": NELL, "student_id": CH, "signed_by": "Ms Carys Hughes", "conditions": "None",
                      "fit_to_sail": True}),
    ("hand_out_hire", {"token": NELL, "hire_id": "$book_hire.hire_id"}),
    ("return_hire", {"token": NELL, "hire_id": "$book_hire.hire_id"}),
]

WINDSURF = [
    *sign_ins("nell", "ruby"),
    ("course_runs", {"token": NELL, "code": "WS1"}),
    ("instructor_board", {"token": NELL, "day": TODAY}),
    ("assign_instructor", {"token": NELL, "run_id": "$course_runs.0.run_id",
                           "instructor_id": "$instructor_board.2.instructor_id"}),
    ("fleet_list", {"token": NELL, "craft": "powerboat", "serviceable_only": True}),
    ("launch_session", {"token": RUBY, "run_id": "$course_runs.0.run_id", "safety_boat": "$fleet_list.0.boat_id",
                        "driver_id": "$instructor_board.3.instructor_id"}),
    ("recover_session", {"token": RUBY, "launch_id": "$launch_session.launch_id", "all_ashore": True,
                         "notes": "Both up and sailing across the wind by the end; Omar's glucose checked at the break"}),
]

WINDSURF_LOG = cut(WINDSURF, "launch_session") + [
    ("launch_log", {"token": RUBY, "afloat_only": True}),
    ("recover_session", {"token": RUBY, "launch_id": "$launch_log.0.launch_id", "all_ashore": True,
                         "notes": "Short session: the wind is building; both students tired"}),
]

FINN = [
    *sign_ins("tam"),
    ("instructor_board", {"token": TAM, "day": TODAY}),
    ("renew_ticket", {"token": TAM, "instructor_id": "$instructor_board.1.instructor_id", "ticket": "first_aid",
                      "expires": "2035-06-18"}),
    ("course_runs", {"token": TAM, "code": "DL1"}),
    ("assign_instructor", {"token": TAM, "run_id": "$course_runs.1.run_id",
                           "instructor_id": "$instructor_board.1.instructor_id"}),
]

RIB_FIX = [
    *sign_ins("jed", "tam", "nell"),
    ("defect_book", {"token": JED, "status": "open"}),
    ("fix_defect", {"token": JED, "defect_id": "$defect_book.0.defect_id",
                    "work_done": "Kill cord switch replaced and tested ten times on the trailer"}),
    ("find_student", {"token": NELL, "text": "Cole"}, "jenny"),
    JENNY_FORM,
    ("course_runs", {"token": NELL, "code": "DL1"}),
    ("instructor_board", {"token": NELL, "day": TODAY}),
    ("fleet_list", {"token": NELL, "craft": "powerboat"}),
    ("launch_session", {"token": TAM, "run_id": "$course_runs.0.run_id", "safety_boat": "$fleet_list.0.boat_id",
                        "driver_id": "$instructor_board.3.instructor_id"}),
]

QUEST = [
    *sign_ins("jed"),
    ("fleet_list", {"token": JED, "craft": "dinghy"}),
    ("report_defect", {"token": JED, "boat_id": "$fleet_list.2.boat_id", "defect": "Jib halyard frayed at the masthead",
                       "grounds_boat": True}),
    ("fix_defect", {"token": JED, "defect_id": "$report_defect.defect_id",
                    "work_done": "Halyard replaced with new 6 mm line; sheave checked"}),
]

SUP_OFF = [
    *sign_ins("tam"),
    ("forecast", {"token": TAM, "day": TODAY}),
    ("course_runs", {"token": TAM, "code": "SUP"}),
    ("call_off_run", {"token": TAM, "run_id": "$course_runs.0.run_id",
                      "reason": "South-west 15 knots gusting 21 this afternoon"}),
    ("reinstate_run", {"token": TAM, "run_id": "$course_runs.0.run_id"}),
]

DEV_SHEET = [
    *sign_ins("nell"),
    ("hire_sheet", {"token": NELL, "day": TODAY}),
    ("hand_out_hire", {"token": NELL, "hire_id": "$hire_sheet.0.hire_id"}),
    ("return_hire", {"token": NELL, "hire_id": "$hire_sheet.0.hire_id",
                     "damage": "Small ding on the port bow from the slipway"}),
]
AMIRA_CANCEL = [*sign_ins("nell"), ("hire_sheet", {"token": NELL, "day": TODAY}),
                ("cancel_hire", {"token": NELL, "hire_id": "$hire_sheet.1.hire_id",
                                 "reason": "Wind over the paddleboard limit; she will come another day"})]
DEV_NEW = [
    *sign_ins("nell"),
    ("find_student", {"token": NELL, "text": "Patel"}),
    ("hire_slots", {"token": NELL, "day": TODAY, "craft": "dinghy"}),
    ("book_hire", {"token": NELL, "student_id": "$find_student.0.student_id", "boat_id": "$hire_slots.1.boats.0",
                   "day": TODAY, "start": "$hire_slots.1.start"}),
    ("cancel_hire", {"token": NELL, "hire_id": "$book_hire.hire_id",
                     "reason": "One sail is enough for him today"}),
]

AMIRA = [
    *sign_ins("nell"),
    ("find_student", {"token": NELL, "text": "Haddad"}),
    ("student_record", {"token": NELL, "student_id": "$find_student.0.student_id"}),
    ("update_student", {"token": NELL, "student_id": "$find_student.0.student_id", "phone": "07700 900185"}),
    ("notify_student", {"token": NELL, "student_id": "$find_student.0.student_id", "channel": "sms",
                        "message": "Gullhaven: your paddleboard hire is off, the wind is over the limit. No charge."}),
]
HUGH = [*sign_ins("nell"), ("course_runs", {"token": NELL, "code": "DL2"}),
        ("run_register", {"token": NELL, "run_id": "$course_runs.0.run_id"}),
        ("move_booking", {"token": NELL, "booking_id": "$run_register.rows.0.booking_id",
                          "run_id": "$course_runs.1.run_id"})]
HUGH_CANCEL = [*sign_ins("nell"), ("course_runs", {"token": NELL, "code": "DL2"}),
               ("run_register", {"token": NELL, "run_id": "$course_runs.0.run_id"}),
               ("cancel_booking", {"token": NELL, "booking_id": "$run_register.rows.0.booking_id",
                                   "reason": "Hip operation brought forward"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# students
_NEW = {"update_student": CARYS, "student_record": CARYS, "medical_form": CARYS_KAYAK, "notify_student": CARYS,
        "book_course": CARYS, "book_hire": CARYS_KAYAK}
_FOUND = {"update_student": AMIRA, "student_record": AMIRA, "medical_form": DL1_FINISH, "notify_student": AMIRA,
          "book_course": DL1_FINISH, "book_hire": DEV_NEW}
for _c in tools.STUDENT_CONSUMERS:
    _add("enrol_student", _c, cut(_NEW[_c], _c))
    _add("find_student", _c, cut(_FOUND[_c], _c))

# runs, bookings, instructors, hires
_RUNS = {"book_course": DL1_FINISH, "move_booking": HUGH, "run_register": HUGH, "assign_instructor": WINDSURF,
         "launch_session": DL1_FINISH, "call_off_run": SUP_OFF, "reinstate_run": SUP_OFF}
for _c in tools.RUN_CONSUMERS:
    _add("course_runs", _c, cut(_RUNS[_c], _c))
_add("book_course", "move_booking", cut(CARYS, "move_booking"))
_add("book_course", "cancel_booking", CARYS)
_add("run_register", "move_booking", HUGH)
_add("run_register", "cancel_booking", HUGH_CANCEL)
_add("run_register", "sign_off_student", cut(DL1_FINISH, "sign_off_student"))
_add("run_register", "issue_certificate", cut(DL1_FINISH, "issue_certificate"))
_add("student_record", "sign_off_student", cut(JENNY_PAY, "sign_off_student"))
_add("student_record", "issue_certificate", JENNY_PAY)
_add("instructor_board", "assign_instructor", cut(WINDSURF, "assign_instructor"))
_add("instructor_board", "renew_ticket", cut(FINN, "renew_ticket"))
_add("instructor_board", "launch_session", cut(DL1_FINISH, "launch_session"))
_add("book_hire", "hand_out_hire", cut(CARYS_KAYAK, "hand_out_hire"))
_add("book_hire", "return_hire", CARYS_KAYAK)
_add("book_hire", "cancel_hire", DEV_NEW)
_add("hire_sheet", "hand_out_hire", cut(DEV_SHEET, "hand_out_hire"))
_add("hire_sheet", "return_hire", DEV_SHEET)
_add("hire_sheet", "cancel_hire", AMIRA_CANCEL)

# invoices, vouchers, boats, defects, launches
_add("book_course", "take_payment", cut(CARYS, "take_payment"))
_add("book_hire", "take_payment", cut(CARYS_KAYAK, "take_payment"))
_add("student_record", "take_payment", cut(JENNY_PAY, "take_payment"))
_add("book_course", "redeem_voucher", CARYS_VOUCHER)
_add("student_record", "redeem_voucher", cut(JENNY_VOUCHER, "redeem_voucher"))
_add("sell_voucher", "redeem_voucher", cut(JENNY_VOUCHER, "redeem_voucher"))
_add("fleet_list", "report_defect", cut(QUEST, "report_defect"))
_add("fleet_list", "launch_session", cut(DL1_FINISH, "launch_session"))
_add("report_defect", "fix_defect", QUEST)
_add("defect_book", "fix_defect", cut(RIB_FIX, "fix_defect"))
_add("hire_slots", "book_hire", cut(CARYS_KAYAK, "book_hire"))
_add("launch_session", "recover_session", cut(DL1_FINISH, "recover_session"))
_add("launch_log", "recover_session", WINDSURF_LOG)

# states
_add("medical_form", "launch_session", cut(DL1_FINISH, "launch_session"))
_add("medical_form", "hand_out_hire", cut(CARYS_KAYAK, "hand_out_hire"))
_add("assign_instructor", "launch_session", cut(WINDSURF, "launch_session"))
_add("renew_ticket", "assign_instructor", FINN)
_add("fix_defect", "launch_session", RIB_FIX)
_add("recover_session", "sign_off_student", cut(DL1_FINISH, "sign_off_student"))
_add("sign_off_student", "issue_certificate", cut(DL1_FINISH, "issue_certificate"))
_add("issue_certificate", "book_course", DL1_FINISH)
_add("take_payment", "hand_out_hire", cut(CARYS_KAYAK, "hand_out_hire"))
_add("hand_out_hire", "return_hire", DEV_SHEET)
_add("call_off_run", "reinstate_run", SUP_OFF)
_add("update_student", "notify_student", cut(CARYS, "notify_student"))
_add("take_payment", "sign_off_student", cut(JENNY_PAY, "sign_off_student"))
_add("redeem_voucher", "sign_off_student", JENNY_VOUCHER)

_OWN = {"sign_out": [sign_in("cora"), ("sign_out", {"token": CORA})]}


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
    ("course_list", cut(CARYS, "enrol_student")),
    ("hire_rates", cut(CARYS_KAYAK, "book_hire")),
    ("forecast", cut(DL1_FINISH, "launch_session")),
    ("student_record", cut(CARYS, "update_student")),
    ("defect_book", QUEST[:1] + [("defect_book", {"token": JED})] + QUEST[1:]),
    ("take_payment", cut(CARYS, "move_booking")),
    ("return_hire", cut(DEV_SHEET, "return_hire") + [("defect_book", {"token": NELL})]),
    ("hire_sheet", cut(DEV_NEW, "book_hire")[:-1] + [("hire_sheet", {"token": NELL, "day": TODAY}),
                                                     DEV_NEW[-2]]),
]
