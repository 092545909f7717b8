/* ue_asm_ins.c -- the micro-engine assembler's instructions: mnemonic to
 * opcode (from the ue.def table; "<alu>i" is the immediate form), operand
 * syntax per format, and the pseudo-instructions nop, mov, j and li32.
 * Every word is written in the canonical form wq_ue_disasm() prints. */
#include <string.h>
#include <strings.h>
#include "ue_asm_int.h"

#define F(name, v) WQ_UE_PUT(name, (uint32_t)(v))

enum { PS_NONE = 32, PS_NOP, PS_MOV, PS_J, PS_LI32 };

static const struct { const char *name; unsigned id, size; } pseudo[] = {
    { "nop", PS_NOP, 1 }, { "mov", PS_MOV, 1 }, { "j", PS_J, 1 }, { "li32", PS_LI32, 2 },
};

/* opcode (0..31) or PS_*; *imm set for the "i" form; -1 unknown */
static int lookup(const char *mn, int *imm)
{
    *imm = 0;
    for (size_t i = 0; i < sizeof pseudo / sizeof pseudo[0]; i++)
        if (!strcasecmp(mn, pseudo[i].name))
            return (int)pseudo[i].id;
    size_t len = strlen(mn);
    for (int op = 0; op < 32; op++) {
        const wq_ue_opinfo_t *o = &wq_ue_ops[op];
        size_t n = strlen(o->name);
        if (o->fmt == WQ_UE_FMT_RSV)
            continue;
        if (len == n && !strncasecmp(mn, o->name, n))
            return op;
        if ((o->flags & WQ_UE_FL_RB) && len == n + 1 && !strncasecmp(mn, o->name, n) &&
            (mn[n] | 0x20) == 'i') {
            *imm = 1;
            return op;
        }
    }
    return -1;
}

unsigned ue__insn_size(const char *mnemonic)
{
    int imm, id = lookup(mnemonic, &imm);
    if (id < 0)
        return 0;
    for (size_t i = 0; i < sizeof pseudo / sizeof pseudo[0]; i++)
        if ((unsigned)id == pseudo[i].id)
            return pseudo[i].size;
    return 1;
}

int ue__emit(ue_as_t *as, uint32_t word)
{
    if (as->pass == 2 && as->pc < as->rom) {
        as->img->words[as->pc] = word;
        as->at[as->pc] = as->cur;
    }
    as->pc++;
    return 0;
}

static int comma(ue_as_t *as) { return ue__expect(as, ','); }

static int value(ue_as_t *as, int64_t lo, int64_t hi, const char *what, int64_t *v)
{
    return ue__expr(as, v) || ue__range(as, *v, lo, hi, what);
}

static int target(ue_as_t *as, uint32_t *t)
{
    int64_t v;
    if (value(as, 0, (int64_t)as->rom - 1, "branch target", &v))
        return -1;
    *t = (uint32_t)v;
    return 0;
}

/* [a], [a + k], [a - k], [k] */
static int memop(ue_as_t *as, uint32_t *a, int64_t *k)
{
    char c;
    *a = 0;
    *k = 0;
    if (ue__expect(as, '['))
        return -1;
    ue__ws(as);
    const char *at = as->s;
    char name[UE_AS_MAX_NAME + 1];
    unsigned r;
    int n = ue__ident(as, name, sizeof name);
    ue_sym_t *s = n > 0 ? ue__sym(as, name) : NULL;
    as->s = at;
    if (n > 0 && (ue__is_regname(name, &r) || (s && s->kind == UE_SYM_REG))) {
        if (ue__reg(as, a))
            return -1;
        ue__ws(as);
        c = *as->s;
        if (c == '+' || c == '-') {
            as->s++;
            if (ue__expr(as, k))
                return -1;
            if (c == '-')
                *k = (int64_t)(0 - (uint64_t)*k);
        }
    } else if (ue__expr(as, k)) {
        return -1;
    }
    if (ue__expect(as, ']'))
        return -1;
    return ue__range(as, *k, -512, 511, "offset");
}

