"""The numeric parameters that shorten a game, each a knob: when it applies, and the values it offers.

Each knob reads the playtest's estimates (``evidence``) and predicts, for every value it offers,
the median table time at each player count; the search (``length``) takes the first knob, in the
order of ``KNOBS``, whose value is predicted to fit. The order is the order of preference: a
nearer target keeps the game as drawn at every player count; smaller hands change how a hand
plays; dropping player counts takes the game away from some tables. Another knob is one more
class in the list.

The predictions are deliberately simple — a game's minutes scale with the hands it needs, and a
hand's decisions with the cards in it — because the mended game is played again: a prediction
only has to point the right way, and the search refines it once or twice from the new games."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..playtest.stats import median
from ..spec import GameSpec, Mend
from .evidence import CountEstimate, GameLength
from .fields import PLAYERS, players_value

#: The table time a mend aims for: well inside the warning line (40 minutes) and the rejection (60).
AIM_MINUTES = 30
#: A mend predicted to take longer than this at some player count is only a step towards one.
INSIDE_MINUTES = 45
#: A target is not lowered below what a typical game reaches in this many hands: under it the
#: target no longer makes a game of several hands, and smaller hands are the better mend.
MIN_HANDS = 2
#: Hands are not cut below this many cards: fewer leave no play to speak of.
MIN_HAND_SIZE = 3
#: A game keeps at least this many player counts when some are dropped.
MIN_COUNTS = 2
#: Endings whose number of hands follows the hand size: shrinking hands (one hand per size) and
#: countdown tokens (the hand size is the tokens each player starts with).
HANDS_FOLLOW_HAND_SIZE = frozenset({"shrinking", "tokens"})


@dataclass
class Candidate:
    """A change to try: the new values by field path, the mends recording them, and the median
    table time predicted at each player count the game keeps."""

    changes: dict[str, Any]
    mends: list[Mend]
    predicted: dict[int, float] = field(default_factory=dict)

    @property
    def worst(self) -> float:
        return max(self.predicted.values()) if self.predicted else math.inf

    @property
    def inside(self) -> bool:
        return self.worst <= INSIDE_MINUTES


class Knob(Protocol):
    name: str

    def applies(self, spec: GameSpec) -> bool: ...

    def candidates(self, spec: GameSpec, estimates: list[CountEstimate]) -> list[Candidate]: ...


def round_numbers(below: int) -> list[int]:
    """Values a person would choose for a target, largest first, all below ``below``: any number to
    twenty, then fives to fifty, tens to two hundred, fifties to a thousand, hundreds beyond."""
    ladder = [*range(1, 21), *range(25, 51, 5), *range(60, 201, 10), *range(250, 1001, 50), *range(1100, 10001, 100)]
    return sorted((v for v in ladder if v < below), reverse=True)


def _minutes(x: float) -> str:
    return f"{x:.0f} minute{'' if round(x) == 1 else 's'}"


def _worst(estimates: list[CountEstimate], predicted: dict[int, float]) -> CountEstimate:
    return max(estimates, key=lambda e: (predicted.get(e.players, 0), e.players))


# -- the target or threshold ---------------------------------------------------------------------

def _game_to(g: GameLength, points: int) -> tuple[float, int]:
    """A game's predicted minutes and hands to ``points``: its own minutes and progress a hand, and
    at least one hand. A game that made no progress keeps its length (it would not end sooner)."""
    if g.progress_per_hand <= 0:
        return g.minutes, g.hands
    hands = max(1, math.ceil(points / g.progress_per_hand))
    return hands * g.per_hand, hands


class TargetKnob:
    """The points that end the game: the target to reach, or the threshold of losses."""

    name = "ending.condition.points"
    words = {"target": ("to ", "points a hand to the leader"),
             "threshold": ("to −", "points a hand lost by the last placed")}

    def applies(self, spec: GameSpec) -> bool:
        return spec.ending.condition.kind in self.words

    def candidates(self, spec: GameSpec, estimates: list[CountEstimate]) -> list[Candidate]:
        cond = spec.ending.condition
        lowest: tuple[int, dict[int, float]] | None = None
        floor = one_hand_floor(estimates)
        for value in round_numbers(cond.points):
            if value <= floor:
                break         # one hand would reach it in most games: a one-hand game is no mend
            predicted, hands = {}, {}
            for e in estimates:
                runs = [_game_to(g, value) for g in e.games]
                predicted[e.players] = median([m for m, _ in runs])
                hands[e.players] = median([h for _, h in runs])
            if min(hands.values()) < MIN_HANDS:
                break         # lower still would end most games in a hand: not this knob's mend
            if max(predicted.values()) <= AIM_MINUTES:
                return [Candidate({self.name: value}, [self._mend(spec, estimates, value, predicted)], predicted)]
            lowest = (value, predicted)
        if lowest is None:
            return []
        # No value fits everywhere: the lowest sensible one is a step (the search may then drop counts).
        value, predicted = lowest
        return [Candidate({self.name: value}, [self._mend(spec, estimates, value, predicted)], predicted)]

    def _mend(self, spec: GameSpec, estimates: list[CountEstimate], value: int, predicted: dict[int, float]) -> Mend:
        cond = spec.ending.condition
        to, per = self.words[cond.kind]
        e = _worst(estimates, predicted)
        why = (f"a typical game {to}{cond.points} took about {_minutes(e.minutes)} with {e.players} players; "
               f"about {e.progress_per_hand:.3g} {per} and {e.minutes_per_hand:.1f} minutes a hand put "
               f"{value} near {_minutes(predicted[e.players])}")
        return Mend(field=self.name, draft=cond.points, mended=value, why=why)


def one_hand_floor(estimates: list[CountEstimate]) -> float:
    """The points one hand can bring: the upper quartile, over every game at every count, of the
    most progress a single hand brought. A target at or below it would end a quarter of the games
    or more in their first hand, so the target knob never goes there (docs/playtest-metrics.md)."""
    values = sorted(g.one_hand for e in estimates for g in e.games)
    if not values:
        return 0.0
    return values[min(len(values) - 1, (3 * len(values)) // 4)]


# -- the hand size --------------------------------------------------------------------------------

class HandSizeKnob:
    """The cards dealt to each player: smaller hands play faster, and where the number of hands
    follows the hand size (shrinking hands, countdown tokens) there are fewer of them.

    Where the game ends on a score, a smaller hand also scores less and the game needs more hands,
    so the target is the knob there — unless a single hand is already too long for a game of a few
    hands, which no target can fix: then the hands are cut first (predicted as if each still
    brought the same progress) and the target is mended from the new hands' estimates."""

    name = "deal.hand_size"

    def applies(self, spec: GameSpec) -> bool:
        return isinstance(spec.deal.hand_size, int) and spec.deal.hand_size > MIN_HAND_SIZE

    def candidates(self, spec: GameSpec, estimates: list[CountEstimate]) -> list[Candidate]:
        h = spec.deal.hand_size
        over = spec.deal.hand_size_over_three
        kind = spec.ending.condition.kind
        if kind in TargetKnob.words and all(e.minutes_per_hand * MIN_HANDS <= AIM_MINUTES for e in estimates):
            return []     # the hands are short enough: the target is the cause
        follows = kind in HANDS_FOLLOW_HAND_SIZE
        step: tuple[int, dict[int, float]] | None = None
        for size in range(h - 1, MIN_HAND_SIZE - 1, -1):
            scale = size / h
            predicted = {e.players: median([_game_scaled(g, scale, follows) for g in e.games]) for e in estimates}
            step = (size, predicted)
            if max(predicted.values()) <= AIM_MINUTES:
                break
        if step is None:
            return []
        size, predicted = step
        changes: dict[str, Any] = {self.name: size}
        e = _worst(estimates, predicted)
        why = (f"a typical game with {h}-card hands took about {_minutes(e.minutes)} with {e.players} players, "
               f"{e.minutes_per_hand:.1f} minutes a hand; {size} cards put it near {_minutes(predicted[e.players])}")
        mends = [Mend(field=self.name, draft=h, mended=size, why=why)]
        if over is not None:
            smaller = max(1, over - (h - size))
            changes["deal.hand_size_over_three"] = smaller
            mends.append(Mend(field="deal.hand_size_over_three", draft=over, mended=smaller,
                              why=f"cut by the same {h - size} cards as the hand size"))
        return [Candidate(changes, mends, predicted)]


