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
        "name-joker-rank": "", "name-joker-suit": "", "name-turned-rank": "",
        "name-turned-suit": "", "claim": "", "challenge": "", "name-target": "",
        "give-card": "gives ", "give-to": "gives to: ", "trade": "trade: ", "tuck": "tucks ",
        "name-second-suit": "also ", "name-rank": "", "cover-or-draw": "covers: ", "kitty-give": "kitty to next: ",
        "give-up-token": "gives up a token: "}


#: What a name is given for, after the name ("names 7 for the joker"): the rules' words, not a label.
FOR = {"name-joker-rank": " for the joker", "name-joker-suit": " for the joker",
       "name-turned-rank": " for the turned joker", "name-turned-suit": " for the turned joker"}

#: How an action's words (``play.describe_action``) read after a seat's name.
VERBS = (("draw", "draws"), ("pick up", "picks up"), ("knock", "knocks"), ("name ", "names "),
         ("turn ", "turns "), ("claim ", "claims "), ("call", "calls"), ("do not call", "does not call"),
         ("challenge", "challenges"), ("let it stand", "lets it stand"), ("lay no more", "lays no more"))


#: What a special card that asks nothing of its player does, said as it is played (the rules' table
#: in a few words), so that a reader of the example sees why the turn goes where it goes.
FIRES = {"reverse": "play reverses", "skip": "the next player misses their turn", "again": "its player takes another turn",
         "all-draw": "every player draws one card"}


class MatchNarration(TableNarration):
    def move(self, state: "State", what: str, choice: str) -> str:
        said = told(state, what)
        if said is not None:
            return f"    {self.seat(state.current)} {said} {choice}"
        for plain, said in VERBS:
            if what.startswith(plain):
                what = said + what[len(plain):]
                break
        else:
            if state.decision in ("match", "play-drawn") and (" of " in what or "joker" in what):
                what = "plays " + what
                what += fires(state, what[len("plays "):])
        what += FOR.get(state.decision, "")
        return f"    {self.seat(state.current)} {LEAD.get(state.decision, '')}{what} {choice}"


def fires(state: "State", card: str) -> str:
    """" (play reverses)" when ``card``, played alone face up and not the player's last, is a
    special card whose effect asks nothing of its player; else ""."""
    play = state.game.spec.play
    if getattr(play, "cheat", None) is not None or ", " in card or " of " not in card or len(state.hands[state.current]) <= 1:
        return ""
    rank = card.split(" of ", 1)[0]
    kind = next((e.kind for e in getattr(play, "effects", []) if e.rank == rank), None)
    return f" ({FIRES[kind]})" if kind in FIRES else ""


def told(state: "State", what: str) -> str | None:
    """A special card's decision in the words of the rules' table (the kitty given, the player
    chosen, hands traded, a token given up), not under the program's label for the decision; a
    player is "seat N", which the worked example names. None: the move says it all."""
    decision, spec = state.decision, state.game.spec
    yes = what == "yes"
    if decision == "kitty-give":
        kitty = spec.deal.kitty.name if spec.deal.kitty else "kitty"
        return f"gives the {kitty} to the next player" if yes else f"does not give the {kitty}"
    if decision == "trade":
        return "trades hands" if yes else "does not trade hands"
    if decision == "give-up-token":
        token = spec.deal.tokens.name if spec.deal.tokens else "token"
        return f"gives up one {token}" if yes else f"keeps their {token}s"
    if decision in ("give-to", "name-target") and what.startswith("name player "):
        seat = f"seat {what[len('name player '):]}"
        return f"gives the card to {seat}" if decision == "give-to" else f"chooses {seat}"
    if decision == "play-drawn":
        return "keeps the card just drawn" if what in ("no", "lay no more") else f"plays {what}, the card just drawn"
    if decision == "cover-or-draw":
        return "draws" if what == "draw" else f"covers it with {what}"
    return None
