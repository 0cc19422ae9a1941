"""Talent upgrades (more in :mod:`tallon.cards.upgrades.talent_2`).

Not implemented here: Daredevil (a boost with the turn templates)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import granted, may_perform
from tallon.cards.common import (
    attack_ships,
    attacking_if,
    defending_if,
    dice,
    event_ship,
    in_firing_arc,
    is_in_arc,
    is_me,
    range_of,
    recover_charge,
    recover_force,
    remove_token_choice,
    ship_options,
    ships_in_range,
    token_choices,
)
from tallon.cards.guarding import guards_defender
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import expose_random, with_weapon
from tallon.data import load_cards
from tallon.dice import (
    ATTACKING,
    DEFENDING,
    CancelResults,
    CardAbility,
    ChangeResults,
    Face,
    RerollDice,
    Situation,
    Window,
)
from tallon.dice.abilities.effects import Effect, Variant
from tallon.engine.abilities import (
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Triggered,
    Weapon,
)
from tallon.engine.allegiance import friendly
from tallon.engine.attack import perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, suffer_damage
from tallon.engine.movement import reposition
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.engine.weapons import cannot_attack, valid_targets
from tallon.geometry import Arc, boost

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

# ------------------------------------------------------------------- helpers
def _in_bullseye(game: Game, attack: AttackState) -> bool:
    attacker, defender = attack_ships(game, attack)
    return is_in_arc(attacker, defender, Arc.BULLSEYE)


def is_limited(ship: ShipState) -> bool:
    """RR: LIMITED - the ship's pilot card has bullets."""
    return load_cards().pilot(ship.pilot).limited > 0


def friend_destroyed(ctx: Ctx, *, other: bool, marker: str | None) -> bool:
    """"After a friendly ship at range 0-3 is destroyed, if it is limited (or has this
    upgrade)": ``other`` leaves the card's own ship out."""
    lost = event_ship(ctx)
    if lost.owner != ctx.ship.owner or (other and lost.id == ctx.ship.id):
        return False
    near = range_of(ctx.ship, lost)
    if near is None or near > 3:
        return False
    return is_limited(lost) or (marker is not None and marker in lost.upgrades)


# ------------------------------------------------------------ rerolls and changes
register("upgrade", "predator",
         DiceMod("reroll 1 attack die", dice=dice("predator"),
                 applies=attacking_if(lambda game, attack, owner: attack.primary
                                      and _in_bullseye(game, attack))),
         description="Primary attack with the defender in the bullseye arc: may reroll 1 "
                     "attack die.")

register("upgrade", "marksmanship",
         DiceMod("change 1 hit to a critical hit", dice=dice("marksmanship"),
                 applies=attacking_if(lambda game, attack, owner: _in_bullseye(game, attack))),
         description="Attacking with the defender in the bullseye arc: may turn 1 hit into a "
                     "critical hit.")

register("upgrade", "heroic",
         DiceMod("only blanks: reroll any number of dice", dice=dice("heroic")),
         description="Attacking or defending with 2 or more dice, all blanks: may reroll any "
                     "number of them.")


