"""The engine's declared vocabulary: every timing window, hook, replacement point and
decision kind that card abilities and the engine name by a bare string.

Abilities plug into the engine by naming a timing window (``Triggered(window=...)``), a
hook (``Modifier(hook=...)``) or a replacement point (``Replacement(point=...)``), and
every choice a player makes is a ``Decision`` of a named kind. A misspelt name is not an
error anywhere in the engine: a window nobody fires simply never triggers. This module
declares each name once, with what it means, its facts and the rule it plays:

- :data:`WINDOWS` - timing windows the engine fires (``fire``, ``FireWindow``,
  ``DiceWindow``);
- :data:`HOOKS` - hooks whose constant abilities the engine asks (``modifiers``,
  ``total``, ``any_true``, ``own_modifiers``);
- :data:`POINTS` - effects a replacement ability may replace (``Replaceable``);
- :data:`DECISION_KINDS` - the ``kind`` of every ``Decision`` (and ``Ask``);
- :data:`CONTEXTS` - event names that are *not* windows: the ``ctx.event`` of an ability
  used outside the ability queue (a card action, a weapon's cost, a dice ability's
  after-effect). Nothing triggers on them.

``rule`` names the Rules Reference glossary entry as its heading is printed, without the
action icon some headings carry in parentheses ("LOCK", not "LOCK (L)"). ``fired_by``,
``asked_by`` and ``offered_by`` name the module (under ``tallon``) and the step or
function where the engine does it.

``check_window``, ``check_hook``, ``check_point`` and ``check_decision_kind`` return the
entry of a declared name and refuse any other with a suggestion. The docs tables of
``docs/abilities.md`` are generated from here (``tools/vocabulary_docs.py``), and
``tests/engine/test_vocabulary.py`` checks that the code uses no undeclared name.

This module sits at the bottom of the engine: it imports nothing from ``tallon``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar


@dataclass(frozen=True)
class Window:
    """A timing window: ``when`` it occurs and the ``facts`` its event carries
    (``ctx.event[...]``); ``optional_facts`` are carried by some firings only."""

    name: str
    when: str
    facts: tuple[str, ...]
    rule: str
    fired_by: str
    optional_facts: tuple[str, ...] = ()


@dataclass(frozen=True)
class Hook:
    """A hook: the ``value`` a ``Modifier`` gives, called as ``value(game, owner,
    **facts)``. With ``own`` the engine asks only the ship's own cards (``own_modifiers``),
    otherwise every ship's."""

    name: str
    value: str
    facts: tuple[str, ...]
    rule: str
    asked_by: str
    own: bool = False


@dataclass(frozen=True)
class ReplacementPoint:
    """An ``effect`` a ``Replacement`` may replace; ``facts`` reach ``applies(ctx,
    facts)`` and ``replace(ctx, facts, choice)``."""

    name: str
    effect: str
    facts: tuple[str, ...]
    rule: str
    offered_by: str


@dataclass(frozen=True)
class DecisionKind:
    """A kind of decision: ``who`` decides and what the ``options`` are."""

    name: str
    who: str
    options: str
    rule: str
    asked_by: str


@dataclass(frozen=True)
class ContextEvent:
    """An event name used only as an ability's context (``ctx.event``), never fired."""

    name: str
    facts: tuple[str, ...]
    purpose: str
    built_by: str


_ATTACK = ("attacker", "defender")
_AFTERMATH = ("attacker", "defender", "hit", "primary", "weapon", "bonus")

