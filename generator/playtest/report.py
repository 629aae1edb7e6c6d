"""A playtest report as text a person reads at the terminal."""

from __future__ import annotations

from . import Report, wilson


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def format_report(report: Report, seconds: float | None = None) -> str:
    lines = [f"{report.name}: playtest with {report.bot} bots, seed {report.seed}"]
    for c in report.counts:
        d = c.as_dict()
        lo, hi = d["completion_interval"]
        lines.append(f"\n  {c.players} players, {c.games} games")
        lines.append(f"    completed      {c.completed}/{c.games} ({_pct(d['completion'])}, 95% CI {_pct(lo)}–{_pct(hi)})")
        lines.append(f"    timeouts       {c.capped} stopped by the safety cap; engine errors {len(c.errors)}")
        lines.append(f"    ties           {c.draws} shared first places; {c.tie_breaks} games settled by the tie rule")
        lines.append(f"    length         median {d['decisions_median']:.0f} decisions "
                     f"({d['decisions_per_player_median']:.1f} per player), median {d['hands_median']:.0f} hands "
                     f"(mean {d['hands_mean']:.1f}), about {d['minutes_median']:.0f} min at the table")
        lines.append(f"    real choices   {_pct(d['decision_share'])} of moves")
        played = c.completed
        seats = ", ".join(f"{p + 1}: {_pct(w / played if played else 0)} "
                          f"[{_pct(wilson(w, played)[0])}–{_pct(wilson(w, played)[1])}]"
                          for p, w in enumerate(c.wins))
        lines.append(f"    wins by seat   {seats}  (seat 1 deals first)")
    lines.append("")
    if report.reasons:
        lines.append("verdict: REJECT")
        for r in report.reasons:
            seed = f" (replay seed {r.seed})" if r.seed is not None else ""
            lines.append(f"  {r.code}: {r.message}, with {r.players} players{seed}")
    else:
        lines.append("verdict: pass")
    for w in report.warnings:
        lines.append(f"  warning {w.code}: {w.message}, with {w.players} players")
    if seconds is not None:
        lines.append(f"({seconds:.1f} s)")
    return "\n".join(lines)
