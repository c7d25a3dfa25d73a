"""Scripted proofs that Agio's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime, with the module's ``FAILURE`` passed as ``PythonRuntime(..., failure=FAILURE)``, since
the exchange answers a refusal as a Plaid-style error object).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "lucinda")``) and pass ``"$lucinda.token"``; replies are read by field (``"$register_customer.customer_id"``,
``"$quote_rate.quote_id"``, ``"$place_order.order_id"``, ``"$place_order.collection_code"`` with the order's id,
``"$add_buyback.to_pay"``, ``"$create_transfer.to_pay"``), list entries by position and field
(``"$find_customer.0.customer_id"``, ``"$orders.0.order_id"``, ``"$beneficiaries.0.beneficiary_id"``,
``"$transfers.0.transfer_id"``), rows by row and column (``"$rate_board.2.0"``, ``"$rate_board.3.4.1"``,
``"$transfer_corridors.0.2"``, ``"$branch_stock.3.1"``). The positions follow the fresh state's order (records by id,
each list filtered as the call asks). Every id, code and note is read from a reply; none is written literally (names,
dates of birth, phone numbers, addresses, document numbers, accounts, bank codes, amounts, purposes and notes are
written as the staff are told them).

The day: a new customer, Idonea Ugwu-Jerram, is registered, verified and buys euros with the buy-back guarantee,
collects them and sells some back; Sabeline Tekle's passport is checked and she pays cash for Swiss francs; treasury
brings yen in from the vault for Ngozi Loveridge's order; Jovita Adeyemo sends money to the Philippines; Gaspard
Lowndes turns transfers back on, pays his daughter's fees in India and sends a gift to Ghana that screening holds;
Cyprian Brzozowski's source of funds is evidenced, his limit raised and a flat deposit sent to Poland and recalled.
"""

import agio_tools as tools

WHO = {"lucinda": ("lucinda.f", "Tolsey-Florin-31"), "ezekiel": ("ezekiel.m", "Groat-Counter-58"),
       "henrike": ("henrike.s", "Ducat-Watch-64"), "wymond": ("wymond.k", "Vault-Guilder-27"),
       "nesta": ("nesta.d", "Swift-Sterling-45"), "benedikta": ("benedikta.v", "Agio-Ledger-90")}
LT, ET, HT, BT, OT, PT = ("$lucinda.token", "$ezekiel.token", "$henrike.token", "$wymond.token",
                          "$nesta.token", "$benedikta.token")
CUS = "$find_customer.0.customer_id"
ORD = "$place_order.order_id"
TX = "$create_transfer.transfer_id"


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- Idonea Ugwu-Jerram: a new customer buys euros with the buy-back guarantee, and sells some back

NEW = [login("lucinda"),
       ("register_customer", {"token": LT, "name": "Idonea Ugwu-Jerram", "date_of_birth": "2009-01-12",
                              "phone": "07700 900245", "address": "6 Carding Mill Yard, Sallowfield",
                              "email": "idonea.uj@example.org"}),
       ("upload_document", {"token": LT, "customer_id": "$register_customer.customer_id", "kind": "passport",
                            "number": "548811392", "expires": "2062-09-30"}),
       ("verify_identity", {"token": LT, "customer_id": "$register_customer.customer_id",
                            "document_id": "$upload_document.document_id"}),
       ("rate_board", {}),
       ("quote_rate", {"token": LT, "currency": "$rate_board.0.0", "kind": "travel_money", "foreign_amount": 700}),
       ("place_order", {"token": LT, "customer_id": "$register_customer.customer_id",
                        "quote_id": "$quote_rate.quote_id", "collect_on": "2055-03-11"}),
       ("add_buyback", {"token": LT, "order_id": ORD}),
       ("take_payment", {"token": LT, "order_id": ORD, "method": "card", "amount": "$add_buyback.to_pay"}),
       ("branch_stock", {"token": LT, "currency": "$place_order.currency"}),
       ("prepare_order", {"token": LT, "order_id": ORD, "denominations": ["$branch_stock.3.1", "$branch_stock.2.1"],
                          "notes": [10, 10]}),
       ("collect_order", {"token": LT, "order_id": ORD, "collection_code": "$place_order.collection_code",
                          "id_seen": True}),
       ("sell_back", {"token": LT, "order_id": ORD, "foreign_amount": 200})]
