"""Bankline: the API of a retail bank's mobile app (41 tools).

Sign-in with a password and a one-time code (or a trusted device), accounts found by listing or by
IBAN, balances and transactions, disputes, payees that must be confirmed with a fresh code, domestic
and foreign-currency transfers (FX quotes), daily limits, cards (freeze, online payments, virtual
cards, 3-D Secure approvals), statements, standing orders, savings products and branch visits.
Plain Python functions over an in-memory ``BankState``; the bank's "today" is 04/03/2025.

Conventions, as such a back end has them: calls need a ``session_token``; a bad one raises
``AuthError``. Account, payee and transfer endpoints refuse with ``{"error": ...}`` dicts; card
endpoints raise ``CardError``; malformed dates raise ``ValueError``. Currency codes, product codes,
tax-id formats and date formats are only spelled out by the error messages.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it; the text of ``what`` before its first ``:`` is the kind.
"""

import enum
import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Literal, Optional

TODAY = (2025, 3, 4)
CURRENCIES = ("EUR", "USD", "GBP", "CZK", "CHF")
RATES = {"EUR": 1.0, "USD": 1.08, "GBP": 0.84, "CZK": 25.1, "CHF": 0.95}


class AuthError(Exception):
    """The session token is missing, wrong or expired."""


class CardError(Exception):
    """A card operation was refused."""


class Country(enum.Enum):
    CZ = "CZ"
    SK = "SK"
    DE = "DE"
    AT = "AT"


class Frequency(enum.Enum):
    WEEKLY = "weekly"
    MONTHLY = "monthly"
    QUARTERLY = "quarterly"


class DisputeReason(enum.Enum):
    FRAUD = "fraud"
    NOT_RECEIVED = "not_received"
    DUPLICATE = "duplicate"
    WRONG_AMOUNT = "wrong_amount"


def _h(text: str, n: int = 6) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:n]


def _seed_transactions() -> dict:
    return {
        "ACC-10021": [
            ["TX-90377", "15/02/2025", "Salary ACME s.r.o.", 3200.0, "posted", None],
            ["TX-90411", "21/02/2025", "ALZA.CZ eshop", -129.9, "posted", "CARD-7731"],
            ["TX-90433", "24/02/2025", "Rent February", -850.0, "posted", None],
            ["TX-90470", "28/02/2025", "NETFLIX.COM", -11.99, "posted", "CARD-7731"],
            ["TX-90502", "03/03/2025", "Shell station 4411", -62.4, "pending", "CARD-7731"],
        ],
        "ACC-10022": [["TX-90300", "01/02/2025", "Interest", 18.75, "posted", None]],
        "ACC-10023": [["TX-90455", "26/02/2025", "AMAZON.COM US", -45.2, "posted", "CARD-2290"]],
    }


@dataclass
class BankState:
    customers: dict = field(default_factory=lambda: {"jnovak": {
        "password": "Tr4nsfer!2025", "customer_id": "C-558201", "name": "Jana Novakova", "totp_secret": "JNOVAK7Q2W",
        "devices": ["dev-7f2c91aa-5e1b"], "tax": None, "daily_limit": 1000, "email": "jana.novakova@example.cz"}})
    challenges: dict = field(default_factory=dict)
    sessions: dict = field(default_factory=dict)
    accounts: dict = field(default_factory=lambda: {
        "ACC-10021": {"owner": "jnovak", "type": "current", "name": "Everyday", "iban": "CZ6508000000192000145399",
                      "currency": "EUR", "balance": 2450.0},
        "ACC-10022": {"owner": "jnovak", "type": "savings", "name": "Rainy day", "iban": "CZ1108000000192000145401",
                      "currency": "EUR", "balance": 10000.0},
        "ACC-10023": {"owner": "jnovak", "type": "current", "name": "Dollar account", "iban": "CZ5808000000192000145428",
                      "currency": "USD", "balance": 820.0}})
    transactions: dict = field(default_factory=_seed_transactions)
    cards: dict = field(default_factory=lambda: {
        "CARD-7731": {"account": "ACC-10021", "kind": "debit", "last4": "7731", "frozen": True, "online": False,
                      "daily_limit": 500},
        "CARD-2290": {"account": "ACC-10023", "kind": "debit", "last4": "2290", "frozen": False, "online": True,
                      "daily_limit": 300}})
    approvals: dict = field(default_factory=lambda: {
        "3DS-5521": {"card": "CARD-7731", "merchant": "Datart.cz", "amount": 189.0, "currency": "EUR", "status": "pending"}})
    payees: dict = field(default_factory=lambda: {
        "PY-301": {"owner": "jnovak", "name": "Karel Novak (landlord)", "iban": "CZ3903000000000278446131",
                   "currency": "EUR", "status": "confirmed"},
        "PY-302": {"owner": "jnovak", "name": "Brightline Tuition LLC", "iban": "DE5037040044053201300088",
                   "currency": "USD", "status": "confirmed"}})
    quotes: dict = field(default_factory=dict)
    transfers: dict = field(default_factory=dict)
    statements: dict = field(default_factory=dict)
    standing_orders: dict = field(default_factory=dict)
    alerts: dict = field(default_factory=dict)
    appointments: dict = field(default_factory=dict)
    counter: int = 600


