"""The attack (RR: ATTACK steps 1-6, RR: RANGE BONUS, RR: OBSTRUCTED, RR: HIT, RR: MISS,
RR: BONUS ATTACK, RR: DEPLETE, RR: STRAIN, RR: TRACTOR, RR: CLOAK, RR: REINFORCE).

1. Declare target: the attacker's valid (weapon, defender) pairs are measured and offered
   (:mod:`tallon.engine.weapons`); the cost of the chosen weapon is paid.
2. Attack dice: rolled (value, range bonus, effects, limits 0-6), then modified by the
   defender, then by the attacker (:mod:`tallon.engine.modify_dice`).
3. Defense dice: rolled (agility, range bonus, obstruction, strain, tractor, effects, limits),
   then modified by the attacker, then by the defender.
4. Neutralize: reinforce, then evades cancel hits before crits; the attack hits if a hit or
   crit remains.
5. Deal damage: regular, then critical.
6. Aftermath: the defender's "after you defend" abilities, the attacker's "after you perform
   an attack" abilities, then the defender's and the attacker's bonus attacks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from tallon.dice import DicePool, Die, DieKind, Face, neutralize
from tallon.engine.abilities import Ctx, Event
from tallon.engine.attack_1e import FIRST_HIT, AttackAgain, range_bonus
from tallon.engine.card_values import agility
from tallon.engine.chance import RollDice
from tallon.engine.damage import SufferDamage
from tallon.engine.decisions import Decision, Option
from tallon.engine.effects import remove_token
from tallon.engine.missions_1e import scan_or
from tallon.engine.modify_dice import ModifyDice, faces_text
from tallon.engine.queue import FireWindow, any_true, fire, modifiers, own_modifiers, total
from tallon.engine.reinforce_1e import reinforce_evades
from tallon.engine.state import AttackState, ShipState, Token, WeaponSpec
from tallon.engine.steps import ChoiceStep, Step, continuation
from tallon.engine.weapons import (
    Target,
    cannot_attack,
    open_header,
    use_header,
    valid_targets,
    weapon_ability,
)
from tallon.geometry import Arc, line_obstruction, measure_arc
from tallon.geometry.constants import ARC_REACH_BANDS

if TYPE_CHECKING:
    from tallon.engine.game import Game
    from tallon.geometry import Ship

MAX_DICE = 6


def current(game: Game) -> AttackState:
    """The attack in progress (the innermost, during a bonus attack)."""
    return game.state.attacks[-1]


# ------------------------------------------------------------------ 1. declaring
@dataclass(frozen=True)
class DeclareAttack(ChoiceStep):
    """RR: ATTACK step 1 - choose a weapon and a defender (or not to attack). Answers:
    ``"<weapon>@<defender>"`` (``"primary:front@p2.1"``) or ``"none"``."""

    ship_id: str
    bonus: bool = False
    only: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    ignore_requirement: bool = False
    free: bool = False
    #: the card says the ship must perform this attack: "no attack" is not offered while
    #: a target is (Bossk)
    required: bool = False
    #: the standard arcs a turret weapon may attack from ("from a turret arc you have not
    #: attacked from this round"); empty: any
    arcs: tuple[str, ...] = ()
    #: a card's bonus attack may use weapons with only "BONUS ATTACK:" headers, without a
    #: header ("a bonus [Hardpoint] attack")
    headerless: bool = False

    def _found(self, game: Game, ship: ShipState) -> list[Target]:
        """The targets offered."""
        found = self._targets(game, ship)
        return granted_open(game, ship, found) if self.bonus else standard_only(
            game, ship, found)

    def _targets(self, game: Game, ship: ShipState, headers: bool = False) -> list[Target]:
        found = valid_targets(game, ship, self.only, self.defenders, self.ignore_requirement,
                              self.free, arcs=self.arcs, headers=headers,
                              headerless=self.headerless and not headers)
        if found and any(held.ability.value(game, ship, ship=ship)
                         for held in own_modifiers(game, ship, "closest_defender")):
            # "you must choose a defender at the closest valid attack range": for each
            # weapon, the closest range with a valid defender (RR: FAQ)
            closest: dict[str, int] = {}
            for t in found:
                closest[t.weapon.id] = min(t.range, closest.get(t.weapon.id, t.range))
            found = [t for t in found if t.range == closest[t.weapon.id]]
        return found

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        reason = cannot_attack(game, ship)
        if reason is not None:
            game.event("no_attack", f"{ship.name} ({ship.id}) can't attack: {reason}",
                       ship=ship.id)
            return None
        targets = self._found(game, ship)
        if not targets:
            game.event("no_attack", f"{ship.name} ({ship.id}) has no target", ship=ship.id)
            return None
        options = [Option(t.key, f"{t.weapon.name} at {game.state.ships[t.defender].name} "
                                 f"({t.defender}), range {t.range}"
                                 + (f", spending {t.waive} Force for its requirement"
                                    if t.waive else ""),
                          {"weapon": t.weapon.id, "defender": t.defender, "range": t.range,
                           "value": t.weapon.value, "primary": t.weapon.primary,
                           "ordnance": t.weapon.ordnance})
                   for t in targets]
        if not self.required:
            options.append(Option("none", "no attack"))
        kind = "bonus_attack" if self.bonus else "declare_attack"
        return self.ask(ship.owner, kind, f"{ship.name} ({ship.id}): attack?", options,
                        ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "none":
            return
        ship = game.state.ships[self.ship_id]
        target, header = self._chosen(game, ship, answer)
        _begin(game, ship, target, self.bonus or header, self.free, header)

    def _chosen(self, game: Game, ship: ShipState, answer: str) -> tuple[Target, bool]:
        """The target answered, and whether it uses a "BONUS ATTACK:" header."""
        weapon, _, defender = answer.rpartition("@")
        # measure only the target chosen (the options listed every one)
        chosen = valid_targets(game, ship, (weapon,), (defender,), self.ignore_requirement,
                               self.free, arcs=self.arcs, headerless=self.headerless)
        return next(t for t in chosen if t.key == answer), False


@dataclass(frozen=True)
class HugeAttacks(DeclareAttack):
    """RR: APPENDIX: HUGE SHIPS - ATTACKS: while it engages, a huge ship may perform one
    standard attack (a primary or "ATTACK:" weapon) and, before or after it, bonus attacks
    with its weapons' "BONUS ATTACK:" headers, each header once per round; offered again
    after each attack until it answers ``"none"``."""

    #: its standard attack is still to come
    standard: bool = True

    def _found(self, game: Game, ship: ShipState) -> list[Target]:
        found = standard_only(game, ship, self._targets(game, ship)) if self.standard else []
        return found + granted_open(game, ship, self._targets(game, ship, headers=True))

    def _chosen(self, game: Game, ship: ShipState, answer: str) -> tuple[Target, bool]:
        weapon, _, defender = answer.removeprefix("bonus:").rpartition("@")
        chosen = valid_targets(game, ship, (weapon,), (defender,), headers=True)
        header = any(t.key == answer for t in chosen)
        if not header:
            chosen = valid_targets(game, ship, (weapon,), (defender,))
        # the next attack is offered once this one is over
        game.push(HugeAttacks(ship.id, standard=self.standard and header))
        return next(t for t in chosen if t.key == answer), header


#: card memory: (round, the weapon ids) of the bonus attacks effects granted a huge ship
#: (RR: APPENDIX: HUGE SHIPS - one per primary weapon or "ATTACK:" header each round)
GRANTED_USED = "rule:granted_bonus_weapons"


def standard_only(game: Game, ship: ShipState, found: list[Target]) -> list[Target]:
    """The targets but for weapons a card lets the ship use only in bonus attacks (hook
    ``bonus_attack_only``: Ordnance Tubes)."""
    held = own_modifiers(game, ship, "bonus_attack_only")
    if not held:
        return found
    return [t for t in found if not any(h.ability.value(game, ship, weapon=t.weapon)
                                        for h in held)]


def granted_open(game: Game, ship: ShipState, found: list[Target]) -> list[Target]:
    """The targets of an effect's bonus attack a huge ship may still use: not with a
    weapon it already made such a bonus attack with this round."""
    kept = ship.recalled(GRANTED_USED)
    if not ship.huge or kept is None or kept[0] != game.state.round:
        return found
    return [t for t in found if _granted_key(t.weapon) not in kept[1]]


def _granted_key(weapon: WeaponSpec) -> str:
    # ruling: every primary weapon of the ship (one per printed arc) is its "primary attack"
    return "primary" if weapon.primary else weapon.id


def _begin(game: Game, ship: ShipState, target: Target, bonus: bool, free: bool = False,
           header: bool = False) -> None:
    defender = game.state.ships[target.defender]
    assert ship.body is not None and defender.body is not None
    # an attack at range 4-5 measures its arc that far (RR: APPENDIX: HUGE SHIPS)
    measure = measure_arc(cast("Ship", ship.body), defender.body, target.arc,
                          reach_bands=max(ARC_REACH_BANDS, target.range))
    obstruction = line_obstruction(game.state.table(), measure.closest, (ship.id, defender.id))
    attack = AttackState(ship.id, defender.id, target.weapon, target.arc, target.range,
                         obstruction.obstructed, bonus)
    if any(game.state.ships[i].huge for i in obstruction.objects if i in game.state.ships):
        attack.marks[HUGE_OBSTRUCTION] = 1  # RR: APPENDIX: HUGE SHIPS - obstruction
    for held in own_modifiers(game, ship, "treated_attack_range"):
        # RR: ATTACK RANGE - a card treats the measured attack range as another
        treated = held.ability.value(game, ship, attack=attack)
        if treated is not None:
            attack.range = treated
    game.state.attacks.append(attack)
    weapon = target.weapon
    ability = weapon_ability(game, weapon)
    if bonus and not ship.huge:
        ship.bonus_attack_done = True
    elif bonus and (ability is None or not ability.bonus):
        # a primary or "ATTACK:" weapon, by an effect or another card's header
        kept = ship.recalled(GRANTED_USED)
        used = kept[1] if kept is not None and kept[0] == game.state.round else ()
        ship.remember(GRANTED_USED, (game.state.round, (*used, _granted_key(weapon))))
    if ability is not None:
        ctx = Ctx(game, ship, weapon.card or "", Event.of("declare_attack"), ability)
        if header:
            chosen = open_header(ctx, weapon, free)
            assert chosen is not None
            use_header(game, ship, chosen[0], chosen[1])
            if not free:
                chosen[2].pay(ctx)
        if not ability.bonus and not ability.cost.free and not free:
            ability.cost.pay(ctx)
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
    who: dict[str, Any] = {"attacker": ship.id, "defender": defender.id}
    dice: list[Step] = [
        DiceWindow.of("before_attack_dice", **who), RollAttackDice(),
        ModifyDice("attack", "defender"), ModifyDice("attack", "attacker"),
        DiceWindow.of("before_defense_dice", **who), RollDefenseDice(),
        ModifyDice("defense", "attacker"), ModifyDice("defense", "defender"),
        BeforeNeutralize(), Neutralize(), DealDamage()]
    if any_true(game, "attack_twice", attack=attack):
        dice += [AttackAgain(), *dice]  # FAQ (1e) timing chart: "perform this attack twice"
    steps += [DefenderDeclared(), *dice, Aftermath(), EndAttack()]
    game.push(*steps)


@dataclass(frozen=True)
class ChooseObstruction(ChoiceStep):
    """RR: OBSTRUCTED - with several closest lines, the attacker chooses one: obstructed or
    not."""

    def choice(self, game: Game) -> Decision | None:
        attacker = game.state.ships[current(game).attacker]
        return self.ask(attacker.owner, "obstruction", "Measure through the obstacle?",
                        (Option("clear", "a clear line"),
                         Option("obstructed", "an obstructed line")), ship=attacker.id)

    def apply(self, game: Game, answer: Any) -> None:
        current(game).obstructed = answer == "obstructed"


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


# ------------------------------------------------------------- 2-3. rolling dice
def _clamp(count: int) -> int:
    return max(0, min(MAX_DICE, count))


def _maximum(game: Game, hook: str, attack: AttackState) -> int | None:
    limits = [a.value(game, s, attack=attack) for s, _, a in modifiers(game, hook)]
    limits = [v for v in limits if v is not None]
    return min(limits) if limits else None


@dataclass(frozen=True)
class RollAttackDice(Step):
    """RR: ATTACK step 2a - the attack value, the range bonus (attack range 1: +1, not with the
    ordnance icon; no dice are added to a primary attack at range 0), deplete, card effects;
    then the 0-6 limits; then the dice are rolled (a chance step)."""

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
        if attack.range == 1 and range_bonus(game, attack) and not any_true(
                game, "no_range_bonus", attack=attack, kind="attack"):
            changes.append(1)
        if attacker.has(Token.DEPLETE):
            changes.append(-1)
            remove_token(game, attacker, Token.DEPLETE)
        if attack.range == 0 and attack.primary:
            # RR: ATTACK step 2a - no dice are added at range 0; the decreases still apply
            changes = [c for c in changes if c < 0]
        count = _clamp(count + sum(changes))
        limit = _maximum(game, "max_attack_dice", attack)
        if limit is not None:
            count = min(count, limit)
        game.push(RollDice("attack", count, "attack.dice_rolled", ("attack",),
                           who=attacker.name))
        return None


#: An attack mark: a huge ship obstructs it (RR: APPENDIX: HUGE SHIPS).
HUGE_OBSTRUCTION = "rule:huge_obstruction"


@dataclass(frozen=True)
class RollDefenseDice(Step):
    """RR: ATTACK step 3a - agility (a cloaked ship's is 2 higher), the range bonus (attack
    range 3: +1, not against ordnance), obstruction by an obstacle (+1), strain (-1, then
    remove a strain token), tractored (-1), card effects; then the 0-6 limits; then the
    dice are rolled (a chance step)."""

    def run(self, game: Game) -> Decision | None:
        attack = current(game)
        if attack.dice_skipped:
            return None
        attack.step = "defense dice"
        defender = game.state.ships[attack.defender]
        count = agility(game, defender) + (2 if defender.cloaked else 0)
        if attack.range == 3 and range_bonus(game, attack) and not any_true(
                game, "no_range_bonus", attack=attack, kind="defense"):
            count += 1
        if attack.obstructed and not any_true(game, "ignore_obstruction", attack=attack):
            count += 1
        # RR: APPENDIX: HUGE SHIPS - obstructed by a huge ship: 1 more; at range 4-5: 2
        count += attack.marks.get(HUGE_OBSTRUCTION, 0) + (
            2 if attack.range >= 4 and not attack.weapon.ordnance else 0)
        reduction = total(game, "defense_dice_reduction", attack=attack)
        if attack.range == 0:
            reduction = 0  # rulebook: enemies can't reduce the dice of a defender at range 0
        count += total(game, "defense_dice", attack=attack) + attack.extra_defense_dice \
            - reduction
        if defender.has(Token.STRAIN):
            count -= 1
            remove_token(game, defender, Token.STRAIN)
        if defender.tractored and not game.rules.tractor_agility_per_token:  # 1e: agility
            count -= 1
        count = _clamp(count)
        limit = _maximum(game, "max_defense_dice", attack)
        if limit is not None:
            count = min(count, limit)
        game.push(RollDice("defense", count, "attack.dice_rolled", ("defense",),
                           who=defender.name))
        return None


@continuation("attack.dice_rolled")
def _dice_rolled(game: Game, faces: tuple[Face, ...], kind: str) -> None:
    attack = current(game)
    die = DieKind(kind)
    pool = DicePool(die, [Die(die, face) for face in faces])
    roller = game.state.ships[attack.attacker if kind == "attack" else attack.defender]
    if kind == "attack":
        attack.attack_dice = pool
    else:
        attack.defense_dice = pool
    game.event("dice", f"{roller.name} rolls {faces_text(pool)}", ship=roller.id)
    # "after the dice are rolled, before the Modify Dice step" (Count Dooku)
    fire(game, "after_dice_rolled", attacker=attack.attacker, defender=attack.defender,
         kind=kind)


# ------------------------------------------------------------------ 4. neutralize
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
    """RR: ATTACK step 4, RR: REINFORCE - evades cancel hits, then crits; a reinforce token whose
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
        evades = attack.defense_dice.count(Face.EVADE) + reinforce_evades(game, attack)
        # results the defense dice can't cancel are set aside (hook uncancelable_results)
        kept = [0, 0]
        for owner, _, held in modifiers(game, "uncancelable_results"):
            found = held.value(game, owner, attack=attack) or (0, 0)
            kept = [kept[0] + found[0], kept[1] + found[1]]
        kept = [min(hits, kept[0]), min(crits, kept[1])]
        attack.hits, attack.crits = neutralize(
            hits - kept[0], crits - kept[1], evades, reinforce=_reinforce(game, attack),
            crits_first=any_true(game, "crits_first", attack=attack),
            evades_cancel_crits=not any_true(game, "evades_ignore_crits", attack=attack))
        attack.hits, attack.crits = attack.hits + kept[0], attack.crits + kept[1]
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
    fore, aft = defender.count(Token.REINFORCE_FORE), defender.count(Token.REINFORCE_AFT)
    if (not fore and not aft) or game.rules.reinforce_adds_evade:  # 1e: reinforce_1e.py
        return 0
    count = 0
    reach = 5 if attack.range >= 4 else 3
    body = cast("Ship", defender.body)
    front = measure_arc(body, attacker.body, Arc.FULL_FRONT, reach_bands=reach,
                        lines=False).in_arc
    rear = measure_arc(body, attacker.body, Arc.FULL_REAR, reach_bands=reach,
                       lines=False).in_arc
    if front and not rear:
        count += fore
    if rear and not front:
        count += aft
    return count


