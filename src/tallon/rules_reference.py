"""The Rules Reference's entries and the ``RR:`` tags that cite them.

Code and tests cite the rules entry they implement with a tag. This module reads the
entries from the Rules Reference text (v1.4.2), finds the tags in Python source and says
which tags name no entry; :mod:`tallon.rules_index` builds the index of where each entry
is implemented and tested (``tools/rules_index.py`` writes it to
``docs/rules-index.md``).

Entries
-------
An entry is a heading of the Rules Reference, spelled as printed, in upper case, without
its icons and parenthesised symbols: ``BARREL ROLL (↻)`` is ``BARREL ROLL``, ``CHARGES ,
, ,`` is ``CHARGES``, ``LIMITED 2 (••) AND 3 (•••)`` is ``LIMITED 2 AND 3``. The glossary
prints one heading in mixed case (``DEplete``); it is the entry ``DEPLETE``. Mixed-case
lines (``Focus Token``, ``Pilot Ability``) are figure captions, not entries. The entries
are, in document order:

- the rules before the glossary, from ``GOLDEN RULES`` to ``ERRATA AND CONFLICTS``;
- every glossary heading, sub-entries included (``PAYING COSTS``, ``ATTACKING REMOTES``,
  ``RECURRING CHARGES``);
- ``APPENDIX: EXAMPLES`` and ``FAQ``, each one entry: what they hold (worked examples,
  card corrections, questions by topic) is cited with a note, not by its sub-headings,
  which repeat glossary names;
- ``RULES REFERENCE UPDATE``, ``SQUAD BUILDING APPENDIX``, ``APPENDIX: HUGE SHIPS`` and
  ``APPENDIX: ENVIRONMENT CARDS`` with their headings (``ELECTRO-CHAFF CLOUD``, ``SQUAD
  POINTS``, ``DOCKING WITH HUGE SHIPS``, ...). A heading there whose name an earlier entry
  already has (``SETUP``, ``STRESS``, ``FACTION``) is not a second entry: the name stays
  the glossary's, and the appendix's rule is cited as the appendix with a note. Headings
  ending in ``EXAMPLES`` or ``FAQ`` (``HUGE SHIP EXAMPLES``) are entries whose own
  sub-headings are not. That makes 225 entries in v1.4.2.

Tag grammar
-----------
A tag is ``RR:``, one space, an entry name exactly as the entry spells it, and optionally
a step qualifier; a tag is on one line::

    tag   = "RR: " ENTRY [" step " STEPS | " steps " STEPS]
    STEPS = STEP {("-" | "–" | "/" | ", " | " and " | " then ") STEP}    STEP = 2, 2a, ...

``RR: BARREL ROLL``, ``RR: SETUP step 5``, ``RR: ATTACK steps 2a/3a``. The entry is the
longest entry name found at that point: ``RR: ATTACK ARC`` names ATTACK ARC, not ATTACK.
What follows a tag is prose: ``RR: OVERLAP - partial maneuvers``, ``RR: RANGE ("at")``,
``RR: FAQ, Locking``. Several entries are several tags, each with its own prefix:
``RR: ATTACK ARC, RR: ATTACK RANGE``. ``RR appendix`` and ``the RR says`` are prose.

:func:`find_tags` says on each :class:`Tag` why it breaks the grammar: it names no entry
(misspelt, or no entry such as ``GAME LENGTH``); the wrong case (``RR: Dice
Modification``); broken over two lines; a step number without ``step`` (``RR: ATTACK
2a``); an upper-case word after it that makes no longer entry; no colon (``RR FAQ``); or
it is an entry listed after a tag with a comma, semicolon, slash or ``and`` and no prefix
of its own, a bracketed note perhaps between (``RR: ROUND, PLANNING PHASE``, ``RR: LOCK
(range 0-3), ION``: PLANNING PHASE and ION are reported).

A file whose text has a line reading exactly ``# rr-tags: skip-file`` is not scanned: the
files that document and test this grammar quote wrong tags on purpose.
"""

# rr-tags: skip-file

from __future__ import annotations

import bisect
import difflib
import functools
import json
import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

