"""DK-01…DK-05: the pack, the rank order (with its note), removed ranks, jokers and the run wrap.

The sentences are read into remarks; ``finish`` then works out the spec's order, promoted rank and
removed ranks, and checks them against the printed rank list (which always runs high → low).
"""

from __future__ import annotations

import re

from ..spec.deck import DeckSpec
from .core import Draft, Phase
from .words import RANK, RANKS, number, rank, rank_is_short

phase = Phase("deck")

#: DK-01: deck phrases of the intro.
DECK_PHRASES = {
    r"a standard (?P<n>\d+)[ -]card (?:pack|deck)": ("standard", 52),
    r"a standard (?:pack|deck) of (?P<n>\d+) cards": ("standard", 52),
    r"a tarot (?:deck|pack)": ("tarot", None),
    r"an? (?P<n>\d+)[ -]card German (?:deck|pack)": ("german32", 32),
    r"a German (?:deck|pack) of (?P<n>\d+) cards": ("german32", 32),
    r"an? (?P<n>\d+)[ -]card French (?:deck|pack)": ("french32", 32),
    r"a French (?:deck|pack) of (?P<n>\d+) cards": ("french32", 32),
}


def read_deck_phrase(text: str, d: Draft) -> bool:
    for regex, (kind, size) in DECK_PHRASES.items():
        m = re.fullmatch(regex, text)
        if m is None:
            continue
        if size is not None and number(m["n"]) != size:
            d.problem(f"a {kind} pack has {size} cards, not {m['n']}")
        d.set("deck.kind", kind)
        return True
    return False


@phase.rule("DK-01", r"(?:It|The game) (?:uses|is played (?:with|using)) (?P<deck>.+)\.")
def _uses(m: re.Match[str], d: Draft) -> None:
    if not read_deck_phrase(m["deck"], d):
        d.problem(f"unknown deck \"{m['deck']}\"")


MINOR = r"(?P<minor> from the minor arcana)?"


#: "Remove", in other words.
REMOVE = r"(?:Remove|Take out|Discard|Leave out)"
#: "from the pack", which says nothing more.
FROM_PACK = r"(?: (?:from|of) the (?:pack|deck))?"


@phase.rule("DK-02", r"(?:" + REMOVE + r" (?:all )?(?:the )?court cards" + FROM_PACK + r"|The court cards are (?:removed|taken out)"
            + FROM_PACK + r"|Remove the Jacks, Queens and Kings)\.")
def _no_courts(m: re.Match[str], d: Draft) -> None:
    d.note("order.note", "no-courts")


@phase.rule("DK-03", r"(?:" + REMOVE + r" (?:all (?:of )?(?:the )?|the |every )(?P<r>" + RANKS + "|" + RANK + r")|(?:All (?:the )?|The )"
            r"(?P<r2>" + RANKS + r") are (?:removed|taken out))" + MINOR + FROM_PACK + r"\.")
def _remove_one(m: re.Match[str], d: Draft) -> None:
    _removal(d, [rank(m["r"] or m["r2"])], m["minor"])


@phase.rule("DK-03", r"(?:" + REMOVE + r" (?:all (?:of )?)?(?:the )?(?P<a>" + RANKS + r") and (?:all )?(?:the )?(?P<b>" + RANKS + r")|"
            r"(?:All (?:the )?|The )(?P<a2>" + RANKS + r") and (?:the )?(?P<b2>" + RANKS + r") are (?:removed|taken out))" + MINOR
            + FROM_PACK + r"\.")
def _remove_two(m: re.Match[str], d: Draft) -> None:
    a, b = rank(m["a"] or m["a2"]), rank(m["b"] or m["b2"])
    if a == b:
        d.repair("rank-named-twice", "defect",
                 f"\"{m['a']} and {m['b']}\" names one rank twice (the generator's one-rank block); read as removing {m['a']} only")
        _removal(d, [a], m["minor"])
    else:
        _removal(d, [a, b], m["minor"])


@phase.rule("DK-03", REMOVE + r" (?:all (?:of )?)?(?:the )?(?P<a>" + RANKS + r") (?:through|to) (?:the )?(?P<b>" + RANKS + r")" + MINOR
            + FROM_PACK + r"\.")
def _remove_block(m: re.Match[str], d: Draft) -> None:
    d.note("removal.block", (rank(m["a"]), rank(m["b"]), m["a"], m["b"]))
    _removal(d, [], m["minor"])


def _removal(d: Draft, ranks: list[str], minor: str | None) -> None:
    d.note("removal.sentence", True)
    d.note("removal.ranks", ranks)
    d.note("removal.minor", bool(minor))


