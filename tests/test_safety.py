"""What a stranger's file must never do: write or read outside the project and ``--out``, take the
machine's memory, or end in a traceback; and what the build does when drawing fails late."""

from __future__ import annotations

import base64
import gc
import io
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PIL import Image

from generator.render import assets, draw
from tests.conftest import DataCopy
from tests.test_bad_inputs import snapshot


def tree(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` except the output folder, links included as their target."""
    return {
        name: content for name, content in snapshot(folder).items() if not name.startswith("out/")
    }


@pytest.mark.parametrize(
    ("file", "old", "new"),
    [
        ("game.yaml", 'card_id: "wagon-{number:02d}"', 'card_id: "../x-{number}"'),
        ("game.yaml", 'card_id: "wagon-{number:02d}"', 'card_id: "../../../../escaped-{number}"'),
        ("game.yaml", 'card_id: "locomotive-{id}"', 'card_id: "{id.__class__.__init__}"'),
        ("decks/locomotives.yaml", "{id: red,", "{id: ../../red,"),
    ],
)
def test_a_card_id_never_writes_outside_out(
    data: DataCopy, tmp_path: Path, pnp, file: str, old: str, new: str
) -> None:
    data.edit(f"game_of_trains/{file}", old, new)
    before = tree(tmp_path)
    result = pnp("build", "game_of_trains", "--png", "--data", data.root, "--out", tmp_path / "out")
    assert result.code == 1
    assert f"game_of_trains/{file}:" in result.err
    assert tree(tmp_path) == before
    assert not (tmp_path / "out").exists()


def test_an_attribute_pattern_copies_nothing_from_the_environment(
    data: DataCopy, pnp, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PNP_SECRET", "hunter2")
    pattern = "{id.__init__.__globals__[os].environ[PNP_SECRET]}"
    data.edit("game_of_trains/game.yaml", 'card_id: "locomotive-{id}"', f'card_id: "{pattern}"')
    result = pnp("validate", "game_of_trains", "--data", data.root)
    assert result.code == 1
    assert "hunter2" not in result.err + result.out
    line = data.line_of("game_of_trains/game.yaml", pattern)
    assert result.err.startswith(f"game_of_trains/game.yaml:{line}: decks.locomotives.card_id: ")


@pytest.fixture
def linked_template(data: DataCopy) -> Path:
    """A template of the data copy's Game of Trains that is a link to a file outside
    ``templates/``."""
    link = data.templates("game_of_trains") / "zz-outside.svg.j2"
    link.symlink_to("/etc/hostname")
    return link


def test_links_out_of_templates_and_card_data_are_refused_unread(
    data: DataCopy, tmp_path: Path, pnp, linked_template: Path
) -> None:
    secret = tmp_path / "secret.yaml"
    secret.write_text("language: Secret\ntitle: SECRET-TITLE\n", encoding="utf-8")
    (data.root / "game_of_trains" / "locales" / "fr.yaml").symlink_to(secret)
    data.edit("game_of_trains/game.yaml", "front: locomotive.svg.j2", "front: zz-outside.svg.j2")
    result = pnp("build", "game_of_trains", "--data", data.root, "--out", tmp_path / "out")
    line = data.line_of("game_of_trains/game.yaml", "zz-outside")
    assert result.code == 1
    assert result.err.splitlines() == [
        f"game_of_trains/game.yaml:{line}: decks.locomotives.front: "
        "templates/game_of_trains/zz-outside.svg.j2 links outside templates/ "
        "(to /etc/hostname): refused",
        f"game_of_trains/locales/fr.yaml: links outside card_data/ (to {secret}): refused",
        "2 problems found; nothing was written.",
    ]
    assert "SECRET-TITLE" not in result.err
    assert not (tmp_path / "out").exists()


def test_an_alias_bomb_costs_under_a_second_and_100_mb(tmp_path: Path) -> None:
    """The billion-laughs file, loaded in a fresh process that reports its own CPU time for the
    load and its peak memory: measured by the process, not a wall clock."""
    bomb = tmp_path / "en.yaml"
    rows = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    rows += [
        f"{b}: &{b} [{', '.join(['*' + a] * 9)}]"
        for a, b in zip("abcdefgh", "bcdefghi", strict=True)
    ]
    bomb.write_text("\n".join(rows) + "\n", encoding="utf-8")
    probe = textwrap.dedent(f"""
        import json, time
        from pathlib import Path
        from generator.load.yaml_reader import load_yaml
        from generator.problems import ProblemLog
        log = ProblemLog("en.yaml")
        start = time.process_time()
        data = load_yaml(Path({str(bomb)!r}), log)
        cpu = time.process_time() - start
        # VmHWM: this process's peak since exec (ru_maxrss would include pytest's, inherited)
        status = Path("/proc/self/status").read_text()
        peak_mb = int(status.split("VmHWM:")[1].split()[0]) / 1024
        print(json.dumps({{"cpu": cpu, "peak_mb": peak_mb, "data": data,
                           "problems": [str(p) for p in log.problems]}}))
    """)
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=Path.cwd()
    )
    report = json.loads(done.stdout)
    assert report["problems"] == [
        "en.yaml:2: the alias *a is not allowed in card data: write the value out in full"
    ]
    assert report["data"] is None
    assert report["cpu"] < 1.0
    assert report["peak_mb"] < 100


def test_fontconfig_folder_is_private_unguessable_and_removed(tmp_path: Path) -> None:
    probe = textwrap.dedent("""
        import os, stat
        from generator.render.fonts import use_project_fonts
        use_project_fonts()
        folder = os.path.dirname(os.environ["FONTCONFIG_FILE"])
        print(folder, oct(stat.S_IMODE(os.stat(folder).st_mode)))
    """)
    runs = [
        subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
        for _ in range(2)
    ]
    folders = [run.stdout.split()[0] for run in runs]
    assert [run.stdout.split()[1] for run in runs] == ["0o700", "0o700"]
    assert folders[0] != folders[1]  # not a name another user could plant a link at
    assert not any(Path(folder).exists() for folder in folders)  # removed at exit


def _png(width: int, height: int) -> bytes:
    output = io.BytesIO()
    Image.new("RGB", (width, height), (200, 30, 30)).save(output, "PNG")
    return output.getvalue()


@pytest.fixture
def image_template(data: DataCopy) -> Path:
    """A locomotive front of the data copy's Game of Trains that draws a PNG next to it
    (``zz-dot.png``) and one as a data URL."""
    folder = data.templates("game_of_trains")
    (folder / "zz-dot.png").write_bytes(_png(4, 4))
    inline = base64.b64encode(_png(2, 2)).decode()
    template = folder / "zz-images.svg.j2"
    template.write_text(
        "{% extends 'card.svg.j2' %}{% block face %}\n"
        '<image href="zz-dot.png" x="0" y="0" width="20" height="20"/>\n'
        f'<image href="data:image/png;base64,{inline}" x="30" y="0" width="20" height="20"/>\n'
        "{% endblock %}",
        encoding="utf-8",
    )
    return template


def test_relative_images_come_from_the_template_folder_whatever_the_directory(
    data: DataCopy, tmp_path: Path, pnp, image_template: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a dot.png here must not be what the template gets
    data.edit("game_of_trains/game.yaml", "front: locomotive.svg.j2", "front: zz-images.svg.j2")
    out = tmp_path / "out"
    result = pnp(
        "build", "game_of_trains", "--lang", "en", "--png", "--data", data.root, "--out", out
    )
    assert result.code == 0, result.err
    face = Image.open(tmp_path / "out/game_of_trains/en/png/locomotives/locomotive-red.png")
    px_per_mm = draw.PNG_DPI / 25.4

    def colour_at(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        """The pixel at (x, y) mm from the trim's corner (the PNG has 3 mm of bleed)."""
        return face.convert("RGB").getpixel(
            (round((3 + x_mm) * px_per_mm), round((3 + y_mm) * px_per_mm))
        )

    assert colour_at(10, 10) == (200, 30, 30)  # zz-dot.png beside the template
    assert colour_at(40, 10) == (200, 30, 30)  # the data: URL


def test_a_face_cairo_fails_on_at_build_leaves_earlier_output(
    tmp_path: Path, pnp, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Drawing fails after validation passed (a file removed meanwhile): one problem naming the
    face's template, exit 1, the earlier build untouched, and no cffi 'write to closed file'."""
    out = tmp_path / "out"
    assert pnp("build", "game_of_trains", "--lang", "en", "--out", out).code == 0
    before = snapshot(out)
    calls = 0

    drawn = draw.face

    def fail_on_the_twentieth(svg: str, folder: Path, fetch: assets.Fetcher) -> object:
        nonlocal calls
        calls += 1
        if calls == 20:
            raise assets.AssetError("templates/game_of_trains/gone.png: no such file")
        return drawn(svg, folder, fetch)

    monkeypatch.setattr(draw, "face", fail_on_the_twentieth)
    args = ("game_of_trains", "--lang", "en", "ru", "--out", out, "--no-cache", "--jobs", "1")
    result = pnp("build", *args)
    gc.collect()  # a cairo surface left unfinished would write to its closed file now
    assert result.code == 1
    assert result.err.endswith(
        "templates/game_of_trains/wagon.svg.j2: wagon-20 (en): "
        "templates/game_of_trains/gone.png: no such file\n"
        "1 problem found; nothing was written.\n"
    )
    assert "closed file" not in result.err
    assert snapshot(out) == before


def test_an_internal_error_is_one_line_and_exit_70(pnp, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(args: object) -> int:
        raise KeyError("deck")

    monkeypatch.setattr("generator.cli.list_games.run", broken)
    result = pnp("list")
    assert result.code == 70
    assert result.err.startswith(
        "pnp: internal error (a bug in pnp, not in your files): KeyError: 'deck' "
        "at generator/cli/__init__.py:"
    )
    assert len(result.err.splitlines()) == 1
    assert "Traceback" not in result.err
    debug = pnp("--debug", "list")
    assert debug.code == 70
    assert "Traceback (most recent call last)" in debug.err


def test_rules_output_piped_to_a_closed_reader_is_quiet() -> None:
    done = subprocess.run(
        f"{sys.executable} -m generator list | head -1",
        shell=True,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ},
    )
    assert done.stdout == "break_the_code (2-4 players)\n"
    assert "Traceback" not in done.stderr


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in any folder: run as a user")
def test_an_out_folder_the_user_cannot_write_in(tmp_path: Path, pnp) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o500)
    result = pnp("build", "game_of_trains", "--out", locked / "out")
    assert result.code == 2
    assert result.err == f"pnp: error: --out {locked / 'out'}: no permission to write in {locked}\n"
