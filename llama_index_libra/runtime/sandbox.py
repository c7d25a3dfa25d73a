"""Process sandboxing shared by the out-of-process runtimes: process groups, network cut-off.

A runtime that starts a worker process gives it its own process group (``start_new_session``) so that
:func:`kill_group` ends the worker and anything a tool started. ``no_network`` runtimes cut Internet
access in layers: :func:`unshare_prefix` runs the worker in an empty network namespace where the
kernel allows unprivileged user namespaces, and :data:`PROXY_VARIABLES` point at :data:`CLOSED_PROXY`
so child processes (curl, model hubs) fail fast; the workers themselves also guard the socket module.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess

__all__ = ["CLOSED_PROXY", "PROXY_VARIABLES", "kill_group", "unshare_prefix"]

CLOSED_PROXY = "http://127.0.0.1:9"  # the discard port: nothing listens, connections are refused
# Proxy variables set to CLOSED_PROXY (lower and upper case) when the network is cut.
PROXY_VARIABLES = ("http_proxy", "https_proxy", "ftp_proxy", "all_proxy")


def kill_group(proc: subprocess.Popen) -> None:
    """SIGKILL ``proc``'s process group (the worker and every process a tool started); never raises."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
        pass


def unshare_prefix() -> list[str]:
    """``unshare`` arguments that give a worker an empty network namespace, when this machine allows it."""
    exe = shutil.which("unshare")
    if exe is None:
        return []
    for args in ([exe, "--map-current-user", "--net"], [exe, "-rn"]):
        try:
            probe = subprocess.run(args + ["true"], capture_output=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            continue
        if probe.returncode == 0:
            return args
    return []
