"""Scripted proofs that Almoner's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records the ``VolunteerError`` the tools raise as
an error; the replies are dataclasses, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "tabitha")``) and pass ``"$tabitha.token"``; replies are read by field (``"$register_applicant.volunteer_id"``,
``"$book_interview.interview_id"``, ``"$request_reference.reference_id"``, ``"$request_dbs.dbs_id"``,
``"$place_volunteer.placement_id"``, ``"$book_shift.booking_id"``, ``"$claim_expenses.claim_id"``), list entries by
position and field (``"$find_volunteer.0.volunteer_id"``, ``"$interview_slots.0.slot_id"``,
``"$references.0.reference_id"``, ``"$dbs_applications.0.dbs_id"``, ``"$training_courses.1.code"``,
``"$training_sessions.0.session_id"``, ``"$volunteer_roles.3.code"``, ``"$shifts.0.shift_id"``,
``"$expense_claims.0.claim_id"``) and rows of lists by position (``"$volunteer_file.interviews.0.0"``, an interview
id; ``"$volunteer_file.placements.0.0"``, a placement id; ``"$rota.bookings.0.0"``, a shift booking id). The positions
follow the fresh state's order of records by id (filtered as each call asks), of ``ROLES`` and of ``COURSES``. Every
id, role code and course code is read from a reply; none is written literally (names, e-mail addresses, phone
numbers, addresses and postcodes, dates of birth, referees and relationships, outcomes and notes, identity documents,
DBS levels, certificate numbers and dates, licence numbers, points and insurance, days of the week, dates, hours,
miles and parking, bank details, subjects, bodies and reasons are written as the staff are told them). A step saved
under a name of its own is a second call of a tool on one path.

The day: Mrs Margery Lusted registers to drive patients to the day hospice; her date of birth goes on file, she is
interviewed in this morning's free slot and found suitable, her two referees are asked and answer, the safeguarding
lead sees her passport, water bill and bank statement, applies for her enhanced DBS check with the barred list and
records the certificate, and checks her licence; she is booked onto today's induction, safeguarding and
confidentiality sessions and marked as attending; she is placed as a patient transport driver on Mondays and
Thursdays and booked onto Thursday's driving shift, or paused until the end of June; on other paths she is written to,
her file read, her bank details put on file, or she withdraws. Ms Adaeze Umeh's second reference and her DBS
certificate are recorded, her safeguarding session marked, and she is placed as a day hospice companion. Miss Clemency
Pilbeam's interview is recorded and her date of birth put on file. Mr Tobiah Quennell is booked an interview and an
induction, a referee is asked, his identity documents are seen and a basic DBS check applied for. Mrs Rosalind
Petheridge's file is read, she is booked onto Thursday's ward shift, or this afternoon's (worked, with a mileage
claim) or a shift she then cancels, and she is paused and resumed. Mr Desmond Ambrose's shift yesterday is recorded,
his mileage claimed, approved and paid once his bank details are on file, and his licence rechecked. Mr Ivor
Colquhoun's Friday cafe shift is cancelled and he leaves. Mr Gideon Tarrant is back from his operation and written
to. The manager approves Mrs Petheridge's claim of last week, which is then paid, and finance pays her approved one.
"""

import almoner_tools as tools

WHO = {"tabitha": ("tabitha.c", "Tea-Trolley-21"), "noor": ("noor.e", "Rota-Board-7"),
       "leontine": ("leontine.m", "Barred-List-34"), "fergus": ("fergus.f", "Induction-Day-5"),
       "morwenna": ("morwenna.p", "Mileage-45p"), "ingrid": ("ingrid.v", "Wendreda-Lamp-9")}
T, NE, L, F, M, IV = ("$tabitha.token", "$noor.token", "$leontine.token", "$fergus.token", "$morwenna.token",
                      "$ingrid.token")
TODAY = "2034-05-09"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def volunteer(text: str, who: str = "tabitha") -> list:
    return [sign_in(who), ("find_volunteer", {"token": f"${who}.token", "text": text})]


FOUND = "$find_volunteer.0.volunteer_id"
MARGERY = "$register_applicant.volunteer_id"

