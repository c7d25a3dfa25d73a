"""Scripted proofs that Brooder's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime: a refusal raises a built-in exception, which the runtime
records as an error; the tools are coroutines, which the runtime awaits).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "romilly")``) and pass ``"$romilly.token"``; replies are read by field (``"$register_customer.customer_id"``,
``"$place_order.order_id"``, ``"$take_off.hatch_id"``, ``"$receive_eggs.intake_id"``,
``"$invoice_order.invoice_id"``), list entries by position and field (``"$find_customer.0.customer_id"``,
``"$orders.0.order_id"``, ``"$settings.0.setting_id"``, ``"$hatches.0.hatch_id"``, ``"$flocks.1.flock_id"``,
``"$invoices.0.invoice_id"``), rows by row and column (``"$price_list.rows.3.0"``, ``"$egg_store.2.0"``,
``"$machines.0.0"``, ``"$transport_runs.1.0"``). The positions follow the fresh state's order (records by id, each
list filtered as the call asks). Every id, machine code and product code is read from a reply; none is written
literally (names, addresses, phone numbers, e-mail addresses, holding and register numbers, dates, counts, batches,
laboratory references, amounts, reasons and messages are written as the staff are told them).

The day: Wynstone Poultry register, their register number is recorded, they order pullets for tomorrow and meat chicks
for today, their trade account is approved, and today's chicks are allocated, booked and despatched and invoiced;
Mr Tolley orders, pays for and takes 40 meat chicks today, then reports two dead on arrival, and cancels his
ducklings; Heronsgate's chicks go out and are invoiced, and their March invoice is paid; Brackenfold's claim is
recorded; the Hubbard flock's sample is recorded and its eggs set; House 2's eggs arrive and are set; the Hubbard
setting is candled and moved to a hatcher; the late Hubbard setting is moved and taken off; today's Lohmann Brown
hatch is taken off, sexed, vaccinated and allocated to Mrs Vellacott's and Ashlar's orders; Ashlar's trade account is
approved.
"""

import brooder_tools as tools

WHO = {"romilly": ("romilly.t", "Eggshell-Blue-24"), "bartholomew": ("bartholomew.s", "Setter-Tray-57"),
       "emeka": ("emeka.a", "Swab-Sample-81"), "connie": ("connie.p", "Chick-Box-36"),
       "nerys": ("nerys.g", "Zero-Rated-43"), "ottilie": ("ottilie.w", "Incubate-21-Days")}
RT, BT, ET, CT, NT = "$romilly.token", "$bartholomew.token", "$emeka.token", "$connie.token", "$nerys.token"
TODAY, TOMORROW = "2043-04-06", "2043-04-07"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# Wynstone Poultry, new: registered, their register number, orders, a trade account, today's chicks out and invoiced
CID, OID, HID = "$register_customer.customer_id", "$place_order.order_id", "$take_off.hatch_id"
WYNSTONE = [sign_in("romilly"),
            ("register_customer", {"token": RT, "name": "Wynstone Poultry", "contact": "Ms Tegwen Ickford",
                                   "kind": "egg_farm", "address": "Wynstone Barn, Oddington OD4 6HW",
                                   "phone": "01632 963177", "email": "tegwen@wynstone-poultry.example",
                                   "holding_number": "43/310/0552"})]
W_UPDATE = WYNSTONE + [("update_customer", {"token": RT, "customer_id": CID, "phone": "07700 900891"})]
W_MESSAGE = WYNSTONE + [("message_customer", {"token": RT, "customer_id": CID, "subject": "Your account",
                                              "body": "Welcome to Greywether; your first chicks go out today."})]
W_TRADE = WYNSTONE + [sign_in("nerys"), ("approve_account", {"token": NT, "customer_id": CID, "terms_days": 30})]
W_REGISTERED = WYNSTONE + [("record_register_number", {"token": RT, "customer_id": CID,
                                                       "register_number": "32205719"})]
