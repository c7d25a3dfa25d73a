"""Constraints a tool's docstring states about its parameters, lifted into their JSON Schemas.

Python tools rarely annotate allowed values; their docstrings say them instead: a parameter section
(``Args:``, ``Parameters``, ``:param x:``) or plain prose ("Turn the light of a room on or off. Options
are: kitchen, bedroom.", "the target currency (EUR, USD, GBP)", "Species must be one of: dog, cat").
:func:`lift_docstring_constraints` reads both: a parameter's own line in a parameter section becomes
its ``description`` when it has none, and a value list in prose goes to the parameter it is written
about (named right before a parenthesized list; for a list after "one of", "options are" ...,
the parameter named last before it, in the same sentence or the one before). Constraints then come from the descriptions as everywhere else
(:func:`~llama_index_libra.schemas.normalize.lift_prose_constraints`); an explicit keyword is never
overwritten, and a value list goes only to a parameter whose type every value fits.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from llama_index_libra.schemas.normalize import _coerce_enum, _split_values, lift_prose_constraints

__all__ = ["lift_docstring_constraints", "parameter_sections", "split_docstring", "docstring_prose"]

# a parameter section header (Google, NumPy) and the Sphinx field form
_SECTION_HEADER = re.compile(r"^\s*(?:Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments)\s*:?\s*$", re.IGNORECASE)
_NUMPY_RULE = re.compile(r"^\s*-{3,}\s*$")
_SECTION_END = re.compile(r"^\s*(?:Returns?|Yields?|Raises?|Examples?|Notes?|See Also|Attributes)\s*:?\s*$", re.IGNORECASE)
_SPHINX = re.compile(r"^\s*:param\s+(?:[^:\s]+\s+)?(\w+)\s*:\s*(.*)$")
_SPHINX_OTHER = re.compile(r"^\s*:(?:returns?|rtype|raises?|yields?|type\s+\w+|return)\b[^:]*:", re.IGNORECASE)
_GOOGLE_ITEM = re.compile(r"^(\s*)(\*{0,2}\w+)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$")
_NUMPY_ITEM = re.compile(r"^(\s*)(\w+)\s*:\s*([\w\[\], .|]*)$")

# prose that introduces a value list, and the list itself (a JSON array or items up to the sentence's end)
_INTRO = (r"(?:options are|the options are|possible values are|possible values|allowed values are|allowed values|"
          r"valid values are|valid values|accepted values are|supported values are|must be one of|can be one of|"
          r"should be one of|is one of|one of|(?:are |is )?(?:some|any) of|a subset of|any combination of|choose from|choices are|values are|supported(?: [a-z]+)?(?= ?:| are)(?: are)?)")
_LIST_AFTER_INTRO = re.compile(_INTRO + r"\s*:?\s*(\[[^\]\n]*\]|[^.;\n]+(?:\.(?=\w)[^.;\n]*)*)", re.IGNORECASE)
_PARENTHESIZED = re.compile(r"([A-Za-z_][\w ]{0,40}?)\s*\(\s*((?:['\"`]?[\w.+-]+['\"`]?\s*(?:,|\bor\b|/|\|)\s*)+['\"`]?[\w.+-]+['\"`]?)\s*\)")
_EITHER = re.compile(r"\beither\s+((['\"`])[^'\"`\n]{1,40}\2|[\w.+-]+)\s+or\s+((['\"`])[^'\"`\n]{1,40}\4|[\w.+-]+)",
                     re.IGNORECASE)
# quoted values after a colon: "The cabin class: 'basic_economy', 'economy', or 'business'."
_QUOTED = r"(?:'[^'\n]{1,40}'|\"[^\"\n]{1,40}\"|`[^`\n]{1,40}`)"
_QUOTED_LIST = re.compile(r":\s*(" + _QUOTED + r"(?:\s*(?:,\s*(?:or\s+|and\s+)?|or\s+|and\s+)" + _QUOTED + r")+)")
_EXAMPLES = re.compile(r"\b(?:such as|e\.g\.|for example|for instance|like)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"'`])|\n\s*\n|\n(?=\s*[-*]\s)")
_RETURNS = re.compile(r"^\s*(?:returns?|yields?|outputs?)\b", re.IGNORECASE)
_ABOUT_OUTPUT = re.compile(r"\b(?:returns?|response|output|result)\b", re.IGNORECASE)
# the signature line LlamaIndex writes before a function's docstring: "name(a: str, b: int) -> dict"
_SIGNATURE_LINE = re.compile(r"\A[\w.]+\(.*\)(?:\s*->.*)?\n")
_MAX_VALUES = 64
_MAX_DOC = 20_000  # characters of a docstring read (a longer one is cut, never scanned whole)
# Name words of a value the service issues (an id, a token) or a secret: no document can list its
# values, so words in parentheses beside it qualify it ("Session token (controller or supervisor)",
# "asset_id: the main (leaks, flushing)") rather than enumerate it.
_ISSUED_WORDS = frozenset({"id", "ids", "uuid", "guid", "uid", "token", "tokens", "apikey", "ref", "refs", "reference",
                           "references", "handle", "handles", "hash", "password", "passwd", "secret", "pin", "passcode",
                           "passphrase", "otp"})


def _tokens(name: str) -> list[str]:
    """``petId`` / ``pet_id`` / ``PetID`` -> ``["pet", "id"]``."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name).replace("_", " ").replace("-", " ")
    return [t.lower() for t in spaced.split() if t]


