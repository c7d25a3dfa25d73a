"""Scripted proofs that Fartlek's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records the built-in exceptions the tools raise as
errors; the replies are ``TypedDict`` records, plain dicts at run time, so the plain oracle runs the tools as well).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "mel")``) and pass ``"$mel.token"``; replies are read by field (``"$register_runner.runner_id"``,
``"$enter_race.entry_id"``, ``"$register_volunteer.volunteer_id"``, ``"$log_casualty.casualty_id"``), a bare value
whole (``"$allocate_bib"``, a bib number) or by position (``"$chip_stock.0"``, a chip code), list entries by position
and field (``"$find_runner.0.runner_id"``, ``"$entries.1.entry_id"``, ``"$entries.0.bib"``, ``"$races.2.code"``,
``"$waves.0.code"``, ``"$find_volunteer.0.volunteer_id"``, ``"$casualties.0.casualty_id"``) and rows of lists by
position (``"$marshal_points.points.0.0"``, a point code). The positions follow the fresh state's order of records by
id (filtered as each call asks) and of ``RACES`` and ``WAVES``. Every id, race code, wave code, bib number, chip code
and point code is read from a reply; none is written literally (names, sexes, dates of birth, e-mail addresses, phone
numbers, clubs, emergency contacts, conditions and medication, predicted and finishing times, fees, payment methods,
rule words, locations, severities, outcomes, notes, subjects, bodies and reasons are written as the staff are told
them). A step saved under a name of its own is a second call of a tool on one path.

The day: Ms Jess Arkwright registers on the day; Mel enters her in the 5K, takes her fee in cash, puts her in the mass
start, allocates her bib, records her asthma and hands her pack over; Raj links a timing chip to her bib; Gwen puts
Rachel Imrie on the unstaffed lakeside turn, Ann starts the 5K, and Raj records Jess's finish, which Ann disqualifies
for headphones and reinstates on appeal; on other paths Jess's phone changes, she is e-mailed, her record is read, her
entry is read, withdrawn, switched to the 10K, deferred, or transferred to Beth Carver, Declan Roe's half marathon place
goes to her, she does not finish or is treated on the course. Mr Idris Bello registers as a volunteer, is briefed and
takes the lakeside turn, or is taken off it again; Stan Pollitt is briefed; Lou Garside comes off the half marathon's
Church Lane crossing. Tom Whitlock pays his half marathon fee, his e-mail changes, he is e-mailed, or his unpaid entry
switches to the 10K; Declan Roe's place is transferred to his brother Conor; Orla Keane is put in the 10K's first wave
and given her bib, declares her injury, or defers; Beth Carver withdraws her unpaid 10K entry; Priya Natarajan
collects her pack and her record is read; Hannah Lowe enters tomorrow's 10K, finishes the 5K, is disqualified and
reinstated; Sunil Gupta's bib gets a chip, he does not finish, or he is treated on the course and taken to hospital;
the first entry is read; the 5K's results are read.
"""

import fartlek_tools as tools

WHO = {"mel": ("mel.h", "Bib-Table-12"), "joss": ("joss.p", "Safety-Pins-4"), "raj": ("raj.s", "Split-Mat-88"),
       "gwen": ("gwen.a", "Hi-Vis-Tabard"), "nia": ("nia.o", "Foil-Blanket-6"), "ann": ("ann.w", "Starting-Hooter-1")}
M, R, G, NI, A = "$mel.token", "$raj.token", "$gwen.token", "$nia.token", "$ann.token"
HALF, TEN, FIVE = "$races.0.code", "$races.1.code", "$races.2.code"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(text: str, who: str = "mel") -> list:
    return [sign_in(who), ("find_runner", {"token": f"${who}.token", "text": text})]


FOUND = "$find_runner.0.runner_id"
JESS = "$register_runner.runner_id"
JE = "$enter_race.entry_id"
BIB = "$allocate_bib"

# Ms Jess Arkwright, a new runner entering the 5K on the day
J = [sign_in("mel"),
     ("register_runner", {"token": M, "name": "Ms Jess Arkwright", "sex": "F", "date_of_birth": "1996-08-22",
                          "email": "jess.arkwright@example.com", "phone": "07700 941140",
                          "emergency_contact": "Dan Arkwright, 07700 941141", "club": "Harbury Harriers"})]
