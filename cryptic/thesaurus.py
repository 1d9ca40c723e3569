"""The lookup API over the compiled thesaurus: synonyms, definitions, abbreviations and the
answer lexicon. Pure and cached; the index is built on first use (thesaurus.build)."""

from __future__ import annotations

import functools
import os
import re
import sqlite3
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import NamedTuple

from cryptic.data import DataError
from cryptic.forest import MAX, Bounds, LeafKind
from cryptic.lexicon import abbreviations as substitutions
from cryptic.nodes import Enumeration, Letters, Words

# How strongly each relation suggests a definition (thesaurus.build's codes).
STRENGTH: Mapping[str, float] = MappingProxyType(
    {"s": 1.0, "m": 0.9, "a": 0.8, "o": 0.75, "i": 0.75, "r": 0.7, "q": 0.6, "h": 0.55, "d": 0.5, "x": 0.45}
)
INFLECTED = 0.9  # a match through an inflection (drains -> DRAIN -> SEWERS) counts a little less
ARTICLES = ("a ", "an ", "the ", "one ", "some ")
SEPARATORS = 9  # spaces, hyphens and apostrophes a phrase may have beyond its letters
INFLECTION_GROWTH = 4  # letters an inflection adds at most (-ing, -ies)
PART = 0.5  # an answer related to one content word of an unknown phrase
MAX_COMPOSED = 4  # longer unknown phrases are not read word by word
TWO_HOP = 0.3  # an answer related to a synonym of the phrase
CODES = "smaoirqhdx"  # thesaurus.build's relation codes, strongest first
FIRST_HOP = CODES.index("r")  # two-hop paths start with a synonym-like relation
DEGREES = {"more": "JJR", "most": "JJS"}
FUNCTION_WORDS = frozenset(
    "a an the of in on at to for from by with and or one some any this that these those it its is are was be "
    "type kind sort form perhaps maybe say possibly example instance like such as who which what where when "
    "how how's what's it's there their his her they them he she you your i me my we our us not no so very "
    "something someone somebody thing things".split()
)
PARTS_MISMATCH = 0.3  # SUPPORTER for (5,4): right letters, but no spelling has those word breaks


class Candidate(NamedTuple):
    """An answer a definition could have, with how it was found. (A named tuple, not a
    dataclass: a lookup makes hundreds, and a tuple is made several times faster.)"""

    letters: Letters
    display: str
    strength: float
    frequency: float
    relation: str


# ---------------------------------------------------------------- the index


@dataclass(frozen=True, slots=True)
class Graph:
    """The relation graph in compressed sparse rows (see thesaurus.build)."""

    nodes: tuple[str, ...]
    letters: tuple[Letters, ...]
    ids: Mapping[str, int]
    indptr: object  # numpy arrays
    indices: object
    codes: object
    lengths: object
    freqs: object


def folder():
    """The index folder, built on first use."""
    from thesaurus.paths import index_path

    path = index_path()
    if not (path / "lexicon.sqlite").exists():
        from thesaurus.build import build

        try:
            build(path)
        except Exception as e:  # any failure of the one-off build is reported, not traced
            raise DataError(f"could not build the thesaurus index {path}: {e}") from None
    return path


def corrupt(path) -> DataError:
    """The error for a damaged index."""
    return DataError(f"thesaurus index {path} is corrupt: delete that folder and it is rebuilt on the next run")


def connection() -> sqlite3.Connection:
    """The lexicon database, opened once per process (a forked worker opens its own)."""
    return _connection(os.getpid())


@functools.cache
def _connection(_pid: int) -> sqlite3.Connection:
    path = folder() / "lexicon.sqlite"
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        complete = db.execute("SELECT value FROM meta WHERE key = 'complete'").fetchone()
    except sqlite3.DatabaseError:
        complete = None
    if not complete:
        raise corrupt(path.parent)
    return db


