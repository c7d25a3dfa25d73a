"""Riftline: the live-operations back end of an online arena game (41 calls).

Plain functions over an in-memory ``State`` of the game "Riftline Arena" (title 7F3A1) on Tuesday
18 November 2025, in the manner of a hosted game back end's server API: players and their linked
platform accounts, the store catalogue, virtual currencies, inventories, purchases and refunds,
statistics and leaderboards, player reports and bans, matchmaking queues, tickets and matches,
guilds (groups, invitations, members), player-to-player trades, title data and the in-game inbox.

Two ways in, as on the real service: the *server* calls take the title's secret key (from the
Game Manager console) directly, and the *entity* calls (matchmaking, groups, trades, statistics
definitions, title data) take an entity token that ``get_entity_token`` exchanges for the secret
key (nested at ``data.EntityToken``). Destructive moderation and refunds take a second step:
``request_action_code`` answers a short-lived confirmation code for one action on one player.

Every reply is an envelope ``{"code": 200, "status": "OK", "data": {...}}``; every refusal is
returned, never raised: ``{"code": 4xx, "status": ..., "error": "<ErrorName>", "errorCode": n,
"errorMessage": ...}``. Ban reasons are only spelled out in the refusal for an unknown one.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import enum
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Literal, Optional

from typing_extensions import TypedDict  # pydantic reads TypedDict bodies from here before Python 3.12

TODAY = date(2025, 11, 18)
NOW = "2025-11-18T10:00:00Z"
TITLE_ID = "7F3A1"
_SECRET = "K9X2-R7PQ-44LM-ZT81"


class Region(str, enum.Enum):
    """Matchmaking regions."""

    WEST_EUROPE = "WestEurope"
    NORTH_EUROPE = "NorthEurope"
    EAST_US = "EastUS"
    JAPAN_EAST = "JapanEast"
    AUSTRALIA_EAST = "AustraliaEast"


class StatUpdate(TypedDict):
    """One statistic to set for a player."""

    StatisticName: str
    Value: int


Platform = Literal["Steam", "Xbox", "PSN", "Nintendo"]
Action = Literal["ban", "unban", "refund"]
Outcome = Literal["actioned", "dismissed", "duplicate"]

_BAN_REASONS = ("cheating", "toxicity", "exploit", "chargeback", "impersonation")  # refusals only
_CATALOG = [
    ("sword_ember_01", "Ember Sword", "weapon", {"GD": 500}, None),
    ("bow_ashwood", "Ashwood Bow", "weapon", {"GD": 450}, None),
    ("skin_frost_hood", "Frost Hood", "cosmetic", {"GM": 30}, None),
    ("mount_glider_mk2", "Glider Mk II", "mount", {"GM": 90}, None),
    ("potion_small", "Small Potion", "consumable", {"GD": 25}, 3),
    ("emote_wave", "Wave Emote", "cosmetic", {"GD": 100}, None),
    ("bundle_starter", "Starter Bundle", "bundle", {"GM": 15}, None),
]
_CURRENCIES = [("GD", "Gold", 0, 999999), ("GM", "Gems", 0, 99999), ("TK", "Tournament Tokens", 0, 50)]
_STATISTICS = [("ranked_mmr", "Last", 1500), ("season7_wins", "Sum", 0), ("season7_kills", "Sum", 0),
               ("arena_best_time_ms", "Min", None)]
_QUEUES = [("ranked_duo", 2, ["WestEurope", "NorthEurope", "EastUS"]),
           ("casual_squad", 4, ["WestEurope", "EastUS", "JapanEast", "AustraliaEast"]),
           ("arena_1v1", 2, ["WestEurope", "EastUS", "JapanEast"])]


def _player(name, created, linked, currency, inventory) -> dict:
    return {"DisplayName": name, "Created": created, "Linked": linked, "Currency": currency,
            "Inventory": inventory, "Stats": {}, "Inbox": []}


def _inst(item_id, uses=None) -> dict:
    return {"ItemId": item_id, "RemainingUses": uses, "Acquired": "2025-10-01"}


@dataclass
class State:
    """Riftline Arena's back end on a Tuesday morning in season 7."""

    tokens: dict = field(default_factory=dict)
    codes: dict = field(default_factory=dict)
    players: dict = field(default_factory=lambda: {
        "A1F3C9E2B7D40011": _player("EmberFox", "2023-02-11", [["Steam", "76561198000420011"]],
                                    {"GD": 1350, "GM": 40, "TK": 2},
                                    {"inst-0001": _inst("sword_ember_01"), "inst-0002": _inst("skin_frost_hood"),
                                     "inst-0003": _inst("potion_small", 3)}),
        "B7D2E4F1A9C30022": _player("NightOwl77", "2024-06-30", [["PSN", "nightowl-77-psn"]],
                                    {"GD": 50, "GM": 0, "TK": 0}, {"inst-0010": _inst("bow_ashwood")}),
        "C3E8A1D7F2B50033": _player("Vexcalibur", "2022-12-01", [["Steam", "76561198000420033"]],
                                    {"GD": 800, "GM": 5, "TK": 0}, {"inst-0015": _inst("sword_ember_01")}),
        "D9B4F6C2E1A70044": _player("LunaByte", "2023-09-14", [["Xbox", "2535411112223334"]],
                                    {"GD": 2200, "GM": 120, "TK": 1},
                                    {"inst-0020": _inst("mount_glider_mk2"), "inst-0021": _inst("skin_frost_hood")}),
    })
    purchases: dict = field(default_factory=lambda: {
        "ord-7001": {"player": "A1F3C9E2B7D40011", "item": "bundle_starter", "currency": "GM", "price": 15,
                     "date": "2025-11-15", "status": "completed", "instance": "inst-0002"},
        "ord-6950": {"player": "D9B4F6C2E1A70044", "item": "mount_glider_mk2", "currency": "GM", "price": 90,
                     "date": "2025-09-02", "status": "completed", "instance": "inst-0020"},
    })
    bans: dict = field(default_factory=lambda: {
        "BAN-9001": {"player": "C3E8A1D7F2B50033", "reason": "cheating", "created": "2025-11-10",
                     "expires": "2025-12-10", "active": True},
    })
    reports: dict = field(default_factory=lambda: {
        "rpt-120": {"player": "C3E8A1D7F2B50033", "reason": "cheating", "status": "open",
                    "reporters": ["A1F3C9E2B7D40011", "D9B4F6C2E1A70044"]},
        "rpt-121": {"player": "B7D2E4F1A9C30022", "reason": "toxicity", "status": "open",
                    "reporters": ["D9B4F6C2E1A70044"]},
    })
    tickets: dict = field(default_factory=lambda: {
        "tkt-5f10": {"queue": "ranked_duo", "players": ["D9B4F6C2E1A70044"], "region": "WestEurope",
                     "status": "WaitingForMatch", "match": None},
    })
    matches: dict = field(default_factory=dict)
    groups: dict = field(default_factory=lambda: {
        "grp-3A10": {"name": "Ashen Wardens", "owner": "A1F3C9E2B7D40011",
                     "members": {"A1F3C9E2B7D40011": "admins", "D9B4F6C2E1A70044": "members"}, "invites": {}},
    })
    trades: dict = field(default_factory=lambda: {
        "trd-0701": {"offerer": "D9B4F6C2E1A70044", "offered": ["inst-0021"], "requested": ["potion_small"],
                     "allowed": ["A1F3C9E2B7D40011"], "status": "Open", "accepted_by": None},
    })
    title_data: dict = field(default_factory=lambda: {
        "motd": "Season 7: the Frostfall patch is live!", "season": "7", "maintenance": "none"})
    counters: dict = field(default_factory=lambda: {
        "tok": 3, "code": 0, "inst": 30, "ord": 7010, "BAN": 9001, "tkt": 0x5F20, "match": 0x88A0, "grp": 0x3A20,
        "trd": 710, "msg": 400})


