"""Scripted proofs that Sailplane's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records a raised exception as an error; the tools
are coroutine functions, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "fergus")``) and pass ``"$fergus.token"``; replies are read by field (``"$join_member.member_id"``,
``"$airfield_status.runway"``, ``"$add_to_flying_list.entry_id"``, ``"$launch_flight.flight_id"``,
``"$report_snag.snag_id"``, ``"$report_landout.landout_id"``, ``"$sell_voucher.voucher_code"``,
``"$temporary_membership.member_id"``) and list entries by position and field (``"$find_member.0.member_id"``,
``"$club_fleet.1.glider_id"``, ``"$trial_flight_products.2.code"``, ``"$turnpoints.3.code"``,
``"$snags.0.snag_id"``, ``"$flying_list.0.entry_id"``, ``"$flights.0.flight_id"``, ``"$vouchers.0.voucher_code"``).
The positions follow the fresh state's order of records by id (filtered as each call asks), of the gliders by
trigraph and of the products and turnpoints by code. Every id, trigraph, code and runway is read from a reply; none
is written literally (names, dates of birth, e-mail addresses, phone numbers, memberships, amounts, duties, medicals,
results, notes, inspectors, descriptions, work done, launches, times, fields, grid references, drivers, vehicles,
purchasers, recipients, dates, weights, endorsements, subjects and bodies are written as the staff are told them). A
step saved under a name of its own is a second call of a tool on one path.

The day: Fergus is rostered and opens the day on the runway in use; Cecily Trumper inspects the Discus and flies a
winch launch once Emeka is on the winch, lands, and the day is closed; Zachariah Bonney's account is topped up for a
dual flight; Ingrid Halvorsen has a check flight and goes on the list; Jocasta Underhill's medical is recorded, she is
sent solo and goes on the list; Leopold Hartigan pays his subscription, declares a task, is aerotowed once Magnus is
on the tug, lands out and is retrieved. Mr Quilliam joins, pays, tops up and goes on the list with Fergus, or is
written to. The second ASK 21's review is recorded and it is inspected; the Astir's snag is cleared and it is
inspected; the first ASK 21's tyre is reported and cleared. Mr Tallentire buys his daughter a voucher and books it;
Mr Sayce's voucher is booked; Mr Tresize becomes a temporary member and goes on the list; a voucher sold today is
flown today. Cecily is granted her cross-country endorsement and declares a task.
"""

import sailplane_tools as tools

WHO = {"araminta": ("araminta.c", "Vario-Beep-14"), "fergus": ("fergus.a", "Cable-Break-72"),
       "emeka": ("emeka.n", "Wing-Tip-33"), "marjorie": ("marjorie.b", "Launch-Fee-58"),
       "magnus": ("magnus.r", "Final-Glide-91")}
A, F, E, MB, MG = ("$araminta.token", "$fergus.token", "$emeka.token", "$marjorie.token", "$magnus.token")


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


TODAY = "2038-04-17"
DISCUS, ASK21, ASK21B, ASTIR = ("$club_fleet.1.glider_id", "$club_fleet.2.glider_id", "$club_fleet.3.glider_id",
                                "$club_fleet.0.glider_id")
FERGUS_ID = "$fergus_m.0.member_id"

# Fergus on duty: the day opened on the runway in use
OPEN = [sign_in("fergus"), ("find_member", {"token": F, "text": "Abernethy"}, "fergus_m"),
        ("roster_duty", {"token": F, "member_id": FERGUS_ID, "duty": "instructor"}),
        ("duty_roster", {"token": F}), ("airfield_status", {}),
        ("open_flying_day", {"token": F, "runway": "$airfield_status.runway"})]
CLOSED = OPEN + [("close_flying_day", {"token": F, "notes": "Quiet morning; the wind backed at noon"})]
# Cecily Trumper: a winch launch in the Discus
CECILY = OPEN + [sign_in("emeka"), ("club_fleet", {}),
                 ("daily_inspection", {"token": E, "glider_id": DISCUS, "inspector": "Cecily Trumper",
                                       "notes": "Controls, canopy, tyre and weak link all good"}),
                 ("find_member", {"token": E, "text": "Trumper"}, "cecily"),
                 ("add_to_flying_list", {"token": E, "member_id": "$cecily.0.member_id", "glider_id": DISCUS,
                                         "launch": "winch"}),
                 ("find_member", {"token": F, "text": "Nwachukwu"}, "winch_m"),
                 ("roster_duty", {"token": F, "member_id": "$winch_m.0.member_id", "duty": "winch_driver"},
                  "winch_duty"),
                 ("flying_list", {"token": E}),
                 ("launch_flight", {"token": E, "entry_id": "$flying_list.0.entry_id", "launch_time": "10:05"}),
                 ("land_flight", {"token": E, "flight_id": "$launch_flight.flight_id", "landing_time": "10:41"})]
