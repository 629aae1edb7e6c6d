"""The engine of a stepping game: the deal and the table (the shared ``Deal`` and ``TableDeal``),
then ``Step``, the card play, and ``StepScorer``, the shared shedding scorer with its facts.

**The action encoding**: ``PILE × pile + card`` lays that card on that discard pile; ``DRAW`` takes
the top card of the stock; ``PASS`` is the turn of a player who cannot lay and has nothing to draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.family import EngineFamily
from generator.engine.phase import Phase
from generator.engine.shedding.narrate import TableNarration
from generator.engine.shedding.scoring import GOING_OUT, SheddingFacts, SheddingScorer
from generator.engine.shedding.table import TableDeal, pile_count
from generator.engine.steps.deal import Deal

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import Game, State

PILE = 1_000
DRAW = 5_000
PASS = 5_001
TURN = "step"


class StepRules:
    """Which card may be laid on which: the same rank, or ranks next to each other in the pack's
    rank list."""

    def __init__(self, spec, table):
        ranks = spec.deck.ranks()
        self.rank_of = [ranks.index(table.rank[c]) for c in range(table.size)]
        self.suit_of = list(table.suit)
        self.count = len(ranks)
        self.wrap = spec.play.wrap
        self.level = [len(ranks) - 1 - r for r in self.rank_of]   # 0: the lowest rank (the shared scorer's)

    def natural(self, card: int) -> tuple[int, int]:
        """The rank and suit a card counts as (the table deal notes it for each pile's first card)."""
        return self.rank_of[card], self.suit_of[card]

    def steps_on(self, card: int, top: int) -> bool:
        gap = abs(self.rank_of[card] - self.rank_of[top])
        return gap <= 1 or (self.wrap and self.count > 2 and gap == self.count - 1)


class StepNarration(TableNarration):
    """A hand for ``parlour replay`` and the rulebook's example: the hands and the piles' first
    cards, then each move in the rule's words (``Step.describe``)."""

    def start(self, state: "State") -> list[str]:
        lines = [f"  {self.seat(p)} holds {self.cards(state.hands[p])}" for p in range(state.n)]
        lines.append(f"  discard pile{'s' if len(state.piles) > 1 else ''}: "
                     + "; ".join(self.cards(pile[-1:]) for pile in state.piles))
        return lines

    def move(self, state: "State", what: str, choice: str) -> str:
        return f"    {self.seat(state.current)} {what} {choice}"


class Step(Phase):
    decisions = (TURN,)
    narration = StepNarration
    card_play = True
    repeats = True
    hand_fields = {**GOING_OUT, "passes": 0, "reshuffles": 0}

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.rules = StepRules(game.spec, game.table)
        self.first_turn = game.spec.play.first_turn
        self.piles = pile_count(game)

    def start(self, state: "State") -> bool:
        seat = state.dealer if self.first_turn == "dealer" else (state.dealer + 1) % state.n
        return state.open(self, TURN, seat)

    def lays(self, state: "State", seat: int) -> list[int]:
        steps_on = self.rules.steps_on
        out = []
        for i, pile in enumerate(state.piles):
            for c in state.hands[seat]:
                if not pile or steps_on(c, pile[-1]):
                    out.append(PILE * i + c)
        return out

    def legal(self, state: "State") -> list[int]:
        lays = self.lays(state, state.current)   # a player who can lay must
        return lays or [DRAW if state.stock or self._reshufflable(state) else PASS]

    def _reshufflable(self, state: "State") -> bool:
        return any(len(pile) > 1 for pile in state.piles)

    def apply(self, state: "State", action: int) -> None:
        p = state.current
        state.last_play = action
        if action == PASS:
            state.passes += 1
            if state.passes >= state.n:   # a blocked hand: no one can lay, no card to draw
                return self._end_hand(state)
        elif action == DRAW:
            state.passes = 0
            if not state.stock:
                self._reshuffle(state)
            hand = state.hands[p]
            hand.append(state.stock.pop(0))
            hand.sort()
        else:
            state.passes = 0
            pile, card = divmod(action, PILE)
            state.hands[p].remove(card)
            state.piles[pile].append(card)
            state.named[pile].append(self.rules.natural(card))
            if not state.hands[p]:
                state.out.append(p)
                return self._end_hand(state)
        state.open(self, TURN, (p + 1) % state.n)

    def _reshuffle(self, state: "State") -> None:
        """All but the top card of each discard pile, shuffled into a new stock."""
        cards: list[int] = []
        for i, pile in enumerate(state.piles):
            cards.extend(pile[:-1])
            del pile[:-1]
            del state.named[i][:-1]
        state.shuffle(cards)
        state.stock.extend(cards)
        state.reshuffles += 1

    def _end_hand(self, state: "State") -> None:
        facts = self.game.scorer.facts(state)
        for p in range(state.n):   # hands are game-long: gather the cards before the next deal
            state.stock.extend(state.hands[p])
            state.hands[p].clear()
        state.end_hand(facts)

    def describe(self, state: "State", action: int) -> str | None:
        if action == DRAW:
            return "draws a card"
        if action == PASS:
            return "passes"
        pile, card = divmod(action, PILE)
        where = f" on discard pile {pile + 1}" if self.piles > 1 else ""
        return f"lays the {self.game.table.names[card]}{where}"


class StepScorer(SheddingScorer):
    """The shared shedding scorer: the first out wins; a blocked hand goes to the fewest cards
    (ties: the first of them from the player who passed last)."""

    def make_rules(self, spec, table) -> StepRules:
        return StepRules(spec, table)

    def facts(self, state: "State") -> SheddingFacts:
        if state.out:
            winner = state.out[0]
        else:
            order = [(state.current + k) % state.n for k in range(state.n)]
            winner = min(order, key=lambda p: len(state.hands[p]))
        n = state.n
        return SheddingFacts(list(state.out), [list(h) for h in state.hands], [0] * n, winner, state.last_play,
                             bonus=[0] * n)


ENGINE = EngineFamily(name="stepping", phases=(Deal, TableDeal, Step), scorer=StepScorer)
