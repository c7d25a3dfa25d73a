"""Scripted proofs that Registrar's designed prerequisites are real (checked with oracle.py's machinery,
through the checkout's heldout_oracle.py, which counts ``"Error: ..."`` replies as refusals).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (references to its outputs replaced by control
values). JSON text replies are read through references; ids that only appear inside a sentence
(admitted student, override code, transcript order) are written literally (deterministic).
"""

import registrar_tools as _rt

SIGN = {"staff_sign_in": (("staff_sign_in", {"staff_id": "RG-1187", "password": "Quad!Reg2025"}), "$staff_sign_in.token"),
        "sign_in_with_service_key": (("sign_in_with_service_key", {"service_key": "svc_reg_9f2c71d04b"}),
                                     "$sign_in_with_service_key.token")}
T = "$staff_sign_in.token"
S0 = [SIGN["staff_sign_in"][0]]
ELEVATE = ("elevate_session", {"token": T, "supervisor_pin": "660914"})
E = "$elevate_session.elevated_token"
NEW_STUDENT = "2025-0302"   # admit_student right after signing in
OVERRIDE = "OVR-303"        # issue_override after signing in and elevating
TERM = "$list_terms.1.term_code"
LT = lambda t: ("list_terms", {"token": t})  # noqa: E731
PEOPLE = {"Mia": ("Schulz", "17 September 2004", "mia.schulz@uni.example"),
          "Luca": ("Moretti", "Jan 5, 2003", "luca.moretti@uni.example")}


def student(provider: str, t: str, who: str = "Luca") -> tuple[list, str]:
    """Steps that find (or admit) a student, and a reference to the id."""
    last, dob, email = PEOPLE[who]
    if provider == "find_student":
        return [("parse_date", {"text": dob}), ("find_student", {"token": t, "last_name": last, "birth_date": "$parse_date"})], \
            "$find_student.students.0.student_id"
    if provider == "find_student_by_email":
        return [("find_student_by_email", {"token": t, "email": email})], "$find_student_by_email.student_id"
    return [("parse_date", {"text": "03.11.2006"}, "applicant_dob"), ("list_programs", {"token": t}),
            ("admit_student", {"token": t, "first_name": "Jonas", "last_name": "Weber", "birth_date": "$applicant_dob",
                               "email": "jonas.weber@mail.example", "program_code": "$list_programs.0.0"})], NEW_STUDENT


def sections(t: str, subject: str, number: str) -> list:
    return [LT(t), ("search_sections", {"token": t, "term_code": TERM, "subject": subject, "course_number": number})]


CRN = "$search_sections.sections.0.crn"


def for_student(c: str, t: str, x: str) -> list:
    """A successful tail ending with ``c`` for student ``x`` (Luca, or Mia where a balance or holds are needed)."""
    return {
        "get_student_record": [("get_student_record", {"token": t, "student_id": x})],
        "set_preferred_name": [("set_preferred_name", {"token": t, "student_id": x, "preferred_name": "Lu"})],
        "list_holds": [("list_holds", {"token": t, "student_id": x})],
        "get_account_balance": [("get_account_balance", {"token": t, "student_id": x})],
        "run_degree_audit": [("run_degree_audit", {"token": t, "student_id": x})],
        "get_unofficial_transcript": [("get_unofficial_transcript", {"token": t, "student_id": x})],
        "enroll_student": sections(t, "MATH", "210") + [
            ("enroll_student", {"token": t, "student_id": x, "term_code": TERM, "crn": CRN})],
        "get_class_schedule": [LT(t), ("get_class_schedule", {"token": t, "student_id": x, "term_code": TERM})],
        "record_payment": [("record_payment", {"token": t, "student_id": x, "amount": 350.0, "method": "card",
                                               "reference": "Visa ending 0041"})],
        "release_hold": [("list_holds", {"token": t, "student_id": x}),
                         ("record_payment", {"token": t, "student_id": x, "amount": 350.0, "method": "bank_transfer",
                                             "reference": "SEPA 2025-08-15"}),
                         ("release_hold", {"token": t, "student_id": x, "hold_id": "$list_holds.0.0",
                                           "justification": "Fall tuition paid in full"})],
        "log_advising_meeting": [("find_advisor", {"token": t, "department": "Computer Science"}),
                                 ("log_advising_meeting", {"token": t, "student_id": x,
                                                           "advisor_id": "$find_advisor.advisors.0.advisor_id",
                                                           "notes": "Discussed fall plan; cleared to register for CS 301"})],
        "verify_identity": [("parse_date", {"text": "Jan 5, 2003"}, "dob"),
                            ("verify_identity", {"token": t, "student_id": x, "id_last4": "9032", "birth_date": "$dob"})],
        "submit_grade_change": [("get_unofficial_transcript", {"token": t, "student_id": x}),
                                ("submit_grade_change", {"token": t, "student_id": x,
                                                         "term_code": "$get_unofficial_transcript.courses.1.0",
                                                         "crn": "$get_unofficial_transcript.courses.1.3", "new_grade": "B+",
                                                         "reason": "Missing coursework mark added by instructor"})],
        "apply_for_graduation": [("run_degree_audit", {"token": t, "student_id": x}), LT(t),
                                 ("apply_for_graduation", {"token": t, "student_id": x, "audit_id": "$run_degree_audit.audit.id",
                                                           "term_code": TERM, "diploma_name": "Luca Alessandro Moretti"})],
        "request_enrollment_letter": [LT(t), ("request_enrollment_letter", {"token": t, "student_id": x, "term_code": TERM,
                                                                             "addressee": "Embassy of Canada, Berlin"})],
        "join_waitlist": sections(t, "CS", "340") + [
            ("join_waitlist", {"token": t, "student_id": x, "term_code": TERM, "crn": CRN})],
        "drop_enrollment": [LT(t), ("get_class_schedule", {"token": t, "student_id": x, "term_code": TERM}),
                            ("drop_enrollment", {"token": t, "student_id": x, "term_code": TERM,
                                                 "crn": "$get_class_schedule.0.0", "reason": "Schedule clash with work"})],
    }[c]


