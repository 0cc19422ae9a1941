"""First-edition upgrades of the Hound's Tooth, Kihraxz Fighter, K-wing and TIE Punisher
expansion packs and The Force Awakens Core Set: the dice cards (Crack Shot, Wired, Weapons
Guidance), the secondary weapons (Plasma Torpedoes, Advanced Homing Missiles: the
first-edition ordnance block, :mod:`ordnance_1e`), Bossk (crew) and the maneuver cards
(Lightning Reflexes, BB-8, Twin Ion Engine Mk. II, Maneuvering Fins). The bombs and Ion
Projector are in :mod:`upgrades_w6_2`. Descriptions are Tallon's own words; rules sources:
the first edition's rulebook, reference cards and FAQ (``FAQ (1e)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import in_firing_arc, is_me
from tallon.cards.first_edition.ordnance_1e import (
    SpendAndDiscard,
    attacking_with,
    discard_upgrade,
    not_discarded,
    ordnance_weapon,
)
from tallon.cards.pilots.asf01bwing import can_rotate, rotate_by
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import lose_shield, replaces_damage
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, BOTH_ROLES, Window
from tallon.dice.abilities.effects import CancelResults, CardAbility, change_one, reroll
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered, Weapon
from tallon.engine.action_bodies import lock_targets
from tallon.engine.decisions import Option
from tallon.engine.dial_codes import difficulty_of
from tallon.engine.effects import acquire_lock, deal_damage_card, gain_token
from tallon.engine.rounds import effective_code
from tallon.engine.state import ShipState, Token
from tallon.geometry import BaseSize

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# -------------------------------------------------------------------- Crack Shot
CRACK_SHOT = "1e-crackshot"


def _crack_shot_applies(game: Game, attack: AttackState, owner: ShipState,
                        user: ShipState) -> bool:
    return (user.id == owner.id and attack.attacker == owner.id
            and in_firing_arc(owner, game.state.ships[attack.defender]))


register("upgrade", CRACK_SHOT,
         # errata (1e): at the start of the Compare Results step (the engine's window
         # before Neutralize Results); canceling is not modifying dice (FAQ (1e))
         DiceMod("discard this card: cancel 1 evade result",
                 dice=CardAbility(CRACK_SHOT, "Crack Shot (discard: cancel 1 evade)",
                                  effect=CancelResults(Face.EVADE),
                                  window=Window.BEFORE_NEUTRALIZE, roles=ATTACKING),
                 applies=_crack_shot_applies,
                 after=lambda ctx, option: discard_upgrade(ctx.game, ctx.ship, CRACK_SHOT)),
         description="Attacking a ship in its firing arc, as Compare Results begins: may discard "
                     "this card, canceling one of the defender's evades.")


# ------------------------------------------------------------------------- Wired
WIRED = "1e-wired"

register("upgrade", WIRED,
         DiceMod("stressed: reroll any of your focus results",
                 dice=reroll(WIRED, "Wired (stressed: reroll focus results)", BOTH_ROLES,
                             count=None, faces=(Face.FOCUS,)),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and owner.id in (attack.attacker, attack.defender) and owner.stressed),
         description="Attacking or defending while stressed: may reroll any number of its "
                     "focus results.")


# ------------------------------------------------------------- Weapons Guidance
GUIDANCE = "1e-weaponsguidance"

register("upgrade", GUIDANCE,
         DiceMod("spend a focus token: change 1 blank result to a hit",
                 dice=change_one(GUIDANCE, "Weapons Guidance (focus: 1 blank to a hit)",
                                 Face.BLANK, Face.HIT, ATTACKING, cost=(("focus", 1),)),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id),
         description="Attacking: may spend a focus to turn 1 blank into a hit.")


# ------------------------------------------------------------- Plasma Torpedoes
PLASMA = "1e-plasmatorpedoes"
#: attack mark: Plasma Torpedoes removed its shield token
PLASMA_DONE = "1e-plasmatorpedoes:done"


def _plasma_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    # "after dealing damage": once the defender has suffered the attack's damage, before
    # the after-defending abilities (FAQ (1e), Reinforced Deflectors)
    return (attacking_with(ctx, PLASMA) and attack is not None and attack.hit
            and attack.step == "deal damage" and ctx.event["ship"] == attack.defender
            and PLASMA_DONE not in attack.marks)


def _plasma(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.marks[PLASMA_DONE] = 1
    # FAQ (1e): removing the shield is not suffering damage
    lose_shield(ctx.game, ctx.other(attack.defender), "Plasma Torpedoes")


def _plasma_undone(ctx: Ctx) -> bool:
    attack = ctx.attack
    # the defender suffered none of the attack's damage (another ship took it: Draw Their
    # Fire): the shield still goes, before the other after-defending abilities matter
    return (ctx.event["attacker"] == ctx.ship.id and ctx.event["weapon"] == PLASMA
            and bool(ctx.event["hit"]) and attack is not None
            and PLASMA_DONE not in attack.marks)


register("upgrade", PLASMA,
         *ordnance_weapon("Plasma Torpedoes", PLASMA),
         Triggered("strip a shield from the defender", window="after_suffer_damage",
                   optional=False, requirement=_plasma_applies, effect=_plasma),
         Triggered("strip a shield from the defender", window="after_defend",
                   optional=False, requirement=_plasma_undone, effect=_plasma),
         description="Attack (target lock): spend the lock and discard this card; 4 dice at "
                     "Range 2-3. If it hits, after the damage the defender loses 1 more "
                     "shield.")


# ----------------------------------------------------- Advanced Homing Missiles
HOMING = "1e-advhomingmissiles"


def _homing_hit(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    deal_damage_card(ctx.game, ctx.other(attack.defender), True)
    attack.hits = attack.crits = 0
    ctx.game.event("ability", "all dice results are canceled", ship=ctx.ship.id)


register("upgrade", HOMING,
         # "Attack (target lock): discard this card": the lock is required, not spent
         Weapon("Advanced Homing Missiles", requires="lock",
                cost=SpendAndDiscard(lock=False, discard=True),
                extra_requirement=not_discarded),
         replaces_damage(HOMING, "a faceup damage card instead of the results' damage"),
         Triggered("the defender gets 1 faceup damage card; every result is canceled",
                   window="attack_hit", optional=False,
                   requirement=lambda ctx: attacking_with(ctx, HOMING), effect=_homing_hit),
         description="Attack (target lock, kept): discard this card; 3 dice at Range 2. If "
                     "it hits, the defender is dealt 1 faceup damage card and every result "
                     "is canceled.")


# ------------------------------------------------------------------ Bossk (crew)
def _bossk_crew(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    # FAQ (1e): a stressed ship gets no second stress token, but still the focus and lock
    if not ship.stressed:
        gain_token(ctx.game, ship, Token.STRESS)
    gain_token(ctx.game, ship, Token.FOCUS)
    defender = ctx.other(ctx.event["defender"])
    # FAQ (1e) Q&A: a lock an ability acquires must be on a ship at Range 1-3
    if defender.in_play and defender.id in lock_targets(ctx.game, ship):
        acquire_lock(ctx.game, ship, defender.id)


register("upgrade", "1e-bossk",
         # FAQ (1e): each attack that does not hit
         Triggered("receive 1 stress token, then 1 focus token and a lock on the defender",
                   window="after_attack", optional=False,
                   requirement=lambda ctx: ctx.event["attacker"] == ctx.ship.id
                   and not ctx.event["hit"] and ctx.ship.in_play, effect=_bossk_crew),
         description="After a missed attack, if unstressed: must gain 1 stress token, then gets a "
                     "focus token and locks the defender.")


# ----------------------------------------------------------- Lightning Reflexes
REFLEXES = "1e-lightningreflexes"


def _on_dial(ship: ShipState, code: str) -> bool:
    return any(entry[:2] == code[:2] for entry in ship.dial)


def _reflexes_applies(ctx: Ctx) -> bool:
    ship = ctx.ship
    event = ctx.event
    # FAQ (1e): also after overlapping a ship; not after a maneuver that is not on the dial
    # (an ionized ship's); white or green as executed
    return (is_me(ctx) and ship.in_play and ship.size is BaseSize.SMALL
            and not event["ion"] and not event.get("slam")
            and event["difficulty"] in ("white", "blue")
            and _on_dial(ship, str(event["maneuver"])) and can_rotate(ctx.game, ship, 180.0))


def _reflexes(ctx: Ctx, choice: Any) -> None:
    discard_upgrade(ctx.game, ctx.ship, REFLEXES)
    rotate_by(ctx.game, ctx.ship, 180.0)
    # the Check Pilot Stress step is over: the stress token stays
    gain_token(ctx.game, ctx.ship, Token.STRESS)


register("upgrade", REFLEXES,
         Triggered("discard this card: rotate 180 degrees, then receive 1 stress token",
                   window="after_execute", requirement=_reflexes_applies, effect=_reflexes),
         description="After a white or green maneuver from its dial: may discard this card and "
                     "turn the ship 180 degrees, gaining 1 stress token once Check "
                     "Pilot Stress is done.")


# ------------------------------------------------------------------------- BB-8
def _green_revealed(ctx: Ctx) -> bool:
    ship = ctx.ship
    # the maneuver's colour as cards make it (an R2 Astromech's green 2-speed maneuver)
    return (is_me(ctx) and ship.dial_set is not None
            and difficulty_of(effective_code(ctx.game, ship, ship.dial_set)) == "blue")


register("upgrade", "1e-bb8",
         grant_action("take a free barrel roll", "after_reveal",
                      lambda ctx: [granted("barrel_roll", "white", ctx.card)],
                      requirement=_green_revealed),
         description="Revealing a green maneuver: may take a free barrel roll.")


# ------------------------------------------------------- Twin Ion Engine Mk. II
def _twin_ion(game: Any, owner: ShipState, ship: ShipState | None = None,
              maneuver: str = "", **facts: Any) -> int:
    if ship is None or ship.id != owner.id or len(maneuver) < 2 or maneuver[1] not in "BN":
        return 0
    # a bank of any colour is treated as green (the engine's blue)
    return {"white": -1, "red": -2}.get(difficulty_of(maneuver), 0)


register("upgrade", "1e-twinionenginemkii",
         Modifier("bank maneuvers are green", hook="maneuver_difficulty", value=_twin_ion),
         description="May treat all bank maneuvers as green maneuvers.")


# ------------------------------------------------------------- Maneuvering Fins
#: the bank of the same direction as each turn's bearing letter (dial codes)
_BANK_OF = {"T": "B", "Y": "N"}


def _fins_codes(ctx: Ctx) -> list[str]:
    ship = ctx.ship
    code = ship.dial_set
    if code is None or len(code) < 2 or code[1] not in _BANK_OF:
        return []
    wanted = code[0] + _BANK_OF[code[1]]
    return [entry for entry in ship.dial if entry[:2] == wanted]


def _fins(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    ship.dial_set = str(choice)
    ctx.game.event("reveal", f"{ship.name} ({ship.id}) rotates its dial to [{choice}]",
                   ship=ship.id, maneuver=str(choice))


register("upgrade", "1e-maneuveringfins",
         Triggered("rotate your dial to the bank of the same speed", window="after_reveal",
                   requirement=lambda ctx: is_me(ctx) and bool(_fins_codes(ctx)),
                   choices=lambda ctx: [Option(c, f"[{c}]") for c in _fins_codes(ctx)],
                   effect=_fins),
         description="Revealing a turn maneuver: may rotate the dial to the bank maneuver "
                     "of the same direction and speed.")
