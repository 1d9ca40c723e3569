"""The reverse dictionary: the answers whose glosses (WordNet's and GCIDE's) a phrase
describes, ranked by BM25 over the glosses' lemmatised content words.

Each gloss is a document of distinct words (a gloss seldom says a word twice, so a term's
frequency is 1), weighed by its length against the average. Answers are filtered by the
enumeration (length, word breaks) and a crossing-letter pattern before they are ranked, so
a long list of common glosses never crowds out the one that fits."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from cryptic.lexicon import written_out
from cryptic.lookup.answers import letters_of, spelt_with
from cryptic.lookup.glosses import derived_keys, gloss_row, gloss_sizes, in_inflection, phrase_keys, synonym_keys
from cryptic.lookup.index import gloss_sources, graph, sparse_index, sparse_rows
from cryptic.lookup.relations import Candidate, candidate_order, frozen
from cryptic.nodes import Enumeration, Letters, pattern_regex
from cryptic.tuning import BM25_B, BM25_K1, DERIVED_TERM, MEANING_WEIGHT, RETRIEVED, RETRIEVED_LEAST, RETRIEVED_NEAR, RETRIEVED_POOL, RETRIEVED_TOP, SYNONYM_TERM
from thesaurus.layout import GLOSS_SOURCES

# A candidate's relation code by the source of its best gloss.
SOURCE_CODES = {"wordnet": "w", "gcide": "e"}
DESCRIBED = "".join(SOURCE_CODES.values())


class Retrieved(NamedTuple):
    """An answer the reverse dictionary found: its graph id, the BM25 score of its best
    gloss, that score's share of a full match's (at most 1), and that gloss's number."""

    node: int
    score: float
    share: float
    gloss: int


@functools.cache
def length_weights():
    """Each gloss's BM25 term weight before the term's IDF: (k1 + 1) / (1 + k1 (1 - b + b
    len / average len)), a read-only array by gloss number."""
    import numpy as np

    sizes = gloss_sizes().astype(np.float64)
    average = sizes.mean() if len(sizes) else 1.0
    return frozen((BM25_K1 + 1) / (1 + BM25_K1 * (1 - BM25_B + BM25_B * sizes / average)))


def idf(documents: int, having: int) -> float:
    """BM25's inverse document frequency of a term that `having` of `documents` glosses use.

    >>> round(idf(100, 1), 2), round(idf(100, 99), 2)
    (4.21, 0.01)
    """
    return math.log(1 + (documents - having + 0.5) / (having + 0.5))


@functools.lru_cache(maxsize=500)  # arrays of ~60 KB, for phrases seldom asked again in another clue
def gloss_scores(key: str) -> tuple[object, object, float]:
    """The glosses that use any content word of a normalised phrase (short words written
    out), or a word derived from one, or a synonym (sorted gloss numbers), their BM25
    scores, and what a gloss of average length that uses every word scores."""
    import numpy as np

    rows = [word_rows(w) for w in phrase_keys(unkinded(written_out(key) or key))]  # "speedo" as speedometer
    rows = [r for r in rows if r is not None]
    best = sum(value for value, _, _ in rows)
    if not best:
        return np.empty(0, np.int64), np.empty(0), 0.0
    glosses = np.concatenate([g for _, g, _ in rows])
    which, at = np.unique(glosses, return_inverse=True)
    scores = np.bincount(at, weights=np.concatenate([w for _, _, w in rows])) * length_weights()[which]
    return which, scores, best


# "Type of pastry" asks for a kind of pastry: a gloss says what kind by naming it, and GCIDE's
# "the type genus of" glosses (AGONUS, CARANX) would answer the "type". Anywhere in the phrase
# and in the plural, unlike relations.KIND_OF's leading prefixes, and only these five words.
KIND_PHRASE = re.compile(r"\b(?:type|kind|sort|variety|form)s? of\b")


def unkinded(key: str) -> str:
    """A normalised phrase without the words that say it names a kind of something.

    >>> unkinded("type of pastry"), unkinded("forms of gambling"), unkinded("typeface")
    ('of pastry', 'of gambling', 'typeface')
    """
    return KIND_PHRASE.sub("of", key)


