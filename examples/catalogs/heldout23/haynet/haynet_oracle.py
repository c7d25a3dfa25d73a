"""Scripted proofs that Haynet's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools, converts the
pydantic results and, given ``FAILURE``, records the returned ``(None, why)`` pairs as rejected).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Every reply
is a pair whose result is its first item: staff sign in by first name (``("sign_in", {...}, "meg")``)
and pass ``"$meg.0.token"``; results are read by field (``"$register_owner.0.owner_id"``,
``"$start_livery.0.agreement_id"``, ``"$report_injury.0.incident_id"``), lists by position and field
(``"$stable_board.0.0.box"``, ``"$field_list.0.4.field"``, ``"$yard_extras.0.2.code"``,
``"$find_horse.0.0.horse_id"``, ``"$yard_diary.0.2.ref"``), nested lists by field and position
(``"$owner_account.0.agreements.0.agreement_id"``, ``"$owner_account.0.invoices.0.balance"``,
``"$clip.0.extras.0.code"``) and the bare lists of the farrier's days and free arena times by position
(``"$farrier_days.0.1"``, ``"$arena_times.0.0"``). Every id is read from a result; none is written
literally.

The day: Miss Harriet Cole registered, her address completed, her mare Juniper added, the passport
checked, her flu booster recorded, started on full livery in the first free box, turned out with the
mares, given a care plan, exercise and a clip added (the clip taken off again), moved to the next free
box, changed to part livery, her owner e-mailed, an arena hour with jumps on Saturday booked and
cancelled, March invoiced and part paid, notice given and withdrawn; Mrs Ashby's mobile changed, a
text sent, an arena hour tomorrow, Bramble moved, turned out alone, re-planned, an extra haynet added
and taken off, part livery, March invoiced, notice given and withdrawn; Teasel in from grass: passport,
booster, grass livery; Mr Hale's second horse Rufus added; Hector's farrier booking next week and his
vet visit today recorded; Bramble's front shoes recorded, a worm count over the level and a dose, a
routine vet visit; Pip kicked, the vet called out, box rest, a wormer on last week's count, a trim
booked and done; Ms Lacey's evening arena hour cancelled; Mr Kerr's February invoice paid and Mistral
seen off the yard.
"""

import haynet_tools as tools

WHO = {"meg": ("meg.o", "Hay-Net-22"), "jack": ("jack.t", "Hoof-Pick-7"), "rosa": ("rosa.k", "Ten-Metre-Circle"),
       "helen": ("helen.f", "Full-Livery-1998")}
MEG, JACK, ROSA = "$meg.0.token", "$jack.0.token", "$rosa.0.token"
TODAY, TOMORROW, SATURDAY = tools.TODAY, "2031-03-07", "2031-03-08"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


HC_OWNER = "$register_owner.0.owner_id"
HC_HORSE = "$add_horse.0.horse_id"
HC_LA = "$start_livery.0.agreement_id"


