"""Scripted proofs that Talkback's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime given the module's ``FAILURE``, which records
the returned RFC 7807 problem objects as rejected; the replies are plain JSON, so the plain oracle runs
them too).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Users sign in
by first name (``("sign_in", {...}, "nadia")``) and pass ``"$nadia.token"``; replies are read by field
(``"$add_presenter.presenter_id"``, ``"$create_show.show_id"``, ``"$add_to_library.track_id"``,
``"$book_studio.booking_id"``, ``"$prepare_return.return_id"``), lists by position and field
(``"$find_presenter.0.presenter_id"``, ``"$show_list.2.show_id"``, ``"$free_slots.0.slot_id"``,
``"$broadcasts.1.broadcast_id"``, ``"$broadcasts.0.cover_id"``, ``"$music_search.0.track_id"``,
``"$guest_list.0.guest_id"``, ``"$studio_list.1.code"``, ``"$studio_bookings.0.booking_id"``) and lists
nested in replies (``"$schedule_show.broadcasts.0.broadcast_id"``, ``"$show_list.2.slots.0"``,
``"$show_list.0.presenters.1"``). Numbers a tool only returns inside a sentence are written literally: the
guest ``GB-0411`` that book_guest books first in a fresh state and the cover ``CV-0031`` that
arrange_cover arranges first; each follows from its own counter and neither exists without its call.
Every other id is read from a reply.

The day: Ms Tasha Brennan joins as a presenter, has her studio induction and her Ofcom compliance
course, gets her own show, Harbour Lights, on Sunday evenings (or in the Folk Room's Wednesday slot once
the Folk Room comes out of it), plans its first playlist and takes a track off again, books a lifeboat
veteran as a guest, marks the second show as pre-recorded, is added to The Folk Room, covers this
afternoon's drive show, books Studio B to practise, gives her e-mail address and is e-mailed; on another
path Leah joins her team and leaves it, or the show comes out of its Sunday slot. Leah Brightwell covers
the drive show (and the cover is cancelled), joins Hartcombe Talks, books Studio B for an edit and
cancels it. Sam Achterberg does his compliance course, and gives his e-mail address for an e-mail.
Glenys Pugh gets a new speech show. Marcus comes off Vale Breakfast. The Sunday Gospel Hour returns on
Sunday evenings. The Folk Room's Wednesday broadcast gets Ffion Rees's release form and her track on its
playlist and is logged. Quayside Lanterns' new recording is added, cleared with their permission form and
played on the drive show; The Wreckers' Daughters' recording is cleared. Cllr Mary Oduya is booked on
Saturday's Hartcombe Talks, her release recorded or the booking cancelled; the harbour master is
cancelled. Saturday's Talks is pre-recorded and passes its compliance check. The Friday cover is
cancelled, and Leah's Friday studio booking. The September Late Lounge is logged, the Q3 return
prepared and submitted.
"""

import talkback_tools as tools

WHO = {"nadia": ("nadia.s", "Jingle-Bed-23"), "marcus": ("marcus.t", "Mic-Check-77"), "jo": ("jo.w", "B-Side-1984"),
       "raf": ("raf.o", "Patch-Bay-5"), "beth": ("beth.m", "Wyvern-974")}
NADIA, MARCUS, JO, RAF, BETH = "$nadia.token", "$marcus.token", "$jo.token", "$raf.token", "$beth.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


TP = "$add_presenter.presenter_id"
SH = "$create_show.show_id"
F0 = "$find_presenter.0.presenter_id"
BC0 = "$broadcasts.0.broadcast_id"
NEW = "$schedule_show.broadcasts.0.broadcast_id"

TASHA_NEW = ("add_presenter", {"token": NADIA, "name": "Ms Tasha Brennan", "phone": "07700 903517"})
INDUCTION = ("record_training", {"token": RAF, "presenter_id": TP, "course": "studio_induction",
                                 "trainer": "Rafael Osei"})
OFCOM = ("record_training", {"token": NADIA, "presenter_id": TP, "course": "ofcom_compliance",
                             "trainer": "Beth Morgan"}, "ofcom")
