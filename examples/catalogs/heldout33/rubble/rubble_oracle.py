"""Scripted proofs that Rubble's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which reads the firm's JSON:API error documents as
refusals with the module's ``FAILURE``; the tools are coroutines returning pydantic models, which the runtime awaits
and converts, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "jo")``) and pass ``"$jo.token"``; replies are read by field (``"$open_account.customer_id"``,
``"$place_order.order_id"``, ``"$place_order.price"``, ``"$apply_permit.permit_id"``,
``"$take_payment.payment_id"``, ``"$schedule_job.job_id"``, ``"$weigh_in.ticket_id"``) and list entries by
position and field (``"$find_customer.0.customer_id"``, ``"$orders.2.order_id"``, ``"$orders.1.price"``,
``"$permits.0.permit_id"``, ``"$permits.0.order_id"``, ``"$fleet.2.lorry_id"``, ``"$drivers.1.driver_id"``,
``"$driver_jobs.1.job_id"``, ``"$driver_jobs.0.size"``, ``"$yard_skips.0.serial"``, ``"$skip_sizes.2.code"``,
``"$waste_codes.1.code"``). The positions follow the fresh state's order of records by id (filtered as each call
asks) and of ``SIZES`` and ``WASTE``. Every id, code and amount owed is read from a reply; none is written
literally (dates, placements, the job kind, weights, defects, the issue reported and the surcharge items are
written as the office, the drivers and the weighbridge are told them). A step saved under a name of its own is a
second call of a tool on one path.

The day: Mrs Bethan Lloyd opens an account and orders a 6-yard skip on the road for Thursday; Jo applies for the
permit, records it granted and takes her payment (refunded on another path: the wrong card), and Pete schedules
the delivery (on other paths her e-mail changes, her account is read or she is texted). Pennine Roofing opens a
trade account, Karen puts it on 30-day terms, Jo orders a midi skip for today, Pete schedules it with Lee, who
delivers it from the yard; Jo extends the hire and issues the transfer note, Pete schedules the collection, Lee
collects it, Mo weighs it and records two tyres, and Jo invoices (on other paths the order is read, moved, re-sized
or cancelled, or the delivery is reported blocked or cancelled). Mrs Kemp's permit is granted and her delivery
scheduled; Greenway Gardens pay and their maxi skip is scheduled; Ridley Builders get a transfer note and their
collection, and their roll-on roll-off is scheduled on the hook loader; Dazza checks his lorry, collects Mr
Haworth's skip, which Mo weighs and Jo invoices, or delivers Mr Sheikh's mini skip (or reports it undone, or Pete
cancels it); Oakleaf's skip is weighed, its mattress and fridge recorded and the order invoiced; Ms Pickles's order
is read, moved, re-sized, given a permit application or cancelled; Mr Sheikh orders another skip; Greenway go on
30-day terms; Mr Haworth's phone changes, Mrs Kemp's account is read and Ms Pickles is texted.
"""

import rubble_tools as tools

WHO = {"jo": ("jo.c", "Roll-On-Roll-Off-8"), "pete": ("pete.s", "Hook-Lift-12"), "dazza": ("dazza.m", "Chain-Lift-6"),
       "lee": ("lee.t", "Tailgate-88"), "mo": ("mo.a", "Gross-Tare-Net-3"), "karen": ("karen.w", "Carrside-1987")}
J, P, D, L, MO, K = "$jo.token", "$pete.token", "$dazza.token", "$lee.token", "$mo.token", "$karen.token"
TODAY = "2032-06-07"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def size(code: str) -> str:
    return f"$skip_sizes.{list(tools.SIZES).index(code)}.code"


def waste(code: str) -> str:
    return f"$waste_codes.{list(tools.WASTE).index(code)}.code"


def find(text: str, who: str = "jo") -> list:
    return [sign_in(who), ("find_customer", {"token": f"${who}.token", "text": text})]


def lorry(n: int) -> str:
    return f"$fleet.{n}.lorry_id"


