"""The hooks of the engine's declared vocabulary (:mod:`tallon.engine.vocabulary` lists
them with the windows, replacement points and decision kinds): each constant ability's
hook, the value its ``Modifier`` gives, the facts it is asked with and who asks it.

Like the vocabulary, this module sits at the bottom of the engine: it imports nothing
from ``tallon``.
"""

from __future__ import annotations

from dataclasses import dataclass


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
    Hook("uncancelable_results", "(hits, crits) of the attack's results that defense dice "
         "results (evades rolled or added) can't cancel, or None (summed; 1e Ten Numb, "
         "Autoblaster)", ("attack",), "ATTACK", "engine/attack.py Neutralize"),
    Hook("no_range_bonus", "True: the range bonus is not applied (kind: attack or defense "
         "dice)", ("attack", "kind"), "RANGE BONUS",
         "engine/attack.py RollAttackDice, RollDefenseDice"),
    Hook("dice_unmodifiable", "True: these dice can't be modified (results may still be "
         "canceled)", ("attack", "kind", "role"), "DICE MODIFICATION",
         "engine/modify_dice.py dice_options"),
    Hook("dice_option_allowed", "False vetoes an option (source: the card or token; "
         "source_ship: whose it is; reroll: whether it rerolls dice; rerolls: how many; "
         "spend: the resources its cost spends, (name, amount) pairs; ops: its dice "
         "operations)",
         ("attack", "kind", "role", "user", "source", "source_ship", "reroll", "rerolls",
          "spend", "ops"),
         "DICE MODIFICATION", "engine/modify_dice.py dice_options"),
    Hook("dice_step_actions", "non-dice actions [StepAction] the owner's card offers the "
         "ship modifying dice (user, as role: attacker or defender) in its part of a Modify "
         "Dice step of the kind dice (a token transfer); once per card and step",
         ("attack", "kind", "role", "user"), "DICE MODIFICATION",
         "engine/dice_step_actions.py step_actions (modify_dice.ModifyDice)"),
    Hook("cannot_attack", "True: the ship can't attack", ("ship",), "ATTACK",
         "engine/weapons.py cannot_attack"),
    Hook("attack_at_obstacle", "True: the owner may attack with this weapon even while at "
         "range 0 of this obstacle (one that forbids attacking)", ("weapon", "obstacle"),
         "OBSTACLES", "engine/weapons.py obstacle_forbids", own=True),
    Hook("friendly_attack_at_obstacle", "True: the ship may attack with this weapon even while "
         "at range 0 of this obstacle (one that forbids attacking): a card of any ship may "
         "allow it (\"friendly ships at range 0-1 can attack at range 0 of obstacles\")",
         ("ship", "weapon", "obstacle"), "OBSTACLES", "engine/weapons.py obstacle_forbids"),
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
    Hook("primary_weapon_arc", "the weapon arc (a weapon arc name: single_turret) the owner "
         "treats this printed primary weapon's arc requirement as, or None (arc: the "
         "printed arc)", ("arc",), "PRIMARY WEAPON", "engine/weapons.py weapons_of",
         own=True),
    Hook("boost_partially", "True: a boost of the ship that would fail by overlapping a ship "
         "may be resolved as though it partially executed a maneuver of the template",
         ("ship",), "BOOST", "engine/action_bodies.py BoostAction"),
    Hook("special_weapon_arc", "the weapon arc (a weapon arc name: single_turret) the owner "
         "must treat this special weapon's printed arc requirement as, or None (card: the "
         "weapon's upgrade; arc: its printed arc)", ("card", "arc"), "SPECIAL WEAPON",
         "engine/weapons.py weapons_of", own=True),
    Hook("maneuver_difficulty", "difficulty steps (+1 harder, -1 easier; summed; 1e: an "
         "increase takes priority over decreases, Ruleset.difficulty_increase_wins)",
         ("ship", "maneuver"), "DIFFICULTY",
         "engine/card_values.py difficulty_steps (rounds.py effective_code)"),
    Hook("maneuver_alternatives", "maneuver codes the owner may execute instead",
         ("maneuver",), "MANEUVER", "engine/rounds.py alternatives", own=True),
    Hook("maneuver_speed_change", "speed steps added to the maneuver the ship executes "
         "(summed; never below speed 1, a speed 0 maneuver unchanged)", ("ship", "maneuver"),
         "MANEUVER", "engine/rounds.py changed_speed"),
    Hook("maneuver_templates", "template kinds (straight, bank, turn) the owner may fly "
         "this maneuver on instead of its own, same speed (and direction: a straight one, or "
         "curving its way)", ("ship", "maneuver"), "MANEUVER",
         "engine/movement.py maneuver_templates", own=True),
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
    Hook("barrel_roll_bank_choices", "None, or what choosing it costs (a ResourceCost: "
         "(force, a card id or stress, amount) pairs): the owner (a small ship) may barrel "
         "roll with the [1 bank] template (forward or backward) instead of [1 straight], "
         "laid as barrel_roll_banks says (1e Lieutenant Lorrir)", ("ship",), "BARREL ROLL",
         "engine/reposition_templates.py roll_choices", own=True),
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
    Hook("decloak_roll_banks", "True: the owner's decloak barrel rolls use the bank template "
         "of this speed (curving forward or backward) instead of the straight one (a small "
         "ship: 1e \"Echo\")", ("speed",), "DECLOAK",
         "engine/decloak_rolls.py rolls_bank (movement.py Decloak)", own=True),
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
         "(summed)", ("player",), "WINNING THE GAME", "engine/game_end.py CheckEnd"),
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
    Hook("marks_faceup_dealt", "True: the engine marks an attack whose defender is dealt a "
         "faceup damage card (AttackState.marks['marks_faceup_dealt'])", (), "DAMAGE CARDS",
         "engine/effects.py _deal"),
    Hook("end_phase_kept_tokens", "how many tokens of this kind the ship does not remove in "
         "the End Phase (summed)", ("ship", "token"), "END PHASE", "engine/rounds.py EndPhase"),
    Hook("reinforce_sides", "the reinforce sides ('fore', 'aft') the owner may choose, or "
         "None (both)", ("ship",), "REINFORCE", "engine/action_bodies.py ReinforceAction",
         own=True),
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
         "range 2", ("ship",), "COORDINATE", "engine/coordinating.py coordinate_far", own=True),
    Hook("coordinate_remote", "the continuation carrying out a coordinate of this friendly "
         "remote at range 1-2, chosen instead of a ship (called with None, the owner's and the "
         "remote's ids), or None: the owner can't choose it", ("remote",), "COORDINATE",
         "engine/coordinating.py coordinate_remotes", own=True),
    Hook("coordinate_actions", "the action kinds the ship a coordinating ship chose may "
         "perform, or None (no limit)", ("ship",), "COORDINATE",
         "engine/actions.py CoordinateAction", own=True),
    Hook("max_locks", "how many locks the ship may keep (default 1; the highest applies)",
         ("ship",), "LOCK", "engine/effects.py max_locks", own=True),
    Hook("ignores_obstacle", "True: the ship ignores the obstacle's effects while it moves or "
         "attacks (during: move or attack)", ("ship", "obstacle", "during"), "OBSTACLES",
         "engine/effects.py ignores_obstacle"),
    Hook("ignores_obstacle_always", "True: the ship ignores the obstacle's effects now, "
         "whatever it does (moving, attacking, acquiring locks, an obstacle placed under it)",
         ("ship", "obstacle"), "OBSTACLES", "engine/effects.py ignores_obstacle"),
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
    Hook("starts_faceup", "True: the owner's two-sided configuration (card) starts with the "
         "side faceup whose card says so (\"Setup: Equip this side faceup\"): its side is "
         "not chosen", ("card",), "SETUP", "engine/setup.py PlaceForces", own=True),
    Hook("records_action_step", "True: a card asks whether a ship's action is performed "
         "during its Perform Action step: while that step resolves the ship's card memory "
         "holds 'rules:perform_action_step'", (), "ACTIVATION PHASE",
         "engine/activation_steps.py ActionStep"),
    Hook("records_modified_dice", "True: a card asks who modified which dice: each dice "
         "modification marks its user in the attack (attack.marks '<ship>:modified <kind> "
         "dice', and '<ship>:modified focus results' counting the focus results it "
         "rerolled, changed or spent)", (), "DICE MODIFICATION",
         "engine/modify_dice.py _settle, apply_modification"),
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
    Hook("deploy_forbidden", "True: the owner can't deploy in the System Phase (it may still "
         "emergency deploy)", ("ship",), "DOCK", "engine/docking.py can_deploy", own=True),
    Hook("must_start_docked", "True: the owner must start the game docked (Setup: no 'placed "
         "as usual' answer while a carrier can take it)", ("ship",), "DOCK",
         "engine/docking.py StartDocked", own=True),
    Hook("lends_pilot_ability", "True: while the owner is docked, its carrier has its pilot "
         "ability (asked of the docked ship's own cards as it docks)", ("ship",), "DOCK",
         "engine/docking.py lend_pilot_ability", own=True),
    Hook("docked_profile", "(initiative, dial) the owner (a carrier) takes on while this ship "
         "(or None: no ship) is docked with it, or None: its own (set as ships dock and "
         "deploy)", ("ship",), "DOCK", "engine/docking.py take_on_docked", own=True),
    Hook("inactive", "True: the owner is not assigned a dial and does not activate or "
         "engage now", ("ship",), "ACTIVATION PHASE",
         "engine/activation_steps.py inactive (rounds.py _dial_steps, _eligible)", own=True),
    Hook("maneuver_instead", "the maneuver code the owner executes instead of its revealed "
         "one (its difficulty as cards change it), before the stressed red and purple "
         "checks, or None", ("maneuver",), "MANEUVER",
         "engine/activation_steps.py maneuver_instead (rounds.py Execution)", own=True),
    Hook("lent_shields", "the ids of the docked ships whose active shields the owner (their "
         "carrier) may treat as on its own ship card", (), "SHIELDS",
         "engine/lent_shields.py lenders", own=True),
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
    Hook("device_alignments", "other ways [(way, cost)] the owner may set a device (of "
         "upgrade card) it would drop (or launch): way left or right (each template's middle "
         "line on that side's hashmark instead of the guides) or touch (placed by hand "
         "touching the ship instead: not a drop); cost: what choosing it costs ((card id or "
         "force, amount) pairs)", ("card", "launch"), "DEVICE",
         "engine/devices.py device_templates, _placed", own=True),
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
    Hook("ignore_weapon_requirement", "True: the weapon's lock, focus or calculate "
         "requirement counts as met against this defender", ("ship", "defender", "weapon"),
         "SPECIAL WEAPON", "engine/weapons.py _lock_waived"),
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
    Hook("bonus_attack_headers", 'the owner card\'s "BONUS ATTACK:" headers that let the '
         "huge ship attack with this weapon (another card's: Ordnance Tubes' torpedo and "
         "missile attacks): (header number, Cost) pairs, or ()", ("weapon",), "BONUS ATTACK",
         "engine/weapons.py header_costs", own=True),
    Hook("bonus_attack_only", "True: the owner performs attacks with this weapon only as "
         "bonus attacks (not as its standard attack)", ("weapon",), "BONUS ATTACK",
         "engine/attack.py standard_only", own=True),
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
    Hook("touching_ignored", "True: the attacker (ship) and this defender, touching, are "
         "not considered touching for this attack: it may be declared, at range 1 (1e "
         "\"Zeb\" Orrelios)", ("ship", "defender"), "ATTACK",
         "engine/weapons.py valid_targets"),
    Hook("lock_friendly", "True: the ship may acquire a lock on this ship of its own player "
         "although the ruleset locks enemy ships only (1e M9-G8)", ("ship", "target"), "LOCK",
         "engine/friendly_locks.py friendly_lock_allowed (effects.py can_lock)"),
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
    Hook("mutual_destruction_draw", "True: both fleets gone at the end of the round is a "
         "draw, not the initiative player's win (Ruleset.initiative_wins_mutual_destruction)",
         (), "WINNING THE GAME", "engine/game_end.py CheckEnd"),
    Hook("removal_delayed", "True: this ship, destroyed in the Engagement Phase, is not "
         "removed after its initiative step but at the end of the phase", ("ship",),
         "DESTROYING SHIPS", "engine/rounds.py _remove_destroyed"),
    Hook("removal_until_end_phase", "True: this destroyed ship, in any phase, is not removed "
         "until the end of the End Phase (after end_phase_end, before the game's end is "
         "checked)", ("ship",), "DESTROYING SHIPS",
         "engine/rounds.py _remove_destroyed; engine/damage.py RemoveDestroyed; "
         "engine/game_end.py CheckEnd"),
    Hook("primary_weapon_range", "the farthest range the owner's primary weapons reach "
         "instead of 3 (4 or 5: its arcs are measured that far; the highest applies)",
         ("ship",), "PRIMARY WEAPON", "engine/weapons.py weapons_of", own=True),
    Hook("lock_range", "the farthest range at which the owner may acquire locks instead of "
         "3 (the highest applies)", ("ship",), "LOCK",
         "engine/action_bodies.py lock_targets", own=True),
    Hook("range_increase", "(energy, farthest range): the owner performing this action (lock "
         "or jam) may spend up to that much energy to choose an object 1 range farther per "
         "energy, up to that range, or None", ("ship", "action"), "LOCK",
         "engine/boosted_range.py boosted_locks, boosted_jams", own=True),
    Hook("dial_forbidden", "True: the ship can't be assigned this maneuver in the Planning "
         "Phase (1e Shaken Pilot: no straight); its dial keeps at least one maneuver",
         ("ship", "maneuver"), "PLANNING PHASE",
         "engine/card_values.py settable (rounds.py SetDial)"),
    Hook("agility", "+ agility (summed; the agility is then at least 0, before the range and "
         "obstruction bonuses: FAQ (1e) Increasing and Reducing Values)", ("ship",),
         "ATTACK", "engine/card_values.py agility (attack.py RollDefenseDice)"),
    Hook("hull_damage", "damage the owner's cards count against its hull beyond one per "
         "damage card (summed: 1e Direct Hit!)", ("ship",), "DESTROYING SHIPS",
         "engine/card_values.py hull_damage (effects.py check_destroyed, replace.py)",
         own=True),
    Hook("attack_twice", "True: the attack declared is performed twice (steps 2-7 again "
         "against the same defender: FAQ (1e) timing chart; 1e Cluster Missiles)",
         ("attack",), "ATTACK", "engine/attack.py _begin (engine/attack_1e.py)"),
    Hook("forbidden_targets", "keys (<weapon>@<defender>) of the targets (the attacker ship's "
         "valid Target list) the attacker may not declare given the others (1e Biggs "
         "Darklighter: not a ship he guards when he could be targeted instead)",
         ("ship", "targets"), "ATTACK", "engine/weapons.py valid_targets"),
    Hook("action_step_actions", "more actions the ship may perform in its Perform Action "
         "step (summed: 1e Darth Vader, 2 actions)", ("ship",), "ACTIVATION PHASE",
         "engine/activation_steps.py ActionStep", own=True),
    Hook("obstacle_crits_ignored", "True: the owner ignores the critical hit results it rolls "
         "for obstacle damage (1e Collision Detector)", ("ship",), "OBSTACLES",
         "engine/obstacles.py _obstacle_rolled", own=True),
)
