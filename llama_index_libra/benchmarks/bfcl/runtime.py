"""BFCLRuntime: the 8 classic BFCL multi-turn classes as a resettable sandbox.

The classes (GorillaFileSystem, MathAPI, MessageAPI, TwitterAPI, TicketAPI, TradingBot, TravelAPI,
VehicleControlAPI) come from ``bfcl_eval.eval_checker.multi_turn_eval.func_source_code`` and need
only the standard library and mpmath: install them with
``pip install --no-deps bfcl-eval==2026.3.23 mpmath``. They are imported lazily, and the memory_* and
web_search modules are never imported (memory_vector reaches a model hub at import time).

State is a dict ``{class name: instance}``, each instance built and loaded with
``_load_scenario(config.get(class, {}), long_context=...)`` (an empty config gives the built-in
defaults; MathAPI has no scenario). Tool names are ``Class.method`` and equal the catalog names of
:func:`llama_index_libra.benchmarks.bfcl.load_bfcl_catalog`. The partition of a tool is its class:
the classes share no data, so tools of different classes cannot interact.

Snapshots pickle each instance's attributes in one C-level pass and copy its ``random.Random``
generators by ``getstate()``/``setstate()``, which is ~15x cheaper than ``copy.deepcopy`` (mostly
spent copying the generators) and keeps generated ids (message ids, access tokens, card, booking,
transaction and insurance ids, transaction timestamps) reproducible after a restore. A fresh state
is a restore of a snapshot taken once at construction.

``view`` is each instance's public data: its attributes, with GorillaFileSystem's Directory/File
tree as nested ``{"type": "directory", "contents": {...}}`` / ``{"type": "file", "content": ...}``
dicts and its working directory as a path string. It leaves out the random generators (a call that
only draws a random number, like ``get_current_speed``, changes no visible state), the constant
``_api_description``, the ``long_context`` flag and TravelAPI's ``_flight_cost_lookup`` memo (a pure
cache of ``get_flight_cost`` that ``book_flight`` refills itself).

Failure conventions found by reading the 8 classes, mapped onto ``InvocationRecord.status``:

* an exception -> ``error`` (e.g. ``TravelAPI.get_flight_cost`` and ``compute_exchange_rate`` raise
  ``ValueError`` for an unknown route or currency; ``MathAPI.power`` may raise ``OverflowError``;
  wrong argument names or types raise ``TypeError``);
* a dict with an ``error`` key -> ``rejected`` (the common case in every class: "No such file or
  directory", "User not authenticated", "Token expired", "Invalid access token", "not found", ...;
  ``VehicleControlAPI.get_outside_temperature_from_weather_com`` always returns ``{"error": 404}``;
  TravelAPI's ``booking_status``/``cancel_status``/``insurance_status`` ``False`` come with one);
* a list holding such a dict -> ``rejected`` (``TicketAPI.get_user_tickets``,
  ``TradingBot.get_order_history``, ``TradingBot.get_transaction_history`` when logged out);
* a string, or a list of strings, starting with ``"Error:"`` -> ``rejected``
  (``TradingBot.get_watchlist`` when logged out);
* a ``False`` outcome flag -> ``rejected``: ``authentication_status``
  (``TwitterAPI.authenticate_twitter``), ``login_status`` (``MessageAPI.message_login``), ``success``
  (``TicketAPI.ticket_login``, ``TicketAPI.logout`` with nobody logged in), ``verification_status``
  (``TravelAPI.verify_traveler_information``), ``follow_status``/``unfollow_status`` (TwitterAPI: the
  user was already followed / not followed, so nothing was done), and the never-False
  ``sent_status``/``deleted_status``/``added_status`` for completeness;
* tool-specific failure replies without an error key -> ``rejected``:
  ``TradingBot.trading_logout`` ``{"status": "No user is currently logged in"}`` (the twin of
  ``TicketAPI.logout``'s ``success: False``), and the not-found sentinels
  ``TradingBot.get_symbol_by_name`` ``{"symbol": "Stock not found"}``,
  ``TravelAPI.get_nearest_airport_by_city`` ``{"nearest_airport": "Unknown"}`` and
  ``VehicleControlAPI.get_zipcode_based_on_city`` ``{"zipcode": "00000"}``.

Booleans that answer a question are successes, whatever their value: the ``*_get_login_status``
tools (``login_status``/``status``), ``VehicleControlAPI.estimate_drive_feasibility_by_mileage``
(``canDrive``) and ``VehicleControlAPI.check_tire_pressure`` (``healthy_tire_pressure``). Idempotent
replies are successes too: ``TradingBot.trading_login`` "Already logged in" and
``TwitterAPI.retweet`` "Already retweeted". Everything else, including ``None`` (``touch``,
``mkdir``, ``echo`` to a file) and ``{}`` (``cd ..``), is a success. Strings are never ``eval``-ed.

MathAPI returns mpmath and Decimal numbers (``logarithm``, ``square_root``): outputs convert them
to floats. Omitted parameters with a mutable default (``TwitterAPI.post_tweet``'s ``tags=[]`` and
``mentions=[]``, which ``mention`` later extends in place) get a fresh copy per call, so one
sandbox cannot leak into another through the shared default.
"""

