"""Scripted proofs that Fermata's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records the built-in exceptions the tools raise as
errors; the raw replies are ``TypedDict`` records, which are plain dicts, so check.py runs the proofs under the plain
oracle too, which counts a raised exception as a failure as well).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "lucius")``) and pass ``"$lucius.token"``; replies are read by field (``"$register_freelancer.player_id"``,
``"$create_project.project_id"``, ``"$offer_engagement.offer_id"``, ``"$record_offer_reply.engagement_id"``,
``"$request_leave.leave_id"``, ``"$order_parts.order_id"``, ``"$submit_invoice.invoice_id"``), list entries by
position and field (``"$sections.9.code"``, ``"$venues.0.code"``, ``"$find_player.0.player_id"``,
``"$projects.1.project_id"``, ``"$offers.0.offer_id"``, ``"$engagements.2.engagement_id"``,
``"$find_work.0.work_id"``, ``"$parts_orders.0.order_id"``, ``"$invoices.0.invoice_id"``) and rows of lists by
position (``"$project_schedule.calls.1.0"``, a concert call). The positions follow the fresh state's order of records
by id (filtered as each call asks), of the sections in score order, of the venues by code and of a project's calls by
date. Every id, section and venue code is read from a reply; none is written literally (names, e-mail addresses,
phone numbers, towns, documents, expiry dates, titles, conductors, players, kinds, dates, times, fees, answers,
reasons, bowings, audiences, notes, mileages, subjects and bodies are written as the staff are told them). A step
saved under a name of its own is a second call of a tool on one path.

The day: Ms Sorcha Villiers registers as a freelance horn, her phone number changes, she is written to and her record
read; her right to work is checked, the Sibelius and Elgar project is given a fifth horn and she is offered it,
accepts, or is released. The concerts manager sets up Spring Serenades, its instrumentation, a concert at the Assembly
Rooms and its schedule; Leocadia Tremlett is offered its harp; Wilfreda Scarisbrick asks to be excused it; Peter and the
Wolf goes on its programme and its parts are ordered, or Finlandia goes on and the parts are issued. For Sibelius and
Elgar, Wilfreda Scarisbrick's leave is approved and Casimir Overend, his right to work checked, is offered her chair;
Leocadia Tremlett accepts the harp; Tabitha Quarmby is released; the Elgar parts come, are bowed and issued. The Family
Concert gets its harp and a concert at the Corn Exchange, and the Snow Queen suite with its parts ordered, received
and bowed. Saturday's gala is reported, its performing rights return sent, the Korngold parts returned and Barnaby
Ellerker's invoice entered, approved and paid; the Christmas concert's percussion invoice is approved and paid, and
the harp invoice paid. Tabitha Quarmby moves, Leocadia Tremlett is written to and Marguerite Holroyd's record read.
"""

import fermata_tools as tools

WHO = {"hermione": ("hermione.s", "Down-Beat-36"), "lucius": ("lucius.f", "Extra-Desk-21"),
       "beatrix": ("beatrix.o", "Bow-Marks-77"), "ptolemy": ("ptolemy.w", "Fee-Sheet-58"),
       "cordelia": ("cordelia.h", "Green-Room-4")}
H, F, B, P = "$hermione.token", "$lucius.token", "$beatrix.token", "$ptolemy.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


VN1, HN, TPT, HP = "$sections.0.code", "$sections.9.code", "$sections.10.code", "$sections.15.code"
SORCHA = "$register_freelancer.player_id"
FOUND = "$find_player.0.player_id"
NEW = "$create_project.project_id"
SIBELIUS = "$projects.1.project_id"  # of the projects being fixed: PRJ-3801 (the gala), PRJ-3802
FAMILY = "$projects.0.project_id"  # of the projects being planned: PRJ-3803

# Ms Sorcha Villiers
N = [sign_in("lucius"), ("sections", {"token": F}),
     ("register_freelancer", {"token": F, "name": "Ms Sorcha Villiers", "section": HN,
                              "email": "sorcha.villiers@example.com", "phone": "07700 901377", "town": "Ludchurch"})]
