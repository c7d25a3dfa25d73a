"""Scripted proofs that Larder's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records the raised built-in exceptions
as errors; the replies are ``TypedDict``s, plain JSON, so the plain oracle runs them as well).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign in
by first name (``("sign_in", {...}, "jo")``) and pass ``"$jo.token"``; replies are read by field
(``"$register_household.household_id"``, ``"$issue_voucher.voucher_id"``, ``"$book_collection.parcel_id"``,
``"$book_delivery.parcel_id"``, ``"$register_agency.agency_id"``, ``"$register_volunteer.volunteer_id"``,
``"$log_donation.batch_id"``, ``"$transfer_stock.transfer_id"``) and lists by position and field
(``"$find_household.0.household_id"``, ``"$find_agency.0.agency_id"``, ``"$vouchers.0.voucher_id"``,
``"$parcels.1.parcel_id"``, ``"$parcels.0.voucher_id"``, ``"$collection_slots.1.slot_id"``,
``"$delivery_runs.0.run_id"``, ``"$shifts.0.shift_id"``, ``"$find_volunteer.0.volunteer_id"``,
``"$expiring_stock.0.batch_id"``, ``"$centres.1.code"``, ``"$shopping_list.12.code"``,
``"$stock_levels.18.item_code"``). Every id is read from a reply; none is written literally. (The
positions of the shopping list's codes are taken from the order of ``ITEMS`` in the tools module.)

The day: Ms Leanne Hardy is referred by Citizens Advice, registered, recorded as vegetarian, given a
voucher, booked into the Hall at half past ten, her family parcel packed with a toiletries pack as an
extra and handed over; on other paths the extra comes off again, the parcel is cancelled or the voucher
is; she agrees to texts and is sent one. Mrs Iris Fenwick, housebound, is referred by Fernside Housing
Association, booked onto today's delivery run, her parcel packed at the depot, Graham put on the run and
the parcel delivered. Mrs Mensah's voucher is booked into the Hall or onto Tuesday's run, or cancelled.
Ms Tracey Bird's packed parcel is given nappies (from the shopping list or the Hall's stock levels),
which may come off again, and is handed over. Mr Nowak's Saturday parcel at St Luke's is moved to the
Hall today, or packed once milk is given at St Luke's or sent over from the depot. Ms Kerry Doyle talks
to the desk about debt advice before her fourth voucher. Mr Stephen Hale's new mobile goes on file with
consent to texts; he is recorded as needing gluten-free food; the Health Centre, newly registered,
refers him. The harvest festival tins are logged at the Hall; dented beans left at the depot are logged
and written off; last week's soup is written off. Mr Callum Reid joins as a volunteer driver: inducted,
put on Friday's depot shift and taken off it, his DBS check recorded and given today's run. Sunita's DBS
check comes through and she drives today's run; Ollie is inducted and put on Saturday's shift; Ruth is
put on Friday's shift, or taken off Saturday's.
"""

import larder_tools as tools

WHO = {"jo": ("jo.b", "Tinned-Peach-22"), "amir": ("amir.h", "Pallet-Jack-9"), "pat": ("pat.o", "Rota-Queen-31"),
       "dee": ("dee.m", "Millbrook-2013")}
JO, AMIR, PAT, DEE = "$jo.token", "$amir.token", "$pat.token", "$dee.token"
TODAY = "2031-10-16"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def item(code: str, source: str = "shopping_list", field: str = "code") -> str:
    """A reference to an item's code in the shopping list (or one centre's stock levels), by its position."""
    return f"${source}.{list(tools.ITEMS).index(code)}.{field}"


H = "$register_household.household_id"
P = "$book_collection.parcel_id"
HARDY_NEW = ("register_household", {"token": JO, "name": "Ms Leanne Hardy", "address": "7 Orchard Walk, Millbrook",
                                    "postcode": "MB4 2OW", "phone": "07700 915590", "adults": 1, "children": 2})
