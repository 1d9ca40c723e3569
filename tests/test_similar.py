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
