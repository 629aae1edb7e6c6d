"""`parlour playtest`: play a game many times and judge it."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import click

from .common import InputError, load_checked, write_file


@click.command()
@click.argument("file", type=click.Path())
@click.option("--games", type=click.IntRange(1, 1_000_000), default=200, show_default=True,
              help="Games at each player count.")
@click.option("--seed", type=int, default=0, show_default=True)
@click.option("--players", type=click.IntRange(2, 8), default=None, help="Only this player count.")
@click.option("--bot", type=click.Choice(["random", "greedy"]), default="random", show_default=True)
@click.option("--records", type=click.Path(dir_okay=False), default=None,
              help="Write one JSON line per game to this file.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--force", is_flag=True, help="Replace the records file if it exists.")
def playtest(file: str, games: int, seed: int, players: int | None, bot: str, records: str | None,
             as_json: bool, force: bool) -> None:
    """Play GAMES games at each allowed player count and judge the game (Tier 1)."""
    from ..playtest import playtest as run
    from ..playtest.report import format_report

    spec = load_checked(file)
    if players is not None and players not in spec.players.counts():
        raise InputError(f"{file}: players: {spec.naming.name} is for {spec.players.min} to "
                         f"{spec.players.max} players, not {players}")
    if records and Path(records).exists() and not force:
        raise InputError(f"{records}: already exists (use --force)")
    lines: list[str] = []
    sink = (lambda rec: lines.append(json.dumps(rec, ensure_ascii=False))) if records else None
    start = time.perf_counter()
    report = run(spec, games=games, seed=seed, players=[players] if players else None, bot=bot, record_sink=sink)
    secs = time.perf_counter() - start
    if records:
        write_file(Path(records), "\n".join(lines) + "\n", force=True)
    if as_json:
        click.echo(json.dumps(report.as_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(format_report(report, secs))
    if report.verdict != "pass":
        sys.exit(1)
