"""What the families' test files do alike, kept once so that a new family's tests say only what is
its own: specs built from a plain game by dotted paths or by merging, the problems the checks find;
the specs drawn field by field for the round trip (the pack, the kitty, the setup, the ending, the
name, shedding scoring by the cards left); the rulebook's round trip, its golden files and its parse
time; the seed book, the import's repairs and an unread sentence stopping the import; the sampler's
redraws, YAML round trip, rates against the catalogue and ``generate`` command; and sampled games
played out by the engine.

Each family's test file still names its own plain game, its own chances, its own golden folder and
its own sentences; only the steps are shared."""

from __future__ import annotations

import copy
import os
import random
from collections import Counter
from math import sqrt
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml
from click.testing import CliRunner

from generator.checks import check_spec
from generator.families import ANY, family_named
from generator.refs import resolves
from generator.sample.frequencies import format_table, frequency_rows
from generator.spec import GameSpec, dump_yaml, load_spec, spec_from_data
from generator.spec.deck import ACE_HIGH, DeckSpec
from generator.rulebook import render_markdown
from generator.text.parse import ParseError, parse_markdown

ROOT = Path(__file__).resolve().parents[1]
#: Orders of a standard pack a drawn spec picks from.
ORDERS = ("ace-high", "ace-low", "no-courts", "two-over-ace", "three-two-over-ace", "promoted")

# --------------------------------------------------------------------------- building specs


