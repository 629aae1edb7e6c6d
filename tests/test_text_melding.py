"""The melding family's rulebook text and its parser: ``parse_markdown(render_markdown(spec)) == spec``
for melding specs drawn here field by field (both turn shapes, every draw rule, every meld rule,
rearranging, laying off, dump, stump, the called block, jokers, the wild-rank card, progressive
wilds, the penalty, the full house, the pig in a meld, calling, one or two discard piles, the kitty,
tokens, rows, invented rules and the shedding scoring kinds), for the sampler's melding specs once
it exists, and for the golden melding rulebooks; two different specs never print the same text; and
the Play section reads as the rules say (the turn as a numbered list, the optional steps marked, the
readings of ``generator.families.melding.spec`` printed where they apply and nowhere else).

Golden files: ``tests/golden/melding/<game>.yaml`` and ``<game>.md``. Regenerate the Markdown with
``PARLOUR_UPDATE_GOLDEN=1 python -m pytest tests/test_text_melding.py``.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.spec import GameSpec, load_spec, spec_from_data
from generator.spec.deck import DeckSpec
from generator.rulebook import render_markdown
from generator.text.parse import ParseError, parse_markdown
from tests.conftest import budget
from tests.family_helpers import (
    check_golden,
    merge,
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

GOLDEN = Path(__file__).parent / "golden" / "melding"
GOLDEN_SPECS = sorted(GOLDEN.glob("*.yaml"))
#: The drawn specs whose options ``test_the_drawn_specs_cover_every_option`` counts.
COVERAGE_SEEDS = 1_000

TOKENS = ("coin", "penny", "match", "poker chip", "counter", "token")
VERBS = ("desert", "ditch", "sink", "load", "stow", "drop", "slip", "bundle", "flop")
DUMPS = ("dump", "scrap", "shed", "chuck", "junk", "unload", "slough")
STUMPS = ("stump", "vault", "chest", "sphinx", "cipher", "enigma", "crux")
BLOCKS = ("buried", "decoy", "waylay", "captured", "hijack", "skyjack", "hands off")
HOUSES = ("full house", "absolute", "brink", "ultimate", "apex", "nonpareil", "pinnacle")

# --------------------------------------------------------------------------- drawing melding specs


def _melds(rng: random.Random, ranks: tuple[str, ...], one_action: bool) -> dict[str, Any]:
    """ML-02 c and ML-06: every clause at a fair chance, within what the spec allows."""
    melds: dict[str, Any] = {"many": maybe(rng), "runs": rng.choice(("same-suit", "same-suit", "any-suit")),
                             "first_run": maybe(rng, 0.2), "rearrange": rng.choice(("none", "none", "any", "own"))}
    if ranks and maybe(rng, 0.2):
        melds["single"] = rng.choice(ranks)
    first = rng.random()
    melds["no_first_out"], melds["must_meld"] = first < 0.2, 0.2 <= first < 0.4
    if not one_action:
        melds["keep_card"] = maybe(rng, 0.2)
    if maybe(rng, 0.15):
        melds["full_house"] = rng.choice(HOUSES)
    return melds


def melding_spec(seed: int) -> GameSpec:
    """A melding spec drawn field by field from ``seed``: every field of the play section (both
    turn shapes, each draw rule, each meld clause, lay-off, dump, stump, block, the jokers' rules, the
    penalty, the pig in a meld, calling) and of the stock, tokens, rows, the kitty, the pig, invented
    rules, the exchange and the shedding scoring kinds, in combinations the spec allows (rearranging
    without lay-off or dump, one-action turns without block, keep-card or meld-drawn …). Options
    the static checks would refuse (a joker swap without jokers, the pig in a meld without a pig)
    come at a small rate: they still print and read back."""
    rng = random.Random(seed)
    deck_data = draw_deck(rng, (0, 0, 0, 1, 2))
    if maybe(rng, 0.15):
        deck_data["run_wrap"] = True
    deck = DeckSpec(**deck_data)
    ranks = deck.ranks()
    lo = rng.choice((2, 2, 3))
    players = {"min": lo, "max": rng.randint(max(lo, 3), 6)}

    # The deal.
    tokens = maybe(rng, 0.12)
    deal: dict[str, Any] = {"hand_size": rng.randint(5, 10), "rows": maybe(rng, 0.1)}
    if maybe(rng, 0.1):
        deal["hand_size_over_three"] = rng.randint(3, 7)
    if maybe(rng, 0.08):
        deal["odd_card"] = {"who": rng.choice(("dealer-right", "dealer-left", "dealer")), "extra": maybe(rng)}
    if tokens:
        deal["tokens"] = {"name": rng.choice(TOKENS)}
    if maybe(rng, 0.2):
        deal["kitty"] = draw_kitty(rng, ("dealt", "dealt", "contributed", "undealt"))
    if maybe(rng, 0.98):  # melding without a stock is a contradiction the checks report; it still prints
        deal["stock"] = {"discard_piles": rng.choice((1, 1, 1, 2)), "wild_card": maybe(rng, 0.2)}
    wild_card = bool(deal.get("stock", {}).get("wild_card"))

    # Setup and bidding.
    setup = draw_setup(rng, deck, pig=0.15, laws=0.15, exchange=0.1)
    bidding: dict[str, Any] = {}
    if "kitty" in deal and maybe(rng, 0.15):
        bidding["auction"] = {"title": rng.choice(("landlord", "squire", "dragon"))}

    # Play.
    one_action = maybe(rng, 0.2)
    melds = _melds(rng, ranks, one_action)
    rearranging = melds["rearrange"] != "none"
    draw: dict[str, Any] = {"stock": rng.choice(("one", "one", "two", "one-or-two")),
                            "kitty": "kitty" in deal and maybe(rng, 0.6) or maybe(rng, 0.02),
                            "discard": rng.choice(("top", "top", "wipe")), "melded_first": maybe(rng, 0.2)}
    if not one_action:
        draw["meld_drawn"] = maybe(rng, 0.2)
    jokers = deck.jokers > 0 or wild_card
    play: dict[str, Any] = {"family": "melding", "first_turn": rng.choice(("dealer", "dealer-left")),
                            "one_action": one_action, "draw": draw, "melds": melds,
                            "lay_off": None if rearranging else rng.choice(("any", "any", "own"))}
    if maybe(rng, 0.2):
        play["desert"] = rng.choice(VERBS)
    if not rearranging and maybe(rng, 0.2):
        play["dump"] = rng.choice(DUMPS)
    if maybe(rng, 0.2):
        play["stump"] = rng.choice(STUMPS)
    if not one_action and maybe(rng, 0.2):
        play["block"] = rng.choice(BLOCKS)
    play["joker_swap"] = maybe(rng, 0.3) if jokers else maybe(rng, 0.03)
    play["one_joker"] = maybe(rng, 0.3) if jokers else maybe(rng, 0.03)
    play["progressive_wilds"] = maybe(rng, 0.3) if not jokers else maybe(rng, 0.03)
    if maybe(rng, 0.2):
        play["penalty"] = rng.choice((3, 4, 1, 13))
    if maybe(rng, 0.6) if setup.get("pig") else maybe(rng, 0.03):
        play["pig_meld"] = rng.choice((5, 10, 15, 1))
    if maybe(rng, 0.15):
        play["call"] = rng.choice(("Ashby", "Last card", "Rummy"))

    # Scoring and the end of the game.
    scoring = _scoring(rng, tokens, bidding)
    ending = draw_ending(rng, tokens, fixed_hand=True)

    data = {
        "naming": draw_naming(rng), "players": players, "deck": deck_data, "deal": deal, "setup": setup,
        "bidding": bidding, "play": play, "scoring": scoring, "ending": ending,
    }
    return spec_from_data(data)


def _scoring(rng: random.Random, tokens: bool, bidding: dict) -> dict[str, Any]:
    if tokens:
        return {"kind": "countdown"}
    kinds = ["landlord-stake", "titles"] if bidding else ["card-values", "card-values", "card-count", "titles",
                                                          "first-out"]
    kind = rng.choice(kinds)
    out = draw_hand_value(rng, kind, stock_out=0.15)
    if kind == "titles":
        retire = maybe(rng, 0.5)
        out.update(title=rng.choice(("leader", "magnate", "wizard")), first=rng.randint(2, 4),
                   loser=rng.choice(("peasant", "toad", "pit dweller")), loser_penalty=rng.randint(0, 2),
                   retire=retire)
        if retire and maybe(rng, 0.4):
            out.update(vice=rng.choice(("vizier", "bishop")), second=rng.randint(1, 3))
        out["starter"] = rng.choice(["title", "loser"] + (["vice"] if "vice" in out else []))
    return out


# --------------------------------------------------------------------------- the round trip


@pytest.mark.slow
@settings(max_examples=budget(250), deadline=None)
@given(seed=st.integers(0, 2**40))
def test_round_trip_any_drawn_seed(seed: int) -> None:
    """A melding spec drawn field by field reads back as itself (so no two different ones print the
    same rulebook); the thorough profile draws 10,000 of them."""
    round_trip(melding_spec(seed), f"drawn spec {seed}")


def test_the_drawn_specs_cover_every_option() -> None:
    """The drawn specs reach every option of the melding play section and of the stock."""
    seen: set[tuple[str, Any]] = set()
    for seed in range(COVERAGE_SEEDS):
        spec = melding_spec(seed)
        p, m, dr, stock = spec.play, spec.play.melds, spec.play.draw, spec.deal.stock
        seen |= {("first", p.first_turn), ("one action", p.one_action), ("desert", p.desert is not None),
                 ("stock", dr.stock), ("kitty", dr.kitty), ("discard", dr.discard), ("melded first", dr.melded_first),
                 ("meld drawn", dr.meld_drawn), ("many", m.many), ("runs", m.runs), ("single", m.single is not None),
                 ("first run", m.first_run), ("no first out", m.no_first_out), ("must meld", m.must_meld),
                 ("keep card", m.keep_card), ("rearrange", m.rearrange), ("full house", m.full_house is not None),
                 ("lay off", p.lay_off), ("dump", p.dump is not None), ("stump", p.stump is not None),
                 ("block", p.block is not None), ("swap", p.joker_swap), ("one joker", p.one_joker),
                 ("progressive", p.progressive_wilds), ("penalty", p.penalty is not None),
                 ("pig meld", p.pig_meld is not None), ("call", p.call is not None), ("rows", spec.deal.rows),
                 ("piles", stock.discard_piles if stock else 0), ("wild card", bool(stock and stock.wild_card)),
                 ("wrap", spec.deck.run_wrap), ("jokers", spec.deck.jokers), ("kind", spec.scoring.kind),
                 ("deck", spec.deck.kind), ("laws", spec.setup.extra_rules.kind if spec.setup.extra_rules else None),
                 ("one action laws", p.one_action and spec.setup.extra_rules is not None),
                 ("round end", getattr(spec.scoring, "round_end", None))}
    expected = {("first", v) for v in ("dealer", "dealer-left")} | {("stock", v) for v in ("one", "two", "one-or-two")}
    expected |= {("discard", v) for v in ("top", "wipe")} | {("runs", v) for v in ("same-suit", "any-suit")}
    expected |= {("rearrange", v) for v in ("none", "any", "own")} | {("lay off", v) for v in ("any", "own", None)}
    expected |= {("piles", v) for v in (1, 2)} | {("deck", v) for v in ("standard", "french32", "german32", "tarot")}
    expected |= {("jokers", v) for v in (0, 1, 2)} | {("laws", v) for v in ("bonus", "secret")}
    expected |= {("round end", v) for v in ("empty-hand", "knock-five", "knock-out")}
    expected |= {(f, v) for f in ("one action", "desert", "kitty", "melded first", "meld drawn", "many", "single",
                                  "first run", "no first out", "must meld", "keep card", "full house", "dump", "stump",
                                  "block", "swap", "one joker", "progressive", "penalty", "pig meld", "call", "rows",
                                  "wild card", "wrap", "one action laws") for v in (True, False)}
    expected |= {("kind", v) for v in ("countdown", "card-values", "card-count", "landlord-stake", "titles",
                                       "first-out")}
    assert expected <= seen, sorted(expected - seen, key=str)



# --------------------------------------------------------------------------- the golden rulebooks


def test_there_is_a_golden_melding_game() -> None:
    assert GOLDEN_SPECS


@pytest.mark.parametrize("path", GOLDEN_SPECS, ids=lambda p: p.stem)
def test_golden(path: Path) -> None:
    check_golden(path)


# --------------------------------------------------------------------------- what the text says


def _rummy() -> GameSpec:
    return load_spec(GOLDEN / "rummy.yaml")


def _one_action() -> GameSpec:
    return load_spec(GOLDEN / "machiavelli.yaml")


def _with(spec: GameSpec, **over: Any) -> GameSpec:
    """``spec`` with sections merged in (``play={...}``, ``deal={...}`` …), read back alike."""
    return spec_from_data(merge(spec.model_dump(mode="json"), over))


def _steps(spec: GameSpec) -> list[str]:
    """The numbered items of the Play section: "1. Drawing. …" → "Drawing" (with "(optional)")."""
    return [re.match(r"\d+\. ([^.]+)\.", line)[1] for line in play_section(spec).splitlines()
            if re.match(r"\d+\. ", line)]


#: Every step a turn of steps can have, each with its choice set.
EVERY_STEP = {"desert": "ditch", "dump": "scrap", "stump": "crux", "block": "waylay"}


def test_a_turn_of_steps_is_a_numbered_list_with_the_optional_steps_marked() -> None:
    """ML-02's lost list: the steps in order, the optional ones marked "(optional)", drawing and the
    discard never."""
    assert "A player's turn is these steps, in order:" in play_section(_rummy())
    assert _steps(_rummy()) == ["Drawing", "Melding (optional)", "Laying off (optional)", "Discarding"]
    every = _with(_rummy(), play=EVERY_STEP)
    assert _steps(every) == ["Leaving the hand (optional)", "Drawing", "Melding (optional)", "Laying off (optional)",
                             "Clearing a meld (optional)", "Putting four away (optional)", "Discarding"]
    text = round_trip(every, "every step")
    assert "may *ditch*" in text and "may *scrap* a meld" in text and "as a *crux*" in text
    assert "they may call “waylay”" in text and "the player who called then takes a card at random" in text


def test_a_one_action_turn_lists_the_actions_with_no_discard() -> None:
    """Machiavelli's mode: one action a turn, none of them marked optional, no discard step."""
    text = play_section(_one_action())
    assert "On their turn a player takes one of these actions:" in text
    assert _steps(_one_action()) == ["Drawing", "Melding"]
    assert "(optional)" not in text and "Discarding" not in text and "discard pile" in text
    assert "A player who can take none of these actions passes." in text
    with_steps = _with(_one_action(), play={"desert": "sink", "stump": "vault"})
    assert _steps(with_steps) == ["Leaving the hand", "Drawing", "Melding", "Putting four away"]
    round_trip(with_steps, "one action with more actions")


