"""Playing one game for the playtest and keeping what the metrics need.

``play_one`` drives a game through the public State API and returns a small, picklable
``GameSummary``. With no line-up it is random self-play exactly as ``State.play_random`` plays it
(one generator, seeded from the game's seed, one draw per real decision), so a Tier-1 game and its
replay are the same game. With a line-up, each seat gets its own bot, seeded from the game's seed
and the seat (``bots.bot_seed``).
"""

from __future__ import annotations

import random
import traceback
import weakref
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..bots import bot_seed, make_bot
from ..engine import Game, Observation, State
from ..engine.sides import won
from ..families import family_of
from .bounds import ScoreBounds, settled_at
from .tabletime import MODEL

#: Safety cap on moves in a playtest game: far beyond any game that passes TOO_LONG (a game still
#: going after 5,000 moves would take over five hours at the table), so that a game that never
#: ends is stopped soon.
PLAYTEST_MOVE_CAP = 5_000
#: The same for hands: a game still going after 200 hands would take over five hours (deals and
#: scorings alone), however small its hands.
PLAYTEST_HAND_CAP = 200

Observer = Callable[[State, int, Sequence[int]], None]


def game_seed(seed: int, players: int, index: int) -> int:
    """The seed of one game of a run: stable, and independent of how many games the run plays."""
    return (seed * 1_000_003 + players * 10_007 + index) & 0xFFFFFFFFFFFF


@dataclass
class GameSummary:
    """What the metrics need from one game (small: it travels between processes)."""

    index: int
    seed: int
    players: int
    outcome: str = "natural"                 # 'natural', 'cap' or 'error'
    error: str | None = None
    winner: int | None = None
    ranking: list[int] = field(default_factory=list)
    tie_rule: bool = False
    moves: int = 0
    decisions: int = 0
    branching: int = 0                       # sum of the number of legal actions at decisions
    by_cards: list[tuple[int, int, int]] = field(default_factory=list)   # (cards in hand, sum, decisions)
    phases: list[tuple[str, int]] = field(default_factory=list)          # decisions per phase name
    hands: int = 0
    deals: int = 0
    totals: list[int] = field(default_factory=list)
    lead_changes: int = 0
    comeback: bool = False                   # the winner was strictly last at half-time
    dead_tail: float | None = None           # share of moves left after the winner was settled
    looped: bool = False                     # a position (outside trick play) came back
    met: list[str] = field(default_factory=list)   # decisions moved in (forced or not), phases applied without one
    best_hand: int = 0                       # the most points any seat scored in one hand
    worst_hand: int = 0                      # the fewest (a loss is negative)
    record: dict[str, Any] | None = None     # GameRecord.as_dict(), when asked for
    sides: list[int] | None = None           # the side of each seat, in a game of partnerships

    def won(self, seat: int) -> bool:
        """Whether ``seat`` won: alone, or as a member of the winning side."""
        return won(self.winner, self.sides, seat)

    @property
    def units(self) -> int:
        """How many players or sides contend for the win (a fair one wins 1 in this many)."""
        return self.players if self.sides is None else max(self.sides) + 1

    @property
    def minutes(self) -> float:
        """Estimated table time, from the table-time model fitted to real games (``tabletime``)."""
        return MODEL.minutes(self)


def _lead_changes(per_hand: list[list[int]]) -> int:
    """Changes of the sole leader (highest total) from one scoring to the next; a shared lead
    keeps the last sole leader."""
    changes, leader = 0, None
    for totals in per_hand:
        top = max(totals)
        if totals.count(top) == 1:
            now = totals.index(top)
            if leader is not None and now != leader:
                changes += 1
            leader = now
    return changes


def play_one(game: Game, players: int, seed: int, index: int = 0, lineup: Sequence[str] | None = None,
             bot_options: dict[str, Any] | None = None, keep_record: bool = False,
             observer: Observer | None = None, bounds: ScoreBounds | None | bool = True) -> GameSummary:
    """Play one game and summarise it; an exception in the engine gives outcome 'error'."""
    out = GameSummary(index, seed, players)
    try:
        _play(game, players, seed, lineup, bot_options or {}, keep_record, observer, bounds, out)
    except Exception as exc:   # an engine error is a finding, not a crash of the playtest
        out.outcome = "error"
        out.error = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    return out


_BOUNDS: "weakref.WeakKeyDictionary[Game, dict[int, Any]]" = weakref.WeakKeyDictionary()


def bounds_of(game: Game, n: int) -> Any:
    """The family's score bounds for a compiled game at ``n`` players, or None; worked out once
    per game and player count and kept while the compiled game lives (a worker plays every
    game of a configuration, and every configuration, on one compiled game; working the bounds
    out reads the whole spec, which cost more than a short random game)."""
    per_game = _BOUNDS.setdefault(game, {})
    if n not in per_game and game.sides(n) is not None:
        # The families' bounds are a seat's own (its tricks, its cards); a side's pooled score is
        # not bounded by them, so a game of partnerships is judged without the dead tail.
        per_game[n] = None
    if n not in per_game:
        try:
            per_game[n] = family_of(game.spec).load("bounds")(game, n)   # the family's score bounds
        except Exception:  # bounds are a refinement: never let them stop a playtest
            per_game[n] = None
    return per_game[n]


