"""What an attack is, as far as dice are concerned, and how many dice each side rolls.

RR: ATTACK steps 2a/3a (roll dice; minimum 0, maximum 6; no attack dice added to a
primary attack at range 0), RR: RANGE BONUS, RR: OBSTRUCTED, RR: DEPLETE,
RR: STRAIN. Where the first edition differs (``Attack.ruleset == "1e"``), the attack asks
its ``DiceRules`` (``tallon.dice.dice_rules``, ``tallon.dice.ruleset_1e``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from tallon.dice.abilities.base import DiceAbility, Role, Tokens, Window
from tallon.dice.abilities.tokens import DEPLETE, LOCK, STRAIN
from tallon.dice.dice_rules import RULES_2_5, DiceRules
from tallon.dice.faces import DieKind
from tallon.dice.ruleset_1e import RULES_1E

MAX_DICE = 6
# Tokens or charges of one kind a side may hold here: no attack of six dice can spend more,
# and the exact solver's recursion grows with every token.
MAX_TOKENS = 10
#: The dice rules of each ruleset the calculator knows (``Attack.ruleset``).
DICE_RULES: dict[str, DiceRules] = {RULES_2_5.name: RULES_2_5, RULES_1E.name: RULES_1E}


@dataclass(frozen=True)
class Combatant:
    """One side of an attack: dice value, tokens, and dice abilities whose conditions hold.

    ``dice`` is the attack value for the attacker and the agility value for the
    defender, before range, obstruction and other bonuses. ``tokens`` holds
    token counts (``focus``, ``lock``, ``calculate``, ``force``, ``evade``,
    ``reinforce``, ``strain``, ``deplete``, ``stress``) and may override the
    charges of an ability by its key (e.g. ``{"lonewolf": 0}``).
    """

    dice: int
    tokens: Mapping[str, int] = field(default_factory=dict)
    abilities: tuple[DiceAbility, ...] = ()

    def __post_init__(self) -> None:
        if self.dice < 0:
            raise ValueError(f"dice cannot be negative ({self.dice})")
        for name, count in self.tokens.items():
            if not 0 <= count <= MAX_TOKENS:
                raise ValueError(f"{count} {name}: a side holds 0 to {MAX_TOKENS} of a token "
                                 "or charge here")
        object.__setattr__(self, "tokens", Tokens(dict(self.tokens)))
        object.__setattr__(self, "abilities", tuple(self.abilities))


@dataclass(frozen=True)
class Attack:
    """An attack's dice situation.

    ``attack_range`` (0-3, or None if range bonuses are already in the dice
    counts) gives the range bonus: +1 attack die at range 1, +1 defense die at
    range 3, unless ``ordnance``. ``obstructed`` (by an obstacle) gives +1
    defense die. ``reinforce_applies`` says whether the defender's reinforce
    tokens match the arc the attacker is in.
    """

    attacker: Combatant
    defender: Combatant
    attack_range: int | None = None
    obstructed: bool = False
    ordnance: bool = False
    primary: bool = True
    reinforce_applies: bool = True
    ruleset: str = RULES_2_5.name

    def __post_init__(self) -> None:
        rules = DICE_RULES.get(self.ruleset)
        if rules is None:
            raise ValueError(f"unknown ruleset {self.ruleset!r}; the calculator knows "
                             f"{', '.join(DICE_RULES)}")
        if self.attack_range is not None and self.attack_range not in rules.ranges:
            raise ValueError(_range_problem(rules, self.attack_range))
        if self.attacker.tokens[LOCK] > 1:
            raise ValueError("a ship can maintain only one lock (RR: LOCK)")
        for name in self.attacker.tokens:
            _check_token(name, Role.ATTACKER, self.attacker.abilities, rules)
        for name in self.defender.tokens:
            _check_token(name, Role.DEFENDER, self.defender.abilities, rules)
        if rules is not RULES_2_5:  # 2.5's own limits are the checks above and _clamp
            _check_other_rules(self, rules)
        for role, side in ((Role.ATTACKER, self.attacker), (Role.DEFENDER, self.defender)):
            for ability in side.abilities:
                if role not in ability.roles:
                    only = " or ".join(sorted(r.value for r in ability.roles))
                    raise ValueError(
                        f"{ability.key} works only for the {only}, not the {role.value}"
                    )
        for ability in self.defender.abilities:
            if ability.window is Window.BEFORE_NEUTRALIZE:
                raise ValueError(
                    f"{ability.key}: cancels by the defender before Neutralize Results "
                    "are not supported"
                )

    @property
    def rules(self) -> DiceRules:
        """The dice rules of the attack's ruleset (``tallon.dice.dice_rules``)."""
        return DICE_RULES[self.ruleset]

    @property
    def reinforce_neutralizes(self) -> bool:
        """Whether the defender's reinforce tokens act at Neutralize Results (2.5's
        RR: REINFORCE); the first edition's reinforce adds an evade result instead."""
        return self.reinforce_applies and self.rules.reinforce_at_neutralize

    @property
    def attacker_locked_out(self) -> bool:
        """RR: ATTACK step 2b — at range 0 only the defender may modify a primary attack's dice."""
        return self.primary and self.attack_range == 0

    def abilities(self, role: Role, tokens: Tokens | None = None) -> list[DiceAbility]:
        """Token effects (for the tokens held) followed by card abilities of one side."""
        side = self.attacker if role is Role.ATTACKER else self.defender
        held = side.tokens if tokens is None else tokens
        # A token a card makes the ship gain during the attack (Luke Skywalker's Force) may
        # be spent for its effect too, even when the ship held none at the start.
        gained = {name: 1 for ability in side.abilities
                  for name, _ in getattr(ability, "gain", ()) if not held.get(name, 0)}
        if gained:
            held = Tokens({**dict(held.items()), **gained})
        effects = self.rules.token_effects(role, held, self.reinforce_applies)
        return [*effects, *side.abilities]


