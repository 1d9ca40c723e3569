import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cryptic.derive import derive
from cryptic.forest import Cut
from cryptic.nodes import (
    After, Alternate, Anagram, Concat, Container, FirstLetters, Hidden, Insertion, LastLetters, Literal, Middle,
    Outer, Reversal, Subtraction, Synonym, Truncation,
)  # fmt: skip
from cryptic.prune import could_make, end_tests
from cryptic.trees import length_bounds
from cryptic.wordplay import ANY, Constraint, evaluate, exactly, middle, reverse, spoonerise, truncate, within

word = st.text(alphabet="ABCDEFGHIJKLMNOPRSTUVWY", min_size=1, max_size=7)


@given(word)
def test_reversal_twice_is_identity(s):
    assert reverse(reverse(s)) == s
    node = Reversal(("back",), Reversal(("up",), Literal((s.lower(),))))
    assert set(evaluate(node)) == {s}


@settings(max_examples=50)
@given(st.text(alphabet="ABCDEIRST", min_size=2, max_size=5))
def test_an_anagram_keeps_its_letters(fodder):
    outs = set(evaluate(Anagram(("upset",), (fodder.lower(),))))
    assert fodder not in outs and all(sorted(o) == sorted(fodder) for o in outs)
    assert outs or len(set(fodder)) == 1


@given(st.lists(word, min_size=1, max_size=3), st.integers(2, 6))
@pytest.mark.slow
def test_a_hidden_word_is_a_substring_of_its_fodder(words, n):
    fodder = tuple(w.lower() for w in words)
    for out in evaluate(Hidden(("in",), fodder, False), Constraint(n, n)):
        assert out in "".join(words) and len(out) == n


@given(st.lists(word, min_size=2, max_size=4))
def test_a_charades_length_is_the_sum_of_its_parts(parts):
    node = Concat(tuple(Literal((p.lower(),)) for p in parts))
    (out,) = set(evaluate(node))
    assert len(out) == sum(map(len, parts)) and out == "".join(parts)
    assert [d.letters for d in derive(node, out)] == [out]


def trees(depth=2):
    leaf = st.builds(lambda w: Literal((w.lower(),)), word)
    if depth == 0:
        return leaf
    sub = trees(depth - 1)
    return st.one_of(
        leaf,
        st.builds(lambda w: Anagram(("mad",), (w.lower(),)), st.text(alphabet="ABEST", min_size=2, max_size=5)),
        st.builds(lambda t: Reversal(("back",), t), sub),
        st.builds(lambda a, b: Concat((a, b)), sub, sub),
        st.builds(lambda a, b: After(("after",), a, b), sub, sub),
        st.builds(lambda a, b: Insertion(("in",), a, b), sub, sub),
        st.builds(lambda a, b: Container(("about",), a, b), sub, sub),
        st.builds(lambda k, t: Truncation(k, ("cut",), t), st.sampled_from(["behead", "curtail", "trim", "gut", "half"]), sub),
        st.builds(lambda t: Middle(("heart",), t), sub),
        st.builds(lambda ws: Alternate(("oddly",), tuple(w.lower() for w in ws)), st.lists(word, min_size=1, max_size=2)),
        st.builds(lambda ws: FirstLetters(("heads",), tuple(w.lower() for w in ws)), st.lists(word, min_size=1, max_size=3)),
        st.builds(lambda ws: LastLetters(("ends",), tuple(w.lower() for w in ws)), st.lists(word, min_size=1, max_size=3)),
        st.builds(lambda ws: Outer(("edges",), tuple(w.lower() for w in ws)), st.lists(word, min_size=1, max_size=2)),
    )


@settings(max_examples=150, deadline=None)
@given(trees())
def test_length_bounds_contain_every_output(node):
    lo, hi = length_bounds(node)
    for out in evaluate(node, ANY):
        assert lo <= len(out) <= hi


@pytest.mark.slow
def test_a_hidden_word_is_neither_a_words_stem_nor_a_form_of_one():
    assert "GERMAN" not in set(evaluate(Hidden(("in",), ("germany",), False), exactly(6, None)))
    assert next(derive(Hidden(("in",), ("creeps",), False), "CREEP"), None) is None
    assert next(derive(Hidden(("in",), ("springtime",), False), "SPRING"), None) is None
    assert next(derive(Hidden(("in",), ("springtime",), False), "RING"), None) is not None
    assert next(derive(Hidden(("in",), ("bruxelles",), False), "BRUXE"), None) is not None  # no word: reversed, EXURB
    assert next(derive(Hidden(("in",), ("springtime",), True), "GNIR"), None) is not None
    assert next(derive(Hidden(("in",), ("bruxelles",), True), "EXURB"), None) is not None  # backwards: a part
    assert next(derive(Hidden(("in",), ("the", "older"), False), "THEO"), None) is None
    assert next(derive(Hidden(("in",), ("is", "in", "germany"), False), "SINGER"), None) is not None


