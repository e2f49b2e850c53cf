"""The runtime configuration: the five parameters of paper 000 (Table 1).

:class:`RuntimeConfig` holds one value per parameter; its defaults are the
runtime's own defaults (DESIGN §7, ``runtime_c/include/inspire_rt_config.h``).
:meth:`RuntimeConfig.macros` gives the ``#define``s the backend writes for it.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Queue policies: name -> value of INSPIRE_QUEUE_POLICY.
QUEUE_POLICIES = {
    "push_back_steal_back": 1,
    "push_front_steal_back": 2,
    "push_back_steal_front": 3,
    "push_front_steal_front": 4,
}


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
            raise ValueError(f"unknown queue policy {self.queue_policy}")
        for name in ("queue_size", "event_table_buckets", "param_buffer_bytes", "stack_bytes"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1")

    def macros(self) -> list[tuple[str, int]]:
        """The configuration as (macro, value) pairs for the runtime."""
        return [
            ("INSPIRE_QUEUE_POLICY", QUEUE_POLICIES[self.queue_policy]),
            ("INSPIRE_QUEUE_SIZE", self.queue_size),
            ("INSPIRE_EVENT_TABLE_BUCKETS", self.event_table_buckets),
            ("INSPIRE_PARAM_BUFFER_BYTES", self.param_buffer_bytes),
            ("INSPIRE_STACK_BYTES", self.stack_bytes),
        ]
