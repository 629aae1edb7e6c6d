"""The served table in a real browser (headless Chromium, the Debian package, driven by
Playwright): a whole game of each family played by clicking, the page fitting a 390-pixel phone
and a desktop, with screenshots mid-game (written to ``PARLOUR_SHOTS`` when it names a folder).
Skipped without Chromium."""

from __future__ import annotations

import os
import random
import shutil
import threading
import time
from pathlib import Path

import pytest

from generator.families import FAMILIES
from tests.play_helpers import game_of_every_family
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
WIDTHS = {"desktop": (1280, 900), "phone": (390, 844)}

pytestmark = [pytest.mark.external, pytest.mark.slow]


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    folder = tmp_path_factory.mktemp("games")
    return folder, game_of_every_family(folder)


@pytest.fixture(scope="module")
def server(games):
    import uvicorn

    from generator.serve import make_app

    config = uvicorn.Config(make_app(games[0]), host="127.0.0.1", port=0, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(500):   # the server says when it listens; no test waits on the clock otherwise
        if srv.started:
            break
        time.sleep(0.01)
    port = srv.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join()


@pytest.fixture(scope="module")
def browser():
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if exe is None:
        pytest.skip("chromium is missing (install the Debian package chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, args=ARGS)
        yield b
        b.close()


def shots() -> Path | None:
    folder = os.environ.get("PARLOUR_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        return Path(folder)
    return None


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_a_whole_game_of_each_family_by_clicking(server, browser, games, family):
    file = games[1][family]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(server + "/")
    page.click(f'a[href="/play/{file}"]')
    page.select_option('select[name="bots"]', "greedy")
    page.click("text=Sit down")
    page.wait_for_selector("#hand")
    rng = random.Random(3)
    clicks = 0
    folder = shots()
    while page.locator("#moves button").count() and clicks < 3000:
        buttons = page.locator("#moves button")
        buttons.nth(rng.randrange(buttons.count())).click()
        page.wait_for_load_state()
        clicks += 1
        if clicks == 6:   # mid-game: the page at both widths
            table = page.url
            page.reload()
            assert page.url == table and page.locator("#hand").count() == 1   # a reload finds the game
            for name, (w, h) in WIDTHS.items():
                page.set_viewport_size({"width": w, "height": h})
                overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                assert overflow <= 0, (name, overflow)
                if folder is not None:
                    page.screenshot(path=str(folder / f"{family}-{name}.png"), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 900})
    assert page.locator("text=The game is over").count() == 1
    assert page.locator("#summary").count() == 1
    page.close()
