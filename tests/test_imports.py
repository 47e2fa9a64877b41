"""The package's imports go down the stages of the pipeline, and form no cycle.

A build runs load -> validate -> render -> assemble -> write, and the code is layered to match
(:data:`STAGES`, bottom to top, the commands on top), but for one thing: a game's engine sits
above the drawing stages, since it describes its rules summary with them. An import up the
stages means some layer knows about one above it, which is how an engine came to be imported by
the loader that feeds it.
Every import counts, wherever it is written: at module level, under ``if TYPE_CHECKING:`` and
inside functions, since each is a dependency even when Python would forgive it at run time.
An import is an edge to the module it names; the parent packages Python initialises on the way
are not (a package whose ``__init__`` gathers its own modules would otherwise cycle with each
of them). A module imported by a name computed at run time is not seen: the registry imports
each game's engine and, when first asked, its ``pnp rules`` queries that way
(:mod:`generator.games.registry`), the one place that does.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from fnmatch import fnmatchcase
from pathlib import Path

import generator

PACKAGE = "generator"
SOURCE = Path(generator.__file__).parent
"""The package as imported (a checkout or an installed wheel alike)."""

Graph = dict[str, set[str]]


def module_name(path: Path) -> str:
    """``generator/games/base.py`` -> ``generator.games.base``; a package is its ``__init__``."""
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(SOURCE.rglob("*.py"))}
assert "generator.pipeline.build" in MODULES, f"no generator source under {SOURCE}"


def imported(source: str, package: str) -> Iterator[str]:
    """What a module of ``package`` with this source imports, anywhere in the file:
    ``from a import b`` yields ``a.b`` when that is a module, else ``a`` (``b`` is a name in it)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parent = package.split(".")[: len(package.split(".")) + 1 - node.level]
            named = [node.module] if node.module else []
            source_module = ".".join([*parent, *named] if node.level else named)
            for alias in node.names:
                submodule = f"{source_module}.{alias.name}"
                yield submodule if submodule in MODULES else source_module


def imports_of(module: str) -> set[str]:
    """The project modules ``module`` imports, itself left out."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = imported(path.read_text(encoding="utf-8"), package)
    return {target for target in found if target in MODULES and target != module}


def module_graph() -> Graph:
    return {module: imports_of(module) for module in MODULES}


def unit(module: str) -> str:
    """The package-level node of a module: ``generator`` itself, a top-level module, a
    subpackage of ``generator`` (``generator.games`` for every module of every game), or the
    part of one that :data:`STAGES` sets apart in a stage of its own (the games' ``pnp rules``
    queries, commands above the pipeline that loads the games they answer for)."""
    package = ".".join(module.split(".")[:2])
    apart = [
        pattern
        for _, patterns in STAGES
        for pattern in patterns
        if len(pattern) > len(package) and fnmatchcase(module, pattern)
    ]
    return max(apart, key=len, default=package)


def package_graph(modules: Graph) -> Graph:
    graph: Graph = {unit(module): set() for module in modules}
    for module, targets in modules.items():
        graph[unit(module)] |= {unit(target) for target in targets} - {unit(module)}
    return graph


def cycle(graph: Graph) -> list[str] | None:
    """One cycle of ``graph`` as the nodes along it, first node repeated last; ``None`` if the
    graph is acyclic (a depth-first search that meets a node still on its path)."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        for target in sorted(graph[node]):
            if (found := visit(target)) is not None:
                return found
        path.pop()
        done.add(node)
        return None

    return next((found for node in sorted(graph) if (found := visit(node)) is not None), None)


def test_the_walk_sees_every_kind_of_import() -> None:
    """The test is only as good as its reading: an import under TYPE_CHECKING or inside a
    function is an edge too, and a relative import is resolved from the importing package."""
    source = """
from typing import TYPE_CHECKING
import generator.model
from generator import TEMPLATES_DIR
from generator.render import draw
from . import registry
from ..rulebook.words import Words
if TYPE_CHECKING:
    from generator.load.catalog import load_game
def later():
    from generator.pipeline.build import check
"""
    assert set(imported(source, "generator.games")) == {
        "typing",
        "generator.model",
        "generator",
        "generator.render.draw",
        "generator.games.registry",
        "generator.rulebook.words",
        "generator.load.catalog",
        "generator.pipeline.build",
    }


