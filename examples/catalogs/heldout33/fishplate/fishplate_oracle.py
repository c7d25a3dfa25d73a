"""Scripted proofs that Fishplate's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which reads the society's ``"Error: ..."`` replies as
refusals by itself; the tools are coroutines the runtime awaits, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Officers sign in by first name
(``("sign_in", {...}, "margaret")``) and pass ``"$margaret.token"``; replies are read by field
(``"$join_member.member_id"``, ``"$join_member.subs_owing"``, ``"$register_loco.loco_id"``,
``"$book_running.booking_id"``, ``"$register_layout.layout_id"``, ``"$invite_layout.exhibit_id"``,
``"$register_trader.trader_id"``, ``"$book_stand.booking_id"``, ``"$book_stand.fee"``) and rows by position and
column (``"$find_member.0.0"``, ``"$find_member.0.4"``, ``"$running_sessions.0.0"``, ``"$layouts.0.0"``,
``"$exhibits.1.0"``, ``"$find_trader.0.0"``, ``"$stand_plan.3.0"``, ``"$stand_bookings.1.0"``,
``"$stand_bookings.1.5"``, ``"$duty_rota.0.0"``), nested rows too (``"$member_record.locos.1.0"``,
``"$exhibition_info.halls.2.0"``). The positions follow the fresh state's order of records by id (filtered as each
call asks) and of ``HALLS`` and ``STANDS``. Every id, code and amount owed is read from a reply; none is written
literally (the gauge, the PAT result, the crews' names, miles, sockets and the insurance details are written as the
officers are told them). A step saved under a name of its own is a second call of a tool on one path.

The day: Mr Rhys Jenkins joins, pays his subscription, has his class 47 entered in the register and books it on
Thursday's club night (and cancels), registers his layout Garsdale Head, which Gordon invites into the Dance
Studio, confirms with its crew, gives passes to, and which Alan checks in and PAT-tests, Gordon powers and Raj pays
expenses for (on other paths his e-mail changes, his record is read, he is sent a notice, he resigns, he takes the
Saturday afternoon door, Garsdale Head is withdrawn or moved to the Main Hall). Dev Mistry pays and books Thursday's
club night with a new locomotive; Mr Lumb books his class 37 for Thursday; Mrs Tordoff's Jinty is registered;
Ms Hale registers a small N gauge layout; Mr Patrick Quinn takes the Sunday morning door; Mr Greaves's phone changes
or he resigns. Slate Quay is confirmed with the Inghams, gets its passes and is checked in; Brackenfell arrives, is
tested and paid its expenses; Hebden Sidings is tested and powered; Thornby Junction's expenses are paid;
Otterby Goods Yard is withdrawn or moved; Kettlewell Road is invited into the Sports Hall. Junction Box Electronics
registers, files its insurance, books stand F4, pays and cancels; Platform 4 Collectables file their renewed
insurance and book F5; Bookends pay for F3 and Dalesway's stand is cancelled; Dev Mistry is taken off the Sunday
car park.
"""

import fishplate_tools as tools

WHO = {"margaret": ("margaret.h", "Deltic-55022"), "raj": ("raj.p", "Coal-Tank-1054"),
       "gordon": ("gordon.b", "Flying-Scot-4472"), "alan": ("alan.p", "Brush-Type-4"), "sue": ("sue.k", "Mallard-126")}
M, R, G, A = "$margaret.token", "$raj.token", "$gordon.token", "$alan.token"
THURSDAY = "2032-04-22"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def hall(code: str) -> str:
    return f"$exhibition_info.halls.{list(tools.HALLS).index(code)}.0"


def stand(code: str) -> str:
    return f"$stand_plan.{list(tools.STANDS).index(code)}.0"


def find(text: str, who: str = "margaret") -> list:
    return [sign_in(who), ("find_member", {"token": f"${who}.token", "text": text})]


FOUND = "$find_member.0.0"
RHYS_ID = "$join_member.member_id"

RHYS = [sign_in("margaret"),
        ("join_member", {"token": M, "name": "Mr Rhys Jenkins", "phone": "07700 900652",
                         "email": "rhys.jenkins@mail.example", "membership": "full"})]
RHYS_PAID = RHYS + [sign_in("raj"), ("pay_subs", {"token": R, "member_id": RHYS_ID,
                                                  "amount": "$join_member.subs_owing", "method": "card"})]
RHYS_LOCO = RHYS + [("register_loco", {"token": M, "member_id": RHYS_ID,
                                       "description": "BR class 47 47401 North Eastern (Bachmann)",
                                       "dcc_address": 4740, "gauge": "OO"})]
