"""Scripted proofs that Sootline's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools, converts the pydantic
replies to JSON and reads the returned ``{"success": false, ...}`` dicts as refusals).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once
every call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "hattie")``) and pass ``"$hattie.token"``; replies are read by field
(``"$register_customer.customer_id"``, ``"$add_property.property_id"``, ``"$add_appliance.appliance_id"``,
``"$book_visit.job_id"``, ``"$take_deposit.deposit_id"``, ``"$complete_visit.invoice_id"``,
``"$record_defect.defect_id"``, ``"$issue_certificate.certificate_id"``), by nested list and field
(``"$customer_file.properties.0.property_id"``, ``"$customer_file.invoices.0.invoice_id"``,
``"$property_record.appliances.1.appliance_id"``, ``"$job_sheet.job.lines.1.code"``) and lists by position and
field (``"$find_customer.0.customer_id"``, ``"$jobs.2.job_id"``, ``"$jobs.2.property_id"``,
``"$engineers.1.handle"``, ``"$engineer_diary.1.slot_id"``, ``"$due_sweeps.0.property_id"``,
``"$defects.0.defect_id"``, ``"$certificates.0.certificate_id"``, ``"$price_list.1.code"``,
``"$parts_catalogue.2.code"``). Every id is read from a reply; none is written literally.

The day: Mrs Ann Pettigrew, new to Upper Combe, is registered with her multi-fuel stove, booked into Dan's half
past one with a sweep and a smoke test, pays her deposit, and Dan sweeps, smoke-tests, checks her alarm,
certifies the stove and completes the visit; she pays the balance (on other paths a service goes on or off, the
visit moves to three o'clock, or the owner voids the certificate). Mr Voss, due his yearly sweep, is booked for
Friday, pays a deposit and cancels in good time for a refund, has his dining room fire recorded, and gives a new
mobile with consent to texts. Mr Chandra's new flat at the Maltings is added, his cottage's record read and the 3
Mill Cottages visit moved to Thursday afternoon. Mrs Holt's provisional stove service is confirmed with a
deposit, given a smoke test or trimmed to a sweep. Ms Blake's Thursday visit is cancelled or trimmed to the
Rayburn. Lee sweeps the multi-fuel stove at 2 Mill Cottages (new door rope, certificate, the cracked glass on a
warning notice) or cannot get in; at the Swan Inn he finds the bar's chimney pot cracked, a jackdaw nest in the
lounge flue and an unrecorded fire in the function room. Dan remakes the Old Forge's flue pipe joint, clears the
dangerous defect and certifies the stove. The Swan pays £50 towards last month's invoice.
"""

import sootline_tools as tools

WHO = {"maggie": ("maggie.k", "Flue-Brush-1987"), "hattie": ("hattie.w", "Soot-Bag-44"),
       "dan": ("dan.k", "Rods-And-Cane-8"), "lee": ("lee.f", "Chimney-Pot-31")}
M, H, D, L = "$maggie.token", "$hattie.token", "$dan.token", "$lee.token"
TODAY = "2031-11-04"
THURSDAY, FRIDAY = "2031-11-06", "2031-11-07"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def service(code: str) -> str:
    """A reference to a service's code in the price list, by its position."""
    return f"$price_list.{list(tools.SERVICES).index(code)}.code"


def part(code: str) -> str:
    """A reference to a part's code in the parts catalogue, by its position."""
    return f"$parts_catalogue.{list(tools.PARTS).index(code)}.code"


C = "$register_customer.customer_id"
P = "$add_property.property_id"
A = "$add_appliance.appliance_id"
J = "$book_visit.job_id"
PETTIGREW_NEW = ("register_customer", {"token": H, "name": "Mrs Ann Pettigrew",
                                       "address": "Wren Cottage, 9 Combe Lane, Upper Combe", "postcode": "OT9 4CL",
                                       "phone": "07700 940160", "kind": "homeowner", "texts_ok": True})