NEW_ENABLE = cut(NEW, "verify_identity") + [
    ("set_transfers_enabled", {"token": LT, "customer_id": "$register_customer.customer_id", "enabled": True})]
NEW_PROFILE = cut(NEW, "register_customer") + [
    ("customer_profile", {"token": LT, "customer_id": "$register_customer.customer_id"})]
NEW_REFUND = cut(NEW, "take_payment") + [
    ("refund_order", {"token": LT, "order_id": ORD, "reason": "Her walking holiday is cancelled"})]
NEW_SAR = cut(NEW, "register_customer") + [login("henrike"),
    ("file_sar", {"token": HT, "customer_id": "$register_customer.customer_id",
                  "grounds": "Asked twice how much cash could be changed without identity"})]

# ---- the same order, found again from the list of orders

NEW_LISTED = cut(NEW, "place_order") + [("orders", {"token": LT, "status": "awaiting_payment",
                                                    "customer_id": "$register_customer.customer_id"})]
LO = "$orders.0.order_id"
LISTED = NEW_LISTED + [
    ("add_buyback", {"token": LT, "order_id": LO}),
    ("take_payment", {"token": LT, "order_id": LO, "method": "card", "amount": "$add_buyback.to_pay"}),
    ("branch_stock", {"token": LT, "currency": "$orders.0.currency"}),
    ("prepare_order", {"token": LT, "order_id": LO, "denominations": ["$branch_stock.3.1", "$branch_stock.2.1"],
                       "notes": [10, 10]}),
    ("collect_order", {"token": LT, "order_id": LO, "collection_code": "$orders.0.collection_code",
                       "id_seen": True}),
    ("sell_back", {"token": LT, "order_id": LO, "foreign_amount": 200})]
LISTED_REFUND = NEW_LISTED + [("refund_order", {"token": LT, "order_id": LO, "reason": "Her walking holiday is "
                                                                                       "cancelled"})]

# ---- Sabeline Tekle: her passport checked, Swiss francs paid in cash from a newly opened till

SABELINE = [login("lucinda"), ("find_customer", {"token": LT, "text": "Tekle"}),
            ("upload_document", {"token": LT, "customer_id": CUS, "kind": "passport", "number": "530027716",
                                 "expires": "2061-08-04"}),
            ("verify_identity", {"token": LT, "customer_id": CUS, "document_id": "$upload_document.document_id"}),
            ("rate_board", {}),
            ("quote_rate", {"token": LT, "currency": "$rate_board.2.0", "kind": "travel_money", "gbp_amount": 1200}),
            ("place_order", {"token": LT, "customer_id": CUS, "quote_id": "$quote_rate.quote_id",
                             "collect_on": "2055-03-11"}),
            ("open_till", {"token": LT, "float_amount": 1500}),
            ("take_payment", {"token": LT, "order_id": ORD, "method": "cash", "amount": "$place_order.to_pay"}),
            ("branch_stock", {"token": LT, "currency": "$place_order.currency"}),
            ("prepare_order", {"token": LT, "order_id": ORD,
                               "denominations": ["$branch_stock.3.1", "$branch_stock.2.1", "$branch_stock.0.1"],
                               "notes": [8, 10, 1]}),
            ("collect_order", {"token": LT, "order_id": ORD, "collection_code": "$place_order.collection_code",
                               "id_seen": True}),
            ("close_till", {"token": LT, "till_id": "$open_till.till_id", "counted": 2695.26})]
SABELINE_PROFILE = cut(SABELINE, "find_customer") + [
    ("customer_profile", {"token": LT, "customer_id": CUS})]

# ---- Ngozi Loveridge's yen: treasury brings notes in from the vault

YEN = [login("ezekiel"), ("find_customer", {"token": ET, "text": "Loveridge"}),
       ("rate_board", {}),
       ("quote_rate", {"token": ET, "currency": "$rate_board.3.0", "kind": "travel_money", "foreign_amount": 150000}),
       ("place_order", {"token": ET, "customer_id": CUS, "quote_id": "$quote_rate.quote_id",
                        "collect_on": "2055-03-11"}),
       ("take_payment", {"token": ET, "order_id": ORD, "method": "card", "amount": "$place_order.to_pay"}),
       login("wymond"),
       ("request_stock", {"token": BT, "currency": "$rate_board.3.0",
                          "denominations": ["$rate_board.3.4.1", "$rate_board.3.4.0"], "notes": [20, 30]}),
       ("receive_stock", {"token": BT, "request_id": "$request_stock.request_id"}),
       ("prepare_order", {"token": BT, "order_id": ORD, "denominations": ["$rate_board.3.4.2", "$rate_board.3.4.1"],
                          "notes": [3, 24]})]

