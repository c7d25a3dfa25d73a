"""Scripted proofs that Crownworks' designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records a raised built-in exception
as an error).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("sign_in", {...}, "kate")``) and pass ``"$kate.token"``; dataclass replies are
read by field once the runtime has converted them (``"$open_case.case_id"``,
``"$find_practice.0.dentists.0.dentist_id"``, ``"$get_case.designs.0.design_id"``,
``"$practice_statement.invoices.0.0"``), the courier's bare list by position (``"$courier_slots.1"``).
Every id is read from a reply; none is written literally.

The day's work: Dr Mensah's e.max crown for patient CS-6114 at Castle Street Dental opened from the
post tray, its scan attached, designed, approved, pressed, inspected, certified, couriered, invoiced
and paid (and, on another path, sent back for a remake); the same run on Harbour Dental's waiting case
CW-24088 picked from the case list; Redland Smiles' night guard from a physical impression; Clifton
Village Dental registered with Dr Sofia Marsh; Harbour Dental's open invoice paid from its statement.
"""

import crownworks_tools as tools

WHO = {"kate": ("kate.morrow", "Porcelain-41"), "dan": ("dan.osei", "Zirconia-77"),
       "priya": ("priya.shah", "Margin-2290"), "li": ("li.wen", "Ledger-5813")}
K, D, P, L = "$kate.token", "$dan.token", "$priya.token", "$li.token"
ALL_CHECKS = ["margins", "contacts", "occlusion", "shade", "finish"]
NEW = {"name": "Clifton Village Dental", "address": "12 Princess Victoria Street, Bristol BS8 4BP",
       "phone": "0117 496 2231", "email": "practice@cliftonvillage.example"}


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def logins(*who: str) -> list:
    return [login(w) for w in who]


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def source(src: str) -> tuple[list, str]:
    """Where the case comes from: a new case opened for Castle Street ("open"), or Harbour Dental's
    waiting case picked from the list of received cases ("list")."""
    if src == "open":
        return [("find_practice", {"token": K, "name": "Castle Street"}),
                ("open_case", {"token": K, "practice_id": "$find_practice.0.practice_id",
                               "dentist_id": "$find_practice.0.dentists.0.dentist_id", "patient_ref": "CS-6114",
                               "due_date": "2029-03-16", "notes": "e.max crown UL1, shade A2, scan sent today"})], \
            "$open_case.case_id"
    return [("list_cases", {"token": K, "stage": "received"})], "$list_cases.0.case_id"


def digital(src: str = "open", design_ref: str = "create") -> list:
    """The whole run of a case from its scan to payment."""
    steps, case = source(src)
    if src == "open":
        item = {"product_code": "$price_list.1.code", "teeth": ["21"], "shade": "A2"}
        scans, material, method, amount = {"practice_id": "$find_practice.0.practice_id"}, "lithium_disilicate", \
            "press", 120.0
        scan = "$list_scan_inbox.0.scan_id"
    else:
        item = {"product_code": "$price_list.0.code", "teeth": ["37"], "shade": "A2"}
        scans, material, method, amount = {}, "zirconia", "mill", 190.0
        scan = "$list_scan_inbox.1.scan_id"
    design = "$create_design.design_id"
    body = [("price_list", {}), *logins("kate", "dan", "priya", "li"), *steps,
            ("add_item", {"token": K, "case_id": case, **item}),
            ("list_scan_inbox", {"token": K, **scans}),
            ("attach_scan", {"token": K, "case_id": case, "scan_id": scan}),
            ("list_technicians", {"token": P, "skill": "ceramics"}),
            ("assign_technician", {"token": P, "case_id": case, "technician_id": "$list_technicians.0.technician_id"}),
            ("create_design", {"token": D, "case_id": case, "notes": "Slightly open contact to the lateral"})]
    send = ("send_design_for_approval", {"token": D, "design_id": design,
                                         "message": "Design attached for approval; please reply today if possible"})
    decide = ("record_design_decision", {"token": K, "design_id": design, "approved": True,
                                         "dentist_comments": "Approved by phone, happy with the contour"})
    if design_ref == "get_send":
        body += [("get_case", {"token": D, "case_id": case}),
                 (send[0], dict(send[1], design_id="$get_case.designs.0.design_id")), decide]
    elif design_ref == "get_decide":
        body += [send, ("get_case", {"token": K, "case_id": case}),
                 (decide[0], dict(decide[1], design_id="$get_case.designs.0.design_id"))]
    else:
        body += [send, decide]
    return body + [
        ("list_material_lots", {"token": D, "material": material}),
        ("start_manufacture", {"token": D, "case_id": case, "method": method, "lot": "$list_material_lots.0.lot"}),
        ("finish_case", {"token": D, "case_id": case, "notes": "Glazed and fitted to the model"}),
        ("qc_inspect", {"token": P, "case_id": case, "passed": ALL_CHECKS}),
        ("issue_declaration", {"token": P, "case_id": case}),
        ("courier_slots", {"token": K, "day": "2029-03-15"}),
        ("book_courier", {"token": K, "case_id": case, "day": "2029-03-15", "slot": "$courier_slots.1"}),
        ("raise_invoice", {"token": L, "case_id": case}),
        ("record_payment", {"token": L, "invoice_id": "$raise_invoice.invoice_id", "amount": amount,
                            "method": "bacs"}),
    ]