def test_what_a_meld_is_with_an_example_from_the_pack() -> None:
    """Sets and runs with examples from the game's own pack; a run follows the printed rank list
    (the top and the lowest rank not next to each other) unless the pack's run wrap says so."""
    text = play_section(_rummy())
    assert ("A *meld* is a *set*, three or more cards of one rank, such as three Kings, or a *run*, three or more "
            "cards next to each other in the rank list, all of one suit, such as the Six, Seven and Eight of "
            "hearts.") in text
    assert "the King and the Ace are not next to each other" in text
    any_suit = _with(_rummy(), play={"melds": {"runs": "any-suit"}})
    assert "of any suits, such as the Six of clubs, the Seven of hearts and the Eight of spades." in play_section(
        any_suit)
    wrap = _with(_rummy(), deck={"run_wrap": True})
    assert "Runs follow the rank list of *The cards*, in which the Aces may also count above the Kings." in (
        play_section(wrap))
    german = _with(_rummy(), deck={"kind": "german32", "order": "natural"})
    assert "such as three Aces" in play_section(german) and "Unter" in play_section(german)
    tarot = _with(_rummy(), deck={"kind": "tarot", "order": "natural"})
    assert "three or more majors next to each other by number are a run of their own" in play_section(tarot)
    for spec, label in ((any_suit, "any suit"), (wrap, "wrap"), (german, "german"), (tarot, "tarot")):
        round_trip(spec, label)


