"""How a matching hand reads for a person (``parlour replay``): the table's opening and the order
players went out (``shedding.narrate``), and each move as its player makes it (with the decision
it answers: a suit named, a player targeted, a claim, a challenge …)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.shedding.narrate import TableNarration

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import State

#: How each decision's move is introduced ('' for a turn: the move says it all).
LEAD = {"match": "", "add-card": "adds ", "play-drawn": "with the drawn card: ", "call": "", "name-suit": "",
        "name-joker-rank": "joker: ", "name-joker-suit": "joker: ", "name-turned-rank": "turned joker: ",
        "name-turned-suit": "turned joker: ", "claim": "", "challenge": "", "name-target": "",
        "give-card": "gives ", "give-to": "gives to: ", "trade": "trade: ", "tuck": "tucks ",
        "name-second-suit": "also ", "name-rank": "", "cover-or-draw": "covers: ", "kitty-give": "kitty to next: ",
        "give-up-token": "gives up a token: "}


#: How an action's words (``play.describe_action``) read after a seat's name.
VERBS = (("draw", "draws"), ("pick up", "picks up"), ("knock", "knocks"), ("name ", "names "),
         ("turn ", "turns "), ("claim ", "claims "), ("call", "calls"), ("do not call", "does not call"),
         ("challenge", "challenges"), ("let it stand", "lets it stand"), ("lay no more", "lays no more"))


class MatchNarration(TableNarration):
    def move(self, state: "State", what: str, choice: str) -> str:
        if state.decision == "name-target" and what.startswith("name "):
            what = "chooses " + what[len("name "):]   # the rules' word: its player chooses the next to draw
        for plain, said in VERBS:
            if what.startswith(plain):
                what = said + what[len(plain):]
                break
        else:
            if state.decision in ("match", "play-drawn") and (" of " in what or "joker" in what):
                what = "plays " + what
        return f"    {self.seat(state.current)} {LEAD.get(state.decision, '')}{what} {choice}"
