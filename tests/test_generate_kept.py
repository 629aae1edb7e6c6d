"""`parlour generate --playtest`: COUNT games that pass, reproducible one by one, the same on any
number of workers, and a clear stop at --max-drafts."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.spec import load_spec


@pytest.fixture
def run():
    runner = CliRunner()
    return lambda *args: runner.invoke(main, [str(a) for a in args])


def _summary(output: str) -> tuple[int, int, int, int, int]:
    m = re.search(r"drafts: (\d+) = (\d+) kept \((\d+) as drawn, (\d+) mended\) \+ (\d+) rejected", output)
    assert m, output
    return tuple(map(int, m.groups()))  # type: ignore[return-value]


@pytest.mark.slow
def test_each_game_kept_says_its_seed_and_is_drawn_again_from_it(run, tmp_path):
    """A kept game's provenance names its draft's seed and family; `generate --count 1` with that
    seed draws the same rules again (a mended game: the draft its mends start from)."""
    out = tmp_path / "kept"
    res = run("generate", "--family", "any", "--count", "2", "--seed", "40", "--playtest", "--games", "20",
              "--workers", "1", "--out", out)
    assert res.exit_code == 0, res.output
    for path in sorted(out.glob("*.yaml")):
        spec = load_spec(path)
        prov = spec.provenance
        assert prov is not None and prov.origin == "generated" and prov.family == "any"
        assert path.name.startswith(f"{prov.seed:06d}-")
        again = tmp_path / f"again-{prov.seed}"
        assert run("generate", "--family", "any", "--count", "1", "--seed", prov.seed, "--out", again).exit_code == 0
        draft = load_spec(next(again.glob("*.yaml")))
        data, draft_data = spec.rules().model_dump(), draft.rules().model_dump()
        for mend in prov.mends:  # the draft differs from the game kept only where a mend says so
            node, dnode = data, draft_data
            *head, last = mend.field.split(".")
            for key in head:
                node, dnode = node[key], dnode[key]
            assert dnode[last] == mend.draft and node[last] == mend.mended
            node[last] = dnode[last]
        assert data == draft_data
        # the provenance is a record, not a rule: the rulebook never prints it
        assert "provenance" not in path.with_suffix(".md").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_games_kept_do_not_depend_on_the_workers(run, tmp_path):
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}"
        res = run("generate", "--family", "any", "--count", "2", "--seed", "60", "--playtest", "--games", "20",
                  "--workers", workers, "--out", out)
        assert res.exit_code == 0, res.output
        outs.append({p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*") if p.is_file()})
    assert outs[0] == outs[1]


@pytest.mark.slow
def test_max_drafts_stops_the_run_with_the_games_kept(run, tmp_path):
    out = tmp_path / "few"
    # seed 2's three drafts: two kept, one rejected (seed 7's cost four times the CPU for the same check)
    res = run("generate", "--family", "any", "--count", "50", "--seed", "2", "--playtest", "--games", "20",
              "--max-drafts", "3", "--workers", "1", "--out", out)
    assert res.exit_code == 1, res.output
    drafts, kept, _, _, rejected = _summary(res.output)
    assert drafts == 3 and kept + rejected == 3 and kept >= 1 and rejected >= 1
    assert f"only {kept} of 50 games passed in 3 drafts (--max-drafts 3)" in res.output
    assert len(list(out.glob("*.yaml"))) == kept


def test_bad_use_of_the_drafts_options(run, tmp_path):
    res = run("generate", "--count", "2", "--max-drafts", "5", "--out", tmp_path / "x")
    assert res.exit_code == 2 and "--max-drafts" in res.output
    out = tmp_path / "clash"
    out.mkdir()
    (out / "000012-somewhere.yaml").write_text("x", encoding="utf-8")
    # draft 12 is one this run may reach: refused before anything is judged, nothing written
    res = run("generate", "--count", "1", "--seed", "10", "--playtest", "--games", "20", "--out", out)
    assert res.exit_code == 2 and "000012-somewhere.yaml" in res.output and "--force" in res.output
    assert sorted(p.name for p in out.iterdir()) == ["000012-somewhere.yaml"]


@pytest.mark.slow
def test_a_terminal_sees_the_games_kept_grow(tmp_path):
    """On a terminal (a pseudo-terminal here, with a width), a bar counts the games kept and the
    drafts judged while the run goes on, and is cleared before the summary."""
    import fcntl
    import os
    import pty
    import struct
    import subprocess
    import sys
    import termios
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    parent, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    proc = subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()", "generate",
                             "--count", "2", "--seed", "3", "--playtest", "--games", "20", "--workers", "1",
                             "--out", str(tmp_path / "out")], stdin=child, stdout=child, stderr=child,
                            cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(root)}, close_fds=True)
    os.close(child)
    seen = b""
    while True:
        try:
            chunk = os.read(parent, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    os.close(parent)
    assert proc.wait(timeout=120) == 0
    text = seen.decode("utf-8", "replace")
    assert "games kept:" in text and "2/2" in text and " judged, " in text
    assert text.rindex("games kept:") < text.index("kept 2 ")  # the bar is gone before the summary


def test_a_run_never_keeps_two_games_of_one_name():
    """Seeds 62 and 90 draw one village for trick-taking: in one run, the later draft is renamed,
    and the change is a mend of its draft (so the seed still draws it again)."""
    from generator.commands.generate import _own_name
    from generator.sample import sample_game

    first, second = sample_game(62, "trick-taking").spec, sample_game(90, "trick-taking").spec
    assert first.naming.name == second.naming.name
    taken: set[str] = set()
    kept, none = _own_name(first, taken)
    renamed, (mend,) = _own_name(second, taken)
    assert none == [] and kept == first
    assert renamed.naming.name != first.naming.name and renamed.rules().model_dump()["play"] == second.rules().model_dump()["play"]
    assert (mend.field, mend.draft, mend.mended) == ("naming.name", second.naming.name, renamed.naming.name)
    assert taken == {first.naming.name.casefold(), renamed.naming.name.casefold()}
