"""Scripted proofs that Bankline's designed prerequisites are real (checked with oracle.py's machinery).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (references to its outputs replaced by control
values). The statement id that only appears inside a sentence is written literally (deterministic).
"""

import bankline_tools as _bt

L = ("login", {"username": "jnovak", "password": "Tr4nsfer!2025"})
G = ("generate_totp", {"secret": "JNOVAK7Q2W"})
V = ("verify_2fa", {"challenge_id": "$login.challenge_id", "code": "$generate_totp"})
TD = ("login_trusted_device", {"username": "jnovak", "device_token": "dev-7f2c91aa-5e1b"})
AUTH = {"verify_2fa": ([L, G, V], "$verify_2fa.session_token"),
        "login_trusted_device": ([TD], "$login_trusted_device.session_token")}
T0 = "$login_trusted_device.session_token"
STATEMENT = "ST-F1996A"   # request_statement(ACC-10021, "02/2025", "pdf")


def accounts(provider: str, t: str) -> tuple[list, str, str]:
    """Steps that find the EUR current and savings accounts, and references to their ids."""
    if provider == "list_accounts":
        return [("list_accounts", {"session_token": t})], "$list_accounts.0.account_id", "$list_accounts.1.account_id"
    return ([("normalize_iban", {"iban": "cz65 0800 0000 1920 0014 5399"}, "norm_cur"),
             ("find_account_by_iban", {"session_token": t, "iban": "$norm_cur.iban"}, "acc_cur"),
             ("normalize_iban", {"iban": "CZ11 0800 0000 1920 0014 5401"}, "norm_sav"),
             ("find_account_by_iban", {"session_token": t, "iban": "$norm_sav.iban"}, "acc_sav")],
            "$acc_cur.account_id", "$acc_sav.account_id")


def stepup(name: str = "stepup") -> tuple:
    return ("generate_totp", {"secret": "JNOVAK7Q2W"}, name)


def account_consumer(c: str, t: str, cur: str, sav: str) -> list:
    lp = ("list_payees", {"session_token": t})
    return {
        "get_balance": [("get_balance", {"session_token": t, "account_id": cur})],
        "get_transactions": [("get_transactions", {"session_token": t, "account_id": cur, "from_date": "01/02/2025",
                                                   "to_date": "04/03/2025"})],
        "internal_transfer": [("internal_transfer", {"session_token": t, "from_account_id": cur, "to_account_id": sav,
                                                     "amount": 100.0})],
        "make_transfer": [lp, ("make_transfer", {"session_token": t, "from_account_id": cur,
                                                 "payee_id": "$list_payees.payees.0.payee_id", "amount": 250.0,
                                                 "currency": "EUR", "reference": "Rent March", "execution_date": "04/03/2025"})],
        "create_virtual_card": [("create_virtual_card", {"session_token": t, "account_id": cur, "label": "Online shopping"})],
        "request_statement": [("request_statement", {"session_token": t, "account_id": cur, "month": "02/2025",
                                                     "file_format": "pdf"})],
        "create_standing_order": [lp, ("create_standing_order", {
            "session_token": t, "from_account_id": cur, "payee_id": "$list_payees.payees.0.payee_id", "amount": 850.0,
            "frequency": "monthly", "first_date": "01/04/2025"})],
        "open_savings_account": [("set_tax_residency", {"session_token": t, "country": "CZ", "tax_id": "850215/4321"}),
                                 ("list_savings_products", {}),
                                 ("open_savings_account", {"session_token": t, "product_code": "$list_savings_products.0.0",
                                                           "funding_account_id": cur, "amount": 500.0})],
        "create_balance_alert": [("create_balance_alert", {"session_token": t, "account_id": cur, "threshold": 200.0,
                                                           "channel": "push"})],
    }[c]