TASHA = [
    *sign_ins("nadia", "raf"),
    TASHA_NEW,
    INDUCTION,
    OFCOM,
    ("presenter_record", {"token": NADIA, "presenter_id": TP}),
    ("create_show", {"token": NADIA, "title": "Harbour Lights", "genre": "specialist_music", "minutes": 60,
                     "description": "Sea songs, shanties and stories from the harbour", "presenter_ids": [TP]}),
    ("show_details", {"token": NADIA, "show_id": SH}),
    ("free_slots", {"token": NADIA, "day": "sun"}),
    ("schedule_show", {"token": NADIA, "show_id": SH, "slot_id": "$free_slots.0.slot_id", "start_date": "2034-11-12"}),
    ("studio_list", {}),
    ("book_studio", {"token": RAF, "studio": "$studio_list.1.code", "date": "2034-11-11", "start": "14:00", "hours": 2.0,
                     "presenter_id": TP, "purpose": "Practice on the desk before her first show"}),
]
TASHA_AIR = cut(TASHA, "schedule_show") + [
    ("playlist", {"token": NADIA, "broadcast_id": NEW}),
    ("music_search", {"token": NADIA, "text": "Ashgrove"}),
    ("add_track", {"token": NADIA, "broadcast_id": NEW, "track_id": "$music_search.0.track_id"}),
    ("remove_track", {"token": NADIA, "broadcast_id": NEW, "position": 1}),
    ("book_guest", {"token": NADIA, "broadcast_id": NEW, "name": "Mr Alf Trewin", "phone": "07700 903620",
                    "in_studio": True, "age": 81, "topic": "Sixty years with the Hartcombe lifeboat"}),
    ("mark_prerecorded", {"token": NADIA, "broadcast_id": "$schedule_show.broadcasts.1.broadcast_id",
                          "file_ref": "harbour-lights-2034-11-19.wav"}),
]
TASHA_PAIR = cut(TASHA, "create_show") + [
    ("find_presenter", {"token": NADIA, "text": "Brightwell"}),
    ("add_co_presenter", {"token": NADIA, "show_id": SH, "presenter_id": F0}),
    ("remove_co_presenter", {"token": NADIA, "show_id": SH, "presenter_id": F0}),
]
TASHA_OFF = cut(TASHA, "schedule_show") + [
    ("unschedule_show", {"token": NADIA, "show_id": SH, "slot_id": "$free_slots.0.slot_id"})]
TASHA_WED = cut(TASHA, "create_show") + [
    ("show_list", {"token": NADIA, "status": "on_air"}),
    ("unschedule_show", {"token": NADIA, "show_id": "$show_list.2.show_id", "slot_id": "$show_list.2.slots.0"}),
    ("schedule_show", {"token": NADIA, "show_id": SH, "slot_id": "$show_list.2.slots.0", "start_date": "2034-11-15"}),
]
TASHA_CO = [
    *sign_ins("nadia", "raf"),
    TASHA_NEW,
    INDUCTION,
    OFCOM,
    ("show_list", {"token": NADIA, "status": "on_air"}),
    ("add_co_presenter", {"token": NADIA, "show_id": "$show_list.2.show_id", "presenter_id": TP}),
]
TASHA_COVER = cut(TASHA_CO, "ofcom") + [
    ("broadcasts", {"token": NADIA, "date": "2034-11-09"}),
    ("arrange_cover", {"token": NADIA, "broadcast_id": "$broadcasts.1.broadcast_id", "presenter_id": TP,
                       "reason": "Marcus has lost his voice"}),
]
TASHA_STUDIO = [
    *sign_ins("nadia", "raf"),
    TASHA_NEW,
    INDUCTION,
    ("studio_list", {}),
    ("book_studio", {"token": RAF, "studio": "$studio_list.1.code", "date": "2034-11-11", "start": "14:00", "hours": 2.0,
                     "presenter_id": TP, "purpose": "Practice on the desk with Leah"}),
]
TASHA_CONTACT = [
    *sign_ins("nadia"),
    TASHA_NEW,
    ("update_presenter", {"token": NADIA, "presenter_id": TP, "email": "tasha.brennan@mail.example"}),
    ("notify_presenter", {"token": NADIA, "presenter_id": TP, "channel": "email",
                          "message": "Welcome to Wyvern FM. Your studio induction is with Rafael this afternoon."}),
]