_WINDOWS = (
    # ---------------------------------------------------------------- setup
    Window("gather_forces", 'setup, before the obstacles are placed ("Setup:" abilities)',
           (), "SETUP", "engine/setup.py StartGame"),
    Window("after_placed", "after a ship is placed (and its configuration side chosen)",
           ("ship",), "SETUP", "engine/setup.py PlaceForces"),
    Window("after_place_forces", "after all ships are placed", (), "SETUP",
           "engine/setup.py PlaceForces"),
    # ------------------------------------------------------- planning phase
    Window("start_planning", "start of the Planning Phase, before the dials are set", (),
           "PLANNING PHASE", "engine/rounds.py PlanningPhase"),
    # --------------------------------------------------------- system phase
    Window("start_system", "start of the System Phase", (), "SYSTEM PHASE",
           "engine/rounds.py StartRound"),
    Window("system_phase", "a ship's turn in the System Phase (an ability here makes the "
           "ship take a turn: rounds._has_system_ability asks)", ("ship",), "SYSTEM PHASE",
           "engine/rounds.py SystemTurn"),
    # ----------------------------------------------------- activation phase
    Window("start_activation", "start of the Activation Phase", (), "ACTIVATION PHASE",
           "engine/rounds.py StartActivation"),
    Window("before_activate", '"before you activate"', ("ship",), "ACTIVATION PHASE",
           "engine/rounds.py Activate"),
    Window("after_activate", '"after you activate": the end of the ship\'s activation (its '
           "maneuver and actions done)", ("ship",), "ACTIVATION PHASE",
           "engine/rounds.py Activate"),
    Window("before_reveal", '"before you reveal your dial"', ("ship",), "ACTIVATION PHASE",
           "engine/rounds.py Activate"),
    Window("after_reveal", '"after you reveal your dial" (before the maneuver; not for an '
           "ionized ship or one without a dial)", ("ship", "maneuver"), "ACTIVATION PHASE",
           "engine/rounds.py RevealDial"),
    Window("before_execute", '"before you execute a maneuver": a card may make it easier or '
           "harder (ship.execute_difficulty)", ("ship", "maneuver"), "MANEUVER",
           "engine/rounds.py Execution"),
    Window("before_check_difficulty", "after the move, before the Check Difficulty step",
           ("ship", "maneuver", "full", "difficulty"), "MANEUVER",
           "engine/movement.py ExecuteManeuver"),
    Window("after_execute", "after a maneuver and its difficulty, bump and obstacle effects",
           ("ship", "maneuver", "full", "speed", "bearing", "difficulty", "ion", "slam",
            "hazards", "obstacles", "forced_by", "moved_through"), "MANEUVER",
           "engine/movement.py ExecuteManeuver"),
    Window("after_device_placed", '"after you drop or launch a device": after what placing '
           "it set off (a mine detonating under a ship)", ("ship", "device"), "DEVICE",
           "engine/devices.py _placed"),
    Window("after_device_met", "a ship moved through or overlapped a remote, or a remote "
           "was placed under it (after the move's obstacle effects)", ("ship", "device"),
           "REMOTES", "engine/devices.py device_steps, move_met_steps"),
    Window("after_obstacle_met", "a ship moved through or overlapped an obstacle, before "
           "that obstacle's effect (each obstacle in the order met)", ("ship", "obstacle"),
           "OBSTACLES", "engine/movement.py obstacle_steps"),
    Window("after_action", "after an action (not when it failed); the linked action joins "
           "the queue here (the rule ability \"linked action\", engine/actions.py)",
           ("ship", "action", "difficulty", "linked", "during_activation", "stressed",
            "source"), "ACTIONS", "engine/actions.py FinishAction"),
    Window("after_action_failed", "after an action failed (\"after you fail an action\")",
           ("ship", "action", "difficulty", "during_activation"), "FAIL",
           "engine/actions.py FinishAction"),
    Window("after_decloak", "after a ship decloaked (placed, its cloak token removed)",
           ("ship",), "CLOAK", "engine/movement.py Decloak"),
    Window("end_activation", "end of the Activation Phase", (), "ACTIVATION PHASE",
           "engine/rounds.py StartRound"),
    # ----------------------------------------------------- engagement phase
    Window("start_engagement", "start of the Engagement Phase", (), "ENGAGEMENT PHASE",
           "engine/rounds.py StartEngagement"),
    Window("before_engage", '"before you engage"', ("ship",), "ENGAGEMENT PHASE",
           "engine/attack.py Engage"),
    Window("engage", '"when you engage": after before_engage, before the attack; a remote '
           "engages only through this window", ("ship",), "ENGAGEMENT PHASE",
           "engine/attack.py Engage"),
    Window("defender_declared", '"after you declare the defender" / "after you become the '
           'defender"', _ATTACK, "ATTACK", "engine/attack.py DefenderDeclared"),
    Window("before_attack_dice", "before attack dice are rolled (not when a card skips the "
           "dice)", _ATTACK, "ATTACK", "engine/attack.py _begin (DiceWindow)"),
    Window("before_defense_dice", "before defense dice are rolled (not when a card skips the "
           "dice)", _ATTACK, "ATTACK", "engine/attack.py _begin (DiceWindow)"),
    Window("before_neutralize", "after both Modify Dice steps, before the results are "
           "canceled and neutralized", _ATTACK, "ATTACK", "engine/attack.py BeforeNeutralize"),
    Window("after_neutralize", "results neutralized, before the hit or miss is dealt with",
           _ATTACK, "ATTACK", "engine/attack.py Neutralize"),
    Window("attack_hit", "the attack hit, before damage is dealt", _ATTACK, "ATTACK",
           "engine/attack.py DealDamage"),
    Window("after_defend", "attack step 6: the defender's abilities, before the attacker's "
           "(bonus-attack abilities resolve after all others)", _AFTERMATH, "ATTACK",
           "engine/attack.py Aftermath"),
    Window("after_attack", "attack step 6: the attacker's abilities, after the defender's "
           "(bonus-attack abilities resolve after all others)", _AFTERMATH, "ATTACK",
           "engine/attack.py Aftermath"),
    Window("after_destroyed", "a ship was destroyed, before it is removed (during an attack: "
           "in the attack's step 6)", ("ship",), "DESTROYING SHIPS",
           "engine/effects.py check_destroyed; engine/attack.py Aftermath"),
    Window("end_engagement", "end of the Engagement Phase", (), "ENGAGEMENT PHASE",
           "engine/rounds.py StartRound"),
    # ------------------------------------------------------------ end phase
    Window("end_phase", "during the End Phase, before tokens are removed", (), "END PHASE",
           "engine/rounds.py StartRound"),
    Window("end_phase_end", "end of the End Phase (after tokens and charges)", (),
           "END PHASE", "engine/rounds.py StartRound"),
    Window("end_phase_green_removed", "a ship removed green tokens in the End Phase (count: "
           "how many)", ("ship", "count"), "END PHASE", "engine/rounds.py EndPhase"),
    # --------------------------------------------------- tokens and damage
    Window("after_gain_token", "tokens gained (and kept)", ("ship", "token", "count"),
           "TOKENS", "engine/effects.py gain_token"),
    Window("after_spend_token", "tokens spent", ("ship", "token", "count"), "TOKENS",
           "engine/effects.py spend_token"),
    Window("after_spend_force", "Force spent on dice or on a weapon's requirement",
           ("ship", "count"), "FORCE CHARGE",
           "engine/modify_dice.py _spend; engine/attack.py _begin"),
    Window("after_spend_lock", "a lock spent (on dice, or by a card's ability)",
           ("ship", "target"), "LOCK",
           "engine/modify_dice.py _spend; cards zertikstrom, r2ha (their own spending)"),
    Window("after_lock", "a lock acquired (not when a jam breaks it at once)",
           ("ship", "target"), "LOCK", "engine/effects.py acquire_lock"),
    Window("after_suffer_damage", "damage suffered (once per batch)",
           ("ship", "shields", "cards", "hits", "crits"), "DAMAGE",
           "engine/damage.py SufferDamage"),
    Window("after_suffer_crit", "each critical damage suffered; dealt is the serial of the "
           "card it dealt, or None", ("ship", "dealt"), "DAMAGE",
           "engine/damage.py SufferDamage"),
    Window("damage_dealt_faceup", "a faceup damage card is dealt or exposed (its text "
           "resolves); exposed is set when it was exposed", ("ship", "card", "serial"),
           "DAMAGE CARDS", "engine/effects.py deal_damage_card, expose_damage",
           optional_facts=("exposed",)),
    Window("condition_assigned", "a condition is assigned (its text resolves)",
           ("ship", "card", "player"), "CONDITION CARDS",
           "engine/conditions.py AssignCondition"),
)

