// struct_alias.cl -- the alias pass and a pointer kept in a struct:
// work-item 0 runs a counted loop that writes `out` and reads through a
// pointer member aliasing it (out[i + 1] = v.p[i] + 3 with v.p == out), so
// each iteration reads the previous one's store.  scripts/kernels.sh runs
// it with the pass on (metadata: the arguments' buffers disjoint, which
// they are) and off: a load through a pointer loaded from memory must not
// move ahead of the stores of the unrolled body (docs/compiler.md "Alias
// metadata").  The loop is unrolled by 4: `wq cc --region` explains it;
// a pass that let a load of unknown origin pass a store ends with most of
// out[5..60] equal to 3.
//@ global 32
//@ local 32
//@ buf u32 64 rand32 9
//@ buf u32 64 zero
//@ scalar u32 60
//@ print 1
//@ expect_hash 1 0x8c39bb66
typedef struct { __global uint *p; uint k; } view_t;

__kernel void struct_alias(__global const uint *in, __global uint *out, uint n)
{
    if (get_global_id(0) != 0) return;
    view_t v = { out, in[1] & 7u };
    for (uint i = 0; i < 4; i++) out[i] = in[i];
    /* from i = 3: the stores start 16-byte aligned, so the unrolled
     * copy that groups its accesses into ST.V4 runs */
    for (uint i = 3; i < n; i++)
        out[i + 1] = v.p[i] + 3u;
}
