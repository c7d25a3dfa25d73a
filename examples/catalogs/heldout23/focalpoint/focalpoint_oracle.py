"""Scripted proofs that Focalpoint's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which converts the dataclass replies to
JSON and records the raised ``PracticeError`` as an error).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("sign_in", {...}, "amy")``) and pass ``"$amy.token"``; replies are read by field
(``"$register_patient.patient_id"``, ``"$complete_exam.prescription_id"``, ``"$send_to_lab.lab_job_id"``),
list replies by position (``"$day_list.0.appointment_id"``, ``"$free_slots.0.time"``,
``"$lab_jobs.0.order_id"``, ``"$frame_catalogue.0.code"``) and nested lists by field and position
(``"$patient_record.prescriptions.0.prescription_id"``, ``"$patient_record.orders.0.order_id"``,
``"$lens_price_list.lenses.2.code"``, ``"$lens_price_list.treatments.0.code"``, ``"$blue.treatments.1"``).
Every id is read from a reply; none is written literally.

The day: Master Oliver Marsh, nine, registered, his mother's e-mail added, his NHS eligibility
recorded, booked into Dev Patel's first free slot, checked in, pre-tested, examined, his prescription
issued with a voucher, a children's frame with polycarbonate lenses and a hard coat ordered on it with
the voucher, a deposit taken and the order sent to Norville, received back and checked; Mrs Ellison's
9:30 NHS test, a GP referral for early cataract, varifocals with anti-reflection ordered (a blue filter
added and taken off on another path), measured, a deposit taken and sent to RX Direct (the order
cancelled on another path); Mr Byrne's follow-up cancelled, a private test booked next week and
cancelled, his universal credit recorded and a voucher issued, his glasses received, checked and
collected; Mr Quinn's mobile number changed, a text sent, the balance paid and his varifocals
collected; Ms Nair's 2 pm contact lens appointment, her June prescription written up as monthly lenses,
a three-monthly plan started and the first lenses posted, her draft order cancelled, a frame priced
and paid towards on a new order; Chloe Adebayo's voucher issued on her June prescription.
"""

import focalpoint_tools as tools

WHO = {"amy": ("amy.r", "Lorgnette-14"), "dev": ("dev.p", "Snellen-6-6"), "ruth": ("ruth.k", "Tonometer-21"),
       "lee": ("lee.c", "Focimeter-8"), "jan": ("jan.h", "Bridge-Width-18")}
AMY, DEV, RUTH, LEE = "$amy.token", "$dev.token", "$ruth.token", "$lee.token"
NEXT_TUESDAY = "2030-07-16"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


OL_P = "$register_patient.patient_id"
OL_AP = "$book_appointment.appointment_id"
OL_EX = "$start_exam.exam_id"
OL_RX = "$complete_exam.prescription_id"
OL_OR = "$new_order.order_id"


