"""Indicator, link and abbreviation lexicons from corpora/ (loaded once, on first use)."""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Mapping
from types import MappingProxyType

from cryptic.data import DataError, data_file
from cryptic.nodes import Letters, Words, letters
from cryptic.tuning import INDICATOR_CACHE, MAX_INDICATOR_WORDS, MIN_RELIABILITY, MIN_SHARE_OF_BEST, MIN_SIGNALLED, PAST_FULL

KINDS = (
    "anagram", "hidden", "insertion", "container", "subtraction", "departure", "reversal", "first", "last",
    "alternate", "outer", "middle", "behead", "curtail", "trim", "gut", "half", "homophone", "spoonerism",
    "after", "link", "connector",
)  # fmt: skip


def normal(words: Words) -> Words:
    """Lower-case words with straight apostrophes, for lexicon lookups.

    >>> normal(("Doctor’s", "Note"))
    ("doctor's", 'note')
    """
    return tuple(w.lower().replace("’", "'") for w in words)


def key(words: Words) -> str:
    """The lexicon key of a phrase: lower-case words joined by single spaces."""
    return " ".join(normal(words))


@functools.cache
def indicators(kind: str) -> frozenset[Words]:
    """Every phrase of corpora/indicators/<kind>.txt, as lower-case word tuples, and the
    phrases past clues used reliably for the kind (reliable_indicators)."""
    if kind not in KINDS:
        raise ValueError(f"unknown indicator kind {kind!r}")
    text = data_file("corpora", "indicators", f"{kind}.txt").read_text(encoding="utf-8")
    listed = frozenset(tuple(line.split()) for line in text.lower().splitlines() if line.strip() and not line.startswith("#"))
    return listed | reliable_indicators().get(kind, frozenset())


# ---------------------------------------------------------------- tables mined from past clues

REBUILD = "python -m thesaurus.mine ../shared/corpora/train/fifteensquared-2010-2018.jsonl ../shared/corpora/clues/wordplay-train.jsonl:1000"


def mined_rows(name: str, columns: int) -> tuple[tuple[str, ...], ...]:
    """The rows of a table thesaurus.mine wrote (corpora/<name>), each `columns` fields, the
    last ones counts; a DataError naming the file and the command that rebuilds it. (Read
    once, by the cached table that holds them.)"""
    try:
        path = data_file("corpora", name)
        text = path.read_text(encoding="utf-8")
    except (DataError, OSError, UnicodeDecodeError):
        raise DataError(f"the mined table corpora/{name} is missing or unreadable; rebuild it with `{REBUILD}` or reinstall cryptic") from None
    rows = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != columns or not fields[-1].isdigit():
            raise DataError(f"{path}:{n}: not a mined table row; rebuild it with `{REBUILD}`")
        rows.append(tuple(fields))
    return tuple(rows)


def counted(name: str) -> Mapping[str, tuple[tuple[str, int], ...]]:
    """phrase -> ((letters, count), ...), most counted first, of a mined pair table."""
    table: dict[str, list[tuple[str, int]]] = {}
    for phrase, value, count in mined_rows(name, 3):
        table.setdefault(phrase, []).append((value, int(count)))
    return MappingProxyType({k: tuple(sorted(v, key=lambda x: -x[1])) for k, v in table.items()})


@functools.cache
def piece_table() -> Mapping[str, tuple[tuple[str, int], ...]]:
    """phrase -> the letters past clues' wordplay used it for, with counts (tea -> CHAR)."""
    return counted("pieces.tsv")


@functools.cache
def past_definition_table() -> Mapping[str, tuple[tuple[str, int], ...]]:
    """definition phrase -> the answers past clues defined by it, with counts."""
    return counted("definitions.tsv")


