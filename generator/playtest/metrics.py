"""Metrics of docs/playtest-metrics.md from game summaries, and the reasons they give.

``Tier1Count`` and ``Tier2Count`` hold the summaries of one player count and compute every
metric with its sample size and 95% interval. Their ``judge`` methods return ``Findings``:
reasons to reject (only when the whole interval lies on the wrong side of the threshold),
warnings, and the configurations to escalate: more games can only lead to a rejection when the
estimate itself already lies on the wrong side while its interval still straddles the threshold,
so only then does the run play more games.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from .runner import GameSummary
from .stats import Z95, Z_EARLY, confidence, mean, median, median_interval, quantiles, ratio_interval, wilson

# Tier 1 thresholds.
MAX_CAPPED = 0.01
MIN_COMPLETION = 0.95
MAX_DRAWS, WARN_DRAWS = 0.20, 0.10
MIN_DECISIONS_PER_PLAYER = 4
#: A game shorter than this at the table is warned: a table would hardly sit down for it.
SHORT_MINUTES = 10
#: TOO_LONG, in minutes of the fitted table-time model (``tabletime``). A game of Hearts to 100, a
#: real game that a table plays to the end, takes about 75 minutes by that model (13 hands at the
#: published five minutes a hand), so an hour cannot be the line between sound and broken: a game
#: is rejected beyond an hour and a half and warned beyond an hour.
MAX_MINUTES, WARN_MINUTES = 90, 60
#: ONE_HAND warns when more than this share of games is decided in the first hand.
ONE_HAND_SHARE = 0.5
MIN_AGENCY, WARN_AGENCY = 0.30, 0.50
MAX_LOOPING = 0.01
# Tier 2 thresholds.
SEAT_BAND = 0.10
MIN_ORDER, WARN_ORDER = 0.10, 0.20
MAX_DEAD_TAIL, WARN_DEAD_TAIL = 0.40, 0.25
MIN_LEAD_CHANGES, MIN_COMEBACKS = 1.0, 0.05
MAX_DOMINANCE, WARN_DOMINANCE = 0.50, 0.40
MIN_RULE_EFFECT = 0.03
#: Fewest common deals before the paired INERT_RULE comparison may settle (``Tier2Count.paired_effect``).
PAIRED_MIN = 20


def r4(x: float) -> float:
    return round(float(x), 4)


def prop(k: float, n: int) -> dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"value": r4(k / n) if n else 0.0, "count": r4(k) if k != int(k) else int(k), "n": n,
            "interval": [r4(lo), r4(hi)]}


def med(values: Sequence[float]) -> dict[str, Any]:
    lo, hi = median_interval(values)
    return {"value": r4(median(values)), "n": len(values), "interval": [r4(lo), r4(hi)]}


@dataclass
class Reason:
    """A reason to reject (or a warning): a code, a sentence, the player count, and the seed of a
    game that shows it (``parlour replay SPEC --seed SEED --players N [--bots ...]``)."""

    code: str
    message: str
    players: int
    seed: int | None = None
    tier: int = 1
    bots: list[str] | None = None      # the line-up of the replay game; None: random self-play

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "players": self.players, "seed": self.seed,
                "tier": self.tier, "bots": self.bots}

    def replay_args(self) -> str:
        if self.seed is None:
            return ""
        args = f"--seed {self.seed} --players {self.players}"
        if self.bots:
            args += " --bots " + ",".join(self.bots)
        return args


@dataclass
class Findings:
    reasons: list[Reason] = field(default_factory=list)
    warnings: list[Reason] = field(default_factory=list)
    escalate: set[str] = field(default_factory=set)     # configuration tags that need more games
    settled: set[str] = field(default_factory=set)      # tags already clear of every threshold

    def extend(self, other: "Findings") -> None:
        self.reasons += other.reasons
        self.warnings += other.warnings
        self.escalate |= other.escalate
        self.settled |= other.settled


def _first(games: Iterable[GameSummary], test: Any) -> int | None:
    return next((g.seed for g in games if test(g)), None)


# -- Tier 1 -------------------------------------------------------------------------------------

#: The two kinds of Tier-1 players, each judging what it measures (docs/playtest-metrics.md).
#: Sensible players (each family's greedy bots) play the way a table does: whatever a person would
#: notice — length, pace, whether the game ends, whether it is decided in its first hand, shared
#: wins — is judged from their games. Random players reach every rule and every corner of the
#: engine: robustness and agency are judged from theirs. Both can find an engine error or a loop.
SENSIBLE, RANDOM = "sensible", "random"
#: The length codes: judged on sensible play; random play's verdict on them is only compared.
LENGTH_CODES = frozenset({"NON_TERMINATING", "INCOMPLETE", "TOO_LONG"})
CHECKS: dict[str, frozenset[str]] = {
    SENSIBLE: frozenset({"ENGINE_ERROR", "LOOPING", "DRAWISH", "TOO_SHORT", "ONE_HAND"}) | LENGTH_CODES,
    RANDOM: frozenset({"ENGINE_ERROR", "LOOPING", "NO_AGENCY"}),
}
#: The role of a count whose players judge for both kinds (a playtest asked for random players
#: only, ``--bot random``, as every playtest was before sensible players judged length).
BOTH = "both"
CHECKS[BOTH] = CHECKS[SENSIBLE] | CHECKS[RANDOM]


class Tier1Count:
    """Tier-1 self-play at one player count, by one kind of players: ``bot`` at every seat, in the
    ``role`` of sensible players, random players, or both (``CHECKS``)."""

    def __init__(self, players: int, games: list[GameSummary], bot: str = "random", role: str = BOTH,
                 planned: int = 0):
        self.players = players
        self.games = games
        self.bot = bot
        self.role = role
        #: The games this count is planned to play: with fewer (a pilot), a reason needs the
        #: stricter interval (``stats.Z_EARLY``), as at Tier 2's early looks.
        self.planned = planned

    def z(self) -> float:
        """The z of a reason's interval: 95% from the planned count on, 99.9% at a pilot."""
        return Z95 if len(self.games) >= self.planned else Z_EARLY

    @property
    def bots(self) -> list[str] | None:
        return None if self.bot == "random" else [self.bot] * self.players

    # The counts.
    @property
    def played(self) -> list[GameSummary]:
        return [g for g in self.games if g.outcome != "error"]

    @property
    def completed(self) -> list[GameSummary]:
        return [g for g in self.games if g.outcome == "natural"]

    @property
    def errors(self) -> list[GameSummary]:
        return [g for g in self.games if g.outcome == "error"]

    @property
    def capped(self) -> list[GameSummary]:
        return [g for g in self.games if g.outcome == "cap"]

    @property
    def draws(self) -> list[GameSummary]:
        return [g for g in self.completed if g.winner is None]

    def wins(self) -> list[int]:
        w = [0] * self.players
        for g in self.completed:
            for p in range(self.players):   # every member of a winning side has won
                w[p] += g.won(p)
        return w

    @property
    def sides(self) -> list[int] | None:
        """The side of each seat in a game of partnerships at this count (None: each alone)."""
        return next((g.sides for g in self.games if g.sides is not None), None)

    def side_wins(self) -> list[int]:
        """Games won by each side (its first seat's wins: partners win together)."""
        sides, w = self.sides, self.wins()
        return [] if sides is None else [w[sides.index(s)] for s in range(max(sides) + 1)]

    def agency(self, z: float = Z95) -> tuple[float, float, float]:
        played = self.played
        return ratio_interval([g.decisions for g in played], [g.moves for g in played], z)

    def minutes(self) -> list[float]:
        return [g.minutes for g in self.played]

    def per_player(self) -> list[float]:
        return [g.decisions / self.players for g in self.played]

    def branching(self) -> float:
        played = self.played
        d = sum(g.decisions for g in played)
        return sum(g.branching for g in played) / d if d else 0.0

    def branching_by_cards(self) -> list[list[float]]:
        acc: dict[int, list[int]] = {}
        for g in self.played:
            for cards, s, c in g.by_cards:
                a = acc.setdefault(cards, [0, 0])
                a[0] += s
                a[1] += c
        return [[cards, r4(s / c)] for cards, (s, c) in sorted(acc.items(), reverse=True) if c]

    def phase_decisions(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for g in self.played:
            for name, c in g.phases:
                out[name] = out.get(name, 0) + c
        return dict(sorted(out.items()))

    def tension(self) -> dict[str, Any]:
        return tension(self.completed)

    def as_dict(self) -> dict[str, Any]:
        n, g = self.players, len(self.games)
        played, completed = self.played, self.completed
        wins = self.wins()
        agency, alo, ahi = self.agency()
        decisions = [x.decisions for x in played]
        hands = [x.hands for x in played]
        minutes = self.minutes()
        c = len(completed)
        return {
            # The first-cut keys (kept for readers of older reports).
            "players": n, "bot": self.bot, "role": self.role, "games": g, "completed": c,
            "completion": r4(c / g) if g else 0.0,
            "completion_interval": [r4(x) for x in wilson(c, g)],
            "capped": len(self.capped), "engine_errors": len(self.errors),
            "tie_breaks": sum(1 for x in completed if x.tie_rule), "draws": len(self.draws),
            "win_rates": [r4(w / c) if c else 0.0 for w in wins],
            "win_intervals": [[r4(x) for x in wilson(w, c)] for w in wins],
            "decisions_median": r4(median(decisions)),
            "decisions_per_player_median": r4(median(decisions) / n) if decisions else 0.0,
            "hands_median": r4(median(hands)), "hands_mean": r4(mean(hands)),
            "decision_share": r4(agency), "minutes_median": r4(median(minutes)),
            # Every metric with its sample size and 95% interval.
            "metrics": {
                "completion": prop(c, g),
                "non_terminating": prop(len(self.capped), g),
                "engine_errors": prop(len(self.errors), g),
                "drawish": prop(len(self.draws), c),
                "tie_rule": prop(sum(1 for x in completed if x.tie_rule), c),
                "decisions_per_player": med(self.per_player()),
                "minutes": med(minutes),
                "decision_moves": {"value": r4(agency), "n": len(played), "interval": [r4(alo), r4(ahi)]},
                "looping": prop(sum(1 for x in played if x.looped), len(played)),
                "win_rates": [prop(w, c) for w in wins],
                # with partnerships: the side of each seat, and each side's wins
                **({"sides": self.sides, "side_win_rates": [prop(w, c) for w in self.side_wins()]}
                   if self.sides is not None else {}),
                "branching": r4(self.branching()),
                "branching_by_cards": self.branching_by_cards(),
                "length": {"quantiles": [0.1, 0.25, 0.5, 0.75, 0.9],
                           "decisions": quantiles(decisions), "hands": quantiles(hands)},
                "phase_decisions": self.phase_decisions(),
                **self.tension(),
            },
        }

    def clear(self, findings: Findings) -> bool:
        """Whether these games' ``findings`` leave nothing close: no reason, no warning, nothing to
        escalate, and every figure its checks judge well inside its lines — the median table time's
        interval between the short and the long warnings, the real choices' interval above their
        warning. More games could then change neither the verdict nor a warning, and the playtest
        spends them where a verdict is close instead (``_tier1`` stops such a count at the pilot)."""
        if findings.reasons or findings.warnings or findings.escalate or not self.played:
            return False
        checks = CHECKS[self.role]
        if "TOO_LONG" in checks:
            lo, hi = median_interval(self.minutes())
            if lo < SHORT_MINUTES or hi > WARN_MINUTES:
                return False
        if "NO_AGENCY" in checks and self.agency()[1] < WARN_AGENCY:
            return False
        return True

    def judge(self, only: frozenset[str] | None = None, z: float | None = None) -> Findings:
        """The findings of this count's checks (``CHECKS[role]``), or of ``only`` those codes; a
        reason's interval at ``z``, or by default at this count's look (``z()``)."""
        out = Findings()
        n, g = self.players, len(self.games)
        bots, tag = self.bots, "tier1"
        checks = CHECKS[self.role] if only is None else only

        def reject(code: str, message: str, seed: int | None) -> None:
            if code in checks:
                out.reasons.append(Reason(code, message, n, seed, 1, bots))

        def warn(code: str, message: str, seed: int | None) -> None:
            if code in checks:
                out.warnings.append(Reason(code, message, n, seed, 1, bots))

        def closer(code: str) -> None:   # more games could decide it
            if code in checks:
                out.escalate.add(tag)

        errors = self.errors
        if errors:
            reject("ENGINE_ERROR", f"the engine failed in {len(errors)} of {g} games: {errors[0].error}", errors[0].seed)
        if not g:
            return out
        if z is None:
            z = self.z()   # a reason's interval: stricter at a pilot
        capped = len(self.capped)
        lo, hi = wilson(capped, g, z)
        seed = _first(self.games, lambda x: x.outcome == "cap")
        if lo > MAX_CAPPED:
            reject("NON_TERMINATING", f"{capped} of {g} games never ended (stopped by the safety cap)", seed)
        elif capped / g > MAX_CAPPED:
            closer("NON_TERMINATING")
        c = len(self.completed)
        lo, hi = wilson(c, g, z)
        if hi < MIN_COMPLETION:
            reject("INCOMPLETE", f"only {c} of {g} games reached a natural end", _first(
                self.games, lambda x: x.outcome != "natural"))
        elif c / g < MIN_COMPLETION:
            closer("INCOMPLETE")
        if c:
            d = len(self.draws)
            lo, _ = wilson(d, c, z)
            seed = _first(self.completed, lambda x: x.winner is None)
            msg = f"first place was shared in {d} of {c} games"
            if lo > MAX_DRAWS:
                reject("DRAWISH", msg, seed)
            elif d / c > WARN_DRAWS:
                warn("DRAWISH", msg, seed)
                if d / c > MAX_DRAWS:
                    closer("DRAWISH")
        played = self.played
        if not played:
            return out
        per = self.per_player()
        m = median(per)
        lo, hi = median_interval(per, z)
        if m < MIN_DECISIONS_PER_PLAYER:
            seed = _first(played, lambda x: x.decisions / n < MIN_DECISIONS_PER_PLAYER)
            if hi < MIN_DECISIONS_PER_PLAYER:
                reject("TOO_SHORT", f"a player makes only {m:.1f} real decisions in a typical game", seed)
            else:
                closer("TOO_SHORT")
        minutes = self.minutes()
        m = median(minutes)
        lo, hi = median_interval(minutes, z)
        seed = _first(played, lambda x: x.minutes > (MAX_MINUTES if m > MAX_MINUTES else WARN_MINUTES))
        if lo > MAX_MINUTES:
            reject("TOO_LONG", f"a typical game would take about {m:.0f} minutes at the table", seed)
        elif m > WARN_MINUTES:
            warn("TOO_LONG", f"a typical game would take about {m:.0f} minutes at the table", seed)
            if m > MAX_MINUTES:
                closer("TOO_LONG")
        elif m < SHORT_MINUTES:
            warn("TOO_SHORT", f"a typical game takes only about {m:.0f} minute{'' if round(m) == 1 else 's'} at the "
                 "table, shorter than a table would sit down for", _first(played, lambda x: x.minutes < SHORT_MINUTES))
        agency, lo, hi = self.agency(z)
        seed = _first(played, lambda x: x.moves and x.decisions / x.moves < WARN_AGENCY)
        if hi < MIN_AGENCY:
            reject("NO_AGENCY", f"only {agency:.0%} of moves offer a real choice", seed)
        elif agency < WARN_AGENCY:
            warn("NO_AGENCY", f"only {agency:.0%} of moves offer a real choice", seed)
            if agency < MIN_AGENCY:
                closer("NO_AGENCY")
        loops = sum(1 for x in played if x.looped)
        lo, _ = wilson(loops, len(played), z)
        seed = _first(played, lambda x: x.looped)
        if lo > MAX_LOOPING:
            reject("LOOPING", f"{loops} of {len(played)} games came back to a position they had been in", seed)
        elif loops / len(played) > MAX_LOOPING:
            closer("LOOPING")
        completed = self.completed
        first = [x for x in completed if x.hands == 1]
        if completed and len(first) > ONE_HAND_SHARE * len(completed):
            warn("ONE_HAND", f"{len(first)} of {len(completed)} games are decided in their first hand, yet the rules "
                 "provide for later hands (dealing again, scores carried over, rules between hands)", first[0].seed)
        return out


def tension(games: Sequence[GameSummary]) -> dict[str, Any]:
    """Lead changes, comebacks (over games of more than one hand) and the dead tail."""
    multi = [g for g in games if g.hands > 1]
    tails = [g.dead_tail for g in games if g.dead_tail is not None]
    return {
        "lead_changes": {"mean": r4(mean([g.lead_changes for g in games])), "n": len(games)},
        "comebacks": prop(sum(1 for g in multi if g.comeback), len(multi)),
        "dead_tail": med(tails) if tails else None,
    }


# -- Tier 2 -------------------------------------------------------------------------------------

STRONG, ORDER = "strong", "order"


def tier2_configs(n: int, features: Sequence[str], trivial: Sequence[str]) -> dict[str, tuple[str, str]]:
    """Tier-2 configurations at one player count: tag -> (the bot that rotates through the seats,
    the bot at every other seat). ``strong``: strong bots everywhere (seat bias, dead tail,
    tension); ``order``: one strong bot among random bots (luck against skill);
    ``dominance:P``: the trivial policy P among strong bots; ``inert:F``: a strong bot forbidden
    feature F among random bots, on the same deals as ``order`` (the same game seeds)."""
    configs = {STRONG: ("strong", "strong"), ORDER: ("strong", "random")}
    for policy in trivial:
        configs[f"dominance:{policy}"] = (policy, "strong")
    for feature in features:
        configs[f"inert:{feature}"] = (f"strong-without:{feature}", "random")
    return configs


def lineup_of(config: tuple[str, str], n: int, index: int) -> list[str]:
    focus, other = config
    return [focus if p == index % n else other for p in range(n)]


class Tier2Count:
    """Strong bots at one player count: one list of game summaries per configuration."""

    def __init__(self, players: int, configs: dict[str, tuple[str, str]], games: dict[str, list[GameSummary]],
                 planned: int = 0, early: float = Z_EARLY):
        self.players = players
        self.configs = configs
        self.games = games
        #: The games a configuration is planned to play (``tier2_games``): with fewer, its look is
        #: an early one, and a reason then needs the stricter interval ``early`` (``stats.Z_EARLY``;
        #: ``benchmarks/false_rejections.py`` sets it to 95% to show the judge before).
        self.planned = planned
        self.early = early

    def z(self, games: int) -> float:
        """The z of a reason's interval at ``games`` games: 95% from the planned count on."""
        return Z95 if games >= self.planned else self.early

    def _focus_wins(self, tag: str) -> tuple[int, int]:
        n = self.players
        gs = self.games.get(tag, [])
        return sum(1 for g in gs if g.won(g.index % n)), len(gs)

    def _undiluted(self, rate: float) -> float:
        """A trivial seat's win rate as if it played alone. With sides, the trivial policy plays
        one seat of its side and strong partners play the rest, so its side's edge over a fair
        share is the policy's own edge divided by the side's size: the edge is multiplied back
        (and clamped to 0…1) before the thresholds, which were set for a player alone. Without
        sides the rate is unchanged."""
        units = self.units
        if units == self.players:
            return rate
        size = self.players / units
        fair = 1 / units
        return min(1.0, max(0.0, fair + size * (rate - fair)))

    def seat_wins(self) -> tuple[list[int], int]:
        gs = self.games.get(STRONG, [])
        w = [0] * self.players
        for g in gs:
            for p in range(self.players):   # every member of a winning side has won
                w[p] += g.won(p)
        return w, len(gs)

    @property
    def units(self) -> int:
        """How many players or sides contend for the win: a fair one wins 1 in this many."""
        return next((g.units for gs in self.games.values() for g in gs), self.players)

    def balance(self) -> float:
        w, g = self.seat_wins()
        if not g:
            return 0.0
        rates = [x / g for x in w]
        return 1 - (max(rates) - min(rates))

    def fairness(self) -> float:
        """CardStock's fairness for the first player to play (seat 2, left of the first dealer)."""
        w, g = self.seat_wins()
        n, k = self.players, self.units
        if not g:
            return 0.0
        first = w[1 % n] / g
        return max(0.0, 1 - abs(first - 1 / k) / (1 - 1 / k))

    def order(self, z: float = Z95) -> tuple[float, float, float]:
        """Order = (w − 1/n) / (1 − 1/n) for one strong bot among random bots, with its interval."""
        k, g = self._focus_wins(ORDER)
        n = self.units   # with sides, the strong player's side against the others
        lo, hi = wilson(k, g, z)
        f = lambda w: (w - 1 / n) / (1 - 1 / n)  # noqa: E731
        return (f(k / g) if g else 0.0, f(lo), f(hi))

    def baseline(self) -> tuple[int, int]:
        """Wins and games of the unrestricted strong bot among random bots (the ``order`` games)."""
        return self._focus_wins(ORDER)

    def paired_effect(self, tag: str) -> tuple[float, float, float] | None:
        """What forbidding a feature costs the strong bot, game by game: the ``inert:F`` games
        are played on the same deals as the ``order`` games (the same game indices and seeds), so
        the difference of the focus seat's wins is taken deal by deal, and the luck of the deal,
        common to both, cancels. (mean, low, high) of the difference with a 95% normal interval
        (its variance floored at that of one discordant deal in ``PAIRED_MIN``), or None with fewer
        than ``PAIRED_MIN`` common deals. Used only to stop playing an INERT_RULE comparison whose
        answer is settled; the warning itself reads the two win rates."""
        n = self.players
        base = {g.index: g.won(g.index % n) for g in self.games.get(ORDER, [])}
        diffs = [base[g.index] - g.won(g.index % n)
                 for g in self.games.get(tag, []) if g.index in base]
        m = len(diffs)
        if m < PAIRED_MIN:
            return None
        mean = sum(diffs) / m
        var = max(sum((d - mean) ** 2 for d in diffs) / (m - 1), 1 / PAIRED_MIN)
        half = Z95 * (var / m) ** 0.5
        return mean, mean - half, mean + half

    def head_to_head(self, tag: str) -> tuple[float, int]:
        """The rotating bot's score against the others: per game, the share of other seats it
        finished ahead of (a tie counts half); summed over games."""
        n = self.players
        total = 0.0
        gs = self.games.get(tag, [])
        for g in gs:
            if not g.ranking:
                continue
            me = g.index % n
            mine = g.ranking[me]
            others = [q for q in range(n) if q != me and (g.sides is None or g.sides[q] != g.sides[me])]
            total += sum(1.0 if mine < g.ranking[q] else 0.5 if mine == g.ranking[q] else 0.0
                         for q in others) / len(others)
        return total, len(gs)

    def as_dict(self) -> dict[str, Any]:
        n = self.players
        w, g = self.seat_wins()
        order, olo, ohi = self.order()
        k, go = self._focus_wins(ORDER)
        strong = self.games.get(STRONG, [])
        out: dict[str, Any] = {
            "players": n,
            "games": {tag: len(gs) for tag, gs in self.games.items()},
            "seat_win_rates": [prop(x, g) for x in w],
            "balance": r4(self.balance()),
            "fairness": r4(self.fairness()),
            "strong_vs_random": prop(k, go),
            "order": {"value": r4(order), "n": go, "interval": [r4(olo), r4(ohi)]},
            **tension(strong),
            "hands_median": r4(median([x.hands for x in strong])) if strong else 0.0,
            "dominance": {},
            "inert": {},
        }
        for tag in self.games:
            if tag.startswith("dominance:"):
                kw, gd = self._focus_wins(tag)
                s, _ = self.head_to_head(tag)
                out["dominance"][tag.split(":", 1)[1]] = {"win_rate": prop(kw, gd), "head_to_head": prop(s, gd)}
            elif tag.startswith("inert:"):
                kw, gi = self._focus_wins(tag)
                kb, gb = self.baseline()
                base = kb / gb if gb else 0.0
                out["inert"][tag.split(":", 1)[1]] = {"win_rate": prop(kw, gi), "baseline": prop(kb, gb),
                                                      "effect": r4(base - (kw / gi if gi else 0.0))}
        return out

    def judge(self) -> Findings:
        out = Findings()
        n = self.players

        def bots(tag: str, seed_index: int | None) -> list[str] | None:
            if seed_index is None:
                return None
            return lineup_of(self.configs[tag], n, seed_index)

        def reason(code: str, message: str, tag: str, game: GameSummary | None) -> Reason:
            return Reason(code, message, n, game.seed if game else None, 2,
                          bots(tag, game.index if game else None))

        for tag, gs in self.games.items():
            bad = [g for g in gs if g.outcome == "error"]
            if bad:
                out.reasons.append(reason("ENGINE_ERROR", f"the engine failed in {len(bad)} of {len(gs)} games "
                                          f"with strong bots: {bad[0].error}", tag, bad[0]))
        # SEAT_BIAS
        w, g = self.seat_wins()
        strong = self.games.get(STRONG, [])
        # The strong games are settled (``_tier2`` stops them at half of tier2_games) only when
        # every seat wins within the band of a fair share, the dead tail is under its warning and
        # NO_TENSION does not warn.
        settle = bool(g)
        if g:
            fair = 1 / self.units   # with sides, a fair side wins 1 in the number of sides
            z = self.z(g)
            for seat, k in enumerate(w):
                lo, hi = wilson(k, g, z)
                rate = k / g
                example = next((x for x in strong if x.won(seat)), None) if rate > fair else \
                    next((x for x in strong if not x.won(seat)), None)
                msg = (f"with strong players at every seat, seat {seat + 1} wins {rate:.0%} of games "
                       f"({confidence(z)} interval {lo:.0%}–{hi:.0%}; a fair seat wins {fair:.0%} ± {SEAT_BAND:.0%})")
                if lo > fair + SEAT_BAND or hi < fair - SEAT_BAND:
                    out.reasons.append(reason("SEAT_BIAS", msg, STRONG, example))
                elif abs(rate - fair) > SEAT_BAND:
                    out.escalate.add(STRONG)
                settle = settle and abs(rate - fair) <= SEAT_BAND
        # LUCK_ONLY
        games = self.games.get(ORDER, [])
        if games:
            order, lo, hi = self.order()
            lost = next((x for x in games if not x.won(x.index % n)), None)

            def luck_message(z: float) -> str:
                order, lo, hi = self.order(z)
                return (f"a strong player among random players wins only {self._focus_wins(ORDER)[0]} of "
                        f"{len(games)} games (Order {order:.2f}, {confidence(z)} interval {lo:.2f}–{hi:.2f}): "
                        "skill barely counts")
            msg = luck_message(Z95)
            z = self.z(len(games))
            if self.order(z)[2] < MIN_ORDER:
                out.reasons.append(reason("LUCK_ONLY", luck_message(z), ORDER, lost))
            elif order < WARN_ORDER:
                out.warnings.append(reason("LUCK_ONLY", msg, ORDER, lost))
                if order < MIN_ORDER:
                    out.escalate.add(ORDER)
            elif lo >= WARN_ORDER:
                out.settled.add(ORDER)
        # EARLY_DECIDED and NO_TENSION (strong games)
        tails = [x.dead_tail for x in strong if x.dead_tail is not None]
        if tails:
            m = median(tails)
            example = max((x for x in strong if x.dead_tail is not None), key=lambda x: (x.dead_tail, -x.index))

            def tail_message(z: float) -> tuple[float, str]:
                lo, hi = median_interval(tails, z)
                return lo, (f"the winner is settled with {m:.0%} of a typical game still to play "
                            f"({confidence(z)} interval {lo:.0%}–{hi:.0%})")
            _, msg = tail_message(Z95)
            judged_lo, judged_msg = tail_message(self.z(len(strong)))   # the interval a reason needs
            if m > WARN_DEAD_TAIL:
                settle = False
            if judged_lo > MAX_DEAD_TAIL:
                out.reasons.append(reason("EARLY_DECIDED", judged_msg, STRONG, example))
            elif m > WARN_DEAD_TAIL:
                out.warnings.append(reason("EARLY_DECIDED", msg, STRONG, example))
                if m > MAX_DEAD_TAIL:
                    out.escalate.add(STRONG)
        multi = [x for x in strong if x.hands > 1]
        if strong and median([x.hands for x in strong]) > 1:
            changes = mean([x.lead_changes for x in strong])
            comebacks = sum(1 for x in multi if x.comeback) / len(multi) if multi else 0.0
            if changes < MIN_LEAD_CHANGES and comebacks < MIN_COMEBACKS:
                # A comeback is rare: fewer games see none more often, so a warning found on half
                # of the games is judged again on all of them.
                settle = False
                example = next((x for x in strong if x.lead_changes == 0), None)
                out.warnings.append(reason("NO_TENSION", f"the lead changes {changes:.1f} times in a typical game "
                                           f"and the last player at half-time comes back to win in {comebacks:.0%} "
                                           f"of games", STRONG, example))
        if settle:
            out.settled.add(STRONG)
        # DOMINANT_STRATEGY: the trivial policy's win rate in games against strong bots
        for tag in self.games:
            if not tag.startswith("dominance:"):
                continue
            policy = tag.split(":", 1)[1]
            k, gd = self._focus_wins(tag)
            if not gd:
                continue
            rate = self._undiluted(k / gd)
            example = next((x for x in self.games[tag] if x.won(x.index % n)), None)

            def dominance(z: float) -> tuple[float, float, str]:
                lo, hi = (self._undiluted(x) for x in wilson(k, gd, z))
                if self.units == self.players:
                    return lo, hi, (f"the trivial policy '{policy}' wins {rate:.0%} of games against strong "
                                    f"players ({confidence(z)} interval {lo:.0%}–{hi:.0%})")
                return lo, hi, (f"the trivial policy '{policy}', beside strong partners, wins {k / gd:.0%} of games "
                                f"for its side against strong players: {rate:.0%} as if it played alone "
                                f"({confidence(z)} interval {lo:.0%}–{hi:.0%})")
            lo, hi, msg = dominance(Z95)
            judged_lo, _, judged_msg = dominance(self.z(gd))   # the interval a reason needs
            if judged_lo >= MAX_DOMINANCE:
                out.reasons.append(reason("DOMINANT_STRATEGY", judged_msg, tag, example))
            elif rate >= WARN_DOMINANCE:
                out.warnings.append(reason("DOMINANT_STRATEGY", msg, tag, example))
                if rate >= MAX_DOMINANCE:
                    out.escalate.add(tag)
            elif hi < MAX_DOMINANCE:   # more games could not reject it, and it is below the warning
                out.settled.add(tag)
        # INERT_RULE: a strong bot forbidden a feature, against the same bot with it (same deals)
        kb, gb = self.baseline()
        for tag in self.games:
            if not tag.startswith("inert:") or not gb:
                continue
            feature = tag.split(":", 1)[1]
            k, gi = self._focus_wins(tag)
            if not gi:
                continue
            base = kb / gb
            effect = base - k / gi
            paired = self.paired_effect(tag)
            if (gi == gb and wilson(k, gi)[1] < wilson(kb, gb)[0]) or (
                    paired is not None and (paired[1] > MIN_RULE_EFFECT or paired[2] < MIN_RULE_EFFECT)):
                out.settled.add(tag)       # clearly not inert (or clearly inert): no need for more games
            else:
                out.settled.discard(ORDER)  # the same deals are needed for the comparison
            if effect < MIN_RULE_EFFECT:
                example = next((x for x in self.games[tag] if x.won(x.index % n)), None)
                out.warnings.append(reason(
                    "INERT_RULE", f"this rule changes nothing: a strong player forbidden {describe_feature(feature)} "
                    f"still wins {k / gi:.0%} of games among random players, against {base:.0%} with it "
                    f"(the same deals)", tag, example))
        return out


def describe_feature(feature: str) -> str:
    if feature == "trumps":
        return "to play trumps while it holds another card it may play"
    if feature.startswith("phase:"):
        return f"any choice at '{feature.split(':', 1)[1]}' (it always takes the first option)"
    return feature


def quality(t1: Tier1Count, t2: Tier2Count | None, rand: Tier1Count | None = None) -> dict[str, Any]:
    """The components of the quality score at one player count (each later floored at 0.01):
    completion and shared wins from the sensible players' games ``t1``, the share of real choices
    from the random players' ``rand`` (it is a measure of what the rules offer, not of a style)."""
    c = t1.as_dict()
    comp: dict[str, float] = {
        "completion": c["completion"],
        "not_drawish": 1 - c["metrics"]["drawish"]["value"],
        "decision_moves": (rand or t1).agency()[0],
    }
    if t2 is not None and t2.games.get(STRONG):
        comp["balance"] = t2.balance()
        comp["order"] = t2.order()[0]
        tails = [x.dead_tail for x in t2.games[STRONG] if x.dead_tail is not None]
    else:
        rates = c["win_rates"]
        comp["balance"] = 1 - (max(rates) - min(rates)) if rates else 0.0
        tails = [x.dead_tail for x in t1.completed if x.dead_tail is not None]
    if tails:
        comp["not_dead_tail"] = 1 - median(tails)
    return {k: r4(v) for k, v in comp.items()}