PETTIGREW = [
    *sign_ins("hattie", "dan"),
    PETTIGREW_NEW,
    ("add_property", {"token": H, "customer_id": C, "address": "Wren Cottage, 9 Combe Lane, Upper Combe",
                      "postcode": "OT9 4CL", "access_notes": "Just moved in; boxes in the sitting room"}),
    ("add_appliance", {"token": H, "property_id": P, "kind": "multi_fuel", "fuel": "smokeless",
                       "location": "sitting room", "flue": "stainless_liner", "make_model": "Villager Puffin"}),
    ("price_list", {}),
    ("engineers", {"token": H}),
    ("engineer_diary", {"token": H, "engineer": "$engineers.0.handle", "date": TODAY}),
    ("book_visit", {"token": H, "property_id": P, "slot_id": "$engineer_diary.1.slot_id",
                    "services": [service("SWP-STOVE"), service("SMOKE")],
                    "notes": "New customer; has not lit the stove since moving in"}),
    ("take_deposit", {"token": H, "job_id": J, "amount": 25.0, "method": "card"}),
    ("start_visit", {"token": D, "job_id": J}),
    ("record_sweep", {"token": D, "job_id": J, "appliance_id": A, "soot": "moderate",
                      "notes": "Liner in good order; cowl fine"}),
    ("smoke_test", {"token": D, "job_id": J, "appliance_id": A, "result": "pass",
                    "notes": "Good draw; no leakage at the register plate"}),
    ("record_co_alarm", {"token": D, "job_id": J, "fitted": True, "working": True,
                         "location": "sitting room ceiling, 2 m from the stove"}),
    ("issue_certificate", {"token": D, "job_id": J, "appliance_id": A}),
    ("complete_visit", {"token": D, "job_id": J,
                        "summary": "Stove swept and smoke-tested; all in order. Burn only smokeless or dry logs."}),
    ("take_payment", {"token": H, "invoice_id": "$complete_visit.invoice_id", "amount": 95.0, "method": "card"}),
]
PETTIGREW_VOID = cut(PETTIGREW, "issue_certificate") + [
    sign_in("maggie"),
    ("void_certificate", {"token": M, "certificate_id": "$issue_certificate.certificate_id",
                          "reason": "Issued before the stove's data plate was checked; it is a Puffin Mk2, reissue"})]
PETTIGREW_ADD = cut(PETTIGREW, "book_visit") + [
    ("add_service", {"token": H, "job_id": J, "service_code": service("CCTV")})]
PETTIGREW_REMOVE = cut(PETTIGREW, "book_visit") + [
    ("remove_service", {"token": H, "job_id": J, "service_code": service("SMOKE")})]
PETTIGREW_MOVE = cut(PETTIGREW, "book_visit") + [
    ("move_visit", {"token": H, "job_id": J, "slot_id": "$engineer_diary.2.slot_id"})]
PETTIGREW_SHEET = cut(PETTIGREW, "book_visit") + [("job_sheet", {"token": H, "job_id": J})]
PETTIGREW_FILE = [*sign_ins("hattie"), PETTIGREW_NEW, ("customer_file", {"token": H, "customer_id": C})]
PETTIGREW_EMAIL = [*sign_ins("hattie"), PETTIGREW_NEW,
                   ("update_customer", {"token": H, "customer_id": C, "email": "ann.pettigrew@mail.example"})]
PETTIGREW_TEXT = [*sign_ins("hattie"), PETTIGREW_NEW,
                  ("send_message", {"token": H, "customer_id": C, "channel": "sms",
                                    "text": "Kestle & Daughter: Dan will be with you at 1.30 today. Please don't "
                                            "light the stove this morning."})]

