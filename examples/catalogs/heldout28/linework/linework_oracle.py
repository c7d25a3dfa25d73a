"""Scripted proofs that Linework's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools and, given the
module's ``FAILURE``, reads a GraphQL reply with ``errors`` and no ``data`` as a refusal).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign in
by first name (``("sign_in", {...}, "nell")``) and pass ``"$nell.data.token"``; replies are read inside
``data`` by field (``"$register_client.data.client_id"``, ``"$book_consultation.data.consultation_id"``,
``"$record_brief.data.design_id"``, ``"$claim_flash.data.design_id"``,
``"$book_appointment.data.appointment_id"``, ``"$take_deposit.data.deposit_id"``,
``"$finish_session.data.balance_due"``) and tables by row and column (``"$find_client.data.rows.0.0"``,
``"$artist_directory.data.rows.1.0"``, ``"$price_guide.data.rows.2.0"``, ``"$flash_sheet.data.rows.0.0"``,
``"$consultations.data.rows.0.0"``, ``"$designs.data.rows.0.0"``, ``"$artist_availability.data.rows.0.0"``,
``"$appointments.data.rows.1.0"``, ``"$ink_stock.data.rows.2.0"``). Every id is read from a reply; none
is written literally.

The day: Mr Kieran Walsh walks in, is registered, shows his driving licence, claims Jonah's swallow from
the flash sheet, is booked into Jonah's afternoon, pays a deposit, signs the consent form, is tattooed
(with two ink batches recorded), pays, is sent his aftercare and has his free touch-up booked. Ms Tamsin
Rook is registered and has a consultation with Mara at one; Mara records the brief and uploads a
drawing, which Tamsin approves (or asks to change); her passport is checked and she is pencilled into
Tuesday morning and pays a deposit, or the appointment is moved or cancelled, or the consultation is
cancelled; on other paths she gives her Instagram handle and is messaged there, has a patch test, claims
a flash moth, joins Ade's waiting list or has her file looked at. Chloe Fenn's clear patch test lets her
declare her ink allergy, sign the form, be tattooed by Mara, pay and get her aftercare. Sam Okoro pays
the deposit on his pencilled appointment, moves it, or cancels it and has his deposit refunded; he gives
his Instagram handle. Robin Ashdown cancels tomorrow. Luca Bianchi does not turn up. Priya Desai's
touch-up is booked. Ellie Moss shows her CitizenCard and her lavender is booked, or she claims the fern
flash. Owen Price's consultation today is cancelled, or held and briefed; he books another with Jonah,
joins Ade's waiting list, or, once Ade opens her books, books with her; when Mara closes her books he
joins hers. Hana Sato approves her crane, or asks for changes. Jonah uploads Luca's dagger.
"""

import linework_tools as tools

WHO = {"nell": ("nell.d", "Needle-Point-42"), "mara": ("mara.k", "Fineline-Fern-7"),
       "jonah": ("jonah.r", "Swallow-Dagger-9"), "ade": ("ade.o", "Grey-Wash-1988"),
       "sable": ("sable.v", "Lantern-Dock-27")}
NELL, MARA, JONAH, SABLE = "$nell.data.token", "$mara.data.token", "$jonah.data.token", "$sable.data.token"
TODAY = "2031-06-13"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


F = "$find_client.data.rows.0.0"
K = "$register_client.data.client_id"
A = "$book_appointment.data.appointment_id"
D = "$record_brief.data.design_id"
AP0 = "$appointments.data.rows.0.0"
MARA_H, JONAH_H, ADE_H = "$artist_directory.data.rows.0.0", "$artist_directory.data.rows.1.0", \
    "$artist_directory.data.rows.2.0"

KIERAN = ("register_client", {"token": NELL, "name": "Mr Kieran Walsh", "date_of_birth": "2001-02-03",
                              "phone": "07700 930418", "email": "kieran.walsh@mail.example"})
