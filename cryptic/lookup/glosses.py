"""WordNet's glosses turned round: answers whose gloss says a phrase, and how much of it, by
hand-set rules (the reverse dictionary, cryptic.lookup.retrieval, ranks GCIDE's too)."""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from more_itertools import unique_everseen

from cryptic.lookup.answers import letters_of, spellings, spelt_with
from cryptic.lookup.index import graph, node_id, norm, sparse_index, sparse_rows, wordnet_glosses
from cryptic.lookup.relations import INFLECTED, INFLECTION_GROWTH, PARTS_MISMATCH, STRENGTH, Candidate, candidate_order, frozen, inflected, lemmas, support, word_relations
from cryptic.nodes import Enumeration, Letters
from cryptic.tuning import GLOSS, GLOSS_COVER, GLOSS_LONE, GLOSS_SYNONYM, GLOSS_SYNONYMS, VERB_PHRASE
from thesaurus.layout import CODES, GLOSS_WORD, gloss_keys


def gloss_members() -> tuple[object, object]:
    """Each WordNet gloss's answers (the graph ids of its synset's phrases), as sparse rows."""
    return sparse_rows("gloss_member")


@functools.cache
def gloss_sizes():
    """How many content words each WordNet gloss has (a read-only array by gloss number)."""
    import numpy as np

    return frozen(np.bincount(sparse_index("gloss")[2]))


def phrase_keys(key: str) -> tuple[str, ...]:
    """A normalised phrase's content words as the gloss index files them (hyphenated words
    joined where the glosses join them), in sorted order: sums over them are then the same
    in every process (a set's order follows the hash seed)."""
    text = joined_compounds(key, sparse_index("gloss")[0])
    return tuple(sorted(gloss_keys(text, {w: gloss_key(w) for w in GLOSS_WORD.findall(text)})))


def gloss_rarity(word: str) -> float:
    """How rare a gloss word is: the log of WordNet's glosses over those using it (a word
    no gloss uses counts as the rarest)."""
    index = sparse_index("gloss")[0]
    i = index.get(word)
    return math.log(wordnet_glosses() / max(1, len(wordnet_row(i)))) if i is not None else math.log(max(1, wordnet_glosses()))


def gloss_row(i: int):
    """The glosses (numbers, sorted) that use the gloss index's word i."""
    _, indptr, glosses = sparse_index("gloss")
    return glosses[int(indptr[i]) : int(indptr[i + 1])]


def wordnet_row(i: int):
    """The WordNet glosses (numbers, sorted) that use the gloss index's word i."""
    row = gloss_row(i)
    return row[: int(row.searchsorted(wordnet_glosses()))]


def gloss_key(word: str) -> str:
    """A word as the gloss index files it: its (alphabetically first) lemma, or itself."""
    found = lemmas(word)
    return min(lemma for lemma, _ in found) if found else word


