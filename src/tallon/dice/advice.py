"""How to modify: every option a player has at a live position of an attack, valued.

At a step where a player may modify dice (RR: ATTACK steps 2b and 3b, and the attacker's
cancels before Neutralize Results), the player chooses one option at a time — spend a
focus token, reroll some dice with a lock, use a card ability — or stops. ``advise`` lists
every one of those choices with the objective's value (expected damage by default) when
both players play optimally afterwards, ranked from the best for the player deciding: the
attacker wants the value high, the defender low. Ties are ranked as the solver breaks
them (crits, then tokens kept, then the earlier choice), so the first option is always the
one ``AttackSolver.best_option`` plays.

The values come from the exact solver itself (``tallon.dice.solver``): ``_Advisor`` only
asks it for the value of each child of a position where ``best_option`` asks for the best
one. Nothing here solves anything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tallon.dice.abilities.base import DiceAbility, Role
from tallon.dice.abilities.tokens import DEPLETE, STRAIN
from tallon.dice.attack import Attack, Combatant, Step, attack_dice_count, defense_dice_count
from tallon.dice.counts import Counts, make_counts
from tallon.dice.faces import DieKind, Face, parse_face
from tallon.dice.objectives import Objective
from tallon.dice.ops import Option
from tallon.dice.result import fraction_text
from tallon.dice.solver import AttackSolver
from tallon.dice.solver_keys import LAST_ATTACK_STEP

STEP_NAMES: dict[str, Step] = {
    "defender-modifies-attack": Step.DEFENDER_MODIFIES_ATTACK,
    "attacker-modifies-attack": Step.ATTACKER_MODIFIES_ATTACK,
    "attacker-modifies-defense": Step.ATTACKER_MODIFIES_DEFENSE,
    "defender-modifies-defense": Step.DEFENDER_MODIFIES_DEFENSE,
    "attacker-cancels": Step.ATTACKER_CANCELS,
}
"""The steps by name, as ``advise`` and ``tallon dice advise --step`` accept them."""
STEP_CHOICES = ("attacker", "defender", *STEP_NAMES)
"""Every accepted step: a player's name means that player's step on the latest dice rolled."""

REROLLED_MARK = "*"
"""Written after a face (``blank*``): that die was already rerolled and cannot be again."""

DONE = "done"
"""The key of stopping: the player modifies no more dice in this step."""


class AdviceError(ValueError):
    """A position that cannot be advised on; ``field`` names the input that is wrong."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Advice:
    """One option at a position, valued under optimal play afterwards."""

    key: str
    """``done``, or the ability's key (with ``#n`` when it offers several options here)."""
    label: str
    value: Fraction
    """The objective's value (e.g. expected damage) if this option is chosen now."""
    expected_crits: Fraction
    """Expected uncanceled crits if this option is chosen now."""
    best: bool
    """The optimal choice (the one ``AttackSolver.best_option`` plays)."""
    option: Option | None = None
    """The option to apply (None for stopping)."""

    @property
    def spend(self) -> tuple[tuple[str, int], ...]:
        """What the option costs the player."""
        return self.option.spend if self.option is not None else ()

    def to_dict(self) -> dict[str, Any]:
        """Plain data: floats and exact ``"p/q"`` strings (the CLI's JSON)."""
        return {
            "key": self.key,
            "label": self.label,
            "value": float(self.value),
            "value_exact": fraction_text(self.value),
            "expected_crits": float(self.expected_crits),
            "expected_crits_exact": fraction_text(self.expected_crits),
            "best": self.best,
            "spend": {name: amount for name, amount in self.spend},
        }


