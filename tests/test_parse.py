import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from cryptic.parse import ClueError, clue_parser, enumeration_text, parse_clue, parse_enumeration

ENUMS = [
    ("(5)", (5,), 5),
    ("(3,4)", (3, 4), 7),
    ("(5-3)", (5, 3), 8),
    ("(2,3,4)", (2, 3, 4), 9),
    ("(4,2,3)", (4, 2, 3), 9),
    ("(5,10)", (5, 10), 15),
    ("(3-2,4)", (3, 2, 4), 9),
    ("(5'1)", (5, 1), 6),
    ("(5’1)", (5, 1), 6),
    ("(3–4)", (3, 4), 7),
]


@pytest.mark.parametrize("enum, parts, length", ENUMS)
def test_enumeration_forms(enum, parts, length):
    clue = parse_clue(f"Some words here {enum}")
    assert clue.enumeration.parts == parts
    assert clue.enumeration.length == length


@pytest.mark.parametrize(
    "text",
    [
        "Cat sat “quietly”, on the mat… really? (3)",
        "Stop! — it's 'time' (4)",
        "Half-hearted/ambivalent & so on (3)",
        "Drink... (3)",
    ],
)
def test_punctuation_is_read_and_dropped(text):
    clue = parse_clue(text)
    assert clue.words and all(any(ch.isalnum() for ch in w) for w in clue.words)


@pytest.mark.parametrize("hidden", ["\u00ad", "\u200b", "\u200d", "\ufeff"])
def test_invisible_format_characters_are_dropped(hidden):
    plain = parse_clue("Body clock determines when to have food (6,4)")
    assert parse_clue(f"Body clock deter{hidden}mines when to have food (6,4)") == plain


def test_words_keep_apostrophes_and_hyphens():
    assert parse_clue("Doctor’s hush-hush note (4)").words == ("Doctor's", "hush-hush", "note")


def test_bracketed_asides_are_words_and_only_the_last_bracket_is_the_enumeration():
    clue = parse_clue("Dull colour (grey, mostly) seen in a (3) (4)")
    assert clue.words == ("Dull", "colour", "grey", "mostly", "seen", "in", "a", "3") and clue.enumeration.parts == (4,)


def test_a_number_printed_with_thousands_commas_is_one_word_and_other_commas_part_words():
    assert parse_clue("1,000,000 pieces, 10,5 or 2,0000 (7)").words == ("1,000,000", "pieces", "10", "5", "or", "2", "0000")


def test_pound_signs_are_read():
    assert parse_clue("Pay £5 to a £ collector (6)").words == ("Pay", "£5", "to", "a", "collector")


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty"),
        ("   ", "empty"),
        ("no enumeration here", "no enumeration"),
        ("open (5", "no enumeration"),
        ("zero (0)", "length 0"),
        ("letters (abc)", "malformed"),
        ("too long (41)", "most is 40"),
        ("too long (20,21)", "most is 40"),
        ("(5)", "no words"),
        ("北京 (2)", "not English"),
        ("bell\x07 (4)", "control"),
        (" ".join(["w"] * 61) + " (3)", "60"),
    ],
)
def test_bad_clues_give_one_line_reasons(text, message):
    with pytest.raises(ClueError, match=message) as e:
        parse_clue(text)
    assert "\n" not in str(e.value)


@given(st.lists(st.integers(1, 9), min_size=1, max_size=4), st.data())
def test_every_enumeration_the_grammar_allows_parses(parts, data):
    seps = [data.draw(st.sampled_from([",", "-", "'"])) for _ in parts[1:]]
    text = str(parts[0]) + "".join(s + str(p) for s, p in zip(seps, parts[1:]))
    e = parse_enumeration(text)
    assert e.parts == tuple(parts) and e.length == sum(parts)
    assert enumeration_text(e) == f"({text})"


@settings(max_examples=200)
@given(from_lark(clue_parser()))
def test_grammar_strings_parse_or_fail_cleanly(text):
    try:
        clue = parse_clue(text)
    except ClueError:
        return
    assert clue.words and clue.enumeration.length <= 40


def test_html_markup_in_a_clue_is_dropped_and_its_entities_read():
    from cryptic.parse import parse_clue

    assert parse_clue("<i>Fish</i> &amp; chips&#39; shop (7)").words == ("Fish", "chips", "shop")
    assert parse_clue("a < b > c (3)").words == ("a", "b", "c")  # not a tag
