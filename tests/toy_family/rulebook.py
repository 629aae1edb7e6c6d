"""What a stepping rulebook says beyond its *Play* template: how a hand is won."""

from __future__ import annotations

from typing import Any


def goal(spec: Any) -> str:
    return "be the first to lay all your cards, each of the rank of a pile's top card or next to it"
