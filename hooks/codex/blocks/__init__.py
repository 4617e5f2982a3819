"""Block renderers, one module per concern; importing this package registers them all."""

from . import common, rain, wbs, wbs_attacks, wbs_bestiary, wbs_combat, wbs_reiki, xia  # noqa: F401
