"""The trick-taking referee: what may be played, who wins a trick, who leads next and what a hand
scores, each written from the sentences of the rulebook's *Play* and *Scoring* sections
(``templates/families/trick_taking/play.md.j2``, ``templates/scoring/``) and the spec's fields.
Nothing here comes from the engine.

A card on the table is a pair (the card played, the card it counts as): they differ only for a
wild joker, which "counts as that card for following suit and for winning the trick"."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .pack import Pack, is_joker, rank_of, suit_of

#: The jokers' own suit, in a hand with no trump suit: "they form a trump suit of their own".
JOKER_SUIT = "jokers"
PASS = "pass"

#: What the referee leaves to the engine, and why (the driver skips these parts, by name).
NOT_REFEREED = {
    "which suit is trumps": "the trump suit is taken as the players see it announced (turned, called, rotated, "
                            "revealed in play); the referee judges play and scoring under it",
    "bidding, the auction, robbing, the exchange": "decisions before play; their outcomes (bids, the landlord "
                                                  "and the stake, the cards held) are read as announced",
    "secret laws broken": "a card that breaks a secret law its player does not know goes back to the hand; the "
                          "referee judges the laws the player knows, and does not count a card that came back",
    "the next leader under invented laws": "a law's effect (lead next, reverse, skip) changes who leads; the "
                                           "referee does not follow the effects",
    "the length of a trick under invented laws": "a skip or a pass leaves a trick short",
    "a hand thrown in before play": "a hand that ends before the first lead has no tricks; its scores are not "
                                    "checked",
    "bidding every trick and winning them all": "it ends the game; it does not score a hand",
    "the contract of a schedule's hand": "the contract and the mode the dealer chose are read as announced (the "
                                         "record's); the referee scores the hand by that contract's row",
}


@dataclass(frozen=True)
class Rules:
    pack: Pack
    p: object                       # the spec's play section
    scoring: object
    wild: bool
    pig: str | None                 # the pig card, if the game has one
    top_point: bool
    auction: bool
    kitty_name: str | None
    bowers: bool = False            # "the Jack of trumps, the right bower, is the highest trump …"

    @classmethod
    def of(cls, spec) -> "Rules":
        pig = spec.setup.pig
        return cls(Pack.of(spec), spec.play, spec.scoring, spec.play.jokers == "wild" and spec.deck.jokers > 0,
                   pig.card if pig else None, spec.setup.top_trump_point, spec.bidding.auction is not None,
                   spec.deal.kitty.name if spec.deal.kitty else None, spec.setup.bowers)


@dataclass
class Position:
    """What the player to play sees."""

    seat: int
    hand: list[str]
    trick: list[tuple[int, str, str]]          # (seat, card played, card it counts as), in order
    earlier: list[list[tuple[int, str, str]]]  # the hand's finished tricks
    trump: str | None
    anti: str | None = None
    pig_shown: bool = False
    laws: list[str] = field(default_factory=list)   # the laws this player knows, as they are told
    partners: tuple[int, ...] = ()                  # the seats playing with this one ("partners play as one")


# -- suits and heights ---------------------------------------------------------------------

def suit(r: Rules, card: str, trump: str | None) -> str:
    """The suit a card counts in: a joker (not wild) belongs to the trump suit, or with no trump
    suit to the jokers' own trump suit."""
    if is_joker(card):
        return trump if trump is not None else JOKER_SUIT
    if r.bowers and trump is not None and _bower(card, trump) == 1:
        return trump   # "the left bower … for the whole hand it is a trump, not a card of its own suit"
    return suit_of(card)


#: "the other Jack of the same colour": each French suit's partner in colour.
SAME_COLOUR = {"hearts": "diamonds", "diamonds": "hearts", "spades": "clubs", "clubs": "spades"}


def _bower(card: str, trump: str) -> int | None:
    """0 for the right bower (the Jack of trumps), 1 for the left, None for any other card."""
    if rank_of(card) != "J":
        return None
    s = suit_of(card)
    return 0 if s == trump else 1 if SAME_COLOUR.get(trump) == s else None


