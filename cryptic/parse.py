"""Clue text -> Clue: the lark grammar in grammar/clue.lark and its one Transformer.

Lark Trees never leave this module.
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata

from lark import Lark, Transformer, v_args
from lark.exceptions import LarkError

from cryptic.data import data_file
from cryptic.nodes import MAX_LETTERS, Clue, Enumeration
from cryptic.tuning import MAX_WORDS


class ClueError(ValueError):
    """A clue or enumeration that cannot be read; the message is one line for the user."""


@functools.cache
def clue_parser() -> Lark:
    """The clue grammar, loaded once."""
    return Lark(data_file("grammar", "clue.lark").read_text(encoding="utf-8"), parser="lalr")


@v_args(inline=True)
class _ToClue(Transformer):
    def start(self, *items):
        *tokens, enumeration = items
        return tuple(t for t in tokens if t is not None), enumeration

    def word(self, token):
        return str(token).replace("’", "'")

    def punct(self, _token):
        return None

    def group(self, token):
        return int(token)

    def separator(self, token):
        return {"–": "-", "’": "'"}.get(str(token), str(token))

    def enumeration(self, *items):
        return tuple(items[0::2]), tuple(items[1::2])


def enumeration_of(parts: tuple[int, ...], separators: tuple[str, ...] = ()) -> Enumeration:
    """An Enumeration, checked: every part at least 1, at most MAX_LETTERS letters in all."""
    if not parts or any(p < 1 for p in parts):
        raise ClueError(f"enumeration {parts} has a part of length 0")
    if sum(parts) > MAX_LETTERS:
        raise ClueError(f"enumeration totals {sum(parts)} letters; the most is {MAX_LETTERS}")
    return Enumeration(parts, separators or (",",) * (len(parts) - 1), sum(parts))


# An HTML tag as puzzle files and web pages mark italics with ("<i>Hamlet</i>"); not "a < b".
TAG = re.compile(r"</?[A-Za-z][^<>]*>")


def unmarked(text: str) -> str:
    """A clue's text without HTML markup: tags dropped, entities read.

    >>> unmarked("<i>Fish</i> &amp; chips"), unmarked("a < b")
    ('Fish & chips', 'a < b')
    """
    return html.unescape(TAG.sub("", text)) if "<" in text or "&" in text else text


def _clean(text: str) -> str:
    """Drop HTML markup (an .ipuz or Guardian clue may hold tags and entities: "<i>Fish</i>
    &amp; chips" is "Fish & chips"), NFKD-decompose, drop accents and invisible format
    characters (a soft hyphen or a zero-width space from a web page: "deter\u00admines" is
    "determines"), and refuse control or non-Latin characters."""
    text = unmarked(text)
    if any(unicodedata.category(ch) == "Cc" and ch not in "\t\n" for ch in text):
        raise ClueError("clue contains control characters")
    text = unicodedata.normalize("NFKD", text.replace("\n", " ").replace("\t", " "))
    text = "".join(ch for ch in text if not unicodedata.combining(ch) and unicodedata.category(ch) != "Cf")
    bad = sorted({ch for ch in text if ord(ch) > 127 and ch not in "“”‘’…–—£"})
    if bad:
        raise ClueError(f"clue contains characters that are not English letters or punctuation: {''.join(bad[:5])!r}")
    return text.strip()


def parse_clue(text: str) -> Clue:
    """Read 'clue words (enumeration)' into a Clue, or raise ClueError with a one-line reason.

    >>> c = parse_clue("Lowest point in ruptured drain (5)")
    >>> c.words, c.enumeration.length
    (('Lowest', 'point', 'in', 'ruptured', 'drain'), 5)
    """
    text = _clean(text)
    if not text:
        raise ClueError("empty clue")
    final = re.search(r"\([^()]*\)\s*$", text)
    if not final:
        raise ClueError("no enumeration: end the clue with its answer's length, e.g. (5) or (3,4)")
    # Setters put asides in brackets ("comb that's brown (chestnut)"); their words are the
    # clue's words like any others, and only the last bracket is the enumeration.
    body = re.sub(r"[()]", " ", text[: final.start()])
    try:
        tree = clue_parser().parse(body + final.group(0))
    except LarkError:
        enum = final.group(0)
        if not re.fullmatch(r"\(\s*\d+(\s*[-,'’–]\s*\d+)*\s*\)\s*", enum):
            raise ClueError(f"malformed enumeration {enum.strip()!r}: expected e.g. (5), (3,4), (5-3) or (5'1)") from None
        raise ClueError("cannot read the clue's words: use letters, digits and ordinary punctuation") from None
    words, (parts, separators) = _ToClue().transform(tree)
    enumeration = enumeration_of(parts, separators)
    if not words:
        raise ClueError("the clue has an enumeration but no words")
    if len(words) > MAX_WORDS:
        raise ClueError(f"clue has {len(words)} words; the most is {MAX_WORDS}")
    return Clue(text, words, enumeration)


def enumeration_text(e: Enumeration) -> str:
    """The enumeration as printed: '(3,4)'.

    >>> enumeration_text(parse_clue("x (3-2,4)").enumeration)
    '(3-2,4)'
    """
    out = str(e.parts[0])
    for sep, part in zip(e.separators, e.parts[1:]):
        out += sep + str(part)
    return f"({out})"


def parse_enumeration(text: str) -> Enumeration:
    """Read an enumeration alone, '(5)' or '5' or '3,4'."""
    text = text.strip()
    if not text.startswith("("):
        text = f"({text})"
    return parse_clue(f"x {text}").enumeration