MED_STEP = ("record_medical", {"token": M, "runner_id": JESS, "conditions": ["asthma"],
                               "medication": "Salbutamol inhaler"})
J_UPDATE = J + [("update_runner", {"token": M, "runner_id": JESS, "phone": "07700 941149"})]
J_RECORD = J + [("runner_record", {"token": M, "runner_id": JESS})]
J_MAIL = J + [("email_runner", {"token": M, "runner_id": JESS, "subject": "Your 5K entry",
                                "body": "Thanks for entering on the day; the start is by the bandstand at ten."})]
J_MED = J + [MED_STEP]
J_ENTER = J + [("races", {}), ("enter_race", {"token": M, "runner_id": JESS, "race_code": FIVE,
                                              "predicted_time": "24:30"})]
J_DETAIL = J_ENTER + [("entry_detail", {"token": M, "entry_id": JE})]
J_WITHDRAW = J_ENTER + [("withdraw_entry", {"token": M, "entry_id": JE, "reason": "Entered the wrong race"})]
J_SWITCH = J_ENTER + [("switch_race", {"token": M, "entry_id": JE, "race_code": TEN})]
J_PAY = J_ENTER + [("take_payment", {"token": M, "entry_id": JE, "amount": 12.0, "method": "cash"})]
J_DEFER = J_PAY + [("defer_entry", {"token": M, "entry_id": JE})]
J_TRANSFER = J_PAY + [("find_runner", {"token": M, "text": "Carver"}),
                      ("transfer_entry", {"token": M, "entry_id": JE, "to_runner_id": FOUND})]
J_WAVE = J_PAY + [("waves", {"race_code": FIVE}), ("assign_wave", {"token": M, "entry_id": JE,
                                                                   "wave_code": "$waves.0.code"})]
J_BIB = J_WAVE + [("allocate_bib", {"token": M, "entry_id": JE})]
J_PACK = J_BIB + [MED_STEP, ("collect_pack", {"token": M, "entry_id": JE})]
CHIP_STEPS = [sign_in("raj"), ("chip_stock", {"token": R}), ("link_chip", {"token": R, "bib": BIB,
                                                                           "chip_code": "$chip_stock.0"})]
J_CHIP = J_BIB + CHIP_STEPS
LAKESIDE_STEPS = [sign_in("gwen"), ("find_volunteer", {"token": G, "text": "Imrie"}),
                  ("marshal_points", {"token": G, "race_code": FIVE, "unstaffed_only": True}),
                  ("assign_marshal", {"token": G, "volunteer_id": "$find_volunteer.0.volunteer_id",
                                      "point_code": "$marshal_points.points.0.0"})]
START_STEPS = LAKESIDE_STEPS + [sign_in("ann"), ("start_race", {"token": A, "race_code": FIVE})]
J_FINISH = J_PACK + CHIP_STEPS + START_STEPS + [("record_finish", {"token": R, "bib": BIB, "finish_time": "24:41"})]
J_DQ = J_FINISH + [("disqualify", {"token": A, "entry_id": JE, "rule": "headphones",
                                   "notes": "Wearing headphones at the lakeside turn; the marshal took her number"})]
J_REINSTATE = J_DQ + [("reinstate_result", {"token": A, "entry_id": JE})]
J_DNF = J_BIB + START_STEPS + [sign_in("raj"), ("record_dnf", {"token": R, "bib": BIB,
                                                               "reason": "Stopped with an asthma attack"})]
J_CASUALTY = J_BIB + START_STEPS + [sign_in("nia"), ("log_casualty", {
    "token": NI, "bib": BIB, "location": "Lakeside turn", "severity": "moderate",
    "notes": "Asthma attack; inhaler given, breathing eased"})]
J_TAKES_DECLAN = J + [("races", {}), ("entries", {"token": M, "race_code": HALF}),
                      ("transfer_entry", {"token": M, "entry_id": "$entries.2.entry_id", "to_runner_id": JESS})]

