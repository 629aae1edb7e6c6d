"""Scoring a hand by the tricks taken: avoid-suit (SC-T1), points per trick (SC-T3), exact bids
(SC-T2), their extras (SC-T4), landlord payments, the top-trump point (SU-06) and low hands (SC-T6).

The trick-taking family's scorer, and climbing's for games whose piles are taken as tricks: a
piece two families share, so it belongs to neither."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..spec import GameSpec
from .card_points import CardPointsCounter
from .cards import CardTable
from .phase import per_seat
from .steps.pig import pig_card

if TYPE_CHECKING:   # pragma: no cover
    from .sides import Sides
    from .state import State


@dataclass
class HandFacts:
    """What the scorer needs to know about a finished hand."""

    tricks: list[int]
    won: list[list[int]]
    in_play: set[int]
    bids: list[int | None] = field(default_factory=list)
    blind: list[bool] = field(default_factory=list)
    joker_tricks: list[int] = field(default_factory=list)
    landlord: int | None = None
    landlord_bid: int = 0
    pig: int | None = None            # the pig card, if it was revealed
    trump: int | None = None
    top_point: int | None = None      # seat that showed the top trump for a point
    low: bool = False
    last: int | None = None           # seat that won the last trick (card points' last-trick bonus)
    caller: int | None = None         # seat that named trumps (a majority's caller's score)
    dealer: int = 0                   # the hand's dealer (quotas go by seat from the dealer)


class CardNames:
    """Cards taken, per seat, kept as card ids and written by name only when a record is read
    (most records of a playtest are never read as text)."""

    __slots__ = ("cards", "names")

    def __init__(self, cards: tuple[tuple[int, ...], ...], names: tuple[str, ...]):
        self.cards = cards
        self.names = names

    def as_json(self) -> list[list[str]]:
        names = self.names
        return [[names[c] for c in pile] for pile in self.cards]


#: The tricks of a hand, declared once for the families that play to tricks (trick-taking,
#: climbing): the trick on the table, the tricks played (history), the cards in play, each seat's
#: won cards and trick count (and how many of those tricks held a joker), whether the kitty was
#: captured, and a lead set by a rule.
TRICKS = {"trick": [], "history": [], "in_play": set(), "won": per_seat(list), "tricks_won": per_seat(int),
          "joker_tricks": per_seat(int), "captured": False, "lead_override": None}


class HandScorer:
    #: The order of a trick-taking hand's record fields.
    RECORD_ORDER = ("dealer", "trump", "deals", "tricks", "won", "last", "scores", "totals", "bids", "landlord", "low")
    #: … and the ones a record leaves out when the hand did not have them (``last``, the seat that
    #: won the last trick, is kept only where card points score it).
    RECORD_OPTIONAL = frozenset({"bids", "landlord", "low", "last"})

    def __init__(self, spec: GameSpec, table: CardTable):
        self.pig_card = pig_card(spec, table)
        s = spec.scoring
        self.kind = s.kind
        self.table = table
        self.auction = spec.bidding.auction is not None
        self.extras = getattr(s, "extras", None)
        self.jokers = frozenset(table.jokers)
        # Plain points per trick, with nothing else to add: the common case, scored in one line.
        # Only avoid-suit scoring asks which cards were dealt to players (shooting the moon, the
        # landlord's success): other games need not gather them every hand.
        self.uses_in_play = s.kind == "avoid-suit"
        self.plain = (s.kind == "per-trick" and not s.exact_bonus and s.extras == type(s.extras)()
                      and not self.auction and not spec.setup.top_trump_point and not spec.setup.high_low
                      and not s.quotas)
        self.quotas = s.quotas if s.kind == "per-trick" else None
        self.counter = CardPointsCounter(spec, table) if s.kind == "card-points" else None
        if s.kind == "per-trick":
            self.beyond = s.beyond
            self.exact_bonus, self.zero_bonus, self.blind_bonus = s.exact_bonus, s.zero_bonus, s.blind_bonus
        elif s.kind == "exact-bid":
            self.otherwise = s.otherwise
        elif s.kind == "majority":
            self.needed, self.win_points, self.sweep = s.needed, s.points, s.sweep
            self.caller_points = s.caller_points
            t = spec.setup.trumps
            self.caller_offset = {"dealer": 0, "dealer-left": 1}[t.caller] if t.method == "called" else None
        elif s.kind != "card-points":
            self.suit = table.suit_names.index(s.suit)
            self.suit_cards = frozenset(table.cards_of(self.suit))
            self.loss = {c: (1 if s.per_card == "one" else table.face[c]) for c in self.suit_cards}
            self.penalty = (table.index(s.penalty_card.card), s.penalty_card.points) if s.penalty_card else None
            self.bonus = (table.index(s.bonus_card.card), s.bonus_card.points) if s.bonus_card else None
            self.joker_loss = s.joker_loss or 0
            self.moon = s.shoot_the_moon
            self.doubler = table.index(s.doubler.card) if s.doubler else None
            self.pig_points = s.pig_points

    # -- what the engine asks of a family's scorer ---------------------------------------------

    def facts(self, state: "State") -> HandFacts:
        """The facts of the hand just played, gathered from the phases that made them."""
        last = state.history[-1][2] if self.counter is not None and state.history else None
        caller = None
        if self.kind == "majority" and self.caller_offset is not None:
            caller = (state.dealer + self.caller_offset) % state.n
        return HandFacts(state.tricks_won, state.won, state.in_play, state.bids, state.blind, state.joker_tricks,
                         state.landlord, state.landlord_bid, self.pig_card if state.pig_revealed else None,
                         state.trump, state.top_point, state.low, last, caller, state.dealer)

    def pool(self, f: HandFacts, sides: "Sides") -> HandFacts:
        """The hand's facts per side (``players.sides``): partners' tricks, cards taken, joker
        tricks and bids added together, so that each side is scored as one player. A side's bid
        is its members' bids added; it was blind only if every member bid blind. (The landlord's
        auction, whose landlord plays against everyone, is not played in sides: a check says so.)"""
        members = sides.members
        bids: list[int | None] = []
        if f.bids:
            for m in members:
                made = [f.bids[p] for p in m]
                bids.append(None if any(b is None for b in made) else sum(made))   # type: ignore[misc]
        blind = [all(f.blind[p] for p in m) for m in members] if f.blind else []
        jokers = [sum(f.joker_tricks[p] for p in m) for m in members] if f.joker_tricks else []
        top = None if f.top_point is None else sides.of[f.top_point]
        last = None if f.last is None else sides.of[f.last]
        caller = None if f.caller is None else sides.of[f.caller]
        return HandFacts([sum(f.tricks[p] for p in m) for m in members], [[c for p in m for c in f.won[p]] for m in members],
                         f.in_play, bids, blind, jokers, None, 0, f.pig, f.trump, top, f.low, last, caller)

    def record(self, state: "State", f: HandFacts) -> dict[str, Any]:
        """The hand's own facts for its record (trump suit, tricks and cards taken, bids …)."""
        t = self.table
        names = t.names
        trump = t.suit_names[f.trump] if f.trump is not None and f.trump < len(t.suit_names) else None
        return {"trump": trump, "tricks": list(f.tricks), "won": CardNames(tuple(map(tuple, f.won)), names),
                "bids": list(f.bids), "landlord": f.landlord, "low": f.low, "last": f.last}

    @property
    def card_points(self) -> dict[int, int]:
        """What each card is worth to its taker under this scoring (negative = penalty); empty
        when tricks, not cards, score."""
        cached = self.__dict__.get("_card_points")
        if cached is None:
            cached = {}
            if self.counter is not None:   # card points: each card its worth to its taker
                cached = {c: w for c, w in enumerate(self.counter.worth) if w}
            elif self.kind == "avoid-suit":
                for c, loss in self.loss.items():
                    cached[c] = -loss
                if self.penalty:
                    cached[self.penalty[0]] = cached.get(self.penalty[0], 0) - self.penalty[1]
                if self.bonus:
                    cached[self.bonus[0]] = self.bonus[1]
                for j in self.jokers:
                    cached[j] = cached.get(j, 0) - self.joker_loss
            self._card_points = cached
        return cached

    def points_of(self, state: "State") -> dict[int, int]:
        """What each card taken is worth in this hand: the game's one table (a schedule's scorer
        answers by the hand's contract)."""
        return self.card_points

    def trick_worth(self, state: "State") -> int:
        """What taking a trick is worth beyond what the scoring says of tricks (a schedule's contract
        may make it a loss): nothing here."""
        return 0

    def score(self, f: HandFacts) -> list[int]:
        """Hand scores per seat."""
        if self.plain:
            b = self.beyond
            return [t - b if t > b else 0 for t in f.tricks]
        if self.counter is not None:   # card points of the cards won in tricks, and the last trick
            scores = self.counter.score(f.won, [0] * len(f.won), f.last, f.tricks)
        elif self.kind == "majority":
            scores = self._majority(f)
        elif self.kind == "avoid-suit":
            scores = self._avoid(f)
        else:
            scores = self._tricks(f)
        if f.top_point is not None:
            scores[f.top_point] += 1
        if f.landlord is not None:
            self._landlord_payments(f, scores)
        if self.extras and self.extras.pig == "nothing" and f.pig is not None:
            # the pig's taker scores nothing at all for the hand, whatever else they earned
            taker = next((p for p, w in enumerate(f.won) if f.pig in w), None)
            if taker is not None:
                scores[taker] = 0
        if f.low:
            scores = [-x for x in scores]
        return scores

    def instant_winner(self, f: HandFacts) -> int | None:
        """SC-T4: a player who bid every trick and took them all wins the game at once."""
        if not (self.extras and self.extras.bid_all_wins and f.bids):
            return None
        total = sum(f.tricks)
        for p, bid in enumerate(f.bids):
            if bid is not None and bid == total and f.tricks[p] == total and total > 0:
                return p
        return None

    # -- per family of scoring -------------------------------------------------------------

    def _tricks(self, f: HandFacts) -> list[int]:
        ex = self.extras
        counted = list(f.tricks)
        if ex.joker_tricks == "void" and f.joker_tricks:
            counted = [t - j for t, j in zip(f.tricks, f.joker_tricks)]
        scores = []
        for p, t in enumerate(counted):
            bid = f.bids[p] if f.bids else None
            exact = bid is not None and t == bid
            if self.kind == "exact-bid":
                if exact:
                    s = 10 + bid  # type: ignore[operator]
                elif self.otherwise == "tricks-if-under" and bid is not None and t < bid:
                    s = t
                elif self.otherwise == "tricks-if-over" and bid is not None and t > bid:
                    s = t
                else:
                    s = 0
            else:
                quota = self.beyond if self.quotas is None else self.quotas[(p - f.dealer) % len(f.tricks)]
                s = t - quota if t > quota else 0
                if exact and self.exact_bonus:
                    s += self.exact_bonus
                    if bid == 0 and self.zero_bonus:
                        s += self.zero_bonus
                    if f.blind and f.blind[p] and self.blind_bonus:
                        s += self.blind_bonus
            if ex.joker_tricks == "bonus" and f.joker_tricks:
                s += f.joker_tricks[p]
            scores.append(s)
        if f.pig is not None and ex.pig != "none":
            taker = next((p for p, w in enumerate(f.won) if f.pig in w), None)
            if taker is not None:
                if ex.pig == "plus":
                    scores[taker] += 1
                elif ex.pig == "minus":
                    scores[taker] -= 1
        if ex.top_trump != "none":
            top = self._top_trump_card(f.trump)
            taker = next((p for p, w in enumerate(f.won) if top in w), None) if top is not None else None
            if taker is not None:
                scores[taker] += 1 if ex.top_trump == "plus" else -1
        return scores

    def _majority(self, f: HandFacts) -> list[int]:
        """Whoever took the tricks needed wins the hand: the caller's score if it named trumps, the
        sweep's for every trick, else the winner's points; everyone else nothing."""
        total = sum(f.tricks)
        scores = [0] * len(f.tricks)
        for p, t in enumerate(f.tricks):
            if t >= self.needed:
                if self.sweep is not None and t == total:
                    scores[p] = self.sweep
                elif self.caller_points is not None and p == f.caller:
                    scores[p] = self.caller_points
                else:
                    scores[p] = self.win_points
        return scores

    def _top_trump_card(self, trump: int | None) -> int | None:
        if trump is None or trump >= len(self.table.suit_names):
            return None
        cards = self.table.cards_of(trump)
        return max(cards, key=lambda c: self.table.strength[c]) if cards else None

    def _avoid(self, f: HandFacts) -> list[int]:
        suit_in_play = self.suit_cards & f.in_play
        scores = []
        for cards in f.won:
            taken = set(cards)
            score = 0
            mine = taken & self.suit_cards
            if self.bonus and self.bonus[0] in mine:
                mine = mine - {self.bonus[0]}
            if self.moon is not None and suit_in_play and suit_in_play <= taken:
                score += self.moon
            else:
                score -= sum(self.loss[c] for c in mine)
            if self.penalty and self.penalty[0] in taken:
                score -= self.penalty[1]
            if self.bonus and self.bonus[0] in taken:
                score += self.bonus[1]
            if self.joker_loss:
                score -= self.joker_loss * len(taken & self.jokers)
            if self.pig_points and f.pig is not None and f.pig in taken:
                score += self.pig_points
            if self.doubler is not None and self.doubler in taken:
                score *= 2
            scores.append(score)
        return scores

    def _landlord_payments(self, f: HandFacts, scores: list[int]) -> None:
        """Each opponent pays the landlord the bid if the landlord succeeded, else is paid it."""
        ll, bid, n = f.landlord, f.landlord_bid, len(scores)
        if self.kind == "avoid-suit":
            took = len(set(f.won[ll]) & self.suit_cards & f.in_play)  # type: ignore[index]
            success = took == 0 or took == len(self.suit_cards & f.in_play)
        else:
            success = all(f.tricks[ll] > f.tricks[p] for p in range(n) if p != ll)  # type: ignore[index]
        sign = 1 if success else -1
        for p in range(n):
            if p != ll:
                scores[p] -= sign * bid
                scores[ll] += sign * bid  # type: ignore[index]

