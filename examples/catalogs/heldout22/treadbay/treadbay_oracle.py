"""Scripted proofs that Treadbay's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools, converts the
pydantic replies to JSON and records the raised built-in exceptions as errors).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign in
by first name (``("sign_in", {...}, "kerry")``) and pass ``"$kerry.token"``; the replies are read by
key (``"$open_job.job_id"``, ``"$list_jobs.0.job_id"``, ``"$find_vehicle.stored_sets.0.storage_id"``,
``"$job_card.lines.0.line_id"``, ``"$tyre_catalogue.1.sku"``, ``"$service_menu.3.code"``,
``"$bay_board.3.bay"``, ``"$list_technicians.2.technician_id"``). Every id is read from a reply; none is
written literally. The service menu is ordered by code (ALIGN-4W, BALANCE, EMISSIONS, EXH-LAB,
PUNCTURE, SEASON-SWAP, TPMS-KIT), the bays B1-B4, the technicians T-01 (on holiday), T-02, T-03, and
the summer 205/55 R16 tyres by SKU (Continental, Michelin, Nexen).

The day's work: Marek Nowak, a walk-in, registered with his Skoda, a job opened for a back box and two
rear tyres, priced, approved, put on the alignment ramp with Priya, started, inspected, torqued, a
blowing front-pipe gasket found and approved, completed, discounted, invoiced, paid and released (on
other paths his winter set stored and taken back, an alignment added and taken off, a centre silencer
ordered, his job cancelled); Janet Cole's open job priced with two budget tyres, approved, put in bay 1
with Dale, started, inspected, torqued, completed, discounted, invoiced, paid, texted and released (on
other paths a dearer tyre added and taken off, a back box priced, the invoice voided, the job
cancelled); Wisbech Fresh Produce's Transit finished after a puncture was found and approved, invoiced,
charged to their account and released, and a new van added to their fleet; their Transporter's van
tyres ordered, delivered and fitted; Arjun Mehta's mobile added, texted, his Astra's invoice paid (or
voided) and the car released; Bernadette Quigley's summer set taken out of the tyre hotel, her winters
stored and a seasonal swap priced.
"""

import treadbay_tools as tools

WHO = {"kerry": ("kerry.w", "Valve-Cap-2291"), "dale": ("dale.h", "Torque-Wrench-110"),
       "priya": ("priya.s", "Wheel-Nut-57"), "gary": ("gary.f", "Bead-Breaker-8")}
KE, DA, PR, GA = "$kerry.token", "$dale.token", "$priya.token", "$gary.token"
SUMMER_16 = ("tyre_catalogue", {"size": "205/55 R16", "season": "summer"})
VAN_16 = ("tyre_catalogue", {"size": "215/65 R16 C"})
MENU = ("service_menu", {})


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def logins(*who: str) -> list:
    return [login(w) for w in who]


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


M_CUST, M_VEH, M_JOB = "$register_customer.customer_id", "$add_vehicle.vehicle_id", "$open_job.job_id"
MAREK_START = [
    ("register_customer", {"token": KE, "name": "Marek Nowak", "phone": "07700 900377",
                           "email": "marek.nowak@mail.example", "postcode": "PE14 7QJ"}),
    ("update_customer", {"token": KE, "customer_id": M_CUST, "email": "marek@nowak-joinery.example"}),
    ("add_vehicle", {"token": KE, "customer_id": M_CUST, "registration": "GX19 MNK", "make": "Skoda",
                     "model": "Octavia", "year": 2019, "tyre_size": "205/55 R16"}),
]
M_OPEN = ("open_job", {"token": KE, "vehicle_id": M_VEH, "mileage": 48210,
                       "concern": "Exhaust blowing at the back; both rear tyres worn"})


