"""First-edition upgrades of the Ghost, Imperial Assault Carrier, Imperial Veterans, Heroes
of the Resistance and C-ROC Cruiser expansion packs: crew, titles, modifications, systems
and tech (the weapons, bombs and dual cards are in :mod:`.upgrades_w10_2`).

Cards only huge ships can equip (Team and Cargo cards, the Gozanti's and the C-ROC's
titles and hardpoints) are out of this module's scope. First-edition ranges: no range 0
(:mod:`tallon.cards.first_edition.ranges_1e`).
"""

from __future__ import annotations

from typing import Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import dice, is_me, recover_shield, ship_options, ships_in_range
from tallon.cards.first_edition.ordnance_1e import discard_upgrade
from tallon.cards.first_edition.pilots_w8a import inside_firing_arc
from tallon.cards.first_edition.pilots_wave1 import offer_lock
from tallon.cards.first_edition.ranges_1e import friends_within, within_1e
from tallon.cards.registry import register
from tallon.cards.upgrades.astromech_2 import M9G8_FRIEND, _m9g8_applies
from tallon.cards.upgrades.tech import primed
from tallon.data import load_cards
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, BOTH_ROLES
from tallon.dice.abilities.effects import AddResults, CardAbility, ChangeResults, change_one
from tallon.engine.abilities import (
    CardAction,
    Cost,
    Ctx,
    DiceMod,
    Modifier,
    Replacement,
    Triggered,
)
from tallon.engine.allegiance import friendly
from tallon.engine.attack import perform_bonus_attack
from tallon.engine.decisions import Option
from tallon.engine.effects import deal_damage_card, gain_token, remove_token, suffer_damage
from tallon.engine.movement import ExecuteManeuver
from tallon.engine.state import AttackState, ShipState, Token
from tallon.engine.weapons import weapons_of
from tallon.geometry import Pose

# ------------------------------------------------------------------- Agent Kallus
KALLUS = "1e-agentkallus"
#: card memory: the enemy ship Agent Kallus chose
KALLUS_CHOSEN = "1e-agentkallus:chosen"


def _kallus_targets(ctx: Ctx) -> list[ShipState]:
    # "small or large": not a huge ship
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner and not s.remote
            and not s.huge]


