"""First-edition upgrades of the Upsilon-class Shuttle, Quadjumper, U-wing and TIE Striker
expansion packs whose cards have an ability: the elite talents, the crew (Kylo Ren's aside)
and General Hux's condition, Fanatical Devotion, here; titles, modifications, tech, illicit
upgrades and Kylo Ren with his condition in :mod:`upgrades_w8b_2`. Boshek is not registered
(see :mod:`upgrades_w8b_2`).

First-edition ranges have no range 0: cards measure with
:mod:`tallon.cards.first_edition.ranges_1e` (FAQ (1e): a ship is at Range 1 of itself). A
"free action" is an action performed outside the Perform Action step. Descriptions are
Tallon's own words.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from tallon.cards.acting import action_options, during_activation, start_action
from tallon.cards.common import attacking_if, is_me, remember, ship_options, this_round
from tallon.cards.first_edition.pilots_wave4 import free_actions
from tallon.cards.first_edition.ranges_1e import within_1e
from tallon.cards.first_edition.upgrades_wave2_2 import (
    FIRED,
    GRANTED,
    declared,
    no_more_attacks,
    primary_weapons,
)
from tallon.cards.first_edition.upgrades_wave4 import inside_printed_arc
from tallon.cards.pilots.ut60duwing import bodhi_sources
from tallon.cards.registry import register
from tallon.cards.upgrades.crew_f import cassian
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import CardAbility, ChangeResults, change_one
from tallon.engine.abilities import CardAction, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.allegiance import friendly
from tallon.engine.attack import can_bonus_attack, perform_bonus_attack
from tallon.engine.conditions import assign_condition, has_condition, remove_condition
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, remove_token, suffer_damage
from tallon.engine.modify_dice import token_used
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


# --------------------------------------------------------------------- Expertise
EXPERTISE = CardAbility("1e-expertise", "Expertise (all focus results to hits)",
                        effect=ChangeResults(None, (Face.FOCUS,), (Face.HIT,)),
                        roles=ATTACKING)

register("upgrade", "1e-expertise",
         DiceMod("change all focus results to hits", dice=EXPERTISE,
                 applies=attacking_if(lambda game, attack, owner: not owner.stressed)),
         description="Attacking while not stressed: may change all his focus results to "
                     "hits.")


# ------------------------------------------------------------------ Swarm Leader
SWARM = "1e-swarmleader"


def _swarm_wingmen(ctx: Ctx) -> list[ShipState]:
    attack = ctx.attack
    if attack is None:
        return []
    defender = ctx.other(attack.defender)
    # "firing arcs": the printed ones (FAQ (1e), General: a turret gives no 360-degree
    # arc); is_in_arc reaches Range 3
    return [s for s in ctx.state.in_play() if s.id != ctx.ship.id and not s.remote
            and friendly(ctx.ship, s) and s.has(Token.EVADE)
            and inside_printed_arc(s, defender)]


def _swarm_choices(ctx: Ctx) -> list[Option]:
    ships = sorted(_swarm_wingmen(ctx), key=lambda s: s.id)
    found = [Option(s.id, f"remove 1 evade token from {s.name} ({s.id}): 1 more die")
             for s in ships]
    found += [Option(f"{a.id}+{b.id}", f"remove 1 evade token from {a.name} ({a.id}) and "
                     f"{b.name} ({b.id}): 2 more dice") for a, b in combinations(ships, 2)]
    return found


def _swarm(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    for ship_id in str(choice).split("+"):
        remove_token(ctx.game, ctx.other(ship_id), Token.EVADE)
        attack.extra_attack_dice += 1


register("upgrade", SWARM,
         Triggered("trade evades from at most 2 friends for attack dice",
                   window="before_attack_dice",
                   requirement=lambda ctx: is_me(ctx, "attacker") and ctx.attack is not None
                   and ctx.attack.primary and bool(_swarm_wingmen(ctx)),
                   choices=_swarm_choices, effect=_swarm),
         description="Primary weapon attack: at most 2 other friendly ships with the defender in "
                     "their firing arc within Range 1-3 may each give up an evade token "
                     "for 1 extra attack die.")


# ------------------------------------------------------------- A Score to Settle
SCORE = "1e-ascoretosettle"
DEBT = "1e-adebttopay"


def _enemies(ctx: Ctx) -> list[ShipState]:
    # before Place Forces no ship is on the table: every enemy ship of the squad
    return [s for s in ctx.state.ships.values() if s.owner != ctx.ship.owner
            and not s.remote and not s.destroyed]


def _score_applies(game: Game, attack: AttackState, owner: ShipState) -> bool:
    return has_condition(game.state.ships[attack.defender], DEBT)


def _debt_applies(game: Game, attack: AttackState, owner: ShipState) -> bool:
    defender = game.state.ships[attack.defender]
    return any(kind == "upgrade" and card == SCORE for kind, card, _ in defender.cards)


register("upgrade", SCORE,
         Triggered("give an enemy ship A Debt to Pay",
                   window="before_place_forces", optional=False,
                   requirement=lambda ctx: bool(_enemies(ctx)),
                   choices=lambda ctx: ship_options(_enemies(ctx)),
                   effect=lambda ctx, choice: assign_condition(
                       ctx.game, ctx.other(str(choice)), DEBT, ctx.ship.owner)),
         DiceMod("turn 1 focus into a critical hit",
                 dice=change_one(SCORE, "A Score to Settle (1 focus to a critical hit)",
                                 Face.FOCUS, Face.CRIT, ATTACKING),
                 applies=attacking_if(_score_applies)),
         description="Setup, before Place Forces: gives an enemy ship the condition A Debt to Pay. "
                     "Attacking that ship: may turn 1 focus into a critical hit.")

register("condition", DEBT,
         DiceMod("turn 1 focus into a critical hit",
                 dice=change_one(DEBT, "A Debt to Pay (1 focus to a critical hit)",
                                 Face.FOCUS, Face.CRIT, ATTACKING),
                 applies=attacking_if(_debt_applies)),
         description="Attacking the ship that carries A Score to Settle: may turn 1 focus "
                     "into a critical hit.")


# --------------------------------------------------------------------- Jyn Erso
def _jyn_friends(ctx: Ctx) -> list[ShipState]:
    # a friend within Range 1-2: his own too (FAQ (1e): at Range 1 of itself)
    return [s for s in ctx.state.in_play() if not s.remote and friendly(ctx.ship, s)
            and within_1e(ctx.ship, s, 1, 2)]


def _jyn_count(ctx: Ctx) -> int:
    enemies = [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner and not s.remote
               and inside_printed_arc(ctx.ship, s)]
    return min(3, len(enemies))


def _jyn(ctx: Ctx, choice: Any) -> None:
    count = _jyn_count(ctx)
    if count:
        gain_token(ctx.game, ctx.other(str(choice)), Token.FOCUS, count,
                   applier=ctx.ship.owner)


register("upgrade", "1e-jynerso",
         CardAction("give a friend within Range 1-2 a focus per enemy in "
                    "your arc (max 3)", key="jynerso",
                    choices=lambda ctx: ship_options(_jyn_friends(ctx)), effect=_jyn),
         description="Action: a friendly ship within Range 1-2 gets 1 focus token per enemy in his "
                     "firing arc within Range 1-3 (3 at most).")


# ----------------------------------------------------------------- Cassian Andor
def _cassian_targets(ctx: Ctx) -> list[ShipState]:
    # a ship without a dial (ionized) has none to guess
    return [s for s in ctx.state.in_play() if s.owner != ctx.ship.owner and not s.remote
            and s.dial_set is not None and within_1e(ctx.ship, s, 1, 2)]


register("upgrade", "1e-cassianandor",
         # the end of the Planning phase is the engine's start of the System Phase (the
         # first edition has none: nothing happens between them); the guess, the look and
         # setting the dial again are 2.5's Cassian Andor's (cards/upgrades/crew_f.py)
         Triggered("guess an enemy's speed and bearing and check its dial (if "
                   "right, reset yours)", window="start_system",
                   requirement=lambda ctx: ctx.ship.in_play and ctx.ship.dial_set is not None
                   and bool(_cassian_targets(ctx)),
                   choices=lambda ctx: [Option(s.id, f"guess the dial of {s.name} ({s.id}), "
                                        "then look at it") for s in _cassian_targets(ctx)],
                   effect=cassian),
         description="Planning phase end: may pick an enemy within Range 1-2, guess its bearing "
                     "and speed and check its dial; a correct guess lets him reset his own dial.")


# ---------------------------------------------------------- Operations Specialist
def _ops_attacker(ctx: Ctx) -> ShipState | None:
    attacker = ctx.state.ships.get(ctx.event.get("attacker", ""))
    if attacker is None or ctx.event.get("hit") or not ctx.ship.in_play \
            or not attacker.in_play or not friendly(ctx.ship, attacker):
        return None
    # a friend within Range 1-2: his own ship too (FAQ (1e))
    return attacker if within_1e(ctx.ship, attacker, 1, 2) else None


def _ops_targets(ctx: Ctx) -> list[ShipState]:
    attacker = _ops_attacker(ctx)
    if attacker is None:
        return []
    return [s for s in ctx.state.in_play() if not s.remote and friendly(ctx.ship, s)
            and within_1e(attacker, s, 1, 3)]


register("upgrade", "1e-operationsspecialist",
         Triggered("give a focus to a friend near the attacker (Range 1-3)",
                   window="after_attack", requirement=lambda ctx: bool(_ops_targets(ctx)),
                   choices=lambda ctx: ship_options(_ops_targets(ctx)),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(str(choice)),
                                                         Token.FOCUS,
                                                         applier=ctx.ship.owner)),
         description="When a friendly ship within Range 1-2 misses with an attack: may give a "
                     "friendly ship within Range 1-3 of that attacker a focus token.")


# ------------------------------------------------------------------- Bodhi Rook
def _bodhi_own(game: Any, owner: ShipState, ship: Any = None, action: str = "",
               **facts: Any) -> list[str]:
    if ship is None or ship.id != owner.id:
        return []
    return bodhi_sources(game, owner, ship=ship, action=action)


register("upgrade", "1e-bodhirook",
         Modifier("lock an enemy within Range 1-3 of any friend", hook="range_sources",
                  value=_bodhi_own),
         description="Friendly ships may lock an enemy that any friendly ship "
                     "has within Range 1-3.")


# ------------------------------------------------------------------- Baze Malbus
BAZE = "1e-bazemalbus"


def _baze_defenders(ctx: Ctx) -> tuple[str, ...]:
    return tuple(s.id for s in ctx.state.in_play()
                 if s.id not in (ctx.ship.id, ctx.event["defender"]))


def _baze_applies(ctx: Ctx) -> bool:
    defenders = _baze_defenders(ctx)
    return (ctx.event["attacker"] == ctx.ship.id and not ctx.event["hit"]
            and not this_round(ctx, ctx.ship, BAZE + FIRED) and bool(defenders)
            and can_bonus_attack(ctx.game, ctx.ship, only=primary_weapons(ctx.ship),
                                 defenders=defenders))


def _baze(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, BAZE + GRANTED, ctx.state.round)
    perform_bonus_attack(ctx.game, ctx.ship, only=primary_weapons(ctx.ship),
                         defenders=_baze_defenders(ctx))


register("upgrade", BAZE,
         # Gunner's rule (upgrades_wave2_2), against a different ship
         Triggered("make a primary attack at another ship",
                   window="after_attack", bonus_attack=True, requirement=_baze_applies,
                   effect=_baze),
         declared(BAZE), no_more_attacks(BAZE),
         description="After a missed attack: may make a primary weapon attack at another ship, "
                     "then attack no more this round.")


# ------------------------------------------------------------- Inspiring Recruit
RECRUIT = "1e-inspiringrecruit"
RECRUIT_ROUND = f"{RECRUIT}:round"


def _recruit_applies(ctx: Ctx) -> bool:
    ship = ctx.state.ships[ctx.event["ship"]]
    return (not this_round(ctx, ctx.ship, RECRUIT_ROUND) and ctx.ship.in_play
            and ship.in_play and ship.stressed and friendly(ctx.ship, ship)
            and within_1e(ctx.ship, ship, 1, 2))


def _recruit(ctx: Ctx, choice: Any) -> None:
    remember(ctx.ship, RECRUIT_ROUND, ctx.state.round)
    ship = ctx.state.ships[ctx.event["ship"]]
    remove_token(ctx.game, ship, Token.STRESS, remover=ctx.event.get("remover"))


register("upgrade", RECRUIT,
         Triggered("remove 1 additional stress token", window="after_remove_stress",
                   requirement=_recruit_applies, effect=_recruit),
         description="Once per round, a friendly ship within Range 1-2 shedding a stress token "
                     "may shed a second one.")


# -------------------------------------------------------------------- Bistan
register("upgrade", "1e-bistan",
         DiceMod("change 1 hit result to a critical hit",
                 dice=change_one("1e-bistan", "Bistan (1 hit to a critical hit)", Face.HIT,
                                 Face.CRIT, ATTACKING),
                 # Range 1-2: touching ships are at Range 1
                 applies=attacking_if(lambda game, attack, owner: attack.range <= 2)),
         description="Attacking at Range 1-2: may change 1 hit result to a critical hit.")


# ------------------------------------------------------------------ Unkar Plutt
UNKAR = "1e-unkarplutt"


def _unkar_applies(ctx: Ctx) -> bool:
    if not is_me(ctx) or not ctx.ship.in_play:
        return False
    overlapped = [ctx.state.ships.get(s) for s in ctx.event.get("forced_by", ())]
    return any(s is not None and s.owner != ctx.ship.owner and not s.remote
               for s in overlapped) and bool(free_actions(ctx.game, ctx.ship))


def _unkar(ctx: Ctx, choice: Any) -> None:
    spec = next(s for s in free_actions(ctx.game, ctx.ship) if s.kind == choice)
    suffer_damage(ctx.game, ctx.ship, hits=1, cause="Unkar Plutt")
    start_action(ctx.game, ctx.ship.id, spec, during_activation(ctx))


register("upgrade", UNKAR,
         # the damage is the price of the action: the action is chosen with the ability
         Triggered("suffer 1 damage to perform a free action", window="after_execute",
                   requirement=_unkar_applies,
                   choices=lambda ctx: action_options(free_actions(ctx.game, ctx.ship)),
                   effect=_unkar),
         description="After a maneuver ending on an enemy ship: may take 1 "
                     "damage for a free action.")


# ------------------------------------------------------------------ General Hux
HUX = "1e-generalhux"
DEVOTION = "1e-fanaticaldevotion"


def _hux_candidates(game: Game, hux: ShipState, chosen: tuple[str, ...] = ()
                    ) -> list[ShipState]:
    # "friendly ships at Range 1-2": his own ship too (FAQ (1e): at Range 1 of itself)
    return [s for s in game.state.in_play() if not s.remote and friendly(hux, s)
            and s.id not in chosen and within_1e(hux, s, 1, 2)]


def _hux_next(game: Game, hux_id: str, chosen: tuple[str, ...]) -> None:
    hux = game.state.ships[hux_id]
    more = _hux_candidates(game, hux, chosen) if len(chosen) < 3 else []
    if not more:
        _hux_devotion(game, hux_id, chosen)
        return
    game.push(Ask(hux.owner, "use_ability", f"{hux.name} ({hux.id}): General Hux - choose "
                  f"another friendly ship ({len(chosen)} chosen, up to 3)?",
                  (*ship_options(more), Option("done", "no other ship")),
                  "1e-generalhux.more", (hux_id, chosen), ship=hux_id))


@continuation("1e-generalhux.more")
def _hux_more(game: Game, answer: str, hux_id: str, chosen: tuple[str, ...]) -> None:
    if answer == "done":
        _hux_devotion(game, hux_id, chosen)
    else:
        _hux_next(game, hux_id, (*chosen, answer))


def _hux_devotion(game: Game, hux_id: str, chosen: tuple[str, ...]) -> None:
    if len(chosen) == 1:
        _hux_done(game, chosen[0], hux_id, chosen)
        return
    hux = game.state.ships[hux_id]
    game.push(Ask(hux.owner, "use_ability", f"{hux.name} ({hux.id}): General Hux - which "
                  "ship is assigned Fanatical Devotion?",
                  tuple(ship_options(game.state.ships[s] for s in chosen)),
                  "1e-generalhux.devotion", (hux_id, chosen), ship=hux_id))


@continuation("1e-generalhux.devotion")
def _hux_done(game: Game, devoted: str, hux_id: str, chosen: tuple[str, ...]) -> None:
    hux = game.state.ships[hux_id]
    for ship_id in chosen:
        gain_token(game, game.state.ships[ship_id], Token.FOCUS, applier=hux.owner)
    assign_condition(game, game.state.ships[devoted], DEVOTION, hux.owner)
    gain_token(game, hux, Token.STRESS)


register("upgrade", HUX,
         CardAction("focus for at most 3 friends within Range 1-2, Fanatical Devotion "
                    "to one; then 1 stress", key="generalhux",
                    requirement=lambda ctx: bool(_hux_candidates(ctx.game, ctx.ship)),
                    choices=lambda ctx: ship_options(_hux_candidates(ctx.game, ctx.ship)),
                    effect=lambda ctx, choice: _hux_next(ctx.game, ctx.ship.id,
                                                         (str(choice),))),
         description="Action: give a focus token to each of at most 3 friendly ships within Range "
                     "1-2 and Fanatical Devotion to one of them; then he gains 1 stress token.")


# ----------------------------------------------------------- Fanatical Devotion
#: attack marks of the ship with the condition: the focus results its modifications had
#: changed so far, its focus token's effect seen, and the hit set aside
_SEEN, _TOKEN, _ASIDE = "devotion focus seen", "devotion token seen", "devotion set aside"


def _no_focus_defending(game: Any, owner: ShipState, ship: ShipState | None = None,
                        token: Token | None = None, **facts: Any) -> bool:
    attack = game.state.attack
    return (token is Token.FOCUS and ship is not None and ship.id == owner.id
            and attack is not None and attack.defender == owner.id)


def _modifying_own_attack(ctx: Ctx) -> bool:
    attack = ctx.attack
    return (attack is not None and attack.attacker == ctx.ship.id
            and ctx.event["kind"] == "attack" and ctx.event["ship"] == ctx.ship.id)


def _set_aside(ctx: Ctx, choice: Any) -> None:
    """After each modification of his attack dice: if it was his focus token's effect
    changing focus results (the first of the attack), one of the hits it made is set
    aside. (Worked out here, not in the requirement, which is checked twice.)"""
    attack = ctx.attack
    assert attack is not None
    me = ctx.ship.id
    count = attack.marks.get(f"{me}:modified focus results", 0)
    changed = count - attack.marks.get(f"{me}:{_SEEN}", 0)
    attack.marks[f"{me}:{_SEEN}"] = count
    if attack.marks.get(f"{me}:{_TOKEN}") or not token_used(attack, ctx.ship, "focus",
                                                            "attack"):
        return
    attack.marks[f"{me}:{_TOKEN}"] = 1
    pool = attack.attack_dice
    if changed <= 0 or pool is None or not pool.count(Face.HIT):
        return
    pool.remove(next(k for k, die in enumerate(pool) if die.face is Face.HIT))
    attack.marks[f"{me}:{_ASIDE}"] = 1
    ctx.game.event("ability", f"{ctx.ship.name} ({me}): Fanatical Devotion - 1 hit result "
                   "is set aside (defense dice cannot cancel it)", ship=me)


def _set_aside_back(ctx: Ctx, choice: Any) -> None:
    attack = ctx.attack
    assert attack is not None
    attack.marks.pop(f"{ctx.ship.id}:{_ASIDE}", None)
    attack.hits += 1
    attack.hit = True
    ctx.game.event("neutralize", f"the set-aside hit result joins the results: "
                   f"{attack.hits} hit(s), {attack.crits} critical hit(s) uncanceled",
                   ship=ctx.ship.id, hits=attack.hits, crits=attack.crits)


register("condition", DEVOTION,
         Modifier("cannot spend focus tokens while defending", hook="token_spend_forbidden",
                  value=_no_focus_defending),
         Modifier("his dice modifications are recorded", hook="records_modified_dice",
                  value=lambda game, owner, **facts: True),
         # the first focus result the token changes becomes a hit kept out of the pool
         # until the results are compared: the defense dice cancel the other results
         Triggered("reserve the first converted focus result",
                   window="after_modify_dice", optional=False,
                   requirement=_modifying_own_attack, effect=_set_aside),
         Triggered("the reserved hit is uncancelable by defense dice", window="after_neutralize",
                   optional=False,
                   requirement=lambda ctx: ctx.attack is not None
                   and ctx.attack.attacker == ctx.ship.id
                   and bool(ctx.attack.marks.get(f"{ctx.ship.id}:{_ASIDE}")),
                   effect=_set_aside_back),
         Triggered("the condition is removed", window="end_phase", optional=False,
                   requirement=lambda ctx: True,
                   effect=lambda ctx, choice: remove_condition(ctx.game, ctx.ship, DEVOTION)),
         description="Defending: cannot spend focus tokens. Attacking: when his focus token "
                     "changes his focus results to hits, the first is set aside, a hit the "
                     "defense dice cannot cancel. Removed during the End phase.")
