"""The project as a user installs it: a wheel built from the checkout, installed in a fresh
virtual environment, prints the shipped games from any folder without reading the checkout.

Slow (it builds a wheel and installs the dependencies into a new environment, from pip's cache
or PyPI); a network failure there fails the test with pip's own message.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pypdf
import pytest

from generator import __version__
from generator.build import BuildRequest, build
from tests.pdf import embedded_fonts

REPO = Path(__file__).resolve().parent.parent
SHIPPED = ("templates", "card_data", "schemas", "scaffolds")
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


def test_installed_pnp_builds_gears_from_an_empty_folder_with_its_own_data(
    wheel: Path, tmp_path: Path
) -> None:
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", venv], cwd=tmp_path, env=_clean_env())
    # A new user's cache, empty: the tests' own holds the checkout's builds of Gears, which the
    # installed pnp would copy instead of printing them.
    env = {**_clean_env(venv), "PNP_CACHE_DIR": str(tmp_path / "cache")}
    # --no-compile: pip would compile every module of every dependency (half the install's
    # time); the ones pnp imports are compiled when it first runs.
    install = [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "--no-compile", wheel]
    _run(install, cwd=tmp_path, env=env)

    empty = tmp_path / "empty"
    empty.mkdir()
    where = json.loads(
        _run(
            [
                venv / "bin" / "python",
                "-c",
                "import generator as g, json; print(json.dumps([g.__file__, str(g.PROJECT_ROOT),"
                " str(g.DEFAULT_DATA_DIR), str(g.TEMPLATES_DIR)]))",
            ],
            cwd=empty,
            env=env,
        )
    )
    for path in map(Path, where):
        assert path.resolve().is_relative_to(venv.resolve()), f"{path} is not in the new venv"
        assert not path.resolve().is_relative_to(REPO), f"{path} is in the checkout"
    assert Path(where[2]).name == "card_data"
    assert (Path(where[3]) / "_common" / "fonts" / "LICENSE-Apache-2.0.txt").is_file()

    out = tmp_path / "prints"
    command = [venv / "bin" / "pnp", "build", "gears", "--lang", *LANGS, "--out", out]
    _run(command, cwd=empty, env=env)
    assert list(empty.iterdir()) == []
    written = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert written == GEARS_FILES

    # The installed pnp prints what the checkout prints: the same pages, the same fonts.
    reference = tmp_path / "reference"
    build(BuildRequest(REPO / "card_data", reference, ("gears",), LANGS))
    for name in sorted(GEARS_FILES):
        pdf, expected = (out / name).read_bytes(), (reference / name).read_bytes()
        assert pdf.startswith(b"%PDF-"), name
        pages = len(pypdf.PdfReader(out / name).pages)
        assert pages == len(pypdf.PdfReader(reference / name).pages), name
        assert pages >= 2, name
        assert embedded_fonts(pdf) == embedded_fonts(expected), name
