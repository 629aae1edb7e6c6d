"""Reading a whole book: find each game's block, read its sentences with the phase patterns,
cross-check, and assemble a ``GameSpec``.

The patterns of play are the family's (``generator.families``: its ``importer`` module, with its
``phase`` of patterns and its ``finish``); a game of a family that is not registered is listed as
unsupported, its deck still read."""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..families import DEFAULT, FAMILIES, Family, family_named
from ..spec import DealSpec, GameSpec, Provenance, SpecError, derived, spec_from_data
from ..spec.deck import DeckSpec
from . import bidding, deal, deck, ending, naming, scoring, setup
from .core import Draft, Pattern, Problem, Repair, player_counts, split_sentences
from .cues import cued
from .reconstructed import reconstructions
from .rewording import canonical

#: The shared phases' patterns, tried before and after the family's patterns of play (the intro first).
BEFORE_PLAY = (naming.phase, deck.phase, deal.phase, setup.phase, bidding.phase)
AFTER_PLAY = (scoring.phase, ending.phase)


@functools.cache
def patterns_of(family: Family) -> tuple[Pattern, ...]:
    """Every pattern a game of ``family`` is read with, in the order they are tried."""
    phases = (*BEFORE_PLAY, family.load("importer").phase, *AFTER_PLAY)
    return tuple(p for phase in phases for p in phase.patterns)


def every_pattern() -> tuple[Pattern, ...]:
    """Every pattern of every registered family with an importer (each family's own order:
    ``patterns_of``). Gathered when asked, not at import: a family's importer imports this package."""
    return tuple(dict.fromkeys(p for f in FAMILIES.values() if f.importer for p in patterns_of(f)))

#: The families whose games are imported (the others are listed as not supported yet).
SUPPORTED = tuple(FAMILIES)


@dataclass
class Block:
    """The text of one game: its paragraphs (lines of the book, with their numbers)."""

    name: str
    family: str
    line: int
    paragraphs: list[tuple[int, str]]

    def sentences(self) -> list[tuple[str, str]]:
        """(where, sentence) for every sentence: where is "line N, sentence k"."""
        return [(f"line {no}, sentence {k}", s) for no, text in self.paragraphs
                for k, s in enumerate(split_sentences(text), start=1)]


@dataclass
class ImportedGame:
    name: str
    family: str
    line: int
    status: str                                  # imported | repaired | unsupported | error | failed
    spec: GameSpec | None = None
    repairs: list[Repair] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    sentences: int = 0
    modules: Counter[str] = field(default_factory=Counter)
    skipped: list[str] = field(default_factory=list)   # unsupported families: deck-paragraph text not read

    @property
    def supported(self) -> bool:
        return self.family in SUPPORTED


@dataclass
class BookImport:
    games: list[ImportedGame]
    problems: list[Problem]                      # text outside any game

    def all_problems(self) -> list[Problem]:
        return self.problems + [p for g in self.games for p in g.problems]


def split_book(text: str) -> tuple[list[tuple[int, str]], list[Block]]:
    """The book's lines grouped into games. A game begins at a line whose first sentence reads
    "‹Name› is a … ‹family› game for N to M players", or reads nearly so (a game that then fails
    with its reason, not a paragraph of the game before); blank lines are ignored. Returns the
    non-blank lines before the first game (numbered from 1) and the blocks."""
    stray: list[tuple[int, str]] = []
    blocks: list[Block] = []
    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        m = naming.GAME_START.match(line) or naming.LIKE_A_START.match(line)
        if m is not None:
            blocks.append(Block(m["name"].split(" (", 1)[0].strip(), m["family"], no, [(no, line)]))
        elif blocks:
            blocks[-1].paragraphs.append((no, line))
        else:
            stray.append((no, line))
    return stray, blocks


def import_book(text: str) -> BookImport:
    stray, blocks = split_book(text)
    problems = [Problem("(before the first game)", line, "this line belongs to no game", f"line {no}") for no, line in stray]
    return BookImport([import_game(b) for b in blocks], problems)


