"""What a stranger's cache entry, a full disk or a whole build must never do: crash on a cache
entry that is not what it should be, follow a link inside the cache, leave a staged file behind
on a full disk, or open a file outside the project, the output folder, the cache and the
libraries. (Hostile card data, templates and expansions are cases of the bad-input corpus.)"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from generator import DEFAULT_DATA_DIR, PACKAGE_DIR, TEMPLATES_DIR
from generator.runtime.cache import DIGEST, MAGIC, MAX_ENTRY
from tests.conftest import DataCopy, Result
from tests.test_bad_inputs import snapshot, watching

Pnp = Callable[..., Result]


def entries(cache: Path) -> list[Path]:
    return sorted(path for path in cache.glob("??/*") if not path.name.startswith("."))


def planted(payload: bytes) -> bytes:
    """An entry holding ``payload`` with the right digest: only its content is wrong."""
    return MAGIC + hashlib.sha256(payload).digest() + payload


def build_tiny(pnp: Pnp, tiny: DataCopy, out: Path, cache: Path, *more: str) -> Result:
    return pnp(
        "build", "tiny", "--data", tiny.root, "--out", out, "--cache", cache, "--jobs", "1", *more
    )


@pytest.fixture
def cached(pnp: Pnp, tiny: DataCopy, tmp_path: Path) -> tuple[Path, dict[str, bytes]]:
    """A cache filled by a build of the fixture game, and what that build wrote."""
    first = build_tiny(pnp, tiny, tmp_path / "first", tmp_path / "cache")
    assert first.code == 0, first.err
    return tmp_path / "cache", snapshot(tmp_path / "first")


def listed_twice(path: str) -> bytes:
    """A listing that names ``path`` twice, each entry well formed."""
    item = {"path": path, "digest": "0" * 64, "kind": "cards", "paper": "a4", "pages": 1}
    item |= {"cards": 1, "saved": 0, "ink": [[20.0, 250.0]], "sides": [""]}
    return json.dumps([item, item]).encode()


PLANTED = {
    "binary": b"\xff\xfe\x00binary",
    "listing-of-a-number": b'[{"path": 5}]',
    "listing-out-of-the-folder": b'[{"path": "../../x"}]',
    "listing-twice": listed_twice("tiny/uk/cards-a4.pdf"),
    "listing-with-a-nul": listed_twice("a\u0000"),
    "face-art-half": b"{}\n%PDF-1.4",
    "face-art-at-infinity": b'{"box": [Infinity, 0, 1, 1], "fonts": {}}\n%PDF-1.4\n%%EOF',
    "face-art-of-a-short-raster": (
        b'{"box": [0, 0, 1, 1], "fonts": {}, "raster": [1, 1]}\nxx%PDF-1.4\n%%EOF'
    ),
    "nested-deeper-than-python": b"[" * 100_000,
    "empty": b"",
}
"""Payloads a stranger could plant under every key, each with its right digest."""


@pytest.mark.parametrize("payload", PLANTED.values(), ids=PLANTED.keys())
def test_a_planted_entry_is_a_miss_and_removed(
    pnp: Pnp, tiny: DataCopy, tmp_path: Path, cached: tuple[Path, dict[str, bytes]], payload: bytes
) -> None:
    cache, made = cached
    for entry in entries(cache):
        entry.write_bytes(planted(payload))
    again = build_tiny(pnp, tiny, tmp_path / "again", cache)
    assert (again.code, again.err) == (0, "")
    assert snapshot(tmp_path / "again") == made
    kept = [entry for entry in entries(cache) if entry.read_bytes() == planted(payload)]
    assert len(kept) < len(entries(cache)) / 2, "the entries the build asked for were replaced"


def test_a_sparse_entry_of_gigabytes_is_never_read(
    pnp: Pnp, tiny: DataCopy, tmp_path: Path, cached: tuple[Path, dict[str, bytes]]
) -> None:
    cache, made = cached
    huge = len(MAGIC) + DIGEST + MAX_ENTRY + 1
    for entry in entries(cache):
        with entry.open("r+b") as stream:
            stream.truncate(6 * 1024**3)  # sparse: no disk used, 6 GB to whoever reads it
    again = build_tiny(pnp, tiny, tmp_path / "again", cache)
    assert (again.code, again.err) == (0, "")
    assert snapshot(tmp_path / "again") == made
    assert all(entry.stat().st_size < huge for entry in entries(cache)), "refused and replaced"


def test_an_entry_linked_out_of_the_cache_is_never_opened(
    pnp: Pnp,
    tiny: DataCopy,
    tmp_path: Path,
    cached: tuple[Path, dict[str, bytes]],
) -> None:
    cache, made = cached
    secret = tmp_path / "secret"
    for entry in entries(cache):
        secret.write_bytes(entry.read_bytes())  # even an entry's own bytes, once outside
        entry.unlink()
        entry.symlink_to(secret)
    with watching([str(secret)]) as opened:
        again = build_tiny(pnp, tiny, tmp_path / "again", cache)
    assert opened == []
    assert (again.code, again.err) == (0, "")
    assert snapshot(tmp_path / "again") == made


def test_cache_folders_linked_elsewhere_are_neither_read_nor_written(
    pnp: Pnp, tiny: DataCopy, tmp_path: Path
) -> None:
    cache, elsewhere = tmp_path / "cache", tmp_path / "elsewhere"
    cache.mkdir()
    elsewhere.mkdir()
    for number in range(256):
        (cache / f"{number:02x}").symlink_to(elsewhere)
    with watching([str(elsewhere)]) as opened:
        made = build_tiny(pnp, tiny, tmp_path / "out", cache)
    assert (made.code, made.err) == (0, "")
    assert opened == []
    assert list(elsewhere.iterdir()) == []
    assert pnp("clean", "--cache", cache).code == 0
    assert list(elsewhere.iterdir()) == []


def test_a_game_of_more_bytes_than_pnp_reads_is_refused_before_they_are_read(
    pnp: Pnp, tmp_path: Path
) -> None:
    """Twenty sparse files of 15 MB (nothing on disk, 300 MB to whoever reads them) in an
    expansion's templates: the digests of the game's inputs stop at 256 MB, in one line."""
    assert pnp("new", "expansion", "night", "--game", "gears", "--dir", tmp_path).code == 0
    (tmp_path / "night" / "templates").mkdir()
    for number in range(20):
        with (tmp_path / "night" / "templates" / f"art-{number:02}.png").open("wb") as stream:
            stream.truncate(15 * 1024**2)
    result = pnp("validate", "gears", "--with", tmp_path / "night", "--cache", tmp_path / "c")
    assert (result.code, result.err) == (
        1,
        "night/templates: more than 256 MB of files in the game's folders: refused\n"
        "1 problem found.\n",
    )


# --- a full disk ---------------------------------------------------------------------------


def full_disk(tmp_path: Path) -> list[str]:
    """A command prefix that runs what follows with a 64 KB file system at ``tmp_path/full``
    (a tmpfs mounted in a mount namespace of its own); skips where none can be made."""
    (tmp_path / "full").mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=64k", "none", str(tmp_path / "full")]
    for prefix in (["unshare", "--mount"], ["unshare", "--user", "--map-root-user", "--mount"]):
        probe = [*prefix, "sh", "-c", f"{' '.join(mount)} && echo ok"]
        try:
            made = subprocess.run(probe, capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.TimeoutExpired):
            continue
        if made.stdout.strip() == "ok":
            return [*prefix, "sh", "-c", f'{" ".join(mount)} && exec "$@"', "full-disk"]
    pytest.skip("cannot mount a small file system here (needs unshare and mount namespaces)")


def test_a_full_disk_is_one_line_and_leaves_nothing(tmp_path: Path) -> None:
    out = tmp_path / "full" / "out"
    command = [sys.executable, "-m", "generator", "build", "gears", "--lang", "en"]
    command += ["--out", str(out), "--no-cache", "--jobs", "2"]
    ran = subprocess.run(
        [*full_disk(tmp_path), *command],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    lines = [line for line in ran.stderr.splitlines() if not line.startswith("done: ")]
    assert ran.returncode == 1, ran.stderr
    assert len(lines) == 1
    assert lines[0].startswith(f"error: cannot write {out}/gears/en/")
    assert lines[0].endswith(".pdf: No space left on device")


# --- what a whole build opens ---------------------------------------------------------------

AUDITED = """
import os, sys
log = os.open(sys.argv[1], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
def hook(event, args):
    if event == "open" and isinstance(args[0], (str, bytes)):
        os.write(log, os.fsencode(os.path.abspath(os.fsdecode(args[0]))) + b"\\n")
sys.addaudithook(hook)
from generator.cli import main
sys.exit(main(sys.argv[2:]))
"""
"""A ``pnp`` that writes the path of every file it (or a worker it forks) opens to a log."""


def allowed(tmp_path: Path) -> tuple[list[str], list[str]]:
    """The folders a build may open files in, and the single files besides."""
    temp = tempfile.gettempdir()
    folders = [
        str(DEFAULT_DATA_DIR),
        str(TEMPLATES_DIR),
        str(PACKAGE_DIR),
        str(tmp_path / "out"),
        str(tmp_path / "cache"),
        *{sys.prefix, sys.base_prefix, sys.exec_prefix},
        *(entry for entry in sys.path if entry and os.path.isdir(entry)),
        "/usr/share/zoneinfo",  # the system's time zones (the PDFs' dates are fixed: UTC)
        os.path.join(temp, "pnp-"),  # pnp's own scratch folders (fontconfig, a build's)
    ]
    home = os.path.expanduser("~")
    files = [
        "/dev/null",
        temp,  # Python's tempfile probes the folder once with a file of a random name
        os.path.join(home, ".reportlab_settings"),  # reportlab's own settings, if the user
        os.path.join(home, ".reportlab_mods"),  # has any: the user's, not a stranger's
    ]
    return folders, files


def outside(opened: list[str], tmp_path: Path) -> list[str]:
    folders, files = allowed(tmp_path)
    temp = tempfile.gettempdir()

    def fine(path: str) -> bool:
        if path in files or any(path.startswith(f.rstrip(os.sep)) for f in folders):
            return True
        return os.path.dirname(path) == temp  # a random name tempfile tried (no data)

    return sorted({path for path in opened if not fine(path)})


def test_a_build_opens_nothing_outside_the_project_output_cache_and_libraries(
    tmp_path: Path,
) -> None:
    """Every game, cold then warm (from the cache), in one language: another language reads
    the same kinds of files (every locale file is read and hashed either way) and only draws
    more faces."""
    log = tmp_path / "opened.log"
    command = [sys.executable, "-c", AUDITED, str(log), "build", "--lang", "en"]
    command += ["--out", str(tmp_path / "out"), "--cache", str(tmp_path / "cache")]
    for _ in ("cold", "warm"):
        ran = subprocess.run(command, capture_output=True, text=True, timeout=600)
        assert ran.returncode == 0, ran.stderr
    opened = log.read_text(encoding="utf-8").splitlines()
    assert any(path.startswith(str(DEFAULT_DATA_DIR)) for path in opened), "the log works"
    assert any(path.startswith(str(tmp_path / "cache")) for path in opened)
    assert outside(opened, tmp_path) == []


def test_the_audit_sees_a_file_read_from_elsewhere(tmp_path: Path) -> None:
    """The check above can fail: a template that reads an image from another folder (as a
    build would, were its door open) shows in the log, outside."""
    stray = tmp_path / "stray.txt"
    stray.write_text("x")
    log = tmp_path / "opened.log"
    code = textwrap.dedent(AUDITED).replace(
        "from generator.cli import main", f"open({str(stray)!r}).close()\nmain = lambda a: 0"
    )
    subprocess.run([sys.executable, "-c", code, str(log)], check=True, timeout=60)
    assert outside(log.read_text(encoding="utf-8").splitlines(), tmp_path) == [str(stray)]
