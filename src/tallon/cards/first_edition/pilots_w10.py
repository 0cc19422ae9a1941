"""First-edition pilots of the Ghost, Imperial Veterans, Heroes of the Resistance and
C-ROC Cruiser expansion packs (VCX-100, Attack Shuttle, TIE fighter, TIE bomber, TIE
Defender, T-70 X-wing, YT-1300, M3-A Interceptor): the pilots whose card has an ability.

First-edition ranges: no range 0 (touching ships are at Range 1): "at Range 1-2" is
measured with :func:`~tallon.cards.first_edition.ranges_1e.within_1e`. "Touching" is the
engine's range 0. Huge ships are out of this module's scope (the Gozanti-class Cruiser).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import (
    is_me,
    one_fewer_attack_die,
    ships_in_range,
)
from tallon.cards.first_edition.ordnance_1e import is_discarded
from tallon.cards.first_edition.pilots_w8a import inside_firing_arc
from tallon.cards.first_edition.pilots_wave1 import printed_firing_arcs
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.first_edition.reload_1e import discarded_ordnance, restore_upgrade
from tallon.cards.pilots.attackshuttle import HERA
from tallon.cards.pilots.m3ainterceptor import matching, sunny_add
from tallon.cards.pilots.tieadvancedx1 import maarek_card
from tallon.cards.registry import register
from tallon.cards.shared_rules import GIDEON_HASK, ZEB_CRITS_FIRST
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import BOTH_ROLES, DEFENDING
from tallon.dice.abilities.effects import CardAbility, ChangeResults, RerollDice
from tallon.engine.abilities import Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import card_actions
from tallon.engine.allegiance import friendly
from tallon.engine.attack import perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import deal_damage_card, gain_token, lose_shields, remove_token
from tallon.engine.queue import any_true
from tallon.engine.state import ActionSpec, ShipState, Token
from tallon.geometry import Maneuver

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def _enemy_of(attack: AttackState, owner: ShipState) -> str:
    """The other ship of the attack ``owner`` is in."""
    return attack.defender if attack.attacker == owner.id else attack.attacker


def _own_dice(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    return user.id == owner.id and owner.id in (attack.attacker, attack.defender)


# ------------------------------------------------------------------ Hera Syndulla
# the 2.5 printings' ability: "green" is the engine's blue (the dial's printed colour)
for _hera in ("1e-vcx100-herasyndulla", "1e-attackshuttle-herasyndulla"):
    register("pilot", _hera, HERA,
             description="Once a green or red maneuver is revealed, he may switch the dial to a "
                         "different maneuver of that same colour.")


# ------------------------------------------------------------------------ TIE fighter
# "1 or more Damage cards": faceup or facedown (the 2.5 Gideon Hask's "damaged")
register("pilot", "1e-tiefighter-scourge", GIDEON_HASK,
         description="Attacking a defender that has a Damage card: 1 more attack die.")


def _wampa_cancel(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    pool = attack.pool("attack")
    assert pool is not None
    crit = Face.CRIT in pool.faces()
    while len(pool):  # canceled results leave the pool (rulebook (1e), Compare Results)
        pool.remove(0)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) cancels all dice results",
                   ship=ctx.ship.id)
    if crit:
        deal_damage_card(ctx.game, ctx.other(attack.defender), faceup=False)


def _wampa_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or attack.attacker != ctx.ship.id:
        return False
    pool = attack.pool("attack")
    return pool is not None and len(pool) > 0


register("pilot", "1e-tiefighter-wampa",
         # FAQ (1e) errata: timing is the opening of Compare Results - after both
         # Modify Dice steps, before the results are compared (window before_neutralize)
         Triggered("cancel all dice results (a critical hit canceled: 1 facedown damage "
                   "card)", window="before_neutralize", requirement=_wampa_applies,
                   effect=_wampa_cancel),
         description="On attack, as Compare Results begins, he may wipe out every die result; if "
                     "a crit was among them, the defender takes a facedown Damage card.")


def _chaser_applies(ctx: Ctx) -> bool:
    spender = ctx.state.ships.get(ctx.event["ship"])
    return (ctx.event["token"] == "focus" and spender is not None
            and spender.id != ctx.ship.id and friendly(spender, ctx.ship)
            and ctx.ship.in_play and within_1e(ctx.ship, spender, 1, 1))


register("pilot", "1e-tiefighter-chaser",
         Triggered("a nearby friend spent focus: gain a focus",
                   window="after_spend_token", optional=False, requirement=_chaser_applies,
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.ship, Token.FOCUS)),
         description="Each time a friend at Range 1 uses up a focus, he gains one.")


# ------------------------------------------------------------------- Attack Shuttle
EZRA_1E = CardAbility("1e-ezrabridger", "Ezra Bridger (1e: stressed, up to 2 focus to "
                      "evades)", effect=ChangeResults(2, (Face.FOCUS,), (Face.EVADE,)),
                      roles=DEFENDING)

register("pilot", "1e-attackshuttle-ezrabridger",
         DiceMod("stressed: change up to 2 focus results to evades", dice=EZRA_1E,
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.defender == owner.id and owner.stressed),
         description="Defending while stressed: may change up to 2 focus results to evade "
                     "results.")

register("pilot", "1e-attackshuttle-sabinewren",
         # "immediately before you reveal your maneuver": an ionized ship reveals none
         grant_action("free boost or barrel roll", "before_reveal",
                      lambda ctx: [granted("boost", "white", ctx.card),
                                   granted("barrel_roll", "white", ctx.card)],
                      requirement=lambda ctx: is_me(ctx) and not ctx.ship.ionized),
         description="Just ahead of her dial reveal she may boost or barrel roll for free.")

# ruling (as the other 1e printings): canceling critical hits first never harms him
register("pilot", "1e-attackshuttle-zeborrelios", ZEB_CRITS_FIRST,
         description="On defense his evades may remove crits ahead of regular hits.")


# ------------------------------------------------------------------------ VCX-100
def _touching_enemies(ctx: Ctx) -> list[ShipState]:
    # touching: the engine's range 0 (the first edition reads it as Range 1)
    return ships_in_range(ctx.game, ctx.ship, 0, 0, friendly=False)


def _chopper(ctx: Ctx, choice: Any) -> None:
    for ship in _touching_enemies(ctx):
        gain_token(ctx.game, ship, Token.STRESS, applier=ctx.ship.owner)


register("pilot", "1e-vcx100-chopper",
         Triggered("each enemy ship touching him receives 1 stress token",
                   window="start_engagement", optional=False,
                   requirement=lambda ctx: bool(_touching_enemies(ctx)), effect=_chopper),
         description="As the Combat phase begins, every enemy in contact with him gains a stress.")


def _kanan_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if attack is None or not ctx.ship.in_play:
        return False
    attacker = ctx.other(attack.attacker)
    return attacker.owner != ctx.ship.owner and within_1e(ctx.ship, attacker, 1, 2)


register("pilot", "1e-vcx100-kananjarrus",
         Triggered("spend focus: attacker loses a die",
                   window="before_attack_dice", cost=Cost(tokens=(("focus", 1),)),
                   requirement=_kanan_applies, effect=one_fewer_attack_die),
         description="Whenever an enemy at Range 1-2 attacks (whoever defends), he may spend a "
                     "focus to cut one die from its attack roll.")


# ------------------------------------------------------------------------ TIE bomber
def _bomb_actions(ctx: Ctx) -> list[ActionSpec]:
    """The "Action:" headers of the ship's [Bomb] upgrade cards (its faceup damage cards'
    actions are not upgrades')."""
    db = load_cards()
    return [spec for spec in card_actions(ctx.game, ctx.ship)
            if spec.source is not None and spec.source in ctx.ship.upgrades
            and "bomb" in db.upgrade(spec.source).sides[0].slots]