RHYS_RUNS = RHYS_PAID + RHYS_LOCO[2:] + [
    ("running_sessions", {"token": M, "date": THURSDAY}),
    ("book_running", {"token": M, "session_id": "$running_sessions.0.0", "member_id": RHYS_ID,
                      "locos": ["$register_loco.loco_id"]}),
    ("cancel_running", {"token": M, "booking_id": "$book_running.booking_id"})]
GARSDALE = RHYS_PAID + [
    ("register_layout", {"token": M, "owner_id": RHYS_ID, "name": "Garsdale Head", "gauge": "OO", "length_m": 3.2,
                         "depth_m": 0.8, "operators": 2}),
    ("layout_detail", {"token": M, "layout_id": "$register_layout.layout_id"}),
    sign_in("gordon"), ("exhibition_info", {}),
    ("invite_layout", {"token": G, "layout_id": "$register_layout.layout_id", "hall": hall("STUDIO")}),
    ("confirm_exhibit", {"token": G, "exhibit_id": "$invite_layout.exhibit_id",
                         "crew": ["Rhys Jenkins", "Owen Jenkins"]}),
    ("issue_passes", {"token": G, "exhibit_id": "$invite_layout.exhibit_id"}),
    sign_in("alan"),
    ("check_in_exhibit", {"token": A, "exhibit_id": "$invite_layout.exhibit_id"}),
    ("record_pat", {"token": A, "exhibit_id": "$invite_layout.exhibit_id",
                    "items": ["Gaugemaster controller", "Four-way extension lead"], "result": "pass"}),
    ("allocate_power", {"token": G, "exhibit_id": "$invite_layout.exhibit_id", "sockets": 1}),
    ("pay_expenses", {"token": R, "exhibit_id": "$invite_layout.exhibit_id", "miles": 62})]
GARSDALE_OUT = cut(GARSDALE, "invite_layout") + [
    ("withdraw_exhibit", {"token": G, "exhibit_id": "$invite_layout.exhibit_id",
                          "reason": "Rhys cannot get the baseboards finished in time"})]
GARSDALE_MOVES = cut(GARSDALE, "invite_layout") + [
    ("move_exhibit", {"token": G, "exhibit_id": "$invite_layout.exhibit_id", "hall": hall("MAIN")})]
RHYS_EMAIL = RHYS + [("update_member", {"token": M, "member_id": RHYS_ID, "email": "rhys@jenkins.example"})]
RHYS_RECORD = RHYS + [("member_record", {"token": M, "member_id": RHYS_ID})]
RHYS_NOTICE = RHYS + [("send_notice", {"token": M, "member_id": RHYS_ID, "subject": "Welcome to the society",
                                       "text": "Club nights are Tuesdays and Thursdays from seven."})]
RHYS_RESIGNS = RHYS + [("resign_member", {"token": M, "member_id": RHYS_ID, "reason": "Moving to Cardiff for work"})]
RHYS_DOOR = RHYS + [("duty_rota", {"token": M, "day": "saturday", "open_only": True}),
                    ("assign_duty", {"token": M, "duty_id": "$duty_rota.0.0", "member_id": RHYS_ID}),
                    ("release_duty", {"token": M, "duty_id": "$duty_rota.0.0",
                                      "reason": "Rhys is needed on his own layout"})]

GREAVES_PHONE = find("Greaves") + [("update_member", {"token": M, "member_id": FOUND, "phone": "07700 900648"})]
GREAVES_RESIGNS = find("Greaves") + [("resign_member", {"token": M, "member_id": FOUND,
                                                        "reason": "Giving up the hobby"})]
LUMB_RECORD = find("Lumb") + [("member_record", {"token": M, "member_id": FOUND})]
LUMB_RUNS = LUMB_RECORD + [("running_sessions", {"token": M, "date": THURSDAY}),
                           ("book_running", {"token": M, "session_id": "$running_sessions.0.0", "member_id": FOUND,
                                             "locos": ["$member_record.locos.1.0"]})]
INGHAM_NOTICE = find("Ingham") + [("send_notice", {"token": M, "member_id": FOUND, "subject": "Slate Quay",
                                                   "text": "Your table is in the Dance Studio by the fire exit."})]
MISTRY_RUNS = find("Mistry") + [
    sign_in("raj"), ("pay_subs", {"token": R, "member_id": FOUND, "amount": "$find_member.0.4", "method": "cash"}),
    ("register_loco", {"token": M, "member_id": FOUND, "description": "GWR Castle 5029 Nunney Castle (Hornby)",
                       "dcc_address": 5029, "gauge": "OO"}),
    ("running_sessions", {"token": M, "date": THURSDAY}),
    ("book_running", {"token": M, "session_id": "$running_sessions.0.0", "member_id": FOUND,
                      "locos": ["$register_loco.loco_id"]})]
