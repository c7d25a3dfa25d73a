"""Scripted proofs that Tictac's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime built with ``failure=FAILURE``; a refusal is an envelope
whose ``messages.resultCode`` is ``Error``. The tools are coroutines, so the plain oracle, which calls them without
awaiting, has nothing it can run them under).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "roisin")``) and pass ``"$roisin.session.token"``; replies are read inside the envelope by field
(``"$register_customer.customer.customerId"``, ``"$add_card.card.cardId"``, ``"$place_bet.bet.betId"``,
``"$quote_cash_out.offer.offerId"``, ``"$grant_free_bet.freeBet.freeBetId"``, ``"$take_shop_bet.slip.slipNumber"``,
``"$request_withdrawal.withdrawal.withdrawalId"``) and list entries by position and field
(``"$find_customer.customers.0.customerId"``, ``"$sports_calendar.events.4.eventId"``, ``"$bets.bets.2.betId"``,
``"$withdrawals.withdrawals.0.withdrawalId"``, ``"$market_prices.markets.0.marketId"``), selections by market, row
and column (``"$market_prices.markets.0.selections.2.0"``) and cards by row and column
(``"$customer_account.cards.0.0"``). The positions follow the fresh state's order (events by start, records by id,
each list filtered as the call asks). Every id is read from a reply; none is written literally (names, dates of
birth, contact details, documents, limits, conversations, cards, amounts, stakes, bet types, reasons, sources of
funds, evidence, odds and messages are written as the staff are told them).

The day: Mr Scatchard opens an account, is verified, chooses a limit, adds his card, deposits and backs Wolvercote
Town, and the manager gives him a free bet; Mr Brereton-Lusk is verified; Mr Pask's limit is raised after a
conversation; Ms Thackeray's withdrawal is approved on her source of funds; Mr Abernethy self-excludes and has his
balance back; the 12:35's result is recorded and settled, and Mrs Tregunna closes her account; the 13:10 goes off,
is resulted and settled and a shop slip paid; the 13:45 market reopens and Gale Warning's price moves; Mrs
Gostelow's late bet is voided, and Mr Fairclough cashes out his double.
"""

import tictac_tools as tools

WHO = {"roisin": ("roisin.m", "Each-Way-Thief-4"), "ferdia": ("ferdia.c", "Over-Round-115"),
       "sabine": ("sabine.w", "Take-A-Break-9"), "nia": ("nia.b", "Settle-Up-63"),
       "jasper": ("jasper.k", "Guv-Nor-2039")}
HA, FE, SA, LO, JA = ("$roisin.session.token", "$ferdia.session.token", "$sabine.session.token",
                      "$nia.session.token", "$jasper.session.token")
FOUND = "$find_customer.customers.0.customerId"
CARD = "$customer_account.cards.0.0"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def find(who: str, text: str) -> tuple:
    return ("find_customer", {"token": f"${who}.session.token", "text": text})


def prices(index: int) -> list:
    """Today's calendar, then the prices of the event at ``index`` (by start: the 12:30 match, the 12:35, the
    13:10 and the 13:45 at Kelsford, the 15:00 match)."""
    return [("sports_calendar", {}),
            ("market_prices", {"event_id": f"$sports_calendar.events.{index}.eventId"})]


def pick(row: int) -> str:
    return f"$market_prices.markets.0.selections.{row}.0"


# Mr Scatchard opens an account, is verified, chooses a limit, adds his card, deposits and backs Wolvercote Town
SCATCHARD = [sign_in("roisin"),
             ("register_customer", {"token": HA, "name": "Mr Fabian Scatchard", "date_of_birth": "1987-06-23",
                                    "email": "fabian.scatchard@example.com", "phone": "07700 900847",
                                    "address": "9 Weavers Row, Haverleigh", "postcode": "HV2 8WR"})]
