"""Scripted proofs that Furlong's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime, which records a raised exception as an error; the tools are coroutines and the replies
dataclasses, so the proofs run through the runtime alone).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "crispin")``) and pass ``"$crispin.token"``; replies are read by field (``"$register_owner.owner_id"``,
``"$register_horse.horse_id"``, ``"$make_entry.entry_id"``, ``"$open_enquiry.enquiry_id"``), list entries by position
and field (``"$find_owner.0.owner_id"``, ``"$find_trainer.0.trainer_id"``, ``"$find_horse.0.horse_id"``,
``"$find_jockey.0.jockey_id"``, ``"$race_programme.1.race_id"``, ``"$enquiries.0.enquiry_id"``), rows by row and
column (``"$race_card.runners.4.0"``, ``"$jockeys.2.0"``, ``"$headgear_codes.0.0"``). The positions follow the fresh
state's order (records by id, each list filtered as the call asks). Every id and headgear code is read from a reply;
none is written literally (names, addresses, phone numbers, e-mail addresses, colours, pedigrees, dates, vets,
doctors, weights, reasons, notes, subjects and amounts are written as the staff are told them).

The day: Zinnia Quarrington is registered with her colours and her filly Damask Sedge, which is vaccinated, moved and
entered for next Wednesday; Mrs Pinnegar pays her account, her e-mail is changed and Pantiles is moved and entered;
Scabbard Bay's booster is recorded and it is declared for Friday; Saoirse Lanigan is booked on Tidewrack, which is
declared or withdrawn; Ruairi Devane's medical is recorded and his licence renewed; Whinchat Flyer is declared in
headgear and Tumbledown Dick made a non-runner; the Sedgewick Handicap's last runner weighs out, its result is
recorded, its winner weighs in and the stewards look into it; the Lapwing Maiden's enquiry is decided, Jago Trewin
suspended, its fourth weighs in, the result is confirmed and the prize money paid.
"""

import furlong_tools as tools

WHO = {"hyacinth": ("hyacinth.t", "Silks-Register-22"), "crispin": ("crispin.a", "Overnight-Decs-64"),
       "morwenna": ("morwenna.k", "Saddle-Cloth-18"), "ptolemy": ("ptolemy.w", "Head-On-Film-35"),
       "ermengarde": ("ermengarde.f", "Prize-Fund-71"), "augustin": ("augustin.r", "Racing-Calendar-09")}
HT, CT, MT, PT, IT = "$hyacinth.token", "$crispin.token", "$morwenna.token", "$ptolemy.token", "$ermengarde.token"
TODAY, FRIDAY, NEXT_WED = "2049-04-14", "2049-04-16", "2049-04-21"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- owners, colours, horses


ZINNIA = [sign_in("hyacinth"),
          ("register_owner", {"token": HT, "name": "Zinnia Quarrington",
                              "address": "Leat House, Hurstcombe HC2 8RY", "phone": "07700 900254"})]
OWN = "$register_owner.owner_id"
DAMASK = ZINNIA + [("register_colours", {"token": HT, "owner_id": OWN,
                                         "colours": "Saffron, royal blue diamonds, royal blue cap"}),
                   ("find_trainer", {"token": HT, "name": "Ruddle"}),
                   ("register_horse", {"token": HT, "name": "Damask Sedge", "sex": "filly", "foaled": 2046,
                                       "sire": "Evergreen", "dam": "Sedge Warbler", "owner_id": OWN,
                                       "trainer_id": "$find_trainer.0.trainer_id"})]
VEL = "$register_horse.horse_id"
DAMASK_ENTERED = DAMASK + [sign_in("crispin"), ("race_programme", {"date": NEXT_WED}),
                           ("make_entry", {"token": CT, "race_id": "$race_programme.0.race_id", "horse_id": VEL})]
DAMASK_RECORD = DAMASK + [("horse_record", {"token": HT, "horse_id": VEL})]
DAMASK_VACCINATED = DAMASK + [("record_vaccination", {"token": HT, "horse_id": VEL, "given_on": "2049-03-18",
                                                      "vaccine": "influenza_tetanus", "vet": "Hurstcombe Equine Vets"})]
DAMASK_MOVED = DAMASK + [("find_trainer", {"token": HT, "name": "Muscroft"}, "muscroft"),
                         ("transfer_horse", {"token": HT, "horse_id": VEL, "trainer_id": "$muscroft.0.trainer_id"})]
