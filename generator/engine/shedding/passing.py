"""Between titles hands (WU-02…WU-04): the cards the loser and the title holder pass after the
deal. (WU-05, the loser dealing, is the play phase's ``after_hand``; WU-01, who leads, its
``start``.)

* ``best-card``: the loser gives the title holder their highest card; the title holder gives any
  one card back (a decision).
* ``two-cards``: the loser gives their two highest cards; the title holder gives back
  ``returned`` cards of their choice, one decision each.
* ``swap-hands``: before anyone looks, each player shows a card of their dealt hand (chance: the
  top card of a hand dealt face down); the title holder swaps hands with the owner of the
  highest card shown, and then the vice with the holder of the second highest (ties: the first
  from the dealer's left). A holder whose own card is that card keeps their hand, and so does
  the title holder if the second highest is now in their hand.

The usurper rule (anyone else who picks up the cards or tries to deal becomes the loser) never
happens among players who keep the rules, so the engine never plays it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

GIVE_BACK = "give-back"


class PassCards(Phase):
    rule = "passing cards between the titled players before a hand"
    decisions = (GIVE_BACK,)
    hand_fields = {"to_give_back": 0, "shown_tops": [], "exchanged": []}
    #: ``exchanged``: the cards that changed hands this hand, as (giver, taker, card); each player
    #: knows the cards they gave and the cards they were given, and no other.
    views = {"shown_tops": lambda s, p: list(s.shown_tops),
             "exchanged": lambda s, p: [e for e in s.exchanged if p in (e[0], e[1])]}

    def __init__(self, game: "Game"):
        super().__init__(game)
        passing = game.spec.scoring.passing
        self.kind = passing.kind
        self.returned = 1 if self.kind == "best-card" else (passing.returned or 2)
        self.level = game.scorer.rules.level   # the family's rank levels (its scorer's rules)

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        s = spec.scoring
        return s.kind == "titles" and s.passing is not None and s.passing.kind != "loser-deals"

    def _highest(self, cards: list[int], k: int) -> list[int]:
        level = self.level
        return sorted(cards, key=lambda c: (level[c] if level[c] >= 0 else 10**6, c), reverse=True)[:k]

    def start(self, state: "State") -> bool:
        titles = state.titles_won
        if titles is None or state.hand_no == 0:
            return False
        title, vice, loser = titles
        if self.kind == "swap-hands":
            return self._swap(state, title, vice)
        if title is None or loser is None or title == loser:
            return False
        k = 1 if self.kind == "best-card" else 2
        given = self._highest(state.hands[loser], k)
        for c in given:
            state.hands[loser].remove(c)
            state.exchanged.append((loser, title, c))
        state.hands[title].extend(given)
        state.hands[title].sort()
        state.to_give_back = min(self.returned, len(state.hands[title]))
        return state.to_give_back > 0 and state.open(self, GIVE_BACK, title)

    def _swap(self, state: "State", title: int | None, vice: int | None) -> bool:
        n = state.n
        tops = []
        for p in range(n):
            h = state.hands[p]
            tops.append(h[state.randrange(len(h))] if h else None)
        state.shown_tops = [c for c in tops if c is not None]
        order = sorted((p for p in state.from_left() if tops[p] is not None),
                       key=lambda p: -(self.level[tops[p]] if self.level[tops[p]] >= 0 else 10**6))
        ranked = [tops[p] for p in order]
        for holder, place in ((title, 0), (vice, 1)):
            if holder is None or place >= len(ranked) or ranked[place] in state.hands[holder]:
                continue
            if place == 1 and title is not None and ranked[1] in state.hands[title]:
                continue   # the title holder's new hand is theirs to keep
            other = state.holder(ranked[place])
            state.hands[holder], state.hands[other] = state.hands[other], state.hands[holder]
        return False

    def shown(self, state: "State", player: int) -> set[int]:
        return set(state.shown_tops)

    def hide(self, state: "State", public: "State", player: int) -> None:
        public.exchanged = [e for e in state.exchanged if player in (e[0], e[1])]

    def legal(self, state: "State") -> list[int]:
        return list(state.hands[state.current])

    def apply(self, state: "State", card: int) -> None:
        title, _, loser = state.titles_won
        state.hands[title].remove(card)
        state.hands[loser].append(card)
        state.exchanged.append((title, loser, card))
        state.hands[loser].sort()
        state.to_give_back -= 1
        if not state.to_give_back:
            state.advance()
