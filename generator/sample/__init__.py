"""The seeded sampler: a seed in, a checked GameSpec out.

``sample_game(seed)`` draws the modules of the old generator in its generation order and with its
probabilities (``docs/hyloe-modules.md``; ``generator.modules`` lists them). A drawn spec that fails
the static checks is thrown away and another is drawn from the same stream, so the result depends
on the seed alone.

One file per phase, mirroring ``generator/spec``: ``naming``, ``deck``, ``deal``, ``setup``,
``bidding``, ``scoring``, ``ending``, and one play file per family (``families/<family>/sampler.py``), which the family registers (``generator.families``) and which is reached only
through the registry, as is the family's scoring sampler (trick scoring in ``scoring``, shedding
scoring in ``shedding``); ``rng`` holds the catalogue's kinds of random choice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..checks import Problem, check_spec
from ..families import ANY, DEFAULT, Family, choose, family_named
from ..spec import GameSpec, Mend
from .bidding import draw_bidding
from .deal import PLAYER_COUNTS, draw_deal, draw_hand_size, draw_players, draw_sides
from .deck import draw_bad_suit, draw_deck
from .ending import draw_ending
from .naming import Flavour, draw_intro, draw_name
from .rng import Draw, seeded, wpick_weights
from .setup import draw_setup

#: The catalogues a game may be drawn from: Parlour's (the seed book's and Parlour's options beyond
#: it) and the seed book's alone.
CATALOGUES = ("parlour", "book")

#: How many drawn specs may fail the checks before sampling gives up.
MAX_REDRAWS = 1000


class SamplingError(RuntimeError):
    """No spec passing the checks was drawn within MAX_REDRAWS redraws."""


@dataclass
class Sampled:
    spec: GameSpec
    redraws: int  # how many drawn specs failed the static checks before this one
    rejected: Counter[str] = field(default_factory=Counter)  # reason codes of those failures
    mends: list[Mend] = field(default_factory=list)  # what was changed from the drawn spec, and why (mend=True)


def draw_spec(draw: Draw, family: str = DEFAULT, players: int | None = None, *, flavour: bool = False) -> GameSpec:
    """One spec, unchecked, drawn in the generator's order; the play section by the family's sampler.
    ``flavour`` keeps the seed book's intro words (adjective, country word): see ``draw_intro``."""
    fam = family_named(family)
    draw_play = fam.load("sampler")
    keep_words = flavour
    flavour = Flavour()
    name = draw_name(draw)
    flavour.name = name.name
    player_range = draw_players(draw, players)
    deck = draw_deck(draw, name.country, fam.traits)
    size = deck.size()
    h = draw_hand_size(draw, size, player_range.max, fam.traits.short_hands)
    bad_suit = draw_bad_suit(draw, deck)
    deal = draw_deal(draw, fam.traits, deck.kind, size, player_range, h, bad_suit, flavour)
    setup = draw_setup(draw, fam.traits, deck, deal, player_range, flavour)
    bidding = draw_bidding(draw, fam.traits, deal, player_range, flavour)
    play = draw_play(draw, deck, deal, setup, bidding, bad_suit, flavour)
    player_range, play = draw_sides(draw, player_range, bidding, play, setup)
    draw_scoring = fam.load("scoring_sampler")
    scored = draw_scoring(draw, deck, deal, player_range, h, bad_suit, setup, bidding, flavour, play)
    ending = draw_ending(draw, scored, deal)
    naming = draw_intro(draw, name, flavour, keep=keep_words)
    return GameSpec(
        naming=naming, players=player_range, deck=deck, deal=deal, setup=setup, bidding=bidding, play=play,
        scoring=scored.scoring, ending=ending,
    )


def reason(problems: list[Problem]) -> set[str]:
    """The distinct reason codes of a failed spec (each counted once per spec)."""
    return {p.code for p in problems}


