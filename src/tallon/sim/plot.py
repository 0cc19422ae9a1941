"""Drawing a run (matplotlib, the ``plot`` extra): the histogram of the mission points
margin and each ship's survival; for a field, squad A's win rate against each opponent.

The format follows the file's suffix: ``.png`` and ``.svg`` are images, ``.html`` a page of
its own with the drawing inline as SVG (nothing else to carry along).
"""

from __future__ import annotations

import html
import importlib.util
import io
from pathlib import Path
from typing import Any

from tallon.files import write_file

#: The suffixes a drawing can be written as.
FORMATS = (".png", ".svg", ".html")
COLOURS = {"A": "#1f5fa8", "B": "#b22222"}


def plotting_installed() -> bool:
    return importlib.util.find_spec("matplotlib") is not None


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # no display: the drawing only goes to a file
    import matplotlib.pyplot as plt

    return plt


def _write(path: Path, figure: Any, title: str) -> None:
    """Write ``figure`` to ``path`` whole, in the format its suffix names."""
    plt = _pyplot()
    suffix = path.suffix.lower()
    image = io.BytesIO()
    figure.savefig(image, format="png" if suffix == ".png" else "svg")
    plt.close(figure)
    data = image.getvalue()
    if suffix == ".html":
        svg = data.decode("utf-8")
        svg = svg[svg.index("<svg"):]  # inline: without the XML declaration and doctype
        data = (f"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                f"<title>{html.escape(title)}</title>\n<style>body {{ font-family: sans-serif; "
                f"margin: 2em; }} svg {{ max-width: 100%; height: auto; }}</style>\n</head>\n"
                f"<body>\n<h1>{html.escape(title)}</h1>\n{svg}\n</body>\n</html>\n"
                ).encode()
    write_file(path, data)


def plot_summary(path: Path, summary: dict[str, Any], title: str) -> None:
    """The margin histogram and each ship's survival of a run's summary, to ``path``."""
    plt = _pyplot()
    ships = summary["ships"]
    figure, (margins, survival) = plt.subplots(
        1, 2, figsize=(11, max(4.0, 0.35 * len(ships) + 1.5)))
    values = [m for m, _ in summary["margins"]]
    counts = [c for _, c in summary["margins"]]
    colours = [COLOURS["A"] if m > 0 else COLOURS["B"] if m < 0 else "#888888"
               for m in values]
    margins.bar(values, counts, color=colours, width=0.9)
    margins.axvline(summary["mean_margin"], color="black", linestyle="--", linewidth=1,
                    label=f"mean {summary['mean_margin']:+.1f}")
    margins.set_xlabel("mission points margin (A - B): blue A ahead, red B ahead")
    margins.set_ylabel("games")
    margins.legend(loc="upper right")
    labels = [f"{s['squad']}{s['index']} {s['name']}" for s in ships]
    rates = [s["survival"] for s in ships]
    errors = [[s["survival"] - s["survival_ci95"][0] for s in ships],
              [s["survival_ci95"][1] - s["survival"] for s in ships]]
    rows = list(range(len(ships)))
    survival.barh(rows, rates, xerr=errors, color=[COLOURS[s["squad"]] for s in ships],
                  capsize=3)
    survival.set_yticks(rows)
    survival.set_yticklabels(labels, fontsize=8)
    survival.invert_yaxis()
    survival.set_xlim(0, 1)
    survival.set_xlabel("survival (95% interval)")
    figure.suptitle(title, fontsize=10)
    figure.tight_layout()
    _write(path, figure, title)


def plot_field(path: Path, results: list[dict[str, Any]], title: str) -> None:
    """Squad A's win rate (with its 95% interval) against each opponent of a field."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(9, max(3.0, 0.4 * len(results) + 1.5)))
    rows = list(range(len(results)))
    rates = [r["win_rate"][0] for r in results]
    errors = [[r["win_rate"][0] - r["ci95"][0][0] for r in results],
              [r["ci95"][0][1] - r["win_rate"][0] for r in results]]
    axes.barh(rows, rates, xerr=errors, color=COLOURS["A"], capsize=3)
    axes.set_yticks(rows)
    axes.set_yticklabels([r["squads"][1]["name"] for r in results], fontsize=8)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.axvline(0.5, color="#888888", linewidth=1)
    axes.set_xlabel("win rate of " + results[0]["squads"][0]["name"] + " (95% interval)"
                    if results else "win rate")
    figure.suptitle(title, fontsize=10)
    figure.tight_layout()
    _write(path, figure, title)


__all__ = ["FORMATS", "plot_field", "plot_summary", "plotting_installed"]
