/* type.c -- OpenCL C's integer types, pointers with address spaces, arrays
 * and structs; integer promotion and the usual arithmetic conversions.
 * OpenCL fixes the sizes: char 8, short 16, int 32, long 64 bits; size_t is
 * 32 bits on this device (CL_DEVICE_ADDRESS_BITS = 32); float is binary32
 * (on a device with an FPU: docs/compiler.md "Floating point"). */
#include <string.h>
#include "cc_int.h"

cc_type_t cc_ty_void   = { .kind = TY_VOID,   .size = 1, .align = 1, .name = "void" };
cc_type_t cc_ty_bool   = { .kind = TY_BOOL,   .size = 1, .align = 1, .is_unsigned = 1, .name = "bool" };
cc_type_t cc_ty_char   = { .kind = TY_CHAR,   .size = 1, .align = 1, .name = "char" };
cc_type_t cc_ty_uchar  = { .kind = TY_UCHAR,  .size = 1, .align = 1, .is_unsigned = 1, .name = "uchar" };
cc_type_t cc_ty_short  = { .kind = TY_SHORT,  .size = 2, .align = 2, .name = "short" };
cc_type_t cc_ty_ushort = { .kind = TY_USHORT, .size = 2, .align = 2, .is_unsigned = 1, .name = "ushort" };
cc_type_t cc_ty_int    = { .kind = TY_INT,    .size = 4, .align = 4, .name = "int" };
cc_type_t cc_ty_uint   = { .kind = TY_UINT,   .size = 4, .align = 4, .is_unsigned = 1, .name = "uint" };
cc_type_t cc_ty_long   = { .kind = TY_LONG,   .size = 8, .align = 8, .name = "long" };
cc_type_t cc_ty_ulong  = { .kind = TY_ULONG,  .size = 8, .align = 8, .is_unsigned = 1, .name = "ulong" };
cc_type_t cc_ty_float  = { .kind = TY_FLOAT,  .size = 4, .align = 4, .name = "float" };

int cc_is_integer(const cc_type_t *t) { return t->kind >= TY_BOOL && t->kind <= TY_ULONG; }
int cc_is_float(const cc_type_t *t) { return t->kind == TY_FLOAT; }
int cc_is_arith(const cc_type_t *t) { return cc_is_integer(t) || t->kind == TY_FLOAT; }
int cc_is_scalar(const cc_type_t *t) { return cc_is_arith(t) || t->kind == TY_PTR; }

cc_type_t *cc_pointer_to(cc_t *c, cc_type_t *base, cc_as_t as)
{
    cc_type_t *t = cc_alloc(c, sizeof *t);
    t->kind = TY_PTR;
    t->size = t->align = 4;
    t->is_unsigned = 1;
    t->base = base;
    t->as = as;
    return t;
}

cc_type_t *cc_array_of(cc_t *c, cc_type_t *base, int len)
{
    cc_type_t *t = cc_alloc(c, sizeof *t);
    t->kind = TY_ARRAY;
    t->size = base->size * len;
    t->align = base->align;
    t->base = base;
    t->len = len;
    return t;
}

cc_type_t *cc_qualified(cc_t *c, cc_type_t *t, int is_const, int is_volatile)
{
    if ((!is_const || t->is_const) && (!is_volatile || t->is_volatile)) return t;
    cc_type_t *n = cc_alloc(c, sizeof *n);
    *n = *t;
    n->is_const |= is_const;
    n->is_volatile |= is_volatile;
    return n;
}

static cc_type_t *const builtin[] = {
    &cc_ty_void, &cc_ty_bool, &cc_ty_char, &cc_ty_uchar, &cc_ty_short, &cc_ty_ushort,
    &cc_ty_int, &cc_ty_uint, &cc_ty_long, &cc_ty_ulong,
};

cc_type_t *cc_unqual(cc_type_t *t)
{
    if (t->kind <= TY_ULONG) return builtin[t->kind];
    if (t->kind == TY_FLOAT) return &cc_ty_float;
    return t;
}

cc_type_t *cc_promote(cc_type_t *t)
{
    if (t->kind < TY_INT && t->kind != TY_VOID) return &cc_ty_int;
    return cc_unqual(t);
}

cc_type_t *cc_common(cc_type_t *a, cc_type_t *b)
{
    a = cc_promote(a);
    b = cc_promote(b);
    if (a->kind == TY_PTR) return a;
    if (b->kind == TY_PTR) return b;
    /* float with any integer is float (C11 6.3.1.8) */
    if (a->kind == TY_FLOAT || b->kind == TY_FLOAT) return &cc_ty_float;
    int size = a->size > b->size ? a->size : b->size;
    int u = (a->size == size && a->is_unsigned) || (b->size == size && b->is_unsigned);
    if (size == 8) return u ? &cc_ty_ulong : &cc_ty_long;
    return u ? &cc_ty_uint : &cc_ty_int;
}

static const char *as_name(cc_as_t as)
{
    switch (as) {
    case AS_GLOBAL: return "__global ";
    case AS_CONSTANT: return "__constant ";
    case AS_LOCAL: return "__local ";
    default: return "";
    }
}

const char *cc_type_name(cc_t *c, const cc_type_t *t)
{
    const char *q = t->is_const ? "const " : "";
    switch (t->kind) {
    case TY_PTR: return cc_fmt(c, "%s%s*", as_name(t->as), cc_type_name(c, t->base));
    case TY_ARRAY: return cc_fmt(c, "%s[%d]", cc_type_name(c, t->base), t->len);
    case TY_FUNC: return cc_fmt(c, "function returning %s", cc_type_name(c, t->base));
    case TY_STRUCT: return cc_fmt(c, "%s%s %s", q, t->is_union ? "union" : "struct", t->name ? t->name : "<anonymous>");
    default: return cc_fmt(c, "%s%s", q, t->name ? t->name : "?");
    }
}
