"""Gunner upgrades that change dice, give tokens or act on other ships (more in
:mod:`tallon.cards.upgrades.gunner`: the bonus attacks and the turret). Effects that
"spend 1 [focus] result" remove that die from the pool, as a canceled die leaves it (the
dice block ``CancelResults``), then do what the card says."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted, let_perform, performable
from tallon.cards.common import (
    attack_ships,
    attacking_if,
    dice,
    green_token_or,
    green_tokens,
    in_firing_arc,
    is_in_arc,
    is_me,
    range_of,
    recover_charge,
    remove_token_choice,
    ship_options,
    ships_in_range,
    token_choices,
)
from tallon.cards.registry import register
from tallon.cards.upgrades.gunner import attack_record, round_attacks
from tallon.dice import ATTACKING, CancelResults, CardAbility, ChangeResults, Face
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import StartAction
from tallon.engine.allegiance import friendly
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    acquire_lock,
    can_lock,
    gain_token,
    remove_token,
    suffer_damage,
)
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Then, continuation
from tallon.engine.weapons import weapon_ability
from tallon.geometry import Arc, in_arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def _enemy_of(attack: AttackState, owner: ShipState) -> str:
    """The other ship of the attack: the defender while the owner attacks, else the
    attacker."""
    return attack.defender if attack.attacker == owner.id else attack.attacker


def _own_dice(test: Any) -> Any:
    """``DiceMod.applies``: the owner attacks or defends, modifies its own dice, and
    ``test(game, attack, owner, enemy)`` holds."""

    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        if user.id != owner.id or owner.id not in (attack.attacker, attack.defender):
            return False
        return bool(test(game, attack, owner, game.state.ships[_enemy_of(attack, owner)]))

    return applies


def _no_added_die(attack: AttackState) -> bool:
    """RR: ATTACK - no die is added to a primary attack at range 0."""
    return attack.range == 0 and attack.primary


# ----------------------------------------------------------------- dice changes
register("upgrade", "fifthbrother",
         DiceMod("spend 1 Force: change 1 focus to a critical hit", dice=dice("fifthbrother"),
                 applies=attacking_if()),
         description="Attacking: may spend 1 Force to turn 1 focus result into a critical "
                     "hit.")


def _finn(game: Game, attack: AttackState, owner: ShipState, enemy: ShipState) -> bool:
    if attack.attacker == owner.id and not attack.primary:
        return False
    return is_in_arc(owner, enemy, Arc.FRONT)


register("upgrade", "finn",
         DiceMod("the enemy in the front arc: add 1 blank result", dice=dice("finn"),
                 applies=_own_dice(_finn)),
         description="Defending, or performing a primary attack, with the enemy ship in its "
                     "front arc: may add 1 blank result (which can then be modified).")


def _in_turret(game: Game, attack: AttackState, owner: ShipState, enemy: ShipState) -> bool:
    return any(is_in_arc(owner, enemy, arc) for arc in owner.turret)


register("upgrade", "rey-gunner",
         DiceMod("spend 1 Force: change 1 blank to a hit or evade", dice=dice("rey-gunner"),
                 applies=_own_dice(_in_turret)),
         description="Attacking or defending with the enemy ship in its turret arc: may "
                     "spend 1 Force to turn 1 blank result into a hit (attacking) or an "
                     "evade (defending).")

GREEDO_DEFENDING = CardAbility("greedo-defending",
                               "Greedo's charge is active: change 1 hit to a critical hit",
                               effect=ChangeResults(1, (Face.HIT,), (Face.CRIT,)),
                               roles=ATTACKING)


def _greedo_lends(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    charge = owner.charges.get("greedo")
    return (attack.defender == owner.id and user.id == attack.attacker
            and charge is not None and charge.active > 0)


register("upgrade", "greedo",
         DiceMod("spend 1 charge: change 1 hit to a critical hit", dice=dice("greedo"),
                 applies=attacking_if()),
         DiceMod("the attacker may change 1 hit to a critical hit", dice=GREEDO_DEFENDING,
                 for_others=True, applies=_greedo_lends),
         description="Attacking: may spend its charge to turn 1 hit into a critical hit. "
                     "Defending while its charge is active: the attacker may turn 1 hit "
                     "into a critical hit.")


def _bt1(count: int) -> DiceMod:
    # one ability per count of stress tokens (one key: used once per attack)
    return DiceMod(f"change up to {count} hit(s) to critical hits", dice=dice("bt1", count),
                   applies=attacking_if(lambda game, attack, owner: min(6, game.state.ships[
                       attack.defender].count(Token.STRESS)) == count))


register("upgrade", "bt1", *(_bt1(n) for n in range(1, 7)),
         description="Attacking: may turn 1 hit into a critical hit for each stress token "
                     "the defender has.")


def _alone_in_arc(game: Game, attack: AttackState, owner: ShipState) -> bool:
    attacker, _ = attack_ships(game, attack)
    return not any(s.id not in (attack.attacker, attack.defender)
                   and is_in_arc(attacker, s, attack.arc) for s in game.state.in_play())


register("upgrade", "bobafett-gunner",
         DiceMod("no other ship in the attack arc: change 1 focus to a hit",
                 dice=dice("bobafett-gunner"), applies=attacking_if(_alone_in_arc)),
         description="Attacking with no other ship in the attack arc: may turn 1 focus "
                     "result into a hit.")


def _red_or_orange_ships(game: Game, attack: AttackState) -> int:
    attacker, _ = attack_ships(game, attack)
    return sum(1 for s in game.state.in_play() if s.id != attacker.id
               and is_in_arc(attacker, s, attack.arc)
               and any(t.colour in ("red", "orange") and s.has(t) for t in Token))


def _dt798_reroll(count: int) -> DiceMod:
    return DiceMod(f"reroll up to {count} attack dice", dice=dice("dt798", count),
                   applies=attacking_if(lambda game, attack, owner: min(
                       6, _red_or_orange_ships(game, attack)) == count))


def _dt798_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ctx.state.in_play() if friendly(s, ctx.ship)
            and in_firing_arc(ctx.ship, s)]


register("upgrade", "dt798",
         Triggered("a friendly ship in the firing arc gains 1 strain token",
                   window="start_engagement",
                   choices=lambda ctx: ship_options(_dt798_friends(ctx)),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(choice),
                                                         Token.STRAIN,
                                                         applier=ctx.ship.owner)),
         *(_dt798_reroll(n) for n in range(1, 7)),
         description="Start of the Engagement Phase: may give a friendly ship inside its firing "
                     "arc 1 strain token. Attacking: may reroll up to 1 attack die per ship in the "
                     "attack arc that holds a non-lock red or orange token.")


# -------------------------------------------------------- spending a focus result
REX_SPEND = CardAbility("clonecaptainrex", "Clone Captain Rex (spend 1 focus result)",
                        effect=CancelResults(Face.FOCUS), roles=ATTACKING)
REX_FOCUS = granted("focus", "white", "clonecaptainrex")


def _rex_friends(game: Game, owner: ShipState, attack: AttackState) -> tuple[str, ...]:
    """Friendly ships (the attacker too: RR: FRIENDLY) with the defender in their
    bullseye arc."""
    defender = game.state.ships[attack.defender]
    return tuple(s.id for s in game.state.in_play() if friendly(s, owner)
                 and is_in_arc(s, defender, Arc.BULLSEYE))


def _rex_after(ctx: Ctx, option: Any) -> None:
    assert ctx.attack is not None
    _rex_next(ctx.game, None, _rex_friends(ctx.game, ctx.ship, ctx.attack))


@continuation("clonecaptainrex.next")
def _rex_next(game: Game, value: Any, ship_ids: tuple[str, ...]) -> None:
    """Ask the next ship (in turn) whether it gains a strain token to perform a focus
    action."""
    for k, ship_id in enumerate(ship_ids):
        ship = game.state.ships[ship_id]
        if ship.in_play and performable(game, ship, (REX_FOCUS,), False):
            game.push(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): gain 1 "
                          "strain token to perform a focus action (Clone Captain Rex)?",
                          (Option("focus", "gain 1 strain token: perform a focus action"),
                           Option("decline", "don't")), "clonecaptainrex.focus",
                          (ship_id, ship_ids[k + 1:]), ship=ship_id))
            return


@continuation("clonecaptainrex.focus")
def _rex_focus(game: Game, answer: str, ship_id: str, rest: tuple[str, ...]) -> None:
    if answer == "focus":
        gain_token(game, game.state.ships[ship_id], Token.STRAIN)
        game.push(StartAction(ship_id, REX_FOCUS, False), Then("clonecaptainrex.next", (rest,)))
        return
    _rex_next(game, None, rest)


register("upgrade", "clonecaptainrex",
         DiceMod("spend 1 focus result: friends with the defender in the bullseye arc may "
                 "gain 1 strain token to perform a focus action", dice=REX_SPEND,
                 after=_rex_after, applies=attacking_if()),
         description="Attacking: may spend 1 focus result; each friendly ship with the "
                     "defender in its bullseye arc may then gain 1 strain token to perform a "
                     "focus action.")

SUPPRESS_SPEND = CardAbility("suppressivegunner", "Suppressive Gunner (spend 1 focus result)",
                             effect=CancelResults(Face.FOCUS), roles=ATTACKING)


def _suppress(ctx: Ctx, option: Any) -> None:
    assert ctx.attack is not None
    defender = ctx.other(ctx.attack.defender)
    ctx.game.push(Ask(defender.owner, "use_ability", f"{defender.name} ({defender.id}): "
                      "gain 1 deplete token, or suffer 1 hit damage (Suppressive Gunner)?",
                      (Option("deplete", "gain 1 deplete token"),
                       Option("suffer", "suffer 1 hit damage")), "suppressivegunner.chosen",
                      (defender.id, ctx.ship.owner), ship=defender.id))


@continuation("suppressivegunner.chosen")
def _suppress_chosen(game: Game, answer: str, defender_id: str, player: int) -> None:
    defender = game.state.ships[defender_id]
    if answer == "suffer":
        suffer_damage(game, defender, hits=1, cause="Suppressive Gunner")
    else:
        gain_token(game, defender, Token.DEPLETE, applier=player)


register("upgrade", "suppressivegunner",
         DiceMod("spend 1 focus result: the defender gains 1 deplete token or suffers 1 hit "
                 "damage", dice=SUPPRESS_SPEND, after=_suppress, applies=attacking_if()),
         description="Attacking: may spend a focus result; the defender then picks: suffer 1 hit "
                     "damage, or gain 1 deplete token.")


# ------------------------------------------------------------- more attack dice
def _max_four(mark: str) -> Modifier:
    """"..., to a maximum of 4" for an attack the card added a die to (RR: FAQ: the
    maximum applies after every added die)."""

    def value(game: Game, owner: ShipState, attack: AttackState | None = None,
              **facts: Any) -> int | None:
        if attack is not None and attack.marks.get(f"{owner.id}:{mark}"):
            return 4
        return None

    return Modifier("at most 4 attack dice", hook="max_attack_dice", value=value)


SEVENTH = "seventhfleetgunner.added"


def _seventh_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or ctx.event.get("attacker") == ctx.ship.id:
        return False
    attacker, defender = attack_ships(ctx.game, attack)
    return (friendly(attacker, ctx.ship) and attack.primary and not _no_added_die(attack)
            and in_firing_arc(ctx.ship, defender))


def _seventh(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.extra_attack_dice += 1
    attack.marks[f"{ctx.ship.id}:{SEVENTH}"] = 1


register("upgrade", "seventhfleetgunner",
         Triggered("spend 1 charge: the attacker rolls 1 more die (at most 4)",
                   window="before_attack_dice", cost=Cost(charges=1),
                   requirement=_seventh_applies, effect=_seventh),
         _max_four(SEVENTH),
         Triggered("gain 1 disarm token: recover 1 charge", window="system_phase",
                   cost=Cost(gain=(("disarm", 1),)),
                   requirement=lambda ctx: is_me(ctx) and ctx.ship.charges[ctx.card].active
                   < ctx.ship.charges[ctx.card].limit,
                   effect=lambda ctx, choice: recover_charge(ctx.ship, ctx.card)),
         description="Another friendly ship performs a primary attack against a defender in "
                     "its firing arc: may spend its charge to have the attacker roll 1 more "
                     "die, to a maximum of 4. System Phase: may gain 1 disarm token to "
                     "recover 1 charge.")

GAR = "garsaxon-gunner.added"


def _front_or_rear(ship: ShipState, target: Any) -> bool:
    assert ship.body is not None
    return in_arc(ship.body, target, Arc.FRONT) or in_arc(ship.body, target, Arc.REAR)


def _gar_lock(game: Game, owner: ShipState, ship: ShipState | None = None,
              target: str = "", **facts: Any) -> bool:
    if ship is None or ship.id != owner.id or owner.body is None:
        return False
    found = game.state.ships.get(target)
    body = found.body if found is not None else next(
        (o for o in game.state.table().objects() if o.id == target), None)
    return body is not None and not _front_or_rear(owner, body)


def _gar_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if not is_me(ctx, "attacker") or attack is None or not attack.primary \
            or _no_added_die(attack):
        return False
    defender = ctx.other(attack.defender)
    return defender.body is not None and _front_or_rear(ctx.ship, defender.body)


def _gar_tokens(ctx: Ctx) -> list[Option]:
    assert ctx.attack is not None
    return token_choices(ctx.game, ctx.other(ctx.attack.defender), ("orange", "red"))


def _gar(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    remove_token_choice(ctx.game, ctx.other(attack.defender), str(choice))
    attack.extra_attack_dice += 1
    attack.marks[f"{ctx.ship.id}:{GAR}"] = 1


register("upgrade", "garsaxon-gunner",
         Modifier("the lock action chooses only objects in the front or rear arc",
                  hook="lock_action_forbidden", value=_gar_lock),
         Triggered("remove 1 orange or red token from the defender: roll 1 more die (at "
                   "most 4)", window="before_attack_dice", requirement=_gar_applies,
                   choices=_gar_tokens, effect=_gar),
         _max_four(GAR),
         description="Lock action: can target only an object inside its front or rear arc. Primary "
                     "attack against a defender in its front or rear arc: may take 1 orange or red "
                     "token off the defender to roll an extra attack die (up to 4 attack dice).")


# ------------------------------------------------------------- after defending
def _dengar_applies(ctx: Ctx) -> bool:
    attacker = ctx.other(ctx.event["attacker"])
    return is_me(ctx, "defender") and attacker.in_play and in_firing_arc(ctx.ship, attacker)


def _dengar(ctx: Ctx, choice: Any) -> None:
    attacker = ctx.other(ctx.event["attacker"])
    tokens = green_tokens(attacker)
    if not tokens:
        _dengar_roll(ctx.game, "roll", ctx.ship.id, attacker.id)
        return
    green_token_or(ctx.game, attacker, Option("roll", f"let {ctx.ship.name} roll 1 attack die"),
                   "remove 1 green token, or Dengar rolls 1 attack die (a hit or critical "
                   "result deals 1 hit damage)?", "dengar.refusal", (ctx.ship.id, attacker.id),
                   prefix="remove")


@continuation("dengar.refusal")
def _dengar_roll(game: Game, answer: str, ship_id: str, attacker_id: str) -> None:
    attacker = game.state.ships[attacker_id]
    if answer != "roll":
        remove_token(game, attacker, Token(answer.partition(":")[2]))
        return
    ship = game.state.ships[ship_id]
    game.now(RollDice("attack", 1, "common.die_rolled",
                      (ship.id, "dengar", "dengar.rolled", (attacker_id,)), who=ship.name))


@continuation("dengar.rolled")
def _dengar_rolled(game: Game, face: Face, attacker_id: str) -> None:
    if face in (Face.HIT, Face.CRIT):
        suffer_damage(game, game.state.ships[attacker_id], hits=1, cause="Dengar")


register("upgrade", "dengar",
         Triggered("spend 1 charge: roll 1 attack die against the attacker",
                   window="after_defend", cost=Cost(charges=1), requirement=_dengar_applies,
                   effect=_dengar),
         description="After defending, with the attacker in its firing arc: may spend its "
                     "charge; unless the attacker removes 1 green token, it rolls 1 attack "
                     "die, and on a hit or critical result the attacker suffers 1 hit "
                     "damage.")


# -------------------------------------------------------------- after attacking
def _neutralized(ctx: Ctx) -> bool:
    attack = ctx.attack
    if not is_me(ctx, "attacker") or attack is None or attack.hit or attack.dice_skipped \
            or attack.attack_dice is None:
        return False
    # a miss keeps its hit and critical results only if evades neutralized them
    return attack.attack_dice.count(Face.HIT) + attack.attack_dice.count(Face.CRIT) > 0


register("upgrade", "clonecommandercody",
         Triggered("the defender gains 1 strain token", window="after_attack", optional=False,
                   requirement=lambda ctx: _neutralized(ctx)
                   and ctx.other(ctx.event["defender"]).in_play,
                   effect=lambda ctx, choice: gain_token(
                       ctx.game, ctx.other(ctx.event["defender"]), Token.STRAIN,
                       applier=ctx.ship.owner)),
         description="After an attack that missed with 1 or more hit or critical results "
                     "neutralized: the defender gains 1 strain token.")


def _wso_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if not is_me(ctx, "attacker") or attack is None or attack.primary:
        return False
    ability = weapon_ability(ctx.game, attack.weapon)
    requires = ability.requires if ability is not None else None
    needs_lock = requires == "lock" or (isinstance(requires, tuple) and "lock" in requires)
    defender = ctx.other(attack.defender)
    # RR: LOCK - a lock an ability acquires must be on an object at range 0-3
    return (needs_lock and defender.in_play and ctx.state.in_range(ctx.ship, defender, 0, 3)
            and can_lock(ctx.game, ctx.ship, defender.id) is None)


register("upgrade", "weaponssystemsofficer",
         Triggered("acquire a lock on the defender", window="after_attack",
                   requirement=_wso_applies,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["defender"])),
         description="After a special attack whose weapon requires a lock: may acquire a "
                     "lock on the defender.")


def _tiber_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if not is_me(ctx, "attacker") or attack is None or not attack.hit \
            or not 1 <= attack.range <= 2:
        return False
    defender = ctx.other(attack.defender)
    return defender.in_play and not defender.remote and not any(
        d.faceup for d in defender.damage)


def _tiber_choices(ctx: Ctx) -> list[Option]:
    active = ctx.ship.charges[ctx.card].active
    return [Option(str(n), f"spend {n} charge(s): the defender gains {n} strain token(s)")
            for n in range(1, active + 1)]


def _tiber(ctx: Ctx, choice: Any) -> None:
    count = int(choice)
    ctx.ship.charges[ctx.card].active -= count
    gain_token(ctx.game, ctx.other(ctx.event["defender"]), Token.STRAIN, count,
               applier=ctx.ship.owner)


register("upgrade", "tibersaxon",
         Triggered("spend charges: the defender gains that many strain tokens",
                   window="after_attack", requirement=_tiber_applies, choices=_tiber_choices,
                   effect=_tiber),
         description="After an attack that hits at attack range 1-2, if the defender has no faceup "
                     "damage card: may spend 1 or more charges, giving the defender 1 strain token "
                     "per charge spent.")


def _sabine_dealt(ctx: Ctx) -> int:
    attacks = round_attacks(ctx.game, ctx.ship, ctx.card)
    if not attacks or attacks[-1][0] != ctx.event["defender"]:
        return 0
    serial = attacks[-1][3]
    return sum(1 for card in ctx.other(ctx.event["defender"]).damage if card.serial > serial)


def _sabine_friends(ctx: Ctx, chosen: tuple[str, ...] = ()) -> list[Option]:
    defender = ctx.other(ctx.event["defender"])
    return _relief_options(ctx.game, ctx.ship.owner, defender, chosen)


def _relief_options(game: Game, player: int, defender: ShipState,
                    chosen: tuple[str, ...]) -> list[Option]:
    if defender.body is None:
        return []
    return [Option(f"{s.id}:{t.value}", f"{s.name} ({s.id}) removes 1 {t.value} token")
            for s in ships_in_range(game, defender, 0, 3, friendly=None)
            if s.owner == player and s.id not in chosen
            for t in (Token.STRAIN, Token.STRESS) if s.has(t)]


def _sabine_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (is_me(ctx, "attacker") and attack is not None and not attack.primary
            and _sabine_dealt(ctx) > 0 and bool(_sabine_friends(ctx)))


def _sabine(ctx: Ctx, choice: Any) -> None:
    _relieve(ctx.game, str(choice), ctx.event["defender"], ctx.ship.owner,
             _sabine_dealt(ctx) - 1, ())


def _relieve(game: Game, choice: str, defender_id: str, player: int, left: int,
             chosen: tuple[str, ...]) -> None:
    ship_id, _, token = choice.partition(":")
    remove_token(game, game.state.ships[ship_id], Token(token))
    chosen = (*chosen, ship_id)
    options = _relief_options(game, player, game.state.ships[defender_id], chosen)
    if left > 0 and options:
        game.push(Ask(player, "use_ability", "Sabine Wren: choose another friendly ship to "
                      "remove 1 strain or stress token?", (*options, Option("decline",
                                                                            "no more")),
                      "sabinewren-gunner.next", (defender_id, player, left - 1, chosen)))


@continuation("sabinewren-gunner.next")
def _sabine_next(game: Game, answer: str, defender_id: str, player: int, left: int,
                 chosen: tuple[str, ...]) -> None:
    if answer != "decline":
        _relieve(game, answer, defender_id, player, left, chosen)


register("upgrade", "sabinewren-gunner",
         attack_record(),
         Triggered("friendly ships near the defender remove a strain or stress token",
                   window="after_attack", requirement=_sabine_applies,
                   choices=lambda ctx: _sabine_friends(ctx), effect=_sabine),
         description="After a special attack: may pick friendly ships within range 0-3 of the "
                     "defender, no more than the number of damage cards the defender was dealt "
                     "during that attack; each picked ship removes 1 strain or stress token.")


# ------------------------------------------------------------ actions and locks
AHSOKA_FOCUS = granted("focus", "red", "ahsokatano")


def _ahsoka_friends(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 1, 3, friendly=True, other=True)
            if in_firing_arc(ctx.ship, s)
            and performable(ctx.game, s, (AHSOKA_FOCUS,), False, even_stressed=True)]


register("upgrade", "ahsokatano",
         Triggered("spend 1 Force: a friendly ship in the firing arc may perform a red focus "
                   "action", window="after_execute", cost=Cost(force=1),
                   requirement=is_me, choices=lambda ctx: ship_options(_ahsoka_friends(ctx)),
                   effect=lambda ctx, choice: let_perform(ctx.game, str(choice),
                                                          (AHSOKA_FOCUS,), False,
                                                          even_stressed=True)),
         description="After executing a maneuver: may spend 1 Force to pick a friendly ship inside "
                     "its firing arc at range 1-3; that ship may perform a red focus action even "
                     "while stressed.")

register("upgrade", "hansolo-gunner",
         grant_action("perform a red focus action", "before_engage",
                      lambda ctx: [granted("focus", "red", ctx.card)], requirement=is_me),
         description="Before engaging: may perform a red focus action.")


def _ursa_applies(ctx: Ctx) -> bool:
    if not is_me(ctx):
        return False
    target = ctx.state.ships.get(ctx.event["target"])
    if target is None or target.owner == ctx.ship.owner or not target.in_play:
        return False
    near = range_of(ctx.ship, target)
    if near is None or near <= 2:
        return False
    # units: ships and remotes (the card's own ship too, were it near)
    return not [s for s in ships_in_range(ctx.game, target, 0, 1, remotes=True)
                if friendly(s, ctx.ship)]


register("upgrade", "ursawren-gunner",
         Triggered("gain 1 calculate token", window="after_lock", optional=False,
                   requirement=_ursa_applies,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.CALCULATE)),
         description="After locking an enemy ship or remote beyond range 2 with no friendly "
                     "ship or remote at range 0-1 of it: gains 1 calculate token.")

__all__ = ["GREEDO_DEFENDING", "REX_SPEND", "SUPPRESS_SPEND"]
