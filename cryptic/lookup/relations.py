"""What a phrase is related to in the graph: its relations, its words' and lemmas', two steps
away, by inflection, spoken numbers; the strength of each relation."""

from __future__ import annotations

import functools
import math
import re
import string
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import NamedTuple

from cryptic.lexicon import written_out
from cryptic.lookup.index import EVERY, Window, graph, node_id, norm, row, row_positions, spans, sparse_index
from cryptic.nodes import MAX_LETTERS, Letters
from cryptic.tuning import AGREED, FAR_LEAST, FAR_SUPPORTED, INFLECTED, INFLECTION_GROWTH, MAX_COMPOSED, PART, PARTS_MISMATCH, RESPELT_LEAST, TWO_HOP
from thesaurus.layout import CODES, INFLECTION_TAGS, LENGTH_COLUMNS

# How strongly each relation suggests a definition (thesaurus.build's codes).
STRENGTH: Mapping[str, float] = MappingProxyType(
    {"s": 1.0, "m": 0.9, "a": 0.8, "o": 0.75, "i": 0.75, "r": 0.7, "q": 0.6, "h": 0.55, "d": 0.5, "x": 0.45, "p": 0.5}
)


ARTICLES = ("a ", "an ", "the ", "one ", "some ")


# "type of cheese" is looked up as "cheese" too (its kinds), not word by word ("item" -> ALSO)
KIND_OF = tuple(f"{w} of " for w in ("type", "kind", "sort", "item", "piece", "form", "variety", "breed", "species", "make"))


FIRST_HOP = CODES.index("r")  # two-hop paths start with a synonym-like relation


DEGREES = {"more": "JJR", "most": "JJS"}


FUNCTION_WORDS = frozenset(
    "a an the of in on at to for from by with and or one some any this that these those it its is are was be "
    "type kind sort form perhaps maybe say possibly example instance like such as who which what where when "
    "how how's what's it's there their his her they them he she you your i me my we our us not no so very "
    "something someone somebody thing things".split()
)


class Candidate(NamedTuple):
    """An answer a definition could have, with how it was found. (A named tuple, not a
    dataclass: a lookup makes hundreds, and a tuple is made several times faster.)"""

    letters: Letters
    display: str
    strength: float
    frequency: float
    relation: str
    support: int = 0  # how many of the phrase's synonyms also lead to it (Definitions)


@functools.lru_cache(maxsize=5_000)
def two_hop(phrase: str, window: Window):
    """Graph ids (a sorted read-only array) of the answers with a length in the window
    related to something the phrase is a synonym of (two hops), each once for every such
    synonym that leads to it. Each row's answers of those lengths are one range of its
    length-sorted copy."""
    import numpy as np

    g = graph()
    i = g.ids.get(phrase)
    if i is None or window[0] > MAX_LETTERS:
        return frozen(np.empty(0, np.int32))
    lo, hi = int(g.indptr[i]), int(g.indptr[i + 1])
    first = g.indices[lo:hi][g.codes[lo:hi] <= FIRST_HOP]
    starts = g.indptr[first]
    if window[1] < LENGTH_COLUMNS - 1:  # the last column counts the longer answers too
        found = g.by_length[spans(starts + g.length_starts[first, window[0]], starts + g.length_starts[first, window[1] + 1])[0]]
    else:  # long answers: read the rows
        found = g.by_length[spans(starts, g.indptr[first + 1])[0]]
        found = found[(g.lengths[found] >= window[0]) & (g.lengths[found] <= window[1])]
    found = np.sort(found)
    return frozen(found[found != i])


def inflected(ids, tag: str, window: Window):
    """The graph ids of the inflections with a tag of some nodes, of a length within the
    window, and the index in `ids` of each one's lemma, in the order of `ids`. A participle
    the inflector does not know keeps its -ed."""
    import numpy as np

    g = graph()
    positions, owners = row_positions(g.inflect_indptr, ids)
    forms = g.inflect_ids[positions]
    lengths = g.lengths[forms]
    tagged = g.inflect_tags[positions] == INFLECTION_TAGS.index(tag)
    keep = tagged & (lengths >= window[0]) & (lengths <= window[1])
    if tag in ("VBN", "VBD"):
        bare = np.ones(len(ids), dtype=bool)
        bare[owners[tagged]] = False
        bare = np.flatnonzero(bare)
        lengths = g.lengths[ids[bare]]
        bare = bare[(lengths >= window[0]) & (lengths <= window[1])]
        bare = bare[g.ed[ids[bare]]]
        forms, owners = np.concatenate([forms[keep], ids[bare]]), np.concatenate([owners[keep], bare])
        order = np.argsort(owners, kind="stable")
        return forms[order], owners[order]
    return forms[keep], owners[keep]


