"""Offline fakes shared by the tests: a deterministic hash embedding and a 120-tool synthetic catalog.

``HashEmbedding`` is deterministic across processes (md5 of lowercase word tokens, signed buckets,
plus one constant dimension so no text embeds to zero), so most tests never load a model.
"""

from __future__ import annotations

import hashlib
import inspect
import re
from typing import TYPE_CHECKING, Annotated, Any, Callable

from llama_index.core.base.embeddings.base import BaseEmbedding
from llama_index.core.tools import FunctionTool

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.library import ToolLibrary

_TOKEN = re.compile(r"[a-z0-9]+")


class HashEmbedding(BaseEmbedding):
    """Bag-of-words vectors from hashed tokens: cheap, deterministic, similar texts score higher."""

    dim: int = 256

    def __init__(self, dim: int = 256, **kwargs: Any) -> None:
        super().__init__(model_name=f"hash-embedding-{dim}", dim=dim, **kwargs)

    @classmethod
    def class_name(cls) -> str:
        return "HashEmbedding"

    def _vector(self, text: str) -> list[float]:
        vec = [0.0] * self.dim
        vec[0] = 0.5  # constant component: the empty text is not a zero vector
        for token in _TOKEN.findall(text.lower()):
            digest = hashlib.md5(token.encode("utf-8")).digest()
            bucket = 1 + int.from_bytes(digest[:4], "little") % (self.dim - 1)
            vec[bucket] += 1.0 if digest[4] & 1 else -1.0
        return vec

    def _get_query_embedding(self, query: str) -> list[float]:
        return self._vector(query)

    async def _aget_query_embedding(self, query: str) -> list[float]:
        return self._vector(query)

    def _get_text_embedding(self, text: str) -> list[float]:
        return self._vector(text)


# --------------------------------------------------------------------------- synthetic catalog

# (app, object, what the object is, extra fields a new object needs)
_APPS = [
    ("calendar", "event", "a meeting or appointment on a day", ["title", "date"]),
    ("mail", "email", "an electronic mail message", ["recipient", "subject"]),
    ("contacts", "contact", "a person in the address book", ["full_name", "phone"]),
    ("notes", "note", "a short text note", ["title", "body"]),
    ("tasks", "task", "a to-do item with a due date", ["title", "due_date"]),
    ("bank", "transfer", "a money transfer between accounts", ["amount", "recipient_account"]),
    ("shop", "order", "a purchase order of a product", ["product_id", "quantity"]),
    ("music", "playlist", "a list of songs", ["name", "genre"]),
    ("drive", "file", "a document stored in the cloud drive", ["filename", "folder"]),
    ("fitness", "workout", "a recorded exercise session", ["activity", "minutes"]),
    ("travel", "booking", "a flight or hotel reservation", ["destination", "date"]),
]
_VERBS = [
    ("create", "Create a new {obj} in the {app} app: {what}. Needs an access token from {app}_login."),
    ("get", "Show the details of one {obj} in the {app} app by its {obj} id."),
    ("list", "List the {obj}s stored in the {app} app, newest first."),
    ("update", "Change the fields of an existing {obj} in the {app} app."),
    ("delete", "Delete a {obj} from the {app} app permanently."),
    ("search", "Search the {obj}s of the {app} app whose text matches a keyword."),
    ("share", "Share a {obj} from the {app} app with another person by email address."),
    ("export", "Export all {obj}s of the {app} app to a CSV file."),
    ("count", "Count how many {obj}s the {app} app stores."),
]
# bespoke single tools: name -> (description, params, reply template)
_SINGLE: dict[str, tuple[str, list[tuple[str, str]], str]] = {
    "weather_get_forecast": (
        "Get the weather forecast for a city on a given day: temperature, rain and wind.",
        [("city", "The city name."), ("day", "The day, e.g. tomorrow.")],
        "Forecast for {city} {day}: sunny, 21 C, light wind.",
    ),
    "weather_get_alerts": (
        "List active severe weather alerts (storms, floods, heat) for a region.",
        [("region", "The region or country.")],
        "No severe weather alerts for {region}.",
    ),
    "maps_get_directions": (
        "Get driving or walking directions between two places.",
        [("origin", "Start address."), ("destination", "End address.")],
        "Route from {origin} to {destination}: 12 km, 18 minutes.",
    ),
    "currency_convert": (
        "Convert an amount of money from one currency to another at today's exchange rate.",
        [("amount", "The amount."), ("from_currency", "ISO code, e.g. EUR."), ("to_currency", "ISO code, e.g. USD.")],
        "{amount} {from_currency} = 1.08 x {amount} {to_currency}.",
    ),
    "alarm_set": (
        "Set a new alarm clock at a time of day.",
        [("time", "Time as HH:MM.")],
        "Alarm set for {time}.",
    ),
    "alarm_update": (
        "Change the time of an existing alarm clock.",
        [("alarm_id", "The alarm id."), ("time", "New time as HH:MM.")],
        "Alarm {alarm_id} moved to {time}.",
    ),
    "timer_start": (
        "Start a countdown timer for a number of minutes.",
        [("minutes", "Duration in minutes.")],
        "Timer started for {minutes} minutes.",
    ),
    "translate_text": (
        "Translate a piece of text into another language.",
        [("text", "Text to translate."), ("target_language", "Language name or code.")],
        "Translation of '{text}' into {target_language}: [translated].",
    ),
    "calculator_evaluate": (
        "Evaluate an arithmetic expression and return the number.",
        [("expression", "An arithmetic expression such as 2*(3+4).")],
        "The value of {expression} is computed.",
    ),
    "news_top_headlines": (
        "Get today's top news headlines for a topic.",
        [("topic", "A news topic such as sports or science.")],
        "Top {topic} headlines: three stories found.",
    ),
}


