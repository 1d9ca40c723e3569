"""A puzzle's clues as the solver sees them: cross-references substituted, candidates from the
cryptic solver, and plain definitions ranked for quick puzzles."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from cryptic import nodes
from cryptic.grid import OPEN, Cell
from cryptic.nodes import Letters, Words

if TYPE_CHECKING:  # the thesaurus loads numpy and its index: imported where used
    from cryptic import thesaurus as th
from cryptic.puzzle_files import ENUMERATION, NUMBERED, REFERENCE, Puzzle, entry_ids, enumeration_total
from cryptic.tuning import GLOSSED_FIT, GLOSSED_FITTING, MAX_CANDIDATES, PLAIN_CANDIDATES, PLAIN_FREQUENCY, PUZZLE_DEPTH

Candidate = tuple[Letters, float, str]  # an answer, its score (about the chance it is right), why


@dataclass(frozen=True, slots=True)
class Clue:
    """A clue to solve: its text and its cells across every linked light."""

    group: tuple[str, ...]
    text: str
    cells: tuple[Cell, ...]


def clues_of(p: Puzzle) -> tuple[Clue, ...]:
    """One Clue per group of linked entries (the first entry of a group holds the text)."""
    by_id = {e.id: e for e in p.entries}
    out = []
    for e in p.entries:
        if e.group[0] != e.id:
            continue
        cells = tuple(cell for g in e.group for cell in by_id[g].cells)
        out.append(Clue(e.group, e.clue, cells))
    return tuple(out)


def references(text: str, clues: Sequence[Clue]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The cross-references in a clue's text outside its enumeration: (as written, indexes
    of the clues it names). A run like "4,21" names one linked answer, or else each number
    its own, read in turn; a reference that names no clue, or two, is left out."""
    m = ENUMERATION.search(text)
    body = text[: m.start()] if m else text
    owner = {ident: k for k, c in enumerate(clues) for ident in c.group}

    def named(run: str) -> int | None:
        ids = []
        for number, way in NUMBERED.findall(run):
            ids.append([i for i in entry_ids(number, way) if i in owner])
        whole = {owner[i] for options in ids for i in options if all(any(j in clues[owner[i]].group for j in o) for o in ids)}
        return whole.pop() if all(ids) and len(whole) == 1 else None

    out = []
    for found in REFERENCE.finditer(body):
        run = found.group(1)
        parts = [run] if named(run) is not None else [p.strip() for p in run.split(",")]
        if all(named(part) is not None for part in parts):  # "1,000,000" names nothing, not 1-across
            out.append((run, tuple(named(part) for part in parts)))
    return tuple(out)


def substituted(text: str, refs: Sequence[tuple[str, tuple[int, ...]]], answers: dict[int, str]) -> str | None:
    """The clue with each cross-reference replaced by its answers, written as words (None:
    an answer is not known yet)."""
    if not refs or any(k not in answers for _, ks in refs for k in ks):
        return None
    for written, ks in refs:
        words = " ".join(answers[k].lower() for k in ks)
        text = re.sub(rf"(?<![\w,]){re.escape(written)}(?!\w)", lambda _: words, text, count=1)
    return text


def readable(clue: Clue) -> nodes.Clue | None:
    """The clue parsed, its enumeration taken from the grid when the text has none (plain
    puzzles print none); None when it cannot be read or disagrees with the grid."""
    from cryptic.parse import ClueError, parse_clue

    text = clue.text.strip()
    try:
        parsed = parse_clue(text if enumeration_total(text) is not None else f"{text} ({len(clue.cells)})")
    except ClueError:
        return None
    return parsed if parsed.enumeration.length == len(clue.cells) else None


def candidates(clue: Clue, pattern: str | None, timeout: float, plain: bool = False) -> list[Candidate]:
    """(letters, score, explanation) for a clue, best first; [] when it cannot be read. A
    plain puzzle's clue is read as a definition; a cryptic one's both as a cryptic clue and
    as a plain one whose definition is at an end (a general-knowledge clue in a puzzle that
    is not called plain), each answer at the better of its two chances (both calibrated: on
    whole cryptic clues the plain chances are if anything too low, benchmarks/fit_readings.py)."""
    from cryptic.rank import solve

    parsed = readable(clue)
    if parsed is None or pattern is not None and OPEN not in pattern:
        return []
    if plain:
        return plain_candidates(parsed, pattern)
    try:
        outcome = solve(parsed, pattern, timeout=timeout, depth=PUZZLE_DEPTH, letters_given=False)
    except ValueError:
        return []
    cryptic = [(s.answer, s.score, s.explanation) for s in outcome.solutions if len(s.answer) == len(clue.cells)]
    as_plain = [(w, score, f"{why} (read as a plain clue)") for w, score, why in plain_candidates(parsed, pattern, ends=True)]
    return merged(cryptic, as_plain)[:MAX_CANDIDATES]