FLASH = [
    *sign_ins("nell", "jonah"),
    KIERAN,
    ("check_id", {"token": NELL, "client_id": K, "document": "driving_licence", "document_number": "WALSH802031K99AB",
                  "date_of_birth": "2001-02-03"}),
    ("flash_sheet", {}),
    ("claim_flash", {"token": NELL, "flash_id": "$flash_sheet.data.rows.0.0", "client_id": K}),
    ("artist_directory", {}),
    ("artist_availability", {"token": NELL, "artist": JONAH_H}),
    ("book_appointment", {"token": NELL, "design_id": "$claim_flash.data.design_id",
                          "slot_id": "$artist_availability.data.rows.0.0"}),
    ("take_deposit", {"token": NELL, "appointment_id": A, "amount": 50.0, "method": "card"}),
    ("sign_consent", {"token": NELL, "appointment_id": A, "signed_name": "Mr Kieran Walsh", "conditions": ["none"],
                      "alcohol_last_24h": False}),
    ("check_in", {"token": JONAH, "appointment_id": A}),
    ("ink_stock", {"token": JONAH}),
    ("finish_session", {"token": JONAH, "appointment_id": A, "hours": 2.0,
                        "ink_batches": ["$ink_stock.data.rows.0.0", "$ink_stock.data.rows.2.0"],
                        "notes": "Swallow on the left forearm; bold lines, red banner; sat well"}),
    ("take_payment", {"token": NELL, "appointment_id": A, "amount": "$finish_session.data.balance_due",
                      "method": "card", "tip": 10.0}),
    ("send_aftercare", {"token": NELL, "appointment_id": A, "channel": "email"}),
    ("artist_availability", {"token": NELL, "artist": JONAH_H, "from_date": "2031-06-18"}, "later"),
    ("book_touch_up", {"token": NELL, "appointment_id": A, "slot_id": "$later.data.rows.0.0"}),
]

TAMSIN = ("register_client", {"token": NELL, "name": "Ms Tamsin Rook", "date_of_birth": "1998-09-14",
                              "phone": "07700 930412", "email": "tamsin.rook@mail.example"})
CUSTOM = [
    *sign_ins("nell", "mara"),
    TAMSIN,
    ("artist_directory", {}),
    ("book_consultation", {"token": NELL, "client_id": K, "artist": MARA_H, "date": TODAY, "time": "13:00",
                           "idea": "Fine-line botanical on the inner left forearm: foxgloves and ferns, black only"}),
    ("price_guide", {}),
    ("record_brief", {"token": MARA, "consultation_id": "$book_consultation.data.consultation_id",
                      "placement": "inner left forearm", "size": "$price_guide.data.rows.2.0", "colour": False,
                      "description": "Three foxglove stems with fern fronds, fine line, a little stippling"}),
    ("upload_design", {"token": MARA, "design_id": D, "file_name": "rook-foxglove-v1.png",
                       "notes": "First drawing; the ferns can be finer if you like"}),
    ("approve_design", {"token": NELL, "design_id": D, "approved_by": "Ms Tamsin Rook, at the desk"}),
    ("check_id", {"token": NELL, "client_id": K, "document": "passport", "document_number": "532918476",
                  "date_of_birth": "1998-09-14"}),
    ("artist_availability", {"token": NELL, "artist": MARA_H, "from_date": "2031-06-17"}),
    ("book_appointment", {"token": NELL, "design_id": D, "slot_id": "$artist_availability.data.rows.0.0"}),
    ("take_deposit", {"token": NELL, "appointment_id": A, "amount": 80.0, "method": "bank_transfer"}),
]
CUSTOM_MOVE = cut(CUSTOM, "book_appointment") + [
    ("artist_availability", {"token": NELL, "artist": MARA_H, "from_date": "2031-06-18"}, "later"),
    ("move_appointment", {"token": NELL, "appointment_id": A, "slot_id": "$later.data.rows.0.0"})]
CUSTOM_CANCEL = cut(CUSTOM, "book_appointment") + [
    ("cancel_appointment", {"token": NELL, "appointment_id": A,
                            "reason": "Tamsin has decided to wait until after her holiday"})]