SAM = [*sign_ins("nadia"), ("find_presenter", {"token": NADIA, "text": "Achterberg"}),
       ("record_training", {"token": NADIA, "presenter_id": F0, "course": "ofcom_compliance", "trainer": "Beth Morgan"})]
SAM_CONTACT = [
    *sign_ins("nadia"),
    ("find_presenter", {"token": NADIA, "text": "Achterberg"}),
    ("update_presenter", {"token": NADIA, "presenter_id": F0, "email": "sam.achterberg@mail.example"}),
    ("notify_presenter", {"token": NADIA, "presenter_id": F0, "channel": "email",
                          "message": "Your Ofcom compliance course is booked for Saturday at ten."}),
]
GLENYS = [*sign_ins("nadia"), ("find_presenter", {"token": NADIA, "text": "Pugh"}),
          ("create_show", {"token": NADIA, "title": "Vale Voices", "genre": "speech", "minutes": 60,
                           "description": "Oral history from the villages of the Vale", "presenter_ids": [F0]})]
LEAH_RECORD = [*sign_ins("nadia"), ("find_presenter", {"token": NADIA, "text": "Brightwell"}),
               ("presenter_record", {"token": NADIA, "presenter_id": F0})]
LEAH_TALKS = [*sign_ins("nadia"), ("find_presenter", {"token": NADIA, "text": "Brightwell"}),
              ("show_list", {"token": NADIA, "status": "on_air"}),
              ("add_co_presenter", {"token": NADIA, "show_id": "$show_list.3.show_id", "presenter_id": F0})]
LEAH_COVER = [
    *sign_ins("nadia"),
    ("find_presenter", {"token": NADIA, "text": "Brightwell"}),
    ("broadcasts", {"token": NADIA, "date": "2034-11-09"}),
    ("arrange_cover", {"token": NADIA, "broadcast_id": "$broadcasts.1.broadcast_id", "presenter_id": F0,
                       "reason": "Marcus has lost his voice"}),
    ("cancel_cover", {"token": NADIA, "cover_id": "CV-0031", "reason": "Marcus has his voice back after all"}),
]
LEAH_STUDIO = [
    *sign_ins("raf"),
    ("find_presenter", {"token": RAF, "text": "Brightwell"}),
    ("studio_list", {}),
    ("book_studio", {"token": RAF, "studio": "$studio_list.1.code", "date": "2034-11-13", "start": "10:00", "hours": 1.5,
                     "presenter_id": F0, "purpose": "Edit the Ffion Rees session for a repeat"}),
    ("cancel_studio_booking", {"token": RAF, "booking_id": "$book_studio.booking_id",
                               "reason": "The session tape needs a remix first"}),
]

SHOWS = [*sign_ins("nadia"), ("show_list", {"token": NADIA, "status": "on_air"}),
         ("show_details", {"token": NADIA, "show_id": "$show_list.4.show_id"})]
BREAKFAST = [*sign_ins("nadia"), ("show_list", {"token": NADIA, "status": "on_air"}),
             ("remove_co_presenter", {"token": NADIA, "show_id": "$show_list.0.show_id",
                                      "presenter_id": "$show_list.0.presenters.1"})]
GOSPEL = [*sign_ins("nadia"), ("programme_guide", {"day": "sun"}), ("show_list", {"token": NADIA, "status": "rested"}),
          ("free_slots", {"token": NADIA, "day": "sun"}),
          ("schedule_show", {"token": NADIA, "show_id": "$show_list.0.show_id", "slot_id": "$free_slots.0.slot_id",
                             "start_date": "2034-11-12"})]
FOLK_END = [*sign_ins("nadia"), ("show_list", {"token": NADIA, "status": "on_air"}),
            ("unschedule_show", {"token": NADIA, "show_id": "$show_list.2.show_id", "slot_id": "$show_list.2.slots.0"})]

