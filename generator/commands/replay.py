"""`parlour replay`: one playtest game again, move by move."""

from __future__ import annotations

import click

from .common import InputError, load_checked


@click.command()
@click.argument("file", type=click.Path())
@click.option("--seed", type=int, required=True, help="The game's seed (as a playtest reason gives it).")
@click.option("--players", type=click.IntRange(2, 8), default=None,
              help="Player count  [default: the game's smallest]")
@click.option("--bot", type=click.Choice(["random", "greedy", "strong", "highest", "lowest", "greedy-points"]),
              default="random", show_default=True, help="The bot at every seat (random: as Tier 1 plays).")
@click.option("--bots", default=None, metavar="B1,B2,…",
              help="One bot per seat, as a Tier-2 reason gives them (e.g. strong,random,random,random).")
@click.option("--rollouts", type=click.IntRange(1, 1000), default=None, help="Strong bot: rollouts per action  [default: 4]")
@click.option("--max-rollouts", type=click.IntRange(2, 100_000), default=None,
              help="Strong bot: most rollouts per decision  [default: 24]")
def replay(file: str, seed: int, players: int | None, bot: str, bots: str | None, rollouts: int | None,
           max_rollouts: int | None) -> None:
    """Print the game of this seed move by move: the deal, every card, every trick, the scores."""
    from ..bots import lineup_problem
    from ..engine import Game
    from ..playtest import MAX_ROLLOUTS, ROLLOUTS
    from ..playtest.replay import replay as run
    from ..playtest.runner import PLAYTEST_MOVE_CAP

    spec = load_checked(file)
    n = players if players is not None else spec.players.min
    if n not in spec.players.counts():
        raise InputError(f"{file}: players: {spec.naming.name} is for {spec.players.min} to "
                         f"{spec.players.max} players, not {n}")
    lineup = None
    if bots:
        lineup = [b.strip() for b in bots.split(",")]
        if len(lineup) != n:
            raise InputError(f"--bots: {len(lineup)} bots for {n} players")
        for b in lineup:
            problem = lineup_problem(b)
            if problem:
                raise InputError(f"--bots: {problem}")
    elif bot != "random":
        lineup = [bot] * n
    options = {"rollouts": rollouts or ROLLOUTS, "max_rollouts": max_rollouts or MAX_ROLLOUTS}
    game = Game(spec, audit=lineup is None, move_cap=PLAYTEST_MOVE_CAP)
    lines, _ = run(game, n, seed, lineup, options)
    click.echo("\n".join(lines))
