"""The attack (RR: ATTACK steps 1-6, ATTACK ARC, ATTACK RANGE, RANGE BONUS, PRIMARY
WEAPON, SPECIAL WEAPON, OBSTRUCTED, DICE MODIFICATION, CANCEL, HIT, MISS, BONUS ATTACK,
DEPLETE, STRAIN, TRACTOR, CLOAK, REINFORCE).

1. Declare target: the attacker's valid (weapon, defender) pairs are measured and offered;
   the cost of the chosen weapon is paid.
2. Attack dice: rolled (value, range bonus, effects, limits 0-6), then modified by the
   defender, then by the attacker.
3. Defense dice: rolled (agility, range bonus, obstruction, strain, tractor, effects, limits),
   then modified by the attacker, then by the defender.
4. Neutralize: reinforce, then evades cancel hits before crits; the attack hits if a hit or
   crit remains.
5. Deal damage: regular, then critical.
6. Aftermath: the defender's "after you defend" abilities, the attacker's "after you perform
   an attack" abilities, then the defender's and the attacker's bonus attacks.

Every available modification is offered as a decision, one use at a time: spending tokens
(focus, lock, calculate, Force, evade) and card abilities. Each die is rerolled at most once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tallon.dice import DicePool, Die, DieKind, Face, Role, Situation, Tokens, neutralize
from tallon.dice.abilities.base import Window
from tallon.dice.abilities.tokens import (
    CALCULATE_ABILITY,
    EVADE_ABILITY,
    FOCUS_ABILITY,
    FORCE_ABILITY,
    LOCK_ABILITY,
)
from tallon.engine.abilities import Ctx, DiceMod, Event, Weapon, ship_abilities
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import gain_token, remove_token, spend_token
from tallon.engine.queue import FireWindow, any_true, fire, modifiers, own_modifiers, total
from tallon.engine.state import ShipState, Token, touching
from tallon.engine.steps import UNANSWERED, Step
from tallon.geometry import (
    Arc,
    ObstacleType,
    line_obstruction,
    measure_arc,
)

if TYPE_CHECKING:
    from tallon.engine.game import Game

MAX_DICE = 6
ARCS = {"front": (Arc.FRONT,), "rear": (Arc.REAR,), "full_front": (Arc.FULL_FRONT,),
        "full_rear": (Arc.FULL_REAR,), "bullseye": (Arc.BULLSEYE,), "left": (Arc.LEFT,),
        "right": (Arc.RIGHT,)}
NO_ATTACK_OBSTACLES = (ObstacleType.ASTEROID, ObstacleType.DEBRIS_CLOUD,
                       ObstacleType.GAS_CLOUD)


# --------------------------------------------------------------------------- weapons
@dataclass(frozen=True)
class WeaponSpec:
    """A weapon a ship can attack with: its primary weapon (one per printed arc) or a
    special weapon from an upgrade card."""

    id: str
    name: str
    primary: bool
    arc: str
    value: int
    min_range: int
    max_range: int
    ordnance: bool = False
    card: str | None = None
    ability: Weapon | None = None

    def arcs(self, ship: ShipState) -> tuple[Arc, ...]:
        """The standard arcs the weapon may attack into now (turrets: where they point)."""
        if self.arc in ("single_turret", "double_turret"):
            return ship.turret
        return ARCS[self.arc]


def weapons_of(game: Game, ship: ShipState) -> list[WeaponSpec]:
    """The ship's primary weapons and its implemented special weapons."""
    from tallon.data import load_cards

    printed = list(ship.attacks)
    # cards that give a primary weapon ("you have a primary [rear arc] weapon ...")
    for _, ability in own_modifiers(ship, "primary_weapons"):
        printed.extend(ability.value(game, ship) or ())
    found = [WeaponSpec(f"primary:{arc}", f"primary {arc.replace('_', ' ')} weapon", True,
                        arc, value, 0, 3) for arc, value in printed]
    db = load_cards()
    for card, ability in ship_abilities(ship):
        if not isinstance(ability, Weapon):
            continue
        upgrade = db.upgrade(card)
        side = _side_of(ship, card)
        attack = upgrade.sides[side].attack
        if attack is None:
            continue
        found.append(WeaponSpec(card, upgrade.sides[side].title, False, attack.arc,
                                attack.value, attack.min_range, attack.max_range,
                                attack.ordnance, card, ability))
    return found


def _side_of(ship: ShipState, card: str) -> int:
    for kind, xws, side in ship.cards:
        if kind == "upgrade" and xws == card:
            return side
    return 0


