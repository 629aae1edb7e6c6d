"""Fixing trumps once the cards are dealt (SU-02, SU-05): the turned card, the dealer's last card,
rotation, a fixed suit or the majors; a called suit (``call.CallTrumps``); or none yet — a hidden
trump card and first-card trumps are revealed in play. Also which card lies face up or face down
for trumps, which a player's public copy must show or hide."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...spec import derived
from ...spec.deck import TRUMP_ROTATION
from ..cards import CardTable, effective_suits, trump_of_hand
from ..phase import Phase

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

#: Placeholder of the face-down trump card in a player's public copy.
HIDDEN_TRUMP = -2
#: Decisions taken before trumps can be known (nothing is dealt yet).
BEFORE_TRUMPS = frozenset({"invent-law", "call-trumps"})


class TrumpRules:
    """SU-02's methods compiled for one pack."""

    def __init__(self, spec: "GameSpec", table: CardTable):
        t = spec.setup.trumps
        self.method = t.method
        self.table = table
        sidx = {s: i for i, s in enumerate(table.suit_names)}
        self.fixed = sidx[t.suit] if t.method == "fixed" else None
        self.caller_offset = {"dealer": 0, "dealer-left": 1}[t.caller] if t.method == "called" else None
        self.rotation = [sidx[s] for s in TRUMP_ROTATION[spec.deck.kind]]
        self.majors = sidx.get("majors")
        self.uses_top_card = derived.turns_top_card(spec.setup)
        self.from_kitty = derived.trump_card_from_kitty(spec.deal)
        self.revealed_in_play = derived.trumps_revealed_in_play(spec.setup)

    def suit_of_shown(self, card: int) -> int | None:
        """Trump suit given by a shown card; a joker shown for trumps means no trumps (SU-05)."""
        suit = self.table.suit[card]
        return None if suit == self.table.joker_suit else suit

    def at_deal(self, hand_no: int, top_card: int | None, dealer_last: int) -> int | None:
        """The trump suit known once the cards are dealt, for the methods that fix it then."""
        m = self.method
        if m == "turn-up":
            return self.suit_of_shown(top_card)  # type: ignore[arg-type]
        if m == "last-card":
            return self.suit_of_shown(dealer_last)
        if m == "rotating":
            return self.rotation[hand_no % len(self.rotation)]
        if m == "fixed":
            return self.fixed
        if m == "majors":
            return self.majors
        return None  # none, called (asked of a player), hidden and first-card (revealed in play)


def set_trump(state: "State", trump: int | None) -> None:
    """Make ``trump`` the hand's trump suit: the jokers join it, and it wins tricks."""
    table = state.game.table
    state.trump = trump
    known = table.suits_by_trump   # every hand asks: worked out once per trump suit
    eff = known.get(trump)
    if eff is None:
        eff = known[trump] = tuple(effective_suits(table, trump))
    state.eff = list(eff)
    state.win_trump = trump_of_hand(table, trump)


def _known(name: str):
    def view(state: "State", player: int):
        return None if state.decision in BEFORE_TRUMPS else getattr(state, name)
    return view


class FixTrumps(Phase):
    hand_fields = {"trump": None, "win_trump": None, "turned": None, "hidden": None,
                   "eff": lambda g, n: list(g.table.suit)}
    views = {"trump": _known("trump"), "win_trump": _known("win_trump"),
             "effective_suits": lambda s, p: s.eff, "turned_card": lambda s, p: s.turned}

    def __init__(self, game: "Game"):
        super().__init__(game)
        self.rules = TrumpRules(game.spec, game.table)

    def start(self, state: "State") -> bool:
        tr = self.rules
        top = None
        state.turned = state.hidden = None
        if tr.uses_top_card:
            top = state.kitty[0] if state.kitty else state.stock[0]
        if tr.method == "turn-up":
            state.turned = top
        elif tr.method == "hidden":
            state.hidden = top
        trump = state.called if tr.method == "called" else tr.at_deal(state.hand_no, top, state.dealer_last)
        set_trump(state, trump)
        return False

    def shown(self, state: "State", player: int) -> set[int]:
        out = {state.turned} if state.turned is not None else set()
        if self.rules.method == "last-card" and state.decision not in BEFORE_TRUMPS | {"over"}:
            out.add(state.dealer_last)   # the dealer's last card is shown to everyone
        return out

    def face_down(self, state: "State") -> dict[int, int]:
        return {state.hidden: HIDDEN_TRUMP} if state.hidden is not None else {}

    def hide(self, state: "State", public: "State", player: int) -> None:
        if state.hidden is not None:
            public.hidden = HIDDEN_TRUMP

    def determinized(self, state: "State", placed: dict[int, int]) -> None:
        if state.hidden == HIDDEN_TRUMP and HIDDEN_TRUMP in placed:
            state.hidden = placed[HIDDEN_TRUMP]