def test_the_readings_are_printed_where_they_apply_and_nowhere_else() -> None:
    """The plain Rummy prints none of the optional readings; each option brings its own."""
    plain = play_section(_rummy())
    for absent in ("joker", "fanned", "rows", "penalty", "first turn;", "last card", "rearrange", "deserts"):
        assert absent not in plain, absent
    assert "all the cards of the discard pile are shuffled face down to form a new stock" in plain
    assert "the hand is *blocked*" in plain
    wild = _with(_rummy(), deal={"stock": {"wild_card": True}}, play={"one_joker": True, "joker_swap": True})
    text = play_section(wild)
    assert "The cards of the wild rank (see *Setup*) are jokers for the hand." in text
    assert "every meld must hold at least one card that is not a joker" in text
    assert "A meld may hold at most one joker." in text and "putting in its place" in text
    progressive = play_section(_with(_rummy(), play={"progressive_wilds": True}))
    assert ("In the first hand the Aces are jokers, in the second the Twos, and so on up the rank list; after the "
            "Kings the count starts again with the Aces.") in progressive
    wipe = play_section(_with(_rummy(), play={"draw": {"discard": "wipe", "melded_first": True, "meld_drawn": True}}))
    assert "any number of cards from the top of the discard pile, taken together" in wipe
    assert "The discards are kept fanned" in wipe and "may not take from the discard pile" in wipe
    assert "must go onto the table in the same turn, in melds or laid off" in wipe
    two = play_section(_with(_rummy(), deal={"stock": {"discard_piles": 2}}))
    assert "or the top card of either discard pile." in two and "both discard piles are shuffled" in two
    clauses = play_section(_with(_rummy(), play={"penalty": 3, "melds": {
        "single": "7", "first_run": True, "no_first_out": True, "keep_card": True, "full_house": "apex"}}))
    for said in ("A single Seven is also a meld by itself.", "first meld of the hand must be a run.",
                 "may not lay all their cards on the table on their first turn",
                 "never put their last card on the table", "An *apex*, three cards of one rank with two of another",
                 "draws three cards from the stock as a penalty"):
        assert said in clauses, said


