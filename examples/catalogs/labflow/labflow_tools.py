"""LabFlow: a lab workstation and its data pipeline (41 tools) over an in-memory state object.

A workstation file system (working directory, listings, files, grep, diff, checksums), a
laboratory information system (API-key sign-in, projects and membership, samples with check-digit
barcodes, plates and wells, instrument reservations, instrument runs in a dry-run-by-default mode)
and a data pipeline (upload -> conversion job -> validation -> analysis job -> report). Every tool
that touches the state takes it as ``state``. File-system tools raise ``FileNotFoundError``,
``NotADirectoryError`` or ``FileExistsError`` as a shell would; the LIMS endpoints refuse with
``{"error": ...}``; a few replies are JSON text or are not described in the docstring.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind. ``FRESH_STATES`` adds a workstation whose dry-run safety switch is already off.
"""

from __future__ import annotations

import copy
import hashlib
import json
import posixpath
import re
from dataclasses import dataclass, field
from typing import Optional

LAB_NOW = 1764590400  # the LIMS clock: 2025-12-01 12:00 UTC; fixed so that runs are reproducible

_PLATE_01 = "well,sample,od600\nA1,S-17,0.412\nA2,S-18,0.398\nB7,S-31,1.204\n"
_PLATE_02 = "well,sample,od600\nA1,S-17,0.415\nA2,S-18,0.377\nB7,S-31,1.190\n"


def _seed_fs() -> dict:
    return {
        "/home/lab": {"type": "dir"},
        "/home/lab/runs": {"type": "dir"},
        "/home/lab/runs/2025-11-30": {"type": "dir"},
        "/home/lab/runs/2025-11-30/plate_01.csv": {"type": "file", "content": _PLATE_01},
        "/home/lab/runs/2025-11-30/plate_02.csv": {"type": "file", "content": _PLATE_02},
        "/home/lab/scratch": {"type": "dir"},
    }


@dataclass
class LabState:
    cwd: str = "/home/lab"
    fs: dict = field(default_factory=_seed_fs)
    api_keys: dict = field(default_factory=lambda: {"lk_live_7Hq2Vd9xR4": "j.osei"})
    tokens: dict = field(default_factory=dict)
    projects: dict = field(default_factory=lambda: {
        "PRJ-ONC-7": {"title": "Oncology screen 7", "members": ["m.ivanova"], "open": True},
        "PRJ-NEU-2": {"title": "Neuro pilot", "members": ["m.ivanova"], "open": False},
    })
    datasets: dict = field(default_factory=dict)
    jobs: dict = field(default_factory=dict)
    samples: dict = field(default_factory=dict)
    plates: dict = field(default_factory=dict)
    instruments: dict = field(default_factory=lambda: {
        "INS-PR-01": {"name": "Plate reader (Spark)", "kind": "plate_reader"},
        "INS-QP-02": {"name": "qPCR cycler", "kind": "qpcr"},
    })
    reservations: dict = field(default_factory=dict)
    runs: dict = field(default_factory=dict)
    dry_run: bool = True
    now: int = LAB_NOW
    counter: int = 300


State = LabState


def live_mode_state() -> LabState:
    """A workstation whose dry-run safety switch has already been turned off."""
    s = LabState()
    s.dry_run = False
    return s


FRESH_STATES = {"default": LabState, "live_mode": live_mode_state}


def _next(state: LabState, prefix: str) -> str:
    state.counter += 1
    return f"{prefix}{state.counter}"


def _path(state: LabState, name: str) -> str:
    return posixpath.normpath(posixpath.join(state.cwd, name))


def _file(state: LabState, filename: str) -> dict:
    """A file of the working directory, by its plain name (as the file tools document)."""
    if "/" in filename:
        raise FileNotFoundError(f"{filename}: give a plain file name of the working directory ({state.cwd})")
    node = state.fs.get(_path(state, filename))
    if node is None:
        raise FileNotFoundError(f"{filename}: no such file in {state.cwd}")
    if node["type"] != "file":
        raise IsADirectoryError(f"{filename} is a directory")
    return node