NEW = "$register_customer.customer.customerId"
SCATCHARD_VERIFIED = SCATCHARD + [sign_in("sabine"),
                                  ("verify_customer", {"token": SA, "customer_id": NEW, "document": "driving_licence",
                                                       "document_number": "SCATC706237F99XY"})]
SCATCHARD_LIMIT = SCATCHARD_VERIFIED + [("set_deposit_limit", {"token": SA, "customer_id": NEW, "period": "weekly",
                                                               "amount": 100.0})]
SCATCHARD_CARD = SCATCHARD_LIMIT + [("add_card", {"token": HA, "customer_id": NEW, "holder": "F SCATCHARD",
                                                  "last4": "6604", "expiry": "2042-09"})]
SCATCHARD_FUNDED = SCATCHARD_CARD + [("deposit", {"token": HA, "customer_id": NEW, "card_id": "$add_card.card.cardId",
                                                  "amount": 40.0})]
SCATCHARD_BET = SCATCHARD_FUNDED + prices(4) + [
    ("place_bet", {"token": HA, "customer_id": NEW, "selection_ids": [pick(0)], "stake": 40.0, "bet_type": "single"})]
BET = "$place_bet.bet.betId"
SCATCHARD_QUOTED = SCATCHARD_BET + [("quote_cash_out", {"token": HA, "bet_id": BET})]
SCATCHARD_CASHED = SCATCHARD_QUOTED + [("cash_out", {"token": HA, "bet_id": BET,
                                                     "offer_id": "$quote_cash_out.offer.offerId"})]
SCATCHARD_SLIP = SCATCHARD_BET + [("bet_detail", {"token": HA, "bet_id": BET})]
SCATCHARD_VOID = SCATCHARD_BET + [sign_in("ferdia"), ("void_bet", {"token": FE, "bet_id": BET,
                                                                   "reason_code": "palpable_error"})]
SCATCHARD_FREE = SCATCHARD_VERIFIED + [sign_in("jasper"),
                                       ("grant_free_bet", {"token": JA, "customer_id": NEW, "amount": 5.0,
                                                           "reason": "Welcome free bet for opening an account"})]
SCATCHARD_FREE_BET = SCATCHARD_FREE + prices(4) + [
    ("place_bet", {"token": HA, "customer_id": NEW, "selection_ids": [pick(0)], "stake": 5.0,
                   "free_bet_id": "$grant_free_bet.freeBet.freeBetId"})]
SCATCHARD_OUT = SCATCHARD_FUNDED + [("request_withdrawal", {"token": HA, "customer_id": NEW,
                                                            "card_id": "$add_card.card.cardId", "amount": 10.0})]
SCATCHARD_PAID_OUT = SCATCHARD_OUT + [sign_in("nia"),
                                      ("approve_withdrawal", {"token": LO,
                                                              "withdrawal_id": "$request_withdrawal.withdrawal."
                                                                               "withdrawalId"})]
SCATCHARD_GONE = SCATCHARD_FUNDED + [("self_exclude", {"token": SA, "customer_id": NEW, "months": 6}),
                                     sign_in("nia"),
                                     ("return_funds", {"token": LO, "customer_id": NEW,
                                                       "card_id": "$add_card.card.cardId"})]
SCATCHARD_MOVED = SCATCHARD + [("update_customer", {"token": HA, "customer_id": NEW, "phone": "07700 900848"})]
SCATCHARD_ACCOUNT = SCATCHARD + [("customer_account", {"token": HA, "customer_id": NEW})]
SCATCHARD_WELCOME = SCATCHARD + [("message_customer", {"token": HA, "customer_id": NEW, "subject": "Welcome",
                                                       "body": "Your account is open; bring your licence to verify."})]
SCATCHARD_TALK = SCATCHARD + [sign_in("sabine"),
                              ("log_interaction", {"token": SA, "customer_id": NEW, "kind": "wellbeing_call",
                                                   "notes": "Explained the deposit limits and time-outs"})]
