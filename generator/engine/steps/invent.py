"""Inventing laws (SU-09): before a hand, a player may invent a law that holds from then on —
public bonus laws (the hand's best scorer invents next; repeal allowed when the spec says so) or
secret laws (only the inventor knows one until another player breaks it). The laws' checks and
effects in play are ``engine.laws.LawBook``'s; trick play applies them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import LAW_BASE, NO, REPEAL_BASE
from ..laws import LawBook, LawInForce
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

INVENT = "invent-law"


def _laws_known(state: "State", player: int) -> list[str]:
    """The invented laws this player knows (all bonus laws; secret ones they made or broke)."""
    ph = state.game.phase(InventLaw)
    if ph is None:
        return []
    return [ph.book.describe(f.law) for f in state.laws if player in f.known_by]


class InventLaw(Phase):
    rule = "inventing a law"
    decisions = (INVENT,)
    before_looking = frozenset({INVENT})
    game_fields = {"laws": [], "inventors": []}
    object_fields = frozenset({"laws"})
    views = {"laws": _laws_known}

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.rules = game.spec.setup.extra_rules
        self.book = LawBook(game.table, game.table.suit_names, game.spec.deck.ranks())

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.setup.extra_rules is not None

    def start_game(self, state: "State") -> None:
        if self.rules.kind != "secret":
            return
        who = self.rules.inventor
        if who == "dealer":
            state.inventors = [state.dealer]
        elif who == "random-player":
            state.inventors = [state.randrange(state.n)]
        else:
            state.inventors = [state.dealer, (state.dealer - 1) % state.n]

    def start(self, state: "State") -> bool:
        return bool(state.inventors) and state.open(self, INVENT, state.inventors[0])

    def legal(self, state: "State") -> list[int]:
        in_force = {f.law for f in state.laws}
        options = [LAW_BASE + i for i, law in enumerate(self.book.menu) if law not in in_force]
        if self.rules.kind == "bonus":
            options = [NO] + options
            if self.rules.repeal:
                options += [REPEAL_BASE + j for j in range(len(state.laws))]
        return options

    def apply(self, state: "State", action: int) -> None:
        p = state.inventors.pop(0)
        secret = self.rules.kind == "secret"
        if LAW_BASE <= action < REPEAL_BASE:
            law = self.book.menu[action - LAW_BASE]
            state.laws.append(LawInForce(law, p, secret, {p} if secret else set(range(state.n))))
        elif action >= REPEAL_BASE:
            state.laws.pop(action - REPEAL_BASE)
        if state.inventors:
            state.current = state.inventors[0]
        else:
            state.advance()

    def after_hand(self, state: "State", scores: list[int]) -> None:
        if self.rules.kind == "bonus":   # the hand's best scorer, first from the dealer's left, invents next
            best = max(scores)
            state.inventors = [next(p for p in state.from_left() if scores[p] == best)]

    def hide(self, state: "State", public: "State", player: int) -> None:
        public.laws = [f for f in public.laws if player in f.known_by]   # secret laws it does not know

    def describe(self, state: "State", action: int) -> str | None:
        if LAW_BASE <= action < REPEAL_BASE:
            return f"invent: {self.book.describe(self.book.menu[action - LAW_BASE])}"
        if action >= REPEAL_BASE:
            return f"repeal: {self.book.describe(state.laws[action - REPEAL_BASE].law)}"
        return None

    def told(self, state: "State", action: int) -> str | None:
        # In the rules' words: the laws go by the name the game gives them (a "bonus rule"), never "law".
        name = self.rules.name
        if LAW_BASE <= action < REPEAL_BASE:
            return f"invents a new {name}: {self.book.describe(self.book.menu[action - LAW_BASE])}"
        if action >= REPEAL_BASE:
            return f"repeals the {name} {self.book.describe(state.laws[action - REPEAL_BASE].law)}"
        return f"invents no {name}"
