"""Scripted proofs that Dunnage's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "beathag")``) and pass ``"$beathag.token"``; replies are read by field, the record nested under its key
(``"$register_owner.owner.owner_id"``, ``"$book_arrival.arrival.arrival_id"``, ``"$receive_cask.cask.cask_id"``,
``"$issue_delivery_order.delivery_order.delivery_order_id"``, ``"$request_release.release.release_id"``,
``"$storage_invoice.invoice.invoice_id"`` with ``"$storage_invoice.invoice.amount"``, ``"$calculate_duty.duty"``),
list entries under their plural key by position and field (``"$find_owner.owners.0.owner_id"``,
``"$arrivals.arrivals.0.arrival_id"``, ``"$casks.casks.1.cask_id"``, ``"$delivery_orders.delivery_orders.0.
delivery_order_id"``, ``"$releases.releases.1.release_id"``, ``"$invoices.invoices.0.invoice_id"`` with
``"$invoices.invoices.0.amount"``), rows by row and column (``"$warehouses.0.0"``, ``"$storage_rates.0.0"``). The
positions follow the fresh state's order (records by id, each list filtered as the call asks). Every id and code of
the warehouse's is read from a reply; none is written literally (names, cask numbers, dates, litres, strengths, papers'
references, vehicles and seals are written as the staff are told them).

The day: a new owner, Aldith Pennycook, is registered, her papers filed, approved, given standard storage and sampling
consent, her hogshead booked in, received, completed and racked, regauged, and she buys a Strathlorne hogshead; Ebrel
Brodribb's proof of address is filed and she is approved; Aldwyn Pettycur allows samples and one is drawn, is invoiced
and pays, and buys Strathlorne's hogshead STL/2049/0413; Grizel Auchterlonie is given standard storage and invoiced;
Strathlorne's lorry brings two hogsheads; Torloisk's barrel is racked, sampled and certified; Strathlorne's leaking
hogshead is regauged, its loss recorded and its release requested; Caskmere pay their overdue invoice, and their barrel
is sold to Torloisk or released; Grizel Auchterlonie's barrel sale to Torloisk is accepted; hogshead STL/2049/0412 is
released duty paid to Strathlorne's bottling hall; the export of Aldwyn Pettycur's Glenmirrie hogshead is papered and
dispatched; Torloisk's move to another bond is authorised; a release already paid is dispatched.
"""

import dunnage_tools as tools

WHO = {"beathag": ("beathag.i", "Delivery-Order-31"), "somhairle": ("somhairle.d", "Due-Diligence-64"),
       "fionnlagh": ("fionnlagh.b", "Dunnage-Floor-18"), "ealasaid": ("ealasaid.g", "Dip-Rod-47"),
       "crisdean": ("crisdean.m", "Bond-Ledger-52"), "seonag": ("seonag.r", "Excise-Seal-76")}
BT, ST, FT, ET = "$beathag.token", "$somhairle.token", "$fionnlagh.token", "$ealasaid.token"
CT, RT = "$crisdean.token", "$seonag.token"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- a new owner: registered, papers filed, approved, terms set, a hogshead booked in, received and racked