SCATCHARD_CLOSED = SCATCHARD + [sign_in("sabine"),
                                ("close_account", {"token": SA, "customer_id": NEW,
                                                   "reason": "Opened by mistake; he bets in the shop"})]
SCATCHARD_EXCLUDED = SCATCHARD + [sign_in("sabine"), ("self_exclude", {"token": SA, "customer_id": NEW,
                                                                       "months": 12})]
SCATCHARD_SOURCE = SCATCHARD + [sign_in("sabine"),
                                ("record_source_of_funds", {"token": SA, "customer_id": NEW, "source": "salary",
                                                            "evidence": "Two payslips from Haverleigh Foundry"})]

# the seeded customers
KIT = [sign_in("sabine"), find("sabine", "Brereton-Lusk"),
       ("verify_customer", {"token": SA, "customer_id": FOUND, "document": "passport", "document_number": "548217736"})]
KIT_CARD = [sign_in("roisin"), find("roisin", "Brereton-Lusk"),
            ("add_card", {"token": HA, "customer_id": FOUND, "holder": "K BRERETON-LUSK", "last4": "2290",
                          "expiry": "2041-05"})]
ANNWEN_MAIL = [sign_in("roisin"), find("roisin", "Gostelow"),
               ("update_customer", {"token": HA, "customer_id": FOUND, "email": "annwen.gostelow@example.org"})]
ANNWEN_OUT = [sign_in("roisin"), find("roisin", "Gostelow"), ("customer_account", {"token": HA, "customer_id": FOUND}),
              ("request_withdrawal", {"token": HA, "customer_id": FOUND, "card_id": CARD, "amount": 100.0})]
ANNWEN_FREE = [sign_in("jasper"), find("jasper", "Gostelow"),
               ("grant_free_bet", {"token": JA, "customer_id": FOUND, "amount": 10.0,
                                   "reason": "Goodwill for the late bet on the Brandling match"})]
ANNWEN_DRAW = [sign_in("roisin"), find("roisin", "Gostelow")] + prices(4) + [
    ("place_bet", {"token": HA, "customer_id": FOUND, "selection_ids": [pick(1)], "stake": 10.0})]
DERMOT = [sign_in("roisin"), find("roisin", "Fairclough"), ("customer_account", {"token": HA, "customer_id": FOUND})]
DERMOT_DEPOSIT = DERMOT + [("deposit", {"token": HA, "customer_id": FOUND, "card_id": CARD, "amount": 20.0})]
NERYS_NOTE = [sign_in("roisin"), find("roisin", "Tregunna"),
              ("message_customer", {"token": HA, "customer_id": FOUND, "subject": "Closing your account",
                                    "body": "We will close your account once your bet on the 12:35 is settled."})]
PASK = [sign_in("sabine"), find("sabine", "Pask"),
        ("log_interaction", {"token": SA, "customer_id": FOUND, "kind": "affordability",
                             "notes": "Raise to 100 a day is affordable on his salary; he knows the tools"}),
        ("set_deposit_limit", {"token": SA, "customer_id": FOUND, "period": "daily", "amount": 100.0})]
THACKERAY = [sign_in("nia"), ("withdrawals", {"token": LO, "status": "pending"}), sign_in("sabine"),
             find("sabine", "Thackeray"),
             ("record_source_of_funds", {"token": SA, "customer_id": FOUND, "source": "inheritance",
                                         "evidence": "Probate letter from Gorringe & Threadgold, solicitors"}),
             ("approve_withdrawal", {"token": LO, "withdrawal_id": "$withdrawals.withdrawals.0.withdrawalId"})]
ROLLO = [sign_in("sabine"), find("sabine", "Abernethy"),
         ("self_exclude", {"token": SA, "customer_id": FOUND, "months": 12}),
         sign_in("nia"), ("customer_account", {"token": LO, "customer_id": FOUND}),
         ("return_funds", {"token": LO, "customer_id": FOUND, "card_id": CARD})]