W_PULLETS = W_REGISTERED + [("price_list", {}),
                            ("place_order", {"token": RT, "customer_id": CID, "product_code": "$price_list.rows.1.0",
                                             "quantity": 300, "wanted_on": TOMORROW})]
W_DETAIL = W_PULLETS + [("order_detail", {"token": RT, "order_id": OID})]
W_CANCEL = W_PULLETS + [("cancel_order", {"token": RT, "order_id": OID,
                                          "reason": "Ms Ickford's new house will not be ready this week"})]
W_TODAY = W_REGISTERED + [("price_list", {}),
                          ("place_order", {"token": RT, "customer_id": CID, "product_code": "$price_list.rows.3.0",
                                           "quantity": 100, "wanted_on": TODAY}),
                          sign_in("nerys"), ("approve_account", {"token": NT, "customer_id": CID, "terms_days": 30}),
                          ("hatches", {"token": RT}),
                          ("allocate_order", {"token": RT, "order_id": OID, "hatch_id": "$hatches.0.hatch_id"}),
                          sign_in("connie"), ("transport_runs", {"token": CT, "date": TODAY}),
                          ("book_transport", {"token": CT, "order_id": OID, "run_id": "$transport_runs.0.0"}),
                          ("despatch_order", {"token": CT, "order_id": OID}),
                          ("invoice_order", {"token": NT, "order_id": OID}),
                          ("settle_invoice", {"token": NT, "invoice_id": "$invoice_order.invoice_id", "amount": 85.0,
                                              "method": "bank_transfer"})]

# Mr Tolley (CU-2105): 40 meat chicks today, paid, booked and despatched; two dead on arrival; his ducklings cancelled
TOLLEY = [sign_in("romilly"), ("find_customer", {"token": RT, "text": "Tolley"}), ("price_list", {}),
          ("place_order", {"token": RT, "customer_id": "$find_customer.0.customer_id",
                           "product_code": "$price_list.rows.3.0", "quantity": 40, "wanted_on": TODAY}),
          ("hatches", {"token": RT}),
          ("allocate_order", {"token": RT, "order_id": OID, "hatch_id": "$hatches.0.hatch_id"}),
          ("take_payment", {"token": RT, "order_id": OID, "amount": 34.0, "method": "card"}),
          sign_in("connie"), ("transport_runs", {"token": CT, "date": TODAY}),
          ("book_transport", {"token": CT, "order_id": OID, "run_id": "$transport_runs.1.0"}),
          ("despatch_order", {"token": CT, "order_id": OID}),
          ("record_doa", {"token": RT, "order_id": OID, "dead_on_arrival": 2, "reported_by": "phone"})]
TOLLEY_DUCKS = [sign_in("romilly"), ("orders", {"token": RT, "status": "placed"}),
                ("cancel_order", {"token": RT, "order_id": "$orders.2.order_id",
                                  "reason": "Mr Tolley has cancelled his ducklings"})]

# Heronsgate (OR-6601): booked on the North run, despatched, invoiced; their March invoice paid
HERONSGATE = [sign_in("connie"), ("orders", {"token": CT, "status": "allocated"}),
              ("transport_runs", {"token": CT, "date": TODAY}),
              ("book_transport", {"token": CT, "order_id": "$orders.0.order_id", "run_id": "$transport_runs.0.0"}),
              ("despatch_order", {"token": CT, "order_id": "$orders.0.order_id"}),
              sign_in("nerys"), ("invoice_order", {"token": NT, "order_id": "$orders.0.order_id"}),
              ("settle_invoice", {"token": NT, "invoice_id": "$invoice_order.invoice_id", "amount": 850.0,
                                  "method": "bank_transfer"})]
HERONSGATE_DETAIL = cut(HERONSGATE, "orders") + [("order_detail", {"token": CT, "order_id": "$orders.0.order_id"})]
MARCH_PAID = [sign_in("nerys"), ("invoices", {"token": NT, "status": "unpaid"}),
              ("settle_invoice", {"token": NT, "invoice_id": "$invoices.0.invoice_id", "amount": 1530.0,
                                  "method": "bank_transfer"})]
