"""Parse counts by clue length: the table and the plot of `cryptic stats`."""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable

from cryptic.data import written_whole

Row = tuple[int, int, int, int]  # words, naive, canonical, after length filter


def measure(clue, leaf) -> Row:
    """A clue's length in words and its numbers of readings: naive, canonical, after the length filter."""
    from cryptic.forest import count_filtered, counts

    naive, canonical = counts(clue, leaf)
    return len(clue.words), naive, canonical, count_filtered(clue, leaf)


def by_length(rows: Iterable[Row]) -> dict[int, list[Row]]:
    """Rows grouped by clue length in words."""
    groups: dict[int, list[Row]] = {}
    for row in rows:
        groups.setdefault(row[0], []).append(row)
    return dict(sorted(groups.items()))


def mean(xs: Iterable[int]) -> float:
    """Arithmetic mean of big integers, as a float."""
    xs = list(xs)
    return float(sum(xs)) / len(xs)


def table(rows: list[Row]) -> str:
    """Mean counts for each clue length, and the growth rate of each column.

    >>> print(table([(3, 10, 5, 2), (3, 20, 7, 4)]))  # doctest: +NORMALIZE_WHITESPACE
    words  clues      naive  canonical  filtered
        3      2      15.00       6.00      3.00
    """
    lines = [f"{'words':>5} {'clues':>6} {'naive':>10} {'canonical':>10} {'filtered':>9}"]
    groups = by_length(rows)
    for n, group in groups.items():
        naive, canon, filt = (mean(r[k] for r in group) for k in (1, 2, 3))
        lines.append(f"{n:>5} {len(group):>6} {fmt(naive):>10} {fmt(canon):>10} {fmt(filt):>9}")
    if len(groups) >= 3:
        lines.append("")
        lines.append("growth fit over lengths (log-log slope = polynomial degree; log-linear slope = exponential base):")
        for k, name in ((1, "naive"), (2, "canonical"), (3, "filtered")):
            xs = list(groups)
            ys = [math.log(max(mean(r[k] for r in groups[n]), 1.0)) for n in xs]
            degree = slope([math.log(x) for x in xs], ys)
            base = math.exp(slope(xs, ys))
            lines.append(f"  {name:10s} degree {degree:5.2f}   base {base:6.3f} per word")
    return "\n".join(lines)


def fmt(x: float) -> str:
    """A count: fixed point when small, scientific when large."""
    return f"{x:.2f}" if x < 1e7 else f"{x:.2e}"


def slope(xs: list[float], ys: list[float]) -> float:
    """Least-squares slope of ys on xs."""
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else 0.0


def plot_counts(rows: list[Row], path: str) -> None:
    """Draw mean counts by clue length, linear and log scale, to a PNG written atomically."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = by_length(rows)
    xs = list(groups)
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for ax, scale in zip(axes, ("linear", "log")):
        for k, name, style in ((1, "naive binary", "o-"), (2, "canonical", "s-"), (3, "after length filter", "^-")):
            ax.plot(xs, [mean(r[k] for r in groups[n]) for n in xs], style, label=name, markersize=4)
        ax.set_yscale(scale)
        ax.set_xlabel("clue length (words)")
        ax.set_ylabel("mean parses per clue")
        ax.set_title(f"parse counts ({scale} scale)")
        ax.grid(True, alpha=0.3)
        ax.legend()
    fig.tight_layout()
    try:
        with written_whole(path, ".png") as tmp:
            fig.savefig(tmp, dpi=110, format="png")
    finally:
        plt.close(fig)
