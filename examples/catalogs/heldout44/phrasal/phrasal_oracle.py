"""Scripted proofs that Phrasal's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime, which reads the returned ``"Error: ..."`` strings as
refusals; the tools are coroutines, which the runtime awaits).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "saskia")``) and pass ``"$saskia.token"``; replies are read by field (``"$enrol_student.student_id"``,
``"$add_host.host_id"``, ``"$book_transfer.transfer_id"``) and list entries by position and field
(``"$find_student.0.student_id"``, ``"$find_host.0.host_id"``, ``"$classes.2.class_id"``,
``"$transfers.0.transfer_id"``, ``"$exam_sessions.0.session_id"``, ``"$course_list.0.code"``,
``"$levels.2.code"``). The positions follow the fresh state's order (records by id, courses by code, levels lowest
first, exam sessions by date, each list filtered as the call asks). Every id and code is read from a reply; none is
written literally (names, dates of birth, nationalities, e-mail addresses, phone numbers, passports, guardians,
amounts, scores, dates, flights, hosts' details, DBS certificates, reasons, notes and messages are written as the
staff are told them).

The day: Ms Arancibia Vera walks in, enrols for two weeks, pays, checks in, is tested, placed in a class and entered
for IELTS, or changes her mind and is refunded; Mr Amponsah enrols for next week, his passport and his mother's
consent are recorded, his deposit paid, his visa letter issued, his homestay and his taxi from Heathrow booked; Mr
Hrytsenko's passport and deposit come in for his visa letter; Miss Arrieta Gonzalo's consent arrives, she pays,
checks in and is placed with a host, and her taxi home is booked; the Trevisicks and Mr Quist are vetted as hosts; Ms
Yusupova pays, checks in and is tested; Mr Quintela is placed, put in a class and entered for B2 First; Mr Hoshino's
last register is taken, he pays and has his certificate; Ms Karaca withdraws and is refunded; Ms Bonvicini extends
and her taxi is cancelled.
"""

import phrasal_tools as tools

WHO = {"saskia": ("saskia.t", "Welcome-Week-28"), "fergal": ("fergal.m", "Present-Perfect-4"),
       "bronwen": ("bronwen.e", "Spare-Room-12"), "yasmin": ("yasmin.f", "Duty-Phone-24"),
       "clement": ("clement.a", "Ledger-Line-75"), "rosalind": ("rosalind.p", "Head-Office-1")}
SA, FE, BR, NA, CL = "$saskia.token", "$fergal.token", "$bronwen.token", "$yasmin.token", "$clement.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


SID, FOUND = "$enrol_student.student_id", "$find_student.0.student_id"

# Ms Arancibia Vera walks in: enrolled, paid, checked in, tested, placed in a class, entered for IELTS; or refunded
WALKIN = [sign_in("saskia"), ("course_list", {}),
         ("enrol_student", {"token": SA, "name": "Ms Valentina Arancibia Vera", "date_of_birth": "2014-10-03",
                            "nationality": "CL", "email": "valentina.arancibia@example.cl",
                            "course": "$course_list.0.code", "start": "2040-07-09", "weeks": 2})]
SO_UPDATED = WALKIN + [("update_student", {"token": SA, "student_id": SID, "phone": "07700 900918"})]
SO_ACCOUNT = WALKIN + [("student_account", {"token": SA, "student_id": SID})]
SO_REPORT = WALKIN + [("attendance_report", {"token": SA, "student_id": SID})]
SO_EXTENDED = WALKIN + [("extend_course", {"token": SA, "student_id": SID, "weeks": 2})]
SO_EMAIL = WALKIN + [("send_email", {"token": SA, "student_id": SID, "subject": "Welcome to Stourmouth",
                                    "body": "Your placement test is at ten in the library."})]
SO_NOTE = WALKIN + [sign_in("yasmin"), ("log_welfare_note", {"token": NA, "student_id": SID,
                                                           "note": "Looking for a room to rent; given the list of "
                                                                   "agencies"})]
SO_PAID = WALKIN + [sign_in("clement"), ("take_payment", {"token": CL, "student_id": SID, "amount": 605.0,
                                                         "method": "card"})]
SO_IN = SO_PAID + [("check_in", {"token": SA, "student_id": SID})]
SO_PLACED = SO_IN + [sign_in("fergal"), ("levels", {}),
                     ("record_placement", {"token": FE, "student_id": SID, "score": 58, "speaking": "$levels.2.code"})]
