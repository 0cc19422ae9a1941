"""``tallon sim``: many games between two squads (or one squad against a field), their
results with 95% intervals, and the history of saved runs."""

from __future__ import annotations

import json
import secrets
import sys
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from typer.core import TyperGroup

from tallon.agents.levels import (
    DEFAULT_THINK,
    LEVELS,
    Think,
    UnknownLevelError,
    parse_levels,
)
from tallon.cli.common import ScenarioOption, fail, scenario_option, think_budget
from tallon.files import FileAccessError, is_directory
from tallon.rulesets import ruleset_problem
from tallon.server.opponents import OPPONENTS
from tallon.sim.history import History, HistoryError, database_url
from tallon.sim.plot import FORMATS, plot_field, plot_summary, plotting_installed
from tallon.sim.report import (
    print_comparison,
    print_field,
    print_history,
    print_speed,
    print_summary,
)
from tallon.sim.runner import (
    BackendUnavailableError,
    Matchup,
    ray_installed,
    run_matchups,
    settle_memory,
)
from tallon.sim.squads import LoadedSquad, SquadError, describe, load_field, load_squad
from tallon.sim.stats import compare, summarize

#: Exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130


class _SimGroup(TyperGroup):
    """``tallon sim A B`` is ``tallon sim run A B``: a first word that names no command of
    the group (a squad, an option) starts a run."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ctx.help_option_names:
            args = ["run", *args]
        return super().parse_args(ctx, args)


sim_app = typer.Typer(
    name="sim",
    cls=_SimGroup,
    help="Simulate many games between two squads: win rates with 95% intervals, margins, "
    "ship survival; saved runs (tallon sim A B is tallon sim run A B).",
    no_args_is_help=True,
)


class Backend(StrEnum):
    local = "local"
    ray = "ray"


def _levels(text: str) -> tuple[str, str]:
    try:
        return parse_levels(text)
    except UnknownLevelError as error:
        raise typer.BadParameter(str(error), param_hint="--agents") from None


def _check_plot(plot: Path) -> None:
    if plot.suffix.lower() not in FORMATS:
        raise typer.BadParameter(f"{plot}: accepted: a .png, .svg or .html file name",
                                 param_hint="--plot")
    if not is_directory(plot.parent):
        raise typer.BadParameter(f"{plot}: the directory {plot.parent} does not exist",
                                 param_hint="--plot")
    if is_directory(plot):
        raise typer.BadParameter(f"{plot}: is a directory; give a file name",
                                 param_hint="--plot")
    if not plotting_installed():
        raise fail("drawing needs matplotlib: pip install 'tallon[plot]'")


def _squad(spec: str, which: str) -> LoadedSquad:
    try:
        return load_squad(spec)
    except SquadError as error:
        raise _refused(which, error) from None


def _refused(which: str, error: SquadError) -> typer.Exit:
    typer.echo(f"error: {which} cannot be simulated:", err=True)
    for problem in error.problems:
        typer.echo(f"  - {problem}", err=True)
    return typer.Exit(2)


def _open_history(database: str | None, create: bool = True) -> History:
    try:
        url, path = database_url(database)
        return History(url, path, create=create)
    except HistoryError as error:
        raise fail(str(error)) from None


@sim_app.command("run")
def run(
    squad_a: Annotated[str, typer.Argument(
        metavar="SQUAD_A", help="An XWS file (XWS 1.0: a first-edition squad, played by "
        "the first edition's rules), a quick build id (tallon squad quickbuild) or "
        "a ready-made opponent's name (tallon sim opponents); - reads standard input.")],
    squad_b: Annotated[str | None, typer.Argument(
        metavar="SQUAD_B", help="The other squad, as SQUAD_A; leave out with --field.")
    ] = None,
    games: Annotated[int, typer.Option(
        "--games", min=1, max=10_000_000, help="Games to play (per opponent of a field).")
    ] = 1000,
    agents: Annotated[str, typer.Option(
        "--agents", help=f"The AI level of both squads, or of A and B separated by a comma: "
        f"{', '.join(LEVELS)}.")] = "ace",
    think: Annotated[Think | None, typer.Option(
        "--think", metavar="BUDGET", parser=think_budget,
        help="How much a searching level thinks per decision: imagined decisions (e.g. "
        f"400: the same games on any machine; default {DEFAULT_THINK}) or seconds of the "
        "clock (e.g. 0.5s).")] = None,
    rounds: Annotated[int, typer.Option(
        "--rounds", min=1, max=100, help="Rounds a game lasts at most.")] = 12,
    scenario: Annotated[ScenarioOption, scenario_option("the games are played in")
    ] = ScenarioOption["random"],
    workers: Annotated[int, typer.Option(
        "--workers", min=1, max=1024, help="Processes playing at once (Ray: CPUs of a "
        "local Ray instance).")] = 1,
    backend: Annotated[Backend, typer.Option(
        "--backend", help="local: this machine's processes; ray: Ray tasks (the cluster "
        "extra).")] = Backend.local,
    ray_address: Annotated[str | None, typer.Option(
        "--ray-address", help="The Ray cluster to run on (default: RAY_ADDRESS, else a local "
        "Ray instance); with --backend ray.")] = None,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="The run's seed: the same seed plays the same games (default: drawn "
        "at random, and printed).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")
    ] = False,
    plot: Annotated[Path | None, typer.Option(
        "--plot", help="Draw the margins and ship survival (or a field's win rates) to this "
        ".png, .svg or .html file.")] = None,
    save: Annotated[bool, typer.Option(
        "--save", help="Keep the run in the history (tallon sim history).")] = False,
    database: Annotated[str | None, typer.Option(
        "--database", help="The history's database: a file or a URL (default: "
        "TALLON_SIM_DB, else sim.sqlite in ~/.local/share/tallon).")] = None,
    field: Annotated[Path | None, typer.Option(
        "--field", help="Play SQUAD_A against each squad of a directory of XWS files or of a "
        "JSON file holding a list of them.")] = None,
    ruleset: Annotated[str | None, typer.Option(
        "--ruleset", help="The rules the games are played by: 2.5 or 1e. The squads say it "
        "already (XWS 1.0 files are first edition); given, squads of another ruleset are "
        "refused.")] = None,
) -> None:
    """Play many games between two squads and print who wins how often, with 95%
    intervals (Wilson), the mission points margin, the rounds played, each ship's
    survival and damage dealt and taken, and which ship is most often lost first.

    Squad A is player 1 in half the games and player 2 in the other half, so the first
    player's advantage cancels out; results are per squad. The same --seed gives the same
    results however many workers play. Ctrl-C stops the run and prints (and with --save
    keeps) the games played so far, exit status 130.
    """
    if ray_address is not None and backend is not Backend.ray:
        raise typer.BadParameter("a Ray cluster's address goes with --backend ray",
                                 param_hint="--ray-address")
    if (squad_b is None) == (field is None):
        raise typer.BadParameter("give SQUAD_B, or --field with the opponents (not both)",
                                 param_hint="SQUAD_B")
    if plot is not None:
        _check_plot(plot)
    levels = _levels(agents)
    first = _squad(squad_a, "SQUAD_A")
    if field is not None:
        try:
            opponents = load_field(field)
        except SquadError as error:
            raise _refused(f"the field {field}", error) from None
    else:
        opponents = [_squad(str(squad_b), "SQUAD_B")]
    if ruleset is not None and (problem := ruleset_problem(ruleset)) is not None:
        raise fail(f"--ruleset: {problem}", 2)
    if ruleset is not None and first.squad.played_ruleset != ruleset:
        raise fail(f"--ruleset {ruleset}: SQUAD_A is a {first.squad.played_ruleset} squad "
                   "(XWS 1.0 files are first edition)", 2)
    mixed = [o.label for o in opponents
             if o.squad.played_ruleset != first.squad.played_ruleset]
    if mixed:
        raise fail(f"SQUAD_A is a {first.squad.played_ruleset} squad and "
                   f"{', '.join(mixed)} of another ruleset: a game's squads are of one "
                   "ruleset (XWS 1.0 files are first edition)", 2)
    history = _open_history(database) if save else None
    if backend is Backend.ray and not ray_installed():
        raise fail("the Ray backend needs Ray: pip install 'tallon[cluster]'")
    seed = secrets.randbelow(2**32) if seed is None else seed
    # "none" is no scenario; "random" is drawn per game (runner.play_game)
    asked = None if str(scenario) == "none" else str(scenario)
    matchups = [Matchup((first.xws, other.xws), levels, seed, rounds, think, asked)
                for other in opponents]
    started = time.monotonic()
    records, interrupted = _play(matchups, games, workers, backend.value, ray_address,
                                 show=not as_json)
    seconds = time.monotonic() - started
    played = sum(len(r) for r in records)
    results = [(summarize(found, squads=[describe(first), describe(other)], agents=levels,
                          seed=seed, rounds_limit=rounds, think=think, games_planned=games,
                          scenario=asked),
                other) for found, other in zip(records, opponents, strict=True)]
    if field is not None:
        # an interrupted field: the opponents not met yet are left out
        results = [r for r in results if r[0]["games"]] or results[:1]
    summaries = [summary for summary, _ in results]
    run_facts = {"backend": backend.value, "workers": workers, "seconds": round(seconds, 3),
                 "games_per_second": round(played / seconds, 3) if seconds > 0 else 0.0}
    saved, not_saved = _save(history, results, run_facts, first)
    _print(summaries, run_facts, saved, as_json, games, seed,
           field=(len(opponents), interrupted) if field is not None else None)
    if not_saved is not None:
        raise fail(not_saved)
    if plot is not None and played:
        against = opponents[0].name if field is None else f"the field {field}"
        title = (f"{first.name} ({levels[0]}) vs {against} ({levels[1]}): {played} games, "
                 f"seed {seed}")
        try:
            if field is None:
                plot_summary(plot, summaries[0], title)
            else:
                plot_field(plot, _ranked(summaries), title)
        except FileAccessError as error:
            raise fail(str(error)) from None
        if not as_json:
            typer.echo(f"plot written to {plot}")
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def _play(matchups: list[Matchup], games: int, workers: int, backend: str,
          address: str | None, show: bool) -> tuple[list[list[dict[str, Any]]], bool]:
    """The records of each matchup played (all of them, or up to Ctrl-C), and whether
    the run was interrupted; a progress bar on a terminal."""
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[speed]}"), TextColumn("{task.fields[rate]}"),
                        TimeRemainingColumn(),
                        console=Console(stderr=True), disable=not (show and sys.stderr.isatty()))
    started = time.monotonic()
    wins = [0, 0]
    records: list[list[dict[str, Any]]] = [[] for _ in matchups]
    try:
        with progress:
            task = progress.add_task("games", total=games * len(matchups), speed="", rate="")
            for done, (k, record) in enumerate(run_matchups(
                    matchups, range(games), workers=workers, backend=backend,
                    address=address), start=1):
                records[k].append(record)
                if workers <= 1 and backend != "ray":
                    settle_memory()  # this process plays the games: a long run
                if record["winner"] is not None:
                    wins["AB".index(record["winner"])] += 1
                speed = done / max(time.monotonic() - started, 1e-9)
                progress.update(task, advance=1, speed=f"{speed:.1f} games/s",
                                rate=f"A {100 * wins[0] / done:.0f}% "
                                     f"B {100 * wins[1] / done:.0f}%")
    except KeyboardInterrupt:
        return records, True
    except BackendUnavailableError as error:
        raise fail(str(error)) from None
    return records, False


def _ranked(summaries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A field's matchups, best for squad A first (ties: by opponent's name)."""
    return sorted(summaries, key=lambda s: (-s["win_rate"][0], s["squads"][1]["name"]))