@functools.lru_cache(maxsize=2_000)  # arrays of ~30 KB: at 20,000, a batch worker passed 1.7 GB
def word_rows(word: str) -> tuple[float, object, object] | None:
    """A query word's IDF, and the glosses it counts in with the weight it has in each:
    its own IDF where a gloss uses it, DERIVED_TERM of it where a gloss uses a word derived
    from it ("lebanese capital": BEIRUT, "capital of lebanon"), SYNONYM_TERM of it where a
    gloss uses one of its strongest synonyms ("chinese vessel": JUNK, "chinese boat"); None
    for a word no gloss uses, which no gloss is the worse for lacking."""
    import numpy as np

    own = word_glosses(word)
    kin = [word_glosses(d) for d in derived_keys(word)]
    kin = np.setdiff1d(np.concatenate(kin), own) if kin else own[:0]
    if not len(own) and not len(kin):
        return None
    alike = [gloss_row(k) for k in synonym_keys(word).tolist()]
    alike = np.setdiff1d(np.concatenate(alike), np.union1d(own, kin)) if alike else own[:0]
    value = idf(len(length_weights()), len(own) or len(kin))
    glosses = np.concatenate((own, kin, alike))
    weights = np.concatenate((np.full(len(own), value), np.full(len(kin), value * DERIVED_TERM), np.full(len(alike), value * SYNONYM_TERM)))
    return value, frozen(glosses), frozen(weights)


def word_glosses(word: str):
    """The glosses (sorted numbers) that use a word as the gloss index files it."""
    i = sparse_index("gloss")[0].get(word)
    return gloss_row(i) if i is not None else sparse_index("gloss")[2][:0]


def retrieve(key: str, enumeration: Enumeration, pattern: str | None = None, top: int = RETRIEVED_TOP) -> list[Retrieved]:
    """The answers of the enumeration's length (and word breaks, and pattern when given)
    whose glosses a normalised phrase describes, the best gloss of each, best first; those in
    the phrase's inflection too ("cooks' hats" -> TOQUES); `top` at most, chosen by meaning
    too among the RETRIEVED_POOL best (nearest_kept)."""
    import numpy as np

    found = scored_pairs(key, enumeration)
    if found is None:
        return []
    nodes, value, gloss, best = found
    g = graph()
    if pattern is not None:
        wanted = re.compile(pattern_regex(pattern))
        fits = np.array([wanted.fullmatch(g.letters[j]) is not None for j in nodes.tolist()], dtype=bool)
        nodes, value, gloss = nodes[fits], value[fits], gloss[fits]
    order = np.lexsort((nodes, -value))
    seen: set[Letters] = set()
    out = []
    for k in order.tolist():
        lets = g.letters[int(nodes[k])]
        if lets in seen:
            continue
        seen.add(lets)
        out.append(Retrieved(int(nodes[k]), float(value[k]), min(1.0, float(value[k]) / best), int(gloss[k])))
        if len(out) >= max(top, RETRIEVED_POOL):
            break
    return nearest_kept(key, out, top)


@functools.lru_cache(maxsize=64)  # arrays of ~100 KB, asked for again within one clue
def scored_pairs(key: str, enumeration: Enumeration) -> tuple[object, object, object, float] | None:
    """Every (answer, gloss) pair of a normalised phrase's kept glosses whose answer the
    enumeration admits: the answers' graph ids, the pairs' scores, the glosses' numbers, and
    what a full match scores (None: no gloss uses the phrase's words)."""
    import numpy as np

    which, scores, best = gloss_scores(key)
    if not len(which) or best <= 0:
        return None
    keep = scores >= RETRIEVED_LEAST * best
    which, scores = which[keep], scores[keep]
    member_ptr, member_ids = sparse_rows("gloss_member")
    starts, ends = member_ptr[which], member_ptr[which + 1]
    counts = (ends - starts).astype(np.int64)
    if not counts.sum():
        return None
    # every (gloss, answer) pair: the members of the kept glosses, each with its gloss's place
    owner = np.repeat(np.arange(len(which)), counts)
    offsets = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    nodes = member_ids[np.repeat(starts, counts) + offsets].astype(np.int64)
    nodes, of, factor = in_inflection(key, enumeration.length, nodes)  # the plurals (or verb forms) of shorter answers too
    owner = owner[of]
    value = scores[owner] * factor
    if not len(nodes):
        return None
    fits = spelt_with(nodes, enumeration)
    return frozen(nodes[fits]), frozen(value[fits]), frozen(which[owner[fits]]), best