@functools.cache
def graph() -> Graph:
    """The relation graph, memory-mapped."""
    import numpy as np

    path = folder()
    try:
        nodes = tuple((path / "nodes.txt").read_text(encoding="utf-8").split("\n")[:-1])
        spelt = tuple((path / "letters.txt").read_text(encoding="utf-8").split("\n")[:-1])
        arrays = [np.load(path / f"{name}.npy", mmap_mode="r") for name in ("indptr", "indices", "codes", "lengths", "freqs")]
    except (OSError, ValueError, UnicodeDecodeError):
        raise corrupt(path) from None
    if len(arrays[0]) != len(nodes) + 1 or not len(spelt) == len(arrays[3]) == len(arrays[4]) == len(nodes):
        raise corrupt(path)
    return Graph(nodes, spelt, {p: i for i, p in enumerate(nodes)}, *arrays)


@functools.lru_cache(maxsize=200_000)
def norm(phrase: str) -> str:
    """A lookup key: lower case, straight apostrophes, single spaces, no outer punctuation.

    >>> norm("  Lowest   Point? ")
    'lowest point'
    """
    phrase = phrase.lower().replace("’", "'").replace("_", " ")
    return re.sub(r"\s+", " ", re.sub(r"[^a-z0-9' \-.]", " ", phrase)).strip(" '.-")


Window = tuple[int, int]  # least and most letters of the answers wanted
EVERY: Window = (1, 255)


@functools.lru_cache(maxsize=20_000)
def related(phrase: str, window: Window = EVERY) -> tuple[tuple[str, str], ...]:
    """(answer, relation code) pairs for a normalised phrase, strongest first, answers
    of a length within the window (filtered in the arrays, before any string is made)."""
    g = graph()
    i = g.ids.get(phrase)
    if i is None:
        return ()
    lo, hi = int(g.indptr[i]), int(g.indptr[i + 1])
    ids, codes = g.indices[lo:hi], g.codes[lo:hi]
    if window != EVERY:
        lengths = g.lengths[ids]
        keep = (lengths >= window[0]) & (lengths <= window[1])
        ids, codes = ids[keep], codes[keep]
    return tuple((g.nodes[j], CODES[c]) for j, c in zip(ids.tolist(), codes.tolist()))


@functools.lru_cache(maxsize=5_000)
def two_hop(phrase: str, window: Window) -> tuple[int, ...]:
    """Graph ids of the answers with a length in the window related to something the
    phrase is a synonym of (two hops)."""
    import numpy as np

    g = graph()
    i = g.ids.get(phrase)
    if i is None or window[0] > MAX:
        return ()
    lo, hi = int(g.indptr[i]), int(g.indptr[i + 1])
    first = np.asarray(g.indices[lo:hi][g.codes[lo:hi] <= FIRST_HOP])
    if not len(first):
        return ()
    # One gather of every second-hop row (no Python loop over the first hop's nodes).
    starts, sizes = g.indptr[first], g.indptr[first + 1] - g.indptr[first]
    offsets = np.repeat(starts - (np.cumsum(sizes) - sizes), sizes)
    found = np.asarray(g.indices[np.arange(int(sizes.sum())) + offsets])
    lengths = g.lengths[found]
    found = np.unique(found[(lengths >= window[0]) & (lengths <= window[1])])
    return tuple(j for j in found.tolist() if j != i)


@functools.lru_cache(maxsize=100_000)
def lemmas(form: str) -> tuple[tuple[str, str], ...]:
    """(lemma, tag) pairs of which the phrase is an inflection (drains -> drain NNS, VBZ)."""
    return tuple(connection().execute("SELECT lemma, tag FROM forms WHERE form = ?", (form,)).fetchall())


@functools.lru_cache(maxsize=100_000)
def inflect(lemma: str, tag: str) -> tuple[str, ...]:
    """The inflections of a lemma with a tag (drain, NNS -> drains)."""
    return tuple(r[0] for r in connection().execute("SELECT form FROM forms WHERE lemma = ? AND tag = ?", (lemma, tag)))


def variants(phrase: str) -> Iterator[str]:
    """Yield the phrase and the forms a definition is also looked up by: without an article,
    a possessive or hyphens."""
    seen = set()
    p = norm(phrase)
    candidates = [p, p.replace("-", " "), p.replace("-", "")]
    for art in ARTICLES:
        if p.startswith(art):
            candidates.append(p[len(art):])
    if p.endswith("'s"):
        candidates.append(p[:-2])
    candidates.append(p.replace("'", ""))
    for c in candidates:
        c = c.strip()
        if c and c not in seen:
            seen.add(c)
            yield c


