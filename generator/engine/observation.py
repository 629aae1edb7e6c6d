"""What one player may see, and the public copy a search bot may play with.

An ``Observation`` gives the generic facts every family has (own hand, hand sizes, scores, the
legal actions, the decision being taken) and serves the phases' views by name (``obs.trick``,
``obs.trump``, ``obs.bids`` …: ``Phase.views``). Hidden information (other hands, the kitty, the
stock, a face-down card) is not reachable from here, so a bot holding only an Observation cannot
peek.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .places import OWNER, PUBLIC

if TYPE_CHECKING:   # pragma: no cover
    from .cards import CardTable
    from .state import Game, State


class Observation:
    __slots__ = ("_s", "player", "_views")

    #: Placeholder in ``public_state()`` for a card this player cannot see. Face-down cards with
    #: a part of their own (``Phase.face_down``) have placeholders of their own, below this one.
    HIDDEN = -1

    def __init__(self, state: "State", player: int):
        self._s = state
        self.player = player
        self._views = state.game.views   # the phases' views by name, asked many times a decision

    def __getattr__(self, name: str) -> Any:
        view = self._views.get(name)
        if view is None:
            raise AttributeError(f"no view {name!r} in this game's phases")
        return view(self._s, self.player)

    @property
    def legal(self) -> list[int]:
        s = self._s
        if s.current != self.player:
            return []
        legal = s._legal   # the state's own cache of its legal actions (same module family)
        return legal if legal is not None else s.legal_actions()

    @property
    def phase(self) -> str:
        """The decision being taken now ('play', 'bid', 'rob' …; 'over' at the end)."""
        return self._s.decision

    @property
    def card_play(self) -> bool:
        """Whether the decision is the family's card play (not bidding, trumps, discards …)."""
        ph = self._s.phase
        return ph is not None and ph.card_play

    @property
    def players(self) -> int:
        return self._s.n

    @property
    def partners(self) -> tuple[int, ...]:
        """The other players of this player's side (``players.sides``, or this hand's coalition
        against the caller: public, everyone knows who plays with whom); empty when each plays for
        themselves."""
        sides = self._s.hand_sides
        if sides is None:
            return ()
        return tuple(p for p in sides.members[sides.of[self.player]] if p != self.player)

    @property
    def hand(self) -> list[int]:
        s = self._s
        if s.decision in s.game.before_looking:   # decided before looking at one's cards
            return []
        if s.decision in s.game.first_cards_only and s.first_dealt is not None:   # the first cards dealt alone
            return list(s.first_dealt[self.player])
        return list(s.hands[self.player])

    @property
    def hand_sizes(self) -> list[int]:
        """How many cards each player holds (public: anyone can count them)."""
        return [len(h) for h in self._s.hands]

    @property
    def seat_to_play(self) -> int:
        return self._s.current

    @property
    def totals(self) -> list[int]:
        return list(self._s.totals)

    @property
    def hand_number(self) -> int:
        return self._s.hand_no

    @property
    def dealer(self) -> int:
        return self._s.dealer

    @property
    def table(self) -> "CardTable":
        return self._s.game.table

    @property
    def game(self) -> "Game":
        """The compiled rules of the game (public knowledge: there are no cards in it)."""
        return self._s.game

    def public_state(self) -> "State":
        """A copy of the game holding only what this player may know, for search bots.

        Each card this player cannot see is replaced where it lies by ``HIDDEN``, so places and
        counts stay public: the other players' hands (and this player's own before looking) and
        every hidden place (``places.Place``). Cards everyone has seen stay (``Phase.shown``);
        face-down cards with a part of their own get their own placeholder (``Phase.face_down``).
        Each phase then hides its own hidden facts (``Phase.hide``), and the shuffle's random
        state and the game's seed are replaced.

        A search bot samples cards for the placeholders and builds a complete state with
        ``State.with_hidden_cards`` (a determinization). A phase that adds a hidden place or fact
        declares or hides it, so this method never needs to know it."""
        s = self._s
        g = s.game
        pub = s.clone()
        me, hidden = self.player, self.HIDDEN
        shown: set[int] = set()
        face_down: dict[int, int] = {}
        for ph in g.phases:
            shown |= ph.shown(s, me)
            face_down.update(ph.face_down(s))

        def mask(cards: list[int]) -> list[int]:
            return [c if c in shown else face_down.get(c, hidden) for c in cards]

        looked = s.decision not in g.before_looking
        # only the first cards dealt are seen (the rest unseen)
        partly = s.decision in g.first_cards_only and s.first_dealt is not None
        for place in g.places:
            if place.visibility == PUBLIC:
                continue
            value = getattr(s, place.name)
            if place.per_seat:
                mine = place.visibility == OWNER and looked
                if mine and partly:
                    seen = set(s.first_dealt[me])
                    setattr(pub, place.name, [[c if c in seen else hidden for c in v] if p == me else mask(v)
                                              for p, v in enumerate(value)])
                    continue
                setattr(pub, place.name, [list(v) if p == me and mine else mask(v) for p, v in enumerate(value)])
            else:
                setattr(pub, place.name, mask(value))
        for ph in g.phases:
            ph.hide(s, pub, me)
        pub.rng = random.Random(0)
        pub.record.seed = 0
        pub._legal = None
        return pub


def observation_class(views: dict[str, Any]) -> type[Observation]:
    """The Observation of one compiled game: its phases' views as properties. A bot reads views
    at every decision; read through ``__getattr__``, each first fails the ordinary lookup (an
    AttributeError raised and caught inside), which costs three to four times the view itself.
    A view named like one of the Observation's own facts stays hidden behind it, as before."""
    props = {name: _view_property(view) for name, view in views.items() if not hasattr(Observation, name)}
    return type("Observation", (Observation,), {"__slots__": (), "__module__": __name__, **props})


def _view_property(view: Any) -> property:
    def read(obs: Observation) -> Any:
        return view(obs._s, obs.player)
    return property(read)
