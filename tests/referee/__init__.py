"""The independent referee (issue 31): per family, rules written from the rulebook's sentences
(``trick_taking.py``, ``climbing.py``, ``matching.py``, ``melding.py``, ``fishing.py``, with
``pack.py``: the pack as printed, and ``shedding.py``: the payment the shedding families share), a
watcher that reads the engine's state into what the table sees (``watch_<family>.py``), and the
driver (``drive.py``). docs/testing.md says how it is run; docs/measurements.md holds its figures."""