# Mrs Margery Lusted, a volunteer driver
N = [sign_in("tabitha"),
     ("register_applicant", {"token": T, "name": "Mrs Margery Lusted", "email": "margery.lusted@example.com",
                             "phone": "07700 900655", "address": "Fen View, 4 Sluice Lane, Fenmarsh",
                             "postcode": "FM3 2SL"})]
DOB = ("update_volunteer", {"token": T, "volunteer_id": MARGERY, "date_of_birth": "1962-08-30"})
INTERVIEW = [("interview_slots", {"token": T, "date": TODAY}),
             ("book_interview", {"token": T, "volunteer_id": MARGERY, "slot_id": "$interview_slots.0.slot_id"}),
             ("record_interview", {"token": T, "interview_id": "$book_interview.interview_id", "outcome": "suitable",
                                   "notes": "Calm, punctual, knows the fen roads; happy with wheelchairs"})]
REFERENCES = [
    ("request_reference", {"token": T, "volunteer_id": MARGERY, "referee": "Mr Neville Prowse",
                           "referee_email": "neville.prowse@example.org", "relationship": "employer"}),
    ("record_reference", {"token": T, "reference_id": "$request_reference.reference_id", "outcome": "satisfactory",
                          "notes": "Reliable and kind; twelve years at the library"}),
    ("request_reference", {"token": T, "volunteer_id": MARGERY, "referee": "Mrs Dilys Pennifold",
                           "referee_email": "dilys.pennifold@example.net", "relationship": "character"},
     "second_request"),
    ("record_reference", {"token": T, "reference_id": "$second_request.reference_id", "outcome": "satisfactory",
                          "notes": "Has known her twenty years; would trust her with anyone"}, "second_reply")]
VETTING = [sign_in("leontine"),
           ("record_id_check", {"token": L, "volunteer_id": MARGERY,
                                "documents": ["passport", "utility_bill", "bank_statement"]}),
           ("request_dbs", {"token": L, "volunteer_id": MARGERY, "level": "enhanced_barred"}),
           ("record_dbs_result", {"token": L, "dbs_id": "$request_dbs.dbs_id", "certificate_number": "001950338417",
                                  "outcome": "clear", "issued": TODAY})]
LICENCE = ("record_licence_check", {"token": L, "volunteer_id": MARGERY, "licence_number": "LUSTE658302MJ9AB",
                                    "points": 3, "business_insurance": True})
TRAINING = [("training_courses", {}),
            ("training_sessions", {"token": T, "course": "$training_courses.0.code"}, "induction"),
            ("training_sessions", {"token": T, "course": "$training_courses.1.code"}, "safeguarding"),
            ("training_sessions", {"token": T, "course": "$training_courses.2.code"}, "confidentiality"),
            ("book_training", {"token": T, "volunteer_id": MARGERY, "session_id": "$induction.0.session_id"}),
            ("book_training", {"token": T, "volunteer_id": MARGERY, "session_id": "$safeguarding.0.session_id"},
             "second_booking"),
            ("book_training", {"token": T, "volunteer_id": MARGERY, "session_id": "$confidentiality.0.session_id"},
             "third_booking"),
            sign_in("fergus"),
            ("record_training_attendance", {"token": F, "session_id": "$induction.0.session_id",
                                            "volunteer_id": MARGERY, "attended": True}),
            ("record_training_attendance", {"token": F, "session_id": "$safeguarding.0.session_id",
                                            "volunteer_id": MARGERY, "attended": True}, "second_attendance"),
            ("record_training_attendance", {"token": F, "session_id": "$confidentiality.0.session_id",
                                            "volunteer_id": MARGERY, "attended": True}, "third_attendance")]
N_DOB = N + [DOB]
N_FILE = N + [("volunteer_file", {"token": T, "volunteer_id": MARGERY})]
N_MESSAGE = N + [("message_volunteer", {"token": T, "volunteer_id": MARGERY, "subject": "Your interview today",
                                        "body": "We look forward to meeting you at half past eleven; please ask "
                                                "for Noor at reception."})]
N_INTERVIEWED = N + INTERVIEW
N_REFERENCES = N + REFERENCES
N_ID = N + VETTING[:2]
N_DBS = N_DOB + VETTING
N_LICENCE = N + [sign_in("leontine"), LICENCE]
N_TRAINED = N + TRAINING
N_PLACED = N_DOB + INTERVIEW + REFERENCES + VETTING + [LICENCE] + TRAINING + [
    ("volunteer_roles", {}),
    ("place_volunteer", {"token": T, "volunteer_id": MARGERY, "role": "$volunteer_roles.3.code",
                         "days": ["mon", "thu"]})]
