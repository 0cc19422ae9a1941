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
  extra_requirement=not_discarded)``). Its lock is paid by one of ``lock_payments(game,
  ship, defender)``: the attacker's own lock, a friend's (``LOCK_LENDERS``: Shara Bey,
  Targeting Synchronizer) or a focus token (``FOCUS_FOR_LOCK``: Deadeye); with several,
  the attacker is asked (``use_ability``, keys ``own`` / a ship id / ``focus``).
* ``weapon_dice(card, title, ability)`` -> the ``DiceMod`` of "when attacking with this
  weapon, you may ..." (``ability`` a ``tallon.dice`` ability for the attacker's own dice).
* ``discard_upgrade(game, ship, card)`` -> the ship discards its upgrade card now (its
  abilities, action and stat grants leave with it); a card holding an ordnance token
  (``ORDNANCE_TOKEN_SLOTS``, ``ordnance_tokens(ship)``: Extra Munitions) asks its owner
  first whether the token goes instead - every discard goes through here.
  ``is_discarded(ship, card)``: the card was discarded (or is being discarded by the
  attack in progress).
* ``keep_upgrade(ship, card)``: the weapon card being discarded for the attack in
  progress stays after all (Munitions Failsafe).
* ``hit_suffers_and_ion(card, ions=1)`` -> the ion weapon's hit effect (1 damage and an ion
  token for the defender, the dice results then canceled) (Ion Cannon Turret, Ion Cannon):
  register it with the weapon.
* ``attacking_with(ctx, card)`` / ``with_weapon(card)`` are the 2.5 ordnance's.

Rules: rulebook (1e), Secondary Weapons: an "Attack (Target Lock)" header's spending of the
lock on the defender [and the card's discard] is the attack's cost,
paid when the attack is declared (FAQ (1e) timing chart, Declare Target step iv), before
the target becomes the defender (FAQ (1e): "Dark Curse"). The card's own dice effect (a
focus changed, ...) works during the attack it is discarded for, so the
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
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import check_destroyed, spend_token, suffer_damage
from tallon.engine.loadout import refresh_actions
from tallon.engine.queue import fire
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Step, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game

__all__ = ["FOCUS_FOR_LOCK", "LOCK_LENDERS", "ORDNANCE_TOKEN_SLOTS", "SpendAndDiscard",
           "attacking_with", "discard_upgrade", "hit_suffers_and_ion", "is_discarded",
           "keep_upgrade", "lent_lock", "lent_locks", "lock_payments", "not_discarded",
           "ordnance_tokens", "ordnance_weapon", "weapon_dice", "with_weapon"]

#: Cards (pilot or upgrade) whose ship lends its target locks to a friendly attacker (1e
#: Shara Bey: her locks count as the attacker's; Targeting Synchronizer: the attacker may
#: spend his lock in place of its own): card id -> whether ``owner``
#: lends them to the attacking ``ship`` now, ``(game, owner, ship) -> bool``; a lent lock
#: on the defender may pay a weapon's "spend your target lock" (:func:`lent_locks`).
LOCK_LENDERS: dict[str, Any] = {}

#: Cards letting their own ship pay a weapon's "spend your target lock" with a focus token
#: instead (1e Deadeye): card id -> whether ``ship`` may now, ``(game, ship) -> bool``.
FOCUS_FOR_LOCK: dict[str, Any] = {}


def lent_locks(game: Game, ship: ShipState, defender: str) -> list[ShipState]:
    """The friendly ships whose target lock on ``defender`` the attacking ``ship`` may
    spend as its own (:data:`LOCK_LENDERS`)."""
    return [other for other in game.state.in_play()
            if other.id != ship.id and defender in other.locks and any(
                xws in LOCK_LENDERS and LOCK_LENDERS[xws](game, other, ship)
                for _kind, xws, _ in other.cards)]


