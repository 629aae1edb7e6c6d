"""The fishing watcher: reads the engine's state into what the table sees (the hand, the table's
cards) and asks the referee (``fishing.py``) at every turn: the plays the engine offers must be
the ones the rulebook allows. The builds on the table it follows itself, from the plays as the
game's log words them (who built what, of which total, with which cards), never from the engine's
record of them."""

from __future__ import annotations

import re

from . import fishing as ref
from .drive import Disagreement

TURN = "capture"
BUILD_OF = re.compile(r"build of \d+ \((.*)\)")


def _cards(text: str) -> frozenset[str]:
    """"the A, the build of 7 (B, C) and the D" as the cards named, a build's among them."""
    out: set[str] = set()
    for part in re.split(r", (?=the )| and (?=the )", text):
        part = part[len("the "):]
        m = BUILD_OF.fullmatch(part)
        out |= set(m.group(1).split(", ")) if m else {part}
    return frozenset(out)


def parse(text: str) -> ref.Play:
    """"lays the X" / "plays the X and takes the pile (the A, the B)" / "plays the X and takes the A,
    the B and the C" / "plays the X onto the A and the B and builds 9" (or "builds a group of 9s") /
    "plays the X onto the build of 7 (A, B) and raises it to 9" as (card, cards, total built)."""
    if text.startswith("lays the "):
        return text[len("lays the "):], frozenset(), None
    card, _, rest = text[len("plays the "):].partition(" and takes ")
    if rest:
        if rest.startswith("the pile ("):
            rest = rest[len("the pile ("):-1]
        return card, _cards(rest), None
    card, _, rest = card.partition(" onto ")
    m = re.fullmatch(r"(.*) and (?:raises it to (\d+)|builds (\d+)|builds a group of (\d+)s)", rest)
    if m is None:
        raise Disagreement(f"a play the rulebook has no words for: {text!r}")
    return card, _cards(m.group(1)), int(next(g for g in m.groups()[1:] if g))


class FishWatcher:
    def __init__(self, spec, tally):
        self.spec = spec
        self.rules = ref.Rules.of(spec)
        self.tally = tally
        self.hand_no = None
        self.table: list[str] = []

    def _follow(self, state) -> None:
        """A new hand: nothing taken, no sweep, no build, no capturer yet."""
        if self.hand_no != state.hand_no:
            self.hand_no, self.taken, self.sweeps, self.last, self.turns = (
                state.hand_no, [[] for _ in range(state.n)], [0] * state.n, None, 0)
            self.builds: tuple[ref.Build, ...] = ()

    def _table(self, state) -> list[str]:
        names = state.game.table.names
        table = [names[c] for c in state.layout]
        for b in self.builds:
            if not b.cards <= set(table):
                raise Disagreement(f"hand {state.hand_no}: the build of {b.total} {sorted(b.cards)} is not all on the "
                                   f"table {table}")
        return table

    def check(self, state, legal) -> None:
        if state.decision != TURN:
            return
        self._follow(state)
        names = state.game.table.names
        hand = [names[c] for c in state.hands[state.current]]
        table = self._table(state)
        expect = ref.turn(self.rules, hand, table, self.builds, state.current, state.record.sides)
        got = {parse(state.action_to_string(a)) for a in legal}
        self.tally.moves += 1
        if got != expect:
            show = lambda plays: sorted((c, sorted(t), k or 0) for c, t, k in plays)[:4]   # noqa: E731
            builds = [(b.owner, b.total, sorted(b.cards)) for b in self.builds]
            raise Disagreement(f"hand {state.hand_no}: seat {state.current} holds {hand}, the table {table}, builds "
                               f"{builds}: the engine offers {show(got - expect)} the rulebook forbids and misses "
                               f"{show(expect - got)}")

    def step(self, state, action) -> None:
        """Follow the hand as the table does: each capture goes to its player with the card that
        took it, a sweep is counted, the last capturer noted; a build made, raised or grouped
        becomes its player's, with the builds it bundled; at the end "the player who captured last
        takes the cards left on the table", and the hand is scored."""
        if state.decision == TURN:
            self._follow(state)
            table = self._table(state)
            seat = state.current
            card, cards, total = parse(state.action_to_string(action))
            if total is not None:
                kept = tuple(b for b in self.builds if not b.cards & cards)
                self.builds = (*kept, ref.Build(seat, total, cards | {card}))
                table = table + [card]
            elif cards:
                if ref.is_sweep(self.spec.play.sweep, card, cards, table, self.turns == 0):
                    self.sweeps[seat] += 1
                self.taken[seat] += [*cards, card]
                self.last = seat
                table = [c for c in table if c not in cards]
                self.builds = tuple(b for b in self.builds if not b.cards & cards)
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
        if self.hand_no is None:
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
