"""The round (RR: ROUND, RR: PLANNING PHASE, RR: SYSTEM PHASE, RR: ACTIVATION PHASE,
RR: ENGAGEMENT PHASE, RR: END PHASE, RR: INITIATIVE, RR: PLAYER ORDER,
RR: GAME LENGTH AND TRACKING ROUNDS, RR: WINNING THE GAME)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from tallon.engine.abilities import Event
from tallon.engine.activation_steps import (
    ActionStep,
    EndActivation,
    inactive,
    maneuver_instead,
    take_skip_execute,
)
from tallon.engine.attack import Engage
from tallon.engine.card_values import difficulty_steps, settable
from tallon.engine.chance import RollForFirstPlayer
from tallon.engine.decisions import Decision, Option
from tallon.engine.devices import expire_fused_obstacles
from tallon.engine.docking import DockingTurn, can_deploy, carriers_near
from tallon.engine.effects import gain_token, remove_ship, remove_token, spendable_force
from tallon.engine.environments import EnvironmentEndPhase
from tallon.engine.game_end import CheckEnd
from tallon.engine.huge_moves import red_allowed
from tallon.engine.initiative_steps import step_of, steps_of
from tallon.engine.mission_play_1e import mission_round_steps as mission  # 1e missions
from tallon.engine.movement import (
    STRESS_MANEUVER,
    Decloak,
    ExecuteManeuver,
    difficulty_of,
    ion_maneuver,
    with_difficulty,
)
from tallon.engine.payloads import DetonateBombs
from tallon.engine.queue import (
    FireWindow,
    any_true,
    collect,
    named,
    own_modifiers,
    total,
)
from tallon.engine.recovery import end_phase_recovery
from tallon.engine.reserve import ReserveWindow, listens_in_reserve, window_steps
from tallon.engine.scenarios import ScoreScenario
from tallon.engine.state import GREEN_TOKENS, ORANGE_TOKENS, PLAYERS, ShipState, Token
from tallon.engine.steps import ChoiceStep, Step, continuation

if TYPE_CHECKING:
    from tallon.engine.game import Game


@dataclass(frozen=True)
class StartRound(Step):
    def run(self, game: Game) -> Decision | None:
        s = game.state
        s.round += 1
        s.phase = "planning"
        for ship in s.ships.values():
            ship.dial_set = None
            ship.dial_revealed = ship.dial_stressed = False
            ship.activated = ship.engaged = ship.system_done = False
            ship.actions_done = set()
            ship.skip_action = ship.actions_blocked = ship.action_failed = False
            ship.tractored_this_round = False
            ship.executed_speed = None
            ship.attacked = ship.bonus_attack_done = False
            ship.round_initiative = None
        game.event("round", f"Round {s.round}")
        # "at the start of the round" (steps only when a ship has such an ability: other
        # games keep their state hashes); ships in reserve may deploy then (RR: RESERVE)
        game.push(*window_steps(game, "start_round"), *mission(game, "start_round"),
                  PlanningPhase(), FireWindow.of("start_system"), Sweep("system"),
                  StartActivation(), *mission(game, "start_activation"), Sweep("activation"),
                  FireWindow.of("end_activation"), StartEngagement(), Sweep("engagement"),
                  FireWindow.of("end_engagement"), StartEndPhase(), *mission(game, "end_phase"),
                  *([ScoreScenario()] if s.scenario else []),
                  *([EnvironmentEndPhase()] if s.environment else []),
                  FireWindow.of("end_phase"), EndPhase(), FireWindow.of("end_phase_end"),
                  CheckEnd())
        return None


# ----------------------------------------------------------------------- planning
@dataclass(frozen=True)
class PlanningPhase(Step):
    """Each player secretly sets a dial for each ship (ionized ships get none); then the
    players roll for the first player (RR: PLANNING PHASE)."""

    def run(self, game: Game) -> Decision | None:
        s = game.state
        s.phase = "planning"
        if listens_in_reserve(game, "start_planning"):
            # a ship in reserve placed "at the start of the Planning Phase" sets a dial too
            # (a step only then: other games keep their state hashes)
            game.push(FireWindow.of("start_planning"), ReserveWindow("start_planning"),
                      SetDials())
            return None
        # "at the start of the Planning Phase" abilities come before the dials are set
        game.push(FireWindow.of("start_planning"), *_dial_steps(game))
        return None


def _dial_steps(game: Game) -> list[Step]:
    steps: list[Step] = []
    for player in PLAYERS:
        for ship in game.state.ships_of(player):
            # a card may say the ship is assigned no dial now (hook inactive)
            if ship.in_play and not ship.ionized and not inactive(game, ship):
                steps.append(SetDial(ship.id))
    if not game.rules.fixed_initiative:
        steps.append(RollFirstPlayer())
    return steps


@dataclass(frozen=True)
class SetDials(Step):
    """The dials of the ships in play once the start of the Planning Phase is over (ships
    in reserve may have been placed then)."""

    def run(self, game: Game) -> Decision | None:
        game.push(*_dial_steps(game))
        return None


@cache
def _dial_choices(codes: tuple[str, ...]) -> tuple[Option, ...]:
    """A dial's maneuvers as options (remembered: every round asks the same dials)."""
    return tuple(Option(c, c) for c in codes)