def relations(phrase: str, compose: bool = True, window: Window = EVERY) -> Iterator[tuple[str, str, float]]:
    """Yield (answer, code, strength) for the phrase: directly, through its lemmas with the
    answer inflected the same way, and (when `compose`) for a phrase of a few words the
    thesaurus does not know, through its content words ("Pasta dish" -> pasta, dish).
    Answers outside the length window may come too; none inside it is missed."""
    known = False
    for v in variants(phrase):
        for answer, code, strength in lemma_relations(v, window):
            known = True
            yield answer, code, strength
    key = norm(phrase)
    degree = DEGREES.get(key.split(" ")[0]) if " " in key else None
    if degree:  # "more powerful" -> STRONGER
        for answer, code, strength in lemma_relations(key.split(" ", 1)[1], widened(window)):
            for form in inflect(answer, degree):
                yield form, code, strength * INFLECTED
    if compose and not known and 1 < len(key.split(" ")) <= MAX_COMPOSED:
        for word in content_words(key):
            for answer, code, strength in lemma_relations(word, window):
                yield answer, code, strength * PART


def widened(window: Window) -> Window:
    """The lengths a lemma may have for its inflection to fit the window (drain -> drains)."""
    return window if window == EVERY else (max(1, window[0] - INFLECTION_GROWTH), window[1] + 1)


def lemma_relations(v: str, window: Window = EVERY) -> Iterator[tuple[str, str, float]]:
    """Yield (answer, code, strength) for one normalised form, directly and through its lemmas."""
    for answer, code in related(v, window):
        yield answer, code, STRENGTH[code]
    for lemma, tag in lemmas(v):
        if lemma != v:
            for form, code in inflected_relations(lemma, tag, window):
                yield form, code, STRENGTH[code] * INFLECTED


@functools.lru_cache(maxsize=10_000)
def inflected_relations(lemma: str, tag: str, window: Window) -> tuple[tuple[str, str], ...]:
    """(answer, code) for a lemma's relations inflected like the definition was (drain's
    SEWER + NNS -> SEWERS)."""
    pairs = related(lemma, widened(window))
    forms = inflections(tuple(a for a, _ in pairs), tag, window)
    return tuple((form, code) for answer, code in pairs for form in forms.get(answer, ()))


def inflections(answers: tuple[str, ...], tag: str, window: Window = EVERY) -> dict[str, tuple[str, ...]]:
    """answer -> its inflections with a tag, about as long as the window allows (spaces and
    hyphens count), fetched in one query per 500 answers; a participle the inflector does
    not know keeps its -ed."""
    answers = tuple(dict.fromkeys(answers))
    forms: dict[str, tuple[str, ...]] = {}
    for k in range(0, len(answers), 500):
        chunk = answers[k : k + 500]
        query = (
            "SELECT lemma, form FROM forms WHERE tag = ? AND length(form) BETWEEN ? AND ? "
            f"AND lemma IN ({','.join('?' * len(chunk))})"
        )
        for answer, form in connection().execute(query, (tag, window[0], window[1] + SEPARATORS, *chunk)):
            forms[answer] = (*forms.get(answer, ()), form)
    if tag in ("VBN", "VBD"):
        forms.update({a: (a,) for a in answers if a not in forms and a.endswith("ed")})
    return forms


@functools.lru_cache(maxsize=5_000)
def distant(key: str, length: int) -> tuple[tuple[Letters, str], ...]:
    """(letters, answer) for answers of a length two hops from a normalised phrase: from
    each of its forms, and from each of its lemmas with the answer inflected the same way."""
    g = graph()
    found: dict[Letters, str] = {}
    for v in variants(key):
        for j in two_hop(v, (length, length)):
            found.setdefault(g.letters[j], g.nodes[j])
        for lemma, tag in lemmas(v):
            if lemma != v:
                answers = tuple(g.nodes[j] for j in two_hop(lemma, widened((length, length))))
                for forms in inflections(answers, tag, (length, length)).values():
                    for f in forms:
                        if len(lets := letters_of(f)) == length:
                            found.setdefault(lets, f)
    return tuple(found.items())


