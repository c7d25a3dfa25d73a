"""One SciToolAgent tool call, run by the checkout's own interpreter (standard library only).

:class:`llama_index_libra.runtime.scitoolagent.SciToolAgentRuntime` starts this file as a script with
the user's SciToolAgent interpreter, in a fresh temporary working directory, once per call. It must
run on that interpreter (Python 3.8 or newer, none of this package's dependencies), so it imports
nothing but the standard library and the one checkout module the tool needs.

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
import errno
import importlib
import json
import os
import sys
import time
import traceback

PROTOCOL = "libra-scitool-1"
NETWORK_MESSAGE = "network access is disabled by SciToolAgentRuntime(no_network=True)"


def _block_network() -> None:
    """Make every AF_INET/AF_INET6 connection and every name lookup fail at once."""
    import socket

    def refuse(*_args, **_kwargs):
        raise OSError(errno.ENETUNREACH, NETWORK_MESSAGE)

    def no_lookup(*_args, **_kwargs):
        raise socket.gaierror(socket.EAI_NONAME, NETWORK_MESSAGE)

    internet = {socket.AF_INET, getattr(socket, "AF_INET6", socket.AF_INET)}
    base = socket.socket

    class GuardedSocket(base):  # type: ignore[misc, valid-type]
        def connect(self, address):  # noqa: D102 - same contract as socket.connect
            if self.family in internet:
                refuse()
            return base.connect(self, address)

        def connect_ex(self, address):  # noqa: D102
            if self.family in internet:
                return errno.ENETUNREACH
            return base.connect_ex(self, address)

        def sendto(self, *args):  # noqa: D102 - UDP (DNS, NTP) goes nowhere either
            if self.family in internet:
                refuse()
            return base.sendto(self, *args)

    socket.socket = GuardedSocket  # type: ignore[misc]
    socket.create_connection = refuse  # type: ignore[assignment]
    socket.getaddrinfo = no_lookup  # type: ignore[assignment]
    socket.gethostbyname = no_lookup  # type: ignore[assignment]
    socket.gethostbyname_ex = no_lookup  # type: ignore[assignment]
    socket.gethostbyaddr = no_lookup  # type: ignore[assignment]


def _format_exception(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


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


def _encode(value) -> dict:
    """A JSON description of the tool's return value."""
    if value is None:
        return {"kind": "none"}
    if isinstance(value, str):
        return {"kind": "text", "value": value}
    if isinstance(value, (bool, int, float, list, dict)):
        try:
            json.dumps(value, allow_nan=False)
        except (TypeError, ValueError):
            pass
        else:
            return {"kind": "json", "value": value}
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ is still an answer to report
        text = "<unrepresentable>"
    return {"kind": "opaque", "type": f"{type(value).__module__}.{type(value).__qualname__}", "repr": text[:500]}


def main() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    # the script's own folder (this package's runtime modules) must not shadow the checkout's imports
    sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != here]
    reply_stream = sys.stdout
    request = json.loads(sys.stdin.read())
    sys.stdin = open(os.devnull)  # a tool that reads stdin gets end-of-file, not the request
    if request.get("block_network"):
        _block_network()
    sys.path.insert(0, request["tools_root"])
    started = time.perf_counter()
    frame: dict = {"protocol": PROTOCOL}
    with contextlib.redirect_stdout(sys.stderr):
        try:
            fn = _resolve(request)
        except BaseException as exc:  # noqa: BLE001 - reported, never raised
            traceback.print_exc()
            frame.update(ok=False, phase="import", error=_format_exception(exc))
        else:
            try:
                value = fn(request["input"])
            except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt included
                traceback.print_exc()
                frame.update(ok=False, phase="call", error=_format_exception(exc))
            else:
                frame.update(ok=True, phase="reply", reply=_encode(value))
    frame["duration_s"] = round(time.perf_counter() - started, 6)
    try:
        line = json.dumps(frame, ensure_ascii=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        line = json.dumps({"protocol": PROTOCOL, "ok": False, "phase": "reply", "error": _format_exception(exc)})
    try:
        reply_stream.write(line + "\n")
        reply_stream.flush()
        sys.stderr.flush()
    finally:
        os._exit(0)


if __name__ == "__main__":
    main()
