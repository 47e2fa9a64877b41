"""The project as a user installs it: a wheel built from the checkout, installed in a fresh
virtual environment, prints the shipped games from any folder without reading the checkout, and
what the README and pnp's messages name works there too.

Slow (it builds a wheel and installs the dependencies into a new environment, from pip's cache
or PyPI); a network failure there fails the test with pip's own message.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import urllib.request
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pypdf
import pytest

from generator import __version__
from generator.pipeline.build import build
from generator.pipeline.request import BuildRequest
from tests.conftest import SESSION_CACHE
from tests.pdf import embedded_fonts

REPO = Path(__file__).resolve().parent.parent
SHIPPED = ("templates", "card_data", "schemas", "scaffolds", "examples")
"""The repository's folders the wheel carries under ``generator/_data/``, with the README."""
README = (REPO / "README.md").read_text(encoding="utf-8")
LANGS = ("en", "uk")
"""Two languages, Latin and Cyrillic: each uses fonts of its own, and no more is needed to
show the wheel carries the data, templates and fonts of every language (the same files)."""
# Gears has no handouts: its build is the cards and the rules summary in each language.
GEARS_FILES = {
    f"gears/{lang}/{name}" for lang in LANGS for name in ("cards-a4.pdf", "rules-summary-a4.pdf")
}


def _missing_prerequisite() -> str | None:
    for module, why in (
        ("venv", "the standard library's venv module"),
        (
            "ensurepip",
            "ensurepip, to put pip in a new venv (Debian/Ubuntu: apt-get install python3-venv)",
        ),
        ("pip", "pip in the interpreter running the tests"),
    ):
        if importlib.util.find_spec(module) is None:
            return f"building and installing the wheel needs {why}; {module} is missing"
    return None


MISSING = _missing_prerequisite()
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


