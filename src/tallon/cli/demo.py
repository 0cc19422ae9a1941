"""``tallon demo`` (the main job) and ``tallon replay``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import typer

from tallon.agents import play
from tallon.agents.levels import (
    DEFAULT_THINK,
    LEVELS,
    Think,
    UnknownLevelError,
    make_agent,
    parse_levels,
)
from tallon.cards import CARDS
from tallon.cards.pool import default_squads, random_squad
from tallon.cards.pool_1e import core_set_squads, random_squad_1e, squad_from_xws_1e
from tallon.cli.common import (
    ENVIRONMENT_OPTION,
    EnvironmentOption,
    ScenarioOption,
    fail,
    output_directory,
    scenario_option,
    think_budget,
    write_output,
)
from tallon.cli.squad_1e import load_squad_1e
from tallon.engine import Game, GameSetup, IllegalChoiceError, SetupError, records
from tallon.engine.environments import ENVIRONMENTS, chosen_environment
from tallon.engine.missions_1e import mission_of, mission_problem, mission_squads
from tallon.engine.scenarios import SCENARIOS, chosen_scenario
from tallon.files import FileAccessError, JsonTextError, parse_json, read_text
from tallon.render.replay import replay_html
from tallon.rulesets import DEFAULT_RULESET, ruleset_problem
from tallon.rulesets import ruleset_rules as game_rules
from tallon.squads import Squad, XwsError, check_squad_to_play, read_xws_file
from tallon.squads.play_1e import looks_first_edition


def load_squad(path: Path, player: int) -> Squad:
    """A legal squad from an XWS file, or exit 2 naming the file and every problem."""
    try:
        imported = read_xws_file(path)
    except XwsError as error:
        typer.echo(f"error: player {player}: {error}", err=True)
        raise typer.Exit(2) from None
    report = check_squad_to_play(imported.squad, errors=imported.errors)
    if not report.legal:
        for problem in report.errors:
            where = f" ({problem.where})" if problem.where else ""
            typer.echo(f"error: {path}{where}: {problem.rule}: {problem.message}", err=True)
        raise typer.Exit(2)
    return imported.squad


def first_edition_file(path: Path | None) -> bool:
    """Whether a squad file is a first-edition one (XWS 1.0: version 1.x or a side
    named rebel, imperial or scum); a file that cannot be read is judged later."""
    if path is None:
        return False
    try:
        data = parse_json(read_text(path))
    except (FileAccessError, JsonTextError):
        return False
    return isinstance(data, dict) and looks_first_edition(data)


def chosen_ruleset(ruleset: str | None, squad1: Path | None, squad2: Path | None,
                   mission: str | None = None) -> str:
    """The ruleset a demo plays: ``--ruleset``, else the first edition when a squad file
    is an XWS 1.0 one or a mission is named, else 2.5; exit 2 for an unknown one."""
    if ruleset is None:
        first = mission is not None or first_edition_file(squad1) or \
            first_edition_file(squad2)
        return "1e" if first else DEFAULT_RULESET
    problem = ruleset_problem(ruleset)
    if problem is not None:
        raise fail(f"--ruleset: {problem}", 2)
    return ruleset


def choose_squads_1e(seed: int, squad1: Path | None, squad2: Path | None,
                     random_squads: bool, points: int) -> tuple[Squad, Squad]:
    """The first edition's squads: the files given, else the core set's game (or random
    squads of ``points``)."""
    defaults = core_set_squads()
    if random_squads:
        rng = random.Random(seed)
        try:
            defaults = (random_squad_1e(rng, points=points),
                        random_squad_1e(rng, points=points))
        except ValueError as error:
            raise fail(f"--random-squads --points {points}: {error}", 2) from None
    first = load_squad_1e(squad1, 1, points) if squad1 else defaults[0]
    second = load_squad_1e(squad2, 2, points) if squad2 else defaults[1]
    return first, second


def mission_squads_1e(mission: str, squad1: Path | None, squad2: Path | None,
                      points: int) -> tuple[Squad, Squad]:
    """A first-edition mission's squads: the files given, else the mission's own ships
    (rulebook (1e), Mission Setup), the Rebel squad as player 1."""
    problem = mission_problem(mission, "1e")
    if problem is not None:
        raise fail(f"--mission: {problem}", 2)
    own = mission_squads(mission)
    first = load_squad_1e(squad1, 1, points) if squad1 else squad_from_xws_1e(own[0])
    second = load_squad_1e(squad2, 2, points) if squad2 else squad_from_xws_1e(own[1])
    return first, second


def choose_squads(seed: int, squad1: Path | None, squad2: Path | None,
                  random_squads: bool) -> tuple[Squad, Squad]:
    defaults = default_squads()
    if random_squads:
        rng = random.Random(seed)
        defaults = (random_squad(rng), random_squad(rng))
    first = load_squad(squad1, 1) if squad1 else defaults[0]
    second = load_squad(squad2, 2) if squad2 else defaults[1]
    return first, second


def summary(game: Game, replay_path: str | None) -> dict[str, Any]:
    """The ``--json`` summary of a finished game (ships only: remotes are not ships)."""
    s = game.state
    ships = s.ships_of()
    ship_ids = {ship.id for ship in ships}
    return {
        "seed": game.setup.seed,
        "ruleset": game.setup.ruleset,
        "scenario": s.scenario,
        "mission": None if (mission := mission_of(game)) is None else mission.name,
        "environment": s.environment,
        "rounds": s.round,
        "winner": s.winner,
        "draw": s.draw,
        "state_hash": game.state_hash(),
        "ships_destroyed": sum(1 for ship in ships if ship.destroyed),
        "ships_fled": sum(1 for e in game.log if e["kind"] == "removed"
                          and e.get("reason") == "fled" and e.get("ship") in ship_ids),
        # the declaration names the defender (other "attack" events: Force spent, ...)
        "attacks": sum(1 for e in game.log if e["kind"] == "attack" and "defender" in e),
        "damage_dealt": sum(len(ship.damage) + (ship.shield_limit - ship.shields)
                            for ship in ships),
        "mission_points": [s.mission_points[1], s.mission_points[2]],
        "squads": [{"player": number, "name": squad.name, "faction": squad.faction,
                    "points": squad.points,
                    "ships": [{"pilot": ship.pilot.xws, "cost": ship.pilot.cost,
                               "upgrades": [u.upgrade.xws for u in ship.upgrades]}
                              for ship in squad.ships]}
                   for number, squad in enumerate(game.setup.squads, start=1)],
        "replay": replay_path,
    }


def squad_lines(game: Game) -> list[str]:
    """Each player's squad: name, faction, squad points, and each ship with its upgrades."""
    lines = []
    for number, squad in enumerate(game.setup.squads, start=1):
        lines.append(f"Player {number}: {squad.name or 'unnamed squad'} ({squad.faction}, "
                     f"{squad.points} points)")
        for ship in squad.ships:
            upgrades = ", ".join(u.upgrade.name for u in ship.upgrades)
            lines.append(f"  {ship.pilot.name} ({ship.pilot.cost})"
                         + (f" with {upgrades}" if upgrades else ""))
    return lines