N_UPDATE = N + [("update_player", {"token": F, "player_id": SORCHA, "phone": "07700 901399"})]
N_RECORD = N + [("player_record", {"token": F, "player_id": SORCHA})]
N_EMAIL = N + [("email_player", {"token": F, "player_id": SORCHA, "subject": "Welcome to the Sinfonia's list",
                                 "body": "Thank you for your details; we will be in touch about the Sibelius."})]
N_RTW = N + [("check_right_to_work", {"token": F, "player_id": SORCHA, "document": "share_code",
                                      "expires": "2041-03-31"})]
N_OFFER = N_RTW + [("projects", {"token": F, "status": "fixing"}),
                   ("set_instrumentation", {"token": F, "project_id": SIBELIUS, "section": HN, "players": 5}),
                   ("offer_engagement", {"token": F, "project_id": SIBELIUS, "player_id": SORCHA, "section": HN,
                                         "fee": 260.0})]
N_ACCEPTED = N_OFFER + [("record_offer_reply", {"token": F, "offer_id": "$offer_engagement.offer_id",
                                                "accepted": True})]
N_RELEASED = N_ACCEPTED + [("release_player", {"token": F, "engagement_id": "$record_offer_reply.engagement_id",
                                               "reason": "Dame Honoria has gone back to four horns"})]

# Spring Serenades
NP = [sign_in("hermione"), ("create_project", {"token": H, "title": "Spring Serenades",
                                                "conductor": "Kasimir Oldcastle"})]
NP_STRINGS = NP + [("sections", {"token": H}),
                   ("set_instrumentation", {"token": H, "project_id": NEW, "section": VN1, "players": 12})]
NP_CONCERT = NP + [("venues", {}),
                   ("add_call", {"token": H, "project_id": NEW, "kind": "concert", "venue_code": "$venues.0.code",
                                 "date": "2038-04-18", "start": "19:30", "end": "21:30"})]
NP_SCHEDULE = NP + [("project_schedule", {"token": H, "project_id": NEW})]
NP_HARP = NP + [("sections", {"token": H}),
                ("set_instrumentation", {"token": H, "project_id": NEW, "section": HP, "players": 1}),
                sign_in("lucius"), ("find_player", {"token": F, "text": "Tremlett"}),
                ("offer_engagement", {"token": F, "project_id": NEW, "player_id": FOUND, "section": HP, "fee": 280.0})]
NP_LEAVE = NP + [("sections", {"token": H}),
                 ("set_instrumentation", {"token": H, "project_id": NEW, "section": TPT, "players": 2}),
                 sign_in("lucius"), ("find_player", {"token": F, "text": "Scarisbrick"}),
                 ("request_leave", {"token": F, "player_id": FOUND, "project_id": NEW,
                                    "reason": "Teaching at the county music course that week"})]
NP_PETER = NP + [sign_in("beatrix"), ("find_work", {"token": B, "text": "Peter and the Wolf"}),
                 ("add_to_programme", {"token": B, "project_id": NEW, "work_id": "$find_work.0.work_id"}),
                 ("order_parts", {"token": B, "project_id": NEW, "work_id": "$find_work.0.work_id"})]
NP_ISSUED = NP_STRINGS + [sign_in("beatrix"), ("find_work", {"token": B, "text": "Finlandia"}),
                          ("add_to_programme", {"token": B, "project_id": NEW, "work_id": "$find_work.0.work_id"}),
                          ("issue_parts", {"token": B, "project_id": NEW})]