# ----------------------------------------------------------------------- the attack
@dataclass(slots=True)
class AttackState:
    """An attack in progress (kept in the game state, so it is cloned with it)."""

    attacker: str
    defender: str
    weapon: WeaponSpec
    arc: Arc
    range: int
    obstructed: bool
    bonus: bool = False
    attack_dice: DicePool | None = None
    defense_dice: DicePool | None = None
    used: set[str] = field(default_factory=set)
    marks: dict[str, int] = field(default_factory=dict)
    step: str = "declare"
    hit: bool = False
    hits: int = 0
    crits: int = 0
    extra_attack_dice: int = 0
    extra_defense_dice: int = 0
    destroyed: list[str] = field(default_factory=list)
    #: a card skipped the Attack Dice and Defense Dice steps; the attack is treated as
    #: hitting with no results (Homing Missiles and Torpedoes)
    dice_skipped: bool = False

    def clone(self) -> AttackState:
        return AttackState(
            self.attacker, self.defender, self.weapon, self.arc, self.range,
            self.obstructed, self.bonus, _clone_pool(self.attack_dice),
            _clone_pool(self.defense_dice), set(self.used), dict(self.marks), self.step,
            self.hit, self.hits, self.crits, self.extra_attack_dice, self.extra_defense_dice,
            destroyed=list(self.destroyed), dice_skipped=self.dice_skipped)

    @property
    def primary(self) -> bool:
        return self.weapon.primary

    def role_of(self, ship_id: str) -> Role | None:
        if ship_id == self.attacker:
            return Role.ATTACKER
        if ship_id == self.defender:
            return Role.DEFENDER
        return None


def _clone_pool(pool: DicePool | None) -> DicePool | None:
    if pool is None:
        return None
    return DicePool(pool.kind, [Die(d.kind, d.face, d.rerolled, d.added) for d in pool])


@dataclass(frozen=True)
class Target:
    """A (weapon, defender) the attacker may declare; ``waive`` is the Force a card makes
    it spend to ignore the weapon's lock or focus requirement (0: the requirement is met)."""

    weapon: WeaponSpec
    defender: str
    arc: Arc
    range: int
    waive: int = 0


def cannot_attack(game: Game, ship: ShipState) -> str | None:
    """Why the ship can't attack at all now, or None."""
    if ship.disarmed:
        return "it is disarmed" if not ship.cloaked else "it is cloaked"
    assert ship.body is not None
    for obstacle in game.state.obstacles:
        if obstacle.type in NO_ATTACK_OBSTACLES and touching(ship.body, obstacle):
            return f"it is at range 0 of {obstacle.type.value.replace('_', ' ')} {obstacle.id}"
    if any_true(game, "cannot_attack", ship=ship):
        return "a card forbids it"
    return None


def requirement_waiver(game: Game, ship: ShipState, weapon: WeaponSpec) -> int | None:
    """The Force ``ship`` may spend to ignore ``weapon``'s lock or focus requirement (hook
    ``weapon_requirement_waiver``: the cheapest of its cards' answers), or None if no card
    lets it or it lacks the Force."""
    costs = [ability.value(game, ship, ship=ship, weapon=weapon)
             for _, ability in own_modifiers(ship, "weapon_requirement_waiver")]
    costs = [c for c in costs if c is not None]
    if not costs or ship.force < min(costs):
        return None
    return min(costs)


def _lock_waived(game: Game, ship: ShipState, enemy: ShipState, weapon: WeaponSpec) -> bool:
    """A card treats the weapon's lock requirement as met against ``enemy`` (hook
    ``ignore_lock_requirement``)."""
    requires = weapon.ability.requires if weapon.ability is not None else None
    needs_lock = requires == "lock" or (isinstance(requires, tuple) and "lock" in requires)
    return needs_lock and any_true(game, "ignore_lock_requirement", ship=ship,
                                   defender=enemy, weapon=weapon)


def _meets_requirement(ship: ShipState, defender: str, requires: str | tuple[str, ...] | None
                       ) -> bool:
    """RR: SPECIAL WEAPON - the header's requirement: a lock on the defender, a focus or a
    calculate token; a header listing several is met by any one of them."""
    if requires is None:
        return True
    wanted = (requires,) if isinstance(requires, str) else requires
    for need in wanted:
        if need == "lock" and defender in ship.locks:
            return True
        if need == "focus" and ship.has(Token.FOCUS):
            return True
        if need == "calculate" and ship.has(Token.CALCULATE):
            return True
    return False


