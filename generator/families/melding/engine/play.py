"""Melding play (ML-01…ML-07, SH-01, SH-02): the ``Turn`` phase. Each player in turn draws, lays
melds, lays off, and discards; the first to empty their hand goes out. What a meld is lives in
``rules.MeldRules``; the readings of the book's gaps are the spec's (the family's ``spec.py``).
The decisions and action numbers named below live in ``actions``; what a turn lays on the table
(the meld, lay-off, dump and stump steps, and rearranging) in ``melds.TableMoves``, a part of
``Turn``; the plain Rummy turns in ``plain``.

**A turn is a sequence of decisions**, each its own action, so that no decision has to list every
way a whole turn could go. In *sequence* mode a turn runs its steps in order, each skipped when it
offers nothing (the draw and the discard are always decisions, forced or not: they are moves):

1. ``start`` — with face-down rows (SH-02), a player whose hand is empty takes up their face-up
   row as if it were their hand, and once it is gone turns one face-down card (``BLIND + i``) into
   their hand;
2. ``desert`` (``desert``): YES or NO; deserting sheds a third of the hand (half on the first
   turn), one chosen card at a time (decision ``shed``: a card id), into the stock, which is then
   shuffled; the player takes no further part in the hand;
3. ``draw``: ``STOCK + k`` (k = 1 or 2 cards from the stock), ``KITTY`` (the kitty's top card),
   ``TAKE + 100 × pile + k`` (the top k cards of a discard pile; k is 1 unless ``discard`` is
   'wipe'), ``KNOCK`` (knock-five). With ``melded_first`` a player who has not melded may not take
   from a pile; with ``meld_drawn`` a take is offered only when a search finds a way to meld every
   card taken this turn (and the player may not stop melding while one of them could still be
   melded); a called block bars the top card of the pile it lies on;
4. ``meld``: ``MELD | mask`` (lay the cards of ``mask`` as one meld), ``FULL | mask`` (ML-06),
   ``SWAP + 128 × meld + card`` (joker swap), ``ADD + card`` (rearranging: add that card to the
   table), ``ADD_TWO + 128 × card + other`` (add two hand cards that need each other), or
   ``STOP``; with ``many`` the step repeats after each meld;
5. ``lay-off``: ``LAY_OFF + 128 × meld + card``, or ``STOP``, repeating;
6. ``dump``: ``DUMP + meld``, or ``STOP``; 7. ``stump``: ``STUMP | mask``, or ``STOP``;
8. ``discard``: a card id (``SECOND + card`` on the second pile); a card taken from a discard
   pile this turn, or one the laws forbid, is not offered, and a step left impossible is skipped;
9. ``call-block`` (``block``): YES or NO; 10. ``call`` (SH-01, a player left with one card): YES or
   NO — not calling draws a card at once.

In *one-action* mode (Machiavelli) the turn is one decision, ``action``: any draw, meld, joker
swap, add, lay-off or stump above, or ``DESERT``; then the call, and the turn passes.

**How large a decision gets.** A draw: 2 + 1 + 2 × pile length (wipe) + 1, under 2 × pack + 4. A
meld step: the melds ``MeldRules.hand_melds`` offers — per rank the whole rank and each three of it
(5 with four suits), per held stretch of a ladder each window of three and the whole stretch, and
with a joker in hand each of those completed by one joker —, under 12 × ranks × suits (624 for a
standard pack, a few dozen in practice); the full houses, one per pair of ranks (≤ ranks²); the
joker swaps (≤ jokers in melds × suits) and the adds (one per hand card, and one per related pair
of hand cards: at most hand² / 2). A lay-off step: hand ×
melds on the table. Dump and stump: one per meld or rank. A discard: the hand, twice with two
piles. Every decision is therefore bounded by a few times the pack plus ranks², whatever the
position; rearranging never searches more than ``REARRANGE_POOL`` cards (see ``_rearranged``). The
largest decisions met in random play over 300 drawn specs (2 to 5 players, hands of 5 to 10,
jokers, wipe, rearranging): a discard of 36 (a hand grown to 18 cards, two piles), a meld step of
27, a one-action turn of 20, a draw of 14.

**Rearranging** (``melds.rearrange``): ``ADD + card`` is offered when a bounded search finds a
valid re-partition of the card and the table melds related to it (its rank's sets, the runs of its
ladder and suit within a card of it: at most ``REARRANGE_MELDS`` melds and ``REARRANGE_POOL``
cards), the partition chosen being the first in a fixed order (the lowest card first, the melds
``hand_melds`` lists in their order); the new melds belong to the player. ``ADD_TWO`` adds two
hand cards that need each other (two of a rank, or two of a run group at most two positions
apart), offered only when neither goes in alone; more hand cards than two are never searched
together (a player adds them one or two at a time, or lays them as a meld).

**The penalty** (ML-05, ``penalty``) is for a meld or lay-off that is not valid: no decision here
ever offers one, so the engine never applies it (the playtest reads it as a rule no one meets).

**Going out.** A player whose hand (and rows) is empty after an action goes out: the hand ends, or
with the scoring's ``knock-out`` every other player still in the hand has one more turn (in play
order), then the hand ends; with ``titles`` and ``retire`` play goes on until one is left. A full
house takes its player out at once, whatever the round end.

**The stock** (ML-04): drawing from an empty stock shuffles the whole discard pile (both) into a
new stock (``restock`` 'turn': turns the pile over, all but its top card, unshuffled); nothing to
use: nothing drawn. With ``stock_out`` the second time the stock runs out the hand ends and the
fewest cards win. With ``blocked`` (Parlour's rule) a hand is blocked, and the fewest cards win it
(ties: the player whose turn comes soonest), when the stock runs out again with no card laid on
the table since it last ran out (hands that can no longer meld or lay off would otherwise draw and
discard until the move cap), or when every player still in it takes a turn drawing nothing and
laying nothing. A card taken from a discard pile is not discarded the same turn unless
``draw.discard_taken``.

Positions come back (cards are drawn, discarded and reshuffled), so the phase declares ``repeats``
and keeps everything it knows in its declared fields, which the position key reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from generator.engine.actions import NO, YES
from generator.engine.laws import LawBook
from generator.engine.phase import DIRECTION, Phase
from generator.engine.places import HIDDEN, OWNER, PUBLIC, Place
from generator.engine.shedding.scoring import GOING_OUT, TITLES, NextHand, close_hand
from generator.engine.shedding.table import TABLE_TURNS
from generator.engine.shedding.tokens import ROWS

from .actions import (ACTION_Q, ADD, ADD_TWO, BLIND, BLIND_TURN, BLOCK_Q, CALL_Q, DECISIONS, DESERT, DESERT_Q,
                      DISCARD_Q, DRAW_Q, DUMP, DUMP_Q, FULL, KITTY, KNOCK, LAY_OFF, LAYOFF_Q, MASK, MELD, MELD_Q,
                      NEXT_STEP, SECOND, SHED, STEPS, STOCK, STOP, STUMP, STUMP_Q, SWAP, TABLE_Q, TAKE)
from .melds import TableMoves
from .narrate import MeldNarration
from .rules import RUN, MeldRules, bits

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import Game, State
    from generator.spec import GameSpec



def _zeros(game: "Game", n: int) -> list[int]:
    return [0] * n


def _falses(game: "Game", n: int) -> list[bool]:
    return [False] * n


def _lists(game: "Game", n: int) -> list[list[int]]:
    return [[] for _ in range(n)]


def _played(state: "State", player: int) -> list[int]:
    """Cards lying face up for all: the melds, the discard piles, the cards out of play."""
    out = [c for m in state.melds for c in m]
    for pile in state.piles:
        out.extend(pile)
    out.extend(state.out_of_play)
    return out


class Turn(TableMoves, NextHand, Phase):
    decisions = DECISIONS
    narration = MeldNarration
    card_play = True
    repeats = True
    puts_away = {SHED: "stock"}
    places = (Place("melds", True, PUBLIC), Place("out_of_play", False, PUBLIC),
              Place("stumped", True, OWNER), Place("rows_up", True, PUBLIC), Place("rows_down", True, HIDDEN))
    hand_fields = {
        **GOING_OUT, **ROWS, **TABLE_TURNS, **DIRECTION,
        "melds": [], "meld_info": [], "out_of_play": [], "stumped": _lists, "step": "start", "had_turn": _falses,
        "has_melded": _falses, "melded_now": 0, "acted": False, "drawn": [], "taken": [], "deserted": [],
        "shed_left": 0, "last_turns": None, "dry_outs": 0, "block_card": None, "block_pile": 0, "discarded": None,
        "last_meld": 0, "pig_owner": None,
    }
    game_fields = {**TITLES}
    views = {
        "melds": lambda s, p: [tuple(m) for m in s.melds],
        "meld_info": lambda s, p: list(s.meld_info),
        "piles": lambda s, p: [list(x) for x in s.piles],
        "wild_rank": lambda s, p: s.wild_rank,
        "wild_card": lambda s, p: list(s.wild_card),
        "played": _played,
        "meld_rules": lambda s, p: s.game.phase(Turn).rules,
        "meld_phase": lambda s, p: s.game.phase(Turn),
        "deserted": lambda s, p: list(s.deserted),
        "gone_out": lambda s, p: list(s.out),
        "has_melded": lambda s, p: list(s.has_melded),
        "rows_up": lambda s, p: [list(r) for r in s.rows_up],
        "rows_down_count": lambda s, p: [len(r) for r in s.rows_down],
        "stock_size": lambda s, p: len(s.stock),
        "drawn": lambda s, p: list(s.drawn),
        "bonus": lambda s, p: list(s.bonus),
        "plain_play": lambda s, p: False,
        "points": lambda s, p: {},
    }

    def __init__(self, game: "Game"):
        super().__init__(game)
        spec, table = game.spec, game.table
        p = spec.play
        self.spec, self.table = spec, table
        self.rules = MeldRules(spec, table)
        self._wild_masks = self.rules._wild_masks   # (filled by ``MeldRules.wild_mask``)
        stock = spec.deal.stock
        self.pile_count = stock.discard_piles if stock is not None else 1
        self.first_turn = p.first_turn
        self.one_action = p.one_action
        self.desert = p.desert is not None
        d = p.draw
        self.stock_draws = {"one": (1,), "two": (2,), "one-or-two": (1, 2)}[d.stock]
        self._stock_options = tuple(STOCK + k for k in self.stock_draws)
        self.draw_kitty = d.kitty and spec.deal.kitty is not None
        self.wipe = d.discard == "wipe"
        self.melded_first = d.melded_first
        self.meld_drawn = d.meld_drawn
        m = p.melds
        self.many = m.many
        self.first_run = m.first_run
        self.no_first_out = m.no_first_out
        self.must_meld = m.must_meld
        self.keep_card = m.keep_card
        self.rearrange = m.rearrange
        self._rearrange_memo: dict[tuple[Any, ...], Any] = {}
        self._near_memo: dict[tuple[Any, ...], frozenset[int]] = {}
        self.full_house = m.full_house is not None
        self.lay_off = p.lay_off
        self.dump = p.dump is not None
        self.stump = p.stump is not None
        self.block = p.block is not None
        self.joker_swap = p.joker_swap
        self.progressive = p.progressive_wilds
        self.penalty = p.penalty
        self.pig_meld = p.pig_meld
        self.call = p.call is not None
        sc = spec.scoring
        self.retire = sc.kind == "titles" and sc.retire
        round_end = getattr(sc, "round_end", "empty-hand")
        self.knock_five = round_end == "knock-five"
        self.knock_out = round_end == "knock-out"
        self.stock_out = bool(getattr(sc, "stock_out", False))
        self.blocked = p.blocked
        self.restock_turn = p.restock == "turn"
        self.discard_taken = p.draw.discard_taken
        titles = sc if sc.kind == "titles" else None
        self.starter = titles.starter if titles else None
        bonus = spec.setup.extra_rules is not None and spec.setup.extra_rules.kind == "bonus"
        self.rule_maker = (0 if titles.rule_maker == "title" else 1) if titles and bonus else None
        self.loser_deals = bool(titles and titles.passing and titles.passing.kind == "loser-deals")
        self.uses_rows = spec.deal.rows
        self.laws = LawBook(table, table.suit_names, spec.deck.ranks()) if spec.setup.extra_rules else None
        from generator.engine.steps.pig import pig_card
        self.pig = pig_card(spec, table)
        self.face = table.face
        #: the steps of a turn that never open a decision nor do anything in this game
        self._idle_steps = frozenset(step for step, idle in (
            ("desert", not self.desert), ("lay-off", self.lay_off is None), ("dump", not self.dump),
            ("stump", not self.stump), ("block", not self.block), ("call", not self.call)) if idle)
        #: whether the meld step may offer more than the hand's melds (a full house, a joker swap,
        #: cards added by rearranging)
        self._more_melds = self.full_house or self.joker_swap or self.rearrange != "none"
        #: the step after each step, past the idle ones
        self._after = {step: self._past_idle(NEXT_STEP[step]) for step in STEPS[:-1]}
        self._after_start = "act" if self.one_action else self._past_idle("desert")
        #: Rummy's shape of game, whose random turns run in one loop and whose commonest steps are
        #: written out (``plain.PlainTurns``), or None
        from .plain import PlainTurns   # (it reads this module's actions)
        self._plain = PlainTurns(self) if PlainTurns.covers(self) else None

    def _past_idle(self, step: str) -> str:
        """The first step from ``step`` on that is not idle in this game."""
        while step in self._idle_steps:
            step = NEXT_STEP[step]
        return step

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return True

    # -- who is in the hand ----------------------------------------------------------------------

    def active(self, state: "State", seat: int) -> bool:
        return seat not in state.out and seat not in state.deserted

    def in_hand(self, state: "State") -> list[int]:
        return [q for q in range(state.n) if self.active(state, q)]

    def next_seat(self, state: "State", seat: int) -> int:
        n, d = state.n, state.direction
        out, deserted = state.out, state.deserted
        q = seat
        for _ in range(n):
            q = (q + d) % n
            if q not in out and q not in deserted:   # (``active``)
                return q
        return seat

    def holding(self, state: "State", seat: int) -> int:
        n = len(state.hands[seat])
        if self.uses_rows:
            n += len(state.rows_up[seat]) + len(state.rows_down[seat])
        return n

    def wild(self, state: "State") -> int:
        """This hand's jokers as a bitmask."""
        m = self._wild_masks.get(state.wild_rank)
        return m if m is not None else self.rules.wild_mask(state.wild_rank)

    # -- the start of the hand ---------------------------------------------------------------------

    def start(self, state: "State") -> bool:
        n = state.n
        if self.progressive:   # the lowest rank wild in the first hand, the next in the second …
            ranks = self.rules.plain_ranks
            state.wild_rank = self.rules.top - (state.hand_no % ranks)
        if self.pig is not None and getattr(state, "pig_revealed", False):
            state.pig_owner = state.holder(self.pig)
        leader = state.dealer if self.first_turn == "dealer" else (state.dealer + 1) % n
        titles = state.titles_won
        if self.starter is not None and titles is not None and state.hand_no > 0:
            seat = titles[("title", "vice", "loser").index(self.starter)]
            if seat is not None:
                leader = seat
        self._begin_turn(state, leader)
        self._go(state)
        return True

    def _begin_turn(self, state: "State", seat: int) -> None:
        state.mover = seat
        state.current = seat
        state.phase = self
        state.step = "start" if self.uses_rows else self._after_start   # (what "start" would do)
        state.melded_now = 0
        state.acted = False
        state.drawn = []
        state.discarded = None

    # -- the steps ---------------------------------------------------------------------------------

    def _go(self, state: "State") -> None:
        """Run the turn's steps until one opens a decision (or the hand ends). The steps this game
        never takes (``_idle_steps``: no decision, nothing done) are passed over at once, and the
        commonest steps are asked about first. A plain game's steps: ``PlainTurns.go``."""
        if self._plain is not None:
            return self._plain.go(state)
        hand_no = state.hand_no
        idle, after = self._idle_steps, self._after
        while state.hand_no == hand_no and not state.ended and not state.terminal:
            p = state.mover
            step = state.step
            if step in idle:
                state.step = after[step]
                continue
            if step == "draw":
                options = self._draw_options(state, p)
                state.phase, state.decision, state.current = self, DRAW_Q, p   # (``State.open``)
                state._legal = options   # (what ``legal`` would list: kept, not listed twice)
                return
            q = TABLE_Q.get(step)
            if q is not None:
                options = self._step_options(state, p, step)
                if not options or options == [STOP]:
                    state.step = after[step]
                    continue
                state.phase, state.decision, state.current = self, q, p
                state._legal = options
                return
            if step == "discard":
                options = self._discards(state, p) if state.hands[p] else []
                if not options:
                    state.step = "block"
                    continue
                state.phase, state.decision, state.current = self, DISCARD_Q, p
                state._legal = options
                return
            if step == "end":
                self._end_turn(state, p)
                continue
            if step == "start":
                if not self.uses_rows:
                    state.step = self._after_start
                    continue
                if not state.hands[p]:
                    if state.rows_up[p]:
                        state.hands[p].extend(state.rows_up[p])
                        state.hands[p].sort()
                        state.taken.extend(state.rows_up[p])
                        state.rows_up[p] = []
                    elif state.rows_down[p]:
                        state.step = "blind"
                        state.open(self, BLIND_TURN, p)
                        return
                state.step = "act" if self.one_action else "desert"
                continue
            if step == "blind":   # (decided: see _on_blind)
                state.step = "act" if self.one_action else "desert"
                continue
            if step == "desert":
                state.step = "draw"
                if self.desert and len(self.in_hand(state)) > 1 and state.hands[p]:
                    state.open(self, DESERT_Q, p)
                    return
                continue
            if step == "shed":
                state.open(self, SHED, p)
                return
            if step == "act":
                options = self._action_options(state, p)
                state.open(self, ACTION_Q, p)
                state._legal = options
                return
            if step == "block":
                state.step = "call"
                if self.block and state.discarded is not None:
                    state.open(self, BLOCK_Q, p)
                    return
                continue
            if step == "call":
                state.step = "end"
                if self.call and self.active(state, p) and self.holding(state, p) == 1:
                    state.open(self, CALL_Q, p)
                    return
                continue
            raise AssertionError(step)

    def legal(self, state: "State") -> list[int]:
        d = state.decision
        p = state.current
        if d == ACTION_Q:
            return self._action_options(state, p)
        if d == DRAW_Q:
            return self._draw_options(state, p)
        if d == MELD_Q:
            return self._step_options(state, p, "meld")
        if d == LAYOFF_Q:
            return self._step_options(state, p, "lay-off")
        if d == DUMP_Q:
            return self._step_options(state, p, "dump")
        if d == STUMP_Q:
            return self._step_options(state, p, "stump")
        if d == DISCARD_Q:
            return self._discards(state, p)
        if d == SHED:
            return list(state.hands[p])
        if d == BLIND_TURN:
            return [BLIND + i for i in range(len(state.rows_down[p]))]
        return [NO, YES]

    def apply(self, state: "State", action: int) -> None:
        if self._plain is not None:   # (its commonest moves written out: ``PlainTurns.apply``)
            return self._plain.apply(state, action)
        d = state.decision
        p = state.current
        hand_no = state.hand_no
        if d == DRAW_Q:
            self._apply_draw(state, p, action)
        elif d == DISCARD_Q:
            self._discard(state, p, action)
        elif d in (MELD_Q, LAYOFF_Q, DUMP_Q, STUMP_Q):
            self._apply_table(state, p, action)
        elif d == ACTION_Q:
            self._apply_act(state, p, action)
        elif d == DESERT_Q:
            if action == YES:
                self._desert(state, p)
        elif d == SHED:
            self._shed(state, p, action)
        elif d == BLIND_TURN:
            self._on_blind(state, p, action - BLIND)
        elif d == BLOCK_Q:
            if action == YES:
                self._call_block(state, p)
        elif d == CALL_Q:
            if action == NO:
                self.draw(state, p, 1)
        if state.hand_no == hand_no and not state.ended and not state.terminal:
            self._go(state)

    # -- drawing -----------------------------------------------------------------------------------

    def _draw_options(self, state: "State", p: int) -> list[int]:
        out = list(self._stock_options)
        if self.draw_kitty and state.kitty:
            out.append(KITTY)
        if not (self.melded_first and not state.has_melded[p]):
            for i, pile in enumerate(state.piles):
                if not pile:
                    continue
                if state.block_card is not None and state.block_pile == i and pile[-1] == state.block_card:
                    continue
                if not self.wipe:   # (the top card only)
                    if not self.meld_drawn or self._can_meld_taken(state, p, pile[-1:]):
                        out.append(TAKE + 100 * i + 1)
                    continue
                for k in range(1, len(pile) + 1):
                    if self.meld_drawn and not self._can_meld_taken(state, p, pile[-k:]):
                        continue
                    out.append(TAKE + 100 * i + k)
        if self.knock_five and state.hands[p] and sum(self.face[c] for c in state.hands[p]) <= 5:
            out.append(KNOCK)
        return out

    def _can_meld_taken(self, state: "State", p: int, cards: list[int]) -> bool:
        """Whether the cards taken from a pile could all be melded this turn (a greedy search: a
        meld holding one of them from hand and taken cards, or a lay-off, until none is left)."""
        wild = self.wild(state)
        rules = self.rules
        if len(cards) == 1 and not self._partnered(state.hands[p], cards[0], wild):   # the common case, at once
            c = cards[0]
            if self.lay_off is None and self.rearrange == "none":
                return False
            own = self.lay_off == "own" or self.rearrange == "own"
            cache = rules._fit_cache
            for m, (o, k, lo) in zip(state.melds, state.meld_info):
                if own and o != p:
                    continue
                fits = cache.get((m, k, lo, wild))   # (``MeldRules.fits``, cached)
                if fits is None:
                    fits = rules.fits(m, k, lo, wild)
                if c in fits:
                    return True
            return False
        hand = state.hands[p] + cards
        left = set(cards)
        melds = list(state.melds)
        info = list(state.meld_info)
        first = self.first_run and not state.has_melded[p]   # (the first meld: a run, no joker)
        for _ in range(len(cards) + 1):
            if not left:
                return True
            found = False
            for m in rules.hand_melds(hand, wild, jokers_ok=not first):
                cs = bits(m)
                if first and rules.arrange(cs, wild)[0] != RUN:  # type: ignore[index]
                    continue
                if self.keep_card and len(cs) == len(hand):
                    continue
                if left.intersection(cs):
                    for c in cs:
                        hand.remove(c)
                    left.difference_update(cs)
                    found = True
                    first = False
                    break
            if not found and (self.lay_off is not None or self.rearrange != "none"):
                for c in list(left):
                    for i, (owner, kind, lo) in enumerate(info):
                        if self.lay_off == "own" and owner != p:
                            continue
                        if self.rearrange == "own" and owner != p:
                            continue
                        got = rules.extend(melds[i], kind, lo, c, wild)
                        if got is not None:
                            melds[i] = got[1]
                            info[i] = (owner, kind, got[0])
                            hand.remove(c)
                            left.discard(c)
                            found = True
                            break
                    if found:
                        break
            if not found:
                return False
        return not left

    def _partnered(self, hand: list[int], card: int, wild: int) -> bool:
        """Whether ``card`` could be in a meld offered from ``hand`` and it at all: it is
        a joker or a single-card meld, or the hand holds its rank three times (twice with a joker),
        or three positions in a row of its run group around it (with a joker, another natural
        card of the group at most two positions away). A quick look that never says no to a card
        some offered meld holds, so the search it spares would have found nothing."""
        rules = self.rules
        if (wild >> card) & 1:
            return True
        sr = rules.set_rank[card]
        if rules.single_rank is not None and sr == rules.single_rank:
            return True
        unit, pos_bits = rules.rank_unit, rules.pos_bits
        count = unit[card]   # the cards of each rank held (see ``MeldRules.rank_unit``)
        m = pos_bits[card]   # the positions of every run group held (each in its own row of bits)
        joker = False
        if wild:
            for x in hand:
                if (wild >> x) & 1:
                    joker = True
                    continue
                count += unit[x]
                m |= pos_bits[x]
        else:
            for x in hand:
                count += unit[x]
                m |= pos_bits[x]
        if sr >= 0 and (count >> (rules.digit * sr)) & ((1 << rules.digit) - 1) >= (2 if joker else 3):
            return True
        m <<= 2   # (positions shifted two up, so that the windows below the lowest are whole)
        if not joker:
            m &= (m >> 1) & (m >> 2)   # the lowest positions of three in a row
        row = rules.run_row[card]
        for q in rules.pos[card]:
            if m & ((0b11011 if joker else 0b111) << (q + row)):
                return True
        return False

    def _apply_draw(self, state: "State", p: int, action: int) -> None:
        state.step = "meld"
        if action == KNOCK:
            state.knocker = p
            return self._end_hand(state)
        if action == KITTY:
            c = state.kitty.pop(0)
            state.hands[p].append(c)
            state.hands[p].sort()
            state.acted = True
            return
        if action >= TAKE:
            i, k = divmod(action - TAKE, 100)
            pile = state.piles[i]
            got = pile[-k:]
            del pile[-k:]
            del state.named[i][-k:]
            state.hands[p].extend(got)
            state.hands[p].sort()
            state.taken.extend(got)
            state.drawn = list(got)   # (not to be discarded this turn; with meld-drawn, to be melded)
            state.acted = True
            return
        hand_no = state.hand_no
        got = self.draw(state, p, action - STOCK)
        if got and state.hand_no == hand_no:
            state.acted = True

    def draw(self, state: "State", seat: int, k: int) -> list[int]:
        """``seat`` draws ``k`` cards from the stock; an empty stock is remade from the whole
        discard pile (both piles) first (ML-04). The hand ends, the fewest cards winning, the
        second time the stock runs out with ``stock_out``, or when it runs out again with no card
        laid on the table since it last ran out (the blocked hand; ``dry_outs`` is reset by every
        meld and lay-off). Matching's ``draw`` looks alike but halts its hand instead and keeps the
        piles' top cards, so the two are kept apart."""
        got: list[int] = []
        hand = state.hands[seat]
        for _ in range(k):
            if not state.stock:
                state.stock_outs += 1
                state.dry_outs += 1   # reset whenever a card is laid on the table
                if (self.stock_out and state.stock_outs >= 2) or (self.blocked and state.dry_outs >= 2):
                    state.blocked_winner = self.fewest(state, state.mover)
                    self._end_hand(state)
                    return got
                self.reshuffle(state)
                if not state.stock:
                    break
            c = state.stock.pop(0)
            hand.append(c)
            got.append(c)
        if got:
            hand.sort()
        return got

    def reshuffle(self, state: "State") -> None:
        """ML-04: the whole discard pile (both piles) shuffled into a new stock; with ``restock``
        'turn', the pile turned over, all but its top card, without shuffling (its bottom card,
        the first discarded, becomes the top of the stock)."""
        if self.restock_turn:
            pile = state.piles[0]
            cards = pile[:-1]
            if not cards:
                return
            del pile[:-1]
            del state.named[0][:-1]
            gone = set(cards)
            if state.block_card in gone:
                state.block_card = None
            state.taken = [c for c in state.taken if c not in gone]
            state.stock.extend(cards)
            return
        cards: list[int] = []
        for i, pile in enumerate(state.piles):
            cards.extend(pile)
            pile.clear()
            state.named[i].clear()
        if not cards:
            return
        state.block_card = None
        gone = set(cards)
        state.taken = [c for c in state.taken if c not in gone]
        state.shuffle(cards)
        state.stock.extend(cards)

    # -- the discard and the turn's end ------------------------------------------------------------

    def _discards(self, state: "State", p: int) -> list[int]:
        hand = state.hands[p]
        if self.pile_count == 1 and not state.laws:   # the common case: any card not taken now
            taken = None if self.discard_taken else state.drawn
            return [c for c in hand if c not in taken] if taken else list(hand)
        out = []
        taken = None if self.discard_taken else state.drawn
        for i in range(self.pile_count):
            for c in hand:
                if taken and c in taken:
                    continue   # a card taken from a discard pile is not discarded the same turn
                if state.laws and self.laws is not None and self._forbidden(state, p, c, i, True):
                    continue
                out.append(c + (SECOND if i else 0))
        return out

    def _forbidden(self, state: "State", p: int, card: int, pile: int, known_only: bool) -> bool:
        piles = state.piles[pile]
        top = piles[-1] if piles else None
        for f in state.laws:
            if known_only and p not in f.known_by:
                continue
            if self._breaks(f.law, card, top):
                return True
        return False

    def _breaks(self, law, card: int, top: int | None) -> bool:
        t = self.table
        if law.kind == "no-lead":   # (melding: a rank that may not be discarded)
            return t.rank[card] == law.rank
        if law.kind == "no-suit-after" and top is not None:
            book = self.laws
            return t.suit[card] == book.suit_index[law.suit] and t.suit[top] == book.suit_index[law.after]
        return False

    def _discard(self, state: "State", p: int, action: int) -> None:
        pile = 1 if action >= SECOND else 0
        card = action - SECOND if pile else action
        if state.laws and self.laws is not None and self._forbidden(state, p, card, pile, False):
            for f in state.laws:   # a secret law broken: the card goes back, and now they know it
                piles = state.piles[pile]
                if p not in f.known_by and self._breaks(f.law, card, piles[-1] if piles else None):
                    f.known_by.add(p)
            return   # the same decision again
        state.hands[p].remove(card)
        state.piles[pile].append(card)
        state.named[pile].append((self.rules.rank_of[card], self.rules.suit_of[card]))   # (``natural``)
        if card in state.taken:
            state.taken.remove(card)
        state.discarded = card
        state.block_pile = pile
        state.step = self._after["discard"]   # (the block step, or past it when idle)
        hand_no = state.hand_no
        if state.laws and self.laws is not None:
            for effect in self.laws.effects(state.laws, card):
                if effect == "lead-next":
                    state.turn_mod = "again"
                elif effect == "draw":
                    self.draw(state, p, 1)
                elif effect == "reverse":
                    state.direction = -state.direction
                elif effect == "skip":
                    state.turn_mod = "skip"
        if state.hand_no == hand_no:
            self._check_out(state, p)

    def _call_block(self, state: "State", p: int) -> None:
        """The called block: the next player may not take the card; a false call (it could not be
        laid off) costs the caller a card drawn at random from the next player's hand."""
        card = state.discarded
        state.block_card = card
        wild = self.wild(state)
        fits = any(card in self.rules.fits(m, k, lo, wild) for m, (_, k, lo) in zip(state.melds, state.meld_info))
        if not fits:
            nxt = self.next_seat(state, p)
            h = state.hands[nxt]
            if h and nxt != p:
                c = h.pop(state.randrange(len(h)))
                state.hands[p].append(c)
                state.hands[p].sort()
                if c in state.taken:
                    state.taken.remove(c)

    def _check_out(self, state: "State", p: int) -> None:
        if state.hands[p] or p in state.out or self.holding(state, p) or state.ended:
            return
        state.out.append(p)
        if self.knock_out and state.knocker is None:
            state.knocker = p
            state.last_turns = [q for q in self._order_from(state, p) if self.active(state, q)]
            return
        if self.retire and len(self.in_hand(state)) > 1:
            return
        self._end_hand(state)

    def _order_from(self, state: "State", p: int) -> list[int]:
        return [(p + k * state.direction) % state.n for k in range(1, state.n)]

    def _end_turn(self, state: "State", p: int) -> None:
        state.had_turn[p] = True   # (a flag, not a count: positions must be able to come back)
        if state.block_card is not None and state.discarded != state.block_card:
            state.block_card = None   # a block lasts the next player's turn only
        if state.acted:
            state.idle = 0
        else:
            state.idle += 1
            if self.blocked and state.idle >= len(self.in_hand(state)):
                state.blocked_winner = self.fewest(state, self.next_seat(state, p))
                return self._end_hand(state)
        if state.last_turns is not None:   # knock on going out: the others' last turns
            if not state.last_turns:
                return self._end_hand(state)
            return self._begin_turn(state, state.last_turns.pop(0))
        mod, state.turn_mod = state.turn_mod, None
        if mod == "again" and self.active(state, p):
            nxt = p
        elif mod == "skip":
            nxt = self.next_seat(state, self.next_seat(state, p))
        else:
            nxt = self.next_seat(state, p)
        if nxt == p and not self.active(state, p):
            return self._end_hand(state)
        self._begin_turn(state, nxt)

    def fewest(self, state: "State", first: int) -> int:
        order = [(first + k * state.direction) % state.n for k in range(state.n)]
        order = [q for q in order if self.active(state, q)] or order
        return min(order, key=lambda q: (self.holding(state, q), order.index(q)))

    # -- deserting, rows ---------------------------------------------------------------------------

    def _desert(self, state: "State", p: int) -> None:
        hand = state.hands[p]
        k = len(hand) // (2 if not state.had_turn[p] else 3)
        state.shed_left = k
        state.deserted.append(p)
        if k:
            state.step = "shed"
        else:
            self._deserted(state, p)

    def _shed(self, state: "State", p: int, card: int) -> None:
        state.hands[p].remove(card)
        if card in state.taken:
            state.taken.remove(card)
        state.stock.append(card)
        state.shed_left -= 1
        if not state.shed_left:
            state.shuffle(state.stock)
            self._deserted(state, p)

    def _deserted(self, state: "State", p: int) -> None:
        left = self.in_hand(state)
        if len(left) == 1 and not state.out:
            state.blocked_winner = left[0]
            return self._end_hand(state)
        if not left:
            return self._end_hand(state)
        state.acted = True
        state.step = "end"

    def _on_blind(self, state: "State", p: int, i: int) -> None:
        """SH-02: a face-down card turned into the hand; in one-action mode one that cannot be
        laid off or melded goes back to its place, seen by all, and the player passes."""
        row = state.rows_down[p]
        card = row[i]
        if self.one_action:
            wild = self.wild(state)
            fits = self.rules.valid([card], wild) or any(
                self.rules.extend(m, k, lo, card, wild) is not None and (self.lay_off != "own" or o == p)
                for m, (o, k, lo) in zip(state.melds, state.meld_info))
            if not fits:
                if card not in state.revealed:
                    state.revealed.append(card)
                state.step = "call"
                return
        row.pop(i)
        if card in state.revealed:
            state.revealed.remove(card)
        state.hands[p].append(card)
        state.hands[p].sort()
        state.taken.append(card)
        state.step = "blind"

    # -- one-action mode ---------------------------------------------------------------------------

    def _action_options(self, state: "State", p: int) -> list[int]:
        out = self._draw_options(state, p)
        if state.hands[p]:
            melds = self._meld_options(state, p)
            if self.must_meld and any(MELD <= a < FULL for a in melds):
                out = [a for a in out if a == KNOCK]   # a complete meld held must be laid
            out += melds
            out += self._layoffs(state, p)
            if self.stump:
                out += self._stumps(state, p)
            if self.desert and len(self.in_hand(state)) > 1:
                out.append(DESERT)
        return out

    def _apply_act(self, state: "State", p: int, action: int) -> None:
        state.step = "call"
        if action == DESERT:
            self._desert(state, p)
            return
        hand_no = state.hand_no
        if action < LAY_OFF:
            self._apply_draw(state, p, action)
            if state.hand_no == hand_no:
                state.step = "call"
            return
        self._table_action(state, p, action)
        if SWAP <= action < DUMP and state.hand_no == hand_no:
            state.step = "act"   # a swap is not the turn's action: it readies a meld

    # -- the end of the hand -----------------------------------------------------------------------

    def _end_hand(self, state: "State") -> None:
        if state.ended:
            return
        state.ended = True
        if self.pig_meld and state.pig_owner is not None and any(self.pig in m for m in state.melds):
            state.bonus[state.pig_owner] += self.pig_meld
        # every card goes back to the stock's place, stumped cards and melds too
        facts = close_hand(self.game.scorer, state, state.stock, state.stumped)
        for m in state.melds:
            state.stock.extend(m)
        state.melds = []
        state.meld_info = []
        state.end_hand(facts)

    # -- the fast path -----------------------------------------------------------------------------

    def play_random(self, state: "State", rnd: Callable[[], float]) -> bool:
        """Random play to the end of the hand, drawing exactly as ``State.play_random`` would (a
        forced move draws no number), with no validation and no Observation: the same game, move
        for move, as the generic path. A plain game (``plain.PlainTurns``) finishes the turn under
        way through ``legal`` and ``apply``, then plays whole turns in one loop; near the move cap,
        and in every other game, every move goes through ``legal`` and ``apply``."""
        hand_no = state.hand_no
        plain = self._plain
        if plain is not None and plain.ready(state):
            self._random_moves(state, rnd, hand_no, until_draw=True)
            if state.hand_no == hand_no and state.phase is self and not state.terminal:
                plain.play(state, rnd)
        self._random_moves(state, rnd, hand_no)
        return True

    def _random_moves(self, state: "State", rnd: Callable[[], float], hand_no: int,
                      until_draw: bool = False) -> None:
        """Random moves through ``legal`` and ``apply`` to the end of hand ``hand_no`` (or, with
        ``until_draw``, to the next draw decision), stopping at the move cap as ``apply_action``
        does."""
        rec = state.record
        legal, apply = self.legal, self.apply
        moves = decisions = 0
        cap = self.game.move_cap - rec.moves
        while state.hand_no == hand_no and state.phase is self and not state.terminal and moves < cap:
            if until_draw and state.decision == DRAW_Q:
                break
            options = state._legal
            if options is None:
                options = legal(state)
            k = len(options)
            moves += 1
            if k > 1:
                decisions += 1
                a = options[int(rnd() * k)]
            else:
                a = options[0]
            state._legal = None
            apply(state, a)
        state._legal = None
        state.count_moves(moves, decisions)

    # -- what players see --------------------------------------------------------------------------

    def shown(self, state: "State", player: int) -> set[int]:
        """Cards taken from a face-up pile (or a face-up row) into a hand, and face-down row cards
        turned and put back: everyone saw them."""
        return set(state.taken) | set(state.revealed)

    def describe(self, state: "State", action: int) -> str | None:
        return describe_action(self, state, action)


