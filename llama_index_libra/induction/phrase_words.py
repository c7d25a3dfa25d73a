"""Words of free text: what a person types into a search box when they hold a longer phrase.

A patient's surname is one word of the ``name`` a tester was handed ("Harold Whitcombe"); a drug
sits inside a sentence ("on warfarin; Dr. Price phoned in fluconazole yesterday"). A free-text
input that every whole value failed tries the words of those phrases, one at a time
(:meth:`.joint_bindings.JointBindings.word_bindings`). A word is derived from its phrase's
:class:`.values.Value` and keeps its record (so the inputs that come from that record, a birth
date beside the name, take it jointly) but credits nobody: free text never makes a relation.
"""

from __future__ import annotations

import functools
import re

from llama_index_libra._io import canonical_json
from llama_index_libra.induction.values import Value

__all__ = ["phrase_words", "word_value", "topic_words", "shared_topic", "WORDS_PER_INPUT"]

# words tried per free-text input in one state, across its phrases
WORDS_PER_INPUT = 16
# texts whose content words are remembered (:func:`topic_words`), per process
TOPICS_KEPT = 8192

_WORD = re.compile(r"[^\W\d_]{3,}")
# a lower-case word this short is glue ("his", "has", "out", "wife"), not a term a search finds
_SHORT_LOWER = 5


def phrase_words(text: str) -> list[str]:
    """The words of ``text`` a search may find, most telling first: capitalised words (names, brands,
    places) from the last to the first (a surname ends a name), then lower-case words of at least
    five letters, longest first (a drug in a sentence). A text of one word has none (it was tried whole)."""
    words = list(dict.fromkeys(w for w in _WORD.findall(text) if w.isalpha()))
    if len(words) < 2:
        return []
    proper = [w for w in reversed(words) if w[0].isupper()]
    lower = sorted((w for w in words if not w[0].isupper() and len(w) >= _SHORT_LOWER), key=lambda w: -len(w))
    return proper + lower


# words too common in tool documentation and notes to say what a text is about
_GLUE = frozenset("""about after also before being each from have into more only other over than that their them
then there these they this those under what when where which while will with without would your yours should could
given gives returns return""".split())


@functools.lru_cache(maxsize=TOPICS_KEPT)
def topic_words(text: str) -> frozenset[str]:
    """The lower-case content words of ``text`` (four letters or more, a plural's ``s`` dropped): what a
    note or a tool's documentation is about. Remembered per text: every ordering of a state's phrases
    reads the same pool texts again."""
    out = set()
    for w in _WORD.findall(text.lower()):
        if len(w) >= 4 and w.isalpha() and w not in _GLUE:
            out.add(w[:-1] if w.endswith("s") and not w.endswith("ss") else w)
    return frozenset(out)


def shared_topic(text: str, tool_words: frozenset[str]) -> int:
    """How many content words ``text`` shares with a tool's documentation (:func:`topic_words`): a
    tester looking for a candidate's surname reads the note about today's ceremony first, not the one
    about a birth."""
    return len(topic_words(text) & tool_words) if tool_words else 0


def word_value(phrase: Value, word: str) -> Value:
    """A word of ``phrase`` as a pool value of its own: the same provider, field and record, a key of
    its own, and no credit (it was typed from free text, not produced)."""
    vj = canonical_json(word)
    return phrase._replace(value=word, key=f"{phrase.provider}\x00{phrase.export}~word\x00{vj}",
                           path=phrase.path + "~word", credit=False)