def import_game(block: Block) -> ImportedGame:
    d = Draft(block.name)
    located = block.sentences()
    sentences = [s for _, s in located]
    d.where = {s: w for w, s in reversed(located)}
    intro = sentences[0]
    d.sentence = intro
    if read_sentence(intro, d, tuple(naming.phase.patterns)) is None:
        d.problem("the first sentence is not an intro (\"‹Name› is a ‹word› ‹family› game for N to M players, …\": "
                  "a word such as traditional before the family, and a range of players)")
        return ImportedGame(block.name, block.family, block.line, "failed", problems=d.problems)
    family = d.family or block.family
    if family not in SUPPORTED:
        return _unsupported(d, block, family, sentences)
    fam = family_named(family)
    modules: Counter[str] = Counter({"NM-04": 1})
    for sentence in sentences[1:]:
        d.sentence = sentence
        module = read_sentence(sentence, d, patterns_of(fam))
        if module is None:
            d.problem("sentence not understood")
        else:
            modules[module] += 1
    d.sentence = None
    _finish(d, fam)
    game = ImportedGame(d.get("naming.name", block.name), family, block.line, "imported", repairs=d.repairs,
                        problems=d.problems, sentences=len(sentences), modules=modules)
    structural = [p for p in d.problems if p.message != "sentence not understood"]
    try:
        game.spec = spec_from_data(assemble(d.fields, fam.name), f"{block.name} (book line {block.line})")
        # Where it came from, for its rulebook's introduction, and the rules this edition supplies
        # (a record, not a rule: each noted in its section).
        game.spec = game.spec.model_copy(update={"provenance": Provenance(origin="imported",
                                                                          reconstructed=reconstructions(d.repairs))})
    except SpecError as exc:
        if not structural:
            d.problem(f"the sentences do not make a valid spec: {exc}", "")
        game.spec = None
    if game.spec is None:
        game.status = "failed"
    elif d.problems:
        game.status = "error"
    elif any(r.category != "reading" for r in d.repairs):
        game.status = "repaired"
    return game


def read_sentence(sentence: str, d: Draft, patterns: tuple[Pattern, ...]) -> str | None:
    """Read one sentence with the first pattern that matches it, as written or else in the book's
    wording (``rewording``), or else by its key words (``cues``); the module read, or None. A sentence
    read either way is listed as a reading, with the wording it was read as."""
    reworded = canonical(sentence)
    for text in dict.fromkeys((sentence, reworded)):
        for pattern in patterns:
            if pattern.read(text, d):
                if text != sentence:
                    d.repair("reworded", "reading", f"read as the book's wording \"{text}\"")
                return pattern.module
    # Last, by its key words: the first cue whose wording a pattern of this game's family reads.
    for _, text in cued(reworded, d):
        for pattern in patterns:
            if pattern.regex.fullmatch(text):
                pattern.read(text, d)
                d.repair("read-by-key-words", "reading", f"read by its key words as the book's \"{text}\"")
                return pattern.module
    return None


def _unsupported(d: Draft, block: Block, family: str, sentences: list[str]) -> ImportedGame:
    """A game of a family not supported yet: not an error. Its deck (the rest of the intro
    paragraph) is still read, so that the deck defects of every game are listed."""
    game = ImportedGame(d.get("naming.name", block.name), family, block.line, "unsupported", sentences=len(sentences))
    first = split_sentences(block.paragraphs[0][1])
    for sentence in first[1:]:
        d.sentence = sentence
        module = read_sentence(sentence, d, tuple(deck.phase.patterns))
        if module is None:
            game.skipped.append(sentence)
        else:
            game.modules[module] += 1
    d.sentence = None
    deck.finish(d)
    game.repairs = d.repairs
    game.skipped += [f"{p.message}: {p.sentence}" if p.sentence else p.message for p in d.problems]
    return game