N_SHIFT = N_PLACED + [("shifts", {"token": T, "role": "$volunteer_roles.3.code"}),
                      ("book_shift", {"token": T, "placement_id": "$place_volunteer.placement_id",
                                      "shift_id": "$shifts.0.shift_id"})]
N_PAUSED = N_PLACED + [("pause_volunteer", {"token": T, "volunteer_id": MARGERY, "until": "2034-06-30",
                                            "reason": "Away with her sister for most of June"})]
N_BANK = N + [sign_in("morwenna"), ("add_bank_details", {"token": M, "volunteer_id": MARGERY,
                                                         "account_name": "Mrs M Lusted", "sort_code": "40-11-62",
                                                         "account_number": "31926819"})]
N_WITHDRAWN = N + [("end_volunteering", {"token": T, "volunteer_id": MARGERY,
                                         "reason": "She has been offered paid work on the days she had free"})]

# the volunteers in the fresh state: VOL-2201 Petheridge (ward host, PL-301), VOL-2202 Ambrose (driver, PL-302,
# shift SB-1101 yesterday, no bank details), VOL-2203 Umeh (applicant: interview suitable, reference RF-802 awaited,
# DBS DB-901 submitted, booked on TS-602 today), VOL-2204 Tarrant (paused), VOL-2205 Pilbeam (interview IV-502 this
# afternoon, no date of birth), VOL-2206 Colquhoun (cafe, PL-304, shift SB-1102 on Friday), VOL-2207 Quennell
# (applicant); claims EX-40 submitted and EX-41 approved (Petheridge)
UMEH_PLACED = volunteer("Umeh") + [
    ("references", {"token": T, "status": "requested"}),
    ("record_reference", {"token": T, "reference_id": "$references.0.reference_id", "outcome": "satisfactory",
                          "notes": "Known her since she joined the choir; honest and patient"}),
    sign_in("leontine"),
    ("dbs_applications", {"token": L, "status": "submitted"}),
    ("record_dbs_result", {"token": L, "dbs_id": "$dbs_applications.0.dbs_id", "certificate_number": "001934772106",
                           "outcome": "clear", "issued": "2034-05-06"}),
    ("training_courses", {}),
    ("training_sessions", {"token": L, "course": "$training_courses.1.code"}),
    sign_in("fergus"),
    ("record_training_attendance", {"token": F, "session_id": "$training_sessions.0.session_id",
                                    "volunteer_id": FOUND, "attended": True}),
    ("volunteer_roles", {}),
    ("place_volunteer", {"token": T, "volunteer_id": FOUND, "role": "$volunteer_roles.1.code", "days": ["wed"]})]
PILBEAM_INTERVIEWED = volunteer("Pilbeam") + [
    ("volunteer_file", {"token": T, "volunteer_id": FOUND}),
    ("record_interview", {"token": T, "interview_id": "$volunteer_file.interviews.0.0", "outcome": "suitable",
                          "notes": "Studying nursing; keen on the day hospice"})]
PILBEAM_DOB = volunteer("Pilbeam") + [("update_volunteer", {"token": T, "volunteer_id": FOUND,
                                                            "date_of_birth": "1997-10-19"})]
QUENNELL_INTERVIEW = volunteer("Quennell") + [
    ("interview_slots", {"token": T, "date": "2034-05-12"}),
    ("book_interview", {"token": T, "volunteer_id": FOUND, "slot_id": "$interview_slots.0.slot_id"})]
QUENNELL_REFEREE = volunteer("Quennell") + [
    ("request_reference", {"token": T, "volunteer_id": FOUND, "referee": "Ms Cordelia Ricketts",
                           "referee_email": "h.ricketts@fenmarsh-college.example.ac.uk", "relationship": "teacher"})]
QUENNELL_DBS = volunteer("Quennell", "leontine") + [
    ("record_id_check", {"token": L, "volunteer_id": FOUND,
                         "documents": ["driving_licence", "bank_statement", "council_tax_statement"]}),
    ("request_dbs", {"token": L, "volunteer_id": FOUND, "level": "basic"})]
