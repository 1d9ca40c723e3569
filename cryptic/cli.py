"""The `cryptic` command line: one subcommand per job, errors as one line and a non-zero exit."""

from __future__ import annotations

import argparse
import dataclasses
import functools
import itertools
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence

from cryptic.batch import BatchError
from cryptic.caches import rarer_full_collections
from cryptic.data import DataError, read_limited
from cryptic.parse import ClueError, parse_clue
from cryptic.tuning import PUZZLE_TIMEOUT


class UsageError(Exception):
    """Bad input the user can fix; the message is one line."""


def positive(kind: type) -> Callable[[str], float]:
    """An argparse type accepting positive numbers of a kind."""

    def convert(text: str):
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}") from None
        if not value > 0 or value != value or value == math.inf:
            raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}")
        return value

    return convert


def output_file(text: str) -> str:
    """An argparse type accepting a file path that can be written: checked before any work,
    so a long solve never ends in a write that fails."""
    if not text.strip():
        raise argparse.ArgumentTypeError("expected a file name")
    folder = os.path.dirname(os.path.abspath(text))
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text} is a folder, not a file")
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"cannot write {text}: no folder {folder}")
    if not os.access(folder, os.W_OK | os.X_OK) or os.path.exists(text) and not os.access(text, os.W_OK):
        raise argparse.ArgumentTypeError(f"cannot write {text}: permission denied")
    return text


# ---------------------------------------------------------------- parses, explain, stats


def cmd_parses(a: argparse.Namespace) -> int:
    from cryptic.forest import Cut, count_filtered, counts, parses
    from cryptic.show import show_parse
    from cryptic.trees import parse_cost

    clue = parse_clue(a.clue)
    leaf = leaf_bounds(a.thesaurus)
    if a.count:
        naive, canonical = counts(clue, leaf)
        print(f"naive {naive}  canonical {canonical}  after length filter {count_filtered(clue, leaf)}")
        return 0
    deadline = time.monotonic() + a.timeout
    shown = 0
    try:
        for parse in itertools.islice(parses(clue, leaf, deadline), a.limit):
            shown += 1
            print(f"{parse_cost(parse):7.1f}  {show_parse(parse)}")
    except Cut:
        print(f"(stopped after {a.timeout:g} s; raise --timeout for more)", file=sys.stderr)
    if shown == a.limit:
        print(f"(first {a.limit} shown; --limit N for more)", file=sys.stderr)
    return 0


def cmd_explain(a: argparse.Namespace) -> int:
    from cryptic.forest import Cut, parses
    from cryptic.show import draw
    from cryptic.trees import parse_cost

    clue = parse_clue(a.clue)
    if a.solve:
        from cryptic.rank import explain_solutions

        print(explain_solutions(clue, top=a.limit, timeout=a.timeout))
        return 0
    deadline = time.monotonic() + a.timeout
    try:
        for k, parse in enumerate(itertools.islice(parses(clue, leaf_bounds(a.thesaurus), deadline), a.limit), 1):
            print(f"parse {k} (cost {parse_cost(parse):.1f})")
            print(draw(parse))
            print()
    except Cut:
        print(f"(stopped after {a.timeout:g} s)", file=sys.stderr)
    return 0


def cmd_stats(a: argparse.Namespace) -> int:
    from cryptic.batch import read_jsonl
    from cryptic.stats import measure, plot_counts, table

    rows = []
    for n, row, error in itertools.islice(read_jsonl(a.corpus), a.limit):
        clue_text = row.get("clue") if row else None
        if error or not isinstance(clue_text, str):
            rows.append(None)
            continue
        try:
            clue = parse_clue(clue_text)
        except ClueError:
            rows.append(None)
            continue
        rows.append(clue)
    clues = [c for c in rows if c is not None]
    if not clues:
        raise UsageError(f"{a.corpus}: no readable clues (rows need a 'clue' field with an enumeration)")
    if a.cluster is not None and a.jobs != 1:
        raise UsageError("give --jobs or --cluster, not both")
    from cryptic import thesaurus
    from cryptic.batch import engine, progress

    with engine(a.jobs, a.cluster, thesaurus.warm if a.thesaurus else lambda: None) as apply:
        measured = list(progress(apply(functools.partial(measure, leaf=leaf_bounds(a.thesaurus)), clues), "counting parses", len(clues)))
    print(table(measured))
    skipped = len(rows) - len(clues)
    if skipped:
        print(f"({skipped} rows skipped: no clue or unreadable)", file=sys.stderr)
    if a.plot:
        plot_counts(measured, a.plot)
        print(f"plot written to {a.plot}", file=sys.stderr)
    return 0