def frozen(array):
    """The array, read-only (it is cached and shared)."""
    array.flags.writeable = False
    return array


def no_relations() -> Relations:
    """Relations of nothing: three empty read-only arrays."""
    import numpy as np

    return frozen(np.empty(0, np.int32)), frozen(np.empty(0, np.uint8)), frozen(np.empty(0))


@functools.lru_cache(maxsize=100_000)
def lemmas(form: str) -> tuple[tuple[str, str], ...]:
    """(lemma, tag) pairs of which the phrase is an inflection (drains -> drain NNS, VBZ)."""
    g = graph()
    i = node_id(form)
    if i is None:
        return ()
    lo, hi = int(g.lemma_indptr[i]), int(g.lemma_indptr[i + 1])
    return tuple((g.nodes[j], INFLECTION_TAGS[t]) for j, t in zip(g.lemma_ids[lo:hi].tolist(), g.lemma_tags[lo:hi].tolist()))


def one_edit(word: str) -> Iterator[str]:
    """Yield the strings one edit from a word: a letter dropped, two swapped, one changed or
    one added (duplicates and all).

    >>> sorted(set(one_edit("ab")) & {"a", "b", "ba", "abc", "xb"})
    ['a', 'abc', 'b', 'ba', 'xb']
    """
    for i in range(len(word) + 1):
        head, tail = word[:i], word[i:]
        if tail:
            yield head + tail[1:]
            yield from (head + c + tail[1:] for c in string.ascii_lowercase if c != tail[0])
        if len(tail) > 1:
            yield head + tail[1] + tail[0] + tail[2:]
        yield from (head + c + tail for c in string.ascii_lowercase)


@functools.lru_cache(maxsize=1_000)
def respelt(word: str) -> str | None:
    """The commonest known word one edit from a word the thesaurus does not know, of at least
    RESPELT_LEAST letters: how a misspelt clue is read ("impetuousity": impetuosity); None for
    a known word, or one with no such neighbour."""
    g = graph()
    if len(word) < RESPELT_LEAST or not word.isalpha() or not word.isascii() or node_id(word) is not None:
        return None
    known = {j for w in set(one_edit(word)) if (j := node_id(w)) is not None}
    return g.nodes[max(known, key=lambda j: (g.freqs[j], -j))] if known else None


def variants(phrase: str) -> Iterator[str]:
    """Yield the phrase and the forms a definition is also looked up by: without an article,
    "type of" and the like, a possessive or hyphens; with short words written out."""
    seen = set()
    p = norm(phrase)
    candidates = [p, p.replace("-", " "), p.replace("-", "")]
    for art in ARTICLES + KIND_OF:
        if p.startswith(art):
            candidates.append(p[len(art):])
    if p.endswith("'s"):
        candidates.append(p[:-2])
    candidates.append(p.replace("'", ""))
    candidates.extend(spoken(p))
    candidates.extend(less_forms(p))
    if (whole := written_out(p)) is not None:  # "speedo" -> speedometer
        candidates.append(whole)
    for c in candidates:
        c = c.strip()
        if c and c not in seen:
            seen.add(c)
            yield c


LACKING = re.compile(r"(?:lacking|without|wanting|devoid of|with no|having no|bereft of|void of) (?:a |an |any )?([a-z]+)")


def less_forms(key: str) -> tuple[str, ...]:
    """The -less words a normalised "lacking X" phrase says ("lacking a point": pointless,
    "without friends": friendless), those the thesaurus knows."""
    if not (m := LACKING.fullmatch(key)):
        return ()
    word = m.group(1)
    stems = dict.fromkeys([word] + [lemma for lemma, _ in lemmas(word)])
    return tuple(f"{stem}less" for stem in stems if node_id(f"{stem}less") is not None)


