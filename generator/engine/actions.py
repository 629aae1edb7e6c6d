"""Action ids. Card actions are card ids (0 … pack size − 1); everything else lives above them."""

SUIT_ACTION = 1000      # + suit index: name a suit (trumps when calling, anti-trumps)
NO, YES = 2000, 2001    # a yes/no decision (show a hand, reveal the pig, rob, propose, agree, bid blind)
PASS_BID = 2002         # pass in the auction
PASS_PLAY = 2003        # play no card: the laws leave none
NO_TRUMPS = 2004        # name no trump suit (a caller who may: ``setup.trumps.no_trumps``)
BID_BASE = 3000         # + n: bid n
LAW_BASE = 4000         # + index into the law menu: invent that law
REPEAL_BASE = 6000      # + index into the laws in force: repeal it
MODE_BASE = 9000        # + index: the mode the dealer chooses for a hand (a schedule's up or down)
WILD_BASE = 10_000      # + 1000 × joker number + card id: play a wild joker as that card


def describe(names: tuple[str, ...], suit_names: tuple[str, ...], action: int) -> str:
    """How an action reads for a person, for the actions whose meaning needs no phase: cards,
    suits named, yes and no, passes and bids. Phases word their own special actions."""
    if action < SUIT_ACTION:
        return names[action]
    if action < NO:
        return f"name {suit_names[action - SUIT_ACTION]}"
    if action in (NO, YES):
        return "yes" if action == YES else "no"
    if action == PASS_BID:
        return "pass"
    if action == PASS_PLAY:
        return "play no card"
    if action == NO_TRUMPS:
        return "name no trumps"
    if action < LAW_BASE:
        return f"bid {action - BID_BASE}"
    return str(action)
