"""Cython's type declarations as no-ops, for a machine without Cython.

A few hot loops declare C types for their counters and indices (``@cython.locals``), which Cython
compiles to C integers and Python runs as plain Python. Such a module imports ``cython`` and falls
back to this module when Cython is not installed, so that the same source runs everywhere::

    try:
        import cython
    except ImportError:   # no Cython: the declarations do nothing
        from generator.compiled import shadow as cython

Only what Parlour's modules use is here; a declaration missing from it fails at import on a
machine without Cython, and ``tests/test_compiled.py`` imports every hot module with this module
standing in for Cython to catch that.

Why declarations are safe where inference was not (``DIRECTIVES``): a declared C integer holds
only what its loop bounds allow (a card's number, a hand's size, a count of turns), never a mask
of cards, which may need more than 64 bits.
"""

from __future__ import annotations

from typing import Any, Callable

#: Whether this module runs compiled: never, here (Cython's own answers True in a compiled module).
compiled = False

#: The C types the declarations name; as Python they are only names.
Py_ssize_t = int
double = float
bint = bool


def locals(**types: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:  # noqa: A001 (Cython's name)
    """``@cython.locals(i=cython.Py_ssize_t, ...)``: C types for a function's local variables."""
    return lambda function: function
