// switch.cl -- switch statements on per-lane values: dense and sparse case
// labels, fall-through, default in the middle, a switch inside a loop whose
// `break` leaves only the switch and whose `continue` the loop, and a
// nested switch
//@ global 128
//@ local 32
//@ buf u32 128 rand 53
//@ buf u32 128 zero
//@ print 1
//@ expect_hash 1 0x4f4035e6
__kernel void switch_k(__global const uint *in, __global uint *out)
{
    uint i = get_global_id(0), v = in[i];
    uint acc = 0;
    for (uint k = 0; k < 8; k++) {
        uint s = (v >> (3 * k)) & 7;
        switch (s) {
        case 0:
            acc += 1;
        case 1:
            acc += 10;
            break;
        default:
            acc ^= s << k;
            break;
        case 4:
            continue;
        case 5:
            switch (k & 3) {
            case 0: acc += 100; break;
            case 3: acc += 300;
            case 2: acc += 200; break;
            }
            break;
        case 7:
            acc *= 3;
        }
        acc += k;
    }
    switch (v % 1000) {
    case 1: case 17: case 999: acc = 0; break;
    case 500: acc = 1; break;
    }
    switch (i) {
    case 3: acc |= 0x80000000u; break;
    case 100: acc |= 0x40000000u; break;
    }
    out[i] = acc;
}
