"""Firespray-class patrol craft pilots of the Scum and Villainy and the Separatist Alliance
(continued from firesprayclasspatrolcraft.py, which holds Zam Wesell and her conditions).
The ship has no ship ability; its titles are in cards/upgrades/title_scum_b.py."""

from __future__ import annotations

from typing import Any

from tallon.cards.common import (
    attacking_if,
    defending_if,
    dice,
    is_me,
    ships_in_range,
)
from tallon.cards.registry import register
from tallon.data import load_cards
from tallon.engine.abilities import CardAction, Cost, Ctx, DiceMod, Modifier, Triggered
from tallon.engine.actions import PerformAction, bar_actions
from tallon.engine.allegiance import friendly
from tallon.engine.decisions import Option
from tallon.engine.effects import gain_token, locks_on, transfer_token
from tallon.engine.movement import difficulty_of
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Then, continuation
from tallon.geometry.maneuvers import Bearing, Maneuver


def _enemy_in_attack(game: Any, attack: Any, owner: ShipState) -> ShipState | None:
    """The other ship of the attack the owner attacks or defends in, or None."""
    if attack.attacker == owner.id:
        return game.state.ships[attack.defender]
    if attack.defender == owner.id:
        return game.state.ships[attack.attacker]
    return None


def _own_dice(test: Any) -> Any:
    """``DiceMod.applies`` for "while you defend or perform an attack": the owner modifies
    its own dice in an attack it takes part in, and ``test(game, attack, owner, enemy)``."""

    def applies(game: Any, attack: Any, owner: ShipState, user: ShipState) -> bool:
        enemy = _enemy_in_attack(game, attack, owner)
        return user.id == owner.id and enemy is not None and test(game, attack, owner, enemy)

    return applies


# ------------------------------------------------------------------ Boba Fett (Scum)
def _enemies_near(game: Any, owner: ShipState) -> int:
    return len(ships_in_range(game, owner, 0, 1, friendly=False))


def _boba(count: int) -> DiceMod:
    return DiceMod(f"reroll up to {count} dice", dice=dice("bobafett", count),
                   applies=_own_dice(lambda game, attack, owner, enemy:
                                     min(6, _enemies_near(game, owner)) == count))


register("pilot", "bobafett", *(_boba(n) for n in range(1, 7)),
         description="While he defends or attacks: may reroll 1 of his dice per enemy ship within "
                     "range 0-1.")


# ------------------------------------------------------------------ Emon Azzameen
def _emon(game: Any, owner: ShipState, card: str = "", templates: tuple[str, ...] = (),
          launch: bool = False, **facts: Any) -> list[tuple[str, bool]]:
    if launch or not any(Maneuver.parse(code).bearing is Bearing.STRAIGHT
                         and Maneuver.parse(code).speed == 1 for code in templates):
        return []
    return [(f"3{bearing.value}", False)
            for bearing in (Bearing.TURN_LEFT, Bearing.STRAIGHT, Bearing.TURN_RIGHT)]


register("pilot", "emonazzameen",
         Modifier("drop with a [3 turn] or [3 straight] template instead of [1 straight]",
                  hook="device_templates", value=_emon),
         description="Dropping a device with the [1 straight] template: may use the [3 turn "
                     "left], [3 straight] or [3 turn right] template instead.")


# ------------------------------------------------------------------- Kath Scarlet
def _kath(game: Any, owner: ShipState, attack: Any = None, **facts: Any) -> int:
    # RR: ATTACK - no attack die can be added to a primary attack at attack range 0
    if attack is None or attack.attacker != owner.id or not attack.primary \
            or attack.range == 0:
        return 0
    defender = game.state.ships[attack.defender]
    cards = load_cards()
    return int(any(cards.pilot(s.pilot).limited == 0
                   for s in ships_in_range(game, defender, 0, 0, friendly=False)
                   if friendly(s, owner) and s.id != owner.id and not s.remote))


register("pilot", "kathscarlet",
         Modifier("roll 1 additional attack die", hook="attack_dice", value=_kath),
         description="While she performs a primary attack, if a friendly non-limited ship is at "
                     "range 0 of the defender: she rolls 1 additional attack die.")


