"""The climbing sampler (generator.families.climbing.sampler, sample.shedding, and the shared phases'
climbing modules): sampled seeds give checked, round-tripping specs (the rejected drafts counted by
reason), each module's rate matches the catalogue's, the family is reached through the registry
(``--family climbing`` and ``--family any``), and trick-taking's games did not move.

The tests sample 3,000 seeds; ``python benchmarks/modules.py --family climbing`` runs 10,000 (the
issue's count) with the same checks and prints the redraw reasons and every rate."""

from __future__ import annotations

import hashlib
from collections import Counter
from math import sqrt
from pathlib import Path

import pytest

from generator.checks import check_spec
from generator.families import ANY, FAMILIES, family_named
from generator.sample import Draw, draw_spec, family_for, sample_game
from generator.families.climbing import CLIMBING
from generator.families.climbing.frequencies import rows as climbing_rows
from generator.sample.frequencies import frequency_rows, sample_all
from generator.families.climbing.sampler import BOMB_NAMES, ROCKET_NAMES
from generator.sample.shedding import TRANSPARENT_WORDS
from generator.sample.shedding import LOSER_NAMES, TITLE_NAMES, VICE_NAMES
from generator.families.climbing.spec import ClimbPlay
from generator.spec import GameSpec, dump_yaml
from generator.spec.scoring import SHEDDING_KINDS
from tests.family_helpers import (
    assert_yaml_round_trip, check_module_rates, generate_writes_games, options_off, redraw_reasons,
)

N_SEEDS = 3_000
#: Rows whose accepted rate the static checks thin out on purpose (face-down rows that do not fit
#: the pack; a holder's card that may be set aside undealt), compared over drawn specs only.
THINNED = {("DL-12 rows", "yes"), ("CL-01 opening leader", "holder"), ("CL-02 leads", "singles with rows")}


@pytest.fixture(scope="module")
def drafts() -> tuple[list[GameSpec], list[GameSpec]]:
    """(every drawn spec, the accepted ones) of seeds 0…N_SEEDS−1, drawn as ``sample_game`` draws."""
    return sample_all(N_SEEDS, family="climbing")


@pytest.fixture(scope="module")
def specs(drafts) -> list[GameSpec]:
    return drafts[1]


@pytest.mark.slow
def test_seeds_pass_the_checks_or_are_redrawn_with_a_reason(drafts) -> None:
    """Every accepted spec is a climbing game with no problem, the one ``sample_game`` gives; every
    other draft fails a check with a reason code (counted: rows that do not fit the pack and a run
    wrap without runs are the usual ones)."""
    drawn, accepted = drafts
    assert len(accepted) == N_SEEDS
    for seed in (0, 1, 99, N_SEEDS - 1):
        assert sample_game(seed, family="climbing", flavour=True).spec == accepted[seed]
    for spec in accepted:
        assert isinstance(spec.play, ClimbPlay) and check_spec(spec) == []
    reasons = redraw_reasons(drawn, accepted)
    redraws = len(drawn) - len(accepted)
    assert 0 < redraws < N_SEEDS / 4, redraws
    codes = {code for code, _ in reasons}
    assert codes <= {"DEAL_IMPOSSIBLE", "RULE_CONFLICT", "NO_WIN_PATH", "DECK_INCONSISTENT", "SPEC_INVALID"}
    assert reasons[("DEAL_IMPOSSIBLE", "deal.hand_size")] and reasons[("RULE_CONFLICT", "deck.run_wrap")], reasons


@pytest.mark.slow
def test_specs_round_trip_through_yaml(specs) -> None:
    assert_yaml_round_trip(specs[:300])


@pytest.mark.slow
def test_the_same_seed_gives_the_same_game(specs) -> None:
    for seed in (0, 17, 2024):
        assert dump_yaml(sample_game(seed, family="climbing", flavour=True).spec) == dump_yaml(specs[seed])


