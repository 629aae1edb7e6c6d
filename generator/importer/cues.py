"""Sentences read by their key words (issue 31), the last try before a sentence is left unread.

A sentence that no pattern reads, as written or reworded (``rewording``), may still say a frequent
rule in words no pattern lists: "The first turn goes to the dealer", "The player who wins a trick
leads the next one". Each *cue* here names the words such a rule cannot be said without (all
of them must be in the sentence), the words that would make it another rule (none may be), and
writes the rule back in the book's wording, which the patterns then read with all their checks.
A sentence read this way is listed as a reading with the wording it was read as, so a reader of
IMPORT.md sees exactly what was understood; a sentence no cue fits stays an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .core import Draft
from .words import CARD, NUM, ORD, ORDINAL_WORDS, RANK, RANKS, SUIT_MANY, SUIT_ONE, SUIT_SINGULAR, number, suit

Slots = dict[str, Any]


@dataclass(frozen=True)
class Cue:
    module: str
    needs: tuple[re.Pattern[str], ...]   # all must be found; their named groups are the slots
    avoid: re.Pattern[str] | None        # none of these words may be found
    make: Callable[[Slots, Draft], str | list[str] | None]  # several: the families word the rule differently

    def sentence(self, text: str, d: Draft) -> str | list[str] | None:
        """The rule in the book's wording, if ``text`` has the cue's words and none it avoids (``make``
        sees the whole text too, as the slot ``_text``)."""
        if self.avoid is not None and self.avoid.search(text):
            return None
        slots: Slots = {"_text": text}
        for regex in self.needs:
            m = regex.search(text)
            if m is None:
                return None
            slots.update({k: v for k, v in m.groupdict().items() if v is not None})
        return self.make(slots, d)


CUES: list[Cue] = []


def cue(module: str, *needs: str, avoid: str | None = None) -> Callable[[Callable[[Slots, Draft], Any]], None]:
    def register(make: Callable[[Slots, Draft], Any]) -> None:
        # The words avoided start a word ("lose" avoids "loses", not "close").
        CUES.append(Cue(module, tuple(re.compile(n, re.IGNORECASE) for n in needs),
                        re.compile(r"(?<!\w)(?:" + avoid + ")", re.IGNORECASE) if avoid else None, make))

    return register


# -- words the cues share ----------------------------------------------------------------------------

#: A seat named in a sentence, in any of its usual words.
SEAT = r"(?P<seat>dealer's (?:left|right)|(?:left|right)(?:-hand)? of the dealer|dealer)"


def seat(slots: Slots) -> str:
    """The book's words for the seat found ("The dealer", "The player to the dealer's left")."""
    text = slots["seat"].lower()
    side = "left" if "left" in text else "right" if "right" in text else None
    return f"The player to the dealer's {side}" if side else "The dealer"


def count(slots: Slots, key: str = "n") -> str:
    return slots[key].lower()


#: What sentences of other rules say, which a cue must not take for its own.
NOT_DEAL = r"more than three|four or more|kitty|stock|discard|row|extra|fewer|less|token|coin|counter|penny|chip|match|\"|exchange|replace"

# -- the deal ---------------------------------------------------------------------------------------


@cue("DL-05", r"\b(?P<n>" + NUM + r") cards\b", r"\b(?:deal|dealt|deals|receives?|gets?|given|gives?|hand of)\b",
     r"\b(?:each|every|per|all) (?:player|players)\b|\bplayers? (?:each|all)\b|\beach\b|\beveryone\b|\beverybody\b", avoid=NOT_DEAL + r"|turn|round|until")
def _hand_size(s: Slots, d: Draft) -> str:
    return f"Each player is dealt {count(s)} cards."


@cue("DL-11", r"\b(?P<n>" + NUM + r") (?:more |further |extra )?cards\b", r"\bface-down\b", r"\"(?P<name>[^\"]+)\"",
     r"\b(?:deal|dealt|form|make|forms)\b", avoid=r"undealt|remaining|rest of|each player|per player|row|left over")
def _kitty(s: Slots, d: Draft) -> str:
    return f"Deal {count(s)} cards to form a face-down \"{s['name']}\"."


@cue("DL-08", r"\bdiscard pile\b", r"\bface-up\b|\bturn(?:ed)? (?:up|over)?\b", r"\b(?:one|a|the next|the top|another) card\b",
     avoid=r"second|two|either|both|runs out|exhausted|shuffle|special|draw|play|match|pick")
def _discard(s: Slots, d: Draft) -> str:
    return "Deal one card to form a face-up discard pile."


@cue("DL-10", r"\bstock\b", r"\b(?:undealt|remaining|left over|leftover|rest of the cards|not dealt|other cards)\b",
     avoid=r"runs out|exhausted|empty|shuffle|draw|kitty|\"")
def _stock(s: Slots, d: Draft) -> str:
    return "Undealt cards form the stock."


@cue("DK-02", r"\b(?P<list>(?:" + RANK + r", ){4,}(?:" + RANK + r"))\b", r"\b(?:rank|ranks|ranked|ranking|order)\b",
     avoid=r"higher|above|beat|remove|run|wild|joker|except|but")
def _rank_list(s: Slots, d: Draft) -> str:
    return f"Cards rank {s['list']}."


@cue("DL-06", SEAT, r"\b(?P<extra>(?:an? |one )?(?:extra|additional) card|one (?:more )?card more|one more card)\b|\b(?:one|a) (?:card )?(?:fewer|less)\b|\bfewer card",
     avoid=r"more than three|four or more|kitty|stock|discard|row|trick|lead|turn")
