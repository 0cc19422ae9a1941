"""``tallon serve``'s bad input: refused at once with exit 2 and the reason (it is left
out of the generic CLI fuzz test because a good input runs until stopped)."""

from __future__ import annotations

import socket

from tests.cli.helpers import run, said


def test_a_database_url_that_cannot_be_used_is_refused():
    """Situation: an unknown database scheme, and an SQLite file where none can be made.
    Expected: exit 2 naming --database and the reason."""
    unknown = run("serve", "--database", "nonsense://x", "--port", "0")
    assert unknown.exit_code == 2 and "--database nonsense://x" in said(unknown.output)
    nowhere = run("serve", "--database", "sqlite:////proc/nope/x.db", "--port", "0")
    assert nowhere.exit_code == 2 and "unable to open database file" in said(nowhere.output)


def test_a_port_in_use_or_out_of_range_is_refused():
    """Situation: a port another socket holds, and port 99999. Expected: exit 2 saying it
    cannot listen there, and the accepted range."""
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        busy = run("serve", "--port", str(port))
    assert busy.exit_code == 2 and f"cannot listen on 127.0.0.1:{port}" in said(busy.output)
    assert run("serve", "--port", "99999").exit_code == 2


def test_a_host_that_is_not_an_address_is_refused():
    """Situation: --host with a name that does not resolve. Expected: exit 2."""
    result = run("serve", "--host", "no.such.host.invalid", "--port", "0")
    assert result.exit_code == 2 and "cannot listen on" in said(result.output)
