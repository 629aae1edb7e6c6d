"""The shedding deal's own parts, after the shared deal, for every shedding family: countdown
tokens (DL-04) and face-down rows (DL-12).

* **Tokens**: each player is dealt as many cards as they hold tokens. A countdown game's scores
  count the tokens given up (``scoring``), so a player holds the starting number less their
  total. The shared deal gives everyone the starting number; from the second hand on this
  phase gathers the pack again and deals each player their own number, one card at a time from
  the dealer's left, the rest staying undealt.
* **Rows**: each player is dealt three cards face down and three face up on them, from the cards
  the hands left (fewer if the pack runs short: as many face-down and face-up cards as it allows
  for every player alike).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..phase import Phase, per_seat

if TYPE_CHECKING:   # pragma: no cover
    from ...spec import GameSpec
    from ..state import Game, State

ROW = 3
#: The face-down rows of a hand (SH-02) as the card play keeps them, declared once for every
#: shedding family: each seat's face-up and face-down row, and the face-down cards turned so far.
ROWS = {"rows_up": per_seat(list), "rows_down": per_seat(list), "revealed": []}


def tokens_held(state: "State") -> list[int]:
    """Tokens each player holds now (the starting number less those given up)."""
    ph = state.game.phase(DealTokensAndRows)
    start = ph.start_tokens if ph is not None else 0
    return [max(0, start - t) for t in state.totals]


class DealTokensAndRows(Phase):
    views = {"tokens": lambda s, p: tokens_held(s) if s.game.phase(DealTokensAndRows) else None}

    def __init__(self, game: "Game"):
        super().__init__(game)
        spec = game.spec
        self.counting = spec.deal.tokens is not None and spec.scoring.kind == "countdown" \
            and isinstance(spec.deal.hand_size, int)
        self.start_tokens = spec.deal.hand_size if self.counting else 0
        self.rows = spec.deal.rows

    @classmethod
    def needed(cls, spec: "GameSpec") -> bool:
        return spec.deal.tokens is not None or spec.deal.rows

    def start(self, state: "State") -> bool:
        n = state.n
        if self.counting and state.hand_no > 0:
            held = tokens_held(state)
            pack = [c for h in state.hands for c in h] + state.stock
            state.shuffle(pack)
            hands: list[list[int]] = [[] for _ in range(n)]
            order = [(state.dealer + 1 + k) % n for k in range(n)]
            at = 0
            for r in range(max(held)):
                for p in order:
                    if r < held[p] and at < len(pack):
                        hands[p].append(pack[at])
                        at += 1
            for h in hands:
                h.sort()
            state.hands = hands
            state.stock = pack[at:]
        if self.rows:
            each = min(ROW, len(state.stock) // (2 * n))
            stock = state.stock
            for k in range(n):
                p = (state.dealer + 1 + k) % n
                state.rows_down[p] = stock[:each]
                state.rows_up[p] = stock[each:2 * each]
                del stock[:2 * each]
        return False