def _odd_card(s: Slots, d: Draft) -> str:
    return f"{seat(s)} receives {'an extra card' if s.get('extra') else 'one fewer card'}."


_RANKS_FOUND = re.compile(r"\b(?:" + RANKS + r")(?!\w)")


@cue("DK-03", r"\b(?:remove[sd]?|take|taken|takes|out of the (?:pack|deck)|not used|left out|leave out|discard(?:ed)?|without)\b",
     r"\b(?:" + RANKS + r")(?!\w)",
     avoid=r"court|through|run|wild|higher|joker|above|rank (?:above|higher)|cards rank|hand|trick|minor|(?:is|are|be|when) played|plays? an?\b")
def _removal(s: Slots, d: Draft) -> str | None:
    found = list(dict.fromkeys(_RANKS_FOUND.findall(s["_text"])))
    if len(found) == 1:
        return f"Remove all {found[0]}."
    if len(found) == 2:
        return f"Remove {found[0]} and {found[1]}."
    return None


# -- trumps -----------------------------------------------------------------------------------------


@cue("SU-02", r"\btop card of the (?P<src>deck|pack|remaining deck|remaining pack|undealt cards|stock)\b", r"\btrump",
     r"\b(?:turn|turned|reveal|revealed|flip|flipped|face-up|shown|show)\b",
     avoid=r"face-down|not revealed|rob|steal|swap|joker|point|exchange|lowest|highest|anti")
def _turn_up(s: Slots, d: Draft) -> str:
    return "Turn the top card of the deck to determine trump suit."


@cue("SU-02", SEAT, r"\b(?:calls?|names?|chooses?|picks?|declares?|decides?)\b", r"\btrumps?\b", r"\b(?:before|without) (?:looking|seeing)\b",
     avoid=r"anti|other than|except|top card|final card|last card")
def _called(s: Slots, d: Draft) -> str:
    return f"{seat(s)} calls a trump suit before looking at their hand."


@cue("SU-02", r"\b(?:last|final) card\b", r"\bdealt\b|\bdeal\b", r"\btrump", r"\b(?:turn|turned|reveal|revealed|face-up|shown|show)\b",
     avoid=r"top card|rob|steal|swap|point|anti|joker")
def _last_card(s: Slots, d: Draft) -> str:
    return "Reveal the final card as it is dealt; it determines trump suit."


@cue("SU-02", r"\btrumps?\b", r"\b(?:always|every (?:deal|hand|round)|each (?:deal|hand|round)|throughout|all game|permanently)\b",
     avoid=r"top card|call|name|turn|reveal|anti|rotate|alternate|change|first card|follow|lead|won|wins")
def _fixed(s: Slots, d: Draft) -> str | None:
    found = _suit_found(s["_text"])
    return None if found is None else f"{found.capitalize()} are always trumps."


# -- play: trick-taking -----------------------------------------------------------------------------


@cue("TT-01", SEAT, r"\blead", r"\bany card\b", avoid=r"next trick|unless|whoever|holds|has the|trump|previous|lowest|won|wins|winner")
def _leader(s: Slots, d: Draft) -> str:
    return f"{seat(s)} leads any card."


@cue("TT-04", r"\bfollow (?:suit|the lead suit|the suit led)\b|\bsuit must be followed\b", r"\bmust\b", r"\bany card\b",
     avoid=r"trump|higher|hasn't|has not|need not|not required|either|rank")
def _must_follow(s: Slots, d: Draft) -> str:
    return "Players must follow suit if possible, otherwise may play any card."


@cue("TT-12", r"\bhighest trump\b", r"\bhighest card (?:of|in) the lead suit\b|\bhighest card of the suit led\b|\bhighest (?:card )?of the lead suit\b",
     r"\bw(?:on|ins?)\b|\btakes?\b|\btaken\b", avoid=r"anti|weak|irrespective|not in")
def _winner_trumps(s: Slots, d: Draft) -> str:
    return "The trick is won by the highest trump, or if it contains no trump by the highest card of the lead suit."


@cue("TT-12", r"\bhighest card (?:of|in) the lead suit\b|\bhighest card of the suit led\b", r"\bw(?:on|ins?)\b|\btakes?\b|\btaken\b|\bgoes to\b",
     avoid=r"trump|weak|irrespective|not in")
def _winner_plain(s: Slots, d: Draft) -> str:
    return "The trick is won by the highest card of the lead suit."


@cue("TT-13", r"\bnext(?: trick| one)?\b", r"\bl(?:ead|ed)\b|\bleads\b", r"\b(?:w(?:in|ins|on|inner)|takes?|took)\b",
     avoid=r"lowest|left|highest|first trick|bid|kitty|point")
def _next_winner(s: Slots, d: Draft) -> str:
    return "The winner of the trick leads the next trick."


@cue("TT-13", r"\bnext(?: trick| one)?\b", r"\blead", r"\bleft\b", r"\bprevious (?:leader|lead)|\bled the (?:previous|last) trick|\blast leader",
     avoid=r"lowest|w(?:in|on)\b")
def _next_left(s: Slots, d: Draft) -> str:
    return "The player to the left of the previous leader leads the next trick."


# -- scoring and the end ----------------------------------------------------------------------------


@cue("SC-T", r"\b(?:1|one|a) point\b", r"\b(?:per|for (?:each|every)) trick\b",
     avoid=r"beyond|after (?:the|their) " + ORD + r"|in excess|above|over\b|more than|except|bid|lose|loses|lost|joker|trump|extra")