ROLLO_CLOSED = [sign_in("sabine"), find("sabine", "Abernethy"),
                ("close_account", {"token": SA, "customer_id": FOUND, "reason": "He wants to stop betting online"}),
                sign_in("nia"), ("customer_account", {"token": LO, "customer_id": FOUND}),
                ("return_funds", {"token": LO, "customer_id": FOUND, "card_id": CARD})]

# trading: the 12:35 resulted and settled (Mrs Tregunna then closes); the 13:10 off, resulted and settled with a shop
# slip paid; the 13:45 reopened, Gale Warning's price moved and Mrs Gostelow backs it
KELSFORD_1235 = [("results", {"day": "2039-03-11"}), sign_in("ferdia")] + prices(1) + [
    ("record_result", {"token": FE, "event_id": "$sports_calendar.events.1.eventId", "winner_id": pick(0),
                       "placed_ids": [pick(1), pick(2)]}),
    ("settle_event", {"token": FE, "event_id": "$sports_calendar.events.1.eventId"})]
NERYS_CLOSED = KELSFORD_1235 + [sign_in("sabine"), find("sabine", "Tregunna"),
                                ("close_account", {"token": SA, "customer_id": FOUND,
                                                   "reason": "She is giving up betting"})]
SHOP_SLIP = [sign_in("roisin")] + prices(2) + [
    ("take_shop_bet", {"token": HA, "selection_ids": [pick(0)], "stake": 10.0, "paid": "cash"}),
    sign_in("ferdia"), ("mark_off", {"token": FE, "event_id": "$sports_calendar.events.2.eventId"}),
    ("record_result", {"token": FE, "event_id": "$sports_calendar.events.2.eventId", "winner_id": pick(0)}),
    ("settle_event", {"token": FE, "event_id": "$sports_calendar.events.2.eventId"}),
    ("pay_out_slip", {"token": HA, "slip_number": "$take_shop_bet.slip.slipNumber"})]
KELSFORD_1310 = [sign_in("ferdia"), ("sports_calendar", {}),
                 ("mark_off", {"token": FE, "event_id": "$sports_calendar.events.2.eventId"}),
                 ("market_prices", {"event_id": "$sports_calendar.events.2.eventId"}),
                 ("record_result", {"token": FE, "event_id": "$sports_calendar.events.2.eventId",
                                    "winner_id": pick(1)}),
                 ("settle_event", {"token": FE, "event_id": "$sports_calendar.events.2.eventId"})]
BOOK_1310 = [sign_in("ferdia"), ("sports_calendar", {}),
             ("liability", {"token": FE, "event_id": "$sports_calendar.events.2.eventId"})]
REOPEN = [sign_in("ferdia")] + prices(3) + [
    ("set_market_status", {"token": FE, "market_id": "$market_prices.markets.0.marketId", "open": True}),
    sign_in("roisin"), find("roisin", "Gostelow"),
    ("place_bet", {"token": HA, "customer_id": FOUND, "selection_ids": [pick(2)], "stake": 10.0})]
GALE = [sign_in("ferdia")] + prices(3) + [("change_price", {"token": FE, "selection_id": pick(2), "odds": "5/4"})]
LATE = [sign_in("ferdia"), ("bets", {"token": FE, "status": "open"}),
        ("void_bet", {"token": FE, "bet_id": "$bets.bets.3.betId", "reason_code": "late_bet"})]
DOUBLE = [sign_in("roisin"), ("bets", {"token": HA, "status": "open"}),
          ("quote_cash_out", {"token": HA, "bet_id": "$bets.bets.2.betId"}),
          ("cash_out", {"token": HA, "bet_id": "$bets.bets.2.betId", "offer_id": "$quote_cash_out.offer.offerId"})]
BELLHAVEN = [sign_in("roisin"), ("bets", {"token": HA, "status": "open"}),
             ("bet_detail", {"token": HA, "bet_id": "$bets.bets.0.betId"})]