State = BankState


def new_customer_state() -> BankState:
    """A customer who just opened an account: no payees, no cards, no history yet."""
    s = BankState()
    s.payees, s.cards, s.approvals = {}, {}, {}
    s.transactions = {a: [] for a in s.accounts}
    return s


FRESH_STATES = {"default": BankState, "new_customer": new_customer_state}

_PRODUCTS = [
    ["EASY001", "Easy Saver", 2.1, "EUR", 1.0],
    ["FIX12M02", "Fixed 12 months", 3.4, "EUR", 1000.0],
    ["USD6M01", "Dollar deposit 6 months", 4.0, "USD", 500.0],
]
_BRANCHES = [
    {"branch_id": "BR-PRG-01", "name": "Praha Vaclavske namesti", "city": "Praha", "postcode": "110 00"},
    {"branch_id": "BR-PRG-07", "name": "Praha Holesovice", "city": "Praha", "postcode": "170 00"},
    {"branch_id": "BR-BRN-02", "name": "Brno centrum", "city": "Brno", "postcode": "602 00"},
]
_TAX_ID = {"CZ": (r"\d{9,10}", "9 or 10 digits"), "SK": (r"\d{9,10}", "9 or 10 digits"),
           "DE": (r"\d{11}", "11 digits"), "AT": (r"\d{9}", "9 digits")}


def _next(state: BankState) -> int:
    state.counter += 1
    return state.counter


def _who(state: BankState, session_token: str) -> str:
    user = state.sessions.get(session_token)
    if user is None:
        raise AuthError("session expired or invalid; sign in again")
    return user


def _date(text: str) -> tuple:
    m = re.fullmatch(r"(\d{2})/(\d{2})/(\d{4})", text.strip())
    if not m or not (1 <= int(m.group(1)) <= 31 and 1 <= int(m.group(2)) <= 12):
        raise ValueError(f"invalid date {text!r}: expected DD/MM/YYYY")
    return int(m.group(3)), int(m.group(2)), int(m.group(1))


def _account(state: BankState, user: str, account_id: str):
    a = state.accounts.get(account_id)
    if a is None or a["owner"] != user:
        return None, {"error": f"account {account_id} not found"}
    return a, None


def _currency(code: str):
    if code not in CURRENCIES:
        return {"error": f"unsupported currency {code!r}; supported: {', '.join(CURRENCIES)}"}
    return None


def _iban_ok(iban: str) -> bool:
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{10,30}", iban):
        return False
    s = iban[4:] + iban[:4]
    return int("".join(str(int(ch, 36)) for ch in s)) % 97 == 1


def _card(state: BankState, user: str, card_id: str) -> dict:
    c = state.cards.get(card_id)
    if c is None or state.accounts[c["account"]]["owner"] != user:
        raise CardError(f"card {card_id} not found")
    return c


def _enum(cls: type, value):
    try:
        return cls(value.value if isinstance(value, enum.Enum) else value)
    except ValueError:
        raise ValueError(f"{value!r} is not one of {', '.join(m.value for m in cls)}") from None


# ----------------------------------------------------------------------------- sign-in

def login(username: str, password: str, state: BankState) -> dict:
    """Start signing in. A second factor is required to finish (see verify_2fa)."""
    c = state.customers.get(username)
    if c is None or c["password"] != password:
        return {"error": "invalid credentials"}
    cid = f"CH-{_h(username + str(_next(state)), 8)}"
    state.challenges[cid] = username
    return {"challenge_id": cid, "factor": "totp", "message": "Enter the 6-digit code from your authenticator app"}


def generate_totp(secret: str) -> str:
    """Authenticator app: the current 6-digit code for a secret."""
    if not re.fullmatch(r"[A-Z2-7]{8,32}", secret):
        raise ValueError("not an authenticator secret")
    return str(int(_h("totp" + secret, 12), 16) % 1_000_000).zfill(6)


def _code_ok(state: BankState, user: str, code: str) -> bool:
    return generate_totp(state.customers[user]["totp_secret"]) == str(code)


def verify_2fa(challenge_id: str, code: str, state: BankState) -> dict:
    """Finish signing in with the one-time code. Returns the session token."""
    user = state.challenges.get(challenge_id)
    if user is None:
        return {"error": "unknown or used challenge"}
    if not _code_ok(state, user, code):
        return {"error": "wrong code"}
    del state.challenges[challenge_id]
    token = "bl_" + _h(f"{user}{_next(state)}", 20)
    state.sessions[token] = user
    return {"session_token": token, "customer_id": state.customers[user]["customer_id"]}


def login_trusted_device(username: str, device_token: str, state: BankState) -> dict:
    """Sign in from a device that was remembered at an earlier login."""
    c = state.customers.get(username)
    if c is None or device_token not in c["devices"]:
        return {"error": "device not trusted"}
    token = "bl_" + _h(f"{username}{device_token}{_next(state)}", 20)
    state.sessions[token] = username
    return {"session_token": token, "customer_id": c["customer_id"]}