# Brackenfold (OR-6604, despatched yesterday): 12 dead on arrival
BRACKENFOLD = [sign_in("romilly"), ("orders", {"token": RT, "status": "despatched"}),
               ("record_doa", {"token": RT, "order_id": "$orders.0.order_id", "dead_on_arrival": 12,
                               "reported_by": "phone"})]

# the flocks and the egg store: the Hubbard flock sampled and its eggs set; House 2's eggs received and set
SAMPLED = [sign_in("emeka"), ("flocks", {"token": ET}),
           ("record_salmonella", {"token": ET, "flock_id": "$flocks.1.flock_id", "sampled_on": "2043-04-04",
                                  "result": "negative", "lab_ref": "APL-55190"}),
           sign_in("bartholomew"), ("egg_store", {"token": BT}), ("machines", {"token": BT, "kind": "setter"}),
           ("set_eggs", {"token": BT, "intake_id": "$egg_store.2.0", "setter": "$machines.0.0", "eggs": 1800})]
RECEIVED = [sign_in("bartholomew"), ("flocks", {"token": BT}),
            ("receive_eggs", {"token": BT, "flock_id": "$flocks.0.flock_id", "eggs": 2160, "laid_on": "2043-04-05"}),
            ("machines", {"token": BT, "kind": "setter"}),
            ("set_eggs", {"token": BT, "intake_id": "$receive_eggs.intake_id", "setter": "$machines.0.0",
                          "eggs": 2160})]

# incubation: the Hubbard setting of 19 March candled and moved; the late Hubbard setting of 15 March moved and
# taken off; the Lohmann Browns of 27 March candled
CANDLED = [sign_in("bartholomew"), ("settings", {"token": BT, "due": "candle"}),
           ("candle", {"token": BT, "setting_id": "$settings.0.setting_id", "clears": 300}),
           ("machines", {"token": BT, "kind": "hatcher"}),
           ("transfer_to_hatcher", {"token": BT, "setting_id": "$settings.0.setting_id", "hatcher": "$machines.1.0"})]
LATE = [sign_in("bartholomew"), ("settings", {"token": BT, "due": "transfer"}),
        ("machines", {"token": BT, "kind": "hatcher"}),
        ("transfer_to_hatcher", {"token": BT, "setting_id": "$settings.0.setting_id", "hatcher": "$machines.1.0"}),
        ("take_off", {"token": BT, "setting_id": "$settings.0.setting_id", "chicks": 1020, "culls": 30})]

# today's Lohmann Brown hatch (SE-5521): taken off, sexed, vaccinated, allocated to Mrs Vellacott and Ashlar
HATCH = [sign_in("bartholomew"), ("settings", {"token": BT, "due": "hatch"}),
         ("take_off", {"token": BT, "setting_id": "$settings.0.setting_id", "chicks": 2630, "culls": 40}),
         ("sex_chicks", {"token": BT, "hatch_id": HID, "females": 1310, "males": 1320}),
         sign_in("emeka"), ("vaccinate", {"token": ET, "hatch_id": HID, "vaccine": "rispens_injection",
                                          "batch": "RIS-0917"}),
         sign_in("romilly"), ("orders", {"token": RT, "status": "placed"}),
         ("allocate_order", {"token": RT, "order_id": "$orders.0.order_id", "hatch_id": HID})]
HATCH_PULLETS = cut(HATCH, "sex_chicks") + [sign_in("romilly"), ("orders", {"token": RT, "status": "placed"}),
                                            ("allocate_order", {"token": RT, "order_id": "$orders.1.order_id",
                                                                "hatch_id": HID})]
HATCH_LISTED = cut(HATCH, "take_off") + [("hatches", {"token": BT}),
                                         ("sex_chicks", {"token": BT, "hatch_id": "$hatches.1.hatch_id",
                                                         "females": 1310, "males": 1320}),
                                         sign_in("emeka"),
                                         ("vaccinate", {"token": ET, "hatch_id": "$hatches.1.hatch_id",
                                                        "vaccine": "rispens_injection", "batch": "RIS-0917"})]