CUSTOM_CONSULT_OFF = cut(CUSTOM, "book_consultation") + [
    ("cancel_consultation", {"token": NELL, "consultation_id": "$book_consultation.data.consultation_id",
                             "reason": "Tamsin has to go back to work at one"})]
TAMSIN_CHANGES = cut(CUSTOM, "upload_design") + [
    ("request_changes", {"token": NELL, "design_id": D, "changes": "Finer ferns, and a bee on the top foxglove"})]
TAMSIN_MSG = [*sign_ins("nell"), TAMSIN, ("update_client", {"token": NELL, "client_id": K, "instagram": "@tamsin.rook"}),
              ("message_client", {"token": NELL, "client_id": K, "channel": "instagram",
                                  "text": "Hi Tamsin, Mara has uploaded your foxglove drawing; have a look when you can."})]
TAMSIN_FILE = [*sign_ins("nell"), TAMSIN, ("client_file", {"token": NELL, "client_id": K})]
TAMSIN_PATCH = [*sign_ins("nell", "mara"), TAMSIN,
                ("patch_test", {"token": MARA, "client_id": K, "inks": ["black"], "result": "clear"})]
TAMSIN_FLASH = [*sign_ins("nell"), TAMSIN, ("flash_sheet", {}),
                ("claim_flash", {"token": NELL, "flash_id": "$flash_sheet.data.rows.2.0", "client_id": K})]
TAMSIN_WAIT = [*sign_ins("nell"), TAMSIN, ("artist_directory", {}),
               ("join_waitlist", {"token": NELL, "client_id": K, "artist": ADE_H,
                                  "idea": "A realistic portrait of her dog, Juniper"})]

CHLOE_PATCH = [*sign_ins("nell", "mara"), ("find_client", {"token": NELL, "text": "Fenn"}),
               ("patch_test", {"token": MARA, "client_id": F, "inks": ["red", "yellow"], "result": "clear"})]
CHLOE_DAY = CHLOE_PATCH + [
    ("appointments", {"token": NELL, "date": TODAY}),
    ("sign_consent", {"token": NELL, "appointment_id": AP0, "signed_name": "Ms Chloe Fenn",
                      "conditions": ["ink_allergy"], "alcohol_last_24h": False}),
    ("check_in", {"token": MARA, "appointment_id": AP0}),
    ("ink_stock", {"token": MARA}),
    ("finish_session", {"token": MARA, "appointment_id": AP0, "hours": 3.0,
                        "ink_batches": ["$ink_stock.data.rows.0.0", "$ink_stock.data.rows.2.0"],
                        "notes": "Peony outlined and stippled; red centre packed; healed patch test, no reaction"}),
    ("take_payment", {"token": NELL, "appointment_id": AP0, "amount": "$finish_session.data.balance_due",
                      "method": "card"}),
    ("send_aftercare", {"token": NELL, "appointment_id": AP0, "channel": "email"}),
]

SAM = [*sign_ins("nell"), ("appointments", {"token": NELL, "status": "pencilled"}),
       ("take_deposit", {"token": NELL, "appointment_id": AP0, "amount": 80.0, "method": "card"})]
SAM_REFUND = SAM + [
    ("cancel_appointment", {"token": NELL, "appointment_id": AP0,
                            "reason": "Sam has broken his wrist; no tattoo for two months"}),
    ("refund_deposit", {"token": NELL, "deposit_id": "$take_deposit.data.deposit_id",
                        "reason": "Cancelled eleven days ahead"})]
SAM_MOVE = [*sign_ins("nell"), ("appointments", {"token": NELL, "status": "pencilled"}), ("artist_directory", {}),
            ("artist_availability", {"token": NELL, "artist": MARA_H, "from_date": "2031-06-25"}),
            ("move_appointment", {"token": NELL, "appointment_id": AP0, "slot_id": "$artist_availability.data.rows.0.0"})]