def family_for(seed: int, family: str = DEFAULT) -> Family:
    """The family to draw for ``seed``: the one named, or for ``"any"`` one drawn by the seed
    book's weights from its own stream (``"parlour-family:<seed>"``), so that choosing the family
    never moves the game's own stream: with one family registered, ``any`` gives exactly the game
    that naming the family gives."""
    if family == ANY:
        return choose(seeded(seed, "parlour-family"))
    return family_named(family)


def sample_game(seed: int, family: str = DEFAULT, players: int | None = None, *, mend: bool = False,
                flavour: bool = False, real_packs: bool = False, catalogue: str = "parlour") -> Sampled:
    """The game of ``seed``: the first spec of the stream ``"parlour-game:<seed>"`` that passes
    ``check_spec``. Names (village, aliases, nicknames) are picked from a second stream, the
    family's own (``"parlour-game-names-<family>:<seed>"``), so edits to the name lists never change
    a seed's rules, and the same seed's games of two families have different names.

    ``players`` restricts the player range to ranges that contain it. For 2–6 (the counts DL-01
    can produce) the range is redrawn until it does, so every module keeps its catalogue
    distribution given that range; for 7–8 (allowed by the spec, beyond the catalogue) the drawn
    range's maximum is stretched to that count. The same arguments always give the same spec.
    ``family`` is a registered family's name or ``"any"`` (see ``family_for``).

    With ``mend``, a drawn spec whose only problem is a deal that does not fit at some of its player
    counts is kept with its range narrowed to the counts that deal (``generator.mend.narrow_players``;
    ``Sampled.mends`` says what changed) rather than redrawn. Off by default, which keeps every
    seed's game as it has always been.

    With ``flavour``, the game keeps the seed book's intro words (NM-04/NM-05: "a traditional
    French …"); without it (the default) they are drawn all the same — every other rule of the seed
    is unchanged — but not kept, for they would praise, run down or place a game Parlour has just
    invented. The frequencies of those words are measured with it on.

    With ``real_packs``, the game may be dealt from a real pack beyond the seed book's (Italian
    40, Spanish 40 and 48, Euchre 24) in its orders, or have the pips of one colour reversed
    (``sample.deck.draw_real_pack``), drawn from a stream of their own (``"parlour-game-packs:<seed>"``).
    Off by default: the seed book's catalogue, and every seed's game as it has always been.

    ``catalogue``: ``"parlour"`` (the default) draws Parlour's options beyond the seed book —
    partnerships, point tricks, hands won by a majority, calls on the hand, overtaking, the real
    games' rules — each from the options stream at the weight its sampler documents; ``"book"``
    draws the seed book's catalogue alone (the import and its rate tests).
    """
    if catalogue not in CATALOGUES:
        raise ValueError(f"catalogue must be one of {', '.join(CATALOGUES)}, got {catalogue!r}")
    family = family_for(seed, family).name
    if players is not None and players not in PLAYER_COUNTS:
        raise ValueError(f"players must be between {PLAYER_COUNTS.start} and {PLAYER_COUNTS.stop - 1}, got {players}")
    draw = Draw.from_seed(seed, family=family)
    if catalogue == "book":
        draw.book_only()
    if real_packs:
        draw.with_real_packs(seed)
    rejected: Counter[str] = Counter()
    for redraws in range(MAX_REDRAWS + 1):
        spec = draw_spec(draw, family, players, flavour=flavour)
        problems = check_spec(spec)
        if not problems:
            return Sampled(spec=spec, redraws=redraws, rejected=rejected)
        if mend:
            from ..mend import narrow_players

            narrowed = narrow_players(spec, problems, keep=players)
            if narrowed is not None:
                return Sampled(spec=narrowed[0], redraws=redraws, rejected=rejected, mends=narrowed[1])
        rejected.update(reason(problems))
    raise SamplingError(f"seed {seed}: no playable {family} spec in {MAX_REDRAWS + 1} draws ({dict(rejected)})")


__all__ = [
    "Draw", "MAX_REDRAWS", "Sampled", "SamplingError", "draw_spec", "family_for", "sample_game", "seeded",
    "wpick_weights",
]