ZINNIA_EMAIL = ZINNIA + [("update_owner", {"token": HT, "owner_id": OWN, "email": "zinnia.q@example.net"})]
ZINNIA_ACCOUNT = ZINNIA + [sign_in("ermengarde"), ("owner_account", {"token": IT, "owner_id": OWN})]
ZINNIA_PAYS = ZINNIA + [sign_in("ermengarde"),
                        ("pay_account", {"token": IT, "owner_id": OWN, "amount": 200.0, "method": "bank_transfer"})]

PINNEGAR = [sign_in("ermengarde"), ("find_owner", {"token": IT, "name": "Pinnegar"})]
PINNEGAR_ACCOUNT = PINNEGAR + [("owner_account", {"token": IT, "owner_id": "$find_owner.0.owner_id"})]
PINNEGAR_PAYS = PINNEGAR + [("pay_account", {"token": IT, "owner_id": "$find_owner.0.owner_id", "amount": 85.0,
                                           "method": "card"})]
PANTILES_ENTERED = PINNEGAR_PAYS + [sign_in("crispin"), ("find_horse", {"token": CT, "name": "Pantiles"}),
                                   ("race_programme", {"date": NEXT_WED}),
                                   ("make_entry", {"token": CT, "race_id": "$race_programme.0.race_id",
                                                   "horse_id": "$find_horse.0.horse_id"})]
PINNEGAR_EMAIL = [sign_in("hyacinth"), ("find_owner", {"token": HT, "name": "Pinnegar"}),
                 ("update_owner", {"token": HT, "owner_id": "$find_owner.0.owner_id",
                                   "email": "cordelia.pinnegar@example.org"})]
GUILLEMOT_COLOURS = [sign_in("hyacinth"), ("find_owner", {"token": HT, "name": "Guillemot"}),
                     ("register_colours", {"token": HT, "owner_id": "$find_owner.0.owner_id",
                                           "colours": "White, black hoops, red cap"})]
COPPICE = [sign_in("hyacinth"), ("find_owner", {"token": HT, "name": "Ingleby"}),
           ("find_trainer", {"token": HT, "name": "Muscroft"}),
           ("register_horse", {"token": HT, "name": "Coppice Verderer", "sex": "gelding", "foaled": 2045,
                               "sire": "Candlewick Hill", "dam": "Filbert Copse", "owner_id": "$find_owner.0.owner_id",
                               "trainer_id": "$find_trainer.0.trainer_id"})]
PANTILES_MOVED = [sign_in("hyacinth"), ("find_horse", {"token": HT, "name": "Pantiles"}),
                  ("find_trainer", {"token": HT, "name": "Muscroft"}),
                  ("transfer_horse", {"token": HT, "horse_id": "$find_horse.0.horse_id",
                                      "trainer_id": "$find_trainer.0.trainer_id"})]
BASTABLE = [sign_in("crispin"), ("find_trainer", {"token": CT, "name": "Bastable"}),
            ("message_trainer", {"token": CT, "trainer_id": "$find_trainer.0.trainer_id",
                                 "subject": "Scabbard Bay's vaccination",
                                 "body": "Please send us a copy of Scabbard Bay's passport page with the April "
                                         "booster."})]
SCABBARD = [sign_in("crispin"), ("race_programme", {"date": FRIDAY}),
           ("race_card", {"token": CT, "race_id": "$race_programme.0.race_id"}),
           ("find_horse", {"token": CT, "name": "Scabbard"}),
           ("horse_record", {"token": CT, "horse_id": "$find_horse.0.horse_id"}),
           ("record_vaccination", {"token": CT, "horse_id": "$find_horse.0.horse_id", "given_on": "2049-04-02",
                                   "vaccine": "influenza", "vet": "Stourleigh Vets"}),
           ("declare_runner", {"token": CT, "entry_id": "$race_card.runners.0.0"})]

# ---- jockeys


def devane(via: str) -> list:
    look = ([("find_jockey", {"token": HT, "name": "Devane"})], "$find_jockey.0.jockey_id") if via == "find_jockey" \
        else ([("jockeys", {"token": HT})], "$jockeys.2.0")
    return [sign_in("hyacinth"), *look[0],
            ("record_medical", {"token": HT, "jockey_id": look[1], "examined_on": "2049-04-08",
                                "doctor": "Dr Kimberlin", "fit": True}),
            ("renew_licence", {"token": HT, "jockey_id": look[1], "licence": "flat"}), sign_in("crispin"),
            ("race_programme", {"date": FRIDAY}), ("race_card", {"token": CT, "race_id": "$race_programme.0.race_id"}),
            ("book_jockey", {"token": CT, "entry_id": "$race_card.runners.1.0", "jockey_id": look[1]})]


