"""Read one annotated past clue: what its explanation says each piece of the clue stood for.

From a blog explanation (`explanation`, or wordplay-train's `wordplay`) and the clue, the
pieces (clue phrase -> letters in the answer), the indicators (phrase -> wordplay kind) and
the definitions (the clue's end the wordplay does not explain). thesaurus.mine counts them
over a corpus.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from cryptic.thesaurus import letters_of, norm

Phrase = str  # a lookup key (thesaurus.norm)
Letters = str  # upper-case A-Z
Token = tuple[str, str]  # (as written, match form: lower-case letters and digits)

MAX_PIECE_WORDS = 4  # a wordplay piece glossed by more words is a comment, not a synonym
MAX_DEFINITION_WORDS = 6  # longer "definitions" are mostly whole clues (cryptic definitions)
MAX_PIECE_LETTERS = 12
FUNCTION_WORDS = frozenset("a an the in of to for and with on at by is it as or from".split())


# ---------------------------------------------------------------- clue words


def match_form(text: str) -> str:
    """A word as compared with a gloss: lower-case letters and digits only.

    >>> match_form("Doctor’s")
    'doctors'
    """
    return re.sub(r"[^a-z0-9]", "", text.lower())


def tokens(text: str) -> tuple[Token, ...]:
    """A clue's words as written, with their match forms; punctuation-only words dropped.

    >>> [m for _, m in tokens("We’ll work — magic!")]
    ['well', 'work', 'magic']
    """
    return tuple((w, m) for w in text.split() if (m := match_form(w)))


def find(phrase: str, clue: tuple[Token, ...]) -> tuple[int, int] | None:
    """The (start, end) of the first place a phrase occurs word for word in the clue."""
    want = [m for _, m in tokens(phrase.replace("-", " "))] or [match_form(phrase)]
    forms = [m for _, m in clue]
    for size, target in ((len(want), want), (1, ["".join(want)])):  # "hush-hush" is one clue word
        for i in range(len(forms) - size + 1):
            if forms[i : i + size] == target and target != [""]:
                return i, i + size
    return None


def key_of(clue: tuple[Token, ...], span: tuple[int, int]) -> Phrase:
    """The lookup key of clue words start..end, as the solver's lookups normalise them."""
    return norm(" ".join(w for w, _ in clue[span[0] : span[1]]))


# ---------------------------------------------------------------- explanations


@dataclass(frozen=True)
class Glossed:
    """A `TOKEN (gloss)` pair of an explanation: the letters as written and what they are for."""

    token: str
    gloss: str


QUOTED = r"[“”\"‘']([^”\"]+?)[”\"’']"
TOKEN = r"((?:[A-Za-z]|\[[a-z]+\]|\([a-z]+\)|[-'’])+)"
GLOSSED = re.compile(
    TOKEN + r"\s*(?:"
    r"\(\s*=?\s*[‘“\"']?([^()]+?)[’”\"']?\s*\)"  # CHAR (tea), AIR (‘demeanour’)
    r"|\[\s*=?\s*([^\[\]]+?)\s*\]"  # norm [= standard]
    r"|=\s*" + QUOTED + r")"  # GERM=”Bacterium”
)


def gloss_of(m: re.Match) -> str:
    """The gloss of a GLOSSED match, in whichever style it was written."""
    return next(g for g in m.groups()[1:] if g is not None)


def glossed(text: str) -> Iterator[Glossed]:
    """Every token of an explanation with a gloss after it."""
    for m in GLOSSED.finditer(text):
        token = m.group(1).strip("-'’")
        gloss = gloss_of(m)
        if token and any(c.isupper() for c in token):
            yield Glossed(token, gloss.strip())


def kept_letters(token: str) -> Letters:
    """The letters a piece contributes: its capitals outside brackets.

    >>> kept_letters("DE[p]LETE"), kept_letters("CruisE"), kept_letters("I’VE")
    ('DELETE', 'CE', 'IVE')
    """
    return re.sub(r"[^A-Z]", "", re.sub(r"\[[^\]]*\]|\([^)]*\)", "", token))


