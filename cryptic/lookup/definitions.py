"""The lookups the solver makes: synonyms (wordplay pieces), definitions (answers a phrase may
define, near and far), abbreviations, leaf bounds."""

from __future__ import annotations

import bisect
import functools
import heapq
import itertools
import re
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

from cryptic.lexicon import abbreviations as substitutions
from cryptic.lexicon import piece_table
from cryptic.lookup.answers import frequency, is_word, letters_of, lexicon, spellings, spelt_with
from cryptic.lookup.glosses import gloss_definitions, gloss_matches
from cryptic.lookup.index import EVERY, among, connection, distinct, graph, node_id, norm
from cryptic.lookup.relations import (
    FUNCTION_WORDS,
    MAX_COMPOSED,
    PARTS_MISMATCH,
    STRENGTH,
    TWO_HOP,
    Candidate,
    Relations,
    agreed,
    candidate_order,
    content_words,
    distant,
    far_candidates,
    frozen,
    lemmas,
    negated,
    relations,
    spoken,
    strongest,
    support,
    variants,
)  # fmt: skip
from cryptic.lookup.ordering import fitted_first
from cryptic.lookup.retrieval import retrieved_definitions
from cryptic.nodes import MAX_LETTERS, Bounds, Enumeration, LeafKind, Letters, Words, pattern_ok
from cryptic.tuning import AGENT, CLIPPED, COMPOUND, COMPOUND_PART, CONTRACTED, FORM_GROWTH, GLOSS_PIECE, LISTED, LISTED_SHORTEST, MEANING_NEAR, NEAR_MEANING, PAST_PIECE, QUALIFIED, SUPPORT_BITS
from thesaurus.layout import CODES

# The relations a function word's synonyms come through: synonyms, Moby's own list for it,
# similar words and derived forms (not Moby's lists it appears in, nor WordNet's kinds of "is").
FUNCTION_WORD_RELATIONS = "smad"


FUNCTION_WORD_CODES = tuple(CODES.index(c) for c in FUNCTION_WORD_RELATIONS)


def abbreviations(word: str) -> tuple[Letters, ...]:
    """The substitutions setters use for a word or phrase ("doctor" -> DR, MO, ...)."""
    return substitutions(tuple(norm(word).split()))


# An adjective of age or size before a noun in a wordplay piece only narrows what the noun
# names ("young boy": LAD, "little dog": PUP); the noun's own relations stand for it, weaker.
QUALIFIERS = frozenset(("young", "little", "small", "tiny", "big", "large", "baby"))  # not "old": O, EX


# A subject and a verb, or a verb and "not", written short are the contraction's letters
# ("he would" -> HED, "is not" -> ISNT), as is a word written short in the clue ("she'd" ->
# SHED); "'s" is left out: in a clue it is mostly the possessive.
SHORT_VERBS: Mapping[str, str] = MappingProxyType({"would": "D", "had": "D", "will": "LL", "shall": "LL", "have": "VE", "am": "M", "is": "S", "has": "S", "are": "RE"})  # fmt: skip


SUBJECTS = frozenset("i you he she it we they who that there what here where".split())


NEGATED = frozenset("is are was were do does did has have had could would should must need might".split())


SHORT_NOTS: Mapping[str, str] = MappingProxyType({"will not": "WONT", "shall not": "SHANT", "can not": "CANT", "cannot": "CANT"})


WRITTEN_SHORT = re.compile(r"[a-z]+(?:'(?:d|ll|ve|re|m)|n't)")


def contractions(key: str) -> tuple[Letters, ...]:
    """The letters of a normalised phrase written as a contraction ("he would" -> HED)."""
    words = key.split(" ")
    if key in SHORT_NOTS:
        return (SHORT_NOTS[key],)
    if len(words) == 1:
        return (letters_of(key),) if WRITTEN_SHORT.fullmatch(key) else ()
    if len(words) != 2:
        return ()
    first, second = words
    if first in SUBJECTS and second in SHORT_VERBS and (first, second) != ("i", "is"):
        return (letters_of(first) + SHORT_VERBS[second],)
    return (letters_of(first) + "NT",) if second == "not" and first in NEGATED else ()