def make_lineup(lineup: Sequence[str], seed: int, options: dict[str, Any]) -> list[Any]:
    """One bot per seat. ``strong-without:FEATURE`` is the strong bot forbidden that feature."""
    bots = []
    for p, name in enumerate(lineup):
        if name.startswith("strong-without:"):
            bots.append(make_bot("strong", bot_seed(seed, p), restrict=name.split(":", 1)[1], **options))
        else:
            bots.append(make_bot(name, bot_seed(seed, p), **(options if name == "strong" else {})))
    return bots


def _play(game: Game, n: int, seed: int, lineup: Sequence[str] | None, options: dict[str, Any],
          keep_record: bool, observer: Observer | None, bounds: Any, out: GameSummary) -> None:
    state = game.new_initial_state(n, seed)
    if bounds is True:
        bounds = bounds_of(game, n)
    if lineup is None:
        rnd = random.Random(bot_seed(seed, 0)).random
        bots = None
        views: list[Observation] = []
    else:
        bots = make_lineup(lineup, seed, options)
        views = [state.observation(p) for p in range(n)]
    record = state.record
    branching = 0
    by_cards: dict[int, list[int]] = {}
    phases: dict[str, int] = {}
    met: set[str] = set()
    seen: set[int] = set()
    keyed_hand = -1
    looped = False
    checkpoints: list[tuple[int, list[float], list[float]]] = []
    per_hand: list[list[int]] = []
    capped = False
    while not state.terminal:
        legal = state.legal_actions()
        k = len(legal)
        decision = state.decision
        phase = state.phase
        card_play = phase is not None and phase.card_play
        hand = state.hand_no
        if hand >= PLAYTEST_HAND_CAP:
            capped = True
            break
        repeats = state.repeats_possible()
        if not looped and (repeats or keyed_hand != hand):
            # Where a phase says a position cannot come back (in trick play a card played never
            # returns to a hand), positions are compared once, when the phase begins in a hand.
            # A game is judged by whether it came back at all: once it has, no key is taken (a
            # game that loops plays on to the cap, and keying its every move was most of its cost).
            if not repeats:
                keyed_hand = hand
            key = state.position_key()
            if key in seen:
                looped = True
            seen.add(key)
        met.add(decision)
        if k > 1:
            branching += k
            bucket = len(state.hands[state.current]) if card_play else 0
            acc = by_cards.get(bucket)
            if acc is None:
                by_cards[bucket] = [k, 1]
            else:
                acc[0] += k
                acc[1] += 1
            phases[decision] = phases.get(decision, 0) + 1
            if bots is None:
                action = legal[int(rnd() * k)]
            else:
                p = state.current
                action = bots[p].act(views[p])
        else:
            action = legal[0]
        if observer is not None:
            observer(state, action, legal)
        state.apply_action(action)
        if state.hand_no != hand:
            per_hand.append(list(state.totals))
            if bounds is not None and not state.terminal:
                r = bounds.final_ranges(state, between_hands=True)
                if r is not None:
                    checkpoints.append((record.moves, r[0], r[1]))
        elif bounds is not None and bounds.checkpoint(state, card_play):
            r = bounds.final_ranges(state, between_hands=False)
            if r is not None:
                checkpoints.append((record.moves, r[0], r[1]))
    out.outcome = "cap" if capped else record.outcome
    out.winner = record.winner
    out.sides = record.sides
    out.ranking = list(record.ranking)
    out.tie_rule = bool(record.tie_rule_used)
    out.moves = record.moves
    out.decisions = record.decisions
    out.branching = branching
    out.by_cards = sorted((b, s, c) for b, (s, c) in by_cards.items())
    out.phases = sorted(phases.items())
    out.met = sorted(met | record.applied)
    scores = [x for h in record.hands for x in h.scores]
    if scores:
        out.best_hand, out.worst_hand = max(scores), min(scores)
    out.hands = len(record.hands)
    out.deals = sum(h.deals for h in record.hands)
    out.totals = list(state.totals)
    out.looped = looped
    w = record.winner
    if record.sides is not None:   # partners share a total: the lead and the comeback are the sides'
        first = [record.sides.index(side) for side in range(max(record.sides) + 1)]
        per_hand = [[totals[p] for p in first] for totals in per_hand]
        w = None if w is None else record.sides[w]
    out.lead_changes = _lead_changes(per_hand)
    if w is not None and len(per_hand) >= 2:
        half = per_hand[(len(per_hand) + 1) // 2 - 1]
        low = min(half)
        out.comeback = half[w] == low and half.count(low) == 1
    if bounds is not None and w is not None and record.outcome == "natural" and record.moves:
        at = settled_at(checkpoints, record.winner)
        out.dead_tail = 0.0 if at is None else (record.moves - at) / record.moves
    if keep_record:
        out.record = record.as_dict()
