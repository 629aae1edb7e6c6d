"""Matching play (MT-01…MT-07, SH-01, SH-02): each player in turn lays a card that matches the top
card of a discard pile by rank or suit, or passes and draws; special cards change the turn; the
first to empty their hand goes out.

What matches what, and the action encoding, are ``rules.MatchRules``'s; the special cards'
effects are ``effects``'s. This phase sequences the turns:

* **The start** (MT-01, MT-07): a joker turned to start a pile is named by the dealer (a rank,
  then a suit) before looking at their hand. With ``opening_effect`` 'dealer' a special card
  turned to start a pile acts as if the dealer had played it, with the dealer's decisions, and
  play then goes on from the dealer as after any play (a skip skips the dealer's left, a
  reverse gives the turn to the dealer's right, a reshuffle gives the dealer the first turn);
  otherwise the first turn is the dealer's or the dealer's left's (after a titles hand, the
  title holder's, vice's or loser's as the scoring says).
* **A turn**: lay a card that matches the top card of either pile (an empty pile takes any card;
  a rule for the next card may replace matching: ``rules``), or pass — with ``must_play``
  only when no card can be laid — drawing a card from the stock, or picking up a discard pile
  (``draw: pile``; the pile is then empty and the next card laid on it free). A drawn card that
  can be laid may be laid at once (``play_drawn``: a decision). A joker is laid as any card: its
  player names a rank, then a suit. With ``multiple`` the player may add cards one at a time
  (all of the first card's rank, each of which could have been played alone on the pile as it was
  before the play; or all of one rank or one suit), each its own decision; a joker is played
  alone; the last laid is the top card, and only its effect fires. Knock-five (SC-A2): a player whose hand's
  face values total five or less may knock instead, and wins the hand.
* **After a play**: a player holding no card goes out (the hand ends at once, before the card's
  effect fires, or with ``retire`` play goes on without them); a player left with one card decides whether to call the word (SH-01)
  — one who does not draws a card at once, before the next player's turn —; the top card's
  effect fires (its decisions are its player's actions); the named card (P11) makes its player
  or the next draw; invented laws (SU-09) act; then the turn passes on, in the direction of play,
  to the next player still in the hand.
* **The stock** (MT-05): a player who must draw from an empty stock shuffles all but the top card
  of each discard pile into a new stock (nothing left: they draw nothing). With ``stock_out`` the
  second time the stock runs out ends the hand: the smallest hand wins it.
* **A blocked hand**: when every player still in the hand has passed in turn with no card laid or
  drawn, the hand ends and the fewest cards win it (a tie: the tied player whose turn is current
  or comes soonest).
* **Face-down rows** (SH-02): a player whose hand is empty plays from their face-up row as if it
  were their hand, then blind from the face-down row; a blind card that cannot be laid goes back
  to its place (now seen by all) and the player passes, drawing as usual.
* **Cheat mode** (MT-02): every card is laid face down with a claimed card (a decision after the
  card); the other players, in turn from the claimer's left, decide whether to challenge; the
  first to challenge turns the card: a liar picks up the pile, a wrong challenger picks it up
  instead. A claim that stands fires the claimed card's effect, and a player goes out when the
  claim of their last card stands; play goes on from the claimer's left. There is no drawing and
  no passing (but a draw chain is still drawn: on a chain a player lays a card claimed of the
  chain's rank, or draws; a liar caught on a chain ends it), and a play is one card. A player
  sees the claims, their own face-down cards and the piles' first cards, never the others'
  face-down cards.
* **Invented laws** (SU-09) apply to matching plays: a card of a suit may not be laid on a top
  card of another suit (``no-suit-after``); a card of the rank may not start an empty pile
  (``no-lead``); after a card of the rank its player has another turn (``lead-next``), draws a
  card, reverses play or skips the next player (``after-rank``). A secret law broken takes the
  card back (the same decision again), and its player now knows the law. With ``multiple``
  'same-rank' a further card of a play of several is a card that could be played alone, so the
  laws restrict it too (a secret law broken keeps it in hand, and its player now knows the law);
  with 'rank-or-suit' they do not.

Positions can come back (cards are drawn and picked up, piles shuffled into the stock), so the
phase declares ``repeats`` and keeps all it knows in its fields, which the position key reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.actions import NO, SUIT_ACTION, YES
from generator.engine.laws import LawBook
from generator.engine.phase import DIRECTION, Phase, PrintedRule
from generator.engine.places import HIDDEN, PUBLIC, Place
from generator.engine.shedding.scoring import GOING_OUT, TITLES, NextHand, close_hand
from generator.engine.shedding.table import TABLE_TURNS, pile_count
from generator.engine.shedding.tokens import ROWS
from generator.spec import GameSpec

from . import effects
from .narrate import MatchNarration
from .plain import PlainTurns
from .rules import (BLIND, CALL, CHALLENGE, CLAIM, CLAIM_DECISION, DRAW, JOKER_RANK, JOKER_SUIT, KNOCK, MATCH, MORE,
                    NAME_SUIT, PICK_UP, PLAY_DRAWN, RANK, SECOND, STOP, TARGET, TURNED_RANK, TURNED_SUIT, MatchRules)

#: The names a special card laid and the named card leave in ``GameRecord.applied`` (DEAD_TEXT).
EFFECT_TAG = "effect:"
NAMED_TAG = "named-card"

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import Game, State

DECISIONS = (MATCH, MORE, JOKER_RANK, JOKER_SUIT, TURNED_RANK, TURNED_SUIT, PLAY_DRAWN, CALL, NAME_SUIT,
             CLAIM_DECISION, CHALLENGE) + effects.DECISIONS


def _zeros(game: "Game", n: int) -> list[int]:
    return [0] * n


def _lists(game: "Game", n: int) -> list[list[int]]:
    return [[] for _ in range(n)]


def _sets(game: "Game", n: int) -> list[set[int]]:
    return [set() for _ in range(n)]


def _nones(game: "Game", n: int) -> list[None]:
    return [None] * n


def _tops(state: "State", player: int) -> list[tuple[int, int] | None]:
    """What the top card of each discard pile counts as (rank index, suit index), None if empty."""
    return [named[-1] if named else None for named in state.named]


def _played(state: "State", player: int) -> list[int]:
    """The cards lying face up on the discard piles (none in cheat mode, where the piles lie face
    down: what a player has seen there is ``Match.shown``'s)."""
    return [c for pile in state.piles for c in pile]


class Match(PlainTurns, NextHand, Phase):
    decisions = DECISIONS
    before_looking = frozenset({TURNED_RANK, TURNED_SUIT})
    narration = MatchNarration
    card_play = True
    repeats = True
    places = (Place("rows_up", True, PUBLIC), Place("rows_down", True, HIDDEN))
    hand_fields = {
        **GOING_OUT, **ROWS, **TABLE_TURNS, **DIRECTION,
        "rule": None, "rule_before": None, "chain": 0, "chain_rank": None, "chain_pile": 0, "chain_start": None,
        "resume": None, "target_next": None, "todo": [], "pile_at": 0, "laid": [], "naming": None,
        "halted": False, "kitty_done": False, "kitty_given": False, "known": _sets, "drawn": None, "claim": None,
        "challengers": [], "openings": [], "give_card": None, "passed": _nones, "received": _zeros,
    }
    #: The titles of the hand just played (title, vice, loser), read by the next hand.
    game_fields = {**TITLES}
    views = {
        "tops": _tops,
        "piles": lambda s, p: [list(x) for x in s.piles],
        "pile_sizes": lambda s, p: [len(a) + len(b) for a, b in zip(s.piles, s.down_piles)],
        "rule": lambda s, p: s.rule,
        "chain": lambda s, p: s.chain,
        "chain_rank": lambda s, p: s.chain_rank,
        "direction": lambda s, p: s.direction,
        "wild_rank": lambda s, p: s.wild_rank,
        "wild_card": lambda s, p: list(s.wild_card),
        "claim": lambda s, p: s.claim if s.decision == CHALLENGE else None,
        "drawn": lambda s, p: s.drawn if p == s.current else None,
        "laid_card": lambda s, p: s.laid[0] if s.decision == CLAIM_DECISION and p == s.mover and s.laid else None,
        "gone_out": lambda s, p: list(s.out),
        "rows_up": lambda s, p: [list(r) for r in s.rows_up],
        "rows_down_count": lambda s, p: [len(r) for r in s.rows_down],
        "played": _played,
        "match_rules": lambda s, p: s.game.phase(Match).rules,
        "plain_play": lambda s, p: False,
        "points": lambda s, p: {},
        "bonus": lambda s, p: list(s.bonus),
        "passed": lambda s, p: list(s.passed),
        "received": lambda s, p: list(s.received),
    }

    def __init__(self, game: "Game"):
        super().__init__(game)
        spec, table = game.spec, game.table
        p = spec.play
        self.spec = spec
        self.table = table
        self.rules = MatchRules(spec, table)
        self.piles = pile_count(game)
        self.first_turn = p.first_turn
        self.cheat = p.cheat is not None
        self.must_play = p.must_play
        self.draw_pile = p.draw == "pile"
        self.play_drawn = p.play_drawn
        self.after_any = p.after_draw == "any"
        self.multiple = p.multiple if not self.cheat else "none"
        self.opening_effect = p.opening_effect == "dealer"
        self.call = p.call is not None
        self.countdown_wild = p.countdown_wild and spec.deal.tokens is not None
        named = p.named_card
        self.named_card = self.rules.named_card
        self.named_who = named.who if named else None
        self.named_count = named.count if named else 0
        sc = spec.scoring
        self.retire = sc.kind == "titles" and sc.retire
        self.knock = getattr(sc, "round_end", None) == "knock-five"
        self.stock_out = bool(getattr(sc, "stock_out", False))
        self.tokens = spec.deal.tokens is not None and sc.kind == "countdown"
        titles = sc if sc.kind == "titles" else None
        self.starter = titles.starter if titles else None
        bonus = spec.setup.extra_rules is not None and spec.setup.extra_rules.kind == "bonus"
        self.rule_maker = (0 if titles.rule_maker == "title" else 1) if titles and bonus else None
        self.loser_deals = bool(titles and titles.passing and titles.passing.kind == "loser-deals")
        self.uses_rows = spec.deal.rows
        self.laws = LawBook(table, table.suit_names, spec.deck.ranks()) if spec.setup.extra_rules else None
        self.not_last = frozenset(k for k, kind in enumerate(self.rules.kind) if kind == "not-last")
        self.plain_suits = [s for s in range(len(table.suit_names)) if s in set(self.rules.suit_of)
                            and s != table.joker_suit]
        #: The game's turns can be played inline by ``play_random`` (one discard pile, no cheat,
        #: no play of several, no call, no named card, no laws, no rows, no countdown wild): a lay
        #: of a card with no effect, or a draw, then runs none of the steps that could act.
        self.fast = (self.piles == 1 and not self.cheat and self.multiple == "none" and not self.call
                     and self.named_card is None and self.laws is None and not self.uses_rows
                     and not self.countdown_wild)
        #: The hand opens with the first turn, unless a card turned to start a pile is a joker to
        #: name: no cheat mode, no opening card that acts (``start``).
        self.plain_start = not self.cheat and not self.opening_effect
        #: Cards whose lay ``play_random`` may make inline: no effect, not a joker.
        self.plain_cards = frozenset(c for c in range(table.size) if c not in self.rules.jokers
                                     and self.rules.kind[self.rules.rank_of[c]] is None)
        #: ``fast``, and a turn's choices are only matching cards and a draw (no card barred
        #: last, no knock, no pile picked up): ``play_random`` lists them itself.
        self.fast_turns = self.fast and not self.not_last and not self.knock and not self.draw_pile
        #: Per card: whether it can always be laid (a joker, a wild, an ``open`` card …), and the
        #: rank and suit it counts as by itself.
        self.always_card = [c in self.rules.jokers or self.rules.always_rank[self.rules.rank_of[c]]
                            for c in range(table.size)]
        self.natural_card = [self.rules.natural(c) for c in range(table.size)]
        #: The cards that may be laid on a top card counting as (rank, suit), with no rule for the
        #: next card (filled as tops come up).
        self._matching: dict[tuple[int, int], frozenset[int]] = {}
        #: Wild cards that are not jokers: ``play_random`` lays them inline too, the suit named next.
        self.wild_cards = frozenset(c for c in range(table.size) if c not in self.rules.jokers
                                    and self.rules.kind[self.rules.rank_of[c]] == "wild")
        #: The inline turns hold a hand as a bit mask (``_plain_turns``): each card's bit, the
        #: plain and the wild cards as masks, what fits on each card laid as itself (by card) and
        #: on a top card counting as (rank, suit) (``fits_top``, filled as tops come up), the
        #: seat after each seat (``_after``), and a table of the cards of each byte of a mask
        #: (``cards_of``).
        size = table.size
        self.card_bit = [1 << c for c in range(size)]
        self.plain_mask = sum(self.card_bit[c] for c in self.plain_cards)
        self.wild_mask = sum(self.card_bit[c] for c in self.wild_cards)
        self._fits: dict[tuple[int, int], int] = {}
        self._next_seats: dict[tuple[int, int], list[int]] = {}
        self.fits_card = [self.fits_top(self.natural_card[c]) for c in range(size)]
        self._byte_cards = [[tuple(8 * j + b for b in range(8) if byte >> b & 1) for byte in range(256)]
                            for j in range((size + 7) // 8)]
        #: What a laid special card leaves in the record, by rank index (``printed_rules``).
        self.effect_tags = [EFFECT_TAG + r for r in self.rules.rank_names]
        #: Each step of a play's resolution (``todo``) by name.
        self._steps = {name[len("_step_"):].replace("_", "-"): getattr(self, name)
                       for name in dir(self) if name.startswith("_step_")}

    @classmethod
    def needed(cls, spec: GameSpec) -> bool:
        return True

    def printed_rules(self) -> list[PrintedRule]:
        """Each special card's effect, met when a card of its rank is laid (or counts as one),
        dropped by taking the effect out of the list; the named card that makes a player draw,
        met when it is laid. A special card no game ever lays is a row of the rulebook's table a
        table reads for nothing."""
        p = self.spec.play
        out = []
        for e in p.effects:
            rest = [x.model_dump(mode="json") for x in p.effects if x is not e]
            out.append(PrintedRule(f"laying a card of rank {e.rank} (its effect: {e.kind.replace('-', ' ')})",
                                   frozenset({EFFECT_TAG + e.rank}), {"play.effects": rest}))
        if p.named_card is not None:
            out.append(PrintedRule(f"the {p.named_card.card} that makes a player draw", frozenset({NAMED_TAG}),
                                   {"play.named_card": None}))
        return out

    # -- who holds what ----------------------------------------------------------------------

    def holding(self, state: "State", seat: int) -> int:
        """Cards a player still has to get rid of (hand, and rows when they are played)."""
        n = len(state.hands[seat])
        if self.uses_rows:
            n += len(state.rows_up[seat]) + len(state.rows_down[seat])
        return n

    def active(self, state: "State", seat: int) -> bool:
        return seat not in state.out

    def next_seat(self, state: "State", seat: int) -> int:
        """The next player after ``seat`` in the direction of play who is still in the hand."""
        n, d = state.n, state.direction
        q = seat
        for _ in range(n):
            q = (q + d) % n
            if q not in state.out:
                return q
        return seat

    def in_order(self, state: "State", seat: int) -> list[int]:
        """The other players still in the hand, from ``seat``'s next in the direction of play."""
        out, q = [], seat
        for _ in range(state.n - 1):
            q = (q + state.direction) % state.n
            if q not in state.out and q != seat:
                out.append(q)
        return out

    def source(self, state: "State", seat: int) -> list[int]:
        """The cards a player lays from: their hand, else (rows) their face-up row."""
        hand = state.hands[seat]
        if hand or not self.uses_rows:
            return hand
        return state.rows_up[seat]

    def is_joker(self, state: "State", card: int) -> bool:
        """A joker of the pack, or a card of the hand's wild rank (DL-09)."""
        wild = state.wild_rank
        return card in self.rules.jokers or (wild is not None and self.rules.rank_of[card] == wild)

    def wild_for(self, state: "State", seat: int) -> int | None:
        """The rank a countdown wild gives this player (their tokens' count), if any."""
        if not self.countdown_wild:
            return None
        from generator.engine.shedding.tokens import tokens_held

        return self.rules.count_wild(tokens_held(state)[seat])

    def always(self, state: "State", seat: int, card: int) -> bool:
        """Whether this card can always be laid (joker, wild, open, an ``always`` reshuffle, the
        player's countdown wild)."""
        if self.is_joker(state, card):
            return True
        r = self.rules.rank_of[card]
        return self.rules.always_rank[r] or (self.countdown_wild and r == self.wild_for(state, seat))

    def may_lay(self, state: "State", seat: int, card: int, pile: int, known_only: bool = True) -> bool:
        """Whether ``seat`` may lay ``card`` on discard pile ``pile`` now (matching, the rule for
        the next card, the laws it knows of)."""
        named = state.named[pile]
        if not self.always(state, seat, card):
            r, s = self.rules.rank_of[card], self.rules.suit_of[card]
            if not self.rules.meets(r, s, named[-1] if named else None, state.rule):
                return False
        if state.laws and self.laws is not None and self._forbidden(state, seat, card, pile, known_only):
            return False
        return True

    def last_card_barred(self, state: "State", seat: int, card: int) -> bool:
        """A card that may not be played last (``not-last``) may not leave a hand empty."""
        return self.rules.rank_of[card] in self.not_last and self.holding(state, seat) == 1

    def _forbidden(self, state: "State", seat: int, card: int, pile: int, known_only: bool,
                   top: tuple[int, int] | None | bool = False) -> bool:
        """Whether a law in force (known to ``seat`` if ``known_only``) forbids laying ``card`` on
        ``pile`` (on ``top``, when given: the top card a play of several began on)."""
        if top is False:
            named = state.named[pile]
            top = named[-1] if named else None
        for f in state.laws:
            if known_only and seat not in f.known_by:
                continue
            if self._breaks(f.law, card, top):
                return True
        return False

    def _breaks(self, law, card: int, top) -> bool:
        t = self.table
        if law.kind == "no-lead":
            return top is None and t.rank[card] == law.rank
        if law.kind == "no-suit-after" and top is not None:
            book = self.laws
            return self.rules.suit_of[card] == book.suit_index[law.suit] and top[1] == book.suit_index[law.after]
        return False

    # -- the start -------------------------------------------------------------------------

    def start(self, state: "State") -> bool:
        leader = self._leader(state)
        if self.plain_start:
            for pile in state.piles:
                if pile and self.is_joker(state, pile[-1]):
                    break
            else:   # no turned card to name, none that acts: the first turn opens at once
                state.todo = []
                state.phase = self
                self._step_turn(state, leader)   # (what ``_run`` does with the queue below)
                return True
        rules = self.rules
        if self.cheat:   # the piles' first cards lie face up: everyone knows them
            for pile in state.down_piles:
                for c in pile:
                    for k in state.known:
                        k.add(c)
        state.mover = state.dealer
        state.todo = []
        piles = state.down_piles if self.cheat else state.piles
        for i, pile in enumerate(piles):
            if not pile:
                continue
            c = pile[-1]
            special = rules.kind[rules.rank_of[c]] is not None if c not in rules.jokers else False
            if self.is_joker(state, c):
                state.todo += [("turned-rank", i), ("turned-suit", i)]
                special = True
            if self.opening_effect and (special or c == self.named_card):
                state.todo += [("at", i), ("effect",), ("named",)]
        if any(step[0] == "effect" for step in state.todo):
            state.todo.append(("end",))   # play goes on as after the dealer's play
        else:
            state.todo.append(("turn", leader))
        state.phase = self
        self._run(state)
        return True

    def _leader(self, state: "State") -> int:
        """Who has the first turn: the dealer or the dealer's left, or after a titles hand the
        title holder, vice or loser as the scoring says."""
        leader = state.dealer if self.first_turn == "dealer" else (state.dealer + 1) % state.n
        titles = state.titles_won
        if self.starter is not None and titles is not None and state.hand_no > 0:
            seat = titles[("title", "vice", "loser").index(self.starter)]
            if seat is not None:
                leader = seat
        return leader

    # -- the queue of steps after a play ---------------------------------------------------

    def _run(self, state: "State") -> None:
        """Carry out the steps left of the play being resolved, until one opens a decision (or
        the hand ends: the state may then be in the next hand already, which this leaves alone)."""
        hand = state.hand_no
        while state.hand_no == hand and not state.ended:
            if state.halted:
                return self._end_hand(state)
            if not state.todo:
                return
            step = state.todo.pop(0)
            if self._steps[step[0]](state, *step[1:]):
                return

    def _step_decide(self, state: "State", decision: str) -> bool:
        """An effect's decision, taken by the player of the card."""
        return state.open(self, decision, state.mover)

    def _step_turn(self, state: "State", seat: int) -> bool:
        """A player's turn begins."""
        state.mover = seat
        state.laid = []
        state.drawn = None
        state.claim = None
        state.target_next = None
        return state.open(self, MATCH, seat)

    def _step_at(self, state: "State", pile: int) -> bool:
        state.pile_at = pile
        return False

    def _step_turned_rank(self, state: "State", pile: int) -> bool:
        state.pile_at = pile
        return state.open(self, TURNED_RANK, state.dealer)

    def _step_turned_suit(self, state: "State", pile: int) -> bool:
        return state.open(self, TURNED_SUIT, state.dealer)

    def _step_joker_rank(self, state: "State") -> bool:
        return state.open(self, JOKER_RANK, state.mover)

    def _step_joker_suit(self, state: "State") -> bool:
        return state.open(self, JOKER_SUIT, state.mover)

    def _step_more(self, state: "State") -> bool:
        if not self._more_cards(state):
            state.rule_before = None
            return False
        return state.open(self, MORE, state.mover)

    def _step_claim(self, state: "State") -> bool:
        return state.open(self, CLAIM_DECISION, state.mover)

    def _step_challenge(self, state: "State") -> bool:
        state.challengers = self.in_order(state, state.mover)
        if not state.challengers:
            return False
        return state.open(self, CHALLENGE, state.challengers.pop(0))

    def _step_after(self, state: "State") -> bool:
        """The play is complete: going out, calling, then the effects."""
        p = state.mover
        mask = 0
        for c in state.laid:
            mask |= 1 << c
        state.last_play = mask
        effects.score_points(self, state)   # scored at once, even by the card that goes out
        if self.holding(state, p) == 0 and p not in state.out:
            if self._goes_out(state, p):
                return True
        steps: list[tuple] = []
        if self.call and self.holding(state, p) == 1:
            steps.append(("call",))
        top = self._top_card(state)
        if top is not None and self.countdown_wild and not self.is_joker(state, top):
            r = self.rules.rank_of[top]
            if r == self.wild_for(state, p) and self.rules.kind[r] != "wild":
                steps.append(("wild-suit",))
        steps += [("effect",), ("named",), ("laws",), ("end",)]
        state.todo = steps + state.todo
        return False

    def _goes_out(self, state: "State", p: int) -> bool:
        """``p`` has no card left: they go out. True when that ends the hand."""
        state.out.append(p)
        if not self.retire or sum(1 for q in range(state.n) if q not in state.out) <= 1:
            self._end_hand(state)
            return True
        return False

    def _step_call(self, state: "State") -> bool:
        return state.open(self, CALL, state.mover)

    def _step_wild_suit(self, state: "State") -> bool:
        return state.open(self, NAME_SUIT, state.mover)

    def _step_effect(self, state: "State") -> bool:
        return effects.fire(self, state)

    def _step_named(self, state: "State") -> bool:
        """P11: the named card makes its player, or the next player, draw."""
        if self.named_card is None or self._played_card(state) != self.named_card:
            return False
        state.record.applied.add(NAMED_TAG)
        who = state.mover if self.named_who == "player" else self.next_seat(state, state.mover)
        self.draw(state, who, self.named_count)
        return False

    def _step_laws(self, state: "State") -> bool:
        if not state.laws or self.laws is None:
            return False
        card = self._played_card(state)
        if card is None:
            return False
        p = state.mover
        for effect in self.laws.effects(state.laws, card):
            if effect == "lead-next":
                state.turn_mod = "again"
            elif effect == "draw":
                self.draw(state, p, 1)
            elif effect == "reverse":
                state.direction = -state.direction
            elif effect == "skip":
                state.turn_mod = "skip"
        return False

    def _step_end(self, state: "State") -> bool:
        """The turn passes on."""
        p = state.mover
        if self.holding(state, p) == 0 and p not in state.out:
            if self._goes_out(state, p):   # a cover laid with the last card
                return True
        mod, state.turn_mod = state.turn_mod, None
        if state.target_next is not None:
            nxt = state.target_next
        elif state.resume is not None:
            nxt = self.next_seat(state, state.resume)
            state.resume = None
        elif mod == "again" and p not in state.out:
            nxt = p
        elif mod == "skip":
            nxt = self.next_seat(state, self.next_seat(state, p))
        else:
            nxt = self.next_seat(state, p)
        state.todo = [("turn", nxt)]
        return False

    def _played_card(self, state: "State") -> int | None:
        """The card whose play is being resolved: the claim in cheat mode, else the last card
        laid (a transparent card gone under the pile, a cover laid on it, do not change it), else
        (the opening) the pile's top card."""
        if self.cheat and state.claim is not None:
            return state.claim
        if state.laid:
            return state.laid[-1]
        return self._top_card(state)

    def _top_card(self, state: "State") -> int | None:
        piles = state.down_piles if self.cheat else state.piles
        pile = piles[state.pile_at]
        return pile[-1] if pile else None

    # -- drawing ---------------------------------------------------------------------------

    def draw(self, state: "State", seat: int, k: int) -> list[int]:
        """``seat`` draws ``k`` cards from the stock (refilled from the piles when it runs out);
        returns the cards drawn. The second time the stock runs out with ``stock_out``, the hand
        halts: the smallest hand wins it."""
        got: list[int] = []
        hand = state.hands[seat]
        for _ in range(k):
            if not state.stock:
                if state.halted:
                    break
                state.stock_outs += 1
                if self.stock_out and state.stock_outs >= 2:
                    state.halted = True
                    state.blocked_winner = self.fewest(state, state.current)
                    break
                self.reshuffle(state)
                if not state.stock:
                    break
            c = state.stock.pop(0)
            hand.append(c)
            got.append(c)
        if got:
            hand.sort()
            state.received[seat] += len(got)
        return got

    def reshuffle(self, state: "State") -> None:
        """MT-05: all but the top card of each discard pile shuffled into a new stock."""
        piles = state.down_piles if self.cheat else state.piles
        cards: list[int] = []
        for i, pile in enumerate(piles):
            if len(pile) > 1:
                cards.extend(pile[:-1])
                del pile[:-1]
                del state.named[i][:-1]
        if not cards:
            return
        self.forget(state, cards)
        state.shuffle(cards)
        state.stock.extend(cards)

    def forget(self, state: "State", cards) -> None:
        """Cards gone where no one can follow them (shuffled into the stock, laid face down)."""
        cards = set(cards)
        for k in state.known:
            k -= cards

    # -- legal actions ---------------------------------------------------------------------

    def legal(self, state: "State") -> list[int]:
        d = state.decision
        p = state.current
        rules = self.rules
        if d == MATCH:
            if self.plain_choices(state):
                return self._plain_actions(state, p)
            return self._turn_actions(state, p)
        if d == MORE:
            return [STOP] + self._more_cards(state)
        if d in (JOKER_RANK, TURNED_RANK):
            return [RANK + k for k in range(len(rules.rank_names))]
        if d in (JOKER_SUIT, TURNED_SUIT):
            return [SUIT_ACTION + s for s in rules.suits_of_rank[state.naming]]
        if d == NAME_SUIT:
            return [SUIT_ACTION + s for s in self.plain_suits]
        if d == PLAY_DRAWN and self.after_any:
            return [NO] + self._after_draw(state, p)
        if d == PLAY_DRAWN:
            c = state.drawn
            return [NO] + [c + (SECOND if i else 0) for i in range(self.piles) if self.may_lay(state, p, c, i)
                           and not self.last_card_barred(state, p, c)]
        if d in (CALL, CHALLENGE):
            return [NO, YES]
        if d == CLAIM_DECISION:
            return self._claims(state, p)
        return effects.legal(self, state, d, p)

    def _turn_actions(self, state: "State", p: int) -> list[int]:
        src = self.source(state, p)
        out: list[int] = []
        if state.chain:
            for c in src:
                if (self.cheat or self.rules.rank_of[c] == state.chain_rank) and not self.last_card_barred(state, p, c):
                    out.append(c + (SECOND if state.chain_pile else 0))
            return out + [DRAW]
        if self.cheat:
            for c in src:
                if not self.last_card_barred(state, p, c):
                    out.extend(c + (SECOND if i else 0) for i in range(self.piles))
        elif self.piles == 1 and not state.laws:   # the common case, inline
            rules = self.rules
            rank_of, suit_of, always_rank = rules.rank_of, rules.suit_of, rules.always_rank
            named = state.named[0]
            top = named[-1] if named else None
            rule = state.rule
            meets = rules.meets
            jokers = rules.jokers
            wild, cw = state.wild_rank, self.wild_for(state, p)
            barred = self.holding(state, p) == 1 and self.not_last
            for c in src:
                r = rank_of[c]
                if barred and r in self.not_last:
                    continue
                if c in jokers or always_rank[r] or r == wild or r == cw or \
                        (rule is None and (top is None or r == top[0] or suit_of[c] == top[1])) or \
                        (rule is not None and meets(r, suit_of[c], top, rule)):
                    out.append(c)
        else:
            for c in src:
                if self.last_card_barred(state, p, c):
                    continue
                for i in range(self.piles):
                    if self.may_lay(state, p, c, i):
                        out.append(c + (SECOND if i else 0))
        if not src and self.uses_rows and state.rows_down[p]:
            out += [BLIND + i for i in range(len(state.rows_down[p]))]
            return out
        if not self.cheat and (not self.must_play or not out):
            if self.draw_pile:
                out += [PICK_UP + i for i in range(self.piles)]
            else:
                out.append(DRAW)
        if self.knock and state.hands[p] and sum(self.table.face[c] for c in state.hands[p]) <= 5:
            out.append(KNOCK)
        if not out:   # cheat mode with nothing to lay (a hand left empty by an effect): pass
            out.append(DRAW)
        return out

    def _more_cards(self, state: "State") -> list[int]:
        """Cards that may join the play being laid (``multiple``): 'same-rank', cards of the first
        card's rank each of which could have been played alone on the pile as it was before the
        play (matching its top card, or meeting the rule for the next card, or a card that can
        always be played; the laws the player knows allowing it); 'rank-or-suit', cards keeping
        the play all of one rank or all of one suit. A joker is always played alone."""
        if self.multiple == "none" or not state.laid:
            return []
        p = state.mover
        rules = self.rules
        first = state.laid[0]
        if self.is_joker(state, first):
            return []
        ranks = {rules.rank_of[c] for c in state.laid}
        suits = {rules.suit_of[c] for c in state.laid}
        same_rank = self.multiple == "same-rank"
        if same_rank:
            top = self._top_before(state)
            rule = state.rule_before
        out = []
        for c in self.source(state, p):
            if self.is_joker(state, c) or self.last_card_barred(state, p, c):
                continue
            r, s = rules.rank_of[c], rules.suit_of[c]
            if same_rank:
                ok = ranks == {r} and r < rules.ranked \
                    and (self.always(state, p, c) or rules.meets(r, s, top, rule)) \
                    and not (state.laws and self.laws is not None
                             and self._forbidden(state, p, c, state.pile_at, known_only=True, top=top))
            else:
                ok = ranks == {r} or suits == {s}
            if ok:
                out.append(c)
        return out

    def _top_before(self, state: "State") -> tuple[int, int] | None:
        """The top card of the pile a play of several is laid on, as it was before the play."""
        named = state.named[state.pile_at]
        k = len(state.laid)
        return named[-k - 1] if len(named) > k else None

    def _claims(self, state: "State", p: int) -> list[int]:
        """The cards a face-down card may be claimed as: a natural card that may be laid on the
        claimed top card (or can always be laid), of the chain's rank on a draw chain."""
        rules = self.rules
        pile = state.pile_at
        named = state.named[pile]
        top = named[-2] if len(named) > 1 else None   # the card just laid is the last entry
        wild = self.wild_for(state, p)
        out = []
        for x in range(self.table.size):
            if x in rules.jokers:
                continue
            r, s = rules.rank_of[x], rules.suit_of[x]
            if state.chain:
                ok = r == state.chain_rank
            else:
                ok = rules.always_rank[r] or r == wild or (state.wild_rank is not None and r == state.wild_rank) \
                    or rules.meets(r, s, top, state.rule)
            if ok:
                out.append(CLAIM + x)
        return out or [CLAIM + x for x in range(self.table.size) if x not in rules.jokers]

    # -- applying an action ----------------------------------------------------------------

    def apply(self, state: "State", action: int) -> None:
        d = state.decision
        p = state.current
        if self.fast and (d == MATCH or d == NAME_SUIT) and self._apply_plain(state, p, action):
            return
        hand = state.hand_no
        handler = _HANDLERS.get(d)
        if handler is not None:
            handler(self, state, p, action)
        else:
            effects.apply(self, state, d, p, action)
        if state.hand_no == hand and not state.terminal:
            self._run(state)

    def _on_match(self, state: "State", p: int, action: int) -> None:
        if action == KNOCK:
            state.knocker = p
            return self._end_hand(state)
        if action == DRAW:
            return self._pass_and_draw(state, p)
        if action >= PICK_UP and action < PICK_UP + 2:
            return self._pick_up(state, p, action - PICK_UP)
        if action >= BLIND:
            return self._blind(state, p, action - BLIND)
        pile = 1 if action >= SECOND else 0
        card = action - SECOND if pile else action
        if state.laws and self.laws is not None and not self.cheat and not state.chain \
                and self._forbidden(state, p, card, pile, known_only=False):
            for f in state.laws:   # a secret law broken: the card goes back, and now they know it
                top = state.named[pile][-1] if state.named[pile] else None
                if p not in f.known_by and self._breaks(f.law, card, top):
                    f.known_by.add(p)
            state.todo = [("turn", p)]
            return
        src = self.source(state, p)
        src.remove(card)
        self.lay(state, p, card, pile)

    def lay(self, state: "State", p: int, card: int, pile: int) -> None:
        """``p`` lays ``card`` on ``pile`` (already out of their hand or row): the first card of a
        play."""
        state.idle = 0
        state.pile_at = pile
        state.laid = [card]
        rules = self.rules
        if self.cheat:
            state.down_piles[pile].append(card)
            state.named[pile].append((-1, -1))   # claimed next
            self.forget(state, [card])
            state.known[p].add(card)
            state.todo = [("claim",)]
            return
        state.piles[pile].append(card)
        state.named[pile].append(rules.natural(card))
        if self.multiple == "same-rank" and not state.chain:
            state.rule_before = state.rule   # each further card must be playable alone on the pile as it was
        state.rule = None
        steps: list[tuple] = []
        if self.is_joker(state, card):
            steps += [("joker-rank",), ("joker-suit",)]
        if state.chain:
            steps += [("after",)]
        else:
            steps += [("more",), ("after",)]
        state.todo = steps

    def _on_add_card(self, state: "State", p: int, action: int) -> None:
        if action == STOP:
            state.rule_before = None
            return
        pile = state.pile_at
        if self.multiple == "same-rank" and state.laws and self.laws is not None \
                and self._forbidden(state, p, action, pile, known_only=False, top=self._top_before(state)):
            top = self._top_before(state)
            for f in state.laws:   # a secret law broken: the card stays in hand, and now they know it
                if p not in f.known_by and self._breaks(f.law, action, top):
                    f.known_by.add(p)
            state.todo.insert(0, ("more",))
            return
        self.source(state, p).remove(action)
        state.piles[pile].append(action)
        state.named[pile].append(self.rules.natural(action))
        state.laid.append(action)
        state.todo.insert(0, ("more",))

    def _on_name_joker_rank(self, state: "State", p: int, action: int) -> None:
        state.naming = action - RANK

    def _on_name_joker_suit(self, state: "State", p: int, action: int) -> None:
        state.named[state.pile_at][-1] = (state.naming, action - SUIT_ACTION)
        state.naming = None

    def _on_name_suit(self, state: "State", p: int, action: int) -> None:
        named = state.named[state.pile_at]
        if named:   # (a true claim challenged: its pile was picked up, and the next card is free)
            named[-1] = (named[-1][0], action - SUIT_ACTION)

    def _on_call(self, state: "State", p: int, action: int) -> None:
        if action == NO:
            self.draw(state, p, 1)   # did not call: draws a card before the next player's turn

    def _pass_and_draw(self, state: "State", p: int) -> None:
        if state.chain:
            k = state.chain
            state.chain = 0
            state.chain_rank = None
            got = self.draw(state, p, k)
            if state.chain_start is not None:   # targeted: play resumes from the starter's left
                state.resume = state.chain_start
                state.chain_start = None
            state.idle = 0 if got else state.idle
            state.todo = [("end",)]
            return
        self._note_pass(state, p)
        got = self.draw(state, p, 1)
        if state.halted:
            return
        if not got:
            return self._idle(state, p)
        state.idle = 0
        if self.play_drawn:
            c = got[0]
            if (any(self.may_lay(state, p, c, i) for i in range(self.piles)) and not self.last_card_barred(state, p, c)) \
                    or (self.after_any and self._after_draw(state, p)):
                state.drawn = c
                state.open(self, PLAY_DRAWN, p)
                state.todo = []
                return
        state.todo = [("end",)]

    def _note_pass(self, state: "State", p: int) -> None:
        """What a pass shows the table (``passed``): where a player must lay a card when they can,
        a pass proves they held no card that could be laid on the top card — with one discard
        pile and no rule for the next card, none of its rank or suit and no wild —, as the table
        sees it. Kept with the count of cards they had received (``received``) before the pass,
        so that a reader knows how many of their cards came after it and may be anything."""
        named = state.named[0] if self.piles == 1 else None
        if self.must_play and not self.cheat and named and state.rule is None and not state.laws:
            state.passed[p] = (named[-1], state.wild_rank, state.received[p])
        else:
            state.passed[p] = None

    def _after_draw(self, state: "State", p: int) -> list[int]:
        """``after_draw`` 'any': every card of the hand that may be laid now, on each pile."""
        return [c + (SECOND if i else 0) for c in state.hands[p] for i in range(self.piles)
                if self.may_lay(state, p, c, i) and not self.last_card_barred(state, p, c)]

    def _on_play_drawn(self, state: "State", p: int, action: int) -> None:
        c = state.drawn
        state.drawn = None
        if action == NO:
            state.todo = [("end",)]
            return
        pile = 1 if action >= SECOND else 0
        if self.after_any:
            c = action - SECOND if action >= SECOND else action
        state.hands[p].remove(c)
        self.lay(state, p, c, pile)

    def _idle(self, state: "State", p: int) -> None:
        """A pass with no card laid or drawn; when every player still in the hand has so passed in
        turn, the hand is blocked."""
        state.idle += 1
        if state.idle >= sum(1 for q in range(state.n) if q not in state.out):
            state.blocked_winner = self.fewest(state, self.next_seat(state, p))
            return self._end_hand(state)
        state.todo = [("end",)]

    def fewest(self, state: "State", first: int) -> int:
        """The player with the fewest cards (hand and rows), ties to the first from ``first`` on."""
        order = [(first + k * state.direction) % state.n for k in range(state.n)]
        order = [q for q in order if q not in state.out] or order
        return min(order, key=lambda q: (self.holding(state, q), order.index(q)))

    def _pick_up(self, state: "State", p: int, pile: int) -> None:
        cards = state.piles[pile]
        if not cards:
            return self._idle(state, p)
        state.idle = 0
        state.hands[p].extend(cards)
        state.hands[p].sort()
        state.piles[pile] = []
        state.named[pile] = []
        state.rule = None
        state.todo = [("end",)]

    def _blind(self, state: "State", p: int, i: int) -> None:
        """SH-02: a face-down card turned; laid if it may be, else back to its place, and the
        player passes (drawing as usual)."""
        row = state.rows_down[p]
        card = row[i]
        piles = [j for j in range(self.piles) if self.cheat or self.may_lay(state, p, card, j)]
        if piles and not self.last_card_barred(state, p, card):
            row.pop(i)
            if card in state.revealed:
                state.revealed.remove(card)
            return self.lay(state, p, card, piles[0])
        if card not in state.revealed:
            state.revealed.append(card)
        if self.draw_pile:
            return self._pick_up(state, p, 0)
        return self._pass_and_draw(state, p)

    # -- cheat mode ------------------------------------------------------------------------

    def _on_claim(self, state: "State", p: int, action: int) -> None:
        x = action - CLAIM
        state.claim = x
        state.named[state.pile_at][-1] = self.rules.natural(x)
        state.rule = None
        state.todo = [("challenge",), ("stands",)]

    def _on_challenge(self, state: "State", p: int, action: int) -> None:
        if action == NO:
            if state.challengers:
                state.current = state.challengers.pop(0)
                state.todo.insert(0, ("wait",))
            return
        claimer = state.mover
        pile = state.pile_at
        card = state.down_piles[pile][-1]
        true = card == state.claim or self.is_joker(state, card)
        state.challengers = []
        loser = p if true else claimer
        cards = state.down_piles[pile]
        for k in state.known:   # everyone saw the card turned
            k.add(card)
        state.known[loser].update(cards)
        state.hands[loser].extend(cards)
        state.hands[loser].sort()
        state.down_piles[pile] = []
        state.named[pile] = []
        if not true:   # the liar picks up: the claim does not stand (and a draw chain ends with it)
            state.todo = [("end",)]
            state.laid = []
            state.chain, state.chain_rank, state.chain_start = 0, None, None

    def _step_wait(self, state: "State") -> bool:
        """The next challenger decides (the decision is already open)."""
        return True

    def _step_stands(self, state: "State") -> bool:
        """The claim stands: the claimed card counts, and its effect fires."""
        state.todo.insert(0, ("after",))
        return False

    def _on_name_turned_rank(self, state: "State", p: int, action: int) -> None:
        state.naming = action - RANK

    def _on_name_turned_suit(self, state: "State", p: int, action: int) -> None:
        state.named[state.pile_at][-1] = (state.naming, action - SUIT_ACTION)
        state.naming = None

    # -- the end of the hand ---------------------------------------------------------------

    def _end_hand(self, state: "State") -> None:
        if state.ended:
            return
        state.ended = True
        state.todo = []
        state.end_hand(close_hand(self.game.scorer, state, state.stock))

    # -- what players see ------------------------------------------------------------------

    def shown(self, state: "State", player: int) -> set[int]:
        return set(state.revealed) | state.known[player]

    def hide(self, state: "State", public: "State", player: int) -> None:
        public.known = [set(k) if q == player else set() for q, k in enumerate(state.known)]
        if self.cheat and player != state.mover:   # the card behind a claim is the claimer's to know
            public.laid = []
            public.last_play = 0
        if state.decision == PLAY_DRAWN and state.current != player:
            public.drawn = None

    def describe(self, state: "State", action: int) -> str | None:
        return describe_action(self, state, action)


def describe_action(phase: Match, state: "State", action: int) -> str:
    """An action in words."""
    t = phase.table
    rules = phase.rules
    if action == DRAW:
        return "draw"
    if action == KNOCK:
        return "knock"
    if action == STOP:
        return "lay no more"
    if PICK_UP <= action < PICK_UP + 2:
        return "pick up the pile" if phase.piles == 1 else f"pick up pile {action - PICK_UP + 1}"
    if action in (YES, NO):
        return {CALL: "call" if action == YES else "do not call",
                CHALLENGE: "challenge" if action == YES else "let it stand"}.get(state.decision,
                                                                                  "yes" if action == YES else "no")
    if SUIT_ACTION <= action < SUIT_ACTION + 100:
        return f"name {t.suit_names[action - SUIT_ACTION]}"
    if RANK <= action < TARGET:
        return f"name {rules.rank_names[action - RANK]}"
    if TARGET <= action < BLIND:
        return f"name player {action - TARGET + 1}"
    if BLIND <= action < CLAIM:
        return f"turn face-down card {action - BLIND + 1}"
    if action >= CLAIM:
        return f"claim {t.names[action - CLAIM]}"
    down = " face down" if phase.cheat and state.decision == MATCH else ""
    if action >= SECOND:
        return f"{t.names[action - SECOND]}{down} on the second pile"
    return t.names[action] + down


_HANDLERS = {
    MATCH: Match._on_match,
    MORE: Match._on_add_card,
    JOKER_RANK: Match._on_name_joker_rank,
    JOKER_SUIT: Match._on_name_joker_suit,
    TURNED_RANK: Match._on_name_turned_rank,
    TURNED_SUIT: Match._on_name_turned_suit,
    NAME_SUIT: Match._on_name_suit,
    CALL: Match._on_call,
    PLAY_DRAWN: Match._on_play_drawn,
    CLAIM_DECISION: Match._on_claim,
    CHALLENGE: Match._on_challenge,
}
