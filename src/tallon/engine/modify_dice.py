"""Modifying dice during an attack (RR: DICE MODIFICATION, RR: ATTACK, RR: CANCEL,
and the Golden Rules on rerolling).

Every available modification is offered as a decision, one use at a time: spending tokens
(focus, lock, calculate, Force, evade) and card abilities (``DiceMod``), each as the
shared dice abilities of :mod:`tallon.dice` describe it. Each option's key names what it
does, so it means the same thing in any copy of the game: ``"<source>:<operations>"``,
e.g. ``"focus:change=all-focus>hit"``, ``"lock:reroll=blank,focus"``,
``"predator:reroll=blank"``, ``"biggsdarklighter@p1.2:cancel=hit"`` (a card of another
ship). A reroll is a chance event: the dice are rolled by a
:class:`~tallon.engine.chance.RollDice` step, and the rest of the modification (its cost,
its card's further effect) follows once they are rolled. A card may also offer a non-dice
action in the step (a token transfer: :mod:`tallon.engine.dice_step_actions`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tallon.dice import DieKind, Face, Role, Situation, Tokens, apply_to_counts
from tallon.dice.abilities.base import Window
from tallon.dice.abilities.tokens import (
    FOCUS_ABILITY,
    LOCK_DISABLED,
)
from tallon.dice.counts import REROLLED
from tallon.dice.faces import NUM_FACES
from tallon.dice.ops import Add, Cancel, Change, ChangeAll, Reroll
from tallon.engine.abilities import Ctx, DiceMod, Event
from tallon.engine.chance import RollDice
from tallon.engine.decisions import Decision, Option
from tallon.engine.dice_step_actions import perform_step_action, step_action_options
from tallon.engine.effects import (
    gain_token,
    remove_token,
    spend_forbidden,
    spend_token,
    spendable_force,
)
from tallon.engine.lock_spending import one_lock_fewer
from tallon.engine.queue import any_true, fire, modifiers, named
from tallon.engine.state import AttackState, ShipState, Token
from tallon.engine.steps import ChoiceStep, Step, continuation

if TYPE_CHECKING:
    from tallon.dice.counts import Counts
    from tallon.dice.ops import Op
    from tallon.dice.ops import Option as DiceOption
    from tallon.dice.pool import DicePool
    from tallon.engine.game import Game

TOKEN_SOURCES = ("focus", "lock", "calculate", "force", "evade")
#: (ship whose ability it is, card or token, the dice option)
Modification = tuple[str, str, "DiceOption"]


def faces_text(pool: DicePool | None) -> str:
    if pool is None or not len(pool):
        return "no dice"
    return ", ".join(f.label for f in pool.faces())


def _resources(game: Game, ship: ShipState, attack: AttackState, role: Role) -> Tokens:
    """The ship's resources as the dice abilities name them."""
    counts: dict[str, int] = {
        "focus": ship.count(Token.FOCUS), "evade": ship.count(Token.EVADE),
        "calculate": ship.count(Token.CALCULATE),
        "force": spendable_force(game, ship, role is Role.ATTACKER),
        "stress": ship.count(Token.STRESS), "strain": ship.count(Token.STRAIN),
        "deplete": ship.count(Token.DEPLETE),
    }
    if role is Role.ATTACKER:
        counts["lock"] = 1 if attack.defender in ship.locks else 0
    for card, charge in ship.charges.items():
        counts[card] = charge.active
    for mark, n in attack.marks.items():
        owner, _, name = mark.partition(":")
        if owner == ship.id:
            counts[name] = counts.get(name, 0) + n
    counts.setdefault(LOCK_DISABLED, 0)
    return Tokens({k: v for k, v in counts.items() if v >= 0})


def _windows(kind: str, role: Role) -> Window:
    own = (kind == "attack") == (role is Role.ATTACKER)
    return Window.OWN_DICE if own else Window.OPPONENT_DICE


