"""A game's whole rulebook: the text layer's rendering (``generator.text``) with what only a played
game can give it, the worked example (``example``), found here and passed in. The text never plays a
game; the layers above it (commands, the publisher, the generator's output) ask for the rulebook
here."""

from __future__ import annotations

from ..spec import GameSpec
from ..text.render import render_markdown as render_text
from .example import worked_example


def render_markdown(spec: GameSpec, summary: dict | None = None, in_book: bool = False) -> str:
    """The rulebook of ``spec`` as Markdown, with its worked example (see ``text.render_markdown``
    for ``summary`` and ``in_book``)."""
    return render_text(spec, summary, example=worked_example(spec), in_book=in_book)


__all__ = ["render_markdown", "worked_example"]
