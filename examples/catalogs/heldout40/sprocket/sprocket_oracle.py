"""Scripted proofs that Sprocket's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime built with the module's ``FAILURE``, which reads the
``PgError`` objects the tools answer with; the tools are coroutine functions, so the plain oracle has nothing to run
them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "isadora")``) and pass ``"$isadora.token"``; replies are read by field (``"$request_booking.booking_id"``,
``"$schedule_show.show_id"``, ``"$ingest_dcp.cpl_id"``, ``"$order_kdm.kdm_id"``, ``"$sell_tickets.sale_id"``,
``"$box_office_return.return_id"``, ``"$register_hirer.hirer_id"``, ``"$quote_hire.quote_id"``,
``"$book_hire.hire_id"``) and list entries by position and field (``"$screen_list.0.code"``,
``"$find_film.0.film_id"``, ``"$film_bookings.1.booking_id"``, ``"$shows.0.show_id"``, ``"$whats_on.0.show_id"``,
``"$dcp_deliveries.2.delivery_id"``, ``"$content_library.0.cpl_id"``, ``"$kdms.0.kdm_id"``,
``"$preshow_reels.2.reel_id"``, ``"$sales.4.sale_id"``, ``"$returns.0.return_id"``, ``"$find_hirer.0.hirer_id"``,
``"$hires.0.hire_id"``). The positions follow the fresh state's order of records by id (filtered as each call asks),
of the screens by code, of what's on by date and time, and of the reels as the cinema lists them. Every id, screen
code and reel is read from a reply; none is written literally (titles, dates, times, weeks, terms, price bands,
validity windows, severities, descriptions, work done, accessible kinds, seats, payments, counts, reasons, amounts,
names, organisations, e-mail addresses, phone numbers, hours, purposes, content formats, subjects and bodies are
written as the staff are told them). A step saved under a name of its own is a second call of a tool on one path.

The day: the programmer books A Winter Apprentice, records Blackthorn's confirmation and schedules a Saturday
matinee, which goes on sale and sells three tickets, later refunded, or is cancelled. Northlight's confirmation of The
Salt Road is recorded and it is scheduled in Screen 1 for tomorrow evening and put on sale; the projectionist ingests
its DCP, loads the key that came yesterday, builds its playlist with the 12A reel and locks it, and marks it
subtitled, or orders it a key for Screen 2's second week. Lamplight Over Tredinnick gets a key for Screen 1, its
playlist for tomorrow's matinee, which goes on sale and sells two tickets; Screen 2's fan is mended and this
afternoon's show locked and marked subtitled; the Studio's sound fault is reported and cleared; tomorrow's The Quiet
Hours is cancelled. The box office sells tickets for this afternoon and tonight and refunds a school's sale. Finance
sends Blackthorn last week's return and pays it, and pays Altamira's overdue rent so that Ninefold can be booked. The
Pendock Ramblers register, are quoted, book the Studio, pay their deposit and say what they will show, are
written to, or cancel; the film society pays its deposit and names its DCP, or cancels; the school is quoted and
books Screen 2.
"""

import sprocket_tools as tools

WHO = {"isadora": ("isadora.k", "Reel-Change-24"), "cosmo": ("cosmo.r", "Xenon-Lamp-7"),
       "clemency": ("clemency.l", "Port-Glass-52"), "jolyon": ("jolyon.p", "Kiosk-Till-18"),
       "tarquin": ("tarquin.b", "Film-Rent-63"), "saskia": ("saskia.m", "Private-Hire-9"),
       "gwendoline": ("gwendoline.d", "Usher-Torch-30")}
I, C, CL, J, T, S = ("$isadora.token", "$cosmo.token", "$clemency.token", "$jolyon.token", "$tarquin.token",
                     "$saskia.token")


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


TODAY, TOMORROW = "2037-10-15", "2037-10-16"
S1, S2, S3 = "$screen_list.0.code", "$screen_list.1.code", "$screen_list.2.code"
SHOW = "$schedule_show.show_id"

# A Winter Apprentice
N = [sign_in("isadora"), ("find_film", {"token": I, "text": "Winter Apprentice"}),
     ("request_booking", {"token": I, "film_id": "$find_film.0.film_id", "first_date": "2037-10-30", "weeks": 2,
                          "terms_pct": 35.0})]