def dice_options(game: Game, kind: str, role: Role, stage: str = "modify"
                 ) -> list[Modification]:
    """Every modification the ``role`` ship may make to the ``kind`` dice now: (source ship,
    card, dice Option). Tokens first, then cards. At the ``"cancel"`` stage (before the
    Neutralize Results step) only abilities of that window are offered."""
    attack = game.state.attack
    assert attack is not None
    user_id = attack.attacker if role is Role.ATTACKER else attack.defender
    user = game.state.ships[user_id]
    opponent = game.state.ships[attack.defender if role is Role.ATTACKER else attack.attacker]
    pool = attack.pool(kind)
    if pool is None:
        return []
    die = DieKind.ATTACK if kind == "attack" else DieKind.DEFENSE
    window = _windows(kind, role) if stage == "modify" else Window.BEFORE_NEUTRALIZE
    # RR: ATTACK - a primary attack at range 0: the attacker's dice can't be modified but by
    # the defender; rulebook: nor can the attacker modify a defender's dice at range 0
    if stage == "modify" and attack.range == 0 and (
            (attack.primary and kind == "attack" and role is Role.ATTACKER)
            or (kind == "defense" and role is Role.ATTACKER)):
        # "Zeb" Orrelios: the attacker may still spend focus tokens for their default
        # effect on its own dice (hook range_zero_focus); nothing else is offered
        if not (kind == "attack" and any_true(game, "range_zero_focus", attack=attack)):
            return []
        focus_only = True
    else:
        focus_only = False
    # rulebook: at range 0 enemy ships can't cancel the defender's results either
    if stage == "cancel" and attack.range == 0 and kind == "defense" and \
            role is Role.ATTACKER:
        return []
    # canceling results is not modifying dice (RR: CANCEL): the hook blocks modifications
    if stage == "modify" and any_true(game, "dice_unmodifiable", attack=attack, kind=kind,
                                      role=role):
        return []
    # the cards' dice modifications for this window and role (the checks that ask no
    # card): in the opponent's window and before neutralizing only they can offer anything,
    # and usually none does, so the resources are not counted then
    candidates = []
    index = game.cards.index
    for owner in () if focus_only else game.state.ships.values():
        if owner.body is None or owner.removed:
            continue
        for held in index(owner).dice:  # the DiceMods with options, in card order
            ability = held.ability
            dice = ability.dice
            if dice.window is not window or role not in dice.roles:
                continue
            if owner.id != user.id and (not ability.for_others or user.remote):
                # RR: ATTACKING REMOTES - "friendly ship" effects don't apply to a remote
                continue
            if f"{owner.id}:{held.card}:{dice.key}" in attack.used and not dice.repeatable:
                continue
            candidates.append((owner, held))
    if window is not Window.OWN_DICE and not candidates:
        return []
    situation = Situation(role, die, pool.counts(), _resources(game, user, attack, role),
                          _resources(game, opponent, attack, role.other))
    found: list[Modification] = []
    if window is Window.OWN_DICE:
        rules = game.rules
        for ability in rules.token_abilities:
            if role not in ability.roles or (focus_only and ability is not FOCUS_ABILITY):
                continue
            if rules.tokens_once_per_step and token_used(attack, user, ability.key, kind):
                continue  # FAQ (1e), Spending Tokens: once per Modify Dice step
            offered = ability.options(situation)
            if not offered or (rules.lock_spend_without_reroll and ability.key == "lock"):
                offered = offered + _idle_spend(game, user, ability, situation)
            for option in offered:
                found.append((user.id, ability.key, option))
    for owner, held in candidates:
        ability = held.ability
        if not ability.applies(game, attack, owner, user):
            continue
        owner_situation = situation
        if owner.id != user.id:
            # a card lending its ability pays from its own ship's resources
            owner_situation = Situation(role, die, pool.counts(),
                                        _resources(game, owner, attack, role),
                                        situation.opponent)
        for option in ability.dice.options(owner_situation):
            found.append((owner.id, held.card, option))
    if not found:
        return found  # the restrictions below only take options away
    restrictions = modifiers(game, "dice_option_allowed")
    if restrictions:
        # "you can modify dice only ...": each restriction's owner judges every option by
        # the ship that would use it, its card and the ship the card belongs to
        found = [f for f in found if all(
            r.value(game, owner, attack=attack, kind=kind, role=role, user=user,
                    source=f[1], source_ship=game.state.ships[f[0]],
                    reroll=f[2].reroll is not None, spend=f[2].spend,
                    rerolls=f[2].reroll.count if f[2].reroll is not None else 0,
                    ops=f[2].ops)
            for owner, _, r in restrictions)]
    if modifiers(game, "token_spend_forbidden"):
        # "you cannot spend focus tokens": an option that would spend one is not offered
        # (its cost is paid by the ship whose ability it is)
        found = [f for f in found if not any(
            name in Token._value2member_map_
            and spend_forbidden(game, game.state.ships[f[0]], Token(name))
            for name, _ in f[2].spend)]
    return found


