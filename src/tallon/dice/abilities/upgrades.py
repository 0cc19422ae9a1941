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
    Tokens,
    Window,
)
from tallon.dice.abilities.effects import (
    CancelResults,
    CardAbility,
    ChangeResults,
    Effect,
    RerollDice,
    Variant,
    change_one,
    reroll,
)
from tallon.dice.abilities.tokens import GREEN_TOKENS, LOCK, STRESS
from tallon.dice.faces import Face

# --- gunners ---------------------------------------------------------------------------


class ChangeUpTo(Effect):
    """Change 1 to ``most`` dice showing one of ``sources`` to one of ``targets`` ("change 1
    hit result to a crit result for each ...", "up to 2": the owner may change fewer)."""

    def __init__(self, most: int, sources: tuple[Face, ...], targets: tuple[Face, ...]
                 ) -> None:
        self.changes = [ChangeResults(n, sources, targets) for n in range(1, most + 1)]

    def variants(self, situation: Situation) -> list[Variant]:
        found: list[Variant] = []
        for change in self.changes:
            for ops in change.variants(situation):
                if ops not in found:
                    found.append(ops)
        return found


def bt1(stress: int = 1) -> DiceAbility:
    """BT-1 (gunner): may change 1 hit to a crit for each stress token the defender has
    (the parameter: how many it has)."""
    if stress < 1:
        raise ValueError("BT-1 needs a defender with at least 1 stress token")
    return CardAbility(
        "bt1",
        f"BT-1 (up to {stress} hit to crit)",
        effect=ChangeUpTo(stress, (Face.HIT,), (Face.CRIT,)),
        roles=ATTACKING,
    )


def greedo(charges: int = 1) -> DiceAbility:
    """Greedo (gunner), attacking: may spend his charge to change 1 hit to a crit."""
    return change_one("greedo", "Greedo (spend charge: 1 hit to crit)", Face.HIT, Face.CRIT,
                      ATTACKING, cost=(("greedo", 1),), charges=charges)


def boba_fett_gunner() -> DiceAbility:
    """Boba Fett (gunner): no other ship in the attack arc - may change 1 focus to a hit."""
    return change_one("bobafett-gunner", "Boba Fett (1 focus to hit)", Face.FOCUS, Face.HIT,
                      ATTACKING)


def dt798(ships: int = 1) -> DiceAbility:
    """DT-798 (gunner): may reroll up to 1 attack die per ship in the attack arc with a
    non-lock red or orange token (the parameter: how many such ships)."""
    if ships < 1:
        raise ValueError("DT-798 needs at least 1 ship with a red or orange token")
    return reroll("dt798", f"DT-798 (reroll up to {ships} attack dice)", ATTACKING, ships)


def blank_signature(charges: int = 1) -> DiceAbility:
    """Blank Signature (sensor): defending against an attacker that has no lock on it (the
    caller's to judge) - may spend its charge to change 1 focus to an evade."""
    return change_one("blanksignature-battleoverendor",
                      "Blank Signature (spend charge: 1 focus to evade)", Face.FOCUS, Face.EVADE,
                      DEFENDING, cost=(("blanksignature-battleoverendor", 1),), charges=charges)


def r6d8(ships: int = 1) -> DiceAbility:
    """R6-D8 (astromech): may reroll up to 1 attack die per friendly ship at range 0-3 with
    the defender in its bullseye arc (the caller counts them)."""
    if ships < 1:
        raise ValueError("R6-D8 needs at least 1 friendly ship with the defender in its "
                         "bullseye arc")
    return reroll("r6d8", f"R6-D8 (reroll up to {ships} attack dice)", ATTACKING, ships)


def r5p8(charges: int = 1) -> DiceAbility:
    """R5-P8 (astromech): attacking a defender in its front arc - may spend a charge to
    reroll 1 attack die. (The damage it suffers on a rerolled crit is not a dice effect.)"""
    return reroll("r5p8", "R5-P8 (spend charge: reroll 1 attack die)", ATTACKING,
                  cost=(("r5p8", 1),), charges=charges)


def m9g8() -> DiceAbility:
    """M9-G8 (astromech) on the defender's side: its ship locks the attacker (the caller's
    to judge) - the defender's player chooses 1 attack die and the attacker rerolls it."""
    return reroll("m9g8", "M9-G8 (the attacker rerolls 1 attack die you choose)", DEFENDING,
                  window=Window.OPPONENT_DICE)