def driver(n: int) -> str:
    return f"$drivers.{n}.driver_id"


FOUND = "$find_customer.0.customer_id"
CID = "$open_account.customer_id"
OID = "$place_order.order_id"

LLOYD = [sign_in("jo"),
         ("open_account", {"token": J, "name": "Mrs Bethan Lloyd", "phone": "07700 900230",
                           "address": "27 Hollin Lane, Brigthorpe", "postcode": "BG4 6HL", "kind": "domestic",
                           "email": "bethan.lloyd@mail.example"})]
LLOYD_ROAD = LLOYD + [
    ("check_postcode", {"postcode": "BG4 6HL"}), ("skip_sizes", {}),
    ("place_order", {"token": J, "customer_id": CID, "size": size("BLD-6"), "address": "27 Hollin Lane, Brigthorpe",
                     "postcode": "BG4 6HL", "placement": "road", "delivery_date": "2032-06-10"}),
    ("apply_permit", {"token": J, "order_id": OID}),
    ("record_permit", {"token": J, "permit_id": "$apply_permit.permit_id", "decision": "granted",
                       "reference": "BMBC/SK/4471", "valid_from": "2032-06-10", "valid_to": "2032-06-30"}),
    ("take_payment", {"token": J, "order_id": OID, "amount": "$place_order.price", "method": "card"}),
    sign_in("pete"), ("fleet", {"token": P}), ("drivers", {"token": P}),
    ("schedule_job", {"token": P, "order_id": OID, "kind": "deliver", "date": "2032-06-10", "lorry_id": lorry(0),
                      "driver_id": driver(0)})]
LLOYD_REFUND = cut(LLOYD_ROAD, "take_payment") + [
    ("refund_payment", {"token": J, "payment_id": "$take_payment.payment_id",
                        "reason": "Mrs Lloyd paid on her husband's card by mistake"})]
LLOYD_EMAIL = LLOYD + [("update_customer", {"token": J, "customer_id": CID, "email": "bethan@lloydhome.example"})]
LLOYD_ACCOUNT = LLOYD + [("customer_account", {"token": J, "customer_id": CID})]
LLOYD_TEXT = LLOYD + [("send_message", {"token": J, "customer_id": CID, "channel": "sms",
                                        "text": "Carrside Skip Hire: we have applied for your skip permit."})]

PENNINE = [
    sign_in("jo"),
    ("open_account", {"token": J, "name": "Mr Gavin Shaw", "phone": "07700 900231",
                      "address": "Unit 9, Canal Wharf, Brigthorpe", "postcode": "BG1 3CW", "kind": "trade",
                      "email": "gavin@pennineroofing.example", "company": "Pennine Roofing Ltd"}),
    sign_in("karen"), ("set_account_terms", {"token": K, "customer_id": CID, "terms": "30_days"}),
    ("skip_sizes", {}),
    ("place_order", {"token": J, "customer_id": CID, "size": size("MIDI-4"), "address": "Unit 9, Canal Wharf, Brigthorpe",
                     "postcode": "BG1 3CW", "placement": "driveway", "delivery_date": TODAY}),
    sign_in("pete"), ("fleet", {"token": P}), ("drivers", {"token": P}),
    ("schedule_job", {"token": P, "order_id": OID, "kind": "deliver", "date": TODAY, "lorry_id": lorry(1),
                      "driver_id": driver(1)}),
    sign_in("lee"), ("yard_skips", {"token": L, "size": size("MIDI-4")}),
    ("complete_job", {"token": L, "job_id": "$schedule_job.job_id", "skip_serial": "$yard_skips.0.serial"}),
    ("extend_hire", {"token": J, "order_id": OID, "days": 7}),
    ("issue_transfer_note", {"token": J, "order_id": OID, "waste": "Roofing felt, battens and broken tiles",
                             "signed_by": "Gavin Shaw"}),
    ("schedule_job", {"token": P, "order_id": OID, "kind": "collect", "date": TODAY, "lorry_id": lorry(1),
                      "driver_id": driver(1)}, "collect"),
    ("complete_job", {"token": L, "job_id": "$collect.job_id", "notes": "Full to the brim"}, "collected"),
    sign_in("mo"), ("waste_codes", {"token": MO}),
    ("weigh_in", {"token": MO, "job_id": "$collect.job_id", "gross_kg": 9800, "tare_kg": 8150,
                  "waste_code": waste("17 09 04")}),
    ("record_items", {"token": MO, "ticket_id": "$weigh_in.ticket_id", "items": ["tyre", "tyre"]}),
    ("raise_invoice", {"token": J, "order_id": OID})]