def is_pick(token: str) -> bool:
    """Does the token show letters picked out of a word (brackets or mixed case: R[ed], CruisE,
    bELLES), not merely start a sentence (Anagram)?

    >>> is_pick("CruisE"), is_pick("bELLES"), is_pick("R[ed]"), is_pick("Anagram"), is_pick("CHAR")
    (True, True, True, False, False)
    """
    if re.search(r"[\[(]", token):
        return True
    return any(c.islower() for c in token) and any(c.isupper() for c in token) and not (token[0].isupper() and token[1:].islower())


def pick_kind(token: str) -> str | None:
    """The letter-picking kind a token shows: R[ead] first, [cour]T last, [r]E[t]R[o] alternate,
    CruisE outer, VER[y] curtail, bELLES behead, X[y]Z gut, [x]YZ[w] middle or trim.

    >>> pick_kind("R[ead]"), pick_kind("CruisE"), pick_kind("bELLES"), pick_kind("[r]E[t]R[o]")
    ('first', 'outer', 'behead', 'alternate')
    """
    marked = re.sub(r"[a-z]+", lambda m: f"[{m.group(0)}]", re.sub(r"[\[\]()]", "", re.sub(r"\[([a-z]+)\]|\(([a-z]+)\)", lambda m: (m.group(1) or m.group(2)).lower(), token)))
    return shape_kind(re.findall(r"\[[^\]]*\]|[^\[\]]+", marked.replace("'", "").replace("’", "").replace("-", "")))


def shape_kind(parts: list[str]) -> str | None:
    """The letter-picking kind of a token's parts, '[dropped]' or kept, in order.

    >>> shape_kind(["VER", "[y]"]), shape_kind(["[r]", "E", "[t]", "R", "[o]"])
    ('curtail', 'alternate')
    """
    kept = [p for p in parts if not p.startswith("[")]
    shape = "".join("d" if p.startswith("[") else "k" for p in parts)
    if shape == "kd":
        return "first" if len(kept[0]) == 1 else "curtail"
    if shape == "dk":
        return "last" if len(kept[0]) == 1 else "behead"
    if shape == "dkd":
        return "middle" if len(kept[0]) <= 2 else "trim"
    if shape == "kdk":
        return "outer" if len(kept[0]) == len(kept[1]) == 1 else "gut"
    if len(parts) >= 4 and all(len(p) == 1 for p in kept):
        return "alternate"
    return None


DELETED = re.compile(r"[A-Z]*\[([a-z]+)\][A-Z]*")  # [r]ELATION, B[r]ASH: the bracketed letters were taken out
ASIDE = re.compile(r"[,;:()\[\]=+.!?–—]| - ")  # an indicator quoted in an explanation runs to the punctuation


Placed = tuple[re.Match, Letters, str, tuple[int, int] | None]  # a glossed piece: its match, letters, gloss head and clue span


def placed_pieces(text: str, clue: tuple[Token, ...]) -> list[Placed]:
    """Every glossed piece of an explanation with where its gloss's words stand in the clue
    (None: not word for word), read once for the indicator readers below."""
    placed = []
    for m in GLOSSED.finditer(text):
        head = gloss_head(gloss_of(m))
        placed.append((m, kept_letters(m.group(1)), head, find(head, clue)))
    return placed


def deletion_indicators(text: str, clue: tuple[Token, ...], placed: list[Placed]) -> Iterator[tuple[int, int]]:
    """The clue spans that told a deletion an explanation marks with brackets ([r]ELATION)
    and whose taken piece it glosses (R (Republican)): the words next to that gloss in the
    explanation, up to punctuation ("relative, ignoring R (Republican)", "C (Conservative)
    resigning"), when the clue has them next to the piece's words too, or the words glossed
    with the piece ("without the S (‘ignoring society’)"). A letter picked, T[ribunal], takes
    out no glossed piece.

    >>> clue = tokens("Relative ignoring Republican in high spirits")
    >>> read = lambda text, clue: list(deletion_indicators(text, clue, placed_pieces(text, clue)))
    >>> read("[r]ELATION (relative, ignoring R (Republican))", clue)
    [(1, 2)]
    >>> read("[c]OVER (report on, C (Conservative) resigning)", tokens("Report on Conservative resigning again"))
    [(3, 4)]
    >>> read("T[ribunal] (head of) + R (Republican) going", clue)
    []
    """
    taken = {m.group(1).upper() for m in DELETED.finditer(text) if kept_letters(m.group(0))}
    for m, letters, head, part in placed:
        if letters not in taken or not part:
            continue
        if said := told_with(head, letters):  # S (‘ignoring society’): the indicator glossed with the piece
            if span := find(said, clue):
                yield span
            continue
        before = ASIDE.split(text[: m.start()])[-1].split()[-3:]
        after = ASIDE.split(text[m.end() :])[0].split()[:3]
        longest_first = range(3, 0, -1)
        beside = (([" ".join(before[-k:]) for k in longest_first if k <= len(before)], lambda span: span[1] == part[0]),
                  ([" ".join(after[:k]) for k in longest_first if k <= len(after)], lambda span: span[0] == part[1]))  # fmt: skip
        for phrases, fits in beside:
            yield from itertools.islice((span for said in phrases if (span := find(said, clue)) and fits(span)), 1)


