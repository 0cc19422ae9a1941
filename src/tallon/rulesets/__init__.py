"""The rulesets Tallon knows, named in one place, with every rule in which they differ.

``RULESETS`` is every ruleset whose cards and squads Tallon reads; ``PLAYED_RULESETS`` those
its rules engine plays. A game's rules engine is the same for both; where the first edition
("1e", issue 21) differs from 2.5 the engine asks the game's :class:`Ruleset` (through
``tallon.engine.rules.ruleset_of``) instead of testing the ruleset's name, so each
difference is one field here, documented with its source. docs/first-edition.md lists
them with where the engine reads each.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tallon.dice.abilities.base import DiceAbility
from tallon.dice.abilities.tokens import (
    CALCULATE_ABILITY,
    EVADE_ABILITY,
    FOCUS_ABILITY,
    FORCE_ABILITY,
    LOCK_ABILITY,
)
from tallon.dice.dice_rules import RULES_2_5, DiceRules
from tallon.dice.ruleset_1e import EVADE_1E, FOCUS_1E, RULES_1E

RULESETS: tuple[str, ...] = ("2.5", "1e")
PLAYED_RULESETS: tuple[str, ...] = ("2.5", "1e")
DEFAULT_RULESET = "2.5"


@dataclass(frozen=True)
class Ruleset:
    """What a game's rules engine does differently under one ruleset.

    Every field is a rule with a 2.5 default; the first edition's values cite its source
    (rulebook: the core-set rulebook; FAQ: the first-edition FAQ)."""

    name: str
    title: str
    #: The prefix of this ruleset's card ids in the card database (2.5's have none; the
    #: first edition's are ``1e-...``: :mod:`tallon.data.first_edition_play`).
    card_prefix: str = ""
    #: The damage decks a game may shuffle, the first the default.
    damage_decks: tuple[str, ...] = ("core",)
    #: The dice rules (tokens, range bonus) shared with the exact calculator.
    dice: DiceRules = field(default=RULES_2_5, compare=False)
    #: The token effects a ship may spend in the Modify Dice steps.
    token_abilities: tuple[DiceAbility, ...] = field(default=(
        FOCUS_ABILITY, CALCULATE_ABILITY, FORCE_ABILITY, EVADE_ABILITY, LOCK_ABILITY),
        compare=False)
    #: FAQ (1e), Spending Tokens: each token effect at most once per Modify Dice step.
    tokens_once_per_step: bool = False
    #: FAQ (1e), Spending Tokens: a focus token may be spent with no focus result to change
    #: (for "after you spend a focus token" abilities: engine/modify_dice.py _idle_spend).
    focus_spend_without_results: bool = False
    #: FAQ (1e), Spending Tokens: "players may spend target locks and choose to reroll 0
    #: attack dice" (for "when you spend a target lock" abilities: engine/modify_dice.py
    #: _idle_spend); RR: LOCK (2.5): the lock is spent "to reroll one or more" attack dice.
    lock_spend_without_reroll: bool = False
    #: The lowest range of a primary weapon. Rulebook (1e): "Each ship's primary weapon
    #: can target ships at Range 1-3" and "A ship cannot target a ship if their bases are
    #: touching" (range 0); RR (2.5): range 0-3.
    primary_min_range: int = 0
    #: RR: OVERLAP (2.5): a friendly bump rolls a die for damage, an enemy bump offers a
    #: focus or calculate action; rulebook (1e): the ship only skips its action.
    bump_effects: bool = True
    #: Rulebook (2.5): a stressed ship cannot set a red maneuver on its dial; the first
    #: edition forbids only executing one: a stressed ship revealing a red maneuver
    #: executes a white [2 straight] instead (FAQ (1e) errata, Rules Reference (Stress),
    #: replacing the core rulebook's "the opposing player chooses"), as 2.5's does.
    stressed_dial_excludes_red: bool = True
    #: Rulebook (1e), Initiative: one player has initiative for the whole game (squad
    #: building: the lower squad point total, else the Imperial player);
    #: RR: PLANNING PHASE (2.5): the players roll for the first player every round.
    fixed_initiative: bool = False
    #: Rulebook (1e), Winning the Game: if both players' last ships are destroyed at the
    #: same time, the player with initiative wins; 2.5: a draw.
    initiative_wins_mutual_destruction: bool = False
    #: Reference card (1e) "Ion Token": a ship with an ion token is ionized, whatever its
    #: size; RR: ION (2.5): as many as its size's threshold (None: 2.5's).
    ion_threshold: int | None = None
    #: Reference card (1e) "Ion Token": the ionized ship moves "as if it were assigned a
    #: white [1 straight]"; RR: ION (2.5): a blue speed 1 bank or straight in its dial's
    #: direction.
    ion_white_straight: bool = False
    #: RR: ION (2.5): an ionized ship can perform only the focus action; reference card
    #: (1e) "Ion Token": "It may perform actions as normal".
    ionized_focus_only: bool = True
    #: RR: SETUP step 4 (2.5): obstacles beyond range 1 of each other; the first edition's
    #: rulebook (Adding Obstacles) asks only that they be beyond range 2 of the edges.
    obstacle_spacing: bool = True
    #: Rulebook (1e), Squad Building: ship and upgrade cards are paid from the squad
    #: point total; RR: SQUAD POINTS (2.5): upgrades cost loadout points, not squad
    #: points (a huge ship aside).
    upgrades_cost_squad_points: bool = False
    #: RR: OBSTACLES (2.5): an asteroid deals a damage, then its die another on a hit or
    #: crit; a debris cloud a stress, then its die a damage or a critical damage. FAQ (1e),
    #: Rules Reference (Obstacles) and rulebook (1e), Moving Into and Through Obstacles:
    #: only the die deals damage - an asteroid's hit a damage, its crit a critical damage;
    #: a debris cloud's crit a critical damage (after its stress).
    obstacle_dice_only: bool = False
    #: Rulebook (1e), Moving Into and Through Obstacles: a ship whose template or base
    #: overlaps an obstacle skips its Perform Action step; RR: OBSTACLES (2.5): only a ship
    #: that ends its maneuver overlapping one.
    obstacle_met_skips_action: bool = False
    #: RR: ION (2.5): an ionized ship cannot acquire locks or be locked; reference card (1e)
    #: "Ion Token" restricts only its maneuver.
    ion_blocks_locks: bool = True
    #: RR: LOCK (2.5): any object at range 0-3 may be locked; rulebook (1e), Acquire a
    #: Target Lock: an enemy ship at range 1-3.
    locks_on_friendly: bool = True
    #: RR: BONUS ATTACK (2.5): a ship performs one bonus attack a round; FAQ (1e), Timing
    #: Chart for Performing an Attack (step 9): abilities that perform an additional attack
    #: each resolve, one after another, limited only by their own cards.
    one_bonus_attack: bool = True
    #: FAQ (1e), Timing Chart for Performing an Attack, steps 8 and 9: the "after
    #: attacking" and "after defending" abilities (then those performing an attack) of the
    #: player with initiative resolve first (engine/attack.py Aftermath); RR: ATTACK step 6
    #: (2.5): the defender's, then the attacker's.
    aftermath_by_initiative: bool = False
    #: Whether the 2.5 scenarios (and environment cards) belong to the ruleset.
    scenarios: bool = True
    #: Rulebook (1e), Missions: the core set's three missions, chosen as a game's
    #: ``scenario`` (:mod:`tallon.engine.missions_1e`).
    missions: bool = False
    #: Rulebook (1e), Range Combat Bonuses: "only occur when a ship is attacking with its
    #: primary weapon"; RR: RANGE BONUS (2.5): every attack but those with the ordnance icon.
    range_bonus_primary_only: bool = False
    #: FAQ (1e) R2-D2: a proximity mine the maneuver overlaps detonates (its damage rolled)
    #: before the "after executing a maneuver" abilities, an obstacle after them: the
    #: devices a maneuver meets go off before its Check Difficulty step; RR (2.5): after
    #: the obstacles' effects (engine/movement.py).
    devices_during_move: bool = False
    #: FAQ (1e), Movement: when effects changing a maneuver's difficulty conflict, one that
    #: increases it takes priority over one that decreases it (Damaged Engine's red turns
    #: stay red with R2 Astromech); RR: DIFFICULTY (2.5): the changes are cumulative.
    difficulty_increase_wins: bool = False
    #: Reference card (1e) "Reinforce Action": a reinforce token adds 1 [evade] result to
    #: a defending ship's roll, fore side up if the attacker is inside one of its firing
    #: arcs, aft side up if it is inside none (engine/reinforce_1e.py); RR: REINFORCE
    #: (2.5): it cancels a result of an attacker in the token's full arc while more than
    #: one hit or critical hit remains.
    reinforce_adds_evade: bool = False
    #: Reference card (1e) "Reload Action and Jam Tokens": the tokens a jam token takes
    #: (focus, evade; and the blue target lock, a lock the ship holds, as RR: JAM takes
    #: one); None: the green tokens of RR: JAM (2.5).
    jammed_tokens: tuple[str, ...] | None = None
    #: The same card: "that ship chooses and removes one of its ... tokens"; RR: JAM
    #: (2.5): the player whose effect jammed the ship chooses.
    jam_chosen_by_jammed_ship: bool = False
    #: Tokens that stay through the End Phase although 2.5 removes them there: the first
    #: edition's jam token leaves only with a token it takes (the same card gives it no
    #: End Phase removal, as it does the weapons disabled token); RR: END PHASE (2.5).
    end_phase_kept: tuple[str, ...] = ()
    #: Reference card (1e) "SLAM Action": "A ship cannot perform SLAM as a free action":
    #: only as the action of its Perform Action step; RR: SLAM (2.5): any action during
    #: its activation.
    slam_action_step_only: bool = False
    #: FAQ (1e), Performing a Barrel Roll / Performing a Boost, and the rulebook's "may
    #: measure ... before committing": a barrel roll or boost that cannot be placed is not
    #: performed (the player declares another direction or another action), so only those
    #: that can be placed are offered; RR: BARREL ROLL and RR: BOOST (2.5): the declared
    #: one fails.
    reposition_measured_first: bool = False
    #: The first edition has no range 0: touching ships are at Range 1 (rulebook (1e),
    #: Range; FAQ (1e): a ship is at Range 1 of itself), so a rule's "Range 1-2" includes
    #: them (the coordinate action's targets: engine/coordinating.py); RR: RANGE (2.5):
    #: they are at range 0.
    touching_is_range_one: bool = False
    #: Reference card (1e) "Tractor Beam Token" (errata): in the Combat phase a ship's
    #: agility is 1 lower for each tractor beam token it has (to a minimum of 0), whatever
    #: its size (engine/card_values.py agility); RR: TRACTOR (2.5): a ship tractored by its
    #: size's number of tokens rolls 1 fewer defense die (engine/attack.py).
    tractor_agility_per_token: bool = False
    #: The same card: only a small ship is moved, the first time it receives a tractor beam
    #: token each round, by a [1 straight] boost or barrel roll that can overlap obstacles
    #: (it suffers their effects), and it is not rotated afterwards; RR: TRACTOR (2.5):
    #: any ship but a huge one once tractored, never onto an obstacle, then its player may
    #: rotate it 90 degrees for a stress token (engine/tokens.py).
    tractor_move_1e: bool = False
    #: The obstacle types (``ObstacleType`` values) a ship at range 0 of cannot attack,
    #: None: RR: OBSTACLES (2.5): asteroids, debris clouds and gas clouds. FAQ (1e) errata,
    #: Rules Reference (Obstacles): "While a ship is overlapping an asteroid, it cannot
    #: perform any attacks" (not a debris cloud's effect), and reference card (1e) "Debris
    #: Cloud Token": a ship overlapping one "may perform an attack" (engine/weapons.py).
    attack_banning_obstacles: tuple[str, ...] | None = None
    #: FAQ (1e) errata, Rules Reference (Obstacles), and Blinded Pilot: only a ship
    #: "overlapping an asteroid" cannot attack - a base touching one without overlapping it
    #: may (engine/weapons.py obstacle_forbids); RR: OBSTACLES (2.5): at range 0 of one.
    attack_ban_needs_overlap: bool = False
    #: FAQ (1e), Actions and Game Effects: "Can a bomb token be dropped outside the play
    #: area? Yes. The portion of the bomb token that is outside the play area is ignored"
    #: (engine/devices.py placement_options, engine/payloads.py fits); RR: DEVICE (2.5): a
    #: device that would be placed partially outside the play area is not placed.
    devices_outside_play_area: bool = False
    #: FAQ (1e), Movement: a ship already overlapping an obstacle suffers its effect when
    #: it executes its next maneuver if the template or its final position overlaps it
    #: (its original position ignored); RR: OBSTACLES (2.5), as the engine reads it: only
    #: if it still overlaps it at the end (engine/movement.py obstacles_met).
    started_obstacle_template_counts: bool = False
    #: FAQ (1e), Altered Pilot Skill: in the Combat phase a ship that has not attacked and
    #: whose pilot skill rises above the active ship's does not become the active ship this
    #: phase; RR: INITIATIVE (2.5, FAQ): it engages at the step reached, after the ships of
    #: that step (engine/rounds.py Sweep).
    passed_ship_skips_engagement: bool = False
    #: FAQ (1e), Touching and Stationary Maneuvers: a ship touching another that executes
    #: a [0 stop] (a maneuver that does not move it away) is still touching it, until one
    #: of them moves away (engine/movement.py ExecuteManeuver); the engine otherwise ends
    #: a bump's contact whenever either ship is placed (RR: RANGE).
    stationary_keeps_contacts: bool = False
    #: FAQ (1e), Overlapping In-Line Ships: ships facing the same way that both executed a
    #: maneuver of the same speed are not touching even if their bases are still in
    #: contact, unless they overlapped (a bump): range 1 for their attacks
    #: (engine/weapons.py parted_in_line); the engine otherwise reads bases in contact as
    #: range 0 (RR: RANGE).
    in_line_moves_part: bool = False
    #: The standard actions carried out by another body, as (action, body) pairs naming
    #: entries of ``tallon.engine.actions.ACTION_BODIES`` (the first edition's: jam,
    #: barrel roll, boost in engine/actions_1e.py; reload in cards/first_edition/reload_1e.py).
    action_bodies: tuple[tuple[str, str], ...] = ()

    def jams(self, token: str) -> bool:
        """Whether a jam token takes a token of kind ``token`` (a green one)."""
        return self.jammed_tokens is None or token in self.jammed_tokens

    def action_body(self, kind: str) -> str:
        """The ``ACTION_BODIES`` entry that carries out the action ``kind`` (its own by
        default)."""
        for action, body in self.action_bodies:
            if action == kind:
                return body
        return kind

    def card_id(self, xws: str) -> str:
        """A card's id in play under this ruleset."""
        return self.card_prefix + xws