_DEATHFIRE = "free action from a [Bomb] card"
register("pilot", "1e-tiebomber-deathfire",
         grant_action(_DEATHFIRE, "after_reveal", _bomb_actions, requirement=is_me),
         grant_action(_DEATHFIRE, "after_action", _bomb_actions, requirement=is_me),
         description="When revealing his dial, or after performing an action: may perform "
                     "the action of one of his [Bomb] upgrade cards as a free action.")


#: card memory: the round Tomax Bren flipped a discarded card faceup ("once per round")
TOMAX_ROUND = "1e-tomaxbren:round"


def _tomax_applies(ctx: Ctx) -> bool:
    card = str(ctx.event["card"])
    return (is_me(ctx) and ctx.ship.in_play and ctx.ship.recalled(TOMAX_ROUND) != ctx.state.round
            and is_discarded(ctx.ship, card)
            and "elite" in load_cards().upgrade(card).sides[0].slots)


def _tomax(ctx: Ctx, choice: Any) -> None:
    ctx.ship.remember(TOMAX_ROUND, ctx.state.round)
    restore_upgrade(ctx.game, ctx.ship, str(ctx.event["card"]))


register("pilot", "1e-tiebomber-tomaxbren",
         Triggered("flip the discarded [Elite] card faceup", window="after_discard_upgrade",
                   optional=False, requirement=_tomax_applies, effect=_tomax),
         description="Once per round, after discarding an [Elite] upgrade card: flips it "
                     "faceup (it is equipped again).")


