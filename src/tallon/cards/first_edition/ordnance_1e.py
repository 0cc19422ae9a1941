"""First-edition secondary weapons: the building block of torpedoes, missiles and other
"Attack (Target Lock):" / "Attack (Focus):" cards, and discarding an upgrade card. This
module registers no card.

API (for the first-edition card modules; stable names):

* ``ordnance_weapon(title, card, requires="lock", discard=True, twice=False)`` -> a tuple of
  abilities to register for the card: its ``Weapon`` (whose cost spends the target lock on
  the defender - or the focus token - and discards the card) and, with ``twice=True``, the
  "perform this attack twice" rule (Cluster Missiles). Add the card's own dice effect with
  ``weapon_dice(...)``. Example::

      register("upgrade", "1e-protontorpedoes",
               *ordnance_weapon("Proton Torpedoes", "1e-protontorpedoes"),
               weapon_dice("1e-protontorpedoes", "change 1 focus to a critical hit",
                           change_one(...)), description=...)

* ``SpendAndDiscard(lock=True, discard=True, tokens=(("focus", 1),))`` -> the ``Cost``
  itself, for a weapon built by hand (``Weapon(..., cost=SpendAndDiscard(...),
  extra_requirement=not_discarded)``).
* ``weapon_dice(card, title, ability)`` -> the ``DiceMod`` of "when attacking with this
  weapon, you may ..." (``ability`` a ``tallon.dice`` ability for the attacker's own dice).
* ``discard_upgrade(game, ship, card)`` -> the ship discards its upgrade card now (its
  abilities, action and stat grants leave with it). ``is_discarded(ship, card)``: the card
  was discarded (or is being discarded by the attack in progress).
* ``keep_upgrade(ship, card)``: the weapon card being discarded for the attack in
  progress stays after all (Munitions Failsafe).
* ``hit_suffers_and_ion(card, ions=1)`` -> the ion weapon's "if this attack hits, the defender
  suffers 1 damage and receives 1 ion token; then cancel all dice results" (Ion Cannon
  Turret, Ion Cannon): register it with the weapon.
* ``attacking_with(ctx, card)`` / ``with_weapon(card)`` are the 2.5 ordnance's.

Rules: rulebook (1e), Secondary Weapons: "Attack (Target Lock): spend your target lock
(on the defender) [and discard this card] to perform this attack" is the attack's cost,
paid when the attack is declared (FAQ (1e) timing chart, Declare Target step iv), before
the target becomes the defender (FAQ (1e): "Dark Curse"). The card's own text ("you may
change 1 of your focus results ...") works during the attack it is discarded for, so the
card leaves the ship once that attack is over; until then ``is_discarded`` already holds
and the weapon cannot be declared again. FAQ (1e) Q&A: a target lock spent on a secondary
weapon can no longer be spent for rerolls.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.cards.upgrades.ordnance import (
    GainTokens,
    attacking_with,
    replaces_damage,
    while_attacking_with,
    with_weapon,
)
from tallon.data import load_cards
from tallon.dice import DiceAbility
from tallon.engine.abilities import Ability, Cost, Ctx, DiceMod, Modifier, Triggered, Weapon
from tallon.engine.action_bodies import spend_lock_on
from tallon.engine.decisions import Decision
from tallon.engine.effects import check_destroyed, suffer_damage
from tallon.engine.loadout import refresh_actions
from tallon.engine.state import ShipState
from tallon.engine.steps import Step

if TYPE_CHECKING:
    from tallon.engine.game import Game

__all__ = ["LOCK_LENDERS", "SpendAndDiscard", "attacking_with", "discard_upgrade",
           "hit_suffers_and_ion", "is_discarded", "keep_upgrade", "lent_lock", "not_discarded",
           "ordnance_weapon", "weapon_dice", "with_weapon"]

#: Pilot cards whose ship lends its target locks to a friendly attacker (1e Shara Bey: "it
#: may treat your blue target lock tokens as its own"): card id -> whether ``owner`` lends
#: them to the attacking ``ship`` now, ``(game, owner, ship) -> bool``; a lent lock on the
#: defender meets and pays a weapon's "Attack (Target Lock)" (:func:`lent_lock`).
LOCK_LENDERS: dict[str, Any] = {}


def lent_lock(game: Game, ship: ShipState, defender: str) -> ShipState | None:
    """The friendly ship whose target lock on ``defender`` the attacking ``ship`` may treat
    as its own (:data:`LOCK_LENDERS`), or None."""
    for other in game.state.in_play():
        if other.id != ship.id and defender in other.locks and any(
                kind == "pilot" and xws in LOCK_LENDERS and LOCK_LENDERS[xws](game, other, ship)
                for kind, xws, _ in other.cards):
            return other
    return None


#: card memory of a ship: the upgrade cards it has discarded (in the order discarded)
DISCARDED = "1e:discarded"


# ------------------------------------------------------------------ discarding
def is_discarded(ship: ShipState, card: str) -> bool:
    """Whether the ship has discarded upgrade ``card`` (or is discarding it for the attack
    in progress)."""
    return card in (ship.recalled(DISCARDED) or ())


def not_discarded(ctx: Ctx) -> bool:
    """A ``Weapon.extra_requirement``: the weapon's card is not discarded."""
    return not is_discarded(ctx.ship, ctx.card)