def _user(state: LabState, token: str) -> Optional[str]:
    return state.tokens.get(token)


def _denied() -> dict:
    return {"error": "401 unauthorized: invalid or expired token"}


# ----------------------------------------------------------------------------- workstation file system

def get_working_directory(state: LabState) -> dict:
    """The current working directory of the workstation shell."""
    return {"cwd": state.cwd}


def list_directory(path: str = ".", state: LabState = None) -> dict:
    """List the entries (files and folders) of a directory, by default the working directory."""
    base = _path(state, path)
    if state.fs.get(base, {}).get("type") != "dir":
        raise NotADirectoryError(f"{path}: not a directory")
    entries = [{"name": posixpath.basename(p), "type": n["type"]} for p, n in sorted(state.fs.items())
               if posixpath.dirname(p) == base and p != base]
    return {"path": base, "entries": entries}


def make_directory(name: str, state: LabState) -> dict:
    """Create a new folder in the working directory."""
    if not re.fullmatch(r"[A-Za-z0-9_.-]{1,64}", name):
        return {"error": "folder names may use letters, digits, '_', '.' and '-'"}
    p = _path(state, name)
    if p in state.fs:
        raise FileExistsError(f"{name} already exists")
    state.fs[p] = {"type": "dir"}
    return {"created": p}


def change_directory(path: str, state: LabState) -> dict:
    """Change the working directory (relative paths, '..' and absolute paths work)."""
    p = _path(state, path)
    if state.fs.get(p, {}).get("type") != "dir":
        raise NotADirectoryError(f"{path}: no such directory")
    state.cwd = p
    return {"cwd": p}


def write_file(filename: str, content: str, state: LabState) -> dict:
    """Create or overwrite a text file in the working directory."""
    if "/" in filename or not filename.strip():
        return {"error": "filename must be a plain name in the working directory"}
    state.fs[_path(state, filename)] = {"type": "file", "content": content}
    return {"written": filename, "bytes": len(content.encode())}


def read_file(filename: str, state: LabState) -> dict:
    """Read a text file of the working directory."""
    return {"filename": filename, "content": _file(state, filename)["content"]}


def search_in_file(filename: str, pattern: str, state: LabState) -> dict:
    """Lines of a file in the working directory that contain pattern (like grep)."""
    lines = _file(state, filename)["content"].splitlines()
    return {"matches": [{"line": i + 1, "text": t} for i, t in enumerate(lines) if pattern in t]}


def compare_files(file_a: str, file_b: str, state: LabState) -> dict:
    """Line-by-line differences between two files of the working directory (like diff)."""
    a = _file(state, file_a)["content"].splitlines()
    b = _file(state, file_b)["content"].splitlines()
    diffs = [{"line": i + 1, "a": x, "b": y} for i, (x, y) in enumerate(zip(a, b)) if x != y]
    diffs += [{"line": i + 1, "a": x, "b": None} for i, x in enumerate(a[len(b):], start=len(b))]
    diffs += [{"line": i + 1, "a": None, "b": y} for i, y in enumerate(b[len(a):], start=len(a))]
    return {"identical": not diffs, "differences": diffs}


def copy_file(source: str, destination_dir: str, state: LabState) -> dict:
    """Copy a file of the working directory into another existing folder."""
    node = _file(state, source)
    d = _path(state, destination_dir)
    if state.fs.get(d, {}).get("type") != "dir":
        raise NotADirectoryError(f"{destination_dir}: no such directory")
    state.fs[posixpath.join(d, posixpath.basename(source))] = copy.deepcopy(node)
    return {"copied": posixpath.join(d, posixpath.basename(source))}


def remove_file(filename: str, state: LabState) -> dict:
    """Delete a file of the working directory."""
    _file(state, filename)
    del state.fs[_path(state, filename)]
    return {"removed": filename}


