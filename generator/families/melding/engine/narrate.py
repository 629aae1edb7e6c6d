"""How a melding hand reads for a person (``parlour replay``): the table's opening and the order
players went out (``shedding.narrate``), and each move as its player makes it (a draw, a meld, a
lay-off, a discard …)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from generator.engine.shedding.narrate import TableNarration

if TYPE_CHECKING:   # pragma: no cover
    from generator.engine.state import State

#: How an action's words (``play.describe_action``) read after a seat's name.
VERBS = (("draw", "draws"), ("take ", "takes "), ("meld no more", "melds no more"), ("meld ", "melds "),
         ("lay off no more", "lays off no more"), ("lay off ", "lays off "), ("dump no more", "dumps no more"),
         ("dump ", "dumps "), ("discard ", "discards "), ("swap ", "swaps "), ("add ", "adds "),
         ("put out ", "puts out "), ("full house", "lays a full house"), ("knock", "knocks"),
         ("desert", "deserts"), ("stay in", "stays in"), ("shed ", "sheds "), ("call the block", "calls the block"),
         ("call", "calls"), ("do not call", "does not call"), ("turn ", "turns "), ("no more", "stops"),
         ("stop", "stops"))


class MeldNarration(TableNarration):
    def move(self, state: "State", what: str, choice: str) -> str:
        for plain, said in VERBS:
            if what.startswith(plain):
                what = said + what[len(plain):]
                break
        return f"    {self.seat(state.current)} {what} {choice}"