def _kallus_against(game: Any, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    if user.id != owner.id or owner.id not in (attack.attacker, attack.defender):
        return False
    other = attack.defender if attack.attacker == owner.id else attack.attacker
    return owner.recalled(KALLUS_CHOSEN) == other


KALLUS_DICE = CardAbility(KALLUS, "Agent Kallus (1e: 1 focus to a hit or evade)",
                          effect=ChangeResults(1, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
                          roles=BOTH_ROLES)

register("upgrade", KALLUS,
         Triggered("mark an enemy ship", window="start_round", optional=False,
                   requirement=lambda ctx: ctx.state.round == 1
                   and ctx.ship.recalled(KALLUS_CHOSEN) is None
                   and bool(_kallus_targets(ctx)),
                   choices=lambda ctx: ship_options(_kallus_targets(ctx)),
                   effect=lambda ctx, choice: ctx.ship.remember(KALLUS_CHOSEN, str(choice))),
         DiceMod("against the chosen ship: change 1 focus result to a hit or evade",
                 dice=KALLUS_DICE, applies=_kallus_against),
         description="As round one begins he marks one enemy small or large ship. Against that "
                     "ship he may turn a focus into a hit when attacking, or into an evade when "
                     "defending.")


# -------------------------------------------------------------- Kanan Jarrus (crew)
KANAN = "1e-kananjarrus"
KANAN_ROUND = "1e-kananjarrus:round"


def _kanan_applies(ctx: Ctx) -> bool:
    mover = ctx.state.ships.get(ctx.event["ship"])
    return (mover is not None and mover.in_play and friendly(mover, ctx.ship)
            and ctx.event.get("difficulty") == "white" and mover.stressed
            and ctx.ship.in_play and within_1e(ctx.ship, mover, 1, 2)
            and ctx.ship.recalled(KANAN_ROUND) != ctx.state.round)


def _kanan(ctx: Ctx, choice: Any) -> None:
    ctx.ship.remember(KANAN_ROUND, ctx.state.round)
    remove_token(ctx.game, ctx.other(ctx.event["ship"]), Token.STRESS)


register("upgrade", KANAN,
         # FAQ (1e): after the Clean Up substep (after_execute: after the obstacles' effects,
         # so a debris cloud's stress can be removed); a ship is at Range 1 of itself
         Triggered("clear a stress from it", window="after_execute",
                   requirement=_kanan_applies, effect=_kanan),
         description="Once a round, when a friend at Range 1-2 (his own ship too) completes a "
                     "white maneuver, he may clear a stress from it.")


# --------------------------------------------------------------- Reinforced Deflectors
DEFLECTORS = "1e-reinforceddeflectors"
#: card memory: damage and critical damage suffered in the attack being defended
DEFLECTORS_TALLY = "1e-reinforceddeflectors:tally"


def _defending_now(ctx: Ctx) -> bool:
    attack = ctx.attack
    return attack is not None and attack.defender == ctx.ship.id


def _tally(ctx: Ctx, choice: Any) -> None:
    suffered = int(ctx.event.get("hits", 0)) + int(ctx.event.get("crits", 0))
    ctx.ship.remember(DEFLECTORS_TALLY, (ctx.ship.recalled(DEFLECTORS_TALLY) or 0) + suffered)


def _deflect(ctx: Ctx, choice: Any) -> None:
    suffered = ctx.ship.recalled(DEFLECTORS_TALLY) or 0
    ctx.ship.remember(DEFLECTORS_TALLY, None)
    if suffered >= 3:
        recover_shield(ctx.game, ctx.ship)


register("upgrade", DEFLECTORS,
         Triggered("the attack begins: nothing suffered yet", window="defender_declared",
                   optional=False, requirement=lambda ctx: is_me(ctx, "defender"),
                   effect=lambda ctx, choice: ctx.ship.remember(DEFLECTORS_TALLY, None)),
         # FAQ (1e): a Direct Hit! counts as 1 critical damage (one crit suffered); a shield
         # Plasma Torpedoes removes is no damage suffered (not through suffer_damage)
         Triggered("count the damage suffered in the attack", window="after_suffer_damage",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and _defending_now(ctx), effect=_tally),
         # FAQ (1e) errata: 3+ damage counting normal and critical damage together
         Triggered("3 or more damage suffered: recover 1 shield", window="after_defend",
                   optional=False, requirement=lambda ctx: is_me(ctx, "defender"),
                   effect=_deflect),
         description="Once an attack on it ends, if that attack cost it 3+ damage (normal and "
                     "critical together), it regains a shield.")


# ------------------------------------------------------------------ Rebel crew
register("upgrade", "1e-ezrabridger",
         DiceMod("stressed: change 1 focus result to a critical hit",
                 dice=change_one("1e-ezrabridger-crew", "Ezra Bridger (1e crew)", Face.FOCUS,
                                 Face.CRIT, ATTACKING),
                 applies=lambda game, attack, owner, user: user.id == owner.id
                 and attack.attacker == owner.id and owner.stressed),
         description="Attacking while stressed: may change 1 focus result to a critical hit "
                     "result.")


def _me_acting(game: Any, owner: ShipState, ship: ShipState | None = None,
               **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id


register("upgrade", "1e-chopper",
         Modifier("may perform actions while stressed", hook="may_act_stressed",
                  value=_me_acting),
         Triggered("performed an action while stressed: suffer 1 damage", window="after_action",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and bool(ctx.event.get("stressed")),
                   effect=lambda ctx, choice: suffer_damage(ctx.game, ctx.ship, hits=1,
                                                            cause="\"Chopper\"")),
         description="May perform actions while stressed; after performing an action while "
                     "stressed, suffers 1 damage.")

register("upgrade", "1e-herasyndulla",
         # rulebook (1e): a stressed ship may reveal a red maneuver (Ruleset
         # stressed_dial_excludes_red); this lets it execute it
         Modifier("may execute red maneuvers while stressed", hook="may_execute_red_stressed",
                  value=_me_acting),
         description="Stress does not stop her red maneuvers.")


FINN = CardAbility("1e-finn", "Finn (1e: add 1 blank result)", effect=AddResults(Face.BLANK),
                   roles=BOTH_ROLES)


def _finn_applies(game: Any, attack: AttackState, owner: ShipState, user: ShipState) -> bool:
    if user.id != owner.id:
        return False
    if attack.attacker == owner.id:
        return attack.primary and inside_firing_arc(owner, game.state.ships[attack.defender])
    return attack.defender == owner.id and inside_firing_arc(
        owner, game.state.ships[attack.attacker])


register("upgrade", "1e-finn",
         DiceMod("the enemy ship inside your firing arc: add 1 blank result", dice=FINN,
                 applies=_finn_applies),
         description="In a primary attack or on defense, with the enemy in its firing arc, it may "
                     "put an extra blank into its roll.")

#: card memory: focus tokens lying on Rey (crew)
REY_TOKENS = "1e-rey:focus"

register("upgrade", "1e-rey",
         Triggered("place 1 focus token on this card", window="start_end_phase",
                   requirement=lambda ctx: ctx.ship.in_play and ctx.ship.has(Token.FOCUS),
                   effect=lambda ctx, choice: _rey_place(ctx)),
         Triggered("assign 1 focus token from this card to the ship",
                   window="start_engagement",
                   requirement=lambda ctx: ctx.ship.in_play
                   and (ctx.ship.recalled(REY_TOKENS) or 0) > 0,
                   effect=lambda ctx, choice: _rey_assign(ctx)),
         description="As the End phase begins she may store one of the ship's focus tokens on the "
                     "card; as the Combat phase begins she may hand a stored one back to the "
                     "ship.")


def _rey_place(ctx: Ctx) -> None:
    # the token leaves the ship (removed, not spent) and lies on the card
    remove_token(ctx.game, ctx.ship, Token.FOCUS)
    ctx.ship.remember(REY_TOKENS, (ctx.ship.recalled(REY_TOKENS) or 0) + 1)


def _rey_assign(ctx: Ctx) -> None:
    left = (ctx.ship.recalled(REY_TOKENS) or 0) - 1
    ctx.ship.remember(REY_TOKENS, left or None)
    gain_token(ctx.game, ctx.ship, Token.FOCUS)


# ------------------------------------------------------------------ Imperial crew
def _officer_friends(ctx: Ctx) -> list[ShipState]:
    return friends_within(ctx.game, ctx.ship, 1, 1)


def _officer(ctx: Ctx, choice: Any) -> None:
    # the 1e "Dutch" Vander's question: the chosen ship's player decides
    offer_lock(ctx, str(choice), "Systems Officer")


register("upgrade", "1e-systemsofficer",
         Triggered("let a friend at Range 1 lock",
                   window="after_execute", optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("difficulty") == "blue",
                   choices=lambda ctx: ship_options(_officer_friends(ctx)), effect=_officer),
         description="Following a green maneuver, he picks another friend at Range 1 that may "
                     "then lock a target.")


def _chiraneau(ctx: Ctx, choice: Any) -> None:
    # a maneuver by the normal rules (overlaps, obstacles), always white
    ctx.game.push(ExecuteManeuver(ctx.ship.id, "1FW"))


register("upgrade", "1e-rearadmiralchiraneau",
         CardAction("execute a white [1 straight] maneuver", effect=_chiraneau),
         description="Action: executes a white [1 straight] maneuver.")


# ------------------------------------------------------------------------ titles
def _x7_applies(ctx: Ctx) -> bool:
    # "overlapped nothing": a bump leaves it partially executed
    return (is_me(ctx) and ctx.event.get("speed") in (3, 4, 5)
            and bool(ctx.event.get("full")) and not ctx.event.get("obstacles"))


register("upgrade", "1e-tiex7",
         # the lost [Cannon] and [Missile] icons are squad building's (squads/legality_1e)
         grant_action("perform a free evade action", "after_execute",
                      lambda ctx: [granted("evade", "white", ctx.card)],
                      requirement=_x7_applies),
         description="Following a maneuver of speed 3, 4 or 5 that overlapped nothing, it may "
                     "evade for free. (Removes the [Cannon] and [Missile] slots.)")


def _tied_applies(ctx: Ctx) -> bool:
    attack = ctx.attack
    if not is_me(ctx, "attacker") or attack is None or attack.weapon.card is None:
        return False
    card = load_cards().upgrade(attack.weapon.card)
    return ("cannon" in card.sides[0].slots and card.cost.value <= 3
            and ctx.ship.recalled("1e-tied:round") != ctx.state.round)


def _tied(ctx: Ctx, choice: Any) -> None:
    ctx.ship.remember("1e-tied:round", ctx.state.round)
    perform_bonus_attack(ctx.game, ctx.ship,
                         only=tuple(w.id for w in weapons_of(ctx.game, ctx.ship) if w.primary))


register("upgrade", "1e-tied",
         Triggered("perform a primary weapon attack", window="after_attack", bonus_attack=True,
                   requirement=_tied_applies, effect=_tied),
         description="Once a round, after firing a [Cannon] secondary weapon of cost 3 or less, "
                     "it may make a primary attack.")

# squad building only: the lost and gained icons are the card data's, the crew cost limit
# squads/legality_1e.py's
register("upgrade", "1e-tieshuttle",
         description="Squad building: its upgrade bar loses its [Torpedo], [Missile] and "
                     "[Bomb] icons and gains 2 [Crew] icons (each crew costing 4 or less).")

register("upgrade", "1e-smugglingcompartment",
         description="Squad building: its upgrade bar gains an [Illicit] icon and 1 more "
                     "Modification costing 3 or fewer squad points.")


def _falcon_applies(ctx: Ctx) -> bool:
    return (is_me(ctx) and ctx.event.get("speed") == 3
            and ctx.event.get("bearing") in ("B", "N")
            and not ctx.ship.stressed
            and not ships_in_range(ctx.game, ctx.ship, 0, 0, other=True))


def _falcon(ctx: Ctx, choice: Any) -> None:
    ship = ctx.ship
    gain_token(ctx.game, ship, Token.STRESS)
    pose = ship.pose
    ctx.state.set_pose(ship, Pose(pose.x, pose.y, (pose.heading + 180.0) % 360.0))
    ctx.game.event("move", f"{ship.name} ({ship.id}) rotates 180 degrees", ship=ship.id)


register("upgrade", "1e-millenniumfalcon-swx57",
         Triggered("receive 1 stress token to rotate 180 degrees", window="after_execute",
                   requirement=_falcon_applies, effect=_falcon),
         description="After executing a 3-speed bank maneuver while touching no other ship "
                     "and not stressed: may receive 1 stress token to rotate 180 degrees.")


def _black_one_options(ctx: Ctx) -> list[Option]:
    found = []
    for friend in ctx.state.in_play():
        # FAQ (1e): a ship is at Range 1 of itself
        if friend.remote or not friendly(friend, ctx.ship) or \
                not within_1e(ctx.ship, friend, 1, 1):
            continue
        for locker in ctx.state.in_play():
            if locker.owner != ctx.ship.owner and friend.id in locker.locks:
                found.append(Option(f"{locker.id}>{friend.id}",
                                    f"remove the lock of {locker.name} ({locker.id}) on "
                                    f"{friend.name} ({friend.id})"))
    return found


def _black_one(ctx: Ctx, choice: Any) -> None:
    locker_id, _, target = str(choice).partition(">")
    locker = ctx.state.ships[locker_id]
    locker.locks = [t for t in locker.locks if t != target]
    ctx.game.event("lock", f"the lock of {locker.name} on {target} is removed",
                   ship=locker.id)


register("upgrade", "1e-blackone",
         # the pilot skill limit is squad building's (squads/legality_1e.py)
         Triggered("strip an enemy lock off a friend",
                   window="after_action",
                   requirement=lambda ctx: is_me(ctx)
                   and ctx.event.get("action") in ("boost", "barrel_roll"),
                   choices=_black_one_options, effect=_black_one),
         description="Following its boost or barrel roll, it may strip an enemy lock off a friend "
                     "within Range 1 (its own ship counts).")


def _scyk_faceup(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ship = ctx.game.state.ships[facts["ship"]]
    deal_damage_card(ctx.game, ship, True, card=facts["card"], then=facts["then"],
                     args=facts["args"])


def _scyk_banks(game: Any, owner: ShipState, ship: ShipState | None = None,
                maneuver: str = "", **facts: Any) -> int:
    # "may treat as green": always to its advantage (ruling), two steps reach green
    return -2 if ship is not None and ship.id == owner.id and maneuver[1:2] in ("B", "N") \
        else 0


register("upgrade", "1e-lightscykinterceptor",
         Replacement("the damage card is dealt faceup", point="deal_damage_card",
                     applies=lambda ctx, facts: facts["ship"] == ctx.ship.id
                     and not facts["faceup"],
                     replace=_scyk_faceup, optional=False),
         Modifier("bank maneuvers are green", hook="maneuver_difficulty", value=_scyk_banks),
         description="Every damage card dealt to it is dealt faceup; its bank maneuvers are "
                     "green. (It cannot equip Modifications.)")


# ------------------------------------------------------------ modifications, tech
def _scanners_range(game: Any, owner: ShipState, ship: ShipState | None = None,
                    **facts: Any) -> bool:
    return ship is not None and ship.id == owner.id


def _scanners_forbidden(game: Any, owner: ShipState, ship: ShipState | None = None,
                        target: str = "", **facts: Any) -> bool:
    other = game.state.ships.get(target)
    return (ship is not None and ship.id == owner.id and other is not None
            and within_1e(owner, other, 1, 2))


register("upgrade", "1e-longrangescanners",
         Modifier("target locks at any range", hook="lock_any_range", value=_scanners_range),
         Modifier("no target lock at Range 1-2", hook="lock_forbidden",
                  value=_scanners_forbidden),
         description="Its locks reach Range 3 or farther, but never Range 1-2.")

register("upgrade", "1e-primedthrusters",
         # the 2.5 card's rule: stress prevents them only from 3 stress tokens on
         Modifier("boost and barrel roll while at most 2 stress", hook="may_act_stressed",
                  value=primed),
         description="Stress tokens do not prevent its boost and barrel roll actions unless "
                     "it has 3 or more.")

register("upgrade", "1e-burnoutslam",
         Triggered("discard this card after a SLAM action", window="after_action",
                   optional=False,
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("action") == "slam",
                   effect=lambda ctx, choice: discard_upgrade(ctx.game, ctx.ship,
                                                              "1e-burnoutslam")),
         description="Adds a [SLAM] action to its action bar; after a SLAM action the card is "
                     "discarded.")

register("upgrade", "1e-pulsedrayshield",
         Triggered("take an ion: regain a shield", window="end_phase",
                   cost=Cost(gain=(("ion", 1),)),
                   requirement=lambda ctx: ctx.ship.in_play
                   and ctx.ship.shields < ctx.ship.shield_limit,
                   effect=lambda ctx, choice: recover_shield(ctx.game, ctx.ship)),
         description="In the End phase it may take an ion token to regain a shield.")


# --------------------------------------------------------------- Pattern Analyzer
ANALYZER = "1e-patternanalyzer"
#: card memory: the round whose red maneuver's stress waits for the Perform Action step
ANALYZER_DEFER = "1e-patternanalyzer:defer"
#: card memory: the stress tokens owed once the Perform Action step is over
ANALYZER_OWED = "1e-patternanalyzer:owed"


def _analyzer_defers(ctx: Ctx, facts: dict[str, Any]) -> bool:
    return (facts["ship"] == ctx.ship.id and facts["token"] == "stress"
            and not facts.get("cost") and ctx.ship.recalled(ANALYZER_DEFER) == ctx.state.round)


def _analyzer_owe(ctx: Ctx, facts: dict[str, Any], choice: Any) -> None:
    ctx.ship.remember(ANALYZER_DEFER, None)
    ctx.ship.remember(ANALYZER_OWED, int(facts["count"]))
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) checks pilot stress after "
                   "its Perform Action step", ship=ctx.ship.id)


def _analyzer_pay(ctx: Ctx, choice: Any) -> None:
    owed = int(ctx.ship.recalled(ANALYZER_OWED) or 0)
    ctx.ship.remember(ANALYZER_OWED, None)
    gain_token(ctx.game, ctx.ship, Token.STRESS, owed)


register("upgrade", ANALYZER,
         # ruling: only a red maneuver's check is worth moving (a green one's would keep the
         # ship stressed through its Perform Action step); its stress token then comes after
         # that step, at the end of the activation
         Triggered("check pilot stress after the Perform Action step",
                   window="before_check_difficulty",
                   requirement=lambda ctx: is_me(ctx) and ctx.event.get("difficulty") == "red",
                   effect=lambda ctx, choice: ctx.ship.remember(ANALYZER_DEFER,
                                                                ctx.state.round)),
         Replacement("the red maneuver's stress token waits", point="gain_token",
                     applies=_analyzer_defers, replace=_analyzer_owe, optional=False),
         Triggered("take the stress after the action",
                   window="after_activate", optional=False,
                   requirement=lambda ctx: is_me(ctx)
                   and bool(ctx.ship.recalled(ANALYZER_OWED)), effect=_analyzer_pay),
         description="On a red maneuver it may check pilot stress only once its action is done "
                     "(the stress arrives after the action).")


# ------------------------------------------------------------------------- M9-G8
def _m9g8_friends(game: Any, owner: ShipState, ship: ShipState | None = None,
                  target: str = "", **facts: Any) -> bool:
    # "other friendly ships": not itself
    return ship is not None and ship.id == owner.id and target != owner.id


register("upgrade", "1e-m9g8",
         # the 2.5 printing's dice: the owner's player chooses the die, the attacker (enemy
         # or friend) rerolls it
         DiceMod("choose 1 attack die of the attacker you lock: it rerolls it",
                 dice=dice("m9g8"), applies=_m9g8_applies, for_others=True),
         DiceMod("choose 1 attack die of the friendly attacker you lock: it rerolls it",
                 dice=M9G8_FRIEND, applies=_m9g8_applies, for_others=True),
         Modifier("lock friendly ships too", hook="lock_friendly",
                  value=_m9g8_friends),
         description="When a ship it holds a lock on attacks, it picks one of the attack dice, "
                     "which must be rerolled. It can also lock friendly ships.")


# ---------------------------------------------------------------- "Zeb" Orrelios (crew)
ZEB = "1e-zeborrelios"
#: card memory: (round, id) of the ship engaging now when it is Zeb's or a touching enemy
ZEB_ACTIVE = "1e-zeborrelios:active"


def _zeb_enemies(ship: ShipState, game: Any) -> list[ShipState]:
    """The enemy ships touching Zeb's ship inside its (printed) firing arc."""
    return [s for s in ships_in_range(game, ship, 0, 0, friendly=False)
            if not s.remote and inside_firing_arc(ship, s)]


def _zeb_watch(ctx: Ctx) -> bool:
    engaging = ctx.event["ship"]
    return ctx.ship.in_play and (engaging == ctx.ship.id or any(
        s.id == engaging for s in _zeb_enemies(ctx.ship, ctx.game)))


def _zeb_ignores(game: Any, owner: ShipState, ship: ShipState | None = None,
                 defender: ShipState | None = None, **facts: Any) -> bool:
    if ship is None or defender is None or game.state.phase != "engagement":
        return False
    pair = {ship.id, defender.id}
    if owner.id not in pair or not owner.in_play:
        return False
    enemy = ship if defender.id == owner.id else defender
    active = owner.recalled(ZEB_ACTIVE)
    # FAQ (1e): only while Zeb's ship or that enemy is the active ship of the Combat phase
    return (active is not None and active[0] == game.state.round and active[1] in pair
            and any(s.id == enemy.id for s in _zeb_enemies(owner, game)))


register("upgrade", ZEB,
         Triggered("note the active ship", window="before_engage", optional=False,
                   requirement=_zeb_watch,
                   effect=lambda ctx, choice: ctx.ship.remember(
                       ZEB_ACTIVE, (ctx.state.round, ctx.event["ship"]))),
         Triggered("the active ship's engagement is over", window="after_engage",
                   optional=False,
                   requirement=lambda ctx: (ctx.ship.recalled(ZEB_ACTIVE) or ("", ""))[1]
                   == ctx.event["ship"],
                   effect=lambda ctx, choice: ctx.ship.remember(ZEB_ACTIVE, None)),
         Modifier("touching enemies inside the firing arc are not touching",
                  hook="touching_ignored", value=_zeb_ignores),
         description="Enemy ships inside its firing arc that touch it are not considered "
                     "touching it while it or they are the active ship of the Combat phase: "
                     "they may attack each other, at Range 1.")