def who(c: str) -> str:
    return "Mia" if c in ("record_payment", "release_hold", "log_advising_meeting") else "Luca"


def with_student(c: str, t: str, provider: str = "find_student_by_email") -> list:
    steps, x = student(provider, t, who(c))
    return steps + for_student(c, t, x)


def new_section(t: str, course: str = "list_courses") -> list:
    first = ([("list_courses", {"token": t, "subject": "CS"})], "$list_courses.1.0") if course == "list_courses" else \
        ([("create_course", {"token": t, "subject": "CS", "number": "415", "title": "Compilers", "credits": 4})],
         "$create_course.course_id")
    return first[0] + [LT(t), ("find_instructor", {"token": t, "name": "Hana Ito"}),
                       ("create_section", {"token": t, "course_id": first[1], "term_code": TERM,
                                           "instructor_id": "$find_instructor.instructors.0.instructor_id", "capacity": 30,
                                           "days": ["TU", "TH"], "start_time": "10:30"})]


def classroom(t: str, crn: str) -> list:
    return [("find_classroom", {"token": t, "min_seats": 40}),
            ("assign_classroom", {"token": t, "term_code": TERM, "crn": crn, "room_code": "$find_classroom.0.0"})]


def recipe(c: str, t: str) -> list:
    """A successful path (after signing in with token ``t``) that ends with ``c``."""
    if c in _rt._ANY_STUDENT or c in _rt._EXISTING_STUDENT:
        return with_student(c, t)
    order = with_student("verify_identity", t) + [
        ("order_official_transcript", {"token": t, "student_id": "$find_student_by_email.student_id",
                                       "verification_id": "$verify_identity.verification_id", "delivery": "email",
                                       "recipient": "admissions@gradschool.example"})]
    return {
        "elevate_session": [("elevate_session", {"token": t, "supervisor_pin": "660914"})],
        "find_student": student("find_student", t, "Mia")[0],
        "find_student_by_email": student("find_student_by_email", t)[0],
        "list_programs": [("list_programs", {"token": t})],
        "admit_student": student("admit_student", t)[0],
        "find_advisor": [("find_advisor", {"token": t, "department": "History"})],
        "list_terms": [LT(t)],
        "search_sections": sections(t, "CS", "301"),
        "order_official_transcript": order,
        "get_transcript_order_status": order + [("get_transcript_order_status", {"token": t, "order_id": "TR-303"})],
        "find_instructor": [("find_instructor", {"token": t, "name": "Hana Ito"})],
        "list_courses": [("list_courses", {"token": t, "subject": "CS"})],
        "create_course": new_section(t, "create_course")[:1],
        "create_section": new_section(t),
        "find_classroom": [("find_classroom", {"token": t, "min_seats": 40})],
        "assign_classroom": sections(t, "MATH", "210") + classroom(t, CRN),
    }[c]


PROOFS: list = []
for _c in _rt._TOKEN_USERS:
    for _p, (_step, _t) in SIGN.items():
        PROOFS.append((_p, _c, [_step] + recipe(_c, _t)))
_LUCA = student("find_student_by_email", T)
_ELEV = {
    "issue_override": S0 + [ELEVATE] + _LUCA[0] + sections(T, "CS", "480") + [
        ("issue_override", {"elevated_token": E, "student_id": _LUCA[1], "crn": CRN, "override_type": "prerequisite",
                            "reason": "Completed equivalent course at exchange university"})],
    "list_pending_grade_changes": S0 + [ELEVATE, ("list_pending_grade_changes", {"elevated_token": E})],
    "approve_grade_change": S0 + [ELEVATE, ("list_pending_grade_changes", {"elevated_token": E}),
                                  ("approve_grade_change", {"elevated_token": E, "request_id": "$list_pending_grade_changes.0.request_id"})],
}
PROOFS += [("elevate_session", _c, _steps) for _c, _steps in _ELEV.items()]
for _p in ("find_student", "find_student_by_email", "admit_student"):
    PROOFS += [(_p, _c, S0 + with_student(_c, T, _p)) for _c in _rt._ANY_STUDENT]