def payee_steps(provider: str, t: str, confirm: bool = True) -> tuple[list, str]:
    if provider == "list_payees":
        return [("list_payees", {"session_token": t})], "$list_payees.payees.0.payee_id"
    steps = [("normalize_iban", {"iban": "cz76 5500 0000 0010 4782 3012"}),
             ("add_payee", {"session_token": t, "name": "Petra Svobodova", "iban": "$normalize_iban.iban", "currency": "EUR"})]
    if confirm:
        steps += [stepup(), ("confirm_payee", {"session_token": t, "payee_id": "$add_payee.payee_id", "code": "$stepup"})]
    return steps, "$add_payee.payee_id"


def transfer(t: str, payee: str, date: str = "04/03/2025", amount: float = 250.0) -> tuple:
    return ("make_transfer", {"session_token": t, "from_account_id": "$list_accounts.0.account_id", "payee_id": payee,
                              "amount": amount, "currency": "EUR", "reference": "Rent March", "execution_date": date})


def recipe(c: str, t: str) -> list:
    """A successful path (after signing in with token ``t``) that ends with ``c``."""
    la, cur, sav = accounts("list_accounts", t)
    if c in _bt._ACCOUNT_USERS:
        return la + account_consumer(c, t, cur, sav)
    lc = ("list_cards", {"session_token": t})
    c7731, c2290 = "$list_cards.accounts.0.cards.0.card_id", "$list_cards.accounts.2.cards.0.card_id"
    lpay = ("list_payees", {"session_token": t})
    return {
        "get_profile": [("get_profile", {"session_token": t})],
        "set_tax_residency": [("set_tax_residency", {"session_token": t, "country": "CZ", "tax_id": "850215/4321"})],
        "list_accounts": la,
        "find_account_by_iban": accounts("find_account_by_iban", t)[0][:2],
        "search_transactions": [("search_transactions", {"session_token": t, "text": "alza"})],
        "get_transaction": [("search_transactions", {"session_token": t, "text": "alza"}),
                            ("get_transaction", {"session_token": t,
                                                 "transaction_id": "$search_transactions.results.0.transaction_id"})],
        "dispute_transaction": la + account_consumer("get_transactions", t, cur, sav) + [
            ("dispute_transaction", {"session_token": t, "transaction_id": "$get_transactions.1.0",
                                     "card_id": "$get_transactions.1.5", "reason": "not_received"})],
        "list_payees": [lpay],
        "add_payee": payee_steps("add_payee", t, confirm=False)[0],
        "confirm_payee": payee_steps("add_payee", t)[0],
        "delete_payee": [lpay, ("delete_payee", {"session_token": t, "payee_id": "$list_payees.payees.0.payee_id"})],
        "get_fx_quote": [("get_fx_quote", {"session_token": t, "sell_currency": "EUR", "buy_currency": "USD", "amount": 100.0})],
        "get_transfer_status": la + [lpay, transfer(t, "$list_payees.payees.0.payee_id"),
                                     ("get_transfer_status", {"session_token": t, "transfer_id": "$make_transfer.transfer_id"})],
        "cancel_transfer": la + [lpay, transfer(t, "$list_payees.payees.0.payee_id", "15/03/2025"),
                                 ("cancel_transfer", {"session_token": t, "transfer_id": "$make_transfer.transfer_id"})],
        "set_daily_transfer_limit": [stepup(), ("set_daily_transfer_limit", {"session_token": t, "limit": 3000,
                                                                             "code": "$stepup"})],
        "list_cards": [lc],
        "freeze_card": [lc, ("freeze_card", {"session_token": t, "card_id": c2290})],
        "unfreeze_card": [lc, ("unfreeze_card", {"session_token": t, "card_id": c7731})],
        "set_online_payments": [lc, ("set_online_payments", {"session_token": t, "card_id": c7731, "enabled": True})],
        "set_card_limit": [lc, ("set_card_limit", {"session_token": t, "card_id": c2290, "daily_limit": 400})],
        "list_pending_approvals": [("list_pending_approvals", {"session_token": t})],
        "approve_online_purchase": [lc, ("unfreeze_card", {"session_token": t, "card_id": c7731}),
                                    ("set_online_payments", {"session_token": t, "card_id": c7731, "enabled": True}),
                                    ("list_pending_approvals", {"session_token": t}),
                                    ("approve_online_purchase", {"session_token": t,
                                                                 "purchase_id": "$list_pending_approvals.0.0",
                                                                 "card_id": "$list_pending_approvals.0.1"})],
        "download_statement": la + account_consumer("request_statement", t, cur, sav) + [
            ("download_statement", {"session_token": t, "statement_id": STATEMENT})],
        "book_branch_appointment": [("find_branch", {"city": "Praha"}),
                                    ("book_branch_appointment", {"session_token": t,
                                                                 "branch_id": "$find_branch.branches.0.branch_id",
                                                                 "date": "12/03/2025", "time": "10:30", "topic": "mortgage"})],
    }[c]