def _idle_spend(game: Game, user: ShipState, ability: Any,
                situation: Situation) -> list[DiceOption]:
    """FAQ (1e), Spending Tokens: a focus token may be spent with no focus result to change
    (``Ruleset.focus_spend_without_results``) and a target lock to reroll 0 attack dice
    (``Ruleset.lock_spend_without_reroll``): offered only when a card of a ship in play
    listens to such a spend (window ``after_spend_token`` / ``after_spend_lock``), the one
    thing the spending does."""
    rules = game.rules
    if ability.key == "focus":
        if not (rules.focus_spend_without_results and user.has(Token.FOCUS)):
            return []
        window = "after_spend_token"
    elif ability.key == "lock":
        if not (rules.lock_spend_without_reroll and ability.may_reroll(situation.own)):
            return []
        window = "after_spend_lock"
    else:
        return []
    if window not in named(game) or not any(
            getattr(held.ability, "window", None) == window
            for ship in game.state.in_play() for held in game.cards.abilities(ship)):
        return []
    from tallon.dice.ops import Option as DiceOption

    return [DiceOption(ability.key, ability.title, (), tuple(ability.cost))]


# ---------------------------------------------------------------------------- keys
def _faces_of(dice: tuple[int, ...]) -> list[str]:
    return [Face(face).label for face, n in enumerate(dice) for _ in range(n)]


def _op_text(op: Op) -> str:
    if isinstance(op, Reroll):
        return "reroll=" + ",".join(_faces_of(op.dice))
    if isinstance(op, ChangeAll):
        return f"change=all-{op.source.label}>{op.to.label}"
    if isinstance(op, Change):
        face = Face(op.slot % NUM_FACES).label + ("*" if op.slot >= REROLLED else "")
        return f"change={'' if op.count == 1 else op.count}{face}>{op.to.label}"
    if isinstance(op, Add):
        return f"add={'' if op.count == 1 else op.count}{op.face.label}"
    if isinstance(op, Cancel):
        return f"cancel={'' if op.count == 1 else op.count}{op.face.label}"
    raise TypeError(f"unknown dice operation {op!r}")  # pragma: no cover


def modification_keys(user_id: str, found: list[Modification]) -> list[str]:
    """Each modification's stable key: its source (``card``, ``card@ship`` for another
    ship's card, ``/ability`` when a card has several) and what it does to the dice; two
    that would read alike are told apart by what they spend, then by a count."""
    keys = []
    for owner_id, card, option in found:
        source = card if owner_id == user_id else f"{card}@{owner_id}"
        if option.source != card:
            source += f"/{option.source}"
        keys.append(f"{source}:{'+'.join(_op_text(op) for op in option.ops) or 'none'}")
    counts = Counter(keys)
    if len(counts) < len(keys):
        for k, (_, _, option) in enumerate(found):
            if counts[keys[k]] > 1 and option.spend:
                keys[k] += ";spend=" + ",".join(f"{name}{n}" for name, n in option.spend)
        seen: Counter[str] = Counter()
        for k, key in enumerate(keys):
            seen[key] += 1
            if seen[key] > 1:
                keys[k] = f"{key}#{seen[key]}"
    return keys