FOLK = [
    *sign_ins("jo"),
    ("broadcasts", {"token": JO, "date": "2034-11-08"}),
    ("guest_list", {"token": JO, "broadcast_id": BC0}),
    ("record_guest_release", {"token": JO, "guest_id": "$guest_list.0.guest_id", "signed_by": "Ms Ffion Rees",
                              "relationship": "self"}),
    ("music_search", {"token": JO, "text": "Rees"}),
    ("add_track", {"token": JO, "broadcast_id": BC0, "track_id": "$music_search.0.track_id"}),
    ("playlist", {"token": JO, "broadcast_id": BC0}),
    ("log_broadcast", {"token": JO, "broadcast_id": BC0,
                       "notes": "Ffion Rees live: three songs and a chat about the EP; one track from the record"}),
]
LOCAL = [
    *sign_ins("jo", "marcus"),
    ("add_to_library", {"token": JO, "artist": "Quayside Lanterns", "title": "Lantern Light", "seconds": 214,
                        "explicit": False, "local": True}),
    ("clear_track", {"token": JO, "track_id": "$add_to_library.track_id", "form_ref": "PF-2034-117"}),
    ("broadcasts", {"token": MARCUS, "date": "2034-11-09"}),
    ("add_track", {"token": MARCUS, "broadcast_id": "$broadcasts.1.broadcast_id", "track_id": "$add_to_library.track_id"}),
]
WRECKERS = [*sign_ins("jo"), ("music_search", {"token": JO, "text": "Wreckers"}),
            ("clear_track", {"token": JO, "track_id": "$music_search.0.track_id", "form_ref": "PF-2034-118"})]

TALKS_GUEST = [
    *sign_ins("nadia"),
    ("broadcasts", {"token": NADIA, "date": "2034-11-11"}),
    ("book_guest", {"token": NADIA, "broadcast_id": BC0, "name": "Cllr Mary Oduya", "phone": "07700 903611",
                    "in_studio": True, "age": 52, "topic": "The new harbour car park"}),
    ("record_guest_release", {"token": NADIA, "guest_id": "GB-0411", "signed_by": "Cllr Mary Oduya",
                              "relationship": "self"}),
]
TALKS_OFF = cut(TALKS_GUEST, "book_guest") + [
    ("cancel_guest", {"token": NADIA, "guest_id": "GB-0411", "reason": "A council meeting has been moved to Saturday"})]
HARBOUR_MASTER = [*sign_ins("nadia"), ("broadcasts", {"token": NADIA, "date": "2034-11-11"}),
                  ("guest_list", {"token": NADIA, "broadcast_id": BC0}),
                  ("cancel_guest", {"token": NADIA, "guest_id": "$guest_list.0.guest_id",
                                    "reason": "The harbour master is away at a conference"})]
PRERECORD = [
    *sign_ins("nadia", "beth"),
    ("broadcasts", {"token": NADIA, "date": "2034-11-11"}),
    ("mark_prerecorded", {"token": NADIA, "broadcast_id": BC0, "file_ref": "hartcombe-talks-2034-11-11.wav"}),
    ("compliance_check", {"token": BETH, "broadcast_id": BC0, "passed": True,
                          "notes": "Listened through; balanced, no legal issues, the sponsor credit is right"}),
]
FRIDAY_COVER = [*sign_ins("nadia"), ("broadcasts", {"token": NADIA, "date": "2034-11-10"}),
                ("cancel_cover", {"token": NADIA, "cover_id": "$broadcasts.0.cover_id",
                                  "reason": "Kwame is back from the wedding early"})]
FRIDAY_STUDIO = [*sign_ins("raf"), ("studio_bookings", {"token": RAF, "studio": "ST-B", "date": "2034-11-10"}),
                 ("cancel_studio_booking", {"token": RAF, "booking_id": "$studio_bookings.0.booking_id",
                                            "reason": "Leah has finished the edit at home"})]
Q3 = [
    *sign_ins("jo", "beth"),
    ("broadcasts", {"token": JO, "date": "2034-09-29"}),
    ("log_broadcast", {"token": JO, "broadcast_id": BC0, "notes": "Logged late from Kwame's running order"}),
    ("prepare_return", {"token": JO, "quarter": "2034Q3"}),
    ("submit_return", {"token": BETH, "return_id": "$prepare_return.return_id", "declaration": True}),
]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# presenters
_NEW = {"update_presenter": TASHA_CONTACT, "presenter_record": TASHA, "record_training": TASHA,
        "notify_presenter": TASHA_CONTACT, "create_show": TASHA, "add_co_presenter": TASHA_CO,
        "arrange_cover": TASHA_COVER, "book_studio": TASHA_STUDIO}
