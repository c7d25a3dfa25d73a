"""Scripted proofs that Linenloop's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime built with the module's ``FAILURE``, which
reads the returned ``{"faultCode": ..., "faultString": ...}`` fault structs as rejections).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff log in
by first name (``("login", {...}, "jess")``) and pass the bare token whole (``"$jess"``); dicts are read
by key (``"$find_account.0.account_id"``, ``"$find_account.0.contracts.0.0"``,
``"$draft_contract.contract_id"``, ``"$contract_detail.lines.0.0"``, ``"$account_statement.invoices.0.0"``,
``"$log_complaint.complaint_id"``) and rows by position (``"$list_routes.0.0"``, ``"$list_vans.0.0"``,
``"$item_catalogue.1.0"``, ``"$wash_programmes.4.0"``). Numbers the gateway only writes inside a sentence
are written literally: a fresh state's first new account ``TL-4418``, collection ``CL-77120``, purchase
order ``PO-5521`` and invoice ``LI-90412``; each follows from its own counter, so it is the same in every
fresh state, and none exists without its call.

The day's work: the Stonehouse Creek Hotel opened, credit-checked, given a window and a contract for king
sheets and bath towels, signed, a par level raised, put on the City and Hoe route, delivered to and
collected from, its bags weighed in, burnt sheets rejected and charged, its first invoice raised, a
short-delivery complaint upheld and credited, part paid, put on hold and off again; Dartmoor Retreat Spa
credit-checked, hand towels dropped and bath mats added to its draft, signed, bath towels cut, given a
window and put on the moor route; the Cattedown Guest House given a draft contract; the Hoe View Hotel's
delivery and collection on the City and Hoe run, its pillowcases rejected, its stock audited, its burnt
sheets charged, its November invoice raised, its October invoice paid, its king sheets raised; Mount
Gould Care Home's foul linen collected and disinfected, its grey-sheets complaint upheld and credited;
Barbican Kitchen taken off hold; twenty packs of bath towels ordered from Hilden and booked in.
"""

import linenloop_tools as tools

WHO = {"jess": ("jess.k", "Pillowslip-31"), "ray": ("ray.t", "Roll-Cage-808"), "ola": ("ola.b", "Tunnel-Washer-5"),
       "ann": ("ann.w", "Debit-Note-662"), "neil": ("neil.p", "Calender-17")}
JE, RA, OL, AN, NE = "$jess", "$ray", "$ola", "$ann", "$neil"
TODAY = "2029-11-06"
NEW_ACCOUNT, COLLECTION, ORDER, INVOICE = "TL-4418", "CL-77120", "PO-5521", "LI-90412"
FOUND, FOUND_CONTRACT = "$find_account.0.account_id", "$find_account.0.contracts.0.0"
ROUTE1, ROUTE2 = "$list_routes.0.0", "$list_routes.1.0"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("login", {"username": user, "password": password}, who)