# --------------------------------------------------------------------------- steps
@dataclass(frozen=True)
class ModifyDice(ChoiceStep):
    """RR: ATTACK steps 2b/3b - a player modifies dice, one modification at a time, until they
    stop or nothing is left to do. At the ``"cancel"`` stage: abilities that cancel
    results before the Neutralize Results step."""

    kind: str
    role: str
    stage: str = "modify"

    def _user(self, game: Game, attack: AttackState) -> ShipState:
        return game.state.ships[attack.attacker if self.role == "attacker"
                                 else attack.defender]

    def choice(self, game: Game) -> Decision | None:
        attack = game.state.attack
        assert attack is not None
        if attack.dice_skipped:  # these steps are part of the dice steps a card skipped
            return None
        if self.stage == "modify":
            attack.step = f"modify {self.kind} dice"
        found = dice_options(game, self.kind, Role(self.role), self.stage)
        user = self._user(game, attack)
        # a card's non-dice action "during a Modify Dice step" (a token transfer)
        actions = step_action_options(game, self.kind, self.role, user) \
            if self.stage == "modify" else []
        if not found and not actions:
            return None
        pool = attack.pool(self.kind)
        assert pool is not None
        die = DieKind.ATTACK if self.kind == "attack" else DieKind.DEFENSE
        counts = pool.counts()
        choices = tuple(Option(key, _label(game, attack, owner, card, option),
                               {"source": card, "spend": [list(x) for x in option.spend],
                                "gain": [list(x) for x in option.gain],
                                "expected_successes": round(_expected(counts, option, die),
                                                            4)})
                        for key, (owner, card, option)
                        in zip(modification_keys(user.id, found), found, strict=True)) + \
            tuple(actions)
        # a mandatory ability must be resolved in its window while it can be
        must = any(_is_mandatory(game, owner, card) for owner, card, _ in found)
        stop = () if must else (Option("done", "done modifying"),)
        verb = "modify" if self.stage == "modify" else "cancel results of"
        kind = f"modify_{self.kind}_dice" if self.stage == "modify" else \
            f"cancel_{self.kind}_results"
        return self.ask(user.owner, kind, f"{user.name} ({user.id}): {verb} the {self.kind} "
                        f"dice ({faces_text(pool)})?", (*choices, *stop), ship=user.id)

    def apply(self, game: Game, answer: Any) -> None:
        if answer == "done":
            return
        attack = game.state.attack
        assert attack is not None
        user = self._user(game, attack)
        if self.stage == "modify" and ":" in str(answer) and \
                perform_step_action(game, self.kind, self.role, user, str(answer)):
            game.push(ModifyDice(self.kind, self.role, self.stage))
            return
        found = dice_options(game, self.kind, Role(self.role), self.stage)
        owner_id, card, option = found[modification_keys(user.id, found).index(answer)]
        after = apply_modification(game, attack, self.kind, user, game.state.ships[owner_id],
                                   card, option)
        game.push(*after, ModifyDice(self.kind, self.role, self.stage))


def _is_mandatory(game: Game, owner_id: str, card: str) -> bool:
    if card in TOKEN_SOURCES:
        return False
    owner = game.state.ships[owner_id]
    return any(isinstance(h.ability, DiceMod) and h.ability.dice is not None
               and h.ability.dice.mandatory
               for h in game.cards.abilities(owner) if h.card == card)


def _label(game: Game, attack: AttackState, owner_id: str, card: str, option: DiceOption
           ) -> str:
    if card in TOKEN_SOURCES:
        return option.label
    lent = owner_id not in (attack.attacker, attack.defender)
    owner = game.state.ships[owner_id]
    return f"{option.label} [{card}{' of ' + owner.name if lent else ''}]"


def focus_results_modified(ops: tuple[Any, ...], counts: Any) -> int:
    """How many focus results these dice operations modify in a pool of these counts
    (RR: DICE MODIFICATION: rerolled, changed or spent; adding a result modifies none)."""
    focus = int(Face.FOCUS)
    found = 0
    for op in ops:
        if isinstance(op, Reroll):
            found += op.dice[focus]
        elif isinstance(op, Change) and op.slot % NUM_FACES == focus:
            found += op.count
        elif isinstance(op, ChangeAll) and op.source is Face.FOCUS:
            found += counts[focus] + counts[focus + REROLLED]
        elif isinstance(op, Cancel) and op.face is Face.FOCUS:
            found += op.count
    return found


def apply_modification(game: Game, attack: AttackState, kind: str, user: ShipState,
                       owner: ShipState, card: str, option: DiceOption) -> list[Step]:
    """Carry out a modification: change the dice, pay the option's cost from the ship
    whose ability it is, then the card's further effect. A reroll is rolled by the steps
    returned (to be scheduled next); the cost and the rest follow it."""
    ops = option.ops
    pool = attack.pool(kind)
    assert pool is not None
    if any_true(game, "records_modified_dice"):
        # "can modify only 1 [Focus] result": counted before the dice change (kept only
        # while a card asks)
        mark = f"{user.id}:modified focus results"
        attack.marks[mark] = attack.marks.get(mark, 0) + focus_results_modified(
            ops, pool.counts())
    if not ops or not isinstance(ops[-1], Reroll):
        for op in ops:
            pool.apply_op(op, game.state.rng)
        _settle(game, attack, kind, user, owner, card, option)
        return []
    for op in ops[:-1]:
        pool.apply_op(op, game.state.rng)
    indices = tuple(pool.reroll_indices(ops[-1]))
    return [RollDice(kind, len(indices), "modify_dice.rerolled",
                     (kind, indices, user.id, owner.id, card, option),
                     who=user.name)]


