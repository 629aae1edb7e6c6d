"""The head-to-head benchmark's control line: the greedy bot in the strong bot's seat, on the same
deals, always at the most games allowed, counted as the strong bot's lines are."""

from __future__ import annotations

import pytest

from generator.playtest.runner import game_seed, play_one
from tests.family_helpers import load_benchmark


@pytest.fixture(scope="module")
def h2h(request):
    return load_benchmark(request, "head_to_head")


def test_the_control_line_is_greedy_self_play_at_the_most_games(h2h):
    line = h2h.Line("crazy-eights", 4, h2h.CONTROL)
    h2h.run([line], games=4, max_games=12, seed=3, workers=1, options={})
    assert line.games == 12 and line.errors == 0
    game = h2h._game("crazy-eights")
    wins = sum(play_one(game, 4, game_seed(3, 4, i), i, ["greedy"] * 4, bounds=None).winner == i % 4
               for i in range(12))
    assert line.wins == wins
    row = h2h.table([line]).splitlines()[-1]
    assert "control: greedy in its seat" in row and f"{wins} / 12" in row
