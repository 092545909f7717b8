// bfs.cl -- breadth-first search, level-synchronous over two frontier
// arrays, one launch per level (`//@ repeat`): pass 0 clears the levels and
// puts the source in the first frontier; pass p expands the nodes of one
// frontier into the other, claiming unvisited neighbours with level p
// (several parents may claim one node: they store the same values).  The
// graph: 128 nodes in CSR form, 3 random out-edges each.  Checked against a
// host BFS.
//@ global 128
//@ local 64
//@ buf u32 129 seq 0 3
//@ buf u32 384 rand 41 128
//@ buf u32 128 zero
//@ buf u32 128 zero
//@ buf u32 128 zero
//@ scalar u32 5
//@ scalar u32 0
//@ repeat 14 6
//@ print 2
//@ check bfs 0 1 2 5
#define UNSEEN 0xffffffffu
__kernel void bfs(__global const uint *row, __global const uint *col, __global uint *level,
                  __global uint *fa, __global uint *fb, uint src, uint pass)
{
    uint v = get_global_id(0);
    if (pass == 0) {
        level[v] = v == src ? 0 : UNSEEN;
        fa[v] = v == src;
        fb[v] = 0;
        return;
    }
    __global uint *cur = (pass & 1) ? fa : fb;
    __global uint *next = (pass & 1) ? fb : fa;
    if (!cur[v])
        return;
    cur[v] = 0;
    for (uint e = row[v]; e < row[v + 1]; e++) {
        uint w = col[e];
        if (level[w] != UNSEEN)
            continue;
        level[w] = pass;
        next[w] = 1;
    }
}
