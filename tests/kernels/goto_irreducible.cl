// goto_irreducible.cl -- irreducible control flow made with goto, the jumps
// depending on each work-item's data (docs/compiler.md "goto"): a while
// loop entered in its middle as well as at its head, a for loop entered
// past its initialisation, a do-while entered in its body, two blocks that
// jump into each other (a loop with two entries), a four-state machine over
// the bits of a word whose every state can be entered from outside, and a
// jump from after two nested loops back into the inner one
//@ global 128
//@ local 32
//@ buf u32 128 rand 73
//@ buf u32 128 zero
//@ print 1
//@ expect_hash 1 0x7587a1ee

/* while loop with a second entry in the middle of its body */
static uint two_entries(uint v)
{
    uint i = v & 7, s = 1;
    if (v & 0x10)
        goto inside;
    while (i < 12) {
        s = s * 3 + i;
inside:
        s ^= i << 4;
        i += 1 + (s & 1);
    }
    return s + i * 0x10000;
}

/* for loop entered past its initialisation and condition */
static uint for_entry(uint v)
{
    uint n = 0, s = v & 0xFF;
    if ((v >> 8) & 1) {
        n = (v >> 9) & 3;
        goto body;
    }
    for (n = 0; n < 9; n++) {
        s += n;
body:
        s = (s * 5) & 0xFFF;
    }
    return s + (n << 16);
}

/* do-while entered after its first statement */
static uint do_entry(uint v)
{
    uint k = (v >> 4) & 15, s = 0;
    if (k & 1)
        goto second;
    do {
        s += 7;
second:
        s += k;
        k = k / 2;
    } while (k);
    return s;
}

/* a <-> b: either block can be entered first */
static uint ping_pong(uint v)
{
    uint x = v & 0x3F, steps = 0;
    if (v & 0x40)
        goto b;
a:
    x = x * 3 + 1;
    steps++;
    if (x & 4)
        goto done;
b:
    x = x / 2 + (x & 1);
    steps++;
    if (x > 3 && steps < 40)
        goto a;
done:
    return x + (steps << 8);
}

/* a machine over the bits of v, entered in the state of its top two bits;
 * each state consumes one bit and jumps to the next state */
static uint machine(uint v)
{
    uint bits = v, n = 0, out = 0;
    switch (v >> 30) {
    case 0: goto s0;
    case 1: goto s1;
    case 2: goto s2;
    default: goto s3;
    }
s0:
    if (n++ == 24) goto end;
    out = out * 2 + 0;
    if (bits & 1) { bits >>= 1; goto s1; }
    bits >>= 1;
    goto s2;
s1:
    if (n++ == 24) goto end;
    out += 3;
    bits >>= 1;
    if (bits & 2) goto s3;
    goto s0;
s2:
    if (n++ == 24) goto end;
    out ^= n;
    if ((bits >>= 1) & 1) goto s0;
s3:
    if (n++ == 24) goto end;
    out = out * 5 + (bits & 3);
    bits >>= 2;
    if (bits & 1) goto s2;
    goto s1;
end:
    return out;
}

/* from after two nested loops back into the inner one */
static uint back_inside(uint v)
{
    uint acc = 0, again = (v >> 12) & 3;
    uint i, j;
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 4; j++) {
inner:
            acc += i * 4 + j + (v & 3);
            if (acc & 0x100) break;
        }
    }
    if (again--) {
        i = 1;
        j = (v >> 14) & 3;
        goto inner;
    }
    return acc + (i << 12) + (j << 16);
}

__kernel void irreducible(__global const uint *in, __global uint *out)
{
    uint i = get_global_id(0), v = in[i];
    uint h = 0;
    h = h * 31 + two_entries(v);
    h = h * 31 + for_entry(v);
    h = h * 31 + do_entry(v);
    h = h * 31 + ping_pong(v);
    h = h * 31 + machine(v);
    h = h * 31 + back_inside(v);
    out[i] = h;
}
