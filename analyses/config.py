"""The runtime configuration: the five parameters of paper 000 (Table 1), declared once.

:data:`PARAMETERS` is the one declaration of the runtime parameters: per
parameter its name (as ``--param`` and ``inspirec analyze --json`` spell
it), the runtime's C macro, the unit, the limits, the default and how a
``NAME=VALUE`` setting is parsed.  Everything else derives from it:
:class:`RuntimeConfig` (one field per parameter, in declaration order, with
the declared default), :data:`PARAMETER_NAMES`, :meth:`RuntimeConfig.macros`
and :meth:`RuntimeConfig.header` (what the backend writes), :func:`parse_param`,
the reports (:mod:`analyses.report`, :mod:`analyses.render`) and the command
line's help.

Contract with the runtime (``runtime_c/include/inspire_rt_config.h``): the
defaults are the header's ``#define`` defaults, a value inside the limits
passes the header's ``_Static_assert``s and a value outside them fails them
(``tests/analyses/test_policies.py`` compiles the boundaries to check both),
so a configuration that constructs also compiles.  The one exception is the
upper limit of ``stack_bytes``, which the runtime does not check (1 TiB is a
sanity limit of inspirec's own).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, make_dataclass

#: Queue policies: name -> value of INSPIRE_QUEUE_POLICY (the header's INSPIRE_<NAME> constants).
QUEUE_POLICIES = {
    "push_back_steal_back": 1,
    "push_front_steal_back": 2,
    "push_back_steal_front": 3,
    "push_front_steal_front": 4,
}

_SUFFIXES = {"k": 1024, "m": 1024**2, "g": 1024**3}


@dataclass(frozen=True)
class Parameter:
    """One runtime parameter.

    A *choice* parameter (``choices`` given) takes one of the names of
    ``choices`` and passes its number to the macro; a numeric one takes an
    integer from ``low`` to ``high`` that is a multiple of ``multiple``
    (``"bytes"`` parameters also accept K/M/G suffixes, binary multiples).
    """

    name: str
    macro: str
    unit: str
    default: int | str
    summary: str
    low: int = 0
    high: int = 0
    multiple: int = 1
    choices: Mapping[str, int] | None = None

    @property
    def is_bytes(self) -> bool:
        return self.unit == "bytes"

    def limits_text(self) -> str:
        """The valid values in words (for errors and help)."""
        if self.choices is not None:
            return "one of " + ", ".join(self.choices)
        text = f"an integer from {self.low} to {self.high}"
        return text + (f" and a multiple of {self.multiple}" if self.multiple > 1 else "")

    def valid(self, value: object) -> bool:
        """Whether ``value`` (already parsed) is a setting the runtime accepts."""
        if self.choices is not None:
            return isinstance(value, str) and value in self.choices
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.low <= value <= self.high
            and value % self.multiple == 0
        )

    def parse(self, text: str) -> int | str:
        """``text`` (the VALUE of ``NAME=VALUE``) as a checked value; ValueError otherwise."""
        value = text.strip()
        if self.choices is not None:
            if value not in self.choices:
                raise ValueError(
                    f"invalid {self.name} '{value}' (valid: {', '.join(self.choices)})"
                )
            return value
        scale = _SUFFIXES.get(value[-1:].lower(), 1) if self.is_bytes else 1
        digits = value[:-1] if scale > 1 else value
        suffixes = " (K/M/G suffixes)" if self.is_bytes else ""
        if not digits.isdigit():
            raise ValueError(f"invalid {self.name} '{value}': {self.limits_text()}{suffixes}")
        number = int(digits) * scale
        if not self.valid(number):
            raise ValueError(f"invalid {self.name} '{value}': must be {self.limits_text()}")
        return number

    def macro_value(self, value: int | str) -> int:
        """The number the runtime's macro receives for ``value``."""
        return self.choices[value] if self.choices is not None else int(value)

    def help_text(self) -> str:
        """One line for the command line's help: name, meaning, unit and limits."""
        unit = f" ({self.unit})" if self.unit else ""
        return f"{self.name}: {self.summary}{unit}, {self.limits_text()}, default {self.default}"