@functools.lru_cache(maxsize=50_000)
def synonym_table(phrase: str) -> Mapping[Letters, float]:
    """letters -> strength, for everything a wordplay leaf could stand for: synonyms (both
    sources, all WordNet relations), substitutions, and a short word itself."""
    table: dict[Letters, float] = {}

    def add(letters: Letters, strength: float) -> None:
        if letters and strength > table.get(letters, 0.0):
            table[letters] = strength

    import numpy as np

    g = graph()
    key = norm(phrase)
    ids, codes, strengths = relations(phrase, compose=False)
    if not len(ids) and 1 < len(key.split(" ")) <= MAX_COMPOSED:  # "German city" -> ESSEN
        ids, codes, strengths = agreed(key)
        first, _, rest = key.partition(" ")
        if first in QUALIFIERS and " " not in rest:  # "young boy" -> LAD, as "boy" is
            noun_ids, noun_codes, noun_strengths = strongest(rest)
            ids, codes, strengths = np.concatenate((ids, noun_ids)), np.concatenate((codes, noun_codes)), np.concatenate((strengths, noun_strengths * QUALIFIED))
    if key in FUNCTION_WORDS:  # Moby's lists reversed and WordNet's kinds make "and" SWIPE, "a" ARCHITECT
        keep = np.isin(codes, FUNCTION_WORD_CODES)
        ids, strengths = ids[keep], strengths[keep]
    for j, strength in zip(ids.tolist(), strengths.tolist()):
        add(g.letters[j], strength)
    # "in that place" -> THERE, "take the place of" -> SUPPLANT, by their glosses (two words
    # are too loose: "element found" is tungsten, W, "found in wolframite")
    if GLOSS_PIECE <= len(key.split(" ")) <= MAX_COMPOSED:
        for j, strength in gloss_matches(key, soft=False).items():  # through synonyms: slow, and loose
            add(g.letters[j], strength)
    for v in piece_forms(key):
        for sub in substitutions(tuple(v.split())):
            add(sub, 1.0)
        for letters, count in piece_table().get(v, ()):
            add(letters, PAST_PIECE)
    for short in contractions(key):
        add(short, CONTRACTED)
    if len(letters_of(key)) <= 3 and " " not in key:
        add(letters_of(key), 0.8)  # "on" -> ON, "us" -> US
    if (spaced := key.replace("-", " ")) != key:  # "window-sill" stands for what "window sill" does (LEDGE)
        for letters, strength in synonym_table(spaced).items():
            add(letters, strength)
    return MappingProxyType(table)


# Not relations.ARTICLES: "one" and "some" are pieces themselves (I, A; ANY).
LEAF_ARTICLES = ("a ", "an ", "the ")


def piece_forms(key: str) -> tuple[str, ...]:
    """The forms of a normalised phrase whose substitutions and past pieces it has: itself,
    without a possessive "'s", without a leading article ("the church": CE, "a team": XI,
    "the first person": I), and without both.

    >>> piece_forms("the church's"), piece_forms("theatre")
    (("the church's", 'the church', "church's", 'church'), ('theatre',))
    """
    bare = next((key[len(a) :] for a in LEAF_ARTICLES if key.startswith(a)), None)
    return tuple(dict.fromkeys(f for k in (key, bare) if k for f in (k, k.removesuffix("'s")) if f))


def synonyms(phrase: str, length: int | None = None) -> Iterator[Letters]:
    """Yield the letters a wordplay leaf could stand for, strongest first."""
    table = synonym_table(norm(phrase))
    for letters in sorted(table, key=lambda x: -table[x]):
        if length is None or len(letters) == length:
            yield letters