def _check_token(name: str, role: Role, abilities: Sequence[DiceAbility],
                 rules: DiceRules = RULES_2_5) -> None:
    known = rules.tokens(role)
    if name in known:
        return
    if any(name in ability.resources() for ability in abilities):
        return
    raise ValueError(token_problem(name, role, rules))


def token_problem(name: str, role: Role, rules: DiceRules) -> str:
    """Why ``name`` is not a token a ship in ``role`` may hold under ``rules``."""
    known = ", ".join(rules.tokens(role))
    others = [other for other in DICE_RULES.values()
              if other is not rules and name in other.tokens(role)]
    if others:
        where = " and ".join(other.name for other in others)
        return (f"{name!r} is a {where} {role.value} token, not one of {rules.title}'s; "
                f"accepted under {rules.name}: {known}")
    if rules is RULES_2_5:
        return f"unknown {role.value} token {name!r}; accepted: {known}"
    return f"unknown {role.value} token {name!r}; accepted under {rules.name}: {known}"


def _range_problem(rules: DiceRules, attack_range: int) -> str:
    if attack_range == 0 and 0 not in rules.ranges:
        return (f"no range 0 attacks under {rules.title}: ships whose bases touch cannot "
                f"attack each other; accepted ranges: {rules.ranges[0]}-{rules.ranges[-1]}")
    return f"attack range must be {rules.ranges[0]}-{rules.ranges[-1]} (got {attack_range})"


def _check_other_rules(attack: Attack, rules: DiceRules) -> None:
    """What another ruleset than 2.5 refuses: card abilities it has none of, the token
    limits, ordnance, a cloaked attacker, and dice beyond what the solver rolls when the
    rules set no maximum."""
    if not rules.card_abilities:
        for side in (attack.attacker, attack.defender):
            if side.abilities:
                raise ValueError(
                    f"{side.abilities[0].key}: card abilities are not available under "
                    f"{rules.title}: the calculator's catalogue is 2.5's, and the "
                    f"{rules.name} card pool is not in the calculator yet")
    for role, side in ((Role.ATTACKER, attack.attacker), (Role.DEFENDER, attack.defender)):
        for name, most in rules.token_limits.items():
            if side.tokens[name] > most:
                raise ValueError(f"{side.tokens[name]} {name}: a {role.value} holds at most "
                                 f"{most} under {rules.title}")
    if attack.ordnance and not rules.ordnance:
        raise ValueError(f"{rules.title} has no ordnance rule: a secondary weapon (not "
                         "primary) gets no range bonus")
    for name, reason in rules.attacker_cannot_hold:
        if attack.attacker.tokens[name]:
            raise ValueError(f"{reason} ({rules.title})")
    if rules.dice_capped:
        return
    counts = (("attack", attack_dice_count(attack, attack.attacker.tokens,
                                           attack.defender.tokens, (), ())[0]),
              ("defense", defense_dice_count(attack, attack.attacker.tokens,
                                             attack.defender.tokens, (), ())[0]))
    for kind, count in counts:
        if count > MAX_DICE:
            raise ValueError(f"{count} {kind} dice: {rules.title} sets no maximum, but the "
                             f"calculator rolls at most {MAX_DICE} dice a side")


class Step(IntEnum):
    """The places in an attack where a player may act on dice, in order."""

    DEFENDER_MODIFIES_ATTACK = 0
    ATTACKER_MODIFIES_ATTACK = 1
    ATTACKER_MODIFIES_DEFENSE = 2
    DEFENDER_MODIFIES_DEFENSE = 3
    ATTACKER_CANCELS = 4

    @property
    def role(self) -> Role:
        """Whose abilities resolve in this step."""
        return _STEP_ROLE[self]

    @property
    def dice(self) -> DieKind:
        """Which dice are acted on."""
        return _STEP_DICE[self]

    @property
    def window(self) -> Window:
        """Which ability window belongs to this step."""
        return _STEP_WINDOW[self]