# ---- Jovita Adeyemo sends money to the Philippines (a beneficiary already confirmed)

JOVITA = [login("lucinda"), ("find_customer", {"token": LT, "text": "Adeyemo"}),
            ("beneficiaries", {"token": LT, "customer_id": CUS}),
            ("transfer_corridors", {}),
            ("quote_rate", {"token": LT, "currency": "$transfer_corridors.0.2", "kind": "transfer",
                            "gbp_amount": 400}),
            ("create_transfer", {"token": LT, "customer_id": CUS, "beneficiary_id": "$beneficiaries.0.beneficiary_id",
                                 "quote_id": "$quote_rate.quote_id", "purpose": "family_support"}),
            ("fund_transfer", {"token": LT, "transfer_id": TX, "method": "debit_card",
                               "amount": "$create_transfer.to_pay"}),
            login("nesta"),
            ("screen_transfer", {"token": OT, "transfer_id": TX}),
            ("send_transfer", {"token": OT, "transfer_id": TX}),
            ("track_transfer", {"token": OT, "transfer_id": TX})]
JOVITA_LISTED = cut(JOVITA, "create_transfer") + [login("nesta"),
    ("transfers", {"token": OT, "status": "awaiting_funds"}),
    ("fund_transfer", {"token": OT, "transfer_id": "$transfers.0.transfer_id", "method": "debit_card",
                       "amount": "$transfers.0.to_pay"}),
    ("screen_transfer", {"token": OT, "transfer_id": "$transfers.0.transfer_id"}),
    ("send_transfer", {"token": OT, "transfer_id": "$transfers.0.transfer_id"}),
    ("track_transfer", {"token": OT, "transfer_id": "$transfers.0.transfer_id"}),
    ("recall_transfer", {"token": OT, "transfer_id": "$transfers.0.transfer_id",
                         "reason": "Sent to the wrong sister's account"})]

# ---- Gaspard Lowndes: transfers back on, his daughter's fees to India, a gift to Ghana that screening holds

GASPARD = [login("lucinda"), ("find_customer", {"token": LT, "text": "Lowndes"}),
           ("set_transfers_enabled", {"token": LT, "customer_id": CUS, "enabled": True}),
           ("beneficiaries", {"token": LT, "customer_id": CUS}),
           ("transfer_corridors", {}),
           ("quote_rate", {"token": LT, "currency": "$transfer_corridors.3.2", "kind": "transfer", "gbp_amount": 150}),
           ("create_transfer", {"token": LT, "customer_id": CUS, "beneficiary_id": "$beneficiaries.0.beneficiary_id",
                                "quote_id": "$quote_rate.quote_id", "purpose": "education"})]
GHANA = [login("lucinda"), ("find_customer", {"token": LT, "text": "Lowndes"}),
         ("set_transfers_enabled", {"token": LT, "customer_id": CUS, "enabled": True}),
         ("transfer_corridors", {}),
         ("add_beneficiary", {"token": LT, "customer_id": CUS, "name": "Fiifi Ofosu-Danquah",
                              "country": "$transfer_corridors.1.0", "account": "GH-KSB-1170044521",
                              "bank_code": "KUSBGHACXXX"}),
         ("verify_payee", {"token": LT, "beneficiary_id": "$add_beneficiary.beneficiary_id"}),
         ("quote_rate", {"token": LT, "currency": "$add_beneficiary.currency", "kind": "transfer", "gbp_amount": 300}),
         ("create_transfer", {"token": LT, "customer_id": CUS, "beneficiary_id": "$add_beneficiary.beneficiary_id",
                              "quote_id": "$quote_rate.quote_id", "purpose": "gift"}),
         ("fund_transfer", {"token": LT, "transfer_id": TX, "method": "debit_card",
                            "amount": "$create_transfer.to_pay"}),
         login("henrike"),
         ("screen_transfer", {"token": HT, "transfer_id": TX}),
         ("release_hold", {"token": HT, "transfer_id": TX,
                           "note": "Not the listed person: born 2016 in Kumasi; the listed man was born in 1983"}),
         login("nesta"),
         ("send_transfer", {"token": OT, "transfer_id": TX})]
