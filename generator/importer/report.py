"""The two reports of an import, as Markdown: IMPORT.md (what was read, repaired, dropped) and
REPORT.md (static checks and playtest verdicts). Both are functions of their input only, so the
same book gives byte-identical files."""

from __future__ import annotations

import shlex
from collections import Counter, defaultdict

from ..checks import Problem as CheckProblem
from ..checks import check_spec
from ..families import FAMILIES
from .book import BookImport, ImportedGame
from .judge import Judgement

#: What each repair kind means, for the summary table.
KINDS: dict[str, str] = {
    "rank-named-twice": "\"Remove Xs and Xs\": one rank named twice; only that rank removed",
    "ace-over-aces": "\"Aces are higher than aces\": order unchanged (Ace high)",
    "two-rank-range": "\"Remove Xs through Ys\" for two neighbouring ranks: both removed",
    "one-rank-range": "a removal range of one rank",
    "mixed-rank-labels": "rank list mixing letters and words (\"A, King, …\"): \"A\" read as Ace",
    "trick-count": "\"When all N tricks have been played\" with N wrong: read as \"when all tricks have been played\"",
    "jokers-no-rule": "jokers with no rule: read as the highest trumps (README)",
    "joker-nickname": "jokers' nicknames: no spec field",
    "fact-no-key": "intro fact with no key in spec.naming.FACTS: dropped",
    "fact-other-family": "intro fact of another family's module: dropped",
    "fact-unbacked": "intro fact no rule makes true: dropped",
    "nickname-twice": "one nickname given to two different cards",
    "card-two-roles": "one card drawn for two special roles: both apply",
    "first-card-winner": "first card fixes trumps but the winner sentence ignores trumps",
    "trump-source": "trump turned from the deck although there is a kitty",
    "rotation-plural": "rotation list with a singular suit (\"club/diamonds/…\")",
    "all-or-none-all": "\"all or none all\" typo",
    "over-three-unused": "hand size for more than three players in a game for at most three",
    "unequal-hands": "odd card: hands unequal; a hand ends when a player has no card left (README)",
    "landlord-hand": "the landlord takes the kitty into hand: spec lays as many away (hands stay equal)",
    "landlord-payment-unsaid": "auction with no payment sentence",
    "latest-winner": "tie rule \"won a round latest\": the latest hand with the best hand score (design.md)",
    "face-value": "\"face value\" of courts and Aces: J=11, Q=12, K=13, A=14/1 (design.md)",
    "deal-all-uneven": "dealing the whole pack unevenly: the rest set aside (README)",
    "exchange-count": "exchange of \"a specific number of cards\": read as a fixed 2 (spec holds one number)",
    "country-inferred": "no country word: country from the pack or the village lists",
    "aces-removed-order": "Aces removed: Ace high and Ace low read the same",
    "tarot-removal-unqualified": "tarot removal without \"from the minor arcana\"",
    "joker-turned-unsaid": "joker turned for trumps, unsaid: no trumps that hand (README)",
    "majors-unsaid": "tarot majors with no rule: their own fifth suit",
    "majors-rank-unsaid": "tarot majors ranked irrespective of suit: by number",
    "low-unsaid": "high/low hands with no scoring note: scores inverted",
    "winner-unsaid": "fixed-length game with no winner sentence: highest score wins",
    "weak-wording": "weak-suit sentence's trump clause does not fit the game",
    "trump-rule-before-reveal": "a rule about playing trumps with trumps revealed in play: it applies once they are known",
    "pig-by-title": "a tarot major as the pig, called by its title: the spec's name for it is \"pig\"",
    "hands-too-small-to-meld": "melding hands that shrink below a meld with the default turn (kept; the checks rule it out)",
    "deal-impossible": "a deal that needs more cards than the pack at some player count (kept; the checks rule it out)",
    "exchange-never-possible": "exchange offered when every card is dealt: it can never be suggested (kept)",
    # climbing
    "hand-means-trick": "climbing text says \"hand\" for one trick: read as the trick",
    "card-values-lost": "card-value table lost after \"as follows:\": the generator's most likely values",
    "beat-example-inverted": "beating example contradicts its rule (a lower set beats): the rule is read",
    "run-wrap-without-runs": "run-wrap note in a game without runs: dropped",
    "run-example-majors": "run example in the major arcana, which have no rank: the rule is read",
    "run-example-broken": "run example that is not a run of the pack: the rule is read",
    "example-rank-missing": "an example names a rank not in the pack: the rule is read",
    "singles-lead-sets-beat": "single-card leads with a beating rule that allows sets: leads stay singles, sets may beat",
    "joker-bomb-precedence": "a single joker that beats anything and a bomb: the single joker wins (only a rocket beats it)",
    "rows-never-reached": "face-down rows with piles taken as tricks: the round ends first; rows dealt, never played",
    "stock-out-no-stock": "\"second time the stock is exhausted\" in a climbing game (no stock): dropped",
    "capture-before-collection": "kitty capture printed before piles are made tricks: read in its place",
    "kitty-taker": "\"the player\" who takes the kitty from a pile set aside: the player of its last card",
    "leader-gone-out": "the last card's player went out: the next player to the left with cards leads",
    "title-stake-dropped": "a landlord's stake with titles scoring: the spec holds none; dropped",
    "wild-joker-alone": "a wild joker played alone: a single of the top rank",
    "transparent-on-run": "transparent cards laid on a run: a run cannot be copied; their own rank",
    "rank-plural": "\"Sixs\" read as Sixes",
    "two-player-rule-unused": "a two-player trick rule in a game for three or more",
    "two-player-rule-unsaid": "no two-player trick rule: one pass ends a trick with two",
    "pig-winner-unsaid": "revealed pig with no sentence for the round's winner: the spec's rule applies",
    "titles-kitty-unsaid": "titles with a kitty and no kitty points sentence: the spec's rule applies",
    "bomb-doubling-unsaid": "landlord stake with bombs and no doubling sentence: the spec doubles it",
    "counts-as-as": "\"counts as as it were\" typo",
    "area-doubled": "\"area doubled\" typo",
    # matching
    "special-cards-lost": "special-card list lost in the seed text after \"as follows:-\": imported with no special cards",
    "opening-effect-moot": "the rule for a special card turned to start the pile, with no special card left: dropped",
    "points-effect-lost": "the intro's fact shows a points card (P20) in the lost list; rank unknown: not imported",
    "reverse-effect-lost": "\"(or right, if play is reversed)\" shows a reverse card (P04) in the lost list; not imported",
    "kitty-effect-lost": "the kitty's special card (P02) was in the lost list: not imported, the kitty stays set aside",
    "countdown-wild-unknown": "countdown tokens: a wild rank by tokens held (CW) may have been in the lost list; not imported",
    "jokers-wild-lost": "jokers' row of the lost list: jokers are wild, played as any card (the spec's rule)",
    "match-match": "\"must match match\" typo",
    "fail-to-do": "\"If they fail to do before …\": the missing \"so\" restored",
    "call-word-first-word": "the word to call is the first word of the game's name (kept as written)",
    "call-penalty-unsaid": "a word to call with no penalty sentence: the spec's rule (draw a card)",
    "nothing-to-match": "a picked-up pile leaves nothing to match: the next card is free",
    "pass-at-will": "\"must play … if able\" and \"cannot or does not want to\": a player may pass at will",
    "reshuffle-unsaid": "no rule for the stock running out: the spec's reshuffle",
    "multiple-top-unsaid": "several cards as one play with no top-card sentence: the spec's rule",
    "opening-effect-unsaid": "no rule for a special card turned to start a discard pile: no effect",
    "cheat-pile-face-up": "cheat mode with the discard pile left face up in the deal: turned face down",
    "play-drawn-pile": "\"the drawn card\" in a game that picks up the pile: dropped",
    "example-majors": "matching example giving a major arcana card a rank: the rule is read",
    "tiny-stock": "a stock of five cards or fewer after the deal at some player count (kept)",
    # melding
    "turn-list-lost": "turn list lost in the seed text after \"…steps in sequence:\" / \"…following actions:\": the default turn",
    "desert-revealed": "deserting revealed by the intro's fact or adjective, or \"all but one player has deserted\"",
    "desert-verb-unknown": "the desert verb was in the lost turn list: the spec's word \"desert\" kept",
    "rearranging-revealed": "rearranging revealed by the intro or the joker sentence: any player's melds",
    "kitty-draw-lost": "a kitty in a melding game: its top card may be drawn (the lost draw step always says so)",
    "jokers-wild-unsaid": "jokers with no rule: wild, played as any card (the spec's rule)",
    "wild-card-rankless": "the wild-rank card may be a joker or a tarot major: set aside, no rank wild that hand",
    "joker-swap-wild-rank": "a joker swap with a wild rank (never printed): the wild rank's cards are jokers too",
    "wilds-past-last-rank": "progressive wilds past the top rank: the count starts again at the lowest",
    "penalty-inverted": "rearranging penalty where melds may not be rearranged: the penalty for an invalid meld or lay-off",
    "full-house-from-fact": "the intro's \"a full house wins the game\" with no rule left: a full house meld allowed",
    "full-house-wins-game": "\"a full house wins the game\": it wins the hand",
    "full-house-out-unsaid": "a full house with no sentence for what it does: the spec's rule (its player goes out)",
    "laws-skip-unsaid": "invented laws with no sentence for a forbidden step: the step is skipped",
    "pig-meld-game": "\"If the pig ended the game in a meld\": read as the end of the hand",
    "melding-hand-over-ten": "a melding hand over ten cards (the generator cuts those): kept",
}
STATUS = {"imported": "imported", "repaired": "imported, repaired", "unplayable": "imported, fails a static check",
          "error": "imported with errors (--lenient)", "failed": "not imported (errors)",
          "unsupported": "family not supported yet"}