def bo_katan_kryze() -> DiceAbility:
    """Bo-Katan Kryze (crew): at range 0-1 of the defender - may reroll 1 attack die."""
    return reroll("bokatankryze", "Bo-Katan Kryze (reroll 1 attack die)", ATTACKING)


def admiral_sloane() -> DiceAbility:
    """Admiral Sloane (crew) nearby: attacking a stressed ship - may reroll 1 attack die."""
    return reroll("admiralsloane", "Admiral Sloane (reroll 1 attack die)", ATTACKING)


def commander_pyre() -> DiceAbility:
    """Commander Pyre (crew): defending against a stressed attacker - may reroll 1 defense
    die."""
    return reroll("commanderpyre", "Commander Pyre (reroll 1 defense die)", DEFENDING)


def chewbacca_resistance(charges: int = 2) -> DiceAbility:
    """Chewbacca (Resistance crew): attacking - may spend 2 charges to change 1 focus to a
    critical hit."""
    return change_one("chewbacca-crew-swz19", "Chewbacca (2 charges: 1 focus to crit)", Face.FOCUS,
                      Face.CRIT, ATTACKING, cost=(("chewbacca-crew-swz19", 2),), charges=charges)


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
    return change_one("rookkast", "Rook Kast (strained: 1 blank or focus to hit)",
                      (Face.BLANK, Face.FOCUS), Face.HIT, ATTACKING,
                      requires=lambda s: s.own["strain"] >= 1, requirement_reads_dice=False,
                      uses=("strain",))


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
    return change_one("tristanwren", "Tristan Wren (spend charge: 1 hit to crit)", Face.HIT,
                      Face.CRIT, ATTACKING, cost=(("tristanwren", 1),), charges=charges)


# --- crew (Gar Saxon, Jango Fett) --------------------------------------------------------


def gar_saxon() -> DiceAbility:
    """Gar Saxon (crew): a friendly attacker of initiative 4 or lower at range 1-3 of his
    ship, against a defender his ship has locked (the caller's to judge) - may change 1
    focus to a hit."""
    return change_one("garsaxon", "Gar Saxon (1 focus to hit)", Face.FOCUS, Face.HIT, ATTACKING)


def jango_fett() -> DiceAbility:
    """Jango Fett (crew), attacking: may spend the lock on the defender to change 1 of
    its focus results to a blank."""
    return change_one("jangofett", "Jango Fett (spend lock: 1 defender focus to blank)",
                      Face.FOCUS, Face.BLANK, ATTACKING, window=Window.OPPONENT_DICE,
                      cost=((LOCK, 1),))


# --- T-70 X-wing and Fang fighter pilots ------------------------------------------------


def clan_wren_volunteer() -> DiceAbility:
    """Clan Wren Volunteer (pilot), attacking at range 1 beside a friendly ship that
    revealed a maneuver of the same speed: may reroll 1 attack die."""
    return reroll("clanwrenvolunteer", "Clan Wren Volunteer (reroll 1 attack die)", ATTACKING)


def nimi_chireen() -> DiceAbility:
    """Nimi Chireen (pilot), attacking a defender of higher initiative: may change 1 blank
    result to a focus result."""
    return change_one("nimichireen", "Nimi Chireen (1 blank to focus)", Face.BLANK, Face.FOCUS,
                      ATTACKING)


def zay_versio() -> DiceAbility:
    """Zay Versio (pilot), defending against a damaged attacker: may reroll 1 defense
    die."""
    return reroll("zayversio", "Zay Versio (reroll 1 defense die)", DEFENDING)


# --- RZ-1 A-wing pilots ----------------------------------------------------------------


def sabine_wren_rz1() -> DiceAbility:
    """Sabine Wren (RZ-1 pilot), attacking or defending at attack range 1 in the enemy's
    front arc: may change 1 result to a hit (attack dice) or an evade (defense dice)."""
    return change_one("sabinewren-rz1awing", "Sabine Wren (change 1 result to a hit or evade)",
                      tuple(Face), (Face.HIT, Face.EVADE), BOTH_ROLES)


def arvel_crynyd_boe() -> DiceAbility:
    """Arvel Crynyd (Battle over Endor pilot), defending: may gain a strain token to change
    1 focus result to an evade."""
    return change_one("arvelcrynyd-battleoverendor",
                      "Arvel Crynyd (gain 1 strain: 1 focus to evade)", Face.FOCUS, Face.EVADE,
                      DEFENDING, gain=(("strain", 1),))


