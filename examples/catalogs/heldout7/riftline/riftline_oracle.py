"""Scripted proofs that Riftline's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a returned envelope with an ``error`` key is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values).
Everything the proofs need is read from the envelopes (``"$get_entity_token.data.EntityToken"``,
``"$owner.data.Players.0.PlayFabId"``, ``"$get_inventory.data.Inventory.0.0"``,
``"$list_membership.data.Groups.0.Group.Id"``); lookups of two players in one path are saved under
the role the player plays (``owner``, ``guest``, ``offerer``, ``taker``). A consumer's path is built
once per choice of provider (``path(consumer, **choice)``): how players are found (display name or
platform account), and which call gives the instance, order, ban, group or trade id.
"""

S = "K9X2-R7PQ-44LM-ZT81"
TOKEN_STEP = ("get_entity_token", {"title_id": "7F3A1", "secret_key": S})
T = "$get_entity_token.data.EntityToken"
PLATFORM = {"EmberFox": ("Steam", "76561198000420011"), "NightOwl77": ("PSN", "nightowl-77-psn"),
            "Vexcalibur": ("Steam", "76561198000420033"), "LunaByte": ("Xbox", "2535411112223334")}
LCI = ("list_catalog_items", {"secret_key": S})
LC = ("list_currencies", {"secret_key": S})
LQ = ("list_queues", {"entity_token": T})
LS = ("list_statistics", {"entity_token": T})
ITEM = {"sword": "$list_catalog_items.data.Catalog.0.ItemId", "bow": "$list_catalog_items.data.Catalog.1.ItemId",
        "potion": "$list_catalog_items.data.Catalog.4.ItemId", "emote": "$list_catalog_items.data.Catalog.5.ItemId"}
QUEUE = {"ranked": "$list_queues.data.Queues.0.Name", "arena": "$list_queues.data.Queues.2.Name"}


def player(name: str, via: str = "find", save: str = "pl") -> tuple[tuple, str]:
    """A step that finds a player and the reference to their PlayFabId."""
    if via == "platform":
        platform, uid = PLATFORM[name]
        return ("get_player_by_platform", {"secret_key": S, "platform": platform, "platform_user_ids": [uid]}, save), \
            f"${save}.data.Data.0.PlayFabId"
    return ("find_player", {"secret_key": S, "display_name": name}, save), f"${save}.data.Players.0.PlayFabId"


def code(action: str, pid: str, save: str = "request_action_code") -> tuple[tuple, str]:
    return ("request_action_code", {"secret_key": S, "action": action, "player_id": pid}, save), \
        f"${save}.data.ConfirmationCode"


def grant(pid: str, item: str) -> tuple:
    return ("grant_items", {"secret_key": S, "player_id": pid, "item_ids": [ITEM[item]],
                            "annotation": "Compensation for lost match rewards, 17 Nov"})


GRANTED = "$grant_items.data.ItemGrantResults.0.ItemInstanceId"


def ticket(via: str, queue: str = "ranked", region: str = "WestEurope", unban: bool = False) -> list:
    if unban:
        step, pid = player("Vexcalibur", via)
        cstep, c = code("unban", pid)
        steps = [step, ("get_bans", {"secret_key": S, "player_id": pid}), cstep,
                 ("revoke_ban", {"secret_key": S, "ban_id": "$get_bans.data.BanData.0.BanId", "confirmation_code": c})]
    else:
        step, pid = player("EmberFox", via)
        steps = [step]
    return [TOKEN_STEP, LQ] + steps + [("create_ticket", {"entity_token": T, "queue_name": QUEUE[queue],
                                                          "player_ids": [pid], "region": region})]


def group(via: str, how: str) -> tuple[list, str]:
    step, owner = player("EmberFox", via, "owner")
    if how == "create":
        return [TOKEN_STEP, step, ("create_group", {"entity_token": T, "owner_player_id": owner,
                                                    "group_name": "Frostbound Company"})], "$create_group.data.Group.Id"
    return [TOKEN_STEP, step, ("list_membership", {"entity_token": T, "player_id": owner})], \
        "$list_membership.data.Groups.0.Group.Id"


def invited(via: str, how: str) -> tuple[list, str, str]:
    steps, gid = group(via, how)
    step, guest = player("NightOwl77", via, "guest")
    return steps + [step, ("invite_to_group", {"entity_token": T, "group_id": gid, "player_id": guest})], gid, guest