def with_changes(data: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A deep copy of ``data`` with changes given as dotted paths (not yet validated)."""
    data = copy.deepcopy(data)
    for path, value in changes.items():
        node = data
        *parents, leaf = path.split(".")
        for key in parents:
            node = node.setdefault(key, {})
        node[leaf] = value
    return data


def spec_with(data: dict[str, Any], **changes: Any) -> GameSpec:
    """The spec of ``data`` with changes given as dotted paths."""
    return spec_from_data(with_changes(data, **changes))


def merge(base: dict, over: dict) -> dict:
    """``base`` with ``over`` merged in, key by key through nested dicts (anything else replaced)."""
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = v
    return out


def merged_data(base: dict, over: dict) -> dict:
    """``base`` with ``over`` merged in, the scoring and the ending replaced whole (their fields
    depend on their kind)."""
    data = merge(base, {k: v for k, v in over.items() if k not in ("scoring", "ending")})
    data.update({k: v for k, v in over.items() if k in ("scoring", "ending")})
    return data


def found(spec: GameSpec) -> list[tuple[str, str]]:
    """(code, field) of every problem the static checks find."""
    return [(p.code, p.field) for p in check_spec(spec)]


# --------------------------------------------------------------------------- drawing specs


def maybe(rng: random.Random, p: float = 0.5) -> bool:
    return rng.random() < p


def draw_deck(rng: random.Random, jokers: tuple[int, ...]) -> dict[str, Any]:
    """A pack for a drawn spec: its kind, its order, a few ranks removed at times, and a joker count
    from ``jokers`` (none in a tarot pack)."""
    kind = rng.choice(("standard", "standard", "standard", "french32", "german32", "tarot"))
    deck: dict[str, Any] = {"kind": kind, "order": "natural"}
    if kind == "standard":
        deck["order"] = rng.choice(ORDERS)
        if deck["order"] == "promoted":
            deck["promoted"] = rng.choice(ACE_HIGH)
    full = DeckSpec(**deck).full_order()
    if maybe(rng, 0.3) and len(full) > 6:
        deck["removed"] = rng.sample(full[1:], rng.choice((1, 1, 2, 3)))
    if kind != "tarot":
        deck["jokers"] = rng.choice(jokers)
    return deck


def draw_kitty(rng: random.Random, forms: tuple[str, ...]) -> dict[str, Any]:
    """DL-11: a kitty of one of ``forms`` (a dealt one always has a size, the others at times)."""
    form = rng.choice(forms)
    kitty: dict[str, Any] = {"name": rng.choice(("kitty", "crib", "talon", "grapnel")), "form": form}
    if form == "dealt" or maybe(rng, 0.2):
        kitty["size"] = rng.randint(1, 5)
    return kitty


def draw_setup(rng: random.Random, deck: DeckSpec, pig: float, laws: float, exchange: float) -> dict[str, Any]:
    """The shedding families' setup: the pig (SU-08), invented rules (SU-09) and the exchange (SU-10),
    each at its own chance."""
    setup: dict[str, Any] = {}
    if maybe(rng, pig):
        setup["pig"] = {"card": rng.choice(deck.cards()), "name": rng.choice(("pig", "goat", "duckling"))}
    if maybe(rng, laws):
        kind = rng.choice(("bonus", "secret"))
        setup["extra_rules"] = {"kind": kind, "name": rng.choice(("bonus rule", "occult bylaw", "secret edict")),
                                "repeal": kind == "bonus" and maybe(rng),
                                "inventor": rng.choice(("dealer", "random-player", "dealer-and-right"))
                                if kind == "secret" else "dealer"}
    if maybe(rng, exchange):
        cards = rng.randint(1, 3)
        setup["exchange"] = {"name": rng.choice(("exchange", "mulligan", "turnabout")), "cards": cards,
                             "single": cards == 1 and maybe(rng)}
    return setup


def draw_ending(rng: random.Random, tokens: bool, fixed_hand: bool) -> dict[str, Any]:
    """The end of the game: by tokens (EN-01) with them, else a target, a threshold, a number of
    rounds, or shrinking hands where the hand has a fixed size."""
    if tokens:
        return {"condition": {"kind": "tokens"}}
    kind = rng.choice(("target", "threshold", "rounds") + (("shrinking",) if fixed_hand else ()))
    condition: dict[str, Any] = {"kind": kind}
    if kind in ("target", "threshold"):
        condition["points"] = rng.randint(1, 200)
    if kind == "shrinking":
        condition["back_up"] = maybe(rng)
    return {"condition": condition, "ties": rng.choice(("extra-hand", "latest-winner"))}


def draw_naming(rng: random.Random) -> dict[str, Any]:
    """A name, its country and the words around it (they only have to print and read back)."""
    return {"name": rng.choice(("Ashby Parva", "Little Snoring", "Bois-le-Roi")), "country": rng.choice(
        ("en", "fr", "de")), "show_country": maybe(rng), "adjective": rng.choice(("lively", "raucous")),
        "aliases": rng.choice(([], ["Ashby"]))}


def draw_hand_value(rng: random.Random, kind: str, stock_out: float, losers_lose: bool = True) -> dict[str, Any]:
    """Shedding scoring of ``kind`` with SC-A2's fields where it pays by the cards left (card-values,
    card-count, landlord-stake): the round's end, the stock running out (at ``stock_out``), the low
    finish, the card values and the losers paying (``losers_lose`` False: never)."""
    out: dict[str, Any] = {"kind": kind}
    if kind in ("card-values", "card-count", "landlord-stake"):
        out["round_end"] = rng.choice(("empty-hand", "empty-hand", "knock-five", "knock-out"))
        out["stock_out"] = maybe(rng, stock_out)
        out["low_finish_double"] = maybe(rng, 0.1)
    if kind == "card-values":
        values: dict[str, Any] = {"numbers": rng.choice(("pips", "one"))}
        for field in ("jokers", "majors", "faces", "aces", "pig"):
            if maybe(rng, 0.6):
                values[field] = rng.choice((0, 1, 5, 10, 15))
        out["values"] = values
        out["losers_lose"] = losers_lose and maybe(rng, 0.25)
    elif kind == "card-count":
        out["losers_lose"] = maybe(rng, 0.3)
        if maybe(rng, 0.3):
            out["pig_cards"] = rng.randint(2, 5)
    return out


# --------------------------------------------------------------------------- the rulebook


def spec_diff(a: GameSpec, b: GameSpec) -> str:
    """The top-level sections in which two specs differ, both sides shown."""
    da, db = a.model_dump(mode="json"), b.model_dump(mode="json")
    return "; ".join(f"{k}: {da[k]!r} != {db[k]!r}" for k in da if da[k] != db[k])


def round_trip(spec: GameSpec, label: str) -> str:
    """Print ``spec``'s rulebook, read it back, and require the same rules (``spec.rules()``: where
    the game came from is printed but never read back); the text is returned."""
    text = render_markdown(spec)
    try:
        back = parse_markdown(text)
    except ParseError as exc:
        pytest.fail(f"{label}: {exc}\n\n{text}")
    assert back == spec.rules(), f"{label}: {spec_diff(spec.rules(), back)}"
    return text


def round_trip_sampled(family: str | None, seed: int) -> None:
    """The sampler's game of ``seed`` (of ``family``; None: the sampler's default) reads back as
    itself (the whole spec: a sampled game holds nothing but rules)."""
    from generator.sample import sample_game

    spec = (sample_game(seed) if family is None else sample_game(seed, family=family)).spec
    back = parse_markdown(render_markdown(spec))
    assert back == spec, f"seed {seed}: {spec_diff(spec, back)}"


def check_golden(path: Path) -> None:
    """A golden spec prints its committed rulebook (rewritten with ``PARLOUR_UPDATE_GOLDEN=1``) and
    the rulebook reads back as the spec."""
    spec = load_spec(path)
    md = path.with_suffix(".md")
    compare_golden(render_markdown(spec), md)
    assert parse_markdown(md.read_text(encoding="utf-8")) == spec


def compare_golden(text: str, md: Path) -> None:
    """``text`` is the committed golden file ``md`` (written instead with ``PARLOUR_UPDATE_GOLDEN=1``)."""
    if os.environ.get("PARLOUR_UPDATE_GOLDEN") == "1":
        md.write_text(text, encoding="utf-8", newline="\n")
    assert md.exists(), f"{md.name} missing: run with PARLOUR_UPDATE_GOLDEN=1"
    assert text == md.read_text(encoding="utf-8")


def play_section(spec: GameSpec) -> str:
    """The text of the rulebook's Play section."""
    text = render_markdown(spec)
    return text.split("## Play\n", 1)[1].split("\n## ", 1)[0]