# ----------------------------------------------------------------------------- envelope

def _ok(data: dict) -> dict:
    return {"code": 200, "status": "OK", "data": data}


def _err(error: str, message: str, code: int = 400) -> dict:
    numbers = {"NotAuthenticated": 1074, "InvalidSecretKey": 1014, "AccountNotFound": 1001, "ItemNotFound": 1047,
               "InvalidParams": 1000, "InsufficientFunds": 1059, "NameNotAvailable": 1009, "ProfileNotChanged": 1223,
               "InvalidConfirmationCode": 1390, "PlayerBanned": 1002, "NotFound": 1349, "Conflict": 1133,
               "RefundWindowClosed": 1502, "InvalidStatistic": 1129, "QueueNotFound": 2001, "InvalidRegion": 2002,
               "TicketNotCancellable": 2009, "GroupNameNotAvailable": 1322, "NotAGroupMember": 1328,
               "TradeNotOpen": 1071, "TradeNotAllowed": 1072, "InvalidBanReason": 1391}
    status = {400: "BadRequest", 401: "Unauthorized", 403: "Forbidden", 404: "NotFound", 409: "Conflict"}[code]
    return {"code": code, "status": status, "error": error, "errorCode": numbers.get(error, 1000),
            "errorMessage": message}


def _next(state: State, key: str) -> int:
    state.counters[key] += 1
    return state.counters[key]


def _server(secret_key: str):
    return None if secret_key == _SECRET else _err("InvalidSecretKey", "The secret key is not valid for this title.", 401)


def _entity(state: State, entity_token: str):
    return None if entity_token in state.tokens else _err("NotAuthenticated", "Entity token missing or expired.", 401)


def _find(state: State, player_id: str):
    p = state.players.get(player_id)
    return p if p is not None else _err("AccountNotFound", f"No player with PlayFabId {player_id}.", 404)


def _banned(state: State, player_id: str) -> bool:
    return any(b["player"] == player_id and b["active"] for b in state.bans.values())


def _use_code(state: State, code: str, action: str, player_id: str):
    c = state.codes.get(code)
    if c is None or c["used"] or c["action"] != action or c["player"] != player_id:
        return _err("InvalidConfirmationCode", f"Confirmation code is not valid for {action} on this player.", 403)
    c["used"] = True
    return None


# ----------------------------------------------------------------------------- auth

def get_entity_token(title_id: str, secret_key: str, state: State) -> dict:
    """Exchange the title's secret key for an entity token.

    Args:
        title_id: The title id shown in Game Manager.
        secret_key: A secret key from Game Manager > Title settings > Secret keys.

    Returns:
        ``data.EntityToken`` (valid for 24 hours), ``data.TokenExpiration`` and ``data.Entity``.
    """
    if title_id.strip().upper() != TITLE_ID:
        return _err("InvalidParams", "Unknown title id.", 404)
    bad = _server(secret_key)
    if bad:
        return bad
    token = f"ent.{TITLE_ID}.{_next(state, 'tok'):04d}.x8Qm"
    state.tokens[token] = {"title": TITLE_ID}
    return _ok({"EntityToken": token, "TokenExpiration": "2025-11-19T10:00:00Z",
                "Entity": {"Id": TITLE_ID, "Type": "title"}})


def request_action_code(secret_key: str, action: Action, player_id: str, state: State) -> dict:
    """Ask for a confirmation code before a ban, unban or refund (the second step of a two-step action).

    Args:
        secret_key: The title's secret key.
        action: The action to confirm.
        player_id: The PlayFabId the action is about.

    Returns:
        ``data.ConfirmationCode`` (six digits, single use) and ``data.ExpiresInSeconds``.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    n = _next(state, "code")
    code = f"{(734201 + n * 48271) % 900000 + 100000}"
    state.codes[code] = {"action": action, "player": player_id, "used": False}
    return _ok({"ConfirmationCode": code, "Action": action, "PlayFabId": player_id, "ExpiresInSeconds": 300})


# ----------------------------------------------------------------------------- players

def find_player(secret_key: str, display_name: str, state: State) -> dict:
    """Look players up by display name (case-insensitive prefix).

    Args:
        secret_key: The title's secret key.
        display_name: The name as it shows in game.

    Returns:
        ``data.Players``: records with ``PlayFabId``, ``DisplayName``, ``Created`` and ``LinkedAccounts``
        as ``[platform, platform_user_id]`` pairs.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    q = display_name.strip().lower()
    found = [{"PlayFabId": pid, "DisplayName": p["DisplayName"], "Created": p["Created"],
              "LinkedAccounts": [list(x) for x in p["Linked"]]}
             for pid, p in state.players.items() if p["DisplayName"].lower().startswith(q)]
    found.sort(key=lambda r: (r["DisplayName"].lower() != q, r["DisplayName"]))
    return _ok({"Players": found})