def _per_trick(s: Slots, d: Draft) -> str | None:
    return f"{_hand_over(s)} each player scores 1 point per trick won."


#: Climbing's opening of trick scoring: a hand ends when a player plays their last card.
CLIMBING_END = "When a player plays their last card, the round ends immediately (the final trick being discarded with no winner) and"


def _hand_over(s: Slots) -> str:
    """The opening of a scoring sentence: climbing's, or "When all (N) tricks have been played"."""
    text = s["_text"]
    if re.search(r"\bplays? their last card\b|\bround ends\b", text):
        return CLIMBING_END
    m = re.search(r"\ball (?P<n>" + NUM + r") tricks\b|\bthe (?P<m>" + NUM + r") tricks\b", text)
    n = (m["n"] or m["m"]) if m else None
    return f"When all {n + ' ' if n else ''}tricks have been played"


@cue("SC-T", r"\b(?:1|one|a) point\b", r"\b(?:per|for (?:each|every)) trick\b",
     r"\b(?:beyond|after|above|in excess of) (?:the|their) (?P<o>" + ORD + r")\b|\b(?:over|more than|beyond|after the first) (?P<c>" + NUM + r")\b",
     avoid=r"bid|lose|loses|lost|joker|trump|extra")
def _per_trick_beyond(s: Slots, d: Draft) -> str:
    nth = s["o"].lower() if s.get("o") else ORDINAL_WORDS[number(s["c"])]
    return f"{_hand_over(s)} each player scores 1 point per trick won beyond the {nth}."


@cue("EN-03", r"\b(?P<n>\d+) points\b", r"\bw(?:in|ins|inner|on)\b", r"\b(?:first|reach\w*|score of|has|have|gets|get to|scores?|totals?)\b",
     avoid=r"-\d|lower|below|less|round|hand|trick|bid|each|per|extra|bonus")
def _target(s: Slots, d: Draft) -> str:
    return f"The first player to reach {s['n']} points wins the game."


@cue("EN-03", r"-(?P<n>\d+)\b", r"\b(?:highest|most|best)\b", r"\bw(?:in|ins|inner|on)\b", avoid=r"extra|bonus|trick")
def _threshold(s: Slots, d: Draft) -> str:
    return f"When a player's score reaches -{s['n']} or lower, the player with the highest score wins the game."


@cue("EN-04", r"\bti(?:e|ed|es)\b", r"\b(?:extra|another|one more|further|additional) (?:round|hand)\b", avoid=r"latest|recent")
def _extra(s: Slots, d: Draft) -> str:
    return "If tied, play an extra round."


@cue("EN-04", r"\bti(?:e|ed|es)\b", r"\b(?:latest|most recently|most recent)\b", r"\bround\b", avoid=r"extra|another|one more")
def _latest(s: Slots, d: Draft) -> str:
    return "If tied, the tied player who won a round latest in the game wins."


@cue("SC-A4", r"\b(?:empty|empties|run out of cards|runs out of cards|get rid of|gets rid of|no cards|going out|goes out|go out)\b", r"\bwins? the round\b",
     r"\b(?:scores?|scoring|gains?|earns?)\b", r"\b(?:a|one|1) point\b", avoid=r"face-down|coin|token|retire|become|title|extra")
def _first_out(s: Slots, d: Draft) -> str:
    return "The first player to empty their hand wins the round, and scores a point."


@cue("CL-03", r"\bpass\b", r"\b(?:beats?|higher than|better than)\b", r"\b(?:previous|last|preceding) play\b",
     avoid=r"two-player|bomb|joker|any time|rejoin|opposite")
def _each_turn(s: Slots, d: Draft) -> str:
    text = s["_text"]
    what = "a card" + (" or set of cards" if re.search(r"\bsets?\b", text) else "") + (" or run" if re.search(r"\bruns?\b", text) else "")
    return f"Each player in turn must either pass or play {what} which beats the previous play."


# -- play: climbing ---------------------------------------------------------------------------------


@cue("CL-11", r"\b(?:all but one|all (?:the )?players (?:except|but) one|(?:every|each) player (?:except|but) one|all except one|all (?:the )?other "
     r"players|every other player)\b",
     r"\bpass",
     avoid=r"two-player|two players|rejoin|later|retire|left\b|with more|with three|it continues")
def _all_passed(s: Slots, d: Draft) -> str:
    return "The hand continues until all but one player has passed in sequence."


@cue("CL-12", r"\bsets? aside\b", r"\blead", r"\b(?:final|last) card\b", avoid=r"kitty|\"|as a trick|takes the|first time")
def _set_aside(s: Slots, d: Draft) -> str:
    return ("When the hand ends, the pile of played cards is set aside face-down and the player who played the final card to it leads "
            "the next trick.")


@cue("CL-12", r"\bas a trick\b", r"\blead", r"\b(?:final|last) card\b", avoid=r"kitty|first time|set aside")
def _taken(s: Slots, d: Draft) -> str:
    return "When the hand ends, the player who played the final card takes the pile of played cards as a trick, and leads the next."


@cue("CL-13", r"\bsets?[ -]aside\b", r"(?:\b(?:an?|any) (?P<suit>" + SUIT_ONE + r")\b|(?P<card>" + CARD + r")(?: \((?:the|or) (?P<nick>[^)]+)\))?)",
     r"\b(?:takes?|adds?|picks? up|gets?|receives?|collects?|wins?)\b")
