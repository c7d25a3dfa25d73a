"""Scripted proofs that LabFlow's designed prerequisites are real (checked by examples/catalogs/oracle.py).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values).
"""

from __future__ import annotations

RT = ("request_token", {"api_key": "lk_live_7Hq2Vd9xR4"})
T = "$request_token.access_token"
CD = ("change_directory", {"path": "runs/2025-11-30"})
WRITE = ("write_file", {"filename": "plate_03.csv", "content": "well,sample,od600\nA1,S-40,0.52\nB7,S-41,0.61\n"})
FILE = {"change_directory": ([CD], "plate_01.csv"), "write_file": ([WRITE], "plate_03.csv")}
PROJECT = [("list_projects", {"token": T}), ("join_project", {"token": T, "project_id": "$list_projects.projects.0.project_id"})]


def file_consumer(c: str, f: str) -> list:
    """Calls that use file ``f`` of the working directory and end with ``c``."""
    return {
        "read_file": [("read_file", {"filename": f})],
        "search_in_file": [("search_in_file", {"filename": f, "pattern": "B7"})],
        "checksum_file": [("checksum_file", {"filename": f})],
        "copy_file": [("copy_file", {"source": f, "destination_dir": "/home/lab/scratch"})],
        "remove_file": [("remove_file", {"filename": f})],
        "upload_dataset": [RT, *PROJECT, ("checksum_file", {"filename": f}), (
            "upload_dataset", {"token": T, "project_id": "$list_projects.projects.0.project_id", "filename": f,
                               "sha256": "$checksum_file.sha256"})],
    }[c]


UPLOAD = [CD] + file_consumer("upload_dataset", "plate_01.csv")
DS = "$upload_dataset.dataset_id"
CONVERT = UPLOAD + [("start_conversion", {"token": T, "dataset_id": DS, "target_format": "parquet"}),
                    ("get_job_status", {"job_id": "$start_conversion.job_id"})]
CONVERTED = "$get_job_status.result_dataset_id"
VALIDATE = CONVERT + [("validate_dataset", {"token": T, "dataset_id": CONVERTED})]
ANALYSE = VALIDATE + [("run_analysis", {"token": T, "dataset_id": CONVERTED, "method": "growth_curve"}),
                      ("get_analysis_result", {"analysis_job_id": "$run_analysis.analysis_job_id"})]
EXPORT = ANALYSE + [("export_report", {"token": T, "result_id": "$get_analysis_result.result_id", "file_format": "pdf"})]
PLATE = [RT, ("create_plate", {"token": T, "plate_type": "96-well"}),
         ("generate_barcode", {"sequence_number": 123}),
         ("register_sample", {"token": T, "name": "E. coli K-12 culture", "barcode": "$generate_barcode.barcode"}),
         ("parse_well_label", {"label": "B7"}),
         ("assign_sample_to_well", {"token": T, "plate_id": "$create_plate.plate_id", "row": "$parse_well_label.row",
                                    "column": "$parse_well_label.column", "sample_id": "$register_sample.sample_id"})]
SEAL = PLATE + [("seal_plate", {"token": T, "plate_id": "$create_plate.plate_id"})]
RESERVE = [RT, ("list_instruments", {}), ("get_lab_time", {}),
           ("reserve_instrument", {"token": T, "instrument_id": "$list_instruments.instruments.0.instrument_id",
                                   "start_timestamp": "$get_lab_time.timestamp", "hours": 2})]
RUN = SEAL + RESERVE[1:] + [("set_dry_run", {"enabled": False}), (
    "start_instrument_run", {"token": T, "reservation_id": "$reserve_instrument.reservation_id", "plate_id": "$create_plate.plate_id"})]
INTO_DATA = [("list_directory", {}), ("change_directory", {"path": "$list_directory.entries.0.name"}),
             ("list_directory", {}), ("change_directory", {"path": "$list_directory.entries.0.name"})]