def _issued(name: str) -> bool:
    """Whether parameter ``name`` holds an issued value or a secret (see ``_ISSUED_WORDS``)."""
    return not _ISSUED_WORDS.isdisjoint(_tokens(name))


def _mention_patterns(names: list[str]) -> dict[str, re.Pattern[str]]:
    """How each parameter may be written in prose: its name, its words, or its last word when unique."""
    last_words: dict[str, int] = {}
    for name in names:
        toks = _tokens(name)
        if toks:
            last_words[toks[-1]] = last_words.get(toks[-1], 0) + 1
    out = {}
    for name in names:
        toks = _tokens(name)
        forms = {re.escape(name)}
        if toks:
            forms.add(r"[\s_-]?".join(re.escape(t) for t in toks))
            if len(toks) > 1 and last_words[toks[-1]] == 1 and len(toks[-1]) > 2:
                forms.add(re.escape(toks[-1]))
        out[name] = re.compile(r"(?<![\w])(?:" + "|".join(sorted(forms, key=len, reverse=True)) + r")s?(?![\w])", re.IGNORECASE)
    return out


def split_docstring(doc: str) -> tuple[str, dict[str, str]]:
    """(prose, each parameter's text) of a docstring: the parameter sections (Google ``Args:``, NumPy
    ``Parameters``, Sphinx ``:param name:``) and the other sections (``Returns:``, ``Raises:``,
    ``:rtype:`` ...) are taken out of the prose; continuation lines are joined."""
    params: dict[str, str] = {}
    prose: list[str] = []
    lines = doc.splitlines()
    section: str | None = None  # None (prose), "params" or "other"
    header_indent = 0
    numpy = False
    current: str | None = None
    item_indent = 0
    for i, line in enumerate(lines):
        lead = len(line) - len(line.lstrip())
        field = _SPHINX.match(line)
        if field:
            section, current, item_indent, header_indent, numpy = "params", field.group(1), lead, lead, False
            params[current] = field.group(2).strip()
            continue
        if _SPHINX_OTHER.match(line):
            section, current, header_indent, numpy = "other", None, lead, False
            continue
        header = _SECTION_HEADER.match(line) or _SECTION_END.match(line)
        if header:
            section = "params" if _SECTION_HEADER.match(line) else "other"
            header_indent, current = lead, None
            numpy = i + 1 < len(lines) and bool(_NUMPY_RULE.match(lines[i + 1]))
            continue
        if section is not None and _NUMPY_RULE.match(line):
            continue
        if not line.strip():
            if section is not None and not numpy and current is None and section == "other":
                section = None
            prose.append(line) if section is None else None
            continue
        if section is not None and not numpy and lead <= header_indent:
            section, current = None, None  # a Google section ends where the text comes back to its header
        if section is None:
            prose.append(line)
            continue
        if section == "other":
            continue
        item = (_NUMPY_ITEM if numpy else _GOOGLE_ITEM).match(line)
        if item and (current is None or lead <= item_indent):
            current, item_indent = item.group(2).lstrip("*"), lead
            params[current] = "" if numpy else item.group(4).strip()
        elif current is not None:
            params[current] = (params[current] + " " + line.strip()).strip()
    return "\n".join(prose), {k: v for k, v in params.items() if v}


