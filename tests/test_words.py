"""The words of the index as the build reads them (thesaurus/words.py): each shortcut the
build takes gives what the library it stands for gives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st


@pytest.mark.parametrize("word", ["sheep", "fish", "oak", "cat", "species", "series", "analysis", "corgi", "data", "deer", "news", "cats", "aircraft", "chassis", "moose", "xyzzy", "o'clock", "a.m."])
def test_own_plural_agrees_with_the_inflector_it_shortcuts(word):
    from lemminflect import getInflection

    from thesaurus.words import own_plural

    assert own_plural(word) == (word in getInflection(word, "NNS"))


@pytest.mark.parametrize("noun", ["corgi", "ruse", "blorp", "zax", "flurby", "glomus", "plasma", "xyzzy", "o'clock", "ice-cream", "3-d", "quasar", "bitcoin"])
def test_a_regular_plural_is_the_inflector_s_own_rule_based_form(noun):
    from lemminflect import getAllInflectionsOOV

    from thesaurus.words import regular_plural

    assert regular_plural(noun) in ({}, getAllInflectionsOOV(noun, upos="NOUN"))
    assert noun not in ("corgi", "blorp", "quasar") or regular_plural(noun)["NNS"] == (noun + "s",)


@settings(deadline=None)  # the first example loads wordfreq's table
@given(st.lists(st.sampled_from(["ice", "cream", "a", "bit", "more", "new", "york", "city", "zzzqx", "of", "the", "aardwolf", "qwerty", "tea"]), min_size=1, max_size=4))
def test_the_builds_zipf_frequencies_are_wordfreq_s(words):
    from wordfreq import zipf_frequency

    from thesaurus.words import zipf_reader

    phrase = " ".join(words)
    assert zipf_reader()(phrase) == zipf_frequency(phrase, "en")