def opened(via: str, inv: str = "inventory") -> tuple[list, str, str]:
    """EmberFox offers an item to NightOwl77 for an Ashwood Bow."""
    s1, offerer = player("EmberFox", via, "offerer")
    s2, taker = player("NightOwl77", via, "taker")
    if inv == "grant":
        steps, offered = [s1, LCI, grant(offerer, "emote"), s2], GRANTED
    else:
        steps, offered = [s1, ("get_inventory", {"secret_key": S, "player_id": offerer}), LCI, s2], \
            "$get_inventory.data.Inventory.0.0"
    return [TOKEN_STEP] + steps + [("open_trade", {
        "entity_token": T, "offering_player_id": offerer, "offered_instance_ids": [offered],
        "requested_item_ids": [ITEM["bow"]], "allowed_player_ids": [taker]})], offerer, taker


def path(c: str, via: str = "find", inv: str = "inventory", order: str = "history", ban: str = "bans",
         grp: str = "membership", trade: str = "open", topup: bool = False, unban: bool = False) -> list:
    """The call path that ends with consumer ``c`` for one choice of providers."""
    if c in ("list_statistics", "list_queues"):
        return [TOKEN_STEP, (c, {"entity_token": T})]
    if c in ("get_player_profile", "get_inventory", "get_purchase_history", "get_bans"):
        step, pid = player("Vexcalibur" if c == "get_bans" else "EmberFox", via)
        return [step, (c, {"secret_key": S, "player_id": pid})]
    if c in ("list_membership", "get_player_trades"):
        step, pid = player("LunaByte", via)
        return [TOKEN_STEP, step, (c, {"entity_token": T, "player_id": pid})]
    if c == "update_display_name":
        step, pid = player("EmberFox", via)
        return [step, (c, {"secret_key": S, "player_id": pid, "display_name": "EmberFoxx"})]
    if c == "request_action_code":
        step, pid = player("EmberFox", via)
        return [step, code("refund", pid)[0]]
    if c == "grant_items":
        step, pid = player("NightOwl77", via)
        return [step, LCI, grant(pid, "emote")]
    if c == "revoke_items":
        if inv == "grant":
            step, pid = player("NightOwl77", via)
            steps, iid = [step, LCI, grant(pid, "emote")], GRANTED
        else:
            step, pid = player("EmberFox", via)
            steps, iid = [step, ("get_inventory", {"secret_key": S, "player_id": pid})], "$get_inventory.data.Inventory.2.0"
        return steps + [("revoke_items", {"secret_key": S, "player_id": pid, "instance_ids": [iid],
                                          "reason": "Duplicated by the 16 Nov inventory bug"})]
    if c in ("add_currency", "subtract_currency"):
        step, pid = player("NightOwl77" if c == "add_currency" else "EmberFox", via)
        return [step, LC, (c, {"secret_key": S, "player_id": pid,
                               "currency_code": "$list_currencies.data.Currencies.0.CurrencyCode",
                               "amount": 500 if c == "add_currency" else 100, "reason": "Support ticket #5531"})]
    if c == "purchase_item":
        if topup:
            step, pid = player("NightOwl77", via)
            steps = [step, LC, ("add_currency", {"secret_key": S, "player_id": pid,
                                                 "currency_code": "$list_currencies.data.Currencies.0.CurrencyCode",
                                                 "amount": 500, "reason": "Tournament prize"})]
        else:
            step, pid = player("EmberFox", via)
            steps = [step]
        return steps + [LCI, ("purchase_item", {"secret_key": S, "player_id": pid, "item_id": ITEM["sword"],
                                                "currency_code": "GD",
                                                "price": "$list_catalog_items.data.Catalog.0.VirtualCurrencyPrices.GD"})]
    if c == "refund_purchase":
        if order == "purchase":
            steps = path("purchase_item", via)
            oid = "$purchase_item.data.OrderId"
        else:
            step, _ = player("EmberFox", via)
            steps = [step, ("get_purchase_history", {"secret_key": S, "player_id": "$pl.data." + (
                "Data.0.PlayFabId" if via == "platform" else "Players.0.PlayFabId")})]
            oid = "$get_purchase_history.data.Purchases.0.0"
        pid = "$pl.data." + ("Data.0.PlayFabId" if via == "platform" else "Players.0.PlayFabId")
        cstep, cc = code("refund", pid)
        return steps + [cstep, ("refund_purchase", {"secret_key": S, "player_id": pid, "order_id": oid,
                                                    "confirmation_code": cc, "reason": "Bought by the player's child"})]
    if c == "update_statistics":
        step, pid = player("EmberFox", via)
        return [TOKEN_STEP, LS, step, ("update_statistics", {"secret_key": S, "player_id": pid, "statistics": [
            {"StatisticName": "$list_statistics.data.Statistics.0.Name", "Value": 1650}]})]
    if c == "get_leaderboard":
        return [TOKEN_STEP, LS, ("get_leaderboard", {"secret_key": S,
                                                     "statistic_name": "$list_statistics.data.Statistics.0.Name",
                                                     "start_position": 0, "max_results": 10})]
    if c == "resolve_report":
        return [("get_reports", {"secret_key": S, "status": "open"}),
                ("resolve_report", {"secret_key": S, "report_id": "$get_reports.data.Reports.0.0",
                                    "outcome": "actioned", "note": "Confirmed aim assist; banned 30 days"})]
    if c == "ban_player":
        step, pid = player("NightOwl77", via)
        cstep, cc = code("ban", pid)
        return [step, cstep, ("ban_player", {"secret_key": S, "player_id": pid, "reason": "toxicity",
                                             "duration_hours": 72, "confirmation_code": cc})]
    if c == "revoke_ban":
        if ban == "ban":
            steps = path("ban_player", via)
            pid = "$pl.data." + ("Data.0.PlayFabId" if via == "platform" else "Players.0.PlayFabId")
            cstep, cc = code("unban", pid, "unban_code")
            return steps + [cstep, ("revoke_ban", {"secret_key": S, "ban_id": "$ban_player.data.BanData.0.BanId",
                                                   "confirmation_code": cc})]
        return ticket(via, unban=True)[2:-1]
    if c == "create_ticket":
        return ticket(via, unban=unban)
    if c == "get_ticket":
        return ticket(via) + [("get_ticket", {"entity_token": T, "queue_name": QUEUE["ranked"],
                                              "ticket_id": "$create_ticket.data.TicketId"})]
    if c == "get_match":
        return path("get_ticket", via) + [("get_match", {"entity_token": T, "queue_name": QUEUE["ranked"],
                                                          "match_id": "$get_ticket.data.MatchId"})]
    if c == "cancel_ticket":
        return ticket(via, "arena", "JapanEast") + [("cancel_ticket", {
            "entity_token": T, "queue_name": QUEUE["arena"], "ticket_id": "$create_ticket.data.TicketId"})]
    if c == "create_group":
        return group(via, "create")[0]
    if c == "invite_to_group":
        return invited(via, grp)[0]
    if c == "accept_group_invitation":
        steps, gid, guest = invited(via, grp)
        return steps + [("accept_group_invitation", {"entity_token": T, "group_id": gid, "player_id": guest})]
    if c == "remove_group_member":
        if grp == "create":
            steps, gid, guest = invited(via, "create")
            steps.append(("accept_group_invitation", {"entity_token": T, "group_id": gid, "player_id": guest}))
            return steps + [("remove_group_member", {"entity_token": T, "group_id": gid, "player_ids": [guest]})]
        steps, gid = group(via, "membership")
        step, member = player("LunaByte", via, "member")
        return steps + [step, ("remove_group_member", {"entity_token": T, "group_id": gid, "player_ids": [member]})]
    if c == "open_trade":
        return opened(via, inv)[0]
    if c == "accept_trade":
        if trade == "open":  # NightOwl77 gives their Ashwood Bow for EmberFox's offer
            steps, offerer, taker = opened(via)
            if inv == "grant":
                steps = steps + [LCI, grant(taker, "bow")]
                given = GRANTED
            else:
                steps = steps + [("get_inventory", {"secret_key": S, "player_id": taker}, "taker_inv")]
                given = "$taker_inv.data.Inventory.0.0"
            tid = "$open_trade.data.Trade.TradeId"
        else:  # LunaByte's standing offer to EmberFox: a Frost Hood for a Small Potion
            s1, offerer = player("LunaByte", via, "offerer")
            s2, taker = player("EmberFox", via, "taker")
            steps = [TOKEN_STEP, s1, ("get_player_trades", {"entity_token": T, "player_id": offerer}), s2,
                     ("get_inventory", {"secret_key": S, "player_id": taker})]
            tid, given = "$get_player_trades.data.OpenedTrades.0.TradeId", "$get_inventory.data.Inventory.2.0"
        return steps + [("accept_trade", {"entity_token": T, "accepting_player_id": taker,
                                          "offering_player_id": offerer, "trade_id": tid,
                                          "accepted_instance_ids": [given]})]
    if c == "cancel_trade":
        if trade == "open":
            steps, offerer, _ = opened(via)
            tid = "$open_trade.data.Trade.TradeId"
        else:
            s1, offerer = player("LunaByte", via, "offerer")
            steps = [TOKEN_STEP, s1, ("get_player_trades", {"entity_token": T, "player_id": offerer})]
            tid = "$get_player_trades.data.OpenedTrades.0.TradeId"
        return steps + [("cancel_trade", {"entity_token": T, "offering_player_id": offerer, "trade_id": tid})]
    if c == "get_title_data":
        return [TOKEN_STEP, ("get_title_data", {"entity_token": T, "keys": ["motd", "season"]})]
    if c == "set_title_data":
        return [TOKEN_STEP, ("set_title_data", {"entity_token": T, "key": "motd",
                                                "value": "Season 7 ends 30 November - claim your rewards!"})]
    if c == "send_inbox_message":
        step, pid = player("NightOwl77", via)
        return [step, LCI, ("send_inbox_message", {
            "secret_key": S, "player_ids": [pid], "subject": "Sorry about your lost rewards",
            "body": "Here is a Wave Emote while we fix the bug.", "attachment_item_ids": [ITEM["emote"]]})]
    raise KeyError(c)