def valid_targets(game: Game, ship: ShipState, only: tuple[str, ...] = (),
                  defenders: tuple[str, ...] = (), ignore_requirement: bool = False,
                  free: bool = False) -> list[Target]:
    """Every (weapon, defender) the ship may declare (RR: ATTACK step 1). A card's bonus
    attack may limit the weapons (``only``) and the defenders (``defenders``), ignore the
    weapon's header requirement and waive its cost (``free``)."""
    assert ship.body is not None
    targets = []
    enemies = [s for s in game.state.ships.values()
               if s.owner != ship.owner and s.in_play and s.body is not None
               and (not defenders or s.id in defenders)]
    for weapon in weapons_of(game, ship):
        if only and weapon.id not in only:
            continue
        requires = weapon.ability.requires if weapon.ability is not None else None
        waiver = requirement_waiver(game, ship, weapon) if requires else None
        if weapon.ability is not None:
            ctx = Ctx(game, ship, weapon.card or "", Event.of("declare_attack"),
                      weapon.ability)
            if not free and not weapon.ability.cost.can_pay(ctx):
                continue
            if not weapon.ability.extra_requirement(ctx):
                continue
        for enemy in enemies:
            waive = 0
            if weapon.ability is not None and not ignore_requirement and \
                    not _meets_requirement(ship, enemy.id, weapon.ability.requires) and \
                    not _lock_waived(game, ship, enemy, weapon):
                if waiver is None:
                    continue
                waive = waiver  # a card lets the ship ignore the requirement for Force
            best: tuple[int, Arc] | None = None
            touching = enemy.id in ship.contacts  # a bump left them at range 0
            for arc in weapon.arcs(ship):
                measure = measure_arc(ship.body, enemy.body, arc)
                reach = 0 if touching else measure.range
                if measure.in_arc and reach is not None and (best is None or reach < best[0]):
                    best = (reach, arc)
            if best is None:
                continue
            attack_range, arc = best
            if weapon.min_range <= attack_range <= weapon.max_range:
                targets.append(Target(weapon, enemy.id, arc, attack_range, waive))
    return targets


@dataclass(frozen=True)
class DeclareAttack(Step):
    """RR: ATTACK step 1 - choose a weapon and a defender (or not to attack)."""

    ship_id: str
    bonus: bool = False
    only: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    ignore_requirement: bool = False
    free: bool = False
    answer: Any = UNANSWERED

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        reason = cannot_attack(game, ship)
        if reason is not None:
            game.event("no_attack", f"{ship.name} ({ship.id}) can't attack: {reason}",
                       ship=ship.id)
            return None
        targets = valid_targets(game, ship, self.only, self.defenders,
                                self.ignore_requirement, self.free)
        if self.answer is None:
            if not targets:
                game.event("no_attack", f"{ship.name} ({ship.id}) has no target",
                           ship=ship.id)
                return None
            options = [Option({"weapon": t.weapon.id, "defender": t.defender},
                              f"{t.weapon.name} at {game.state.ships[t.defender].name} "
                              f"({t.defender}), range {t.range}"
                              + (f", spending {t.waive} Force for its requirement"
                                 if t.waive else ""),
                              {"range": t.range, "value": t.weapon.value,
                               "primary": t.weapon.primary, "ordnance": t.weapon.ordnance})
                       for t in targets]
            options.append(Option("none", "no attack"))
            kind = "bonus_attack" if self.bonus else "declare_attack"
            return Decision(ship.owner, kind, f"{ship.name} ({ship.id}): attack?",
                            tuple(options), self, ship=ship.id)
        if self.answer == "none":
            return None
        target = next(t for t in targets if t.weapon.id == self.answer["weapon"]
                      and t.defender == self.answer["defender"])
        _begin(game, ship, target, self.bonus, self.free)
        return None


def _begin(game: Game, ship: ShipState, target: Target, bonus: bool, free: bool = False
           ) -> None:
    defender = game.state.ships[target.defender]
    assert ship.body is not None and defender.body is not None
    measure = measure_arc(ship.body, defender.body, target.arc)
    obstruction = line_obstruction(game.state.table(), measure.closest, (ship.id, defender.id))
    attack = AttackState(ship.id, defender.id, target.weapon, target.arc, target.range,
                         obstruction.obstructed, bonus)
    game.state.attacks.append(attack)
    if bonus:
        ship.bonus_attack_done = True
    weapon = target.weapon
    if weapon.ability is not None and not weapon.ability.cost.free and not free:
        weapon.ability.cost.pay(Ctx(game, ship, weapon.card or "", Event.of("declare_attack"),
                                    weapon.ability))
    if target.waive:
        ship.force -= target.waive
        game.event("attack", f"{ship.name} ({ship.id}) spends {target.waive} Force to "
                   f"ignore the {weapon.name}'s requirement", ship=ship.id)
        fire(game, "after_spend_force", ship=ship.id, count=target.waive)
    game.event("attack", f"{ship.name} ({ship.id}) attacks {defender.name} ({defender.id}) "
               f"with its {weapon.name} at range {target.range}"
               + (" (obstructed)" if obstruction.obstructed else "")
               + (" as a bonus attack" if bonus else ""), ship=ship.id, defender=defender.id)
    steps: list[Step] = []
    if obstruction.attacker_chooses:
        steps.append(ChooseObstruction())
    who = {"attacker": ship.id, "defender": defender.id}
    steps += [DefenderDeclared(), DiceWindow.of("before_attack_dice", **who), RollAttackDice(),
              ModifyDice("attack", "defender"), ModifyDice("attack", "attacker"),
              DiceWindow.of("before_defense_dice", **who), RollDefenseDice(),
              ModifyDice("defense", "attacker"), ModifyDice("defense", "defender"),
              BeforeNeutralize(), Neutralize(), DealDamage(), Aftermath(), EndAttack()]
    game.push(*steps)