def marek(upto: str) -> list:
    """Marek Nowak walks in with his Skoda: back box and two rear tyres, a gasket found on the ramp."""
    return cut([
        *logins("kerry", "priya", "gary"),
        MENU, SUMMER_16,
        *MAREK_START,
        M_OPEN,
        ("exhaust_parts", {"token": KE, "vehicle_id": M_VEH}),
        ("add_tyre_line", {"token": KE, "job_id": M_JOB, "sku": "$tyre_catalogue.1.sku", "positions": ["NSR", "OSR"]}),
        ("add_part_line", {"token": KE, "job_id": M_JOB, "part_number": "$exhaust_parts.0.part_number"}),
        ("add_service_line", {"token": KE, "job_id": M_JOB, "service_code": "$service_menu.3.code"}),
        ("estimate_job", {"token": KE, "job_id": M_JOB}),
        ("record_approval", {"token": KE, "job_id": M_JOB, "approved_by": "Marek Nowak", "method": "in_person"}),
        ("bay_board", {"token": KE}),
        ("assign_bay", {"token": KE, "job_id": M_JOB, "bay": "$bay_board.3.bay"}),
        ("list_technicians", {"token": KE}),
        ("assign_technician", {"token": KE, "job_id": M_JOB, "technician_id": "$list_technicians.2.technician_id"}),
        ("start_job", {"token": PR, "job_id": M_JOB}),
        ("record_inspection", {"token": PR, "job_id": M_JOB, "position": "NSF", "tread_mm": 4.2, "pressure_psi": 31}),
        ("record_torque", {"token": PR, "job_id": M_JOB, "torque_nm": 120}),
        ("report_finding", {"token": PR, "job_id": M_JOB, "finding": "Front pipe gasket blowing at the manifold joint",
                            "code": "$exhaust_parts.2.part_number"}),
        ("record_approval", {"token": KE, "job_id": M_JOB, "approved_by": "Marek Nowak", "method": "phone"}, "extra"),
        ("send_text", {"token": KE, "job_id": M_JOB,
                       "message": "Fenland Tyre & Exhaust: your Octavia is nearly done; ready by 4pm."}),
        ("complete_job", {"token": PR, "job_id": M_JOB,
                          "notes": "Back box, front pipe gasket and two rear tyres fitted; nuts torqued to 120 Nm"}),
        ("apply_discount", {"token": GA, "job_id": M_JOB, "percent": 10, "reason": "Goodwill: waited two hours"}),
        ("invoice_job", {"token": KE, "job_id": M_JOB}),
        ("take_payment", {"token": KE, "invoice_id": "$invoice_job.invoice_id", "amount": "$invoice_job.total",
                          "method": "card"}),
        ("release_vehicle", {"token": KE, "job_id": M_JOB, "collected_by": "Marek Nowak"}),
    ], upto)


MAREK_CARD = [*logins("kerry"), *MAREK_START, M_OPEN, ("job_card", {"token": KE, "job_id": M_JOB})]
MAREK_CANCEL = [*logins("kerry"), *MAREK_START, M_OPEN,
                ("cancel_job", {"token": KE, "job_id": M_JOB, "reason": "Customer could not wait; will come back Monday"})]
MAREK_ALIGN = [*logins("kerry"), MENU, *MAREK_START, M_OPEN,
               ("add_service_line", {"token": KE, "job_id": M_JOB, "service_code": "$service_menu.0.code"}),
               ("remove_line", {"token": KE, "line_id": "$add_service_line.line_id"})]
MAREK_ORDER = [*logins("kerry"), *MAREK_START, ("exhaust_parts", {"token": KE, "vehicle_id": M_VEH}),
               ("order_stock", {"token": KE, "code": "$exhaust_parts.1.part_number", "quantity": 1,
                                "supplier": "euro_exhaust"})]
MAREK_STORE = [*logins("kerry"), *MAREK_START,
               ("store_tyres", {"token": KE, "vehicle_id": M_VEH, "season": "winter", "tread_mm": 5.5}),
               ("retrieve_tyres", {"token": KE, "storage_id": "$store_tyres.storage_id"})]

J_JOB = "$list_jobs.0.job_id"
OPEN_JOBS = ("list_jobs", {"token": KE, "status": "open"})