def test_no_module_imports_itself_back() -> None:
    found = cycle(module_graph())
    assert found is None, f"import cycle between modules: {' -> '.join(found or [])}"


def test_no_package_imports_one_that_imports_it_back() -> None:
    found = cycle(package_graph(module_graph()))
    assert found is None, f"import cycle between packages: {' -> '.join(found or [])}"


def test_the_root_package_imports_nothing_of_its_own() -> None:
    """Any package may read ``generator``'s constants (``TEMPLATES_DIR``) only because
    ``generator/__init__.py`` depends on nothing below it."""
    assert module_graph()[PACKAGE] == set()


def test_a_cycle_is_named_node_by_node() -> None:
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b"}, "b": set()}) is None


STAGES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("foundation", ("generator", "generator.runtime", "generator.problems")),
    ("geometry", ("generator.geometry",)),
    (
        "vocabulary",
        (
            "generator.language_rules",
            "generator.languages",
            "generator.palettes",
            "generator.model",
            "generator.options",
        ),
    ),
    ("load", ("generator.load",)),
    ("render", ("generator.render",)),
    ("layout", ("generator.layout",)),
    ("rulebook", ("generator.rulebook",)),
    ("rules", ("generator.games",)),
    ("outputs", ("generator.outputs", "generator.vision")),
    ("pipeline", ("generator.pipeline",)),
    (
        "commands",
        (
            "generator.export",
            "generator.proof",
            "generator.report",
            "generator.translation",
            "generator.authoring",
            "generator.preview",
            "generator.games.command_line",
            "generator.games.*.commands",
        ),
    ),
    ("cli", ("generator.cli", "generator.__main__")),
)
"""The stages, bottom to top, each by the modules and packages it holds: a module may import
its own stage and those below it. Beside the order a build runs in (load, the games' rules,
render, lay out, write) are what every stage shares: the foundation (the cache, the staged
writer, the problems), pure geometry, and the vocabulary of the card model. A game's engine
sits above the drawing it describes its rules summary with (:mod:`generator.rulebook`); its
``pnp rules`` queries are commands, as ``pnp proof`` and ``pnp export`` are, all going
through the pipeline's front door (:mod:`generator.pipeline.front`)."""


def stage_of(module: str) -> int:
    """The index in :data:`STAGES` of the most specific entry naming ``module`` (itself, a
    package above it, or a pattern); a module no stage names fails the test."""
    named = [
        (len(pattern), index)
        for index, (_, patterns) in enumerate(STAGES)
        for pattern in patterns
        if fnmatchcase(module, pattern)
        or (pattern != PACKAGE and fnmatchcase(module, f"{pattern}.*"))
    ]
    assert named, f"{module}: in no stage of STAGES"
    return max(named)[1]


def upward(graph: Graph) -> list[str]:
    """Every import that goes up the stages, as ``importer (stage) -> imported (stage)``."""
    return [
        f"{module} ({STAGES[stage_of(module)][0]}) -> {target} ({STAGES[stage_of(target)][0]})"
        for module, targets in sorted(graph.items())
        for target in sorted(targets)
        if stage_of(target) > stage_of(module)
    ]


def test_every_import_goes_down_the_stages() -> None:
    found = upward(module_graph())
    assert not found, "imports up the stages:\n" + "\n".join(found)


def test_an_import_up_the_stages_is_named_with_both_stages() -> None:
    assert stage_of("generator.games.gears.commands") > stage_of("generator.pipeline.build")
    assert stage_of("generator.games.gears.engine") < stage_of("generator.pipeline.build")
    assert upward({"generator.load.catalog": {"generator.render.fonts"}}) == [
        "generator.load.catalog (load) -> generator.render.fonts (render)"
    ]