def operator_indicators(text: str, clue: tuple[Token, ...], answer: Letters, placed: list[Placed]) -> Iterator[tuple[tuple[int, int], str]]:
    """The clue words an explanation quotes between two glossed pieces as what joins them
    ("SET (group) infiltrated by G-MEN (old FBI agents)"), when the clue has them between
    the pieces' words too, with the kind the answer's letters show (joined_kind).

    >>> clue = tokens("Part of group infiltrated by old FBI agents")
    >>> text = "SET (group) infiltrated by G-MEN (old FBI agents)"
    >>> list(operator_indicators(text, clue, "SEGMENT", placed_pieces(text, clue)))
    [((3, 5), 'container')]
    """
    for (m1, a, _, s1), (m2, b, _, s2) in itertools.pairwise(placed):
        between = text[m1.end() : m2.start()]
        if not (a and b and s1 and s2) or ASIDE.search(between) or not 1 <= len(between.split()) <= 3:
            continue
        if find(between, clue) == (s1[1], s2[0]) and (kind := joined_kind(a, b, answer)):
            yield (s1[1], s2[0]), kind


def joined_kind(a: Letters, b: Letters, answer: Letters) -> str | None:
    """How two pieces, in the clue's order, make a run of the answer: a around b (container),
    b around a (insertion), or a less b (subtraction); None for a charade or anything else.

    >>> joined_kind("SET", "GMEN", "SEGMENT"), joined_kind("BB", "COLE", "COBBLE"), joined_kind("RELATION", "R", "ELATION")
    ('container', 'insertion', 'subtraction')
    >>> joined_kind("CHAR", "LADY", "CHARLADY")
    """

    def around(outer: Letters, inner: Letters) -> bool:
        return any(outer[:k] + inner + outer[k:] in answer for k in range(1, len(outer)))

    if around(a, b):
        return "container"
    if around(b, a):
        return "insertion"
    if a not in answer and any(a[k : k + len(b)] == b and a[:k] + a[k + len(b) :] in answer for k in range(len(a) - len(b) + 1)):
        return "subtraction"
    return None


def told_with(gloss: str, letters: Letters) -> str | None:
    """The indicator in a gloss that also names the piece taken out, when the piece is one
    word at either end that starts with its letters and the rest is at most three words.

    >>> told_with("ignoring society", "S"), told_with("female ignored", "F"), told_with("old prince", "B")
    ('ignoring', 'ignored', None)
    """
    words = gloss.split()
    if not 2 <= len(words) <= 4:
        return None
    for piece, rest in ((words[-1], words[:-1]), (words[0], words[1:])):
        if match_form(piece).upper().startswith(letters):
            return " ".join(rest)
    return None


def gloss_head(gloss: str) -> str:
    """What a gloss says the letters stand for: its text before any comment.

    >>> gloss_head("Scottish conservationists, National Trust for Scotland")
    'Scottish conservationists'
    """
    return re.split(r"[,;:()=]| - | – | or | i\.e\.", gloss)[0].strip(" ‘’“”\"'.!?*<")


def unled(head: str) -> str:
    """A gloss without the article or "to" a blogger put before the clue's word ("a worker"
    for worker: ANT; "to sink" for sink: SAG); "" when it has none.

    >>> unled("a worker"), unled("to sink"), unled("worker")
    ('worker', 'sink', '')
    """
    lead, _, rest = head.partition(" ")
    return rest if lead.lower() in ("a", "an", "the", "to") and rest else ""


