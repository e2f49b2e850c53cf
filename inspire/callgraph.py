"""Call graphs of named functions, with orders that never depend on hashing.

One utility for every question the compiler asks about who calls whom: the
frontend's recursive sets (strongly connected components, lowered callees
first), the thread lowering's nearest blocking call (a shortest call chain)
and the backend's least fixpoints (the functions from which a property is
reachable).

Contract: the functions are the nodes in the order they were given (the
program's declaration order, say), the calls of a function keep the order
they were given in, and every order this module returns is derived from those
two orders alone.  So the same program gives the same components, chains and
first errors under any ``PYTHONHASHSEED``.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Callable, Iterable, Mapping


class CallGraph:
    """A directed graph: an edge ``f -> g`` says ``f`` calls (or uses) ``g``.

    ``functions`` lists the functions in their order; ``calls`` maps a caller
    to its callees in order.  A caller or callee that is not listed in
    ``functions`` becomes a node after the listed ones (in the order it first
    appears); repeated edges count once.  Plain dictionaries, not a graph
    library: the frontend's compile step (``inspirec-cc -c``) builds one for
    every unit, and importing a graph library would cost it more than the graph.
    """

    def __init__(self, functions: Iterable[str], calls: Mapping[str, Iterable[str]]) -> None:
        #: Each node's callees, in order (a dict as an ordered set); node order is the rank.
        self._callees: dict[str, dict[str, None]] = {name: {} for name in functions}
        for caller, callees in calls.items():
            out = self._callees.setdefault(caller, {})
            for callee in callees:
                self._callees.setdefault(callee, {})
                out[callee] = None
        self._rank = {name: i for i, name in enumerate(self._callees)}

    def calls(self, caller: str, callee: str) -> bool:
        """Whether ``caller`` calls ``callee`` directly."""
        return callee in self._callees.get(caller, ())

    def components_callees_first(self) -> list[tuple[tuple[str, ...], bool]]:
        """The strongly connected components, each after every component it calls.

        Each component is ``(members, recursive)``: its functions in their
        order, and whether they form a recursion (more than one function, or
        one that calls itself).  Among the components that are ready (all
        their callees come earlier), the one whose first member comes first is
        taken, so the order is a function of the given orders only.
        """
        components = self._components()
        component_of = {m: i for i, members in enumerate(components) for m in members}
        first = [self._rank[members[0]] for members in components]
        waiting = [0] * len(components)  # callee components not yet taken
        callers: list[set[int]] = [set() for _ in components]
        for i, members in enumerate(components):
            called = {component_of[g] for m in members for g in self._callees[m]} - {i}
            waiting[i] = len(called)
            for c in called:
                callers[c].add(i)
        ready = [(first[i], i) for i, n in enumerate(waiting) if n == 0]
        heapq.heapify(ready)
        out = []
        while ready:
            _, i = heapq.heappop(ready)
            members = components[i]
            recursive = len(members) > 1 or self.calls(members[0], members[0])
            out.append((members, recursive))
            for c in callers[i]:
                waiting[c] -= 1
                if waiting[c] == 0:
                    heapq.heappush(ready, (first[c], c))
        return out

    def _components(self) -> list[tuple[str, ...]]:
        """The strongly connected components (Tarjan's algorithm, without
        recursion), each with its members in their order."""
        index: dict[str, int] = {}
        low: dict[str, int] = {}
        stack: list[str] = []
        on_stack: set[str] = set()
        found: list[tuple[str, ...]] = []
        for root in self._callees:
            if root in index:
                continue
            work = [(root, iter(self._callees[root]))]
            index[root] = low[root] = len(index)
            stack.append(root)
            on_stack.add(root)
            while work:
                node, callees = work[-1]
                callee = next(callees, None)
                if callee is not None:
                    if callee not in index:
                        index[callee] = low[callee] = len(index)
                        stack.append(callee)
                        on_stack.add(callee)
                        work.append((callee, iter(self._callees[callee])))
                    elif callee in on_stack:
                        low[node] = min(low[node], index[callee])
                    continue
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    members = []
                    while True:
                        m = stack.pop()
                        on_stack.discard(m)
                        members.append(m)
                        if m == node:
                            break
                    found.append(tuple(sorted(members, key=self._rank.__getitem__)))
        return found

    def reaching(self, targets: Iterable[str]) -> frozenset[str]:
        """The functions from which some target is reachable (the targets included).

        A target that is not a node of the graph reaches only itself.
        """
        callers: dict[str, list[str]] = {}
        for caller, callees in self._callees.items():
            for callee in callees:
                callers.setdefault(callee, []).append(caller)
        found: set[str] = set()
        work = list(targets)
        found.update(work)
        while work:
            for caller in callers.get(work.pop(), ()):
                if caller not in found:
                    found.add(caller)
                    work.append(caller)
        return frozenset(found)

    def nearest(self, start: str, wanted: Callable[[str], bool]) -> list[str] | None:
        """A shortest call chain ``[start, ..., f]`` to a function ``f`` with
        ``wanted(f)``, or None if no reachable function is wanted.

        Breadth first, callees in their order: of the nearest wanted
        functions, the first one discovered wins.
        """
        if wanted(start):
            return [start]
        parent: dict[str, str] = {start: start}
        queue = deque([start])
        while queue:
            caller = queue.popleft()
            for callee in self._callees.get(caller, ()):
                if callee in parent:
                    continue
                parent[callee] = caller
                if wanted(callee):
                    chain = [callee]
                    while chain[-1] != start:
                        chain.append(parent[chain[-1]])
                    return chain[::-1]
                queue.append(callee)
        return None
