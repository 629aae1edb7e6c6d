"""The game as a state machine, in the manner of OpenSpiel: a ``Game`` compiled once from a spec,
``State`` objects with ``legal_actions()``, ``apply_action()``, ``is_terminal()`` and ``returns()``,
and an ``Observation`` per player that is all a bot may look at.

A whole game is many hands: the deal passes to the left after each hand until the end condition
holds. Each phase's rules live in their own module (deal, setup, tricks, scoring, ending); this
module only sequences them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from ..spec import GameSpec
from .cards import CardTable, compile_deck, effective_suits, trump_of_hand
from .deal import Dealer
from .ending import EndRules
from .scoring import HandScorer
from .setup import TrumpRules
from .tricks import TrickRules

# Phases of a hand.
CALL, SHOW, CONTRIBUTE, ANTI, PLAY, OVER = range(6)
PHASE_NAMES = ("call-trumps", "show-misdeal", "give-to-kitty", "name-anti-trumps", "play", "over")

# Non-card actions. Card actions are card ids (0 … pack size − 1).
SUIT_ACTION = 1000      # + suit index: name a suit (trumps when calling, anti-trumps)
KEEP_HAND, SHOW_HAND = 2000, 2001

#: Safety cap: a game that has not ended after this many moves is stopped as NON_TERMINATING.
DEFAULT_MOVE_CAP = 100_000


class IllegalAction(ValueError):
    pass


@dataclass
class HandRecord:
    dealer: int
    trump: str | None
    tricks: list[int]
    won: list[list[str]]
    scores: list[int]
    totals: list[int]
    deals: int = 1

    def as_dict(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "trump": self.trump, "deals": self.deals, "tricks": self.tricks,
                "won": self.won, "scores": self.scores, "totals": self.totals}


@dataclass
class GameRecord:
    players: int
    seed: int
    hands: list[HandRecord] = field(default_factory=list)
    winner: int | None = None
    ranking: list[int] = field(default_factory=list)   # place of each seat, 1 = first
    outcome: str = "natural"                          # 'natural' or 'cap'
    tie_rule_used: bool = False                       # first place was shared when the game could end
    moves: int = 0
    decisions: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"seed": self.seed, "players": self.players, "outcome": self.outcome,
                "winner": self.winner, "ranking": self.ranking, "tie_rule_used": self.tie_rule_used, "moves": self.moves,
                "decisions": self.decisions, "hands": [h.as_dict() for h in self.hands]}


class Game:
    """A spec compiled once into lookup tables and rule objects, shared by every state."""

    def __init__(self, spec: GameSpec, move_cap: int = DEFAULT_MOVE_CAP, audit: bool = False):
        self.spec = spec
        self.audit = audit
        self.table: CardTable = compile_deck(spec.deck)
        self.dealer = Dealer(spec, self.table)
        self.trumps = TrumpRules(spec, self.table)
        self.tricks = TrickRules(spec, self.table)
        self.scorer = HandScorer(spec, self.table)
        self.ending = EndRules(spec)
        self.move_cap = move_cap
        misdeal = spec.deal.misdeal
        self.misdeal_suit = self.table.suit_names.index(misdeal.suit) if misdeal else None
        self.misdeal_must = bool(misdeal and misdeal.must_show)
        self.opening = spec.play.opening_leader
        self.opening_card = self.table.index(spec.play.opening_card) if spec.play.opening_card else None
        self.contributed_kitty = bool(spec.deal.kitty and spec.deal.kitty.form == "contributed")

    def player_counts(self) -> range:
        return self.spec.players.counts()

    def new_initial_state(self, players: int, seed: int) -> "State":
        if players not in self.player_counts():
            raise ValueError(f"{self.spec.naming.name} is for {self.spec.players.min} to {self.spec.players.max} players, not {players}")
        return State(self, players, seed)


class State:
    """One game in progress. Chance (the shuffle) is drawn from the state's own seeded RNG."""

    def __init__(self, game: Game, players: int, seed: int):
        self.game = game
        self.n = players
        self.rng = random.Random(seed)
        self.record = GameRecord(players, seed)
        self.totals = [0] * players
        self.hand_no = 0
        self.dealer = 0
        self.over = False
        self.terminal = False
        self.phase = OVER
        self.current = 0
        self._legal: list[int] | None = None
        full = game.dealer.cards_each(players)
        self.sizes = game.ending.hand_sizes(full)
        self._start_hand()

    # -- public API ------------------------------------------------------------------------

    def current_player(self) -> int:
        return -4 if self.terminal else self.current   # -4 is OpenSpiel's terminal marker

    def is_terminal(self) -> bool:
        return self.terminal

    def legal_actions(self) -> list[int]:
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def apply_action(self, action: int) -> None:
        legal = self._legal if self._legal is not None else self.legal_actions()
        if action not in legal:
            raise IllegalAction(f"action {action} is not legal for seat {self.current} in phase {PHASE_NAMES[self.phase]}")
        self._legal = None
        rec = self.record
        rec.moves += 1
        if len(legal) > 1:
            rec.decisions += 1
        if self.phase == PLAY:
            self._play(action)
        elif self.phase == CALL:
            self._called(action - SUIT_ACTION)
        elif self.phase == SHOW:
            self._showed(action == SHOW_HAND)
        elif self.phase == CONTRIBUTE:
            self._contributed(action)
        elif self.phase == ANTI:
            self._named_anti(action - SUIT_ACTION)
        if rec.moves >= self.game.move_cap and not self.terminal:
            self._stop("cap")

    def play_random(self, rnd: Callable[[], float], hands: int | None = None) -> None:
        """Fast path for batch simulation: every seat plays uniformly at random, drawing from
        ``rnd`` (a ``random.Random().random``), until the game ends or ``hands`` more hands are done.

        It takes the same steps as ``apply_action`` with random bots, minus the per-move
        validation and the Observation objects; a forced move draws no random number, as in
        ``play_game``."""
        stop_at = None if hands is None else self.hand_no + hands
        rec = self.record
        cap = self.game.move_cap
        legal_for = self.game.tricks.legal
        play = self._play
        while not self.terminal and self.hand_no != stop_at:
            if self.phase == PLAY and self.forced_lead is None:
                legal = legal_for(self.hands[self.current], self.trick, self.eff, self.win_trump,
                                  self.trick_no == 0, self.broken)
                k = len(legal)
                rec.moves += 1
                if k > 1:
                    rec.decisions += 1
                    play(legal[int(rnd() * k)])
                else:
                    play(legal[0])
                if rec.moves >= cap and not self.terminal:
                    self._stop("cap")
            else:
                legal = self.legal_actions()
                self.apply_action(legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0])

    def returns(self) -> list[float]:
        """1 for the winner, 0 for everyone else (all 0 until the end, or if the game was stopped)."""
        w = self.record.winner
        return [1.0 if p == w else 0.0 for p in range(self.n)]

    def clone(self) -> "State":
        """An independent copy (for search): the compiled Game is shared, everything else copied."""
        new = State.__new__(State)
        d = self.__dict__.copy()
        for key, value in d.items():
            if isinstance(value, list):
                d[key] = [list(v) if isinstance(v, list) else v for v in value]
            elif isinstance(value, set):
                d[key] = set(value)
        d["rng"] = random.Random()
        d["rng"].setstate(self.rng.getstate())
        d["record"] = GameRecord(self.record.players, self.record.seed, list(self.record.hands),
                                 self.record.winner, list(self.record.ranking), self.record.outcome,
                                 self.record.moves, self.record.decisions, self.record.tie_rule_used)
        new.__dict__.update(d)
        return new

    def with_hidden_cards(self, hands: list[list[int]], kitty: list[int], stock: list[int],
                          hidden: int | None = None, seed: int = 0) -> "State":
        """A clone in which the cards nobody may see are placed as given (a determinization).

        The caller keeps what the observer can see unchanged (their own hand, cards played, a
        turned card); this method only checks that the cards still add up."""
        new = self.clone()
        new.hands = [sorted(h) for h in hands]
        new.kitty, new.stock = list(kitty), list(stock)
        if self.hidden is not None:
            new.hidden = hidden if hidden is not None else self.hidden
        new.rng = random.Random(seed)
        new._legal = None
        if self.game.audit:
            new.check_cards()
        return new

    def observation(self, player: int) -> "Observation":
        return Observation(self, player)

    def action_to_string(self, action: int) -> str:
        t = self.game.table
        if action < SUIT_ACTION:
            return t.names[action]
        if action < KEEP_HAND:
            return f"name {t.suit_names[action - SUIT_ACTION]}"
        return "show hand" if action == SHOW_HAND else "keep hand"

    # -- hand sequence ---------------------------------------------------------------------

    def _hand_size(self) -> int:
        if self.sizes is None:
            return self.game.dealer.cards_each(self.n)
        return self.sizes[min(self.hand_no, len(self.sizes) - 1)]

    def _start_hand(self) -> None:
        self.deals = 0
        self.trump: int | None = None
        self.anti: int | None = None
        self.turned: int | None = None     # face-up trump card (turn-up)
        self.hidden: int | None = None     # face-down trump card (hidden)
        self.lacking: list[int] = []
        if self.game.trumps.method == "called":
            self.phase = CALL
            self.current = (self.dealer + self.game.trumps.caller_offset) % self.n
        else:
            self._deal()

    def _called(self, suit: int) -> None:
        self.called = suit
        self._deal()

    def _deal(self) -> None:
        g = self.game
        self.deals += 1
        if self.deals > 1000:
            return self._stop("cap")
        while True:
            d = g.dealer.deal_hand(self.rng, self.n, self.dealer, self._hand_size())
            self.hands, self.kitty, self.stock, self.dealer_last = d.hands, d.kitty, d.stock, d.last_to_dealer
            # A hand that must be shown is thrown in at once: no one has a choice to make first.
            if not (g.misdeal_must and self._lacking_misdeal_suit()):
                break
            self.deals += 1
            if self.deals > 1000:
                return self._stop("cap")
        self._fix_trumps()

    def _lacking_misdeal_suit(self) -> list[int]:
        """Seats, from the dealer's left, dealt no card of the misdeal suit."""
        g = self.game
        suits = g.table.suit
        return [p for p in ((self.dealer + 1 + k) % self.n for k in range(self.n))
                if all(suits[c] != g.misdeal_suit for c in self.hands[p])]

    def _fix_trumps(self) -> None:
        """Trumps are fixed as soon as the cards are dealt, and anti-trumps named before anyone
        looks at their hand; then players look (misdeals) and give cards to the kitty."""
        tr = self.game.trumps
        top = None
        self.turned = self.hidden = None
        if tr.uses_top_card:
            top = self.kitty[0] if self.kitty else self.stock[0]
        if tr.method == "turn-up":
            self.turned = top
        elif tr.method == "hidden":
            self.hidden = top
        if tr.method == "called":
            self.trump = self.called
        else:
            self.trump = tr.at_deal(self.hand_no, top, self.dealer_last)
        self._set_trump(self.trump)
        if tr.anti_trumps:
            self.phase = ANTI
            self.current = self.dealer
            return
        self._check_misdeal()

    def _named_anti(self, suit: int) -> None:
        self.anti = suit
        self._check_misdeal()

    def _check_misdeal(self) -> None:
        g = self.game
        if g.misdeal_suit is not None and not g.misdeal_must:
            self.lacking = self._lacking_misdeal_suit()
            if self.lacking:
                self.phase = SHOW
                self.current = self.lacking.pop(0)
                return
        self._after_deal()

    def _showed(self, shown: bool) -> None:
        if shown:
            return self._deal()
        if self.lacking:
            self.current = self.lacking.pop(0)
            return
        self._after_deal()

    def _after_deal(self) -> None:
        if self.game.contributed_kitty:
            self.phase = CONTRIBUTE
            self.kitty = []
            self.current = (self.dealer + 1) % self.n
            return
        self._start_play()

    def _contributed(self, card: int) -> None:
        self.hands[self.current].remove(card)
        self.kitty.append(card)
        self.current = (self.current + 1) % self.n
        if len(self.kitty) == self.n:
            self.rng.shuffle(self.kitty)
            self._start_play()

    def _set_trump(self, trump: int | None) -> None:
        self.trump = trump
        self.eff = effective_suits(self.game.table, trump)
        self.win_trump = trump_of_hand(self.game.table, trump)

    def _start_play(self) -> None:
        g = self.game
        self.phase = PLAY
        self.in_play = {c for h in self.hands for c in h}
        self.won: list[list[int]] = [[] for _ in range(self.n)]
        self.tricks_won = [0] * self.n
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.trick_no = 0
        self.broken = False
        self.played: list[int] = []
        self.history: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []  # (seats, cards, taker) per trick
        self.forced_lead: int | None = None
        self.trump_pending = self.hidden is not None or g.trumps.method == "first-card"
        leader = (self.dealer + 1) % self.n
        if g.opening == "dealer":
            leader = self.dealer
        elif g.opening == "holder":
            holder = next((p for p in range(self.n) if g.opening_card in self.hands[p]), None)
            if holder is not None:
                leader, self.forced_lead = holder, g.opening_card
        self.leader = self.current = leader
        if not all(self.hands):   # a hand in which someone holds nothing has no tricks
            self._end_hand()

    # -- play ------------------------------------------------------------------------------

    def _compute_legal(self) -> list[int]:
        if self.terminal:
            return []
        ph = self.phase
        if ph == PLAY:
            if self.forced_lead is not None:
                return [self.forced_lead]
            return self.game.tricks.legal(self.hands[self.current], self.trick, self.eff, self.win_trump,
                                          self.trick_no == 0, self.broken)
        if ph == CONTRIBUTE:
            return list(self.hands[self.current])
        if ph == CALL:
            return [SUIT_ACTION + s for s in self.game.trumps.suits_to_call()]
        if ph == ANTI:
            return [SUIT_ACTION + s for s in range(len(self.game.table.suit_names)) if s != self.trump]
        if ph == SHOW:
            return [KEEP_HAND, SHOW_HAND]
        return []

    def _play(self, card: int) -> None:
        p = self.current
        self.hands[p].remove(card)
        self.forced_lead = None
        trick = self.trick
        if self.trump_pending:
            self._reveal_trump(card)
        trick.append(card)
        self.trick_seats.append(p)
        self.played.append(card)
        if len(trick) < self.n:
            self.current = p + 1 if p + 1 < self.n else 0
        else:
            self._finish_trick()

    def _reveal_trump(self, card: int) -> None:
        """Trumps that only appear in play: a hidden trump card is turned the first time a player
        plays off the led suit; with first-card trumps the first card led names the suit."""
        trick = self.trick
        if self.hidden is not None:
            if trick and self.eff[card] != self.eff[trick[0]]:
                self._set_trump(self.game.trumps.suit_of_shown(self.hidden))
                self.turned, self.hidden = self.hidden, None
                self.trump_pending = False
        elif not self.played:
            self._set_trump(self.game.table.suit[card])
            self.trump_pending = False

    def _finish_trick(self) -> None:
        rules = self.game.tricks
        trick = self.trick
        i = rules.winner(trick, self.eff, self.win_trump, self.anti)
        taker = self.trick_seats[i]
        self.won[taker].extend(trick)
        self.tricks_won[taker] += 1
        if rules.breaking is not None and not self.broken:
            self.broken = any(self.eff[c] == rules.breaking for c in trick)
        if rules.next_leader == "winner":
            self.leader = self.current = taker
        else:
            self.leader = self.current = rules.next_lead(trick, self.trick_seats, taker, self.leader, self.n)
        self.history.append((tuple(self.trick_seats), tuple(trick), taker))
        self.trick = []
        self.trick_seats = []
        self.trick_no += 1
        if not all(self.hands):
            self._end_hand()

    def check_cards(self) -> None:
        """Card conservation: every card of the pack is in exactly one place. Raises on a breach."""
        places = [*self.hands, *self.won, self.trick, self.kitty, self.stock]
        seen = [c for place in places for c in place]
        if len(seen) != len(set(seen)) or set(seen) != set(range(self.game.table.size)):
            missing = set(range(self.game.table.size)) - set(seen)
            doubled = {c for c in seen if seen.count(c) > 1}
            names = self.game.table.names
            raise AssertionError(f"cards lost {sorted(names[c] for c in missing)} or doubled "
                                 f"{sorted(names[c] for c in doubled)} in hand {self.hand_no}")

    def _end_hand(self) -> None:
        g = self.game
        if g.audit:
            self.check_cards()
        scores = g.scorer.score(self.tricks_won, self.won, self.in_play)
        for p in range(self.n):
            self.totals[p] += scores[p]
        names = g.table.names
        trump = None if self.trump is None else g.table.suit_names[self.trump] if self.trump < len(g.table.suit_names) else None
        self.record.hands.append(HandRecord(self.dealer, trump, list(self.tricks_won),
                                            [[names[c] for c in w] for w in self.won], scores,
                                            list(self.totals), self.deals))
        self.hand_no += 1
        self.over = self.over or g.ending.condition_met(self.totals, self.hand_no, self.n, self.sizes)
        if self.over:
            if self.totals.count(max(self.totals)) > 1:
                self.record.tie_rule_used = True
            winner = g.ending.winner(self.totals, [h.scores for h in self.record.hands])
            if winner is not None:
                self.record.winner = winner
                return self._stop("natural")
        self.dealer = (self.dealer + 1) % self.n
        self._start_hand()

    def _stop(self, outcome: str) -> None:
        self.terminal = True
        self.phase = OVER
        self._legal = []
        rec = self.record
        rec.outcome = outcome
        w = rec.winner
        rec.ranking = [1 if p == w else 1 + sum(1 for q in range(self.n) if self.totals[q] > self.totals[p] or q == w)
                       for p in range(self.n)]