#: DK-02 notes before the rank list.
#: "are higher than", in other words (the note before a rank list).
ABOVE = r"(?:are higher than|are ranked above|rank above|rank higher than|are above|beat|outrank)"
# The book tells two orders apart by a capital: "2s are higher than Aces" (the two-over-Ace order) and
# "2s are higher than aces" (one rank promoted, which happened to be the 2).
NOTE_TWO = r"(?:2s|Twos) " + ABOVE + r" (?:the )?Aces"
NOTE_THREE_TWO = r"(?:3s and 2s|Threes and twos) " + ABOVE + r" (?:the )?Aces"
NOTE_PROMOTED = r"(?P<promoted>" + RANKS + r") " + ABOVE + r" (?:the )?aces"
#: A note that only says what the list shows ("Aces are high"): the list is what is read.
NOTE_PLAIN = r"(?:Aces|Kings) (?:are|rank) (?:high|low)"


@phase.rule("DK-02", r"(?:(?P<note>.+?)(?:: |, so )(?:the )?c|C|The c)ards (?:rank|are ranked)(?:,? from high(?:est)? to low(?:est)?:?)? "
            r"(?P<list>(?:" + RANK + r", )*" + RANK + r")(?: \((?:high to low|highest to lowest|highest first)\))?\.")
def _rank_list(m: re.Match[str], d: Draft) -> None:
    words = m["list"].split(", ")
    d.note("rank.list", tuple(rank(w) for w in words))
    d.note("rank.words", tuple(words))
    note = m["note"]
    if note is None or re.fullmatch(NOTE_PLAIN, note):
        return
    if re.fullmatch(NOTE_TWO, note):
        d.note("order.note", "two-over-ace")
    elif re.fullmatch(NOTE_THREE_TWO, note):
        d.note("order.note", "three-two-over-ace")
    elif (pm := re.fullmatch(NOTE_PROMOTED, note)) is not None:
        promoted = rank(pm["promoted"])
        if promoted == "A":
            d.repair("ace-over-aces", "defect",
                     f"\"{note}\" promotes the Ace above itself (the generator drew the Ace as the rank to promote), "
                     "so the order is unchanged: read as Ace high")
            d.note("order.note", "ace-high")
        else:
            d.note("order.note", "promoted")
            d.note("order.promoted", promoted)
    else:
        d.problem(f"unknown note before the rank list: \"{note}\"")


# DK-05 (climbing and melding only): the lowest rank may also sit above the top one in a run
# ("Aces can be counted either high or low in a run, such that Ace-2-3 and Queen-King-Ace are both
# valid runs (but King-Ace-2 is not)"). The examples are checked against the rank list in ``finish``.
RUN = r"(?:" + RANK + r"-){2,}" + RANK


@phase.rule("DK-05", r"(?P<low>" + RANKS + r") (?:can|may) (?:be counted|count)(?: as)? (?:either )?high or low in (?:a run|runs),? (?:such that|so that|so) "
            r"(?P<a>" + RUN + r") and (?P<b>" + RUN + r") are both valid runs(?: \(but (?P<bad>" + RUN + r") is not\)|, but (?P<bad2>" + RUN + r") is not)\.")
def _run_wrap(m: re.Match[str], d: Draft) -> None:
    d.note("run-wrap", rank(m["low"]))
    runs = (m["a"], m["b"], m["bad"] or m["bad2"])
    d.note("run-wrap.examples", tuple(tuple(rank(w) for w in run.split("-")) for run in runs))


@phase.rule("DK-04", r"(?:(?:Include|Add)(?: also)? (?:two jokers, one red and one black|a red joker and a black joker|one red and one "
            r"black joker|(?P<one>one|a|a single) red joker)|(?:Two jokers are|The (?:pack|deck) also includes two jokers,) "
            r"(?:included, )?one red and one black|(?P<one2>One red joker is included|The (?:pack|deck) (?:also )?includes one red "
            r"joker))\.")
def _jokers(m: re.Match[str], d: Draft) -> None:
    d.set("deck.jokers", 1 if m["one"] or m["one2"] else 2)


# -- finishing -------------------------------------------------------------------------------------


def finish(d: Draft) -> None:
    kind = d.get("deck.kind")
    if kind is None:
        d.problem("no sentence says which pack is used", "")
        return
    d.fields.setdefault("deck.jokers", 0)
    printed = d.heard("rank.list")
    sentence = d.said_in.get("rank.list")
    if printed is None:
        d.problem("no sentence gives the rank order", "")
        return
    _labels(d, kind, sentence)
    candidates = _orders(d, kind, printed, sentence)
    fits: list[tuple[str, str | None, list[str]]] = []
    tried: list[str] = []
    for order, promoted in candidates:
        full = DeckSpec(kind=kind, order=order, promoted=promoted).full_order()
        removed = _removed(d, kind, full, quiet=True)
        if removed is None:
            continue
        ranks = DeckSpec(kind=kind, order=order, promoted=promoted, removed=removed).ranks()
        if ranks == tuple(printed):
            fits.append((order, promoted, removed))
        else:
            tried.append(f"{', '.join(ranks)} from the {order} order less {', '.join(removed) or 'nothing'}")
    if not fits:
        d.problem("the printed rank list does not match the pack (" + "; or ".join(tried) + ")", sentence)
        return
    order, promoted, _ = fits[0]
    if len(fits) > 1:
        d.repair("aces-removed-order", "reading",
                 "the Aces are removed, so Ace high and Ace low give the same list; recorded as Ace high", sentence)
    full = DeckSpec(kind=kind, order=order, promoted=promoted).full_order()
    removed = _removed(d, kind, full, quiet=False)
    d.set("deck.order", order)
    d.set("deck.promoted", promoted)
    d.set("deck.removed", removed)
    _run_wrap_finish(d, tuple(printed))