_BODY = [
    # customers
    ("register_customer", "verify_customer", SCATCHARD_VERIFIED),
    ("find_customer", "verify_customer", KIT),
    ("register_customer", "update_customer", SCATCHARD_MOVED),
    ("find_customer", "update_customer", ANNWEN_MAIL),
    ("register_customer", "customer_account", SCATCHARD_ACCOUNT),
    ("find_customer", "customer_account", DERMOT),
    ("register_customer", "message_customer", SCATCHARD_WELCOME),
    ("find_customer", "message_customer", NERYS_NOTE),
    ("register_customer", "set_deposit_limit", SCATCHARD_LIMIT),
    ("find_customer", "set_deposit_limit", PASK),
    ("register_customer", "log_interaction", SCATCHARD_TALK),
    ("find_customer", "log_interaction", cut(PASK, "log_interaction")),
    ("register_customer", "self_exclude", SCATCHARD_EXCLUDED),
    ("find_customer", "self_exclude", cut(ROLLO, "self_exclude")),
    ("register_customer", "close_account", SCATCHARD_CLOSED),
    ("find_customer", "close_account", cut(ROLLO_CLOSED, "close_account")),
    ("register_customer", "record_source_of_funds", SCATCHARD_SOURCE),
    ("find_customer", "record_source_of_funds", cut(THACKERAY, "record_source_of_funds")),
    ("register_customer", "add_card", SCATCHARD_CARD),
    ("find_customer", "add_card", KIT_CARD),
    ("register_customer", "deposit", SCATCHARD_FUNDED),
    ("find_customer", "deposit", DERMOT_DEPOSIT),
    ("register_customer", "request_withdrawal", SCATCHARD_OUT),
    ("find_customer", "request_withdrawal", ANNWEN_OUT),
    ("register_customer", "return_funds", SCATCHARD_GONE),
    ("find_customer", "return_funds", ROLLO),
    ("register_customer", "place_bet", SCATCHARD_BET),
    ("find_customer", "place_bet", ANNWEN_DRAW),
    ("register_customer", "grant_free_bet", SCATCHARD_FREE),
    ("find_customer", "grant_free_bet", ANNWEN_FREE),
    ("verify_customer", "deposit", SCATCHARD_FUNDED),
    ("verify_customer", "grant_free_bet", SCATCHARD_FREE),
    ("verify_customer", "request_withdrawal", SCATCHARD_OUT),
    ("deposit", "request_withdrawal", SCATCHARD_OUT),
    ("deposit", "return_funds", SCATCHARD_GONE),
    ("log_interaction", "set_deposit_limit", PASK),
    ("set_deposit_limit", "deposit", SCATCHARD_FUNDED),
    ("self_exclude", "return_funds", ROLLO),
    ("close_account", "return_funds", ROLLO_CLOSED),
    # cards, deposits and withdrawals
    ("add_card", "deposit", SCATCHARD_FUNDED),
    ("customer_account", "deposit", DERMOT_DEPOSIT),
    ("add_card", "request_withdrawal", SCATCHARD_OUT),
    ("customer_account", "request_withdrawal", ANNWEN_OUT),
    ("add_card", "return_funds", SCATCHARD_GONE),
    ("customer_account", "return_funds", ROLLO),
    ("request_withdrawal", "approve_withdrawal", SCATCHARD_PAID_OUT),
    ("withdrawals", "approve_withdrawal", THACKERAY),
    ("record_source_of_funds", "approve_withdrawal", THACKERAY),
    # bets
    ("deposit", "place_bet", SCATCHARD_BET),
    ("grant_free_bet", "place_bet", SCATCHARD_FREE_BET),
    ("set_market_status", "place_bet", REOPEN),
    ("place_bet", "bet_detail", SCATCHARD_SLIP),
    ("bets", "bet_detail", BELLHAVEN),
    ("place_bet", "quote_cash_out", SCATCHARD_QUOTED),
    ("bets", "quote_cash_out", cut(DOUBLE, "quote_cash_out")),
    ("place_bet", "cash_out", SCATCHARD_CASHED),
    ("bets", "cash_out", DOUBLE),
    ("quote_cash_out", "cash_out", DOUBLE),
    ("place_bet", "void_bet", SCATCHARD_VOID),
    ("bets", "void_bet", LATE),
    ("take_shop_bet", "pay_out_slip", SHOP_SLIP),
    # trading
    ("sports_calendar", "market_prices", cut(GALE, "market_prices")),
    ("sports_calendar", "mark_off", cut(KELSFORD_1310, "mark_off")),
    ("sports_calendar", "record_result", cut(KELSFORD_1235, "record_result")),
    ("sports_calendar", "settle_event", KELSFORD_1235),
    ("sports_calendar", "liability", BOOK_1310),
    ("market_prices", "place_bet", ANNWEN_DRAW),
    ("market_prices", "take_shop_bet", cut(SHOP_SLIP, "take_shop_bet")),
    ("market_prices", "change_price", GALE),
    ("market_prices", "set_market_status", cut(REOPEN, "set_market_status")),
    ("market_prices", "record_result", cut(KELSFORD_1235, "record_result")),
    ("mark_off", "record_result", cut(KELSFORD_1310, "record_result")),
    ("record_result", "settle_event", KELSFORD_1310),
    ("settle_event", "pay_out_slip", SHOP_SLIP),
    ("settle_event", "close_account", NERYS_CLOSED),
]

