"""What one build computes and the next may reuse, kept as files: a per-user folder of the system's temporary folder
per kind of thing (a data file's validated content, a module's bytecode, a commit's changes), a file per key. The
key is a digest of everything the thing is computed from, so a file is never stale: it is right or absent. One kind
is a guess rather than a result, kept under its name: a book's page numbers as they last settled
(codex/book/typeset.py), which the layout checks.

A cache that cannot be read or written is no cache (the thing is computed again); a folder that is not this user's
own is not used (another user could have put files there). A file is written whole or not at all: two builds may
write the same one at once.
"""

from __future__ import annotations

import hashlib
import os
import stat
import tempfile
from pathlib import Path


def digest(*parts: str | bytes) -> str:
    """A key from the parts a thing is computed from."""
    hashed = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        hashed.update(len(data).to_bytes(8, "big") + data)
    return hashed.hexdigest()


class KeptFiles:
    """The files of one kind, `<temporary folder>/codex-<kind>-<user>/<key><suffix>`."""

    def __init__(self, kind: str, suffix: str) -> None:
        user = os.getuid() if hasattr(os, "getuid") else "user"
        self.folder = Path(tempfile.gettempdir()) / f"codex-{kind}-{user}"
        self.suffix = suffix

    def usable(self) -> bool:
        """The folder exists (made if need be) and is this user's own, writable by no one else."""
        try:
            self.folder.mkdir(mode=0o700, exist_ok=True)
            status = self.folder.stat()
        except OSError:
            return False
        own = not hasattr(os, "getuid") or status.st_uid == os.getuid()
        return own and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)

    def read(self, key: str) -> bytes | None:
        """The file kept under `key`, or None."""
        if not self.usable():
            return None
        try:
            return (self.folder / f"{key}{self.suffix}").read_bytes()
        except OSError:
            return None

    def write(self, key: str, data: bytes) -> None:
        """Keep `data` under `key`."""
        if not self.usable():
            return
        path = self.folder / f"{key}{self.suffix}"
        try:
            temporary = path.with_suffix(f".{os.getpid()}.tmp")
            temporary.write_bytes(data)
            temporary.replace(path)
        except OSError:
            pass