def gemmer_sojan_boe() -> DiceAbility:
    """Gemmer Sojan (Battle over Endor pilot), defending: may gain a strain token to change
    up to 2 blank results to focus results."""
    return CardAbility("gemmersojan-battleoverendor",
                       "Gemmer Sojan (gain 1 strain: up to 2 blanks to focus)",
                       effect=ChangeUpTo(2, (Face.BLANK,), (Face.FOCUS,)), roles=DEFENDING,
                       gain=(("strain", 1),))


# --- A/SF-01 B-wing, UT-60D U-wing and E-wing pilots -----------------------------------


def braylen_stramm() -> DiceAbility:
    """Braylen Stramm (B-wing pilot), attacking or defending while stressed: may reroll up
    to 2 of his dice."""
    return reroll("braylenstramm", "Braylen Stramm (stressed: reroll up to 2 dice)", BOTH_ROLES, 2)


def ten_numb() -> DiceAbility:
    """Ten Numb (B-wing pilot), attacking or defending: may spend 1 stress token to change
    all focus results to hits (attack dice) or evades (defense dice)."""
    return CardAbility("tennumb", "Ten Numb (spend 1 stress: all focus to hit/evade)",
                       effect=ChangeResults(None, (Face.FOCUS,), (Face.HIT, Face.EVADE)),
                       roles=BOTH_ROLES, cost=(("stress", 1),))


def saw_gerrera() -> DiceAbility:
    """Saw Gerrera (U-wing pilot) at range 0-3 of a damaged friendly attacker: it may
    reroll 1 attack die."""
    return reroll("sawgerrera", "Saw Gerrera (reroll 1 attack die)", ATTACKING)


def gavin_darklighter() -> DiceAbility:
    """Gavin Darklighter (E-wing pilot) with the defender in his front arc: the friendly
    attacker may change 1 hit to a crit."""
    return change_one("gavindarklighter", "Gavin Darklighter (1 hit to crit)", Face.HIT, Face.CRIT,
                      ATTACKING)


def teza_nasz() -> DiceAbility:
    """Teza Nasz (BTA-NR2 pilot) nearby, the defender flanked in both side arcs by ships
    friendly to the attacker: the attacker may reroll 1 attack die."""
    return reroll("tezanasz", "Teza Nasz (reroll 1 attack die)", ATTACKING)


def lega_fossang(count: int = 1) -> DiceAbility:
    """Lega Fossang: primary or turret attack, may reroll 1 attack die per friendly device
    and calculating friendly ship in the attack arc."""
    if count < 1:
        raise ValueError("Lega Fossang needs at least 1 friendly device or calculating ship")
    return reroll("legafossang", f"Lega Fossang (reroll up to {count} attack dice)", ATTACKING,
                  count)


def outrider() -> DiceAbility:
    """Outrider (YT-2400 title), its attack obstructed by an obstacle: may change 1 of the
    defender's evades to a focus."""
    return change_one("outrider", "Outrider (obstructed: 1 defender evade to focus)", Face.EVADE,
                      Face.FOCUS, ATTACKING, window=Window.OPPONENT_DICE)


def _evading(situation: Situation) -> bool:
    return situation.own["evade"] >= 1


def millennium_falcon() -> DiceAbility:
    """Millennium Falcon (YT-1300 title), defending while evading: may reroll 1 defense
    die."""
    return reroll("millenniumfalcon", "Millennium Falcon (evading: reroll 1 die)", DEFENDING,
                  requires=_evading, requirement_reads_dice=False)


def millennium_falcon_boe() -> DiceAbility:
    """Millennium Falcon (Battle over Endor), attacking or defending with a non-lock red
    or orange token: may reroll 1 die."""
    return reroll("millenniumfalcon-battleoverendor",
                  "Millennium Falcon (red or orange token: reroll 1 die)", BOTH_ROLES)


def _attacker_has_no_green(situation: Situation) -> bool:
    return all(situation.opponent[name] == 0 for name in GREEN_TOKENS)


def captain_feroph() -> DiceAbility:
    """Captain Feroph (TIE Reaper pilot), defending against an attacker without green
    tokens: may change 1 blank or focus to an evade."""
    return change_one("captainferoph",
                      "Captain Feroph (attacker without green tokens: 1 blank/focus to evade)",
                      (Face.BLANK, Face.FOCUS), Face.EVADE, DEFENDING,
                      requires=_attacker_has_no_green, requirement_reads_dice=False,
                      opponent_uses=GREEN_TOKENS)


