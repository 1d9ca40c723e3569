"""Parse trees and derivations -> text for people: one-line trees, drawn trees, plain English."""

from __future__ import annotations

from collections.abc import Iterator
from typing import assert_never

from cryptic.coverage import Piece
from cryptic.nodes import (
    After, Alternate, Anagram, Concat, Container, Definition, Derivation, FirstLetters, Hidden, Homophone,
    Insertion, LastLetters, Literal, Middle, Mixed, Node, Outer, Parse, Reversal, Spoonerism, Subtraction, Synonym,
    Truncation, Words,
)  # fmt: skip
from cryptic.trees import children


def q(words: Words) -> str:
    """Words quoted as in the clue."""
    return '"' + " ".join(words) + '"'


def label(node: Node) -> str:
    """The node's kind and its indicator or words, without its children."""
    match node:
        case Synonym(words):
            return f"synonym of {q(words)}"
        case Literal(words):
            return f"literal {q(words)}"
        case Definition(words):
            return f"definition {q(words)}"
        case Concat(_):
            return "charade"
        case Anagram(i, fodder):
            return f"anagram ({q(i)}) of {q(fodder)}"
        case Mixed(i, fodder, _, less):
            return f"anagram ({q(i)}) of {q(fodder)} {'less' if less else 'with'} a piece"
        case Hidden(i, fodder, backwards):
            return f"{'reversed ' if backwards else ''}hidden ({q(i)}) in {q(fodder)}"
        case Insertion(i, _, _):
            return f"insertion ({q(i)})"
        case Container(i, _, _):
            return f"container ({q(i)})"
        case Subtraction(i, _, _):
            return f"subtraction ({q(i)})"
        case Reversal(i, _):
            return f"reversal ({q(i)})"
        case FirstLetters(i, fodder):
            return f"first letters ({q(i)}) of {q(fodder)}"
        case LastLetters(i, fodder):
            return f"last letters ({q(i)}) of {q(fodder)}"
        case Alternate(i, fodder):
            return f"alternate letters ({q(i)}) of {q(fodder)}"
        case Outer(i, fodder):
            return f"outer letters ({q(i)}) of {q(fodder)}"
        case Middle(i, _):
            return f"middle ({q(i)})"
        case Truncation(kind, i, _):
            return f"{kind} ({q(i)})"
        case Homophone(i, _):
            return f"homophone ({q(i)})"
        case Spoonerism(i, _, _):
            return f"spoonerism ({q(i)})"
        case After(i, _, _):
            return f"charade turned round ({q(i)})"
        case _:
            assert_never(node)


def show(node: Node) -> str:
    """A tree on one line: kind(indicator)[children].

    >>> show(Concat((Synonym(("lawyer",)), Anagram(("upset",), ("tea",)))))
    'charade[synonym of "lawyer" + anagram ("upset") of "tea"]'
    """
    inner = children(node)
    if not inner:
        return label(node)
    sep = " + " if isinstance(node, Concat) else ", "
    return f"{label(node)}[{sep.join(map(show, inner))}]"


def show_parse(parse: Parse) -> str:
    """A whole reading on one line: definition, link and wordplay."""
    d = f"def {q(parse.definition)}"
    if parse.wordplay is None:
        return f"{d} | cryptic definition"
    link = f" | link {q(parse.link)}" if parse.link else ""
    return f"{d}{link} | {show(parse.wordplay)}"


def draw_lines(node: Node, prefix: str = "") -> Iterator[str]:
    """Yield the lines of a tree drawn with box characters."""
    inner = children(node)
    for k, child in enumerate(inner):
        last = k == len(inner) - 1
        yield prefix + ("└─ " if last else "├─ ") + label(child)
        yield from draw_lines(child, prefix + ("   " if last else "│  "))


def draw(parse: Parse) -> str:
    """A reading drawn as a tree: definition, link, then the wordplay tree."""
    lines = [f"definition: {q(parse.definition)} ({'start' if parse.definition_first else 'end'} of clue)"]
    if parse.link:
        lines.append(f"link: {q(parse.link)}")
    if parse.wordplay is None:
        lines.append("wordplay: none (cryptic definition)")
    else:
        lines.append(f"wordplay: {label(parse.wordplay)}")
        lines.extend("  " + line for line in draw_lines(parse.wordplay))
    return "\n".join(lines)