def current(game: Game) -> AttackState:
    return game.state.attacks[-1]


@dataclass(frozen=True)
class ChooseObstruction(Step):
    """RR: OBSTRUCTED - with several closest lines, the attacker chooses one: obstructed or
    not."""

    answer: Any = UNANSWERED

    def run(self, game: Game) -> Decision | None:
        attack = current(game)
        attacker = game.state.ships[attack.attacker]
        if self.answer is None:
            return Decision(attacker.owner, "obstruction", "Measure through the obstacle?",
                            (Option("clear", "a clear line"),
                             Option("obstructed", "an obstructed line")), self,
                            ship=attacker.id)
        attack.obstructed = self.answer == "obstructed"
        return None


@dataclass(frozen=True)
class DefenderDeclared(Step):
    """After the defender is declared: abilities of the attacker ("after you declare the
    defender") and of the defender ("after you become the defender") trigger."""

    def run(self, game: Game) -> Decision | None:
        attack = current(game)
        attack.step = "declared"
        fire(game, "defender_declared", attacker=attack.attacker, defender=attack.defender)
        return None


@dataclass(frozen=True)
class DiceWindow(FireWindow):
    """A timing window inside the Attack Dice or Defense Dice step: it does not occur when
    a card skipped those steps."""

    def run(self, game: Game) -> Decision | None:
        if current(game).dice_skipped:
            return None
        return super().run(game)


def _clamp(count: int) -> int:
    return max(0, min(MAX_DICE, count))


@dataclass(frozen=True)
class RollAttackDice(Step):
    """RR: ATTACK 2a - the attack value, the range bonus (attack range 1: +1, not with the
    ordnance icon; no dice are added to a primary attack at range 0), deplete, card effects;
    then the 0-6 limits."""

    def run(self, game: Game) -> Decision | None:
        attack = current(game)
        if attack.dice_skipped:
            return None
        attack.step = "attack dice"
        attacker = game.state.ships[attack.attacker]
        count = attack.weapon.value
        changes = [ability.value(game, owner, attack=attack) or 0
                   for owner, _, ability in modifiers(game, "attack_dice")]
        changes.append(attack.extra_attack_dice)
        if attack.range == 1 and not attack.weapon.ordnance:
            changes.append(1)
        if attacker.has(Token.DEPLETE):
            changes.append(-1)
            remove_token(game, attacker, Token.DEPLETE)
        if attack.range == 0 and attack.primary:
            # RR: ATTACK 2a - no dice are added at range 0; the decreases still apply
            changes = [c for c in changes if c < 0]
        count = _clamp(count + sum(changes))
        limit = _maximum(game, "max_attack_dice", attack)
        if limit is not None:
            count = min(count, limit)
        attack.attack_dice = DicePool.roll(DieKind.ATTACK, count, game.state.rng)
        game.event("dice", f"{attacker.name} rolls {_faces(attack.attack_dice)}",
                   ship=attacker.id)
        return None


@dataclass(frozen=True)
class RollDefenseDice(Step):
    """RR: ATTACK 3a - agility (a cloaked ship's is 2 higher), the range bonus (attack
    range 3: +1, not against ordnance), obstruction by an obstacle (+1), strain (-1, then
    remove a strain token), tractored (-1), card effects; then the 0-6 limits."""

    def run(self, game: Game) -> Decision | None:
        attack = current(game)
        if attack.dice_skipped:
            return None
        attack.step = "defense dice"
        defender = game.state.ships[attack.defender]
        count = defender.agility + (2 if defender.cloaked else 0)
        if attack.range == 3 and not attack.weapon.ordnance:
            count += 1
        if attack.obstructed and not any_true(game, "ignore_obstruction", attack=attack):
            count += 1
        reduction = total(game, "defense_dice_reduction", attack=attack)
        if attack.range == 0:
            reduction = 0  # rulebook: enemies can't reduce the dice of a defender at range 0
        count += total(game, "defense_dice", attack=attack) + attack.extra_defense_dice \
            - reduction
        if defender.has(Token.STRAIN):
            count -= 1
            remove_token(game, defender, Token.STRAIN)
        if defender.tractored:
            count -= 1
        count = _clamp(count)
        limit = _maximum(game, "max_defense_dice", attack)
        if limit is not None:
            count = min(count, limit)
        attack.defense_dice = DicePool.roll(DieKind.DEFENSE, count, game.state.rng)
        game.event("dice", f"{defender.name} rolls {_faces(attack.defense_dice)}",
                   ship=defender.id)
        return None


