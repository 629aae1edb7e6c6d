"""Facts printed around a rulebook: the data line, the quick-reference box, the playtest figures.

Everything here is plain text (the HTML templates escape it). The spec grows new modules while
this is written, so every reading falls back to a plain phrase rather than failing on a value it
does not know.
"""

from __future__ import annotations

import math

from typing import Any

from ..spec import GameSpec, derived
from ..text import phrases
from ..text.mechanics import mechanics, shedding_goal

PACK_NAMES = {
    "standard": "standard 52-card pack",
    "french32": "32-card French-suited pack",
    "german32": "32-card German-suited pack",
    "tarot": "tarot pack without The World",
}
SUIT_SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
TRUMP_PHRASES = {
    "none": "no trumps",
    "turn-up": "the suit of a card turned up after the deal",
    "called": "named before the hands are looked at",
    "last-card": "the suit of the dealer’s last card",
    "rotating": "a different suit each hand, in a fixed order",
    "hidden": "a face-down card, turned when a player first cannot follow",
    "first-card": "the suit of the first card played in the hand",
    "majors": "the majors, always",
}


def family_name(family: str) -> str:
    return family[:1].upper() + family[1:] + " games"   # "Trick-taking games"


def players_text(spec: GameSpec) -> str:
    p = spec.players
    return f"{p.min} players" if p.min == p.max else f"{p.min}–{p.max} players"


def cards_text(spec: GameSpec) -> str:
    deck = spec.deck
    size = deck.size()
    pack = PACK_NAMES.get(deck.kind, f"{deck.kind} pack")
    parts = [f"{size} cards: {pack}"]
    if deck.removed:
        parts[0] += " without the " + phrases.join_and(phrases.rank_short(r) for r in deck.removed) + "s"
    ranks = " ".join(deck.ranks())
    if ranks:
        parts.append(f"ranks high to low {ranks}")
    if deck.kind == "tarot":
        parts.append("21 majors")
    if deck.jokers:
        parts.append("and a red joker" if deck.jokers == 1 else "and two jokers")
    return ", ".join(parts)


def suits_text(spec: GameSpec) -> str:
    """The suits, with their symbols where they have one (tarot and German suits by name)."""
    out = []
    for s in spec.deck.suits():
        sym = SUIT_SYMBOLS.get(s)
        out.append(f"{phrases.suit(s)} {sym}" if sym else phrases.suit(s))
    return ", ".join(out)


def deal_text(spec: GameSpec) -> str:
    deal = spec.deal
    size = spec.deck.size()
    by_each: dict[int, list[int]] = {}
    for n in spec.players.counts():
        by_each.setdefault(deal.cards_each(n, size), []).append(n)
    if len(by_each) == 1:
        text = f"{next(iter(by_each))} cards each"
    else:
        groups = []
        for each, counts in by_each.items():
            who = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}–{counts[-1]}"
            groups.append(f"{each} each with {who} players")
        text = "; ".join(groups)
    odd = getattr(deal, "odd_card", None)
    if odd is not None:
        text += "; one player gets one card " + ("more" if odd.extra else "fewer")
    kitty = getattr(deal, "kitty", None)
    if kitty is not None:
        name = kitty.name
        if kitty.form == "dealt" and kitty.size:
            text += f"; {kitty.size} to the {name}"
        elif kitty.form == "undealt":
            text += f"; the rest is the {name}"
        else:
            text += f"; each player gives one card to the {name}"
    return text


def trumps_text(spec: GameSpec) -> str:
    trumps = getattr(spec.setup, "trumps", None)
    method = getattr(trumps, "method", "none")
    if method == "fixed":
        text = f"always {phrases.suit(getattr(trumps, 'suit', ''))}"
    elif method == "called":
        who = "the dealer" if getattr(trumps, "caller", "dealer") == "dealer" else "the dealer’s left-hand player"
        text = f"named by {who} before looking"
    else:
        text = TRUMP_PHRASES.get(method, method.replace("-", " "))
    if getattr(spec.setup, "anti_trumps", False):
        text += "; anti-trumps named by the dealer"
    if not derived.has_trump_suit(spec.setup) and derived.jokers_are_trumps(spec):
        text += " (the jokers act as trumps)"
    return text