def checksum_file(filename: str, state: LabState) -> dict:
    """SHA-256 checksum of a file in the working directory (the LIMS checks it on upload)."""
    return {"filename": filename, "sha256": hashlib.sha256(_file(state, filename)["content"].encode()).hexdigest()}


# ----------------------------------------------------------------------------- LIMS: auth, projects

def request_token(api_key: str, state: LabState) -> dict:
    """Exchange the personal API key for a bearer token for the LIMS endpoints."""
    user = state.api_keys.get(api_key)
    if user is None:
        return {"error": "invalid api key"}
    token = "lims_" + hashlib.sha1(f"{api_key}{state.counter}".encode()).hexdigest()[:18]
    state.counter += 1
    state.tokens[token] = user
    return {"access_token": token, "token_type": "Bearer", "user": user}


def list_projects(token: str, state: LabState) -> dict:
    """Projects of the lab, with whether you are a member."""
    user = _user(state, token)
    if user is None:
        return _denied()
    return {"projects": [{"project_id": pid, "title": p["title"], "member": user in p["members"], "open": p["open"]}
                         for pid, p in state.projects.items()]}


def join_project(token: str, project_id: str, state: LabState) -> dict:
    """Join an open project (closed projects need an invitation)."""
    user = _user(state, token)
    if user is None:
        return _denied()
    p = state.projects.get(project_id)
    if p is None:
        return {"error": f"404 no project {project_id}"}
    if not p["open"]:
        return {"error": "403 project is closed: ask its owner for an invitation"}
    if user not in p["members"]:
        p["members"].append(user)
    return {"project_id": project_id, "member": True}


# ----------------------------------------------------------------------------- LIMS: data pipeline

def upload_dataset(token: str, project_id: str, filename: str, sha256: str, state: LabState) -> dict:
    """Upload a CSV file of the working directory to a project you belong to, with its SHA-256 checksum."""
    user = _user(state, token)
    if user is None:
        return _denied()
    p = state.projects.get(project_id)
    if p is None:
        return {"error": f"404 no project {project_id}"}
    if user not in p["members"]:
        return {"error": "403 you are not a member of this project"}
    content = _file(state, filename)["content"]
    if hashlib.sha256(content.encode()).hexdigest() != sha256:
        return {"error": "422 checksum mismatch"}
    did = _next(state, "ds_")
    state.datasets[did] = {"project_id": project_id, "name": filename, "format": "csv", "content": content,
                           "validated": False, "owner": user, "shared_with": []}
    return {"dataset_id": did, "format": "csv"}


def list_datasets(token: str, project_id: str, state: LabState) -> dict:
    """Datasets of a project."""
    if _user(state, token) is None:
        return _denied()
    return {"datasets": [{"dataset_id": d, "name": v["name"], "format": v["format"], "validated": v["validated"]}
                         for d, v in state.datasets.items() if v["project_id"] == project_id]}


def get_dataset_metadata(dataset_id: str, state: LabState) -> str:
    """Metadata of a dataset as a JSON document (name, format, row count, validation)."""
    d = state.datasets.get(dataset_id)
    if d is None:
        raise KeyError(f"no dataset {dataset_id}")
    return json.dumps({"dataset_id": dataset_id, "name": d["name"], "format": d["format"],
                       "rows": max(d["content"].count("\n") - 1, 0), "validated": d["validated"]})


def start_conversion(token: str, dataset_id: str, target_format: str, state: LabState) -> dict:
    """Start a job that converts a dataset to 'parquet' or 'tsv'. Returns the job_id to poll."""
    if _user(state, token) is None:
        return _denied()
    d = state.datasets.get(dataset_id)
    if d is None:
        return {"error": f"404 no dataset {dataset_id}"}
    if target_format not in ("parquet", "tsv"):
        return {"error": "422 target_format must be parquet or tsv"}
    if d["format"] == target_format:
        return {"error": f"409 dataset is already {target_format}"}
    job_id = _next(state, "job-")
    state.jobs[job_id] = {"kind": "conversion", "source": dataset_id, "target_format": target_format, "result": None}
    return {"job_id": job_id, "status": "queued"}