class Observation:
    """What one player may see: their own hand, the public cards and history, and the legal actions.

    Hidden information (other hands, the kitty, the stock, an unrevealed trump card) is not
    reachable from here, so a bot holding only an Observation cannot peek."""

    __slots__ = ("_s", "player")

    def __init__(self, state: State, player: int):
        self._s = state
        self.player = player

    @property
    def legal(self) -> list[int]:
        return self._s.legal_actions() if self._s.current == self.player else []

    @property
    def phase(self) -> str:
        return PHASE_NAMES[self._s.phase]

    @property
    def players(self) -> int:
        return self._s.n

    @property
    def hand(self) -> list[int]:
        s = self._s
        if s.phase in (CALL, ANTI):  # trumps and anti-trumps are named before looking
            return []
        return list(s.hands[self.player])

    @property
    def trick(self) -> list[tuple[int, int]]:
        s = self._s
        return list(zip(s.trick_seats, s.trick)) if s.phase == PLAY else []

    @property
    def trump(self) -> int | None:
        """The trump suit, once players know it (a hidden trump card is not shown until turned)."""
        return self._s.trump if self._s.phase >= ANTI else None

    @property
    def win_trump(self) -> int | None:
        return self._s.win_trump if self._s.phase >= ANTI else None

    @property
    def effective_suits(self) -> list[int]:
        return self._s.eff

    @property
    def turned_card(self) -> int | None:
        return self._s.turned

    @property
    def played(self) -> list[int]:
        return list(self._s.played) if self._s.phase == PLAY else []

    @property
    def tricks_won(self) -> list[int]:
        return list(self._s.tricks_won) if self._s.phase == PLAY else [0] * self._s.n

    @property
    def totals(self) -> list[int]:
        return list(self._s.totals)

    @property
    def history(self) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """Completed tricks of this hand: (seats in play order, cards, seat that took it)."""
        return list(self._s.history) if self._s.phase == PLAY else []

    @property
    def hand_sizes(self) -> list[int]:
        """How many cards each player holds (public: anyone can count them)."""
        return [len(h) for h in self._s.hands]

    @property
    def seat_to_play(self) -> int:
        return self._s.current

    @property
    def anti_trump(self) -> int | None:
        return self._s.anti

    @property
    def hand_number(self) -> int:
        return self._s.hand_no

    @property
    def dealer(self) -> int:
        return self._s.dealer

    @property
    def table(self) -> CardTable:
        return self._s.game.table

    @property
    def points(self) -> dict[int, int]:
        """What each card is worth to its taker under this game's scoring (negative = penalty)."""
        return _card_points(self._s.game)


def _card_points(game: Game) -> dict[int, int]:
    cached = getattr(game, "_card_points", None)
    if cached is None:
        sc = game.scorer
        cached = {}
        if sc.kind == "avoid-suit":
            for c, loss in sc.loss.items():
                cached[c] = -loss
            if sc.penalty:
                cached[sc.penalty[0]] = cached.get(sc.penalty[0], 0) - sc.penalty[1]
            if sc.bonus:
                cached[sc.bonus[0]] = sc.bonus[1]
            for j in sc.jokers:
                cached[j] = cached.get(j, 0) - sc.joker_loss
        game._card_points = cached  # type: ignore[attr-defined]
    return cached


def _would_win(obs: Observation, card: int) -> bool:
    """Whether ``card`` would currently take the trick, judged from public information only."""
    s = obs._s
    trick = s.trick + [card]
    return s.game.tricks.winner(trick, s.eff, s.win_trump, s.anti) == len(trick) - 1


Observation.would_win = _would_win  # type: ignore[attr-defined]