def oliver(upto: str) -> list:
    """Master Oliver Marsh, nine: registered, booked, examined, a voucher, glasses ordered and back."""
    return cut([
        *sign_ins("amy", "dev", "lee"),
        ("frame_catalogue", {"range": "child"}),
        ("lens_price_list", {}),
        ("register_patient", {"token": AMY, "name": "Master Oliver Marsh", "date_of_birth": "2021-02-11",
                              "phone": "07700 900561", "postcode": "HU17 8QT"}),
        ("update_patient", {"token": AMY, "patient_id": OL_P, "email": "hannah.marsh@mail.example"}),
        ("patient_record", {"token": AMY, "patient_id": OL_P}),
        ("record_nhs_eligibility", {"token": AMY, "patient_id": OL_P, "reason": "under_16",
                                    "evidence": "Birth certificate seen"}),
        ("free_slots", {"token": AMY, "day": tools.TODAY}),
        ("book_appointment", {"token": AMY, "patient_id": OL_P, "day": tools.TODAY, "time": "$free_slots.0.time",
                              "optometrist_id": "$free_slots.0.optometrist_id", "kind": "sight_test",
                              "funding": "nhs"}),
        ("notify_patient", {"token": AMY, "patient_id": OL_P, "channel": "sms",
                            "message": "Oliver is booked in with Dev Patel at 9:00 today. Hollis & Crane"}),
        ("check_in", {"token": AMY, "appointment_id": OL_AP}),
        ("record_pretest", {"token": AMY, "appointment_id": OL_AP, "visual_fields": "full",
                            "notes": "School nurse noticed him squinting at the board"}),
        ("start_exam", {"token": DEV, "appointment_id": OL_AP}),
        ("record_refraction", {"token": DEV, "exam_id": OL_EX, "eye": "right", "sphere": -1.25, "cylinder": -0.5,
                               "axis": 90, "acuity": "6/6"}),
        ("record_refraction", {"token": DEV, "exam_id": OL_EX, "eye": "left", "sphere": -1.5, "cylinder": -0.25,
                               "axis": 85, "acuity": "6/6"}, "left_eye"),
        ("complete_exam", {"token": DEV, "exam_id": OL_EX, "recall_months": 12,
                           "notes": "Myopia; glasses for the board and full-time wear. Healthy eyes."}),
        ("issue_voucher", {"token": AMY, "prescription_id": OL_RX}),
        ("new_order", {"token": LEE, "prescription_id": OL_RX, "purpose": "all_day"}),
        ("choose_frame", {"token": LEE, "order_id": OL_OR, "frame_code": "$frame_catalogue.0.code"}),
        ("choose_lenses", {"token": LEE, "order_id": OL_OR, "lens_code": "$lens_price_list.lenses.1.code",
                           "design": "single_vision"}),
        ("add_treatment", {"token": LEE, "order_id": OL_OR, "treatments": ["$lens_price_list.treatments.2.code"]}),
        ("take_measurements", {"token": LEE, "order_id": OL_OR, "pd_right": 26.5, "pd_left": 27.0}),
        ("apply_voucher", {"token": LEE, "order_id": OL_OR, "voucher_id": "$issue_voucher.voucher_id"}),
        ("take_payment", {"token": AMY, "order_id": OL_OR, "amount": 40.0, "method": "card"}),
        ("send_to_lab", {"token": LEE, "order_id": OL_OR, "lab": "norville"}),
        ("receive_from_lab", {"token": AMY, "lab_job_id": "$send_to_lab.lab_job_id"}),
        ("verify_spectacles", {"token": LEE, "lab_job_id": "$send_to_lab.lab_job_id", "passed": True,
                               "notes": "Powers and centration within tolerance"}),
    ], upto)


EL_AP = "$day_list.0.appointment_id"
EL_EX = "$start_exam.exam_id"
EL_OR = "$new_order.order_id"


def ellison(upto: str) -> list:
    """Mrs Ellison's 9:30 NHS sight test with Dev Patel, a GP referral, varifocals to RX Direct."""
    return cut([
        *sign_ins("amy", "dev", "lee"),
        ("frame_catalogue", {}),
        ("lens_price_list", {}),
        ("day_list", {"token": AMY}),
        ("check_in", {"token": AMY, "appointment_id": EL_AP}),
        ("record_pretest", {"token": AMY, "appointment_id": EL_AP, "visual_fields": "full", "iop_right": 16.0,
                            "iop_left": 17.0, "notes": "Says her vision goes misty in the evenings"}),
        ("start_exam", {"token": DEV, "appointment_id": EL_AP}),
        ("record_refraction", {"token": DEV, "exam_id": EL_EX, "eye": "right", "sphere": 2.25, "cylinder": -0.75,
                               "axis": 175, "add": 2.5, "acuity": "6/9"}),
        ("record_refraction", {"token": DEV, "exam_id": EL_EX, "eye": "left", "sphere": 2.5, "cylinder": -0.5,
                               "axis": 10, "add": 2.5, "acuity": "6/7.5"}, "left_eye"),
        ("refer_patient", {"token": DEV, "exam_id": EL_EX, "to": "gp",
                           "reason": "Early nuclear lens opacities in both eyes, reducing her acuity; a routine "
                                     "cataract referral was discussed and she would like it."}),
        ("complete_exam", {"token": DEV, "exam_id": EL_EX, "recall_months": 12,
                           "notes": "Hyperopic presbyope; early cataract, GP letter given. New varifocals advised."}),
        ("new_order", {"token": LEE, "prescription_id": "$complete_exam.prescription_id", "purpose": "all_day"}),
        ("choose_frame", {"token": LEE, "order_id": EL_OR, "frame_code": "$frame_catalogue.0.code"}),
        ("choose_lenses", {"token": LEE, "order_id": EL_OR, "lens_code": "$lens_price_list.lenses.2.code",
                           "design": "varifocal"}),
        ("add_treatment", {"token": LEE, "order_id": EL_OR, "treatments": ["$lens_price_list.treatments.0.code"]}),
        ("take_measurements", {"token": LEE, "order_id": EL_OR, "pd_right": 31.0, "pd_left": 31.5, "height_mm": 19.0}),
        ("order_summary", {"token": LEE, "order_id": EL_OR}),
        ("take_payment", {"token": AMY, "order_id": EL_OR, "amount": 200.0, "method": "card"}),
        ("send_to_lab", {"token": LEE, "order_id": EL_OR, "lab": "rx_direct"}),
    ], upto)


