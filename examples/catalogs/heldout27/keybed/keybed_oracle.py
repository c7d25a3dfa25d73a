"""Scripted proofs that Keybed's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which converts the pydantic replies and records
the raised ``WorkshopError`` refusals as errors).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign in
by first name (``("sign_in", {...}, "pia")``) and pass ``"$pia.token"``; replies are read by field
(``"$register_customer.customer_id"``, ``"$register_instrument.instrument_id"``, ``"$book_in.job_id"``,
``"$send_estimate.estimate_id"``, ``"$job_card.estimate_id"``, ``"$order_part.order_id"``,
``"$finish_job.invoice_id"``, ``"$finish_job.balance"``, ``"$book_van.booking_id"``,
``"$add_to_round.visit_id"``, ``"$lend_instrument.loan_id"``), lists by position and field
(``"$jobs_board.0.job_id"``, ``"$find_customer.0.customer_id"``, ``"$technicians.1.tech_id"``,
``"$price_guide.3.code"``, ``"$parts_catalogue.0.code"``, ``"$parts_on_order.0.order_id"``,
``"$tuning_rounds.0.round_id"``, ``"$loan_instruments.0.loaner_id"``, ``"$loan_instruments.1.loan_id"``)
and nested lists by field, position and field (``"$customer_account.instruments.0.instrument_id"``,
``"$customer_account.invoices.0.invoice_id"``, ``"$tuning_rounds.0.visits.0.visit_id"``). Every id is read
from a reply; none is written literally.

The day: Mr Owen Treharne is registered with his Bechstein upright, which is booked in, fetched by the
van and checked in, put on Dev's bench, estimated (regulation and a new bass section), sent the estimate
by text, accepts it with a deposit; bass strings are ordered and arrive, the work is done, logged and
finished, the balance paid by card and the van booked to take the piano home before it is released; on
other paths he declines the estimate, the job is put on hold, the bass strings order is cancelled or the
job cancelled; he borrows a digital piano and brings it back, has his piano put on today's north round
and tuned (or taken off it again), and gives his e-mail address for an e-mail. Mr Nikhil Bose's guitar
goes to Maggie, is estimated (fret dress and set-up) and the estimate texted; on another path the fret
dress comes off the draft, or the job is cancelled; his e-mail address added and an e-mail. Miss Ruth
Lyle accepts her estimate and work starts, or she declines it; she brings her loan piano back. The
school's Steinway hammers arrive and work starts; damper felts ordered for it, or the hammers order
cancelled. Mr Tom Grady's cello has time logged and is finished, or goes on hold and off it again; he
registers a guitar. Mr Felix Amadi pays for his violin and collects it. Mrs Joan Penrose borrows a
digital piano. Dr Sheppard's grand goes on the next north round. Mrs Harriet Vale is tuned on today's
round, and on another path her piano is booked in with a cracked bridge. The Okonjos' piano is booked on
the van and the booking cancelled, or it is checked in. The school's visit is taken off Friday's round.
"""

import keybed_tools as tools

WHO = {"pia": ("pia.r", "Soft-Pedal-41"), "dev": ("dev.k", "Let-Off-2207"), "mags": ("mags.o", "Purfling-19"),
       "len": ("len.w", "Unison-A440"), "ros": ("ros.c", "Calloway-1962")}
PIA, DEV, MAGS, LEN, ROS = "$pia.token", "$dev.token", "$mags.token", "$len.token", "$ros.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


C = "$register_customer.customer_id"
J = "$book_in.job_id"
OWEN_NEW = ("register_customer", {"token": PIA, "name": "Mr Owen Treharne", "address": "5 Chapel Close, Ashcombe",
                                  "postcode": "AC2 3CC", "phone": "07700 901188"})
OWEN_PIANO = ("register_instrument", {"token": PIA, "customer_id": C, "kind": "upright", "maker": "Bechstein",
                                      "model": "Model 8", "serial": "104552", "year": 1911})