def parse_faces(text: str | Sequence[Face | str], kind: DieKind, field: str) -> Counts:
    """Faces such as ``"hit,focus,blank*"`` (or a list of faces and such names) as a pool of
    ``kind`` dice; a name ending in ``*`` is a die already rerolled."""
    parts: Sequence[Face | str] = text.split(",") if isinstance(text, str) else text
    fresh: list[Face] = []
    rerolled: list[Face] = []
    for part in parts:
        target = fresh
        if isinstance(part, str):
            name = part.strip()
            if not name:
                continue
            if name.endswith(REROLLED_MARK):
                name, target = name[: -len(REROLLED_MARK)], rerolled
            try:
                face = parse_face(name)
            except ValueError as error:
                raise AdviceError(field, f"{error} (add {REROLLED_MARK} for a die already "
                                         "rerolled, e.g. blank*)") from None
        else:
            face = Face(part)
        if not kind.has_face(face):
            accepted = ", ".join(f.label for f in kind.faces)
            die = "an attack die" if kind is DieKind.ATTACK else "a defense die"
            raise AdviceError(field, f"{face.label!r} is not a result of {die}; "
                                     f"accepted: {accepted}")
        target.append(face)
    return make_counts(fresh, rerolled)


def resolve_step(step: str | Step | None, defense_rolled: bool) -> Step:
    """The step meant by ``step``: a Step, one of ``STEP_CHOICES``, or None (the step of the
    player who modifies last on the latest dice rolled: the attacker's Modify Attack Dice
    without defense results, else the defender's Modify Defense Dice). ``attacker`` and
    ``defender`` name that player's step on the latest dice rolled."""
    if isinstance(step, Step):
        return step
    if step is None:
        step = "defender" if defense_rolled else "attacker"
    name = step.strip().lower().replace("_", "-").replace(" ", "-")
    if name == "attacker":
        return Step.ATTACKER_MODIFIES_DEFENSE if defense_rolled else Step.ATTACKER_MODIFIES_ATTACK
    if name == "defender":
        return Step.DEFENDER_MODIFIES_DEFENSE if defense_rolled else Step.DEFENDER_MODIFIES_ATTACK
    if name not in STEP_NAMES:
        raise AdviceError("step", f"unknown step {step!r}; accepted: {', '.join(STEP_CHOICES)}")
    return STEP_NAMES[name]


def advise(
    attack: Attack,
    step: str | Step | None,
    attack_faces: str | Sequence[Face | str],
    defense_faces: str | Sequence[Face | str] = (),
    attacker_tokens: Mapping[str, int] | None = None,
    defender_tokens: Mapping[str, int] | None = None,
    objective: Objective | None = None,
    used: Iterable[str] = (),
) -> list[Advice]:
    """Every option of the player deciding at ``step`` with these dice, ranked best first.

    ``attack_faces`` / ``defense_faces``: the dice showing now (``"hit,focus,blank*"`` or a
    list of faces; ``*`` marks a die already rerolled); defense faces only once they are
    rolled (RR: ATTACK step 3). ``attacker_tokens`` / ``defender_tokens``: each ship's
    tokens now (default: the attack's), an ability's charges by its key (default: its
    printed charges). ``used``: keys of once-per-opportunity abilities already used in this
    attack. ``objective``: what both players optimise (default expected damage). Raises
    ``AdviceError`` naming the wrong input.
    """
    attack = _with_tokens(attack, attacker_tokens, defender_tokens)
    chosen = resolve_step(step, bool(defense_faces))
    # Deplete and strain take a die away while dice are rolled (RR: DEPLETE, RR: STRAIN):
    # one still held once those dice are rolled changes nothing any more.
    attack = _with_tokens(attack, _without(attack.attacker.tokens, DEPLETE),
                          _without(attack.defender.tokens, STRAIN)
                          if chosen > LAST_ATTACK_STEP else None)
    attack_dice = parse_faces(attack_faces, DieKind.ATTACK, "attack_faces")
    defense_dice = parse_faces(defense_faces, DieKind.DEFENSE, "defense_faces")
    if chosen <= LAST_ATTACK_STEP and sum(defense_dice):
        raise AdviceError("defense_faces", "defense dice are rolled after the Modify Attack Dice "
                                           "step (RR: ATTACK step 3a): give none at step "
                                           f"{step_name(chosen)}")
    advisor = _Advisor(attack, objective)
    _check_counts(advisor, attack, attack_dice, defense_dice)
    names = {a.key: a for s in Step for a in advisor.abilities(s)}
    used_abilities = []
    for key in used:
        if key not in names:
            known = ", ".join(sorted(names)) or "none in this attack"
            raise AdviceError("used", f"no ability {key!r} in this attack; accepted: {known}")
        used_abilities.append(names[key])
    return advisor.advise(chosen, attack_dice, defense_dice, used_abilities)


