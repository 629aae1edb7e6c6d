"""``parlour serve`` through its application (Starlette's test client): the list of games, the
rulebooks, a whole game played page by page for each family, reloads, pages left behind, stale
games, paths outside the folder and the command's bad input."""

from __future__ import annotations

import random
import re
import shutil
import socket

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from generator.cli import main
from generator.families import FAMILIES
from generator.serve import make_app
from generator.spec import load_spec
from tests.conftest import ROOT
from tests.play_helpers import game_of_every_family

CORPUS = ROOT / "corpus" / "real"


@pytest.fixture
def client():
    return TestClient(make_app(CORPUS))


def sit_down(client: TestClient, game: str, **form) -> str:
    res = client.post(f"/play/{game}", data={"players": 4, "seat": 1, "bots": "greedy", "seed": 1, **form},
                      follow_redirects=False)
    assert res.status_code == 303, res.text
    return res.headers["location"]


def moves_of(html: str) -> tuple[int, list[int]]:
    at = re.search(r'name="at" value="(\d+)"', html)
    return (int(at[1]) if at else -1), [int(n) for n in re.findall(r'name="move" value="(\d+)"', html)]


def test_the_list_names_every_game_with_its_rules_and_a_table(client):
    html = client.get("/").text
    for path in sorted(CORPUS.glob("*.yaml")):
        assert f'href="/rules/{path.name}"' in html and f'href="/play/{path.name}"' in html
    assert "report.json" not in html


def test_a_rulebook_is_the_html_rulebook_with_a_way_to_the_table(client):
    res = client.get("/rules/whist.yaml")
    assert res.status_code == 200
    assert "<h2" in res.text and "Whist" in res.text and 'href="/play/whist.yaml"' in res.text
    font = re.search(r'url\("(fonts/[^"]+)"\)', res.text)
    assert font and client.get(f"/rules/{font[1]}").status_code == 200


def test_the_playtest_report_beside_a_game_is_shown(client):
    assert "Playtest" in client.get("/rules/hearts.yaml").text


@pytest.mark.parametrize("path", ["/rules/%2e%2e/README.md", "/rules/..%2f..%2fREADME.md", "/play/%2e%2e/pyproject.toml",
                                  "/rules//etc/passwd", "/rules/nothing.yaml", "/rules/fonts/..%2f..%2fcli.py"])
def test_a_path_outside_the_folder_is_refused(client, path):
    res = client.get(path)
    assert res.status_code == 404 and "ROOT" not in res.text


def test_a_link_pointing_out_of_the_folder_is_refused(tmp_path):
    (tmp_path / "games").mkdir()
    shutil.copy(CORPUS / "whist.yaml", tmp_path / "outside.yaml")
    (tmp_path / "games" / "link.yaml").symlink_to(tmp_path / "outside.yaml")
    client = TestClient(make_app(tmp_path / "games"))
    assert client.get("/rules/link.yaml").status_code == 404
    assert "link.yaml" not in client.get("/").text


def test_a_bad_game_file_is_listed_with_its_problem_and_not_played(tmp_path):
    (tmp_path / "bad.yaml").write_text("naming: {name: 3}\n", encoding="utf-8")
    client = TestClient(make_app(tmp_path))
    assert "cannot be played" in client.get("/").text
    res = client.get("/play/bad.yaml")
    assert res.status_code == 422 and "bad.yaml" in res.text


def test_a_seating_that_cannot_be_is_said_on_the_form(client):
    res = client.post("/play/whist.yaml", data={"players": 4, "seat": 9, "bots": "greedy", "seed": 1})
    assert res.status_code == 400 and "seat: 9 is not a seat" in res.text


def test_a_reload_finds_the_same_game_and_a_stale_id_is_said(client):
    table = sit_down(client, "whist.yaml", seat=2)
    first = client.get(table).text
    assert client.get(table).text == first
    assert "Your hand" in first and "Your moves" in first
    res = client.get("/table/no-such-game")
    assert res.status_code == 404 and "not at this table any more" in res.text
    res = client.post("/table/no-such-game/move", data={"at": 0, "move": 1}, follow_redirects=False)
    assert res.status_code == 404


def test_a_page_left_behind_plays_no_move(client):
    table = sit_down(client, "whist.yaml", seat=2)
    at, moves = moves_of(client.get(table).text)
    client.post(f"{table}/move", data={"at": at, "move": moves[0]})
    after = client.get(table).text
    client.post(f"{table}/move", data={"at": at, "move": moves[0]})   # the old page's form again
    assert client.get(table).text == after


def test_undo_hint_rules_and_leaving(client):
    table = sit_down(client, "whist.yaml", seat=2, seed=4)
    before = client.get(table).text
    at, moves = moves_of(before)
    hint = client.get(f"{table}?hint=1").text
    assert "<b>greedy</b>" in hint and "<b>strong</b>" in hint
    assert "Play goes clockwise" in client.get(f"{table}?rules=1").text
    client.post(f"{table}/move", data={"at": at, "move": moves[0]})
    assert "Undo my last move" in client.get(table).text
    client.post(f"{table}/undo")
    assert client.get(table).text == before
    client.post(f"{table}/quit")
    html = client.get(table).text
    assert "Game left unfinished." in html and "Your moves" not in html


def test_the_page_never_shows_another_seat_s_hand(client):
    table = sit_down(client, "hearts.yaml", seat=1, seed=2)
    seat = client.app.state.sessions.get(table.rsplit("/", 1)[1]).session
    html = client.get(table).text
    shown = set(re.findall(r'title="([^"]+)"', html))
    others = {seat.state.game.table.names[c] for p, h in enumerate(seat.state.hands) if p != 0 for c in h}
    assert shown and not shown & others


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_whole_game_of_each_family_page_by_page(family, tmp_path):
    game = game_of_every_family(tmp_path)[family]
    client = TestClient(make_app(tmp_path))
    spec = load_spec(tmp_path / game)
    table = sit_down(client, game, players=spec.players.min, bots="random", seed=3)
    rng = random.Random(3)
    for _ in range(3000):
        html = client.get(table).text
        at, moves = moves_of(html)
        if not moves:
            break
        client.post(f"{table}/move", data={"at": at, "move": rng.choice(moves)})
    assert "The game is over" in html and "Summary" in html


def test_serve_refuses_a_port_in_use_and_a_missing_folder(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        res = CliRunner().invoke(main, ["serve", str(CORPUS), "--port", str(port)])
    assert res.exit_code == 2 and f"--port: {port} is in use" in res.output
    res = CliRunner().invoke(main, ["serve", str(tmp_path / "nowhere")])
    assert res.exit_code == 2 and "nowhere: no such folder" in res.output
