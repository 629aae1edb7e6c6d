"""Playtest: does a game work, and is it any good? (docs/playtest-metrics.md)

* Tier 1 — self-play at every allowed player count (``Tier1Count``) by two kinds of players, each
  judging what it measures (``metrics.CHECKS``): sensible players (each family's greedy bots, the
  way a table plays) for everything a person would see — length and pace, games that never end,
  completion, shared wins, games decided in their first hand; random players (they reach every
  rule) for robustness and agency. Both find engine errors and loops, and printed rules that
  never applied (DEAD_TEXT). A game whose verdict on its length would differ with random players
  says so in a note.
* Tier 2 — strong bots (``Tier2Count``): seat bias, luck against skill (Order), the dead tail,
  tension, dominant trivial strategies, rules that change nothing.

Every proportion has a Wilson 95% interval, every median a distribution-free one. A game is
rejected only when a whole interval lies on the wrong side of a threshold; while an estimate is
on the wrong side but its interval straddles the threshold the run plays more games (200 → 400 →
800 by default), and a rejection beyond doubt after a first batch (the pilot: its interval at
99.9%, ``stats.Z_EARLY``) ends the run early. Tier 2 runs only for a game that passes Tier 1. A report gives a verdict (pass or reject),
its reasons and warnings — each with a code, a sentence, the player count and the seed of a game
that shows it — and, for a game that passes, a quality score for ranking.

Every game's seed comes from the run's seed, the player count and the game's index
(``game_seed``), so results are the same on one process, on many (``--workers``) or on a Dask
cluster, and ``parlour replay`` replays any single game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..bots import TRIVIAL
from ..bots.restrict import OPTIONAL_PHASES  # the optional decisions INERT_RULE may forbid
from ..engine.phase import PrintedRule
from ..spec import GameSpec
from .metrics import (BOTH, LENGTH_CODES, ORDER, RANDOM, SENSIBLE, STRONG, Findings, Reason, Tier1Count,  # noqa: F401
                      Tier2Count, lineup_of, quality, r4, tier2_configs)
from .parallel import Executor, SerialExecutor, Task, spec_json
from .runner import PLAYTEST_MOVE_CAP, GameSummary, game_seed, play_one  # noqa: F401
from .stats import Z95, harmonic_mean, median, wilson  # noqa: F401

SCHEMA_ID = "https://parlour.example/schemas/playtest-report-1.json"

#: The strong bot's default budget: rollouts per legal action, and at most per decision.
ROLLOUTS, MAX_ROLLOUTS = 4, 24
#: A batch smaller than this (games × cost, a random game costing 1) runs in this process.
SMALL_BATCH = 150
#: What a strong-bot game costs against a random one, for cutting work into tasks: one game a task,
#: so that the two workers finish a look together.
TIER2_COST = 400
#: At most this many optional rule features are tested for INERT_RULE (each costs a configuration).
MAX_FEATURES = 2
#: The sensible players of Tier 1 (``bot``'s default): each family's greedy bots.
SENSIBLE_BOT = "greedy"
#: Random players play this share of the sensible players' games (at least the pilot): they judge
#: only robustness and agency, which a ratio over every move and a count of rare events measure on
#: fewer games than a median length.
RANDOM_SHARE = 0.5
#: ... and their games may stop before the pilot once they have made this many moves: what random
#: players judge is counted in moves (real choices, positions), and a game they never end runs to
#: the move cap, so ten such games already hold 50,000 moves.
RANDOM_MOVES = 20_000


@dataclass
class Settings:
    tier: int = 1
    games: int = 200
    max_games: int = 800
    tier2_games: int = 100
    tier2_max_games: int = 200
    rollouts: int = ROLLOUTS
    max_rollouts: int = MAX_ROLLOUTS
    pilot: int = 50

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class Report:
    """A playtest's verdict and figures. ``counts`` are the sensible players' Tier-1 games (the
    figures a table would see: lengths, completion, shared wins); ``random`` the random players'
    (robustness and agency): the same list when one kind of players judged both (``--bot random``)."""

    name: str
    seed: int
    bot: str
    counts: list[Tier1Count]
    reasons: list[Reason]
    warnings: list[Reason]
    tier2: list[Tier2Count] | None = None
    settings: Settings = field(default_factory=Settings)
    notes: list[str] = field(default_factory=list)
    random: list[Tier1Count] | None = None

    @property
    def random_counts(self) -> list[Tier1Count]:
        return self.counts if self.random is None else self.random

    @property
    def verdict(self) -> str:
        return "reject" if self.reasons else "pass"

    def quality(self) -> dict[str, Any] | None:
        """The quality score (harmonic mean of the components, each floored at 0.01) per player
        count and overall (the mean over counts); only for a game that passes."""
        if self.reasons or not self.counts:
            return None
        by2 = {t.players: t for t in self.tier2 or []}
        per = []
        by_random = {c.players: c for c in self.random_counts}
        for c in self.counts:
            comp = quality(c, by2.get(c.players), by_random.get(c.players))
            per.append({"players": c.players, "score": r4(harmonic_mean(list(comp.values()))), "components": comp})
        return {"score": r4(sum(p["score"] for p in per) / len(per)), "by_players": per}

    def as_dict(self) -> dict[str, Any]:
        return {
            "$schema": SCHEMA_ID,
            "game": self.name, "seed": self.seed, "bot": self.bot, "tier": self.settings.tier,
            "verdict": self.verdict,
            "reasons": [r.as_dict() for r in self.reasons],
            "warnings": [w.as_dict() for w in self.warnings],
            "quality": self.quality(),
            "settings": self.settings.as_dict(),
            "notes": list(self.notes),
            "counts": [c.as_dict() for c in self.counts],
            "random": None if self.random is None else [c.as_dict() for c in self.random],
            "tier2": None if self.tier2 is None else [t.as_dict() for t in self.tier2],
        }


def _stages(base: int, pilot: int, most: int) -> list[int]:
    """Game counts after which the run stops to judge: small pilots (a fifth of the pilot, then
    the pilot), the base, then doubling up to ``most``."""
    sizes = sorted({p for p in (pilot // 5, pilot) if p and p < base})
    size = base
    while True:
        sizes.append(size)
        if size >= most:
            return sizes
        size = min(most, size * 2)


def _chunk(total: int, workers: int, cost: int) -> int:
    """Games per task: a few tasks per worker, fewer games when each game is dear."""
    if workers <= 1:
        return max(1, total)
    return max(1, min(max(1, 400 // cost), -(-total // (workers * 4))))


class _Runner:
    """Plays batches of games through an executor, with a progress callback."""

    def __init__(self, spec: GameSpec, seed: int, executor: Executor, progress: Callable[[int, int], None] | None,
                 bot_options: dict[str, Any]):
        self.json = spec_json(spec)
        self.seed = seed
        self.executor = executor
        self.progress = progress
        self.options = tuple(sorted(bot_options.items()))
        self.planned = self.done = 0

    def run(self, wanted: list[tuple[Any, int, int, int, tuple[str, ...] | None, bool]], cost: int,
            keep_records: bool = False, audit: bool = True) -> dict[Any, list[GameSummary]]:
        """``wanted``: (key, players, start, stop, line-up, rotate). Returns key -> summaries in index order."""
        total = sum(stop - start for _, _, start, stop, _, _ in wanted)
        if not total:
            return {}
        executor = self.executor
        if total * cost < SMALL_BATCH:   # not worth shipping to other processes
            executor = SerialExecutor()
        size = _chunk(total, executor.workers, cost)
        tasks, keys = [], []
        for key, n, start, stop, lineup, rotate in wanted:
            for a in range(start, stop, size):
                tasks.append(Task(self.json, n, self.seed, a, min(stop, a + size), lineup, rotate,
                                  self.options, keep_records, audit, PLAYTEST_MOVE_CAP, str(key)))
                keys.append(key)
        self.planned += total
        if self.progress:
            self.progress(self.done, self.planned)

        def step(k: int) -> None:
            self.done += k
            if self.progress:
                self.progress(self.done, self.planned)

        results = executor.run(tasks, step)
        out: dict[Any, list[GameSummary]] = {}
        for key, res in zip(keys, results):
            out.setdefault(key, []).extend(res)
        return out


def features_of(spec: GameSpec, counts: Sequence[Tier1Count], limit: int = MAX_FEATURES) -> list[str]:
    """Optional rule features the INERT_RULE check can forbid: playing trumps (when the game has
    trumps or jokers), then the optional decisions random play met most often."""
    found: list[str] = []
    trumps = getattr(spec.setup, "trumps", None)
    if (trumps is not None and trumps.method != "none") or spec.deck.jokers:
        found.append("trumps")
    met: dict[str, int] = {}
    for c in counts:
        for name, k in c.phase_decisions().items():
            if name in OPTIONAL_PHASES:
                met[name] = met.get(name, 0) + k
    found += [f"phase:{name}" for name, _ in sorted(met.items(), key=lambda kv: (-kv[1], kv[0]))]
    return found[:limit]


def playtest(spec: GameSpec, games: int = 200, seed: int = 0, players: list[int] | None = None,
             bot: str = SENSIBLE_BOT, record_sink: Callable[[dict[str, Any]], None] | None = None, *,
             tier: int = 1, max_games: int | None = None, tier2_games: int = 100,
             tier2_max_games: int | None = None, rollouts: int = ROLLOUTS, max_rollouts: int = MAX_ROLLOUTS,
             pilot: int = 50, executor: Executor | None = None,
             progress: Callable[[int, int], None] | None = None, sequential: bool = True) -> Report:
    """Tier 1 (and with ``tier=2`` Tier 2) at each player count, judged (see the module's docstring).

    ``bot`` is the sensible players of Tier 1 (every seat); random players play beside them unless
    ``bot`` is itself ``random``, which then judges everything, as random self-play alone did.
    ``executor`` runs the games (default: this process); ``progress(done, planned)`` is called
    as games finish. ``sequential=False`` plays Tier 2 in full, every configuration to
    ``tier2_games`` before judging (the reference the sequential looks are tested against)."""
    settings = Settings(tier, games, max_games or 4 * games, tier2_games, tier2_max_games or 2 * tier2_games,
                        rollouts, max_rollouts, pilot)
    counts = players or list(spec.players.counts())
    own = executor is None
    ex = executor or SerialExecutor()
    try:
        runner = _Runner(spec, seed, ex, progress, {"rollouts": rollouts, "max_rollouts": max_rollouts})
        t1, rand, findings, notes = _tier1(runner, counts, settings, bot, record_sink is not None)
        findings.extend(dead_text(spec, [*t1, *(rand or [])]))
        if record_sink is not None:
            for c in [*t1, *(rand or [])]:
                for g in c.games:
                    if g.record is not None:
                        record_sink({**g.record, "bots": c.bot})
        report = Report(spec.naming.name, seed, bot, t1, findings.reasons, findings.warnings, settings=settings,
                        notes=notes, random=rand)
        if tier >= 2:
            if findings.reasons:
                report.notes.append("Tier 2 was not run: the game failed Tier 1.")
            else:
                t2, f2 = _tier2(runner, spec, report.random_counts, settings, sequential)
                report.tier2 = t2
                report.reasons += f2.reasons
                report.warnings += f2.warnings
        return report
    finally:
        if own:
            ex.close()


def _tier1(runner: _Runner, counts: Sequence[int], s: Settings, bot: str, keep_records: bool
           ) -> tuple[list[Tier1Count], list[Tier1Count] | None, Findings, list[str]]:
    """Tier 1 at every count: the sensible players' games and the random players' (None when
    ``bot`` is random: its games judge for both), played in stages side by side, each kind only
    as far as its own checks need (``Findings.escalate``); a rejection ends both (at a pilot, only
    one beyond doubt: ``Tier1Count.z``).
    Returns the two kinds' counts, their findings, and the notes on a verdict that depends on the
    players (``depends``)."""
    kinds = {BOTH: bot} if bot == "random" else {SENSIBLE: bot, RANDOM: "random"}
    most = max(s.games, s.max_games)
    stages = {SENSIBLE: _stages(s.games, s.pilot, most), BOTH: _stages(s.games, s.pilot, most)}
    share = min(s.games, max(s.pilot, round(s.games * RANDOM_SHARE)))
    stages[RANDOM] = _stages(share, s.pilot, max(share, round(most * RANDOM_SHARE)))
    games: dict[tuple[str, int], list[GameSummary]] = {(k, n): [] for k in kinds for n in counts}
    target = {key: stages[key[0]][0] for key in games}
    lineups = {k: None if b == "random" else (b, b) for k, b in kinds.items()}
    while True:
        wanted = [(key, key[1], len(games[key]), target[key], lineups[key[0]], lineups[key[0]] is not None)
                  for key in games if target[key] > len(games[key])]
        # a greedy game costs about twice a random one (measured: Hearts 1.6 s against 0.8 s a hundred)
        for key, res in runner.run(wanted, 1 if bot == "random" else 2, keep_records).items():
            games[key] += res
        judged = {key: Tier1Count(key[1], games[key], kinds[key[0]], key[0], s.games if key[0] != RANDOM else share)
                  for key in games}
        findings = Findings()
        verdicts = {key: c.judge() for key, c in judged.items()}
        for f in verdicts.values():
            findings.extend(f)
        if findings.reasons:
            break   # a rejection: at a pilot, one beyond doubt
        grown = False
        for key, c in judged.items():
            here = len(games[key])
            nxt = next((x for x in stages[key[0]] if x > here), None)
            if nxt is None:
                continue
            base = s.games if key[0] != RANDOM else share
            # Played by two kinds of players, a count whose pilot is clear of every line stops there
            # (``Tier1Count.clear``): the games go where a verdict is close. Random players may stop
            # sooner, once their games hold enough moves (``RANDOM_MOVES``).
            enough = here >= s.pilot or (key[0] == RANDOM and sum(g.moves for g in c.games) >= RANDOM_MOVES)
            if key[0] != BOTH and enough and c.clear(verdicts[key]):
                continue
            if here < base or "tier1" in verdicts[key].escalate:
                target[key] = nxt
                grown = True
        if not grown:
            break
    first = [judged[(next(iter(kinds)), n)] for n in counts]
    if bot == "random":
        return first, None, findings, []
    rand = [judged[(RANDOM, n)] for n in counts]
    return first, rand, findings, depends(first, rand)


def games_played(report: Report) -> int:
    """Every game a playtest simulated, Tier 1 (both kinds of players) and Tier 2: the budget it spent."""
    n = sum(len(c.games) for c in report.counts)
    if report.random is not None:
        n += sum(len(c.games) for c in report.random)
    for t in report.tier2 or []:
        n += sum(len(g) for g in t.games.values())
    return n


def depends(sensible: Sequence[Tier1Count], rand: Sequence[Tier1Count]) -> list[str]:
    """Notes on a verdict about length that random players would have reversed: the game ends (or
    fits the table-time limit) with sensible players and not with random ones, or the reverse."""
    notes = []
    for a, b in zip(sensible, rand):
        # Both at 95%: random players stop at a pilot once their own checks are clear, and a note
        # compares the two kinds' verdicts, so neither may be held to the stricter early interval.
        ours, theirs = a.judge(LENGTH_CODES, Z95).reasons, b.judge(LENGTH_CODES, Z95).reasons
        if {r.code for r in ours} == {r.code for r in theirs}:
            continue
        n = a.players
        if theirs and not ours:
            why = "; ".join(r.message for r in theirs)
            notes.append(f"With {n} players the verdict depends on the players: sensible players end a typical game "
                         f"in about {median(a.minutes()):.0f} minutes, but with random players {why}.")
        elif ours and not theirs:
            why = "; ".join(r.message for r in ours)
            notes.append(f"With {n} players the verdict depends on the players: with sensible players {why}, "
                         f"but random players end a typical game in about {median(b.minutes()):.0f} minutes.")
    return notes


def dead_rules(spec: GameSpec, counts: Sequence[Tier1Count]) -> list[PrintedRule]:
    """The printed rules of the game (``Phase.printed_rules``: a whole phase such as an exchange
    between hands, or a rule inside card play such as a special card or a set) that no move of any
    of these games used — an exchange in a game that never has a second hand, a special card never
    laid, sets in a game where only single cards are ever played. None found when a game failed
    (its games stopped short)."""
    from ..engine import Game

    games = [g for c in counts for g in c.games]
    if not games or any(g.outcome == "error" for g in games):
        return []
    met = {name for g in games for name in g.met}
    return [rule for phase in Game(spec).phases for rule in phase.printed_rules() if not met & rule.tags]


def dead_text(spec: GameSpec, counts: Sequence[Tier1Count]) -> Findings:
    """DEAD_TEXT: a warning for each of the ``dead_rules`` of every Tier-1 game, sensible or random."""
    out = Findings()
    dead = dead_rules(spec, counts)
    if dead:
        played = sum(len(c.games) for c in counts)
        most = max(c.players for c in counts)
        for rule in dead:
            out.warnings.append(Reason("DEAD_TEXT", f"the rule for {rule.text} never applied in any of the {played} "
                                       "games played (sensible and random players): a table would read a rule it "
                                       "never uses", most, None, 1, None))
    return out


def tier2_stages(s: Settings) -> list[int]:
    """Game counts after which Tier 2 stops to judge: an eighth (from 40 games), a quarter and a
    half of ``tier2_games`` (the looks at which a configuration already clear of every threshold
    stops, and a rejection beyond doubt ends the run: its interval at 99.9%, ``stats.Z_EARLY``,
    where the planned count judges at 95%), ``tier2_games`` itself, then doubling up to
    ``tier2_max_games`` for the configurations whose estimate sits on the wrong side of a
    threshold.

    The eighth is a sift of the trivial policies alone, before anything else is played: one that
    wins at most two of twelve games against strong players is as clearly below the dominance
    line as one that wins seven of twenty-five (the same Wilson bound), and at four players those
    games fill three seats with strong bots. No reason is taken there: a dozen games reject by
    chance too often (every look is another chance: at twelve games, one of three fair seats
    winning nine or more is about a one-in-a-hundred draw)."""
    base = s.tier2_games
    looks = {base // 8, base // 4, base // 2} if base >= 40 else {base // 4, base // 2} if base >= 20 else set()
    return sorted({x for x in looks if x} | set(_stages(base, 0, max(base, s.tier2_max_games))))


#: The configurations whose games give the report's figures (Order; the balance and the dead tail
#: of strong play): played on at least half of ``tier2_games``, however clear their thresholds.
FIGURES = (ORDER, STRONG)


def rejection_rank(tag: str) -> int:
    """Where a Tier-2 configuration comes in the first look: the likely rejections first. One
    strong bot among random bots (LUCK_ONLY) is the cheapest and the most common rejection, then
    a trivial policy among strong bots (DOMINANT_STRATEGY), then strong bots everywhere
    (SEAT_BIAS, EARLY_DECIDED); the INERT_RULE comparisons, which only ever warn, come last."""
    if tag == ORDER:
        return 0
    if tag.startswith("dominance:"):
        return 1
    if tag == STRONG:
        return 2
    return 3


def strong_cost(config: tuple[str, str], n: int) -> int:
    """A rough price of one game of a configuration, for putting the dearest work first (the
    workers then finish together): the strong bots at the table, each searching rollouts as long
    as the table is wide."""
    seats = lineup_of(config, n, 0)
    return n * sum(1 for b in seats if b.startswith("strong")) + 1


def _tier2(runner: _Runner, spec: GameSpec, t1: list[Tier1Count], s: Settings,
           sequential: bool = True) -> tuple[list[Tier2Count], Findings]:
    """Tier 2, in looks (``tier2_stages``). A configuration plays on to ``tier2_games`` unless the
    judgement says it is settled (clear of every threshold, ``Findings.settled``), and beyond it
    only while it is escalated; the run ends as soon as any configuration gives a reason (before
    ``tier2_games``, only a reason whose 99.9% interval is wholly across its line: ``Tier2Count.z``).

    The trivial policies are first sifted at an eighth of ``tier2_games`` (``tier2_stages``);
    then the first look is played in two waves, the likely rejections first (``rejection_rank``):
    a game that a cheap configuration already rejects does not pay for the others. Within a
    wave the dearest games go first, so that the workers finish together. Every game's seed
    depends only on its index, so neither the waves nor the order change a game; they only
    decide which games are played at all. The configurations that give the report's figures
    (``FIGURES``: Order, and strong play's balance and dead tail) are played on at least half of
    ``tier2_games`` however clear they are. Not ``sequential``: no early looks, no waves, and no
    configuration stops before ``tier2_games``."""
    features = features_of(spec, t1)
    stages = tier2_stages(s) if sequential else _stages(s.tier2_games, 0, max(s.tier2_games, s.tier2_max_games))
    configs = {c.players: tier2_configs(c.players, features, TRIVIAL) for c in t1}
    games: dict[tuple[int, str], list[GameSummary]] = {(n, tag): [] for n, cf in configs.items() for tag in cf}
    sift = stages[0] if sequential and stages[0] < s.tier2_games // 4 else None   # see ``tier2_stages``
    if sift is not None:
        stages = stages[1:]
    target = {key: stages[0] for key in games}

    def wanted(limit: dict[tuple[int, str], int]) -> list[tuple[Any, int, int, int, tuple[str, str], bool]]:
        """The games still to play up to ``limit``, the dearest first."""
        return sorted(((key, key[0], len(games[key]), limit[key], configs[key[0]][key[1]], True)
                       for key in limit if limit[key] > len(games[key])), key=lambda w: -strong_cost(w[4], w[1]))

    def counts() -> list[Tier2Count]:
        return [Tier2Count(n, configs[n], {tag: games[(n, tag)] for tag in configs[n]}, s.tier2_games) for n in configs]

    if sift is not None:
        trivial = {key: sift for key in games if rejection_rank(key[1]) == 1}
        for key, res in runner.run(wanted(trivial), cost=TIER2_COST, audit=False).items():
            games[key] += res
        for c in counts():
            settled = c.judge().settled   # its reasons are not taken: see ``tier2_stages``
            for tag in c.configs:
                if (c.players, tag) in trivial and tag in settled:
                    target[(c.players, tag)] = sift   # clearly beaten: played no further
    first = True
    while True:
        todo = wanted(target)
        waves = [[w for w in todo if rejection_rank(w[0][1]) <= 1], [w for w in todo if rejection_rank(w[0][1]) > 1]] \
            if first and sequential else [todo]
        first = False
        for wave in waves:
            if not wave:
                continue
            for key, res in runner.run(wave, cost=TIER2_COST, audit=False).items():
                games[key] += res
            tier2 = counts()
            findings = Findings()
            judged = {}
            for c in tier2:
                judged[c.players] = f = c.judge()
                findings.extend(f)
            if findings.reasons:
                return tier2, findings
        grown = False
        for key in games:
            here = len(games[key])
            nxt = next((x for x in stages if x > here), None)
            if nxt is None:
                continue
            verdict = judged[key[0]]
            # Order, and the strong games' balance and dead tail, are figures of the report and
            # of the quality score, not only thresholds: they stop no sooner than at half of
            # tier2_games, however clear they are.
            settled = sequential and key[1] in verdict.settled and not (key[1] in FIGURES and here < s.tier2_games // 2)
            if (here < s.tier2_games and not settled) or key[1] in verdict.escalate:
                target[key] = nxt
                grown = True
        if not grown:
            return tier2, findings


# The first cut's names, still used by older callers.
CountReport = Tier1Count


def judge(counts: list[Tier1Count]) -> tuple[list[Reason], list[Reason]]:
    """Reasons and warnings of Tier-1 results, per player count."""
    f = Findings()
    for c in counts:
        f.extend(c.judge())
    return f.reasons, f.warnings


__all__ = ["CountReport", "Findings", "GameSummary", "MAX_ROLLOUTS", "ROLLOUTS", "Reason", "Report", "Settings",
           "Tier1Count", "Tier2Count", "game_seed", "games_played", "judge", "play_one", "playtest", "wilson"]
