"""A melding turn's vocabulary: its decisions, the numbers of its actions, and the steps of a
sequence-mode turn (``play``'s docstring tells what each means). A module of its own so that the
turn's parts (``play.Turn``, the table's moves in ``melds``, the plain loop in ``plain``), its bots
and its tests read one set of names.
"""

from __future__ import annotations

# -- decisions ---------------------------------------------------------------------------------
BLIND_TURN = "turn-blind"
DESERT_Q, SHED = "desert", "shed"
DRAW_Q, MELD_Q, LAYOFF_Q, DUMP_Q, STUMP_Q, DISCARD_Q = "draw", "meld", "lay-off", "dump", "stump", "discard"
BLOCK_Q, CALL_Q, ACTION_Q = "call-block", "call", "action"
DECISIONS = (BLIND_TURN, DESERT_Q, SHED, DRAW_Q, MELD_Q, LAYOFF_Q, DUMP_Q, STUMP_Q, DISCARD_Q, BLOCK_Q, CALL_Q,
             ACTION_Q)

# -- actions (card ids are below 1000; the engine's YES and NO are 2001 and 2000) ---------------
SECOND = 50_000          # + card: discard on the second pile
STOCK = 60_000           # + 1 or 2: draw that many cards from the stock
KNOCK = 60_020
STOP = 60_030
DESERT = 60_040          # one-action mode: desert
KITTY = 60_050
TAKE = 61_000            # + 100 × pile + k: take the top k cards of a discard pile
BLIND = 63_000           # + i: turn the i-th face-down row card
LAY_OFF = 200_000        # + 128 × meld + card
SWAP = 400_000           # + 128 × meld + card: the card replaces a joker it stands for
DUMP = 600_000           # + meld
ADD = 700_000            # + card: rearranging, add the card to the table
ADD_TWO = 800_000        # + 128 × card + other card: rearranging, add two hand cards together
MELD = 1 << 100          # | card mask
FULL = 1 << 101          # | card mask (ML-06)
STUMP = 1 << 102         # | card mask
MASK = (1 << 100) - 1

# steps of a sequence-mode turn, in order
STEPS = ("start", "desert", "draw", "meld", "lay-off", "dump", "stump", "discard", "block", "call", "end")
#: The step after each step of a sequence-mode turn.
NEXT_STEP = dict(zip(STEPS, STEPS[1:]))
#: The decision each table step opens.
TABLE_Q = {"meld": MELD_Q, "lay-off": LAYOFF_Q, "dump": DUMP_Q, "stump": STUMP_Q}