RR_FILENAME = "rules-reference-2.5-v1.4.2.txt"
#: Environment variable naming the Rules Reference text, for checkouts without the seeds.
RR_ENV = "TALLON_RR_PATH"
#: The entries as last read from the text - names, lines and parts, none of its prose -
#: for checkouts without it (``tools/rules_index.py`` writes it; a test keeps it equal to
#: the text's where the text is present).
STORED_ENTRIES = Path(__file__).with_name("rules_entries.json")
SKIP_PRAGMA = "# rr-tags: skip-file"

#: The parts of the Rules Reference after its front matter, in document order.
PARTS = ("GLOSSARY", "APPENDIX: EXAMPLES", "FAQ", "RULES REFERENCE UPDATE",
         "SQUAD BUILDING APPENDIX", "APPENDIX: HUGE SHIPS", "APPENDIX: ENVIRONMENT CARDS")
#: The first heading of the front matter that states a rule (INTRODUCTION and the title
#: before it are not rules).
FIRST_RULE = "GOLDEN RULES"
#: Where an entry's part is the front matter.
FRONT_MATTER = ""


class RulesReferenceNotFoundError(FileNotFoundError):
    """The Rules Reference text is not where it was looked for."""


@dataclass(frozen=True)
class Entry:
    """One Rules Reference entry: its heading as a tag spells it, and where it is."""

    name: str
    line: int
    part: str
    summary: str
    #: Later lines printing the same heading (a glossary "See ..." stub, an appendix rule).
    also_at: tuple[int, ...] = ()


@dataclass(frozen=True)
class Tag:
    """An ``RR:`` tag found in a text.

    ``entry`` is the entry the tag names, or would name once ``problem`` is fixed (a
    wrong-case or broken tag); it is ``None`` when no entry can be told.
    """

    text: str
    entry: str | None
    line: int
    column: int
    qualifier: str = ""
    problem: str | None = None
    path: str = ""

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}" if self.path else f"line {self.line}"


# ----------------------------------------------------------------------------------
# Finding the Rules Reference and reading its entries


def default_rr_path() -> Path | None:
    """The Rules Reference text for this checkout, or ``None`` when there is none.

    Looked for, in order: ``$TALLON_RR_PATH``; ``../shared/seeds/`` beside the checkout;
    the same beside the main checkout when this one is a git worktree (its ``.git`` is a
    file pointing into the main checkout's ``.git/worktrees``).
    """
    env = os.environ.get(RR_ENV)
    if env:
        return Path(env)
    for candidate in _seed_candidates(Path(__file__).resolve().parents[2]):
        if candidate.is_file():
            return candidate
    return None


def _seed_candidates(repo: Path) -> list[Path]:
    found = [repo.parent / "shared" / "seeds" / RR_FILENAME]
    git = repo / ".git"
    if git.is_file():
        text = git.read_text(encoding="utf-8", errors="replace").strip()
        if text.startswith("gitdir:"):
            gitdir = Path(text.removeprefix("gitdir:").strip())
            # <main>/.git/worktrees/<name> -> <main>
            if gitdir.parent.name == "worktrees":
                main = gitdir.parent.parent.parent
                found.append(main.parent / "shared" / "seeds" / RR_FILENAME)
    return found


def load_entries(path: Path | str | None = None) -> tuple[Entry, ...]:
    """The entries of the Rules Reference text at ``path`` (default: :func:`default_rr_path`,
    else the stored entries, :data:`STORED_ENTRIES`, whose summaries are empty).

    Raises :class:`RulesReferenceNotFoundError` when there is no such file.
    """
    resolved = Path(path) if path is not None else default_rr_path()
    if path is None and resolved is None and STORED_ENTRIES.is_file():
        return stored_entries()
    if resolved is None or not resolved.is_file():
        looked = [resolved] if resolved else _seed_candidates(Path(__file__).resolve().parents[2])
        raise RulesReferenceNotFoundError(
            f"Rules Reference text not found (looked at {', '.join(map(str, looked))}); "
            f"set {RR_ENV} to its path"
        )
    return _load_cached(str(resolved.resolve()))


