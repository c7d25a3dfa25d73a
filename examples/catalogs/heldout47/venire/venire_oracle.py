"""Scripted proofs that Venire's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime, with the module's ``FAILURE``: a refusal is a reply whose ``resp`` is not 0; the raw
replies are pydantic models, which the runtime converts to JSON, so the proofs run through the runtime alone).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign on by first name (``("sign_on",
{...}, "ysolde")``) and pass ``"$ysolde.token"``; replies are read by field (``"$create_pool.pool_id"``,
``"$select_panel.panel_id"``, ``"$request_deferral.deferral_id"``, ``"$request_excusal.excusal_id"``,
``"$submit_claim.claim_id"``), list entries by position and field (``"$find_juror.0.juror_number"``,
``"$pools.0.pool_id"``, ``"$trials.0.trial_id"``, ``"$deferrals.0.deferral_id"``, ``"$excusals.0.excusal_id"``,
``"$claims.0.claim_id"``), rows by row and column (``"$pool_members.rows.12.0"``, ``"$select_panel.members.0.0"``,
``"$allowance_rates.rows.4.0"``). The positions follow the fresh state's order (records by id, rows by juror number,
each list filtered as the call asks). Every id and allowance code is read from a reply; none is written literally
(names, surnames, addresses, phone numbers, dates, courtrooms, answers, reasons, references, employers, amounts,
miles and bank details are written as the staff are told them).

The day: Euphemia Tresidder's reply is recorded, she is checked, confirmed and sent her confirmation; Aurelio Mancini is
checked, confirmed and checked in; Winifred Oyebanji checks in, her half day is recorded and she is released;
Araminta Gorringe defers to 28 October and Thaddeus Prowse to a new pool on 2 December; Peregrine Wakelin's
deferral is refused; Cosmo Quennevais is excused on his GP's letter and Drusilla Mewburn on her care letter; Jethro
Scholes is reminded; three more jurors are summoned for 28 October; a jury is asked for in R v Haskins and a panel
drawn; R v Ferrand's panel is drawn, Valentine Yeardley stood down and twelve sworn; R v Dunmore is concluded and its
jurors released; Friday's attendance is recorded and claims entered, approved and paid.
"""

import venire_tools as tools

WHO = {"ysolde": ("ysolde.s", "Summons-Oak-47"), "barnaby": ("barnaby.d", "Ballot-Card-12"),
       "mercy": ("mercy.o", "Oath-Card-58"), "gideon": ("gideon.v", "Mileage-Rate-31"),
       "lavinia": ("lavinia.c", "Jury-Room-96")}
OT, BT, MT, GT = "$ysolde.token", "$barnaby.token", "$mercy.token", "$gideon.token"
TODAY, LAST_MON, LAST_TUE, LAST_THU, LAST_FRI = "2047-10-14", "2047-10-07", "2047-10-08", "2047-10-10", "2047-10-11"
NEXT_MON, MON_28, DEC_2 = "2047-10-21", "2047-10-28", "2047-12-02"