PENNINE_ORDER = cut(PENNINE, "place_order")
PENNINE_DETAIL = PENNINE_ORDER + [("order_detail", {"token": J, "order_id": OID})]
PENNINE_MOVES = PENNINE_ORDER + [("reschedule_delivery", {"token": J, "order_id": OID, "delivery_date": "2032-06-08"})]
PENNINE_BIGGER = PENNINE_ORDER + [("swap_size", {"token": J, "order_id": OID, "size": size("BLD-8")})]
PENNINE_CANCELS = PENNINE_ORDER + [("cancel_order", {"token": J, "order_id": OID,
                                                     "reason": "The roof job has been put back a month"})]
PENNINE_BLOCKED = cut(PENNINE, "schedule_job") + [
    sign_in("lee"), ("report_issue", {"token": L, "job_id": "$schedule_job.job_id", "issue": "blocked_by_car",
                                      "notes": "A van is parked across the yard gates"})]
PENNINE_CALLED_OFF = cut(PENNINE, "schedule_job") + [
    ("cancel_job", {"token": P, "job_id": "$schedule_job.job_id", "reason": "Pennine want it tomorrow instead"})]

HAWORTH_PHONE = find("Haworth") + [("update_customer", {"token": J, "customer_id": FOUND, "phone": "07700 900241"})]
KEMP_ACCOUNT = find("Kemp") + [("customer_account", {"token": J, "customer_id": FOUND})]
PICKLES_TEXT = find("Pickles") + [("send_message", {"token": J, "customer_id": FOUND, "channel": "sms",
                                                    "text": "Carrside Skip Hire: your skip is booked for Wednesday."})]
SHEIKH_AGAIN = find("Sheikh") + [("skip_sizes", {}),
                                 ("place_order", {"token": J, "customer_id": FOUND, "size": size("MINI-2"),
                                                  "address": "8 Ash Grove, Brigthorpe", "postcode": "BG2 5AG",
                                                  "placement": "driveway", "delivery_date": "2032-06-14"})]
GREENWAY_TERMS = find("Greenway") + [sign_in("karen"), ("set_account_terms", {"token": K, "customer_id": FOUND,
                                                                              "terms": "30_days"})]

NEW = [sign_in("jo"), ("orders", {"token": J, "status": "new"})]  # OR-5502 Kemp, OR-5504 Greenway, OR-5507 Pickles, OR-5508 Ridley
KEMP_DETAIL = NEW + [("order_detail", {"token": J, "order_id": "$orders.0.order_id"})]
PICKLES_MOVES = NEW + [("reschedule_delivery", {"token": J, "order_id": "$orders.2.order_id",
                                                "delivery_date": "2032-06-11"})]
PICKLES_SMALLER = NEW + [("skip_sizes", {}), ("swap_size", {"token": J, "order_id": "$orders.2.order_id",
                                                            "size": size("MINI-2")})]
PICKLES_CANCELS = NEW + [("cancel_order", {"token": J, "order_id": "$orders.2.order_id",
                                           "reason": "Ms Pickles has hired a man with a van instead"})]
