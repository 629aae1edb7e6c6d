"""How often the sampler draws each module, against the rates the catalogue gives.

``module_frequencies(n)`` samples the games of seeds ``first_seed … first_seed+n−1`` and, for each
module option, reports its rate among the games where the catalogue's condition holds, both over
every *drawn* spec (before the static checks, which should match the catalogue up to noise) and
over the *accepted* ones (what ``sample_game`` returns; the redraws shift these a little).
``python -m generator.sample.frequencies 2000 [family]`` prints the table as Markdown.

The rows live with their families: each family's rows are in its package
(``generator/families/<family>/frequencies.py``, its registration's ``frequencies``), a row reading
its family's play section and taken only over that family's games; ``_rules`` gathers them from the
registered families, in registration order. This file keeps what several families' rows share: the
weights of a uniform-by-rank pick (``_w``), the deck's distributions, the setup and bidding rows the
shedding families draw at the same rates.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction as F

from ..checks import check_spec
from ..families import DEFAULT, FAMILIES, Family, family_named
from ..spec import GameSpec, derived
from . import MAX_REDRAWS, draw_spec
from .rng import Draw, wpick_weights

Pred = Callable[[GameSpec], bool]
#: A family's row: (module, option, condition text, condition, predicate, expected rate under the condition).
Row6 = tuple[str, str, str, Pred, Pred, F]


@dataclass(frozen=True)
class Row:
    module: str
    option: str
    among: str  # the games the rate is taken over
    expected: float
    drawn_n: int  # drawn specs meeting the condition
    drawn: float  # rate among them
    accepted_n: int
    accepted: float


def _w(n: int, k: int) -> F:
    return wpick_weights(n)[k]


def _all(s: GameSpec) -> bool:
    return s.deal.hand_size == "all"


def _spare(s: GameSpec) -> int | None:
    """Cards left at the maximum count with the nominal hand size (unknown when all are dealt)."""
    return None if _all(s) else s.deck.size() - s.deal.hand_size * s.players.max


def _removal(n: int, block: bool) -> dict[int, F]:
    """DK-03: distribution of the number of removed ranks for a list of n ranks."""
    dist = {k: F(0) for k in range(5)}
    dist[1] += F(1, 5)
    rest = F(4, 5)
    if block:
        for s in range(n - 3):
            for e in range(s + 1, n):
                dist[min(e, s + 4) - s] += rest * F(1, 8) / (n - 3) / (n - 1 - s)
        rest *= F(7, 8)
    dist[2] += rest * F(1, 6)
    dist[0] += rest * F(5, 6)
    return dist


_REACH_4 = F(3, 4) * F(9, 10) * F(9, 10)  # DK-02: the standard order chain reaches "promoted"


def _stock_for_exchange(s: GameSpec) -> bool:
    """At some player count the stock can give every player one card (SU-10 is drawn)."""
    from .setup import stock_sizes

    return any(left >= n for n, left in stock_sizes(s.deck, s.deal, s.players).items())


def _hand_value(s: GameSpec) -> bool:
    """SC-A2's branch: the hand is paid by the cards left (or the landlord's stake)."""
    return s.scoring.kind in ("card-values", "card-count", "landlord-stake")


#: DK-04 as the shedding families draw it: two jokers in one pack in eight (a tarot pack has none).
_TWO_JOKERS: Row6 = ("DK-04 jokers", "2", "not tarot", lambda s: s.deck.kind != "tarot",
                     lambda s: s.deck.jokers == 2, F(1, 8))


def _shedding_setup_rows(auction_when: str) -> list[Row6]:
    """DL-12 and the setup and bidding modules the shedding families draw at the same rates (climbing,
    matching and melding); ``auction_when`` words the auction's condition (which kitties a family may auction)."""
    everyone: Pred = lambda s: True  # noqa: E731
    return [
        ("DL-12 rows", "yes", "all", everyone, lambda s: s.deal.rows, F(1, 16)),
        ("SU-08 pig", "yes", "all", everyone, lambda s: s.setup.pig is not None, F(1, 8)),
        ("SU-09 extra rules", "any", "all", everyone, lambda s: s.setup.extra_rules is not None, F(1, 32)),
        ("SU-10 exchange", "yes", "a stock of a card per player", _stock_for_exchange,
         lambda s: s.setup.exchange is not None, F(1, 8)),
        ("BD-03 auction", "yes", auction_when, lambda s: derived.kitty_at_deal(s.deal) and s.players.min >= 3,
         lambda s: s.bidding.auction is not None, F(1, 4)),
    ]