WARM_CLUE = "Lowest point in ruptured drain (5)"  # the README's clue: its solve reads every kind of table


def warm() -> None:
    """Load the tables a clue's candidates read, by solving WARM_CLUE with letters given,
    guessed and none, and reading it plainly: processes forked after it share them, and no
    clue's budget pays the 0.6-1 s their loading takes (a quiptic clue's first solve has 1.7 s)."""
    from cryptic.parse import parse_clue
    from cryptic.rank import solve

    clue = parse_clue(WARM_CLUE)
    for pattern, given in ((None, True), ("N?D?R", True), ("N?D?R", False)):
        solve(clue, pattern, letters_given=given)
    for pattern in (None, "N?D?R"):
        plain_candidates(clue, pattern, ends=True)


def merged(*pools: Sequence[Candidate]) -> list[Candidate]:
    """Candidates from several pools, each answer once at its best score, best first."""
    best: dict[Letters, tuple[float, str]] = {}
    for pool in pools:
        for w, score, why in pool:
            if score >= best.get(w, (-1.0, ""))[0]:
                best[w] = (score, why)
    return sorted(((w, score, why) for w, (score, why) in best.items()), key=lambda c: (-c[1], c[0]))


def plain_candidates(parsed: nodes.Clue, pattern: str | None, ends: bool = False) -> list[Candidate]:
    """A plain clue's answers: what the whole clue, or a run of words in it (`ends`: at
    either end), defines; each scored by the chance that an answer so found, at its rank
    among all the clue's answers (crossing letters aside), is right (corpora/plain.json)."""
    from cryptic import thesaurus as th
    from cryptic.rank import RELATIONS

    parsed = respelt_clue(parsed)
    key = th.norm(" ".join(parsed.words))
    chances = sorted(((plain_chance(features) * share, c, phrase) for c, phrase, share, features in plain_pool(parsed, pattern, ends)), key=lambda f: -f[0])
    named = [(c.letters, value, f'{c.letters}: "{phrase}" = definition{f" ({r})" if (r := RELATIONS.get(c.relation, "")) else ""}')
             for value, c, phrase in chances[:PLAIN_CANDIDATES]]  # fmt: skip
    return merged(named, glossed_fits(key, parsed.enumeration, pattern))


def respelt_clue(parsed: nodes.Clue) -> nodes.Clue:
    """A one-word clue the thesaurus does not know read as its nearest known spelling (a
    misprint: "Impetuousity" as impetuosity); any other clue as it is."""
    from cryptic import thesaurus as th

    if len(parsed.words) != 1 or (word := th.respelt(th.norm(parsed.words[0]))) is None:
        return parsed
    return replace(parsed, words=(word,))


def plain_pool(parsed: nodes.Clue, pattern: str | None, ends: bool = False) -> list[tuple[th.Candidate, str, float, dict[str, float]]]:
    """The answers a plain clue's chances are weighed for, with their features: the first
    4 * PLAIN_CANDIDATES by the definition score, and every one the reverse dictionary finds
    for the whole clue (its glosses may say the clue where no relation does: LOQUAT); with
    crossing letters, of one word too, and its best fitting answers that no relation gives
    ("Quarrelling", A?L?G?E?H?A?S: AT LOGGERHEADS, "in a dispute or confrontation")."""
    from cryptic import thesaurus as th
    from cryptic.lookup.similar import similarity
    from cryptic.nodes import pattern_ok
    from cryptic.rank import echoes

    key = th.norm(" ".join(parsed.words))
    shares = th.described(key, parsed.enumeration, pattern) if " " in key or pattern else {}
    ranked = plain_ranked(parsed, ends)
    found = ((rank, c, phrase, share) for rank, (c, phrase, share) in enumerate(ranked, 1) if pattern_ok(pattern, c.letters))
    pool = [f for k, f in enumerate(found) if k < 4 * PLAIN_CANDIDATES or f[1].letters in shares]
    if pattern is not None:
        have = {c.letters for _, c, _, _ in pool}
        extra = [c for c in th.retrieved_definitions(key, parsed.enumeration, pattern) if c.letters not in have and not echoes(c.letters, parsed.words)]
        pool += [(len(ranked) + i, c, key, 1.0) for i, c in enumerate(extra, 1)]
    return [(c, phrase, share, plain_features(rank, c, th.gloss_overlap(key, c.letters), shares.get(c.letters, 0.0), similarity(key, c.display)))
            for rank, c, phrase, share in pool]  # fmt: skip