# ------------------------------------------------------------- 5-6. damage, after
@dataclass(frozen=True)
class DealDamage(Step):
    """RR: ATTACK step 5 - the defender suffers the uncanceled hits, then the crits (a weapon
    may turn results into other effects instead, e.g. ion tokens)."""

    def run(self, game: Game) -> Decision | None:
        attack = current(game)
        attack.step = "deal damage"
        if not attack.hit:
            return None
        defender = game.state.ships[attack.defender]
        fire(game, "attack_hit", attacker=attack.attacker, defender=attack.defender)
        if any_true(game, "weapon_replaces_damage", attack=attack):
            return None  # the weapon's own card (or one used in the attack) deals with them
        game.push(SufferDamage(defender.id, attack.hits, attack.crits, cause="the attack"))
        return None


@dataclass(frozen=True)
class Aftermath(Step):
    """RR: ATTACK step 6 - a) the defender's, b) the attacker's abilities after defending,
    attacking or destruction; c) the defender's and d) the attacker's bonus attacks. Effects
    of "while you perform an attack" end here (RR: FAQ)."""

    def run(self, game: Game) -> Decision | None:
        attack = current(game)
        attack.step = "aftermath"
        facts = tuple(sorted({"attacker": attack.attacker, "defender": attack.defender,
                              "hit": attack.hit or FIRST_HIT in attack.marks,
                              "primary": attack.primary,
                              "weapon": attack.weapon.id, "bonus": attack.bonus}.items()))
        steps = [FireWindow("after_defend", facts, False), FireWindow("after_attack", facts, False),
                 FireWindow("after_defend", facts, True), FireWindow("after_attack", facts, True)]
        if game.rules.aftermath_by_initiative and \
                game.state.ships[attack.attacker].owner == game.state.first_player:
            steps = [steps[1], steps[0], steps[3], steps[2]]  # FAQ (1e), Timing Chart 8-9
        game.push(*steps)
        # the effects of a destruction during the attack (delayed to step 6: RR: FAQ), once
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
                     free: bool = False, arcs: tuple[str, ...] = (),
                     headerless: bool = False) -> bool:
    """Whether the ship could perform this bonus attack now: it hasn't had its bonus attack
    this round, it can attack, and some weapon reaches some allowed defender (a card's
    requirement, checked before its cost is paid: RR: PAYING COSTS)."""
    if _bonus_spent(game, ship) or not ship.in_play or cannot_attack(game, ship) is not None:
        return False
    return bool(granted_open(game, ship, valid_targets(
        game, ship, only, defenders, ignore_requirement, free, arcs=arcs,
        headerless=headerless)))


