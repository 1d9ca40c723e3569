"""The order of a phrase's strong definitions: a fitted score over what each answer's route
says (strength, relation, support), how near the phrase it is in meaning, how common it is
and how often past clues had it (corpora/definition-order.json, fitted by
benchmarks/fit_definition_order.py). Strength alone ties hundreds of synonyms at 0.9, and
their commonness told the answer apart from the rest no better than chance.

The weaker answers after them (two hops away, merged lazily by `candidate_order`) keep that
order: only the strong ones, made up front, are scored."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from cryptic.lexicon import number_table, past_share
from cryptic.lookup.relations import TWO_HOP, Candidate, candidate_order

ORDER_TABLE = "definition-order.json"


def order_features(key: str, found: Sequence[Candidate]) -> list[dict[str, float]]:
    """Each candidate's features as ORDER_TABLE weighs them, for a normalised phrase (its
    relation as "relation_<code>": a code the table lacks weighs nothing)."""
    from cryptic.lookup.similar import similarities

    near = similarities(key, [c.display for c in found]).tolist()
    return [{"strength": c.strength, "support": math.log1p(c.support), "frequency": c.frequency / 8, "similar": cosine,
             "past": past_share(c.letters), f"relation_{c.relation}": 1.0} for c, cosine in zip(found, near)]  # fmt: skip


def order_score(features: Mapping[str, float], weights: Mapping[str, float]) -> float:
    """The fitted score of one candidate's features (higher: likelier the answer)."""
    return sum(weights.get(name, 0.0) * value for name, value in features.items())


def order_scores(key: str, found: Sequence[Candidate]) -> list[float]:
    """Each candidate's fitted score for a normalised phrase."""
    weights = number_table(ORDER_TABLE)
    return [order_score(f, weights) for f in order_features(key, found)]


def fitted_first(key: str, found: tuple[Candidate, ...]) -> tuple[Candidate, ...]:
    """Candidates sorted by `candidate_order`, with the strong ones (above TWO_HOP, first)
    re-sorted by their fitted score; the rest as they were."""
    strong = sum(1 for c in found if c.strength > TWO_HOP)
    if strong < 2:
        return found
    scores = order_scores(key, found[:strong])
    ranked = sorted(range(strong), key=lambda k: (-scores[k], candidate_order(found[k])))
    return tuple(found[k] for k in ranked) + found[strong:]