def gloss_tail(gloss: str) -> str:
    """The indicator part of a gloss like 'lawsuit, curtailed' (after the last comma)."""
    return gloss.split(",")[-1].strip(" ‘’“”\"'.!?*<=-–")


def in_role(letters: Letters, answer: Letters) -> bool:
    """Do a piece's letters occur in the answer as wordplay puts them: in a row, reversed,
    or split in two around something inserted (SANS around HAM in SHAMANS)?

    >>> in_role("SANS", "SHAMANS"), in_role("SEY", "MOOSEYARD"), in_role("XYZ", "SHAMANS")
    (True, True, False)
    """
    if letters in answer or letters[::-1] in answer:
        return True
    for word in (letters, letters[::-1]):
        for cut in range(1, len(word)):
            head, tail = word[:cut], word[cut:]
            i = answer.find(head)
            if i >= 0 and answer.find(tail, i + len(head) + 1) >= 0:
                return True
    return False


# Words of a gloss that say letters were picked out of its other words ("first sign of love": L).
PICK_WORDS = frozenset(
    "first last initial initially initials finally final end ends head heads leader leaders start starts starting "
    "tail opening front back heart centre center middle edges extremes sides top bottom letter letters "
    "ultimately originally firstly lastly primarily inner outer outside borders limits".split()
)  # fmt: skip


def picked_from_gloss(letters: Letters, gloss: str) -> bool:
    """Are the letters most likely picked out of the gloss's words rather than what they stand
    for (L for "first sign of love", R for "Redhead", E for "finally")?"""
    words = [m for _, m in tokens(gloss)]
    if len(letters) > 2 or not words:
        return False
    if not any(w in PICK_WORDS or w.endswith(("head", "tail", "end", "ly")) for w in words):
        return False
    return any(w.upper().startswith(letters) or w.upper().endswith(letters) or letters == (w[0] + w[-1]).upper() for w in words) or len(words) == 1


# ---------------------------------------------------------------- one row


@dataclass
class Mined:
    """What one annotated clue gives."""

    pieces: list[tuple[Phrase, Letters]] = field(default_factory=list)
    indicators: list[tuple[Phrase, str]] = field(default_factory=list)
    definitions: list[Phrase] = field(default_factory=list)
    covered: set[int] = field(default_factory=set)  # clue word positions the wordplay explained


# A word of an explanation that names a wordplay kind, and the gloss after it the clue's
# indicator: "anagram (novel) of", "reversal of(backs)", "contained in (wears)".
KIND_WORDS = (
    (r"anagram(?:med)?(?: of)?|anagrind(?: is)?|\*|mixed|arranged", "anagram"),
    (r"revers(?:al|ed|e)(?: of)?|back(?:wards)?|<|up", "reversal"),
    (r"(?:placed |put |inserted |contained )?in(?:side)?|into|within|inserted(?: into)?|entering|in the middle of", "insertion"),
    (r"around|round|outside|contain(?:s|ing)|holding|about|embracing|surrounding|swallowing|eating|takes in|taking in", "container"),
    (r"hidden(?: in| word| answer)?|contained in", "hidden"),
    (r"sounds? like|homophone(?: of)?|we hear", "homophone"),
    (r"minus|without|less|removing|loses|losing|dropping|missing|leaving", "subtraction"),
    (r"after|following|behind", "after"),
    (r"first letters?(?: of)?|initial(?: letters?)?(?: of)?|initially|head(?: of)?", "first"),
    (r"last letters?(?: of)?|final letter(?: of)?|finally|end(?: of)?|tail(?: of)?", "last"),
    (r"alternate(?: letters?)?(?: of)?|odd letters(?: of)?|even letters(?: of)?|alternately|regularly", "alternate"),
    (r"outer letters(?: of)?|outside letters(?: of)?|first and last(?: letters)?(?: of)?|extremes(?: of)?|ends of", "outer"),
)
KIND_GLOSS = [(re.compile(rf"(?<![A-Za-z])(?:{words})\s*(?:\(\s*[‘“\"']?([^()]+?)[’”\"']?\s*\)|\[\s*([^\[\]]+?)\s*\]|{QUOTED})", re.I), kind) for words, kind in KIND_WORDS]
STAR_GLOSS = re.compile(r"\(\*\s*([^()]+)\)|\*\s*\(([a-z‘“\"'][^()]*)\)")  # (STORY)* (*fantastic), *(fantastic)
REVERSE_GLOSS = re.compile(r"\(<\s*([^()]+)\)|<\s*\(([a-z‘“\"'][^()]*)\)")
# Explanations that name the definition: "Definition: “sycophant”", "Defn: To focus on", "=”leave office”".
DEFINITION_MARK = re.compile(r"(?:Definition|Defn|Def)\.?\s*[:\-–]?\s*(?:" + QUOTED + r"|([^.“\"‘]+?)(?:[.;]|$))|^\s*=\s*" + QUOTED, re.I)
NOT_DEFINED = re.compile(r"\b(?:double definition|cryptic definition|cd|dd|&lit|all-in-one|triple definition)\b", re.I)
# A double (triple) definition: each part of the clue defines the answer ("Delay robbery": HOLD-UP).
SEVERAL_DEFINITIONS = re.compile(r"\b(?:(double|two|2)|(triple|three|3))[ -]?(?:def(?:inition)?s?|defn|meanings?)\b|\b(dd)\b(?!\s*\()|\b(td)\b", re.I)
JOINERS = frozenset(("and", "or", "but"))  # between the parts of a double definition
CRYPTIC_DEFINITION = re.compile(r"\b(?:cryptic definition|cd|&lit|all-in-one)\b", re.I)


