"""Runtimes: resettable sandboxes that execute catalog tools and normalize every call.

:class:`Runtime` is the protocol the induction engine runs against (:mod:`.base`), with its JSON views
(:mod:`.views`), in-process timeouts (:mod:`.timeouts`), supervised call isolation (:mod:`.isolation`)
and process sandboxing (:mod:`.sandbox`). :class:`PythonRuntime` runs a user's own Python tools over a
state object, :class:`~.outofprocess.SubprocessRuntime` tools in another interpreter, and
:mod:`.loader` resolves ``--runtime MODULE:FACTORY``. Benchmark runtimes live beside their benchmarks
(``llama_index_libra.benchmarks.bfcl.BFCLRuntime``, also ``llama_index_libra.BFCLRuntime``).
"""

from llama_index_libra.runtime.base import Runtime, diff_views, json_path_child, jsonable_view
from llama_index_libra.runtime.python import PythonRuntime

__all__ = [
    "Runtime",
    "PythonRuntime",
    "diff_views",
    "json_path_child",
    "jsonable_view",
]