def janet(upto: str) -> list:
    """Janet Cole's open job: the cheapest summer tyres on the front of her Focus."""
    return cut([
        *logins("kerry", "dale", "gary"),
        SUMMER_16,
        OPEN_JOBS,
        ("job_card", {"token": KE, "job_id": J_JOB}),
        ("add_tyre_line", {"token": KE, "job_id": J_JOB, "sku": "$tyre_catalogue.2.sku", "positions": ["NSF", "OSF"]}),
        ("estimate_job", {"token": KE, "job_id": J_JOB}),
        ("record_approval", {"token": KE, "job_id": J_JOB, "approved_by": "Janet Cole", "method": "phone"}),
        ("bay_board", {"token": KE}),
        ("assign_bay", {"token": KE, "job_id": J_JOB, "bay": "$bay_board.0.bay"}),
        ("list_technicians", {"token": KE}),
        ("assign_technician", {"token": KE, "job_id": J_JOB, "technician_id": "$list_technicians.1.technician_id"}),
        ("start_job", {"token": DA, "job_id": J_JOB}),
        ("record_inspection", {"token": DA, "job_id": J_JOB, "position": "NSR", "tread_mm": 2.4, "pressure_psi": 30}),
        ("record_torque", {"token": DA, "job_id": J_JOB, "torque_nm": 135}),
        ("complete_job", {"token": DA, "job_id": J_JOB,
                          "notes": "Two Nexen fitted to the front; rears at 2.4 mm, advised to replace soon"}),
        ("apply_discount", {"token": GA, "job_id": J_JOB, "percent": 5, "reason": "Customer since 2012"}),
        ("invoice_job", {"token": KE, "job_id": J_JOB}),
        ("take_payment", {"token": KE, "invoice_id": "$invoice_job.invoice_id", "amount": "$invoice_job.total",
                          "method": "card"}),
        ("send_text", {"token": KE, "job_id": J_JOB, "message": "Your Focus is ready to collect. Fenland Tyre & Exhaust"}),
        ("release_vehicle", {"token": KE, "job_id": J_JOB, "collected_by": "Janet Cole"}),
    ], upto)


JANET_SWAP = [*logins("kerry"), SUMMER_16, OPEN_JOBS,
              ("add_tyre_line", {"token": KE, "job_id": J_JOB, "sku": "$tyre_catalogue.0.sku",
                                 "positions": ["NSF", "OSF"]}),
              ("remove_line", {"token": KE, "line_id": "$add_tyre_line.line_id"})]
JANET_CARD = [*JANET_SWAP[:-1], ("job_card", {"token": KE, "job_id": J_JOB}),
              ("remove_line", {"token": KE, "line_id": "$job_card.lines.0.line_id"})]
JANET_PART = [*logins("kerry"), OPEN_JOBS, ("find_vehicle", {"token": KE, "registration": "AK17 FGH"}),
              ("exhaust_parts", {"token": KE, "vehicle_id": "$find_vehicle.vehicle_id"}),
              ("add_part_line", {"token": KE, "job_id": J_JOB, "part_number": "$exhaust_parts.0.part_number"}),
              ("estimate_job", {"token": KE, "job_id": J_JOB})]
JANET_PART_OFF = [*JANET_PART[:-1], ("remove_line", {"token": KE, "line_id": "$add_part_line.line_id"})]
JANET_CANCEL = [*logins("kerry"), OPEN_JOBS,
                ("cancel_job", {"token": KE, "job_id": J_JOB, "reason": "Mrs Cole had the tyres done by her son-in-law"})]
JANET_VOID = [*janet("invoice_job"), ("void_invoice", {"token": GA, "invoice_id": "$invoice_job.invoice_id",
                                                       "reason": "Raised before the discount was agreed"})]

W_JOB = "$list_jobs.0.job_id"


def wisbech(upto: str) -> list:
    """Wisbech Fresh Produce's Transit on the ramp: a puncture found, approved, finished, charged to account."""
    return cut([
        *logins("kerry", "priya"),
        MENU,
        ("list_jobs", {"token": KE, "status": "in_progress"}),
        ("report_finding", {"token": PR, "job_id": W_JOB, "finding": "Screw in the nearside rear tread; slow puncture",
                            "code": "$service_menu.4.code"}),
        ("record_approval", {"token": KE, "job_id": W_JOB, "approved_by": "Tom Bellamy", "method": "phone"}),
        ("complete_job", {"token": PR, "job_id": W_JOB, "notes": "Rear silencer fitted, puncture plugged"}),
        ("invoice_job", {"token": KE, "job_id": W_JOB}),
        ("charge_to_account", {"token": KE, "invoice_id": "$invoice_job.invoice_id", "order_number": "WFP-4471"}),
        ("release_vehicle", {"token": KE, "job_id": W_JOB, "collected_by": "Tom Bellamy"}),
    ], upto)


WISBECH_CARD = [*wisbech("invoice_job"), ("job_card", {"token": KE, "job_id": W_JOB}),
                ("charge_to_account", {"token": KE, "invoice_id": "$job_card.invoice_id", "order_number": "WFP-4471"})]
WISBECH_NEW_VAN = [*logins("kerry"), ("find_customer", {"token": KE, "query": "Wisbech Fresh"}),
                   ("add_vehicle", {"token": KE, "customer_id": "$find_customer.0.customer_id",
                                    "registration": "WF24 FRS", "make": "Ford", "model": "Transit Custom", "year": 2024,
                                    "tyre_size": "215/65 R16 C"})]
