"""Scripted proofs that Bisque's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime built with ``failure=FAILURE``, which reads the
studio's XML-RPC fault structs as refusals; the replies are plain JSON, so the plain oracle runs them as well,
with the module's ``FAILURE``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once
every call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "ines")``) and pass ``"$ines.token"``; replies are read by field
(``"$join_member.member_id"``, ``"$log_piece.piece_id"``, ``"$enrol.place_id"``, ``"$sell_materials.sale_id"``,
``"$book_studio_time.booking_id"``, ``"$open_kiln_load.load_id"``) and list rows by position and column
(``"$find_member.0.0"``, ``"$pieces.1.0"``, ``"$kiln_loads.0.0"``, ``"$course_register.0.0"``,
``"$studio_slots.1.0"``, ``"$studio_bookings.0.0"``, ``"$collection_shelf.0.0"``, ``"$course_timetable.1.0"``,
``"$stock.0.0"``, ``"$glaze_chart.0.0"``). Every id is read from a reply; none is written literally. A step
saved under a name of its own (``("add_to_load", {...}, "pack_glaze")``) is a second call of a tool on one path.

The day: Ms Hana Pereira joins as a studio member, books a wheel this morning (and cancels), buys buff
stoneware and logs a hand-built dish, which is dried, paid for, packed into the big kiln's bisque load,
fired, unloaded and glazed; then paid for again, packed into a fresh glaze load, fired, unloaded and
collected (on other paths she changes plan, is written to, enrols on the handbuilding course and pays and is
marked in or withdraws, returns a tool kit, or drops her dish). Ben Hollis moves to a studio membership and
takes a wheel this afternoon; his slab planter is dried or broken, and his coil pot glazed honey amber from the
shop's jars. Kit unloads the test kiln's glaze firing, after which Carol Mbeki collects her porcelain bowl and
Ada's mug is glazed, paid for and fired in a new test load (or taken out again); he fires the big kiln's
bisque load or takes Ada's jug out of it, and packs Erin Walsh's first bowl once its fee is paid. Felix Grant
pays his course fee and is marked in; Carol withdraws, changes her e-mail, enrols on the glaze day and cancels
tomorrow's bench. Dev Anand buys porcelain, is texted and collects his teapot; Ada logs a casserole.
"""

import bisque_tools as tools

WHO = {"ines": ("ines.r", "Slip-And-Score-3"), "mo": ("mo.b", "Centre-The-Clay-7"),
       "kit": ("kit.a", "Cone-Six-Pack-12"), "fran": ("fran.d", "Mill-Yard-2016")}
I, MO, KIT, F = "$ines.token", "$mo.token", "$kit.token", "$fran.token"
TODAY = "2031-02-08"
SUNDAY = "2031-02-09"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def course(code: str) -> str:
    """A reference to a course's code in the timetable, by its position."""
    return f"$course_timetable.{list(tools.COURSES).index(code)}.0"


def glaze(code: str, source: str = "glaze_chart") -> str:
    """A reference to a glaze's code in the glaze chart (or the shop's glaze shelf), by its position."""
    return f"${source}.{list(tools.GLAZES).index(code)}.0"


def clay(code: str) -> str:
    """A reference to a clay's code on the shop's clay shelf, by its position."""
    return f"$stock.{list(tools.CLAYS).index(code)}.0"


NEW = "$join_member.member_id"
PIECE = "$log_piece.piece_id"
FOUND = "$find_member.0.0"
JOIN = ("join_member", {"token": I, "name": "Ms Hana Pereira", "phone": "07700 960431", "plan": "studio",
                        "emergency_contact": "Luis Pereira (husband), 07700 960432",
                        "email": "hana.pereira@mail.example"})
