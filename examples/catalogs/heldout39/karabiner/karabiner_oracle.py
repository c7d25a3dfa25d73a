"""Scripted proofs that Karabiner's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools and records the
``RescueError`` they raise as an error; the tools are coroutine functions, so the plain oracle has nothing to run them
on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "jory")``) and pass ``"$jory.token"``; replies are read by field (``"$open_incident.incident_id"``,
``"$page_team.page_id"``, ``"$form_party.party_id"``, ``"$add_casualty.casualty_id"``, ``"$add_member.member_id"``,
``"$record_qualification.qualification_id"``, ``"$report_defect.defect_id"``, ``"$claim_expenses.claim_id"``), list
entries by position and field (``"$gazetteer.0.grid_ref"``, ``"$callout_groups.1.code"``,
``"$receiving_hospitals.1.code"``, ``"$incidents.0.incident_id"``, ``"$find_member.0.member_id"``,
``"$kit.0.item_id"``, ``"$vehicles.2.vehicle_id"``) and rows of lists by position (``"$incident_log.pages.0.0"``, a
page; ``"$incident_log.responders.5.0"``, a member; ``"$incident_log.parties.1.0"``, a party;
``"$incident_log.casualties.0.0"``, a casualty; ``"$member_record.qualifications.1.0"``, a qualification record;
``"$member_record.claims.0.0"``, a claim; ``"$vehicles.1.defects.0.0"``, a defect). The positions follow the fresh
state's order of records (by id, incidents newest first, responders in the order they answered, callout groups and
hospitals as the team lists them), filtered as each call asks. Every id, grid reference, group and hospital code is
read from a reply; none is written literally (names, phone numbers, e-mail addresses, police log numbers, places,
categories, summaries, messages, minutes, tasks, descriptions, conditions, ages, observations, pain relief, reasons,
outcomes, certificates, dates, mileages, miles and notes are written as the team is told them). A step saved under a
name of its own is a second call of a tool on one path.

The day: the police ask for help at Scarth Gill footbridge, below Gowk Pike, where a woman has broken her leg; Jory
Penhallow opens the incident, pages the hill party members and the casualty carers, Wystan Oddie and Ottoline Brisco
answer, form the Scarth Gill party, take a radio and deploy; the casualty is recorded and seen by Ottoline, the air
ambulance asked for and she is flown to Kendrick Royal Infirmary; the party is stood down, the incident closed and
its report read; Mobile 3 goes to the road head with Jory driving and comes back; Wystan claims his mileage, which the
treasurer approves and pays. On the Hawkrigg Pike incident: Emrys Gwenllian comes back on call, answers the page and
drives Mobile 3, or claims his mileage; Piotr Zielinski's party leader qualification is verified and he leads a relief
party with Emrys; the support party takes a radio and deploys, the Hawkrigg party is stood down, the casualty is seen
again and handed to the ambulance, and the incident closed; Imelda Gulliford's renewed casualty care certificate is
recorded and verified and she sees the casualty; the rope team is paged; the rope inspected this morning goes out to
the Hawkrigg party. Ruaridh Maclaren's blue-light qualification is recorded and verified and he drives Mobile 3; Mobile
2's brake defect is cleared and it goes out; a headlamp defect on Mobile 3 is reported and cleared; Mobile 1 is
booked back in. Saoirse Mulvaney joins as a trainee, goes off call, and her swiftwater certificate is recorded. The
treasurer approves Dervla Costigan's claim and pays Hamish Tulloch's; the Raise Edge report is read.
"""

import karabiner_tools as tools

WHO = {"jory": ("jory.p", "Stretcher-Carry-7"), "ottoline": ("ottoline.b", "Vacmat-Blue-52"),
       "ruaridh": ("ruaridh.m", "Rope-Log-318"), "imelda": ("imelda.g", "Cert-Check-44"),
       "caspar": ("caspar.w", "Mileage-Book-9"), "fenella": ("fenella.d", "Team-Leader-21")}
J, R, I, C = "$jory.token", "$ruaridh.token", "$imelda.token", "$caspar.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