def draw_derivation(d: Derivation, prefix: str = "") -> Iterator[str]:
    """Yield the lines of a derivation tree: each node with the letters it gave."""
    for k, child in enumerate(d.parts):
        last = k == len(d.parts) - 1
        yield prefix + ("└─ " if last else "├─ ") + f"{child.letters}  ← {label(child.node)}"
        yield from draw_derivation(child, prefix + ("   " if last else "│  "))


def describe(d: Derivation) -> str:
    """Plain English for a derivation: 'anagram ("ruptured") of DRAIN'."""
    node = d.node
    match node:
        case Synonym(words):
            return f"{d.letters} ({' '.join(words)})"
        case Literal(words):
            return d.letters
        case Definition(words):
            return f"{d.letters} (= {' '.join(words)})"
        case Concat(_):
            return " + ".join(describe(p) for p in d.parts)
        case Anagram(i, fodder):
            return f"anagram ({' '.join(i)}) of {' '.join(fodder).upper()}"
        case Mixed(i, fodder, _, less):
            return f"anagram ({' '.join(i)}) of {' '.join(fodder).upper()} {'less' if less else 'with'} {describe(d.parts[0])}"
        case Hidden(i, fodder, backwards):
            return f"{d.letters} hidden{' backwards' if backwards else ''} ({' '.join(i)}) in {' '.join(fodder).upper()}"
        case Insertion(i, _, _):
            return f"{describe(d.parts[0])} in ({' '.join(i)}) {describe(d.parts[1])}"
        case Container(i, _, _):
            return f"{describe(d.parts[0])} around ({' '.join(i)}) {describe(d.parts[1])}"
        case Subtraction(i, _, _):
            return f"{describe(d.parts[0])} without ({' '.join(i)}) {describe(d.parts[1])}"
        case Reversal(i, _):
            return f"{describe(d.parts[0])} reversed ({' '.join(i)})"
        case FirstLetters(i, fodder):
            return f"{d.letters}: first letters ({' '.join(i)}) of {' '.join(fodder)}"
        case LastLetters(i, fodder):
            return f"{d.letters}: last letters ({' '.join(i)}) of {' '.join(fodder)}"
        case Alternate(i, fodder):
            return f"{d.letters}: alternate letters ({' '.join(i)}) of {' '.join(fodder)}"
        case Outer(i, fodder):
            return f"{d.letters}: outer letters ({' '.join(i)}) of {' '.join(fodder)}"
        case Middle(i, _):
            return f"{d.letters}: middle ({' '.join(i)}) of {describe(d.parts[0])}"
        case Truncation(kind, i, _):
            return f"{d.letters}: {describe(d.parts[0])} {kind} ({' '.join(i)})"
        case Homophone(i, _):
            return f"{d.letters} sounds like ({' '.join(i)}) {describe(d.parts[0])}"
        case Spoonerism(i, _, _):
            return f"{d.letters}: spoonerism ({' '.join(i)}) of {describe(d.parts[0])} {describe(d.parts[1])}"
        case After(i, _, _):
            return f"{describe(d.parts[1])} ({' '.join(i)}) {describe(d.parts[0])}"
        case _:
            assert_never(node)


PIECE_FORMS = {"synonym": "{} ({})", "reversed": "{} ({} reversed)", "anagram": "{} (anagram of {})", "picked": "{} ({})"}


def describe_pieces(answer: str, pieces: tuple[Piece, ...]) -> str:
    """Plain English for pieces of wordplay that no reading joined:
    'wordplay pieces (6 of 7 letters): TAR (sailor) + GET (obtain)'."""
    spelt = sum(len(p.letters) for p in pieces)
    shown = " + ".join(PIECE_FORMS[p.how].format(p.letters, " ".join(p.words)) for p in pieces)
    return f"wordplay pieces ({spelt} of {len(answer)} letters): {shown}"
