"""The terminal face of a session (``parlour play``): Rich prints the table, prompt_toolkit reads
the person's line when standard input is a terminal (with the commands completed and a history),
and a plain line reader takes over when it is not (a script, a test), so the same loop serves both.

Each turn shows the seats, the table, what happened since the person's last move, the person's
hand (sorted, with suit signs, red suits in red where the terminal has colour) and the numbered
moves. A move is typed as its number or its words; the keys below are the table's commands."""

from __future__ import annotations

import contextlib
from typing import Any, Callable

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table
from rich.text import Text

from .cards import Face
from .session import Session
from .witness import Line

#: The table's commands, by the key typed.
KEYS = {"r": "rules of the moment", "s": "score sheet", "u": "undo your last move", "h": "hint",
        "t": "the table again", "q": "quit (with a summary)", "?": "these keys"}


def cards_text(cards: list[Face]) -> Text:
    """Cards by their short faces, red ones in red (Rich drops the colour where there is none)."""
    text = Text()
    for i, f in enumerate(cards):
        if i:
            text.append(" ")
        text.append(f.short, style="bold red" if f.red else "bold")
    return text


def line_reader(stream: Any) -> Callable[[str], str | None]:
    """Reads a line from a stream that is not a terminal; None at its end."""
    def read(prompt: str) -> str | None:
        line = stream.readline()
        return None if line == "" else line.rstrip("\n")
    return read


def terminal_reader() -> Callable[[str], str | None]:
    """Reads a line at a terminal with prompt_toolkit (history, the keys completed); None on
    Ctrl-D."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter

    prompt = PromptSession(completer=WordCompleter(list(KEYS)))

    def read(text: str) -> str | None:
        try:
            return prompt.prompt(text)
        except EOFError:
            return None
    return read


class TerminalTable:
    """One game at a terminal: ``run`` until the game ends or the person quits."""

    def __init__(self, session: Session, console: Console, read: Callable[[str], str | None]):
        self.session = session
        self.console = console
        self.read = read
        self.shown = 0   # lines of the story already printed

    # -- printing --------------------------------------------------------------------------

    def story(self) -> None:
        lines: list[Line] = self.session.log[self.shown:]
        self.shown = len(self.session.log)
        for line in lines:
            mine = line.seat == self.session.seating.seat
            style = "cyan" if mine else ("bold" if line.seat is None and line.text.startswith("hand ") else "")
            self.console.print(Text(line.text, style=style))

    def table(self) -> None:
        s = self.session
        view = s.view()
        head = f"{view.game} — hand {view.hand_number}"
        if not view.over:
            head += f" — {'your turn' if s.your_turn() else f'seat {view.to_play + 1} to play'}: {view.decision}"
        self.console.rule(Text(head, style="bold"))
        seats = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
        for col in ("seat", "player", "cards", "total", ""):
            seats.add_column(col)
        for line in view.seats:
            mark = " ".join(w for w, on in (("dealer", line.dealer), ("◀ to play", line.to_play)) if on)
            seats.add_row(f"seat {line.seat + 1}", line.player, str(line.cards), str(line.total), mark,
                          style="cyan" if line.seat == view.seat else "")
        self.console.print(seats)
        for words, text in view.facts:
            self.console.print(Text.assemble((f"{words}: ", "bold"), text))
        for shelf in view.shelves:
            row = Text.assemble((f"{shelf.label}: ", "bold"))
            row.append_text(cards_text(shelf.cards))
            extra = [x for x in (f"{shelf.hidden} face down" if shelf.hidden else "", shelf.note) if x]
            if extra:
                row.append((" " if shelf.cards else "") + "(" + "; ".join(extra) + ")")
            self.console.print(row)
        hand = Text.assemble(("your hand: ", "bold"))
        hand.append_text(cards_text(view.hand) if view.hand else Text("(no cards in sight)"))
        self.console.print(hand)

    def moves(self) -> None:
        moves = self.session.moves()
        width = len(str(len(moves)))
        grid = Table.grid(padding=(0, 2))
        cols = 1 if max((len(m.words) for m in moves), default=0) > 28 else 3
        for _ in range(cols):
            grid.add_column()
        cells = [f"{str(m.number).rjust(width)}  {m.words}" for m in moves]
        for i in range(0, len(cells), cols):
            grid.add_row(*cells[i:i + cols], *[""] * (cols - len(cells[i:i + cols])))
        self.console.print(Text("your moves:", style="bold"))
        self.console.print(grid)

    def keys(self) -> None:
        self.console.print("keys: " + ", ".join(f"{k} {what}" for k, what in KEYS.items()))

    def rules(self) -> None:
        for part in self.session.rules_now():
            self.console.print(Markdown(part.text))

    def scores(self) -> None:
        for line in self.session.score_sheet().lines():
            self.console.print(line, highlight=False)

    def hint(self) -> None:
        with self.busy("the bots are thinking"):
            advice_given = self.session.hint()
        for advice in advice_given:
            self.console.print(Text.assemble((f"{advice.bot}: ", "bold"), f"{advice.move.number}  {advice.move.words}",
                                             f" — {advice.why}"))

    def end(self) -> None:
        s = self.session
        self.console.rule(Text("the end" if s.state.is_terminal() else "you left the table", style="bold"))
        self.scores()
        for line in s.summary().lines():
            self.console.print(Text(line, style="bold"))

    # -- the loop --------------------------------------------------------------------------

    def run(self) -> None:
        s = self.session
        self.console.print(Text(f"{s.spec.naming.name}: {s.seating.players} players, seed {s.seating.seed}; "
                                f"you are seat {s.seating.seat + 1}; {s.seating.describe()}", style="bold"))
        self.keys()
        fresh = True
        while not s.over:
            if fresh:
                self.story()
                self.table()
                self.moves()
                fresh = False
            typed = self.read("your move> ")
            if typed is None:   # the input ended (Ctrl-D, or the end of a script): leave the table
                s.leave()
                break
            fresh = self.command(typed.strip())
        self.story()
        self.end()

    def command(self, typed: str) -> bool:
        """Do what the person typed; True when the table should be shown again."""
        s = self.session
        key = typed.lower()
        if key in ("q", "quit"):
            s.leave()
            return False
        if key in ("?", "help", ""):
            self.keys()
            return False
        if key in ("r", "rules"):
            self.rules()
            return False
        if key in ("s", "scores"):
            self.scores()
            return False
        if key in ("h", "hint"):
            self.hint()
            return False
        if key in ("t", "table"):
            self.shown = max(0, self.shown - 12)
            return True
        if key in ("u", "undo"):
            if s.undo():
                self.console.print("Your last move is taken back.")
                self.shown = min(self.shown, len(s.log))
                return True
            self.console.print("There is no move of yours to take back.")
            return False
        move = s.choose(typed)
        if move is None:
            moves = s.moves()
            self.console.print(f"{typed!r} is not a move now: type a number from 1 to {len(moves)}, "
                               f"or a key (? for the keys).", highlight=False)
            return False
        with self.busy("the others are playing"):
            s.play(move)
        return True

    def busy(self, what: str) -> Any:
        """A spinner while the bots think (a strong bot takes seconds), at a terminal only."""
        if self.console.is_terminal:
            return self.console.status(what + "…")
        return contextlib.nullcontext()
