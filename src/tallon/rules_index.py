"""The rules index: where each entry of the Rules Reference is implemented and tested,
read from the ``RR:`` tags of a checkout's ``src/`` and ``tests/`` (the tags and entries:
:mod:`tallon.rules_reference`; ``tools/rules_index.py`` writes ``docs/rules-index.md``).
"""

# rr-tags: skip-file

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from tallon.rules_reference import (
    SKIP_PRAGMA,
    Entry,
    Tag,
    find_tags,
    load_entries,
)


@dataclass(frozen=True)
class Location:
    """Where a tag sits: a file, a line, and the innermost function or class around it."""

    path: str
    line: int
    symbol: str = ""


@dataclass(frozen=True)
class IndexRow:
    """An entry with the code that implements it and the tests that test it."""

    entry: Entry
    implemented: tuple[Location, ...] = ()
    tested: tuple[str, ...] = ()


@dataclass(frozen=True)
class RulesIndex:
    rows: tuple[IndexRow, ...]
    problems: tuple[Tag, ...] = field(default=())

    @property
    def unimplemented(self) -> tuple[IndexRow, ...]:
        return tuple(r for r in self.rows if not r.implemented)


def python_files(root: Path, dirs: Sequence[str] = ("src", "tests")
                 ) -> list[tuple[Path, str]]:
    """The Python files under ``root``'s ``dirs`` that are scanned for tags, sorted, with
    their text."""
    files = []
    for name in dirs:
        for path in sorted((root / name).rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            if any(line.strip() == SKIP_PRAGMA for line in text.splitlines()):
                continue
            files.append((path, text))
    return files


@dataclass(frozen=True)
class _Scope:
    start: int
    end: int
    qualname: str
    is_test: bool


def _scopes(source: str) -> list[_Scope]:
    """The functions and classes of ``source`` with their line spans."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    scopes: list[_Scope] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                qualname = f"{prefix}{child.name}"
                is_test = (not isinstance(child, ast.ClassDef)
                           and child.name.startswith("test"))
                start = min([child.lineno] + [d.lineno for d in child.decorator_list])
                scopes.append(_Scope(start, child.end_lineno or child.lineno, qualname,
                                     is_test))
                walk(child, f"{qualname}.")
            else:
                walk(child, prefix)

    walk(tree, "")
    return scopes


def _innermost(scopes: Sequence[_Scope], line: int) -> list[_Scope]:
    """The scopes around ``line``, outermost first."""
    return sorted((s for s in scopes if s.start <= line <= s.end), key=lambda s: s.start)


def entry_module_name(entry: str) -> str:
    """The test module named after an entry: ``BARREL ROLL`` -> ``test_barrel_roll.py``."""
    words = re.sub(r"[^a-z0-9]+", "_", entry.lower()).strip("_")
    return f"test_{words}.py"


def build_index(root: Path, entries: Sequence[Entry] | None = None,
                dirs: Sequence[str] = ("src", "tests")) -> RulesIndex:
    """Where each entry is implemented (tags under ``src/``) and tested (under ``tests/``).

    A tag in a test function (its docstring or body) makes that test a test of the entry;
    a tag elsewhere in a ``test_*.py`` module (its docstring, a helper) makes the module
    one; ``tests/rules/test_<entry words>.py`` is a test of its entry without a tag.
    Tags in other files under ``tests/`` are checked but index nothing.
    """
    entries = tuple(entries) if entries is not None else load_entries()
    names = [e.name for e in entries]
    implemented: dict[str, set[Location]] = {n: set() for n in names}
    tested: dict[str, set[str]] = {n: set() for n in names}
    problems: list[Tag] = []
    for path, source in python_files(root, dirs):
        rel = path.relative_to(root).as_posix()
        tags = find_tags(source, names, rel)
        problems.extend(t for t in tags if t.problem)
        if not tags:
            continue
        scopes = _scopes(source)
        is_test_module = rel.startswith("tests/") and path.name.startswith("test_")
        for tag in tags:
            if tag.entry is None:
                continue
            around = _innermost(scopes, tag.line)
            if rel.startswith("src/"):
                symbol = around[-1].qualname if around else ""
                implemented[tag.entry].add(Location(rel, tag.line, symbol))
            elif is_test_module:
                test = next((s for s in around if s.is_test), None)
                tested[tag.entry].add(f"{rel}::{test.qualname.replace('.', '::')}"
                                      if test else rel)
    by_module = {entry_module_name(n): n for n in names}
    for path in sorted((root / "tests" / "rules").glob("test_*.py")):
        if path.name in by_module:
            tested[by_module[path.name]].add(path.relative_to(root).as_posix())
    rows = tuple(
        IndexRow(e, tuple(sorted(implemented[e.name], key=lambda loc: (loc.path, loc.line))),
                 tuple(sorted(tested[e.name])))
        for e in entries
    )
    return RulesIndex(rows, tuple(problems))
