"""Architecture: one-way layers (docs/architecture, ../shared/docs/architecture.md).

Packages are layered; a module imports only its own package and lower layers - at module
level, inside functions and for type checking alike, so that no cycle hides behind a
function-level import. Inside the engine, imports follow its modules' order; the only
runtime imports against it are the rules' own recursion, declared here with the reason
(gaining a jam token asks a choice whose answer removes tokens; paying a cost gains and
spends tokens, which may trigger abilities; ...). Modules stay under 600 lines.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "tallon"

#: Lowest first; packages of one layer don't import each other.
LAYERS = (
    ("files", "rules_reference", "geometry", "dice", "data"),
    ("rules_index", "rulesets"),
    ("squads",),
    ("engine",),
    ("cards",),
    ("scene", "agents", "render"),
    ("server",),
    ("sim",),
    ("cli",),
)
LAYER = {package: k for k, packages in enumerate(LAYERS) for package in packages}

#: Engine imports made inside a function because the rules recurse there: (importing
#: module, imported module) -> why.
ENGINE_RECURSION = {
    ("abilities", "effects"): "paying a cost spends and gains tokens, which are effects",
    ("replace", "effects"): "the default of a replaced token gain or faceup card is that "
                            "effect itself",
    ("replace", "damage"): "the default of replaced damage is suffering it",
    ("replace", "movement"): "the default of a replaced maneuver is executing it",
    ("effects", "tokens"): "becoming jammed or tractored asks a choice at once (RR: JAM, "
                           "TRACTOR), whose answer removes tokens or moves the ship",
    ("effects", "damage"): "suffering damage is a procedure of steps that deals cards "
                           "(RR: DAMAGE), and a destroyed ship is removed by a step",
    ("movement", "actions"): "an enemy bump lets the ship perform a focus or calculate "
                             "action (RR: OVERLAP), and actions move ships",
    ("action_bodies", "actions"): "a lock action tells its Finish step the object it chose "
                                  "(\"after you perform a lock action ... that object\")",
    ("movement", "docking"): "a ship overlapping its carrier may dock (RR: DOCK), and "
                             "deploying executes a maneuver",
    ("devices", "payloads"): "a ship moving onto a mine detonates it (RR: MINE), and mines "
                             "are placed with the devices' placement rules",
    ("setup", "placement"): "a card may let a ship be placed by another rule in Place "
                            "Forces, and the placement rules build on setup's own",
    ("decloak_rolls", "movement"): "a decloak is a barrel roll or boost: placing it measures "
                                   "the reposition with the rules that move ships",
}


def _modules() -> dict[str, Path]:
    return {".".join(p.relative_to(SRC).with_suffix("").parts): p
            for p in sorted(SRC.rglob("*.py"))}


def _package(module: str) -> str:
    return module.split(".")[0]


def _imports(path: Path, types: bool = True) -> list[tuple[str, bool]]:
    """The tallon modules ``path`` imports, each with whether the import runs inside a
    function; ``types``: with the imports made for type checking only (dependencies too,
    but never run, so two modules may name each other's types)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nested: set[int] = set()
    typing_only: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            nested |= {id(sub) for sub in ast.walk(node) if sub is not node}
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            typing_only |= {id(sub) for sub in ast.walk(node)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        if not types and id(node) in typing_only:
            continue
        for name in names:
            if name.startswith("tallon."):
                found.append((name.removeprefix("tallon."), id(node) in nested))
    return found


def test_every_package_has_a_layer():
    """Situation: the packages under src/tallon. Expected: each is placed in a layer (a new
    package must say where it sits)."""
    packages = {_package(m) for m in _modules() if m != "__init__"}
    assert packages - set(LAYER) == set()


def test_a_package_imports_only_its_own_and_lower_layers():
    """Situation: every import of every module, wherever it is written. Expected: the
    imported package is the module's own or in a lower layer (the engine never imports
    the card pool: it is given one)."""
    wrong = []
    for module, path in _modules().items():
        own = _package(module)
        if own == "__init__":
            continue
        for name, _ in _imports(path):
            other = _package(name)
            if other != own and LAYER[other] >= LAYER[own]:
                wrong.append(f"{module} imports {name}")
    assert wrong == []


def test_the_engine_imports_against_its_order_only_where_the_rules_recurse():
    """Situation: imports between engine modules written inside functions. Expected:
    exactly the declared recursion of the rules (each with its reason); any other
    function-level import hides a cycle and must be a module-level import instead."""
    found = set()
    for module, path in _modules().items():
        if _package(module) != "engine":
            continue
        for name, nested in _imports(path):
            if nested and _package(name) == "engine":
                found.add((module.split(".")[-1], name.split(".")[1]))
    assert found == set(ENGINE_RECURSION)


def test_engine_modules_form_a_chain_without_the_declared_recursion():
    """Situation: the engine's module-level imports that run (not those for type checking
    only). Expected: they form no cycle (the modules have an order), so only the declared
    function-level imports go against it."""
    edges: dict[str, set[str]] = defaultdict(set)
    for module, path in _modules().items():
        if _package(module) == "engine":
            for name, nested in _imports(path, types=False):
                if not nested and _package(name) == "engine" and name != "engine":
                    edges[module.split(".")[-1]].add(name.split(".")[1])
    done: set[str] = set()

    def visit(node: str, path: tuple[str, ...]) -> None:
        assert node not in path, f"import cycle: {' -> '.join((*path, node))}"
        if node in done:
            return
        for nxt in edges[node]:
            visit(nxt, (*path, node))
        done.add(node)

    for node in list(edges):
        visit(node, ())


def test_modules_stay_under_600_lines():
    """Situation: every module under src/tallon. Expected: none is over 600 lines."""
    long = {m: n for m, p in _modules().items()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert long == {}
