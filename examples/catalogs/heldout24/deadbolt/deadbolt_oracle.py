"""Scripted proofs that Deadbolt's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools and, given
``FAILURE``, records the returned ``"DBTnnnE ..."`` messages as rejected).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("sign_in", {...}, "amy")``) and pass the bare token whole (``"$amy"``); rows are
read by position (``"$find_customer.0.0"``, ``"$job_list.1.0"``, ``"$engineer_board.3.0"``,
``"$lock_parts.4.0"``, ``"$key_register.3.0"``, ``"$key_holders.1.0"``, ``"$alarm_register.1.0"``),
dicts by key and nested rows by key and position (``"$commission_alarm.alarm_id"``,
``"$rim.parts.1.0"``, ``"$customer_file.invoices.0.3"``, ``"$issue_keys.keys.0"``). Numbers a tool
only returns inside a sentence are written literally: a fresh state's first new job ``JB-7731`` (and
the second ``JB-7732``), the invoice ``IN-7731``, quote ``QA-0318``, key system ``MK-0219`` and key
order ``KO-0556``. Each follows from its own counter and none exists without its call; every other
id is read from a reply (the new customer's ``"$new_customer.customer_id"``).

The day: Ms Leah Moran registered after a break-in, the call-out logged and given to Sean, its sheet,
Sean on site, her driving licence checked, entry by drilling, a cylinder fitted (a nightlatch put on
and taken off again), the job completed, invoiced and paid by card, her work number added and an
e-mail; her police-monitored alarm quoted, accepted, booked with Rhys this morning, an extra detector,
commissioned, two keyholders, a URN application, completed and invoiced; Castle Lettings' lock change
next Monday booked, handed to Sean and cancelled; today's Quarry Street lock change done by Dan,
invoiced, and Castle's October invoice paid; Mr Stannard's lock-out given to Sean, his council tax
bill checked, entry, completed and invoiced; his e-mail address added and his invoice sent; Mrs
Kemp's snapped key logged and called off, and an alarm quoted for her; the college safe opening
cancelled; Mrs Dhillon's alarm commissioned by Rhys; the surgery's second keyholder and its URN
application; the college's new signatory, two sub-master keys ordered, cut and issued, the caretaker's
grand master key handed back and a master key reported lost; Castle Lettings' new Quarry Street key
system, two change keys ordered, cut and issued, one returned and one lost, a second signatory.
"""

import deadbolt_tools as tools

WHO = {"amy": ("amy.f", "Job-Desk-24h"), "sean": ("sean.c", "Pin-Tumbler-5"), "dan": ("dan.w", "Mortice-BS3621"),
       "kerry": ("kerry.n", "Key-Cutter-12"), "rhys": ("rhys.p", "Grade-Two-PIR"), "gail": ("gail.k", "Keyguard-1987")}
AMY, SEAN, DAN, KERRY, RHYS = "$amy", "$sean", "$dan", "$kerry", "$rhys"
TODAY, NEXT_MONDAY = tools.TODAY, "2031-11-10"
LM, JOB1, JOB2 = "$new_customer.customer_id", "JB-7731", "JB-7732"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


ALARM = "$commission_alarm.alarm_id"
LEAH_DEVICES = ["$alarm_parts.2.0", "$alarm_parts.1.0", "$alarm_parts.4.0", "$alarm_parts.3.0", "$alarm_parts.3.0",
                "$alarm_parts.0.0", "$alarm_parts.0.0"]


