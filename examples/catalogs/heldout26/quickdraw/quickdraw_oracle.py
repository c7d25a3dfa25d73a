"""Scripted proofs that Quickdraw's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which reads the returned
``{"ok": false, "error": ...}`` dicts as refusals; the replies are plain JSON dicts, so the plain oracle
holds over the raw functions too).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("sign_in", {...}, "jo")``) and pass ``"$jo.session.token"``; replies are read by
key (``"$register_climber.climber.climber_id"``, ``"$sell_pass.sold.pass_id"``,
``"$check_in.visit.visit_id"``, ``"$start_membership.membership.membership_id"``,
``"$enrol.enrolment.invoice_id"``, ``"$book_party.party.invoice_id"``, ``"$hire_kit.hire.hire_id"``,
``"$set_route.route.route_id"``), lists by position and key (``"$find_climber.climbers.0.climber_id"``,
``"$course_calendar.courses.1.course_id"``, ``"$wall_map.walls.1.wall_id"``) and rows by position
(``"$on_the_wall.on_the_wall.0.0"``, ``"$memberships.memberships.0.0"``, ``"$course_register.register.0.0"``,
``"$kit_stock.kit.0.0"``, ``"$party_slots.free.0.1"``, ``"$climber_record.record.passes.0.0"``,
``"$climber_record.record.invoices.0.3"``, ``"$wall_map.walls.1.routes.0.0"``). Every id is read from a
reply; none is written literally.

The day: Ms Erin Walsh registered, her waiver signed, a peak pass sold, inducted on the bouldering walls,
checked in, shoes hired and handed back, checked out, her e-mail address added and an e-mail sent; on
another path she joins on the monthly plan, freezes it and later leaves; on another she passes a
top-rope belay check, is enrolled on Learn to Lead, pays and is signed off; on another she books a
party and is suspended and reinstated; Noah Fenwick registered with his father, his waiver signed by
him, a junior pass, an induction, checked in and put on the Junior Climbing Club; Mr Tom Okoro's
waiver renewed and checked in on his ten-visit card, and on another path joining on the annual plan;
Ms Hannah Price's auto-belay induction, lead check, an e-mail, her membership frozen and unfrozen, her
shoes back and checked out, a party for her daughter Isla with the deposit paid, and Movement and
Technique booked and dropped; Ms Ffion Morgan's Learn to Lead fee paid and signed off, and a day pass;
Mr Chris Wylde on the wall: shoes hired, checked out, suspended for a week and reinstated, his
membership cancelled; Ms Priya Shah's freeze ended; Mr Gary Lomax's suspension lifted; Leo Marsh
taken off the Junior Climbing Club; the Slab closed, a problem stripped, two set, checked by Bea and
reopened; the Lead Arete's new route checked by Sam and the wall reopened; a slip logged on the Cave.
"""

import quickdraw_tools as tools

WHO = {"jo": ("jo.p", "Chalk-Up-24"), "ali": ("ali.r", "Figure-8-Knot"), "kit": ("kit.m", "Belay-Glasses-3"),
       "sam": ("sam.d", "Crimp-Pinch-51"), "bea": ("bea.n", "Sloper-Jug-7"), "meg": ("meg.h", "Foundry-2016")}
JO, ALI, KIT, SAM, BEA, MEG = ("$jo.session.token", "$ali.session.token", "$kit.session.token",
                               "$sam.session.token", "$bea.session.token", "$meg.session.token")


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


EW = "$register_climber.climber.climber_id"
FC = "$find_climber.climbers.0.climber_id"
ERIN_NEW = ("register_climber", {"token": JO, "name": "Ms Erin Walsh", "date_of_birth": "1998-07-21",
                                 "phone": "07700 900538",
                                 "emergency_contact": "Mr Declan Walsh (brother), 07700 900539"})