N_CONFIRMED = N + [("confirm_booking", {"token": I, "booking_id": "$request_booking.booking_id", "terms_pct": 35.0})]
N_SHOW = N_CONFIRMED + [("screen_list", {}),
                        ("schedule_show", {"token": I, "booking_id": "$request_booking.booking_id", "screen_code": S1,
                                           "date": "2037-10-31", "time": "11:00"})]
N_ON_SALE = N_SHOW + [("put_on_sale", {"token": I, "show_id": SHOW, "price_band": "matinee"})]
N_SOLD = N_ON_SALE + [sign_in("jolyon"), ("whats_on", {"date": "2037-10-31"}),
                      ("sell_tickets", {"token": J, "show_id": "$whats_on.0.show_id", "seats": ["G7", "G8", "G9"],
                                        "payment": "card", "children": 2})]
N_REFUNDED = N_SOLD + [("refund_sale", {"token": J, "sale_id": "$sell_tickets.sale_id",
                                        "reason": "The family's car has broken down"})]
N_CANCELLED = N_SHOW + [("cancel_show", {"token": I, "show_id": SHOW,
                                         "reason": "Blackthorn want the matinee moved to the week after"})]

# The Salt Road: FB-2204 requested; DLV-901 on the drive, KDM-7103 for Screen 1 received
SALT = [sign_in("isadora"), ("film_bookings", {"token": I, "status": "requested"}),
        ("confirm_booking", {"token": I, "booking_id": "$film_bookings.0.booking_id", "terms_pct": 35.0}),
        ("screen_list", {}),
        ("schedule_show", {"token": I, "booking_id": "$film_bookings.0.booking_id", "screen_code": S1,
                           "date": TOMORROW, "time": "18:00"})]
SALT_READY = SALT + [sign_in("cosmo"), ("dcp_deliveries", {"token": C}),
                     ("ingest_dcp", {"token": C, "delivery_id": "$dcp_deliveries.2.delivery_id"}),
                     ("kdms", {"token": C, "status": "received"}),
                     ("load_kdm", {"token": C, "kdm_id": "$kdms.0.kdm_id"}),
                     ("preshow_reels", {"token": C}),
                     ("build_playlist", {"token": C, "show_id": SHOW, "feature_cpl_id": "$ingest_dcp.cpl_id",
                                         "preshow_reel_id": "$preshow_reels.2.reel_id"}),
                     ("lock_show", {"token": C, "show_id": SHOW})]
SALT_SUBTITLED = cut(SALT_READY, "build_playlist") + [("mark_accessible", {"token": C, "show_id": SHOW,
                                                                           "kind": "subtitled"})]
SALT_SCREEN2 = [sign_in("cosmo"), ("dcp_deliveries", {"token": C}),
                ("ingest_dcp", {"token": C, "delivery_id": "$dcp_deliveries.2.delivery_id"}), ("screen_list", {}),
                ("order_kdm", {"token": C, "cpl_id": "$ingest_dcp.cpl_id", "screen_code": S2,
                               "valid_from": "2037-10-23", "valid_to": "2037-10-29"})]

# the shows in the fresh state: SH-5510 Lamplight Over Tredinnick in Screen 2 today at 14:00 (on sale, playlist
# built, Screen 2 out of service), SH-5511 The Quiet Hours in the Studio tonight (on sale, locked), SH-5512 Lamplight
# in Screen 1 tomorrow at 14:00 and SH-5513 The Quiet Hours in the Studio tomorrow night (both scheduled)
LAMPLIGHT_S1 = [sign_in("clemency"), ("content_library", {"token": CL, "kind": "feature"}), ("screen_list", {}),
                ("order_kdm", {"token": CL, "cpl_id": "$content_library.0.cpl_id", "screen_code": S1,
                               "valid_from": TOMORROW, "valid_to": "2037-10-22"}),
                ("load_kdm", {"token": CL, "kdm_id": "$order_kdm.kdm_id"}),
                ("shows", {"token": CL, "status": "scheduled"}), ("preshow_reels", {"token": CL}),
                ("build_playlist", {"token": CL, "show_id": "$shows.0.show_id",
                                    "feature_cpl_id": "$content_library.0.cpl_id",
                                    "preshow_reel_id": "$preshow_reels.1.reel_id"}),
                ("lock_show", {"token": CL, "show_id": "$shows.0.show_id"})]