@dataclass(frozen=True)
class SetDial(ChoiceStep):
    """RR: DIAL - the owner secretly sets the ship's dial (answer: the maneuver's code)."""

    ship_id: str

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        return self.ask(ship.owner, "set_dial", f"{ship.name} ({ship.id}): set its dial",
                        _dial_choices(settable(game, ship)),
                        ship=ship.id,
                        hidden=True)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        ship.dial_set = answer
        ship.dial_stressed = ship.stressed
        game.event("dial", f"Player {ship.owner} sets a dial for {ship.name} "
                   f"({ship.id})", ship=ship.id, secret={"player": ship.owner,
                                                         "maneuver": answer})


@dataclass(frozen=True)
class RollFirstPlayer(Step):
    """RR: PLANNING PHASE - the players roll for the first player (a chance step)."""

    def run(self, game: Game) -> Decision | None:
        game.push(RollForFirstPlayer("rounds.first_player"))
        return None


@continuation("rounds.first_player")
def _first_player(game: Game, first: int) -> None:
    game.state.first_player = first
    game.event("planning", f"Player {first} is the first player this round")


# ------------------------------------------------------------ initiative sweeps
#: the flag that marks a ship done with each phase's sweep
_DONE = {"system": "system_done", "activation": "activated", "engagement": "engaged"}


def _eligible(game: Game, ship: ShipState, phase: str) -> bool:
    # the cheap flags first: this runs once per ship per phase, over every ship
    if getattr(ship, _DONE[phase]):
        return False
    if phase == "system" and not ship.in_play:
        return can_deploy(game, ship)  # RR: DOCK - a docked ship may deploy
    if not ship.in_play:
        return False
    if phase == "system":
        return ship.cloaked or _has_system_ability(game, ship) or \
            bool(carriers_near(game, ship))
    # RR: USING REMOTES - a remote activates and engages at its initiative; with no dial it
    # has nothing to do in the Activation Phase (no remote card in play acts then)
    return not (ship.remote and phase == "activation") and not inactive(game, ship)


def _has_system_ability(game: Game, ship: ShipState) -> bool:
    return bool(collect(game, Event.of("system_phase", ship=ship.id), only=ship))