@functools.lru_cache(maxsize=10_000)
def best_relations(phrase: str, length: int | None = None) -> Relations:
    """The phrase's relations (read-only arrays) to answers of one length (when given), the
    strongest for each answer's letters (the first met among equals), in no set order; not
    the phrase's own letters."""
    import numpy as np

    g = graph()
    ids, codes, strengths = relations(phrase, window=(length, length) if length else EVERY)
    lengths = g.lengths[ids]
    keep = lengths == length if length else lengths > 0
    ids, codes, strengths = ids[keep], codes[keep], strengths[keep]
    by_answer = np.lexsort((-strengths, g.ranks[ids]))  # the strongest first, then the first met
    ranks = g.ranks[ids[by_answer]]
    pick = by_answer[np.concatenate(([True], ranks[1:] != ranks[:-1]))] if len(ids) else by_answer
    own = letters_of(phrase)
    if len(pick) and (not length or length == len(own)):
        pick = pick[[g.letters[j] != own for j in ids[pick].tolist()]]
    return frozen(ids[pick]), frozen(codes[pick]), frozen(strengths[pick])


@functools.lru_cache(maxsize=2_000)
def definition_table(phrase: str, length: int | None = None) -> Mapping[Letters, Candidate]:
    """letters -> best Candidate (word breaks not yet checked), for every answer the phrase
    could define (of one length, when given)."""
    return MappingProxyType({c.letters: c for c in candidates(*best_relations(phrase, length))})


def candidates(ids, codes, strengths, supports=None) -> Iterator[Candidate]:
    """Yield the Candidates of some graph ids, with their relation codes, strengths and
    (when known) support."""
    g = graph()
    supports = supports.tolist() if supports is not None else [0] * len(ids)
    for j, code, strength, freq, n in zip(ids.tolist(), codes.tolist(), strengths.tolist(), g.freqs[ids].tolist(), supports):
        yield Candidate(g.letters[j], g.nodes[j], strength, freq, CODES[code], n)


def definitions(phrase: str, enumeration: Enumeration | None = None, deep: bool = True, pattern: str | None = None,
                described: bool = True) -> Iterator[Candidate]:  # fmt: skip
    """Yield the answers the phrase could define: those related_definitions() yields, then,
    with a pattern of given letters, the nearest in meaning that fit it (last, so that given
    letters only add answers: none offered first without wordplay is pushed out)."""
    if pattern is None or enumeration is None:  # nothing to add: no set of what was yielded on the hot path
        yield from related_definitions(phrase, enumeration, deep, pattern, described)
        return
    seen = set()
    for c in related_definitions(phrase, enumeration, deep, pattern, described):
        seen.add(c.letters)
        yield c
    yield from (c for c in nearest_in_meaning(norm(phrase), enumeration, pattern) if c.letters not in seen)


def related_definitions(phrase: str, enumeration: Enumeration | None = None, deep: bool = True, pattern: str | None = None,
                        described: bool = True) -> Iterator[Candidate]:  # fmt: skip
    """Yield the answers the phrase's relations, glosses and past clues define, best first
    (candidate_order). With an enumeration and `deep`, answers two hops away (a synonym's
    relations) follow, weakly: there may be thousands, so they are ordered only when the
    reader gets to them, and made as they are read. (The routes two hops away are gathered up front with an enumeration
    either way: they order the nearer answers by support.) With a pattern of known letters
    ('N?D?R'), only the answers that fit it, and the reverse dictionary's best among those.
    Not `described`: none whose gloss the phrase says (see near_candidates)."""
    key = norm(phrase)
    near = near_candidates(key, enumeration, described) if pattern is None or enumeration is None else fitting_near(key, enumeration, pattern, described)
    fits = lambda c: pattern_ok(pattern, c.letters)  # noqa: E731
    if enumeration is None or not deep:
        yield from filter(fits, near)
        return
    strong = sum(1 for c in near if c.strength > TWO_HOP)  # near is sorted: these come first
    yield from near[:strong]
    near_letters = {c.letters for c in near}  # the answers of past clues and glosses are near too
    far = (c for c in far_candidates(*far_definitions(key, enumeration), letters_of(key)) if c.letters not in near_letters and fits(c))
    yield from heapq.merge(near[strong:], far, key=candidate_order) if strong < len(near) else far


