"""The decision kinds of the engine's declared vocabulary (:mod:`tallon.engine.vocabulary`
lists them with the windows, hooks and replacement points): the ``kind`` of every
``Decision`` and ``Ask``, who decides and what the options are.

Like the vocabulary, this module sits at the bottom of the engine: it imports nothing
from ``tallon``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class DecisionKind:
    """A kind of decision: ``who`` decides and what the ``options`` are."""

    name: str
    who: str
    options: str
    rule: str
    asked_by: str


_OWNER = "the ship's owner"
_ORDER = ("the player whose ships share the initiative (the first in player order with "
          "one)", "the id of the ship that goes next", "INITIATIVE",
          'engine/rounds.py Sweep (f"{phase}_order")')

_DECISION_KINDS = (
    # ---------------------------------------------------------------- setup
    DecisionKind("place_obstacle", "each player in turn, in player order",
                 "an offered placement (<obstacle>@<x>,<y>,<rotation>), none when "
                 "nothing fits, or a free {obstacle, x, y, rotation}",
                 "SETUP", "engine/setup.py PlaceObstacle"),
    DecisionKind("place_device", _OWNER, "an offered placement of a device of one of the "
                 "ship's upgrades (<card>@<x>,<y>,<rotation>), done, or a free {card, x, y, "
                 "rotation}", "DEVICE", "cards/upgrades/illicit.py (saboteursmap)"),
    DecisionKind("place_feature", "each player in turn, in player order (a jettisoned "
                 "supply cache: the opposing player)", "an offered spot (<x>,<y>), or a free "
                 "{x, y}", "SETUP", "engine/scenario_play.py PlaceFeature, "
                 "engine/scenarios.py PlaceJettisoned"),
    DecisionKind("place_mine", "each player in turn, in player order", "an offered spot "
                 "(<x>,<y>,<heading>), none when nothing fits, or a free {x, y}", "MINE",
                 "engine/environments.py PlaceMine (Minefield, a house rule)"),
    DecisionKind("place_picked_up", _OWNER, "an offered placement (<x>,<y>,<heading>) in "
                 "the huge ship's full rear arc at range 0-1, or a free {x, y, heading}",
                 "OVERLAP", "engine/huge_moves.py PlacePickedUp (a huge ship overlapped it)"),
    DecisionKind("turn_picked_up", "the placing player's opponent", "keep, left or right "
                 "(90 degrees)", "OVERLAP", "engine/huge_moves.py TurnPickedUp"),
    DecisionKind("place_ship", "the ship's owner, in initiative order",
                 "an offered placement (<x>,<y>,<heading>[,<turret>]), or a free "
                 "{x, y, heading[, turret]}", "SETUP",
                 "engine/setup.py PlaceShip"),
    DecisionKind("card_placement", _OWNER, "an offered placement (<x>,<y>,<heading>[,<turret>]) "
                 "or a free {x, y, heading[, turret]} where a card's rule allows: a ship placed "
                 "from reserve or placed again", "RESERVE", "engine/placement.py PlaceByCard"),
    DecisionKind("upgrade_side", _OWNER, "front or back: the side of a two-sided upgrade "
                 "that faces up", "SETUP", "engine/setup.py ChooseSide"),
    # ---------------------------------------------------------------- round
    DecisionKind("set_dial", "the ship's owner (hidden from the opponent)",
                 "a maneuver code from the ship's dial", "PLANNING PHASE",
                 "engine/rounds.py SetDial"),
    DecisionKind("system_order", *_ORDER),
    DecisionKind("activation_order", *_ORDER),
    DecisionKind("engagement_order", *_ORDER),
    DecisionKind("decloak", "the cloaked ship's owner", "pass, boost, left or right",
                 "DECLOAK", "engine/movement.py Decloak"),
    DecisionKind("decloak_position", "the cloaked ship's owner",
                 "a position of the declared decloak", "DECLOAK", "engine/movement.py Decloak"),
    DecisionKind("choose_maneuver", _OWNER, "the revealed maneuver or one a card offers "
                 "instead (hook maneuver_alternatives)", "MANEUVER",
                 "engine/rounds.py ChooseManeuver"),
    DecisionKind("tallon_position", _OWNER, "where the ship is placed beside the template",
                 "BEARING", "engine/movement.py ExecuteManeuver"),
    DecisionKind("maneuver_template", _OWNER, "the template kind (straight, bank, turn) "
                 "the maneuver is flown on: its own, or one a card offers (hook "
                 "maneuver_templates)", "MANEUVER", "engine/movement.py ExecuteManeuver"),
    # -------------------------------------------------------------- actions
    DecisionKind("perform_action", _OWNER, "an action the ship can perform now, or pass",
                 "ACTIONS", "engine/actions.py PerformAction"),
    DecisionKind("card_action", _OWNER, "one of a card action's choices", "ACTIONS",
                 "engine/actions.py CardActionBody"),
    DecisionKind("linked_action", _OWNER, "a linked action, or decline", "LINKED ACTION",
                 "engine/actions.py RULES \"linked action\" (a Triggered)"),
    DecisionKind("reinforce_side", _OWNER, "fore or aft", "REINFORCE",
                 "engine/action_bodies.py ReinforceAction"),
    DecisionKind("lock_target", _OWNER, "an object to lock", "LOCK",
                 "engine/action_bodies.py LockAction"),
    DecisionKind("barrel_roll_direction", _OWNER, "left or right", "BARREL ROLL",
                 "engine/action_bodies.py BarrelRollAction"),
    DecisionKind("barrel_roll_position", _OWNER, "a position along the ship's side",
                 "BARREL ROLL", "engine/action_bodies.py BarrelRollAction"),
    DecisionKind("boost_direction", _OWNER, "left, straight or right", "BOOST",
                 "engine/action_bodies.py BoostAction"),
    DecisionKind("rotate_arc", _OWNER, "a standard arc for the turret", "ROTATE",
                 "engine/action_bodies.py RotateAction"),
    DecisionKind("scenario_target", _OWNER, "a scenario feature at range 0-1 (a supply cache "
                 "to tow, a satellite to scramble)", "PLAYER MARKER",
                 "engine/scenario_play.py TowAction, ScrambleAction"),
    DecisionKind("jettison", _OWNER, "keep or jettison the supply cache the ship tows, at "
                 "the end of its activation", "PLAYER MARKER",
                 "engine/scenario_play.py JettisonChoice"),
    # ----------------------------------------------- first-edition missions
    DecisionKind("mission_disabled", "the Rebel player", "the id of the Rebel ship that is "
                 "the disabled ship (Asteroid Run)", "SETUP",
                 "engine/mission_setup_1e.py MissionDisabled"),
    DecisionKind("shuttle_maneuver", "the Rebel player", "2F, 1B or 1N: the maneuver the "
                 "senator's shuttle executes, or stay (Political Escort)", "MANEUVER",
                 "engine/mission_play_1e.py MoveShuttle"),
    DecisionKind("mission_scan", _OWNER, "scan:<satellite id> instead of attacking, or attack "
                 "(Dark Whispers)", "ATTACK", "engine/missions_1e.py MissionScan"),
    DecisionKind("mission_reinforcement", "the reinforcing player", "call or decline a "
                 "reinforcement for a ship destroyed this round", "END PHASE",
                 "engine/mission_play_1e.py MissionReinforcement"),
    DecisionKind("coordinate_target", _OWNER, "a friendly ship", "COORDINATE",
                 "engine/actions.py CoordinateAction"),
    DecisionKind("jam_target", _OWNER, "an enemy ship", "JAM", "engine/action_bodies.py JamAction"),
    DecisionKind("reload_card", _OWNER, "an ordnance upgrade to recover a charge on",
                 "RELOAD", "engine/action_bodies.py ReloadAction"),
    DecisionKind("slam_maneuver", _OWNER, "a dial maneuver of the speed executed this round",
                 "SLAM", "engine/action_bodies.py SlamAction"),
    # --------------------------------------------------------------- tokens
    DecisionKind("jam_effect", "the player whose effect jammed the ship",
                 "a green token to remove or a lock to break", "JAM",
                 "engine/tokens.py JamChoice"),
    DecisionKind("tractor_move", "the player whose effect tractored the ship",
                 "none, or a barrel roll or boost placement", "TRACTOR",
                 "engine/tokens.py TractorMove"),
    DecisionKind("tractor_rotate", "the tractored ship's owner",
                 "none, or a 90-degree rotation (gaining a stress token)", "TRACTOR",
                 "engine/tokens.py TractorRotate"),
    # --------------------------------------------------------------- attack
    DecisionKind("declare_attack", _OWNER, "<weapon>@<defender> (primary:front@p2.1), or "
                 "none", "ATTACK",
                 "engine/attack.py DeclareAttack"),
    DecisionKind("bonus_attack", _OWNER, "<weapon>@<defender>, or none", "BONUS ATTACK",
                 "engine/attack.py DeclareAttack (bonus)"),
    DecisionKind("obstruction", "the attacker's owner", "clear or obstructed (several "
                 "closest lines)", "OBSTRUCTED", "engine/attack.py ChooseObstruction"),
    DecisionKind("modify_attack_dice", "the modifying ship's owner: the defender's, then "
                 "the attacker's", "a modification's key, <source>:<operations> (focus:change="
                 "all-focus>hit, lock:reroll=blank), a card's non-dice step action, <card>@<ship>:"
                 "<action> (herasyndulla-rz1awing@p1.2:transfer=focus), or done (not while "
                 "a mandatory one waits)",
                 "DICE MODIFICATION", "engine/modify_dice.py ModifyDice"),
    DecisionKind("modify_defense_dice", "the modifying ship's owner: the attacker's, then "
                 "the defender's", "a modification's key, <source>:<operations> (focus:change="
                 "all-focus>hit, lock:reroll=blank), a card's non-dice step action, <card>@<ship>:"
                 "<action> (herasyndulla-rz1awing@p1.2:transfer=focus), or done (not while "
                 "a mandatory one waits)",
                 "DICE MODIFICATION", "engine/modify_dice.py ModifyDice"),
    DecisionKind("cancel_attack_results", "the defender's owner",
                 "a cancel ability's key, or done", "CANCEL",
                 "engine/modify_dice.py ModifyDice (cancel stage)"),
    DecisionKind("cancel_defense_results", "the attacker's owner",
                 "a cancel ability's key, or done", "CANCEL",
                 "engine/modify_dice.py ModifyDice (cancel stage)"),
    # ------------------------------------------------------------ abilities
    DecisionKind("order_abilities", "the player whose abilities are next in the queue",
                 "the entry to resolve next: <ship>:<card>#<position>", "ABILITY QUEUE",
                 "engine/queue.py Queue"),
    DecisionKind("use_ability", "the card's owner, or the player Triggered.player names",
                 "the ability's choices (use without choices), decline if optional",
                 "ABILITIES", "engine/queue.py Resolve (Triggered's default); Ask in cards "
                 "(youshouldthankme, xx23sthreadtracers, ruthless)"),
    DecisionKind("replacement", "the replacement's owner, in player order",
                 "the replacement's choices (use without choices), decline if optional",
                 "REPLACEMENT EFFECTS", "engine/replace.py Replaceable"),
    DecisionKind("remove_condition", "the player assigning a limited condition",
                 "the ship whose copy is removed", "CONDITION CARDS",
                 "engine/conditions.py AssignCondition"),
    # ---------------------------------------------------------------- cards
    DecisionKind("launch_device", _OWNER, "a template to drop or launch the device with, or "
                 "decline", "DEVICE", "cards/upgrades/ordnance.py launch_device (a Triggered)"),
    DecisionKind("start_docked", _OWNER, "the id of the carrier the ship starts docked in, "
                 "or none", "DOCK", "engine/docking.py StartDocked"),
    DecisionKind("shield_to_lose", _OWNER, "the id of the docked ship whose shield the "
                 "carrier loses for this damage, or card (be dealt the damage card)",
                 "SHIELDS", "engine/lent_shields.py shield_question"),
    DecisionKind("dock_or_deploy", _OWNER, "<guides>:<maneuver> to deploy (front:2FW), "
                 "dock:<carrier>, or stay", "DOCK",
                 "engine/docking.py DockingTurn, EmergencyDeploy"),
    DecisionKind("device_target", "the player who placed the device", "the id of the ship "
                 "(a mine placed under several) or obstacle (a seismic charge) it affects",
                 "DEVICE", "engine/payloads.py place_devices; cards/upgrades/device.py"),
    DecisionKind("concussion_choice", "the ship's owner", "expose (a facedown damage card at "
                 "random) or strain", "DEVICE", "cards/upgrades/device.py (concussion bomb)"),
    DecisionKind("cloaking_device", _OWNER, "discard (the cloak token), boost, left or right "
                 "(decloak)", "DECLOAK", "cards/upgrades/illicit.py (cloakingdevice)"),
    DecisionKind("relocate_remote", "the remote's owner", "a set of the ship's guides, or "
                 "blocked (buzz droid swarm); <guides>:<template> (front:2F), or decline "
                 "(DRK-1 probe droid)", "RELOCATING REMOTES",
                 "cards/remotes.py (buzz droid swarm, DRK-1 probe droid)"),
    DecisionKind("place_remote", "the player placing the remote", "a spot offered "
                 "(<x>,<y>) where the remote may be placed", "REMOTES",
                 "cards/upgrades/tech.py (sensorbuoysuite)"),
    DecisionKind("expose_damage", _OWNER, "the serial number of one of the defender's facedown "
                 "damage cards", "DAMAGE CARDS", "cards/pilots/t65xwing.py (thanekyrell)"),
    DecisionKind("maarek_damage_card", _OWNER, "the id of one of the drawn damage cards",
                 "DAMAGE CARDS", "cards/pilots/tieadvancedx1.py (maarekstele)"),
    DecisionKind("jingoist_token", _OWNER, "deplete or strain", "TOKENS",
                 "cards/pilots/tielnfighter.py (isbjingoist); tiebainterceptor.py "
                 "(majorvonreg, Fine-Tuned Thrusters)"),
    DecisionKind("jingoist_refusal", "the enemy ship's owner",
                 "remove:TOKEN (a green token), or gain", "TOKENS",
                 "cards/pilots/tielnfighter.py (isbjingoist)"),
    DecisionKind("homing_choice", "the defender's owner", "suffer (skip the dice) or roll",
                 "ATTACK", "cards/upgrades/ordnance.py (homing missiles and torpedoes)"),
    # --------------------------------------- chance (games with chance="explicit")
    DecisionKind("chance_roll_dice", "the chance player (CHANCE, -1)",
                 "the faces rolled, in face order (hit,hit,blank), each with its "
                 "probability", "ATTACK", "engine/chance.py RollDice"),
    DecisionKind("chance_draw_damage", "the chance player (CHANCE, -1)",
                 "the id of a card left in the deck, by its share of the deck",
                 "DAMAGE CARDS", "engine/chance.py DrawDamage"),
    DecisionKind("chance_first_player", "the chance player (CHANCE, -1)",
                 "1 or 2, each with probability 1/2", "PLAYER ORDER",
                 "engine/chance.py RollForFirstPlayer"),
    DecisionKind("chance_pick_at_random", "the chance player (CHANCE, -1)",
                 "one of the choices, each as likely", "DAMAGE CARDS",
                 "engine/chance.py PickAtRandom"),
)