GHANA_LISTED = cut(GHANA, "add_beneficiary") + [
    ("beneficiaries", {"token": LT, "customer_id": CUS}),
    ("verify_payee", {"token": LT, "beneficiary_id": "$beneficiaries.1.beneficiary_id"}),
    ("quote_rate", {"token": LT, "currency": "$beneficiaries.1.currency", "kind": "transfer", "gbp_amount": 300}),
    ("create_transfer", {"token": LT, "customer_id": CUS, "beneficiary_id": "$beneficiaries.1.beneficiary_id",
                         "quote_id": "$quote_rate.quote_id", "purpose": "gift"})]
GHANA_HELD = cut(GHANA, "screen_transfer") + [
    ("transfers", {"token": HT, "status": "held"}),
    ("release_hold", {"token": HT, "transfer_id": "$transfers.0.transfer_id",
                      "note": "Not the listed person: born 2016 in Kumasi; the listed man was born in 1983"})]
GHANA_SCREEN = cut(GHANA, "create_transfer") + [login("henrike"),
    ("transfers", {"token": HT, "customer_id": CUS, "status": "awaiting_funds"}),
    ("screen_transfer", {"token": HT, "transfer_id": "$transfers.0.transfer_id"})]

# ---- Cyprian Brzozowski: source of funds, enhanced due diligence, a higher limit, a flat deposit to Poland

CYPRIAN = [login("henrike"), ("find_customer", {"token": HT, "text": "Brzozowski"}),
           ("upload_document", {"token": HT, "customer_id": CUS, "kind": "bank_statement", "number": "STMT-2055-02"}),
           ("open_edd_case", {"token": HT, "customer_id": CUS, "reason": "A 6,000 pound deposit on a flat in Poznan"}),
           ("approve_edd", {"token": HT, "case_id": "$open_edd_case.case_id",
                            "note": "Three months' statements show the proceeds of his house sale"}),
           ("set_transfer_limit", {"token": HT, "customer_id": CUS, "limit": 8000}),
           login("nesta"),
           ("transfer_corridors", {}),
           ("add_beneficiary", {"token": OT, "customer_id": CUS, "name": "Zbigniew Korzeniowski",
                                "country": "$transfer_corridors.2.0", "account": "PL61109010140000071219812874",
                                "bank_code": "NADWPLPWXXX"}),
           ("verify_payee", {"token": OT, "beneficiary_id": "$add_beneficiary.beneficiary_id"}),
           ("quote_rate", {"token": OT, "currency": "$add_beneficiary.currency", "kind": "transfer",
                           "gbp_amount": 6000}),
           ("create_transfer", {"token": OT, "customer_id": CUS, "beneficiary_id": "$add_beneficiary.beneficiary_id",
                                "quote_id": "$quote_rate.quote_id", "purpose": "property"}),
           ("fund_transfer", {"token": OT, "transfer_id": TX, "method": "bank_transfer",
                              "amount": "$create_transfer.to_pay"}),
           ("screen_transfer", {"token": OT, "transfer_id": TX}),
           ("send_transfer", {"token": OT, "transfer_id": TX}),
           ("recall_transfer", {"token": OT, "transfer_id": TX, "reason": "The flat purchase has fallen through"})]
CYPRIAN_LIMIT_ONLY = cut(CYPRIAN, "find_customer") + [
    ("set_transfer_limit", {"token": HT, "customer_id": CUS, "limit": 4000})]
CYPRIAN_BENEFICIARIES = cut(CYPRIAN, "find_customer") + [("beneficiaries", {"token": HT, "customer_id": CUS})]

# ---- the entries and their proofs (the sign-in proofs are derived below)