_TD = [TD]
PROOFS: list = []
for _c in _bt._SESSION_USERS:
    for _p, (_steps, _t) in AUTH.items():
        PROOFS.append((_p, _c, _steps + recipe(_c, _t)))
for _p in ("list_accounts", "find_account_by_iban"):
    _steps, _cur, _sav = accounts(_p, T0)
    PROOFS += [(_p, _c, _TD + _steps + account_consumer(_c, T0, _cur, _sav)) for _c in _bt._ACCOUNT_USERS]
for _p in ("list_payees", "add_payee"):
    _steps, _pay = payee_steps(_p, T0)
    _la = [("list_accounts", {"session_token": T0})]
    PROOFS += [
        (_p, "make_transfer", _TD + _la + _steps + [transfer(T0, _pay)]),
        (_p, "create_standing_order", _TD + _la + _steps + [("create_standing_order", {
            "session_token": T0, "from_account_id": "$list_accounts.0.account_id", "payee_id": _pay, "amount": 40.0,
            "frequency": "weekly", "first_date": "10/03/2025"})]),
        (_p, "delete_payee", _TD + _steps + [("delete_payee", {"session_token": T0, "payee_id": _pay})]),
    ]
_VC = [TD, ("list_accounts", {"session_token": T0}),
       ("create_virtual_card", {"session_token": T0, "account_id": "$list_accounts.0.account_id", "label": "Subscriptions"})]
for _c, _args in (("freeze_card", {}), ("set_online_payments", {"enabled": True}), ("set_card_limit", {"daily_limit": 100})):
    PROOFS.append(("list_cards", _c, _TD + recipe(_c, T0)))
    PROOFS.append(("create_virtual_card", _c, _VC + [(_c, {"session_token": T0, "card_id": "$create_virtual_card", **_args})]))

_NEW_PAYEE = payee_steps("add_payee", T0)[0]
_LA = [("list_accounts", {"session_token": T0})]
_FX = _TD + _LA + [("list_payees", {"session_token": T0}),
                   ("get_fx_quote", {"session_token": T0, "sell_currency": "EUR", "buy_currency": "USD", "amount": 300.0}),
                   ("make_transfer", {"session_token": T0, "from_account_id": "$list_accounts.0.account_id",
                                      "payee_id": "$list_payees.payees.1.payee_id", "amount": 300.0, "currency": "USD",
                                      "reference": "Spring term", "execution_date": "04/03/2025",
                                      "fx_quote_id": "$get_fx_quote.quote.id"})]
_LIMIT = _TD + _LA + [("list_payees", {"session_token": T0}), stepup(),
                      ("set_daily_transfer_limit", {"session_token": T0, "limit": 3000, "code": "$stepup"}),
                      transfer(T0, "$list_payees.payees.0.payee_id", amount=1500.0)]
_SEARCHED = _TD + [("search_transactions", {"session_token": T0, "text": "alza"}),
                   ("get_transaction", {"session_token": T0, "transaction_id": "$search_transactions.results.0.transaction_id"}),
                   ("dispute_transaction", {"session_token": T0,
                                            "transaction_id": "$search_transactions.results.0.transaction_id",
                                            "card_id": "$get_transaction.transaction.card.id", "reason": "fraud"})]
