"""Reading one annotated clue's explanation, on explanations written for this project in each blog style."""

from __future__ import annotations

import string

from hypothesis import given
from hypothesis import strategies as st

from thesaurus.explanations import Known, in_role, mine_row, pick_kind

LINKS = frozenset({"in", "for", "is", "to", "mixed", "about", "back", "at first"})


def row(clue: str, answer: str, explanation: str, **more) -> dict:
    return {"clue_text": clue, "answer": answer, "explanation": explanation, **more}


def test_bracketed_glosses_give_pieces_and_the_other_end_defines():
    m = mine_row(row("Boy and tea in remote hut", "LADCHAHUT", "LAD (boy) + CHA (tea)"), LINKS)
    assert {("boy", "LAD"), ("tea", "CHA")} <= set(m.pieces)
    assert m.definitions == ["remote hut"]  # "in" is a link at the definition's inner edge


def test_equals_and_square_bracket_styles():
    m = mine_row(row("Sailor's tune for the street", "TARAIR", "TAR=”Sailor’s”... AIR [= tune]"), LINKS)
    assert ("tune", "AIR") in m.pieces
    m = mine_row(row("Father holds the end of a joke, keeping a straight face", "DEADPAN", "DAD=”Father” around [jok]E, and NAP"), LINKS)
    assert ("father", "DAD") in m.pieces  # a gloss quoted with closing marks on both sides


def test_a_gloss_may_put_an_article_or_to_before_the_clue_word():
    m = mine_row(row("Worker must sink in lake", "ANTSAGMERE", "ANT (a worker) + SAG (to sink) + MERE (lake)"), LINKS)
    assert {("worker", "ANT"), ("sink", "SAG"), ("lake", "MERE")} <= set(m.pieces)


def test_letters_not_in_the_answer_are_not_pieces():
    m = mine_row(row("Sailor upset spread", "RAT", "BOAT (sailor) reversed"), LINKS)
    assert m.pieces == []


def test_letter_picks_are_indicators_not_synonyms():
    m = mine_row(row("Leader of gang holds old pot", "GOLD", "G[ang] (leader of) + OLD"), LINKS)
    assert ("leader of", "first") in m.indicators
    assert ("gang", "G") not in m.pieces and all(p != "leader of" for p, _ in m.pieces)
    m = mine_row(row("Head of lettuce at first eaten", "LEAT", "L (first sign of lettuce) + EAT"), LINKS)
    assert m.pieces == []  # L was picked from "lettuce", not what "first sign of lettuce" means


def test_anagram_indicators_in_several_styles():
    for text in ("(RATES)* (*mixed)", "anagram (mixed) of RATES", "*(RATES) anagrind is ‘mixed’"):
        m = mine_row(row("Stare at rates mixed", "TEARS", text), LINKS)
        assert ("mixed", "anagram") in m.indicators, text


def test_a_deletion_in_brackets_gives_the_words_beside_the_taken_piece_as_its_indicator():
    m = mine_row(row("Bride ignoring bachelor on a journey", "RIDE", "[b]RIDE (bride, ignoring B (bachelor))"), LINKS)
    assert ("ignoring", "subtraction") in m.indicators
    m = mine_row(row("Sham son gone, cured pork", "HAM", "[s]HAM (sham, S (son) gone)"), LINKS)
    assert ("gone", "subtraction") in m.indicators
    m = mine_row(row("Map, hospital dismissed, pulled by a horse", "CART", "C[h]ART (map) without the H (‘hospital dismissed’)"), LINKS)
    assert ("dismissed", "subtraction") in m.indicators
    m = mine_row(row("Tribunal leader with Republican going", "TR", "T[ribunal] (leader) + R (Republican) going"), LINKS)
    assert all(kind != "subtraction" for _, kind in m.indicators)  # a letter picked, nothing taken out


def test_the_clue_words_an_explanation_puts_between_two_pieces_indicate_how_they_join():
    m = mine_row(row("Cunning fellow held captive by bishop in church", "SLY", "S (fellow) held captive by LY (bishop)"), LINKS)
    assert m.indicators == []  # S + LY is a charade: nothing joins them inside
    m = mine_row(row("Pet will catch man to deceive", "CHEAT", "CAT (pet) will catch HE (man)"), LINKS)
    assert ("will catch", "container") in m.indicators
    m = mine_row(row("Ring penned by Greek character, an emblem", "TORAH", "O (ring) penned by TRAH (Greek character)"), LINKS)
    assert ("penned by", "insertion") in m.indicators


