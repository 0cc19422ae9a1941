"""Fuzzing the command line: every command, run through the console entry point
(``tallon.cli.main``, what the ``tallon`` script calls), with generated arguments - good
values, every class of bad typed value, paths that are not the file wanted, and damaged
squads, replays and ban lists.

What must hold for every input (docs/cli.md): no traceback reaches the user; the exit
status is 0, 1 (a negative answer, such as an illegal squad) or 2 (bad input); no output
file is left half-written (no temporary ``.part`` file stays, and what was written is
whole).

The commands are read from the command line itself, so a new command is fuzzed without
being listed here; it only needs good values for its options in ``GOOD`` to be fuzzed
deeply. The budget: ``TALLON_FUZZ_CLI`` inputs per command (60 by default, what CI runs;
the examples are derandomized there, so CI is repeatable).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import typer
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tallon.cli import _register_commands, app, main
from tests.fuzz.inputs import CLASSES, PATHS, READ_ONLY_PATHS, TYPED, damaged, documents

PER_COMMAND = int(os.environ.get("TALLON_FUZZ_CLI", "60"))

#: Good values per option (or argument), per command where commands differ.
GOOD: dict[str, list[str]] = {
    "--size": ["small", "medium", "large"],
    "move --maneuver": ["2N", "3R", "1E", "4K", "2B", "1T", "0S", "3L", "2FW"],
    "draw --maneuver": ["a=2N", "b=3K", "a=1B"],
    "--barrel-roll": ["left", "right"],
    "--boost": ["left", "straight", "right"],
    "--decloak": ["boost", "left", "right"],
    "--drop": ["1F", "1B", "3T"],
    "--launch": ["1F", "5F"],
    "--rotate": ["90", "-90", "180"],
    "--position": ["front", "middle", "back"],
    "--ship": ["a=small@300,300,0", "b=large@420,500,180", "c=medium@600,200,45"],
    "cards search --ship": ["t65xwing", "tielnfighter"],
    "--obstacle": ["core2asteroid3@470,330,0", "gascloud1@300,500,0", "core2asteroid0@40,40,9"],
    "--range-bands": ["a", "b"],
    "--arcs": ["a"],
    "--seed": ["1", "7"],
    "--rounds": ["1", "2"],
    "card_id": ["lukeskywalker", "chewbacca", "t65xwing", "Luke Skywalker"],
    "--faction": ["rebelalliance", "galacticempire"],
    "text": ["luke", "torpedo"],
    "--slot": ["Torpedo", "Astromech"],
    "--kind": ["pilot", "upgrade", "ship"],
    "--format": ["standard", "extended", "epic"],
    "--scenario": ["none", "random", "satellite-array", "salvage-mission"],
    "--environment": ["none", "minefield", "asteroid-shower", "random"],
    "demo --mission": ["political-escort", "asteroid-run", "dark-whispers"],
    "demo --damage-deck": ["core", "core-tfa"],
    "--points": ["20", "8"],
    "build_id": ["lukeskywalker", "academypilot"],
    "--attack": ["2", "3"],
    "--defense": ["0", "2"],
    "--attacker": ["focus", "focus,lock", "calculate=2,force=1"],
    "--defender": ["evade", "focus,evade"],
    "--attacker-abilities": ["predator", "howlrunner"],
    "--defender-abilities": ["", "predator"],
    "--range": ["1", "2", "3"],
    "--objective": ["damage", "kill:3", "crit"],
    "--repeat": ["1", "2"],
    "--hull": ["3"],
    "--shields": ["0", "2"],
    "--sequence-objective": ["damage", "destroy"],
    "demo --out": ["{tmp}/out", "{tmp}"],
    "draw --out": ["{tmp}/t.svg"],
    "--plot": ["{tmp}/p.png", "{tmp}/p.svg"],
    "--games": ["1", "2"],
    "--agents": ["random", "random,simple"],
    "--think": ["0", "20", "0.01s"],
    "--workers": ["1", "2"],
    "--backend": ["local"],
    "--ray-address": ["127.0.0.1:6379"],
    "--database": ["{tmp}/sim.sqlite", "sqlite:///{tmp}/runs.sqlite"],
    "--field": ["{tmp}"],
    "--compare": ["1"],
    "--agility": ["0", "2"],
    "--attacker-ship": ["t65xwing", "tielnfighter"],
    "--attacks": ["1", "3"],
    "--rolled": ["hit,focus,blank", "crit", "blank*,focus"],
    "--defense-rolled": ["evade,focus", "blank"],
    "--step": ["attacker", "defender"],
    "--used": ["predator"],
    "--ruleset": ["2.5", "1e"],
}

#: Options always given a value where a command's default would make one input take
#: minutes (a simulation's 1000 games of the ace) or write outside the test's directory
#: (the simulation history's default database in the user's home); and the second squad
#: of a simulation, which only --field replaces.
ALWAYS = {"sim run": {"squad_b", "--games", "--agents", "--rounds", "--database"},
          "sim history": {"--database"}}

#: Options of which a command takes exactly one: inputs with all good values keep to one,
#: so that the fuzzing reaches the command's work and not only this refusal.
EXCLUSIVE = {"move": {"--maneuver", "--barrel-roll", "--boost", "--decloak", "--drop",
                      "--launch", "--rotate"}}

#: Which document an option or argument reads (the others write: ``--out``, ``--plot``).
READS = {"--squad1": "xws", "--squad2": "xws", "file": "xws", "--lists": "lists",
         "path": "record", "squad_a": "xws", "squad_b": "xws"}


@dataclass(frozen=True)
class Param:
    name: str  # the long option, or the argument's name
    positional: bool
    flag: bool
    required: bool
    multiple: bool
    path: bool


@dataclass(frozen=True)
class Command:
    words: tuple[str, ...]
    params: tuple[Param, ...]

    @property
    def name(self) -> str:
        return " ".join(self.words)


def _params(command: object) -> tuple[Param, ...]:
    found = []
    for p in command.params:  # type: ignore[attr-defined]
        long = [o for o in p.opts if o.startswith("--")] or p.opts
        annotation = str(getattr(p.type_descriptor, "annotation", ""))
        found.append(Param(long[0], p.param_type_name == "argument",
                           bool(getattr(p, "is_flag", False)), bool(p.required),
                           bool(getattr(p, "multiple", False)), "Path" in annotation))
    return tuple(found)


def commands() -> list[Command]:
    """Every command of the ``tallon`` command line (groups that run alone included)."""
    _register_commands()
    found: list[Command] = []

    def walk(command: object, words: tuple[str, ...]) -> None:
        if words and command.params:  # type: ignore[attr-defined]
            found.append(Command(words, _params(command)))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*words, name))

    walk(typer.main.get_command(app), ())
    return found


#: Commands that run until stopped, so a generated good input would never end: their
#: bad input is tested where they are (tests/server/test_serve_cli.py).
LONG_RUNNING = {"serve"}

COMMANDS = [command for command in commands() if command.name not in LONG_RUNNING]


@dataclass
class Invocation:
    args: list[str]
    files: dict[str, bytes] = field(default_factory=dict)  # name in the work dir -> bytes
    stdin: str = ""
    classes: list[str] = field(default_factory=list)


def _good(command: Command, param: Param) -> list[str]:
    return GOOD.get(f"{command.name} {param.name}") or GOOD.get(param.name) or []


@st.composite
def value_for(draw: st.DrawFn, command: Command, param: Param, inv: Invocation,
              bad: bool) -> str:
    kind = READS.get(param.name)
    good = _good(command, param)
    if kind is not None:
        if not bad:
            name = f"input{len(inv.files)}.json"
            inv.files[name] = json.dumps(documents()[kind]).encode()
            return "{tmp}/" + name
        choice = draw(st.sampled_from(["document", "document", "path"]))
        if choice == "path":
            readable = {**PATHS, **READ_ONLY_PATHS}
            cls = draw(st.sampled_from(sorted(readable)))
            inv.classes.append(cls)
            return draw(st.sampled_from(readable[cls]))
        how, data = draw(damaged(kind))
        inv.classes.append(how)
        name = f"input{len(inv.files)}.json"
        inv.files[name] = data
        if param.name == "file" and draw(st.integers(0, 4)) == 0:
            inv.stdin = data.decode("utf-8", "replace")
            return "-"
        return "{tmp}/" + name
    if good and not bad:
        return draw(st.sampled_from(good))
    if param.path and draw(st.booleans()):
        cls = draw(st.sampled_from(sorted(PATHS)))
    else:
        cls = draw(st.sampled_from(sorted(TYPED)))
    inv.classes.append(cls)
    pool = PATHS.get(cls) or TYPED[cls]
    return draw(st.sampled_from(pool))


@st.composite
def invocations(draw: st.DrawFn, command: Command) -> Invocation:
    inv = Invocation(list(command.words))
    # mostly good values with one bad one (so that every check is reached), sometimes
    # all good, sometimes bad everywhere
    mode = draw(st.sampled_from(["one bad", "one bad", "all good", "many bad"]))
    valued = [k for k, p in enumerate(command.params) if not p.flag]
    spoiled = draw(st.sampled_from(valued)) if valued and mode == "one bad" else None
    exclusive = sorted(EXCLUSIVE.get(command.name, ()))
    chosen = draw(st.sampled_from(exclusive)) if exclusive else None
    for k, param in enumerate(command.params):
        if mode == "all good" and param.name in exclusive and param.name != chosen:
            continue
        if param.flag:
            if draw(st.booleans()):
                inv.args.append(param.name)
            continue
        bad = k == spoiled or (mode == "many bad" and draw(st.booleans()))
        if param.required and bad and draw(st.integers(0, 5)) == 0:
            inv.classes.append("missing required value")
            continue
        if not param.required and not bad and draw(st.integers(0, 2)) < (
                2 if mode == "all good" else 1) and \
                param.name not in ALWAYS.get(command.name, ()):
            continue
        times = draw(st.integers(1, 3)) if param.multiple else 1
        if not param.multiple and not param.positional and draw(st.integers(0, 15)) == 0:
            inv.classes.append("repeated option")
            times = 2
        for _ in range(times):
            value = draw(value_for(command, param, inv, bad))
            inv.args.extend([value] if param.positional else [param.name, value])
    extra = draw(st.integers(0, 15)) if mode != "all good" else -1
    if extra == 0:
        inv.classes.append("unknown option")
        inv.args.append(draw(st.sampled_from(["--nosuch", "--jsn", "-z", "--seed=--json"])))
    elif extra == 1:
        inv.classes.append("argument where none")
        inv.args.append("stray")
    return inv


@dataclass
class Outcome:
    code: int
    out: str
    err: str


def run_main(args: list[str], stdin: str = "") -> Outcome:
    """``tallon *args`` through the console entry point, in this process."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.argv, sys.stdin
    sys.argv, sys.stdin = ["tallon", *args], io.StringIO(stdin)
    code: int | str | None = 0
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main()
    except SystemExit as exit_:
        code = exit_.code
    finally:
        sys.argv, sys.stdin = saved
    if isinstance(code, str):  # SystemExit("message") prints the message and exits 1
        err.write(code)
        code = 1
    return Outcome(code or 0, out.getvalue(), err.getvalue())