SCREEN2_BACK = [sign_in("cosmo"), ("screen_list", {}),
                ("clear_fault", {"token": C, "screen_code": S2, "work_done": "Lamp house fan replaced and tested"}),
                ("shows", {"token": C, "date": TODAY, "status": "on_sale"}),
                ("lock_show", {"token": C, "show_id": "$shows.0.show_id"})]
SCREEN2_SUBTITLED = [sign_in("cosmo"), ("shows", {"token": C, "date": TODAY, "status": "on_sale"}),
                     ("mark_accessible", {"token": C, "show_id": "$shows.0.show_id", "kind": "subtitled"})]
STUDIO_FAULT = [sign_in("clemency"), ("screen_list", {}),
                ("report_fault", {"token": CL, "screen_code": S3,
                                  "description": "The sound processor keeps dropping the surround channels",
                                  "severity": "show_stopper"}),
                ("clear_fault", {"token": CL, "screen_code": S3,
                                 "work_done": "Processor firmware reloaded; surrounds tested on every channel"})]
LAMPLIGHT_MATINEE = [sign_in("isadora"), ("shows", {"token": I, "status": "scheduled"}),
                     ("put_on_sale", {"token": I, "show_id": "$shows.0.show_id", "price_band": "matinee"}),
                     sign_in("jolyon"),
                     ("sell_tickets", {"token": J, "show_id": "$shows.0.show_id", "seats": ["H7", "H8"],
                                       "payment": "card"})]
QUIET_CANCELLED = [sign_in("isadora"), ("shows", {"token": I, "status": "scheduled"}),
                   ("cancel_show", {"token": I, "show_id": "$shows.1.show_id",
                                    "reason": "The print for the talk that was to follow it is lost"})]
AFTERNOON_SALE = [sign_in("jolyon"), ("whats_on", {"date": TODAY}),
                  ("sell_tickets", {"token": J, "show_id": "$whats_on.0.show_id", "seats": ["D4", "D5"],
                                    "payment": "card", "children": 1})]
TONIGHT_SALE = [sign_in("jolyon"), ("shows", {"token": J, "date": TODAY, "status": "on_sale"}),
                ("sell_tickets", {"token": J, "show_id": "$shows.1.show_id", "seats": ["F3", "F4"],
                                  "payment": "card", "id_checked": True})]
SCHOOL_REFUND = [sign_in("jolyon"), ("sales", {"token": J}),
                 ("refund_sale", {"token": J, "sale_id": "$sales.4.sale_id", "reason": "The school trip is off"})]
LAMPLIGHT_RETURN = [sign_in("tarquin"), ("film_bookings", {"token": T, "status": "confirmed"}),
                    ("box_office_return", {"token": T, "booking_id": "$film_bookings.1.booking_id",
                                           "week_ending": "2037-10-08"}),
                    ("pay_film_rent", {"token": T, "return_id": "$box_office_return.return_id", "amount": 14.0})]
NINEFOLD = [sign_in("tarquin"), ("returns", {"token": T, "status": "due"}),
            ("pay_film_rent", {"token": T, "return_id": "$returns.0.return_id", "amount": 156.19}),
            sign_in("isadora"), ("find_film", {"token": I, "text": "Ninefold"}),
            ("request_booking", {"token": I, "film_id": "$find_film.0.film_id", "first_date": "2037-10-23", "weeks": 2,
                                 "terms_pct": 40.0})]

# hires: HIRE-451 (Tredinnick Film Society, the Studio on the 21st, provisional), HIRE-450 (Hembury Bank Primary,
# confirmed)
HIRE = "$book_hire.hire_id"
WALKERS = [sign_in("saskia"),
           ("register_hirer", {"token": S, "name": "Mr Aurelio Brancaster",
                               "organisation": "Pendock Ramblers",
                               "email": "aurelio.brancaster@example.com", "phone": "07700 900741"}),
           ("screen_list", {}),
           ("quote_hire", {"token": S, "screen_code": S3, "date": "2037-10-28", "start": "19:00", "hours": 3}),
           ("book_hire", {"token": S, "quote_id": "$quote_hire.quote_id", "hirer_id": "$register_hirer.hirer_id",
                          "purpose": "Members' film night"}),
           ("pay_hire_deposit", {"token": S, "hire_id": HIRE, "amount": 45.0}),
           ("confirm_hire_content", {"token": S, "hire_id": HIRE, "content": "bluray",
                                     "title": "Ten Summits, the group's own film"})]
