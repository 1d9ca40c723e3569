"""Where the compiled thesaurus lives: $CRYPTIC_CACHE, else ~/.cache/cryptic."""

from __future__ import annotations

import os
from pathlib import Path

INDEX_VERSION = 5


def cache_dir() -> Path:
    """The cache folder, created if need be."""
    base = os.environ.get("CRYPTIC_CACHE") or os.path.join(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache", "cryptic")
    path = Path(base)
    path.mkdir(parents=True, exist_ok=True)
    return path


def index_path() -> Path:
    """The compiled index folder."""
    return cache_dir() / f"index-v{INDEX_VERSION}"