def remake(src: str) -> list:
    steps = cut(digital(src), "book_courier")
    case = "$open_case.case_id" if src == "open" else "$list_cases.0.case_id"
    return steps + [("request_remake", {"token": K, "case_id": case, "reason_code": "shade",
                                        "notes": "Crown too bright against the adjacent teeth"})]


def impression(src: str) -> list:
    """A night guard made from a physical impression: Redland Smiles' new case ("open"), or Harbour
    Dental's waiting case with its impression arriving ("list")."""
    if src == "open":
        steps = [("price_list", {}), *logins("kate", "dan", "priya"),
                 ("find_practice", {"token": K, "name": "Redland"}),
                 ("open_case", {"token": K, "practice_id": "$find_practice.0.practice_id",
                                "dentist_id": "$find_practice.0.dentists.0.dentist_id", "patient_ref": "RS-0790",
                                "due_date": "2029-03-20", "notes": "Hard night guard, lower"}),
                 ("add_item", {"token": K, "case_id": "$open_case.case_id", "product_code": "$price_list.6.code",
                               "teeth": []})]
        case = "$open_case.case_id"
    else:
        steps = [*logins("kate", "dan", "priya"), ("list_cases", {"token": K, "stage": "received"})]
        case = "$list_cases.0.case_id"
    return steps + [
        ("book_in_impression", {"token": K, "case_id": case, "arch": "lower", "disinfected": True,
                                "bite_registration": True}),
        ("pour_models", {"token": D, "case_id": case, "stone": "type4"}),
        ("list_technicians", {"token": P, "skill": "cad"}),
        ("assign_technician", {"token": P, "case_id": case, "technician_id": "$list_technicians.1.technician_id"}),
        ("create_design", {"token": D, "case_id": case}),
    ]


def admin(src: str, consumer: str) -> list:
    steps, case = source(src)
    steps = [*logins("kate"), *steps]
    calls = {
        "get_case": [("get_case", {"token": K, "case_id": case})],
        "put_on_hold": [("put_on_hold", {"token": K, "case_id": case,
                                         "reason": "Prescription unsigned; asked the practice to re-send"})],
        "release_hold": [("put_on_hold", {"token": K, "case_id": case, "reason": "Shade query with the dentist"}),
                         ("release_hold", {"token": K, "case_id": case})],
        "change_due_date": [("change_due_date", {"token": K, "case_id": case, "due_date": "2029-03-22",
                                                 "reason": "Patient's fit appointment moved to the 23rd"})],
        "cancel_case": [("cancel_case", {"token": K, "case_id": case, "reason": "Patient chose an implant instead"})],
    }
    return steps + calls[consumer]


def _case_path(src: str, consumer: str) -> list:
    if consumer in ("get_case", "put_on_hold", "release_hold", "change_due_date", "cancel_case"):
        return admin(src, consumer)
    if consumer in ("book_in_impression", "pour_models"):
        return cut(impression(src), consumer)
    if consumer == "request_remake":
        return remake(src)
    return cut(digital(src), consumer)


def new_practice(consumer: str, via: str) -> list:
    """Clifton Village Dental registered ("register"), or Castle Street / Harbour found ("find")."""
    if via == "register":
        steps = [*logins("kate", "li"), ("register_practice", {"token": K, **NEW})]
        pid = "$register_practice.practice_id"
    else:
        steps = [*logins("kate", "li"), ("find_practice", {"token": K, "name": "Harbour"})]
        pid = "$find_practice.0.practice_id"
    calls = {
        "add_dentist": [("add_dentist", {"token": K, "practice_id": pid, "name": "Dr Sofia Marsh",
                                         "gdc_number": "281907"})],
        "open_case": [("add_dentist", {"token": K, "practice_id": pid, "name": "Dr Sofia Marsh",
                                       "gdc_number": "281907"}),
                      ("open_case", {"token": K, "practice_id": pid, "dentist_id": "$add_dentist.dentist_id",
                                     "patient_ref": "CV-0001", "due_date": "2029-03-21"})],
        "practice_statement": [("practice_statement", {"token": L, "practice_id": pid})],
        "message_practice": [("message_practice", {"token": K, "practice_id": pid, "subject": "Welcome to Crownworks",
                                                   "body": "Your account is open; our price list is attached."})],
    }
    return steps + calls[consumer]