OWEN_BOOK = ("book_in", {"token": PIA, "instrument_id": "$register_instrument.instrument_id",
                         "complaint": "Several notes in the middle stick; the bass strings buzz and sound dead",
                         "urgency": "routine"})
OWEN_JOB = [
    *sign_ins("pia", "dev", "ros"),
    OWEN_NEW,
    OWEN_PIANO,
    OWEN_BOOK,
    ("job_card", {"token": PIA, "job_id": J}),
    ("book_van", {"token": PIA, "job_id": J, "date": "2034-03-17", "direction": "collect", "crew": 2}),
    ("check_in_instrument", {"token": DEV, "job_id": J,
                             "condition": "Came off the van sound; scratches on the left cheek; no stool"}),
    ("technicians", {"token": ROS}),
    ("assign_technician", {"token": ROS, "job_id": J, "technician_id": "$technicians.1.tech_id"}),
    ("price_guide", {}),
    ("add_estimate_line", {"token": DEV, "job_id": J, "code": "$price_guide.3.code"}),
    ("add_estimate_line", {"token": DEV, "job_id": J, "code": "$price_guide.7.code"}, "bass"),
    ("send_estimate", {"token": PIA, "job_id": J, "channel": "sms"}),
    ("approve_estimate", {"token": PIA, "estimate_id": "$send_estimate.estimate_id",
                          "approved_by": "Mr Owen Treharne, on the phone", "deposit": 155.0}),
    ("parts_catalogue", {"fits": "upright"}),
    ("order_part", {"token": DEV, "job_id": J, "part_code": "$parts_catalogue.0.code", "quantity": 1}),
    ("receive_part", {"token": PIA, "order_id": "$order_part.order_id"}),
    ("start_work", {"token": DEV, "job_id": J}),
    ("log_work", {"token": DEV, "job_id": J, "hours": 3.5,
                  "note": "Old bass strings off; bridge pins cleaned; action out for regulation"}),
    ("finish_job", {"token": DEV, "job_id": J,
                    "notes": "Bass section restrung to pattern; action regulated; sticking keys eased"}),
    ("take_payment", {"token": PIA, "invoice_id": "$finish_job.invoice_id", "amount": "$finish_job.balance",
                      "method": "card"}),
    ("book_van", {"token": PIA, "job_id": J, "date": "2034-03-24", "direction": "deliver", "crew": 2}, "home"),
    ("release_instrument", {"token": PIA, "job_id": J, "collected_by": "Our van crew, for Mr Treharne"}),
]
OWEN_DECLINE = cut(OWEN_JOB, "send_estimate") + [
    ("decline_estimate", {"token": PIA, "estimate_id": "$send_estimate.estimate_id",
                          "reason": "More than the piano is worth to him; he will have it tuned and leave it at that"})]
OWEN_HOLD = cut(OWEN_JOB, "start_work") + [
    ("hold_job", {"token": DEV, "job_id": J, "reason": "Mr Treharne wants to see the new bass strings before they go on"})]
OWEN_CANCEL_PART = cut(OWEN_JOB, "order_part") + [
    ("cancel_part_order", {"token": DEV, "order_id": "$order_part.order_id",
                           "reason": "Fairfield cannot make them for six weeks; a string maker in Bristol will"})]
OWEN_CANCEL = [*sign_ins("pia"), OWEN_NEW, OWEN_PIANO, OWEN_BOOK,
               ("cancel_job", {"token": PIA, "job_id": J, "reason": "Mr Treharne has decided to sell the piano as it is"})]