for _p in ("find_student", "find_student_by_email"):
    PROOFS += [(_p, _c, S0 + with_student(_c, T, _p)) for _c in _rt._EXISTING_STUDENT]

_MIA = student("find_student_by_email", T, "Mia")
_M = _MIA[1]
_PAID = S0 + _MIA[0] + for_student("release_hold", T, _M)
_CLEARED = _PAID + for_student("log_advising_meeting", T, _M) + [
    ("release_hold", {"token": T, "student_id": _M, "hold_id": "$list_holds.1.0", "justification": "Advising done"}, "rh2")]
_ADMITTED = S0 + student("admit_student", T)[0] + for_student("enroll_student", T, NEW_STUDENT)
_SUBMIT = S0 + with_student("submit_grade_change", T) + [
    ELEVATE, ("approve_grade_change", {"elevated_token": E, "request_id": "$submit_grade_change.request.id"})]
PROOFS += [
    ("parse_date", "find_student", S0 + recipe("find_student", T)),
    ("parse_date", "admit_student", S0 + recipe("admit_student", T)),
    ("parse_date", "verify_identity", S0 + with_student("verify_identity", T)),
    ("list_programs", "admit_student", S0 + recipe("admit_student", T)),
    ("list_terms", "search_sections", S0 + recipe("search_sections", T)),
    ("search_sections", "enroll_student", S0 + with_student("enroll_student", T)),
    ("search_sections", "join_waitlist", S0 + with_student("join_waitlist", T)),
    ("search_sections", "assign_classroom", S0 + recipe("assign_classroom", T)),
    ("create_section", "assign_classroom", S0 + new_section(T) + classroom(T, "$create_section.crn")),
    ("list_holds", "release_hold", _PAID),
    ("find_advisor", "log_advising_meeting", S0 + with_student("log_advising_meeting", T)),
    ("get_unofficial_transcript", "submit_grade_change", S0 + with_student("submit_grade_change", T)),
    ("list_pending_grade_changes", "approve_grade_change", _ELEV["approve_grade_change"]),
    ("submit_grade_change", "approve_grade_change", _SUBMIT),
    ("find_instructor", "create_section", S0 + new_section(T)),
    ("list_courses", "create_section", S0 + new_section(T)),
    ("create_course", "create_section", S0 + new_section(T, "create_course")),
    ("find_classroom", "assign_classroom", S0 + recipe("assign_classroom", T)),
    ("record_payment", "release_hold", _PAID),
    ("log_advising_meeting", "release_hold", _CLEARED),
    ("release_hold", "enroll_student", _CLEARED + for_student("enroll_student", T, _M)),
    ("release_hold", "order_official_transcript", _PAID + [
        ("parse_date", {"text": "17 September 2004"}, "mia_dob"),
        ("verify_identity", {"token": T, "student_id": _M, "id_last4": "4471", "birth_date": "$mia_dob"}),
        ("order_official_transcript", {"token": T, "student_id": _M, "verification_id": "$verify_identity.verification_id",
                                       "delivery": "post", "recipient": "Mia Schulz, Lindenweg 4, 10115 Berlin"})]),
    ("enroll_student", "drop_enrollment", S0 + with_student("enroll_student", T) + [
        ("drop_enrollment", {"token": T, "student_id": _LUCA[1], "term_code": TERM, "crn": CRN, "reason": "Too heavy a load"})]),
    ("enroll_student", "request_enrollment_letter", _ADMITTED + [
        ("request_enrollment_letter", {"token": T, "student_id": NEW_STUDENT, "term_code": TERM,
                                       "addressee": "Studierendenwerk housing office"})]),
    ("issue_override", "enroll_student", _ELEV["issue_override"] + [
        ("enroll_student", {"token": T, "student_id": _LUCA[1], "term_code": TERM, "crn": CRN, "override_code": OVERRIDE})]),
    ("verify_identity", "order_official_transcript", S0 + recipe("order_official_transcript", T)),
    ("order_official_transcript", "get_transcript_order_status", S0 + recipe("get_transcript_order_status", T)),
    ("run_degree_audit", "apply_for_graduation", S0 + with_student("apply_for_graduation", T)),
]

NON_PREREQUISITES = [
    ("get_student_record", S0 + _LUCA[0] + [("get_student_record", {"token": T, "student_id": _LUCA[1]})]
     + for_student("enroll_student", T, _LUCA[1])),
    ("get_account_balance", S0 + _MIA[0] + [("get_account_balance", {"token": T, "student_id": _M})]
     + for_student("record_payment", T, _M)),
    ("list_programs", S0 + [("list_programs", {"token": T})] + student("find_student", T, "Mia")[0]),
    ("search_sections", S0 + _LUCA[0] + sections(T, "HIST", "490")
     + [("get_class_schedule", {"token": T, "student_id": _LUCA[1], "term_code": TERM})]),
]