HARDY = [
    *sign_ins("jo", "amir"),
    HARDY_NEW,
    ("set_dietary_needs", {"token": JO, "household_id": H, "needs": ["vegetarian"]}),
    ("find_agency", {"token": JO, "text": "Citizens Advice"}),
    ("issue_voucher", {"token": JO, "agency_id": "$find_agency.0.agency_id", "household_id": H,
                       "reason": "benefit_delay", "referred_by": "Sam Pryce, Citizens Advice Millbrook",
                       "notes": "Universal Credit delayed five weeks after a change of address"}),
    ("collection_slots", {"token": JO, "date": TODAY}),
    ("book_collection", {"token": JO, "voucher_id": "$issue_voucher.voucher_id",
                         "slot_id": "$collection_slots.1.slot_id"}),
    ("pack_parcel", {"token": AMIR, "parcel_id": P, "size": "family"}),
    ("shopping_list", {}),
    ("add_extra", {"token": AMIR, "parcel_id": P, "item_code": item("TOI"), "quantity": 1}),
    ("hand_over", {"token": JO, "parcel_id": P, "collected_by": "Ms Leanne Hardy"}),
]
HARDY_EXTRA_OFF = cut(HARDY, "add_extra") + [
    ("remove_extra", {"token": AMIR, "parcel_id": P, "item_code": item("TOI")})]
HARDY_CANCEL = cut(HARDY, "book_collection") + [
    ("cancel_parcel", {"token": JO, "parcel_id": P,
                       "reason": "Ms Hardy cannot get a lift to the Hall today; she will ring to rebook"})]
HARDY_VOID = cut(HARDY, "issue_voucher") + [
    ("cancel_voucher", {"token": JO, "voucher_id": "$issue_voucher.voucher_id",
                        "reason": "Citizens Advice issued it twice; the school's voucher is the one she will use"})]
HARDY_SUPPORT = [*sign_ins("jo"), HARDY_NEW,
                 ("record_signposting", {"token": JO, "household_id": H, "service": "benefits_advice",
                                         "notes": "Gave her the number of the welfare rights line about an advance payment"})]
HARDY_TEXT = [
    *sign_ins("jo"),
    HARDY_NEW,
    ("household_record", {"token": JO, "household_id": H}),
    ("update_household", {"token": JO, "household_id": H, "texts_ok": True}),
    ("send_message", {"token": JO, "household_id": H, "channel": "sms",
                      "text": "Millbrook Food Bank: your parcel is ready at the Methodist Hall until 12 today."}),
]

FENWICK = [
    *sign_ins("jo", "amir", "pat"),
    ("register_household", {"token": JO, "name": "Mrs Iris Fenwick", "address": "12 Beck Cottages, Millbrook",
                            "postcode": "MB5 1BC", "phone": "01632 915602", "adults": 1, "children": 0,
                            "needs_delivery": True}),
    ("find_agency", {"token": JO, "text": "Fernside"}),
    ("issue_voucher", {"token": JO, "agency_id": "$find_agency.0.agency_id", "household_id": H,
                       "reason": "sickness", "referred_by": "Gary Lund, Fernside Housing Association"}),
    ("delivery_runs", {"token": JO}),
    ("book_delivery", {"token": JO, "voucher_id": "$issue_voucher.voucher_id", "run_id": "$delivery_runs.0.run_id"}),
    ("pack_parcel", {"token": AMIR, "parcel_id": "$book_delivery.parcel_id", "size": "single"}),
    ("find_volunteer", {"token": PAT, "text": "Tully"}),
    ("assign_driver", {"token": PAT, "run_id": "$delivery_runs.0.run_id",
                       "volunteer_id": "$find_volunteer.0.volunteer_id"}),
    ("record_delivery", {"token": AMIR, "parcel_id": "$book_delivery.parcel_id", "outcome": "delivered",
                         "note": "Handed to Mrs Fenwick and put away in her kitchen"}),
]

MENSAH_COLLECT = [*sign_ins("jo"), ("vouchers", {"token": JO, "status": "issued"}),
                  ("collection_slots", {"token": JO, "date": TODAY}),
                  ("book_collection", {"token": JO, "voucher_id": "$vouchers.0.voucher_id",
                                       "slot_id": "$collection_slots.1.slot_id"})]
MENSAH_DELIVER = [*sign_ins("jo"), ("vouchers", {"token": JO, "status": "issued"}), ("delivery_runs", {"token": JO}),
                  ("book_delivery", {"token": JO, "voucher_id": "$vouchers.0.voucher_id",
                                     "run_id": "$delivery_runs.1.run_id"})]