def _capture_set_aside(s: Slots, d: Draft) -> str | None:
    kitty = d.get("deal.kitty")
    if not kitty or kitty["name"].lower() not in s["_text"].lower():
        return None
    what = f"a {s['suit'].lower()}" if s.get("suit") else s["card"] + (f" (the {s['nick']})" if s.get("nick") else "")
    who = " who played the final card to that pile" if re.search(r"\b(?:final|last) card\b|\bsets? aside\b", s["_text"]) else ""
    return f"The first time {what} is set aside, the player{who} takes the {kitty['name']} into their hand."


# -- the stock running out (matching and melding) ---------------------------------------------------

_STOCK_OUT = (r"\b(?:stock (?:runs out|run out|is exhausted|is empty|is used up|has run out)|no (?:more )?cards (?:are )?(?:left|remain(?:ing)?) "
              r"in the stock)")


@cue("ML-04", _STOCK_OUT, r"\bshuffl", r"\bdiscard pile\b", avoid=r"all but|except|top card|both|either|second time")
def _restock(s: Slots, d: Draft) -> str:
    return "If the stock runs out, shuffle the discard pile to form a new stock."


@cue("MT-05", _STOCK_OUT, r"\bshuffl", r"\bdiscard pile\b", r"\b(?:all but|all except|apart from|except|but|keep(?:ing)?) (?:the|its) top card\b",
     avoid=r"both|either|second time")
def _restock_but_top(s: Slots, d: Draft) -> str:
    return "If the stock runs out, shuffle all but the top card of the discard pile to form a new stock."


# -- play: matching and melding ---------------------------------------------------------------------


@cue("MT-01", SEAT, r"\b(?:first|opening) turn\b|\bfirst go\b|\b(?:goes|plays|starts|moves) first\b|\bfirst to play\b|\b(?:begins?|starts?) (?:play|with)\b|\bplay (?:begins|starts)\b",
     avoid=r"next round|round winner|retire|lead|title")
def _first_turn(s: Slots, d: Draft) -> str:
    return f"{seat(s)} takes the first turn."


@cue("MT-03", r"\b(?:legal|valid|matching) card\b", r"\b(?P<pile>the discard pile|either discard pile)\b", r"\bturns?\b",
     avoid=r"claim|face-down|special|first card|draw|stock")
def _match_turn(s: Slots, d: Draft) -> str:
    return f"Each player in turn must play a legal card to {s['pile'].lower()}, if they are able to do so."


@cue("MT-03", r"\bsuit\b", r"\brank\b", r"\btop card of (?P<pile>the discard pile|either discard pile)\b", r"\b(?:match\w*|same)\b",
     avoid=r"claim|first card|special|draw|stock|turned")
def _matching(s: Slots, d: Draft) -> str:
    example = re.search(r" \((?:for example,|eg\.) [^()]+\)", s["_text"])  # checked against the rule by the pattern
    return f"A card must match the suit or rank of the top card of {s['pile'].lower()}{example.group(0) if example else ''}."


@cue("MT-05", r"\b(?:cannot|unable|can not)\b", r"\b(?:does not want|do not want|will not|unwilling|chooses? not|would rather not|prefers? not|"
     r"instead of playing|may always|at any time|whenever they like)\b",
     r"\bdraws?\b", r"\bstock\b", r"\bpass", avoid=r"runs out|exhausted|shuffle|pile into")
def _pass_at_will(s: Slots, d: Draft) -> str:
    return "If a player cannot or does not want to play a card, they pass their turn and draw a card from the stock."


@cue("MT-07", r"\bspecial\b", r"\b(?:first card|start(?:s|ing)? the discard pile|turned (?:up|over)|opening card|starts the pile)\b",
     r"\b(?P<none>no effect|ignored|does nothing|has no effect)\b", avoid=r"dealer had|by the dealer|joker")
def _opening_none(s: Slots, d: Draft) -> str:
    return f"If a card with a special effect is turned up as the first card of {_pile(s)}, it has no effect."


def _pile(s: Slots) -> str:
    """ "either discard pile" when the sentence names two, else "the discard pile"."""
    return "either discard pile" if re.search(r"\beither\b|\bboth\b|\bsecond\b", s["_text"]) else "the discard pile"


@cue("MT-07", r"\bspecial\b", r"\b(?:first card|start(?:s|ing)? the discard pile|turned (?:up|over)|opening card|starts the pile)\b",
     r"\bdealer\b", r"\b(?:as if|as though|treated|counts)\b", avoid=r"no effect|ignored|joker|value")
def _opening_dealer(s: Slots, d: Draft) -> str:
    return f"If a card with a special effect is turned up as the first card of {_pile(s)}, it is treated as if the dealer had played it."


# -- more of the deal, the setup and trick play ---------------------------------------------------------


@cue("DL-03", r"\b(?:whole|entire) (?:pack|deck)\b|\bevery card\b|\ball (?:of )?the cards\b|\ball cards\b", r"\bdeal(?:t|s)?\b",
     avoid=r"kitty|\"|" + NUM + r" cards|each player is dealt|stock|discard|shuffle|trick|row|next round|gathers|loser|round")
def _deal_all(s: Slots, d: Draft) -> str:
    return "Deal out cards until none remain."


@cue("DL-11", r"\b(?:undealt|left over|leftover|remaining|rest of the cards|not dealt)\b", r"\"(?P<name>[^\"]+)\"", r"\bface-down\b",
     avoid=NUM + r" cards|stock|discard|each player")
def _kitty_undealt(s: Slots, d: Draft) -> str:
    return f"The undealt cards form a face-down \"{s['name']}\"."