# --------------------------------------------------------------------------- the import


BOOK = ROOT.parent / "shared" / "seeds" / "hyloe-book-of-games.txt"

_no_book = pytest.mark.skipif(not BOOK.exists(), reason="the shared seed book is not checked out beside the repository")


def needs_book(test: Callable[..., Any]) -> Callable[..., Any]:
    """A test that reads the shared seed book beside the checkout: marked ``external``, and skipped
    where the book is not there."""
    return pytest.mark.external(_no_book(test))


def needs_checks_of(family: str) -> pytest.MarkDecorator:
    """Skip until ``family``'s static checks are on the branch (they are another layer's)."""
    return pytest.mark.skipif(resolves(family_named(family).checks) is not None,
                              reason=f"the {family} static checks are not on this branch yet")


def book_games(family: str) -> dict[str, Any]:
    """The seed book's games of ``family``, imported, by name."""
    from generator.importer import import_book

    book = import_book(BOOK.read_text(encoding="utf-8"))
    return {g.name: g for g in book.games if g.family == family}


def kinds(g) -> set[str]:
    """The kinds of an imported game's repairs."""
    return {r.kind for r in g.repairs}


def with_repair(games, kind: str) -> set[str]:
    """The names of the games with a repair of ``kind``."""
    return {name for name, g in games.items() if kind in kinds(g)}


def unread_sentence_stops_the_import(tmp_path: Path, text: str, name: str) -> None:
    """A book with a sentence no rule reads: the import stops and names the game and the sentence
    ("Everyone sings."), writing nothing; the game is still read (what ``--lenient`` writes)."""
    from generator.cli import main
    from generator.importer import import_book

    src = tmp_path / "book.txt"
    src.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["import", str(src), "--out", str(tmp_path / "out"), "--no-judge"])
    assert r.exit_code == 1 and name in r.output and "Everyone sings." in r.output
    assert not (tmp_path / "out").exists()
    g = import_book(src.read_text(encoding="utf-8")).games[0]
    assert g.status == "error" and g.spec is not None  # what --lenient writes


def lenient_imports_the_rest(tmp_path: Path, text: str, file_name: str) -> None:
    """With ``--lenient`` the same book is written all the same."""
    from generator.cli import main

    src = tmp_path / "book.txt"
    src.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(main, ["import", str(src), "--out", str(tmp_path / "out"), "--no-judge", "--lenient"])
    assert r.exit_code == 0 and (tmp_path / "out" / file_name).exists()


# --------------------------------------------------------------------------- the sampler

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def redraw_reasons(drawn: list[GameSpec], accepted: list[GameSpec],
                   field: Callable[[str], str] = lambda f: f) -> Counter[tuple[str, str]]:
    """(code, ``field`` of the field) of every problem of the drafts the sampler drew again: each
    draft not accepted must fail a check."""
    reasons: Counter[tuple[str, str]] = Counter()
    ok = iter(accepted)
    pending = next(ok)
    for spec in drawn:
        if spec is pending:
            pending = next(ok, None)
            continue
        problems = check_spec(spec)
        assert problems
        reasons.update({(p.code, field(p.field)) for p in problems})
    return reasons