@continuation("modify_dice.rerolled")
def _rerolled(game: Game, faces: tuple[Face, ...], kind: str, indices: tuple[int, ...],
              user_id: str, owner_id: str, card: str, option: DiceOption) -> None:
    attack = game.state.attack
    assert attack is not None
    pool = attack.pool(kind)
    assert pool is not None
    pool.set_rerolled(indices, faces)
    ships = game.state.ships
    _settle(game, attack, kind, ships[user_id], ships[owner_id], card, option, faces)


def _settle(game: Game, attack: AttackState, kind: str, user: ShipState, owner: ShipState,
            card: str, option: DiceOption, rerolled: tuple[Face, ...] = ()) -> None:
    """The rest of a modification once the dice show their new faces: its cost, its mark
    as used, the log, and what the card does besides (told the ``rerolled`` dice's new
    faces: "if the rerolled result is a crit ...")."""
    for name, amount in option.spend:
        _spend(game, attack, owner, name, amount)
    for name, amount in option.gain:
        try:
            gain_token(game, owner, Token(name), amount)
        except ValueError:
            key = f"{owner.id}:{name}"
            attack.marks[key] = attack.marks.get(key, 0) + amount
    if card not in TOKEN_SOURCES:
        attack.used.add(f"{owner.id}:{card}:{option.source}")
    elif game.rules.tokens_once_per_step:
        attack.used.add(_token_key(owner, card, kind))
    if any_true(game, "records_modified_dice"):
        # "if the attacker modified any attack dice": kept only while a card asks
        mark = f"{user.id}:modified {kind} dice"
        attack.marks[mark] = attack.marks.get(mark, 0) + 1
    game.event("modify", f"{user.name}: {option.label} -> {faces_text(attack.pool(kind))}",
               ship=user.id, card=card)
    # queued only when a card listens ("if the attacker modified its dice")
    fire(game, "after_modify_dice", ship=user.id, kind=kind, rerolled=len(rerolled))
    if card not in TOKEN_SOURCES:
        for held in game.cards.abilities(owner):
            ability = held.ability
            if held.card == card and isinstance(ability, DiceMod) and \
                    ability.after is not None and ability.dice is not None and \
                    ability.dice.key == option.source:
                event = Event.of("dice_modified", user=user.id, kind=kind,
                                 rerolled=tuple(rerolled))
                ability.after(Ctx(game, owner, card, event, ability), option)


def _token_key(ship: ShipState, token: str, kind: str) -> str:
    return f"{ship.id}:token {token}:{kind}"


def token_used(attack: AttackState, ship: ShipState, token: str, kind: str) -> bool:
    """Whether the ship spent ``token`` for its effect on the ``kind`` dice this attack
    (kept only under rulesets spending each once per step: Ruleset.tokens_once_per_step)."""
    return _token_key(ship, token, kind) in attack.used


def mark_token_used(attack: AttackState, ship: ShipState, token: str, kind: str) -> None:
    """The ship spent ``token`` for its effect on the ``kind`` dice (a friend's lock spent
    as its own: 1e Targeting Synchronizer), as :func:`token_used` reads it."""
    attack.used.add(_token_key(ship, token, kind))


def _spend(game: Game, attack: AttackState, ship: ShipState, name: str, amount: int) -> None:
    if name in ("focus", "evade", "calculate"):
        spend_token(game, ship, Token(name), amount)
    elif name == "force":
        ship.force -= amount
        fire(game, "after_spend_force", ship=ship.id, count=amount)
    elif name == "lock":
        ship.locks = one_lock_fewer(ship.locks, attack.defender)
        fire(game, "after_spend_lock", ship=ship.id, target=attack.defender)
    elif name in ship.charges:
        ship.charges[name].active -= amount
    elif name in ("stress", "strain", "deplete"):
        remove_token(game, ship, Token(name), amount)
    else:
        key = f"{ship.id}:{name}"
        attack.marks[key] = attack.marks.get(key, 0) - amount


def successes(die: DieKind, counts: Counts) -> float:
    """Hits and crits of attack dice, or evades of defense dice, in canonical counts."""
    def n(face: Face) -> int:
        return counts[face] + counts[face + REROLLED]

    if die is DieKind.ATTACK:
        return n(Face.HIT) + n(Face.CRIT)
    return n(Face.EVADE)


def _expected(counts: Counts, option: DiceOption, die: DieKind) -> float:
    """Expected successes after applying ``option`` (rerolled dice at their average)."""
    after, rolled = apply_to_counts(counts, option.ops, die)
    chance = 0.5 if die is DieKind.ATTACK else 3 / 8
    return successes(die, after) + rolled * chance