@functools.lru_cache(maxsize=20_000)
def gloss_matches(key: str, soft: bool = True) -> Mapping[int, float]:
    """The graph ids whose WordNet gloss says what a normalised phrase says (`soft`: or says
    some of it through synonyms), each with its best gloss's share of the phrase (any length)."""
    import numpy as np

    index, _, glosses = sparse_index("gloss")
    words = phrase_keys(key)
    # A phrase of one content word and its function words ("in that place") says what a gloss
    # of that one word says ("in or at that place": THERE); any longer gloss says more.
    lone = len(words) == 1 and " " in key
    if len(words) < 2 and not lone or not len(glosses):
        return MappingProxyType({})
    rows = {w: row for w in words if w in index and len(row := wordnet_row(index[w]))}
    if not rows:
        return MappingProxyType({})
    weight = {w: gloss_rarity(w) for w in words}
    total = sum(weight.values())
    # Each gloss: the weight of the phrase's words it uses (or a synonym of, for less), and how many.
    # A word's derived forms say what it says ("Scottish skirt": KILT's "skirt ... Scotland").
    related = gloss_relative_rows(words, rows, derived_glosses) if soft else {}
    synonymous = gloss_relative_rows(words, with_rows(rows, related), synonym_glosses) if soft else {}
    used = [(r, weight[w], 0) for w, r in itertools.chain(rows.items(), related.items())] + [(r, weight[w] * GLOSS_SYNONYM, 1) for w, r in synonymous.items()]
    which, at = np.unique(np.concatenate([r for r, _, _ in used]), return_inverse=True)
    have = np.bincount(at, weights=np.concatenate([np.full(len(r), v) for r, v, _ in used]))
    uses = np.bincount(at)
    # A gloss that says the phrase only through synonyms relates it no more directly than a
    # derived form does: it ranks, but does not verify (as a second definition, "touching
    # display of" was TROUBLE: "an event causing distress or pain").
    derived = np.bincount(at, weights=np.concatenate([np.full(len(r), flag) for r, _, flag in used])) > 0
    share = (GLOSS_LONE if lone else GLOSS) * have / total
    said = np.where(derived, np.minimum(share, STRENGTH["d"]), share)
    good = gloss_sizes()[which] == 1 if lone else (uses >= 2) & (have >= GLOSS_COVER * total)
    member_indptr, member_ids = gloss_members()
    matched: dict[int, float] = {}  # graph id -> its best gloss's share of the phrase
    for k, value in zip(which[good].tolist(), said[good].tolist()):
        for j in member_ids[int(member_indptr[k]) : int(member_indptr[k + 1])].tolist():
            if value > matched.get(j, 0.0):
                matched[j] = value
    return MappingProxyType(matched)


@functools.lru_cache(maxsize=5_000)
def gloss_definitions(key: str, enumeration: Enumeration) -> tuple[Candidate, ...]:
    """The answers whose WordNet gloss says what a normalised phrase says, best first; for a
    phrase whose head is a plural, the plurals of those whose gloss says it in the singular
    ("snake-like fishes" -> EELS: eel, "snakelike fish"), and so for a verb's -s, -ed and -ing."""
    import numpy as np

    g = graph()
    matched = gloss_matches(key)
    values = list(matched.values())
    strength: dict[int, float] = {}
    for form, of, factor in zip(*(a.tolist() for a in in_inflection(key, enumeration.length, np.array(list(matched), dtype=np.int64)))):
        strength[form] = max(strength.get(form, 0.0), values[of] * factor)
    own = letters_of(key)
    best: dict[Letters, tuple[int, Candidate]] = {}
    for j, value in strength.items():
        if g.letters[j] != own and (g.letters[j] not in best or value > best[g.letters[j]][1].strength):
            best[g.letters[j]] = (j, Candidate(g.letters[j], g.nodes[j], value, float(g.freqs[j]), "g"))
    if not best:
        return ()
    chosen = np.array([j for j, _ in best.values()], dtype=np.int64)
    fits, supports = spelt_with(chosen, enumeration).tolist(), support(key, enumeration.length, chosen).tolist()
    kept = [(c if fit else c._replace(strength=c.strength * PARTS_MISMATCH))._replace(support=n) for (_, c), fit, n in zip(best.values(), fits, supports)]
    return tuple(sorted(kept, key=candidate_order))


def in_inflection(key: str, length: int, ids) -> tuple[object, object, object]:
    """The answers of `length` letters that some graph ids give a normalised phrase in its
    inflection: those of that length themselves, and the inflections the phrase takes of
    those shorter by INFLECTION_GROWTH at most ("snake-like fishes" -> EELS: eel); as arrays of
    graph ids, each one's place in `ids`, and its factor (1, or INFLECTED for a form)."""
    import numpy as np

    lengths = graph().lengths[ids]
    exact = np.flatnonzero(lengths == length)
    found = [(ids[exact], exact, np.ones(len(exact)))]
    shorter = np.flatnonzero((lengths < length) & (lengths >= length - INFLECTION_GROWTH))
    for tag in phrase_inflections(key):
        forms, of = inflected(ids[shorter], tag, (length, length))
        found.append((forms.astype(np.int64), shorter[of], np.full(len(forms), INFLECTED)))
    return tuple(np.concatenate(part) for part in zip(*found))