# the projects in the fresh state: PRJ-3801 the New Year Viennese Gala (performed on Saturday, its concert CALL-2202 not
# yet reported; the Korngold parts PH-771 bowed; Barnaby Ellerker ENG-901 and Marguerite Holroyd ENG-902 engaged),
# PRJ-3802 Sibelius and Elgar (fixing: two contract trumpets, three contract horns and Tabitha Quarmby ENG-903; the harp
# offered to Leocadia Tremlett, OFR-611; the Elgar parts PH-772 ordered), PRJ-3803 the Family Concert (planning)
OVEREND = [sign_in("lucius"), ("projects", {"token": F, "status": "fixing"}),
           ("find_player", {"token": F, "text": "Scarisbrick"}),
           ("request_leave", {"token": F, "player_id": FOUND, "project_id": SIBELIUS,
                              "reason": "Her sister's wedding"}),
           ("approve_leave", {"token": F, "leave_id": "$request_leave.leave_id"}),
           ("find_player", {"token": F, "text": "Overend"}, "overend"),
           ("check_right_to_work", {"token": F, "player_id": "$overend.0.player_id", "document": "uk_passport"}),
           ("sections", {"token": F}),
           ("offer_engagement", {"token": F, "project_id": SIBELIUS, "player_id": "$overend.0.player_id",
                                 "section": TPT, "fee": 250.0})]
FENBY_ACCEPTS = [sign_in("lucius"), ("offers", {"token": F, "status": "offered"}),
                 ("record_offer_reply", {"token": F, "offer_id": "$offers.0.offer_id", "accepted": True})]
QUARMBY_RELEASED = [sign_in("lucius"), ("engagements", {"token": F, "status": "engaged"}),
                    ("release_player", {"token": F, "engagement_id": "$engagements.5.engagement_id",
                                        "reason": "Ms Quarmby has broken her wrist"})]
QUARMBY_MOVES = [sign_in("lucius"), ("find_player", {"token": F, "text": "Quarmby"}),
                 ("update_player", {"token": F, "player_id": FOUND, "town": "Stainmore"})]
HOLROYD_RECORD = [sign_in("ptolemy"), ("find_player", {"token": P, "text": "Holroyd"}),
                  ("player_record", {"token": P, "player_id": FOUND})]
FENBY_TOLD = [sign_in("lucius"), ("find_player", {"token": F, "text": "Tremlett"}),
              ("email_player", {"token": F, "player_id": FOUND, "subject": "Family Concert, 20 February",
                                "body": "A rehearsal in the morning and the concert at three at the Corn Exchange."})]
ELGAR_PARTS = [sign_in("beatrix"), ("parts_orders", {"token": B, "status": "ordered"}),
               ("record_parts_received", {"token": B, "order_id": "$parts_orders.0.order_id"}),
               ("mark_bowings", {"token": B, "order_id": "$parts_orders.0.order_id",
                                 "bowings": "The leader's bowings; the cellos follow the soloist's"}),
               ("projects", {"token": B, "status": "fixing"}),
               ("issue_parts", {"token": B, "project_id": SIBELIUS})]
FAMILY_HARP = [sign_in("hermione"), ("projects", {"token": H, "status": "planning"}), ("sections", {"token": H}),
               ("set_instrumentation", {"token": H, "project_id": FAMILY, "section": HP, "players": 1})]
FAMILY_CONCERT = [sign_in("hermione"), ("projects", {"token": H, "status": "planning"}), ("venues", {}),
                  ("add_call", {"token": H, "project_id": FAMILY, "kind": "concert", "venue_code": "$venues.1.code",
                                "date": "2038-02-20", "start": "15:00", "end": "16:15"})]
SNOW_QUEEN = [sign_in("beatrix"), ("projects", {"token": B, "status": "planning"}),
              ("find_work", {"token": B, "text": "Snow Queen"}),
              ("add_to_programme", {"token": B, "project_id": FAMILY, "work_id": "$find_work.0.work_id"}),
              ("order_parts", {"token": B, "project_id": FAMILY, "work_id": "$find_work.0.work_id"}),
              ("record_parts_received", {"token": B, "order_id": "$order_parts.order_id"}),
              ("mark_bowings", {"token": B, "order_id": "$order_parts.order_id",
                                "bowings": "The composer's own bowings, as printed"})]
SIBELIUS_SCHEDULE = [sign_in("hermione"), ("season", {}), ("projects", {"token": H, "status": "fixing"}),
                     ("project_schedule", {"token": H, "project_id": SIBELIUS})]
