"""A small key-value sandbox whose tools are slow on purpose, for interrupt/resume tests.

Importable by subprocesses and pool workers (module-level functions pickle by reference).
"""

from __future__ import annotations

import sys
import time

DELAY_S = 0.01


class Store:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.session: str | None = None


def open_session(user: str, state: Store) -> dict:
    """Open a session for a new user name."""
    time.sleep(DELAY_S)
    state.session = user
    return {"session_user": user}


def put_item(label: str, text: str, state: Store) -> dict:
    """Store a new item with a label and some text. Needs an open session. Returns its item_id."""
    time.sleep(DELAY_S)
    if state.session is None:
        return {"error": "no session"}
    item_id = f"IT{len(state.items) + 1:03d}"
    state.items[item_id] = text
    return {"item_id": item_id}


def read_item(item_id: str, state: Store) -> dict:
    """Read an existing item by its item_id."""
    time.sleep(DELAY_S)
    if item_id not in state.items:
        return {"error": "no such item"}
    return {"text": state.items[item_id]}


def drop_item(item_id: str, state: Store) -> dict:
    """Delete an existing item by its item_id."""
    time.sleep(DELAY_S)
    if state.items.pop(item_id, None) is None:
        return {"error": "no such item"}
    return {"dropped": item_id}


def word_count(text: str, state: Store) -> dict:
    """Count the words of a text."""
    time.sleep(DELAY_S)
    return {"words": len(text.split())}


TOOLS = [open_session, put_item, read_item, drop_item, word_count]


def build_runtime(description_suffix: str = ""):
    from llama_index.core.tools import FunctionTool

    from llama_index_libra.runtime.python import PythonRuntime

    tools = [FunctionTool.from_defaults(fn=f, description=(f.__doc__ or "") + (description_suffix if f is read_item else ""))
             for f in TOOLS]
    return PythonRuntime(tools, Store, name="store", timeout_s=None)


if __name__ == "__main__":  # build into argv[1] with the run log argv[2] (used by the kill test)
    from llama_index_libra.induction import InductionConfig, induce

    library, report = induce(build_runtime(), field_encoder="lexical", executor="serial", log_dir=sys.argv[2],
                             config=InductionConfig(max_depth=3, timeout_s=None))
    library.save(sys.argv[1])
    print(report.runs, report.log_hits)
