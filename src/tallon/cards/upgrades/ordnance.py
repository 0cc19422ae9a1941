"""Building blocks of special weapons (torpedoes and missiles): conditions on the attack
made with a card's weapon, dice abilities paid with a variable number of the card's
charges, effects that replace the attack's damage, the bonus attack some weapons repeat
against a ship near the defender, and launching a device. This module registers no
card."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.cards.common import (
    Applies,
    attacking_if,
    facedown_damage,
    is_in_arc,
    is_me,
    ships_in_range,
)
from tallon.dice import DiceAbility, Role, Situation, Window
from tallon.dice.abilities.base import ATTACKING
from tallon.dice.abilities.effects import Effect
from tallon.dice.ops import Change, Reroll
from tallon.dice.ops import Option as DiceOption
from tallon.engine.abilities import FREE, Cost, Ctx, Modifier, Triggered
from tallon.engine.attack import perform_bonus_attack
from tallon.engine.chance import PickAtRandom
from tallon.engine.decisions import Decision, Option
from tallon.engine.devices import (
    can_place_device,
    device_templates,
    parse_template_key,
    placement_options,
)
from tallon.engine.effects import expose_damage, gain_token, lose_shields, suffer_damage
from tallon.engine.state import ShipState, Token
from tallon.engine.steps import Ask, Step, continuation
from tallon.engine.weapons import cannot_attack, valid_targets
from tallon.geometry import Arc

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.engine.state import AttackState

ModifierValue = Callable[..., Any]


# ------------------------------------------------------------- the attack's weapon
def with_weapon(card: str) -> Applies:
    """A ``DiceMod.applies`` for the weapon's own dice effect: the owner attacks with the
    weapon of ``card`` and modifies its own dice."""
    return attacking_if(lambda game, attack, owner: attack.weapon.card == card)


def while_attacking_with(card: str) -> ModifierValue:
    """A ``Modifier.value``: True while the owner attacks with the weapon of ``card``."""

    def value(game: Game, owner: ShipState, attack: AttackState | None = None,
              **facts: Any) -> bool:
        return (attack is not None and attack.attacker == owner.id
                and attack.weapon.card == card)

    return value


def attacking_with(ctx: Ctx, card: str) -> bool:
    """The card's ship is attacking with the card's weapon now."""
    attack = ctx.attack
    return attack is not None and attack.attacker == ctx.ship.id and attack.weapon.card == card


def after_attack_with(ctx: Ctx, card: str) -> bool:
    """In the Aftermath step: the attack just made was the card's ship's, with its weapon."""
    return ctx.event.get("attacker") == ctx.ship.id and ctx.event.get("weapon") == card


def replaces_damage(card: str, title: str) -> Modifier:
    """The weapon's card deals with the hit/crit results instead of the defender suffering
    damage (the card's "attack_hit" ability says what happens instead)."""
    return Modifier(title, hook="weapon_replaces_damage", value=while_attacking_with(card))


def in_arc_of_attacker(game: Game, attack: AttackState, arc: Arc) -> bool:
    """The defender is in this arc of the attacker."""
    ships = game.state.ships
    return is_in_arc(ships[attack.attacker], ships[attack.defender], arc)


# ---------------------------------------------------------------- dice abilities
class SpendCharges(DiceAbility):
    """A dice ability paid with 1 to ``most`` charges of ``card``, ``n`` charges doing
    ``effect(n)`` to exactly ``n`` dice ("spend 1 or more charges to reroll that many
    attack dice")."""

    def __init__(self, key: str, title: str, card: str, effect: Callable[[int], Effect], *,
                 most: int | None = None, roles: frozenset[Role] = ATTACKING,
                 window: Window = Window.OWN_DICE) -> None:
        self.key = key
        self.title = title
        self.card = card
        self.effect = effect
        self.most = most
        self.roles = roles
        self.window = window
        self.rerolls = effect(1).rerolls

    def resources(self) -> tuple[str, ...]:
        return (self.card,)

    def spendable(self) -> tuple[str, ...]:
        return (self.card,)

    def affordable(self, own: Any) -> bool:
        return own[self.card] >= 1

    def options(self, situation: Situation) -> list[DiceOption]:
        if situation.role not in self.roles:
            return []
        have = situation.own[self.card]
        top = have if self.most is None else min(self.most, have)
        found = []
        for n in range(1, top + 1):
            title = f"{self.title} (spend {n} charge{'s' if n > 1 else ''})"
            for ops in self.effect(n).variants(situation):
                # n charges buy exactly n dice: fewer eligible dice, fewer charges
                if _dice_touched(ops) == n:
                    found.append(DiceOption(self.key, title, ops, ((self.card, n),)))
        return found


def _dice_touched(ops: tuple[Any, ...]) -> int:
    return sum(op.count for op in ops if isinstance(op, (Change, Reroll)))


# ------------------------------------------------------------------- effects
@dataclass(frozen=True)
class GainTokens(Step):
    """A ship gains tokens as a later part of a card's effect (after damage scheduled
    before it has been suffered)."""

    ship_id: str
    token: str
    count: int
    applier: int

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        gain_token(game, ship, Token(self.token), self.count, self.applier)
        return None


def lose_shield(game: Game, ship: ShipState, cause: str) -> None:
    """The ship loses 1 active shield, if it has one (losing a shield is not suffering
    damage: RR: FAQ)."""
    if lose_shields(game, ship):
        game.event("damage", f"{ship.name} ({ship.id}) loses 1 shield ({cause})",
                   ship=ship.id)


def expose_random(game: Game, ship: ShipState) -> bool:
    """Expose one of the ship's facedown damage cards, chosen at random (RR: DAMAGE CARDS); False if
    it has none."""
    facedown = tuple(str(card.serial) for card in facedown_damage(ship))
    if not facedown:
        return False
    game.now(PickAtRandom(facedown, "ordnance.expose_random", (ship.id,),
                          what=f"a facedown damage card of {ship.name} ({ship.id})"))
    return True


@continuation("ordnance.expose_random")
def _expose_picked(game: Game, serial: str, ship_id: str) -> None:
    expose_damage(game, game.state.ships[ship_id], int(serial))


def ships_near(game: Game, of: ShipState, low: int, high: int, remotes: bool = False
               ) -> list[ShipState]:
    """Ships in play at range ``low``-``high`` of ``of``, ``of`` included when ``low`` is 0
    (a ship is at range 0 of itself); ``remotes`` adds the remotes ("targets")."""
    return ships_in_range(game, of, low, high, remotes=remotes)


# -------------------------------------------------------------- bonus attacks
def other_targets_near_defender(ctx: Ctx) -> tuple[str, ...]:
    """Enemy ships and remotes at range 0-1 of the defender of the attack just made, other
    than it ("a different target at range 0-1 of the defender": a remote can be declared as
    the defender, RR: ATTACKING REMOTES)."""
    defender = ctx.other(ctx.event["defender"])
    return tuple(s.id for s in ships_near(ctx.game, defender, 0, 1, remotes=True)
                 if s.id != defender.id and s.owner != ctx.ship.owner)


def can_repeat(ctx: Ctx, card: str, ignore_requirement: bool, free: bool) -> bool:
    """The ship may still perform a bonus attack with ``card``'s weapon against a
    different target at range 0-1 of the defender (in arc and range: RR: FAQ, a
    requirement of the ability)."""
    ship = ctx.ship
    if ship.bonus_attack_done or not ship.in_play or cannot_attack(ctx.game, ship):
        return False
    near = other_targets_near_defender(ctx)
    return bool(near) and bool(valid_targets(ctx.game, ship, (card,), near,
                                             ignore_requirement, free))


def repeat_attack(card: str, ignore_requirement: bool, free: bool
                  ) -> Callable[[Ctx, Any], None]:
    """The effect: perform the weapon's attack again as a bonus attack against a different
    target at range 0-1 of the defender."""

    def effect(ctx: Ctx, choice: Any) -> None:
        perform_bonus_attack(ctx.game, ctx.ship, only=(card,),
                             defenders=other_targets_near_defender(ctx),
                             ignore_requirement=ignore_requirement, free=free)

    return effect


def bonus_repeat(title: str, card: str, *, ignore_requirement: bool, free: bool,
                 cost: Cost = FREE) -> Triggered:
    """"After you perform this attack, you may perform this attack as a bonus attack
    against a different target at range 0-1 of the defender" (``ignore_requirement``:
    "ignoring the [lock] requirement"; ``free``: without paying the weapon's cost)."""
    return Triggered(title, window="after_attack", bonus_attack=True, cost=cost,
                     requirement=lambda ctx: after_attack_with(ctx, card)
                     and can_repeat(ctx, card, ignore_requirement, free),
                     effect=repeat_attack(card, ignore_requirement, free))


# ---------------------------------------------------------- the weapons' effects
def homing(card: str, crit: bool) -> Triggered:
    """"After you declare the defender, the defender may choose to suffer 1 damage; if it
    does, the dice steps are skipped and the attack hits" (Homing Torpedoes: critical
    damage; Homing Missiles: regular damage). The defender's player decides."""

    kind = "critical" if crit else "regular"

    def effect(ctx: Ctx, choice: Any) -> None:
        attack = ctx.attack
        assert attack is not None
        defender = ctx.other(attack.defender)
        ctx.game.push(Ask(defender.owner, "homing_choice",
                          f"{defender.name} ({defender.id}): suffer 1 {kind} damage so that "
                          "the attack hits without dice?",
                          (Option("suffer", f"suffer 1 {kind} damage, skip the dice"),
                           Option("roll", "roll the dice")), "homing.choice",
                          (defender.id, card, crit), ship=defender.id))

    return Triggered(f"the defender may suffer 1 {kind} damage to skip the dice",
                     window="defender_declared", optional=False,
                     requirement=lambda ctx: attacking_with(ctx, card), effect=effect)


@continuation("homing.choice")
def _homing_choice(game: Game, answer: str, defender_id: str, card: str, crit: bool) -> None:
    if answer != "suffer":
        return
    attack = game.state.attack
    assert attack is not None
    attack.dice_skipped = True
    defender = game.state.ships[defender_id]
    kind = "critical" if crit else "regular"
    game.event("ability", f"{defender.name} ({defender_id}) suffers 1 {kind} damage: the "
               "dice steps are skipped and the attack hits", ship=defender_id, card=card)
    suffer_damage(game, defender, hits=0 if crit else 1, crits=1 if crit else 0, cause=card)


def ion_results(card: str) -> Triggered:
    """"If this attack hits, spend 1 hit/crit result: the defender suffers 1 hit damage;
    the other hit/crit results give ion tokens instead of damage" (Ion Torpedoes, Ion
    Missiles)."""

    def effect(ctx: Ctx, choice: Any) -> None:
        attack = ctx.attack
        assert attack is not None
        defender = ctx.other(attack.defender)
        ions = attack.hits + attack.crits - 1
        suffer_damage(ctx.game, defender, hits=1, cause=card)
        if ions > 0:
            # after the damage: scheduled behind it
            ctx.game.now(GainTokens(defender.id, "ion", ions, ctx.ship.owner))

    return Triggered("1 result deals 1 damage, the others give ion tokens",
                     window="attack_hit", optional=False,
                     requirement=lambda ctx: attacking_with(ctx, card), effect=effect)


def loses_shield_on_hit(card: str) -> Triggered:
    """"After this attack hits, the defender loses 1 shield": at the end of the Neutralize
    Results step, before damage is dealt (RR: FAQ: Plasma Torpedoes)."""

    def effect(ctx: Ctx, choice: Any) -> None:
        attack = ctx.attack
        assert attack is not None
        lose_shield(ctx.game, ctx.other(attack.defender), card)

    return Triggered("the defender loses 1 shield", window="attack_hit", optional=False,
                     requirement=lambda ctx: attacking_with(ctx, card), effect=effect)


# ------------------------------------------------------------ launching a device
def launch_device(title: str, window: str, cost: Cost, templates: tuple[str, ...],
                  outline: Callable[[], str], launch: Callable[[Ctx, str, bool], None], *,
                  card: str, own_window: bool, drop: bool = False,
                  fits: Callable[[Ctx, str, bool], bool] | None = None,
                  optional: bool = True, requirement: Callable[[Ctx], bool] | None = None
                  ) -> Triggered:
    """"(Cost): launch (or ``drop``) a device using one of these templates" (RR: DEVICE):
    offered while the ship may place a device and a template leaves it wholly inside the
    play area (and ``fits``, for a device of several tokens), each such template being a
    choice, with those the ship's cards add (hook ``device_templates``). ``outline()``
    names the device's outline; ``launch(ctx, template, launched)`` places it (launched or
    dropped). ``card`` is the upgrade whose device it is. ``own_window``: the window occurs
    for each ship (the System Phase), so only the card's own ship's counts.
    ``optional=False`` with a ``requirement``: "you must ..., if able"."""

    def choices(ctx: Ctx) -> list[Option]:
        if (own_window and not is_me(ctx)) or not can_place_device(ctx.game, ctx.ship):
            return []
        placements = device_templates(ctx.game, ctx.ship, card, templates, not drop)
        found = placement_options(ctx.game, ctx.ship, placements, outline(), not drop)
        return [o for o in found if fits is None
                or fits(ctx, *parse_template_key(str(o.key), not drop))]

    def allowed(ctx: Ctx) -> bool:
        return (requirement is None or requirement(ctx)) and bool(choices(ctx))

    def effect(ctx: Ctx, choice: Any) -> None:
        launch(ctx, *parse_template_key(str(choice), not drop))

    return Triggered(title, window=window, cost=cost, requirement=allowed, choices=choices,
                     effect=effect, decision="launch_device", optional=optional)
