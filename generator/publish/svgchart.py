"""A small SVG chart writer for the playtest figure: panels with two axes (left and bottom), nice
ticks, titles, labels, points, lines, boxes and legends, written straight as SVG elements.

Why not matplotlib: the figure is three simple panels, and matplotlib spent about 0.16 s of CPU a
figure building artists it then threw away (axes, tick objects, text layout), a sixth of a
100-game book's time; this writes the same kind of picture in about a millisecond, with a tenth
of the elements for WeasyPrint to paint. Text is measured with the book's face (the advance widths
of TeX Gyre Pagella, read once with fontTools) so that labels and legends are placed as they print.

Units are points: the SVG's ``viewBox`` is the figure's size in points, so a ``font-size`` of 8
prints at 8 pt when the figure is set at its own width.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence
from xml.sax.saxutils import escape

from .fonts import FONT_FILES

#: The minus sign of tick labels (a hyphen is too short beside figures).
MINUS = "\u2212"

#: Where text sits on its baseline, as a share of its size: the middle of a figure's height (to
#: centre a label on a tick) and the height of a capital (to hang a label under a line).
MIDDLE, CAP = 0.34, 0.70


@lru_cache(maxsize=1)
def _advances() -> tuple[dict[int, float], float]:
    """Each character's advance width in ems, and the width of a character the face lacks."""
    from fontTools.ttLib import TTFont

    font = TTFont(str(FONT_FILES[("normal", "normal")]), lazy=True)
    em = font["head"].unitsPerEm
    hmtx = font["hmtx"]
    widths = {code: hmtx[glyph][0] / em for code, glyph in font.getBestCmap().items()}
    return widths, widths.get(ord("n"), 0.5)


def text_width(text: str, size: float) -> float:
    """The width of ``text`` set in the book's face at ``size`` points (no kerning)."""
    widths, fallback = _advances()
    return sum(widths.get(ord(c), fallback) for c in text) * size


def _ticks_between(lo: float, hi: float, step: float) -> tuple[int, int]:
    """The first and last multiple of ``step`` (as multipliers) inside [lo, hi]. The ends are
    widened by a part in a million million of the numbers at hand, enough to absorb the rounding of
    ``lo / step`` (0.3 / 0.1 is 2.9999999999999996) and never enough to admit a value that lies
    outside by more than that (a slack counted in steps let 0 in below a lower end of 1e-6 with a
    step of 2000)."""
    slack = 1e-12 * max(abs(lo), abs(hi), step)
    return math.ceil((lo - slack) / step), math.floor((hi + slack) / step)


def nice_ticks(lo: float, hi: float, bins: int, integer: bool = False) -> list[float]:
    """At most ``bins`` + 1 round values covering [lo, hi]: steps of 1, 2, 2.5 or 5 times a power of
    ten (whole steps only with ``integer``), the smallest step that needs no more than ``bins``
    intervals; only the values inside [lo, hi] are returned."""
    if hi <= lo:
        return [lo]
    raw = (hi - lo) / bins
    power = 10.0 ** math.floor(math.log10(raw))
    step = None
    for scale in (1, 10):
        for m in (1, 2, 2.5, 5):
            s = m * power * scale
            if integer and (s < 1 or s != int(s)):
                continue
            first, last = _ticks_between(lo, hi, s)
            if last - first <= bins:
                step = s
                break
        if step is not None:
            break
    step = step or max(1.0, raw)
    first, last = _ticks_between(lo, hi, step)
    return [round(k * step, 10) for k in range(first, last + 1)]


def number(value: float, ticks: Sequence[float]) -> str:
    """A tick label: as few decimals as the ticks need, a true minus sign."""
    decimals = 0
    while decimals < 4 and any(abs(round(t, decimals) - t) > 1e-9 for t in ticks):
        decimals += 1
    text = f"{value:.{decimals}f}"
    if text.startswith("-"):
        text = MINUS + text[1:] if float(text) != 0 else text[1:]
    return text