INC = "$open_incident.incident_id"
HAWKRIGG_ID = "$incidents.0.incident_id"
PARTY = "$form_party.party_id"
CAS = "$add_casualty.casualty_id"
WYSTAN = "$wystan.0.member_id"
OTTOLINE = "$ottoline_m.0.member_id"

# the Scarth Gill incident
N_OPEN = [sign_in("jory"), ("gazetteer", {"place": "Scarth Gill footbridge"}),
          ("open_incident", {"token": J, "police_log": "BC-20350609-0388", "grid_ref": "$gazetteer.0.grid_ref",
                             "category": "injured",
                             "summary": "Two walkers at Scarth Gill footbridge below Gowk Pike; a woman of about 40 "
                                        "has a suspected broken lower leg, her husband is unhurt", "people": 2})]
N_LOG = N_OPEN + [("incident_log", {"token": J, "incident_id": INC})]
N_PAGE = N_OPEN + [("callout_groups", {"token": J}),
                   ("page_team", {"token": J, "incident_id": INC,
                                  "groups": ["$callout_groups.1.code", "$callout_groups.2.code"],
                                  "message": "Broken leg at Scarth Gill footbridge below Gowk Pike; meet at Thornsgill "
                                             "car park"})]
N_WYSTAN = N_PAGE + [("find_member", {"token": J, "text": "Oddie"}, "wystan"),
                     ("record_response", {"token": J, "page_id": "$page_team.page_id", "member_id": WYSTAN,
                                          "attending": True, "eta_minutes": 15}, "wystan_coming")]
N_RESP = N_WYSTAN + [("find_member", {"token": J, "text": "Brisco"}, "ottoline_m"),
                     ("record_response", {"token": J, "page_id": "$page_team.page_id", "member_id": OTTOLINE,
                                          "attending": True, "eta_minutes": 20}, "ottoline_coming")]
N_PARTY = N_RESP + [("form_party", {"token": J, "incident_id": INC, "name": "Scarth Gill party",
                                    "member_ids": [WYSTAN, OTTOLINE], "leader_id": WYSTAN})]
N_PARTY_FROM_LOG = N_RESP + [("incident_log", {"token": J, "incident_id": INC}),
                             ("form_party", {"token": J, "incident_id": INC, "name": "Scarth Gill party",
                                             "member_ids": ["$incident_log.responders.0.0",
                                                            "$incident_log.responders.1.0"],
                                             "leader_id": "$incident_log.responders.0.0"})]
N_KIT = N_PARTY + [("kit", {"token": J, "kind": "radio"}),
                   ("issue_kit", {"token": J, "party_id": PARTY, "item_ids": ["$kit.0.item_id"]})]
N_DEPLOY = N_KIT + [("deploy_party", {"token": J, "party_id": PARTY,
                                      "task": "Reach the casualty at the footbridge, treat her and prepare for the "
                                              "air ambulance", "grid_ref": "$gazetteer.0.grid_ref"})]
N_DOWN = N_DEPLOY + [("stand_down_party", {"token": J, "party_id": PARTY})]
ADD_CASUALTY = ("add_casualty", {"token": J, "incident_id": INC,
                                 "description": "Woman, about 40, suspected fracture of the right lower leg after a "
                                                "slip on wet rock", "condition": "serious", "age": 40})
N_CASUALTY = N_OPEN + [ADD_CASUALTY]
N_CASUALTY_LOG = N_CASUALTY + [("incident_log", {"token": J, "incident_id": INC}),
                               ("request_air_support", {"token": J, "casualty_id": "$incident_log.casualties.0.0",
                                                        "reason": "Long carry over rough ground from the gill"})]
N_CARE = N_DEPLOY + [ADD_CASUALTY,
                     ("record_casualty_care", {"token": J, "casualty_id": CAS, "member_id": OTTOLINE,
                                               "observations": "Alert, pulse 104, right shin deformed, foot warm; "
                                                               "splinted in the vacuum mattress",
                                               "pain_relief": "methoxyflurane"})]
