"""How a query is cut into segments before dense max-pooling: turns, sentences or clauses.

A multi-turn transcript asks for one thing per turn; a one-paragraph request asks for one thing per
sentence (or per clause: "cancel the order and refund my card"). Each segmenter keeps the text's own
order and drops nothing but whitespace; a fragment too short to ask for anything ("Hi there.",
"Thanks!") joins its neighbour, so max-pooling is not driven by greetings. ``auto`` reads the text:
several lines are turns (one segment each), a single line is cut into its sentences. ``windows`` cuts
each ``auto`` segment into overlapping windows of a few words: a long sentence that wraps its request
in who is asking and where ("This is Hannah on the mortgage desk at the Bath branch, signing in as
hpatel with password ...") embeds close to the catalog's domain as a whole, while its window "signing
in as hpatel" embeds close to the one tool it asks for.
"""

from __future__ import annotations

import re
from typing import Callable, Sequence

__all__ = ["SEGMENTATIONS", "MIN_SEGMENT_WORDS", "WINDOW_WORDS", "segmenter_for", "split_lines", "split_sentences",
           "split_clauses", "split_auto", "split_windows"]

SEGMENTATIONS = ("lines", "sentences", "clauses", "auto", "windows")
# A fragment of fewer words joins its neighbour (a greeting, "Thanks!"); fixed a priori, not fitted.
MIN_SEGMENT_WORDS = 3
# words per window of ``windows`` (consecutive windows overlap by half); a segment this short is one window.
# Chosen among 4, 6 and 10 by scripts/choose_defaults.py's rule on 70 development sets (docs/results.md).
WINDOW_WORDS = 4

_LINE = re.compile(r"\r\n|\r|\n")
# a sentence ends at . ! ? (runs of them, closing quotes or brackets allowed) followed by whitespace;
# "e.g. x", "3.5", "a.b@c.com" and "#W101." at the end of the text do not split anything
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+")
# clause boundaries inside a sentence: ; and : and a comma or "and" before a new instruction
_CLAUSE = re.compile(r"\s*[;:]\s+|,?\s+(?:and then|and also|then|also|plus)\s+|,\s+and\s+|,\s+but\s+|,\s+so\s+", re.IGNORECASE)
_LEADING = re.compile(r"^(?:and then|and also|then|also|plus)\s+", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z0-9_]+")


def _words(text: str) -> int:
    return len(_WORD.findall(text))


def _merge_short(parts: Sequence[str]) -> list[str]:
    """Join fragments of fewer than :data:`MIN_SEGMENT_WORDS` words to the following part (the last to the previous)."""
    out: list[str] = []
    carry = ""
    for part in parts:
        text = f"{carry} {part}".strip() if carry else part
        if _words(text) < MIN_SEGMENT_WORDS:
            carry = text
            continue
        out.append(text)
        carry = ""
    if carry:
        if out:
            out[-1] = f"{out[-1]} {carry}"
        else:
            out.append(carry)
    return out


def split_lines(query: str) -> list[str]:
    """One segment per non-blank line (a user turn), stripped; short lines are kept (a turn is a turn)."""
    return [s.strip() for s in _LINE.split(query) if s.strip()]


def _sentences(line: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(line) if s.strip()]


def split_sentences(query: str) -> list[str]:
    """Lines, then sentences within each line; fragments under three words join a neighbour."""
    return _merge_short([s for line in split_lines(query) for s in _sentences(line)])


def split_clauses(query: str) -> list[str]:
    """Sentences, then clauses within each (at ``;``, ``:``, ", and", "and then", "also", ...)."""
    parts = [_LEADING.sub("", c.strip(" ,")) for line in split_lines(query) for s in _sentences(line) for c in _CLAUSE.split(s)]
    return _merge_short([c for c in parts if c])


def split_auto(query: str) -> list[str]:
    """Several non-blank lines: one segment per line (turns); one line: its sentences."""
    lines = split_lines(query)
    return lines if len(lines) > 1 else split_sentences(query)


def split_windows(query: str, width: int | None = None) -> list[str]:
    """The :func:`split_auto` segments, each cut into windows of ``width`` words (default :data:`WINDOW_WORDS`)
    that start every ``width // 2`` words; the last window ends at the segment's end, so no word is dropped."""
    width = WINDOW_WORDS if width is None else width
    if width < 1:
        raise ValueError(f"window width must be a positive number of words, got {width}")
    step = max(1, width // 2)
    out: list[str] = []
    for segment in split_auto(query):
        words = segment.split()
        if len(words) <= width:
            out.append(" ".join(words))
            continue
        starts = list(range(0, len(words) - width, step)) + [len(words) - width]
        out.extend(" ".join(words[i:i + width]) for i in starts)
    return out


_SEGMENTERS: dict[str, Callable[[str], list[str]]] = {
    "lines": split_lines,
    "sentences": split_sentences,
    "clauses": split_clauses,
    "auto": split_auto,
    "windows": split_windows,
}


def segmenter_for(name: str) -> Callable[[str], list[str]]:
    """The built-in segmenter called ``name`` (one of :data:`SEGMENTATIONS`)."""
    try:
        return _SEGMENTERS[name]
    except KeyError:
        raise ValueError(f"segmentation must be one of {', '.join(SEGMENTATIONS)}, got {name!r}") from None