# the 5K gets under way (the lakeside turn staffed by Rachel Imrie, or by Mr Idris Bello)
START5K = [("races", {})] + START_STEPS
IDRIS = [sign_in("gwen"),
         ("register_volunteer", {"token": G, "name": "Mr Idris Bello", "phone": "07700 942540",
                                 "email": "idris.bello@example.net"}),
         ("record_briefing", {"token": G, "volunteer_id": "$register_volunteer.volunteer_id"}),
         ("races", {}), ("marshal_points", {"token": G, "race_code": FIVE, "unstaffed_only": True}),
         ("assign_marshal", {"token": G, "volunteer_id": "$register_volunteer.volunteer_id",
                             "point_code": "$marshal_points.points.0.0"})]
IDRIS_OFF = IDRIS + [("unassign_marshal", {"token": G, "point_code": "$marshal_points.points.0.0"})]
STAN = [sign_in("gwen"), ("find_volunteer", {"token": G, "text": "Pollitt"}),
        ("record_briefing", {"token": G, "volunteer_id": "$find_volunteer.0.volunteer_id"})]
LOU_OFF = [sign_in("gwen"), ("races", {}), ("marshal_points", {"token": G, "race_code": HALF}),
           ("unassign_marshal", {"token": G, "point_code": "$marshal_points.points.0.0"})]

# the 5K's entries in the fresh state: 0 EN-6104 Sunil Gupta (bib 3001, no chip), 1 EN-6106 Hannah Lowe (bib 3002)
HANNAH = START5K + [sign_in("raj"), ("entries", {"token": R, "race_code": FIVE}),
                    ("record_finish", {"token": R, "bib": "$entries.1.bib", "finish_time": "22:05"})]
HANNAH_DQ = HANNAH + [("disqualify", {"token": A, "entry_id": "$entries.1.entry_id", "rule": "headphones",
                                      "notes": "Headphones on from the park gates to the finish"})]
HANNAH_REINSTATE = HANNAH_DQ + [("reinstate_result", {"token": A, "entry_id": "$entries.1.entry_id"})]
RESULTS = HANNAH + [("results", {"token": R, "race_code": FIVE})]
SUNIL_CHIP = [sign_in("raj"), ("races", {}), ("entries", {"token": R, "race_code": FIVE}),
              ("chip_stock", {"token": R}),
              ("link_chip", {"token": R, "bib": "$entries.0.bib", "chip_code": "$chip_stock.0"})]
SUNIL_DNF = START5K + [sign_in("raj"), ("entries", {"token": R, "race_code": FIVE}),
                       ("record_dnf", {"token": R, "bib": "$entries.0.bib",
                                       "reason": "Stopped at the lakeside turn"})]
SUNIL_CASUALTY = START5K + [
    sign_in("nia"), ("entries", {"token": NI, "race_code": FIVE}),
    ("log_casualty", {"token": NI, "bib": "$entries.0.bib", "location": "Lakeside turn", "severity": "serious",
                      "notes": "Chest pains; heart condition declared; ambulance called"}),
    ("discharge_casualty", {"token": NI, "casualty_id": "$log_casualty.casualty_id", "outcome": "hospital"})]
SUNIL_OPEN = cut(SUNIL_CASUALTY, "log_casualty") + [
    ("casualties", {"token": NI, "open_only": True}),
    ("discharge_casualty", {"token": NI, "casualty_id": "$casualties.0.casualty_id", "outcome": "hospital"})]

# the other regulars (unpaid entries: 0 EN-6102 Tom Whitlock, 1 EN-6108 Beth Carver; the half marathon's: 0 EN-6101
# Priya Natarajan, 1 EN-6102 Tom Whitlock, 2 EN-6107 Declan Roe; the 10K's: 0 EN-6103 Orla Keane, 1 EN-6108)
TOM_PAY = [sign_in("mel"), ("entries", {"token": M, "status": "unpaid"}),
           ("take_payment", {"token": M, "entry_id": "$entries.0.entry_id", "amount": 32.0, "method": "card"})]
TOM_SWITCH = [sign_in("mel"), ("races", {}), ("entries", {"token": M, "status": "unpaid"}),
              ("switch_race", {"token": M, "entry_id": "$entries.0.entry_id", "race_code": TEN})]
TOM_UPDATE = find("Whitlock") + [("update_runner", {"token": M, "runner_id": FOUND,
                                                    "email": "tom.whitlock@example.org"})]
