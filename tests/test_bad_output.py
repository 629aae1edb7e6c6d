"""Holding under bad output (issue 16): an output that cannot be written, a bad bot name, one bad
file in a batch, and an interrupted run each give exit 2 (or 130/143) with one line naming the
file, and leave no half-written game and no temporary file behind."""

from __future__ import annotations

import errno
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator import output
from generator.cli import main
from tests.conftest import ROOT, WHIST, whist_data
from tests.test_import import GENERAL


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)
    return invoke


def temp_files(folder: Path) -> list[Path]:
    return [p for p in folder.rglob("*") if p.name.endswith(".tmp")]


def error_line(res) -> str:
    """The one line the command ends with; no traceback before it."""
    assert "Traceback" not in res.output
    lines = [x for x in res.output.splitlines() if x.startswith("parlour: ")]
    assert len(lines) == 1, res.output
    return lines[0]


def bad_spec(tmp_path: Path, name: str = "big.yaml") -> str:
    data = whist_data()
    data["deal"]["hand_size"] = 14   # 56 cards from 52: DEAL_IMPOSSIBLE
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data), encoding="utf-8")
    return str(p)


def good_spec(tmp_path: Path, name: str) -> str:
    p = tmp_path / name
    p.write_text(WHIST.read_text(encoding="utf-8"), encoding="utf-8")
    return str(p)


# -- 1. every writing command, when its output cannot be written ----------------------------------

def _rulebook(tmp_path: Path) -> Path:
    from generator.spec import load_spec
    from generator.rulebook import render_markdown

    p = tmp_path / "whist.md"
    p.write_text(render_markdown(load_spec(WHIST)), encoding="utf-8")
    return p


def _book_text(tmp_path: Path) -> Path:
    p = tmp_path / "book.txt"
    p.write_text(GENERAL, encoding="utf-8")
    return p


#: Each writing command, given the folder it must write in.
COMMANDS = {
    "render-md": lambda t, d: ("render", WHIST, "--out", d),
    "render-html": lambda t, d: ("render", WHIST, "--format", "html", "--out", d),
    "render-pdf": lambda t, d: ("render", WHIST, "--format", "pdf", "--out", d),
    "parse": lambda t, d: ("parse", _rulebook(t), "--out", d / "whist.yaml"),
    "generate": lambda t, d: ("generate", "--count", "2", "--out", d),
    "playtest-records": lambda t, d: ("playtest", WHIST, "--games", "10", "--workers", "1", "--records",
                                      d / "games.jsonl"),
    "book": lambda t, d: ("book", WHIST, "--no-playtest", "--out", d / "book.pdf"),
    "book-html": lambda t, d: ("book", WHIST, "--no-playtest", "--html", "--out", d / "book.html"),
    "import": lambda t, d: ("import", _book_text(t), "--no-judge", "--out", d),
    "schema": lambda t, d: ("schema", "--out", d / "schema.json"),
}


def _read_only(tmp_path: Path, monkeypatch) -> Path:
    """A folder that cannot be written in: chmod 0o555, or, where that does not stop writes (as
    root), the same refusal simulated where files are created."""
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    probe = folder / "probe"
    try:
        probe.touch()
    except PermissionError:
        return folder
    probe.unlink()

    def refuse(path: Path):
        raise PermissionError(errno.EACCES, "Permission denied", str(path))
    monkeypatch.setattr(output, "_make_temp", refuse)
    return folder


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_read_only_output_folder(run, tmp_path, monkeypatch, command):
    folder = _read_only(tmp_path, monkeypatch)
    try:
        res = run(*COMMANDS[command](tmp_path, folder))
        assert res.exit_code == 2, res.output
        line = error_line(res)
        assert str(folder) in line and f"no permission to write in {folder}" in line
        assert list(folder.iterdir()) == []
    finally:
        folder.chmod(0o755)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_a_parent_of_the_output_is_a_file(run, tmp_path, command):
    blocker = tmp_path / "afile"
    blocker.write_text("not a folder", encoding="utf-8")
    res = run(*COMMANDS[command](tmp_path, blocker / "out"))
    assert res.exit_code == 2, res.output
    assert f"cannot write: {blocker} is a file, not a folder" in error_line(res)
    assert blocker.read_text(encoding="utf-8") == "not a folder"