TORDOFF_JINTY = find("Tordoff") + [("register_loco", {"token": M, "member_id": FOUND,
                                                      "description": "LMS 3F Jinty 47383 (Bachmann)",
                                                      "dcc_address": 4738, "gauge": "OO"})]
HALE_LAYOUT = find("Hale") + [("register_layout", {"token": M, "owner_id": FOUND, "name": "Hale End", "gauge": "N",
                                                   "length_m": 1.2, "depth_m": 0.4, "operators": 1})]
QUINN_DOOR = find("Quinn") + [("duty_rota", {"token": M, "day": "sunday", "open_only": True}),
                              ("assign_duty", {"token": M, "duty_id": "$duty_rota.0.0", "member_id": FOUND})]
MISTRY_OFF = [sign_in("margaret"), ("duty_rota", {"token": M, "day": "sunday", "post": "car_park"}),
              ("release_duty", {"token": M, "duty_id": "$duty_rota.0.0", "reason": "Dev is away on Sunday"})]

SLATE_QUAY = [sign_in("gordon"), ("exhibits", {"token": G, "status": "invited"}),
              ("confirm_exhibit", {"token": G, "exhibit_id": "$exhibits.0.0",
                                   "crew": ["Carol Ingham", "Jim Ingham", "Mo Ingham"]}),
              ("issue_passes", {"token": G, "exhibit_id": "$exhibits.0.0"}),
              sign_in("alan"), ("check_in_exhibit", {"token": A, "exhibit_id": "$exhibits.0.0"})]
BRACKENFELL = [sign_in("alan"), ("exhibits", {"token": A, "status": "confirmed"}),
               ("check_in_exhibit", {"token": A, "exhibit_id": "$exhibits.0.0"}),
               ("record_pat", {"token": A, "exhibit_id": "$exhibits.0.0", "items": ["Controller", "Lighting transformer"],
                               "result": "pass"}),
               sign_in("raj"), ("pay_expenses", {"token": R, "exhibit_id": "$exhibits.0.0", "miles": 86})]
BRACKENFELL_PASSES = [sign_in("gordon"), ("exhibits", {"token": G, "status": "confirmed"}),
                      ("issue_passes", {"token": G, "exhibit_id": "$exhibits.0.0"})]
HEBDEN = [sign_in("alan"), ("exhibits", {"token": A, "status": "checked_in"}),
          ("record_pat", {"token": A, "exhibit_id": "$exhibits.1.0",
                          "items": ["Controller", "Extension reel", "Desk lamp"], "result": "pass"}),
          sign_in("gordon"), ("allocate_power", {"token": G, "exhibit_id": "$exhibits.1.0", "sockets": 2})]
THORNBY_EXPENSES = [sign_in("raj"), ("exhibits", {"token": R, "status": "checked_in"}),
                    ("pay_expenses", {"token": R, "exhibit_id": "$exhibits.0.0", "miles": 24})]
GOODS_YARD_OUT = [sign_in("gordon"), ("exhibits", {"token": G, "status": "confirmed"}),
                  ("withdraw_exhibit", {"token": G, "exhibit_id": "$exhibits.1.0",
                                        "reason": "Stan's van has failed its MOT"})]
GOODS_YARD_MOVES = [sign_in("gordon"), ("exhibits", {"token": G, "status": "confirmed"}), ("exhibition_info", {}),
                    ("move_exhibit", {"token": G, "exhibit_id": "$exhibits.1.0", "hall": hall("MAIN")})]
KETTLEWELL = [sign_in("gordon"), ("layouts", {"token": G, "gauge": "HO"}),
              ("layout_detail", {"token": G, "layout_id": "$layouts.0.0"}), ("exhibition_info", {}),
              ("invite_layout", {"token": G, "layout_id": "$layouts.0.0", "hall": hall("SPORTS")})]

JUNCTION_BOX = [sign_in("gordon"),
                ("register_trader", {"token": G, "business": "Junction Box Electronics", "contact": "Mr Wes Okafor",
                                     "email": "wes@junctionbox.example", "phone": "07700 900716", "trade": "tools"}),
                ("record_insurance", {"token": G, "trader_id": "$register_trader.trader_id", "insurer": "Trader Shield",
                                      "policy_no": "TS-460015", "cover_m": 5, "expires": "2033-03-31"}),
                ("stand_plan", {}),
                ("book_stand", {"token": G, "trader_id": "$register_trader.trader_id", "stand": stand("F4"),
                                "tables": 2}),
                sign_in("raj"),
                ("take_stand_fee", {"token": R, "booking_id": "$book_stand.booking_id", "amount": "$book_stand.fee",
                                    "method": "card"})]