def get_profile(session_token: str, state: BankState) -> dict:
    """The customer's profile."""
    user = _who(state, session_token)
    c = state.customers[user]
    return {"customer_id": c["customer_id"], "name": c["name"], "email": c["email"], "tax_residency": c["tax"],
            "daily_transfer_limit": c["daily_limit"]}


def set_tax_residency(session_token: str, country: Country, tax_id: str, state: BankState) -> dict:
    """Declare the country of tax residency and the tax id there (required by law for savings)."""
    user = _who(state, session_token)
    cc = _enum(Country, country).value
    pattern, spelled = _TAX_ID[cc]
    if not re.fullmatch(pattern, tax_id.replace("/", "")):
        return {"error": f"tax id for {cc} must be {spelled}"}
    new = {"country": cc, "tax_id": tax_id.replace("/", "")}
    if state.customers[user]["tax"] == new:
        raise ValueError(f"tax residency is already {cc}")
    state.customers[user]["tax"] = new
    return {"tax_residency": cc, "status": "declared"}


# ----------------------------------------------------------------------------- accounts

def list_accounts(session_token: str, state: BankState) -> list:
    """The customer's accounts."""
    user = _who(state, session_token)
    return [{"account_id": aid, "name": a["name"], "type": a["type"], "currency": a["currency"],
             "iban_masked": a["iban"][:4] + "****" + a["iban"][-4:]}
            for aid, a in state.accounts.items() if a["owner"] == user]


def normalize_iban(iban: str) -> dict:
    """Validate an IBAN typed with spaces or in lower case and return it in electronic form."""
    compact = re.sub(r"\s+", "", iban).upper()
    if not _iban_ok(compact):
        return {"error": "not a valid IBAN (checksum or format)"}
    return {"iban": compact, "country": compact[:2]}


def find_account_by_iban(session_token: str, iban: str, state: BankState) -> dict:
    """Find one of your own accounts by its IBAN."""
    user = _who(state, session_token)
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", iban):
        return {"error": "IBAN must be in electronic format (no spaces, upper case)"}
    for aid, a in state.accounts.items():
        if a["iban"] == iban and a["owner"] == user:
            return {"account_id": aid, "currency": a["currency"]}
    return {"error": "no account of yours has this IBAN"}


def get_balance(session_token: str, account_id: str, state: BankState) -> dict:
    user = _who(state, session_token)
    a, err = _account(state, user, account_id)
    if err:
        return err
    held = -sum(t[3] for t in state.transactions.get(account_id, []) if t[4] == "pending")
    return {"account_id": account_id, "currency": a["currency"], "booked": round(a["balance"], 2),
            "available": round(a["balance"] - held, 2)}


def get_transactions(session_token: str, account_id: str, from_date: str, to_date: str, state: BankState) -> list:
    """Transactions of an account between two dates, inclusive.

    Each row is [transaction_id, date, description, amount, status, card_id].
    """
    user = _who(state, session_token)
    lo, hi = _date(from_date), _date(to_date)
    a, err = _account(state, user, account_id)
    if err:
        return err
    return [list(t) for t in state.transactions.get(account_id, []) if lo <= _date(t[1]) <= hi]


def search_transactions(session_token: str, text: Optional[str] = None, min_amount: Optional[float] = None,
                        max_amount: Optional[float] = None, state: BankState = None) -> dict:
    """Search all your accounts' transactions by description text and/or amount range."""
    user = _who(state, session_token)
    if text is None and min_amount is None and max_amount is None:
        return {"error": "No search criteria"}
    hits = []
    for aid, rows in state.transactions.items():
        if state.accounts[aid]["owner"] != user:
            continue
        for t in rows:
            if text is not None and text.lower() not in t[2].lower():
                continue
            if min_amount is not None and abs(t[3]) < min_amount or max_amount is not None and abs(t[3]) > max_amount:
                continue
            hits.append({"transaction_id": t[0], "account_id": aid, "date": t[1], "description": t[2], "amount": t[3]})
    return {"results": hits}


def _tx(state: BankState, user: str, transaction_id: str):
    for aid, rows in state.transactions.items():
        for t in rows:
            if t[0] == transaction_id and state.accounts[aid]["owner"] == user:
                return aid, t
    return None, None


def get_transaction(session_token: str, transaction_id: str, state: BankState) -> dict:
    """One transaction in detail."""
    user = _who(state, session_token)
    aid, t = _tx(state, user, transaction_id)
    if t is None:
        return {"error": f"transaction {transaction_id} not found"}
    card = None if t[5] is None else {"id": t[5], "last4": state.cards.get(t[5], {}).get("last4")}
    return {"transaction": {"id": t[0], "account_id": aid, "date": t[1], "description": t[2], "amount": t[3],
                            "status": t[4], "card": card}}


