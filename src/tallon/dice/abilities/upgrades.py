"""Dice abilities of upgrade cards, continued from :mod:`tallon.dice.abilities.cards`:
gunners, astromechs, sensors and crew (the catalogue lists them all by id)."""

from __future__ import annotations

from tallon.dice.abilities.base import (
    ATTACKING,
    DEFENDING,
    DiceAbility,
    Situation,
    Window,
)
from tallon.dice.abilities.effects import (
    CardAbility,
    ChangeResults,
    Effect,
    RerollDice,
    Variant,
)
from tallon.dice.abilities.tokens import LOCK
from tallon.dice.faces import Face

# --- gunners ---------------------------------------------------------------------------


class ChangeUpTo(Effect):
    """Change 1 to ``most`` dice showing one of ``sources`` to ``target`` ("change 1 hit
    result to a crit result for each ...": the owner may change fewer)."""

    def __init__(self, most: int, sources: tuple[Face, ...], target: Face) -> None:
        self.most = most
        self.sources = sources
        self.target = target

    def variants(self, situation: Situation) -> list[Variant]:
        found: list[Variant] = []
        for count in range(1, self.most + 1):
            for variant in ChangeResults(count, self.sources, (self.target,)).variants(
                    situation):
                if variant not in found:
                    found.append(variant)
        return found


def bt1(stress: int = 1) -> DiceAbility:
    """BT-1 (gunner): may change 1 hit to a crit for each stress token the defender has
    (the parameter: how many it has)."""
    if stress < 1:
        raise ValueError("BT-1 needs a defender with at least 1 stress token")
    return CardAbility(
        "bt1",
        f"BT-1 (up to {stress} hit to crit)",
        effect=ChangeUpTo(stress, (Face.HIT,), Face.CRIT),
        roles=ATTACKING,
    )


def greedo(charges: int = 1) -> DiceAbility:
    """Greedo (gunner), attacking: may spend his charge to change 1 hit to a crit."""
    return CardAbility(
        "greedo",
        "Greedo (spend charge: 1 hit to crit)",
        effect=ChangeResults(1, (Face.HIT,), (Face.CRIT,)),
        roles=ATTACKING,
        cost=(("greedo", 1),),
        charges=charges,
    )


def boba_fett_gunner() -> DiceAbility:
    """Boba Fett (gunner): no other ship in the attack arc - may change 1 focus to a hit."""
    return CardAbility(
        "bobafett-gunner",
        "Boba Fett (1 focus to hit)",
        effect=ChangeResults(1, (Face.FOCUS,), (Face.HIT,)),
        roles=ATTACKING,
    )


def dt798(ships: int = 1) -> DiceAbility:
    """DT-798 (gunner): may reroll up to 1 attack die per ship in the attack arc with a
    non-lock red or orange token (the parameter: how many such ships)."""
    if ships < 1:
        raise ValueError("DT-798 needs at least 1 ship with a red or orange token")
    return CardAbility(
        "dt798",
        f"DT-798 (reroll up to {ships} attack dice)",
        effect=RerollDice(ships),
        roles=ATTACKING,
    )


def blank_signature(charges: int = 1) -> DiceAbility:
    """Blank Signature (sensor): defending against an attacker that has no lock on it (the
    caller's to judge) - may spend its charge to change 1 focus to an evade."""
    return CardAbility(
        "blanksignature-battleoverendor",
        "Blank Signature (spend charge: 1 focus to evade)",
        effect=ChangeResults(1, (Face.FOCUS,), (Face.EVADE,)),
        roles=DEFENDING,
        cost=(("blanksignature-battleoverendor", 1),),
        charges=charges,
    )


def r6d8(ships: int = 1) -> DiceAbility:
    """R6-D8 (astromech): may reroll up to 1 attack die per friendly ship at range 0-3 with
    the defender in its bullseye arc (the caller counts them)."""
    if ships < 1:
        raise ValueError("R6-D8 needs at least 1 friendly ship with the defender in its "
                         "bullseye arc")
    return CardAbility(
        "r6d8",
        f"R6-D8 (reroll up to {ships} attack dice)",
        effect=RerollDice(ships),
        roles=ATTACKING,
    )


def r5p8(charges: int = 1) -> DiceAbility:
    """R5-P8 (astromech): attacking a defender in its front arc - may spend a charge to
    reroll 1 attack die. (The damage it suffers on a rerolled crit is not a dice effect.)"""
    return CardAbility(
        "r5p8",
        "R5-P8 (spend charge: reroll 1 attack die)",
        effect=RerollDice(1),
        roles=ATTACKING,
        cost=(("r5p8", 1),),
        charges=charges,
    )


def m9g8() -> DiceAbility:
    """M9-G8 (astromech) on the defender's side: its ship locks the attacker (the caller's
    to judge) - the defender's player chooses 1 attack die and the attacker rerolls it."""
    return CardAbility(
        "m9g8",
        "M9-G8 (the attacker rerolls 1 attack die you choose)",
        effect=RerollDice(1),
        window=Window.OPPONENT_DICE,
        roles=DEFENDING,
    )


