"""``tallon dice advise``: the options at a rolled result, ranked by their value.

Registered on ``dice_app`` when the dice group is registered (``tallon.cli.dice.register``).
The attack is read with the dice group's own flags and checks (``build_attack``).
"""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

from tallon.cli.dice import _describe, build_attack, dice_app, parse_objective
from tallon.dice import Role
from tallon.dice.advice import (
    STEP_CHOICES,
    Advice,
    AdviceError,
    advise,
    parse_faces,
    resolve_step,
    step_name,
)
from tallon.dice.counts import REROLLED
from tallon.dice.faces import DieKind, Face
from tallon.dice.result import fraction_text

_FLAGS = {
    "attack_faces": "--rolled",
    "defense_faces": "--defense-rolled",
    "step": "--step",
    "used": "--used",
    "attacker_tokens": "--attacker",
    "defender_tokens": "--defender",
}

_HELP = (
    "For a rolled result, every option of the player now deciding (spend focus, reroll with a "
    "lock, a card ability, or done), ranked by the expected final damage (or --objective) "
    "when both sides play optimally afterwards; the best is marked.\n\n"
    "Tokens are those the ships hold now. Examples:\n\n"
    "    tallon dice advise -a 3 --attacker focus,lock -d 2 --rolled hit,focus,blank\n"
    "    tallon dice advise -a 3 -d 2 --defender focus,evade --rolled hit,hit \\\n"
    "        --defense-rolled focus,blank\n"
    "    tallon dice advise -a 2 --attacker lock -d 1 --rolled 'blank*,focus' --json\n\n"
    "A result ending in * is a die already rerolled. Without --step: the attacker's Modify "
    "Attack Dice step, or with --defense-rolled the defender's Modify Defense Dice step."
)


@dice_app.command("advise", help=_HELP)
def advise_command(
    rolled: str = typer.Option(
        ..., "--rolled", "-r",
        help="The attack dice now, comma-separated: hit, crit, focus, blank (blank* for a die "
             "already rerolled).",
    ),
    defense_rolled: str = typer.Option(
        "", "--defense-rolled",
        help="The defense dice now, once rolled: evade, focus, blank (evade* if rerolled).",
    ),
    step: str | None = typer.Option(
        None, "--step",
        help=f"Whose step: {', '.join(STEP_CHOICES)}. 'attacker'/'defender' mean that "
             "player's step on the latest dice rolled. Default: attacker without "
             "--defense-rolled, else defender.",
    ),
    attack: int = typer.Option(..., "--attack", "-a", help="Attack dice (attack value)."),
    defense: int = typer.Option(0, "--defense", "-d", help="Defense dice (agility value)."),
    attacker: str = typer.Option(
        "", "--attacker", help="Attacker tokens held now, e.g. focus,lock or calculate,force=2."
    ),
    defender: str = typer.Option(
        "", "--defender", help="Defender tokens held now, e.g. focus,evade=2 or reinforce."
    ),
    attacker_abilities: str = typer.Option(
        "", "--attacker-abilities", help="Attacker's dice abilities (see 'tallon dice abilities')."
    ),
    defender_abilities: str = typer.Option(
        "", "--defender-abilities", help="Defender's dice abilities, as for the attacker's."
    ),
    attack_range: int | None = typer.Option(None, "--range", help="Attack range 0-3."),
    obstructed: bool = typer.Option(False, "--obstructed", help="Obstructed by an obstacle."),
    ordnance: bool = typer.Option(False, "--ordnance", help="Ordnance weapon: no range bonus."),
    special: bool = typer.Option(False, "--special", help="A special weapon."),
    reinforce_arc: bool = typer.Option(
        True, "--reinforce-arc/--no-reinforce-arc",
        help="Whether the attacker is in the arc of the defender's reinforce tokens.",
    ),
    used: str = typer.Option(
        "", "--used",
        help="Once-per-attack abilities already used in this attack, comma-separated ids.",
    ),
    objective: str = typer.Option(
        "damage", "--objective",
        help="What both sides optimise: 'damage', 'kill:K' (at least K damage) or 'crit'.",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the ranked options as JSON."),
    ruleset: str = typer.Option("2.5", "--ruleset", help="The rules: 2.5 or 1e."),
) -> None:
    """The ranked options at a rolled result (the group's help is ``_HELP``)."""
    built = build_attack(
        attack, defense, attacker, defender, attacker_abilities, defender_abilities,
        attack_range, obstructed, ordnance, not special, reinforce_arc, ruleset,
    )
    chosen = parse_objective(objective)
    used_keys = [k.strip().lower() for k in used.split(",") if k.strip()]
    try:
        resolved = resolve_step(step, bool(defense_rolled.strip()))
        advice = advise(built, resolved, rolled, defense_rolled, objective=chosen,
                        used=used_keys)
    except AdviceError as error:
        raise typer.BadParameter(str(error), param_hint=_FLAGS.get(error.field)) from None
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    name = step_name(resolved)
    faces = {
        "attack": _faces(rolled, DieKind.ATTACK),
        "defense": _faces(defense_rolled, DieKind.DEFENSE),
    }
    player = resolved.role
    if as_json:
        data = {
            "attack": _describe(built),
            "step": name,
            "player": player.value,
            "objective": chosen.describe(),
            "rolled": faces,
            "options": [a.to_dict() for a in advice],
        }
        typer.echo(json.dumps(data, indent=2))
        return
    print_advice(_describe(built), name, player, chosen.describe(), faces, advice,
                 Console())


def _faces(text: str, kind: DieKind) -> list[str]:
    counts = parse_faces(text, kind, "")
    return [
        Face(slot % REROLLED).label + ("*" if slot >= REROLLED else "")
        for slot, n in enumerate(counts)
        for _ in range(n)
    ]


def print_advice(attack: str, step: str, player: Role, objective: str,
                 faces: dict[str, list[str]], advice: list[Advice], console: Console) -> None:
    """The ranked options as a table, the best marked."""
    console.print(attack, markup=False, highlight=False)
    rolled = f"attack dice: {', '.join(faces['attack']) or 'none'}"
    if faces["defense"]:
        rolled += f"; defense dice: {', '.join(faces['defense'])}"
    words = step.replace("-", " ") + (" dice" if step.endswith(("attack", "defense")) else "")
    console.print(f"Step: {words}; {rolled}", markup=False, highlight=False)
    want = "high" if player is Role.ATTACKER else "low"
    table = Table(title=f"The {player.value}'s options by {objective}, both sides optimal "
                        f"afterwards (the {player.value} wants it {want})")
    # Expected crits are in the JSON: the table stays within 80 columns.
    for column, justify in (("#", "right"), ("option", "left"), (objective, "right"),
                            ("exact", "right"), ("", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for rank, item in enumerate(advice, start=1):
        table.add_row(str(rank), item.label, f"{float(item.value):.4f}",
                      fraction_text(item.value), "best" if item.best else "")
    console.print(table)
    if len(advice) == 1:
        console.print(f"The {player.value} has nothing to use on these dice now.")