@cue("SU-08", r"(?P<card>" + CARD + r")(?: \((?P<name>[^)]+)\))?", r"\b(?:reveal|show)", r"\b(?:holds?|has|holder|holding|with)\b",
     avoid=r"trumps|lead|won|trick|scores?\b|swap|rob|extra|kitty")
def _pig(s: Slots, d: Draft) -> str:
    name = f" ({s['name']})" if s.get("name") else ""
    return f"A player who holds {s['card']}{name} may choose to reveal it at this point."


_CAPTURED = r"(?:\b(?:an?|any) (?P<suit>" + SUIT_ONE + r")\b|(?P<card>" + CARD + r")(?: \((?:the|or) (?P<nick>[^)]+)\))?)"


@cue("TT-14", r"\btrick\b", _CAPTURED, r"\bfirst\b", r"\b(?:separate|extra|additional)\b|\bwon trick\b", avoid=r"set aside")
def _capture_trick(s: Slots, d: Draft) -> str | None:
    kitty = d.get("deal.kitty")
    if not kitty or kitty["name"].lower() not in s["_text"].lower():
        return None
    what = f"a {s['suit'].lower()}" if s.get("suit") else s["card"] + (f" (the {s['nick']})" if s.get("nick") else "")
    return f"The first time a player wins a trick which contains {what}, they also take the {kitty['name']} as if it were a separate, won trick."


def _suit_found(text: str) -> str | None:
    """The one suit a sentence names, in the plural (the spec's name)."""
    found = {suit(m) for m in re.findall(r"\b(?:" + SUIT_MANY + "|" + SUIT_ONE + r")\b", text)}
    return found.pop() if len(found) == 1 else None


@cue("TT-08", r"\bfirst trick\b", r"\b(?:cannot|can not|may not|must not|no|nobody|not)\b", r"\b(?:nothing but|only)\b",
     avoid=r"lead|led|until|broken|trump")
def _first_trick_ban(s: Slots, d: Draft) -> str | None:
    found = _suit_found(s["_text"])
    return None if found is None else (f"{found.capitalize()} cannot be played during the first trick, except by a player who has "
                                       f"nothing but {found} in their hand.")


@cue("TT-07", r"\blead", r"\b(?:until|before)\b", r"\b(?:played|broken)\b", avoid=r"first trick|trump|joker|pig|revealed")
def _breaking(s: Slots, d: Draft) -> str | None:
    found = _suit_found(s["_text"])
    if found is None:
        return None
    one = next(k for k, v in SUIT_SINGULAR.items() if v == found)
    return (f"A player cannot lead {'an' if one[0] in 'aeiou' else 'a'} {one} until after {'an' if one[0] in 'aeiou' else 'a'} {one} "
            f"has been played to a previous trick, unless their hand contains nothing but {found}.")


@cue("TT-04", r"\bfollow(?:ing)? (?:suit|the lead suit)\b", r"\b(?:not required|need not|no need|not obliged|optional|not necessary|"
     r"do not have to|does not have to|not compulsory|not needed)\b", avoid=r"trump|must follow")
def _free(s: Slots, d: Draft) -> str:
    return "Players need not follow suit."


@cue("SC-T1", r"\blos(?:e|es)\b", r"\b(?:1|one|a) point\b", r"\b(?:per|for (?:each|every)) (?P<suit>" + SUIT_ONE + r")\b",
     avoid=r"face value|bid|joker|gains?|additional|if they took|doubles|but\b")
def _avoid_suit(s: Slots, d: Draft) -> str:
    return f"{_hand_over(s)} each player loses 1 point per {s['suit'].lower()} taken in tricks."


# -- more of climbing --------------------------------------------------------------------------------


@cue("CL-04", r"\bsingle card\b", r"\bhigher\b", r"\bsets?\b", r"\bsame size\b", avoid=r"any run|triple|larger|even if|any set|lower")
def _higher_sets_apart(s: Slots, d: Draft) -> str:
    return "A single card is beaten by a higher single card, and a set is beaten by a set of the same size with a higher card rank."


@cue("CL-01", SEAT, r"\blead", r"\bsingle card\b", avoid=r"next|beaten|beat|any time|whoever|holds|pass")
def _leads(s: Slots, d: Draft) -> str:
    text = s["_text"]
    sets = ", or set of cards of equal rank" if re.search(r"\bsets?\b", text) else ""
    runs = ""
    if re.search(r"\bruns?\b", text):
        runs = ", or run of three or more cards " + ("across any suits" if re.search(r"\bany suits?\b|\bmixed suits\b", text) else
                                                     "of the same suit")
    return f"{seat(s)} starts by leading any single card{sets}{runs}."


@cue("CL-11", r"\bpass(?:ed|es|ing)?\b", r"\b(?:later|come back|re-?join|again)\b", r"\btrick\b", avoid=r"all but one|two-player")
def _rejoin(s: Slots, d: Draft) -> str:
    no = re.search(r"\b(?:cannot|can not|may not|must not|no longer|out of the trick)\b", s["_text"]) and "does not stop" not in s["_text"]
    return ("(Once a player has passed during a trick they cannot rejoin it.)" if no
            else "(Otherwise, a player that has passed may still play a card later in the trick.)")


# -- more of matching and melding ---------------------------------------------------------------------


@cue("MT-04", r"\bspecial effects?\b", r"\b(?:some|certain) (?:of the )?cards\b", avoid=r"first card|turned|claim|only the top")
def _effects_header(s: Slots, d: Draft) -> str:
    return "Some cards may have special effects when played."