OWEN_ROUND = [
    *sign_ins("pia", "len"),
    OWEN_NEW,
    OWEN_PIANO,
    ("instrument_history", {"token": PIA, "instrument_id": "$register_instrument.instrument_id"}),
    ("tuning_rounds", {"token": PIA}),
    ("add_to_round", {"token": PIA, "round_id": "$tuning_rounds.0.round_id",
                      "instrument_id": "$register_instrument.instrument_id"}),
    ("record_tuning", {"token": LEN, "visit_id": "$add_to_round.visit_id", "pitch_hz": 438.0,
                       "notes": "A semitone flat; raised and tuned to 438 for now; bass strings dead", "pitch_raise": True}),
]
OWEN_ROUND_OFF = cut(OWEN_ROUND, "add_to_round") + [
    ("remove_from_round", {"token": PIA, "visit_id": "$add_to_round.visit_id",
                           "reason": "Mr Treharne is out this afternoon after all"})]
OWEN_CONTACT = [
    *sign_ins("pia"),
    OWEN_NEW,
    ("customer_account", {"token": PIA, "customer_id": C}),
    ("update_customer", {"token": PIA, "customer_id": C, "email": "owen.treharne@mail.example"}),
    ("notify_customer", {"token": PIA, "customer_id": C, "channel": "email",
                         "message": "Thank you for bringing your Bechstein to us; we will send the estimate this week."}),
]
OWEN_LOAN = [
    *sign_ins("pia"),
    OWEN_NEW,
    OWEN_PIANO,
    OWEN_BOOK,
    ("loan_instruments", {"token": PIA}),
    ("lend_instrument", {"token": PIA, "customer_id": C, "loaner_id": "$loan_instruments.0.loaner_id",
                         "deposit": 100.0}),
    ("return_loan", {"token": PIA, "loan_id": "$lend_instrument.loan_id",
                     "condition": "Back in its box with the stand and pedal; clean", "damaged": False}),
]

NJ = "$jobs_board.0.job_id"
NIKHIL = [
    *sign_ins("pia", "mags", "ros"),
    ("jobs_board", {"token": PIA, "status": "booked_in"}),
    ("job_card", {"token": MAGS, "job_id": NJ}),
    ("technicians", {"token": ROS}),
    ("assign_technician", {"token": ROS, "job_id": NJ, "technician_id": "$technicians.2.tech_id"}),
    ("price_guide", {}),
    ("add_estimate_line", {"token": MAGS, "job_id": NJ, "code": "$price_guide.12.code"}),
    ("add_estimate_line", {"token": MAGS, "job_id": NJ, "code": "$price_guide.11.code"}, "setup"),
    ("send_estimate", {"token": PIA, "job_id": NJ, "channel": "sms"}),
]
NIKHIL_LINES = cut(NIKHIL, "setup") + [("remove_estimate_line", {"token": MAGS, "job_id": NJ, "line_no": 1})]
NIKHIL_CANCEL = [*sign_ins("pia"), ("jobs_board", {"token": PIA, "status": "booked_in"}),
                 ("cancel_job", {"token": PIA, "job_id": NJ,
                                 "reason": "Mr Bose is sending the guitar back to Lowden under its warranty"})]
NIKHIL_CONTACT = [
    *sign_ins("pia"),
    ("find_customer", {"token": PIA, "text": "Bose"}),
    ("update_customer", {"token": PIA, "customer_id": "$find_customer.0.customer_id", "email": "nikhil.bose@mail.example"}),
    ("notify_customer", {"token": PIA, "customer_id": "$find_customer.0.customer_id", "channel": "email",
                         "message": "Maggie will look at your guitar this week; the estimate follows by text."}),
]

OKONJO_VAN = [
    *sign_ins("pia"),
    ("jobs_board", {"token": PIA, "status": "booked_in"}),
    ("book_van", {"token": PIA, "job_id": "$jobs_board.1.job_id", "date": "2034-03-17", "direction": "collect",
                  "crew": 2}),
    ("cancel_van", {"token": PIA, "booking_id": "$book_van.booking_id",
                    "reason": "The Okonjos have to be out on Friday after all; they will ring to rebook"}),
]
OKONJO_IN = [*sign_ins("dev"), ("jobs_board", {"token": DEV, "status": "booked_in"}),
             ("check_in_instrument", {"token": DEV, "job_id": "$jobs_board.1.job_id",
                                      "condition": "Brought in by a removals firm; castor missing; fall scratched"})]

