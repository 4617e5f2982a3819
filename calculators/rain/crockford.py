"""Crockford's base 32, as the Rain codes write whole numbers: digits and capitals without I, L, O
and U (O read as 0, I and L as 1), so a code read aloud or off a screen is hard to get wrong.
Seat codes (`seat_code.py`) and drawn draw codes (`tile_draw.py`) are both written with it."""

from __future__ import annotations

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
ALIASES = {"O": "0", "I": "1", "L": "1"}


class NotInAlphabet(ValueError):
    """A character no code uses: `char` is it, as typed."""

    def __init__(self, char: str) -> None:
        super().__init__(char)
        self.char = char


def read(clean: str) -> int:
    """The whole number `clean` (capitals, no spaces or dashes) writes; NotInAlphabet at a stray character."""
    number = 0
    for typed in clean:
        ch = ALIASES.get(typed, typed)
        if ch not in ALPHABET:
            raise NotInAlphabet(typed)
        number = number * len(ALPHABET) + ALPHABET.index(ch)
    return number


def write(number: int) -> str:
    """`number` in base 32 ("0" for 0)."""
    text = ""
    while number:
        number, digit = divmod(number, len(ALPHABET))
        text = ALPHABET[digit] + text
    return text or "0"