TOM_MAIL = find("Whitlock") + [("email_runner", {"token": M, "runner_id": FOUND, "subject": "Your half marathon fee",
                                                 "body": "Your entry is unpaid; the desk is open until six."})]
BETH_WITHDRAW = [sign_in("mel"), ("entries", {"token": M, "status": "unpaid"}),
                 ("withdraw_entry", {"token": M, "entry_id": "$entries.1.entry_id",
                                     "reason": "Decided not to run this year"})]
DECLAN = [sign_in("mel"), ("races", {}), ("entries", {"token": M, "race_code": HALF}),
          ("find_runner", {"token": M, "text": "Conor Roe"}),
          ("transfer_entry", {"token": M, "entry_id": "$entries.2.entry_id", "to_runner_id": FOUND})]
ORLA = [sign_in("mel"), ("races", {}), ("entries", {"token": M, "race_code": TEN})]
ORLA_WAVE = ORLA + [("waves", {"race_code": TEN}),
                    ("assign_wave", {"token": M, "entry_id": "$entries.0.entry_id", "wave_code": "$waves.0.code"})]
ORLA_BIB = ORLA_WAVE + [("allocate_bib", {"token": M, "entry_id": "$entries.0.entry_id"})]
ORLA_DEFER = ORLA + [("defer_entry", {"token": M, "entry_id": "$entries.0.entry_id"})]
ORLA_MED = find("Keane") + [("record_medical", {"token": M, "runner_id": FOUND, "conditions": ["recent_injury"],
                                                "medication": "Ibuprofen"})]
PRIYA_PACK = [sign_in("mel"), ("races", {}), ("entries", {"token": M, "race_code": HALF}),
              ("collect_pack", {"token": M, "entry_id": "$entries.0.entry_id"})]
PRIYA_RECORD = find("Natarajan") + [("runner_record", {"token": M, "runner_id": FOUND})]
HANNAH_10K = find("Lowe") + [("races", {}), ("enter_race", {"token": M, "runner_id": FOUND, "race_code": TEN,
                                                            "predicted_time": "48:00"})]
FIRST_ENTRY = [sign_in("mel"), ("entries", {"token": M}), ("entry_detail", {"token": M,
                                                                            "entry_id": "$entries.0.entry_id"})]

