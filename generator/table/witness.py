"""What the other players did, as one seat may know it: each move in the words ``parlour replay``
uses (the family's narration, ``Phase.narration``), the tricks as they end and each hand's scores
— and nothing the seat may not see.

Two things keep a move's secret. A move the seat cannot tell from the mover's other choices (a
simultaneous bid, a secret law, a card given face down) is told without its choice: its public
copy (``Observation.public_state``) comes out the same whichever was made. And a card the words
name that the seat cannot see once the move is made (a card laid face down, a card passed to
another hand) is told as "a card"."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any, Callable

#: Moves with more choices than this are not compared choice by choice (a melding turn can offer
#: hundreds of melds, all of them laid face up): their card words alone are masked.
COMPARE_AT_MOST = 64


@dataclass(frozen=True)
class Line:
    """One line of the table's story: its text, the hand it belongs to, and the seat that moved
    (None: the table's own news, a trick taken or a hand scored)."""

    text: str
    hand: int
    seat: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "hand": self.hand, "seat": self.seat}


class Witness:
    """Tells one seat the moves of a game, one by one: ``before`` a move is made (its words depend
    on the decision), ``after`` it (what the seat may know of it, and what it finished)."""

    def __init__(self, game: Any, viewer: int, seat_name: Callable[[int], str]):
        self.game = game
        self.viewer = viewer
        self.seat_name = seat_name
        play = next((ph for ph in game.phases if ph.card_play and ph.narration is not None), None)
        t = game.table
        self.play = play.narration(t.names, t.suit_names, seat_name) if play is not None else None
        self.scored = 0
        self.hand = -1
        # card names, longest first, as whole words ("major 1" is not inside "major 13")
        order = sorted(range(t.size), key=lambda c: -len(t.names[c]))
        self._names = re.compile("|".join(rf"(?<![\w-]){re.escape(t.names[c])}(?![\w-])" for c in order))
        self._ids = {n: i for i, n in enumerate(t.names)}

    def keep(self, state: Any) -> "Witness":
        """A copy to come back to (undo) together with a copy of ``state``. The narration follows
        the hand's list of finished tricks by identity (``Narration.progress``): the copy
        remembers whether it follows ``state``'s, to follow the state copy's list after ``back``."""
        kept = copy.copy(self)
        if self.play is not None:
            kept.play = copy.copy(self.play)
            kept._follows = self.play.history is not None and self.play.history is getattr(state, "history", None)
        return kept

    def back(self, state: Any) -> "Witness":
        """This kept copy, made current again with ``state`` (the copy kept beside it)."""
        if self.play is not None and getattr(self, "_follows", False):
            self.play.history = state.history
        return self

    def before(self, state: Any, action: int) -> tuple[str, Any]:
        """What the move will read as for the viewer, judged before it is made (see ``after``)."""
        what = state.action_to_string(action)
        legal = state.legal_actions()
        told = state.phase is not None and state.phase.narration is not None and self.play is not None
        if told:
            text = self.play.move(state, what, "").rstrip()
        else:
            text = f"    {self.seat_name(state.current)} — {state.decision.replace('-', ' ')}: {what}"
        mover = state.current
        if mover != self.viewer:
            if 1 < len(legal) <= COMPARE_AT_MOST and self._indistinct(state, action, legal):
                text = f"    {self.seat_name(mover)} — {state.decision.replace('-', ' ')}: chosen in secret"
            else:
                seen = self.visible(_landed(state, action))
                text = self._names.sub(lambda m: m[0] if self._ids[m[0]] in seen else "a card", text)
        return text, (mover, state.hand_no)

    def after(self, state: Any, text: str, facts: Any) -> list[Line]:
        """The lines of a move just made in ``state``: the move, and what it finished."""
        mover, hand = facts
        lines: list[Line] = []
        if hand != self.hand:
            self.hand = hand
            lines.append(Line(f"hand {hand + 1}: {self.seat_name(self._dealer(state, hand))} deals", hand))
        lines.append(Line(text.strip(), hand, mover))
        lines += self.progress(state)
        if state.hand_no != self.hand and not state.is_terminal():   # the next hand is dealt
            self.hand = state.hand_no
            lines.append(Line(f"hand {state.hand_no + 1}: {self.seat_name(state.dealer)} deals", state.hand_no))
        return lines

    def progress(self, state: Any) -> list[Line]:
        """Tricks finished and hands scored since the last call."""
        lines = []
        if self.play is not None:
            lines += [Line(t.strip(), state.hand_no) for t in self.play.progress(state)]
        hands = state.record.hands
        while self.scored < len(hands):
            h = hands[self.scored]
            family = self.play.hand(h) if self.play is not None else ""
            lines.append(Line(f"{family}hand scores: {' '.join(map(str, h.scores))}; "
                              f"totals: {' '.join(map(str, h.totals))}", self.scored))
            self.scored += 1
        return lines

    def visible(self, state: Any) -> set[int]:
        """Every card the viewer may see where it lies now."""
        public = state.observation(self.viewer).public_state()
        size = self.game.table.size
        out: set[int] = set()
        for place in self.game.places:
            value = getattr(public, place.name)
            for cards in (value if place.per_seat else [value]):
                out.update(c for c in cards if 0 <= c < size)
        return out

    def _indistinct(self, state: Any, action: int, legal: list[int]) -> bool:
        """Whether the viewer's public copy after ``action`` is the same as after some other legal
        action: then the viewer cannot know which was made."""
        def seen_after(a: int) -> int:
            return _landed(state, a).observation(self.viewer).public_state().position_key()

        mine = seen_after(action)
        return any(seen_after(a) == mine for a in legal if a != action)

    @staticmethod
    def _dealer(state: Any, hand: int) -> int:
        return state.dealer if hand == state.hand_no else state.record.hands[hand].dealer


def _landed(state: Any, action: int) -> Any:
    """A copy of ``state`` just after ``action``, stopped at the end of its hand should the move end
    it: what the move shows is judged where it lands, not after the next deal has taken the cards
    back into hands."""
    copy = state.clone()
    copy.end_after_hand()
    copy.apply_action(action)
    return copy
