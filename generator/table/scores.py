"""The score sheet (every hand's scores and the running totals, as a scorer keeps them) and the
summary at the end of a game (or when the person leaves it)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.sides import won


@dataclass(frozen=True)
class ScoreSheet:
    players: int
    seat: int
    rows: list[tuple[int, list[int], list[int]]]   # (hand number from 1, scores, totals)
    totals: list[int]

    def lines(self) -> list[str]:
        head = ["hand"] + [f"seat {p + 1}" + ("*" if p == self.seat else "") for p in range(self.players)]
        width = max(len(h) for h in head) + 1
        out = ["".join(h.rjust(width) for h in head)]
        for hand, scores, totals in self.rows:
            out.append(str(hand).rjust(width) + "".join(f"{s:+d}".rjust(width) for s in scores))
        out.append("total".rjust(width) + "".join(str(t).rjust(width) for t in self.totals))
        return out

    def as_dict(self) -> dict[str, Any]:
        return {"players": self.players, "seat": self.seat, "totals": self.totals,
                "rows": [{"hand": h, "scores": s, "totals": t} for h, s, t in self.rows]}


def score_sheet(state: Any, seat: int) -> ScoreSheet:
    rows = [(i + 1, list(h.scores), list(h.totals)) for i, h in enumerate(state.record.hands)]
    return ScoreSheet(state.n, seat, rows, list(state.totals))


@dataclass(frozen=True)
class Summary:
    finished: bool        # the game ended by its rules (not left, nor stopped by a cap)
    stopped: bool         # the game was stopped by the cap on moves or hands (it would not end)
    winner: int | None
    seat: int
    place: int            # the person's place (1 = first), ties sharing the better place
    totals: list[int]
    hands: int
    moves: int
    your_moves: int
    undos: int
    hints: int
    sides: list[int] | None = None   # the side of each seat, in a game of partnerships

    def lines(self) -> list[str]:
        if self.finished and self.sides is not None:
            mates = [p + 1 for p, s in enumerate(self.sides) if self.winner is not None and s == self.sides[self.winner]]
            head = ("Your side wins!" if won(self.winner, self.sides, self.seat) else
                    f"Seats {' and '.join(map(str, mates))} win." if self.winner is not None else "No winner.")
        elif self.finished:
            head = ("You win!" if self.winner == self.seat else
                    f"Seat {self.winner + 1} wins." if self.winner is not None else "No winner.")
        elif self.stopped:
            head = "The game was stopped: it ran past the cap on moves (a game that will not end)."
        else:
            head = "Game left unfinished."
        return [head,
                f"You {'finished' if self.finished else 'stood'} {_ordinal(self.place)} of {len(self.totals)} with "
                f"{self.totals[self.seat]} points "
                f"(totals: {' '.join(map(str, self.totals))}).",
                f"{self.hands} hand{'s' if self.hands != 1 else ''}, {self.moves} moves, {self.your_moves} of them "
                f"yours; {self.undos} undone, {self.hints} hint{'s' if self.hints != 1 else ''} asked."]

    def as_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "lines": self.lines()}


def _ordinal(k: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh"}.get(k, f"{k}th")


def summary(state: Any, seat: int, your_moves: int, undos: int, hints: int) -> Summary:
    rec = state.record
    finished = state.is_terminal() and rec.outcome == "natural"
    if finished and rec.ranking:
        place = rec.ranking[seat]
    else:
        place = 1 + sum(1 for t in state.totals if t > state.totals[seat])
    stopped = state.is_terminal() and rec.outcome != "natural"
    return Summary(finished, stopped, rec.winner if finished else None, seat, place, list(state.totals), len(rec.hands),
                   rec.moves, your_moves, undos, hints, rec.sides)