@settings(max_examples=100, deadline=None)
@given(trees())
def test_every_output_can_be_derived_back(node):
    for out in list(evaluate(node, ANY))[:5]:
        d = next(derive(node, out), None)
        assert d is not None and d.letters == out and d.node == node


@settings(max_examples=100, deadline=None)
@given(trees())
def test_the_quick_tests_pass_every_output_and_every_split_of_it(node):
    possible, (heads, tails) = could_make(node), end_tests(node)
    for out in list(evaluate(node, ANY))[:20]:
        assert possible(out)
        assert all(heads(out[:k]) and tails(out[k:]) for k in range(len(out) + 1))


def test_the_quick_tests_turn_strings_away():
    node = Concat((Literal(("car",)), Reversal(("back",), Literal(("pets",)))))
    possible, (heads, tails) = could_make(node), end_tests(node)
    assert possible("CARSTEP") and not possible("CATSTEP") and not possible("CARSTEW")
    assert heads("CA") and heads("CARX") and not heads("X")
    assert tails("EP") and tails("XSTEP") and not tails("X")


def test_a_subtraction_takes_its_part_from_anywhere_in_the_whole():
    node = Subtraction(("without",), Concat((Literal(("car",)), Literal(("pet",)))), Literal(("rp",)))
    assert next(derive(node, "CAET")).letters == "CAET"
    assert next(derive(node, "CARP"), None) is None


def test_a_subtraction_never_takes_away_a_whole_piece_of_its_charade():
    # CAR + PET less PET would be CAR with two words read for nothing
    node = Subtraction(("without",), Concat((Literal(("car",)), Literal(("pet",)))), Literal(("pet",)))
    assert next(derive(node, "CAR"), None) is None
    across = Subtraction(("without",), Concat((Literal(("car",)), Literal(("pet",)))), Literal(("rp",)))
    assert next(derive(across, "CAET")).letters == "CAET"  # letters from both pieces may go


def test_pattern_prunes_outputs():
    node = Concat((Literal(("a",)), Anagram(("mad",), ("tec",))))
    assert set(evaluate(node, exactly(4, "A?E?"))) == {"ACET"}  # ATEC keeps TEC as it was: no anagram


@pytest.mark.parametrize(
    "kind, word, expected",
    [("behead", "STRAP", {"TRAP"}), ("curtail", "STRAP", {"STRA"}), ("trim", "STRAP", {"TRA"}), ("gut", "STRAP", {"STAP"}), ("half", "DOUBLE", {"DOU", "BLE"})],
)
def test_truncations(kind, word, expected):
    assert set(truncate(kind, word)) == expected


def test_letter_selections():
    assert middle("HEART") == "A" and middle("BOOK") == "OO"
    assert spoonerise("PEED", "DOLLS") == "DEEDPOLLS"
    assert set(evaluate(Alternate(("oddly",), ("bared", "sun")))) == {"BRDU", "AESN"}
    assert set(evaluate(FirstLetters(("heads",), ("every", "army", "team")))) == {"EAT"}
    assert set(evaluate(LastLetters(("ends",), ("pot", "sea")))) == {"TA"}
    assert set(evaluate(Outer(("empty",), ("barge",)))) == {"BE"}
    assert set(evaluate(Outer(("edges",), ("bridge's",)))) == {"BS", "BE"}  # possessive or not
    assert set(evaluate(Outer(("empty",), ("at",)))) == set()  # nothing to empty


@given(st.lists(st.text(alphabet="abcdefgh", min_size=1, max_size=6), min_size=1, max_size=3))
def test_outer_letters_are_the_first_and_last(words):
    text = "".join(words).upper()
    assert set(evaluate(Outer(("edges",), tuple(words)))) == ({text[0] + text[-1]} if len(text) >= 3 else set())


def test_the_longer_half_of_an_odd_word_can_go_inside_another():
    # Found by hypothesis: half of a 5-letter word may keep 3 letters, inside or not.
    node = Insertion(("in",), Truncation("half", ("cut",), Literal(("hello",))), Literal(("ab",)))
    assert {"AHEB", "AHELB"} <= set(evaluate(node, ANY))
    assert next(derive(node, "AHELB")).parts[0].letters == "HEL"


