"""The rulebook: a GameSpec rendered as Markdown with Jinja (templates in ``<repo>/templates``)."""

from .render import environment, render_markdown

__all__ = ["environment", "render_markdown"]

from .parse import ParseError, parse_markdown  # noqa: E402  (the way back: rulebook text to spec)

__all__ = ["ParseError", "parse_markdown", "render_markdown"]
