"""The matching family's rulebook text and its parser: ``parse_markdown(render_markdown(spec)) == spec``
for matching specs drawn here field by field (every effect kind with its parameters, cheat mode, the
named card, one or two discard piles, the wild-rank card, tokens and the countdown wild, rows,
calling, the kitty and its effects, the shedding scoring kinds …), for the sampler's matching specs
once it exists, and for the golden matching rulebooks; two different specs never print the same
text; and the Play section reads as the rules say (the readings of ``generator.families.matching.spec``
printed where they apply, an example of matching from the pack, the special cards as a table).

Golden files: ``tests/golden/matching/<game>.yaml`` and ``<game>.md``. Regenerate the Markdown with
``PARLOUR_UPDATE_GOLDEN=1 python -m pytest tests/test_text_matching.py``.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.spec import GameSpec, load_spec, spec_from_data
from generator.spec.deck import DeckSpec
from generator.families.matching.spec import EFFECT_PARAMS
from generator.rulebook import render_markdown
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

GOLDEN = Path(__file__).parent / "golden" / "matching"
GOLDEN_SPECS = sorted(GOLDEN.glob("*.yaml"))
#: The drawn specs whose options ``test_the_drawn_specs_cover_every_option`` counts.
COVERAGE_SEEDS = 800

TOKENS = ("coin", "penny", "match", "poker chip", "counter", "token")
KINDS = ("wild", "open", "not-last", "kitty-take", "kitty-give", "reshuffle", "reverse", "draw-chain", "again", "skip",
         "all-draw", "top-follow", "pass-hands", "give", "transparent", "tuck", "cordial", "trade", "name-rank",
         "cover", "copycat", "points", "bound")


# --------------------------------------------------------------------------- drawing matching specs




def _effect(rng: random.Random, kind: str, rank: str, tokens: bool) -> dict[str, Any]:
    """One special card of ``kind`` with parameters drawn for it (``EFFECT_PARAMS``)."""
    effect: dict[str, Any] = {"rank": rank, "kind": kind}
    if kind == "reshuffle":
        effect["always"] = maybe(rng)
    elif kind == "draw-chain":
        effect.update(chain=rng.choice(("targeted", "stacked")), draw=rng.choice((1, 2, 2, 3, 5, 14)),
                      step=rng.choice((1, 2, 2, 4, 13)))
    elif kind == "pass-hands":
        effect["direction"] = rng.choice(("left", "right"))
    elif kind == "transparent":
        effect["word"] = rng.choice(("transparent", "invisible", "glass"))
    elif kind == "cordial":
        effect["word"] = rng.choice(("cordial", "decent", "goodwill", "charity"))
    elif kind == "points":
        if not tokens or maybe(rng, 0.2):
            effect["points"] = rng.randint(1, 20)
    elif kind == "bound":
        effect["bound"] = rng.choice(("lower", "higher"))
    assert set(effect) - {"rank", "kind"} <= set(EFFECT_PARAMS.get(kind, ()))
    return effect


def _effects(rng: random.Random, ranks: tuple[str, ...], tokens: bool) -> list[dict[str, Any]]:
    """Distinct ranks, each kind once (not-last may stand twice), listed highest rank first; at times
    every rank of the pack, so that the example of matching has no rank to use."""
    if not ranks:
        return []
    n = rng.choice((0, 1, 1, 2, 3, 4, 4, 5, 6, 8, len(ranks)))
    n = min(n, len(ranks), len(KINDS))
    kinds = rng.sample(KINDS, n)
    if "not-last" in kinds and n < len(ranks) and maybe(rng, 0.3):
        kinds.append("not-last")
    chosen = sorted(rng.sample(range(len(ranks)), len(kinds)))
    rng.shuffle(kinds)
    return [_effect(rng, kind, ranks[i], tokens) for kind, i in zip(kinds, chosen)]


def matching_spec(seed: int) -> GameSpec:
    """A matching spec drawn field by field from ``seed``: every field of the play section and of the
    stock, tokens and rows, the pig, invented rules, the exchange, the kitty and the auction, and the
    shedding scoring kinds, in combinations the spec allows (cheat mode keeps MT-05 at its defaults,
    the countdown wild comes with tokens …)."""
    rng = random.Random(seed)
    deck_data = draw_deck(rng, (0, 0, 0, 1, 2))
    deck = DeckSpec(**deck_data)
    ranks = deck.ranks()
    lo = rng.choice((2, 2, 3, 3, 4))
    players = {"min": lo, "max": rng.randint(max(lo, 3), 6)}

    # The deal.
    tokens = maybe(rng, 0.15)
    deal: dict[str, Any] = {"hand_size": rng.randint(1, 12), "rows": maybe(rng, 0.12)}
    if not tokens and maybe(rng, 0.03):  # a whole-pack deal leaves no stock: the checks report it; it prints
        deal["hand_size"] = "all"
    if maybe(rng, 0.15):
        deal["hand_size_over_three"] = rng.randint(1, 8)
    if maybe(rng, 0.1):
        deal["odd_card"] = {"who": rng.choice(("dealer-right", "dealer-left", "dealer")), "extra": maybe(rng)}
    if tokens:
        deal["tokens"] = {"name": rng.choice(TOKENS)}
    if maybe(rng, 0.08):
        deal["misdeal"] = {"suit": rng.choice(deck.suits()), "must_show": maybe(rng)}
    if maybe(rng, 0.25):
        deal["kitty"] = draw_kitty(rng, ("dealt", "dealt", "contributed", "undealt"))
    if maybe(rng, 0.97):  # a matching game without a stock is a contradiction the checks report; it still prints
        deal["stock"] = {"discard_piles": rng.choice((1, 1, 1, 2)), "wild_card": maybe(rng, 0.15)}

    # Setup and bidding.
    setup = draw_setup(rng, deck, pig=0.15, laws=0.15, exchange=0.12)
    bidding: dict[str, Any] = {}
    if "kitty" in deal and maybe(rng, 0.3):
        bidding["auction"] = {"title": rng.choice(("landlord", "squire", "dragon"))}

    # Play.
    play: dict[str, Any] = {"family": "matching", "first_turn": rng.choice(("dealer", "dealer-left"))}
    if maybe(rng, 0.15):
        play["cheat"] = {"word": rng.choice(("cheat", "bunco", "flimflam", "gyp", "spoof"))}
    else:
        play["must_play"] = maybe(rng, 0.2)
        play["draw"] = rng.choice(("stock", "stock", "stock", "pile"))
        play["play_drawn"] = maybe(rng, 0.2)
    play["effects"] = _effects(rng, ranks, tokens)
    if maybe(rng, 0.2):
        play["named_card"] = {"card": rng.choice(deck.cards()), "nickname": rng.choice((None, "Alf", "Ozzy")),
                              "who": rng.choice(("player", "next")), "count": rng.choice((5, 5, 1, 3, 13))}
    play["countdown_wild"] = maybe(rng, 0.4) if tokens else maybe(rng, 0.02)
    play["multiple"] = rng.choice(("none", "none", "none", "same-rank", "rank-or-suit"))
    play["opening_effect"] = rng.choice(("none", "dealer"))
    if maybe(rng, 0.15):
        play["call"] = rng.choice(("Ashby", "Last card", "Mau"))

    # Scoring and the end of the game.
    scoring = _scoring(rng, tokens, bidding, deal["rows"], any(e["kind"] == "points" for e in play["effects"]))
    ending = draw_ending(rng, tokens, fixed_hand=deal["hand_size"] != "all")

    data = {
        "naming": draw_naming(rng), "players": players, "deck": deck_data, "deal": deal, "setup": setup, "bidding": bidding,
        "play": play, "scoring": scoring, "ending": ending,
    }
    return spec_from_data(data)


def _scoring(rng: random.Random, tokens: bool, bidding: dict, rows: bool, points: bool) -> dict[str, Any]:
    if tokens:
        return {"kind": "countdown"}
    kinds = ["card-values", "card-count", "titles", "first-out"]
    if bidding:
        kinds = ["landlord-stake", "titles"]
    if points and not bidding:
        kinds = ["card-values"]
    kind = rng.choice(kinds)
    out = draw_hand_value(rng, kind, stock_out=0.15, losers_lose=not points)
    if kind == "titles":
        retire = maybe(rng, 0.67)
        out.update(title=rng.choice(("president", "magnate", "wizard")), first=rng.randint(2, 4),
                   loser=rng.choice(("peasant", "toad", "pit dweller")), loser_penalty=rng.randint(0, 2),
                   retire=retire)
        if retire and maybe(rng, 0.4):
            out.update(vice=rng.choice(("vizier", "bishop")), second=rng.randint(1, 3))
        starters = ["title", "loser"] + (["vice"] if "vice" in out else [])
        out["starter"] = rng.choice(starters)
        passing = rng.choice((None, "best-card", "two-cards", "swap-hands", "loser-deals"))
        if passing is not None:
            out["passing"] = {"kind": passing}
            if passing == "two-cards":
                out["passing"]["returned"] = rng.choice((2, 3))
    return out


# --------------------------------------------------------------------------- the round trip


@pytest.mark.slow
@settings(max_examples=budget(250), deadline=None)
@given(seed=st.integers(0, 2**40))
def test_round_trip_any_drawn_seed(seed: int) -> None:
    """A matching spec drawn field by field reads back as itself (so no two different ones print the
    same rulebook); the thorough profile draws 10,000 of them."""
    round_trip(matching_spec(seed), f"drawn spec {seed}")


def test_the_drawn_specs_cover_every_option() -> None:
    """The drawn specs reach every option of the matching play section and of the stock."""
    seen: set[tuple[str, Any]] = set()
    for seed in range(COVERAGE_SEEDS):
        spec = matching_spec(seed)
        p, stock = spec.play, spec.deal.stock
        seen |= {("first", p.first_turn), ("cheat", p.cheat is not None), ("draw", p.draw),
                 ("must", p.must_play), ("drawn", p.play_drawn), ("multiple", p.multiple),
                 ("opening", p.opening_effect), ("call", p.call is not None), ("cw", p.countdown_wild),
                 ("named", p.named_card.who if p.named_card else None), ("rows", spec.deal.rows),
                 ("piles", stock.discard_piles if stock else 0), ("wild card", bool(stock and stock.wild_card)),
                 ("no free rank", not set(spec.deck.ranks()) - {e.rank for e in p.effects}),
                 ("kind", spec.scoring.kind), ("deck", spec.deck.kind)}
        for e in p.effects:
            seen.add(("effect", e.kind))
            seen |= {(e.kind, e.chain), (e.kind, e.direction), (e.kind, e.bound), (e.kind, e.always),
                     (e.kind, e.points is None)}
    expected = {("effect", k) for k in KINDS}
    expected |= {("first", v) for v in ("dealer", "dealer-left")} | {("draw", v) for v in ("stock", "pile")}
    expected |= {("multiple", v) for v in ("none", "same-rank", "rank-or-suit")}
    expected |= {("opening", v) for v in ("none", "dealer")} | {("named", v) for v in ("player", "next")}
    expected |= {("piles", v) for v in (1, 2)} | {("deck", v) for v in ("standard", "french32", "german32", "tarot")}
    expected |= {(f, True) for f in ("cheat", "must", "drawn", "call", "cw", "rows", "wild card", "no free rank")}
    expected |= {("draw-chain", "targeted"), ("draw-chain", "stacked"), ("pass-hands", "left"),
                 ("pass-hands", "right"), ("bound", "lower"), ("bound", "higher"), ("reshuffle", True),
                 ("reshuffle", False), ("points", True), ("points", False)}
    expected |= {("kind", v) for v in ("countdown", "card-values", "card-count", "landlord-stake", "titles",
                                       "first-out")}
    assert expected <= seen, sorted(expected - seen, key=str)



# --------------------------------------------------------------------------- the golden rulebooks


def test_there_is_a_golden_matching_game() -> None:
    assert GOLDEN_SPECS


@pytest.mark.parametrize("path", GOLDEN_SPECS, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    check_golden(path)


# --------------------------------------------------------------------------- what the text says


def _with(spec: GameSpec, **play: Any) -> GameSpec:
    return spec_from_data({**spec.model_dump(mode="json"), "play": {**spec.model_dump(mode="json")["play"], **play}})


def _switch() -> GameSpec:
    return load_spec(GOLDEN / "switch.yaml")


def _table(spec: GameSpec) -> list[list[str]]:
    return [[c.strip() for c in line.strip("|").split("|")] for line in play_section(spec).splitlines()
            if line.startswith("| ")][1:]


def test_the_special_cards_are_a_table_highest_rank_first() -> None:
    """MT-04's lost list is printed as a Markdown table: rank, effect, decision, in the spec's order."""
    table = _table(_switch())
    assert [row[0] for row in table] == ["Ace", "Queen", "Jack", "Two"]
    assert table[0][2] == "names a suit" and table[1][2] == "—"
    assert "These cards have special effects when played:" in play_section(_switch())


def test_the_header_agrees_in_number() -> None:
    one = _with(_switch(), effects=[{"rank": "8", "kind": "wild"}])
    assert "One kind of card has a special effect when played:" in play_section(one)
    none = _with(_switch(), effects=[])
    assert "special effect" not in play_section(none) and "| Card |" not in play_section(none)
    round_trip(one, "one special card")
    round_trip(none, "no special card")


def test_the_example_uses_a_rank_without_an_effect() -> None:
    """The highest rank with no effect (the Ace, Queen, Jack and Two have one in Switch: the King)."""
    assert "For example, the King of clubs may be followed by a King of any suit, or by any club." in play_section(_switch())
    plain = ("wild", "open", "not-last", "kitty-take", "reverse", "again", "skip", "all-draw", "give", "tuck",
             "trade", "name-rank", "cover")
    every = _with(_switch(), effects=[{"rank": r, "kind": k} for r, k in zip(_switch().deck.ranks(), plain)])
    assert len(every.play.effects) == len(every.deck.ranks())
    assert "For example" not in play_section(every)
    round_trip(every, "every rank special")


def test_the_readings_are_printed_where_they_apply() -> None:
    base = _switch()
    # Nothing to match after a pick-up.
    assert "nothing to match" not in play_section(base)
    assert "nothing to match" in play_section(_with(base, draw="pile"))
    assert "nothing to match" in play_section(_with(base, effects=[{"rank": "9", "kind": "reshuffle"}]))
    # The blocked hand, and the two-player skip and reverse.
    assert "the hand is *blocked*" in play_section(base)
    assert "(with two players, its player takes another turn)" in play_section(base)
    three = spec_from_data({**base.model_dump(mode="json"), "players": {"min": 3, "max": 6}})
    assert "with two players" not in play_section(three)
    round_trip(three, "three players or more")
    # Jokers named as any card, and a turned joker named by the dealer.
    jokers = spec_from_data({**base.model_dump(mode="json"), "deck": {**base.deck.model_dump(mode="json"),
                                                                     "jokers": 2}})
    assert "| A joker | played as any card" in play_section(jokers)
    assert "the dealer names the card it stands for before looking at their hand" in play_section(jokers)
    round_trip(jokers, "jokers")


def test_calling_says_so() -> None:
    """SH-01 with the seed book's missing "so" written."""
    spec = _with(_switch(), call="Last card")
    assert "if they fail to do so, they draw one card from the stock" in play_section(spec)
    round_trip(spec, "calling")


