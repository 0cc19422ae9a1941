"""First-edition pilots of the Core Set and wave 1 (X-wing, Y-wing, TIE Fighter, TIE
Advanced): the pilots whose card has an ability.

First-edition ranges: a ship "at Range 1" includes a ship touching it (the first edition
has no range 0: the engine's range 0 is its Range 1), hence the ``0`` lower bounds below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tallon.cards.acting import grant_action, granted
from tallon.cards.common import (
    attacking_if,
    defending_if,
    dice,
    firing_arcs,
    is_in_arc,
    is_me,
    range_of,
    ship_options,
    ships_in_range,
)
from tallon.cards.pilots.tieadvancedx1 import maarek_card
from tallon.cards.registry import register
from tallon.dice import Face
from tallon.dice.abilities.base import ATTACKING, DEFENDING
from tallon.dice.abilities.effects import change_one, reroll
from tallon.engine.abilities import Ctx, DiceMod, Modifier, Triggered
from tallon.engine.action_bodies import lock_targets
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import acquire_lock, gain_token
from tallon.engine.state import ARCS, ShipState, Token
from tallon.engine.steps import Ask, continuation
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState


def _range_1(owner: ShipState, other: ShipState) -> bool:
    """``other`` is at Range 1 of ``owner`` (touching included: no range 0 in 1e)."""
    near = range_of(owner, other)
    return near is not None and near <= 1


# ---------------------------------------------------------------------- X-wing
# FAQ (1e), Increasing and Reducing Values: the agility itself is lowered, its minimum of 0
# applied once every change is counted, before the range bonus (engine/attack.py)
def _wedge(game: Game, owner: ShipState, ship: ShipState | None = None, **facts: Any) -> int:
    attack = game.state.attack
    return -1 if (attack is not None and ship is not None and attack.attacker == owner.id
                  and attack.defender == ship.id) else 0


register("pilot", "1e-xwing-wedgeantilles",
         Modifier("the defender's agility is 1 lower", hook="agility", value=_wedge),
         description="While attacking: the defender's agility value is 1 lower (not below 0).")


def _garven_friends(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True, other=True)


register("pilot", "1e-xwing-garvendreis",
         Triggered("pass the spent focus to a friend within Range 1-2",
                   window="after_spend_token",
                   requirement=lambda ctx: is_me(ctx) and ctx.event["token"] == "focus",
                   choices=lambda ctx: ship_options(_garven_friends(ctx)),
                   effect=lambda ctx, choice: gain_token(ctx.game, ctx.other(choice),
                                                         Token.FOCUS, 1, ctx.ship.owner)),
         description="After spending a focus token: may pass it to a friendly ship within Range "
                     "1-2 rather than discard it.")


#: card memory of Biggs: the round he chose to draw the fire (once per game)
BIGGS_ROUND = "1e-biggs:round"


def _biggs_forbidden(game: Game, owner: ShipState, ship: ShipState | None = None,
                     targets: Any = (), **facts: Any) -> list[str]:
    """The targets (keys) the attacker ``ship`` may not declare: other friendly ships of
    Biggs at Range 1 with a weapon that could target Biggs instead (FAQ (1e): not when the
    attacker's weapon cannot target him)."""
    if ship is None or owner.recalled(BIGGS_ROUND) != game.state.round or not owner.in_play:
        return []
    reaching = {t.weapon.id for t in targets if t.defender == owner.id}
    found = []
    for target in targets:
        guarded = game.state.ships[target.defender]
        if target.weapon.id in reaching and guarded.id != owner.id \
                and friendly(guarded, owner) and _range_1(owner, guarded):
            found.append(target.key)
    return found


def _biggs(ctx: Ctx, choice: Any) -> None:
    ctx.ship.remember(BIGGS_ROUND, ctx.state.round)
    ctx.game.event("ability", f"{ctx.ship.name} ({ctx.ship.id}) draws the fire this round",
                   ship=ctx.ship.id)


register("pilot", "1e-xwing-biggsdarklighter",
         Triggered("draw fire from friends within Range 1 this round",
                   window="start_engagement", effect=_biggs,
                   requirement=lambda ctx: ctx.ship.recalled(BIGGS_ROUND) is None),
         Modifier("attackers able to target him cannot target friends within Range 1",
                  hook="forbidden_targets", value=_biggs_forbidden),
         description="Once per game, when the Combat phase begins: for the rest of the round, "
                     "attackers able to target him may not target other friendly "
                     "ships within Range 1.")

register("pilot", "1e-xwing-lukeskywalker",
         DiceMod("change 1 focus result to an evade", applies=defending_if(),
                 dice=change_one("1e-lukeskywalker", "Luke Skywalker (1e)", Face.FOCUS,
                                 Face.EVADE, DEFENDING)),
         description="Defending: may turn 1 focus result into an evade.")


# ---------------------------------------------------------------------- Y-wing
def _dutch_friends(ctx: Ctx) -> list[ShipState]:
    return ships_in_range(ctx.game, ctx.ship, 0, 2, friendly=True, other=True)


def lock_options(game: Game, ship: ShipState) -> list[Option]:
    """The enemy ships ``ship`` could acquire a target lock on now (rulebook (1e), Target
    Lock: an enemy within Range 1-3; FAQ (1e): again on a ship it has locked already)."""
    ships = game.state.ships
    return [Option(t, f"lock {ships[t].name} ({t})") for t in lock_targets(game, ship)
            if t in ships and ships[t].owner != ship.owner and not ships[t].remote]


def offer_lock(ctx: Ctx, friend_id: str, source: str) -> None:
    """Ask the player of the ship ``friend_id`` whether it acquires a target lock (for
    ``source``: "Dutch" Vander, Systems Officer); the chosen ship's player decides."""
    friend = ctx.other(friend_id)
    options = lock_options(ctx.game, friend)
    if not options:
        ctx.game.event("ability", f"{friend.name} ({friend.id}) has no ship to lock",
                       ship=friend.id)
        return
    ctx.game.push(Ask(friend.owner, "use_ability", f"{friend.name} ({friend.id}): acquire a "
                      f"target lock? ({source})", (*options, Option("decline", "decline")),
                      "1e-dutch.lock", (friend.id,), ship=friend.id))


def _dutch(ctx: Ctx, choice: Any) -> None:
    offer_lock(ctx, str(choice), '"Dutch" Vander')


@continuation("1e-dutch.lock")
def _dutch_lock(game: Game, answer: str, ship_id: str) -> None:
    if answer != "decline":
        acquire_lock(game, game.state.ships[ship_id], answer)


register("pilot", "1e-ywing-dutchvander",
         Triggered("let a friend within Range 1-2 lock too",
                   window="after_lock", optional=False, requirement=is_me,
                   choices=lambda ctx: ship_options(_dutch_friends(ctx)), effect=_dutch),
         description="Whenever he locks: another friendly ship within Range 1-2 of his "
                     "choice may lock too.")

register("pilot", "1e-ywing-hortonsalm",
         DiceMod("reroll any blank results",
                 applies=attacking_if(lambda game, attack, owner: attack.range in (2, 3)),
                 dice=reroll("1e-hortonsalm", "Horton Salm (1e)", ATTACKING, None,
                             faces=(Face.BLANK,))),
         description="Attacking at Range 2-3: may reroll any of his blank results.")


# ----------------------------------------------------------------- TIE Fighter
register("pilot", "1e-tiefighter-wingedgundark",
         DiceMod("change 1 hit to a critical hit",
                 applies=attacking_if(lambda game, attack, owner: attack.range <= 1),
                 dice=change_one("1e-wingedgundark", "\"Winged Gundark\" (1e)", Face.HIT,
                                 Face.CRIT, ATTACKING)),
         description="Attacking at Range 1: may change 1 hit result to a critical hit.")

register("pilot", "1e-tiefighter-nightbeast",
         # FAQ (1e): a stressed ship's green maneuver removes the stress first; a maneuver
         # that overlaps a ship is still executed
         grant_action("perform a free focus action", "after_execute",
                      lambda ctx: [granted("focus", "white", ctx.card)],
                      requirement=lambda ctx: is_me(ctx)
                      and ctx.event.get("difficulty") == "blue"),
         description="After a green maneuver: may take a free focus action.")


def printed_firing_arcs(ship: ShipState) -> tuple[Arc, ...]:
    """The first edition's firing arcs of a ship: the arcs printed on its token (front,
    auxiliary, mobile), not a turret weapon's every direction (FAQ (1e), Q&A: a turret
    primary weapon does not give a 360-degree firing arc)."""
    all_round = ARCS["all"]
    arcs = [a for a in firing_arcs(ship)
            if a not in all_round or any(name != "all" and a in ARCS.get(name, ())
                                         for name, _ in ship.attacks)]
    return tuple(arcs)


def _backstabber(game: Game, owner: ShipState, attack: AttackState | None = None,
                 **facts: Any) -> int:
    if attack is None or attack.attacker != owner.id:
        return 0
    defender = game.state.ships[attack.defender]
    # FAQ (1e): no part of his base inside any of the defender's firing arcs, whatever his
    # weapon
    inside = any(is_in_arc(defender, owner, arc) for arc in printed_firing_arcs(defender))
    return 0 if inside else 1


register("pilot", "1e-tiefighter-backstabber",
         Modifier("1 more attack die from outside the defender's firing arcs",
                  hook="attack_dice", value=_backstabber),
         description="Attacks from outside the defender's firing arcs: 1 extra attack die.")


def _cursed(game: Game, owner: ShipState, ship: ShipState) -> bool:
    """``ship`` is attacking ``owner`` now, its target declared (FAQ (1e) "Dark Curse": a
    weapon's cost is paid before he becomes the defender)."""
    attack = game.state.attack
    return (attack is not None and attack.defender == owner.id and attack.attacker == ship.id
            and attack.step != "declare")


def _no_focus(game: Game, owner: ShipState, ship: ShipState | None = None,
              token: Token | None = None, **facts: Any) -> bool:
    return token is Token.FOCUS and ship is not None and _cursed(game, owner, ship)


def _no_rerolls(game: Game, owner: ShipState, attack: AttackState | None = None,
                kind: str = "", user: ShipState | None = None, reroll: bool = False,
                **facts: Any) -> bool:
    # False vetoes: the attacker rerolling its attack dice
    return not (reroll and kind == "attack" and user is not None
                and _cursed(game, owner, user))


register("pilot", "1e-tiefighter-darkcurse",
         Modifier("ships attacking him cannot spend focus tokens", hook="token_spend_forbidden",
                  value=_no_focus),
         Modifier("ships attacking him cannot reroll attack dice", hook="dice_option_allowed",
                  value=_no_rerolls),
         description="Ships attacking him may neither spend focus tokens nor reroll attack dice.")


def _mauler(game: Game, owner: ShipState, attack: AttackState | None = None,
            **facts: Any) -> int:
    return 1 if attack is not None and attack.attacker == owner.id and attack.range <= 1 else 0


register("pilot", "1e-tiefighter-maulermithel",
         Modifier("1 more attack die at Range 1", hook="attack_dice", value=_mauler),
         description="Attacking at Range 1: 1 more attack die.")


def _howlrunner_applies(game: Game, attack: AttackState, owner: ShipState,
                        user: ShipState) -> bool:
    # FAQ (1e): Range 1 measured from Howlrunner
    return (attack.primary and user.id == attack.attacker and user.id != owner.id
            and friendly(user, owner) and _range_1(owner, user))


register("pilot", "1e-tiefighter-howlrunner",
         DiceMod("reroll 1 attack die", dice=dice("howlrunner"), applies=_howlrunner_applies,
                 for_others=True),
         description="Friendly ships within Range 1 of him may reroll 1 attack die in their "
                     "primary weapon attacks.")


# ---------------------------------------------------------------- TIE Advanced
# the same ability as the 2.5 printing: the same replacement (3 damage cards drawn, one
# of them dealt, the rest discarded)
register("pilot", "1e-tieadvanced-maarekstele", maarek_card(),
         description="Attacking: a faceup damage card the defender would be dealt is chosen "
                     "from 3 drawn instead; the other 2 are discarded.")


def _vader(game: Game, owner: ShipState, ship: ShipState | None = None, **facts: Any) -> int:
    return 1 if ship is not None and ship.id == owner.id else 0


register("pilot", "1e-tieadvanced-darthvader",
         Modifier("2 actions in the Perform Action step", hook="action_step_actions",
                  value=_vader),
         description="During his Perform Action step: may perform 2 actions.")
