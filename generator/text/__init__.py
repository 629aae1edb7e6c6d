"""The rulebook: a GameSpec rendered as Markdown with Jinja (templates in ``<repo>/templates``), and
the parser that reads such a rulebook back into the same GameSpec."""

from .parse import ParseError, parse_markdown  # the way back: rulebook text to spec
from .render import environment, render_markdown

__all__ = ["ParseError", "environment", "parse_markdown", "render_markdown"]