@functools.lru_cache(maxsize=5_000)
def fitting_near(key: str, enumeration: Enumeration, pattern: str, described: bool = True) -> tuple[Candidate, ...]:
    """near_candidates that fit the pattern, with the reverse dictionary's best answers among
    those that fit (its best overall may fit none: DASHBOARD is eleventh for "where speedo
    found", first once D?S?B?A?D is known)."""
    near = tuple(c for c in near_candidates(key, enumeration, described) if pattern_ok(pattern, c.letters))
    if " " not in key and "-" not in key or not described or negated(key):  # one word: the reverse dictionary reads phrases (and drops "not")
        return near
    best = {c.letters: c for c in near}
    for c in retrieved_definitions(key, enumeration, pattern):
        if c.letters not in best or c.strength > best[c.letters].strength:
            best[c.letters] = c
    return fitted_first(key, tuple(sorted(best.values(), key=candidate_order)))


@functools.lru_cache(maxsize=5_000)
def nearest_in_meaning(key: str, enumeration: Enumeration, pattern: str) -> tuple[Candidate, ...]:
    """The answers nearest a normalised phrase in meaning that fit the pattern, weakly (strength
    NEAR_MEANING times the cosine: never verified alone)."""
    from cryptic.lookup.similar import neighbours

    found = neighbours(key, enumeration, pattern, MEANING_NEAR)
    return tuple(Candidate(n.letters, spellings(n.letters)[0][2], NEAR_MEANING * max(0.0, n.similarity), frequency(n.letters), "v") for n in found)


@functools.lru_cache(maxsize=5_000)
def near_candidates(key: str, enumeration: Enumeration | None, described: bool = True) -> tuple[Candidate, ...]:
    """The answers one hop from a normalised phrase, and (`described`) those whose gloss it
    says, best first (the strong ones by their fitted score, `fitted_first`; made once: a
    solver asks for the same definition again and again)."""
    return fitted_first(key, unordered_near(key, enumeration, described))


def unordered_near(key: str, enumeration: Enumeration | None, described: bool) -> tuple[Candidate, ...]:
    """near_candidates by `candidate_order` alone (a hyphenated phrase's spaced form joins
    them before the fitted order is scored, once)."""
    near = tuple(candidates(*near_definitions(key, enumeration)))
    glossed = gloss_definitions(key, enumeration) + retrieved_definitions(key, enumeration) if enumeration is not None and " " in key and described and not negated(key) else ()
    from cryptic import past  # past clues' definitions: exact, then guessed

    added = derived_definitions(key, enumeration) + past.defined(key, enumeration) + past.guessed(key, enumeration) + compounds(key, enumeration)
    if (spaced := key.replace("-", " ")) != key:  # "easily-moved" says what "easily moved" says (SOFTHEARTED)
        added += unordered_near(spaced, enumeration, described)
    if not glossed and not added:
        return near
    best = {c.letters: c for c in near}
    for c in glossed + added:
        if c.letters not in best or c.strength > best[c.letters].strength:
            best[c.letters] = c
    return tuple(sorted(best.values(), key=candidate_order))


def derived_definitions(key: str, enumeration: Enumeration | None) -> tuple[Candidate, ...]:
    """The answers the thesaurus names for a normalised phrase beyond its relations: a number
    named, a kind clipped, one who does it, a word listed."""
    return tuple(named_number(key, enumeration)) + clipped_kinds(key, enumeration) + agent_nouns(key, enumeration) + listed_words(key, enumeration)


def own_definitions(key: str, enumeration: Enumeration) -> Iterator[Candidate]:
    """Every answer the thesaurus itself gives a normalised phrase, by every route it has
    (relations one and two hops away, glosses, derived_definitions), none merged and none
    from past clues: what thesaurus.mine checks past clues against. (definitions() keeps
    each answer's strongest route, and a past clue's would hide the thesaurus's, so each
    mining would undo what the last one mined.)"""
    yield from candidates(*near_definitions(key, enumeration))
    yield from gloss_definitions(key, enumeration) if " " in key else ()
    yield from derived_definitions(key, enumeration)
    yield from far_candidates(*far_definitions(key, enumeration), letters_of(key))