@dataclass(frozen=True)
class Sweep(ChoiceStep):
    """Ships act one at a time in initiative order (ascending for the System and
    Activation Phases, descending for the Engagement Phase), player order breaking ties;
    a player with several ships at one initiative chooses their order. In the Engagement
    Phase destroyed ships are removed after each initiative step (simultaneous fire)."""

    phase: str
    last_initiative: int | None = None
    #: the lowest step (6 to 1) whose "at initiative N" window has fired this phase (7: none)
    fired: int = 7
    auto_single: ClassVar[bool] = True

    def choice(self, game: Game) -> Decision | None:
        s = game.state
        s.phase = self.phase
        waiting = [ship for ship in s.ships.values() if _eligible(game, ship, self.phase)]
        descending = self.phase == "engagement"
        steps = steps_of(game, waiting, self.phase)
        late: set[str] = set()
        if self.last_initiative is not None:
            # RR: INITIATIVE (FAQ, "Rush") - a ship whose initiative changed past the step
            # reached acts at that step, after the ships whose step it is
            late = {i for i, step in steps.items()
                    if _passed(step, self.last_initiative, descending)}
            if descending and game.rules.passed_ship_skips_engagement:  # Ruleset (1e)
                waiting, late = [x for x in waiting if x.id not in late], set()
            steps = {i: self.last_initiative if i in late else step
                     for i, step in steps.items()}

        def next_initiative() -> int | None:
            if not waiting:
                return None
            key = [steps[ship.id] for ship in waiting]
            return max(key) if descending else min(key)

        initiative = next_initiative()
        if descending and self.last_initiative is not None and initiative != \
                self.last_initiative:
            # simultaneous fire: the ships destroyed at the last initiative leave now
            _remove_destroyed(game, engagement=True)
            waiting = [ship for ship in waiting if ship.in_play]
            initiative = next_initiative()
        if descending and "engagement_initiative" in named(game):
            # "at initiative N" abilities as the sweep reaches step N, before the ships of
            # that step engage (a step only when a card could listen: other games keep
            # their state hashes)
            step = min(6, self.fired - 1)
            if step >= max(1, initiative if initiative is not None else 1):
                game.push(FireWindow.of("engagement_initiative", initiative=step),
                          Sweep(self.phase, step, step))
                return None
        if not waiting:
            if self.phase == "activation" and any(d.category == "bomb" for d in s.devices):
                # RR: BOMB - bombs detonate at the end of the Activation Phase (a step
                # only when there are bombs: other games keep their state hashes)
                game.push(DetonateBombs())
            if self.phase == "engagement" and "engagement_initiative_0" in named(game):
                # "at initiative 0" abilities, once every ship has engaged (a step only
                # when a card could listen: other games keep their state hashes)
                game.push(FireWindow.of("engagement_initiative_0"))
            return None
        group = [ship for ship in waiting if steps[ship.id] == initiative]
        if any(ship.id not in late for ship in group):
            group = [ship for ship in group if ship.id not in late]
        for player in s.player_order():
            mine = [ship for ship in group if ship.owner == player]
            if mine:
                break
        options = tuple(Option(x.id, f"{x.name} ({x.id})") for x in mine)
        return self.ask(mine[0].owner, f"{self.phase}_order",
                        f"Player {mine[0].owner}: which ship goes next "
                        f"(initiative {initiative})?", options)

    def apply(self, game: Game, answer: Any) -> None:
        chosen = game.state.ships[answer]
        setattr(chosen, _DONE[self.phase], True)
        turns: dict[str, Callable[[str], Step]] = {
            "system": SystemTurn, "activation": Activate, "engagement": Engage}
        turn = turns[self.phase]
        step = step_of(game, chosen, self.phase)
        if self.last_initiative is not None and _passed(step, self.last_initiative,
                                                        self.phase == "engagement"):
            step = self.last_initiative  # a late ship acted at the step reached
        game.push(turn(chosen.id), Sweep(self.phase, step, self.fired))


def _passed(step: int, reached: int, descending: bool) -> bool:
    """Whether the sweep has already passed ``step`` on reaching ``reached``."""
    return step > reached if descending else step < reached