ERIN_WAIVER = ("sign_waiver", {"token": JO, "climber_id": EW, "signed_by": "Ms Erin Walsh", "accepts_rules": True})
ERIN_INDUCTION = ("record_induction", {"token": ALI, "climber_id": EW, "area": "bouldering", "passed": True,
                                       "notes": "Falling and landing, spotting, keeping out of the fall zone; "
                                                "happy on the Cave and the Slab"})

ERIN = [
    *sign_ins("jo", "ali"),
    ("price_list", {}),
    ERIN_NEW,
    ERIN_WAIVER,
    ("sell_pass", {"token": JO, "climber_id": EW, "kind": "peak", "method": "card"}),
    ERIN_INDUCTION,
    ("check_in", {"token": JO, "climber_id": EW, "entry": "$sell_pass.sold.pass_id"}),
    ("kit_stock", {"token": JO, "kind": "shoes"}),
    ("hire_kit", {"token": JO, "visit_id": "$check_in.visit.visit_id", "items": ["$kit_stock.kit.0.0"],
                  "method": "card"}),
    ("log_incident", {"token": ALI, "visit_id": "$check_in.visit.visit_id", "first_aid": False,
                      "what": "Landed awkwardly off the top of the red 6A; sat out for ten minutes, no injury"}),
    ("return_kit", {"token": JO, "hire_id": "$hire_kit.hire.hire_id"}),
    ("check_out", {"token": JO, "visit_id": "$check_in.visit.visit_id"}),
    ("climber_record", {"token": JO, "climber_id": EW}),
    ("update_climber", {"token": JO, "climber_id": EW, "email": "erin.walsh@mail.example"}),
    ("notify_climber", {"token": JO, "climber_id": EW, "channel": "email",
                        "message": "Welcome to the Foundry, Erin. Your waiver is good for a year; ask at the desk "
                                   "about the monthly plan."}),
]

EM = "$start_membership.membership.membership_id"
ERIN_JOIN = [
    *sign_ins("jo", "ali"),
    ERIN_NEW, ERIN_WAIVER, ERIN_INDUCTION,
    ("start_membership", {"token": JO, "climber_id": EW, "plan": "monthly", "method": "direct_debit"}),
    ("check_in", {"token": JO, "climber_id": EW, "entry": EM}),
    ("freeze_membership", {"token": JO, "membership_id": EM, "months": 2,
                           "reason": "Broken finger; back in May"}),
]
ERIN_LEAVES = [
    *sign_ins("jo", "ali"),
    ERIN_NEW, ERIN_WAIVER, ERIN_INDUCTION,
    ("start_membership", {"token": JO, "climber_id": EW, "plan": "monthly", "method": "direct_debit"}),
    ("cancel_membership", {"token": JO, "membership_id": EM, "reason": "Moving to Leeds for work"}),
]

ERIN_LEAD = [
    *sign_ins("jo", "kit"),
    ERIN_NEW, ERIN_WAIVER,
    ("belay_check", {"token": KIT, "climber_id": EW, "level": "top_rope", "device": "tube", "passed": True,
                     "notes": "Figure of eight and stopper tied clean; good brake hand; lowered smoothly"}),
    ("course_calendar", {}),
    ("enrol", {"token": JO, "course_id": "$course_calendar.courses.1.course_id", "climber_id": EW}),
    ("take_payment", {"token": JO, "invoice_id": "$enrol.enrolment.invoice_id", "amount": "$enrol.enrolment.balance",
                      "method": "card"}),
    ("sign_off", {"token": KIT, "enrolment_id": "$enrol.enrolment.enrolment_id", "passed": True,
                  "notes": "Clipping and rope work solid; dynamic belay needs practice"}),
]