N_AIR = N_CARE + [("request_air_support", {"token": J, "casualty_id": CAS,
                                           "reason": "Long carry over rough ground from the gill; open fracture "
                                                     "suspected"})]
N_HANDOVER = N_AIR + [("receiving_hospitals", {}),
                      ("hand_over_casualty", {"token": J, "casualty_id": CAS, "to": "air_ambulance",
                                              "hospital": "$receiving_hospitals.1.code"})]
N_CLOSED = N_HANDOVER + [("stand_down_party", {"token": J, "party_id": PARTY}),
                         ("close_incident", {"token": J, "incident_id": INC,
                                             "outcome": "Casualty flown to Kendrick Royal Infirmary; her husband "
                                                        "walked off with the team"})]
N_REPORT = N_CLOSED + [("incident_report", {"token": J, "incident_id": INC})]
N_VEHICLE = N_OPEN + [("vehicles", {"token": J}), ("find_member", {"token": J, "text": "Penhallow"}),
                      ("book_out_vehicle", {"token": J, "vehicle_id": "$vehicles.2.vehicle_id", "incident_id": INC,
                                            "driver_id": "$find_member.0.member_id"})]
N_VEHICLE_BACK = N_VEHICLE + [("return_vehicle", {"token": J, "vehicle_id": "$vehicles.2.vehicle_id",
                                                  "mileage": 23414})]
N_CLAIM = N_WYSTAN + [("claim_expenses", {"token": J, "member_id": WYSTAN, "incident_id": INC, "miles": 18.0,
                                          "other": 0.0, "note": "Home to Thornsgill and back"})]
N_CLAIM_APPROVED = N_CLAIM + [sign_in("caspar"), ("approve_claim", {"token": C,
                                                                    "claim_id": "$claim_expenses.claim_id"})]
N_CLAIM_PAID = N_CLAIM_APPROVED + [("pay_claim", {"token": C, "claim_id": "$claim_expenses.claim_id"})]

# the Hawkrigg Pike incident (INC-2043: PG-66 to ALL; responders Hamish, Dervla, Fenella, Piotr, Tegan; PTY-311
# deployed with Hamish and Dervla; PTY-312 formed with Fenella and Tegan; CAS-771 seen by Dervla; Mobile 1 out)
HAWKRIGG = [sign_in("jory"), ("incidents", {"token": J, "status": "open"}),
            ("incident_log", {"token": J, "incident_id": HAWKRIGG_ID})]
HAWKRIGG_ROPES = [sign_in("jory"), ("incidents", {"token": J, "status": "open"}), ("callout_groups", {"token": J}),
                  ("page_team", {"token": J, "incident_id": HAWKRIGG_ID, "groups": ["$callout_groups.5.code"],
                                 "message": "Rope team to base for a possible lower on Hawkrigg Pike"})]
HAWKRIGG_COMPANION = [sign_in("jory"), ("incidents", {"token": J, "status": "open"}),
                      ("add_casualty", {"token": J, "incident_id": HAWKRIGG_ID,
                                        "description": "The walker's wife, 61, cold and shaken", "condition": "minor",
                                        "age": 61})]
SUPPORT_DEPLOYED = HAWKRIGG + [("kit", {"token": J, "kind": "radio"}),
                               ("issue_kit", {"token": J, "party_id": "$incident_log.parties.1.0",
                                              "item_ids": ["$kit.0.item_id"]}),
                               ("gazetteer", {"place": "Hawkrigg Pike"}),
                               ("deploy_party", {"token": J, "party_id": "$incident_log.parties.1.0",
                                                 "task": "Take the second stretcher up to the Hawkrigg party",
                                                 "grid_ref": "$gazetteer.1.grid_ref"})]
HAWKRIGG_STOOD = HAWKRIGG + [("stand_down_party", {"token": J, "party_id": "$incident_log.parties.0.0"})]
HAWKRIGG_CARE = HAWKRIGG + [("record_casualty_care", {"token": J, "casualty_id": "$incident_log.casualties.0.0",
                                                      "member_id": "$incident_log.responders.1.0",
                                                      "observations": "Pulse 84, foot warm and pink below the splint",
                                                      "pain_relief": None})]