def test_a_marked_definition_wins():
    m = mine_row(row("Dreadful rates for the tears", "TEARS", "(RATES)* Definition: “tears”"), LINKS)
    assert m.definitions == ["tears"]
    wp = {"clue_text": "Composed lawyer in diocese", "answer": "SEDATE", "wordplay": "DA (lawyer) in SEE (diocese)", "definition": ["Composed"]}
    assert mine_row(wp, LINKS).definitions == ["composed"]


def test_cryptic_definitions_define_nothing_by_inference():
    m = mine_row(row("Where the bees are kept for the money", "HIVE", "Cryptic definition"), LINKS)
    assert m.definitions == []


def test_each_part_of_a_double_definition_defines_the_answer():
    assert mine_row(row("Delay robbery", "HOLDUP", "Double definition"), LINKS).definitions == ["delay", "robbery"]
    # the answer itself is no definition of it
    assert mine_row(row("Fine penalty", "FINE", "dd"), LINKS).definitions == ["penalty"]
    # parts split at punctuation, without the link words at their inner edges
    m = mine_row(row("Stop work for a time, or brake", "PAUSE", "two meanings"), LINKS)
    assert m.definitions == ["stop work for a time", "brake"]
    m = mine_row(row("Shelter: dock – hold", "BERTH", "triple definition"), LINKS)
    assert m.definitions == ["shelter", "dock", "hold"]


def test_a_double_definition_with_unclear_parts_defines_nothing():
    # three words and no punctuation: where the parts meet is not said
    assert mine_row(row("Hard cold case", "X", "Double definition"), LINKS).definitions == []
    # a cryptic reading named beside it wins
    assert mine_row(row("Fine penalty", "X", "dd, or a cryptic definition"), LINKS).definitions == []


DEFINED = {("innkeepers", "HOSTS"), ("hordes", "HOSTS"), ("sound", "CLINK"), ("prison", "CLINK"), ("gesture", "SIGNAL")}
KNOWN = Known(lambda phrase, answer, enumeration: (phrase, answer) in DEFINED, {w for w, _ in DEFINED}.__contains__)


def test_a_double_definition_is_split_where_the_thesaurus_confirms_its_parts():
    # both parts confirmed, once the link word between them is left out
    assert mine_row(row("Innkeepers getting hordes", "HOSTS", "Double definition"), LINKS | {"getting"}, KNOWN).definitions == ["innkeepers", "hordes"]
    # the parts a scrape ran together ("2 defs" says so as well as "double definition")
    assert mine_row(row("Soundprison", "CLINK", "2 defs"), LINKS, KNOWN).definitions == ["sound", "prison"]
    # one part confirmed, the other short
    assert mine_row(row("Gesture is remarkable", "SIGNAL", "Double def."), LINKS, KNOWN).definitions == ["gesture", "remarkable"]
    # without the thesaurus the split is not made
    assert mine_row(row("Gesture is remarkable", "SIGNAL", "Double def."), LINKS).definitions == []


def test_a_double_definition_split_nobody_confirms_or_two_splits_allow_defines_nothing():
    assert mine_row(row("Hard cold case", "X", "Double definition"), LINKS, KNOWN).definitions == []
    # "sound" | "loud prison" and "sound loud" | "prison" are as good as each other
    assert mine_row(row("Sound loud prison", "CLINK", "dd"), LINKS, KNOWN).definitions == []
    # an unconfirmed part of four words is mostly a split in the wrong place
    assert mine_row(row("Sound of that very large place", "CLINK", "dd"), LINKS, KNOWN).definitions == []
    # a bra size is no double definition, nor one named after other text (a run-on row's next clue)
    assert mine_row(row("Soundprison", "CLINK", "DD (large bust) in OS"), LINKS, KNOWN).definitions == []
    assert mine_row(row("Soundprison", "CLINK", "C + LINK (part of a chain) 12 Close call at the station (4) NEAR double definition"), LINKS, KNOWN).definitions == []


def test_both_ends_free_is_ambiguous():
    m = mine_row(row("Eager beaver tea in Rome", "X", "CHA (tea)"), LINKS)
    assert m.definitions == []


def test_pick_kinds():
    assert pick_kind("VER[y]") == "curtail" and pick_kind("[cour]T") == "last" and pick_kind("B[lad]E") == "outer"


letters = st.text(string.ascii_uppercase, min_size=1, max_size=6)


@given(letters, letters, letters)
def test_a_piece_in_a_charade_or_around_an_insert_is_in_role(a, piece, b):
    assert in_role(piece, a + piece + b)
    assert in_role(piece, a + piece[::-1] + b)
    if len(piece) > 1:
        assert in_role(piece, piece[:1] + a + piece[1:])


@given(letters, letters)
def test_a_mined_piece_occurs_in_its_answer(piece, answer):
    m = mine_row(row("Boy hut", answer, f"{piece} (boy)"), LINKS)
    for _, got in m.pieces:
        assert in_role(got, answer)
