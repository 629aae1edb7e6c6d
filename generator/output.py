"""Writing output files: each file whole or not at all, a set of files together or none of them,
no temporary file left behind, and one typed error, ``WriteError``, naming the path and the cause.

Every command writes through here so that a full disk, a read-only folder or a parent that is a
file gives the same one-line message everywhere (the command line turns ``WriteError`` into
exit 2), and so that an interruption cannot leave half a file or half a game behind: while a set
of files is written, Ctrl-C and SIGTERM are held back and delivered once the set is complete.

A set is written in two steps: every file goes to a temporary file beside its target (``.NAME.…
.tmp``), then every temporary file is renamed over its target. If anything fails, the temporary
files are removed, and so are the targets of this set that did not exist before (a file replaced
with ``--force`` keeps its new content: the old one is gone once the rename succeeded).
"""

from __future__ import annotations

import errno
import os
import signal
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

#: Signals held back while a set of files is written.
HELD_SIGNALS = (signal.SIGINT, signal.SIGTERM)
#: The longest name of a file we write (bytes): names are at most 255 bytes, and the temporary file
#: beside a target (``_make_temp``) adds a dot, a dot and 8 letters, and ".tmp" to the target's name.
NAME_MAX = 255 - 14


class WriteError(Exception):
    """An output file that cannot be written; the message names the file and says why."""

    def __init__(self, path: str | os.PathLike[str], reason: str):
        self.path, self.reason = Path(path), reason
        super().__init__(f"{path}: {reason}")


def exists_error(path: str | os.PathLike[str]) -> WriteError:
    """The refusal to replace a file without ``--force``."""
    return WriteError(path, "already exists (use --force to replace it)")


def check_writable(path: str | os.PathLike[str]) -> None:
    """Refuse, before long work, an output that surely cannot be written: a parent that is a
    file, or a folder without write permission. A best effort (a full disk shows only when
    writing, and permissions are not checked for root), so writing still reports its own errors."""
    path = Path(path)
    if len(os.fsencode(path.name)) > NAME_MAX or any(len(os.fsencode(part)) > 255 for part in path.parts):
        raise WriteError(path, "cannot write: a name in the path is too long")
    blocker = _file_in_the_way(path)
    if blocker is not None:
        raise WriteError(path, f"cannot write: {blocker} is a file, not a folder")
    folder = _nearest_folder(path)
    if not os.access(folder, os.W_OK | os.X_OK):
        raise WriteError(path, f"cannot write: no permission to write in {folder}")
    # Permission bits say nothing for root, on a read-only mount or in /proc: a temporary file
    # made where the write would make its own, and removed at once, finds those before long work.
    try:
        fd, tmp = _make_temp(path) if folder == path.parent else tempfile.mkstemp(dir=folder, suffix=".tmp")
    except OSError as exc:
        raise WriteError(path, cause(path, exc)) from None
    os.close(fd)
    _remove(Path(tmp))


def write_file(path: str | os.PathLike[str], data: str | bytes, overwrite: bool = False) -> None:
    """Write one file atomically; refuse to replace an existing file unless told to."""
    write_files([(Path(path), data)], overwrite=overwrite)


def write_files(files: Sequence[tuple[Path, str | bytes]], overwrite: bool = False) -> None:
    """Write every file of the set, or none of them (see the module's docstring). Text is UTF-8
    with ``\\n`` line ends. Raises WriteError naming the file that failed."""
    files = [(Path(p), data) for p, data in files]
    if not overwrite:
        for path, _ in files:
            if os.path.lexists(path):
                raise exists_error(path)
    with held_signals():
        _write_set(files)


