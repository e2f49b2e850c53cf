"""The runtime configuration: the five parameters of paper 000 (Table 1).

:class:`RuntimeConfig` holds one value per parameter; its defaults are the
runtime's own defaults (DESIGN §7, ``runtime_c/include/inspire_rt_config.h``)
and its checks are the ``_Static_assert``s of that header, so a configuration
that constructs also compiles.  :meth:`RuntimeConfig.macros` gives the
``#define``s the backend writes for it; :func:`parse_param` reads one
``NAME=VALUE`` setting as the command line's ``--param`` takes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

#: Queue policies: name -> value of INSPIRE_QUEUE_POLICY.
QUEUE_POLICIES = {
    "push_back_steal_back": 1,
    "push_front_steal_back": 2,
    "push_back_steal_front": 3,
    "push_front_steal_front": 4,
}


#: Numeric parameters: (minimum, maximum, must be a multiple of), as the runtime checks them.
_LIMITS = {
    "queue_size": (1, 65536, 1),
    "event_table_buckets": (1, 16777216, 1),
    "param_buffer_bytes": (8, 1048576, 8),
    "stack_bytes": (8192, 1 << 40, 4096),
}

#: The parameter names, as ``--param`` and ``inspirec analyze --json`` spell them.
PARAMETER_NAMES = ("queue_policy", "queue_size", "event_table_buckets", "param_buffer_bytes",
                   "stack_bytes")  # fmt: skip


def _describe_limit(name: str) -> str:
    low, high, multiple = _LIMITS[name]
    text = f"an integer from {low} to {high}"
    return text + (f" and a multiple of {multiple}" if multiple > 1 else "")


@dataclass(frozen=True)
class RuntimeConfig:
    """One value per runtime parameter (units: work items, buckets, bytes)."""

    queue_policy: str = "push_back_steal_back"
    queue_size: int = 16
    event_table_buckets: int = 97
    param_buffer_bytes: int = 128
    stack_bytes: int = 8 * 1024 * 1024

    def __post_init__(self) -> None:
        if self.queue_policy not in QUEUE_POLICIES:
            raise ValueError(
                f"unknown queue policy '{self.queue_policy}' (valid: {', '.join(QUEUE_POLICIES)})"
            )
        for name, (low, high, multiple) in _LIMITS.items():
            value = getattr(self, name)
            if not isinstance(value, int) or not low <= value <= high or value % multiple:
                raise ValueError(f"{name} must be {_describe_limit(name)}, not {value}")

    def header(self, title: str, reasons: Mapping[str, str] | None = None) -> str:
        """The configuration as C ``#define`` lines, each after a comment with its reason."""
        lines = [f"/* {title} */"]
        for name, (macro, value) in zip(PARAMETER_NAMES, self.macros(), strict=True):
            why = (reasons or {}).get(name, "")
            comment = f"{name} = {getattr(self, name)}" + (f": {why}" if why else "")
            lines.append(f"/* {comment.replace('*/', '* /')} */")
            lines.append(f"#define {macro} {value}")
        return "\n".join(lines) + "\n"

    def macros(self) -> list[tuple[str, int]]:
        """The configuration as (macro, value) pairs for the runtime."""
        return [
            ("INSPIRE_QUEUE_POLICY", QUEUE_POLICIES[self.queue_policy]),
            ("INSPIRE_QUEUE_SIZE", self.queue_size),
            ("INSPIRE_EVENT_TABLE_BUCKETS", self.event_table_buckets),
            ("INSPIRE_PARAM_BUFFER_BYTES", self.param_buffer_bytes),
            ("INSPIRE_STACK_BYTES", self.stack_bytes),
        ]


_SUFFIXES = {"k": 1024, "m": 1024**2, "g": 1024**3}


def parse_param(text: str) -> tuple[str, int | str]:
    """``NAME=VALUE`` as (name, value); ValueError with the valid choices otherwise.

    Numbers accept a K, M or G suffix (binary multiples: ``64K`` is 65536).
    The value is checked against the runtime's limits.
    """
    name, sep, value = text.partition("=")
    name, value = name.strip(), value.strip()
    if not sep or not name:
        raise ValueError(f"malformed parameter '{text}' (expected NAME=VALUE)")
    if name not in PARAMETER_NAMES:
        raise ValueError(
            f"unknown runtime parameter '{name}' (valid: {', '.join(PARAMETER_NAMES)})"
        )
    if name == "queue_policy":
        if value not in QUEUE_POLICIES:
            raise ValueError(f"invalid queue_policy '{value}' (valid: {', '.join(QUEUE_POLICIES)})")
        return name, value
    scale = _SUFFIXES.get(value[-1:].lower(), 1)
    digits = value[:-1] if scale > 1 else value
    if not digits.isdigit():
        raise ValueError(f"invalid {name} '{value}': {_describe_limit(name)} (K/M/G suffixes)")
    number = int(digits) * scale
    low, high, multiple = _LIMITS[name]
    if not low <= number <= high or number % multiple:
        raise ValueError(f"invalid {name} '{value}': must be {_describe_limit(name)}")
    return name, number
