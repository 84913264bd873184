"""Slugs: any name becomes a safe, non-empty, ASCII file name; clashes get -2, -3..."""

from hypothesis import given, settings
from hypothesis import strategies as st

from vtm_tui.model.slug import MAX_LENGTH, is_safe_slug, slugify, unique_slug


def test_examples() -> None:
    assert slugify("Lisboa Nocturna") == "lisboa-nocturna"
    assert slugify("Inês D'Ávila") == "ines-d-avila"
    assert slugify("Straße über Øresund") == "strasse-uber-oresund"
    assert slugify("../../etc/passwd") == "etc-passwd"
    assert slugify("..").startswith("item-") and slugify("") == "item"
    assert slugify("con") == "con-1"


def test_non_latin_names_get_distinct_hashed_slugs() -> None:
    a, b = slugify("Мария", "character"), slugify("Ирина", "character")
    assert a.startswith("character-") and b.startswith("character-") and a != b


def test_clashes_are_numbered() -> None:
    assert unique_slug("Ana", []) == "ana"
    assert unique_slug("Ana", ["ana"]) == "ana-2"
    assert unique_slug("ANA", ["ana", "ana-2"]) == "ana-3"


@settings(max_examples=200)
@given(st.text())
def test_any_name_gives_a_safe_slug(name: str) -> None:
    slug = slugify(name)
    assert slug and slug not in {".", ".."}
    assert "/" not in slug and "\\" not in slug and "\x00" not in slug
    assert slug.isascii() and slug == slug.lower()
    assert len(slug) <= MAX_LENGTH + 12
    assert is_safe_slug(slug)
    assert slugify(name) == slug  # stable


@settings(max_examples=100)
@given(st.lists(st.text(max_size=12), max_size=12))
def test_unique_slugs_never_clash(names: list[str]) -> None:
    taken: list[str] = []
    for name in names:
        slug = unique_slug(name, taken)
        assert slug not in taken
        taken.append(slug)


def test_fold_name_ignores_case_accents_and_punctuation() -> None:
    from vtm_tui.model.slug import fold_name

    assert fold_name('Leonor "Nora" Aires') == "leonor nora aires"
    assert fold_name("Inês  Valadares") == fold_name("ines valadares")
    assert fold_name("Dona Amália Corte-Real") == "dona amalia corte real"