CECILY_DOWN = CECILY + [("close_flying_day", {"token": F, "notes": "One launch before the rain came in"})]
CECILY_FLIGHTS = cut(CECILY, "launch_flight") + [
    ("flights", {"token": E, "state_filter": "airborne"}),
    ("land_flight", {"token": E, "flight_id": "$flights.0.flight_id", "landing_time": "10:41"})]
CECILY_NEXT = cut(CECILY, "winch_duty") + [
    ("launch_flight", {"token": E, "entry_id": "$add_to_flying_list.entry_id", "launch_time": "10:05"})]
# Zachariah Bonney: 50 pounds in, then a dual winch launch in an ASK 21 with Fergus
ZACH = [sign_in("marjorie"), ("find_member", {"token": MB, "text": "Bonney"}, "zach"),
        ("top_up_account", {"token": MB, "member_id": "$zach.0.member_id", "amount": 50.0})] + OPEN + [
    sign_in("emeka"), ("club_fleet", {}),
    ("add_to_flying_list", {"token": E, "member_id": "$zach.0.member_id", "glider_id": ASK21, "launch": "winch",
                            "instructor_id": FERGUS_ID})]
# Ingrid Halvorsen: a check flight, then the Discus solo
INGRID = OPEN + [("find_member", {"token": F, "text": "Halvorsen"}, "ingrid"),
                 ("record_check_flight", {"token": F, "member_id": "$ingrid.0.member_id", "passed": True,
                                          "notes": "Two circuits and a cable break exercise, all to standard"}),
                 sign_in("emeka"), ("club_fleet", {}),
                 ("add_to_flying_list", {"token": E, "member_id": "$ingrid.0.member_id", "glider_id": DISCUS,
                                         "launch": "winch"})]
# Jocasta Underhill: her medical declaration, her first solo
JOCASTA = [sign_in("fergus"), ("find_member", {"token": F, "text": "Underhill"}, "jocasta"),
           ("record_medical", {"token": F, "member_id": "$jocasta.0.member_id", "kind": "declaration",
                               "expires": "2043-04-16"}),
           ("authorise_solo", {"token": F, "member_id": "$jocasta.0.member_id",
                               "notes": "Three good circuits and a sound launch failure drill"})] + OPEN[1:] + [
    sign_in("emeka"), ("club_fleet", {}),
    ("add_to_flying_list", {"token": E, "member_id": "$jocasta.0.member_id", "glider_id": ASK21, "launch": "winch"})]
# Leopold Hartigan: his subscription, a declared task, an aerotow, a landout and a retrieve
LEOPOLD = [sign_in("marjorie"), ("member_accounts", {"token": MB}),
           ("find_member", {"token": MB, "text": "Hartigan"}, "leo"),
           ("pay_subscription", {"token": MB, "member_id": "$leo.0.member_id", "amount": 420.0})] + OPEN + [
    sign_in("emeka"), ("club_fleet", {}),
    ("daily_inspection", {"token": E, "glider_id": DISCUS, "inspector": "Leopold Hartigan",
                          "notes": "All good; the vario speaker still crackles"}),
    ("turnpoints", {"token": E}),
    ("declare_task", {"token": E, "member_id": "$leo.0.member_id", "glider_id": DISCUS,
                      "turnpoints": ["$turnpoints.3.code", "$turnpoints.0.code", "$turnpoints.1.code",
                                     "$turnpoints.3.code"]}),
    ("add_to_flying_list", {"token": E, "member_id": "$leo.0.member_id", "glider_id": DISCUS, "launch": "aerotow"}),
    ("find_member", {"token": F, "text": "Ravenhill"}, "tug_m"),
    ("roster_duty", {"token": F, "member_id": "$tug_m.0.member_id", "duty": "tug_pilot"}, "tug_duty"),
    ("flying_list", {"token": E}),
    ("launch_flight", {"token": E, "entry_id": "$flying_list.0.entry_id", "launch_time": "11:20"}),
    ("report_landout", {"token": E, "flight_id": "$launch_flight.flight_id",
                        "field": "Stubble field east of Chinnock Reservoir", "grid_ref": "ST 418 741"}),
    ("arrange_retrieve", {"token": E, "landout_id": "$report_landout.landout_id", "driver": "Cecily Trumper",
                          "vehicle": "The club's Land Rover with the Discus trailer"})]
