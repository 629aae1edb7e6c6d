"""Playing whole games with bots."""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from .observation import Observation
from .record import GameRecord
from .state import Game

BotFactory = Callable[[int, int], "Bot"]   # (seat, seed) -> bot


class Bot:  # protocol: anything with .act(observation) -> action
    def act(self, obs: Observation) -> int:  # pragma: no cover - interface
        raise NotImplementedError


def play_game(game: Game, players: int, seed: int, bots: Sequence[Bot]) -> GameRecord:
    """Play one complete game; each bot sees only its own observation."""
    state = game.new_initial_state(players, seed)
    obs = [state.observation(p) for p in range(players)]
    while not state.terminal:
        legal = state.legal_actions()
        if len(legal) == 1:   # a forced move needs no bot
            state.apply_action(legal[0])
        else:
            p = state.current
            state.apply_action(bots[p].act(obs[p]))
    return state.record


def play_games(game: Game, players: int, seeds: Iterable[int], make_bot: BotFactory) -> list[GameRecord]:
    return [play_game(game, players, s, [make_bot(p, s) for p in range(players)]) for s in seeds]