def docstring_prose(description: str) -> str:
    """A tool description's prose: without the signature line LlamaIndex writes first and without its
    parameter, returns and other sections (see :func:`split_docstring`)."""
    return split_docstring(_SIGNATURE_LINE.sub("", (description or "")[:_MAX_DOC], count=1))[0]


def parameter_sections(doc: str) -> dict[str, str]:
    """Each parameter's text in a docstring's parameter sections (see :func:`split_docstring`)."""
    return split_docstring(doc)[1]


def _sentences(text: str) -> list[tuple[int, str]]:
    """(offset, sentence) pairs of ``text``."""
    out, start = [], 0
    for m in _SENTENCE.finditer(text):
        out.append((start, text[start:m.start()]))
        start = m.end()
    out.append((start, text[start:]))
    return out


def _accepts(schema: Mapping[str, Any], values: list[str]) -> list[Any] | None:
    """``values`` typed for ``schema`` (its items' type for an array), or None when one does not fit."""
    kind = schema.get("type")
    if kind == "array":
        items = schema.get("items")
        kind = items.get("type") if isinstance(items, Mapping) else None
    if not isinstance(kind, (str, type(None))):
        return None
    return _coerce_enum(values, kind)


def _has_enum(schema: Mapping[str, Any]) -> bool:
    items = schema.get("items")
    return "enum" in schema or "const" in schema or (isinstance(items, Mapping) and ("enum" in items or "const" in items))


def _with_enum(schema: dict[str, Any], values: list[Any]) -> dict[str, Any]:
    items = schema.get("items")
    if schema.get("type") == "array" and isinstance(items, Mapping):
        return {**schema, "items": {**items, "enum": values}}
    return {**schema, "enum": values}


def _value_lists(sentence: str) -> list[tuple[int, list[str], str | None]]:
    """(position, values, the words right before a parenthesized list) of every value list in a sentence."""
    found: list[tuple[int, list[str], str | None]] = []
    for m in _LIST_AFTER_INTRO.finditer(sentence):
        values = _split_values(m.group(1))
        if values and not m.group(1).lstrip().startswith("[") and re.search(r"\band\b", values[-1]):
            values = values[:-1] + [v.strip() for v in re.split(r"\band\b", values[-1])]  # "a, b and c"
        found.append((m.start(), values, None))
    for m in _PARENTHESIZED.finditer(sentence):
        found.append((m.start(2), [v.strip().strip("'\"`") for v in re.split(r",|\bor\b|/|\|", m.group(2))], m.group(1)))
    for m in _EITHER.finditer(sentence):
        found.append((m.start(), [m.group(1).strip("'\"`"), m.group(3).strip("'\"`")], None))
    for m in _QUOTED_LIST.finditer(sentence):
        if not _EXAMPLES.search(sentence, 0, m.start()):  # examples are not the allowed values
            found.append((m.start(1), [q[1:-1] for q in re.findall(_QUOTED, m.group(1))], None))
    # "(one or two)" says how many, not which: a list of number words is no vocabulary
    return [(pos, [v for v in values if v and "..." not in v][:_MAX_VALUES], before) for pos, values, before in found
            if not all(v.strip().lower() in _NUMBER_WORDS for v in values if v)]


_NUMBER_WORDS = frozenset("zero none one two three four five six seven eight nine ten eleven twelve".split())