def get_player_by_platform(secret_key: str, platform: Platform, platform_user_ids: list[str], state: State) -> dict:
    """Map platform account ids (a Steam id, an Xbox XUID, a PSN online id) to PlayFabIds.

    Args:
        secret_key: The title's secret key.
        platform: The platform the ids belong to.
        platform_user_ids: The ids as the platform shows them.

    Returns:
        ``data.Data``: one record per id, with ``PlayFabId`` when a player is linked.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    out = []
    for uid in platform_user_ids:
        rec = {"PlatformUserId": uid}
        for pid, p in state.players.items():
            if [platform, uid.strip()] in p["Linked"]:
                rec["PlayFabId"] = pid
        out.append(rec)
    return _ok({"Data": out})


def get_player_profile(secret_key: str, player_id: str, state: State) -> dict:
    """A player's profile: name, creation date, linked accounts, ban state and statistics."""
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    return _ok({"PlayerProfile": {"PlayFabId": player_id, "DisplayName": p["DisplayName"], "Created": p["Created"],
                                  "LinkedAccounts": [list(x) for x in p["Linked"]],
                                  "Banned": _banned(state, player_id), "Statistics": dict(p["Stats"])}})


def update_display_name(secret_key: str, player_id: str, display_name: str, state: State) -> dict:
    """Rename a player.

    Args:
        secret_key: The title's secret key.
        player_id: The PlayFabId.
        display_name: 3 to 25 characters, unique in the title.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    name = display_name.strip()
    if name == p["DisplayName"]:
        return _err("ProfileNotChanged", "The player already has this display name.", 409)
    if not 3 <= len(name) <= 25:
        return _err("InvalidParams", "Display names are 3 to 25 characters.")
    if any(q["DisplayName"].lower() == name.lower() for q in state.players.values()):
        return _err("NameNotAvailable", "Another player has this display name.", 409)
    p["DisplayName"] = name
    return _ok({"PlayFabId": player_id, "DisplayName": name})


# ----------------------------------------------------------------------------- economy

def list_catalog_items(secret_key: str, catalog_version: str = "main", state: State = None) -> dict:
    """The store catalogue.

    Args:
        secret_key: The title's secret key.
        catalog_version: The catalogue version (only ``main`` is live).

    Returns:
        ``data.Catalog``: items with ``ItemId``, ``DisplayName``, ``ItemClass``,
        ``VirtualCurrencyPrices`` (currency code -> price) and ``Consumable`` uses.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    if catalog_version != "main":
        return _err("NotFound", f"No catalogue version {catalog_version}.", 404)
    return _ok({"CatalogVersion": "main", "Catalog": [
        {"ItemId": i, "DisplayName": n, "ItemClass": c, "VirtualCurrencyPrices": dict(prices), "Consumable": uses}
        for i, n, c, prices, uses in _CATALOG]})


def list_currencies(secret_key: str, state: State) -> dict:
    """The title's virtual currencies (code, name, initial deposit, cap)."""
    bad = _server(secret_key)
    if bad:
        return bad
    return _ok({"Currencies": [{"CurrencyCode": c, "DisplayName": n, "InitialDeposit": d, "Cap": cap}
                               for c, n, d, cap in _CURRENCIES]})


def get_inventory(secret_key: str, player_id: str, state: State) -> dict:
    """A player's items and balances.

    Returns:
        ``data.Inventory`` rows ``[ItemInstanceId, ItemId, RemainingUses, [acquired]]`` and
        ``data.VirtualCurrency`` (code -> balance).
    """
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    rows = [[iid, x["ItemId"], x["RemainingUses"], [x["Acquired"]]] for iid, x in sorted(p["Inventory"].items())]
    return _ok({"PlayFabId": player_id, "Inventory": rows, "VirtualCurrency": dict(p["Currency"])})


def _grant(state: State, p: dict, item_id: str) -> str:
    iid = f"inst-{_next(state, 'inst'):04d}"
    uses = next(u for i, _, _, _, u in _CATALOG if i == item_id)
    p["Inventory"][iid] = {"ItemId": item_id, "RemainingUses": uses, "Acquired": TODAY.isoformat()}
    return iid


def grant_items(secret_key: str, player_id: str, item_ids: list[str], annotation: str, state: State) -> dict:
    """Give catalogue items to a player (support compensation, event rewards).

    Args:
        secret_key: The title's secret key.
        player_id: The PlayFabId.
        item_ids: Catalogue item ids.
        annotation: Why, for the audit log.

    Returns:
        ``data.ItemGrantResults``: one record per item with its new ``ItemInstanceId``.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    known = {i for i, *_ in _CATALOG}
    missing = [i for i in item_ids if i not in known]
    if missing or not item_ids:
        return _err("ItemNotFound", f"Unknown catalogue item {missing[0] if missing else '(none)'}.", 404)
    results = [{"ItemId": i, "ItemInstanceId": _grant(state, p, i), "Result": True, "Annotation": annotation}
               for i in item_ids]
    return _ok({"ItemGrantResults": results})


def revoke_items(secret_key: str, player_id: str, instance_ids: list[str], reason: str, state: State) -> dict:
    """Take item instances away from a player.

    Args:
        secret_key: The title's secret key.
        player_id: The PlayFabId.
        instance_ids: Item instance ids from the player's inventory.
        reason: Why, for the audit log.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    missing = [i for i in instance_ids if i not in p["Inventory"]]
    if missing or not instance_ids:
        return _err("ItemNotFound", f"Player has no item instance {missing[0] if missing else '(none)'}.", 404)
    for i in instance_ids:
        del p["Inventory"][i]
    return _ok({"Revoked": list(instance_ids), "Reason": reason})


def _currency_change(state: State, secret_key: str, player_id: str, code: str, amount: int, sign: int):
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    caps = {c: cap for c, _, _, cap in _CURRENCIES}
    if code not in caps:
        return _err("InvalidParams", f"Unknown virtual currency {code}.")
    if amount <= 0:
        return _err("InvalidParams", "Amount must be positive.")
    new = p["Currency"][code] + sign * amount
    if new < 0:
        return _err("InsufficientFunds", f"Balance of {code} is {p['Currency'][code]}.")
    if new > caps[code]:
        return _err("InvalidParams", f"{code} is capped at {caps[code]}.")
    p["Currency"][code] = new
    return _ok({"PlayFabId": player_id, "VirtualCurrency": code, "BalanceChange": sign * amount, "Balance": new})


