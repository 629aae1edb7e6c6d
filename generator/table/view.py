"""What one seat sees of the table, built from the engine's ``Observation`` and the public copy
it gives that seat (``Observation.public_state``: every card the seat may not see is a
placeholder there), so hidden information cannot reach the person: the other hands are counts,
the stock and the kitty are counts, a face-down card is a count.

The table is shown place by place (``engine/places.py`` declares every place where cards lie);
``PLACES`` words a place for a person and says how to show it, and a place it does not know is
shown by its name, its visible cards named and its hidden ones counted. ``FACTS`` are the
phases' views worth a line (the trump suit, the bids …), shown when the game has them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from .cards import Face, face, faces

#: How a place reads and shows: (words, how). ``cards``: the cards, named; ``count``: how many;
#: ``seats``: seat by seat, named; ``seat-counts``: seat by seat, counted; ``total``: all seats'
#: together, counted; ``piles``: numbered piles, the top card named and the rest counted;
#: ``groups``: numbered groups, named (melds); ``own``, ``none``: not shown as a place.
PLACES: dict[str, tuple[str, str]] = {
    "hands": ("hand", "own"),
    "trick_cards": ("the trick", "cards"),
    "trick": ("on the table", "cards"),
    "set_aside": ("set aside", "count"),
    "won": ("cards taken", "none"),   # the tricks taken are a fact of their own (``tricks_won``)
    "rows_up": ("face-up row", "seats"),
    "rows_down": ("face-down row", "seat-counts"),
    "piles": ("discard pile", "piles"),
    "down_piles": ("face down in the discard piles", "total"),
    "wild_card": ("wild-rank card", "cards"),
    "melds": ("meld", "groups"),
    "out_of_play": ("out of play", "count"),
    "stumped": ("put out", "seats"),
    "kitty": ("kitty", "cards"),
    "stock": ("stock", "count"),
    "discards": ("discards", "count"),
}


def _suit(obs: Any, value: Any) -> str | None:
    names = obs.table.suit_names
    if value is None:
        return None
    return names[value] if 0 <= value < len(names) else "the jokers"


def _seats(values: Any) -> str | None:
    if not values or all(v is None for v in values):
        return None
    return ", ".join(f"seat {p + 1}: {'?' if v is None else v}" for p, v in enumerate(values))


def _out(values: Any) -> str | None:
    return ", ".join(f"seat {p + 1}" for p in values) if values else None


#: The phases' views shown as a line each: view name -> (words, how its value reads, or None to
#: leave it out). A view a game lacks is left out.
FACTS: dict[str, tuple[str, Callable[[Any, Any], str | None]]] = {
    "trump": ("trumps", lambda obs, v: _suit(obs, v)),
    "anti_trump": ("anti-trumps", lambda obs, v: _suit(obs, v)),
    "bids": ("bids", lambda obs, v: _seats(v)),
    "tricks_won": ("tricks taken", lambda obs, v: _seats(v) if v and any(v) else None),
    "landlord": ("landlord", lambda obs, v: None if v is None else f"seat {v + 1}"),
    "tokens": ("tokens", lambda obs, v: _seats(v)),
    "laws": ("laws in force", lambda obs, v: "; ".join(v) if v else None),
    "gone_out": ("gone out", lambda obs, v: _out(v)),
    "deserted": ("deserted", lambda obs, v: _out(v)),
}


@dataclass
class Shelf:
    """One line of the table: its words, the cards seen there and the cards lying face down."""

    label: str
    cards: list[Face] = field(default_factory=list)
    hidden: int = 0
    note: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "cards": [c.as_dict() for c in self.cards], "hidden": self.hidden,
                "note": self.note}


@dataclass
class SeatLine:
    seat: int
    name: str
    player: str          # "you" or the bot's name
    cards: int           # cards in hand
    total: int
    dealer: bool
    to_play: bool

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class TableView:
    """Everything the seat may see now. ``cards_shown()`` is every card it names."""

    game: str
    hand_number: int
    seat: int
    decision: str
    to_play: int | None
    hand: list[Face]
    seats: list[SeatLine]
    shelves: list[Shelf]
    facts: list[tuple[str, str]]
    over: bool

    def cards_shown(self) -> set[int]:
        return {f.card for f in self.hand} | {f.card for s in self.shelves for f in s.cards}

    def as_dict(self) -> dict[str, Any]:
        return {"game": self.game, "hand_number": self.hand_number, "seat": self.seat, "decision": self.decision,
                "to_play": self.to_play, "hand": [f.as_dict() for f in self.hand],
                "seats": [s.as_dict() for s in self.seats], "shelves": [s.as_dict() for s in self.shelves],
                "facts": [list(f) for f in self.facts], "over": self.over}


def seat_view(state: Any, seat: int, lineup: tuple[str, ...]) -> TableView:
    """The table as ``seat`` sees it in ``state``."""
    obs = state.observation(seat)
    public = obs.public_state()
    table = obs.table
    shelves: list[Shelf] = []
    for place in state.game.places:
        words, how = PLACES.get(place.name, (place.name.replace("_", " "), "cards"))
        if how in ("own", "none"):
            continue
        shelves += _shelves(table, getattr(public, place.name), place.per_seat, words, how, seat)
    facts = []
    for name, (words, read) in FACTS.items():
        try:
            value = getattr(obs, name)
        except AttributeError:
            continue
        text = read(obs, value)
        if text:
            facts.append((words, text))
    facts += _named_suits(obs, public)
    sizes = obs.hand_sizes
    over = state.is_terminal()
    seats = [SeatLine(p, f"seat {p + 1}", "you" if p == seat else lineup[p], sizes[p], obs.totals[p],
                      p == obs.dealer, not over and p == state.current) for p in range(state.n)]
    return TableView(state.game.spec.naming.name, obs.hand_number if over else obs.hand_number + 1, seat,
                     obs.phase, None if over else state.current, faces(table, obs.hand, sort=True), seats,
                     shelves, facts, over)


def _named_suits(obs: Any, public: Any) -> list[tuple[str, str]]:
    """A suit named over a discard pile's top card (a crazy eight): the ``tops`` view says what each
    pile's top counts as (rank index, suit index); where its suit is not the card's own, say it."""
    try:
        tops = obs.tops
    except AttributeError:
        return []
    table = obs.table
    piles = getattr(public, "piles", None) or []
    out = []
    for i, (top, pile) in enumerate(zip(tops, piles)):
        card = pile[-1] if pile else None
        if top is None or card is None or not 0 <= card < table.size or top[1] is None:
            continue
        if top[1] != table.suit[card] and 0 <= top[1] < len(table.suit_names):
            where = "" if len(piles) == 1 else f" (pile {i + 1})"
            out.append((f"suit named{where}", table.suit_names[top[1]]))
    return out


def _split(table: Any, cards: list[int]) -> tuple[list[Face], int]:
    seen = [c for c in cards if 0 <= c < table.size]
    return faces(table, seen), len(cards) - len(seen)


def _shelves(table: Any, value: list, per_seat: bool, words: str, how: str, me: int) -> list[Shelf]:
    """The lines of one place (none when it is empty)."""
    if not per_seat:
        if not value:
            return []
        shown, hidden = _split(table, value)
        if how == "count":   # face-up cards counted (a pile set aside), face-down ones said so
            return [Shelf(words, [], hidden, f"{len(shown)} card{'s' if len(shown) != 1 else ''}" if shown else "")]
        return [Shelf(words, shown, hidden)]
    out: list[Shelf] = []
    if how in ("seat-counts", "total"):
        counts = [len(v) for v in value]
        if not any(counts):
            return []
        if how == "total":
            return [Shelf(words, [], sum(counts))]
        return [Shelf(words, [], 0, ", ".join(f"seat {p + 1}: {k}" for p, k in enumerate(counts)))]
    for i, cards in enumerate(value):
        if not cards:
            continue
        if how == "piles":
            label = words if len(value) == 1 else f"{words} {i + 1}"
            top = cards[-1]
            shown = [face(table, top)] if 0 <= top < table.size else []
            out.append(Shelf(label, shown, 0, f"{len(cards)} card{'s' if len(cards) != 1 else ''}"))
        elif how == "groups":
            shown, hidden = _split(table, cards)
            out.append(Shelf(f"{words} {i + 1}", shown, hidden))
        else:
            shown, hidden = _split(table, cards)
            whose = "your" if i == me else f"seat {i + 1}'s"
            out.append(Shelf(f"{whose} {words}", shown, hidden))
    return out