VOSS = "$find_customer.0.customer_id"
VOSS_TEXT = [
    *sign_ins("hattie"),
    ("find_customer", {"token": H, "text": "Voss"}),
    ("update_customer", {"token": H, "customer_id": VOSS, "phone": "07700 940169", "texts_ok": True}),
    ("send_message", {"token": H, "customer_id": VOSS, "channel": "sms",
                      "text": "Kestle & Daughter: your stove is due its yearly sweep. Reply or ring 01632 940100."}),
]
VOSS_DINING = [*sign_ins("hattie"), ("find_customer", {"token": H, "text": "Voss"}),
               ("customer_file", {"token": H, "customer_id": VOSS}),
               ("add_appliance", {"token": H, "property_id": "$customer_file.properties.0.property_id",
                                  "kind": "open_fire", "fuel": "logs", "location": "dining room",
                                  "flue": "unlined_masonry"})]
VOSS_BOOK = [*sign_ins("hattie"), ("find_customer", {"token": H, "text": "Voss"}),
             ("customer_file", {"token": H, "customer_id": VOSS}), ("price_list", {}), ("engineers", {"token": H}),
             ("engineer_diary", {"token": H, "engineer": "$engineers.1.handle", "date": FRIDAY}),
             ("book_visit", {"token": H, "property_id": "$customer_file.properties.0.property_id",
                             "slot_id": "$engineer_diary.0.slot_id", "services": [service("SWP-STOVE")]})]
VOSS_REFUND = [
    *sign_ins("hattie"),
    ("due_sweeps", {"token": H, "within_days": 30}),
    ("price_list", {}),
    ("engineers", {"token": H}),
    ("engineer_diary", {"token": H, "engineer": "$engineers.1.handle", "date": FRIDAY}),
    ("book_visit", {"token": H, "property_id": "$due_sweeps.0.property_id", "slot_id": "$engineer_diary.0.slot_id",
                    "services": [service("SWP-STOVE")]}),
    ("take_deposit", {"token": H, "job_id": J, "amount": 25.0, "method": "card"}),
    ("cancel_visit", {"token": H, "job_id": J,
                      "reason": "Mr Voss's son-in-law, a sweep in Exeter, is doing it at half term"}),
    ("refund_deposit", {"token": H, "deposit_id": "$take_deposit.deposit_id",
                        "reason": "Cancelled three days ahead of the visit"}),
]

CHANDRA = "$find_customer.0.customer_id"
CHANDRA_FILE = [*sign_ins("hattie"), ("find_customer", {"token": H, "text": "Chandra"}),
                ("customer_file", {"token": H, "customer_id": CHANDRA}),
                ("property_record", {"token": H, "property_id": "$customer_file.properties.1.property_id"})]
CHANDRA_FLAT = [*sign_ins("hattie"), ("find_customer", {"token": H, "text": "Chandra"}),
                ("add_property", {"token": H, "customer_id": CHANDRA, "address": "Flat 1, The Maltings, Otterbridge",
                                  "postcode": "OT3 2TM", "rented": True,
                                  "access_notes": "Tenant Mr Owen Price, 07700 940163"}),
                ("property_record", {"token": H, "property_id": P})]
CHANDRA_MOVE = [*sign_ins("hattie"), ("jobs", {"token": H, "status": "provisional"}), ("engineers", {"token": H}),
                ("engineer_diary", {"token": H, "engineer": "$engineers.1.handle", "date": THURSDAY}),
                ("move_visit", {"token": H, "job_id": "$jobs.1.job_id", "slot_id": "$engineer_diary.2.slot_id"})]
HOLT_DEPOSIT = [*sign_ins("hattie"), ("jobs", {"token": H, "status": "provisional"}),
                ("take_deposit", {"token": H, "job_id": "$jobs.0.job_id", "amount": 40.0, "method": "card"})]
HOLT_SMOKE = [*sign_ins("hattie"), ("jobs", {"token": H, "status": "provisional"}), ("price_list", {}),
              ("add_service", {"token": H, "job_id": "$jobs.0.job_id", "service_code": service("SMOKE")})]
HOLT_TRIM = [*sign_ins("hattie"), ("jobs", {"token": H, "status": "provisional"}), ("price_list", {}),
             ("remove_service", {"token": H, "job_id": "$jobs.0.job_id", "service_code": service("SERV")})]