int ue__insn(ue_as_t *as, const char *mnemonic)
{
    int imm, id = lookup(mnemonic, &imm);
    uint32_t d = 0, a = 0, b = 0, t = 0;
    int64_t k = 0, k2 = 0;
    if (id < 0)
        return ue__err(as, "unknown mnemonic '%s'", mnemonic);
    if (as->pass == 1) {            /* layout only */
        as->pc += ue__insn_size(mnemonic);
        return 0;
    }
    uint32_t op = id < 32 ? (uint32_t)id : 0, w = F(OP, op);
    int rc = 0;
    switch (id) {
    case PS_NOP:
        rc = ue__end(as) || ue__emit(as, 0);
        return rc ? -1 : 0;
    case PS_MOV:
        rc = ue__reg(as, &d) || comma(as) || ue__reg(as, &a) || ue__end(as);
        return rc ? -1 : ue__emit(as, F(OP, WQ_UE_OP_OR) | F(D, d) | F(A, a));
    case PS_J:
        rc = target(as, &t) || ue__end(as);
        return rc ? -1 : ue__emit(as, wq_ue_set_target(F(OP, WQ_UE_OP_BZ), t));
    case PS_LI32:
        rc = ue__reg(as, &d) || comma(as) ||
             value(as, INT32_MIN, UINT32_MAX, "li32 value", &k) || ue__end(as);
        if (rc)
            return -1;
        ue__emit(as, F(OP, WQ_UE_OP_LI) | F(D, d) | F(K19, (uint64_t)k & 0xFFFFu));
        return ue__emit(as, F(OP, WQ_UE_OP_LIH) | F(D, d) | F(LIH, ((uint64_t)k >> 16)));
    case WQ_UE_OP_CTZ:
    case WQ_UE_OP_CLRL:
        rc = ue__reg(as, &d) || comma(as) || ue__reg(as, &a);
        w |= F(D, d) | F(A, a);
        break;
    case WQ_UE_OP_EXT:
    case WQ_UE_OP_INS:
        rc = ue__reg(as, &d) || comma(as) || ue__reg(as, &a) || comma(as) ||
             value(as, 0, 31, "bit position", &k) || comma(as) ||
             value(as, 1, 32, "width", &k2);
        w |= F(D, d) | F(A, a) | F(I, 1) | F(LO, k) | F(WID, k2 & 31);
        break;
    case WQ_UE_OP_LI:
        rc = ue__reg(as, &d) || comma(as) || value(as, -262144, 262143, "li value", &k);
        w |= F(D, d) | F(K19, k);
        break;
    case WQ_UE_OP_LIH:
        rc = ue__reg(as, &d) || comma(as) || value(as, 0, 0xFFFF, "lih value", &k);
        w |= F(D, d) | F(LIH, k);
        break;
    case WQ_UE_OP_LD:
    case WQ_UE_OP_ST:
        rc = ue__reg(as, &d) || comma(as) || memop(as, &a, &k);
        w |= F(D, d) | F(A, a) | F(I, 1) | F(K10, k);
        break;
    case WQ_UE_OP_IN:
        rc = ue__reg(as, &d) || comma(as) || value(as, 0, 255, "port", &k);
        w |= F(D, d) | F(I, 1) | F(PORT, k);
        break;
    case WQ_UE_OP_OUT:
        rc = value(as, 0, 255, "port", &k) || comma(as) || ue__reg(as, &a);
        w |= F(A, a) | F(I, 1) | F(PORT, k);
        break;
    case WQ_UE_OP_BZ:
    case WQ_UE_OP_BNZ:
        rc = ue__reg(as, &a) || comma(as) || target(as, &t);
        w = wq_ue_set_target(w | F(A, a), t);
        break;
    case WQ_UE_OP_BBC:
    case WQ_UE_OP_BBS:
        rc = ue__reg(as, &a) || comma(as) || value(as, 0, 31, "bit", &k) || comma(as) ||
             target(as, &t);
        w = wq_ue_set_target(w | F(A, a) | F(BIT, k), t);
        break;
    case WQ_UE_OP_JAL:
        rc = ue__reg(as, &d) || comma(as) || target(as, &t);
        w = wq_ue_set_target(w | F(D, d), t);
        break;
    case WQ_UE_OP_JR:
    case WQ_UE_OP_WSEL:
        rc = ue__reg(as, &a) || (ue__accept(as, ',') && value(as, -512, 511, "offset", &k));
        w |= F(A, a) | F(I, 1) | F(K10, k);
        break;
    case WQ_UE_OP_HALT:
        rc = !ue__at_end(as) && value(as, 0, 1023, "halt code", &k);
        w |= F(I, 1) | F(K10, k);
        break;
    default:                        /* ALU: op d, a, b / opi d, a, k */
        rc = ue__reg(as, &d) || comma(as) || ue__reg(as, &a) || comma(as);
        if (!rc && imm)
            rc = value(as, -512, 511, "immediate", &k);
        else if (!rc) {
            ue__ws(as);
            if ((*as->s >= '0' && *as->s <= '9') || *as->s == '-' || *as->s == '(')
                return ue__err(as, "expected a register (the immediate form is %si)",
                               mnemonic);
            rc = ue__reg(as, &b);
        }
        w |= F(D, d) | F(A, a) | (imm ? F(I, 1) | F(K10, k) : F(B, b));
        break;
    }
    if (rc || ue__end(as))
        return -1;
    return ue__emit(as, w);
}