@functools.lru_cache(maxsize=5_000)
def compounds(key: str, enumeration: Enumeration | None) -> tuple[Candidate, ...]:
    """The answers a phrase of two content words names by joining a synonym of each, in
    either order ("delivery supervisor" -> POSTMASTER, "shooting party" -> FIRING SQUAD,
    "special date" -> RED-LETTER DAY): a compound whose word breaks keep the join, each
    part at least COMPOUND_PART letters; weakly, like two words agreeing (never verified alone)."""
    words = content_words(key)
    if enumeration is None or len(words) != 2 or len(key.split(" ")) > MAX_COMPOSED:
        return ()
    n, own = enumeration.length, letters_of(key)  # "sun hat" is no definition of SUNHAT
    known, ordered = lexicon(n), sorted_lexicon(n)
    tables = [synonym_table(w) for w in words]
    out: dict[Letters, Candidate] = {}
    for first, second in ((tables[0], tables[1]), (tables[1], tables[0])):
        for head, s1 in first.items():
            if not COMPOUND_PART <= len(head) <= n - COMPOUND_PART:
                continue
            for whole in starting_with(ordered, head):  # few words start so: fewer than the tails
                s2 = second.get(whole[len(head):])
                if s2 is None or whole in out or whole == own or not is_word(whole, enumeration):
                    continue
                shown = [(parts, freq, d) for parts, freq, d in known[whole] if len(parts) == 1 or len(head) in itertools.accumulate(parts)]
                if shown:
                    out[whole] = Candidate(whole, shown[0][2], COMPOUND * min(1.0, s1, s2), frequency(whole), "k")
    return tuple(sorted(out.values(), key=candidate_order))


@functools.lru_cache(maxsize=64)
def sorted_lexicon(length: int) -> tuple[Letters, ...]:
    """The answers of this length in alphabetical order."""
    return tuple(sorted(lexicon(length)))


def starting_with(ordered: Sequence[Letters], head: Letters) -> Iterator[Letters]:
    """The strings of a sorted sequence that start with head.

    >>> list(starting_with(("CAB", "CAR", "CART", "DOG"), "CAR"))
    ['CAR', 'CART']
    """
    for i in range(bisect.bisect_left(ordered, head), len(ordered)):
        if not ordered[i].startswith(head):
            return
        yield ordered[i]


def named_number(key: str, enumeration: Enumeration | None) -> Iterator[Candidate]:
    """A numeral's own names as answers ("1,000,000,000,000": TRILLION), when they are words."""
    import numpy as np

    g = graph()
    ids = np.array([j for j in map(node_id, spoken(key)) if j is not None and (enumeration is None or g.lengths[j] == enumeration.length)], dtype=np.int64)
    return candidates(ids, np.full(len(ids), CODES.index("s")), np.full(len(ids), STRENGTH["s"]))


def listed_words(key: str, enumeration: Enumeration | None) -> tuple[Candidate, ...]:
    """The words the substitution list gives for a normalised phrase or one of its lookup
    variants ("a defender" is "defender": BACK), of the enumeration's length."""
    if enumeration is None or enumeration.length < LISTED_SHORTEST:
        return ()
    listed = (w for v in variants(key) for w in substitutions(tuple(v.split())))
    words = (w for w in listed if len(w) == enumeration.length and is_word(w, enumeration))
    return tuple(Candidate(w, spellings(w)[0][2], LISTED, frequency(w), "r") for w in dict.fromkeys(words))


CLIPPED_KINDS = [CODES.index(c) for c in "oqx"]


def clipped_kinds(key: str, enumeration: Enumeration | None) -> tuple[Candidate, ...]:
    """The kinds of a one-word phrase named "X phrase", as X ("seal": CRABEATER, from
    "crabeater seal"; HARP, FUR): setters drop the kind's word, themed puzzles most of all."""
    import numpy as np

    if enumeration is None or " " in key or not key or "," in enumeration.separators:
        return ()
    g = graph()
    tail = " " + key
    ids, codes, strengths = relations(key, compose=False)
    # Only kinds as long as the answer and the word together can be named so: few to read.
    keep = (g.lengths[ids] == enumeration.length + len(letters_of(key))) & np.isin(codes, CLIPPED_KINDS)
    out = []
    for j, code, strength in zip(ids[keep].tolist(), codes[keep].tolist(), strengths[keep].tolist()):
        name = g.nodes[j]
        if name.endswith(tail) and " " not in (head := name[: -len(tail)]):
            lets = letters_of(head)
            out.append(Candidate(lets, head, strength * CLIPPED, frequency(lets), CODES[code]))
    return tuple(out)


