"""Tier-0 static checks: reject a spec that cannot be dealt or contradicts itself, before any play.

Each problem carries a reason code from docs/playtest-metrics.md, the field it concerns, a sentence
a person understands, and the player count it concerns (None when it holds at every count).

The checks of the play section belong to its family (``families/trick_taking/checks.py`` for trick-taking),
which registers them (``generator.families``); ``check_spec`` runs them where the play checks come.
"""

from __future__ import annotations

from math import comb

from ..families import family_of
from ..refs import resolve
from ..spec import GameSpec, derived
from ..spec.deck import JOKERS, MAJORS, card_rank, card_suit
from ..spec.naming import FACTS
from ..spec.scoring import SHEDDING_KINDS, TAKEN_KINDS
from .card_points import check_card_points
from .clashes import check_clashes
from .schedule import check_schedule
from .core import CODES, Problem, card_problem, suit_problem
from .shedding import check_shedding, check_tokens


def check_spec(spec: GameSpec) -> list[Problem]:
    """Every Tier-0 problem of the spec, deck problems first (later checks assume a sound deck)."""
    problems = _deck(spec)
    if problems:
        return problems
    for check in (_named_things, _sides, _coalition, _deal, _trumps, _setup_extras, _bidding, _play, _scoring_and_end, _naming):
        problems += check(spec)
    return problems + _clashes(spec, problems)


def _clashes(spec: GameSpec, found: list[Problem]) -> list[Problem]:
    """Rules that clash with the pack, the deal or each other (``checks/clashes.py``), less the
    fields a check above has already faulted (one problem per field is enough to say why)."""
    faulted = {p.field for p in found}
    return [p for p in check_clashes(spec) if p.field not in faulted]


def _sides(spec: GameSpec) -> list[Problem]:
    """Partnerships (``players.sides``): only a family whose scorer counts a side's tricks or
    cards together plays in sides, and a landlord, who plays alone against everyone, has none."""
    sides, out = spec.players.sides, []
    if sides is None:
        return out
    if not spec.play.plays_in_sides():
        out.append(Problem("RULE_CONFLICT", "players.sides",
                           f"a {spec.family} game is won by one player alone, so it cannot be played in partnerships"))
    if spec.bidding.auction is not None:
        out.append(Problem("RULE_CONFLICT", "players.sides",
                           f"the {spec.bidding.auction.title} plays alone against all the others, which leaves no "
                           "room for fixed partnerships"))
    return out


def _coalition(spec: GameSpec) -> list[Problem]:
    """The caller against the rest (``players.coalition``): a side scored as one player, so only
    in a family whose scorer pools a side's tricks or cards; the caller is the player who names
    trumps, so trumps must be called; and a hand scored on bids or won by an auction's landlord
    already sets each player's task alone."""
    if spec.players.coalition is None:
        return []
    out = []
    if not spec.play.plays_in_sides():
        out.append(Problem("RULE_CONFLICT", "players.coalition",
                           f"a {spec.family} game is won by one player alone, so no side can play against the caller"))
    if spec.setup.trumps.method != "called":
        out.append(Problem("RULE_CONFLICT", "players.coalition",
                           "the caller against the rest needs a player who names trumps (setup.trumps: called)"))
    if spec.bidding.any():
        out.append(Problem("RULE_CONFLICT", "players.coalition",
                           "with bidding each player already plays for their own bid or auction, not as a side "
                           "against the caller"))
    return out


def _play(spec: GameSpec) -> list[Problem]:
    """The play section's checks, by its family."""
    return family_of(spec).load("checks")(spec)


