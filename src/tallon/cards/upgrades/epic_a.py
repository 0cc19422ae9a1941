"""Epic command upgrades and huge ships' titles: Raymus Antilles and Stalwart Captain (a
destroyed ship that stays until the end of the End Phase), Jan Dodonna (friends spend his
focus and evade tokens), Asajj Ventress (strain or jam in the System Phase), the captains
who fire a hardpoint at an initiative step (Zealous Captain, Riff Tamson, General
Grievous), and the titles Merchant One, Thunderstrike, Nautolan's Revenge and Neimoidian
Grasp. Slots, actions and stat changes the cards grant are applied by the loadout."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted, let_perform
from tallon.cards.common import (
    dice,
    is_in_arc,
    is_me,
    one_more_defense_die,
    range_of,
    recalled,
    remember,
    ships_in_range,
    weapon_of_type,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.title_huge import recover_energy
from tallon.dice import Face
from tallon.dice.abilities.base import BOTH_ROLES, DEFENDING
from tallon.dice.abilities.effects import CardAbility, ChangeResults
from tallon.engine.abilities import FREE, Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, spend_token
from tallon.engine.loadout import ENERGY
from tallon.engine.state import AttackState, ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.engine.weapons import weapons_of
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import WeaponSpec


# ------------------------------------------------ Raymus Antilles, Stalwart Captain
def _kept_until_end_phase(game: Game, owner: ShipState, ship: ShipState | None = None,
                          **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id


#: "After you are destroyed, you are not removed until the end of the End Phase."
STAYS = Modifier("destroyed, this ship is not removed until the end of the End Phase",
                 hook="removal_until_end_phase", value=_kept_until_end_phase)


def _raymus_focus(ctx: Ctx, choice: Any) -> None:
    # RR: FRIENDLY - "each friendly ship" includes the destroyed ship itself (still there)
    for ship in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=True):
        gain_token(ctx.game, ship, Token.FOCUS)


register("upgrade", "raymusantilles",
         Triggered("destroyed: each friendly ship at range 0-1 gains 1 focus token",
                   window="after_destroyed", optional=False,
                   requirement=lambda ctx: is_me(ctx) and not ctx.ship.removed,
                   effect=_raymus_focus),
         STAYS,
         description="After this ship is destroyed: each friendly ship at range 0-1 (this one "
                     "too) gains 1 focus token, and this ship stays until the end of the End "
                     "Phase.")

register("upgrade", "stalwartcaptain", STAYS,
         description="After this ship is destroyed it stays in play until the end of the End "
                     "Phase.")


# ------------------------------------------------------------------- Jan Dodonna
def _jan_lends(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    # his own tokens he spends as usual: only another friendly ship borrows them
    near = range_of(owner, user)
    return (user.id != owner.id and not user.remote and friendly(user, owner)
            and owner.in_play and near is not None and near <= 3)


# RR: FOCUS, RR: EVADE - the tokens' own effects, paid with Jan's tokens (ruling: not the
# costs of other cards)
JAN_FOCUS = CardAbility("jandodonna-focus", "Jan Dodonna (his focus token: all focus results "
                        "to hits or evades)",
                        effect=ChangeResults(None, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
                        roles=BOTH_ROLES, cost=(("focus", 1),), repeatable=True)
JAN_EVADE = CardAbility("jandodonna-evade", "Jan Dodonna (his evade token: 1 blank or focus "
                        "result to an evade)",
                        effect=ChangeResults(1, (Face.BLANK, Face.FOCUS), (Face.EVADE,)),
                        roles=DEFENDING, cost=(("evade", 1),), repeatable=True)

register("upgrade", "jandodonna",
         DiceMod("a friendly ship at range 0-3 may spend your focus token", dice=JAN_FOCUS,
                 for_others=True, applies=_jan_lends),
         DiceMod("a friendly ship at range 0-3 defends: it may spend your evade token",
                 dice=JAN_EVADE, for_others=True, applies=_jan_lends),
         description="Other friendly ships at range 0-3 may spend this ship's focus and evade "
                     "tokens for their usual dice effects, as if they were their own.")


# ---------------------------------------------------------------- Asajj Ventress
def _asajj_targets(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=False)
            if is_in_arc(ctx.ship, s, Arc.FRONT)]


def _asajj(ctx: Ctx, choice: Any) -> None:
    for target in _asajj_targets(ctx):
        ctx.game.push(Ask(target.owner, "use_ability",
                          f"{target.name} ({target.id}): Asajj Ventress - gain 1 strain "
                          "token, or 1 jam token instead?",
                          (Option("strain", "gain 1 strain token"),
                           Option("jam", "gain 1 jam token instead")),
                          "asajjventresscommand.token", (target.id, ctx.ship.owner),
                          ship=target.id))


@continuation("asajjventresscommand.token")
def _asajj_token(game: Game, answer: str, target_id: str, player: int) -> None:
    target = game.state.ships[target_id]
    if target.in_play:
        gain_token(game, target, Token.JAM if answer == "jam" else Token.STRAIN,
                   applier=player)


register("upgrade", "asajjventresscommand",
         Triggered("spend 1 Force: each enemy ship in the front arc at range 0-1 gains 1 "
                   "strain token unless it gains 1 jam token", window="system_phase",
                   cost=Cost(force=1),
                   requirement=lambda ctx: is_me(ctx) and bool(_asajj_targets(ctx)),
                   effect=_asajj),
         description="System Phase: may spend 1 Force; each enemy ship in this ship's front "
                     "arc at range 0-1 gains 1 strain token, or 1 jam token if its player "
                     "chooses. Adds 1 Force and a focus action linked to a purple "
                     "coordinate.")


# ----------------------------------- Zealous Captain, Riff Tamson, General Grievous
def _hardpoints(game: Game, ship: ShipState) -> tuple[str, ...]:
    return tuple(w.id for w in weapons_of(game, ship) if weapon_of_type(w, ("hardpoint",)))


def _can_fire_hardpoint(ctx: Ctx) -> bool:
    ship = ctx.ship
    hardpoints = _hardpoints(ctx.game, ship)  # none: no limit to "only", so check first
    return ship.in_play and bool(hardpoints) and can_bonus_attack(
        ctx.game, ship, hardpoints, headerless=True)


def hardpoint_at(step: int) -> Triggered:
    """"During the Engagement Phase, at initiative (step), you may spend 1 energy to perform
    a bonus [Hardpoint] attack" (ruling: the card's bonus attack uses none of the
    hardpoint's own "BONUS ATTACK:" headers, nor pays their cost)."""
    return Triggered(f"at initiative {step}: spend 1 energy for a bonus hardpoint attack",
                     window="engagement_initiative", cost=Cost(energy=1), bonus_attack=True,
                     requirement=lambda ctx: ctx.event.get("initiative") == step
                     and _can_fire_hardpoint(ctx),
                     effect=lambda ctx, choice: perform_bonus_attack(
                         ctx.game, ctx.ship, _hardpoints(ctx.game, ctx.ship),
                         headerless=True))


