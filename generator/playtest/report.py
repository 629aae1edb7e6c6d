"""A playtest report as text a person reads at the terminal."""

from __future__ import annotations

from . import Report
from .stats import wilson


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _iv(m: dict) -> str:
    lo, hi = m["interval"]
    return f"[{_pct(lo)}–{_pct(hi)}]"


def format_report(report: Report, seconds: float | None = None, path: str | None = None) -> str:
    s = report.settings
    lines = [f"{report.name}: playtest, tier {s.tier}, seed {report.seed}"
             + (f" (Tier 1 with {report.bot} bots)" if report.bot != "random" else "")]
    if report.random is None:
        lines.append("\nTier 1 — random self-play" if report.bot == "random" else f"\nTier 1 — {report.bot} bots")
        _tier1_lines(lines, report.counts)
    else:
        lines.append(f"\nTier 1 — sensible players ({report.bot} bots): length, pace, completion, shared wins")
        _tier1_lines(lines, report.counts)
        lines.append("\nTier 1 — random players: robustness, real choices, loops (their lengths are not a table's)")
        _tier1_lines(lines, report.random)
    _tier2_lines(lines, report)
    return _verdict_lines(lines, report, seconds, path)


def _tier1_lines(lines: list[str], counts: list) -> None:
    for c in counts:
        d = c.as_dict()
        m = d["metrics"]
        lines.append(f"\n  {c.players} players, {d['games']} games")
        lines.append(f"    completed      {d['completed']}/{d['games']} ({_pct(d['completion'])}, "
                     f"95% CI {_pct(d['completion_interval'][0])}–{_pct(d['completion_interval'][1])})")
        lines.append(f"    timeouts       {d['capped']} stopped by the safety cap; engine errors {d['engine_errors']}")
        lines.append(f"    ties           {d['draws']} shared first places; {d['tie_breaks']} games settled by the tie rule")
        lines.append(f"    length         median {d['decisions_median']:.0f} decisions "
                     f"({d['decisions_per_player_median']:.1f} per player), median {d['hands_median']:.0f} hands "
                     f"(mean {d['hands_mean']:.1f}), about {d['minutes_median']:.0f} min at the table")
        q = m["length"]["decisions"]
        lines.append(f"    distribution   decisions per game 10/25/50/75/90%: {'/'.join(f'{x:.0f}' for x in q)}")
        dm = m["decision_moves"]
        lines.append(f"    real choices   {_pct(dm['value'])} of moves {_iv(dm)}; branching {m['branching']:.2f} "
                     f"at decisions")
        conv = m["branching_by_cards"]
        if conv:
            shown = conv if len(conv) <= 8 else conv[:4] + conv[-3:]
            lines.append("    by hand size   " + ", ".join(f"{int(k)}: {v:.1f}" for k, v in shown)
                         + " (cards in hand: mean choices)")
        tail = m["dead_tail"]
        lines.append(f"    tension        {m['lead_changes']['mean']:.1f} lead changes per game; comebacks "
                     f"{_pct(m['comebacks']['value'])} of {m['comebacks']['n']}; dead tail "
                     + (f"median {_pct(tail['value'])}" if tail else "not measured"))
        played = d["completed"]
        seats = ", ".join(f"{p + 1}: {_pct(w / played if played else 0)} "
                          f"[{_pct(wilson(w, played)[0])}–{_pct(wilson(w, played)[1])}]"
                          for p, w in enumerate(c.wins()))
        lines.append(f"    wins by seat   {seats}  (seat 1 deals first)")
        if c.sides is not None:   # partners win together: the sides' figures, each with its seats
            members = [[p + 1 for p, s in enumerate(c.sides) if s == side] for side in range(max(c.sides) + 1)]
            sides = ", ".join(f"{' and '.join(map(str, m))}: {_pct(w / played if played else 0)} "
                              f"[{_pct(wilson(w, played)[0])}–{_pct(wilson(w, played)[1])}]"
                              for m, w in zip(members, c.side_wins()))
            lines.append(f"    wins by side   {sides}  (seats; a fair side wins 1 in {len(members)})")


def _tier2_lines(lines: list[str], report: Report) -> None:
    s = report.settings
    if report.tier2 is not None:
        lines.append(f"\nTier 2 — strong bots ({s.rollouts} rollouts per action, at most {s.max_rollouts} per decision)")
        for t in report.tier2:
            d = t.as_dict()
            lines.append(f"\n  {t.players} players, " + ", ".join(f"{k} {v}" for k, v in d["games"].items()) + " games")
            # a configuration the run never reached (it ended on a rejection first) has no figures
            played = {k for k, v in d["games"].items() if v}
            if "strong" in played:
                seats = ", ".join(f"{p + 1}: {_pct(m['value'])} {_iv(m)}" for p, m in enumerate(d["seat_win_rates"]))
                lines.append(f"    seats          {seats}")
                lines.append(f"    balance        {d['balance']:.2f}; fairness for the first player {d['fairness']:.2f}")
            o = d["order"]
            lines.append(f"    skill          one strong bot among random bots wins "
                         f"{_pct(d['strong_vs_random']['value'])} {_iv(d['strong_vs_random'])}; Order {o['value']:.2f} "
                         f"[{o['interval'][0]:.2f}–{o['interval'][1]:.2f}]")
            tail = d["dead_tail"]
            if "strong" in played:
                lines.append(f"    tension        {d['lead_changes']['mean']:.1f} lead changes per game; comebacks "
                             f"{_pct(d['comebacks']['value'])} of {d['comebacks']['n']}; dead tail "
                             + (f"median {_pct(tail['value'])} {_iv(tail)}" if tail else "not measured"))
            else:
                lines.append("    strong bots at every seat: not played (a rejection ended the run first)")
            if d["dominance"]:
                lines.append("    trivial play   " + ", ".join(
                    f"{k} wins {_pct(v['win_rate']['value'])} {_iv(v['win_rate'])}" for k, v in d["dominance"].items())
                    + " against strong bots")
            for k, v in d["inert"].items():
                if f"inert:{k}" not in played:
                    continue
                lines.append(f"    rule test      a strong bot without {k} wins {_pct(v['win_rate']['value'])} "
                             f"{_iv(v['win_rate'])} among random bots, {_pct(v['baseline']['value'])} with it")


def _verdict_lines(lines: list[str], report: Report, seconds: float | None, path: str | None) -> str:
    for note in report.notes:
        lines.append(f"\n{note}")
    lines.append("")
    spec = path or "SPEC"
    if report.reasons:
        lines.append("verdict: REJECT")
        for r in report.reasons:
            lines.append(f"  {r.code}: {r.message}, with {r.players} players")
            if r.seed is not None:
                lines.append(f"    replay: parlour replay {spec} {r.replay_args()}")
    else:
        lines.append("verdict: pass")
        q = report.quality()
        if q:
            lines.append(f"  quality {q['score']:.3f} (harmonic mean of "
                         + ", ".join(q["by_players"][0]["components"]) + ")")
    for w in report.warnings:
        lines.append(f"  warning {w.code}: {w.message}, with {w.players} players")
        if w.seed is not None:
            lines.append(f"    replay: parlour replay {spec} {w.replay_args()}")
    if seconds is not None:
        lines.append(f"({seconds:.1f} s)")
    return "\n".join(lines)
