// goto.cl -- goto and labels on per-work-item values, so that the threads of
// a warp take different jumps (docs/compiler.md "goto"): out of two nested
// loops, forward over code into the middle of a block, backward making a
// loop, out of a switch and into a case's body, into an if's else arm,
// over an initialised declaration, a retry loop that jumps back into an if,
// a backward jump over a region whose break and continue belong to the
// enclosing loop (and to a switch inside it), and gotos in a function
// called from divergent code
//@ global 128
//@ local 32
//@ buf u32 128 rand 71
//@ buf u32 128 zero
//@ print 1
//@ expect_hash 1 0x5413f755

/* the first pair (a, b) of a 6 x 6 grid whose running sum passes the limit */
static uint nested_exit(uint v)
{
    uint acc = 0, a, b;
    for (a = 0; a < 6; a++)
        for (b = 0; b < 6; b++) {
            acc += (v >> (a + b)) & 7;
            if (acc > (v & 63))
                goto found;
        }
    return 0xFFFF;
found:
    return a * 16 + b + (acc << 8);
}

/* forward over code, into the middle of a block */
static uint skip_ahead(uint v)
{
    uint r = v & 0xFF;
    if (v & 1)
        goto mid;
    r = r * 3 + 1;
    {
        r ^= 0x55;
mid:
        r += v >> 24;
        if (r & 2) goto tail;
        r <<= 1;
    }
tail:
    return r;
}

/* a loop made of a backward goto, a different trip count per work-item */
static uint back_loop(uint v)
{
    uint n = v & 15, s = 0;
again:
    s = s * 5 + n;
    if (n-- > 0)
        goto again;
    return s;
}

/* out of a switch, and into the body of a case from outside the switch */
static uint switch_jumps(uint v)
{
    uint r = 0;
    if ((v & 7) == 3)
        goto inside;
    switch ((v >> 3) & 3) {
    case 0:
        r = 10;
        if (v & 0x100) goto out;
        r += 1;
        break;
    case 1:
        r = 20;
inside:
        r += 5;
        if (v & 0x200) break;
    case 2:
        r += 7;
        goto out;
    default:
        r = 40;
    }
    r *= 3;
out:
    return r + ((v >> 16) & 0xF);
}

/* into the else arm of an if, over an initialised declaration */
static uint else_arm(uint v)
{
    uint r = 1;
    if (v & 0x10)
        goto in_else;
    if (v & 0x20) {
        r = 2;
        uint t = v * 7;
        r += t & 0xF;
    } else {
        int w = (int)(v & 0x3F) - 9;
in_else:
        r += 3;
        w = (int)(v >> 8 & 7);
        r += (uint)w;
    }
    return r;
}

/* retry: a backward goto into an if's arm (a loop the flag repeats) */
static uint retry(uint v)
{
    uint tries = 0, x = v;
    if (x & 1) {
        x = x * 3 + 1;
    } else {
again:
        x >>= 1;
        tries++;
    }
    if (x > 5 && tries < 20)
        goto again;
    return x + tries * 1000;
}

/* a backward goto over a region with break and continue of the enclosing
 * loop, and a continue inside a switch in that region */
static uint loop_region(uint v)
{
    uint acc = 0;
    for (uint i = 0; i < 8; i++) {
        uint k = 0;
top:
        k++;
        if (((v >> i) & 3) == 3 && k == 2)
            break;
        switch ((v >> (i + k)) & 3) {
        case 0: acc += 1; break;
        case 1: continue;
        default: acc += k * 10;
        }
        if (((v >> (2 * i)) & 1) == 0)
            continue;
        acc += i;
        if (k < 3)
            goto top;
    }
    return acc;
}

/* gotos in a function the kernel calls (a CALL with -wq-inline=never) */
__attribute__((noinline)) static uint called(uint v)
{
    uint r = v & 0x7F;
    if (r < 20) goto small;
    while (r > 40) {
        r -= 13;
        if (r == 50) goto done;
    }
    r += 100;
    goto done;
small:
    r *= 2;
done:
    return r;
}

__kernel void gotos(__global const uint *in, __global uint *out)
{
    uint i = get_global_id(0), v = in[i];
    uint h = 0;
    h = h * 31 + nested_exit(v);
    h = h * 31 + skip_ahead(v);
    h = h * 31 + back_loop(v);
    h = h * 31 + switch_jumps(v);
    h = h * 31 + else_arm(v);
    h = h * 31 + retry(v);
    h = h * 31 + loop_region(v);
    h = h * 31 + called(v);
    out[i] = h;
}