@cue("SH-01", r"\"(?P<word>[^\"!]+)\"", r"\b(?:one|a single|1|last) card\b", r"\b(?:call|say|shout|announce)")
def _call(s: Slots, d: Draft) -> str:
    return f"If a player has only one card in their hand they must call \"{s['word']}\"."


@cue("ML-02", r"\bturn\b", r"\b(?:in order|in sequence|steps)\b", r":-?$", avoid=r"one of the following|actions")
def _sequence_header(s: Slots, d: Draft) -> str:
    return "A player's turn consists of the following steps in sequence:"


@cue("ML-02", r"\bturn\b", r"\bone of the following\b", r":-?$")
def _action_header(s: Slots, d: Draft) -> str:
    return "On their turn a player may take one of the following actions:"


# -- more of titles ------------------------------------------------------------------------------------


@cue("SC-A3", r"\b(?:first|retires first|goes out first)\b", r"\b(?:retire|retires|go out|goes out)\b",
     r"\b(?:is|becomes|is named|is called|named|called) the (?P<title>[\w-]+)\b", r"\b(?P<n>" + NUM + r") points?\b",
     avoid=r"second|last|loses|lose")
def _first_retired(s: Slots, d: Draft) -> str:
    return f"The first player to retire is the {s['title']} and scores {s['n'].lower()} points."


@cue("WU-01", r"\bnext round\b", r"(?:\bthe (?P<who>[\w-]+) (?:plays|goes|starts|leads|begins)\b|\bbegins with the (?P<who2>[\w-]+)\b|"
     r"\b(?:started|begun|led) by the (?P<who3>[\w-]+)\b)", avoid=r"deal|gives|cards")
def _starter(s: Slots, d: Draft) -> str:
    return f"The {s.get('who') or s.get('who2') or s.get('who3')} starts the next round."


# -- a fifth round: the exchange, the misdeal, fixed length, card counts, jokers, bombs, several cards -----


@cue("SU-10", r"\b(?:suggest|propose|offer|call for|request)s? an? (?P<name>[\w-]+) of (?P<what>a single card|one card|a (?:specific|particular|"
     r"certain|given|set) number of cards)\b", r"\b(?:look|looked|looking|seen|see)\b")
def _exchange(s: Slots, d: Draft) -> str:
    what = "a single card" if s["what"] in ("a single card", "one card") else "a specific number of cards"
    article = "an" if s["name"][0].lower() in "aeiou" else "a"
    return f"After looking at their cards, any player may suggest {article} {s['name']} of {what}."


@cue("DL-07", r"\bno (?P<suit>" + SUIT_MANY + r")\b", r"\b(?:reveal|show)", r"\b(?:redealt|re-dealt|dealt again|redeal|deal again)\b",
     r"\b(?P<mode>must|may|can)\b")
def _misdeal(s: Slots, d: Draft) -> str:
    mode = "must" if s["mode"].lower() == "must" else "may"
    return (f"Any player who was dealt no {s['suit'].lower()} {mode} reveal their hand: all players must throw in their hands, and the "
            "cards are shuffled and re-dealt.")


@cue("EN-02", r"\b(?:one|a) (?:round|hand) (?:per|for each|for every) player\b|\beach player deals once\b|\bas many (?:rounds|hands|deals) as "
     r"(?:there are )?players\b|\bevery player has dealt once\b", avoid=r"trick|score|point|card")
def _rounds(s: Slots, d: Draft) -> str:
    return "Play as many rounds as there are players."


@cue("SC-A2", r"\b(?:a|one|1) point\b|\bpoints equal\b", r"\b(?:each|every|per) card\b|\bnumber of cards\b", r"\b(?:other players|opponents)\b",
     r"\b(?:held|left|remaining|still)\b", avoid=r"los(?:e|es|t)\b|value|score of|as follows|pig|double")
def _count_winner(s: Slots, d: Draft) -> str:
    return "They gain points equal to the total number of cards remaining in their opponents' hands."


@cue("SC-A2", r"\blos(?:e|es)\b", r"\b(?:a|one|1) point\b|\bpoints equal\b", r"\b(?:each|every|per) card\b|\bnumber of cards\b",
     r"\b(?:their own hand|their hand|they hold|they still hold)\b", avoid=r"value|as follows|pig|double|trick")
def _count_losers(s: Slots, d: Draft) -> str:
    return "Each other player loses points equal to the number of cards remaining in their own hand."


@cue("TT-05", r"\bjokers?\b", r"\b(?:wild|any card|stand in for|represent|used as)\b", r"\bany card\b|\bwild\b",
     avoid=r"turned|revealed|trump|highest|lowest|beats?|sets?\b|count|led|lead|swap|meld|at most|rank")
def _jokers_wild(s: Slots, d: Draft) -> list[str]:
    count = d.get("deck.jokers") or (2 if re.search(r"\bjokers\b", s["_text"], re.IGNORECASE) else 1)  # the pack's, else the text's
    one = "The joker is" if count == 1 else "The jokers are"
    return [f"{one} wild and can be played as any card.", "Jokers are wild and can be played as any card."]


@cue("TT-05", r"\bred joker(?P<nick> \((?:the|or) [^)]+\))?", r"\b(?:highest|top) (?:trump|card)", avoid=r"black|lowest|second|lower")
def _joker_top(s: Slots, d: Draft) -> str:
    return f"The red joker{s.get('nick', '')} counts as the highest card in the trump suit."