CHOICE = {
    "get_player_by_platform": {"via": "platform"}, "grant_items": {"inv": "grant"},
    "purchase_item": {"order": "purchase"}, "ban_player": {"ban": "ban"}, "create_group": {"grp": "create"},
    "get_player_trades": {"trade": "list"}, "add_currency": {"topup": True}, "revoke_ban": {"unban": True},
}


def _proofs() -> list:
    import riftline_tools as m  # the catalog beside this file

    return [(p, c, path(c, **CHOICE.get(p, {}))) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_player_profile", [player("EmberFox")[0],
                            ("get_player_profile", {"secret_key": S, "player_id": "$pl.data.Players.0.PlayFabId"}),
                            ("get_inventory", {"secret_key": S, "player_id": "$pl.data.Players.0.PlayFabId"})]),
    ("get_reports", [player("NightOwl77")[0], ("get_reports", {"secret_key": S, "player_id":
                                                               "$pl.data.Players.0.PlayFabId"}),
                     code("ban", "$pl.data.Players.0.PlayFabId")[0],
                     ("ban_player", {"secret_key": S, "player_id": "$pl.data.Players.0.PlayFabId", "reason": "toxicity",
                                     "duration_hours": 72,
                                     "confirmation_code": "$request_action_code.data.ConfirmationCode"})]),
    ("list_currencies", [player("EmberFox")[0], LC, LCI,
                         ("purchase_item", {"secret_key": S, "player_id": "$pl.data.Players.0.PlayFabId",
                                            "item_id": ITEM["sword"], "currency_code": "GD",
                                            "price": "$list_catalog_items.data.Catalog.0.VirtualCurrencyPrices.GD"})]),
    ("get_title_data", [TOKEN_STEP, ("get_title_data", {"entity_token": T, "keys": ["season"]}), LQ]),
    ("get_leaderboard", [TOKEN_STEP, LS, ("get_leaderboard", {"secret_key": S,
                                                              "statistic_name": "$list_statistics.data.Statistics.0.Name"}),
                         player("EmberFox")[0],
                         ("update_statistics", {"secret_key": S, "player_id": "$pl.data.Players.0.PlayFabId",
                                                "statistics": [{"StatisticName": "$list_statistics.data.Statistics.0.Name",
                                                                "Value": 1650}]})]),
    ("get_bans", [player("NightOwl77")[0], ("get_bans", {"secret_key": S, "player_id": "$pl.data.Players.0.PlayFabId"}),
                  code("ban", "$pl.data.Players.0.PlayFabId")[0],
                  ("ban_player", {"secret_key": S, "player_id": "$pl.data.Players.0.PlayFabId", "reason": "toxicity",
                                  "duration_hours": 72,
                                  "confirmation_code": "$request_action_code.data.ConfirmationCode"})]),
    ("get_inventory", [TOKEN_STEP, player("EmberFox")[0],
                       ("get_inventory", {"secret_key": S, "player_id": "$pl.data.Players.0.PlayFabId"}),
                       ("create_group", {"entity_token": T, "owner_player_id": "$pl.data.Players.0.PlayFabId",
                                         "group_name": "Frostbound Company"})]),
]