def dispute_transaction(session_token: str, transaction_id: str, card_id: str, reason: DisputeReason,
                        state: BankState) -> dict:
    """Open a chargeback for a card transaction.

    Args:
        session_token: the session.
        transaction_id: the transaction.
        card_id: the card the transaction was paid with.
        reason: why the payment is disputed.
    """
    user = _who(state, session_token)
    r = _enum(DisputeReason, reason).value
    aid, t = _tx(state, user, transaction_id)
    if t is None:
        return {"error": f"transaction {transaction_id} not found"}
    if t[4] != "posted":
        return {"error": "only posted transactions can be disputed; wait until it is booked"}
    if t[5] is None or t[5] != card_id:
        return {"error": "card_id does not match the card used for this transaction"}
    t[4] = "disputed"
    return {"dispute_id": f"DSP-{_next(state)}", "transaction_id": transaction_id, "reason": r,
            "provisional_credit": abs(t[3])}


# ----------------------------------------------------------------------------- payees

def list_payees(session_token: str, state: BankState) -> dict:
    user = _who(state, session_token)
    return {"payees": [{"payee_id": pid, "name": p["name"], "currency": p["currency"], "status": p["status"]}
                       for pid, p in state.payees.items() if p["owner"] == user]}


def add_payee(session_token: str, name: str, iban: str, currency: str, state: BankState) -> dict:
    """Save a new payee. New payees must be confirmed with a code before money can be sent to them."""
    user = _who(state, session_token)
    if err := _currency(currency):
        return err
    if not _iban_ok(iban):
        return {"error": "iban must be a valid IBAN in electronic format"}
    if not name.strip():
        return {"error": "name is required"}
    pid = f"PY-{_next(state)}"
    state.payees[pid] = {"owner": user, "name": name.strip(), "iban": iban, "currency": currency,
                         "status": "pending_confirmation"}
    return {"payee_id": pid, "status": "pending_confirmation"}


def confirm_payee(session_token: str, payee_id: str, code: str, state: BankState) -> dict:
    """Confirm a new payee with a fresh one-time code."""
    user = _who(state, session_token)
    p = state.payees.get(payee_id)
    if p is None or p["owner"] != user:
        return {"error": f"payee {payee_id} not found"}
    if p["status"] == "confirmed":
        raise ValueError(f"payee {payee_id} is already confirmed")
    if not _code_ok(state, user, code):
        return {"error": "wrong code"}
    p["status"] = "confirmed"
    return {"payee_id": payee_id, "status": "confirmed"}


def delete_payee(session_token: str, payee_id: str, state: BankState) -> dict:
    user = _who(state, session_token)
    p = state.payees.get(payee_id)
    if p is None or p["owner"] != user:
        return {"error": f"payee {payee_id} not found"}
    del state.payees[payee_id]
    return {"deleted": payee_id}


# ----------------------------------------------------------------------------- money movement

def convert_amount(amount: float, from_currency: str, to_currency: str) -> float:
    """Indicative conversion at today's mid-market rate."""
    for c in (from_currency, to_currency):
        if c not in CURRENCIES:
            raise ValueError(f"unsupported currency {c!r}; supported: {', '.join(CURRENCIES)}")
    return round(amount / RATES[from_currency] * RATES[to_currency], 2)


def get_fx_quote(session_token: str, sell_currency: str, buy_currency: str, amount: float, state: BankState) -> dict:
    """A binding exchange rate for buying `amount` of buy_currency with sell_currency (valid 15 minutes)."""
    _who(state, session_token)
    for c in (sell_currency, buy_currency):
        if err := _currency(c):
            return err
    if sell_currency == buy_currency:
        return {"error": "currencies must differ"}
    if amount <= 0:
        return {"error": "amount must be positive"}
    rate = round(RATES[buy_currency] / RATES[sell_currency] * 0.985, 6)
    qid = f"FXQ-{_next(state)}"
    state.quotes[qid] = {"sell": sell_currency, "buy": buy_currency, "amount": amount, "rate": rate}
    return {"quote": {"id": qid, "rate": rate, "sell": {"currency": sell_currency, "amount": round(amount / rate, 2)},
                      "buy": {"currency": buy_currency, "amount": amount}, "valid_for_s": 900}}


def make_transfer(session_token: str, from_account_id: str, payee_id: str, amount: float, currency: str,
                  reference: str, execution_date: str, fx_quote_id: Optional[str] = None, state: BankState = None) -> dict:
    """Send money to a saved payee, today or on a later date.

    Args:
        session_token: the session.
        from_account_id: the account to pay from.
        payee_id: a confirmed payee.
        amount: amount in `currency`.
        currency: the payee's currency.
        reference: text the payee sees.
        execution_date: when to send it.
        fx_quote_id: a quote, when `currency` is not the account's currency.
    """
    user = _who(state, session_token)
    when = _date(execution_date)
    a, err = _account(state, user, from_account_id)
    if err:
        return err
    p = state.payees.get(payee_id)
    if p is None or p["owner"] != user:
        return {"error": f"payee {payee_id} not found"}
    if p["status"] != "confirmed":
        return {"error": "payee is not confirmed yet"}
    if err := _currency(currency):
        return err
    if currency != p["currency"]:
        return {"error": f"this payee is paid in {p['currency']}"}
    if when < TODAY:
        return {"error": "execution_date is in the past"}
    debit = amount
    if currency != a["currency"]:
        q = state.quotes.get(fx_quote_id or "")
        if q is None:
            return {"error": f"a transfer in {currency} from a {a['currency']} account needs fx_quote_id"}
        if (q["sell"], q["buy"], q["amount"]) != (a["currency"], currency, amount):
            return {"error": "the quote does not match this transfer's currencies and amount"}
        debit = round(amount / q["rate"], 2)
    limit = state.customers[user]["daily_limit"]
    if debit > limit:
        return {"error": f"amount exceeds your daily transfer limit of {limit:.2f}"}
    if debit > a["balance"]:
        return {"error": "insufficient funds"}
    tid = f"TR-{_next(state)}"
    status = "executed" if when == TODAY else "scheduled"
    if status == "executed":
        a["balance"] = round(a["balance"] - debit, 2)
    state.transfers[tid] = {"owner": user, "from": from_account_id, "payee": payee_id, "amount": amount,
                            "currency": currency, "debit": debit, "status": status, "reference": reference}
    return {"transfer_id": tid, "status": status, "debited": debit}