ELLISON_BLUE = [*ellison("add_treatment"),
                ("add_treatment", {"token": LEE, "order_id": EL_OR, "treatments": ["$lens_price_list.treatments.1.code"]},
                 "blue"),
                ("remove_treatment", {"token": LEE, "order_id": EL_OR, "code": "$blue.treatments.1"})]
ELLISON_CANCEL = [*ellison("choose_frame"),
                  ("cancel_order", {"token": LEE, "order_id": EL_OR,
                                    "reason": "Mrs Ellison will wait for her cataract appointment before new glasses"})]
ELLISON_LENSES_PAY = [*ellison("new_order"),
                      ("choose_lenses", {"token": LEE, "order_id": EL_OR, "lens_code": "$lens_price_list.lenses.2.code",
                                         "design": "varifocal"}),
                      ("take_payment", {"token": AMY, "order_id": EL_OR, "amount": 120.0, "method": "cash"})]

BY_P = "$find_patient.0.patient_id"


def byrne_book(upto: str) -> list:
    """Mr Byrne: a private sight test next Tuesday booked, then cancelled."""
    return cut([
        *sign_ins("amy"),
        ("find_patient", {"token": AMY, "query": "Byrne"}),
        ("free_slots", {"token": AMY, "day": NEXT_TUESDAY, "optometrist_id": "OM-1"}),
        ("book_appointment", {"token": AMY, "patient_id": BY_P, "day": NEXT_TUESDAY, "time": "$free_slots.0.time",
                              "optometrist_id": "$free_slots.0.optometrist_id", "kind": "sight_test",
                              "funding": "private"}),
        ("cancel_appointment", {"token": AMY, "appointment_id": "$book_appointment.appointment_id",
                                "reason": "Booked in error; he only wants the follow-up"}),
    ], upto)


BYRNE_CANCEL_FOLLOW_UP = [*sign_ins("amy"), ("day_list", {"token": AMY}),
                          ("cancel_appointment", {"token": AMY, "appointment_id": "$day_list.1.appointment_id",
                                                  "reason": "Mr Byrne rang: his new glasses are not back yet, so no "
                                                            "need for the follow-up today"})]
BYRNE_VOUCHER = [*sign_ins("amy"), ("find_patient", {"token": AMY, "query": "Byrne"}),
                 ("record_nhs_eligibility", {"token": AMY, "patient_id": BY_P, "reason": "universal_credit",
                                             "evidence": "Universal Credit award letter dated June 2030"}),
                 ("patient_record", {"token": AMY, "patient_id": BY_P}),
                 ("issue_voucher", {"token": AMY, "prescription_id": "$patient_record.prescriptions.0.prescription_id"})]
BYRNE_COLLECT = [*sign_ins("amy", "lee"),
                 ("lab_jobs", {"token": AMY, "status": "at_lab"}),
                 ("receive_from_lab", {"token": AMY, "lab_job_id": "$lab_jobs.0.lab_job_id"}),
                 ("verify_spectacles", {"token": LEE, "lab_job_id": "$lab_jobs.0.lab_job_id", "passed": True,
                                        "notes": "Single vision 1.60 with AR, within tolerance"}),
                 ("collect_spectacles", {"token": LEE, "order_id": "$lab_jobs.0.order_id", "collected_by": "Thomas Byrne",
                                         "adjustments": "Sides shortened slightly; nose pads eased"})]

QU_P = "$find_patient.0.patient_id"
QUINN = [*sign_ins("amy", "lee"),
         ("find_patient", {"token": AMY, "query": "Quinn"}),
         ("patient_record", {"token": AMY, "patient_id": QU_P}),
         ("update_patient", {"token": AMY, "patient_id": QU_P, "phone": "07700 900851"}),
         ("notify_patient", {"token": AMY, "patient_id": QU_P, "channel": "sms",
                             "message": "Your new varifocals are ready to collect. Hollis & Crane"}),
         ("take_payment", {"token": AMY, "order_id": "$patient_record.orders.0.order_id", "amount": 145.0,
                           "method": "card"}),
         ("collect_spectacles", {"token": LEE, "order_id": "$patient_record.orders.0.order_id",
                                 "collected_by": "Harold Quinn",
                                 "adjustments": "Pantoscopic tilt increased for the varifocal corridor"})]