def tidewrack(via: str) -> list:
    """Tidewrack (entered on Friday) gets Saoirse Lanigan and is declared."""
    look = ([("find_jockey", {"token": CT, "name": "Lanigan"})], "$find_jockey.0.jockey_id") if via == "find_jockey" \
        else ([("jockeys", {"token": CT, "can_do": "9-4", "riding_on": FRIDAY})], "$jockeys.1.0")
    return [sign_in("crispin"), ("race_programme", {"date": FRIDAY}),
            ("race_card", {"token": CT, "race_id": "$race_programme.0.race_id"}), *look[0],
            ("book_jockey", {"token": CT, "entry_id": "$race_card.runners.1.0", "jockey_id": look[1]}),
            ("declare_runner", {"token": CT, "entry_id": "$race_card.runners.1.0"})]


TIDEWRACK_WITHDRAWN = [sign_in("crispin"), ("race_programme", {"date": FRIDAY}),
                       ("race_card", {"token": CT, "race_id": "$race_programme.0.race_id"}),
                       ("withdraw_entry", {"token": CT, "entry_id": "$race_card.runners.1.0"})]
# Tidewrack entered in Friday's Burdock Handicap as well, with Keturah Blevins, declared, then taken out
BURDOCK = [sign_in("crispin"), ("race_programme", {"date": FRIDAY}), ("find_horse", {"token": CT, "name": "Tidewrack"}),
          ("make_entry", {"token": CT, "race_id": "$race_programme.1.race_id", "horse_id": "$find_horse.0.horse_id"}),
          ("find_jockey", {"token": CT, "name": "Blevins"}),
          ("book_jockey", {"token": CT, "entry_id": "$make_entry.entry_id", "jockey_id": "$find_jockey.0.jockey_id"}),
          ("declare_runner", {"token": CT, "entry_id": "$make_entry.entry_id"}),
          ("non_runner", {"token": CT, "entry_id": "$make_entry.entry_id", "reason": "The going is too firm"})]
BURDOCK_WITHDRAWN = cut(BURDOCK, "make_entry") + [("withdraw_entry", {"token": CT, "entry_id": "$make_entry.entry_id"})]
WHINCHAT = [sign_in("crispin"), ("race_programme", {"date": FRIDAY}),
            ("race_card", {"token": CT, "race_id": "$race_programme.1.race_id"}), ("headgear_codes", {}),
            ("declare_runner", {"token": CT, "entry_id": "$race_card.runners.0.0",
                                "headgear": ["$headgear_codes.0.0", "$headgear_codes.4.0"]}),
            ("non_runner", {"token": CT, "entry_id": "$race_card.runners.0.0",
                            "reason": "A vet's certificate: a bruised foot"})]
TUMBLEDOWN = [sign_in("crispin"), ("race_programme", {"date": FRIDAY}),
              ("race_card", {"token": CT, "race_id": "$race_programme.1.race_id"}),
              ("non_runner", {"token": CT, "entry_id": "$race_card.runners.1.0", "reason": "Lame"})]

# ---- the weighing room and the stewards

SEDGEWICK = [sign_in("morwenna"), ("race_programme", {"date": TODAY}),
             ("race_card", {"token": MT, "race_id": "$race_programme.1.race_id"}),
             ("weigh_out", {"token": MT, "entry_id": "$race_card.runners.4.0", "weight": "9-7"}),
             ("record_result", {"token": MT, "race_id": "$race_programme.1.race_id",
                                "placings": ["$race_card.runners.0.0", "$race_card.runners.2.0",
                                             "$race_card.runners.4.0", "$race_card.runners.1.0"]}),
             ("weigh_in", {"token": MT, "entry_id": "$race_card.runners.0.0", "weight": "9-7"}), sign_in("ptolemy"),
             ("open_enquiry", {"token": PT, "race_id": "$race_programme.1.race_id",
                               "subject": "Osprey Staithe (Jago Trewin) crossed the runner-up at the two-furlong "
                                          "pole"}),
             ("record_decision", {"token": PT, "enquiry_id": "$open_enquiry.enquiry_id", "outcome": "result_stands",
                                  "notes": "The interference did not affect the result"}),
             ("find_jockey", {"token": PT, "name": "Trewin"}),
             ("suspend_jockey", {"token": PT, "enquiry_id": "$open_enquiry.enquiry_id",
                                 "jockey_id": "$find_jockey.0.jockey_id", "offence": "careless_riding", "days": 2})]