STATEMENT = [*logins("li"), ("find_practice", {"token": L, "name": "Harbour"}),
             ("practice_statement", {"token": L, "practice_id": "$find_practice.0.practice_id", "month": "2029-03"}),
             ("record_payment", {"token": L, "invoice_id": "$practice_statement.invoices.0.0", "amount": 85.0,
                                 "method": "cheque"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


for _c in tools.CASE_CONSUMERS:
    _add("open_case", _c, _case_path("open", _c))
    _add("list_cases", _c, _case_path("list", _c))
for _c in tools.PRACTICE_CONSUMERS:
    _add("register_practice", _c, new_practice(_c, "register"))
    _add("find_practice", _c, cut(digital(), "open_case") if _c == "open_case" else
         (STATEMENT[:-1] if _c == "practice_statement" else new_practice(_c, "find")))
_add("add_dentist", "open_case", new_practice("open_case", "register"))
_add("add_item", "remove_item", [("price_list", {}), *logins("kate"), ("list_cases", {"token": K, "stage": "received"}),
                                 ("add_item", {"token": K, "case_id": "$list_cases.0.case_id",
                                               "product_code": "$price_list.5.code", "teeth": ["36"], "shade": "A2"}),
                                 ("remove_item", {"token": K, "item_id": "$add_item.item_id"})])
_add("get_case", "remove_item", [*logins("kate"), ("list_cases", {"token": K, "stage": "received"}),
                                 ("get_case", {"token": K, "case_id": "$list_cases.0.case_id"}),
                                 ("remove_item", {"token": K, "item_id": "$get_case.items.0.item_id"})])
_add("list_scan_inbox", "attach_scan", cut(digital(), "attach_scan"))
_add("list_technicians", "assign_technician", cut(digital(), "assign_technician"))
_add("create_design", "send_design_for_approval", cut(digital(), "send_design_for_approval"))
_add("get_case", "send_design_for_approval", cut(digital("open", "get_send"), "send_design_for_approval"))
_add("create_design", "record_design_decision", cut(digital(), "record_design_decision"))
_add("get_case", "record_design_decision", cut(digital("list", "get_decide"), "record_design_decision"))
_add("raise_invoice", "record_payment", digital())
_add("practice_statement", "record_payment", STATEMENT)
_add("price_list", "add_item", cut(digital(), "add_item"))
_add("list_material_lots", "start_manufacture", cut(digital(), "start_manufacture"))
_add("courier_slots", "book_courier", cut(digital(), "book_courier"))
_add("attach_scan", "create_design", cut(digital(), "create_design"))
_add("pour_models", "create_design", impression("open"))
_add("add_item", "create_design", cut(digital(), "create_design"))
_add("assign_technician", "create_design", cut(digital("list"), "create_design"))
_add("book_in_impression", "pour_models", cut(impression("open"), "pour_models"))
_add("send_design_for_approval", "record_design_decision", cut(digital("list"), "record_design_decision"))
_add("record_design_decision", "start_manufacture", cut(digital(), "start_manufacture"))
_add("start_manufacture", "finish_case", cut(digital(), "finish_case"))
_add("finish_case", "qc_inspect", cut(digital("list"), "qc_inspect"))
_add("qc_inspect", "issue_declaration", cut(digital(), "issue_declaration"))
_add("issue_declaration", "book_courier", cut(digital(), "book_courier"))
_add("book_courier", "raise_invoice", cut(digital(), "raise_invoice"))
_add("book_courier", "request_remake", remake("open"))
_add("put_on_hold", "release_hold", admin("open", "release_hold"))

_OWN = {"sign_out": [login("kate"), ("sign_out", {"token": K})],
        "list_cases": [login("kate"), ("list_cases", {"token": K, "due_before": "2029-03-14"})]}


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
    ("get_case", [*logins("kate"), ("list_cases", {"token": K, "stage": "received"}),
                  ("get_case", {"token": K, "case_id": "$list_cases.0.case_id"}),
                  ("put_on_hold", {"token": K, "case_id": "$list_cases.0.case_id", "reason": "Waiting for the bite"})]),
    ("price_list", [("price_list", {}), *cut(digital(), "open_case")[1:]]),
    ("list_scan_inbox", [*logins("kate"), ("list_cases", {"token": K, "stage": "received"}),
                         ("list_scan_inbox", {"token": K}),
                         ("book_in_impression", {"token": K, "case_id": "$list_cases.0.case_id", "arch": "lower",
                                                 "disinfected": True})]),
    ("message_practice", [*logins("kate"), ("find_practice", {"token": K, "name": "Harbour"}),
                          ("message_practice", {"token": K, "practice_id": "$find_practice.0.practice_id",
                                                "subject": "Statement", "body": "Your March statement follows."}),
                          ("practice_statement", {"token": K, "practice_id": "$find_practice.0.practice_id"})]),
    ("courier_slots", [*logins("kate", "priya"), ("list_cases", {"token": K, "stage": "qc"}),
                       ("courier_slots", {"token": K, "day": "2029-03-13"}),
                       ("qc_inspect", {"token": P, "case_id": "$list_cases.0.case_id", "passed": ALL_CHECKS})]),
    ("practice_statement", [*logins("kate"), ("find_practice", {"token": K, "name": "Redland"}),
                            ("practice_statement", {"token": K, "practice_id": "$find_practice.0.practice_id"}),
                            ("open_case", {"token": K, "practice_id": "$find_practice.0.practice_id",
                                           "dentist_id": "$find_practice.0.dentists.0.dentist_id",
                                           "patient_ref": "RS-0790", "due_date": "2029-03-20"})]),
]
