"""The engine: a spec compiled once into a ``Game``; ``State`` objects play it move by move."""

from .play import play_game, play_games
from .state import (ANTI, CALL, CONTRIBUTE, OVER, KEEP_HAND, PLAY, SHOW_HAND, SUIT_ACTION, Game, GameRecord,
                    HandRecord, IllegalAction, Observation, State)

__all__ = ["ANTI", "CALL", "CONTRIBUTE", "OVER", "KEEP_HAND", "PLAY", "SHOW_HAND", "SUIT_ACTION", "Game",
           "GameRecord", "HandRecord", "IllegalAction", "Observation", "State", "play_game", "play_games"]