def _game_scaled(g: GameLength, scale: float, hands_follow: bool) -> float:
    """A game's minutes with hands ``scale`` times as large: decisions scale with the cards, and
    where the hand count follows the hand size so do the hands."""
    hands = g.hands * scale if hands_follow else g.hands
    per_hand = (g.fixed + g.deciding * scale) / max(1, g.hands)
    return max(1.0, hands) * per_hand


# -- the player range -----------------------------------------------------------------------------

class PlayerRangeKnob:
    """The player counts: drop the counts at which the game is too long when the others fit, keeping
    a contiguous range of at least ``MIN_COUNTS``."""

    name = PLAYERS

    def applies(self, spec: GameSpec) -> bool:
        return spec.players.max - spec.players.min + 1 > MIN_COUNTS

    def candidates(self, spec: GameSpec, estimates: list[CountEstimate]) -> list[Candidate]:
        fits = {e.players: not e.too_long and e.minutes <= INSIDE_MINUTES for e in estimates}
        if all(fits.values()):
            return []
        best: list[int] = []
        run: list[int] = []
        for n in spec.players.counts():
            run = run + [n] if fits.get(n, False) else []
            if len(run) > len(best):
                best = run
        if len(best) < MIN_COUNTS:
            return []
        long = [e for e in estimates if e.players not in best]
        kept = {e.players: e.minutes for e in estimates if e.players in best}
        slow = max(long, key=lambda e: (e.minutes, e.players))
        why = (f"a typical game took about {_minutes(slow.minutes)} with {slow.players} players but at most "
               f"{_minutes(max(kept.values()))} with {best[0]} to {best[-1]}")
        draft = players_value(spec.players.min, spec.players.max)
        mended = players_value(best[0], best[-1])
        return [Candidate({PLAYERS: mended}, [Mend(field=PLAYERS, draft=draft, mended=mended, why=why)], kept)]


#: The knobs, in the order they are tried.
KNOBS: list[Knob] = [TargetKnob(), HandSizeKnob(), PlayerRangeKnob()]

__all__ = ["AIM_MINUTES", "Candidate", "HandSizeKnob", "KNOBS", "Knob", "PlayerRangeKnob",
           "TargetKnob", "round_numbers"]
