"""The vocabulary the schema-derived proposer reads tools with: keyword lists, description patterns,
and what a tool does (its verb, whether it creates or changes state) from its name and summary.

Every list is generic (no tool or catalog is named); the rules that use them are in :mod:`.proposer`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.parts import name_tokens

__all__ = [
    "IDENTIFIER_TOKENS",
    "NUMBER_ABBREVIATIONS",
    "CREDENTIAL_TOKENS",
    "names_secret",
    "EXISTING_NAME_TOKENS",
    "CRITERIA_TOKENS",
    "CONTENT_TOKENS",
    "LONG_PAYLOAD_TOKENS",
    "CREATE_VERBS",
    "STATE_CHANGING_VERBS",
    "READ_VERBS",
    "UNDO_TOKENS",
    "DEGREE_TOKENS",
    "QUANTITY_TOKENS",
    "ToolContext",
    "prefer_doing",
    "undoes",
]

# Tokens of a parameter name that mark an exact runtime identifier (rule 6, 11).
IDENTIFIER_TOKENS = frozenset(
    {
        "id", "ids", "uuid", "uuids", "guid", "token", "tokens", "key", "keys", "handle", "handles", "ref",
        "refs", "reference", "references", "hash", "session", "code", "codes", "symbol", "symbols",
        "zipcode", "zipcodes", "receiver", "recipient", "recipients", "sender", "apikey", "uid",
    }
)
# Abbreviations of "number" that end a record's number written as text (``application_no``, ``order_nr``):
# an identifier when the input is a string, never alone (``no`` is also a word).
NUMBER_ABBREVIATIONS = frozenset({"no", "nr", "num"})
# Secrets of an existing account (rule 12).
CREDENTIAL_TOKENS = frozenset(
    {"password", "passwd", "secret", "pin", "passcode", "passphrase", "credential", "credentials", "otp"}
)
# Numeric inputs named like these are quantities even when they mention ids or tokens (max_tokens).
QUANTITY_TOKENS = frozenset({"max", "min", "num", "count", "limit", "total", "amount", "size", "length", "number"})
# Names of existing items: observation unless new (rules 11, 13; ambiguous, see rule 8 above).
EXISTING_NAME_TOKENS = frozenset(
    {
        "name", "names", "username", "usernames", "user", "users", "file", "files", "filename", "filenames",
        "folder", "folders", "dir", "dirs", "directory", "directories", "path", "paths", "account",
        "accounts", "contact", "contacts", "member", "members", "owner", "email", "emails",
    }
)
# Person-name attributes are chosen by the caller (rule 10).
PERSON_NAME_TOKENS = frozenset({"first", "last", "full", "middle", "given", "family", "holder", "cardholder", "display", "nick", "nickname"})
# Inputs that locate an existing item stay observations in the creation template.
SOURCE_TOKENS = frozenset({"source", "src", "from", "old", "existing", "original", "current"})
TARGET_TOKENS = frozenset({"destination", "dest", "target", "new"})
CRITERIA_TOKENS = frozenset({"keyword", "keywords", "query", "queries", "pattern", "search", "filter", "term", "terms", "regex"})
CONTENT_TOKENS = frozenset(
    {
        "content", "contents", "message", "messages", "body", "text", "comment", "comments", "description",
        "note", "notes", "resolution", "reason", "title", "summary", "caption", "bio", "subject", "log",
        "question", "answer", "feedback", "review",
    }
)
LONG_PAYLOAD_TOKENS = frozenset(
    {"sequence", "sequences", "seq", "document", "blob", "base64", "encoded", "payload", "smiles", "inchi",
     "inchikey", "selfies", "fasta", "pdb", "xml", "html", "csv", "bytes", "binary", "image"}
)
# Verbs of tools that bring a new item into existence (writing *to* a named item does not).
CREATE_VERBS = frozenset(
    {"create", "add", "register", "new", "make", "post", "insert", "touch", "mkdir", "upload", "generate",
     "compose", "save", "store", "signup", "book", "publish", "invite"}
)
STATE_CHANGING_VERBS = CREATE_VERBS | frozenset(
    {"write", "echo", "append", "put",
        "set", "update", "edit", "modify", "change", "adjust", "activate", "deactivate", "enable", "disable",
        "start", "stop", "lock", "unlock", "press", "release", "fill", "turn", "toggle", "switch", "send",
        "cancel", "purchase", "buy", "sell", "place", "fund", "withdraw", "deposit", "transfer", "pay", "move",
        "copy", "rename", "delete", "remove", "close", "resolve", "follow", "unfollow", "comment", "mention",
        "retweet", "like", "share", "reset", "mark", "assign", "approve", "reject", "submit", "login", "logout",
        "authenticate", "apply", "schedule", "open", "engage", "lower", "raise", "increase", "decrease", "block",
        "archive", "restore", "install", "run", "execute", "launch", "park", "navigate", "mv", "cp", "rm",
        "rmdir", "cd", "clear", "drop", "grant", "revoke", "charge", "refund", "reserve", "order",
    }
)
# Leading name tokens that mark a read/query tool (its summary verb is then not consulted).
READ_VERBS = frozenset(
    {"get", "list", "display", "show", "view", "find", "search", "check", "estimate", "compute", "calculate",
     "convert", "count", "retrieve", "read", "fetch", "lookup", "query", "describe", "verify", "validate",
     "is", "has", "can", "filter", "sort", "compare", "diff", "cat", "tail", "head", "ls", "pwd", "du", "wc",
     "grep", "stat", "info", "status", "parse", "decode", "normalize", "normalise", "canonicalize", "canonicalise",
     "standardize", "standardise"}
)
UNDO_TOKENS = frozenset(
    {"undo", "revert", "reverse", "disable", "disabled", "deactivate", "disengage", "release", "unset", "off",
     "stop", "stopped", "cancel", "skip", "dry", "exclude", "ignore", "hide", "none", "false", "no", "inactive"}
)
DEGREE_TOKENS = frozenset(
    {"position", "level", "percent", "percentage", "degree", "intensity", "volume", "brightness", "strength",
     "ratio", "fraction", "opacity"}
)
_NEGATION_PREFIXES = ("un", "de", "dis")
PLACEHOLDER_DEFAULTS = (None, "", "None", "none", "null", "NULL", "nil", "N/A")

NEW_RE = re.compile(r"\b(new|newly)\b", re.IGNORECASE)
IDENTIFIER_DESC_RE = re.compile(
    r"\b(ids?|identifiers?|uuid|tokens?|handles?|references?|zip ?codes?|postal codes?|code of|"
    r"symbols?|uniquely identif\w*|obtained from|returned by|issued by|issued to)\b",
    re.IGNORECASE,
)
CREDENTIAL_DESC_RE = re.compile(r"\b(password|passcode|secret|credentials?)\b", re.IGNORECASE)
CRITERIA_DESC_RE = re.compile(r"\b(search(?:ing)? for|filter(?:ing)? by|to filter|keyword|query string|to match)\b", re.IGNORECASE)
EXISTING_DESC_RE = re.compile(
    r"\b(?:name|path)s? of (?:the |a |an )?(?:\w+ ){0,2}?(?:file|folder|directory|dir|user|account|contact|record|"
    r"item|recipient|receiver)s?\b|\bfile or (?:directory|folder)\b|\b(?:directory|folder) path\b|\buser ?names?\b",
    re.IGNORECASE,
)
LONG_DESC_RE = re.compile(
    r"\b(sequence|encoded|base64|blob|serialized|document|payload|smiles|inchi|selfies|fasta|file content)\b",
    re.IGNORECASE,
)
_SUMMARY_RE = re.compile(r"\bdescription\s*:\s*", re.IGNORECASE)


@dataclass(frozen=True)
class ToolContext:
    """What the tool does, from its short name and the first sentence of its own description."""

    verb: str
    tokens: frozenset[str]
    creates: bool
    changes_state: bool
    description: str = ""

    @classmethod
    def of(cls, spec: ToolSpec) -> "ToolContext":
        name_toks = name_tokens(spec.short_name)
        summary = tool_summary(spec.description)
        words = re.findall(r"[A-Za-z]+", summary)
        if name_toks and (name_toks[0] in STATE_CHANGING_VERBS or name_toks[0] in READ_VERBS or not words):
            verb = name_toks[0]
        else:
            verb = stem_verb(words[0].lower()) if words else ""
        tokens = frozenset(name_toks) | {verb}
        return cls(verb=verb, tokens=tokens, creates=verb in CREATE_VERBS, changes_state=verb in STATE_CHANGING_VERBS,
                   description=str(spec.description or ""))


def names_secret(name: str) -> bool:
    """Whether an input's name says it holds a secret of an account (``password``, ``pin``, ``passcode``)."""
    return not CREDENTIAL_TOKENS.isdisjoint(name_tokens(name))


