"""Clue -> ranked answers: readings cheapest first, each definition's candidates checked
against the wordplay (answer first), scored, explained."""

from __future__ import annotations

import functools
import itertools
import math
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import NamedTuple, assert_never

from cryptic import thesaurus as th
from cryptic.caches import forget
from cryptic.coverage import Piece, attested, attested_pieces, cover
from cryptic.derive import SECOND_DEFINITION, anagram_inside, derive, loose_derivation
from cryptic.forest import Cut, parses
from cryptic.lexicon import number_table, past_share
from cryptic.past import defined_share, end_definers
from cryptic.lookup.similar import answer_table, similarity
from cryptic.nodes import (
    After, Alternate, Anagram, Clue, Concat, Container, Definition, Derivation, FirstLetters, Hidden, Homophone,
    Insertion, LastLetters, Letters, Literal, Middle, Mixed, Node, Outer, Parse, Reversal, Spoonerism, Subtraction,
    Synonym, Truncation, Words, letters, pattern_ok,
)  # fmt: skip
from cryptic.prune import could_make, letter_bags
from cryptic.show import describe, describe_pieces, draw_derivation, label, q
from cryptic.trees import far_fetched, parse_cost
from cryptic.tuning import (
    DEARER_FACTOR, DEARER_MARGIN, DEFAULT_TIMEOUT, DEFINITION_DEPTH, DEFINITION_ONLY_COST, DESCRIBED_SECOND, DESCRIBED_WORDS,
    DEFINITION_ONLY_PER_WORD, DESCRIBED_LEAST, FITTING_COST, FITTING_WORDS, GLOSSED, GLOSSED_SHARE, LOOSE_CANDIDATES, RETRIEVED,
    BUILT_OUTPUTS, BUILT_READING, BUILT_READINGS, ECHO_LETTERS, ECHO_SCORE, LOOSE_SHARE, MANY_VERIFIED, MIN_READING, MISFIT_SCORE, READING_SHARE, SECOND_GLOSSED, SINGLED_MARGIN, STRONGEST,
)  # fmt: skip
from cryptic.wordplay import DEADLINE, evaluate, exactly, on_time, within


class Features(NamedTuple):
    """What a candidate's score is made of (each weighed in corpora/ranking.json)."""

    cost: float  # the reading's parse cost
    strength: float  # how surely the definition means the answer, 0 to 1
    frequency: float  # the answer's Zipf frequency
    verified: bool  # wordplay and definition both check out
    wordplay_only: bool  # the wordplay takes its letters from the clue itself
    covered: float  # share of the answer the other words spell (1: a reading's wordplay makes it)
    past: float = 0.0  # how often past clues had the answer (past_share); solution() sets it
    similar: float = 0.0  # how near in meaning the definition and the answer are (cosine); solution() sets it
    attested: float = 0.0  # share of the answer from the clue's letters or pieces setters used before (coverage.attested)
    defined: float = 0.0  # how often past clues defined the answer as an end of this clue does (past.defined_before); solve() sets it


@dataclass(frozen=True, slots=True)
class Solution:
    """An answer with its reading, score and whether wordplay and definition both check out."""

    answer: Letters
    display: str
    definition: Words
    parse: Parse | None
    derivation: Derivation | None
    score: float
    verified: bool
    explanation: str
    features: Features


@dataclass(slots=True)
class Outcome:
    """What solving a clue gave: solutions best first, and whether the budget cut the search."""

    solutions: list[Solution] = field(default_factory=list)
    cut: bool = False
    parses: int = 0


RANKINGS = {"none": "ranking.json", "guessed": "ranking-letters.json", "given": "ranking-given.json"}


def ranking(crossing: str = "none") -> Mapping[str, float]:
    """Weights of the answer score with no crossing letters (corpora/ranking.json: a puzzle's
    first solve of each clue too), letters guessed from a puzzle's crossing answers
    (ranking-letters.json), or letters given (ranking-given.json: fitted on clues solved with
    revealed letters)."""
    return number_table(RANKINGS[crossing])


