"""Grids for people: text in the terminal and PNG pictures drawn like a newspaper grid."""

from __future__ import annotations

from collections.abc import Sequence

from cryptic.data import written_whole
from cryptic.grid import BLOCK, Grid, slots


def text(rows: Sequence[str]) -> str:
    """Rows as text: blocks as '#', unknown cells as '.', letters spaced."""
    return "\n".join(" ".join(ch if ch != BLOCK else "█" for ch in row) for row in rows)


def numbers(grid: Grid) -> dict[tuple[int, int], int]:
    """The printed number of each cell that starts a light."""
    return {s.cells[0]: s.number for s in slots(grid)}


def png(grid: Grid, rows: Sequence[str], path: str, cell: int = 40) -> None:
    """Draw the grid with numbers and letters, like a newspaper grid; written atomically."""
    from PIL import Image, ImageDraw, ImageFont

    h, w = len(rows), len(rows[0])
    margin = 2
    img = Image.new("RGB", (w * cell + 2 * margin, h * cell + 2 * margin), "white")
    draw = ImageDraw.Draw(img)
    try:
        small = ImageFont.load_default(size=max(8, cell // 4))
        big = ImageFont.load_default(size=max(12, cell // 2))
    except TypeError:  # Pillow without sized default fonts
        small = big = ImageFont.load_default()
    nums = numbers(grid)
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            x0, y0 = margin + c * cell, margin + r * cell
            box = (x0, y0, x0 + cell, y0 + cell)
            if ch == BLOCK:
                draw.rectangle(box, fill="black")
                continue
            draw.rectangle(box, fill="white", outline="black", width=1)
            if (r, c) in nums:
                draw.text((x0 + 2, y0 + 1), str(nums[(r, c)]), fill="black", font=small)
            if ch.isalpha():
                draw.text((x0 + cell / 2, y0 + cell * 0.6), ch, fill="black", font=big, anchor="mm")
    draw.rectangle((margin - 1, margin - 1, margin + w * cell, margin + h * cell), outline="black", width=2)
    with written_whole(path, ".png") as tmp:
        img.save(tmp, format="PNG")