@functools.cache
def turned_round(name: str) -> tuple[object, object]:
    """Sparse rows of the index read the other way: for "gloss", each gloss's words (rows
    of `sparse_index("gloss")`); for "gloss_member", each graph id's glosses."""
    import numpy as np

    indptr, ids = sparse_rows(name)
    owners = np.repeat(np.arange(len(indptr) - 1, dtype=np.int32), np.diff(indptr))
    counts = np.bincount(ids, minlength=int(ids.max()) + 1 if len(ids) else 0)
    return frozen(np.concatenate(([0], np.cumsum(counts)))), frozen(owners[np.argsort(ids, kind="stable")])


@functools.lru_cache(maxsize=50_000)
def answer_gloss_words(letters: Letters):
    """The words (rows of `sparse_index("gloss")`) of every WordNet gloss of the phrases
    spelt with these letters, with their broader synsets' head words (a sorted array)."""
    import numpy as np

    member_ptr, member_glosses = turned_round("gloss_member")
    word_ptr, gloss_words = turned_round("gloss")
    ids = [j for _, _, shown in spellings(letters) if (j := node_id(norm(shown))) is not None and j + 1 < len(member_ptr)]
    glosses = [int(k) for j in ids for k in member_glosses[int(member_ptr[j]) : int(member_ptr[j + 1])] if k < wordnet_glosses() and k + 1 < len(word_ptr)]
    rows = [gloss_words[int(word_ptr[k]) : int(word_ptr[k + 1])] for k in glosses]
    return frozen(np.unique(np.concatenate(rows)) if rows else np.empty(0, np.int32))


@functools.lru_cache(maxsize=20_000)
def phrase_gloss_words(key: str) -> tuple[tuple[str, int | None, float], ...]:
    """A normalised phrase's content words as the gloss index files them, each with its row
    (None: a word no gloss uses) and weighed by its rarity among the glosses."""
    index, _, glosses = sparse_index("gloss")
    words = phrase_keys(key.replace("'s", ""))  # "fish-hook's": FISHHOOK
    if not len(glosses):
        return ()
    return tuple((w, index.get(w), gloss_rarity(w)) for w in words)


def gloss_overlap(key: str, letters: Letters, soft: bool = False) -> float:
    """The share of a normalised phrase's content words (each weighed by its rarity) that
    some WordNet gloss of the answer uses: "Line created by rising and falling water" and
    TIDEMARK's "a line at the highwater or low-water limits of the tides" share "line"
    (`soft`: or uses through a synonym, for GLOSS_SYNONYM of its weight: "guts" and ENTERIC's
    "inside the intestines")."""
    import numpy as np

    words = phrase_gloss_words(key)
    total = sum(weight for _, _, weight in words)
    if not total:
        return 0.0
    used = answer_gloss_words(letters)
    share = 0.0
    for word, row, weight in words:
        if row is not None and np.isin(row, used):
            share += weight
        elif soft and np.isin(synonym_keys(word), used).any():
            share += GLOSS_SYNONYM * weight
    return share / total


def phrase_inflections(key: str) -> tuple[str, ...]:
    """The inflections a normalised defining phrase is in, which its answers take too: a
    plural head noun ("snake-like fishes" -> EELS), a verb in -s, -ed or -ing first in a
    short phrase ("cuts into cubes" -> DICES: dice, "cut into cubes")."""
    head = key.split(" of ")[0].rsplit(" ", 1)[-1]  # "fruits of the oak"
    tags = {"NNS"} if any(tag == "NNS" for _, tag in lemmas(head)) or unchanged_plural(head) else set()
    words = key.split(" ")
    if len(words) <= VERB_PHRASE:
        tags.update(tag for _, tag in lemmas(words[0]) if tag.startswith("VB"))
    return tuple(sorted(tags))