def leah(upto: str) -> list:
    """Ms Leah Moran after a break-in: the call-out, entry, a new cylinder, payment; then her alarm."""
    return cut([
        *sign_ins("amy", "sean", "rhys"),
        ("price_guide", {}),
        ("new_customer", {"token": AMY, "name": "Ms Leah Moran", "kind": "domestic", "phone": "07700 900488",
                          "address": "Flat 6, Coopers Court, Mill Lane, Harrowby", "postcode": "HB1 3QT",
                          "email": "leah.moran@mail.example"}),
        ("log_callout", {"token": AMY, "customer_id": LM, "problem": "break_in",
                         "notes": "Flat broken into overnight; the front door lock is forced and jammed and she "
                                  "cannot get in. Police have been and given a crime number."}),
        ("engineer_board", {"token": AMY, "day": TODAY}),
        ("assign_engineer", {"token": AMY, "job_id": JOB1, "engineer_id": "$engineer_board.0.0"}),
        ("job_sheet", {"token": AMY, "job_id": JOB1}),
        ("arrive_on_site", {"token": SEAN, "job_id": JOB1}),
        ("verify_occupier", {"token": SEAN, "job_id": JOB1, "id_seen": "driving_licence", "name_on_document": "Leah Moran",
                             "address_matches": True}),
        ("gain_entry", {"token": SEAN, "job_id": JOB1, "method": "drill",
                        "notes": "Forced euro cylinder drilled out; door and frame sound"}),
        ("parts_catalogue", {"kind": "lock"}, "lock_parts"),
        ("add_part", {"token": SEAN, "job_id": JOB1, "part_code": "$lock_parts.0.0", "quantity": 1}),
        ("add_part", {"token": SEAN, "job_id": JOB1, "part_code": "$lock_parts.4.0", "quantity": 1}, "rim"),
        ("remove_part", {"token": SEAN, "job_id": JOB1, "part_code": "$rim.parts.1.0"}),
        ("complete_job", {"token": SEAN, "job_id": JOB1, "minutes": 75,
                          "work_done": "Gained entry by drilling the forced cylinder; fitted an anti-snap euro cylinder "
                                       "and three keys"}),
        ("invoice_job", {"token": AMY, "job_id": JOB1}),
        ("customer_file", {"token": AMY, "customer_id": LM}),
        ("take_payment", {"token": AMY, "invoice_id": "IN-7731", "amount": "$customer_file.invoices.0.3",
                          "method": "card"}),
        ("update_customer", {"token": AMY, "customer_id": LM, "phone": "01632 960488"}),
        ("notify_customer", {"token": AMY, "customer_id": LM, "channel": "email",
                             "message": "Your call-out invoice is paid, thank you. Rhys will fit your alarm this "
                                        "morning; please be in from nine."}),
        ("parts_catalogue", {"kind": "alarm"}, "alarm_parts"),
        ("quote_alarm", {"token": AMY, "customer_id": LM, "grade": "grade_2", "devices": LEAH_DEVICES,
                         "monitoring": "police"}),
        ("accept_quote", {"token": AMY, "quote_id": "QA-0318", "signed_by": "Leah Moran"}),
        ("book_visit", {"token": AMY, "customer_id": LM, "kind": "alarm_install", "day": TODAY, "slot": "am",
                        "engineer_id": "$engineer_board.3.0", "notes": "Grade 2 alarm, police monitoring"}),
        ("job_sheet", {"token": AMY, "job_id": JOB2}, "install_sheet"),
        ("arrive_on_site", {"token": RHYS, "job_id": JOB2}, "rhys_arrives"),
        ("add_part", {"token": RHYS, "job_id": JOB2, "part_code": "$alarm_parts.3.0", "quantity": 1}, "extra_pir"),
        ("commission_alarm", {"token": RHYS, "job_id": JOB2, "panel_serial": "G2-4471-0988", "zones": 6, "tested": True}),
        ("add_keyholder", {"token": RHYS, "alarm_id": ALARM, "name": "Ms Leah Moran", "phone": "07700 900488",
                           "response_minutes": 5}),
        ("add_keyholder", {"token": RHYS, "alarm_id": ALARM, "name": "Mr Owen Moran", "phone": "07700 900521",
                           "response_minutes": 15}, "owen"),
        ("request_urn", {"token": RHYS, "alarm_id": ALARM, "police_force": "Harrowshire"}),
        ("complete_job", {"token": RHYS, "job_id": JOB2, "minutes": 240,
                          "work_done": "Installed and commissioned a grade 2 police-monitored alarm, six zones"},
         "install_done"),
        ("invoice_job", {"token": AMY, "job_id": JOB2}, "install_invoice"),
    ], upto)


CASTLE_VISIT = [*sign_ins("amy"), ("find_customer", {"token": AMY, "text": "Castle"}),
                ("engineer_board", {"token": AMY, "day": NEXT_MONDAY}),
                ("book_visit", {"token": AMY, "customer_id": "$find_customer.0.0", "kind": "lock_change",
                                "day": NEXT_MONDAY, "slot": "am", "engineer_id": "$engineer_board.1.0",
                                "notes": "Tenant moving out of flat 5: change the euro cylinder",
                                "address": "Flat 5, 22 Quarry Street, Harrowby"}),
                ("job_sheet", {"token": AMY, "job_id": JOB1}),
                ("assign_engineer", {"token": AMY, "job_id": JOB1, "engineer_id": "$engineer_board.0.0"}),
                ("cancel_job", {"token": AMY, "job_id": JOB1, "reason": "The tenant is staying another month"})]