@dataclass(frozen=True)
class SystemTurn(Step):
    """A ship's turn in the System Phase: its System Phase abilities, then decloaking.
    (Decloaking last is why only decloaking checks that the ship has not placed a device
    this phase: RR: DEVICE.)"""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        if not game.state.ships[self.ship_id].in_play:
            game.push(DockingTurn(self.ship_id))  # a docked ship: it may deploy
            return None
        # a step to dock only when the ship could (other games keep their state hashes)
        docking = [DockingTurn(self.ship_id)] if carriers_near(
            game, game.state.ships[self.ship_id]) else []
        game.push(FireWindow.of("system_phase", ship=self.ship_id), Decloak(self.ship_id),
                  *docking)
        return None


def _remove_destroyed(game: Game, engagement: bool = False) -> None:
    for ship in game.state.ships.values():
        if ship.destroyed and not ship.removed:
            # RR: DESTROYING SHIPS - a card may keep it until the end of the phase
            if engagement and any_true(game, "removal_delayed", ship=ship):
                continue
            if any_true(game, "removal_until_end_phase", ship=ship):
                continue  # removed at the end of the End Phase (game_end.CheckEnd)
            remove_ship(game, ship, "destroyed")


# ---------------------------------------------------------------------- activation
@dataclass(frozen=True)
class Activate(Step):
    """RR: ACTIVATION PHASE - "before you activate" abilities, then the activation."""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if ship.in_play:
            steps: list[Step] = [FireWindow.of("before_activate", ship=ship.id),
                                 FireWindow.of("before_reveal", ship=ship.id),
                                 RevealDial(ship.id)]
            if "after_activate" in named(game):
                # "after you activate" abilities (a step only when a card could listen:
                # other games keep their state hashes)
                steps.append(FireWindow.of("after_activate", ship=ship.id))
            game.push(*steps)
        return None


@dataclass(frozen=True)
class StartActivation(Step):
    """The Activation Phase begins: "at the start of the Activation Phase" abilities."""

    def run(self, game: Game) -> Decision | None:
        game.state.phase = "activation"
        game.push(FireWindow.of("start_activation"))
        return None


@dataclass(frozen=True)
class RevealDial(Step):
    """Reveal the dial (an ionized ship skips this step; a ship without a dial gains a
    stress token), then "after you reveal your dial" abilities."""

    ship_id: str

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        ion = ship.ionized
        if ion:
            game.event("activate", f"{ship.name} ({ship.id}) is ionized", ship=ship.id)
        elif ship.dial_set is None:
            game.event("activate", f"{ship.name} ({ship.id}) has no dial: it gains a stress "
                       "token and executes the stress maneuver", ship=ship.id)
            gain_token(game, ship, Token.STRESS)
        else:
            ship.dial_revealed = True
            game.event("reveal", f"{ship.name} ({ship.id}) reveals [{ship.dial_set}]",
                       ship=ship.id, maneuver=ship.dial_set)
        # "after you reveal your dial" abilities resolve before the maneuver is executed
        revealed = () if ion or ship.dial_set is None else (
            FireWindow.of("after_reveal", ship=ship.id, maneuver=ship.dial_set),)
        game.push(*revealed, Execution(ship.id, ion))
        return None


def effective_code(game: Game, ship: ShipState, code: str) -> str:
    """The maneuver with its difficulty as cards change it while executing (RR: DIFFICULTY:
    cumulative; purple never changes; red and blue are the limits)."""
    colour = difficulty_of(code)
    if colour == "purple":
        return code
    steps = difficulty_steps(game, ship, code)
    if not steps:
        return code
    order = ["blue", "white", "red"]
    level = max(0, min(2, order.index(colour) + steps))
    return with_difficulty(code, order[level])


def changed_speed(game: Game, ship: ShipState, code: str) -> str:
    """The maneuver with its speed changed by cards (hook ``maneuver_speed_change``,
    summed: never below 1, a speed 0 maneuver unchanged: Tractor Technicians)."""
    if "maneuver_speed_change" not in named(game) or code[0] == "0":
        return code
    steps = total(game, "maneuver_speed_change", ship=ship, maneuver=code)
    return f"{max(1, int(code[0]) + steps)}{code[1:]}" if steps else code