RECIPES = {  # consumer -> a successful path for the auth proofs
    "list_projects": [RT, PROJECT[0]],
    "join_project": [RT, *PROJECT],
    "upload_dataset": UPLOAD,
    "list_datasets": [RT, ("list_datasets", {"token": T, "project_id": "PRJ-ONC-7"})],
    "start_conversion": CONVERT[:-1],
    "validate_dataset": VALIDATE,
    "run_analysis": ANALYSE[:-1],
    "export_report": EXPORT,
    "share_dataset": UPLOAD + [("share_dataset", {"token": T, "dataset_id": DS, "colleague_email": "m.ivanova@lab.example"})],
    "delete_dataset": UPLOAD + [("delete_dataset", {"token": T, "dataset_id": DS})],
    "register_sample": PLATE[:4],
    "create_plate": PLATE[:2],
    "assign_sample_to_well": PLATE,
    "seal_plate": SEAL,
    "reserve_instrument": RESERVE,
    "cancel_reservation": RESERVE + [("cancel_reservation", {"token": T, "reservation_id": "$reserve_instrument.reservation_id"})],
    "start_instrument_run": RUN,
}

PROOFS: list = [("request_token", c, steps) for c, steps in RECIPES.items()]
for _p, (_steps, _f) in FILE.items():
    PROOFS += [(_p, c, _steps + file_consumer(c, _f)) for c in
               ("read_file", "search_in_file", "checksum_file", "copy_file", "remove_file", "upload_dataset")]
PROOFS += [
    ("change_directory", "compare_files", [CD, ("compare_files", {"file_a": "plate_01.csv", "file_b": "plate_02.csv"})]),
    ("write_file", "compare_files", [WRITE, ("write_file", {"filename": "plate_04.csv", "content": "well,sample,od600\n"}, "second"),
                                     ("compare_files", {"file_a": "plate_03.csv", "file_b": "plate_04.csv"})]),
    ("list_directory", "change_directory", [("list_directory", {}), ("change_directory", {"path": "$list_directory.entries.0.name"})]),
    ("make_directory", "change_directory", [("make_directory", {"name": "analysis"}), ("change_directory", {"path": "$make_directory.created"})]),
    ("list_directory", "search_in_file", INTO_DATA + [("search_in_file", {"filename": "plate_01.csv", "pattern": "B7"})]),
    ("list_directory", "compare_files", INTO_DATA + [("compare_files", {"file_a": "plate_01.csv", "file_b": "plate_02.csv"})]),
    ("make_directory", "copy_file", [WRITE, ("make_directory", {"name": "backup"}),
                                     ("copy_file", {"source": "plate_03.csv", "destination_dir": "backup"})]),
    ("list_projects", "join_project", RECIPES["join_project"]),
    ("list_projects", "upload_dataset", UPLOAD),
    ("join_project", "upload_dataset", UPLOAD),
    ("checksum_file", "upload_dataset", UPLOAD),
    ("upload_dataset", "start_conversion", RECIPES["start_conversion"]),
    ("upload_dataset", "get_dataset_metadata", UPLOAD + [("get_dataset_metadata", {"dataset_id": DS})]),
    ("upload_dataset", "share_dataset", RECIPES["share_dataset"]),
    ("upload_dataset", "delete_dataset", RECIPES["delete_dataset"]),
    ("start_conversion", "get_job_status", CONVERT),
    ("get_job_status", "validate_dataset", VALIDATE),
    ("upload_dataset", "validate_dataset", VALIDATE),
    ("get_job_status", "run_analysis", RECIPES["run_analysis"]),
    ("validate_dataset", "run_analysis", RECIPES["run_analysis"]),
    ("run_analysis", "get_analysis_result", ANALYSE),
    ("get_analysis_result", "export_report", EXPORT),
    ("run_analysis", "export_report", EXPORT),
    ("generate_barcode", "register_sample", RECIPES["register_sample"]),
    ("create_plate", "assign_sample_to_well", PLATE),
    ("register_sample", "assign_sample_to_well", PLATE),
    ("parse_well_label", "assign_sample_to_well", PLATE),
    ("create_plate", "list_plate_contents", PLATE[:2] + [("list_plate_contents", {"plate_id": "$create_plate.plate_id"})]),
    ("create_plate", "seal_plate", SEAL),
    ("assign_sample_to_well", "seal_plate", SEAL),
    ("create_plate", "start_instrument_run", RUN),
    ("seal_plate", "start_instrument_run", RUN),
    ("list_instruments", "reserve_instrument", RESERVE),
    ("get_lab_time", "reserve_instrument", RESERVE),
    ("reserve_instrument", "cancel_reservation", RECIPES["cancel_reservation"]),
    ("reserve_instrument", "start_instrument_run", RUN),
    ("set_dry_run", "start_instrument_run", RUN),
    ("start_instrument_run", "download_run_output", RUN + [("download_run_output", {"run_id": "$start_instrument_run.run_id"})]),
]

VARIANT_PROOFS: list = []
