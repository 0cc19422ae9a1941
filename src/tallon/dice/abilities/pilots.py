"""Dice abilities of pilot cards (and the few upgrades sharing their shapes), continued from
:mod:`tallon.dice.abilities.upgrades`. The card modules use these through the catalogue
(``dice("<key>")`` in cards/common.py), so card and calculator share one definition; the
table conditions (arcs, ranges, tokens of other ships) stay the card module's to check."""

from __future__ import annotations

from tallon.dice.abilities.base import (
    ATTACKING,
    BOTH_ROLES,
    DEFENDING,
    DiceAbility,
    Situation,
    Window,
)
from tallon.dice.abilities.effects import (
    AddResults,
    CancelResults,
    CardAbility,
    ChangeResults,
    Effect,
    Variant,
    change_one,
    reroll,
)
from tallon.dice.abilities.upgrades import ChangeUpTo
from tallon.dice.counts import face_count
from tallon.dice.faces import Face
from tallon.dice.ops import ChangeAll

FORCE = "force"

# --- effects shared by several cards -----------------------------------------------------


class EitherChange(Effect):
    """Change 1 result in one of two ways ("change 1 focus to a hit or 1 hit to a crit")."""

    def __init__(self, first: tuple[Face, Face], second: tuple[Face, Face]) -> None:
        self.ways = (first, second)

    def variants(self, situation: Situation) -> list[Variant]:
        found: list[Variant] = []
        for source, target in self.ways:
            found += ChangeResults(1, (source,), (target,)).variants(situation)
        return found


class AllToCrit(Effect):
    """Change every result that is not a critical hit to a critical hit."""

    def variants(self, situation: Situation) -> list[Variant]:
        ops = tuple(ChangeAll(face, Face.CRIT) for face in (Face.BLANK, Face.FOCUS, Face.HIT)
                    if face_count(situation.pool, face))
        return [ops] if ops else []


# --- Galactic Republic -------------------------------------------------------------------


def shara_bey() -> DiceAbility:
    """Shara Bey (ARC-170 pilot), primary attack: may spend the lock on the defender to add
    1 focus result (her defending half spends a lock on the attacker, which the calculator
    does not know)."""
    return CardAbility("sharabey", "Shara Bey (spend lock: add 1 focus)",
                       effect=AddResults(Face.FOCUS), roles=ATTACKING, cost=(("lock", 1),))


def wolffe_siege(charges: int = 1) -> DiceAbility:
    """"Wolffe" (Siege of Coruscant), primary front arc attack: may spend his charge to
    reroll 1 attack die."""
    key = "wolffe-siegeofcoruscant"
    return reroll(key, "Wolffe (spend 1 charge: reroll 1 attack die)", ATTACKING,
                  cost=((key, 1),), charges=charges)


def barriss_offee() -> DiceAbility:
    """Barriss Offee (Delta-7 pilot), a friendly attacker (herself too) with the defender in
    its bullseye arc: she may spend 1 Force to change 1 focus to a hit or 1 hit to a crit
    (in the calculator: her own attack, her own Force)."""
    return CardAbility("barrissoffee", "Barriss Offee (1 Force: 1 focus to hit or 1 hit "
                       "to crit)", effect=EitherChange((Face.FOCUS, Face.HIT),
                                                       (Face.HIT, Face.CRIT)),
                       roles=ATTACKING, cost=((FORCE, 1),))


def luminara_unduli() -> DiceAbility:
    """Luminara Unduli (Delta-7 pilot), a friendly defender (herself too) outside the
    attacker's bullseye arc: she may spend 1 Force to change 1 attack crit to a hit or 1 hit
    to a focus (in the calculator: her own defense, her own Force)."""
    return CardAbility("luminaraunduli", "Luminara Unduli (1 Force: 1 attacker crit to hit "
                       "or 1 hit to focus)",
                       effect=EitherChange((Face.CRIT, Face.HIT), (Face.HIT, Face.FOCUS)),
                       window=Window.OPPONENT_DICE, roles=DEFENDING, cost=((FORCE, 1),))


def aayla_secura() -> DiceAbility:
    """Aayla Secura (Eta-2 pilot and crew), an enemy attacker in her front arc at range 0-1:
    the defender may change 1 blank result to a focus result."""
    return change_one("aaylasecura", "Aayla Secura (1 blank to focus)", Face.BLANK, Face.FOCUS,
                      DEFENDING)


def calibrated_laser_targeting() -> DiceAbility:
    """Calibrated Laser Targeting (Delta-7 configuration), primary attack with the defender
    in the bullseye arc: adds 1 focus result (no "may": mandatory)."""
    return CardAbility("calibratedlasertargeting",
                       "Calibrated Laser Targeting (bullseye: add 1 focus)",
                       effect=AddResults(Face.FOCUS), roles=ATTACKING, mandatory=True)


# --- Rebel Alliance and Resistance -------------------------------------------------------


