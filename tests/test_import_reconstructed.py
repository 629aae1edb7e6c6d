"""Issue 31: reconstructed rules are marked. A rule an imported game's edition supplies where its
source is silent or lost (a lost list, the default turn, a guessed value table, a chosen reading) is
recorded in the spec's provenance, noted in one plain sentence at the head of the rulebook section
concerned (a note the parser skips, so the round trip holds), and listed in a book's appendix for the
curious; and a village name in no list takes its country from the lists' names, not a default."""

from __future__ import annotations

from types import SimpleNamespace

from generator.importer import import_book
from generator.names import country_of_name
from generator.publish.book import Entry, curious
from generator.rulebook import render_markdown
from generator.text.parse import parse_markdown

MELDING = """\
Klein Meld is a traditional melding game for two to four players, played with a standard 52 card pack.
Cards rank A, K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2.
Each player is dealt seven cards.
Deal one card to form a face-up discard pile.
Undealt cards form the stock.
The dealer takes the first turn.
A player's turn consists of the following steps in sequence:
If the stock runs out, shuffle the discard pile to form a new stock.
The first player to empty their hand wins the round.
The winner gains points equal to the scores of the cards remaining in their opponents' hands, as follows:
The first player to reach 50 points wins the game.
If tied, play an extra round.
"""


def test_the_rules_an_edition_supplies_are_in_its_provenance_and_noted_in_their_sections():
    g = import_book(MELDING).games[0]
    supplied = [(r.section, r.what) for r in g.spec.provenance.reconstructed]
    assert supplied == [("play", "the turn below"), ("scoring", "the card values below")]
    md = render_markdown(g.spec)
    play = md[md.index("## Play"):md.index("## Scoring")]
    scoring = md[md.index("## Scoring"):md.index("## End of the game")]
    assert "\n\nThis edition supplies the turn below: the source's list of its steps was lost.\n\n" in play
    assert "This edition supplies the card values below: the source's table of them was lost." in scoring
    assert md.count("This edition supplies") == 2
    assert parse_markdown(md) == g.spec.rules()  # the notes are a record, not rules: the round trip holds


def test_a_game_read_as_written_has_no_note():
    text = MELDING.replace(
        "The winner gains points equal to the scores of the cards remaining in their opponents' hands, as follows:",
        "They gain points equal to the total number of cards remaining in their opponents' hands.")
    g = import_book(text).games[0]
    assert [r.what for r in g.spec.provenance.reconstructed] == ["the turn below"]
    assert "the card values" not in render_markdown(g.spec)


def test_the_appendix_for_the_curious_lists_them():
    spec = import_book(MELDING).games[0].spec
    view = SimpleNamespace(id="klein-meld", name="Klein Meld", hash="abc")
    games = curious([Entry(spec=spec, source="the seed book")], [view], [])["games"]
    assert games[0]["supplied"] == ["Play: this edition supplies the turn below (the source's list of its steps was lost)",
                                    "Scoring: this edition supplies the card values below (the source's table of them was lost)"]


def test_a_village_in_no_list_takes_its_country_from_the_lists_names():
    assert country_of_name("Groß Nirgendwo")[0] == "de"          # its letters
    assert country_of_name("Château-Rien")[0] == "fr"
    assert country_of_name("Nirgendshausen")[0] == "de"          # "-shausen"
    assert country_of_name("Nowhereville")[0] == "fr"            # "-ville" is most often French in the lists
    assert country_of_name("Nowherefield")[0] == "en"
    text = MELDING.replace("Klein Meld is", "Nirgendshausen is")
    g = import_book(text).games[0]
    assert g.spec.naming.country == "de" and not g.spec.naming.show_country
    assert "It takes its name from a German village." in render_markdown(g.spec)
    why = [r.text for r in g.repairs if r.kind == "country-inferred"]
    assert why and "most often German" in why[0]
