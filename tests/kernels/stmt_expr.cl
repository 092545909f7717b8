// stmt_expr.cl -- GNU statement expressions `({ ...; v; })` as macro-heavy
// kernels write them (docs/compiler.md "The language"): a MAX macro that
// evaluates its operands once (side effects counted), nested statement
// expressions, one with a loop and a divergent `if` inside, one whose value
// is a struct, one whose value is a 64-bit integer, one of type void, and
// `__typeof__` temporaries.
//@ global 64
//@ local 32
//@ buf u32 64 rand32 3
//@ buf u32 384 zero
//@ print 1
//@ expect_hash 1 0x1598ceb0
#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define SWAP(x, y) ({ __typeof__(x) _t = (x); (x) = (y); (y) = _t; })
typedef struct { int lo, hi; } R;

int tri(int n) { return ({ int s = 0; for (int i = 0; i <= n; i++) s += i; s; }); }

__kernel void stmt_expr(__global const uint *in, __global uint *out)
{
    uint g = get_global_id(0);
    uint x = in[g], k = 0;
    uint m = MAX(x & 0xFFF, (k++, (x >> 12) & 0xFFF));       /* k counts 1 */
    uint n = MAX(MAX(g, 17u), ({ uint t = x % 50u; t + 3u; }));
    int y = ({
        int acc = (int)g;
        if (x & 1)
            acc = ({ int z = acc * 3; z - 1; });
        else
            for (int i = 0; i < (int)(g & 7); i++) acc += i;
        acc;
    });
    R r = ({ R q = { (int)g, (int)x }; if (g & 2) SWAP(q.lo, q.hi); q; });
    ulong w = ({ ulong a = (ulong)x << 20; a | g; });
    ({ out[g * 6u + 5u] = tri((int)(g & 15)); });
    out[g * 6u + 0u] = m + k * 1000000u;
    out[g * 6u + 1u] = n;
    out[g * 6u + 2u] = (uint)y;
    out[g * 6u + 3u] = (uint)r.lo * 3u + (uint)r.hi;
    out[g * 6u + 4u] = (uint)(w >> 16) ^ (uint)w;
}