def get_job_status(job_id: str, state: LabState) -> dict:
    """Poll a pipeline job."""
    job = state.jobs.get(job_id)
    if job is None:
        return {"error": f"404 no job {job_id}"}
    if job["result"] is None:  # the workers finish any job before its first poll
        src = state.datasets[job["source"]]
        rid = _next(state, "ds_")
        state.datasets[rid] = {**copy.deepcopy(src), "format": job["target_format"], "validated": False,
                               "name": src["name"].rsplit(".", 1)[0] + "." + job["target_format"]}
        job["result"] = rid
    return {"job_id": job_id, "status": "succeeded", "result_dataset_id": job["result"]}


def validate_dataset(token: str, dataset_id: str, state: LabState) -> dict:
    """Validate a parquet dataset against the lab's schema (well, sample, od600); analyses need a validated dataset."""
    if _user(state, token) is None:
        return _denied()
    d = state.datasets.get(dataset_id)
    if d is None:
        return {"error": f"404 no dataset {dataset_id}"}
    if d["format"] != "parquet":
        return {"error": "422 only parquet datasets can be validated: convert it first"}
    header = d["content"].splitlines()[0] if d["content"] else ""
    if header != "well,sample,od600":
        return {"error": "422 schema mismatch: expected columns well, sample, od600"}
    d["validated"] = True
    return {"dataset_id": dataset_id, "valid": True, "rows": d["content"].count("\n") - 1}


def run_analysis(token: str, dataset_id: str, method: str, state: LabState) -> dict:
    """Start an analysis ('growth_curve', 'dose_response' or 'outliers') on a validated dataset."""
    if _user(state, token) is None:
        return _denied()
    d = state.datasets.get(dataset_id)
    if d is None:
        return {"error": f"404 no dataset {dataset_id}"}
    if method not in ("growth_curve", "dose_response", "outliers"):
        return {"error": "422 unknown method"}
    if not d["validated"]:
        return {"error": "409 dataset is not validated"}
    job_id = _next(state, "ajob-")
    state.jobs[job_id] = {"kind": "analysis", "dataset_id": dataset_id, "method": method, "result": None}
    return {"analysis_job_id": job_id, "status": "running"}


def get_analysis_result(analysis_job_id: str, state: LabState) -> dict:
    """Result of an analysis job: a result_id and summary statistics."""
    job = state.jobs.get(analysis_job_id)
    if job is None or job["kind"] != "analysis":
        return {"error": f"404 no analysis job {analysis_job_id}"}
    if job["result"] is None:
        job["result"] = _next(state, "res-")
    values = [float(line.split(",")[2]) for line in state.datasets[job["dataset_id"]]["content"].splitlines()[1:]]
    return {"result_id": job["result"], "method": job["method"], "n": len(values),
            "summary": {"mean_od600": round(sum(values) / len(values), 4), "max_od600": max(values)}}


def export_report(token: str, result_id: str, file_format: str = "pdf", state: LabState = None) -> dict:
    """Export an analysis result as a 'pdf' or 'html' report. Returns a download URL."""
    if _user(state, token) is None:
        return _denied()
    if not any(j.get("result") == result_id for j in state.jobs.values() if j["kind"] == "analysis"):
        return {"error": f"404 no result {result_id}"}
    if file_format not in ("pdf", "html"):
        return {"error": "422 file_format must be pdf or html"}
    return {"report_url": f"https://lims.example/reports/{result_id}.{file_format}"}


def share_dataset(token: str, dataset_id: str, colleague_email: str, state: LabState) -> dict:
    """Share one of your datasets with a colleague (read-only)."""
    user = _user(state, token)
    if user is None:
        return _denied()
    d = state.datasets.get(dataset_id)
    if d is None or d["owner"] != user:
        return {"error": f"404 no dataset {dataset_id} of yours"}
    if not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", colleague_email):
        return {"error": "422 invalid email"}
    d["shared_with"].append(colleague_email)
    return {"dataset_id": dataset_id, "shared_with": list(d["shared_with"])}