_STEP_ROLE = {
    Step.DEFENDER_MODIFIES_ATTACK: Role.DEFENDER,
    Step.ATTACKER_MODIFIES_ATTACK: Role.ATTACKER,
    Step.ATTACKER_MODIFIES_DEFENSE: Role.ATTACKER,
    Step.DEFENDER_MODIFIES_DEFENSE: Role.DEFENDER,
    Step.ATTACKER_CANCELS: Role.ATTACKER,
}
_STEP_DICE = {
    Step.DEFENDER_MODIFIES_ATTACK: DieKind.ATTACK,
    Step.ATTACKER_MODIFIES_ATTACK: DieKind.ATTACK,
    Step.ATTACKER_MODIFIES_DEFENSE: DieKind.DEFENSE,
    Step.DEFENDER_MODIFIES_DEFENSE: DieKind.DEFENSE,
    Step.ATTACKER_CANCELS: DieKind.DEFENSE,
}
_STEP_WINDOW = {
    Step.DEFENDER_MODIFIES_ATTACK: Window.OPPONENT_DICE,
    Step.ATTACKER_MODIFIES_ATTACK: Window.OWN_DICE,
    Step.ATTACKER_MODIFIES_DEFENSE: Window.OPPONENT_DICE,
    Step.DEFENDER_MODIFIES_DEFENSE: Window.OWN_DICE,
    Step.ATTACKER_CANCELS: Window.BEFORE_NEUTRALIZE,
}


def step_abilities(
    attack: Attack, step: Step, abilities: Sequence[DiceAbility]
) -> list[DiceAbility]:
    """The abilities of ``step``'s role (from ``abilities``) that act in that step.

    Only the attacker's cancels have a step before Neutralize Results; a
    defender's ability with that window is refused when the attack is built.
    """
    if step is Step.ATTACKER_MODIFIES_ATTACK and attack.attacker_locked_out:
        return []
    return [a for a in abilities if a.window is step.window]


def attack_dice_count(
    attack: Attack,
    attacker: Tokens,
    defender: Tokens,
    attacker_abilities: Sequence[DiceAbility],
    defender_abilities: Sequence[DiceAbility],
) -> tuple[int, dict[str, int]]:
    """Attack dice to roll (RR: ATTACK step 2a) and the attacker's token changes (deplete spent).

    Additions: range 1 bonus (RR: RANGE BONUS) and abilities. Reductions:
    deplete (RR: DEPLETE) and abilities. At range 0 a primary attack cannot add
    dice, so additions are dropped there. The total is kept within 0-6.
    """
    added = removed = 0
    if attack.attack_range == 1 and attack.rules.range_bonus(attack.primary, attack.ordnance):
        added += 1
    # Guarded: the lean solver counts dice for every tokens-only attack it takes.
    for role, own, opponent, abilities in (
        (Role.ATTACKER, attacker, defender, attacker_abilities),
        (Role.DEFENDER, defender, attacker, defender_abilities),
    ) if attacker_abilities or defender_abilities else ():
        for ability in abilities:
            bonus = ability.attack_dice_bonus(role, own, opponent)
            added += max(bonus, 0)
            removed += max(-bonus, 0)
    changes: dict[str, int] = {}
    if attacker[DEPLETE] >= 1:
        removed += 1
        changes[DEPLETE] = -1
    if attack.attacker_locked_out:
        added = 0
    return _clamp(attack.attacker.dice + added - removed, attack.rules), changes


def defense_dice_count(
    attack: Attack,
    attacker: Tokens,
    defender: Tokens,
    attacker_abilities: Sequence[DiceAbility],
    defender_abilities: Sequence[DiceAbility],
) -> tuple[int, dict[str, int]]:
    """Defense dice to roll (RR: ATTACK step 3a) and the defender's token changes (strain spent).

    Additions: range 3 bonus, obstruction by an obstacle (RR: OBSTRUCTED) and
    abilities; reductions: strain (RR: STRAIN) and abilities; kept within 0-6.
    The strain token is removed even if the ship rolls 0 dice anyway (FAQ).
    """
    rules = attack.rules
    count = rules.agility(attack.defender.dice, defender)
    if attack.attack_range == 3 and rules.range_bonus(attack.primary, attack.ordnance):
        count += 1
    if attack.obstructed:
        count += 1
    for role, own, opponent, abilities in (
        (Role.ATTACKER, attacker, defender, attacker_abilities),
        (Role.DEFENDER, defender, attacker, defender_abilities),
    ) if attacker_abilities or defender_abilities else ():
        for ability in abilities:
            count += ability.defense_dice_bonus(role, own, opponent)
    changes: dict[str, int] = {}
    if defender[STRAIN] >= 1:
        count -= 1
        changes[STRAIN] = -1
    return _clamp(count, rules), changes


def _clamp(count: int, rules: DiceRules) -> int:
    # Without a maximum in the rules, an attack past MAX_DICE is refused when it is built.
    return max(0, min(MAX_DICE, count)) if rules.dice_capped else max(0, count)