def _maximum(game: Game, hook: str, attack: AttackState) -> int | None:
    limits = [a.value(game, s, attack=attack) for s, _, a in modifiers(game, hook)]
    limits = [v for v in limits if v is not None]
    return min(limits) if limits else None


def _faces(pool: DicePool | None) -> str:
    if pool is None or not len(pool):
        return "no dice"
    return ", ".join(f.label for f in pool.faces())


# ------------------------------------------------------------------- modifying dice
def _resources(game: Game, ship: ShipState, attack: AttackState, role: Role) -> Tokens:
    """The ship's resources as the dice abilities name them."""
    from tallon.dice.abilities.tokens import LOCK_DISABLED

    counts: dict[str, int] = {
        "focus": ship.count(Token.FOCUS), "evade": ship.count(Token.EVADE),
        "calculate": ship.count(Token.CALCULATE), "force": ship.force,
        "stress": ship.count(Token.STRESS), "strain": ship.count(Token.STRAIN),
        "deplete": ship.count(Token.DEPLETE),
    }
    if role is Role.ATTACKER:
        counts["lock"] = 1 if attack.defender in ship.locks else 0
    for card, charge in ship.charges.items():
        counts[card] = charge.active
    for mark, n in attack.marks.items():
        owner, _, name = mark.partition(":")
        if owner == ship.id:
            counts[name] = counts.get(name, 0) + n
    counts.setdefault(LOCK_DISABLED, 0)
    return Tokens({k: v for k, v in counts.items() if v >= 0})


def _windows(kind: str, role: Role) -> Window:
    own = (kind == "attack") == (role is Role.ATTACKER)
    return Window.OWN_DICE if own else Window.OPPONENT_DICE


def dice_options(game: Game, kind: str, role: Role, stage: str = "modify"
                 ) -> list[tuple[str, str, Any]]:
    """Every modification the ``role`` ship may make to the ``kind`` dice now: (source ship,
    card, dice Option). Tokens first, then cards. At the ``"cancel"`` stage (before the
    Neutralize Results step) only abilities of that window are offered."""
    attack = current(game)
    user_id = attack.attacker if role is Role.ATTACKER else attack.defender
    user = game.state.ships[user_id]
    opponent = game.state.ships[attack.defender if role is Role.ATTACKER else attack.attacker]
    pool = attack.attack_dice if kind == "attack" else attack.defense_dice
    if pool is None:
        return []
    die = DieKind.ATTACK if kind == "attack" else DieKind.DEFENSE
    window = _windows(kind, role) if stage == "modify" else Window.BEFORE_NEUTRALIZE
    # RR: ATTACK - a primary attack at range 0: the attacker's dice can't be modified but by
    # the defender; rulebook: nor can the attacker modify a defender's dice at range 0
    if stage == "modify" and attack.range == 0 and (
            (attack.primary and kind == "attack" and role is Role.ATTACKER)
            or (kind == "defense" and role is Role.ATTACKER)):
        return []
    # rulebook: at range 0 enemy ships can't cancel the defender's results either
    if stage == "cancel" and attack.range == 0 and kind == "defense" and \
            role is Role.ATTACKER:
        return []
    # canceling results is not modifying dice (RR: CANCEL): the hook blocks modifications
    if stage == "modify" and any_true(game, "dice_unmodifiable", attack=attack, kind=kind,
                                      role=role):
        return []
    situation = Situation(role, die, pool.counts(), _resources(game, user, attack, role),
                          _resources(game, opponent, attack, role.other))
    found: list[tuple[str, str, Any]] = []
    if window is Window.OWN_DICE:
        for ability in (FOCUS_ABILITY, CALCULATE_ABILITY, FORCE_ABILITY, EVADE_ABILITY,
                        LOCK_ABILITY):
            if role not in ability.roles:
                continue
            for option in ability.options(situation):
                found.append((user.id, ability.key, option))
    for owner in game.state.ships.values():
        if owner.body is None or owner.removed:
            continue
        for card, ability in ship_abilities(owner):
            if not isinstance(ability, DiceMod) or ability.dice is None:
                continue
            dice = ability.dice
            if dice.window is not window or role not in dice.roles:
                continue
            if owner.id != user.id and (not ability.for_others or user.remote):
                # RR: ATTACKING REMOTES - "friendly ship" effects don't apply to a remote
                continue
            key = f"{owner.id}:{card}:{dice.key}"
            if key in attack.used and not dice.repeatable:
                continue
            if not ability.applies(game, attack, owner, user):
                continue
            owner_situation = situation
            if owner.id != user.id:
                # a card lending its ability pays from its own ship's resources
                owner_situation = Situation(role, die, pool.counts(),
                                            _resources(game, owner, attack, role),
                                            situation.opponent)
            for option in dice.options(owner_situation):
                found.append((owner.id, card, option))
    restrictions = _restrictions(game)
    if restrictions:
        # "you can modify dice only ...": each restriction's owner judges every option by
        # the ship that would use it, its card and the ship the card belongs to
        found = [f for f in found if all(
            r.value(game, owner, attack=attack, kind=kind, role=role, user=user,
                    source=f[1], source_ship=game.state.ships[f[0]])
            for owner, _, r in restrictions)]
    return found