PROOFS += [
    ("login", "verify_2fa", [L, G, V]),
    ("generate_totp", "verify_2fa", [L, G, V]),
    ("generate_totp", "confirm_payee", _TD + _NEW_PAYEE),
    ("generate_totp", "set_daily_transfer_limit", _TD + recipe("set_daily_transfer_limit", T0)),
    ("normalize_iban", "find_account_by_iban", _TD + recipe("find_account_by_iban", T0)),
    ("normalize_iban", "add_payee", _TD + recipe("add_payee", T0)),
    ("add_payee", "confirm_payee", _TD + _NEW_PAYEE),
    ("confirm_payee", "make_transfer", _TD + _LA + _NEW_PAYEE + [transfer(T0, "$add_payee.payee_id")]),
    ("confirm_payee", "create_standing_order", _TD + _LA + _NEW_PAYEE + [("create_standing_order", {
        "session_token": T0, "from_account_id": "$list_accounts.0.account_id", "payee_id": "$add_payee.payee_id",
        "amount": 60.0, "frequency": "monthly", "first_date": "01/04/2025"})]),
    ("get_fx_quote", "make_transfer", _FX),
    ("set_daily_transfer_limit", "make_transfer", _LIMIT),
    ("make_transfer", "get_transfer_status", _TD + recipe("get_transfer_status", T0)),
    ("make_transfer", "cancel_transfer", _TD + recipe("cancel_transfer", T0)),
    ("search_transactions", "get_transaction", _TD + recipe("get_transaction", T0)),
    ("get_transactions", "get_transaction", _TD + _LA + account_consumer("get_transactions", T0, "$list_accounts.0.account_id", "")
     + [("get_transaction", {"session_token": T0, "transaction_id": "$get_transactions.3.0"})]),
    ("get_transactions", "dispute_transaction", _TD + recipe("dispute_transaction", T0)),
    ("search_transactions", "dispute_transaction", _SEARCHED),
    ("get_transaction", "dispute_transaction", _SEARCHED),
    ("list_cards", "unfreeze_card", _TD + recipe("unfreeze_card", T0)),
    ("list_pending_approvals", "approve_online_purchase", _TD + recipe("approve_online_purchase", T0)),
    ("unfreeze_card", "approve_online_purchase", _TD + recipe("approve_online_purchase", T0)),
    ("set_online_payments", "approve_online_purchase", _TD + recipe("approve_online_purchase", T0)),
    ("request_statement", "download_statement", _TD + recipe("download_statement", T0)),
    ("list_savings_products", "open_savings_account", _TD + recipe("open_savings_account", T0)),
    ("set_tax_residency", "open_savings_account", _TD + recipe("open_savings_account", T0)),
    ("find_branch", "book_branch_appointment", _TD + recipe("book_branch_appointment", T0)),
]

VARIANT_PROOFS = [
    ("add_payee", "make_transfer", _TD + _LA + _NEW_PAYEE + [transfer(T0, "$add_payee.payee_id")], "new_customer"),
    ("create_virtual_card", "set_card_limit", _VC + [("set_card_limit", {"session_token": T0, "card_id": "$create_virtual_card",
                                                                         "daily_limit": 100})], "new_customer"),
]

NON_PREREQUISITES = [
    ("convert_amount", _TD + _LA + [("convert_amount", {"amount": 250.0, "from_currency": "EUR", "to_currency": "USD"}),
                                    ("list_payees", {"session_token": T0}), transfer(T0, "$list_payees.payees.0.payee_id")]),
    ("get_balance", _TD + _LA + [("get_balance", {"session_token": T0, "account_id": "$list_accounts.0.account_id"}),
                                 ("list_payees", {"session_token": T0}), transfer(T0, "$list_payees.payees.0.payee_id")]),
    ("list_savings_products", [("list_savings_products", {}), *_TD, ("list_cards", {"session_token": T0}),
                               ("unfreeze_card", {"session_token": T0, "card_id": "$list_cards.accounts.0.cards.0.card_id"})]),
]