def winning_suit(r: Rules, trump: str | None) -> str | None:
    """The suit whose cards are trumps: the trump suit, or the jokers' own when there is none."""
    if trump is not None:
        return trump
    return JOKER_SUIT if r.pack.cards and any(is_joker(c) for c in r.pack.cards) and not r.wild else None


def height(r: Rules, card: str, trump: str | None = None) -> int:
    """Height within a suit. Jokers: "top", the trump suit's two highest cards, red above black;
    "split", red its highest and black its lowest; "bottom", its two lowest. Bowers: the right
    bower the highest trump, the left the next (after the jokers on top)."""
    if is_joker(card):
        red = card == "red joker"
        return {"top": 1000 + red, "split": 1000 if red else -1000,
                "bottom": -1000 + red}[r.p.jokers]
    if r.bowers and trump is not None and _bower(card, trump) is not None:
        return 500 - _bower(card, trump)
    return r.pack.in_suit(card)


def across(r: Rules, card: str, trump: str | None = None) -> int:
    """Height between cards of any suits ("ranks higher", "lowest-ranking", "of any suit")."""
    if is_joker(card) or (r.bowers and trump is not None and _bower(card, trump) is not None):
        return height(r, card, trump)
    return r.pack.across(card)


# -- what may be played --------------------------------------------------------------------

def _as_could_be(r: Rules, hand: list[str]) -> list[str]:
    """A wild joker may be named as any card but a joker: what the hand could play."""
    real = [c for c in hand if not is_joker(c)]
    if r.wild and len(real) < len(hand):
        return sorted(set(real) | {c for c in r.pack.cards if not is_joker(c)})
    return real if r.wild else list(hand)


def _lead(r: Rules, pos: Position, options: list[str]) -> list[str]:
    p, trump = r.p, pos.trump
    first_trick = not pos.earlier
    trumps = winning_suit(r, trump)
    if p.opening_lead == "no-trump" and first_trick and trumps is not None:
        # "The first lead of the hand may not be a trump unless the leader holds only trumps."
        options = [c for c in options if suit(r, c, trump) != trumps] or options
    if p.breaking is not None:
        s = p.breaking.suit
        broken = any(suit(r, a, trump) == s for t in pos.earlier for _, _, a in t)
        if not broken:
            # "… may not be led until one has been played to an earlier trick, unless the leader holds nothing else"
            options = [c for c in options if suit(r, c, trump) != s] or options
    if p.first_trick_ban and first_trick:
        options = [c for c in options if suit(r, c, trump) != p.first_trick_ban] or options
    return options


def _follow(r: Rules, pos: Position, hand: list[str]) -> list[str]:
    p, trump = r.p, pos.trump
    trick = [a for _, _, a in pos.trick]
    led = suit(r, trick[0], trump)
    trumps = winning_suit(r, trump)
    if p.following == "free":
        options = hand
    elif p.following == "follow-or-trump":
        options = [c for c in hand if suit(r, c, trump) in (led, trumps)] or hand
    else:
        options = [c for c in hand if suit(r, c, trump) == led]
        if not options:
            options = _unable(r, pos, hand, trick) or hand
    if p.first_trick_ban and not pos.earlier:
        options = [c for c in options if suit(r, c, trump) != p.first_trick_ban] or options
    return options


def _unable(r: Rules, pos: Position, hand: list[str], trick: list[str]) -> list[str]:
    """What a player who cannot follow suit must play if able (``play.otherwise``)."""
    rule, trump = r.p.otherwise, pos.trump
    if rule == "trump":
        trumps = winning_suit(r, trump)
        return [c for c in hand if suit(r, c, trump) == trumps]
    if rule == "higher":
        top = max(across(r, c, trump) for c in trick)
        return [c for c in hand if across(r, c, trump) > top]
    if rule == "new-suit":
        seen = {suit(r, c, trump) for c in trick}
        return [c for c in hand if suit(r, c, trump) not in seen]
    if rule == "new-rank":
        seen = {rank_of(c) for c in trick}
        return [c for c in hand if rank_of(c) not in seen]
    return []