GALA = [sign_in("hermione"), ("projects", {"token": H, "status": "fixing"}),
        ("project_schedule", {"token": H, "project_id": "$projects.0.project_id"}),
        ("file_concert_report", {"token": H, "call_id": "$project_schedule.calls.1.0", "started": "19:31",
                                 "audience": 468, "notes": "A full hall; the soloist played an encore"})]
GALA_PRS = GALA + [("submit_prs_return", {"token": H, "call_id": "$project_schedule.calls.1.0"})]
GALA_PARTS = GALA + [sign_in("beatrix"), ("parts_orders", {"token": B, "status": "bowed"}),
                     ("return_parts", {"token": B, "order_id": "$parts_orders.0.order_id"})]
GALA_INVOICE = GALA + [sign_in("ptolemy"), ("engagements", {"token": P, "status": "engaged"}),
                       ("submit_invoice", {"token": P, "engagement_id": "$engagements.3.engagement_id",
                                           "mileage": 24.0}),
                       ("approve_invoice", {"token": P, "invoice_id": "$submit_invoice.invoice_id"}),
                       ("pay_invoice", {"token": P, "invoice_id": "$submit_invoice.invoice_id"})]
PERCUSSION_PAID = [sign_in("ptolemy"), ("invoices", {"token": P, "status": "submitted"}),
                   ("approve_invoice", {"token": P, "invoice_id": "$invoices.0.invoice_id"}),
                   ("pay_invoice", {"token": P, "invoice_id": "$invoices.0.invoice_id"})]
HARP_PAID = [sign_in("ptolemy"), ("invoices", {"token": P, "status": "approved"}),
             ("pay_invoice", {"token": P, "invoice_id": "$invoices.0.invoice_id"})]