BLAKE_CANCEL = [*sign_ins("hattie"), ("jobs", {"token": H, "date": THURSDAY}),
                ("cancel_visit", {"token": H, "job_id": "$jobs.0.job_id",
                                  "reason": "Ms Blake is away until Christmas; she will ring in the new year"})]
BLAKE_TRIM = [*sign_ins("hattie"), ("jobs", {"token": H, "date": THURSDAY}),
              ("job_sheet", {"token": H, "job_id": "$jobs.0.job_id"}),
              ("remove_service", {"token": H, "job_id": "$jobs.0.job_id", "service_code": "$job_sheet.job.lines.1.code"})]
SWAN_PAYS = [*sign_ins("hattie"), ("find_customer", {"token": H, "text": "Swan"}),
             ("customer_file", {"token": H, "customer_id": "$find_customer.0.customer_id"}),
             ("take_payment", {"token": H, "invoice_id": "$customer_file.invoices.0.invoice_id", "amount": 50.0,
                               "method": "bank_transfer"})]

TODAYS = ("jobs", {"token": L, "date": TODAY, "status": "confirmed"})
MILL = "$jobs.1.job_id"
MILL_STOVE = "$property_record.appliances.0.appliance_id"
LEE_MILL = [
    *sign_ins("lee"),
    TODAYS,
    ("start_visit", {"token": L, "job_id": MILL}),
    ("property_record", {"token": L, "property_id": "$jobs.1.property_id"}),
    ("record_sweep", {"token": L, "job_id": MILL, "appliance_id": MILL_STOVE, "soot": "light"}),
    ("smoke_test", {"token": L, "job_id": MILL, "appliance_id": MILL_STOVE, "result": "pass"}),
    ("record_co_alarm", {"token": L, "job_id": MILL, "fitted": True, "working": True,
                         "location": "living room wall by the door"}),
    ("parts_catalogue", {}),
    ("fit_part", {"token": L, "job_id": MILL, "part_code": part("ROPE-10"), "quantity": 1,
                  "appliance_id": MILL_STOVE}),
    ("issue_certificate", {"token": L, "job_id": MILL, "appliance_id": MILL_STOVE}),
    ("complete_visit", {"token": L, "job_id": MILL,
                        "summary": "Swept and smoke-tested; new door rope fitted. Door glass cracked: see the notice."}),
]
LEE_NO_ACCESS = [*sign_ins("lee"), TODAYS,
                 ("record_no_access", {"token": L, "job_id": MILL,
                                       "note": "Nobody in at 08:30; rang Ms Lam twice, card through the door"})]
LEE_GLASS = [*sign_ins("lee"), ("defects", {"token": L, "category": "at_risk"}),
             ("issue_warning_notice", {"token": L, "defect_id": "$defects.0.defect_id",
                                       "handed_to": "Ms Kerry Lam, the tenant", "appliance_capped": False})]