SO_CLASSED = SO_PLACED + [("classes", {"token": FE}),
                          ("assign_class", {"token": FE, "student_id": SID, "class_id": "$classes.2.class_id"})]
SO_EXAM = SO_PLACED + [("exam_sessions", {"exam": "ielts_academic"}),
                       ("book_exam", {"token": FE, "student_id": SID, "session_id": "$exam_sessions.0.session_id"})]
SO_WITHDRAWN = SO_PAID + [("withdraw_student", {"token": SA, "student_id": SID,
                                                "reason": "She has found a job in Cardiff and starts tomorrow"})]
SO_REFUNDED = SO_WITHDRAWN + [("issue_refund", {"token": CL, "student_id": SID, "amount": 265.0})]

# Mr Amponsah, from next Monday: passport, consent, deposit, visa letter, homestay, taxi from Heathrow
KOJO = [sign_in("saskia"), ("course_list", {}),
        ("enrol_student", {"token": SA, "name": "Mr Kojo Amponsah", "date_of_birth": "2023-02-19",
                           "nationality": "GH", "email": "kojo.amponsah@example.com.gh",
                           "course": "$course_list.1.code", "start": "2040-07-16", "weeks": 4,
                           "accommodation": "homestay"})]
KO_PASSPORT = KOJO + [("record_passport", {"token": SA, "student_id": SID, "number": "G2418870",
                                           "expires": "2049-11-30"})]
KO_CONSENT = KOJO + [("record_guardian_consent", {"token": SA, "student_id": SID, "guardian": "Mrs Abena Amponsah",
                                                  "relationship": "mother", "phone": "+233 24 418 7720"})]
KO_PAID = KOJO + [sign_in("clement"), ("take_payment", {"token": CL, "student_id": SID, "amount": 600.0,
                                                        "method": "bank_transfer"})]
KO_LETTER = KO_PASSPORT + KO_PAID[len(KOJO):] + [("issue_visa_letter", {"token": SA, "student_id": SID})]
KO_HOMESTAY = KO_CONSENT + [sign_in("bronwen"), ("find_host", {"token": BR, "text": "Sandpiper"}),
                            ("place_homestay", {"token": BR, "student_id": SID, "host_id": "$find_host.0.host_id"})]
KO_TRANSFER = KO_HOMESTAY + [("book_transfer", {"token": BR, "student_id": SID, "direction": "arrival",
                                                "airport": "LHR", "flight": "BA0078", "when": "2040-07-15 06:20"})]
KO_CANCELLED = KO_TRANSFER + [("cancel_transfer", {"token": BR, "transfer_id": "$book_transfer.transfer_id",
                                                   "reason": "His flight has moved to Gatwick"})]

# Mr Hrytsenko: passport and deposit in, visa letter issued
OLEK = [sign_in("saskia"), ("find_student", {"token": SA, "text": "Hrytsenko"}),
        ("record_passport", {"token": SA, "student_id": FOUND, "number": "FT318842", "expires": "2048-03-14"})]
OLEK_LETTER = OLEK + [sign_in("clement"), ("take_payment", {"token": CL, "student_id": FOUND, "amount": 750.0,
                                                            "method": "bank_transfer"}),
                      ("issue_visa_letter", {"token": SA, "student_id": FOUND})]

# Miss Arrieta Gonzalo: consent, the rest of her fees, checked in; placed with a host, her taxi home booked
XIMENA = [sign_in("saskia"), ("find_student", {"token": SA, "text": "Arrieta"}),
         ("record_guardian_consent", {"token": SA, "student_id": FOUND, "guardian": "Sra Begona Gonzalo Ruiz",
                                      "relationship": "mother", "phone": "+34 612 447 803"})]
XIMENA_IN = XIMENA + [sign_in("clement"), ("take_payment", {"token": CL, "student_id": FOUND, "amount": 1375.0,
                                                          "method": "card"}),
                    ("check_in", {"token": SA, "student_id": FOUND})]
XIMENA_HOMESTAY = XIMENA + [sign_in("bronwen"), ("find_host", {"token": BR, "text": "Sandpiper"}),
                          ("place_homestay", {"token": BR, "student_id": FOUND, "host_id": "$find_host.0.host_id"})]
