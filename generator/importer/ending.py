"""EN-01…EN-04: the end of the game — the first to give up all their tokens, a points target, a
losing threshold, as many rounds as players, shrinking hands (and back up) — and the tie rule."""

from __future__ import annotations

import re

from ..spec.scoring import SHEDDING_KINDS
from .core import Draft, Phase
from .deal import currency
from .words import NUM, number

phase = Phase("ending")


#: "wins the game", in other words.
WINS = r"(?:wins(?: the game)?|is the winner(?: of the game)?|wins the match)"
#: "reach N points": the target, in digits or words.
REACH = r"(?:reach|score|get to|make|collect|accumulate) (?P<{}>\d+|" + NUM + r")(?: or more)? points"


@phase.rule("EN-03", r"(?:The first player to " + REACH.format("n") + " " + WINS + r"|(?:The game is won by|The winner is) the first player to "
            + REACH.format("n2") + r"|Whoever first (?:reaches|scores|gets to) (?P<n3>\d+|" + NUM + r")(?: or more)? points " + WINS + r")\.")
def _target(m: re.Match[str], d: Draft) -> None:
    d.set("ending.condition", {"kind": "target", "points": number(m["n"] or m["n2"] or m["n3"])})


#: "the player with the highest score", in other words.
HIGHEST = r"(?:[Tt]he player with the (?:highest|best|most) (?:score|points|total)|[Tt]he highest-scoring player|[Tt]he highest scorer)"


@phase.rule("EN-03", r"(?:When|As soon as|Once|If) (?:a|any) player's score (?:reaches|falls to|drops to|is|goes down to) -(?P<n>\d+) or "
            r"(?:lower|less|below),? " + HIGHEST + " " + WINS + r"\.")
def _threshold(m: re.Match[str], d: Draft) -> None:
    d.set("ending.condition", {"kind": "threshold", "points": number(m["n"])})


@phase.rule("EN-02", r"(?:Play as many (?:rounds|hands) as there are players(?: in the game)?|Play (?:one|a) (?:round|hand) (?:per|for each) "
            r"player|Play a number of (?:rounds|hands) equal to the number of players|The game (?:lasts|is played over|runs for) as many "
            r"(?:rounds|hands) as there are players)\.")
def _rounds(m: re.Match[str], d: Draft) -> None:
    d.set("ending.condition", {"kind": "rounds"})


_GONE = r"(?:get rid of|discard|lose|give up|spend) all (?:of )?their (?P<cur>[\w -]+?)|run out of (?P<cur2>[\w -]+?)"


@phase.rule("EN-01", r"(?:The first player (?:to (?:" + _GONE + r")|with no (?P<cur3>[\w -]+?) left) " + WINS + r"|Whoever first (?:gets rid of|discards|"
            r"runs out of) (?:all )?(?:of )?their (?P<cur4>[\w -]+?) " + WINS + r"|The game is won by the first player to (?:get rid of|discard|run "
            r"out of) (?:all )?(?:of )?their (?P<cur5>[\w -]+?))\.")
def _tokens_gone(m: re.Match[str], d: Draft) -> None:
    d.set("ending.condition", {"kind": "tokens"})
    d.note("tokens.gone", next(m[k] for k in ("cur", "cur2", "cur3", "cur4", "cur5") if m[k]))


@phase.rule("EN-02", r"Each successive hand is played with one fewer card, down to just one card each(?:(?P<up>, then one additional "
            r"card back up to (?P<n>" + NUM + r") cards?)|(?P<end>, after which hand the game ends))?\.")
def _shrinking(m: re.Match[str], d: Draft) -> None:
    d.set("ending.condition", {"kind": "shrinking", "back_up": bool(m["up"])})
    if m["n"]:
        d.note("shrink.top", number(m["n"]))
    if m["end"]:
        d.note("shrink.last", 1)


@phase.rule("EN-02", r"After the final (?P<n>" + NUM + r")-card hand, the game ends\.")
def _shrink_end(m: re.Match[str], d: Draft) -> None:
    d.note("shrink.last", number(m["n"]))