def test_parse_into_a_file_names_it(run, tmp_path):
    """`parse --out afile/x.yaml` printed a bare "[Errno 17] File exists"."""
    blocker = tmp_path / "afile"
    blocker.write_text("", encoding="utf-8")
    res = run("parse", _rulebook(tmp_path), "--out", blocker / "x.yaml")
    assert res.exit_code == 2
    assert error_line(res) == f"parlour: {blocker / 'x.yaml'}: cannot write: {blocker} is a file, not a folder"


def _disk_full_after(monkeypatch, files_ok: int) -> None:
    """The disk fills up after ``files_ok`` files: writing the next raises ENOSPC."""
    real = output._fill
    calls = [0]

    def fill(fd: int, raw: bytes) -> None:
        calls[0] += 1
        if calls[0] > files_ok:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd, raw)
    monkeypatch.setattr(output, "_fill", fill)


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_disk_full(run, tmp_path, monkeypatch, command):
    folder = tmp_path / "out"
    _disk_full_after(monkeypatch, 0)
    res = run(*COMMANDS[command](tmp_path, folder))
    assert res.exit_code == 2, res.output
    line = error_line(res)
    assert str(folder) in line and "no space left on the disk" in line
    assert temp_files(tmp_path) == []
    assert not folder.exists() or list(folder.rglob("*")) == []   # the folders it made are gone too


def test_disk_full_half_way_keeps_whole_games(run, tmp_path, monkeypatch):
    out = tmp_path / "out"
    _disk_full_after(monkeypatch, 5)   # two games and the spec of the third; its rulebook fails
    res = run("generate", "--count", "6", "--out", out)
    assert res.exit_code == 2
    line = error_line(res)
    assert "no space left on the disk" in line and "2 of 6 games written before it" in line
    assert sorted(p.suffix for p in out.iterdir()) == [".md", ".md", ".yaml", ".yaml"]
    assert temp_files(tmp_path) == []


# -- the writing module itself ---------------------------------------------------------------------

def test_a_set_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    a, b = tmp_path / "a.txt", tmp_path / "sub" / "b.txt"
    real = os.replace
    calls = [0]

    def replace(src, dst):
        calls[0] += 1
        if calls[0] == 2:
            raise OSError(errno.EIO, "Input/output error")
        real(src, dst)
    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(output.WriteError, match=r"b\.txt: cannot write: Input/output error \(EIO\)"):
        output.write_files([(a, "one"), (b, "two")])
    assert list(tmp_path.rglob("*")) == []   # a.txt taken back, sub/ removed, no temporary file


