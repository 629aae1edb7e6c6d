"""The quick reference: a game on one card, in a reader's words — players, cards, suits, deal,
trumps and the goal (how a hand is won, the rules the game turns on, how the game ends). The
Markdown rulebook's last section prints it, and the HTML and PDF box (``publish.facts``) too, with
the typical length a playtest found. Every reading falls back to a plain phrase rather than failing
on a value it does not know."""

from __future__ import annotations

from ..families import family_of
from ..spec import GameSpec, derived
from . import phrases
from .mechanics import mechanics, shedding_goal

PACK_NAMES = {
    "standard": "standard 52-card pack",
    "french32": "32-card piquet pack",
    "euchre24": "24-card euchre pack",
    "italian40": "40-card Italian-suited pack",
    "spanish40": "40-card Spanish-suited pack",
    "spanish48": "48-card Spanish-suited pack",
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
        seen = getattr(trumps, "seen", None)
        when = ("before looking" if seen is None else "after looking at their hand" if seen == "all"
                else f"after seeing their first {phrases.num(seen)} cards")
        text = f"named by {who} {when}"
        if getattr(trumps, "no_trumps", False):
            text += ", or no trumps"
    elif getattr(spec.scoring, "kind", "") == "schedule":
        text = "by each hand's contract (see Scoring)"
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
    elif kind == "per-trick" and getattr(sc, "quotas", None):
        goal = "win tricks beyond your quota, which goes by seat: " + ", ".join(map(str, sc.quotas)) + " from the dealer"
    elif kind == "per-trick":
        beyond = getattr(sc, "beyond", 0)
        goal = ("win tricks, one point each" if not beyond
                else f"win more than {phrases.plural(beyond, 'trick')}, a point for each above")
    elif kind == "exact-bid":
        goal = "bid, then take exactly as many tricks as you bid"
        if getattr(getattr(spec.bidding, "tricks", None), "hook", False):
            goal += " (the last bid may not make the bids add up to the tricks)"
    elif kind == "majority":
        goal = f"take {phrases.plural(sc.needed, 'trick')} of the hand to win it"
        if sc.stop:
            goal += " (the hand stops there)"
    elif kind == "card-points" and not family_of(spec).goal:   # point-trick games: the cards in the tricks score
        goal = "win the tricks that hold the cards worth points" + (", and the last trick" if sc.last_trick else "")
    elif kind == "schedule":
        goal = "score best under each hand's contract, in the order the schedule gives"
    elif kind == "countdown":
        goal = "be the first to give up all your " + (phrases.plural_noun(spec.deal.tokens.name)
                                                       if getattr(spec.deal, "tokens", None) else "tokens")
    else:
        goal = shedding_goal(spec)
    extra = mechanics(spec)
    if extra:
        goal += "; " + "; ".join(extra)
    cond = spec.ending.condition
    who = phrases.a_an(derived.side_word(spec))
    end = {
        "target": lambda: f"the game ends when {who} reaches {_points(getattr(cond, 'points', 0))}",
        "threshold": lambda: f"the game ends when {who} falls to {phrases.signed(-getattr(cond, 'points', 0))}",
        "rounds": lambda: "one hand per player",
        "schedule": lambda: "the game ends with the schedule's last hand",
        "shrinking": lambda: "hands shrink by one card each" + (", then grow back" if getattr(cond, "back_up", False) else ""),
    }.get(cond.kind)
    text = phrases.cap(goal)
    if end is not None:
        text += "; " + end()
    return text + ("" if cond.kind == "tokens" else "; the highest total wins")


def _sides_text(spec: GameSpec) -> str:
    """How the players play: each for themselves, or in partnerships or teams of a size."""
    sides = spec.players.sides
    if spec.players.coalition is not None:
        return "; each hand, whoever names trumps plays alone against the others together"
    if sides is None:
        return ", each for themselves"
    word = f"{'partnerships' if sides.size == 2 else 'teams'} of {phrases.num(sides.size)}"
    counts = spec.players.counts()
    sided = [n for n in counts if sides.applies(n)]
    if len(sided) == len(counts):
        return f" in {word}"
    # at the other counts each plays alone (the rules' *Setup* says so): name the counts in sides
    return f", in {word} with {phrases.join_or(phrases.num(n) for n in sided)}, otherwise each for themselves"


def _points(n: int) -> str:
    """Points in the quick reference's digits: "1 point", "100 points"."""
    return f"{n} point" if n == 1 else f"{n} points"


def quick_reference_rows(spec: GameSpec) -> list[tuple[str, str]]:
    """The rows of the quick reference, by label."""
    return [
        ("Players", players_text(spec) + _sides_text(spec)),
        ("Cards", cards_text(spec)),
        ("Suits", suits_text(spec)),
        ("Deal", deal_text(spec)),
        ("Trumps", trumps_text(spec)),
        ("Goal", goal_text(spec)),
    ]


__all__ = ["PACK_NAMES", "SUIT_SYMBOLS", "TRUMP_PHRASES", "cards_text", "deal_text", "goal_text", "players_text",
           "quick_reference_rows", "suits_text", "trumps_text"]
