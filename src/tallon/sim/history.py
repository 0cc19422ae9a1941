"""Saved simulation runs: a SQL database through SQLAlchemy (a SQLite file by default,
``$TALLON_SIM_DB`` or ``--database`` to choose another; any URL SQLAlchemy opens, such as
PostgreSQL with the ``postgres`` extra).

Each run is one row: what was simulated (the squads as XWS, the agents, the seed, the
games planned and played) and its summary as JSON, with the time it was saved.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from sqlalchemy import (
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    exc,
    insert,
    select,
)
from sqlalchemy.engine import URL, make_url

from tallon.files import is_directory
from tallon.server.store import with_driver

metadata = MetaData()

# names of their own, so that the runs may share a database with a server's games
sim_schema = Table("sim_schema", metadata, Column("version", Integer, nullable=False))

runs = Table(
    "sim_runs", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("saved", Float, nullable=False),            # seconds since the epoch
    Column("squad_a", String(200), nullable=False),    # names, for the list
    Column("squad_b", String(200), nullable=False),
    Column("agents", String(100), nullable=False),     # "ace,ace"
    Column("seed", String(40), nullable=False),        # any integer: kept as text
    Column("games", Integer, nullable=False),
    Column("games_planned", Integer, nullable=False),
    Column("squads", Text, nullable=False),            # [XWS of A, XWS of B]
    Column("summary", Text, nullable=False),           # the summary, as --json prints it
)

#: The schema's version: a later one adds its migration step to :meth:`History._migrate`.
SCHEMA_VERSION = 1


class HistoryError(RuntimeError):
    """The database cannot be opened, read or written; the message names it and why."""


def default_database() -> Path:
    """Where runs are kept unless told: ``$XDG_DATA_HOME/tallon/sim.sqlite``, by default
    ``~/.local/share/tallon/sim.sqlite``."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "tallon" / "sim.sqlite"


def database_url(given: str | None) -> tuple[URL, Path | None]:
    """The database for ``--database`` (a URL or a file name), else ``$TALLON_SIM_DB``,
    else the default file: its URL, and the SQLite file it names, if any."""
    value = given or os.environ.get("TALLON_SIM_DB") or None
    if value is None or "://" not in value:
        # a file name, never parsed as a URL: "?" or "#" in it are part of the name
        path = default_database() if value is None else Path(value)
        return URL.create("sqlite", database=str(path)), path
    try:
        url = make_url(value)
    except exc.ArgumentError:
        raise HistoryError(f"{value}: not a database URL (such as sqlite:///runs.sqlite "
                           "or postgresql://user@host/db) nor a file name") from None
    url = make_url(with_driver(url))
    if url.get_backend_name() == "sqlite" and url.database not in (None, "", ":memory:"):
        return url, Path(url.database)
    return url, None


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long, a NUL byte: not there
        return False