@functools.cache
def past_answer_table() -> Mapping[str, int]:
    """ANSWER (its letters) -> how many past clues it answered."""
    counts: dict[str, int] = {}
    for answer, count in mined_rows("answers.tsv", 2):
        key = letters((answer,))
        counts[key] = counts.get(key, 0) + int(count)
    return MappingProxyType(counts)


def past_share(answer: Letters) -> float:
    """How often past clues had this answer, from 0 (never) to 1 (PAST_FULL times or more)."""
    return min(1.0, math.log1p(past_answer_table().get(answer, 0)) / math.log1p(PAST_FULL))


def past_answers() -> tuple[str, ...]:
    """The past clues' answers as phrases with their word breaks ("open season"): the
    thesaurus index keeps them as words (the build reads them)."""
    return tuple(answer.lower() for answer, _ in mined_rows("answers.tsv", 2))


@functools.cache
def reliable_indicators() -> Mapping[str, frozenset[Words]]:
    """kind -> the phrases past clues used reliably as its indicator (corpora/indicators.tsv),
    each phrase judged alone and with the other forms of its verb."""
    rows = tuple((phrase, kind, int(n), int(seen)) for phrase, kind, n, seen in mined_rows("indicators.tsv", 4))
    out: dict[str, set[Words]] = {}
    for phrase, kind in reliable(rows, lambda phrase: phrase) | reliable(rows, verb_of):
        out.setdefault(kind, set()).add(tuple(phrase.split()))
    return MappingProxyType({k: frozenset(v) for k, v in out.items()})


IndicatorRow = tuple[str, str, int, int]  # phrase, kind, clues it signalled the kind in, clues it occurs in


def reliable(rows: tuple[IndicatorRow, ...], group: Callable[[str], str]) -> set[tuple[str, str]]:
    """The (phrase, kind) pairs whose group of phrases signalled the kind at least MIN_SIGNALLED
    times, in at least MIN_RELIABILITY of the clues the group occurs in, and at least
    MIN_SHARE_OF_BEST as often as the group's likeliest kind.

    >>> sorted(reliable((("arrests", "container", 1, 3), ("arresting", "container", 2, 16)), verb_of))
    [('arresting', 'container'), ('arrests', 'container')]
    """
    of = {phrase: group(phrase) for phrase, _, _, _ in rows}  # once a phrase: a verb's lemma costs 10 µs, and a solve loads the table first
    tally: dict[tuple[str, str], tuple[int, int]] = {}
    for phrase, kind, n, seen in rows:
        had, occurs = tally.get((of[phrase], kind), (0, 0))
        tally[of[phrase], kind] = (had + n, occurs + seen)
    best: dict[str, int] = {}
    for (g, _), (n, _) in tally.items():
        best[g] = max(best.get(g, 0), n)

    def passes(phrase: str, kind: str) -> bool:
        n, seen = tally[of[phrase], kind]
        return n >= MIN_SIGNALLED and n >= MIN_RELIABILITY * seen and n >= MIN_SHARE_OF_BEST * best[of[phrase]]

    return {(phrase, kind) for phrase, kind, _, _ in rows if kind in KINDS and not any(c.isdigit() for c in phrase) and passes(phrase, kind)}


def verb_of(phrase: str) -> str:
    """The verb a one-word phrase is a form of, else the phrase: past clues signal a verb's
    forms a few times each ("arrests" once in 3 clues, "arresting" twice in 16), and their
    counts are added up.

    >>> verb_of("arrests"), verb_of("next to")
    ('arrest', 'next to')
    """
    from lemminflect import getAllLemmas

    return phrase if " " in phrase else (getAllLemmas(phrase).get("VERB") or (phrase,))[0]