HATCHABILITY = cut(HATCH, "take_off") + [("hatchability", {"token": BT, "hatch_id": HID})]
HATCHABILITY_LISTED = [sign_in("bartholomew"), ("hatches", {"token": BT}),
                       ("hatchability", {"token": BT, "hatch_id": "$hatches.0.hatch_id"})]

# customers: Mrs Vellacott's phone and a message; Ashlar's trade account; Mr Tolley's register number
VELLACOTT = [sign_in("romilly"), ("find_customer", {"token": RT, "text": "Vellacott"}),
             ("update_customer", {"token": RT, "customer_id": "$find_customer.0.customer_id",
                                  "phone": "07700 900866"})]
VELLACOTT_MESSAGE = [sign_in("romilly"), ("find_customer", {"token": RT, "text": "Vellacott"}),
                     ("message_customer", {"token": RT, "customer_id": "$find_customer.0.customer_id",
                                           "subject": "Your pullets",
                                           "body": "Your 20 vaccinated pullets are ready to go out tomorrow."})]
ASHLAR = [sign_in("nerys"), ("find_customer", {"token": NT, "text": "Ashlar"}),
          ("approve_account", {"token": NT, "customer_id": "$find_customer.0.customer_id", "terms_days": 30})]
TOLLEY_REGISTER = [sign_in("romilly"), ("find_customer", {"token": RT, "text": "Tolley"}),
                   ("record_register_number", {"token": RT, "customer_id": "$find_customer.0.customer_id",
                                               "register_number": "33418806"})]

_BODY = [
    # customers
    ("register_customer", "update_customer", W_UPDATE),
    ("find_customer", "update_customer", VELLACOTT),
    ("register_customer", "record_register_number", W_REGISTERED),
    ("find_customer", "record_register_number", TOLLEY_REGISTER),
    ("register_customer", "approve_account", W_TRADE),
    ("find_customer", "approve_account", ASHLAR),
    ("register_customer", "place_order", W_PULLETS),
    ("find_customer", "place_order", cut(TOLLEY, "place_order")),
    ("register_customer", "message_customer", W_MESSAGE),
    ("find_customer", "message_customer", VELLACOTT_MESSAGE),
    ("record_register_number", "place_order", W_PULLETS),
    ("price_list", "place_order", [("price_list", {})] + cut(TOLLEY, "find_customer")
     + cut(TOLLEY, "place_order")[3:]),
    # flocks, eggs and incubation
    ("flocks", "record_salmonella", cut(SAMPLED, "record_salmonella")),
    ("flocks", "receive_eggs", cut(RECEIVED, "receive_eggs")),
    ("receive_eggs", "set_eggs", RECEIVED),
    ("egg_store", "set_eggs", SAMPLED),
    ("machines", "set_eggs", RECEIVED),
    ("machines", "transfer_to_hatcher", CANDLED),
    ("record_salmonella", "set_eggs", SAMPLED),
    ("settings", "candle", cut(CANDLED, "candle")),
    ("settings", "transfer_to_hatcher", LATE[:-1]),
    ("settings", "take_off", cut(HATCH, "take_off")),
    ("candle", "transfer_to_hatcher", CANDLED),
    ("transfer_to_hatcher", "take_off", LATE),
    # hatches
    ("take_off", "sex_chicks", cut(HATCH, "sex_chicks")),
    ("hatches", "sex_chicks", cut(HATCH_LISTED, "sex_chicks")),
    ("take_off", "vaccinate", cut(HATCH, "vaccinate")),
    ("hatches", "vaccinate", HATCH_LISTED),
    ("take_off", "allocate_order", HATCH),
    ("hatches", "allocate_order", cut(TOLLEY, "allocate_order")),
    ("take_off", "hatchability", HATCHABILITY),
    ("hatches", "hatchability", HATCHABILITY_LISTED),
    ("sex_chicks", "allocate_order", HATCH_PULLETS),
    ("vaccinate", "allocate_order", HATCH),
    # orders
    ("place_order", "order_detail", W_DETAIL),
    ("orders", "order_detail", HERONSGATE_DETAIL),
    ("place_order", "allocate_order", cut(TOLLEY, "allocate_order")),
    ("orders", "allocate_order", HATCH),
    ("place_order", "take_payment", cut(TOLLEY, "take_payment")),
    ("orders", "take_payment", cut(HATCH, "allocate_order") + [("take_payment", {"token": RT,
                                                                                 "order_id": "$orders.0.order_id",
                                                                                 "amount": 49.0,
                                                                                 "method": "card"})]),
    ("place_order", "book_transport", cut(TOLLEY, "book_transport")),
    ("orders", "book_transport", cut(HERONSGATE, "book_transport")),
    ("place_order", "despatch_order", cut(TOLLEY, "despatch_order")),
    ("orders", "despatch_order", cut(HERONSGATE, "despatch_order")),
    ("place_order", "record_doa", TOLLEY),
    ("orders", "record_doa", BRACKENFOLD),
    ("place_order", "cancel_order", W_CANCEL),
    ("orders", "cancel_order", TOLLEY_DUCKS),
    ("place_order", "invoice_order", cut(W_TODAY, "invoice_order")),
    ("orders", "invoice_order", cut(HERONSGATE, "invoice_order")),
    ("transport_runs", "book_transport", cut(TOLLEY, "book_transport")),
    ("allocate_order", "book_transport", cut(TOLLEY, "book_transport")),
    ("book_transport", "despatch_order", cut(HERONSGATE, "despatch_order")),
    ("take_payment", "despatch_order", cut(TOLLEY, "despatch_order")),
    ("approve_account", "despatch_order", cut(W_TODAY, "despatch_order")),
    ("despatch_order", "record_doa", TOLLEY),
    ("despatch_order", "invoice_order", cut(HERONSGATE, "invoice_order")),
    # invoices
    ("invoice_order", "settle_invoice", HERONSGATE),
    ("invoices", "settle_invoice", MARCH_PAID),
]

