"""The template environment: strict, escaping, confined to the project's folders."""

from __future__ import annotations

import dataclasses
import math
import os
from pathlib import Path
from pprint import pformat
from xml.etree import ElementTree

import jinja2
import pytest
from jinja2.defaults import DEFAULT_FILTERS
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Namespace
from markupsafe import Markup

from generator import TEMPLATES_DIR
from generator.pipeline.build import check
from generator.render import assets, facechecks, references
from generator.render.budget import MAX_CHARACTERS, MAX_STEPS, Budget
from generator.render.callsizes import FILTER_SIZES
from generator.render.fittedtext import CACHED_TEXT, fit_text, glyphs_missing, overflowing_text
from generator.render.loader import MAX_TEMPLATE_BYTES, MAX_TEMPLATE_SOURCE, MAX_TEMPLATES
from generator.render.sandbox import Sandbox
from generator.render.templates import CardRenderer, environment
from generator.render.valuesize import text_size, weight
from generator.runtime.folders import Templates
from tests.conftest import DataCopy, shipped_game


def test_card_text_with_markup_characters_is_escaped(data: DataCopy) -> None:
    data.edit("game_of_trains/locales/en.yaml", "name: Lock", 'name: "Lock <&> \\"x\\""')
    (game,) = check(data.root, ("game_of_trains",))
    renderer = CardRenderer(game, game.locales["en"])
    deck = game.deck("wagons")
    svg = renderer.front(deck, deck.cards[7])
    assert "Lock &lt;&amp;&gt; &#34;x&#34;" in svg
    ElementTree.fromstring(svg)  # still well-formed


def test_undefined_variable_is_reported_with_template_line() -> None:
    game = shipped_game("game_of_trains")
    texts = {k: v for k, v in game.locales["uk"].texts.items() if k != "locomotive"}
    renderer = CardRenderer(game, dataclasses.replace(game.locales["uk"], texts=texts))
    deck = game.deck("locomotives")
    assert renderer.front(deck, deck.cards[0]) is None
    (problem,) = renderer.problems
    assert problem.file == "templates/game_of_trains/locomotive.svg.j2"
    assert problem.line > 0
    assert problem.where == "locomotive-red (uk)"
    assert problem.what.startswith("no 'locomotive' here (the keys here: language, title, ")


@pytest.mark.parametrize(
    "url", ["file:///etc/passwd", "http://example.com/a.png", "file:///work/../etc/hostname"]
)
def test_assets_outside_the_project_are_refused(url: str) -> None:
    with pytest.raises(assets.AssetError):
        assets.Fetcher(Templates.of(TEMPLATES_DIR / "game_of_trains"))(url, "image/png")


def test_assets_inside_the_templates_folder_are_served() -> None:
    license_file = TEMPLATES_DIR / "_common" / "fonts" / "README.md"
    fetch = assets.Fetcher(Templates.of(TEMPLATES_DIR / "game_of_trains"))
    assert fetch(license_file.as_uri(), "text/plain").startswith(b"# Fonts")


def test_template_cannot_include_files_outside_its_folders(data: DataCopy) -> None:
    with pytest.raises(jinja2.TemplateNotFound):
        environment(Templates.of(TEMPLATES_DIR / "game_of_trains")).get_template(
            "../../pyproject.toml"
        )


# --- the budget every face renders on (generator/render/budget.py) -------------------------
# The corpus (tests/bad_inputs/templates.yaml) runs each attack through a whole build; these
# check what a corpus case cannot see: that counting leaves a template's meaning alone, that a
# face's count does not depend on what rendered before it, and the estimates themselves.


def rendered(source: str, **context: object) -> tuple[str, Budget]:
    """``source`` rendered by the game of trains' environment on a fresh budget."""
    sandbox = environment(Templates.of(TEMPLATES_DIR / "game_of_trains"))
    with sandbox.spending(Budget()) as budget:  # type: ignore[attr-defined]
        return "".join(sandbox.from_string(source).generate(**context)), budget


