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
from .ending import EndRules, best_mask
from .actions import BID_BASE, LAW_BASE, NO, PASS_BID, PASS_PLAY, REPEAL_BASE, SUIT_ACTION, WILD_BASE, YES
from .bidding import BiddingRules
from .laws import LawBook, LawInForce
from .scoring import HandFacts, HandScorer
from .setup import SetupExtras, TrumpRules
from .tricks import TrickRules

# Phases of a game, in the order they come in a hand. Everything from ANTI on knows the trumps.
(INVENT, CALL, ANTI, BLIND, SHOW, CONTRIBUTE, PIG, HIGHLOW, ROB, ROB_DISCARD, TOPTRUMP, PROPOSE, AGREE,
 SWAP_OUT, BID, AUCTION, LAY_AWAY, PLAY, OVER) = range(19)
PHASE_NAMES = ("invent-law", "call-trumps", "name-anti-trumps", "bid-blind", "show-misdeal", "give-to-kitty",
               "reveal-pig", "show-high-low", "rob", "discard-after-robbing", "show-top-trump",
               "propose-exchange", "agree-exchange", "discard-for-exchange", "bid", "auction",
               "lay-away", "play", "over")
#: Phases in which a player decides before looking at their cards.
BEFORE_LOOKING = (INVENT, CALL, ANTI, BLIND)
KEEP_HAND, SHOW_HAND = NO, YES

#: Safety cap: a game that has not ended after this many moves is stopped as NON_TERMINATING.
DEFAULT_MOVE_CAP = 100_000
#: … or after this many hands (no real game lasts a thousand hands).
MAX_HANDS = 1000


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
    bids: list[int | None] = field(default_factory=list)
    landlord: int | None = None
    low: bool = False

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"dealer": self.dealer, "trump": self.trump, "deals": self.deals,
                               "tricks": self.tricks, "won": self.won, "scores": self.scores,
                               "totals": self.totals}
        if any(b is not None for b in self.bids):
            out["bids"] = self.bids
        if self.landlord is not None:
            out["landlord"] = self.landlord
        if self.low:
            out["low"] = True
        return out


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
        self.table: CardTable = compile_deck(spec.deck, spec.play.jokers)
        self.dealer = Dealer(spec, self.table)
        self.trumps = TrumpRules(spec, self.table)
        self.extras = SetupExtras(spec, self.table)
        self.bidding = BiddingRules(spec)
        self.tricks = TrickRules(spec, self.table)
        self.scorer = HandScorer(spec, self.table)
        self.ending = EndRules(spec)
        self.laws = LawBook(self.table, self.table.suit_names, spec.deck.ranks()) if spec.setup.extra_rules else None
        self.move_cap = move_cap
        misdeal = spec.deal.misdeal
        self.misdeal_suit = self.table.suit_names.index(misdeal.suit) if misdeal else None
        self.misdeal_must = bool(misdeal and misdeal.must_show)
        p = spec.play
        self.opening = p.opening_leader
        self.opening_card = self.table.index(p.opening_card) if p.opening_card else None
        self.contributed_kitty = bool(spec.deal.kitty and spec.deal.kitty.form == "contributed")
        self.wild = p.jokers == "wild" and bool(self.table.jokers)
        sidx = {s: i for i, s in enumerate(self.table.suit_names)}
        self.joker_lead = sidx[p.joker_lead] if p.joker_lead else None
        self.boost_rank = p.boost.rank if p.boost else None
        self.pig_lead = p.pig_lead
        cap = p.kitty_capture
        self.capture_card = self.table.index(cap.card) if cap and cap.card else None
        self.capture_suit = sidx[cap.suit] if cap and cap.suit else None
        self.extra_rules = spec.setup.extra_rules
        # Whether a finished trick needs more than its winner worked out.
        self.trick_extras = bool(self.table.jokers) or self.extras.pig is not None or cap is not None
        # Games without any of these play every card through TrickRules.legal alone (the fast path).
        self.plain_play = not (self.wild or self.joker_lead is not None or self.extras.pig is not None
                               or self.laws is not None)

        # The hand's steps this game needs, in order (see State._STEPS).
        st, b = spec.setup, spec.bidding
        needed = {"_name_anti": st.anti_trumps, "_offer_blind": self.bidding.blind != "none",
                  "_check_misdeal": bool(misdeal and not misdeal.must_show),
                  "_collect_kitty": self.contributed_kitty, "_offer_pig": st.pig is not None,
                  "_choose_high_low": st.high_low, "_offer_rob": st.robbing is not None,
                  "_offer_top_trump": st.top_trump_point, "_offer_exchange": st.exchange is not None,
                  "_take_bids": b.tricks is not None, "_hold_auction": b.auction is not None}
        self.steps = tuple(step for step in State._STEPS if needed.get(step, True))
        self._orders: dict[int, dict[int, list[tuple[int, ...]]]] = {}

    def turn_orders(self, n: int) -> dict[int, list[tuple[int, ...]]]:
        """For each direction (1 clockwise, −1 anticlockwise) and leader, the other seats in the
        order they play, last first (the engine pops them from the end)."""
        orders = self._orders.get(n)
        if orders is None:
            orders = self._orders[n] = {d: [tuple((lead + k * d) % n for k in range(n - 1, 0, -1))
                                            for lead in range(n)] for d in (1, -1)}
        return orders

    def player_counts(self) -> range:
        return self.spec.players.counts()

    def new_initial_state(self, players: int, seed: int) -> "State":
        if players not in self.player_counts():
            raise ValueError(f"{self.spec.naming.name} is for {self.spec.players.min} to {self.spec.players.max} players, not {players}")
        return State(self, players, seed)