#: The runtime parameters, in the order of paper 000 Table 1 and of the configuration symbol.
PARAMETERS: tuple[Parameter, ...] = (
    Parameter(
        "queue_policy",
        "INSPIRE_QUEUE_POLICY",
        "",
        "push_back_steal_back",
        "where a worker pushes new work items and where others steal",
        choices=QUEUE_POLICIES,
    ),
    Parameter(
        "queue_size",
        "INSPIRE_QUEUE_SIZE",
        "work items",
        16,
        "per-worker deque capacity; a full deque runs new tasks at once",
        low=1,
        high=65536,
    ),
    Parameter(
        "event_table_buckets",
        "INSPIRE_EVENT_TABLE_BUCKETS",
        "buckets",
        97,
        "buckets of the event table that merge() on single thread groups uses",
        low=1,
        high=16777216,
    ),
    Parameter(
        "param_buffer_bytes",
        "INSPIRE_PARAM_BUFFER_BYTES",
        "bytes",
        128,
        "closure bytes stored inline in a work item (larger ones go to the heap)",
        low=8,
        high=1048576,
        multiple=8,
    ),
    Parameter(
        "stack_bytes",
        "INSPIRE_STACK_BYTES",
        "bytes",
        8 * 1024 * 1024,
        "usable stack of each work item",
        low=8192,
        high=1 << 40,
        multiple=4096,
    ),
)

#: Parameter by name.
PARAMETER = {p.name: p for p in PARAMETERS}

#: The parameter names, as ``--param`` and ``inspirec analyze --json`` spell them.
PARAMETER_NAMES = tuple(PARAMETER)


class _ConfigBehaviour:
    """The methods of :class:`RuntimeConfig` (its fields come from :data:`PARAMETERS`)."""

    __slots__ = ()

    def __post_init__(self) -> None:
        for p in PARAMETERS:
            value = getattr(self, p.name)
            if not p.valid(value):
                raise ValueError(f"{p.name} must be {p.limits_text()}, not {value!r}")

    def values(self) -> dict[str, int | str]:
        """Parameter name -> value, in declaration order."""
        return {p.name: getattr(self, p.name) for p in PARAMETERS}

    def macros(self) -> list[tuple[str, int]]:
        """The configuration as (macro, value) pairs for the runtime."""
        return [(p.macro, p.macro_value(getattr(self, p.name))) for p in PARAMETERS]

    def header(self, title: str, reasons: Mapping[str, str] | None = None) -> str:
        """The configuration as C ``#define`` lines, each after a comment with its reason."""
        lines = [f"/* {title} */"]
        for p in PARAMETERS:
            value = getattr(self, p.name)
            why = (reasons or {}).get(p.name, "")
            comment = f"{p.name} = {value}" + (f": {why}" if why else "")
            lines.append(f"/* {comment.replace('*/', '* /')} */")
            lines.append(f"#define {p.macro} {p.macro_value(value)}")
        return "\n".join(lines) + "\n"


RuntimeConfig = make_dataclass(
    "RuntimeConfig",
    [(p.name, type(p.default), field(default=p.default)) for p in PARAMETERS],
    bases=(_ConfigBehaviour,),
    frozen=True,
    slots=True,
)
RuntimeConfig.__module__ = __name__
RuntimeConfig.__doc__ = (
    "One value per runtime parameter (fields and defaults from :data:`PARAMETERS`); "
    "construction checks every value against the runtime's limits (ValueError)."
)


def parse_param(text: str) -> tuple[str, int | str]:
    """``NAME=VALUE`` as (name, value); ValueError with the valid choices otherwise.

    Byte sizes accept a K, M or G suffix (binary multiples: ``64K`` is 65536).
    The value is checked against the runtime's limits.
    """
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise ValueError(f"malformed parameter '{text}' (expected NAME=VALUE)")
    if name not in PARAMETER:
        raise ValueError(
            f"unknown runtime parameter '{name}' (valid: {', '.join(PARAMETER_NAMES)})"
        )
    return name, PARAMETER[name].parse(value)
