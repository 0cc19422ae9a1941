"""Card abilities that change an attack's dice, built from the shared blocks.

Keys are the cards' xws ids (ship abilities, which have none, use the ability
name). Titles describe the dice effect in our own words; conditions about
positions (bullseye arc, range, friendly ships nearby) are checked by the
caller: an ability is passed in only for attacks where they hold.
"""

from __future__ import annotations

from tallon.dice.abilities.base import (
    ATTACKING,
    BOTH_ROLES,
    DEFENDING,
    DiceAbility,
    Role,
    Situation,
    Tokens,
    Window,
)
from tallon.dice.abilities.effects import (
    AddResults,
    CancelResults,
    CardAbility,
    ChangeResults,
    RerollDice,
    change_one,
    reroll,
)
from tallon.dice.abilities.tokens import FORCE, GREEN_TOKENS, LOCK, LOCK_DISABLED
from tallon.dice.counts import face_count, total
from tallon.dice.faces import Face
from tallon.dice.ops import ChangeAll

NON_HIT = (Face.BLANK, Face.FOCUS, Face.CRIT)
NON_EVADE = (Face.BLANK, Face.FOCUS)


def _has_lock(situation: Situation) -> bool:
    return situation.own[LOCK] >= 1


def _only_blanks(situation: Situation) -> bool:
    pool = situation.pool
    n = total(pool)
    return n >= 2 and face_count(pool, Face.BLANK) == n


def _own_evading(situation: Situation) -> bool:
    return situation.own["evade"] >= 1


def _opponent_has_no_green(situation: Situation) -> bool:
    return all(situation.opponent[name] == 0 for name in GREEN_TOKENS)


# --- rerolls -----------------------------------------------------------------------------


def predator() -> DiceAbility:
    """Predator: primary attack, defender in bullseye — may reroll 1 attack die."""
    return reroll("predator", "Predator (reroll 1 attack die)", ATTACKING)


def howlrunner() -> DiceAbility:
    """"Howlrunner" nearby: primary attack — may reroll 1 attack die."""
    return reroll("howlrunner", "Howlrunner (reroll 1 attack die)", ATTACKING)


def captain_jonus() -> DiceAbility:
    """Captain Jonus nearby: torpedo or missile attack — may reroll up to 2 attack dice."""
    return reroll("captainjonus", "Captain Jonus (reroll up to 2 attack dice)", ATTACKING, 2)


def horton_salm(ships: int = 1) -> DiceAbility:
    """Horton Salm: may reroll 1 attack die per other friendly ship at range 0-1 of the defender."""
    if ships < 1:
        raise ValueError("Horton Salm needs at least 1 friendly ship near the defender")
    return reroll("hortonsalm", f"Horton Salm (reroll up to {ships} attack dice)", ATTACKING,
                  ships)


class FireControlSystem(CardAbility):
    """Fire-Control System: with a lock on the defender, may reroll 1 attack die;
    if it does, the lock cannot be spent during this attack."""

    def __init__(self) -> None:
        super().__init__(
            "firecontrolsystem",
            "Fire-Control System (reroll 1 attack die; lock then unusable)",
            effect=RerollDice(1),
            roles=ATTACKING,
            requires=_has_lock,
            requirement_reads_dice=False,
            gain=((LOCK_DISABLED, 1),),
            uses=(LOCK,),
        )

    def may_reroll(self, own: Tokens) -> bool:
        return own[LOCK] >= 1


def fire_control_system() -> DiceAbility:
    """Fire-Control System (sensor)."""
    return FireControlSystem()


def heroic() -> DiceAbility:
    """Heroic: with only blank results and 2 or more dice, may reroll any number of them."""
    return reroll("heroic", "Heroic (only blanks: reroll any number)", BOTH_ROLES, None,
                  requires=_only_blanks)


def lone_wolf(charges: int = 1) -> DiceAbility:
    """Lone Wolf: no friendly ship at range 0-2 — may spend its charge to reroll 1 own die."""
    return reroll("lonewolf", "Lone Wolf (spend charge: reroll 1 die)", BOTH_ROLES,
                  cost=(("lonewolf", 1),), charges=charges)


def solo(charges: int = 1) -> DiceAbility:
    """Solo (modified YT-1300 Han Solo ship ability): no friendly ship at range 0-1 —
    may spend a charge to reroll 1 own die."""
    return reroll("solo", "Solo (spend charge: reroll 1 die)", BOTH_ROLES, cost=(("solo", 1),),
                  charges=charges)


