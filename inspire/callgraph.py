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

from collections.abc import Callable, Iterable, Mapping

import networkx as nx


class CallGraph:
    """A directed graph: an edge ``f -> g`` says ``f`` calls (or uses) ``g``.

    ``functions`` lists the functions in their order; ``calls`` maps a caller
    to its callees in order.  A callee that is not listed in ``functions``
    becomes a node after the listed ones (in the order it first appears);
    repeated edges count once.
    """

    def __init__(self, functions: Iterable[str], calls: Mapping[str, Iterable[str]]) -> None:
        graph = nx.DiGraph()
        graph.add_nodes_from(functions)
        for caller, callees in calls.items():
            graph.add_node(caller)
            for callee in callees:
                graph.add_edge(caller, callee)
        self.graph = graph
        self._rank = {name: i for i, name in enumerate(graph.nodes)}

    def calls(self, caller: str, callee: str) -> bool:
        """Whether ``caller`` calls ``callee`` directly."""
        return self.graph.has_edge(caller, callee)

    def components_callees_first(self) -> list[tuple[tuple[str, ...], bool]]:
        """The strongly connected components, each after every component it calls.

        Each component is ``(members, recursive)``: its functions in their
        order, and whether they form a recursion (more than one function, or
        one that calls itself).  Among the components that are ready (all
        their callees come earlier), the one whose first member comes first is
        taken, so the order is a function of the given orders only.
        """
        condensed = nx.condensation(self.graph)
        first = {
            c: min(self._rank[m] for m in condensed.nodes[c]["members"]) for c in condensed.nodes
        }
        out = []
        for c in nx.lexicographical_topological_sort(condensed.reverse(), key=first.__getitem__):
            members = tuple(sorted(condensed.nodes[c]["members"], key=self._rank.__getitem__))
            recursive = len(members) > 1 or self.graph.has_edge(members[0], members[0])
            out.append((members, recursive))
        return out

    def reaching(self, targets: Iterable[str]) -> frozenset[str]:
        """The functions from which some target is reachable (the targets included).

        A target that is not a node of the graph reaches only itself.
        """
        found: set[str] = set()
        for target in targets:
            found.add(target)
            if target in self.graph:
                found.update(nx.ancestors(self.graph, target))
        return frozenset(found)

    def nearest(self, start: str, wanted: Callable[[str], bool]) -> list[str] | None:
        """A shortest call chain ``[start, ..., f]`` to a function ``f`` with
        ``wanted(f)``, or None if no reachable function is wanted.

        Breadth first, callees in their order: of the nearest wanted
        functions, the first one discovered wins.
        """
        if wanted(start):
            return [start]
        if start not in self.graph:
            return None
        parent: dict[str, str] = {}
        for caller, callee in nx.bfs_edges(self.graph, start):
            parent[callee] = caller
            if wanted(callee):
                chain = [callee]
                while chain[-1] != start:
                    chain.append(parent[chain[-1]])
                return chain[::-1]
        return None