_OWN = {"sign_out": [sign_in("ottilie"), ("sign_out", {"token": "$ottilie.token"})]}


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
    # the machines read before Heronsgate's chicks are booked on the North run
    ("machines", cut(HERONSGATE, "transport_runs") + [("machines", {"token": CT})]
     + cut(HERONSGATE, "book_transport")[-1:]),
    # Mrs Vellacott messaged before the Hubbard setting is candled
    ("message_customer", cut(CANDLED, "settings") + VELLACOTT_MESSAGE + cut(CANDLED, "candle")[-1:]),
    # the flocks read before today's hatch is sexed
    ("flocks", cut(HATCH, "take_off") + [("flocks", {"token": BT})] + cut(HATCH, "sex_chicks")[-1:]),
    # the egg store read before Mr Tolley's chicks are paid for
    ("egg_store", cut(TOLLEY, "allocate_order") + [("egg_store", {"token": RT})] + cut(TOLLEY, "take_payment")[-1:]),
    # Mrs Vellacott's phone number changed before Heronsgate's chicks go out
    ("update_customer", cut(HERONSGATE, "book_transport") + VELLACOTT + cut(HERONSGATE, "despatch_order")[-1:]),
    # the unpaid invoices read before the Hubbard eggs are set
    ("invoices", SAMPLED[:-1] + [("invoices", {"token": BT})] + SAMPLED[-1:]),
    # a hatch's hatchability read before Mr Tolley's order is allocated
    ("hatchability", cut(TOLLEY, "hatches") + [("hatchability", {"token": RT, "hatch_id": "$hatches.0.hatch_id"})]
     + cut(TOLLEY, "allocate_order")[-1:]),
    # the van runs read before Ashlar's trade account is approved
    ("transport_runs", cut(ASHLAR, "find_customer") + [("transport_runs", {"token": NT, "date": TODAY})]
     + ASHLAR[-1:]),
]