def logins(*who: str) -> list:
    return [login(w) for w in who]


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def stonehouse(upto: str) -> list:
    """The Stonehouse Creek Hotel from its new account to its first invoice, a credit, a payment and a hold."""
    acc, contract = NEW_ACCOUNT, "$draft_contract.contract_id"
    return cut([
        *logins("jess", "ann", "ray", "ola", "neil"),
        ("item_catalogue", {}),
        ("wash_programmes", {}),
        ("collection_days", {"postcode": "PL1 3RR"}),
        ("open_account", {"token": JE, "business": "Stonehouse Creek Hotel", "contact": "Morwenna Tregear",
                          "phone": "01752 960412", "email": "morwenna@stonehousecreek.example",
                          "address": "2 Creek Lane, Stonehouse", "postcode": "PL1 3RR", "sector": "hotel"}),
        ("credit_check", {"token": AN, "account_id": acc, "limit": 3000.0}),
        ("set_delivery_window", {"token": JE, "account_id": acc, "earliest": "06:30", "latest": "08:00",
                                 "access_notes": "Goods entrance on Creek Lane; ring the night porter"}),
        ("draft_contract", {"token": JE, "account_id": acc, "term_weeks": 52, "start_day": TODAY}),
        ("add_contract_line", {"token": JE, "contract_id": contract, "item_code": "$item_catalogue.1.0",
                               "par_level": 60}),
        ("add_contract_line", {"token": JE, "contract_id": contract, "item_code": "$item_catalogue.4.0",
                               "par_level": 80}, "towels"),
        ("contract_detail", {"token": JE, "contract_id": contract}),
        ("sign_contract", {"token": JE, "contract_id": contract, "signed_by": "Morwenna Tregear"}),
        ("change_par_level", {"token": JE, "contract_id": contract, "item_code": "$item_catalogue.1.0",
                              "par_level": 80}),
        ("list_routes", {"token": RA, "day": "tue"}),
        ("add_stop", {"token": RA, "route_id": ROUTE1, "account_id": acc}),
        ("route_sheet", {"token": RA, "route_id": ROUTE1}),
        ("list_vans", {"token": RA}),
        ("start_route", {"token": RA, "route_id": ROUTE1, "van": "$list_vans.0.0", "driver": "Ray Trelawny"}),
        ("record_delivery", {"token": RA, "route_id": ROUTE1, "account_id": acc, "signed_by": "Morwenna Tregear"}),
        ("record_collection", {"token": RA, "route_id": ROUTE1, "account_id": acc, "bags": 3}),
        ("finish_route", {"token": RA, "route_id": ROUTE1, "mileage": 41}),
        ("weigh_in", {"token": OL, "collection_id": COLLECTION, "kg": 32.5, "programme": "$wash_programmes.0.0"}),
        ("log_rejects", {"token": OL, "collection_id": COLLECTION, "item_code": "$item_catalogue.1.0", "count": 2,
                         "reason": "burn"}),
        ("stock_audit", {"token": OL, "account_id": acc}),
        ("charge_rejects", {"token": AN, "account_id": acc}),
        ("raise_invoice", {"token": AN, "account_id": acc, "period": "2029-11"}),
        ("log_complaint", {"token": JE, "account_id": acc, "category": "short_delivery",
                           "details": "Morwenna says six king sheets were missing from the first delivery"}),
        ("uphold_complaint", {"token": NE, "complaint_id": "$log_complaint.complaint_id",
                              "finding": "Packing error at the plant: the cage went out six sheets short"}),
        ("credit_note", {"token": AN, "invoice_no": INVOICE, "amount": 15.0,
                         "complaint_id": "$log_complaint.complaint_id"}),
        ("record_payment", {"token": AN, "invoice_no": INVOICE, "amount": 100.0}),
        ("account_statement", {"token": AN, "account_id": acc}),
        ("put_on_hold", {"token": AN, "account_id": acc, "reason": "Cheque returned unpaid by the bank"}),
        ("lift_hold", {"token": AN, "account_id": acc}),
    ], upto)


def dartmoor(upto: str) -> list:
    """Dartmoor Retreat Spa's draft contract finished, signed and put on the moor route."""
    return cut([
        *logins("jess", "ann", "ray"),
        ("item_catalogue", {}),
        ("find_account", {"token": JE, "name": "Dartmoor"}),
        ("credit_check", {"token": AN, "account_id": FOUND, "limit": 2500.0}),
        ("remove_contract_line", {"token": JE, "contract_id": FOUND_CONTRACT, "item_code": "TWL-HND"}),
        ("add_contract_line", {"token": JE, "contract_id": FOUND_CONTRACT, "item_code": "$item_catalogue.6.0",
                               "par_level": 40}),
        ("contract_detail", {"token": JE, "contract_id": FOUND_CONTRACT}),
        ("sign_contract", {"token": JE, "contract_id": FOUND_CONTRACT, "signed_by": "Elowen Hardy"}),
        ("change_par_level", {"token": JE, "contract_id": FOUND_CONTRACT, "item_code": "$contract_detail.lines.0.0",
                              "par_level": 300}),
        ("set_delivery_window", {"token": JE, "account_id": FOUND, "earliest": "09:00", "latest": "11:00",
                                 "access_notes": "Spa entrance; deliver before guests arrive at eleven"}),
        ("list_routes", {"token": RA, "day": "tue"}),
        ("add_stop", {"token": RA, "route_id": ROUTE2, "account_id": FOUND}),
    ], upto)


def hoe_view(upto: str) -> list:
    """The Hoe View Hotel on today's City and Hoe run: delivery, collection, weigh-in and rejects."""
    return cut([
        *logins("ray", "ola"),
        ("item_catalogue", {}),
        ("wash_programmes", {}),
        ("list_routes", {"token": RA, "day": "tue"}),
        ("list_vans", {"token": RA}),
        ("find_account", {"token": RA, "name": "Hoe View"}),
        ("start_route", {"token": RA, "route_id": ROUTE1, "van": "$list_vans.1.0", "driver": "Kev Doidge"}),
        ("record_delivery", {"token": RA, "route_id": ROUTE1, "account_id": FOUND, "signed_by": "Gerald Pengelly"}),
        ("record_collection", {"token": RA, "route_id": ROUTE1, "account_id": FOUND, "bags": 9}),
        ("finish_route", {"token": RA, "route_id": ROUTE1, "mileage": 23}),
        ("weigh_in", {"token": OL, "collection_id": COLLECTION, "kg": 104.0, "programme": "$wash_programmes.0.0"}),
        ("log_rejects", {"token": OL, "collection_id": COLLECTION, "item_code": "$item_catalogue.3.0", "count": 12,
                         "reason": "stain"}),
    ], upto)


