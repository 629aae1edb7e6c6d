"""How long a move takes at ``parlour serve`` with many games in progress at once.

Starts ``parlour serve`` on the calibration games (``corpus/real``) as its own process, sits
``--sessions`` players down at once (the games in turn, the bots of the other seats greedy by
default) and has each play ``--moves`` moves, each after reading its page for ``--think`` seconds
on average (drawn between half and one and a half times it; 0: as fast as the server answers,
every player at once, which measures the queue more than a move): a move is the POST
of the person's choice (the server plays it and the bots' moves after it, then answers with a
redirect), timed from the request to the answer; the table page that follows (GET) is timed
apart. Prints the percentiles of both as the players saw them and as the application measured
itself (its ``Server-Timing`` header: from the request's arrival to the answer, without the
network and the players' own machine), and the server's CPU time over the run.

Usage: python benchmarks/serve_latency.py [--sessions 100] [--moves 30] [--think 1.0] [--bots greedy] [--port 8766]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
GAMES = sorted(p.name for p in (ROOT / "corpus" / "real").glob("*.yaml"))


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


async def ask(client: httpx.AsyncClient, method: str, url: str, **kw) -> httpx.Response:
    """One request, asked again once if a kept-alive connection was closed under it (the server
    closes idle ones after five seconds; a move carries its count, so asking again is safe)."""
    try:
        return await client.request(method, url, **kw)
    except httpx.TransportError:
        return await client.request(method, url, **kw)


async def player(client: httpx.AsyncClient, k: int, moves: int, bots: str, think: float,
                 times: dict[str, list[float]]) -> int:
    rng = random.Random(k)
    await asyncio.sleep(rng.uniform(0, think))   # people sit down one after another
    game = GAMES[k % len(GAMES)]
    res = await ask(client, "POST", f"/play/{game}", data={"players": 2 if game != "whist.yaml" else 4,
                                                         "seat": 1, "bots": bots, "seed": k})
    if res.status_code == 400:   # a game not for two: its smallest count
        res = await ask(client, "GET", f"/play/{game}")
        players = re.search(r"<option selected>(\d+)</option>", res.text)[1]
        res = await ask(client, "POST", f"/play/{game}", data={"players": players, "seat": 1, "bots": bots, "seed": k})
    table = str(res.url.path)
    made = 0
    for _ in range(moves):
        t0 = time.perf_counter()
        page = await ask(client, "GET", table)
        times["page"].append(time.perf_counter() - t0)
        times["page (server)"].append(_server_time(page))
        at = re.search(r'name="at" value="(\d+)"', page.text)
        choices = re.findall(r'name="move" value="(\d+)"', page.text)
        if not at or not choices:
            break
        if think:
            await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
        t0 = time.perf_counter()
        moved = await ask(client, "POST", f"{table}/move", data={"at": at[1], "move": rng.choice(choices)},
                          follow_redirects=False)
        times["move"].append(time.perf_counter() - t0)
        times["move (server)"].append(_server_time(moved))
        made += 1
    return made


async def run(base: str, sessions: int, moves: int, bots: str, think: float) -> tuple[dict[str, list[float]], int, float]:
    times: dict[str, list[float]] = {"move": [], "move (server)": [], "page": [], "page (server)": []}
    limits = httpx.Limits(max_connections=sessions, max_keepalive_connections=sessions)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits, follow_redirects=True) as client:
        t0 = time.perf_counter()
        made = await asyncio.gather(*(player(client, k, moves, bots, think, times) for k in range(sessions)))
        return times, sum(made), time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sessions", type=int, default=100)
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--bots", default="greedy")
    ap.add_argument("--think", type=float, default=1.0)
    ap.add_argument("--nice", type=int, default=10,
                    help="lower the players' priority by this much once the server runs: in use the players' "
                         "browsers are on other machines, here they share the server's cores")
    ap.add_argument("--port", type=int, default=8766)
    args = ap.parse_args()
    exe = Path(sys.executable).with_name("parlour")
    server = subprocess.Popen([str(exe), "serve", str(ROOT / "corpus" / "real"), "--port", str(args.port)],
                              stderr=subprocess.PIPE, text=True)
    try:
        server.stderr.readline()   # "serving … at …": the port is bound
        os.nice(args.nice)
        base = f"http://127.0.0.1:{args.port}"
        for _ in range(200):
            try:
                httpx.get(base + "/", timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.05)
        cpu0, mine0 = _cpu(server.pid), time.process_time()
        times, made, wall = asyncio.run(run(base, args.sessions, args.moves, args.bots, args.think))
        cpu, mine = _cpu(server.pid) - cpu0, time.process_time() - mine0
    finally:
        server.terminate()
        server.wait()
    print(f"{args.sessions} games at once (think {args.think} s), {made} moves in {wall:.1f} s ({made / wall:.0f} moves/s); "
          f"server CPU {cpu:.1f} s, players' CPU {mine:.1f} s ({os.cpu_count()} cores; load average "
          f"{os.getloadavg()[0]:.1f} at the end)")
    for what, values in times.items():
        ms = [v * 1000 for v in values]
        print(f"{what:13s} n={len(ms):5d}  median {statistics.median(ms):7.1f} ms  p90 {percentile(ms, .9):7.1f} ms  "
              f"p99 {percentile(ms, .99):7.1f} ms  max {max(ms):7.1f} ms")


def _server_time(res: httpx.Response) -> float:
    """The application's own time over a request (its ``Server-Timing`` header), in seconds."""
    return float(res.headers["server-timing"].split("dur=")[1]) / 1000


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    main()
