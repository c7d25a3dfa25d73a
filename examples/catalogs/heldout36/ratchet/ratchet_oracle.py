"""Scripted proofs that Ratchet's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which reads the depot's ``"Error: ..."`` replies as
refusals by itself; the tools return pydantic models, which the runtime converts, so the plain oracle has nothing to run
them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "lee")``) and pass ``"$lee.token"``; replies are read by field (``"$open_account.customer_id"``,
``"$create_contract.contract_id"``, ``"$book_collection.job_id"``, ``"$report_damage.damage_id"``,
``"$close_contract.invoice_id"``), a bare list by position (``"$stock_items.0"``, a serial number), list entries by
position and field (``"$find_customer.0.customer_id"``, ``"$contracts.2.contract_id"``, ``"$catalogue.0.code"``,
``"$collection_jobs.0.job_id"``, ``"$damage_reports.0.damage_id"``, ``"$invoices.0.invoice_id"``) and rows of lists
by position (``"$add_item.items.0.0"``, ``"$contract_detail.items.0.0"``, a serial on a contract). The positions follow
the fresh state's order of records by id (filtered as each call asks) and of ``PRODUCTS``. Every id, product code and
serial number is read from a reply; none is written literally (names, kinds, phone numbers, e-mail addresses,
addresses, contacts, ID documents and proofs of address, ticket schemes, card numbers and their expiry dates, credit
limits, sites, dates, slots, deposits and payments, conditions, inspection results, notes, damage and its cost,
subjects, bodies and reasons are written as the staff are told them). A step saved under a name of its own is a second
call of a tool on one path.

The day: Mr Callum Dredge opens a cash account; Lee verifies his ID, writes him a contract for a breaker from stock,
takes the deposit and checks it out; he extends the hire, or off-hires it and Tony collects it, or brings it back to
the counter, where Baz finds it damaged; Ola charges the damage (or Pam waives it), closes the contract, takes his
payment and refunds his deposit; on other paths the breaker comes off the draft contract, the contract is cancelled, or
the broken breaker is swapped for one Baz has just inspected; his phone changes, he is e-mailed, his account is read.
Ferncliffe Builders open a trade account, get a credit limit and record a PASMA card. Brightwater Interiors record an
IPAF card and hire the scissor lift on credit Ola approves. Mrs Okoro's phone changes, her mixer is off-hired, or
brought back dirty and her contract closed, paid and her deposit refunded; Gareth Lamb's ID is verified; Ms Farooq's
draft contract gets the mixer, its deposit and is checked out, or the inspected floor sander, or is cancelled; a
contract is written for her; Keel & Sons are e-mailed, their scissor lift hire is extended and their off-hired tower is
booked for collection and collected; Hollin Groundworks' account is read and their broken breaker swapped; their
returned contract's damage is charged (or waived) and the contract closed, and their old invoice paid; the floor
sander's history is read; a generator is quarantined; the hire of a scissor lift is quoted; the on-hire contracts are
read.
"""

import ratchet_tools as tools

WHO = {"lee": ("lee.c", "Chuck-Key-42"), "meg": ("meg.d", "Hire-Desk-9"), "baz": ("baz.o", "Pat-Tester-240"),
       "tony": ("tony.v", "Tail-Lift-7"), "ola": ("ola.b", "Ledger-Green-5"), "pam": ("pam.s", "Quarrybank-1987")}
L, B, T, O, P = "$lee.token", "$baz.token", "$tony.token", "$ola.token", "$pam.token"
BREAKER, LIFT, MIXER, SANDER, GENERATOR = ("$catalogue.0.code", "$catalogue.1.code", "$catalogue.3.code",
                                           "$catalogue.4.code", "$catalogue.6.code")


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(text: str, who: str = "lee") -> list:
    return [sign_in(who), ("find_customer", {"token": f"${who}.token", "text": text})]