def test_cheat_mode_is_its_own_steps() -> None:
    spec = _with(_switch(), cheat={"word": "spoof"}, play_drawn=False)
    play = play_section(spec)
    assert "face down onto the discard pile and *claims* a card" in play
    assert "by calling “spoof!”" in play and "(from their right if play is reversed)" in play
    assert "A player never passes or draws instead of playing" in play and "blocked" not in play
    assert "when a claim to play one of them stands:" in play
    round_trip(spec, "cheat mode")


def test_two_discard_piles_and_the_wild_card() -> None:
    base = _switch()
    data = base.model_dump(mode="json")
    data["deal"]["stock"] = {"discard_piles": 2, "wild_card": True}
    spec = spec_from_data(data)
    text = render_markdown(spec)
    assert "Two cards are then dealt face up, side by side, each starting a *discard pile*." in text
    assert "the other cards of its rank are *jokers*" in text
    assert "onto either discard pile" in text and "| A card of the wild rank |" in text
    round_trip(spec, "two piles and a wild card")


def test_the_titles_starter_takes_the_first_turn() -> None:
    """The scoring's between-hands rule speaks of turns, not tricks, in a matching game."""
    data = _switch().model_dump(mode="json")
    data["scoring"] = {"kind": "titles", "title": "magnate", "first": 2, "retire": True, "starter": "loser",
                       "loser": "toad"}
    spec = spec_from_data(data)
    text = render_markdown(spec)
    assert "From the second hand on, the toad takes the first turn." in text and "trick" not in text
    round_trip(spec, "titles")