# A verb indicator takes a particle freely ("worked out", "broken up", "turned round"):
# for these kinds, indicator + particle is an indicator without being listed.
PHRASAL_KINDS = frozenset(("anagram", "reversal", "departure", "subtraction"))
PARTICLES = frozenset(("out", "up", "about", "around", "round", "over", "off", "down", "away"))
# ... and may follow a verb of being or becoming, "must", "has to" or "to" ("to waste"), "with"
# or "after" (before a noun: "with retraining", "after reform"), "having" ("having no"), or
# "when" or "if" ("must be ordered", "when upset", "being arranged", "must escape from"). Not
# "in": "in ruptured" would read cheaper than the link "in" and "ruptured".
# in 35 of the 845 anagram clues of cryptonite-dev rows 1,800-12,263 such words come between
# the fodder and a listed indicator. The modals, "that's", "needs" and "going" stood so in the
# past clues' indicators too (indicators.tsv: "may modify", "could become", "that's remodelled",
# "needs repair", "going astray"; "will", "might" and "goes" as their kin). Not "for", a link
# word, nor "put" and "set", whose phrases are listed whole ("put out", "set off").
# Leads chain ("must be ordered" is "must", then "be"), so none is listed that two others make.
LEADS = frozenset(
    tuple(p.split()) for p in ("is", "are", "was", "be", "being", "when", "if", "get", "gets", "getting", "got", "become",
                               "becomes", "having been", "must", "have to", "to", "with", "after", "having", "has",
                               "that's", "may", "could", "can", "will", "might", "needs", "going", "goes")
)  # fmt: skip
# A container's or insertion's indicator takes a lead too, but no particle ("when soused in": NG
# in ALE; "to tuck into"; "when taking in"; "is found in"), and so does a charade's connector
# ("W to meet HALE", "LAT going by VIA"; a charade skips MAX_CONNECTOR_WORDS at most).
LED_KINDS = PHRASAL_KINDS | {"container", "insertion", "connector"}


# A container or subtraction told by two words around its second part: "metal gets hot inside"
# (COPPER around H), "local taking time out" (NATIVE less T). The first word names the having,
# the second what became of the part.
SPLIT_LEADS = frozenset(("with", "having", "has", "gets", "getting", "got", "taking", "takes"))
SPLIT_ENDS = MappingProxyType({
    **dict.fromkeys(("in", "inside", "within"), "container"),
    **dict.fromkeys(("out", "off", "away", "removed", "missing", "gone", "dropped", "omitted", "excluded", "lost"), "subtraction"),
})  # fmt: skip


# An insertion is most often told by a verb and "into" or "in" ("pushed into", "stuck in"):
# any verb before one of these words indicates one.
INTO = frozenset(("into", "in", "inside", "within"))


@functools.cache
def is_verb(word: str) -> bool:
    """Is the word a form of a verb (lemminflect's lexicon)?"""
    from lemminflect import getAllLemmas

    return "VERB" in getAllLemmas(word)


@functools.cache
def is_participle(word: str) -> bool:
    """Is the word a verb's past participle (held, smuggled)?"""
    from lemminflect import getAllLemmas, getInflection

    return any(word in getInflection(lemma, "VBN") for lemma in getAllLemmas(word).get("VERB", ()))


def taken_in(word: str) -> bool:
    """Is the (normalised) word a container indicator's past participle ("held", "smuggled")?
    Read passively it says its part was taken into the other: an insertion's indicator before
    "by" ("smuggled by") or after both parts ("fellow's admitted": HES in TAURUS)."""
    return (word,) in indicators("container") and is_participle(word)


# A letter-picking indicator may take a preposition before its fodder ("regularly using satnav
# maps": STAMP; "initially in").
LETTER_KINDS = frozenset(("first", "last", "alternate", "outer", "middle", "hidden"))
TRAILS = frozenset(("of", "in", "from", "using"))
ARTICLES = frozenset(("a", "the"))