_BODY = [
    # customers
    ("register_customer", "customer_profile", NEW_PROFILE),
    ("find_customer", "customer_profile", SABELINE_PROFILE),
    ("register_customer", "upload_document", cut(NEW, "upload_document")),
    ("find_customer", "upload_document", cut(SABELINE, "upload_document")),
    ("register_customer", "verify_identity", cut(NEW, "verify_identity")),
    ("find_customer", "verify_identity", cut(SABELINE, "verify_identity")),
    ("register_customer", "open_edd_case", cut(NEW, "register_customer") + [login("henrike"),
        ("open_edd_case", {"token": HT, "customer_id": "$register_customer.customer_id",
                           "reason": "Says she will send 9,000 pounds a month to Ghana"})]),
    ("find_customer", "open_edd_case", cut(CYPRIAN, "open_edd_case")),
    ("register_customer", "set_transfers_enabled", NEW_ENABLE),
    ("find_customer", "set_transfers_enabled", cut(GASPARD, "set_transfers_enabled")),
    ("register_customer", "set_transfer_limit", cut(NEW, "register_customer") + [login("henrike"),
        ("set_transfer_limit", {"token": HT, "customer_id": "$register_customer.customer_id", "limit": 1000})]),
    ("find_customer", "set_transfer_limit", CYPRIAN_LIMIT_ONLY),
    ("register_customer", "place_order", cut(NEW, "place_order")),
    ("find_customer", "place_order", cut(SABELINE, "place_order")),
    ("register_customer", "add_beneficiary", NEW_ENABLE + [("transfer_corridors", {}),
        ("add_beneficiary", {"token": LT, "customer_id": "$register_customer.customer_id", "name": "Chidinma Ugwu",
                             "country": "$transfer_corridors.4.0", "account": "KE-RVB-0170199887412",
                             "bank_code": "RFTVKENAXXX"})]),
    ("find_customer", "add_beneficiary", cut(GHANA, "add_beneficiary")),
    ("register_customer", "beneficiaries", cut(NEW, "register_customer") + [
        ("beneficiaries", {"token": LT, "customer_id": "$register_customer.customer_id"})]),
    ("find_customer", "beneficiaries", cut(JOVITA, "beneficiaries")),
    ("register_customer", "create_transfer", NEW_ENABLE + [("transfer_corridors", {}),
        ("add_beneficiary", {"token": LT, "customer_id": "$register_customer.customer_id", "name": "Wanjiku Kamau",
                             "country": "$transfer_corridors.4.0", "account": "KE-RVB-0170199887412",
                             "bank_code": "RFTVKENAXXX"}),
        ("verify_payee", {"token": LT, "beneficiary_id": "$add_beneficiary.beneficiary_id"}),
        ("quote_rate", {"token": LT, "currency": "$add_beneficiary.currency", "kind": "transfer", "gbp_amount": 250}),
        ("create_transfer", {"token": LT, "customer_id": "$register_customer.customer_id",
                             "beneficiary_id": "$add_beneficiary.beneficiary_id", "quote_id": "$quote_rate.quote_id",
                             "purpose": "family_support"})]),
    ("find_customer", "create_transfer", GASPARD),
    ("register_customer", "file_sar", NEW_SAR),
    ("find_customer", "file_sar", cut(CYPRIAN, "find_customer") + [
        ("file_sar", {"token": HT, "customer_id": CUS, "grounds": "Funds came from an account in a third name"})]),
    # orders
    ("place_order", "add_buyback", cut(NEW, "add_buyback")),
    ("orders", "add_buyback", cut(LISTED, "add_buyback")),
    ("place_order", "take_payment", cut(SABELINE, "take_payment")),
    ("orders", "take_payment", cut(LISTED, "take_payment")),
    ("place_order", "prepare_order", cut(NEW, "prepare_order")),
    ("orders", "prepare_order", cut(LISTED, "prepare_order")),
    ("place_order", "collect_order", cut(NEW, "collect_order")),
    ("orders", "collect_order", cut(LISTED, "collect_order")),
    ("place_order", "sell_back", NEW),
    ("orders", "sell_back", LISTED),
    ("place_order", "refund_order", NEW_REFUND),
    ("orders", "refund_order", LISTED_REFUND),
    # beneficiaries and transfers
    ("add_beneficiary", "verify_payee", cut(GHANA, "verify_payee")),
    ("beneficiaries", "verify_payee", cut(GHANA_LISTED, "verify_payee")),
    ("add_beneficiary", "create_transfer", cut(GHANA, "create_transfer")),
    ("beneficiaries", "create_transfer", GHANA_LISTED),
    ("create_transfer", "fund_transfer", cut(JOVITA, "fund_transfer")),
    ("transfers", "fund_transfer", cut(JOVITA_LISTED, "fund_transfer")),
    ("create_transfer", "screen_transfer", cut(JOVITA, "screen_transfer")),
    ("transfers", "screen_transfer", GHANA_SCREEN),
    ("create_transfer", "release_hold", cut(GHANA, "release_hold")),
    ("transfers", "release_hold", GHANA_HELD),
    ("create_transfer", "send_transfer", cut(JOVITA, "send_transfer")),
    ("transfers", "send_transfer", cut(JOVITA_LISTED, "send_transfer")),
    ("create_transfer", "track_transfer", JOVITA),
    ("transfers", "track_transfer", cut(JOVITA_LISTED, "track_transfer")),
    ("create_transfer", "recall_transfer", CYPRIAN),
    ("transfers", "recall_transfer", JOVITA_LISTED),
    # ids a call creates
    ("quote_rate", "place_order", cut(NEW, "place_order")),
    ("quote_rate", "create_transfer", cut(JOVITA, "create_transfer")),
    ("upload_document", "verify_identity", cut(SABELINE, "verify_identity")),
    ("open_edd_case", "approve_edd", cut(CYPRIAN, "approve_edd")),
    ("request_stock", "receive_stock", cut(YEN, "receive_stock")),
    ("open_till", "close_till", SABELINE),
    # vocabularies
    ("rate_board", "quote_rate", cut(NEW, "quote_rate")),
    ("transfer_corridors", "quote_rate", cut(JOVITA, "quote_rate")),
    ("transfer_corridors", "add_beneficiary", cut(CYPRIAN, "add_beneficiary")),
    ("rate_board", "request_stock", cut(YEN, "request_stock")),
    ("branch_stock", "prepare_order", cut(SABELINE, "prepare_order")),
    # vetting, documents, settings
    ("verify_identity", "place_order", cut(SABELINE, "place_order")),
    ("verify_identity", "set_transfers_enabled", NEW_ENABLE),
    ("verify_payee", "create_transfer", cut(CYPRIAN, "create_transfer")),
    ("screen_transfer", "send_transfer", cut(JOVITA, "send_transfer")),
    ("approve_edd", "set_transfer_limit", cut(CYPRIAN, "set_transfer_limit")),
    ("release_hold", "send_transfer", GHANA),
    ("upload_document", "approve_edd", cut(CYPRIAN, "approve_edd")),
    ("set_transfers_enabled", "add_beneficiary", cut(GHANA, "add_beneficiary")),
    ("set_transfers_enabled", "create_transfer", GASPARD),
    ("set_transfer_limit", "create_transfer", cut(CYPRIAN, "create_transfer")),
    ("add_buyback", "sell_back", NEW),
    # state and payment
    ("open_till", "take_payment", cut(SABELINE, "take_payment")),
    ("receive_stock", "prepare_order", YEN),
    ("prepare_order", "collect_order", cut(SABELINE, "collect_order")),
    ("collect_order", "sell_back", NEW),
    ("send_transfer", "recall_transfer", CYPRIAN),
    ("take_payment", "prepare_order", cut(NEW, "prepare_order")),
    ("fund_transfer", "send_transfer", cut(CYPRIAN, "send_transfer")),
]