def crossing(pattern: str | None, letters_given: bool) -> str:
    """Which weights score a solve's answers (see ranking): with crossing letters the evidence
    weighs otherwise, the more so when they are sure. A puzzle's first solve (no letters yet)
    weighs as a lone clue does: on 20 synthetic puzzles the loop never saw, 1,128 -> 1,235 of
    2,092 cells against the earlier climbed weights (docs/puzzles.md)."""
    if pattern is None:
        return "none"
    return "given" if letters_given else "guessed"


def terms(f: Features) -> tuple[tuple[str, float], ...]:
    """A candidate's features as the score weighs them, each with its weight's name (the parse
    cost counts against; the bias aside)."""
    return (("strength", f.strength), ("frequency", f.frequency / 8), ("cost", -min(f.cost, 2000) / 100), ("verified", float(f.verified)),
            ("wordplay_only", float(f.wordplay_only)), ("coverage", f.covered), ("past", f.past), ("similar", f.similar), ("attested", f.attested), ("defined", f.defined))  # fmt: skip


def score(f: Features, w: Mapping[str, float] | None = None) -> float:
    """A score in (0, 1) from the features of a candidate (weights in corpora/ranking.json)."""
    w = w or ranking()
    z = w["bias"]
    for name, value in terms(f):
        z += w.get(name, 0.0) * value
    return 1 / (1 + math.exp(-z))


def solution(answer: Letters, shown: str, definition: Words, parse: Parse | None, d: Derivation | None, features: Features, why: str) -> Solution:
    """A Solution scored from its features (and how often past clues had the answer)."""
    full = features._replace(past=past_share(answer), similar=similarity(" ".join(definition), shown), attested=attested(d) if d is not None else features.attested)
    return Solution(answer, shown, definition, parse, d, score(full), full.verified, why, full)


def letter_exact(node: Node) -> bool:
    """Does the tree take its letters from the clue itself (no thesaurus), so that its
    output alone is strong evidence?"""
    match node:
        case Concat(parts):
            return all(map(letter_exact, parts))
        case After(_, first, second):
            return letter_exact(first) and letter_exact(second)
        case Reversal(_, body):
            return letter_exact(body)
        case Anagram() | Hidden() | FirstLetters() | LastLetters() | Alternate() | Outer() | Literal():
            return True
        case Synonym() | Definition() | Mixed() | Insertion() | Container() | Subtraction() | Middle() | Truncation() | Homophone() | Spoonerism():
            return False
        case _:
            assert_never(node)


def explanation(answer: str, parse: Parse | None, derivation: Derivation | None, definition: Words, relation: str = "",
                partial: tuple[Piece, ...] = ()) -> str:  # fmt: skip
    """Plain English: 'NADIR: "Lowest point" = definition; anagram (ruptured) of DRAIN'."""
    head = f"{answer}: {q(definition)} = definition"
    if parse is not None and parse.wordplay is None:
        return f"{head} (cryptic definition)"
    if derivation is None:
        found = describe_pieces(th.letters_of(answer), partial) if partial else "wordplay not found"
        return f"{head}{f' ({relation})' if relation else ''}; {found}"
    link = f"; link {q(parse.link)}" if parse and parse.link else ""
    return f"{head}{link}; {describe(derivation)}"


RELATIONS = {"s": "synonym", "m": "synonym", "r": "synonym", "a": "similar", "o": "a kind of it", "i": "an instance",
             "q": "a kind of it", "x": "a kind of it", "h": "a broader term", "d": "related form", "p": "part of it", "2": "two steps away",
             "g": "as WordNet's gloss has it", "c": "as past clues have it", "l": "as past clues' definitions nearly say",
             "w": "as WordNet's gloss describes it", "e": "as GCIDE's definition describes it", "k": "its words' synonyms joined", "v": "near it in meaning"}  # fmt: skip


