"""Where the shipped data lives: grammar/ and corpora/ at the top of a checkout, or
cryptic/_data/ inside an installed wheel."""

from __future__ import annotations

import contextlib
import functools
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path


class DataError(RuntimeError):
    """A data file the program needs is missing or corrupt."""


@functools.cache
def data_dir(name: str) -> Path:
    """The folder holding shipped data `name` ('grammar' or 'corpora')."""
    here = Path(__file__).resolve().parent
    for candidate in (here.parent / name, here / "_data" / name):
        if candidate.is_dir():
            return candidate
    raise DataError(f"data folder {name!r} is missing: reinstall cryptic (pip install --force-reinstall .)")


def read_limited(path: str, limit: int) -> bytes:
    """A user's file, read whole: OSError when it cannot be read, ValueError when it is
    larger than `limit` bytes (found without reading more than one byte past the limit)."""
    with open(path, "rb") as f:
        raw = f.read(limit + 1)
    if len(raw) > limit:
        raise ValueError(f"{path} is larger than {limit} bytes")
    return raw


def data_file(*parts: str) -> Path:
    """A shipped data file, or a DataError naming it."""
    path = data_dir(parts[0]).joinpath(*parts[1:])
    if not path.is_file():
        raise DataError(f"data file {path} is missing: restore it from the repository or reinstall cryptic")
    return path


@contextlib.contextmanager
def written_whole(path: str, suffix: str) -> Iterator[str]:
    """A temporary file beside `path` to write, put in its place only when the block
    succeeds (no reader ever sees it half written), with the permissions a new file gets."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(suffix=suffix, dir=folder)
    except OSError as e:
        raise DataError(f"cannot write {path}: {e.strerror}") from None
    os.close(fd)
    try:
        yield tmp
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it private (0600)
        os.replace(tmp, path)
    except OSError as e:  # a full disk, or the target turned into a folder meanwhile
        raise DataError(f"cannot write {path}: {e.strerror}") from None
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
