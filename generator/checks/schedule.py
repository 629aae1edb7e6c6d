"""Checks of a schedule of hand kinds (``spec.scoring.Schedule``, King): a family whose play can
carry one, the game ending with the schedule, no bids or auction (each hand is scored by its
contract), each contract's reused scoring in the plain form one table row prints, what it names in
the pack, and trumps that the game can give each hand."""

from __future__ import annotations

from ..spec import GameSpec, derived
from ..spec.scoring import Contract, HandScore
from .core import Problem, card_problem, suit_problem


def check_schedule(spec: GameSpec) -> list[Problem]:
    s, end, out = spec.scoring, spec.ending.condition, []
    if s.kind != "schedule":
        if end.kind == "schedule":
            out.append(Problem("RULE_CONFLICT", "ending.condition", "the game ends when its schedule of hands is "
                               "played, but it has none: scoring.kind is not schedule"))
        return out
    if not spec.play.plays_schedules():
        out.append(Problem("RULE_CONFLICT", "scoring.kind", f"a {spec.family} game cannot be played as a schedule "
                           "of contracts: its hands are not scored by the tricks and cards taken"))
        return out
    if end.kind != "schedule":
        out.append(Problem("RULE_CONFLICT", "ending.condition", "a game played as a schedule of contracts ends when "
                           "the schedule is played: say kind: schedule"))
    if spec.bidding.tricks is not None:
        out.append(Problem("RULE_CONFLICT", "bidding.tricks", "each hand of a schedule is scored by its contract, "
                           "which has no part for a bid"))
    if spec.bidding.auction is not None:
        out.append(Problem("RULE_CONFLICT", "bidding.auction", "each hand of a schedule is scored by its contract, "
                           "which has no part for the auction's stake"))
    if spec.setup.high_low:
        out.append(Problem("RULE_CONFLICT", "setup.high_low", "a low hand turns its scores over, but a schedule's "
                           "contracts already say which hands lose points"))
    if spec.setup.trumps.method != "none":
        # the setup prints its trump rule for every hand: a contract with trumps of its own would
        # contradict it (and a trump revealed in play would come back in a hand without trumps)
        for i, c in enumerate(s.contracts):
            if c.trumps != "game":
                out.append(Problem("RULE_CONFLICT", f"scoring.contracts.{i}.trumps", "the game's own trump rule "
                                   "(setup.trumps) holds in every hand: say game, or give the game no trump rule"))
    for i, c in enumerate(s.contracts):
        out += _contract(spec, c, f"scoring.contracts.{i}")
    return out


def _contract(spec: GameSpec, c: Contract, at: str) -> list[Problem]:
    out: list[Problem] = []
    if c.trumps == "game" and spec.setup.trumps.method == "none":
        out.append(Problem("RULE_CONFLICT", f"{at}.trumps", "the game's own trumps, but it has none: say none"))
    if c.modes is not None:
        names = [m.name for m in c.modes]
        if len(set(names)) < len(names):
            out.append(Problem("SPEC_INVALID", f"{at}.modes", "two modes have one name"))
        for j, m in enumerate(c.modes):
            out += _score(spec, m, f"{at}.modes.{j}")
    else:
        out += _score(spec, c.score, f"{at}.score")   # type: ignore[arg-type]
    return out


def _score(spec: GameSpec, h: HandScore, at: str) -> list[Problem]:
    """One way a hand scores: a reused kind in its plain form (the things it counts, nothing else),
    a worth, the names it uses in the pack, and a number of last tricks the hand has."""
    s, out, field = h.scoring, [], f"{at}.scoring"
    if h.points == 0:
        out.append(Problem("NO_WIN_PATH", f"{at}.points", "what each thing counted is worth is 0, so the hand "
                           "scores nothing"))
    if s.kind == "per-trick":
        if s != type(s)():
            out.append(Problem("RULE_CONFLICT", field, "a contract counts the tricks won and nothing else: leave "
                               "out beyond, quotas, bonuses and extras"))
    elif s.kind == "avoid-suit":
        if s != type(s)(suit=s.suit):
            out.append(Problem("RULE_CONFLICT", field, "a contract counts the cards of its suit and nothing else: "
                               "leave out the special cards, face values and extras"))
        out += suit_problem(spec, f"{field}.suit", s.suit)
    else:
        plain = type(s)(ranks=s.ranks, cards=s.cards)
        if s != plain or any(r.points != 1 for r in [*s.ranks, *s.cards]):
            out.append(Problem("RULE_CONFLICT", field, "a contract counts the cards of its ranks and its named "
                               "cards, a point each, and nothing else: the contract's points say their worth"))
        if not (s.ranks or s.cards):
            out.append(Problem("NO_WIN_PATH", field, "no rank or card is counted, so the hand scores nothing"))
        ranks = set(spec.deck.ranks())
        for i, r in enumerate(s.ranks):
            if r.rank not in ranks:
                out.append(Problem("DECK_INCONSISTENT", f"{field}.ranks.{i}.rank", f"the pack has no {r.rank}s"))
        for i, row in enumerate(s.cards):
            out += card_problem(spec, f"{field}.cards.{i}.card", row.card)
    if h.last is not None:
        for n in spec.players.counts():
            most = derived.tricks_per_hand(spec.deck, spec.deal, n)
            if h.last > most:
                out.append(Problem("NO_WIN_PATH", f"{at}.last", f"a hand has only {most} tricks", n))
                break
    return out


__all__ = ["check_schedule"]
