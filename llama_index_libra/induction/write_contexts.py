"""Which transitions of a provider get a state test: a few per context of the write.

A state test runs every consumer of the provider's partition before and after one of its calls
(:meth:`.counterfactual.CounterfactualTests.state_tests`), about a hundred runs. The same write
repeated from many states mostly repeats the same test: on one 39-tool catalog, 55,641 of its 59,165
state runs came after the last transition that admitted a new consumer. So a provider's transition
is tested only while fewer than :data:`STATE_TESTS_PER_CONTEXT` of its transitions with the same
context were. The context of a write is what can change its effect, or what the consumers can do
after it:

- which inputs the call was given (a template's optional input: ``texts_ok``, ``needs_delivery``);
- the values of its switches and enumerations (booleans, documented choices);
- who acts or is acted for: the values the tester handed (a person's e-mail and mailed code, a new
  customer's details), and every argument of a call that presents a secret (each person a sign-in
  opens other tools to);
- the tools the path to the state ran (a commit on a branch the path created).

The other values (names, ids, free text) are not part of it: they say which record, not what
happens. The choice is the master's, made from the transitions alone before any test runs, so every
executor, worker count and budget skips the same tests.
"""

from __future__ import annotations

from typing import Any, Collection, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.vocabulary import names_secret

__all__ = ["STATE_TESTS_PER_CONTEXT", "write_context", "is_switch"]

# state tests per provider and context of its write (module docstring)
STATE_TESTS_PER_CONTEXT = 2


def is_switch(schema: Any) -> bool:
    """Whether an input's schema is a switch or a closed choice: a boolean or an enumeration,
    also inside ``anyOf``/``oneOf`` (an optional ``Literal``)."""
    if not isinstance(schema, Mapping):
        return False
    if schema.get("type") == "boolean" or "enum" in schema or "const" in schema:
        return True
    return any(is_switch(s) for key in ("anyOf", "oneOf") for s in schema.get(key) or ())


def write_context(spec: ToolSpec | None, args: Mapping[str, Any], path: Any, handed: Collection[str] = ()) -> str:
    """The context of a state-changing call ``args`` of ``spec`` made at the end of ``path`` (the
    steps that led to the state it ran in), as a canonical key (module docstring); ``handed``: the
    canonical JSON of the values the tester handed."""
    props = ((spec.parameters or {}).get("properties") or {}) if spec is not None else {}
    secret = any(names_secret(name) for name in args)
    chosen = {name: value for name, value in args.items()
              if secret or isinstance(value, bool) or is_switch(props.get(name)) or canonical_json(value) in handed}
    tools = sorted({step["tool"] for step in path or ()})
    return canonical_json([sorted(args), chosen, tools])