def test_existing_files_are_refused_before_anything_is_written(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    b.write_text("old", encoding="utf-8")
    with pytest.raises(output.WriteError, match="b.txt: already exists"):
        output.write_files([(a, "one"), (b, "two")])
    assert not a.exists() and b.read_text(encoding="utf-8") == "old"
    output.write_files([(a, "one"), (b, "two")], overwrite=True)
    assert b.read_text(encoding="utf-8") == "two" and oct(a.stat().st_mode & 0o777) != "0o600"


def test_a_signal_during_a_write_waits_for_the_set(tmp_path, monkeypatch):
    """Ctrl-C arriving while a game's files are written stops the run after them, not between."""
    real = output._fill
    sent = []

    def fill(fd: int, raw: bytes) -> None:
        if not sent:
            sent.append(True)
            os.kill(os.getpid(), signal.SIGINT)
        real(fd, raw)
    monkeypatch.setattr(output, "_fill", fill)
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # a test runner may ignore Ctrl-C
    try:
        with pytest.raises(KeyboardInterrupt):
            output.write_files([(tmp_path / "g.yaml", "spec"), (tmp_path / "g.md", "rulebook")])
    finally:
        signal.signal(signal.SIGINT, before)
    assert sent and sorted(p.name for p in tmp_path.iterdir()) == ["g.md", "g.yaml"]


# -- 2. bot names ----------------------------------------------------------------------------------

@pytest.mark.parametrize("bots, named", [
    ("strong-without:foo,random,random,random", "unknown feature 'foo'"),
    ("strong,randm,random,random", "unknown bot 'randm'"),
])
def test_replay_refuses_an_unknown_bot_or_feature(run, bots, named):
    res = run("replay", WHIST, "--seed", "1", "--players", "4", "--bots", bots)
    assert res.exit_code == 2, res.output
    line = error_line(res)
    assert line.startswith("parlour: --bots: ") and named in line
    assert "engine error" not in res.output
    if "feature" in named:
        assert "trumps" in line and "phase:call-trumps" in line
    else:
        assert "random, greedy, strong" in line


def test_replay_takes_a_feature_the_playtest_names(run):
    res = run("replay", WHIST, "--seed", "1", "--players", "4", "--bots", "strong-without:trumps,random,random,random",
              "--rollouts", "1", "--max-rollouts", "2")
    assert res.exit_code == 0 and "engine error" not in res.output


# -- 3. one bad file in a batch --------------------------------------------------------------------

def test_render_renders_every_good_file_and_names_each_bad_one(run, tmp_path):
    a, c = good_spec(tmp_path, "a.yaml"), good_spec(tmp_path, "c.yaml")
    b, d = bad_spec(tmp_path, "b.yaml"), str(tmp_path / "missing.yaml")
    out = tmp_path / "out"
    res = run("render", a, b, c, d, "--out", out)
    assert res.exit_code == 2
    assert sorted(p.name for p in out.iterdir()) == ["a.md", "c.md"]
    assert f"{b}: deal.hand_size:" in res.output and f"{d}: no such file" in res.output
    assert res.output.strip().splitlines()[-1] == f"parlour: 2 of 4 files not rendered (each named above): {b}, {d}"
    printed = run("render", a, b)   # to standard output: the good one printed, exit 2
    assert printed.exit_code == 2 and "# Whist" in printed.stdout and "b.yaml" in printed.stderr


def test_playtest_plays_every_good_file_and_names_each_bad_one(run, tmp_path):
    a, b = good_spec(tmp_path, "a.yaml"), bad_spec(tmp_path, "b.yaml")
    res = run("playtest", a, b, "--games", "10", "--workers", "1")
    assert res.exit_code == 2
    assert "verdict: pass" in res.stdout and f"{b}: deal.hand_size:" in res.stderr
    assert res.stderr.strip().splitlines()[-1].startswith("parlour: 1 of 2 files not playtested")


def test_check_names_each_bad_file(run, tmp_path):
    a, b, c = good_spec(tmp_path, "a.yaml"), bad_spec(tmp_path, "b.yaml"), bad_spec(tmp_path, "c.yaml")
    res = run("check", a, b, c)
    assert res.exit_code == 2 and f"ok   {a}" in res.output
    assert f"FAIL {b}: deal.hand_size" in res.output and f"FAIL {c}: deal.hand_size" in res.output


def test_a_book_with_bad_games_names_them_all_and_writes_nothing(run, tmp_path):
    a, b, c = good_spec(tmp_path, "a.yaml"), bad_spec(tmp_path, "b.yaml"), bad_spec(tmp_path, "c.yaml")
    book = tmp_path / "book.pdf"
    res = run("book", a, b, c, "--no-playtest", "--out", book)
    assert res.exit_code == 2 and not book.exists()
    assert f"{b}: deal.hand_size" in res.output and f"{c}: deal.hand_size" in res.output
    assert "2 of 3 files cannot go in the book; nothing written" in res.output


# -- 4. interrupted runs ---------------------------------------------------------------------------

def _interrupt_on_call(monkeypatch, target: str, call: int) -> None:
    """Ctrl-C on the ``call``-th call of ``target`` (module:attribute)."""
    import importlib

    module, name = target.split(":")
    mod = importlib.import_module(module)
    real = getattr(mod, name)
    calls = [0]

    def wrapped(*args, **kwargs):
        calls[0] += 1
        if calls[0] == call:
            raise KeyboardInterrupt
        return real(*args, **kwargs)
    monkeypatch.setattr(mod, name, wrapped)


def test_generate_interrupted_keeps_whole_games_and_says_how_many(run, tmp_path, monkeypatch):
    _interrupt_on_call(monkeypatch, "generator.rulebook:render_markdown", 4)
    out = tmp_path / "out"
    res = run("generate", "--count", "10", "--out", out)
    assert res.exit_code == 130
    assert error_line(res) == f"parlour: interrupted (Ctrl-C); 3 of 10 games written to {out}/, each one whole"
    assert sorted(p.suffix for p in out.iterdir()) == [".md"] * 3 + [".yaml"] * 3


def test_render_interrupted_says_how_many_files_it_wrote(run, tmp_path, monkeypatch):
    _interrupt_on_call(monkeypatch, "generator.commands.render:_render_one", 2)
    out = tmp_path / "out"
    specs = [good_spec(tmp_path, f"{x}.yaml") for x in "abc"]
    res = run("render", *specs, "--format", "html", "--out", out)
    assert res.exit_code == 130
    assert error_line(res) == f"parlour: interrupted (Ctrl-C); 1 of 3 files written to {out}/"
    assert sorted(p.name for p in out.iterdir()) == ["a.html", "fonts"] and temp_files(tmp_path) == []


def test_import_interrupted_writes_nothing(run, tmp_path, monkeypatch):
    _interrupt_on_call(monkeypatch, "generator.importer.judge:judge_spec", 2)
    out = tmp_path / "out"
    res = run("import", _book_text(tmp_path), "--out", out, "--games", "5")
    assert res.exit_code == 130 and "nothing written" in error_line(res)
    assert not out.exists()


def _first_game(out: Path, proc: subprocess.Popen, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if out.is_dir() and any(p.suffix == ".md" for p in out.iterdir()):
            return
        if proc.poll() is not None:
            pytest.fail(f"generate ended before its first game was written: {proc.communicate()}")
        time.sleep(0.01)
    proc.kill()
    pytest.fail(f"no game written within {timeout} s")


def _ctrl_c_as_a_terminal_gives_it() -> None:
    """A child inherits an ignored SIGINT (a test runner's worker may ignore it), and Python then
    never raises KeyboardInterrupt; give the run the default a terminal would."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
@pytest.mark.parametrize("sig, code, word", [(signal.SIGINT, 130, "interrupted (Ctrl-C)"),
                                             (signal.SIGTERM, 143, "terminated (SIGTERM)")])
def test_generate_stopped_by_a_signal(tmp_path, sig, code, word):
    """A real signal to a real run: once its first game is on disk, stop it, and find every game
    whole, no temporary file, and the message counting the games. 3,000 games take far longer
    than the signal needs to arrive, so the run is still going when it does."""
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", "from generator.cli import main; main()", "generate",
                             "--count", "3000", "--out", str(out)], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_ctrl_c_as_a_terminal_gives_it)
    try:
        _first_game(out, proc, timeout=120)
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == code, err
    specs = {p.stem for p in out.glob("*.yaml")}
    rulebooks = {p.stem for p in out.glob("*.md")}
    assert specs and specs == rulebooks
    assert temp_files(out) == [] and not [p for p in out.iterdir() if p.name.startswith(".")]
    m = re.search(rf"parlour: {re.escape(word)}; (\d+) of 3000 games written to ", err)
    assert m and int(m.group(1)) == len(specs), err
    assert "Traceback" not in err


def test_an_interrupted_pool_ends_its_workers_instead_of_waiting():
    """A book's playtests run minutes each; Ctrl-C must not wait for them."""
    from generator.workers import process_pool

    with pytest.raises(KeyboardInterrupt):
        with process_pool(1) as pool:
            task = pool.submit(time.sleep, 120)
            deadline = time.monotonic() + 60
            while not task.running() and time.monotonic() < deadline:
                time.sleep(0.01)
            assert task.running()
            workers = list(pool._processes.values())
            raise KeyboardInterrupt
    # the block is left with its worker ended, not awaited: the task never finished
    assert workers and not any(w.is_alive() for w in workers)
    assert all(w.exitcode is not None and w.exitcode != 0 for w in workers)
    assert task.cancelled() or task.exception(timeout=60) is not None


# -- issue 32: two targets of one run, a book that cannot be, news on long runs -----------------------


def test_render_refuses_two_inputs_written_to_one_file(run, tmp_path):
    """The clash check looked only at files on disk: d1/g.yaml and d2/g.yaml both went to OUT/g.md."""
    a, b = tmp_path / "d1" / "g.yaml", tmp_path / "d2" / "g.yaml"
    for p in (a, b):
        p.parent.mkdir()
        good_spec(p.parent, p.name)
    out = tmp_path / "coll"
    res = run("render", a, b, "--format", "md", "--out", out)
    assert res.exit_code == 2
    assert error_line(res) == (f"parlour: {out / 'g.md'}: both {a} and {b} would be written to it (rename one, "
                               f"render them to different folders, or use --force to keep the last)")
    assert not out.exists()
    res = run("render", a, a, "--out", out)
    assert res.exit_code == 2 and "given twice" in error_line(res) and not out.exists()
    res = run("render", a, b, "--out", out, "--force")
    assert res.exit_code == 0, res.output
    assert [p.name for p in out.iterdir()] == ["g.md"]


def test_generate_book_without_playtest_is_refused_up_front(run, tmp_path):
    """Drafts not judged mostly fail the book's own playtest: the book came out empty."""
    out = tmp_path / "out"
    res = run("generate", "--count", "2", "--out", out, "--book", tmp_path / "b.pdf")
    assert res.exit_code == 2
    assert error_line(res).startswith("parlour: --book: only with --playtest")
    assert not out.exists() and not (tmp_path / "b.pdf").exists()


@pytest.mark.parametrize("book", ["x" * 300 + ".pdf", "sub/" + "y" * 250 + ".pdf"])
def test_a_book_name_too_long_is_found_before_any_game(run, tmp_path, book):
    out = tmp_path / "out"
    res = run("generate", "--playtest", "--count", "1", "--games", "2", "--out", out, "--book", tmp_path / book)
    assert res.exit_code == 2
    assert error_line(res).endswith("cannot write: a name in the path is too long")
    assert not out.exists()


def test_a_book_folder_refusing_files_is_found_before_any_game(run, tmp_path, monkeypatch):
    """Permission bits say nothing to root, nor of a read-only mount: a file is tried there first."""
    import tempfile

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")
    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    out = tmp_path / "out"
    for args in (("generate", "--playtest", "--count", "1", "--games", "2", "--out", out),
                 ("evolve", "--out", out, "--initial", "1", "--generations", "0")):
        res = run(*args, "--book", tmp_path / "b.pdf")
        assert res.exit_code == 2
        assert error_line(res) == f"parlour: {tmp_path / 'b.pdf'}: cannot write: the file system is read-only"
        assert not out.exists()


@pytest.mark.parametrize("args, says", [
    (("book", WHIST, "--no-playtest", "--out", "x.md"), "x.md: the book is a PDF: name it .pdf"),
    (("book", WHIST, "--no-playtest", "--out", "x.html"), "or give --html for an HTML page"),
    (("book", WHIST, "--no-playtest", "--html", "--out", "x.pdf"), "with --html the book is an HTML page"),
    (("generate", "--playtest", "--out", "o", "--book", "x.md"), "a book is written as a PDF (name it .pdf)"),
    (("evolve", "--out", "o", "--book", "x.txt"), "a book is written as a PDF (name it .pdf)"),
])
def test_a_book_named_as_another_kind_of_file_is_refused(run, tmp_path, monkeypatch, args, says):
    """`book --out x.md` wrote a PDF under a Markdown name."""
    monkeypatch.chdir(tmp_path)
    res = run(*args)
    assert res.exit_code == 2 and says in error_line(res)
    assert list(tmp_path.iterdir()) == []


def test_generate_off_a_terminal_says_each_draft_it_judges(run, tmp_path):
    """With no terminal to draw a bar on (CI, a pipe), a run of minutes printed nothing until its end."""
    res = run("generate", "--playtest", "--count", "1", "--max-drafts", "3", "--games", "4", "--workers", "1",
              "--seed", "5", "--out", tmp_path / "out")
    assert res.exit_code in (0, 1), res.output
    news = [x for x in res.stderr.splitlines() if x.startswith("draft ")]
    drafts = int(re.search(r"drafts: (\d+) =", res.stdout)[1])
    assert len(news) == drafts >= 1
    for i, line in enumerate(news, start=1):
        assert re.match(rf"draft {i}: \d{{6}}-[a-z0-9-]+ (kept|kept after a mend|rejected \([A-Z_]+\)); "
                        rf"\d+ of 1 games kept$", line), line


def test_the_bar_on_a_terminal_is_redrawn_while_a_draft_is_judged(monkeypatch):
    """The bar was redrawn only when a verdict was taken, in draft order, so a slow draft froze it,
    clock and all; a clock thread redraws it between verdicts."""
    from generator.commands import generate

    class Bar:
        refreshed = 0

        def refresh(self):
            Bar.refreshed += 1

    news = generate._News(3)
    news.bar = Bar()
    waits = iter([False, False, False, True])   # three seconds pass, then the run ends
    monkeypatch.setattr(news._stop, "wait", lambda timeout: next(waits))
    news._tick()
    assert Bar.refreshed == 3


def test_replay_prints_each_move_as_it_is_played(monkeypatch):
    """A strong bot thinks for seconds a move: the replay printed nothing until the game's end."""
    from generator.engine import Game
    from generator.playtest import replay as module
    from generator.spec import load_spec

    ended = [False]
    real = module.play_one

    def play_one(*args, **kwargs):
        summary = real(*args, **kwargs)
        ended[0] = True
        return summary
    monkeypatch.setattr(module, "play_one", play_one)
    heard: list[tuple[bool, str]] = []
    lines, _ = module.replay(Game(load_spec(WHIST)), 4, 1, ["greedy"] * 4, emit=lambda s: heard.append((ended[0], s)))
    assert [s for _, s in heard] == lines
    during = [s for e, s in heard if not e]
    assert len(during) > 50 and any("seat" in s for s in during)
    assert heard[-1][0] and heard[-1][1].startswith("result:")


def test_evolve_off_a_terminal_says_each_candidate_it_judges(run, tmp_path):
    res = run("evolve", "--out", tmp_path / "run", "--initial", "2", "--generations", "0", "--games", "3",
              "--workers", "1")
    assert res.exit_code == 0, res.output
    news = [x for x in res.stderr.splitlines() if x.startswith("generation ")]
    assert [x.split(";")[0] for x in news] == ["generation 0: 1/2 judged", "generation 0: 2/2 judged"]


def test_a_name_too_long_is_said_by_every_writer(run, tmp_path):
    """Found by benchmarks/fuzz.py's command-line target: `schema --out` a name of 300 letters
    raised OSError from the very function that words write errors (it looked at the path)."""
    target = tmp_path / ("n" * 300)
    res = run("schema", "--out", target)
    assert res.exit_code == 2
    assert error_line(res) == f"parlour: {target}: cannot write: a name in the path is too long"
    assert temp_files(tmp_path) == []


@pytest.mark.parametrize("args", [
    ("evolve", "--initial", "1", "--generations", "0", "--out", "{long}"),
    ("generate", "--playtest", "--count", "1", "--games", "2", "--out", "{tmp}/o", "--rejected", "{long}"),
    ("generate", "--playtest", "--count", "1", "--games", "2", "--out", "{long}"),
])
def test_an_output_folder_named_too_long_is_said_before_it_is_looked_into(run, tmp_path, args):
    """Found by benchmarks/fuzz.py's command-line target: evolve looked for an archive, and generate
    for files in the way, in a folder whose name is too long to look up (OSError, a traceback)."""
    long = tmp_path / ("n" * 300)
    res = run(*(a.format(long=long, tmp=tmp_path) for a in args))
    assert res.exit_code == 2
    assert error_line(res).endswith("cannot write: a name in the path is too long")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_render_with_every_file_bad_writes_nothing_not_even_fonts(run, tmp_path):
    """Found by benchmarks/fuzz.py: with no good file, render --format html still looked for the
    fonts' folder (a name too long raised OSError); it has nothing to write."""
    out = tmp_path / ("n" * 300)
    res = run("render", "--format", "html", "--out", out, bad_spec(tmp_path), tmp_path / "missing.yaml")
    assert res.exit_code == 2 and "Traceback" not in res.output
    assert "2 of 2 files not rendered" in res.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.yaml"]
