"""One game at the table, seen from the person's seat: the bots play the other seats until the
person is to choose, the person's move is one of the numbered legal moves, and every move is
told as the seat may know it (``witness``).

Undo takes back the person's last choice: before each choice the session keeps a copy of the
game and of the bots (their random generators and what they remember), so that the game after an
undo is exactly the game it was — the same move again gives the same continuation. A move the
person cannot choose (one legal move) is made for them and is not a choice to undo.

Everything is seeded from the seating's seed: the deal (the engine's own generator), each bot
(``bots.bot_seed``), each hint."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from ..bots import bot_seed, make_bot
from ..engine import Game
from .hints import Advice, advise
from .moves import Move, numbered, pick
from .rules import RulesPart, rulebook_parts, sections_now
from .scores import ScoreSheet, Summary, score_sheet, summary
from .seating import Seating
from .view import TableView, seat_view
from .witness import Line, Witness

#: A game of bots and one person that runs past this many moves is stopped (the playtest's cap).
MOVE_CAP = 5_000
#: The person's choices that can be taken back, latest first (each kept copy holds the game and
#: the bots: a server with many tables keeps a bounded number).
UNDO_DEPTH = 100


class NotYourTurn(RuntimeError):
    """A move asked for when the game is over (the session plays the bots' moves itself)."""


@dataclass
class _Kept:
    """The game as it was before one of the person's choices (for undo)."""

    state: Any
    bots: list[Any]
    witness: Any
    log: int


@dataclass
class Session:
    spec: Any
    seating: Seating
    audit: bool = False
    game: Any = None
    state: Any = None
    log: list[Line] = field(default_factory=list)
    your_moves: int = 0
    undos: int = 0
    hints: int = 0
    left: bool = False

    def __post_init__(self) -> None:
        s = self.seating
        if self.game is None:
            self.game = Game(self.spec, move_cap=MOVE_CAP, audit=self.audit)
        self.state = self.game.new_initial_state(s.players, s.seed)
        options = {"rollouts": s.rollouts, "max_rollouts": s.max_rollouts}
        self.bots = [None if p == s.seat else make_bot(b, bot_seed(s.seed, p), **(options if b == "strong" else {}))
                     for p, b in enumerate(s.bots)]
        self.witness = Witness(self.game, s.seat, s.seat_name)
        self._kept: list[_Kept] = []
        self._rulebook: dict[str, RulesPart] | None = None
        self._run()

    # -- what the person sees --------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.is_terminal() or self.left

    def your_turn(self) -> bool:
        return not self.over and self.state.current == self.seating.seat

    def view(self) -> TableView:
        return seat_view(self.state, self.seating.seat, self.seating.bots)

    def moves(self) -> list[Move]:
        return numbered(self.state) if self.your_turn() else []

    def score_sheet(self) -> ScoreSheet:
        return score_sheet(self.state, self.seating.seat)

    def summary(self) -> Summary:
        return summary(self.state, self.seating.seat, self.your_moves, self.undos, self.hints)

    def rules_now(self) -> list[RulesPart]:
        """The rulebook's sections for the decision at hand."""
        parts = self.rulebook()
        return [parts[n] for n in sections_now(self.state) if n in parts]

    def rulebook(self) -> dict[str, RulesPart]:
        if self._rulebook is None:
            from ..text import render_markdown

            self._rulebook = rulebook_parts(self.spec, render_markdown(self.spec))
        return self._rulebook

    def hint(self) -> list[Advice]:
        """What the greedy and the strong bot would play now (empty when it is not your turn)."""
        if not self.your_turn():
            return []
        self.hints += 1
        s = self.seating
        return advise(self.state, s.seat, s.seed, s.rollouts, s.max_rollouts)

    def can_undo(self) -> bool:
        return bool(self._kept) and not self.left

    # -- what the person does --------------------------------------------------------------

    def choose(self, typed: str) -> Move | None:
        """The move typed (a number or its words), or None if it is not one of the legal moves."""
        return pick(self.moves(), typed)

    def play(self, move: Move | int) -> list[Line]:
        """Make the person's move (a ``Move`` or its number) and let the bots play until the
        person is to choose again or the game ends; returns the lines told meanwhile."""
        if not self.your_turn():
            raise NotYourTurn("the game is over" if self.over else "it is not your turn")
        moves = self.moves()
        if isinstance(move, int):
            if not 1 <= move <= len(moves):
                raise ValueError(f"there is no move {move} (moves 1 to {len(moves)})")
            move = moves[move - 1]
        elif move not in moves:
            raise ValueError(f"{move.words!r} is not a legal move now")
        start = len(self.log)
        kept = self.state.clone()
        self._kept.append(_Kept(kept, copy.deepcopy(self.bots), self.witness.keep(self.state), len(self.log)))
        del self._kept[:-UNDO_DEPTH]
        self.your_moves += 1
        self._apply(move.action)
        self._run()
        return self.log[start:]

    def undo(self) -> bool:
        """Take back the person's last choice (and the bots' moves after it); False if none."""
        if not self.can_undo():
            return False
        kept = self._kept.pop()
        self.state, self.bots, self.witness = kept.state, kept.bots, kept.witness.back(kept.state)
        del self.log[kept.log:]
        self.your_moves -= 1
        self.undos += 1
        return True

    def leave(self) -> Summary:
        """The person leaves the table: the game ends where it stands."""
        self.left = True
        return self.summary()

    # -- the bots' moves -------------------------------------------------------------------

    def _apply(self, action: int, note: str = "") -> None:
        state = self.state
        text, facts = self.witness.before(state, action)
        text += note
        state.apply_action(action)
        self.log += self.witness.after(state, text, facts)

    def _run(self) -> None:
        """Play on until the person has a real choice or the game is over; a forced move of the
        person's is made for them."""
        state, me = self.state, self.seating.seat
        while not state.is_terminal():
            legal = state.legal_actions()
            p = state.current
            if len(legal) == 1:
                self._apply(legal[0], " (your only move)" if p == me else "")
            elif p == me:
                return
            else:
                self._apply(self.bots[p].act(state.observation(p)))
            state = self.state
