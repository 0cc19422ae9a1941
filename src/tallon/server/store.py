"""Where the server keeps its games: a SQL database through SQLAlchemy (SQLite by default,
PostgreSQL for a hosted server; the same code and migrations for both).

A game is stored as what determines it - its setup (the squads as XWS, seed, ruleset,
rounds), its seats, and every answer in order - so that replaying the answers rebuilds it
exactly (the engine is deterministic). Each answer is committed before the server
acknowledges it: a server killed at any moment restarts with every acknowledged answer.
Seat tokens are kept only as SHA-256 digests. Beside the games, the players' saved
squads (schema version 2), each under its name, as normalised XWS.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
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
    delete,
    event,
    exc,
    insert,
    select,
)
from sqlalchemy.engine import URL, make_url

metadata = MetaData()

schema_version = Table("schema_version", metadata, Column("version", Integer, nullable=False))

games = Table(
    "games", metadata,
    Column("id", String(64), primary_key=True),
    Column("setup", Text, nullable=False),        # GameSetup.to_json(), as JSON
    Column("seats", Text, nullable=False),        # [{"player", "kind", "token_digest"}]
    Column("created", Float, nullable=False),
)

answers = Table(
    "answers", metadata,
    Column("game_id", String(64), primary_key=True),
    Column("number", Integer, primary_key=True),  # 0 for the first answer of the game
    Column("answer", Text, nullable=False),       # the answer, as JSON
)


squads = Table(
    "squads", metadata,
    Column("name", String(64), primary_key=True),  # as the player gave it, case kept
    Column("faction", String(40), nullable=False),
    Column("points", Integer, nullable=False),
    Column("pilots", Integer, nullable=False),
    Column("xws", Text, nullable=False),           # the squad, as normalised XWS
    Column("saved", Float, nullable=False),
)


def _version_1(engine: Engine) -> None:
    metadata.create_all(engine, tables=[games, answers])


def _version_2(engine: Engine) -> None:
    metadata.create_all(engine, tables=[squads])


#: Schema migrations in order: version n is reached by running MIGRATIONS[n - 1].
MIGRATIONS: list[Callable[[Engine], None]] = [_version_1, _version_2]


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class StoredGame:
    id: str
    setup: dict[str, Any]
    seats: list[dict[str, Any]]
    answers: list[Any]


class Store:
    """The games of one server, in the database at ``url`` (``sqlite:///tallon.db``,
    ``postgresql://user@host/db``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = create_engine(with_driver(url), future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_durable)
        self._migrate()

    def _migrate(self) -> None:
        metadata.create_all(self.engine, tables=[schema_version])
        with self.engine.begin() as connection:
            found = connection.execute(select(schema_version.c.version)).scalar()
            current = 0 if found is None else int(found)
            if current > len(MIGRATIONS):
                raise RuntimeError(f"the database {self.url} has schema version {current}; "
                                   f"this Tallon knows up to {len(MIGRATIONS)}")
        for version in range(current + 1, len(MIGRATIONS) + 1):
            MIGRATIONS[version - 1](self.engine)
            with self.engine.begin() as connection:
                connection.execute(schema_version.delete())
                connection.execute(insert(schema_version).values(version=version))

    def add_game(self, game_id: str, setup: dict[str, Any],
                 seats: list[dict[str, Any]]) -> None:
        with self.engine.begin() as connection:
            connection.execute(insert(games).values(
                id=game_id, setup=json.dumps(setup), seats=json.dumps(seats),
                created=time.time()))

    def add_answer(self, game_id: str, number: int, answer: Any) -> None:
        """Store answer ``number`` of the game; committed when this returns."""
        self.add_answers(game_id, number, [answer])

    def add_answers(self, game_id: str, number: int, given: list[Any]) -> None:
        """Store the answers ``number``, ``number + 1``... of the game in one transaction
        (an AI's turn: one commit); committed when this returns."""
        rows = [{"game_id": game_id, "number": number + k, "answer": json.dumps(answer)}
                for k, answer in enumerate(given)]
        # SQLite has one writer at a time, and a writer finding the database locked polls
        # it, sleeping up to 100 ms between tries (and fails after 5 s): under load that
        # made answers wait and fail. This process's writers queue on a lock instead,
        # each starting as soon as the one before has committed.
        writer = _SQLITE_WRITER if self.engine.dialect.name == "sqlite" else nullcontext()
        with writer, self.engine.begin() as connection:
            connection.execute(insert(answers), rows)

    def game(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            given = connection.execute(
                select(answers.c.answer).where(answers.c.game_id == game_id)
                .order_by(answers.c.number)).scalars().all()
        return StoredGame(row.id, json.loads(row.setup), json.loads(row.seats),
                          [json.loads(a) for a in given])

    def game_ids(self) -> list[str]:
        with self.engine.connect() as connection:
            return list(connection.execute(select(games.c.id)).scalars())

    # ------------------------------------------------------------------ saved squads
    def save_squad(self, name: str, xws: dict[str, Any], *, faction: str, points: int,
                   pilots: int) -> bool:
        """Store ``xws`` under ``name``, replacing a squad of that name; whether one was
        replaced."""
        row = {"name": name, "faction": faction, "points": points, "pilots": pilots,
               "xws": json.dumps(xws), "saved": time.time()}
        try:
            return self._replace_squad(name, row)
        except exc.IntegrityError:
            # a concurrent save of the same name inserted between this delete and insert
            return self._replace_squad(name, row)

    def _replace_squad(self, name: str, row: dict[str, Any]) -> bool:
        with self.engine.begin() as connection:
            # delete and insert, not an upsert: the same SQL on SQLite and PostgreSQL
            replaced = connection.execute(
                delete(squads).where(squads.c.name == name)).rowcount > 0
            connection.execute(insert(squads).values(**row))
        return replaced

    def squad_list(self) -> list[dict[str, Any]]:
        """Every saved squad's name, faction, points and number of pilots, by name."""
        with self.engine.connect() as connection:
            rows = connection.execute(select(squads.c.name, squads.c.faction,
                                             squads.c.points, squads.c.pilots)).all()
        return sorted(({"name": r.name, "faction": r.faction, "points": r.points,
                        "pilots": r.pilots} for r in rows),
                      key=lambda entry: (entry["name"].casefold(), entry["name"]))

    def squad_xws(self, name: str) -> dict[str, Any] | None:
        with self.engine.connect() as connection:
            found = connection.execute(
                select(squads.c.xws).where(squads.c.name == name)).scalar()
        return None if found is None else dict(json.loads(found))

    def delete_squad(self, name: str) -> bool:
        """Forget the squad ``name``; whether there was one."""
        with self.engine.begin() as connection:
            return connection.execute(
                delete(squads).where(squads.c.name == name)).rowcount > 0


def with_driver(url: str | URL) -> str | URL:
    """``url`` with PostgreSQL's driver named: a bare postgresql:// means psycopg 3, the
    postgres extra's driver (SQLAlchemy before 2.1 would look for psycopg2)."""
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        return parsed.set(drivername="postgresql+psycopg")
    return url


#: Taken by each answer's SQLite transaction (Store.add_answer).
_SQLITE_WRITER = threading.Lock()


def _sqlite_durable(connection: Any, _record: Any) -> None:
    # every commit reaches the disk before it returns: a killed server loses nothing
    # it acknowledged
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.close()


__all__ = ["MIGRATIONS", "Store", "StoredGame", "token_digest"]