def _deck(spec: GameSpec) -> list[Problem]:
    d, out = spec.deck, []
    full = d.full_order()
    if not full:
        what = f"'{d.order}' with promoted rank {d.promoted!r}" if d.order == "promoted" else f"'{d.order}'"
        out.append(Problem("DECK_INCONSISTENT", "deck.order", f"the rank order {what} does not fit a {d.kind} pack"))
        return out
    if d.order == "promoted" and d.promoted == "A":
        out.append(Problem("DECK_INCONSISTENT", "deck.promoted", "Aces are already the highest rank; promoting them moves nothing"))
    if d.order != "promoted" and d.promoted is not None:
        out.append(Problem("DECK_INCONSISTENT", "deck.promoted", "a promoted rank is only meaningful with order 'promoted'"))
    seen: set[str] = set()
    for i, rank in enumerate(d.removed):
        if rank in seen:
            out.append(Problem("DECK_INCONSISTENT", f"deck.removed[{i}]", f"the rank {rank} is removed twice"))
        elif rank not in full:
            out.append(Problem("DECK_INCONSISTENT", f"deck.removed[{i}]", f"there is no rank {rank} in this pack"))
        seen.add(rank)
    if d.kind == "tarot" and d.jokers:
        out.append(Problem("DECK_INCONSISTENT", "deck.jokers", "a tarot pack has no jokers"))
    out += _reversed_pips(spec)
    if not out and d.size() == 0:
        out.append(Problem("DEAL_IMPOSSIBLE", "deck.removed", "every rank is removed, so the pack is empty"))
    elif not out and len(d.ranks()) < 2:
        out.append(Problem("DECK_INCONSISTENT", "deck.removed", "fewer than two ranks remain, so no card can beat another"))
    return out


def _reversed_pips(spec: GameSpec) -> list[Problem]:
    """Pips that run the other way in the suits of one colour give each colour its own rank list:
    only a game that compares cards of one suit at a time can play it, and no rule may name a
    trump by its place in the one list the rest of the rulebook reads."""
    d = spec.deck
    if d.reversed_pips is None:
        return []
    if not spec.play.ranks_within_suit_only():
        return [Problem("RULE_CONFLICT", "deck.reversed_pips",
                        f"the {d.reversed_pips} suits' pips run the other way, so each colour has its own rank "
                        "order, but this game compares cards of different suits, or makes runs or sets, on one "
                        "rank list")]
    st, out = spec.setup, []
    for field, what in (("robbing", "the lowest trump robs"), ("top_trump_point", "the highest trump scores"),
                        ("extra_rules", "invented laws speak of ranks")):
        if getattr(st, field):
            out.append(Problem("RULE_CONFLICT", f"setup.{field}",
                               f"{what} by its place in the rank list, but with the {d.reversed_pips} suits' pips "
                               "reversed the lowest and highest cards depend on the colour of the trump suit"))
    return out


def _named_things(spec: GameSpec) -> list[Problem]:
    """Every suit and card a rule names must exist in the pack (the play section's: its family's checks)."""
    out: list[Problem] = []
    t, s, deal = spec.setup.trumps, spec.scoring, spec.deal
    out += suit_problem(spec, "deal.misdeal.suit", deal.misdeal.suit if deal.misdeal else None)
    out += suit_problem(spec, "setup.trumps.suit", getattr(t, "suit", None))
    if s.kind == "avoid-suit":
        out += suit_problem(spec, "scoring.suit", s.suit)
        for name in ("penalty_card", "bonus_card", "doubler"):
            special = getattr(s, name)
            out += card_problem(spec, f"scoring.{name}.card", special.card if special else None)
        if s.joker_loss and not spec.deck.jokers:
            out.append(Problem("DECK_INCONSISTENT", "scoring.joker_loss", "a loss for taking jokers, but the pack has none"))
    if t.method == "majors" and spec.deck.kind != "tarot":
        out.append(Problem("DECK_INCONSISTENT", "setup.trumps.method", "only a tarot pack has major arcana to be trumps"))
    pig = spec.setup.pig
    out += card_problem(spec, "setup.pig.card", pig.card if pig else None)
    extras = getattr(s, "extras", None)
    if not spec.deck.jokers and extras is not None and extras.joker_tricks != "none":
        out.append(Problem("DECK_INCONSISTENT", "scoring.extras.joker_tricks",
                           "a score for tricks holding a joker, but the pack has none"))
    return out


