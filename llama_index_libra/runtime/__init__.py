"""Runtimes: resettable sandboxes that execute catalog tools and normalize every call.

:class:`Runtime` is the protocol the induction engine runs against; :class:`BFCLRuntime` wraps the
8 classic BFCL classes and :class:`PythonRuntime` a user's own Python tools over a state object.
"""

from llama_index_libra.runtime.base import Runtime, diff_views, json_path_child, jsonable_view
from llama_index_libra.runtime.bfcl import BFCLRuntime, classify_bfcl_output
from llama_index_libra.runtime.python import PythonRuntime

__all__ = [
    "Runtime",
    "BFCLRuntime",
    "PythonRuntime",
    "diff_views",
    "json_path_child",
    "jsonable_view",
    "classify_bfcl_output",
]
