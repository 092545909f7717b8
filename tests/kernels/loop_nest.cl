// loop_nest.cl -- break and continue in three nested loops of different
// kinds (for, while, do-while) with per-lane trip counts, a break out of an
// inner loop that leaves the outer running, and a counted loop whose body
// continues past half its lanes
//@ global 64
//@ local 32
//@ buf u32 64 rand 52
//@ buf u32 64 zero
//@ print 1
//@ expect_hash 1 0x343d1298
__kernel void loop_nest(__global const uint *in, __global uint *out)
{
    uint i = get_global_id(0), v = in[i];
    uint acc = 0, n = 3 + (v & 3);
    for (uint a = 0; a < n; a++) {
        if (((v >> a) & 3) == 2)
            continue;
        uint b = 0;
        while (b < a + 2) {
            b++;
            if ((b ^ v) & 1)
                continue;
            uint c = v >> (b & 15);
            do {
                if (c % 5 == 4)
                    break;
                acc += c & 0xff;
                c >>= 5;
            } while (c);
            if (acc > 4000 + (v & 0xfff))
                break;
        }
        if (acc & 0x10000)
            break;
        acc = acc * 3 + a;
    }
    for (uint k = 0; k < 16; k++) {
        if ((k + i) & 1)
            continue;
        acc += k;
    }
    out[i] = acc;
}