ERIN_PARTY = [
    *sign_ins("jo", "ali", "meg"),
    ERIN_NEW,
    ("party_slots", {"token": JO, "day": "2032-04-03"}),
    ("book_party", {"token": JO, "climber_id": EW, "day": "2032-04-03", "slot": "$party_slots.free.2.0",
                    "instructor_id": "$party_slots.free.2.1", "children": 6, "birthday_child": "Maisie Walsh"}),
    ("take_payment", {"token": JO, "invoice_id": "$book_party.party.invoice_id", "amount": "$book_party.party.deposit",
                      "method": "card"}),
    ("suspend_climber", {"token": ALI, "climber_id": EW, "days": 7,
                         "reason": "Climbed above another climber on the Cave after being asked not to"}),
    ("lift_suspension", {"token": MEG, "climber_id": EW, "note": "Spoke to her; she understands the fall zones"}),
]

NF = "$register_climber.climber.climber_id"
NOAH = [
    *sign_ins("jo", "ali"),
    ("register_climber", {"token": JO, "name": "Noah Fenwick", "date_of_birth": "2022-02-03", "phone": "07700 900546",
                          "emergency_contact": "Mr Paul Fenwick (father), 07700 900546",
                          "guardian": "Mr Paul Fenwick"}),
    ("sign_waiver", {"token": JO, "climber_id": NF, "signed_by": "Mr Paul Fenwick", "accepts_rules": True}),
    ("sell_pass", {"token": JO, "climber_id": NF, "kind": "junior", "method": "cash"}),
    ("record_induction", {"token": ALI, "climber_id": NF, "area": "bouldering", "passed": True,
                          "notes": "Down-climbing and jumping off from half height; dad watching"}),
    ("check_in", {"token": JO, "climber_id": NF, "entry": "$sell_pass.sold.pass_id"}),
    ("course_calendar", {}),
    ("enrol", {"token": JO, "course_id": "$course_calendar.courses.2.course_id", "climber_id": NF}),
]

TOM = [
    *sign_ins("jo"),
    ("find_climber", {"token": JO, "text": "Okoro"}),
    ("climber_record", {"token": JO, "climber_id": FC}),
    ("sign_waiver", {"token": JO, "climber_id": FC, "signed_by": "Mr Tom Okoro", "accepts_rules": True}),
    ("check_in", {"token": JO, "climber_id": FC, "entry": "$climber_record.record.passes.0.0"}),
]
TOM_JOIN = [
    *sign_ins("jo"),
    ("find_climber", {"token": JO, "text": "Okoro"}),
    ("sign_waiver", {"token": JO, "climber_id": FC, "signed_by": "Mr Tom Okoro", "accepts_rules": True}),
    ("start_membership", {"token": JO, "climber_id": FC, "plan": "annual", "method": "card"}),
]
TOM_PHONE = [*sign_ins("jo"), ("find_climber", {"token": JO, "text": "Okoro"}),
             ("update_climber", {"token": JO, "climber_id": FC, "phone": "07700 900408",
                                 "emergency_contact": "Ms Ada Okoro (sister), 07700 900409"})]