PICKLES_PERMIT = NEW + [("apply_permit", {"token": J, "order_id": "$orders.2.order_id"})]
GREENWAY_PAYS = NEW + [("take_payment", {"token": J, "order_id": "$orders.1.order_id", "amount": "$orders.1.price",
                                         "method": "card"}),
                       sign_in("pete"), ("fleet", {"token": P}), ("drivers", {"token": P}),
                       ("schedule_job", {"token": P, "order_id": "$orders.1.order_id", "kind": "deliver",
                                         "date": "2032-06-08", "lorry_id": lorry(0), "driver_id": driver(0)})]
RIDLEY_RORO = [sign_in("pete"), ("orders", {"token": P, "status": "new"}), ("fleet", {"token": P}),
               ("drivers", {"token": P}),
               ("schedule_job", {"token": P, "order_id": "$orders.3.order_id", "kind": "deliver", "date": "2032-06-09",
                                 "lorry_id": lorry(2), "driver_id": driver(2)})]
ON_SITE = [sign_in("jo"), ("orders", {"token": J, "status": "on_hire"})]  # OR-5501 Haworth, OR-5503 Ridley
RIDLEY_EXTENDS = ON_SITE + [("extend_hire", {"token": J, "order_id": "$orders.1.order_id", "days": 7})]
RIDLEY_COLLECT = ON_SITE + [
    ("issue_transfer_note", {"token": J, "order_id": "$orders.1.order_id", "waste": "Brick, block and timber offcuts",
                             "signed_by": "Dan Ridley"}),
    sign_in("pete"), ("fleet", {"token": P}), ("drivers", {"token": P}),
    ("schedule_job", {"token": P, "order_id": "$orders.1.order_id", "kind": "collect", "date": TODAY,
                      "lorry_id": lorry(0), "driver_id": driver(0)})]
KEMP_PERMIT = [sign_in("jo"), ("permits", {"token": J, "status": "applied"}),
               ("record_permit", {"token": J, "permit_id": "$permits.0.permit_id", "decision": "granted",
                                  "reference": "BMBC/SK/4455", "valid_from": "2032-06-08", "valid_to": "2032-06-22"}),
               sign_in("pete"), ("fleet", {"token": P}), ("drivers", {"token": P}),
               ("schedule_job", {"token": P, "order_id": "$permits.0.order_id", "kind": "deliver",
                                 "date": "2032-06-08", "lorry_id": lorry(0), "driver_id": driver(0)})]
HAWORTH = [sign_in("pete"), ("orders", {"token": P, "status": "on_hire"}), ("fleet", {"token": P}),
           ("drivers", {"token": P}),
           ("schedule_job", {"token": P, "order_id": "$orders.0.order_id", "kind": "collect", "date": TODAY,
                             "lorry_id": lorry(0), "driver_id": driver(0)}),
           sign_in("dazza"), ("walkaround_check", {"token": D, "lorry_id": lorry(0), "defects": []}),
           ("complete_job", {"token": D, "job_id": "$schedule_job.job_id"}),
           sign_in("mo"), ("waste_codes", {"token": MO}),
           ("weigh_in", {"token": MO, "job_id": "$schedule_job.job_id", "gross_kg": 10900, "tare_kg": 7400,
                         "waste_code": waste("20 03 01")}),
           sign_in("jo"), ("raise_invoice", {"token": J, "order_id": "$orders.0.order_id"})]
SHEIKH = [sign_in("dazza"), ("driver_jobs", {"token": D, "date": TODAY}), ("fleet", {"token": D}),
          ("walkaround_check", {"token": D, "lorry_id": lorry(0), "defects": []}),
          ("yard_skips", {"token": D, "size": "$driver_jobs.0.size"}),
          ("complete_job", {"token": D, "job_id": "$driver_jobs.0.job_id", "skip_serial": "$yard_skips.0.serial"})]
SHEIKH_UNDONE = [sign_in("dazza"), ("driver_jobs", {"token": D, "date": TODAY}),
                 ("report_issue", {"token": D, "job_id": "$driver_jobs.0.job_id", "issue": "no_access",
                                   "notes": "Nobody in and the side gate is locked"})]
