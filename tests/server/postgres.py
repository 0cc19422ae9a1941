"""A throwaway PostgreSQL server for the tests of ``tallon serve --database postgresql://``.

``Cluster.start()`` runs ``initdb`` into a new temporary folder and starts ``postgres`` on
a free port of 127.0.0.1 (trust authentication, no fsync: a test cluster that is thrown
away), and ``stop()`` shuts it down and removes the folder. PostgreSQL refuses to run as
root, so as root both run as the ``postgres`` user (Debian's package makes it), or
``nobody``. The binaries are looked for in ``/usr/lib/postgresql/*/bin`` (Debian), then on
PATH.

``unavailable()`` says what is missing (the server's binaries, or the psycopg driver):
the tests skip on a developer's machine without them, and fail under CI (``CI`` set), where
the required tests must run.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

from tests.server.helpers import free_port

USER = "tallon"  # the cluster's superuser (trust authentication, no password)


def binaries() -> Path | None:
    """The folder holding ``initdb`` and ``postgres`` (the newest Debian version first)."""
    def version(folder: str) -> tuple[int, ...]:
        number = Path(folder).parent.name
        return tuple(int(part) for part in number.split(".") if part.isdigit())

    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True):
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "postgres").is_file():
            return Path(folder)
    initdb, server = shutil.which("initdb"), shutil.which("postgres")
    if initdb and server and Path(initdb).parent == Path(server).parent:
        return Path(initdb).parent
    return None


def unavailable() -> str | None:
    """Why a PostgreSQL test cannot run here, or None when it can."""
    if binaries() is None:
        return ("PostgreSQL's initdb and postgres were not found in /usr/lib/postgresql/*/bin "
                "or on PATH (Debian: apt-get install -y --no-install-recommends postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the psycopg driver is not installed (pip install -e '.[dev]')"
    return None


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() not in {"", "0", "false", "no"}


def _unprivileged() -> pwd.struct_passwd | None:
    """The user to run PostgreSQL as when we are root (it refuses root), else None."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("running as root and there is neither a postgres nor a nobody user "
                       "to run PostgreSQL as")


class Cluster:
    """A PostgreSQL server of its own, in a temporary folder, on 127.0.0.1:``port``."""

    def __init__(self) -> None:
        self.port = free_port()
        self.folder: Path | None = None
        self.process: subprocess.Popen[bytes] | None = None

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def start(self, timeout: float = 30) -> Cluster:
        bin_folder = binaries()
        assert bin_folder is not None, unavailable()
        user = _unprivileged()
        # not under pytest's tmp_path: its folders are private to root, and the server's
        # user must reach its data folder
        self.folder = Path(tempfile.mkdtemp(prefix="tallon-postgres-"))
        as_user: dict = {}
        if user is not None:
            os.chown(self.folder, user.pw_uid, user.pw_gid)
            as_user = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
        data = self.folder / "data"
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C",
               "HOME": str(self.folder)}
        initdb = subprocess.run(
            [str(bin_folder / "initdb"), "-D", str(data), "-U", USER, "--auth=trust",
             "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions"],
            cwd=self.folder, env=env, capture_output=True, **as_user)
        if initdb.returncode != 0:
            self.stop()
            raise RuntimeError(f"initdb failed ({initdb.returncode}): "
                               f"{(initdb.stderr or initdb.stdout).decode(errors='replace')}")
        log = open(self.folder / "postgres.log", "wb")  # noqa: SIM115 - the server's own
        with log:
            self.process = subprocess.Popen(
                [str(bin_folder / "postgres"), "-D", str(data), "-p", str(self.port),
                 "-k", str(self.folder), "-c", "listen_addresses=127.0.0.1",
                 "-c", "fsync=off", "-c", "synchronous_commit=off",
                 "-c", "full_page_writes=off", "-c", "max_connections=50"],
                cwd=self.folder, env=env, stdout=log, stderr=subprocess.STDOUT,
                start_new_session=True, **as_user)
        self._wait_ready(timeout)
        return self

    def _wait_ready(self, timeout: float) -> None:
        import psycopg

        assert self.process is not None
        deadline = time.monotonic() + timeout
        while True:
            try:
                with psycopg.connect(self.url(), connect_timeout=2):
                    return
            except psycopg.OperationalError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    said = self.log()
                    self.stop()
                    raise RuntimeError(f"PostgreSQL did not start:\n{said}") from None
                time.sleep(0.05)

    def log(self) -> str:
        assert self.folder is not None
        path = self.folder / "postgres.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def create_database(self, name: str) -> str:
        """A new empty database; its SQLAlchemy URL."""
        import psycopg
        from psycopg import sql

        with psycopg.connect(self.url(), autocommit=True) as connection:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def query(self, database: str, statement: str) -> list[tuple]:
        """The rows of a query."""
        import psycopg

        with psycopg.connect(self.url(database)) as connection:
            return list(connection.execute(statement).fetchall())

    def execute(self, database: str, statement: str) -> None:
        """Run a statement that returns no rows, committed."""
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True) as connection:
            connection.execute(statement)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # "fast" shutdown
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self.process = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None