HANNAH = [
    *sign_ins("jo", "ali", "kit"),
    ("find_climber", {"token": JO, "text": "Hannah"}),
    ("record_induction", {"token": ALI, "climber_id": FC, "area": "auto_belay", "passed": True,
                          "notes": "Clipping in and the pre-climb check shown on the North Wall auto-belays"}),
    ("belay_check", {"token": KIT, "climber_id": FC, "level": "lead", "device": "assisted_braking", "passed": True,
                     "notes": "Clean clipping and a soft catch on the Lead Arete"}),
    ("notify_climber", {"token": JO, "climber_id": FC, "channel": "email",
                        "message": "You are now cleared to lead at the Foundry. Please bring your own rope."}),
]
HANNAH_FREEZE = [
    *sign_ins("jo"),
    ("memberships", {"token": JO, "status": "active"}),
    ("freeze_membership", {"token": JO, "membership_id": "$memberships.memberships.0.0", "months": 1,
                           "reason": "Away walking in Nepal until mid-April"}),
    ("unfreeze_membership", {"token": JO, "membership_id": "$memberships.memberships.0.0"}),
]
HANNAH_KIT = [
    *sign_ins("jo"),
    ("find_climber", {"token": JO, "text": "Hannah"}),
    ("climber_record", {"token": JO, "climber_id": FC}),
    ("return_kit", {"token": JO, "hire_id": "$climber_record.record.hires.0.0"}),
    ("on_the_wall", {"token": JO}),
    ("check_out", {"token": JO, "visit_id": "$on_the_wall.on_the_wall.1.0"}),
]
HANNAH_PARTY = [
    *sign_ins("jo"),
    ("find_climber", {"token": JO, "text": "Hannah"}),
    ("party_slots", {"token": JO, "day": "2032-03-27"}),
    ("book_party", {"token": JO, "climber_id": FC, "day": "2032-03-27", "slot": "$party_slots.free.0.0",
                    "instructor_id": "$party_slots.free.0.1", "children": 8, "birthday_child": "Isla Price"}),
    ("take_payment", {"token": JO, "invoice_id": "$book_party.party.invoice_id", "amount": "$book_party.party.deposit",
                      "method": "card"}),
]
HANNAH_COURSE = [
    *sign_ins("jo"),
    ("find_climber", {"token": JO, "text": "Hannah"}),
    ("course_calendar", {}),
    ("enrol", {"token": JO, "course_id": "$course_calendar.courses.3.course_id", "climber_id": FC}),
    ("withdraw", {"token": JO, "enrolment_id": "$enrol.enrolment.enrolment_id",
                  "reason": "Working late on Wednesdays this month"}),
]

FFION = [
    *sign_ins("jo", "kit"),
    ("find_climber", {"token": JO, "text": "Ffion"}),
    ("climber_record", {"token": JO, "climber_id": FC}),
    ("take_payment", {"token": JO, "invoice_id": "$climber_record.record.invoices.0.0",
                      "amount": "$climber_record.record.invoices.0.3", "method": "card"}),
    ("course_calendar", {}),
    ("course_register", {"token": KIT, "course_id": "$course_calendar.courses.1.course_id"}),
    ("sign_off", {"token": KIT, "enrolment_id": "$course_register.register.0.0", "passed": True,
                  "notes": "Leads 6a confidently; clean clipping from good stances"}),
]
FFION_PASS = [*sign_ins("jo"), ("find_climber", {"token": JO, "text": "Ffion"}),
              ("sell_pass", {"token": JO, "climber_id": FC, "kind": "peak", "method": "cash"})]

CHRIS = [
    *sign_ins("jo", "ali", "meg"),
    ("on_the_wall", {"token": JO}),
    ("kit_stock", {"token": JO, "kind": "chalk_bag"}),
    ("hire_kit", {"token": JO, "visit_id": "$on_the_wall.on_the_wall.0.0", "items": ["$kit_stock.kit.0.0"],
                  "method": "cash"}),
    ("log_incident", {"token": ALI, "visit_id": "$on_the_wall.on_the_wall.1.0", "first_aid": True,
                      "what": "Grazed her shin on a volume in the Cave; cleaned and dressed"}),
]
CHRIS_OUT = [*sign_ins("jo"), ("on_the_wall", {"token": JO}),
             ("check_out", {"token": JO, "visit_id": "$on_the_wall.on_the_wall.0.0"})]
CHRIS_BAN = [
    *sign_ins("ali", "meg"),
    ("find_climber", {"token": ALI, "text": "Wylde"}),
    ("suspend_climber", {"token": ALI, "climber_id": FC, "days": 7,
                         "reason": "Belayed with a coil of slack out while his partner was at the third clip"}),
    ("lift_suspension", {"token": MEG, "climber_id": FC, "note": "Retook his lead belay with Kit and passed"}),
]
CHRIS_LEAVES = [*sign_ins("jo"), ("memberships", {"token": JO, "status": "active"}),
                ("cancel_membership", {"token": JO, "membership_id": "$memberships.memberships.1.0",
                                       "reason": "Knee operation; not climbing for the rest of the year"})]