@cue("CL-08", r"\bfour (?:cards )?of (?:a kind|the same rank|equal rank)\b", r"\bany time\b", r"\bhigher-ranking (?P<bomb>[\w-]+)\b",
     avoid=r"rocket|joker|missile|firework|torpedo|fireball")
def _bomb(s: Slots, d: Draft) -> str:
    b = s["bomb"]
    return (f"Four cards of the same rank are {'an' if b[0] in 'aeiou' else 'a'} {b}, and can be played at any time to beat anything except a "
            f"higher-ranking {b}.")


@cue("MT-06", r"\bsame rank\b", r"\b(?:together|at once|single play|in one go)\b", r"\b(?:several|two or more|more than one|multiple)\b",
     avoid=r"meld|set|run|suit to follow|top card")
def _several(s: Slots, d: Draft) -> str:
    if re.search(r"\bsame suit\b", s["_text"]):
        return "A player may play several cards together as a single play, if they are either all the same rank or all the same suit."
    return "If a player has several cards of the same rank, all of which are a legal play, they may play them together as a single play."


@cue("DL-09", r"\b(?:one side|aside)\b", r"\bface-up\b", r"\bjokers?\b", r"\brank\b", avoid=r"discard pile|stock")
def _wild_card(s: Slots, d: Draft) -> str:
    return ("Deal another card face-up and place it to one side where players can see it: cards of this rank are considered to be jokers "
            "instead of their usual rank.")


# -- a sixth round: rules the shared book never shows, in other words ----------------------------------


@cue("CL-11", r"\bpass(?:es)?\b", r"\bas many cards\b", r"\bplayers\b", avoid=r"all but one|rejoin|later")
def _first_pass(s: Slots, d: Draft) -> str:
    word = "trick" if re.search(r"\btrick\b", s["_text"]) else "hand"
    return f"The {word} continues until a player passes, or until there are as many cards in the middle as there are players."


_SUIT_WORD = re.compile(r"\b(?:" + SUIT_MANY + "|" + SUIT_ONE + r")\b", re.IGNORECASE)


@cue("SU-02", r"\b(?:rotat\w*|alternat\w*|cycles?|changes?)\b", r"\btrump", r"\b(?:each|every|with each|per) (?:deal|hand|round)\b")
def _rotating(s: Slots, d: Draft) -> str | None:
    order = list(dict.fromkeys(_SUIT_WORD.findall(s["_text"])))
    if len(order) < 2:
        return None
    return f"Trumps rotate {'/'.join(o.lower() for o in order)} with each deal."


@cue("DL-11", r"\b(?:one|a) card\b", r"\bfrom their hand\b", r"\"(?P<name>[^\"]+)\"", r"\bface-down\b", avoid=r"dealt|deal " + NUM)
def _kitty_contributed(s: Slots, d: Draft) -> str:
    return f"Each player chooses one card from their hand and puts it face-down in the \"{s['name']}\", which is shuffled."


@cue("TT-06", r"\bjoker\b", r"\bl(?:ed|eads)\b", r"\bhighest (?P<suit>" + SUIT_ONE + r")\b")
def _joker_lead(s: Slots, d: Draft) -> str:
    return f"If a joker is led, every other player must play their highest {s['suit'].lower()} if they have one."


# -- a seventh round: cheat mode's challenge, secret rules, the landlord's stake -------------------------

#: Words that say a claim is doubted or a play is not challenged.
_UNCHALLENGED = r"\b(?:unchallenged|not challenged|(?:no one|nobody|no player|no-one) challenges)\b"


@cue("MT-02", r"\bchalleng", r"[\"“](?P<word>[^\"”!]+)!?[\"”]", r"\b(?:lie|lies|lying|liar|lied|false|untrue|bluff\w*)\b",
     r"\b(?:pick|picks|take|takes|add|adds)\b", r"\bpile\b", avoid=r"unchallenged|not challenged")
def _challenge(s: Slots, d: Draft) -> str:
    pile = "either discard pile" if re.search(r"\beither (?:discard )?pile\b", s["_text"], re.IGNORECASE) else "the discard pile"
    reverse = " (or right, if play is reversed)" if re.search(r"\brevers", s["_text"], re.IGNORECASE) else ""
    return (f"Any player may challenge a play they believe to be a lie, by shouting \"{s['word'].strip()}!\" The play is revealed: if the "
            f"player was lying they must pick up {pile} into their hand, and if the challenger was mistaken, they must pick it up instead - "
            f"either way play continues from the challenged player's left{reverse}.")


@cue("MT-02", r"\bchalleng", r"[\"“](?P<word>[^\"”!]+)!?[\"”]", r"\b(?:lie|lies|lying|liar|lied|false|untrue|bluff\w*)\b",
     avoid=r"unchallenged|not challenged|pick|picks|pile|reveal\w*")
def _challenge_called(s: Slots, d: Draft) -> str:
    return f"Any player may challenge a play they believe to be a lie, by shouting \"{s['word'].strip()}!\""


@cue("MT-02", r"\b(?:reveal\w*|shown|turned (?:over|face-up|face up)|turns? (?:it )?over)\b", r"\b(?:lie|lies|lying|liar|lied)\b",
     r"\bchalleng", r"\b(?:pick|picks|take|takes|add|adds)\b", r"\bpile\b", avoid=r"[\"“]|unchallenged|not challenged")