def leaf_bounds(use_thesaurus: bool):
    """Leaf bounds: the thesaurus's, or the plain documented ones."""
    from cryptic.trees import plain_bounds

    if not use_thesaurus:
        return plain_bounds
    from cryptic.thesaurus import leaf_bounds as thesaurus_bounds

    return thesaurus_bounds


# ---------------------------------------------------------------- thesaurus


def cmd_syn(a: argparse.Namespace) -> int:
    from cryptic import thesaurus as th

    phrase = checked_phrase(a.phrase)
    found = list(itertools.islice(th.synonyms(phrase, a.length), a.limit))
    print("\n".join(found) if found else f"(nothing for {phrase!r}{f' of length {a.length}' if a.length else ''})")
    return 0


def cmd_define(a: argparse.Namespace) -> int:
    from cryptic import thesaurus as th
    from cryptic.lookup.ordering import order_scores
    from cryptic.lookup.relations import TWO_HOP
    from cryptic.parse import parse_enumeration
    from cryptic.rank import RELATIONS

    phrase = checked_phrase(a.phrase)
    enum = parse_enumeration(a.enum) if a.enum else None
    found = list(itertools.islice(th.definitions(phrase, enum), a.limit))
    if not found:
        print(f"(no answers for {phrase!r})")
    # The strong answers come first, by their fitted score (shown as "order"); the weaker ones
    # by strength, then support, then frequency (thesaurus.candidate_order).
    scores = order_scores(th.norm(phrase), [c for c in found if c.strength > TWO_HOP])
    for c, order in itertools.zip_longest(found, scores):
        support = f"  support {c.support}" if c.support else ""
        fitted = f"  order {order:.1f}" if order is not None else ""
        breaks = "; other word breaks" if enum and th.other_breaks(c.letters, enum) else ""
        print(f"{th.display(c.letters, enum):20s} strength {c.strength:.2f}{support}  frequency {c.frequency:.1f}{fitted}  ({RELATIONS.get(c.relation, c.relation)}{breaks})")
    return 0


def checked_phrase(text: str) -> str:
    """A phrase to look up, or a UsageError."""
    from cryptic.parse import _clean

    try:
        phrase = _clean(text)
    except ClueError as e:
        raise UsageError(str(e)) from None
    if not any(ch.isalnum() for ch in phrase):
        raise UsageError("give a word, phrase or number to look up")
    if len(phrase) > 200:
        raise UsageError("phrase longer than 200 characters")
    return phrase


# ---------------------------------------------------------------- solve