_BODY = [
    # runners
    ("register_runner", "update_runner", J_UPDATE),
    ("find_runner", "update_runner", TOM_UPDATE),
    ("register_runner", "runner_record", J_RECORD),
    ("find_runner", "runner_record", PRIYA_RECORD),
    ("register_runner", "email_runner", J_MAIL),
    ("find_runner", "email_runner", TOM_MAIL),
    ("register_runner", "record_medical", J_MED),
    ("find_runner", "record_medical", ORLA_MED),
    ("register_runner", "enter_race", J_ENTER),
    ("find_runner", "enter_race", HANNAH_10K),
    ("register_runner", "transfer_entry", J_TAKES_DECLAN),
    ("find_runner", "transfer_entry", DECLAN),
    # races and waves
    ("races", "waves", cut(J_WAVE, "waves")),
    ("races", "enter_race", HANNAH_10K),
    ("races", "switch_race", TOM_SWITCH),
    ("races", "marshal_points", cut(IDRIS, "marshal_points")),
    ("races", "start_race", START5K),
    ("races", "results", RESULTS),
    ("waves", "assign_wave", ORLA_WAVE),
    # entries
    ("enter_race", "entry_detail", J_DETAIL),
    ("entries", "entry_detail", FIRST_ENTRY),
    ("enter_race", "take_payment", J_PAY),
    ("entries", "take_payment", TOM_PAY),
    ("enter_race", "assign_wave", J_WAVE),
    ("entries", "assign_wave", ORLA_WAVE),
    ("take_payment", "assign_wave", J_WAVE),
    ("enter_race", "allocate_bib", J_BIB),
    ("entries", "allocate_bib", ORLA_BIB),
    ("assign_wave", "allocate_bib", J_BIB),
    ("take_payment", "allocate_bib", J_BIB),
    ("enter_race", "collect_pack", J_PACK),
    ("entries", "collect_pack", PRIYA_PACK),
    ("allocate_bib", "collect_pack", J_PACK),
    ("record_medical", "collect_pack", J_PACK),
    ("enter_race", "transfer_entry", J_TRANSFER),
    ("entries", "transfer_entry", DECLAN),
    ("take_payment", "transfer_entry", J_TRANSFER),
    ("enter_race", "defer_entry", J_DEFER),
    ("entries", "defer_entry", ORLA_DEFER),
    ("take_payment", "defer_entry", J_DEFER),
    ("enter_race", "withdraw_entry", J_WITHDRAW),
    ("entries", "withdraw_entry", BETH_WITHDRAW),
    ("enter_race", "switch_race", J_SWITCH),
    ("entries", "switch_race", TOM_SWITCH),
    # timing
    ("chip_stock", "link_chip", SUNIL_CHIP),
    ("allocate_bib", "link_chip", J_CHIP),
    ("entries", "link_chip", SUNIL_CHIP),
    ("allocate_bib", "record_finish", J_FINISH),
    ("entries", "record_finish", HANNAH),
    ("start_race", "record_finish", J_FINISH),
    ("link_chip", "record_finish", J_FINISH),
    ("collect_pack", "record_finish", J_FINISH),
    ("allocate_bib", "record_dnf", J_DNF),
    ("entries", "record_dnf", SUNIL_DNF),
    ("start_race", "record_dnf", SUNIL_DNF),
    ("enter_race", "disqualify", J_DQ),
    ("entries", "disqualify", HANNAH_DQ),
    ("record_finish", "disqualify", HANNAH_DQ),
    ("enter_race", "reinstate_result", J_REINSTATE),
    ("entries", "reinstate_result", HANNAH_REINSTATE),
    ("disqualify", "reinstate_result", HANNAH_REINSTATE),
    # volunteers and marshals
    ("register_volunteer", "record_briefing", cut(IDRIS, "record_briefing")),
    ("find_volunteer", "record_briefing", STAN),
    ("register_volunteer", "assign_marshal", IDRIS),
    ("find_volunteer", "assign_marshal", START5K[:5]),
    ("marshal_points", "assign_marshal", IDRIS),
    ("record_briefing", "assign_marshal", IDRIS),
    ("assign_marshal", "start_race", START5K),
    ("marshal_points", "unassign_marshal", LOU_OFF),
    ("assign_marshal", "unassign_marshal", IDRIS_OFF),
    # medical
    ("allocate_bib", "log_casualty", J_CASUALTY),
    ("entries", "log_casualty", cut(SUNIL_CASUALTY, "log_casualty")),
    ("start_race", "log_casualty", J_CASUALTY),
    ("log_casualty", "discharge_casualty", SUNIL_CASUALTY),
    ("casualties", "discharge_casualty", SUNIL_OPEN),
]

_OWN = {"sign_out": [sign_in("joss"), ("sign_out", {"token": "$joss.token"})]}


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
    # the races are read before Tom Whitlock is e-mailed
    ("races", find("Whitlock") + [("races", {}), TOM_MAIL[-1]]),
    # the volunteers are searched before Tom Whitlock's fee is taken
    ("find_volunteer", TOM_PAY[:2] + [("find_volunteer", {"token": M, "text": "Imrie"}), TOM_PAY[-1]]),
    # the half marathon's marshal points are read before Orla Keane's medical declaration is recorded
    ("marshal_points", find("Keane") + [("races", {}), ("marshal_points", {"token": M, "race_code": HALF}),
                                        ORLA_MED[-1]]),
    # the half marathon's results are read before Priya Natarajan's race pack is handed over
    ("results", PRIYA_PACK[:3] + [("results", {"token": M, "race_code": HALF}), PRIYA_PACK[-1]]),
    # runners are searched before a chip is linked to Sunil Gupta's bib
    ("find_runner", SUNIL_CHIP[:4] + [("find_runner", {"token": R, "text": "Gupta"}), SUNIL_CHIP[-1]]),
    # the races are read before Stan Pollitt's briefing is recorded
    ("races", STAN[:2] + [("races", {}), STAN[-1]]),
    # the chips in stock are read before Sunil Gupta is recorded as not finishing
    ("chip_stock", SUNIL_DNF[:-1] + [("chip_stock", {"token": R}), SUNIL_DNF[-1]]),
]
