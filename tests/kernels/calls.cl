// calls.cl -- functions called with CALL/RET (-wq-inline=never on warpq):
// calls from divergent code, nested calls (the link saved in the frame),
// an early return inside a loop of a called function, a function called
// from a loop, and one that returns from inside a switch
//@ global 128
//@ local 64
//@ wq_options -wq-inline=never
//@ buf u32 128 rand 5 200
//@ buf u32 128 zero
//@ buf u32 128 zero
//@ print 1
//@ print 2
uint find_first(uint x, uint bit)
{
    for (uint i = 0; i < 32; i++) {
        if ((x >> i) & bit)
            return i;           /* early return from inside the loop */
    }
    return 99;
}

uint classify(uint v)
{
    switch (v % 5) {
    case 0: return 7;
    case 1: v *= 3;             /* fall through */
    case 2: return v + 1;
    default: break;
    }
    return v ^ 0x55;
}

uint outer(uint x)
{
    uint s = 0;
    for (uint i = 0; i < (x & 3); i++)
        s += find_first(x + i, 1) + classify(x + s);
    return s + classify(x);     /* nested calls: outer -> find_first, classify */
}

void note(__global uint *side, uint g, uint v)
{
    if (v > 100)
        return;
    side[g] = v + 1;
}

__kernel void calls(__global const uint *in, __global uint *out, __global uint *side)
{
    uint g = get_global_id(0);
    uint x = in[g];
    uint r = 0;
    if (x & 1) {                /* divergent call sites */
        r = outer(x);
        if (x & 4)
            r += find_first(x, 2) * 1000;
    } else {
        r = classify(x) + 500;
    }
    for (uint k = 0; k < (g & 7); k++)
        r += classify(r + k);
    out[g] = r;
    note(side, g, x);
}