SAM_MSG = [*sign_ins("nell"), ("find_client", {"token": NELL, "text": "Okoro"}),
           ("update_client", {"token": NELL, "client_id": F, "instagram": "@samokoro"}),
           ("message_client", {"token": NELL, "client_id": F, "channel": "instagram",
                               "text": "Hi Sam, your estuary piece with Mara is pencilled for the 24th; a deposit "
                                       "of 80 confirms it."})]
ROBIN = [*sign_ins("nell"), ("appointments", {"token": NELL, "date": "2031-06-14"}),
         ("cancel_appointment", {"token": NELL, "appointment_id": AP0, "reason": "A family emergency"})]
LUCA = [*sign_ins("nell"), ("appointments", {"token": NELL, "date": TODAY}),
        ("mark_no_show", {"token": NELL, "appointment_id": "$appointments.data.rows.1.0"})]
PRIYA_TOUCH = [*sign_ins("nell"), ("appointments", {"token": NELL, "status": "finished"}), ("artist_directory", {}),
               ("artist_availability", {"token": NELL, "artist": JONAH_H, "from_date": "2031-06-18"}),
               ("book_touch_up", {"token": NELL, "appointment_id": AP0,
                                  "slot_id": "$artist_availability.data.rows.0.0"})]
PRIYA_FILE = [*sign_ins("nell"), ("find_client", {"token": NELL, "text": "Desai"}),
              ("client_file", {"token": NELL, "client_id": F})]
ELLIE = [*sign_ins("nell"), ("find_client", {"token": NELL, "text": "Moss"}),
         ("check_id", {"token": NELL, "client_id": F, "document": "citizen_card", "document_number": "CC40311872",
                       "date_of_birth": "2002-12-12"}),
         ("designs", {"token": NELL, "status": "approved"}), ("artist_directory", {}),
         ("artist_availability", {"token": NELL, "artist": MARA_H, "from_date": "2031-06-17"}),
         ("book_appointment", {"token": NELL, "design_id": "$designs.data.rows.0.0",
                               "slot_id": "$artist_availability.data.rows.0.0"})]
ELLIE_FLASH = [*sign_ins("nell"), ("find_client", {"token": NELL, "text": "Moss"}), ("flash_sheet", {}),
               ("claim_flash", {"token": NELL, "flash_id": "$flash_sheet.data.rows.4.0", "client_id": F})]

OWEN_CONSULT = [*sign_ins("nell"), ("find_client", {"token": NELL, "text": "Price"}), ("artist_directory", {}),
                ("book_consultation", {"token": NELL, "client_id": F, "artist": JONAH_H, "date": "2031-06-18",
                                       "time": "14:00", "idea": "A stag's head with roses on the upper arm"})]
OWEN_CONSULT_OFF = [*sign_ins("nell"), ("consultations", {"token": NELL, "date": TODAY}),
                    ("cancel_consultation", {"token": NELL, "consultation_id": "$consultations.data.rows.0.0",
                                             "reason": "Owen has been called in to work"})]
OWEN_BRIEF = [*sign_ins("jonah"), ("consultations", {"token": JONAH, "date": TODAY}), ("price_guide", {}),
              ("record_brief", {"token": JONAH, "consultation_id": "$consultations.data.rows.0.0",
                                "placement": "right upper arm", "size": "$price_guide.data.rows.3.0", "colour": True,
                                "description": "Neo-traditional stag's head framed by red roses"})]
OWEN_WAIT = [*sign_ins("nell"), ("find_client", {"token": NELL, "text": "Price"}), ("artist_directory", {}),
             ("join_waitlist", {"token": NELL, "client_id": F, "artist": ADE_H,
                                "idea": "A portrait of his late father from a photograph"})]
ADE_OPEN = [*sign_ins("sable"), ("artist_directory", {}), ("open_books", {"token": SABLE, "artist": ADE_H}),
            ("find_client", {"token": SABLE, "text": "Price"}),
            ("book_consultation", {"token": SABLE, "client_id": F, "artist": ADE_H, "date": "2031-06-19",
                                   "time": "12:00", "idea": "A portrait of his late father from a photograph"})]