def check_outputs(work: Path) -> None:
    """Nothing half-written: no temporary file left; written files are whole."""
    for path in work.rglob("*"):
        assert not path.name.endswith(".part"), f"temporary file left: {path}"
        if path.name.startswith("input") or not path.is_file():
            continue
        if path.suffix == ".json":
            json.loads(path.read_text(encoding="utf-8"))
        elif path.suffix == ".svg":
            assert path.read_text(encoding="utf-8").rstrip().endswith("</svg>"), path
        elif path.suffix == ".html":
            assert path.read_text(encoding="utf-8").rstrip().endswith("</html>"), path


def check_invocation(inv: Invocation) -> Outcome:
    for cls in inv.classes:
        event(cls)
    with tempfile.TemporaryDirectory() as directory:
        work = Path(directory)
        (work / "afile.txt").write_text("not a directory\n")
        for name, data in inv.files.items():
            (work / name).write_bytes(data)
        args = [a.replace("{tmp}", directory) for a in inv.args]
        here = os.getcwd()
        os.chdir(work)
        try:
            outcome = run_main(args, inv.stdin.replace("{tmp}", directory))
        finally:
            os.chdir(here)
        shown = f"tallon {' '.join(args)}\n--- stdout\n{outcome.out[-2000:]}\n--- stderr\n" \
                f"{outcome.err[-2000:]}"
        assert "Traceback" not in outcome.out + outcome.err, shown
        assert outcome.code in (0, 1, 2), f"exit status {outcome.code}\n{shown}"
        (work / "afile.txt").unlink()
        check_outputs(work)
    return outcome


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.name)
def test_no_input_makes_a_command_crash(command):
    """Situation: one command of the command line, given generated arguments and files.
    Expected: a clear answer, never a traceback; exit status 0, 1 or 2; no file left
    half-written."""

    @settings(max_examples=PER_COMMAND, deadline=None, derandomize=bool(os.environ.get("CI")),
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(invocations(command))
    def fuzz(inv: Invocation) -> None:
        check_invocation(inv)

    fuzz()


def test_every_command_has_good_values_to_fuzz_with():
    """Every option that takes a value has good values listed (or reads a document), so
    the fuzzing reaches past the first refusal."""
    missing = [f"{c.name} {p.name}" for c in COMMANDS for p in c.params
               if not p.flag and not _good(c, p) and p.name not in READS]
    assert not missing, f"add good values to GOOD for: {', '.join(missing)}"


def test_the_bad_input_classes_are_named():
    """The classes the note reports: each one a distinct kind of bad input."""
    assert len(CLASSES) == len(set(CLASSES)) >= 30
