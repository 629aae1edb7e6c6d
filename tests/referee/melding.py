"""The melding referee, written from the rulebook's *Play* section (``templates/families/melding/
play.md.j2``) without the engine's code: what a meld is, which lay-offs keep a meld valid, what
may be drawn and discarded. Cards are named as the rulebook names them ("7 of hearts", "red joker").

The sentences it referees:

* "A *meld* is a *set*, three or more cards of one rank, such as three Kings, or a *run*, three or
  more cards next to each other in the rank list, all of one suit (or of any suits), such as the
  Six, Seven and Eight of hearts. Runs follow the rank list of *The cards* and do not go round the
  corner" (unless "the lowest rank may also follow the top rank" at a run's high end); "a single
  <rank> is also a meld by itself"; "Jokers are wild. A joker stands for any card a meld needs, but
  every meld must hold at least one card that is not a joker"; "A meld may hold at most one joker";
  "the cards of the wild rank" are wild too.
* "The player may lay off any number of cards from their hand on any player's melds (on their own
  melds), as long as each meld stays valid: a set takes another card of its rank, a run a card next
  to either end."
* "Drawing. The player takes the top card of the stock, or the top card of the discard pile."
* "Discarding. The player ends their turn by laying one card from their hand face up on the discard
  pile. It may not be a card they took from a discard pile in this turn" (unless it may).
"""

from __future__ import annotations

from dataclasses import dataclass

from .pack import is_joker, is_major, rank_of, suit_of

#: What the referee leaves to the engine, and why (the watcher skips these, by name).
NOT_REFEREED = {
    "which melds are offered": "the engine offers the melds of a hand's ranks and stretches (each three, and the "
                               "whole), not every subset: the referee checks that each offered meld is valid, not that "
                               "every meld is offered",
    "a lay-off with a joker": "a joker in the meld, or laid off, stands for the card the meld needs where it lies",
    "one-action turns, rearranging, full houses, dumps, stumps, joker swaps": "Machiavelli's turn and the table's "
                                                                             "rearranging are left to the engine",
    "drawing under conditions": "two cards from the stock, the kitty, wiping a pile, the block, melding first, "
                                "melding what was taken",
    "two discard piles, invented laws": "a card is discarded on either pile; the laws a player knows bar cards",
    "a tarot pack": "each major stands on a ladder of its own numbers",
    "who plays next, and special scores": "deserting, knocking, the stock running out, the pig in a meld and "
                                         "penalties are left to the engine",
    "a blocked hand's tie": "the tied player whose turn it is or comes soonest wins",
}


@dataclass(frozen=True)
class Rules:
    ranks: tuple[str, ...]          # the rank list, low to high (a run climbs it)
    suits: int
    same_suit: bool
    wrap: bool                      # the lowest rank may follow the top rank at a run's high end
    single: str | None
    one_joker: bool
    lay_off: str | None             # "any", "own" or None
    discard_taken: bool
    keep_card: bool                 # "a player may never empty their hand by melding or laying off"

    @classmethod
    def of(cls, spec) -> "Rules":
        p = spec.play
        return cls(tuple(reversed(spec.deck.ranks())), len(spec.deck.suits()), p.melds.runs == "same-suit",
                   spec.deck.run_wrap, p.melds.single, p.one_joker, p.lay_off, p.draw.discard_taken,
                   p.melds.keep_card)


def is_wild(card: str, wild_rank: str | None) -> bool:
    return is_joker(card) or (wild_rank is not None and not is_major(card) and rank_of(card) == wild_rank)


def valid_meld(r: Rules, cards: list[str], wild_rank: str | None = None) -> bool:
    """Whether ``cards`` make a meld, as the rulebook defines one."""
    wild = [c for c in cards if is_wild(c, wild_rank)]
    natural = [c for c in cards if c not in wild]
    if not natural or (r.one_joker and len(wild) > 1):
        return False
    if len(cards) == 1:
        return r.single is not None and not wild and rank_of(natural[0]) == r.single
    if len(cards) < 3:
        return False
    if len({rank_of(c) for c in natural}) == 1 and len(cards) <= r.suits and \
            len({suit_of(c) for c in natural}) == len(natural):
        return True   # a set (each card of a different suit, so never more than the suits)
    return _run(r, natural, len(wild))


def _run(r: Rules, natural: list[str], wilds: int) -> bool:
    """"Three or more cards next to each other in the rank list", one card a rank, jokers filling
    the gaps or lengthening it; with the wrap the lowest rank may also stand just above the top."""
    if r.same_suit and len({suit_of(c) for c in natural}) > 1:
        return False
    ranks = [rank_of(c) for c in natural]
    if len(set(ranks)) < len(ranks):
        return False
    length = len(natural) + wilds
    places = [[r.ranks.index(x)] for x in ranks]
    if r.wrap:   # the lowest rank may stand at the top too
        places = [p + [len(r.ranks)] if p[0] == 0 else p for p in places]
    longest = len(r.ranks) + (1 if r.wrap else 0)
    if length > len(r.ranks):
        return False

    def fits(chosen: list[int]) -> bool:
        """Some stretch of ``length`` places of the rank list holds every natural card's place."""
        if len(set(chosen)) < len(chosen):
            return False
        return any(lo <= min(chosen) and max(chosen) <= lo + length - 1 for lo in range(0, longest - length + 1))

    def choose(i: int, chosen: list[int]) -> bool:
        if i == len(places):
            return fits(chosen)
        return any(choose(i + 1, chosen + [p]) for p in places[i])

    return choose(0, [])


def lay_off_keeps(r: Rules, meld: list[str], card: str) -> bool:
    """"A set takes another card of its rank, a run a card next to either end": the meld with the
    card added is still a meld (melds and card without jokers: the watcher asks no other)."""
    return valid_meld(r, meld + [card])