LAPWING = [sign_in("ptolemy"), ("enquiries", {"token": PT, "open_only": True}),
           ("record_decision", {"token": PT, "enquiry_id": "$enquiries.0.enquiry_id", "outcome": "result_stands",
                                "notes": "Cobnut Rally's interference did not affect the result; careless riding"}),
           sign_in("morwenna"), ("race_programme", {"date": TODAY}),
           ("race_card", {"token": MT, "race_id": "$race_programme.0.race_id"}),
           ("weigh_in", {"token": MT, "entry_id": "$race_card.runners.4.0", "weight": "9-2"}),
           ("confirm_result", {"token": MT, "race_id": "$race_programme.0.race_id"}), sign_in("ermengarde"),
           ("pay_prize_money", {"token": IT, "race_id": "$race_programme.0.race_id"})]


def trewin(via: str) -> list:
    look = ([("find_jockey", {"token": PT, "name": "Trewin"})], "$find_jockey.0.jockey_id") if via == "find_jockey" \
        else ([("jockeys", {"token": PT})], "$jockeys.4.0")
    return cut(LAPWING, "record_decision") + [*look[0], ("suspend_jockey", {
        "token": PT, "enquiry_id": "$enquiries.0.enquiry_id", "jockey_id": look[1], "offence": "careless_riding",
        "days": 3})]


_BODY = [
    # owners
    ("find_owner", "update_owner", PINNEGAR_EMAIL),
    ("register_owner", "update_owner", ZINNIA_EMAIL),
    ("find_owner", "register_colours", GUILLEMOT_COLOURS),
    ("register_owner", "register_colours", cut(DAMASK, "register_colours")),
    ("find_owner", "owner_account", PINNEGAR_ACCOUNT),
    ("register_owner", "owner_account", ZINNIA_ACCOUNT),
    ("find_owner", "pay_account", PINNEGAR_PAYS),
    ("register_owner", "pay_account", ZINNIA_PAYS),
    ("find_owner", "register_horse", COPPICE),
    ("register_owner", "register_horse", DAMASK),
    # trainers
    ("find_trainer", "register_horse", DAMASK),
    ("find_trainer", "transfer_horse", PANTILES_MOVED),
    ("find_trainer", "message_trainer", BASTABLE),
    # horses
    ("find_horse", "horse_record", cut(SCABBARD, "horse_record")),
    ("register_horse", "horse_record", DAMASK_RECORD),
    ("find_horse", "record_vaccination", cut(SCABBARD, "record_vaccination")),
    ("register_horse", "record_vaccination", DAMASK_VACCINATED),
    ("find_horse", "transfer_horse", PANTILES_MOVED),
    ("register_horse", "transfer_horse", DAMASK_MOVED),
    ("find_horse", "make_entry", PANTILES_ENTERED),
    ("register_horse", "make_entry", DAMASK_ENTERED),
    # jockeys
    ("find_jockey", "record_medical", cut(devane("find_jockey"), "record_medical")),
    ("jockeys", "record_medical", cut(devane("jockeys"), "record_medical")),
    ("find_jockey", "renew_licence", cut(devane("find_jockey"), "renew_licence")),
    ("jockeys", "renew_licence", cut(devane("jockeys"), "renew_licence")),
    ("find_jockey", "book_jockey", cut(tidewrack("find_jockey"), "book_jockey")),
    ("jockeys", "book_jockey", cut(tidewrack("jockeys"), "book_jockey")),
    ("find_jockey", "suspend_jockey", trewin("find_jockey")),
    ("jockeys", "suspend_jockey", trewin("jockeys")),
    # races
    ("race_programme", "race_card", cut(SCABBARD, "race_card")),
    ("race_programme", "make_entry", DAMASK_ENTERED),
    ("race_programme", "record_result", cut(SEDGEWICK, "record_result")),
    ("race_programme", "open_enquiry", cut(SEDGEWICK, "open_enquiry")),
    ("race_programme", "confirm_result", cut(LAPWING, "confirm_result")),
    ("race_programme", "pay_prize_money", LAPWING),
    # entries and runners
    ("race_card", "book_jockey", cut(tidewrack("find_jockey"), "book_jockey")),
    ("make_entry", "book_jockey", cut(BURDOCK, "book_jockey")),
    ("race_card", "declare_runner", tidewrack("find_jockey")),
    ("make_entry", "declare_runner", cut(BURDOCK, "declare_runner")),
    ("race_card", "withdraw_entry", TIDEWRACK_WITHDRAWN),
    ("make_entry", "withdraw_entry", BURDOCK_WITHDRAWN),
    ("race_card", "non_runner", TUMBLEDOWN),
    ("make_entry", "non_runner", BURDOCK),
    ("race_card", "weigh_out", cut(SEDGEWICK, "weigh_out")),
    ("race_card", "record_result", cut(SEDGEWICK, "record_result")),
    ("race_card", "weigh_in", cut(LAPWING, "weigh_in")),
    # enquiries
    ("open_enquiry", "record_decision", cut(SEDGEWICK, "record_decision")),
    ("enquiries", "record_decision", cut(LAPWING, "record_decision")),
    ("open_enquiry", "suspend_jockey", SEDGEWICK),
    ("enquiries", "suspend_jockey", trewin("find_jockey")),
    # vocabulary and vetting
    ("headgear_codes", "declare_runner", cut(WHINCHAT, "declare_runner")),
    ("record_vaccination", "declare_runner", SCABBARD),
    ("record_medical", "renew_licence", cut(devane("find_jockey"), "renew_licence")),
    ("register_colours", "make_entry", DAMASK_ENTERED),
    # states
    ("renew_licence", "book_jockey", devane("find_jockey")),
    ("book_jockey", "declare_runner", tidewrack("find_jockey")),
    ("declare_runner", "non_runner", WHINCHAT),
    ("weigh_out", "record_result", cut(SEDGEWICK, "record_result")),
    ("record_result", "weigh_in", cut(SEDGEWICK, "weigh_in")),
    ("record_result", "open_enquiry", cut(SEDGEWICK, "open_enquiry")),
    ("weigh_in", "confirm_result", cut(LAPWING, "confirm_result")),
    ("record_decision", "confirm_result", cut(LAPWING, "confirm_result")),
    ("record_decision", "suspend_jockey", trewin("find_jockey")),
    ("confirm_result", "pay_prize_money", LAPWING),
    # payment
    ("pay_account", "make_entry", PANTILES_ENTERED),
]

