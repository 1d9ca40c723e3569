"""Rebuild corpora/indicators/<kind>.txt and corpora/abbreviations.tsv.

Each indicator list is the hand-curated corpora/indicators/curated/<kind>.txt plus the
phrases mined from the annotated explanations of ../shared/corpora/clues/wordplay-train.jsonl.
A mined phrase is kept only if it occurs word for word in its clue (so it really was the
clue's indicator), and not if it picks letters and is curated as another letter-picking kind
only (see `elsewhere`). For kinds signalled by verbs and adjectives, each one-word indicator
also brings its other forms (mix: mixing, mixed, mixes; different: differently). Abbreviations are the curated corpora/abbreviations-curated.tsv plus the
`LETTERS (clue words)` pairs of the explanations, kept when the letters are short (at most
3; or whole dictionary words of four or five letters, `mine_word_substitutions`), the words
occur in the clue, and they are not letters an indicator picked (see `picked`:
in "S (regularly)" or "E (finally)" the letters are what a letter-picking indicator took
in that clue, not what the word stands for; mined so, "finally" stood for eleven letters).

usage: python benchmarks/mine_lexicons.py [../shared/corpora/clues/wordplay-train.jsonl]
"""

from __future__ import annotations

import collections
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INDICATORS = ROOT / "corpora" / "indicators"


def words_of(text: str) -> list[str]:
    """Lower-case words of a clue or gloss."""
    return re.findall(r"[a-z0-9]+(?:'[a-z]+)?", text.lower().replace("’", "'"))


def in_clue(phrase: str, clue: str) -> bool:
    """Does the phrase occur word for word in the clue?"""
    p, c = words_of(phrase), words_of(clue)
    return bool(p) and any(c[i : i + len(p)] == p for i in range(len(c) - len(p) + 1))


def gloss_tail(gloss: str) -> str:
    """The indicator part of a gloss like 'lawsuit, curtailed' (after the last comma)."""
    return gloss.split(",")[-1].strip(" *<=-–")


def bracket_kind(token: str) -> str | None:
    """Classify letters with [dropped] parts: R[ead] first, [cour]T last, [r]E[t]R[o] alternate..."""
    from thesaurus.explanations import shape_kind

    return shape_kind(re.findall(r"\[[^\]]*\]|[^\[\]]+", token))


def mined(row: dict) -> Iterator[tuple[str, str]]:
    """Yield (kind, phrase) pairs read off one annotated clue."""
    wp, clue = row["wordplay"], row["clue"]
    for m in re.finditer(r"\(\*\s*([^()]+)\)", wp):
        yield "anagram", m.group(1)
    for m in re.finditer(r"\(<\s*([^()]+)\)|,\s*<\s*([^()]+)\)", wp):
        yield "reversal", m.group(1) or m.group(2)
    for m in re.finditer(r"([A-Z\[\]a-z']*\[[^\]]*\][A-Z\[\]a-z']*)\s*\(([^()]+)\)", wp):
        kind = bracket_kind(m.group(1))
        if kind:
            yield kind, gloss_tail(m.group(2))
    for word, kind in (("in", "insertion"), ("around", "container"), ("without", "subtraction")):
        for m in re.finditer(rf"\b{word} \(([^()]+)\)", wp):
            yield kind, m.group(1)
    for m in re.finditer(r"sounds like[,]? \(([^()]+)\)|sounds like, ([^()]+)\)", wp, re.I):
        yield "homophone", m.group(1) or m.group(2)
    for m in re.finditer(r"\(([^()]*)\)\s*$", wp):
        if "hidden" in wp.lower():
            yield "hidden", gloss_tail(m.group(1))
    del clue


# Function words that the annotations sometimes gloss as indicators of letter selection; as
# lone words they would make nearly every clue ambiguous, so only a curated list may hold them.
STOP = frozenset("a an the in of to for and is on by at as it its with from be this that or s i".split())