def get_transfer_status(session_token: str, transfer_id: str, state: BankState) -> dict:
    user = _who(state, session_token)
    t = state.transfers.get(transfer_id)
    if t is None or t["owner"] != user:
        return {"error": f"transfer {transfer_id} not found"}
    return {"transfer_id": transfer_id, "status": t["status"], "amount": t["amount"], "currency": t["currency"]}


def cancel_transfer(session_token: str, transfer_id: str, state: BankState) -> dict:
    """Cancel a scheduled transfer (executed transfers cannot be recalled)."""
    user = _who(state, session_token)
    t = state.transfers.get(transfer_id)
    if t is None or t["owner"] != user:
        return {"error": f"transfer {transfer_id} not found"}
    if t["status"] != "scheduled":
        return {"error": f"transfer is {t['status']}; only scheduled transfers can be cancelled"}
    t["status"] = "cancelled"
    return {"transfer_id": transfer_id, "status": "cancelled"}


def internal_transfer(session_token: str, from_account_id: str, to_account_id: str, amount: float,
                      state: BankState) -> dict:
    """Move money between two of your own accounts in the same currency."""
    user = _who(state, session_token)
    a, err = _account(state, user, from_account_id)
    if err:
        return err
    b, err = _account(state, user, to_account_id)
    if err:
        return err
    if from_account_id == to_account_id:
        return {"error": "accounts must differ"}
    if a["currency"] != b["currency"]:
        return {"error": "accounts must share a currency"}
    if not 0 < amount <= a["balance"]:
        return {"error": "insufficient funds" if amount > 0 else "amount must be positive"}
    a["balance"] = round(a["balance"] - amount, 2)
    b["balance"] = round(b["balance"] + amount, 2)
    return {"moved": amount, "currency": a["currency"], "from_balance": a["balance"], "to_balance": b["balance"]}


def set_daily_transfer_limit(session_token: str, limit: int, code: str, state: BankState) -> dict:
    """Change the daily limit for transfers to payees (a one-time code is required)."""
    user = _who(state, session_token)
    if not _code_ok(state, user, code):
        return {"error": "wrong code"}
    if not 100 <= limit <= 20000:
        return {"error": "limit must be between 100 and 20000"}
    if state.customers[user]["daily_limit"] == limit:
        raise ValueError(f"the daily limit is already {limit}")
    state.customers[user]["daily_limit"] = limit
    return {"daily_transfer_limit": limit}


# ----------------------------------------------------------------------------- cards

def list_cards(session_token: str, state: BankState) -> dict:
    """Cards grouped by account."""
    user = _who(state, session_token)
    out = []
    for aid, a in state.accounts.items():
        if a["owner"] != user:
            continue
        out.append({"account_id": aid, "cards": [
            {"card_id": cid, "kind": c["kind"], "last4": c["last4"], "status": "frozen" if c["frozen"] else "active",
             "online_payments": c["online"], "daily_limit": c["daily_limit"]}
            for cid, c in state.cards.items() if c["account"] == aid]})
    return {"accounts": out}


def freeze_card(session_token: str, card_id: str, state: BankState) -> dict:
    """Temporarily block a card."""
    c = _card(state, _who(state, session_token), card_id)
    if c["frozen"]:
        raise CardError("card is already frozen")
    c["frozen"] = True
    return {"card_id": card_id, "status": "frozen"}


def unfreeze_card(session_token: str, card_id: str, state: BankState) -> dict:
    c = _card(state, _who(state, session_token), card_id)
    if not c["frozen"]:
        raise CardError("card is not frozen")
    c["frozen"] = False
    return {"card_id": card_id, "status": "active"}


def set_online_payments(session_token: str, card_id: str, enabled: bool, state: BankState) -> dict:
    """Allow or block internet purchases with a card."""
    c = _card(state, _who(state, session_token), card_id)
    if c["online"] == bool(enabled):
        raise CardError(f"online payments are already {'on' if enabled else 'off'}")
    c["online"] = bool(enabled)
    return {"card_id": card_id, "online_payments": c["online"]}


