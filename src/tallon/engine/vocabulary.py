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

This module sits at the bottom of the engine: it imports nothing from ``tallon`` but its
own lists of decision kinds (:mod:`tallon.engine.decision_kinds`) and hooks
(:mod:`tallon.engine.hook_kinds`), where new ones are declared.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TypeVar

# the decision kinds are listed in a module of their own, which imports nothing either
from tallon.engine.decision_kinds import _DECISION_KINDS, DecisionKind

# so are the hooks
from tallon.engine.hook_kinds import _HOOKS, Hook


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
    Window("start_planning", "start of the Planning Phase, before the dials are set (the "
           "abilities of ships in reserve that work there listen too: engine/reserve.py)", (),
           "PLANNING PHASE", "engine/rounds.py PlanningPhase (reserve.listens_in_reserve)"),
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
    Window("after_skip_execute", "a card made the ship skip its Execute Maneuver step "
           "(activation_steps.skip_execute): instead of the maneuver, before its Perform "
           "Action step (fired only when a card could listen)", ("ship",), "MANEUVER",
           "engine/rounds.py Execution"),
    Window("before_check_difficulty", "after the move, before the Check Difficulty step",
           ("ship", "maneuver", "full", "difficulty"), "MANEUVER",
           "engine/movement.py ExecuteManeuver"),
    Window("after_execute", "after a maneuver and its difficulty, bump and obstacle effects",
           ("ship", "maneuver", "full", "speed", "bearing", "difficulty", "ion", "slam",
            "hazards", "obstacles", "forced_by", "moved_through"), "MANEUVER",
           "engine/movement.py ExecuteManeuver", optional_facts=("sideslip",)),
    Window("after_overlap", '"after you overlap a ship" / "after a ship overlaps you": a '
           "ship's maneuver overlapped another ship (a bump, or a huge ship's maneuver "
           "overlapping a ship: after the ships set aside are placed again); fired after "
           "after_execute, only when a card could listen", ("ship", "other"), "OVERLAP",
           "engine/movement.py ExecuteManeuver; engine/huge_moves.py HugeManeuver"),
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
           ("ship", "device"), "DEVICE", "cards/upgrades/device.py roll_device_dice"),
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
    Window("coordinate_chosen", "a ship performing a coordinate action chose the ship it "
           "coordinates (target), before that ship may act (fired only when a card could "
           "listen)", ("ship", "target"), "COORDINATE", "engine/actions.py CoordinateAction"),
    Window("after_action_failed", "after an action failed (\"after you fail an action\")",
           ("ship", "action", "difficulty", "during_activation"), "FAIL",
           "engine/actions.py FinishAction"),
    Window("after_decloak", "after a ship decloaked (placed, its cloak token removed)",
           ("ship",), "CLOAK", "engine/movement.py Decloak"),
    Window("after_barrel_roll", "\"after you barrel roll\": a ship barrel rolled (an "
           "action's, a decloak's or a tractor move's), after the obstacles it met (fired "
           "only when a card could listen)", ("ship",), "BARREL ROLL",
           "engine/movement.py reposition"),
    Window("after_deploy", "\"after you deploy\": a ship deployed from its carrier (its "
           "maneuver and, unless emergency, its action done; fired only when a card could "
           "listen)", ("ship", "carrier", "emergency"), "DOCK",
           "engine/docking.py DockingTurn, _emergency"),
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
    Window("engagement_initiative", '"during the Engagement Phase, at initiative N" (N from 6 '
           "down to 1: initiative): as the sweep reaches that step, before any ship engages "
           "at it, whether or not one does; ships destroyed then leave after the step "
           "(fired only when a card could listen)", ("initiative",), "ENGAGEMENT PHASE",
           "engine/rounds.py Sweep"),
    Window("before_engage", '"before you engage"', ("ship",), "ENGAGEMENT PHASE",
           "engine/attack.py Engage"),
    Window("engage", '"when you engage": after before_engage, before the attack; a remote '
           "engages only through this window", ("ship",), "ENGAGEMENT PHASE",
           "engine/attack.py Engage"),
    Window("after_engage", '"after you engage": after the ship\'s attacks of its engagement '
           "(fired only while some ship has an ability of it)", ("ship",),
           "ENGAGEMENT PHASE", "engine/attack.py Engage"),
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
    Window("before_recover_charge", "\"before a ship recovers 1 recurring charge or Force\" "
           "in the End Phase: once per standard charge or Force about to be recovered "
           "(pool: the card id, or 'force'), all before any recovery (fired only when a card "
           "could listen)", ("ship", "pool"), "CHARGES",
           "engine/recovery.py end_phase_recovery"),
    # --------------------------------------------------- tokens and damage
    Window("after_gain_token", "tokens gained (and kept)", ("ship", "token", "count"),
           "TOKENS", "engine/effects.py gain_token"),
    Window("after_spend_token", "tokens spent", ("ship", "token", "count"), "TOKENS",
           "engine/effects.py spend_token"),
    Window("after_remove_stress", "stress tokens removed from a ship (ship) by any effect, "
           "spending included; remover: the ship whose effect removed them (itself unless "
           "a card says otherwise: 1e Wingman)", ("ship", "remover", "count"), "STRESS",
           "engine/effects.py remove_token"),
    Window("after_modify_dice", "a ship (ship) modified the attack or defense dice (kind) "
           "of the attack in progress, its cost paid; rerolled: how many dice it rerolled",
           ("ship", "kind", "rerolled"), "DICE MODIFICATION",
           "engine/modify_dice.py _settle"),
    Window("after_spend_force", "Force spent: on dice, on a weapon's requirement, as a cost, "
           "for a purple action or maneuver, or for a template",
           ("ship", "count"), "FORCE CHARGE",
           "engine/modify_dice.py _spend; engine/attack.py _begin; engine/effects.py "
           "spend_force"),
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
    Window("after_discard_upgrade", "a ship discarded one of its upgrade cards (the first "
           "edition's discard: the card has left it; fired only when a card could listen)",
           ("ship", "card"), "UPGRADE CARDS",
           "cards/first_edition/ordnance_1e.py discard_upgrade"),
    Window("condition_assigned", "a condition is assigned (its text resolves)",
           ("ship", "card", "player"), "CONDITION CARDS",
           "engine/conditions.py AssignCondition"),
)

_POINTS = (
    ReplacementPoint("gain_token", "a ship would gain tokens (cost is added, True, when "
                     "they are gained as an ability's cost)",
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
    ReplacementPoint("flee", "a ship would flee after executing a maneuver (its base, partly "
                     "outside the play area, is still on the table)", ("ship",), "FLEE",
                     "engine/movement.py ExecuteManeuver"),
    ReplacementPoint("detonate", "a bomb or mine would detonate (after its fuse markers); "
                     "ship: the ship that set a mine off, \"\" for a bomb",
                     ("device", "ship"), "DEVICE", "engine/payloads.py Detonate"),
    ReplacementPoint("destroy_ship", "a ship would be destroyed: by_damage, its damage cards "
                     "reached its hull, else an effect destroys it; not offered for remotes",
                     ("ship", "by_damage"), "DESTROYING SHIPS", "engine/effects.py destroy_ship"),
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