def harriet(upto: str) -> list:
    """Miss Harriet Cole and her mare Juniper, from registration to a month's notice given and withdrawn."""
    return cut([
        *sign_ins("meg", "jack", "rosa"),
        ("livery_packages", {}),
        ("yard_extras", {}),
        ("register_owner", {"token": MEG, "name": "Miss Harriet Cole", "phone": "07700 900644",
                            "email": "harriet.cole@mail.example", "address": "Willow Cottage, Long Haddon",
                            "emergency_contact": "Peter Cole, 07700 900645"}),
        ("update_owner", {"token": MEG, "owner_id": HC_OWNER, "address": "Willow Cottage, Mill Lane, Long Haddon"}),
        ("add_horse", {"token": MEG, "owner_id": HC_OWNER, "name": "Juniper", "sex": "mare", "born": 2017,
                       "height_hands": 15.3, "ueln": "826002170041235", "microchip": "826098100412357"}),
        ("horse_record", {"token": MEG, "horse_id": HC_HORSE}),
        ("check_passport", {"token": MEG, "horse_id": HC_HORSE, "ueln": "826002170041235",
                            "microchip": "826098100412357"}),
        ("record_vaccination", {"token": MEG, "horse_id": HC_HORSE, "vaccine": "flu_tetanus", "given_on": "2031-02-27",
                                "vet_practice": "Haddon Equine Vets"}),
        ("stable_board", {"token": MEG, "status": "free"}),
        ("start_livery", {"token": MEG, "horse_id": HC_HORSE, "package": "full", "start_on": TODAY,
                          "box": "$stable_board.0.0.box"}),
        ("field_list", {"token": JACK}),
        ("assign_turnout", {"token": JACK, "agreement_id": HC_LA, "field": "$field_list.0.0.field"}),
        ("set_care_plan", {"token": JACK, "agreement_id": HC_LA,
                           "feed": "One scoop of Alfa-A Oil and a mug of balancer, morning and evening", "hay_kg": 9.0,
                           "rugs": "Medium stable rug at night; lightweight turnout rug if wet", "turnout_hours": 6}),
        ("add_extra", {"token": MEG, "agreement_id": HC_LA, "code": "$yard_extras.0.2.code", "quantity": 4}),
        ("add_extra", {"token": MEG, "agreement_id": HC_LA, "code": "$yard_extras.0.1.code", "quantity": 1}, "clip"),
        ("remove_extra", {"token": MEG, "agreement_id": HC_LA, "code": "$clip.0.extras.0.code"}),
        ("move_box", {"token": MEG, "agreement_id": HC_LA, "box": "$stable_board.0.1.box"}),
        ("change_package", {"token": MEG, "agreement_id": HC_LA, "package": "part"}),
        ("notify_owner", {"token": MEG, "owner_id": HC_OWNER, "channel": "email",
                          "message": "Juniper has settled in well and went out with the mares this morning."}),
        ("owner_account", {"token": MEG, "owner_id": HC_OWNER}),
        ("arena_times", {"token": ROSA, "day": SATURDAY}),
        ("book_arena", {"token": ROSA, "owner_id": HC_OWNER, "day": SATURDAY, "time": "$arena_times.0.0", "jumps": True}),
        ("cancel_arena", {"token": ROSA, "booking_id": "$book_arena.0.booking_id"}),
        ("monthly_invoice", {"token": MEG, "agreement_id": HC_LA, "month": "2031-03"}),
        ("take_payment", {"token": MEG, "invoice_id": "$monthly_invoice.0.invoice_id", "amount": 400.0,
                          "method": "bank_transfer"}),
        ("give_notice", {"token": MEG, "agreement_id": HC_LA, "leaving_on": "2031-04-30"}),
        ("withdraw_notice", {"token": MEG, "agreement_id": HC_LA}),
    ], upto)


AS_OWNER = "$find_owner.0.0.owner_id"
AS_LA = "$owner_account.0.agreements.0.agreement_id"


def ashby(upto: str) -> list:
    """Mrs Ashby's Bramble, from her account: moved, turned out alone, re-planned, invoiced, notice."""
    return cut([
        *sign_ins("meg", "jack"),
        ("yard_extras", {}),
        ("find_owner", {"token": MEG, "text": "Ashby"}),
        ("owner_account", {"token": MEG, "owner_id": AS_OWNER}),
        ("stable_board", {"token": MEG, "status": "free"}),
        ("field_list", {"token": JACK}),
        ("change_package", {"token": MEG, "agreement_id": AS_LA, "package": "part"}),
        ("move_box", {"token": MEG, "agreement_id": AS_LA, "box": "$stable_board.0.0.box"}),
        ("assign_turnout", {"token": JACK, "agreement_id": AS_LA, "field": "$field_list.0.4.field"}),
        ("set_care_plan", {"token": JACK, "agreement_id": AS_LA, "feed": "Alfa-A and balancer twice a day; no mix",
                           "hay_kg": 11.0, "rugs": "Medium stable rug at night", "turnout_hours": 4}),
        ("add_extra", {"token": MEG, "agreement_id": AS_LA, "code": "$yard_extras.0.3.code", "quantity": 10}),
        ("remove_extra", {"token": MEG, "agreement_id": AS_LA, "code": "$add_extra.0.extras.0.code"}),
        ("monthly_invoice", {"token": MEG, "agreement_id": AS_LA, "month": "2031-03"}),
        ("give_notice", {"token": MEG, "agreement_id": AS_LA, "leaving_on": "2031-04-30"}),
        ("withdraw_notice", {"token": MEG, "agreement_id": AS_LA}),
    ], upto)