Q = "$job_list.0.0"
CASTLE_TODAY = [*sign_ins("amy", "dan"), ("job_list", {"token": AMY, "status": "booked"}),
                ("job_sheet", {"token": AMY, "job_id": Q}),
                ("arrive_on_site", {"token": DAN, "job_id": Q}),
                ("parts_catalogue", {"kind": "lock"}, "lock_parts"),
                ("add_part", {"token": DAN, "job_id": Q, "part_code": "$lock_parts.2.0", "quantity": 1}),
                ("complete_job", {"token": DAN, "job_id": Q, "minutes": 50,
                                  "work_done": "Changed the mortice sashlock for the new tenant; three keys to the office"}),
                ("invoice_job", {"token": AMY, "job_id": Q}),
                ("find_customer", {"token": AMY, "text": "Castle"}),
                ("customer_file", {"token": AMY, "customer_id": "$find_customer.0.0"}),
                ("take_payment", {"token": AMY, "invoice_id": "$customer_file.invoices.0.0",
                                  "amount": "$customer_file.invoices.0.3", "method": "bacs"})]

ST = "$job_list.0.0"
STANNARD = [*sign_ins("amy", "sean"), ("job_list", {"token": AMY, "status": "logged"}),
            ("engineer_board", {"token": AMY, "day": TODAY}),
            ("assign_engineer", {"token": AMY, "job_id": ST, "engineer_id": "$engineer_board.0.0"}),
            ("arrive_on_site", {"token": SEAN, "job_id": ST}),
            ("verify_occupier", {"token": SEAN, "job_id": ST, "id_seen": "council_tax", "name_on_document": "Derek Stannard",
                                 "address_matches": True}),
            ("gain_entry", {"token": SEAN, "job_id": ST, "method": "non_destructive",
                            "notes": "Extracted the snapped key and picked the cylinder"}),
            ("complete_job", {"token": SEAN, "job_id": ST, "minutes": 45,
                              "work_done": "Gained entry without damage; new euro cylinder advised, not fitted"}),
            ("invoice_job", {"token": AMY, "job_id": ST})]

STANNARD_MAIL = [*sign_ins("amy"), ("find_customer", {"token": AMY, "text": "Stannard"}),
                 ("update_customer", {"token": AMY, "customer_id": "$find_customer.0.0",
                                      "email": "derek.stannard@mail.example"}),
                 ("notify_customer", {"token": AMY, "customer_id": "$find_customer.0.0", "channel": "email",
                                      "message": "Mr Stannard, your invoice IN-7730 for this morning's call-out is "
                                                 "attached; we recommend a new anti-snap cylinder."})]

KEMP = [*sign_ins("amy"), ("find_customer", {"token": AMY, "text": "Kemp"}),
        ("log_callout", {"token": AMY, "customer_id": "$find_customer.0.0", "problem": "snapped_key",
                         "notes": "Key snapped in the back door mortice lock; she can still get in at the front"}),
        ("cancel_job", {"token": AMY, "job_id": JOB1, "reason": "Mrs Kemp's son got the broken piece out himself"}),
        ("parts_catalogue", {"kind": "alarm"}, "alarm_parts"),
        ("quote_alarm", {"token": AMY, "customer_id": "$find_customer.0.0", "grade": "grade_2",
                         "devices": ["$alarm_parts.2.0", "$alarm_parts.1.0", "$alarm_parts.4.0", "$alarm_parts.3.0",
                                     "$alarm_parts.0.0"], "monitoring": "keyholder"})]

SAFE = [*sign_ins("amy"), ("job_list", {"token": AMY, "status": "booked"}),
        ("cancel_job", {"token": AMY, "job_id": "$job_list.2.0",
                        "reason": "The bursar found the combination in the safe's file"})]

DHILLON = [*sign_ins("rhys"), ("job_list", {"token": RHYS, "status": "booked"}),
           ("arrive_on_site", {"token": RHYS, "job_id": "$job_list.1.0"}),
           ("commission_alarm", {"token": RHYS, "job_id": "$job_list.1.0", "panel_serial": "G2-5120-3317", "zones": 8,
                                 "tested": True})]