def _save(history: History | None, results: list[tuple[dict[str, Any], LoadedSquad]],
          run_facts: dict[str, Any], first: LoadedSquad) -> tuple[list[int], str | None]:
    """The ids of the runs saved (one per matchup played), and why not, if they could
    not all be: the results are printed all the same."""
    if history is None:
        return [], None
    ids = []
    try:
        for summary, other in results:
            if summary["games"]:
                ids.append(history.save({**summary, "run": run_facts},
                                        [first.xws, other.xws]))
    except HistoryError as error:
        return ids, str(error)
    finally:
        history.close()
    return ids, None


def _print(summaries: list[dict[str, Any]], run_facts: dict[str, Any], saved: list[int],
           as_json: bool, games: int, seed: int, field: tuple[int, bool] | None) -> None:
    """The results; ``field``: the opponents of a field, and whether Ctrl-C stopped it."""
    if as_json:
        if field is not None:
            data: dict[str, Any] = {
                "squad": summaries[0]["squads"][0], "opponents": field[0],
                "games": sum(s["games"] for s in summaries), "games_per_opponent": games,
                "seed": seed, "scenario": summaries[0]["scenario"],
                "interrupted": field[1], "field": _ranked(summaries),
                "run": run_facts}
        else:
            data = {**summaries[0], "run": run_facts}
        if saved:
            data["saved"] = saved if field is not None else saved[0]
        typer.echo(json.dumps(data, indent=1, ensure_ascii=False))
        return
    console = Console()
    if field is not None:
        print_field(console, _ranked(summaries))
        if field[1]:
            met = sum(1 for s in summaries if s["games"])
            typer.echo(f"Interrupted: {met} of {field[0]} opponents met")
        print_speed(console, run_facts)
    else:
        print_summary(console, summaries[0], run_facts)
    if not sum(s["games"] for s in summaries):
        typer.echo("No game was finished.")
    if saved:
        typer.echo(f"saved as run{'s' if len(saved) > 1 else ''} "
                   f"{', '.join(str(i) for i in saved)} (tallon sim history)")


