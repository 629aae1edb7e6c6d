"""The worked example of a rulebook, as the text prints it: the facts of the first hand of a real
game (``Example``: each seat's cards, the moves, the tricks, the scores), which
``generator.rulebook.example`` finds by playing the game and passes in. The text layer never plays
a game: it prints what it is given.

What follows is how the example is made (``generator/rulebook/example.py``).

A person learns a card game fastest by watching one hand. Writing that hand by hand would risk a
rule the engine does not follow; so the hand is *played*: ``worked_example`` plays the game of
its own seed (``example_seed``, from its name) as the playtest's ``play_one`` does (the greedy bot at every seat: sensible,
cheap, and the same game on every machine; ``parlour replay FILE --seed N --bot greedy`` shows the
same moves, N given in the book's appendix) and listens with the replay's narrator
(``generator.playtest.replay.Narrator``, the narration ``parlour replay`` prints), keeping what
the narrator tells about the first hand — each seat's cards, the decisions before card play, every
move, every trick and who took it, and the hand's scores — as plain facts. It stops when the
second hand begins, so a long game costs no more than its first hand.

The template (``templates/rules/example.md.j2``) prints these facts in the rulebook's prose; the
seed and the bots are kept in ``Example`` for an appendix line (``appendix``), never in the
reader's text. ``tests/test_example.py`` replays the same seed with ``parlour replay``'s code and
compares the facts.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field

from ..spec import GameSpec

#: The seed of the example game of a spec with no name to draw one from (``example_seed``).
EXAMPLE_SEED = 0
#: The bot at every seat: it plays each card for the trick or turn in hand, as a sensible
#: beginner does, and costs next to nothing (the strong bot would cost seconds a hand).
EXAMPLE_BOT = "greedy"
#: Tricks shown card by card: all of them, so that a reader can check the hand's score from what is
#: shown (a table of at most one row a trick).
TRICKS_SHOWN: int | None = None
#: Moves shown one by one in a family without tricks taken (turns of climbing, matching, melding):
#: enough for most first hands whole; a longer hand's rest is told in one line, with how it ended.
MOVES_SHOWN = 40
#: Decisions before card play shown one by one (bids, an auction, cards laid away …).
DECISIONS_SHOWN = 6


@dataclass
class Trick:
    seats: list[int]           # who played, in order (0-based seats)
    cards: list[str]           # what they played, in order (one entry per play; a set reads as one)
    taker: int | None          # the seat that took it; None: set aside
    why: str = ""              # a plain reason the taker won it, where the rules make it simple
    after: int = 0             # moves of card play made when it ended


@dataclass
class Move:
    seat: int
    words: str                 # the narrator's words without the seat ("plays 7 of hearts")
    card_play: bool            # a move of card play (else a decision before it: a bid, a lay-away …)
    decision: str = ""
    told: str = ""             # the move in the rules' terms, third person ("shows the duck"), if the phase tells it


@dataclass
class Example:
    """The first hand of the example game, as facts."""

    players: int
    seed: int
    bot: str
    dealer: int = 0
    hands: list[list[str]] = field(default_factory=list)   # each seat's cards at the start of play
    table: list[str] = field(default_factory=list)         # trumps, discard pile, kitty, rows (narrator's lines)
    moves: list[Move] = field(default_factory=list)
    tricks: list[Trick] = field(default_factory=list)
    tricks_taken: list[int] | None = None                   # per seat, in a trick-taking hand
    out: list[int] | None = None                            # seats in the order they went out (None: no going out)
    scores: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    game_over: bool = False                                 # the game ended with this hand
    by_tricks: bool = False                                 # the hand is told trick by trick
    explained: bool = False                                 # each trick's taker comes with a plain reason

    @property
    def before_play(self) -> list[Move]:
        return [m for m in self.moves if not m.card_play]

    @property
    def play(self) -> list[Move]:
        return [m for m in self.moves if m.card_play]

    def appendix(self) -> str:
        """The line an appendix may print for the curious (the reader's text never names the seed)."""
        return (f"The example hand is the first hand of game seed {self.seed} with {self.players} players, "
                f"{self.bot} players at every seat (parlour replay FILE --seed {self.seed} "
                f"--players {self.players} --bot {self.bot}).")


def example_seed(spec: GameSpec) -> int:
    """The seed of the game's example, drawn from its name: one seed for every game gave every game
    with the same pack nearly the same example deal, and a book of them looked machine-made; a seed
    from the name is still the same rulebook byte for byte (CRC-32, not ``hash``, which Python salts
    per process)."""
    name = spec.naming.name.strip()
    return zlib.crc32(name.encode("utf-8")) % 1000 if name else EXAMPLE_SEED


def example_players(spec: GameSpec) -> int:
    """The player count of the example: four when the game allows it (the table most rulebooks
    picture), else the allowed count nearest four."""
    counts = spec.players.counts()
    return min(counts, key=lambda n: (abs(n - 4), n))


__all__ = ["DECISIONS_SHOWN", "EXAMPLE_BOT", "EXAMPLE_SEED", "MOVES_SHOWN", "TRICKS_SHOWN", "Example", "Move", "Trick",
           "example_players", "example_seed"]