def test_the_kitty_drawn_from_is_said_so_in_the_deal() -> None:
    kitty = _with(_rummy(), deal={"kitty": {"name": "talon", "form": "dealt", "size": 4}},
                  play={"draw": {"kitty": True}})
    text = round_trip(kitty, "a kitty to draw from")
    assert "to form the *talon*, whose top card may be drawn in play (see *Play*)." in text
    assert "or the top card of the *talon*" in text


def _broken(spec: GameSpec, old: str, new: str) -> str:
    text = render_markdown(spec)
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.mark.parametrize("old,new", [
    ("2. Melding (optional).", "2. Melding."),                         # an optional step not marked
    ("1. Drawing.", "1. Drawing (optional)."),                         # drawing marked optional
    ("4. Discarding. The player ends their turn by laying one card from their hand face up on the discard pile. It may "
     "not be a card they took from a discard pile in this turn.\n", ""),                                                              # a turn of steps with no discard
    ("A player's turn is these steps, in order:", "On their turn a player takes one of these actions:"),
    ("2. Melding (optional). The player may lay down", "2. Laying off (optional). The player may lay down"),
    ("3. Laying off (optional).", "3. Clearing a meld (optional)."),
    ("the King and the Ace are not next to each other", "the King and the Two are not next to each other"),
    ("such as three Kings", "such as three Queens"),
    # a sentence of the meld step outside it
    ("Play goes clockwise.\n", "Play goes clockwise.\nA player who holds a complete meld must lay one down.\n"),
])
def test_a_broken_turn_is_a_parse_error(old: str, new: str) -> None:
    with pytest.raises(ParseError):
        parse_markdown(_broken(_rummy(), old, new))