HAWKRIGG_HANDOVER = HAWKRIGG + [("receiving_hospitals", {}),
                                ("hand_over_casualty", {"token": J, "casualty_id": "$incident_log.casualties.0.0",
                                                        "to": "ambulance", "hospital": "$receiving_hospitals.0.code"})]
HAWKRIGG_CLOSED = HAWKRIGG_HANDOVER + [("stand_down_party", {"token": J, "party_id": "$incident_log.parties.0.0"}),
                                       ("close_incident", {"token": J, "incident_id": HAWKRIGG_ID,
                                                           "outcome": "Stretchered to the road and taken by ambulance "
                                                                      "to Brackdale General"})]
ALED = [sign_in("jory"), ("find_member", {"token": J, "text": "Gwenllian"}),
        ("set_on_call", {"token": J, "member_id": "$find_member.0.member_id", "on_call": True}),
        ("incidents", {"token": J, "status": "open"}), ("incident_log", {"token": J, "incident_id": HAWKRIGG_ID}),
        ("record_response", {"token": J, "page_id": "$incident_log.pages.0.0", "member_id": "$find_member.0.member_id",
                             "attending": True, "eta_minutes": 20})]
ALED_DRIVES = ALED + [("incident_log", {"token": J, "incident_id": HAWKRIGG_ID}, "log_after"),
                      ("vehicles", {"token": J}),
                      ("book_out_vehicle", {"token": J, "vehicle_id": "$vehicles.2.vehicle_id",
                                            "incident_id": HAWKRIGG_ID, "driver_id": "$log_after.responders.5.0"})]
ALED_CLAIM = ALED + [("claim_expenses", {"token": J, "member_id": "$find_member.0.member_id",
                                         "incident_id": HAWKRIGG_ID, "miles": 24.0})]
PIOTR_RECORD = [sign_in("imelda"), ("find_member", {"token": I, "text": "Zielinski"}, "piotr"),
                ("member_record", {"token": I, "member_id": "$piotr.0.member_id"})]
PIOTR_VERIFIED = PIOTR_RECORD + [("verify_qualification", {"token": I,
                                                           "qualification_id": "$member_record.qualifications.1.0"})]
RELIEF_PARTY = PIOTR_VERIFIED + [
    sign_in("jory"), ("find_member", {"token": J, "text": "Gwenllian"}, "emrys"),
    ("set_on_call", {"token": J, "member_id": "$emrys.0.member_id", "on_call": True}),
    ("incidents", {"token": J, "status": "open"}), ("incident_log", {"token": J, "incident_id": HAWKRIGG_ID}),
    ("record_response", {"token": J, "page_id": "$incident_log.pages.0.0", "member_id": "$emrys.0.member_id",
                         "attending": True, "eta_minutes": 20}),
    ("form_party", {"token": J, "incident_id": HAWKRIGG_ID, "name": "Hawkrigg relief party",
                    "member_ids": ["$piotr.0.member_id", "$emrys.0.member_id"], "leader_id": "$piotr.0.member_id"})]
IMELDA_RENEWED = [sign_in("imelda"), ("find_member", {"token": I, "text": "Gulliford"}),
                  ("record_qualification", {"token": I, "member_id": "$find_member.0.member_id",
                                            "qualification": "casualty_care", "certificate": "MREW CC/2035/406",
                                            "expires": "2038-05-31"}),
                  ("verify_qualification", {"token": I, "qualification_id": "$record_qualification.qualification_id"})]
IMELDA_CARE = IMELDA_RENEWED + [
    sign_in("jory"), ("incidents", {"token": J, "status": "open"}),
    ("incident_log", {"token": J, "incident_id": HAWKRIGG_ID}),
    ("record_response", {"token": J, "page_id": "$incident_log.pages.0.0", "member_id": "$find_member.0.member_id",
                         "attending": True, "eta_minutes": 5}),
    ("record_casualty_care", {"token": J, "casualty_id": "$incident_log.casualties.0.0",
                              "member_id": "$find_member.0.member_id",
                              "observations": "Pain 6 out of 10 on the carry; circulation good below the splint",
                              "pain_relief": "paracetamol"})]
