"""How a matching hand reads for a person (``parlour replay``): every hand (and row) at the start
of play, the discard piles' first cards and the wild-rank card, each move as its player makes it
(with the decision it answers: a suit named, a player targeted, a claim, a challenge …), and the
order players went out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..narrate import Narration

if TYPE_CHECKING:   # pragma: no cover
    from ..record import HandRecord
    from ..state import State

#: How each decision's move is introduced ('' for a turn: the move says it all).
LEAD = {"match": "", "add-card": "adds ", "play-drawn": "with the drawn card: ", "call": "", "name-suit": "",
        "name-joker-rank": "joker: ", "name-joker-suit": "joker: ", "name-turned-rank": "turned joker: ",
        "name-turned-suit": "turned joker: ", "claim": "", "challenge": "", "name-target": "chain: ",
        "give-card": "gives ", "give-to": "gives to: ", "trade": "trade: ", "tuck": "tucks ",
        "name-second-suit": "also ", "name-rank": "", "cover-or-draw": "covers: ", "kitty-give": "kitty to next: ",
        "give-up-token": "gives up a token: "}


#: How an action's words (``play.describe_action``) read after a seat's name.
VERBS = (("draw", "draws"), ("pick up", "picks up"), ("knock", "knocks"), ("name ", "names "),
         ("turn ", "turns "), ("claim ", "claims "), ("call", "calls"), ("do not call", "does not call"),
         ("challenge", "challenges"), ("let it stand", "lets it stand"), ("lay no more", "lays no more"))


class MatchNarration(Narration):
    def start(self, state: "State") -> list[str]:
        lines = self.hands_and_rows(state)
        piles = [pile for pile in (state.piles if any(state.piles) else state.down_piles)]
        lines.append(f"  discard pile{'s' if len(piles) > 1 else ''}: "
                     + "; ".join(self.cards(pile[-1:]) for pile in piles))
        if state.wild_card:
            lines.append(f"  wild-rank card: {self.cards(state.wild_card)}")
        if state.kitty:
            lines.append(f"  kitty (face down): {self.cards(state.kitty)}")
        return lines

    def move(self, state: "State", what: str, choice: str) -> str:
        for plain, said in VERBS:
            if what.startswith(plain):
                what = said + what[len(plain):]
                break
        else:
            if state.decision in ("match", "play-drawn") and (" of " in what or "joker" in what):
                what = "plays " + what
        return f"    {self.seat(state.current)} {LEAD.get(state.decision, '')}{what} {choice}"

    def progress(self, state: "State") -> list[str]:
        return []   # a matching hand has no tricks: its moves tell it all

    def trick(self, seats, cards, taker) -> str:   # pragma: no cover - no tricks in matching
        return ""

    @staticmethod
    def hand(record: "HandRecord") -> str:
        out = record.facts.get("out") or []
        return f"out in order: {' '.join(str(p + 1) for p in out) or 'no one'}; "
