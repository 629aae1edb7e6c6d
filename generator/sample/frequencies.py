"""How often the sampler draws each module, against the rates the catalogue gives.

``module_frequencies(n)`` samples the games of seeds ``first_seed … first_seed+n−1`` and, for each
module option, reports its rate among the games where the catalogue's condition holds, both over
every *drawn* spec (before the static checks, which should match the catalogue up to noise) and
over the *accepted* ones (what ``sample_game`` returns; the redraws shift these a little).
``python -m generator.sample.frequencies 2000`` prints the table as Markdown.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction as F

from ..checks import check_spec
from ..spec import GameSpec
from . import MAX_REDRAWS, draw_spec
from .rng import Draw, wpick_weights

Pred = Callable[[GameSpec], bool]


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


def _trumps(s: GameSpec) -> bool:
    """The generator's trump flag (first-card does not raise it)."""
    return s.setup.trumps.method not in ("none", "first-card")


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


_REACH_4 = F(3, 4) * F(9, 10) * F(9, 10)  # the standard order chain reaches "promoted"
_TRUMP = F(2, 3) * F(31, 32) * F(31, 32)  # trumps, neither first-card nor hidden
_MUST = F(7, 8) * F(7, 8)  # TT-04 reaches the must-follow branch


def _rules() -> list[tuple[str, str, str, Pred, Pred, F]]:
    """(module, option, condition text, condition, predicate, expected rate under the condition)."""
    everyone: Pred = lambda s: True  # noqa: E731
    std = lambda s: s.deck.kind == "standard"  # noqa: E731
    nontarot_fixed = lambda s: s.deck.kind != "tarot" and not _all(s)  # noqa: E731
    nontarot_all = lambda s: s.deck.kind != "tarot" and _all(s)  # noqa: E731
    avoid = lambda s: s.scoring.kind == "avoid-suit"  # noqa: E731
    r: list[tuple[str, str, str, Pred, Pred, F]] = []
    for c in ("en", "fr", "de"):
        r.append(("NM-01 country", c, "all", everyone, lambda s, c=c: s.naming.country == c, F(1, 3)))
    for k in range(3):
        r.append(("NM-03 aliases", str(k), "all", everyone, lambda s, k=k: len(s.naming.aliases) == k, _w(3, k)))
    r.append(("NM-04 country word", "shown", "all", everyone, lambda s: s.naming.show_country, F(1, 2)))
    r.append(("NM-05 adjective", "traditional", "no fact registered", lambda s: s.naming.fact is None,
              lambda s: s.naming.adjective == "traditional", _w(14, 0)))
    for lo, hi, p in ((2, 3, F(1, 8)), (2, 4, F(1, 8)), (2, 5, F(1, 8)), (2, 6, F(1, 8)), (3, 4, F(1, 4)),
                      (3, 5, F(1, 8)), (3, 6, F(1, 8))):
        r.append(("DL-01 players", f"{lo}-{hi}", "all", everyone,
                  lambda s, lo=lo, hi=hi: (s.players.min, s.players.max) == (lo, hi), p))
    for kind, p in (("tarot", F(1, 15) * F(1, 3) + F(1, 15) * F(14, 15) * F(2, 3)), ("german32", F(1, 45)),
                    ("french32", F(1, 45))):
        r.append(("DK-01 deck", kind, "all", everyone, lambda s, kind=kind: s.deck.kind == kind, p))
    for order, p in (("no-courts", F(1, 4)), ("two-over-ace", F(3, 4) * F(1, 10)),
                     ("three-two-over-ace", F(3, 4) * F(9, 10) * F(1, 10)),
                     ("promoted", _REACH_4 * F(1, 10) * F(12, 13)),
                     ("ace-high", _REACH_4 * F(9, 10) * F(1, 2) + _REACH_4 * F(1, 10) * F(1, 13)),
                     ("ace-low", _REACH_4 * F(9, 10) * F(1, 2))):
        r.append(("DK-02 rank order", order, "standard pack", std, lambda s, order=order: s.deck.order == order, p))
    for label, cond, dist in (
        ("standard Ace low", lambda s: s.deck.kind == "standard" and s.deck.order == "ace-low", _removal(13, True)),
        ("tarot", lambda s: s.deck.kind == "tarot", _removal(14, True)),
        ("French 32", lambda s: s.deck.kind == "french32", _removal(8, False)),
    ):
        for k, p in dist.items():
            if p:
                r.append(("DK-03 ranks removed", str(k), label, cond, lambda s, k=k: len(s.deck.removed) == k, p))
    for j, p in ((2, F(1, 8)), (1, F(7, 8) * F(1, 20))):
        r.append(("DK-04 jokers", str(j), "not tarot", lambda s: s.deck.kind != "tarot",
                  lambda s, j=j: s.deck.jokers == j, p))
    r.append(("DL-03 deal all", "all", "nominal H > 10",
              lambda s: _all(s) or s.deal.hand_size > 10, _all, F(1, 3)))
    r.append(("DL-05 fewer over three", "set", "H > 8, max > 3, fixed hand",
              lambda s: not _all(s) and s.deal.hand_size > 8 and s.players.max > 3,
              lambda s: s.deal.hand_size_over_three is not None, F(1, 2)))
    r.append(("DL-06 odd card", "any", "fixed hand", lambda s: not _all(s), lambda s: s.deal.odd_card is not None, F(1, 8)))
    for k, who in enumerate(("dealer-right", "dealer-left", "dealer")):
        r.append(("DL-06 odd card", who, "with odd card", lambda s: s.deal.odd_card is not None,
                  lambda s, who=who: s.deal.odd_card.who == who, _w(3, k)))
    r.append(("DL-06 odd card", "extra", "with odd card", lambda s: s.deal.odd_card is not None,
              lambda s: s.deal.odd_card.extra, F(1, 2)))
    r.append(("DL-07 misdeal", "any", "all", everyone, lambda s: s.deal.misdeal is not None, F(1, 24)))
    r.append(("DL-07 misdeal", "must show", "with misdeal", lambda s: s.deal.misdeal is not None,
              lambda s: s.deal.misdeal.must_show, F(1, 2)))
    r.append(("DL-11 kitty", "dealt", "fixed hand, ≥ 10 spare", lambda s: (_spare(s) or 0) >= 10,
              lambda s: s.deal.kitty is not None and s.deal.kitty.form == "dealt", F(1, 8)))
    r.append(("DL-11 kitty", "undealt", "fixed hand, 7–9 spare", lambda s: 6 < (_spare(s) or 0) < 10,
              lambda s: s.deal.kitty is not None and s.deal.kitty.form == "undealt", F(1, 8)))
    r.append(("DL-11 kitty", "name 'kitty'", "with kitty", lambda s: s.deal.kitty is not None,
              lambda s: s.deal.kitty.name == "kitty", _w(17, 0)))
    r.append(("SU-01 trumps", "any (flag)", "not tarot", lambda s: s.deck.kind != "tarot", _trumps, F(2, 3) * F(31, 32)))
    for method, p in (("none", F(1, 3)), ("first-card", F(2, 3) * F(1, 32)), ("hidden", F(2, 3) * F(31, 32) * F(1, 32)),
                      ("turn-up", _TRUMP * _w(6, 0) + _TRUMP * _w(6, 1)), ("called", _TRUMP * _w(6, 2)),
                      ("last-card", _TRUMP * _w(6, 3)), ("rotating", _TRUMP * _w(6, 4)), ("fixed", _TRUMP * _w(6, 5))):
        r.append(("SU-02 trump method", method, "not tarot, fixed hand", nontarot_fixed,
                  lambda s, method=method: s.setup.trumps.method == method, p))
    for k, method in enumerate(("called", "last-card", "rotating", "fixed")):
        r.append(("SU-02 trump method", method, "not tarot, deal all", nontarot_all,
                  lambda s, method=method: s.setup.trumps.method == method, _TRUMP * _w(4, k)))
    r.append(("SU-02 trump method", "majors", "tarot, fixed hand", lambda s: s.deck.kind == "tarot" and not _all(s),
              lambda s: s.setup.trumps.method == "majors", F(1, 9) + _TRUMP * _w(6, 5) * F(1, 5)))
    r.append(("SU-03 anti-trumps", "yes", "trumps known, no kitty",
              lambda s: s.setup.trumps.method in ("turn-up", "called", "last-card", "rotating", "fixed")
              and s.deal.kitty is None, lambda s: s.setup.anti_trumps, F(1, 8)))
    r.append(("TT-01 opening leader", "holder", "deal all, not first-card",
              lambda s: _all(s) and s.setup.trumps.method != "first-card",
              lambda s: s.play.opening_leader == "holder", F(1, 3)))
    r.append(("TT-01 opening leader", "dealer", "no holder", lambda s: s.play.opening_leader != "holder",
              lambda s: s.play.opening_leader == "dealer", F(1, 2)))
    r.append(("TT-02 opening lead", "no-trump", "trump flag", _trumps, lambda s: s.play.opening_lead == "no-trump", F(1, 9)))
    r.append(("TT-03 weak led suit", "yes", "all", everyone, lambda s: s.play.weak_led_suit is not None, F(1, 8)))
    r.append(("TT-03 weak led suit", "'weak'", "with weak suit", lambda s: s.play.weak_led_suit is not None,
              lambda s: s.play.weak_led_suit == "weak", _w(16, 0)))
    for label, cond, trumps in (("trump flag", _trumps, True), ("no trump flag", lambda s: not _trumps(s), False)):
        rows = [("follow-or-trump", "any", F(1, 8) if trumps else 0),
                ("free", "any", F(7, 8) * F(1, 8)),
                ("must-follow", "any", _MUST * (F(7, 8) * F(7, 8) if trumps else F(7, 8)) + (0 if trumps else F(1, 8))),
                ("must-follow", "trump", _MUST * F(1, 8) if trumps else 0)]
        otherwise_p = _MUST * (F(7, 8) if trumps else 1) * F(1, 8)
        rows += [("must-follow", x, otherwise_p * _w(3, k)) for k, x in enumerate(("higher", "new-suit", "new-rank"))]
        for following, otherwise, p in rows:
            if p:
                r.append(("TT-04 following", f"{following}/{otherwise}", label, cond,
                          lambda s, f=following, o=otherwise: (s.play.following, s.play.otherwise) == (f, o), p))
    r.append(("TT-07 breaking", "yes", "all", everyone, lambda s: s.play.breaking is not None, F(1, 8)))
    r.append(("TT-08 first-trick ban", "yes", "all", everyone, lambda s: s.play.first_trick_ban is not None, F(1, 8)))
    r.append(("TT-12 winner", "any-suit", "no weak suit", lambda s: s.play.weak_led_suit is None,
              lambda s: s.play.winner == "any-suit", F(1, 9)))
    for k, leader in ((0, "winner"), (2, "left-of-leader"), (3, "lowest-card")):
        p = _w(4, 0) + _w(4, 1) if leader == "winner" else _w(4, k)
        r.append(("TT-13 next leader", leader, "all", everyone, lambda s, leader=leader: s.play.next_leader == leader, p))
    r.append(("SC-T1 avoid suit", "yes", "all", everyone, avoid, F(1, 3)))
    r.append(("SC-T1 avoid suit", "face value", "avoid suit", avoid, lambda s: s.scoring.per_card == "face-value", F(1, 5)))
    r.append(("SC-T1 avoid suit", "penalty card", "avoid suit", avoid, lambda s: s.scoring.penalty_card is not None, F(1, 4)))
    r.append(("SC-T1 avoid suit", "bonus card", "avoid suit", avoid, lambda s: s.scoring.bonus_card is not None, F(3, 16)))
    r.append(("SC-T1 avoid suit", "joker loss", "avoid suit, jokers", lambda s: avoid(s) and s.deck.jokers > 0,
              lambda s: s.scoring.joker_loss is not None, F(1, 7)))
    r.append(("SC-T1 avoid suit", "shoot the moon", "avoid suit", avoid, lambda s: s.scoring.shoot_the_moon is not None, F(1, 8)))
    r.append(("SC-T1 avoid suit", "doubler", "avoid suit", avoid, lambda s: s.scoring.doubler is not None, F(1, 4)))
    r.append(("SC-T3 per trick", "beyond N", "per trick, fixed hand", lambda s: not avoid(s) and not _all(s),
              lambda s: s.scoring.beyond > 0, F(1, 2)))
    for k, (kind, back) in enumerate((("rounds", False), ("shrinking", False), ("shrinking", True))):
        r.append(("EN-02 fixed length", kind + (" back up" if back else ""), "all", everyone,
                  lambda s, kind=kind, back=back: s.ending.condition.kind == kind
                  and getattr(s.ending.condition, "back_up", False) == back, F(1, 8) * _w(3, k)))
    r.append(("EN-03 target", "threshold", "avoid suit", avoid, lambda s: s.ending.condition.kind == "threshold", F(7, 8)))
    r.append(("EN-03 target", "target", "per trick", lambda s: not avoid(s),
              lambda s: s.ending.condition.kind == "target", F(7, 8)))
    r.append(("EN-04 ties", "extra-hand", "all", everyone, lambda s: s.ending.ties == "extra-hand", F(1, 2)))
    return r