ROPE_CHECKED = [sign_in("ruaridh"), ("kit", {"token": R, "kind": "rope"}),
                ("inspect_kit", {"token": R, "item_id": "$kit.0.item_id", "result": "pass",
                                 "notes": "Sheath and core checked end to end, no glazing or cuts"})]
ROPE_ISSUED = ROPE_CHECKED + [sign_in("jory"), ("incidents", {"token": J, "status": "open"}),
                              ("incident_log", {"token": J, "incident_id": HAWKRIGG_ID}),
                              ("issue_kit", {"token": J, "party_id": "$incident_log.parties.0.0",
                                             "item_ids": ["$kit.0.item_id"]})]
RUARIDH_DRIVES = [sign_in("imelda"), ("find_member", {"token": I, "text": "Maclaren"}),
                  ("record_qualification", {"token": I, "member_id": "$find_member.0.member_id",
                                            "qualification": "blue_light_driver", "certificate": "BLD 2035-044",
                                            "expires": "2039-06-30"}),
                  ("verify_qualification", {"token": I, "qualification_id": "$record_qualification.qualification_id"}),
                  sign_in("jory"), ("incidents", {"token": J, "status": "open"}), ("vehicles", {"token": J}),
                  ("book_out_vehicle", {"token": J, "vehicle_id": "$vehicles.2.vehicle_id", "incident_id": HAWKRIGG_ID,
                                        "driver_id": "$find_member.0.member_id"})]

# vehicles (MRV-1 out on INC-2043, MRV-2 off the road with DEF-88, MRV-3 available with DEF-87)
MOBILE2_FIXED = [sign_in("ruaridh"), ("vehicles", {"token": R}),
                 ("clear_defect", {"token": R, "defect_id": "$vehicles.1.defects.0.0",
                                   "work_done": "Brake pipe replaced at the garage; brakes tested"})]
MOBILE2_OUT = MOBILE2_FIXED + [sign_in("jory"), ("incidents", {"token": J, "status": "open"}),
                               ("find_member", {"token": J, "text": "Penhallow"}),
                               ("book_out_vehicle", {"token": J, "vehicle_id": "$vehicles.1.vehicle_id",
                                                     "incident_id": HAWKRIGG_ID,
                                                     "driver_id": "$find_member.0.member_id"})]
HEADLAMP = [sign_in("ruaridh"), ("vehicles", {"token": R}),
            ("report_defect", {"token": R, "vehicle_id": "$vehicles.2.vehicle_id",
                               "description": "Nearside headlamp bulb out", "off_road": False}),
            ("clear_defect", {"token": R, "defect_id": "$report_defect.defect_id", "work_done": "Bulb replaced"})]
MOBILE1_BACK = [sign_in("jory"), ("vehicles", {"token": J}),
                ("return_vehicle", {"token": J, "vehicle_id": "$vehicles.0.vehicle_id", "mileage": 48262})]

# members and the treasurer
SAOIRSE = [sign_in("imelda"), ("add_member", {"token": I, "name": "Saoirse Mulvaney", "phone": "07700 900188",
                                              "email": "saoirse.mulvaney@example.com"})]
DERVLA_APPROVED = [sign_in("caspar"), ("find_member", {"token": C, "text": "Costigan"}),
                   ("member_record", {"token": C, "member_id": "$find_member.0.member_id"}),
                   ("approve_claim", {"token": C, "claim_id": "$member_record.claims.0.0"})]
HAMISH_PAID = [sign_in("caspar"), ("find_member", {"token": C, "text": "Tulloch"}),
               ("member_record", {"token": C, "member_id": "$find_member.0.member_id"}),
               ("pay_claim", {"token": C, "claim_id": "$member_record.claims.0.0"})]