ALDITH = "$register_owner.owner.owner_id"
ARRIVAL = "$book_arrival.arrival.arrival_id"
NEW_CASK = "$receive_cask.cask.cask_id"
FOUND = "$find_owner.owners.0.owner_id"
REGISTER = [
    login("beathag"),
    ("register_owner", {"token": BT, "name": "Aldith Pennycook", "email": "aldith.pennycook@example.org",
                        "kind": "private"}),
]
ALDITH_APPROVED = REGISTER + [
    login("somhairle"),
    ("upload_kyc", {"token": ST, "owner_id": ALDITH, "document": "passport", "reference": "P-590217733"}),
    ("upload_kyc", {"token": ST, "owner_id": ALDITH, "document": "utility_bill", "reference": "SPE-1157-3390"}),
    ("approve_owner", {"token": ST, "owner_id": ALDITH}),
]
ALDITH_ARRIVAL = ALDITH_APPROVED + [
    ("warehouses", {}),
    ("book_arrival", {"token": BT, "owner_id": ALDITH, "haulier": "Corran Haulage", "vehicle_reg": "SV21 CRN",
                      "expected_casks": 1, "warehouse_code": "$warehouses.0.0"}),
]
ALDITH_RECEIVED = ALDITH_ARRIVAL + [
    login("fionnlagh"),
    ("receive_cask", {"token": FT, "arrival_id": ARRIVAL, "cask_number": "GLN/2051/0733", "cask_type": "hogshead",
                      "distillery": "Glenmirrie", "filled_on": "2051-03-09", "bulk_litres": 238.5, "abv": 61.2}),
]
ALDITH_RACKED = ALDITH_RECEIVED + [
    ("complete_arrival", {"token": FT, "arrival_id": ARRIVAL}),
    ("rack_cask", {"token": FT, "cask_id": NEW_CASK, "warehouse_code": "$warehouses.0.0", "bay": 12, "tier": 1}),
]
ALDITH_REGAUGE = ALDITH_RECEIVED + [
    login("ealasaid"),
    ("regauge", {"token": ET, "cask_id": NEW_CASK, "bulk_litres": 238.0, "abv": 61.1}),
]
ALDITH_DETAIL = ALDITH_RECEIVED + [("cask_detail", {"token": FT, "cask_id": NEW_CASK})]
ALDITH_TERMS = REGISTER + [
    ("set_sampling_consent", {"token": BT, "owner_id": ALDITH, "allowed": True}),
    ("storage_rates", {}),
    ("set_storage_rate", {"token": BT, "owner_id": ALDITH, "rate_code": "$storage_rates.0.0"}),
]
ALDITH_ACCOUNT = REGISTER + [("owner_account", {"token": BT, "owner_id": ALDITH})]
ALDITH_BUYS = ALDITH_APPROVED + [
    ("warehouses", {}),
    ("casks", {"token": BT, "warehouse_code": "$warehouses.0.0", "status": "in_bond"}),
    ("issue_delivery_order", {"token": BT, "cask_id": "$casks.casks.1.cask_id", "buyer_owner_id": ALDITH}),
]

# ---- owners already registered

EBREL = [
    login("somhairle"),
    ("find_owner", {"token": ST, "name": "Brodribb"}),
    ("upload_kyc", {"token": ST, "owner_id": FOUND, "document": "bank_statement", "reference": "NWB-2057-10"}),
    ("approve_owner", {"token": ST, "owner_id": FOUND}),
]
PETTYCUR_ACCOUNT = [login("beathag"), ("find_owner", {"token": BT, "name": "Pettycur"}),
                   ("owner_account", {"token": BT, "owner_id": FOUND})]
PETTYCUR_SAMPLE = [
    login("beathag"),
    ("find_owner", {"token": BT, "name": "Pettycur"}),
    ("set_sampling_consent", {"token": BT, "owner_id": FOUND, "allowed": True}),
    ("warehouses", {}),
    ("casks", {"token": BT, "warehouse_code": "$warehouses.0.0", "status": "in_bond"}),
    login("ealasaid"),
    ("draw_sample", {"token": ET, "cask_id": "$casks.casks.3.cask_id", "millilitres": 150,
                     "purpose": "Mr Pettycur's tasting"}),
]
PETTYCUR_INVOICE = [login("crisdean"), ("find_owner", {"token": CT, "name": "Pettycur"}),
                   ("storage_invoice", {"token": CT, "owner_id": FOUND})]
PETTYCUR_PAID = PETTYCUR_INVOICE + [
    ("record_payment", {"token": CT, "invoice_id": "$storage_invoice.invoice.invoice_id",
                        "amount": "$storage_invoice.invoice.amount", "tender": "card"}),
]
PETTYCUR_OWES = [login("crisdean"), ("find_owner", {"token": CT, "name": "Pettycur"}),
                ("outstanding", {"token": CT, "owner_id": FOUND})]