def legal_plays(r: Rules, pos: Position, opening: bool = False) -> set[str]:
    """Every play the rules allow: a card's name, "<joker> as the <card>" for a wild joker, or
    "pass" when the laws leave nothing. ``opening``: this is the first lead of the hand."""
    p, trump = r.p, pos.trump
    if opening and p.opening_leader == "holder" and p.opening_card in pos.hand:
        return {p.opening_card}   # "The player who holds X leads it to the first trick"
    could, hand = _as_could_be(r, pos.hand), pos.hand
    plays = _lead(r, pos, could) if not pos.trick else _follow(r, pos, could)
    if p.joker_lead and pos.trick and is_joker(pos.trick[0][1]):
        # "When a joker is led, each other player must play their highest <suit> if they hold one"
        held = [c for c in pos.hand if not is_joker(c) and suit(r, c, trump) == p.joker_lead]
        if held:
            plays = [max(held, key=lambda c: height(r, c, trump))]
            hand = [c for c in pos.hand if not is_joker(c)]   # that card itself, not a joker named as it
    named = _named(r, hand, plays)
    if r.pig and pos.pig_shown and r.pig in pos.hand and p.pig_lead != "free":
        named = _pig(r, pos, named)   # the pig itself: a wild joker named as its card is not the pig
    if getattr(p, "overtake", None) and pos.trick:
        named = _overtaking(r, pos, named)
    if pos.laws:
        named = {c for c in named if not any(_law_forbids(r, law, _counts_as(c), pos) for law in pos.laws)} or {PASS}
    return named


def _overtaking(r: Rules, pos: Position, plays: set[str]) -> set[str]:
    """The rulebook's "Of the cards a player may play, they must play one that beats every card
    already in the trick, if they hold one, unless their partner's card is winning the trick"."""
    trick = pos.trick
    if r.p.overtake == "unless-partner" and trick[trick_winner(r, trick, pos.trump, pos.anti)][0] in pos.partners:
        return plays
    beat = {c for c in plays if trick_winner(r, trick + [(pos.seat, c, _counts_as(c))], pos.trump, pos.anti) == len(trick)}
    return beat or plays


def _pig(r: Rules, pos: Position, plays: set[str]) -> set[str]:
    """"Once shown, the pig may not be led unless it is its holder's only card of its suit";
    no-lead-or-first: nor played to the first trick of the hand in which its suit is led."""
    trump = pos.trump
    s = suit(r, r.pig, trump)
    if sum(1 for c in pos.hand if suit(r, c, trump) == s) == 1:
        return plays
    if not pos.trick:
        barred = True
    else:
        led_before = any(suit(r, t[0][2], trump) == s for t in pos.earlier)
        barred = (r.p.pig_lead == "no-lead-or-first" and not led_before and suit(r, pos.trick[0][2], trump) == s)
    return (plays - {r.pig} or plays) if barred else plays


def _named(r: Rules, hand: list[str], plays: list[str]) -> set[str]:
    out = {c for c in plays if c in hand}
    if r.wild:
        for j in (c for c in hand if is_joker(c)):
            out |= {f"{j} as the {c}" for c in plays if not is_joker(c)}
    return out


def _counts_as(play: str) -> str:
    return play.split(" as the ", 1)[1] if " as the " in play else play


def played(play: str) -> tuple[str, str]:
    """(card that leaves the hand, card it counts as) of a play's name."""
    return (play.split(" as the ", 1)[0], _counts_as(play))


# -- invented laws, as the players are told them -----------------------------------------------

_NO_LEAD = re.compile(r"^no (\S+) may be led$")
_NO_AFTER = re.compile(r"^no (\S+) card directly after an? (\S+) card$")


def _law_forbids(r: Rules, law: str, card: str, pos: Position) -> bool:
    m = _NO_LEAD.match(law)
    if m:
        return not pos.trick and rank_of(card) == m.group(1)
    m = _NO_AFTER.match(law)
    if m:
        return bool(pos.trick) and suit(r, card, pos.trump) == m.group(1) and \
            suit(r, pos.trick[-1][2], pos.trump) == m.group(2)
    return False


def law_effects(laws: list[str], card: str) -> list[str]:
    """"after a 7: skip" and the like: what playing ``card`` does under the laws in force."""
    out = []
    for law in laws:
        m = re.match(r"^after an? (\S+): (\S+)$", law)
        if m and rank_of(card) == m.group(1):
            out.append(m.group(2))
    return out