JUNCTION_BOX_CANCELS = cut(JUNCTION_BOX, "book_stand") + [
    ("cancel_stand", {"token": G, "booking_id": "$book_stand.booking_id",
                      "reason": "Wes has been booked for a show in Harrogate that weekend"})]
PLATFORM_4 = [sign_in("gordon"), ("find_trader", {"token": G, "text": "Platform 4"}),
              ("record_insurance", {"token": G, "trader_id": "$find_trader.0.0", "insurer": "Hobby Cover",
                                    "policy_no": "HC-20931-R", "cover_m": 5, "expires": "2033-02-28"}),
              ("stand_plan", {}),
              ("book_stand", {"token": G, "trader_id": "$find_trader.0.0", "stand": stand("F5"), "tables": 2})]
BOOKENDS_PAY = [sign_in("raj"), ("stand_bookings", {"token": R}),
                ("take_stand_fee", {"token": R, "booking_id": "$stand_bookings.1.0", "amount": "$stand_bookings.1.5",
                                    "method": "bank"})]
DALESWAY_CANCELS = [sign_in("gordon"), ("stand_bookings", {"token": G}),
                    ("cancel_stand", {"token": G, "booking_id": "$stand_bookings.0.0",
                                      "reason": "Dalesway Models have double-booked with the Bradford show"})]

_BODY = [
    # members
    ("join_member", "update_member", RHYS_EMAIL),
    ("find_member", "update_member", GREAVES_PHONE),
    ("join_member", "member_record", RHYS_RECORD),
    ("find_member", "member_record", LUMB_RECORD),
    ("join_member", "pay_subs", RHYS_PAID),
    ("find_member", "pay_subs", cut(MISTRY_RUNS, "pay_subs")),
    ("join_member", "send_notice", RHYS_NOTICE),
    ("find_member", "send_notice", INGHAM_NOTICE),
    ("join_member", "resign_member", RHYS_RESIGNS),
    ("find_member", "resign_member", GREAVES_RESIGNS),
    ("join_member", "register_loco", RHYS_LOCO),
    ("find_member", "register_loco", TORDOFF_JINTY),
    ("join_member", "book_running", cut(RHYS_RUNS, "book_running")),
    ("find_member", "book_running", LUMB_RUNS),
    ("join_member", "register_layout", cut(GARSDALE, "register_layout")),
    ("find_member", "register_layout", HALE_LAYOUT),
    ("join_member", "assign_duty", cut(RHYS_DOOR, "assign_duty")),
    ("find_member", "assign_duty", QUINN_DOOR),
    # locomotives and running sessions
    ("register_loco", "book_running", cut(RHYS_RUNS, "book_running")),
    ("member_record", "book_running", LUMB_RUNS),
    ("running_sessions", "book_running", cut(RHYS_RUNS, "book_running")),
    ("book_running", "cancel_running", RHYS_RUNS),
    ("pay_subs", "book_running", MISTRY_RUNS),
    ("pay_subs", "register_layout", cut(GARSDALE, "register_layout")),
    # layouts
    ("register_layout", "layout_detail", cut(GARSDALE, "layout_detail")),
    ("layouts", "layout_detail", cut(KETTLEWELL, "layout_detail")),
    ("register_layout", "invite_layout", cut(GARSDALE, "invite_layout")),
    ("layouts", "invite_layout", KETTLEWELL),
    ("exhibition_info", "invite_layout", KETTLEWELL),
    ("exhibition_info", "move_exhibit", GOODS_YARD_MOVES),
    # the exhibition's layouts
    ("invite_layout", "confirm_exhibit", cut(GARSDALE, "confirm_exhibit")),
    ("exhibits", "confirm_exhibit", cut(SLATE_QUAY, "confirm_exhibit")),
    ("invite_layout", "withdraw_exhibit", GARSDALE_OUT),
    ("exhibits", "withdraw_exhibit", GOODS_YARD_OUT),
    ("invite_layout", "move_exhibit", GARSDALE_MOVES),
    ("exhibits", "move_exhibit", GOODS_YARD_MOVES),
    ("invite_layout", "check_in_exhibit", cut(GARSDALE, "check_in_exhibit")),
    ("exhibits", "check_in_exhibit", cut(BRACKENFELL, "check_in_exhibit")),
    ("invite_layout", "record_pat", cut(GARSDALE, "record_pat")),
    ("exhibits", "record_pat", cut(HEBDEN, "record_pat")),
    ("invite_layout", "allocate_power", cut(GARSDALE, "allocate_power")),
    ("exhibits", "allocate_power", HEBDEN),
    ("invite_layout", "pay_expenses", GARSDALE),
    ("exhibits", "pay_expenses", THORNBY_EXPENSES),
    ("invite_layout", "issue_passes", cut(GARSDALE, "issue_passes")),
    ("exhibits", "issue_passes", BRACKENFELL_PASSES),
    ("confirm_exhibit", "check_in_exhibit", SLATE_QUAY),
    ("confirm_exhibit", "issue_passes", cut(SLATE_QUAY, "issue_passes")),
    ("check_in_exhibit", "record_pat", cut(BRACKENFELL, "record_pat")),
    ("check_in_exhibit", "pay_expenses", BRACKENFELL),
    ("record_pat", "allocate_power", HEBDEN),
    # traders and stands
    ("register_trader", "record_insurance", cut(JUNCTION_BOX, "record_insurance")),
    ("find_trader", "record_insurance", cut(PLATFORM_4, "record_insurance")),
    ("register_trader", "book_stand", cut(JUNCTION_BOX, "book_stand")),
    ("find_trader", "book_stand", PLATFORM_4),
    ("record_insurance", "book_stand", cut(JUNCTION_BOX, "book_stand")),
    ("stand_plan", "book_stand", PLATFORM_4),
    ("book_stand", "take_stand_fee", JUNCTION_BOX),
    ("stand_bookings", "take_stand_fee", BOOKENDS_PAY),
    ("book_stand", "cancel_stand", JUNCTION_BOX_CANCELS),
    ("stand_bookings", "cancel_stand", DALESWAY_CANCELS),
    # the rota
    ("duty_rota", "assign_duty", QUINN_DOOR),
    ("duty_rota", "release_duty", MISTRY_OFF),
    ("assign_duty", "release_duty", RHYS_DOOR),
]