def entries_json(entries: Iterable[Entry]) -> str:
    """The text of :data:`STORED_ENTRIES` for these entries (their summaries left out: the
    project keeps no rule text)."""
    rows = ",\n".join("  " + json.dumps({"name": e.name, "line": e.line, "part": e.part,
                                          "also_at": list(e.also_at)}, ensure_ascii=False)
                      for e in entries)
    return f'{{"source": {json.dumps(RR_FILENAME)},\n "entries": [\n{rows}\n]}}\n'


@functools.lru_cache(maxsize=1)
def stored_entries() -> tuple[Entry, ...]:
    """The entries kept in :data:`STORED_ENTRIES`."""
    data = json.loads(STORED_ENTRIES.read_text(encoding="utf-8"))
    return tuple(Entry(row["name"], row["line"], row["part"], "", tuple(row["also_at"]))
                 for row in data["entries"])


@functools.lru_cache(maxsize=4)
def _load_cached(path: str) -> tuple[Entry, ...]:
    return parse_entries(Path(path).read_text(encoding="utf-8"))


_BRACKETED = re.compile(r"\s*(\([^)]*\)|\[[^\]]*\])")
# Letters, digits and the punctuation printed inside headings; everything else on a
# heading line is an icon (the text export turned some icons into stray commas).
_NOT_HEADING_CHAR = re.compile(r"[^\w\s'’\"“”:/\-–#&,.!?]")
_VERSION = re.compile(r"^VERSION \d")


def heading_name(line: str) -> str | None:
    """The entry name a heading line prints, or ``None`` if the line is no heading."""
    text = line.strip()
    if not text or text[0] in "-•*[>|" or text.startswith(("Q:", "A:")):
        return None
    text = _NOT_HEADING_CHAR.sub("", _BRACKETED.sub("", text))
    text = " ".join(text.split()).rstrip(" ,.;")
    letters = [c for c in text if c.isalpha()]
    if len(letters) < 2 or len(text) > 60 or _VERSION.match(text):
        return None
    if all(c.isupper() for c in letters):
        return text
    # The glossary prints DEPLETE as "DEplete": a lone word whose first two letters are
    # capitals is a heading, never a caption (captions are Title Case).
    if text.isalpha() and text[:2].isupper():
        return text.upper()
    return None


def parse_entries(text: str) -> tuple[Entry, ...]:
    """The entries of a Rules Reference text, in document order (see the module notes)."""
    lines = text.splitlines()
    found: dict[str, Entry] = {}
    part: str | None = None  # None until the first rule of the front matter
    muted = False  # inside an examples or FAQ container
    for index, raw in enumerate(lines):
        if index > 0 and lines[index - 1].strip():
            continue  # a heading stands after a blank line
        name = heading_name(raw)
        if name is None:
            continue
        if name in PARTS:
            part, muted = name, False
            if name == "GLOSSARY":
                continue
        elif part is None:
            if name != FIRST_RULE:
                continue
            part = FRONT_MATTER
        container = name.endswith(("EXAMPLES", "FAQ"))
        if muted and (not container or part.endswith(("EXAMPLES", "FAQ"))):
            continue
        muted = muted or container
        number = index + 1
        if name in found:
            old = found[name]
            found[name] = Entry(old.name, old.line, old.part, old.summary,
                                (*old.also_at, number))
            continue
        found[name] = Entry(name, number, part, _summary(lines, index + 1))
    return tuple(found.values())


_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")


def _summary(lines: Sequence[str], start: int, limit: int = 160) -> str:
    """The first sentence of the text under a heading (captions skipped)."""
    for raw in lines[start:start + 12]:
        text = raw.strip()
        if not text:
            continue
        if heading_name(text) is not None:
            return ""
        if len(text) < 40 and not text.endswith((".", ":", ")")) \
                and not text.startswith("See "):
            continue  # a figure caption such as "Focus Token"
        text = _LINK.sub(r"\1", text.lstrip("-◇◊ ")).replace("**", "").replace("*", "")
        sentence = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
        return sentence if len(sentence) <= limit else sentence[: limit - 1].rstrip() + "…"
    return ""


# ----------------------------------------------------------------------------------
# Finding tags