# -- who wins, who leads next -------------------------------------------------------------------

def trick_winner(r: Rules, trick: list[tuple[int, str, str]], trump: str | None, anti: str | None) -> int:
    """Position in the trick of the winning card. "The trick is won by the highest trump in it or,
    if it holds no trump, by the highest card of the suit led" (or of any suit, or the weak led
    suit's rule); an anti-trump in the trick makes trumps count for nothing; between equal
    cards the one played first wins."""
    cards = [a for _, _, a in trick]
    trumps = winning_suit(r, trump)
    if trumps is not None and not (anti and any(suit(r, c, trump) == anti for c in cards)):
        best = _best(cards, lambda c: suit(r, c, trump) == trumps, lambda c: height(r, c, trump))
        if best is not None:
            return best
    led = suit(r, cards[0], trump)
    if r.p.weak_led_suit:
        best = _best(cards, lambda c: suit(r, c, trump) != led, lambda c: across(r, c, trump))
        if best is not None:
            return best
        return _best(cards, lambda c: True, lambda c: height(r, c, trump))
    if r.p.winner == "any-suit":
        return _best(cards, lambda c: True, lambda c: across(r, c, trump))
    return _best(cards, lambda c: suit(r, c, trump) == led, lambda c: height(r, c, trump))


def _best(cards: list[str], eligible, key) -> int | None:
    best = None
    for i, c in enumerate(cards):
        if eligible(c) and (best is None or key(c) > key(cards[best])):
            best = i
    return best


def trick_length(r: Rules, trick: list[tuple[int, str, str]], n: int, all_hold: bool) -> int:
    """Everyone plays one card; "a trick led with a Two is a boost trick: once everyone has played
    to it, it goes round a second time … it goes round twice only if every player still holds a
    card". (A tarot major has a number, not a rank: it leads no boost trick.)"""
    boost = r.p.boost
    return 2 * n if boost and rank_of(trick[0][2]) == boost.rank and all_hold else n


def next_leader(r: Rules, trick: list[tuple[int, str, str]], winner_seat: int, leader: int, n: int,
                direction: int = 1, trump: str | None = None) -> int:
    """"The winner of the trick leads to the next one", or the player to the left of its leader,
    or whoever played its lowest-ranking card (of any suit; the first played between equals)."""
    rule = r.p.next_leader
    if rule == "winner":
        return winner_seat
    if rule == "left-of-leader":
        return (leader + direction) % n
    low = 0
    for i, (_, _, c) in enumerate(trick):
        if across(r, c, trump) < across(r, trick[low][2], trump):
            low = i
    return trick[low][0]


# -- what a hand scores ---------------------------------------------------------------------

@dataclass
class Hand:
    """A finished hand as the table saw it."""

    won: list[list[str]]            # cards each seat took (tricks, and the kitty)
    tricks: list[int]               # tricks each seat won (the kitty counts as one)
    joker_tricks: list[int]         # tricks each seat won that held a joker
    in_play: set[str]               # the cards in the players' hands when the first trick was led
    trump: str | None
    bids: list[int | None] | None = None
    blind: list[bool] | None = None
    landlord: int | None = None
    stake: int = 0
    pig_shown: bool = False
    top_point: int | None = None    # who showed the highest trump for a point
    low: bool = False
    last: int | None = None         # who won the last trick ("winning the last trick of the hand")
    caller: int | None = None       # who named trumps ("the side of the player who named trumps")
    sides: list[int] | None = None  # the side of each seat, in partnerships
    way: object = None              # a schedule's hand: its contract's score, or the mode the dealer chose
    takers: list[int] | None = None               # each trick's taker, in order (a contract of the last tricks)
    trick_cards: list[list[str]] | None = None    # each trick's cards, in order


