// control.cl -- divergent control flow per work-item: early return inside
// loops, break/continue nests, switch with fall-through, short-circuit
// conditions with side effects, ?:, and helper functions with early returns
// called from divergent code
//@ global 128
//@ local 32
//@ buf u32 128 rand 7
//@ buf u32 128 zero
//@ buf u32 128 zero
//@ print 1
//@ print 2
static uint collatz_steps(uint x, uint limit)
{
    uint n = 0;
    while (x != 1) {
        if (n == limit)
            return 0xFFFF;
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        n++;
    }
    return n;
}

inline int classify(uint v)
{
    switch (v % 7) {
    case 0: return 10;
    case 1:
    case 2: v += 3;                 /* fall through */
    case 3: return (int)(v & 15);
    case 5: break;
    default: return -1;
    }
    return 99;
}

static int touch(__global uint *p, int i) { p[i] += 1; return 1; }

__kernel void control(__global const uint *in, __global uint *out, __global uint *side)
{
    uint i = get_global_id(0);
    uint v = in[i] % 1000 + 1;
    uint acc = 0;
    for (uint a = 0; a < 6; a++) {
        if (a == (v & 3))
            continue;
        for (uint b = 0; b < 5; b++) {
            if (b > a)
                break;
            if (((v >> b) & 1) == 0)
                continue;
            acc += a * 10 + b;
        }
        if (acc > 150 && (v & 8))
            break;
    }
    /* short-circuit: touch() runs only where the left side allows it */
    if ((v & 1) && touch(side, (int)i))
        acc ^= 0x100;
    if ((v & 2) || touch(side, (int)i))
        acc ^= 0x200;
    acc += (uint)classify(v) * 0x10000u;
    acc += collatz_steps(v, 60 + (v & 31)) << 24;
    if (v % 5 == 0) {
        out[i] = acc | 0x80000000u;
        return;
    }
    out[i] = acc;
}