def test_the_order_of_the_table_is_read() -> None:
    text = render_markdown(_switch())
    rows = [line for line in text.splitlines() if line.startswith("| Queen") or line.startswith("| Jack")]
    swapped = text.replace(rows[0], "@@").replace(rows[1], rows[0]).replace("@@", rows[1])
    assert parse_markdown(swapped) != _switch()


def test_a_wrong_decision_is_refused() -> None:
    text = render_markdown(_switch())
    with pytest.raises(ParseError):
        parse_markdown(text.replace("| names a suit |", "| names a rank |"))


def test_cheat_mode_without_drawing_is_the_spec() -> None:
    """MT-02 has no passing or drawing: the spec refuses MT-05's fields with cheat mode."""
    with pytest.raises(Exception, match="cheat mode"):
        _with(_switch(), cheat={"word": "gyp"})  # Switch plays drawn cards


def test_invented_laws_speak_of_piles_and_turns_in_matching() -> None:
    """The laws' forms in a matching game say what the matching engine plays (a card laid on a
    pile, a rank that may not start an empty pile, another turn), not tricks and leads; and a
    trick-taking rulebook's words put into a matching game are refused."""
    from generator.sample import sample_game
    from generator.text.parse import parse_markdown
    from generator.text.parse.core import ParseError
    from generator.rulebook import render_markdown

    spec = next(s for s in (sample_game(seed, family="matching").spec for seed in range(2000))
                if s.setup.extra_rules is not None)
    md = render_markdown(spec)
    assert "takes another turn" in md and "may start an empty discard pile" in md and "trick" not in md
    assert parse_markdown(md) == spec
    with pytest.raises(ParseError):
        parse_markdown(md.replace("may start an empty discard pile", "may be led"))


def test_the_example_says_what_a_special_card_does_as_it_is_played():
    """A card whose effect asks nothing of its player (Switch's Queen reverses play) is glossed as it
    is played, so a reader sees why the next turn is Dev's, not Ben's."""
    import re

    md = render_markdown(load_spec(Path(__file__).resolve().parents[1] / "corpus" / "real" / "switch.yaml"))
    example = md.split("\n## Example of play\n")[1].split("\n## ")[0]
    glossed = re.findall(r"^\d+\. (\w+) plays Q of \w+ \(play reverses\)\.$", example, re.MULTILINE)
    assert glossed
    assert not re.search(r"plays [^(\n]*Q of \w+\.$", example, re.MULTILINE)   # every Queen played alone says so