register("upgrade", "zealouscaptain", hardpoint_at(4),
         description="Engagement Phase, at initiative 4: may spend 1 energy to perform a "
                     "bonus attack with a hardpoint weapon.")


def _riff_strains(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "attacker") and attack is not None
            and bool(attack.marks.get("marks_faceup_dealt"))
            and not ctx.other(ctx.event["defender"]).removed)


register("upgrade", "rifftamson",
         hardpoint_at(5),
         Modifier("note attacks whose defender is dealt a faceup damage card",
                  hook="marks_faceup_dealt", value=lambda game, owner, **facts: True),
         Triggered("the defender was dealt a faceup damage card: it gains 2 strain tokens",
                   window="after_attack", optional=False, requirement=_riff_strains,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["defender"]), Token.STRAIN, 2,
                       applier=ctx.ship.owner)),
         description="Engagement Phase, at initiative 5: may spend 1 energy to perform a "
                     "bonus hardpoint attack. After attacking: if the defender was dealt a "
                     "faceup damage card, it gains 2 strain tokens.")


def _grievous_friendly(game: Game, owner: ShipState, ship: ShipState | None = None,
                       **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id


def _grievous_ships(ctx: Ctx) -> list[ShipState]:
    defender = ctx.other(ctx.event["defender"])
    if defender.body is None:  # removed at once outside the Engagement Phase: still placed
        return []
    # ruling: "each friendly ship at range 0-2 of it": not the destroyed defender itself
    return [s for s in ships_in_range(ctx.game, defender, 0, 2, other=True)
            if friendly(s, ctx.ship)]


def _grievous_calculate(ctx: Ctx, choice: Any) -> None:
    # each ship may perform it in turn, the player's ships in the order listed
    for ship in reversed(_grievous_ships(ctx)):
        let_perform(ctx.game, ship.id, [granted("calculate", "white",
                                                "generalgrievouscommand")], False)


register("upgrade", "generalgrievouscommand",
         hardpoint_at(4),
         Modifier("can attack friendly ships", hook="attack_friendly", value=_grievous_friendly),
         Triggered("the defender was destroyed: each friendly ship at range 0-2 of it may "
                   "perform a calculate action", window="after_attack", optional=False,
                   requirement=lambda ctx: is_me(ctx, "attacker")
                   and ctx.other(ctx.event["defender"]).destroyed
                   and bool(_grievous_ships(ctx)),
                   effect=_grievous_calculate),
         description="Engagement Phase, initiative 4: may spend 1 energy for a bonus hardpoint "
                     "attack. Friendly ships are valid targets of its attacks. After an attack "
                     "that destroyed the defender: every friendly ship within range 0-2 of that "
                     "defender may perform a calculate action.")


# ------------------------------------------------------------------ Merchant One
def _turret_header(game: Game, owner: ShipState, weapon: WeaponSpec | None = None,
                   **facts: Any) -> tuple[tuple[int, Cost], ...]:
    # a dual card counts as each of its types (weapon_of_type)
    return ((0, FREE),) if weapon_of_type(weapon, ("turret",)) else ()


register("upgrade", "merchantone",
         Modifier("a bonus turret attack", hook="bonus_attack_headers", value=_turret_header),
         description="Adds turret, team and cargo slots, a red evade and a coordinate action; "
                     "once a round, a bonus attack with a turret upgrade.")


# ------------------------------------------------------------------ Thunderstrike
THUNDERSTRIKE = "thunderstrike"
#: card memory: (round, the ids of the ships it attacked this round)
THUNDERSTRIKE_ATTACKED = f"{THUNDERSTRIKE}:attacked"


def _attacked_this_round(game: Game, ship: ShipState) -> tuple[str, ...]:
    kept = recalled(ship, THUNDERSTRIKE_ATTACKED)
    return kept[1] if kept is not None and kept[0] == game.state.round else ()


def _note_defender(ctx: Ctx, choice: Any) -> None:
    seen = _attacked_this_round(ctx.game, ctx.ship)
    remember(ctx.ship, THUNDERSTRIKE_ATTACKED,
             (ctx.state.round, (*seen, ctx.event["defender"])))


def _thunderstrike_applies(game: Game, attack: AttackState, owner: ShipState,
                           user: ShipState) -> bool:
    return (attack.attacker == owner.id and attack.bonus
            and attack.defender not in _attacked_this_round(game, owner))


THUNDERSTRIKE_DICE = dice(THUNDERSTRIKE)

register("upgrade", THUNDERSTRIKE,
         DiceMod("bonus attack against a ship not attacked this round: reroll 1 attack die",
                 dice=THUNDERSTRIKE_DICE, applies=_thunderstrike_applies),
         Triggered("note the ship attacked", window="after_attack", optional=False,
                   requirement=lambda ctx: is_me(ctx, "attacker"), effect=_note_defender),
         description="While it performs a bonus attack against a ship it has not attacked "
                     "before this round: may reroll 1 attack die. Adds a gunner slot; 3 more "
                     "hull, 3 fewer shields.")


# ------------------------------------------------------------- Nautolan's Revenge
def _missing_energy(ship: ShipState) -> int:
    charge = ship.charges.get(ENERGY)
    return 0 if charge is None else charge.limit - charge.active


def _nautolan_options(ctx: Ctx) -> list[Option]:
    # ruling: only as many tokens as energy can be recovered
    most = min(2, ctx.ship.count(Token.CALCULATE), _missing_energy(ctx.ship))
    return [Option(str(n), f"spend {n} calculate token(s): recover {n} energy")
            for n in range(1, most + 1)]


def _nautolan(ctx: Ctx, choice: Any) -> None:
    spent = spend_token(ctx.game, ctx.ship, Token.CALCULATE, int(choice))
    gained = recover_energy(ctx.ship, spent)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) recovers {gained} energy "
                   "(Nautolan's Revenge)", ship=ctx.ship.id)


register("upgrade", "nautolansrevenge",
         Triggered("spend up to 2 calculate tokens: recover that many energy",
                   window="before_engage",
                   requirement=lambda ctx: is_me(ctx) and bool(_nautolan_options(ctx)),
                   choices=_nautolan_options, effect=_nautolan),
         description="Before engaging: may spend 1 or 2 calculate tokens to recover as many "
                     "energy. 1 more energy and shield, 2 less hull.")


# -------------------------------------------------------------- Neimoidian Grasp
register("upgrade", "neimoidiangrasp",
         grant_action("after attacking: may perform a red evade action", "after_attack",
                      lambda ctx: [granted("evade", "red", "neimoidiangrasp")],
                      requirement=lambda ctx: is_me(ctx, "attacker")),
         Triggered("defending while evading: roll 1 additional defense die",
                   window="before_defense_dice",
                   requirement=lambda ctx: is_me(ctx, "defender")
                   and ctx.ship.has(Token.EVADE),
                   effect=one_more_defense_die),
         description="After attacking: may perform a red evade action. Defending while it "
                     "has an evade token: may roll 1 additional defense die. 2 fewer "
                     "shields.")