PETTYCUR_BUYS = [
    login("beathag"),
    ("find_owner", {"token": BT, "name": "Pettycur"}),
    ("warehouses", {}),
    ("casks", {"token": BT, "warehouse_code": "$warehouses.0.0", "status": "in_bond"}),
    ("issue_delivery_order", {"token": BT, "cask_id": "$casks.casks.1.cask_id", "buyer_owner_id": FOUND}),
]
PETTYCUR_ACCEPTED = PETTYCUR_BUYS + [
    ("accept_delivery_order", {"token": BT, "delivery_order_id": "$issue_delivery_order.delivery_order."
                                                                 "delivery_order_id"}),
]
GRIZEL = [
    login("beathag"),
    ("find_owner", {"token": BT, "name": "Auchterlonie"}),
    ("storage_rates", {}),
    ("set_storage_rate", {"token": BT, "owner_id": FOUND, "rate_code": "$storage_rates.0.0"}),
    login("crisdean"),
    ("storage_invoice", {"token": CT, "owner_id": FOUND}),
]
STRATHLORNE_ARRIVAL = [
    login("beathag"),
    ("find_owner", {"token": BT, "name": "Strathlorne"}),
    ("warehouses", {}),
    ("book_arrival", {"token": BT, "owner_id": FOUND, "haulier": "Strathlorne Distillers (own transport)",
                      "vehicle_reg": "SN56 STL", "expected_casks": 2, "warehouse_code": "$warehouses.0.0"}),
]
EXPECTED = [login("fionnlagh"), ("arrivals", {"token": FT, "status": "expected"})]
STRATHLORNE_CASKS = EXPECTED + [
    ("receive_cask", {"token": FT, "arrival_id": "$arrivals.arrivals.0.arrival_id", "cask_number": "STL/2057/0101",
                      "cask_type": "hogshead", "distillery": "Strathlorne", "filled_on": "2057-10-02",
                      "bulk_litres": 248.0, "abv": 63.5}, "first"),
    ("receive_cask", {"token": FT, "arrival_id": "$arrivals.arrivals.0.arrival_id", "cask_number": "STL/2057/0102",
                      "cask_type": "hogshead", "distillery": "Strathlorne", "filled_on": "2057-10-02",
                      "bulk_litres": 248.0, "abv": 63.5}, "second"),
    ("complete_arrival", {"token": FT, "arrival_id": "$arrivals.arrivals.0.arrival_id"}),
]

# ---- casks in bond

UNRACKED = [login("fionnlagh"), ("casks", {"token": FT, "status": "unracked"}), ("warehouses", {})]
TORLOISK_RACK = UNRACKED + [
    ("rack_cask", {"token": FT, "cask_id": "$casks.casks.0.cask_id", "warehouse_code": "$warehouses.1.0", "bay": 8,
                   "tier": 1}),
]
TORLOISK_SAMPLE = TORLOISK_RACK + [
    login("ealasaid"),
    ("draw_sample", {"token": ET, "cask_id": "$casks.casks.0.cask_id", "millilitres": 100,
                     "purpose": "Torloisk's blender"}),
]
TORLOISK_CERT = TORLOISK_RACK + [("issue_certificate", {"token": FT, "cask_id": "$casks.casks.0.cask_id"})]
W1 = [login("ealasaid"), ("warehouses", {}),
      ("casks", {"token": ET, "warehouse_code": "$warehouses.0.0", "status": "in_bond"})]
LEAKER = "$casks.casks.1.cask_id"
LEAK = W1 + [
    ("regauge", {"token": ET, "cask_id": LEAKER, "bulk_litres": 229.0, "abv": 58.8}),
]
LEAK_LOSS = LEAK + [
    ("record_loss", {"token": ET, "cask_id": LEAKER, "cause": "leak", "notes": "a slow leak at the head"}),
]
LEAK_RELEASE = LEAK + [
    login("beathag"),
    ("request_release", {"token": BT, "cask_id": LEAKER, "destination": "duty_paid",
                         "consignee": "Strathlorne bottling hall, Kilbrannan"}),
]
STL_SAMPLE = W1 + [("draw_sample", {"token": ET, "cask_id": "$casks.casks.0.cask_id", "millilitres": 200,
                                    "purpose": "Strathlorne's blender"})]
STL_DETAIL = W1 + [("cask_detail", {"token": ET, "cask_id": "$casks.casks.0.cask_id"})]
STL_CERT = [login("fionnlagh"), ("warehouses", {}),
            ("casks", {"token": FT, "warehouse_code": "$warehouses.0.0", "status": "in_bond"}),
            ("issue_certificate", {"token": FT, "cask_id": "$casks.casks.0.cask_id"})]
STL_STOCK = [("warehouses", {}), login("fionnlagh"),
             ("stock_check", {"token": FT, "warehouse_code": "$warehouses.0.0"})]

# ---- releases from bond

