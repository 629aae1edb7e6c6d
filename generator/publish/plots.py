"""Playtest plots, as deterministic SVG to embed as a data: URI.

One figure per game, one row of up to three panels: wins by seat with 95% intervals (at the middle
player count), the spread of game length at each player count (left out for a game of fixed
length: the caption says it), and the running totals of a typical game; ``caption`` names exactly
what was drawn. No text is smaller than ``MIN_PT`` at the size the book prints the figure. The SVG is written directly
(``svgchart``), its text as real text in the family the stylesheet loads ("Parlour Pagella"), so
WeasyPrint sets it with the same embedded font as the rules: searchable, and measured with that
face's widths when it is placed. A browser shows an SVG image without the page's fonts, so the
SVG names Palatino-like faces and ``serif`` after it. The same data give the same bytes.
"""

from __future__ import annotations

import base64
import math
from typing import Any

from .svgchart import CAP, MIDDLE, Axes, Chart, nice_ticks, number, text_width

INK = "#222222"
PALETTE = ("#1f4e79", "#a23b2a", "#3d7a3a", "#b8860b", "#6a4c93", "#2a8c8c", "#8c5a2a", "#555555")

SVG_FAMILY = "'Parlour Pagella', 'TeX Gyre Pagella', 'Palatino Linotype', Palatino, serif"

#: The smallest type in a plot, in points at the size the figure is drawn (and printed: the book
#: sets it at its own width on A5, and larger on A4). Eight points is the least a reader reads.
MIN_PT = 8.0

#: The typical game's seats, in colours apart from the player counts' (PALETTE), so that one
#: colour never means two things in one figure.
SEATS = ("#000000", "#c26a00", "#0b7a75", "#b2378a", "#7a7a7a", "#5c8a00", "#3355aa", "#aa3333")


def length_quantiles(summary: dict[str, Any]) -> list[tuple[int, list[float]]]:
    """(players, [10%, 25%, 50%, 75%, 90%] of the hands a game lasts) at each player count: from the
    report's own quantiles, or from the distribution a full playtest collects."""
    out: list[tuple[int, list[float]]] = []
    for c in summary.get("counts", []):
        hands = (((c.get("metrics") or {}).get("length") or {}).get("hands")) or []
        if len(hands) == 5:
            out.append((c.get("players"), [float(h) for h in hands]))
    if out:
        return out
    for entry in summary.get("lengths", []):
        pairs = sorted(entry.get("hands") or [])
        total = sum(n for _, n in pairs)
        if not total:
            continue
        qs = []
        for q in (0.1, 0.25, 0.5, 0.75, 0.9):
            seen = 0
            for h, n in pairs:
                seen += n
                if seen >= q * total:
                    qs.append(float(h))
                    break
        out.append((entry.get("players"), qs))
    return out


def fixed_length(quantiles: list[tuple[int, list[float]]]) -> dict[int, int] | None:
    """{players: hands} when every game at each count lasts the same number of hands (no spread to plot)."""
    if quantiles and all(qs[0] == qs[-1] for _, qs in quantiles):
        return {n: round(qs[2]) for n, qs in quantiles}
    return None