def mine_indicators(rows: list[dict]) -> dict[str, set[str]]:
    """Mined phrases by kind, each checked against its clue."""
    found: dict[str, set[str]] = collections.defaultdict(set)
    for row in rows:
        for kind, phrase in mined(row):
            phrase = " ".join(words_of(phrase))
            if phrase and phrase not in STOP and len(phrase.split()) <= 4 and in_clue(phrase, row["clue"]):
                found[kind].add(phrase)
    return found


def glossed(rows: list[dict], piece: str) -> Iterator[tuple[str, str, str]]:
    """(phrase, LETTERS, gloss) for each `LETTERS (gloss)` match of the pattern `piece` in
    the explanations whose gloss, up to its first comma, is one to three words of the clue
    (and not the letters themselves)."""
    for row in rows:
        for m in re.finditer(piece, row["wordplay"]):
            letters, gloss = m.group(1), m.group(2).strip()
            phrase = " ".join(words_of(gloss.split(",")[0]))
            if phrase and len(phrase.split()) <= 3 and in_clue(phrase, row["clue"]) and phrase.upper() != letters:
                yield phrase, letters, gloss


def mine_abbreviations(rows: list[dict]) -> set[tuple[str, str]]:
    """(phrase, LETTERS) pairs of explanations like 'DA (lawyer)', checked against the clue."""
    return {(phrase, letters) for phrase, letters, _ in glossed(rows, r"\b([A-Z]{1,3})\s*\(([^()]+)\)")}


def mine_word_substitutions(rows: list[dict]) -> set[tuple[str, str]]:
    """(phrase, WORD) pairs of four or five letters, like 'CLOT (fool)' or 'TOFF (wealthy
    chap)': the setters' synonyms a thesaurus lacks. Only whole pieces: not a piece with
    letters cut off ('[g]LANCE (hasty look, initially missed)') or glossed with a comment,
    and only dictionary words whose gloss is in the clue."""
    from cryptic.thesaurus import in_dictionary

    pieces = glossed(rows, r"(?:^|(?<=[\s(+]))([A-Z]{4,5})\s*\(([^()]+)\)")
    return {(phrase, letters) for phrase, letters, gloss in pieces if "," not in gloss and phrase.replace(" ", "").upper() != letters and in_dictionary(letters)}


PICKING = frozenset(("first", "last", "alternate", "outer", "middle", "gut", "behead", "curtail", "trim", "half", "hidden"))
# Kinds whose mined phrases are mostly misread brackets (B[eg]AN mined "began", "i leave" and
# "non u" as indicators of removing a word's middle): their lists are the curated phrases only.
CURATED_ONLY = frozenset(("gut",))
EXPAND = frozenset(("anagram", "reversal", "insertion", "container", "subtraction", "homophone", "behead", "curtail", "trim", "gut"))


# Kinds whose indicator is a verb acting on the fodder, with a subject the setter picks: a
# one-word verb brings its other present-tense form ("elephants swallow" bamboo: CANE, where
# "swallows" is listed), no more ("hid" is no hidden-word indicator).
AGREE = frozenset(("hidden", "departure", "after", "connector"))


def present_forms(word: str) -> set[str]:
    """The present-tense forms of the verb a present-tense word is (swallows -> swallow;
    none for any other word)."""
    from lemminflect import getAllLemmas, getInflection

    forms = set()
    for lemma in getAllLemmas(word).get("VERB", ()):
        present = {lemma, *getInflection(lemma, "VBZ"), *getInflection(lemma, "VBP")}
        if word in present:
            forms |= present
    return forms


def word_forms(word: str) -> set[str]:
    """A one-word indicator's other forms: inflections of its lemmas (mix -> mixing, mixed,
    mixes), and adverbs of adjectives (different -> differently) and back."""
    from lemminflect import getAllInflections, getAllLemmas
    from wordfreq import zipf_frequency

    forms = {word}
    for lemmas in getAllLemmas(word).values():
        for lemma in lemmas:
            forms.add(lemma)
            for group in getAllInflections(lemma).values():
                forms.update(group)
    made = set()
    for base in forms:
        if base.endswith("ly") and len(base) > 5:
            made.add(base[:-2])
        elif base.endswith("y") and len(base) > 3:
            made.add(base[:-1] + "ily")
        elif len(base) > 3 and not base.endswith(("ing", "ed", "s")):
            made.add(base + "ly")
    # A made form must be a word ("abandonly", "angrierly" and "terriblely" are none).
    forms |= {f for f in made if zipf_frequency(f, "en") > 0}
    return {f for f in forms if f.isalpha() and f not in STOP}