def delete_dataset(token: str, dataset_id: str, state: LabState) -> dict:
    """Delete one of your datasets."""
    user = _user(state, token)
    if user is None:
        return _denied()
    d = state.datasets.get(dataset_id)
    if d is None or d["owner"] != user:
        return {"error": f"404 no dataset {dataset_id} of yours"}
    del state.datasets[dataset_id]
    return {"deleted": dataset_id}


# ----------------------------------------------------------------------------- LIMS: samples and plates

def generate_barcode(sequence_number: int) -> dict:
    """The sample barcode for a sequence number: 'LAB-' + 6 digits + '-' + a mod-10 check digit."""
    if not 1 <= sequence_number <= 999_999:
        return {"error": "sequence_number must be between 1 and 999999"}
    digits = f"{sequence_number:06d}"
    check = sum(int(c) * (3 if i % 2 else 1) for i, c in enumerate(digits)) % 10
    return {"barcode": f"LAB-{digits}-{check}"}


def register_sample(token: str, name: str, barcode: str, state: LabState) -> dict:
    """Register a physical sample with its printed barcode ('LAB-000123-7'). Returns sample_id."""
    if _user(state, token) is None:
        return _denied()
    m = re.fullmatch(r"LAB-(\d{6})-(\d)", barcode)
    if not m or generate_barcode(int(m.group(1))).get("barcode") != barcode:
        return {"error": "422 barcode check digit is wrong"}
    if any(s["barcode"] == barcode for s in state.samples.values()):
        return {"error": "409 barcode already registered"}
    sid = _next(state, "SMP-")
    state.samples[sid] = {"name": name, "barcode": barcode}
    return {"sample_id": sid, "barcode": barcode}


def create_plate(token: str, plate_type: str, state: LabState) -> dict:
    """Create an empty plate of type '96-well' or '384-well'. Returns plate_id."""
    if _user(state, token) is None:
        return _denied()
    if plate_type not in ("96-well", "384-well"):
        return {"error": "422 plate_type must be 96-well or 384-well"}
    pid = _next(state, "PL-")
    rows, cols = (8, 12) if plate_type == "96-well" else (16, 24)
    state.plates[pid] = {"type": plate_type, "rows": rows, "cols": cols, "wells": {}, "sealed": False}
    return {"plate_id": pid, "rows": rows, "columns": cols}


def parse_well_label(label: str) -> dict:
    """Split a well label such as 'B7' into its 1-based row number (B -> 2) and column number (7)."""
    m = re.fullmatch(r"([A-Pa-p])(\d{1,2})", label.strip())
    if not m:
        return {"error": "a well label is a row letter A-P and a column number, e.g. B7"}
    return {"row": ord(m.group(1).upper()) - 64, "column": int(m.group(2))}


def assign_sample_to_well(token: str, plate_id: str, row: int, column: int, sample_id: str, state: LabState) -> dict:
    """Put a registered sample in a well given by its row and column numbers (1-based)."""
    if _user(state, token) is None:
        return _denied()
    p = state.plates.get(plate_id)
    if p is None:
        return {"error": f"404 no plate {plate_id}"}
    if p["sealed"]:
        return {"error": "409 plate is sealed"}
    if not (1 <= row <= p["rows"] and 1 <= column <= p["cols"]):
        return {"error": f"422 no well at row {row}, column {column} on a {p['type']} plate"}
    if sample_id not in state.samples:
        return {"error": f"404 no sample {sample_id}"}
    if (row, column) in p["wells"]:
        return {"error": "409 well already filled"}
    p["wells"][(row, column)] = sample_id
    return {"plate_id": plate_id, "well": f"{chr(64 + row)}{column}", "sample_id": sample_id}