LEOPOLD_FLIGHTS = cut(LEOPOLD, "launch_flight") + [
    ("flights", {"token": E, "state_filter": "airborne"}),
    ("report_landout", {"token": E, "flight_id": "$flights.0.flight_id",
                        "field": "Stubble field east of Chinnock Reservoir", "grid_ref": "ST 418 741"})]
# Mr Quilliam joins
NEW = [sign_in("araminta"),
       ("join_member", {"token": A, "name": "Mr Rafferty Quilliam", "date_of_birth": "1994-09-12",
                        "email": "rafferty.quilliam@example.com", "phone": "07700 900746", "membership": "full"})]
NEW_PAID = NEW + [("pay_subscription", {"token": A, "member_id": "$join_member.member_id", "amount": 420.0}),
                  ("top_up_account", {"token": A, "member_id": "$join_member.member_id", "amount": 100.0})]
NEW_FLYING = NEW_PAID + OPEN + [sign_in("emeka"), ("club_fleet", {}),
                                ("add_to_flying_list", {"token": E, "member_id": "$join_member.member_id",
                                                        "glider_id": ASK21, "launch": "winch",
                                                        "instructor_id": FERGUS_ID})]
NEW_MEDICAL = NEW + [("record_medical", {"token": A, "member_id": "$join_member.member_id", "kind": "declaration",
                                         "expires": "2043-04-16"})]
NEW_PHONE = NEW + [("update_member", {"token": A, "member_id": "$join_member.member_id", "phone": "07700 900747"})]
NEW_RECORD = NEW + [("member_record", {"token": A, "member_id": "$join_member.member_id"})]
NEW_MAIL = NEW + [("message_member", {"token": A, "member_id": "$join_member.member_id",
                                      "subject": "Welcome to Ridgeholt Down",
                                      "body": "Your membership card is at the clubhouse. Blue skies!"})]
CECILY_PHONE = [sign_in("araminta"), ("find_member", {"token": A, "text": "Trumper"}),
                ("update_member", {"token": A, "member_id": "$find_member.0.member_id", "phone": "07700 900148"})]
INGRID_RECORD = [sign_in("fergus"), ("find_member", {"token": F, "text": "Halvorsen"}),
                 ("member_record", {"token": F, "member_id": "$find_member.0.member_id"})]
ZACH_MAIL = [sign_in("araminta"), ("find_member", {"token": A, "text": "Bonney"}),
             ("message_member", {"token": A, "member_id": "$find_member.0.member_id",
                                 "subject": "Zachariah's flying account",
                                 "body": "His account is low; a top-up before Saturday would be a help."})]
CECILY_XC = [sign_in("fergus"), ("find_member", {"token": F, "text": "Trumper"}),
             ("grant_endorsement", {"token": F, "member_id": "$find_member.0.member_id",
                                    "endorsement": "cross_country"}),
             ("club_fleet", {}), ("turnpoints", {"token": F}),
             ("declare_task", {"token": F, "member_id": "$find_member.0.member_id", "glider_id": DISCUS,
                               "turnpoints": ["$turnpoints.3.code", "$turnpoints.2.code", "$turnpoints.4.code",
                                              "$turnpoints.3.code"]})]
# the gliders: KXB's review ran out on 10 April, HWD grounded by SN-61
KXB = [sign_in("magnus"), ("club_fleet", {}),
       ("record_arc", {"token": MG, "glider_id": ASK21B, "inspector": "Magnus Ravenhill", "expires": "2039-04-16"}),
       ("daily_inspection", {"token": MG, "glider_id": ASK21B, "inspector": "Magnus Ravenhill",
                             "notes": "First inspection after its review; all good"})]
ASTIR_BACK = [sign_in("magnus"), ("snags", {"token": MG}),
              ("clear_snag", {"token": MG, "snag_id": "$snags.0.snag_id",
                              "work_done": "Canopy latch replaced and tested", "inspector": "Magnus Ravenhill"}),
              ("club_fleet", {}),
              ("daily_inspection", {"token": MG, "glider_id": ASTIR, "inspector": "Magnus Ravenhill",
                                    "notes": "New latch locks firmly; all else good"})]