WALKERS_TOLD = cut(WALKERS, "register_hirer") + [
    ("message_hirer", {"token": S, "hirer_id": "$register_hirer.hirer_id", "subject": "Your film night",
                       "body": "The Studio is yours from seven on Wednesday 28 October; bring the Blu-ray by five."})]
WALKERS_CANCELLED = cut(WALKERS, "book_hire") + [("cancel_hire", {"token": S, "hire_id": HIRE,
                                                                  "reason": "The group has moved its night to a pub"})]
FILM_SOCIETY = [sign_in("saskia"), ("hires", {"token": S, "status": "provisional"}),
                ("pay_hire_deposit", {"token": S, "hire_id": "$hires.0.hire_id", "amount": 45.0}),
                ("confirm_hire_content", {"token": S, "hire_id": "$hires.0.hire_id", "content": "dcp",
                                          "title": "The Lighthouse Keeper's Daughter"})]
FILM_SOCIETY_OFF = [sign_in("saskia"), ("hires", {"token": S, "status": "provisional"}),
                    ("cancel_hire", {"token": S, "hire_id": "$hires.0.hire_id",
                                     "reason": "The society's speaker cannot come"})]
FILM_SOCIETY_TOLD = [sign_in("saskia"), ("find_hirer", {"token": S, "text": "Film Society"}),
                     ("message_hirer", {"token": S, "hirer_id": "$find_hirer.0.hirer_id",
                                        "subject": "Your screening on the 21st",
                                        "body": "Please send the DCP by Monday so that we can test it."})]
SCHOOL_HIRE = [sign_in("saskia"), ("find_hirer", {"token": S, "text": "Hembury Bank"}), ("screen_list", {}),
               ("quote_hire", {"token": S, "screen_code": S2, "date": "2037-11-03", "start": "09:30", "hours": 2}),
               ("book_hire", {"token": S, "quote_id": "$quote_hire.quote_id", "hirer_id": "$find_hirer.0.hirer_id",
                              "purpose": "Year 5 film club"})]