STL = "$casks.casks.0.cask_id"
BOTTLING = [
    login("beathag"),
    ("warehouses", {}),
    ("casks", {"token": BT, "warehouse_code": "$warehouses.0.0", "status": "in_bond"}),
    ("request_release", {"token": BT, "cask_id": STL, "destination": "duty_paid",
                         "consignee": "Strathlorne bottling hall, Kilbrannan"}),
]
RELEASE = "$request_release.release.release_id"
BOTTLING_AUTHORISED = BOTTLING + [login("seonag"), ("authorise_release", {"token": RT, "release_id": RELEASE})]
BOTTLING_DUTY = BOTTLING + [
    login("crisdean"),
    ("calculate_duty", {"token": CT, "release_id": RELEASE}),
    ("pay_duty", {"token": CT, "release_id": RELEASE, "amount": "$calculate_duty.duty",
                  "payment_reference": "CHAPS-DBW-1114"}),
]
BOTTLING_DISPATCH = BOTTLING + [
    login("seonag"),
    ("authorise_release", {"token": RT, "release_id": RELEASE}),
    login("crisdean"),
    ("calculate_duty", {"token": CT, "release_id": RELEASE}),
    ("pay_duty", {"token": CT, "release_id": RELEASE, "amount": "$calculate_duty.duty",
                  "payment_reference": "CHAPS-DBW-1114"}),
    login("fionnlagh"),
    ("dispatch_release", {"token": FT, "release_id": RELEASE, "vehicle_reg": "SN56 STL", "seal_number": "004471"}),
]
STL_EXPORT = [
    login("beathag"),
    ("warehouses", {}),
    ("casks", {"token": BT, "warehouse_code": "$warehouses.0.0", "status": "in_bond"}),
    ("request_release", {"token": BT, "cask_id": STL, "destination": "export",
                         "consignee": "Kaminoura Trading KK, Hakodate"}),
    ("attach_release_document", {"token": BT, "release_id": RELEASE, "kind": "export_declaration",
                                 "reference": "EXD-57-0099140"}),
]
REQUESTED = [login("crisdean"), ("releases", {"token": CT, "status": "requested"})]
RL_DUTY = REQUESTED + [
    ("calculate_duty", {"token": CT, "release_id": "$releases.releases.0.release_id"}),
    ("pay_duty", {"token": CT, "release_id": "$releases.releases.0.release_id", "amount": "$calculate_duty.duty",
                  "payment_reference": "CHAPS-DBW-1109"}),
]
RL_AUTHORISE = [login("seonag"), ("releases", {"token": RT, "status": "requested"}),
                ("authorise_release", {"token": RT, "release_id": "$releases.releases.1.release_id"})]
EXPORT = [
    login("beathag"),
    ("releases", {"token": BT, "status": "authorised"}),
    ("attach_release_document", {"token": BT, "release_id": "$releases.releases.0.release_id",
                                 "kind": "export_declaration", "reference": "EXD-57-0098812"}),
    login("fionnlagh"),
    ("dispatch_release", {"token": FT, "release_id": "$releases.releases.0.release_id", "vehicle_reg": "SK19 TRN",
                          "seal_number": "004468"}),
]
PAID_DISPATCH = [login("fionnlagh"), ("releases", {"token": FT, "status": "authorised"}),
                 ("dispatch_release", {"token": FT, "release_id": "$releases.releases.1.release_id",
                                       "vehicle_reg": "SN56 STL", "seal_number": "004470"})]

# ---- the lien: Caskmere's overdue invoice

CASKMERE_PAID = [
    login("crisdean"),
    ("invoices", {"token": CT, "status": "unpaid"}),
    ("record_payment", {"token": CT, "invoice_id": "$invoices.invoices.0.invoice_id",
                        "amount": "$invoices.invoices.0.amount", "tender": "bacs"}),
]
CASKMERE_SALE = CASKMERE_PAID + [
    login("beathag"),
    ("find_owner", {"token": BT, "name": "Torloisk"}),
    ("warehouses", {}),
    ("casks", {"token": BT, "warehouse_code": "$warehouses.1.0", "status": "in_bond"}),
    ("issue_delivery_order", {"token": BT, "cask_id": "$casks.casks.1.cask_id", "buyer_owner_id": FOUND}),
]
CASKMERE_RELEASE = CASKMERE_PAID + [
    login("beathag"),
    ("warehouses", {}),
    ("casks", {"token": BT, "warehouse_code": "$warehouses.1.0", "status": "in_bond"}),
    ("request_release", {"token": BT, "cask_id": "$casks.casks.1.cask_id", "destination": "another_bond",
                         "consignee": "Glenmirrie Bond, Inverlussa", "consignee_approval": "GBWK004417268"}),
]
GRIZEL_SALE = [login("beathag"), ("delivery_orders", {"token": BT, "status": "pending"}),
               ("accept_delivery_order", {"token": BT, "delivery_order_id": "$delivery_orders.delivery_orders.0."
                                                                            "delivery_order_id"})]

