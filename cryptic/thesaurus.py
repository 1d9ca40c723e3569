"""The thesaurus, as the rest of the program sees it: one name for each lookup the solver
makes, whichever module of cryptic/lookup/ holds it (index, relations, answers, glosses,
retrieval, definitions). Pure and cached; the index is built on first use (thesaurus.build)."""

from __future__ import annotations

from cryptic.lookup.answers import (  # noqa: F401
    anagrams,
    breaks_fit,
    display,
    frequency,
    hyphen_closed,
    in_dictionary,
    is_stem,
    is_word,
    letters_of,
    lexicon,
    lexicon_letters,
    lexicon_stems,
    matching,
    opened,
    other_breaks,
    spellings,
    spelt_with,
)  # fmt: skip
from cryptic.lookup.definitions import (  # noqa: F401
    AGENT,
    CLIPPED,
    CONTRACTED,
    SHORT_VERBS,
    SUBJECTS,
    abbreviations,
    agent_nouns,
    clipped_kinds,
    contractions,
    definition_strength,
    definition_table,
    definitions,
    distant_letters,
    homophones,
    leaf_bounds,
    length_only,
    listed_words,
    near_candidates,
    own_definitions,
    own_form,
    synonym_table,
    synonyms,
    warm,
)  # fmt: skip
from cryptic.lookup.glosses import (  # noqa: F401
    GLOSS,
    GLOSS_COVER,
    GLOSS_LONE,
    GLOSS_SYNONYM,
    gloss_definitions,
    gloss_overlap,
    phrase_inflections,
    phrase_keys,
    unchanged_plural,
)  # fmt: skip
from cryptic.lookup.index import (  # noqa: F401
    connection,
    folder,
    graph,
    is_node,
    node_id,
    norm,
    row,
)  # fmt: skip
from cryptic.lookup.relations import (  # noqa: F401
    AGREED,
    FIRST_HOP,
    FUNCTION_WORDS,
    INFLECTED,
    PART,
    STRENGTH,
    Candidate,
    agreed,
    candidate_order,
    content_words,
    inflected,
    less_forms,
    located,
    number_words,
    opposed,
    relations,
    respelt,
    variants,
)  # fmt: skip
from cryptic.lookup.retrieval import DESCRIBED, described, described_share, retrieved_definitions  # noqa: F401
from thesaurus.layout import CODES  # noqa: F401

__all__ = [
    "AGENT", "AGREED", "CLIPPED", "CODES", "CONTRACTED", "Candidate", "DESCRIBED", "FIRST_HOP", "FUNCTION_WORDS", "GLOSS",
    "GLOSS_COVER", "GLOSS_LONE", "GLOSS_SYNONYM", "INFLECTED", "PART", "SHORT_VERBS", "STRENGTH", "SUBJECTS",
    "abbreviations", "agent_nouns", "agreed", "anagrams", "breaks_fit", "candidate_order", "clipped_kinds",
    "connection", "content_words", "contractions", "definition_strength", "definition_table", "definitions",
    "described", "described_share", "display", "distant_letters", "folder", "frequency", "gloss_definitions", "gloss_overlap", "graph",
    "homophones", "hyphen_closed", "in_dictionary", "inflected", "is_node", "is_stem", "is_word", "leaf_bounds", "length_only",
    "less_forms", "letters_of", "located", "lexicon", "lexicon_letters", "lexicon_stems", "listed_words", "matching", "near_candidates", "node_id", "norm",
    "number_words", "opened", "opposed", "other_breaks", "own_definitions", "own_form", "phrase_inflections", "phrase_keys", "relations",
    "respelt", "retrieved_definitions", "row", "spellings", "spelt_with", "synonym_table", "synonyms", "unchanged_plural", "variants", "warm",
]
