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
    #: The lowest range of a primary weapon. Rulebook (1e): "Each ship's primary weapon
    #: can target ships at Range 1-3" and "A ship cannot target a ship if their bases are
    #: touching" (range 0); RR (2.5): range 0-3.
    primary_min_range: int = 0
    #: RR: OVERLAP (2.5): a friendly bump rolls a die for damage, an enemy bump offers a
    #: focus or calculate action; rulebook (1e): the ship only skips its action.
    bump_effects: bool = True
    #: Rulebook (2.5): a stressed ship cannot set a red maneuver on its dial; the first
    #: edition forbids only executing one (see ``stressed_red_chosen_by_opponent``).
    stressed_dial_excludes_red: bool = True
    #: Rulebook (1e), Stress: a stressed ship revealing a red maneuver executes any
    #: non-red maneuver of its dial that the opposing player chooses; RR: STRESS (2.5):
    #: the white 2 straight instead.
    stressed_red_chosen_by_opponent: bool = False
    #: Rulebook (1e), Initiative: one player has initiative for the whole game (squad
    #: building: the lower squad point total, else the Imperial player); RR: PLANNING
    #: PHASE (2.5): the players roll for the first player every round.
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
    #: Whether the 2.5 scenarios (and environment cards) belong to the ruleset.
    scenarios: bool = True
    #: FAQ (1e), Movement: when effects changing a maneuver's difficulty conflict, one that
    #: increases it takes priority over one that decreases it (Damaged Engine's red turns
    #: stay red with R2 Astromech); RR: DIFFICULTY (2.5): the changes are cumulative.
    difficulty_increase_wins: bool = False

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
        primary_min_range=1,
        bump_effects=False,
        stressed_dial_excludes_red=False,
        stressed_red_chosen_by_opponent=True,
        fixed_initiative=True,
        initiative_wins_mutual_destruction=True,
        ion_threshold=1,
        ion_white_straight=True,
        ionized_focus_only=False,
        obstacle_spacing=False,
        scenarios=False,
        difficulty_increase_wins=True,
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
