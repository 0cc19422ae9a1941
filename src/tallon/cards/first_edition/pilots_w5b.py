"""First-edition pilots of the StarViper, M3-A Interceptor, IG-2000, Imperial Raider and
Tantive IV expansion packs (wave 5 and its huge-ship packs) whose card has an ability,
registered under their play ids (:mod:`tallon.data.first_edition_play`). Descriptions are
Tallon's own words; the rules sources are the first edition's core rulebook, its reference
cards and its FAQ (``FAQ (1e)``).

The huge ships' pilots (CR90 Corvette (Fore), Raider-class Corvette (Fore)) are not here:
first-edition huge ships are epic play, which Tallon does not play.

First-edition ranges are 1-3 and touching ships are at Range 1 (no range 0): ranges are
measured with :mod:`tallon.cards.first_edition.ranges_1e`. "The start of the Combat phase"
is the engine's start of the Engagement Phase.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import (
    is_me,
    recover_shield,
    remember,
    roll_die,
    ship_options,
    this_round,
)
from tallon.cards.first_edition.ranges_1e import friends_within, within_1e
from tallon.cards.pilots.aggressorassaultfighter import cannons
from tallon.cards.registry import register
from tallon.cards.upgrades.ordnance import expose_random
from tallon.dice import Face
from tallon.dice.abilities.base import DEFENDING
from tallon.dice.abilities.effects import reroll
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Replacement, Triggered
from tallon.engine.action_bodies import lock_targets, spend_lock_on
from tallon.engine.allegiance import friendly
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.damage import SufferDamage
from tallon.engine.decisions import Option
from tallon.engine.effects import (
    acquire_lock,
    deal_damage_card,
    gain_token,
    remove_token,
    suffer_damage,
)
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import continuation
from tallon.geometry import Bearing, Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def enemies_at_range_1(game: Game, ship: ShipState) -> list[ShipState]:
    """Enemy ships (not remotes) at first-edition Range 1 of ``ship``."""
    return [s for s in game.state.in_play() if s.owner != ship.owner and not s.remote
            and within_1e(ship, s, 1, 1)]


# ------------------------------------------------------------------- Wes Janson
def _wes_choices(ctx: Ctx) -> list[Option]:
    defender = ctx.state.ships.get(ctx.event.get("defender", ""))
    if defender is None or not defender.in_play:
        return []
    found = [Option(f"token:{t.value}", f"remove 1 {t.value} token from {defender.name}")
             for t in (Token.FOCUS, Token.EVADE) if defender.has(t)]
    # the defender's blue target lock tokens: the locks it holds
    found += [Option(f"lock:{target}", f"remove {defender.name}'s target lock on {target}")
              for target in defender.locks]
    return found


def _wes(ctx: Ctx, choice: Any) -> None:
    defender = ctx.other(ctx.event["defender"])
    kind, _, what = str(choice).partition(":")
    if kind == "token":
        remove_token(ctx.game, defender, Token(what), remover=ctx.ship.id)
        text = f"1 {what} token"
    else:
        defender.locks = [t for t in defender.locks if t != what]
        text = f"its target lock on {what}"
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) removes {text} from "
                   f"{defender.name} ({defender.id})", ship=ctx.ship.id)


register("pilot", "1e-xwing-wesjanson",
         # FAQ (1e), Wes Janson: the defender may use its tokens during the attack; they are
         # removed only once the attack has been fully resolved (the attack's step 6)
         Triggered("strip 1 focus, evade or blue lock token from the defender",
                   window="after_attack", requirement=lambda ctx: is_me(ctx, "attacker"),
                   choices=_wes_choices, effect=_wes),
         description="After attacking: may strip 1 of the defender's focus, evade "
                     "or blue lock tokens.")


# ------------------------------------------------------------------- Jek Porkins
JEK = "1e-xwing-jekporkins"


def _jek(ctx: Ctx, choice: Any) -> None:
    remove_token(ctx.game, ctx.ship, Token.STRESS)
    roll_die(ctx, "1e-jekporkins.rolled", (ctx.ship.id,))


@continuation("1e-jekporkins.rolled")
def _jek_rolled(game: Game, face: Face, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if face is Face.HIT and ship.in_play:
        # a facedown damage card, not damage: his shields do not stop it
        deal_damage_card(game, ship, faceup=False)


register("pilot", JEK,
         # FAQ (1e), Jek Porkins: the stress of a red maneuver removed this way does not
         # make him skip his Perform Action step (the step asks whether he is stressed)
         Triggered("remove the stress token and roll 1 attack die (a hit deals 1 facedown "
                   "damage card)", window="after_gain_token",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "stress"
                   and ctx.ship.stressed, effect=_jek),
         description="On gaining a stress token: may discard it, then roll an attack die; a hit "
                     "deals him a facedown damage card.")


# -------------------------------------------------------------- "Hobbie" Klivian
def _hobbie(window: str) -> Triggered:
    return Triggered("remove 1 stress token", window=window,
                     requirement=lambda ctx: is_me(ctx) and ctx.ship.stressed,
                     effect=lambda ctx, choice: remove_token(ctx.game, ctx.ship,
                                                             Token.STRESS))


register("pilot", "1e-xwing-hobbieklivian",
         # FAQ (1e), "Hobbie" Klivian: each time, and a lock acquired without the target
         # lock action counts
         _hobbie("after_lock"), _hobbie("after_spend_lock"),
         description="When he acquires or spends a target lock: may remove 1 stress token.")


# -------------------------------------------------------------------- Tarn Mison
def _tarn_applies(ctx: Ctx) -> bool:
    if not is_me(ctx, "defender"):
        return False
    attacker = ctx.state.ships.get(ctx.event["attacker"])
    return (attacker is not None and attacker.owner != ctx.ship.owner
            and attacker.id not in ctx.ship.locks
            and attacker.id in lock_targets(ctx.game, ctx.ship))


register("pilot", "1e-xwing-tarnmison",
         Triggered("acquire a target lock on the attacker", window="defender_declared",
                   requirement=_tarn_applies,
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship,
                                                           ctx.event["attacker"])),
         description="When an enemy ship targets him with an attack: may lock that ship.")


# ------------------------------------------------------------------ Prince Xizor
XIZOR = "1e-starviper-princexizor"
#: attack mark: Xizor's ability was used in this attack
XIZOR_USED = f"{XIZOR}:used"


def attack_damage(ctx: Ctx, facts: dict[str, Any]) -> bool:
    """The damage about to be suffered is the card's ship's, from the results of the attack
    it defends against and was hit by (the Deal Damage step: FAQ (1e), timing chart,
    step 7; every "when hit" effect of the Compare Results step, Bossk's included, has
    then resolved)."""
    attack = ctx.attack
    return (attack is not None and attack.defender == ctx.ship.id and attack.hit
            and facts["ship"] == ctx.ship.id and facts.get("cause") == "the attack"
            and attack.step == "deal damage")


def _xizor_friends(ctx: Ctx) -> list[ShipState]:
    return friends_within(ctx.game, ctx.ship, 1, 1)


def _xizor_applies(ctx: Ctx, facts: dict[str, Any]) -> bool:
    attack = ctx.attack
    # FAQ (1e), Prince Xizor: a weapon whose hit cancels every result (Ion Cannon) deals
    # no damage of the results (none is suffered here): he suffers that card's effect
    return (attack_damage(ctx, facts) and facts["hits"] + facts["crits"] > 0
            and attack is not None and not attack.marks.get(XIZOR_USED)
            and bool(_xizor_friends(ctx)))


def _xizor_choices(ctx: Ctx, facts: dict[str, Any]) -> list[Option]:
    options = []
    for friend in _xizor_friends(ctx):
        for result, what in (("hit", "hit"), ("crit", "critical hit")):
            if facts[f"{result}s"]:
                options.append(Option(f"{friend.id}:{result}",
                                      f"{friend.name} ({friend.id}) suffers 1 uncanceled "
                                      f"{what} result instead"))
    return options


def _xizor(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.marks[XIZOR_USED] = 1
    friend_id, _, result = str(choice).partition(":")
    friend = ctx.other(friend_id)
    hits, crits = facts["hits"], facts["crits"]
    # FAQ (1e), Prince Xizor: he was hit; the friend suffers the damage without being hit
    if result == "hit":
        hits -= 1
        attack.hits = max(0, attack.hits - 1)
        suffer_damage(ctx.game, friend, hits=1, cause="Prince Xizor")
    else:
        crits -= 1
        attack.crits = max(0, attack.crits - 1)
        suffer_damage(ctx.game, friend, crits=1, cause="Prince Xizor")
    ctx.game.push(SufferDamage(ctx.ship.id, hits, crits, "the attack"))


register("pilot", XIZOR,
         Replacement("pass 1 uncanceled result to a friend within Range 1",
                     point="suffer_damage", applies=_xizor_applies, choices=_xizor_choices,
                     replace=_xizor),
         description="Defending: another friendly ship within Range 1 may take 1 of his uncanceled "
                     "hits or critical hits.")


# -------------------------------------------------------------------------- Guri
register("pilot", "1e-starviper-guri",
         Triggered("gain a focus token", window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play
                   and bool(enemies_at_range_1(ctx.game, ctx.ship)),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="Combat phase start, within Range 1 of an enemy: may gain a focus token.")


# ----------------------------------------------------------------------- Serissu
SERISSU = reroll("1e-serissu", "Serissu (reroll 1 defense die)", DEFENDING, 1)


def _serissu_applies(game: Game, attack: AttackState, owner: ShipState,
                     user: ShipState) -> bool:
    # "another friendly ship": not herself
    return (user.id == attack.defender and user.id != owner.id and owner.in_play
            and not user.remote and friendly(user, owner) and within_1e(owner, user, 1, 1))


register("pilot", "1e-m3ainterceptor-serissu",
         DiceMod("reroll 1 defense die", dice=SERISSU, applies=_serissu_applies,
                 for_others=True),
         description="Friendly ships at Range 1 of her may reroll 1 defense die when defending.")


# --------------------------------------------------------------- Laetin A'shera
register("pilot", "1e-m3ainterceptor-laetinashera",
         Triggered("gain an evade token", window="after_defend",
                   requirement=lambda ctx: is_me(ctx, "defender") and not ctx.event["hit"]
                   and ctx.ship.in_play,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.EVADE)),
         description="After defending against a miss: may gain an evade token.")


# ------------------------------------------------------------------------ IG-88A
def _ig88a_applies(ctx: Ctx) -> bool:
    defender = ctx.state.ships.get(ctx.event.get("defender", ""))
    # FAQ (1e), IG-88A: never above his shield value (a shield must have been lost first)
    return (is_me(ctx, "attacker") and defender is not None and defender.destroyed
            and ctx.ship.in_play and ctx.ship.shields < ctx.ship.shield_limit)


register("pilot", "1e-aggressor-ig88a",
         # FAQ (1e), IG-88A: after the attack, before a ship destroyed at his pilot skill
         # fires back under the Simultaneous Attack Rule (the attack's step 6)
         Triggered("recover 1 shield", window="after_attack", requirement=_ig88a_applies,
                   effect=lambda ctx, choice: recover_shield(ctx.game, ctx.ship)),
         description="Destroying a defender with an attack: may recover 1 shield.")


# ------------------------------------------------------------------------ IG-88B
IG88B_ROUND = "1e-ig88b:round"


def _ig88b_applies(ctx: Ctx) -> bool:
    found = cannons(ctx.ship)
    return (is_me(ctx, "attacker") and not ctx.event["hit"] and bool(found)
            and not this_round(ctx, ctx.ship, IG88B_ROUND)
            and can_bonus_attack(ctx.game, ctx.ship, only=found))


def _ig88b(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, IG88B_ROUND, ctx.state.round)
    perform_bonus_attack(ctx.game, ctx.ship, only=cannons(ctx.ship))


register("pilot", "1e-aggressor-ig88b",
         # FAQ (1e), timing chart step 9: an ability that performs an attack
         Triggered("perform an attack with a cannon secondary weapon", window="after_attack",
                   bonus_attack=True, requirement=_ig88b_applies, effect=_ig88b),
         description="Once per round, after a missed attack: may attack with one of "
                     "his equipped cannons.")


# ------------------------------------------------------------------------ IG-88C
register("pilot", "1e-aggressor-ig88c",
         grant_action("perform a free evade action", "after_action",
                      lambda ctx: [granted("evade", "white", ctx.card)],
                      requirement=lambda ctx: is_me(ctx) and ctx.event["action"] == "boost"),
         description="After a boost action: may take a free evade action.")


# ------------------------------------------------------------------------ IG-88D
SEGNOR_LOOPS = (Bearing.SEGNOR_LOOP_LEFT, Bearing.SEGNOR_LOOP_RIGHT)


def _ig88d(game: Any, owner: ShipState, ship: ShipState | None = None, maneuver: str = "",
           **facts: Any) -> tuple[str, ...] | None:
    if ship is None or ship.id != owner.id or not maneuver:
        return None
    parsed = Maneuver.parse(maneuver)
    # only the speed-3 Segnor's Loops, on the turn template of their direction
    if parsed.bearing not in SEGNOR_LOOPS or parsed.speed != 3:
        return None
    return ("turn",)


register("pilot", "1e-aggressor-ig88d",
         Modifier("fly a 3 Segnor's Loop on the 3 turn template", hook="maneuver_templates",
                  value=_ig88d),
         description="May execute a 3 Segnor's Loop (left or right) with the 3 turn template "
                     "of that direction instead of the bank template.")


# ------------------------------------------------------------- Commander Alozen
def _alozen_targets(ctx: Ctx) -> list[ShipState]:
    lockable = lock_targets(ctx.game, ctx.ship)
    return [s for s in enemies_at_range_1(ctx.game, ctx.ship)
            if s.id in lockable and s.id not in ctx.ship.locks]


register("pilot", "1e-tieadvanced-commanderalozen",
         Triggered("lock an enemy ship within Range 1",
                   window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play and bool(_alozen_targets(ctx)),
                   choices=lambda ctx: ship_options(_alozen_targets(ctx)),
                   effect=lambda ctx, choice: acquire_lock(ctx.game, ctx.ship, str(choice))),
         description="Combat phase start: may lock an enemy ship within Range 1.")


# ---------------------------------------------------------- Lieutenant Colzet
def _colzet_targets(ctx: Ctx) -> list[ShipState]:
    found = []
    for target in ctx.ship.locks:
        ship = ctx.state.ships.get(target)
        if ship is not None and ship.in_play and ship.owner != ctx.ship.owner and \
                any(not d.faceup for d in ship.damage):
            found.append(ship)
    return found


def _colzet(ctx: Ctx, choice: Any) -> None:
    target = ctx.other(str(choice))
    spend_lock_on(ctx.game, ctx.ship, target.id)
    expose_random(ctx.game, target)


register("pilot", "1e-tieadvanced-lieutenantcolzet",
         Triggered("spend your lock: turn 1 random facedown damage card of "
                   "that ship faceup", window="start_end_phase",
                   requirement=lambda ctx: bool(_colzet_targets(ctx)),
                   choices=lambda ctx: ship_options(_colzet_targets(ctx)), effect=_colzet),
         description="End phase start: may spend his lock on an enemy ship to turn one of its "
                     "facedown damage cards, picked at random, faceup.")


# ------------------------------------------------------------------ Zertik Strom
def _zertik(game: Any, owner: ShipState, attack: AttackState | None = None, kind: str = "",
            **facts: Any) -> bool:
    if attack is None or kind != "attack" or not owner.in_play:
        return False
    attacker = game.state.ships[attack.attacker]
    return attacker.owner != owner.owner and within_1e(owner, attacker, 1, 1)


register("pilot", "1e-tieadvanced-zertikstrom",
         Modifier("enemy ships at Range 1 get no range combat bonus attacking",
                  hook="no_range_bonus", value=_zertik),
         description="Enemies within Range 1 of him get no range combat bonus on their attacks.")


# ------------------------------------------------------------------ Juno Eclipse
#: the highest speed of each template kind's maneuvers (rulebook (1e), Maneuver Templates:
#: straights 1-5, banks and turns 1-3; a Koiogran-Turn is flown on a straight, a Segnor's
#: Loop on a bank, a Tallon Roll on a turn template)
_TOP_SPEED = {Bearing.STRAIGHT: 5, Bearing.KOIOGRAN_TURN: 5,
              Bearing.BANK_LEFT: 3, Bearing.BANK_RIGHT: 3,
              Bearing.TURN_LEFT: 3, Bearing.TURN_RIGHT: 3,
              Bearing.SEGNOR_LOOP_LEFT: 3, Bearing.SEGNOR_LOOP_RIGHT: 3,
              Bearing.TALLON_ROLL_LEFT: 3, Bearing.TALLON_ROLL_RIGHT: 3}


def juno_speeds(maneuver: str) -> list[str]:
    """The maneuvers 1 speed slower or faster than ``maneuver`` (a code such as ``3BW``),
    same bearing and difficulty, at speed 1 or more and on an existing template."""
    parsed = Maneuver.parse(maneuver)
    top = _TOP_SPEED.get(parsed.bearing)
    if top is None or parsed.speed < 1:
        return []
    return [f"{speed}{maneuver[1:]}" for speed in (parsed.speed - 1, parsed.speed + 1)
            if 1 <= speed <= top]


register("pilot", "1e-tieadvanced-junoeclipse",
         # the difficulty stays the revealed maneuver's (ruling: the card changes only the
         # speed; FAQ (1e), Lightning Reflexes: she may execute a maneuver not on her dial)
         Modifier("increase or decrease the revealed maneuver's speed by 1",
                  hook="maneuver_alternatives",
                  value=lambda game, owner, maneuver="", **facts: juno_speeds(maneuver)
                  if maneuver else []),
         description="Revealing her maneuver: may change its speed by 1 up or "
                     "down (never below 1).")


__all__ = ["attack_damage", "enemies_at_range_1", "juno_speeds"]