QUENNELL_INDUCTION = volunteer("Quennell") + [
    ("training_courses", {}),
    ("training_sessions", {"token": T, "course": "$training_courses.0.code"}),
    ("book_training", {"token": T, "volunteer_id": FOUND, "session_id": "$training_sessions.1.session_id"})]
PETHERIDGE_FILE = volunteer("Petheridge") + [("volunteer_file", {"token": T, "volunteer_id": FOUND})]
PETHERIDGE_THURSDAY = PETHERIDGE_FILE + [
    ("volunteer_roles", {}),
    ("shifts", {"token": T, "role": "$volunteer_roles.0.code", "date": "2034-05-11"}),
    ("book_shift", {"token": T, "placement_id": "$volunteer_file.placements.0.0", "shift_id": "$shifts.0.shift_id"})]
PETHERIDGE_TODAY = PETHERIDGE_FILE + [
    ("volunteer_roles", {}),
    ("shifts", {"token": T, "role": "$volunteer_roles.0.code", "date": TODAY}),
    ("book_shift", {"token": T, "placement_id": "$volunteer_file.placements.0.0", "shift_id": "$shifts.0.shift_id"})]
PETHERIDGE_WORKED = PETHERIDGE_TODAY + [("record_attendance", {"token": T, "booking_id": "$book_shift.booking_id",
                                                               "hours": 3.0})]
PETHERIDGE_CLAIM = PETHERIDGE_WORKED + [("claim_expenses", {"token": T, "booking_id": "$book_shift.booking_id",
                                                            "miles": 12.0})]
PETHERIDGE_CANCELLED = PETHERIDGE_THURSDAY + [("cancel_shift", {"token": T, "booking_id": "$book_shift.booking_id",
                                                                "reason": "Her grandson's sports day"})]
PETHERIDGE_PAUSED = volunteer("Petheridge") + [
    ("pause_volunteer", {"token": T, "volunteer_id": FOUND, "until": "2034-05-31",
                         "reason": "Cataract operation on the 15th"})]
PETHERIDGE_BACK = PETHERIDGE_PAUSED + [("resume_volunteer", {"token": T, "volunteer_id": FOUND})]
AMBROSE_WORKED = [sign_in("noor"), ("rota", {"token": NE, "date": "2034-05-08"}),
                  ("record_attendance", {"token": NE, "booking_id": "$rota.bookings.0.0", "hours": 4.0})]
AMBROSE_CLAIM = AMBROSE_WORKED + [("claim_expenses", {"token": NE, "booking_id": "$rota.bookings.0.0", "miles": 46.0,
                                                      "parking": 3.2,
                                                      "notes": "Two patients from Sedgeby; hospital car park"})]
AMBROSE_APPROVED = AMBROSE_CLAIM + [sign_in("ingrid"),
                                    ("approve_claim", {"token": IV, "claim_id": "$claim_expenses.claim_id"})]
AMBROSE_BANK = volunteer("Ambrose", "morwenna") + [
    ("add_bank_details", {"token": M, "volunteer_id": FOUND, "account_name": "Mr D Ambrose", "sort_code": "30-92-15",
                          "account_number": "48816203"})]
AMBROSE_PAID = AMBROSE_APPROVED + AMBROSE_BANK + [("pay_claim", {"token": M, "claim_id": "$claim_expenses.claim_id"})]
AMBROSE_LICENCE = volunteer("Ambrose", "leontine") + [
    ("record_licence_check", {"token": L, "volunteer_id": FOUND, "licence_number": "AMBRO511021D99XY", "points": 3,
                              "business_insurance": True})]
COLQUHOUN_CANCELLED = [sign_in("tabitha"), ("rota", {"token": T, "date": "2034-05-12"}),
                       ("cancel_shift", {"token": T, "booking_id": "$rota.bookings.0.0",
                                         "reason": "Stepping down from the cafe"})]
COLQUHOUN_LEFT = volunteer("Colquhoun") + COLQUHOUN_CANCELLED[1:] + [
    ("end_volunteering", {"token": T, "volunteer_id": FOUND, "reason": "Retiring from the cafe after four years"})]