def seat_count(counts: list[dict[str, Any]]) -> dict[str, Any]:
    """The player count whose wins by seat the figure draws: the middle one, as the rules' figures
    use (every count's seat spread is in the table beside it). Drawn for every count at once, the
    panel was four colours of overlapping bars a reader could not tell apart."""
    return counts[len(counts) // 2]


def _wins(chart: Chart, ax: Axes, counts: list[dict[str, Any]], colours: dict[int, str]) -> None:
    """Each seat's share of wins at the player counts given, with its 95% interval, and the even
    share (dotted)."""
    # each count's (rates, intervals), read once: a count without intervals has points alone
    series = [(c.get("win_rates") or [], c.get("win_intervals") or [(r, r) for r in c.get("win_rates") or []])
              for c in counts]
    k = len(series)
    seats = max((len(rates) for rates, _ in series), default=1)
    top = max([0.0] + [v for rates, ivs in series for v in [*rates, *(iv[1] for iv in ivs)]])
    ax.xlim = (0.5, seats + 0.5)
    ax.ylim = (0.0, min(1.0, top * 1.1 + 0.02))
    for i, (rates, ivs) in enumerate(series):
        n = len(rates)
        colour = colours.get(counts[i].get("players"), PALETTE[i % len(PALETTE)])
        if n:
            chart.line(ax.x(0.6), ax.y(1 / n), ax.x(min(n + 0.4, seats + 0.5)), ax.y(1 / n), colour, 0.6,
                       dash=(0.9, 0.9))
        off = (i - (k - 1) / 2) * (0.6 / max(1, k))
        for s, (rate, iv) in enumerate(zip(rates, ivs)):
            x = ax.x(s + 1 + off)
            chart.line(x, ax.y(min(iv[1], ax.ylim[1])), x, ax.y(max(iv[0], 0.0)), colour, 0.8)
            chart.dot(x, ax.y(rate), 1.7, colour)
    yticks = nice_ticks(*ax.ylim, 3)
    chart.axes(ax, range(1, seats + 1), [str(s) for s in range(1, seats + 1)], yticks,
               [number(t * 100, [u * 100 for u in yticks]) + "%" for t in yticks], "Wins by seat",
               "seat (1 deals first)")   # the count it is drawn for: the caption's, and its colour the legend's


def _lengths(chart: Chart, ax: Axes, quantiles: list[tuple[int, list[float]]], colours: dict[int, str]) -> None:
    """A box for each player count: the middle half of the games, whiskers from 10% to 90%, the median."""
    lo = min(qs[0] for _, qs in quantiles)
    hi = max(qs[-1] for _, qs in quantiles)
    pad = max(0.5, 0.08 * (hi - lo))
    ax.xlim = (-0.6, len(quantiles) - 0.4)
    ax.ylim = (max(0.0, lo - pad), hi + pad)
    for i, (n, (q10, q25, q50, q75, q90)) in enumerate(quantiles):
        colour = colours.get(n, INK)
        x, x0, x1 = ax.x(i), ax.x(i - 0.28), ax.x(i + 0.28)
        chart.line(x, ax.y(q10), x, ax.y(q25), colour, 0.8)
        chart.line(x, ax.y(q75), x, ax.y(q90), colour, 0.8)
        chart.rect(x0, ax.y(q75), x1 - x0, max(ax.y(q25) - ax.y(q75), 0.3), colour, 0.8)
        chart.line(x0, ax.y(q50), x1, ax.y(q50), colour, 1.6)
    yticks = nice_ticks(*ax.ylim, 4, integer=True)
    chart.axes(ax, range(len(quantiles)), [str(n) for n, _ in quantiles], yticks,
               [number(t, yticks) for t in yticks], "Game length", "players", "hands")


def _typical(chart: Chart, ax: Axes, typical: dict[str, Any], goal: int | None) -> None:
    """The running totals of one game, a line a seat, the target dashed, and a legend of the seats."""
    totals = typical.get("totals") or []
    seats = len(totals[0]) if totals else 0
    values = [0.0] + [float(v) for t in totals for v in t] + ([float(goal)] if goal is not None else [])
    lo, hi = min(values), max(values)
    if hi == lo:
        lo, hi = lo - 1, hi + 1
    margin = 0.05 * (hi - lo)
    ax.xlim = (0.0, float(max(1, len(totals))))
    ax.ylim = (lo - margin, hi + margin)
    chart.line(ax.left, ax.y(0), ax.right, ax.y(0), "#999999", 0.4)
    if goal is not None:
        chart.line(ax.left, ax.y(goal), ax.right, ax.y(goal), INK, 0.6, dash=(2.4, 1.2))
    for p in range(seats):
        ys = [0] + [t[p] for t in totals]
        chart.polyline([(ax.x(i), ax.y(v)) for i, v in enumerate(ys)], SEATS[p % len(SEATS)], 0.9)
    xticks = nice_ticks(*ax.xlim, 4, integer=True)
    yticks = nice_ticks(*ax.ylim, 4, integer=True)   # scores are whole points: no 0.25 on the axis
    chart.axes(ax, xticks, [number(t, xticks) for t in xticks], yticks, [number(t, yticks) for t in yticks],
               f"A game for {typical.get('players')}", "after hand", "score")
    # the seats' legend, beside the panel's top right corner
    size = chart.size
    x = ax.right + 3
    y = ax.top + CAP * size
    chart.text(x, y, "seat")
    for p in range(seats):
        y += size * 1.15
        chart.line(x, y - MIDDLE * size, x + 0.9 * size, y - MIDDLE * size, SEATS[p % len(SEATS)], 0.9)
        chart.text(x + 1.2 * size, y, str(p + 1))

def panels(summary: dict[str, Any] | None) -> dict[str, Any]:
    """What a playtest's figure shows: ``counts`` (wins by seat), ``lengths`` (quantiles; None for a
    game of fixed length, whose length the caption gives instead), ``fixed`` and ``typical``."""
    if not summary:
        return {"counts": [], "lengths": None, "fixed": None, "typical": None}
    quantiles = length_quantiles(summary)
    fixed = fixed_length(quantiles)
    return {
        "counts": [c for c in summary.get("counts", []) if c.get("win_rates")],
        "lengths": quantiles if quantiles and fixed is None else None,
        "fixed": fixed,
        # a game of one hand draws no course of the scores: one step from zero says nothing the
        # table of figures does not
        "typical": summary.get("typical") if len((summary.get("typical") or {}).get("totals") or []) > 1 else None,
    }


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def caption(summary: dict[str, Any] | None, goal: int | None = None) -> str | None:
    """The caption of the figure ``playtest_svg`` draws: only what is drawn, named as it is drawn."""
    p = panels(summary)
    if not (p["counts"] or p["lengths"] or p["typical"]):
        return None
    parts = []
    if p["counts"]:
        parts.append(f"wins by seat with {seat_count(p['counts']).get('players')} players (95% intervals; dotted: an even share)")
    if p["lengths"]:
        parts.append("hands in a game (box: the middle half of the games; whiskers: 10% to 90%)")
    if p["typical"]:
        dashed = ""
        if goal is not None:
            dashed = f"; dashed: {'the target' if goal > 0 else 'the score that ends the game'}"
        parts.append(f"the scores of one typical game for {p['typical'].get('players')}{dashed}")
    text = _join(parts)
    text = text[0].upper() + text[1:]
    fixed = p["fixed"]
    if fixed:
        hands = sorted(set(fixed.values()))
        if len(hands) == 1:
            text += f". Every game lasts {hands[0]} hand{'s' if hands[0] != 1 else ''}"
        else:
            text += ". A game always lasts " + _join([f"{h} hands with {n} players" for n, h in sorted(fixed.items())])
    played = sorted({c.get("games", 0) for c in summary.get("counts", [])})
    if played:
        games = f"{played[0]}" if len(played) == 1 else f"{played[0]} to {played[-1]}"
        text += f"; from {games} simulated games per player count"
    return text + "."


def playtest_svg(summary: dict[str, Any] | None, goal: int | None = None, width_in: float = 4.6) -> str | None:
    """The SVG figure of a playtest summary, or None when it has nothing to plot.

    ``goal`` draws the target (or the negative threshold) on the typical game's panel.
    """
    p = panels(summary)
    if not (p["counts"] or p["lengths"] or p["typical"]):
        return None
    return _figure(p, goal, width_in)


#: The panels' widths, relative to one another, and the gap between two panels as a share of a
#: panel's mean width.
WIDTHS = {"wins": 1.0, "lengths": 0.8, "typical": 1.25}
GAP = 0.5


def _figure(p: dict[str, Any], goal: int | None, width_in: float) -> str:
    """One row of panels: wins by seat, game length, a typical game (those there is data for), and
    under them one legend of the player counts' colours, which the first two panels share."""
    counts, lengths, typical = p["counts"], p["lengths"], p["typical"]
    kinds = [k for k, there in (("wins", counts), ("lengths", lengths), ("typical", typical)) if there]
    colours = {c.get("players"): PALETTE[i % len(PALETTE)] for i, c in enumerate(counts)}
    legend = len(counts) > 1
    width, height = width_in * 72, (2.15 if legend else 1.9) * 72
    chart = Chart(width, height, SVG_FAMILY, INK)
    left, right = 0.09 * width, (0.9 if typical else 0.99) * width
    top, bottom = 0.26 * 72, height - (0.62 if legend else 0.36) * 72
    ratios = [WIDTHS[k] for k in kinds]
    mean = (right - left) / (len(kinds) + GAP * (len(kinds) - 1))
    x = left
    for kind, ratio in zip(kinds, ratios):
        w = ratio / sum(ratios) * len(kinds) * mean
        ax = Axes(x, top, w, bottom - top)
        if kind == "wins":
            _wins(chart, ax, [seat_count(counts)], colours)
        elif kind == "lengths":
            _lengths(chart, ax, lengths, colours)
        else:
            _typical(chart, ax, typical, goal)
        x += w + GAP * mean
    if legend:
        _count_legend(chart, counts)
    return chart.svg()


def _count_legend(chart: Chart, counts: list[dict[str, Any]]) -> None:
    """The player counts' colours, under the panels: four to a row."""
    size = chart.size
    per_row = min(len(counts), 4)
    rows = math.ceil(len(counts) / per_row)
    y = chart.height - 3 - (rows - 1) * size * 1.25
    x0 = 0.02 * chart.width + 2
    x = x0
    for i, c in enumerate(counts):
        if i and i % per_row == 0:
            x, y = x0, y + size * 1.25
        label = f"{c.get('players')} players"
        chart.dot(x + 0.5 * size, y - MIDDLE * size, 1.7, PALETTE[i % len(PALETTE)])
        chart.text(x + 1.2 * size, y, label)
        x += 1.2 * size + text_width(label, size) + size

def data_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
