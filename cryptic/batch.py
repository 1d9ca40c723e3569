"""The batch contract: JSON lines {"id", "clue"} (and optionally "pattern": crossing letters, "N?D?R")
in, one result line per input line out, in input order; solved in this process, in a pool of
processes or on a Dask cluster (cryptic.cluster), written to stdout or appended to a file that an
interrupted run can resume."""

from __future__ import annotations

import collections
import contextlib
import json
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from cryptic.caches import rarer_full_collections
from cryptic.parse import ClueError, parse_clue

Line = tuple[object, str | None, str | None, str | None]  # id, clue text, crossing-letter pattern, error
Task = tuple[Line, int, float]  # a line, how many answers to give, seconds for the clue
T, R = TypeVar("T"), TypeVar("R")
Engine = Callable[[Callable[[T], R], Iterable[T]], Iterator[R]]  # like map: results in the items' order
PATTERN = re.compile(r"[A-Za-z?._]+")  # letters, and '?' (or '.', '_') for an unknown one


class BatchError(Exception):
    """Batch input, output or cluster trouble the user can fix; the message is one line."""


def read_jsonl(path: str) -> Iterator[tuple[int, dict | None, str | None]]:
    """(line number, row or None, error or None) for each non-blank line of a file (- for
    stdin); the file is opened now, so that one that cannot be read is told before any work."""
    try:
        stream = sys.stdin if path == "-" else open(path, encoding="utf-8", errors="strict")
    except OSError as e:
        raise BatchError(f"cannot read {path}: {e.strerror}") from None
    return rows_of(stream, path)


