// private.cl -- per-work-item private memory: a private array indexed by
// run-time values (a small insertion sort), a private struct, a
// byte array, an address-taken scalar updated through a pointer in a
// called function, and initializer lists (nested, partial: the rest is
// zero; a union through its first member); every work-item's frame is its own
//@ global 96
//@ local 32
//@ buf u32 96 rand 11 1000
//@ buf u32 96 zero
//@ buf u32 96 zero
//@ buf u32 96 zero
//@ print 1
//@ print 2
//@ print 3
typedef struct { uint lo, hi; uchar tag; short delta; } span_t;
typedef struct { short k; uchar name[3]; span_t s; } rec_t;

void bump(uint *p, uint by)
{
    for (uint i = 0; i < by; i++)
        *p += i;
}

__kernel void priv(__global const uint *in, __global uint *sorted, __global uint *misc,
                   __global uint *init)
{
    uint g = get_global_id(0);
    uint a[6];
    for (int i = 0; i < 6; i++)
        a[i] = in[(g * 7 + (uint)i * 13) % 96];
    for (int i = 1; i < 6; i++) {
        uint v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = v;
    }
    sorted[g] = a[g % 6] + a[0] * 10000u;

    span_t s;
    s.lo = a[0];
    s.hi = a[5];
    s.tag = (uchar)(g * 37);
    s.delta = (short)(s.lo - s.hi);
    uchar bytes[7];
    for (int i = 0; i < 7; i++)
        bytes[i] = (uchar)(g + (uint)i * 50);
    uint acc = g;
    if (g & 1)
        bump(&acc, g % 5);
    misc[g] = (uint)s.delta * 3u + s.tag + bytes[g % 7] + acc * 65536u;

    const uint primes[8] = { 2, 3, 5, 7, 11, 13 };
    rec_t r = { -3, { 'a', 'b' }, { g, g * 2, 9 } };
    uint m[2][3] = { { 1, 2, 3 }, { g } };
    union { uint w; uchar by[4]; } u = { 0x11223344u + g };
    init[g] = primes[g % 8] + (uint)r.k * 10u + r.name[g % 3] * 100u + r.s.hi + r.s.tag + (uint)r.s.delta +
              m[g & 1][g % 3] * 7u + u.by[g & 3] * 65536u;
}