_TAG_START = re.compile(r"(?<![A-Za-z0-9_])RR(?::| (?=[A-Z]))")
_STEP = r"\d+[a-z]?"
#: A step reference: ``2a``, ``2a/3a``, ``1-6``, ``2b and 3b``, ``2 then 3``, ``1b, 2a``.
STEPS = rf"{_STEP}(?:(?:[-–/]|, | and | then ){_STEP})*(?![\w-])"
_QUALIFIER = re.compile(rf" (steps?) ({STEPS})")
_BARE_STEPS = re.compile(STEPS)
_UPPER_WORD = re.compile(r"[A-Z0-9][A-Z0-9'’\-]*(?![\w'’-])")
_WORDS = re.compile(r"[A-Z0-9][\w'’\-]*(?: [A-Z0-9][\w'’\-]*)*")
_CONTINUATION = re.compile(r"[ \t]*\n[ \t]*(?:#:?[ \t]*)?")
#: What may stand between two tags of a list: ``RR: BOOST, RR: CLOAK``. After a tag, one of
#: these followed by an entry name without its own prefix is a bare list item; a bracketed
#: note may sit before it (``RR: LOCK (range 0-3), ION``).
LIST_SEPARATOR = re.compile(r"(?: \([^()]*\))?(, |; | / |/| and )")