XIMENA_TRANSFER = XIMENA_HOMESTAY + [("book_transfer", {"token": BR, "student_id": FOUND, "direction": "departure",
                                                      "airport": "LGW", "flight": "IB3721",
                                                      "when": "2040-07-21 11:50"})]
XIMENA_NOTE = [sign_in("yasmin"), ("find_student", {"token": NA, "text": "Arrieta"}),
              ("log_welfare_note", {"token": NA, "student_id": FOUND,
                                    "note": "Homesick on the first morning; rang her mother with her"})]

# hosts: Mr Quist vetted; the Trevisicks added and vetted; either takes Miss Arrieta Gonzalo
QUIST = [sign_in("bronwen"), ("find_host", {"token": BR, "text": "Quist"})]
QUIST_DBS = QUIST + [("record_dbs", {"token": BR, "host_id": "$find_host.0.host_id",
                                     "certificate_number": "001907553318", "issued": "2040-05-02"})]
QUIST_VISIT = QUIST + [("record_home_visit", {"token": BR, "host_id": "$find_host.0.host_id", "outcome": "approved",
                                              "notes": "Two clean rooms with desks; five minutes from the bus"})]
QUIST_PLACED = XIMENA + QUIST_DBS + QUIST_VISIT[len(QUIST):] + [
    ("place_homestay", {"token": BR, "student_id": FOUND, "host_id": "$find_host.0.host_id"})]
TREVISICK = [sign_in("bronwen"), ("add_host", {"token": BR, "name": "Mr and Mrs Trevisick",
                                               "address": "9 Chandlers Row, Stourmouth", "phone": "01632 961377",
                                               "rooms": 2})]
TREV_DBS = TREVISICK + [("record_dbs", {"token": BR, "host_id": "$add_host.host_id",
                                        "certificate_number": "001955301276", "issued": "2040-05-14"})]
TREV_VISIT = TREVISICK + [("record_home_visit", {"token": BR, "host_id": "$add_host.host_id",
                                                 "outcome": "approved"})]
TREV_PLACED = XIMENA + TREV_DBS + TREV_VISIT[len(TREVISICK):] + [
    ("place_homestay", {"token": BR, "student_id": FOUND, "host_id": "$add_host.host_id"})]

# Ms Yusupova: pays, checks in, is tested; her account
DILNOZA = [sign_in("clement"), ("find_student", {"token": CL, "text": "Yusupova"}),
           ("take_payment", {"token": CL, "student_id": FOUND, "amount": 535.0, "method": "card"})]
DIL_IN = DILNOZA + [sign_in("saskia"), ("check_in", {"token": SA, "student_id": FOUND})]
DIL_PLACED = DIL_IN + [sign_in("fergal"), ("levels", {}),
                       ("record_placement", {"token": FE, "student_id": FOUND, "score": 71,
                                             "speaking": "$levels.3.code"})]
DIL_ACCOUNT = [sign_in("clement"), ("find_student", {"token": CL, "text": "Yusupova"}),
               ("student_account", {"token": CL, "student_id": FOUND})]

# Mr Quintela (checked in): placed, put in a class, entered for B2 First
RAFAEL = [sign_in("fergal"), ("find_student", {"token": FE, "text": "Quintela"}), ("levels", {}),
          ("record_placement", {"token": FE, "student_id": FOUND, "score": 64, "speaking": "$levels.2.code"})]
RAF_CLASSED = RAFAEL + [("classes", {"token": FE}),
                        ("assign_class", {"token": FE, "student_id": FOUND, "class_id": "$classes.2.class_id"})]
RAF_EXAM = RAFAEL + [("exam_sessions", {"exam": "b2_first"}),
                     ("book_exam", {"token": FE, "student_id": FOUND, "session_id": "$exam_sessions.0.session_id"})]

# Mr Hoshino (finished on Friday): the last register taken, paid, his certificate; his attendance; a class register
TAKUMI = [sign_in("fergal"), ("classes", {"token": FE}),
          ("record_attendance", {"token": FE, "class_id": "$classes.3.class_id", "day": "2040-07-06"}),
          sign_in("clement"), ("find_student", {"token": CL, "text": "Hoshino"}),
          ("take_payment", {"token": CL, "student_id": FOUND, "amount": 120.0, "method": "card"}),
          ("issue_certificate", {"token": CL, "student_id": FOUND})]
