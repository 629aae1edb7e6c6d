"""Where cards lie: every place is declared once, with who may see it, so one card audit covers
every family and the public copy a bot searches is masked the same way for all of them.

A place is a field of the state holding card ids: a list (the stock, the kitty, the cards on the
table), or one list per seat (hands, tricks taken, melds). ``owner`` places are seen by the seat
they belong to, ``hidden`` ones by nobody, ``public`` ones by everyone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:   # pragma: no cover
    from .state import State

OWNER, HIDDEN, PUBLIC = "owner", "hidden", "public"


@dataclass(frozen=True)
class Place:
    name: str            # the state field holding it
    per_seat: bool       # one list per seat, or a single list
    visibility: str      # OWNER, HIDDEN or PUBLIC
    sorted: bool = False  # per-seat lists kept in card order (hands)


class CardsLost(AssertionError):
    """A card left the pack or was doubled: the engine broke card conservation."""


def cards_in(state: "State", places: Iterable[Place]) -> list[int]:
    out: list[int] = []
    for place in places:
        value = getattr(state, place.name)
        if place.per_seat:
            for pile in value:
                out.extend(pile)
        else:
            out.extend(value)
    return out


def audit(state: "State", places: Iterable[Place], size: int, names: list[str], hand_no: int) -> None:
    """Card conservation: every card of the pack lies in exactly one declared place."""
    seen = cards_in(state, places)
    if len(seen) != len(set(seen)) or set(seen) != set(range(size)):
        missing = set(range(size)) - set(seen)
        doubled = {c for c in seen if seen.count(c) > 1}
        raise CardsLost(f"cards lost {sorted(names[c] for c in missing)} or doubled "
                        f"{sorted(names[c] for c in doubled)} in hand {hand_no}")
