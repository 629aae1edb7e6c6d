"""`parlour replay`: one playtest game again, move by move."""

from __future__ import annotations

import click
from click.core import ParameterSource

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

    if bots is not None and click.get_current_context().get_parameter_source("bot") is not ParameterSource.DEFAULT:
        raise InputError("--bot and --bots: give one of them (--bot puts one bot at every seat, --bots names "
                         "the bot of each seat)")
    spec = load_checked(file)
    n = players if players is not None else spec.players.min
    if n not in spec.players.counts():
        raise InputError(f"{file}: players: {spec.naming.name} is {spec.players.phrase()}, not {n}")
    lineup = None
    if bots is not None:
        lineup = [b.strip() for b in bots.split(",")]
        for b in lineup:   # a name mistyped first: it also makes the count look wrong
            problem = lineup_problem(b)
            if problem:
                raise InputError(f"--bots: {problem}")
        if len(lineup) != n:
            raise InputError(f"--bots: {len(lineup)} bot{'' if len(lineup) == 1 else 's'} for {n} players "
                             f"(one a seat{'' if players is not None else '; --players sets the count'})")
    elif bot != "random":
        lineup = [bot] * n
    options = {"rollouts": rollouts or ROLLOUTS, "max_rollouts": max_rollouts or MAX_ROLLOUTS}
    game = Game(spec, audit=lineup is None, move_cap=PLAYTEST_MOVE_CAP)
    run(game, n, seed, lineup, options, emit=click.echo)   # each line as it is played