@pytest.mark.slow
def test_what_the_specs_hold(specs) -> None:
    """Invariants the catalogue's conditions promise, and every option reached."""
    seen: dict[str, set] = {}

    def see(key: str, value) -> None:
        seen.setdefault(key, set()).add(value)

    for s in specs:
        p, sc, deal = s.play, s.scoring, s.deal
        assert s.setup.trumps.method == "none" and not s.setup.anti_trumps and not s.setup.high_low
        assert s.setup.robbing is None and not s.setup.top_trump_point and s.bidding.tricks is None
        assert (p.collection == "trick") == (sc.kind not in SHEDDING_KINDS) or sc.kind == "countdown"
        assert (deal.tokens is not None) == (sc.kind == "countdown") == (s.ending.condition.kind == "tokens")
        if deal.rows:
            assert p.leads == "singles"
        if s.deck.run_wrap:
            assert p.leads == "runs"
        if p.bomb is not None:
            assert p.bomb.name in BOMB_NAMES and (p.bomb.rocket is None or p.bomb.rocket in ROCKET_NAMES)
        if p.transparent is not None:
            assert p.transparent.word in TRANSPARENT_WORDS and p.transparent.rank in s.deck.ranks()
        if sc.kind == "titles":
            assert sc.title in TITLE_NAMES and sc.loser in LOSER_NAMES and (sc.vice is None or sc.vice in VICE_NAMES)
            assert sc.first in (2, 3, 4) and sc.first != sc.second and 0 <= sc.loser_penalty <= 2
            see("passing", sc.passing.kind if sc.passing else None)
            see("titles", (sc.retire, sc.vice is not None))
        if sc.kind == "card-values":
            v = sc.values
            assert (v.jokers is not None) == (s.deck.jokers > 0) and (v.majors is not None) == (s.deck.kind == "tarot")
            assert (v.pig is not None) == (s.setup.pig is not None)
        see("leader", p.opening_leader)
        see("leads", (p.leads, p.runs))
        see("beating", p.beating)
        see("jokers", (s.deck.jokers, p.jokers, p.natural_beats_joker))
        see("flags", ("must_play", p.must_play))
        see("flags", ("low_bomb", p.low_bomb))
        see("flags", ("colour_match", p.colour_match))
        see("flags", ("rejoin", p.rejoin))
        see("bomb", (p.bomb is not None, p.bomb is not None and p.bomb.rocket is not None))
        see("trick_end", p.trick_end)
        see("collection", p.collection)
        see("capture", None if p.kitty_capture is None else "suit" if p.kitty_capture.suit else "card")
        see("scoring", (p.collection, sc.kind))
        see("round_end", getattr(sc, "round_end", None))
        see("deal", ("tokens", deal.tokens is not None))
        see("deal", ("rows", deal.rows))
        see("deal", ("wrap", s.deck.run_wrap))
        see("fact", s.naming.fact)
    assert seen["leader"] == {"dealer", "dealer-left", "holder", "landlord"}
    assert seen["leads"] == {("singles", None), ("sets", None), ("runs", "same-suit"), ("runs", "any-suit")}
    assert seen["beating"] == {"higher", "sets-crush", "higher-sets"}
    assert {(0, "none", False), (2, "top", False), (2, "wild", False), (2, "wild", True), (1, "wild", False)} <= seen["jokers"]
    assert seen["flags"] == {(f, b) for f in ("must_play", "low_bomb", "colour_match", "rejoin") for b in (True, False)}
    assert seen["bomb"] == {(False, False), (True, False), (True, True)}
    assert seen["trick_end"] == {"all-passed", "first-pass"}
    assert seen["capture"] == {None, "suit", "card"}
    assert seen["scoring"] == {("trick", k) for k in ("avoid-suit", "per-trick", "countdown")} | {
        ("set-aside", k) for k in SHEDDING_KINDS}
    assert seen["round_end"] == {None, "empty-hand", "knock-five"}
    assert seen["passing"] == {None, "best-card", "two-cards", "swap-hands", "loser-deals"}
    assert seen["titles"] == {(False, False), (True, False), (True, True)}
    assert seen["deal"] == {(k, b) for k in ("tokens", "rows", "wrap") for b in (True, False)}
    assert {"countdown", "face-down-rows", "titles", "pig", "exchange"} <= seen["fact"]