_OWN = {"sign_out": [sign_in("nia"), ("sign_out", {"token": LO})],
        "withdrawals": [sign_in("nia"), ("withdrawals", {"token": LO})],
        "bets": [sign_in("roisin"), ("bets", {"token": HA})]}


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
    # Mrs Tregunna written to before her account is closed
    ("message_customer", NERYS_CLOSED[:-1] + [("message_customer", {"token": SA, "customer_id": FOUND,
                                                                    "subject": "Closing your account",
                                                                    "body": "Your bet is settled; we are closing "
                                                                            "your account today."})]
     + NERYS_CLOSED[-1:]),
    # Mr Brereton-Lusk written to before he is verified
    ("message_customer", KIT[:2] + [("message_customer", {"token": SA, "customer_id": FOUND,
                                                          "subject": "Verifying your account",
                                                          "body": "Thank you for bringing your passport in."})]
     + KIT[2:]),
    # Mr Scatchard welcomed before his free bet is granted
    ("message_customer", SCATCHARD_VERIFIED + [("message_customer", {"token": SA, "customer_id": NEW,
                                                                     "subject": "Welcome",
                                                                     "body": "A free bet is on its way."})]
     + SCATCHARD_FREE[len(SCATCHARD_VERIFIED):]),
    # yesterday's results read before the 13:10 slip is paid
    ("results", SHOP_SLIP[:-1] + [("results", {"day": "2039-03-11"})] + SHOP_SLIP[-1:]),
    # the 13:10's liabilities read before it is marked off
    ("liability", cut(KELSFORD_1310, "sports_calendar") + [
        ("liability", {"token": FE, "event_id": "$sports_calendar.events.2.eventId"})]
     + KELSFORD_1310[2:3]),
    # the 12:30 match's liabilities read before Mrs Gostelow's late bet is voided
    ("liability", LATE[:2] + [("sports_calendar", {}),
                              ("liability", {"token": FE, "event_id": "$sports_calendar.events.0.eventId"})]
     + LATE[2:]),
    # yesterday's results read before Mr Fairclough's deposit
    ("results", DERMOT + [("results", {"day": "2039-03-11"})] + DERMOT_DEPOSIT[len(DERMOT):]),
    # the calendar read before Mr Pask's conversation is logged
    ("sports_calendar", PASK[:2] + [("sports_calendar", {})] + PASK[2:3]),
]
