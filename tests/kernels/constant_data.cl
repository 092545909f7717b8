// constant_data.cl -- program-scope __constant data (docs/compiler.md
// "Program-scope __constant data"): a uchar lookup table read by a
// function with a run-time index, an array of structs whose initializer
// leaves the last element out (zero), a uint scalar read by value and
// through its address, and a long scalar; every work-item combines them.
//@ global 64
//@ local 32
//@ buf u32 64 zero
//@ print 0
//@ expect_seq 0 0 4294963551 4294963360 4294963642 4294963351 4294963760 4294964142 4294963451 4294963860 4294963542 4294963351
__constant uint K = 7;
__constant long BIG = -5000000000L;
__constant uchar tab[8] = { 3, 1, 4, 1, 5, 9, 2, 6 };
typedef struct { int a; short b; } pair_t;
__constant pair_t pairs[3] = { { 10, -1 }, { 20, -2 } };

uint look(uint i)
{
    return tab[i & 7] + K;
}

__kernel void constant_data(__global uint *out)
{
    uint i = get_global_id(0);
    __constant uint *kp = &K;
    out[i] = look(i) * 100 + pairs[i % 3].a + pairs[i % 3].b + *kp + (uint)(BIG >> 20) + sizeof(tab);
}
