"""Block renderers, one module per concern; importing this package registers them all."""

from . import common, rain, wbs, xia  # noqa: F401