def scenario_line(game: Game) -> str:
    """What the game is played for: the scenario's (or first-edition mission's) title and
    objective, or practice."""
    mission = mission_of(game)
    if mission is not None:
        return (f"First edition, mission: {mission.title} ({mission.name}). Rebels: "
                f"{mission.sides[0]} Imperials: {mission.sides[1]}")
    name = game.state.scenario
    if name is None and game.setup.ruleset != DEFAULT_RULESET:
        return (f"Ruleset {game.setup.ruleset}: {game.rules.title}, a standard game "
                "(destroy every enemy ship)")
    if name is None:
        return "No scenario: a practice game (points for the deficit and the enemy ships)"
    scenario = SCENARIOS[name]
    return f"Scenario: {scenario.title} ({name}). {scenario.objective}"


def print_log(game: Game) -> None:
    """The squads, the scenario, then each round's public events: attacks, damage and
    every mission point scored with its reason (events of kind "score")."""
    for line in squad_lines(game):
        typer.echo(line)
    typer.echo(scenario_line(game))
    card = game.state.environment
    if card is not None:
        typer.echo(f"Environment card: {ENVIRONMENTS[card].title}. "
                   f"{ENVIRONMENTS[card].house_rule}")
    current = None
    for event in game.log:
        if "secret" in event or event["kind"] == "round":
            continue  # hidden choices (dials, secret conditions); rounds are headings
        if event["round"] != current:
            current = event["round"]
            typer.echo(f"\n== {'Setup' if current == 0 else f'Round {current}'} ==")
        typer.echo(f"  {event['text']}")


