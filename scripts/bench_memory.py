"""Peak memory (RSS) of a loaded LibraRetriever: BFCL with its default library and the packaged
MiniLM encoder, measured in a fresh process so nothing else is counted.

    python scripts/bench_memory.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

CHILD = r"""
import json, resource
from llama_index_libra.benchmarks import load_benchmark
from llama_index_libra.benchmarks.libraries import default_library
from llama_index_libra.adapters import LibraRetriever
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
bench = load_benchmark("bfcl")
library = default_library("bfcl", catalog=bench.catalog)
retriever = LibraRetriever.from_catalog(bench.catalog, library=library)
retriever.retrieve("lock the doors and start the engine")
print(json.dumps({"after_imports_mb": base / 1024, "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

if __name__ == "__main__":
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    out = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, env=env, check=True)
    data = json.loads(out.stdout.strip().splitlines()[-1])
    print(f"loaded BFCL LibraRetriever (MiniLM + default library): peak RSS {data['peak_rss_mb']:.0f} MB "
          f"({data['after_imports_mb']:.0f} MB after imports)")
