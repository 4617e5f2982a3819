"""A game's glossary page: terms A–Z with one stable anchor each, and what search learns from them.

Every term's entry is `#term-<id>` on its game's glossary page (tooltips link there). A term's
`aliases` (armor for Armour, qi for chi, pinyin, hanzi) and its `defined_in` page reach the
search index as keywords (see `search.py`), so a reader finds the term by any name, and the
page whose rules define it comes first.
"""

from __future__ import annotations

from typing import Any

from .load import RulesData

GLOSSARY_PAGE = "glossary/"


def term_anchor(term_id: str) -> str:
    """The id of a term's entry on its game's glossary page."""
    return f"term-{term_id}"


def terms_of(data: RulesData, game: str) -> list[dict[str, Any]]:
    """The game's terms, alphabetical (case-insensitive)."""
    terms = (t for key in data.family(game, "glossary") for t in data[key]["terms"])
    return sorted(terms, key=lambda t: t["term"].casefold())


def initial(term: str) -> str:
    """The letter a term is filed under in the A–Z index ('#' for anything but A–Z)."""
    first = term.strip()[:1].upper()
    return first if "A" <= first <= "Z" else "#"


def defined_in_path(game: str, defined_in: str) -> str:
    """`attributes#derived-attributes` → the site path `wbs/attributes/#derived-attributes`."""
    page, _, section = defined_in.partition("#")
    path = f"{game}/" if page == "index" else f"{game}/{page}/"
    return f"{path}#{section}" if section else path


def glossary_context(data: RulesData, game: str, link: Any) -> dict[str, Any]:
    """What glossary.html.j2 needs: letters for the A–Z index, and entries grouped by letter.

    `link` turns a site path into a link from the page showing the glossary.
    """
    terms = terms_of(data, game)
    known = {t["id"]: t for t in terms}
    groups: dict[str, list[dict[str, Any]]] = {}
    for term in terms:
        entry = {
            **term,
            "anchor": term_anchor(term["id"]),
            "aliases": term.get("aliases", []),
            "see": [{"term": known[s]["term"], "anchor": term_anchor(s)} for s in term.get("see", []) if s in known],
            "rules_href": link(defined_in_path(game, term["defined_in"])) if term.get("defined_in") else "",
        }
        groups.setdefault(initial(term["term"]), []).append(entry)
    letters = [{"letter": letter, "anchor": f"glossary-{game}-{letter.lower() if letter != '#' else 'other'}",
                "entries": entries} for letter, entries in sorted(groups.items(), key=lambda kv: (kv[0] == "#", kv[0]))]
    return {"game": game, "letters": letters}


def search_keywords(data: RulesData, games: tuple[str, ...]) -> dict[str, list[str]]:
    """Search index location → keywords: each term's aliases on its glossary entry; the term and
    its aliases on the section that defines it."""
    keywords: dict[str, list[str]] = {}
    for game in games:
        for term in terms_of(data, game):
            aliases = list(term.get("aliases", []))
            if aliases:
                keywords.setdefault(f"{game}/{GLOSSARY_PAGE}#{term_anchor(term['id'])}", []).extend(aliases)
            if term.get("defined_in"):
                keywords.setdefault(defined_in_path(game, term["defined_in"]), []).extend([term["term"], *aliases])
    return keywords
