"""`parlour import`: the seed book read into specs, its defects repaired and listed, and the
command's errors (exit 1 for a sentence not understood, 2 for bad input)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.importer import every_pattern, import_book, split_sentences
from generator.importer.judge import judge_spec
from generator.spec import GameSpec, load_spec, spec_from_data
from tests.family_helpers import BOOK, needs_book

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "corpus" / "hyloe"


@pytest.fixture(scope="module")
def book():
    return import_book(BOOK.read_text(encoding="utf-8"))


def game(book, name: str):
    found = [g for g in book.games if g.name == name]
    assert len(found) == 1, name
    return found[0]


def kinds(g) -> set[str]:
    return {r.kind for r in g.repairs}


# -- the whole shared book ---------------------------------------------------------------------------


@needs_book
def test_every_trick_taking_game_imports_without_an_unread_sentence(book):
    text = BOOK.read_text(encoding="utf-8")
    blocks = sum(1 for line in text.splitlines() if " game for " in line and " players" in line)
    assert len(book.games) == blocks == 142
    tricks = [g for g in book.games if g.family == "trick-taking"]
    assert len(tricks) == 50
    assert book.all_problems() == []
    for g in tricks:
        assert g.status in ("imported", "repaired"), (g.name, g.problems)
        assert isinstance(g.spec, GameSpec)
        # what is written is a valid spec (validated again from plain data)
        assert spec_from_data(g.spec.model_dump(mode="json")) == g.spec
    # every family of the book is imported now (melding last): none is left unsupported
    assert {g.family for g in book.games} == {"trick-taking", "climbing", "matching", "melding"}
    assert not [g.name for g in book.games if g.status == "unsupported"]


@needs_book
def test_the_known_defects_are_repaired_and_listed(book):
    by_kind: dict[str, set[str]] = {}
    for g in book.games:
        for r in g.repairs:
            by_kind.setdefault(r.kind, set()).add(g.name)
    assert by_kind["rank-named-twice"] == {"Durrengebwiller", "Le Temple", "Bonese", "La Capte"}
    assert by_kind["ace-over-aces"] == {"Delitz am Berge"}  # a matching game: its deck is read all the same
    assert {"Crölpa-Löbschütz", "Markersbach", "Callac", "Lathbury", "Rodishain"} <= by_kind["mixed-rank-labels"]
    # catalogue §2.3: the twelve games whose "When all N tricks have been played" is wrong
    assert by_kind["trick-count"] == {"Bedem", "Blankenhain", "Callac", "Grand Piquey", "Groombridge", "Holbach", "Iveston",
                                      "Laskill", "Muldenstein", "Ohrdorf", "Winterbrook", "Zens"}
    assert by_kind["jokers-no-rule"] == {"Zens", "Zweimen"}
    assert by_kind["nickname-twice"] == {"Markersbach"}
    for g in book.games:
        for r in g.repairs:
            assert r.text and r.category in ("defect", "reading", "dropped")


# -- specific games ------------------------------------------------------------------------------------


@needs_book
def test_landlord_game(book):
    s = game(book, "Grand Piquey").spec
    assert s.bidding.auction.title == "noble"
    assert s.play.opening_leader == "landlord" and s.play.opening_lead == "no-trump"
    assert s.deal.kitty.model_dump() == {"name": "crypt", "form": "dealt", "size": 4}
    assert s.setup.trumps.method == "last-card"
    assert s.deck.order == "no-courts" and s.deck.removed == []
    assert s.play.breaking.suit == "diamonds" and s.play.breaking.verb == "blasting"
    assert s.scoring.kind == "per-trick" and s.scoring.beyond == 0
    assert (s.ending.condition.kind, s.ending.condition.points, s.ending.ties) == ("target", 32, "extra-hand")
    assert s.naming.fact == "landlord-gang" and s.naming.adjective == "antagonistic"
    assert {"trick-count", "landlord-hand"} <= kinds(game(book, "Grand Piquey"))


@needs_book
def test_trick_bidding_with_exact_bid_scoring(book):
    s = game(book, "Laskill").spec
    assert s.bidding.tricks.model_dump() == {"order": "dealer-left", "blind": "any", "hook": True}
    assert s.scoring.kind == "exact-bid" and s.scoring.otherwise == "zero"
    assert (s.deal.hand_size, s.deal.hand_size_over_three) == (9, 5)
    assert s.deal.kitty.form == "undealt" and s.deal.kitty.name == "pot"
    assert s.play.kitty_capture.card == "5 of clubs" and s.play.kitty_capture.nickname == "Meg"
    assert s.play.weak_led_suit == "waste" and s.play.otherwise == "higher" and s.play.first_trick_ban == "clubs"
    assert s.deck.removed == ["8", "2"] and s.deck.order == "ace-high"
    assert s.ending.condition.points == 100


@needs_book
def test_remove_sevens_and_sevens(book):
    g = game(book, "Durrengebwiller")
    s = g.spec
    assert s.deck.removed == ["7"] and s.deck.order == "ace-low"
    assert "rank-named-twice" in kinds(g)
    assert s.setup.anti_trumps and s.setup.trumps.method == "turn-up"
    assert s.play.following == "follow-or-trump" and s.play.next_leader == "lowest-card"
    assert s.scoring.beyond == 4
    assert (s.naming.country, s.naming.show_country) == ("fr", True)


@needs_book
def test_tarot_deck(book):
    g = game(book, "Rodishain")
    s = g.spec
    assert s.deck.kind == "tarot" and s.deck.order == "natural" and s.deck.removed == ["2"]
    assert s.deck.size() == 13 * 4 + 21
    assert s.deal.hand_size == 14
    assert s.deal.misdeal.model_dump() == {"suit": "majors", "must_show": False}
    assert s.setup.trumps.method == "turn-up"
    assert s.play.first_trick_ban == "pentacles"
    assert s.scoring.kind == "avoid-suit" and s.scoring.suit == "pentacles"
    assert s.scoring.doubler.card == "9 of cups"
    assert s.ending.condition.kind == "threshold" and s.ending.condition.points == 70
    assert "mixed-rank-labels" in kinds(g)


@needs_book
def test_avoid_suit_with_a_nicknamed_penalty_card(book):
    g = game(book, "Hordle")
    s = g.spec
    assert s.deck.order == "promoted" and s.deck.promoted == "5"
    assert s.scoring.kind == "avoid-suit" and s.scoring.suit == "spades" and s.scoring.per_card == "face-value"
    assert s.scoring.penalty_card.model_dump() == {"card": "6 of hearts", "nickname": "Geoff", "points": 10}
    assert s.naming.fact == "avoid-suit-face"
    assert s.ending.condition.model_dump() == {"kind": "threshold", "points": 210}
    assert "face-value" in kinds(g)


@needs_book
def test_german_pack_with_jokers_bonus_card_and_doubler(book):
    g = game(book, "Markersbach")
    s = g.spec
    assert s.deck.kind == "german32" and s.deck.jokers == 2 and s.naming.country == "de"
    assert s.play.jokers == "top" and s.play.boost.rank == "A" and s.play.opening_lead == "no-trump"
    assert s.scoring.bonus_card.model_dump() == {"card": "K of hearts", "nickname": "Ozzy", "points": 8}
    assert s.scoring.doubler.card == "K of hearts"
    assert s.ending.condition.kind == "rounds"
    assert {"joker-nickname", "nickname-twice", "card-two-roles"} <= kinds(g)


@needs_book
def test_whole_pack_deal_with_an_opening_card(book):
    s = game(book, "Trautenstein").spec
    assert s.deal.hand_size == "all"
    assert s.play.opening_leader == "holder" and s.play.opening_card == "3 of spades"
    assert s.setup.trumps.model_dump() == {"method": "called", "caller": "dealer", "seen": None, "no_trumps": False}
    assert s.setup.exchange.name == "redraw"


# -- the phrasing in general (made-up games, no key on names) -------------------------------------------

GENERAL = """\
Nowhere Magna is an amusing English trick-taking game for three to four players, played with a standard 52 card pack. Aces are higher than aces: cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2. Include one red joker.
Deal out cards until none remain.
Each player then chooses one card from their hand and places it face-down to form a "hook", which is shuffled.
Trumps alternate club/diamonds/hearts/spades with each deal.
Whoever has the 7 of clubs plays it to lead the first trick. Players must follow suit if possible, otherwise must play a suit which hasn't yet been played if they can do so, otherwise may play any card. The red joker (the Alf) counts as of the trump suit, but lower than all other trumps.
If a joker is led, every other player must play their highest spade if they have one.
The trick is won by the highest trump, or if it contains no trump by the highest card of the lead suit. The player to the left of the previous leader leads the next trick.
The first time a player wins a trick which contains a spade, they also take the hook as if it were a separate, won trick.
When all tricks have been played each player loses the face value of each spade taken in tricks but gains 9 if they took the 4 of hearts (the Bob). Jokers score a loss of 5. Taking the Queen of spades doubles that player's score for the hand.
Each successive hand is played with one fewer card, down to just one card each. After the final one-card hand, the game ends.
The highest-scoring player wins. If tied, play an extra round.
Oberhausen-Nirgends is a tense German trick-taking game for two to five players where trumps are not revealed immediately. It uses a tarot deck. Remove 3s through 4s from the minor arcana. Cards rank King, Queen, Knight, Page, 10, 9, 8, 7, 6, 5, 2, A.
Deal eight cards per player. The player to the left of the dealer receives one fewer card. Any player who was dealt no swords must reveal their hand: all players must throw in their hands, and the cards are shuffled and re-dealt.
Deal three cards to form a face-down "reliquary". Place the top card of the reliquary face-down: this determines trump suit, but is not revealed (and does not apply) until the first time a player plays a suit that does not match the lead suit. The major arcana is considered to be its own suit.
A player who holds The Tower may choose to reveal it at this point.
Starting with the player to the left of the dealer, each player bids the number of tricks they think they will take during the hand, to a minimum of zero. A player may bid "blind" by bidding without looking at their cards.
The player to the dealer's left may lead any card. Players need not follow suit.
If The Tower was revealed, it cannot be used to lead a trick, unless it is the player's only card of that suit.
The trick is won by the highest trump, or if it contains no trump by the highest card irrespective of suit (with the earliest card played breaking ties). For the major arcana, the cards rank equal to their number. The player of the lowest ranked card (breaking ties by first card played) leads the next trick.
When all eight tricks have been played each player who won the exact number of tricks they bid scores 10 plus that number; players who won fewer tricks than they bid score the number of tricks they won, and those who won too many score zero. If The Tower was revealed, the player who won it scores nothing for this hand. A player who bids all the tricks and wins them all wins the game instantly.
The first player to reach 60 points wins the game. If tied, the tied player who won a round latest in the game wins.
Villeneuve-sur-Rien is a popular French trick-taking game for three to five players, played with a 32-card French deck. Cards rank A, K, Q, J, 10, 9, 8, 7.
Each player is dealt five cards.
Hearts are always trumps.
The dealer starts by leading any card. Players must follow suit if possible, otherwise must play a trump card if they have one, otherwise any card may be played.
The trick is won by the highest trump, or if it contains no trump by the highest card of the lead suit. The winner of the trick leads the next trick.
When all five tricks have been played each player scores 1 point per trick won beyond the second.
The first player to reach 15 points wins the game. If tied, play an extra round.
Klein Nirgends is a traditional melding game for two to four players, played with a standard 52 card pack. Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2.
Each player is dealt seven cards.
Deal one card to form a face-up discard pile. Undealt cards form the stock.
The dealer takes the first turn. A player's turn consists of the following steps in sequence:
The first player to empty their hand wins the round, and scores a point.
The first player to reach 5 points wins the game. If tied, play an extra round.
"""


def test_modules_absent_from_the_shared_book_are_read():
    result = import_book(GENERAL)
    assert result.all_problems() == []
    a, b, c, d = result.games
    s = a.spec
    assert (s.deck.order, s.deck.promoted, s.deck.jokers) == ("ace-high", None, 1)
    assert "ace-over-aces" in kinds(a) and "rotation-plural" in kinds(a)
    assert s.deal.hand_size == "all" and s.deal.kitty.form == "contributed" and s.deal.kitty.name == "hook"
    assert s.setup.trumps.method == "rotating"
    assert (s.play.opening_leader, s.play.opening_card, s.play.otherwise) == ("holder", "7 of clubs", "new-suit")
    assert (s.play.jokers, s.play.joker_lead, s.play.next_leader) == ("bottom", "spades", "left-of-leader")
    assert s.play.kitty_capture.suit == "spades"
    assert s.scoring.per_card == "face-value" and s.scoring.bonus_card.nickname == "Bob"
    assert (s.scoring.joker_loss, s.scoring.doubler.card) == (5, "Q of spades")
    assert s.ending.condition.model_dump() == {"kind": "shrinking", "back_up": False}
    s = b.spec
    assert s.deck.kind == "tarot" and s.deck.removed == ["4", "3"] and "two-rank-range" in kinds(b)
    assert s.deal.odd_card.model_dump() == {"who": "dealer-left", "extra": False}
    assert s.deal.misdeal.model_dump() == {"suit": "swords", "must_show": True}
    assert s.setup.trumps.method == "hidden" and s.naming.fact == "hidden-trump"
    assert s.setup.pig.card == "major 16" and s.play.pig_lead == "no-lead"
    assert s.scoring.kind == "exact-bid" and s.scoring.otherwise == "tricks-if-under"
    assert s.scoring.extras.pig == "nothing" and s.scoring.extras.bid_all_wins
    assert "trick-count" in kinds(b) and "unequal-hands" in kinds(b)
    s = c.spec
    assert s.deck.kind == "french32" and s.setup.trumps.model_dump() == {"method": "fixed", "suit": "hearts"}
    assert s.play.otherwise == "trump" and s.naming.country == "fr"
    assert d.family == "melding" and d.status == "repaired" and "turn-list-lost" in kinds(d)


def test_patterns_are_organised_by_phase():
    phases = {p.phase for p in every_pattern()}
    assert phases == {"naming", "deck", "deal", "setup", "bidding", "play", "scoring", "ending"}
    for p in every_pattern():
        assert p.module[:2] in ("NM", "DK", "DL", "SU", "BD", "TT", "CL", "MT", "ML", "SH", "SC", "WU", "EN"), p


def test_sentences_keep_brackets_and_quotes_whole():
    text = ('Deal four cards to form a face-down "cradle". (A bonus law can be a constraint on card play, such as "cannot '
            'play a heart after a diamond", or a bonus ability, eg. "after playing a 6, take another turn".) The end.')
    assert split_sentences(text) == [
        'Deal four cards to form a face-down "cradle".',
        ('(A bonus law can be a constraint on card play, such as "cannot play a heart after a diamond", or a bonus '
         'ability, eg. "after playing a 6, take another turn".)'),
        "The end.",
    ]


# -- the command -------------------------------------------------------------------------------------------

MADE_UP = """\
Nether Nowhere is a classic English trick-taking game for three to four players, played with a standard 52 card pack. Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2.
Each player is dealt seven cards.
Turn the top card of the deck to determine trump suit.
The dealer starts by leading any card. Players must follow suit if possible, otherwise may play any card.
Every player must hum a tune while playing a club.
The trick is won by the highest trump, or if it contains no trump by the highest card of the lead suit. The winner of the trick leads the next trick.
When all seven tricks have been played each player scores 1 point per trick won.
The first player to reach 12 points wins the game. If tied, play an extra round.
"""


#: "Follow the lead suit or play a trump" in a game whose trump card stays face down until a player
#: does not follow (and, second, whose first card led fixes trumps), in the book's phrasing.
REVEALED_LATER = """\
Upper Nowhere is a suspenseful English trick-taking game for three to four players where trumps are not revealed immediately. It uses a standard 52 card pack. Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2.
Each player is dealt seven cards.
Place the top card of the deck face-down: this determines trump suit, but is not revealed (and does not apply) until the first time a player plays a suit that does not match the lead suit.
The dealer starts by leading any card. Players may either follow the lead suit or play a trump, otherwise they may play any card.
The trick is won by the highest trump, or if it contains no trump by the highest card of the lead suit. The winner of the trick leads the next trick.
When all seven tricks have been played each player scores 1 point per trick won.
The first player to reach 12 points wins the game. If tied, play an extra round.
Lower Nowhere is a classic English trick-taking game for three to four players, played with a standard 52 card pack. Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2.
Each player is dealt seven cards.
The suit of first card played in the hand will determine the trump for the entire hand.
The player to the dealer's left leads any card. Players must follow suit if possible, otherwise must play a trump card if they have one, otherwise any card may be played.
The trick is won by the highest card of the lead suit. The winner of the trick leads the next trick.
When all seven tricks have been played each player scores 1 point per trick won.
The first player to reach 12 points wins the game. If tied, play an extra round.
"""


def test_a_trump_rule_with_trumps_revealed_in_play_is_read_as_a_playable_game(tmp_path):
    from generator.checks import check_spec

    upper, lower = import_book(REVEALED_LATER).games
    assert (upper.spec.setup.trumps.method, upper.spec.play.following) == ("hidden", "follow-or-trump")
    assert (lower.spec.setup.trumps.method, lower.spec.play.otherwise) == ("first-card", "trump")
    for g in (upper, lower):
        assert check_spec(g.spec) == [], g.name
        reading = [r for r in g.repairs if r.kind == "trump-rule-before-reveal"]
        assert [r.category for r in reading] == ["reading"] and "until then players follow suit" in reading[0].text
    assert "until the face-down trump card is turned" in upper.repairs[-1].text
    src = tmp_path / "book.txt"
    src.write_text(REVEALED_LATER, encoding="utf-8")
    out = tmp_path / "out"
    assert run("import", str(src), "--out", str(out), "--no-judge").exit_code == 0
    report = (out / "IMPORT.md").read_text(encoding="utf-8")
    assert "| Upper Nowhere | trick-taking | 1 | imported | `upper-nowhere.yaml` | — | trump-rule-before-reveal |" in report
    assert "| `trump-rule-before-reveal` | 2 |" in report


def test_a_game_failing_a_static_check_is_never_reported_as_faithful(tmp_path):
    from generator.importer.report import shown_status

    text = MADE_UP.replace("Every player must hum a tune while playing a club.\n", "").replace(
        "Each player is dealt seven cards.", "Each player is dealt thirteen cards.")  # no card left to turn at four
    g = import_book(text).games[0]
    assert g.status in ("imported", "repaired") and shown_status(g) == "unplayable"
    sound = import_book(MADE_UP.replace("Every player must hum a tune while playing a club.\n", "")).games[0]
    assert sound.status in ("imported", "repaired") and shown_status(sound) == sound.status
    src = tmp_path / "book.txt"
    src.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    r = run("import", str(src), "--out", str(out), "--no-judge")
    assert r.exit_code == 0 and "1 failing a static check)" in r.output
    report = (out / "IMPORT.md").read_text(encoding="utf-8")
    assert "| trick-taking | 1 | 0 | 0 | 1 | 0 | 0 |" in report
    assert "| Nether Nowhere | trick-taking | 1 | imported, fails a static check | `nether-nowhere.yaml` |" in report
    assert "* **Fails a static check** `DEAL_IMPOSSIBLE` setup.trumps: all 52 cards are dealt, leaving no card to turn " \
        "for trumps (with 4 players)" in report
    assert "Every sentence read as written" not in report


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_an_unknown_sentence_is_an_error_naming_the_game(tmp_path):
    src = tmp_path / "book.txt"
    src.write_text(MADE_UP, encoding="utf-8")
    out = tmp_path / "out"
    r = run("import", str(src), "--out", str(out), "--no-judge")
    assert r.exit_code == 1
    assert "Nether Nowhere: sentence not understood (line 5, sentence 1)" in r.output
    assert '"Every player must hum a tune while playing a club."' in r.output
    assert not out.exists()  # nothing is half-written


def test_lenient_turns_it_into_a_warning(tmp_path):
    src = tmp_path / "book.txt"
    src.write_text(MADE_UP, encoding="utf-8")
    out = tmp_path / "out"
    r = run("import", str(src), "--out", str(out), "--no-judge", "--lenient")
    assert r.exit_code == 0, r.output
    assert "warning: Nether Nowhere: sentence not understood" in r.output
    spec = load_spec(out / "nether-nowhere.yaml")
    assert spec.scoring.kind == "per-trick" and spec.setup.trumps.method == "turn-up"
    report = (out / "IMPORT.md").read_text(encoding="utf-8")
    assert "Every player must hum a tune while playing a club." in report


def test_a_missing_book_is_bad_input(tmp_path):
    r = run("import", str(tmp_path / "nope.txt"), "--out", str(tmp_path / "out"))
    assert r.exit_code == 2 and "no such file" in r.output


def test_no_overwrite_without_force_and_the_same_book_gives_the_same_files(tmp_path):
    src = tmp_path / "book.txt"
    src.write_text(GENERAL, encoding="utf-8")
    out = tmp_path / "out"
    assert run("import", str(src), "--out", str(out), "--no-judge").exit_code == 0
    first = {p.name: p.read_bytes() for p in sorted(out.iterdir())}
    assert set(first) == {"IMPORT.md", "klein-nirgends.yaml", "nowhere-magna.yaml", "oberhausen-nirgends.yaml",
                          "villeneuve-sur-rien.yaml"}
    (out / "IMPORT.md").write_text("changed", encoding="utf-8")
    r = run("import", str(src), "--out", str(out), "--no-judge")
    assert r.exit_code == 2 and "already exists" in r.output
    assert (out / "IMPORT.md").read_text(encoding="utf-8") == "changed"
    assert run("import", str(src), "--out", str(out), "--no-judge", "--force").exit_code == 0
    assert {p.name: p.read_bytes() for p in sorted(out.iterdir())} == first


def test_judging_writes_the_report(tmp_path):
    src = tmp_path / "book.txt"
    src.write_text(MADE_UP.replace("Every player must hum a tune while playing a club.\n", ""), encoding="utf-8")
    out = tmp_path / "out"
    r = run("import", str(src), "--out", str(out), "--games", "10")
    assert r.exit_code == 0, r.output
    report = (out / "REPORT.md").read_text(encoding="utf-8")
    assert "| Nether Nowhere | `nether-nowhere.yaml` | 3–4 |" in report


def test_a_game_that_cannot_be_dealt_is_judged_without_playing_the_bad_counts():
    text = MADE_UP.replace("Every player must hum a tune while playing a club.\n", "").replace(
        "Each player is dealt seven cards.", "Each player is dealt thirteen cards.")
    spec = import_book(text).games[0].spec  # 13 × 4 = 52: no card left to turn for trumps at four
    seen = []

    def fake_playtest(spec, games, seed, players):
        seen.append(players)
        return type("R", (), {"reasons": [], "warnings": [], "counts": []})()

    j = judge_spec(spec, "x.yaml", games=5, seed=1, playtest=fake_playtest)
    assert j.verdict == "reject" and seen == [[3]] and j.skipped == [4]
    assert [(f.code, f.tier, f.players) for f in j.reasons] == [("DEAL_IMPOSSIBLE", 0, 4)]


# -- the committed corpus ----------------------------------------------------------------------------------


@needs_book
@pytest.mark.skipif(not CORPUS.exists(), reason="corpus/hyloe has not been imported yet")
def test_the_committed_corpus_is_what_the_importer_makes(book):
    files = sorted(CORPUS.glob("*.yaml"))
    assert len(files) == sum(1 for g in book.games if g.spec is not None)
    by_name = {g.name: g.spec for g in book.games if g.spec is not None}
    for path in files:
        spec = load_spec(path)
        assert spec == by_name[spec.naming.name], f"{path} is stale: run parlour import … --force"


@needs_book
@pytest.mark.skipif(not CORPUS.exists(), reason="corpus/hyloe has not been imported yet")
def test_the_committed_import_report_is_current(tmp_path, monkeypatch):
    """IMPORT.md is what the command it documents makes (run from the repository, as it says; only
    the folder differs here)."""
    monkeypatch.chdir(ROOT)
    out = tmp_path / "out"
    assert run("import", "../shared/seeds/hyloe-book-of-games.txt", "--out", str(out), "--no-judge").exit_code == 0
    committed = (CORPUS / "IMPORT.md").read_text(encoding="utf-8")
    assert "\n    parlour import ../shared/seeds/hyloe-book-of-games.txt --out corpus/hyloe/ --force\n" in committed
    assert (out / "IMPORT.md").read_text(encoding="utf-8") == committed.replace("--out corpus/hyloe/", f"--out {out}"), \
        "corpus/hyloe/IMPORT.md is stale: run parlour import … --force"


def test_the_report_names_the_book_and_folder_as_given(tmp_path, monkeypatch):
    """"To make it again" names the book the command was given, relative if it was given relative, not
    a path where the shared book would be."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my books").mkdir()
    (tmp_path / "my books" / "mine.txt").write_text(MADE_UP, encoding="utf-8")
    assert run("import", "my books/mine.txt", "--out", "out", "--no-judge", "--lenient").exit_code == 0
    report = (tmp_path / "out" / "IMPORT.md").read_text(encoding="utf-8")
    assert "\n    parlour import 'my books/mine.txt' --out out --lenient --force\n" in report
    assert "shared/seeds" not in report
    whole = tmp_path / "my books" / "mine.txt"
    assert run("import", str(whole), "--out", str(tmp_path / "again"), "--no-judge", "--lenient").exit_code == 0
    again = (tmp_path / "again" / "IMPORT.md").read_text(encoding="utf-8")
    assert f"\n    parlour import {shlex.quote(str(whole))} --out {shlex.quote(str(tmp_path / 'again'))} --lenient --force\n" in again


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS.exists(), reason="corpus/hyloe has not been imported yet")
def test_check_reports_the_problems_of_broken_imports_without_crashing():
    files = sorted(str(p) for p in CORPUS.glob("*.yaml"))
    r = run("check", *files)
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert r.exit_code == 2  # some games of the book are broken as written
    assert "DEAL_IMPOSSIBLE" in r.output and "mollenstorf.yaml" in r.output
