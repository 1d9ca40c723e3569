"""cryptic: a cryptic crossword clue parser and solver.

The pipeline, one module a stage:
clue text (parse) -> parse forest (forest) -> evaluation (wordplay) -> ranking (solve) -> grid (grid, puzzle).
"""

__version__ = "0.1.0"