# ---- a path ending with each tool that needs a session (the sign-in proofs)

PATH = {
    "sign_out": [login("beathag"), ("sign_out", {"token": BT})],
    "find_owner": cut(PETTYCUR_ACCOUNT, "find_owner"),
    "register_owner": REGISTER,
    "upload_kyc": cut(EBREL, "upload_kyc"),
    "approve_owner": EBREL,
    "owner_account": PETTYCUR_ACCOUNT,
    "set_sampling_consent": cut(PETTYCUR_SAMPLE, "set_sampling_consent"),
    "set_storage_rate": cut(GRIZEL, "set_storage_rate"),
    "book_arrival": STRATHLORNE_ARRIVAL,
    "arrivals": EXPECTED,
    "receive_cask": cut(STRATHLORNE_CASKS, "first"),
    "complete_arrival": STRATHLORNE_CASKS,
    "casks": cut(UNRACKED, "casks"),
    "cask_detail": STL_DETAIL,
    "rack_cask": TORLOISK_RACK,
    "stock_check": STL_STOCK,
    "regauge": LEAK,
    "draw_sample": STL_SAMPLE,
    "record_loss": LEAK_LOSS,
    "issue_certificate": STL_CERT,
    "storage_invoice": PETTYCUR_INVOICE,
    "invoices": cut(CASKMERE_PAID, "invoices"),
    "record_payment": CASKMERE_PAID,
    "outstanding": PETTYCUR_OWES,
    "issue_delivery_order": PETTYCUR_BUYS,
    "delivery_orders": cut(GRIZEL_SALE, "delivery_orders"),
    "accept_delivery_order": GRIZEL_SALE,
    "request_release": BOTTLING,
    "releases": REQUESTED,
    "authorise_release": RL_AUTHORISE,
    "calculate_duty": cut(RL_DUTY, "calculate_duty"),
    "pay_duty": RL_DUTY,
    "attach_release_document": cut(EXPORT, "attach_release_document"),
    "dispatch_release": PAID_DISPATCH,
}

