"""Where the compiled thesaurus lives: $CRYPTIC_CACHE, else ~/.cache/cryptic."""

from __future__ import annotations

import contextlib
import functools
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from thesaurus.layout import INDEX_VERSION


def cache_dir() -> Path:
    """The cache folder, created if need be."""
    base = os.environ.get("CRYPTIC_CACHE") or os.path.join(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache", "cryptic")
    path = Path(base)
    path.mkdir(parents=True, exist_ok=True)
    return path


def index_path() -> Path:
    """The compiled index folder: of this layout, and of the shipped past answers it keeps
    as words (re-mined answers make another index)."""
    return cache_dir() / f"index-v{INDEX_VERSION}-{answers_digest()}"


@functools.cache
def answers_digest() -> str:
    """A short digest of corpora/answers.tsv."""
    import hashlib

    from cryptic.data import data_file

    return hashlib.sha1(data_file("corpora", "answers.tsv").read_bytes()).hexdigest()[:8]


@contextlib.contextmanager
def staged(target: Path) -> Iterator[Path]:
    """A temporary folder beside `target` that replaces it whole when the block succeeds
    (and is removed when it fails), so no reader ever sees a half-written folder."""
    staging = Path(tempfile.mkdtemp(prefix=f"{target.name}-", dir=target.parent))
    try:
        yield staging
        if target.exists():
            shutil.rmtree(target)
        os.replace(staging, target)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
