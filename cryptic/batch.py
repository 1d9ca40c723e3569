"""The batch contract: JSON lines {"id", "clue"} (and optionally "pattern": crossing letters, "N?D?R")
in, one result line per input line out, in order."""

from __future__ import annotations

import json
import re
import sys
import time
from collections.abc import Iterator

from cryptic.parse import ClueError, parse_clue

Line = tuple[object, str | None, str | None, str | None]  # id, clue text, crossing-letter pattern, error
PATTERN = re.compile(r"[A-Za-z?._]+")  # letters, and '?' (or '.', '_') for an unknown one


def read_lines(path: str) -> Iterator[Line]:
    """Yield (id, clue, error) for each non-blank input line; a bad line gets an error."""
    from cryptic.cli import read_jsonl

    for n, row, error in read_jsonl(path):
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


def solve_line(item: tuple[Line, int, float]) -> str:
    """Solve one input line; the output line as JSON text (errors included, never raised)."""
    (ident, text, pattern, error), top, timeout = item
    from cryptic.cli import solution_json
    from cryptic.solve import solve

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


def solve_batch(path: str, top: int, timeout: float, jobs: int) -> int:
    """Solve every line of a JSONL file (or stdin), printing results in input order."""
    from cryptic import thesaurus

    thesaurus.warm()  # build the index before forking, once
    items = ((line, top, timeout) for line in read_lines(path))
    bar = None
    if sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(desc="solving", unit="clue", file=sys.stderr)
    if jobs == 1:
        results: Iterator[str] = map(solve_line, items)
        pool = None
    else:
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(jobs, initializer=thesaurus.warm)
        results = pool.imap(solve_line, items, chunksize=1)
    try:
        for line in results:
            print(line, flush=True)
            if bar is not None:
                bar.update(1)
    finally:
        if pool is not None:
            pool.terminate()
        if bar is not None:
            bar.close()
    return 0