def list_plate_contents(plate_id: str, state: LabState) -> dict:
    p = state.plates.get(plate_id)
    if p is None:
        return {"error": f"404 no plate {plate_id}"}
    return {"plate_id": plate_id, "sealed": p["sealed"],
            "wells": [{"well": f"{chr(64 + r)}{c}", "sample_id": s} for (r, c), s in sorted(p["wells"].items())]}


def seal_plate(token: str, plate_id: str, state: LabState) -> dict:
    """Seal a plate for a run; an empty plate cannot be sealed."""
    if _user(state, token) is None:
        return _denied()
    p = state.plates.get(plate_id)
    if p is None:
        return {"error": f"404 no plate {plate_id}"}
    if not p["wells"]:
        return {"error": "409 plate is empty"}
    p["sealed"] = True
    return {"plate_id": plate_id, "sealed": True}


# ----------------------------------------------------------------------------- LIMS: instruments

def list_instruments(state: LabState) -> dict:
    """Instruments that can be reserved."""
    return {"instruments": [{"instrument_id": i, **v} for i, v in state.instruments.items()]}


def get_lab_time(state: LabState) -> dict:
    """The LIMS clock as a Unix timestamp (seconds, UTC)."""
    return {"timestamp": state.now}


def reserve_instrument(token: str, instrument_id: str, start_timestamp: int, hours: int, state: LabState) -> dict:
    """Book an instrument from start_timestamp (Unix seconds, from now up to 14 days ahead) for 1 to 8 hours."""
    user = _user(state, token)
    if user is None:
        return _denied()
    if instrument_id not in state.instruments:
        return {"error": f"404 no instrument {instrument_id}"}
    if not state.now <= start_timestamp <= state.now + 14 * 86400:
        return {"error": "422 start_timestamp must be between now and 14 days from now"}
    if not 1 <= hours <= 8:
        return {"error": "422 hours must be between 1 and 8"}
    rid = _next(state, "RSV-")
    state.reservations[rid] = {"instrument_id": instrument_id, "start": start_timestamp, "end": start_timestamp + 3600 * hours,
                               "user": user, "active": True}
    return {"reservation_id": rid, "start": start_timestamp, "end": start_timestamp + 3600 * hours}


def cancel_reservation(token: str, reservation_id: str, state: LabState) -> dict:
    """Cancel one of your instrument reservations."""
    user = _user(state, token)
    if user is None:
        return _denied()
    r = state.reservations.get(reservation_id)
    if r is None or not r["active"] or r["user"] != user:
        return {"error": f"404 no active reservation {reservation_id}"}
    r["active"] = False
    return {"cancelled": reservation_id}


def set_dry_run(enabled: bool, state: LabState) -> dict:
    """Dry-run mode (on by default on this workstation) simulates instrument commands without moving hardware."""
    state.dry_run = bool(enabled)
    return {"dry_run": state.dry_run}


def start_instrument_run(token: str, reservation_id: str, plate_id: str, state: LabState) -> dict:
    """Run a sealed plate on the instrument of a reservation that is active now."""
    user = _user(state, token)
    if user is None:
        return _denied()
    if state.dry_run:
        return {"error": "dry-run mode is on: nothing was sent to the instrument"}
    r = state.reservations.get(reservation_id)
    if r is None or not r["active"] or r["user"] != user:
        return {"error": f"404 no active reservation {reservation_id}"}
    if not r["start"] <= state.now < r["end"]:
        return {"error": "409 the reservation is not running now"}
    p = state.plates.get(plate_id)
    if p is None:
        return {"error": f"404 no plate {plate_id}"}
    if not p["sealed"]:
        return {"error": "409 plate must be sealed"}
    run_id = _next(state, "RUN-")
    state.runs[run_id] = {"plate_id": plate_id, "instrument_id": r["instrument_id"]}
    return {"run_id": run_id, "status": "completed"}