def _function(name: str, description: str, params: list[tuple[str, str]], reply: Callable[[dict[str, Any]], str]) -> FunctionTool:
    """A FunctionTool over a real Python function with string keyword parameters."""

    def fn(**kwargs: Any) -> str:
        return reply(kwargs)

    fn.__name__ = name
    fn.__doc__ = description
    fn.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(p, inspect.Parameter.KEYWORD_ONLY, annotation=Annotated[str, doc]) for p, doc in params],
        return_annotation=str,
    )
    return FunctionTool.from_defaults(fn=fn, name=name, description=description)


def make_synthetic_tools() -> list[FunctionTool]:
    """120 tools: 11 apps x (login + 9 verbs) and 10 single-purpose tools; each returns a string."""
    tools: list[FunctionTool] = []
    for app, obj, what, fields in _APPS:
        tools.append(
            _function(
                f"{app}_login",
                f"Log in to the {app} app with a username and password and return an access token.",
                [("username", "Account user name."), ("password", "Account password.")],
                lambda kw, app=app: f"access_token=tok-{app}-{kw.get('username', '')}",
            )
        )
        for verb, template in _VERBS:
            name = f"{app}_{verb}_{obj}" if verb not in ("list", "export", "count") else f"{app}_{verb}_{obj}s"
            params = [("access_token", f"Token from {app}_login.")]
            if verb == "create":
                params += [(f, f"The {f.replace('_', ' ')}.") for f in fields]
            elif verb in ("get", "update", "delete", "share"):
                params.append((f"{obj}_id", f"The {obj} id."))
            if verb == "update":
                params.append(("changes", "The fields to change."))
            elif verb == "search":
                params.append(("keyword", "Text to look for."))
            elif verb == "share":
                params.append(("email", "Email of the person."))
            description = template.format(app=app, obj=obj, what=what)
            tools.append(
                _function(name, description, params, lambda kw, name=name: f"{name} done: " + ", ".join(f"{k}={v}" for k, v in sorted(kw.items())))
            )
    for name, (description, params, reply) in _SINGLE.items():
        tools.append(_function(name, description, params, lambda kw, reply=reply: reply.format(**kw)))
    return tools


def make_synthetic_library(tools: list[FunctionTool]) -> "ToolLibrary":
    """Hand-written relations of the synthetic catalog: each app's login provides its access token.

    For every tool that takes ``access_token``: a state relation (the call fails before login)
    and a provenance relation (it needs the token login returned), as induction would find them.
    """
    from llama_index_libra.catalog import ToolCatalog
    from llama_index_libra.library import Relation, ToolLibrary

    catalog = ToolCatalog.from_tools(tools, name="synthetic")
    relations = []
    for spec in catalog:
        if "access_token" not in spec.input_names:
            continue
        login = spec.name.split("_", 1)[0] + "_login"
        relations.append(Relation(login, spec.name, "state"))
        relations.append(
            Relation(login, spec.name, "provenance", provider_field="access_token", consumer_field="access_token", field_similarity=1.0)
        )
    return ToolLibrary(catalog=catalog, relations=relations)


# --------------------------------------------------------------------------- a scenario on the synthetic catalog

# The request names the goal only; the prerequisite login is what LIBRA's library adds.
CREATE_NOTE = "Create a new note in the notes app titled Groceries with body milk and eggs."
LOGIN_THEN_CREATE_PLAN: list[tuple[str, dict[str, Any]]] = [
    ("notes_login", {"username": "alice", "password": "pw1"}),
    ("notes_create_note", {"access_token": "tok-notes-alice", "title": "Groceries", "body": "milk and eggs"}),
]
CREATED = "notes_create_note done: access_token=tok-notes-alice, body=milk and eggs, title=Groceries"