@phase.rule("EN-02", r"(?:" + HIGHEST + " " + WINS + r"|Whoever has the (?:highest|best) score " + WINS
            + r"|The winner is " + HIGHEST + r")\.")
def _highest_wins(m: re.Match[str], d: Draft) -> None:
    d.note("highest-wins")


#: "If tied", in other words.
IF_TIED = r"(?:If tied|If there is a tie|In the event of a tie|In case of a tie|If (?:two or more )?players are tied|If (?:two or more )?players tie)"
#: "play an extra round".
EXTRA = r"(?:play (?:an extra|another|one more|one extra|a further) (?:round|hand)|(?:an extra|another|one more) (?:round|hand) is played)"
#: "the tied player who won a round latest in the game".
LATEST = (r"(?:the tied player (?:who|that)|whichever tied player) (?:won a round latest(?: in the game)?|most recently won a round|won a round most "
          r"recently(?: in the game)?|won the most recent round of those tied)")


@phase.rule("EN-04", r"(?:" + IF_TIED + r", (?:(?P<extra>" + EXTRA + r")|" + LATEST + " " + WINS + r"|the winner is " + LATEST + r")|Ties are "
            r"broken by (?P<extra2>playing (?:an extra|another|one more) (?:round|hand))|Ties go to " + LATEST + r")\.")
def _ties(m: re.Match[str], d: Draft) -> None:
    d.set("ending.ties", "extra-hand" if m["extra"] or m["extra2"] else "latest-winner")
    # In a shedding game a round has a winner (the first out, who also has the round's best score):
    # the rule means what it says.
    if not m["extra"] and d.get("scoring.kind") not in SHEDDING_KINDS:
        d.repair("latest-winner", "reading",
                 "\"the tied player who won a round latest\": rounds of a trick game have no winner; read as the tied "
                 "player who most recently had the best score in a single hand (design.md)")


def finish(d: Draft) -> None:
    cond = d.get("ending.condition")
    if cond is None:
        d.problem("no sentence says when the game ends", "")
        return
    if cond["kind"] == "tokens":
        _tokens_finish(d)
    elif not d.has("ending.ties"):
        d.problem("no sentence says what happens on a tie", "")
    if cond["kind"] in ("rounds", "shrinking") and not d.heard("highest-wins"):
        d.repair("winner-unsaid", "reading", "the book does not say who wins after the last hand; the highest score wins",
                 d.source.get("ending.condition"))
    if cond["kind"] in ("target", "threshold") and d.heard("highest-wins"):
        d.problem("\"the highest-scoring player wins\" with a points target or threshold", d.said_in["highest-wins"])
    hand = d.get("deal.hand_size")
    if cond["kind"] == "shrinking":
        top, last = d.heard("shrink.top"), d.heard("shrink.last")
        if cond["back_up"]:
            if top is not None and top != hand:
                d.problem(f"hands grow back up to {top} cards, but {hand} are dealt", d.said_in["shrink.top"])
            if last is not None and last != hand:
                d.problem(f"the game ends after a {last}-card hand, but hands grow back to {hand}", d.said_in["shrink.last"])
        elif last is not None and last != 1:
            d.problem(f"the game ends after a {last}-card hand, but hands shrink to one card", d.said_in["shrink.last"])
    elif d.heard("shrink.last") is not None:
        d.problem("the game ends after the final hand of a size, but hands do not shrink", d.said_in["shrink.last"])


def _tokens_finish(d: Draft) -> None:
    """EN-01: the game that deals by tokens ends when someone has none left, with no tie rule (only
    the round's winner gives one up)."""
    sentence = d.source.get("ending.condition")
    tokens = d.get("deal.tokens")
    said = d.heard("tokens.gone")
    if tokens is None:
        d.problem(f"the game ends when a player has no {said} left, but no one is given any", sentence)
        return
    if said is not None and currency(said) != tokens["name"]:
        d.problem(f"the game ends when a player has no {said} left, but players hold another token ({tokens['name']})",
                  sentence)
    if d.has("ending.ties"):
        d.problem("a tie rule in a game that ends by tokens, which cannot tie", d.source.get("ending.ties"))
    d.fields["ending.ties"] = None
