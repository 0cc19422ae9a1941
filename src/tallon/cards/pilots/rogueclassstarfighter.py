"""Rogue-class Starfighter pilots (Scum and Villainy, Separatist Alliance) and the Xanadu
Blood title, restricted to this ship type.

The ship abilities are registered elsewhere: Dead to Rights (the Scum pilots, Cad Bane and
Durge of the Separatists) in :mod:`tallon.cards.pilots.m12lkimogilafighter`, Networked
Calculations (the droids) in :mod:`tallon.cards.pilots.vultureclassdroidfighter`. The generic
pilots (Outer Rim Hunter, MagnaGuard Executioner) have no ability text and need no
registration.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from tallon.cards.acting import bar_actions, may_perform
from tallon.cards.common import dice, is_in_arc, range_of, ship_options
from tallon.cards.registry import register
from tallon.cards.upgrades.modification_2 import damage_trait
from tallon.engine.abilities import Cost, Ctx, DiceMod, Replacement, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.conditions import assign_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    destroy_ship,
    find_damage,
    gain_token,
    repair_damage,
    replace_damage,
    suffer_damage,
    transfer_token,
)
from tallon.engine.state import MARKER, AttackState, ShipState, Token
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game

#: RR: TOKEN COLORS AND SHAPES - a lock is a red token too, but Cad Bane's excludes it
_RED_OR_ORANGE = tuple(t for t in Token if t.colour in ("red", "orange"))


def _my_attack(ctx: Ctx) -> AttackState | None:
    attack = ctx.attack
    return attack if attack is not None and ctx.event["attacker"] == ctx.ship.id else None


# --------------------------------------------------------------------- Xanadu Blood
# its whole text is its grants (a Crew and a Device slot, a red cloak action on the bar),
# which the engine applies from the card data
register("upgrade", "xanadublood",
         description="Adds a Crew and a Device slot, and a red cloak action to the action "
                     "bar.")


# -------------------------------------------------------------- Cad Bane (Scum)
def _cad_tokens(ctx: Ctx) -> list[Option]:
    return [Option(t.value, f"transfer 1 {t.value} token to the defender")
            for t in _RED_OR_ORANGE if ctx.ship.has(t)]


def _cad_applies(ctx: Ctx) -> bool:
    attack = _my_attack(ctx)
    return attack is not None and attack.hit and ctx.other(attack.defender).in_play \
        and bool(_cad_tokens(ctx))


def _cad(ctx: Ctx, choice: Any) -> None:
    assert ctx.attack is not None
    transfer_token(ctx.game, ctx.ship, ctx.other(ctx.attack.defender), Token(choice))


register("pilot", "cadbane",
         Triggered("spend 2 charges: transfer 1 non-lock red or orange token to the defender",
                   window="after_attack", cost=Cost(charges=2), requirement=_cad_applies,
                   choices=_cad_tokens, effect=_cad),
         description="After an attack that hits: may spend 2 charges to transfer 1 of his red "
                     "or orange tokens (not a lock) to the defender.")


# ----------------------------------------------------------------- Viktor Hel
VIKTOR = "viktorhel-rogueclassstarfighter"
_VIKTOR_ROLLED = f"{VIKTOR}:rolled"


def _viktor_count(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None and attack.defense_dice is not None
    attack.marks[_VIKTOR_ROLLED] = len(attack.defense_dice)


def _viktor_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (ctx.event["defender"] == ctx.ship.id and attack is not None
            and attack.marks.get(_VIKTOR_ROLLED, 0) != 2
            and ctx.other(ctx.event["attacker"]).in_play)


# the dice he rolled are counted when they are rolled: results added, canceled or spent
# later don't change how many he rolled; skipped dice (Homing Missiles) are 0 rolled
register("pilot", VIKTOR,
         Triggered("count the defense dice rolled", window="after_dice_rolled", optional=False,
                   requirement=lambda ctx: ctx.event["defender"] == ctx.ship.id
                   and ctx.event["kind"] == "defense", effect=_viktor_count),
         Triggered("the attacker gains 1 stress token", window="after_defend", optional=False,
                   requirement=_viktor_applies,
                   effect=lambda ctx, choice: gain_token(ctx.game,
                                                         ctx.other(ctx.event["attacker"]),
                                                         Token.STRESS, applier=ctx.ship.owner)),
         description="After he defends: the attacker gains 1 stress token unless he rolled exactly "
                     "2 defense dice.")


# ------------------------------------------------------------------- Nom Lumb
def _nom_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner
            and is_in_arc(ctx.ship, s, Arc.FRONT)]


def _nom(ctx: Ctx, choice: Any) -> None:
    enemy = ctx.other(choice)
    # the engine clears round_initiative at the start of the next round
    ctx.ship.round_initiative = enemy.current_initiative
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) has initiative "
                   f"{enemy.current_initiative} until the end of the round", ship=ctx.ship.id)


register("pilot", "nomlumb-rogueclassstarfighter",
         Triggered("use the initiative of an enemy ship in your front arc",
                   window="start_engagement",
                   requirement=lambda ctx: bool(_nom_targets(ctx)),
                   choices=lambda ctx: ship_options(_nom_targets(ctx)), effect=_nom),
         description="At the start of the Engagement Phase: may pick 1 enemy ship in his front "
                     "arc; until the end of the round, his initiative is treated as that ship's.")


# ----------------------------------------------------------------- Durge (Scum)
def _durge_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    # RR: FAQ (Dalan Oberos) - "change ... and cancel ..." is one effect: both parts must
    # be able to resolve, so 2 hit results are needed
    return (attack is not None and ctx.event["defender"] == ctx.ship.id
            and attack.hits >= 2 and attack.hits + attack.crits > ctx.ship.shields)


def _durge(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    # RR: CANCEL - the results are neutralized: one hit becomes a crit, another is removed
    attack.hits -= 2
    attack.crits += 1
    ctx.game.event("neutralize", f"{ctx.ship.name} ({ctx.ship.id}) changes 1 hit result to a "
                   f"critical hit and cancels 1 hit: {attack.hits} hit(s), {attack.crits} "
                   "critical hit(s) uncanceled", ship=ctx.ship.id, hits=attack.hits,
                   crits=attack.crits)


register("pilot", "durge",
         Triggered("change 1 hit result to a critical hit and cancel 1 hit result",
                   window="after_neutralize", requirement=_durge_applies, effect=_durge),
         description="Defending, after Neutralize Results, with more hit/critical results "
                     "than active shields: may change 1 hit result to a critical hit and "
                     "cancel another hit result.")


# ------------------------------------------------------- Cad Bane (Separatists)
def _cad_sep_applies(ctx: Ctx) -> bool:
    lost = ctx.other(ctx.event["ship"])
    near = range_of(ctx.ship, lost)
    return (ctx.state.phase == "engagement" and lost.id != ctx.ship.id and not lost.remote
            and ctx.ship.in_play and near is not None and near <= 3)


register("pilot", "cadbane-separatistalliance",
         may_perform("spend 1 charge: perform an action, even while stressed",
                     "after_destroyed",
                     lambda ctx: bar_actions(ctx.game, ctx.ship, False, even_stressed=True),
                     requirement=_cad_sep_applies, label="perform an action",
                     cost=Cost(charges=1), even_stressed=True),
         description="In the Engagement Phase, after any other ship within range 0-3 is destroyed: "
                     "may spend 1 charge; if he does, he may perform an action even while "
                     "stressed.")


# --------------------------------------------------------------------- IG-101
def _faceup_options(ctx: Ctx) -> list[Option]:
    return [Option(str(card.serial), f"repair {card.card} (#{card.serial})")
            for card in ctx.ship.damage if card.faceup]


register("pilot", "ig101",
         Triggered("repair 1 faceup damage card", window="start_system",
                   requirement=lambda ctx: ctx.ship.in_play and bool(_faceup_options(ctx)),
                   choices=_faceup_options,
                   effect=lambda ctx, choice: repair_damage(ctx.game, ctx.ship, int(choice))),
         description="At the start of the System Phase: may repair 1 of its faceup damage "
                     "cards.")


# -------------------------------------------------------- MagnaGuard Protector
def _protected(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if friendly(s, ctx.ship)
            and s.id != ctx.ship.id]


register("pilot", "magnaguardprotector",
         Triggered("assign the Guarded condition to another friendly ship",
                   window="after_place_forces", optional=False,
                   requirement=lambda ctx: bool(_protected(ctx)),
                   choices=lambda ctx: ship_options(_protected(ctx)),
                   effect=lambda ctx, choice: assign_condition(ctx.game, ctx.other(choice),
                                                               "guarded", ctx.ship.owner)),
         description="After placing forces: assigns the Guarded condition to another "
                     "friendly ship.")


# --------------------------------------------------------------------- IG-102
def _ig102(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    return (user.id == owner.id and attack.defender == owner.id
            and game.state.ships[attack.attacker].current_initiative
            >= owner.current_initiative)


register("pilot", "ig102",
         DiceMod("change 1 blank result to a focus result", dice=dice("ig102"),
                 applies=_ig102),
         description="Defending against an attacker of equal or higher initiative: may "
                     "change 1 blank result to a focus result.")


# --------------------------------------------------------------------- IG-111
def _ig111_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner
            and is_in_arc(ctx.ship, s, Arc.BULLSEYE)]


def _ig111(ctx: Ctx, choice: Any) -> None:
    gain_token(ctx.game, ctx.ship, Token.DEPLETE)
    suffer_damage(ctx.game, ctx.other(choice), hits=1, cause="IG-111")


register("pilot", "ig111",
         Triggered("gain 1 deplete token: an enemy ship in your bullseye arc suffers 1 hit "
                   "damage", window="after_attack",
                   requirement=lambda ctx: (attack := _my_attack(ctx)) is not None
                   and not attack.hit and bool(_ig111_targets(ctx)),
                   choices=lambda ctx: ship_options(_ig111_targets(ctx)), effect=_ig111),
         description="After an attack that missed: may choose an enemy ship in its bullseye "
                     "arc and gain 1 deplete token; that ship suffers 1 hit damage.")


# ------------------------------------------------------ Durge (Separatist Alliance)
DURGE_SEP = "durge-separatistalliance"


def _durge_sep(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship, game = ctx.ship, ctx.game
    # an effect that destroys him outright (not his damage) still does so afterwards
    outright = len(ship.damage) < ship.hull
    # RR: DAMAGE CARDS - revealed, not exposed: their text does not resolve (ruling); a
    # rebuilt deck's marker stands for no known card and stays facedown
    for card in ship.damage:
        if not card.faceup and card.card != MARKER:
            replace_damage(ship, find_damage(ship, card.serial), replace(card, faceup=True))
    game.event("damage", f"{ship.name} ({ship.id}) reveals all facedown damage cards",
               ship=ship.id)
    for card in tuple(ship.damage):
        if card.card != MARKER and (card.card == "directhit"
                                    or damage_trait(card.card) == "pilot"):
            replace_damage(ship, find_damage(ship, card.serial), None)
            game.state.player(ship.owner).discard.append(card.card)
            game.event("damage", f"{ship.name} ({ship.id}) discards {card.card}",
                       ship=ship.id, card=card.card)
    for card in tuple(ship.damage):
        if card.faceup:
            repair_damage(game, ship, card.serial)
    if outright or len(ship.damage) >= ship.hull:
        destroy_ship(game, ship, replaceable=False)  # RR: DESTROYING SHIPS


register("pilot", DURGE_SEP,
         Replacement("spend 1 charge: reveal your damage cards, discard Direct Hit! and Pilot "
                     "cards, repair the faceup ones", point="destroy_ship",
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id,
                     replace=_durge_sep, cost=Cost(charges=1)),
         description="When he would be destroyed: may spend 1 charge to reveal his facedown "
                     "damage cards, discard each Direct Hit! and each Pilot damage card, then "
                     "repair every faceup damage card; he is destroyed only if enough remain.")
