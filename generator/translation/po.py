"""A game's texts (or an expansion's) as PO entries, and PO entries back as texts (with polib).

One entry per text of the English locale: the key as ``msgctxt`` (so two texts with the same
English are translated apart), the English as ``msgid`` (``msgid_plural`` for a text with
plural forms), the translation as ``msgstr``, a ``python-brace-format`` flag where the text has
``{values}`` (Poedit and Weblate then check a translation keeps them), the English file and line
as the entry's reference, and where the text is printed as the translator's comment. A
translation whose English changed since it was made is ``fuzzy``, with the English it was made
from as the previous ``msgid``. The header names the game (``X-Pnp-Game``), the expansion whose
texts they are if any (``X-Pnp-Expansion``: :mod:`~generator.translation.owners`) and the
language; its ``Plural-Forms`` is the formula translators' tools write
(:mod:`~generator.translation.plurals` maps its ``msgstr[N]`` onto the locale file's CLDR
categories, both ways). Every field ``msgfmt -c`` asks for is there, and nothing in the file
changes from one export of the same data to the next (:data:`NO_REVISION_DATE`).

PO files come from translators, so reading one is a boundary like any data file: every mistake
is a ``file:line`` problem, collected, and nothing is written while there is one.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import polib

from generator.language_rules import COUNT, categories
from generator.languages import SOURCE
from generator.load.icons import icons_problem
from generator.load.locales import language_problem
from generator.load.placeholders import formatted_problem, icons, placeholders
from generator.load.yaml_reader import read_text
from generator.model import Locale, Plural, Text
from generator.problems import Problem, ProblemLog, clipped
from generator.translation import reader
from generator.translation.owners import Owned, Owner, Owners
from generator.translation.plurals import PoPlurals, po_plurals, read_plural_forms
from generator.translation.sources import English

GAME_HEADER = "X-Pnp-Game"
EXPANSION_HEADER = "X-Pnp-Expansion"
PLURAL_HEADER = "Plural-Forms"
NO_REVISION_DATE = "1970-01-01 00:00+0000"
"""The ``PO-Revision-Date`` of every file pnp writes. pnp does not know when a translation was
last revised (a locale file keeps no date, and its time on disk is the checkout's), and the date
of the export would make two exports of the same texts differ, a change in version control each
time. A fixed date is what ``msgfmt -c`` needs, sorts before any real revision, and is replaced
by Poedit or Weblate with the real one when the translator saves."""
BRACES = "python-brace-format"
FUZZY = "fuzzy"
WRAP = 78
"""PO lines are wrapped where gettext's own tools wrap them, so a file saved by Poedit or
``msgcat`` and one written here differ only in what changed."""

Translation = str | dict[str, str]
"""A translated text: plain, or its plural forms by CLDR category."""


@dataclass(frozen=True)
class Translated:
    """What a PO file holds for a game or an expansion (its ``owner``): its language and each
    translated text by key."""

    owner: Owner
    lang: str
    texts: dict[str, Translation]
    made_from: dict[str, English]
    """The English each text was translated from (the entry's ``msgid``)."""
    fuzzy: int
    """Entries left out because they are marked fuzzy (not yet checked by the translator)."""
    lines: dict[str, int]
    """The line of each text's entry in the PO file, by key (to report a problem there)."""

    @property
    def game(self) -> str:
        return self.owner.game


def english_of(text: Text) -> English:
    """A text of the English locale as the sources file and the PO entry hold it."""
    if isinstance(text, Plural):
        return {category: str(form) for category, form in text.forms.items()}
    return str(text)


def po_file(
    owner: Owner,
    english: Locale,
    target: Locale | None,
    sources: Mapping[str, English],
    comments: Mapping[str, str],
) -> polib.POFile:
    """The PO file of ``target`` (the POT template when ``None``) for ``owner``; ``sources``:
    the English each translation was made from; ``comments``: where each text is printed."""
    plurals = po_plurals(target.lang if target else SOURCE)
    made = polib.POFile(wrapwidth=WRAP)
    whose = f"the {owner.name} expansion of {owner.game}" if owner.expansion else owner.game
    made.header = f"Every printed word of {whose}, for translators: pnp i18n export wrote it.\n"
    made.header += "Translate the msgstr lines, then: pnp i18n import FILE"
    made.metadata = {
        "Project-Id-Version": f"pnp {owner.title}",
        "PO-Revision-Date": NO_REVISION_DATE,
        "Last-Translator": "",  # the translator's tool fills these in
        "Language-Team": "",
        # the template's too: its texts are English, and msgfmt -c wants every file's language
        "Language": plurals.lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        PLURAL_HEADER: plurals.header,
        GAME_HEADER: owner.game,
    }
    if owner.expansion:
        made.metadata[EXPANSION_HEADER] = owner.expansion.name
    for key, text in english.flat.items():
        entry = _entry(key, text, target, sources.get(key), comments.get(key, ""), plurals)
        made.append(entry)
    return made


def _entry(
    key: str,
    text: Text,
    target: Locale | None,
    source: English | None,
    comment: str,
    plurals: PoPlurals,
) -> polib.POEntry:
    english = english_of(text)
    entry = polib.POEntry(
        msgctxt=key,
        msgid=_singular(english),
        occurrences=[(text.file, str(text.line))],
        comment=comment,
    )
    if any(placeholders(form) or icons(form) for form in _forms(english)):
        entry.flags.append(BRACES)
    translated = target.text(key) if target else None
    if isinstance(english, dict):
        entry.msgid_plural = english.get("other", entry.msgid)
        entry.msgstr_plural = {i: _form(translated, c) for i, c in enumerate(plurals.slots)}
    else:
        entry.msgstr = str(translated or "")
    if translated is not None and source is not None and source != english:
        entry.flags.append(FUZZY)
        entry.previous_msgctxt = key
        entry.previous_msgid = _singular(source)
        if isinstance(source, dict):
            entry.previous_msgid_plural = source.get("other", entry.previous_msgid)
    return entry


def _singular(english: English) -> str:
    if isinstance(english, dict):
        return english.get("one", english.get("other", ""))
    return english


def _forms(english: English) -> list[str]:
    return list(english.values()) if isinstance(english, dict) else [english]


def _form(translated: Text | None, category: str) -> str:
    if translated is None:
        return ""
    return str(translated.form(category) if isinstance(translated, Plural) else translated)


def read_po(path: Path, shown: str, owned: Owners, problems: list[Problem]) -> Translated | None:
    """The translations of the PO file at ``path`` (named ``shown`` in problems), checked
    against the English of the game or expansion whose texts they are (``owned``: by name);
    ``None`` when it cannot be read at all."""
    read = _parse(path, shown, problems)
    if read is None:
        return None
    parsed, text = read
    lines = text.splitlines()
    header = _header(parsed.metadata, owned)
    if not isinstance(header, _Header):
        field, what = header
        line = next((n for n, at in enumerate(lines, 1) if at.startswith(f'"{field}:')), 1)
        problems.append(Problem(shown, line, "header", f"{field}: {what}"))
        return None
    texts_of, lang, plurals = header
    locale, translated = texts_of.english_for(lang), texts_of.own.get(lang)
    texts: dict[str, Translation] = {}
    made_from: dict[str, English] = {}
    at: dict[str, int] = {}
    fuzzy = 0
    twice = {id(entry): earlier for entry, earlier in reader.duplicates(parsed)}
    for entry in parsed:
        if entry.obsolete:
            continue
        line = _line_of(entry, lines)
        if earlier := twice.get(id(entry)):
            what = f"a second entry for this text (the first is on line {at[earlier.msgctxt]})"
            problems.append(Problem(shown, line, entry.msgctxt, what))
            continue
        at[entry.msgctxt or ""] = line
        problem = _entry_problem(entry, locale, plurals)
        if problem:
            problems.append(Problem(shown, line, entry.msgctxt or "msgid", problem))
        elif FUZZY in entry.flags:
            fuzzy += 1
        elif (translation := _translation(entry, plurals, translated)) is not None:
            texts[entry.msgctxt] = translation
            made_from[entry.msgctxt] = _made_from(entry)
    return Translated(texts_of.owner, lang, texts, made_from, fuzzy, at)


def _line_of(entry: polib.POEntry, lines: list[str]) -> int:
    """The line of the entry's ``msgctxt`` (or ``msgid``): polib counts from its comments."""
    start = entry.linenum or 1
    return next(
        (n for n in range(start, len(lines) + 1) if lines[n - 1].startswith(("msgctxt", "msgid"))),
        start,
    )


def _parse(path: Path, shown: str, problems: list[Problem]) -> tuple[polib.POFile, str] | None:
    """The PO file at ``path`` and its text, read as every data file is (a regular file, at
    most :data:`~generator.load.yaml_reader.MAX_BYTES`, UTF-8), and parsed from that text by polib's
    parser in linear time (:mod:`~generator.translation.reader`)."""
    log = ProblemLog(shown, problems)
    text = read_text(path, log, kind="a PO file")
    if text is None:
        return None
    if os.path.isfile(text):  # polib would read the file the text names instead
        log.add(1, "", "not a PO file: it holds a file name")
        return None
    try:
        return reader.read(text), text
    except OSError as error:
        line = re.search(r"\(line (\d+)\)", str(error))
        what = "a PO syntax error" if line else clipped(str(error.strerror or error), 200)
        log.add(int(line[1]) if line else 0, "", what)
    return None


class _Header(NamedTuple):
    """What a PO file's header says: whose texts they are, the language and how its plural
    forms are numbered."""

    owned: Owned
    lang: str
    plurals: PoPlurals


def _header(metadata: Mapping[str, str], owned: Owners) -> _Header | tuple[str, str]:
    """What the header says, or the field that is wrong and what is wrong with it. Poedit and
    Weblate rewrite a header: they may write the language as ``de_DE`` and the plural formula
    their own way (a file without one is read by pnp's)."""
    game = metadata.get(GAME_HEADER, "")
    expansion = metadata.get(EXPANSION_HEADER, "")
    lang = metadata.get("Language", "").replace("_", "-")
    if game not in owned.games:
        known = ", ".join(owned.games) or "none"
        return GAME_HEADER, f"{game!r} is not a game of the card data (its games: {known})"
    named = expansion or game
    texts_of = owned.get(named)
    if texts_of is None and named in owned.owners:
        field = EXPANSION_HEADER if expansion else GAME_HEADER
        return field, f"the texts of {named} cannot be read: see the problems listed with this one"
    if texts_of is None or texts_of.owner.game != game:
        what = f"{expansion!r}, an expansion of {game}: give its folder with --with DIR"
        return EXPANSION_HEADER, what
    if problem := language_problem(lang):
        return "Language", problem
    written = metadata.get(PLURAL_HEADER, "").strip()  # msginit and Poedit may leave it empty
    plurals = read_plural_forms(lang, written) if written else po_plurals(lang)
    if isinstance(plurals, str):
        return PLURAL_HEADER, f"{plurals}: write {PLURAL_HEADER}: {po_plurals(lang).header}"
    return _Header(texts_of, lang, plurals)


def _entry_problem(entry: polib.POEntry, english: Locale, plurals: PoPlurals) -> str | None:
    """What is wrong with an entry: one pnp did not write, or a translation that loses or
    invents a ``{value}`` (the check ``msgfmt -c`` makes of ``python-brace-format``; a plural
    form may leave out its ``{count}``, as "one" often does), or formats one (``{count:>5}``,
    which would print as written), or draws other icons than the English."""
    if not entry.msgctxt:
        return "no msgctxt: pnp names each text by its key there"
    text = english.text(entry.msgctxt)
    if text is None:
        return f"not a text of {english.file}"
    if isinstance(text, Plural) != bool(entry.msgid_plural):
        return "plural forms differ from the English text's: export the PO file again"
    if entry.msgid_plural and set(entry.msgstr_plural) != set(range(len(plurals.slots))):
        return (
            f"msgstr[0] to msgstr[{len(plurals.slots) - 1}] expected, one per plural form the "
            f"{PLURAL_HEADER} header gives {plurals.lang} ({', '.join(plurals.slots)})"
        )
    values = {name for form in _forms(english_of(text)) for name in placeholders(form)}
    drawn = {name for form in _forms(english_of(text)) for name in icons(form)}
    for translated in _translated_forms(entry):
        if translated:
            used = set(placeholders(translated))
            problem = (
                formatted_problem(translated, values)
                or _values_problem(used, values, bool(entry.msgid_plural))
                or icons_problem(set(icons(translated)), drawn)
            )
            if problem:
                return problem
    return None


def _values_problem(used: set[str], values: set[str], plural: bool) -> str | None:
    listed = ", ".join(f"{{{name}}}" for name in sorted(values)) or "none"
    if unknown := sorted(used - values):
        return f"{{{unknown[0]}}} is not a value of this text (the English has {listed})"
    if lost := sorted(values - used - ({COUNT} if plural else set())):
        return f"{{{lost[0]}}} is missing: the translation must show every value ({listed})"
    return None


def _translated_forms(entry: polib.POEntry) -> list[str]:
    if entry.msgid_plural:
        return [text for _, text in sorted(entry.msgstr_plural.items())]
    return [entry.msgstr]


def _translation(
    entry: polib.POEntry, plurals: PoPlurals, translated: Locale | None
) -> Translation | None:
    """The entry's translation; ``None`` when it is not translated (or only some of its
    plural forms are: a plural text is used whole). ``translated``: the language's locale as
    it is, whose forms for fractions a plural text may keep."""
    if not entry.msgid_plural:
        return entry.msgstr or None
    forms = {c: entry.msgstr_plural.get(i, "") for i, c in enumerate(plurals.slots)}
    if not all(forms.values()):
        return None
    return _with_fractions(forms, plurals, translated.text(entry.msgctxt) if translated else None)


def _with_fractions(forms: dict[str, str], plurals: PoPlurals, now: Text | None) -> dict[str, str]:
    """``forms`` with a form for each category no ``msgstr`` holds (Russian ``other``, for
    fractions), in CLDR's order: the locale file's own while its text has the same forms for
    whole numbers (a fraction's wording made in the file survives an export and import), else
    the form of :attr:`~generator.translation.plurals.PoPlurals.follows` (1,5 карты, as 2)."""
    kept = now.forms if isinstance(now, Plural) else {}
    unchanged = all(str(kept.get(category, "")) == form for category, form in forms.items())
    return {
        category: forms.get(category)
        or (str(kept[category]) if unchanged and category in kept else forms[plurals.follows])
        for category in categories(plurals.lang)
    }


def _made_from(entry: polib.POEntry) -> English:
    if entry.msgid_plural:
        return {"one": entry.msgid, "other": entry.msgid_plural}
    return str(entry.msgid)