def step_name(step: Step) -> str:
    """The name of ``step`` in ``STEP_NAMES``."""
    return next(name for name, value in STEP_NAMES.items() if value is step)


def _without(tokens: Mapping[str, int], name: str) -> dict[str, int]:
    return {k: v for k, v in tokens.items() if k != name}


def _with_tokens(attack: Attack, attacker: Mapping[str, int] | None,
                 defender: Mapping[str, int] | None) -> Attack:
    """The attack with each ship's tokens as they are now."""
    for role, tokens in ((Role.ATTACKER, attacker), (Role.DEFENDER, defender)):
        if tokens is None:
            continue
        side = attack.attacker if role is Role.ATTACKER else attack.defender
        try:
            ship = Combatant(side.dice, tokens, side.abilities)
            attack = dataclasses.replace(attack, **{role.value: ship})
        except ValueError as error:
            raise AdviceError(f"{role.value}_tokens", str(error)) from None
    return attack


def _check_counts(advisor: _Advisor, attack: Attack, attack_dice: Counts,
                  defense_dice: Counts) -> None:
    """No more dice than the attack can have: those rolled plus those abilities may add
    (``attack`` without the deplete and strain tokens that no longer take a die away)."""
    a_view, d_view = attack.attacker.tokens, attack.defender.tokens
    a_abilities = attack.abilities(Role.ATTACKER)
    d_abilities = attack.abilities(Role.DEFENDER)
    for dice, count_dice, steps, kind, field in (
        (attack_dice, attack_dice_count, (0, 1), DieKind.ATTACK, "attack_faces"),
        (defense_dice, defense_dice_count, (2, 3), DieKind.DEFENSE, "defense_faces"),
    ):
        rolled = count_dice(attack, a_view, d_view, a_abilities, d_abilities)[0]
        added = sum(a.max_added_dice for s in steps for a in advisor.abilities(Step(s)))
        if sum(dice) > rolled + added:
            more = f" and abilities may add {added}" if added else ""
            raise AdviceError(field, f"{sum(dice)} {kind.value} results, but this attack rolls "
                                     f"{rolled} {kind.value} dice{more}")


class _Advisor(AttackSolver):
    """The solver, asked for the value of every choice at a position."""

    def advise(self, step: Step, attack_dice: Counts, defense_dice: Counts,
               used: Sequence[DiceAbility]) -> list[Advice]:
        """The options at this position, ranked best first for the player deciding."""
        attack_phase, context, pool, children, pair = self._position(
            step, attack_dice, defense_dice, self.att.start, self.dfn.start, used)
        options = self._options(context, pool)
        attacker = context.attacker
        if attack_phase:
            values = [self._a_value(child) for child in children]
            ranks = [v ^ self._low if attacker else self._defender_rank(v) for v in values]
        else:
            values = [self._b_value(child)[pair] for child in children]
            layout, flip = self._attacker_layout, self._defender_flip
            ranks = [layout(v) ^ self._low if attacker else -(v ^ flip) for v in values]
        order = sorted(range(len(children)), key=lambda i: (-ranks[i], i))
        return [
            Advice(_key(options, i), _label(options[i]), self._payoff_of(values[i]),
                   self._crits_of(values[i]), n == 0, options[i])
            for n, i in enumerate(order)
        ]

    def _payoff_of(self, value: int) -> Fraction:
        return Fraction(value >> (3 * self._shift), self.scale)

    def _crits_of(self, value: int) -> Fraction:
        return Fraction((value >> (2 * self._shift)) & self._low, self.scale)


def _key(options: Sequence[Option | None], index: int) -> str:
    option = options[index]
    if option is None:
        return DONE
    same = [i for i, o in enumerate(options) if o is not None and o.source == option.source]
    return option.source if len(same) == 1 else f"{option.source}#{same.index(index) + 1}"


def _label(option: Option | None) -> str:
    if option is None:
        return "Done: modify no more dice"
    return option.label