class Known(NamedTuple):
    """What the thesaurus knows, for splitting a double definition: whether a phrase defines
    an answer (of an enumeration) by a relation, and whether a string is a word."""

    defines: Callable[[Phrase, Letters, str], bool]
    is_word: Callable[[str], bool]


def mine_row(row: dict, links: frozenset[str], known: Known | None = None) -> Mined:
    """The pieces, indicators and definition read off one annotated clue (a double
    definition split where the thesaurus says, when `known` is given)."""
    text = row.get("explanation") or row.get("wordplay") or ""
    clue = tokens(row.get("clue_text") or "")
    answer = re.sub(r"[^A-Z]", "", (row.get("answer") or "").upper())
    out = Mined()
    if not clue or not answer or not text:
        return out

    def place(phrase: str) -> tuple[int, int] | None:
        span = find(phrase, clue) if phrase else None
        if span:
            out.covered.update(range(*span))
        return span

    whole: list[tuple[int, int]] = []  # glosses of the whole answer: the definition
    for g in glossed(text):
        head, letters = gloss_head(g.gloss), kept_letters(g.token)
        if is_pick(g.token):
            kind = pick_kind(g.token)
            tail = gloss_tail(g.gloss)
            if kind and (span := place(tail)) and span[1] - span[0] <= 4:
                out.indicators.append((key_of(clue, span), kind))
            place(head)
            continue
        if not letters or g.token != g.token.upper() or len(head.split()) > MAX_PIECE_WORDS or not (span := find(head, clue) or find(unled(head), clue)):
            continue  # (a capitalised word, "Anagram (novel)", is no piece)
        if letters == answer:
            whole.append(span)
            continue
        out.covered.update(range(*span))
        if len(letters) > MAX_PIECE_LETTERS or letters == re.sub(r"[^A-Z]", "", head.upper()) or not in_role(letters, answer):
            continue
        if picked_from_gloss(letters, head):
            continue
        out.pieces.append((key_of(clue, span), letters))
    for pattern, kind in [(STAR_GLOSS, "anagram"), (REVERSE_GLOSS, "reversal")] + KIND_GLOSS:
        for m in pattern.finditer(text):
            said = m.group(0)[: m.start(m.lastindex or 0) - m.start()]
            if said.strip(" ([“\"‘'").isupper() and len(said.strip(" ([“\"‘'")) > 1:
                continue  # "IN (popular)", "END (goal)": a piece, not a kind's name
            phrase = gloss_tail(next((g for g in m.groups() if g), ""))
            if (span := place(phrase)) and span[1] - span[0] <= 4:
                out.indicators.append((key_of(clue, span), kind))
    placed = placed_pieces(text, clue)
    joins = [(span, "subtraction") for span in deletion_indicators(text, clue, placed)] + list(operator_indicators(text, clue, answer, placed))
    for span, kind in joins:
        out.covered.update(range(*span))
        out.indicators.append((key_of(clue, span), kind))
    # Capitalised clue words in the explanation are fodder (anagram, hidden, charade letters).
    capitals = set(re.findall(r"[A-Z0-9]+", re.sub(r"[’']", "", text)))
    out.covered.update(i for i, (_, form) in enumerate(clue) if form.upper() in capitals)
    out.definitions = list(definition_spans(row, text, clue, whole, out.covered, links))
    if not out.definitions:
        out.definitions = [d for d in several_definitions(clue, row.get("clue_text") or "", text, links) if letters_of(d) != answer]
    if not out.definitions and known is not None:
        out.definitions = list(anchored_definitions(clue, answer, row.get("enumeration") or "", text, links, known))
    return out