def solve(clue: Clue, pattern: str | None = None, timeout: float = DEFAULT_TIMEOUT, max_parses: int = 4000,
          depth: int = DEFINITION_DEPTH, letters_given: bool = True, build: int = BUILT_READINGS) -> Outcome:  # fmt: skip
    """Solve a clue: every answer found, best first, within the time budget (definition-only
    answers looked for `depth` deep; the words readings build of synonyms, unconfirmed, by
    the first `build` readings that can, until one verifies an answer). The pattern's letters are given (a solver's own, or
    revealed), or else guessed from crossing answers (a puzzle's loop, `letters_given` False):
    only given letters send the definitions for answers retrieved to fit them, for answers
    found to fit guessed letters would confirm wrong ones (seven cryptic puzzles lost 7 cells)."""
    th.warm()  # on a fresh machine the first call builds the index: that is not the clue's time
    if pattern is not None and letters_given:
        answer_table()  # nor loading (or first making) the answers' vectors given letters ask for
    deadline = time.monotonic() + timeout
    builders = 0  # readings that have built words of synonyms (a count, not a time: the same answers on every machine)
    forget()
    enum = clue.enumeration
    if pattern is not None and len(pattern) != enum.length:
        raise ValueError(f"pattern {pattern!r} has {len(pattern)} letters; the enumeration has {enum.length}")
    out = Outcome()
    found: dict[Letters, Solution] = {}
    checked: list[Solution] = []  # verified ones, all kept: a reading that verifies two answers verifies neither

    def put(s: Solution) -> None:
        old = found.get(s.answer)
        if old is None or s.score > old.score:
            found[s.answer] = s

    def keep(s: Solution) -> None:
        if s.verified:
            checked.append(s)
        else:
            put(s)

    run_on = letters(clue.words)
    question = "?" in clue.text
    asked = pattern if letters_given else None
    candidates_of = functools.cache(lambda words: [c for c in th.definitions(" ".join(words), enum, pattern=asked, described=asked is not None or len(words) <= DESCRIBED_WORDS)
                                                   if pattern_ok(pattern, c.letters) and not th.own_form(c.letters, words)])  # fmt: skip
    fitting = fitting_words(pattern, enum)
    best_cost = math.inf
    try:
        for parse in parses(clue, th.leaf_bounds, deadline):
            out.parses += 1
            cost = parse_cost(parse)
            if out.parses > max_parses or cost > DEARER_FACTOR * best_cost + DEARER_MARGIN or time.monotonic() > deadline:
                out.cut = time.monotonic() > deadline
                break
            if parse.wordplay is not None and far_fetched(parse.wordplay):
                continue
            now = time.monotonic()
            own = min(deadline, now + max(MIN_READING, READING_SHARE * (deadline - now)))
            try:
                with within(own):
                    builds = builders < build and not checked and builds_words(parse.wordplay)
                    builders += builds
                    for s in parse_solutions(parse, cost, candidates_of(parse.definition), enum, pattern, run_on, fitting, question, builds):
                        keep(s)
                        if s.verified:
                            best_cost = min(best_cost, cost)
            except Cut:
                out.cut = True  # this reading ran out of its share; the next may be quicker
    except Cut:
        out.cut = True
    for s in definition_only(clue, candidates_of, depth):
        keep(s)
    for s in glossed_only(clue, [w for w in fitting if w not in found]):
        keep(s)
    for s in singled_out(checked):
        put(s)
    if not found:  # nothing else: the few words that fit the crossing letters, commonest first
        for s in fitting_only(clue, fitting):
            put(s)
    found = {a: defined_too(s, clue.words) for a, s in found.items()}
    if (weighing := crossing(pattern, letters_given)) != "none":
        weights = ranking(weighing)
        found = {a: replace(s, score=score(s.features, w=weights)) for a, s in found.items()}
    for answer, s in found.items():
        if th.other_breaks(answer, enum):
            found[answer] = replace(s, score=s.score * MISFIT_SCORE)
        if echoes(answer, clue.words):
            found[answer] = replace(found[answer], score=found[answer].score * ECHO_SCORE)
    out.solutions = sorted(found.values(), key=lambda s: (-s.score, s.answer))
    return out


def defined_too(s: Solution, words: Words) -> Solution:
    """The solution scored with how often past clues defined its answer as an end of the
    clue's words does (a clue's, not a reading's: any reading of the answer gains it), and
    its explanation saying so."""
    if (defined := end_definers(words).get(s.answer)) is None:
        return s
    n, span = defined
    features = s.features._replace(defined=defined_share(n))
    return replace(s, features=features, score=score(features), explanation=f"{s.explanation}; {q(span)} defined it in {n} past clue{'s' * (n > 1)}")