def _write_set(files: list[tuple[Path, str | bytes]]) -> None:
    temps: list[tuple[str, Path]] = []
    made: list[Path] = []        # folders this set created, deepest last
    placed: list[Path] = []      # targets this set created (not those it replaced)
    current = files[0][0] if files else Path(".")
    try:
        for path, data in files:
            current = path
            missing = _missing_folders(path.parent)
            made += missing           # before mkdir, so that a half-made chain is taken back too
            if missing:
                path.parent.mkdir(parents=True, exist_ok=True)
            temps.append((_temp_copy(path, data), path))
        for tmp, path in temps:
            current = path
            new = not os.path.lexists(path)
            os.replace(tmp, path)
            if new:
                placed.append(path)
    except OSError as exc:
        _undo(temps, placed, made)
        raise WriteError(current, cause(current, exc)) from None
    except BaseException:
        _undo(temps, placed, made)
        raise


def _undo(temps: list[tuple[str, Path]], placed: list[Path], made: list[Path]) -> None:
    for tmp, _ in temps:
        _remove(Path(tmp))
    for path in placed:
        _remove(path)
    for folder in reversed(made):
        try:
            folder.rmdir()
        except OSError:  # not empty (another process wrote there), or already gone
            pass


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:  # nothing more can be done; the error that matters is the one being raised
        pass


def _missing_folders(folder: Path) -> list[Path]:
    """``folder`` and those of its parents that do not exist yet, outermost first."""
    missing = []
    f = folder
    while not os.path.lexists(f) and f != f.parent:
        missing.append(f)
        f = f.parent
    return list(reversed(missing))


def _temp_copy(path: Path, data: str | bytes) -> str:
    """``data`` in a new temporary file beside ``path``, with the permissions of an ordinary file
    (mkstemp makes files private)."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp = _make_temp(path)
    try:
        try:
            _fill(fd, raw)
        finally:
            os.close(fd)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
    except BaseException:
        _remove(Path(tmp))
        raise
    return tmp


def _make_temp(path: Path) -> tuple[int, str]:
    return tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")


def _fill(fd: int, raw: bytes) -> None:
    view = memoryview(raw)
    while view:
        view = view[os.write(fd, view):]


def cause(path: Path, exc: OSError) -> str:
    """Why ``path`` could not be written, in words (the errno's name when there are none)."""
    code = exc.errno
    if code in (errno.ENOTDIR, errno.EEXIST):
        blocker = _file_in_the_way(path)
        if blocker is not None:
            return f"cannot write: {blocker} is a file, not a folder"
    if code == errno.ENOSPC:
        return "cannot write: no space left on the disk"
    if code == getattr(errno, "EDQUOT", -1):
        return "cannot write: over the disk quota"
    if code == errno.EROFS:
        return "cannot write: the file system is read-only"
    if code == errno.ENAMETOOLONG:   # before any look at the path, which fails the same way
        return "cannot write: a name in the path is too long"
    if code in (errno.EACCES, errno.EPERM):
        return f"cannot write: no permission to write in {_nearest_folder(path)}"
    if code == errno.EISDIR or _is_folder(path):
        return "cannot write: it is a folder"
    name = errno.errorcode.get(code, exc.__class__.__name__) if code is not None else exc.__class__.__name__
    return f"cannot write: {exc.strerror or 'error'} ({name})"


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _nearest_folder(path: Path) -> Path:
    """The folder the file would go in, or the nearest parent of it that exists."""
    for parent in path.parents:
        if _is_folder(parent):
            return parent
    return path.parent


def _file_in_the_way(path: Path) -> Path | None:
    """The nearest parent of ``path`` that exists but is not a folder, if any."""
    for parent in path.parents:
        if os.path.lexists(parent):
            return None if _is_folder(parent) else parent
    return None


@contextmanager
def held_signals() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back until the block is done, then deliver them (so the handler
    in place, e.g. KeyboardInterrupt, acts only between sets of files). Only the main thread
    can install handlers; elsewhere the block runs as it is. Blocks nest: a signal held by an inner
    block is passed on to the outer one, so a caller can hold signals over a write and the
    bookkeeping after it (``with held_signals(): write_files(...); done += 1``)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    pending: list[int] = []

    def hold(signum: int, frame: object) -> None:
        pending.append(signum)

    before = {s: signal.signal(s, hold) for s in HELD_SIGNALS}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, signal.SIG_DFL if handler is None else handler)  # None: set outside Python
        if pending:
            signal.raise_signal(pending[0])
