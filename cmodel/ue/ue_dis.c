/* ue_dis.c -- the micro-engine's disassembler, and which bits of a word an
 * instruction reads.  The output is `wq ue asm` syntax that assembles back
 * to the same word: the canonical form when the word is what the assembler
 * writes, ".word" with the meaning as a comment otherwise (a word with bits
 * set in ignored fields, or the reserved opcode). */
#include <stdio.h>
#include <string.h>
#include "wq/ue.h"

#define M(F) WQ_UE_PUT(F, 0xFFFFFFFFu)
#define T_LO_W (WQ_UE_F_T_HI - WQ_UE_F_T_LO + 1)

/* Targets have 14 bits: 10:0 where they always were, and bits 13:11 in
 * bits the format ignored before ROMs of more than 2 048 words (B: 21:19,
 * J: 13:11), so smaller images keep the same words. */
uint32_t wq_ue_target(uint32_t w)
{
    unsigned fmt = wq_ue_ops[WQ_UE_GET(w, OP)].fmt;
    if (fmt == WQ_UE_FMT_B)
        return (WQ_UE_GET(w, TB) << T_LO_W) | WQ_UE_GET(w, T);
    if (fmt == WQ_UE_FMT_J)
        return (WQ_UE_GET(w, TJ) << T_LO_W) | WQ_UE_GET(w, T);
    return 0;
}

uint32_t wq_ue_set_target(uint32_t w, uint32_t t)
{
    unsigned fmt = wq_ue_ops[WQ_UE_GET(w, OP)].fmt;
    if (fmt == WQ_UE_FMT_B)
        return (w & ~(M(TB) | M(T))) | WQ_UE_PUT(TB, t >> T_LO_W) | WQ_UE_PUT(T, t);
    if (fmt == WQ_UE_FMT_J)
        return (w & ~(M(TJ) | M(T))) | WQ_UE_PUT(TJ, t >> T_LO_W) | WQ_UE_PUT(T, t);
    return w;
}

uint32_t wq_ue_used_mask(uint32_t word)
{
    unsigned op = WQ_UE_GET(word, OP);
    const wq_ue_opinfo_t *o = &wq_ue_ops[op];
    switch (op) {
    case WQ_UE_OP_IN:   return M(OP) | M(D) | M(PORT);
    case WQ_UE_OP_OUT:  return M(OP) | M(A) | M(PORT);
    case WQ_UE_OP_JR:
    case WQ_UE_OP_WSEL: return M(OP) | M(A) | M(K10);
    case WQ_UE_OP_HALT: return M(OP) | M(K10);
    case WQ_UE_OP_LIH:  return M(OP) | M(D) | M(LIH);
    case WQ_UE_OP_BZ:
    case WQ_UE_OP_BNZ:  return M(OP) | M(A) | M(TB) | M(T);
    default: break;
    }
    switch (o->fmt) {
    case WQ_UE_FMT_RI:
        if (!(o->flags & WQ_UE_FL_RB))                  /* ctz, clrl */
            return M(OP) | M(D) | M(A);
        return M(OP) | M(D) | M(A) | M(I) | (WQ_UE_GET(word, I) ? M(K10) : M(B));
    case WQ_UE_FMT_I:   return M(OP) | M(D) | M(A) | M(K10);
    case WQ_UE_FMT_L:   return M(OP) | M(D) | M(K19);
    case WQ_UE_FMT_B:   return M(OP) | M(BIT) | M(TB) | M(A) | M(T);
    case WQ_UE_FMT_J:   return M(OP) | M(D) | M(TJ) | M(T);
    default:            return 0xFFFFFFFFu;             /* reserved: as is */
    }
}

uint32_t wq_ue_canon(uint32_t word)
{
    const wq_ue_opinfo_t *o = &wq_ue_ops[WQ_UE_GET(word, OP)];
    uint32_t c = word & wq_ue_used_mask(word);
    if (o->flags & WQ_UE_FL_K)      /* the i bit is ignored; the assembler writes 1 */
        c |= WQ_UE_PUT(I, 1);
    return c;
}

static const char *reg(uint32_t r, char *buf)
{
    r &= 0xFFu;
    if (r < WQ_UE_GLOBALS)
        snprintf(buf, 8, "r%u", (unsigned)r);
    else
        snprintf(buf, 8, "w%u", (unsigned)(r - WQ_UE_GLOBALS));
    return buf;
}

static int32_t k10(uint32_t w)
{
    uint32_t k = WQ_UE_GET(w, K10);
    return (int32_t)((k ^ 0x200u) - 0x200u);
}