def test_steps_out_of_order_are_a_parse_error() -> None:
    text = render_markdown(_rummy())
    lines = text.split("\n")
    i = next(k for k, line in enumerate(lines) if line.startswith("2. Melding"))
    lines[i], lines[i + 1] = "2. " + lines[i + 1][3:], "3. " + lines[i][3:]
    with pytest.raises(ParseError, match="out of order"):
        parse_markdown("\n".join(lines))


def test_a_one_action_turn_with_a_discard_is_a_parse_error() -> None:
    text = _broken(_one_action(), "2. Melding.", "2. Melding.")
    lines = text.split("\n")
    i = next(k for k, line in enumerate(lines) if line.startswith("2. Melding"))
    lines.insert(i + 1, "3. Discarding. The player ends their turn by laying one card from their hand face up on the "
                        "discard pile.")
    with pytest.raises(ParseError, match="discard"):
        parse_markdown("\n".join(lines))


def test_the_scoring_reads_for_melding() -> None:
    """The shared scoring section in a melding game: the cards left in hand, the knock on going out,
    and the low finish read as the last meld laid (SC-A: "Me: meld")."""
    text = round_trip(_with(_rummy(), scoring={"losers_lose": True, "round_end": "knock-out",
                                               "low_finish_double": True}), "knock, low finish")
    assert "Each other player loses the value of the cards left in their own hand:" in text
    assert "A player who goes out *knocks*: every other player has one more turn, and then the knocker wins" in text
    assert "When a player goes out, the hand ends as *Scoring* says." in text
    assert "If the last meld laid in the hand held only cards of the lowest rank" in text
    assert "the play that ended the hand" not in text