def static_problems(game: ImportedGame) -> list[CheckProblem]:
    """The Tier-0 static problems of an imported game's spec (none without a spec)."""
    return check_spec(game.spec) if game.spec is not None else []


def shown_status(game: ImportedGame, problems: list[CheckProblem] | None = None) -> str:
    """The status a report shows for a game. "Imported" and "imported, repaired" say the spec is
    the book's game, read faithfully; a spec that fails a static check is never shown so, however
    its sentences were read: it is "imported, fails a static check" (``problems``: its static
    problems, when the caller has them already)."""
    if game.status in ("imported", "repaired") and (problems if problems is not None else static_problems(game)):
        return "unplayable"
    return game.status


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def import_report(book_name: str, digest: str, result: BookImport, files: dict[int, str], lenient: bool,
                  book_path: str | None = None, out_dir: str = "corpus/hyloe/") -> str:
    """``files``: the spec file written for each game, by the game's first line in the book.
    ``book_path`` and ``out_dir``: the book and the folder as the command was given them (relative
    if given relative), for the command that makes the report again."""
    games = result.games
    checked = {g.line: static_problems(g) for g in games}
    status = {g.line: shown_status(g, checked[g.line]) for g in games}
    out: list[str] = ["# Hyloe's Book of Games — import report", ""]
    out.append(f"Written by `parlour import` from `{book_name}` (SHA-256 `{digest[:16]}…`, {len(games)} games). "
               "Do not edit by hand; to make it again run")
    out.append("")
    again = ["parlour", "import", book_path or book_name, "--out", out_dir] + (["--lenient"] if lenient else []) + ["--force"]
    out.append("    " + shlex.join(again))
    out.append("")
    out.append("Book text is not reprinted here: a repair names its sentence by line and position in the book and quotes "
               "only the words at fault. ")
    read = " or ".join(name for name, f in FAMILIES.items() if f.importer is not None)   # the families with an importer
    out[-1] += (f"Every sentence of every {read} game is read by one pattern of `generator/importer/` (one phrasing of one "
               "rule module of the catalogue). A **repair** is a defect of the book read the way its meaning is clear; "
               "**dropped** text is text the spec cannot hold; a **reading** resolves something the book leaves unsaid "
               "or ambiguous, as `design.md`, the README and the catalogue (§2.4) say. Games of other families are "
               "listed as not supported yet.")
    out.append("")
    out += _summary(games, status)
    out += _kinds(games)
    if result.all_problems():
        out += ["## Sentences not understood", ""]
        out.append("These sentences were " + ("skipped (`--lenient`)." if lenient else "not read."))
        out.append("")
        for p in result.all_problems():
            quoted = f" — \"{_cell(p.sentence)}\"" if p.sentence else ""
            at = f" ({p.where})" if p.where else ""
            out.append(f"* **{_cell(p.game)}**{at}: {_cell(p.message)}{quoted}")
        out.append("")
    out += ["## Games", "", "| game | family | line | status | spec | repairs and dropped text | readings |",
            "|---|---|---|---|---|---|---|"]
    for g in games:
        fixes = sorted({r.kind for r in g.repairs if r.category != "reading"})
        reads = sorted({r.kind for r in g.repairs if r.category == "reading"})
        spec = f"`{files[g.line]}`" if g.line in files else "—"
        out.append(f"| {_cell(g.name)} | {g.family} | {g.line} | {STATUS[status[g.line]]} | {spec} | "
                   f"{', '.join(fixes) or '—'} | {', '.join(reads) or '—'} |")
    out.append("")
    out += ["## Details", ""]
    for g in games:
        if not g.supported:
            continue
        out.append(f"### {g.name}")
        out.append("")
        spec = f"`{files[g.line]}`" if g.line in files else "no spec written"
        modules = ", ".join(f"{m}" + (f" ×{n}" if n > 1 else "") for m, n in sorted(g.modules.items()))
        out.append(f"Book line {g.line}; {g.sentences} sentences; {STATUS[status[g.line]]}; {spec}. Modules read: {modules}.")
        out.append("")
        for p in checked[g.line]:
            at = f" (with {p.players} players)" if p.players else ""
            out.append(f"* **Fails a static check** `{p.code}` {p.field}: {_cell(p.message)}{at}")
        for category, title in (("defect", "Repaired"), ("dropped", "Dropped"), ("reading", "Read")):
            for r in (r for r in g.repairs if r.category == category):
                at = f", {r.where}" if r.where else ""
                out.append(f"* {title} `{r.kind}`{at}: {_cell(r.text)}")
        for p in g.problems:
            quoted = f" — \"{_cell(p.sentence)}\"" if p.sentence else ""
            at = f", {p.where}" if p.where else ""
            out.append(f"* **Not understood**{at}: {_cell(p.message)}{quoted}")
        if not g.repairs and not g.problems and not checked[g.line]:
            out.append("* Every sentence read as written; nothing repaired.")
        out.append("")
    others = [g for g in games if not g.supported and (g.repairs or g.skipped)]
    if others:
        out += ["## Other families: the deck", "",
                "Only the deck sentences of these games are read (their family is not supported yet).", ""]
        for g in others:
            for r in g.repairs:
                at = f", {r.where}" if r.where else ""
                kind = "Read" if r.category == "reading" else "Repaired"
                out.append(f"* **{_cell(g.name)}** ({g.family}{at}): {kind} `{r.kind}`: {_cell(r.text)}")
            for text in g.skipped:
                out.append(f"* **{_cell(g.name)}** ({g.family}): not read: {_cell(text)}")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _summary(games: list[ImportedGame], status: dict[int, str]) -> list[str]:
    out = ["## Summary", "", "| family | games | imported as written | imported, repaired | failing a static check "
           "| with errors | not imported |", "|---|---|---|---|---|---|---|"]
    order = list(FAMILIES)  # the registered families first, in registration order, then the rest by name
    fams = sorted({g.family for g in games}, key=lambda f: (order.index(f) if f in order else len(order), f))
    for fam in fams:
        gs = [g for g in games if g.family == fam]
        c = Counter(status[g.line] for g in gs)
        if gs[0].supported:
            out.append(f"| {fam} | {len(gs)} | {c['imported']} | {c['repaired']} | {c['unplayable']} | {c['error']} "
                       f"| {c['failed']} |")
        else:
            out.append(f"| {fam} | {len(gs)} | — | — | — | — | {len(gs)}: family not supported yet |")
    out.append("")
    return out