def _deal(spec: GameSpec) -> list[Problem]:
    out: list[Problem] = []
    deal, size = spec.deal, spec.deck.size()
    players = spec.players
    if players.min > players.max:
        return [Problem("SPEC_INVALID", "players.min", f"the minimum ({players.min}) is above the maximum ({players.max})")]
    k = deal.kitty
    if k is not None and (k.form == "dealt") != (k.size is not None):
        out.append(Problem("SPEC_INVALID", "deal.kitty.size", "a dealt kitty needs a size, and only a dealt kitty has one"))
        return out
    if deal.hand_size_over_three is not None:
        if deal.hand_size == "all" or players.max <= 3:
            out.append(Problem("RULE_CONFLICT", "deal.hand_size_over_three",
                               "a hand size for more than three players needs a fixed hand size and room for four players"))
    if deal.hand_size == "all" and deal.odd_card:
        out.append(Problem("RULE_CONFLICT", "deal.odd_card", "when the whole pack is dealt there is no odd card to give"))
    turn_up = derived.turns_top_card(spec.setup)
    shrinking = spec.ending.condition.kind == "shrinking"
    for n in players.counts():
        each = deal.cards_each(n, size)
        used, left = derived.cards_dealt(spec.deck, deal, n), derived.cards_left(spec.deck, deal, n)
        smallest = 1 if shrinking else each
        if each < 1:
            out.append(Problem("DEAL_IMPOSSIBLE", "deal.hand_size", f"the {size}-card pack gives a player no cards", n))
            continue
        if deal.odd_card and not deal.odd_card.extra and smallest < 2:
            out.append(Problem("DEAL_IMPOSSIBLE", "deal.odd_card",
                               f"in a hand of {smallest} card{'s' if smallest > 1 else ''} the player dealt one "
                               "card fewer would get none", n))
            continue
        if left < 0:
            out.append(Problem("DEAL_IMPOSSIBLE", "deal.hand_size",
                               f"the deal needs {used} cards but the pack has only {size}", n))
            continue
        if k is not None and k.form == "undealt" and left < 1:
            out.append(Problem("DEAL_IMPOSSIBLE", "deal.kitty", f"no cards are left over to form the {k.name}", n))
        if k is not None and k.form == "contributed" and smallest < 2:
            out.append(Problem("DEAL_IMPOSSIBLE", "deal.kitty", f"players hold a single card, so none can give one to the {k.name}", n))
        if turn_up and not derived.trump_card_from_kitty(deal) and (derived.deals_whole_pack(deal) or left < 1):
            out.append(Problem("DEAL_IMPOSSIBLE", "setup.trumps",
                               f"all {size} cards are dealt, leaving no card to turn for trumps", n))
        if deal.misdeal and deal.misdeal.must_show:
            stands = _chance_every_hand_has(spec, n, smallest, deal.misdeal.suit)
            if stands < 0.05:
                out.append(Problem("DEAL_IMPOSSIBLE", "deal.misdeal",
                                   f"a hand of {smallest} card{'s' if smallest > 1 else ''} so often has no {deal.misdeal.suit} that only "
                                   f"{stands:.1%} of deals would stand", n))
    return out


def _chance_every_hand_has(spec: GameSpec, n: int, each: int, suit: str) -> float:
    """Chance that every one of n hands of `each` cards holds at least one card of `suit`."""
    cards = spec.deck.cards()
    total, of_suit = len(cards), sum(1 for c in cards if card_suit(c) == suit)
    return sum((-1) ** j * comb(n, j) * comb(total - of_suit, j * each) / comb(total, j * each)
               for j in range(n + 1) if j * each <= total)