def fmt(x: float) -> str:
    """A coordinate, short and the same on every machine."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


@dataclass
class Axes:
    """One panel: a box in the figure (points, y down) and the data ranges mapped onto it."""

    left: float
    top: float
    width: float
    height: float
    xlim: tuple[float, float] = (0.0, 1.0)
    ylim: tuple[float, float] = (0.0, 1.0)

    def x(self, value: float) -> float:
        a, b = self.xlim
        return self.left + (value - a) / (b - a) * self.width

    def y(self, value: float) -> float:
        a, b = self.ylim
        return self.top + self.height - (value - a) / (b - a) * self.height

    @property
    def bottom(self) -> float:
        return self.top + self.height

    @property
    def right(self) -> float:
        return self.left + self.width


@dataclass
class Chart:
    """An SVG figure being written: elements in drawing order."""

    width: float
    height: float
    family: str
    ink: str
    size: float = 8.0
    elements: list[str] = field(default_factory=list)

    # -- drawing ----------------------------------------------------------------------------

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float,
             dash: tuple[float, float] | None = None) -> None:
        extra = f' stroke-dasharray="{fmt(dash[0])} {fmt(dash[1])}"' if dash else ""
        self.elements.append(f'<line x1="{fmt(x1)}" y1="{fmt(y1)}" x2="{fmt(x2)}" y2="{fmt(y2)}" '
                             f'stroke="{colour}" stroke-width="{fmt(width)}"{extra}/>')

    def polyline(self, points: Sequence[tuple[float, float]], colour: str, width: float) -> None:
        pts = " ".join(f"{fmt(x)},{fmt(y)}" for x, y in points)
        self.elements.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" '
                             f'stroke-width="{fmt(width)}" stroke-linejoin="round"/>')

    def rect(self, x: float, y: float, w: float, h: float, colour: str, width: float) -> None:
        self.elements.append(f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" '
                             f'fill="none" stroke="{colour}" stroke-width="{fmt(width)}"/>')

    def dot(self, x: float, y: float, r: float, colour: str) -> None:
        self.elements.append(f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r)}" fill="{colour}"/>')

    def text(self, x: float, y: float, text: str, size: float | None = None, anchor: str = "start",
             rotate: bool = False, colour: str | None = None) -> None:
        size = size or self.size
        attrs = f'x="{fmt(x)}" y="{fmt(y)}" font-size="{fmt(size)}"'
        if anchor != "start":
            attrs += f' text-anchor="{anchor}"'
        if rotate:
            attrs += f' transform="rotate(-90 {fmt(x)} {fmt(y)})"'
        if colour:
            attrs += f' fill="{colour}"'
        self.elements.append(f"<text {attrs}>{escape(text)}</text>")

    # -- axes -------------------------------------------------------------------------------

    def axes(self, ax: Axes, xticks: Sequence[float], xlabels: Sequence[str], yticks: Sequence[float],
             ylabels: Sequence[str], title: str, xlabel: str, ylabel: str | None = None,
             ylabel_pad: float = 1.0) -> None:
        """The left and bottom spines, ticks outward with their labels, the axis labels and the
        title (as matplotlib lays them: ticks 2.5 pt, labels 3.5 pt from them, axis labels 4 pt
        beyond, the title 4 pt above)."""
        ink, size = self.ink, self.size
        tick, pad = 2.5, 3.5
        self.line(ax.left, ax.top, ax.left, ax.bottom, ink, 0.6)
        self.line(ax.left, ax.bottom, ax.right, ax.bottom, ink, 0.6)
        for value, label in zip(xticks, xlabels):
            x = ax.x(value)
            self.line(x, ax.bottom, x, ax.bottom + tick, ink, 0.5)
            self.text(x, ax.bottom + tick + pad + CAP * size, label, anchor="middle")
        widest = 0.0
        for value, label in zip(yticks, ylabels):
            y = ax.y(value)
            self.line(ax.left - tick, y, ax.left, y, ink, 0.5)
            self.text(ax.left - tick - pad, y + MIDDLE * size, label, anchor="end")
            widest = max(widest, text_width(label, size))
        self.text((ax.left + ax.right) / 2, ax.bottom + tick + pad + size + 4 + CAP * size, xlabel,
                  anchor="middle")
        if ylabel:
            x = ax.left - tick - pad - widest - ylabel_pad - (1 - CAP) * size
            self.text(x, (ax.top + ax.bottom) / 2, ylabel, anchor="middle", rotate=True)
        self.text((ax.left + ax.right) / 2, ax.top - 4, title, size=size + 1, anchor="middle")

    def svg(self) -> str:
        w, h = fmt(self.width), fmt(self.height)
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}pt" height="{h}pt" '
                f'viewBox="0 0 {w} {h}" version="1.1" font-family="{escape(self.family, {chr(34): "&quot;"})}" '
                f'fill="{self.ink}" stroke-linecap="butt">')
        return ('<?xml version="1.0" encoding="utf-8" standalone="no"?>\n' + head + "\n"
                + "\n".join(self.elements) + "\n</svg>\n")