def _finish(d: Draft, family: Family) -> None:
    """Cross-check the phases, in an order where each sees what it needs (play: the family's)."""
    deck.finish(d)
    spec_deck = _deck(d)
    deal.finish(d)
    spec_deal = _deal(d)
    setup.finish(d, spec_deck.ranks() if spec_deck else (), spec_deal, _stock_per_player(d, spec_deck, spec_deal))
    bidding.finish(d)
    play = family.load("importer")
    play.finish(d)
    ending.finish(d)
    scoring.finish(d)
    scoring.check_trick_count(d, spec_deck, spec_deal, per_trick=getattr(play, "CARD_PER_TRICK", True))
    scoring.defaults(d)
    naming.finish(d, getattr(play, "FACTS", ()))
    _special_cards(d)


#: Rules that name one special card, with what the card is in each.
ROLES = (("play.kitty_capture", "the card that captures the kitty"), ("scoring.penalty_card", "the penalty card"),
         ("scoring.bonus_card", "the bonus card"), ("scoring.doubler", "the card that doubles a score"),
         ("setup.pig", "the pig"), ("play.opening_card", "the opening card"))


def _special_cards(d: Draft) -> None:
    """NM-07 defects: one nickname for two different cards; one card drawn for two roles."""
    nicks: dict[str, set[str]] = {}
    roles: dict[str, list[str]] = {}
    for path, role in ROLES:
        value = d.get(path)
        if not value:
            continue
        c = value if isinstance(value, str) else value.get("card")
        if c is None:
            continue
        roles.setdefault(c, []).append(role)
        nick = value.get("nickname") if isinstance(value, dict) else None
        if nick:
            nicks.setdefault(nick, set()).add(c)
    for joker, nick in d.heard("jokers.nicknames", ()):
        nicks.setdefault(nick, set()).add(joker)
    for nick, cards in sorted(nicks.items()):
        if len(cards) > 1:
            d.repair("nickname-twice", "defect",
                     f"the nickname \"{nick}\" is given to {' and '.join(sorted(cards))} (two independent draws); each "
                     "rule keeps its own card", "")
    for c, rs in sorted(roles.items()):
        if len(rs) > 1:
            d.repair("card-two-roles", "reading", f"{c} is {' and '.join(rs)} (two independent draws); every rule applies", "")


def _deck(d: Draft) -> DeckSpec | None:
    try:
        return DeckSpec(kind=d.get("deck.kind"), order=d.get("deck.order"), promoted=d.get("deck.promoted"),
                        removed=d.get("deck.removed", []), jokers=d.get("deck.jokers", 0))
    except ValueError:  # pydantic's ValidationError: the deck's own problems are already reported
        return None


def _deal(d: Draft) -> DealSpec | None:
    """The deal the sentences describe, as a spec (None when they do not make one: the spec's own
    validation then reports it)."""
    try:
        return DealSpec(**{key: d.get(f"deal.{key}") for key in DealSpec.model_fields if d.has(f"deal.{key}")})
    except ValueError:  # pydantic's ValidationError
        return None


def _stock_per_player(d: Draft, pack: DeckSpec | None, dealt: DealSpec | None) -> int:
    """The most cards per player left in the stock after the deal, over the player counts."""
    if pack is None or dealt is None:
        return 0
    return max([0] + [derived.stock_left(pack, dealt, n) // n for n in player_counts(d)])


def assemble(fields: dict[str, Any], family: str = DEFAULT) -> dict[str, Any]:
    """Dotted spec paths → the nested data of a spec (in GameSpec's field order), its play section
    tagged with ``family``."""
    data: dict[str, Any] = {"version": 1}
    for top in ("naming", "players", "deck", "deal", "setup", "bidding", "play", "scoring", "ending"):
        data[top] = {}
    for path in sorted(fields):
        node = data
        parts = path.split(".")
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        node[parts[-1]] = fields[path]
    data["play"] = {"family": family, **data["play"]}
    return data