MENSAH_VOID = [*sign_ins("jo"), ("vouchers", {"token": JO, "status": "issued"}),
               ("cancel_voucher", {"token": JO, "voucher_id": "$vouchers.0.voucher_id",
                                   "reason": "Fernside have found the family a hardship grant instead"})]

BIRD = [*sign_ins("amir"), ("parcels", {"token": AMIR, "status": "packed"}), ("shopping_list", {}),
        ("add_extra", {"token": AMIR, "parcel_id": "$parcels.1.parcel_id", "item_code": item("NAP"), "quantity": 2}),
        ("remove_extra", {"token": AMIR, "parcel_id": "$parcels.1.parcel_id", "item_code": item("NAP")})]
BIRD_STOCK = [*sign_ins("amir"), ("parcels", {"token": AMIR, "status": "packed"}), ("centres", {}),
              ("stock_levels", {"token": AMIR, "centre": "$centres.0.code"}),
              ("add_extra", {"token": AMIR, "parcel_id": "$parcels.1.parcel_id",
                             "item_code": item("NAP", "stock_levels", "item_code"), "quantity": 2})]
BIRD_OUT = [*sign_ins("jo"), ("parcels", {"token": JO, "status": "packed"}),
            ("hand_over", {"token": JO, "parcel_id": "$parcels.1.parcel_id",
                           "collected_by": "Ms Tracey Bird's sister, Mrs Dawn Pryor"})]

NOWAK_MOVE = [
    *sign_ins("jo"),
    ("parcels", {"token": JO, "status": "booked"}),
    ("cancel_parcel", {"token": JO, "parcel_id": "$parcels.0.parcel_id",
                       "reason": "Mr Nowak would rather come to the Hall today than St Luke's on Saturday"}),
    ("collection_slots", {"token": JO, "date": TODAY}),
    ("book_collection", {"token": JO, "voucher_id": "$parcels.0.voucher_id", "slot_id": "$collection_slots.1.slot_id"}),
]
NOWAK_MILK = [
    *sign_ins("amir"),
    ("parcels", {"token": AMIR, "status": "booked"}),
    ("centres", {}),
    ("shopping_list", {}),
    ("log_donation", {"token": AMIR, "centre": "$centres.1.code", "item_code": item("MLK-UHT"), "quantity": 24,
                      "best_before": "2032-03-31", "donor": "Fernside Co-op collection point"}),
    ("pack_parcel", {"token": AMIR, "parcel_id": "$parcels.0.parcel_id", "size": "couple"}),
]
NOWAK_VAN = [
    *sign_ins("amir"),
    ("parcels", {"token": AMIR, "status": "booked"}),
    ("centres", {}),
    ("stock_levels", {"token": AMIR, "centre": "$centres.2.code"}),
    ("transfer_stock", {"token": AMIR, "item_code": item("MLK-UHT", "stock_levels", "item_code"), "quantity": 12,
                        "from_centre": "$centres.2.code", "to_centre": "$centres.1.code"}),
    ("receive_transfer", {"token": AMIR, "transfer_id": "$transfer_stock.transfer_id",
                          "received_by": "Amir Hassan, at St Luke's"}),
    ("pack_parcel", {"token": AMIR, "parcel_id": "$parcels.0.parcel_id", "size": "couple"}),
]
MILK_LIST = [*sign_ins("amir"), ("centres", {}), ("shopping_list", {}),
             ("transfer_stock", {"token": AMIR, "item_code": item("MLK-UHT"), "quantity": 12,
                                 "from_centre": "$centres.2.code", "to_centre": "$centres.1.code"})]