SURGERY = [*sign_ins("amy"), ("alarm_register", {"token": AMY}),
           ("add_keyholder", {"token": AMY, "alarm_id": "$alarm_register.1.0", "name": "Dr Fiona Reid",
                              "phone": "07700 900614", "response_minutes": 12}),
           ("request_urn", {"token": AMY, "alarm_id": "$alarm_register.1.0", "police_force": "Harrowshire"})]

CS = "$key_systems.0.0"
COLLEGE = [*sign_ins("amy", "kerry"), ("find_customer", {"token": AMY, "text": "College"}),
           ("key_systems", {"token": AMY, "customer_id": "$find_customer.0.0"}),
           ("add_signatory", {"token": AMY, "system_id": CS, "name": "Mrs Joanne Platt", "passphrase": "Heron-Lake-41"}),
           ("key_register", {"token": AMY, "system_id": CS}),
           ("order_keys", {"token": AMY, "system_id": CS, "key_code": "$key_register.3.0", "quantity": 2,
                           "signatory": "Mrs Joanne Platt", "passphrase": "Heron-Lake-41"}),
           ("cut_keys", {"token": KERRY, "order_id": "KO-0556"}),
           ("issue_keys", {"token": AMY, "order_id": "KO-0556", "issued_to": "Mr Tom Avery, science technician",
                           "id_seen": "staff_badge"}),
           ("key_holders", {"token": AMY, "system_id": CS}),
           ("return_key", {"token": AMY, "system_id": CS, "key_number": "$key_holders.1.0",
                           "returned_by": "Mr Paul Rees, caretaker, retiring"}),
           ("report_lost_key", {"token": AMY, "system_id": CS, "key_number": "$key_holders.2.0",
                                "reported_by": "Dr Susan Hart, head of science"})]