TRANSPORTER = [
    *logins("kerry", "dale"),
    VAN_16,
    ("list_jobs", {"token": KE, "status": "approved"}),
    ("order_stock", {"token": KE, "code": "$tyre_catalogue.0.sku", "quantity": 2, "supplier": "bond_tyres"}),
    ("receive_delivery", {"token": KE, "po_number": "$order_stock.po_number", "quantity": 2}),
    ("bay_board", {"token": KE}),
    ("assign_bay", {"token": KE, "job_id": "$list_jobs.0.job_id", "bay": "$bay_board.1.bay"}),
    ("list_technicians", {"token": KE}),
    ("assign_technician", {"token": KE, "job_id": "$list_jobs.0.job_id",
                           "technician_id": "$list_technicians.1.technician_id"}),
    ("start_job", {"token": DA, "job_id": "$list_jobs.0.job_id"}),
]

ARJUN_TEXT = [*logins("kerry"), ("find_customer", {"token": KE, "query": "Mehta"}),
              ("update_customer", {"token": KE, "customer_id": "$find_customer.0.customer_id", "phone": "07700 900188"}),
              ("list_jobs", {"token": KE, "status": "invoiced"}),
              ("send_text", {"token": KE, "job_id": "$list_jobs.0.job_id",
                             "message": "Your Astra is ready to collect; we close at 5:30. Fenland Tyre & Exhaust"})]
ARJUN_PAY = [*logins("kerry"), ("list_jobs", {"token": KE, "status": "invoiced"}),
             ("job_card", {"token": KE, "job_id": "$list_jobs.0.job_id"}),
             ("take_payment", {"token": KE, "invoice_id": "$job_card.invoice_id", "amount": "$job_card.total",
                               "method": "cash"}),
             ("release_vehicle", {"token": KE, "job_id": "$list_jobs.0.job_id", "collected_by": "Arjun Mehta"})]
ARJUN_VOID = [*logins("gary"), ("list_jobs", {"token": GA, "status": "invoiced"}),
              ("job_card", {"token": GA, "job_id": "$list_jobs.0.job_id"}),
              ("void_invoice", {"token": GA, "invoice_id": "$job_card.invoice_id",
                                "reason": "Labour charged twice; to be reissued"})]