def echoes(answer: Letters, words: Words) -> bool:
    """Is the answer one of the clue's words of ECHO_LETTERS or more, or a form of one
    ("Tightly shut": TIGHT)? Setters do not put an answer's own form in its clue."""
    long, spelt = long_words(tuple(words))
    return answer in spelt or th.own_form(answer, long)


@functools.lru_cache(maxsize=1_000)
def long_words(words: Words) -> tuple[Words, frozenset[Letters]]:
    """A clue's words of ECHO_LETTERS or more, and their letters (echoes asks of every answer)."""
    long = tuple(w for w in words if len(th.letters_of(w)) >= ECHO_LETTERS)
    return long, frozenset(map(th.letters_of, long))


def singled_out(checked: list[Solution]) -> Iterator[Solution]:
    """The verified solutions, each still verified only if no other answer is verified by the
    same reading, or defined less strongly by SINGLED_MARGIN: when "frustrate strike" makes
    BEAT, STOP and VOID, it proves none of them; "permission"+"go" is LEAVE (both direct)
    more than STAMP. When the readings that remain verify MANY_VERIFIED answers or more, the
    clue's words are loose enough to make anything, and none is verified."""
    answers: dict[Parse | None, dict[Letters, float]] = {}
    for s in checked:
        by = answers.setdefault(s.parse, {})
        by[s.answer] = max(by.get(s.answer, 0.0), s.features.strength)

    def alone(s: Solution) -> bool:
        others = set(answers[s.parse]) - {s.answer}
        return not others or s.features.strength >= max(answers[s.parse][o] for o in others) + SINGLED_MARGIN

    lone = [alone(s) for s in checked]
    proven = {s.answer for s, a in zip(checked, lone) if a}
    for s, a in zip(checked, lone):
        if a and len(proven) < MANY_VERIFIED:
            yield s
            continue
        others, whose = (proven, "other readings make") if a else (set(answers[s.parse]), "the same reading makes")
        named = sorted(others - {s.answer})
        why = f"{whose} {', '.join(named[:2])}{' and others' if len(named) > 2 else ''} too"
        features = s.features._replace(verified=False)
        yield replace(s, score=score(features), verified=False, features=features, explanation=f"{s.explanation} ({why})")


def fitting_words(pattern: str | None, enum, most: int = FITTING_WORDS) -> tuple[Letters, ...]:
    """The words that fit a pattern, when there are at most `most` of them."""
    if pattern is None:
        return ()
    found = tuple(itertools.islice(th.matching(pattern, enum), most + 1))
    return found if len(found) <= most else ()