from __future__ import annotations

import copy
import importlib
import pickle
import random
import re
from decimal import Decimal
from typing import Any, Iterable, Mapping

from llama_index_libra.benchmarks.bfcl.benchmark import BFCL_INSTALL_HINT, load_bfcl_catalog
from llama_index_libra.benchmarks.bfcl.views import class_fixtures, instance_view
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.records import Status, to_jsonable
from llama_index_libra.runtime.base import Runtime, mutable_defaults

__all__ = ["BFCLRuntime", "BFCLSnapshot", "BFCL_CLASS_NAMES", "BFCL_INSTALL_HINT", "SANDBOX_SCENARIO", "classify_bfcl_output",
           "sandbox_runtime"]

_SOURCE_PACKAGE = "bfcl_eval.eval_checker.multi_turn_eval.func_source_code"
# class name -> module under func_source_code (the doc file is the module name + ".json")
_CLASS_MODULES: dict[str, str] = {
    "GorillaFileSystem": "gorilla_file_system",
    "MathAPI": "math_api",
    "MessageAPI": "message_api",
    "TwitterAPI": "posting_api",
    "TicketAPI": "ticket_api",
    "TradingBot": "trading_bot",
    "TravelAPI": "travel_booking",
    "VehicleControlAPI": "vehicle_control",
}
BFCL_CLASS_NAMES: tuple[str, ...] = tuple(_CLASS_MODULES)

# Attributes that are constants, configuration or caches rather than state.
_FAILURE_FLAGS = (
    "authentication_status",
    "login_status",
    "success",
    "verification_status",
    "booking_status",
    "cancel_status",
    "insurance_status",
    "follow_status",
    "unfollow_status",
    "sent_status",
    "deleted_status",
    "added_status",
)
_FLAG_DETAIL_KEYS = ("error", "message", "verification_failure")
# tool -> (output key, value) replies that mean "not done" / "not found" without an error key
_FAILURE_REPLIES: dict[str, tuple[str, Any]] = {
    "TradingBot.trading_logout": ("status", "No user is currently logged in"),
    "TradingBot.get_symbol_by_name": ("symbol", "Stock not found"),
    "TravelAPI.get_nearest_airport_by_city": ("nearest_airport", "Unknown"),
    "VehicleControlAPI.get_zipcode_based_on_city": ("zipcode", "00000"),
}


def _import_class(class_name: str) -> type:
    """The BFCL class ``class_name``, imported on first use with an install hint when missing."""
    module_name = _CLASS_MODULES[class_name]
    try:
        module = importlib.import_module(f"{_SOURCE_PACKAGE}.{module_name}")
    except ImportError as exc:
        raise ImportError(
            f"BFCLRuntime needs the BFCL classes ({exc}); install them with: {BFCL_INSTALL_HINT}"
        ) from exc
    return getattr(module, class_name)


def _error_text(value: Any) -> str:
    text = value if isinstance(value, str) else str(value)
    return text or "empty error message"


def classify_bfcl_output(tool: str, output: Any) -> tuple[Status, str | None]:
    """``(status, message)`` of a BFCL tool's JSON output (the conventions in the module docstring)."""
    if isinstance(output, dict):
        if "error" in output:
            return "rejected", _error_text(output["error"])
        if not tool.endswith("_get_login_status"):
            for flag in _FAILURE_FLAGS:
                if output.get(flag) is False:
                    detail = next((output[k] for k in _FLAG_DETAIL_KEYS if output.get(k)), None)
                    return "rejected", f"{flag} is false" + (f": {_error_text(detail)}" if detail else "")
        reply = _FAILURE_REPLIES.get(tool)
        if reply is not None and output.get(reply[0]) == reply[1]:
            return "rejected", f"{reply[0]}: {reply[1]}"
        return "success", None
    if isinstance(output, list):
        for item in output:
            if isinstance(item, dict) and "error" in item:
                return "rejected", _error_text(item["error"])
            if isinstance(item, str) and item.startswith("Error:"):
                return "rejected", item
        return "success", None
    if isinstance(output, str) and output.startswith("Error:"):
        return "rejected", output
    return "success", None


