"""Facts printed around a rulebook: the data line, the quick-reference box, the playtest figures.

Everything here is plain text (the HTML templates escape it). The spec grows new modules while
this is written, so every reading falls back to a plain phrase rather than failing on a value it
does not know.
"""

from __future__ import annotations

import math

from typing import Any

from ..spec import GameSpec
from ..text.quickref import (  # noqa: F401  (the quick reference's phrases, printed around a rulebook)
    PACK_NAMES, SUIT_SYMBOLS, TRUMP_PHRASES, cards_text, deal_text, goal_text, players_text, quick_reference_rows,
    suits_text, trumps_text,
)

def family_name(family: str) -> str:
    return family[:1].upper() + family[1:] + " games"   # "Trick-taking games"


def credit_text(spec: GameSpec, playtested: bool) -> str:
    """Who made the game, for a page's foot: "Invented and playtested by Parlour" only for a game
    Parlour invented and played (a real game or a seed-book game was not invented here)."""
    prov = spec.provenance
    origin = prov.origin if prov else "written"
    if origin in ("generated", "evolved"):
        return "Invented and playtested by Parlour" if playtested else "Invented by Parlour"
    made = ("From Hyloe’s Book of Games" if origin == "imported"
            else "A traditional game" if prov and prov.traditional else "Written by hand")
    return made + (", playtested by Parlour" if playtested else ", set by Parlour")


def book_credit(specs: list[GameSpec], playtested: bool) -> str:
    """The book's subtitle after the count: "invented and playtested by Parlour" when every game in
    it was invented by Parlour, "collected … by Parlour" otherwise."""
    invented = bool(specs) and all(s.provenance is not None and s.provenance.origin in ("generated", "evolved")
                                   for s in specs)
    return ("invented" if invented else "collected") + (" and playtested" if playtested else "") + " by Parlour"


def data_line(spec: GameSpec) -> str:
    """Parlett's data line: family · players · cards · configuration · direction."""
    return " · ".join([
        spec.family.capitalize(),
        players_text(spec),
        f"{spec.deck.size()} cards",
        configuration(spec),
        "clockwise",
    ])


def configuration(spec: GameSpec) -> str:
    """Who plays with whom, in the data line's word: individual, partnerships or teams (with the
    counts that play them where others play alone), or the caller against the rest each hand."""
    if spec.players.coalition is not None:
        return "caller against the rest"
    sides = spec.players.sides
    if sides is None:
        return "individual"
    word = "partnerships" if sides.size == 2 else f"teams of {sides.size}"
    counts = list(spec.players.counts())
    sided = [n for n in counts if sides.applies(n)]
    return word if len(sided) == len(counts) else f"{word} at {'/'.join(str(n) for n in sided)}"


def any_sides(specs: list[GameSpec]) -> bool:
    """Whether any game of a book is played in partnerships, teams or a coalition (the book's
    "How to use" then does not say that all its games are for individual players)."""
    return any(s.players.sides is not None or s.players.coalition is not None for s in specs)


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _whole(x: Any, least: int = 0, most: int = 10**9) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and least <= x <= most


def report_problem(report: Any) -> str | None:
    """What is wrong with a saved playtest report (``Report.as_dict()``) for the readers of its
    figures — the rulebook's length and strategy note, the book's table and verdict —, as
    "field: why", or None. A report on disk is input: a value of another kind there stopped a
    book or a render with a traceback (issue 32's fuzzing)."""
    if not isinstance(report, dict):
        return "the file: not a playtest report (a table of fields)"
    counts = report.get("counts")
    if not isinstance(counts, list) or not counts:
        return "counts: not a list of player counts"
    for i, c in enumerate(counts):
        at = f"counts[{i}]"
        if not isinstance(c, dict):
            return f"{at}: not a table of figures"
        if not _whole(c.get("players"), 2, 8):
            return f"{at}.players: not a player count from 2 to 8"
        for key in ("games", "completed", "draws"):
            if key in c and not _whole(c[key]):
                return f"{at}.{key}: not a count of games"
        for key in ("hands_median", "minutes_median"):
            if key in c and not (_number(c[key]) and 0 <= c[key] <= 10**6):   # a playtest always writes one
                return f"{at}.{key}: not a number of {key.split('_')[0]}"
        rates = c.get("win_rates", [])
        if not isinstance(rates, list) or not all(_number(r) for r in rates):
            return f"{at}.win_rates: not a list of shares"
    if report.get("verdict", "pass") not in ("pass", "reject"):
        return "verdict: neither pass nor reject"
    for key in ("reasons", "warnings"):
        items = report.get(key, [])
        if not isinstance(items, list) or not all(
                isinstance(r, dict) and isinstance(r.get("message", ""), str)
                and (r.get("players") is None or _whole(r.get("players"), 2, 8)) for r in items):
            return f"{key}: not a list of reasons (each a message and a player count)"
    tier2 = report.get("tier2")
    if tier2 is not None:
        if not isinstance(tier2, list):
            return "tier2: not a list of player counts"
        for i, t in enumerate(tier2):
            if not isinstance(t, dict) or not _whole(t.get("players", 4), 2, 8):
                return f"tier2[{i}]: not the figures of a player count"
            for key in ("inert", "dominance"):
                if not isinstance(t.get(key) or {}, dict) or not all(
                        isinstance(v, dict) or v is None for v in (t.get(key) or {}).values()):
                    return f"tier2[{i}].{key}: not a table of figures"
    variations = report.get("variations", [])
    if not isinstance(variations, list) or not all(isinstance(v, str) for v in variations):
        return "variations: not a list of sentences"
    typical = report.get("typical")
    if typical is not None and not (isinstance(typical, dict) and _whole(typical.get("players"), 2, 8)
                                    and isinstance(typical.get("totals", []), list)
                                    and all(isinstance(row, list) and all(_number(x) for x in row)
                                            for row in typical.get("totals", []))):
        return "typical: not a typical game (players and totals)"
    return None