RUTH = [
    *sign_ins("pia", "dev"),
    ("jobs_board", {"token": PIA, "status": "estimate_sent"}),
    ("job_card", {"token": PIA, "job_id": NJ}),
    ("approve_estimate", {"token": PIA, "estimate_id": "$job_card.estimate_id", "approved_by": "Miss Ruth Lyle, by letter",
                          "deposit": 0.0}),
    ("start_work", {"token": DEV, "job_id": NJ}),
]
RUTH_DECLINE = cut(RUTH, "job_card") + [
    ("decline_estimate", {"token": PIA, "estimate_id": "$job_card.estimate_id",
                          "reason": "Miss Lyle is moving into a flat and will sell the piano"})]
RUTH_LOAN = [*sign_ins("pia"), ("loan_instruments", {"token": PIA}),
             ("return_loan", {"token": PIA, "loan_id": "$loan_instruments.1.loan_id",
                              "condition": "Returned early; a sustain pedal lead is missing", "damaged": False})]

SCHOOL = [
    *sign_ins("pia", "dev"),
    ("parts_on_order", {"token": PIA, "status": "on_order"}),
    ("receive_part", {"token": PIA, "order_id": "$parts_on_order.0.order_id"}),
    ("jobs_board", {"token": DEV, "status": "approved"}),
    ("start_work", {"token": DEV, "job_id": NJ}),
]
SCHOOL_ORDER = [*sign_ins("dev"), ("jobs_board", {"token": DEV, "status": "approved"}),
                ("parts_catalogue", {"fits": "grand"}),
                ("order_part", {"token": DEV, "job_id": NJ, "part_code": "$parts_catalogue.1.code", "quantity": 1})]
SCHOOL_CANCEL = [*sign_ins("dev"), ("parts_on_order", {"token": DEV, "status": "on_order"}),
                 ("cancel_part_order", {"token": DEV, "order_id": "$parts_on_order.0.order_id",
                                        "reason": "Renner sent the set on an earlier order; this one is a duplicate"})]
SCHOOL_VISIT = [*sign_ins("pia"), ("tuning_rounds", {"token": PIA}),
                ("remove_from_round", {"token": PIA, "visit_id": "$tuning_rounds.1.visits.0.visit_id",
                                       "reason": "The hall is taken for exams on Friday; the school will rebook"})]

TOM = [
    *sign_ins("mags"),
    ("jobs_board", {"token": MAGS, "status": "in_work"}),
    ("log_work", {"token": MAGS, "job_id": NJ, "hours": 1.0, "note": "Clamps off; seam sound; soundpost reset"}),
    ("finish_job", {"token": MAGS, "job_id": NJ, "notes": "Lower bout seam re-glued; buzz gone; set-up checked"}),
]
TOM_HOLD = [
    *sign_ins("mags"),
    ("jobs_board", {"token": MAGS, "status": "in_work"}),
    ("hold_job", {"token": MAGS, "job_id": NJ, "reason": "Glue must cure over the weekend before the clamps come off"}),
    ("resume_job", {"token": MAGS, "job_id": NJ}),
]
TOM_GUITAR = [*sign_ins("pia"), ("find_customer", {"token": PIA, "text": "Grady"}),
              ("register_instrument", {"token": PIA, "customer_id": "$find_customer.0.customer_id", "kind": "guitar",
                                       "maker": "Yamaha", "model": "FG830", "serial": "HOK281104", "year": 2019})]