HANA_POT = [
    *sign_ins("ines", "kit"),
    JOIN,
    ("stock", {"token": I, "kind": "clay"}),
    ("sell_materials", {"token": I, "member_id": NEW, "code": clay("C-BUFF"), "quantity": 1, "method": "card"}),
    ("log_piece", {"token": I, "member_id": NEW, "clay_code": clay("C-BUFF"), "description": "Hand-built serving dish",
                   "height_cm": 6.0, "width_cm": 18.0}),
    ("mark_bone_dry", {"token": I, "piece_id": PIECE}),
    ("firing_quote", {"token": I, "piece_id": PIECE}),
    ("pay_firing_fee", {"token": I, "piece_id": PIECE, "method": "card"}),
    ("kiln_loads", {"token": KIT, "status": "loading"}),
    ("add_to_load", {"token": KIT, "load_id": "$kiln_loads.0.0", "piece_id": PIECE}),
    ("start_firing", {"token": KIT, "load_id": "$kiln_loads.0.0"}),
    ("unload_kiln", {"token": KIT, "load_id": "$kiln_loads.0.0", "notes": "Bisque to 06; everything sound"}),
    ("glaze_chart", {}),
    ("glaze_piece", {"token": I, "piece_id": PIECE, "glaze_code": glaze("G-TEN"), "coats": 2}),
]
HANA_FINISHED = HANA_POT + [
    ("pay_firing_fee", {"token": I, "piece_id": PIECE, "method": "card"}, "glaze_fee"),
    ("open_kiln_load", {"token": KIT, "kiln": "big", "firing": "glaze", "cone": "6"}),
    ("add_to_load", {"token": KIT, "load_id": "$open_kiln_load.load_id", "piece_id": PIECE}, "pack_glaze"),
    ("start_firing", {"token": KIT, "load_id": "$open_kiln_load.load_id"}, "fire_glaze"),
    ("unload_kiln", {"token": KIT, "load_id": "$open_kiln_load.load_id", "notes": "Glaze to cone 6"}, "unload_glaze"),
    ("collection_shelf", {"token": I, "member_id": NEW}),
    ("collect_piece", {"token": I, "piece_id": "$collection_shelf.0.0", "collected_by": "Ms Hana Pereira"}),
]
HANA_OUT = cut(HANA_POT, "add_to_load") + [
    ("remove_from_load", {"token": KIT, "load_id": "$kiln_loads.0.0", "piece_id": PIECE})]
HANA_DROPPED = cut(HANA_POT, "log_piece") + [
    ("report_breakage", {"token": I, "piece_id": PIECE, "cause": "dropped",
                         "note": "Slid off the board on the way to the drying rack; Hana has the pieces"})]
HANA_DETAILS = [*sign_ins("ines"), JOIN, ("update_member", {"token": I, "member_id": NEW,
                                                            "email": "hana@pereira-home.example"})]
HANA_RECORD = [*sign_ins("ines"), JOIN, ("member_record", {"token": I, "member_id": NEW})]
HANA_PLAN = [*sign_ins("ines"), JOIN, ("change_plan", {"token": I, "member_id": NEW, "plan": "evening"})]
HANA_WELCOME = [*sign_ins("ines"), JOIN,
                ("notify_member", {"token": I, "member_id": NEW, "channel": "sms",
                                   "text": "Welcome to Slipway! Your wheel is booked for 10 this morning."})]
HANA_WHEEL = [*sign_ins("ines"), JOIN, ("studio_slots", {"token": I, "date": TODAY}),
              ("book_studio_time", {"token": I, "member_id": NEW, "session_id": "$studio_slots.0.0", "wheel": True}),
              ("cancel_studio_time", {"token": I, "booking_id": "$book_studio_time.booking_id",
                                      "reason": "Hana would rather watch the handbuilding class first"})]
HANA_COURSE = [*sign_ins("ines", "mo"), JOIN, ("course_timetable", {}),
               ("enrol", {"token": I, "member_id": NEW, "course_code": course("HAND-SAT-4W")}),
               ("pay_course_fee", {"token": I, "place_id": "$enrol.place_id", "amount": 140.0, "method": "card"}),
               ("mark_attendance", {"token": MO, "place_id": "$enrol.place_id", "week": 2, "present": True})]
