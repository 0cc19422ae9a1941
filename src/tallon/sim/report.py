"""The tables ``tallon sim`` prints: a run's results, a field's matchups, the saved runs and
the comparison of two (rich tables, on the console given)."""

from __future__ import annotations

import time
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from tallon.agents.levels import parse_think

#: First losses listed in the text output (--json lists them all).
FIRST_LOSSES_SHOWN = 5


def _pct(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(pair: list[float]) -> str:
    return f"{100 * pair[0]:.1f}–{_pct(pair[1])}"


def _squad_line(side: str, squad: dict[str, Any], agent: str) -> str:
    legal = "" if squad["legal"] else ", not legal for standard play"
    return (f"Squad {side}: {squad['name']} ({squad['faction']}, {squad['points']} points"
            f"{legal}; AI {agent})")


def scenario_text(summary: dict[str, Any]) -> str:
    """The scenario(s) a run played: "Scenario: satellite-array", "Scenarios: random
    (salvage-mission 3, ...)" or "No scenario (practice games)"."""
    asked = summary.get("scenario")
    played = summary.get("scenarios") or {}
    if asked is None and set(played) <= {"none"}:
        return "No scenario (practice games)"
    if asked != "random":
        return f"Scenario: {asked}"
    counts = ", ".join(f"{name} {games}" for name, games in played.items())
    return f"Scenarios: random ({counts})" if counts else "Scenarios: random"


def print_summary(console: Console, summary: dict[str, Any],
                  run: dict[str, Any] | None = None) -> None:
    """A run's results: who wins how often (95% intervals), the margin, the rounds, each
    ship's survival and damage, the most common first losses; ``run`` adds the speed."""
    out = console.print
    for side, squad, agent in zip("AB", summary["squads"], summary["agents"], strict=True):
        out(_squad_line(side, squad, agent), highlight=False, markup=False)
    n = summary["games"]
    seats = summary["seats"]
    think = ("" if summary["think"] is None
             else f", thinking {parse_think(summary['think']).describe()}")
    out(f"{n} games (A player 1 in {seats[0]['games']}, player 2 in {seats[1]['games']}), "
        f"seed {summary['seed']}, at most {summary['rounds_limit']} rounds{think}",
        highlight=False)
    out(scenario_text(summary), highlight=False, markup=False)
    if summary["interrupted"]:
        out(f"[bold yellow]Interrupted:[/] {n} of {summary['games_planned']} games played; "
            "the figures are theirs", highlight=False)
    if n == 0:
        return
    table = Table(title="Results", title_justify="left")
    for column, justify in (("", "left"), ("games", "right"), ("share", "right"),
                            ("95% interval", "right")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for side, k in (("A", 0), ("B", 1)):
        table.add_row(f"{side} wins", str(summary["wins"][k]), _pct(summary["win_rate"][k]),
                      _interval(summary["ci95"][k]))
    table.add_row("draws", str(summary["draws"]), _pct(summary["draw_rate"]),
                  _interval(summary["draw_ci95"]))
    out(table)
    low, high = summary["margin_ci95"]
    out(f"Mission points: A {summary['mission_points'][0]:.1f}, B "
        f"{summary['mission_points'][1]:.1f} on average; margin (A - B) "
        f"{summary['mean_margin']:+.2f} (sd {summary['margin_sd']:.1f}, 95% interval "
        f"{low:+.2f} to {high:+.2f})", highlight=False)
    out(f"Rounds played: {summary['rounds']:.2f} on average", highlight=False)
    ships = Table(title="Ships", title_justify="left")
    for column, justify in (("ship", "left"), ("pilot", "left"), ("survived", "right"),
                            ("95% interval", "right"), ("damage dealt", "right"),
                            ("damage taken", "right")):
        ships.add_column(column, justify=justify)  # type: ignore[arg-type]
    for ship in summary["ships"]:
        ships.add_row(f"{ship['squad']}{ship['index']}", ship["name"], _pct(ship["survival"]),
                      _interval(ship["survival_ci95"]), f"{ship['damage_dealt']:.2f}",
                      f"{ship['damage_taken']:.2f}")
    out(ships)
    losses = summary["first_losses"][:FIRST_LOSSES_SHOWN]
    if losses:
        first = Table(title="First ship lost (destroyed or fled)", title_justify="left")
        for column, justify in (("ship", "left"), ("pilot", "left"), ("games", "right"),
                                ("share", "right")):
            first.add_column(column, justify=justify)  # type: ignore[arg-type]
        for loss in losses:
            first.add_row(f"{loss['squad']}{loss['index']}", loss["name"], str(loss["games"]),
                          _pct(loss["share"]))
        out(first)
    if summary["no_loss"]:
        out(f"No ship lost in {summary['no_loss']} game(s)", highlight=False)
    if run is not None:
        print_speed(console, run)


def print_speed(console: Console, run: dict[str, Any]) -> None:
    workers = f"{run['workers']} worker{'s' if run['workers'] != 1 else ''}"
    console.print(f"Played in {run['seconds']:.1f} s: {run['games_per_second']:.1f} games/s "
                  f"({run['backend']}, {workers})", highlight=False)


def print_field(console: Console, results: list[dict[str, Any]]) -> None:
    """Squad A against each opponent of a field, best matchup first."""
    if not results:
        return
    squad, agents = results[0]["squads"][0], results[0]["agents"]
    console.print(_squad_line("A", squad, agents[0]), highlight=False, markup=False)
    console.print(f"against {len(results)} opponents (AI {agents[1]}), seed "
                  f"{results[0]['seed']}, scenario {results[0].get('scenario') or 'none'}",
                  highlight=False)
    table = Table()
    for column, justify in (("opponent", "left"), ("games", "right"), ("A wins", "right"),
                            ("95% interval", "right"), ("draws", "right"),
                            ("B wins", "right"), ("margin", "right"), ("rounds", "right")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for result in results:
        played = str(result["games"]) + ("*" if result["interrupted"] else "")
        table.add_row(result["squads"][1]["name"], played, _pct(result["win_rate"][0]),
                      _interval(result["ci95"][0]), _pct(result["draw_rate"]),
                      _pct(result["win_rate"][1]), f"{result['mean_margin']:+.2f}",
                      f"{result['rounds']:.2f}")
    console.print(table)
    if any(result["interrupted"] for result in results):
        console.print("* interrupted: fewer games than planned", highlight=False)


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def print_history(console: Console, runs: list[dict[str, Any]]) -> None:
    """The saved runs, newest first."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)  # no rules: eight columns in 80
    for column, justify in (("id", "right"), ("saved", "left"), ("squad A", "left"),
                            ("squad B", "left"), ("AI", "left"), ("games", "right"),
                            ("A wins", "right"), ("B wins", "right")):
        # the words wrap; the figures stay whole
        words = column in ("saved", "AI") or column.startswith("squad")
        table.add_column(column, justify=justify,  # type: ignore[arg-type]
                         no_wrap=not words, min_width=10 if column.startswith("squad") else None)
    for run in runs:
        games = str(run["games"]) + ("*" if run["games"] < run["games_planned"] else "")
        table.add_row(str(run["id"]), _when(run["saved"]), run["squads"][0],
                      run["squads"][1], ", ".join(run["agents"]), games,
                      _pct(run["win_rate"][0]), _pct(run["win_rate"][1]))
    console.print(table)
    if any(run["games"] < run["games_planned"] for run in runs):
        console.print("* interrupted: fewer games than planned", highlight=False)


def print_comparison(console: Console, first: dict[str, Any], second: dict[str, Any],
                     difference: dict[str, Any]) -> None:
    """Two saved runs side by side, and how the second differs from the first."""
    one, two = first["summary"], second["summary"]
    table = Table()
    table.add_column("")
    for run in (first, second):
        table.add_column(f"run {run['id']}", overflow="fold")
    rows = [
        ("saved", _when(first["saved"]), _when(second["saved"])),
        ("squad A", one["squads"][0]["name"], two["squads"][0]["name"]),
        ("squad B", one["squads"][1]["name"], two["squads"][1]["name"]),
        ("AI", ",".join(one["agents"]), ",".join(two["agents"])),
        ("games", str(one["games"]), str(two["games"])),
        ("seed", str(one["seed"]), str(two["seed"])),
        ("scenario", str(one.get("scenario") or "none"), str(two.get("scenario") or "none")),
    ]
    for label, key in (("A wins", 0), ("B wins", 1)):
        rows.append((label, *(f"{_pct(s['win_rate'][key])} ({_interval(s['ci95'][key])})"
                              for s in (one, two))))
    rows += [("draws", _pct(one["draw_rate"]), _pct(two["draw_rate"])),
             ("margin (A - B)", f"{one['mean_margin']:+.2f}", f"{two['mean_margin']:+.2f}"),
             ("rounds", f"{one['rounds']:.2f}", f"{two['rounds']:.2f}")]
    for ship in difference.get("ships", []):
        rows.append((f"{ship['squad']}{ship['index']} {ship['name']} survived",
                     _pct(ship["survival"][0]), _pct(ship["survival"][1])))
    for row in rows:
        table.add_row(*row)
    console.print(table)
    low, high = difference["a_win_rate_difference_ci95"]
    console.print(f"Squad A's win rate, run {second['id']} minus run {first['id']}: "
                  f"{100 * difference['a_win_rate_difference']:+.1f} points (95% interval "
                  f"{100 * low:+.1f} to {100 * high:+.1f})"
                  + ("" if low > 0 or high < 0 else "; no clear difference"), highlight=False)
    if not difference["same_squads"]:
        console.print("The runs do not have the same squads.", highlight=False)


__all__ = ["print_comparison", "print_field", "print_history", "print_speed",
           "print_summary", "scenario_text"]