class _EntryNames:
    """Entry names, longest first, for finding the entry a text names at some point."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = sorted(set(names), key=lambda n: (-len(n), n))

    def at(self, text: str, pos: int, *, any_case: bool = False) -> str | None:
        """The longest entry spelled at ``pos`` and ending a word (exactly, or in any case)."""
        chunk = text[pos:pos + 80]
        probe = chunk.upper() if any_case else chunk
        for name in self.names:
            if probe.startswith(name) and _boundary(chunk, len(name)):
                return name
        return None

    def suggest(self, words: str) -> list[str]:
        upper = words.upper()
        longer = [n for n in self.names if n.startswith(upper + " ")]
        return longer[:3] or difflib.get_close_matches(upper, self.names, n=3, cutoff=0.75)


def _boundary(text: str, end: int) -> bool:
    """Whether a name that ends at ``end`` ends a word there (RANGE is not in RANGES)."""
    if end >= len(text):
        return True
    following = text[end]
    if following.isalnum():
        return False
    return not (following in "-'’" and text[end + 1:end + 2].isalnum())


@functools.lru_cache(maxsize=4)
def _entry_index(names: tuple[str, ...]) -> _EntryNames:
    return _EntryNames(names)


class _FlatText:
    """A text from some point to the end of the line after next, line breaks read as spaces.

    A name or a list that runs on to the next line of a docstring or a ``#`` comment reads
    in the flat text as it would on one line; ``where`` maps each flat index back to the
    text (``where[len(flat)]`` is the end of the window), so a tag broken over two lines
    can still be told apart.
    """

    def __init__(self, text: str, begin: int, lines: int = 3) -> None:
        chars: list[str] = []
        where: list[int] = []
        index, breaks = begin, 0
        while index < len(text):
            gap = _CONTINUATION.match(text, index)
            if gap:
                breaks += 1
                if breaks >= lines:
                    break
                chars.append(" ")
                where.append(index)
                index = gap.end()
                continue
            chars.append(text[index])
            where.append(index)
            index += 1
        where.append(index)
        self.text, self.source, self.where = "".join(chars), text, where

    def crosses_line(self, start: int, end: int) -> bool:
        """Whether the flat span ``start:end`` crosses a line break of the text."""
        return "\n" in self.source[self.where[start]:self.where[end]]


def find_tags(
    text: str, entries: Iterable[str | Entry] | None = None, path: str = ""
) -> list[Tag]:
    """The ``RR:`` tags in ``text``, in order, each with the problem it has, if any.

    ``entries`` are the known entries (default: :func:`load_entries`). Entries listed
    after a tag without a prefix of their own are returned as tags too, with a problem,
    and so is ``RR`` and an entry name without the colon (``RR FAQ``).
    """
    names = _entry_index(tuple(entry_names(entries)))
    starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def make(flat: _FlatText, start: int, end: int, entry: str | None, qualifier: str = "",
             problems: Sequence[str] = ()) -> Tag:
        offset = flat.where[start]
        line = bisect.bisect_right(starts, offset)
        return Tag(flat.text[start:end].strip(), entry, line, offset - starts[line - 1] + 1,
                   qualifier, "; ".join(problems) or None, path)

    tags: list[Tag] = []
    for match in _TAG_START.finditer(text):
        flat = _FlatText(text, match.start())
        if not match.group().endswith(":"):
            entry = names.at(flat.text, 3) or names.at(flat.text, 3, any_case=True)
            if entry is None:
                continue  # prose such as "the RR says"
            end = 3 + len(entry)
            tags.append(make(flat, 0, end, entry,
                             problems=[f"missing colon: write 'RR: {entry}'"]))
        else:
            tag, end = _read_tag(flat, names, make)
            tags.append(tag)
            if tag.entry is None:
                continue
        tags.extend(_bare_list(flat, end, names, make))
    return tags


def entry_names(entries: Iterable[str | Entry] | None) -> list[str]:
    if entries is None:
        entries = load_entries()
    return [e if isinstance(e, str) else e.name for e in entries]


def _read_tag(flat: _FlatText, names: _EntryNames, make: Callable[..., Tag]) -> tuple[Tag, int]:
    """The tag the flat text starts with, and where it ends in the flat text."""
    text = flat.text
    after = 3 + len(re.match(r"\s*", text[3:]).group())
    problems = []
    entry = names.at(text, after)
    if entry is None:
        entry = names.at(text, after, any_case=True)
        if entry is not None:
            problems.append(f"wrong case: write 'RR: {entry}'")
    if entry is None:
        words = _WORDS.match(text, after)
        spelled = words.group().rstrip(":") if words else ""
        if spelled:
            problem = f"'{spelled}' is no Rules Reference entry"
            hint = names.suggest(spelled)
            if hint:
                problem += " (did you mean " + " or ".join(hint) + "?)"
        else:
            problem = f"no entry name after 'RR:' (it reads {text[after:after + 24]!r})"
        end = after + len(spelled)
        return make(flat, 0, end, None, problems=[problem]), end
    end = after + len(entry)
    qualifier = ""
    found = _QUALIFIER.match(text, end)
    if found:
        qualifier = f"{found.group(1)} {found.group(2)}"
        end = found.end()
    if flat.crosses_line(0, end):
        problems.append(f"broken over two lines: write 'RR: {entry}' on one line")
    elif text[3:after] != " ":
        problems.append(f"write one space after 'RR:': 'RR: {entry}'")
    trailing = _trailing_problem(text, end, entry)
    if trailing:
        problems.append(trailing)
    return make(flat, 0, end, entry, qualifier, problems), end


def _trailing_problem(text: str, end: int, entry: str) -> str | None:
    """What is wrong with the words right after a tag, if they look like part of it."""
    if not text.startswith(" ", end):
        return None
    step = _BARE_STEPS.match(text, end + 1)
    if step:
        return f"a step is written 'RR: {entry} step {step.group()}'"
    word = _UPPER_WORD.match(text, end + 1)
    if word is None or sum(c.isalpha() for c in word.group()) < 2:
        return None
    return f"'{entry} {word.group()}' is no entry: end the tag after '{entry}' or fix the name"


def _bare_list(flat: _FlatText, end: int, names: _EntryNames,
               make: Callable[..., Tag]) -> list[Tag]:
    """Entries listed after a tag with only a separator before them, not a prefix."""
    text = flat.text
    found = []
    while True:
        sep = LIST_SEPARATOR.match(text, end)
        if sep is None:
            return found
        at = sep.end()
        if not text[at:at + 1].isupper() or text.startswith("RR", at):
            return found
        entry = names.at(text, at) or names.at(text, at, any_case=True)
        if entry is None:
            return found
        stop = at + len(entry)
        qualifier = _QUALIFIER.match(text, stop)
        if qualifier:
            stop = qualifier.end()
        found.append(make(flat, at, stop, entry,
                          problems=[f"listed without a prefix: write 'RR: {entry}'"]))
        end = stop