def _bonus_spent(game: Game, ship: ShipState) -> bool:
    """RR: BONUS ATTACK - a standard ship has one bonus attack a round (not under a ruleset
    without that limit: the first edition's); a huge ship any number
    (RR: APPENDIX: HUGE SHIPS: limited per weapon, :func:`granted_open`)."""
    return ship.bonus_attack_done and not ship.huge and game.rules.one_bonus_attack


def perform_bonus_attack(game: Game, ship: ShipState, only: tuple[str, ...] = (),
                         defenders: tuple[str, ...] = (), ignore_requirement: bool = False,
                         free: bool = False, required: bool = False,
                         arcs: tuple[str, ...] = (), headerless: bool = False) -> bool:
    """Schedule a bonus attack (RR: BONUS ATTACK: one per round); False if it has had one.
    ``only`` limits the weapons, ``defenders`` the ships it may attack ("a different target
    at range 0-1 of the defender"); ``ignore_requirement`` ignores the weapon's header
    requirement and ``free`` waives its cost ("without paying the charge cost");
    ``required``: the ship must attack (no "no attack" answer while it has a target);
    ``arcs`` limits the standard arcs a turret weapon may attack from; ``headerless``
    allows weapons with only "BONUS ATTACK:" headers, using none of them."""
    if _bonus_spent(game, ship) or not ship.in_play:
        return False
    game.push(DeclareAttack(ship.id, bonus=True, only=only, defenders=defenders,
                            ignore_requirement=ignore_requirement, free=free,
                            required=required, arcs=arcs, headerless=headerless))
    return True


@dataclass(frozen=True)
class Engage(Step):
    """RR: ENGAGEMENT PHASE - the ship engages: "before you engage" abilities, "when you
    engage" abilities, then it may perform an attack (a disarmed ship engages without
    attacking). A remote engages by resolving its card's "when you engage" abilities
    (RR: USING REMOTES); a huge ship may attack several times (:class:`HugeAttacks`)."""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        game.event("engage", f"{ship.name} ({ship.id}) engages", ship=ship.id)
        if ship.remote:
            game.push(FireWindow("engage", (("ship", ship.id),)))
            return None
        index = game.cards.index
        # "after you engage" (a step only when some ship has such an ability: other games
        # keep their state hashes)
        after = [FireWindow("after_engage", (("ship", ship.id),))] if any(
            index(s).by_window.get("after_engage") for s in game.state.ships.values()
            if not s.removed) else []
        game.push(FireWindow("before_engage", (("ship", ship.id),)),
                  FireWindow("engage", (("ship", ship.id),)), HugeAttacks(ship.id) if ship.huge
                  else scan_or(game, ship, DeclareAttack(ship.id)), *after)  # 1e: may scan
        return None
