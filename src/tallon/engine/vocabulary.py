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

# the decision kinds are listed in a module of their own, which imports nothing either
from tallon.engine.decision_kinds import _DECISION_KINDS, DecisionKind


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
    Window("before_place_forces", '"before placing forces": setup, after the obstacles, before '
           "the first ship is placed", (), "SETUP", "engine/setup.py _first_player"),
    Window("after_placed", "after a ship is placed (and its configuration side chosen)",
           ("ship",), "SETUP", "engine/setup.py PlaceForces"),
    Window("after_place_forces", "after all ships are placed", (), "SETUP",
           "engine/setup.py PlaceForces"),
    Window("end_setup", '"at the end of Setup": after the forces are placed and the damage '
           "decks prepared, before the first round", (), "SETUP", "engine/setup.py _first_player"),
    Window("start_round", "at the start of the round, before the Planning Phase (the "
           "abilities of ships in reserve that work there listen too: engine/reserve.py)", (),
           "ROUND", "engine/rounds.py StartRound (reserve.window_steps)"),
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
           "it set off (a mine detonating under a ship); launched: launched, not dropped",
           ("ship", "device", "launched"), "DEVICE",
           "engine/devices.py _placed"),
    Window("after_detonate", "a bomb or mine detonated: its effects resolved, before it is "
           "removed (device: its id, still in the play area)", ("device",), "DEVICE",
           "engine/payloads.py Detonate"),
    Window("after_device_effect", "a ship suffered the effect of a bomb or mine that "
           "detonated (after the whole detonation's effects; the device still in the play "
           "area): category bomb or mine, controller its player", ("ship", "device",
                                                                    "category", "controller"),
           "DEVICE", "engine/payloads.py suffered_effect; cards/upgrades/device.py"),
    Window("after_device_dice_rolled", "attack dice rolled for a bomb or mine's effect, "
           "before it uses them (card memory 'device:roll' of the roller)",
           ("ship", "device"), "DEVICE", "cards/upgrades/device.py _roll"),
    Window("after_device_met", "a ship moved through or overlapped a remote, or a remote "
           "was placed under it (after the move's obstacle effects)", ("ship", "device"),
           "REMOTES", "engine/devices.py device_steps, move_met_steps"),
    Window("after_obstacle_met", "a ship moved through or overlapped an obstacle, before "
           "that obstacle's effect (each obstacle in the order met); move: maneuver, boost or "
           "barrel_roll", ("ship", "obstacle", "move"),
           "OBSTACLES", "engine/movement.py obstacle_steps"),
    Window("after_action", "after an action (not when it failed); the linked action joins "
           "the queue here (the rule ability \"linked action\", engine/actions.py)",
           ("ship", "action", "difficulty", "linked", "during_activation", "stressed",
            "source"), "ACTIONS", "engine/actions.py FinishAction",
           optional_facts=("target",)),
    Window("after_coordinate", '"after you coordinate a ship": the chosen ship (target) has '
           "had its chance to act", ("ship", "target"), "COORDINATE",
           "engine/actions.py CoordinateAction; cards/upgrades/crew_b2.py (hondoohnaka)"),
    Window("after_action_failed", "after an action failed (\"after you fail an action\")",
           ("ship", "action", "difficulty", "during_activation"), "FAIL",
           "engine/actions.py FinishAction"),
    Window("after_decloak", "after a ship decloaked (placed, its cloak token removed)",
           ("ship",), "CLOAK", "engine/movement.py Decloak"),
    Window("after_ailerons_move", "after a ship boosted using its Controlled or Adaptive "
           "Ailerons ship ability (the obstacles it met resolved)", ("ship",), "BOOST",
           "cards/pilots/tiereaper.py ailerons_boost"),
    Window("end_activation", "end of the Activation Phase", (), "ACTIVATION PHASE",
           "engine/rounds.py StartRound"),
    # ----------------------------------------------------- engagement phase
    Window("start_engagement", "start of the Engagement Phase", (), "ENGAGEMENT PHASE",
           "engine/rounds.py StartEngagement"),
    Window("engagement_initiative_7", '"during the Engagement Phase, at initiative 7": after '
           "the start of the phase, before any ship engages at that step", (),
           "ENGAGEMENT PHASE", "engine/rounds.py StartEngagement"),
    Window("engagement_initiative_0", '"at initiative 0" in the Engagement Phase: after every '
           "ship has engaged (and those destroyed at earlier steps are removed), before the "
           "end of the phase", (), "ENGAGEMENT PHASE", "engine/rounds.py Sweep"),
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
    Window("after_dice_rolled", "attack or defense dice were rolled (kind), before the Modify "
           "Dice steps", ("attacker", "defender", "kind"), "ATTACK",
           "engine/attack.py _dice_rolled"),
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
    Window("start_end_phase", '"at the start of the End Phase": before the "during the End '
           'Phase" abilities (fired only when a card could listen)', (), "END PHASE",
           "engine/rounds.py StartEndPhase"),
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
    Window("after_modify_dice", "a ship (ship) modified the attack or defense dice (kind) "
           "of the attack in progress, its cost paid", ("ship", "kind"), "DICE MODIFICATION",
           "engine/modify_dice.py _settle"),
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
    Window("after_lose_shield", "the ship loses 1 active shield (by damage, by an effect "
           "or spent as a cost); once per shield", ("ship",), "SHIELDS",
           "engine/effects.py lose_shields"),
    Window("after_suffer_crit", "each critical damage suffered; dealt is the serial of the "
           "card it dealt, or None", ("ship", "dealt"), "DAMAGE",
           "engine/damage.py SufferDamage"),
    Window("damage_dealt_faceup", "a faceup damage card is dealt or exposed (its text "
           "resolves); exposed is set when it was exposed", ("ship", "card", "serial"),
           "DAMAGE CARDS", "engine/effects.py deal_damage_card, expose_damage",
           optional_facts=("exposed",)),
    Window("damage_card_dealt", "a damage card, faceup or facedown, was dealt to a ship "
           "(after the faceup card's text is queued)", ("ship", "serial", "faceup"),
           "DAMAGE CARDS", "engine/effects.py deal_damage_card"),
    Window("after_repair", "a damage card was repaired (faceup: it was faceup, and is now "
           "flipped facedown; else it was discarded)", ("ship", "serial", "faceup"),
           "DAMAGE CARDS", "engine/effects.py repair_damage"),
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
         "source_ship: whose it is; reroll: whether it rerolls dice; rerolls: how many; "
         "spend: the resources its cost spends, (name, amount) pairs)",
         ("attack", "kind", "role", "user", "source", "source_ship", "reroll", "rerolls",
          "spend"),
         "DICE MODIFICATION", "engine/modify_dice.py dice_options"),
    Hook("cannot_attack", "True: the ship can't attack", ("ship",), "ATTACK",
         "engine/weapons.py cannot_attack"),
    Hook("attack_at_obstacle", "True: the owner may attack with this weapon even while at "
         "range 0 of this obstacle (one that forbids attacking)", ("weapon", "obstacle"),
         "OBSTACLES", "engine/weapons.py obstacle_forbids", own=True),
    Hook("weapon_arc_alternatives", "[(arc, low, high)]: standard arcs (ARCS names) and "
         "range the owner may treat this weapon's arc and range requirement as instead, for a "
         "defender the weapon does not reach as printed", ("weapon",), "ATTACK",
         "engine/weapons.py valid_targets", own=True),
    Hook("attack_while_disarmed", "True: the owner may still attack with this weapon while "
         "disarmed (not while cloaked); defender: the target, or None (some target)",
         ("ship", "weapon", "defender"), "DISARMED",
         "engine/weapons.py disarmed_weapon", own=True),
    Hook("weapon_replaces_damage", "True: the weapon's card (or a card used during a "
         "primary attack) deals with the results",
         ("attack",), "SPECIAL WEAPON", "engine/attack.py DealDamage"),
    Hook("primary_weapons", "extra primary weapons [(arc, value)] of the owner", (),
         "PRIMARY WEAPON", "engine/weapons.py weapons_of", own=True),
    Hook("special_weapon_arc", "the weapon arc (a weapon arc name: single_turret) the owner "
         "must treat this special weapon's printed arc requirement as, or None (card: the "
         "weapon's upgrade; arc: its printed arc)", ("card", "arc"), "SPECIAL WEAPON",
         "engine/weapons.py weapons_of", own=True),
    Hook("maneuver_difficulty", "difficulty steps (+1 harder, -1 easier; summed)",
         ("ship", "maneuver"), "DIFFICULTY", "engine/rounds.py effective_code"),
    Hook("maneuver_alternatives", "maneuver codes the owner may execute instead",
         ("maneuver",), "MANEUVER", "engine/rounds.py alternatives", own=True),
    Hook("action_forbidden", "True: the action can't be performed", ("ship", "action"),
         "ACTIONS", "engine/actions.py can_perform"),
    Hook("boost_templates", "extra boost templates [(direction, colour[, cost[, then]])]: "
         "turn_left or turn_right, the colour the boost action is then treated as (None: as "
         "it is), what choosing it costs ((\"force\" or a card id, amount) pairs) and the "
         "continuation a move with it sets off (called with the ship's id)",
         ("colour",), "BOOST", "engine/action_bodies.py BoostAction", own=True),
    Hook("barrel_roll_templates", "extra barrel roll templates [(curve, colour, cost, then)]: "
         "the [1 turn] template turning left or right laid against the side (ruling), as "
         "boost_templates says for the rest", ("colour",), "BARREL ROLL",
         "engine/action_bodies.py roll_choices", own=True),
    Hook("barrel_roll_banks", "True: the owner's barrel roll actions use the [1 bank] template "
         "(forward or backward) instead of [1 straight], ending turned 45 degrees (ruling)",
         ("ship",), "BARREL ROLL", "engine/reposition_templates.py roll_choices", own=True),
    Hook("reposition_speed", "None, or (change, mandatory, cost): the template of the "
         "owner's boost, barrel roll or SLAM (move) may (or must, if able) be of another "
         "speed; colour: the action's so far", ("move", "colour"), "BOOST",
         "engine/action_bodies.py speed_changes", own=True),
    Hook("decloak_templates", "[(left or right, cost)]: bank templates the owner may decloak "
         "(boost) with instead of the straight one of this speed", ("speed",), "DECLOAK",
         "engine/movement.py decloak_banks", own=True),
    Hook("decloak_banks_only", "True: the owner must decloak with one of its bank templates "
         "(hook decloak_templates) instead of the straight one: no straight boost or barrel "
         "roll is offered", ("speed",), "DECLOAK", "engine/movement.py Decloak", own=True),
    Hook("boost_directions", "the only boost directions (left, straight, right, turn_left, "
         "turn_right) the ship may use for its boost now, or None (no limit; several: only "
         "those all allow)", ("ship",), "BOOST", "engine/action_bodies.py boost_directions"),
    Hook("reposition_through_obstacles", "True: the owner's barrel rolls and boosts (move: "
         "barrel_roll or boost) can move through and overlap obstacles", ("move",),
         "BARREL ROLL", "engine/movement.py passes_obstacles", own=True),
    Hook("added_actions", "actions [ActionSpec] a card adds to the owner's action bar",
         ("ship",), "ACTIONS", "engine/actions.py bar_actions", own=True),
    Hook("token_spend_forbidden", "True: the ship can't spend tokens of this kind now (costs "
         "and dice modifications; removing them is still allowed)", ("ship", "token"),
         "TOKENS", "engine/effects.py spend_forbidden (Cost.can_pay, modify_dice.dice_options)"),
    Hook("force_spend_forbidden", "True: the ship can't spend Force now (attacking: it would be "
         "spent in its own attack, declaration included)", ("ship", "attacking"),
         "FORCE CHARGE", "engine/effects.py force_forbidden (spendable_force)"),
    Hook("end_game_points", "mission points this player scores at the end of the game "
         "(summed)", ("player",), "WINNING THE GAME", "engine/rounds.py CheckEnd"),
    Hook("may_act_stressed", "True: the ship may perform this action while stressed",
         ("ship", "spec"), "STRESS", "engine/actions.py can_perform"),
    Hook("action_step_stressed", "True: in its Perform Action step the ship may perform its "
         "one action even while stressed", ("ship",), "STRESS",
         "engine/activation_steps.py ActionStep",
         own=True),
    Hook("may_execute_red_stressed", "True: the ship may execute a red maneuver while "
         "stressed", ("ship",), "STRESS", "engine/rounds.py Execution"),
    Hook("token_removal_forbidden", "True: the ship can't remove tokens of this kind now "
         "(spending included)", ("ship", "token"), "TOKENS", "engine/effects.py remove_token"),
    Hook("end_phase_kept_tokens", "how many tokens of this kind the ship does not remove in "
         "the End Phase (summed)", ("ship", "token"), "END PHASE", "engine/rounds.py EndPhase"),
    Hook("action_difficulty", "the colour the ship treats this action as, or None (several: "
         "the most restrictive applies)", ("ship", "spec"), "ACTIONS",
         "engine/actions.py StartAction", own=True),
    Hook("coordinate_forbidden", "True: the owner can't coordinate this ship", ("ship",),
         "COORDINATE", "engine/actions.py coordinate_forbidden", own=True),
    Hook("coordinate_companions", "ids of ships the owner may coordinate besides the chosen "
         "ship (both then perform the same action); colour: the coordinate action's",
         ("ship", "colour"), "COORDINATE", "engine/actions.py coordinate_companions",
         own=True),
    Hook("coordinate_group", "None, or (count, colour, ship ids): the owner may treat its "
         "coordinate action as colour to coordinate up to count of these ships besides the "
         "chosen one, all performing the same action treated as colour; colour: the "
         "coordinate action's", ("ship", "colour"), "COORDINATE",
         "engine/actions.py coordinate_group", own=True),
    Hook("coordinate_beyond_range", "True: the owner may coordinate this friendly ship beyond "
         "range 2", ("ship",), "COORDINATE", "engine/actions.py coordinate_targets", own=True),
    Hook("coordinate_actions", "the action kinds the ship a coordinating ship chose may "
         "perform, or None (no limit)", ("ship",), "COORDINATE",
         "engine/actions.py CoordinateAction", own=True),
    Hook("max_locks", "how many locks the ship may keep (default 1; the highest applies)",
         ("ship",), "LOCK", "engine/effects.py max_locks", own=True),
    Hook("ignores_obstacle", "True: the ship ignores the obstacle's effects while it moves or "
         "attacks (during: move or attack)", ("ship", "obstacle", "during"), "OBSTACLES",
         "engine/effects.py ignores_obstacle"),
    Hook("activate_initiative", "the initiative step at which the ship activates this "
         "phase instead of its initiative, or None (the highest applies; its initiative "
         "itself is unchanged)", ("ship",), "ACTIVATION PHASE",
         "engine/initiative_steps.py steps_of"),
    Hook("records_moved_through", "True: the owner's boosts remember the ships they move "
         "through (card memory 'moved_through')", ("ship",), "MOVE",
         "engine/movement.py reposition", own=True),
    Hook("setup_placement_beside", "rules as setup_placement_rules ('near:<id>:<range>' "
         "too) by which the owner's cards let another ship (ship) be placed",
         ("ship",), "SETUP", "engine/setup.py PlaceForces", own=True),
    Hook("setup_placement_rules", "placement rules (tuples of engine/placement.py rule "
         "names) by which the owner may be placed in Place Forces instead of its deployment "
         "area", ("ship",), "SETUP", "engine/setup.py PlaceForces", own=True),
    Hook("records_action_step", "True: a card asks whether a ship's action is performed "
         "during its Perform Action step: while that step resolves the ship's card memory "
         "holds 'rules:perform_action_step'", (), "ACTIVATION PHASE",
         "engine/activation_steps.py ActionStep"),
    Hook("records_modified_dice", "True: a card asks who modified which dice: each dice "
         "modification marks its user in the attack (attack.marks '<ship>:modified <kind> "
         "dice')", (), "DICE MODIFICATION", "engine/modify_dice.py _settle"),
    Hook("range_zero_focus", "True: at attack range 0 the attacker may still spend focus "
         "tokens for their default effect on its attack dice", ("attack",), "ATTACK",
         "engine/modify_dice.py dice_options"),
    Hook("treated_attack_range", "the attack range the owner treats its attack just declared "
         "as instead of the measured one, or None", ("attack",), "ATTACK RANGE",
         "engine/attack.py _begin", own=True),
    Hook("docking", "the guides a ship may deploy from if docked in the owner (a carrier), "
         "or None: the carrier can't dock it now (its capacity included)", ("ship",), "DOCK",
         "engine/docking.py dock_guides", own=True),
    Hook("dock_range", "the range at which the owner may dock with its carrier (default 0; "
         "the highest applies)", ("ship",), "DOCK", "engine/docking.py dock_range", own=True),
    Hook("starts_in_reserve", "the placement rule the owner starts the game in reserve with "
         "(a tuple of rule names: engine/placement.py), or None (placed as usual)", ("ship",),
         "RESERVE", "engine/reserve.py start_in_reserve", own=True),
    Hook("ignores_device", "True: the ship ignores the device's effects (a mine it meets "
         "does not detonate for it)", ("ship", "device"), "DEVICE",
         "engine/payloads.py ignores"),
    Hook("device_templates", "extra (template, launched) placements for the device of an "
         "upgrade (card), given its own templates and whether it launches them",
         ("card", "templates", "launch"), "DEVICE", "engine/devices.py device_templates",
         own=True),
    Hook("keep_action_after_partial", "True: the ship does not skip its Perform Action step "
         "after it partially executes a maneuver (bumping a ship)", ("ship",), "OVERLAP",
         "engine/movement.py BumpEffect", own=True),
    Hook("turret_arcs_allowed", "the standard arcs the ship may rotate its turret indicator "
         "to (a collection of Arc), or None (no limit; several intersect)", ("ship",),
         "ROTATE", "engine/action_bodies.py turret_arc_allowed", own=True),
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
         "ENGAGEMENT PHASE", "engine/initiative_steps.py step_of"),
    Hook("lock_ignores_range", "True: the ship ignores range restrictions while acquiring a "
         "lock on this object", ("ship", "target"), "LOCK",
         "engine/action_bodies.py lock_targets", own=True),
    Hook("device_controllers", "True: a card asks who controls the devices that are obstacles "
         "(\"friendly device\"): the engine records the controller of each obstacle a ship "
         "places (state.obstacle_owners)", (), "DEVICE", "engine/devices.py place_obstacle"),
    Hook("lock_beyond_range", "the charges of its card the owner may spend to lock an object "
         "beyond range 3 during its Lock action, or None", ("ship",), "LOCK",
         "engine/action_bodies.py LockAction", own=True),
    Hook("range_sources", "ids of objects (a friendly DRK-1 probe droid) the ship may "
         "measure range from instead of itself while it locks or jams (action: lock or jam)",
         ("ship", "action"), "LOCK",
         "engine/action_bodies.py lock_targets, jam_targets"),
    Hook("attack_friendly", "True: the ship may declare friendly ships as defenders",
         ("ship",), "ATTACK", "engine/weapons.py valid_targets", own=True),
    Hook("closest_defender", "True: the ship must declare a defender at the closest attack "
         "range among its valid targets", ("ship",), "ATTACK",
         "engine/attack.py DeclareAttack", own=True),
    Hook("spend_lock_for_target", "True: performing this action (coordinate or jam), the "
         "ship may spend a lock it has on a ship to choose it, ignoring range restrictions",
         ("ship", "action"), "COORDINATE",
         "engine/actions.py CoordinateAction; engine/action_bodies.py JamAction", own=True),
    Hook("jam_friendly", "True: the owner's jam may choose itself or a friendly ship in "
         "range", ("ship",), "JAM", "engine/action_bodies.py jam_targets", own=True),
    Hook("cannot_be_coordinated", "True: a coordinate action can't choose this ship",
         ("ship",), "COORDINATE", "engine/actions.py CoordinateAction"),
    Hook("lock_forbidden", "True: the ship can't acquire a lock on this object", ("ship",
         "target"), "LOCK", "engine/effects.py can_lock"),
    Hook("lock_any_range", "True: the ship's locks (its Lock action's, and those of cards "
         "choosing among lock_targets) may be acquired at any range, not only at range 0-3 "
         "(what it may not lock is lock_forbidden's)", ("ship",), "LOCK",
         "engine/action_bodies.py lock_targets"),
    Hook("lock_action_forbidden", "True: the ship can't choose this object while performing "
         "the lock action", ("ship", "target"), "LOCK",
         "engine/action_bodies.py LockAction"),
    Hook("attack_arc_forbidden", "True: the ship can't attack with this weapon from this "
         "standard arc now (\"you cannot attack from that arc again this round\")",
         ("ship", "weapon", "arc"), "ATTACK", "engine/weapons.py valid_targets"),
    Hook("may_act_ionized", "True: the ship may perform this action (spec) while ionized",
         ("ship", "spec"), "ION", "engine/actions.py can_perform"),
    Hook("choose_exposed_damage", "True: before one of the ship's facedown damage cards is "
         "exposed, its player may look at them and choose the card exposed instead",
         ("ship",), "DAMAGE CARDS", "engine/effects.py expose_damage",
         own=True),
)