def rear_admiral_chiraneau() -> DiceAbility:
    """Rear Admiral Chiraneau (VT-49 pilot), reinforced, attacking a defender in the full
    arc of his reinforce token: may change 1 focus to a crit."""
    return change_one("rearadmiralchiraneau", "Rear Admiral Chiraneau (1 focus to crit)",
                      Face.FOCUS, Face.CRIT, ATTACKING)


def major_vynder_ssl() -> DiceAbility:
    """Major Vynder (Alpha-class Star Wing standard loadout), in the bonus cannon attack his
    missile attack gave him: may change 1 focus to a hit."""
    return change_one("majorvynder-ssl", "Major Vynder (bonus cannon attack: 1 focus to hit)",
                      Face.FOCUS, Face.HIT, ATTACKING)


def lyttan_dree() -> DiceAbility:
    """Lyttan Dree (TIE/rb Heavy pilot) at range 0-2 of the attacker, in a side arc of the
    defender: the attacker may reroll 1 attack die."""
    return reroll("lyttandree", "Lyttan Dree (reroll 1 attack die)", ATTACKING)


def major_rhymer_swz98() -> DiceAbility:
    """Major Rhymer (TIE/sa Bomber standard loadout), torpedo attack, defender in his
    bullseye arc: must change 1 focus to a crit."""
    return change_one("majorrhymer-swz98", "Major Rhymer (1 focus to crit)", Face.FOCUS, Face.CRIT,
                      ATTACKING, mandatory=True)


# --- Fang fighter, Firespray, Gauntlet pilots and titles (Scum, Separatist) -------------


def mandalorian_royal_guard() -> DiceAbility:
    """Mandalorian Royal Guard (Fang pilot) in the attack arc, gaining a deplete and a strain
    token herself: the friendly non-small defender may change 1 result to an evade."""
    return change_one("mandalorianroyalguard", "Mandalorian Royal Guard (1 result to evade)",
                      (Face.BLANK, Face.FOCUS), Face.EVADE, DEFENDING)


def boba_fett_firespray(enemies: int = 1) -> DiceAbility:
    """Boba Fett (Scum Firespray pilot): may reroll 1 of his dice per enemy ship at range
    0-1 (the parameter: how many there are)."""
    if enemies < 1:
        raise ValueError("Boba Fett needs at least 1 enemy ship at range 0-1")
    return reroll("bobafett", f"Boba Fett (reroll up to {enemies} dice)", BOTH_ROLES, enemies)


def reroll_one(key: str, title: str, roles: frozenset[Role] = BOTH_ROLES) -> DiceAbility:
    """A card that may reroll 1 of its own dice (Koshka Frost with a stressed enemy, Krassis
    Trelix's special attacks, Marauder's primary rear-arc attacks)."""
    return reroll(key, f"{title} (reroll 1 die)", roles)


def jango_fett_pilot() -> DiceAbility:
    """Jango Fett (Separatist Firespray pilot), his revealed maneuver easier than the enemy
    ship's: may change 1 of the enemy's focus results to a blank."""
    return change_one("jangofett-pilot", "Jango Fett (1 enemy focus to blank)", Face.FOCUS,
                      Face.BLANK, BOTH_ROLES, window=Window.OPPONENT_DICE)


def boba_fett_separatist() -> DiceAbility:
    """Boba Fett (Separatist Firespray pilot), defending with no other friendly ship at
    range 0-2: may change 1 blank result to a focus result."""
    return change_one("bobafett-firesprayclasspatrolcraft", "Boba Fett (1 blank to focus)",
                      Face.BLANK, Face.FOCUS, DEFENDING)


def slave_i_swz82() -> DiceAbility:
    """Slave I (Firespray title), front-arc attack from the defender's full rear arc: may
    change 1 hit to a crit."""
    return change_one("slavei-swz82", "Slave I (1 hit to crit)", Face.HIT, Face.CRIT, ATTACKING)


def the_mandalorian() -> DiceAbility:
    """The Mandalorian (ST-70 pilot), attacking or defending in the front arc at range 1-2
    of 2 or more enemy ships: may change 1 blank result to a focus result."""
    return change_one("themandalorian", "The Mandalorian (1 blank to focus)", Face.BLANK,
                      Face.FOCUS, BOTH_ROLES)


# --- Rogue-class Starfighter pilots (Separatist) ---------------------------------------


