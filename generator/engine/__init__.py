"""The engine: a spec compiled once into a ``Game``; ``State`` objects play it move by move.

``state.py`` sequences the phases of a hand (``phase.py``); ``steps/`` holds the phases that come
before card play, one per file; each family has its own package (``tricks/``) with its play phase,
its rules and its scorer, named by its ``EngineFamily`` (``family.py``). ``places.py`` declares
where cards lie and audits them; ``record.py`` is what a game leaves behind; ``observation.py``
is all a bot may see.
"""

from .observation import Observation
from .play import play_game, play_games
from .record import GameRecord, HandRecord
from .state import Game, IllegalAction, State

__all__ = ["Game", "GameRecord", "HandRecord", "IllegalAction", "Observation", "State", "play_game", "play_games"]