def _restrictions(game: Game) -> list[Any]:
    return modifiers(game, "dice_option_allowed")


@dataclass(frozen=True)
class ModifyDice(Step):
    """RR: ATTACK 2b/3b - a player modifies dice, one modification at a time, until they
    stop or nothing is left to do. At the ``"cancel"`` stage: abilities that cancel
    results before the Neutralize Results step."""

    kind: str
    role: str
    stage: str = "modify"
    answer: Any = UNANSWERED

    def run(self, game: Game) -> Decision | None:
        attack = current(game)
        role = Role(self.role)
        if self.stage == "modify":
            attack.step = f"modify {self.kind} dice"
        options = dice_options(game, self.kind, role, self.stage)
        user = game.state.ships[attack.attacker if role is Role.ATTACKER else attack.defender]
        if self.answer is not None:
            if self.answer == "done":
                return None
            owner_id, card, option = options[int(self.answer)]
            _apply(game, attack, self.kind, user, game.state.ships[owner_id], card, option)
            game.push(ModifyDice(self.kind, self.role, self.stage))
            return None
        if not options:
            return None
        pool = attack.attack_dice if self.kind == "attack" else attack.defense_dice
        assert pool is not None
        die = DieKind.ATTACK if self.kind == "attack" else DieKind.DEFENSE
        choices = tuple(Option(k, _label(game, owner, card, option),
                               {"source": card, "spend": [list(x) for x in option.spend],
                                "gain": [list(x) for x in option.gain],
                                "expected_successes": round(_expected(pool, option, die), 4)})
                        for k, (owner, card, option) in enumerate(options))
        # a mandatory ability must be resolved in its window while it can be
        must = any(_is_mandatory(game, owner, card) for owner, card, _ in options)
        stop = () if must else (Option("done", "done modifying"),)
        verb = "modify" if self.stage == "modify" else "cancel results of"
        kind = f"modify_{self.kind}_dice" if self.stage == "modify" else \
            f"cancel_{self.kind}_results"
        return Decision(user.owner, kind, f"{user.name} ({user.id}): {verb} the {self.kind} "
                        f"dice ({_faces(pool)})?", (*choices, *stop), self, ship=user.id)


TOKEN_SOURCES = ("focus", "lock", "calculate", "force", "evade")


def _is_mandatory(game: Game, owner_id: str, card: str) -> bool:
    if card in TOKEN_SOURCES:
        return False
    owner = game.state.ships[owner_id]
    return any(isinstance(a, DiceMod) and a.dice is not None and a.dice.mandatory
               for c, a in ship_abilities(owner) if c == card)


def _label(game: Game, owner_id: str, card: str, option: Any) -> str:
    if card in TOKEN_SOURCES:
        return option.label
    attack = current(game)
    owner = game.state.ships[owner_id]
    lent = owner_id not in (attack.attacker, attack.defender)
    return f"{option.label} [{card}{' of ' + owner.name if lent else ''}]"