# ------------------------------------------------------------------- Koshka Frost
register("pilot", "koshkafrost",
         DiceMod("reroll 1 die", dice=dice("koshkafrost"),
                 applies=_own_dice(lambda game, attack, owner, enemy: enemy.stressed)),
         description="Attacking or defending while the enemy ship is stressed: may reroll 1 "
                     "of her dice.")


# ---------------------------------------------------------------- Krassis Trelix
def _krassis_rear(game: Any, owner: ShipState, weapon: Any = None, **facts: Any
                  ) -> tuple[tuple[str, int, int], ...]:
    # RR: SPECIAL WEAPON - a special [Front Arc] attack may be performed from the rear arc
    if weapon is None or weapon.primary or weapon.arc != "front":
        return ()
    return (("rear", weapon.min_range, weapon.max_range),)


register("pilot", "krassistrelix",
         Modifier("front-arc special attacks from the rear arc",
                  hook="weapon_arc_alternatives", value=_krassis_rear),
         DiceMod("reroll 1 attack die", dice=dice("krassistrelix"),
                 applies=attacking_if(lambda game, attack, owner: not attack.primary)),
         description="May perform [Front Arc] special attacks from his [Rear Arc]. Special "
                     "attack: may reroll 1 attack die.")


# ------------------------------------------------------------ Hondo Ohnaka (pilot)
HONDO = "hondoohnaka-pilot"


def _hondo_candidates(ctx: Ctx) -> list[ShipState]:
    # RR: RANGE - a ship is at range 0 of itself (the Jake Farrell example): Hondo may be
    # one of the two; no ship in this engine is huge
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 3) if not s.remote]


def _hondo_pairs(ctx: Ctx) -> list[Option]:
    near = _hondo_candidates(ctx)
    return [Option(f"{a.id}+{b.id}", f"{a.name} ({a.id}) acts first, then {b.name} ({b.id})")
            for a in near for b in near if a.owner != b.owner]


def _hondo(ctx: Ctx, choice: Any) -> None:
    first, _, second = str(choice).partition("+")
    specs = bar_actions(ctx.game, ctx.ship)
    ctx.game.push(PerformAction(first, grant=specs, even_stressed=True),
                  PerformAction(second, grant=specs, even_stressed=True),
                  Then(f"{HONDO}.calculate", (ctx.ship.id,)))


@continuation(f"{HONDO}.calculate")
def _hondo_calculate(game: Any, _: Any, ship_id: str) -> None:
    ship = game.state.ships[ship_id]
    if ship.in_play:
        gain_token(game, ship, Token.CALCULATE)


register("pilot", "hondoohnaka",
         CardAction("2 ships not friendly to each other may perform an action of his bar",
                    choices=_hondo_pairs, effect=_hondo),
         description="Action: pick 2 non-huge ships within range 0-3 that are not friendly to each "
                     "other; in an order he chooses, each may perform an action from his action "
                     "bar, even while stressed. Then he gains 1 calculate token.")


# ============================================================ Separatist Alliance
#: RR: DIFFICULTY - purple is more difficult than any other colour
_MANEUVER_RANK = {"blue": 0, "white": 1, "red": 2, "purple": 3}


def _revealed_rank(ship: ShipState) -> int | None:
    if not ship.dial_revealed or ship.dial_set is None:
        return None
    return _MANEUVER_RANK[difficulty_of(ship.dial_set)]


def _jango(game: Any, attack: Any, owner: ShipState, enemy: ShipState) -> bool:
    mine, theirs = _revealed_rank(owner), _revealed_rank(enemy)
    if attack.attacker == owner.id and not attack.primary:
        return False
    return mine is not None and theirs is not None and mine < theirs


register("pilot", "jangofett",
         DiceMod("change 1 of the enemy's focus results to a blank",
                 dice=dice("jangofett-pilot"), applies=_own_dice(_jango)),
         description="Defending or performing a primary attack, with a revealed maneuver "
                     "less difficult than the enemy ship's: may change 1 of its focus results "
                     "to a blank.")


def _boba_alone(game: Any, attack: Any, owner: ShipState) -> bool:
    return not ships_in_range(game, owner, 0, 2, friendly=True, other=True)


