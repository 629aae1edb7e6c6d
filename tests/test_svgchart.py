"""The playtest figure's SVG writer (``publish.svgchart``) and the figure it draws (``publish.plots``):
ticks a reader can read, and nothing drawn outside the figure."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import math

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from generator.publish.plots import playtest_svg
from generator.publish.svgchart import MINUS, nice_ticks, number, text_width
from tests.conftest import budget

REAL = Path(__file__).resolve().parents[1] / "corpus" / "real"
NS = "{http://www.w3.org/2000/svg}"


@settings(max_examples=budget(400), deadline=None)
@given(st.floats(-1e4, 1e4), st.floats(1e-3, 1e4), st.integers(2, 6), st.booleans())
@example(1.18e-6, 4000.0, 2, False)   # a slack counted in steps once let 0 in below the range
def test_ticks_are_round_evenly_spaced_and_inside_the_range(lo, span, bins, integer):
    hi = lo + span
    if integer:   # whole ticks need a whole number inside the range (an axis of counts always has one)
        assume(math.floor(hi) >= math.ceil(lo))
    ticks = nice_ticks(lo, hi, bins, integer)
    assert ticks and len(ticks) <= bins + 1
    # the finest round step that fits: the next finer one would need more than ``bins`` intervals
    if len(ticks) >= 2:
        step = ticks[1] - ticks[0]
        finer = [m * 10 ** math.floor(math.log10(step)) for m in (1, 2, 2.5, 5, 10)]
        finer = [f for f in finer if f < step - 1e-9 and (not integer or f == int(f) and f >= 1)]
        if finer:
            f = max(finer)
            slack = 1e-12 * max(abs(lo), abs(hi), f)   # the ends widened for rounding, no more
            assert math.floor((hi + slack) / f) - math.ceil((lo - slack) / f) > bins
    assert all(lo - 1e-6 <= t <= hi + 1e-6 for t in ticks)
    steps = {round(b - a, 6) for a, b in zip(ticks, ticks[1:])}
    assert len(steps) <= 1
    if steps:
        step = steps.pop()
        mantissa = step / 10 ** math.floor(math.log10(step))
        assert round(mantissa, 6) in (1, 2, 2.5, 5, 10)
        if integer:
            assert step == int(step) and all(t == int(t) for t in ticks)


def test_tick_labels_use_as_few_decimals_as_the_ticks_need_and_a_true_minus():
    assert [number(t, [0, 5, 10]) for t in (0, 5, 10)] == ["0", "5", "10"]
    assert [number(t, [-0.5, 0, 0.5]) for t in (-0.5, 0, 0.5)] == [f"{MINUS}0.5", "0.0", "0.5"]
    assert number(-150, [-150, 0]) == f"{MINUS}150"


def test_text_is_measured_with_the_book_face():
    assert text_width("", 8) == 0
    assert 0 < text_width("i", 8) < text_width("W", 8)
    assert abs(text_width("seat", 16) - 2 * text_width("seat", 8)) < 1e-9


def _text_boxes(svg: str):
    root = ET.fromstring(svg)
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    boxes = []
    for el in root.iter(f"{NS}text"):
        x, y, size = float(el.get("x")), float(el.get("y")), float(el.get("font-size"))
        w = text_width(el.text or "", size)
        anchor = el.get("text-anchor", "start")
        left = x - {"start": 0, "middle": w / 2, "end": w}[anchor]
        if el.get("transform"):   # rotated a quarter turn: the box stands up
            boxes.append((el.text, x - size, y - w / 2, x, y + w / 2))
        else:
            boxes.append((el.text, left, y - 0.75 * size, left + w, y + 0.25 * size))
    return width, height, boxes


def test_every_text_of_every_calibration_figure_lies_inside_the_figure():
    for path in sorted(REAL.glob("*.report.json")):
        report = json.loads(path.read_text(encoding="utf-8"))
        svg = playtest_svg({**report, "typical": {"players": 4, "seed": 1,
                                                  "totals": [[5, -20, 130, 7], [15, 0, 260, -3]]}}, goal=200)
        if svg is None:
            continue
        width, height, boxes = _text_boxes(svg)
        assert boxes
        for text, x0, y0, x1, y1 in boxes:
            assert -0.5 <= x0 and x1 <= width + 0.5 and -0.5 <= y0 and y1 <= height + 0.5, (path.name, text)
        # the legend of player counts: no two entries overlap
        legend = sorted((b for b in boxes if re.fullmatch(r"\d+ players", b[0] or "")), key=lambda b: (b[2], b[1]))
        for a, b in zip(legend, legend[1:]):
            assert a[2] != b[2] or a[3] <= b[1], (path.name, a[0], b[0])


@st.composite
def summaries(draw):
    """Playtest summaries from one to seven player counts, with lengths from fixed to very spread
    and a typical game of two to eight seats whose scores run to hundreds of thousands."""
    counts = []
    for n in sorted(draw(st.sets(st.integers(2, 8), min_size=1, max_size=7))):
        rates = draw(st.lists(st.floats(0.01, 1), min_size=n, max_size=n))
        rates = [r / sum(rates) for r in rates]
        low = draw(st.floats(1, 50))
        spread = draw(st.sampled_from([0.0, 1.0, 5.0, 30.0, 400.0]))
        hands = sorted(low + spread * draw(st.floats(0, 1)) for _ in range(5))
        counts.append({"players": n, "games": 100, "win_rates": rates,
                       "win_intervals": [(max(0.0, r - 0.1), min(1.0, r + 0.1)) for r in rates],
                       "metrics": {"length": {"hands": hands}}})
    seats = draw(st.integers(2, 8))
    scale = draw(st.sampled_from([1, 10, 1000, 100_000]))
    totals = draw(st.lists(st.lists(st.integers(-scale, scale), min_size=seats, max_size=seats),
                           min_size=1, max_size=60))
    goal = draw(st.sampled_from([None, scale, -scale]))
    return {"counts": counts, "typical": {"players": seats, "totals": totals}}, goal


@pytest.mark.slow
@settings(max_examples=budget(150), deadline=None)
@given(summaries())
def test_no_text_of_a_figure_leaves_it_or_covers_another(case):
    summary, goal = case
    width, height, boxes = _text_boxes(playtest_svg(summary, goal=goal))
    for text, x0, y0, x1, y1 in boxes:
        assert -0.5 <= x0 and x1 <= width + 0.5 and -0.5 <= y0 and y1 <= height + 0.5, text
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a[3] <= b[1] + 0.3 or b[3] <= a[1] + 0.3 or a[4] <= b[2] + 0.3 or b[4] <= a[2] + 0.3
            assert apart, (a[0], b[0])


def test_a_typical_game_panel_has_whole_point_ticks_and_none_for_a_one_hand_game():
    from generator.publish.plots import panels, playtest_svg

    summary = {"counts": [], "typical": {"players": 3, "totals": [[0, 1, 0], [1, 1, 0]]}}
    svg = playtest_svg(summary)
    labels = re.findall(r">([^<]{1,12})</text>", svg)
    assert labels[:labels.index("after hand")] == ["0", "1", "2", "0", "1"]   # hands 0–2, then the score axis: 0, 1
    one = {"counts": [], "typical": {"players": 3, "totals": [[0, 1, 0]]}}
    assert panels(one)["typical"] is None


def test_wins_by_seat_is_drawn_for_one_player_count_the_caption_names():
    """Four player counts' bars on one panel could not be told apart: the panel draws the middle
    count's seats (the table gives every count's spread), in that count's legend colour."""
    from generator.publish.plots import PALETTE, caption, playtest_svg

    summary = {"counts": [{"players": n, "games": 50, "win_rates": [1 / n] * n, "win_intervals": [(0.1, 0.5)] * n}
                          for n in (2, 3, 4, 5)]}
    svg = playtest_svg(summary)
    assert svg.count("<circle") == 4 + 4   # the four seats of four players, and the legend's four dots
    assert caption(summary).startswith("Wins by seat with 4 players (95% intervals")
    assert svg.count(PALETTE[2]) > svg.count(PALETTE[0])   # the seats drawn in the 4-player colour