def download_run_output(run_id: str, state: LabState) -> dict:
    """Save a completed run's measurements as a CSV file in the working directory."""
    run = state.runs.get(run_id)
    if run is None:
        return {"error": f"404 no run {run_id}"}
    wells = state.plates[run["plate_id"]]["wells"]
    rows = [f"{chr(64 + r)}{c},{s},{0.3 + 0.01 * (r * c % 50):.3f}" for (r, c), s in sorted(wells.items())]
    name = f"{run_id.lower()}.csv"
    state.fs[_path(state, name)] = {"type": "file", "content": "well,sample,od600\n" + "\n".join(rows) + "\n"}
    return {"filename": name, "rows": len(rows)}


# ----------------------------------------------------------------------------- calculators

def convert_units(value: float, from_unit: str, to_unit: str) -> dict:
    """Convert a concentration between M, mM, uM and nM, or a volume between L, mL and uL."""
    scale = {"M": 1.0, "mM": 1e-3, "uM": 1e-6, "nM": 1e-9, "L": 1.0, "mL": 1e-3, "uL": 1e-6}
    groups = [{"M", "mM", "uM", "nM"}, {"L", "mL", "uL"}]
    if not any(from_unit in g and to_unit in g for g in groups):
        return {"error": "units must both be concentrations or both volumes"}
    return {"value": value * scale[from_unit] / scale[to_unit], "unit": to_unit}


def compute_dilution(stock_concentration: float, target_concentration: float, final_volume: float) -> dict:
    """C1V1 = C2V2: the volume of stock to dilute to final_volume (same units throughout)."""
    if stock_concentration <= 0 or target_concentration <= 0 or final_volume <= 0:
        return {"error": "all values must be positive"}
    if target_concentration > stock_concentration:
        return {"error": "target is more concentrated than the stock"}
    v1 = target_concentration * final_volume / stock_concentration
    return {"stock_volume": v1, "diluent_volume": final_volume - v1}


TOOLS = [
    get_working_directory, list_directory, make_directory, change_directory, write_file, read_file, search_in_file,
    compare_files, copy_file, remove_file, checksum_file,
    request_token, list_projects, join_project,
    upload_dataset, list_datasets, get_dataset_metadata, start_conversion, get_job_status, validate_dataset,
    run_analysis, get_analysis_result, export_report, share_dataset, delete_dataset,
    generate_barcode, register_sample, create_plate, parse_well_label, assign_sample_to_well, list_plate_contents,
    seal_plate,
    list_instruments, get_lab_time, reserve_instrument, cancel_reservation, set_dry_run, start_instrument_run,
    download_run_output,
    convert_units, compute_dilution,
]

# What a tester is handed: the personal API key, a colleague's email, and the well a sample goes in.
FIXTURES = {"api_key": "lk_live_7Hq2Vd9xR4", "colleague_email": "m.ivanova@lab.example", "well_label": "B7"}

_TOKEN_USERS = ["list_projects", "join_project", "upload_dataset", "list_datasets", "start_conversion",
                "validate_dataset", "run_analysis", "export_report", "share_dataset", "delete_dataset",
                "register_sample", "create_plate", "assign_sample_to_well", "seal_plate", "reserve_instrument",
                "cancel_reservation", "start_instrument_run"]
_FILE_USERS = ["read_file", "search_in_file", "checksum_file", "copy_file", "remove_file", "upload_dataset"]