def _apply(game: Game, attack: AttackState, kind: str, user: ShipState, owner: ShipState,
           card: str, option: Any) -> None:
    """Pay the option's cost from the ship whose ability it is, then change the dice."""
    for name, amount in option.spend:
        _spend(game, attack, owner, name, amount)
    for name, amount in option.gain:
        try:
            gain_token(game, owner, Token(name), amount)
        except ValueError:
            key = f"{owner.id}:{name}"
            attack.marks[key] = attack.marks.get(key, 0) + amount
    pool = attack.attack_dice if kind == "attack" else attack.defense_dice
    assert pool is not None
    pool.apply(option, game.state.rng)
    if card not in TOKEN_SOURCES:
        attack.used.add(f"{owner.id}:{card}:{option.source}")
    game.event("modify", f"{user.name}: {option.label} -> {_faces(pool)}", ship=user.id,
               card=card)
    if card not in TOKEN_SOURCES:
        for c, ability in ship_abilities(owner):
            if c == card and isinstance(ability, DiceMod) and ability.after is not None \
                    and ability.dice is not None and ability.dice.key == option.source:
                ability.after(Ctx(game, owner, card, Event.of("dice_modified", user=user.id,
                                                              kind=kind), ability), option)


def _spend(game: Game, attack: AttackState, ship: ShipState, name: str, amount: int) -> None:
    if name in ("focus", "evade", "calculate"):
        spend_token(game, ship, Token(name), amount)
    elif name == "force":
        ship.force -= amount
        fire(game, "after_spend_force", ship=ship.id, count=amount)
    elif name == "lock":
        ship.locks = [t for t in ship.locks if t != attack.defender]
        fire(game, "after_spend_lock", ship=ship.id, target=attack.defender)
    elif name in ship.charges:
        ship.charges[name].active -= amount
    elif name in ("stress", "strain", "deplete"):
        remove_token(game, ship, Token(name), amount)
    else:
        key = f"{ship.id}:{name}"
        attack.marks[key] = attack.marks.get(key, 0) - amount


def successes(die: DieKind, counts: Any) -> float:
    """Hits and crits of attack dice, or evades of defense dice, in canonical counts."""
    from tallon.dice.counts import REROLLED

    def n(face: Face) -> int:
        return counts[face] + counts[face + REROLLED]

    if die is DieKind.ATTACK:
        return n(Face.HIT) + n(Face.CRIT)
    return n(Face.EVADE)


def _expected(pool: DicePool, option: Any, die: DieKind) -> float:
    """Expected successes after applying ``option`` (rerolled dice at their average)."""
    from tallon.dice import apply_to_counts

    after, rolled = apply_to_counts(pool.counts(), option.ops, die)
    chance = 0.5 if die is DieKind.ATTACK else 3 / 8
    return successes(die, after) + rolled * chance


@dataclass(frozen=True)
class BeforeNeutralize(Step):
    """Abilities that cancel results before the Neutralize Results step."""

    def run(self, game: Game) -> Decision | None:
        attack = current(game)
        attack.step = "before neutralize"
        game.push(FireWindow.of("before_neutralize", attacker=attack.attacker,
                                defender=attack.defender),
                  ModifyDice("defense", "attacker", "cancel"),
                  ModifyDice("attack", "defender", "cancel"))
        return None


@dataclass(frozen=True)
class Neutralize(Step):
    """RR: ATTACK 4, REINFORCE - evades cancel hits, then crits; a reinforce token whose
    full arc holds the attacker (and not the other full arc) adds an evade while more than
    one hit or crit remains; the attack hits if a hit or crit remains."""

    def run(self, game: Game) -> Decision | None:
        attack = current(game)
        attack.step = "neutralize"
        if attack.dice_skipped:
            # no dice to neutralize: the card that skipped them treats the attack as hitting
            attack.hits = attack.crits = 0
            attack.hit = True
            game.event("neutralize", "the attack is treated as hitting (no dice were "
                       "rolled)", ship=attack.attacker)
            return None
        assert attack.attack_dice is not None and attack.defense_dice is not None
        hits = attack.attack_dice.count(Face.HIT)
        crits = attack.attack_dice.count(Face.CRIT)
        evades = attack.defense_dice.count(Face.EVADE)
        attack.hits, attack.crits = neutralize(
            hits, crits, evades, reinforce=_reinforce(game, attack),
            crits_first=any_true(game, "crits_first", attack=attack))
        attack.hit = attack.hits + attack.crits > 0
        game.event("neutralize", f"the attack {'hits' if attack.hit else 'misses'}: "
                   f"{attack.hits} hit(s), {attack.crits} critical hit(s) uncanceled",
                   ship=attack.attacker, hits=attack.hits, crits=attack.crits)
        # "at the end of the Neutralize Results step" abilities (e.g. spending a result
        # left over once the attack's outcome is known)
        fire(game, "after_neutralize", attacker=attack.attacker, defender=attack.defender)
        return None


def _reinforce(game: Game, attack: AttackState) -> int:
    defender = game.state.ships[attack.defender]
    attacker = game.state.ships[attack.attacker]
    if defender.body is None or attacker.body is None or defender.remote:
        return 0  # a remote has no tokens and no arcs
    count = 0
    reach = 5 if attack.range >= 4 else 3
    front = measure_arc(defender.body, attacker.body, Arc.FULL_FRONT, reach_bands=reach).in_arc
    rear = measure_arc(defender.body, attacker.body, Arc.FULL_REAR, reach_bands=reach).in_arc
    if front and not rear:
        count += defender.count(Token.REINFORCE_FORE)
    if rear and not front:
        count += defender.count(Token.REINFORCE_AFT)
    return count