def _meld_words(state: "State", names: Any, i: int) -> str:
    """Meld ``i`` of the table by its cards ("7, 8, 9 of clubs" as the names give them)."""
    return ", ".join(names[c] for c in state.melds[i])


def describe_action(phase: Turn, state: "State", action: int) -> str:
    """An action in words."""
    names = phase.table.names
    d = state.decision
    if action in (YES, NO):
        word = {DESERT_Q: ("desert", "stay in"), BLOCK_Q: ("call the block", "do not call"),
                CALL_Q: ("call", "do not call")}.get(d, ("yes", "no"))
        return word[0] if action == YES else word[1]
    if action == STOP:
        return {MELD_Q: "meld no more", LAYOFF_Q: "lay off no more", DUMP_Q: "dump no more",
                STUMP_Q: "no more"}.get(d, "stop")
    if action == KNOCK:
        return "knock"
    if action == DESERT:
        return "desert"
    if action == KITTY:
        return "draw from the kitty"
    if STOCK < action < STOCK + 3:
        k = action - STOCK
        return "draw from the stock" if k == 1 else f"draw {k} from the stock"
    if TAKE <= action < BLIND:
        i, k = divmod(action - TAKE, 100)
        where = "the discard pile" if phase.pile_count == 1 else f"discard pile {i + 1}"
        return f"take the top card of {where}" if k == 1 else f"take the top {k} cards of {where}"
    if BLIND <= action < LAY_OFF:
        return f"turn face-down card {action - BLIND + 1}"
    if action >= STUMP:
        return "put out " + ", ".join(names[c] for c in bits(action & MASK))
    if action >= FULL:
        return "full house: " + ", ".join(names[c] for c in bits(action & MASK))
    if action >= MELD:
        return "meld " + ", ".join(names[c] for c in bits(action & MASK))
    if action >= ADD_TWO:
        a, b = divmod(action - ADD_TWO, 128)
        return f"add {names[a]} and {names[b]} to the table"
    if action >= ADD:
        return f"add {names[action - ADD]} to the table"
    # a meld on the table is named by its cards, as a player would point at it: the rules never number them
    if action >= DUMP:
        return f"dump the meld {_meld_words(state, names, action - DUMP)}"
    if action >= SWAP:
        i, c = divmod(action - SWAP, 128)
        return f"swap {names[c]} for the joker in the meld {_meld_words(state, names, i)}"
    if action >= LAY_OFF:
        i, c = divmod(action - LAY_OFF, 128)
        return f"lay off {names[c]} on the meld {_meld_words(state, names, i)}"
    if action >= SECOND:
        return f"discard {names[action - SECOND]} on the second pile"
    if d == SHED:
        return f"shed {names[action]}"
    return f"discard {names[action]}"