TARRANT_BACK = volunteer("Tarrant") + [("resume_volunteer", {"token": T, "volunteer_id": FOUND})]
TARRANT_MESSAGE = volunteer("Tarrant") + [
    ("message_volunteer", {"token": T, "volunteer_id": FOUND, "subject": "Welcome back",
                           "body": "Glad the hip is mended; the Market Place shop has you down for Saturday."})]
CLAIM_APPROVED = [sign_in("ingrid"), ("expense_claims", {"token": IV, "status": "submitted"}),
                  ("approve_claim", {"token": IV, "claim_id": "$expense_claims.0.claim_id"})]
CLAIM_APPROVED_PAID = CLAIM_APPROVED + [("pay_claim", {"token": IV, "claim_id": "$expense_claims.0.claim_id"})]
CLAIM_PAID = [sign_in("morwenna"), ("expense_claims", {"token": M, "status": "approved"}),
              ("pay_claim", {"token": M, "claim_id": "$expense_claims.0.claim_id"})]

_BODY = [
    # volunteers
    ("register_applicant", "update_volunteer", N_DOB),
    ("find_volunteer", "update_volunteer", PILBEAM_DOB),
    ("register_applicant", "volunteer_file", N_FILE),
    ("find_volunteer", "volunteer_file", PETHERIDGE_FILE),
    ("register_applicant", "message_volunteer", N_MESSAGE),
    ("find_volunteer", "message_volunteer", TARRANT_MESSAGE),
    # interviews and references
    ("register_applicant", "book_interview", cut(N_INTERVIEWED, "book_interview")),
    ("find_volunteer", "book_interview", QUENNELL_INTERVIEW),
    ("interview_slots", "book_interview", QUENNELL_INTERVIEW),
    ("book_interview", "record_interview", N_INTERVIEWED),
    ("volunteer_file", "record_interview", PILBEAM_INTERVIEWED),
    ("register_applicant", "request_reference", cut(N_REFERENCES, "request_reference")),
    ("find_volunteer", "request_reference", QUENNELL_REFEREE),
    ("request_reference", "record_reference", N_REFERENCES),
    ("references", "record_reference", cut(UMEH_PLACED, "record_reference")),
    # identity and DBS
    ("register_applicant", "record_id_check", N_ID),
    ("find_volunteer", "record_id_check", cut(QUENNELL_DBS, "record_id_check")),
    ("register_applicant", "request_dbs", cut(N_DBS, "request_dbs")),
    ("find_volunteer", "request_dbs", QUENNELL_DBS),
    ("record_id_check", "request_dbs", cut(N_DBS, "request_dbs")),
    ("update_volunteer", "request_dbs", cut(N_DBS, "request_dbs")),
    ("request_dbs", "record_dbs_result", N_DBS),
    ("dbs_applications", "record_dbs_result", cut(UMEH_PLACED, "record_dbs_result")),
    ("register_applicant", "record_licence_check", N_LICENCE),
    ("find_volunteer", "record_licence_check", AMBROSE_LICENCE),
    # training
    ("training_courses", "training_sessions", cut(QUENNELL_INDUCTION, "training_sessions")),
    ("register_applicant", "book_training", cut(N_TRAINED, "book_training")),
    ("find_volunteer", "book_training", QUENNELL_INDUCTION),
    ("training_sessions", "book_training", QUENNELL_INDUCTION),
    ("register_applicant", "record_training_attendance", N_TRAINED),
    ("find_volunteer", "record_training_attendance", cut(UMEH_PLACED, "record_training_attendance")),
    ("training_sessions", "record_training_attendance", cut(UMEH_PLACED, "record_training_attendance")),
    ("book_training", "record_training_attendance", N_TRAINED),
    # placements
    ("register_applicant", "place_volunteer", N_PLACED),
    ("find_volunteer", "place_volunteer", UMEH_PLACED),
    ("volunteer_roles", "place_volunteer", UMEH_PLACED),
    ("record_interview", "place_volunteer", N_PLACED),
    ("record_reference", "place_volunteer", UMEH_PLACED),
    ("record_dbs_result", "place_volunteer", UMEH_PLACED),
    ("record_licence_check", "place_volunteer", N_PLACED),
    ("record_training_attendance", "place_volunteer", UMEH_PLACED),
    # shifts
    ("volunteer_roles", "shifts", cut(PETHERIDGE_THURSDAY, "shifts")),
    ("place_volunteer", "book_shift", N_SHIFT),
    ("volunteer_file", "book_shift", PETHERIDGE_THURSDAY),
    ("shifts", "book_shift", PETHERIDGE_THURSDAY),
    ("book_shift", "cancel_shift", PETHERIDGE_CANCELLED),
    ("rota", "cancel_shift", COLQUHOUN_CANCELLED),
    ("book_shift", "record_attendance", PETHERIDGE_WORKED),
    ("rota", "record_attendance", AMBROSE_WORKED),
    # expenses and bank details
    ("book_shift", "claim_expenses", PETHERIDGE_CLAIM),
    ("rota", "claim_expenses", AMBROSE_CLAIM),
    ("record_attendance", "claim_expenses", AMBROSE_CLAIM),
    ("claim_expenses", "approve_claim", AMBROSE_APPROVED),
    ("expense_claims", "approve_claim", CLAIM_APPROVED),
    ("register_applicant", "add_bank_details", N_BANK),
    ("find_volunteer", "add_bank_details", AMBROSE_BANK),
    ("claim_expenses", "pay_claim", AMBROSE_PAID),
    ("expense_claims", "pay_claim", CLAIM_PAID),
    ("approve_claim", "pay_claim", CLAIM_APPROVED_PAID),
    ("add_bank_details", "pay_claim", AMBROSE_PAID),
    # pauses and leavers
    ("register_applicant", "pause_volunteer", N_PAUSED),
    ("find_volunteer", "pause_volunteer", PETHERIDGE_PAUSED),
    ("place_volunteer", "pause_volunteer", N_PAUSED),
    ("find_volunteer", "resume_volunteer", TARRANT_BACK),
    ("pause_volunteer", "resume_volunteer", PETHERIDGE_BACK),
    ("register_applicant", "end_volunteering", N_WITHDRAWN),
    ("find_volunteer", "end_volunteering", COLQUHOUN_LEFT),
    ("cancel_shift", "end_volunteering", COLQUHOUN_LEFT),
]

