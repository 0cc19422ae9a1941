"""The declared vocabulary (``tallon.engine.vocabulary``) against the code that uses it.

Timing windows, hooks, replacement points and decision kinds are bare strings: a misspelt
one fails silently (a window nobody fires never triggers). These tests read every module
under ``src/`` (its syntax tree, not its text) and find each place that names one:

- ``fire``, ``FireWindow``, ``FireWindow.of``, ``DiceWindow``/``DiceWindow.of`` fire a
  window; ``Triggered(window=...)`` listens to one;
- ``modifiers``, ``total``, ``any_true``, ``own_modifiers`` ask a hook; ``Modifier(hook=...)``
  answers one;
- ``replacements``, ``Replaceable`` offer a replacement point; ``Replacement(point=...)``
  uses one;
- ``Decision``, ``Ask`` (the kind) and ``Triggered(decision=...)`` ask a decision kind;
- ``Event.of`` builds an event: a window, a point or a context event.

A name passed through a function parameter makes that function a carrier too
(``grant_action(title, window, ...)``), so the names its callers pass are checked; a local
variable is followed to its assignments; an f-string is checked through its expansions
(``DYNAMIC``). Calls are recognised through each module's imports, so another class of the
same name (``tallon.dice.playout.Decision``) is not taken for the engine's.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tallon.agents.simple import SimpleAgent
from tallon.cards import CARDS
from tallon.engine import vocabulary as v
from tallon.engine.abilities import RULES, CardRegistry, Modifier, Replacement, Triggered
from tallon.rules_reference import load_entries

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"
sys.path.insert(0, str(ROOT / "tools"))
import vocabulary_docs  # noqa: E402


@dataclass(frozen=True)
class Sink:
    """A callable that takes a vocabulary name in its parameter ``param``."""

    category: str  # window, hook, point, decision or event
    role: str  # fire/listen, ask/ask_own/provide, offer/provide, ask, build
    param: str


SINKS: dict[str, tuple[Sink, ...]] = {
    "tallon.engine.queue.fire": (Sink("window", "fire", "window"),),
    "tallon.engine.queue.FireWindow": (Sink("window", "fire", "window"),),
    "tallon.engine.queue.FireWindow.of": (Sink("window", "fire", "window"),),
    "tallon.engine.attack.DiceWindow": (Sink("window", "fire", "window"),),
    "tallon.engine.abilities.Event.of": (Sink("event", "build", "window"),),
    "tallon.engine.queue.modifiers": (Sink("hook", "ask", "hook"),),
    "tallon.engine.queue.total": (Sink("hook", "ask", "hook"),),
    "tallon.engine.queue.any_true": (Sink("hook", "ask", "hook"),),
    "tallon.engine.queue.own_modifiers": (Sink("hook", "ask_own", "hook"),),
    "tallon.engine.queue.replacements": (Sink("point", "offer", "point"),),
    "tallon.engine.replace.Replaceable": (Sink("point", "offer", "point"),),
    "tallon.engine.abilities.Triggered": (Sink("window", "listen", "window"),
                                          Sink("decision", "ask", "decision")),
    "tallon.engine.abilities.Modifier": (Sink("hook", "provide", "hook"),),
    "tallon.engine.abilities.Replacement": (Sink("point", "provide", "point"),),
    "tallon.engine.decisions.Decision": (Sink("decision", "ask", "kind"),),
    "tallon.engine.steps.ChoiceStep.ask": (Sink("decision", "ask", "kind"),),
    "tallon.engine.steps.Ask": (Sink("decision", "ask", "kind"),),
}

#: The parameter that carries a call's facts, where it is not ``**facts``.
FACTS_PARAM = {"tallon.engine.queue.FireWindow": "facts",
               "tallon.engine.attack.DiceWindow": "facts",
               "tallon.engine.queue.replacements": "facts",
               "tallon.engine.replace.Replaceable": "facts"}

#: Names the code builds with an f-string: the f-string as written -> the names it gives.
DYNAMIC = {
    "f'{self.phase}_order'": ("system_order", "activation_order", "engagement_order"),
    "f'modify_{self.kind}_dice'": ("modify_attack_dice", "modify_defense_dice"),
    "f'cancel_{self.kind}_results'": ("cancel_attack_results", "cancel_defense_results"),
    "f'chance_{self.event}'": ("chance_roll_dice", "chance_draw_damage", "chance_first_player",
                               "chance_pick_at_random"),
}

#: Name expressions that only pass on a name checked where it was given: (module, source).
PASSED_ON = {
    ("tallon/engine/queue.py", "ability.decision"): "Triggered.decision, at each Triggered",
    ("tallon/engine/steps.py", "self.kind"): "Ask.kind, at each Ask",
    ("tallon/engine/steps.py", "kind"): "ChoiceStep.ask's kind, at each ask",
    ("tallon/engine/replace.py", "self.point"): "Replaceable.point, at each Replaceable",
}

CATALOGUES: dict[str, set[str]] = {
    "window": set(v.WINDOWS), "hook": set(v.HOOKS), "point": set(v.POINTS),
    "decision": set(v.DECISION_KINDS),
    "event": set(v.WINDOWS) | set(v.POINTS) | set(v.CONTEXTS),
}


@dataclass(frozen=True)
class Use:
    category: str
    role: str
    name: str
    where: str
    facts: frozenset[str] | None = None  # the facts the site gives, when they can be read


@dataclass
class Scan:
    uses: list[Use] = field(default_factory=list)
    unresolved: list[tuple[str, str, str]] = field(default_factory=list)  # module, expr, where
    templates: set[str] = field(default_factory=set)
    wrappers: dict[str, tuple[Sink, ...]] = field(default_factory=dict)


@cache
def _resolve_object(dotted: str) -> Any:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr, None)
        return obj
    return None


@cache
def canonical(dotted: str) -> str:
    """Where a callable is defined (``tallon.engine.Decision`` -> ``...decisions.Decision``;
    an inherited classmethod -> the class that defines it)."""
    obj = _resolve_object(dotted)
    module, qualname = getattr(obj, "__module__", None), getattr(obj, "__qualname__", None)
    if obj is None or inspect.ismodule(obj) or not module or not qualname:
        return dotted
    return f"{module}.{qualname}"


@cache
def parameters(dotted: str) -> tuple[inspect.Parameter, ...]:
    found = tuple(inspect.signature(_resolve_object(dotted)).parameters.values())
    # a method is called on an instance (self.ask(...)): its arguments start after self
    return found[1:] if found and found[0].name == "self" else found


class _Module:
    def __init__(self, path: Path) -> None:
        self.rel = path.relative_to(SRC).as_posix()
        self.name = self.rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.names: dict[str, str] = {}
        for node in ast.walk(self.tree):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    self.names[alias.asname or alias.name] = f"{node.module}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    local = alias.asname or alias.name.split(".")[0]
                    self.names[local] = alias.name if alias.asname else local
        for node in self.tree.body:
            if isinstance(node, ast.FunctionDef | ast.ClassDef):
                self.names[node.name] = f"{self.name}.{node.name}"

    def target(self, func: ast.expr) -> str | None:
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and \
                func.value.id == "self" and func.attr == "ask":
            return "tallon.engine.steps.ChoiceStep.ask"  # a step asking its decision
        if isinstance(func, ast.Name):
            dotted = self.names.get(func.id)
        elif isinstance(func, ast.Attribute):
            base = self.target(func.value)
            dotted = f"{base}.{func.attr}" if base else None
        else:
            return None
        return canonical(dotted) if dotted and dotted.startswith("tallon.") else dotted


def _calls(tree: ast.Module) -> Iterator[tuple[ast.Call, ast.FunctionDef | None, bool]]:
    """Every call with its innermost enclosing function, and whether that function is
    defined at module level."""

    def walk(node: ast.AST, func: ast.FunctionDef | None, top: bool) -> Iterator[Any]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                yield from walk(child, child, isinstance(node, ast.Module))  # type: ignore[arg-type]
                continue
            if isinstance(child, ast.Call):
                yield child, func, top
            yield from walk(child, func, top)

    yield from walk(tree, None, False)


def _argument(call: ast.Call, target: str, param: str) -> ast.expr | None:
    """The expression given for ``param``, its default (a string) when the call leaves it
    out, or None when it can't be known."""
    for keyword in call.keywords:
        if keyword.arg == param:
            return keyword.value
    params = [p for p in parameters(target)
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    names = [p.name for p in params]
    if param in names:
        index = names.index(param)
        if any(isinstance(a, ast.Starred) for a in call.args[:index + 1]):
            return None
        if index < len(call.args):
            return call.args[index]
    if any(k.arg is None for k in call.keywords) or any(
            isinstance(a, ast.Starred) for a in call.args):
        return None
    default = next((p.default for p in parameters(target) if p.name == param), None)
    if isinstance(default, str):
        return ast.Constant(default)
    return None


def _assigned(func: ast.AST | None, name: str, before: int | None = None) -> list[ast.expr]:
    """The values assigned to ``name`` in ``func``; with ``before``, only the last one
    assigned on a line before it."""
    if func is None:
        return []
    found = sorted((node for node in ast.walk(func) if isinstance(node, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == name for t in node.targets)),
                   key=lambda node: node.lineno)
    if before is not None:
        found = [node for node in found if node.lineno < before][-1:]
    return [node.value for node in found]


def _facts(call: ast.Call, target: str, func: ast.AST | None) -> frozenset[str] | None:
    """The fact names a call gives, when they can be read from the code."""
    if target in FACTS_PARAM:
        expr = _argument(call, target, FACTS_PARAM[target])
        if expr is None:
            return frozenset()
        return _literal_keys(expr, func, call.lineno)
    params = parameters(target)
    if not any(p.kind is p.VAR_KEYWORD for p in params):
        return None
    if any(k.arg is None for k in call.keywords):
        return None  # **facts: not readable here
    named = {p.name for p in params}
    return frozenset(k.arg for k in call.keywords if k.arg and k.arg not in named)


def _literal_keys(expr: ast.expr, func: ast.AST | None, line: int = 0
                  ) -> frozenset[str] | None:
    if isinstance(expr, ast.Dict) and all(isinstance(k, ast.Constant) for k in expr.keys):
        return frozenset(k.value for k in expr.keys)  # type: ignore[union-attr]
    if isinstance(expr, ast.Tuple) and all(
            isinstance(e, ast.Tuple) and isinstance(e.elts[0], ast.Constant)
            for e in expr.elts):
        return frozenset(e.elts[0].value for e in expr.elts)  # type: ignore[attr-defined]
    for node in ast.walk(expr):
        if isinstance(node, ast.Name):
            for value in _assigned(func, node.id, before=line):
                keys = _literal_keys(value, None) if isinstance(value, ast.Dict) else None
                if keys is not None:
                    return keys
    return None


def _scan_once(modules: list[_Module], wrappers: dict[str, tuple[Sink, ...]]) -> Scan:
    result = Scan(wrappers=dict(wrappers))
    sinks = {**SINKS, **wrappers}
    for module in modules:
        for call, func, top in _calls(module.tree):
            target = module.target(call.func)
            if target not in sinks:
                continue
            for sink in sinks[target]:
                expr = _argument(call, target, sink.param)
                if expr is None:
                    continue
                where = f"{module.rel}:{call.lineno}"
                names = _names(expr, func, top, module, sink, result, where, depth=0)
                facts = _facts(call, target, func) if target in SINKS else None
                for name in names:
                    result.uses.append(Use(sink.category, sink.role, name, where, facts))
    return result


def _names(expr: ast.expr, func: ast.FunctionDef | None, top: bool, module: _Module,
           sink: Sink, result: Scan, where: str, depth: int) -> list[str]:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [expr.value]
    if isinstance(expr, ast.IfExp):
        return [*_names(expr.body, func, top, module, sink, result, where, depth),
                *_names(expr.orelse, func, top, module, sink, result, where, depth)]
    if isinstance(expr, ast.JoinedStr):
        template = ast.unparse(expr)
        result.templates.add(template)
        if template in DYNAMIC:
            return list(DYNAMIC[template])
    elif isinstance(expr, ast.Name) and func is not None and depth < 5:
        params = [a.arg for a in (*func.args.posonlyargs, *func.args.args,
                                  *func.args.kwonlyargs)]
        if expr.id in params:
            carrier = f"{module.name}.{func.name}"
            if carrier in SINKS:
                return []  # the sink itself passing its own parameter on
            if top:
                found = result.wrappers.setdefault(carrier, ())
                wrapper = Sink(sink.category, sink.role, expr.id)
                if wrapper not in found:
                    result.wrappers[carrier] = (*found, wrapper)
                return []
        values = _assigned(func, expr.id)
        if values:
            return [n for value in values
                    for n in _names(value, func, top, module, sink, result, where, depth + 1)]
    result.unresolved.append((module.rel, ast.unparse(expr), where))
    return []


@cache
def scan() -> Scan:
    """Every use of a vocabulary name in src/, carriers followed to a fixed point."""
    modules = [_Module(path) for path in sorted(SRC.rglob("*.py"))]
    wrappers: dict[str, tuple[Sink, ...]] = {}
    while True:
        result = _scan_once(modules, wrappers)
        if result.wrappers == wrappers:
            return result
        wrappers = result.wrappers


def _used(category: str, *roles: str) -> set[str]:
    return {u.name for u in scan().uses if u.category == category and u.role in roles}


# ------------------------------------------------------------------ the code's names
def test_every_name_the_code_uses_is_declared():
    """Situation: every window, hook, point, decision kind and event name in src/, literal,
    through a carrier function, a local variable or an f-string's expansions. Expected:
    each is in its catalogue (an event may be a window, a point or a context event)."""
    undeclared = sorted({f"{u.category} {u.name!r} at {u.where}" for u in scan().uses
                         if u.name not in CATALOGUES[u.category]})
    assert undeclared == [], "declare these in tallon.engine.vocabulary:\n" + \
        "\n".join(undeclared)


def test_the_scan_finds_the_known_carriers_and_dynamic_names():
    """Situation: names reach the sinks through card helpers and f-strings. Expected: the
    scan sees the helpers as carriers and finds the names given through them (so the
    first test really covers them)."""
    result = scan()
    for carrier in ("tallon.cards.acting.grant_action", "tallon.cards.acting.may_perform",
                    "tallon.cards.upgrades.ordnance.launch_device",
                    "tallon.cards.damage_blocks.own_trigger", "tallon.engine.attack._maximum"):
        assert carrier in result.wrappers, carrier
    assert {"engage", "after_device_met", "before_check_difficulty"} <= _used("window",
                                                                              "listen")
    assert {"max_attack_dice", "max_defense_dice"} <= _used("hook", "ask")
    assert {"system_order", "bonus_attack", "cancel_defense_results",
            "use_ability"} <= _used("decision", "ask")


def test_every_name_expression_can_be_followed():
    """Situation: a name given as an expression the scan can't reduce to strings.
    Expected: only the known pass-throughs (a name stored on a step and read back), each
    still present in the code."""
    seen = {(module, expr) for module, expr, _ in scan().unresolved}
    unknown = sorted(f"{expr} at {where}" for module, expr, where in scan().unresolved
                     if (module, expr) not in PASSED_ON)
    assert unknown == [], "give a literal name, or list the f-string in DYNAMIC:\n" + \
        "\n".join(unknown)
    assert set(PASSED_ON) <= seen, "stale PASSED_ON entries"


def test_dynamic_names_expand_to_their_pattern():
    """Situation: names built by f-strings, declared through their expansions. Expected:
    every expansion fits its f-string's pattern, and every listed f-string is still in
    the code."""
    for template, names in DYNAMIC.items():
        tree = ast.parse(template, mode="eval").body
        assert isinstance(tree, ast.JoinedStr)
        pattern = "".join(re.escape(part.value) if isinstance(part, ast.Constant) else "[a-z_]+"
                          for part in tree.values)
        assert all(re.fullmatch(pattern, n) for n in names), (template, names)
    assert set(DYNAMIC) <= scan().templates


def test_declared_facts_match_what_the_code_gives():
    """Situation: a window fired, a hook asked, a point offered or a context built with
    facts the code spells out. Expected: the site gives every declared fact and no other
    (a window's optional facts may be given)."""
    declared: dict[tuple[str, str], tuple[set[str], set[str]]] = {}
    for w in v.WINDOWS.values():
        declared["window", w.name] = set(w.facts), set(w.facts) | set(w.optional_facts)
    for h in v.HOOKS.values():
        declared["hook", h.name] = set(h.facts), set(h.facts)
    for p in v.POINTS.values():
        declared["point", p.name] = set(p.facts), set(p.facts)
    for c in v.CONTEXTS.values():
        declared["event", c.name] = set(c.facts), set(c.facts)
    wrong = []
    for use in scan().uses:
        category = use.category
        if category == "event" and use.name in v.WINDOWS:
            category = "window"
        if use.facts is None or (category, use.name) not in declared:
            continue
        required, allowed = declared[category, use.name]
        if not required <= use.facts <= allowed:
            wrong.append(f"{use.name} at {use.where}: gives {sorted(use.facts)}, declared "
                         f"{sorted(required)} (+ {sorted(allowed - required)})")
    assert wrong == [], "\n".join(wrong)


def test_every_declared_name_is_used_by_the_engine():
    """Situation: the catalogue against the code. Expected: every window is fired, every
    hook asked, every point offered (and has a default effect in engine/replace.py),
    every decision kind asked and every context event built: nothing declared is dead."""
    replace_source = (SRC / "tallon" / "engine" / "replace.py").read_text(encoding="utf-8")
    contexts = _used("event", "build") & set(v.CONTEXTS)
    assert set(v.WINDOWS) - _used("window", "fire") == set()
    assert set(v.HOOKS) - _used("hook", "ask", "ask_own") == set()
    assert set(v.POINTS) - _used("point", "offer") == set()
    assert [p for p in v.POINTS if f'"{p}"' not in replace_source] == []
    assert set(v.DECISION_KINDS) - _used("decision", "ask") == set()
    assert set(v.CONTEXTS) - contexts == set()


def test_hooks_declared_own_are_those_asked_of_the_ship_itself():
    """Situation: a hook asked with own_modifiers reaches only the ship's own cards.
    Expected: exactly the hooks declared ``own`` are asked that way, and never of every
    ship."""
    own = {h.name for h in v.HOOKS.values() if h.own}
    assert _used("hook", "ask_own") == own
    assert _used("hook", "ask") & own == set()


def test_every_window_a_card_listens_to_is_fired():
    """Situation: windows named by Triggered abilities anywhere in src/. Expected: the
    engine fires each one (a window only listened to would never trigger)."""
    assert _used("window", "listen") - _used("window", "fire") == set()


# -------------------------------------------------------------- the card registry
def test_registered_card_abilities_use_declared_names():
    """Situation: every ability of every registered card (all sides), after loading the
    card modules. Expected: each Triggered names a declared window and decision kind,
    each Modifier a declared hook, each Replacement a declared point."""
    wrong = []
    for (kind, xws), spec in [*CARDS.specs.items(), *RULES.specs.items()]:
        for side in spec.sides:
            for ability in side:
                found = []
                if isinstance(ability, Triggered):
                    found = [("window", ability.window), ("decision", ability.decision)]
                elif isinstance(ability, Modifier):
                    found = [("hook", ability.hook)]
                elif isinstance(ability, Replacement):
                    found = [("point", ability.point)]
                wrong += [f"{kind} {xws}: {ability.title!r} names {category} {name!r}"
                          for category, name in found if name not in CATALOGUES[category]]
    assert len(CARDS.specs) > 100
    assert wrong == [], "\n".join(wrong)


def test_the_simple_agents_handlers_name_declared_decision_kinds():
    """Situation: SimpleAgent answers a decision with its method ``_<kind>(view,
    decision)``. Expected: every such handler names a declared kind (a misspelt one would
    never be called)."""
    handlers = [name[1:] for name, method in inspect.getmembers(SimpleAgent)
                if name.startswith("_") and not name.startswith("__") and callable(method)
                and list(inspect.signature(method).parameters) == ["self", "view", "decision"]]
    assert "set_dial" in handlers
    assert [h for h in handlers if h not in v.DECISION_KINDS] == []


# ------------------------------------------------------------------ the checks
@pytest.mark.parametrize(("check", "wrong", "meant"), [
    (v.check_window, "after_defense", "after_defend"),
    (v.check_window, "start_engagment", "start_engagement"),
    (v.check_hook, "attack_die", "attack_dice"),
    (v.check_point, "gain_tokens", "gain_token"),
    (v.check_decision_kind, "set_dail", "set_dial"),
])
def test_a_misspelt_name_is_refused_with_a_suggestion(check, wrong, meant):
    """Situation: a check function is given a misspelt name. Expected: ValueError naming
    the wrong name and suggesting the declared one."""
    with pytest.raises(ValueError, match=f"{wrong!r}: did you mean {meant!r}"):
        check(wrong)


def test_a_name_like_no_other_is_refused_with_the_list():
    """Situation: a name close to no declared one. Expected: ValueError listing the
    declared names instead of a suggestion."""
    with pytest.raises(ValueError, match=r"none is close; declared: .*gain_token"):
        v.check_point("xyzzy")


def test_a_declared_name_gives_its_entry():
    """Situation: each check function given a declared name. Expected: its entry."""
    assert v.check_window("engage").rule == "ENGAGEMENT PHASE"
    assert v.check_hook("max_locks").own
    assert v.check_point("deal_faceup").facts == ("ship",)
    assert v.check_decision_kind("modify_attack_dice").rule == "DICE MODIFICATION"


def test_a_window_is_not_a_hook():
    """Situation: a window's name given to check_hook. Expected: refused (the catalogues
    are separate)."""
    with pytest.raises(ValueError, match="unknown hook 'after_defend'"):
        v.check_hook("after_defend")


@pytest.mark.parametrize("module,allowed", [("vocabulary", ["tallon.engine.decision_kinds",
                                                           "tallon.engine.hook_kinds"]),
                                            ("decision_kinds", []), ("hook_kinds", [])])
def test_the_vocabulary_imports_nothing_from_tallon(module, allowed):
    """Situation: the catalogue sits at the bottom of the engine. Expected: its modules
    import no tallon module (outside TYPE_CHECKING blocks) but the catalogue's own lists of
    decision kinds and hooks."""
    tree = ast.parse((SRC / "tallon" / "engine" / f"{module}.py").read_text())
    typing_only = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and ast.unparse(node.test).endswith("TYPE_CHECKING")
                   for inner in ast.walk(node)}
    imported = [node.module or "" for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and id(node) not in typing_only]
    imported += [a.name for node in ast.walk(tree)
                 if isinstance(node, ast.Import) and id(node) not in typing_only
                 for a in node.names]
    assert [m for m in imported if m.split(".")[0] == "tallon"] == allowed