@dataclass(frozen=True)
class DealDamage(Step):
    """RR: ATTACK 5 - the defender suffers the uncanceled hits, then the crits (a weapon
    may turn results into other effects instead, e.g. ion tokens)."""

    def run(self, game: Game) -> Decision | None:
        from tallon.engine.damage import SufferDamage

        attack = current(game)
        attack.step = "deal damage"
        if not attack.hit:
            return None
        defender = game.state.ships[attack.defender]
        fire(game, "attack_hit", attacker=attack.attacker, defender=attack.defender)
        weapon = attack.weapon
        if weapon.ability is not None and any_true(game, "weapon_replaces_damage",
                                                   attack=attack):
            return None  # the weapon's own card deals with the results
        game.push(SufferDamage(defender.id, attack.hits, attack.crits, cause="the attack"))
        return None


@dataclass(frozen=True)
class Aftermath(Step):
    """RR: ATTACK 6 - a) the defender's, b) the attacker's abilities after defending,
    attacking or destruction; c) the defender's and d) the attacker's bonus attacks. Effects
    of "while you perform an attack" end here (RR FAQ)."""

    def run(self, game: Game) -> Decision | None:
        attack = current(game)
        attack.step = "aftermath"
        facts = {"attacker": attack.attacker, "defender": attack.defender, "hit": attack.hit,
                 "primary": attack.primary, "weapon": attack.weapon.id, "bonus": attack.bonus}
        game.push(FireWindow("after_defend", tuple(sorted(facts.items())), False),
                  FireWindow("after_attack", tuple(sorted(facts.items())), False),
                  FireWindow("after_defend", tuple(sorted(facts.items())), True),
                  FireWindow("after_attack", tuple(sorted(facts.items())), True))
        # the effects of a destruction during the attack (delayed to step 6: RR FAQ), once
        for ship_id in attack.destroyed:
            fire(game, "after_destroyed", ship=ship_id)
        return None


@dataclass(frozen=True)
class EndAttack(Step):
    def run(self, game: Game) -> Decision | None:
        attack = game.state.attacks.pop()
        ship = game.state.ships[attack.attacker]
        ship.attacked = True
        ship.last_attack = (game.state.round, game.state.phase)
        return None


def can_bonus_attack(game: Game, ship: ShipState, only: tuple[str, ...] = (),
                     defenders: tuple[str, ...] = (), ignore_requirement: bool = False,
                     free: bool = False) -> bool:
    """Whether the ship could perform this bonus attack now: it hasn't had its bonus attack
    this round, it can attack, and some weapon reaches some allowed defender (a card's
    requirement, checked before its cost is paid: RR: PAYING COSTS)."""
    if ship.bonus_attack_done or not ship.in_play or cannot_attack(game, ship) is not None:
        return False
    return bool(valid_targets(game, ship, only, defenders, ignore_requirement, free))


def perform_bonus_attack(game: Game, ship: ShipState, only: tuple[str, ...] = (),
                         defenders: tuple[str, ...] = (), ignore_requirement: bool = False,
                         free: bool = False) -> bool:
    """Schedule a bonus attack (RR: BONUS ATTACK: one per round); False if it has had one.
    ``only`` limits the weapons, ``defenders`` the ships it may attack ("a different target
    at range 0-1 of the defender"); ``ignore_requirement`` ignores the weapon's header
    requirement and ``free`` waives its cost ("without paying the charge cost")."""
    if ship.bonus_attack_done or not ship.in_play:
        return False
    game.push(DeclareAttack(ship.id, bonus=True, only=only, defenders=defenders,
                            ignore_requirement=ignore_requirement, free=free))
    return True


@dataclass(frozen=True)
class Engage(Step):
    """RR: ENGAGEMENT PHASE - the ship engages: "before you engage" abilities, "when you
    engage" abilities, then it may perform an attack (a disarmed ship engages without
    attacking). A remote engages by resolving its card's "when you engage" abilities (RR:
    USING REMOTES)."""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        game.event("engage", f"{ship.name} ({ship.id}) engages", ship=ship.id)
        if ship.remote:
            game.push(FireWindow("engage", (("ship", ship.id),)))
            return None
        game.push(FireWindow("before_engage", (("ship", ship.id),)),
                  FireWindow("engage", (("ship", ship.id),)),
                  DeclareAttack(ship.id))
        return None
