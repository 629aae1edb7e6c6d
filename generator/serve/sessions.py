"""The games in progress, kept in the server's memory by an id that is in the page's address: a
reload (or another tab) finds the same game; an id the server does not know (it was restarted,
or the game was cleared away) is a stale one, and the page says so. Each game has a lock, so that
two requests for one game never move it at once; the oldest games are cleared away past
``MOST``."""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

#: Games kept at once; past it the game touched longest ago is cleared away.
MOST = 1000


@dataclass
class Seat:
    """A game in progress and what its page shows beside it (the last hint, the rules asked)."""

    session: Any
    path: str
    lock: threading.Lock = field(default_factory=threading.Lock)
    hint: list[Any] | None = None


class Sessions:
    def __init__(self, most: int = MOST):
        self.most = most
        self._seats: OrderedDict[str, Seat] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, session: Any, path: str) -> str:
        # the id is a capability, not chance in a game: it comes from the system's generator
        sid = secrets.token_urlsafe(12)
        with self._lock:
            self._seats[sid] = Seat(session, path)
            while len(self._seats) > self.most:
                self._seats.popitem(last=False)
        return sid

    def get(self, sid: str) -> Seat | None:
        with self._lock:
            seat = self._seats.get(sid)
            if seat is not None:
                self._seats.move_to_end(sid)
            return seat

    def __len__(self) -> int:
        return len(self._seats)
