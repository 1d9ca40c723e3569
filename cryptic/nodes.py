"""Types of the pipeline: clues, enumerations and wordplay trees (values, no behaviour), and
`letters`, the one way a clue's words become the letters of an answer."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Literal as Lit
from typing import TypeVar

Word = str
Words = tuple[Word, ...]
Letters = str  # upper-case A-Z only
Bounds = tuple[int, int]  # fewest and most letters something can make
LeafKind = Lit["synonym", "definition"]  # what a run of words may be read as, looked up
# How long the words of a leaf can be as a synonym/definition; None: they cannot be one.
LeafBounds = Callable[[LeafKind, Words], Bounds | None]
MAX_LETTERS = 40  # the longest answer (no printed answer is longer), and so the longest output that matters


NOT_A_LETTER = re.compile("[^A-Z]")


def letters(words: Words) -> str:
    """The upper-case letters of some words.

    >>> letters(("Ice-cream", "o'clock"))
    'ICECREAMOCLOCK'
    """
    return NOT_A_LETTER.sub("", "".join(words).upper())


def pattern_regex(pattern: str) -> str:
    """The regular expression of a crossing-letter pattern ('?', '.' or '_' unknown).

    >>> pattern_regex("n?d_r")
    'N.D.R'
    """
    return pattern.upper().replace("?", ".").replace("_", ".")


def pattern_ok(pattern: str | None, s: Letters) -> bool:
    """Does s fit a crossing-letter pattern ('?' or '.' unknown; None: no letters known)?

    >>> pattern_ok("N?D?R", "NADIR"), pattern_ok("N?D?R", "RADON"), pattern_ok(None, "ANY")
    (True, False, True)
    """
    return pattern is None or re.fullmatch(pattern_regex(pattern), s) is not None


@dataclass(frozen=True, slots=True)
class Enumeration:
    """Word lengths of the answer and the separators between them (',' '-' "'")."""

    parts: tuple[int, ...]
    separators: tuple[str, ...]
    length: int


@dataclass(frozen=True, slots=True)
class Clue:
    """A clue as printed: its words (punctuation dropped) and enumeration."""

    text: str
    words: Words
    enumeration: Enumeration


T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Hashed:
    """A wordplay node's hash, worked out on first use: nodes are the keys of the per-clue
    caches, asked about hundreds of times each, and a tree's hash is its subtrees'."""

    _hash: int | None = field(default=None, init=False, repr=False, compare=False)


def node(cls: type[T]) -> type[T]:
    """A wordplay node type: a frozen dataclass whose hash is kept once worked out (and left
    out of its pickled state: another process may hash strings otherwise)."""
    cls = dataclass(frozen=True, slots=True)(cls)
    plain = cls.__hash__

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = plain(self)
            object.__setattr__(self, "_hash", h)
        return h

    def __getstate__(self) -> list:
        return [None if f.name == "_hash" else getattr(self, f.name) for f in fields(self)]

    cls.__hash__, cls.__getstate__ = __hash__, __getstate__
    return cls


# Wordplay nodes. Each carries the indicator words that signalled it, for explanations.


@node
class Synonym(Hashed):
    """Words replaced by a synonym or abbreviation ("lawyer" -> DA)."""

    words: Words


@node
class Literal(Hashed):
    """Words used as themselves ("a" -> A, "I" -> I)."""

    words: Words


@node
class Definition(Hashed):
    """A second definition: the wordplay half of a double definition."""

    words: Words


@node
class Concat(Hashed):
    """A charade: parts joined in order, held as a flat tuple (never nested Concat)."""

    parts: tuple[Node, ...]


@node
class Anagram(Hashed):
    """The letters of the fodder rearranged."""

    indicator: Words
    fodder: Words


@node
class Mixed(Hashed):
    """A composite anagram: the fodder's letters and a short piece's rearranged together
    ("(H + SCOTSMEN LONERS)*": hard, scotsmen, loners failing), or the fodder's letters
    less the piece's (`less`: "(ANCHOR - N)*": anchor fouling, nameless)."""

    indicator: Words
    fodder: Words
    piece: Node
    less: bool


@node
class Hidden(Hashed):
    """A run of letters hidden in the fodder (reversed when `backwards`)."""

    indicator: Words
    fodder: Words
    backwards: bool


@node
class Insertion(Hashed):
    """`inner` put inside `outer` ("A in B"); Container is the same with B read first."""

    indicator: Words
    inner: Node
    outer: Node


@node
class Container(Hashed):
    """`outer` put around `inner` ("B around A")."""

    indicator: Words
    outer: Node
    inner: Node


@node
class Subtraction(Hashed):
    """`part`'s letters taken out of `whole` ("B without A")."""

    indicator: Words
    whole: Node
    part: Node


@node
class Reversal(Hashed):
    """The body's letters backwards."""

    indicator: Words
    body: Node


@node
class FirstLetters(Hashed):
    """The first letter of each fodder word ("initially", "heads of")."""

    indicator: Words
    fodder: Words


@node
class LastLetters(Hashed):
    """The last letter of each fodder word ("finally", "ends of")."""

    indicator: Words
    fodder: Words


@node
class Outer(Hashed):
    """The first and last letters of the fodder ("edges of", "empty", "extremely")."""

    indicator: Words
    fodder: Words


@node
class Alternate(Hashed):
    """Every other letter of the fodder, odd or even ("oddly", "regularly")."""

    indicator: Words
    fodder: Words


@node
class Middle(Hashed):
    """The middle letter(s) of the body ("heart of")."""

    indicator: Words
    body: Node


TruncationKind = Lit["behead", "curtail", "trim", "gut", "half"]


@node
class Truncation(Hashed):
    """The body with letters cut: first (behead), last (curtail), both ends (trim),
    the middle (gut) or half of it (half: "mostly", "endlessly", "half")."""

    kind: TruncationKind
    indicator: Words
    body: Node


@node
class Homophone(Hashed):
    """A word that sounds like the body ("we hear", "reportedly")."""

    indicator: Words
    body: Node


@node
class Spoonerism(Hashed):
    """Two words with their initial sounds swapped ("Spooner's")."""

    indicator: Words
    first: Node
    second: Node


@node
class After(Hashed):
    """Two parts the indicator puts the other way round: "A after B" reads B then A."""

    indicator: Words
    first: Node  # A, written first in the clue and placed last
    second: Node


Node = (
    Synonym
    | Literal
    | Definition
    | Concat
    | Anagram
    | Mixed
    | Hidden
    | Insertion
    | Container
    | Subtraction
    | Reversal
    | FirstLetters
    | LastLetters
    | Alternate
    | Outer
    | Middle
    | Truncation
    | Homophone
    | Spoonerism
    | After
)


@dataclass(frozen=True, slots=True)
class Parse:
    """One reading of a clue: definition at one end, link words, wordplay (None: cryptic definition)."""

    definition: Words
    link: Words
    wordplay: Node | None
    definition_first: bool


@dataclass(frozen=True, slots=True)
class Derivation:
    """How a wordplay tree produced some letters: the node, its letters, its children's."""

    node: Node
    letters: Letters
    parts: tuple[Derivation, ...]