SWAN = "$jobs.2.job_id"
SWAN_BAR = [
    *sign_ins("lee"),
    TODAYS,
    ("start_visit", {"token": L, "job_id": SWAN}),
    ("property_record", {"token": L, "property_id": "$jobs.2.property_id"}),
    ("record_defect", {"token": L, "job_id": SWAN, "appliance_id": "$property_record.appliances.0.appliance_id",
                       "category": "at_risk",
                       "description": "Bar chimney pot cracked and the flaunching breaking up; could fall into the yard"}),
    ("issue_warning_notice", {"token": L, "defect_id": "$record_defect.defect_id",
                              "handed_to": "Mr Gareth Pugh, landlord", "appliance_capped": False}),
]
SWAN_LOUNGE = [
    *sign_ins("lee"),
    TODAYS,
    ("start_visit", {"token": L, "job_id": SWAN}),
    ("property_record", {"token": L, "property_id": "$jobs.2.property_id"}),
    ("record_defect", {"token": L, "job_id": SWAN, "appliance_id": "$property_record.appliances.1.appliance_id",
                       "category": "immediately_dangerous",
                       "description": "Lounge flue blocked by a jackdaw nest; no draw at all"}),
    ("record_sweep", {"token": L, "job_id": SWAN, "appliance_id": "$property_record.appliances.1.appliance_id",
                      "soot": "heavy", "nest_removed": True}),
    ("clear_defect", {"token": L, "defect_id": "$record_defect.defect_id",
                      "remedy": "Nest taken out from the top and the flue swept clear; draws well now"}),
]
SWAN_FUNCTION = [
    *sign_ins("lee"),
    TODAYS,
    ("start_visit", {"token": L, "job_id": SWAN}),
    ("add_appliance", {"token": L, "property_id": "$jobs.2.property_id", "kind": "open_fire", "fuel": "logs",
                       "location": "function room", "flue": "clay_liner"}),
    ("record_sweep", {"token": L, "job_id": SWAN, "appliance_id": A, "soot": "light"}),
    ("smoke_test", {"token": L, "job_id": SWAN, "appliance_id": A, "result": "pass"}),
    ("record_defect", {"token": L, "job_id": SWAN, "appliance_id": A, "category": "not_to_current_standards",
                       "description": "Hearth 200 mm narrower than the opening; advise extending it"}),
    ("record_co_alarm", {"token": L, "job_id": SWAN, "fitted": True, "working": True,
                         "location": "function room, by the fire exit"}),
    ("issue_certificate", {"token": L, "job_id": SWAN, "appliance_id": A}),
]
FORGE = "$jobs.0.job_id"
FORGE_STOVE = "$property_record.appliances.0.appliance_id"
DAN_FORGE = [
    *sign_ins("dan"),
    ("jobs", {"token": D, "date": TODAY, "status": "confirmed"}),
    ("start_visit", {"token": D, "job_id": FORGE}),
    ("property_record", {"token": D, "property_id": "$jobs.0.property_id"}),
    ("defects", {"token": D, "property_id": "$jobs.0.property_id"}),
    ("clear_defect", {"token": D, "defect_id": "$defects.0.defect_id",
                      "remedy": "Flue pipe joint remade with a new collar and fire cement; no smoke at the ceiling plate"}),
    ("record_sweep", {"token": D, "job_id": FORGE, "appliance_id": FORGE_STOVE, "soot": "moderate"}),
    ("smoke_test", {"token": D, "job_id": FORGE, "appliance_id": FORGE_STOVE, "result": "pass"}),
    ("record_co_alarm", {"token": D, "job_id": FORGE, "fitted": True, "working": True,
                         "location": "workshop, by the door"}),
    ("issue_certificate", {"token": D, "job_id": FORGE, "appliance_id": FORGE_STOVE}),
]
BLAKE_VOID = [*sign_ins("maggie"), ("certificates", {"token": M}),
              ("void_certificate", {"token": M, "certificate_id": "$certificates.0.certificate_id",
                                    "reason": "The snug stove at Holly Barn was not swept on 30 October; only the "
                                              "Rayburn was"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers
_NEW = {"update_customer": PETTIGREW_EMAIL, "customer_file": PETTIGREW_FILE, "add_property": PETTIGREW,
        "send_message": PETTIGREW_TEXT}
_FOUND = {"update_customer": VOSS_TEXT, "customer_file": CHANDRA_FILE, "add_property": CHANDRA_FLAT,
          "send_message": VOSS_TEXT}
for _c in tools.CUSTOMER_CONSUMERS:
    _add("register_customer", _c, cut(_NEW[_c], _c))
    _add("find_customer", _c, cut(_FOUND[_c], _c))

# properties
_add("add_property", "property_record", CHANDRA_FLAT)
_add("customer_file", "property_record", CHANDRA_FILE)
_add("add_property", "add_appliance", cut(PETTIGREW, "add_appliance"))
_add("customer_file", "add_appliance", VOSS_DINING)
_add("add_property", "book_visit", cut(PETTIGREW, "book_visit"))
_add("customer_file", "book_visit", VOSS_BOOK)
_add("due_sweeps", "book_visit", cut(VOSS_REFUND, "book_visit"))

# appliances
_MADE = {"record_sweep": SWAN_FUNCTION, "smoke_test": SWAN_FUNCTION, "record_defect": SWAN_FUNCTION,
         "issue_certificate": SWAN_FUNCTION}
_RECORDED = {"record_sweep": LEE_MILL, "smoke_test": LEE_MILL, "record_defect": SWAN_BAR,
             "issue_certificate": LEE_MILL}
for _c in tools.APPLIANCE_CONSUMERS:
    _add("add_appliance", _c, cut(_MADE[_c], _c))
    _add("property_record", _c, cut(_RECORDED[_c], _c))

# jobs
_BOOKED = {"add_service": PETTIGREW_ADD, "remove_service": PETTIGREW_REMOVE, "take_deposit": PETTIGREW,
           "move_visit": PETTIGREW_MOVE, "cancel_visit": VOSS_REFUND, "start_visit": PETTIGREW,
           "job_sheet": PETTIGREW_SHEET}
_LISTED = {"add_service": HOLT_SMOKE, "remove_service": BLAKE_TRIM, "take_deposit": HOLT_DEPOSIT,
           "move_visit": CHANDRA_MOVE, "cancel_visit": BLAKE_CANCEL, "start_visit": LEE_MILL, "job_sheet": BLAKE_TRIM}
for _c in tools.JOB_CONSUMERS:
    _add("book_visit", _c, cut(_BOOKED[_c], _c))
    _add("jobs", _c, cut(_LISTED[_c], _c))

# today's visits
_SITE = {"record_sweep": LEE_MILL, "smoke_test": LEE_MILL, "record_co_alarm": LEE_MILL, "fit_part": LEE_MILL,
         "record_defect": SWAN_BAR, "issue_certificate": LEE_MILL, "complete_visit": LEE_MILL,
         "record_no_access": LEE_NO_ACCESS}
for _c in tools.SITE_JOB_CONSUMERS:
    _add("jobs", _c, cut(_SITE[_c], _c))

# invoices, defects, certificates, slots, deposits
_add("complete_visit", "take_payment", PETTIGREW)
_add("customer_file", "take_payment", SWAN_PAYS)
_add("record_defect", "issue_warning_notice", SWAN_BAR)
_add("defects", "issue_warning_notice", LEE_GLASS)
_add("record_defect", "clear_defect", SWAN_LOUNGE)
_add("defects", "clear_defect", cut(DAN_FORGE, "clear_defect"))
_add("issue_certificate", "void_certificate", PETTIGREW_VOID)
_add("certificates", "void_certificate", BLAKE_VOID)
_add("engineer_diary", "book_visit", cut(PETTIGREW, "book_visit"))
_add("engineer_diary", "move_visit", CHANDRA_MOVE)
_add("take_deposit", "refund_deposit", VOSS_REFUND)

# vocabularies
_add("engineers", "engineer_diary", cut(PETTIGREW, "engineer_diary"))
_add("price_list", "book_visit", cut(PETTIGREW, "book_visit"))
_add("price_list", "add_service", HOLT_SMOKE)
_add("price_list", "remove_service", HOLT_TRIM)
_add("job_sheet", "remove_service", BLAKE_TRIM)
_add("parts_catalogue", "fit_part", cut(LEE_MILL, "fit_part"))

# states
_add("add_appliance", "book_visit", cut(PETTIGREW, "book_visit"))
_add("take_deposit", "start_visit", cut(PETTIGREW, "start_visit"))
_ON = {"record_sweep": PETTIGREW, "smoke_test": PETTIGREW, "record_co_alarm": PETTIGREW, "fit_part": LEE_MILL,
       "record_defect": SWAN_BAR, "complete_visit": PETTIGREW}
for _c in tools.ON_SITE_CONSUMERS:
    _add("start_visit", _c, cut(_ON[_c], _c))
_add("record_sweep", "smoke_test", cut(PETTIGREW, "smoke_test"))
_add("record_sweep", "issue_certificate", cut(PETTIGREW, "issue_certificate"))
_add("smoke_test", "issue_certificate", cut(PETTIGREW, "issue_certificate"))
_add("record_co_alarm", "issue_certificate", cut(LEE_MILL, "issue_certificate"))
_add("clear_defect", "issue_certificate", DAN_FORGE)
_add("cancel_visit", "refund_deposit", VOSS_REFUND)
_add("update_customer", "send_message", VOSS_TEXT)

_OWN = {"sign_out": [sign_in("maggie"), ("sign_out", {"token": M})]}


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

SWAN_BAR_FIRE = [
    *sign_ins("lee"),
    TODAYS,
    ("start_visit", {"token": L, "job_id": SWAN}),
    ("property_record", {"token": L, "property_id": "$jobs.2.property_id"}),
    ("record_sweep", {"token": L, "job_id": SWAN, "appliance_id": "$property_record.appliances.0.appliance_id",
                      "soot": "moderate"}),
]
_BAR = "$property_record.appliances.0.appliance_id"
NON_PREREQUISITES = [
    # Mr Voss's file is read before his details change: the change needs only his number
    ("customer_file", [*sign_ins("hattie"), ("find_customer", {"token": H, "text": "Voss"}),
                       ("customer_file", {"token": H, "customer_id": VOSS}),
                       ("update_customer", {"token": H, "customer_id": VOSS, "phone": "07700 940169"})]),
    # an open fire is certified without a smoke test (only closed appliances need one)
    ("smoke_test", SWAN_BAR_FIRE + [
        ("smoke_test", {"token": L, "job_id": SWAN, "appliance_id": _BAR, "result": "pass"}),
        ("record_co_alarm", {"token": L, "job_id": SWAN, "fitted": True, "working": True, "location": "bar, above the door"}),
        ("issue_certificate", {"token": L, "job_id": SWAN, "appliance_id": _BAR})]),
    # a defect that is not to current standards is advice on the certificate, not a bar to it
    ("record_defect", SWAN_BAR_FIRE + [
        ("record_defect", {"token": L, "job_id": SWAN, "appliance_id": _BAR, "category": "not_to_current_standards",
                           "description": "No register plate inspection hatch"}),
        ("record_co_alarm", {"token": L, "job_id": SWAN, "fitted": True, "working": True, "location": "bar, above the door"}),
        ("issue_certificate", {"token": L, "job_id": SWAN, "appliance_id": _BAR})]),
    # the job sheet is read before the deposit is taken; the deposit needs only the job number
    ("job_sheet", [*sign_ins("hattie"), ("jobs", {"token": H, "status": "provisional"}),
                   ("job_sheet", {"token": H, "job_id": "$jobs.0.job_id"}),
                   ("take_deposit", {"token": H, "job_id": "$jobs.0.job_id", "amount": 40.0, "method": "card"})]),
    # a part fitted goes on the invoice, but a visit completes without one
    ("fit_part", [*sign_ins("lee"), TODAYS, ("start_visit", {"token": L, "job_id": MILL}), ("parts_catalogue", {}),
                  ("fit_part", {"token": L, "job_id": MILL, "part_code": part("ROPE-10")}),
                  ("complete_visit", {"token": L, "job_id": MILL, "summary": "Door rope replaced"})]),
    # the due list is read before Mr Voss is looked up by name
    ("due_sweeps", [*sign_ins("hattie"), ("due_sweeps", {"token": H}), ("find_customer", {"token": H, "text": "Voss"}),
                    ("customer_file", {"token": H, "customer_id": VOSS})]),
    # the engineers are listed before a visit is moved within a diary already read
    ("engineers", [*sign_ins("hattie"), ("jobs", {"token": H, "status": "provisional"}),
                   ("engineer_diary", {"token": H, "engineer": "$jobs.1.engineer", "date": THURSDAY}),
                   ("engineers", {"token": H}),
                   ("move_visit", {"token": H, "job_id": "$jobs.1.job_id", "slot_id": "$engineer_diary.2.slot_id"})]),
]