@functools.lru_cache(maxsize=INDICATOR_CACHE)  # the parser asks about the same spans again and again
def is_indicator(kind: str, words: Words) -> bool:
    """Is the phrase a known indicator of this kind (or one with a particle after it)?"""
    if not 0 < len(words) <= MAX_INDICATOR_WORDS:
        return False
    words = normal(words)
    if words in indicators(kind):
        return True
    if any("-" in w for w in words):  # "mixed-up" is "mixed up", "re-formed" "reformed"
        split = tuple(part for w in words for part in w.split("-") if part)
        return is_indicator(kind, split) or is_indicator(kind, tuple(w.replace("-", "") for w in words))
    if kind == "insertion" and len(words) == 2 and words[1] in INTO and is_verb(words[0]) and words[0] not in PARTICLES:
        return True  # not "up in", which a lead would make "got up in"
    if kind == "insertion" and len(words) == 2 and words[1] == "by" and taken_in(words[0]):
        return True  # the passive: "heroin smuggled by seal" is H in CAP
    if kind in LETTER_KINDS and len(words) > 1 and words[-1] in TRAILS and words[:-1] in indicators(kind):
        return True
    if kind in LETTER_KINDS and len(words) > 1 and words[0] in ARTICLES and words[1] not in ARTICLES and is_indicator(kind, words[1:]):
        return True  # "a trace of leniency": L; "the origins of interesting old tale": IOTA
    if kind not in LED_KINDS:
        return False
    if kind in PHRASAL_KINDS and len(words) > 1 and words[-1] in PARTICLES and words[:-1] in indicators(kind):
        return True
    lead = next((n for n in (2, 1) if words[:n] in LEADS), 0)
    return 0 < lead < len(words) and is_indicator(kind, words[lead:])


@functools.cache
def abbreviation_table() -> Mapping[str, tuple[str, ...]]:
    """phrase -> the letters setters substitute for it (corpora/abbreviations.tsv)."""
    return pair_table("abbreviations.tsv", r"[A-Z]+", "phrase<TAB>LETTERS")


@functools.cache
def short_forms() -> Mapping[str, tuple[str, ...]]:
    """word -> what it is short for ("speedo" -> speedometer; corpora/short-forms.tsv)."""
    return pair_table("short-forms.tsv", r"[a-z][a-z ]*", "short<TAB>full")


def written_out(key: str) -> str | None:
    """A normalised phrase with its short words written out ("where speedo found" -> "where
    speedometer found"); None when it has none."""
    table = short_forms()
    words = key.split(" ")
    out = [table[w][0] if w in table else w for w in words]
    return " ".join(out) if out != words else None


def pair_table(name: str, value: str, shape: str) -> Mapping[str, tuple[str, ...]]:
    """A hand-curated table of corpora/ ("key<TAB>value" lines, '#' notes): key -> its values
    in the file's order; a DataError naming the line that is not one."""
    path = data_file("corpora", name)
    table: dict[str, list[str]] = {}
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        phrase, sep, found = line.partition("\t")
        if not sep or not re.fullmatch(value, found.strip()):
            raise DataError(f"{path}:{n}: expected '{shape}'; restore the file from the repository")
        table.setdefault(phrase.strip().lower(), []).append(found.strip())
    return MappingProxyType({k: tuple(dict.fromkeys(v)) for k, v in table.items()})


def abbreviations(words: Words) -> tuple[str, ...]:
    """The substitutions for a phrase ("doctor" -> DR, MO, ...)."""
    return abbreviation_table().get(key(words), ())


@functools.cache
def number_table(name: str) -> Mapping[str, float]:
    """A JSON table of named numbers from corpora/ (keys starting '_' are notes)."""
    path = data_file("corpora", name)
    try:
        table = json.loads(path.read_text(encoding="utf-8"))
        return MappingProxyType({k: float(v) for k, v in table.items() if not k.startswith("_")})
    except (json.JSONDecodeError, AttributeError, TypeError, ValueError):
        raise DataError(f"{path} is not a JSON table of numbers; restore it from the repository") from None


def weights() -> Mapping[str, float]:
    """Cost weights of parse trees, from corpora/weights.json."""
    return number_table("weights.json")