def glossed_fits(key: str, enumeration: nodes.Enumeration, pattern: str | None) -> list[Candidate]:
    """The words fitting a pattern (when few do) whose glosses say some of the phrase."""
    from cryptic import thesaurus as th
    from cryptic.rank import fitting_words

    out = []
    for w in fitting_words(pattern, enumeration, GLOSSED_FITTING):
        if (share := th.gloss_overlap(key, w)) > 0:
            out.append((w, GLOSSED_FIT * share, f'{th.display(w, enumeration)}: its gloss says some of "{key}"'))
    return out


PAST_RELATIONS = "cl"


def plain_ranked(parsed: nodes.Clue, ends: bool = False) -> list[tuple[th.Candidate, str, float]]:
    """Every answer the clue's spans define, once each at its best: (candidate, the span,
    its share of the clue), in the order of the definition score."""
    from cryptic import thesaurus as th
    from cryptic.rank import echoes

    best: dict[Letters, tuple[float, th.Candidate, str, float]] = {}
    for span, share in plain_spans(parsed.words, ends):
        phrase = " ".join(span)
        for c in th.definitions(phrase, parsed.enumeration):
            if c.relation in PAST_RELATIONS or echoes(c.letters, parsed.words):  # never a word of the clue, or a form of one
                continue
            value = c.strength * share + PLAIN_FREQUENCY * c.frequency / 8
            old = best.get(c.letters)
            if value > (old[0] if old else 0.0):
                # A plain clue's answer the whole clue (the first span, share 1) defines is read as the whole
                # clue's (REFLEXIVE: its gloss says the clue, not a kind of "verb"), ordered by its best span;
                # not in a cryptic clue, whose whole text is no definition.
                whole = old is not None and old[3] == 1.0 and not ends
                best[c.letters] = (value, *old[1:]) if whole else (value, c, phrase, share)
    return [(c, phrase, share) for _, c, phrase, share in sorted(best.values(), key=lambda f: -f[0])]


# Relations grouped as the fit sees them (cryptic.thesaurus codes; synonyms are the baseline).
PLAIN_GROUPS = {"kind": "oqx", "instance": "i", "broader": "h", "gloss": "g", "retrieved": "we", "two_steps": "2k", "other": "adp"}


def plain_features(rank: int, c: th.Candidate, overlap: float, described: float = 0.0, similar: float = 0.0) -> dict[str, float]:
    """What a plain answer's chance is fitted on: its rank, strength, frequency and relation,
    how much of the clue its WordNet glosses say (`thesaurus.gloss_overlap`), how much its
    best gloss says by the reverse dictionary (`thesaurus.described`), and how near the
    clue it is in meaning (the word vectors' cosine, `similar.similarity`)."""
    return {"log_rank": math.log(rank), "strength": c.strength, "frequency": c.frequency / 8, "overlap": overlap, "described": described,
            "similar": similar, **{g: float(c.relation in codes) for g, codes in PLAIN_GROUPS.items()}}  # fmt: skip


def plain_chance(features: Mapping[str, float]) -> float:
    """The chance a plain answer with these features is right (logistic; corpora/plain.json)."""
    from cryptic.lexicon import number_table

    w = number_table("plain.json")
    z = w["bias"] + sum(w[k] * v for k, v in features.items())
    return 1 / (1 + math.exp(-z))


def plain_spans(words: Words, ends: bool = False) -> Iterator[tuple[Words, float]]:
    """The spans a plain clue's answer may define, with how much of the clue each is: the
    whole clue, then every run of up to three words starting and ending with a content
    word ("Procession of vehicles carrying politicians" -> "Procession of vehicles");
    with `ends`, as a cryptic clue puts its definition, only those at either end."""
    from cryptic.thesaurus import FUNCTION_WORDS

    yield words, 1.0
    content = [w.lower() not in FUNCTION_WORDS for w in words]
    for i in range(len(words)):
        for j in range(i + 1, min(len(words), i + 3) + 1):
            if (i, j) != (0, len(words)) and content[i] and content[j - 1] and (not ends or i == 0 or j == len(words)):
                yield words[i:j], 0.5 + 0.5 * (j - i) / len(words)


def pattern_of(cells: Sequence[Cell], letters: dict[Cell, str]) -> str:
    """The crossing letters known so far, '.' elsewhere."""
    return "".join(letters.get(cell, OPEN) for cell in cells)