SHEIKH_CALLED_OFF = [sign_in("pete"), ("driver_jobs", {"token": P, "date": TODAY}),
                     ("cancel_job", {"token": P, "job_id": "$driver_jobs.0.job_id",
                                     "reason": "Mr Sheikh has asked for Wednesday instead"})]
OAKLEAF = [sign_in("mo"), ("driver_jobs", {"token": MO, "date": TODAY}), ("waste_codes", {"token": MO}),
           ("weigh_in", {"token": MO, "job_id": "$driver_jobs.1.job_id", "gross_kg": 12400, "tare_kg": 8150,
                         "waste_code": waste("17 09 04")}),
           ("record_items", {"token": MO, "ticket_id": "$weigh_in.ticket_id", "items": ["mattress", "fridge"]}),
           sign_in("jo"), ("orders", {"token": J, "status": "weighed"}),
           ("raise_invoice", {"token": J, "order_id": "$orders.0.order_id"})]

_BODY = [
    # customers
    ("open_account", "update_customer", LLOYD_EMAIL),
    ("find_customer", "update_customer", HAWORTH_PHONE),
    ("open_account", "customer_account", LLOYD_ACCOUNT),
    ("find_customer", "customer_account", KEMP_ACCOUNT),
    ("open_account", "send_message", LLOYD_TEXT),
    ("find_customer", "send_message", PICKLES_TEXT),
    ("open_account", "place_order", cut(LLOYD_ROAD, "place_order")),
    ("find_customer", "place_order", SHEIKH_AGAIN),
    ("open_account", "set_account_terms", cut(PENNINE, "set_account_terms")),
    ("find_customer", "set_account_terms", GREENWAY_TERMS),
    ("skip_sizes", "place_order", PENNINE_ORDER),
    ("skip_sizes", "swap_size", PICKLES_SMALLER),
    # orders
    ("place_order", "order_detail", PENNINE_DETAIL),
    ("orders", "order_detail", KEMP_DETAIL),
    ("place_order", "reschedule_delivery", PENNINE_MOVES),
    ("orders", "reschedule_delivery", PICKLES_MOVES),
    ("place_order", "swap_size", PENNINE_BIGGER),
    ("orders", "swap_size", PICKLES_SMALLER),
    ("place_order", "cancel_order", PENNINE_CANCELS),
    ("orders", "cancel_order", PICKLES_CANCELS),
    ("place_order", "extend_hire", cut(PENNINE, "extend_hire")),
    ("orders", "extend_hire", RIDLEY_EXTENDS),
    ("place_order", "apply_permit", cut(LLOYD_ROAD, "apply_permit")),
    ("orders", "apply_permit", PICKLES_PERMIT),
    ("place_order", "schedule_job", cut(PENNINE, "schedule_job")),
    ("orders", "schedule_job", RIDLEY_RORO),
    ("place_order", "take_payment", cut(LLOYD_ROAD, "take_payment")),
    ("orders", "take_payment", cut(GREENWAY_PAYS, "take_payment")),
    ("place_order", "issue_transfer_note", cut(PENNINE, "issue_transfer_note")),
    ("orders", "issue_transfer_note", cut(RIDLEY_COLLECT, "issue_transfer_note")),
    ("place_order", "raise_invoice", PENNINE),
    ("orders", "raise_invoice", OAKLEAF),
    # permits and payments
    ("apply_permit", "record_permit", cut(LLOYD_ROAD, "record_permit")),
    ("permits", "record_permit", cut(KEMP_PERMIT, "record_permit")),
    ("take_payment", "refund_payment", LLOYD_REFUND),
    # transport
    ("fleet", "schedule_job", cut(HAWORTH, "schedule_job")),
    ("drivers", "schedule_job", cut(HAWORTH, "schedule_job")),
    ("fleet", "walkaround_check", cut(HAWORTH, "walkaround_check")),
    ("record_permit", "schedule_job", KEMP_PERMIT),
    ("take_payment", "schedule_job", GREENWAY_PAYS),
    ("set_account_terms", "schedule_job", cut(PENNINE, "schedule_job")),
    ("issue_transfer_note", "schedule_job", RIDLEY_COLLECT),
    ("complete_job", "schedule_job", cut(PENNINE, "collect")),
    ("schedule_job", "complete_job", cut(PENNINE, "complete_job")),
    ("driver_jobs", "complete_job", SHEIKH),
    ("schedule_job", "report_issue", PENNINE_BLOCKED),
    ("driver_jobs", "report_issue", SHEIKH_UNDONE),
    ("schedule_job", "cancel_job", PENNINE_CALLED_OFF),
    ("driver_jobs", "cancel_job", SHEIKH_CALLED_OFF),
    ("yard_skips", "complete_job", SHEIKH),
    ("walkaround_check", "complete_job", cut(HAWORTH, "complete_job")),
    ("complete_job", "extend_hire", cut(PENNINE, "extend_hire")),
    # the weighbridge
    ("schedule_job", "weigh_in", cut(HAWORTH, "weigh_in")),
    ("driver_jobs", "weigh_in", cut(OAKLEAF, "weigh_in")),
    ("waste_codes", "weigh_in", cut(HAWORTH, "weigh_in")),
    ("complete_job", "weigh_in", cut(HAWORTH, "weigh_in")),
    ("weigh_in", "record_items", cut(OAKLEAF, "record_items")),
    ("weigh_in", "raise_invoice", HAWORTH),
]