def _coerce_numbers(value: Any) -> Any:
    """Replace Decimal / mpmath numbers (MathAPI) by floats, or strings when they are complex."""
    if isinstance(value, dict):
        return {k: _coerce_numbers(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_coerce_numbers(v) for v in value]
    if isinstance(value, (str, bool, int, float)) or value is None:
        return value
    if isinstance(value, Decimal) or hasattr(value, "__float__"):
        try:
            return float(value)
        except (TypeError, ValueError, OverflowError):
            return str(value)
    if hasattr(value, "__complex__"):
        return str(value)
    return value


# --------------------------------------------------------------------------- snapshots


class BFCLSnapshot:
    """An immutable copy of a BFCL state: per class, its pickled attributes and generator states."""

    __slots__ = ("parts",)

    def __init__(self, parts: tuple[tuple[str, type, bytes, tuple[tuple[str, Any], ...]], ...]) -> None:
        self.parts = parts

    def __repr__(self) -> str:
        return f"BFCLSnapshot(classes={[p[0] for p in self.parts]}, bytes={sum(len(p[2]) for p in self.parts)})"


_SET_REPR = re.compile(r"\{('[^'{}]*'(?:, '[^'{}]*')+)\}")


def _sorted_set_reprs(value: Any) -> Any:
    """Sort the items of Python set reprs that tools write into their messages.

    Some BFCL replies format a set ("Must be one of {'first', 'economy', 'business'}"), whose order
    follows the process's string hash seed; sorted, the same call gives the same record in every
    process, which keeps libraries byte-identical across runs and executors."""
    if isinstance(value, str):
        return _SET_REPR.sub(lambda m: "{" + ", ".join(sorted(m.group(1).split(", "))) + "}", value) if "{'" in value else value
    if isinstance(value, list):
        return [_sorted_set_reprs(v) for v in value]
    if isinstance(value, dict):
        return {k: _sorted_set_reprs(v) for k, v in value.items()}
    return value


# --------------------------------------------------------------------------- sandbox scenario

# The sandbox a tester would be handed for induction: BFCL's built-in defaults for every class,
# except that the file system (empty by default) holds a small generic tree, because its tools act
# on the current directory only ("No path is allowed") and an empty tree can show no navigation.
# It is written for this package, from no benchmark task.
SANDBOX_SCENARIO: dict[str, Any] = {
    "GorillaFileSystem": {
        "root": {
            "sandbox": {
                "type": "directory",
                "contents": {
                    "notes.txt": {"type": "file", "content": "alpha line\nbeta line\ngamma line"},
                    "reports": {
                        "type": "directory",
                        "contents": {
                            "summary.txt": {"type": "file", "content": "total 42\nstatus ok"},
                            "draft.txt": {"type": "file", "content": "total 40\nstatus pending"},
                        },
                    },
                    "archive": {"type": "directory", "contents": {}},
                },
            }
        }
    }
}


# --------------------------------------------------------------------------- the runtime


class BFCLRuntime(Runtime):
    """The BFCL classes behind the :class:`Runtime` protocol (see the module docstring).

    ``initial_config`` maps class names to scenario dicts (a BFCL task's ``initial_config``); it is
    deep-copied, so the caller's dict is never aliased into a sandbox. ``classes`` selects a subset
    (default: the classes of ``catalog``, or all 8). ``catalog`` defaults to
    :func:`~llama_index_libra.benchmarks.bfcl.load_bfcl_catalog` restricted to those classes.
    """

    calls_out_of_process = False  # the BFCL classes run in this process: isolate their calls

    def __init__(
        self,
        initial_config: Mapping[str, Any] | None = None,
        *,
        catalog: ToolCatalog | None = None,
        classes: Iterable[str] | None = None,
        long_context: bool = False,
        timeout_s: float | None = 5.0,
        name: str = "bfcl",
    ) -> None:
        self.name = name
        self.default_timeout_s = timeout_s
        self.long_context = bool(long_context)
        if classes is None and catalog is not None:
            classes = {t.namespace for t in catalog}
        selected = set(BFCL_CLASS_NAMES if classes is None else classes)
        unknown = selected - set(BFCL_CLASS_NAMES)
        if unknown:
            raise ValueError(f"unknown BFCL classes {sorted(unknown)}; choose from {list(BFCL_CLASS_NAMES)}")
        self.classes: tuple[str, ...] = tuple(c for c in BFCL_CLASS_NAMES if c in selected)
        if not self.classes:
            raise ValueError("BFCLRuntime needs at least one class")
        self._types = {c: _import_class(c) for c in self.classes}

        if catalog is None:
            catalog = load_bfcl_catalog()
        self.catalog = catalog.subset(t.name for t in catalog if t.namespace in self.classes)
        self._dispatch: dict[str, tuple[str, str, dict[str, Any]]] = {}
        problems = []
        for spec in self.catalog:
            cls_name, method = spec.namespace, spec.short_name
            fn = getattr(self._types[cls_name], method, None) if cls_name in self._types else None
            if fn is None or method.startswith("_") or not callable(fn):
                problems.append(spec.name)
                continue
            self._dispatch[spec.name] = (cls_name, method, mutable_defaults(fn))
        if problems:
            raise ValueError(f"catalog tools without a BFCL method: {', '.join(problems)}")

        config = copy.deepcopy(dict(initial_config or {}))
        template: dict[str, Any] = {}
        for cls_name in self.classes:
            instance = self._types[cls_name]()
            scenario = config.get(cls_name) or {}
            if not isinstance(scenario, Mapping):
                raise TypeError(f"initial_config[{cls_name!r}] must be a dict, got {type(scenario).__name__}")
            if hasattr(instance, "_load_scenario"):
                instance._load_scenario(dict(scenario), long_context=self.long_context)
            template[cls_name] = instance
        self._fresh_snapshot = self.snapshot(template)
        self.fixtures: dict[str, Any] = self._read_fixtures(template)

    # ---- state

    def fresh(self) -> dict[str, Any]:
        """A new state equal to the configured initial state (a restore of the construction snapshot)."""
        return self.restore(self._fresh_snapshot)

    def snapshot(self, state: Mapping[str, Any]) -> BFCLSnapshot:
        """Pickle each instance's attributes; copy its random generators by ``getstate()``."""
        parts = []
        for cls_name, instance in state.items():
            attrs = vars(instance)
            generators = tuple((k, v.getstate()) for k, v in attrs.items() if isinstance(v, random.Random))
            if generators:
                skip = {k for k, _ in generators}
                attrs = {k: v for k, v in attrs.items() if k not in skip}
            parts.append((cls_name, type(instance), pickle.dumps(attrs, protocol=pickle.HIGHEST_PROTOCOL), generators))
        return BFCLSnapshot(tuple(parts))

    def restore(self, snap: BFCLSnapshot) -> dict[str, Any]:
        """A new state equal to ``snap`` (whose bytes are immutable, so it stays reusable)."""
        state: dict[str, Any] = {}
        for cls_name, cls, data, generators in snap.parts:
            instance = cls.__new__(cls)
            attrs = pickle.loads(data)
            for key, gen_state in generators:
                generator = random.Random.__new__(random.Random)
                generator.setstate(gen_state)
                attrs[key] = generator
            instance.__dict__.update(attrs)
            state[cls_name] = instance
        return state

    def view(self, state: Mapping[str, Any], partition: str | None = None) -> dict[str, Any]:
        """``{class: public data}`` for every class, or only for class ``partition``.

        A partition view keeps its class key, so ``state_changes`` paths read the same as in the
        full view (``$.VehicleControlAPI.doorStatus.driver``).
        """
        if partition:
            if partition not in state:
                raise KeyError(f"no BFCL class {partition!r} in this state (classes: {list(state)})")
            return {partition: instance_view(partition, state[partition])}
        return {cls_name: instance_view(cls_name, inst) for cls_name, inst in state.items()}

    def partition_of(self, tool: str) -> str:
        """The tool's class name."""
        entry = self._dispatch.get(tool)
        if entry is None:
            self.check_tool(tool)
            raise KeyError(f"unknown BFCL tool {tool!r}")
        return entry[0]

    # ---- calls

    def _invoke(self, state: Any, tool: str, arguments: dict[str, Any]) -> Any:
        cls_name, method, defaults = self._dispatch[tool]
        for param, default in defaults.items():
            if param not in arguments:
                arguments[param] = copy.deepcopy(default)
        return getattr(state[cls_name], method)(**arguments)

    def _jsonify(self, tool: str, raw: Any) -> Any:
        try:
            out = to_jsonable(raw)
        except TypeError:
            out = to_jsonable(_coerce_numbers(raw))
        return _sorted_set_reprs(out)

    def _classify(self, tool: str, output: Any) -> tuple[Status, str | None]:
        return classify_bfcl_output(tool, output)

    # ---- fixtures

    def _read_fixtures(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """Public facts of the initial state per class, dropping empty and unset values."""
        fixtures: dict[str, Any] = {}
        for cls_name, instance in state.items():
            facts = {k: v for k, v in class_fixtures(cls_name, instance).items() if v not in (None, [], {}, "")}
            if facts:
                fixtures[cls_name] = to_jsonable(facts)
        return fixtures


def sandbox_runtime(**kwargs: Any) -> BFCLRuntime:
    """The runtime induction explores for the BFCL benchmark: :class:`BFCLRuntime` over
    :data:`SANDBOX_SCENARIO` (BFCL's defaults plus a small file tree; no benchmark task in it)."""
    kwargs.setdefault("initial_config", SANDBOX_SCENARIO)
    return BFCLRuntime(**kwargs)
