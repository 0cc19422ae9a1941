"""Title upgrades of Resistance ships: Rey's Millennium Falcon (Scavenged YT-1300) and
Kaz's Fireball (Fireball)."""

from __future__ import annotations

from typing import Any

from tallon.cards.registry import register
from tallon.cards.upgrades.crew_c import damage_type
from tallon.engine.abilities import Ctx, Modifier, Triggered
from tallon.engine.decisions import Option
from tallon.engine.effects import deal_damage_card
from tallon.engine.rounds import effective_code
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.geometry import Bearing, Maneuver

FALCON = "reysmillenniumfalcon"
SEGNOR_LOOPS = (Bearing.SEGNOR_LOOP_LEFT, Bearing.SEGNOR_LOOP_RIGHT)


def _calm(owner: ShipState, ship: ShipState | None) -> bool:
    return ship is not None and ship.id == owner.id and owner.count(Token.STRESS) <= 2


def _segnor(game: Any, owner: ShipState, ship: ShipState | None = None, **facts: Any) -> bool:
    if not _calm(owner, ship) or owner.dial_set is None:
        return False
    # the hook is asked only for a red maneuver: this one must be a Segnor's Loop
    return Maneuver.parse(effective_code(game, owner, owner.dial_set)).bearing in SEGNOR_LOOPS


def _stressed_action(game: Any, owner: ShipState, ship: ShipState | None = None,
                     spec: ActionSpec | None = None, **facts: Any) -> bool:
    return _calm(owner, ship) and spec is not None and spec.kind in ("boost", "rotate")


register("upgrade", FALCON,
         Modifier("may execute red Segnor's Loops while stressed",
                  hook="may_execute_red_stressed", value=_segnor),
         Modifier("may boost and rotate while stressed", hook="may_act_stressed",
                  value=_stressed_action),
         description="With 2 or fewer stress tokens: can execute red Segnor's Loops and "
                     "perform boost and rotate actions even while stressed.")


# --------------------------------------------------------------------- Kaz's Fireball
KAZ = "kazsfireball"


def _ship_cards_in_deck(ctx: Ctx) -> list[str]:
    deck = ctx.state.player(ctx.ship.owner).deck
    return sorted({card for card in deck if damage_type(card) == "ship"})


def _kaz_options(ctx: Ctx) -> list[Option]:
    found = [Option(card, f"be dealt {card} (searched from the damage deck)")
             for card in _ship_cards_in_deck(ctx)]
    return [*found, Option("top", "be dealt the top card of the damage deck")]


def _kaz_setup(ctx: Ctx, choice: Any) -> None:
    if choice == "top":
        deal_damage_card(ctx.game, ctx.ship, faceup=False)
        return
    deck = ctx.state.player(ctx.ship.owner).deck
    deck.remove(choice)
    deal_damage_card(ctx.game, ctx.ship, faceup=False, card=choice)
    ctx.state.rng.shuffle(deck)
    ctx.game.event("damage", f"player {ctx.ship.owner} shuffles the damage deck",
                   ship=ctx.ship.id)


def _kaz_ionized(game: Any, owner: ShipState, ship: ShipState | None = None,
                 spec: ActionSpec | None = None, **facts: Any) -> bool:
    # a damage card's action names the card as "<card>@<serial>"
    return (ship is not None and ship.id == owner.id and spec is not None
            and any(spec.source == f"{d.card}@{d.serial}" for d in owner.damage))


# RR: SETUP - resolving Explosion with Wings (at the end of Setup, once the deck exists)
register("upgrade", KAZ,
         Triggered("Explosion with Wings: search the deck for a Ship damage card",
                   window="end_setup", optional=False, requirement=lambda ctx: True,
                   choices=_kaz_options, effect=_kaz_setup),
         Modifier("may perform damage card actions while ionized", hook="may_act_ionized",
                  value=_kaz_ionized),
         description="Setup (Explosion with Wings): may search the damage deck for a Ship "
                     "damage card and be dealt it facedown instead, then shuffle. Can perform "
                     "the actions of its damage cards while ionized.")