_OWN = {"sign_out": [sign_in("augustin"), ("sign_out", {"token": "$augustin.token"})]}


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
    # Honor Bastable messaged before Lady Lapwing weighs out for the Sedgewick Handicap
    ("message_trainer", BASTABLE + cut(SEDGEWICK, "weigh_out")),
    # the headgear codes read before the Sedgewick Handicap's result is recorded
    ("headgear_codes", cut(SEDGEWICK, "weigh_out") + [("headgear_codes", {})] + cut(SEDGEWICK, "record_result")[-1:]),
    # Mrs Pinnegar's account read before the Lapwing Maiden's result is confirmed
    ("owner_account", cut(LAPWING, "weigh_in") + [sign_in("ermengarde"),
                                                  ("find_owner", {"token": IT, "name": "Pinnegar"}),
                                                  ("owner_account", {"token": IT,
                                                                     "owner_id": "$find_owner.0.owner_id"})]
     + cut(LAPWING, "confirm_result")[-1:]),
    # Mrs Pinnegar's e-mail address changed before Saoirse Lanigan is booked on Tidewrack
    ("update_owner", PINNEGAR_EMAIL + cut(tidewrack("find_jockey"), "book_jockey")),
    # Guillemot's colours changed before Ruairi Devane's medical is recorded
    ("register_colours", GUILLEMOT_COLOURS + cut(devane("find_jockey"), "record_medical")),
    # the racing secretary signs in and out before Whinchat Flyer is declared
    ("sign_out", [sign_in("augustin"), ("sign_out", {"token": "$augustin.token"})] + cut(WHINCHAT, "declare_runner")),
    # Tidewrack withdrawn from the maiden before Mrs Pinnegar pays her account
    ("withdraw_entry", TIDEWRACK_WITHDRAWN + PINNEGAR_PAYS),
    # Pantiles moved to Bertrand Muscroft before the Sedgewick winner weighs in
    ("transfer_horse", PANTILES_MOVED + cut(SEDGEWICK, "weigh_in")),
]
