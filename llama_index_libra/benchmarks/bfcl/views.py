"""What a BFCL class instance looks like as JSON: its view (the GorillaFileSystem tree as nested
dicts, its working directory as a path) and the public facts of a fresh instance (its fixtures)."""

from __future__ import annotations

import random
from typing import Any

from llama_index_libra.records import to_jsonable

__all__ = ["instance_view", "class_fixtures", "VIEW_SKIP"]

# Attributes left out of a view (see the runtime's docstring).
VIEW_SKIP = frozenset({"_api_description", "long_context", "_flight_cost_lookup"})


# --------------------------------------------------------------------------- views


def _is_directory(item: Any) -> bool:
    return hasattr(item, "contents") and hasattr(item, "parent")


def _tree_view(item: Any, _seen: frozenset[int] = frozenset()) -> dict[str, Any]:
    """GorillaFileSystem Directory/File objects as the nested dicts of a BFCL scenario.

    A directory copied or moved into itself makes the tree cyclic; the repeat is shown as a
    ``cycle`` node instead of recursing forever."""
    if _is_directory(item):
        if id(item) in _seen:
            return {"type": "cycle"}
        seen = _seen | {id(item)}
        return {"type": "directory", "contents": {name: _tree_view(child, seen) for name, child in item.contents.items()}}
    return {"type": "file", "content": item.content}


def _dir_path(directory: Any) -> str:
    """Absolute path of a GorillaFileSystem directory, root name included (``/`` for a bare root)."""
    names = []
    while directory is not None:
        names.append(directory.name)
        directory = directory.parent
    return "/" + "/".join(n for n in reversed(names) if n and n != "/")


def instance_view(class_name: str, instance: Any) -> dict[str, Any]:
    """The JSON view of one class instance (its public data; the module docstring of the runtime says which)."""
    out: dict[str, Any] = {}
    for key, value in vars(instance).items():
        if key in VIEW_SKIP or isinstance(value, random.Random):
            continue
        if class_name == "GorillaFileSystem" and key == "root":
            out[key] = {"name": value.name, **_tree_view(value)}
        elif class_name == "GorillaFileSystem" and key == "_current_dir":
            out[key] = _dir_path(value)
        else:
            out[key] = to_jsonable(value)
    return out


# --------------------------------------------------------------------------- fixtures


def _fs_fixtures(fs: Any) -> dict[str, Any]:
    cwd = fs._current_dir
    paths: list[str] = []

    def walk(directory: Any, prefix: str) -> None:
        for name, child in directory.contents.items():
            path = f"{prefix}/{name}"
            paths.append(path)
            if _is_directory(child):
                walk(child, path)

    walk(fs.root, _dir_path(fs.root).rstrip("/"))
    return {
        "current_directory": _dir_path(cwd),
        "file_names": [n for n, c in cwd.contents.items() if not _is_directory(c)],
        "directory_names": [n for n, c in cwd.contents.items() if _is_directory(c)],
        "paths": paths,
    }


def class_fixtures(class_name: str, inst: Any) -> dict[str, Any]:
    """Public facts of one fresh instance, read from its attributes (names match tool parameters)."""
    if class_name == "GorillaFileSystem":
        return _fs_fixtures(inst)
    if class_name == "MessageAPI":
        return {
            "users": dict(inst.user_map),
            "user_names": list(inst.user_map),
            "user_ids": list(inst.user_map.values()),
            "current_user_id": inst.current_user,
        }
    if class_name == "TwitterAPI":
        return {
            "username": inst.username,
            "password": inst.password,
            "following_list": list(inst.following_list),
            "tweet_ids": list(inst.tweets),
        }
    if class_name == "TicketAPI":
        return {"ticket_ids": [t.get("id") for t in inst.ticket_queue], "current_user": inst.current_user}
    if class_name == "TradingBot":
        return {
            "stock_symbols": list(inst.stocks),
            "order_ids": list(inst.orders),
            "watch_list": list(inst.watch_list),
            "account_id": (inst.account_info or {}).get("account_id"),
        }
    if class_name == "TravelAPI":
        return {
            "card_ids": list(inst.credit_card_list),
            "booking_ids": list(inst.booking_record),
            "user_first_name": inst.user_first_name,
            "user_last_name": inst.user_last_name,
            "access_token": inst.access_token,
            "budget_limit": inst.budget_limit,
        }
    if class_name == "VehicleControlAPI":
        return {"doors": list(inst.doorStatus)}
    return {}
