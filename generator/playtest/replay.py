"""Replaying one playtest game move by move (``parlour replay``).

The replay plays the game again through ``runner.play_one`` with the same seed and bots, so it is
the very game the playtest played: random self-play draws exactly as Tier 1 does, and bots get
their seeds from the game's seed and their seat.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from ..engine import Game, State
from .runner import GameSummary, play_one


class Narrator:
    """Turns the moves of a game into lines: each hand's deal, every move (with how many choices
    there were) and each hand's scores. What the family's card play shows (the trumps and the
    hands, each trick's taker …) its play phase tells (``Phase.narration``)."""

    def __init__(self, game: Game, players: int):
        self.game = game
        self.n = players
        self.lines: list[str] = []
        self.hand = -1
        self.play_shown = -1
        self.scored = 0
        play = next((ph for ph in game.phases if ph.card_play and ph.narration is not None), None)
        self.play = play.narration(game.table.names, game.table.suit_names, self.seat) if play else None

    @staticmethod
    def seat(p: int) -> str:
        return f"seat {p + 1}"

    def flush(self, state: State) -> None:
        """Report what finished since the last move: the card play's progress and scored hands."""
        if self.play is not None:
            self.lines += self.play.progress(state)
        hands = state.record.hands
        while self.scored < len(hands):
            h = hands[self.scored]
            family = self.play.hand(h) if self.play is not None else ""
            self.lines.append(f"  {family}hand scores: {' '.join(map(str, h.scores))}; "
                              f"totals: {' '.join(map(str, h.totals))}")
            self.scored += 1

    def __call__(self, state: State, action: int, legal: Sequence[int]) -> None:
        self.flush(state)
        if state.hand_no != self.hand:
            self.hand = state.hand_no
            self.lines.append(f"hand {state.hand_no + 1}: {self.seat(state.dealer)} deals")
        told = self.play is not None and state.phase is not None and state.phase.narration is not None
        if told and self.play_shown != state.hand_no:
            self.play_shown = state.hand_no
            self.lines += self.play.start(state)
        what = state.action_to_string(action)
        choice = f"(1 of {len(legal)})" if len(legal) > 1 else "(forced)"
        if told:
            self.lines.append(self.play.move(state, what, choice))
        else:
            self.lines.append(f"  {state.decision}: {self.seat(state.current)} — {what} {choice}")


def replay(game: Game, players: int, seed: int, lineup: Sequence[str] | None = None,
           bot_options: dict[str, Any] | None = None,
           emit: Callable[[str], None] | None = None) -> tuple[list[str], GameSummary]:
    """The game of this seed as lines of text, move by move, and its summary. ``emit`` is given
    each line as soon as it is known (a strong bot thinks for seconds a move: a reader watches
    the game as it is played rather than waiting for its end)."""
    narrator = Narrator(game, players)
    seen: list[State] = []
    who = "random self-play" if lineup is None else ", ".join(
        f"{Narrator.seat(p)} {b}" for p, b in enumerate(lineup))
    head = [f"{game.spec.naming.name}: {players} players, game seed {seed}, {who}", ""]
    sent = [0]

    def send(lines: list[str]) -> None:
        if emit is not None:
            for line in lines:
                emit(line)

    def send_new() -> None:
        send(narrator.lines[sent[0]:])
        sent[0] = len(narrator.lines)

    send(head)

    def observe(state: State, action: int, legal: Sequence[int]) -> None:
        if not seen:
            seen.append(state)
        narrator(state, action, legal)
        send_new()

    summary = play_one(game, players, seed, 0, lineup, bot_options, observer=observe)
    if seen:
        narrator.flush(seen[0])
        send_new()
    result = "no winner" if summary.winner is None else f"{Narrator.seat(summary.winner)} wins"
    tail = ["", f"result: {result} ({summary.outcome} end); final totals "
            f"{' '.join(map(str, summary.totals))}; {summary.hands} hands, {summary.moves} moves, "
            f"{summary.decisions} decisions"]
    if summary.error:
        tail.append(f"engine error: {summary.error}")
    send(tail)
    return head + narrator.lines + tail, summary
