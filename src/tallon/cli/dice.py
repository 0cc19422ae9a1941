"""``tallon dice``: exact attack odds, attack sequences, and live rolls."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from tallon.cli.common import fail, write_output
from tallon.dice import (
    CATALOGUE,
    Attack,
    AttackResult,
    Combatant,
    DicePool,
    DieKind,
    Objective,
    Role,
    calculate,
)
from tallon.dice.objectives import objective_from_text
from tallon.dice.playout import OptimalPlay, play_attack
from tallon.dice.result import fraction_text
from tallon.dice.sequence import MAX_ATTACKS, OBJECTIVES, SequenceResult, calculate_sequence
from tallon.dice.spec import SpecError, attack_from_spec, check_dice, parse_token_spec
from tallon.files import is_directory

dice_app = typer.Typer(
    name="dice",
    # Markdown (as the whole command line, tallon.cli.app): a paragraph is rewrapped to the
    # terminal; the indented examples are printed as written, each a line that fits in 80
    # columns and can be copied
    help=(
        "Exact attack odds — fractions, not simulations — with both sides choosing their dice "
        "modifications optimally.\n\n"
        "Prints the damage distribution, expected damage, P(crit) and the tokens left. "
        "Examples (-a is --attack, -d --defense):\n\n"
        "    tallon dice -a 3 --attacker focus,lock -d 2 --defender focus,evade\n"
        "    tallon dice -a 3 -d 2 --range 1 --objective kill:3\n"
        "    tallon dice -a 3 --attacker-abilities howlrunner -d 2\n"
        "    tallon dice -a 3 --attacker focus -d 2 --repeat 3 --hull 4 --shields 2\n"
        "    tallon dice --ruleset 1e -a 3 --attacker focus,lock -d 2 --defender evade\n\n"
        "The commands below roll live dice instead."
    ),
    invoke_without_command=True,
    no_args_is_help=False,
)

_TOKENS_HELP = "Comma-separated, each NAME or NAME=COUNT"


def register(app: typer.Typer) -> None:
    """Add the ``dice`` command group to the ``tallon`` command line."""
    from tallon.cli import dice_sequence  # noqa: F401 - its commands join dice_app on import

    app.add_typer(dice_app, name="dice")
    # `tallon dice advise` joins dice_app on import too (typer reads the commands later).
    from tallon.cli import dice_advice  # noqa: F401


def parse_tokens(text: str, role: Role, option: str) -> dict[str, int]:
    """Read ``focus,lock,force=2`` into counts; raise ``typer.BadParameter`` naming ``option``."""
    try:
        return parse_token_spec(text, role, option)
    except SpecError as error:
        raise typer.BadParameter(error.reason, param_hint=option) from None


def parse_objective(text: str) -> Objective:
    """``damage`` (default), ``kill:K`` (at least K damage) or ``crit`` (at least one crit)."""
    try:
        return objective_from_text(text)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--objective") from None


def _check_dice(value: int, option: str) -> int:
    try:
        return check_dice(value, option)
    except SpecError as error:
        raise typer.BadParameter(error.reason, param_hint=option) from None


#: The spec's fields (tallon.dice.spec) as the flags that set them.
FLAGS = {"attack": "--attack", "defense": "--defense", "attacker": "--attacker",
         "defender": "--defender", "attacker_abilities": "--attacker-abilities",
         "defender_abilities": "--defender-abilities", "range": "--range",
         "obstructed": "--obstructed", "ordnance": "--ordnance", "primary": "--special",
         "reinforce_arc": "--reinforce-arc", "ruleset": "--ruleset"}


def build_attack(
    attack: int,
    defense: int,
    attacker: str,
    defender: str,
    attacker_abilities: str,
    defender_abilities: str,
    attack_range: int | None,
    obstructed: bool,
    ordnance: bool,
    primary: bool,
    reinforce_arc: bool,
    ruleset: str = "2.5",
) -> Attack:
    """Turn command-line values into an ``Attack``, with errors that name the flag (the
    checks are ``tallon.dice.spec``'s, shared with files and the web page)."""
    spec = {"attack": attack, "defense": defense, "attacker": attacker, "defender": defender,
            "attacker_abilities": attacker_abilities, "defender_abilities": defender_abilities,
            "range": attack_range, "obstructed": obstructed, "ordnance": ordnance,
            "primary": primary, "reinforce_arc": reinforce_arc, "ruleset": ruleset}
    try:
        return attack_from_spec(spec)
    except SpecError as error:
        raise typer.BadParameter(error.reason, param_hint=FLAGS.get(error.field)) from None


def _describe(attack: Attack) -> str:
    def side(name: str, combatant: Combatant) -> str:
        tokens = ", ".join(
            f"{k}={v}" if v != 1 else k for k, v in combatant.tokens.items() if v
        )
        abilities = ", ".join(a.key for a in combatant.abilities)
        extra = "; ".join(x for x in (tokens, abilities) if x)
        return f"{name} {combatant.dice}" + (f" [{extra}]" if extra else "")

    conditions = []
    if attack.attack_range is not None:
        conditions.append(f"range {attack.attack_range}")
    if attack.obstructed:
        conditions.append("obstructed")
    if attack.ordnance:
        conditions.append("ordnance")
    if not attack.primary:
        conditions.append("special weapon")
    if attack.ruleset != "2.5":
        conditions.append(f"{attack.ruleset} rules")
    text = f"{side('attack', attack.attacker)} vs {side('defense', attack.defender)}"
    return text + (f" ({', '.join(conditions)})" if conditions else "")


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:7.3f}%"