# ----------------------------------------------------------------- rules and docs
def _entries() -> Iterator[tuple[str, str]]:
    for catalogue in (v.WINDOWS, v.HOOKS, v.POINTS, v.DECISION_KINDS):
        for entry in catalogue.values():
            yield entry.name, entry.rule


def test_rules_are_named_in_capitals():
    """Situation: every entry's rule. Expected: an RR entry name in capitals, as the RR
    prints its headings."""
    assert [(n, r) for n, r in _entries() if not r or r != r.upper()] == []


def test_rules_are_headings_of_the_rules_reference_glossary():
    """Situation: every entry's rule against the Rules Reference's entries (read from the
    text, or the stored ones: tallon.rules_reference). Expected: each is a glossary
    heading, spelt as printed (an action's icon left off)."""
    glossary = {e.name for e in load_entries() if e.part == "GLOSSARY"}
    assert [(n, r) for n, r in _entries() if r not in glossary] == []


def test_the_docs_tables_are_up_to_date():
    """Situation: docs/abilities.md against the catalogue. Expected: the generator in
    --check mode finds nothing to change (exit 0)."""
    assert vocabulary_docs.main(["--check"]) == 0, \
        "run: python tools/vocabulary_docs.py"


def test_the_generator_rewrites_a_stale_table(tmp_path, capsys):
    """Situation: a copy of the docs with a window's row deleted. Expected: --check exits 1
    naming the table and changes nothing; a plain run restores the document exactly."""
    doc = tmp_path / "abilities.md"
    original = vocabulary_docs.regenerate(vocabulary_docs.DOC.read_text(encoding="utf-8"))
    row = next(line for line in original.splitlines() if line.startswith("| `engage` |"))
    stale = original.replace(row + "\n", "")
    doc.write_text(stale, encoding="utf-8")
    assert vocabulary_docs.main(["--check", "--doc", str(doc)]) == 1
    assert "`windows`" in capsys.readouterr().err
    assert doc.read_text(encoding="utf-8") == stale
    assert vocabulary_docs.main(["--doc", str(doc)]) == 0
    assert doc.read_text(encoding="utf-8") == original