PRIYA = [*sign_ins("jo"), ("memberships", {"token": JO, "status": "frozen"}),
         ("unfreeze_membership", {"token": JO, "membership_id": "$memberships.memberships.0.0"})]
PRIYA_RECORD = [*sign_ins("jo"), ("find_climber", {"token": JO, "text": "Shah"}),
                ("climber_record", {"token": JO, "climber_id": FC}),
                ("unfreeze_membership", {"token": JO, "membership_id": "$climber_record.record.memberships.0.0"})]

GARY = [*sign_ins("meg"), ("find_climber", {"token": MEG, "text": "Lomax"}),
        ("lift_suspension", {"token": MEG, "climber_id": FC,
                             "note": "Apologised in writing and retook his belay check"})]

LEO = [
    *sign_ins("jo"),
    ("course_calendar", {}),
    ("course_register", {"token": JO, "course_id": "$course_calendar.courses.2.course_id"}),
    ("withdraw", {"token": JO, "enrolment_id": "$course_register.register.0.0",
                  "reason": "Leo has football on Saturday mornings from now on"}),
]

SLAB = [
    *sign_ins("sam", "bea"),
    ("wall_map", {"token": SAM}),
    ("close_wall", {"token": SAM, "wall_id": "$wall_map.walls.1.wall_id", "reason": "Reset of the Slab"}),
    ("strip_route", {"token": SAM, "route_id": "$wall_map.walls.1.routes.0.0"}),
    ("set_route", {"token": SAM, "wall_id": "$wall_map.walls.1.wall_id", "grade": "5+", "colour": "orange"}),
    ("set_route", {"token": SAM, "wall_id": "$wall_map.walls.1.wall_id", "grade": "6A", "colour": "blue",
                   "name": "Pilot Light"}, "second"),
    ("check_route", {"token": BEA, "route_id": "$set_route.route.route_id",
                     "comments": "Foot smear at the start tightened; grade agreed"}),
    ("check_route", {"token": BEA, "route_id": "$second.route.route_id",
                     "comments": "Top jug spun; tightened. Feels 6A+ but leave it"}, "checked"),
    ("reopen_wall", {"token": SAM, "wall_id": "$wall_map.walls.1.wall_id"}),
]
LEAD_WALL = [
    *sign_ins("sam"),
    ("wall_map", {"token": SAM}),
    ("check_route", {"token": SAM, "route_id": "$wall_map.walls.3.routes.1.0",
                     "comments": "Clipped all the bolts from the ground; the crux sequence is fine"}),
    ("reopen_wall", {"token": SAM, "wall_id": "$wall_map.walls.3.wall_id"}),
]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# climbers
_NEW = {"update_climber": ERIN, "climber_record": ERIN, "sign_waiver": ERIN, "record_induction": ERIN,
        "belay_check": ERIN_LEAD, "suspend_climber": ERIN_PARTY, "lift_suspension": ERIN_PARTY,
        "notify_climber": ERIN, "sell_pass": NOAH, "check_in": NOAH, "start_membership": ERIN_JOIN, "enrol": NOAH,
        "book_party": ERIN_PARTY}
_FOUND = {"update_climber": TOM_PHONE, "climber_record": TOM, "sign_waiver": TOM, "record_induction": HANNAH,
          "belay_check": HANNAH, "suspend_climber": CHRIS_BAN, "lift_suspension": GARY, "notify_climber": HANNAH,
          "sell_pass": FFION_PASS, "check_in": TOM, "start_membership": TOM_JOIN, "enrol": HANNAH_COURSE,
          "book_party": HANNAH_PARTY}
for _c in tools.CLIMBER_CONSUMERS:
    _add("register_climber", _c, cut(_NEW[_c], _c))
    _add("find_climber", _c, cut(_FOUND[_c], _c))

# visits, memberships, enrolments, walls
for _c in tools.VISIT_CONSUMERS:
    _add("check_in", _c, cut(ERIN, _c))