NA_P = "$find_patient.0.patient_id"
NA_RX = "$patient_record.prescriptions.0.prescription_id"


def nair(upto: str) -> list:
    """Ms Nair: monthly contact lenses from her June prescription, a plan, the first lenses posted."""
    return cut([
        *sign_ins("amy", "ruth"),
        ("contact_lens_range", {}),
        ("find_patient", {"token": AMY, "query": "Nair"}),
        ("patient_record", {"token": AMY, "patient_id": NA_P}),
        ("issue_cl_specification", {"token": RUTH, "prescription_id": NA_RX, "lens_code": "$contact_lens_range.2.code",
                                    "power_right": -2.75, "power_left": -3.25}),
        ("start_lens_plan", {"token": AMY, "spec_id": "$issue_cl_specification.spec_id", "supply_months": 3,
                             "sort_code": "40-47-21", "account_number": "31926819"}),
        ("dispatch_lenses", {"token": AMY, "plan_id": "$start_lens_plan.plan_id"}),
    ], upto)


NAIR_ORDERS = [*sign_ins("amy", "lee"),
               ("frame_catalogue", {}),
               ("find_patient", {"token": AMY, "query": "Nair"}),
               ("patient_record", {"token": AMY, "patient_id": NA_P}),
               ("cancel_order", {"token": LEE, "order_id": "$patient_record.orders.0.order_id",
                                 "reason": "Ms Nair has decided on contact lenses instead of the titanium frame"}),
               ("new_order", {"token": LEE, "prescription_id": NA_RX, "purpose": "distance"}),
               ("choose_frame", {"token": LEE, "order_id": "$new_order.order_id", "frame_code": "$frame_catalogue.1.code"}),
               ("take_payment", {"token": AMY, "order_id": "$new_order.order_id", "amount": 50.0, "method": "card"})]
NAIR_NEW_ORDER = cut(NAIR_ORDERS, "new_order")
NAIR_FRAME_PAY = [s for s in NAIR_ORDERS if s[0] != "cancel_order"]

NA_AP = "$day_list.2.appointment_id"
NAIR_EXAM = [*sign_ins("amy", "ruth"),
             ("contact_lens_range", {}),
             ("day_list", {"token": AMY}),
             ("check_in", {"token": AMY, "appointment_id": NA_AP}),
             ("record_pretest", {"token": AMY, "appointment_id": NA_AP, "visual_fields": "full", "iop_right": 14.0,
                                 "iop_left": 14.0}),
             ("start_exam", {"token": RUTH, "appointment_id": NA_AP}),
             ("record_refraction", {"token": RUTH, "exam_id": "$start_exam.exam_id", "eye": "right", "sphere": -2.75,
                                    "cylinder": -0.25, "axis": 180, "acuity": "6/5"}),
             ("record_refraction", {"token": RUTH, "exam_id": "$start_exam.exam_id", "eye": "left", "sphere": -3.0,
                                    "cylinder": -0.5, "axis": 170, "acuity": "6/5"}, "left_eye"),
             ("complete_exam", {"token": RUTH, "exam_id": "$start_exam.exam_id", "recall_months": 24,
                                "notes": "Contact lens assessment; corneas clear, good tear film."}),
             ("issue_cl_specification", {"token": RUTH, "prescription_id": "$complete_exam.prescription_id",
                                         "lens_code": "$contact_lens_range.2.code", "power_right": -2.75,
                                         "power_left": -3.25})]