def bo_katan_kryze() -> DiceAbility:
    """Bo-Katan Kryze (crew): at range 0-1 of the defender - may reroll 1 attack die."""
    return CardAbility("bokatankryze", "Bo-Katan Kryze (reroll 1 attack die)",
                       effect=RerollDice(1), roles=ATTACKING)


def admiral_sloane() -> DiceAbility:
    """Admiral Sloane (crew) nearby: attacking a stressed ship - may reroll 1 attack die."""
    return CardAbility("admiralsloane", "Admiral Sloane (reroll 1 attack die)",
                       effect=RerollDice(1), roles=ATTACKING)


def commander_pyre() -> DiceAbility:
    """Commander Pyre (crew): defending against a stressed attacker - may reroll 1 defense
    die."""
    return CardAbility("commanderpyre", "Commander Pyre (reroll 1 defense die)",
                       effect=RerollDice(1), roles=DEFENDING)


def chewbacca_resistance(charges: int = 2) -> DiceAbility:
    """Chewbacca (Resistance crew): attacking - may spend 2 charges to change 1 focus to a
    critical hit."""
    return CardAbility("chewbacca-crew-swz19", "Chewbacca (2 charges: 1 focus to crit)",
                       effect=ChangeResults(1, (Face.FOCUS,), (Face.CRIT,)), roles=ATTACKING,
                       cost=(("chewbacca-crew-swz19", 2),), charges=charges)


def l337(charges: int = 1) -> DiceAbility:
    """L3-37 (crew): defending - may flip the card (once: a charge here) to make the
    attacker reroll all of its attack dice."""
    return CardAbility("l337", "L3-37 (flip: the attacker rerolls all attack dice)",
                       effect=RerollDice(15, exactly=True), window=Window.OPPONENT_DICE,
                       roles=DEFENDING, cost=(("l337", 1),), charges=charges)


def latts_razzi() -> DiceAbility:
    """Latts Razzi (crew): defending against a stressed attacker - may remove 1 of its
    stress tokens to change 1 blank or focus result to an evade."""
    return CardAbility("lattsrazzi", "Latts Razzi (attacker's stress: 1 blank/focus to "
                       "evade)", effect=ChangeResults(1, (Face.BLANK, Face.FOCUS),
                                                      (Face.EVADE,)), roles=DEFENDING)


def rook_kast() -> DiceAbility:
    """Rook Kast (crew): attacking while strained - may change 1 blank or focus result to a
    hit."""
    return CardAbility("rookkast", "Rook Kast (strained: 1 blank or focus to hit)",
                       effect=ChangeResults(1, (Face.BLANK, Face.FOCUS), (Face.HIT,)),
                       roles=ATTACKING, requires=lambda s: s.own["strain"] >= 1,
                       requirement_reads_dice=False, uses=("strain",))


def zuckuss() -> DiceAbility:
    """Zuckuss (crew): attacking while not stressed - may gain 1 stress token to choose 1
    defense die, which the defender must reroll."""
    return CardAbility("zuckuss", "Zuckuss (gain 1 stress: the defender rerolls 1 die)",
                       effect=RerollDice(1, exactly=True), window=Window.OPPONENT_DICE,
                       roles=ATTACKING, gain=(("stress", 1),),
                       requires=lambda s: s.own["stress"] == 0,
                       requirement_reads_dice=False, uses=("stress",))


def tristan_wren(charges: int = 1) -> DiceAbility:
    """Tristan Wren (crew): a friendly ordnance attack nearby - may spend its charge for the
    attacker to change 1 hit to a critical hit."""
    return CardAbility("tristanwren", "Tristan Wren (spend charge: 1 hit to crit)",
                       effect=ChangeResults(1, (Face.HIT,), (Face.CRIT,)), roles=ATTACKING,
                       cost=(("tristanwren", 1),), charges=charges)


# --- crew (Gar Saxon, Jango Fett) --------------------------------------------------------


def gar_saxon() -> DiceAbility:
    """Gar Saxon (crew): a friendly attacker of initiative 4 or lower at range 1-3 of his
    ship, against a defender his ship has locked (the caller's to judge) - may change 1
    focus to a hit."""
    return CardAbility(
        "garsaxon",
        "Gar Saxon (1 focus to hit)",
        effect=ChangeResults(1, (Face.FOCUS,), (Face.HIT,)),
        roles=ATTACKING,
    )


def jango_fett() -> DiceAbility:
    """Jango Fett (crew), attacking: may spend the lock on the defender to change 1 of
    its focus results to a blank."""
    return CardAbility(
        "jangofett",
        "Jango Fett (spend lock: 1 defender focus to blank)",
        effect=ChangeResults(1, (Face.FOCUS,), (Face.BLANK,)),
        window=Window.OPPONENT_DICE,
        roles=ATTACKING,
        cost=((LOCK, 1),),
    )