def content_words(phrase: str) -> list[str]:
    """The words of a phrase that carry its meaning (no articles, 'type of', 'perhaps')."""
    return [w for w in phrase.split(" ") if w not in FUNCTION_WORDS and len(w) > 1]


# ---------------------------------------------------------------- the answer lexicon


def fits_parts(display: str, enumeration: Enumeration) -> bool:
    """Are a phrase's word lengths the enumeration's? (Counting the words first rejects
    most phrases without splitting them.)"""
    return display.count(" ") + display.count("-") + 1 == len(enumeration.parts) and parts_of(display) == enumeration.parts


def parts_of(display: str) -> tuple[int, ...]:
    """Word lengths of a phrase: 'ice cream' -> (3, 5)."""
    return tuple(n for n in (len(letters_of(w)) for w in display.replace("-", " ").split()) if n)


# Deleting everything but A-Z with str.translate is several times faster than a regex, and
# letters_of runs for every candidate answer of every lookup.
NOT_LETTERS = {c: None for c in range(256) if not 65 <= c <= 90}


def letters_of(text: str) -> Letters:
    """Upper-case A-Z letters of a phrase."""
    out = text.upper().translate(NOT_LETTERS)
    return out if out.isascii() else re.sub(r"[^A-Z]", "", out)


@functools.lru_cache(maxsize=64)
def lexicon(length: int) -> Mapping[Letters, tuple[tuple[tuple[int, ...], float, str], ...]]:
    """letters -> ((word lengths, frequency, display), ...) for every answer of this length."""
    table: dict[Letters, list] = {}
    if 1 <= length <= MAX:
        for lets, display, parts, freq in connection().execute(
            "SELECT letters, display, parts, freq FROM words WHERE length(letters) = ?", (length,)
        ):
            table.setdefault(lets, []).append((tuple(int(p) for p in parts.split(",")), freq, display))
    return MappingProxyType({k: tuple(v) for k, v in table.items()})


def fits_enumeration(parts: tuple[int, ...], enumeration: Enumeration | None) -> bool:
    """Do a phrase's word lengths match the enumeration's (any separators)?"""
    return enumeration is None or parts == enumeration.parts


@functools.lru_cache(maxsize=200_000)
def spellings(letters: Letters) -> tuple[tuple[tuple[int, ...], float, str], ...]:
    """((word lengths, frequency, display), ...) of the lexicon's phrases with these letters."""
    rows = connection().execute("SELECT parts, freq, display FROM words WHERE letters = ?", (letters,))
    return tuple((tuple(int(p) for p in parts.split(",")), freq, shown) for parts, freq, shown in rows)


def is_word(letters: Letters, enumeration: Enumeration | None = None) -> bool:
    """Is this an answer in the lexicon, with these word breaks?"""
    return any(fits_enumeration(p, enumeration) for p, _, _ in spellings(letters))


COMMON = 3.0  # Zipf frequency above which a word-frequency list's entry counts as a word


@functools.lru_cache(maxsize=50_000)
def in_dictionary(letters: Letters, enumeration: Enumeration | None = None) -> bool:
    """Is this a dictionary word (a thesaurus entry or an inflection of one), or a common
    one (names)? The frequency list alone also holds fragments like 'cellent'."""
    g = graph()
    for parts, freq, shown in spellings(letters):
        if fits_enumeration(parts, enumeration) and (freq >= COMMON or shown in g.ids or lemmas(shown)):
            return True
    return False


def frequencies(many: tuple[Letters, ...]) -> dict[Letters, float]:
    """Zipf frequencies of many answers in one query per 500 (0 for unknown ones)."""
    out: dict[Letters, float] = {}
    for k in range(0, len(many), 500):
        chunk = many[k : k + 500]
        marks = ",".join("?" * len(chunk))
        for lets, freq in connection().execute(f"SELECT letters, max(freq) FROM words WHERE letters IN ({marks}) GROUP BY letters", chunk):
            out[lets] = freq
    return out


