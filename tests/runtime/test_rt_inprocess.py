"""Unit tests of the deque, the event table and the stack pool, calling the
runtime's C functions in-process (cffi; see rt_inprocess.py).  The guard-page
fault of a stack (test_stack_pool.c) still runs as a program of its own."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from rt_helpers import SRC, TESTS, Builder, Spec, check, run
from rt_inprocess import load

# Deque ends per policy (inspire_rt_config.h): (owner pushes front, thieves take front).
POLICIES = {1: (False, False), 2: (True, False), 3: (False, True), 4: (True, True)}


@pytest.fixture(scope="session")
def unit_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("rt_inprocess")


class Deque:
    """An inspire_deque_t of capacity ``cap`` holding the integers 0, 1, ...
    (as the pointers 1, 2, ...)."""

    def __init__(self, ffi, lib, cap: int) -> None:  # type: ignore[no-untyped-def]
        self.ffi, self.lib, self.cap = ffi, lib, cap
        self.d = ffi.new("inspire_deque_t *")
        self.count = ffi.new("int *")
        lib.inspire_deque_init(self.d, cap, self.count)
        self.same = ffi.addressof(lib, "test_same")

    def ptr(self, i: int):  # type: ignore[no-untyped-def]
        return self.ffi.cast("void *", i + 1)

    def id(self, p) -> int | None:  # type: ignore[no-untyped-def]
        return None if p == self.ffi.NULL else int(self.ffi.cast("intptr_t", p)) - 1

    def push(self, i: int) -> bool:
        return bool(self.lib.inspire_deque_push(self.d, self.ptr(i)))

    def pop(self) -> int | None:
        return self.id(self.lib.inspire_deque_pop(self.d))

    def pop_front_if(self, i: int) -> int | None:
        return self.id(self.lib.inspire_deque_pop_front_if(self.d, self.same, self.ptr(i)))

    def pop_newest_if(self, i: int) -> int | None:
        return self.id(self.lib.inspire_deque_pop_newest_if(self.d, self.same, self.ptr(i)))

    def steal(self, most: int) -> list[int]:
        got = self.ffi.new("void *[]", max(most, 1))
        k = self.lib.inspire_deque_steal(self.d, got, most)
        return [self.id(got[i]) for i in range(k)]  # type: ignore[misc]

    def size(self) -> int:
        return self.lib.inspire_deque_size(self.d)

    def fill(self) -> None:
        for i in range(self.cap):
            assert self.push(i)

    def drain(self) -> None:
        while self.pop() is not None:
            pass


@pytest.mark.parametrize("policy", sorted(POLICIES))
@pytest.mark.parametrize("cap", [1, 2, 5, 16])
def test_deque_order(unit_root: Path, policy: int, cap: int) -> None:
    """Owner pops the front; thieves take ceil(n/2) from the policy's end in
    front-to-back order; a full deque refuses a push and changes nothing."""
    ffi, lib = load(unit_root, {"INSPIRE_QUEUE_POLICY": policy})
    push_front, steal_front = POLICIES[policy]
    dq = Deque(ffi, lib, cap)
    assert dq.pop() is None and dq.steal(1) == []
    for _ in range(3):  # wrap around the ring
        dq.fill()
        assert dq.size() == cap and not dq.push(999) and dq.size() == cap
        # Front to back: cap-1..0 when pushing at the front, else 0..cap-1.
        order = list(range(cap))[::-1] if push_front else list(range(cap))
        k = (cap + 1) // 2
        stolen = dq.steal(cap)
        assert stolen == (order[:k] if steal_front else order[cap - k :])
        assert dq.size() == cap - k
        rest = order[k:] if steal_front else order[: cap - k]
        assert [dq.pop() for _ in rest] == rest
        assert dq.pop() is None and dq.size() == 0


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_deque_conditional_pops(unit_root: Path, policy: int) -> None:
    """pop_front_if / pop_newest_if take only a matching item at their end."""
    ffi, lib = load(unit_root, {"INSPIRE_QUEUE_POLICY": policy})
    push_front, _ = POLICIES[policy]
    dq = Deque(ffi, lib, 8)
    dq.fill()
    front, newest = (7, 7) if push_front else (0, 7)
    assert dq.pop_front_if(front + (-1 if push_front else 1)) is None
    assert dq.pop_newest_if(3) is None and dq.size() == 8
    assert dq.pop_front_if(front) == front
    newest = 6 if push_front else newest  # pushing at the front: the newest was the front
    assert dq.pop_newest_if(newest) == newest
    assert dq.size() == 6
    dq.drain()


@pytest.mark.parametrize("policy", sorted(POLICIES))
def test_deque_owner_against_thieves(unit_root: Path, policy: int) -> None:
    """The owner pushes and pops while two threads steal (the calls release
    the GIL, so they really run at once): every item is taken exactly once."""
    ffi, lib = load(unit_root, {"INSPIRE_QUEUE_POLICY": policy})
    dq = Deque(ffi, lib, 4)
    n = 20000
    taken: list[list[int]] = [[], [], []]
    done = threading.Event()

    def thief(slot: list[int]) -> None:
        while not done.is_set() or dq.size():
            slot.extend(dq.steal(2))

    thieves = [threading.Thread(target=thief, args=(taken[i],)) for i in (1, 2)]
    for t in thieves:
        t.start()
    i = step = 0
    while i < n:
        step += 1
        if step % 3 != 0:  # two pushes (when there is room) to one pop
            i += dq.push(i)
        elif (got := dq.pop()) is not None:
            taken[0].append(got)
    done.set()
    for t in thieves:
        t.join()
    taken[0].extend(iter(dq.pop, None))
    everything = sorted(x for slot in taken for x in slot)
    assert everything == list(range(n))
    assert taken[1] or taken[2], "the thieves never stole"
    lib.inspire_deque_destroy(dq.d)


class Events:
    def __init__(self, ffi, lib, buckets: int) -> None:  # type: ignore[no-untyped-def]
        self.ffi, self.lib = ffi, lib
        self.t = ffi.new("inspire_event_table_t *")
        lib.inspire_event_table_init(self.t, buckets)
        self.count_call = ffi.addressof(lib, "test_count_call")

    def handler(self):  # type: ignore[no-untyped-def]
        """A handler and its [calls, last payload] slot (keep both alive)."""
        slot = self.ffi.new("long[2]")
        h = self.ffi.new("inspire_event_handler_t *", {"fn": self.count_call, "arg": slot})
        return h, slot

    def payload(self, v: int):  # type: ignore[no-untyped-def]
        return self.ffi.cast("void *", v)

    def consume(self, key: int) -> int | None:
        out = self.ffi.new("void **")
        if not self.lib.inspire_event_consume(self.t, key, out):
            return None
        return int(self.ffi.cast("intptr_t", out[0]))


@pytest.mark.parametrize("buckets", [1, 97])
def test_event_table_semantics(unit_root: Path, buckets: int) -> None:
    """A handler registered before the event fires runs once with the
    payload; registering after it fired says so; consume removes it."""
    ffi, lib = load(unit_root, {})
    ev = Events(ffi, lib, buckets)
    h, slot = ev.handler()
    assert lib.inspire_event_register(ev.t, 5, h) == 0
    assert ev.consume(5) is None  # not fired yet
    lib.inspire_event_fire(ev.t, 5, ev.payload(77))
    assert list(slot) == [1, 77]
    late, late_slot = ev.handler()
    assert lib.inspire_event_register(ev.t, 5, late) == 1 and late_slot[0] == 0
    assert lib.inspire_event_table_count(ev.t) == 1
    assert ev.consume(5) == 77 and ev.consume(5) is None
    assert lib.inspire_event_table_count(ev.t) == 0
    # Keys that share a bucket stay apart.
    for key in range(1, 200):
        lib.inspire_event_fire(ev.t, key, ev.payload(key * 3))
    assert lib.inspire_event_table_count(ev.t) == 199
    assert [ev.consume(k) for k in range(199, 0, -1)] == [k * 3 for k in range(199, 0, -1)]
    lib.inspire_event_table_destroy(ev.t)


def test_event_table_register_against_fire(unit_root: Path) -> None:
    """Two threads register handlers while two fire the same keys: each
    handler runs exactly once if it was kept, never if it came too late."""
    ffi, lib = load(unit_root, {})
    ev = Events(ffi, lib, 7)
    n = 4000
    handlers = [ev.handler() for _ in range(n)]
    kept = [0] * n

    def register(start: int) -> None:
        for k in range(start, n, 2):
            kept[k] = lib.inspire_event_register(ev.t, k + 1, handlers[k][0]) == 0

    def fire(start: int) -> None:
        for k in range(n - 1 - start, -1, -2):
            lib.inspire_event_fire(ev.t, k + 1, ev.payload(k * 7 + 1))

    threads = [threading.Thread(target=f, args=(s,)) for f in (register, fire) for s in (0, 1)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for k, (_, slot) in enumerate(handlers):
        assert slot[0] == kept[k]
        if kept[k]:
            assert slot[1] == k * 7 + 1
        assert ev.consume(k + 1) == k * 7 + 1
    assert lib.inspire_event_table_count(ev.t) == 0
    lib.inspire_event_table_destroy(ev.t)


def test_stack_pool_reuse_and_limits(unit_root: Path) -> None:
    """Stacks are page aligned above their guard, come back LIFO, at most
    max_free stay pooled, and in_use counts what is acquired (the budget
    the scheduler compares it with)."""
    stack = 16384
    ffi, lib = load(unit_root, {"INSPIRE_STACK_BYTES": stack})
    pool = ffi.new("inspire_stack_pool_t *")
    lib.inspire_stack_pool_init(pool, 6)
    assert pool.budget == 6
    pool.max_free = 4
    never = ffi.addressof(lib, "test_never_entered")
    fibers = [lib.inspire_stack_acquire(pool, never, ffi.NULL) for _ in range(8)]
    assert pool.allocated == 8 and pool.in_use == 8
    for f in fibers:
        assert f.stack_size == stack + lib.INSPIRE_STACK_RESERVE_BYTES
        assert f.stack_lo == f.map_base + lib.INSPIRE_GUARD_BYTES
        assert int(ffi.cast("uintptr_t", f.stack_lo)) % 4096 == 0
    ffi.memmove(fibers[0].stack_lo, b"\xa5" * fibers[0].stack_size, fibers[0].stack_size)
    for f in fibers:
        lib.inspire_stack_release(pool, f)
    assert (pool.nfree, pool.unmapped, pool.in_use) == (4, 4, 0)
    again = lib.inspire_stack_acquire(pool, never, ffi.NULL)
    assert again == fibers[3] and pool.allocated == 8 and pool.in_use == 1
    lib.inspire_stack_release(pool, again)
    lib.inspire_stack_pool_destroy(pool)
    assert pool.nfree == 0


def test_stack_budget_shares_half_the_mappings(unit_root: Path) -> None:
    _, lib = load(unit_root, {})
    maps = int(Path("/proc/sys/vm/max_map_count").read_text())
    assert lib.inspire_stack_budget(1) == maps // 4
    assert lib.inspire_stack_budget(4) == maps // 4 // 4
    assert lib.inspire_stack_budget(1 << 20) == 16  # at least 16 stacks each


def test_stack_guard_page_faults(builder: Builder) -> None:
    """Writing just below a stack faults (in a child process of the test
    program)."""
    exe = builder.build(
        Spec(
            "stackpool",
            (TESTS / "test_stack_pool.c", SRC / "fiber.c", SRC / "stack_pool.c"),
            (("INSPIRE_STACK_BYTES", 16384),),
            include_src=True,
        )
    )
    assert "stack guard ok" in check(run(exe))