FELIX = [
    *sign_ins("pia"),
    ("find_customer", {"token": PIA, "text": "Amadi"}),
    ("customer_account", {"token": PIA, "customer_id": "$find_customer.0.customer_id"}),
    ("take_payment", {"token": PIA, "invoice_id": "$customer_account.invoices.0.invoice_id",
                      "amount": "$customer_account.invoices.0.balance", "method": "cash"}),
    ("jobs_board", {"token": PIA, "status": "finished"}),
    ("release_instrument", {"token": PIA, "job_id": NJ, "collected_by": "Mr Felix Amadi"}),
]
JOAN_LOAN = [*sign_ins("pia"), ("find_customer", {"token": PIA, "text": "Penrose"}), ("loan_instruments", {"token": PIA}),
             ("lend_instrument", {"token": PIA, "customer_id": "$find_customer.0.customer_id",
                                  "loaner_id": "$loan_instruments.0.loaner_id", "deposit": 100.0})]
SHEPPARD = [
    *sign_ins("pia"),
    ("find_customer", {"token": PIA, "text": "Sheppard"}),
    ("customer_account", {"token": PIA, "customer_id": "$find_customer.0.customer_id"}),
    ("instrument_history", {"token": PIA, "instrument_id": "$customer_account.instruments.0.instrument_id"}),
    ("tuning_rounds", {"token": PIA}),
    ("add_to_round", {"token": PIA, "round_id": "$tuning_rounds.2.round_id",
                      "instrument_id": "$customer_account.instruments.0.instrument_id"}),
]
HARRIET_JOB = [
    *sign_ins("pia"),
    ("find_customer", {"token": PIA, "text": "Vale"}),
    ("customer_account", {"token": PIA, "customer_id": "$find_customer.0.customer_id"}),
    ("book_in", {"token": PIA, "instrument_id": "$customer_account.instruments.0.instrument_id",
                 "complaint": "Len found a crack in the bass bridge on this morning's tuning", "urgency": "urgent"}),
]
HARRIET_TUNING = [*sign_ins("len"), ("tuning_rounds", {"token": LEN}),
                  ("record_tuning", {"token": LEN, "visit_id": "$tuning_rounds.0.visits.0.visit_id", "pitch_hz": 440.0,
                                     "notes": "Stable since September; a crack along the bass bridge, told Mrs Vale"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers and instruments
_NEW = {"update_customer": OWEN_CONTACT, "customer_account": OWEN_CONTACT, "register_instrument": OWEN_JOB,
        "notify_customer": OWEN_CONTACT, "lend_instrument": OWEN_LOAN}
_FOUND = {"update_customer": NIKHIL_CONTACT, "customer_account": FELIX, "register_instrument": TOM_GUITAR,
          "notify_customer": NIKHIL_CONTACT, "lend_instrument": JOAN_LOAN}
for _c in tools.CUSTOMER_CONSUMERS:
    _add("register_customer", _c, cut(_NEW[_c], _c))
    _add("find_customer", _c, cut(_FOUND[_c], _c))
_REGISTERED = {"instrument_history": OWEN_ROUND, "book_in": OWEN_JOB, "add_to_round": OWEN_ROUND}
_ACCOUNT = {"instrument_history": SHEPPARD, "book_in": HARRIET_JOB, "add_to_round": SHEPPARD}
for _c in tools.INSTRUMENT_CONSUMERS:
    _add("register_instrument", _c, cut(_REGISTERED[_c], _c))
    _add("customer_account", _c, cut(_ACCOUNT[_c], _c))

# jobs
_BOOKED = {"hold_job": OWEN_HOLD, "cancel_job": OWEN_CANCEL}
_BOARD = {"job_card": NIKHIL, "check_in_instrument": OKONJO_IN, "assign_technician": NIKHIL,
          "add_estimate_line": NIKHIL, "send_estimate": NIKHIL, "order_part": SCHOOL_ORDER, "start_work": SCHOOL,
          "finish_job": TOM, "hold_job": TOM_HOLD, "book_van": OKONJO_VAN, "cancel_job": NIKHIL_CANCEL,
          "release_instrument": FELIX}
for _c in tools.JOB_CONSUMERS:
    _add("book_in", _c, cut(_BOOKED.get(_c, OWEN_JOB), _c))
    _add("jobs_board", _c, cut(_BOARD[_c], _c))

# ids and vocabularies
_add("technicians", "assign_technician", cut(OWEN_JOB, "assign_technician"))
_add("price_guide", "add_estimate_line", cut(OWEN_JOB, "add_estimate_line"))
_add("parts_catalogue", "order_part", SCHOOL_ORDER)
_add("send_estimate", "approve_estimate", cut(OWEN_JOB, "approve_estimate"))
_add("job_card", "approve_estimate", cut(RUTH, "approve_estimate"))
_add("send_estimate", "decline_estimate", OWEN_DECLINE)
_add("job_card", "decline_estimate", RUTH_DECLINE)
_add("order_part", "receive_part", cut(OWEN_JOB, "receive_part"))
_add("parts_on_order", "receive_part", cut(SCHOOL, "receive_part"))
_add("order_part", "cancel_part_order", OWEN_CANCEL_PART)
_add("parts_on_order", "cancel_part_order", SCHOOL_CANCEL)
_add("finish_job", "take_payment", cut(OWEN_JOB, "take_payment"))
_add("customer_account", "take_payment", cut(FELIX, "take_payment"))
_add("book_van", "cancel_van", OKONJO_VAN)
_add("tuning_rounds", "add_to_round", cut(OWEN_ROUND, "add_to_round"))
_add("add_to_round", "record_tuning", OWEN_ROUND)
_add("tuning_rounds", "record_tuning", HARRIET_TUNING)
_add("add_to_round", "remove_from_round", OWEN_ROUND_OFF)
_add("tuning_rounds", "remove_from_round", SCHOOL_VISIT)
_add("loan_instruments", "lend_instrument", cut(OWEN_LOAN, "lend_instrument"))
_add("lend_instrument", "return_loan", OWEN_LOAN)
_add("loan_instruments", "return_loan", RUTH_LOAN)

# states
_add("add_estimate_line", "send_estimate", cut(OWEN_JOB, "send_estimate"))
_add("assign_technician", "send_estimate", NIKHIL)
_add("add_estimate_line", "remove_estimate_line", NIKHIL_LINES)
_add("approve_estimate", "order_part", cut(OWEN_JOB, "order_part"))
_add("approve_estimate", "start_work", RUTH)
_add("check_in_instrument", "start_work", cut(OWEN_JOB, "start_work"))
_add("receive_part", "start_work", SCHOOL)
_add("start_work", "log_work", cut(OWEN_JOB, "log_work"))
_add("start_work", "finish_job", cut(OWEN_JOB, "finish_job"))
_add("finish_job", "release_instrument", OWEN_JOB)
_add("take_payment", "release_instrument", FELIX)
_add("finish_job", "book_van", cut(OWEN_JOB, "home"))
_add("hold_job", "resume_job", TOM_HOLD)
_add("update_customer", "notify_customer", OWEN_CONTACT)
_add("book_in", "lend_instrument", cut(OWEN_LOAN, "lend_instrument"))

_OWN = {"sign_out": [sign_in("ros"), ("sign_out", {"token": ROS})]}


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
    ("job_card", cut(OWEN_JOB, "check_in_instrument")),
    ("book_van", cut(OWEN_JOB, "check_in_instrument")),
    ("technicians", cut(OWEN_JOB, "add_estimate_line")),
    ("log_work", cut(OWEN_JOB, "finish_job")),
    ("take_payment", cut(OWEN_JOB, "home")),
    ("customer_account", cut(OWEN_CONTACT, "update_customer")),
    ("instrument_history", cut(OWEN_ROUND, "add_to_round")),
]