def display_frequencies(answers: tuple[tuple[Letters, str], ...]) -> dict[Letters, float]:
    """Zipf frequencies of (letters, display) answers: from the graph's array for those
    spelt as a graph node (most), from the lexicon for the rest (inflections)."""
    g = graph()
    known = [(lets, i) for lets, d in answers if (i := g.ids.get(d)) is not None]
    out = dict(zip((lets for lets, _ in known), g.freqs[[i for _, i in known]].tolist()))
    return out | frequencies(tuple(lets for lets, _ in answers if lets not in out))


def frequency(letters: Letters) -> float:
    """Zipf frequency of the commonest phrase spelt with these letters (0: unknown)."""
    return max((f for _, f, _ in spellings(letters)), default=0.0)


def display(letters: Letters, enumeration: Enumeration | None = None) -> str:
    """How an answer is written: 'ICE CREAM' for ICECREAM (3,5); the enumeration's breaks
    when there is one, else the lexicon's spelling."""
    if enumeration is None or len(letters) != enumeration.length:
        forms = [d for p, _, d in spellings(letters) if "'" not in d]
        return forms[0].upper() if forms else letters
    out, i = [], 0
    for part, sep in zip(enumeration.parts, (*enumeration.separators, "")):
        out.append(letters[i : i + part] + (" " if sep == "," else sep))
        i += part
    return "".join(out).strip()


@functools.lru_cache(maxsize=64)
def anagram_index(length: int) -> Mapping[str, tuple[Letters, ...]]:
    """sorted letters -> words with those letters, for one length."""
    table: dict[str, list[Letters]] = {}
    for word in lexicon(length):
        table.setdefault("".join(sorted(word)), []).append(word)
    return MappingProxyType({k: tuple(v) for k, v in table.items()})


def anagrams(letters: Letters, enumeration: Enumeration | None = None) -> Iterator[Letters]:
    """Yield the answers made of exactly these letters (with matching word breaks)."""
    letters = letters_of(letters)
    for word in anagram_index(len(letters)).get("".join(sorted(letters)), ()):
        if is_word(word, enumeration):
            yield word


def matching(pattern: str, enumeration: Enumeration | None = None) -> Iterator[Letters]:
    """Yield the answers fitting a pattern like 'N?D?R' ('?', '.' or '_' for unknown letters)."""
    pattern = pattern.upper()
    if not re.fullmatch(r"[A-Z?._]*", pattern) or not pattern:
        return
    rx = re.compile(re.sub(r"[?._]", ".", pattern))
    for word in lexicon(len(pattern)):
        if rx.fullmatch(word) and is_word(word, enumeration):
            yield word


def with_prefix(prefix: Letters, length: int) -> Iterator[Letters]:
    """Yield the answers of a length that start with a prefix."""
    for word in lexicon(length):
        if word.startswith(prefix):
            yield word


# ---------------------------------------------------------------- the API the solver uses


def abbreviations(word: str) -> tuple[Letters, ...]:
    """The substitutions setters use for a word or phrase ("doctor" -> DR, MO, ...)."""
    return substitutions(tuple(norm(word).split()))


@functools.lru_cache(maxsize=50_000)
def synonym_table(phrase: str) -> Mapping[Letters, float]:
    """letters -> strength, for everything a wordplay leaf could stand for: synonyms (both
    sources, all WordNet relations), substitutions, and a short word itself."""
    table: dict[Letters, float] = {}

    def add(letters: Letters, strength: float) -> None:
        if letters and strength > table.get(letters, 0.0):
            table[letters] = strength

    for answer, _code, strength in relations(phrase, compose=False):
        add(letters_of(answer), strength)
    key = norm(phrase)
    for v in (key, key[:-2] if key.endswith("'s") else ""):
        for sub in substitutions(tuple(v.split())):
            add(sub, 1.0)
    if len(letters_of(key)) <= 3 and " " not in key:
        add(letters_of(key), 0.8)  # "on" -> ON, "us" -> US
    return MappingProxyType(table)