TAKUMI_REPORT = [sign_in("fergal"), ("find_student", {"token": FE, "text": "Hoshino"}),
                 ("attendance_report", {"token": FE, "student_id": FOUND})]
REGISTER = [sign_in("fergal"), ("classes", {"token": FE}),
            ("class_register", {"token": FE, "class_id": "$classes.1.class_id"})]

# Ms Karaca withdraws and is refunded; Ms Bonvicini extends, her taxi cancelled, her mobile added, an e-mail
AYSE = [sign_in("saskia"), ("find_student", {"token": SA, "text": "Karaca"}),
        ("withdraw_student", {"token": SA, "student_id": FOUND, "reason": "Family reasons; she is going home"})]
AYSE_REFUNDED = AYSE + [sign_in("clement"), ("issue_refund", {"token": CL, "student_id": FOUND, "amount": 530.0})]
CHIARA_EXTENDED = [sign_in("saskia"), ("find_student", {"token": SA, "text": "Bonvicini"}),
                   ("extend_course", {"token": SA, "student_id": FOUND, "weeks": 2})]
CHIARA_MOBILE = [sign_in("saskia"), ("find_student", {"token": SA, "text": "Bonvicini"}),
                 ("update_student", {"token": SA, "student_id": FOUND, "phone": "07700 900442"})]
CHIARA_EMAIL = [sign_in("fergal"), ("find_student", {"token": FE, "text": "Bonvicini"}),
                ("send_email", {"token": FE, "student_id": FOUND, "subject": "Your extra weeks",
                                "body": "You stay in C-B1-1 with Mr Furnival until 27 July."})]
CHIARA_TAXI = [sign_in("bronwen"), ("transfers", {"token": BR, "status": "booked"}),
               ("cancel_transfer", {"token": BR, "transfer_id": "$transfers.0.transfer_id",
                                    "reason": "Ms Bonvicini is staying two more weeks"})]

_BODY = [
    # students
    ("course_list", "enrol_student", WALKIN),
    ("enrol_student", "update_student", SO_UPDATED),
    ("find_student", "update_student", CHIARA_MOBILE),
    ("enrol_student", "record_passport", KO_PASSPORT),
    ("find_student", "record_passport", OLEK),
    ("enrol_student", "record_guardian_consent", KO_CONSENT),
    ("find_student", "record_guardian_consent", XIMENA),
    ("enrol_student", "take_payment", SO_PAID),
    ("find_student", "take_payment", DILNOZA),
    ("enrol_student", "student_account", SO_ACCOUNT),
    ("find_student", "student_account", DIL_ACCOUNT),
    ("enrol_student", "issue_visa_letter", KO_LETTER),
    ("find_student", "issue_visa_letter", OLEK_LETTER),
    ("enrol_student", "check_in", SO_IN),
    ("find_student", "check_in", DIL_IN),
    ("enrol_student", "extend_course", SO_EXTENDED),
    ("find_student", "extend_course", CHIARA_EXTENDED),
    ("enrol_student", "withdraw_student", SO_WITHDRAWN),
    ("find_student", "withdraw_student", AYSE),
    ("enrol_student", "issue_refund", SO_REFUNDED),
    ("find_student", "issue_refund", AYSE_REFUNDED),
    ("enrol_student", "send_email", SO_EMAIL),
    ("find_student", "send_email", CHIARA_EMAIL),
    ("enrol_student", "log_welfare_note", SO_NOTE),
    ("find_student", "log_welfare_note", XIMENA_NOTE),
    ("enrol_student", "record_placement", SO_PLACED),
    ("find_student", "record_placement", RAFAEL),
    ("enrol_student", "assign_class", SO_CLASSED),
    ("find_student", "assign_class", RAF_CLASSED),
    ("enrol_student", "attendance_report", SO_REPORT),
    ("find_student", "attendance_report", TAKUMI_REPORT),
    ("enrol_student", "book_exam", SO_EXAM),
    ("find_student", "book_exam", RAF_EXAM),
    ("enrol_student", "place_homestay", KO_HOMESTAY),
    ("find_student", "place_homestay", XIMENA_HOMESTAY),
    ("enrol_student", "book_transfer", KO_TRANSFER),
    ("find_student", "book_transfer", XIMENA_TRANSFER),
    ("find_student", "issue_certificate", TAKUMI),
    ("record_passport", "issue_visa_letter", OLEK_LETTER),
    ("take_payment", "issue_visa_letter", OLEK_LETTER),
    ("record_guardian_consent", "check_in", XIMENA_IN),
    ("take_payment", "check_in", DIL_IN),
    ("check_in", "record_placement", DIL_PLACED),
    ("levels", "record_placement", RAFAEL),
    ("record_placement", "assign_class", RAF_CLASSED),
    ("record_placement", "book_exam", RAF_EXAM),
    ("exam_sessions", "book_exam", RAF_EXAM),
    ("withdraw_student", "issue_refund", AYSE_REFUNDED),
    ("take_payment", "issue_refund", SO_REFUNDED),
    ("record_attendance", "issue_certificate", TAKUMI),
    ("take_payment", "issue_certificate", TAKUMI),
    # classes
    ("classes", "assign_class", RAF_CLASSED),
    ("classes", "record_attendance", cut(TAKUMI, "record_attendance")),
    ("classes", "class_register", REGISTER),
    # hosts, homestays and transfers
    ("add_host", "record_dbs", TREV_DBS),
    ("find_host", "record_dbs", QUIST_DBS),
    ("add_host", "record_home_visit", TREV_VISIT),
    ("find_host", "record_home_visit", QUIST_VISIT),
    ("add_host", "place_homestay", TREV_PLACED),
    ("find_host", "place_homestay", XIMENA_HOMESTAY),
    ("record_dbs", "place_homestay", QUIST_PLACED),
    ("record_home_visit", "place_homestay", QUIST_PLACED),
    ("record_guardian_consent", "place_homestay", XIMENA_HOMESTAY),
    ("place_homestay", "book_transfer", XIMENA_TRANSFER),
    ("book_transfer", "cancel_transfer", KO_CANCELLED),
    ("transfers", "cancel_transfer", CHIARA_TAXI),
]