SAME_MEANING = [
    "{{ 1 < 2 < 3 }} {{ 3 > 2 > 2 }} {{ 'a' in 'cab' }} {{ 2 not in [1, 3] }} {{ [1] == [1] }}",
    "{{ 'abcdef'[1:5:2] }} {{ [1, 2, 3][::-1] }} {{ 'abc'[:] }} {{ (1, 2, 3)[1:] }}",
    "{% set d = {'a': 1, (1, 2): 2} %}{{ d['a'] }} {{ d[(1, 2)] }} {{ d|length }}",
    "{% for x in [3, 1, 2] if x > 1 %}{{ loop.index }}/{{ loop.length }}:{{ x }} {% else %}none"
    "{% endfor %}",
    "{% for x in [[1, [2]], 3] recursive %}<{% if x is iterable %}{{ loop(x) }}{% else %}{{ x }}"
    "{% endif %}>{% endfor %}",
    "{% macro m(n) %}[{{ n }}]{% endmacro %}{% macro k() %}({{ caller() }}){% endmacro %}"
    "{{ m(1) }}{% call k() %}c{% endcall %}",
    "{% set ns = namespace(s='a') %}{% for i in range(3) %}{% set ns.s = ns.s ~ i %}{% endfor %}"
    "{{ ns.s }} {{ '<' ~ 1 ~ '>' }} {{ 'x' + 'y' }} {{ [1] + [2] }} {{ 'ab' * 2 }}",
    "{{ '%s-%03d' % ('a', 7) }} {{ '{:>4}|{}'.format(1, 'b') }} {{ 'a\tb'.expandtabs(2) }}",
    "{{ [1, 2, 3]|join(',') }} {{ range(4)|sum }} {{ 'abc'|center(7) }} {{ 'a b c'|wordwrap(1) }}"
    " {{ [3, 1]|sort|list }} {{ range(5)|batch(2, 0)|list }} {{ range(5)|slice(2)|list }}",
    "{{ 'a\nb'|indent(2, true) }} {{ {'b': 1, 'a': [1, 'x']}|tojson }} {{ [1, 'a']|string }}"
    " {{ 'xax'|replace('a', 'bb') }} {{ 2.5|round(1, 'floor') }} {{ 12 ** 3 - 7 }}",
    "{% set s %}{{ 'q' }}{% endset %}{{ s }}{% filter upper %}up{% endfilter %}"
    " {{ '<b>'|e }} {{ '%(a)s' % {'a': '<'} }} {{ [[1, 2]] * 2 }}",
    "{% autoescape false %}{{ '<' }} {{ [1, '<'] }} {{ 2.5 }} {{ none }}{% set s %}{{ '&' }}"
    "{% endset %}{{ s }}{% endautoescape %} {{ '<' }}",
    "{{ 10 - 2 }} {{ 7 // 2 }} {{ 7 / 2 }} {{ -7 // 2 }} {{ 2 ** 10 - 2 ** 9 }} {{ 1 - 0.5 }}"
    " {{ (3 - 1) / (2 // 1) }} {{ 'a-b'.replace('-', ' ', 200000) }} {{ true.to_bytes(2, 'big') }}",
]


@pytest.mark.parametrize("source", SAME_MEANING)
def test_counting_leaves_what_a_template_means_alone(source: str) -> None:
    plain = ImmutableSandboxedEnvironment(
        autoescape=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined
    )
    assert rendered(source)[0] == plain.from_string(source).render()


def test_each_face_counts_afresh_and_the_same_whatever_rendered_before(data: DataCopy) -> None:
    """A face over its budget leaves the next face its whole budget, and the first face of a
    process (which compiles the templates and makes the names of those it imports, each on a
    budget of its own) counts what every later one counts."""
    folder = data.templates("game_of_trains")
    (folder / "zz-loops.svg.j2").write_text(
        "{% extends 'card.svg.j2' %}{% block face %}\n{% for i in range(10000) %}"
        "{% for j in range(10000) %}{% endfor %}{% endfor %}\n{% endblock %}",
        encoding="utf-8",
    )
    (game,) = check(data.root, ("game_of_trains",))
    renderer = CardRenderer(game, game.locales["en"])
    wagons, locomotives = game.deck("wagons"), game.deck("locomotives")
    first = renderer.front(wagons, wagons.cards[0])
    spent = renderer.fitter.budget.steps, renderer.fitter.budget.characters
    assert first is not None and 0 < spent[0] <= MAX_STEPS // 20
    broken = dataclasses.replace(locomotives, front="zz-loops.svg.j2")
    assert renderer.front(broken, broken.cards[0]) is None
    assert renderer.fitter.budget.steps > MAX_STEPS
    assert renderer.front(wagons, wagons.cards[0]) == first
    assert (renderer.fitter.budget.steps, renderer.fitter.budget.characters) == spent