def _mark_discarded(ship: ShipState, card: str) -> None:
    if not is_discarded(ship, card):
        ship.remember(DISCARDED, (*(ship.recalled(DISCARDED) or ()), card))


def discard_upgrade(game: Game, ship: ShipState, card: str) -> None:
    """The ship discards its upgrade ``card`` (rulebook (1e), Upgrade Cards: a discarded
    card's abilities no longer apply): the card leaves the ship's cards with its charges and
    the actions it adds; an agility, hull or shield value it granted is lost with it (a
    ship whose damage then reaches its hull is destroyed)."""
    if not any(kind == "upgrade" and xws == card for kind, xws, _ in ship.cards):
        return
    _mark_discarded(ship, card)
    for grant in load_cards().upgrade(card).sides[0].grants.stats:
        if grant.stat == "agility":
            ship.agility = max(0, ship.agility - grant.amount)
        elif grant.stat == "hull":  # Hull Upgrade: its damage cards may now destroy it
            ship.hull = max(1, ship.hull - grant.amount)
        elif grant.stat == "shields":  # Shield Upgrade: no active shield beyond the value
            ship.shield_limit = max(0, ship.shield_limit - grant.amount)
            ship.shields = min(ship.shields, ship.shield_limit)
    ship.cards = tuple(c for c in ship.cards if not (c[0] == "upgrade" and c[1] == card))
    ship.upgrades = tuple(x for x in ship.upgrades if x != card)
    ship.charges.pop(card, None)
    refresh_actions(ship)
    game.event("discard", f"{ship.name} ({ship.id}) discards {load_cards().upgrade(card).name}",
               ship=ship.id, card=card)
    check_destroyed(game, ship)


@dataclass(frozen=True)
class DiscardAfterAttack(Step):
    """The weapon's card, discarded as the attack's cost, leaves the ship once that attack
    is over (its text applied during it)."""

    ship_id: str
    card: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if ship.recalled(KEPT) == self.card:  # Munitions Failsafe kept it
            ship.remember(KEPT, None)
            return None
        discard_upgrade(game, ship, self.card)
        return None


#: card memory of a ship: the weapon card its attack just made is not discarded after all
KEPT = "1e:kept"


def keep_upgrade(ship: ShipState, card: str) -> None:
    """The weapon card being discarded for the attack in progress stays on the ship
    (Munitions Failsafe: "do not discard it unless the attack hits")."""
    ship.remember(DISCARDED, tuple(c for c in (ship.recalled(DISCARDED) or ()) if c != card)
                  or None)
    ship.remember(KEPT, card)