AGENT_PHRASE = re.compile(r"(?:one|someone|somebody|person|anyone|he|she|(those|people|they))(?: who| that)(?:'s| is| are)? (.+)")


AGENT_ENDINGS = ("ER", "R", "OR")


def agent_nouns(key: str, enumeration: Enumeration | None) -> tuple[Candidate, ...]:
    """The doers "one who X" describes: a synonym of X with -er, -r or -or ("someone who
    cuts" -> PRUNER, "one who criticises" -> SLATER), in the plural after "those who"."""
    if enumeration is None or not (m := AGENT_PHRASE.fullmatch(key)):
        return ()
    plural, deed = m.groups()
    first, _, rest = deed.partition(" ")
    base = next((lemma for lemma, tag in lemmas(first) if tag in ("VBZ", "VBP")), first)
    length = enumeration.length - bool(plural)
    out = {}
    for verb, strength in synonym_table(f"{base} {rest}".strip()).items():
        if not length - 3 <= len(verb) <= length - 1:
            continue
        for end in AGENT_ENDINGS + (verb[-1] + "ER",):  # RUNNER
            doer = verb + end + "S" * bool(plural)
            if len(doer) != enumeration.length or not is_word(doer, enumeration) or lemmas((verb + end).lower()):  # LOWER: "low"
                continue
            if out.get(doer, 0.0) < strength * AGENT:
                out[doer] = strength * AGENT
    return tuple(Candidate(w, spellings(w)[0][2], v, frequency(w), "d") for w, v in out.items())


@functools.lru_cache(maxsize=5_000)
def near_definitions(key: str, enumeration: Enumeration | None) -> tuple[object, object, object, object]:
    """The answers one hop from a normalised phrase (arrays: graph ids, relation codes,
    strengths, support), best first (candidate_order)."""
    import numpy as np

    g = graph()
    ids, codes, strengths = best_relations(key, enumeration.length if enumeration else None)
    if enumeration is not None:
        strengths = np.where(spelt_with(ids, enumeration), strengths, strengths * PARTS_MISMATCH)
        supports = support(key, enumeration.length, ids)
    else:  # answers of every length: two hops are not looked up
        supports = np.zeros(len(ids), np.int64)
    order = np.lexsort((g.ranks[ids], -g.freqs[ids], -supports, -strengths))
    return frozen(ids[order]), frozen(codes[order]), frozen(strengths[order]), frozen(supports[order])


class Far(NamedTuple):
    """The answers two hops from a phrase, best first, as arrays: graph ids (one node a
    spelling), whether each has the enumeration's word breaks, their frequencies and
    support."""

    ids: object
    fits: object
    freqs: object
    supports: object


@functools.lru_cache(maxsize=5_000)
def far_definitions(key: str, enumeration: Enumeration) -> Far:
    """The answers two hops from a normalised phrase, in the order definitions() yields them."""
    import numpy as np

    g = graph()
    far = distinct(distant(key, enumeration.length))
    far = far[~among(np.sort(g.ranks[near_definitions(key, enumeration)[0]]), g.ranks[far])]  # not again
    fits = spelt_with(far, enumeration)
    supports = support(key, enumeration.length, far)
    # Spellings of the same letters share a key (whether they fit depends on the letters
    # too): the lowest id stands for them all.
    order_key = (~fits).astype(np.int64) << 52 | (SUPPORT_BITS - np.minimum(supports, SUPPORT_BITS)) << 40 | commonness_keys()[far]
    order = np.argsort(order_key)
    ordered = order_key[order]
    starts = np.flatnonzero(np.concatenate(([True], ordered[1:] != ordered[:-1]))) if len(order) else order
    far = np.minimum.reduceat(far[order], starts) if len(order) else far
    return Far(frozen(far), frozen(fits[order][starts]), frozen(g.freqs[far]), frozen(supports[order][starts]))