def lent_lock(game: Game, ship: ShipState, defender: str) -> ShipState | None:
    """The first friendly ship whose target lock on ``defender`` the attacking ``ship`` may
    treat as its own (:data:`LOCK_LENDERS`), or None."""
    found = lent_locks(game, ship, defender)
    return found[0] if found else None


def lock_payments(game: Game, ship: ShipState, defender: str) -> list[Option]:
    """The ways ``ship`` may pay a weapon's "spend your target lock" against ``defender``:
    ``own`` (its lock), a lender's ship id (:data:`LOCK_LENDERS`), ``focus``
    (:data:`FOCUS_FOR_LOCK`)."""
    found = [Option("own", "spend its own target lock")] if defender in ship.locks else []
    found += [Option(o.id, f"spend the target lock of {o.name} ({o.id})")
              for o in lent_locks(game, ship, defender)]
    if ship.has(Token.FOCUS) and any(xws in FOCUS_FOR_LOCK and FOCUS_FOR_LOCK[xws](game, ship)
                                     for _kind, xws, _ in ship.cards):
        found.append(Option("focus", "spend a focus token instead"))
    return found


@continuation("ordnance_1e.lock_paid")
def _lock_paid(game: Game, way: str, ship_id: str, defender: str) -> None:
    ship = game.state.ships[ship_id]
    if way == "own":
        spend_lock_on(game, ship, defender)
    elif way == "focus":  # FOCUS_FOR_LOCK (Deadeye)
        spend_token(game, ship, Token.FOCUS)
    else:  # a friend's lock the attacker spends as its own
        spend_lock_on(game, game.state.ships[way], defender)


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


# ------------------------------------------------------------ ordnance tokens
#: Cards placing, when equipped, an ordnance token on each equipped upgrade card of these
#: slots (1e Extra Munitions: torpedo, missile and bomb cards - itself included, FAQ (1e)
#: Boba Fett): card id -> slots. A card holding a token may lose the token instead of
#: being discarded (:func:`discard_upgrade`).
ORDNANCE_TOKEN_SLOTS: dict[str, tuple[str, ...]] = {}

#: card memory of a ship: the upgrade cards holding an ordnance token (unset: as equipped)
ORDNANCE = "1e:ordnance tokens"


def ordnance_tokens(ship: ShipState) -> tuple[str, ...]:
    """The ship's upgrade cards holding an ordnance token (:data:`ORDNANCE_TOKEN_SLOTS`)."""
    held = ship.recalled(ORDNANCE)
    if held is None:  # the tokens placed at setup, on the cards the ship was equipped with
        equipped = tuple(dict.fromkeys((*ship.upgrades, *(ship.recalled(DISCARDED) or ()))))
        slots = {slot for c in equipped for slot in ORDNANCE_TOKEN_SLOTS.get(c, ())}
        db = load_cards()
        held = tuple(c for c in equipped if slots and slots & set(db.upgrade(c).sides[0].slots))
    return tuple(c for c in held if c in ship.upgrades)


def _drop_token(ship: ShipState, card: str) -> None:
    ship.remember(ORDNANCE, tuple(c for c in ordnance_tokens(ship) if c != card))


def _token_question(ship: ShipState, card: str, then: str) -> Ask:
    name = load_cards().upgrade(card).name
    return Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): discard the ordnance "
               f"token on {name} instead of the card?",
               (Option("use", f"discard 1 ordnance token from {name} instead"),
                Option("decline", f"discard {name}")), then, (ship.id, card), ship=ship.id)


@continuation("ordnance_1e.token_or_card")
def _token_or_card(game: Game, answer: str, ship_id: str, card: str) -> None:
    ship = game.state.ships[ship_id]
    if answer == "use":
        _discard_token(game, ship, card)
    else:
        discard_upgrade(game, ship, card, offer_token=False)


@continuation("ordnance_1e.cost_token")
def _cost_token(game: Game, answer: str, ship_id: str, card: str) -> None:
    ship = game.state.ships[ship_id]
    if answer == "use":  # the weapon's card stays: its token paid the discard
        keep_upgrade(ship, card)
        _discard_token(game, ship, card)