_BODY = [
    # programming
    ("find_film", "request_booking", N),
    ("pay_film_rent", "request_booking", NINEFOLD),
    ("request_booking", "confirm_booking", N_CONFIRMED),
    ("film_bookings", "confirm_booking", cut(SALT, "confirm_booking")),
    ("request_booking", "schedule_show", N_SHOW),
    ("film_bookings", "schedule_show", SALT),
    ("confirm_booking", "schedule_show", N_SHOW),
    ("screen_list", "schedule_show", N_SHOW),
    ("schedule_show", "put_on_sale", N_ON_SALE),
    ("shows", "put_on_sale", cut(LAMPLIGHT_MATINEE, "put_on_sale")),
    ("schedule_show", "cancel_show", N_CANCELLED),
    ("shows", "cancel_show", QUIET_CANCELLED),
    # projection
    ("dcp_deliveries", "ingest_dcp", cut(SALT_READY, "ingest_dcp")),
    ("ingest_dcp", "order_kdm", SALT_SCREEN2),
    ("content_library", "order_kdm", cut(LAMPLIGHT_S1, "order_kdm")),
    ("screen_list", "order_kdm", SALT_SCREEN2),
    ("order_kdm", "load_kdm", cut(LAMPLIGHT_S1, "load_kdm")),
    ("kdms", "load_kdm", cut(SALT_READY, "load_kdm")),
    ("ingest_dcp", "load_kdm", cut(SALT_READY, "load_kdm")),
    ("schedule_show", "build_playlist", cut(SALT_READY, "build_playlist")),
    ("shows", "build_playlist", cut(LAMPLIGHT_S1, "build_playlist")),
    ("ingest_dcp", "build_playlist", cut(SALT_READY, "build_playlist")),
    ("content_library", "build_playlist", cut(LAMPLIGHT_S1, "build_playlist")),
    ("preshow_reels", "build_playlist", cut(SALT_READY, "build_playlist")),
    ("schedule_show", "lock_show", SALT_READY),
    ("shows", "lock_show", SCREEN2_BACK),
    ("build_playlist", "lock_show", SALT_READY),
    ("load_kdm", "lock_show", SALT_READY),
    ("clear_fault", "lock_show", SCREEN2_BACK),
    ("screen_list", "report_fault", cut(STUDIO_FAULT, "report_fault")),
    ("screen_list", "clear_fault", SCREEN2_BACK[:3]),
    ("report_fault", "clear_fault", STUDIO_FAULT),
    ("schedule_show", "mark_accessible", SALT_SUBTITLED),
    ("shows", "mark_accessible", SCREEN2_SUBTITLED),
    ("build_playlist", "mark_accessible", SALT_SUBTITLED),
    # the box office
    ("whats_on", "sell_tickets", AFTERNOON_SALE),
    ("shows", "sell_tickets", TONIGHT_SALE),
    ("put_on_sale", "sell_tickets", LAMPLIGHT_MATINEE),
    ("sell_tickets", "refund_sale", N_REFUNDED),
    ("sales", "refund_sale", SCHOOL_REFUND),
    # finance
    ("film_bookings", "box_office_return", cut(LAMPLIGHT_RETURN, "box_office_return")),
    ("box_office_return", "pay_film_rent", LAMPLIGHT_RETURN),
    ("returns", "pay_film_rent", cut(NINEFOLD, "pay_film_rent")),
    # hires
    ("register_hirer", "book_hire", cut(WALKERS, "book_hire")),
    ("find_hirer", "book_hire", SCHOOL_HIRE),
    ("register_hirer", "message_hirer", WALKERS_TOLD),
    ("find_hirer", "message_hirer", FILM_SOCIETY_TOLD),
    ("screen_list", "quote_hire", cut(WALKERS, "quote_hire")),
    ("quote_hire", "book_hire", cut(WALKERS, "book_hire")),
    ("book_hire", "pay_hire_deposit", cut(WALKERS, "pay_hire_deposit")),
    ("hires", "pay_hire_deposit", cut(FILM_SOCIETY, "pay_hire_deposit")),
    ("book_hire", "cancel_hire", WALKERS_CANCELLED),
    ("hires", "cancel_hire", FILM_SOCIETY_OFF),
    ("book_hire", "confirm_hire_content", WALKERS),
    ("hires", "confirm_hire_content", FILM_SOCIETY),
    ("pay_hire_deposit", "confirm_hire_content", FILM_SOCIETY),
]

_OWN = {"sign_out": [sign_in("gwendoline"), ("sign_out", {"token": "$gwendoline.token"})],
        "distributors": [sign_in("isadora"), ("distributors", {"token": I})]}


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
    # the distributors' accounts read before A Winter Apprentice is requested
    ("distributors", N[:1] + [("distributors", {"token": I})] + N[1:]),
    # what's on tomorrow read before The Salt Road is scheduled for tomorrow evening
    ("whats_on", SALT[:4] + [("whats_on", {"date": TOMORROW})] + SALT[4:]),
    # the library read before The Salt Road's DCP is ingested
    ("content_library", cut(SALT_READY, "dcp_deliveries") + [("content_library", {"token": C, "kind": "feature"})]
     + [cut(SALT_READY, "ingest_dcp")[-1]]),
    # the distributors' balances read before Blackthorn's return for Lamplight Over Tredinnick is paid
    ("distributors", LAMPLIGHT_RETURN[:3] + [("distributors", {"token": T})] + LAMPLIGHT_RETURN[3:]),
    # the film society found before its deposit is paid
    ("find_hirer", FILM_SOCIETY[:1] + [("find_hirer", {"token": S, "text": "Film Society"})] + FILM_SOCIETY[1:3]),
    # the film society written to before its deposit is paid
    ("message_hirer", FILM_SOCIETY_TOLD + FILM_SOCIETY[1:3]),
    # the pre-show reels read before A Winter Apprentice's matinee goes on sale
    ("preshow_reels", N_SHOW + [sign_in("cosmo"), ("preshow_reels", {"token": C}), N_ON_SALE[-1]]),
    # the sales read before last week's return for Lamplight Over Tredinnick is sent
    ("sales", [sign_in("jolyon"), ("sales", {"token": J})] + LAMPLIGHT_RETURN[:3]),
]