# (provider, consumer, what): the real prerequisites designed into the catalog.
GROUND_TRUTH = (
    [("request_token", c, "auth: bearer token") for c in _TOKEN_USERS]
    + [("change_directory|write_file", c, "state: the file must be in the working directory (the seeded data are two folders down)")
       for c in _FILE_USERS]
    + [
        ("change_directory|write_file", "compare_files", "two values: two files in the working directory"),
        ("list_directory|make_directory", "change_directory", "id lookup/create: folder name (entries[*].name)"),
        ("list_directory", "search_in_file", "transitive: the data folder is found by listing, then entered"),
        ("list_directory", "compare_files", "transitive: the data folder is found by listing, then entered"),
        ("make_directory", "copy_file", "create-before-use: destination folder (the seeded scratch folder works too, by its absolute path)"),
        ("list_projects", "join_project", "id lookup: projects[*].project_id"),
        ("list_projects", "upload_dataset", "id lookup: project_id"),
        ("join_project", "upload_dataset", "state: project membership"),
        ("checksum_file", "upload_dataset", "format: sha256 of the file"),
        ("upload_dataset", "start_conversion", "provenance: dataset_id"),
        ("upload_dataset", "get_dataset_metadata", "provenance: dataset_id"),
        ("upload_dataset", "share_dataset", "create-before-use: dataset_id"),
        ("upload_dataset", "delete_dataset", "create-before-use: dataset_id"),
        ("start_conversion", "get_job_status", "provenance: job_id"),
        ("get_job_status", "validate_dataset", "provenance: result_dataset_id (only the converted parquet validates)"),
        ("upload_dataset", "validate_dataset", "transitive: through the conversion job"),
        ("get_job_status", "run_analysis", "provenance: converted dataset id"),
        ("validate_dataset", "run_analysis", "state: dataset must be validated"),
        ("run_analysis", "get_analysis_result", "provenance: analysis_job_id"),
        ("get_analysis_result", "export_report", "provenance: result_id"),
        ("run_analysis", "export_report", "transitive: result_id comes from the analysis job"),
        ("generate_barcode", "register_sample", "format: barcode with check digit"),
        ("create_plate", "assign_sample_to_well", "create-before-use: plate_id"),
        ("register_sample", "assign_sample_to_well", "create-before-use: sample_id"),
        ("parse_well_label", "assign_sample_to_well", "two values: row and column from one well label"),
        ("create_plate", "list_plate_contents", "provenance: plate_id"),
        ("create_plate", "seal_plate", "provenance: plate_id"),
        ("assign_sample_to_well", "seal_plate", "state: an empty plate cannot be sealed"),
        ("create_plate", "start_instrument_run", "provenance: plate_id"),
        ("seal_plate", "start_instrument_run", "state: plate must be sealed"),
        ("list_instruments", "reserve_instrument", "id lookup: instruments[*].instrument_id"),
        ("get_lab_time", "reserve_instrument", "format: start_timestamp within 14 days from now"),
        ("reserve_instrument", "cancel_reservation", "provenance: reservation_id"),
        ("reserve_instrument", "start_instrument_run", "provenance: reservation_id (active now)"),
        ("set_dry_run", "start_instrument_run", "state: dry-run off (only set False changes it)"),
        ("start_instrument_run", "download_run_output", "provenance: run_id"),
    ]
)

GROUND_TRUTH_VARIANTS: list = []

# Real dependencies the ground truth does not list.
PLAUSIBLE = {
    ("download_run_output", "upload_dataset"), ("download_run_output", "checksum_file"),
    ("download_run_output", "read_file"), ("download_run_output", "search_in_file"),
    ("download_run_output", "compare_files"), ("download_run_output", "copy_file"),
    ("download_run_output", "remove_file"), ("upload_dataset", "list_datasets"), ("list_datasets", "start_conversion"),
    ("list_datasets", "validate_dataset"), ("list_datasets", "run_analysis"), ("get_job_status", "get_dataset_metadata"),
    ("make_directory", "list_directory"), ("change_directory", "list_directory"), ("write_file", "list_directory"),
    ("list_directory", "read_file"), ("list_directory", "checksum_file"), ("list_directory", "upload_dataset"),
    ("list_projects", "list_datasets"), ("list_directory", "copy_file"), ("get_job_status", "start_conversion"),
    ("list_datasets", "get_dataset_metadata"), ("convert_units", "compute_dilution"),
    ("get_job_status", "share_dataset"), ("get_job_status", "delete_dataset"), ("list_datasets", "share_dataset"),
    ("list_datasets", "delete_dataset"), ("get_working_directory", "change_directory"),
}