def add_currency(secret_key: str, player_id: str, currency_code: str, amount: int, reason: str, state: State) -> dict:
    """Credit virtual currency to a player.

    Args:
        secret_key: The title's secret key.
        player_id: The PlayFabId.
        currency_code: The two-letter currency code.
        amount: How much.
        reason: Why, for the audit log.
    """
    return _currency_change(state, secret_key, player_id, currency_code, amount, 1)


def subtract_currency(secret_key: str, player_id: str, currency_code: str, amount: int, reason: str,
                      state: State) -> dict:
    """Debit virtual currency from a player (never below zero).

    Args:
        secret_key: The title's secret key.
        player_id: The PlayFabId.
        currency_code: The two-letter currency code.
        amount: How much.
        reason: Why, for the audit log.
    """
    return _currency_change(state, secret_key, player_id, currency_code, amount, -1)


def purchase_item(secret_key: str, player_id: str, item_id: str, currency_code: str, price: int, state: State) -> dict:
    """Buy a catalogue item for a player with their virtual currency.

    Args:
        secret_key: The title's secret key.
        player_id: The PlayFabId.
        item_id: The catalogue item id.
        currency_code: One of the item's price currencies.
        price: The item's current price in that currency (the purchase fails if it changed).

    Returns:
        ``data.OrderId`` and ``data.Items`` (the new instances).
    """
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    item = next((x for x in _CATALOG if x[0] == item_id), None)
    if item is None:
        return _err("ItemNotFound", f"Unknown catalogue item {item_id}.", 404)
    if item[3].get(currency_code) != price:
        return _err("InvalidParams", "Price or currency does not match the catalogue.")
    if p["Currency"].get(currency_code, 0) < price:
        return _err("InsufficientFunds", f"Balance of {currency_code} is {p['Currency'].get(currency_code, 0)}.")
    p["Currency"][currency_code] -= price
    iid = _grant(state, p, item_id)
    oid = f"ord-{_next(state, 'ord')}"
    state.purchases[oid] = {"player": player_id, "item": item_id, "currency": currency_code, "price": price,
                            "date": TODAY.isoformat(), "status": "completed", "instance": iid}
    return _ok({"OrderId": oid, "Items": [{"ItemId": item_id, "ItemInstanceId": iid}],
                "VirtualCurrency": {currency_code: p["Currency"][currency_code]}})


def get_purchase_history(secret_key: str, player_id: str, state: State) -> dict:
    """A player's store purchases, newest first.

    Returns:
        ``data.Purchases`` rows ``[OrderId, ItemId, currency, price, date, status]``.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    rows = [[oid, o["item"], o["currency"], o["price"], o["date"], o["status"]]
            for oid, o in state.purchases.items() if o["player"] == player_id]
    rows.sort(key=lambda r: (r[4], r[0]), reverse=True)
    return _ok({"Purchases": rows})


def refund_purchase(secret_key: str, player_id: str, order_id: str, confirmation_code: str, reason: str,
                    state: State) -> dict:
    """Refund a purchase made in the last 14 days: the currency goes back and the item is removed.

    Args:
        secret_key: The title's secret key.
        player_id: The PlayFabId.
        order_id: The order id.
        confirmation_code: A ``refund`` code for this player from ``request_action_code``.
        reason: Why.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    o = state.purchases.get(order_id)
    if o is None or o["player"] != player_id:
        return _err("NotFound", f"No order {order_id} for this player.", 404)
    if o["status"] != "completed":
        return _err("Conflict", f"Order is {o['status']}.", 409)
    if (TODAY - date.fromisoformat(o["date"])).days > 14:
        return _err("RefundWindowClosed", "Purchases can be refunded within 14 days.")
    bad = _use_code(state, confirmation_code, "refund", player_id)
    if bad:
        return bad
    o["status"], o["refund_reason"] = "refunded", reason
    p["Currency"][o["currency"]] += o["price"]
    p["Inventory"].pop(o["instance"], None)
    return _ok({"OrderId": order_id, "Status": "refunded", "Refunded": {o["currency"]: o["price"]}})


# ----------------------------------------------------------------------------- statistics

def list_statistics(entity_token: str, state: State) -> dict:
    """The title's statistic definitions (name, aggregation, default)."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    return _ok({"Statistics": [{"Name": n, "AggregationMethod": a, "Default": d} for n, a, d in _STATISTICS]})


def update_statistics(secret_key: str, player_id: str, statistics: list[StatUpdate], state: State) -> dict:
    """Set statistic values for a player (support corrections).

    Args:
        secret_key: The title's secret key.
        player_id: The PlayFabId.
        statistics: ``{"StatisticName": ..., "Value": ...}`` entries.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    names = {n for n, _, _ in _STATISTICS}
    if not statistics:
        return _err("InvalidParams", "No statistics given.")
    for s in statistics:
        if s.get("StatisticName") not in names:
            return _err("InvalidStatistic", f"Statistic {s.get('StatisticName')} is not defined.")
        if not isinstance(s.get("Value"), int):
            return _err("InvalidParams", "Values are integers.")
    for s in statistics:
        p["Stats"][s["StatisticName"]] = s["Value"]
    return _ok({"PlayFabId": player_id, "Statistics": dict(p["Stats"])})


def get_leaderboard(secret_key: str, statistic_name: str, start_position: int = 0, max_results: int = 10,
                    state: State = None) -> dict:
    """A statistic's leaderboard.

    Args:
        secret_key: The title's secret key.
        statistic_name: A defined statistic.
        start_position: Zero-based rank to start at.
        max_results: Up to 100.

    Returns:
        ``data.Leaderboard`` rows ``[position, PlayFabId, DisplayName, value]``.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    if statistic_name not in {n for n, _, _ in _STATISTICS}:
        return _err("InvalidStatistic", f"Statistic {statistic_name} is not defined.")
    base = {"ranked_mmr": [1712, 1388, 1540, 1655], "season7_wins": [41, 12, 30, 57], "season7_kills": [388, 96, 270, 501],
            "arena_best_time_ms": [61200, 90400, 58100, 64000]}[statistic_name]
    rows = []
    for (pid, p), b in zip(sorted(state.players.items()), base):
        rows.append([pid, p["DisplayName"], p["Stats"].get(statistic_name, b)])
    rows.sort(key=lambda r: r[2], reverse=statistic_name != "arena_best_time_ms")
    out = [[i, *r] for i, r in enumerate(rows)][start_position:start_position + min(max_results, 100)]
    return _ok({"StatisticName": statistic_name, "Leaderboard": out})


# ----------------------------------------------------------------------------- moderation

def get_reports(secret_key: str, player_id: Optional[str] = None,
                status: Optional[Literal["open", "resolved"]] = None, state: State = None) -> dict:
    """Player reports, optionally about one player or in one status.

    Returns:
        ``data.Reports`` rows ``[report_id, reported PlayFabId, reason, status, [reporter PlayFabIds]]``.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    rows = [[rid, r["player"], r["reason"], r["status"], list(r["reporters"])] for rid, r in sorted(state.reports.items())
            if (player_id is None or r["player"] == player_id) and (status is None or r["status"] == status)]
    return _ok({"Reports": rows})


