"""The rulebook: a GameSpec rendered as Markdown with Jinja (templates in ``<repo>/templates``)."""

from .render import environment, render_markdown

__all__ = ["environment", "render_markdown"]
