"""Reading a game's ``palette.yaml`` (and its expansions') into palettes: every colour name and
value checked at its line, and every palette naming exactly the colours ``standard`` names.
The names a build prints by (:data:`~generator.palettes.STANDARD` and its like) are shared by
every stage and live in :mod:`generator.palettes`."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from generator.load.expansions import PALETTE, Expansion
from generator.load.yaml_reader import Mapping, load_yaml
from generator.palettes import COLOUR, COLOUR_NAME, INK_SAVER, PALETTE_NAME, STANDARD, Palettes
from generator.problems import ProblemLog, clipped, shown


def load_palettes(
    data_dir: Path, game_id: str, expansions: tuple[Expansion, ...], log: ProblemLog
) -> Palettes:
    """The game's palettes with the expansions' laid over them in order (a colour they name
    replaces the game's; a palette they name that the game lacks is added); every problem
    goes to ``log``. A game without ``palette.yaml`` has one empty ``standard`` palette."""
    palettes: Palettes = {STANDARD: {}}
    where = _Where()
    sources = [(data_dir / game_id, log.for_file(f"{game_id}/{PALETTE}"))]
    sources += [(e.folder, log.for_file(e.label(PALETTE))) for e in expansions]
    for layer, (folder, file_log) in enumerate(sources):
        if (folder / PALETTE).exists() or (folder / PALETTE).is_symlink():
            raw = load_yaml(folder / PALETTE, file_log, folder)
            _lay_over(palettes, where, raw, _Place(file_log, 0, layer))
    _check_same_names(palettes, where)
    return palettes


@dataclass(frozen=True)
class _Place:
    """A line of one ``palette.yaml``, and which file it is in the order they are laid."""

    log: ProblemLog
    line: int
    layer: int

    def at(self, line: int) -> _Place:
        return replace(self, line=line)


@dataclass
class _Where:
    """Where each palette was first named, and where each colour of each palette last was: a
    problem is told at the line that made it (an expansion naming a colour in one palette only
    is told at its own line, not at the game's)."""

    palettes: dict[str, _Place] = field(default_factory=dict)
    colours: dict[tuple[str, str], _Place] = field(default_factory=dict)


def _lay_over(palettes: Palettes, where: _Where, raw: object, place: _Place) -> None:
    """Add the palettes of one ``palette.yaml`` (``raw``, as read at ``place``) to
    ``palettes``."""
    log = place.log
    if raw is None:
        return
    if not isinstance(raw, Mapping):
        log.add(1, "", f"expected palettes by name (standard, {INK_SAVER}), got {shown(raw)}")
        return
    for name, colours in raw.items():
        line = raw.line_of(name)
        if not isinstance(name, str) or not PALETTE_NAME.fullmatch(name):
            log.add(line, clipped(str(name)), "a palette's name is lower-case words joined by -")
            continue
        if not isinstance(colours, Mapping):
            log.add(line, name, f"expected colours by name, got {shown(colours)}")
            continue
        palette = palettes.setdefault(name, {})
        where.palettes.setdefault(name, place.at(line))
        for colour, value in colours.items():
            named, at = f"{name}.{clipped(str(colour))}", colours.line_of(colour)
            if isinstance(colour, str):
                where.colours[(name, colour)] = place.at(at)
            if not isinstance(colour, str) or not COLOUR_NAME.fullmatch(colour):
                log.add(at, named, "a colour's name is lower-case letters, digits and _")
            elif not isinstance(value, str) or not COLOUR.fullmatch(value):
                log.add(at, named, f'expected a colour like "#1f2a44", got {shown(value)}')
                palette[colour] = ""  # named, wrongly: not also missing (nothing prints)
            else:
                palette[colour] = value.lower()


def _check_same_names(palettes: Palettes, where: _Where) -> None:
    """Every palette names the colours ``standard`` names, and no others: a colour missing
    from a palette is told at the palette's line, or at the colour's in ``standard`` when a
    later file named it there (an expansion's new colour); a colour ``standard`` lacks, at its
    own line."""
    standard = palettes[STANDARD]
    for name, palette in palettes.items():
        if name == STANDARD or name not in where.palettes:
            continue
        first = where.palettes[name]
        missing = []
        for colour in (c for c in standard if c not in palette):
            added = where.colours[(STANDARD, colour)]
            if added.layer > first.layer:
                added.log.add(added.line, f"{STANDARD}.{colour}", f"the {name} palette lacks it")
            else:
                missing.append(colour)
        if missing:
            what = f"lacks {_listed(missing)}, which the {STANDARD} palette names"
            first.log.add(first.line, name, what)
        for colour in (c for c in palette if c not in standard):
            extra = where.colours[(name, colour)]
            extra.log.add(extra.line, f"{name}.{colour}", f"not in the {STANDARD} palette")


def _listed(colours: list[str]) -> str:
    return ", ".join(repr(colour) for colour in colours)