def sign_on(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_on", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def by_name(token: str, surname: str) -> tuple:
    """The juror found by surname: the steps and the reference to their number."""
    return [("find_juror", {"token": token, "surname": surname})], "$find_juror.0.juror_number"


def by_pool(token: str, court_date: str, row: int) -> tuple:
    """The juror read from their pool's members: the steps and the reference to their number."""
    return ([("pools", {"token": token, "date": court_date}, "their_pool"),
             ("pool_members", {"token": token, "pool_id": "$their_pool.0.pool_id"})],
            f"$pool_members.rows.{row}.0")


LOOKUPS = {"find_juror": by_name, "pool_members": by_pool}
# surname, court date of the pool and row in it, for each juror the proofs look up
JURORS = {"euphemia": ("Tresidder", NEXT_MON, 0), "cosmo": ("Quennevais", NEXT_MON, 1),
          "araminta": ("Gorringe", NEXT_MON, 2), "jethro": ("Scholes", NEXT_MON, 3),
          "aurelio": ("Mancini", TODAY, 0), "winifred": ("Oyebanji", TODAY, 1), "thaddeus": ("Prowse", TODAY, 2),
          "marmaduke": ("Thwaites", LAST_MON, 12), "quentin": ("Lathbury", LAST_MON, 16),
          "solveig": ("Underhay", LAST_MON, 18), "tancred": ("Hollinshead", LAST_MON, 19),
          "valentine": ("Yeardley", LAST_MON, 21), "alastair": ("Penberthy", LAST_MON, 0)}


def juror(via: str, token: str, who: str) -> tuple:
    surname, court_date, row = JURORS[who]
    return LOOKUPS[via](token, surname) if via == "find_juror" else LOOKUPS[via](token, court_date, row)


# ---- the bureau: replies, checks, confirmations, letters


def euphemia_reply(via: str) -> list:
    look, jn = juror(via, OT, "euphemia")
    return [sign_on("ysolde"), *look,
            ("record_reply", {"token": OT, "juror_number": jn, "date_of_birth": "1983-06-14",
                              "resident_five_years": True, "on_bail": False, "convicted": False,
                              "detained_mental_health": False}),
            ("police_check", {"token": OT, "juror_number": jn}),
            ("confirm_service", {"token": OT, "juror_number": jn}),
            ("send_letter", {"token": OT, "juror_number": jn, "letter": "confirmation",
                             "note": "Please bring this letter and photo identification on your first day."})]


def euphemia_contact(via: str) -> list:
    look, jn = juror(via, OT, "euphemia")
    return [sign_on("ysolde"), *look, ("juror_record", {"token": OT, "juror_number": jn}),
            ("update_contact", {"token": OT, "juror_number": jn, "phone": "07700 900861"})]


def aurelio(via: str) -> list:
    look, jn = juror(via, OT, "aurelio")
    return [sign_on("ysolde"), *look, ("police_check", {"token": OT, "juror_number": jn}),
            ("confirm_service", {"token": OT, "juror_number": jn}), sign_on("mercy"),
            ("check_in", {"token": MT, "juror_number": jn})]


def araminta(via: str) -> list:
    look, jn = juror(via, OT, "araminta")
    return [sign_on("ysolde"), *look,
            ("request_deferral", {"token": OT, "juror_number": jn, "reason": "An operation on 16 October",
                                  "preferred_date": MON_28}),
            ("pools", {"token": OT, "date": MON_28}),
            ("decide_deferral", {"token": OT, "deferral_id": "$request_deferral.deferral_id", "decision": "grant",
                                 "pool_id": "$pools.0.pool_id"}),
            ("send_letter", {"token": OT, "juror_number": jn, "letter": "deferral_decision"})]


def araminta_moved(via: str) -> list:
    look, jn = juror(via, OT, "araminta")
    return [sign_on("ysolde"), *look, ("pools", {"token": OT, "date": MON_28}),
            ("transfer_juror", {"token": OT, "juror_number": jn, "pool_id": "$pools.0.pool_id"})]


def thaddeus(via: str) -> list:
    look, jn = juror(via, OT, "thaddeus")
    return [sign_on("ysolde"), *look,
            ("request_deferral", {"token": OT, "juror_number": jn,
                                  "reason": "His wife went into labour in the night", "preferred_date": DEC_2}),
            sign_on("barnaby"), ("create_pool", {"token": BT, "court_date": DEC_2, "jurors_wanted": 20}),
            ("decide_deferral", {"token": OT, "deferral_id": "$request_deferral.deferral_id", "decision": "grant",
                                 "pool_id": "$create_pool.pool_id"})]


def cosmo(via: str) -> list:
    look, jn = juror(via, OT, "cosmo")
    return [sign_on("ysolde"), *look,
            ("request_excusal", {"token": OT, "juror_number": jn, "reason": "illness",
                                 "details": "Surgery booked for November"}),
            ("add_evidence", {"token": OT, "juror_number": jn, "document": "gp_letter",
                              "reference": "Dr Ainsworth, Mossbank Surgery, 9 October 2047"}),
            ("decide_excusal", {"token": OT, "excusal_id": "$request_excusal.excusal_id", "decision": "grant"}),
            ("send_letter", {"token": OT, "juror_number": jn, "letter": "excusal_decision"})]


def jethro(via: str) -> list:
    look, jn = juror(via, OT, "jethro")
    return [sign_on("ysolde"), *look, ("send_letter", {"token": OT, "juror_number": jn, "letter": "reminder"})]


EUPHEMIA, EUPHEMIA_POOL = euphemia_reply("find_juror"), euphemia_reply("pool_members")
AURELIO = aurelio("find_juror")
ARAMINTA = araminta("find_juror")
THADDEUS = thaddeus("find_juror")
COSMO = cosmo("find_juror")
# Drusilla Mewburn's pending excusal: her care letter, then the excusal granted
DRUSILLA = [sign_on("ysolde"), ("excusals", {"token": OT, "status": "pending"}),
            ("add_evidence", {"token": OT, "juror_number": "$excusals.0.juror_number", "document": "care_letter",
                              "reference": "Kelderby Adult Social Care, KSC/44817"}),
            ("decide_excusal", {"token": OT, "excusal_id": "$excusals.0.excusal_id", "decision": "grant"})]
# Peregrine Wakelin's pending deferral, refused
WAKELIN = [sign_on("ysolde"), ("deferrals", {"token": OT, "status": "pending"}),
           ("decide_deferral", {"token": OT, "deferral_id": "$deferrals.0.deferral_id", "decision": "refuse"})]
# three more jurors for 28 October, and a new pool on 2 December with one summoned
SUMMON = [sign_on("ysolde"), ("pools", {"token": OT, "date": MON_28}),
          ("summon_jurors", {"token": OT, "pool_id": "$pools.0.pool_id", "count": 3})]
NEW_POOL = [sign_on("barnaby"), ("create_pool", {"token": BT, "court_date": DEC_2, "jurors_wanted": 20}),
            ("pool_members", {"token": BT, "pool_id": "$create_pool.pool_id"}), sign_on("ysolde"),
            ("summon_jurors", {"token": OT, "pool_id": "$create_pool.pool_id", "count": 1}),
            ("find_juror", {"token": OT, "surname": "Gorringe"}),
            ("transfer_juror", {"token": OT, "juror_number": "$find_juror.0.juror_number",
                                "pool_id": "$create_pool.pool_id"})]
OLD_POOL = [sign_on("barnaby"), ("pools", {"token": BT, "date": MON_28}),
            ("pool_members", {"token": BT, "pool_id": "$pools.0.pool_id"})]

# ---- the court day: check-ins, ballots, swearing, trials concluded, attendance and service


def winifred(via: str) -> list:
    look, jn = juror(via, MT, "winifred")
    return [sign_on("mercy"), *look, ("check_in", {"token": MT, "juror_number": jn}),
            ("record_attendance", {"token": MT, "juror_number": jn, "date": TODAY, "day": "half"}),
            sign_on("barnaby"), ("complete_service", {"token": BT, "juror_number": jn})]


def ferrand_stand_down(via: str) -> list:
    look, jn = juror(via, MT, "valentine")
    return [sign_on("mercy"), ("find_juror", {"token": MT, "surname": "Oyebanji"}, "winifred"),
            ("check_in", {"token": MT, "juror_number": "$winifred.0.juror_number"}), sign_on("barnaby"),
            ("trials", {"token": BT, "courtroom": "Court 3"}),
            ("select_panel", {"token": BT, "trial_id": "$trials.0.trial_id", "size": 14}), *look,
            ("stand_down", {"token": MT, "juror_number": jn, "reason": "She knows a witness in the case"})]


def marmaduke(via: str) -> list:
    """Marmaduke Thwaites's Friday recorded and his claims for Thursday and Friday entered."""
    look, jn = juror(via, MT, "marmaduke")
    return [sign_on("mercy"), *look,
            ("record_attendance", {"token": MT, "juror_number": jn, "date": LAST_FRI, "day": "full"}),
            sign_on("gideon"), ("allowance_rates", {}),
            ("submit_claim", {"token": GT, "juror_number": jn, "date": LAST_FRI,
                              "items": ["$allowance_rates.rows.0.0", "$allowance_rates.rows.3.0",
                                        "$allowance_rates.rows.4.0"], "miles": 22})]


def marmaduke_thursday(via: str) -> list:
    look, jn = juror(via, GT, "marmaduke")
    return [sign_on("gideon"), *look, ("allowance_rates", {}),
            ("submit_claim", {"token": GT, "juror_number": jn, "date": LAST_THU,
                              "items": ["$allowance_rates.rows.0.0", "$allowance_rates.rows.3.0",
                                        "$allowance_rates.rows.4.0"], "miles": 22}),
            ("approve_claim", {"token": GT, "claim_id": "$submit_claim.claim_id"})]


def solveig(via: str) -> list:
    look, jn = juror(via, GT, "solveig")
    return [sign_on("gideon"), *look,
            ("record_earnings", {"token": GT, "juror_number": jn, "employer": "Ottery Veterinary Supplies",
                                 "daily_loss": 96.0}),
            ("allowance_rates", {}),
            ("submit_claim", {"token": GT, "juror_number": jn, "date": LAST_TUE,
                              "items": ["$allowance_rates.rows.6.0", "$allowance_rates.rows.4.0"],
                              "loss_of_earnings": 64.95})]


def quentin(via: str) -> list:
    look, jn = juror(via, GT, "quentin")
    return [sign_on("gideon"), ("claims", {"token": GT, "status": "submitted"}),
            ("approve_claim", {"token": GT, "claim_id": "$claims.0.claim_id"}), *look,
            ("bank_details", {"token": GT, "juror_number": jn, "account_name": "Q Lathbury", "sort_code": "30-94-57",
                              "account_number": "71264408"}),
            ("pay_claim", {"token": GT, "claim_id": "$claims.0.claim_id"})]


def tancred(via: str) -> list:
    look, jn = juror(via, BT, "tancred")
    return [sign_on("barnaby"), *look, ("complete_service", {"token": BT, "juror_number": jn})]


def tancred_claim(via: str) -> list:
    look, jn = juror(via, GT, "tancred")
    return [sign_on("gideon"), *look, ("allowance_rates", {}),
            ("submit_claim", {"token": GT, "juror_number": jn, "date": LAST_MON,
                              "items": ["$allowance_rates.rows.4.0"]}),
            ("approve_claim", {"token": GT, "claim_id": "$submit_claim.claim_id"}),
            ("pay_claim", {"token": GT, "claim_id": "$submit_claim.claim_id"})]


WINIFRED = winifred("find_juror")
FERRAND_14 = cut(ferrand_stand_down("find_juror"), "select_panel")
HASKINS = [sign_on("barnaby"), ("trials", {"token": BT, "courtroom": "Court 1"}),
           ("request_jury", {"token": BT, "trial_id": "$trials.0.trial_id"}),
           ("select_panel", {"token": BT, "trial_id": "$trials.0.trial_id", "size": 12})]
FERRAND = ([sign_on("barnaby"), ("trials", {"token": BT, "courtroom": "Court 3"}),
            ("select_panel", {"token": BT, "trial_id": "$trials.0.trial_id", "size": 12}), sign_on("mercy")]
           + [("swear_juror", {"token": MT, "panel_id": "$select_panel.panel_id",
                               "juror_number": f"$select_panel.members.{i}.0",
                               "form": "affirmation" if i in (2, 7) else "oath"}) for i in range(12)]
           + [("conclude_trial", {"token": BT, "trial_id": "$trials.0.trial_id", "outcome": "verdicts"})])
DUNMORE = [sign_on("barnaby"), ("trials", {"token": BT, "courtroom": "Court 2"}),
           ("conclude_trial", {"token": BT, "trial_id": "$trials.0.trial_id", "outcome": "verdicts"}),
           ("find_juror", {"token": BT, "surname": "Penberthy"}),
           ("complete_service", {"token": BT, "juror_number": "$find_juror.0.juror_number"})]
MARMADUKE = marmaduke("find_juror")
SOLVEIG = solveig("find_juror")
QUENTIN = quentin("find_juror")
TANCRED_CLAIM = tancred_claim("find_juror")
# Rhiannon Tebbutt's approved claim, paid
TEBBUTT = [sign_on("gideon"), ("claims", {"token": GT, "status": "approved"}),
           ("pay_claim", {"token": GT, "claim_id": "$claims.0.claim_id"})]
EC_5520 = [sign_on("gideon"), ("claims", {"token": GT, "status": "submitted"}),
           ("approve_claim", {"token": GT, "claim_id": "$claims.0.claim_id"})]

# for each juror consumer: the path that reaches it, built with either lookup
JUROR_PATHS = {
    "juror_record": euphemia_contact, "update_contact": euphemia_contact, "record_reply": euphemia_reply,
    "police_check": euphemia_reply, "confirm_service": euphemia_reply, "request_deferral": araminta,
    "request_excusal": cosmo, "add_evidence": cosmo, "transfer_juror": araminta_moved, "send_letter": jethro,
    "check_in": winifred, "stand_down": ferrand_stand_down, "record_attendance": marmaduke,
    "complete_service": tancred, "record_earnings": solveig, "bank_details": quentin,
    "submit_claim": marmaduke_thursday,
}

_BODY = (
    [(via, c, cut(JUROR_PATHS[c](via), c)) for c in tools.JUROR_CONSUMERS for via in ("find_juror", "pool_members")]
    + [
        # pools
        ("pools", "summon_jurors", SUMMON),
        ("create_pool", "summon_jurors", cut(NEW_POOL, "summon_jurors")),
        ("pools", "pool_members", OLD_POOL),
        ("create_pool", "pool_members", cut(NEW_POOL, "pool_members")),
        ("pools", "decide_deferral", cut(ARAMINTA, "decide_deferral")),
        ("create_pool", "decide_deferral", THADDEUS),
        ("pools", "transfer_juror", araminta_moved("find_juror")),
        ("create_pool", "transfer_juror", NEW_POOL),
        # trials, panels, requests and claims
        ("trials", "request_jury", cut(HASKINS, "request_jury")),
        ("trials", "select_panel", cut(FERRAND, "select_panel")),
        ("trials", "conclude_trial", cut(DUNMORE, "conclude_trial")),
        ("select_panel", "swear_juror", cut(FERRAND, "swear_juror")),
        ("request_deferral", "decide_deferral", cut(ARAMINTA, "decide_deferral")),
        ("deferrals", "decide_deferral", WAKELIN),
        ("request_excusal", "decide_excusal", cut(COSMO, "decide_excusal")),
        ("excusals", "decide_excusal", DRUSILLA),
        ("submit_claim", "approve_claim", marmaduke_thursday("find_juror")),
        ("claims", "approve_claim", EC_5520),
        ("submit_claim", "pay_claim", TANCRED_CLAIM),
        ("claims", "pay_claim", TEBBUTT),
        # vocabulary, vetting and documents
        ("allowance_rates", "submit_claim", cut(marmaduke_thursday("find_juror"), "submit_claim")),
        ("police_check", "confirm_service", cut(AURELIO, "confirm_service")),
        ("add_evidence", "decide_excusal", DRUSILLA),
        ("record_earnings", "submit_claim", SOLVEIG),
        # states
        ("record_reply", "police_check", cut(EUPHEMIA, "police_check")),
        ("confirm_service", "check_in", AURELIO),
        ("check_in", "select_panel", FERRAND_14),
        ("request_jury", "select_panel", HASKINS),
        ("select_panel", "stand_down", ferrand_stand_down("find_juror")),
        ("swear_juror", "conclude_trial", FERRAND),
        ("conclude_trial", "complete_service", DUNMORE),
        ("check_in", "record_attendance", cut(WINIFRED, "record_attendance")),
        ("record_attendance", "complete_service", WINIFRED),
        ("record_attendance", "submit_claim", MARMADUKE),
        ("approve_claim", "pay_claim", TANCRED_CLAIM),
        ("confirm_service", "send_letter", EUPHEMIA),
        ("decide_deferral", "send_letter", ARAMINTA),
        ("decide_excusal", "send_letter", COSMO),
        # payment
        ("bank_details", "pay_claim", QUENTIN),
    ]
)

_OWN = {"sign_off": [sign_on("lavinia"), ("sign_off", {"token": "$lavinia.token"})]}


def _auth_proofs() -> list:
    """A sign-on proof for every call that needs a token: its own short path, else the shortest path above that
    reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_on":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_on", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the senior jury officer signs on and off before Winifred Oyebanji is checked in
    ("sign_off", [sign_on("lavinia"), ("sign_off", {"token": "$lavinia.token"})] + cut(WINIFRED, "check_in")),
    # the deferrals read before Quentin Lathbury's claim is approved
    ("deferrals", EC_5520[:-1] + [sign_on("ysolde"), ("deferrals", {"token": OT})] + EC_5520[-1:]),
    # a pool opened for 2 December before Marmaduke Thwaites's Friday is recorded
    ("create_pool", [sign_on("barnaby"), ("create_pool", {"token": BT, "court_date": DEC_2, "jurors_wanted": 20})]
     + cut(MARMADUKE, "record_attendance")),
    # the allowances read before Winifred Oyebanji is checked in
    ("allowance_rates", [("allowance_rates", {})] + cut(WINIFRED, "check_in")),
    # Jethro Scholes reminded before Marmaduke Thwaites's Thursday claim is entered
    ("send_letter", jethro("find_juror") + cut(marmaduke_thursday("find_juror"), "submit_claim")),
    # Rowena Pickersgill's phone changed before Rhiannon Tebbutt's claim is paid
    ("update_contact", [sign_on("ysolde"), ("find_juror", {"token": OT, "surname": "Pickersgill"}),
                        ("update_contact", {"token": OT, "juror_number": "$find_juror.0.juror_number",
                                            "phone": "07700 900913"})] + TEBBUTT),
    # Solveig Underhay's earnings certificate recorded before Drusilla Mewburn's excusal is decided
    ("record_earnings", cut(SOLVEIG, "record_earnings") + DRUSILLA),
    # a jury asked for in R v Haskins before the first juror is sworn in R v Ferrand
    ("request_jury", cut(HASKINS, "request_jury") + cut(FERRAND, "swear_juror")[1:]),
]
