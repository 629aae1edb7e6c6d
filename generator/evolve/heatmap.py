"""The picture of an archive: the best quality in each niche, as a heat map.

Rows are family × player count, columns game length × skill, so a family's block of rows shows at
a glance which kinds of its games the search has found and how good the best of each is. Each
filled cell is annotated with its quality; empty niches stay pale grey.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from ..families import FAMILIES
from .niches import BINS, Niche, skill_labels

if TYPE_CHECKING:
    from .archive import Archive


def heatmap_png(archive: "Archive") -> bytes:
    """The heat map of ``archive`` as PNG bytes (the same archive gives the same bytes)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    tier = int(archive.settings.get("tier", 1))
    skills = skill_labels(tier)
    rows = [(f, p) for f in FAMILIES for p, _, _ in BINS["players"]]
    cols = [(length, s) for length, _, _ in BINS["length"] for s in skills]
    grid = np.full((len(rows), len(cols)), np.nan)
    for i, (f, p) in enumerate(rows):
        for j, (length, s) in enumerate(cols):
            e = archive.elites.get(Niche(f, p, length, s))
            if e is not None:
                grid[i, j] = e.quality
    width = 3.2 + 1.15 * len(cols)
    fig, ax = plt.subplots(figsize=(width, 1.4 + 0.36 * len(rows)), dpi=120)
    cmap = matplotlib.colormaps["viridis"].with_extremes(bad="#eeeeee")
    image = ax.imshow(np.ma.masked_invalid(grid), cmap=cmap, vmin=0.0, vmax=1.0, aspect="auto")
    for i in range(len(rows)):
        for j in range(len(cols)):
            if not np.isnan(grid[i, j]):
                ax.text(j, i, f"{grid[i, j]:.2f}", ha="center", va="center", fontsize=8,
                        color="white" if grid[i, j] < 0.6 else "black")
    ax.set_yticks(range(len(rows)), [f"{f}, {p} players" for f, p in rows], fontsize=8)
    ax.set_xticks(range(len(cols)), [length if len(skills) == 1 else f"{length}\n{s}" for length, s in cols],
                  fontsize=8)
    for k in range(1, len(FAMILIES)):
        ax.axhline(k * len(BINS["players"]) - 0.5, color="white", linewidth=2)
    for k in range(1, len(BINS["length"]) if len(skills) > 1 else 0):
        ax.axvline(k * len(skills) - 0.5, color="white", linewidth=2)
    filled = len(archive.elites)
    ax.set_title(f"Best quality per niche: {filled} of {len(rows) * len(cols)} niches filled "
                 f"(generation {archive.generation}, {archive.games:,} games simulated)", fontsize=9)
    bar = fig.colorbar(image, ax=ax, fraction=0.04, pad=0.02)
    bar.set_label("quality score", fontsize=8)
    bar.ax.tick_params(labelsize=8)
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format="png", metadata={"Software": None})
    plt.close(fig)
    return buf.getvalue()


__all__ = ["heatmap_png"]