def expanded(kind: str, phrases: set[str]) -> set[str]:
    """The phrases with the other forms of each one-word phrase, for kinds whose indicators
    are verbs and adjectives (for AGREE's, the present tense's only)."""
    if kind not in EXPAND | AGREE:
        return phrases
    # A new form that is a link word ("makes", "gives") would read most clues two ways.
    links = read_list(INDICATORS / "curated" / "link.txt")
    forms = word_forms if kind in EXPAND else present_forms
    out = set(phrases)
    for p in phrases:
        if " " not in p:
            out |= forms(p) - links
    return out


def read_list(path: Path) -> set[str]:
    """Phrases of a one-per-line file, '#' comments skipped."""
    if not path.exists():
        return set()
    return {ln.strip().lower() for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip() and not ln.startswith("#")}


def elsewhere(kind: str, phrase: str, curated_of: dict[str, set[str]]) -> bool:
    """Whether a phrase mined as a letter-picking indicator of one kind is curated as another
    such kind only: the explanations' brackets then misread it ("regularly" mined as a
    first-letter and a middle indicator; "holding", a hidden-word indicator, as curtailment)."""
    if kind not in PICKING or phrase in curated_of.get(kind, ()):
        return False
    return any(phrase in curated_of[other] for other in PICKING if other != kind and other in curated_of)


def picked(phrase: str, letters: str, picking: set[str]) -> bool:
    """Whether a mined pair is most likely letters an indicator picked rather than what its
    words stand for: the words are a letter-picking indicator, and the letters are one
    letter other than the words' initial (large -> L stays) or not a word (behind -> AFT
    stays, heartless -> ISE goes)."""
    from cryptic.thesaurus import in_dictionary

    if phrase not in picking:
        return False
    return letters != phrase[0].upper() if len(letters) == 1 else not in_dictionary(letters)


def main(argv: list[str]) -> int:
    source = Path(argv[0] if argv else ROOT.parent / "shared" / "corpora" / "clues" / "wordplay-train.jsonl")
    rows = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines() if line.strip()]
    found = mine_indicators(rows)
    picking: set[str] = set()  # indicators of kinds that pick letters out of other words
    curated_of = {path.stem: read_list(path) for path in sorted((INDICATORS / "curated").glob("*.txt"))}
    for kind, curated in curated_of.items():
        kept = set() if kind in CURATED_ONLY else {p for p in found.get(kind, set()) if not elsewhere(kind, p, curated_of)}
        phrases = expanded(kind, curated | kept)
        (INDICATORS / f"{kind}.txt").write_text("".join(f"{p}\n" for p in sorted(phrases)), encoding="utf-8")
        print(f"{kind:12s} curated {len(curated):4d}  mined {len(found.get(kind, ())):4d}  total {len(phrases):4d}")
        if kind in PICKING:
            picking |= phrases
    curated_abbr = ROOT / "corpora" / "abbreviations-curated.tsv"
    pairs = {tuple(ln.split("\t")[:2]) for ln in curated_abbr.read_text(encoding="utf-8").splitlines() if "\t" in ln and not ln.startswith("#")}
    mined_abbr = {pair for pair in mine_abbreviations(rows) | mine_word_substitutions(rows) if not picked(*pair, picking)}
    merged = sorted(pairs | mined_abbr)
    (ROOT / "corpora" / "abbreviations.tsv").write_text("".join(f"{p}\t{l}\n" for p, l in merged), encoding="utf-8")
    print(f"abbreviations curated {len(pairs)}  mined {len(mined_abbr)}  total {len(merged)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
