"""The referee's driver: it plays many games with the engine (random legal play, seeded) and, at
every decision, asks the family's referee. A watcher reads the engine's state into what the
table sees (names of cards, the trick, the trump suit, bids announced); the referee, written from
the rulebook (``tests/referee/<family>.py``), must agree with the engine on every legal set, every
trick or pile, every hand's scores.

One watcher per family, found by the registry ``WATCHERS`` (each family's in its own module,
``watch_<family>.py``); a family without one is not refereed, and says so."""

from __future__ import annotations

import random
from importlib import import_module
from collections import Counter
from dataclasses import dataclass, field

from generator.engine.state import Game
from generator.sample import sample_game


@dataclass
class Tally:
    specs: int = 0
    games: int = 0
    moves: int = 0          # decisions whose legal set the referee checked
    tricks: int = 0         # tricks or piles whose winner it checked
    hands: int = 0          # hands whose scores it checked
    skipped: Counter = field(default_factory=Counter)   # parts not refereed, by name: how often met
    disagreements: list[str] = field(default_factory=list)

    def add(self, other: "Tally") -> None:
        self.specs += other.specs
        self.games += other.games
        self.moves += other.moves
        self.tricks += other.tricks
        self.hands += other.hands
        self.skipped.update(other.skipped)
        self.disagreements += other.disagreements


class Disagreement(Exception):
    """The referee and the engine differ; the game stops there (what follows would differ too)."""


#: Each refereed family: its referee (the rules, and ``NOT_REFEREED``) and its watcher.
REFEREES = {
    "trick-taking": ("tests.referee.trick_taking", "tests.referee.watch_trick_taking", "TrickWatcher"),
    "climbing": ("tests.referee.climbing", "tests.referee.watch_climbing", "ClimbWatcher"),
    "matching": ("tests.referee.matching", "tests.referee.watch_matching", "MatchWatcher"),
    "melding": ("tests.referee.melding", "tests.referee.watch_melding", "MeldWatcher"),
    "fishing": ("tests.referee.fishing", "tests.referee.watch_fishing", "FishWatcher"),
}
REFEREED = tuple(REFEREES)


def watcher_for(family: str):
    _, module, name = REFEREES[family]
    return getattr(import_module(module), name)


def not_refereed(family: str) -> dict[str, str]:
    """The parts of a family's games its referee leaves to the engine, each with the reason."""
    return import_module(REFEREES[family][0]).NOT_REFEREED


def referee_game(spec, players: int, seed: int, label: str = "", prefer=None) -> Tally:
    """Play one game with random legal moves (seeded by ``seed``), the referee checking every step.
    ``prefer``, a pattern, leans the play: four times in five a move whose words it finds is
    chosen, when there is one (to reach positions uniform play seldom does, as many builds)."""
    tally = Tally(games=1)
    watcher = watcher_for(spec.family)(spec, tally)
    state = Game(spec).new_initial_state(players, seed)
    rng = random.Random(seed)
    try:
        while not state.terminal:
            legal = state.legal_actions()
            watcher.check(state, legal)
            if prefer is not None:
                leaning = [a for a in legal if prefer.search(state.action_to_string(a))]
                if leaning and rng.random() < 0.8:
                    legal = leaning
            watcher.step(state, legal[rng.randrange(len(legal))])
    except Disagreement as e:
        tally.disagreements.append(f"{label} players={players} game seed={seed}: {e}")
    return tally


def referee_family(family: str, seeds, games_per_count: int = 1, where=None, prefer=None) -> Tally:
    """Sample a spec per seed from the family's sampler and referee games of it at every player count
    (only the specs ``where(spec)`` keeps, if given: a run aimed at some rules)."""
    total = Tally()
    for seed in seeds:
        spec = sample_game(seed, family=family).spec
        if where is not None and not where(spec):
            continue
        total.specs += 1
        for n in spec.players.counts():
            for g in range(games_per_count):
                total.add(referee_game(spec, n, 1000 * seed + 10 * n + g, f"{family} spec seed={seed}", prefer))
    return total


def referee_spec(spec, seeds, label: str = "", prefer=None) -> Tally:
    """Referee one spec (a real game's, say): a game at every player count for each seed."""
    total = Tally(specs=1)
    for seed in seeds:
        for n in spec.players.counts():
            total.add(referee_game(spec, n, seed, label, prefer))
    return total