FOUND = "$find_customer.0.customer_id"
NEW = "$open_account.customer_id"
K = "$create_contract.contract_id"
ON_LOAN = "$add_item.items.0.0"


def contracts(status: str, who: str = "lee") -> tuple:
    return ("contracts", {"token": f"${who}.token", "status": status})


# Mr Callum Dredge, a new cash customer hiring a breaker
C = [sign_in("lee"),
     ("open_account", {"token": L, "name": "Mr Callum Dredge", "kind": "cash", "phone": "07700 950340",
                       "email": "callum.dredge@example.com", "address": "14 Weir Street, Quarrybank"})]
C_UPDATE = C + [("update_customer", {"token": L, "customer_id": NEW, "phone": "07700 950349"})]
C_ACCOUNT = C + [("customer_account", {"token": L, "customer_id": NEW})]
C_MESSAGE = C + [("message_customer", {"token": L, "customer_id": NEW, "subject": "Your account",
                                       "body": "Your account is open; bring photo ID when you first hire."})]
C_VERIFY = C + [("verify_id", {"token": L, "customer_id": NEW, "document": "driving_licence",
                               "proof_of_address": "Council tax bill dated August 2034"})]
C_CONTRACT = C_VERIFY + [("create_contract", {"token": L, "customer_id": NEW,
                                              "site_address": "14 Weir Street, Quarrybank", "start": "2034-10-09",
                                              "expected_end": "2034-10-11"})]
C_ITEM = C_CONTRACT + [("catalogue", {}), ("stock_items", {"token": L, "product_code": BREAKER}),
                       ("add_item", {"token": L, "contract_id": K, "serial": "$stock_items.0"})]
C_REMOVE = C_ITEM + [("remove_item", {"token": L, "contract_id": K, "serial": "$stock_items.0"})]
C_CANCEL = C_CONTRACT + [("cancel_contract", {"token": L, "contract_id": K, "reason": "He borrowed a neighbour's"})]
C_DEPOSIT = C_ITEM + [("take_deposit", {"token": L, "contract_id": K, "amount": 100.0, "method": "card"})]
C_OUT = C_DEPOSIT + [("check_out", {"token": L, "contract_id": K})]
C_EXTEND = C_OUT + [("extend_hire", {"token": L, "contract_id": K, "new_end": "2034-10-12"})]
C_DETAIL = C_OUT + [("contract_detail", {"token": L, "contract_id": K})]
C_OFF = C_OUT + [("off_hire", {"token": L, "contract_id": K})]
C_BOOK = C_OFF + [("book_collection", {"token": L, "contract_id": K, "date": "2034-10-10", "slot": "am"})]
C_COLLECT = C_BOOK + [sign_in("tony"), ("complete_collection", {"token": T, "job_id": "$book_collection.job_id"})]
C_COLLECT_DAMAGE = C_COLLECT + [sign_in("baz"), (
    "report_damage", {"token": B, "contract_id": K, "serial": ON_LOAN, "description": "Casing cracked; dropped off "
                      "the patio step", "repair_cost": 140.0})]
C_COLLECT_CLOSE = C_COLLECT + [sign_in("ola"), ("close_contract", {"token": O, "contract_id": K})]
C_RETURN = C_OUT + [("return_item", {"token": L, "contract_id": K, "serial": ON_LOAN, "condition": "damaged"})]
C_DAMAGE = C_RETURN + [sign_in("baz"), (
    "report_damage", {"token": B, "contract_id": K, "serial": ON_LOAN, "description": "Chisel snapped in the tool "
                      "holder; retainer bent", "repair_cost": 85.0})]
C_CHARGE = C_DAMAGE + [sign_in("ola"), ("charge_damage", {"token": O, "damage_id": "$report_damage.damage_id"})]
C_CLOSE = C_CHARGE + [("close_contract", {"token": O, "contract_id": K})]
C_PAY = C_CLOSE + [("record_payment", {"token": O, "invoice_id": "$close_contract.invoice_id", "amount": 127.0,
                                       "method": "card"})]
