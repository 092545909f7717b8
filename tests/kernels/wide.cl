// wide.cl -- 64-bit integers (long, ulong) as register pairs: add, sub,
// mul, shifts by run-time amounts 0..63, compares (signed and unsigned),
// conversions both ways, loads and stores through a __global ulong
// pointer, a private long array, ++/+=/<<=, ?:, and long arguments of a
// called function; eight 64-bit results per work-item
//@ global 64
//@ local 32
//@ buf u32 192 rand 9
//@ buf u32 1024 zero
//@ print 1
uint fold(ulong v, long w, uint n)
{
    uint h = 0;
    for (uint i = 0; i < n; i++) {
        h = h * 31u + (uint)(v >> (i * 8)) + (uint)w;
        w >>= 3;
    }
    return h;
}

long mix(long a, ulong b)
{
    return a * 3 - (long)(b >> 7);
}

__kernel void wide(__global const uint *in, __global uint *out)
{
    uint g = get_global_id(0);
    uint x = in[g], y = in[g + 64], z = in[g + 128];
    __global ulong *res = (__global ulong *)out + g * 8;
    ulong a = ((ulong)x << 32) | y;
    long b = (long)(int)z * -987654321L;
    ulong s = g & 63;
    res[0] = a + (ulong)b;
    res[1] = (ulong)(b - (long)a) * 0x9E3779B97F4A7C15UL;
    res[2] = (a >> s) ^ (a << (63 - s));
    res[3] = (ulong)(b >> s) + (ulong)((long)(short)x << 40);
    uint flags = (a < (ulong)b) | (b < 0L) << 1 | (b <= (long)a) << 2 | (a == ((ulong)x << 32 | y)) << 3 |
                 ((ulong)(uint)b != (ulong)b) << 4 | ((long)-1 < 1L) << 5 | (0xFFFFFFFFFFFFFFFFUL > 1UL) << 6;
    long arr[3] = { b, (long)a, -7 };
    long sum = 0;
    for (int i = 0; i < 3; i++) {
        sum += arr[i] >> (i * 20);
        arr[i] <<= 1;
    }
    sum++;
    res[4] = (ulong)sum + (ulong)arr[(g + 1) % 3] + flags;
    res[5] = (g & 1) ? (ulong)mix(b, a) : a * a;
    ulong back = res[0];
    res[6] = back - (ulong)(int)b + (uchar)a + (ushort)(b >> 3) + (int)(a >> 33);
    res[7] = fold(a, b, (g % 8) + 1) + ((ulong)fold(back, -b, 3) << 32);
}