def cmd_solve(a: argparse.Namespace) -> int:
    if a.jsonl:
        from cryptic.batch import solve_batch

        if a.cluster is not None and a.jobs != 1:
            raise UsageError("give --jobs or --cluster, not both")
        return solve_batch(a.jsonl, top=a.top, timeout=a.timeout, jobs=a.jobs, cluster=a.cluster, out=a.out, resume=a.resume)
    if a.out or a.resume or a.cluster:
        raise UsageError("--out, --resume and --cluster are for a batch (--jsonl FILE)")
    if not a.clue:
        raise UsageError("give a clue, or --jsonl FILE")
    from cryptic.batch import solution_json
    from cryptic.rank import solve

    clue = parse_clue(a.clue)
    if a.pattern is not None:
        a.pattern = a.pattern.strip()
        from cryptic.parse import enumeration_text

        if len(a.pattern) != clue.enumeration.length or not all(ch.isalpha() or ch in "?._" for ch in a.pattern):
            raise UsageError(f"--pattern must have {clue.enumeration.length} letters or '?' (the enumeration is {enumeration_text(clue.enumeration)})")
    outcome = solve(clue, a.pattern, timeout=a.timeout)
    top = outcome.solutions[: a.top]
    if a.json:
        print(json.dumps({"clue": a.clue, "candidates": [solution_json(s) for s in top], "cut": outcome.cut}))
    elif not top:
        print("no answer found")
    else:
        for k, s in enumerate(top, 1):
            mark = "verified" if s.verified else "unverified"
            print(f"{k}. {s.display}  ({mark}, score {s.score:.2f})\n   {s.explanation}")
    if outcome.cut:
        print(f"(search cut after {a.timeout:g} s: best found so far shown)", file=sys.stderr)
    return 0 if top else 1


# ---------------------------------------------------------------- fill


def read_text(path: str, what: str) -> str:
    """A small text file's contents, or a UsageError."""
    try:
        raw = read_limited(path, 5_000_000)
    except OSError as e:
        raise UsageError(f"cannot read {what} {path}: {e.strerror}") from None
    except ValueError:
        raise UsageError(f"{what} {path} is too large") from None
    if b"\0" in raw:
        raise UsageError(f"{what} {path} is a binary file")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{what} {path} is not UTF-8 text") from None


def load_grid(path: str):
    """A grid from a text file, a Guardian JSON puzzle, .puz or .ipuz."""
    from cryptic.grid import GridError, read_grid

    try:
        if path.endswith((".json", ".puz", ".ipuz")):
            from cryptic.puzzle_files import PuzzleError, read_puzzle

            try:
                return read_puzzle(path).grid
            except PuzzleError as e:
                raise UsageError(str(e)) from None
        return read_grid(read_text(path, "grid"), path)
    except GridError as e:
        raise UsageError(str(e)) from None


def cmd_fill(a: argparse.Namespace) -> int:
    from cryptic import grid as G
    from cryptic import search
    from cryptic.render import png, text

    grid = load_grid(a.grid)
    try:
        load_start = time.monotonic()
        words = G.read_words(a.wordlist, a.min_score)
        lists = G.slot_lists(grid, words)
        unfit = G.unfit_slots(grid, lists)
        if unfit:
            raise UsageError(f"no word in the list fits {unfit[0]}")
        loaded = time.monotonic() - load_start
    except G.GridError as e:
        raise UsageError(str(e)) from None
    step = None
    if a.animate and sys.stdout.isatty():
        last = [0.0]

        def step(words_so_far):
            now = time.monotonic()
            if now - last[0] > 0.05:
                last[0] = now
                sys.stdout.write("\x1b[H\x1b[2J" + text(G.filled_rows(grid, words_so_far)) + "\n")
                sys.stdout.flush()

    outcome = search.fill(grid, words, a.strategy, a.seed, a.timeout, step, lists)
    rows = G.filled_rows(grid, outcome.words)
    if a.json:
        entries = [{"number": s.number, "direction": s.direction, "answer": outcome.words.get(k)} for k, s in enumerate(G.slots(grid))]
        print(json.dumps({"status": outcome.status, "grid": list(rows), "entries": entries, "seconds": round(outcome.seconds, 4),
                          "load_seconds": round(loaded, 4), "nodes": outcome.nodes, "restarts": outcome.restarts}))  # fmt: skip
    elif outcome.status == "filled":
        print(text(rows))
        print(f"filled in {outcome.seconds:.3f} s of search ({outcome.nodes} nodes, {outcome.restarts} restarts; word list loaded in {loaded:.2f} s)", file=sys.stderr)
    if outcome.status == "filled":
        if a.png:
            png(grid, rows, a.png)
        return 0
    if outcome.status == "impossible":
        print("cryptic fill: no fill exists (the search was exhaustive)", file=sys.stderr)
        return 1
    print(f"cryptic fill: gave up after {a.timeout:g} s", file=sys.stderr)
    return 2


