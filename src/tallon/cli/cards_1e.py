"""``tallon cards show|list --ruleset 1e``: the first edition's cards.

Facts only, as the data holds them (:mod:`tallon.data.cards_1e`): the engine plays none of
these cards yet, so there is no playability column.
"""

from __future__ import annotations

import json
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from tallon.cli.common import fail
from tallon.cli.squad_1e import card_database_1e
from tallon.data.cards_1e import CardDatabase1e
from tallon.data.codec import to_data
from tallon.data.database import name_key
from tallon.data.model_1e import FACTIONS_1E, Condition1e, Pilot1e, Ship1e, Upgrade1e

Card1e = Pilot1e | Upgrade1e | Ship1e | Condition1e
KINDS_1E = ("pilot", "upgrade", "ship", "condition")


def _kind(card: Card1e) -> str:
    return {Pilot1e: "pilot", Upgrade1e: "upgrade", Ship1e: "ship",
            Condition1e: "condition"}[type(card)]


def _all(db: CardDatabase1e) -> list[Card1e]:
    return [*db.pilots, *db.upgrades, *db.ships, *db.conditions]


def _details(db: CardDatabase1e, card: Card1e) -> str:
    if isinstance(card, Pilot1e):
        skill = "?" if card.skill is None else card.skill
        points = "?" if card.points is None else card.points
        return (f"{db.ship(card.ship).name}, {card.faction}, pilot skill {skill}, "
                f"{points} pts, {', '.join(card.slots) or 'no upgrade icons'}")
    if isinstance(card, Upgrade1e):
        weapon = (f", attack {card.attack} range {card.min_range}-{card.max_range}"
                  if card.attack is not None else "")
        limits = [word for word, flag in (("unique", card.unique), ("limited", card.limited))
                  if flag]
        restricted = [*(db.ship(s).name for s in card.ships), *card.sizes,
                      *([card.faction] if card.faction else [])]
        only = f", only {' / '.join(restricted)}" if restricted else ""
        return (f"{card.slot}, {card.points} pts{weapon}"
                f"{', ' + ', '.join(limits) if limits else ''}{only}")
    if isinstance(card, Ship1e):
        attack = "-" if card.attack is None else card.attack
        return (f"{card.size}, {'/'.join(card.factions)}; attack {attack}, agility "
                f"{card.agility}, hull {card.hull}, shields {card.shields}; "
                f"{', '.join(card.actions)}; dial {' '.join(card.dial)}")
    return "condition"


def _json(card: Card1e) -> dict[str, Any]:
    return {"kind": _kind(card), **to_data(card)}


def show_1e(card_id: str, as_json: bool) -> None:
    """Every first-edition card with this id or printed name, with its facts."""
    db = card_database_1e()
    key = name_key(card_id)
    hits = [card for card in _all(db) if card.xws == card_id] or \
        [card for card in _all(db) if name_key(card.name) == key]
    if not hits:
        raise fail(f"no first-edition card has the id {card_id!r}")
    if as_json:
        typer.echo(json.dumps([_json(card) for card in hits], indent=2, ensure_ascii=False))
        return
    console = Console()
    for card in hits:
        unique = "• " if getattr(card, "unique", False) else ""
        console.print(f"[bold]{unique}{card.name}[/bold] [dim]{card.xws}[/dim] "
                      f"({_kind(card)}): {_details(db, card)}", highlight=False)


def list_1e(kind: str | None, faction: str | None, ship: str | None, slot: str | None,
            as_json: bool) -> None:
    """First-edition cards filtered by kind, faction, ship and slot."""
    db = card_database_1e()
    if kind is not None and kind not in KINDS_1E:
        raise typer.BadParameter(f"unknown kind {kind!r}", param_hint="--kind")
    if faction is not None and faction not in FACTIONS_1E:
        raise typer.BadParameter(f"unknown first-edition faction {faction!r}; use one of "
                                 f"{', '.join(FACTIONS_1E)}", param_hint="--faction")

    def keep(card: Card1e) -> bool:
        if kind is not None and _kind(card) != kind:
            return False
        if isinstance(card, Pilot1e):
            return ((faction is None or card.faction == faction)
                    and (ship is None or card.ship == ship)
                    and (slot is None or slot in card.slots))
        if isinstance(card, Upgrade1e):
            return ((faction is None or card.faction in (None, faction))
                    and (ship is None or not card.ships or ship in card.ships)
                    and (slot is None or card.slot == slot))
        if isinstance(card, Ship1e):
            return ((faction is None or faction in card.factions)
                    and (ship is None or card.xws == ship) and slot is None)
        return faction is None and ship is None and slot is None

    hits = [card for card in _all(db) if keep(card)]
    if as_json:
        typer.echo(json.dumps([_json(card) for card in hits], indent=2, ensure_ascii=False))
        return
    if not hits:
        typer.echo("no cards found")
        return
    table = Table(title=f"{len(hits)} first-edition card{'s' if len(hits) != 1 else ''}")
    for column in ("kind", "id", "name", "details"):
        table.add_column(column, overflow="fold")
    for card in hits:
        table.add_row(_kind(card), card.xws, card.name, _details(db, card))
    Console().print(table)