def several_definitions(clue: tuple[Token, ...], written: str, text: str, links: frozenset[str]) -> Iterator[Phrase]:
    """The parts of a double (or triple) definition: the clue's two words, or its parts
    between the punctuation of the clue as `written` when there are as many as the
    explanation says, each without the link words at its inner edges ("Groove cut to
    receive edge, blunt": two)."""
    said = SEVERAL_DEFINITIONS.search(text)
    if not said or CRYPTIC_DEFINITION.search(text):
        return
    wanted = 3 if said.group(2) or said.group(4) else 2
    if len(clue) == wanted:
        parts = [(i, i + 1) for i in range(wanted)]
    else:
        edges = [0, *clause_breaks(written), len(clue)]
        parts = list(zip(edges, edges[1:]))
        if len(parts) != wanted:
            return
    links = links | JOINERS
    for k, (start, end) in enumerate(parts):
        span = trimmed((start, end), clue, links, at="left") if k else (start, end)
        span = trimmed(span, clue, links, at="right") if span and k < wanted - 1 else span
        if span and span[1] - span[0] <= MAX_DEFINITION_WORDS and set((key := key_of(clue, span)).split()) - FUNCTION_WORDS:
            yield key


SAID_FIRST = 40  # characters: "Double definition" opens the explanations it names
MAX_UNANCHORED_WORDS = 3  # a longer part no relation confirms was mostly a split in the wrong place (4 of 23 probed)


def anchored_definitions(clue: tuple[Token, ...], answer: Letters, enumeration: str, text: str, links: frozenset[str], known: Known) -> Iterator[Phrase]:
    """A double definition's two parts where neither the clue's length nor its punctuation
    says where they meet: the one place to split the clue (inside a word the scrape ran
    together too: "Soundprison") at which the most parts define the answer by a relation
    the thesaurus knows; a part it does not confirm only when short ("Innkeepers getting
    hordes?": innkeepers, hordes). Only when the explanation says so first (a run-on row
    holds other clues' explanations), and the clue has no digits (nor other clues)."""
    said = SEVERAL_DEFINITIONS.search(text)
    if not said or said.start() > SAID_FIRST or said.group(2) or said.group(4) or CRYPTIC_DEFINITION.search(text):
        return
    if any(ch.isdigit() for _, form in clue for ch in form):
        return
    narrow = JOINERS | FUNCTION_WORDS  # first: "out of the ordinary" is a definition, though "out of" indicates
    found: dict[tuple[Phrase, ...], int] = {}
    for words in unjoined(clue, known.is_word):
        for k in range(1, len(words)):
            scored = [(sum(c), parts) for parts in dict.fromkeys(split_parts(words, k, edges, answer) for edges in (narrow, narrow | links)) if parts
                      if any(c := [known.defines(p, answer, enumeration) for p in parts])
                      and all(ok or len(p.split()) <= MAX_UNANCHORED_WORDS for ok, p in zip(c, parts))]  # fmt: skip
            if scored:
                n, parts = max(scored, key=lambda f: f[0])  # the first of the best: the narrower trim
                found[parts] = max(found.get(parts, 0), n)
    best = [parts for parts, n in found.items() if n == max(found.values())]
    if len(best) == 1:
        yield from best[0]