def resolve_report(secret_key: str, report_id: str, outcome: Outcome, note: str, state: State) -> dict:
    """Close a player report.

    Args:
        secret_key: The title's secret key.
        report_id: The report id.
        outcome: What was done about it.
        note: Moderator's note, shown to the reporters in a summary.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    r = state.reports.get(report_id)
    if r is None:
        return _err("NotFound", f"No report {report_id}.", 404)
    if r["status"] == "resolved":
        return _err("Conflict", "Report is already resolved.", 409)
    r.update(status="resolved", outcome=outcome, note=note)
    return _ok({"ReportId": report_id, "Status": "resolved", "Outcome": outcome})


def ban_player(secret_key: str, player_id: str, reason: str, duration_hours: int, confirmation_code: str,
               state: State) -> dict:
    """Ban a player from the title.

    Args:
        secret_key: The title's secret key.
        player_id: The PlayFabId.
        reason: The ban reason code.
        duration_hours: 1 to 8760; the ban lifts itself afterwards.
        confirmation_code: A ``ban`` code for this player from ``request_action_code``.

    Returns:
        ``data.BanData``: the new ban with its ``BanId``.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    if reason not in _BAN_REASONS:
        return _err("InvalidBanReason", f"Unknown ban reason {reason!r}; use one of {', '.join(_BAN_REASONS)}.")
    if not 1 <= duration_hours <= 8760:
        return _err("InvalidParams", "duration_hours must be 1 to 8760.")
    if _banned(state, player_id):
        return _err("Conflict", "Player already has an active ban.", 409)
    bad = _use_code(state, confirmation_code, "ban", player_id)
    if bad:
        return bad
    bid = f"BAN-{_next(state, 'BAN')}"
    expires = (datetime(2025, 11, 18, 10) + timedelta(hours=duration_hours)).strftime("%Y-%m-%dT%H:%M:%SZ")
    state.bans[bid] = {"player": player_id, "reason": reason, "created": TODAY.isoformat(), "expires": expires,
                       "active": True}
    return _ok({"BanData": [{"BanId": bid, "PlayFabId": player_id, "Reason": reason, "Expires": expires,
                             "Active": True}]})


def get_bans(secret_key: str, player_id: str, state: State) -> dict:
    """A player's bans, active and past (``data.BanData``)."""
    bad = _server(secret_key)
    if bad:
        return bad
    p = _find(state, player_id)
    if "error" in p:
        return p
    return _ok({"BanData": [{"BanId": bid, "PlayFabId": b["player"], "Reason": b["reason"], "Created": b["created"],
                             "Expires": b["expires"], "Active": b["active"]}
                            for bid, b in sorted(state.bans.items()) if b["player"] == player_id]})


def revoke_ban(secret_key: str, ban_id: str, confirmation_code: str, state: State) -> dict:
    """Lift a ban early.

    Args:
        secret_key: The title's secret key.
        ban_id: The ban id.
        confirmation_code: An ``unban`` code for the banned player.
    """
    bad = _server(secret_key)
    if bad:
        return bad
    b = state.bans.get(ban_id)
    if b is None:
        return _err("NotFound", f"No ban {ban_id}.", 404)
    if not b["active"]:
        return _err("Conflict", "Ban is not active.", 409)
    bad = _use_code(state, confirmation_code, "unban", b["player"])
    if bad:
        return bad
    b["active"] = False
    return _ok({"BanId": ban_id, "Active": False})


# ----------------------------------------------------------------------------- matchmaking

def list_queues(entity_token: str, state: State) -> dict:
    """Matchmaking queues with their minimum players and regions."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    return _ok({"Queues": [{"Name": n, "MinMatchSize": m, "Regions": list(r)} for n, m, r in _QUEUES]})


def create_ticket(entity_token: str, queue_name: str, player_ids: list[str], region: Region, state: State) -> dict:
    """Put players (a party) into a matchmaking queue.

    Args:
        entity_token: An entity token.
        queue_name: The queue.
        player_ids: PlayFabIds of the party.
        region: Where to play.

    Returns:
        ``data.TicketId``.
    """
    bad = _entity(state, entity_token)
    if bad:
        return bad
    q = next((x for x in _QUEUES if x[0] == queue_name), None)
    if q is None:
        return _err("QueueNotFound", f"No queue {queue_name}.", 404)
    try:
        reg = Region(region).value
    except ValueError:
        return _err("InvalidRegion", f"Unknown region {region}.")
    if reg not in q[2]:
        return _err("InvalidRegion", f"Queue {queue_name} does not run in {reg}.")
    if not player_ids:
        return _err("InvalidParams", "A ticket needs players.")
    for pid in player_ids:
        if pid not in state.players:
            return _err("AccountNotFound", f"No player with PlayFabId {pid}.", 404)
        if _banned(state, pid):
            return _err("PlayerBanned", f"Player {pid} is banned.", 403)
        if any(pid in t["players"] and t["status"] == "WaitingForMatch" for t in state.tickets.values()):
            return _err("Conflict", f"Player {pid} is already waiting in a queue.", 409)
    tid = f"tkt-{_next(state, 'tkt'):x}"
    state.tickets[tid] = {"queue": queue_name, "players": list(player_ids), "region": reg, "status": "WaitingForMatch",
                          "match": None}
    waiting = [k for k, t in state.tickets.items() if t["queue"] == queue_name and t["region"] == reg
               and t["status"] == "WaitingForMatch"]
    if sum(len(state.tickets[k]["players"]) for k in waiting) >= q[1]:
        mid = f"match-{_next(state, 'match'):x}"
        members = [pid for k in waiting for pid in state.tickets[k]["players"]]
        state.matches[mid] = {"queue": queue_name, "region": reg, "members": members,
                              "server": {"IPV4Address": "20.71.4.118", "Ports": [["game", 30100], ["voice", 30101]]}}
        for k in waiting:
            state.tickets[k].update(status="Matched", match=mid)
    return _ok({"TicketId": tid})


def get_ticket(entity_token: str, queue_name: str, ticket_id: str, state: State) -> dict:
    """A matchmaking ticket's status, and its ``MatchId`` once matched."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    t = state.tickets.get(ticket_id)
    if t is None or t["queue"] != queue_name:
        return _err("NotFound", f"No ticket {ticket_id} in {queue_name}.", 404)
    return _ok({"TicketId": ticket_id, "Status": t["status"], "MatchId": t["match"], "Members": list(t["players"])})


