"""Scoring a shedding hand (SC-A1…SC-A4), the same for climbing, matching and melding: each family's
scorer extends ``SheddingScorer`` with its own rules (``make_rules``) and its own facts of a
finished hand (``facts``: who won it, which cards are left), and nothing else. Climbing adds trick
scoring for games whose piles are taken as tricks (``climbing.scoring``).

* ``countdown`` (SC-A1, SC-B): the first out gives up a token, two with a revealed pig. A
  countdown game's scores *are* the tokens given up: a player holds their starting number less
  their total, and the game ends when a total reaches the starting number (EN-01,
  ``engine.ending``).
* ``first-out`` (SC-A4): the first out scores 1, and 1 more with a revealed pig.
* ``card-count`` and ``card-values`` (SC-A2): cards left in hand (a revealed pig counts as
  ``pig_cards`` cards; rows are not counted) or their worth by the table (court ranks are the
  pack's court cards, numbers their pips or 1, a revealed pig its own value, a row left empty
  worth nothing, cards left in rows 1 each). The winner gains the others' total, or each other
  player loses their own. ``low_finish_double``: doubled when the final play held only cards of
  the lowest rank. Knock-five: the knocker wins (a hand's worth for knocking is its cards' face
  values, as the catalogue words it, whatever the payment). ``stock_out`` never fires where a
  deal leaves no stock to run out (climbing).
* ``landlord-stake`` (SC-A2 with BD-03): the landlord wins or pays the bid to each opponent,
  doubled for every bomb and rocket played, and doubled again for a payment whose payer or payee
  holds the revealed pig.
* ``titles`` (SC-A3): the first out takes the title and scores ``first`` (and a point per card
  left in the kitty); with ``retire`` the second out is the vice (``second``) and the last left is
  the loser; without, the single player with the most cards left (hand and rows) is the loser.
  A revealed pig scores for the title holder or the loser; with a landlord, the landlord's stake
  is settled on whether they took the title.
* Points scored at once (``bonus``: matching's ``points`` effects, P20; melding's pig in a meld)
  are added on top of the hand's scores.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...spec import GameSpec, derived
from ...spec.deck import MAJORS
from ..cards import CardTable, cards_in
from ..steps.pig import pig_card

if TYPE_CHECKING:   # pragma: no cover
    from ..state import State


#: What a shedding hand keeps of going out, declared once for every shedding family's card play:
#: the seats in the order they went out, the knocker, and the final play (an action).
GOING_OUT = {"out": [], "knocker": None, "last_play": 0}
#: The titles of the hand just played (title, vice, loser), read by the next hand: a game field.
TITLES = {"titles_won": None}


@dataclass
class SheddingFacts:
    """What the scorer needs to know about a finished shedding hand."""

    out: list[int]                       # seats in the order they went out
    hands: list[list[int]]               # cards left in each hand
    rows: list[int]                      # cards left in each player's rows (face up and down)
    winner: int | None                   # the first out, or the knocker
    last_play: int = 0                   # the final play (an action)
    pig: int | None = None               # the pig card, if it was revealed
    landlord: int | None = None
    landlord_bid: int = 0
    bombs: int = 0
    kitty_left: int = 0
    bonus: list[int] = field(default_factory=list)   # points scored at once, on top of the hand's


class SheddingScorer:
    """The shedding families' hand scorer; a family gives its rules and its facts."""

    RECORD_ORDER = ("dealer", "deals", "out", "left", "scores", "totals", "tricks", "won", "landlord", "bombs",
                    "titles", "bonus")
    RECORD_OPTIONAL = frozenset({"tricks", "won", "landlord", "bombs", "titles", "bonus"})
    uses_in_play = False

    def __init__(self, spec: GameSpec, table: CardTable):
        s = spec.scoring
        self.spec = spec
        self.s = s
        self.kind = s.kind
        self.table = table
        self.pig_card = pig_card(spec, table)
        self.rules = self.make_rules(spec, table)
        self.retire = s.kind == "titles" and s.retire
        self.double_low = bool(getattr(s, "low_finish_double", False))
        self.value = self._values() if s.kind == "card-values" else None
        self.has_kitty = spec.deal.kitty is not None

    def make_rules(self, spec: GameSpec, table: CardTable) -> Any:
        """The family's card rules, for the rank levels (``level``: 0 the lowest rank, -1 a joker)
        that ``low_finish_double`` and the cards passed between titles hands read."""
        raise NotImplementedError(type(self).__name__)

    def _values(self) -> list[int]:
        """Each card's worth in a hand by the card-value table (SC-A2)."""
        v = self.s.values
        t = self.table
        deck = self.spec.deck
        courts = derived.COURT_VALUES[deck.kind]
        out = []
        for c in range(t.size):
            suit = t.suit_names[t.suit[c]] if t.suit[c] < len(t.suit_names) else None
            rank = t.rank[c]
            if c in t.jokers:
                worth = v.jokers
            elif suit == MAJORS:
                worth = v.majors
            elif rank in courts:
                worth = v.faces
            elif rank == "A":
                worth = v.aces
            else:
                worth = int(rank) if v.numbers == "pips" else 1
            out.append(worth or 0)
        return out

    # -- what the engine asks of a family's scorer ---------------------------------------------

    def facts(self, state: "State") -> SheddingFacts:
        """The family's facts of the hand just finished (who won it, the cards left)."""
        raise NotImplementedError(type(self).__name__)

    def titles(self, f: SheddingFacts) -> tuple[int | None, int | None, int | None] | None:
        """(title, vice, loser) of a titles hand, else None."""
        if self.kind != "titles":
            return None
        n = len(f.hands)
        title = f.winner
        if self.retire:
            vice = f.out[1] if self.s.vice is not None and len(f.out) > 1 else None
            left = [p for p in range(n) if p not in f.out]
            loser = left[0] if len(left) == 1 else None
        else:
            vice = None
            held = [len(h) + r for h, r in zip(f.hands, f.rows)]
            most = max(held)
            loser = held.index(most) if held.count(most) == 1 and held.index(most) != title else None
        return title, vice, loser

    def record(self, state: "State", f: SheddingFacts) -> dict[str, Any]:
        out: dict[str, Any] = {"out": list(f.out), "left": [len(h) for h in f.hands]}
        out["landlord"] = f.landlord
        out["bombs"] = f.bombs or None
        out["titles"] = list(self.titles(f)) if self.kind == "titles" else None
        out["bonus"] = list(f.bonus) if any(f.bonus) else None
        return out

    def instant_winner(self, f: SheddingFacts) -> int | None:
        return None

    # -- scores ----------------------------------------------------------------------------

    def score(self, f: SheddingFacts) -> list[int]:
        scores = self._hand_scores(f)
        if f.bonus:
            scores = [s + b for s, b in zip(scores, f.bonus)]
        return scores

    def _hand_scores(self, f: SheddingFacts) -> list[int]:
        n = len(f.hands)
        scores = [0] * n
        kind = self.kind
        w = f.winner
        if kind == "titles":
            return self._titles(f)
        if w is None:
            return scores
        if kind in ("countdown", "first-out"):
            scores[w] = 2 if f.pig is not None else 1
            return scores
        if kind == "landlord-stake":
            scores = self._stake(f, w == f.landlord)
        else:
            worth = self._worth(f)
            if self.s.losers_lose:
                scores = [0 if p == w else -worth[p] for p in range(n)]
            else:
                scores[w] = sum(worth[p] for p in range(n) if p != w)
        if self.double_low and f.last_play and self._all_lowest(f.last_play):
            scores = [2 * x for x in scores]
        return scores

    def _worth(self, f: SheddingFacts) -> list[int]:
        if self.kind == "card-count":
            extra = (self.s.pig_cards - 1) if (self.s.pig_cards and f.pig is not None) else 0
            return [len(h) + (extra if f.pig in h else 0) for h in f.hands]
        v = self.value
        pig_value = self.s.values.pig
        out = []
        for h, rows in zip(f.hands, f.rows):
            total = rows
            for c in h:
                total += pig_value if (c == f.pig and pig_value is not None) else v[c]  # type: ignore[index]
            out.append(total)
        return out

    def _all_lowest(self, action: int) -> bool:
        level = self.rules.level
        return all(level[c] == 0 for c in cards_in(action))

    def _stake(self, f: SheddingFacts, landlord_won: bool) -> list[int]:
        n = len(f.hands)
        scores = [0] * n
        ll = f.landlord
        if ll is None:
            return scores
        base = f.landlord_bid * (2 ** f.bombs)
        pig_at = next((p for p, h in enumerate(f.hands) if f.pig is not None and f.pig in h), None)
        for p in range(n):
            if p == ll:
                continue
            pay = base * (2 if pig_at in (p, ll) else 1)
            sign = 1 if landlord_won else -1
            scores[ll] += sign * pay
            scores[p] -= sign * pay
        return scores

    def _titles(self, f: SheddingFacts) -> list[int]:
        s = self.s
        n = len(f.hands)
        scores = [0] * n
        titles = self.titles(f)
        title, vice, loser = titles  # type: ignore[misc]
        if title is not None:
            scores[title] += s.first + (f.kitty_left if self.has_kitty else 0)
        if vice is not None and s.second is not None:
            scores[vice] += s.second
        if loser is not None:
            scores[loser] -= s.loser_penalty
        if s.pig is not None and f.pig is not None:
            seat = title if s.pig.who == "title" else loser
            if seat is not None:
                scores[seat] += s.pig.points
        if f.landlord is not None:
            for p, x in enumerate(self._stake(f, title == f.landlord)):
                scores[p] += x
        return scores