def parse_solutions(parse: Parse, cost: float, candidates: list[th.Candidate], enum, pattern, run_on: str = "",
                    fitting: tuple[Letters, ...] = (), question: bool = False, build: bool = False) -> Iterator[Solution]:  # fmt: skip
    """Yield the solutions one reading gives: definition candidates its wordplay makes, and
    words its letter-exact wordplay makes (raising Cut past the deadline `within` set), or
    that fit the crossing letters. A word hidden in the clue's run-on letters must be a
    dictionary word: the frequency list also holds fragments (EXCELLENT -> CELLENT). In a
    clue with a question mark (`question`) two plain definitions verify nothing: the mark
    flags a pun, whose literal halves seldom make the answer ("castles in the air?" is ROOKS,
    not MOVES)."""
    if parse.wordplay is None:
        for c in candidates[:STRONGEST]:
            shown = th.display(c.letters, enum)
            yield solution(c.letters, shown, parse.definition, parse, None, Features(cost, c.strength, c.frequency, False, False, 0.0),
                           explanation(shown, parse, None, parse.definition))  # fmt: skip
        return
    matched = set()
    defining = candidates
    if isinstance(parse.wordplay, Definition):  # a double definition: both halves direct
        candidates = [c for c in candidates if c.strength >= SECOND_DEFINITION]
    elif isinstance(parse.wordplay, Synonym):  # a description before a second definition must say most of it
        candidates = [c for c in candidates if c.relation not in th.DESCRIBED or c.strength >= DESCRIBED_SECOND]
    # A lone synonym spells the answer in one piece: a second definition, not wordplay's pieces
    spelt = 0.0 if isinstance(parse.wordplay, Synonym) else 1.0
    double = isinstance(parse.wordplay, (Definition, Synonym))  # two definitions, not pieces

    def unconfirmed(word: Letters, d: Derivation, exact: bool, piece: Letters = "") -> Solution:
        """A word the wordplay makes (`exact`: from the clue's own letters; with `piece` two
        steps away) that the definition does not confirm."""
        shown = th.display(word, enum)
        if strength := glossed(parse.definition, word):
            note = " (its gloss says much of the definition)"
        elif strength := described(parse.definition, word, enum):
            note = " (a gloss says some of the definition)"
        else:
            note = " (definition not confirmed)"
        return solution(word, shown, parse.definition, parse, d, Features(cost, strength, th.frequency(word), False, exact, loose_cover(word, piece)),
                        explanation(shown, parse, d, parse.definition) + loose_note(piece) + note)  # fmt: skip

    def defined(c: th.Candidate, d: Derivation, features: Features, piece: Letters = "") -> Solution:
        """A definition candidate the wordplay makes (with `piece` two steps away)."""
        matched.add(c.letters)
        shown = th.display(c.letters, enum)
        return solution(c.letters, shown, parse.definition, parse, d, features, explanation(shown, parse, d, parse.definition) + loose_note(piece))  # fmt: skip

    for k, d in made(parse.wordplay, [c.letters for c in candidates]):
        c = candidates[k]
        # Verified: the wordplay makes the answer and the thesaurus relates the definition
        # to it directly (not only through a content word or two hops).
        verified = c.strength >= SECOND_DEFINITION and not (question and double)
        strength = c.strength
        if double:  # both halves are evidence: STYLE is DASH more than LOOK
            strength = (strength + th.definition_strength(" ".join(parse.wordplay.words), c.letters)) / 2
        yield defined(c, d, Features(cost, strength, c.frequency, verified, False, spelt))
    # A lone synonym two steps away would be a second definition two steps away: no evidence;
    # and a second definition needs the first.
    if fitting and double:  # only with crossing letters: no scan of the candidates for every reading without them
        fits = set(fitting) - matched
        yield from gloss_second(parse, cost, [c for c in defining if c.letters in fits], enum, spelt)
    strong = [c for c in candidates[:LOOSE_CANDIDATES] if c.letters not in matched and c.strength >= SECOND_DEFINITION] if not double else []
    for k, d, piece in loosely_made(parse.wordplay, [c.letters for c in strong]):
        c = strong[k]
        yield defined(c, d, Features(cost, c.strength, c.frequency, False, False, loose_cover(c.letters, piece)), piece)
    if letter_exact(parse.wordplay):
        for s in sorted(set(evaluate(parse.wordplay, exactly(enum.length, pattern)))):
            if s in matched or not th.is_word(s, enum) or s in run_on and not th.in_dictionary(s, enum):
                continue
            d = next(derive(parse.wordplay, s), None)
            if d is not None:
                yield unconfirmed(s, d, True)
    elif not double:
        for w in anagrammed(parse.wordplay, enum, pattern):
            on_time()
            if w not in matched and (d := next(derive(parse.wordplay, w), None)) is not None:
                matched.add(w)
                yield unconfirmed(w, d, False)
        if build and not fitting:
            for w in built(parse.wordplay, enum, pattern, matched, time.monotonic() + BUILT_READING):
                if (d := next(derive(parse.wordplay, w), None)) is not None:
                    matched.add(w)
                    yield unconfirmed(w, d, True)
        words = [w for w in fitting if w not in matched]
        strict = set()
        for k, d in made(parse.wordplay, words):
            strict.add(k)
            yield unconfirmed(words[k], d, False)
        rest = [w for k, w in enumerate(words) if k not in strict]
        for k, d, piece in loosely_made(parse.wordplay, rest):
            yield unconfirmed(rest[k], d, False, piece)


