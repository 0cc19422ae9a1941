"""``tallon serve --database postgresql://...``: the same server, code and migrations as
with SQLite, on a real PostgreSQL server that the tests start for themselves
(tests/server/postgres.py) and over real HTTP (docs/server.md).

Without PostgreSQL's binaries or the psycopg driver these tests skip, except under CI
(``CI`` set), where they fail saying what to install.
"""

from __future__ import annotations

import subprocess
import uuid

import pytest

from tallon.server.store import MIGRATIONS, Store, metadata
from tests.cli.helpers import run, said
from tests.server.helpers import SCRIPT, Server, free_port
from tests.server.postgres import Cluster, in_ci, unavailable
from tests.server.test_api import new_game, play


@pytest.fixture(scope="module")
def cluster():
    missing = unavailable()
    if missing is not None:
        if in_ci():
            pytest.fail(f"the PostgreSQL tests must run in CI: {missing}", pytrace=False)
        pytest.skip(missing)
    running = Cluster().start()
    yield running
    running.stop()


def empty_database(cluster: Cluster) -> tuple[str, str]:
    """A new empty database of the cluster: its name and URL."""
    name = f"tallon_{uuid.uuid4().hex[:12]}"
    return name, cluster.create_database(name)


def test_the_migrations_make_every_table_on_an_empty_database_once(cluster):
    """Situation: the store opened on an empty PostgreSQL database, then again. Expected:
    psycopg 3 is the driver of a bare postgresql:// URL; the first opening makes every
    table and records the last schema version; the second changes nothing; a game and its
    answers are read back as written."""
    name, url = empty_database(cluster)
    store = Store(url)
    assert store.engine.dialect.name == "postgresql" and store.engine.dialect.driver == "psycopg"
    tables = "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
    assert {row[0] for row in cluster.query(name, tables)} == set(metadata.tables)
    assert cluster.query(name, "SELECT version FROM schema_version") == [(len(MIGRATIONS),)]
    store.add_game("g", {"seed": 1}, [{"player": 1, "kind": "human", "token_digest": "d"}])
    for number, answer in enumerate(["2FW", {"x": 1.5, "y": 2.0}, None]):
        store.add_answer("g", number, answer)
    store.engine.dispose()
    again = Store(url)
    assert cluster.query(name, "SELECT version FROM schema_version") == [(len(MIGRATIONS),)]
    stored = again.game("g")
    assert stored is not None and again.game_ids() == ["g"]
    assert stored.setup == {"seed": 1} and stored.answers == ["2FW", {"x": 1.5, "y": 2.0}, None]
    again.engine.dispose()


def test_a_killed_server_resumes_every_game_exactly_from_postgresql(cluster):
    """Situation: `tallon serve` on an empty PostgreSQL database; a human game and a game
    against the simple AI, part played; the server SIGKILLed and started again on the
    same database. Expected: every answer is in the database; every seat's message is
    identical after the restart, and play goes on."""
    name, url = empty_database(cluster)
    server = Server(database_url=url).start()
    try:
        games = [new_game(server, seed=5), new_game(server, seats=("human", "ai:simple"),
                                                     seed=6)]
        play(server, games[0][0], {1: games[0][1], 2: games[0][2]}, 25)
        play(server, games[1][0], {1: games[1][1]}, 20)
        before = {(g, t): server.call("GET", f"/api/games/{g}/view?token={t}")[1]
                  for g, one, two in games for t in (one, two)}
        server.kill()
        stored = dict(cluster.query(name, "SELECT game_id, count(*) FROM answers "
                                          "GROUP BY game_id"))
        assert stored[games[0][0]] == 25 and stored[games[1][0]] >= 20
        server.start()
        after = {(g, t): server.call("GET", f"/api/games/{g}/view?token={t}")[1]
                 for g, one, two in games for t in (one, two)}
        assert after == before
        play(server, games[0][0], {1: games[0][1], 2: games[0][2]}, 5)
    finally:
        server.stop()


def test_a_postgresql_url_that_cannot_be_used_is_refused_in_one_line(cluster):
    """Situation: `tallon serve` given a port where no PostgreSQL listens, a database that
    does not exist (with a password, which must not be shown), and a role that may not
    create tables. Expected: exit 2 and one line naming --database and the server's
    reason; the password replaced by ***."""
    nowhere = f"postgresql://tallon@127.0.0.1:{free_port()}/tallon"
    refused = run("serve", "--database", nowhere, "--port", "0")
    assert refused.exit_code == 2 and f"--database {nowhere}: " in said(refused.output)
    assert "Connection refused" in refused.output
    secret = cluster.url("nope").replace("tallon@", "tallon:s3cret@")
    unknown = run("serve", "--database", secret, "--port", "0")
    assert unknown.exit_code == 2 and 'database "nope" does not exist' in unknown.output
    assert "s3cret" not in unknown.output and "tallon:***@" in unknown.output
    name, _ = empty_database(cluster)
    cluster.execute("postgres", "CREATE ROLE guest LOGIN")
    # PostgreSQL 15's default, said here for older servers (where serve would start)
    cluster.execute(name, "REVOKE CREATE ON SCHEMA public FROM PUBLIC")
    guest = cluster.url(name).replace("tallon@", "guest@")
    forbidden = run("serve", "--database", guest, "--port", "0")
    assert forbidden.exit_code == 2 and "permission denied" in forbidden.output
    for result in (refused, unknown, forbidden):
        assert len(result.output.strip().splitlines()) == 1, result.output


def test_the_real_command_says_why_on_one_line_of_standard_error(cluster):
    """Situation: the installed `tallon serve` process given a database that does not
    exist. Expected: exit 2, nothing on standard output, one line on standard error."""
    url = cluster.url("missing")
    result = subprocess.run([SCRIPT, "serve", "--port", "0", "--database", url],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"error: --database {url}: connection failed: ")
    assert result.stderr.endswith('database "missing" does not exist\n')
    assert result.stderr.count("\n") == 1