ADEBAYO = [*sign_ins("amy"), ("find_patient", {"token": AMY, "query": "Adebayo"}),
           ("patient_record", {"token": AMY, "patient_id": "$find_patient.0.patient_id"}),
           ("issue_voucher", {"token": AMY, "prescription_id": "$patient_record.prescriptions.0.prescription_id"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# patients
_REGISTERED = {c: oliver(c) for c in tools.PATIENT_CONSUMERS}
_FOUND = {"update_patient": cut(QUINN, "update_patient"), "record_nhs_eligibility": cut(BYRNE_VOUCHER, "record_nhs_eligibility"),
          "patient_record": nair("patient_record"), "book_appointment": byrne_book("book_appointment"),
          "notify_patient": cut(QUINN, "notify_patient")}
for _c in tools.PATIENT_CONSUMERS:
    _add("register_patient", _c, _REGISTERED[_c])
    _add("find_patient", _c, _FOUND[_c])

# appointments and exams
for _c in tools.APPOINTMENT_CONSUMERS:
    _add("book_appointment", _c, byrne_book(_c) if _c == "cancel_appointment" else oliver(_c))
    _add("day_list", _c, BYRNE_CANCEL_FOLLOW_UP if _c == "cancel_appointment" else ellison(_c))
for _c in tools.EXAM_CONSUMERS:
    _add("start_exam", _c, ellison(_c))

# prescriptions, vouchers, orders
_add("complete_exam", "new_order", ellison("new_order"))
_add("patient_record", "new_order", NAIR_NEW_ORDER)
_add("complete_exam", "issue_voucher", oliver("issue_voucher"))
_add("patient_record", "issue_voucher", ADEBAYO)
_add("complete_exam", "issue_cl_specification", NAIR_EXAM)
_add("patient_record", "issue_cl_specification", nair("issue_cl_specification"))
for _c in tools.ORDER_CONSUMERS:
    if _c == "remove_treatment":
        _add("new_order", _c, ELLISON_BLUE)
    elif _c == "apply_voucher":
        _add("new_order", _c, oliver(_c))
    else:
        _add("new_order", _c, ellison(_c))
_add("new_order", "take_payment", ellison("take_payment"))
_add("patient_record", "take_payment", cut(QUINN, "take_payment"))
_add("new_order", "cancel_order", ELLISON_CANCEL)
_add("patient_record", "cancel_order", cut(NAIR_ORDERS, "cancel_order"))
for _c in tools.LAB_CONSUMERS:
    _add("send_to_lab", _c, oliver(_c))
    _add("lab_jobs", _c, cut(BYRNE_COLLECT, _c))
_add("patient_record", "collect_spectacles", QUINN)
_add("lab_jobs", "collect_spectacles", BYRNE_COLLECT)
_add("issue_voucher", "apply_voucher", oliver("apply_voucher"))
_add("issue_cl_specification", "start_lens_plan", nair("start_lens_plan"))
_add("start_lens_plan", "dispatch_lenses", nair("dispatch_lenses"))

# vocabularies
_add("free_slots", "book_appointment", oliver("book_appointment"))
_add("frame_catalogue", "choose_frame", ellison("choose_frame"))
_add("lens_price_list", "choose_lenses", ellison("choose_lenses"))
_add("lens_price_list", "add_treatment", ellison("add_treatment"))
_add("contact_lens_range", "issue_cl_specification", nair("issue_cl_specification"))

# states
_add("record_nhs_eligibility", "book_appointment", oliver("book_appointment"))
_add("record_nhs_eligibility", "issue_voucher", BYRNE_VOUCHER)
_add("check_in", "record_pretest", oliver("record_pretest"))
_add("check_in", "start_exam", ellison("start_exam"))
_add("record_pretest", "complete_exam", ellison("complete_exam"))
_add("record_refraction", "complete_exam", oliver("complete_exam"))
_add("choose_lenses", "add_treatment", ellison("add_treatment"))
_add("add_treatment", "remove_treatment", ELLISON_BLUE)
_add("choose_frame", "take_payment", NAIR_FRAME_PAY)
_add("choose_lenses", "take_payment", ELLISON_LENSES_PAY)
for _p in ("choose_frame", "choose_lenses", "take_measurements", "take_payment"):
    _add(_p, "send_to_lab", ellison("send_to_lab"))
_add("receive_from_lab", "verify_spectacles", BYRNE_COLLECT[:-1])
_add("verify_spectacles", "collect_spectacles", BYRNE_COLLECT)
_add("take_payment", "collect_spectacles", QUINN)
_add("update_patient", "notify_patient", cut(QUINN, "notify_patient"))

_OWN = {"sign_out": [sign_in("jan"), ("sign_out", {"token": "$jan.token"})]}


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
    ("frame_catalogue", oliver("update_patient")),
    ("refer_patient", ellison("complete_exam")),
    ("order_summary", ellison("send_to_lab")),
    ("add_treatment", ellison("send_to_lab")),
    ("notify_patient", QUINN),
    ("update_patient", QUINN),
    ("lens_price_list", [*sign_ins("amy", "lee"), ("lens_price_list", {}), *BYRNE_COLLECT[2:]]),
]