C_REFUND = C_PAY + [("refund_deposit", {"token": O, "contract_id": K})]
C_WAIVE = C_DAMAGE + [sign_in("pam"), ("waive_damage", {"token": P, "damage_id": "$report_damage.damage_id",
                                                         "reason": "The chisel was already worn; fair wear and tear"}),
                      sign_in("ola"), ("close_contract", {"token": O, "contract_id": K})]
C_SWAP = C_OUT + [sign_in("baz"), ("stock_items", {"token": B, "product_code": BREAKER,
                                                   "status": "awaiting_inspection"}, "back"),
                  ("inspect_item", {"token": B, "serial": "$back.0", "result": "pass",
                                    "notes": "Service check: new retainer fitted, hammers cleanly"}),
                  ("swap_item", {"token": L, "contract_id": K, "old_serial": ON_LOAN, "new_serial": "$back.0"})]

# Ferncliffe Builders, a new trade account
FB = [sign_in("lee"),
      ("open_account", {"token": L, "name": "Ferncliffe Builders Ltd", "kind": "trade", "phone": "01632 960340",
                        "email": "accounts@ferncliffe.example",
                        "address": "Ferncliffe House, Station Road, Hollinbridge", "contact": "Mrs Anne Ferncliffe"})]
FB_CREDIT = FB + [sign_in("ola"), ("approve_credit", {"token": O, "customer_id": NEW, "limit": 1500.0})]
FB_TICKET = FB + [("record_operator_ticket", {"token": L, "customer_id": NEW, "scheme": "PASMA",
                                              "card_number": "PAS-31877", "expires": "2035-09-30"})]

# Brightwater Interiors hire the scissor lift on credit
BW = find("Brightwater") + [
    ("record_operator_ticket", {"token": L, "customer_id": FOUND, "scheme": "IPAF", "card_number": "IPAF-3A-517702",
                                "expires": "2036-06-30"}),
    ("create_contract", {"token": L, "customer_id": FOUND, "site_address": "Unit 9, Weir Road, Hollinbridge",
                         "start": "2034-10-09", "expected_end": "2034-10-13"}),
    ("catalogue", {}), ("stock_items", {"token": L, "product_code": LIFT}),
    ("add_item", {"token": L, "contract_id": K, "serial": "$stock_items.0"}),
    sign_in("ola"), ("approve_credit", {"token": O, "customer_id": FOUND, "limit": 3000.0}),
    ("check_out", {"token": L, "contract_id": K})]

# the regulars (contracts: draft 0 HC-7104 Ms Farooq; on hire 0 HC-7101 Hollin, 1 HC-7102 Keel, 2 HC-7103 Okoro;
# off hire 0 HC-7100 Keel; returned 0 HC-7098 Hollin)
OKORO_PHONE = find("Okoro") + [("update_customer", {"token": L, "customer_id": FOUND, "phone": "07700 950392"})]
HOLLIN_ACCOUNT = find("Hollin") + [("customer_account", {"token": L, "customer_id": FOUND})]
KEEL_MESSAGE = find("Keel") + [("message_customer", {"token": L, "customer_id": FOUND, "subject": "Scissor lift",
                                                     "body": "Your scissor lift hire now runs to Friday."})]
LAMB_VERIFY = find("Lamb") + [("verify_id", {"token": L, "customer_id": FOUND, "document": "passport",
                                             "proof_of_address": "Water bill dated September 2034"})]
BW_TICKET = cut(BW, "record_operator_ticket")
BW_CREDIT = find("Brightwater") + [sign_in("ola"), ("approve_credit", {"token": O, "customer_id": FOUND,
                                                                       "limit": 3000.0})]
FAROOQ_CONTRACT = find("Farooq") + [("create_contract", {"token": L, "customer_id": FOUND,
                                                         "site_address": "2 Linden Court, Hollinbridge",
                                                         "start": "2034-10-14", "expected_end": "2034-10-15"})]