def goal_text(spec: GameSpec) -> str:
    """The quick reference's *Goal*: how a hand is won, the rules the game turns on (``mechanics``),
    and how the game ends."""
    sc = spec.scoring
    kind = getattr(sc, "kind", "")
    if kind == "avoid-suit":
        goal = f"avoid taking {phrases.suit(sc.suit)}"
        if getattr(sc, "per_card", "one") == "face-value":
            goal += " (each costs its face value)"
    elif kind == "per-trick":
        beyond = getattr(sc, "beyond", 0)
        goal = ("win tricks, one point each" if not beyond
                else f"win more than {phrases.plural(beyond, 'trick')}, a point for each above")
    elif kind == "exact-bid":
        goal = "bid, then take exactly as many tricks as you bid"
        if getattr(getattr(spec.bidding, "tricks", None), "hook", False):
            goal += " (the last bid may not make the bids add up to the tricks)"
    elif kind == "countdown":
        goal = "be the first to give up all your " + (phrases.plural_noun(spec.deal.tokens.name)
                                                       if getattr(spec.deal, "tokens", None) else "tokens")
    else:
        goal = shedding_goal(spec)
    extra = mechanics(spec)
    if extra:
        goal += "; " + "; ".join(extra)
    cond = spec.ending.condition
    end = {
        "target": lambda: f"the game ends when a player reaches {getattr(cond, 'points', 0)} points",
        "threshold": lambda: f"the game ends when a player falls to {phrases.signed(-getattr(cond, 'points', 0))}",
        "rounds": lambda: "one hand per player",
        "shrinking": lambda: "hands shrink by one card each" + (", then grow back" if getattr(cond, "back_up", False) else ""),
    }.get(cond.kind)
    text = phrases.cap(goal)
    if end is not None:
        text += "; " + end()
    return text + ("" if cond.kind == "tokens" else "; the highest total wins")


def credit_text(spec: GameSpec, playtested: bool) -> str:
    """Who made the game, for a page's foot: "Invented and playtested by Parlour" only for a game
    Parlour invented and played (a real game or a seed-book game was not invented here)."""
    prov = spec.provenance
    origin = prov.origin if prov else "written"
    if origin in ("generated", "evolved"):
        return "Invented and playtested by Parlour" if playtested else "Invented by Parlour"
    made = ("From Hyloe’s Book of Games" if origin == "imported"
            else "A traditional game" if prov and prov.traditional else "Written by hand")
    return made + (", playtested by Parlour" if playtested else ", set by Parlour")


def book_credit(specs: list[GameSpec], playtested: bool) -> str:
    """The book's subtitle after the count: "invented and playtested by Parlour" when every game in
    it was invented by Parlour, "collected … by Parlour" otherwise."""
    invented = bool(specs) and all(s.provenance is not None and s.provenance.origin in ("generated", "evolved")
                                   for s in specs)
    return ("invented" if invented else "collected") + (" and playtested" if playtested else "") + " by Parlour"


def data_line(spec: GameSpec) -> str:
    """Parlett's data line: family · players · cards · configuration · direction."""
    return " · ".join([
        spec.family.capitalize(),
        players_text(spec),
        f"{spec.deck.size()} cards",
        "individual",
        "clockwise",
    ])


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _whole(x: Any, least: int = 0, most: int = 10**9) -> bool:
    return isinstance(x, int) and not isinstance(x, bool) and least <= x <= most


def report_problem(report: Any) -> str | None:
    """What is wrong with a saved playtest report (``Report.as_dict()``) for the readers of its
    figures — the rulebook's length and strategy note, the book's table and verdict —, as
    "field: why", or None. A report on disk is input: a value of another kind there stopped a
    book or a render with a traceback (issue 32's fuzzing)."""
    if not isinstance(report, dict):
        return "the file: not a playtest report (a table of fields)"
    counts = report.get("counts")
    if not isinstance(counts, list) or not counts:
        return "counts: not a list of player counts"
    for i, c in enumerate(counts):
        at = f"counts[{i}]"
        if not isinstance(c, dict):
            return f"{at}: not a table of figures"
        if not _whole(c.get("players"), 2, 8):
            return f"{at}.players: not a player count from 2 to 8"
        for key in ("games", "completed", "draws"):
            if key in c and not _whole(c[key]):
                return f"{at}.{key}: not a count of games"
        for key in ("hands_median", "minutes_median"):
            if key in c and not (_number(c[key]) and 0 <= c[key] <= 10**6):   # a playtest always writes one
                return f"{at}.{key}: not a number of {key.split('_')[0]}"
        rates = c.get("win_rates", [])
        if not isinstance(rates, list) or not all(_number(r) for r in rates):
            return f"{at}.win_rates: not a list of shares"
    if report.get("verdict", "pass") not in ("pass", "reject"):
        return "verdict: neither pass nor reject"
    for key in ("reasons", "warnings"):
        items = report.get(key, [])
        if not isinstance(items, list) or not all(
                isinstance(r, dict) and isinstance(r.get("message", ""), str)
                and (r.get("players") is None or _whole(r.get("players"), 2, 8)) for r in items):
            return f"{key}: not a list of reasons (each a message and a player count)"
    tier2 = report.get("tier2")
    if tier2 is not None:
        if not isinstance(tier2, list):
            return "tier2: not a list of player counts"
        for i, t in enumerate(tier2):
            if not isinstance(t, dict) or not _whole(t.get("players", 4), 2, 8):
                return f"tier2[{i}]: not the figures of a player count"
            for key in ("inert", "dominance"):
                if not isinstance(t.get(key) or {}, dict) or not all(
                        isinstance(v, dict) or v is None for v in (t.get(key) or {}).values()):
                    return f"tier2[{i}].{key}: not a table of figures"
    variations = report.get("variations", [])
    if not isinstance(variations, list) or not all(isinstance(v, str) for v in variations):
        return "variations: not a list of sentences"
    typical = report.get("typical")
    if typical is not None and not (isinstance(typical, dict) and _whole(typical.get("players"), 2, 8)
                                    and isinstance(typical.get("totals", []), list)
                                    and all(isinstance(row, list) and all(_number(x) for x in row)
                                            for row in typical.get("totals", []))):
        return "typical: not a typical game (players and totals)"
    return None


