"""Dice abilities of upgrade cards, continued from :mod:`tallon.dice.abilities.cards`:
gunners, astromechs, sensors and crew (the catalogue lists them all by id)."""

from __future__ import annotations

from tallon.dice.abilities.base import (
    ATTACKING,
    BOTH_ROLES,
    DEFENDING,
    DiceAbility,
    Role,
    Situation,
    Window,
)
from tallon.dice.abilities.effects import (
    CancelResults,
    CardAbility,
    ChangeResults,
    Effect,
    RerollDice,
    Variant,
)
from tallon.dice.abilities.tokens import GREEN_TOKENS, LOCK
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


# --- T-70 X-wing and Fang fighter pilots ------------------------------------------------


def clan_wren_volunteer() -> DiceAbility:
    """Clan Wren Volunteer (pilot), attacking at range 1 beside a friendly ship that
    revealed a maneuver of the same speed: may reroll 1 attack die."""
    return CardAbility("clanwrenvolunteer", "Clan Wren Volunteer (reroll 1 attack die)",
                       effect=RerollDice(1), roles=ATTACKING)


def nimi_chireen() -> DiceAbility:
    """Nimi Chireen (pilot), attacking a defender of higher initiative: may change 1 blank
    result to a focus result."""
    return CardAbility("nimichireen", "Nimi Chireen (1 blank to focus)",
                       effect=ChangeResults(1, (Face.BLANK,), (Face.FOCUS,)), roles=ATTACKING)


def zay_versio() -> DiceAbility:
    """Zay Versio (pilot), defending against a damaged attacker: may reroll 1 defense
    die."""
    return CardAbility("zayversio", "Zay Versio (reroll 1 defense die)",
                       effect=RerollDice(1), roles=DEFENDING)


# --- RZ-1 A-wing pilots ----------------------------------------------------------------


def sabine_wren_rz1() -> DiceAbility:
    """Sabine Wren (RZ-1 pilot), attacking or defending at attack range 1 in the enemy's
    front arc: may change 1 result to a hit (attack dice) or an evade (defense dice)."""
    return CardAbility("sabinewren-rz1awing", "Sabine Wren (change 1 result to a hit or evade)",
                       effect=ChangeResults(1, tuple(Face), (Face.HIT, Face.EVADE)),
                       roles=BOTH_ROLES)


def arvel_crynyd_boe() -> DiceAbility:
    """Arvel Crynyd (Battle over Endor pilot), defending: may gain a strain token to change
    1 focus result to an evade."""
    return CardAbility("arvelcrynyd-battleoverendor",
                       "Arvel Crynyd (gain 1 strain: 1 focus to evade)",
                       effect=ChangeResults(1, (Face.FOCUS,), (Face.EVADE,)), roles=DEFENDING,
                       gain=(("strain", 1),))


def gemmer_sojan_boe() -> DiceAbility:
    """Gemmer Sojan (Battle over Endor pilot), defending: may gain a strain token to change
    up to 2 blank results to focus results."""
    return CardAbility("gemmersojan-battleoverendor",
                       "Gemmer Sojan (gain 1 strain: up to 2 blanks to focus)",
                       effect=ChangeUpTo(2, (Face.BLANK,), Face.FOCUS), roles=DEFENDING,
                       gain=(("strain", 1),))


# --- A/SF-01 B-wing, UT-60D U-wing and E-wing pilots -----------------------------------


def braylen_stramm() -> DiceAbility:
    """Braylen Stramm (B-wing pilot), attacking or defending while stressed: may reroll up
    to 2 of his dice."""
    return CardAbility("braylenstramm", "Braylen Stramm (stressed: reroll up to 2 dice)",
                       effect=RerollDice(2), roles=BOTH_ROLES)