def _kinds(games: list[ImportedGame]) -> list[str]:
    by: dict[tuple[str, str], list[str]] = defaultdict(list)
    for g in games:
        for r in g.repairs:
            if g.name not in by[(r.category, r.kind)]:
                by[(r.category, r.kind)].append(g.name)
    out: list[str] = []
    for category, title in (("defect", "Repairs (defects of the book)"), ("dropped", "Dropped text"),
                            ("reading", "Readings")):
        rows = sorted(((k, names) for (c, k), names in by.items() if c == category), key=lambda x: (-len(x[1]), x[0]))
        if not rows:
            continue
        out += [f"## {title} by kind", "", "| kind | games | what | which |", "|---|---|---|---|"]
        for kind, names in rows:
            out.append(f"| `{kind}` | {len(names)} | {_cell(KINDS.get(kind, kind))} | {_cell(', '.join(names))} |")
        out.append("")
    return out


# -- REPORT.md -------------------------------------------------------------------------------------


def _players(f) -> str:
    return f" ({f.players}p)" if f.players else ""


def judge_report(book_name: str, judgements: list[Judgement], games: int, seed: int, tier: int) -> str:
    out = ["# Hyloe's Book of Games — judged", ""]
    out.append(f"Written by `parlour import` (book `{book_name}`). Each imported spec in this folder was put through the "
               f"Tier-0 static checks (`parlour check`) and then a Tier-{tier} playtest (sensible players, the greedy bots, "
               f"up to {games} games per player count, beside random players for robustness; seed {seed}) at every player "
               "count the static checks leave playable. Reason codes, and which players judge each, are those of "
               "`docs/playtest-metrics.md`; tier 0 is a static check. A game that fails a static check is kept, but "
               "it is not a playable reading of the book: IMPORT.md lists it as failing, and `parlour check` shows its "
               "problems.")
    out.append("")
    passed = [j for j in judgements if j.verdict == "pass"]
    out += ["## Summary", "", f"{len(judgements)} games: **{len(passed)} pass**, **{len(judgements) - len(passed)} reject**.", ""]
    static_only = [j for j in judgements if j.reasons and all(f.tier == 0 for f in j.reasons)]
    play_only = [j for j in judgements if j.reasons and all(f.tier > 0 for f in j.reasons)]
    both = [j for j in judgements if j.reasons and j not in static_only and j not in play_only]
    out.append(f"Rejected by static checks only: {len(static_only)}; by the playtest only: {len(play_only)}; by both: {len(both)}.")
    out.append("")
    by: dict[tuple[int, str], dict[str, set[int | None]]] = defaultdict(lambda: defaultdict(set))
    for j in judgements:
        for f in j.reasons:
            by[(f.tier, f.code)][j.name].add(f.players)
    out += ["| reason code | tier | games | which (player counts) |", "|---|---|---|---|"]
    for (tier_, code), names in sorted(by.items(), key=lambda x: (x[0][0], -len(x[1]), x[0][1])):
        which = "; ".join(f"{n} ({_counts(ps)})" for n, ps in sorted(names.items()))
        out.append(f"| `{code}` | {tier_} | {len(names)} | {_cell(which)} |")
    warns: dict[str, set[str]] = defaultdict(set)
    for j in judgements:
        for w in j.warnings:
            warns[w.code].add(j.name)
    if warns:
        out += ["", "Warnings (not reasons to reject):", "", "| warning | games | which |", "|---|---|---|"]
        for code, names in sorted(warns.items(), key=lambda x: (-len(x[1]), x[0])):
            out.append(f"| `{code}` | {len(names)} | {_cell(', '.join(sorted(names)))} |")
    out += ["", "## Games", "", "| game | spec | players | verdict | reasons |", "|---|---|---|---|---|"]
    for j in judgements:
        codes = Counter(f.code for f in j.reasons)
        reasons = ", ".join(f"{c}" + (f" ×{n}" if n > 1 else "") for c, n in sorted(codes.items())) or "—"
        out.append(f"| {_cell(j.name)} | `{j.file}` | {j.players[0]}–{j.players[1]} | {j.verdict} | {reasons} |")
    out += ["", "## Details", ""]
    for j in judgements:
        out.append(f"### {j.name} — {j.verdict}")
        out.append("")
        for f in j.reasons:
            if f.tier == 0:
                out.append(f"* static `{f.code}` {f.field}: {_cell(f.message)}{_players(f)}")
        if j.skipped and j.played:
            out.append(f"* not playtested at {_counts(set(j.skipped))}: a static check rules these counts out")
        elif not j.played:
            out.append("* not playtested: a static check concerns every player count")
        for f in j.reasons:
            if f.tier > 0:
                seed = f"; replay seed {f.seed}" if f.seed is not None else ""
                out.append(f"* tier {f.tier} `{f.code}`: {_cell(f.message)}{_players(f)}{seed}")
        for f in j.warnings:
            out.append(f"* warning `{f.code}`: {_cell(f.message)}{_players(f)}")
        for note in j.notes:
            out.append(f"* {_cell(note)}")
        for c in j.counts:
            if c.get("games") is None:
                continue
            out.append(f"* {c['players']} players: {c['completed']}/{c['games']} games ended naturally, "
                       f"{c.get('capped', 0)} stopped by the cap, {c.get('draws', 0)} shared wins; median "
                       f"{_num(c.get('hands_median'))} hands, about {_num(c.get('minutes_median'))} min at the table "
                       "(sensible players)")
        if not j.reasons and not j.warnings and not j.counts:
            out.append("* nothing to report")
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _num(x) -> str:
    if x is None:
        return "?"
    return f"{x:.0f}" if isinstance(x, (int, float)) else str(x)


def _counts(ps: set[int | None]) -> str:
    if None in ps:
        return "all counts"
    return ", ".join(f"{p}p" for p in sorted(p for p in ps if p is not None))
