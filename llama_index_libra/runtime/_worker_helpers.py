"""Helpers of the worker scripts that out-of-process runtimes start (standard library only).

The workers run under another interpreter (the tools' own, Python 3.8 or newer, none of this package's
dependencies installed), so they load this file by its path, not as a package module:
the network guard, the reply encoder and the one-line error text they share.
"""

from __future__ import annotations

import errno
import json

NETWORK_MESSAGE = "network access is disabled by the runtime (no_network=True)"


def block_network(message: str = NETWORK_MESSAGE) -> None:
    """Make every AF_INET/AF_INET6 connection and every name lookup fail at once."""
    import socket

    def refuse(*_args, **_kwargs):
        raise OSError(errno.ENETUNREACH, message)

    def no_lookup(*_args, **_kwargs):
        raise socket.gaierror(socket.EAI_NONAME, message)

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


def format_exception(exc: BaseException) -> str:
    """``"Type: message"`` (just the type for an empty message)."""
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def encode_reply(value) -> dict:
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