_OWN = {"sign_out": [sign_in("yasmin"), ("sign_out", {"token": NA})],
        "students": [sign_in("saskia"), ("students", {"token": SA, "starting": "2040-07-09"})],
        "classes": [sign_in("fergal"), ("classes", {"token": FE})],
        "find_host": QUIST, "transfers": [sign_in("bronwen"), ("transfers", {"token": BR, "status": "booked"})]}


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
    # the classes read before Mr Hrytsenko's passport is recorded
    ("classes", OLEK[:2] + [("classes", {"token": SA})] + OLEK[2:]),
    # the levels read before Miss Arrieta Gonzalo's consent is recorded
    ("levels", XIMENA[:2] + [("levels", {})] + XIMENA[2:]),
    # the exam sessions read before Ms Yusupova pays
    ("exam_sessions", DILNOZA[:2] + [("exam_sessions", {"exam": "ielts_academic"})] + DILNOZA[2:]),
    # a welfare note logged before Ms Karaca withdraws
    ("log_welfare_note", AYSE[:2] + [sign_in("yasmin"), ("log_welfare_note", {
        "token": NA, "student_id": FOUND, "note": "Upset after a call from home; talked it through"})] + AYSE[2:]),
    # an e-mail sent to Ms Yusupova before she checks in
    ("send_email", DIL_IN[:4] + [("send_email", {"token": SA, "student_id": FOUND, "subject": "Today",
                                                 "body": "Please come to reception before nine."})] + DIL_IN[4:]),
    # a welfare note logged about Mr Quintela before he is entered for B2 First
    ("log_welfare_note", RAF_EXAM[:-1] + [sign_in("yasmin"), ("log_welfare_note", {
        "token": NA, "student_id": FOUND, "note": "Asked about the cost of the exam; told him it goes on his "
                                                  "account"})] + RAF_EXAM[-1:]),
    # Miss Arrieta Gonzalo's payment taken before she is placed with a host
    ("take_payment", XIMENA + [sign_in("clement"), ("take_payment", {"token": CL, "student_id": FOUND,
                                                                    "amount": 1375.0, "method": "card"})]
     + XIMENA_HOMESTAY[len(XIMENA):]),
    # the exam sessions read before Ms Bonvicini's taxi is cancelled
    ("exam_sessions", CHIARA_TAXI[:2] + [("exam_sessions", {"exam": "b2_first"})] + CHIARA_TAXI[2:]),
]