def assert_yaml_round_trip(specs: list[GameSpec]) -> None:
    """Each spec's YAML loads back as the spec (the index is the seed)."""
    for seed, spec in enumerate(specs):
        assert spec_from_data(yaml.load(dump_yaml(spec), Loader=_LOADER)) == spec, seed


def check_module_rates(drawn: list[GameSpec], accepted: list[GameSpec], family: str, thinned: set[tuple[str, str]],
                       min_checked: int) -> None:
    """Over every drawn spec each option's rate is within 4.5 standard errors of the catalogue's; the
    accepted ones stay close too, except the ``thinned`` rows (options the checks thin out on purpose)."""
    rows = [r for r in frequency_rows(drawn, accepted, family=family) if r.drawn_n]
    assert len(rows) >= 60
    checked = 0
    for row in rows:
        assert 0 <= row.expected <= 1
        if row.drawn_n >= 200:
            checked += 1
            se = sqrt(row.expected * (1 - row.expected) / row.drawn_n)
            assert abs(row.drawn - row.expected) <= 4.5 * se + 1e-9, row
            if (row.module, row.option) not in thinned:
                assert abs(row.accepted - row.expected) <= 4.5 * se + 0.03, row
    assert checked >= min_checked
    assert format_table(rows).count("\n") == len(rows) + 1


def generate_writes_games(tmp_path: Path, family: str) -> None:
    """``parlour generate --family <family>`` and ``--family any`` write four specs and four rulebooks."""
    from generator.cli import main

    runner = CliRunner()
    for name in (family, ANY):
        out = tmp_path / name
        res = runner.invoke(main, ["generate", "--family", name, "--count", "4", "--seed", "3", "--out", str(out)],
                            catch_exceptions=False)
        assert res.exit_code == 0, res.output
        assert len(list(out.glob("*.yaml"))) == 4 and len(list(out.glob("*.md"))) == 4


# --------------------------------------------------------------------------- the engine


def play_sampled_games(family: str, seeds: int, move_cap: int) -> None:
    """The sampler's first ``seeds`` games of ``family`` play out at every player count they allow,
    twenty random deals each, audited, within ``move_cap`` moves."""
    from generator.engine import Game
    from generator.sample import sample_game

    for seed in range(seeds):
        spec = sample_game(seed, family=family).spec
        game = Game(spec, audit=True, move_cap=move_cap)
        for n in spec.players.counts():
            for k in range(20):
                state = game.new_initial_state(n, seed * 100 + k)
                state.play_random(random.Random(k).random)
                assert state.terminal


def focus_wins(game: Any, focus: str, other: str, games: int, seed: int, players: int = 4) -> int:
    """Games won by one ``focus`` bot among ``other`` bots, its seat rotated game by game (every
    game must end by its rules): how the bots' tests compare a policy with the field."""
    from generator.playtest.runner import game_seed, play_one

    wins = 0
    for i in range(games):
        lineup = [focus if p == i % players else other for p in range(players)]
        s = play_one(game, players, game_seed(seed, players, i), i, lineup, bounds=None)
        assert s.outcome == "natural", s.error
        wins += s.winner == i % players
    return wins


SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card(table, short: str) -> int:
    """A card by its short name in an engine's card table, so positions set up by hand read
    briefly: '7H' -> the 7 of hearts; 'RJ' / 'BJ' the jokers."""
    if short in ("RJ", "BJ"):
        return table.index("red joker" if short == "RJ" else "black joker")
    return table.index(f"{short[:-1]} of {SUITS[short[-1]]}")


def cards(table, shorts: str) -> list[int]:
    """The cards of a space-separated list of short names ('' for none)."""
    return [card(table, s) for s in shorts.split()]


