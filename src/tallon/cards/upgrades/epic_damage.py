"""Epic upgrades written for the huge ship damage deck: Droid Crew, Damage Control Team,
Dreadnought Hunter.

The huge ship damage deck's cards are in neither the seeds nor the card data, so huge
ships are dealt cards from the standard deck (docs/rulings.md, "Huge ships": Damage
deck). These cards are played as their texts read against that deck: a standard damage
card is a Pilot or a Ship card, never a Crew card; no damage card sets an upgrade Offline;
no card carries a Precision Shot. So Droid Crew's repair, Damage Control Team's flip of
Offline upgrades and Dreadnought Hunter's Precision Shot find nothing to act on (ruling),
while the rest of their texts works.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from tallon.cards.registry import register
from tallon.cards.upgrades.modification_2 import damage_trait
from tallon.engine.abilities import CardAction, Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import damage_title, repair_damage
from tallon.engine.huge_moves import energy, spend_energy
from tallon.engine.state import DamageCard, ShipState

if TYPE_CHECKING:
    from tallon.engine.game import Game


def faceup_of(ship: ShipState, trait: str) -> list[DamageCard]:
    return [d for d in ship.damage if d.faceup and damage_trait(d.card) == trait]


# ------------------------------------------------------------------------ Droid Crew
def _droid_crew_red(game: Game, owner: ShipState, ship: ShipState | None = None,
                    spec: Any = None, **facts: Any) -> str | None:
    if ship is None or ship.id != owner.id or spec is None:
        return None
    return "red" if spec.kind == "focus" and spec.difficulty == "white" else None


def _repair_crew_cards(ctx: Ctx) -> None:
    for card in faceup_of(ctx.ship, "crew"):
        repair_damage(ctx.game, ctx.ship, card.serial)


register("upgrade", "droidcrew",
         Modifier("a white focus action is treated as red", hook="action_difficulty",
                  value=_droid_crew_red),
         # RR: END PHASE - "at the start of the End Phase"
         Triggered("repair every faceup Crew damage card", window="start_end_phase",
                   optional=False, requirement=lambda ctx: bool(faceup_of(ctx.ship, "crew")),
                   effect=lambda ctx, choice: _repair_crew_cards(ctx)),
         description="Its white focus actions are treated as red. At the start of the End "
                     "Phase, repairs every faceup Crew damage card (the standard deck the "
                     "engine deals huge ships has none).")


# --------------------------------------------------------------- Damage Control Team
def _repair_sets(ctx: Ctx) -> list[Option]:
    """Each set of faceup Ship damage cards the ship's energy pays for (1 energy each)."""
    cards = faceup_of(ctx.ship, "ship")
    found = []
    for count in range(1, min(energy(ctx.ship), len(cards)) + 1):
        for chosen in combinations(cards, count):
            key = "+".join(str(c.serial) for c in chosen)
            names = ", ".join(damage_title(c.card) for c in chosen)
            found.append(Option(key, f"spend {count} energy: repair {names}"))
    return found


def _repair_set(ctx: Ctx, choice: str) -> None:
    serials = [int(s) for s in choice.split("+")]
    spend_energy(ctx.game, ctx.ship, len(serials))  # RR: APPENDIX: HUGE SHIPS - ENERGY
    for serial in serials:
        repair_damage(ctx.game, ctx.ship, serial)


register("upgrade", "damagecontrolteam",
         CardAction("spend energy to repair that many faceup Ship damage cards",
                    key="repair", requirement=lambda ctx: bool(_repair_sets(ctx)),
                    choices=_repair_sets, effect=_repair_set),
         description="Action: spends 1 energy per faceup Ship damage card it repairs. (Its "
                     "flip of Offline upgrade cards before engaging has nothing to flip: "
                     "the standard deck the engine deals huge ships sets no upgrade "
                     "Offline.)")


# ---------------------------------------------------------------- Dreadnought Hunter
register("upgrade", "dreadnoughthunter",
         description="Lets its ship apply a damage card's Precision Shot from its bullseye "
                     "arc; the standard deck the engine deals huge ships has no Precision "
                     "Shots, so the card changes nothing (docs/rulings.md).")