HANA_WITHDRAWS = cut(HANA_COURSE, "enrol") + [
    ("withdraw_place", {"token": I, "place_id": "$enrol.place_id", "reason": "Saturdays clash with her shifts"})]
HANA_KIT = [*sign_ins("ines"), JOIN, ("stock", {"token": I, "kind": "tools"}),
            ("sell_materials", {"token": I, "member_id": NEW, "code": "$stock.0.0", "quantity": 1, "method": "card"}),
            ("return_sale", {"token": I, "sale_id": "$sell_materials.sale_id",
                             "reason": "Unopened; her sister gave her a kit as a welcome present"})]

BEN_WHEEL = [*sign_ins("ines"), ("find_member", {"token": I, "text": "Hollis"}), ("membership_rates", {}),
             ("change_plan", {"token": I, "member_id": FOUND, "plan": "studio"}),
             ("studio_slots", {"token": I, "date": TODAY}),
             ("book_studio_time", {"token": I, "member_id": FOUND, "session_id": "$studio_slots.1.0", "wheel": True})]
BEN_DRY = [*sign_ins("ines"), ("pieces", {"token": I, "status": "greenware"}),
           ("mark_bone_dry", {"token": I, "piece_id": "$pieces.0.0"})]
BEN_BROKEN = [*sign_ins("ines"), ("pieces", {"token": I, "status": "greenware"}),
              ("report_breakage", {"token": I, "piece_id": "$pieces.0.0", "cause": "dropped",
                                   "note": "Knocked off the drying rack; Ben told, clay reclaimed"})]
BEN_HONEY = [*sign_ins("ines"), ("pieces", {"token": I, "status": "bisque_fired"}), ("stock", {"token": I, "kind": "glaze"}),
             ("glaze_piece", {"token": I, "piece_id": "$pieces.1.0", "glaze_code": glaze("G-HONEY", "stock"),
                              "coats": 2})]
CAROL_EMAIL = [*sign_ins("ines"), ("find_member", {"token": I, "text": "Mbeki"}),
               ("update_member", {"token": I, "member_id": FOUND, "email": "carol.mbeki@newmail.example"})]
CAROL_GLAZE_DAY = [*sign_ins("ines"), ("find_member", {"token": I, "text": "Mbeki"}), ("course_timetable", {}),
                   ("enrol", {"token": I, "member_id": FOUND, "course_code": course("GLAZE-DAY")})]
CAROL_SUNDAY = [*sign_ins("ines"), ("studio_bookings", {"token": I, "date": SUNDAY}),
                ("cancel_studio_time", {"token": I, "booking_id": "$studio_bookings.0.0",
                                        "reason": "Carol can't make tomorrow morning after all"})]
CAROL_BOWL = [*sign_ins("kit", "ines"), ("kiln_loads", {"token": KIT, "status": "firing"}),
              ("unload_kiln", {"token": KIT, "load_id": "$kiln_loads.0.0",
                               "notes": "Glaze to cone 6; the celadon has pooled beautifully"}),
              ("find_member", {"token": I, "text": "Mbeki"}),
              ("pieces", {"token": I, "member_id": FOUND}),
              ("collect_piece", {"token": I, "piece_id": "$pieces.0.0", "collected_by": "Mrs Carol Mbeki"})]
CAROL_OUT = [*sign_ins("ines"), ("course_timetable", {}),
             ("course_register", {"token": I, "course_code": course("HAND-SAT-4W"), "week": 2}),
             ("withdraw_place", {"token": I, "place_id": "$course_register.1.0",
                                 "reason": "Carol is moving to the glaze day instead"})]
ADA_RECORD = [*sign_ins("ines"), ("find_member", {"token": I, "text": "Kowalski"}),
              ("member_record", {"token": I, "member_id": FOUND})]