def middle_count(summary: dict[str, Any]) -> dict[str, Any] | None:
    """The per-count figures of the middle player count (4 for a game for 3 to 5)."""
    counts = [c for c in summary.get("counts", []) if isinstance(c, dict)]
    if not counts:
        return None
    return counts[len(counts) // 2]


def length_text(summary: dict[str, Any] | None) -> str | None:
    """"about 7 hands (33 min) with 4 players, over 100 simulated games"."""
    if not summary:
        return None
    c = middle_count(summary)
    if not c or not c.get("hands_median"):
        return None
    hands = round(c["hands_median"])
    text = f"about {hands} hand{'s' if hands != 1 else ''}"
    minutes = c.get("minutes_median")
    if minutes:
        text += f" ({max(1, round(minutes))} min)"
    text += f" with {c['players']} players, from {c.get('games', '?')} simulated games"
    return text


def text_summary(summary: dict[str, Any] | None) -> dict[str, Any] | None:
    """The ``summary`` argument of ``render_markdown``: typical hands, minutes and games at the middle
    player count, and Tier 2's Order there (with the strong bot's win rate) when it was measured."""
    if not summary:
        return None
    c = middle_count(summary)
    if not c:
        return None
    from ..text.strategy import strategy_note

    out = {"hands": c.get("hands_median"), "minutes": c.get("minutes_median"), "games": c.get("games"),
           "players": c.get("players"),
           # the strategy note and Variations, from a report that has them (Tier 2; siblings that passed)
           "strategy": strategy_note(summary), "variations": list(summary.get("variations") or [])}
    tier2 = [t for t in summary.get("tier2") or [] if isinstance(t, dict) and (t.get("order") or {}).get("n")]
    if tier2:
        t = next((t for t in tier2 if t.get("players") == c.get("players")), tier2[len(tier2) // 2])
        out["players"] = t.get("players")
        out["order"] = t["order"].get("value")
        out["strong_wins"] = (t.get("strong_vs_random") or {}).get("value")
    return out


def quick_reference(spec: GameSpec, summary: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    """The quick reference (``text.quickref``), with the typical length from a playtest summary."""
    rows = quick_reference_rows(spec)
    length = length_text(summary)
    if length:
        rows.append(("Length", length))
    return rows


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def playtest_rows(summary: dict[str, Any]) -> list[dict[str, str]]:
    """One row per player count for the figures table."""
    rows = []
    for c in summary.get("counts", []):
        games = c.get("games", 0) or 0
        completed = c.get("completed", 0)
        rates = c.get("win_rates") or []
        # two seats' shares, not an interval: "22%–30%" read as one
        spread = f"lowest {_pct(min(rates))}, highest {_pct(max(rates))}" if rates else "—"
        rows.append({
            "players": str(c.get("players", "?")),
            "games": str(games),
            "completed": f"{completed}" if completed == games else f"{completed} of {games}",
            "hands": f"{c.get('hands_median', 0):g}",
            "minutes": f"{round(c.get('minutes_median', 0))}",
            "shared": str(c.get("draws", 0)),
            "seats": spread,
        })
    return rows


def verdict_text(summary: dict[str, Any]) -> tuple[str, list[str], list[str]]:
    """("pass"/"reject", reason sentences, warning sentences), in words: the reason codes and replay
    seeds are for the book's appendix, not for the reader of the rules."""
    def sentence(r: dict[str, Any]) -> str:
        return f"{r.get('message', '')} with {r.get('players')} players"

    return (summary.get("verdict", "pass"),
            [sentence(r) for r in summary.get("reasons", [])],
            [sentence(w) for w in summary.get("warnings", [])])