def elusive(charges: int = 1) -> DiceAbility:
    """Elusive: while defending, may spend its charge to reroll 1 defense die."""
    return reroll("elusive", "Elusive (spend charge: reroll 1 defense die)", DEFENDING,
                  cost=(("elusive", 1),), charges=charges)


def saturation_salvo(charges: int = 1) -> DiceAbility:
    """Saturation Salvo: torpedo or missile attack — may spend a charge of that weapon;
    the attacker picks 2 defense dice and the defender must reroll them."""
    return CardAbility(
        "saturationsalvo",
        "Saturation Salvo (defender rerolls 2 chosen dice)",
        effect=RerollDice(2, exactly=True),
        window=Window.OPPONENT_DICE,
        roles=ATTACKING,
        cost=(("saturationsalvo", 1),),
        charges=charges,
    )


# --- changes -----------------------------------------------------------------------------


def marksmanship() -> DiceAbility:
    """Marksmanship: defender in bullseye — may change 1 hit to a crit."""
    return change_one("marksmanship", "Marksmanship (1 hit to crit)", Face.HIT, Face.CRIT,
                      ATTACKING)


def proton_torpedoes() -> DiceAbility:
    """Proton Torpedoes (the weapon's own effect): change 1 hit to a crit; not optional."""
    return change_one("protontorpedoes", "Proton Torpedoes (1 hit to crit)", Face.HIT, Face.CRIT,
                      ATTACKING, mandatory=True)


def proton_cannons() -> DiceAbility:
    """Proton Cannons (the weapon's own effect): change 1 focus or hit to a crit; not
    optional."""
    return change_one("protoncannons", "Proton Cannons (1 focus or hit to crit)",
                      (Face.FOCUS, Face.HIT), Face.CRIT, ATTACKING, mandatory=True)


def precision_tuned_cannons() -> DiceAbility:
    """Precision-Tuned Cannons (the weapon's own effect): defender in bullseye — add 1
    focus result; not optional."""
    return CardAbility(
        "precisiontunedcannons-battleoverendor",
        "Precision-Tuned Cannons (add 1 focus)",
        effect=AddResults(Face.FOCUS),
        roles=ATTACKING,
        mandatory=True,
    )


def fearless() -> DiceAbility:
    """Fearless: range 1, in each other's front arc — may change 1 own result to a hit."""
    return change_one("fearless", "Fearless (1 result to hit)", NON_HIT, Face.HIT, ATTACKING)


def agent_kallus() -> DiceAbility:
    """Agent Kallus: attacking the Hunted ship — may change 1 focus to a hit."""
    return change_one("agentkallus", "Agent Kallus (1 focus to hit)", Face.FOCUS, Face.HIT,
                      ATTACKING)


def major_vermeil() -> DiceAbility:
    """Major Vermeil: if the defender has no green tokens — may change 1 blank or focus to a hit."""
    return change_one("majorvermeil",
                      "Major Vermeil (defender without green tokens: 1 blank/focus to hit)",
                      NON_EVADE, Face.HIT, ATTACKING, requires=_opponent_has_no_green,
                      requirement_reads_dice=False, opponent_uses=GREEN_TOKENS)


def fifth_brother() -> DiceAbility:
    """Fifth Brother: may spend 1 Force to change 1 focus to a crit."""
    return change_one("fifthbrother", "Fifth Brother (1 Force: 1 focus to crit)", Face.FOCUS,
                      Face.CRIT, ATTACKING, cost=((FORCE, 1),))


def darth_vader_defender() -> DiceAbility:
    """Darth Vader (TIE/D Defender): may spend 1 Force to change 1 blank to a hit."""
    return change_one("darthvader-tieddefender", "Darth Vader (1 Force: 1 blank to hit)",
                      Face.BLANK, Face.HIT, ATTACKING, cost=((FORCE, 1),))


def rey_gunner() -> DiceAbility:
    """Rey (gunner): enemy in turret arc — may spend 1 Force to change 1 blank to a hit/evade."""
    return change_one("rey-gunner", "Rey (1 Force: 1 blank to hit/evade)", Face.BLANK,
                      (Face.HIT, Face.EVADE), BOTH_ROLES, cost=((FORCE, 1),))


def brilliant_evasion() -> DiceAbility:
    """Brilliant Evasion: not in the attacker's bullseye — may spend 1 Force to change
    2 focus to evades."""
    return CardAbility(
        "brilliantevasion",
        "Brilliant Evasion (1 Force: 2 focus to evade)",
        effect=ChangeResults(2, (Face.FOCUS,), (Face.EVADE,)),
        roles=DEFENDING,
        cost=((FORCE, 1),),
    )