def middle_count(summary: dict[str, Any]) -> dict[str, Any] | None:
    """The per-count figures of the middle player count (4 for a game for 3 to 5)."""
    counts = [c for c in summary.get("counts", []) if isinstance(c, dict)]
    if not counts:
        return None
    return counts[len(counts) // 2]


def length_text(summary: dict[str, Any] | None) -> str | None:
    """"about 7 hands (33 min) with 4 players, over 100 simulated games"."""
    if not summary:
        return None
    c = middle_count(summary)
    if not c or not c.get("hands_median"):
        return None
    hands = round(c["hands_median"])
    text = f"about {hands} hand{'s' if hands != 1 else ''}"
    minutes = c.get("minutes_median")
    if minutes:
        text += f" ({max(1, round(minutes))} min)"
    text += f" with {c['players']} players, from {c.get('games', '?')} simulated games"
    return text


def text_summary(summary: dict[str, Any] | None) -> dict[str, Any] | None:
    """The ``summary`` argument of ``render_markdown``: typical hands, minutes and games at the middle
    player count, and Tier 2's Order there (with the strong bot's win rate) when it was measured."""
    if not summary:
        return None
    c = middle_count(summary)
    if not c:
        return None
    from ..text.strategy import strategy_note

    out = {"hands": c.get("hands_median"), "minutes": c.get("minutes_median"), "games": c.get("games"),
           "players": c.get("players"),
           # the strategy note and Variations, from a report that has them (Tier 2; siblings that passed)
           "strategy": strategy_note(summary), "variations": list(summary.get("variations") or [])}
    tier2 = [t for t in summary.get("tier2") or [] if isinstance(t, dict) and (t.get("order") or {}).get("n")]
    if tier2:
        t = next((t for t in tier2 if t.get("players") == c.get("players")), tier2[len(tier2) // 2])
        out["players"] = t.get("players")
        out["order"] = t["order"].get("value")
        out["strong_wins"] = (t.get("strong_vs_random") or {}).get("value")
    return out


def quick_reference(spec: GameSpec, summary: dict[str, Any] | None = None) -> list[tuple[str, str]]:
    rows = [
        ("Players", players_text(spec) + ", each for themselves"),
        ("Cards", cards_text(spec)),
        ("Suits", suits_text(spec)),
        ("Deal", deal_text(spec)),
        ("Trumps", trumps_text(spec)),
        ("Goal", goal_text(spec)),
    ]
    length = length_text(summary)
    if length:
        rows.append(("Length", length))
    return rows


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def playtest_rows(summary: dict[str, Any]) -> list[dict[str, str]]:
    """One row per player count for the figures table."""
    rows = []
    for c in summary.get("counts", []):
        games = c.get("games", 0) or 0
        completed = c.get("completed", 0)
        rates = c.get("win_rates") or []
        # two seats' shares, not an interval: "22%–30%" read as one
        spread = f"lowest {_pct(min(rates))}, highest {_pct(max(rates))}" if rates else "—"
        rows.append({
            "players": str(c.get("players", "?")),
            "games": str(games),
            "completed": f"{completed}" if completed == games else f"{completed} of {games}",
            "hands": f"{c.get('hands_median', 0):g}",
            "minutes": f"{round(c.get('minutes_median', 0))}",
            "shared": str(c.get("draws", 0)),
            "seats": spread,
        })
    return rows


def verdict_text(summary: dict[str, Any]) -> tuple[str, list[str], list[str]]:
    """("pass"/"reject", reason sentences, warning sentences), in words: the reason codes and replay
    seeds are for the book's appendix, not for the reader of the rules."""
    def sentence(r: dict[str, Any]) -> str:
        return f"{r.get('message', '')} with {r.get('players')} players"

    return (summary.get("verdict", "pass"),
            [sentence(r) for r in summary.get("reasons", [])],
            [sentence(w) for w in summary.get("warnings", [])])