@pytest.mark.statistical
def test_module_rates_match_the_catalogue(drafts) -> None:
    """Over every drawn spec each climbing option's rate is within 4.5 standard errors of the
    catalogue's; the accepted ones stay close too, except where the checks thin an option out."""
    check_module_rates(*drafts, "climbing", THINNED, min_checked=35)


def test_a_familys_rows_read_only_its_games() -> None:
    """Climbing's rows are never taken over trick-taking games (they read its play section)."""
    drawn, accepted = sample_all(50)
    climbing = {(m, o) for m, o, *_ in climbing_rows()}
    for row in frequency_rows(drawn, accepted):
        if (row.module, row.option) in climbing and row.module.startswith("CL-"):
            assert row.drawn_n == 0, row


# --- the family is reached through the registry -------------------------------------------------------


def test_climbing_is_drawn_through_the_registry() -> None:
    family = family_named("climbing")
    assert family is CLIMBING and family.load("sampler").__module__ == "generator.families.climbing.sampler"
    assert family.load("scoring_sampler").__module__ == "generator.families.climbing.sampler"
    assert FAMILIES["trick-taking"].load("scoring_sampler").__module__ == "generator.sample.scoring"
    assert isinstance(draw_spec(Draw.from_seed(3), "climbing").play, ClimbPlay)


def test_any_family_draws_the_registered_families_by_the_books_weights() -> None:
    """``--family any``: trick-taking 58, climbing 39, melding 37 and matching 33 of the seed book's
    167 games, and fishing 15 of Parlour's own (182 in all); the game is the one naming the drawn
    family gives."""
    n = 10_000
    drawn = Counter(family_for(seed, ANY).name for seed in range(n))
    assert set(drawn) == {"trick-taking", "climbing", "melding", "matching", "fishing"}
    se = sqrt((39 / 182) * (143 / 182) / n)
    assert abs(drawn["climbing"] / n - 39 / 182) <= 4.5 * se, drawn
    for seed in range(20):
        chosen = family_for(seed, ANY).name
        assert sample_game(seed, family=ANY).spec == sample_game(seed, family=chosen).spec


def test_the_players_option_holds_for_climbing() -> None:
    for players in (2, 4, 6, 8):
        for seed in range(15):
            spec = sample_game(seed, family="climbing", players=players).spec
            assert spec.players.min <= players <= spec.players.max and check_spec(spec) == []


def test_generate_climbing_and_any(tmp_path: Path) -> None:
    generate_writes_games(tmp_path, "climbing")


# --- trick-taking did not move -------------------------------------------------------------------------

#: sha256 of the YAML of trick-taking's games of seeds 0–199, as sampled before climbing was added.
#: A game played in Parlour's partnerships says so in two lines of its players (``sample.deal.draw_sides``).
SIDES_LINES = "  sides:\n    size: 2\n"
#: … and a called trump suit says when it is called (``seen``, added since, at its default).
SEEN_LINE = "    seen: null\n    no_trumps: false\n"
TRICK_TAKING_200 = "59a6d977aff1ee3117e33873ff3c220bf915abdaec06653900f7ec5a911d0eb3"


def test_trick_takings_games_are_byte_for_byte_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Climbing's modules in the shared phases (run wrap, tokens, rows, the split setup, the scoring
    sampler asked of the family) draw nothing for trick-taking: its stream did not move. (The deal's
    ``stock``, added with matching, is dumped as ``stock: null``; the line is left out so the digest
    stays the one taken before.) Parlour's point-trick games, beyond the catalogue, are turned off:
    the catalogue's streams are what is compared."""
    options_off(monkeypatch)   # Parlour's options that replace a catalogue draw's result: off
    digest = hashlib.sha256()
    for seed in range(200):
        # (Parlour's partnerships are drawn from a stream of their own and change nothing else: left out)
        digest.update(dump_yaml(sample_game(seed, flavour=True).spec).replace("  stock: null\n", "")
                      .replace(SIDES_LINES, "").replace(SEEN_LINE, "").replace("  overtake: null\n", "").replace("  quotas: null\n", "").replace("  bowers: false\n", "").encode())
    assert digest.hexdigest() == TRICK_TAKING_200