_OWN = {"sign_out": [sign_in("karen"), ("sign_out", {"token": K})],
        "on_hire": [sign_in("pete"), ("on_hire", {"token": P})]}


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
    # the price list is read before Mr Haworth's phone number changes
    ("skip_sizes", find("Haworth") + [("skip_sizes", {}),
                                      ("update_customer", {"token": J, "customer_id": FOUND,
                                                           "phone": "07700 900241"})]),
    # a postcode is checked before Ms Pickles is texted
    ("check_postcode", find("Pickles") + [("check_postcode", {"postcode": "BG4 3TH"}),
                                          ("send_message", {"token": J, "customer_id": FOUND, "channel": "sms",
                                                            "text": "Your skip is booked for Wednesday."})]),
    # the waste codes are read before Ms Pickles's permit is applied for
    ("waste_codes", NEW + [("waste_codes", {"token": J}), ("apply_permit", {"token": J, "order_id": "$orders.2.order_id"})]),
    # the drivers are read before Greenway Gardens pay
    ("drivers", NEW + [("drivers", {"token": J}),
                       ("take_payment", {"token": J, "order_id": "$orders.1.order_id", "amount": "$orders.1.price",
                                         "method": "card"})]),
    # the empty skips in the yard are read before Dazza reports Mr Sheikh's delivery undone
    ("yard_skips", [sign_in("dazza"), ("driver_jobs", {"token": D, "date": TODAY}), ("yard_skips", {"token": D}),
                    ("report_issue", {"token": D, "job_id": "$driver_jobs.0.job_id", "issue": "no_access",
                                      "notes": "Nobody in"})]),
    # the skips on hire are read before Mrs Kemp's permit is recorded
    ("on_hire", [sign_in("jo"), ("permits", {"token": J, "status": "applied"}), ("on_hire", {"token": J}),
                 ("record_permit", {"token": J, "permit_id": "$permits.0.permit_id", "decision": "granted",
                                    "reference": "BMBC/SK/4455", "valid_from": "2032-06-08",
                                    "valid_to": "2032-06-22"})]),
    # Mr Sheikh's account is read before Pete cancels his delivery
    ("customer_account", find("Sheikh", "pete") + [("customer_account", {"token": P, "customer_id": FOUND}),
                                                   ("driver_jobs", {"token": P, "date": TODAY}),
                                                   ("cancel_job", {"token": P, "job_id": "$driver_jobs.0.job_id",
                                                                   "reason": "Mr Sheikh wants Wednesday"})]),
]
