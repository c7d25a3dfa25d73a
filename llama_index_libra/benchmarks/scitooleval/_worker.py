"""One SciToolAgent tool call, run by the checkout's own interpreter (standard library only).

:class:`llama_index_libra.benchmarks.scitooleval.runtime.SciToolAgentRuntime` starts this file as a script with
the user's SciToolAgent interpreter, in a fresh temporary working directory, once per call. It must
run on that interpreter (Python 3.8 or newer, none of this package's dependencies), so it imports
nothing but the standard library, the one checkout module the tool needs, and the package's
``runtime/_worker_helpers.py`` (loaded by its path; standard library only).

Protocol: the request is one JSON object on stdin::

    {"tools_root": ".../ToolsAgent", "tool": "SELFIEStoSMILES", "input": "[C][C][O]",
     "module": "ToolsFuns.Chemical.novoproToolsChem", "attribute": "selfies_to_smiles",
     "dict_module": "ToolsFuns.Chemical.tool_name_dict", "dict_name": "CHEMICAL_TOOLS_DICT",
     "block_network": false}

``module``/``attribute`` name where the tool function lives (found statically by the runtime); when
they are null the category's tool dictionary is imported instead and the tool looked up by name. The
reply is exactly one line of ASCII JSON on stdout::

    {"protocol": "libra-scitool-1", "ok": true, "phase": "reply",
     "reply": {"kind": "text", "value": "**Result:** CCO"}, "duration_s": 0.01}

``kind`` is ``none``, ``text``, ``json`` (another JSON value) or ``opaque`` (anything else, with its
type and a short repr); a failure has ``ok: false``, ``phase`` ``import`` or ``call`` and ``error``.
The tool's own ``print`` output goes to stderr, so it never mixes with the reply; a tool that writes
to the process's stdout behind Python's back (``os.write(1, ...)``, a C library, a child process)
corrupts the reply line, and the runtime records that call as an error. The process leaves with
``os._exit`` right after the reply, so a tool's lingering threads or atexit hooks cannot hang it.

With ``block_network`` the socket module refuses every Internet connection and name lookup before
the tool's module is imported (a fallback for machines without ``unshare -n``; see the runtime).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import json
import os
import sys
import time
import traceback

PROTOCOL = "libra-scitool-1"
NETWORK_MESSAGE = "network access is disabled by SciToolAgentRuntime(no_network=True)"


def _helpers():
    """``runtime/_worker_helpers.py`` of this package, loaded by path (this script runs outside the package)."""
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, os.pardir, os.pardir, "runtime", "_worker_helpers.py")
    spec = importlib.util.spec_from_file_location("_libra_worker_helpers", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HELPERS = _helpers()


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


def main() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    # the script's own folder (this package's runtime modules) must not shadow the checkout's imports
    sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != here]
    reply_stream = sys.stdout
    request = json.loads(sys.stdin.read())
    sys.stdin = open(os.devnull)  # a tool that reads stdin gets end-of-file, not the request
    if request.get("block_network"):
        HELPERS.block_network(NETWORK_MESSAGE)
    sys.path.insert(0, request["tools_root"])
    started = time.perf_counter()
    frame: dict = {"protocol": PROTOCOL}
    with contextlib.redirect_stdout(sys.stderr):
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
    try:
        line = json.dumps(frame, ensure_ascii=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        line = json.dumps({"protocol": PROTOCOL, "ok": False, "phase": "reply", "error": HELPERS.format_exception(exc)})
    try:
        reply_stream.write(line + "\n")
        reply_stream.flush()
        sys.stderr.flush()
    finally:
        os._exit(0)


if __name__ == "__main__":
    main()