@functools.lru_cache(maxsize=64)  # dicts of ~1,000-3,000 answers, asked about within one clue
def gloss_shares(key: str, enumeration: Enumeration) -> Mapping[Letters, float]:
    """letters -> the share of a full match its best gloss scores, for every answer of the
    enumeration a gloss of the normalised phrase's words belongs to (a word the wordplay makes
    is asked about, whatever its rank)."""
    found = scored_pairs(key, enumeration)
    if found is None:
        return MappingProxyType({})
    nodes, value, _, best = found
    g = graph()
    out: dict[Letters, float] = {}
    for j, v in zip(nodes.tolist(), value.tolist()):
        lets = g.letters[j]
        out[lets] = max(out.get(lets, 0.0), min(1.0, v / best))
    return MappingProxyType(out)


def nearest_kept(key: str, found: list[Retrieved], top: int) -> list[Retrieved]:
    """The `top` of some retrieved answers (best BM25 first) whose share of the phrase times
    1 + MEANING_WEIGHT times their cosine with it (the word vectors') is highest, still best
    BM25 first: a gloss that uses the phrase's words need not mean what it means ("set of beliefs":
    OSSIFIED, "set in a rigidly conventional pattern of behavior, habits, or beliefs", scores
    above DOCTRINE, "a belief (or system of beliefs) accepted as authoritative"). An answer
    that is a form of a word of the phrase is not near it for that."""
    if len(found) <= top:
        return found
    from cryptic.lookup.definitions import own_form  # definitions imports this module
    from cryptic.lookup.similar import similarities

    g = graph()
    words = tuple(key.split())
    cosines = similarities(key, [g.nodes[r.node] for r in found]).tolist()
    near = [0.0 if own_form(g.letters[r.node], words) else max(0.0, c) for r, c in zip(found, cosines)]  # ROLLER is near "roll" by its own word
    chosen = sorted(range(len(found)), key=lambda k: (-found[k].share * (1 + MEANING_WEIGHT * near[k]), k))[:top]
    return [found[k] for k in sorted(chosen)]


@functools.lru_cache(maxsize=5_000)
def retrieved_definitions(key: str, enumeration: Enumeration, pattern: str | None = None) -> tuple[Candidate, ...]:
    """The reverse dictionary's best RETRIEVED_NEAR answers as definition candidates: strength
    RETRIEVED times the best gloss's share of the phrase, the relation naming its source
    ("w" WordNet's gloss, "e" GCIDE's); never the phrase, nor a word of it, itself."""
    g = graph()
    own = own_letters(key)
    sources = gloss_sources()
    found = (r for r in retrieve(key, enumeration, pattern, RETRIEVED_NEAR) if g.letters[r.node] not in own)
    out = [Candidate(g.letters[r.node], g.nodes[r.node], RETRIEVED * r.share, float(g.freqs[r.node]), SOURCE_CODES[GLOSS_SOURCES[int(sources[r.gloss])]]) for r in found]
    return tuple(sorted(out, key=candidate_order))


@functools.lru_cache(maxsize=5_000)
def described(key: str, enumeration: Enumeration, pattern: str | None = None) -> dict[Letters, float]:
    """letters -> how much of a normalised phrase the answer's best gloss says (BM25's share
    of a full match, at most 1), for the answers the reverse dictionary finds."""
    g = graph()
    found: dict[Letters, float] = {}
    for r in retrieve(key, enumeration, pattern):
        found.setdefault(g.letters[r.node], r.share)
    return found


def own_letters(key: str) -> frozenset[Letters]:
    """The letters of a normalised phrase and of each of its words, which it never defines
    ("camera holder" is no CAMERA).

    >>> sorted(own_letters("camera-shy holder"))
    ['CAMERA', 'CAMERASHYHOLDER', 'HOLDER', 'SHY']
    """
    return frozenset((letters_of(key), *map(letters_of, re.split("[ -]", key))))


def described_share(key: str, word: Letters, enumeration: Enumeration) -> float:
    """How much of a normalised phrase of several words the word's best gloss says (BM25's
    share of a full match; 0 for a word of the phrase itself): a word the wordplay makes
    is asked about whatever its rank among the phrase's answers ("high spot": RIDGE, 0.42)."""
    if " " not in key or word in own_letters(key):
        return 0.0
    return gloss_shares(key, enumeration).get(word, 0.0)
