"""A schedule of contracts (``spec.scoring.Schedule``, King): the hand's contract chosen by the
hand number, its trumps (none, the game's own, or the dealer's choice of a suit or no trumps)
and, where the contract has modes, the dealer's choice of how it scores (King's up or down) —
both real decisions of the dealer, on their whole hand (``ScheduledHand``); and the hand scored
by the contract (``ScheduleScorer``), which reuses the trick scorer (``HandScorer``) of the
contract's own scoring kind as a counter, times what each thing counted is worth."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from generator.engine.actions import MODE_BASE, NO_TRUMPS, SUIT_ACTION
from generator.engine.phase import Phase
from generator.engine.steps.call import NAME
from generator.engine.steps.trumps import set_trump
from generator.engine.trick_scoring import HandFacts, HandScorer

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.cards import CardTable
    from generator.engine.sides import Sides
    from generator.engine.state import Game, State
    from generator.spec import GameSpec
    from generator.spec.scoring import HandScore

#: The dealer's choice of how a hand with modes scores (King's up or down).
MODE = "choose-mode"


def contract_of(schedule: Any, hand_no: int, n: int) -> int:
    """The index (into ``Schedule.flat()``) of the contract of hand ``hand_no`` (0-based) at ``n``
    players: the schedule in order, once, or once for each player with ``each_dealer``; a hand
    played after it to settle a tie is played as its last."""
    length = len(schedule.flat())
    return hand_no % length if hand_no < schedule.hands_at(n) else length - 1


@dataclass
class ScheduledFacts(HandFacts):
    """A hand's facts with its contract and mode, and each trick's winner and cards (for a contract
    that counts only the last tricks)."""

    contract: int = 0
    mode: int = 0
    trick_winners: list[int] = field(default_factory=list)
    trick_cards: list[tuple[int, ...]] = field(default_factory=list)


class _Way:
    """One way a hand may score (a contract's score or one of its modes), compiled once: the trick
    scorer of its reused kind, what each thing it counts is worth, the start and the last tricks."""

    def __init__(self, spec: "GameSpec", table: "CardTable", h: "HandScore", name: str | None = None):
        self.name = name
        self.scorer = HandScorer(spec.model_copy(update={"scoring": h.scoring}), table)
        # avoid-suit scores −1 a card of its suit: the worth of a card taken is then −(−1) × points
        self.factor = -h.points if h.scoring.kind == "avoid-suit" else h.points
        self.start = h.start
        self.last = h.last
        self.per_trick = h.points if h.scoring.kind == "per-trick" else 0
        # what each card taken is worth (avoid-suit's −1 a card, card points' rows of a point each)
        self.cards = {c: w * self.factor for c, w in self.scorer.card_points.items()}

    def score(self, f: HandFacts) -> list[int]:
        counted = self.scorer.score(f)
        return [self.start + self.factor * x for x in counted]


class ScheduleScorer:
    """The hand scorer of a schedule: the contract's way of scoring, picked by the facts' contract
    and mode. Facts, pooling for sides and the record are the trick scorer's, with the contract."""

    RECORD_ORDER = (*HandScorer.RECORD_ORDER[:1], "contract", "mode", *HandScorer.RECORD_ORDER[1:])
    RECORD_OPTIONAL = HandScorer.RECORD_OPTIONAL | {"mode"}

    def __init__(self, spec: "GameSpec", table: "CardTable"):
        s = spec.scoring
        self.schedule = s
        self.kind = "schedule"
        self.plain = False
        self.uses_in_play = False
        self.table = table
        self.flat = s.flat()
        ways: dict[int, list[_Way]] = {}
        self.ways: list[list[_Way]] = []
        for c in self.flat:
            if id(c) not in ways:
                ways[id(c)] = ([_Way(spec, table, c.score)] if c.score is not None
                               else [_Way(spec, table, m, m.name) for m in c.modes])  # type: ignore[union-attr]
            self.ways.append(ways[id(c)])
        self.base = self.ways[0][0].scorer   # the facts, the pooling and the record are any way's

    # -- what the engine asks of a family's scorer ---------------------------------------------

    def facts(self, state: "State") -> ScheduledFacts:
        f = self.base.facts(state)
        winners = [w for _, _, w in state.history]
        cards = [c for _, c, _ in state.history]
        return ScheduledFacts(**f.__dict__, contract=state.contract, mode=state.mode or 0,
                              trick_winners=winners, trick_cards=cards)

    def pool(self, f: ScheduledFacts, sides: "Sides") -> ScheduledFacts:
        g = self.base.pool(f, sides)
        return ScheduledFacts(**g.__dict__, contract=f.contract, mode=f.mode,
                              trick_winners=[sides.of[w] for w in f.trick_winners], trick_cards=f.trick_cards)

    def record(self, state: "State", f: ScheduledFacts) -> dict[str, Any]:
        out = self.base.record(state, f)
        c = self.flat[f.contract]
        out["contract"] = c.contract
        out["mode"] = c.modes[f.mode].name if c.modes else None
        return out

    def score(self, f: ScheduledFacts) -> list[int]:
        way = self.ways[f.contract][f.mode]
        if way.last is not None:   # only the last tricks count: the hand's facts cut down to them
            n = len(f.tricks)
            tricks, won = [0] * n, [[] for _ in range(n)]
            for w, cards in zip(f.trick_winners[-way.last:], f.trick_cards[-way.last:]):
                tricks[w] += 1
                won[w].extend(cards)
            f = replace(f, tricks=tricks, won=won)
        # the top trump shown (SU-06) is a point once, after the contract's scores, not a thing counted
        scores = way.score(replace(f, top_point=None))
        if f.top_point is not None:
            scores[f.top_point] += 1
        return scores

    def instant_winner(self, f: HandFacts) -> int | None:
        return None

    # -- what the bots read ----------------------------------------------------------------

    @property
    def card_points(self) -> dict[int, int]:
        """Cards told apart by their worth under every contract (a card's id of its worths): what
        a search may merge is cards worth the same in every hand. ``points_of`` gives the worths."""
        cached = self.__dict__.get("_signature")
        if cached is None:
            worths = [tuple(w.cards.get(c, 0) for ways in self.ways for w in ways) for c in range(self.table.size)]
            ids: dict[tuple[int, ...], int] = {tuple(0 for _ in worths[0]): 0} if worths else {}
            cached = {}
            for c, w in enumerate(worths):
                k = ids.setdefault(w, len(ids))
                if k:
                    cached[c] = k
            self._signature = cached
        return cached

    def _way(self, state: "State") -> _Way:
        return self.ways[state.contract][state.mode or 0]

    def points_of(self, state: "State") -> dict[int, int]:
        """What each card taken is worth in this hand (its contract and mode)."""
        return self._way(state).cards

    def trick_worth(self, state: "State") -> int:
        """What taking the trick being played is worth in this hand (a contract that counts tricks)."""
        way = self._way(state)
        if way.last is not None and state.trick_no < state.hand_size() - way.last:
            return 0
        return way.per_trick

    def scores_by_trick(self, state: "State") -> bool:
        """Whether the hand counts only its last tricks (the exact ending does not keep them)."""
        return self._way(state).last is not None


def make_scorer(spec: "GameSpec", table: "CardTable") -> Any:
    """Trick-taking's hand scorer: a schedule's, or the trick scorer of the game's one scoring."""
    return ScheduleScorer(spec, table) if spec.scoring.kind == "schedule" else HandScorer(spec, table)


class ScheduledHand(Phase):
    """The hand's contract, by the hand number: its trumps (none; the game's own; or the dealer
    names a suit or no trumps, on their whole hand) and, where it has modes, the dealer's choice of
    mode once trumps are known."""

    rule = "the dealer's choice of trumps and of how the hand scores"
    decisions = (NAME, MODE)
    hand_fields = {"contract": 0, "mode": None}
    views = {
        "contract": lambda s, p: s.contract,
        "contract_modes": lambda s, p: _modes(s),
        "trick_worth": lambda s, p: _trick_worth(s),
    }

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.scoring.kind == "schedule"

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.schedule = game.spec.scoring
        self.flat = self.schedule.flat()
        self.suits = [SUIT_ACTION + s for s in range(len(game.table.suit_names))] + [NO_TRUMPS]

    def start(self, state: "State") -> bool:
        state.contract = contract_of(self.schedule, state.hand_no, state.n)
        c = self.flat[state.contract]
        if c.trumps == "none":
            set_trump(state, None)
        elif c.trumps == "dealer":
            return state.open(self, NAME, state.dealer)
        return self._mode(state)

    def after_hand(self, state: "State", scores: list[int]) -> None:
        """With ``each_dealer`` the dealer deals every hand of their round: the deal, which the
        state passes to the left after this, is held back until the round is over."""
        if self.schedule.each_dealer and state.hand_no % len(self.flat) and state.hand_no < self.schedule.hands_at(state.n):
            state.dealer = (state.dealer - 1) % state.n

    def _mode(self, state: "State") -> bool:
        if self.flat[state.contract].modes is None:
            return False
        return state.open(self, MODE, state.dealer)

    def legal(self, state: "State") -> list[int]:
        if state.decision == NAME:
            return list(self.suits)
        return [MODE_BASE + i for i in range(len(self.flat[state.contract].modes))]  # type: ignore[arg-type]

    def apply(self, state: "State", action: int) -> None:
        if state.decision == NAME:
            set_trump(state, None if action == NO_TRUMPS else action - SUIT_ACTION)
            if self.flat[state.contract].modes is not None:
                state.open(self, MODE, state.dealer)
                return
        else:
            state.mode = action - MODE_BASE
        state.advance()

    def describe(self, state: "State", action: int) -> str | None:
        if MODE_BASE <= action < MODE_BASE + 4:
            return f"play {self.flat[state.contract].modes[action - MODE_BASE].name}"  # type: ignore[index]
        return None

    def told(self, state: "State", action: int) -> str | None:
        if action == NO_TRUMPS:
            return "names no trumps: the hand has no trump suit"
        if SUIT_ACTION <= action < NO_TRUMPS:
            return f"names {state.game.table.suit_names[action - SUIT_ACTION]} as trumps"
        if MODE_BASE <= action < MODE_BASE + 4:
            return f"chooses to play {self.flat[state.contract].modes[action - MODE_BASE].name}"  # type: ignore[index]
        return None


def _modes(state: "State") -> list[tuple[int, int]]:
    """Each mode the dealer may choose of this hand's contract, as (start, worth of a trick)."""
    scorer = state.game.scorer
    if not isinstance(scorer, ScheduleScorer):
        return []
    return [(w.start, w.per_trick) for w in scorer.ways[state.contract]] if scorer.flat[state.contract].modes else []


def _trick_worth(state: "State") -> int:
    scorer = state.game.scorer
    return scorer.trick_worth(state) if isinstance(scorer, ScheduleScorer) else 0
