"""``render_mode="rgb_array"``: the board as a picture, for videos of episodes.

What a player at the terminal sees, drawn into an image: the game's own board
(``game.terminal.render_screen``, the compact board of ``ossuary play``) for one seat's
view, rendered by rich to coloured character cells and painted with Pillow,
one cell at a time, in a monospaced font. Only the seat's view is drawn, so a
picture never shows a card that seat can't see. No browser, no display: a
frame costs a few tens of milliseconds (``docs/rl.md``).

Needs Pillow (in the ``rl`` extra); the font is DejaVu Sans Mono where
matplotlib or the system ships it, else Pillow's own.
"""

from __future__ import annotations

import io
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.game import Game, NotSupported

#: the picture's size in character cells: every frame of an episode the same
#: size (video encoders want that); the game fits its board to it
COLUMNS = 100
ROWS = 50
FONT_SIZE = 14
BACKGROUND = (24, 24, 28)
FOREGROUND = (220, 220, 220)
_FONT_FILES = ("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",)

Image = npt.NDArray[np.uint8]


@lru_cache(maxsize=1)
def _font() -> Any:
    try:
        from PIL import ImageFont  # optional: pillow
    except ImportError:
        raise NotSupported(
            "render_mode='rgb_array' needs Pillow: pip install 'ossuary[rl]'"
        ) from None
    candidates = list(_FONT_FILES)
    try:
        import matplotlib  # optional: matplotlib

        candidates.insert(0, str(Path(matplotlib.get_data_path()) / "fonts/ttf/DejaVuSansMono.ttf"))
    except ImportError:
        pass
    for path in candidates:
        if Path(path).is_file():
            return ImageFont.truetype(path, FONT_SIZE)
    return ImageFont.load_default(FONT_SIZE)


def board_lines(
    game: Game, view: dict[str, Any], seat: int, columns: int = COLUMNS, rows: int = ROWS
) -> list[Any]:
    """The board of ``view`` as ``seat`` sees it, at most ``rows`` lines: rich's
    lines of styled segments."""
    from rich.console import Console
    from rich.text import Text

    try:
        board = game.terminal.render_screen(view, seat, width=columns, height=rows)
    except NotSupported:  # a game without a terminal board: its summary in words
        board = Text("\n".join(game.terminal.summary_lines(view)))
    console = Console(
        file=io.StringIO(), width=columns, color_system="truecolor", force_terminal=True,
        legacy_windows=False,
    )  # fmt: skip
    lines = console.render_lines(board, console.options.update_width(columns), pad=True)
    return lines[:rows]


def _rgb(color: Any, default: tuple[int, int, int]) -> tuple[int, int, int]:
    if color is None or color.is_default:
        return default
    from rich.terminal_theme import MONOKAI

    triplet = color.get_truecolor(MONOKAI)
    return (triplet.red, triplet.green, triplet.blue)


def board_picture(
    game: Game, view: dict[str, Any], seat: int, columns: int = COLUMNS, rows: int = ROWS
) -> Image:
    """The board of ``view`` as ``seat`` sees it, as an RGB image of
    ``rows`` × ``columns`` character cells (height × width × 3, uint8)."""
    from PIL import Image as PILImage  # optional: pillow
    from PIL import ImageDraw  # optional: pillow
    from rich.cells import cell_len

    font = _font()
    lines = board_lines(game, view, seat, columns, rows)
    cw = max(1.0, float(font.getlength("M")))  # a cell: the monospaced advance
    mono = font.getlength("i") == font.getlength("M")
    ch = round(FONT_SIZE * 1.3)
    image = PILImage.new("RGB", (math.ceil(columns * cw), rows * ch), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for row, segments in enumerate(lines):
        x = 0
        y = row * ch
        for segment in segments:
            text, style = segment.text, segment.style
            fg = _rgb(style.color if style else None, FOREGROUND)
            bg = _rgb(style.bgcolor if style else None, BACKGROUND)
            if style is not None and style.reverse:
                fg, bg = bg, fg
            if style is not None and style.dim:
                fg = (fg[0] // 2 + bg[0] // 2, fg[1] // 2 + bg[1] // 2, fg[2] // 2 + bg[2] // 2)
            width = cell_len(text)
            if bg != BACKGROUND:
                draw.rectangle((x * cw, y, (x + width) * cw - 1, y + ch - 1), fill=bg)
            if mono and width == len(text):  # a run of one-cell characters: at once
                if not text.isspace():
                    draw.text((x * cw, y), text, fill=fg, font=font)
                x += width
                continue
            for char in text:  # one cell each: the layout holds whatever the font
                if not char.isspace():
                    draw.text((x * cw, y), char, fill=fg, font=font)
                x += cell_len(char)
    return np.asarray(image, dtype=np.uint8).copy()