# ----------------------------------------------------------------------- TIE Defender
# the same text as the 1e TIE Advanced and the 2.5 printings
register("pilot", "1e-tiedefender-maarekstele", maarek_card(),
         description="Attacking: a faceup damage card the defender would be dealt is chosen "
                     "from 3 drawn instead; the other 2 are discarded.")


def _ryad(game: Any, owner: ShipState, maneuver: str = "", **facts: Any) -> list[str]:
    if not maneuver:
        return []
    straight = Maneuver.parse(maneuver)
    if straight.bearing.value != "F" or straight.difficulty is None:
        return []
    colour = straight.difficulty.value
    # rulebook (1e), Stress: a stressed ship executes no red maneuver
    if colour == "R" and owner.stressed and not any_true(
            game, "may_execute_red_stressed", ship=owner):
        return []
    return [f"{straight.speed}K{colour}"]


register("pilot", "1e-tiedefender-countessryad",
         # "treat it as a [Koiogran Turn]": the same speed and difficulty
         Modifier("a straight maneuver as a Koiogran turn", hook="maneuver_alternatives",
                  value=_ryad),
         description="Revealing a straight maneuver: may execute it as a Koiogran turn of "
                     "the same speed and difficulty.")


# ------------------------------------------------------------------------ T-70 X-wing
POE_1E = CardAbility("1e-poedameron-swx57", "Poe Dameron (1e: with a focus token, 1 focus "
                     "to a hit or evade)", effect=ChangeResults(1, (Face.FOCUS,),
                                                                (Face.HIT, Face.EVADE)),
                     roles=BOTH_ROLES)

register("pilot", "1e-t70xwing-poedameron-swx57",
         # the focus token is only had, not spent
         DiceMod("with a focus token: change 1 focus result to a hit or evade", dice=POE_1E,
                 applies=lambda game, attack, owner, user: _own_dice(game, attack, owner, user)
                 and owner.has(Token.FOCUS)),
         description="Attacking or defending while he has a focus token: may change 1 focus "
                     "result to a hit (attacking) or an evade (defending) result.")

JESS = "1e-jesspava"
#: the most other friendly ships a first-edition squad can have at Range 1 of her
_MOST_FRIENDS = 7


def _jess_applies(count: int) -> Any:
    def applies(game: Game, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
        if not _own_dice(game, attack, owner, user):
            return False
        friends = [s for s in ships_in_range(game, owner, 0, 1, friendly=True, other=True)
                   if not s.remote]
        return len(friends) == count

    return applies


register("pilot", "1e-t70xwing-jesspava",
         *(DiceMod(f"reroll up to {n} of her dice",
                   dice=CardAbility(f"{JESS}-{n}", f"Jess Pava (1e: reroll up to {n} dice)",
                                    effect=RerollDice(n)),
                   applies=_jess_applies(n)) for n in range(1, _MOST_FRIENDS + 1)),
         description="On attack or defense she may reroll one die per other friend within Range "
                     "1.")


def _nien_applies(ctx: Ctx) -> bool:
    enemies = [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=False)
               if inside_firing_arc(ctx.ship, s)]
    return (is_me(ctx) and ctx.event["token"] == "stress" and ctx.ship.stressed
            and bool(enemies))


register("pilot", "1e-t70xwing-niennunb",
         Triggered("discard the stress token", window="after_gain_token",
                   requirement=_nien_applies,
                   effect=lambda ctx, choice: remove_token(ctx.game, ctx.ship, Token.STRESS)),
         description="When receiving a stress token with an enemy ship inside his firing arc "
                     "at Range 1: may discard that stress token.")


def _snap_applies(ctx: Ctx) -> bool:
    return (is_me(ctx) and ctx.event.get("speed") in (2, 3, 4)
            and not ships_in_range(ctx.game, ctx.ship, 0, 0, other=True))


register("pilot", "1e-t70xwing-snapwexley",
         grant_action("perform a free boost action", "after_execute",
                      lambda ctx: [granted("boost", "white", ctx.card)],
                      requirement=_snap_applies),
         description="Following a maneuver of speed 2, 3 or 4 that leaves him touching nothing, "
                     "he may boost for free.")


# ------------------------------------------------------------------------- YT-1300
REY_1E = CardAbility("1e-rey", "Rey (1e: reroll up to 2 blank results)",
                     effect=RerollDice(2, faces=(Face.BLANK,)), roles=BOTH_ROLES)

register("pilot", "1e-yt1300-rey",
         DiceMod("the enemy ship inside her firing arc: reroll up to 2 blank results",
                 dice=REY_1E,
                 applies=lambda game, attack, owner, user: _own_dice(game, attack, owner, user)
                 and inside_firing_arc(owner, game.state.ships[_enemy_of(attack, owner)])),
         description="On attack or defense, with the enemy in her firing arc, she may reroll as "
                     "many as 2 blanks.")

