"""Replaying one playtest game move by move (``parlour replay``).

The replay plays the game again through ``runner.play_one`` with the same seed and bots, so it is
the very game the playtest played: random self-play draws exactly as Tier 1 does, and bots get
their seeds from the game's seed and their seat.
"""

from __future__ import annotations

from typing import Any, Sequence

from ..engine import Game, State
from .runner import GameSummary, play_one


class Narrator:
    """Turns the moves of a game into lines: each hand's deal and trumps, every move (with how
    many choices there were), every trick's taker, and each hand's scores."""

    def __init__(self, game: Game, players: int):
        self.game = game
        self.names = game.table.names
        self.n = players
        self.lines: list[str] = []
        self.hand = -1
        self.play_shown = -1
        self.history: list[Any] | None = None
        self.printed = 0
        self.scored = 0

    @staticmethod
    def seat(p: int) -> str:
        return f"seat {p + 1}"

    def _cards(self, cards: Sequence[int]) -> str:
        return ", ".join(self.names[c] for c in cards) or "nothing"

    def flush(self, state: State) -> None:
        """Report what finished since the last move: tricks (a hand's last one is still in the
        hand's own history list) and scored hands."""
        if self.history is not None:
            for seats, cards, taker in self.history[self.printed:]:
                shown = "; ".join(f"{self.seat(p)} {self.names[c]}" for p, c in zip(seats, cards))
                self.lines.append(f"    trick: {shown} → {self.seat(taker)} takes it")
            self.printed = len(self.history)
        current = getattr(state, "history", None)
        if current is not self.history:
            self.history, self.printed = current, 0
        hands = state.record.hands
        while self.scored < len(hands):
            h = hands[self.scored]
            self.lines.append(f"  tricks taken: {' '.join(map(str, h.tricks))}; hand scores: "
                              f"{' '.join(map(str, h.scores))}; totals: {' '.join(map(str, h.totals))}")
            self.scored += 1

    def __call__(self, state: State, action: int, legal: Sequence[int]) -> None:
        self.flush(state)
        if state.hand_no != self.hand:
            self.hand = state.hand_no
            self.lines.append(f"hand {state.hand_no + 1}: {self.seat(state.dealer)} deals")
        card_play = state.phase is not None and state.phase.card_play
        if card_play and self.play_shown != state.hand_no:
            self.play_shown = state.hand_no
            suits = self.game.table.suit_names
            trump = state.trump
            label = suits[trump] if trump is not None and trump < len(suits) else "none yet"
            turned = f" (turned card: {self.names[state.turned]})" if state.turned is not None else ""
            self.lines.append(f"  trumps: {label}{turned}")
            for p in range(self.n):
                self.lines.append(f"  {self.seat(p)} holds {self._cards(state.hands[p])}")
            if state.kitty:
                self.lines.append(f"  kitty (face down): {self._cards(state.kitty)}")
        what = state.action_to_string(action)
        choice = f"(1 of {len(legal)})" if len(legal) > 1 else "(forced)"
        if card_play:
            self.lines.append(f"    {self.seat(state.current)} plays {what} {choice}")
        else:
            self.lines.append(f"  {state.decision}: {self.seat(state.current)} — {what} {choice}")


def replay(game: Game, players: int, seed: int, lineup: Sequence[str] | None = None,
           bot_options: dict[str, Any] | None = None) -> tuple[list[str], GameSummary]:
    """The game of this seed as lines of text, move by move, and its summary."""
    narrator = Narrator(game, players)
    seen: list[State] = []

    def observe(state: State, action: int, legal: Sequence[int]) -> None:
        if not seen:
            seen.append(state)
        narrator(state, action, legal)

    who = "random self-play" if lineup is None else ", ".join(
        f"{Narrator.seat(p)} {b}" for p, b in enumerate(lineup))
    summary = play_one(game, players, seed, 0, lineup, bot_options, observer=observe)
    if seen:
        narrator.flush(seen[0])
    result = "no winner" if summary.winner is None else f"{Narrator.seat(summary.winner)} wins"
    tail = ["", f"result: {result} ({summary.outcome} end); final totals "
            f"{' '.join(map(str, summary.totals))}; {summary.hands} hands, {summary.moves} moves, "
            f"{summary.decisions} decisions"]
    if summary.error:
        tail.append(f"engine error: {summary.error}")
    head = [f"{game.spec.naming.name}: {players} players, game seed {seed}, {who}", ""]
    return head + narrator.lines + tail, summary
