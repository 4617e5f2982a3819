"""Form limits: the most (or least) a calculator's field accepts where the books set no limit.

These are not rules, and no book states them: a rule's number lives in `rules_data/` and is read
from there. A form needs bounds so that a slip of the finger (a rank of 9999) is caught beside
its field, and so that exact odds stay quick to work out. Every calculator takes its bounds from
here, so each limit is written once. (Xia's bounds on Traits, trigrams, resilience and chi are
the site's reading of a source note, `xia.value-ranges`, and live in its data instead.)
"""

from __future__ import annotations

# By size: what a field counts.
RANKS = 99          # ranks, bonuses, EV, dice, Speed, DR and Soak, encumbrance, a count of things
VALUES = 999        # attributes, costs, Target Numbers and modifiers, a round's number
POOLS = 9_999       # Health, Stamina and damage taken; rounds or turns counted
ENERGY = 99_999     # GenKi and XP
MODIFIER_MIN = -99  # the lowest skill modifier
NAME_LENGTH = 40    # a character's or a combatant's name
CHANGE = ENERGY     # the largest amount a table tool's typed change carries: the largest pool it moves

# Exact odds: the work of a distribution grows with these.
DAMAGE_STRENGTH = 60      # wbs.damage: Strength (or a ranged weapon's modifier)
DAMAGE_RANKS = 60         # wbs.damage: skill ranks
EXTRA_CRITICAL_DICE = 6   # wbs.damage: extra critical dice
WILD_ACTIONS = 10         # wbs.skill_check: Wild Action dice
ALL_IN = 12               # wbs.skill_check: Stamina spent on All In

# The size of a form.
COMBATANTS = 20           # wbs.combat_tracker: combatants in one fight
CHANGE_TEXT = 12          # every table tool's change line: characters typed ("− 99999", spaces and all)
ACTIVATION_REFLEX = 20    # wbs.technique_plan: Reflex to switch a technique on
CLOCK_SEGMENTS = 60       # wbs.skill_clock: segments of a clock
TABLE_SEATS = 8           # rain.tile_table: players at one tile table
SESSION_CODE = 16_000     # rain.tile_table: characters of a session's code (a long evening is ~1,000)
TILE_PICKS = 2_000        # rain.tile_table: characters of the picked tiles' ids
MOVE_TEXT = 60            # rain.tile_table: characters of a Sky turn's moves ("3 K 2")
SEAT_CODE = 120           # rain.tile_seat: characters of a player's code, groups and spaces included
LOG_CHANGES = 500         # a table tool's log: changes folded at once (a long evening's fight)