DOYLE = [
    *sign_ins("jo"),
    ("find_household", {"token": JO, "text": "Doyle"}),
    ("household_record", {"token": JO, "household_id": "$find_household.0.household_id"}),
    ("record_signposting", {"token": JO, "household_id": "$find_household.0.household_id", "service": "debt_advice",
                            "notes": "Seeing the Citizens Advice debt adviser on the 23rd about the rent arrears"}),
    ("find_agency", {"token": JO, "text": "Citizens Advice"}),
    ("issue_voucher", {"token": JO, "agency_id": "$find_agency.0.agency_id",
                       "household_id": "$find_household.0.household_id", "reason": "debt",
                       "referred_by": "Sam Pryce, Citizens Advice Millbrook"}),
]
HALE = "$find_household.0.household_id"
HALE_TEXT = [
    *sign_ins("jo"),
    ("find_household", {"token": JO, "text": "Hale"}),
    ("household_record", {"token": JO, "household_id": HALE}),
    ("update_household", {"token": JO, "household_id": HALE, "phone": "07700 915601", "texts_ok": True}),
    ("send_message", {"token": JO, "household_id": HALE, "channel": "sms",
                      "text": "Millbrook Food Bank: this is your new number on our list. Reply STOP for no texts."}),
]
HALE_DIET = [*sign_ins("jo"), ("find_household", {"token": JO, "text": "Hale"}),
             ("set_dietary_needs", {"token": JO, "household_id": HALE, "needs": ["gluten_free"]})]
HALE_AGENCY = [
    *sign_ins("jo", "pat"),
    ("register_agency", {"token": PAT, "name": "Millbrook Health Centre (social prescribing)", "kind": "health",
                         "contact_name": "Nadia Bellweather", "phone": "01632 960077",
                         "email": "social.prescribing@millbrookhc.example"}),
    ("find_household", {"token": JO, "text": "Hale"}),
    ("issue_voucher", {"token": JO, "agency_id": "$register_agency.agency_id", "household_id": HALE,
                       "reason": "sickness", "referred_by": "Nadia Bellweather, social prescriber"}),
]

DONATE = [*sign_ins("amir"), ("centres", {}), ("shopping_list", {}),
          ("log_donation", {"token": AMIR, "centre": "$centres.0.code", "item_code": item("TIN-TOM"), "quantity": 36,
                            "best_before": "2033-05-31", "donor": "St Mary's Primary School harvest festival"})]
DENTED = [*sign_ins("amir"), ("centres", {}), ("shopping_list", {}),
          ("log_donation", {"token": AMIR, "centre": "$centres.2.code", "item_code": item("TIN-BEA"), "quantity": 8,
                            "best_before": "2032-11-30", "donor": "Left at the depot door overnight"}),
          ("write_off", {"token": AMIR, "batch_id": "$log_donation.batch_id", "reason": "damaged",
                         "note": "Tins badly dented and leaking; emptied and recycled"})]
OLD_SOUP = [*sign_ins("amir"), ("expiring_stock", {"token": AMIR, "within_days": 14}),
            ("write_off", {"token": AMIR, "batch_id": "$expiring_stock.0.batch_id", "reason": "out_of_date",
                           "note": "Six tins of soup past their best-before; to the staff kitchen bin"})]

V = "$register_volunteer.volunteer_id"
FV = "$find_volunteer.0.volunteer_id"
REID_NEW = ("register_volunteer", {"token": PAT, "name": "Mr Callum Reid", "phone": "07700 916151",
                                   "email": "callum.reid@mail.example", "drives": True})
REID = [
    *sign_ins("pat"),
    REID_NEW,
    ("record_induction", {"token": PAT, "volunteer_id": V, "inducted_by": "Patricia Okafor"}),
    ("shifts", {"token": PAT, "date": "2031-10-17"}),
    ("sign_up_shift", {"token": PAT, "shift_id": "$shifts.0.shift_id", "volunteer_id": V}),
    ("cancel_signup", {"token": PAT, "shift_id": "$shifts.0.shift_id", "volunteer_id": V,
                       "reason": "He has been called in to work on Friday after all"}),
]
REID_DRIVE = [
    *sign_ins("pat"),
    REID_NEW,
    ("record_dbs_check", {"token": PAT, "volunteer_id": V, "certificate_number": "001734529908",
                          "issued": "2031-09-02"}),
    ("delivery_runs", {"token": PAT}),
    ("assign_driver", {"token": PAT, "run_id": "$delivery_runs.0.run_id", "volunteer_id": V}),
]
SUNITA = [
    *sign_ins("pat"),
    ("find_volunteer", {"token": PAT, "text": "Sunita"}),
    ("record_dbs_check", {"token": PAT, "volunteer_id": FV, "certificate_number": "001459983127",
                          "issued": "2031-09-29"}),
    ("delivery_runs", {"token": PAT}),
    ("assign_driver", {"token": PAT, "run_id": "$delivery_runs.0.run_id", "volunteer_id": FV}),
]
GRAHAM = [*sign_ins("pat"), ("find_volunteer", {"token": PAT, "text": "Tully"}), ("delivery_runs", {"token": PAT}),
          ("assign_driver", {"token": PAT, "run_id": "$delivery_runs.0.run_id", "volunteer_id": FV})]