def synonyms(phrase: str, length: int | None = None) -> Iterator[Letters]:
    """Yield the letters a wordplay leaf could stand for, strongest first."""
    table = synonym_table(norm(phrase))
    for letters in sorted(table, key=lambda x: -table[x]):
        if length is None or len(letters) == length:
            yield letters


@functools.lru_cache(maxsize=10_000)
def definition_table(phrase: str, length: int | None = None) -> Mapping[Letters, Candidate]:
    """letters -> best Candidate (frequency not yet looked up), for every answer the phrase
    could define (of one length, when given)."""
    table: dict[Letters, Candidate] = {}
    own = letters_of(phrase)
    window = (length, length) if length else EVERY
    for answer, code, strength in relations(phrase, window=window):
        lets = letters_of(answer)
        if not lets or lets == own or length and len(lets) != length:
            continue
        old = table.get(lets)
        if old is None or strength > old.strength:
            table[lets] = Candidate(lets, answer, strength, 0.0, code)
    return MappingProxyType(table)


def definitions(phrase: str, enumeration: Enumeration | None = None, deep: bool = True) -> list[Candidate]:
    """The answers the phrase could define, best first (strength, then frequency). With an
    enumeration and `deep`, answers two hops away (a synonym's relations) are included, weakly."""
    return list(ranked_definitions(norm(phrase), enumeration, deep))


@functools.lru_cache(maxsize=5_000)
def ranked_definitions(key: str, enumeration: Enumeration | None, deep: bool) -> tuple[Candidate, ...]:
    """definitions(), cached by normalised phrase."""
    n = enumeration.length if enumeration else None
    table = {lets: (c.display, c.strength, c.relation) for lets, c in definition_table(key, n).items()}
    if enumeration is not None and deep:
        own = letters_of(key)
        for lets, answer in distant(key, enumeration.length):
            if lets not in table and lets != own:
                table[lets] = (answer, TWO_HOP, "2")
    freq = display_frequencies(tuple((lets, d) for lets, (d, _, _) in table.items()))
    found = [
        Candidate(lets, d, s if enumeration is None or fits_parts(d, enumeration) or is_word(lets, enumeration) else s * PARTS_MISMATCH, freq.get(lets, 0.0), r)
        for lets, (d, s, r) in table.items()
    ]
    return tuple(sorted(found, key=lambda c: (-c.strength, -c.frequency, c.letters)))


def length_only(n: int) -> Enumeration:
    """The enumeration of a one-word answer of n letters."""
    return Enumeration((n,), (), n)


def definition_strength(phrase: str, answer: Letters) -> float:
    """How strongly the phrase defines the answer (0: not at all), two hops included."""
    key = norm(phrase)
    c = definition_table(key, len(answer)).get(answer)
    if c is not None:
        return c.strength
    if any(answer == lets for lets, _ in distant(key, len(answer))):
        return TWO_HOP
    return 0.0


@functools.lru_cache(maxsize=50_000)
def homophones(s: Letters) -> tuple[Letters, ...]:
    """Words that sound like s (by the CMU pronouncing dictionary), s itself excluded."""
    rows = connection().execute(
        "SELECT DISTINCT b.letters FROM sounds a JOIN sounds b ON a.pron = b.pron WHERE a.letters = ? AND b.letters != ?", (s, s)
    )
    return tuple(r[0] for r in rows)


@functools.lru_cache(maxsize=200_000)
def _bounds(kind: LeafKind, phrase: str) -> Bounds | None:
    table = synonym_table(phrase) if kind == "synonym" else definition_table(phrase)
    if not table:
        return None if kind == "synonym" else (1, MAX)
    lengths = [len(x) for x in table]
    return (min(lengths), max(lengths))


@functools.lru_cache(maxsize=200_000)
def leaf_bounds(kind: LeafKind, words: Words) -> Bounds | None:
    """Leaf bounds from the thesaurus: the lengths of what the words can stand for.

    A definition the thesaurus does not know still stands (1..MAX): the solver can find its
    answer through the wordplay alone."""
    if len(words) == 1 and words[0].startswith("#"):
        return None
    return _bounds(kind, norm(" ".join(words)))


def warm() -> None:
    """Open the index now (building it if need be), so the first lookup is not slow."""
    connection()