_HOOKS = (
    Hook("attack_dice", "+ attack dice (int, summed)", ("attack",), "ATTACK",
         "engine/attack.py RollAttackDice"),
    Hook("defense_dice", "+ defense dice (the defender's own effects)", ("attack",),
         "ATTACK", "engine/attack.py RollDefenseDice"),
    Hook("defense_dice_reduction", "defense dice an enemy effect removes (ignored at range "
         "0)", ("attack",), "ATTACK", "engine/attack.py RollDefenseDice"),
    Hook("max_attack_dice", "a maximum of attack dice, or None (the lowest applies)",
         ("attack",), "ATTACK", "engine/attack.py RollAttackDice"),
    Hook("max_defense_dice", "a maximum of defense dice, or None (the lowest applies)",
         ("attack",), "ATTACK", "engine/attack.py RollDefenseDice"),
    Hook("ignore_obstruction", "True: no obstruction bonus", ("attack",), "OBSTRUCTED",
         "engine/attack.py RollDefenseDice"),
    Hook("crits_first", "True: evades cancel crits before hits", ("attack",), "ATTACK",
         "engine/attack.py Neutralize"),
    Hook("evades_ignore_crits", "True: evade results don't cancel crit results", ("attack",),
         "ATTACK", "engine/attack.py Neutralize"),
    Hook("no_range_bonus", "True: the range bonus is not applied (kind: attack or defense "
         "dice)", ("attack", "kind"), "RANGE BONUS",
         "engine/attack.py RollAttackDice, RollDefenseDice"),
    Hook("dice_unmodifiable", "True: these dice can't be modified (results may still be "
         "canceled)", ("attack", "kind", "role"), "DICE MODIFICATION",
         "engine/modify_dice.py dice_options"),
    Hook("dice_option_allowed", "False vetoes an option (source: the card or token; "
         "source_ship: whose it is)", ("attack", "kind", "role", "user", "source",
                                       "source_ship"), "DICE MODIFICATION",
         "engine/modify_dice.py dice_options"),
    Hook("cannot_attack", "True: the ship can't attack", ("ship",), "ATTACK",
         "engine/weapons.py cannot_attack"),
    Hook("weapon_replaces_damage", "True: the weapon's card (or a card used during a "
         "primary attack) deals with the results",
         ("attack",), "SPECIAL WEAPON", "engine/attack.py DealDamage"),
    Hook("primary_weapons", "extra primary weapons [(arc, value)] of the owner", (),
         "PRIMARY WEAPON", "engine/weapons.py weapons_of", own=True),
    Hook("maneuver_difficulty", "difficulty steps (+1 harder, -1 easier; summed)",
         ("ship", "maneuver"), "DIFFICULTY", "engine/rounds.py effective_code"),
    Hook("maneuver_alternatives", "maneuver codes the owner may execute instead",
         ("maneuver",), "MANEUVER", "engine/rounds.py alternatives", own=True),
    Hook("action_forbidden", "True: the action can't be performed", ("ship", "action"),
         "ACTIONS", "engine/actions.py can_perform"),
    Hook("boost_templates", "extra boost templates [(direction, colour)]: turn_left or "
         "turn_right, and the colour the boost action is then treated as (None: as it is)",
         ("colour",), "BOOST", "engine/action_bodies.py BoostAction", own=True),
    Hook("reposition_through_obstacles", "True: the owner's barrel rolls and boosts (move: "
         "barrel_roll or boost) can move through and overlap obstacles", ("move",),
         "BARREL ROLL", "engine/movement.py passes_obstacles", own=True),
    Hook("may_act_stressed", "True: the ship may perform this action while stressed",
         ("ship", "spec"), "STRESS", "engine/actions.py can_perform"),
    Hook("may_execute_red_stressed", "True: the ship may execute a red maneuver while "
         "stressed", ("ship",), "STRESS", "engine/rounds.py Execution"),
    Hook("end_phase_kept_tokens", "how many tokens of this kind the ship does not remove in "
         "the End Phase (summed)", ("ship", "token"), "END PHASE", "engine/rounds.py EndPhase"),
    Hook("action_difficulty", "the colour the ship treats this action as, or None (several: "
         "the most restrictive applies)", ("ship", "spec"), "ACTIONS",
         "engine/actions.py StartAction", own=True),
    Hook("coordinate_actions", "the action kinds the ship a coordinating ship chose may "
         "perform, or None (no limit)", ("ship",), "COORDINATE",
         "engine/actions.py CoordinateAction", own=True),
    Hook("max_locks", "how many locks the ship may keep (default 1; the highest applies)",
         ("ship",), "LOCK", "engine/effects.py max_locks", own=True),
    Hook("ignores_device", "True: the ship ignores the device's effects (a mine it meets "
         "does not detonate for it)", ("ship", "device"), "DEVICE",
         "engine/payloads.py ignores"),
    Hook("device_templates", "extra (template, launched) placements for the device of an "
         "upgrade (card), given its own templates and whether it launches them",
         ("card", "templates", "launch"), "DEVICE", "engine/devices.py device_templates",
         own=True),
    Hook("reload_charges", "how many charges reloading the card recovers (default 1; 0: its "
         "charges cannot be recovered, which wins; else the highest applies)", ("ship", "card"),
         "RELOAD", "engine/action_bodies.py reload_amount", own=True),
    Hook("weapon_requirement_waiver", "the Force the owner may spend to ignore a weapon's "
         "lock or focus requirement, or None (the cheapest applies)", ("ship", "weapon"),
         "SPECIAL WEAPON", "engine/weapons.py requirement_waiver", own=True),
    Hook("ignore_lock_requirement", "True: the weapon's lock requirement counts as met "
         "against this defender", ("ship", "defender", "weapon"), "SPECIAL WEAPON",
         "engine/weapons.py _lock_waived"),
    Hook("engage_initiative", "the initiative step at which the ship engages this phase "
         "instead of its initiative, or None (the highest applies)", ("ship",),
         "ENGAGEMENT PHASE", "engine/rounds.py step_of"),
    Hook("lock_forbidden", "True: the ship can't acquire a lock on this object", ("ship",
         "target"), "LOCK", "engine/effects.py can_lock"),
)