# ------------------------------------------------------------------- the cost
@dataclass(frozen=True)
class SpendAndDiscard(Cost):
    """"Spend your target lock [and/or focus token] and discard this card to perform this
    attack": the ``Cost`` of a first-edition secondary weapon, paid as the attack is
    declared. ``lock``: the lock on the declared target is spent (its requirement is the
    weapon's ``requires="lock"``); ``tokens`` as in ``Cost`` (a focus token); ``discard``:
    the card is discarded."""

    lock: bool = False
    discard: bool = False

    def can_pay(self, ctx: Ctx) -> bool:
        return super().can_pay(ctx) and not (self.discard and is_discarded(ctx.ship, ctx.card))

    def pay(self, ctx: Ctx) -> None:
        super().pay(ctx)
        game, ship = ctx.game, ctx.ship
        attack = game.state.attack
        if self.lock and attack is not None and attack.defender in ship.locks:
            spend_lock_on(game, ship, attack.defender)
        elif self.lock and attack is not None:
            lender = lent_lock(game, ship, attack.defender)
            if lender is not None:  # a friend's lock the attacker treats as its own
                spend_lock_on(game, lender, attack.defender)
        if self.discard:
            _mark_discarded(ship, ctx.card)
            # pushed before the attack's own steps (attack._begin pays, then schedules
            # them): it runs once the attack is over
            game.push(DiscardAfterAttack(ship.id, ctx.card))

    @property
    def free(self) -> bool:
        return super().free and not self.lock and not self.discard


# -------------------------------------------------------------------- weapons
def attack_twice(card: str) -> Modifier:
    """"Perform this attack twice" (FAQ (1e), timing chart: the Roll Attack Dice to Deal
    Damage steps are performed again against the same defender, declared and paid for
    once; the "after attacking" abilities resolve once, after the second attack)."""
    return Modifier("perform this attack twice", hook="attack_twice",
                    value=while_attacking_with(card))


def ordnance_weapon(title: str, card: str, *, requires: str | None = "lock",
                    discard: bool = True, twice: bool = False) -> tuple[Ability, ...]:
    """The abilities of a first-edition secondary weapon card ``card`` (a play id):
    "Attack (Target Lock)" (``requires="lock"``: spend the lock on the defender) or
    "Attack (Focus)" (``requires="focus"``: spend a focus token), ``discard``: "discard
    this card to perform this attack", ``twice``: "perform this attack twice"."""
    cost = SpendAndDiscard(lock=requires == "lock", discard=discard,
                           tokens=(("focus", 1),) if requires == "focus" else ())
    found: list[Ability] = [Weapon(title, requires=requires, cost=cost,
                                   extra_requirement=not_discarded)]
    if twice:
        found.append(attack_twice(card))
    return tuple(found)


def weapon_dice(card: str, title: str, ability: DiceAbility) -> DiceMod:
    """"When attacking with this weapon, you may ...": the weapon's own dice ability, used
    by its ship on its own dice."""
    return DiceMod(title, dice=ability, applies=with_weapon(card))


# --------------------------------------------------------------- ion weapons
def hit_suffers_and_ion(card: str, ions: int = 1) -> tuple[Ability, ...]:
    """"If this attack hits, the defender suffers 1 damage and receives 1 ion token. Then
    cancel all dice results" (Ion Cannon Turret, Ion Cannon): the results deal no damage of
    their own (reference card (1e) "Ion Token"). ``ions``: how many ion tokens (Ion Pulse
    Missiles: 2; 0: the damage only, Twin Laser Turret)."""

    def effect(ctx: Ctx, choice: Any) -> None:
        attack = ctx.attack
        assert attack is not None
        defender = ctx.other(attack.defender)
        suffer_damage(ctx.game, defender, hits=1, cause=card)
        # the ion token after the damage; then every result is canceled
        if ions:
            ctx.game.now(GainTokens(defender.id, "ion", ions, ctx.ship.owner))
        attack.hits = attack.crits = 0
        ctx.game.event("ability", "all dice results are canceled", ship=ctx.ship.id)

    return (replaces_damage(card, "the hit deals 1 damage and 1 ion token instead" if ions
                            else "the hit deals 1 damage instead"),
            Triggered("the defender suffers 1 damage and receives 1 ion token" if ions
                      else "the defender suffers 1 damage",
                      window="attack_hit", optional=False,
                      requirement=lambda ctx: attacking_with(ctx, card), effect=effect))