def create_virtual_card(session_token: str, account_id: str, label: str, state: BankState) -> str:
    """Issue a virtual debit card on an account."""
    user = _who(state, session_token)
    a = state.accounts.get(account_id)
    if a is None or a["owner"] != user:
        raise CardError(f"account {account_id} not found")
    if a["type"] != "current":
        raise CardError("cards can only be issued on current accounts")
    cid = f"VC-{_next(state)}"
    state.cards[cid] = {"account": account_id, "kind": "virtual", "last4": str(_next(state))[-4:].zfill(4),
                        "frozen": False, "online": False, "daily_limit": 200, "label": label}
    return cid


def set_card_limit(session_token: str, card_id: str, daily_limit: int, state: BankState) -> dict:
    """Set a card's daily spending limit (EUR 50-5000)."""
    c = _card(state, _who(state, session_token), card_id)
    if not 50 <= daily_limit <= 5000:
        raise CardError("daily_limit must be between 50 and 5000")
    c["daily_limit"] = daily_limit
    return {"card_id": card_id, "daily_limit": daily_limit}


def list_pending_approvals(session_token: str, state: BankState) -> list:
    """Online purchases waiting for your approval: rows of [purchase_id, card_id, merchant, amount, currency]."""
    user = _who(state, session_token)
    return [[pid, p["card"], p["merchant"], p["amount"], p["currency"]] for pid, p in state.approvals.items()
            if p["status"] == "pending" and state.accounts[state.cards[p["card"]]["account"]]["owner"] == user]


def approve_online_purchase(session_token: str, purchase_id: str, card_id: str, state: BankState) -> dict:
    """Approve a 3-D Secure purchase made with one of your cards."""
    user = _who(state, session_token)
    p = state.approvals.get(purchase_id)
    if p is None or p["status"] != "pending":
        raise CardError(f"no pending purchase {purchase_id}")
    c = _card(state, user, card_id)
    if p["card"] != card_id:
        raise CardError("the purchase was not made with this card")
    if c["frozen"]:
        raise CardError("card is frozen")
    if not c["online"]:
        raise CardError("online payments are disabled for this card")
    p["status"] = "approved"
    return {"purchase_id": purchase_id, "status": "approved", "merchant": p["merchant"]}


# ----------------------------------------------------------------------------- statements, orders, savings

def request_statement(session_token: str, account_id: str, month: str, file_format: Literal["pdf", "csv"],
                      state: BankState) -> str:
    """Prepare a monthly statement."""
    user = _who(state, session_token)
    a = state.accounts.get(account_id)
    if a is None or a["owner"] != user:
        raise LookupError(f"account {account_id} not found")
    m = re.fullmatch(r"(0[1-9]|1[0-2])/(\d{4})", month.strip())
    if not m:
        raise ValueError("month: expected MM/YYYY")
    if file_format not in ("pdf", "csv"):
        raise ValueError("file_format must be pdf or csv")
    sid = "ST-" + _h(f"{account_id}{month}{file_format}").upper()
    mm, yyyy = m.group(1), m.group(2)
    lines = [[t[1], t[2], t[3]] for t in state.transactions.get(account_id, []) if t[1][3:] == f"{mm}/{yyyy}"]
    state.statements[sid] = {"owner": user, "account": account_id, "month": month, "format": file_format, "lines": lines}
    return f"Statement {sid} for {month} is ready to download."


def download_statement(session_token: str, statement_id: str, state: BankState) -> str:
    user = _who(state, session_token)
    s = state.statements.get(statement_id)
    if s is None or s["owner"] != user:
        raise LookupError(f"statement {statement_id} not found")
    return json.dumps({"statement_id": statement_id, "account_id": s["account"], "month": s["month"],
                       "format": s["format"], "lines": s["lines"]})


def create_standing_order(session_token: str, from_account_id: str, payee_id: str, amount: float,
                          frequency: Frequency, first_date: str, state: BankState) -> dict:
    """Pay a confirmed payee the same amount regularly, starting on first_date (a future date)."""
    user = _who(state, session_token)
    f = _enum(Frequency, frequency).value
    start = _date(first_date)
    a, err = _account(state, user, from_account_id)
    if err:
        return err
    p = state.payees.get(payee_id)
    if p is None or p["owner"] != user:
        return {"error": f"payee {payee_id} not found"}
    if p["status"] != "confirmed":
        return {"error": "payee is not confirmed yet"}
    if p["currency"] != a["currency"]:
        return {"error": "standing orders must be in the account's currency"}
    if start <= TODAY:
        return {"error": "first_date must be in the future"}
    oid = f"SO-{_next(state)}"
    state.standing_orders[oid] = {"from": from_account_id, "payee": payee_id, "amount": amount, "frequency": f,
                                  "first": first_date}
    return {"standing_order_id": oid, "frequency": f, "next_payment": first_date}


def list_savings_products() -> list:
    """Savings products on offer: rows of [product_code, name, interest_rate, currency, min_deposit]."""
    return [list(p) for p in _PRODUCTS]