def builds_words(wordplay: Node | None) -> bool:
    """Does a reading's wordplay build words of synonyms (not one synonym: a second
    definition; not the clue's own letters, whose words are made anyway)?"""
    return wordplay is not None and not isinstance(wordplay, (Definition, Synonym)) and not letter_exact(wordplay)


def built(wordplay: Node, enum, pattern: str | None, made_already: set[Letters], until: float, most: int = BUILT_OUTPUTS) -> list[Letters]:
    """The dictionary words of the answer's length a reading's wordplay builds from its
    synonyms, among its first `most` outputs and those made by `until` (a charade of
    long synonym lists can run for seconds and build nothing)."""
    seen, out = set(made_already), []
    known = th.lexicon_letters(enum.length)
    try:
        with within(min(until, DEADLINE.get())):
            for s in itertools.islice(evaluate(wordplay, exactly(enum.length, pattern, words=True)), most):
                if s not in seen:
                    seen.add(s)
                    if s in known and th.in_dictionary(s, enum):  # a dictionary word in an allowed spelling: a word too
                        out.append(s)
    except Cut:
        pass
    return out


def anagrammed(wordplay: Node, enum, pattern: str | None) -> Iterator[Letters]:
    """The words of the answer's length made of the letters of an anagram and the short
    pieces beside it (I into troubled CENTRE: ENTERIC), to be checked against the wordplay."""
    if not anagram_inside(wordplay):
        return
    for bag in letter_bags(wordplay) or ():
        if len(bag) == enum.length:
            yield from (w for w in th.anagrams(bag, enum) if pattern_ok(pattern, w))


def made(wordplay: Node, words: Sequence[Letters]) -> Iterator[tuple[int, Derivation]]:
    """Which of the words the wordplay makes (by index), with how, raising Cut past the
    deadline `within` set."""
    possible = could_make(wordplay)
    for k, w in enumerate(words):
        if k % 8 == 0:
            on_time()
        if possible(w) and (d := next(derive(wordplay, w), None)) is not None:
            yield k, d


def loosely_made(wordplay: Node, words: Sequence[Letters]) -> Iterator[tuple[int, Derivation, Letters]]:
    """Which of the words the wordplay makes with one synonym piece two steps away (by
    index), with how and that piece, raising Cut past the deadline `within` set."""
    for k, w in enumerate(words):
        on_time()
        if (found := loose_derivation(wordplay, w)) is not None:
            yield k, *found


def loose_cover(word: Letters, piece: Letters) -> float:
    """The share of the word a reading spells, a piece two steps away counting LOOSE_SHARE."""
    return 1 - LOOSE_SHARE * len(piece) / len(word)


def loose_note(piece: Letters) -> str:
    """The explanation's note of a piece two steps away (none without one)."""
    return f" ({piece} two steps from its words)" if piece else ""


def definition_only_cost(k: int) -> float:
    """The parse cost given to an answer read off a definition of k words with no wordplay:
    dearer than a reading with wordplay, and more so the longer the definition."""
    return DEFINITION_ONLY_COST + DEFINITION_ONLY_PER_WORD * k


def definition_only(clue: Clue, candidates_of, depth: int = DEFINITION_DEPTH) -> Iterator[Solution]:
    """Yield definition matches at either end of the clue, unverified: the strongest few,
    and deeper ones that the rest of the clue partly spells."""
    words = clue.words
    for k in range(1, min(4, len(words)) + 1):
        for where in dict.fromkeys(((0, k), (len(words) - k, len(words)))):  # the whole clue once
            span = words[slice(*where)]
            if not th.content_words(th.norm(" ".join(span))):
                continue  # "a" or "her" alone defines nothing
            for rank, c in enumerate(candidates_of(span)[:depth]):
                covered, partial = cover(c.letters, words, where) if k < len(words) else (0.0, ())
                if rank >= STRONGEST and not covered:
                    continue
                shown = th.display(c.letters, clue.enumeration)
                yield solution(c.letters, shown, span, None, None, Features(definition_only_cost(k), c.strength, c.frequency, False, False, covered, attested=attested_pieces(c.letters, partial)),
                               explanation(shown, None, None, span, RELATIONS.get(c.relation, ""), partial))  # fmt: skip


