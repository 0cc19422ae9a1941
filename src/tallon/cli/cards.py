"""``tallon cards``: look cards up in the card database."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tallon.cards import CARDS
from tallon.cards.pool import pilot_playable, upgrade_playable
from tallon.cli.cards_1e import list_1e, show_1e
from tallon.cli.common import card_database, fail
from tallon.data import (
    CARD_KINDS,
    Action,
    CardDatabase,
    Condition,
    Pilot,
    SearchHit,
    Ship,
    Upgrade,
    UpgradeSide,
    name_key,
)
from tallon.data.codec import to_data
from tallon.data.vocab import (
    BEARINGS,
    FACTIONS,
    SLOTS,
    action_name,
    arc_name,
    slot_name,
)
from tallon.rulesets import DEFAULT_RULESET, RULESETS
from tallon.squads.restrictions import describe_group

cards_app = typer.Typer(
    name="cards",
    help="Look up cards: stats, dials, slots, costs, legality.",
    no_args_is_help=True,
)

# Dial columns in table order: left to right, then the special maneuvers, then reverse.
_BEARING_ORDER = "TBFNYKLPERASDO"
_BEARING_GLYPHS = {
    "T": "↰",
    "B": "↖",
    "F": "↑",
    "N": "↗",
    "Y": "↱",
    "K": "K",
    "L": "Sl",
    "P": "Sr",
    "E": "Tl",
    "R": "Tr",
    "A": "↙",
    "S": "↓",
    "D": "↘",
    "O": "■",
}
_DIFFICULTY_STYLES = {"W": "bold white", "B": "bold blue", "R": "bold red", "P": "bold magenta"}


def _engine_line(kind: str, xws: str, has_ability: bool) -> str:
    if not has_ability:
        return "no card ability"
    spec = CARDS.spec(kind, xws)
    if spec is None:
        return "ability not implemented yet"
    return f"ability implemented: {spec.description}" if spec.description else \
        "ability implemented"


def _legality(card: Pilot | Upgrade) -> str:
    flags = [("standard", card.standard), ("extended", card.extended), ("epic", card.epic)]
    return ", ".join(f"{name} {'yes' if legal else 'no'}" for name, legal in flags)


def _action(action: Action) -> str:
    text = action_name(action.type)
    if action.difficulty != "white":
        text = f"{action.difficulty} {text}"
    if action.linked is not None:
        text += f" > {_action(action.linked)}"
    return text


def _actions(actions: tuple[Action, ...]) -> str:
    return ", ".join(_action(a) for a in actions) or "none"


def dial_table(dial: tuple[str, ...]) -> Table:
    """The dial as a speed-by-bearing table, each maneuver coloured by its difficulty.

    Each cell holds the difficulty's letter as well as its colour (W white, B blue, R red,
    P purple), so the table reads the same without colour.
    """
    moves = {(code[0], code[1]): code[2] for code in dial}
    bearings = [b for b in _BEARING_ORDER if any(b == bearing for _, bearing in moves)]
    speeds = sorted({speed for speed, _ in moves}, reverse=True)
    table = Table(title="Dial", title_justify="left")
    table.add_column("speed", justify="right")
    for bearing in bearings:
        table.add_column(_BEARING_GLYPHS[bearing], justify="center")
    for speed in speeds:
        row: list[Text | str] = [speed]
        for bearing in bearings:
            difficulty = moves.get((speed, bearing))
            row.append(Text(difficulty, style=_DIFFICULTY_STYLES[difficulty]) if difficulty else "")
        table.add_row(*row)
    return table


def _print_dial(console: Console, dial: tuple[str, ...]) -> None:
    console.print(dial_table(dial))
    bearings = [b for b in _BEARING_ORDER if any(code[1] == b for code in dial)]
    legend = "; ".join(f"{_BEARING_GLYPHS[b]} {BEARINGS[b]}" for b in bearings)
    console.print(f"  {legend}", highlight=False)
    console.print("  W white, B blue, R red, P purple", highlight=False)


def _stat_line(db: CardDatabase, pilot: Pilot | None, ship: Ship) -> str:
    stats = db.stats_of(pilot) if pilot else ship.stats
    parts = [f"{arc_name(a.arc)} {a.value}" for a in stats.attacks]
    parts += [f"agility {stats.agility}", f"hull {stats.hull}", f"shields {stats.shields}"]
    if stats.shield_recovers:
        parts[-1] += f" (recovers {stats.shield_recovers})"
    if stats.energy is not None:
        parts.append(f"energy {stats.energy} (recovers {stats.energy_recovers})")
    return ", ".join(parts)


def _show_pilot(console: Console, db: CardDatabase, pilot: Pilot) -> None:
    ship = db.ship_of(pilot)
    caption = f" “{pilot.caption}”" if pilot.caption else ""
    console.print(
        f"[bold]{'•' * pilot.limited}{pilot.name}[/bold]{caption}  pilot [dim]{pilot.xws}[/dim]"
    )
    lines = [
        ("Ship", f"{ship.name} ({ship.xws}), {ship.size}, {db.faction(pilot.faction).name}"),
        ("Initiative", str(pilot.initiative)),
        ("Cost", f"{pilot.cost} squad points"),
        (
            "Loadout",
            f"{pilot.loadout}"
            if pilot.loadout is not None
            else "standard loadout: " + ", ".join(pilot.standard_loadout),
        ),
        ("Stats", _stat_line(db, pilot, ship)),
        ("Actions", _actions(db.actions_of(pilot))),
        ("Slots", ", ".join(slot_name(s) for s in pilot.slots) or "none"),
    ]
    if pilot.keywords:
        lines.append(("Keywords", ", ".join(pilot.keywords)))
    if pilot.charges:
        lines.append(("Charges", f"{pilot.charges.value} (recurring {pilot.charges.recovers})"))
    if pilot.force:
        sides = f", {'/'.join(pilot.force.sides)} side" if pilot.force.sides else ""
        lines.append(("Force", f"{pilot.force.value} (recurring {pilot.force.recovers}{sides})"))
    if pilot.ship_ability:
        status = _engine_line("ship_ability", pilot.ship_ability, True)
        lines.append(("Ship ability", f"{pilot.ship_ability} ({status})"))
    if pilot.conditions:
        lines.append(("Conditions", ", ".join(pilot.conditions)))
    if pilot.engagement is not None:
        lines.append(("Engagement", str(pilot.engagement)))
    lines.append(("Legality", _legality(pilot)))
    lines.append(("Engine", _engine_line("pilot", pilot.xws, pilot.has_ability)))
    _print_lines(console, lines)
    if ship.dial:
        _print_dial(console, ship.dial)


def _print_lines(console: Console, lines: list[tuple[str, str]]) -> None:
    for label, value in lines:
        console.print(f"  [bold]{label}:[/bold] {value}", highlight=False)


def _cost_text(db: CardDatabase, upgrade: Upgrade) -> str:
    cost = upgrade.cost
    if cost is None:
        return "none (only part of a standard loadout)"
    if cost.value is not None:
        return f"{cost.value} loadout points"
    if cost.variable is not None:
        steps = ", ".join(f"{step.key}: {step.cost}" for step in cost.table)
        return f"by {cost.variable} ({steps})"
    return "not printed"


def _side_lines(side: UpgradeSide) -> list[tuple[str, str]]:
    lines = [("Slots", " + ".join(slot_name(s) for s in side.slots))]
    if side.attack:
        attack = side.attack
        ordnance = ", ordnance" if attack.ordnance else ""
        lines.append(
            (
                "Attack",
                f"{arc_name(attack.arc)} {attack.value}, range "
                f"{attack.min_range}-{attack.max_range}{ordnance}",
            )
        )
    if side.charges:
        lines.append(("Charges", f"{side.charges.value} (recurring {side.charges.recovers})"))
    if side.force:
        lines.append(("Force", f"{side.force.value} (recurring {side.force.recovers})"))
    grants = side.grants
    granted = [f"action {_action(a)}" for a in grants.actions]
    granted += [
        f"{'+' if g.amount > 0 else ''}{g.amount} {slot_name(g.slot)} slot" for g in grants.slots
    ]
    granted += [
        f"{'+' if g.amount > 0 else ''}{g.amount} {g.stat}"
        + (f" ({arc_name(g.arc)})" if g.arc else "")
        for g in grants.stats
    ]
    granted += [f"{arc_name(arc)}" for arc in grants.arcs]
    granted += [f"+{g.amount} Force" for g in grants.force]
    if granted:
        lines.append(("Grants", ", ".join(granted)))
    if side.device:
        device = side.device
        lines.append(("Device", f"{device.name} ({device.type})"))
    if side.conditions:
        lines.append(("Conditions", ", ".join(side.conditions)))
    if side.ship_ability:
        lines.append(("Ship ability", side.ship_ability))
    return lines


def _show_upgrade(console: Console, db: CardDatabase, upgrade: Upgrade) -> None:
    console.print(
        f"[bold]{'•' * upgrade.limited}{upgrade.name}[/bold]  "
        f"{slot_name(upgrade.slot)} upgrade [dim]{upgrade.xws}[/dim]"
    )
    lines = [("Cost", _cost_text(db, upgrade))]
    restrictions = [describe_group(group, db) for group in upgrade.restrictions]
    restrictions += [
        marker
        for marker, flag in (
            ("standardized", upgrade.standardized),
            ("solitary", upgrade.solitary),
            ("non-limited ship", upgrade.non_limited),
        )
        if flag
    ]
    if restrictions:
        lines.append(("Restrictions", "; ".join(restrictions)))
    lines.append(("Legality", _legality(upgrade)))
    lines.append(("Engine", _engine_line("upgrade", upgrade.xws, upgrade.has_ability)))
    _print_lines(console, lines)
    for number, side in enumerate(upgrade.sides, start=1):
        label = f"side {number}: " if len(upgrade.sides) > 1 else ""
        console.print(f"  [bold]{label}{side.title}[/bold]", highlight=False)
        _print_lines(console, [(f"  {k}", v) for k, v in _side_lines(side)])


def _show_ship(console: Console, db: CardDatabase, ship: Ship) -> None:
    console.print(
        f"[bold]{ship.name}[/bold]  ship [dim]{ship.xws}[/dim], {db.faction(ship.faction).name}"
    )
    pilots = db.pilots_of(ship.xws, ship.faction)
    lines = [
        ("Size", ship.size),
        ("Stats", _stat_line(db, None, ship)),
        ("Actions", _actions(ship.actions)),
        ("Pilots", ", ".join(p.xws for p in pilots)),
    ]
    if ship.ship_abilities:
        lines.append(("Ship abilities", ", ".join(ship.ship_abilities)))
    _print_lines(console, lines)
    if ship.dial:
        _print_dial(console, ship.dial)


def _show_condition(console: Console, condition: Condition) -> None:
    console.print(
        f"[bold]{'•' * condition.limited}{condition.name}[/bold]  condition "
        f"[dim]{condition.xws}[/dim]"
    )
    _print_lines(
        console, [("Engine", _engine_line("condition", condition.xws, condition.has_ability))]
    )


def playable(db: CardDatabase, hit: SearchHit) -> bool:
    """Whether the engine plays the card, by the rule it refuses squads with at setup: a
    pilot whose ability and ship ability are implemented or absent, with a standard
    loadout (if it has one) of playable upgrades; an upgrade whose
    ability is implemented or absent; a ship with a playable pilot; a condition whose
    ability is implemented or absent."""
    card = hit.card
    if isinstance(card, Pilot):
        return pilot_playable(card)
    if isinstance(card, Upgrade):
        return upgrade_playable(card)
    if isinstance(card, Ship):
        return any(pilot_playable(p) for p in db.pilots_of(card.xws, card.faction))
    return not card.has_ability or CARDS.implements("condition", card.xws)


def _hit_json(db: CardDatabase, hit: SearchHit) -> dict[str, Any]:
    data = {"kind": hit.kind, **to_data(hit.card)}
    has_ability = getattr(hit.card, "has_ability", False)
    if hit.kind != "ship":
        data["engine_implemented"] = (
            CARDS.implements(hit.kind, hit.card.xws) if has_ability else None
        )
    data["playable"] = playable(db, hit)
    return data


def _did_you_mean(db: CardDatabase, key: str) -> str:
    close = db.suggest(key)
    return f"; did you mean {', '.join(close)}?" if close else ""


def _check_choice(value: str | None, choices: tuple[str, ...], option: str) -> None:
    if value is not None and value not in choices:
        raise typer.BadParameter(
            f"unknown {option[2:]} {value!r}; use one of {', '.join(choices)}", param_hint=option
        )


def _named(db: CardDatabase, name: str) -> list[SearchHit]:
    # A printed name ("Luke Skywalker") is accepted where no id matches.
    hits = [
        SearchHit("pilot" if isinstance(c, Pilot) else "upgrade", c) for c in db.cards_named(name)
    ]
    key = name_key(name)
    hits += [SearchHit("ship", s) for s in db.ships if name_key(s.name) == key]
    return hits


@cards_app.command("show")
def show(
    card_id: Annotated[
        str, typer.Argument(metavar="ID", help="The card's xws id (or its printed name).")
    ],
    faction: Annotated[
        str | None,
        typer.Option(
            "--faction",
            help="For a ship type fielded by several factions: show only this faction's.",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the card's facts as JSON.")
    ] = False,
    ruleset: RulesetOption = DEFAULT_RULESET,
) -> None:
    """Show a card: stats, dial, slots, cost, loadout, legality, engine support.

    A pilot and an upgrade can share an id (e.g. chewbacca); both are shown.
    """
    if _other_ruleset(ruleset):
        show_1e(card_id, as_json)
        return
    _check_choice(faction, FACTIONS, "--faction")
    db = card_database()
    hits = db.find(card_id) or _named(db, card_id)
    hits = [
        h
        for h in hits
        if faction is None or h.kind != "ship" or getattr(h.card, "faction", None) == faction
    ]
    if not hits:
        raise fail(f"no card has the id {card_id!r}{_did_you_mean(db, card_id)}")
    if as_json:
        typer.echo(json.dumps([_hit_json(db, h) for h in hits], indent=2,
                              ensure_ascii=False))
        return
    console = Console()
    for number, hit in enumerate(hits):
        if number:
            console.print()
        card = hit.card
        if isinstance(card, Pilot):
            _show_pilot(console, db, card)
        elif isinstance(card, Upgrade):
            _show_upgrade(console, db, card)
        elif isinstance(card, Ship):
            _show_ship(console, db, card)
        else:
            _show_condition(console, card)


def _summary(db: CardDatabase, hit: SearchHit) -> str:
    card = hit.card
    if isinstance(card, Pilot):
        return (
            f"{db.ship_of(card).name}, {card.faction}, initiative {card.initiative}, "
            f"{card.cost} pts"
        )
    if isinstance(card, Upgrade):
        cost = card.cost.value if card.cost and card.cost.value is not None else "-"
        return f"{' + '.join(slot_name(s) for s in card.slots)}, {cost} pts"
    if isinstance(card, Ship):
        return f"{card.size}, {card.faction}"
    return "condition"


# The filters of `cards search` and `cards list`.
FactionFilter = Annotated[
    str | None, typer.Option("--faction", help="Only cards usable by this faction.")
]
ShipFilter = Annotated[
    str | None,
    typer.Option(
        "--ship",
        help="Only this ship type, its pilots, and upgrades not restricted to other ship types.",
    ),
]
SlotFilter = Annotated[
    str | None,
    typer.Option(
        "--slot",
        help="Only upgrades using this slot and pilots "
        "with it on their upgrade bar (e.g. astromech, force-power).",
    ),
]
KindFilter = Annotated[
    str | None,
    typer.Option("--kind", help="Only cards of this kind: pilot, upgrade, ship or condition."),
]
PlayableFilter = Annotated[
    bool,
    typer.Option(
        "--playable",
        help="Only cards Tallon's engine plays: pilots and upgrades whose abilities are "
        "implemented or that have none, ships with such a pilot.",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print the matching cards as JSON.")]
RulesetOption = Annotated[
    str, typer.Option("--ruleset", help=f"Whose cards: {', '.join(RULESETS)}.")]


def _other_ruleset(ruleset: str) -> bool:
    """Whether the cards asked for are another ruleset's than 2.5 (an unknown one ends
    the command)."""
    if ruleset not in RULESETS:
        raise typer.BadParameter(f"unknown ruleset {ruleset!r}; use one of "
                                 f"{', '.join(RULESETS)}", param_hint="--ruleset")
    return ruleset != DEFAULT_RULESET


@cards_app.command("search")
def search(
    text: Annotated[
        str,
        typer.Argument(
            help="Text to find in names, titles and ids (case and punctuation are ignored)."
        ),
    ] = "",
    faction: FactionFilter = None,
    ship: ShipFilter = None,
    slot: SlotFilter = None,
    kind: KindFilter = None,
    only_playable: PlayableFilter = False,
    as_json: JsonOption = False,
) -> None:
    """Find cards by name, faction, ship and slot (no text: every card)."""
    _find(text, faction, ship, slot, kind, only_playable, as_json)


@cards_app.command("list")
def list_cards(
    faction: FactionFilter = None,
    ship: ShipFilter = None,
    slot: SlotFilter = None,
    kind: KindFilter = None,
    only_playable: PlayableFilter = False,
    as_json: JsonOption = False,
    ruleset: RulesetOption = DEFAULT_RULESET,
) -> None:
    """List cards, filtered by faction, ship, slot, kind and whether the engine plays them
    (the same as `cards search` without text)."""
    if _other_ruleset(ruleset):
        list_1e(kind, faction, ship, slot, as_json)
        return
    _find("", faction, ship, slot, kind, only_playable, as_json)


def _find(text: str, faction: str | None, ship: str | None, slot: str | None,
          kind: str | None, only_playable: bool, as_json: bool) -> None:
    _check_choice(faction, FACTIONS, "--faction")
    _check_choice(slot, SLOTS, "--slot")
    _check_choice(kind, CARD_KINDS, "--kind")
    db = card_database()
    if ship is not None and not db.has_ship(ship):
        raise typer.BadParameter(f"unknown ship {ship!r}{_did_you_mean(db, ship)}",
                                 param_hint="--ship")
    kinds = tuple(k for k in CARD_KINDS if kind is None or k == kind)
    hits = db.search(text, kinds=kinds, faction=faction, ship=ship, slot=slot)
    if only_playable:
        hits = [hit for hit in hits if playable(db, hit)]
    if as_json:
        typer.echo(json.dumps([_hit_json(db, h) for h in hits], indent=2, ensure_ascii=False))
        return
    if not hits:
        typer.echo("no cards found")
        return
    which = " the engine plays" if only_playable else ""
    table = Table(title=f"{len(hits)} card{'s' if len(hits) != 1 else ''}{which}")
    # Ids are what users copy into other commands: fold them, never cut them short.
    for column in ("kind", "id", "name", "details"):
        table.add_column(column, overflow="fold")
    for hit in hits:
        table.add_row(hit.kind, hit.card.xws, hit.card.name, _summary(db, hit))
    Console().print(table)


def register(app: typer.Typer) -> None:
    """Add the ``cards`` command group to the ``tallon`` command line."""
    app.add_typer(cards_app)