def ten_numb() -> DiceAbility:
    """Ten Numb (B-wing pilot), attacking or defending: may spend 1 stress token to change
    all focus results to hits (attack dice) or evades (defense dice)."""
    return CardAbility("tennumb", "Ten Numb (spend 1 stress: all focus to hit/evade)",
                       effect=ChangeResults(None, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
                       roles=BOTH_ROLES, cost=(("stress", 1),))


def saw_gerrera() -> DiceAbility:
    """Saw Gerrera (U-wing pilot) at range 0-3 of a damaged friendly attacker: it may
    reroll 1 attack die."""
    return CardAbility("sawgerrera", "Saw Gerrera (reroll 1 attack die)",
                       effect=RerollDice(1), roles=ATTACKING)


def gavin_darklighter() -> DiceAbility:
    """Gavin Darklighter (E-wing pilot) with the defender in his front arc: the friendly
    attacker may change 1 hit to a crit."""
    return CardAbility("gavindarklighter", "Gavin Darklighter (1 hit to crit)",
                       effect=ChangeResults(1, (Face.HIT,), (Face.CRIT,)), roles=ATTACKING)


def teza_nasz() -> DiceAbility:
    """Teza Nasz (BTA-NR2 pilot) nearby, the defender flanked in both side arcs by ships
    friendly to the attacker: the attacker may reroll 1 attack die."""
    return CardAbility("tezanasz", "Teza Nasz (reroll 1 attack die)", effect=RerollDice(1),
                       roles=ATTACKING)


def lega_fossang(count: int = 1) -> DiceAbility:
    """Lega Fossang: primary or turret attack, may reroll 1 attack die per friendly device
    and calculating friendly ship in the attack arc."""
    if count < 1:
        raise ValueError("Lega Fossang needs at least 1 friendly device or calculating ship")
    return CardAbility("legafossang", f"Lega Fossang (reroll up to {count} attack dice)",
                       effect=RerollDice(count), roles=ATTACKING)


def outrider() -> DiceAbility:
    """Outrider (YT-2400 title), its attack obstructed by an obstacle: may change 1 of the
    defender's evades to a focus."""
    return CardAbility("outrider", "Outrider (obstructed: 1 defender evade to focus)",
                       effect=ChangeResults(1, (Face.EVADE,), (Face.FOCUS,)),
                       window=Window.OPPONENT_DICE, roles=ATTACKING)


def _evading(situation: Situation) -> bool:
    return situation.own["evade"] >= 1


def millennium_falcon() -> DiceAbility:
    """Millennium Falcon (YT-1300 title), defending while evading: may reroll 1 defense
    die."""
    return CardAbility("millenniumfalcon", "Millennium Falcon (evading: reroll 1 die)",
                       effect=RerollDice(1), roles=DEFENDING, requires=_evading,
                       requirement_reads_dice=False)


def millennium_falcon_boe() -> DiceAbility:
    """Millennium Falcon (Battle over Endor), attacking or defending with a non-lock red
    or orange token: may reroll 1 die."""
    return CardAbility("millenniumfalcon-battleoverendor",
                       "Millennium Falcon (red or orange token: reroll 1 die)",
                       effect=RerollDice(1), roles=BOTH_ROLES)


def _attacker_has_no_green(situation: Situation) -> bool:
    return all(situation.opponent[name] == 0 for name in GREEN_TOKENS)


def captain_feroph() -> DiceAbility:
    """Captain Feroph (TIE Reaper pilot), defending against an attacker without green
    tokens: may change 1 blank or focus to an evade."""
    return CardAbility("captainferoph",
                       "Captain Feroph (attacker without green tokens: 1 blank/focus to evade)",
                       effect=ChangeResults(1, (Face.BLANK, Face.FOCUS), (Face.EVADE,)),
                       roles=DEFENDING, requires=_attacker_has_no_green,
                       requirement_reads_dice=False, opponent_uses=GREEN_TOKENS)


def rear_admiral_chiraneau() -> DiceAbility:
    """Rear Admiral Chiraneau (VT-49 pilot), reinforced, attacking a defender in the full
    arc of his reinforce token: may change 1 focus to a crit."""
    return CardAbility("rearadmiralchiraneau", "Rear Admiral Chiraneau (1 focus to crit)",
                       effect=ChangeResults(1, (Face.FOCUS,), (Face.CRIT,)), roles=ATTACKING)


def major_vynder_ssl() -> DiceAbility:
    """Major Vynder (Alpha-class Star Wing standard loadout), in the bonus cannon attack his
    missile attack gave him: may change 1 focus to a hit."""
    return CardAbility("majorvynder-ssl", "Major Vynder (bonus cannon attack: 1 focus to hit)",
                       effect=ChangeResults(1, (Face.FOCUS,), (Face.HIT,)), roles=ATTACKING)


def lyttan_dree() -> DiceAbility:
    """Lyttan Dree (TIE/rb Heavy pilot) at range 0-2 of the attacker, in a side arc of the
    defender: the attacker may reroll 1 attack die."""
    return CardAbility("lyttandree", "Lyttan Dree (reroll 1 attack die)",
                       effect=RerollDice(1), roles=ATTACKING)


def major_rhymer_swz98() -> DiceAbility:
    """Major Rhymer (TIE/sa Bomber standard loadout), torpedo attack, defender in his
    bullseye arc: must change 1 focus to a crit."""
    return CardAbility("majorrhymer-swz98", "Major Rhymer (1 focus to crit)",
                       effect=ChangeResults(1, (Face.FOCUS,), (Face.CRIT,)), roles=ATTACKING,
                       mandatory=True)


# --- Fang fighter, Firespray, Gauntlet pilots and titles (Scum, Separatist) -------------


def mandalorian_royal_guard() -> DiceAbility:
    """Mandalorian Royal Guard (Fang pilot) in the attack arc, gaining a deplete and a strain
    token herself: the friendly non-small defender may change 1 result to an evade."""
    return CardAbility("mandalorianroyalguard", "Mandalorian Royal Guard (1 result to evade)",
                       effect=ChangeResults(1, (Face.BLANK, Face.FOCUS), (Face.EVADE,)),
                       roles=DEFENDING)


def boba_fett_firespray(enemies: int = 1) -> DiceAbility:
    """Boba Fett (Scum Firespray pilot): may reroll 1 of his dice per enemy ship at range
    0-1 (the parameter: how many there are)."""
    if enemies < 1:
        raise ValueError("Boba Fett needs at least 1 enemy ship at range 0-1")
    return CardAbility("bobafett", f"Boba Fett (reroll up to {enemies} dice)",
                       effect=RerollDice(enemies), roles=BOTH_ROLES)


def reroll_one(key: str, title: str, roles: frozenset[Role] = BOTH_ROLES) -> DiceAbility:
    """A card that may reroll 1 of its own dice (Koshka Frost with a stressed enemy, Krassis
    Trelix's special attacks, Marauder's primary rear-arc attacks)."""
    return CardAbility(key, f"{title} (reroll 1 die)", effect=RerollDice(1), roles=roles)


def jango_fett_pilot() -> DiceAbility:
    """Jango Fett (Separatist Firespray pilot), his revealed maneuver easier than the enemy
    ship's: may change 1 of the enemy's focus results to a blank."""
    return CardAbility("jangofett-pilot", "Jango Fett (1 enemy focus to blank)",
                       effect=ChangeResults(1, (Face.FOCUS,), (Face.BLANK,)),
                       window=Window.OPPONENT_DICE, roles=BOTH_ROLES)


def boba_fett_separatist() -> DiceAbility:
    """Boba Fett (Separatist Firespray pilot), defending with no other friendly ship at
    range 0-2: may change 1 blank result to a focus result."""
    return CardAbility("bobafett-firesprayclasspatrolcraft", "Boba Fett (1 blank to focus)",
                       effect=ChangeResults(1, (Face.BLANK,), (Face.FOCUS,)), roles=DEFENDING)


def slave_i_swz82() -> DiceAbility:
    """Slave I (Firespray title), front-arc attack from the defender's full rear arc: may
    change 1 hit to a crit."""
    return CardAbility("slavei-swz82", "Slave I (1 hit to crit)",
                       effect=ChangeResults(1, (Face.HIT,), (Face.CRIT,)), roles=ATTACKING)


def the_mandalorian() -> DiceAbility:
    """The Mandalorian (ST-70 pilot), attacking or defending in the front arc at range 1-2
    of 2 or more enemy ships: may change 1 blank result to a focus result."""
    return CardAbility("themandalorian", "The Mandalorian (1 blank to focus)",
                       effect=ChangeResults(1, (Face.BLANK,), (Face.FOCUS,)), roles=BOTH_ROLES)


# --- Rogue-class Starfighter pilots (Separatist) ---------------------------------------


def ig102() -> DiceAbility:
    """IG-102 (pilot), defending against an attacker of equal or higher initiative: may
    change 1 blank result to a focus result."""
    return CardAbility("ig102", "IG-102 (1 blank to focus)",
                       effect=ChangeResults(1, (Face.BLANK,), (Face.FOCUS,)), roles=DEFENDING)


# --- Galactic Republic ARC-170, Nimbus-class V-wing pilots and configurations ---------


def wolffe(charges: int = 1) -> DiceAbility:
    """"Wolffe" (ARC-170 pilot), primary front arc attack: may spend his charge to reroll 1
    attack die."""
    return CardAbility("wolffe", "Wolffe (spend charge: reroll 1 attack die)",
                       effect=RerollDice(1), roles=ATTACKING, cost=(("wolffe", 1),),
                       charges=charges)


def contrail() -> DiceAbility:
    """"Contrail" (Nimbus pilot), his revealed maneuver's bearing the enemy ship's: may
    change 1 of the enemy's focus results to a blank."""
    return CardAbility("contrail", "Contrail (same bearing: 1 enemy focus result to blank)",
                       effect=ChangeResults(1, (Face.FOCUS,), (Face.BLANK,)),
                       window=Window.OPPONENT_DICE, roles=BOTH_ROLES)


def alpha3b_besh() -> DiceAbility:
    """Alpha-3B "Besh" (Nimbus configuration), primary attack: may spend the lock on the
    defender to change 1 blank or focus result to a hit."""
    return CardAbility("alpha3bbesh", "Alpha-3B Besh (spend your lock: 1 blank or focus "
                       "result to a hit)",
                       effect=ChangeResults(1, (Face.BLANK, Face.FOCUS), (Face.HIT,)),
                       roles=ATTACKING, cost=((LOCK, 1),))


def inaldra() -> DiceAbility:
    """Inaldra (M3-A pilot), attacking or defending: may suffer 1 damage (outside the dice)
    to reroll any number of her dice."""
    return CardAbility("inaldra", "Inaldra (suffer 1 damage: reroll any number)",
                       effect=RerollDice(), roles=BOTH_ROLES)


def drea_renthal() -> DiceAbility:
    """Drea Renthal (BTL-A4 pilot): a friendly non-limited attacker, the defender in her
    firing arc - may reroll 1 attack die."""
    return CardAbility("drearenthal", "Drea Renthal (reroll 1)", effect=RerollDice(1),
                       roles=ATTACKING)


def arliz_hadrassian() -> DiceAbility:
    """Arliz Hadrassian (BTL-A4 pilot): her front-arc attack while damaged - may change 1
    focus result to a critical hit."""
    return CardAbility("arlizhadrassian", "Arliz Hadrassian (1 focus to crit)",
                       effect=ChangeResults(1, (Face.FOCUS,), (Face.CRIT,)), roles=ATTACKING)


# --- Separatist droids (cards/pilots/vultureclassdroidfighter.py) -------------------------


def precise_hunter() -> DiceAbility:
    """Precise Hunter: the defender in its bullseye arc - may reroll 1 blank result."""
    return CardAbility("precisehunter", "Precise Hunter (reroll 1 blank result)",
                       effect=RerollDice(1, faces=(Face.BLANK,)), roles=ATTACKING)


def dfs081() -> DiceAbility:
    """DFS-081 (the defender at range 0-1 of it): may spend 1 calculate token to change all
    crit results to hits."""
    return CardAbility("dfs081", "DFS-081 (spend calculate: all crits to hits)",
                       effect=ChangeResults(None, (Face.CRIT,), (Face.HIT,)),
                       window=Window.OPPONENT_DICE, roles=DEFENDING, cost=(("calculate", 1),))


def dfs081_siege(charges: int = 2) -> DiceAbility:
    """DFS-081 (Siege of Coruscant), defending: may spend 1 charge and 1 calculate token to
    cancel 1 crit result."""
    key = "dfs081-siegeofcoruscant"
    return CardAbility(key, "DFS-081 (charge and calculate: cancel 1 crit)",
                       effect=CancelResults(Face.CRIT), window=Window.OPPONENT_DICE,
                       roles=DEFENDING, cost=((key, 1), ("calculate", 1)), charges=charges)


# --- Galactic Republic pilots (cards/pilots/btlbywing.py, clonez95headhunter.py,
# laatigunship.py, nabooroyaln1starfighter.py) ------------------------------------------


def matchstick(red_tokens: int = 1) -> DiceAbility:
    """"Matchstick" (BTL-B pilot), primary or turret attack: may reroll 1 attack die per red
    token he has."""
    if red_tokens < 1:
        raise ValueError("Matchstick needs at least 1 red token")
    return CardAbility("matchstick", f"Matchstick (reroll up to {red_tokens} attack dice)",
                       effect=RerollDice(red_tokens), roles=ATTACKING)


def broadside() -> DiceAbility:
    """"Broadside" (BTL-B pilot), turret attack with the indicator at a side arc: may change
    1 blank result to a focus result."""
    return CardAbility("broadside", "Broadside (1 blank to focus)",
                       effect=ChangeResults(1, (Face.BLANK,), (Face.FOCUS,)), roles=ATTACKING)


def gavyn_sykes() -> DiceAbility:
    """Gavyn Sykes (N-1 pilot), faster revealed maneuver than the enemy ship's: may reroll
    any number of his blank results."""
    return CardAbility("gavynsykes", "Gavyn Sykes (reroll blank results)",
                       effect=RerollDice(None, faces=(Face.BLANK,)), roles=BOTH_ROLES)


def fire_convergence(charges: int = 2) -> DiceAbility:
    """Fire Convergence (LAAT/i ship ability), a friendly non-turret attack against a ship in
    the gunship's turret arc: may spend 1 of the gunship's charges to reroll up to 2 attack
    dice."""
    return CardAbility("fireconvergence", "Fire Convergence (spend charge: reroll up to 2)",
                       effect=RerollDice(2), roles=ATTACKING,
                       cost=(("fireconvergence", 1),), charges=charges)
