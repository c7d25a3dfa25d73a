"""Table 6: retrieval-time propagation settings by name, and the ``seeds=10,hops=2`` syntax that names one."""

from __future__ import annotations

from llama_index_libra._compat import deprecated_alias
from llama_index_libra.retrieval.propagation import AGGREGATES, PROVIDER_SELECTIONS, PropagationConfig

__all__ = ["TABLE6_SETTINGS", "parse_propagation", "propagation_grid", "TABLE6_VARIANTS", "parse_variant"]

# The library, encoder and cutoff stay fixed; one knob moves at a time from the default.
TABLE6_SETTINGS: dict[str, PropagationConfig] = {
    "default": PropagationConfig(),
    "selection=field-best": PropagationConfig(provider_selection="field-best"),
    "selection=dense-best": PropagationConfig(provider_selection="dense-best"),
    "selection=all": PropagationConfig(provider_selection="all"),
    "seeds=10": PropagationConfig(seeds=10),
    "seeds=20": PropagationConfig(seeds=20),
    "hops=2": PropagationConfig(hops=2),
}


def parse_propagation(text: str) -> PropagationConfig:
    """Parse ``seeds=10,selection=field-best,hops=2,kinds=state+provenance,aggregate=max`` into a config."""
    options: dict = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        key, sep, value = part.partition("=")
        if not sep:
            raise ValueError(f"propagation setting part {part!r} is not key=value")
        key = key.strip()
        if key in ("seeds", "k_s", "ks"):
            options["seeds"] = int(value)
        elif key in ("selection", "provider_selection"):
            if value not in PROVIDER_SELECTIONS:
                raise ValueError(f"selection must be one of {', '.join(PROVIDER_SELECTIONS)}, got {value!r}")
            options["provider_selection"] = value
        elif key == "hops":
            options["hops"] = int(value)
        elif key == "kinds":
            options["kinds"] = tuple(v for v in value.split("+") if v)
        elif key == "aggregate":
            if value not in AGGREGATES:
                raise ValueError(f"aggregate must be one of {', '.join(AGGREGATES)}, got {value!r}")
            options["aggregate"] = value
        else:
            raise ValueError(f"unknown propagation setting {key!r}; use seeds, selection, hops, kinds or aggregate")
    return PropagationConfig(**options)


def propagation_grid(text: str | None) -> dict[str, PropagationConfig]:
    """The propagation settings a command asks for: ``None``/``"default"`` the paper's, ``"table6"`` the
    grid of Table 6, anything else one setting by :func:`parse_propagation` (labelled by its text)."""
    if not text or text == "default":
        return {"default": PropagationConfig()}
    if text == "table6":
        return dict(TABLE6_SETTINGS)
    return {text: parse_propagation(text)}


# earlier names (the rows were called variants)
TABLE6_VARIANTS = TABLE6_SETTINGS
parse_variant = deprecated_alias(parse_propagation, "parse_variant")