def _run_wrap_finish(d: Draft, ranks: tuple[str, ...]) -> None:
    """DK-05: the wrapping rank is the lowest of the list, and the examples are the runs its rule
    makes: low-2nd-3rd and 2nd highest-top-low are runs, top-low-2nd is not."""
    low = d.heard("run-wrap")
    d.set("deck.run_wrap", low is not None)
    if low is None:
        return
    sentence = d.said_in["run-wrap"]
    if low != ranks[-1]:
        d.problem(f"the {low} is said to wrap in runs, but the lowest rank is {ranks[-1]}", sentence)
        return
    if len(ranks) < 3:
        return
    a, b, bad = d.heard("run-wrap.examples")
    want = ((ranks[-1], ranks[-2], ranks[-3]), (ranks[1], ranks[0], ranks[-1]), (ranks[0], ranks[-1], ranks[-2]))
    if (a, b, bad) != want:
        d.problem("the run examples of the wrap note are not the runs its rule makes", sentence)


def _orders(d: Draft, kind: str, printed: tuple[str, ...], sentence: str | None) -> list[tuple[str, str | None]]:
    """The orders the rank sentence allows: the note's, or for a plain standard list Ace high and
    Ace low (both, when the Aces are removed and the list cannot tell)."""
    note = d.heard("order.note")
    if kind != "standard":
        if note is not None:
            d.problem(f"a rank-order note (\"{note}\") for a {kind} pack, whose order is fixed", sentence)
            return []
        return [("natural", None)]
    if note == "promoted":
        return [("promoted", d.heard("order.promoted"))]
    if note is not None:
        return [(note, None)]
    if "A" not in printed:
        return [("ace-high", None), ("ace-low", None)]
    if printed.index("A") == 0:
        return [("ace-high", None)]
    if printed.index("A") == len(printed) - 1:
        return [("ace-low", None)]
    d.problem("the Ace sits in the middle of the rank list with no note to say why", sentence)
    return []


LETTERS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack"}


def _labels(d: Draft, kind: str, sentence: str | None) -> None:
    """DK-02 printing: standard and French lists use letters for the Ace and courts; tarot and German
    lists spell the courts out but leave the Ace as "A" — the mixed labels the catalogue lists."""
    words = d.heard("rank.words", ())
    letters = [w for w in words if rank_is_short(w)]
    spelled = [w for w in words if w in ("Ace", "King", "Queen", "Jack", "Knight", "Page", "Ober", "Unter")]
    if letters and spelled:
        d.repair("mixed-rank-labels", "defect",
                 f"the rank list mixes letters ({', '.join(letters)}) with words ({', '.join(spelled)}); "
                 + ", ".join(f"\"{w}\" read as {LETTERS[w]}" for w in letters),
                 sentence)


def _removed(d: Draft, kind: str, full: tuple[str, ...], quiet: bool) -> list[str] | None:
    """The removed ranks in a full order; with ``quiet`` no repair or problem is recorded (used to
    try an order), and None says the removal does not fit that order."""
    block = d.heard("removal.block")
    removed: list[str] = list(d.heard("removal.ranks", []))
    sentence = d.said_in.get("removal.sentence")
    if block is not None:
        a, b, wa, wb = block
        if a not in full or b not in full:
            if not quiet:
                d.problem(f"there is no rank {a if a not in full else b} in this pack", sentence)
            return None
        i, j = sorted((full.index(a), full.index(b)))
        removed = list(full[i : j + 1])
        if i == 0:  # the generator never removes the top rank: a block at the top means another order
            return None
        if quiet:
            pass
        elif len(removed) == 2:
            d.repair("two-rank-range", "defect",
                     f"\"{wa} through {wb}\" prints a block of two neighbouring ranks as a range; read as removing "
                     f"{wa} and {wb}", sentence)
        elif len(removed) == 1:
            d.repair("one-rank-range", "defect", f"\"{wa} through {wb}\" is a range of one rank; read as removing {wa}",
                     sentence)
    for r in removed:
        if r not in full:
            if not quiet:
                d.problem(f"there is no rank {r} to remove in this pack", sentence)
            return None
    minor = d.heard("removal.minor", False)
    if quiet:
        return [r for r in full if r in removed]
    if removed and kind == "tarot" and not minor:
        d.repair("tarot-removal-unqualified", "reading",
                 "a removal in a tarot pack that does not say \"from the minor arcana\"; read as the minor suits only",
                 sentence)
    if minor and kind != "tarot":
        d.problem("\"from the minor arcana\" in a pack that is not tarot", sentence)
        return None
    # Keep the spec's removed list in rank order (high → low) for stable files.
    return [r for r in full if r in removed]