def networked_calculations(tokens: int = 1) -> DiceAbility:
    """Networked Calculations: may spend 1 calculate token of a nearby friendly ship to
    change 1 focus to a hit/evade. The parameter is how many such tokens are nearby."""
    return change_one("networkedcalculations",
                      "Networked Calculations (friend's calculate: 1 focus to hit/evade)",
                      Face.FOCUS, (Face.HIT, Face.EVADE), BOTH_ROLES,
                      cost=(("networkedcalculations", 1),), charges=tokens)


def juke() -> DiceAbility:
    """Juke: while attacking and evading — may change 1 of the defender's evades to a focus."""
    return change_one("juke", "Juke (evading: 1 defender evade to focus)", Face.EVADE, Face.FOCUS,
                      ATTACKING, window=Window.OPPONENT_DICE, requires=_own_evading,
                      requirement_reads_dice=False, uses=("evade",))


def plated_hull() -> DiceAbility:
    """Plated Hull (BTL-B ship ability): while defending and not critically damaged,
    change 1 of the attacker's crits to a hit; not optional."""
    return change_one("platedhull", "Plated Hull (1 attacker crit to hit)", Face.CRIT, Face.HIT,
                      DEFENDING, window=Window.OPPONENT_DICE, mandatory=True)


def concordia_faceoff() -> DiceAbility:
    """Concordia Faceoff (Fang ship ability): range 1 in the attacker's front arc —
    change 1 own result to an evade; not optional."""
    return change_one("concordiafaceoff", "Concordia Faceoff (1 result to evade)", NON_EVADE,
                      Face.EVADE, DEFENDING, mandatory=True)


def advanced_targeting_computer() -> DiceAbility:
    """Advanced Targeting Computer (TIE Advanced x1 ship ability): primary attack against a
    locked defender — roll 1 more attack die and change 1 hit to a crit."""
    return AdvancedTargetingComputer()


class AdvancedTargetingComputer(CardAbility):
    """The change needs the lock still in place (FAQ: it cannot change after spending the lock)."""

    def __init__(self) -> None:
        super().__init__(
            "advancedtargetingcomputer",
            "Advanced Targeting Computer (+1 die, 1 hit to crit)",
            effect=ChangeResults(1, (Face.HIT,), (Face.CRIT,)),
            roles=ATTACKING,
            requires=_has_lock,
            requirement_reads_dice=False,
            uses=(LOCK,),
            mandatory=True,
        )

    def attack_dice_bonus(self, role: Role, own: Tokens, opponent: Tokens) -> int:
        return 1 if role is Role.ATTACKER and own[LOCK] >= 1 else 0


# --- adding and canceling ------------------------------------------------------------------


def norra_wexley() -> DiceAbility:
    """Norra Wexley: enemy at range 0-1 — add 1 evade result while defending; not optional."""
    return CardAbility(
        "norrawexley",
        "Norra Wexley (add 1 evade)",
        effect=AddResults(Face.EVADE),
        roles=DEFENDING,
        mandatory=True,
    )


def finn_gunner() -> DiceAbility:
    """Finn (gunner): enemy in front arc — may add 1 blank result, which can then be modified."""
    return CardAbility(
        "finn",
        "Finn (add 1 blank)",
        effect=AddResults(Face.BLANK),
        roles=BOTH_ROLES,
    )


def crack_shot(charges: int = 1) -> DiceAbility:
    """Crack Shot: defender in bullseye — before Neutralize Results, may spend its charge
    to cancel 1 evade result."""
    return CardAbility(
        "crackshot",
        "Crack Shot (spend charge: cancel 1 evade)",
        effect=CancelResults(Face.EVADE),
        window=Window.BEFORE_NEUTRALIZE,
        roles=ATTACKING,
        cost=(("crackshot", 1),),
        charges=charges,
    )


# --- number of dice, neutralizing, after the attack ----------------------------------------


class DiceCountAbility(DiceAbility):
    """Rolls more or fewer dice (RR: ATTACK steps 2a/3a); not a dice modification."""

    def __init__(self, key: str, title: str, *, roles: frozenset[Role], attack: int = 0,
                 defense: int = 0) -> None:
        self.key = key
        self.title = title
        self.roles = roles
        self.attack = attack
        self.defense = defense

    def attack_dice_bonus(self, role: Role, own: Tokens, opponent: Tokens) -> int:
        return self.attack if role in self.roles else 0

    def defense_dice_bonus(self, role: Role, own: Tokens, opponent: Tokens) -> int:
        return self.defense if role in self.roles else 0


def trick_shot() -> DiceAbility:
    """Trick Shot: attack obstructed by an obstacle — roll 1 additional attack die."""
    return DiceCountAbility("trickshot", "Trick Shot (+1 attack die)", roles=ATTACKING, attack=1)