ADA_CASSEROLE = [*sign_ins("ines"), ("find_member", {"token": I, "text": "Kowalski"}), ("stock", {"token": I, "kind": "clay"}),
                 ("log_piece", {"token": I, "member_id": FOUND, "clay_code": clay("C-BUFF"),
                                "description": "Lidded casserole", "height_cm": 15.0, "width_cm": 24.0})]
ADA_GLAZE = [*sign_ins("ines"), ("pieces", {"token": I, "status": "bisque_fired"}), ("glaze_chart", {}),
             ("glaze_piece", {"token": I, "piece_id": "$pieces.0.0", "glaze_code": glaze("G-CEL"), "coats": 2})]
ADA_MUG = [
    *sign_ins("kit", "ines"),
    ("kiln_loads", {"token": KIT, "status": "firing"}),
    ("unload_kiln", {"token": KIT, "load_id": "$kiln_loads.0.0", "notes": "Glaze to cone 6; all sound"}),
    ("pieces", {"token": I, "status": "bisque_fired"}),
    ("glaze_chart", {}),
    ("glaze_piece", {"token": I, "piece_id": "$pieces.0.0", "glaze_code": glaze("G-CEL"), "coats": 2}),
    ("pay_firing_fee", {"token": I, "piece_id": "$pieces.0.0", "method": "card"}),
    ("open_kiln_load", {"token": KIT, "kiln": "test", "firing": "glaze", "cone": "6"}),
    ("add_to_load", {"token": KIT, "load_id": "$open_kiln_load.load_id", "piece_id": "$pieces.0.0"}),
    ("start_firing", {"token": KIT, "load_id": "$open_kiln_load.load_id"}),
]
ADA_MUG_FIRED = ADA_MUG + [("unload_kiln", {"token": KIT, "load_id": "$open_kiln_load.load_id",
                                            "notes": "Test firing of Ada's mug: good"}, "unload_mug")]
ADA_MUG_OUT = cut(ADA_MUG, "add_to_load") + [
    ("remove_from_load", {"token": KIT, "load_id": "$open_kiln_load.load_id", "piece_id": "$pieces.0.0"})]
ADA_MUG_LOG = cut(ADA_MUG, "add_to_load") + [("kiln_log", {"token": KIT, "load_id": "$open_kiln_load.load_id"})]
ADA_JUG = [*sign_ins("kit"), ("pieces", {"token": KIT, "status": "bone_dry"}), ("kiln_loads", {"token": KIT, "status": "loading"}),
           ("remove_from_load", {"token": KIT, "load_id": "$kiln_loads.0.0", "piece_id": "$pieces.0.0"})]
ERIN = [*sign_ins("ines", "kit"), ("pieces", {"token": I, "status": "bone_dry"}),
        ("firing_quote", {"token": I, "piece_id": "$pieces.1.0"}),
        ("pay_firing_fee", {"token": I, "piece_id": "$pieces.1.0", "method": "cash"}),
        ("kiln_loads", {"token": KIT, "status": "loading"}),
        ("add_to_load", {"token": KIT, "load_id": "$kiln_loads.0.0", "piece_id": "$pieces.1.0"})]
BIG_FIRE = [*sign_ins("kit"), ("kiln_loads", {"token": KIT, "status": "loading"}),
            ("start_firing", {"token": KIT, "load_id": "$kiln_loads.0.0"}),
            ("unload_kiln", {"token": KIT, "load_id": "$kiln_loads.0.0", "notes": "Bisque to 06; the jug is sound"})]
TEST_LOG = [*sign_ins("kit"), ("kiln_loads", {"token": KIT, "status": "firing"}),
            ("kiln_log", {"token": KIT, "load_id": "$kiln_loads.0.0"})]
FELIX = [*sign_ins("ines", "mo"), ("course_timetable", {}),
         ("course_register", {"token": MO, "course_code": course("HAND-SAT-4W"), "week": 2}),
         ("pay_course_fee", {"token": I, "place_id": "$course_register.0.0", "amount": 140.0, "method": "cash"}),
         ("mark_attendance", {"token": MO, "place_id": "$course_register.0.0", "week": 2, "present": True})]