def gloss_relative_rows(words: Iterable[str], rows: Mapping[str, object], glosses_of) -> dict[str, object]:
    """For each phrase word, the glosses `glosses_of` it gives that its `rows` do not have: the
    glosses of its synonyms ("order beforehand": PREDESTINE's "decree ... beforehand") or
    derived forms that do not use the word itself."""
    import numpy as np

    out = {}
    for w in words:
        found = glosses_of(w)
        found = np.setdiff1d(found, rows[w]) if w in rows else found
        if len(found):
            out[w] = found
    return out


def with_rows(rows: Mapping[str, object], more: Mapping[str, object]) -> dict[str, object]:
    """Each word's gloss rows joined with more of them (sorted arrays)."""
    import numpy as np

    return {w: np.union1d(rows[w], more[w]) if w in rows and w in more else rows.get(w, more.get(w)) for w in {*rows, *more}}


@functools.lru_cache(maxsize=20_000)
def derived_keys(word: str) -> tuple[str, ...]:
    """The one-word forms WordNet derives from a word (derivationally related words and
    pertainyms), as the gloss index files them ("lebanese" -> lebanon, "french" -> france)."""
    g = graph()
    ids, codes, _ = word_relations(word)
    names = (g.nodes[j] for j in ids[codes == CODES.index("d")].tolist())
    return tuple(sorted({gloss_key(n) for n in names if " " not in n} - {word}))


@functools.lru_cache(maxsize=20_000)
def derived_glosses(word: str):
    """The WordNet glosses that use one of the word's derived forms ("scottish": those saying
    Scotland; a sorted, read-only array of gloss numbers)."""
    index = sparse_index("gloss")[0]
    return glosses_using([index[k] for k in derived_keys(word) if k in index])


@functools.lru_cache(maxsize=20_000)
def synonym_keys(word: str):
    """The gloss index's rows of the word's GLOSS_SYNONYMS strongest single-word synonyms (a
    read-only array)."""
    import numpy as np

    index = sparse_index("gloss")[0]
    g = graph()
    ids, codes, strengths = word_relations(word)
    keep = np.isin(codes, np.array([CODES.index(c) for c in "smr"], dtype=np.uint8))
    ordered = (g.nodes[j] for j in ids[keep][np.argsort(-strengths[keep], kind="stable")].tolist())
    keys = (gloss_key(name) for name in ordered if " " not in name)
    chosen = itertools.islice(unique_everseen(k for k in keys if k in index and k != word), GLOSS_SYNONYMS)
    return frozen(np.array([index[k] for k in chosen], dtype=np.int64))


@functools.lru_cache(maxsize=20_000)
def synonym_glosses(word: str):
    """The glosses that use one of the word's GLOSS_SYNONYMS strongest single-word synonyms
    (a sorted, read-only array of gloss numbers)."""
    return glosses_using(synonym_keys(word).tolist())


def glosses_using(keys: list[int]):
    """The WordNet glosses that use any of some gloss index words (a sorted, read-only array)."""
    import numpy as np

    return frozen(np.unique(np.concatenate([wordnet_row(k) for k in keys])) if keys else np.empty(0, np.int64))


def unchanged_plural(word: str) -> bool:
    """May the word be its own plural (fish, sheep; lemminflect, when the index was built,
    also allowed it for nouns used as mass nouns, like oak)?"""
    j = node_id(word)
    return j is not None and bool(graph().own_plural[j])


def joined_compounds(key: str, index: Mapping[str, int]) -> str:
    """The phrase with each hyphenated word written as one where the glosses write it so
    ("snake-like" -> snakelike), else as its parts."""
    def one(word: str) -> str:
        whole = word.replace("-", "")
        return whole if "-" in word and gloss_key(whole) in index else word.replace("-", " ")

    return " ".join(map(one, key.split(" ")))
