"""``python -m generator.compiled``: build the compiled modules (what ``make`` runs), or say what loads."""

from __future__ import annotations

import sys

from . import build, hot_sources, install, status


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m generator.compiled", description="Compile the hot modules with Cython.")
    ap.add_argument("--force", action="store_true", help="rebuild every module, changed or not")
    ap.add_argument("--jobs", type=int, default=2, help="compilers run at once (default 2)")
    ap.add_argument("--status", action="store_true", help="say what this process loads, and build nothing")
    args = ap.parse_args(argv)
    if args.status:
        install()
        for name in hot_sources():
            __import__(name)
        print(status())
        return 0
    return build(args.force, args.jobs)


if __name__ == "__main__":
    sys.exit(main())