# ---------------------------------------------------------------- puzzle


def cmd_puzzle(a: argparse.Namespace) -> int:
    from cryptic import puzzle, puzzle_files
    from cryptic.render import png, text

    try:
        p = puzzle_files.read_puzzle(a.file)
    except puzzle_files.PuzzleError as e:
        raise UsageError(str(e)) from None
    if a.plain:
        p = dataclasses.replace(p, plain=True)
    scored = puzzle_files.check(p, {}) is not None  # solutions present: --check can compare
    start = time.monotonic()
    letters, answers = puzzle.solve_puzzle(p, timeout=a.timeout, min_confidence=a.min_confidence, jobs=a.jobs)
    rows = puzzle_files.grid_rows(p, letters)
    seconds = round(time.monotonic() - start, 2)
    if a.json:
        entries = [{"id": clue.group[0], "answer": ans.letters if ans else None, "confidence": round(ans.confidence, 4) if ans else 0.0,
                    "explanation": ans.explanation if ans else None} for clue, ans in answers]  # fmt: skip
        print(json.dumps({"grid": rows, "entries": entries, "seconds": seconds}))
    else:
        print(text(rows))
        print()
        for clue, ans in answers:
            shown = f"{ans.letters}  ({ans.confidence:.2f}) {ans.explanation}" if ans else "(open)"
            print(f"{clue.group[0]:>10}  {clue.text}\n{'':>12}{shown}")
        print(f"\nsolved in {seconds} s")
    if a.png:
        png(p.grid, rows, a.png)
    if a.check:
        if not scored:
            raise UsageError("--check needs a puzzle file with solutions")
        cells, entries = puzzle_files.check(p, letters)
        print(f"cells correct {cells:.1f}%  entries correct {entries:.1f}%", file=sys.stderr)
    return 0