_add("on_the_wall", "check_out", CHRIS_OUT)
_add("on_the_wall", "hire_kit", cut(CHRIS, "hire_kit"))
_add("on_the_wall", "log_incident", CHRIS)
_add("start_membership", "freeze_membership", ERIN_JOIN)
_add("start_membership", "cancel_membership", ERIN_LEAVES)
_add("memberships", "freeze_membership", cut(HANNAH_FREEZE, "freeze_membership"))
_add("memberships", "cancel_membership", CHRIS_LEAVES)
_add("enrol", "withdraw", HANNAH_COURSE)
_add("enrol", "sign_off", ERIN_LEAD)
_add("course_register", "withdraw", LEO)
_add("course_register", "sign_off", FFION)
for _c in tools.WALL_CONSUMERS:
    _add("wall_map", _c, cut(SLAB, _c))

_add("sell_pass", "check_in", cut(ERIN, "check_in"))
_add("start_membership", "check_in", cut(ERIN_JOIN, "check_in"))
_add("climber_record", "check_in", TOM)
_add("memberships", "unfreeze_membership", PRIYA)
_add("climber_record", "unfreeze_membership", PRIYA_RECORD)
_add("course_calendar", "enrol", cut(ERIN_LEAD, "enrol"))
_add("course_calendar", "course_register", cut(FFION, "course_register"))
_add("enrol", "take_payment", cut(ERIN_LEAD, "take_payment"))
_add("book_party", "take_payment", HANNAH_PARTY)
_add("climber_record", "take_payment", cut(FFION, "take_payment"))
_add("hire_kit", "return_kit", cut(ERIN, "return_kit"))
_add("climber_record", "return_kit", cut(HANNAH_KIT, "return_kit"))
_add("wall_map", "strip_route", cut(SLAB, "strip_route"))
_add("set_route", "check_route", cut(SLAB, "check_route"))
_add("wall_map", "check_route", cut(LEAD_WALL, "check_route"))

# vocabularies
_add("kit_stock", "hire_kit", cut(ERIN, "hire_kit"))
_add("party_slots", "book_party", cut(HANNAH_PARTY, "book_party"))

# states
_add("sign_waiver", "record_induction", cut(ERIN, "record_induction"))
_add("sign_waiver", "belay_check", cut(ERIN_LEAD, "belay_check"))
_add("sign_waiver", "sell_pass", cut(ERIN, "sell_pass"))
_add("sign_waiver", "check_in", TOM)
_add("sign_waiver", "start_membership", TOM_JOIN)
_add("record_induction", "check_in", cut(ERIN, "check_in"))
_add("record_induction", "start_membership", cut(ERIN_JOIN, "start_membership"))
_add("belay_check", "enrol", cut(ERIN_LEAD, "enrol"))
_add("take_payment", "sign_off", FFION)
_add("return_kit", "check_out", HANNAH_KIT)
_add("freeze_membership", "unfreeze_membership", HANNAH_FREEZE)
_add("close_wall", "strip_route", cut(SLAB, "strip_route"))
_add("close_wall", "set_route", cut(SLAB, "set_route"))
_add("close_wall", "reopen_wall", SLAB)
_add("check_route", "reopen_wall", SLAB)
_add("suspend_climber", "lift_suspension", CHRIS_BAN)
_add("update_climber", "notify_climber", ERIN)

_OWN = {"sign_out": [sign_in("meg"), ("sign_out", {"token": MEG})]}


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
    ("price_list", cut(ERIN, "register_climber")),
    ("sell_pass", cut(ERIN, "record_induction")),
    ("hire_kit", cut(ERIN, "check_out")),
    ("climber_record", cut(TOM, "sign_waiver")),
    ("strip_route", cut(SLAB, "set_route")),
    ("log_incident", cut(ERIN, "check_out")),
    ("find_climber", cut(HANNAH_PARTY, "party_slots")),
]