class State:
    """One game in progress. Chance (the shuffle) is drawn from the state's own seeded RNG.

    A hand is a pipeline of steps (``_STEPS``); a step either finishes at once or opens a
    decision phase, whose handler resumes the pipeline when the decision is complete."""

    _STEPS = ("_fix_trumps", "_name_anti", "_offer_blind", "_check_misdeal", "_collect_kitty", "_offer_pig",
              "_choose_high_low", "_offer_rob", "_offer_top_trump", "_offer_exchange", "_take_bids",
              "_hold_auction", "_start_play")

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
        self.laws: list[LawInForce] = []
        self.inventors: list[int] = []
        self.best_of_hands: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self._reset_hand()
        full = game.dealer.cards_each(players)
        self.sizes = game.ending.hand_sizes(full)
        rules = game.extra_rules
        if rules is not None and rules.kind == "secret":
            self._secret_inventors()
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
            self._apply_play(action)
        else:
            getattr(self, _HANDLERS[self.phase])(action)
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
        options = self._play_options
        play = self._apply_play
        plain = self.game.plain_play
        legal_for = self.game.tricks.legal
        card_play = self._play
        while not self.terminal and self.hand_no != stop_at:
            if self.phase == PLAY and plain and self.forced_lead is None:
                # The plain trick game: straight to the trick rules and the card play, a hand at a time.
                hand_no = self.hand_no
                moves = decisions = 0
                while self.hand_no == hand_no and self.phase == PLAY and self.forced_lead is None:
                    legal = legal_for(self.hands[self.current], self.trick, self.eff, self.win_trump,
                                      self.trick_no == 0, self.broken)
                    k = len(legal)
                    moves += 1
                    if k > 1:
                        decisions += 1
                        c = legal[int(rnd() * k)]
                    else:
                        c = legal[0]
                    card_play(c, c)
                rec.moves += moves
                rec.decisions += decisions
                if rec.moves >= cap and not self.terminal:
                    self._stop("cap")
            elif self.phase == PLAY:
                legal = options()
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
                d[key] = [list(v) if isinstance(v, list) else (set(v) if isinstance(v, set) else v) for v in value]
            elif isinstance(value, (set, dict)):
                d[key] = value.copy()   # e.g. the exchange's cards still to discard
        d["laws"] = [LawInForce(f.law, f.inventor, f.secret, set(f.known_by)) for f in self.laws]
        d["rng"] = random.Random.__new__(random.Random)   # no reseeding from the OS: the state is set next
        d["rng"].setstate(self.rng.getstate())
        d["record"] = GameRecord(self.record.players, self.record.seed, list(self.record.hands),
                                 self.record.winner, list(self.record.ranking), self.record.outcome,
                                 self.record.tie_rule_used, self.record.moves, self.record.decisions)
        new.__dict__.update(d)
        return new

    def with_hidden_cards(self, hands: list[list[int]], kitty: list[int], stock: list[int],
                          hidden: int | None = None, seed: int = 0,
                          discards: list[int] | None = None) -> "State":
        """A clone in which the cards nobody may see are placed as given (a determinization).

        The caller keeps what the observer can see unchanged (their own hand, cards played, a
        turned card); this method only checks that the cards still add up. The cards dealt to
        players this hand (``in_play``, which scoring uses) are worked out again from the new hands."""
        new = self.clone()
        new.hands = [sorted(h) for h in hands]
        new.kitty, new.stock = list(kitty), list(stock)
        if discards is not None:
            new.discards = list(discards)
        if self.hidden is not None:
            new.hidden = hidden if hidden is not None else self.hidden
        new.rng = random.Random(seed)
        new._legal = None
        if self.phase == PLAY:
            new.in_play = ({c for h in new.hands for c in h} | set(new.trick_cards)
                           | {c for _, cards, _ in new.history for c in cards})
        if self.game.audit:
            new.check_cards()
        return new

    def observation(self, player: int) -> "Observation":
        return Observation(self, player)

    def action_to_string(self, action: int) -> str:
        t = self.game.table
        if action < SUIT_ACTION:
            return t.names[action]
        if action < NO:
            return f"name {t.suit_names[action - SUIT_ACTION]}"
        if action in (NO, YES):
            return "yes" if action == YES else "no"
        if action == PASS_BID:
            return "pass"
        if action == PASS_PLAY:
            return "play no card"
        if action < LAW_BASE:
            return f"bid {action - BID_BASE}"
        if action < REPEAL_BASE and self.game.laws:
            return f"invent: {self.game.laws.describe(self.game.laws.menu[action - LAW_BASE])}"
        if action < WILD_BASE and self.game.laws:
            return f"repeal: {self.game.laws.describe(self.laws[action - REPEAL_BASE].law)}"
        joker, card = divmod(action - WILD_BASE, 1000)
        return f"{t.names[t.jokers[joker]]} as the {t.names[card]}"

    # -- the hand pipeline -----------------------------------------------------------------

    def _reset_hand(self) -> None:
        n = self.n
        self.deals = 0
        self.trump: int | None = None
        self.anti: int | None = None
        self.turned: int | None = None     # face-up trump card (turn-up)
        self.hidden: int | None = None     # face-down trump card (hidden)
        self.eff = list(self.game.table.suit)
        self.win_trump: int | None = None
        self.kitty: list[int] = []
        self.stock: list[int] = []
        self.discards: list[int] = []
        self.won: list[list[int]] = [[] for _ in range(n)]
        self.trick: list[int] = []
        self.trick_cards: list[int] = []
        self.trick_seats: list[int] = []
        self.history: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
        self.tricks_won = [0] * n
        self.lacking: list[int] = []
        self.bids: list[int | None] = [None] * n
        self.blind = [False] * n
        self.landlord: int | None = None
        self.landlord_bid = 0
        self.pig_revealed = False
        self.shown: list[int | None] = [None] * n
        self.low = False
        self.top_point: int | None = None
        self.direction = 1

    def _hand_size(self) -> int:
        if self.sizes is None:
            return self.game.dealer.cards_each(self.n)
        return self.sizes[min(self.hand_no, len(self.sizes) - 1)]

    def _start_hand(self) -> None:
        self._reset_hand()
        if self.inventors:
            self._open(INVENT, self.inventors[0])
            return
        self._deal_or_call()

    def _deal_or_call(self) -> None:
        if self.game.trumps.method == "called":
            self._open(CALL, (self.dealer + self.game.trumps.caller_offset) % self.n)
        else:
            self._deal()

    def _open(self, phase: int, seat: int) -> bool:
        self.phase = phase
        self.current = seat
        return True

    def _called(self, action: int) -> None:
        self.called = action - SUIT_ACTION
        self._deal()

    def _deal(self) -> None:
        g = self.game
        while True:
            self.deals += 1
            if self.deals > 1000:
                return self._stop("cap")
            d = g.dealer.deal_hand(self.rng, self.n, self.dealer, self._hand_size())
            self.hands, self.kitty, self.stock, self.dealer_last = d.hands, d.kitty, d.stock, d.last_to_dealer
            self.discards = []
            # A hand that must be shown is thrown in at once: no one has a choice to make first.
            if not (g.misdeal_must and self._lacking_misdeal_suit()):
                break
        self.steps = list(g.steps)
        self._advance()

    def _advance(self) -> None:
        """Run the hand's remaining steps until one opens a decision."""
        while self.steps and not self.terminal:
            step = self.steps.pop(0)
            if getattr(self, step)():
                return

    def _lacking_misdeal_suit(self) -> list[int]:
        """Seats, from the dealer's left, dealt no card of the misdeal suit."""
        g = self.game
        suits = g.table.suit
        return [p for p in self._from_left() if all(suits[c] != g.misdeal_suit for c in self.hands[p])]

    def _from_left(self) -> list[int]:
        return [(self.dealer + 1 + k) % self.n for k in range(self.n)]

    # Each step returns True when it has opened a decision phase.

    def _fix_trumps(self) -> bool:
        """Trumps are fixed as soon as the cards are dealt."""
        tr = self.game.trumps
        top = None
        self.turned = self.hidden = None
        if tr.uses_top_card:
            top = self.kitty[0] if self.kitty else self.stock[0]
        if tr.method == "turn-up":
            self.turned = top
        elif tr.method == "hidden":
            self.hidden = top
        trump = self.called if tr.method == "called" else tr.at_deal(self.hand_no, top, self.dealer_last)
        self._set_trump(trump)
        return False

    def _name_anti(self) -> bool:
        return self.game.trumps.anti_trumps and self._open(ANTI, self.dealer)

    def _named_anti(self, action: int) -> None:
        self.anti = action - SUIT_ACTION
        self._advance()

    def _offer_blind(self) -> bool:
        if self.game.bidding.blind == "none":
            return False
        self.queue = self.game.bidding.bidding_order(self.dealer, self.n)
        return self._open(BLIND, self.queue.pop(0))

    def _blind_bid(self, action: int) -> None:
        if action != NO:
            self.bids[self.current] = action - BID_BASE
            self.blind[self.current] = True
        self._next_in_queue()

    def _next_in_queue(self) -> None:
        """Move to the next seat of a phase taken in turn, or resume the pipeline when done."""
        if self.queue:
            self.current = self.queue.pop(0)
        else:
            self._advance()

    def _check_misdeal(self) -> bool:
        g = self.game
        if g.misdeal_suit is None or g.misdeal_must:
            return False
        self.queue = self._lacking_misdeal_suit()
        return bool(self.queue) and self._open(SHOW, self.queue.pop(0))

    def _showed(self, action: int) -> None:
        if action == YES:
            self.steps = []
            self._reset_hand_for_redeal()
            return self._deal_or_call() if False else self._deal()
        self._next_in_queue()

    def _reset_hand_for_redeal(self) -> None:
        self.bids = [None] * self.n
        self.blind = [False] * self.n
        self.anti = None

    def _collect_kitty(self) -> bool:
        if not self.game.contributed_kitty:
            return False
        self.kitty = []
        self.queue = self._from_left()
        return self._open(CONTRIBUTE, self.queue.pop(0))

    def _contributed(self, card: int) -> None:
        self.hands[self.current].remove(card)
        self.kitty.append(card)
        if not self.queue:
            self.rng.shuffle(self.kitty)
        self._next_in_queue()

    def _holder(self, card: int | None) -> int | None:
        if card is None:
            return None
        return next((p for p in range(self.n) if card in self.hands[p]), None)

    def _offer_pig(self) -> bool:
        holder = self._holder(self.game.extras.pig)
        return holder is not None and self._open(PIG, holder)

    def _pig_decided(self, action: int) -> None:
        self.pig_revealed = action == YES
        self._advance()

    def _choose_high_low(self) -> bool:
        if not self.game.extras.high_low:
            return False
        self.queue = self._from_left()
        return self._open(HIGHLOW, self.queue.pop(0))

    def _chose_high_low(self, card: int) -> None:
        self.shown[self.current] = card
        if not self.queue:
            self.low = self.game.extras.is_low([c for c in self.shown if c is not None])
        self._next_in_queue()

    def _offer_rob(self) -> bool:
        ex = self.game.extras
        if ex.robbing is None or self.turned is None or self.trump is None:
            return False
        holder = self._holder(ex.lowest_of(self.trump))
        return holder is not None and self._open(ROB, holder)

    def _rob_decided(self, action: int) -> None:
        if action == NO:
            return self._advance()
        p, card = self.current, self.turned
        pile = self.kitty if card in self.kitty else self.stock
        i = pile.index(card)
        if self.game.extras.robbing.form == "swap":
            low = self.game.extras.lowest_of(self.trump)
            self.hands[p].remove(low)
            pile[i] = low
            self.turned = low
            self.hands[p].append(card)
            self.hands[p].sort()
            return self._advance()
        pile.pop(i)
        self.turned = None
        self.hands[p].append(card)
        self.hands[p].sort()
        self._open(ROB_DISCARD, p)

    def _rob_discarded(self, card: int) -> None:
        self.hands[self.current].remove(card)
        self.discards.append(card)
        self._advance()

    def _offer_top_trump(self) -> bool:
        if not self.game.extras.top_trump_point:
            return False
        holder = self._holder(self.game.extras.highest_of(self.trump))
        return holder is not None and self._open(TOPTRUMP, holder)

    def _top_trump_decided(self, action: int) -> None:
        if action == YES:
            self.top_point = self.current
        self._advance()

    def _drawable(self) -> int:
        """Where drawing from the stock starts: below a trump card lying on top of it."""
        return 1 if self.stock and self.stock[0] in (self.turned, self.hidden) else 0

    def _draw(self, seat: int, k: int) -> None:
        start = self._drawable()
        self.hands[seat].extend(self.stock[start:start + k])
        del self.stock[start:start + k]
        self.hands[seat].sort()

    def _exchange_possible(self) -> bool:
        k = self.game.extras.exchange
        return (k is not None and len(self.stock) - self._drawable() >= k * self.n
                and all(len(h) >= k for h in self.hands))

    def _offer_exchange(self) -> bool:
        if not self._exchange_possible():
            return False
        self.proposers = self._from_left()
        return self._open(PROPOSE, self.proposers.pop(0))

    def _proposed(self, action: int) -> None:
        if action == YES:
            self.proposer = self.current
            self.queue = [(self.current + k) % self.n for k in range(1, self.n)]
            return self._open(AGREE, self.queue.pop(0)) and None
        self._next_proposer()

    def _next_proposer(self) -> None:
        if self.proposers and self._exchange_possible():
            self._open(PROPOSE, self.proposers.pop(0))
        else:
            self._advance()

    def _agreed(self, action: int) -> None:
        if action == NO:
            return self._next_proposer()
        if self.queue:
            self.current = self.queue.pop(0)
            return
        # Everyone agreed: each player in turn discards, then all draw replacements.
        self.swap_left = {p: self.game.extras.exchange for p in range(self.n)}
        self.queue = self._from_left()
        self._open(SWAP_OUT, self.queue.pop(0))

    def _swapped_out(self, card: int) -> None:
        p = self.current
        self.hands[p].remove(card)
        self.discards.append(card)
        self.swap_left[p] -= 1
        if self.swap_left[p]:
            return
        if self.queue:
            self.current = self.queue.pop(0)
            return
        k = self.game.extras.exchange
        for q in self._from_left():
            self._draw(q, k)
        # A new round of proposals begins with the player after the one whose proposal passed.
        self.proposers = [(self.proposer + k) % self.n for k in range(1, self.n + 1)]
        self._next_proposer()

    def _tricks_in_hand(self) -> int:
        return min(len(h) for h in self.hands)

    def _take_bids(self) -> bool:
        if self.game.bidding.tricks is None:
            return False
        self.queue = [p for p in self.game.bidding.bidding_order(self.dealer, self.n) if not self.blind[p]]
        return bool(self.queue) and self._open(BID, self.queue.pop(0))

    def _bid(self, action: int) -> None:
        self.bids[self.current] = action - BID_BASE
        self._next_in_queue()

    def _hold_auction(self) -> bool:
        if self.game.bidding.auction is None:
            return False
        self.in_auction = [(self.dealer + k) % self.n for k in range(self.n)]
        self.high_bid, self.high_bidder = 0, None
        return self._open(AUCTION, self.in_auction[0])

    def _auction_bid(self, action: int) -> None:
        p = self.current
        i = self.in_auction.index(p)
        if action == PASS_BID:
            self.in_auction.pop(i)
        else:
            self.high_bid, self.high_bidder = action - BID_BASE, p
            i += 1
        done = (self.high_bid == self.game.bidding.max_auction_bid
                or (self.high_bidder is not None and self.in_auction == [self.high_bidder]))
        if not self.in_auction:   # everyone passed: throw the cards in and deal again
            self.steps = []
            self._reset_hand_for_redeal()
            return self._deal()
        if not done:
            self.current = self.in_auction[i % len(self.in_auction)]
            return
        # The landlord takes the kitty into hand and lays as many cards away.
        ll = self.landlord = self.high_bidder
        self.landlord_bid = self.high_bid
        self.to_lay_away = len(self.kitty)
        self.hands[ll].extend(self.kitty)
        self.hands[ll].sort()
        self.kitty = []
        if self.to_lay_away:
            self._open(LAY_AWAY, ll)
        else:
            self._advance()

    def _laid_away(self, card: int) -> None:
        self.hands[self.current].remove(card)
        self.discards.append(card)
        self.to_lay_away -= 1
        if not self.to_lay_away:
            self._advance()

    def _set_trump(self, trump: int | None) -> None:
        self.trump = trump
        self.eff = effective_suits(self.game.table, trump)
        self.win_trump = trump_of_hand(self.game.table, trump)

    def _start_play(self) -> bool:
        g = self.game
        self.phase = PLAY
        self.in_play = {c for h in self.hands for c in h}
        self.joker_tricks = [0] * self.n
        self.trick_no = 0
        self.broken = False
        self.pig_suit_led = False
        self.captured = False
        self.lead_override: int | None = None
        self.forced_lead: int | None = None
        self.trump_pending = self.hidden is not None or g.trumps.method == "first-card"
        self.boost_rank = g.boost_rank
        self.play_extras = g.boost_rank is not None or bool(self.laws)
        leader = (self.dealer + 1) % self.n
        if g.opening == "dealer":
            leader = self.dealer
        elif g.opening == "landlord" and self.landlord is not None:
            leader = self.landlord
        elif g.opening == "holder":
            holder = self._holder(g.opening_card)
            if holder is not None:
                leader, self.forced_lead = holder, g.opening_card
        self._lead_by(leader)
        if not all(self.hands):   # a hand in which someone holds nothing has no tricks
            self._end_hand()
        return True

    def _lead_by(self, leader: int) -> None:
        self.leader = self.current = leader
        n, d = self.n, self.direction
        self._orders = self.game.turn_orders(n)
        self.queue = list(self._orders[d][leader])   # popped from the end
        self.boosted = False

    # -- play ------------------------------------------------------------------------------

    def _compute_legal(self) -> list[int]:
        if self.terminal:
            return []
        ph = self.phase
        if ph == PLAY:
            return self._play_options()
        g = self.game
        hand = self.hands[self.current]
        if ph in (CONTRIBUTE, HIGHLOW, ROB_DISCARD, SWAP_OUT, LAY_AWAY):
            return list(hand)
        if ph == CALL:
            return [SUIT_ACTION + s for s in g.trumps.suits_to_call()]
        if ph == ANTI:
            return [SUIT_ACTION + s for s in range(len(g.table.suit_names)) if s != self.trump]
        if ph == BLIND:
            return g.bidding.blind_options(self._tricks_in_hand())
        if ph == BID:
            return g.bidding.bid_options(self._tricks_in_hand(), self.bids, last=not self.queue)
        if ph == AUCTION:
            return g.bidding.auction_options(self.high_bid)
        if ph == INVENT:
            return self._invent_options()
        if ph in (SHOW, PIG, ROB, TOPTRUMP, PROPOSE, AGREE):
            return [NO, YES]
        return []

    def _play_options(self) -> list[int]:
        if self.forced_lead is not None:
            return [self.forced_lead]
        if self.game.plain_play:
            return self.game.tricks.legal(self.hands[self.current], self.trick, self.eff, self.win_trump,
                                          self.trick_no == 0, self.broken)
        return self._rich_play_options()

    def _rich_play_options(self) -> list[int]:
        """Legal plays when wild jokers, a joker lead, the pig or invented laws are in the game."""
        g, p = self.game, self.current
        hand = self.hands[p]
        jokers = [j for j in g.table.jokers if j in hand] if g.wild else []
        trick, eff = self.trick, self.eff
        if jokers:
            # A wild joker may be any natural card: judge legality over the hand as it could be.
            naturals = [c for c in range(g.table.size) if c not in g.table.jokers]
            real = [c for c in hand if c not in jokers]
            pool = sorted(set(real) | set(naturals))
            legal = g.tricks.legal(pool, trick, eff, self.win_trump, self.trick_no == 0, self.broken)
            legal = [c for c in legal if c in real] + [WILD_BASE + 1000 * g.table.jokers.index(j) + c
                                                       for j in jokers for c in legal]
        else:
            legal = g.tricks.legal(hand, trick, eff, self.win_trump, self.trick_no == 0, self.broken)
        if g.joker_lead is not None and self.trick_cards and self.trick_cards[0] in g.table.jokers:
            of_suit = [c for c in hand if eff[c] == g.joker_lead and c not in g.table.jokers]
            if of_suit:
                legal = [max(of_suit, key=lambda c: g.table.strength[c])]
        if self.pig_revealed and g.extras.pig in hand and g.pig_lead != "free":
            legal = self._pig_restriction(legal, hand)
        if self.laws:
            allowed = [a for a in legal if not self._forbidden(a, p, known_only=True)]
            legal = allowed or [PASS_PLAY]
        return legal

    def _pig_restriction(self, legal: list[int], hand: list[int]) -> list[int]:
        pig = self.game.extras.pig
        suit = self.eff[pig]
        if sum(1 for c in hand if self.eff[c] == suit) == 1:
            return legal   # its holder's only card of its suit: no restriction
        if not self.trick:
            barred = True
        else:
            barred = (self.game.pig_lead == "no-lead-or-first" and not self.pig_suit_led
                      and self.eff[self.trick[0]] == suit)
        if barred:
            return [a for a in legal if a != pig] or legal
        return legal

    def _as_played(self, action: int) -> tuple[int, int]:
        """(card that leaves the hand, card it counts as)."""
        if action >= WILD_BASE:
            joker, card = divmod(action - WILD_BASE, 1000)
            return self.game.table.jokers[joker], card
        return action, action

    def _forbidden(self, action: int, seat: int, known_only: bool) -> bool:
        if action == PASS_PLAY:
            return False
        _, card = self._as_played(action)
        book = self.game.laws
        return any(book.forbids(f.law, card, self.trick, self.eff)  # type: ignore[union-attr]
                   for f in self.laws if (not known_only or seat in f.known_by))

    def _apply_play(self, action: int) -> None:
        if self.game.plain_play and action < WILD_BASE:
            return self._play(action, action)
        if action == PASS_PLAY:
            return self._pass_play()
        if self.laws:
            broken = [f for f in self.laws if self.current not in f.known_by
                      and self.game.laws.forbids(f.law, self._as_played(action)[1], self.trick, self.eff)]  # type: ignore[union-attr]
            if broken:
                # A secret law was broken: the card goes back and the player now knows that law.
                for f in broken:
                    f.known_by.add(self.current)
                return
        self._play(*self._as_played(action))

    def _pass_play(self) -> None:
        if self.queue:
            self.current = self.queue.pop()
            if not self.trick:
                self.leader = self.current
        elif self.trick:
            self._finish_trick()
        else:
            self._end_hand()   # no one could play a card: the hand is over

    def _play(self, card: int, as_card: int) -> None:
        p = self.current
        self.hands[p].remove(card)
        if self.forced_lead is not None:
            self.forced_lead = None
        trick = self.trick
        if self.trump_pending:
            self._reveal_trump(as_card)
        trick.append(as_card)
        self.trick_cards.append(card)
        self.trick_seats.append(p)
        if self.play_extras:
            if self.boost_rank is not None and len(trick) == 1:
                self.boosted = self.game.table.rank[as_card] == self.boost_rank
            if self.laws:
                self._law_effects(p, as_card)
        queue = self.queue
        if queue:
            self.current = queue.pop()
        elif self.boosted and all(self.hands):
            # A boost trick goes round a second time, starting with its leader.
            self.boosted = False
            n, d = self.n, self.direction
            self.queue = [(self.leader + k * d) % n for k in range(n - 1, -1, -1)]
            self.current = self.queue.pop()
        else:
            self._finish_trick()

    def _law_effects(self, seat: int, card: int) -> None:
        for effect in self.game.laws.effects(self.laws, card):  # type: ignore[union-attr]
            if effect == "lead-next":
                self.lead_override = seat
            elif effect == "draw" and len(self.stock) > self._drawable():
                self._draw(seat, 1)
            elif effect == "reverse":
                self.direction = -self.direction
                waiting = set(self.queue)
                n, d = self.n, self.direction
                self.queue = [s for s in ((seat + k * d) % n for k in range(n - 1, 0, -1)) if s in waiting]
            elif effect == "skip" and self.queue:
                self.queue.pop()

    def _reveal_trump(self, card: int) -> None:
        """Trumps that only appear in play: a hidden trump card is turned the first time a player
        plays off the led suit; with first-card trumps the first card led names the suit."""
        trick = self.trick
        if self.hidden is not None:
            if trick and self.eff[card] != self.eff[trick[0]]:
                self._set_trump(self.game.trumps.suit_of_shown(self.hidden))
                self.turned, self.hidden = self.hidden, None
                self.trump_pending = False
        elif not trick and not self.history:   # the first card of the hand
            self._set_trump(self.game.table.suit[card])
            self.trump_pending = False

    def _finish_trick(self) -> None:
        g = self.game
        rules = g.tricks
        trick, cards = self.trick, self.trick_cards
        i = rules.winner(trick, self.eff, self.win_trump, self.anti)
        taker = self.trick_seats[i]
        self.won[taker].extend(cards)
        self.tricks_won[taker] += 1
        if rules.breaking is not None and not self.broken:
            self.broken = any(self.eff[c] == rules.breaking for c in trick)
        if g.trick_extras:
            self._after_trick(taker, trick, cards)
        self.history.append((tuple(self.trick_seats), tuple(cards), taker))
        if self.lead_override is not None:
            leader = self.lead_override
            self.lead_override = None
        elif rules.next_leader == "winner":
            leader = taker
        elif rules.next_leader == "left-of-leader":
            leader = (self.leader + self.direction) % self.n
        else:
            leader = rules.next_lead(trick, self.trick_seats, taker, self.leader, self.n)
        self.trick = []
        self.trick_cards = []
        self.trick_seats = []
        self.trick_no += 1
        if not all(self.hands):
            self._end_hand()
        else:
            self.leader = self.current = leader
            self.queue = list(self._orders[self.direction][leader])
            self.boosted = False

    def _after_trick(self, taker: int, trick: list[int], cards: list[int]) -> None:
        """What a finished trick means beyond its winner: joker tricks, the pig's suit, the kitty."""
        g = self.game
        if g.table.jokers and any(c in g.table.jokers for c in cards):
            self.joker_tricks[taker] += 1
        if g.extras.pig is not None and self.eff[trick[0]] == self.eff[g.extras.pig]:
            self.pig_suit_led = True
        if self.kitty and not self.captured and (g.capture_card in cards or (
                g.capture_suit is not None and any(g.table.suit[c] == g.capture_suit for c in cards))):
            self.won[taker].extend(self.kitty)
            self.kitty = []
            self.tricks_won[taker] += 1
            self.captured = True

    def check_cards(self) -> None:
        """Card conservation: every card of the pack is in exactly one place. Raises on a breach."""
        places = [*self.hands, *self.won, self.trick_cards, self.kitty, self.stock, self.discards]
        seen = [c for place in places for c in place]
        if len(seen) != len(set(seen)) or set(seen) != set(range(self.game.table.size)):
            missing = set(range(self.game.table.size)) - set(seen)
            doubled = {c for c in seen if seen.count(c) > 1}
            names = self.game.table.names
            raise AssertionError(f"cards lost {sorted(names[c] for c in missing)} or doubled "
                                 f"{sorted(names[c] for c in doubled)} in hand {self.hand_no}")

    # -- the end of a hand -----------------------------------------------------------------

    def _end_hand(self) -> None:
        g = self.game
        if g.audit:
            self.check_cards()
        facts = HandFacts(self.tricks_won, self.won, self.in_play, self.bids, self.blind, self.joker_tricks,
                          self.landlord, self.landlord_bid, g.extras.pig if self.pig_revealed else None,
                          self.trump, self.top_point, self.low)
        scores = g.scorer.score(facts)
        for p in range(self.n):
            self.totals[p] += scores[p]
        names = g.table.names
        trump = g.table.suit_names[self.trump] if self.trump is not None and self.trump < len(g.table.suit_names) else None
        self.record.hands.append(HandRecord(self.dealer, trump, list(self.tricks_won),
                                            [[names[c] for c in w] for w in self.won], scores,
                                            list(self.totals), self.deals, list(self.bids), self.landlord,
                                            self.low))
        self.hand_no += 1
        self.best_of_hands.append(best_mask(scores))
        if self.hand_no >= MAX_HANDS:
            return self._stop("cap")
        instant = g.scorer.instant_winner(facts)
        if instant is not None:
            self.record.winner = instant
            return self._stop("natural")
        self.over = self.over or g.ending.condition_met(self.totals, self.hand_no, self.n, self.sizes)
        if self.over:
            if self.totals.count(max(self.totals)) > 1:
                self.record.tie_rule_used = True
            winner = g.ending.winner(self.totals, self.best_of_hands)
            if winner is not None:
                self.record.winner = winner
                return self._stop("natural")
        rules = g.extra_rules
        if rules is not None and rules.kind == "bonus":
            best = max(scores)
            self.inventors = [next(p for p in self._from_left() if scores[p] == best)]
        self.dealer = (self.dealer + 1) % self.n
        self._start_hand()

    # -- inventing laws (SU-09) ------------------------------------------------------------

    def _secret_inventors(self) -> None:
        who = self.game.extra_rules.inventor  # type: ignore[union-attr]
        if who == "dealer":
            self.inventors = [self.dealer]
        elif who == "random-player":
            self.inventors = [self.rng.randrange(self.n)]
        else:
            self.inventors = [self.dealer, (self.dealer - 1) % self.n]

    def _invent_options(self) -> list[int]:
        book = self.game.laws
        in_force = {f.law for f in self.laws}
        options = [LAW_BASE + i for i, law in enumerate(book.menu) if law not in in_force]  # type: ignore[union-attr]
        rules = self.game.extra_rules
        if rules.kind == "bonus":  # type: ignore[union-attr]
            options = [NO] + options
            if rules.repeal:  # type: ignore[union-attr]
                options += [REPEAL_BASE + j for j in range(len(self.laws))]
        return options

    def _invented(self, action: int) -> None:
        p = self.inventors.pop(0)
        secret = self.game.extra_rules.kind == "secret"  # type: ignore[union-attr]
        if LAW_BASE <= action < REPEAL_BASE:
            law = self.game.laws.menu[action - LAW_BASE]  # type: ignore[union-attr]
            self.laws.append(LawInForce(law, p, secret, {p} if secret else set(range(self.n))))
        elif action >= REPEAL_BASE:
            self.laws.pop(action - REPEAL_BASE)
        if self.inventors:
            self.current = self.inventors[0]
        else:
            self._deal_or_call()

    def _stop(self, outcome: str) -> None:
        self.terminal = True
        self.phase = OVER
        self._legal = []
        rec = self.record
        rec.outcome = outcome
        w = rec.winner
        rec.ranking = [1 if p == w else 1 + sum(1 for q in range(self.n) if self.totals[q] > self.totals[p] or q == w)
                       for p in range(self.n)]


