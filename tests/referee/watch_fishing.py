"""The fishing watcher: reads the engine's state into what the table sees (the hand, the table's
cards) and asks the referee (``fishing.py``) at every turn: the plays the engine offers must be
the ones the rulebook allows."""

from __future__ import annotations

import re

from . import fishing as ref
from .drive import Disagreement

TURN = "capture"


def parse(text: str) -> tuple[str, frozenset[str]]:
    """"lays the X" / "plays the X and takes the pile (the A, the B)" / "plays the X and takes the A,
    the B and the C" as (card, cards taken)."""
    if text.startswith("lays the "):
        return text[len("lays the "):], frozenset()
    card, _, rest = text[len("plays the "):].partition(" and takes ")
    if rest.startswith("the pile ("):
        rest = rest[len("the pile ("):-1]
    parts = re.split(r", (?=the )| and (?=the )", rest)
    return card, frozenset(p[len("the "):] for p in parts)


class FishWatcher:
    def __init__(self, spec, tally):
        self.spec = spec
        self.rules = ref.Rules.of(spec)
        self.tally = tally
        p = spec.play
        self.skip = getattr(p, "builds", False) or getattr(p, "combinations", "one") != "one"
        self.hand_no = None
        self.table: list[str] = []

    def check(self, state, legal) -> None:
        if state.decision != TURN:
            return
        if self.skip:
            self.tally.skipped["every combination at once, and builds"] += 1
            return
        names = state.game.table.names
        hand = [names[c] for c in state.hands[state.current]]
        table = [names[c] for c in state.layout]
        expect = ref.turn(self.rules, hand, table)
        got = {parse(state.action_to_string(a)) for a in legal}
        self.tally.moves += 1
        if got != expect:
            show = lambda plays: sorted((c, sorted(t)) for c, t in plays)[:4]   # noqa: E731
            raise Disagreement(f"hand {state.hand_no}: seat {state.current} holds {hand}, the table {table}: the "
                               f"engine offers {show(got - expect)} the rulebook forbids and misses "
                               f"{show(expect - got)}")

    def step(self, state, action) -> None:
        """Follow the hand as the table does: each capture goes to its player with the card that
        took it, a sweep is counted, the last capturer noted; at the end "the player who captured
        last takes the cards left on the table", and the hand is scored."""
        if state.decision == TURN and not self.skip:
            if self.hand_no != state.hand_no:
                self.hand_no, self.taken, self.sweeps, self.last, self.turns = state.hand_no, [[] for _ in range(state.n)], [0] * state.n, None, 0
            names = state.game.table.names
            table = [names[c] for c in state.layout]
            seat = state.current
            card, taken = parse(state.action_to_string(action))
            if taken:
                if ref.is_sweep(self.spec.play.sweep, card, taken, table, self.turns == 0):
                    self.sweeps[seat] += 1
                self.taken[seat] += [*taken, card]
                self.last = seat
                table = [c for c in table if c not in taken]
            else:
                table = table + [card]
            self.turns += 1
            self.table = table
        hands = len(state.record.hands)
        state.apply_action(action)
        if len(state.record.hands) > hands:
            self._score(state)

    def _score(self, state) -> None:
        self.tally.skipped["refills"] += 1
        if self.skip or self.hand_no is None:
            self.tally.skipped["the scores of a hand with builds or every combination"] += 1
            return
        taken = [list(t) for t in self.taken]
        if self.last is not None:
            taken[self.last] += self.table
        sweeps = list(self.sweeps)
        sides = state.record.sides
        if sides is not None:   # "partners play as one": their cards and sweeps counted together
            k = max(sides) + 1
            taken = [[c for p in range(state.n) if sides[p] == s for c in taken[p]] for s in range(k)]
            sweeps = [sum(sweeps[p] for p in range(state.n) if sides[p] == s) for s in range(k)]
        unit = ref.hand_scores(self.spec, taken, sweeps)
        expect = unit if sides is None else [unit[sides[p]] for p in range(state.n)]
        rec = state.record.hands[-1]
        self.tally.hands += 1
        self.hand_no = None
        if list(rec.scores) != expect:
            raise Disagreement(f"hand {len(state.record.hands) - 1}: cards taken {[len(t) for t in taken]}, sweeps "
                               f"{sweeps}: the engine scores {list(rec.scores)}, the rulebook {expect}")
