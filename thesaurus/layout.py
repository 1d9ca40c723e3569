"""The compiled thesaurus index on disk: its files, relation codes and packed keys. The
builder (thesaurus/build.py) writes it and the reader (cryptic/thesaurus.py) reads it, both
through the names here.

Files:
  nodes.txt                  every phrase of the relation graph and every inflection of one,
                             one a line (its id: the line number)
  indptr.npy, indices.npy, codes.npy   the graph in compressed sparse rows: phrase -> related
                             phrases and relation codes, strongest first
  lengths.npy                letters in each node's phrase
  letters.txt                each node's letters, A-Z only, one a line
  freqs.npy                  Zipf frequency of each node's letters (its commonest spelling)
  shapes.npy                 each node's word lengths packed in one number (see `shape`)
  ranks.npy                  each node's letters' place in the sorted list of all nodes' letters
  oneword.npy                does the lexicon spell each node's letters as one word?
  spelt_keys.npy             sorted rank << SHAPE_BITS | shape, for every spelling of a node's
                             letters as several words (see `spelling_keys`)
  ed.npy                     does each node's phrase end in -ed?
  own_plural.npy             may each node, a single word, be its own plural (sheep)?
  gloss_words.txt, gloss_indptr.npy, gloss_ids.npy   the glosses turned round: each
                             content word (by its lemma) -> the glosses that use it
                             (WordNet's first, in its order, then GCIDE's senses)
  gloss_member_indptr.npy, gloss_member_ids.npy   each gloss -> the nodes it defines
  gloss_sources.npy          each gloss's source: its place in GLOSS_SOURCES
  part_words.txt, part_indptr.npy, part_ids.npy   WordNet's part holonyms turned round: a
                             whole's name or adjective ("italy", "italian") -> its parts (VENICE)
  opposite_words.txt, opposite_indptr.npy, opposite_ids.npy   WordNet's antonyms: a phrase
                             ("happy") -> what it calls its opposites (UNHAPPY)
  by_length.npy, length_starts.npy   the graph's rows again, each sorted by answer length, and
                             for each row and length L how many of its answers are shorter
                             (so that the answers of one length in many rows are found
                             without reading the rows)
  inflect_indptr.npy, inflect_ids.npy, inflect_tags.npy   node -> its inflections (node ids,
                             and the index of each one's tag in INFLECTION_TAGS), sparse rows
  lemma_indptr.npy, lemma_ids.npy, lemma_tags.npy   the same turned round: form -> its lemmas
  lexicon.sqlite             words(letters, display, parts, freq): the answer lexicon;
                             sounds(letters, pron): CMU pronunciations, stress dropped (homophones)
"""

from __future__ import annotations

import re
from collections.abc import Mapping

INDEX_VERSION = 26  # raise it when a file above changes: an index of another version is rebuilt

# Relation codes, strongest first: s synonym, m Moby, a similar/also-see, o hyponym, i instance,
# r Moby (reverse), q hyponym two levels down, h hypernym, d derivationally related, x hyponym
# three levels down ("country" -> ITALY, "food" -> ENCHILADA); p part of, which lookups give but the graph never stores.
# codes.npy holds each relation's place in this string.
CODES = "smaoirqhdxp"

# The arrays of the relation graph (name.npy), and how their lengths must agree.
ARRAYS = ("indptr", "indices", "codes", "by_length", "length_starts", "lengths", "freqs", "shapes", "ranks", "oneword", "spelt_keys", "ed", "own_plural", "inflect_indptr", "inflect_ids", "inflect_tags", "lemma_indptr", "lemma_ids", "lemma_tags")
ROWS = ("indptr", "inflect_indptr", "lemma_indptr")  # sparse-row pointers: one entry a node, and one more
ENTRIES = {"indices": ("codes", "by_length"), "inflect_ids": ("inflect_tags", "lemma_ids", "lemma_tags")}  # as long as the first
PER_NODE = ("length_starts", "lengths", "freqs", "shapes", "ranks", "oneword", "ed", "own_plural", "letters")

INFLECT_TAGS = {"NOUN": ("NNS",), "VERB": ("VBD", "VBG", "VBZ", "VBN"), "ADJ": ("JJR", "JJS")}
INFLECTION_TAGS = tuple(tag for tags in INFLECT_TAGS.values() for tag in tags)  # inflect_tags.npy: places in this
GLOSS_SOURCES = ("wordnet", "gcide")  # gloss_sources.npy holds each gloss's place in this
SHAPE_BITS = 40  # spelling keys hold the word lengths of phrases of up to six words
LENGTH_COLUMNS = 32  # answers of up to 30 letters are found through length_starts


def shape(parts: tuple[int, ...]) -> int:
    """Word lengths packed six bits a word, so that arrays compare them at once; -1 for
    those too many or too long to pack (they match nothing).

    >>> shape((3, 5))
    323
    """
    if not 0 < len(parts) <= 10 or not all(0 < p < 64 for p in parts):
        return -1
    return sum(p << (6 * k) for k, p in enumerate(parts))


# Words of WordNet's glosses that describe nothing by themselves ("make" does: "make laws" is
# LEGISLATE's gloss).
GLOSS_STOP = frozenset(
    "a an the of in on at to for from by with and or as is are was be been being that which who whom whose "
    "what when where how it its their his her this these those such not no any some one ones other than "
    "into onto out up down over under used use especially usually often sometimes something someone "
    "etc very more most having has have can may might must will would shall should could also "
    "being get got just".split()
)
GLOSS_WORD = re.compile(r"[a-z]+")


def gloss_keys(text: str, lemma_of: Mapping[str, str]) -> set[str]:
    """The content words of a gloss or a clue, each by its lemma (wolves -> wolf); the
    index and its lookups both read words through this."""
    keys = (lemma_of.get(w, w) for w in GLOSS_WORD.findall(text.lower()) if len(w) > 2 and w not in GLOSS_STOP)
    return {k for k in keys if k not in GLOSS_STOP}