def print_result(attack: Attack, result: AttackResult, console: Console) -> None:
    """The damage table and the headline numbers."""
    console.print(_describe(attack), markup=False, highlight=False)
    table = Table(title=f"Damage (both sides optimise {result.objective_name})")
    table.add_column("damage", justify="right")
    table.add_column("P(exactly)", justify="right")
    table.add_column("P(at least)", justify="right")
    table.add_column("exact", justify="right")
    damage = result.damage
    for d, p in enumerate(damage):
        table.add_row(str(d), _percent(p), _percent(sum(damage[d:], Fraction(0))), fraction_text(p))
    console.print(table)
    console.print(f"Expected damage: {float(result.expected_damage):.4f} "
                  f"({fraction_text(result.expected_damage)})")
    console.print(f"P(at least one crit): {float(result.p_crit):.4f} "
                  f"({fraction_text(result.p_crit)})")
    console.print(f"P(hit): {float(result.p_hit):.4f}")
    for role in Role:
        left = result.expected_tokens(role)
        if left:
            shown = ", ".join(f"{k} {float(v):.3f}" for k, v in left.items())
            console.print(f"Expected {role.value} tokens left: {shown}")


def print_sequence(result: SequenceResult, console: Console,
                   names: Sequence[str] | None = None) -> None:
    """Per-attack results, total damage, and when the defender is destroyed; ``names`` (one
    per attack) are written after the attacks' numbers."""
    table = Table(
        title=f"Attacks in a row (defender tokens carry over; objective {result.objective})"
    )
    columns = ("attack", "P(performed)", "E(damage)", "P(destroyed here)", "defender tokens left")
    for column in columns:
        table.add_column(column, justify="right")
    for i, stage in enumerate(result.stages, start=1):
        tokens = ", ".join(f"{k} {float(v):.2f}" for k, v in stage.defender_tokens.items() if v)
        table.add_row(
            str(i) if names is None else f"{i} {names[i - 1]}",
            _percent(stage.p_performed),
            f"{float(stage.expected_damage):.4f}",
            _percent(stage.p_destroyed_here),
            tokens or "-",
        )
    console.print(table)
    console.print(f"Expected total damage: {float(result.expected_total_damage):.4f} "
                  f"({fraction_text(result.expected_total_damage)})")
    if result.durability is not None:
        console.print(f"P(destroyed within {len(result.stages)} attacks): "
                      f"{float(result.p_destroyed):.4f} ({fraction_text(result.p_destroyed)})")


def check_plot_path(plot: Path | None) -> None:
    """Refuse a ``--plot`` file of an unknown format or in a missing directory, before any
    work is done."""
    if plot is not None and plot.suffix.lower() not in {".png", ".svg", ".pdf", ".jpg", ".jpeg"}:
        raise typer.BadParameter(
            f"{plot}; accepted: a .png, .svg, .pdf or .jpg file name", param_hint="--plot"
        )
    if plot is not None and not is_directory(plot.parent):
        raise typer.BadParameter(f"{plot}: the directory {plot.parent} does not exist",
                                 param_hint="--plot")