B_VEH = "$find_vehicle.vehicle_id"
BERNADETTE = [*logins("kerry"), MENU, ("find_vehicle", {"token": KE, "registration": "FN15WZR"}),
              ("retrieve_tyres", {"token": KE, "storage_id": "$find_vehicle.stored_sets.0.storage_id"}),
              ("store_tyres", {"token": KE, "vehicle_id": B_VEH, "season": "winter", "tread_mm": 5.1}),
              ("open_job", {"token": KE, "vehicle_id": B_VEH, "mileage": 44120,
                            "concern": "Summer tyres back on from the tyre hotel; winters into store"}),
              ("add_service_line", {"token": KE, "job_id": "$open_job.job_id", "service_code": "$service_menu.5.code"}),
              ("estimate_job", {"token": KE, "job_id": "$open_job.job_id"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# customers and vehicles
_add("register_customer", "update_customer", marek("update_customer"))
_add("find_customer", "update_customer", cut(ARJUN_TEXT, "update_customer"))
_add("register_customer", "add_vehicle", marek("add_vehicle"))
_add("find_customer", "add_vehicle", WISBECH_NEW_VAN)
_add("add_vehicle", "open_job", marek("open_job"))
_add("find_vehicle", "open_job", cut(BERNADETTE, "open_job"))
_add("add_vehicle", "exhaust_parts", marek("exhaust_parts"))
_add("find_vehicle", "exhaust_parts", cut(JANET_PART, "exhaust_parts"))
_add("add_vehicle", "store_tyres", cut(MAREK_STORE, "store_tyres"))
_add("find_vehicle", "store_tyres", cut(BERNADETTE, "store_tyres"))

# job cards
_OPENED = {"job_card": MAREK_CARD, "cancel_job": MAREK_CANCEL}
_LISTED = {"job_card": janet("job_card"), "report_finding": wisbech("report_finding"), "cancel_job": JANET_CANCEL,
           "add_service_line": None, "add_part_line": cut(JANET_PART, "add_part_line")}
for _c in tools.JOB_CONSUMERS:
    _add("open_job", _c, _OPENED.get(_c) or marek(_c))
    if _c == "add_service_line":
        continue
    _add("list_jobs", _c, _LISTED.get(_c) or janet(_c))
_add("list_jobs", "add_service_line",
     [*logins("kerry"), MENU, OPEN_JOBS,
      ("add_service_line", {"token": KE, "job_id": J_JOB, "service_code": "$service_menu.1.code", "quantity": 2})])

# invoices
_add("invoice_job", "take_payment", janet("take_payment"))
_add("job_card", "take_payment", cut(ARJUN_PAY, "take_payment"))
_add("invoice_job", "charge_to_account", wisbech("charge_to_account"))
_add("job_card", "charge_to_account", WISBECH_CARD)
_add("invoice_job", "void_invoice", JANET_VOID)
_add("job_card", "void_invoice", ARJUN_VOID)

# other ids
_add("add_tyre_line", "remove_line", JANET_SWAP)
_add("add_service_line", "remove_line", MAREK_ALIGN)
_add("add_part_line", "remove_line", JANET_PART_OFF)
_add("job_card", "remove_line", JANET_CARD)
_add("store_tyres", "retrieve_tyres", MAREK_STORE)
_add("find_vehicle", "retrieve_tyres", cut(BERNADETTE, "retrieve_tyres"))
_add("order_stock", "receive_delivery", cut(TRANSPORTER, "receive_delivery"))
_add("list_technicians", "assign_technician", janet("assign_technician"))

# vocabularies
_add("tyre_catalogue", "add_tyre_line", janet("add_tyre_line"))
_add("service_menu", "add_service_line", marek("add_service_line"))
_add("exhaust_parts", "add_part_line", marek("add_part_line"))
_add("bay_board", "assign_bay", janet("assign_bay"))
_add("tyre_catalogue", "order_stock", cut(TRANSPORTER, "order_stock"))
_add("exhaust_parts", "order_stock", MAREK_ORDER)
_add("service_menu", "report_finding", wisbech("report_finding"))
_add("exhaust_parts", "report_finding", marek("report_finding"))

# states
_add("add_tyre_line", "estimate_job", janet("estimate_job"))
_add("add_service_line", "estimate_job", BERNADETTE)
_add("add_part_line", "estimate_job", JANET_PART)
_add("estimate_job", "record_approval", janet("record_approval"))
_add("report_finding", "record_approval", wisbech("record_approval"))
_add("record_approval", "start_job", janet("start_job"))
_add("assign_bay", "start_job", janet("start_job"))
_add("assign_technician", "start_job", janet("start_job"))
_add("receive_delivery", "start_job", TRANSPORTER)
_add("start_job", "record_inspection", janet("record_inspection"))
_add("start_job", "record_torque", janet("record_torque"))
_add("start_job", "report_finding", marek("report_finding"))
_add("start_job", "complete_job", janet("complete_job"))
_add("record_torque", "complete_job", janet("complete_job"))
_add("complete_job", "invoice_job", janet("invoice_job"))
_add("take_payment", "release_vehicle", janet("release_vehicle"))
_add("charge_to_account", "release_vehicle", wisbech("release_vehicle"))
_add("update_customer", "send_text", ARJUN_TEXT)

_OWN = {"sign_out": [login("kerry"), ("sign_out", {"token": KE})],
        "stock_check": [login("kerry"), SUMMER_16, ("stock_check", {"token": KE, "code": "$tyre_catalogue.1.sku"})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("tyre_catalogue", [SUMMER_16, *cut(ARJUN_TEXT, "update_customer")]),
    ("service_menu", [MENU, *janet("add_tyre_line")]),
    ("job_card", janet("estimate_job")),
    ("bay_board", [*logins("priya"), ("list_jobs", {"token": PR, "status": "in_progress"}), ("bay_board", {"token": PR}),
                   ("complete_job", {"token": PR, "job_id": W_JOB, "notes": "Rear silencer fitted"})]),
    ("stock_check", [*janet("assign_technician"), ("stock_check", {"token": KE, "code": "$tyre_catalogue.2.sku"}),
                     ("start_job", {"token": DA, "job_id": J_JOB})]),
    ("store_tyres", cut(BERNADETTE, "open_job")),
    ("list_technicians", [*logins("kerry"), ("list_technicians", {"token": KE}), *cut(ARJUN_PAY, "take_payment")[1:]]),
]
