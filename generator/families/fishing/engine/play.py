"""A fishing hand's play: the opening table (``LayTable``), then ``Fish``, the turns.

* **The opening table**: after the hands, ``play.table`` cards are dealt face up from the stock to
  the table (one pile, or side by side). With ``fresh_table``, an opening that would hand out a
  free capture (a pile whose top card is of the sweeping rank or shares its rank with the card
  under it; a spread holding a card of the sweeping rank or three of one rank) is shuffled back
  into the stock and dealt again.
* **A turn**: the player plays one card from hand; it takes the table cards the chosen capture
  names (and goes with them to the player's captured cards), or is laid on the table.
* **Refills**: when every hand is empty, the dealer deals each player as many cards as the deal
  gave, from the dealer's left, as long as the stock lasts (one at a time round the table for the
  last few, when the stock holds fewer than a full round).
* **The end of the hand**: hands and stock empty, the last player to capture takes what is left
  on the table (never a sweep); if no one captured, it stays untaken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from generator.engine.phase import Phase, per_seat
from generator.engine.places import PUBLIC, Place

from .narrate import FishNarration
from .rules import FishRules, action, card_of, taken_of

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import Game, State

TURN = "capture"
#: Give up dealing a fresh opening table after this many tries (a stock too small to change it).
MAX_TABLES = 100


def _layout_view(state: "State", seat: int) -> list[int]:
    return list(state.layout)


def _taken_view(state: "State", seat: int) -> list[list[int]]:
    return [list(pile) for pile in state.catch]


class LayTable(Phase):
    """The opening table, dealt face up from the stock after the hands."""

    places = (Place("layout", False, PUBLIC), Place("catch", True, PUBLIC))
    hand_fields = {"layout": [], "catch": per_seat(list), "sweeps": per_seat(int), "last_capturer": None,
                   "turns": 0, "tables": 0, "left_over": 0}
    views = {"layout": _layout_view, "catch": _taken_view}
    rule = "the opening table dealt again"
    dropped_by = {"play.fresh_table": False}

    def __init__(self, game: "Game"):
        super().__init__(game)
        p = game.spec.play
        self.count = p.table
        self.fresh = p.fresh_table
        self.pile = p.layout == "pile"
        self.rank = list(game.table.rank)
        self.sweeper = p.sweeper

    def printed_rules(self):
        """The opening table dealt again is printed only when the game has it."""
        return super().printed_rules() if self.fresh else []

    def free_capture(self, layout: list[int]) -> bool:
        rank = self.rank
        if not layout:
            return False
        if self.pile:
            top = rank[layout[-1]]
            return top == self.sweeper or (len(layout) > 1 and rank[layout[-2]] == top)
        ranks = [rank[c] for c in layout]
        return self.sweeper in ranks or any(ranks.count(r) >= 3 for r in set(ranks))

    def start(self, state: "State") -> bool:
        stock = state.stock
        k = min(self.count, len(stock))
        state.layout = stock[:k]
        del stock[:k]
        state.tables = 1
        while self.fresh and self.free_capture(state.layout) and state.tables < MAX_TABLES and stock:
            stock.extend(state.layout)
            state.shuffle(stock)
            state.layout = stock[:k]
            del stock[:k]
            state.tables += 1
        if state.tables > 1:
            state.record.applied.add(type(self).__name__)
        return False


class Fish(Phase):
    decisions = (TURN,)
    narration = FishNarration
    card_play = True
    repeats = False   # every turn plays a card from hand: a position never comes back
    rule = ""

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.rules = FishRules(game.spec, game.table)
        self.first_turn = game.spec.play.first_turn
        self.names = game.table.names
        rules = self.rules
        # The pile's fast path (``play_random``): for each card that may top the pile, which
        # cards take it (its rank, or the sweeping rank) — the whole of ``captures`` for a pile.
        rank = rules.rank
        self.takes_pile = [[rank[c] == rank[top] or rank[c] == rules.sweeper for c in range(len(rank))]
                           for top in range(len(rank))] if rules.pile else None
        #: The seat after each seat, and every seat from each dealer's left, at each number of players.
        counts = game.spec.players.counts()
        self._after = {n: [(p + 1) % n for p in range(n)] for n in counts}
        self._from_left = {n: [[(d + 1 + k) % n for k in range(n)] for d in range(n)] for n in counts}

    def start(self, state: "State") -> bool:
        seat = state.dealer if self.first_turn == "dealer" else (state.dealer + 1) % state.n
        if not any(state.hands):
            self._refill(state)
        if not state.hands[seat]:
            seat = self._next_holder(state, seat)
            if seat is None:
                return self._end_hand(state)
        return state.open(self, TURN, seat)

    def legal(self, state: "State") -> list[int]:
        rules = self.rules
        layout = state.layout
        if self.takes_pile is not None and layout:   # a pile: what ``captures`` gives, from a table
            return self._pile_legal(state.hands[state.current], layout)
        captures, lays = [], []
        for c in state.hands[state.current]:
            found = rules.captures(c, layout)
            if found:
                captures.extend(action(c, taken) for taken in found)
                if rules.pile:   # in a pile a card that matches captures: it cannot be laid instead
                    continue
            lays.append(c)
        if captures and rules.must:
            return captures
        return captures + lays

    def apply(self, state: "State", act: int) -> None:
        p = state.current
        card = card_of(act)
        state.hands[p].remove(card)
        taken = taken_of(act)
        if taken:
            before = len(state.layout)
            if self.rules.is_sweep(card, taken, before, state.turns == 0):
                state.sweeps[p] += 1
                state.record.applied.add("sweep")
            gone = set(taken)
            state.layout = [c for c in state.layout if c not in gone]
            state.catch[p].extend(taken)
            state.catch[p].append(card)
            state.last_capturer = p
        else:
            state.layout.append(card)
        state.turns += 1
        if not any(state.hands):
            if not state.stock:
                return self._end_hand(state)
            self._refill(state)
        nxt = self._next_holder(state, p)
        if nxt is None:   # pragma: no cover - a refill always gives someone a card
            return self._end_hand(state)
        state.open(self, TURN, nxt)

    def _next_holder(self, state: "State", seat: int) -> int | None:
        n = state.n
        for k in range(1, n + 1):
            q = (seat + k) % n
            if state.hands[q]:
                return q
        return None

    def _pile_legal(self, hand: list[int], pile: list[int]) -> list[int]:
        """``legal`` in a pile game (the pile not empty): the cards that take the whole pile (one
        action each, the pile's mask the same for all), then the cards laid — the same actions in
        the same order as the general loop over ``FishRules.captures``."""
        tk = self.takes_pile[pile[-1]]   # type: ignore[index]
        taken = action(0, pile)
        captures = [c | taken for c in hand if tk[c]]
        if captures and self.rules.must:
            return captures
        return captures + [c for c in hand if not tk[c]]

    def play_random(self, state: "State", rnd: Callable[[], float]) -> bool:
        """Random turns of a pile game, to the end of the hand, without building actions: the
        same legal cards in the same order as ``legal`` (the cards that take the pile, then the
        cards laid; only those that take it when capturing is compulsory), the same draw, and the
        state ``apply`` leaves. A spread game goes through ``legal``/``apply``."""
        takes_pile = self.takes_pile
        if takes_pile is None:
            return False
        state._legal = None
        rules = self.rules
        must, is_sweep, refill = rules.must, rules.is_sweep, self._refill
        rec = state.record
        hands, catch, stock, n = state.hands, state.catch, state.stock, state.n
        after = self._after[n]
        order = self._from_left[n][state.dealer]
        each = state.hand_size()
        layout, turns, last = state.layout, state.turns, state.last_capturer
        start = turns
        stop = turns + self.game.move_cap - rec.moves   # the move cap, counted in turns
        p = state.current
        empty_at = turns + sum(map(len, hands))   # the turn after which every hand is empty
        decisions = 0
        ended = False
        while turns < stop:
            hand = hands[p]
            # In a pile every card held is one action (it takes the pile or is laid on it):
            # ``legal`` lists the cards that take it first, then the others, each in hand order.
            k = len(hand)
            if layout:
                tk = takes_pile[layout[-1]]
                caps = [c for c in hand if tk[c]]
                if caps and must:
                    k = len(caps)
            else:
                caps = None
            if k > 1:
                decisions += 1
                i = int(rnd() * k)
            else:
                i = 0
            turns += 1
            if caps:
                if i < len(caps):   # it takes the pile
                    card = caps[i]
                    hand.remove(card)
                    layout.sort()   # the taken cards in card order, as ``taken_of`` lists them
                    if is_sweep(card, layout, len(layout), turns == 1):
                        state.sweeps[p] += 1
                        rec.applied.add("sweep")
                    mine = catch[p]
                    mine.extend(layout)
                    mine.append(card)
                    layout = state.layout = []
                    last = p
                else:
                    card = [c for c in hand if not tk[c]][i - len(caps)]
                    hand.remove(card)
                    layout.append(card)
            else:
                layout.append(hand.pop(i))
            if turns == empty_at:
                if not stock:
                    ended = True
                    break
                if len(stock) >= each * n:   # ``_refill``'s full round, inline
                    for q in order:
                        h = hands[q]
                        h.extend(stock[:each])
                        del stock[:each]
                        h.sort()
                else:
                    refill(state)
                empty_at = turns + sum(map(len, hands))
            p = after[p]
            while not hands[p]:
                p = after[p]
        state.turns, state.last_capturer = turns, last
        rec.moves += turns - start
        rec.decisions += decisions
        if ended:
            self._end_hand(state)
        else:
            state.open(self, TURN, p)
        if rec.moves >= self.game.move_cap and not state.terminal:
            state.stop("cap")
        return True

    def _refill(self, state: "State") -> None:
        """Deal each player a hand's worth from the stock, from the dealer's left, while it lasts."""
        stock, n = state.stock, state.n
        each = state.hand_size()
        order = self._from_left[n][state.dealer]
        if len(stock) >= each * n:
            for q in order:
                state.hands[q].extend(stock[:each])
                del stock[:each]
        else:
            i = 0
            while stock:
                state.hands[order[i % n]].append(stock.pop(0))
                i += 1
        for q in order:
            state.hands[q].sort()

    def _end_hand(self, state: "State") -> None:
        last = state.last_capturer
        if last is not None and state.layout:
            state.catch[last].extend(state.layout)
            state.layout = []
        state.left_over = len(state.layout)
        state.end_hand(self.game.scorer.facts(state))

    def describe(self, state: "State", act: int) -> str | None:
        names = self.names
        card = card_of(act)
        taken = taken_of(act)
        if not taken:
            return f"lays the {names[card]}"
        what = ", ".join(f"the {names[c]}" for c in taken)
        if self.rules.pile:
            return f"plays the {names[card]} and takes the pile ({what})"
        return f"plays the {names[card]} and takes {what}"