@pytest.mark.slow
def test_a_hidden_word_reaches_the_first_and_last_words_of_its_fodder():
    assert set(evaluate(Hidden(("in",), ("tub", "in", "gold"), False), exactly(4, None))) == {"BING"}
    fodder = ("ground", "underfoot", "for")
    assert "UNDERFOOT" not in set(evaluate(Hidden(("in",), fodder, False), exactly(9, None)))
    assert next(derive(Hidden(("in",), fodder, False), "UNDERFOOT"), None) is None
    assert length_bounds(Hidden(("in",), fodder, False)) == (11, 17)
    assert set(evaluate(Hidden(("in",), ("excellent",), False), exactly(8, None))) == {"XCELLENT"}  # EXCELLEN: a form of it
    # two letters hidden in a word (ND in FOUND) are never a piece of a real clue
    found = set(evaluate(Hidden(("in",), ("found",), False), Constraint(1, 4)))
    assert "OUN" in found and not found & {"FO", "OU", "UN", "ND", "FOU", "FOUN"}  # FOUN: a form of FOUND
    assert next(derive(Hidden(("in",), ("found",), False), "ND"), None) is None
    assert length_bounds(Hidden(("in",), ("to", "no"), False)) == (3, 3)


@settings(max_examples=100, deadline=None)
@given(trees(1), trees(1))
def test_a_turned_charade_is_the_charade_of_its_parts_the_other_way_round(a, b):
    assert set(evaluate(After(("after",), a, b), ANY)) == set(evaluate(Concat((b, a)), ANY))


def test_rodent_after_quiet():
    node = After(("after",), Literal(("rat",)), Literal(("p",)))
    assert list(evaluate(node, ANY)) == ["PRAT"]
    assert [p.letters for p in next(derive(node, "PRAT")).parts] == ["P", "RAT"]


def test_a_subtractions_part_keeps_its_own_tree():
    from cryptic.show import describe

    part = Reversal(("back",), Literal(("pr",)))
    node = Subtraction(("without",), Concat((Literal(("car",)), Literal(("pet",)))), part)
    d = next(derive(node, "CAET"))
    assert d.parts[1].node == part and d.parts[1].parts  # RP made by reversing PR
    assert "reversed" in describe(d)


@pytest.mark.slow
def test_evaluation_and_derivation_stop_at_the_deadline():
    tree = Concat((Synonym(("sailor",)), Anagram(("wild",), ("pleat", "rods"))))
    with pytest.raises(Cut), within(time.monotonic() - 1):
        list(evaluate(tree, Constraint(3, 12)))
    with pytest.raises(Cut), within(time.monotonic() - 1):
        next(derive(tree, "TARPETALSROD"), None)
    assert next(derive(tree, "ABPETALSROD"), None) is not None  # no deadline outside the block


@pytest.mark.slow
def test_one_charade_or_container_piece_may_be_a_synonym_of_a_synonym():
    from cryptic.derive import derivation, loose_derivation

    tree = Insertion(("held", "by"), Synonym(("hard",)), Synonym(("seal",)))  # seal, close, CAP
    assert derivation(tree, "CHAP") is None
    d, piece = loose_derivation(tree, "CHAP")
    assert piece == "CAP" and d.letters == "CHAP" and [p.letters for p in d.parts] == ["H", "CAP"]
    charade = Concat((Synonym(("cold",)), Synonym(("get", "away"))))
    assert loose_derivation(charade, "CLOSE")[1] == "LOSE"
    # only one piece: both parts two steps away is too loose
    assert loose_derivation(Concat((Synonym(("seal",)), Synonym(("seal",)))), "CAPCAP") is None
    assert loose_derivation(Reversal(("back",), Synonym(("seal",))), "PAC")[1] == "CAP"  # inside other trees too
    assert loose_derivation(Anagram(("mad",), ("seal",)), "SALE") is None  # the clue's own letters: nothing to loosen


@settings(max_examples=100, deadline=None)
@given(trees())
def test_every_output_is_made_of_one_of_the_letter_bags(node):
    from cryptic.prune import letter_bags

    bags = letter_bags(node)
    if bags is not None:  # trees that keep their parts' letters
        assert all("".join(sorted(out)) in bags for out in list(evaluate(node, ANY))[:20])


@pytest.mark.slow
def test_letter_bags_take_short_synonym_pieces_and_keep_away_from_lossy_trees():
    from cryptic.prune import letter_bags

    tree = Insertion(("in",), Synonym(("one",)), Anagram(("wild",), ("aster",)))
    assert "".join(sorted("SATIRE")) in letter_bags(tree)
    assert letter_bags(Subtraction(("less",), Literal(("taster",)), Literal(("t",)))) is None
