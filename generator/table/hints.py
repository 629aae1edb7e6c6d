"""A hint: what the greedy and the strong bot would play in the person's seat, and briefly why.
Both see only what the seat sees (an ``Observation``); the strong bot searches with the seating's
budget. Each hint's bots are seeded from the game's seed and the move, so a hint asked twice is
the same hint."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..bots import bot_seed, make_bot
from .moves import Move, numbered


@dataclass(frozen=True)
class Advice:
    bot: str
    move: Move
    why: str

    def as_dict(self) -> dict[str, Any]:
        return {"bot": self.bot, "number": self.move.number, "words": self.move.words, "why": self.why}


def _greedy_why(obs: Any) -> str:
    if obs.card_play:
        return "it plays for the moment, for what this move wins or sheds, without looking further ahead"
    return "it counts the cards in its hand and takes the plain choice they favour"


def _strong_why(bot: Any, choices: int) -> str:
    if bot.solved:
        return "it played out the last cards every way, on hands dealt as the unseen cards may lie"
    if bot.rollouts_played:
        return (f"it dealt the cards you cannot see at random and played the hand out "
                f"{bot.rollouts_played} times, comparing {choices} moves, and kept the best on average")
    return "no other move is worth weighing"


def advise(state: Any, seat: int, seed: int, rollouts: int, max_rollouts: int) -> list[Advice]:
    """The greedy and the strong bot's moves for ``seat`` (the seat to play) in ``state``."""
    moves = numbered(state)
    by_action = {m.action: m for m in moves}
    obs = state.observation(seat)
    salt = bot_seed(seed, state.record.moves + 1009 * (seat + 1))
    greedy = make_bot("greedy", salt)
    strong = make_bot("strong", salt + 1, rollouts=rollouts, max_rollouts=max_rollouts)
    out = [Advice("greedy", by_action[greedy.act(obs)], _greedy_why(obs))]
    out.append(Advice("strong", by_action[strong.act(obs)], _strong_why(strong, len(moves))))
    return out