RULES: dict[str, Ruleset] = {
    "2.5": Ruleset("2.5", "X-Wing 2.5"),
    "1e": Ruleset(
        "1e", "X-Wing first edition",
        card_prefix="1e-",
        damage_decks=("1e-core", "1e-core-tfa"),
        dice=RULES_1E,
        token_abilities=(FOCUS_1E, EVADE_1E, LOCK_ABILITY),
        tokens_once_per_step=True,
        focus_spend_without_results=True,
        lock_spend_without_reroll=True,
        primary_min_range=1,
        bump_effects=False,
        stressed_dial_excludes_red=False,
        fixed_initiative=True,
        initiative_wins_mutual_destruction=True,
        ion_threshold=1,
        ion_white_straight=True,
        ionized_focus_only=False,
        obstacle_spacing=False,
        upgrades_cost_squad_points=True,
        obstacle_dice_only=True,
        ion_blocks_locks=False,
        one_bonus_attack=False,
        aftermath_by_initiative=True,
        locks_on_friendly=False,
        obstacle_met_skips_action=True,
        scenarios=False,
        missions=True,
        range_bonus_primary_only=True,
        devices_during_move=True,
        difficulty_increase_wins=True,
        reinforce_adds_evade=True,
        jammed_tokens=("focus", "evade"),
        jam_chosen_by_jammed_ship=True,
        end_phase_kept=("jam",),
        slam_action_step_only=True,
        reposition_measured_first=True,
        touching_is_range_one=True,
        tractor_agility_per_token=True,
        tractor_move_1e=True,
        attack_banning_obstacles=("asteroid",),
        attack_ban_needs_overlap=True,
        devices_outside_play_area=True,
        started_obstacle_template_counts=True,
        passed_ship_skips_engagement=True,
        stationary_keeps_contacts=True,
        in_line_moves_part=True,
        action_bodies=(("jam", "jam_1e"), ("reload", "reload_1e"),
                       ("barrel_roll", "barrel_roll_1e"), ("boost", "boost_1e")),
    ),
}


def ruleset_rules(name: str) -> Ruleset:
    """The rules of the ruleset ``name`` (ValueError naming the known ones)."""
    try:
        return RULES[name]
    except KeyError:
        raise ValueError(ruleset_problem(name) or name) from None


def ruleset_problem(ruleset: object, *, play: bool = True) -> str | None:
    """Why ``ruleset`` cannot be used (``play``: for a game, not only cards and squads),
    or None when it can."""
    if ruleset not in RULESETS:
        return f"unknown ruleset {ruleset!r}; known rulesets: {', '.join(RULESETS)}"
    if play and ruleset not in PLAYED_RULESETS:
        return (f"the {ruleset} rules engine is not implemented yet: Tallon reads its cards "
                f"and checks its squads (tallon squad check FILE --ruleset {ruleset}), but "
                f"games play {', '.join(PLAYED_RULESETS)} only")
    return None