def open_savings_account(session_token: str, product_code: str, funding_account_id: str, amount: float,
                         state: BankState) -> str:
    """Open a savings account and fund it from an existing account."""
    user = _who(state, session_token)
    prod = next((p for p in _PRODUCTS if p[0] == product_code), None)
    if prod is None:
        raise LookupError(f"unknown product code {product_code!r}")
    if state.customers[user]["tax"] is None:
        raise PermissionError("declare your tax residency before opening a savings product")
    a = state.accounts.get(funding_account_id)
    if a is None or a["owner"] != user:
        raise LookupError(f"account {funding_account_id} not found")
    if a["currency"] != prod[3]:
        raise ValueError(f"{product_code} is held in {prod[3]}; fund it from a {prod[3]} account")
    if amount < prod[4] or amount > a["balance"]:
        raise ValueError(f"amount must be at least {prod[4]} and within the balance")
    aid = f"ACC-{_next(state)}"
    a["balance"] = round(a["balance"] - amount, 2)
    state.accounts[aid] = {"owner": user, "type": "savings", "name": prod[1], "iban": "", "currency": prod[3],
                           "balance": amount}
    return f"Opened {prod[1]} account {aid} with {amount:.2f} {prod[3]}."


def create_balance_alert(session_token: str, account_id: str, threshold: float,
                         channel: Literal["sms", "email", "push"], state: BankState) -> dict:
    """Notify me when the balance drops below a threshold."""
    user = _who(state, session_token)
    a, err = _account(state, user, account_id)
    if err:
        return err
    if channel not in ("sms", "email", "push"):
        return {"error": "channel must be sms, email or push"}
    alid = f"AL-{_next(state)}"
    state.alerts[alid] = {"account": account_id, "threshold": threshold, "channel": channel}
    return {"alert_id": alid, "account_id": account_id, "below": threshold, "channel": channel}


def find_branch(city: Optional[str] = None, postcode: Optional[str] = None) -> dict:
    """Find branches by city or postcode."""
    if city is None and postcode is None:
        return {"error": "No search criteria"}
    hits = [b for b in _BRANCHES if (city is None or b["city"].lower() == city.strip().lower())
            and (postcode is None or b["postcode"].replace(" ", "") == postcode.replace(" ", ""))]
    return {"branches": [dict(b) for b in hits]}


def book_branch_appointment(session_token: str, branch_id: str, date: str, time: str,
                            topic: Literal["mortgage", "investments", "everyday banking"], state: BankState) -> dict:
    """Book a meeting with an advisor at a branch."""
    user = _who(state, session_token)
    d = _date(date)
    if not any(b["branch_id"] == branch_id for b in _BRANCHES):
        return {"error": f"branch {branch_id} not found"}
    if d <= TODAY:
        return {"error": "pick a future date"}
    if not re.fullmatch(r"(09|1[0-6]):(00|30)", time):
        return {"error": "appointments start on the hour or half hour between 09:00 and 16:30"}
    if topic not in ("mortgage", "investments", "everyday banking"):
        return {"error": f"unknown topic {topic!r}"}
    apid = f"AP-{_next(state)}"
    state.appointments[apid] = {"owner": user, "branch": branch_id, "date": date, "time": time, "topic": topic}
    return {"appointment_id": apid, "branch_id": branch_id, "when": f"{date} {time}"}


TOOLS = [
    login, generate_totp, verify_2fa, login_trusted_device, get_profile, set_tax_residency,
    list_accounts, normalize_iban, find_account_by_iban, get_balance, get_transactions, search_transactions,
    get_transaction, dispute_transaction,
    list_payees, add_payee, confirm_payee, delete_payee,
    convert_amount, get_fx_quote, make_transfer, get_transfer_status, cancel_transfer, internal_transfer,
    set_daily_transfer_limit,
    list_cards, freeze_card, unfreeze_card, set_online_payments, create_virtual_card, set_card_limit,
    list_pending_approvals, approve_online_purchase,
    request_statement, download_statement, create_standing_order, list_savings_products, open_savings_account,
    create_balance_alert, find_branch, book_branch_appointment,
]

# What a tester is handed: the customer's credentials and authenticator, and what she tells the bank.
FIXTURES = {
    "username": "jnovak",
    "password": "Tr4nsfer!2025",
    "totp_secret": "JNOVAK7Q2W",
    "device_token": "dev-7f2c91aa-5e1b",
    "current_account_iban": "cz65 0800 0000 1920 0014 5399",
    "savings_account_iban": "CZ11 0800 0000 1920 0014 5401",
    "new_payee_name": "Petra Svobodova",
    "new_payee_iban": "cz76 5500 0000 0010 4782 3012",
    "tax_country": "CZ",
    "tax_id": "850215/4321",
    "city": "Praha",
}

_SESSION_USERS = [
    "get_profile", "set_tax_residency", "list_accounts", "find_account_by_iban", "get_balance", "get_transactions",
    "search_transactions", "get_transaction", "dispute_transaction", "list_payees", "add_payee", "confirm_payee",
    "delete_payee", "get_fx_quote", "make_transfer", "get_transfer_status", "cancel_transfer", "internal_transfer",
    "set_daily_transfer_limit", "list_cards", "freeze_card", "unfreeze_card", "set_online_payments",
    "create_virtual_card", "set_card_limit", "list_pending_approvals", "approve_online_purchase", "request_statement",
    "download_statement", "create_standing_order", "open_savings_account", "create_balance_alert",
    "book_branch_appointment",
]
_ACCOUNT_USERS = ["get_balance", "get_transactions", "internal_transfer", "make_transfer", "create_virtual_card",
                  "request_statement", "create_standing_order", "open_savings_account", "create_balance_alert"]