RAISE_EDGE_REPORT = [sign_in("jory"), ("incidents", {"token": J, "status": "closed"}),
                     ("incident_report", {"token": J, "incident_id": "$incidents.0.incident_id"})]

_BODY = [
    # incidents and pages
    ("gazetteer", "open_incident", N_OPEN),
    ("open_incident", "incident_log", N_LOG),
    ("incidents", "incident_log", HAWKRIGG),
    ("open_incident", "page_team", N_PAGE),
    ("incidents", "page_team", HAWKRIGG_ROPES),
    ("callout_groups", "page_team", N_PAGE),
    ("page_team", "record_response", N_WYSTAN),
    ("incident_log", "record_response", ALED),
    ("find_member", "record_response", ALED),
    ("set_on_call", "record_response", ALED),
    # parties and kit
    ("open_incident", "form_party", N_PARTY),
    ("incidents", "form_party", RELIEF_PARTY),
    ("find_member", "form_party", N_PARTY),
    ("incident_log", "form_party", N_PARTY_FROM_LOG),
    ("record_response", "form_party", N_PARTY),
    ("verify_qualification", "form_party", RELIEF_PARTY),
    ("form_party", "issue_kit", N_KIT),
    ("incident_log", "issue_kit", ROPE_ISSUED),
    ("kit", "issue_kit", N_KIT),
    ("inspect_kit", "issue_kit", ROPE_ISSUED),
    ("form_party", "deploy_party", N_DEPLOY),
    ("incident_log", "deploy_party", SUPPORT_DEPLOYED),
    ("gazetteer", "deploy_party", SUPPORT_DEPLOYED),
    ("issue_kit", "deploy_party", N_DEPLOY),
    ("form_party", "stand_down_party", N_DOWN),
    ("incident_log", "stand_down_party", HAWKRIGG_STOOD),
    ("deploy_party", "stand_down_party", N_DOWN),
    ("kit", "inspect_kit", ROPE_CHECKED),
    # casualties
    ("open_incident", "add_casualty", N_CASUALTY),
    ("incidents", "add_casualty", HAWKRIGG_COMPANION),
    ("add_casualty", "record_casualty_care", N_CARE),
    ("incident_log", "record_casualty_care", HAWKRIGG_CARE),
    ("find_member", "record_casualty_care", IMELDA_CARE),
    ("record_response", "record_casualty_care", IMELDA_CARE),
    ("verify_qualification", "record_casualty_care", IMELDA_CARE),
    ("add_casualty", "request_air_support", N_AIR),
    ("incident_log", "request_air_support", N_CASUALTY_LOG),
    ("add_casualty", "hand_over_casualty", N_HANDOVER),
    ("incident_log", "hand_over_casualty", HAWKRIGG_HANDOVER),
    ("receiving_hospitals", "hand_over_casualty", N_HANDOVER),
    ("record_casualty_care", "hand_over_casualty", N_HANDOVER),
    ("request_air_support", "hand_over_casualty", N_HANDOVER),
    # closing
    ("open_incident", "close_incident", N_CLOSED),
    ("incidents", "close_incident", HAWKRIGG_CLOSED),
    ("stand_down_party", "close_incident", N_CLOSED),
    ("hand_over_casualty", "close_incident", N_CLOSED),
    ("open_incident", "incident_report", N_REPORT),
    ("incidents", "incident_report", RAISE_EDGE_REPORT),
    ("close_incident", "incident_report", N_REPORT),
    # vehicles
    ("open_incident", "book_out_vehicle", N_VEHICLE),
    ("incidents", "book_out_vehicle", RUARIDH_DRIVES),
    ("find_member", "book_out_vehicle", N_VEHICLE),
    ("incident_log", "book_out_vehicle", ALED_DRIVES),
    ("vehicles", "book_out_vehicle", N_VEHICLE),
    ("verify_qualification", "book_out_vehicle", RUARIDH_DRIVES),
    ("clear_defect", "book_out_vehicle", MOBILE2_OUT),
    ("vehicles", "return_vehicle", MOBILE1_BACK),
    ("book_out_vehicle", "return_vehicle", N_VEHICLE_BACK),
    ("vehicles", "report_defect", cut(HEADLAMP, "report_defect")),
    ("report_defect", "clear_defect", HEADLAMP),
    ("vehicles", "clear_defect", MOBILE2_FIXED),
    # members and qualifications
    ("find_member", "member_record", PIOTR_RECORD),
    ("add_member", "member_record", SAOIRSE + [("member_record", {"token": I, "member_id": "$add_member.member_id"})]),
    ("find_member", "set_on_call", cut(ALED, "set_on_call")),
    ("add_member", "set_on_call", SAOIRSE + [("set_on_call", {"token": I, "member_id": "$add_member.member_id",
                                                              "on_call": False})]),
    ("find_member", "record_qualification", cut(IMELDA_RENEWED, "record_qualification")),
    ("add_member", "record_qualification", SAOIRSE + [("record_qualification", {
        "token": I, "member_id": "$add_member.member_id", "qualification": "swiftwater", "certificate": "SRT 2034-7730",
        "expires": "2036-08-31"})]),
    ("record_qualification", "verify_qualification", IMELDA_RENEWED),
    ("member_record", "verify_qualification", PIOTR_VERIFIED),
    # expenses
    ("open_incident", "claim_expenses", N_CLAIM),
    ("incidents", "claim_expenses", ALED_CLAIM),
    ("find_member", "claim_expenses", ALED_CLAIM),
    ("record_response", "claim_expenses", ALED_CLAIM),
    ("claim_expenses", "approve_claim", N_CLAIM_APPROVED),
    ("member_record", "approve_claim", DERVLA_APPROVED),
    ("claim_expenses", "pay_claim", N_CLAIM_PAID),
    ("member_record", "pay_claim", HAMISH_PAID),
    ("approve_claim", "pay_claim", N_CLAIM_PAID),
]