_FOUND = {"update_presenter": SAM_CONTACT, "presenter_record": LEAH_RECORD, "record_training": SAM,
          "notify_presenter": SAM_CONTACT, "create_show": GLENYS, "add_co_presenter": LEAH_TALKS,
          "arrange_cover": LEAH_COVER, "book_studio": LEAH_STUDIO}
for _c in tools.PRESENTER_CONSUMERS:
    _add("add_presenter", _c, cut(_NEW[_c], _c))
    _add("find_presenter", _c, cut(_FOUND[_c], _c))

# shows and broadcasts
_CREATED = {"show_details": TASHA, "add_co_presenter": TASHA_PAIR, "remove_co_presenter": TASHA_PAIR,
            "schedule_show": TASHA, "unschedule_show": TASHA_OFF}
_LISTED = {"show_details": SHOWS, "add_co_presenter": LEAH_TALKS, "remove_co_presenter": BREAKFAST,
           "schedule_show": GOSPEL, "unschedule_show": FOLK_END}
for _c in tools.SHOW_CONSUMERS:
    _add("create_show", _c, cut(_CREATED[_c], _c))
    _add("show_list", _c, cut(_LISTED[_c], _c))
_LIST_DAY = {"mark_prerecorded": PRERECORD, "add_track": FOLK, "playlist": FOLK, "book_guest": TALKS_GUEST}
for _c in tools.BROADCAST_CONSUMERS:
    _add("schedule_show", _c, cut(TASHA_AIR, _c))
    _add("broadcasts", _c, cut(_LIST_DAY[_c], _c))

# ids and vocabularies
_add("broadcasts", "arrange_cover", cut(LEAH_COVER, "arrange_cover"))
_add("broadcasts", "log_broadcast", cut(Q3, "log_broadcast"))
_add("free_slots", "schedule_show", cut(TASHA, "schedule_show"))
_add("studio_list", "book_studio", TASHA_STUDIO)
_add("add_to_library", "add_track", LOCAL)
_add("music_search", "add_track", cut(FOLK, "add_track"))
_add("add_to_library", "clear_track", cut(LOCAL, "clear_track"))
_add("music_search", "clear_track", WRECKERS)
_add("book_guest", "record_guest_release", TALKS_GUEST)
_add("guest_list", "record_guest_release", cut(FOLK, "record_guest_release"))
_add("book_guest", "cancel_guest", TALKS_OFF)
_add("guest_list", "cancel_guest", HARBOUR_MASTER)
_add("arrange_cover", "cancel_cover", LEAH_COVER)
_add("broadcasts", "cancel_cover", FRIDAY_COVER)
_add("book_studio", "cancel_studio_booking", LEAH_STUDIO)
_add("studio_bookings", "cancel_studio_booking", FRIDAY_STUDIO)
_add("prepare_return", "submit_return", Q3)

# states
_add("record_training", "create_show", cut(TASHA, "create_show"))
_add("record_training", "add_co_presenter", TASHA_CO)
_add("record_training", "arrange_cover", TASHA_COVER)
_add("record_training", "book_studio", TASHA_STUDIO)
_add("clear_track", "add_track", LOCAL)
_add("add_track", "log_broadcast", FOLK)
_add("record_guest_release", "log_broadcast", FOLK)
_add("log_broadcast", "prepare_return", cut(Q3, "prepare_return"))
_add("update_presenter", "notify_presenter", TASHA_CONTACT)
_add("unschedule_show", "schedule_show", TASHA_WED)
_add("mark_prerecorded", "compliance_check", PRERECORD)
_add("add_track", "remove_track", cut(TASHA_AIR, "remove_track"))
_add("add_co_presenter", "remove_co_presenter", TASHA_PAIR)
_add("schedule_show", "unschedule_show", TASHA_OFF)

_OWN = {"sign_out": [sign_in("beth"), ("sign_out", {"token": BETH})]}


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
    ("presenter_record", cut(TASHA, "create_show")),
    ("show_details", cut(TASHA, "schedule_show")),
    ("free_slots", TASHA),
    ("playlist", FOLK),
    ("record_guest_release", cut(FOLK, "add_track")),
    ("music_search", cut(TASHA_AIR, "book_guest")),
    ("remove_track", cut(TASHA_AIR, "book_guest")),
]