MK = "MK-0219"
CASTLE_KEYS = [*sign_ins("amy", "kerry"), ("find_customer", {"token": AMY, "text": "Castle"}),
               ("register_key_system", {"token": AMY, "customer_id": "$find_customer.0.0", "name": "Quarry Street flats",
                                        "profile": "MUL-T-LOCK-MTL800", "doors": 6, "signatory": "Ms Rachel Obi",
                                        "passphrase": "Slate-Harbour-9"}),
               ("key_register", {"token": AMY, "system_id": MK}),
               ("order_keys", {"token": AMY, "system_id": MK, "key_code": "$key_register.2.0", "quantity": 2,
                               "signatory": "Ms Rachel Obi", "passphrase": "Slate-Harbour-9"}),
               ("cut_keys", {"token": KERRY, "order_id": "KO-0556"}),
               ("issue_keys", {"token": AMY, "order_id": "KO-0556", "issued_to": "Mr Jamal Reid, tenant of flat 1",
                               "id_seen": "passport"}),
               ("key_holders", {"token": AMY, "system_id": MK}),
               ("return_key", {"token": AMY, "system_id": MK, "key_number": "$issue_keys.keys.0",
                               "returned_by": "Mr Jamal Reid"}),
               ("report_lost_key", {"token": AMY, "system_id": MK, "key_number": "$issue_keys.keys.1",
                                    "reported_by": "Ms Rachel Obi"}),
               ("add_signatory", {"token": AMY, "system_id": MK, "name": "Mr Colin Webb", "passphrase": "Ash-Meadow-7"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers
_FOUND = {"update_customer": cut(STANNARD_MAIL, "update_customer"), "customer_file": CASTLE_TODAY,
          "log_callout": cut(KEMP, "log_callout"), "book_visit": cut(CASTLE_VISIT, "book_visit"), "quote_alarm": KEMP,
          "notify_customer": STANNARD_MAIL}
for _c in tools.CUSTOMER_CONSUMERS:
    _add("new_customer", _c, leah(_c))
    _add("find_customer", _c, cut(_FOUND[_c], _c))
_add("find_customer", "register_key_system", cut(CASTLE_KEYS, "register_key_system"))

# jobs
_BOOKED = {"assign_engineer": cut(CASTLE_VISIT, "assign_engineer"), "job_sheet": leah("install_sheet"),
           "arrive_on_site": leah("rhys_arrives"), "add_part": leah("extra_pir"), "complete_job": leah("install_done"),
           "invoice_job": leah("install_invoice"), "cancel_job": CASTLE_VISIT}
_LISTED = {"assign_engineer": cut(STANNARD, "assign_engineer"), "job_sheet": cut(CASTLE_TODAY, "job_sheet"),
           "arrive_on_site": cut(CASTLE_TODAY, "arrive_on_site"), "add_part": cut(CASTLE_TODAY, "add_part"),
           "complete_job": cut(CASTLE_TODAY, "complete_job"), "invoice_job": cut(CASTLE_TODAY, "invoice_job"),
           "cancel_job": SAFE}
_LOGGED = {"cancel_job": cut(KEMP, "cancel_job")}
for _c in tools.JOB_CONSUMERS:
    _add("log_callout", _c, _LOGGED.get(_c) or leah(_c))
    _add("book_visit", _c, _BOOKED[_c])
    _add("job_list", _c, _LISTED[_c])
for _c in tools.CALLOUT_CONSUMERS:
    _add("log_callout", _c, leah(_c))
    _add("job_list", _c, cut(STANNARD, _c))
_add("book_visit", "commission_alarm", leah("commission_alarm"))
_add("job_list", "commission_alarm", DHILLON)
_add("invoice_job", "take_payment", leah("take_payment"))
_add("customer_file", "take_payment", CASTLE_TODAY)

# key systems
for _c in tools.SYSTEM_CONSUMERS:
    _add("register_key_system", _c, cut(CASTLE_KEYS, _c))
    _add("key_systems", _c, cut(COLLEGE, _c))
_add("order_keys", "cut_keys", cut(COLLEGE, "cut_keys"))
_add("order_keys", "issue_keys", cut(CASTLE_KEYS, "issue_keys"))
_add("issue_keys", "return_key", cut(CASTLE_KEYS, "return_key"))
_add("key_holders", "return_key", cut(COLLEGE, "return_key"))
_add("issue_keys", "report_lost_key", cut(CASTLE_KEYS, "report_lost_key"))
_add("key_holders", "report_lost_key", COLLEGE)

# alarms
for _c in tools.ALARM_CONSUMERS:
    _add("commission_alarm", _c, leah(_c))
    _add("alarm_register", _c, cut(SURGERY, _c))
_add("quote_alarm", "accept_quote", leah("accept_quote"))

# vocabularies
_add("engineer_board", "assign_engineer", cut(STANNARD, "assign_engineer"))
_add("engineer_board", "book_visit", cut(CASTLE_VISIT, "book_visit"))
_add("parts_catalogue", "add_part", leah("add_part"))
_add("parts_catalogue", "quote_alarm", KEMP)
_add("key_register", "order_keys", cut(COLLEGE, "order_keys"))

# states
_add("assign_engineer", "arrive_on_site", leah("arrive_on_site"))
_add("arrive_on_site", "verify_occupier", leah("verify_occupier"))
_add("verify_occupier", "gain_entry", cut(STANNARD, "gain_entry"))
_add("arrive_on_site", "complete_job", cut(CASTLE_TODAY, "complete_job"))
_add("arrive_on_site", "add_part", cut(CASTLE_TODAY, "add_part"))
_add("gain_entry", "complete_job", leah("complete_job"))
_add("commission_alarm", "complete_job", leah("install_done"))
_add("arrive_on_site", "commission_alarm", DHILLON)
_add("add_part", "remove_part", leah("remove_part"))
_add("complete_job", "invoice_job", cut(STANNARD, "invoice_job"))
_add("accept_quote", "book_visit", leah("book_visit"))
_add("add_signatory", "order_keys", cut(COLLEGE, "order_keys"))
_add("cut_keys", "issue_keys", cut(COLLEGE, "issue_keys"))
_add("add_keyholder", "request_urn", SURGERY)
_add("update_customer", "notify_customer", STANNARD_MAIL)

_OWN = {"sign_out": [sign_in("gail"), ("sign_out", {"token": "$gail"})]}


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
    ("price_guide", leah("log_callout")),
    ("job_sheet", leah("verify_occupier")),
    ("parts_catalogue", leah("complete_job")),
    ("customer_file", leah("notify_customer")),
    ("update_customer", leah("notify_customer")),
    ("add_keyholder", leah("install_done")),
    ("key_holders", cut(CASTLE_KEYS, "return_key")),
]
