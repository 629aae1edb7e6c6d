"""Tests for generator.names: shipped village-name lists, aliases, nicknames."""

from __future__ import annotations

import random
import unicodedata

import pytest

from generator import names
from generator.names import (
    COUNTRIES,
    COUNTRY_ADJECTIVE,
    aliases,
    nickname,
    village_name,
    village_names,
)


def _letters(name: str) -> str:
    """Lowercase letters only (independent re-implementation for the tests)."""
    return "".join(ch for ch in name.lower() if ch.isalpha())


def _resembles(a: str, b: str, length: int = 3) -> bool:
    la, lb = _letters(a), _letters(b)
    if len(la) < length or len(lb) < length:
        return False
    return la[-length:] == lb[-length:] or la[:length] == lb[:length]


# --- data -------------------------------------------------------------------


def test_countries_and_adjectives() -> None:
    assert COUNTRIES == ("en", "fr", "de")
    assert COUNTRY_ADJECTIVE == {"en": "English", "fr": "French", "de": "German"}


@pytest.mark.parametrize(
    ("country", "low", "high"),
    [("en", 4_000, 8_000), ("fr", 12_000, 18_000), ("de", 9_000, 14_000)],
)
def test_list_sizes(country: str, low: int, high: int) -> None:
    listed = village_names(country)
    assert low < len(listed) < high


@pytest.mark.parametrize("country", COUNTRIES)
def test_lists_are_clean_sorted_and_unique(country: str) -> None:
    listed = village_names(country)
    assert isinstance(listed, tuple)
    assert list(listed) == sorted(set(listed))
    for name in listed:
        assert name and name == name.strip()
        assert not any(ch.isdigit() for ch in name), name
        assert not set(name) & set("()/\\"), name
        assert unicodedata.is_normalized("NFC", name), name


def test_lists_keep_accents_hyphens_and_spaces() -> None:
    fr, de, en = village_names("fr"), village_names("de"), village_names("en")
    assert "Saint-Maurice-de-Beynost" in fr and "Saint-André-de-Bâgé" in fr
    assert any("é" in n for n in fr)
    assert any(ch in n for n in de for ch in "äöüß")
    assert "Düsseldorf" in de and "Bösleben-Wüllersleben" in de
    assert any(" " in n for n in en)
    assert any("-" in n for n in en)


def test_unknown_country_rejected() -> None:
    with pytest.raises(ValueError):
        village_names("xx")
    with pytest.raises(ValueError):
        village_name(random.Random(0), "xx")
    with pytest.raises(ValueError):
        aliases(random.Random(0), "Paris", "xx", 1)


def test_each_list_is_read_once_and_kept(monkeypatch) -> None:
    """Names are drawn for every game, so each list is read from the package once and kept: the
    second call costs no file read. (Checked by counting reads, not by a clock, which a shared
    machine makes flaky.)"""
    reads: list[str] = []
    real = names._read_lines

    def counting(filename: str) -> tuple[str, ...]:
        reads.append(filename)
        return real(filename)

    monkeypatch.setattr(names, "_read_lines", counting)
    names.village_names.cache_clear()
    try:
        first = {c: names.village_names(c) for c in names.COUNTRIES}
        again = {c: names.village_names(c) for c in names.COUNTRIES}
    finally:
        names.village_names.cache_clear()
    assert sorted(reads) == sorted(f"{c}.txt" for c in names.COUNTRIES)
    assert all(again[c] is first[c] for c in names.COUNTRIES)


def test_loading_is_cached() -> None:
    assert village_names("fr") is village_names("fr")


# --- village_name -----------------------------------------------------------


@pytest.mark.parametrize("country", COUNTRIES)
def test_village_name_deterministic_and_from_list(country: str) -> None:
    first = [village_name(random.Random(seed), country) for seed in range(50)]
    again = [village_name(random.Random(seed), country) for seed in range(50)]
    assert first == again
    assert set(first) <= set(village_names(country))
    assert len(set(first)) > 40  # it does vary with the seed


def test_global_random_state_untouched() -> None:
    random.seed(1234)
    before = random.getstate()
    rng = random.Random(5)
    village_name(rng, "en")
    aliases(rng, "Ashby", "en", 2)
    nickname(rng)
    assert random.getstate() == before


# --- aliases ----------------------------------------------------------------


def test_aliases_deterministic() -> None:
    def run(seed: int) -> list[tuple[str, list[str]]]:
        rng = random.Random(seed)
        out = []
        for _ in range(20):
            country = rng.choice(COUNTRIES)
            name = village_name(rng, country)
            out.append((name, aliases(rng, name, country, 2)))
        return out

    assert run(7) == run(7)
    assert run(7) != run(8)


@pytest.mark.parametrize("count", [0, 1, 2])
def test_aliases_count(count: int) -> None:
    result = aliases(random.Random(count), "Bourton-on-the-Water", "en", count)
    assert isinstance(result, list) and len(result) == count


def test_aliases_negative_count_rejected() -> None:
    with pytest.raises(ValueError):
        aliases(random.Random(0), "Bourton", "en", -1)


def test_aliases_distinct_and_resembling() -> None:
    pooled = {n for c in COUNTRIES for n in village_names(c)}
    resembling = total = same_country = 0
    for seed in range(500):
        rng = random.Random(seed)
        country = COUNTRIES[seed % 3]
        name = village_name(rng, country)
        result = aliases(rng, name, country, 2)
        assert len(result) == 2
        assert name not in result
        assert result[0] != result[1]
        assert len({n.casefold() for n in (name, *result)}) == 3
        for alias in result:
            assert alias in pooled
            total += 1
            resembling += _resembles(name, alias)
            same_country += alias in village_names(country)
    assert resembling / total >= 0.95, f"only {resembling}/{total} resemble"
    assert same_country / total >= 0.6, "aliases should mostly be from the same country"
    assert same_country < total, "aliases should sometimes come from another country"


def test_aliases_prefer_shared_ending() -> None:
    rng = random.Random(3)
    result = aliases(rng, "Dickendorf", "de", 2)
    assert all(_letters(a).endswith("orf") for a in result), result


def test_aliases_fallbacks() -> None:
    # Names with no 3-letter ending/beginning in the lists still get aliases.
    for odd in ("Xq", "Q", "", "Zzzyqx", "1234"):
        for seed in range(10):
            result = aliases(random.Random(seed), odd, "en", 2)
            assert len(result) == 2 and result[0] != result[1] and odd not in result


def test_aliases_build_their_indexes_once() -> None:
    """The name indexes are built on the first call and reused by every later one (what a call
    costs: ``benchmarks/latency.py``)."""
    aliases(random.Random(0), "Warm", "en", 1)
    before = names._indexes.cache_info()
    rng = random.Random(1)
    for i in range(300):
        country = COUNTRIES[i % 3]
        assert len(aliases(rng, village_name(rng, country), country, 2)) == 2
    after = names._indexes.cache_info()
    assert after.misses == before.misses and after.hits - before.hits >= 600   # two aliases a call


# --- nickname ---------------------------------------------------------------


def test_nickname_deterministic() -> None:
    first = [nickname(random.Random(s)) for s in range(100)]
    assert first == [nickname(random.Random(s)) for s in range(100)]
    assert len(set(first)) > 50


def test_nickname_list() -> None:
    listed = names._nicknames()
    assert 250 <= len(listed) <= 400
    assert len(set(listed)) == len(listed)
    assert {"Alf", "Bert", "Ned", "Nige", "Ziggy"} <= set(listed)
    assert all(n.isalpha() and n[0].isupper() and len(n) <= 8 for n in listed)
