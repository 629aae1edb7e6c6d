"""``parlour play`` as a person uses it, driven by scripted input through Click's runner: a whole
game of each family, the table's keys, an illegal move typed, and bad input (exit 2)."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.families import FAMILIES
from generator.sample import sample_game
from generator.spec import dump_yaml
from tests.conftest import ROOT
from tests.play_helpers import game_of_every_family

CORPUS = ROOT / "corpus" / "real"


def typed(seed: int, lines: int = 6000, keys: str = "") -> str:
    """A person's input: the keys given first, then moves 1 to 3 at random (a number past the
    moves is refused and asked again, so the game goes on to its end)."""
    rng = random.Random(seed)
    return "".join(f"{k}\n" for k in keys) + "".join(f"{rng.randint(1, 3)}\n" for _ in range(lines))


def play(*args: str, input: str):
    return CliRunner().invoke(main, ["play", *args], input=input, catch_exceptions=False)


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_whole_game_of_each_family_typed_in(family, tmp_path):
    file = game_of_every_family(tmp_path)[family]
    res = play(str(tmp_path / file), "--seed", "3", "--bots", "random", input=typed(3))
    assert res.exit_code == 0, res.output
    out = res.output
    assert "your moves:" in out and "your hand:" in out
    assert " the end " in out
    assert ("You win!" in out) or ("wins." in out) or ("No winner." in out) or ("Your side wins!" in out) or (" win." in out)


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_whole_sampled_game_of_each_family_at_four_seats_or_fewer(family, tmp_path):
    spec = sample_game(7, family=family).spec
    path = tmp_path / "game.yaml"
    path.write_text(dump_yaml(spec), encoding="utf-8")
    n = min(spec.players.max, 4)
    res = play(str(path), "--players", str(n), "--seat", str(n), "--seed", "7", "--bots", "random", input=typed(7))
    assert res.exit_code == 0, res.output
    assert "the end" in res.output


def test_the_keys_of_the_table():
    res = play(str(CORPUS / "whist.yaml"), "--seat", "2", "--seed", "4", input="?\nh\nr\ns\n1\nu\nt\nq\n")
    out = res.output
    assert res.exit_code == 0
    assert "keys: r rules of the moment" in out
    assert "greedy: " in out and "strong: " in out                # the hint
    assert "Play goes clockwise." in out                          # the rules of the moment: Play
    assert "total" in out                                          # the score sheet
    assert "Your last move is taken back." in out
    assert "you left the table" in out and "Game left unfinished." in out


def test_an_illegal_move_is_refused_and_asked_again():
    res = play(str(CORPUS / "whist.yaml"), "--seat", "2", input="99\nace of everything\n1\nq\n")
    assert res.exit_code == 0
    assert "'99' is not a move now: type a number from 1 to 13" in res.output
    assert "'ace of everything' is not a move now" in res.output
    assert "seat 2 (you) plays " in res.output


def test_a_move_may_be_typed_in_words():
    res = play(str(CORPUS / "whist.yaml"), "--seat", "2", "--seed", "4", input="A of clubs\nq\n")
    assert "seat 2 (you) plays A of clubs" in res.output


def test_the_end_of_the_input_leaves_the_table_with_a_summary():
    res = play(str(CORPUS / "hearts.yaml"), input="1\n")
    assert res.exit_code == 0 and "Game left unfinished." in res.output


def test_the_others_hands_are_never_printed():
    """The person's screen names only their own cards and the cards on the table."""
    res = play(str(CORPUS / "whist.yaml"), "--seat", "2", "--seed", "4", input="q\n")
    assert res.output.count("your hand:") == 1
    assert " holds " not in res.output    # the replay's opening, which shows every hand


@pytest.mark.parametrize("args, message", [
    (["missing.yaml"], "missing.yaml"),
    ([str(CORPUS / "whist.yaml"), "--players", "7"], "whist.yaml: players: Whist is"),
    ([str(CORPUS / "whist.yaml"), "--seat", "5"], "--seat: 5 is not a seat of a 4-player game"),
    ([str(CORPUS / "whist.yaml"), "--bots", "clever"], "--bots: unknown bot 'clever'"),
    ([str(CORPUS / "whist.yaml"), "--bots", "greedy,random"], "--bots: 2 bots for the 3 other seats"),
])
def test_bad_input_names_the_file_or_option_and_exits_2(args, message):
    res = CliRunner().invoke(main, ["play", *args], input="q\n")
    assert res.exit_code == 2
    assert message in res.output


def test_an_invalid_game_file_names_the_file_and_field(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text((CORPUS / "whist.yaml").read_text(encoding="utf-8").replace("hand_size: 13", "hand_size: 40"),
                   encoding="utf-8")
    res = CliRunner().invoke(main, ["play", str(bad)], input="q\n")
    assert res.exit_code == 2 and "bad.yaml" in res.output


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a pseudo-terminal")
def test_at_a_terminal_prompt_toolkit_reads_the_moves(tmp_path):
    """In a pseudo-terminal the line is read by prompt_toolkit (which asks where the cursor is:
    the test answers as a terminal would) and the table is printed in colour."""
    import pty
    import select
    import sys

    exe = str(Path(sys.executable).with_name("parlour"))
    pid, fd = pty.fork()
    if pid == 0:   # the child: the command at a terminal of its own
        os.environ.update(TERM="xterm-256color", COLUMNS="100", LINES="40")
        os.execv(exe, [exe, "play", str(CORPUS / "whist.yaml"), "--seat", "2", "--seed", "4"])
    out = bytearray()

    def until(text: bytes) -> bool:
        # a guard against a hang, not a measure: generous, and never the thing asserted on
        for _ in range(1200):
            ready, _, _ = select.select([fd], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return text in out
                out.extend(chunk)
                if b"\x1b[6n" in chunk:   # where is the cursor?
                    os.write(fd, b"\x1b[1;1R")
            if text in out:
                return True
        return False

    try:
        assert until(b"your move>")
        os.write(fd, b"1\r")
        assert until(b"plays A of clubs")
        os.write(fd, b"q\r")
        assert until(b"Game left unfinished.")
    finally:
        os.waitpid(pid, 0)
    text = out.decode("utf-8", errors="replace")
    assert "\x1b[" in text and "♣" in text   # colour and suit signs at a terminal