def ig102() -> DiceAbility:
    """IG-102 (pilot), defending against an attacker of equal or higher initiative: may
    change 1 blank result to a focus result."""
    return change_one("ig102", "IG-102 (1 blank to focus)", Face.BLANK, Face.FOCUS, DEFENDING)


# --- Galactic Republic ARC-170, Nimbus-class V-wing pilots and configurations ---------


def wolffe(charges: int = 1) -> DiceAbility:
    """"Wolffe" (ARC-170 pilot), primary front arc attack: may spend his charge to reroll 1
    attack die."""
    return reroll("wolffe", "Wolffe (spend charge: reroll 1 attack die)", ATTACKING,
                  cost=(("wolffe", 1),), charges=charges)


def contrail() -> DiceAbility:
    """"Contrail" (Nimbus pilot), his revealed maneuver's bearing the enemy ship's: may
    change 1 of the enemy's focus results to a blank."""
    return change_one("contrail", "Contrail (same bearing: 1 enemy focus result to blank)",
                      Face.FOCUS, Face.BLANK, BOTH_ROLES, window=Window.OPPONENT_DICE)


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
    return reroll("inaldra", "Inaldra (suffer 1 damage: reroll any number)", BOTH_ROLES, None)


def drea_renthal() -> DiceAbility:
    """Drea Renthal (BTL-A4 pilot): a friendly non-limited attacker, the defender in her
    firing arc - may reroll 1 attack die."""
    return reroll("drearenthal", "Drea Renthal (reroll 1)", ATTACKING)


def arliz_hadrassian() -> DiceAbility:
    """Arliz Hadrassian (BTL-A4 pilot): her front-arc attack while damaged - may change 1
    focus result to a critical hit."""
    return change_one("arlizhadrassian", "Arliz Hadrassian (1 focus to crit)", Face.FOCUS,
                      Face.CRIT, ATTACKING)


# --- Separatist droids (cards/pilots/vultureclassdroidfighter.py) -------------------------


def precise_hunter() -> DiceAbility:
    """Precise Hunter: the defender in its bullseye arc - may reroll 1 blank result."""
    return reroll("precisehunter", "Precise Hunter (reroll 1 blank result)", ATTACKING,
                  faces=(Face.BLANK,))


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
    return reroll("matchstick", f"Matchstick (reroll up to {red_tokens} attack dice)", ATTACKING,
                  red_tokens)


def broadside() -> DiceAbility:
    """"Broadside" (BTL-B pilot), turret attack with the indicator at a side arc: may change
    1 blank result to a focus result."""
    return change_one("broadside", "Broadside (1 blank to focus)", Face.BLANK, Face.FOCUS,
                      ATTACKING)


def gavyn_sykes() -> DiceAbility:
    """Gavyn Sykes (N-1 pilot), faster revealed maneuver than the enemy ship's: may reroll
    any number of his blank results."""
    return reroll("gavynsykes", "Gavyn Sykes (reroll blank results)", BOTH_ROLES, None,
                  faces=(Face.BLANK,))


def fire_convergence(charges: int = 2) -> DiceAbility:
    """Fire Convergence (LAAT/i ship ability), a friendly non-turret attack against a ship in
    the gunship's turret arc: may spend 1 of the gunship's charges to reroll up to 2 attack
    dice."""
    return reroll("fireconvergence", "Fire Convergence (spend charge: reroll up to 2)", ATTACKING,
                  2, cost=(("fireconvergence", 1),), charges=charges)


class LandosMillenniumFalcon(DiceAbility):
    """Lando's Millennium Falcon (title), a primary attack against a stressed defender: 1
    additional attack die (not a choice). Only the attack being primary is the caller's to
    judge; the defender's stress is read from its tokens."""

    key = "landosmillenniumfalcon"
    title = "Lando's Millennium Falcon (stressed defender: +1 attack die)"
    roles = ATTACKING

    def opponent_resources(self) -> tuple[str, ...]:
        return (STRESS,)

    def attack_dice_bonus(self, role: Role, own: Tokens, opponent: Tokens) -> int:
        return 1 if role is Role.ATTACKER and opponent[STRESS] >= 1 else 0


def landos_millennium_falcon() -> DiceAbility:
    """Lando's Millennium Falcon (Scum Customized YT-1300 title)."""
    return LandosMillenniumFalcon()


def thunderstrike() -> DiceAbility:
    """Thunderstrike (CR90 title): a bonus attack against a ship not attacked yet this round
    - may reroll 1 attack die."""
    return reroll("thunderstrike", "Thunderstrike (reroll 1 attack die)", ATTACKING)