PROOFS = [("sign_in", c, PATH[c]) for c in tools.TOKEN_CONSUMERS] + [
    # owners, new or found
    ("register_owner", "upload_kyc", cut(ALDITH_APPROVED, "upload_kyc")),
    ("find_owner", "upload_kyc", cut(EBREL, "upload_kyc")),
    ("register_owner", "approve_owner", ALDITH_APPROVED),
    ("find_owner", "approve_owner", EBREL),
    ("register_owner", "owner_account", ALDITH_ACCOUNT),
    ("find_owner", "owner_account", PETTYCUR_ACCOUNT),
    ("register_owner", "set_sampling_consent", cut(ALDITH_TERMS, "set_sampling_consent")),
    ("find_owner", "set_sampling_consent", cut(PETTYCUR_SAMPLE, "set_sampling_consent")),
    ("register_owner", "set_storage_rate", ALDITH_TERMS),
    ("find_owner", "set_storage_rate", cut(GRIZEL, "set_storage_rate")),
    ("register_owner", "book_arrival", ALDITH_ARRIVAL),
    ("find_owner", "book_arrival", STRATHLORNE_ARRIVAL),
    ("register_owner", "issue_delivery_order", ALDITH_BUYS),
    ("find_owner", "issue_delivery_order", PETTYCUR_BUYS),
    ("find_owner", "storage_invoice", PETTYCUR_INVOICE),
    ("find_owner", "outstanding", PETTYCUR_OWES),
    # arrivals
    ("book_arrival", "receive_cask", ALDITH_RECEIVED),
    ("arrivals", "receive_cask", cut(STRATHLORNE_CASKS, "first")),
    ("book_arrival", "complete_arrival", cut(ALDITH_RACKED, "complete_arrival")),
    ("arrivals", "complete_arrival", STRATHLORNE_CASKS),
    # casks, new or found
    ("receive_cask", "rack_cask", ALDITH_RACKED),
    ("casks", "rack_cask", TORLOISK_RACK),
    ("receive_cask", "regauge", ALDITH_REGAUGE),
    ("casks", "regauge", LEAK),
    ("receive_cask", "cask_detail", ALDITH_DETAIL),
    ("casks", "cask_detail", STL_DETAIL),
    ("casks", "draw_sample", STL_SAMPLE),
    ("casks", "issue_delivery_order", PETTYCUR_BUYS),
    ("casks", "request_release", BOTTLING),
    ("casks", "record_loss", LEAK_LOSS),
    ("casks", "issue_certificate", STL_CERT),
    # delivery orders, releases and invoices
    ("issue_delivery_order", "accept_delivery_order", PETTYCUR_ACCEPTED),
    ("delivery_orders", "accept_delivery_order", GRIZEL_SALE),
    ("request_release", "authorise_release", BOTTLING_AUTHORISED),
    ("releases", "authorise_release", RL_AUTHORISE),
    ("request_release", "calculate_duty", cut(BOTTLING_DUTY, "calculate_duty")),
    ("releases", "calculate_duty", cut(RL_DUTY, "calculate_duty")),
    ("request_release", "pay_duty", BOTTLING_DUTY),
    ("releases", "pay_duty", RL_DUTY),
    ("request_release", "attach_release_document", STL_EXPORT),
    ("releases", "attach_release_document", cut(EXPORT, "attach_release_document")),
    ("request_release", "dispatch_release", BOTTLING_DISPATCH),
    ("releases", "dispatch_release", PAID_DISPATCH),
    ("storage_invoice", "record_payment", PETTYCUR_PAID),
    ("invoices", "record_payment", CASKMERE_PAID),
    # vocabularies
    ("warehouses", "book_arrival", STRATHLORNE_ARRIVAL),
    ("warehouses", "rack_cask", TORLOISK_RACK),
    ("warehouses", "stock_check", STL_STOCK),
    ("storage_rates", "set_storage_rate", cut(GRIZEL, "set_storage_rate")),
    # vetting, approval, documents and settings
    ("approve_owner", "book_arrival", ALDITH_ARRIVAL),
    ("approve_owner", "issue_delivery_order", ALDITH_BUYS),
    ("authorise_release", "dispatch_release", BOTTLING_DISPATCH),
    ("upload_kyc", "approve_owner", EBREL),
    ("attach_release_document", "dispatch_release", EXPORT),
    ("set_sampling_consent", "draw_sample", PETTYCUR_SAMPLE),
    ("set_storage_rate", "storage_invoice", GRIZEL),
    # state
    ("rack_cask", "draw_sample", TORLOISK_SAMPLE),
    ("rack_cask", "issue_certificate", TORLOISK_CERT),
    ("regauge", "request_release", LEAK_RELEASE),
    ("regauge", "record_loss", LEAK_LOSS),
    ("calculate_duty", "pay_duty", RL_DUTY),
    ("receive_cask", "complete_arrival", STRATHLORNE_CASKS),
    ("complete_arrival", "rack_cask", ALDITH_RACKED),
    # payments
    ("pay_duty", "dispatch_release", BOTTLING_DISPATCH),
    ("record_payment", "issue_delivery_order", CASKMERE_SALE),
    ("record_payment", "request_release", CASKMERE_RELEASE),
]

NON_PREREQUISITES = [
    # the storage rates read before a sample is drawn from a Strathlorne hogshead
    ("storage_rates", [("storage_rates", {})] + STL_SAMPLE),
    # Warehouse 1's stock checked before Torloisk's move to another bond is authorised
    ("stock_check", STL_STOCK + RL_AUTHORISE),
    # Aldwyn Pettycur's account read before Torloisk's move to another bond is authorised
    ("owner_account", PETTYCUR_ACCOUNT + RL_AUTHORISE),
    # the leaking hogshead regauged before another Strathlorne hogshead's certificate is issued
    ("regauge", LEAK + STL_CERT),
    # Aldwyn Pettycur's sampling consent given before Torloisk's barrel is racked
    ("set_sampling_consent", cut(PETTYCUR_SAMPLE, "set_sampling_consent") + TORLOISK_RACK),
    # what Aldwyn Pettycur owes read before a paid release is dispatched
    ("outstanding", PETTYCUR_OWES + PAID_DISPATCH),
    # the pending delivery orders listed before a Strathlorne hogshead is sampled
    ("delivery_orders", cut(GRIZEL_SALE, "delivery_orders") + STL_SAMPLE),
    # Ebrel Brodribb's bank statement filed before Warehouse 1's stock is checked
    ("upload_kyc", cut(EBREL, "upload_kyc") + STL_STOCK),
]
