"""The climbing watcher: reads the engine's state into what the table sees and asks the referee
(``climbing.py``) at every play, every trick and every hand whose piles are taken as tricks."""

from __future__ import annotations

from . import climbing as ref
from . import trick_taking
from .drive import Disagreement

CLIMB = "climb"


def parse(text: str):
    """An engine play in words ('7 of hearts, red joker as a 7 (a set of 2)') as a play."""
    if text.endswith(")") and " (" in text:
        text = text[: text.rindex(" (")]
    out = []
    for part in text.split(", "):
        card, _, rank = part.partition(" as a ")
        out.append((card, rank or None))
    return tuple(out)


class ClimbWatcher:
    def __init__(self, spec, tally):
        self.spec = spec
        self.rules = ref.Rules.of(spec)
        self.tally = tally
        # Piles taken as tricks and scored by them (a game may take tricks and score going out).
        self.tricks_scored = spec.play.collection == "trick" and spec.scoring.kind in ("per-trick", "exact-bid",
                                                                                      "avoid-suit")
        self.trick_rules = trick_taking.Rules.of(spec) if self.tricks_scored else None
        self.hand_no = None
        self.lost = None   # a hand the watcher stopped following (rows, a knock)
        self.pile: list[tuple[int, tuple, ref.Meaning]] = []

    def _names(self, state, cards):
        names = state.game.table.names
        return [names[c] for c in cards]

    def _new_hand(self, state):
        self.hand_no = state.hand_no
        self.pile = []
        n = state.n
        self.won = [[] for _ in range(n)]
        self.tricks = [0] * n
        self.joker_tricks = [0] * n
        self.in_play = {c for h in state.hands for c in self._names(state, h)}
        self.kitty = self._names(state, getattr(state, "kitty", []))
        self.captured = False
        self.first = True

    def _opening(self, state, seat, hand):
        p = self.rules.p
        if not self.first or p.opening_leader != "holder" or p.opening_card not in hand:
            return None
        sc = self.spec.scoring
        if sc.kind == "titles" and state.hand_no > 0 and getattr(state, "titles_won", None):
            return None   # "From the second hand on, the <title> leads to the first trick"
        return (p.opening_card, p.opening_play)

    def check(self, state, legal):
        if state.decision != CLIMB:
            return
        if state.hand_no == self.lost:
            self.tally.skipped["rows, knocking and blind cards"] += 1
            return
        if self.hand_no != state.hand_no:
            self._new_hand(state)
        seat = state.current
        hand = self._names(state, state.hands[seat])
        texts = [state.action_to_string(a) for a in legal]
        if not hand or any(t == "knock" or t.startswith("turn face-down") for t in texts):
            self.tally.skipped["rows, knocking and blind cards"] += 1
            return
        laws = state.observation(seat).laws if "laws" in state.game.views else []
        last = self.pile[-1] if self.pile else None
        pos = ref.Position(seat, hand, last[1] if last else None, last[2] if last else None, laws,
                           self._opening(state, seat, hand))
        keys, _ = ref.legal_keys(self.rules, pos)
        engine = {("pass",) if t == "pass" else ref.key(self.rules, parse(t)) for t in texts}
        self.tally.moves += 1
        wrong = [t for t in texts if t != "pass" and not ref.is_legal(self.rules, pos, parse(t))]
        if wrong or engine != keys:
            raise Disagreement(
                f"hand {state.hand_no}: seat {seat} holds {hand}, to beat {last[1] if last else None} "
                f"({last[2] if last else None}), laws {laws}: the engine offers {sorted(engine - keys, key=str)[:8]} "
                f"(plays the rulebook forbids: {wrong[:5]}); the rulebook allows {sorted(keys - engine, key=str)[:8]} "
                f"the engine does not")

    def step(self, state, action):
        if state.decision != CLIMB:
            state.apply_action(action)
            return
        seat, text = state.current, state.action_to_string(action)
        if text == "knock" or text.startswith("turn face-down") or not state.hands[seat] or state.hand_no == self.lost:
            self.lost = state.hand_no   # the watcher stops following this hand: it cannot see the rows' plays
            state.apply_action(action)
            self.hand_no = None
            return
        if self.hand_no != state.hand_no:
            return state.apply_action(action)
        hands_before = len(state.record.hands)
        rows = [len(getattr(state, "rows_up", [[]] * state.n)[p]) + len(getattr(state, "rows_down", [[]] * state.n)[p])
                for p in range(state.n)] if self.spec.deal.rows and self.spec.play.collection == "set-aside" else [0] * state.n
        # What each player still holds: hand, and rows when they are played ("gone out" needs both empty).
        left = {p: self._names(state, h) + ["a row card"] * rows[p] for p, h in enumerate(state.hands)}
        # Read before the last play of a hand starts the next one: the pig shown, the landlord and the stake.
        self.pig_shown = bool(getattr(state, "pig_revealed", False))
        self.landlord, self.stake = getattr(state, "landlord", None), getattr(state, "landlord_bid", 0) or 0
        state.apply_action(action)
        ended = len(state.record.hands) > hands_before
        if text != "pass":
            play = parse(text)
            if not ended and set(c for c, _ in play) <= set(self._names(state, state.hands[seat])):
                self.tally.skipped["secret laws broken"] += 1
            else:
                beneath = self.pile[-1][2] if self.pile else None
                m = ref.meaning(self.rules, play)
                self.pile.append((seat, play, ref.as_laid(self.rules, play, m, beneath)))
                left[seat] = [c for c in left[seat] if c not in {c for c, _ in play}]
                self.first = False
        if ended:
            if self.pile and not any(not cards for cards in left.values()):
                self._take(state)
            self._finish_hand(state)
        elif not state.trick_plays and self.pile:
            self._take(state, check_leader=True, left=left)

    def _take(self, state, check_leader=False, left=None):
        """"The last player to play takes the cards of the trick … and leads to the next trick. If
        that player has no cards left, the next player to their left who still holds cards leads instead.\""""
        taker = self.pile[-1][0]
        cards = [c for _, play, _ in self.pile for c, _ in play]
        self.tally.tricks += 1
        if self.tricks_scored:
            self.won[taker] += cards
            self.tricks[taker] += 1
            if any(ref.is_joker(c) for c in cards):
                self.joker_tricks[taker] += 1
            cap = self.rules.p.kitty_capture
            if cap and self.kitty and not self.captured and (
                    cap.card in cards or (cap.suit and any(ref.suit_of(c) == cap.suit for c in cards))):
                self.won[taker] += self.kitty
                self.tricks[taker] += 1
                self.captured = True
        self.pile = []
        if check_leader and not getattr(state, "laws", None):
            expect, n = taker, state.n
            d = getattr(state, "direction", 1)
            while not left[expect] and any(left.values()):
                expect = (expect + d) % n
            if state.decision == CLIMB and state.current != expect:
                raise Disagreement(f"hand {state.hand_no}: seat {taker} played last to the trick; seat "
                                   f"{state.current} leads next, the rulebook says seat {expect}")

    def _finish_hand(self, state):
        rec = state.record.hands[-1]
        self.hand_no = None
        if not self.tricks_scored:
            self.tally.skipped["shedding scores"] += 1
            return
        if "won" not in rec.facts:
            raise Disagreement(f"the engine's record of a hand whose piles are tricks has no cards won: {rec.as_dict()}")
        if [sorted(w) for w in rec.won] != [sorted(w) for w in self.won] or list(rec.tricks) != self.tricks:
            raise Disagreement(f"hand {rec}: the engine records tricks {rec.tricks} and cards {rec.won}; the "
                               f"rulebook gives tricks {self.tricks} and cards {self.won}")
        hand = trick_taking.Hand(self.won, self.tricks, self.joker_tricks, self.in_play, None, None, None,
                                 self.landlord, self.stake, self.pig_shown, None, False)
        scores = trick_taking.hand_scores(self.trick_rules, hand)
        self.tally.hands += 1
        if list(rec.scores) != scores:
            raise Disagreement(f"the engine scores the hand {rec.scores}, the rulebook {scores} (tricks {self.tricks})")
