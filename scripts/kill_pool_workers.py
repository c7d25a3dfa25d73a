"""Kill process-pool workers at random points of a BFCL build; every build must finish with the same bytes.

Runs ``libra induce --benchmark bfcl`` (process pool) once undisturbed, then ``--trials`` times while
a killer SIGKILLs one pool worker (a direct child of the build whose command line is a multiprocessing
spawn, never the resource tracker) after a random delay between 5 % and 90 % of the undisturbed wall
time. Prints one line per trial and a summary; exits 1 when a build failed or its library differs.

    python scripts/kill_pool_workers.py --trials 10 [--seed 0] [--field-encoder lexical] [--workers 2]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path


def _children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as fh:
            return [int(p) for p in fh.read().split()]
    except OSError:
        return []


def _cmdline(pid: int) -> bytes:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as fh:
            return fh.read()
    except OSError:
        return b""


def pool_workers(build_pid: int) -> list[int]:
    """The build's pool workers: spawned children, not the resource tracker."""
    return [p for p in _children(build_pid) if b"spawn_main" in _cmdline(p) and b"resource_tracker" not in _cmdline(p)]


def build(out: Path, args: argparse.Namespace, kill_after: float | None, rng: random.Random) -> dict:
    command = [sys.executable, "-m", "llama_index_libra", "induce", "--benchmark", "bfcl", "--out", str(out),
               "--executor", "process", "--workers", str(args.workers), "--field-encoder", args.field_encoder, "--quiet"]
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    t0 = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    killed: list[str] = []

    def killer() -> None:
        time.sleep(kill_after or 0)
        while proc.poll() is None:
            workers = pool_workers(proc.pid)
            if workers:
                victim = rng.choice(workers)
                try:
                    os.kill(victim, signal.SIGKILL)
                    killed.append(f"pid {victim} at {time.perf_counter() - t0:.1f} s")
                except ProcessLookupError:
                    continue
                return
            time.sleep(0.05)  # between two pools, or not started yet

    thread = threading.Thread(target=killer, daemon=True) if kill_after is not None else None
    if thread is not None:
        thread.start()
    stdout, stderr = proc.communicate()
    wall = time.perf_counter() - t0
    if thread is not None:
        thread.join(1)
    digest = hashlib.sha256(out.read_bytes()).hexdigest()[:16] if proc.returncode == 0 and out.exists() else None
    restarted = sum(line.count("a pool worker died mid-build") for line in stderr.splitlines())
    return {"rc": proc.returncode, "wall_s": wall, "digest": digest, "killed": killed, "restarts": restarted,
            "tail": (stderr.strip().splitlines() or [""])[-1][:200]}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--trials", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--field-encoder", default="lexical", help="lexical (default here) or minilm")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="libra-kill-") as folder:
        reference = build(Path(folder) / "undisturbed.json", args, None, rng)
        if reference["rc"] != 0:
            print(f"undisturbed build failed: {reference['tail']}")
            return 1
        print(f"undisturbed: {reference['wall_s']:.1f} s, library {reference['digest']}, load {os.getloadavg()[0]:.1f}")
        failures = 0
        for trial in range(1, args.trials + 1):
            delay = rng.uniform(0.05, 0.9) * reference["wall_s"]
            result = build(Path(folder) / f"trial{trial}.json", args, delay, rng)
            same = result["rc"] == 0 and result["digest"] == reference["digest"]
            failures += not same
            print(f"trial {trial:2d}: kill after {delay:5.1f} s -> {', '.join(result['killed']) or 'no worker alive'}; "
                  f"rc {result['rc']}, {result['wall_s']:.1f} s, pool restarts {result['restarts']}, "
                  f"{'same bytes' if same else 'DIFFERENT: ' + str(result['digest']) + ' ' + result['tail']}; "
                  f"load {os.getloadavg()[0]:.1f}")
        print(f"{args.trials - failures}/{args.trials} trials finished with the undisturbed library's bytes")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