/* the instruction's text; target names the branch target, or NULL */
static void text(uint32_t w, const char *target, char *buf, size_t len)
{
    unsigned op = WQ_UE_GET(w, OP);
    const wq_ue_opinfo_t *o = &wq_ue_ops[op];
    char mn[8], d[8], a[8], b[8], t[24];
    size_t i;
    for (i = 0; o->name[i] && i + 1 < sizeof mn; i++)
        mn[i] = (char)(o->name[i] | 0x20);          /* lower case */
    mn[i] = 0;
    reg(WQ_UE_GET(w, D), d);
    reg(WQ_UE_GET(w, A), a);
    reg(WQ_UE_GET(w, B), b);
    if (target)
        snprintf(t, sizeof t, "%s", target);
    else
        snprintf(t, sizeof t, "%u", (unsigned)wq_ue_target(w));
    int32_t k = k10(w);
    unsigned wid = WQ_UE_GET(w, WID);
    switch (op) {
    case WQ_UE_OP_CTZ:
    case WQ_UE_OP_CLRL:
        snprintf(buf, len, "%s %s, %s", mn, d, a);
        return;
    case WQ_UE_OP_EXT:
    case WQ_UE_OP_INS:
        snprintf(buf, len, "%s %s, %s, %u, %u", mn, d, a, (unsigned)WQ_UE_GET(w, LO),
                 wid ? wid : 32u);
        return;
    case WQ_UE_OP_LI:
        snprintf(buf, len, "li %s, %d", d,
                 (int)((WQ_UE_GET(w, K19) ^ 0x40000u) - 0x40000u));
        return;
    case WQ_UE_OP_LIH:
        snprintf(buf, len, "lih %s, 0x%04x", d, (unsigned)WQ_UE_GET(w, LIH));
        return;
    case WQ_UE_OP_LD:
    case WQ_UE_OP_ST:
        if (k)
            snprintf(buf, len, "%s %s, [%s %c %d]", mn, d, a, k < 0 ? '-' : '+',
                     k < 0 ? -k : k);
        else
            snprintf(buf, len, "%s %s, [%s]", mn, d, a);
        return;
    case WQ_UE_OP_IN:
        snprintf(buf, len, "in %s, %u", d, (unsigned)WQ_UE_GET(w, PORT));
        return;
    case WQ_UE_OP_OUT:
        snprintf(buf, len, "out %u, %s", (unsigned)WQ_UE_GET(w, PORT), a);
        return;
    case WQ_UE_OP_BZ:
        if (WQ_UE_GET(w, A) == 0) {
            snprintf(buf, len, "j %s", t);
            return;
        }
        /* fall through */
    case WQ_UE_OP_BNZ:
        snprintf(buf, len, "%s %s, %s", mn, a, t);
        return;
    case WQ_UE_OP_BBC:
    case WQ_UE_OP_BBS:
        snprintf(buf, len, "%s %s, %u, %s", mn, a, (unsigned)WQ_UE_GET(w, BIT), t);
        return;
    case WQ_UE_OP_JAL:
        snprintf(buf, len, "jal %s, %s", d, t);
        return;
    case WQ_UE_OP_JR:
    case WQ_UE_OP_WSEL:
        snprintf(buf, len, "%s %s, %d", mn, a, (int)k);
        return;
    case WQ_UE_OP_HALT:
        snprintf(buf, len, "halt 0x%03x", (unsigned)WQ_UE_GET(w, K10));
        return;
    case WQ_UE_OP_RSV:
        snprintf(buf, len, "reserved: halt 0x%03x", (unsigned)WQ_UE_RSV_HALT_CODE);
        return;
    default:                                        /* R / I ALU forms */
        if (w == 0)
            snprintf(buf, len, "nop");
        else if (WQ_UE_GET(w, I))
            snprintf(buf, len, "%si %s, %s, %d", mn, d, a, (int)k);
        else if (op == WQ_UE_OP_OR && WQ_UE_GET(w, B) == 0)
            snprintf(buf, len, "mov %s, %s", d, a);
        else
            snprintf(buf, len, "%s %s, %s, %s", mn, d, a, b);
        return;
    }
}

char *wq_ue_disasm_sym(uint32_t word, const char *target, char *buf, size_t len)
{
    char t[64];
    if (WQ_UE_GET(word, OP) == WQ_UE_OP_RSV || wq_ue_canon(word) != word) {
        text(wq_ue_canon(word), NULL, t, sizeof t);
        snprintf(buf, len, ".word 0x%08x  ; %s", (unsigned)word, t);
    } else {
        text(word, target, buf, len);
    }
    return buf;
}

char *wq_ue_disasm(uint32_t word, char *buf, size_t len)
{
    return wq_ue_disasm_sym(word, NULL, buf, len);
}