def _trumps(spec: GameSpec) -> list[Problem]:
    out: list[Problem] = []
    method = spec.setup.trumps.method
    if spec.setup.anti_trumps and not derived.trumps_known_at_deal(spec.setup):
        out.append(Problem("RULE_CONFLICT", "setup.anti_trumps",
                           "anti-trumps are named against a trump suit, but trumps are not known when they are named"))
    if method == "fixed" and spec.setup.trumps.suit == MAJORS and spec.deck.kind == "tarot":
        out.append(Problem("RULE_CONFLICT", "setup.trumps", "use the 'majors' method for major arcana trumps"))
    if getattr(spec.setup.trumps, "no_trumps", False):
        for field, has, why in (("setup.anti_trumps", spec.setup.anti_trumps, "anti-trumps are named against a trump suit"),
                                ("setup.top_trump_point", spec.setup.top_trump_point,
                                 "the highest trump is shown for a point")):
            if has:
                out.append(Problem("RULE_CONFLICT", field, f"{why}, but the caller may name no trumps"))
    if spec.setup.bowers:
        out += _bowers(spec)
    seen = getattr(spec.setup.trumps, "seen", None)
    if isinstance(seen, int):   # the deal stops for the call: there must be cards still to deal
        size = spec.deck.size()
        for n in spec.players.counts():
            each = spec.deal.cards_each(n, size)
            if 0 < each <= seen:
                out.append(Problem("RULE_CONFLICT", "setup.trumps.seen",
                                   f"trumps are named when each player has {seen} cards, but each is dealt only "
                                   f"{each}: say 'all' for a call made on the whole hand", n))
    return out


def _bowers(spec: GameSpec) -> list[Problem]:
    """Bowers (``setup.bowers``) promote the Jacks of the trump colour: they need a trump suit
    known when play starts (one revealed in play would move a card between suits mid-hand), a
    pack whose suits have colours and Jacks, and no rule that names the highest trump by its place
    in the printed rank list."""
    out, method = [], spec.setup.trumps.method
    if not derived.suit_trumps_at_start(spec.setup):
        out.append(Problem("RULE_CONFLICT", "setup.bowers", "bowers are the Jacks of the trump suit's colour, but "
                           + ("the game has no trump suit" if method == "none" else
                              "the tarot's majors have no Jacks" if method == "majors" else
                              "trumps are only revealed during play")))
    elif not any(spec.deck.bower_pairs()):
        out.append(Problem("RULE_CONFLICT", "setup.bowers", "bowers are the two Jacks of the trump suit's colour, "
                           f"but a {spec.deck.kind} pack without Jacks of both suits of a colour has none"))
    if spec.setup.top_trump_point:
        out.append(Problem("RULE_CONFLICT", "setup.top_trump_point", "the highest trump in the rank list is shown "
                           "for a point, but with bowers the right bower is the highest trump"))
    return out


def _setup_extras(spec: GameSpec) -> list[Problem]:
    """Robbing, the top trump point, the exchange and invented rules (SU-04, SU-06, SU-09, SU-10)."""
    st, out = spec.setup, []
    method = st.trumps.method
    if st.robbing is not None and method != "turn-up":
        out.append(Problem("RULE_CONFLICT", "setup.robbing",
                           "robbing claims the card turned up for trumps, but trumps are not chosen by turning up a card"))
    if st.top_trump_point and not derived.trumps_known_at_deal(st):
        why = ("the trump suit is not known when the cards are dealt" if derived.has_trump_suit(st)
               else "there is no trump suit")
        out.append(Problem("RULE_CONFLICT", "setup.top_trump_point",
                           f"the highest trump is shown for a point before play, but {why}"))
    ex = st.exchange
    if ex is not None:
        if ex.single and ex.cards != 1:
            out.append(Problem("RULE_CONFLICT", "setup.exchange.cards",
                               f"an exchange of a single card cannot exchange {ex.cards} cards"))
        elif not derived.leaves_stock(spec.deal):
            where = ("the whole pack is dealt" if derived.deals_whole_pack(spec.deal)
                     else f"the {spec.deal.kitty.name} takes every card not dealt")
            for n in spec.players.counts():
                out.append(Problem("DEAL_IMPOSSIBLE", "setup.exchange",
                                   f"{where}, so there is no stock to exchange cards from", n))
        else:
            lefts = {n: derived.stock_left(spec.deck, spec.deal, n) for n in spec.players.counts()}
            if all(left < n * ex.cards for n, left in lefts.items()):
                for n, left in lefts.items():
                    out.append(Problem("DEAL_IMPOSSIBLE", "setup.exchange",
                                       f"an exchange needs {n * ex.cards} cards from the stock ({ex.cards} for each player), "
                                       f"but only {left} {'is' if left == 1 else 'are'} left, so it can never happen", n))
    rules = st.extra_rules
    if rules is not None:
        if rules.kind == "secret" and rules.repeal:
            out.append(Problem("RULE_CONFLICT", "setup.extra_rules.repeal",
                               "secret laws last the whole game; only bonus laws can be repealed"))
        if rules.kind == "bonus" and rules.inventor != "dealer":
            out.append(Problem("RULE_CONFLICT", "setup.extra_rules.inventor",
                               "bonus laws are invented by the best scorer of each hand; only secret laws have "
                               "an inventor chosen before the first hand"))
    return out


