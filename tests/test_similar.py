import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cryptic.data import DataError
from cryptic.lookup import similar
from cryptic.lookup.similar import similarity
from thesaurus.vectors import co_occur, decomposed, ppmi, words


def test_a_definition_is_nearer_its_answer_than_other_words():
    assert similarity("set of beliefs", "doctrine") > similarity("set of beliefs", "bicycle") + 0.3
    assert similarity("maple", "acer") > similarity("maple", "sonnet") + 0.3


def test_phrases_with_no_known_word_are_not_near_anything():
    assert similarity("", "doctrine") == 0.0
    assert similarity("of the", "doctrine") == 0.0
    assert similarity("qzxjv", "doctrine") == 0.0


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(["tea", "worker", "lowest point", "camera holder", "set of beliefs"]),
       st.sampled_from(["char", "ant", "nadir", "tripod", "doctrine", "bicycle", "of"]))  # fmt: skip
def test_similarity_is_a_symmetric_cosine(a, b):
    s = similarity(a, b)
    assert s == pytest.approx(similarity(b, a)) and -1.0 <= s <= 1.0


def test_a_word_is_as_near_itself_as_can_be():
    assert similarity("doctrine", "Doctrine") == pytest.approx(1.0)


def test_missing_vectors_are_one_clear_error(tmp_path, monkeypatch):
    (tmp_path / "vectors.txt").write_text("tea\ncoffee\n")
    monkeypatch.setattr(similar, "data_file", lambda *parts: tmp_path / parts[-1])
    similar.word_vectors.cache_clear()
    try:
        with pytest.raises(DataError, match="rebuild them with `python -m thesaurus.vectors`"):
            similar.word_vectors()
    finally:
        similar.word_vectors.cache_clear()


def test_words_that_share_entries_get_near_vectors():
    pairs: dict = {}
    for head, entry in [("tea", "char cuppa brew"), ("char", "tea cuppa"), ("cuppa", "tea char brew"),
                        ("bike", "cycle pedal"), ("cycle", "bike wheel pedal"), ("pedal", "bike cycle")]:  # fmt: skip
        co_occur(pairs, words(head), words(entry))
    vocabulary, *matrix = ppmi(pairs)
    v = decomposed(*matrix, 2)
    at = {w: v[i] for i, w in enumerate(vocabulary)}
    assert at["tea"] @ at["char"] > at["tea"] @ at["bike"]
    assert at["bike"] @ at["cycle"] > at["cycle"] @ at["cuppa"]


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(st.sampled_from([("fruit tree", "(6)"), ("capital city", "(7)"), ("sausage in a roll", "(3,3)"), ("set of beliefs", "(8)")]),
       st.lists(st.booleans(), min_size=8, max_size=8), st.integers(1, 30))  # fmt: skip
def test_neighbours_fit_the_enumeration_and_pattern_nearest_first(case, shown, count):
    from cryptic.lookup.answers import is_word
    from cryptic.lookup.similar import neighbours
    from cryptic.parse import parse_enumeration

    phrase, enum = case[0], parse_enumeration(case[1])
    first = neighbours(phrase, enum, None, 1)
    word = first[0].letters if first else "A" * enum.length
    pattern = "".join(ch if s else "?" for ch, s in zip(word, shown))
    found = neighbours(phrase, enum, pattern, count)
    assert len(found) <= count and (not first or found[0] == first[0])  # the nearest of all fits a pattern of its own letters
    for a, b in zip(found, found[1:]):
        assert a.similarity >= b.similarity
    for n in found:
        assert len(n.letters) == enum.length and is_word(n.letters, enum) and -1.01 <= n.similarity <= 1.01
        assert all(p == "?" or p == ch for p, ch in zip(pattern, n.letters))


@pytest.mark.slow
def test_a_definition_no_relation_reaches_has_its_answer_near_it():
    from cryptic.lookup.similar import neighbours
    from cryptic.parse import parse_enumeration

    found = [n.letters for n in neighbours("Iraqi capital", parse_enumeration("(7)"), "B???D??", 5)]
    assert found[0] == "BAGHDAD"
    assert neighbours("Iraqi capital", parse_enumeration("(7)"), "B??", 5) == ()  # a pattern of another length fits nothing
    own = [n.letters for n in neighbours("beliefs", parse_enumeration("(6)"), None, 50)]
    assert own and "BELIEF" not in own  # never the phrase's own word or a form of it


@pytest.mark.slow
def test_with_letters_given_a_definition_reaches_answers_near_it_in_meaning_but_never_verifies_them():
    from cryptic import thesaurus as th
    from cryptic.derive import SECOND_DEFINITION
    from cryptic.parse import parse_clue, parse_enumeration
    from cryptic.rank import solve

    enum = parse_enumeration("(5)")
    assert "IGLOO" not in {c.letters for c in th.definitions("Arctic dwelling", enum)}  # no relation reaches it
    (igloo,) = [c for c in th.definitions("Arctic dwelling", enum, pattern="IG?O?") if c.letters == "IGLOO"]
    assert igloo.relation == "v" and 0 < igloo.strength < SECOND_DEFINITION
    best = solve(parse_clue("Arctic dwelling (5)"), "IG?O?").solutions[0]
    assert best.answer == "IGLOO" and not best.verified


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["tea", "camera holder", "set of beliefs", "qzxjv", ""]),
       st.lists(st.sampled_from(["char", "tripod", "doctrine", "bicycle", "of the", "qzxjv", "ice cream"]), max_size=6))  # fmt: skip
def test_similarities_are_each_others_similarity_in_one_product(phrase, others):
    assert similar.similarities(phrase, others).tolist() == pytest.approx([similarity(phrase, o) for o in others], abs=1e-5)