def test_the_generator_refuses_a_document_without_markers(tmp_path):
    """Situation: a document missing the decision kinds' markers. Expected: exit 1, the
    document unchanged."""
    doc = tmp_path / "abilities.md"
    text = vocabulary_docs.DOC.read_text(encoding="utf-8").replace(
        "vocabulary_docs.py: decisions -->", "vocabulary_docs.py: gone -->")
    doc.write_text(text, encoding="utf-8")
    assert vocabulary_docs.main(["--check", "--doc", str(doc)]) == 1
    assert vocabulary_docs.main(["--doc", str(doc)]) == 1
    assert doc.read_text(encoding="utf-8") == text


def test_registering_an_ability_with_a_misspelt_name_is_refused():
    """Situation: a card registers a triggered ability at window "after_defned" (and a
    modifier at hook "atack_dice"). Expected: the registry refuses it when the card module
    loads, naming the card, the ability and the likely meant name - a misspelt window would
    otherwise never fire."""
    registry = CardRegistry("test pool")
    with pytest.raises(ValueError, match=r"pilot 'x', ability 'y'.*did you mean 'after_defend'"):
        registry.register("pilot", "x", Triggered("y", window="after_defned"))
    with pytest.raises(ValueError, match="did you mean 'attack_dice'"):
        registry.register("pilot", "z", Modifier("w", hook="atack_dice"))
    assert not registry.specs