_OWN = {"sign_out": [sign_in("sue"), ("sign_out", {"token": "$sue.token"})]}


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
    # the stand plan is read before Mr Greaves's phone number changes
    ("stand_plan", find("Greaves") + [("stand_plan", {}),
                                      ("update_member", {"token": M, "member_id": FOUND, "phone": "07700 900648"})]),
    # the show's details are read before Dev Mistry pays his subscription
    ("exhibition_info", find("Mistry") + [("exhibition_info", {}), sign_in("raj"),
                                          ("pay_subs", {"token": R, "member_id": FOUND, "amount": "$find_member.0.4",
                                                        "method": "cash"})]),
    # the running sessions are read before Ms Ingham is sent a notice
    ("running_sessions", find("Ingham") + [("running_sessions", {"token": M}),
                                           ("send_notice", {"token": M, "member_id": FOUND, "subject": "Slate Quay",
                                                            "text": "Your table is by the fire exit."})]),
    # the layouts are read before Bookends pay for their stand
    ("layouts", [sign_in("raj"), ("stand_bookings", {"token": R}), ("layouts", {"token": R}),
                 ("take_stand_fee", {"token": R, "booking_id": "$stand_bookings.1.0",
                                     "amount": "$stand_bookings.1.5", "method": "bank"})]),
    # the traders are looked up before Hebden Sidings is tested
    ("find_trader", [sign_in("alan"), ("exhibits", {"token": A, "status": "checked_in"}),
                     ("find_trader", {"token": A, "text": "Dalesway"}),
                     ("record_pat", {"token": A, "exhibit_id": "$exhibits.1.0", "items": ["Controller"],
                                     "result": "pass"})]),
    # the rota is read before Slate Quay is confirmed
    ("duty_rota", [sign_in("gordon"), ("exhibits", {"token": G, "status": "invited"}), ("duty_rota", {"token": G}),
                   ("confirm_exhibit", {"token": G, "exhibit_id": "$exhibits.0.0",
                                        "crew": ["Carol Ingham", "Jim Ingham", "Mo Ingham"]})]),
    # the stand bookings are read before Brackenfell's passes are issued
    ("stand_bookings", [sign_in("gordon"), ("exhibits", {"token": G, "status": "confirmed"}),
                        ("stand_bookings", {"token": G}),
                        ("issue_passes", {"token": G, "exhibit_id": "$exhibits.0.0"})]),
]