register("pilot", "1e-yt1300-hansolo-swx57",
         Modifier("deploy anywhere past Range 3 of enemies",
                  hook="setup_placement_rules",
                  value=lambda game, owner, **facts: (("anywhere", "far"),)),
         description="In setup he may deploy at any spot farther than Range 3 from every enemy "
                     "(or in his normal deployment zone).")


def _chewie_applies(ctx: Ctx) -> bool:
    lost = ctx.state.ships.get(ctx.event["ship"])
    return (lost is not None and lost.id != ctx.ship.id and friendly(lost, ctx.ship)
            and not lost.remote and ctx.ship.in_play and not ctx.ship.destroyed
            and within_1e(ctx.ship, lost, 1, 3))


register("pilot", "1e-yt1300-chewbacca-swx57",
         # a ship that flees is not destroyed (no after_destroyed window)
         Triggered("perform an attack", window="after_destroyed", bonus_attack=True,
                   requirement=_chewie_applies,
                   effect=lambda ctx, choice: perform_bonus_attack(ctx.game, ctx.ship)),
         description="When a friend at Range 1-3 gets destroyed, he may make an attack.")


# ---------------------------------------------------------------- M3-A Interceptor
def _genesis(ctx: Ctx, choice: Any) -> None:
    locked = ctx.state.ships[ctx.event["target"]]
    for token in (Token.FOCUS, Token.EVADE):
        missing = locked.count(token) - ctx.ship.count(token)
        if missing > 0:
            gain_token(ctx.game, ctx.ship, token, missing)


def _genesis_applies(ctx: Ctx) -> bool:
    locked = ctx.state.ships.get(ctx.event["target"])
    return is_me(ctx) and locked is not None and not locked.remote


register("pilot", "1e-m3ainterceptor-genesisred",
         # "until you have the same number": tokens are only assigned, never removed
         Triggered("gain focus and evade tokens up to the locked ship's", window="after_lock",
                   optional=False, requirement=_genesis_applies, effect=_genesis),
         description="After acquiring a target lock: is assigned focus and evade tokens until "
                     "she has as many of each as the locked ship.")

INALDRA_1E = CardAbility("1e-inaldra", "Inaldra (1e: spend 1 shield, reroll any number)",
                         effect=RerollDice(None), roles=BOTH_ROLES)

register("pilot", "1e-m3ainterceptor-inaldra",
         DiceMod("spend 1 shield: reroll any number of dice", dice=INALDRA_1E,
                 applies=lambda game, attack, owner, user: _own_dice(game, attack, owner, user)
                 and owner.shields > 0,
                 after=lambda ctx, option: lose_shields(ctx.game, ctx.ship, 1)),
         description="On attack or defense she may give up a shield to reroll whichever of her "
                     "dice she likes.")


def _quinn_options(ctx: Ctx) -> list[Option]:
    db = load_cards()
    return [Option(card, f"flip {db.upgrade(card).name} faceup")
            for card in discarded_ordnance(ctx.ship)]


register("pilot", "1e-m3ainterceptor-quinnjast",
         Triggered("take weapons disabled: restore a torpedo or missile",
                   window="start_engagement", cost=Cost(gain=(("disarm", 1),)),
                   requirement=lambda ctx: bool(_quinn_options(ctx)), choices=_quinn_options,
                   effect=lambda ctx, choice: restore_upgrade(ctx.game, ctx.ship,
                                                              str(choice))),
         description="As the Combat phase begins he may take a weapons disabled token to restore "
                     "a discarded [Torpedo] or [Missile] card faceup.")

#: card memory: the round Sunny Bounder added a result ("once per round")
SUNNY_ROUND = "1e-sunnybounder:round"


def _sunny_ready(ctx: Ctx) -> bool:
    return ctx.ship.recalled(SUNNY_ROUND) != ctx.state.round and matching(ctx) is not None


def _sunny(ctx: Ctx, choice: Any) -> None:
    ctx.ship.remember(SUNNY_ROUND, ctx.state.round)
    sunny_add(ctx, choice)


register("pilot", "1e-m3ainterceptor-sunnybounder",
         # the 2.5 printing's ability (the same words), once per round
         Triggered("all dice match: add 1 matching result", window="after_dice_rolled",
                   requirement=_sunny_ready, effect=_sunny),
         Triggered("all rerolled dice match: add 1 matching result",
                   window="after_modify_dice",
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("rerolled", 0) > 0
                   and _sunny_ready(ctx), effect=_sunny),
         description="Once per round, after rolling or rerolling her dice: if they all show "
                     "the same result, may add 1 more die showing it.")

__all__ = ["EZRA_1E", "INALDRA_1E", "POE_1E", "REY_1E", "printed_firing_arcs"]
