"""The HTML of the served pages: Jinja templates under ``templates/serve/`` (autoescape on). The
rulebook itself is the HTML rulebook ``parlour render --format html`` writes (``publish.html``),
with a bar on top leading back to the list and to the table."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

TEMPLATES = Path(__file__).resolve().parents[2] / "templates" / "serve"
#: Lines of the story a table page shows (the latest).
STORY = 12


@functools.cache
def environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                              trim_blocks=True, lstrip_blocks=True)


def page(template: str, **values: Any) -> str:
    return environment().get_template(template).render(**values)


def rulebook(spec: Any, report: Any, path: str) -> str:
    """The game's HTML rulebook with a bar on top: all games, and Play."""
    from ..publish.html import render_html

    html = render_html(spec, report)
    bar = Markup('<nav style="font-family: sans-serif; padding: .5rem 1rem; background: #1f5f3f; color: #fff">'
                 '<a style="color: #fff" href="/">All games</a> · '
                 '<a style="color: #fff; font-weight: bold" href="/play/{0}">Play {1}</a></nav>').format(path, spec.naming.name)
    at = html.find("<body")
    end = html.find(">", at) + 1 if at >= 0 else 0
    return html[:end] + str(bar) + html[end:]


def table(sid: str, path: str, seat: Any, rules: bool, hint: bool) -> str:
    """The table page of a game in progress."""
    from ..publish.markup import markdown_to_html

    s = seat.session
    log = s.log
    rules_html = Markup("".join(markdown_to_html(p.text) for p in s.rules_now())) if rules else None
    return page("table.html.j2", title=s.spec.naming.name, sid=sid, path=path, v=s.view(), moves=s.moves(),
                at=s.your_moves, your_turn=s.your_turn(), over=s.over, can_undo=s.can_undo(),
                hint=seat.hint if hint else None, rules=rules_html,
                summary=s.summary().lines() if s.over else None, sheet=s.score_sheet(),
                story=log[-STORY:])


def message(title: str, text: str) -> str:
    return page("message.html.j2", title=title, message=escape(text))
