"""Dice abilities of upgrade cards, continued from :mod:`tallon.dice.abilities.upgrades`:
astromechs, talents, Force powers and ordnance whose card modules take their dice ability
from the catalogue (``dice("<key>")`` in cards/common.py), so card and calculator share one
definition; the table conditions stay the card module's to check."""

from __future__ import annotations

from tallon.dice.abilities.base import ATTACKING, DEFENDING, DiceAbility
from tallon.dice.abilities.effects import (
    AddResults,
    CardAbility,
    change_one,
    reroll,
)
from tallon.dice.faces import Face

# --- astromechs, crew, tech -----------------------------------------------------------


def r7a7(charges: int = 1) -> DiceAbility:
    """R7-A7 (astromech), attacking: may spend 1 charge to change 1 hit to a crit."""
    return change_one("r7a7", "R7-A7 (1 charge: 1 hit to crit)", Face.HIT, Face.CRIT,
                      ATTACKING, cost=(("r7a7", 1),), charges=charges)


def r2c4() -> DiceAbility:
    """R2-C4 (astromech), attacking: may spend 1 evade token to change 1 focus to a hit."""
    return change_one("r2c4", "R2-C4 (1 evade token: 1 focus to hit)", Face.FOCUS, Face.HIT,
                      ATTACKING, cost=(("evade", 1),))


def c3po_republic() -> DiceAbility:
    """C-3PO (Republic crew), defending with a calculate token: may reroll 1 defense die."""
    return reroll("c3po-republic", "C-3PO (calculating: reroll 1 defense die)", DEFENDING)


def advanced_optics() -> DiceAbility:
    """Advanced Optics (tech), attacking: may spend 1 focus token to change 1 blank to a
    hit."""
    return change_one("advancedoptics", "Advanced Optics (focus: 1 blank to hit)", Face.BLANK,
                      Face.HIT, ATTACKING, cost=(("focus", 1),))


# --- Force powers and ordnance --------------------------------------------------------


def shattering_shot() -> DiceAbility:
    """Shattering Shot (Force power), attacking through or beside an obstacle: may spend 1
    Force to add 1 focus result."""
    return CardAbility("shatteringshot", "Shattering Shot (1 Force: add 1 focus)",
                       effect=AddResults(Face.FOCUS), roles=ATTACKING, cost=(("force", 1),))


def foresight() -> DiceAbility:
    """Foresight (Force power), its bonus attack: may change 1 focus result to a hit."""
    return change_one("foresight", "Foresight (1 focus to hit)", Face.FOCUS, Face.HIT,
                      ATTACKING)


def energy_shell_charges() -> DiceAbility:
    """Energy-Shell Charges (missile), attacking: may spend 1 calculate token to change 1
    focus result to a crit."""
    return change_one("energyshellcharges", "Energy-Shell Charges (calculate: 1 focus to crit)",
                      Face.FOCUS, Face.CRIT, ATTACKING, cost=(("calculate", 1),))


def adv_proton_torpedoes() -> DiceAbility:
    """Adv. Proton Torpedoes: must change 1 hit to a crit (Proton Torpedoes' change under
    this card's own key)."""
    return change_one("advprotontorpedoes", "Adv. Proton Torpedoes (1 hit to crit)", Face.HIT,
                      Face.CRIT, ATTACKING, mandatory=True)


# --- talents --------------------------------------------------------------------------


def fanatical() -> DiceAbility:
    """Fanatical, primary attack without active shields: may change 1 focus to a hit."""
    return change_one("fanatical", "Fanatical (1 focus to hit)", Face.FOCUS, Face.HIT,
                      ATTACKING)


def fanatic_boy() -> DiceAbility:
    """Fanatic (Battle of Yavin), damaged primary attack: may change 1 focus to a hit."""
    return change_one("fanatic-battleofyavin", "Fanatic (1 focus to hit)", Face.FOCUS,
                      Face.HIT, ATTACKING)


def its_a_trap_boe() -> DiceAbility:
    """It's a Trap! (Battle over Endor), defending outnumbering nearby enemies: may reroll 1
    blank result."""
    return reroll("itsatrap-battleoverendor", "It's a Trap! (reroll 1 blank)", DEFENDING,
                  faces=(Face.BLANK,))


def no_escape_boe() -> DiceAbility:
    """No Escape (Battle over Endor), primary attack outnumbering the defender's friends: may
    reroll 1 blank result."""
    return reroll("noescape-battleoverendor", "No Escape (reroll 1 blank)", ATTACKING,
                  faces=(Face.BLANK,))


def apex_predator_boe() -> DiceAbility:
    """Apex Predator (Battle over Endor), primary attack against a lower initiative: may
    reroll 1 attack die."""
    return reroll("apexpredator-battleoverendor", "Apex Predator (reroll 1 attack die)",
                  ATTACKING)


def notorious() -> DiceAbility:
    """Notorious, attacking a strained defender: may reroll 1 blank result."""
    return reroll("notorious", "Notorious (reroll 1 blank)", ATTACKING, faces=(Face.BLANK,))


def gravitic_deflection(count: int = 1) -> DiceAbility:
    """Gravitic Deflection, defending: may reroll 1 defense die per tractored ship in the
    attack arc (the parameter: how many there are)."""
    if count < 1:
        raise ValueError("Gravitic Deflection needs at least 1 tractored ship in the arc")
    return reroll("graviticdeflection", f"Gravitic Deflection (reroll {count})", DEFENDING,
                  count)


# --- remotes ------------------------------------------------------------------------------

COMMANDO_TEAMS = ("clanwrencommandos", "deathwatchcommandos", "imperialsupercommandos",
                  "mandaloriansupercommandos", "niteowlcommandos")
"""The Commando Team remotes, named after the crew cards that drop them."""


def commando_team(kind: str) -> DiceAbility:
    """A Commando Team remote (``kind``), attacking: may change 1 focus result to a hit."""
    return change_one(kind, "Commando Team (change 1 focus result to a hit)", Face.FOCUS,
                      Face.HIT, ATTACKING)