def cancel_ticket(entity_token: str, queue_name: str, ticket_id: str, state: State) -> dict:
    """Take a waiting ticket out of its queue."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    t = state.tickets.get(ticket_id)
    if t is None or t["queue"] != queue_name:
        return _err("NotFound", f"No ticket {ticket_id} in {queue_name}.", 404)
    if t["status"] != "WaitingForMatch":
        return _err("TicketNotCancellable", f"Ticket is {t['status']}.", 409)
    t["status"] = "Canceled"
    return _ok({"TicketId": ticket_id, "Status": "Canceled"})


def get_match(entity_token: str, queue_name: str, match_id: str, state: State) -> dict:
    """A match's members and game server (address and ports as ``[name, port]`` pairs)."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    m = state.matches.get(match_id)
    if m is None or m["queue"] != queue_name:
        return _err("NotFound", f"No match {match_id} in {queue_name}.", 404)
    return _ok({"MatchId": match_id, "Members": [{"PlayFabId": pid, "DisplayName": state.players[pid]["DisplayName"]}
                                                 for pid in m["members"]],
                "RegionPreferences": [m["region"]], "ServerDetails": m["server"]})


# ----------------------------------------------------------------------------- groups

def create_group(entity_token: str, owner_player_id: str, group_name: str, state: State) -> dict:
    """Create a guild with a player as its owner (``data.Group.Id``)."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    if owner_player_id not in state.players:
        return _err("AccountNotFound", f"No player with PlayFabId {owner_player_id}.", 404)
    if any(g["name"].lower() == group_name.strip().lower() for g in state.groups.values()):
        return _err("GroupNameNotAvailable", "A guild with this name exists.", 409)
    gid = f"grp-{_next(state, 'grp'):X}"
    state.groups[gid] = {"name": group_name.strip(), "owner": owner_player_id, "members": {owner_player_id: "admins"},
                         "invites": {}}
    return _ok({"Group": {"Id": gid, "Type": "group"}, "GroupName": group_name.strip(),
                "Roles": [["admins", "Administrators"], ["members", "Members"]]})


def list_membership(entity_token: str, player_id: str, state: State) -> dict:
    """The guilds a player belongs to, with the player's role ids and names as ``[id, name]`` pairs."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    if player_id not in state.players:
        return _err("AccountNotFound", f"No player with PlayFabId {player_id}.", 404)
    names = {"admins": "Administrators", "members": "Members"}
    return _ok({"Groups": [{"Group": {"Id": gid, "Type": "group"}, "GroupName": g["name"],
                            "Roles": [[g["members"][player_id], names[g["members"][player_id]]]]}
                           for gid, g in sorted(state.groups.items()) if player_id in g["members"]]})


def invite_to_group(entity_token: str, group_id: str, player_id: str, role_id: str = "members",
                    state: State = None) -> dict:
    """Invite a player into a guild with a role."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    g = state.groups.get(group_id)
    if g is None:
        return _err("NotFound", f"No group {group_id}.", 404)
    if player_id not in state.players:
        return _err("AccountNotFound", f"No player with PlayFabId {player_id}.", 404)
    if role_id not in ("admins", "members"):
        return _err("InvalidParams", f"No role {role_id} in this group.")
    if player_id in g["members"] or player_id in g["invites"]:
        return _err("Conflict", "Player is already a member or invited.", 409)
    g["invites"][player_id] = role_id
    return _ok({"Group": {"Id": group_id}, "InvitedEntity": {"Id": player_id, "Type": "title_player_account"},
                "RoleId": role_id, "Expires": "2025-11-25T10:00:00Z"})


def accept_group_invitation(entity_token: str, group_id: str, player_id: str, state: State) -> dict:
    """Accept a pending guild invitation on a player's behalf."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    g = state.groups.get(group_id)
    if g is None:
        return _err("NotFound", f"No group {group_id}.", 404)
    if player_id not in g["invites"]:
        return _err("NotFound", "The player has no pending invitation to this group.", 404)
    g["members"][player_id] = g["invites"].pop(player_id)
    return _ok({"Group": {"Id": group_id}, "Member": player_id, "RoleId": g["members"][player_id]})


