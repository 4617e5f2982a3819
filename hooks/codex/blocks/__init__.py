"""Block renderers, one module per concern: every module in this folder is imported here, which
registers its `@block`, `@table` and `@pages` functions (a new module needs no line anywhere else)."""

import importlib
import pkgutil

MODULES = tuple(importlib.import_module(f"{__name__}.{found.name}") for found in pkgutil.iter_modules(__path__))