def _discard_token(game: Game, ship: ShipState, card: str) -> None:
    _drop_token(ship, card)
    game.event("discard", f"{ship.name} ({ship.id}) discards the ordnance token on "
               f"{load_cards().upgrade(card).name} instead of the card", ship=ship.id,
               card=card)


def discard_upgrade(game: Game, ship: ShipState, card: str, offer_token: bool = True) -> None:
    """The ship discards its upgrade ``card`` (rulebook (1e), Upgrade Cards: a discarded
    card's abilities no longer apply): the card leaves the ship's cards with its charges and
    the actions it adds; an agility, hull or shield value it granted is lost with it (a
    ship whose damage then reaches its hull is destroyed). A card holding an ordnance token
    (:data:`ORDNANCE_TOKEN_SLOTS`) is not discarded at once: its owner is asked first
    whether the token goes instead (``offer_token=False``: already asked)."""
    if not any(kind == "upgrade" and xws == card for kind, xws, _ in ship.cards):
        return
    if offer_token and card in ordnance_tokens(ship):
        # 1e Extra Munitions: the card's ordnance token may go in its place; the
        # card's owner chooses, whoever discards it (FAQ (1e), Boba Fett)
        game.now(_token_question(ship, card, "ordnance_1e.token_or_card"))
        return
    if card in ordnance_tokens(ship):
        _drop_token(ship, card)  # the token leaves with the card
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
    fire(game, "after_discard_upgrade", ship=ship.id, card=card)  # 1e Tomax Bren
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
        discard_upgrade(game, ship, self.card, offer_token=False)  # asked at the cost
        return None


#: card memory of a ship: the weapon card its attack just made is not discarded after all
KEPT = "1e:kept"


def keep_upgrade(ship: ShipState, card: str) -> None:
    """The weapon card being discarded for the attack in progress stays on the ship
    (Munitions Failsafe: the card is kept when the attack misses)."""
    ship.remember(DISCARDED, tuple(c for c in (ship.recalled(DISCARDED) or ()) if c != card)
                  or None)
    ship.remember(KEPT, card)


# ------------------------------------------------------------------- the cost
@dataclass(frozen=True)
class SpendAndDiscard(Cost):
    """The lock [and/or focus] spent and the card discarded for the attack: the ``Cost``
    of a first-edition secondary weapon, paid as the attack is
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
        if self.lock and attack is not None:
            ways = lock_payments(game, ship, attack.defender)
            if len(ways) == 1:
                _lock_paid(game, ways[0].key, ship.id, attack.defender)
            elif ways:  # the attacker chooses which it spends (before the defender is set)
                game.now(Ask(ship.owner, "use_ability", f"{ship.name} ({ship.id}): pay the "
                             "weapon's target lock how?", tuple(ways),
                             "ordnance_1e.lock_paid", (ship.id, attack.defender),
                             ship=ship.id))
        if self.discard:
            _mark_discarded(ship, ctx.card)
            # pushed before the attack's own steps (attack._begin pays, then schedules
            # them): it runs once the attack is over
            game.push(DiscardAfterAttack(ship.id, ctx.card))
            if ctx.card in ordnance_tokens(ship):  # the ordnance token may pay instead
                game.now(_token_question(ship, ctx.card, "ordnance_1e.cost_token"))

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
    "Attack (Focus)" (``requires="focus"``: spend a focus token), ``discard``: the card
    is discarded for the attack, ``twice``: the attack is made two times."""
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
    """On a hit the defender takes 1 damage and an ion token, and the dice results are then
    canceled (Ion Cannon Turret, Ion Cannon): the results deal no damage of
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
            Triggered("1 damage and ion tokens to the defender" if ions
                      else "the defender suffers 1 damage",
                      window="attack_hit", optional=False,
                      requirement=lambda ctx: attacking_with(ctx, card), effect=effect))


