/* vector.c -- OpenCL C's vector types (OpenCL C 1.2 6.1.2): char2 ..
 * ulong16 and float2 .. float16 (float on a target with an FPU, parse.c
 * refuses it elsewhere), widths 2, 3, 4, 8 and 16, and their component
 * selectors (6.1.7).  A vector is aligned to its size; a 3-vector has the
 * size and alignment of a 4-vector.  The parser (parse.c) types vector
 * expressions, and lower.c gives each component a register of its own
 * (docs/compiler.md "Vector types"). */
#include <string.h>
#include "cc_int.h"

#define VT(e, n, sz) { .kind = TY_VEC, .size = (sz), .align = (sz), .base = &cc_ty_##e, .len = (n), \
                       .is_unsigned = 0, .name = #e #n }
#define VROW(e, s) { VT(e, 2, 2 * (s)), VT(e, 3, 4 * (s)), VT(e, 4, 4 * (s)), VT(e, 8, 8 * (s)), VT(e, 16, 16 * (s)) }

/* rows in cc_tykind_t order from TY_CHAR, then float; columns by width */
#define NROW 9
static cc_type_t vec[NROW][5] = {
    VROW(char, 1), VROW(uchar, 1), VROW(short, 2), VROW(ushort, 2),
    VROW(int, 4), VROW(uint, 4), VROW(long, 8), VROW(ulong, 8), VROW(float, 4),
};

static int width_col(int n)
{
    switch (n) {
    case 2: return 0;
    case 3: return 1;
    case 4: return 2;
    case 8: return 3;
    case 16: return 4;
    default: return -1;
    }
}

cc_type_t *cc_vec_type_at(int i)
{
    if (i < 0 || i >= NROW * 5) return NULL;
    return &vec[i / 5][i % 5];
}

cc_type_t *cc_vec_of(const cc_type_t *elem, int n)
{
    int col = width_col(n);
    if (col < 0) return NULL;
    if (elem->kind == TY_FLOAT) return &vec[NROW - 1][col];
    if (elem->kind < TY_CHAR || elem->kind > TY_ULONG) return NULL;
    return &vec[elem->kind - TY_CHAR][col];
}

int cc_is_vec(const cc_type_t *t) { return t && t->kind == TY_VEC; }

int cc_vec_regs(const cc_type_t *t)
{
    if (t->kind == TY_VEC) return t->len * (t->base->size == 8 ? 2 : 1);
    return t->size == 8 && t->kind != TY_STRUCT && t->kind != TY_ARRAY ? 2 : 1;
}

static int hexdig(char ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

/* .lo .hi .even .odd of a 3-vector treat it as a 4-vector whose last
 * component is undefined (OpenCL C 6.1.7): its .hi is (z, w) */
int cc_vec_swizzle(const char *s, int len, int n, unsigned char *idx, const char **err)
{
    int half = n == 3 ? 2 : n / 2;
    if ((len == 2 && !memcmp(s, "lo", 2)) || (len == 2 && !memcmp(s, "hi", 2)) ||
        (len == 4 && !memcmp(s, "even", 4)) || (len == 3 && !memcmp(s, "odd", 3))) {
        for (int i = 0; i < half; i++)
            idx[i] = (unsigned char)(s[0] == 'l' ? i : s[0] == 'h' ? half + i : s[0] == 'e' ? 2 * i : 2 * i + 1);
        return half;
    }
    if (len >= 2 && (s[0] == 's' || s[0] == 'S') && hexdig(s[1]) >= 0) {
        if (len - 1 > 16) { *err = "more than 16 components"; return 0; }
        for (int i = 1; i < len; i++) {
            int d = hexdig(s[i]);
            if (d < 0) { *err = "'.s' takes hexadecimal digits only (.xyzw names cannot be mixed in)"; return 0; }
            if (d >= n) { *err = "a component index beyond the vector's width"; return 0; }
            idx[i - 1] = (unsigned char)d;
        }
        return len - 1;
    }
    if (len > 4) { *err = "more than 4 components with .xyzw names (use .s0-.sF)"; return 0; }
    for (int i = 0; i < len; i++) {
        const char *at = strchr("xyzw", s[i]);
        if (!at || !s[i]) {
            *err = hexdig(s[i]) >= 0 || s[i] == 's' || s[i] == 'S'
                 ? "'.xyzw' names and '.s' indices cannot be mixed" : "not a component name";
            return 0;
        }
        if (at - "xyzw" >= n) { *err = "a component beyond the vector's width"; return 0; }
        idx[i] = (unsigned char)(at - "xyzw");
    }
    return len;
}