def remove_group_member(entity_token: str, group_id: str, player_ids: list[str], state: State) -> dict:
    """Remove members from a guild (not its owner)."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    g = state.groups.get(group_id)
    if g is None:
        return _err("NotFound", f"No group {group_id}.", 404)
    for pid in player_ids:
        if pid not in g["members"]:
            return _err("NotAGroupMember", f"{pid} is not a member.", 404)
        if pid == g["owner"]:
            return _err("InvalidParams", "The owner cannot be removed.")
    for pid in player_ids:
        del g["members"][pid]
    return _ok({"Group": {"Id": group_id}, "Removed": list(player_ids)})


# ----------------------------------------------------------------------------- trades

def open_trade(entity_token: str, offering_player_id: str, offered_instance_ids: list[str],
               requested_item_ids: list[str], allowed_player_ids: list[str], state: State) -> dict:
    """Open a trade: offer item instances in exchange for catalogue items, to some players.

    Args:
        entity_token: An entity token.
        offering_player_id: The PlayFabId of the player offering.
        offered_instance_ids: Instances from the offering player's inventory.
        requested_item_ids: Catalogue item ids wanted in return.
        allowed_player_ids: PlayFabIds who may accept.

    Returns:
        ``data.Trade`` with its ``TradeId``.
    """
    bad = _entity(state, entity_token)
    if bad:
        return bad
    p = state.players.get(offering_player_id)
    if p is None:
        return _err("AccountNotFound", f"No player with PlayFabId {offering_player_id}.", 404)
    if not offered_instance_ids or any(i not in p["Inventory"] for i in offered_instance_ids):
        return _err("ItemNotFound", "Offered instances must be in the offering player's inventory.", 404)
    known = {i for i, *_ in _CATALOG}
    if not requested_item_ids or any(i not in known for i in requested_item_ids):
        return _err("ItemNotFound", "Requested items must be catalogue item ids.", 404)
    if not allowed_player_ids or any(a not in state.players or a == offering_player_id for a in allowed_player_ids):
        return _err("InvalidParams", "Allowed players must be other existing players.")
    tid = f"trd-{_next(state, 'trd'):04d}"
    state.trades[tid] = {"offerer": offering_player_id, "offered": list(offered_instance_ids),
                         "requested": list(requested_item_ids), "allowed": list(allowed_player_ids), "status": "Open",
                         "accepted_by": None}
    return _ok({"Trade": {"TradeId": tid, "Status": "Open", "OfferingPlayerId": offering_player_id,
                          "OfferedInventoryInstanceIds": list(offered_instance_ids),
                          "RequestedCatalogItemIds": list(requested_item_ids)}})


def get_player_trades(entity_token: str, player_id: str, state: State) -> dict:
    """Trades a player opened and trades open to them (``data.OpenedTrades``, ``data.OffersToPlayer``)."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    if player_id not in state.players:
        return _err("AccountNotFound", f"No player with PlayFabId {player_id}.", 404)

    def view(tid, t):
        return {"TradeId": tid, "Status": t["status"], "OfferingPlayerId": t["offerer"],
                "OfferedInventoryInstanceIds": t["offered"], "RequestedCatalogItemIds": t["requested"],
                "AllowedPlayerIds": t["allowed"]}

    return _ok({"OpenedTrades": [view(k, t) for k, t in sorted(state.trades.items()) if t["offerer"] == player_id],
                "OffersToPlayer": [view(k, t) for k, t in sorted(state.trades.items())
                                   if player_id in t["allowed"] and t["status"] == "Open"]})


def accept_trade(entity_token: str, accepting_player_id: str, offering_player_id: str, trade_id: str,
                 accepted_instance_ids: list[str], state: State) -> dict:
    """Accept an open trade, giving instances of the requested items in return.

    Args:
        entity_token: An entity token.
        accepting_player_id: The PlayFabId of the player accepting.
        offering_player_id: The PlayFabId of the player who opened the trade.
        trade_id: The trade id.
        accepted_instance_ids: Instances from the accepting player's inventory, one per requested item.
    """
    bad = _entity(state, entity_token)
    if bad:
        return bad
    t = state.trades.get(trade_id)
    if t is None or t["offerer"] != offering_player_id:
        return _err("NotFound", f"No trade {trade_id} from this player.", 404)
    if t["status"] != "Open":
        return _err("TradeNotOpen", f"Trade is {t['status']}.", 409)
    if accepting_player_id not in t["allowed"]:
        return _err("TradeNotAllowed", "This player may not accept the trade.", 403)
    acc = state.players[accepting_player_id]
    if any(i not in acc["Inventory"] for i in accepted_instance_ids):
        return _err("ItemNotFound", "Accepted instances must be in the accepting player's inventory.", 404)
    if sorted(acc["Inventory"][i]["ItemId"] for i in accepted_instance_ids) != sorted(t["requested"]):
        return _err("InvalidParams", "Accepted instances must match the requested items.")
    off = state.players[t["offerer"]]
    for i in t["offered"]:
        acc["Inventory"][i] = off["Inventory"].pop(i)
    for i in accepted_instance_ids:
        off["Inventory"][i] = acc["Inventory"].pop(i)
    t.update(status="Filled", accepted_by=accepting_player_id)
    return _ok({"Trade": {"TradeId": trade_id, "Status": "Filled", "AcceptedPlayerId": accepting_player_id}})


def cancel_trade(entity_token: str, offering_player_id: str, trade_id: str, state: State) -> dict:
    """Cancel an open trade on the offering player's behalf."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    t = state.trades.get(trade_id)
    if t is None or t["offerer"] != offering_player_id:
        return _err("NotFound", f"No trade {trade_id} from this player.", 404)
    if t["status"] != "Open":
        return _err("TradeNotOpen", f"Trade is {t['status']}.", 409)
    t["status"] = "Cancelled"
    return _ok({"Trade": {"TradeId": trade_id, "Status": "Cancelled"}})


# ----------------------------------------------------------------------------- title data and inbox

def get_title_data(entity_token: str, keys: list[str], state: State) -> dict:
    """Read title-wide key/value data (message of the day, season, maintenance)."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    return _ok({"Data": {k: state.title_data[k] for k in keys if k in state.title_data}})


def set_title_data(entity_token: str, key: str, value: str, state: State) -> dict:
    """Write one title data key."""
    bad = _entity(state, entity_token)
    if bad:
        return bad
    if not key or len(key) > 64:
        return _err("InvalidParams", "Keys are 1 to 64 characters.")
    if state.title_data.get(key) == value:
        return _err("Conflict", "The key already has this value.", 409)
    state.title_data[key] = value
    return _ok({"Key": key, "Value": value})


def send_inbox_message(secret_key: str, player_ids: list[str], subject: str, body: str,
                       attachment_item_ids: Optional[list[str]] = None, state: State = None) -> dict:
    """Send an in-game inbox message, optionally with catalogue items attached.

    Args:
        secret_key: The title's secret key.
        player_ids: Recipients' PlayFabIds.
        subject: Up to 60 characters.
        body: The message.
        attachment_item_ids: Catalogue item ids to attach (claimed from the inbox).
    """
    bad = _server(secret_key)
    if bad:
        return bad
    if not player_ids or any(pid not in state.players for pid in player_ids):
        return _err("AccountNotFound", "Every recipient must be an existing player.", 404)
    known = {i for i, *_ in _CATALOG}
    if any(i not in known for i in attachment_item_ids or []):
        return _err("ItemNotFound", "Attachments must be catalogue item ids.", 404)
    if not subject or len(subject) > 60:
        return _err("InvalidParams", "Subjects are 1 to 60 characters.")
    mids = []
    for pid in player_ids:
        mid = f"msg-{_next(state, 'msg')}"
        state.players[pid]["Inbox"].append({"MessageId": mid, "Subject": subject, "Body": body,
                                            "Attachments": list(attachment_item_ids or [])})
        mids.append(mid)
    return _ok({"MessageIds": mids})


