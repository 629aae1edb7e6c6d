"""The climbing family's rulebook text and its parser: ``parse_markdown(render_markdown(spec)) ==
spec`` for climbing specs drawn here field by field (every field and option the spec allows, in the
combinations that make a game), for the sampler's climbing specs once it exists, and for the golden
climbing rulebook; two different specs never print the same text; and the Play section reads as the
rules say (the readings of ``generator.families.climbing.spec`` printed, a worked example from the pack).

Golden files: ``tests/golden/climbing/<game>.yaml`` and ``<game>.md``. Regenerate the Markdown with
``PARLOUR_UPDATE_GOLDEN=1 python -m pytest tests/test_text_climbing.py``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.families.climbing.spec import Transparent
from generator.spec import GameSpec, load_spec, spec_from_data
from generator.spec.deck import DeckSpec
from generator.rulebook import render_markdown
from generator.text.phrases import plural_noun
from generator.text.parse import ParseError, parse_markdown
from tests.conftest import budget
from tests.family_helpers import (
    check_golden,
    draw_deck,
    draw_ending,
    draw_hand_value,
    draw_kitty,
    draw_naming,
    draw_setup,
    maybe,
    play_section,
    round_trip,
)

GOLDEN = Path(__file__).parent / "golden" / "climbing"
GOLDEN_SPECS = sorted(GOLDEN.glob("*.yaml"))
#: The drawn specs whose options ``test_the_drawn_specs_cover_every_option`` counts.
COVERAGE_SEEDS = 1_000

WORDS = ("coin", "penny", "match", "poker chip", "counter", "token")


# --------------------------------------------------------------------------- drawing climbing specs




def _card(rng: random.Random, deck: DeckSpec) -> str:
    return rng.choice(deck.cards())


def climbing_spec(seed: int) -> GameSpec:
    """A climbing spec drawn field by field from ``seed``: every field of the play section, the shedding
    scoring kinds, tokens, rows, run wrap, the ending by tokens, the pig, invented rules, the exchange,
    the kitty and its capture and the landlord auction, in combinations that make sense (runs only with
    leads 'runs', jokers 'none' exactly without jokers, rows with single-card leads, tokens with
    countdown scoring and the ending by tokens …)."""
    rng = random.Random(seed)
    deck_data = draw_deck(rng, (0, 0, 0, 1, 2, 2))
    deck = DeckSpec(**deck_data)
    ranks = deck.ranks()
    lo = rng.choice((2, 2, 3, 3, 4))
    players = {"min": lo, "max": rng.randint(max(lo, 3), 6)}

    # The deal.
    deal: dict[str, Any] = {}
    tokens = maybe(rng, 0.15)
    rows = maybe(rng, 0.15)
    if not tokens and maybe(rng, 0.4):
        deal["hand_size"] = "all"
    else:
        deal["hand_size"] = rng.randint(1, 12)
        if maybe(rng, 0.15):
            deal["hand_size_over_three"] = rng.randint(1, 8)
        if maybe(rng, 0.1):
            deal["odd_card"] = {"who": rng.choice(("dealer-right", "dealer-left", "dealer")), "extra": maybe(rng)}
    if tokens:
        deal["tokens"] = {"name": rng.choice(WORDS)}
    deal["rows"] = rows
    if maybe(rng, 0.1):
        deal["misdeal"] = {"suit": rng.choice(deck.suits()), "must_show": maybe(rng)}
    if maybe(rng, 0.3):
        deal["kitty"] = draw_kitty(rng, ("dealt", "undealt", "contributed"))

    # Setup and bidding.
    setup = draw_setup(rng, deck, pig=0.2, laws=0.2, exchange=0.15)
    bidding: dict[str, Any] = {}
    if "kitty" in deal and maybe(rng, 0.4):
        bidding["auction"] = {"title": rng.choice(("landlord", "squire", "dragon"))}

    # Play.
    play: dict[str, Any] = {"family": "climbing"}
    leader = rng.choice(("dealer", "dealer-left", "holder", "landlord" if bidding else "dealer"))
    play["opening_leader"] = leader
    if leader == "holder":
        play["opening_card"] = _card(rng, deck)
    play["leads"] = "singles" if rows else rng.choice(("singles", "sets", "runs", "runs"))
    if play["leads"] == "runs":
        play["runs"] = rng.choice(("same-suit", "any-suit"))
        deck_data["run_wrap"] = maybe(rng, 0.25)
    play["must_play"] = maybe(rng, 0.2)
    play["beating"] = rng.choice(("higher", "higher", "sets-crush", "higher-sets"))
    if deck.jokers:
        play["jokers"] = rng.choice(("top", "wild"))
    sets = play["leads"] != "singles" or play["beating"] != "higher"
    if play.get("jokers") == "wild" and sets:
        play["natural_beats_joker"] = maybe(rng, 0.3)
    play["low_bomb"] = maybe(rng, 0.15)
    if not play["low_bomb"]:
        play["colour_match"] = deck.kind == "standard" and maybe(rng, 0.2)
        if maybe(rng, 0.3):
            bomb: dict[str, Any] = {"name": rng.choice(("bomb", "petard", "snare"))}
            if deck.jokers == 2 and maybe(rng):
                bomb["rocket"] = rng.choice(("rocket", "fireball"))
            play["bomb"] = bomb
    if ranks and maybe(rng, 0.2):
        play["transparent"] = {"rank": rng.choice(ranks), "word": rng.choice(("transparent", "glass", "ghosts"))}
    play["trick_end"] = "first-pass" if not sets and maybe(rng, 0.4) else "all-passed"
    play["rejoin"] = maybe(rng, 0.8)
    play["collection"] = rng.choice(("trick", "set-aside"))
    if "kitty" in deal and not bidding and maybe(rng, 0.5):
        play["kitty_capture"] = ({"card": _card(rng, deck), "nickname": rng.choice((None, "Alf"))}
                                 if maybe(rng) else {"suit": rng.choice(deck.suits())})

    # Scoring and the end of the game.
    scoring = _scoring(rng, play["collection"], tokens, bidding, deck)
    ending = draw_ending(rng, tokens, fixed_hand=isinstance(deal["hand_size"], int))

    data = {
        "naming": draw_naming(rng), "players": players, "deck": deck_data, "deal": deal, "setup": setup, "bidding": bidding,
        "play": play, "scoring": scoring, "ending": ending,
    }
    return spec_from_data(data)


def _scoring(rng: random.Random, collection: str, tokens: bool, bidding: dict, deck: DeckSpec) -> dict[str, Any]:
    if tokens:
        return {"kind": "countdown"}
    if collection == "trick":
        if maybe(rng):
            avoid: dict[str, Any] = {"kind": "avoid-suit", "suit": rng.choice(deck.suits()),
                                     "per_card": rng.choice(("one", "face-value"))}
            if maybe(rng, 0.3):
                avoid["penalty_card"] = {"card": _card(rng, deck), "points": rng.randint(1, 13)}
            if maybe(rng, 0.2):
                avoid["shoot_the_moon"] = rng.randint(1, 30)
            if maybe(rng, 0.2):
                avoid["pig_points"] = rng.choice((-5, 4))
            return avoid
        extras = {"joker_tricks": rng.choice(("none", "void", "bonus")) if deck.jokers else "none",
                  "pig": rng.choice(("none", "plus", "minus", "nothing"))}
        return {"kind": "per-trick", "beyond": rng.choice((0, 0, 1, 3)), "extras": extras}
    kinds = ["card-values", "card-count", "titles", "first-out"]
    if bidding:
        kinds = ["landlord-stake", "titles"]
    kind = rng.choice(kinds)
    out = draw_hand_value(rng, kind, stock_out=0.1)
    if kind == "titles":
        retire = maybe(rng, 0.67)
        out.update(title=rng.choice(("president", "magnate", "wizard")), first=rng.randint(2, 4),
                   loser=rng.choice(("peasant", "toad", "pit dweller")), loser_penalty=rng.randint(0, 2),
                   retire=retire)
        if retire and maybe(rng, 0.4):
            out.update(vice=rng.choice(("vizier", "bishop")), second=rng.randint(1, 3))
        if maybe(rng, 0.3):
            out["pig"] = {"who": rng.choice(("title", "loser")), "points": rng.choice((-5, -2, 2, 5))}
        starters = ["title", "loser"] + (["vice"] if "vice" in out else [])
        out["starter"] = rng.choice(starters)
        passing = rng.choice((None, "best-card", "two-cards", "swap-hands", "loser-deals"))
        if passing is not None:
            out["passing"] = {"kind": passing}
            if passing == "two-cards":
                out["passing"]["returned"] = rng.choice((2, 3))
            if passing == "loser-deals":
                out["passing"]["usurper"] = maybe(rng, 0.3)
        if "vice" in out and maybe(rng):
            out["rule_maker"] = "vice"
    return out


def _fix(spec: GameSpec) -> GameSpec:
    """Settle the few fields whose sense depends on others drawn later (kept in the spec, so the
    draw above stays simple)."""
    c = spec.scoring
    if c.kind == "titles" and c.rule_maker == "vice" and not (spec.setup.extra_rules and
                                                               spec.setup.extra_rules.kind == "bonus"):
        spec = spec.model_copy(update={"scoring": c.model_copy(update={"rule_maker": "title"})})
    return spec


def drawn(seed: int) -> GameSpec:
    return _fix(climbing_spec(seed))


# --------------------------------------------------------------------------- the round trip


@pytest.mark.slow
@settings(max_examples=budget(250), deadline=None)
@given(seed=st.integers(0, 2**40))
def test_round_trip_any_drawn_seed(seed: int) -> None:
    """A climbing spec drawn field by field reads back as itself (so no two different ones print the
    same rulebook); the thorough profile draws 10,000 of them."""
    round_trip(drawn(seed), f"drawn spec {seed}")


def test_the_drawn_specs_cover_every_option() -> None:
    """The drawn specs reach every option of the climbing play section and the shedding scoring."""
    seen: set[tuple[str, Any]] = set()
    for seed in range(COVERAGE_SEEDS):
        spec = drawn(seed)
        p, c = spec.play, spec.scoring
        seen |= {("leader", p.opening_leader), ("leads", p.leads), ("runs", p.runs), ("beating", p.beating),
                 ("jokers", p.jokers), ("end", p.trick_end), ("rejoin", p.rejoin), ("collection", p.collection),
                 ("kind", c.kind), ("round_end", getattr(c, "round_end", None)),
                 ("passing", c.passing.kind if c.kind == "titles" and c.passing else None),
                 ("ending", spec.ending.condition.kind)}
        for flag in ("must_play", "natural_beats_joker", "low_bomb", "colour_match"):
            if getattr(p, flag):
                seen.add((flag, True))
        seen |= {("bomb", p.bomb is not None and p.bomb.rocket is not None), ("transparent", p.transparent is not None),
                 ("capture", p.kitty_capture is not None), ("rows", spec.deal.rows), ("wrap", spec.deck.run_wrap),
                 ("tokens", spec.deal.tokens is not None)}
    expected = {("leader", v) for v in ("dealer", "dealer-left", "holder", "landlord")}
    expected |= {("leads", v) for v in ("singles", "sets", "runs")} | {("runs", v) for v in ("same-suit", "any-suit")}
    expected |= {("beating", v) for v in ("higher", "sets-crush", "higher-sets")}
    expected |= {("jokers", v) for v in ("none", "top", "wild")} | {("end", "first-pass"), ("rejoin", False)}
    expected |= {("kind", v) for v in ("countdown", "card-values", "card-count", "landlord-stake", "titles",
                                       "first-out", "avoid-suit", "per-trick")}
    expected |= {("round_end", v) for v in ("empty-hand", "knock-five", "knock-out")}
    expected |= {("passing", v) for v in ("best-card", "two-cards", "swap-hands", "loser-deals")}
    expected |= {(f, True) for f in ("must_play", "natural_beats_joker", "low_bomb", "colour_match", "bomb",
                                     "transparent", "capture", "rows", "wrap", "tokens")} | {("ending", "tokens")}
    assert expected <= seen, sorted(expected - seen, key=str)



# --------------------------------------------------------------------------- the golden rulebook


def test_there_is_a_golden_climbing_game() -> None:
    assert GOLDEN_SPECS


@pytest.mark.parametrize("path", GOLDEN_SPECS, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    check_golden(path)


# --------------------------------------------------------------------------- what the text says


def _with(spec: GameSpec, **play: Any) -> GameSpec:
    return spec.model_copy(update={"play": spec.play.model_copy(update=play)})


def _base() -> GameSpec:
    return load_spec(GOLDEN_SPECS[0])


def test_a_trick_is_never_called_a_hand() -> None:
    """The seed book says "the hand continues" for a trick; the rulebook says trick, and keeps hand for
    the deal."""
    for seed in range(200):
        play = play_section(drawn(seed))
        for phrase in ("the hand continues", "hand ends when all", "hand is won by the last"):
            assert phrase not in play


def test_who_leads_after_going_out_is_printed() -> None:
    assert "the next player to their left who still holds cards leads instead" in play_section(_base())


def test_the_examples_are_cards_of_the_pack() -> None:
    """The worked example names cards of the game's own pack: with the German pack, its suits and its
    Obers, and no French suit."""
    spec = _base()
    german = spec.model_copy(update={"deck": DeckSpec(kind="german32", order="natural"),
                                     "play": spec.play.model_copy(update={"jokers": "none", "bomb": None})})
    table = "\n".join(line for line in play_section(german).splitlines() if line.startswith("| "))
    assert "| The Nine of hearts | the Ober of bells, a higher single card |" in table
    assert not any(s in table for s in ("clubs", "diamonds", "spades", "joker"))
    round_trip(german, "german pack")


def test_an_example_that_does_not_follow_from_the_pack_is_refused() -> None:
    text = render_markdown(_base())
    rows = [line for line in text.splitlines() if line.startswith("| ") and "higher single card" in line]
    assert rows
    broken = text.replace(rows[0], rows[0].replace("higher single card", "higher single card indeed"))
    with pytest.raises(ParseError):
        parse_markdown(broken)


def test_single_joker_beats_a_bomb_and_only_the_rocket_beats_it() -> None:
    """The reading of CL-05 against CL-08 is printed."""
    spec = _with(_base(), jokers="top")
    play = play_section(spec)
    bomb, rocket = spec.play.bomb.name, spec.play.bomb.rocket
    assert f"it beats any play, a {bomb} included, and nothing beats it but the {rocket}" in play
    round_trip(spec, "single joker")


@pytest.mark.parametrize("change", [
    {"beating": "sets-crush"}, {"beating": "higher-sets"}, {"leads": "singles", "runs": None, "beating": "higher-sets"},
    {"trick_end": "first-pass", "leads": "singles", "runs": None, "jokers": "top", "natural_beats_joker": False},
    {"rejoin": False}, {"must_play": True}, {"low_bomb": True, "bomb": None, "colour_match": False},
    {"collection": "trick"}, {"transparent": Transparent(rank="9", word="glass")},
], ids=str)
def test_single_changes_round_trip_and_change_the_text(change: dict[str, Any]) -> None:
    base = _base()
    if change.get("collection") == "trick":
        spec = base.model_copy(update={"play": base.play.model_copy(update=change),
                                       "scoring": spec_from_data({**base.model_dump(mode="json"), "scoring": {
                                           "kind": "per-trick"}}).scoring})
    else:
        spec = _with(base, **change)
    assert render_markdown(spec) != render_markdown(base)
    round_trip(spec, str(change))


def test_token_names_in_the_plural() -> None:
    """Tokens are counted in the plural ("eleven pennies") and named in the singular ("for each penny")."""
    assert [plural_noun(w) for w in ("coin", "penny", "match", "poker chip", "day", "box")] == [
        "coins", "pennies", "matches", "poker chips", "days", "boxes"]
    for name in ("penny", "match", "matche"):
        spec = drawn(0).model_copy(deep=True)
        spec = spec_from_data({**spec.model_dump(mode="json"), "deal": {"hand_size": 7, "tokens": {"name": name}},
                               "scoring": {"kind": "countdown"}, "ending": {"condition": {"kind": "tokens"}}})
        text = round_trip(spec, name)
        assert f"one card for each {name} they hold" in text and f"seven {plural_noun(name)}" in text


def test_the_deck_leaves_the_jokers_to_the_play_section() -> None:
    """Climbing jokers are not trumps: the deck section only adds them, and Play says what they beat."""
    text = render_markdown(_base())
    assert "A red joker and a black joker are added to the pack.\nIn all" in text
    assert "trump suit as" not in text and "A joker is *wild*" in text


def test_a_tarot_pack_says_how_a_major_compares() -> None:
    spec = _base()
    tarot = spec.model_copy(update={"deck": DeckSpec(kind="tarot", order="natural"),
                                    "play": spec.play.model_copy(update={"jokers": "none", "bomb": None})})
    assert "the majors rank above every card of the suits, by their number" in play_section(tarot)
    round_trip(tarot, "tarot pack")
