"""``tallon dice sequence`` and ``tallon dice destroy``: several attackers against one
defender, and how many attacks destroy a ship (issue 20, odds for list builders).

Attacks are described by ``tallon.dice.spec``, the same fields whether they come from a JSON
file or from ``--attack`` groups on the command line.
"""

from __future__ import annotations

import io
import json
import shlex
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from tallon.cli.common import card_database, fail, write_output
from tallon.cli.dice import (
    _describe,
    build_attack,
    check_plot_path,
    dice_app,
    plot_damage,
    print_sequence,
)
from tallon.cli.squad_1e import card_database_1e
from tallon.data import AmbiguousShipError, UnknownCardError
from tallon.dice import Attack, Combatant
from tallon.dice.result import fraction_text
from tallon.dice.sequence import MAX_ATTACKS, OBJECTIVES, SequenceResult, calculate_sequence
from tallon.dice.spec import (
    SpecError,
    attack_from_spec,
    check_dice,
    check_ruleset,
    spec_from_attack,
)
from tallon.files import FileAccessError, JsonTextError, parse_json, read_text

_DEFENDER_FIELDS = ("defense", "defender", "defender_abilities")
_FILE_FIELDS = (*_DEFENDER_FIELDS, "hull", "shields", "attacks", "ruleset")
_ATTACK_EXTRA = ("name", "repeat")


@dataclass(frozen=True)
class SequenceSpec:
    """What a file or the flags describe: the attacks in order (a repeated entry once per
    attack), their names, and the defender's hull and shields."""

    names: list[str]
    attacks: list[Attack]
    hull: int | None
    shields: int


def defender_from_spec(data: Mapping[str, Any], where: str = "", ruleset: str = "2.5"
                       ) -> Combatant:
    """The defender of a sequence from its fields ``defense``, ``defender`` (tokens) and
    ``defender_abilities``, checked as an attack's defender under ``ruleset``."""
    fields = {key: data[key] for key in _DEFENDER_FIELDS if key in data}
    return attack_from_spec({"attack": 0, **fields, "ruleset": ruleset}, where).defender


def sequence_from_spec(data: Any, where: str = "", ruleset: str | None = None
                       ) -> SequenceSpec:
    """Read ``{"defense": 2, "defender": {...}, "hull": 3, "shields": 2, "attacks": [...]}``
    (and ``"ruleset": "1e"``, else ``ruleset``, else 2.5); ``SpecError`` names the first bad
    field (``attacks[i]`` for an attack's)."""
    if not isinstance(data, Mapping):
        raise SpecError("(file)", 'expected an object such as {"defense": 2, "hull": 3, '
                                  '"attacks": [{"attack": 3}]}', where)
    for key in data:
        if key not in _FILE_FIELDS:
            raise SpecError(str(key), f"unknown field; accepted: {', '.join(_FILE_FIELDS)} "
                                      "(an attack's fields go in its entry of attacks)", where)
    if ruleset is not None and data.get("ruleset", ruleset) != ruleset:
        raise SpecError("ruleset", f"{data['ruleset']!r}, but --ruleset {ruleset} was asked "
                                   "for; give one of them", where)
    rules = check_ruleset(data.get("ruleset", ruleset or "2.5"), where).name
    defender = defender_from_spec(data, where, rules)
    hull = data.get("hull")
    if hull is not None:
        hull = _count(hull, "hull", where, 1, "1 or more, or null (no hull: damage only)")
    shields = _count(data.get("shields", 0), "shields", where, 0, "0 or more")
    entries = data.get("attacks")
    if not isinstance(entries, list) or not entries:
        raise SpecError("attacks", 'expected a list of one or more attacks, each such as '
                                   '{"name": "Howlrunner", "attack": 3, "attacker": "focus"}',
                        where)
    names: list[str] = []
    attacks: list[Attack] = []
    for index, entry in enumerate(entries):
        at = f"{where}: attacks[{index}]" if where else f"attacks[{index}]"
        name, repeat, attack = _attack_entry(entry, index, defender, at, rules)
        names.extend([name] * repeat)
        attacks.extend([attack] * repeat)
        if len(attacks) > MAX_ATTACKS:
            raise SpecError("repeat", f"{len(attacks)} attacks in all; accepted: at most "
                                      f"{MAX_ATTACKS}", at)
    return SequenceSpec(names, attacks, hull, shields)