# -- the end of a shedding hand ----------------------------------------------------------------------

def close_hand(scorer: SheddingScorer, state: "State", into: list[int], *more: list[list[int]]) -> Any:
    """Score the hand's facts and titles, then gather every card still held into ``into``.

    The facts are taken before the gathering (they count what is left in hands and rows); the
    gathering is needed because hands are game-long: a decision before the next deal, such as
    inventing a law, must not find cards in anyone's hand. ``more`` names a family's own per-seat
    piles, gathered after each seat's hand and rows (the order keeps every seeded game the same).
    Returns the facts, for ``state.end_hand``. A search's copy (``State.end_after_hand``) ends
    with this hand and is read for its scores only: its cards are left where they lie (a
    rollout of a strong bot ends here, hundreds of thousands of times in a playtest)."""
    facts = scorer.facts(state)
    state.titles_won = scorer.titles(facts)
    if state.cut_after_hand:
        return facts
    for p in range(state.n):
        for pile in (state.hands[p], state.rows_up[p], state.rows_down[p], *(seats[p] for seats in more)):
            into.extend(pile)
            pile.clear()
    return facts


class NextHand:
    """The shedding families' ``after_hand``, mixed in before ``Phase``: the seats the hand's titles
    name choose who deals and who makes a rule next. Needs ``loser_deals`` and ``rule_maker`` on the
    phase and ``titles_won`` (first, second, last out) on the state."""

    loser_deals: bool
    rule_maker: int | None

    def after_hand(self, state: "State", scores: list[int]) -> None:
        """WU-05: the loser deals the next hand (the state then moves the deal one to the left).
        SC-A5: in a titles game the title holder (or the vice, as the spec says) makes the next
        bonus rule, in place of the hand's best scorer (this runs after the laws' own hook)."""
        titles = state.titles_won
        if self.loser_deals and titles is not None and titles[2] is not None:
            state.dealer = (titles[2] - 1) % state.n
        if self.rule_maker is not None and titles is not None and state.inventors:
            seat = titles[self.rule_maker]
            if seat is not None:
                state.inventors = [seat]
