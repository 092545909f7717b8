// comma_aggregate.cl -- a comma whose left side is a struct or a union, a
// comma whose value is a struct, aggregates as expression statements, and
// prefetch (a hint this device has no instruction for): each is evaluated
// for its side effects (the index increments) and its value is never
// loaded (docs/compiler.md "The language").  out[g] =
// (g + 1) + 7 + 256 * (g + 4).
//@ global 64
//@ local 32
//@ buf u32 64 seq 0
//@ buf u32 64 zero
//@ print 1
//@ expect_seq 1 0 1032 1289 1546
//@ expect_seq 1 63 17223
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
    prefetch(q + g, 4);
    prefetch(q, i++);
    out[g] = r + 256 * after(i);
}