def glossed(definition: Words, word: Letters, least: float = GLOSSED_SHARE) -> float:
    """How strongly a word's glosses say a definition the thesaurus does not relate to it
    (nothing below the `least` share)."""
    share = th.gloss_overlap(th.norm(" ".join(definition)), word, soft=True)
    return GLOSSED * share if share >= least else 0.0


def described(definition: Words, word: Letters, enum) -> float:
    """The strength the reverse dictionary gives a word for a definition of two to
    DESCRIBED_WORDS words, whatever its rank among the definition's answers (0 below
    DESCRIBED_LEAST of a full match): as strong as were it retrieved among them."""
    if not 1 < len(definition) <= DESCRIBED_WORDS:
        return 0.0
    share = th.described_share(th.norm(" ".join(definition)), word, enum)
    return RETRIEVED * share if share >= DESCRIBED_LEAST else 0.0


def gloss_second(parse: Parse, cost: float, fits: Sequence[th.Candidate], enum, spelt: float) -> Iterator[Solution]:
    """Yield the words that fit the crossing letters, defined (however loosely) by the first
    definition, whose glosses say most of the second ("Squint at member of the House of
    Lords", ?E?R: PEER, "a nobleman ... member of the British peerage", a lord): half the
    evidence of a second definition the thesaurus relates, never verified."""
    for c in fits:
        if said := glossed(parse.wordplay.words, c.letters, SECOND_GLOSSED):
            shown, leaf = th.display(c.letters, enum), Derivation(parse.wordplay, c.letters, ())
            yield solution(c.letters, shown, parse.definition, parse, leaf, Features(cost, (c.strength + said) / 2, c.frequency, False, False, spelt),
                           explanation(shown, parse, leaf, parse.definition) + " (its gloss says the second definition)")  # fmt: skip


def glossed_only(clue: Clue, fitting: Sequence[Letters]) -> Iterator[Solution]:
    """Yield the fitting words whose glosses say much of a span at either end of the clue."""
    words = clue.words
    spans = [(k, words[slice(*where)]) for k in range(1, min(4, len(words) - 1) + 1) for where in ((0, k), (len(words) - k, len(words)))]
    for w in fitting:
        # the best share; of equal shares, the shortest span
        share, k, span = max(((th.gloss_overlap(th.norm(" ".join(span)), w, soft=True), k, span) for k, span in spans), key=lambda f: (f[0], -f[1]), default=(0.0, 0, ()))
        if share >= GLOSSED_SHARE:
            shown = th.display(w, clue.enumeration)
            yield solution(w, shown, span, None, None, Features(definition_only_cost(k), GLOSSED * share, th.frequency(w), False, False, 0.0),
                           f'{shown}: fits the crossing letters, and its gloss says much of "{" ".join(span)}"')  # fmt: skip


def fitting_only(clue: Clue, fitting: Sequence[Letters]) -> Iterator[Solution]:
    """Yield the words that fit the crossing letters, as answers nothing else supports."""
    for w in fitting:
        shown = th.display(w, clue.enumeration)
        yield solution(w, shown, (), None, None, Features(FITTING_COST, 0.0, th.frequency(w), False, False, 0.0),
                       f"{shown}: fits the crossing letters; no reading or definition found")  # fmt: skip


def explain_solutions(clue: Clue, top: int = 3, timeout: float = DEFAULT_TIMEOUT) -> str:
    """The derivation tree of each of the best answers, drawn."""
    outcome = solve(clue, timeout=timeout)
    if not outcome.solutions:
        return "no answer found"
    blocks = []
    for s in outcome.solutions[:top]:
        lines = [f"{s.display}  (score {s.score:.2f}{', verified' if s.verified else ''})", f"  definition: {q(s.definition)}"]
        if s.parse and s.parse.link:
            lines.append(f"  link: {q(s.parse.link)}")
        if s.derivation is not None:
            lines.append(f"  wordplay: {s.derivation.letters}  ← {label(s.derivation.node)}")
            lines.extend("    " + line for line in draw_derivation(s.derivation))
        blocks.append("\n".join(lines))
    if outcome.cut:
        blocks.append("(search cut by the time budget)")
    return "\n\n".join(blocks)