# ---------------------------------------------------------------- the parser


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="cryptic", description="Cryptic crossword clue parser and solver.")
    from cryptic import __version__

    p.add_argument("--version", action="version", version=f"cryptic {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    s = sub.add_parser("parses", help="list a clue's readings, cheapest first")
    s.add_argument("clue", help='the clue with its enumeration, e.g. "Lowest point in ruptured drain (5)"')
    s.add_argument("--limit", type=positive(int), default=20, help="how many readings to show (default 20)")
    s.add_argument("--count", action="store_true", help="print the numbers of readings: naive, canonical, after length filter")
    s.add_argument("--thesaurus", action="store_true", help="bound synonym leaves by the thesaurus")
    s.add_argument("--timeout", type=positive(float), default=10.0, help="seconds to search (default 10)")
    s.set_defaults(run=cmd_parses)

    s = sub.add_parser("explain", help="draw a clue's best readings as trees")
    s.add_argument("clue")
    s.add_argument("--limit", type=positive(int), default=3, help="how many trees (default 3)")
    s.add_argument("--thesaurus", action="store_true", help="bound synonym leaves by the thesaurus")
    s.add_argument("--solve", action="store_true", help="draw the derivation of each answer the solver finds")
    s.add_argument("--timeout", type=positive(float), default=10.0)
    s.set_defaults(run=cmd_explain)

    s = sub.add_parser("stats", help="parse counts by clue length over a corpus")
    s.add_argument("corpus", help="JSONL file whose rows have a 'clue' field")
    s.add_argument("--limit", type=positive(int), default=None)
    s.add_argument("--plot", metavar="FILE.png", type=output_file, help="also draw the counts (linear and log scale)")
    s.add_argument("--thesaurus", action="store_true", help="bound synonym leaves by the thesaurus")
    s.add_argument("--jobs", type=positive(int), default=1, help="count in N processes")
    s.add_argument("--cluster", metavar="ADDRESS", help="count on Dask, a scheduler (tcp://host:8786) or local:N workers")
    s.set_defaults(run=cmd_stats)

    s = sub.add_parser("syn", help="what a word or phrase can stand for in wordplay")
    s.add_argument("phrase")
    s.add_argument("--length", type=positive(int), default=None)
    s.add_argument("--limit", type=positive(int), default=50)
    s.set_defaults(run=cmd_syn)

    s = sub.add_parser("define", help="the answers a definition could have")
    s.add_argument("phrase")
    s.add_argument("--enum", help='the enumeration, e.g. "(5)" or "(3,4)"')
    s.add_argument("--limit", type=positive(int), default=30)
    s.set_defaults(run=cmd_define)

    s = sub.add_parser("solve", help="solve a clue, or a JSONL batch of clues")
    s.add_argument("clue", nargs="?", help='e.g. "Lowest point in ruptured drain (5)"')
    s.add_argument("--top", type=positive(int), default=5, help="how many answers (default 5)")
    s.add_argument("--pattern", help="known letters, e.g. N?D?R")
    s.add_argument("--json", action="store_true", help="print JSON")
    s.add_argument("--jsonl", metavar="FILE", help='batch: JSON lines {"id", "clue"} from FILE (- for stdin)')
    s.add_argument("--jobs", type=positive(int), default=1, help="batch: solve in N processes")
    s.add_argument("--cluster", metavar="ADDRESS", help="batch: solve on Dask, a scheduler (tcp://host:8786) or local:N workers")
    s.add_argument("--out", metavar="FILE", help="batch: append result lines to FILE (whole lines, flushed one by one)")
    s.add_argument("--resume", action="store_true", help="batch: continue FILE, skipping ids already in it")
    s.add_argument("--timeout", type=positive(float), default=10.0, help="seconds per clue (default 10)")
    s.set_defaults(run=cmd_solve)

    from cryptic.search import STRATEGIES

    s = sub.add_parser("fill", help="fill a grid from a word list")
    s.add_argument("grid", help="grid file: text ('#' block, '.' open, A-Z seeded), Guardian .json, .puz or .ipuz")
    s.add_argument("--wordlist", required=True, help="one word per line, or 'word;score'")
    s.add_argument("--min-score", type=float, default=0.0)
    s.add_argument("--strategy", choices=STRATEGIES, default="auto")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--timeout", type=positive(float), default=60.0)
    s.add_argument("--png", metavar="FILE", type=output_file, help="also draw the filled grid")
    s.add_argument("--animate", action="store_true", help="redraw the grid in the terminal as it fills")
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=cmd_fill)

    s = sub.add_parser("puzzle", help="solve a whole puzzle (Guardian JSON, .puz or .ipuz)")
    s.add_argument("file")
    s.add_argument("--json", action="store_true", help='print {"grid": [...], "entries": [...], "seconds": ...}')
    s.add_argument("--png", metavar="FILE", type=output_file, help="draw the solution grid")
    s.add_argument("--timeout", type=positive(float), default=PUZZLE_TIMEOUT, help=f"seconds for the whole puzzle (default {PUZZLE_TIMEOUT:g})")
    s.add_argument("--min-confidence", type=float, default=0.0, help="leave cells blank for answers scored below this")
    s.add_argument("--jobs", type=positive(int), default=2, help="processes solving clues (default 2)")
    s.add_argument("--check", action="store_true", help="compare with the solutions in the file (after solving)")
    s.add_argument("--plain", action="store_true", help="read every clue as a plain definition (a quick crossword; Guardian files say so themselves)")
    s.set_defaults(run=cmd_puzzle)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    a = parser.parse_args(argv)
    rarer_full_collections()
    try:
        return a.run(a)
    except (ClueError, UsageError, DataError, BatchError) as e:
        print(f"cryptic {a.command}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"cryptic {a.command}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except MemoryError:
        print(f"cryptic {a.command}: out of memory; try a smaller input or --timeout", file=sys.stderr)
        return 2