def plot_damage(path: Path, result: AttackResult | None, sequence: SequenceResult | None,
                title: str) -> None:
    """Bar charts of the damage distribution (and, for a sequence, attacks needed), written
    to ``path`` in the format its suffix names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels: list[tuple[str, list[float], str]] = []
    if result is not None:
        panels.append(("damage", [float(p) for p in result.damage], "P(damage = d)"))
    if sequence is not None:
        panels.append(("total damage", [float(p) for p in sequence.total_damage], "P(total = d)"))
        if sequence.durability is not None:
            needed = [float(p) for p in sequence.attacks_needed]
            panels.append(("attack that destroys", needed, "P(n-th attack destroys)"))
    figure, axes = plt.subplots(1, len(panels), figsize=(5 * len(panels), 4), squeeze=False)
    for ax, (xlabel, values, ylabel) in zip(axes[0], panels, strict=True):
        ax.bar(range(len(values)), values, color="#b22222")
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
        ax.set_xticks(range(len(values)))
        ax.set_ylim(0, 1)
    figure.suptitle(title, fontsize=9)
    figure.tight_layout()
    image = io.BytesIO()
    figure.savefig(image, format=path.suffix.lower().lstrip(".").replace("jpg", "jpeg"))
    plt.close(figure)
    write_output(path, image.getvalue())


@dice_app.callback()
def dice(
    ctx: typer.Context,
    attack: int | None = typer.Option(
        None, "--attack", "-a", help="Attack dice: the attack value before range and other bonuses."
    ),
    defense: int = typer.Option(0, "--defense", "-d", help="Defense dice: the agility value."),
    attacker: str = typer.Option(
        "", "--attacker",
        help=f"Attacker tokens. {_TOKENS_HELP}, e.g. focus,lock or calculate,force=2. Names: "
             "focus, lock, calculate, force, evade, deplete.",
    ),
    defender: str = typer.Option(
        "", "--defender",
        help=f"Defender tokens. {_TOKENS_HELP}, e.g. focus,evade=2 or reinforce. Names: focus, "
             "evade, calculate, force, reinforce, strain.",
    ),
    attacker_abilities: str = typer.Option(
        "", "--attacker-abilities",
        help="Attacker's dice abilities, comma-separated ids (see 'tallon dice abilities'); "
             "KEY=N sets a number (charges, ships).",
    ),
    defender_abilities: str = typer.Option(
        "", "--defender-abilities", help="Defender's dice abilities, as for the attacker's."
    ),
    attack_range: int | None = typer.Option(
        None, "--range", help="Attack range 0-3: adds the range bonus die (range 1 attack, range 3 "
                              "defense); omit if the dice counts already include it.",
    ),
    obstructed: bool = typer.Option(
        False, "--obstructed", help="Obstructed by an obstacle: the defender rolls 1 extra die."
    ),
    ordnance: bool = typer.Option(False, "--ordnance", help="Ordnance weapon: no range bonus."),
    special: bool = typer.Option(
        False, "--special", help="A special weapon: the range-0 primary-attack limits do not apply "
                                 "(1e: a secondary weapon, without range bonus)."
    ),
    reinforce_arc: bool = typer.Option(
        True, "--reinforce-arc/--no-reinforce-arc",
        help="Whether the attacker is in the arc of the defender's reinforce tokens "
             "(1e: on the side the token names).",
    ),
    ruleset: str = typer.Option(
        "2.5", "--ruleset",
        help="The rules: 2.5, or 1e (the first edition: tokens focus, lock, evade; defender "
             "reinforce, tractor, cloak; ranges 1-3; no card abilities yet).",
    ),
    objective: str = typer.Option(
        "damage", "--objective",
        help="What both sides optimise: 'damage' (expected damage), 'kill:K' (chance of at "
             "least K damage) or 'crit' (chance of a crit).",
    ),
    repeat: int = typer.Option(
        1, "--repeat", help="Perform this attack N times against the same defender, its tokens "
                            "carrying over between attacks.",
    ),
    hull: int | None = typer.Option(
        None, "--hull", help="Defender's hull: report when it is destroyed (with --shields)."
    ),
    shields: int = typer.Option(0, "--shields", help="Defender's shields (with --hull)."),
    sequence_objective: str = typer.Option(
        "", "--sequence-objective",
        help="With --repeat or --hull: 'damage', 'destroy' (chance to destroy) or 'fast' "
             "(fewest attacks). Default: 'fast' with --hull, else 'damage'.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot", help="Draw the damage distribution to this image file (PNG, SVG, ...)."
        ),
    ] = None,
) -> None:
    """Exact odds of an attack, both sides playing their dice modifications optimally.

    The group's help (``dice_app``, above) is what ``tallon dice --help`` prints, with
    examples.
    """
    if ctx.invoked_subcommand is not None:
        return
    if attack is None:
        raise typer.BadParameter(
            "missing: how many attack dice (e.g. --attack 3); see --help", param_hint="--attack"
        )
    built = build_attack(
        attack, defense, attacker, defender, attacker_abilities, defender_abilities,
        attack_range, obstructed, ordnance, not special, reinforce_arc, ruleset,
    )
    chosen = parse_objective(objective)
    if not 1 <= repeat <= MAX_ATTACKS:
        raise typer.BadParameter(
            f"{repeat}; accepted: 1 to {MAX_ATTACKS} attacks", param_hint="--repeat"
        )
    if hull is not None and hull < 1:
        raise typer.BadParameter(f"{hull}; accepted: 1 or more", param_hint="--hull")
    if shields < 0:
        raise typer.BadParameter(f"{shields}; accepted: 0 or more", param_hint="--shields")
    if sequence_objective and sequence_objective not in OBJECTIVES:
        raise typer.BadParameter(
            f"{sequence_objective!r}; accepted: {', '.join(OBJECTIVES)}",
            param_hint="--sequence-objective",
        )
    if sequence_objective in ("destroy", "fast") and hull is None:
        raise typer.BadParameter(
            f"'{sequence_objective}' needs the defender's --hull", param_hint="--sequence-objective"
        )
    check_plot_path(plot)

    result = calculate(built, chosen)
    sequence = None
    if repeat > 1 or hull is not None:
        seq_objective = sequence_objective or ("fast" if hull is not None else "damage")
        sequence = calculate_sequence(
            [built] * repeat, hull=hull, shields=shields, objective=seq_objective
        )

    if as_json:
        data = {"attack": _describe(built), **result.to_dict()}
        if built.ruleset != "2.5":
            data["ruleset"] = built.ruleset
        if sequence is not None:
            data["sequence"] = sequence.to_dict()
        typer.echo(json.dumps(data, indent=2))
    else:
        console = Console()
        print_result(built, result, console)
        if sequence is not None:
            print_sequence(sequence, console)
    if plot is not None:
        try:
            plot_damage(plot, result, sequence, _describe(built))
        except ImportError:
            raise fail("drawing needs matplotlib: pip install 'tallon[plot]'") from None
        if not as_json:
            typer.echo(f"plot written to {plot}")


@dice_app.command("roll")
def roll(
    attack: int = typer.Option(0, "--attack", "-a", help="Attack dice to roll (0-6)."),
    defense: int = typer.Option(0, "--defense", "-d", help="Defense dice to roll (0-6)."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the generator (repeatable)."),
) -> None:
    """Roll attack and defense dice with a seeded generator and show the faces."""
    _check_dice(attack, "--attack")
    _check_dice(defense, "--defense")
    rng = random.Random(seed)
    for count, kind in ((attack, DieKind.ATTACK), (defense, DieKind.DEFENSE)):
        if count:
            pool = DicePool.roll(kind, count, rng)
            typer.echo(f"{kind.value}: {', '.join(f.label for f in pool.faces())}")


@dice_app.command("play")
def play(
    attack: int = typer.Option(..., "--attack", "-a", help="Attack dice (attack value)."),
    defense: int = typer.Option(0, "--defense", "-d", help="Defense dice (agility value)."),
    attacker: str = typer.Option("", "--attacker", help=f"Attacker tokens. {_TOKENS_HELP}"),
    defender: str = typer.Option("", "--defender", help=f"Defender tokens. {_TOKENS_HELP}"),
    attacker_abilities: str = typer.Option("", "--attacker-abilities", help="Attacker abilities."),
    defender_abilities: str = typer.Option("", "--defender-abilities", help="Defender abilities."),
    attack_range: int | None = typer.Option(None, "--range", help="Attack range 0-3."),
    obstructed: bool = typer.Option(False, "--obstructed", help="Obstructed by an obstacle."),
    seed: int | None = typer.Option(None, "--seed", help="Seed of the generator."),
    ruleset: str = typer.Option("2.5", "--ruleset", help="The rules: 2.5 or 1e."),
) -> None:
    """Play one attack on live dice, both sides using the calculator's optimal choices."""
    built = build_attack(
        attack, defense, attacker, defender, attacker_abilities, defender_abilities,
        attack_range, obstructed, False, True, True, ruleset,
    )
    outcome = play_attack(built, random.Random(seed), OptimalPlay(built))
    for line in outcome.log:
        typer.echo(line)
    typer.echo(f"damage: {outcome.damage}")


@dice_app.command("abilities")
def abilities(
    as_json: bool = typer.Option(False, "--json", help="Print the list as JSON."),
) -> None:
    """List the card abilities the calculator knows, with their ids."""
    entries = [{"id": entry.key, "card": entry.card,
                "who": sorted(r.value for r in entry.roles), "effect": entry.summary,
                "parameter": entry.parameter} for entry in CATALOGUE.values()]
    if as_json:
        typer.echo(json.dumps(entries, indent=2))
        return
    table = Table(title="Dice abilities: use the id with --attacker-abilities/--defender-abilities")
    for column in ("id", "card", "who", "effect", "=N sets"):
        table.add_column(column)
    for e in entries:
        table.add_row(e["id"], e["card"], " / ".join(e["who"]), e["effect"], e["parameter"] or "")
    Console().print(table)