def test_every_shipped_face_of_the_largest_kind_keeps_a_wide_margin() -> None:
    """The wagons took the most steps of any shipped face when the limits were set
    (budget.SHIPPED_STEPS): a change that makes them cost far more shows here first."""
    game = shipped_game("game_of_trains")
    renderer = CardRenderer(game, game.locales["ru"])
    spent = []
    for face in renderer.faces(game.deck("wagons")):
        assert face.svg is not None
        spent.append((renderer.fitter.budget.steps, renderer.fitter.budget.characters))
    assert max(steps for steps, _ in spent) <= MAX_STEPS // 10
    assert max(characters for _, characters in spent) <= MAX_CHARACTERS // 10


def test_a_structure_is_measured_by_what_reading_it_reads_without_reading_it_all() -> None:
    shared = [0] * 100_000
    held = [shared] * 100_000  # ten billion items to read, two lists to measure
    assert weight([1, "ab", (2.5, None)], 1000) == 1 + 1 + 3 + 1 + 1 + 1
    assert weight(held, 10**12) == 1 + 100_000 * (1 + 100_000)
    assert weight(held, 1000) == 1001
    space = Namespace()
    space["items"] = [space]
    assert weight(space, 1000) == 1001  # a structure holding itself never ends
    assert weight({1: "ab"}.values(), 100) == 1 + 3  # ``x in d.values()`` reads them all
    assert text_size("abc", 100) == 3
    assert text_size([1, "ab"], 100) >= len(str([1, "ab"]))
    key = "k" * 50
    pretty = text_size({key: list(range(40))}, 10**6, keyed=True)
    assert pretty >= len(pformat({key: list(range(40))}))


def test_every_filter_jinja_has_is_counted_by_what_it_makes() -> None:
    """``join`` and ``sum`` read their items first; every other filter has its estimate, so
    a filter a later Jinja adds is noticed here rather than counted as its value's size."""
    assert set(DEFAULT_FILTERS) - {"join", "sum"} == set(FILTER_SIZES)


@pytest.mark.parametrize(
    ("source", "makes"),
    [
        ("{% set s = text|center(50) %}", 50),
        ("{{ 'x' * n }}", 40 + 40),  # made, then printed
        ("{% set s = text ~ 'cd' %}", 4),
        ("{% set s = 'abcabc'.replace('a', 'xyz') %}", 6 + 2 * 2),
        ("{% set s = numbers|join('--') %}", 3 * 2 + 2 * 2),  # a small number: up to 2 digits
        ("{% set s = 'ab' ~ 'cd' %}", 0),  # a constant: made once, as the template compiles
    ],
)
def test_what_an_operation_makes_is_counted_before_it_makes_it(source: str, makes: int) -> None:
    assert rendered(source, n=40, text="ab", numbers=[1, 2, 3])[1].characters == makes


def test_a_negative_estimate_gives_no_characters_back() -> None:
    """``'a'|indent(-99999)`` would otherwise refund what the face made before."""
    budget = Budget()
    budget.make(10, "x")
    budget.make(-99_999, "x")
    assert budget.characters == 10
    assert rendered("{% set s = text|indent(-99999, true) %}", text="a\nb")[1].characters == 0


def test_a_text_of_infinite_size_is_refused_instead_of_shrinking_for_ever() -> None:
    game = shipped_game("game_of_trains")
    renderer = CardRenderer(game, game.locales["en"])
    renderer.fitter.where = None
    with pytest.raises(ValueError, match="finite"):
        renderer.fitter.text("", 5, 5, 50, 10, math.inf, min_size=1)