def outmaneuver() -> DiceAbility:
    """Outmaneuver: front-arc attack from outside the defender's firing arc — the
    defender rolls 1 fewer die."""
    return DiceCountAbility(
        "outmaneuver", "Outmaneuver (defender -1 die)", roles=ATTACKING, defense=-1
    )


def wedge_antilles() -> DiceAbility:
    """Wedge Antilles (T-65): while he attacks, the defender rolls 1 fewer defense die."""
    return DiceCountAbility(
        "wedgeantilles", "Wedge Antilles (defender -1 die)", roles=ATTACKING, defense=-1
    )


class StealthDevice(DiceAbility):
    """Stealth Device: while its charge is active, roll 1 more defense die; the charge is
    lost after the ship suffers damage."""

    key = "stealthdevice"
    title = "Stealth Device (+1 defense die while charged)"
    roles = DEFENDING

    def __init__(self, charges: int = 1) -> None:
        self.charges = charges

    def spendable(self) -> tuple[str, ...]:
        return ()  # lost by suffering damage, never spent by choice

    def defense_dice_bonus(self, role: Role, own: Tokens, opponent: Tokens) -> int:
        return 1 if role is Role.DEFENDER and own[self.key] >= 1 else 0

    def after_attack(self, role: Role, own: Tokens, damage: int) -> dict[str, int]:
        if role is Role.DEFENDER and damage > 0 and own[self.key] >= 1:
            return {self.key: -1}
        return {}


def stealth_device(charges: int = 1) -> DiceAbility:
    """Stealth Device (modification)."""
    return StealthDevice(charges)


class HeavyLaserCannon(DiceAbility):
    """Heavy Laser Cannon: after the Modify Attack Dice step, every crit becomes a hit."""

    key = "heavylasercannon"
    title = "Heavy Laser Cannon (crits become hits after modifying)"
    roles = ATTACKING

    after_modify_attack = (ChangeAll(Face.CRIT, Face.HIT),)


def heavy_laser_cannon() -> DiceAbility:
    """Heavy Laser Cannon (cannon)."""
    return HeavyLaserCannon()


class Autoblasters(DiceAbility):
    """Autoblasters: the attacker outside the defender's front arc — evades do not cancel
    crits. (Its extra die in the bullseye arc is the caller's to add to the attack value.)"""

    key = "autoblasters"
    title = "Autoblasters (evades don't cancel crits)"
    roles = ATTACKING
    evades_cancel_crits = False


def autoblasters() -> DiceAbility:
    """Autoblasters (cannon)."""
    return Autoblasters()


class PlasmaTorpedoes(DiceAbility):
    """Plasma Torpedoes: during Neutralize Results, crits are canceled before hits.
    (Its shield loss after a hit is not a dice effect and is not modelled.)"""

    key = "plasmatorpedoes"
    title = "Plasma Torpedoes (evades cancel crits first)"
    roles = ATTACKING
    crits_canceled_first = True


def plasma_torpedoes() -> DiceAbility:
    """Plasma Torpedoes (torpedo)."""
    return PlasmaTorpedoes()


def _two_dice_or_fewer(situation: Situation) -> bool:
    return total(situation.pool) <= 2


def tv94() -> DiceAbility:
    """TV-94 (tactical relay): a primary attack from range 0-3 of the relay against a
    defender in the bullseye arc, with 2 or fewer attack dice — may spend 1 calculate token
    to add 1 hit."""
    return CardAbility(
        "tv94",
        "TV-94 (calculate, 2 dice or fewer: add 1 hit)",
        effect=AddResults(Face.HIT),
        roles=ATTACKING,
        cost=(("calculate", 1),),
        requires=_two_dice_or_fewer,
    )


def malice() -> DiceAbility:
    """Malice (Force power): may spend 1 Force to change 1 focus or hit to a crit. (Its
    Force recovered after the attack is not a dice effect.)"""
    return change_one("malice", "Malice (1 Force: 1 focus or hit to crit)", (Face.FOCUS, Face.HIT),
                      Face.CRIT, ATTACKING, cost=((FORCE, 1),))


def sensor_jammer() -> DiceAbility:
    """Sensor Jammer (modification): defending while a friendly ship has the attacker
    locked (the caller's to judge) - may change 1 of the attacker's hits to a focus."""
    return change_one("sensorjammer-battleofyavin", "Sensor Jammer (1 attacker hit to focus)",
                      Face.HIT, Face.FOCUS, DEFENDING, window=Window.OPPONENT_DICE)
