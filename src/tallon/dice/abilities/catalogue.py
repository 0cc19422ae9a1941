"""Look up card dice abilities by id, as the command line and squad tools name them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from tallon.dice.abilities import (
    cards,
    outside_dice,
    pilots,
    pilots_2,
    pilots_3,
    upgrades,
    upgrades_2,
)
from tallon.dice.abilities.base import (
    ATTACKING,
    BOTH_ROLES,
    DEFENDING,
    DiceAbility,
    Role,
    Window,
)
from tallon.dice.abilities.effects import AddResults, CancelResults, CardAbility, reroll
from tallon.dice.faces import Face


@dataclass(frozen=True)
class CardEntry:
    """One card ability in the catalogue.

    ``parameter`` names what ``key=N`` sets (for example the charges still
    active), or is None if the ability takes no number.
    """

    key: str
    card: str
    roles: frozenset[Role]
    summary: str
    build: Callable[..., DiceAbility]
    parameter: str | None = None

    def make(self, value: int | None = None) -> DiceAbility:
        """Build the ability, with ``value`` for its parameter if it has one."""
        if value is None:
            return self.build()
        if self.parameter is None:
            raise ValueError(f"{self.key} takes no number (got ={value})")
        if value < 0:
            raise ValueError(f"{self.key}={value}: the {self.parameter} cannot be negative")
        return self.build(value)


def _reroll_up_to(key: str, title: str, roles: frozenset[Role], count: int = 1
                  ) -> DiceAbility:
    """A card that may reroll up to ``count`` of its dice (at least 1)."""
    if count < 1:
        raise ValueError(f"{title} rerolls at least 1 die (got {count})")
    return reroll(key, f"{title} (reroll up to {count} dice)", roles, count)


_ENTRIES = [
    CardEntry("predator", "Predator", ATTACKING, "reroll 1 attack die", cards.predator),
    CardEntry("howlrunner", '"Howlrunner"', ATTACKING, "reroll 1 attack die", cards.howlrunner),
    CardEntry("captainjonus", "Captain Jonus", ATTACKING, "reroll up to 2 attack dice",
              cards.captain_jonus),
    CardEntry("hortonsalm", "Horton Salm", ATTACKING,
              "reroll 1 attack die per friendly ship near the defender", cards.horton_salm,
              "friendly ships"),
    CardEntry("firecontrolsystem", "Fire-Control System", ATTACKING,
              "with a lock: reroll 1 attack die, then the lock cannot be spent",
              cards.fire_control_system),
    CardEntry("heroic", "Heroic", BOTH_ROLES, "only blanks: reroll any number", cards.heroic),
    CardEntry("lonewolf", "Lone Wolf", BOTH_ROLES, "spend charge: reroll 1 die",
              cards.lone_wolf, "charges"),
    CardEntry("solo", "Solo (Han Solo, modified YT-1300)", BOTH_ROLES,
              "spend charge: reroll 1 die", cards.solo, "charges"),
    CardEntry("elusive", "Elusive", DEFENDING, "spend charge: reroll 1 defense die",
              cards.elusive, "charges"),
    CardEntry("saturationsalvo", "Saturation Salvo", ATTACKING,
              "spend charge: defender rerolls 2 dice the attacker picks", cards.saturation_salvo,
              "charges"),
    CardEntry("marksmanship", "Marksmanship", ATTACKING, "1 hit to crit", cards.marksmanship),
    CardEntry("protontorpedoes", "Proton Torpedoes", ATTACKING, "1 hit to crit (mandatory)",
              cards.proton_torpedoes),
    CardEntry("fearless", "Fearless", ATTACKING, "1 result to hit", cards.fearless),
    CardEntry("agentkallus", "Agent Kallus", ATTACKING, "1 focus to hit", cards.agent_kallus),
    CardEntry("majorvermeil", "Major Vermeil", ATTACKING,
              "defender without green tokens: 1 blank/focus to hit", cards.major_vermeil),
    CardEntry("fifthbrother", "Fifth Brother", ATTACKING, "1 Force: 1 focus to crit",
              cards.fifth_brother),
    CardEntry("darthvader-tieddefender", "Darth Vader (TIE/D Defender)", ATTACKING,
              "1 Force: 1 blank to hit", cards.darth_vader_defender),
    CardEntry("rey-gunner", "Rey (gunner)", BOTH_ROLES, "1 Force: 1 blank to hit/evade",
              cards.rey_gunner),
    CardEntry("brilliantevasion", "Brilliant Evasion", DEFENDING, "1 Force: 2 focus to evade",
              cards.brilliant_evasion),
    CardEntry("networkedcalculations", "Networked Calculations", BOTH_ROLES,
              "friend's calculate token (once per attack): 1 focus to hit/evade",
              cards.networked_calculations,
              "calculate tokens nearby"),
    CardEntry("juke", "Juke", ATTACKING, "evading: 1 defender evade to focus", cards.juke),
    CardEntry("platedhull", "Plated Hull (BTL-B)", DEFENDING, "1 attacker crit to hit (mandatory)",
              cards.plated_hull),
    CardEntry("concordiafaceoff", "Concordia Faceoff (Fang fighter)", DEFENDING,
              "1 result to evade (mandatory)", cards.concordia_faceoff),
    CardEntry("advancedtargetingcomputer", "Advanced Targeting Computer (TIE Advanced x1)",
              ATTACKING, "locked defender: +1 die, 1 hit to crit",
              cards.advanced_targeting_computer),
    CardEntry("norrawexley", "Norra Wexley", DEFENDING, "add 1 evade (mandatory)",
              cards.norra_wexley),
    CardEntry("finn", "Finn (gunner)", BOTH_ROLES, "add 1 blank", cards.finn_gunner),
    CardEntry("crackshot", "Crack Shot", ATTACKING, "spend charge: cancel 1 evade",
              cards.crack_shot, "charges"),
    CardEntry("trickshot", "Trick Shot", ATTACKING, "+1 attack die", cards.trick_shot),
    CardEntry("outmaneuver", "Outmaneuver", ATTACKING, "defender rolls 1 fewer die",
              cards.outmaneuver),
    CardEntry("wedgeantilles", "Wedge Antilles (T-65)", ATTACKING, "defender rolls 1 fewer die",
              cards.wedge_antilles),
    CardEntry("stealthdevice", "Stealth Device", DEFENDING,
              "+1 defense die while charged; charge lost when damaged", cards.stealth_device,
              "charges"),
    CardEntry("heavylasercannon", "Heavy Laser Cannon", ATTACKING,
              "crits become hits after modifying", cards.heavy_laser_cannon),
    CardEntry("plasmatorpedoes", "Plasma Torpedoes", ATTACKING, "evades cancel crits first",
              cards.plasma_torpedoes),
    CardEntry("protoncannons", "Proton Cannons", ATTACKING,
              "1 focus or hit to crit (mandatory)", cards.proton_cannons),
    CardEntry("precisiontunedcannons-battleoverendor", "Precision-Tuned Cannons", ATTACKING,
              "add 1 focus (mandatory)", cards.precision_tuned_cannons),
    CardEntry("autoblasters", "Autoblasters", ATTACKING,
              "outside the defender's front arc: evades don't cancel crits",
              cards.autoblasters),
    CardEntry("tv94", "TV-94", ATTACKING, "calculate, 2 dice or fewer: add 1 hit",
              cards.tv94),
    CardEntry("malice", "Malice", ATTACKING, "1 Force: 1 focus or hit to crit", cards.malice),
    CardEntry("sensorjammer-battleofyavin", "Sensor Jammer", DEFENDING,
              "friendly lock on the attacker: 1 attacker hit to focus", cards.sensor_jammer),
    CardEntry("garsaxon", "Gar Saxon (crew)", ATTACKING,
              "defender locked by Gar's ship: 1 focus to hit", upgrades.gar_saxon),
    CardEntry("jangofett", "Jango Fett (crew)", ATTACKING,
              "spend lock: 1 defender focus to blank", upgrades.jango_fett),
    CardEntry("bt1", "BT-1 (gunner)", ATTACKING, "1 hit to crit per defender stress token",
              upgrades.bt1, "defender stress tokens"),
    CardEntry("greedo", "Greedo (gunner)", ATTACKING, "spend charge: 1 hit to crit",
              upgrades.greedo, "charges"),
    CardEntry("bobafett-gunner", "Boba Fett (gunner)", ATTACKING,
              "no other ship in the attack arc: 1 focus to hit", upgrades.boba_fett_gunner),
    CardEntry("dt798", "DT-798", ATTACKING,
              "reroll 1 attack die per ship in the arc with red or orange tokens",
              upgrades.dt798, "ships with tokens"),
    CardEntry("blanksignature-battleoverendor", "Blank Signature", DEFENDING,
              "not locked by the attacker: spend charge: 1 focus to evade",
              upgrades.blank_signature, "charges"),
    CardEntry("r6d8", "R6-D8", ATTACKING,
              "reroll 1 attack die per friendly ship with the defender in its bullseye",
              upgrades.r6d8, "friendly ships"),
    CardEntry("r5p8", "R5-P8", ATTACKING, "defender in front arc: spend charge: reroll 1 die",
              upgrades.r5p8, "charges"),
    CardEntry("m9g8", "M9-G8", DEFENDING, "locking the attacker: it rerolls 1 die you choose",
              upgrades.m9g8),
    CardEntry("bokatankryze", "Bo-Katan Kryze (crew)", ATTACKING, "reroll 1 attack die",
              upgrades.bo_katan_kryze),
    CardEntry("admiralsloane", "Admiral Sloane", ATTACKING,
              "stressed defender: reroll 1 attack die", upgrades.admiral_sloane),
    CardEntry("thunderstrike", "Thunderstrike", ATTACKING,
              "bonus attack on a ship not attacked this round: reroll 1 attack die",
              upgrades.thunderstrike),
    CardEntry("commanderpyre", "Commander Pyre", DEFENDING,
              "stressed attacker: reroll 1 defense die", upgrades.commander_pyre),
    CardEntry("chewbacca-crew-swz19", "Chewbacca (Resistance crew)", ATTACKING,
              "spend 2 charges: 1 focus to crit", upgrades.chewbacca_resistance, "charges"),
    CardEntry("l337", "L3-37", DEFENDING, "flip the card: the attacker rerolls all its dice",
              upgrades.l337, "charges"),
    CardEntry("lattsrazzi", "Latts Razzi", DEFENDING,
              "stressed attacker: remove its stress: 1 blank/focus to evade",
              upgrades.latts_razzi),
    CardEntry("rookkast", "Rook Kast (crew)", ATTACKING, "strained: 1 blank/focus to hit",
              upgrades.rook_kast),
    CardEntry("zuckuss", "Zuckuss (crew)", ATTACKING,
              "unstressed: gain 1 stress: the defender rerolls 1 die you choose",
              upgrades.zuckuss),
    CardEntry("tristanwren", "Tristan Wren", ATTACKING,
              "friendly ordnance attack: spend charge: 1 hit to crit", upgrades.tristan_wren,
              "charges"),
    CardEntry("clanwrenvolunteer", "Clan Wren Volunteer", ATTACKING,
              "range 1, a friend revealed the same speed: reroll 1 attack die",
              upgrades.clan_wren_volunteer),
    CardEntry("nimichireen", "Nimi Chireen", ATTACKING,
              "defender of higher initiative: 1 blank to focus", upgrades.nimi_chireen),
    CardEntry("zayversio", "Zay Versio", DEFENDING, "damaged attacker: reroll 1 defense die",
              upgrades.zay_versio),
    CardEntry("sabinewren-rz1awing", "Sabine Wren (RZ-1)", BOTH_ROLES,
              "range 1, in the enemy's front arc: 1 result to hit/evade",
              upgrades.sabine_wren_rz1),
    CardEntry("arvelcrynyd-battleoverendor", "Arvel Crynyd (Battle over Endor)", DEFENDING,
              "gain 1 strain: 1 focus to evade", upgrades.arvel_crynyd_boe),
    CardEntry("gemmersojan-battleoverendor", "Gemmer Sojan (Battle over Endor)", DEFENDING,
              "gain 1 strain: up to 2 blanks to focus", upgrades.gemmer_sojan_boe),
    CardEntry("braylenstramm", "Braylen Stramm", BOTH_ROLES, "stressed: reroll up to 2 dice",
              upgrades.braylen_stramm),
    CardEntry("tennumb", "Ten Numb", BOTH_ROLES, "spend 1 stress: all focus to hit/evade",
              upgrades.ten_numb),
    CardEntry("sawgerrera", "Saw Gerrera", ATTACKING,
              "damaged attacker near him: reroll 1 attack die", upgrades.saw_gerrera),
    CardEntry("gavindarklighter", "Gavin Darklighter", ATTACKING,
              "defender in his front arc: 1 hit to crit", upgrades.gavin_darklighter),
    CardEntry("tezanasz", "Teza Nasz", ATTACKING,
              "defender flanked in both side arcs: reroll 1 attack die", upgrades.teza_nasz),
    CardEntry("legafossang", "Lega Fossang", ATTACKING,
              "reroll 1 attack die per friendly device or calculating ship in the arc",
              upgrades.lega_fossang, "devices and calculating ships"),
    CardEntry("outrider", "Outrider", ATTACKING,
              "obstructed by an obstacle: 1 defender evade to focus", upgrades.outrider),
    CardEntry("millenniumfalcon", "Millennium Falcon", DEFENDING,
              "evading: reroll 1 defense die", upgrades.millennium_falcon),
    CardEntry("millenniumfalcon-battleoverendor", "Millennium Falcon (Battle over Endor)",
              BOTH_ROLES, "non-lock red or orange token: reroll 1 die",
              upgrades.millennium_falcon_boe),
    CardEntry("captainferoph", "Captain Feroph", DEFENDING,
              "attacker without green tokens: 1 blank/focus to evade", upgrades.captain_feroph),
    CardEntry("rearadmiralchiraneau", "Rear Admiral Chiraneau", ATTACKING,
              "reinforced, defender in the matching full arc: 1 focus to crit",
              upgrades.rear_admiral_chiraneau),
    CardEntry("majorvynder-ssl", "Major Vynder (Alpha-class Star Wing loadout)", ATTACKING,
              "his bonus cannon attack: 1 focus to hit", upgrades.major_vynder_ssl),
    CardEntry("lyttandree", "Lyttan Dree", ATTACKING,
              "beside the defender (side arc): reroll 1 attack die", upgrades.lyttan_dree),
    CardEntry("majorrhymer-swz98", "Major Rhymer (TIE/sa Bomber loadout)", ATTACKING,
              "torpedo attack, defender in his bullseye: 1 focus to crit (mandatory)",
              upgrades.major_rhymer_swz98),
    CardEntry("mandalorianroyalguard", "Mandalorian Royal Guard", DEFENDING,
              "non-small friend defends, she is in the arc: 1 result to evade",
              upgrades.mandalorian_royal_guard),
    CardEntry("bobafett", "Boba Fett (Scum Firespray)", BOTH_ROLES,
              "reroll 1 die per enemy ship at range 0-1", upgrades.boba_fett_firespray,
              "enemy ships"),
    CardEntry("koshkafrost", "Koshka Frost", BOTH_ROLES, "stressed enemy: reroll 1 die",
              partial(upgrades.reroll_one, "koshkafrost", "Koshka Frost")),
    CardEntry("krassistrelix", "Krassis Trelix", ATTACKING,
              "special attack: reroll 1 attack die",
              partial(upgrades.reroll_one, "krassistrelix", "Krassis Trelix", ATTACKING)),
    CardEntry("marauder", "Marauder", ATTACKING, "primary rear arc attack: reroll 1 attack die",
              partial(upgrades.reroll_one, "marauder", "Marauder", ATTACKING)),
    CardEntry("jangofett-pilot", "Jango Fett (Firespray pilot)", BOTH_ROLES,
              "easier revealed maneuver: 1 enemy focus to blank", upgrades.jango_fett_pilot),
    CardEntry("bobafett-firesprayclasspatrolcraft", "Boba Fett (Separatist Firespray)",
              DEFENDING, "no other friend at range 0-2: 1 blank to focus",
              upgrades.boba_fett_separatist),
    CardEntry("slavei-swz82", "Slave I (Front Arc attack from the rear arc)", ATTACKING,
              "1 hit to crit", upgrades.slave_i_swz82),
    CardEntry("themandalorian", "The Mandalorian", BOTH_ROLES,
              "in the front arc at range 1-2 of 2+ enemies: 1 blank to focus",
              upgrades.the_mandalorian),
    CardEntry("ig102", "IG-102", DEFENDING,
              "attacker of equal or higher initiative: 1 blank to focus", upgrades.ig102),
    CardEntry("sinker", '"Sinker" (ARC-170)', ATTACKING,
              "primary attack beside him (side arc): reroll 1 attack die",
              partial(upgrades.reroll_one, "sinker", "Sinker", ATTACKING)),
    CardEntry("wolffe", '"Wolffe" (ARC-170)', ATTACKING,
              "primary front arc attack, spend charge: reroll 1 attack die", upgrades.wolffe,
              "charges"),
    CardEntry("contrail", '"Contrail" (Nimbus)', BOTH_ROLES,
              "same revealed bearing: 1 enemy focus to blank", upgrades.contrail),
    CardEntry("alpha3bbesh", 'Alpha-3B "Besh"', ATTACKING,
              "primary attack, spend lock: 1 blank/focus to hit", upgrades.alpha3b_besh),
    CardEntry("inaldra", "Inaldra", BOTH_ROLES, "suffer 1 damage: reroll any number of dice",
              upgrades.inaldra),
    CardEntry("serissu", "Serissu", DEFENDING, "defender at range 0-1 of her: reroll 1 "
              "defense die", partial(upgrades.reroll_one, "serissu", "Serissu", DEFENDING)),
    CardEntry("drearenthal", "Drea Renthal", ATTACKING,
              "friendly non-limited attacker, defender in her arc: reroll 1 attack die",
              upgrades.drea_renthal),
    CardEntry("arlizhadrassian", "Arliz Hadrassian", ATTACKING,
              "damaged, front-arc attack: 1 focus to crit", upgrades.arliz_hadrassian),
    CardEntry("precisehunter", "Precise Hunter", ATTACKING,
              "defender in the bullseye arc: reroll 1 blank result", upgrades.precise_hunter),
    CardEntry("dfs081", "DFS-081 (friendly defender at range 0-1)", DEFENDING,
              "spend calculate: all enemy crits to hits", upgrades.dfs081),
    CardEntry("dfs081-siegeofcoruscant", "DFS-081 (Siege of Coruscant)", DEFENDING,
              "spend charge and calculate: cancel 1 enemy crit", upgrades.dfs081_siege,
              "charges"),
    CardEntry("matchstick", '"Matchstick" (BTL-B)', ATTACKING,
              "primary or turret attack: reroll 1 attack die per red token",
              upgrades.matchstick, "red tokens"),
    CardEntry("broadside", '"Broadside" (BTL-B)', ATTACKING,
              "turret attack, indicator at a side arc: 1 blank to focus", upgrades.broadside),
    CardEntry("drift", '"Drift" (Clone Z-95, friendly attacker at range 0-1)', ATTACKING,
              "exactly 1 non-lock red or 1 orange token: reroll 1 attack die",
              partial(upgrades.reroll_one, "drift", "Drift", ATTACKING)),
    CardEntry("gavynsykes", "Gavyn Sykes", BOTH_ROLES,
              "faster revealed maneuver: reroll any blank results", upgrades.gavyn_sykes),
    CardEntry("fireconvergence", "Fire Convergence (LAAT/i)", ATTACKING,
              "non-turret attack, defender in its turret arc, spend charge: reroll up to 2",
              upgrades.fire_convergence, "charges"),
    # Separatist pilots and titles (cards/pilots/belbullab22starfighter.py, ...)
    CardEntry("generalgrievous", "General Grievous", ATTACKING,
              "primary attack outside the defender's firing arc: reroll up to 2 attack dice",
              partial(_reroll_up_to, "generalgrievous", "General Grievous", ATTACKING, 2)),
    CardEntry("wattambor", "Wat Tambor", ATTACKING,
              "primary attack: reroll 1 attack die per calculating friend at range 1 of the "
              "defender", partial(_reroll_up_to, "wattambor", "Wat Tambor", ATTACKING),
              "calculating friends"),
    CardEntry("captainsear", "Captain Sear (friendly attacker at range 0-3)", ATTACKING,
              "defender in the bullseye arc, spend calculate: cancel 1 evade",
              lambda: CardAbility("captainsear", "Captain Sear (spend calculate: cancel 1 "
                                  "evade)", effect=CancelResults(Face.EVADE),
                                  window=Window.BEFORE_NEUTRALIZE, roles=ATTACKING,
                                  cost=(("calculate", 1),))),
    CardEntry("soullessone", "Soulless One", DEFENDING,
              "attacker outside the firing arc: reroll 1 defense die",
              partial(upgrades.reroll_one, "soullessone", "Soulless One", DEFENDING)),
    CardEntry("networkedaim", "Networked Aim (HMP Droid Gunship)", ATTACKING,
              "reroll 1 attack die per friendly lock on the defender (no lock rerolls)",
              partial(_reroll_up_to, "networkedaim", "Networked Aim", ATTACKING),
              "friendly locks"),
    CardEntry("chertek", "Chertek", ATTACKING,
              "primary attack, tractored defender: reroll up to 2 attack dice",
              partial(_reroll_up_to, "chertek", "Chertek", ATTACKING, 2)),
    # Pilots whose card modules take their dice ability from here (dice/abilities/pilots.py)
    CardEntry("sharabey", "Shara Bey (ARC-170)", ATTACKING,
              "primary attack, spend lock: add 1 focus", pilots.shara_bey),
    CardEntry("wolffe-siegeofcoruscant", '"Wolffe" (Siege of Coruscant)', ATTACKING,
              "primary front arc attack, spend charge: reroll 1 attack die",
              pilots.wolffe_siege, "charges"),
    CardEntry("barrissoffee", "Barriss Offee (her own attack)", ATTACKING,
              "bullseye, 1 Force: 1 focus to hit or 1 hit to crit", pilots.barriss_offee),
    CardEntry("luminaraunduli", "Luminara Unduli (her own defense)", DEFENDING,
              "outside the bullseye, 1 Force: 1 enemy crit to hit or 1 hit to focus",
              pilots.luminara_unduli),
    CardEntry("aaylasecura", "Aayla Secura (pilot or crew)", DEFENDING,
              "enemy attacker in her front arc at range 0-1: 1 blank to focus",
              pilots.aayla_secura),
    CardEntry("calibratedlasertargeting", "Calibrated Laser Targeting", ATTACKING,
              "primary attack, bullseye: add 1 focus (mandatory)",
              pilots.calibrated_laser_targeting),
    CardEntry("popskrail-battleofyavin", '"Pops" Krail (Battle of Yavin)', ATTACKING,
              "turret attack: reroll up to 2 attack dice", pilots.pops_krail_boy),
    CardEntry("sabinewren-lancerclasspursuitcraft", "Sabine Wren (Lancer)", DEFENDING,
              "attacker in her turret arc at range 0-2: add 1 focus", pilots.sabine_wren_lancer),
    CardEntry("vennie", "Vennie", DEFENDING,
              "attacker in a friendly turret arc: add 1 focus", pilots.vennie),
    CardEntry("rey", "Rey (Scavenged YT-1300)", BOTH_ROLES,
              "enemy in her front arc, 1 Force: 1 blank to hit/evade", pilots.rey_pilot),
    CardEntry("ezrabridger", "Ezra Bridger (Attack Shuttle)", BOTH_ROLES,
              "stressed, 1 Force: up to 2 focus to hit/evade", pilots.ezra_bridger),
    CardEntry("ezrabridger-tielnfighter", "Ezra Bridger (TIE/ln)", BOTH_ROLES,
              "stressed, 1 Force: up to 2 focus to hit/evade",
              lambda: pilots.ezra_bridger("ezrabridger-tielnfighter")),
    CardEntry("ezrabridger-sheathipedeclassshuttle", "Ezra Bridger (Sheathipede)", BOTH_ROLES,
              "stressed, 1 Force: up to 2 focus to hit/evade",
              lambda: pilots.ezra_bridger("ezrabridger-sheathipedeclassshuttle")),
    CardEntry("yendor-battleoverendor", "Yendor (Battle over Endor)", ATTACKING,
              "primary attack, gain 1 strain: reroll 1 blank", pilots.yendor_boe),
    CardEntry("seventhsister", "Seventh Sister", ATTACKING,
              "primary attack, 2 Force: cancel 1 evade", pilots.seventh_sister),
    CardEntry("darthvader-battleofyavin", "Darth Vader (Battle of Yavin)", ATTACKING,
              "1 Force: 1 blank to hit", pilots.darth_vader_boy),
    CardEntry("coloneljendon-battleoverendor", "Colonel Jendon (Battle over Endor)", DEFENDING,
              "no active shield: 1 blank to focus", pilots.colonel_jendon_boe),
    CardEntry("commandermalarus-pilot", "Commander Malarus (TIE/fo pilot)", BOTH_ROLES,
              "in a round he paid for: all focus to hit/evade", pilots.commander_malarus_pilot),
    CardEntry("static", '"Static"', ATTACKING,
              "primary attack, spend lock and focus: all results to crits", pilots.static),
    CardEntry("delmeeko", "Del Meeko (friendly defender at range 0-2)", DEFENDING,
              "damaged attacker: reroll 1 defense die", pilots.del_meeko),
    CardEntry("captaincardinal", "Captain Cardinal (friendly ship at range 1-2)", BOTH_ROLES,
              "lower initiative, he has a charge: reroll 1 focus result",
              pilots.captain_cardinal),
    # Upgrades whose card modules take their dice ability from here (upgrades_2.py)
    CardEntry("r7a7", "R7-A7", ATTACKING, "spend charge: 1 hit to crit", upgrades_2.r7a7,
              "charges"),
    CardEntry("r2c4", "R2-C4", ATTACKING, "spend 1 evade token: 1 focus to hit",
              upgrades_2.r2c4),
    CardEntry("c3po-republic", "C-3PO (Republic crew)", DEFENDING,
              "with a calculate token: reroll 1 defense die", upgrades_2.c3po_republic),
    CardEntry("advancedoptics", "Advanced Optics", ATTACKING,
              "spend 1 focus token: 1 blank to hit", upgrades_2.advanced_optics),
    CardEntry("shatteringshot", "Shattering Shot", ATTACKING,
              "obstacle in the way or at the defender, 1 Force: add 1 focus",
              upgrades_2.shattering_shot),
    CardEntry("foresight", "Foresight (its own bonus attack)", ATTACKING, "1 focus to hit",
              upgrades_2.foresight),
    CardEntry("energyshellcharges", "Energy-Shell Charges", ATTACKING,
              "spend calculate: 1 focus to crit", upgrades_2.energy_shell_charges),
    CardEntry("advprotontorpedoes", "Adv. Proton Torpedoes", ATTACKING,
              "1 hit to crit (mandatory)", upgrades_2.adv_proton_torpedoes),
    CardEntry("fanatical", "Fanatical", ATTACKING, "primary attack, unshielded: 1 focus to hit",
              upgrades_2.fanatical),
    CardEntry("fanatic-battleofyavin", "Fanatic (Battle of Yavin)", ATTACKING,
              "primary attack, damaged: 1 focus to hit", upgrades_2.fanatic_boy),
    CardEntry("itsatrap-battleoverendor", "It's a Trap! (Battle over Endor)", DEFENDING,
              "more friends than enemies at range 0-1: reroll 1 blank",
              upgrades_2.its_a_trap_boe),
    CardEntry("noescape-battleoverendor", "No Escape (Battle over Endor)", ATTACKING,
              "primary attack, outnumbering near the defender: reroll 1 blank",
              upgrades_2.no_escape_boe),
    CardEntry("apexpredator-battleoverendor", "Apex Predator (Battle over Endor)", ATTACKING,
              "primary attack, lower-initiative defender: reroll 1 attack die",
              upgrades_2.apex_predator_boe),
    CardEntry("notorious", "Notorious", ATTACKING, "strained defender: reroll 1 blank",
              upgrades_2.notorious),
    CardEntry("graviticdeflection", "Gravitic Deflection", DEFENDING,
              "reroll 1 defense die per tractored ship in the attack arc",
              upgrades_2.gravitic_deflection, "tractored ships"),
    CardEntry("instigator", "Instigator", ATTACKING,
              "defender with an orange or red token: reroll up to 2 attack dice",
              partial(_reroll_up_to, "instigator", "Instigator", ATTACKING, 2)),
    CardEntry("bloodcrow", "Blood Crow", ATTACKING, "attack at range 1-2: add 1 focus",
              partial(CardAbility, "bloodcrow", "Blood Crow (add 1 focus)",
                      effect=AddResults(Face.FOCUS), roles=ATTACKING)),
    *(CardEntry(kind, f"Commando Team remote ({kind})", ATTACKING, "1 focus to hit",
                partial(upgrades_2.commando_team, kind)) for kind in upgrades_2.COMMANDO_TEAMS),
    # Issue 20: the reference calculator's freighter pilots and crew (pilots_2.py)
    CardEntry("landocalrissian", "Lando Calrissian (Customized YT-1300)", BOTH_ROLES,
              "not stressed, gain 1 stress: reroll all blanks", pilots_2.lando_calrissian),
    CardEntry("landocalrissian-escapecraft", "Lando Calrissian (Escape Craft)", BOTH_ROLES,
              "not stressed, gain 1 stress: reroll all blanks",
              lambda: pilots_2.lando_calrissian("landocalrissian-escapecraft")),
    CardEntry("landocalrissian-crew", "Lando Calrissian (Scum crew)", BOTH_ROLES,
              "spend 1 green token: reroll up to 2 dice", pilots_2.lando_calrissian_crew),
    CardEntry("hansolo", "Han Solo (Customized YT-1300)", BOTH_ROLES,
              "obstructed by an obstacle (primary attack or defending): +1 die",
              pilots_2.han_solo_pilot),
    CardEntry("landosmillenniumfalcon", "Lando's Millennium Falcon", ATTACKING,
              "primary attack, stressed defender: +1 attack die",
              upgrades.landos_millennium_falcon),
    # Issue 20: the reference calculator's remaining pilots and Force powers (pilots_3.py)
    *(CardEntry(key, f"\"Zeb\" Orrelios ({ship} pilot)", DEFENDING,
                "defending: crits neutralized before hits", partial(pilots_3.zeb_orrelios, key))
      for key, ship in (("zeborrelios-pilot", "Attack Shuttle"),
                        ("zeborrelios-tielnfighter", "TIE/ln"),
                        ("zeborrelios-sheathipedeclassshuttle", "Sheathipede"))),
    *(CardEntry(key, f"Luke Skywalker ({printing})", DEFENDING,
                "becoming the defender: recover 1 Force, up to his capacity (=N, default 2)",
                partial(pilots_3.luke_skywalker, key=key), "Force capacity")
      for key, printing in (("lukeskywalker", "T-65"),
                            ("lukeskywalker-battleofyavin", "Battle of Yavin"),
                            ("lukeskywalker-swz106", "T-65, swz106 printing"))),
    *(CardEntry(key, f"\"Leebo\" ({printing})", BOTH_ROLES,
                "spent a calculate token: gain 1 after the attack", partial(pilots_3.leebo, key))
      for key, printing in (("leebo", "YT-2400"),
                            ("leebo-swz103-rebelalliance", "YT-2400, Wisdom of Ages"))),
    CardEntry("hate", "Hate", DEFENDING,
              "after suffering damage: recover that many Force, up to the capacity (=N, "
              "default 2)", pilots_3.hate, "Force capacity"),
    CardEntry("biggsdarklighter", "Biggs Darklighter (T-65, beside a friendly defender)",
              DEFENDING, "in the attack arc, his damage: cancel 1 crit, else 1 hit",
              pilots_3.biggs_darklighter),
    CardEntry("selfless", "Selfless (beside a friendly defender)", DEFENDING,
              "in the attack arc, its crit damage: cancel 1 crit", pilots_3.selfless),
    # Issue 20: the last three (outside_dice.py, and the generic reroll)
    CardEntry("predictiveshot", "Predictive Shot", ATTACKING,
              "defender in the bullseye, when declaring, 1 Force: it rolls no more defense "
              "dice than your hits + crits", outside_dice.predictive_shot),
    *(CardEntry(key, f"Iden Versio ({printing}, defender a friendly TIE/ln at range 0-1)",
                DEFENDING, "spend 1 charge: prevent all damage it would suffer",
                partial(outside_dice.iden_versio, key=key), "charges")
      for key, printing in (("idenversio", "TIE/ln"),
                            ("idenversio-swz105", "TIE/ln, swz105 printing"))),
    CardEntry("idenversio-battleofyavin", "Iden Versio (Battle of Yavin, defender a friendly "
              "TIE at range 0-1)", DEFENDING, "spend 2 charges: prevent 1 damage",
              outside_dice.iden_versio_boy, "charges"),
    CardEntry("reroll", "Any card that rerolls up to N of your dice", BOTH_ROLES,
              "reroll up to N dice (=N, default 1; the reference calculator's \"reroll up "
              "to 3\" is reroll=3)",
              partial(_reroll_up_to, "reroll", "Reroll", BOTH_ROLES), "dice"),
]


CATALOGUE: dict[str, CardEntry] = {entry.key: entry for entry in _ENTRIES}


def _normal(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", text.lower())


_BY_NORMAL = {_normal(key): entry for key, entry in CATALOGUE.items()}


def lookup(name: str) -> CardEntry:
    """Find a card ability by id; case, spaces and hyphens are ignored."""
    entry = _BY_NORMAL.get(_normal(name))
    if entry is None:
        raise ValueError(
            f"unknown ability {name!r}; accepted: {', '.join(CATALOGUE)}"
        )
    return entry


def parse_ability(text: str, role: Role) -> DiceAbility:
    """Build an ability from ``"key"`` or ``"key=N"`` for a ship in ``role``."""
    name, sep, value = text.partition("=")
    entry = lookup(name)
    if role not in entry.roles:
        only = " or ".join(sorted(r.value for r in entry.roles))
        raise ValueError(f"{entry.key} works only for the {only}, not the {role.value}")
    number: int | None = None
    if sep:
        try:
            number = int(value)
        except ValueError:
            raise ValueError(f"{text!r}: expected a whole number after '='") from None
    return entry.make(number)


def parse_abilities(text: str, role: Role) -> list[DiceAbility]:
    """Build abilities from a comma-separated list such as ``"predator,lonewolf=1"``."""
    return [parse_ability(part.strip(), role) for part in text.split(",") if part.strip()]