_CARD_USERS = ["freeze_card", "set_online_payments", "set_card_limit"]

GROUND_TRUTH = (
    [("verify_2fa|login_trusted_device", c, "auth: session token") for c in _SESSION_USERS]
    + [("list_accounts|find_account_by_iban", c, "id lookup: account_id") for c in _ACCOUNT_USERS]
    + [("list_payees|add_payee", c, "id lookup/create: payee_id") for c in ("make_transfer", "create_standing_order",
                                                                            "delete_payee")]
    + [("list_cards|create_virtual_card", c, "id lookup/create: card_id (nested in accounts[*].cards[*])")
       for c in _CARD_USERS]
    + [
        ("login", "verify_2fa", "auth: challenge_id"),
        ("generate_totp", "verify_2fa", "auth: one-time code from the authenticator secret"),
        ("generate_totp", "confirm_payee", "auth: step-up one-time code"),
        ("generate_totp", "set_daily_transfer_limit", "auth: step-up one-time code"),
        ("normalize_iban", "find_account_by_iban", "format: IBAN in electronic form"),
        ("normalize_iban", "add_payee", "format: IBAN in electronic form"),
        ("add_payee", "confirm_payee", "create-before-use: a payee pending confirmation"),
        ("confirm_payee", "make_transfer", "state: a new payee must be confirmed"),
        ("confirm_payee", "create_standing_order", "state: a new payee must be confirmed"),
        ("get_fx_quote", "make_transfer", "two values: a quote matching the transfer's currencies and amount"),
        ("set_daily_transfer_limit", "make_transfer", "setting: amounts above the default 1000 limit"),
        ("make_transfer", "get_transfer_status", "provenance: transfer_id"),
        ("make_transfer", "cancel_transfer", "create-before-use: a scheduled transfer"),
        ("get_transactions|search_transactions", "get_transaction", "id lookup: transaction_id (rows)"),
        ("get_transactions|search_transactions", "dispute_transaction", "id lookup: transaction_id of a posted card payment"),
        ("get_transactions|get_transaction", "dispute_transaction", "sibling: card_id of the same transaction"),
        ("list_cards", "unfreeze_card", "id lookup: the frozen card"),
        ("list_pending_approvals", "approve_online_purchase", "two values: purchase_id and its card_id (rows)"),
        ("unfreeze_card", "approve_online_purchase", "state: the card must not be frozen"),
        ("set_online_payments", "approve_online_purchase", "setting: online payments must be on (off for the card)"),
        ("request_statement", "download_statement", "create-before-use: statement id inside a sentence"),
        ("list_savings_products", "open_savings_account", "id lookup: product code (rows)"),
        ("set_tax_residency", "open_savings_account", "state: tax residency must be declared"),
        ("find_branch", "book_branch_appointment", "id lookup: branch_id"),
    ]
)

GROUND_TRUTH_VARIANTS = [
    ("add_payee", "make_transfer", "create-before-use: a new customer has no payees", "new_customer"),
    ("create_virtual_card", "set_card_limit", "create-before-use: a new customer has no cards", "new_customer"),
]

PLAUSIBLE = (
    {("login", c) for c in _SESSION_USERS}
    | {("generate_totp", c) for c in _SESSION_USERS if c not in ("confirm_payee", "set_daily_transfer_limit")}
    | {
        ("list_accounts", "find_account_by_iban"), ("list_accounts", "list_cards"), ("list_cards", "list_accounts"),
        ("get_transactions", "search_transactions"), ("search_transactions", "get_transactions"),
        ("add_payee", "list_payees"), ("confirm_payee", "list_payees"), ("make_transfer", "get_balance"),
        ("make_transfer", "get_transactions"), ("internal_transfer", "get_balance"), ("get_balance", "make_transfer"),
        ("get_balance", "internal_transfer"), ("convert_amount", "get_fx_quote"), ("convert_amount", "make_transfer"),
        ("list_cards", "approve_online_purchase"), ("unfreeze_card", "list_cards"),
        ("freeze_card", "unfreeze_card"), ("set_online_payments", "list_cards"), ("create_virtual_card", "list_cards"),
        ("list_accounts", "list_savings_products"), ("open_savings_account", "list_accounts"),
        ("set_tax_residency", "get_profile"), ("set_daily_transfer_limit", "get_profile"),
        ("get_profile", "set_tax_residency"), ("list_accounts", "get_fx_quote"), ("find_account_by_iban", "get_fx_quote"),
        ("list_payees", "get_fx_quote"), ("get_transaction", "get_transactions"),
        ("internal_transfer", "make_transfer"), ("internal_transfer", "open_savings_account"),
        ("list_accounts", "search_transactions"), ("request_statement", "get_transactions"),
        ("set_daily_transfer_limit", "create_standing_order"), ("delete_payee", "add_payee"),
        ("make_transfer", "request_statement"),
    }
)