_OWN = {"sign_out": [sign_in("fenella"), ("sign_out", {"token": "$fenella.token"})]}


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
    # the hospitals before the walker's wife is added as a casualty
    ("receiving_hospitals", HAWKRIGG_COMPANION[:2] + [("receiving_hospitals", {}), HAWKRIGG_COMPANION[-1]]),
    # the gazetteer before Emrys Gwenllian is put on call
    ("gazetteer", ALED[:2] + [("gazetteer", {"place": "Gowk Pike"}), ALED[2]]),
    # the callout groups before Mobile 1 is booked back in
    ("callout_groups", MOBILE1_BACK[:2] + [("callout_groups", {"token": J}), MOBILE1_BACK[-1]]),
    # the incidents before Dervla Costigan's claim is approved
    ("incidents", DERVLA_APPROVED[:3] + [("incidents", {"token": C}), DERVLA_APPROVED[-1]]),
    # the kit list before Mobile 2's defect is cleared
    ("kit", MOBILE2_FIXED[:2] + [("kit", {"token": R}), MOBILE2_FIXED[-1]]),
    # the Hawkrigg log before Mobile 1 is booked back in
    ("incident_log", MOBILE1_BACK[:2] + [("incidents", {"token": J, "status": "open"}),
                                         ("incident_log", {"token": J, "incident_id": HAWKRIGG_ID}),
                                         MOBILE1_BACK[-1]]),
    # Tegan Ashburn taken off call before the Raise Edge report is read
    ("set_on_call", RAISE_EDGE_REPORT[:1] + [("find_member", {"token": J, "text": "Ashburn"}),
                                             ("set_on_call", {"token": J, "member_id": "$find_member.0.member_id",
                                                              "on_call": False})] + RAISE_EDGE_REPORT[1:]),
    # the second vacuum mattress inspected before the headlamp defect is reported
    ("inspect_kit", HEADLAMP[:1] + [("kit", {"token": R, "kind": "vacuum_mattress"}),
                                    ("inspect_kit", {"token": R, "item_id": "$kit.1.item_id", "result": "pass",
                                                     "notes": "Valve and shell checked, holds vacuum"})]
     + HEADLAMP[1:3]),
]