OLLIE = [*sign_ins("pat"), ("find_volunteer", {"token": PAT, "text": "Brandt"}),
         ("record_induction", {"token": PAT, "volunteer_id": FV, "inducted_by": "Patricia Okafor"}),
         ("shifts", {"token": PAT, "date": "2031-10-18"}),
         ("sign_up_shift", {"token": PAT, "shift_id": "$shifts.0.shift_id", "volunteer_id": FV})]
RUTH = [*sign_ins("pat"), ("find_volunteer", {"token": PAT, "text": "Adeyemi"}),
        ("shifts", {"token": PAT, "date": "2031-10-17"}),
        ("sign_up_shift", {"token": PAT, "shift_id": "$shifts.0.shift_id", "volunteer_id": FV})]
RUTH_OFF = [*sign_ins("pat"), ("find_volunteer", {"token": PAT, "text": "Adeyemi"}),
            ("shifts", {"token": PAT, "date": "2031-10-18"}),
            ("cancel_signup", {"token": PAT, "shift_id": "$shifts.0.shift_id", "volunteer_id": FV,
                               "reason": "Ruth is away at her sister's this weekend"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# households
_NEW = {"update_household": HARDY_TEXT, "set_dietary_needs": HARDY, "household_record": HARDY_TEXT,
        "record_signposting": HARDY_SUPPORT, "issue_voucher": HARDY, "send_message": HARDY_TEXT}
_FOUND = {"update_household": HALE_TEXT, "set_dietary_needs": HALE_DIET, "household_record": HALE_TEXT,
          "record_signposting": DOYLE, "issue_voucher": DOYLE, "send_message": HALE_TEXT}
for _c in tools.HOUSEHOLD_CONSUMERS:
    _add("register_household", _c, cut(_NEW[_c], _c))
    _add("find_household", _c, cut(_FOUND[_c], _c))

# vouchers
_ISSUED = {"book_collection": HARDY, "book_delivery": FENWICK, "cancel_voucher": HARDY_VOID}
_LISTED = {"book_collection": MENSAH_COLLECT, "book_delivery": MENSAH_DELIVER, "cancel_voucher": MENSAH_VOID}
for _c in tools.VOUCHER_CONSUMERS:
    _add("issue_voucher", _c, cut(_ISSUED[_c], _c))
    _add("vouchers", _c, cut(_LISTED[_c], _c))

# parcels
_BOOKED = {"pack_parcel": HARDY, "add_extra": HARDY, "remove_extra": HARDY_EXTRA_OFF, "hand_over": HARDY,
           "cancel_parcel": HARDY_CANCEL}
_PARCELS = {"pack_parcel": NOWAK_MILK, "add_extra": BIRD, "remove_extra": BIRD, "hand_over": BIRD_OUT,
            "cancel_parcel": NOWAK_MOVE}
for _c in tools.PARCEL_CONSUMERS:
    _add("book_collection", _c, cut(_BOOKED[_c], _c))
    _add("parcels", _c, cut(_PARCELS[_c], _c))

# volunteers
_REGISTERED = {"record_induction": REID, "record_dbs_check": REID_DRIVE, "sign_up_shift": REID, "cancel_signup": REID,
               "assign_driver": REID_DRIVE}
_FOUND_V = {"record_induction": OLLIE, "record_dbs_check": SUNITA, "sign_up_shift": RUTH, "cancel_signup": RUTH_OFF,
            "assign_driver": GRAHAM}
for _c in tools.VOLUNTEER_CONSUMERS:
    _add("register_volunteer", _c, cut(_REGISTERED[_c], _c))
    _add("find_volunteer", _c, cut(_FOUND_V[_c], _c))

# agencies, deliveries, batches, slots, runs, shifts, transfers
_add("register_agency", "issue_voucher", HALE_AGENCY)
_add("find_agency", "issue_voucher", cut(HARDY, "issue_voucher"))
_add("book_delivery", "record_delivery", FENWICK)
_add("parcels", "record_delivery", [*sign_ins("amir", "pat"), ("parcels", {"token": AMIR, "status": "packed"}),
                                    *GRAHAM[1:],
                                    ("record_delivery", {"token": AMIR, "parcel_id": "$parcels.0.parcel_id",
                                                         "outcome": "delivered",
                                                         "note": "Mr Pell was in; left on his kitchen table"})])
_add("log_donation", "write_off", DENTED)
_add("expiring_stock", "write_off", OLD_SOUP)
_add("collection_slots", "book_collection", cut(HARDY, "book_collection"))
_add("delivery_runs", "book_delivery", cut(FENWICK, "book_delivery"))
_add("delivery_runs", "assign_driver", GRAHAM)
_add("shifts", "sign_up_shift", RUTH)
_add("shifts", "cancel_signup", RUTH_OFF)
_add("transfer_stock", "receive_transfer", cut(NOWAK_VAN, "receive_transfer"))

# vocabularies
_add("centres", "log_donation", DONATE)
_add("centres", "transfer_stock", MILK_LIST)
_add("shopping_list", "log_donation", DONATE)
_add("shopping_list", "transfer_stock", MILK_LIST)
_add("stock_levels", "transfer_stock", cut(NOWAK_VAN, "transfer_stock"))
_add("shopping_list", "add_extra", cut(HARDY, "add_extra"))
_add("stock_levels", "add_extra", BIRD_STOCK)

# states
_add("record_signposting", "issue_voucher", DOYLE)
_add("pack_parcel", "hand_over", HARDY)
_add("pack_parcel", "add_extra", cut(HARDY, "add_extra"))
_add("pack_parcel", "record_delivery", FENWICK)
_add("add_extra", "remove_extra", HARDY_EXTRA_OFF)
_add("assign_driver", "record_delivery", FENWICK)
_add("record_dbs_check", "assign_driver", SUNITA)
_add("record_induction", "sign_up_shift", cut(REID, "sign_up_shift"))
_add("sign_up_shift", "cancel_signup", REID)
_add("log_donation", "pack_parcel", NOWAK_MILK)
_add("receive_transfer", "pack_parcel", NOWAK_VAN)
_add("cancel_parcel", "book_collection", NOWAK_MOVE)
_add("update_household", "send_message", HALE_TEXT)

_OWN = {"sign_out": [sign_in("dee"), ("sign_out", {"token": DEE})]}


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
    ("set_dietary_needs", cut(HARDY, "pack_parcel")),
    ("household_record", cut(HARDY_TEXT, "update_household")),
    ("update_household", [*sign_ins("jo"), ("find_household", {"token": JO, "text": "Hale"}),
                          ("update_household", {"token": JO, "household_id": HALE, "phone": "07700 915601"}),
                          ("find_agency", {"token": JO, "text": "Citizens Advice"}),
                          ("issue_voucher", {"token": JO, "agency_id": "$find_agency.0.agency_id", "household_id": HALE,
                                             "reason": "low_income", "referred_by": "Sam Pryce"})]),
    ("vouchers", cut(HARDY, "issue_voucher") + [("vouchers", {"token": JO, "household_id": H}),
                                                *cut(HARDY, "book_collection")[-2:]]),
    ("record_induction", [*sign_ins("pat"), REID_NEW,
                          ("record_induction", {"token": PAT, "volunteer_id": V, "inducted_by": "Patricia Okafor"}),
                          REID_DRIVE[2]]),
    ("shifts", [*sign_ins("pat"), ("find_volunteer", {"token": PAT, "text": "Tully"}),
                ("shifts", {"token": PAT, "date": TODAY}), *GRAHAM[2:]]),
    ("expiring_stock", [*sign_ins("amir"), ("expiring_stock", {"token": AMIR}), *DONATE[1:]]),
]