_BODY = [
    # players
    ("register_freelancer", "update_player", N_UPDATE),
    ("find_player", "update_player", QUARMBY_MOVES),
    ("register_freelancer", "player_record", N_RECORD),
    ("find_player", "player_record", HOLROYD_RECORD),
    ("register_freelancer", "check_right_to_work", N_RTW),
    ("find_player", "check_right_to_work", cut(OVEREND, "check_right_to_work")),
    ("register_freelancer", "email_player", N_EMAIL),
    ("find_player", "email_player", FENBY_TOLD),
    ("register_freelancer", "offer_engagement", N_OFFER),
    ("find_player", "offer_engagement", NP_HARP),
    ("sections", "register_freelancer", N),
    # projects
    ("create_project", "set_instrumentation", NP_STRINGS),
    ("projects", "set_instrumentation", FAMILY_HARP),
    ("sections", "set_instrumentation", FAMILY_HARP),
    ("create_project", "add_call", NP_CONCERT),
    ("projects", "add_call", FAMILY_CONCERT),
    ("venues", "add_call", NP_CONCERT),
    ("create_project", "project_schedule", NP_SCHEDULE),
    ("projects", "project_schedule", SIBELIUS_SCHEDULE),
    ("create_project", "offer_engagement", NP_HARP),
    ("projects", "offer_engagement", OVEREND),
    ("sections", "offer_engagement", OVEREND),
    ("set_instrumentation", "offer_engagement", N_OFFER),
    ("check_right_to_work", "offer_engagement", OVEREND),
    ("approve_leave", "offer_engagement", OVEREND),
    ("create_project", "request_leave", NP_LEAVE),
    ("projects", "request_leave", cut(OVEREND, "request_leave")),
    ("find_player", "request_leave", NP_LEAVE),
    ("set_instrumentation", "request_leave", NP_LEAVE),
    ("request_leave", "approve_leave", cut(OVEREND, "approve_leave")),
    ("offer_engagement", "record_offer_reply", N_ACCEPTED),
    ("offers", "record_offer_reply", FENBY_ACCEPTS),
    ("record_offer_reply", "release_player", N_RELEASED),
    ("engagements", "release_player", QUARMBY_RELEASED),
    # the library
    ("create_project", "add_to_programme", cut(NP_PETER, "add_to_programme")),
    ("projects", "add_to_programme", cut(SNOW_QUEEN, "add_to_programme")),
    ("find_work", "add_to_programme", cut(NP_PETER, "add_to_programme")),
    ("create_project", "order_parts", NP_PETER),
    ("projects", "order_parts", cut(SNOW_QUEEN, "order_parts")),
    ("find_work", "order_parts", NP_PETER),
    ("add_to_programme", "order_parts", NP_PETER),
    ("order_parts", "record_parts_received", cut(SNOW_QUEEN, "record_parts_received")),
    ("parts_orders", "record_parts_received", cut(ELGAR_PARTS, "record_parts_received")),
    ("order_parts", "mark_bowings", SNOW_QUEEN),
    ("parts_orders", "mark_bowings", cut(ELGAR_PARTS, "mark_bowings")),
    ("record_parts_received", "mark_bowings", SNOW_QUEEN),
    ("create_project", "issue_parts", NP_ISSUED),
    ("projects", "issue_parts", ELGAR_PARTS),
    ("set_instrumentation", "issue_parts", NP_ISSUED),
    ("add_to_programme", "issue_parts", NP_ISSUED),
    ("mark_bowings", "issue_parts", ELGAR_PARTS),
    ("parts_orders", "return_parts", GALA_PARTS),
    ("file_concert_report", "return_parts", GALA_PARTS),
    # concerts
    ("project_schedule", "file_concert_report", GALA),
    ("project_schedule", "submit_prs_return", GALA_PRS),
    ("file_concert_report", "submit_prs_return", GALA_PRS),
    # finance
    ("engagements", "submit_invoice", cut(GALA_INVOICE, "submit_invoice")),
    ("file_concert_report", "submit_invoice", cut(GALA_INVOICE, "submit_invoice")),
    ("submit_invoice", "approve_invoice", cut(GALA_INVOICE, "approve_invoice")),
    ("invoices", "approve_invoice", cut(PERCUSSION_PAID, "approve_invoice")),
    ("submit_invoice", "pay_invoice", GALA_INVOICE),
    ("invoices", "pay_invoice", HARP_PAID),
    ("approve_invoice", "pay_invoice", PERCUSSION_PAID),
]

_OWN = {"sign_out": [sign_in("cordelia"), ("sign_out", {"token": "$cordelia.token"})]}


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
    # the season's brochure read before Sibelius and Elgar's schedule
    ("season", SIBELIUS_SCHEDULE),
    # the venues read before the gala's report is filed
    ("venues", GALA[:3] + [("venues", {})] + GALA[3:]),
    # the library's catalogue searched before the gala's performing rights return
    ("find_work", GALA_PRS[:4] + [("find_work", {"token": H, "text": "Korngold"})] + GALA_PRS[4:]),
    # the offers listed before Tabitha Quarmby is released
    ("offers", QUARMBY_RELEASED[:2] + [("offers", {"token": F, "status": "accepted"})] + QUARMBY_RELEASED[2:]),
    # Leocadia Tremlett written to before her acceptance of the harp is recorded
    ("email_player", FENBY_TOLD + FENBY_ACCEPTS[1:]),
    # Sibelius and Elgar's schedule read before its parts are issued
    ("project_schedule", ELGAR_PARTS[:5] + [("project_schedule", {"token": B, "project_id": SIBELIUS})]
     + ELGAR_PARTS[5:]),
    # Sibelius and Elgar's schedule read before Wilfreda Scarisbrick's leave is approved
    ("project_schedule", cut(OVEREND, "request_leave")
     + [("project_schedule", {"token": F, "project_id": SIBELIUS}), cut(OVEREND, "approve_leave")[-1]]),
    # Leocadia Tremlett found before the harp invoice is paid
    ("find_player", HARP_PAID[:1] + [("find_player", {"token": P, "text": "Tremlett"})] + HARP_PAID[1:]),
]
