"""The parallel structure of the example program (src/main.c + src/kernels.c),
pinned: if a change makes a task non-recursive, grows a closure or a stack, or
leaves a join uncoalesced, one of these tests fails and says what changed."""

import pytest
from inspirec.inspire import Address, builtin
from inspirec.inspire.nodes import LOOP_KINDS

from inspirec.testing import (
    assert_closure_at_most,
    assert_coalesced,
    assert_join_coalesced,
    assert_parameters,
    assert_stack_at_most,
    assert_task_context,
    assert_task_spawn,
)

PROGRAM = pytest.mark.inspirec("../src/main.c", "../src/kernels.c")


@PROGRAM
def test_tree_sum_is_recursive(inspirec_analysis):
    assert_task_context(inspirec_analysis, function="tree_sum", rho=2, loop_paths=0)


@PROGRAM
def test_block_sum_spawns_in_a_loop_and_joins_once(inspirec_analysis):
    assert_task_context(inspirec_analysis, function="block_sum", rho=0, loop_paths=1)
    assert_coalesced(inspirec_analysis, "block_sum")


@PROGRAM
def test_closures_and_stacks_stay_small(inspirec_analysis):
    assert_closure_at_most(inspirec_analysis, 16)
    assert_stack_at_most(inspirec_analysis, 32 * 1024)
    # tree_sum recurses, and the estimate assumes the recursion's depth: the
    # work items keep the runtime's default stack (rule M2)
    assert_parameters(inspirec_analysis, param_buffer_bytes=16, stack_bytes=8 * 1024 * 1024)


@PROGRAM
def test_marked_spots(inspirec_program):
    assert_task_spawn(inspirec_program, "left")
    assert_join_coalesced(inspirec_program, "join")
    # Address-level: the left task is spawned outside any loop of tree_sum.
    spawn = inspirec_program.mark("left").address
    assert spawn.first_ancestor(LOOP_KINDS) is None


@PROGRAM
def test_four_spawn_sites(inspirec_ir):
    # Two subtree tasks, the block tasks and main's parallel region.
    spawns = Address.root_of(inspirec_ir).calls_of(builtin("parallel"))
    assert len(spawns) == 4


@PROGRAM
def test_structure_snapshots(inspirec_snapshot):
    inspirec_snapshot("analysis")
    inspirec_snapshot("config")
    inspirec_snapshot("ir")


def test_a_smaller_cutoff_keeps_the_structure(inspirec_compile):
    program = inspirec_compile(
        "../src/main.c", "../src/kernels.c", defines=["CUTOFF=4"], tuning="none"
    )
    assert_task_context(program, function="tree_sum", rho=2, loop_paths=0)
    assert_parameters(program, queue_size=16)
