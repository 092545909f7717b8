// comma_aggregate.cl -- a comma whose left side is a struct or a union, a
// comma whose value is a struct, and aggregates as expression statements:
// each is evaluated for its side effects (the index increments) and its
// value is never loaded (docs/compiler.md "Lowering").  out[g] =
// (g + 1) + 7 + 256 * (g + 3).
//@ global 64
//@ local 32
//@ buf u32 64 seq 0
//@ buf u32 64 zero
//@ print 1
//@ expect_seq 1 0 776 1033 1290
//@ expect_seq 1 63 16967
struct P { int x, y; };
union U { int a; uint b; };

static int after(int v)
{
    union U u;
    u.a = v;
    return (u, v + 1);
}

__kernel void comma_aggregate(__global const uint *in, __global uint *out)
{
    uint g = get_global_id(0);
    struct P s;
    s.x = in[g];
    s.y = 2;
    __global const uint *q = in;
    uint i = g;
    s;
    (q[i++], s);
    uint r = (s, i);
    r += (q[i++], 7);
    out[g] = r + 256 * after(i);
}