def _contract_scores(h: Hand) -> list[int]:
    """A hand of a schedule, by its row: "−20 for each heart taken", "325, less 75 for each trick won";
    a contract of the last tricks counts what their takers took in them alone."""
    way, sc = h.way, h.way.scoring   # type: ignore[union-attr]
    won, tricks = h.won, h.tricks
    if way.last:   # type: ignore[union-attr]
        won, tricks = [[] for _ in h.won], [0] * len(h.won)
        for taker, cards in list(zip(h.takers, h.trick_cards))[-way.last:]:   # type: ignore[arg-type, union-attr]
            won[taker] += cards
            tricks[taker] += 1

    def counted(pile: list[str], t: int) -> int:
        if sc.kind == "per-trick":
            return t
        if sc.kind == "avoid-suit":
            return sum(1 for c in pile if suit_of(c) == sc.suit)
        ranks, cards = {r.rank for r in sc.ranks}, {r.card for r in sc.cards}
        return sum((c.split(" of ")[0] in ranks) + (c in cards) for c in pile if " of " in c)
    return [way.start + way.points * counted(p, t) for p, t in zip(won, tricks)]   # type: ignore[union-attr]


def hand_scores(r: Rules, h: Hand) -> list[int]:
    """What each seat scores for the hand. In partnerships "partners play as one": the side's
    tricks and cards are counted together, and each partner scores the side's score."""
    if h.sides is not None:
        k = max(h.sides) + 1
        of = h.sides
        side = Hand([[c for p in range(len(of)) if of[p] == s for c in h.won[p]] for s in range(k)],
                    [sum(t for p, t in enumerate(h.tricks) if of[p] == s) for s in range(k)],
                    [sum(t for p, t in enumerate(h.joker_tricks) if of[p] == s) for s in range(k)], h.in_play, h.trump,
                    None if h.bids is None else [None if any(h.bids[p] is None for p in range(len(of)) if of[p] == s)
                                                 else sum(h.bids[p] for p in range(len(of)) if of[p] == s)
                                                 for s in range(k)],
                    None if h.blind is None else [all(h.blind[p] for p in range(len(of)) if of[p] == s) for s in range(k)],
                    None, 0, h.pig_shown, None if h.top_point is None else of[h.top_point], h.low,
                    None if h.last is None else of[h.last], None if h.caller is None else of[h.caller],
                    way=h.way, takers=None if h.takers is None else [of[t] for t in h.takers], trick_cards=h.trick_cards)
        per_side = hand_scores(r, side)
        return [per_side[of[p]] for p in range(len(of))]
    s = r.scoring
    if s.kind == "schedule":
        scores = _contract_scores(h)
    elif s.kind == "card-points":
        scores = _card_points(r, h)
    elif s.kind == "majority":
        scores = _majority(r, h)
    elif s.kind == "avoid-suit":
        scores = [_avoid(r, h, won) for won in h.won]
    else:
        scores = _by_tricks(r, h)
    if h.top_point is not None:
        scores[h.top_point] += 1   # "adds one point to their score for the hand, once, after the scores above"
    if h.landlord is not None:
        _settle(r, h, scores)
    ex = getattr(s, "extras", None)
    if ex is not None and ex.pig == "nothing" and h.pig_shown:
        taker = _taker(h, r.pig)
        if taker is not None:
            scores[taker] = 0
    if h.low:
        scores = [-x for x in scores]   # "every player's score for the hand, everything included, changes sign"
    return scores