def pops_krail_boy() -> DiceAbility:
    """"Pops" Krail (Battle of Yavin), single turret arc attack: may reroll up to 2 attack
    dice."""
    return reroll("popskrail-battleofyavin", "\"Pops\" Krail (reroll 2)", ATTACKING, 2)


def sabine_wren_lancer() -> DiceAbility:
    """Sabine Wren (Lancer pilot), the attacker in her turret arc at range 0-2: may add 1
    focus result."""
    key = "sabinewren-lancerclasspursuitcraft"
    return CardAbility(key, "Sabine Wren (add 1 focus)", effect=AddResults(Face.FOCUS),
                       roles=DEFENDING)


def vennie() -> DiceAbility:
    """Vennie (MG-100 pilot), the attacker in a friendly ship's turret arc: may add 1 focus
    result."""
    return CardAbility("vennie", "Vennie (add 1 focus)", effect=AddResults(Face.FOCUS),
                       roles=DEFENDING)


def rey_pilot() -> DiceAbility:
    """Rey (Scavenged YT-1300 pilot), the enemy in her front arc: may spend 1 Force to change
    1 blank to a hit (attacking) or an evade (defending)."""
    return change_one("rey", "Rey (1 Force: 1 blank to hit/evade)", Face.BLANK,
                      (Face.HIT, Face.EVADE), BOTH_ROLES, cost=((FORCE, 1),))


def ezra_bridger(key: str = "ezrabridger") -> DiceAbility:
    """Ezra Bridger (Attack Shuttle, TIE/ln, Sheathipede pilots), stressed: may spend 1 Force
    to change up to 2 focus results to hits (attacking) or evades (defending)."""
    return CardAbility(key, "Ezra Bridger (1 Force: up to 2 focus)",
                       effect=ChangeUpTo(2, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
                       roles=BOTH_ROLES, cost=((FORCE, 1),))


def yendor_boe() -> DiceAbility:
    """Yendor (Battle over Endor), primary attack: may gain 1 strain token to reroll 1 blank
    result."""
    key = "yendor-battleoverendor"
    return reroll(key, "Yendor (gain 1 strain: reroll 1 blank)", ATTACKING,
                  faces=(Face.BLANK,), gain=(("strain", 1),))


# --- Galactic Empire and First Order -----------------------------------------------------


def seventh_sister() -> DiceAbility:
    """Seventh Sister (TIE Advanced v1 pilot), primary attack, before Neutralize Results: may
    spend 2 Force to cancel 1 evade result."""
    return CardAbility("seventhsister", "Seventh Sister (2 Force: cancel 1 evade)",
                       effect=CancelResults(Face.EVADE), window=Window.BEFORE_NEUTRALIZE,
                       roles=ATTACKING, cost=((FORCE, 2),))


def darth_vader_boy() -> DiceAbility:
    """Darth Vader (Battle of Yavin), attacking: may spend 1 Force to change 1 blank to a
    hit."""
    return change_one("darthvader-battleofyavin", "Darth Vader (1 Force: 1 blank to hit)",
                      Face.BLANK, Face.HIT, ATTACKING, cost=((FORCE, 1),))


def colonel_jendon_boe() -> DiceAbility:
    """Colonel Jendon (Battle over Endor), defending without an active shield: may change 1
    blank result to a focus result."""
    return change_one("coloneljendon-battleoverendor",
                      "Colonel Jendon (unshielded: 1 blank to focus)", Face.BLANK, Face.FOCUS,
                      DEFENDING)


def commander_malarus_pilot() -> DiceAbility:
    """Commander Malarus (TIE/fo pilot), in a round he paid for it: may change all focus
    results to hits (attacking) or evades (defending)."""
    return CardAbility("commandermalarus-pilot", "Commander Malarus (all focus to hit or evade)",
                       effect=ChangeResults(None, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
                       roles=BOTH_ROLES)


def static() -> DiceAbility:
    """"Static" (TIE/fo pilot), primary attack: may spend the lock on the defender and a
    focus token to change all results to critical hits."""
    return CardAbility("static", "\"Static\" (lock and focus: all to crit)",
                       effect=AllToCrit(), roles=ATTACKING, cost=(("lock", 1), ("focus", 1)))


def del_meeko() -> DiceAbility:
    """Del Meeko (TIE/ln pilot), a friendly defender at range 0-2 (him too) against a damaged
    attacker: may reroll 1 defense die."""
    return reroll("delmeeko", "Del Meeko (reroll 1 defense die)", DEFENDING)


def captain_cardinal() -> DiceAbility:
    """Captain Cardinal (Upsilon pilot), while he has a charge: a friendly ship of lower
    initiative at range 1-2 may reroll 1 focus result."""
    return reroll("captaincardinal", "Captain Cardinal (reroll 1 focus result)", BOTH_ROLES,
                  faces=(Face.FOCUS,))
