"""The matching watcher: reads the engine's state into what the table sees (the hand, the top card
of the discard pile as it counts, the wild rank) and asks the referee (``matching.py``) at every
plain turn: the cards the engine offers must be the ones the rulebook allows, and passing too."""

from __future__ import annotations

from . import matching as ref
from . import shedding
from .drive import Disagreement

TURN = "match"


class MatchWatcher:
    def __init__(self, spec, tally):
        self.spec = spec
        self.rules = ref.Rules.of(spec)
        self.tally = tally

    def _skip(self, state) -> str | None:
        """The part of the rules this turn meets that the referee leaves to the engine, if any."""
        p = self.spec.play
        if p.cheat is not None:
            return "cheat mode"
        if len(state.piles) > 1:
            return "two discard piles"
        if state.laws:
            return "invented laws"
        if p.countdown_wild and self.spec.deal.tokens is not None:
            return "a countdown wild"
        if not state.hands[state.current]:
            return "face-down rows, knocking"
        phase = state.phase
        if phase.not_last and len(state.hands[state.current]) == 1:
            return "the last card barred"
        return None

    def check(self, state, legal) -> None:
        if state.decision != TURN:
            self.tally.skipped["plays of several cards and effect decisions"] += 1
            return
        why = self._skip(state)
        if why:
            self.tally.skipped[why] += 1
            return
        table = state.game.table
        rules = state.phase.rules
        names = table.names
        hand = [names[c] for c in state.hands[state.current]]
        named = state.named[0]
        top = None
        if named:
            rank, suit = named[-1]
            top = (rules.rank_names[rank] if 0 <= rank < rules.ranked else None, table.suit_names[suit])
        wild = state.wild_rank
        wild_rank = rules.rank_names[wild] if wild is not None and 0 <= wild < rules.ranked else None
        rule = state.rule   # the rule for the next card, as the table was told it: ranks and suits by name
        if rule is not None and len(rule) > 1:
            rule = (rule[0], table.suit_names[rule[1]] if rule[0] == "also" else rules.rank_names[rule[1]])
        chain = rules.rank_names[state.chain_rank] if state.chain else None
        cards, may_pass = ref.turn(self.rules, hand, top, wild_rank, None if chain else rule, chain)
        size = table.size
        engine = {names[a] for a in legal if 0 <= a < size}
        engine_pass = any(a >= size for a in legal if state.action_to_string(a) not in ("knock",)
                          and not state.action_to_string(a).startswith("turn"))
        self.tally.moves += 1
        if engine != cards or engine_pass != may_pass:
            raise Disagreement(
                f"hand {state.hand_no}: seat {state.current} holds {hand}, the top card counts as {top} (wild rank "
                f"{wild_rank}, rule for the next card {rule}): the engine offers {sorted(engine - cards)} the rulebook forbids and misses "
                f"{sorted(cards - engine)}; passing: engine {engine_pass}, rulebook {may_pass}")

    def step(self, state, action) -> None:
        hands = len(state.record.hands)
        names = state.game.table.names
        held = [[names[c] for c in h] for h in state.hands]   # what each holds before this step
        state.apply_action(action)
        self.tally.skipped["who plays next"] += 1
        if len(state.record.hands) > hands:
            self._score(state, held)

    def _score(self, state, held) -> None:
        """The hand just ended: "As soon as a player goes out, the hand ends at once", so the others
        hold what they held before the last play; a blocked hand ends on a pass, nothing moving."""
        rec = state.record.hands[-1]
        if not shedding.plain_payment(self.spec):
            self.tally.skipped["scores other than the cards left"] += 1
            return
        why, expect, left = shedding.settle(self.spec, held, rec.facts["left"])
        if why:
            self.tally.skipped[why] += 1
            return
        self.tally.hands += 1
        if list(rec.scores) != expect:
            raise Disagreement(f"hand {len(state.record.hands) - 1}: cards left {left}: the engine scores "
                               f"{list(rec.scores)}, the rulebook {expect}")