def _bidding(spec: GameSpec) -> list[Problem]:
    """Trick bidding and the auction (BD-01, BD-03), and the rules that need them (the play
    section's: its family's checks)."""
    b, out = spec.bidding, []
    tricks, auction = b.tricks, b.auction
    if tricks is not None and tricks.order == "simultaneous" and tricks.hook:
        out.append(Problem("RULE_CONFLICT", "bidding.tricks.hook",
                           "the last bidder may not make the bids add up to the tricks, but with bids "
                           "made all at once nobody bids last"))
    kitty = spec.deal.kitty
    if auction is not None:
        for n in spec.players.counts():
            if n < 3:
                out.append(Problem("RULE_CONFLICT", "bidding.auction",
                                   f"the {auction.title} plays against all the others, which needs at least three players", n))
        if not derived.kitty_at_deal(spec.deal):
            what = "there is no kitty" if kitty is None else f"the {kitty.name} is only made by the players after the deal"
            out.append(Problem("RULE_CONFLICT", "bidding.auction",
                               f"the winner of the auction takes the kitty into hand, but {what}"))
    return out


def _bid_scoring(spec: GameSpec) -> list[Problem]:
    """Scoring that needs trick bidding, a pig or trumps (SC-T1…SC-T4)."""
    s, out = spec.scoring, []
    if s.kind in SHEDDING_KINDS or s.kind in TAKEN_KINDS or s.kind == "schedule":  # checks of their own
        return out
    tricks = spec.bidding.tricks
    if s.kind == "majority":
        return out + _majority(spec)
    if s.kind == "avoid-suit":
        if tricks is not None:
            out.append(Problem("RULE_CONFLICT", "scoring.kind",
                               "players bid to win tricks, but scoring for an avoided suit punishes taking them"))
        if s.pig_points is not None and spec.setup.pig is None:
            out.append(Problem("RULE_CONFLICT", "scoring.pig_points", "a score for taking the pig, but the game has no pig card"))
        return out
    if s.kind == "exact-bid" and tricks is None:
        out.append(Problem("RULE_CONFLICT", "scoring.kind", "scoring by the exact bid needs players to bid for tricks"))
    if s.kind == "per-trick" and s.quotas is not None:
        out += _quotas(spec)
    if s.kind == "per-trick":
        for name in ("exact_bonus", "zero_bonus", "blind_bonus"):
            if getattr(s, name) is not None and tricks is None:
                out.append(Problem("RULE_CONFLICT", f"scoring.{name}", "a bonus for a bid, but players do not bid for tricks"))
        if tricks is not None:
            if s.zero_bonus is not None and s.exact_bonus is None:
                out.append(Problem("RULE_CONFLICT", "scoring.zero_bonus",
                                   "a further bonus for an exact bid of zero needs a bonus for an exact bid"))
            if s.blind_bonus is not None and tricks.blind == "none":
                out.append(Problem("RULE_CONFLICT", "scoring.blind_bonus", "a bonus for a blind bid, but nobody may bid blind"))
    x = s.extras
    if x.bid_all_wins and tricks is None:
        out.append(Problem("RULE_CONFLICT", "scoring.extras.bid_all_wins",
                           "bidding every trick wins the game, but players do not bid for tricks"))
    if x.pig != "none" and spec.setup.pig is None:
        out.append(Problem("RULE_CONFLICT", "scoring.extras.pig", "a score for taking the pig, but the game has no pig card"))
    if x.top_trump != "none" and not derived.has_trump_suit(spec.setup):
        out.append(Problem("RULE_CONFLICT", "scoring.extras.top_trump",
                           "a score for taking the highest trump, but there is no trump suit"))
    return out