TYRE = [sign_in("emeka"), ("club_fleet", {}),
        ("report_snag", {"token": E, "glider_id": ASK21, "description": "Tailwheel tyre flat", "grounding": True}),
        sign_in("magnus"),
        ("clear_snag", {"token": MG, "snag_id": "$report_snag.snag_id", "work_done": "Tailwheel tyre and tube replaced",
                        "inspector": "Magnus Ravenhill"})]
KXA_RECORD = [sign_in("magnus"), ("club_fleet", {}), ("glider_record", {"token": MG, "glider_id": ASK21})]
# trial flights: TV-5501 (Sayce, sold), TV-5502 (Tresize, booked for today)
TALLENTIRE = [sign_in("araminta"), ("trial_flight_products", {}),
              ("sell_voucher", {"token": A, "purchaser": "Mr Osric Tallentire", "recipient": "Ms Linnet Tallentire",
                                "product_code": "$trial_flight_products.2.code",
                                "email": "osric.tallentire@example.com"}),
              ("book_trial_flight", {"token": A, "voucher_code": "$sell_voucher.voucher_code",
                                     "date": "2038-04-24"})]
SAYCE = [sign_in("araminta"), ("vouchers", {"token": A, "status": "sold"}),
         ("book_trial_flight", {"token": A, "voucher_code": "$vouchers.0.voucher_code", "date": "2038-04-21"})]
TRESIZE = [sign_in("emeka"), ("vouchers", {"token": E, "status": "booked"}),
           ("temporary_membership", {"token": E, "voucher_code": "$vouchers.0.voucher_code",
                                     "date_of_birth": "1996-02-14", "weight_kg": 84})]
TRESIZE_LISTED = TRESIZE + OPEN + [("club_fleet", {}),
                                   ("add_to_flying_list", {"token": E,
                                                           "member_id": "$temporary_membership.member_id",
                                                           "glider_id": ASK21, "launch": "aerotow",
                                                           "instructor_id": FERGUS_ID})]
SAME_DAY = [sign_in("araminta"), ("trial_flight_products", {}),
            ("sell_voucher", {"token": A, "purchaser": "Mrs Eluned Sayce", "recipient": "Mr Ivor Sayce",
                              "product_code": "$trial_flight_products.0.code", "email": "eluned.sayce@example.com"}),
            ("book_trial_flight", {"token": A, "voucher_code": "$sell_voucher.voucher_code", "date": TODAY}),
            ("temporary_membership", {"token": A, "voucher_code": "$sell_voucher.voucher_code",
                                      "date_of_birth": "1958-11-03", "weight_kg": 88})]