def _challenge_revealed(s: Slots, d: Draft) -> str:
    pile = "either discard pile" if re.search(r"\beither (?:discard )?pile\b", s["_text"], re.IGNORECASE) else "the discard pile"
    reverse = " (or right, if play is reversed)" if re.search(r"\brevers", s["_text"], re.IGNORECASE) else ""
    return (f"The play is revealed: if the player was lying they must pick up {pile} into their hand, and if the challenger was mistaken, "
            f"they must pick it up instead - either way play continues from the challenged player's left{reverse}.")


@cue("MT-02", _UNCHALLENGED, r"\bclaim", r"\b(?:as if|as though|counts? as|stands?|treat\w*)\b", avoid=r"abilit|effect|power")
def _unchallenged(s: Slots, d: Draft) -> str:
    return "An unchallenged play continues with everyone acting as if the claimed card had truly been played."


@cue("MT-02", r"\bunchallenged\b|\bnot challenged\b|\bchallenges? it\b|\bgoes unchallenged\b|" + _UNCHALLENGED, r"\bclaim",
     r"\b(?:abilit\w*|effects?|powers?)\b")
def _claimed_ability(s: Slots, d: Draft) -> str:
    return "If the claimed card has a special ability and is unchallenged, its ability occurs."


#: A secret rule's name: the catalogue's words for one (an unlisted word before the noun is read too,
#: and the importer lists it).
_SECRET_NAME = r"\b(?P<name>[\w-]+ (?:rule|law|order|code|edict|decree|bylaw))s?\b"


def _secret_name(s: Slots, d: Draft) -> str:
    name = s["name"].lower()
    if name.split(" ")[0] in ("a", "an", "the", "one", "each", "any", "its", "this", "that"):
        return d.heard("rules.name") or "secret rule"
    return name


@cue("SU-09", _SECRET_NAME, r"\b(?:invent\w*|makes? up|making up|thinks? up|creates?|devises?|comes? up with)\b",
     r"\b(?:before|start|beginning|outset)\b", r"\b(?:dealer|random\w*)\b",
     avoid=r"after|winner|highest|repeal|break|broken|breach|effect|each hand|every hand|additional|extra|new\b")
def _secret(s: Slots, d: Draft) -> str:
    name, text = _secret_name(s, d), s["_text"]
    if re.search(r"\bright\b", text, re.IGNORECASE):
        return f"Before the first hand, the dealer and the player to their right each invent {'an' if name[0] in 'aeiou' else 'a'} {name}."
    who = "a randomly chosen player" if re.search(r"\brandom", text, re.IGNORECASE) else "the dealer"
    return f"Before the first hand, {who} invents {'an' if name[0] in 'aeiou' else 'a'} {name}."


@cue("SU-09", _SECRET_NAME, r"\b(?:breaks?|broken|breach\w*|violat\w*)\b", r"\binvent", r"\b(?:take|takes|taken|withdraw\w*|retakes?)\b")
def _secret_breach(s: Slots, d: Draft) -> str:
    name = _secret_name(s, d)
    penalty = ", draws a penalty card," if re.search(r"\bpenalty\b", s["_text"], re.IGNORECASE) else ""
    return (f"If a player breaks {'an' if name[0] in 'aeiou' else 'a'} {name}, its inventor announces this without explanation; the player "
            f"takes back their play{penalty} and plays again, or passes if they have no legal play.")


@cue("SU-09", _SECRET_NAME, r"\binvent", r"\beffects?\b", r"\b(?:announc\w*|calls?|declares?|says?|tells?)\b",
     avoid=r"breaks?|broken|breach|violat|before")
def _secret_effects(s: Slots, d: Draft) -> str:
    name = _secret_name(s, d)
    return f"The inventor of {'an' if name[0] in 'aeiou' else 'a'} {name} announces any effects it has."


def _landlord(s: Slots, d: Draft, sentence: str) -> str | None:
    """``sentence`` with the auction's title for ``{t}``, when the sentence read names that title."""
    title = d.heard("auction.title")
    if not title or not re.search(r"\b" + re.escape(title) + r"\b", s["_text"], re.IGNORECASE):
        return None
    return sentence.format(t=title)


@cue("SC-T4", r"\b(?:more|most) tricks\b", r"\b(?:pays?|paid|collects?|gives?)\b", r"\bbid\b", r"\b(?:opponents?|other players)\b",
     avoid=r"all or none|bec(?:ame|omes)")
def _landlord_tricks(s: Slots, d: Draft) -> str | None:
    return _landlord(s, d, "If the {t} won more tricks than any other player during the hand, each opponent must pay the {t} a number "
                           "of points equal to the amount of the bid; otherwise the {t} must pay the bid amount to each opponent.")


@cue("SC-A2", r"\b(?:wins?|winner|this is)\b", r"\b(?:los(?:e|es|t)|otherwise|if not|not the winner)\b",
     r"\b(?:pays?|paid|collects?|gives?)\b", r"\bbid\b", r"\b(?:opponents?|other players)\b",
     avoid=r"tricks?|all or none|bec(?:ame|omes)|doubled|title")
def _landlord_stake(s: Slots, d: Draft) -> str | None:
    return _landlord(s, d, "If this is the {t}, each opponent must pay them a number of points equal to the amount of the bid; if the "
                           "{t} loses, then they must pay the bid amount to each opponent.")


def cued(text: str, d: Draft) -> list[tuple[str, str]]:
    """(module, the book's wording) of every cue the sentence fits, in the order they are tried."""
    out = []
    for c in CUES:
        made = c.sentence(text, d)
        out += [(c.module, m) for m in ([made] if isinstance(made, str) else made or [])]
    return out
