"""How a finished build's report is printed: under a heading, with what "never succeeded" means.

The report itself (:meth:`BuildReport.summary`) is the engine's; this frames it for a person reading
a terminal, where a list of tools that "never succeeded" under no heading reads like an error.
"""

from __future__ import annotations

import textwrap
from typing import Any

__all__ = ["framed_summary", "EXPLORABLE_HINT"]

EXPLORABLE_HINT = ("tools that never succeeded are gaps in the library (their prerequisites could not be tested), not "
                   "errors of the build; the README's \"Making tools explorable\" maps each message to a fix")


def framed_summary(report: Any, title: str) -> str:
    """``title``, the report's summary indented under it, and the hint when some tool never succeeded."""
    lines = [f"{title}:", textwrap.indent(report.summary(), "  ")]
    if getattr(report, "never_succeeded", None):
        lines.append(textwrap.indent(textwrap.fill(EXPLORABLE_HINT, 100), "  "))
    return "\n".join(lines)