def rows_of(stream, path: str) -> Iterator[tuple[int, dict | None, str | None]]:
    """Yield (line number, row or None, error or None) for each non-blank line of an open stream."""
    with stream:
        try:
            for n, line in enumerate(stream, 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                except json.JSONDecodeError as e:
                    yield n, None, f"line {n}: not JSON ({e.msg})"
                    continue
                yield (n, row, None) if isinstance(row, dict) else (n, None, f"line {n}: not a JSON object")
        except UnicodeDecodeError:
            raise BatchError(f"{path} is not UTF-8 text") from None


def read_lines(path: str) -> Iterator[Line]:
    """(id, clue, pattern, error) for each non-blank input line; a bad line gets an error."""
    return lines_of(read_jsonl(path))


def lines_of(rows: Iterable[tuple[int, dict | None, str | None]]) -> Iterator[Line]:
    """Yield (id, clue, pattern, error) for each row; a bad one gets an error."""
    for n, row, error in rows:
        if error:
            yield f"line-{n}", None, None, error
            continue
        ident = row.get("id", f"line-{n}")
        clue, pattern = row.get("clue"), row.get("pattern")
        if not isinstance(clue, str):
            yield ident, None, None, f"line {n}: no 'clue' text"
        elif pattern is not None and not (isinstance(pattern, str) and PATTERN.fullmatch(pattern)):
            yield ident, None, None, f"line {n}: 'pattern' must be letters and '?', one a letter of the answer"
        else:
            yield ident, clue, pattern, None


def solution_json(s) -> dict:
    """One candidate of the batch contract."""
    return {"answer": s.display, "score": round(s.score, 4), "definition": " ".join(s.definition), "explanation": s.explanation, "verified": s.verified}


def solve_line(task: Task) -> str:
    """Solve one input line; the output line as JSON text (errors included, never raised)."""
    (ident, text, pattern, error), top, timeout = task
    from cryptic.rank import solve

    start = time.monotonic()
    candidates: list[dict] = []
    if error is None:
        try:
            clue = parse_clue(text or "")
            if pattern is not None and len(pattern) != clue.enumeration.length:
                raise ClueError(f"pattern {pattern!r} has {len(pattern)} letters; the enumeration has {clue.enumeration.length}")
            outcome = solve(clue, pattern, timeout=timeout)
            candidates = [solution_json(s) for s in outcome.solutions[:top]]
        except ClueError as e:
            error = str(e)
        except RecursionError:
            error = "clue too deeply nested to solve"
        except Exception as e:  # one clue's failure must not end a batch of thousands: it is reported on its line
            error = f"internal error: {type(e).__name__}: {e}"
    seconds = round(time.monotonic() - start, 4)
    return json.dumps({"id": ident, "candidates": candidates, "seconds": seconds, "error": error})


# ---------------------------------------------------------------- engines: map a function, keeping order (in this process: map)


def in_processes(jobs: int, prepare: Callable[[], None]) -> Engine:
    """An engine applying a function in a pool of `jobs` forked processes, each prepared first."""

    def engine(function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs, initializer=prepare) as pool:
            yield from pool.imap(function, items, chunksize=1)

    return engine


@contextlib.contextmanager
def engine(jobs: int = 1, cluster: str | None = None, prepare: Callable[[], None] = lambda: None) -> Iterator[Engine]:
    """The engine for the block: this process, `jobs` processes, or a Dask cluster; `prepare`
    (loading data, say) runs here first, and once in each process that applies the function."""
    if cluster is not None:
        from cryptic.cluster import on_cluster

        with on_cluster(cluster, prepare) as dask:
            yield dask
        return
    prepare()  # here too before forking: the children share what it loaded
    yield map if jobs == 1 else in_processes(jobs, prepare)


_ONE_AT_A_TIME = threading.Lock()  # the solver's per-clue caches are per process: one clue at a time in it


def apply_chunk(function: Callable[[T], R], prepare: Callable[[], None], items: list[T]) -> list[R]:
    """Apply a function to a chunk of items in this process, prepared first (a cluster worker's task)."""
    with _ONE_AT_A_TIME:
        rarer_full_collections()  # a cluster worker runs no command
        prepare()
        return [function(item) for item in items]


# ---------------------------------------------------------------- output and resuming


def line_id(text: str) -> object:
    """The id of an output line (None when it is not one)."""
    try:
        row = json.loads(text)
    except json.JSONDecodeError:
        return None
    return row.get("id") if isinstance(row, dict) else None


def written_ids(path: str) -> collections.Counter:
    """How many lines each id has in an output file, cutting off a torn last line (no newline)
    that a killed run may have left, so that the file holds whole lines only."""
    try:
        with open(path, "r+b") as f:
            raw = f.read()
            whole = raw.rfind(b"\n") + 1
            if whole < len(raw):
                f.truncate(whole)
    except FileNotFoundError:
        return collections.Counter()
    except OSError as e:
        raise BatchError(f"cannot resume {path}: {e.strerror}") from None
    try:
        text = raw[:whole].decode("utf-8")
    except UnicodeDecodeError:
        raise BatchError(f"cannot resume {path}: it is not UTF-8 text (not a cryptic output file?)") from None
    ids = [line_id(line) for line in text.splitlines() if line.strip()]
    if None in ids:
        raise BatchError(f"cannot resume {path}: line {ids.index(None) + 1} is not an output line of cryptic solve")
    return collections.Counter(json.dumps(i) for i in ids)


def not_written(lines: Iterable[Line], written: collections.Counter) -> Iterator[Line]:
    """The input lines still to solve: each id skipped as often as it is already written."""
    left = collections.Counter(written)
    for line in lines:
        key = json.dumps(line[0])
        if left[key] > 0:
            left[key] -= 1
        else:
            yield line


@contextlib.contextmanager
def sink(out: str | None, resume: bool) -> Iterator[Callable[[str], None]]:
    """A function writing one whole line to stdout or to the end of file `out`, flushed at once."""
    if out is None:

        def write_stdout(line: str) -> None:
            print(line, flush=True)

        yield write_stdout
        return
    if not resume and os.path.exists(out) and os.path.getsize(out) > 0:
        raise BatchError(f"{out} already has lines: add --resume to continue it, or remove it")
    try:
        fd = os.open(out, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
    except OSError as e:
        raise BatchError(f"cannot write {out}: {e.strerror}") from None

    def write_file(line: str) -> None:
        data = (line + "\n").encode("utf-8")
        while data:  # one write() of a line in the usual case: a killed run leaves whole lines
            data = data[os.write(fd, data) :]

    try:
        yield write_file
    finally:
        os.close(fd)


# ---------------------------------------------------------------- the batch


def solve_batch(path: str, top: int, timeout: float, jobs: int = 1, cluster: str | None = None, out: str | None = None, resume: bool = False) -> int:
    """Solve every line of a JSONL file (or stdin), writing results in input order to stdout or
    `out` (with `resume`, after the lines already there, skipping their ids)."""
    if resume and out is None:
        raise BatchError("--resume needs --out FILE (the file to continue)")
    if cluster is not None:
        from cryptic.cluster import parse_address

        parse_address(cluster)  # a malformed address is told before the output file is touched
    lines = read_lines(path)  # an unreadable input too
    written = written_ids(out) if resume and out else collections.Counter()
    lines = not_written(lines, written)
    tasks = ((line, top, timeout) for line in lines)
    from cryptic import thesaurus

    with sink(out, resume) as write, engine(jobs, cluster, thesaurus.warm) as apply:
        results = apply(solve_line, tasks)
        write_all(results, write, sum(written.values()))
    return 0


def write_all(results: Iterator[str], write: Callable[[str], None], done: int = 0) -> None:
    """Write each result line as soon as it and all lines before it are done (counted on a
    progress bar from the `done` lines already written)."""
    try:
        for line in progress(results, "solving", initial=done):
            write(line)
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()


def progress(items: Iterable[T], what: str, total: int | None = None, initial: int = 0) -> Iterable[T]:
    """Items counted on a progress bar on stderr when it is a terminal (from `initial`)."""
    if not sys.stderr.isatty():
        return items
    from tqdm import tqdm

    return tqdm(items, desc=what, unit="clue", total=total, initial=initial, file=sys.stderr)
