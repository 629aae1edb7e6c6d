"""Facts printed around a rulebook: the data line, the quick-reference box, the playtest figures.

Everything here is plain text (the HTML templates escape it). The spec grows new modules while
this is written, so every reading falls back to a plain phrase rather than failing on a value it
does not know.
"""

from __future__ import annotations

from typing import Any

from ..spec import GameSpec, derived
from ..text import phrases

PACK_NAMES = {
    "standard": "standard 52-card pack",
    "french32": "32-card French-suited pack",
    "german32": "32-card German-suited pack",
    "tarot": "tarot pack without The World",
}
SUIT_SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}
FAMILY_NAMES = {
    "trick-taking": "Trick-taking games",
    "climbing": "Climbing games",
    "melding": "Melding games",
    "matching": "Matching games",
}
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
    return FAMILY_NAMES.get(family, family.replace("-", " ").capitalize() + " games")


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
    sc = spec.scoring
    kind = getattr(sc, "kind", "")
    if kind == "avoid-suit":
        goal = f"avoid taking {phrases.suit(sc.suit)}"
        if getattr(sc, "per_card", "one") == "face-value":
            goal += " (each costs its face value)"
    elif kind == "per-trick":
        beyond = getattr(sc, "beyond", 0)
        goal = "win tricks, one point each" if not beyond else f"win more than {beyond} tricks, a point for each above"
    elif kind == "exact-bid":
        goal = "take exactly as many tricks as you bid"
    else:
        goal = "score the most points"
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
    return text + "; the highest total wins"


def data_line(spec: GameSpec) -> str:
    """Parlett's data line: family · players · cards · configuration · direction."""
    return " · ".join([
        spec.family.capitalize(),
        players_text(spec),
        f"{spec.deck.size()} cards",
        "individual",
        "clockwise",
    ])


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
    """The ``summary`` argument of ``render_markdown``: typical hands, minutes and games."""
    if not summary:
        return None
    c = middle_count(summary)
    if not c:
        return None
    from ..text.strategy import strategy_note

    # The strategy note and Variations, from a report that has them (Tier 2; siblings that passed).
    return {"hands": c.get("hands_median"), "minutes": c.get("minutes_median"), "games": c.get("games"),
            "strategy": strategy_note(summary), "variations": list(summary.get("variations") or [])}


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
        spread = f"{_pct(min(rates))}–{_pct(max(rates))}" if rates else "—"
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
    """("pass"/"reject", reason sentences, warning sentences)."""
    def sentence(r: dict[str, Any]) -> str:
        return f"{r.get('message', '')} with {r.get('players')} players ({r.get('code')})"

    return (summary.get("verdict", "pass"),
            [sentence(r) for r in summary.get("reasons", [])],
            [sentence(w) for w in summary.get("warnings", [])])