def lift_docstring_constraints(description: str, parameters: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of a tool's (normalized) ``parameters`` with what its ``description`` says about them lifted.

    Never removes or overwrites a keyword; only top-level properties are touched.
    """
    params = dict(parameters)
    props = params.get("properties")
    if not isinstance(description, str) or not description or not isinstance(props, Mapping) or not props:
        return params
    doc = _SIGNATURE_LINE.sub("", description[:_MAX_DOC], count=1)
    props = {k: dict(v) if isinstance(v, Mapping) else v for k, v in props.items()}
    names = [k for k, v in props.items() if isinstance(v, dict)]
    prose, sections = split_docstring(doc)
    # 1. a parameter section: each parameter's own text is its description, and a value list in it is its
    for name, text in sections.items():
        if name not in names:
            continue
        for _, values, before in _value_lists(text):
            if before is not None and _issued(name):  # a parenthesis beside an id qualifies it
                continue
            typed = _accepts(props[name], values) if len(values) >= 2 and not _has_enum(props[name]) else None
            if typed:
                props[name] = _with_enum(props[name], typed)
        if not props[name].get("description"):  # then ranges, layouts ... as for any described parameter
            props[name] = lift_prose_constraints({**props[name], "description": text})
    # 2. value lists in the prose, for the parameter they are written about
    mentions = _mention_patterns(names)
    sentences = _sentences(prose)
    for index, (_, sentence) in enumerate(sentences):
        if _RETURNS.match(sentence):
            continue
        for pos, values, before in _value_lists(sentence):
            if len(values) < 2:
                continue
            for target in _targets(names, props, mentions, sentence, pos, before, sentences[index - 1][1] if index else "", values):
                if before is not None and _issued(target):
                    continue
                props[target] = _with_enum(props[target], _accepts(props[target], values) or [])
    params["properties"] = props
    return params


def _targets(names: list[str], props: Mapping[str, dict], mentions: Mapping[str, re.Pattern[str]], sentence: str, pos: int,
             before: str | None, previous: str, values: list[str]) -> list[str]:
    """The parameters a value list at ``pos`` of ``sentence`` is about: one, or, for a plural noun
    before a parenthesis that ends several parameters' names ("between currencies (EUR, USD)" for
    ``from_currency`` and ``to_currency``), each of them."""
    if before is not None:
        fits = [n for n in names if not _has_enum(props[n]) and _accepts(props[n], values)]
        words = before.strip().split()
        last = words[-1].lower() if words else ""
        shared = [n for n in fits if _tokens(n) and len(_tokens(n)[-1]) > 2 and last in (_tokens(n)[-1] + "s", _tokens(n)[-1][:-1] + "ies")]
        if len(shared) >= 2 and not any(m for n in fits for m in mentions[n].finditer(" ".join(words[-3:])) if n not in shared):
            return shared
    target = _target(names, props, mentions, sentence, pos, before, previous, values)
    return [] if target is None else [target]


def _target(names: list[str], props: Mapping[str, dict], mentions: Mapping[str, re.Pattern[str]], sentence: str, pos: int,
            before: str | None, previous: str, values: list[str]) -> str | None:
    """The parameter a value list at ``pos`` of ``sentence`` is about, or None."""
    fits = [n for n in names if not _has_enum(props[n]) and _accepts(props[n], values)]
    if not fits:
        return None
    if before is not None:  # "currency (EUR, USD)": only the words right before the parenthesis say whose
        tail = " ".join(before.strip().split()[-3:])
        named = sorted(((m.end(), n) for n in fits for m in mentions[n].finditer(tail)), reverse=True)
        return named[0][1] if named else None
    if _ABOUT_OUTPUT.search(sentence, 0, pos):  # "the response is one of ...": about the output, not an input
        return None
    for text, end in ((sentence, pos), (previous, len(previous))):  # the nearest mention before the list
        candidates = sorted(((m.end(), n) for n in fits for m in mentions[n].finditer(text, 0, end)), reverse=True)
        if candidates:
            return candidates[0][1]
    return None
