"""What a trick-taking rulebook says beyond its *Play* template."""

from __future__ import annotations

#: The intro facts of the family's own modules (NM-06), and when a game has each.
INTRO_FACTS = {"weak-led-suit": lambda spec: spec.play.weak_led_suit is not None}