_OWN = {"sign_out": [login("benedikta"), ("sign_out", {"token": PT})]}


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
    # the rate board read before Jovita's transfer is sent
    ("rate_board", [("rate_board", {})] + JOVITA),
    # a suspicious activity report filed before Cyprian's limit is raised
    ("file_sar", cut(NEW_SAR, "file_sar") + cut(CYPRIAN, "set_transfer_limit")[1:]),
    # the yen brought in from the vault before Idonea sells her euros back
    ("receive_stock", cut(YEN, "receive_stock") + NEW),
    # a till opened before Gaspard's transfer is booked
    ("open_till", [login("lucinda"), ("open_till", {"token": LT, "float_amount": 800})] + GASPARD),
    # Jovita's transfer tracked before Sabeline's order is placed
    ("track_transfer", JOVITA + cut(SABELINE, "place_order")),
    # Idonea's order refunded before the yen are brought in from the vault
    ("refund_order", NEW_REFUND + cut(YEN, "receive_stock")),
    # Gaspard's transfers turned on before Sabeline's passport is checked
    ("set_transfers_enabled", cut(GASPARD, "set_transfers_enabled") + cut(SABELINE, "verify_identity")),
    # a beneficiary's payee checked before Cyprian's enhanced due diligence is approved
    ("verify_payee", cut(GHANA, "verify_payee") + cut(CYPRIAN, "approve_edd")),
]
