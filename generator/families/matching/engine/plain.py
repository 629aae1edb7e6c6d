"""Plain turns of a matching game (issue 37): ``PlainTurns``, the part of ``Match`` that plays
the commonest turns without the step queue.

Two paths, both the general path's game move for move:

* **one move at a time** (the bot API): ``legal`` lists a plain turn's actions with
  ``_plain_actions`` and ``apply`` makes a plain lay, draw or wild with ``_apply_plain``;
* **random play** (``play_random``): runs of plain turns in one loop with each hand as a bit mask
  (``_plain_turns``), or a turn's lay and draw inline (``_random_turns``).

A mixin of ``Match`` (it reads the phase's tables and calls its steps), kept apart because the
fast paths are a concept of their own: the same rules as the queue's steps, written out for speed,
and proved equal to them by ``tests/test_matching_fast.py``.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING, Callable

from generator.engine.actions import SUIT_ACTION

try:
    import cython
except ImportError:   # no Cython: its declarations do nothing (``compiled.shadow``)
    from generator.compiled import shadow as cython

from .rules import DRAW, MATCH, NAME_SUIT

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import State


class PlainTurns:
    """The plain turns of ``Match``, one move at a time and in random play's loops."""

    # -- one move at a time (the bot API) ------------------------------------------------------

    def plain_choices(self, state: "State") -> bool:
        """Whether the turn's options are ``_plain_actions``' (a matching turn of a ``fast_turns``
        game with no draw chain, no law, no wild rank and no rule for the next card): the list
        ``legal`` gives, and the one a strong bot's rollout lists in its own loop."""
        return self.fast_turns and state.decision == MATCH and not state.chain and not state.laws \
            and state.wild_rank is None and state.rule is None

    def _plain_actions(self, state: "State", p: int) -> list[int]:
        """``_turn_actions`` for a plain turn of a ``fast_turns`` game (one discard pile, no draw
        chain, no law, no wild rank, no rule for the next card, no row, no card barred last, no
        knock, no countdown wild): the cards of the hand, in hand order, that can always be laid
        or match the top card by rank or suit (every card on an empty pile), then the draw unless
        a card must be laid: the list ``_turn_actions`` makes, which in such a turn asks nothing
        else."""
        hand = state.hands[p]
        named = state.named[0]
        if named:
            top = named[-1]
            fits = self._matching.get(top)
            if fits is None:
                tr, ts = top
                always, rank_of, suit_of = self.always_card, self.rules.rank_of, self.rules.suit_of
                fits = self._matching[top] = frozenset(c for c in range(len(always)) if always[c]
                                                       or rank_of[c] == tr or suit_of[c] == ts)
            out = [c for c in hand if c in fits]
        else:
            out = list(hand)
        if not out or not self.must_play:
            out.append(DRAW)
        return out

    def _apply_plain(self, state: "State", p: int, action: int) -> bool:
        """``apply`` for a plain turn of a ``fast`` game (no draw chain, no law, no wild rank), as
        ``play_random`` makes it inline: a card with no effect laid (``_lay_plain``), a draw
        (``_draw_plain``), and in a ``fast_turns`` game a wild laid (``_lay_wild``) and its suit
        named (``_name_wild_suit``). Each leaves the state the step queue leaves, whose other steps
        do nothing in such a game (no play of several, no call, no named card, no law, no row, no
        countdown wild); False for any other action, which the queue then resolves."""
        if state.chain or state.laws or state.wild_rank is not None:
            return False
        if state.decision == MATCH:
            if action == DRAW:
                self._draw_plain(state, p)
            elif action in self.plain_cards:
                self._lay_plain(state, p, action)
            elif action in self.wild_cards and self.fast_turns and state.rule is None:
                self._lay_wild(state, p, action)
            else:
                return False
            return True
        if self.fast_turns and state.todo == [("named",), ("laws",), ("end",)]:
            self._name_wild_suit(state, action - SUIT_ACTION)
            return True
        return False

    # -- random play ---------------------------------------------------------------------------

    def play_random(self, state: "State", rnd: Callable[[], float]) -> bool:
        """Random play through ``legal`` and ``apply`` directly, with the same draws as
        ``State.play_random`` (no validation, no Observation).

        In a ``fast_turns`` game a run of plain turns is played by ``_plain_turns`` (the hands as
        bit masks, no action listed) for as long as no turn needs more; in a game whose turns need
        no step of the queue (``fast``), a turn's lay of a card with no effect and a turn's draw are
        made inline (``_random_turns``): the same legal choices, drawn the same way, and the same
        state after them as ``apply`` leaves (the queue would only run steps that do nothing here);
        every other action goes through ``apply``."""
        rec = state.record
        hand_no = state.hand_no
        moves = decisions = 0
        cap = self.game.move_cap - rec.moves
        if self.fast_turns:   # (a whole Crazy Eights hand, but for a refilled stock, is one run)
            while moves < cap and state.hand_no == hand_no and state.phase is self and not state.terminal \
                    and self._plain_turn(state):
                moves, decisions = self._plain_turns(state, rnd, moves, decisions, cap)
        if moves < cap and state.hand_no == hand_no and state.phase is self and not state.terminal:
            moves, decisions = self._random_turns(state, rnd, hand_no, moves, decisions, cap)
        state._legal = None
        state.count_moves(moves, decisions)
        return True

    def _plain_turn(self, state: "State") -> bool:
        """Whether a run of ``_plain_turns`` may start here (in a ``fast_turns`` game): a turn with
        no draw chain, no law, no wild rank, no rule for the next card, no one out, no turn change
        pending, and a card on the discard pile."""
        return state.decision == MATCH and not state.chain and not state.laws and state.wild_rank is None \
            and state.rule is None and not state.out and state.turn_mod is None and state.target_next is None \
            and state.resume is None and bool(state.named[0])

    def _random_turns(self, state: "State", rnd: Callable[[], float], hand_no: int, moves: int, decisions: int,
                      cap: int) -> tuple[int, int]:
        """``play_random``'s turns to the end of the hand, one at a time; returns the moves and
        decisions counted so far."""
        legal, apply = self.legal, self.apply
        fast = self.fast
        turn_actions, plain, lay_plain, draw_plain = self._turn_actions, self.plain_cards, self._lay_plain, \
            self._draw_plain
        fast_turns, must_play = self.fast_turns, self.must_play
        always, natural, rank_of, suit_of = self.always_card, self.natural_card, self.rules.rank_of, \
            self.rules.suit_of
        pass_turn = self._pass_turn
        play_drawn, wilds = self.play_drawn, self.wild_cards
        suits = [SUIT_ACTION + s for s in self.plain_suits]   # ``legal`` for NAME_SUIT
        while state.hand_no == hand_no and state.phase is self and not state.terminal and moves < cap:
            if fast_turns and self._plain_turn(state):
                moves, decisions = self._plain_turns(state, rnd, moves, decisions, cap)
                continue
            if fast_turns and state.decision == MATCH and not state.chain and not state.laws \
                    and state.wild_rank is None and state.rule is None:
                # ``_turn_actions`` for such a turn: the cards that match, then the draw.
                p = state.current
                hand = state.hands[p]
                named = state.named[0]
                if named:
                    tr, ts = named[-1]
                    options = [c for c in hand if always[c] or rank_of[c] == tr or suit_of[c] == ts]
                else:
                    options = list(hand)
                if not must_play or not options:
                    options.append(DRAW)
                k = len(options)
                moves += 1
                if k > 1:
                    decisions += 1
                    a = options[int(rnd() * k)]
                else:
                    a = options[0]
                if a == DRAW:
                    stock = state.stock
                    if stock and not play_drawn:   # ``_pass_and_draw`` and ``end``, inline
                        self._note_pass(state, p)
                        state.received[p] += 1
                        hand.append(stock.pop(0))
                        hand.sort()
                        state.idle = 0
                        if state.turn_mod is None and state.target_next is None and state.resume is None \
                                and not state.out:
                            nxt = (p + state.direction) % state.n
                            state.mover = state.current = nxt
                            state.laid = []
                            state.drawn = None
                            state.claim = None
                        else:
                            pass_turn(state, p)
                    else:
                        draw_plain(state, p)
                elif a in wilds:   # ``lay`` and the steps up to the wild's suit, inline
                    state.record.applied.add(self.effect_tags[natural[a][0]])
                    hand.remove(a)
                    state.piles[0].append(a)
                    named.append(natural[a])
                    state.idle = 0
                    state.pile_at = 0
                    state.laid = [a]
                    state.last_play = 1 << a
                    if not hand and p not in state.out and self._goes_out(state, p):
                        continue
                    state.todo = [("named",), ("laws",), ("end",)]
                    state.decision = NAME_SUIT   # (the phase, the player: already this turn's)
                elif a in plain:   # ``_lay_plain``, inline
                    hand.remove(a)
                    state.piles[0].append(a)
                    named.append(natural[a])
                    state.idle = 0
                    state.pile_at = 0
                    state.laid = [a]
                    state.todo = []
                    state.last_play = 1 << a
                    if not hand and p not in state.out and self._goes_out(state, p):
                        continue
                    if state.turn_mod is None and state.target_next is None and state.resume is None \
                            and not state.out:
                        nxt = (p + state.direction) % state.n
                        state.mover = state.current = nxt
                        state.laid = []
                        state.drawn = None
                        state.claim = None
                    else:
                        pass_turn(state, p)
                else:
                    apply(state, a)
                continue
            if fast_turns and state.decision == NAME_SUIT and state.todo == [("named",), ("laws",), ("end",)]:
                # A wild laid: its suit named, then ``named``, ``laws`` (nothing here) and ``end``.
                k = len(suits)
                moves += 1
                if k > 1:
                    decisions += 1
                    a = suits[int(rnd() * k)]
                else:
                    a = suits[0]
                named = state.named[state.pile_at]
                if named:
                    named[-1] = (named[-1][0], a - SUIT_ACTION)
                state.todo = []
                pass_turn(state, state.mover)
                continue
            inline = fast and state.decision == MATCH and not state.chain and not state.laws
            options = turn_actions(state, state.current) if inline else legal(state)
            k = len(options)
            moves += 1
            if k > 1:
                decisions += 1
                a = options[int(rnd() * k)]
            else:
                a = options[0]
            if inline and state.wild_rank is None:
                if a in plain:
                    lay_plain(state, state.current, a)
                    continue
                if a == DRAW:
                    draw_plain(state, state.current)
                    continue
            apply(state, a)
        return moves, decisions

    @cython.locals(moves=cython.Py_ssize_t, decisions=cython.Py_ssize_t, cap=cython.Py_ssize_t,
                   p=cython.Py_ssize_t, i=cython.Py_ssize_t, k=cython.Py_ssize_t, a=cython.Py_ssize_t,
                   extra=cython.Py_ssize_t, left=cython.Py_ssize_t, taken=cython.Py_ssize_t,
                   ns=cython.Py_ssize_t, laid_before=cython.Py_ssize_t, x=cython.double,
                   masks=list, pile=list, named=list, stock=list, after=list, got=list, seen=list,
                   suits=list, bit=list, fits_card=list, natural=list)
    def _plain_turns(self, state: "State", rnd: Callable[[], float], moves: int, decisions: int,
                     cap: int) -> tuple[int, int]:
        """Plain turns one after another (``play_random`` in a ``fast_turns`` game, no one out, no
        turn change pending): a card with no effect laid, a wild laid and its suit named, a card
        drawn from the stock, each as ``apply`` would leave it; the first turn of another kind is
        handed to ``apply`` (or ``_draw_plain``). Returns the moves and decisions counted so far.

        Why it is the same game: while the run lasts each hand is a bit mask (bit c: card c) and
        the stock is read from an index. A hand is always sorted, so ``legal``'s cards (the hand's
        cards that fit the top card, in hand order, then the draw unless a card must be laid) are
        the set bits of ``hand & fits`` from the lowest: the i-th action is the i-th lowest bit,
        drawn with the same ``int(rnd() * k)`` without listing the actions. The hands, the stock,
        the passes the draws showed (``passed``, ``received``, as ``_pass_and_draw`` notes them)
        and the turn's fields are written back when the run stops (``_write_back``)."""
        hands, stock = state.hands, state.stock
        pile, named = state.piles[0], state.named[0]
        bit = self.card_bit
        masks = [sum(map(bit.__getitem__, h)) for h in hands]
        fits_card, fits_top = self.fits_card, self.fits_top
        natural, tags = self.natural_card, self.effect_tags
        wilds = self.wild_mask
        inline = self.plain_mask | wilds   # the cards laid here: no effect, or a wild
        extra = 0 if self.must_play else 1   # the draw offered beside the cards that fit
        # (a drawn card that may be played at once is a decision: ``apply``'s)
        left = 0 if self.play_drawn else len(stock)
        got = [0] * len(hands)   # cards each seat drew in the run, and the top card they passed on
        seen: list[tuple[int, int] | None] = [None] * len(hands)
        suits = self.plain_suits
        ns = len(suits)
        applied = state.record.applied
        f = fits_top(named[-1])
        after = self._after(state.n, state.direction)
        laid_before = len(pile)
        taken = 0
        p = state.current
        while moves < cap:
            o = masks[p] & f
            moves += 1
            if o:
                i = 0
                if o & (o - 1) or extra:
                    decisions += 1
                    k = o.bit_count() + extra
                    x = rnd()
                    i = int(x * k)
                    if i == k - extra:
                        o = 0   # the draw
                    else:   # the i-th card that fits, from the lowest
                        while i:
                            o &= o - 1
                            i -= 1
                if o:
                    low = o & -o
                    a = low.bit_length() - 1
                    if not low & inline:   # a card with another effect, a joker: ``apply``'s
                        self._write_back(state, p, masks, laid_before, taken, got, seen)
                        self.apply(state, a)
                        break
                    pile.append(a)
                    named.append(natural[a])
                    masks[p] ^= low
                    if not masks[p]:   # goes out, before any effect
                        self._write_back(state, p, masks, laid_before, taken, got, seen)
                        state.laid = [a]
                        if not self._goes_out(state, p):
                            if low & wilds:   # play goes on (``retire``): the wild's suit is named
                                applied.add(tags[natural[a][0]])
                                state.todo = [("named",), ("laws",), ("end",)]
                                state.decision = NAME_SUIT
                            else:
                                self._pass_turn(state, p)
                        break
                    if low & wilds:
                        r = natural[a][0]
                        applied.add(tags[r])
                        if moves >= cap:   # stopped with the suit still to name
                            self._write_back(state, p, masks, laid_before, taken, got, seen)
                            state.laid = [a]
                            state.todo = [("named",), ("laws",), ("end",)]
                            state.decision = NAME_SUIT
                            break
                        moves += 1
                        if ns > 1:
                            decisions += 1
                            top = named[-1] = (r, suits[int(rnd() * ns)])
                        else:
                            top = named[-1] = (r, suits[0])
                        f = fits_top(top)
                    else:
                        f = fits_card[a]
                    p = after[p]
                    continue
            # nothing fits, or the draw was chosen: pass and draw
            if taken < left:
                masks[p] |= bit[stock[taken]]
                taken += 1
                got[p] += 1
                seen[p] = named[-1]
                p = after[p]
                continue
            self._write_back(state, p, masks, laid_before, taken, got, seen)
            self._draw_plain(state, p)
            break
        else:
            self._write_back(state, p, masks, laid_before, taken, got, seen)
        return moves, decisions

    def fits_top(self, top: tuple[int, int]) -> int:
        """The cards (a bit mask) that may be laid on a top card counting as ``top`` (rank index,
        suit index) with no rule for the next card: of its rank or suit, or always laid."""
        fits = self._fits.get(top)
        if fits is None:
            tr, ts = top
            always, rank_of, suit_of, bit = self.always_card, self.rules.rank_of, self.rules.suit_of, self.card_bit
            fits = self._fits[top] = sum(bit[c] for c in range(len(bit))
                                         if always[c] or rank_of[c] == tr or suit_of[c] == ts)
        return fits

    def cards_of(self, mask: int) -> list[int]:
        """The cards of a bit mask, lowest first (a byte of the mask at a time, from a table)."""
        out: list[int] = []
        for table in self._byte_cards:
            if mask & 255:
                out += table[mask & 255]
            mask >>= 8
            if not mask:
                break
        return out

    def _write_back(self, state: "State", p: int, masks: list[int], laid_before: int, taken: int,
                    got: list[int], seen: list) -> None:
        """After plain turns made inline (``_plain_turns``), with ``p`` to play: each hand as a
        sorted list again, the ``taken`` cards drawn off the stock, each seat's last pass noted as
        ``_note_pass`` and ``draw`` would (``got``: the cards it drew in the run; ``seen``: the top
        card it last passed on), and the fields of ``p``'s turn as the ``turn`` step leaves them
        (a card laid or drawn in the run: ``idle`` 0; the last card laid, if the pile grew from
        ``laid_before``, ``last_play``)."""
        cards_of = self.cards_of
        for hand, mask in zip(state.hands, masks):
            hand[:] = cards_of(mask)
        pile = state.piles[0]
        if taken:
            del state.stock[:taken]
            passed, received = state.passed, state.received
            shows = self.must_play   # (where a card may be laid at will, a pass shows nothing)
            for q, k in enumerate(got):
                if k:
                    received[q] += k
                    passed[q] = (seen[q], None, received[q] - 1) if shows else None
        state.mover = state.current = p
        state.laid = []
        state.drawn = None
        state.claim = None
        state.todo = []
        if taken or len(pile) > laid_before:
            state.idle = 0
        if len(pile) > laid_before:
            state.pile_at = 0
            state.last_play = 1 << pile[-1]

    def _after(self, n: int, direction: int) -> list[int]:
        """The seat after each seat, in the direction of play (no one out)."""
        after = self._next_seats.get((n, direction))
        if after is None:
            after = self._next_seats[n, direction] = [(q + direction) % n for q in range(n)]
        return after

    def _lay_plain(self, state: "State", p: int, card: int) -> None:
        """``p`` lays ``card`` (no effect, not a joker) on the discard pile: what ``lay`` and the
        steps after it (``after`` … ``end``, ``turn``) do for such a card in a ``fast`` game."""
        hand = state.hands[p]
        hand.remove(card)
        state.idle = 0
        state.pile_at = 0
        state.piles[0].append(card)
        state.named[0].append(self.natural_card[card])
        state.rule = None
        state.laid = [card]
        state.todo = []
        state.last_play = 1 << card
        if hand and not state.out and state.turn_mod is None and state.target_next is None \
                and state.resume is None:   # the next seat's turn (``_pass_turn``'s common case)
            nxt = (p + state.direction) % state.n
            state.mover = state.current = nxt
            state.laid = []
            state.drawn = None
            state.claim = None
            state.decision = MATCH
            return
        if not hand and p not in state.out and self._goes_out(state, p):
            return
        self._pass_turn(state, p)

    def _lay_wild(self, state: "State", p: int, card: int) -> None:
        """``p`` lays a wild ``card`` (not a joker) in a ``fast_turns`` game: what ``lay`` and the
        steps up to the wild's suit do (``after``: going out before the effect fires; ``effect``:
        the card noted in the record, its suit to name), leaving the ``named``, ``laws`` and
        ``end`` steps for after the suit."""
        state.hands[p].remove(card)
        state.idle = 0
        state.pile_at = 0
        state.piles[0].append(card)
        rank = self.natural_card[card]
        state.named[0].append(rank)
        state.rule = None
        state.laid = [card]
        state.last_play = 1 << card
        if not state.hands[p] and p not in state.out and self._goes_out(state, p):
            return
        state.record.applied.add(self.effect_tags[rank[0]])
        state.todo = [("named",), ("laws",), ("end",)]
        state.open(self, NAME_SUIT, p)

    def _name_wild_suit(self, state: "State", suit: int) -> None:
        """The suit of a wild laid in a ``fast_turns`` game named (``_on_name_suit``), then the
        ``named``, ``laws`` (nothing, in such a game) and ``end`` steps."""
        named = state.named[state.pile_at]
        if named:
            named[-1] = (named[-1][0], suit)
        state.todo = []
        self._pass_turn(state, state.mover)

    def _draw_plain(self, state: "State", p: int) -> None:
        """``p`` passes and draws (no draw chain): ``_pass_and_draw``, then the turn passes on as
        the ``end`` step would."""
        stock = state.stock
        if stock and not self.play_drawn and not state.chain:
            # ``_pass_and_draw`` when a card is there to draw and no decision follows it
            self._note_pass(state, p)
            state.received[p] += 1
            insort(state.hands[p], stock.pop(0))   # (``draw``: the hand sorted)
            state.idle = 0
            state.todo = []
            return self._pass_turn(state, p)
        hand = state.hand_no
        self._pass_and_draw(state, p)
        if state.hand_no != hand or state.ended:
            return
        if state.todo == [("end",)] and not state.halted:
            state.todo = []
            self._pass_turn(state, p)
        else:
            self._run(state)

    def _pass_turn(self, state: "State", p: int) -> None:
        """The ``end`` and ``turn`` steps after a turn that set no turn change (else the queue's)."""
        if not state.hands[p] and p not in state.out:   # (``end``: going out)
            if self._goes_out(state, p):
                return
        if state.turn_mod is not None or state.target_next is not None or state.resume is not None:
            state.todo = [("end",)]
            return self._run(state)
        nxt = self.next_seat(state, p) if state.out else (p + state.direction) % state.n
        state.mover = nxt
        state.laid = []
        state.drawn = None
        state.claim = None
        state.phase = self
        state.decision = MATCH
        state.current = nxt