def _rules(family: str | None = None) -> list[Row6]:
    """(module, option, condition text, condition, predicate, expected rate under the condition):
    every registered family's rows (its ``frequencies``), in registration order, or ``family``'s
    only; each condition holds only for games of its family (a row reads its family's play section).
    A family with no ``frequencies`` has no rows."""
    rows: list[Row6] = []
    for fam in FAMILIES.values() if family is None else [family_named(family)]:
        if fam.frequencies is not None:
            rows += [(m, o, among, _of(fam, cond), pred, p) for m, o, among, cond, pred, p in fam.load("frequencies")()]
    return rows


def _of(family: Family, cond: Pred) -> Pred:
    """``cond`` among the games of ``family`` only (told by the play section's tag, as ``family_of``)."""
    name = family.name
    return lambda s: s.play.family == name and cond(s)


def sample_all(n: int, first_seed: int = 0, family: str = DEFAULT,
               catalogue: str = "parlour") -> tuple[list[GameSpec], list[GameSpec]]:
    """(every drawn spec, the accepted specs) for seeds first_seed … first_seed+n−1, drawn exactly
    as ``sample_game`` draws them (from Parlour's catalogue, or with ``catalogue="book"`` the seed
    book's alone)."""
    drawn: list[GameSpec] = []
    accepted: list[GameSpec] = []
    for seed in range(first_seed, first_seed + n):
        draw = Draw.from_seed(seed, family=family)
        if catalogue == "book":
            draw.book_only()
        for _ in range(MAX_REDRAWS + 1):
            spec = draw_spec(draw, family, flavour=True)  # the book's intro words are among the frequencies
            drawn.append(spec)
            if not check_spec(spec):
                accepted.append(spec)
                break
    return drawn, accepted


def _rate(specs: list[GameSpec], cond: Pred, pred: Pred) -> tuple[int, float]:
    among = [s for s in specs if cond(s)]
    return len(among), (sum(1 for s in among if pred(s)) / len(among) if among else float("nan"))


def module_frequencies(n: int = 1000, first_seed: int = 0, family: str = DEFAULT) -> list[Row]:
    """One row per module option of ``family``: expected rate (catalogue) vs drawn and accepted rates."""
    return frequency_rows(*sample_all(n, first_seed, family), family=family)


def frequency_rows(drawn: list[GameSpec], accepted: list[GameSpec], family: str | None = None) -> list[Row]:
    """The table for specs already sampled (see ``sample_all``): every family's rows, or ``family``'s."""
    rows = []
    for module, option, among, cond, pred, expected in _rules(family):
        dn, dr = _rate(drawn, cond, pred)
        an, ar = _rate(accepted, cond, pred)
        rows.append(Row(module, option, among, float(expected), dn, dr, an, ar))
    return rows


def format_table(rows: list[Row]) -> str:
    out = ["| module | option | among | expected | drawn (n) | accepted (n) |", "|---|---|---|---|---|---|"]
    for r in rows:
        out.append(f"| {r.module} | {r.option} | {r.among} | {r.expected:.3f} | {r.drawn:.3f} ({r.drawn_n}) "
                   f"| {r.accepted:.3f} ({r.accepted_n}) |")
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(format_table(module_frequencies(int(sys.argv[1]) if len(sys.argv) > 1 else 1000,
                                          family=sys.argv[2] if len(sys.argv) > 2 else DEFAULT)))
