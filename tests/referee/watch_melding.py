"""The melding watcher: reads the engine's state into what the table sees (the hand, the melds on
the table and whose they are, the top of the discard pile, the card taken this turn, this hand's
wild rank) and asks the referee (``melding.py``) at every draw, meld, lay-off and discard of a
turn in steps, and at the end of every hand paid by the cards left (``shedding.py``)."""

from __future__ import annotations

from . import melding as ref
from . import shedding
from .drive import Disagreement

DRAW, MELD, LAY_OFF, DISCARD = "draw", "meld", "lay-off", "discard"


class MeldWatcher:
    def __init__(self, spec, tally):
        self.spec = spec
        self.rules = ref.Rules.of(spec)
        self.tally = tally
        p = spec.play
        d = p.draw
        self.skip_all = (p.one_action and "one-action turns, rearranging, full houses, dumps, stumps, joker swaps") \
            or (spec.deck.kind == "tarot" and "a tarot pack") or None
        self.plain_draw = d.stock == "one" and not d.kitty and d.discard == "top" and not d.melded_first \
            and not d.meld_drawn and p.block is None
        self.simple_table = p.melds.rearrange == "none" and p.melds.full_house is None
        self.one_pile = spec.deal.stock is None or spec.deal.stock.discard_piles == 1
        self.taken: set[str] = set()   # the card this turn took from the discard pile
        self.asked_lay_off = False     # whether this turn came to the lay-off step

    def _names(self, state, cards):
        names = state.game.table.names
        return [names[c] for c in cards]

    def _wild_rank(self, state):
        w = state.wild_rank
        names = state.phase.rules.rank_names
        return names[w] if w is not None and 0 <= w < len(names) else None

    def check(self, state, legal) -> None:
        d = state.decision
        if d not in (DRAW, MELD, LAY_OFF, DISCARD):
            return
        if self.skip_all:
            self.tally.skipped[self.skip_all] += 1
            return
        if state.laws or not self.one_pile:
            self.tally.skipped["two discard piles, invented laws"] += 1
            return
        texts = [state.action_to_string(a) for a in legal]
        seat = state.current
        hand = self._names(state, state.hands[seat])
        wild = self._wild_rank(state)
        r = self.rules
        self.tally.moves += 1
        if d == DRAW:
            if not self.plain_draw:
                self.tally.skipped["drawing under conditions"] += 1
                return
            # "The player takes the top card of the stock, or the top card of the discard pile."
            expect = {"draw from the stock"} | ({"take the top card of the discard pile"} if state.piles[0] else set())
            got = {t for t in texts if t != "knock"}
            if got != expect:
                raise Disagreement(f"hand {state.hand_no}: seat {seat} may draw {sorted(got)}; the rulebook says "
                                   f"{sorted(expect)}")
        elif d == MELD:
            if not self.simple_table:
                self.tally.skipped["one-action turns, rearranging, full houses, dumps, stumps, joker swaps"] += 1
                return
            melds = [t[len("meld "):].split(", ") for t in texts if t.startswith("meld ") and t != "meld no more"]
            bad = [m for m in melds if not ref.valid_meld(r, m, wild) or (r.keep_card and len(m) >= len(hand))]
            if bad:
                raise Disagreement(f"hand {state.hand_no}: seat {seat} holding {hand} is offered {bad[:3]}, which "
                                   f"the rulebook says are no melds (wild rank {wild})")
            self.tally.skipped["which melds are offered"] += 1
        elif d == LAY_OFF:
            self.asked_lay_off = True
            self._lay_offs(state, seat, hand, texts, wild)
        elif not self.asked_lay_off and r.lay_off is not None and self._lay_offs(state, seat, hand, [], wild,
                                                                                  only_expect=True):
            # "Laying off (optional)": a turn that could lay off a card must offer the step
            raise Disagreement(f"hand {state.hand_no}: seat {seat} holding {hand} came to discard without being "
                               f"offered to lay off; the rulebook allows "
                               f"{sorted(self._lay_offs(state, seat, hand, [], wild, only_expect=True))[:4]}")
        elif not self.plain_draw:   # what was drawn (two cards, the kitty, a wipe) decides what may go
            self.tally.skipped["drawing under conditions"] += 1
        else:
            # "laying one card from their hand … It may not be a card they took from a discard pile in this turn"
            # what this turn took from the discard pile (the table saw it taken)
            taken = self.taken if not r.discard_taken else set()
            expect = {f"discard {c}" for c in hand if c not in taken} or {f"discard {c}" for c in hand}
            got = set(texts)
            if got != expect:
                raise Disagreement(f"hand {state.hand_no}: seat {seat} holding {hand} (taken {sorted(taken)}) may "
                                   f"discard {sorted(got)}; the rulebook says {sorted(expect)}")

    def _lay_offs(self, state, seat, hand, texts, wild, only_expect=False):
        """Every lay-off of a natural card on a meld without a joker that keeps the meld valid, on
        any player's melds or on one's own, must be offered, and none other."""
        r = self.rules
        expect, judged = set(), []
        if r.keep_card and len(hand) <= 1:   # "one card stays to discard"
            return set() if only_expect else None
        for i, meld in enumerate(state.melds):
            owner = state.meld_info[i][0]
            cards = self._names(state, meld)
            plain = not any(ref.is_wild(c, wild) for c in cards)
            if r.lay_off == "own" and owner != seat:
                continue
            words = ", ".join(cards)
            for c in hand:
                if not plain or ref.is_wild(c, wild):
                    continue
                judged.append(f"lay off {c} on the meld {words}")
                if ref.lay_off_keeps(r, cards, c):
                    expect.add(f"lay off {c} on the meld {words}")
        if only_expect:
            return expect
        offered_plain = {t for t in texts if t.startswith("lay off ") and t in judged}
        if offered_plain != expect:
            raise Disagreement(f"hand {state.hand_no}: seat {seat} holding {hand}, the table {[list(self._names(state, m)) for m in state.melds]}: "
                               f"the engine offers {sorted(offered_plain - expect)[:4]} the rulebook forbids and "
                               f"misses {sorted(expect - offered_plain)[:4]}")
        if any(t.startswith("lay off ") and t not in judged for t in texts):
            self.tally.skipped["a lay-off with a joker"] += 1

    def step(self, state, action) -> None:
        hands = len(state.record.hands)
        held = [self._names(state, h) for h in state.hands]
        if state.decision == DRAW:   # a new turn: what it takes from the discard pile, the table sees taken
            text = state.action_to_string(action)
            self.taken = set()
            self.asked_lay_off = False
            if text == "take the top card of the discard pile" and state.piles[0]:
                self.taken = {self._names(state, state.piles[0][-1:])[0]}
        state.apply_action(action)
        if len(state.record.hands) > hands:
            self._score(state, held)

    def _score(self, state, held) -> None:
        rec = state.record.hands[-1]
        if not shedding.plain_payment(self.spec) or self.spec.play.pig_meld or self.spec.play.penalty or \
                self.spec.play.desert or self.skip_all:
            self.tally.skipped["who plays next, and special scores"] += 1
            return
        why, expect, left = shedding.settle(self.spec, held, rec.facts["left"])
        if why:
            self.tally.skipped["who plays next, and special scores" if why == "scores other than the cards left" else why] += 1
            return
        self.tally.hands += 1
        if list(rec.scores) != expect:
            raise Disagreement(f"hand {len(state.record.hands) - 1}: cards left {left}: the engine scores "
                               f"{list(rec.scores)}, the rulebook {expect}")
