"""The ``parlour`` command: generate, check, render, playtest, schema.

Exit codes: 0 success; 1 a playtest verdict of reject or a failed check; 2 bad input (a spec
file that cannot be read, is malformed or contradicts itself, or a file that would be overwritten).
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path

import click

from .checks import check_spec
from .spec import GameSpec, SpecError, dump_json, dump_yaml, json_schema, load_spec, write_new

FAMILIES = ("trick-taking",)


class InputError(click.ClickException):
    """Bad input: a clear message and exit code 2."""

    exit_code = 2

    def show(self, file=None) -> None:  # noqa: ANN001 - click's signature
        click.echo(f"parlour: {self.format_message()}", err=True)


def _load_checked(path: str) -> GameSpec:
    """Load a spec and refuse it (exit 2) if it fails a static check."""
    try:
        spec = load_spec(path)
    except SpecError as exc:
        raise InputError(str(exc)) from None
    problems = check_spec(spec)
    if problems:
        first = problems[0]
        more = f" (and {len(problems) - 1} more; see 'parlour check')" if len(problems) > 1 else ""
        raise InputError(f"{path}: {first.field}: {first.message}"
                         f"{f' with {first.players} players' if first.players else ''} [{first.code}]{more}")
    return spec


def _write(path: Path, text: str, force: bool) -> None:
    try:
        write_new(path, text, overwrite=force)
    except FileExistsError as exc:
        raise InputError(str(exc)) from None


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="parlour")
def main() -> None:
    """Parlour: invent card games, print their rulebooks, and playtest them with bots."""


@main.command()
@click.option("--family", type=click.Choice(FAMILIES), default="trick-taking", show_default=True)
@click.option("--count", type=click.IntRange(1, 100_000), default=10, show_default=True)
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the whole run; game i uses seed+i.")
@click.option("--players", type=click.IntRange(2, 8), default=None, help="Only games playable by this many.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="output", show_default=True)
@click.option("--force", is_flag=True, help="Replace files that already exist.")
def generate(family: str, count: int, seed: int, players: int | None, out_dir: str, force: bool) -> None:
    """Generate COUNT new games: a spec (YAML) and a Markdown rulebook for each."""
    from .sample import sample_game
    from .text import render_markdown

    start = time.perf_counter()
    out = Path(out_dir)
    files: list[tuple[Path, str]] = []
    redraws: Counter[str] = Counter()
    total_redraws = 0
    for i in range(count):
        sampled = sample_game(seed + i, family=family, players=players)
        total_redraws += sampled.redraws
        redraws.update(sampled.rejected)
        stem = f"{seed + i:06d}-{_slug(sampled.spec.naming.name)}"
        files.append((out / f"{stem}.yaml", dump_yaml(sampled.spec)))
        files.append((out / f"{stem}.md", render_markdown(sampled.spec)))
    if not force:  # check everything before writing anything
        clash = [p for p, _ in files if p.exists()]
        if clash:
            raise InputError(f"{clash[0]}: already exists ({len(clash)} files would be replaced; use --force)")
    for path, text in files:
        _write(path, text, force=True)
    secs = time.perf_counter() - start
    click.echo(f"wrote {count} {family} games to {out}/ in {secs:.1f} s "
               f"({total_redraws} drafts redrawn for failing a static check"
               + (": " + ", ".join(f"{c} {k}" for k, c in redraws.most_common()) if redraws else "") + ")")


def _slug(name: str) -> str:
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join("".join(ch if ch.isalnum() else " " for ch in plain.lower()).split()) or "game"


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
def check(files: tuple[str, ...]) -> None:
    """Static checks (Tier 0) on spec files: exit 2 if any file fails."""
    failed = 0
    for path in files:
        try:
            spec = load_spec(path)
        except SpecError as exc:
            click.echo(f"FAIL {exc}", err=True)
            failed += 1
            continue
        problems = check_spec(spec)
        if not problems:
            click.echo(f"ok   {path}: {spec.naming.name}")
            continue
        failed += 1
        for p in problems:
            at = f" with {p.players} players" if p.players else ""
            click.echo(f"FAIL {path}: {p.field}: {p.message}{at} [{p.code}]", err=True)
    if failed:
        sys.exit(2)


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["md", "yaml", "json"]), default="md", show_default=True)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default=None,
              help="Write one file per game here instead of printing.")
@click.option("--force", is_flag=True, help="Replace files that already exist.")
def render(files: tuple[str, ...], fmt: str, out_dir: str | None, force: bool) -> None:
    """Render specs as rulebooks (Markdown), or normalise them as YAML or JSON."""
    from .text import render_markdown

    specs = [(path, _load_checked(path)) for path in files]
    outputs = []
    for path, spec in specs:
        text = {"md": render_markdown, "yaml": dump_yaml, "json": dump_json}[fmt](spec)
        outputs.append((Path(path), text))
    if out_dir is None:
        click.echo("\n".join(text for _, text in outputs), nl=False)
        return
    targets = [(Path(out_dir) / f"{p.stem}.{fmt}", text) for p, text in outputs]
    if not force and any(t.exists() for t, _ in targets):
        raise InputError(f"{next(t for t, _ in targets if t.exists())}: already exists (use --force)")
    for target, text in targets:
        _write(target, text, force=True)
        click.echo(f"wrote {target}")


@main.command()
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
    from .playtest import playtest as run
    from .playtest.report import format_report

    spec = _load_checked(file)
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
        _write(Path(records), "\n".join(lines) + "\n", force=True)
    if as_json:
        click.echo(json.dumps(report.as_dict(), ensure_ascii=False, indent=2))
    else:
        click.echo(format_report(report, secs))
    if report.verdict != "pass":
        sys.exit(1)


@main.command()
@click.option("--out", "out_file", type=click.Path(dir_okay=False), default=None)
@click.option("--force", is_flag=True)
def schema(out_file: str | None, force: bool) -> None:
    """Print (or write) the JSON Schema of the game spec."""
    text = json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"
    if out_file is None:
        click.echo(text, nl=False)
    else:
        _write(Path(out_file), text, force)


if __name__ == "__main__":  # pragma: no cover
    main()