def _quotas(spec: GameSpec) -> list[Problem]:
    """Quotas by seat (Sergeant Major's 9, 5, 2): one a seat at one player count, each a number of
    tricks a hand can pass; not beside a count beyond, bids, or partnerships (whose tricks are a
    side's)."""
    s, p, out = spec.scoring, spec.players, []
    if p.min != p.max or len(s.quotas) != p.min:
        out.append(Problem("RULE_CONFLICT", "scoring.quotas", f"a quota for each seat needs one number of players and "
                           f"as many quotas: {len(s.quotas)} quotas for {p.phrase()}"))
    for field, bad, why in (("scoring.beyond", s.beyond != 0, "tricks beyond a count and quotas by seat say two things"),
                            ("bidding.tricks", spec.bidding.tricks is not None, "players bid, and have quotas as well"),
                            ("players.sides", p.sides is not None, "a side's tricks have no seat to take a quota from")):
        if bad:
            out.append(Problem("RULE_CONFLICT", field, why))
    for n in p.counts():
        tricks = derived.tricks_per_hand(spec.deck, spec.deal, n)
        if 0 < tricks <= min(s.quotas):
            out.append(Problem("NO_WIN_PATH", "scoring.quotas", f"every quota is {tricks} tricks or more, but a hand "
                               f"has only {tricks}: no one ever scores", n))
    return out


def _majority(spec: GameSpec) -> list[Problem]:
    """A hand won by enough tricks: one winner at most (more than half the tricks), a number that
    can be reached, a caller to score for, a sweep the hand plays long enough to make; and no bids
    or auction, which score otherwise."""
    s, out = spec.scoring, []
    if spec.bidding.tricks is not None or spec.bidding.auction is not None:
        out.append(Problem("RULE_CONFLICT", "scoring.kind", "the hand is won by taking enough tricks, so nobody bids"))
    if s.caller_points is not None and spec.setup.trumps.method != "called":
        out.append(Problem("RULE_CONFLICT", "scoring.caller_points", "a score for the side that named trumps, but "
                           "nobody names them"))
    if s.sweep is not None and s.stop:
        out.append(Problem("RULE_CONFLICT", "scoring.sweep", "the hand stops when the tricks needed are taken, so "
                           "nobody can take every trick"))
    sides = spec.players.sides
    for n in spec.players.counts():
        tricks = derived.tricks_per_hand(spec.deck, spec.deal, n)
        if tricks <= 0:
            continue
        if s.needed > tricks:
            out.append(Problem("NO_WIN_PATH", "scoring.needed", f"{s.needed} tricks win the hand, but a hand has "
                               f"only {tricks}", n))
        elif 2 * s.needed <= tricks:
            who = "sides" if sides is not None and sides.applies(n) else "players"
            out.append(Problem("RULE_CONFLICT", "scoring.needed", f"{s.needed} of {tricks} tricks win the hand, so two "
                               f"{who} could both take them: more than half are needed", n))
    return out


def _can_lose(spec: GameSpec) -> bool:
    """Whether a hand score under trick or bid scoring can be negative."""
    s = spec.scoring
    x = getattr(s, "extras", None)
    return (spec.setup.high_low or spec.bidding.auction is not None
            or (x is not None and (x.pig == "minus" or x.top_trump == "minus")))


