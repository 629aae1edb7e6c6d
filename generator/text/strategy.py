"""The strategy note of a rulebook: advice a player can act on — plan ahead or not, where to think
hardest, whether simple play will do — each with the figure from the playtest's strong players
that backs it, drawn only from a report that has Tier 2 (strong bots) — never invented.

Three figures of one player count (four when the game allows it, else the nearest) say where skill
lies: how often one strong player beat players who chose at random (the Order measure), which
optional feature cost the strong player most when it was forbidden (the INERT_RULE
configurations), and how the best rule of thumb did against strong players (the dominance
configurations). Each becomes one sentence with its real figures; reason codes and configuration
names stay out of the reader's text.
"""

from __future__ import annotations

from typing import Any

from .phrases import cap, num

#: A forbidden feature that cost the strong player fewer wins than this (in share of games) "changed
#: little"; the playtest's own INERT_RULE threshold is the same three points in a hundred.
INERT = 0.03
#: The trivial policies in words: what a player following the rule of thumb does.
POLICIES = {
    "highest": "always playing the highest cards allowed",
    "lowest": "always playing the lowest cards allowed",
    "greedy-points": "always grabbing the most points on offer at once",
}
#: Optional features in words: (what the feature is, what the strong player was made to do instead).
FEATURES = {
    "trumps": ("Playing trumps", "never to play a trump while it held another card"),
    "phase:call-trumps": ("Choosing the trump suit", "always to name the first suit"),
    "phase:name-anti-trumps": ("Naming the anti-trumps", "always to name the first suit"),
    "phase:show-misdeal": ("Calling a misdeal", "never to call one"),
    "phase:reveal-pig": ("Revealing the pig", "never to reveal it"),
    "phase:rob": ("Robbing the turned card", "never to rob"),
    "phase:show-top-trump": ("Showing the top trump", "never to show it"),
    "phase:propose-exchange": ("Exchanging cards", "never to propose an exchange"),
    "phase:bid-blind": ("Bidding blind", "never to bid blind"),
    "phase:invent-law": ("Inventing laws", "always to take the first law offered"),
    "phase:show-high-low": ("Choosing high or low", "always to take the first choice"),
}


def _pct(x: float) -> str:
    return f"{round(100 * x)}%"


def _value(d: Any) -> float | None:
    if isinstance(d, dict) and isinstance(d.get("value"), (int, float)):
        return float(d["value"])
    return None


def _count_of(tier2: list[dict[str, Any]]) -> dict[str, Any]:
    return min(tier2, key=lambda t: (abs(int(t.get("players", 4)) - 4), int(t.get("players", 4))))


def strategy_note(report: dict[str, Any] | None) -> list[str]:
    """The sentences of the strategy note for a report (its ``as_dict()``); none without Tier 2."""
    tier2 = [t for t in ((report or {}).get("tier2") or []) if isinstance(t, dict)]
    if not tier2:
        return []
    t = _count_of(tier2)
    n = int(t.get("players", 4))
    even = 1 / n
    out: list[str] = []

    strong = _value(t.get("strong_vs_random"))
    order = _value(t.get("order"))
    if strong is not None and order is not None:
        advice = ("Plan ahead, for skill shows strongly" if order >= 0.5 else "Plan ahead, for skill shows" if order >= 0.25
                  else "Do not count on planning, for luck weighs heavily")
        others = n - 1
        out.append(f"{advice}: with {num(n)} players, a strong player who looks ahead won {_pct(strong)} of the games "
                   f"against {num(others)} {'player' if others == 1 else 'players'} choosing at random, "
                   f"where an even share is {_pct(even)}.")

    inert = []
    for feature, figures in (t.get("inert") or {}).items():
        win, base = _value(figures.get("win_rate")), _value(figures.get("baseline"))
        if win is not None and base is not None:
            inert.append((base - win, feature, win, base))
    if inert:
        effect, feature, win, base = max(inert, key=lambda x: (x[0], x[1]))
        what, instead = FEATURES.get(feature, (cap(feature.split(":")[-1].replace("-", " ")),
                                                "always to take the first choice there"))
        if effect >= INERT:
            out.append(f"Think hardest about {what[0].lower() + what[1:]}: told {instead}, the same player won {_pct(win)} "
                       f"of the games instead of {_pct(base)}.")
        else:
            out.append(f"Do not agonise over {what[0].lower() + what[1:]}: told {instead}, the same player still won "
                       f"{_pct(win)} of the games (against {_pct(base)}).")

    policies = []
    for policy, figures in (t.get("dominance") or {}).items():
        win = _value((figures or {}).get("win_rate"))
        if win is not None and policy in POLICIES:
            policies.append((win, policy))
    if policies:
        win, policy = max(policies, key=lambda x: (x[0], x[1]))
        advice = ("Do not play by rote" if win < even / 2 else "Simple play holds its own" if win >= even
                  else "A rule of thumb will not carry you far")
        out.append(f"{advice}: the best rule of thumb, {POLICIES[policy]}, won {_pct(win)} of the games against "
                   f"strong players, where an even share is {_pct(even)}.")
    return out


__all__ = ["strategy_note"]
