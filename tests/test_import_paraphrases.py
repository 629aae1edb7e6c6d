"""Issue 31: the importer reads paraphrases. Every sentence of the paraphrase corpus
(``tests/paraphrases/``: each module's sentence as the book phrases it, and paraphrases written
from the catalogue, not from a game) reads, inside a plain game, to the spec the book's phrasing
makes and to the fields the corpus expects, with no problem; and an unread sentence is never lost."""

from __future__ import annotations

from collections import Counter

import pytest

from generator.importer import import_book
from tests.family_helpers import BOOK, needs_book
from tests.paraphrases.corpus import FILES, MAIN, cases, judge

CASES = cases()


def _param(c):
    marks = [pytest.mark.xfail(reason=c.xfail, strict=True)] if c.xfail else []
    return pytest.param(c, id=c.id, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_a_paraphrase_reads_to_the_same_spec(case):
    outcome = judge(case)
    assert outcome.ok, outcome.why


def test_every_module_has_at_least_five_paraphrases():
    per_group = Counter((c.file, c.module, c.group) for c in CASES if c.text != c.sentence and c.file in MAIN)
    assert per_group and min(per_group.values()) >= 5, [k for k, n in per_group.items() if n < 5]
    per_module = Counter(c.module for c in CASES if c.text != c.sentence)
    assert all(n >= 5 for n in per_module.values())
    assert {c.file for c in CASES} == set(FILES)


def test_the_corpus_checks_fields_not_only_that_a_sentence_reads():
    groups = {(c.file, c.module, c.group): c.expect for c in CASES}
    assert all(groups.values()), [k for k, v in groups.items() if not v]


UNREAD = """\
Nowhere Parva is a classic English trick-taking game for three to four players, played with a standard 52 card pack.
Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2.
Each player is dealt seven cards.
Turn the top card of the deck to determine trump suit.
The dealer starts by leading any card.
Players must follow suit if possible, otherwise may play any card.
The trick is won by the highest trump, or if it contains no trump by the highest card of the lead suit.
The winner of the trick leads the next trick.
The kitty goes to whoever first takes a trick with a spade in it.
When all seven tricks have been played each player scores 1 point per trick won.
The first player to reach 12 points wins the game.
If tied, play an extra round.
"""


def test_a_sentence_still_unread_after_rewording_is_an_error_that_quotes_it():
    g = import_book(UNREAD).games[0]
    assert [(p.message, p.sentence) for p in g.problems] == [
        ("sentence not understood", "The kitty goes to whoever first takes a trick with a spade in it.")]


def test_a_reworded_sentence_is_listed_with_the_wording_it_was_read_as():
    text = UNREAD.replace("The kitty goes to whoever first takes a trick with a spade in it.\n", "").replace(
        "The dealer starts by leading any card.", "The player sitting on the dealer's left leads any card.")
    g = import_book(text).games[0]
    assert g.problems == [] and g.spec.play.opening_leader == "dealer-left"
    reworded = [r for r in g.repairs if r.kind == "reworded"]
    assert [(r.category, r.sentence) for r in reworded] == [("reading", "The player sitting on the dealer's left leads any card.")]
    assert "\"The player to the dealer's left leads any card.\"" in reworded[0].text


def _reading(sentence: str, patterns, kitty) -> tuple:
    from generator.importer.core import Draft

    d = Draft("x")
    if kitty is not None:  # a rule naming the kitty is checked against it
        d.fields["deal.kitty"] = kitty
    d.sentence = sentence
    for p in patterns:
        if p.read(sentence, d):
            notes = {k: v for k, v in d.said.items() if not k.startswith(("example", "hand-for", "rank.words", "tricks.word"))}
            return p.module, d.fields, notes
    return None, None, None


@needs_book
@pytest.mark.slow
def test_a_cue_never_reads_a_sentence_of_the_book_as_anything_but_what_it_says():
    """Every sentence of the shared book a cue fits, the cue writes back as the same rule (same module,
    fields and remarks): a cue that dropped a clause or took another rule's sentence would show here."""
    from generator.families import family_named
    from generator.importer.book import patterns_of, split_book
    from generator.importer.core import Draft
    from generator.importer.cues import cued
    from generator.importer.rewording import canonical

    _, blocks = split_book(BOOK.read_text(encoding="utf-8"))
    fitted = 0
    for b in blocks:
        patterns = patterns_of(family_named(b.family))
        kitty = next((_reading(s, patterns, None)[1]["deal.kitty"] for _, s in b.sentences()
                      if (r := _reading(s, patterns, None))[0] == "DL-11"), None)
        d = Draft(b.name)
        d.fields["deal.kitty"] = kitty
        for _, sentence in b.sentences()[1:]:
            made = next((m for _, m in cued(canonical(sentence), d) if _reading(m, patterns, kitty)[0] is not None), None)
            if made is not None:  # the first cue a pattern reads, as the importer takes it
                fitted += 1
                assert _reading(made, patterns, kitty) == _reading(sentence, patterns, kitty), (b.name, sentence, made)
    assert fitted > 1000  # most of the book's sentences have a cue


MAO = """\
Nowhere Mao is a cerebral English climbing game for three to five players where players must obey secret rules. It uses a standard 52 card pack.
Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2.
Each player is dealt seven cards.
Before the first hand, the dealer invents an unspoken law.
If a player breaks an unspoken law, its inventor announces this without explanation; the player takes back their play, draws a penalty card, and plays again, or passes if they have no legal play.
The inventor of an unspoken law announces any effects it has.
The dealer starts by leading any single card.
Each player in turn must either pass or play a card which beats the previous play.
A card is beaten by any card of a higher rank.
The hand continues until all but one player has passed in sequence.
(Otherwise, a player that has passed may still play a card later in the trick.)
When the hand ends, the pile of played cards is set aside face-down and the player who played the final card to it leads the next trick.
The winner of the round invents an additional unspoken law.
The first player to empty their hand wins the round, and scores a point.
The first player to reach 5 points wins the game.
If tied, play an extra round.
"""


def test_secret_rules_read_with_their_enforcement_and_what_the_spec_cannot_hold_listed_as_dropped():
    g = import_book(MAO).games[0]
    assert g.problems == []
    rules = g.spec.setup.extra_rules
    assert (rules.kind, rules.name, rules.inventor) == ("secret", "unspoken law", "dealer")
    dropped = {r.kind for r in g.repairs if r.category == "dropped"}
    assert {"secret-rule-penalty-dropped", "secret-rule-added-dropped"} <= dropped


def test_a_secret_rule_s_enforcement_in_a_game_of_public_rules_is_a_problem():
    text = MAO.replace("players must obey secret rules", "players invent their own extra rules").replace(
        "Before the first hand, the dealer invents an unspoken law.\n",
        "After the first hand of the game, players may have to obey additional bonus laws.\n").replace(
        "an unspoken law", "a bonus law").replace("The winner of the round invents an additional unspoken law.",
                                                  "The winner of the round may invent a bonus law to apply to all future rounds.")
    g = import_book(text).games[0]
    assert any("are not secret" in p.message for p in g.problems)


def test_a_challenge_told_in_two_sentences_needs_both():
    from tests.paraphrases.corpus import bases

    cheat = "\n".join(bases()["matching/cheat"]) + "\n"
    whole = next(line for line in bases()["matching/cheat"] if line.startswith("Any player may challenge"))
    called = 'Anyone may shout "spoof!" to challenge a play they think is a lie.'
    revealed = ("The card is revealed; a liar takes the discard pile into their hand, and a mistaken challenger takes it "
                "instead; play continues from the challenged player's left.")
    both = import_book(cheat.replace(whole, called + " " + revealed)).games[0]
    assert both.problems == [] and both.spec.play.cheat.word == "spoof"
    assert [r.sentence for r in both.repairs if r.kind == "read-by-key-words"] == [called, revealed]
    half = import_book(cheat.replace(whole, called)).games[0]
    assert any("who picks up the pile" in p.message for p in half.problems)
