"""One way to describe an attack as plain data, and back: for files, forms and links.

``attack_from_spec`` reads a mapping such as::

    {"attack": 3, "defense": 2, "attacker": {"focus": 1, "lock": 1}, "defender": "evade",
     "attacker_abilities": ["howlrunner"], "range": 1}

and ``spec_from_attack`` writes one that builds the same attack. Every check on what a user
typed lives here (the command line's flags use it too), so an error says the same thing
wherever the attack came from: the field, what was wrong and what is accepted.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from tallon.dice.abilities.base import DiceAbility, Role
from tallon.dice.abilities.catalogue import CATALOGUE, parse_ability
from tallon.dice.abilities.tokens import LOCK
from tallon.dice.attack import DICE_RULES, MAX_DICE, MAX_TOKENS, Attack, Combatant, token_problem
from tallon.dice.dice_rules import RULES_2_5, DiceRules

#: Every field of a spec, with its default (None: required).
FIELDS: dict[str, Any] = {
    "attack": None,
    "defense": 0,
    "attacker": {},
    "defender": {},
    "attacker_abilities": [],
    "defender_abilities": [],
    "range": None,
    "obstructed": False,
    "ordnance": False,
    "primary": True,
    "reinforce_arc": True,
    "ruleset": RULES_2_5.name,
}
_BOOLEANS = ("obstructed", "ordnance", "primary", "reinforce_arc")


class SpecError(ValueError):
    """A field of a spec is missing or wrong. ``field`` names it, ``reason`` says what is
    wrong and what is accepted; ``str()`` puts ``where`` (a file, an attack) in front."""

    def __init__(self, field: str, reason: str, where: str = "") -> None:
        self.field = field
        self.reason = reason
        self.where = where
        place = f"{where}: " if where else ""
        super().__init__(f"{place}{field}: {reason}")


def attack_from_spec(
    data: Mapping[str, Any], where: str = "", *, ignore: Collection[str] = ()
) -> Attack:
    """Build the ``Attack`` a spec describes; raise ``SpecError`` naming the first bad field.

    ``where`` is put in front of error messages (e.g. ``"attacks.json: attacks[2]"``);
    keys in ``ignore`` belong to the caller (a name, hull) and are skipped, any other key
    that is not a field is an error.
    """
    if not isinstance(data, Mapping):
        raise SpecError("(spec)", f"expected an object of fields, got {_kind(data)}", where)
    for key in data:
        if key not in FIELDS and key not in ignore:
            accepted = ", ".join([*FIELDS, *ignore])
            raise SpecError(str(key), f"unknown field; accepted: {accepted}", where)
    if "attack" not in data:
        raise SpecError("attack", "missing: how many attack dice (0 to 6)", where)
    values = {name: data.get(name, default) for name, default in FIELDS.items()}
    rules = check_ruleset(values["ruleset"], where)
    attack = check_dice(values["attack"], "attack", where)
    defense = check_dice(values["defense"], "defense", where)
    attack_range = check_range(values["range"], where, ruleset=rules.name)
    flags = {name: _boolean(values[name], name, where) for name in _BOOLEANS}
    a_abilities = parse_ability_list(values["attacker_abilities"], Role.ATTACKER,
                                     "attacker_abilities", where)
    d_abilities = parse_ability_list(values["defender_abilities"], Role.DEFENDER,
                                     "defender_abilities", where)
    if not rules.card_abilities:
        for field, abilities in (("attacker_abilities", a_abilities),
                                 ("defender_abilities", d_abilities)):
            if abilities:
                raise SpecError(field, f"card abilities are not available under {rules.title}: "
                                       "the calculator's catalogue is 2.5's, and the "
                                       f"{rules.name} card pool is not in the calculator yet",
                                where)
    if flags["ordnance"] and not rules.ordnance:
        raise SpecError("ordnance", f"{rules.title} has no ordnance rule: a secondary weapon "
                                    "(primary false) gets no range bonus", where)
    a_tokens = parse_token_spec(values["attacker"], Role.ATTACKER, "attacker", where,
                                ruleset=rules.name)
    d_tokens = parse_token_spec(values["defender"], Role.DEFENDER, "defender", where,
                                ruleset=rules.name)
    for field, tokens, abilities in (("attacker", a_tokens, a_abilities),
                                     ("defender", d_tokens, d_abilities)):
        _check_charges(field, tokens, abilities, where)
    try:
        return Attack(
            Combatant(attack, a_tokens, a_abilities),
            Combatant(defense, d_tokens, d_abilities),
            attack_range=attack_range,
            obstructed=flags["obstructed"],
            ordnance=flags["ordnance"],
            primary=flags["primary"],
            reinforce_applies=flags["reinforce_arc"],
            ruleset=rules.name,
        )
    except ValueError as error:  # a combination no single field shows (e.g. a role)
        raise SpecError("(attack)", str(error), where) from None


def spec_from_attack(attack: Attack) -> dict[str, Any]:
    """The spec of ``attack``: ``attack_from_spec(spec_from_attack(a))`` builds the same attack.

    Tokens are written as ``{name: count}`` (zero counts left out but for an ability's
    charges), abilities as catalogue
    ids with ``=N`` where their number is not the default; ``ruleset`` only when it is not
    2.5 (a 2.5 spec reads as it always did).
    """
    spec = {
        "attack": attack.attacker.dice,
        "defense": attack.defender.dice,
        "attacker": _token_dict(attack.attacker),
        "defender": _token_dict(attack.defender),
        "attacker_abilities": [ability_text(a) for a in attack.attacker.abilities],
        "defender_abilities": [ability_text(a) for a in attack.defender.abilities],
        "range": attack.attack_range,
        "obstructed": attack.obstructed,
        "ordnance": attack.ordnance,
        "primary": attack.primary,
        "reinforce_arc": attack.reinforce_applies,
    }
    if attack.ruleset != RULES_2_5.name:
        spec["ruleset"] = attack.ruleset
    return spec


def ability_text(ability: DiceAbility) -> str:
    """The catalogue id of ``ability``, with ``=N`` if it was built with a number other than
    its default; ``SpecError`` if no catalogue entry builds it."""
    entry = CATALOGUE.get(ability.key)
    if entry is None:
        raise SpecError("abilities", f"{ability.key!r} is not in the catalogue "
                                     "(see 'tallon dice abilities'), so no spec names it")
    if entry.parameter is None or _fingerprint(entry.make()) == _fingerprint(ability):
        return entry.key
    for value in range(MAX_TOKENS + 1):
        try:
            candidate = entry.make(value)
        except ValueError:
            continue
        if _fingerprint(candidate) == _fingerprint(ability):
            return f"{entry.key}={value}"
    raise SpecError("abilities", f"cannot tell which {entry.parameter} {entry.key} was built "
                                 f"with (0 to {MAX_TOKENS} tried)")


def _fingerprint(ability: DiceAbility) -> tuple:
    # The number an entry takes shows in its title (rerolls, ships) or in its charges.
    return type(ability), ability.key, ability.title, ability.charges


def _token_dict(combatant: Combatant) -> dict[str, int]:
    # 0 tokens is no token, but an ability's 0 charges differs from its default charges
    return {name: count for name, count in combatant.tokens.items()
            if count or name in CATALOGUE}


def check_dice(value: Any, field: str, where: str = "") -> int:
    """A number of dice, 0 to 6."""
    number = _whole(value, field, where, f"0 to {MAX_DICE}")
    if not 0 <= number <= MAX_DICE:
        raise SpecError(field, f"{number} dice; accepted: 0 to {MAX_DICE} (the rules' maximum)",
                        where)
    return number


def check_range(value: Any, where: str = "", field: str = "range", *,
                ruleset: str = RULES_2_5.name) -> int | None:
    """An attack range 0-3 (1e: 1-3), or None when the dice counts already include range
    bonuses."""
    if value is None:
        return None
    ranges = DICE_RULES[ruleset].ranges
    accepted = (f"{', '.join(map(str, ranges[:-1]))} or {ranges[-1]}, "
                "or none (null: no range bonus)")
    number = _whole(value, field, where, accepted)
    if number not in ranges:
        if number == 0:
            accepted += f"; {DICE_RULES[ruleset].title} has no range 0 attacks"
        raise SpecError(field, f"{number}; accepted: {accepted}", where)
    return number


def check_ruleset(value: Any, where: str = "", field: str = "ruleset") -> DiceRules:
    """The dice rules a ruleset name (``"2.5"``, ``"1e"``) selects."""
    rules = DICE_RULES.get(value) if isinstance(value, str) else None
    if rules is None:
        raise SpecError(field, f"{_show(value)}; accepted: {', '.join(DICE_RULES)}", where)
    return rules


def parse_token_spec(value: Any, role: Role, field: str, where: str = "", *,
                     ruleset: str = RULES_2_5.name) -> dict[str, int]:
    """Tokens as ``{"focus": 1, "lock": 1}``, ``"focus,lock=1"`` or ``["focus", "force=2"]``.

    Accepted names are the role's tokens under ``ruleset`` and (2.5) the keys of abilities
    with charges (to set their charges); counts are 0 to ``MAX_TOKENS``; an attacker holds
    at most one lock.
    """
    if isinstance(value, str):
        items = _token_items([p for p in value.split(",") if p.strip()], field, where)
    elif isinstance(value, list | tuple):
        if not all(isinstance(p, str) for p in value):
            raise SpecError(field, "a list of tokens holds strings such as \"focus\" or "
                                   "\"force=2\"", where)
        items = _token_items(list(value), field, where)
    elif isinstance(value, Mapping):
        items = [(str(k).strip().lower(), _whole(v, f"{field}.{k}", where, "a whole number"))
                 for k, v in value.items()]
    else:
        raise SpecError(field, f"expected tokens as {{\"focus\": 1}} or \"focus,lock\", "
                               f"got {_kind(value)}", where)
    rules = DICE_RULES[ruleset]
    accepted = rules.tokens(role)
    tokens: dict[str, int] = {}
    for name, count in items:
        if name not in accepted and rules is not RULES_2_5:
            raise SpecError(field, token_problem(name, role, rules), where)
        if name not in accepted and not _is_ability_charge(name):
            raise SpecError(field, f"unknown token {name!r}; accepted: {', '.join(accepted)} "
                                   "(or an ability's key to set its charges)", where)
        if not 0 <= count <= MAX_TOKENS:
            raise SpecError(field, f"{count} {name}: accepted counts are 0 to {MAX_TOKENS} "
                                   "(more than an attack of six dice can spend)", where)
        tokens[name] = tokens.get(name, 0) + count
        if tokens[name] > MAX_TOKENS:
            raise SpecError(field, f"{tokens[name]} {name}: accepted counts are 0 to "
                                   f"{MAX_TOKENS}", where)
    if role is Role.ATTACKER and tokens.get(LOCK, 0) > 1:
        raise SpecError(field, "a ship can have only one lock on the defender", where)
    return tokens


def _token_items(parts: list[str], field: str, where: str) -> list[tuple[str, int]]:
    items = []
    for part in (p.strip() for p in parts):
        name, sep, count_text = part.partition("=")
        count = 1
        if sep:
            try:
                count = int(count_text)
            except ValueError:
                raise SpecError(field, f"{part!r}: the count after '=' must be a whole number",
                                where) from None
        items.append((name.strip().lower(), count))
    return items


def _check_charges(field: str, tokens: Mapping[str, int],
                   abilities: tuple[DiceAbility, ...], where: str) -> None:
    held = {name for ability in abilities for name in ability.resources()}
    for name in tokens:
        if _is_ability_charge(name) and name not in held:
            raise SpecError(field, f"{name!r} sets the charges of the ability {name}; add it "
                                   f"to {field}_abilities too", where)


def _is_ability_charge(name: str) -> bool:
    return name in CATALOGUE and CATALOGUE[name].parameter == "charges"


def parse_ability_list(value: Any, role: Role, field: str, where: str = ""
                       ) -> tuple[DiceAbility, ...]:
    """Abilities as ``["predator", "lonewolf=1"]`` or ``"predator,lonewolf=1"`` (catalogue
    ids, see ``tallon dice abilities``)."""
    if isinstance(value, str):
        parts = value.split(",")
    elif isinstance(value, list | tuple) and all(isinstance(p, str) for p in value):
        parts = list(value)
    else:
        raise SpecError(field, "expected ability ids as [\"predator\", \"lonewolf=1\"] or "
                               f"\"predator,lonewolf=1\", got {_kind(value)}", where)
    abilities = []
    for part in (p.strip() for p in parts):
        if not part:
            continue
        try:
            abilities.append(parse_ability(part, role))
        except ValueError as error:
            raise SpecError(field, str(error), where) from None
    return tuple(abilities)


def _whole(value: Any, field: str, where: str, accepted: str) -> int:
    # bool is an int in Python, but true/false is never a count in a file
    if isinstance(value, bool) or not isinstance(value, int):
        raise SpecError(field, f"{_show(value)}; accepted: {accepted} (a whole number)", where)
    return value


def _boolean(value: Any, field: str, where: str) -> bool:
    if not isinstance(value, bool):
        raise SpecError(field, f"{_show(value)}; accepted: true or false", where)
    return value


def _show(value: Any) -> str:
    return "null" if value is None else repr(value)


def _kind(value: Any) -> str:
    return {type(None): "null", bool: "true/false", int: "a number", float: "a number",
            str: "a string", list: "a list", dict: "an object"}.get(type(value),
                                                                 type(value).__name__)