TOOLS = [
    get_entity_token, request_action_code,
    find_player, get_player_by_platform, get_player_profile, update_display_name,
    list_catalog_items, list_currencies, get_inventory, grant_items, revoke_items, add_currency, subtract_currency,
    purchase_item, get_purchase_history, refund_purchase,
    list_statistics, update_statistics, get_leaderboard,
    get_reports, resolve_report, ban_player, get_bans, revoke_ban,
    list_queues, create_ticket, get_ticket, cancel_ticket, get_match,
    create_group, list_membership, invite_to_group, accept_group_invitation, remove_group_member,
    open_trade, get_player_trades, accept_trade, cancel_trade,
    get_title_data, set_title_data, send_inbox_message,
]

# What a tester is handed: the title id and a secret key from the Game Manager console, and players as
# support hears about them (display names, a Steam id from a ticket, an Xbox gamertag's XUID, a PSN id).
FIXTURES = {
    "title": {"title_id": "7F3A1", "secret_key": "K9X2-R7PQ-44LM-ZT81"},
    "players_in_tickets": {
        "EmberFox": {"platform": "Steam", "platform_user_id": "76561198000420011"},
        "NightOwl77": {"platform": "PSN", "platform_user_id": "nightowl-77-psn"},
        "Vexcalibur": {"platform": "Steam", "platform_user_id": "76561198000420033"},
        "LunaByte": {"platform": "Xbox", "platform_user_id": "2535411112223334"},
    },
    "compensation": {"player": "NightOwl77", "gold": 500, "item": "Wave Emote", "why": "lost match rewards, 17 Nov"},
    "party": {"players": ["EmberFox"], "queue": "ranked duo", "region": "West Europe"},
    "new_guild": {"owner": "EmberFox", "name": "Frostbound Company", "invite": "NightOwl77"},
}

_ENTITY = ["list_statistics", "list_queues", "create_ticket", "get_ticket", "cancel_ticket", "get_match", "create_group",
           "list_membership", "invite_to_group", "accept_group_invitation", "remove_group_member", "open_trade",
           "get_player_trades", "accept_trade", "cancel_trade", "get_title_data", "set_title_data"]
_PLAYER_USERS = ["get_player_profile", "update_display_name", "get_inventory", "grant_items", "revoke_items",
                 "add_currency", "subtract_currency", "purchase_item", "get_purchase_history", "refund_purchase",
                 "update_statistics", "ban_player", "get_bans", "request_action_code", "create_ticket", "create_group",
                 "list_membership", "invite_to_group", "accept_group_invitation", "remove_group_member", "open_trade",
                 "get_player_trades", "accept_trade", "cancel_trade", "send_inbox_message"]

GROUND_TRUTH = (
    [("get_entity_token", c, "auth: entity token (nested at data.EntityToken)") for c in _ENTITY]
    + [("request_action_code", c, "two-step: confirmation code for the action on that player")
       for c in ("ban_player", "revoke_ban", "refund_purchase")]
    + [("find_player|get_player_by_platform", c, "id lookup: PlayFabId (by display name, or by platform account)")
       for c in _PLAYER_USERS]
    + [("get_inventory|grant_items", c, "id lookup/create: item instance ids (inventory rows, or new grants)")
       for c in ("revoke_items", "open_trade", "accept_trade")]
    + [("list_catalog_items", c, "id lookup: catalogue item ids (people name the item)")
       for c in ("grant_items", "purchase_item", "open_trade", "send_inbox_message")]
    + [("list_currencies", c, "vocabulary: currency codes (people say 'gold')") for c in ("add_currency",
                                                                                         "subtract_currency")]
    + [("list_statistics", c, "vocabulary: statistic names") for c in ("update_statistics", "get_leaderboard")]
    + [("list_queues", c, "vocabulary: queue names") for c in ("create_ticket", "get_ticket", "cancel_ticket",
                                                               "get_match")]
    + [("create_ticket", c, "id create: ticket id (data.TicketId)") for c in ("get_ticket", "cancel_ticket")]
    + [("create_group|list_membership", c, "id lookup/create: group id (nested at Group.Id)")
       for c in ("invite_to_group", "accept_group_invitation", "remove_group_member")]
    + [("open_trade|get_player_trades", c, "id lookup/create: trade id") for c in ("accept_trade", "cancel_trade")]
    + [
        ("purchase_item|get_purchase_history", "refund_purchase", "id lookup/create: order id (new order, or rows)"),
        ("ban_player|get_bans", "revoke_ban", "id lookup/create: ban id (nested in data.BanData)"),
        ("get_reports", "resolve_report", "id lookup: report id (rows)"),
        ("get_ticket", "get_match", "id lookup: match id only appears on a matched ticket"),
        ("add_currency", "purchase_item", "state: the balance must cover the price"),
        ("revoke_ban", "create_ticket", "state: a banned player cannot queue"),
        ("invite_to_group", "accept_group_invitation", "state: an invitation must be pending"),
    ]
)

PLAUSIBLE = {
    ("purchase_item", "revoke_items"), ("purchase_item", "open_trade"), ("purchase_item", "accept_trade"),
    ("get_player_profile", "get_inventory"), ("find_player", "get_reports"), ("get_player_by_platform", "get_reports"),
    ("get_reports", "ban_player"), ("get_reports", "get_bans"), ("get_reports", "request_action_code"),
    ("find_player", "revoke_ban"), ("get_player_by_platform", "revoke_ban"), ("get_bans", "ban_player"),
    ("list_catalog_items", "get_inventory"), ("list_catalog_items", "accept_trade"),
    ("list_catalog_items", "refund_purchase"), ("get_inventory", "purchase_item"), ("get_inventory", "subtract_currency"),
    ("get_inventory", "add_currency"), ("list_currencies", "purchase_item"), ("get_player_trades", "open_trade"),
    ("create_ticket", "get_match"), ("list_membership", "create_group"), ("create_group", "list_membership"),
    ("get_leaderboard", "update_statistics"), ("get_entity_token", "get_leaderboard"), ("get_title_data", "set_title_data"),
    ("find_player", "get_ticket"), ("get_player_by_platform", "get_ticket"), ("find_player", "get_match"),
    ("get_purchase_history", "request_action_code"), ("get_bans", "request_action_code"),
    ("ban_player", "create_ticket"), ("ban_player", "request_action_code"), ("open_trade", "get_player_trades"),
    ("get_player_profile", "update_display_name"), ("find_player", "get_player_by_platform"),
}