@dataclass(frozen=True)
class Execution(Step):
    """Choose what is executed: the dial's maneuver; the ion maneuver while ionized; the
    stress maneuver without a dial, for a red maneuver while stressed, or for a purple one
    without Force.

    First "before you execute a maneuver" abilities resolve (window ``before_execute``,
    with the maneuver as it stands then); they may change its difficulty for this execution
    (``ShipState.execute_difficulty``), which counts when the maneuver is settled."""

    ship_id: str
    ion: bool
    announced: bool = False

    def run(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        if not ship.in_play:
            return None
        if not self.announced and ship.card_memory and take_skip_execute(ship):
            # RR: MANEUVER - a card skipped the step: no maneuver, the activation goes on
            game.event("activate", f"{ship.name} ({ship.id}) skips its Execute Maneuver step",
                       ship=ship.id)
            skipped = (FireWindow.of("after_skip_execute", ship=ship.id),) \
                if "after_skip_execute" in named(game) else ()
            game.push(*skipped, ActionStep(ship.id), EndActivation(ship.id, self.ion))
            return None
        if not self.announced:
            game.push(FireWindow.of("before_execute", ship=ship.id,
                                    maneuver=planned_maneuver(game, ship, self.ion)),
                      Execution(self.ship_id, self.ion, announced=True))
            return None
        if self.ion:
            if ship.dial_set is not None:
                ship.dial_revealed = True  # RR: ION - the dial is flipped faceup now
            code = planned_maneuver(game, ship, True)
            game.event("activate", f"{ship.name} ({ship.id}) executes the ion maneuver "
                       f"[{code}]", ship=ship.id)
        elif ship.dial_set is None:
            code = STRESS_MANEUVER
        else:
            # "before you execute ..., execute ... instead" comes before the checks below
            code = maneuver_instead(game, ship, effective_code(game, ship, ship.dial_set))
            colour = difficulty_of(code)
            if (colour == "red" and ship.stressed and not red_allowed(ship) and not any_true(
                    game, "may_execute_red_stressed", ship=ship)) or (
                    colour == "purple" and spendable_force(game, ship) < 1):
                game.event("activate", f"{ship.name} executes the stress maneuver instead",
                           ship=ship.id)
                code = STRESS_MANEUVER
            else:
                # "while you execute a maneuver, you may execute ... instead"
                others = alternatives(game, ship, code)
                if others:
                    ship.execute_difficulty = 0
                    game.push(ChooseManeuver(ship.id, code, tuple(others)),
                              ActionStep(ship.id), EndActivation(ship.id, self.ion))
                    return None
        # the maneuver is settled: the "before you execute" changes are used up
        ship.execute_difficulty = 0
        game.push(ExecuteManeuver(ship.id, changed_speed(game, ship, code), ion=self.ion),
                  ActionStep(ship.id),
                  EndActivation(ship.id, self.ion))
        return None


def planned_maneuver(game: Game, ship: ShipState, ion: bool) -> str:
    """The maneuver the ship is about to execute, as its difficulty stands now: the ion
    maneuver, the stress maneuver without a dial, else the dial's maneuver with the
    difficulty effects applied (the stressed check comes after "before you execute"
    abilities, which may still change the difficulty)."""
    if ion:  # reference card (1e) "Ion Token": as if assigned (FAQ (1e): R2 Astromech)
        code = ion_maneuver(ship.dial_set, game.rules.ion_white_straight)
        return effective_code(game, ship, code) if game.rules.ion_white_straight else code
    if ship.dial_set is None:
        return STRESS_MANEUVER
    return effective_code(game, ship, ship.dial_set)


def alternatives(game: Game, ship: ShipState, code: str) -> list[str]:
    """Maneuvers cards let the ship execute instead of ``code`` (hook
    ``maneuver_alternatives``: each of the ship's modifiers gives a list of codes)."""
    found: list[str] = []
    for held in own_modifiers(game, ship, "maneuver_alternatives"):
        for other in held.ability.value(game, ship, maneuver=code) or ():
            if other != code and other not in found:
                found.append(other)
    return found


@dataclass(frozen=True)
class ChooseManeuver(ChoiceStep):
    """The ship executes its maneuver or one a card offers instead (answer: the code)."""

    ship_id: str
    code: str
    others: tuple[str, ...]

    def choice(self, game: Game) -> Decision | None:
        ship = game.state.ships[self.ship_id]
        options = (Option(self.code, f"[{self.code}] as revealed"),
                   *(Option(c, f"[{c}] instead") for c in self.others))
        return self.ask(ship.owner, "choose_maneuver", f"{ship.name} ({ship.id}): "
                        "execute which maneuver?", options, ship=ship.id)

    def apply(self, game: Game, answer: Any) -> None:
        ship = game.state.ships[self.ship_id]
        if answer != self.code:
            game.event("activate", f"{ship.name} ({ship.id}) executes [{answer}] instead",
                       ship=ship.id)
        game.push(ExecuteManeuver(ship.id, changed_speed(game, ship, str(answer))))


# ------------------------------------------------------------------------ the end
@dataclass(frozen=True)
class StartEngagement(Step):
    """The Engagement Phase begins: "at the start of the Engagement Phase" abilities."""

    def run(self, game: Game) -> Decision | None:
        game.state.phase = "engagement"
        game.push(FireWindow.of("start_engagement"))
        if "engagement_initiative_7" in named(game):
            # "at initiative 7" abilities (steps only when a card could listen: other games
            # keep their state hashes)
            game.push(FireWindow.of("engagement_initiative_7"), InitiativeSevenDone())
        return None


@dataclass(frozen=True)
class InitiativeSevenDone(Step):
    """The end of initiative step 7 when no ship engages at it: ships destroyed at that
    step leave now (simultaneous fire); with ships engaging at 7, the sweep removes them
    after those."""

    def run(self, game: Game) -> Decision | None:
        if not any(_eligible(game, ship, "engagement")
                   and step_of(game, ship, "engagement") >= 7
                   for ship in game.state.ships.values()):
            _remove_destroyed(game, engagement=True)
        return None


@dataclass(frozen=True)
class StartEndPhase(Step):
    def run(self, game: Game) -> Decision | None:
        game.state.phase = "end"
        _remove_destroyed(game)
        # a rule of the objects "during the End Phase": game effects come before abilities
        expire_fused_obstacles(game)
        if "start_end_phase" in named(game):
            # RR: END PHASE step 1, before the "during the End Phase" abilities (a step only
            # when a card could listen: other games keep their state hashes)
            game.push(FireWindow.of("start_end_phase"))
        return None


@dataclass(frozen=True)
class EndPhase(Step):
    """RR: END PHASE - circular tokens leave (green, then orange), then charges recover
    or are lost; Force recovers by the highest recurring symbol among its sources."""

    def run(self, game: Game) -> Decision | None:
        s = game.state
        s.phase = "end"
        _remove_destroyed(game)
        green: dict[str, int] = {}
        for colour in (GREEN_TOKENS, ORANGE_TOKENS):
            for ship in s.ships.values():
                for token in colour:
                    have = ship.count(token)
                    if not have or token.value in game.rules.end_phase_kept:  # 1e: jam
                        continue
                    # a card may let a ship keep some (hook end_phase_kept_tokens)
                    kept = total(game, "end_phase_kept_tokens", ship=ship, token=token)
                    gone = remove_token(game, ship, token, max(0, have - max(0, kept)))
                    if colour is GREEN_TOKENS and gone:
                        green[ship.id] = green.get(ship.id, 0) + gone
        # "for each green token you remove" abilities
        game.push(*(FireWindow.of("end_phase_green_removed", ship=ship_id, count=count)
                    for ship_id, count in green.items()))
        # charges and Force recover (a card may stop one: engine/recovery.py)
        end_phase_recovery(game)
        return None


@continuation("rounds.next_round")
def _next_round(game: Game, _: None) -> None:
    game.push(StartRound())