_OWN = {"sign_out": [sign_in("ingrid"), ("sign_out", {"token": "$ingrid.token"})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the training courses are read before Miss Pilbeam's interview is recorded
    ("training_courses", PILBEAM_INTERVIEWED[:3] + [("training_courses", {}), PILBEAM_INTERVIEWED[-1]]),
    # the free interview slots are read before Mr Ambrose's shift is recorded
    ("interview_slots", AMBROSE_WORKED[:2] + [("interview_slots", {"token": NE}), AMBROSE_WORKED[-1]]),
    # the DBS applications are read before Mrs Petheridge's claim is approved
    ("dbs_applications", CLAIM_APPROVED[:2] + [("dbs_applications", {"token": IV}), CLAIM_APPROVED[-1]]),
    # the volunteer roles are read before Mr Tarrant comes back
    ("volunteer_roles", TARRANT_BACK[:2] + [("volunteer_roles", {}), TARRANT_BACK[-1]]),
    # the free interview slots are read before Mr Tarrant is written to
    ("interview_slots", TARRANT_MESSAGE[:2] + [("interview_slots", {"token": T}), TARRANT_MESSAGE[-1]]),
    # the gardens' shifts are read before Mr Quennell is booked onto the induction
    ("shifts", QUENNELL_INDUCTION[:4] + [("volunteer_roles", {}),
                                         ("shifts", {"token": T, "role": "$volunteer_roles.8.code"}),
                                         QUENNELL_INDUCTION[-1]]),
    # the training courses are read before Mr Quennell's identity documents are recorded
    ("training_courses", volunteer("Quennell") + [("training_courses", {}),
                                                  ("record_id_check", {"token": T, "volunteer_id": FOUND,
                                                                       "documents": ["passport", "p60",
                                                                                     "utility_bill"]})]),
    # Mrs Petheridge is written to before she is paused
    ("message_volunteer", PETHERIDGE_PAUSED[:2] + [
        ("message_volunteer", {"token": T, "volunteer_id": FOUND, "subject": "Your operation",
                               "body": "Wishing you well for the 15th; we have taken you off the rota."}),
        PETHERIDGE_PAUSED[-1]]),
]