def _run(args: list[str | Path], cwd: Path, env: dict[str, str]) -> str:
    """Run a command; on failure, fail with its output (pip's own words on a network problem)."""
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, (
        f"{' '.join(map(str, args))} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    )
    return done.stdout


def _clean_env(venv: Path | None = None) -> dict[str, str]:
    """This environment without anything that could put the checkout on ``sys.path``."""
    leaks = {"PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "VIRTUAL_ENV"}
    env = {key: value for key, value in os.environ.items() if key not in leaks}
    env["PYTHONNOUSERSITE"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    if venv is not None:
        env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
    return env


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's wheel, built the way ``pip install .`` builds it (isolated build)."""
    dist = tmp_path_factory.mktemp("dist")
    _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", dist, REPO],
        cwd=dist,
        env=_clean_env(),
    )
    (built,) = dist.glob("*.whl")
    return built


def _repo_files(folder: str) -> dict[str, bytes]:
    root = REPO / folder
    return {
        path.relative_to(REPO).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_wheel_holds_the_code_the_templates_the_card_data_and_its_schemas_only(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        data = {
            name.removeprefix("generator/_data/"): archive.read(name)
            for name in names
            if name.startswith("generator/_data/")
        }
    tops = {name.split("/")[0] for name in names}
    assert tops == {"generator", f"pnp_cards-{__version__}.dist-info"}
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]

    shipped = {name: body for folder in SHIPPED for name, body in _repo_files(folder).items()}
    shipped["README.md"] = README.encode("utf-8")
    assert sorted(data) == sorted(shipped)
    assert [name for name in shipped if data[name] != shipped[name]] == []
    # The fonts travel with their licence.
    assert {"LICENSE-Apache-2.0.txt", "README.md"} <= {
        Path(name).name for name in data if name.startswith("templates/_common/fonts/")
    }

    code = {p.relative_to(REPO).as_posix() for p in (REPO / "generator").rglob("*.py")}
    assert code <= set(names)
    tables = {p.relative_to(REPO).as_posix() for p in (REPO / "generator").rglob("*.yaml")}
    assert {"generator/export/targets/tgc.yaml", "generator/export/targets/mpc.yaml"} <= tables
    assert tables <= set(names)  # the print shops' tables travel with the code
    preview = {
        f"generator/preview/{name}" for name in ("page.html.j2", "preview.js", "preview.css")
    }
    assert preview <= set(names)  # and the preview's page


def test_every_file_the_readme_names_in_the_shipped_folders_is_in_the_wheel(wheel: Path) -> None:
    """Issue 33: a path the README names (``card_data/<game>/game.yaml``,
    ``examples/gear_and_piston/runabout.yaml``, ``generator/geometry/registration.py``) is where
    an installed pnp keeps it too, under ``generator/_data/`` for all but the code; a ``<name>``
    stands for any one name."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    roots = "|".join([*SHIPPED, "generator"])
    named = {
        found.rstrip(".")
        for found in re.findall(rf"(?<![\w./<>-])(?:{roots})/[\w<>.*/+-]*", README)
    }
    assert "examples/gear_and_piston/runabout.yaml" in named
    missing = [path for path in sorted(named) if not any(map(_names(path).match, names))]
    assert missing == []


def _names(path: str) -> re.Pattern[str]:
    """What names the README's ``path`` in the wheel: a file, or a folder's files."""
    inside = path if path.startswith("generator/") else f"generator/_data/{path}"
    parts = re.split(r"(<[^>]*>|\*)", inside.rstrip("/"))
    wild = {"*": "[^/]*"}
    return re.compile(
        "".join("[^/]+" if p.startswith("<") else wild.get(p, re.escape(p)) for p in parts)
        + "(/|$)"
    )


@dataclass(frozen=True)
class Installed:
    """The wheel installed in a fresh virtual environment, run from an empty folder."""

    venv: Path
    env: dict[str, str]
    empty: Path

    def pnp(self, *args: str | Path) -> str:
        return _run([self.venv / "bin" / "pnp", *args], cwd=self.empty, env=self.env)


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Installed:
    root = tmp_path_factory.mktemp("installed")
    venv = root / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=root, env=_clean_env())
    # A new user's cache, empty: the tests' own holds the checkout's builds of Gears, which the
    # installed pnp would copy instead of printing them.
    env = {**_clean_env(venv), "PNP_CACHE_DIR": str(root / "cache")}
    # --no-compile: pip would compile every module of every dependency (half the install's
    # time); the ones pnp imports are compiled when it first runs, and kept for the next runs
    # even where the tests' environment says not to write bytecode (the venv is thrown away).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    install = [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-compile", wheel]
    _run(install, cwd=root, env=env)
    empty = root / "empty"
    empty.mkdir()
    return Installed(venv, env, empty)


def test_installed_pnp_builds_gears_from_an_empty_folder_with_its_own_data(
    installed: Installed, tmp_path: Path
) -> None:
    venv, empty = installed.venv, installed.empty
    where = json.loads(
        _run(
            [
                venv / "bin" / "python",
                "-c",
                "import generator as g, json; print(json.dumps([g.__file__, str(g.PROJECT_ROOT),"
                " str(g.DEFAULT_DATA_DIR), str(g.TEMPLATES_DIR)]))",
            ],
            cwd=empty,
            env=installed.env,
        )
    )
    for path in map(Path, where):
        assert path.resolve().is_relative_to(venv.resolve()), f"{path} is not in the new venv"
        assert not path.resolve().is_relative_to(REPO), f"{path} is in the checkout"
    assert Path(where[2]).name == "card_data"
    assert (Path(where[3]) / "_common" / "fonts" / "LICENSE-Apache-2.0.txt").is_file()

    out = tmp_path / "prints"
    installed.pnp("build", "gears", "--lang", *LANGS, "--out", out)
    assert list(empty.iterdir()) == []
    written = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert written == GEARS_FILES

    # The installed pnp prints what the checkout prints: the same pages, the same fonts. The
    # checkout's build goes through the tests' cache, which other test files fill with Gears.
    reference = tmp_path / "reference"
    build(BuildRequest(REPO / "card_data", reference, ("gears",), LANGS, cache=SESSION_CACHE))
    for name in sorted(GEARS_FILES):
        pdf, expected = (out / name).read_bytes(), (reference / name).read_bytes()
        assert pdf.startswith(b"%PDF-"), name
        pages = len(pypdf.PdfReader(out / name).pages)
        assert pages == len(pypdf.PdfReader(reference / name).pages), name
        assert pages >= 2, name
        assert embedded_fonts(pdf) == embedded_fonts(expected), name


def test_the_readmes_car_example_and_the_help_pnp_calibrate_names_work_installed(
    installed: Installed,
) -> None:
    """Issue 33: from a wheel, the README's car command found no file, and ``pnp calibrate``
    pointed to a README section that was not installed; it now names ``pnp help
    calibrating-duplex-backs`` (tests/test_calibration.py)."""
    command = re.search(r"^\$ pnp (rules gear_and_piston car .*)\n", README, re.MULTILINE)
    assert command is not None
    shown = README[command.end() :].split("```")[0]
    assert installed.pnp(*command[1].split()) == shown
    section = installed.pnp("help", "calibrating-duplex-backs")
    assert section.startswith("### Calibrating duplex backs\n")
    assert list(installed.empty.iterdir()) == []


def test_installed_pnp_makes_a_game_of_its_own_that_validates_builds_and_exports(
    installed: Installed, tmp_path: Path
) -> None:
    """Issue 35: ``pnp new game`` from a wheel writes a project whose game has no engine in
    Python, and every command a designer runs works on it."""
    project = tmp_path / "project"
    installed.pnp("new", "game", "mygame", "--dir", project)
    data = project / "card_data"
    assert installed.pnp("validate", "mygame", "--data", data).startswith("mygame: ok (")
    out = tmp_path / "out"
    installed.pnp("build", "mygame", "--data", data, "--lang", "en", "--out", out)
    assert sorted(p.name for p in (out / "mygame" / "en").iterdir()) == [
        "cards-a4.pdf",
        "rules-summary-a4.pdf",
    ]
    installed.pnp("export", "tgc", "mygame", "--data", data, "--lang", "en", "--out", out)
    assert any((out / "tgc").rglob("*.png"))
    installed.pnp("i18n", "export", "mygame", "--data", data, "--lang", "de", "--out", out)
    assert (out / "mygame" / "de.po").is_file()
    assert "<h1>Mygame <small>mygame</small></h1>" in _served(installed, data, "mygame")
    assert list(installed.empty.iterdir()) == []


def _served(installed: Installed, data: Path, game: str) -> str:
    """The page ``pnp serve`` shows of ``game``, fetched once it says where, then stopped."""
    command = [installed.venv / "bin" / "pnp", "serve", game, "--data", data, "--port", "0"]
    with subprocess.Popen(
        command, cwd=installed.empty, env=installed.env, stdout=subprocess.PIPE, text=True
    ) as process:
        try:
            assert process.stdout is not None
            lines = [process.stdout.readline() for _ in range(2)]
            address = re.search(r"http://\S+/", lines[1])
            assert address is not None, lines
            with urllib.request.urlopen(address[0], timeout=30) as page:
                return str(page.read().decode("utf-8"))
        finally:
            process.terminate()