DRAFT = "$contracts.0.contract_id"
FAROOQ_MIXER = [sign_in("lee"), contracts("draft"), ("catalogue", {}),
                ("stock_items", {"token": L, "product_code": MIXER}),
                ("add_item", {"token": L, "contract_id": DRAFT, "serial": "$stock_items.0"})]
FAROOQ_UNMIX = FAROOQ_MIXER + [("remove_item", {"token": L, "contract_id": DRAFT, "serial": "$stock_items.0"})]
FAROOQ_DEPOSIT = FAROOQ_MIXER + [("take_deposit", {"token": L, "contract_id": DRAFT, "amount": 50.0, "method": "cash"})]
FAROOQ_OUT = FAROOQ_DEPOSIT + [("check_out", {"token": L, "contract_id": DRAFT})]
FAROOQ_CANCEL = [sign_in("lee"), contracts("draft"),
                 ("cancel_contract", {"token": L, "contract_id": DRAFT, "reason": "She no longer needs a mixer"})]
FS_INSPECT = [sign_in("baz"), ("catalogue", {}), ("stock_items", {"token": B, "product_code": SANDER}),
          ("inspect_item", {"token": B, "serial": "$stock_items.0", "result": "pass",
                            "notes": "PAT test passed; drum and pads checked"}),
          sign_in("lee"), contracts("draft"),
          ("add_item", {"token": L, "contract_id": DRAFT, "serial": "$stock_items.0"})]
SANDER_HISTORY = [sign_in("baz"), ("catalogue", {}), ("stock_items", {"token": B, "product_code": SANDER}),
                  ("item_history", {"token": B, "serial": "$stock_items.0"})]
GENERATOR_OUT = [sign_in("baz"), ("catalogue", {}), ("stock_items", {"token": B, "product_code": GENERATOR}),
                 ("quarantine_item", {"token": B, "serial": "$stock_items.0", "reason": "Pull cord frayed"})]
QUOTE = [("catalogue", {}), ("hire_quote", {"product_code": LIFT, "days": 5})]
ON_HIRE = [sign_in("lee"), contracts("on_hire"), ("contract_detail", {"token": L,
                                                                      "contract_id": "$contracts.0.contract_id"})]
KEEL_EXTEND = [sign_in("lee"), contracts("on_hire"),
               ("extend_hire", {"token": L, "contract_id": "$contracts.1.contract_id", "new_end": "2034-10-13"})]
OKORO_OFF = [sign_in("lee"), contracts("on_hire"),
             ("off_hire", {"token": L, "contract_id": "$contracts.2.contract_id"})]
OKORO_RETURN = [sign_in("lee"), contracts("on_hire"),
                ("contract_detail", {"token": L, "contract_id": "$contracts.2.contract_id"}),
                ("return_item", {"token": L, "contract_id": "$contracts.2.contract_id",
                                 "serial": "$contract_detail.items.0.0", "condition": "dirty"})]
OKORO_REFUND = OKORO_RETURN + [
    sign_in("ola"), ("close_contract", {"token": O, "contract_id": "$contracts.2.contract_id"}),
    ("record_payment", {"token": O, "invoice_id": "$close_contract.invoice_id", "amount": 65.0, "method": "cash"}),
    ("refund_deposit", {"token": O, "contract_id": "$contracts.2.contract_id"})]
HOLLIN_SWAP = [sign_in("lee"), contracts("on_hire"),
               ("contract_detail", {"token": L, "contract_id": "$contracts.0.contract_id"}),
               ("catalogue", {}), ("stock_items", {"token": L, "product_code": BREAKER}),
               ("swap_item", {"token": L, "contract_id": "$contracts.0.contract_id",
                              "old_serial": "$contract_detail.items.0.0", "new_serial": "$stock_items.0"})]