class History:
    """The saved runs in the database at ``url`` (:func:`database_url`). ``create``:
    make the SQLite file (and, for the default place, its directory) if missing;
    otherwise a missing file is an empty history, left uncreated."""

    def __init__(self, url: URL, path: Path | None = None, *, create: bool = True) -> None:
        self.url = url
        self.path = path
        self.engine: Engine | None = None
        if path is not None and not _exists(path):
            if not create:
                return
            if path == default_database():
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                except OSError as error:
                    raise HistoryError(f"{path.parent}: cannot create the directory: "
                                       f"{error.strerror}") from None
            elif not is_directory(path.parent):
                raise HistoryError(f"{path}: the directory {path.parent} does not exist")
        try:
            self.engine = create_engine(url, future=True)
            self._migrate()
        except (exc.SQLAlchemyError, ImportError, OSError, ValueError) as error:
            raise HistoryError(f"{self._where()}: cannot use the database: "
                               f"{_reason(error)}") from None

    def _where(self) -> str:
        return str(self.path) if self.path is not None else \
            self.url.render_as_string(hide_password=True)

    def _migrate(self) -> None:
        assert self.engine is not None
        metadata.create_all(self.engine, tables=[sim_schema])
        with self.engine.begin() as connection:
            found = connection.execute(select(sim_schema.c.version)).scalar()
            current = 0 if found is None else int(found)
            if current > SCHEMA_VERSION:
                raise HistoryError(f"{self._where()}: its runs have schema version "
                                   f"{current}; this Tallon knows up to {SCHEMA_VERSION}")
            if current < 1:
                metadata.create_all(connection, tables=[runs])
                connection.execute(sim_schema.delete())
                connection.execute(insert(sim_schema).values(version=SCHEMA_VERSION))

    def save(self, summary: dict[str, Any], squads: list[dict[str, Any]]) -> int:
        """Store a run (its summary and the squads' XWS); its id."""
        assert self.engine is not None
        row = {"saved": time.time(),
               "squad_a": summary["squads"][0]["name"][:200],
               "squad_b": summary["squads"][1]["name"][:200],
               "agents": ",".join(summary["agents"])[:100],
               "seed": str(summary["seed"])[:40],
               "games": summary["games"], "games_planned": summary["games_planned"],
               "squads": json.dumps(squads), "summary": json.dumps(summary)}
        try:
            with self.engine.begin() as connection:
                return int(connection.execute(insert(runs).values(**row))
                           .inserted_primary_key[0])
        except exc.SQLAlchemyError as error:
            raise HistoryError(f"{self._where()}: cannot save the run: "
                               f"{_reason(error)}") from None

    def saved_runs(self, limit: int | None = None) -> list[dict[str, Any]]:
        """The saved runs, newest first: id, time, squads, agents, seed, games, the win
        rates and the scenario(s) played."""
        if self.engine is None:
            return []
        query = select(runs.c.id, runs.c.saved, runs.c.squad_a, runs.c.squad_b,
                       runs.c.agents, runs.c.seed, runs.c.games, runs.c.games_planned,
                       runs.c.summary).order_by(runs.c.id.desc())
        if limit is not None:
            query = query.limit(limit)
        rows = self._read(query)
        found = []
        for row in rows:
            summary = json.loads(row.summary)
            found.append({"id": row.id, "saved": row.saved, "squads": [row.squad_a,
                          row.squad_b], "agents": row.agents.split(","),
                          "seed": _number(row.seed), "games": row.games,
                          "games_planned": row.games_planned,
                          "win_rate": summary["win_rate"], "draw_rate": summary["draw_rate"],
                          "mean_margin": summary["mean_margin"],
                          # runs saved before scenarios played none
                          "scenario": summary.get("scenario"),
                          "scenarios": summary.get("scenarios", {"none": row.games})})
        return found

    def run(self, run_id: int) -> dict[str, Any] | None:
        """A saved run: its row, with the summary and squads decoded; None if no such."""
        if self.engine is None:
            return None
        rows = self._read(select(runs).where(runs.c.id == run_id))
        if not rows:
            return None
        row = rows[0]
        return {"id": row.id, "saved": row.saved, "summary": json.loads(row.summary),
                "squads": json.loads(row.squads)}

    def _read(self, query: Any) -> list[Any]:
        assert self.engine is not None
        try:
            with self.engine.connect() as connection:
                return list(connection.execute(query).all())
        except exc.SQLAlchemyError as error:
            raise HistoryError(f"{self._where()}: cannot read the runs: "
                               f"{_reason(error)}") from None

    def close(self) -> None:
        if self.engine is not None:
            self.engine.dispose()


def _number(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text


def _reason(error: BaseException) -> str:
    original = getattr(error, "orig", None)
    text = str(original if original is not None else error).strip().splitlines()
    return text[0] if text else type(error).__name__


__all__ = ["History", "HistoryError", "database_url", "default_database"]