def ashby_contact(upto: str) -> list:
    """Mrs Ashby's new mobile, a text, and the arena tomorrow."""
    return cut([
        *sign_ins("meg"),
        ("find_owner", {"token": MEG, "text": "Ashby"}),
        ("update_owner", {"token": MEG, "owner_id": AS_OWNER, "phone": "07700 900312"}),
        ("notify_owner", {"token": MEG, "owner_id": AS_OWNER, "channel": "sms",
                          "message": "Bramble's front shoes are done; Sam Dunn says a slight bruise on the near fore."}),
        ("arena_times", {"token": MEG, "day": TOMORROW}),
        ("book_arena", {"token": MEG, "owner_id": AS_OWNER, "day": TOMORROW, "time": "$arena_times.0.0", "jumps": False}),
        ("owner_account", {"token": MEG, "owner_id": AS_OWNER}),
    ], upto)


HALE = [*sign_ins("meg"), ("find_owner", {"token": MEG, "text": "Hale"}),
        ("add_horse", {"token": MEG, "owner_id": "$find_owner.0.0.owner_id", "name": "Rufus", "sex": "gelding",
                       "born": 2015, "height_hands": 16.0, "ueln": "826002150030527", "microchip": "826098100030527"})]

TE_HORSE = "$find_horse.0.0.horse_id"
TEASEL = [*sign_ins("meg"), ("find_horse", {"token": MEG, "text": "Teasel"}),
          ("horse_record", {"token": MEG, "horse_id": TE_HORSE}),
          ("check_passport", {"token": MEG, "horse_id": TE_HORSE, "ueln": "826002200117784", "microchip": "826098100117784"}),
          ("record_vaccination", {"token": MEG, "horse_id": TE_HORSE, "vaccine": "flu_tetanus", "given_on": "2031-01-14",
                                  "vet_practice": "Haddon Equine Vets"}),
          ("start_livery", {"token": MEG, "horse_id": TE_HORSE, "package": "grass", "start_on": TODAY})]

KERR = [*sign_ins("meg"), ("find_owner", {"token": MEG, "text": "Kerr"}),
        ("owner_account", {"token": MEG, "owner_id": "$find_owner.0.0.owner_id"}),
        ("take_payment", {"token": MEG, "invoice_id": "$owner_account.0.invoices.0.invoice_id",
                          "amount": "$owner_account.0.invoices.0.balance", "method": "bank_transfer"}),
        ("depart", {"token": MEG, "agreement_id": "$owner_account.0.agreements.0.agreement_id",
                    "collected_by": "Daniel Kerr, with his own trailer"})]

BR_HORSE = "$find_horse.0.0.horse_id"
BRAMBLE = [*sign_ins("meg", "jack"), ("find_horse", {"token": JACK, "text": "Bramble"}),
           ("record_worm_count", {"token": JACK, "horse_id": BR_HORSE, "eggs_per_gram": 350}),
           ("dose_wormer", {"token": JACK, "horse_id": BR_HORSE, "product": "ivermectin"}),
           ("book_vet", {"token": MEG, "horse_id": BR_HORSE, "reason": "A sarcoid on the girth to look at", "urgent": False})]
DIARY = [*sign_ins("jack", "rosa"), ("yard_diary", {"token": JACK}),
         ("record_farrier_visit", {"token": JACK, "visit_id": "$yard_diary.0.0.ref",
                                   "notes": "Front shoes reset; slight bruise on the near fore sole", "charge": 85.0}),
         ("record_vet_visit", {"token": JACK, "visit_id": "$yard_diary.0.2.ref",
                               "findings": "Flu and tetanus booster given; teeth rasped, a sharp hook on the upper left",
                               "charge": 145.0, "box_rest_days": 0}),
         ("cancel_arena", {"token": ROSA, "booking_id": "$yard_diary.0.3.ref"})]
HECTOR = [*sign_ins("meg"), ("find_horse", {"token": MEG, "text": "Hector"}), ("farrier_days", {"token": MEG}),
          ("book_farrier", {"token": MEG, "horse_id": "$find_horse.0.0.horse_id", "day": "$farrier_days.0.1",
                            "work": "full_set"})]

