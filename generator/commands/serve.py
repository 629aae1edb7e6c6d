"""`parlour serve`: the games of a folder as a local web page, to read and to play (``generator.serve``)."""

from __future__ import annotations

import errno
import socket
from pathlib import Path

import click

from .common import InputError

#: The folder served when none is given: the games that come with Parlour.
CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen at host:port (in use, not an address here), or None."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        return f"--host: {host!r} is not an address of this machine"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                return f"--port: {port} is in use on {host} (another server?); choose another with --port"
            return f"--host: cannot listen on {host}:{port} ({exc.strerror})"
    return None


@click.command()
@click.argument("folder", required=False, type=click.Path())
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (this machine only by default).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="The port to listen on.")
def serve(folder: str | None, host: str, port: int) -> None:
    """Serve the games of FOLDER (default: the corpus) as a web page: each rulebook, and a table to
    play it against the bots. Stop it with Ctrl-C."""
    import uvicorn

    from ..serve import make_app

    root = Path(folder) if folder is not None else CORPUS
    if not root.is_dir():
        raise InputError(f"{root}: {'no such folder' if not root.exists() else 'not a folder'}")
    problem = port_problem(host, port)
    if problem:
        raise InputError(problem)
    click.echo(f"parlour: serving the games of {root} at http://{host}:{port}/ (Ctrl-C stops it)", err=True)
    uvicorn.run(make_app(root), host=host, port=port, log_level="warning")
