"""The trick-taking watcher: reads the engine's state into what the table sees, asks the referee
(``trick_taking.py``) at every card played, every trick and every hand, and raises
``Disagreement`` at the first difference."""

from __future__ import annotations

from . import trick_taking as ref
from .drive import Disagreement

PLAY = "play"


class TrickWatcher:
    def __init__(self, spec, tally):
        self.spec = spec
        self.rules = ref.Rules.of(spec)
        self.tally = tally
        self.hand_no = None
        self.trick: list[tuple[int, str, str]] = []
        self.earlier: list[list[tuple[int, str, str]]] = []
        self.takers: list[int] = []   # each earlier trick's taker

    # -- reading the engine ------------------------------------------------------------------

    def _names(self, state, cards) -> list[str]:
        names = state.game.table.names
        return [names[c] for c in cards]

    def _suit(self, state, i) -> str | None:
        suits = state.game.table.suit_names
        return suits[i] if i is not None and 0 <= i < len(suits) else None

    def _laws(self, state, seat) -> list[str]:
        return state.observation(seat).laws if "laws" in state.game.views else []

    def _position(self, state) -> ref.Position:
        seat = state.current
        return ref.Position(seat, self._names(state, state.hands[seat]), list(self.trick), self.earlier,
                            self._suit(state, state.trump), self._suit(state, getattr(state, "anti", None)),
                            bool(getattr(state, "pig_revealed", False)), self._laws(state, seat),
                            state.observation(seat).partners)

    def _new_hand(self, state) -> None:
        """The first lead of a hand: what is in play, the kitty, who leads."""
        self.hand_no = state.hand_no
        self.trick, self.earlier, self.takers = [], [], []
        n = state.n
        self.won = [[] for _ in range(n)]
        self.tricks = [0] * n
        self.joker_tricks = [0] * n
        self.in_play = {c for h in state.hands for c in self._names(state, h)}
        self.kitty = self._names(state, getattr(state, "kitty", []))
        self.captured = False
        p = self.rules.p
        expect = (state.dealer + 1) % n
        if p.opening_leader == "dealer":
            expect = state.dealer
        elif p.opening_leader == "landlord" and getattr(state, "landlord", None) is not None:
            expect = state.landlord
        elif p.opening_leader == "holder":
            holder = next((s for s, h in enumerate(state.hands) if p.opening_card in self._names(state, h)), None)
            if holder is not None:
                expect = holder
        if state.current != expect:
            raise Disagreement(f"hand {state.hand_no}: the first lead is seat {state.current}'s; the rulebook "
                               f"gives it to seat {expect}")

    # -- the checks --------------------------------------------------------------------------

    def check(self, state, legal: list[int]) -> None:
        if state.decision != PLAY:
            return
        if self.hand_no != state.hand_no:
            self._new_hand(state)
        pos = self._position(state)
        engine = {"pass" if state.action_to_string(a) == "play no card" else state.action_to_string(a) for a in legal}
        opening = not self.earlier and not self.trick
        referee = ref.legal_plays(self.rules, pos, opening)
        self.tally.moves += 1
        if engine != referee:
            raise Disagreement(
                f"hand {state.hand_no}, trick {len(self.earlier) + 1}: seat {pos.seat} holds {pos.hand}, trick "
                f"{[(s, a) for s, _, a in pos.trick]}, trumps {pos.trump}, laws {pos.laws}: engine allows "
                f"{sorted(engine - referee)} the rulebook does not; the rulebook allows {sorted(referee - engine)} "
                f"the engine does not")

    def step(self, state, action: int) -> None:
        if state.decision != PLAY:
            hands = len(state.record.hands)
            state.apply_action(action)
            if len(state.record.hands) > hands:
                self.tally.skipped["a hand thrown in before play"] += 1
            return
        seat, text = state.current, state.action_to_string(action)
        facts = self._facts(state)
        sizes = [len(h) for h in state.hands]
        hands_before, history_before = len(state.record.hands), len(state.history)
        state.apply_action(action)
        ended = len(state.record.hands) > hands_before
        if text != "play no card":
            card, as_card = ref.played(text)
            bounced = not ended and card in self._names(state, state.hands[seat])
            if bounced:
                self.tally.skipped["secret laws broken"] += 1
            else:
                self.trick.append((seat, card, as_card))
                if len(self.trick) == state.n:
                    sizes[seat] -= 1
                    self.all_hold = all(sizes)   # whether a boost trick may go round again
        if ended or len(state.history) > history_before:
            if self.trick:
                trump = state.record.hands[-1].trump if ended else self._suit(state, state.trump)
                self._finish_trick(state, trump, facts, ended)
        if ended:
            self._finish_hand(state, facts)

    def _finish_trick(self, state, trump, facts, ended) -> None:
        r, trick = self.rules, self.trick
        if facts["laws"]:
            self.tally.skipped["the length of a trick under invented laws"] += 1
        elif len(trick) != ref.trick_length(r, trick, state.n, self.all_hold):
            raise Disagreement(f"hand {self.hand_no}: trick {[(s, a) for s, _, a in trick]} ends after "
                               f"{len(trick)} cards; the rulebook says {ref.trick_length(r, trick, state.n, self.all_hold)}")
        i = ref.trick_winner(r, trick, trump, facts["anti"])
        taker = trick[i][0]
        self.tally.tricks += 1
        if not ended and state.history[-1][2] != taker:
            raise Disagreement(f"hand {state.hand_no}: trick {[(s, a) for s, _, a in trick]} (trumps {trump}, "
                               f"anti-trump {facts['anti']}): the engine gives it to seat {state.history[-1][2]}, "
                               f"the rulebook to seat {taker}")
        cards = [c for _, c, _ in trick]
        self.won[taker] += cards
        self.tricks[taker] += 1
        self.last = taker
        if any(ref.is_joker(c) for c in cards):
            self.joker_tricks[taker] += 1
        cap = r.p.kitty_capture
        if cap and self.kitty and not self.captured and (
                cap.card in cards or (cap.suit and any(ref.suit_of(c) == cap.suit for c in cards))):
            # "The first player in the hand to win a trick that holds X also takes the kitty: it counts as one more trick won"
            self.won[taker] += self.kitty
            self.tricks[taker] += 1
            self.captured = True
        leader = trick[0][0]
        self.earlier.append(trick)
        self.takers.append(taker)
        self.trick = []
        if not ended:
            if facts["laws"]:
                self.tally.skipped["the next leader under invented laws"] += 1
            else:
                expect = ref.next_leader(r, trick, taker, leader, state.n, facts["direction"], trump)
                if state.current != expect:
                    raise Disagreement(f"hand {state.hand_no}: after trick {[(s, a) for s, _, a in trick]} "
                                       f"seat {state.current} leads; the rulebook says seat {expect}")

    def _facts(self, state) -> dict:
        """The hand's public facts, read before a play (the last play of a hand starts the next)."""
        bids = getattr(state, "bids", None)
        return {"anti": self._suit(state, getattr(state, "anti", None)),
                "bids": list(bids) if bids and any(b is not None for b in bids) else None,
                "blind": list(getattr(state, "blind", []) or []) or None,
                "landlord": getattr(state, "landlord", None), "stake": getattr(state, "landlord_bid", 0) or 0,
                "pig": bool(getattr(state, "pig_revealed", False)), "top_point": getattr(state, "top_point", None),
                "low": bool(getattr(state, "low", False)), "laws": bool(getattr(state, "laws", None)),
                "direction": getattr(state, "direction", 1)}

    @staticmethod
    def _sides(state, caller):
        """The hand's sides: the fixed partnerships, or "the player who names trumps plays alone
        against all the others, who play that hand as partners"."""
        if state.record.sides is not None:
            return state.record.sides
        if state.game.spec.players.coalition is not None and caller is not None:
            return [0 if p == caller else 1 for p in range(state.n)]
        return None

    def _finish_hand(self, state, f) -> None:
        rec = state.record.hands[-1]
        if [sorted(w) for w in rec.won] != [sorted(w) for w in self.won] or list(rec.tricks) != self.tricks:
            raise Disagreement(f"hand {self.hand_no}: the engine records tricks {rec.tricks} and cards taken "
                               f"{rec.won}; the rulebook gives tricks {self.tricks} and cards {self.won}")
        t = state.game.spec.setup.trumps
        caller = (rec.dealer + {"dealer": 0, "dealer-left": 1}[t.caller]) % state.n if t.method == "called" else None
        way = None
        sch = state.game.spec.scoring
        if sch.kind == "schedule":   # the contract as announced (the record's), scored by its row
            self.tally.skipped["the contract of a schedule's hand"] += 1
            c = next(c for c in sch.contracts if c.contract == rec.contract)
            way = c.score or next(m for m in c.modes if m.name == rec.mode)
        hand = ref.Hand(self.won, self.tricks, self.joker_tricks, self.in_play, rec.trump, f["bids"], f["blind"],
                        f["landlord"], f["stake"], f["pig"], f["top_point"], f["low"], getattr(self, "last", None),
                        caller, self._sides(state, caller), way=way, takers=list(self.takers),
                        trick_cards=[[c for _, c, _ in t] for t in self.earlier])
        scores = ref.hand_scores(self.rules, hand)
        self.tally.hands += 1
        if list(rec.scores) != scores:
            raise Disagreement(f"hand {self.hand_no}: the engine scores {rec.scores}, the rulebook {scores} "
                               f"(tricks {self.tricks}, bids {f['bids']}, trumps {rec.trump}, landlord "
                               f"{f['landlord']}, low {f['low']})")
        self.hand_no = None
