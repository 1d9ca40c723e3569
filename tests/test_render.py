"""Grids for people: text and PNG."""

from __future__ import annotations

from PIL import Image

from cryptic.grid import read_grid
from cryptic.render import numbers, png, text


def test_text_spaces_letters_and_draws_blocks():
    assert text(["AB#", ".C#"]) == "A B █\n. C █"


def test_numbers_go_where_lights_start():
    g = read_grid("...\n.#.\n...")
    assert numbers(g) == {(0, 0): 1, (0, 2): 2, (2, 0): 3}


def test_the_png_is_a_picture_of_the_grid(tmp_path):
    g = read_grid("...\n.#.\n...")
    path = tmp_path / "grid.png"
    png(g, ["CAT", "O#A", "WEB"], str(path), cell=20)
    with Image.open(path) as img:
        assert img.size == (3 * 20 + 4, 3 * 20 + 4)
        assert img.getpixel((2 + 30, 2 + 30)) == (0, 0, 0)  # the block, black
        assert img.getpixel((2 + 20 + 17, 2 + 17)) == (255, 255, 255)  # a light's cell, white away from its letter
    assert list(tmp_path.iterdir()) == [path]  # no temporary file left beside it