MOUNT_GOULD = [*logins("ray", "ola"), ("wash_programmes", {}), ("list_routes", {"token": RA, "day": "tue"}),
               ("list_vans", {"token": RA}), ("find_account", {"token": RA, "name": "Mount Gould"}),
               ("start_route", {"token": RA, "route_id": ROUTE2, "van": "$list_vans.0.0", "driver": "Ray Trelawny"}),
               ("record_collection", {"token": RA, "route_id": ROUTE2, "account_id": FOUND, "bags": 8, "foul": True}),
               ("finish_route", {"token": RA, "route_id": ROUTE2, "mileage": 17}),
               ("weigh_in", {"token": OL, "collection_id": COLLECTION, "kg": 88.0,
                             "programme": "$wash_programmes.4.0"})]
GREY_SHEETS = [*logins("jess", "neil", "ann"), ("find_account", {"token": JE, "name": "Mount Gould"}),
               ("log_complaint", {"token": JE, "account_id": FOUND, "category": "quality",
                                  "details": "Sheets came back grey last week; Sandra Kitto wants a credit"}),
               ("uphold_complaint", {"token": NE, "complaint_id": "$log_complaint.complaint_id",
                                     "finding": "Tunnel washer 2 dosing fault on 30 October; batch rewashed"}),
               ("account_statement", {"token": AN, "account_id": FOUND}),
               ("credit_note", {"token": AN, "invoice_no": "$account_statement.invoices.0.0", "amount": 120.0,
                                "complaint_id": "$log_complaint.complaint_id"})]
HOE_MONEY = [*logins("ann", "ola"), ("find_account", {"token": AN, "name": "Hoe View"}),
             ("stock_audit", {"token": OL, "account_id": FOUND}),
             ("charge_rejects", {"token": AN, "account_id": FOUND}),
             ("raise_invoice", {"token": AN, "account_id": FOUND, "period": "2029-11"}),
             ("account_statement", {"token": AN, "account_id": FOUND}),
             ("record_payment", {"token": AN, "invoice_no": "$account_statement.invoices.0.0", "amount": 1140.2}),
             ("put_on_hold", {"token": AN, "account_id": FOUND, "reason": "Query on the November invoice"})]
HOE_PAR = [*logins("jess"), ("item_catalogue", {}), ("find_account", {"token": JE, "name": "Hoe View"}),
           ("change_par_level", {"token": JE, "contract_id": FOUND_CONTRACT, "item_code": "$item_catalogue.1.0",
                                 "par_level": 140})]
CATTEDOWN = [*logins("jess"), ("find_account", {"token": JE, "name": "Cattedown"}),
             ("draft_contract", {"token": JE, "account_id": FOUND, "term_weeks": 26, "start_day": "2029-12-01"})]
BARBICAN = [*logins("ann"), ("find_account", {"token": AN, "name": "Barbican"}),
            ("lift_hold", {"token": AN, "account_id": FOUND})]