_POINTS = (
    ReplacementPoint("gain_token", "a ship would gain tokens",
                     ("ship", "token", "count", "applier"), "TOKENS",
                     "engine/effects.py gain_token"),
    ReplacementPoint("suffer_damage", "a ship would suffer damage (bypass_shields is added, "
                     "True, when it bypasses shields)",
                     ("ship", "hits", "crits", "cause"), "DAMAGE",
                     "engine/damage.py SufferDamage"),
    ReplacementPoint("deal_faceup", "a critical damage would deal a faceup damage card",
                     ("ship",), "DAMAGE CARDS", "engine/damage.py SufferDamage"),
    ReplacementPoint("deal_faceup_card", "a known damage card (drawn or chosen) would be "
                     "dealt faceup; a replacement calls the continuation then with None",
                     ("ship", "card", "then", "args"), "DAMAGE CARDS",
                     "engine/effects.py deal_damage_card (_deal)"),
    ReplacementPoint("deal_damage_card", "a known damage card would be dealt, faceup or "
                     "facedown (after deal_faceup_card); a replacement calls the "
                     "continuation then with None", ("ship", "card", "faceup", "then", "args"),
                     "DAMAGE CARDS", "engine/effects.py deal_damage_card (_deal)"),
    ReplacementPoint("execute_maneuver", "a ship would execute a maneuver",
                     ("ship", "maneuver", "ion", "slam"), "MANEUVER",
                     "engine/movement.py ExecuteManeuver"),
)


_CONTEXTS = (
    ContextEvent("action", ("ship", "action"), "the context of a card's \"Action:\" ability "
                 "(CardAction requirement, choices and effect)",
                 "engine/actions.py _card_ctx"),
    ContextEvent("declare_attack", (), "the context of a special weapon's cost and extra "
                 "requirement when the attack is declared",
                 "engine/weapons.py valid_targets; engine/attack.py _begin"),
    ContextEvent("dice_modified", ("user", "kind", "rerolled"), "the context of a DiceMod's "
                 "after(ctx, option), once its option is applied (rerolled: the new faces "
                 "of the dice it rerolled)", "engine/modify_dice.py _settle"),
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
