"""The held-out evidence stays as it was frozen: every file a held-out folder's ``MANIFEST.sha256``
lists (written by the helper who wrote the folder, before any score on it existed) is unchanged, and
a catalog folder holds nothing else (the task sets' folder also holds the suite manifest and notes
added when they were committed). A changed held-out catalog would silently become a development one."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from tests.support.paths import REPO

# (folder, whether the manifest lists every file in it): every held-out catalog set, as committed
FROZEN = [(folder, True) for folder in sorted((REPO / "examples" / "catalogs").glob("heldout*"))
          if (folder / "MANIFEST.sha256").is_file()] + [(REPO / "examples" / "tasksets" / "heldout", False)]


def test_every_held_out_catalog_set_is_frozen() -> None:
    """A held-out set committed without its manifest would escape the check below."""
    sets = sorted(p.name for p in (REPO / "examples" / "catalogs").glob("heldout*") if p.is_dir())
    assert len(sets) >= 53 and all(name in {f.name for f, _ in FROZEN} for name in sets), sets


def _manifest(folder: Path) -> dict[str, str]:
    entries = {}
    for line in (folder / "MANIFEST.sha256").read_text().splitlines():
        if line.strip():
            digest, name = line.split(maxsplit=1)
            entries[name.lstrip("*").removeprefix("./")] = digest
    return entries


@pytest.mark.parametrize("folder, complete", FROZEN, ids=lambda p: p.relative_to(REPO).as_posix() if isinstance(p, Path) else "")
def test_held_out_folder_matches_its_manifest(folder: Path, complete: bool) -> None:
    entries = _manifest(folder)
    assert entries and (folder / "FROZEN.md").is_file()
    for name, digest in entries.items():
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == digest, f"{folder.name}/{name} changed"
    if not complete:
        return
    present = {p.relative_to(folder).as_posix() for p in folder.rglob("*")
               if p.is_file() and p.name != "MANIFEST.sha256" and "__pycache__" not in p.parts}
    assert present == set(entries), present ^ set(entries)