register("pilot", "bobafett-firesprayclasspatrolcraft",
         DiceMod("change 1 blank result to a focus result",
                 dice=dice("bobafett-firesprayclasspatrolcraft"),
                 applies=defending_if(_boba_alone)),
         description="Defending with no other friendly ship at range 0-2: may change 1 blank "
                     "result to a focus result.")


# -------------------------------------------------------------------- Aurra Sing
AURRA = "aurrasing"
_TRANSFERABLE = tuple(t for t in Token if t.colour in ("red", "orange"))


def _aurra_enemies(ctx: Ctx) -> list[ShipState]:
    return [s for s in ships_in_range(ctx.game, ctx.ship, 0, 1, friendly=False)
            if not s.remote]


def _aurra_pairs(ctx: Ctx) -> list[Option]:
    near = sorted(_aurra_enemies(ctx), key=lambda s: s.id)
    return [Option(f"{a.id}+{b.id}", f"{a.name} ({a.id}) and {b.name} ({b.id})")
            for i, a in enumerate(near) for b in near[i + 1:]]


def _aurra(ctx: Ctx, choice: Any) -> None:
    a, _, b = str(choice).partition("+")
    _aurra_ask(ctx.game, ctx.ship.id, a, b, ())


def _transfers(game: Any, a: ShipState, b: ShipState, done: tuple[str, ...]
               ) -> list[Option]:
    """Each single transfer still possible: a token (or a lock, the locked ship's red token:
    RR: FAQ) from one ship to the other, never back the way another of its kind went."""
    found = []
    for giver, taker in ((a, b), (b, a)):
        for token in _TRANSFERABLE:
            key = f"{giver.id}>{taker.id}:token:{token.value}"
            if giver.has(token) and f"{taker.id}>{giver.id}:token:{token.value}" not in done:
                found.append(Option(key, f"transfer 1 {token.value} token from {giver.name} "
                                         f"({giver.id}) to {taker.name} ({taker.id})"))
        for locker in locks_on(game, giver.id):
            key = f"{giver.id}>{taker.id}:lock:{locker.id}"
            if taker.id not in locker.locks and locker.id != taker.id \
                    and f"{taker.id}>{giver.id}:lock:{locker.id}" not in done:
                found.append(Option(key, f"move the lock of {locker.name} ({locker.id}) from "
                                         f"{giver.id} to {taker.id}"))
    return found


def _aurra_ask(game: Any, aurra_id: str, a: str, b: str, done: tuple[str, ...]) -> None:
    aurra = game.state.ships[aurra_id]
    first, second = game.state.ships[a], game.state.ships[b]
    if not (first.in_play and second.in_play):
        return
    options = _transfers(game, first, second, done)
    if not options:
        return
    game.push(Ask(aurra.owner, "use_ability", f"{aurra.name} ({aurra.id}): transfer a red "
                  "or orange token between the two ships?",
                  (*options, Option("done", "no more transfers")),
                  f"{AURRA}.transfer", (aurra_id, a, b, done), ship=aurra_id))


@continuation(f"{AURRA}.transfer")
def _aurra_transfer(game: Any, answer: Any, aurra_id: str, a: str, b: str,
                    done: tuple[str, ...]) -> None:
    if answer == "done":
        return
    route, _, what = str(answer).partition(":")
    giver_id, _, taker_id = route.partition(">")
    giver, taker = game.state.ships[giver_id], game.state.ships[taker_id]
    kind, _, name = what.partition(":")
    if kind == "token":
        transfer_token(game, giver, taker, Token(name))
    else:
        locker = game.state.ships[name]
        locker.locks = [taker_id if t == giver_id else t for t in locker.locks]
        game.event("lock", f"the lock of {locker.name} moves from {giver_id} to {taker_id}",
                   ship=locker.id)
    _aurra_ask(game, aurra_id, a, b, (*done, str(answer)))


register("pilot", AURRA,
         Triggered("spend 1 Force: transfer red and orange tokens between 2 enemy ships",
                   window="before_engage", cost=Cost(force=1),
                   requirement=lambda ctx: is_me(ctx) and len(_aurra_enemies(ctx)) >= 2,
                   choices=_aurra_pairs, effect=_aurra),
         description="Before she engages: may spend 1 Force and pick 2 enemy ships within range "
                     "0-1; any number of their red and orange tokens may then be transferred "
                     "between those two ships.")
