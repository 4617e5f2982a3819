"""Block renderers, one module per concern; importing this package registers them all."""

from . import common, rain, wbs, wbs_combat, xia  # noqa: F401