def sample_all(n: int, first_seed: int = 0, family: str = "trick-taking") -> tuple[list[GameSpec], list[GameSpec]]:
    """(every drawn spec, the accepted specs) for seeds first_seed … first_seed+n−1, drawn exactly
    as ``sample_game`` draws them."""
    drawn: list[GameSpec] = []
    accepted: list[GameSpec] = []
    for seed in range(first_seed, first_seed + n):
        draw = Draw.from_seed(seed)
        for _ in range(MAX_REDRAWS + 1):
            spec = draw_spec(draw, family)
            drawn.append(spec)
            if not check_spec(spec):
                accepted.append(spec)
                break
    return drawn, accepted


def _rate(specs: list[GameSpec], cond: Pred, pred: Pred) -> tuple[int, float]:
    among = [s for s in specs if cond(s)]
    return len(among), (sum(1 for s in among if pred(s)) / len(among) if among else float("nan"))


def module_frequencies(n: int = 1000, first_seed: int = 0, family: str = "trick-taking") -> list[Row]:
    """One row per module option: expected rate (catalogue) vs drawn and accepted rates."""
    return frequency_rows(*sample_all(n, first_seed, family))


def frequency_rows(drawn: list[GameSpec], accepted: list[GameSpec]) -> list[Row]:
    """The table for specs already sampled (see ``sample_all``)."""
    rows = []
    for module, option, among, cond, pred, expected in _rules():
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
    print(format_table(module_frequencies(int(sys.argv[1]) if len(sys.argv) > 1 else 1000)))
