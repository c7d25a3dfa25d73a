"""One SciToolAgent tool call, run by the checkout's own interpreter (standard library only).

:class:`llama_index_libra.benchmarks.scitooleval.runtime.SciToolAgentRuntime` starts this file as a script with
the user's SciToolAgent interpreter, in a fresh temporary working directory, once per call. It must
run on that interpreter (Python 3.8 or newer, none of this package's dependencies), so it imports
nothing but the standard library, the one checkout module the tool needs, and the package's
``runtime/_worker_helpers.py`` and ``runtime/_pipe_serve.py`` (loaded by their paths; standard
library only).

It serves one ``call`` request over the ``libra-pipe-1`` channel (``runtime/channel.py``: dedicated
pipes, so whatever the tool, a C library or a child process writes to stdout or stderr goes to the
worker's log, never into the reply)::

    {"op": "call", "tools_root": ".../ToolsAgent", "tool": "SELFIEStoSMILES", "input": "[C][C][O]",
     "module": "ToolsFuns.Chemical.novoproToolsChem", "attribute": "selfies_to_smiles",
     "dict_module": "ToolsFuns.Chemical.tool_name_dict", "dict_name": "CHEMICAL_TOOLS_DICT",
     "block_network": false}

``module``/``attribute`` name where the tool function lives (found statically by the runtime); when
they are null the category's tool dictionary is imported instead and the tool looked up by name. The
result is ``{"ok": true, "phase": "reply", "reply": {"kind": "text", "value": "**Result:** CCO"},
"duration_s": 0.01}``; ``kind`` is ``none``, ``text``, ``json`` (another JSON value) or ``opaque``
(anything else, with its type and a short repr); a failure has ``ok: false``, ``phase`` ``import``
or ``call`` and ``error``. The runtime closes the channel after the reply, which ends the process
and its process group, so a tool's lingering threads, atexit hooks or children cannot hang it.

With ``block_network`` the socket module refuses every Internet connection and name lookup before
the tool's module is imported (a fallback for machines without ``unshare -n``; see the runtime).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import time
import traceback

NETWORK_MESSAGE = "network access is disabled by SciToolAgentRuntime(no_network=True)"


def _runtime_module(filename: str, name: str):
    """A standard-library-only file of this package's ``runtime/`` folder, loaded by path (this
    script runs outside the package)."""
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, os.pardir, os.pardir, "runtime", filename)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HELPERS = _runtime_module("_worker_helpers.py", "_libra_worker_helpers")
SERVE = _runtime_module("_pipe_serve.py", "_libra_pipe_serve")


def _resolve(request: dict):
    """The tool function: from its own module when known, else from the category's dictionary."""
    if request.get("module") and request.get("attribute"):
        module = importlib.import_module(request["module"])
        return getattr(module, request["attribute"])
    module = importlib.import_module(request["dict_module"])
    tools = getattr(module, request["dict_name"])
    fn = tools.get(request["tool"]) if isinstance(tools, dict) else None
    if fn is None:
        raise LookupError(f"{request['tool']} is not in {request['dict_module']}.{request['dict_name']}")
    return fn


def call(request: dict) -> dict:
    """Import the tool and call it with its one string input; the frame says what happened."""
    if request.get("block_network"):
        HELPERS.block_network(NETWORK_MESSAGE)
    sys.path.insert(0, request["tools_root"])
    started = time.perf_counter()
    frame: dict = {}
    try:
        fn = _resolve(request)
    except BaseException as exc:  # noqa: BLE001 - reported, never raised
        traceback.print_exc()
        frame.update(ok=False, phase="import", error=HELPERS.format_exception(exc))
    else:
        try:
            value = fn(request["input"])
        except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt included
            traceback.print_exc()
            frame.update(ok=False, phase="call", error=HELPERS.format_exception(exc))
        else:
            frame.update(ok=True, phase="reply", reply=HELPERS.encode_reply(value))
    frame["duration_s"] = round(time.perf_counter() - started, 6)
    return frame


def main() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    # the script's own folder (this package's runtime modules) must not shadow the checkout's imports
    sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != here]
    SERVE.serve({"call": call}, lenient_json=False)


if __name__ == "__main__":
    main()
