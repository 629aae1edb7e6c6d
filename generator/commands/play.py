"""`parlour play`: a game against the bots at the terminal (``generator.table``)."""

from __future__ import annotations

import sys

import click

from .common import InputError, load_checked


@click.command()
@click.argument("file", type=click.Path())
@click.option("--players", type=click.IntRange(2, 8), default=None, help="Player count  [default: the game's smallest]")
@click.option("--seat", type=int, default=1, show_default=True, help="Your seat (1 deals the first hand).")
@click.option("--bots", default="greedy", show_default=True, metavar="BOT[,BOT…]",
              help="The bots of the other seats: random, greedy or strong; one for all, or one per other seat in order.")
@click.option("--rollouts", type=click.IntRange(1, 1000), default=4, show_default=True,
              help="Strong bot: rollouts per action.")
@click.option("--max-rollouts", type=click.IntRange(2, 100_000), default=24, show_default=True,
              help="Strong bot: most rollouts per decision.")
@click.option("--seed", type=int, default=1, show_default=True, help="The game's seed (the deal and the bots).")
def play(file: str, players: int | None, seat: int, bots: str, rollouts: int, max_rollouts: int, seed: int) -> None:
    """Play FILE against the bots: your hand, the table and your moves, numbered; type a move's
    number (or its words), or a key: r the rules of the moment, s the score sheet, u undo, h a
    hint, q quit. The other players' moves are told as your seat may know them."""
    from rich.console import Console

    from ..table import Seating, SeatingError, Session
    from ..table.terminal import TerminalTable, line_reader, terminal_reader

    spec = load_checked(file)
    try:
        seating = Seating.build(spec, players, seat, bots, seed, rollouts, max_rollouts)
    except SeatingError as exc:
        field, _, why = str(exc).partition(": ")
        raise InputError(f"{file}: {exc}" if field == "players" else f"--{field.replace('_', '-')}: {why}") from None
    stdin = sys.stdin
    interactive = stdin.isatty() and sys.stdout.isatty()
    console = Console(file=sys.stdout, highlight=False,
                      force_terminal=None if interactive else False)
    read = terminal_reader() if interactive else line_reader(stdin)
    TerminalTable(Session(spec, seating), console, read).run()