def test_a_number_too_large_to_compute_with_is_refused_wherever_it_comes_from() -> None:
    """A card's data may hold a whole number of any size (YAML reads ``0x...`` of a megabyte):
    dividing two of them would take minutes. Every operator checks what it is given, and a
    call's whole-number result is checked as a filter's and an operator's are."""
    with pytest.raises(SecurityError, match="too large"):
        rendered("{{ n // m }}", n=2**100_000, m=2**50_000 + 1)
    with pytest.raises(SecurityError, match="too large"):
        rendered("{{ n - m }}", n=2**4096 - 1, m=-(2**4096 - 1))
    with pytest.raises(SecurityError, match="from from_bytes"):
        rendered("{{ (1).from_bytes(b, 'big') }}", b=b"\xff" * 1000)
    assert rendered("{{ n // m }}", n=2**4000, m=3)[0] == str(2**4000 // 3)


def test_a_count_that_makes_nothing_larger_is_not_refused_as_a_size() -> None:
    """A string method's width is a size (``'x'.ljust(10 ** 9)`` is refused by its number); the
    count of ``replace`` or ``split`` makes nothing larger."""
    assert rendered("{{ 'a-b'.replace('-', ' ', 200000) }}|{{ 'a b'.split(' ', 10 ** 9)|length }}")[
        0
    ] == ("a b|2")
    with pytest.raises(SecurityError, match="larger than a template may use"):
        rendered("{{ 'x'.ljust(1000000000) }}")


def test_what_markup_replaces_is_counted_escaped() -> None:
    """``Markup.replace`` escapes what it puts in (``&`` becomes ``&amp;``), as the ``replace``
    filter on markup does: counted five times over."""
    made, budget = rendered("{% set s = m.replace('a', '&') %}{{ s }}", m=Markup("a" * 10))
    assert made == "&amp;" * 10
    assert budget.characters >= len(made)


def test_a_truth_is_counted_as_the_number_it_is() -> None:
    """``true.to_bytes(n)`` makes ``n`` bytes, like ``(1).to_bytes(n)``."""
    assert rendered("{% set b = true.to_bytes(5000, 'big') %}")[1].characters >= 5000


# --- text(...): what it joins and what it draws, counted before it is made ---------------------


@pytest.mark.parametrize(
    ("value", "options"),
    [
        ("A & B <c> \"d\" 'e' " * 40, {}),
        (["first paragraph & more", "", "third <one>"], {"underline": True, "fill": "a&b"}),
        ("far away", {"x": 1e200, "y": -1e200, "align": "end", "valign": "bottom"}),
        ("x " * 300, {"width": 1e300, "height": 1e300, "min_size": 0.5}),
    ],
)
def test_text_counts_what_it_draws_before_drawing_it(
    value: str | list[str], options: dict[str, object]
) -> None:
    game = shipped_game("game_of_trains")
    fitter = CardRenderer(game, game.locales["en"], overflow=True).fitter
    fitter.where = None
    arguments: dict[str, object] = {"x": 5, "y": 5, "width": 50, "height": 30, **options}
    drawn = fitter.text(
        value,
        arguments.pop("x"),
        arguments.pop("y"),
        arguments.pop("width"),
        arguments.pop("height"),
        4,
        **arguments,
    )  # type: ignore[arg-type]
    assert drawn
    joined = len(value) if isinstance(value, str) else len("\n".join(value))
    assert fitter.budget.characters >= len(drawn) + joined


@pytest.mark.parametrize("fill", ['red" onload="x', "<b>", "#" * 65, 12, None])
def test_text_takes_a_short_colour_as_fill(fill: object) -> None:
    game = shipped_game("game_of_trains")
    fitter = CardRenderer(game, game.locales["en"]).fitter
    fitter.where = None
    assert "url(#g)" in fitter.text("a", 5, 5, 50, 10, 4, fill="url(#g)")
    with pytest.raises(jinja2.TemplateRuntimeError, match="takes a colour as fill"):
        fitter.text("a", 5, 5, 50, 10, 4, fill=fill)  # type: ignore[arg-type]


def test_fitting_remembers_a_bounded_number_of_short_texts() -> None:
    """Distinct texts of 700 KB a face would otherwise stay in memory for the whole build."""
    assert fit_text.cache_info().maxsize is not None
    assert glyphs_missing.cache_info().maxsize is not None
    assert overflowing_text.cache_info().maxsize is not None
    game = shipped_game("game_of_trains")
    fitter = CardRenderer(game, game.locales["en"]).fitter
    fitter.where = None
    before = fit_text.cache_info().currsize, glyphs_missing.cache_info().currsize
    fitter.text("word " * (CACHED_TEXT // 5 + 1), 5, 5, 500, 500, 2)
    after = fit_text.cache_info().currsize, glyphs_missing.cache_info().currsize
    assert after == before


# --- what a game's templates may cost before any face is drawn (generator/render/loader.py) -----


def _fill_with_templates(folder: Path, count: int, text: str = "x") -> None:
    for index in range(count):
        (folder / f"zz-{index:04}.svg.j2").write_text(text, encoding="utf-8")


def test_a_game_may_have_only_so_many_templates(data: DataCopy) -> None:
    """Counted in its folders, not as its faces load them: every face meets the same verdict
    in every process of a build, with one worker or many."""
    folder = data.templates("game_of_trains")
    have = len(list(folder.glob("*.j2"))) + len(list((TEMPLATES_DIR / "_common").glob("*.j2")))
    _fill_with_templates(folder, MAX_TEMPLATES - have)
    templates = Templates.of(folder)
    environment.__wrapped__(templates).get_template("card.svg.j2")
    (folder / "zz-one-more.svg.j2").write_text("x", encoding="utf-8")
    with pytest.raises(jinja2.TemplateError, match=f"more than {MAX_TEMPLATES} templates"):
        environment.__wrapped__(templates).get_template("card.svg.j2")


def test_a_game_may_have_only_so_many_bytes_of_templates(data: DataCopy) -> None:
    folder = data.templates("game_of_trains")
    count = MAX_TEMPLATE_SOURCE // MAX_TEMPLATE_BYTES + 1
    _fill_with_templates(folder, count, "{# #}" + "x" * (MAX_TEMPLATE_BYTES - 10))
    with pytest.raises(jinja2.TemplateError, match="templates hold more than 1 MB"):
        environment(Templates.of(folder)).get_template("card.svg.j2")


def test_a_template_edited_again_and_again_counts_its_latest_size_once(data: DataCopy) -> None:
    """The preview reloads a template after each edit: its size is replaced, never added."""
    folder = data.templates("game_of_trains")
    edited = folder / "zz-edited.svg.j2"
    sandbox = environment(Templates.of(folder))
    for round_ in range(2 * MAX_TEMPLATE_SOURCE // MAX_TEMPLATE_BYTES):
        edited.write_text(f"{round_}" + "x" * (MAX_TEMPLATE_BYTES - 10), encoding="utf-8")
        os.utime(edited, ns=(round_ * 10**9, round_ * 10**9))
        with sandbox.spending(Budget()):  # type: ignore[attr-defined]
            assert sandbox.get_template("zz-edited.svg.j2").render().startswith(str(round_))


def test_a_template_is_compiled_once_by_whichever_name_finds_it() -> None:
    sandbox = environment(Templates.of(TEMPLATES_DIR / "game_of_trains"))
    first = sandbox.get_template("card.svg.j2")
    assert sandbox.get_template("./card.svg.j2") is first
    assert sandbox.get_template(".//./card.svg.j2") is first
    assert sandbox.cache is not None and sandbox.cache.capacity > MAX_TEMPLATES


# --- what a face names, checked once per file, its problems found quickly -----------------------


def test_problems_of_a_face_are_found_reading_each_template_once(
    data: DataCopy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every font that is not shipped and every file that cannot be used is looked for in the
    templates' lines: a few of each kind, each template read once however many faces ask; one
    file named many ways (``dot.png?1``, ``dot.png?2``) is checked once."""
    folder = data.templates("game_of_trains")
    (folder / "zz-many.svg.j2").write_text(
        "{% extends 'card.svg.j2' %}{% block face %}\n"
        '{% for i in range(1000) %}<text font-family="f{{ i }}"/>{% endfor %}\n'
        '{% for i in range(90) %}<image href="zz-none.png?{{ i }}"/>{% endfor %}\n'
        '<image href="zz-gone.png"/>'
        '<image href="zz-lost.png"/><image href="zz-away.png"/>\n'
        "{% endblock %}",
        encoding="utf-8",
    )
    read: list[Path] = []
    checked: list[str] = []
    reading, checking = facechecks.template_text, references.asset_problem
    monkeypatch.setattr(facechecks, "template_text", lambda p, f: read.append(p) or reading(p, f))
    monkeypatch.setattr(
        references, "asset_problem", lambda r, f: checked.append(r) or checking(r, f)
    )
    (game,) = check(data.root, ("game_of_trains",))
    renderer = CardRenderer(game, game.locales["en"])
    deck = dataclasses.replace(game.deck("locomotives"), front="zz-many.svg.j2")
    for card in deck.cards:
        assert renderer.front(deck, card) is not None
    assert len(read) == len(set(read)) <= len(list(folder.glob("*.j2"))) + 1
    assert checked.count("zz-none.png") == 1
    shown = [p.what for p in renderer.problems]
    assert sum("is not a shipped font" in what for what in shown) == 3
    assert any(what.startswith("and 997 more fonts") for what in shown)
    assert sum("no such file" in what for what in shown) == 3
    assert any(what.startswith("and 1 more file that cannot be used") for what in shown)


def test_a_mapping_of_data_gives_its_keys_before_its_methods() -> None:
    """A deck named ``items`` (or ``keys``, ``values``) is reached as ``t.items``; a mapping's
    methods still work where it has no such key."""
    template = Sandbox().from_string(
        "{{ t.items.sword }} {{ t.keys | length }} {{ t.values() | list | length }}"
    )
    assert template.render(t={"items": {"sword": "Sword"}, "keys": [1, 2]}) == "Sword 2 2"
