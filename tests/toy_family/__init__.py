"""Stepping, a toy family that lives outside the project's package: each player in turn lays a
card of the same rank as the top card of a discard pile or one rank above or below it, or draws
from the stock; the first to lay their last card wins the hand.

It is here to show what a new family is: this one package (its spec, sampler, template, parser,
checks, engine, bots, rulebook words), registered by the one ``register`` call in ``family.py``.
No file outside this folder names it. It is not in the seed book (weight 0: ``--family any`` never
draws it) and has no importer.

Importing the package does not register the family (pytest imports it to collect its tests, and
the rest of the suite is about the seed book's four): ``family.py`` does. With
``PARLOUR_FAMILIES=tests.toy_family.family`` every command, and the whole suite, sees five families.
"""