@functools.cache
def commonness_keys():
    """Each node's sort key among answers of equal strength: commonest first (Zipf
    frequencies have two decimals), then its letters' order; below bit 40, so that a
    caller can put what ranks first above it."""
    import numpy as np

    g = graph()
    return frozen((1000 - np.round(g.freqs.astype(np.float64) * 100).astype(np.int64)) << 20 | g.ranks)


def length_only(n: int) -> Enumeration:
    """The enumeration of a one-word answer of n letters."""
    return Enumeration((n,), (), n)


def own_form(answer: Letters, words: Sequence[str]) -> bool:
    """Is the answer a form of one of the definition's words, or that word a form of it
    ("tightly" for TIGHT)? Setters never define a word by itself: among the top five
    answers of cryptonite-dev's first 1,000 clues, 20 were such, none right."""
    starts, lengths = form_starts(tuple(words), len(answer))
    for n in lengths:  # a plain loop: this runs for every candidate of every definition
        if answer[:n] in starts:
            return True
    return False


@functools.lru_cache(maxsize=10_000)
def form_starts(words: Words, n: int) -> tuple[frozenset[Letters], tuple[int, ...]]:
    """The starts an answer of n letters has when it is a form of one of the words (own_form
    asks for a definition's thousands of times a clue): a shorter word's letters, or a
    longer word's first n; with their lengths. A word of n letters is a form only of itself."""
    own = tuple(map(letters_of, words))
    shorter = (w for w in own if 3 <= len(w) < n <= len(w) + FORM_GROWTH)
    longer = (w[:n] for w in own if 3 <= n < len(w) <= n + FORM_GROWTH)
    starts = frozenset(itertools.chain(shorter, longer))
    return starts, tuple(sorted({len(s) for s in starts}))


def definition_strength(phrase: str, answer: Letters) -> float:
    """How strongly the phrase defines the answer (0: not at all), two hops included."""
    key = norm(phrase)
    c = definition_table(key, len(answer)).get(answer)
    if c is not None:
        return c.strength
    return TWO_HOP if answer in distant_letters(key, len(answer)) else 0.0


@functools.lru_cache(maxsize=1_000)
def distant_letters(key: str, length: int) -> frozenset[Letters]:
    """The letters of the answers two hops from a normalised phrase (a double definition
    asks about every candidate answer of a clue)."""
    g = graph()
    return frozenset(g.letters[j] for j in distant(key, length).tolist())


@functools.lru_cache(maxsize=50_000)
def homophones(s: Letters) -> tuple[Letters, ...]:
    """Words that sound like s (by the CMU pronouncing dictionary), s itself excluded."""
    rows = connection().execute(
        "SELECT DISTINCT b.letters FROM sounds a JOIN sounds b ON a.pron = b.pron WHERE a.letters = ? AND b.letters != ?", (s, s)
    )
    return tuple(r[0] for r in rows)


@functools.lru_cache(maxsize=200_000)
def _bounds(kind: LeafKind, phrase: str) -> Bounds | None:
    if kind == "synonym":
        lengths = list(map(len, synonym_table(phrase)))
        return (min(lengths), max(lengths)) if lengths else None
    lengths = graph().lengths[best_relations(phrase)[0]]  # not definition_table: no Candidate for each of thousands
    return (int(lengths.min()), int(lengths.max())) if len(lengths) else (1, MAX_LETTERS)


@functools.lru_cache(maxsize=200_000)
def leaf_bounds(kind: LeafKind, words: Words) -> Bounds | None:
    """Leaf bounds from the thesaurus: the lengths of what the words can stand for.

    A definition the thesaurus does not know still stands (1..MAX_LETTERS): the solver can find its
    answer through the wordplay alone."""
    if len(words) == 1 and words[0].startswith("#"):
        return None
    return _bounds(kind, norm(" ".join(words)))


def warm() -> None:
    """Open the index now (building it if need be), so the first lookup is not slow."""
    connection()
