"""Publishing: rulebooks as HTML and PDF, and a whole book of games.

The flow is Jinja → Markdown (``generator.text``) → HTML (python-markdown, escaped) → PDF
(WeasyPrint), with playtest plots written as SVG (``plots``, ``svgchart``). WeasyPrint is
imported only when a PDF is made.
"""

from __future__ import annotations

from .html import game_page, game_view, render_html, render_pdf, stylesheet_text

__all__ = ["game_page", "game_view", "render_html", "render_pdf", "stylesheet_text"]