def _scoring_and_end(spec: GameSpec) -> list[Problem]:
    s, end, out = spec.scoring, spec.ending.condition, _bid_scoring(spec) + check_tokens(spec) + check_schedule(spec)
    if s.kind == "schedule":
        pass   # ``check_schedule``: each contract's scoring, and the end with the schedule
    elif s.kind in SHEDDING_KINDS:
        out += check_shedding(spec)
    elif s.kind in TAKEN_KINDS:
        out += check_card_points(spec)
    elif s.kind == "avoid-suit":
        gains = (s.bonus_card is not None or s.shoot_the_moon is not None or (s.pig_points or 0) > 0
                 or spec.bidding.auction is not None or spec.setup.high_low)
        if end.kind == "target" and not gains:
            out.append(Problem("NO_WIN_PATH", "ending.condition",
                               "scores only ever go down, so no one can reach a points target"))
        elif end.kind == "target":
            out.append(Problem("RULE_CONFLICT", "ending.condition", "penalty scoring ends on a negative threshold, not a target"))
        for name in ("penalty_card", "bonus_card"):
            special = getattr(s, name)
            if special is not None and special.points < 1:
                out.append(Problem("SPEC_INVALID", f"scoring.{name}.points", "must be at least 1"))
    else:
        if end.kind == "threshold" and not _can_lose(spec):
            out.append(Problem("NO_WIN_PATH", "ending.condition",
                               "scores never go below zero, so no one can reach a negative threshold"))
        elif end.kind == "threshold":
            out.append(Problem("RULE_CONFLICT", "ending.condition",
                               "a negative threshold ends games scored in penalties; this game scores tricks"))
        for n in spec.players.counts():
            if s.kind != "per-trick":
                break
            most = derived.tricks_per_hand(spec.deck, spec.deal, n)
            if s.beyond >= most:
                out.append(Problem("NO_WIN_PATH", "scoring.beyond",
                                   f"a hand has at most {most} tricks, so no trick beyond the {s.beyond}th ever scores", n))
    if end.kind == "shrinking" and spec.deal.hand_size == "all":
        out.append(Problem("RULE_CONFLICT", "ending.condition", "shrinking hands need a fixed starting hand size"))
    return out


def _naming(spec: GameSpec) -> list[Problem]:
    n, out = spec.naming, []
    if n.fact is None:
        return out
    if n.fact not in FACTS:
        return [Problem("SPEC_INVALID", "naming.fact", f"unknown fact '{n.fact}' (known: {', '.join(FACTS)})")]
    s = spec.scoring
    st, b = spec.setup, spec.bidding
    holds = {
        "hidden-trump": st.trumps.method == "hidden",
        "anti-trumps": st.anti_trumps,
        "avoid-suit": s.kind == "avoid-suit" and s.per_card == "one",
        "avoid-suit-face": s.kind == "avoid-suit" and s.per_card == "face-value",
        "high-low": st.high_low,
        "pig": st.pig is not None,
        "bonus-rules": st.extra_rules is not None and st.extra_rules.kind == "bonus",
        "secret-rules": st.extra_rules is not None and st.extra_rules.kind == "secret",
        "exchange": st.exchange is not None,
        "trick-bidding": b.tricks is not None,
        "landlord-together": b.auction is not None,
        "landlord-gang": b.auction is not None,
        "countdown": spec.deal.tokens is not None,
        "face-down-rows": spec.deal.rows,
        "titles": s.kind == "titles",
        "two-discard-piles": spec.deal.stock is not None and spec.deal.stock.discard_piles == 2,
    }.get(n.fact)
    if holds is None:   # a fact of a family's own module: the family says when it holds (none: never)
        own = family_of(spec).intro_facts
        holds = resolve(own).get(n.fact, lambda spec: False)(spec) if own else False
    if not holds:
        out.append(Problem("RULE_CONFLICT", "naming.fact", f"the introduction says {FACTS[n.fact]!r}, but no rule makes it so"))
    return out


def is_playable(spec: GameSpec) -> bool:
    return not check_spec(spec)


__all__ = ["CODES", "Problem", "check_spec", "is_playable", "JOKERS", "card_rank"]