def tool_summary(description: str) -> str:
    """The tool's own sentence: text after the last ``description:`` label, else the first sentence."""
    parts = _SUMMARY_RE.split(description)
    text = parts[-1] if len(parts) > 1 else description
    first = re.split(r"(?<=[.!?])\s", text.strip(), maxsplit=1)[0]
    return first


def stem_verb(word: str) -> str:
    for candidate in (word, word[:-1] if word.endswith("s") else "", word[:-2] if word.endswith("es") else ""):
        if candidate and candidate in STATE_CHANGING_VERBS:
            return candidate
    return word


def undoes(token: str, ctx: ToolContext) -> bool:
    """Whether a name token reverses the tool's action (``unlock`` for a lock tool, ``off``)."""
    if token in ctx.tokens:
        return False
    if token in UNDO_TOKENS:
        return True
    for prefix in _NEGATION_PREFIXES:
        if token.startswith(prefix) and token[len(prefix):] in ctx.tokens:
            return True
    return False


def prefer_doing(values: list[Any], ctx: ToolContext) -> list[Any]:
    """Enum values with those that perform the action first (Fig. 7: not a no-op or opposite)."""
    doing = [v for v in values if not (isinstance(v, str) and any(undoes(t, ctx) for t in name_tokens(v)))]
    return doing + [v for v in values if v not in doing]