def _alone(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return not ships_in_range(game, owner, 0, 2, friendly=True, other=True)


register("upgrade", "lonewolf",
         DiceMod("spend 1 charge: reroll 1 die", dice=dice("lonewolf"),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and _alone(game, attack, owner)),
         description="Attacking or defending with no other friendly ship at range 0-2: may "
                     "spend its recurring charge to reroll 1 of its dice.")

register("upgrade", "elusive",
         DiceMod("spend 1 charge: reroll 1 defense die", dice=dice("elusive"),
                 applies=defending_if()),
         Triggered("recover 1 charge", window="after_execute", optional=False,
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                   and ctx.event.get("difficulty") == "red"
                   and ctx.ship.charges["elusive"].active < ctx.ship.charges["elusive"].limit,
                   effect=lambda ctx, choice: recover_charge(ctx.ship, "elusive")),
         description="Defending: may spend its charge to reroll 1 defense die. After fully "
                     "executing a red maneuver: it recovers 1 charge.")


def _fearless(game: Game, attack: AttackState, owner: ShipState) -> bool:
    attacker, defender = attack_ships(game, attack)
    return (attack.primary and attack.arc is Arc.FRONT and attack.range == 1
            and is_in_arc(defender, attacker, Arc.FRONT))


register("upgrade", "fearless",
         DiceMod("change 1 result to a hit", dice=dice("fearless"),
                 applies=attacking_if(_fearless)),
         description="Front-arc primary attack at range 1 from inside the defender's front "
                     "arc: may turn 1 of its results into a hit.")

register("upgrade", "juke",
         DiceMod("evading: change 1 defense evade to a focus", dice=dice("juke"),
                 applies=attacking_if()),
         description="Attacking while it has an evade token: may turn 1 of the defender's "
                     "evade results into a focus result.")

FANATICAL = dice("fanatical")

register("upgrade", "fanatical",
         DiceMod("unshielded: change 1 focus to a hit", dice=FANATICAL,
                 applies=attacking_if(lambda game, attack, owner: attack.primary
                                      and owner.shields == 0)),
         description="Primary attack with no active shields: may turn 1 focus result into "
                     "a hit.")

BLANK_REROLL_DEFENSE = dice("itsatrap-battleoverendor")


def _trap(game: Game, attack: AttackState, owner: ShipState) -> bool:
    friends = ships_in_range(game, owner, 0, 1, friendly=True, other=True)
    enemies = ships_in_range(game, owner, 0, 1, friendly=False)
    return len(friends) > len(enemies)


register("upgrade", "itsatrap-battleoverendor",
         DiceMod("outnumbering nearby enemies: reroll 1 blank", dice=BLANK_REROLL_DEFENSE,
                 applies=defending_if(_trap)),
         description="Defending with more other friendly than enemy ships at range 0-1: may "
                     "reroll 1 blank result.")

BLANK_REROLL_ATTACK = dice("noescape-battleoverendor")


def _no_escape(game: Game, attack: AttackState, owner: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    near = ships_in_range(game, defender, 0, 1)
    friends = [s for s in near if friendly(s, owner)]
    enemies = [s for s in near if s.owner != owner.owner and s.id != defender.id]
    return attack.primary and len(friends) > len(enemies)


register("upgrade", "noescape-battleoverendor",
         DiceMod("outnumbering the defender's friends: reroll 1 blank", dice=BLANK_REROLL_ATTACK,
                 applies=attacking_if(_no_escape)),
         description="Primary attack when more friendly ships than other enemy ships are at "
                     "range 0-1 of the defender: may reroll 1 blank result.")


APEX = dice("apexpredator-battleoverendor")

register("upgrade", "apexpredator-battleoverendor",
         DiceMod("the defender's initiative is lower: reroll 1 attack die", dice=APEX,
                 applies=attacking_if(lambda game, attack, owner: attack.primary and game.state
                                      .ships[attack.defender].current_initiative
                                      < owner.current_initiative)),
         description="Primary attack against a defender of lower initiative: may reroll 1 "
                     "attack die.")

FANATIC = dice("fanatic-battleofyavin")

register("upgrade", "fanatic-battleofyavin",
         DiceMod("damaged: change 1 focus to a hit", dice=FANATIC,
                 applies=attacking_if(lambda game, attack, owner: attack.primary
                                      and bool(owner.damage))),
         description="Primary attack while it has a damage card: may turn 1 focus result "
                     "into a hit.")


def _tractored_in_arc(game: Game, attack: AttackState) -> int:
    attacker = game.state.ships[attack.attacker]
    return sum(1 for s in game.state.in_play() if s.tractored
               and is_in_arc(attacker, s, attack.arc))


def _gravitic(count: int) -> DiceMod:
    # one ability per count of tractored ships (one key: used once per attack)
    ability = dice("graviticdeflection", count)
    return DiceMod(f"reroll up to {count} defense dice", dice=ability, applies=defending_if(
        lambda game, attack, owner: _tractored_in_arc(game, attack) == count))


register("upgrade", "graviticdeflection", *(_gravitic(n) for n in range(1, 7)),
         description="Defending: may reroll up to one defense die per tractored ship in the attack "
                     "arc.")

DEDICATED = CardAbility("dedicated", "Dedicated (gain 1 strain: reroll 1 blank)",
                        effect=RerollDice(1, faces=(Face.BLANK,)), roles=DEFENDING,
                        gain=(("strain", 1),))


def _dedicated(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    near = range_of(owner, user)
    return (user.id != owner.id and friendly(user, owner) and attack.defender == user.id
            and not owner.has(Token.STRAIN) and near is not None and near <= 2
            and (is_in_arc(owner, user, Arc.LEFT) or is_in_arc(owner, user, Arc.RIGHT))
            and (is_limited(user) or "dedicated" in user.upgrades))


register("upgrade", "dedicated",
         DiceMod("gain 1 strain token: the defender rerolls 1 blank", dice=DEDICATED,
                 for_others=True, applies=_dedicated),
         description="Another friendly ship in its left or right arc at range 0-2 defends, "
                     "limited or with Dedicated: if not strained it may gain 1 strain token "
                     "to have the defender reroll 1 blank result.")


# ------------------------------------------------------- results spent or canceled
register("upgrade", "crackshot",
         DiceMod("spend 1 charge: cancel 1 evade", dice=dice("crackshot"),
                 applies=attacking_if(lambda game, attack, owner: attack.primary
                                      and _in_bullseye(game, attack))),
         description="Primary attack with the defender in the bullseye arc, before the "
                     "Neutralize Results step: may spend its charge to cancel 1 evade.")


class SpendOrDowngrade(Effect):
    """Deadeye Shot: spend 1 hit result (the die leaves the pool, as a canceled one does),
    or change 1 critical hit to a hit."""

    def variants(self, situation: Situation) -> list[Variant]:
        return (CancelResults(Face.HIT).variants(situation)
                + ChangeResults(1, (Face.CRIT,), (Face.HIT,)).variants(situation))


DEADEYE = CardAbility("deadeyeshot", "Deadeye Shot (spend 1 hit or 1 crit to hit)",
                      effect=SpendOrDowngrade(), roles=ATTACKING)


def _deadeye_expose(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    expose_random(ctx.game, ctx.other(attack.defender))


register("upgrade", "deadeyeshot",
         DiceMod("spend 1 hit or change 1 critical hit to a hit: the defender exposes 1 "
                 "damage card", dice=DEADEYE, after=_deadeye_expose,
                 applies=attacking_if(lambda game, attack, owner: attack.primary
                                      and _in_bullseye(game, attack))),
         description="Primary attack with the defender in the bullseye arc: may give up 1 "
                     "hit result or turn 1 critical hit into a hit; the defender then exposes "
                     "a random facedown damage card.")

SELFLESS = CardAbility("selfless", "Selfless (cancel 1 critical hit)",
                       effect=CancelResults(Face.CRIT), window=Window.BEFORE_NEUTRALIZE,
                       roles=DEFENDING)


def _selfless_cost(ctx: Ctx, option: Any) -> None:
    suffer_damage(ctx.game, ctx.ship, crits=1, cause="Selfless")


register("upgrade", "selfless",
         DiceMod("suffer 1 critical damage to cancel 1 critical hit against a friend",
                 dice=SELFLESS, for_others=True, applies=guards_defender,
                 after=_selfless_cost),
         description="Another friendly ship at range 0-1 defends and this ship is in the "
                     "attack arc: before Neutralize Results it may suffer 1 critical damage "
                     "to cancel 1 critical hit result.")

RUTHLESS = CardAbility("ruthless", "Ruthless (1 result to hit)",
                       effect=ChangeResults(1, (Face.BLANK, Face.FOCUS, Face.CRIT),
                                            (Face.HIT,)), roles=ATTACKING)


def _ruthless_victims(game: Game, owner: ShipState, attack: AttackState) -> list[ShipState]:
    defender = game.state.ships[attack.defender]
    return [s for s in ships_in_range(game, defender, 0, 1, friendly=False)
            if friendly(s, owner) and s.id != owner.id]


def _ruthless_damage(ctx: Ctx, option: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    victims = _ruthless_victims(ctx.game, ctx.ship, attack)
    ctx.game.push(Ask(ctx.ship.owner, "use_ability",
                      f"{ctx.ship.name} ({ctx.ship.id}): Ruthless - which friendly ship "
                      "suffers 1 damage?", tuple(ship_options(victims)), "ruthless.damage",
                      ship=ctx.ship.id))


@continuation("ruthless.damage")
def _ruthless_suffers(game: Game, victim: str) -> None:
    suffer_damage(game, game.state.ships[victim], hits=1, cause="Ruthless")


register("upgrade", "ruthless",
         DiceMod("a friendly ship near the defender suffers 1 damage: change 1 result to a "
                 "hit", dice=RUTHLESS, after=_ruthless_damage,
                 applies=attacking_if(lambda game, attack, owner: bool(
                     _ruthless_victims(game, owner, attack)))),
         description="Attacking: may pick another friendly ship within range 0-1 of the defender; "
                     "that ship suffers 1 hit damage and this ship may change 1 of its own results "
                     "to a hit.")


# ---------------------------------------------------------------- dice counts
def _obstructed(game: Game, owner: ShipState, attack: AttackState | None = None,
                **facts: Any) -> int:
    return 1 if attack is not None and attack.attacker == owner.id and attack.obstructed \
        else 0


register("upgrade", "trickshot",
         Modifier("1 more attack die through an obstacle", hook="attack_dice",
                  value=_obstructed),
         description="Attacking through an obstacle: roll 1 more attack die.")


def _outmaneuver(game: Game, owner: ShipState, attack: AttackState | None = None,
                 **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id or attack.arc is not Arc.FRONT:
        return 0
    defender = game.state.ships[attack.defender]
    if defender.remote:
        return 0  # RR: FAQ: no ship is outside the arcs of a remote that has none
    return 0 if in_firing_arc(defender, owner) else 1


register("upgrade", "outmaneuver",
         Modifier("the defender rolls 1 fewer defense die", hook="defense_dice_reduction",
                  value=_outmaneuver),
         description="Front-arc attack from outside the defender's firing arcs: the defender "
                     "rolls 1 fewer defense die.")


def _intimidation(game: Game, owner: ShipState, attack: AttackState | None = None,
                  **facts: Any) -> int:
    if attack is None:
        return 0
    defender = game.state.ships[attack.defender]
    if defender.owner == owner.owner or defender.remote:
        return 0
    return 1 if range_of(owner, defender) == 0 else 0


register("upgrade", "intimidation",
         Modifier("an enemy defending at range 0 rolls 1 fewer defense die",
                  hook="defense_dice_reduction", value=_intimidation),
         description="An enemy ship at range 0 of it rolls 1 fewer defense die while "
                     "defending.")


# ------------------------------------------------------------- after an attack
register("upgrade", "collected-battleoverendor",
         Triggered("spend 1 focus token: gain 2 evade tokens", window="after_attack",
                   cost=Cost(tokens=(("focus", 1),)),
                   requirement=lambda ctx: is_me(ctx, "attacker")
                   and bool(ctx.event.get("primary")),
                   effect=lambda ctx, choice: _gain(ctx, Token.EVADE, 2)),
         description="After a primary attack: may spend a focus token; if so, it gains 2 evade "
                     "tokens.")


def _gain(ctx: Ctx, token: Token, count: int) -> None:
    gain_token(ctx.game, ctx.ship, token, count)


# ---------------------------------------------------------------- movement
def _attack_speed_boost(ctx: Ctx) -> Any:
    return boost(ctx.state.table(), ctx.ship.id, "straight")


def _attack_speed(ctx: Ctx, choice: Any) -> None:
    attempt = _attack_speed_boost(ctx)
    if attempt.fails():
        return
    reposition(ctx.game, ctx.ship, attempt)
    ctx.game.event("move", f"{ctx.ship.name} ({ctx.ship.id}) boosts straight (Attack "
                   "Speed, not an action)", ship=ctx.ship.id)


register("upgrade", "attackspeed-battleofyavin",
         Triggered("boost with the [1 straight] template", window="after_execute",
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("full"))
                   and ctx.event.get("bearing") == "F" and ctx.event.get("speed") in (3, 4),
                   choices=lambda ctx: [] if _attack_speed_boost(ctx).fails() else [
                       Option("boost", "boost straight (not an action)")],
                   effect=_attack_speed),
         description="After fully executing a 3 or 4 straight maneuver: may boost straight "
                     "ahead (not an action).")


# ------------------------------------------------------------------ initiative
def _swarm_targets(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 1, 1, friendly=True, other=True)


def _swarm(ctx: Ctx, choice: Any) -> None:
    ally = ctx.other(choice)
    ally.round_initiative = ctx.ship.current_initiative
    ctx.game.event("ability", f"{ally.name} ({ally.id}) treats its initiative as "
                   f"{ally.round_initiative} until the end of the round", ship=ally.id)


register("upgrade", "swarmtactics",
         Triggered("a friendly ship at range 1 uses your initiative this round",
                   window="start_engagement",
                   choices=lambda ctx: ship_options(_swarm_targets(ctx)), effect=_swarm),
         description="At the start of the Engagement Phase: may choose a friendly ship at "
                     "range 1, which treats its initiative as this ship's until the end of "
                     "the round.")


# ------------------------------------------------ after a friendly ship is destroyed
def _after_friend_lost(marker: str, title: str, *kinds: str) -> Triggered:
    """"After another friendly ship at range 0-3 is destroyed, if it was limited or had
    this upgrade, you may perform one of these actions" (white, on the bar or not)."""
    return may_perform(title, "after_destroyed",
                       lambda ctx: [granted(kind, "white", ctx.card) for kind in kinds],
                       requirement=lambda ctx: friend_destroyed(ctx, other=True,
                                                                marker=marker),
                       label=title)


register("upgrade", "disciplined",
         _after_friend_lost("disciplined", "perform a lock or barrel roll action", "lock",
                            "barrel_roll"),
         description="After the destruction of another friendly ship within range 0-3 that was "
                     "limited or had Disciplined: may perform a lock or barrel roll action.")

register("upgrade", "hopeful",
         _after_friend_lost("hopeful", "perform a focus or boost action", "focus", "boost"),
         description="After the destruction of another friendly ship within range 0-3 that was "
                     "limited or had Hopeful: may perform a focus or boost action.")


def _vengeful_charges(ctx: Ctx) -> list[Option]:
    """Recurring charges on the ship card: its Force (always recurring) and the pilot's
    recurring standard charges."""
    ship = ctx.ship
    found = []
    if ship.force_limit and ship.force < ship.force_limit:
        found.append(Option("force", "recover 1 Force"))
    own = ship.charges.get(ship.pilot)
    if own is not None and own.recurring > 0 and own.active < own.limit:
        found.append(Option(f"charge:{ship.pilot}", "recover 1 charge of the ship card"))
    return found


def _cutthroat_charges(ctx: Ctx) -> list[Option]:
    """Non-recurring standard charges of the ship card or its upgrades."""
    ship = ctx.ship
    return [Option(f"charge:{card}", f"recover 1 charge of {card}")
            for card, charge in sorted(ship.charges.items())
            if charge.recurring == 0 and charge.active < charge.limit]


def _restore(ctx: Ctx, choice: Any) -> None:
    kind, _, what = str(choice).partition(":")
    if kind == "force":
        recover_force(ctx.ship)
    elif kind == "charge":
        recover_charge(ctx.ship, what)
    else:
        remove_token_choice(ctx.game, ctx.ship, str(choice))


register("upgrade", "vengeful-battleofyavin",
         Triggered("remove 1 red token or recover 1 recurring charge of the ship card",
                   window="after_destroyed",
                   requirement=lambda ctx: friend_destroyed(ctx, other=False, marker=None),
                   choices=lambda ctx: token_choices(ctx.game, ctx.ship, ("red",))
                   + _vengeful_charges(ctx),
                   effect=_restore),
         description="After a limited friendly ship at range 0-3 is destroyed: may remove 1 "
                     "of its red tokens or recover 1 recurring charge of its ship card.")

register("upgrade", "cutthroat",
         Triggered("remove 1 orange or red token or recover 1 non-recurring charge",
                   window="after_destroyed",
                   requirement=lambda ctx: friend_destroyed(ctx, other=True,
                                                            marker="cutthroat"),
                   choices=lambda ctx: token_choices(ctx.game, ctx.ship, ("orange", "red"))
                   + _cutthroat_charges(ctx),
                   effect=_restore),
         description="After the destruction of another friendly ship within range 0-3 that was "
                     "limited or had Cutthroat: may recover 1 non-recurring charge on its ship "
                     "card or an equipped upgrade, or remove 1 orange or red token of its own.")


# --------------------------------------------------------------------- Snap Shot
def _snap_targets(ctx: Ctx) -> tuple[str, ...]:
    enemy = event_ship(ctx)
    ship = ctx.ship
    if enemy.owner == ship.owner or not enemy.in_play or ship.bonus_attack_done \
            or not ship.in_play or cannot_attack(ctx.game, ship):
        return ()
    found = valid_targets(ctx.game, ship, ("snapshot",), (enemy.id,))
    return (enemy.id,) if found else ()


def _snap(ctx: Ctx, choice: Any) -> None:
    perform_bonus_attack(ctx.game, ctx.ship, only=("snapshot",), defenders=_snap_targets(ctx))


def _snap_locked(game: Game, owner: ShipState, attack: AttackState | None = None,
                 kind: str = "", **facts: Any) -> bool:
    return attack is not None and attack.attacker == owner.id \
        and attack.weapon.card == "snapshot" and kind == "attack"


register("upgrade", "snapshot",
         Weapon("Snap Shot"),
         Modifier("its attack dice can't be modified", hook="dice_unmodifiable",
                  value=_snap_locked),
         Triggered("attack the enemy ship that just moved, as a bonus attack",
                   window="after_execute", bonus_attack=True,
                   requirement=lambda ctx: bool(_snap_targets(ctx)), effect=_snap),
         description="Attack: 2 dice at range 2 in the front arc, which no one can modify. "
                     "After an enemy ship executes a maneuver, may make this attack against "
                     "it as a bonus attack.")


# ------------------------------------------------- Saturation Salvo (per weapon)
def _ordnance_weapons() -> list[str]:
    """Every upgrade with a torpedo or missile slot and an attack: Saturation Salvo spends
    a charge of the weapon in use (types count even on dual cards: RR: FAQ)."""
    found = []
    for upgrade in load_cards().upgrades_for_slot("torpedo") + load_cards().upgrades_for_slot(
            "missile"):
        if any(side.attack is not None for side in upgrade.sides) and upgrade.xws not in found:
            found.append(upgrade.xws)
    return found


def _salvo(weapon: str) -> DiceMod:
    ability = CardAbility("saturationsalvo", "Saturation Salvo (defender rerolls 2 dice)",
                          effect=RerollDice(2, exactly=True), window=Window.OPPONENT_DICE,
                          roles=ATTACKING, cost=((weapon, 1),))
    return DiceMod(f"spend 1 charge of {weapon}: the defender rerolls 2 chosen dice",
                   dice=ability, applies=with_weapon(weapon))


register("upgrade", "saturationsalvo", *(_salvo(w) for w in _ordnance_weapons()),
         description="Attacking with a torpedo or missile: may spend 1 charge of that "
                     "weapon to choose 2 defense dice, which the defender must reroll.")

# Expert Handling has no ability text: its white barrel roll joins the action bar by the
# engine's own rules
register("upgrade", "experthandling",
         description="Adds a white barrel roll to the action bar.")
