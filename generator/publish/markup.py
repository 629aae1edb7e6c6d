"""Markdown rulebook → safe HTML fragments.

The Markdown comes from ``generator.text.render_markdown``, which escapes spec text (names,
aliases, nicknames, the kitty's name, …) as it copies it into the Markdown (the templates' ``md``
filter, ``generator.text.phrases.md``). Two steps make the HTML safe whatever those strings hold:

1. the ``md`` filter backslash-escapes Markdown syntax in spec text, so a nickname like
   ``*Big* Jim`` prints its asterisks instead of turning into emphasis (``escape_spec`` does the
   same to a copy of a spec, for other callers);
2. ``markdown_to_html`` escapes ``&``, ``<`` and ``>`` in the whole Markdown text before
   python-markdown sees it, so no raw HTML can pass (python-markdown passes raw HTML through,
   and our templates emit none: a test checks that). The ``md`` filter's backslashes before
   those three (for Markdown viewers, which CommonMark lets escape them) are taken off first,
   as python-markdown does not know them.

The page title, aliases and quick reference are not taken from the Markdown: the HTML templates
build them from the spec with Jinja's autoescape.
"""

from __future__ import annotations

import html
import re
from typing import Any

from pydantic import BaseModel

from ..text import phrases

def escape_text(text: str) -> str:
    """Backslash-escape Markdown syntax in one piece of spec text (``text.phrases.md``; ``<``, ``>``
    and ``&`` are left to ``markdown_to_html``'s escape of the whole text)."""
    return phrases.md(text, raw_html=False)


def _escape_value(value: Any, annotation_is_text: bool) -> Any:
    if isinstance(value, BaseModel):
        return escape_spec(value)
    if isinstance(value, str):
        return escape_text(value) if annotation_is_text else value
    if isinstance(value, list):
        return [_escape_value(v, annotation_is_text) for v in value]
    if isinstance(value, tuple):
        return tuple(_escape_value(v, annotation_is_text) for v in value)
    return value


def escape_spec(model: BaseModel) -> BaseModel:
    """A copy of a spec (or any part of it) with its free-text strings Markdown-escaped.

    Only strings change, and only where they hold Markdown syntax; the spec's keys and codes
    (suits, cards, enumerated values) hold none, so lookups by them still work. The copy is not
    validated again (``model_copy``), so the escapes cannot trip a validator.
    """
    changes: dict[str, Any] = {}
    for name in type(model).model_fields:
        value = getattr(model, name)
        new = _escape_value(value, True)
        if new != value:
            changes[name] = new
    return model.model_copy(update=changes) if changes else model


_LIST_ITEM = re.compile(r"^(?:\d+[.)]|[-*+])\s")
_TABLE_ROW = re.compile(r"^\|")


def _normalise(md: str) -> str:
    """Blank lines before lists and tables, which python-markdown needs and our templates may omit."""
    out: list[str] = []
    prev = ""
    for line in md.split("\n"):
        starts_list = bool(_LIST_ITEM.match(line))
        starts_table = bool(_TABLE_ROW.match(line))
        if prev.strip() and (
            (starts_list and not _LIST_ITEM.match(prev) and not prev.startswith(("    ", "\t")))
            or (starts_table and not _TABLE_ROW.match(prev))
        ):
            out.append("")
        out.append(line)
        prev = line
    return "\n".join(out)


_converter = None


def _markdown():
    global _converter
    if _converter is None:
        import markdown

        _converter = markdown.Markdown(
            extensions=["tables", "sane_lists", "smarty"],
            extension_configs={"smarty": {"smart_angled_quotes": False}},
            output_format="html",
        )
    return _converter


_HEADING = re.compile(r"<(/?)h([1-6])\b")
_LEAD_IN = re.compile(r"<p>((?:(?!</p>).)*:</p>\s*<(?:table|ul|ol)\b)", re.S)
SUIT_SPANS = re.compile("([♥♦♡♢])|([♠♣♤♧])")


#: A backslash escape of the ``md`` filter: an escaped backslash (kept), or ``\<``, ``\>``, ``\&``.
_HTML_ESCAPES = re.compile(r"\\([\\<>&])")


def _unescape_html(m: re.Match[str]) -> str:
    return m[0] if m[1] == "\\" else m[1]


def markdown_to_html(md: str, shift: int = 0) -> str:
    """Convert rulebook Markdown to an HTML fragment, escaping any HTML in it first.

    ``shift`` moves every heading down that many levels (``##`` → ``<h3>`` with shift 1), for a
    rulebook inside a book. Suit symbols get a span (red for hearts and diamonds).
    """
    text = html.escape(_HTML_ESCAPES.sub(_unescape_html, _normalise(md)), quote=False)
    conv = _markdown()
    conv.reset()
    out = conv.convert(text)
    if shift:
        out = _HEADING.sub(lambda m: f"<{m.group(1)}h{min(6, int(m.group(2)) + shift)}", out)
    out = out.replace("<table>", '<table class="rules">')
    # a sentence that introduces a list or table ("…:") is kept on its page (print style "lead-in")
    out = _LEAD_IN.sub(r'<p class="lead-in">\1', out)
    return SUIT_SPANS.sub(lambda m: f'<span class="suit red">{m.group(1)}</span>' if m.group(1)
                      else f'<span class="suit">{m.group(2)}</span>', out)


def split_rulebook(md: str) -> tuple[str, str]:
    """Split the Markdown rulebook into its introduction and its sections, dropping the title.

    The title line (``# Name (also …)``) is rebuilt from the spec by the HTML template.
    """
    lines = md.split("\n")
    i = 0
    while i < len(lines) and not lines[i].startswith("# "):
        i += 1
    body = lines[i + 1:] if i < len(lines) else lines
    for j, line in enumerate(body):
        if line.startswith("## "):
            return "\n".join(body[:j]).strip() + "\n", "\n".join(body[j:])
    return "\n".join(body).strip() + "\n", ""