MARA_CLOSE = [*sign_ins("sable"), ("artist_directory", {}),
              ("close_books", {"token": SABLE, "artist": MARA_H, "reason": "Fully booked until September"}),
              ("find_client", {"token": SABLE, "text": "Price"}),
              ("join_waitlist", {"token": SABLE, "client_id": F, "artist": MARA_H,
                                 "idea": "A small fine-line compass on the wrist"})]
HANA_APPROVE = [*sign_ins("nell"), ("designs", {"token": NELL, "status": "drawn"}),
                ("approve_design", {"token": NELL, "design_id": "$designs.data.rows.0.0",
                                    "approved_by": "Ms Hana Sato, by e-mail"})]
HANA_CHANGES = [*sign_ins("nell"), ("designs", {"token": NELL, "status": "drawn"}),
                ("request_changes", {"token": NELL, "design_id": "$designs.data.rows.0.0",
                                     "changes": "Wings spread wider, reaching towards the shoulder"})]
LUCA_UPLOAD = [*sign_ins("jonah"), ("designs", {"token": JONAH, "status": "brief"}),
               ("upload_design", {"token": JONAH, "design_id": "$designs.data.rows.0.0",
                                  "file_name": "bianchi-dagger-v1.jpg", "notes": "First pass at the dagger and heart"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# clients
_NEW = {"update_client": TAMSIN_MSG, "client_file": TAMSIN_FILE, "check_id": CUSTOM, "patch_test": TAMSIN_PATCH,
        "book_consultation": CUSTOM, "claim_flash": TAMSIN_FLASH, "join_waitlist": TAMSIN_WAIT,
        "message_client": TAMSIN_MSG}
_FOUND = {"update_client": SAM_MSG, "client_file": PRIYA_FILE, "check_id": ELLIE, "patch_test": CHLOE_PATCH,
          "book_consultation": OWEN_CONSULT, "claim_flash": ELLIE_FLASH, "join_waitlist": OWEN_WAIT,
          "message_client": SAM_MSG}
for _c in tools.CLIENT_CONSUMERS:
    _add("register_client", _c, cut(_NEW[_c], _c))
    _add("find_client", _c, cut(_FOUND[_c], _c))

# consultations and designs
_add("book_consultation", "cancel_consultation", CUSTOM_CONSULT_OFF)
_add("consultations", "cancel_consultation", OWEN_CONSULT_OFF)
_add("book_consultation", "record_brief", cut(CUSTOM, "record_brief"))
_add("consultations", "record_brief", OWEN_BRIEF)
_add("record_brief", "upload_design", cut(CUSTOM, "upload_design"))
_add("designs", "upload_design", LUCA_UPLOAD)
_add("record_brief", "request_changes", TAMSIN_CHANGES)
_add("designs", "request_changes", HANA_CHANGES)
_add("record_brief", "approve_design", cut(CUSTOM, "approve_design"))
_add("designs", "approve_design", HANA_APPROVE)
_add("record_brief", "book_appointment", cut(CUSTOM, "book_appointment"))
_add("claim_flash", "book_appointment", cut(FLASH, "book_appointment"))
_add("designs", "book_appointment", ELLIE)

# appointments
_BOOKED = {"take_deposit": FLASH, "move_appointment": CUSTOM_MOVE, "cancel_appointment": CUSTOM_CANCEL,
           "sign_consent": FLASH, "check_in": FLASH, "finish_session": FLASH, "take_payment": FLASH,
           "book_touch_up": FLASH, "send_aftercare": FLASH}
_LISTED = {"take_deposit": SAM, "move_appointment": SAM_MOVE, "cancel_appointment": ROBIN, "sign_consent": CHLOE_DAY,
           "check_in": CHLOE_DAY, "finish_session": CHLOE_DAY, "take_payment": CHLOE_DAY,
           "book_touch_up": PRIYA_TOUCH, "send_aftercare": CHLOE_DAY}
for _c in tools.APPOINTMENT_CONSUMERS:
    _add("book_appointment", _c, cut(_BOOKED[_c], _c))
    _add("appointments", _c, cut(_LISTED[_c], _c))
_add("appointments", "mark_no_show", LUCA)

# vocabularies, slots, flash, ink, deposits
_DIRECTORY = {"book_consultation": OWEN_CONSULT, "artist_availability": FLASH, "open_books": ADE_OPEN,
              "close_books": MARA_CLOSE, "join_waitlist": OWEN_WAIT}
for _c in tools.ARTIST_CONSUMERS:
    _add("artist_directory", _c, cut(_DIRECTORY[_c], _c))
_SLOTS = {"book_appointment": FLASH, "move_appointment": SAM_MOVE, "book_touch_up": PRIYA_TOUCH}
for _c in tools.SLOT_CONSUMERS:
    _add("artist_availability", _c, cut(_SLOTS[_c], _c))
_add("flash_sheet", "claim_flash", ELLIE_FLASH)
_add("ink_stock", "finish_session", cut(FLASH, "finish_session"))
_add("take_deposit", "refund_deposit", SAM_REFUND)
_add("price_guide", "record_brief", OWEN_BRIEF)

# states
_add("open_books", "book_consultation", ADE_OPEN)
_add("close_books", "join_waitlist", MARA_CLOSE)
_add("check_id", "book_appointment", cut(FLASH, "book_appointment"))
_add("approve_design", "book_appointment", cut(CUSTOM, "book_appointment"))
_add("upload_design", "approve_design", cut(CUSTOM, "approve_design"))
_add("upload_design", "request_changes", TAMSIN_CHANGES)
_add("take_deposit", "sign_consent", cut(FLASH, "sign_consent"))
_add("patch_test", "sign_consent", cut(CHLOE_DAY, "sign_consent"))
_add("sign_consent", "check_in", cut(FLASH, "check_in"))
_add("check_in", "finish_session", cut(FLASH, "finish_session"))
_add("finish_session", "take_payment", cut(FLASH, "take_payment"))
_add("finish_session", "send_aftercare", cut(FLASH, "send_aftercare"))
_add("take_payment", "book_touch_up", FLASH)
_add("cancel_appointment", "refund_deposit", SAM_REFUND)
_add("update_client", "message_client", SAM_MSG)

_OWN = {"sign_out": [sign_in("sable"), ("sign_out", {"token": SABLE})],
        "waitlist": [sign_in("nell"), ("waitlist", {"token": NELL})]}


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
    ("client_file", SAM_MSG[:2] + [("client_file", {"token": NELL, "client_id": F}), SAM_MSG[2]]),
    ("waitlist", OWEN_WAIT[:1] + [("waitlist", {"token": NELL})] + OWEN_WAIT[1:]),
    ("patch_test", cut(FLASH, "take_deposit") + [
        ("patch_test", {"token": JONAH, "client_id": K, "inks": ["black"], "result": "clear"}),
        FLASH[FLASH.index(cut(FLASH, "sign_consent")[-1])]]),
    ("consultations", OWEN_CONSULT[:2] + [("consultations", {"token": NELL})] + OWEN_CONSULT[2:]),
    ("send_aftercare", cut(FLASH, "finish_session") + [FLASH[FLASH.index(cut(FLASH, "send_aftercare")[-1])],
                                                       FLASH[FLASH.index(cut(FLASH, "take_payment")[-1])]]),
    ("price_guide", [*sign_ins("nell"), ("price_guide", {}), KIERAN, ("flash_sheet", {}),
                     ("claim_flash", {"token": NELL, "flash_id": "$flash_sheet.data.rows.0.0", "client_id": K})]),
    ("check_id", [*sign_ins("nell"), TAMSIN, cut(CUSTOM, "check_id")[-1], ("artist_directory", {}),
                  cut(CUSTOM, "book_consultation")[-1]]),
]