def _card_points(r: Rules, h: Hand) -> list[int]:
    """"Each scores for the cards they took": the table's rows, the last trick, each trick won;
    "counted in threes … what is left over scores nothing"; "only the points beyond the first N"."""
    s = r.scoring
    by_rank = {row.rank: row.points for row in s.ranks}
    by_card = {row.card: row.points for row in s.cards}
    out = []
    for p, won in enumerate(h.won):
        x = sum(by_rank.get(c.split(" of ")[0], 0) if " of " in c else 0 for c in won) + sum(by_card.get(c, 0) for c in won)
        x += (s.last_trick or 0) * (p == h.last) + (s.per_trick or 0) * h.tricks[p]
        out.append(max(0, x // (s.groups or 1) - (s.beyond or 0)))
    return out


def _majority(r: Rules, h: Hand) -> list[int]:
    """"The side that took N tricks or more wins the hand and scores P; no one else scores", the
    caller's side scoring less and a side with every trick more."""
    s = r.scoring
    total = sum(h.tricks)
    out = []
    for p, t in enumerate(h.tricks):
        if t < s.needed:
            out.append(0)
        elif s.sweep is not None and t == total:
            out.append(s.sweep)
        elif s.caller_points is not None and p == h.caller:
            out.append(s.caller_points)
        else:
            out.append(s.points)
    return out


def _taker(h: Hand, card: str | None) -> int | None:
    return next((p for p, w in enumerate(h.won) if card in w), None)


def _avoid(r: Rules, h: Hand, won: list[str]) -> int:
    s, pack = r.scoring, r.pack
    taken = set(won)
    mine = {c for c in taken if suit_of(c) == s.suit}
    bonus = s.bonus_card.card if s.bonus_card else None
    if bonus in mine:
        mine.discard(bonus)   # "gains its taker N points, and costs nothing as a <suit>"
    in_play = {c for c in h.in_play if suit_of(c) == s.suit}
    score = 0
    if s.shoot_the_moon is not None and in_play and in_play <= taken:
        score += s.shoot_the_moon   # "loses nothing for them and instead gains N points"
    else:
        score -= sum(1 if s.per_card == "one" else pack.face(c) for c in mine)
    if s.penalty_card and s.penalty_card.card in taken:
        score -= s.penalty_card.points
    if bonus in taken:
        score += s.bonus_card.points
    if s.joker_loss:
        score -= s.joker_loss * sum(1 for c in taken if is_joker(c))
    if s.pig_points and h.pig_shown and r.pig in taken:
        score += s.pig_points
    if s.doubler and s.doubler.card in taken:
        score *= 2   # "doubles its taker's score for the hand"
    return score


def _by_tricks(r: Rules, h: Hand) -> list[int]:
    s = r.scoring
    ex = s.extras
    scores = []
    for p, t in enumerate(h.tricks):
        if ex.joker_tricks == "void":
            t -= h.joker_tricks[p]   # "a trick that holds a joker does not count as a trick won"
        bid = h.bids[p] if h.bids else None
        exact = bid is not None and t == bid
        if s.kind == "exact-bid":
            if exact:
                x = 10 + bid   # "ten points plus one point for each trick they bid"
            elif bid is not None and ((s.otherwise == "tricks-if-under" and t < bid)
                                      or (s.otherwise == "tricks-if-over" and t > bid)):
                x = t
            else:
                x = 0
        else:
            x = max(0, t - s.beyond)   # "one point for each trick they won beyond their first N"
            if exact and s.exact_bonus:
                x += s.exact_bonus
                if bid == 0 and s.zero_bonus:
                    x += s.zero_bonus
                if h.blind and h.blind[p] and s.blind_bonus:
                    x += s.blind_bonus
        if ex.joker_tricks == "bonus":
            x += h.joker_tricks[p]   # "one point more for each such trick"
        scores.append(x)
    if h.pig_shown and ex.pig in ("plus", "minus"):
        taker = _taker(h, r.pig)
        if taker is not None:
            scores[taker] += 1 if ex.pig == "plus" else -1
    if ex.top_trump != "none" and h.trump is not None:
        top = max(r.pack.cards_of(h.trump), key=lambda c: r.pack.in_suit(c))
        taker = _taker(h, top)
        if taker is not None:
            scores[taker] += 1 if ex.top_trump == "plus" else -1
    return scores


def _settle(r: Rules, h: Hand, scores: list[int]) -> None:
    """"Then the landlord settles with each other player for the stake": the landlord succeeds by
    winning more tricks than every other player (avoid-suit: taking all of the suit in play, or
    none of it)."""
    ll, n = h.landlord, len(scores)
    if r.scoring.kind == "avoid-suit":
        in_play = {c for c in h.in_play if suit_of(c) == r.scoring.suit}
        took = len(in_play & set(h.won[ll]))
        success = took == 0 or took == len(in_play)
    else:
        success = all(h.tricks[ll] > h.tricks[p] for p in range(n) if p != ll)
    sign = 1 if success else -1
    for p in range(n):
        if p != ll:
            scores[p] -= sign * h.stake
            scores[ll] += sign * h.stake