def agent_levels(text: str) -> tuple[str, str]:
    """The two AI levels of an ``--agents`` value; exit status 2 naming the levels."""
    try:
        return parse_levels(text)
    except UnknownLevelError as error:
        raise fail(f"--agents {error}", 2) from None


#: ``--scenario``: by default a standard scenario drawn from the seed (issue 19)
SCENARIO_OPTION = scenario_option("the game is played in", "random")


def demo(
    seed: int = typer.Option(1, "--seed", help="Seed of the game's random generator."),
    out: Path = typer.Option(Path("out"), "--out",
                             help="Directory for replay.json and replay.html."),
    rounds: int = typer.Option(12, "--rounds", min=1, help="Rounds to play."),
    squad1: Path | None = typer.Option(None, "--squad1", help="Player 1's squad (XWS file)."),
    squad2: Path | None = typer.Option(None, "--squad2", help="Player 2's squad (XWS file)."),
    random_squads: bool = typer.Option(
        False, "--random-squads", help="Random legal squads of the cards the engine plays "
        "(drawn from the seed) instead of the default squads."),
    agents: str = typer.Option(
        "ace,ace", "--agents", help="The AI level of player 1 and player 2, comma "
        f"separated: {', '.join(LEVELS)} (one name plays both sides)."),
    think: Think = typer.Option(
        str(DEFAULT_THINK), "--think", metavar="BUDGET", parser=think_budget,
        help="How much the master level thinks per decision: imagined decisions (e.g. "
        "400: the same game on any machine) or seconds of the clock (e.g. 0.5s)."),
    scenario: ScenarioOption = SCENARIO_OPTION,
    environment: EnvironmentOption = ENVIRONMENT_OPTION,
    ruleset: str | None = typer.Option(
        None, "--ruleset", help="The rules played: 2.5 (the default) or 1e, the first "
        "edition (XWS 1.0 squad files, 100-point squads, the core set's game by default: "
        "Luke Skywalker against Night Beast and an Obsidian Squadron Pilot). A squad file "
        "in XWS 1.0 selects 1e by itself."),
    mission: str | None = typer.Option(
        None, "--mission", help="First edition: the core set's mission played "
        "(political-escort, asteroid-run, dark-whispers), with its own squads unless "
        "--squad1/--squad2 are given."),
    damage_deck: str | None = typer.Option(
        None, "--damage-deck", help="First edition: the damage deck shuffled, core (the "
        "core set's, the default) or core-tfa (The Force Awakens core set's)."),
    points: int = typer.Option(100, "--points", min=1,
                               help="First edition: the squad point total squads are "
                               "checked against (and random squads are built to)."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON summary instead."),
) -> None:
    """Play a whole game between two AI players (default: the ace against the ace, with
    two 20-point squads of named pilots, in a standard scenario drawn from the seed),
    print the log round by round - each attack's dice, every modification, the damage and
    each mission point scored - and write a replay (JSON) and a page that steps through
    it (HTML)."""
    levels = agent_levels(agents)
    output_directory(out)  # before playing: a bad --out is refused at once
    played_rules = chosen_ruleset(ruleset, squad1, squad2, mission)
    if played_rules == "1e":
        squads = mission_squads_1e(mission, squad1, squad2, points) if mission else \
            choose_squads_1e(seed, squad1, squad2, random_squads, points)
        chosen, dealt = mission, None
        if damage_deck is not None and damage_deck not in ("core", "core-tfa"):
            raise fail(f"--damage-deck: unknown deck {damage_deck!r}; the first edition's "
                       "decks are core and core-tfa", 2)
    else:
        if mission is not None or damage_deck is not None:
            option = "--mission" if mission is not None else "--damage-deck"
            raise fail(f"{option}: first edition only (--ruleset 1e); 2.5 games shuffle the "
                       "core deck and are played in scenarios (--scenario)", 2)
        squads = choose_squads(seed, squad1, squad2, random_squads)
        chosen = chosen_scenario(str(scenario), seed)
        dealt = chosen_environment(str(environment), seed)
    try:
        game = Game(GameSetup(squads, seed=seed, rounds=rounds, cards=CARDS,
                              ruleset=played_rules, scenario=chosen, environment=dealt,
                              damage_deck=None if damage_deck is None
                              else game_rules(played_rules).card_id(damage_deck)))
    except SetupError as error:
        typer.echo("error: the engine cannot play these squads:", err=True)
        for problem in error.problems:
            typer.echo(f"  - {problem}", err=True)
        raise typer.Exit(2) from None
    play(game, (make_agent(levels[0], seed, think=think),
                make_agent(levels[1], seed + 1, think=think)))
    record = game.to_record()
    replay_path = out / "replay.json"
    write_output(replay_path, json.dumps(record, indent=1))
    title = f"Tallon demo, seed {seed}"
    if game.state.scenario is not None:
        title += f", {SCENARIOS[game.state.scenario].title}"
    if (mission := mission_of(game)) is not None:
        title += f", first edition: {mission.title}"
    write_output(out / "replay.html", replay_html(record, title))
    if as_json:
        typer.echo(json.dumps({**summary(game, str(replay_path)), "agents": list(levels)}))
        return
    print_log(game)
    result = summary(game, str(replay_path))
    mission = result["mission"]
    winner = "a draw" if result["winner"] is None else f"player {result['winner']} wins"
    played = "no scenario" if game.state.scenario is None else game.state.scenario
    if game.setup.ruleset != DEFAULT_RULESET:
        played = f"ruleset {game.setup.ruleset}, " + (
            f"mission {mission}" if mission else "no mission")
    why = f"; {game.state.end_reason}" if game.state.end_reason else ""
    # a first-edition game scores the squad points of the enemy ships destroyed
    scored = "mission points" if game.rules.scenarios else "points of ships destroyed"
    typer.echo(f"\nAfter {result['rounds']} rounds ({played}): {winner}, {scored} "
               f"{result['mission_points'][0]}-{result['mission_points'][1]}{why}; state "
               f"{result['state_hash']}")
    typer.echo(f"wrote {replay_path} and {out / 'replay.html'}")


def replay(
    path: Path = typer.Argument(..., help="A replay file written by 'tallon demo'."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON for scripts."),
) -> None:
    """Re-run a saved game and check that it reproduces the recorded final state
    (exit status 0 when it does, 1 when it does not, 2 when the file can't be read)."""
    try:
        record = parse_json(read_text(path))
    except FileAccessError as error:
        raise fail(str(error)) from None
    except JsonTextError as error:
        raise fail(f"{path}: {error}") from None
    try:
        game = Game.from_record(record, CARDS, logging=False)
    except (SetupError, IllegalChoiceError) as error:
        raise fail(f"{path}: {error}") from None
    expected = record.get("state_hash")
    actual = game.state_hash(records.numbered_from_zero(record))
    same = game.reproduces(record)
    if as_json:
        typer.echo(json.dumps({"file": str(path), "reproduced": same, "expected": expected,
                               "actual": actual, "choices": len(record["choices"]),
                               "over": game.over}))
    else:
        verdict = "reproduces" if same else "does NOT reproduce"
        typer.echo(f"{path}: {len(record['choices'])} answers replayed; the game "
                   f"{verdict} the recorded state ({actual} vs {expected})")
    raise typer.Exit(0 if same else 1)


def register(app: typer.Typer) -> None:
    app.command("demo")(demo)
    app.command("replay")(replay)
