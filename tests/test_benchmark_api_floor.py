"""The bot API's floor (``benchmarks/api_floor.py``) times ``run_api``'s own loop over a stand-in
state; the floor means something only if that loop makes the moves the engine's hand makes: as
many a hand, as many forced, and every unforced one asked of a random bot."""

from __future__ import annotations

import pytest

from generator.bots import RandomBot
from generator.engine import Game
from generator.spec import load_spec
from tests.family_helpers import ROOT, load_benchmark


@pytest.fixture(scope="module")
def floor(request):
    return load_benchmark(request, "api_floor")


def test_the_stand_in_plays_the_hands_moves(floor, monkeypatch):
    asked = []
    act = RandomBot.act

    def counted(self, obs):
        asked.append(obs)
        return act(self, obs)

    monkeypatch.setattr(RandomBot, "act", counted)
    floor.driver_alone(2, 48, 0.25)(hands=3, seed=1)
    assert len(asked) == 3 * 36   # 12 of each hand's 48 moves forced: applied without the bot


def test_moves_a_hand_are_the_engines(floor):
    game = Game(load_spec(ROOT / "corpus" / "real" / "xeri.yaml"))
    per_hand, forced = floor.moves_a_hand(game, 2, hands=20)
    assert per_hand == 48   # Xeri: 52 cards, four on the table, 48 played a hand
    assert 0 < forced < 0.5


def test_the_table_has_a_row_a_game(floor, capsys, monkeypatch):
    monkeypatch.setattr("sys.argv", ["api_floor.py", "--rounds", "1", "--hands", "5", "--only", "xeri,whist"])
    assert floor.main() == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ") and "µs" in line]
    assert [r.split(" | ")[0] for r in rows] == ["| Xeri (fishing, two players)", "| Whist (trick-taking)"]
