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

Two things a reader of the HTML gets that the Markdown leaves plain: a suit sign never starts a
line (``set_suits`` keeps it with the rank or word before it), and a section the rules name,
"(see *Bidding*)" or "as *Scoring* says", is a link to that section's heading (``section_ids`` and
``link_sections``), so a reader on a phone can follow it and the PDF made from the HTML gets an
internal link.
"""

from __future__ import annotations

import html
import re
import unicodedata
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
_LEAD_IN = re.compile(r"<p>((?:(?!</p>).)*:</p>\s*<(?:ul|ol)\b)", re.S)
SUIT_SPANS = re.compile("([♥♦♡♢])|([♠♣♤♧])")
#: A suit sign with what it belongs to: the rank or word right before it ("Q♠", "10♥"), or the
#: word and the one space before it ("spades ♠"); a sign right after a tag keeps only its space.
_SUIT_WITH_WORD = re.compile("([^\\s<>]*?)( |\u00a0|&nbsp;)?([♥♦♡♢♠♣♤♧])")
_TAG = re.compile(r"(<[^>]*>)")
RED_SUITS = "♥♦♡♢"
NBSP = "\u00a0"


def _suit_span(sign: str) -> str:
    return f'<span class="suit red">{sign}</span>' if sign in RED_SUITS else f'<span class="suit">{sign}</span>'


def _suits_in_text(text: str) -> str:
    def one(m: re.Match[str]) -> str:
        word, space, sign = m.group(1), m.group(2), m.group(3)
        glue = NBSP if space else ""
        if word:
            return f'<span class="nobr">{word}{glue}{_suit_span(sign)}</span>'
        return glue + _suit_span(sign)
    return _SUIT_WITH_WORD.sub(one, text)


def set_suits(fragment: str) -> str:
    """Set the suit signs of an HTML fragment in spans (hearts and diamonds red), each kept on the
    line of what it belongs to.

    A reader on a narrow screen saw "spades" at the end of one line and "♠" alone at the start of
    the next. Every sign is joined to the word or rank before it: by a no-break space where a space
    stood, and inside a ``nobr`` span (``white-space: nowrap``) with that word, which holds in
    every browser and in WeasyPrint whatever the line-breaking class of the sign (a word joiner,
    U+2060, would depend on the font having the character). Only text between tags is touched.
    """
    if not SUIT_SPANS.search(fragment):
        return fragment
    return "".join(_suits_in_text(part) if not part.startswith("<") and SUIT_SPANS.search(part) else part
                   for part in _TAG.split(fragment))


def slug(text: str) -> str:
    """An ASCII name for an anchor: lower case, words joined by hyphens."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return "-".join(re.sub(r"[^a-z0-9]+", " ", plain.lower()).split()) or "game"


_HEADING_ELEMENT = re.compile(r"<h([2-6])>(.*?)</h\1>", re.S)
_STRIP_TAGS = re.compile(r"<[^>]+>")


def section_ids(fragment: str, prefix: str) -> tuple[str, dict[str, str]]:
    """Give every section heading of a rulebook fragment an id (``prefix--`` and its slug), and say
    which heading text (as HTML) has which id: what ``link_sections`` links to.

    ``prefix`` is the game's anchor, so that in a book of many games each *Scoring* has its own id;
    the double hyphen, which no slug holds, keeps "Hearts" + "Play" apart from a game "Hearts Play".
    """
    targets: dict[str, str] = {}
    used: set[str] = set()

    def one(m: re.Match[str]) -> str:
        level, inner = m.group(1), m.group(2)
        base = f"{prefix}--{slug(html.unescape(_STRIP_TAGS.sub('', inner)))}"
        anchor, n = base, 2
        while anchor in used:
            anchor, n = f"{base}-{n}", n + 1
        used.add(anchor)
        targets.setdefault(inner.strip(), anchor)
        return f'<h{level} id="{anchor}">{inner}</h{level}>'
    return _HEADING_ELEMENT.sub(one, fragment), targets


#: A section named in the rules as the templates write it: "(see *Bidding*)", "as *Scoring* says",
#: "the rank list of *The cards*" — the heading in emphasis, once in HTML.
_NAMED = re.compile(r"<em>([^<]*?)</em>")


def link_sections(fragment: str, targets: dict[str, str]) -> str:
    """Turn each section the rules name ("(see *Bidding*)", "as *Scoring* says") into a link to
    that section's heading.

    Only emphasis that is exactly a heading of the same rulebook (``targets``, from
    ``section_ids``; capitals and all) becomes a link: a term in italics (*kitty*, *stake*) is
    never the name of a section, which starts with a capital and is not written mid-sentence
    otherwise.
    """
    def one(m: re.Match[str]) -> str:
        anchor = targets.get(m.group(1).strip())
        return m.group(0) if anchor is None else f'<a class="xref" href="#{anchor}">{m.group(0)}</a>'
    return _NAMED.sub(one, fragment)


#: Rows (the header's included) beyond which a table may break across pages.
LONG_TABLE_ROWS = 9
_RULES_TABLE = re.compile(r'<table class="rules">.*?</table>', re.S)

#: A paragraph right before a table: the sentence that introduces it ("These cards score specially:").
_LEADS_TABLE = re.compile(r'<p>((?:(?!</p>).)*)</p>\n<div class="table-box">', re.S)

#: A backslash escape of the ``md`` filter: an escaped backslash (kept), or ``\<``, ``\>``, ``\&``.
_HTML_ESCAPES = re.compile(r"\\([\\<>&])")


def _unescape_html(m: re.Match[str]) -> str:
    return m[0] if m[1] == "\\" else m[1]


def markdown_to_html(md: str, shift: int = 0) -> str:
    """Convert rulebook Markdown to an HTML fragment, escaping any HTML in it first.

    ``shift`` moves every heading down that many levels (``##`` → ``<h3>`` with shift 1), for a
    rulebook inside a book. Suit symbols get a span (red for hearts and diamonds) that keeps them
    on the line of their rank or word (``set_suits``); tables get a box of their own, and the
    paragraph that introduces a table the class ``leads-table``.
    """
    text = html.escape(_HTML_ESCAPES.sub(_unescape_html, _normalise(md)), quote=False)
    conv = _markdown()
    conv.reset()
    out = conv.convert(text)
    if shift:
        out = _HEADING.sub(lambda m: f"<{m.group(1)}h{min(6, int(m.group(2)) + shift)}", out)
    # a table scrolls inside its own box on a narrow screen instead of widening the page; the
    # sentence that introduces it is marked, so that print can keep the two on one page
    out = out.replace("<table>", '<div class="table-box"><table class="rules">').replace("</table>", "</table></div>")
    out = _LEADS_TABLE.sub(r'<p class="leads-table">\1</p>\n<div class="table-box">', out)
    # a long table (a whole hand's tricks) may run on to the next page, row by row: kept whole, it
    # would leave the page before it mostly empty
    out = _RULES_TABLE.sub(lambda m: m[0].replace('class="rules"', 'class="rules long"', 1)
                           if m[0].count("<tr>") > LONG_TABLE_ROWS else m[0], out)
    # a sentence that introduces a list ("…:") is kept on its page too (print style "lead-in")
    out = _LEAD_IN.sub(r'<p class="lead-in">\1', out)
    return set_suits(out)


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