KEEL_TOWER = [sign_in("lee"), contracts("off_hire"),
              ("book_collection", {"token": L, "contract_id": "$contracts.0.contract_id", "date": "2034-10-09",
                                   "slot": "pm"}),
              sign_in("tony"), ("collection_jobs", {"token": T, "date": "2034-10-09"}),
              ("complete_collection", {"token": T, "job_id": "$collection_jobs.0.job_id"})]
HOLLIN_CHARGE = [sign_in("ola"), contracts("returned", "ola"), ("damage_reports", {"token": O, "status": "open"}),
                 ("charge_damage", {"token": O, "damage_id": "$damage_reports.0.damage_id"}),
                 ("close_contract", {"token": O, "contract_id": "$contracts.0.contract_id"})]
HOLLIN_WAIVE = [sign_in("pam"), ("damage_reports", {"token": P, "status": "open"}),
                ("waive_damage", {"token": P, "damage_id": "$damage_reports.0.damage_id",
                                  "reason": "Hollin are a long-standing account; the chisel was already worn"})]
HOLLIN_INVOICE = [sign_in("ola"), ("invoices", {"token": O, "unpaid_only": True}),
                  ("record_payment", {"token": O, "invoice_id": "$invoices.0.invoice_id", "amount": 310.0,
                                      "method": "bacs"})]

_BODY = [
    # customers
    ("open_account", "update_customer", C_UPDATE),
    ("find_customer", "update_customer", OKORO_PHONE),
    ("open_account", "customer_account", C_ACCOUNT),
    ("find_customer", "customer_account", HOLLIN_ACCOUNT),
    ("open_account", "message_customer", C_MESSAGE),
    ("find_customer", "message_customer", KEEL_MESSAGE),
    ("open_account", "verify_id", C_VERIFY),
    ("find_customer", "verify_id", LAMB_VERIFY),
    ("open_account", "record_operator_ticket", FB_TICKET),
    ("find_customer", "record_operator_ticket", BW_TICKET),
    ("open_account", "approve_credit", FB_CREDIT),
    ("find_customer", "approve_credit", BW_CREDIT),
    ("open_account", "create_contract", C_CONTRACT),
    ("find_customer", "create_contract", FAROOQ_CONTRACT),
    ("verify_id", "create_contract", C_CONTRACT),
    # stock
    ("catalogue", "hire_quote", QUOTE),
    ("catalogue", "stock_items", cut(SANDER_HISTORY, "stock_items")),
    ("stock_items", "item_history", SANDER_HISTORY),
    ("stock_items", "inspect_item", cut(FS_INSPECT, "inspect_item")),
    ("stock_items", "quarantine_item", GENERATOR_OUT),
    ("stock_items", "add_item", C_ITEM),
    ("stock_items", "swap_item", HOLLIN_SWAP),
    ("inspect_item", "add_item", FS_INSPECT),
    ("inspect_item", "swap_item", C_SWAP),
    ("record_operator_ticket", "add_item", cut(BW, "add_item")),
    # contracts
    ("create_contract", "contract_detail", C_DETAIL),
    ("contracts", "contract_detail", ON_HIRE),
    ("create_contract", "add_item", C_ITEM),
    ("contracts", "add_item", FAROOQ_MIXER),
    ("create_contract", "remove_item", C_REMOVE),
    ("contracts", "remove_item", FAROOQ_UNMIX),
    ("add_item", "remove_item", C_REMOVE),
    ("create_contract", "take_deposit", C_DEPOSIT),
    ("contracts", "take_deposit", FAROOQ_DEPOSIT),
    ("add_item", "take_deposit", C_DEPOSIT),
    ("create_contract", "check_out", C_OUT),
    ("contracts", "check_out", FAROOQ_OUT),
    ("add_item", "check_out", C_OUT),
    ("take_deposit", "check_out", C_OUT),
    ("approve_credit", "check_out", BW),
    ("create_contract", "extend_hire", C_EXTEND),
    ("contracts", "extend_hire", KEEL_EXTEND),
    ("check_out", "extend_hire", C_EXTEND),
    ("create_contract", "swap_item", C_SWAP),
    ("contracts", "swap_item", HOLLIN_SWAP),
    ("check_out", "swap_item", C_SWAP),
    ("create_contract", "off_hire", C_OFF),
    ("contracts", "off_hire", OKORO_OFF),
    ("check_out", "off_hire", C_OFF),
    ("create_contract", "book_collection", C_BOOK),
    ("contracts", "book_collection", cut(KEEL_TOWER, "book_collection")),
    ("off_hire", "book_collection", C_BOOK),
    ("book_collection", "complete_collection", C_COLLECT),
    ("collection_jobs", "complete_collection", KEEL_TOWER),
    ("create_contract", "return_item", C_RETURN),
    ("contracts", "return_item", OKORO_RETURN),
    ("check_out", "return_item", C_RETURN),
    ("add_item", "return_item", C_RETURN),
    ("contract_detail", "return_item", OKORO_RETURN),
    ("create_contract", "cancel_contract", C_CANCEL),
    ("contracts", "cancel_contract", FAROOQ_CANCEL),
    # damage, invoices and deposits
    ("return_item", "report_damage", C_DAMAGE),
    ("complete_collection", "report_damage", C_COLLECT_DAMAGE),
    ("report_damage", "charge_damage", C_CHARGE),
    ("damage_reports", "charge_damage", cut(HOLLIN_CHARGE, "charge_damage")),
    ("report_damage", "waive_damage", cut(C_WAIVE, "waive_damage")),
    ("damage_reports", "waive_damage", HOLLIN_WAIVE),
    ("create_contract", "close_contract", C_CLOSE),
    ("contracts", "close_contract", HOLLIN_CHARGE),
    ("return_item", "close_contract", C_CLOSE),
    ("complete_collection", "close_contract", C_COLLECT_CLOSE),
    ("charge_damage", "close_contract", C_CLOSE),
    ("waive_damage", "close_contract", C_WAIVE),
    ("close_contract", "record_payment", C_PAY),
    ("invoices", "record_payment", HOLLIN_INVOICE),
    ("create_contract", "refund_deposit", C_REFUND),
    ("contracts", "refund_deposit", OKORO_REFUND),
    ("close_contract", "refund_deposit", C_REFUND),
    ("record_payment", "refund_deposit", C_REFUND),
]