NUMERAL = re.compile(r"[1-9]\d{0,2}(?: \d{3})+|[1-9]\d*|0")  # as norm leaves it: "1,000" is "1000"; "1 000" as printed


UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
         "seventeen eighteen nineteen").split()  # fmt: skip


TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()


SCALES = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"), (1000, "thousand"), (100, "hundred"))


def spoken(key: str) -> tuple[str, ...]:
    """A normalised numeral's names ("1 000 000 000 000": one trillion, trillion); () for others."""
    if not NUMERAL.fullmatch(key) or len(key) > 19:
        return ()
    name = number_words(int(key.replace(" ", "")))
    return tuple(dict.fromkeys((name, name.removeprefix("one "))))


def number_words(n: int) -> str:
    """A whole number in British English words: 105 -> 'one hundred and five'."""
    if n < 20:
        return UNITS[n]
    if n < 100:
        return TENS[n // 10 - 2] + (f"-{UNITS[n % 10]}" if n % 10 else "")
    size, name = next((size, name) for size, name in SCALES if n >= size)
    head, rest = divmod(n, size)
    return f"{number_words(head)} {name}" + (f" {'and ' if rest < 100 else ''}{number_words(rest)}" if rest else "")


Relations = tuple[object, object, object]  # arrays, one entry per relation: graph ids, relation codes, strengths


@functools.lru_cache(maxsize=10_000)
def relations(phrase: str, compose: bool = True, window: Window = EVERY) -> Relations:
    """The phrase's relations (read-only arrays, strongest source first): directly, through
    its lemmas with the answer inflected the same way, and (when `compose`) for a phrase of
    a few words the thesaurus does not know, through its content words ("Pasta dish" ->
    pasta, dish). Answers outside the length window may come too; none inside it is missed."""
    import numpy as np

    found = [found for v in variants(phrase) for found in lemma_relations(v, window)]
    known = any(len(ids) for ids, _, _ in found)
    key = norm(phrase)
    degree = DEGREES.get(key.split(" ")[0]) if " " in key else None
    if degree:  # "more powerful" -> STRONGER
        for ids, codes, strengths in lemma_relations(key.split(" ", 1)[1], widened(window)):
            forms, owners = inflected(ids, degree, window)
            found.append((forms, codes[owners], strengths[owners] * INFLECTED))
    if compose and not known and 1 < len(key.split(" ")) <= MAX_COMPOSED:
        if negated(key):  # "not happy" is no synonym of happy's
            found.append(opposed(key, window))
        else:
            found.extend((ids, codes, strengths * PART) for ids, codes, strengths in (word_relations(w, window) for w in content_words(key)))
            found.append(agreed(key, window))
            found.append(located(key, window))
    if not found:
        return no_relations()
    return tuple(frozen(np.concatenate(column)) for column in zip(*found))


@functools.lru_cache(maxsize=10_000)
def word_relations(word: str, window: Window = EVERY) -> Relations:
    """One word's relations, directly and through its lemmas (read-only arrays)."""
    import numpy as np

    return tuple(frozen(np.concatenate(column)) for column in zip(*lemma_relations(word, window)))


def turned_round(name: str, word: str):
    """A word's row of one of the index's turned-round tables ("part", "opposite"): graph ids."""
    import numpy as np

    index, indptr, ids = sparse_index(name)
    i = index.get(word)
    return ids[int(indptr[i]) : int(indptr[i + 1])] if i is not None else np.empty(0, np.int32)


def coded(ids, code: str, window: Window) -> Relations:
    """The graph ids whose lengths the window admits, as relations of one code at its strength."""
    import numpy as np

    lengths = graph().lengths[ids]
    found = ids[(lengths >= window[0]) & (lengths <= window[1])]
    return found, np.full(len(found), CODES.index(code), np.uint8), np.full(len(found), STRENGTH[code])


def parts_of(word: str, window: Window = EVERY) -> Relations:
    """The parts of the whole a word names (VENICE for "italian"), as relations coded "p"."""
    return coded(turned_round("part", word), "p", window)


def strongest(word: str, window: Window = EVERY) -> Relations:
    """A word's relations and the parts of the whole it names, the strongest for each graph
    id, sorted by id."""
    import numpy as np

    ids, codes, strengths = (np.concatenate(c) for c in zip(word_relations(word, window), parts_of(word, window)))
    order = np.lexsort((-strengths, ids))
    ids, codes, strengths = ids[order], codes[order], strengths[order]
    first = np.concatenate(([True], ids[1:] != ids[:-1])) if len(ids) else np.empty(0, bool)
    return ids[first], codes[first], strengths[first]


KINDS = frozenset(CODES.index(c) for c in "oiqxp")  # a kind, an instance or a part of what a word names


@functools.lru_cache(maxsize=10_000)
def agreed(key: str, window: Window = EVERY) -> Relations:
    """The answers both content words of a short unknown phrase lead to, one of them as a kind
    or a part of what it names, as strong as PART times the sum of the two relations, at most
    AGREED: "Italian city" -> VENICE (an instance of a city, part of Italy), "pasta dish" ->
    LASAGNA. Longer phrases and synonym-only agreements are cryptic readings' chance matches
    ("travel free" -> FAIR)."""
    import numpy as np

    words = content_words(key)
    if len(words) != 2 or len(key.split(" ")) > 3:
        return no_relations()
    (a, ca, sa), (b, cb, sb) = (strongest(w, window) for w in words)
    ids, i, j = np.intersect1d(a, b, assume_unique=True, return_indices=True)
    ca, sa, cb, sb = ca[i], sa[i], cb[j], sb[j]
    kinds = np.array(sorted(KINDS), dtype=np.uint8)
    keep = np.isin(ca, kinds) | np.isin(cb, kinds)
    codes = np.where(sa >= sb, ca, cb)
    return frozen(ids[keep]), frozen(codes[keep]), frozen(np.minimum(AGREED, PART * (sa + sb))[keep])


# A phrase that says the answer lies in a whole it names: "in Ohio", "a place in Mexico",
# "somewhere in California", "part of the body", "a region of Canada" (not "place of worship",
# a kind; nor "of" alone).
LOCATED = re.compile(
    r"(?:(?:a|an|some) )?(?:(?:place|spot|somewhere|area|region|site|part|section|feature|member) in"
    r"|(?:part|region|section|feature|member) of|in) (?:the |a |an )?([a-z]+(?: [a-z]+)?)"
)


@functools.lru_cache(maxsize=10_000)
def located(key: str, window: Window = EVERY) -> Relations:
    """The parts of the whole a normalised phrase says the answer lies in ("in Africa" ->
    NIGER, "part of the body" -> ARMPIT), as strong as a kind and a whole agreeing (AGREED):
    the phrase states the part relation itself, which a whole's name alone never does."""
    import numpy as np

    if not (m := LOCATED.fullmatch(key)):
        return no_relations()
    ids, codes, _ = parts_of(m.group(1), window)
    return frozen(ids), frozen(codes), frozen(np.full(len(ids), AGREED))


NEGATED = re.compile(r"not (?:very )?([a-z]+(?: [a-z]+)?)")  # "not happy", "not very big"


def negated(key: str) -> bool:
    """Does a normalised phrase deny what its last words say ("not happy")? Its content words
    and the glosses that use them say the opposite of what it means."""
    return NEGATED.fullmatch(key) is not None


@functools.lru_cache(maxsize=10_000)
def opposed(key: str, window: Window = EVERY) -> Relations:
    """What a normalised "not X" phrase says: X's opposites as WordNet pairs them ("not happy"
    -> UNHAPPY, "not very big" -> SMALL), as strong as its similar-to links (its own pairing of
    senses), and their relations as a content word's (PART times theirs: "not happy" -> SAD)."""
    import numpy as np

    if not (m := NEGATED.fullmatch(key)):
        return no_relations()
    opposites = turned_round("opposite", m.group(1))
    found = [coded(opposites, "a", window)]
    found.extend((ids, codes, strengths * PART) for ids, codes, strengths in (word_relations(graph().nodes[j], window) for j in opposites.tolist()))
    return tuple(frozen(np.concatenate(column)) for column in zip(*found))


def widened(window: Window) -> Window:
    """The lengths a lemma may have for its inflection to fit the window (drain -> drains)."""
    return window if window == EVERY else (max(1, window[0] - INFLECTION_GROWTH), window[1] + 1)


def lemma_relations(v: str, window: Window = EVERY) -> list[Relations]:
    """The relations of one normalised form, directly and through its lemmas (a lemma's
    relations inflected like the form: drains -> drain's SEWER -> SEWERS)."""
    weights = code_strengths()
    ids, codes = row(v, window)
    found = [(ids, codes, weights[codes])]
    for lemma, tag in lemmas(v):
        if lemma != v:
            ids, codes = row(lemma, widened(window))
            forms, owners = inflected(ids, tag, window)
            found.append((forms, codes[owners], weights[codes[owners]] * INFLECTED))
    return found


@functools.cache
def code_strengths():
    """The strength of each relation code, as an array indexed by code."""
    import numpy as np

    return frozen(np.array([STRENGTH[c] for c in CODES]))


@functools.lru_cache(maxsize=5_000)
def distant(key: str, length: int):
    """Graph ids (a read-only array, some many times) of the answers of a length two hops
    from a normalised phrase: from each of its forms, and from each of its lemmas with the answer
    inflected the same way, once for each synonym on the way."""
    import numpy as np

    reached = [np.empty(0, np.int32)]
    for v in variants(key):
        reached.append(two_hop(v, (length, length)))
        for lemma, tag in lemmas(v):
            if lemma != v:
                reached.append(inflected(two_hop(lemma, widened((length, length))), tag, (length, length))[0])
    return frozen(np.concatenate(reached))


# Among answers equally related to a phrase, the one more of its synonyms also lead to is
# likelier ("fill": CRAM through pack, stuff, jam): ordered by this before frequency, a
# marked definition's answer comes first in 15.1% of wordplay-train rows, not 12.2%, and
# its mean reciprocal rank is 0.232, not 0.200 (first 3,000 rows).
@functools.lru_cache(maxsize=5_000)
def route_counts(key: str, length: int) -> tuple[object, object]:
    """The letter ranks (graph.ranks, sorted, distinct) of the answers two hops from a
    normalised phrase, and how many of its synonyms lead to each (read-only arrays)."""
    import numpy as np

    ranks, counts = np.unique(graph().ranks[distant(key, length)], return_counts=True)
    return frozen(ranks), frozen(counts)


def support(key: str, length: int, ids):
    """How many synonyms of a normalised phrase lead to each of some graph ids' letters."""
    import numpy as np

    ranks, counts = route_counts(key, length)
    wanted = graph().ranks[ids]
    if not len(ranks):
        return np.zeros(len(wanted), np.int64)
    at = np.minimum(np.searchsorted(ranks, wanted), len(ranks) - 1)
    return np.where(ranks[at] == wanted, counts[at], 0).astype(np.int64)


def far_candidates(ids, fits, freqs, supports, own: Letters) -> Iterator[Candidate]:
    """Yield the Candidates for graph ids two hops away, in order, but the phrase's own letters."""
    g = graph()
    for j, fit, freq, n in zip(ids.tolist(), fits.tolist(), freqs.tolist(), supports.tolist()):
        if (lets := g.letters[j]) != own:
            yield Candidate(lets, g.nodes[j], far_strength(n) * (1.0 if fit else PARTS_MISMATCH), freq, "2", n)


def far_strength(support: int) -> float:
    """How strongly an answer two hops away is defined: TWO_HOP when FAR_SUPPORTED of the
    phrase's synonyms or more lead to it, less the fewer do (one route: FAR_LEAST of it).

    >>> far_strength(1) < far_strength(2) < far_strength(8) == far_strength(20) == TWO_HOP
    True
    """
    share = min(1.0, math.log2(max(1, support)) / math.log2(FAR_SUPPORTED))
    return TWO_HOP * (FAR_LEAST + (1 - FAR_LEAST) * share)


def content_words(phrase: str) -> list[str]:
    """The words of a phrase that carry its meaning (no articles, 'type of', 'perhaps')."""
    return [w for w in phrase.split(" ") if w not in FUNCTION_WORDS and len(w) > 1]


def candidate_order(c: Candidate) -> tuple[float, int, float, Letters]:
    """The sort key of definitions: strongest, best supported, commonest, alphabetical."""
    return (-c.strength, -c.support, -c.frequency, c.letters)