def _attack_entry(entry: Any, index: int, defender: Combatant, at: str, ruleset: str
                  ) -> tuple[str, int, Attack]:
    if not isinstance(entry, Mapping):
        raise SpecError("(attack)", 'expected an object such as {"attack": 3, "attacker": '
                                    '"focus,lock", "range": 2}', at)
    for key in (*_DEFENDER_FIELDS, "ruleset"):
        if key in entry:
            raise SpecError(key, "the defender's fields and the ruleset go once at the top "
                                 "level, not in an attack (one defender for the whole "
                                 "sequence)", at)
    name = entry.get("name", f"attack {index + 1}")
    if not isinstance(name, str) or not name.strip():
        raise SpecError("name", f"{name!r}; accepted: a non-empty string", at)
    repeat = _count(entry.get("repeat", 1), "repeat", at, 1, f"1 to {MAX_ATTACKS}")
    attack = attack_from_spec({**entry, "ruleset": ruleset}, at, ignore=_ATTACK_EXTRA)
    try:
        # One defender object for every attack: the sequence carries its tokens over.
        attack = replace(attack, defender=defender)
    except ValueError as error:
        raise SpecError("(attack)", str(error), at) from None
    return name.strip(), repeat, attack


def _count(value: Any, field: str, where: str, least: int, accepted: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SpecError(field, f"{value!r}; accepted: {accepted}", where)
    return value


_GROUP_KEYS = {"range": "range", "abilities": "attacker_abilities", "name": "name",
               "repeat": "repeat"}
_GROUP_FLAGS = {"obstructed": ("obstructed", True), "ordnance": ("ordnance", True),
                "special": ("primary", False), "no-reinforce-arc": ("reinforce_arc", False)}
_GROUP_LABELS = {"attack": "dice", "attacker": "tokens", "attacker_abilities": "abilities=",
                 "range": "range=", "name": "name=", "repeat": "repeat=",
                 "reinforce_arc": "no-reinforce-arc", "primary": "special"}


def attack_group(text: str) -> dict[str, Any]:
    """One ``--attack`` group, ``"3 focus,lock range=1 abilities=howlrunner name=Howl"``,
    as an attack entry of a sequence file; ``SpecError`` for what cannot be read."""
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise SpecError("(group)", f"cannot split into words: {error}") from None
    if not words:
        raise SpecError("dice", "empty; a group starts with the number of attack dice")
    entry: dict[str, Any] = {"attack": _number(words[0])}
    tokens = []
    for word in words[1:]:
        key, sep, value = word.partition("=")
        if sep and key.lower() in _GROUP_KEYS:
            field = _GROUP_KEYS[key.lower()]
            entry[field] = _number(value) if field in ("range", "repeat") else value
        elif not sep and word.lower() in _GROUP_FLAGS:
            field, flag = _GROUP_FLAGS[word.lower()]
            entry[field] = flag
        else:
            tokens.append(word)
    entry["attacker"] = ",".join(tokens)
    return entry


def _number(text: str) -> int | str:
    # Left as text when it is no number, so that the spec's check says what is accepted.
    try:
        return int(text)
    except ValueError:
        return text


_SEQUENCE_HELP = """Several attacks against one defender, each with its own attacker (dice,
tokens, abilities, range); the defender's tokens carry over from attack to attack and both
sides play the whole sequence optimally.

Prints, per attack, P(performed) (the defender still there), E(damage), P(destroyed here) and
the defender's tokens left, then the total. Give a JSON file (YAML is not read) or --attack
groups, not both:

    tallon dice sequence attacks.json --hull 3

    {"defense": 2, "defender": {"focus": 1, "evade": 1}, "hull": 3, "shields": 2,
     "attacks": [{"name": "Howlrunner", "attack": 3, "attacker": "focus",
                  "range": 1},
                 {"name": "Academy", "attack": 2, "attacker": {"focus": 1},
                  "attacker_abilities": ["howlrunner"], "repeat": 2}]}

An attack's fields: attack, attacker (tokens), attacker_abilities, range (0-3 or
null), obstructed, ordnance, primary, reinforce_arc, name, repeat (that many attackers
alike, each with the tokens given: not one ship spending them twice). The file's
"ruleset": "1e" (or --ruleset 1e) plays first-edition dice. A group is the dice,
then words: tokens (focus,lock or force=2), range=N, abilities=ID,ID, name=TEXT,
repeat=N, obstructed, ordnance, special, no-reinforce-arc:

    tallon dice sequence -d 2 --defender focus,evade --hull 3 --shields 2 \\
        --attack "3 focus range=1 name=Howlrunner" \\
        --attack "2 focus abilities=howlrunner repeat=2 name=Academy"
"""


@dice_app.command("sequence", help=_SEQUENCE_HELP, short_help=(
    "Several attackers against one defender, its tokens carrying over (a JSON file or "
    "--attack groups)."))
def sequence(
    file: Annotated[Path | None, typer.Argument(
        help="A JSON file describing the defender and the attacks (see above).")] = None,
    attack: Annotated[list[str] | None, typer.Option(
        "--attack", "-a", help="One attack, as a group: DICE [TOKENS] [range=N] "
        "[abilities=IDS] [name=TEXT] [repeat=N] [obstructed] [ordnance] [special] "
        "[no-reinforce-arc]; give it once per attack.")] = None,
    defense: int = typer.Option(0, "--defense", "-d", help="Defender's agility (with --attack)."),
    defender: str = typer.Option("", "--defender", help="Defender's tokens, e.g. focus,evade."),
    defender_abilities: str = typer.Option(
        "", "--defender-abilities", help="Defender's dice abilities (see 'tallon dice "
        "abilities')."),
    hull: int | None = typer.Option(None, "--hull", help="Defender's hull (overrides the "
                                    "file's): report when it is destroyed."),
    shields: int | None = typer.Option(None, "--shields", help="Defender's shields (overrides "
                                       "the file's)."),
    objective: str = typer.Option(
        "", "--objective", help="What both sides play for: damage, destroy (chance to destroy) "
        "or fast (fewest attacks). Default: fast with a hull, else damage."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
    plot: Annotated[Path | None, typer.Option(
        "--plot", help="Draw the total damage and the attack that destroys to this image "
        "(PNG, SVG, ...).")] = None,
    ruleset: str | None = typer.Option(
        None, "--ruleset", help="The rules: 2.5 (the default) or 1e (first-edition tokens "
        "and ranges 1-3; no card abilities); a FILE may say \"ruleset\" instead."),
) -> None:
    check_plot_path(plot)
    if file is not None and attack:
        raise typer.BadParameter("give a FILE or --attack groups, not both", param_hint="FILE")
    if file is None and not attack:
        raise typer.BadParameter("missing: a FILE or one --attack group per attack; see "
                                 "--help", param_hint="--attack")
    if file is not None and (defense or defender or defender_abilities):
        raise typer.BadParameter("the defender comes from the FILE (only --hull and --shields "
                                 "override it)", param_hint="--defense/--defender")
    if file is not None:
        spec = _read_file(file, ruleset)
    else:
        spec = _from_flags(attack or [], defense, defender, defender_abilities, ruleset)
    hull = spec.hull if hull is None else hull
    shields = spec.shields if shields is None else shields
    if hull is not None and hull < 1:
        raise typer.BadParameter(f"{hull}; accepted: 1 or more", param_hint="--hull")
    if shields < 0:
        raise typer.BadParameter(f"{shields}; accepted: 0 or more", param_hint="--shields")
    if shields and hull is None:
        raise typer.BadParameter("shields count only with the defender's hull (--hull or the "
                                 "file's \"hull\")", param_hint="--shields")
    chosen = _objective(objective, hull)
    result = calculate_sequence(spec.attacks, hull=hull, shields=shields, objective=chosen)
    if as_json:
        typer.echo(json.dumps(sequence_json(spec, result, hull, shields), indent=2))
    else:
        console = Console()
        console.print(_defender_text(spec.attacks[0].defender, hull, shields)
                      + _rules_note(spec.attacks[0]), markup=False, highlight=False)
        print_sequence(result, console, spec.names)
    if plot is not None:
        title = (f"{len(spec.attacks)} attacks against "
                 f"{_defender_text(spec.attacks[0].defender, hull, shields)}")
        _plot(lambda: plot_damage(plot, None, result, title), plot, as_json)


def _objective(text: str, hull: int | None) -> str:
    chosen = text or ("fast" if hull is not None else "damage")
    if chosen not in OBJECTIVES:
        raise typer.BadParameter(f"{text!r}; accepted: {', '.join(OBJECTIVES)}",
                                 param_hint="--objective")
    if chosen != "damage" and hull is None:
        raise typer.BadParameter(f"{chosen!r} needs the defender's hull (--hull or the file's "
                                 "\"hull\")", param_hint="--objective")
    return chosen


def _read_file(path: Path, ruleset: str | None) -> SequenceSpec:
    try:
        data = parse_json(read_text(path))
    except FileAccessError as error:
        raise fail(str(error)) from None
    except JsonTextError as error:
        raise fail(f"{path}: {error} (only JSON is read)") from None
    try:
        return sequence_from_spec(data, str(path), ruleset)
    except SpecError as error:
        raise fail(str(error)) from None


_TOP_FLAGS = {"defense": "--defense", "defender": "--defender",
              "defender_abilities": "--defender-abilities", "ruleset": "--ruleset"}


def _from_flags(groups: Sequence[str], defense: int, defender: str, abilities: str,
                ruleset: str | None) -> SequenceSpec:
    entries = []
    for index, text in enumerate(groups):
        try:
            entries.append(attack_group(text))
        except SpecError as error:
            raise _group_error(index, text, error) from None
    data = {"defense": defense, "defender": defender, "defender_abilities": abilities,
            "attacks": entries, "ruleset": ruleset or "2.5"}
    try:
        return sequence_from_spec(data)
    except SpecError as error:
        if error.field in _TOP_FLAGS and not error.where:
            raise typer.BadParameter(error.reason,
                                     param_hint=_TOP_FLAGS[error.field]) from None
        index = int(error.where.partition("[")[2].partition("]")[0] or 0)
        raise _group_error(index, groups[index], error) from None


def _group_error(index: int, text: str, error: SpecError) -> typer.BadParameter:
    label = _GROUP_LABELS.get(error.field, error.field)
    return typer.BadParameter(f"group {index + 1} ({text!r}): {label}: {error.reason}",
                              param_hint="--attack")


def sequence_json(spec: SequenceSpec, result: SequenceResult, hull: int | None,
                  shields: int) -> dict[str, Any]:
    """The sequence's results as ``--json`` prints them: ``SequenceResult.to_dict()`` with the
    defender, each attack's name and spec, and P(destroyed within n attacks)."""
    data = result.to_dict()
    first = spec_from_attack(spec.attacks[0])
    if "ruleset" in first:  # as `tallon dice --json`: said only when it is not 2.5
        data["ruleset"] = first["ruleset"]
    data["defender"] = {"defense": first["defense"], "defender": first["defender"],
                        "defender_abilities": first["defender_abilities"], "hull": hull,
                        "shields": shields}
    for stage, name, attack in zip(data["attacks"], spec.names, spec.attacks, strict=True):
        stage["name"] = name
        stage["spec"] = {k: v for k, v in spec_from_attack(attack).items()
                         if k not in (*_DEFENDER_FIELDS, "ruleset")}
    within = _within(result)
    data["p_destroyed_within"] = [float(p) for p in within]
    data["p_destroyed_within_exact"] = [fraction_text(p) for p in within]
    return data


def _within(result: SequenceResult) -> list[Fraction]:
    """P(destroyed within n attacks) for n = 1..len: the running sum of attacks_needed."""
    total = Fraction(0)
    within = []
    for stage in result.stages:
        total += stage.p_destroyed_here
        within.append(total)
    return within


def _plot(draw: Any, path: Path, quiet: bool) -> None:
    try:
        draw()
    except ImportError:
        raise fail("drawing needs matplotlib: pip install 'tallon[plot]'") from None
    if not quiet:
        typer.echo(f"plot written to {path}")


def _rules_note(attack: Attack) -> str:
    return "" if attack.ruleset == "2.5" else f" ({attack.ruleset} rules)"


def _defender_text(defender: Combatant, hull: int | None, shields: int) -> str:
    tokens = ", ".join(f"{k}={v}" if v != 1 else k for k, v in defender.tokens.items() if v)
    abilities = ", ".join(a.key for a in defender.abilities)
    extra = "; ".join(x for x in (tokens, abilities) if x)
    text = f"defender: agility {defender.dice}" + (f" [{extra}]" if extra else "")
    return text + (f", hull {hull}, shields {shields}" if hull is not None else "")


@dataclass(frozen=True)
class Target:
    """A defender of ``tallon dice destroy``: a name and its printed values."""

    name: str
    agility: int
    hull: int
    shields: int


def _card_ship(xws: str, ruleset: str) -> Any:
    """A ship type of the ruleset's card data by xws id; ``ValueError`` suggesting close ids
    if unknown. The factions fielding a ship type print the same values, so any one
    answers."""
    try:
        if ruleset == "1e":
            return card_database_1e().ship(xws)
        try:
            return card_database().ship(xws)
        except AmbiguousShipError as error:
            return card_database().ship(xws, error.factions[0])
    except UnknownCardError as error:
        raise ValueError(str(error)) from None


def stock_ship(xws: str, ruleset: str = "2.5") -> Target:
    """A ship type of the card data of ``ruleset`` (2.5 or 1e) by xws id, as a defender;
    ``ValueError`` suggesting close ids if unknown."""
    ship = _card_ship(xws, ruleset)
    return Target(xws, ship.agility, ship.hull, ship.shields)


def _stock_attack(xws: str, ruleset: str) -> int:
    try:
        ship = _card_ship(xws, ruleset)
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint="--attacker-ship") from None
    values = [ship.attack] if ruleset == "1e" else [a.value for a in ship.attacks]
    if not [v for v in values if v is not None]:
        raise typer.BadParameter(f"{xws} has no primary weapon", param_hint="--attacker-ship")
    return max(v for v in values if v is not None)


_DESTROY_HELP = """How many attacks destroy a ship: P(destroyed within n attacks) for n = 1
to --attacks, the same attack repeated (the defender's tokens carrying over), against ships
of the card data (--ship, repeatable) or a defender given as numbers.

The attack is the usual -a/--attacker/--attacker-abilities/--range, or a stock ship's
primary attack value (its highest) with --attacker-ship; the attacker holds its tokens afresh
in each attack. With --ruleset 1e the dice follow the first edition and --ship and
--attacker-ship read the first edition's card data. Examples:

    tallon dice destroy -a 3 --attacker focus --ship tielnfighter --ship t65xwing
    tallon dice destroy --attacker-ship t65xwing --attacker focus,lock --range 2 \\
        --ship tielnfighter --defender focus --attacks 6 --plot destroy.png
    tallon dice destroy -a 2 --agility 3 --hull 3 --json
    tallon dice destroy --ruleset 1e --attacker-ship xwing --ship tiefighter

By default both sides play for the fewest attacks ('fast'); --objective destroy plays for
the chance to destroy within all the attacks, damage for expected damage.
"""


@dice_app.command("destroy", help=_DESTROY_HELP, short_help=(
    "P(destroyed within n attacks) for ships of the card data or given values, with a "
    "plot."))
def destroy(
    ship: Annotated[list[str] | None, typer.Option(
        "--ship", help="A defending ship type by xws id (e.g. tielnfighter); repeat it to "
        "compare ships on one chart.")] = None,
    agility: int | None = typer.Option(None, "--agility", help="Defender's agility (instead "
                                       "of --ship)."),
    hull: int | None = typer.Option(None, "--hull", help="Defender's hull (with --agility)."),
    shields: int = typer.Option(0, "--shields", help="Defender's shields (with --agility)."),
    defender: str = typer.Option("", "--defender", help="Defender's tokens, e.g. focus,evade."),
    defender_abilities: str = typer.Option("", "--defender-abilities",
                                           help="Defender's dice abilities."),
    attack: int | None = typer.Option(None, "--attack", "-a", help="Attack dice."),
    attacker_ship: str = typer.Option("", "--attacker-ship", help="Use this ship type's primary "
                                      "attack value as the attack dice (xws id)."),
    attacker: str = typer.Option("", "--attacker", help="Attacker's tokens, fresh each attack."),
    attacker_abilities: str = typer.Option("", "--attacker-abilities",
                                           help="Attacker's dice abilities."),
    attack_range: int | None = typer.Option(None, "--range", help="Attack range 0-3."),
    obstructed: bool = typer.Option(False, "--obstructed", help="Obstructed by an obstacle."),
    attacks: int = typer.Option(8, "--attacks", help=f"Attacks at most (1-{MAX_ATTACKS})."),
    objective: str = typer.Option("fast", "--objective", help="fast, destroy or damage."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
    plot: Annotated[Path | None, typer.Option(
        "--plot", help="Draw P(destroyed within n attacks), a curve per ship, to this "
        "image.")] = None,
    ruleset: str = typer.Option("2.5", "--ruleset", help="The rules and card data: 2.5 or "
                                "1e (first-edition tokens and ships)."),
) -> None:
    check_plot_path(plot)
    try:
        ruleset = check_ruleset(ruleset).name
    except SpecError as error:
        raise typer.BadParameter(error.reason, param_hint="--ruleset") from None
    targets = _targets(ship or [], agility, hull, shields, ruleset)
    if (attack is None) == (not attacker_ship):
        raise typer.BadParameter("give the attack dice (-a N) or --attacker-ship XWS, one of "
                                 "them", param_hint="--attack")
    dice = attack if attack is not None else _stock_attack(attacker_ship, ruleset)
    if not 1 <= attacks <= MAX_ATTACKS:
        raise typer.BadParameter(f"{attacks}; accepted: 1 to {MAX_ATTACKS}",
                                 param_hint="--attacks")
    if objective not in OBJECTIVES:
        raise typer.BadParameter(f"{objective!r}; accepted: {', '.join(OBJECTIVES)}",
                                 param_hint="--objective")
    rows = []
    for target in targets:
        built = build_attack(dice, target.agility, attacker, defender, attacker_abilities,
                             defender_abilities, attack_range, obstructed, False, True, True,
                             ruleset)
        result = calculate_sequence([built] * attacks, hull=target.hull,
                                    shields=target.shields, objective=objective)
        rows.append((target, built, result))
    if as_json:
        typer.echo(json.dumps(destroy_json(rows, objective), indent=2))
    else:
        _print_destroy(rows, attacks)
    if plot is not None:
        curves = {f"{t.name} ({t.agility} agi, {t.hull}+{t.shields})": _within(r)
                  for t, _, r in rows}
        _plot(lambda: plot_destroy(plot, curves, _describe(rows[0][1]).split(" vs ")[0]),
              plot, as_json)


def _targets(ships: Sequence[str], agility: int | None, hull: int | None, shields: int,
             ruleset: str) -> list[Target]:
    if ships and (agility is not None or hull is not None or shields):
        raise typer.BadParameter("give --ship or the numbers (--agility, --hull, --shields), "
                                 "not both", param_hint="--ship")
    if ships:
        targets = []
        for xws in ships:
            try:
                targets.append(stock_ship(xws, ruleset))
            except ValueError as error:
                raise typer.BadParameter(str(error), param_hint="--ship") from None
        return targets
    if agility is None or hull is None:
        raise typer.BadParameter("missing: a defender, --ship XWS or --agility N --hull N "
                                 "[--shields N]", param_hint="--ship")
    if hull < 1:
        raise typer.BadParameter(f"{hull}; accepted: 1 or more", param_hint="--hull")
    if shields < 0:
        raise typer.BadParameter(f"{shields}; accepted: 0 or more", param_hint="--shields")
    try:
        check_dice(agility, "--agility")
    except SpecError as error:
        raise typer.BadParameter(error.reason, param_hint="--agility") from None
    return [Target(f"agility {agility}, hull {hull}, shields {shields}", agility, hull, shields)]


def destroy_json(rows: Sequence[tuple[Target, Attack, SequenceResult]], objective: str
                 ) -> dict[str, Any]:
    """``tallon dice destroy --json``: the attack, then per defender its values and
    P(destroyed within n attacks) for n = 1.. (floats and exact "p/q")."""
    attack = spec_from_attack(rows[0][1])
    return {
        "attack": {k: v for k, v in attack.items() if k not in _DEFENDER_FIELDS},
        "objective": objective,
        "defenders": [{
            "name": target.name, "agility": target.agility, "hull": target.hull,
            "shields": target.shields, "defender": attack["defender"],
            "defender_abilities": attack["defender_abilities"],
            "p_destroyed_within": [float(p) for p in _within(result)],
            "p_destroyed_within_exact": [fraction_text(p) for p in _within(result)],
            "expected_total_damage": float(result.expected_total_damage),
        } for target, _, result in rows],
    }


def _print_destroy(rows: Sequence[tuple[Target, Attack, SequenceResult]], attacks: int) -> None:
    console = Console()
    console.print(_describe(rows[0][1]).split(" vs ")[0] + _rules_note(rows[0][1]),
                  markup=False, highlight=False)
    table = Table(title=f"P(destroyed within n attacks), objective {rows[0][2].objective}")
    table.add_column("n", justify="right")
    curves = [_within(result) for _, _, result in rows]
    for target, _, _ in rows:
        table.add_column(f"{target.name}\n{target.agility} agi, {target.hull} hull, "
                         f"{target.shields} sh", justify="right", min_width=len(target.name))
    for n in range(attacks):
        table.add_row(str(n + 1), *(f"{float(c[n]) * 100:7.3f}%" for c in curves))
    console.print(table)


def plot_destroy(path: Path, curves: Mapping[str, Sequence[Fraction]], title: str) -> None:
    """P(destroyed within n attacks) against n, a line per defender, written to ``path`` in
    the format its suffix names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, ax = plt.subplots(figsize=(6, 4))
    for label, values in curves.items():
        ax.plot(range(1, len(values) + 1), [float(p) for p in values], marker="o", label=label)
    ax.set_xlabel("attacks")
    ax.set_ylabel("P(destroyed within n attacks)")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(title, fontsize=9)
    figure.tight_layout()
    image = io.BytesIO()
    figure.savefig(image, format=path.suffix.lower().lstrip(".").replace("jpg", "jpeg"))
    plt.close(figure)
    write_output(path, image.getvalue())