def split_parts(words: tuple[Token, ...], k: int, edges: frozenset[str], answer: Letters) -> tuple[Phrase, Phrase] | None:
    """The two parts of a clue split before word k, without the `edges` words where they
    meet; None when a part is empty, too long, only function words, or the answer itself."""
    spans = (trimmed((0, k), words, edges, at="right"), trimmed((k, len(words)), words, edges, at="left"))
    if spans[0] is None or spans[1] is None or any(e - s > MAX_DEFINITION_WORDS for s, e in spans):
        return None
    parts = (key_of(words, spans[0]), key_of(words, spans[1]))
    return None if any(not set(p.split()) - FUNCTION_WORDS or letters_of(p) == answer for p in parts) else parts


def unjoined(clue: tuple[Token, ...], is_word: Callable[[str], bool]) -> Iterator[tuple[Token, ...]]:
    """A clue's words as read, then with one word that is no word split into two that are
    (a scrape drops the space where a blog underlined a definition: "Kindface").

    >>> [[m for _, m in c] for c in unjoined(tokens("Sound prisonwall"), {"prison", "wall", "sound"}.__contains__)]
    [['sound', 'prisonwall'], ['sound', 'prison', 'wall']]
    """
    yield clue
    for i, (_, form) in enumerate(clue):
        if len(form) < 4 or is_word(form):
            continue
        for k in range(1, len(form)):
            a, b = form[:k], form[k:]
            if (is_word(a) or a in ("a", "i")) and is_word(b) and len(b) > 1:
                yield clue[:i] + ((a, a), (b, b)) + clue[i + 1 :]


def clause_breaks(text: str) -> list[int]:
    """The places between a clue's tokens (as `tokens` gives them) where punctuation breaks
    it: a comma, colon, semicolon or a dash standing alone.

    >>> clause_breaks("Groove cut to receive edge, blunt")
    [5]
    >>> clause_breaks("Sort out – class")
    [2]
    """
    count, breaks = 0, []
    for w in text.split():
        count += bool(m := match_form(w))
        if count and (not m or w[-1] in ",;:") and (not breaks or breaks[-1] != count):
            breaks.append(count)
    return [b for b in breaks if b < count]


def definition_spans(row: dict, text: str, clue: tuple[Token, ...], whole: list[tuple[int, int]], covered: set[int], links: frozenset[str]) -> Iterator[Phrase]:
    """The clue's definition: marked (wordplay-train's spans, "Definition: ...", a gloss of
    the whole answer) when it lies at an end of the clue, else the one end of the clue the
    wordplay left unexplained, without its link words."""
    n = len(clue)

    def at_end(s: tuple[int, int] | None) -> bool:
        return s is not None and (s[0] == 0 or s[1] == n) and 0 < s[1] - s[0] <= MAX_DEFINITION_WORDS

    marked = [find(d, clue) for d in row.get("definition") or ()]
    marked += [find(m.group(1) or m.group(2) or m.group(3) or "", clue) for m in DEFINITION_MARK.finditer(text)]
    marked += whole
    spans = list(dict.fromkeys(s for s in marked if at_end(s)))
    if not spans and not NOT_DEFINED.search(text) and covered:
        first, last = min(covered), max(covered)
        ends = [s for s in (trimmed((0, first), clue, links, at="right"), trimmed((last + 1, n), clue, links, at="left")) if s and at_end(s)]
        spans = ends if len(ends) == 1 else []
    for s in spans:
        yield key_of(clue, s)


def trimmed(span: tuple[int, int], clue: tuple[Token, ...], links: frozenset[str], at: str) -> tuple[int, int] | None:
    """A span without the link and indicator words at its inner edge ("help out in" ->
    "help out"; "belief oddly" -> "belief"), which the explanation need not gloss."""
    start, end = span
    changed = True
    while changed and end > start:
        changed = False
        for size in (3, 2, 1):
            inner = (end - size, end) if at == "right" else (start, start + size)
            if end - start > size and " ".join(m for _, m in clue[inner[0] : inner[1]]) in links:
                start, end = (start, end - size) if at == "right" else (start + size, end)
                changed = True
                break
    if any(ch.isdigit() for _, m in clue[start:end] for ch in m):
        return None  # a cross-reference ("17 that's a")
    return (start, end) if end > start else None