_HANDLERS = {
    INVENT: "_invented", CALL: "_called", ANTI: "_named_anti", BLIND: "_blind_bid", SHOW: "_showed",
    CONTRIBUTE: "_contributed", PIG: "_pig_decided", HIGHLOW: "_chose_high_low", ROB: "_rob_decided",
    ROB_DISCARD: "_rob_discarded", TOPTRUMP: "_top_trump_decided", PROPOSE: "_proposed", AGREE: "_agreed",
    SWAP_OUT: "_swapped_out", BID: "_bid", AUCTION: "_auction_bid", LAY_AWAY: "_laid_away",
}


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
        if s.phase in BEFORE_LOOKING:  # trumps, anti-trumps, blind bids and laws come before looking
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
        s = self._s
        if s.phase != PLAY:
            return []
        return [c for _, cards, _ in s.history for c in cards] + list(s.trick_cards)

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
    def bids(self) -> list[int | None]:
        """Trick bids made so far; simultaneous bids stay hidden until everyone has bid."""
        s = self._s
        if s.phase == BID and s.game.bidding.order == "simultaneous":
            return [b if p == self.player or s.blind[p] else None for p, b in enumerate(s.bids)]
        return list(s.bids)

    @property
    def landlord(self) -> int | None:
        return self._s.landlord

    @property
    def auction_high_bid(self) -> int:
        return getattr(self._s, "high_bid", 0)

    @property
    def pig(self) -> int | None:
        """The pig card, once its holder has revealed it."""
        s = self._s
        return s.game.extras.pig if s.pig_revealed else None

    @property
    def low_hand(self) -> bool:
        return self._s.low

    @property
    def laws(self) -> list[str]:
        """The invented laws this player knows (all bonus laws; secret ones they made or broke)."""
        s = self._s
        book = s.game.laws
        return [book.describe(f.law) for f in s.laws if self.player in f.known_by] if book else []

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

    # -- for search bots (determinization) -------------------------------------------------

    #: Placeholders in ``public_state()``: a card this player cannot see, and the face-down trump card.
    HIDDEN, HIDDEN_TRUMP = -1, -2

    @property
    def game(self) -> Game:
        """The compiled rules of the game (public knowledge: there are no cards in it)."""
        return self._s.game

    def public_state(self) -> State:
        """A copy of the game holding only what this player may know, for search bots.

        Each card this player cannot see is replaced where it lies by ``HIDDEN``, so places and
        counts stay public: the other players' hands (and this player's own before looking), the
        kitty, the stock, the discards (laid away, or discarded after robbing or for an exchange),
        and the face-down trump card (``HIDDEN_TRUMP`` where it lies, and in ``hidden``). Cards
        everyone has seen stay: a turned trump card and the dealer's last card shown for trumps.
        Also hidden: the cards dealt to players this hand (``in_play``), bids others made at the
        same time, the secret laws this player does not know (left out of the copy), which other
        seats lack the misdeal suit, the shuffle's random state and the game's seed.

        A search bot samples cards for the placeholders and builds a complete state with
        ``State.with_hidden_cards`` (a determinization). A rule module that adds a hidden place
        or fact hides it here too."""
        s = self._s
        pub = s.clone()
        me, hidden, face_down = self.player, self.HIDDEN, self.HIDDEN_TRUMP
        shown = {s.turned} if s.turned is not None else set()
        if s.game.trumps.method == "last-card" and s.phase not in (INVENT, CALL, OVER):
            shown.add(getattr(s, "dealer_last", None))

        def mask(cards: list[int]) -> list[int]:
            return [c if c in shown else face_down if c == s.hidden else hidden for c in cards]

        looked = s.phase not in BEFORE_LOOKING
        pub.hands = [list(h) if p == me and looked else mask(h) for p, h in enumerate(s.hands)]
        pub.kitty, pub.stock, pub.discards = mask(s.kitty), mask(s.stock), mask(s.discards)
        if s.hidden is not None:
            pub.hidden = face_down
        if hasattr(s, "in_play"):
            pub.in_play = set()
        pub.bids = self.bids
        pub.laws = [f for f in pub.laws if me in f.known_by]
        if s.phase == SHOW:
            pub.queue = []
        pub.rng = random.Random(0)
        pub.record.seed = 0
        pub._legal = None
        return pub


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