TOWELS = [*logins("ola"), ("item_catalogue", {}), ("stock_level", {"token": OL, "item_code": "$item_catalogue.4.0"}),
          ("order_new_stock", {"token": OL, "item_code": "$item_catalogue.4.0", "packs": 20, "supplier": "Hilden"}),
          ("receive_stock", {"token": OL, "po_number": ORDER})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


_FOUND = {"credit_check": dartmoor("credit_check"), "set_delivery_window": dartmoor("set_delivery_window"),
          "draft_contract": CATTEDOWN, "add_stop": dartmoor("add_stop"), "record_delivery": hoe_view("record_delivery"),
          "record_collection": cut(MOUNT_GOULD, "record_collection"),
          "stock_audit": cut(HOE_MONEY, "stock_audit"), "charge_rejects": cut(HOE_MONEY, "charge_rejects"),
          "raise_invoice": cut(HOE_MONEY, "raise_invoice"), "account_statement": cut(HOE_MONEY, "account_statement"),
          "log_complaint": cut(GREY_SHEETS, "log_complaint"), "put_on_hold": HOE_MONEY, "lift_hold": BARBICAN}
for _c in tools.ACCOUNT_CONSUMERS:
    _add("open_account", _c, stonehouse(_c))
    _add("find_account", _c, _FOUND[_c])

_FOUND_CONTRACT = {"add_contract_line": dartmoor("add_contract_line"),
                   "remove_contract_line": dartmoor("remove_contract_line"),
                   "sign_contract": dartmoor("sign_contract"), "contract_detail": dartmoor("contract_detail"),
                   "change_par_level": HOE_PAR}
DRAFT_REMOVE = stonehouse("contract_detail")[:-1] + [
    ("remove_contract_line", {"token": JE, "contract_id": "$draft_contract.contract_id",
                              "item_code": "$item_catalogue.4.0"})]
for _c in tools.CONTRACT_CONSUMERS:
    _add("draft_contract", _c, DRAFT_REMOVE if _c == "remove_contract_line" else stonehouse(_c))
    _add("find_account", _c, _FOUND_CONTRACT[_c])

for _c in tools.ROUTE_CONSUMERS:
    _add("list_routes", _c, stonehouse(_c))

_add("list_vans", "start_route", stonehouse("start_route"))
_add("record_collection", "weigh_in", MOUNT_GOULD)
_add("record_collection", "log_rejects", hoe_view("log_rejects"))
_add("raise_invoice", "record_payment", stonehouse("record_payment"))
_add("account_statement", "record_payment", cut(HOE_MONEY, "record_payment"))
_add("raise_invoice", "credit_note", stonehouse("credit_note"))
_add("account_statement", "credit_note", GREY_SHEETS)
_add("log_complaint", "uphold_complaint", cut(GREY_SHEETS, "uphold_complaint"))
_add("log_complaint", "credit_note", GREY_SHEETS)
_add("order_new_stock", "receive_stock", TOWELS)
_add("item_catalogue", "add_contract_line", stonehouse("add_contract_line"))
_add("item_catalogue", "change_par_level", HOE_PAR)
_add("contract_detail", "change_par_level", dartmoor("change_par_level"))
_add("item_catalogue", "log_rejects", hoe_view("log_rejects"))
_add("item_catalogue", "stock_level", cut(TOWELS, "stock_level"))
_add("item_catalogue", "order_new_stock", cut(TOWELS, "order_new_stock"))
_add("wash_programmes", "weigh_in", MOUNT_GOULD)

_add("credit_check", "sign_contract", stonehouse("sign_contract"))
_add("add_contract_line", "sign_contract", stonehouse("sign_contract"))
_add("add_contract_line", "remove_contract_line", DRAFT_REMOVE)
_add("sign_contract", "add_stop", stonehouse("add_stop"))
_add("set_delivery_window", "add_stop", dartmoor("add_stop"))
_add("sign_contract", "raise_invoice", stonehouse("raise_invoice"))
_add("sign_contract", "change_par_level", dartmoor("change_par_level"))
_add("add_stop", "record_delivery", stonehouse("record_delivery"))
_add("add_stop", "record_collection", stonehouse("record_collection"))
_add("start_route", "record_delivery", hoe_view("record_delivery"))
_add("start_route", "record_collection", cut(MOUNT_GOULD, "record_collection"))
_add("start_route", "finish_route", hoe_view("finish_route"))
_add("finish_route", "weigh_in", hoe_view("weigh_in"))
_add("weigh_in", "log_rejects", stonehouse("log_rejects"))
_add("log_rejects", "charge_rejects", stonehouse("charge_rejects"))
_add("uphold_complaint", "credit_note", stonehouse("credit_note"))
_add("put_on_hold", "lift_hold", stonehouse("lift_hold"))

_OWN = {"logout": [login("jess"), ("logout", {"token": JE})]}


def _auth_proofs() -> list:
    """A login proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "login":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("login", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("collection_days", [("collection_days", {"postcode": "PL1 3RR"}), login("jess"), stonehouse("open_account")[-1]]),
    ("route_sheet", [*logins("ray"), ("list_routes", {"token": RA, "day": "tue"}),
                     ("route_sheet", {"token": RA, "route_id": ROUTE1}), ("list_vans", {"token": RA}),
                     ("start_route", {"token": RA, "route_id": ROUTE1, "van": "$list_vans.0.0",
                                      "driver": "Ray Trelawny"})]),
    ("stock_level", TOWELS[:-1]),
    ("stock_audit", cut(HOE_MONEY, "charge_rejects")),
    ("contract_detail", [*logins("jess"), ("find_account", {"token": JE, "name": "Dartmoor"}),
                         ("contract_detail", {"token": JE, "contract_id": FOUND_CONTRACT}),
                         ("remove_contract_line", {"token": JE, "contract_id": FOUND_CONTRACT,
                                                   "item_code": "TWL-HND"})]),
    ("account_statement", [*logins("ann"), ("find_account", {"token": AN, "name": "Barbican"}),
                           ("account_statement", {"token": AN, "account_id": FOUND}),
                           ("lift_hold", {"token": AN, "account_id": FOUND})]),
    ("list_vans", [*logins("ray"), ("list_vans", {"token": RA}), ("list_routes", {"token": RA, "day": "tue"}),
                   ("route_sheet", {"token": RA, "route_id": ROUTE1})]),
]