_BODY = [
    # the flying day
    ("find_member", "roster_duty", cut(OPEN, "roster_duty")),
    ("roster_duty", "open_flying_day", OPEN),
    ("airfield_status", "open_flying_day", OPEN),
    ("open_flying_day", "close_flying_day", CLOSED),
    ("land_flight", "close_flying_day", CECILY_DOWN),
    ("open_flying_day", "add_to_flying_list", cut(CECILY, "add_to_flying_list")),
    ("club_fleet", "add_to_flying_list", cut(CECILY, "add_to_flying_list")),
    ("find_member", "add_to_flying_list", cut(CECILY, "add_to_flying_list")),
    ("join_member", "add_to_flying_list", NEW_FLYING),
    ("temporary_membership", "add_to_flying_list", TRESIZE_LISTED),
    ("top_up_account", "add_to_flying_list", ZACH),
    ("pay_subscription", "add_to_flying_list", cut(LEOPOLD, "add_to_flying_list")),
    ("record_check_flight", "add_to_flying_list", INGRID),
    ("authorise_solo", "add_to_flying_list", JOCASTA),
    ("club_fleet", "daily_inspection", cut(CECILY, "daily_inspection")),
    ("daily_inspection", "launch_flight", cut(CECILY, "launch_flight")),
    ("roster_duty", "launch_flight", cut(LEOPOLD, "launch_flight")),
    ("flying_list", "launch_flight", cut(CECILY, "launch_flight")),
    ("add_to_flying_list", "launch_flight", CECILY_NEXT),
    ("launch_flight", "land_flight", CECILY),
    ("flights", "land_flight", CECILY_FLIGHTS),
    ("launch_flight", "report_landout", cut(LEOPOLD, "report_landout")),
    ("flights", "report_landout", LEOPOLD_FLIGHTS),
    ("report_landout", "arrange_retrieve", LEOPOLD),
    # instructors
    ("find_member", "record_check_flight", cut(INGRID, "record_check_flight")),
    ("find_member", "authorise_solo", cut(JOCASTA, "authorise_solo")),
    ("record_medical", "authorise_solo", cut(JOCASTA, "authorise_solo")),
    ("find_member", "grant_endorsement", cut(CECILY_XC, "grant_endorsement")),
    ("grant_endorsement", "declare_task", CECILY_XC),
    ("find_member", "declare_task", cut(LEOPOLD, "declare_task")),
    ("club_fleet", "declare_task", cut(LEOPOLD, "declare_task")),
    ("turnpoints", "declare_task", cut(LEOPOLD, "declare_task")),
    # members
    ("join_member", "pay_subscription", cut(NEW_PAID, "pay_subscription")),
    ("find_member", "pay_subscription", cut(LEOPOLD, "pay_subscription")),
    ("join_member", "top_up_account", NEW_PAID),
    ("find_member", "top_up_account", cut(ZACH, "top_up_account")),
    ("join_member", "record_medical", NEW_MEDICAL),
    ("find_member", "record_medical", cut(JOCASTA, "record_medical")),
    ("join_member", "update_member", NEW_PHONE),
    ("find_member", "update_member", CECILY_PHONE),
    ("join_member", "member_record", NEW_RECORD),
    ("find_member", "member_record", INGRID_RECORD),
    ("join_member", "message_member", NEW_MAIL),
    ("find_member", "message_member", ZACH_MAIL),
    # the gliders
    ("club_fleet", "record_arc", cut(KXB, "record_arc")),
    ("record_arc", "daily_inspection", KXB),
    ("snags", "clear_snag", cut(ASTIR_BACK, "clear_snag")),
    ("clear_snag", "daily_inspection", ASTIR_BACK),
    ("club_fleet", "report_snag", cut(TYRE, "report_snag")),
    ("report_snag", "clear_snag", TYRE),
    ("club_fleet", "glider_record", KXA_RECORD),
    # trial flights
    ("trial_flight_products", "sell_voucher", cut(TALLENTIRE, "sell_voucher")),
    ("sell_voucher", "book_trial_flight", TALLENTIRE),
    ("vouchers", "book_trial_flight", SAYCE),
    ("vouchers", "temporary_membership", TRESIZE),
    ("sell_voucher", "temporary_membership", SAME_DAY),
    ("book_trial_flight", "temporary_membership", SAME_DAY),
]

_OWN = {"sign_out": [sign_in("magnus"), ("sign_out", {"token": MG})]}


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
    # the duty roster read before the day is opened (the opening reads the roster itself)
    ("duty_roster", OPEN),
    # the members' accounts read before the Discus's daily inspection
    ("member_accounts", cut(LEOPOLD, "daily_inspection")),
    # the turnpoints read before Leopold Hartigan goes on the list (his task, not his launch, needs them)
    ("turnpoints", cut(LEOPOLD, "turnpoints") + [next(s for s in LEOPOLD if s[0] == "add_to_flying_list")]),
    # the vouchers read before Cecily Trumper declares her task
    ("vouchers", CECILY_XC[:5] + [sign_in("emeka"), ("vouchers", {"token": E})] + CECILY_XC[5:]),
    # the open snags read before Cecily Trumper's launch
    ("snags", cut(CECILY, "flying_list") + [("snags", {"token": E})] + [cut(CECILY, "launch_flight")[-1]]),
    # Zachariah Bonney written to before his account is topped up
    ("message_member", ZACH_MAIL + [sign_in("marjorie"), ("top_up_account", {"token": MB,
                                                                            "member_id": "$find_member.0.member_id",
                                                                            "amount": 50.0})]),
    # Ingrid Halvorsen's record read before her check flight
    ("member_record", cut(INGRID, "ingrid") + [("member_record", {"token": F, "member_id": "$ingrid.0.member_id"})]
     + [cut(INGRID, "record_check_flight")[-1]]),
    # the second ASK 21's record read before its daily inspection
    ("glider_record", KXB[:3] + [("glider_record", {"token": MG, "glider_id": ASK21B})] + KXB[3:]),
]