_POINTS = (
    ReplacementPoint("gain_token", "a ship would gain tokens",
                     ("ship", "token", "count", "applier"), "TOKENS",
                     "engine/effects.py gain_token"),
    ReplacementPoint("suffer_damage", "a ship would suffer damage",
                     ("ship", "hits", "crits", "cause"), "DAMAGE",
                     "engine/damage.py SufferDamage"),
    ReplacementPoint("deal_faceup", "a critical damage would deal a faceup damage card",
                     ("ship",), "DAMAGE CARDS", "engine/damage.py SufferDamage"),
    ReplacementPoint("deal_faceup_card", "a known damage card (drawn or chosen) would be "
                     "dealt faceup; a replacement calls the continuation then with None",
                     ("ship", "card", "then", "args"), "DAMAGE CARDS",
                     "engine/effects.py deal_damage_card (_deal)"),
    ReplacementPoint("execute_maneuver", "a ship would execute a maneuver",
                     ("ship", "maneuver", "ion", "slam"), "MANEUVER",
                     "engine/movement.py ExecuteManeuver"),
)

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
    DecisionKind("place_ship", "the ship's owner, in initiative order",
                 "an offered placement (<x>,<y>,<heading>[,<turret>]), or a free "
                 "{x, y, heading[, turret]}", "SETUP",
                 "engine/setup.py PlaceShip"),
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
                 "all-focus>hit, lock:reroll=blank), or done (not while a mandatory one waits)",
                 "DICE MODIFICATION", "engine/modify_dice.py ModifyDice"),
    DecisionKind("modify_defense_dice", "the modifying ship's owner: the attacker's, then "
                 "the defender's", "a modification's key, <source>:<operations> (focus:change="
                 "all-focus>hit, lock:reroll=blank), or done (not while a mandatory one waits)",
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
    DecisionKind("device_target", "the player who placed the device", "the id of the ship "
                 "(a mine placed under several) or obstacle (a seismic charge) it affects",
                 "DEVICE", "engine/payloads.py place_devices; cards/upgrades/device.py"),
    DecisionKind("concussion_choice", "the ship's owner", "expose (a facedown damage card at "
                 "random) or strain", "DEVICE", "cards/upgrades/device.py (concussion bomb)"),
    DecisionKind("cloaking_device", _OWNER, "discard (the cloak token), boost, left or right "
                 "(decloak)", "DECLOAK", "cards/upgrades/illicit.py (cloakingdevice)"),
    DecisionKind("relocate_remote", "the remote's owner", "a set of the ship's guides, or "
                 "blocked", "RELOCATING REMOTES", "cards/remotes.py (buzz droid swarm)"),
    DecisionKind("expose_damage", _OWNER, "the serial number of one of the defender's facedown "
                 "damage cards", "DAMAGE CARDS", "cards/pilots/t65xwing.py (thanekyrell)"),
    DecisionKind("maarek_damage_card", _OWNER, "the id of one of the drawn damage cards",
                 "DAMAGE CARDS", "cards/pilots/tieadvancedx1.py (maarekstele)"),
    DecisionKind("jingoist_token", _OWNER, "deplete or strain", "TOKENS",
                 "cards/pilots/tielnfighter.py (isbjingoist)"),
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

_CONTEXTS = (
    ContextEvent("action", ("ship", "action"), "the context of a card's \"Action:\" ability "
                 "(CardAction requirement, choices and effect)",
                 "engine/actions.py _card_ctx"),
    ContextEvent("declare_attack", (), "the context of a special weapon's cost and extra "
                 "requirement when the attack is declared",
                 "engine/weapons.py valid_targets; engine/attack.py _begin"),
    ContextEvent("dice_modified", ("user", "kind"), "the context of a DiceMod's after(ctx, "
                 "option), once its option is applied", "engine/modify_dice.py _settle"),
)

_E = TypeVar("_E", Window, Hook, ReplacementPoint, DecisionKind, ContextEvent)


def _catalogue(entries: tuple[_E, ...]) -> Mapping[str, _E]:
    found: dict[str, _E] = {}
    for entry in entries:
        if entry.name in found:
            raise ValueError(f"{entry.name!r} is declared twice")
        found[entry.name] = entry
    return MappingProxyType(found)


#: Timing windows by name (``Triggered.window``; ``fire``, ``FireWindow``, ``DiceWindow``).
WINDOWS: Mapping[str, Window] = _catalogue(_WINDOWS)
#: Hooks by name (``Modifier.hook``; ``modifiers``, ``total``, ``any_true``,
#: ``own_modifiers``).
HOOKS: Mapping[str, Hook] = _catalogue(_HOOKS)
#: Replacement points by name (``Replacement.point``; ``Replaceable``, ``replacements``).
POINTS: Mapping[str, ReplacementPoint] = _catalogue(_POINTS)
#: Decision kinds by name (``Decision.kind``, ``Ask.kind``, ``Triggered.decision``).
DECISION_KINDS: Mapping[str, DecisionKind] = _catalogue(_DECISION_KINDS)
#: Event names that are abilities' contexts only, never fired (``Event.of``).
CONTEXTS: Mapping[str, ContextEvent] = _catalogue(_CONTEXTS)


def _check(what: str, catalogue: Mapping[str, _E], name: str) -> _E:
    entry = catalogue.get(name)
    if entry is not None:
        return entry
    close = difflib.get_close_matches(str(name), list(catalogue), n=1, cutoff=0.6)
    hint = f"did you mean {close[0]!r}?" if close else \
        f"none is close; declared: {', '.join(sorted(catalogue))}"
    raise ValueError(f"unknown {what} {name!r}: {hint} (see tallon.engine.vocabulary)")


def check_window(name: str) -> Window:
    """The declared timing window ``name``; ValueError with a suggestion otherwise."""
    return _check("timing window", WINDOWS, name)


def check_hook(name: str) -> Hook:
    """The declared hook ``name``; ValueError with a suggestion otherwise."""
    return _check("hook", HOOKS, name)


def check_point(name: str) -> ReplacementPoint:
    """The declared replacement point ``name``; ValueError with a suggestion otherwise."""
    return _check("replacement point", POINTS, name)


def check_decision_kind(name: str) -> DecisionKind:
    """The declared decision kind ``name``; ValueError with a suggestion otherwise."""
    return _check("decision kind", DECISION_KINDS, name)
