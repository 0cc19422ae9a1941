"""TIE/rb Heavy pilots (Galactic Empire) and the ship ability Rotating Cannons. Carida Academy
Cadet and Onyx Squadron Sentry have no pilot ability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.common import damaged, dice, is_in_arc, range_of, ship_options, ships_in_range
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token
from tallon.engine.state import ShipState, Token
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# ---------------------------------------------------------------- Rotating Cannons
def _cannon_arc(game: Game, owner: ShipState, card: str = "", arc: str = "", **facts: Any
                ) -> str | None:
    # RR: TURRET ARCS - a front arc cannon fires from wherever the turret indicator points
    if arc == "front" and "cannon" in load_cards().upgrade(card).slots:
        return "single_turret"
    return None


register("ship_ability", "Rotating Cannons",
         # RR: ROTATE - the indicator may only turn to the front or the rear arc
         Modifier("the turret turns only to the front or rear arc", hook="turret_arcs_allowed",
                  value=lambda game, owner, ship=None, **facts: (Arc.FRONT, Arc.REAR)),
         Modifier("cannons attack from the single turret arc", hook="special_weapon_arc",
                  value=_cannon_arc),
         description="Its turret indicator can be rotated only to its front or rear arc; its "
                     "cannons' front arc requirement is treated as its single turret arc.")


# ----------------------------------------------------------------------- "Rampage"
def _rampage_targets(ctx: Ctx) -> list[Option]:
    near = ships_in_range(ctx.game, ctx.ship, 0, 1, other=True)
    return ship_options(s for s in near
                        if any(is_in_arc(ctx.ship, s, arc) for arc in ctx.ship.turret))


def _rampage(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.other(str(choice)), Token.STRAIN,
               2 if damaged(ctx.ship) else 1, ctx.ship.owner)


register("pilot", "rampage",
         Triggered("a ship in the turret arc at range 0-1 gains strain", window="after_execute",
                   requirement=lambda ctx: ctx.event["ship"] == ctx.ship.id
                   and 3 <= ctx.event["speed"] <= 4,
                   choices=_rampage_targets, effect=_rampage),
         description="After executing a speed 3-4 maneuver: may choose a ship in his single "
                     "turret arc at range 0-1; it gains 1 strain token (2 if he is damaged).")


# --------------------------------------------------------------------- Lyttan Dree
def _lyttan_applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState
                    ) -> bool:
    # RR: FRIENDLY - she is friendly to herself: her own attacks qualify
    defender = game.state.ships[attack.defender]
    near = range_of(owner, user)
    return (user.id == attack.attacker and friendly(user, owner) and near is not None
            and near <= 2 and (is_in_arc(defender, owner, Arc.LEFT)
                               or is_in_arc(defender, owner, Arc.RIGHT)))


register("pilot", "lyttandree",
         DiceMod("reroll 1 attack die", for_others=True, applies=_lyttan_applies,
                 dice=dice("lyttandree")),
         description="A friendly ship at range 0-2 (her too) attacking while she is in the "
                     "defender's left or right arc may reroll 1 attack die.")


# ------------------------------------------------------------- Flight Leader Ubbel
UBBEL_DEALT = "flightleaderubbel:dealt"


def _friendly_defender_dealt(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (attack is not None and ctx.event["ship"] == attack.defender
            and friendly(ctx.other(attack.defender), ctx.ship))


def _note_dealt(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    # per-attack: the mark goes with the attack
    ctx.attack.marks[UBBEL_DEALT] = 1


def _ubbel_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    defender = ctx.other(ctx.event["defender"])
    near = range_of(ctx.ship, defender)
    return (attack is not None and attack.marks.get(UBBEL_DEALT, 0) > 0
            and friendly(defender, ctx.ship) and near is not None and near <= 2
            and can_bonus_attack(ctx.game, ctx.ship, defenders=(ctx.event["attacker"],)))


register("pilot", "flightleaderubbel",
         Triggered("note a damage card dealt to a friendly defender",
                   window="damage_card_dealt", optional=False,
                   requirement=_friendly_defender_dealt, effect=_note_dealt),
         Triggered("bonus attack against the attacker", window="after_defend",
                   bonus_attack=True, requirement=_ubbel_applies,
                   effect=lambda ctx, choice: perform_bonus_attack(
                       ctx.game, ctx.ship, defenders=(ctx.event["attacker"],))),
         description="After a friendly ship at range 0-2 (him too) defends, if it was dealt "
                     "a damage card: may perform a bonus attack against the attacker.")