DEV_PORCELAIN = [*sign_ins("ines"), ("find_member", {"token": I, "text": "Anand"}), ("stock", {"token": I, "kind": "clay"}),
                 ("sell_materials", {"token": I, "member_id": FOUND, "code": clay("C-PORC"), "quantity": 1,
                                     "method": "card"})]
DEV_TEXT = [*sign_ins("ines"), ("find_member", {"token": I, "text": "Anand"}),
            ("notify_member", {"token": I, "member_id": FOUND, "channel": "sms",
                               "text": "Slipway: your teapot is out of the kiln and on the collection shelf."})]
DEV_TEAPOT = [*sign_ins("ines"), ("collection_shelf", {"token": I}),
              ("collect_piece", {"token": I, "piece_id": "$collection_shelf.0.0", "collected_by": "Mr Dev Anand"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# members
_JOINED = {"update_member": HANA_DETAILS, "member_record": HANA_RECORD, "change_plan": HANA_PLAN,
           "book_studio_time": HANA_WHEEL, "enrol": HANA_COURSE, "sell_materials": HANA_POT, "log_piece": HANA_POT,
           "notify_member": HANA_WELCOME}
_FOUND = {"update_member": CAROL_EMAIL, "member_record": ADA_RECORD, "change_plan": BEN_WHEEL,
          "book_studio_time": BEN_WHEEL, "enrol": CAROL_GLAZE_DAY, "sell_materials": DEV_PORCELAIN,
          "log_piece": ADA_CASSEROLE, "notify_member": DEV_TEXT}
for _c in tools.MEMBER_CONSUMERS:
    _add("join_member", _c, cut(_JOINED[_c], _c))
    _add("find_member", _c, cut(_FOUND[_c], _c))

# course places
_ENROLLED = {"pay_course_fee": HANA_COURSE, "withdraw_place": HANA_WITHDRAWS, "mark_attendance": HANA_COURSE}
_REGISTER = {"pay_course_fee": FELIX, "withdraw_place": CAROL_OUT, "mark_attendance": FELIX}
for _c in tools.PLACE_CONSUMERS:
    _add("enrol", _c, cut(_ENROLLED[_c], _c))
    _add("course_register", _c, cut(_REGISTER[_c], _c))

# pieces
_LOGGED = {"mark_bone_dry": HANA_POT, "glaze_piece": HANA_POT, "add_to_load": HANA_POT, "remove_from_load": HANA_OUT,
           "firing_quote": HANA_POT, "pay_firing_fee": HANA_POT, "report_breakage": HANA_DROPPED}
_LISTED = {"mark_bone_dry": BEN_DRY, "glaze_piece": ADA_GLAZE, "add_to_load": ERIN, "remove_from_load": ADA_JUG,
           "firing_quote": ERIN, "pay_firing_fee": ERIN, "report_breakage": BEN_BROKEN}
for _c in tools.PIECE_CONSUMERS:
    _add("log_piece", _c, cut(_LOGGED[_c], _c))
    _add("pieces", _c, cut(_LISTED[_c], _c))

# kiln loads
_OPENED = {"add_to_load": ADA_MUG, "remove_from_load": ADA_MUG_OUT, "start_firing": ADA_MUG,
           "unload_kiln": ADA_MUG_FIRED, "kiln_log": ADA_MUG_LOG}
_LOADS = {"add_to_load": ERIN, "remove_from_load": ADA_JUG, "start_firing": BIG_FIRE, "unload_kiln": BIG_FIRE,
          "kiln_log": TEST_LOG}
for _c in tools.LOAD_CONSUMERS:
    _add("open_kiln_load", _c, _OPENED[_c] if _c == "unload_kiln" else cut(_OPENED[_c], _c))
    _add("kiln_loads", _c, cut(_LOADS[_c], _c))

# studio bookings, finished pieces, sessions, sales
_add("book_studio_time", "cancel_studio_time", HANA_WHEEL)
_add("studio_bookings", "cancel_studio_time", CAROL_SUNDAY)
_add("collection_shelf", "collect_piece", DEV_TEAPOT)
_add("pieces", "collect_piece", CAROL_BOWL)
_add("studio_slots", "book_studio_time", BEN_WHEEL)
_add("sell_materials", "return_sale", HANA_KIT)

# vocabularies
_add("course_timetable", "enrol", CAROL_GLAZE_DAY)
_add("course_timetable", "course_register", cut(FELIX, "course_register"))
_add("stock", "sell_materials", DEV_PORCELAIN)
_add("stock", "log_piece", ADA_CASSEROLE)
_add("glaze_chart", "glaze_piece", ADA_GLAZE)
_add("stock", "glaze_piece", BEN_HONEY)

# states
_add("sell_materials", "log_piece", cut(HANA_POT, "log_piece"))
_add("mark_bone_dry", "add_to_load", cut(HANA_POT, "add_to_load"))
_add("glaze_piece", "add_to_load", cut(ADA_MUG, "add_to_load"))
_add("pay_firing_fee", "add_to_load", ERIN)
_add("add_to_load", "remove_from_load", ADA_MUG_OUT)
_add("add_to_load", "start_firing", ADA_MUG)
_add("start_firing", "unload_kiln", BIG_FIRE)
_add("unload_kiln", "glaze_piece", HANA_POT)
_add("unload_kiln", "collect_piece", CAROL_BOWL)
_add("pay_course_fee", "mark_attendance", FELIX)
_add("change_plan", "book_studio_time", BEN_WHEEL)

_OWN = {"sign_out": [sign_in("fran"), ("sign_out", {"token": F})]}


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
    # the quote is read before the fee is taken; the fee needs only the piece
    ("firing_quote", cut(ERIN, "pay_firing_fee")),
    # Carol's record is read before her e-mail changes
    ("member_record", [*sign_ins("ines"), ("find_member", {"token": I, "text": "Mbeki"}),
                       ("member_record", {"token": I, "member_id": FOUND}),
                       ("update_member", {"token": I, "member_id": FOUND, "email": "carol.mbeki@newmail.example"})]),
    # the kiln log is read before the test kiln is unloaded
    ("kiln_log", TEST_LOG + [("unload_kiln", {"token": KIT, "load_id": "$kiln_loads.0.0", "notes": "All sound"})]),
    # the glaze day's register is read before Carol is enrolled on it
    ("course_register", [*sign_ins("ines"), ("find_member", {"token": I, "text": "Mbeki"}), ("course_timetable", {}),
                         ("course_register", {"token": I, "course_code": course("GLAZE-DAY"), "week": 1}),
                         ("enrol", {"token": I, "member_id": FOUND, "course_code": course("GLAZE-DAY")})]),
    # the collection shelf is read before Dev is texted
    ("collection_shelf", [*sign_ins("ines"), ("collection_shelf", {"token": I}),
                          ("find_member", {"token": I, "text": "Anand"}),
                          ("notify_member", {"token": I, "member_id": FOUND, "channel": "sms",
                                             "text": "Your teapot is ready"})]),
    # the glaze chart is read before a glaze load is opened; opening a load needs no glaze
    ("glaze_chart", [*sign_ins("kit"), ("kiln_loads", {"token": KIT, "status": "firing"}),
                     ("unload_kiln", {"token": KIT, "load_id": "$kiln_loads.0.0", "notes": "All sound"}),
                     ("glaze_chart", {}), ("open_kiln_load", {"token": KIT, "kiln": "test", "firing": "glaze",
                                                              "cone": "6"})]),
    # today's sessions are read before tomorrow's booking is cancelled
    ("studio_slots", [*sign_ins("ines"), ("studio_slots", {"token": I, "date": TODAY}),
                      ("studio_bookings", {"token": I, "date": SUNDAY}),
                      ("cancel_studio_time", {"token": I, "booking_id": "$studio_bookings.0.0", "reason": "Ill"})]),
]