def load_benchmark(request: pytest.FixtureRequest, name: str) -> Any:
    """The script ``benchmarks/<name>.py`` as a module (for a fixture), with its folder on the
    import path while the requesting tests run: the script imports the timed loop beside it."""
    import importlib.util

    mp = pytest.MonkeyPatch()
    mp.syspath_prepend(str(ROOT / "benchmarks"))
    spec = importlib.util.spec_from_file_location(f"{name}_benchmark", ROOT / "benchmarks" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    request.addfinalizer(mp.undo)
    return module


def benchmark_hands(bench: Any, hands: int, engine_seed: int,
                    plain_seed: int) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """``hands`` seeded random hands of a benchmark's game, played by the engine and by the
    benchmark's plain-Python ``plain_hand``, each as (decisions, moves, the winner's score): what a
    test compares to show that the benchmark's ratio compares one game with itself."""
    from generator.engine import Game

    game = Game(load_spec(bench.SPEC))
    rnd = random.Random(engine_seed).random
    engine = []
    for i in range(hands):
        state = game.new_initial_state(bench.PLAYERS, engine_seed * 10_000 + i)
        state.play_random(rnd, hands=1)
        engine.append((state.record.decisions, state.record.moves, max(state.record.hands[0].scores)))
    rnd = random.Random(plain_seed).random
    plain = []
    for i in range(hands):
        decisions, moves, scores = bench.plain_hand(rnd, i % bench.PLAYERS)
        plain.append((decisions, moves, max(scores)))
    return engine, plain


#: Parlour's options of issue 33 that replace the result of a catalogue draw (point tricks, a
#: majority of the tricks, a call on the hand or of no trumps, overtaking, teams larger than two,
#: the partnership form of a rule, the caller against the rest).
OPTIONS = ("generator.sample.scoring.CARD_POINTS_CHANCE", "generator.sample.scoring.MAJORITY_CHANCE",
           "generator.sample.scoring.QUOTA_CHANCE",
           "generator.sample.setup.CALL_ON_HAND", "generator.sample.setup.CALL_ON_HALF",
           "generator.sample.setup.CALL_NO_TRUMPS", "generator.families.trick_taking.sampler.OVERTAKE_CHANCE",
           "generator.sample.deal.LARGE_TEAMS_CHANCE", "generator.sample.deal.PARTNER_FORM_CHANCE",
           "generator.sample.deal.COALITION_CHANCE", "generator.sample.setup.BOWERS_CHANCE",
           "generator.sample.schedule.SCHEDULE_CHANCE")


def options_off(monkeypatch) -> None:
    """Those options at chance 0 (each is still drawn from the options stream, so no later option
    moves): a seed's game is then its catalogue draws, as pinned digests of the sampler compare.
    The names come from the one names stream all families shared when the digests were taken (each
    family has its own since; names never steer a rule)."""
    from generator.sample.rng import Draw

    for name in OPTIONS:
        monkeypatch.setattr(name, 0)
    shared = Draw.from_seed.__func__
    monkeypatch.setattr(Draw, "from_seed", classmethod(
        lambda cls, seed, purpose="parlour-game", family=None: shared(cls, seed, purpose)))


def random_move(state: Any, rnd: Any) -> None:
    """One move at random through the bot API, drawn as the batch path draws it: one of the legal
    actions by ``int(rnd() * k)``, a forced move drawing nothing."""
    legal = state.legal_actions()
    state.apply_action(legal[int(rnd() * len(legal))] if len(legal) > 1 else legal[0])


def play_out(state: Any, rnd: Any, batch: bool) -> None:
    """The rest of a game at random: on the batch path (``State.play_random``), or move by move
    through the bot API with the same draws (what every fast path is compared with)."""
    if batch:
        state.play_random(rnd)
    else:
        while not state.terminal:
            random_move(state, rnd)


def rollouts_agree(spec: GameSpec, players: int, seed: int, every: int, own: Callable[[Any, Any], None],
                   shared: Callable[[Any, Any], None], snapshot: Callable[[Any], Any]) -> int:
    """From every ``every``-th position of a random game (move cap 1,500), a strong bot's rollout
    by the family's own loop (``own(state, rnd)``) and by the shared loop (``shared``), on copies
    drawing the same random numbers, leave the same position (``snapshot``). Returns how many
    rollouts were compared."""
    from generator.engine import Game

    state = Game(spec, move_cap=1_500).new_initial_state(players, seed)
    rnd = random.Random(seed).random
    compared = moves = 0
    while not state.terminal:
        if moves % every == 0:
            draws = random.Random(seed * 31 + moves)
            common = [draws.random() for _ in range(64)] * 60
            a, b = state.clone(), state.clone()
            own(a, iter(common).__next__)
            shared(b, iter(common).__next__)
            assert snapshot(a) == snapshot(b), (seed, moves)
            compared += 1
        random_move(state, rnd)
        moves += 1
    return compared