_OWN = {"sign_out": [sign_in("meg"), ("sign_out", {"token": "$meg.token"})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the catalogue is read before Mrs Okoro's phone number is changed
    ("catalogue", find("Okoro") + [("catalogue", {}), OKORO_PHONE[-1]]),
    # the collections booked are read before Keel & Sons are e-mailed
    ("collection_jobs", find("Keel") + [("collection_jobs", {"token": L}), KEEL_MESSAGE[-1]]),
    # customers are searched before Keel & Sons' scissor lift hire is extended
    ("find_customer", KEEL_EXTEND[:2] + [("find_customer", {"token": L, "text": "Keel"}), KEEL_EXTEND[-1]]),
    # the catalogue is read before Gareth Lamb's ID is verified
    ("catalogue", find("Lamb") + [("catalogue", {}), LAMB_VERIFY[-1]]),
    # the contracts are read before the generator is quarantined
    ("contracts", GENERATOR_OUT[:3] + [("contracts", {"token": B}), GENERATOR_OUT[-1]]),
    # the damage reports are read before Brightwater Interiors' credit limit is approved
    ("damage_reports", BW_CREDIT[:3] + [("damage_reports", {"token": O}), BW_CREDIT[-1]]),
    # the unpaid invoices are read before the floor sander's history is read
    ("invoices", SANDER_HISTORY[:3] + [("invoices", {"token": B, "unpaid_only": True}), SANDER_HISTORY[-1]]),
]