@sim_app.command("history")
def history_command(
    database: Annotated[str | None, typer.Option(
        "--database", help="The history's database: a file or a URL (default: "
        "TALLON_SIM_DB, else sim.sqlite in ~/.local/share/tallon).")] = None,
    compare_ids: Annotated[tuple[int, int] | None, typer.Option(
        "--compare", metavar="ID ID", help="Compare two saved runs: the second's results "
        "against the first's.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the saved runs (tallon sim --save), newest first, or compare two of them."""
    history = _open_history(database, create=False)
    try:
        if compare_ids is None:
            runs = history.saved_runs()
            if as_json:
                typer.echo(json.dumps(runs, indent=1, ensure_ascii=False))
            elif runs:
                print_history(Console(), runs)
            else:
                typer.echo(f"No saved runs in {history.path or 'the database'}.")
            return
        found = []
        for run_id in compare_ids:
            saved = history.run(run_id)
            if saved is None:
                raise fail(f"no saved run {run_id} in {history.path or 'the database'} "
                           "(tallon sim history lists them)")
            found.append(saved)
    except HistoryError as error:
        raise fail(str(error)) from None
    finally:
        history.close()
    difference = compare(found[0]["summary"], found[1]["summary"])
    if as_json:
        typer.echo(json.dumps({"runs": [_brief(r) for r in found], **difference}, indent=1,
                              ensure_ascii=False))
    else:
        print_comparison(Console(), found[0], found[1], difference)


def _brief(saved: dict[str, Any]) -> dict[str, Any]:
    summary = saved["summary"]
    return {"id": saved["id"], "saved": saved["saved"],
            "squads": [s["name"] for s in summary["squads"]], "agents": summary["agents"],
            "games": summary["games"], "seed": summary["seed"],
            "scenario": summary.get("scenario")}


@sim_app.command("opponents")
def opponents_command(
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (with the XWS).")] = False,
) -> None:
    """List the ready-made opponents: squads a simulation (or the server's AI) can be
    given by name."""
    if as_json:
        typer.echo(json.dumps([o.summary() for o in OPPONENTS], indent=1, ensure_ascii=False))
        return
    for opponent in OPPONENTS:
        squad = opponent.squad()
        typer.echo(f"{opponent.name}  ({opponent.faction}, {squad.points} points, "
                   f"{len(squad.ships)} ships)")


def register(app: typer.Typer) -> None:
    """Add the ``sim`` command group to the ``tallon`` command line."""
    app.add_typer(sim_app)