PIP_HORSE = "$find_horse.0.0.horse_id"
PIP = [*sign_ins("meg", "jack"), ("find_horse", {"token": JACK, "text": "Pip"}), ("farrier_days", {"token": MEG}),
       ("report_injury", {"token": JACK, "horse_id": PIP_HORSE,
                          "description": "Kicked on the near hind cannon in the Orchard; heat and swelling, lame at trot",
                          "severity": "vet_needed"}),
       ("book_vet", {"token": JACK, "horse_id": PIP_HORSE, "reason": "Kick injury to the near hind cannon", "urgent": True,
                     "incident_id": "$report_injury.0.incident_id"}),
       ("record_vet_visit", {"token": JACK, "visit_id": "$book_vet.0.visit_id",
                             "findings": "Soft tissue bruising, no fracture on the X-ray; bute for five days",
                             "charge": 120.0, "box_rest_days": 7}),
       ("dose_wormer", {"token": JACK, "horse_id": PIP_HORSE, "product": "pyrantel"}),
       ("book_farrier", {"token": MEG, "horse_id": PIP_HORSE, "day": "$farrier_days.0.0", "work": "trim"}),
       ("record_farrier_visit", {"token": JACK, "visit_id": "$book_farrier.0.visit_id",
                                 "notes": "Trimmed in the box; feet in good order", "charge": 30.0})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# owners and horses
_FOUND_OWNER = {"update_owner": ashby_contact("update_owner"), "add_horse": HALE,
                "notify_owner": ashby_contact("notify_owner"), "book_arena": ashby_contact("book_arena"),
                "owner_account": ashby("owner_account")}
for _c in tools.OWNER_CONSUMERS:
    _add("register_owner", _c, harriet(_c))
    _add("find_owner", _c, _FOUND_OWNER[_c])
for _c in tools.HORSE_CONSUMERS:
    _add("add_horse", _c, harriet(_c))
    _add("find_horse", _c, cut(TEASEL, _c))
_add("find_horse", "book_farrier", HECTOR)
_add("find_horse", "book_vet", BRAMBLE)
_add("find_horse", "record_worm_count", cut(BRAMBLE, "record_worm_count"))
_add("find_horse", "report_injury", cut(PIP, "report_injury"))
_add("find_horse", "dose_wormer", cut(PIP, "dose_wormer"))

# agreements, invoices, the diary
for _c in tools.AGREEMENT_CONSUMERS:
    _add("start_livery", _c, harriet(_c))
    _add("owner_account", _c, ashby(_c))
_add("owner_account", "depart", KERR)
_add("monthly_invoice", "take_payment", harriet("take_payment"))
_add("owner_account", "take_payment", cut(KERR, "take_payment"))
_add("book_farrier", "record_farrier_visit", PIP)
_add("yard_diary", "record_farrier_visit", cut(DIARY, "record_farrier_visit"))
_add("book_vet", "record_vet_visit", cut(PIP, "record_vet_visit"))
_add("yard_diary", "record_vet_visit", cut(DIARY, "record_vet_visit"))
_add("book_arena", "cancel_arena", harriet("cancel_arena"))
_add("yard_diary", "cancel_arena", DIARY)
_add("report_injury", "book_vet", cut(PIP, "book_vet"))

# vocabularies
_add("stable_board", "start_livery", harriet("start_livery"))
_add("stable_board", "move_box", ashby("move_box"))
_add("field_list", "assign_turnout", harriet("assign_turnout"))
_add("yard_extras", "add_extra", harriet("add_extra"))
_add("farrier_days", "book_farrier", HECTOR)
_add("arena_times", "book_arena", harriet("book_arena"))

# states
_add("check_passport", "start_livery", harriet("start_livery"))
_add("record_vaccination", "start_livery", cut(TEASEL, "start_livery"))
_add("assign_turnout", "set_care_plan", harriet("set_care_plan"))
_add("add_extra", "remove_extra", harriet("remove_extra"))
_add("give_notice", "withdraw_notice", ashby("withdraw_notice"))
_add("record_worm_count", "dose_wormer", cut(BRAMBLE, "dose_wormer"))
_add("take_payment", "depart", KERR)

_OWN = {"sign_out": [sign_in("helen"), ("sign_out", {"token": "$helen.0.token"})]}


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
    ("livery_packages", harriet("start_livery")),
    ("horse_record", harriet("check_passport")),
    ("update_owner", harriet("add_horse")),
    ("notify_owner", harriet("monthly_invoice")),
    ("set_care_plan", harriet("add_extra")),
    ("field_list", harriet("add_extra")),
    ("farrier_days", cut(PIP, "report_injury")),
]
