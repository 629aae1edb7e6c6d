"""What the shedding families (climbing, matching, melding) share, each piece once, composed by each
family's ``ENGINE`` rather than inherited from another family:

* ``tokens`` — countdown tokens and face-down rows, dealt after the hands (``DealTokensAndRows``);
* ``table`` — the discard piles, the wild-rank card and the stock (``TableDeal``), for the families
  that play to a discard pile;
* ``passing`` — the cards passed between titles hands (``PassCards``);
* ``scoring`` — the shedding hand scorer (``SheddingScorer``: countdown, first-out, card count and
  card values, titles, the landlord's stake, points scored at once), the end of a shedding hand
  (``close_hand``) and what the titles decide for the next one (``NextHand``);
* ``narrate`` — how a hand played to discard piles reads (``TableNarration``).

No family package imports another's: what two families need lives here.
"""
