/* emit.c -- IR to .wqs text (the assembler's syntax, docs/spec.md
 * §Assembler), or the IR itself with virtual register names (--emit=ir).
 *
 * The output is meant to be read: a header per kernel with its resources,
 * a comment with the source line whenever the line changes, and one label
 * per basic block (`KERNEL.L<n>`: a dot cannot appear in a C identifier, so
 * it never collides with a kernel's name).  Copies that register
 * allocation made into `mov rX, rX` are dropped. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "cc_int.h"
#include "wq/defs.h"

/* the nested-work library's routines, by CC_LIB_* (CC_OP_LIBCALL's label) */
const char *const cc_libcall_name[4] = { "wq_enqueue", "wq_enqueue_nd", "wq_done", "wq_finish" };

static const char *op_name(int op)
{
    switch (op) {
#define INSN(n, code, fmt, flags) case code: return #n;
#include "../spec/isa.def"
#undef INSN
    default: return "?";
    }
}

int cc_op_flags(int op)
{
    switch (op) {
#define INSN(n, code, fmt, flags) case code: return (flags);
#include "../spec/isa.def"
#undef INSN
    default: return 0;
    }
}

int cc_op_fmt(int op)
{
    switch (op) {
#define INSN(n, code, fmt, flags) case code: return WQ_FMT_##fmt;
#include "../spec/isa.def"
#undef INSN
    default: return WQ_FMT_N;
    }
}

unsigned cc_op_uses(int op)
{
    switch (cc_op_fmt(op)) {
#define FMT(n, uses) case WQ_FMT_##n: return uses;
#include "../spec/isa_formats.def"
#undef FMT
    default: return 0;
    }
}

static const char *cmp_name(int c)
{
    switch (c) {
#define CMP(n, code) case code: return #n;
#include "../spec/isa_enums.def"
#undef CMP
    default: return "?";
    }
}

static const char *rm_name(int c)
{
    switch (c) {
#define RM(n, code) case code: return #n;
#include "../spec/isa_enums.def"
#undef RM
    default: return "?";
    }
}

/* an LD / ST width's suffix: none for the one-word default */
static const char *memw_name(int c)
{
    if (c == WQ_MEMW_W32) return "";
    switch (c) {
#define MEMW(n, code, words, bytes, sign, st) case code: return "." #n;
#include "../spec/isa_enums.def"
#undef MEMW
    default: return ".?";
    }
}

static const char *atom_name(int c)
{
    switch (c) {
#define ATOMOP(n, code) case code: return #n;
#include "../spec/isa_enums.def"
#undef ATOMOP
    default: return "?";
    }
}

static const char *sreg_name(int c)
{
    switch (c) {
#define SREG(n, code) case code: return #n;
#include "../spec/isa_enums.def"
#undef SREG
    default: return "?";
    }
}

/* "TID_X" -> "tid.x" */
static void lower_name(char *out, size_t cap, const char *s, int dots)
{
    size_t i = 0;
    for (; s[i] && i + 1 < cap; i++) out[i] = (dots && s[i] == '_') ? '.' : (char)tolower((unsigned char)s[i]);
    out[i] = 0;
}

typedef struct {
    cc_t *c;
    cc_buf_t *b;
    const cc_kout_t *k;
    int physical;
    uint32_t count;                 /* instructions written                   */
} em_t;

static const char *reg(em_t *e, int r, char *buf)
{
    if (r < 0) { sprintf(buf, "r%d", -r - 1); return buf; }
    if (e->physical) sprintf(buf, "r%d", e->c->vmap[r - CC_V0]);
    else sprintf(buf, "v%d", r - CC_V0);
    return buf;
}

static const char *pred(em_t *e, int p, char *buf)
{
    if (p == 0) return "pt";
    if (e->physical) sprintf(buf, "p%d", e->c->pmap[p]);
    else sprintf(buf, "P%d", p);
    return buf;
}

static void operand_b(em_t *e, const cc_ir_t *x, char *buf)
{
    char t[32];
    if (x->bi) {
        int32_t s = (int32_t)x->imm;
        if (s > -4096 && s < 4096) sprintf(buf, "%d", s);
        else sprintf(buf, "0x%08X", x->imm);
    } else {
        sprintf(buf, "%s", reg(e, x->b, t));
    }
}

static void mem(em_t *e, const cc_ir_t *x, char *buf)
{
    char t[32];
    if (x->imm == 0) sprintf(buf, "[%s]", reg(e, x->a, t));
    else if ((int32_t)x->imm < 0 && (int32_t)x->imm > -65536) sprintf(buf, "[%s-%d]", reg(e, x->a, t), -(int32_t)x->imm);
    else sprintf(buf, "[%s+%u]", reg(e, x->a, t), x->imm);
}

static void insn(em_t *e, const cc_ir_t *x)
{
    e->count++;
    if (x->op == CC_OP_LIBCALL) {
        cc_printf(e->c, e->b, "        call   r%d, %s\n", CC_LIB_LINK, cc_libcall_name[x->label]);
        return;
    }
    char n[32], g[48] = "", s1[32], s2[32], s3[48], s4[32];
    cc_buf_t *b = e->b;
    lower_name(n, sizeof n, op_name(x->op), 0);
    if (x->gp) sprintf(g, "@%s%s ", x->gn ? "!" : "", pred(e, x->gp, s4));
    switch (cc_op_fmt(x->op)) {
    case WQ_FMT_N:
        cc_printf(e->c, b, "        %s%s\n", g, n);
        break;
    case WQ_FMT_B:
        cc_printf(e->c, b, "        %s%-6s %s.L%d\n", g, n, e->k->fn->name, x->label);
        break;
    case WQ_FMT_BL:
        cc_printf(e->c, b, "        %s%-6s %s, %s.L%d\n", g, n, reg(e, x->d, s1), e->k->fn->name, x->label);
        break;
    case WQ_FMT_X:
        cc_printf(e->c, b, "        %s%-6s %s\n", g, n, reg(e, x->a, s1));
        break;
    case WQ_FMT_M1:
        if (e->physical && x->op == WQ_OP_MOV && !x->bi && !x->gp && x->d && x->b &&
            !strcmp(reg(e, x->d, s1), reg(e, x->b, s2)))
            { e->count--; return; }         /* a coalesced copy */
        operand_b(e, x, s3);
        cc_printf(e->c, b, "        %s%-6s %s, %s\n", g, n, reg(e, x->d, s1), s3);
        break;
    case WQ_FMT_R:
        operand_b(e, x, s3);
        cc_printf(e->c, b, "        %s%-6s %s, %s, %s\n", g, n, reg(e, x->d, s1), reg(e, x->a, s2), s3);
        break;
    case WQ_FMT_P: {
        char cn[16];
        lower_name(cn, sizeof cn, cmp_name(x->fn), 0);
        operand_b(e, x, s3);
        cc_printf(e->c, b, "        %s%s.%-3s %s, %s, %s\n", g, n, cn, pred(e, x->pd, s1), reg(e, x->a, s2), s3);
        break;
    }
    case WQ_FMT_CV: {               /* i2f.rne rd, rb: FN the rounding mode */
        char rn[16];
        lower_name(rn, sizeof rn, rm_name(x->fn), 0);
        operand_b(e, x, s3);
        cc_printf(e->c, b, "        %s%s.%-3s %s, %s\n", g, n, rn, reg(e, x->d, s1), s3);
        break;
    }
    case WQ_FMT_S:
        operand_b(e, x, s3);
        cc_printf(e->c, b, "        %s%-6s %s, %s, %s, %s%s\n", g, n, reg(e, x->d, s1), reg(e, x->a, s2), s3,
                  (x->fn & 8) ? "!" : "", pred(e, x->pd, s4));
        break;
    case WQ_FMT_LD:
    case WQ_FMT_ST: {
        char wn[16];
        lower_name(wn, sizeof wn, memw_name(x->fn), 0);
        strcat(n, wn);
        mem(e, x, s3);
        if (cc_op_fmt(x->op) == WQ_FMT_LD)
            cc_printf(e->c, b, "        %s%-6s %s, %s\n", g, n, reg(e, x->d, s1), s3);
        else
            cc_printf(e->c, b, "        %s%-6s %s, %s\n", g, n, s3, reg(e, x->b, s1));
        break;
    }
    case WQ_FMT_A: {
        char an[16];
        lower_name(an, sizeof an, atom_name(x->fn), 0);
        mem(e, x, s3);
        cc_printf(e->c, b, "        %satom.%-4s %s, %s, %s\n", g, an, reg(e, x->d, s1), s3, reg(e, x->b, s2));
        break;
    }
    case WQ_FMT_SR: {
        char sn[16];
        lower_name(sn, sizeof sn, sreg_name((int)x->imm), 1);
        cc_printf(e->c, b, "        %s%-6s %s, %s\n", g, n, reg(e, x->d, s1), sn);
        break;
    }
    default:
        cc_printf(e->c, b, "        ; ? op %d\n", x->op);
    }
}

/* the source line of a token, for a comment */
static void source_comment(em_t *e, const cc_tok_t *t)
{
    while (t && t->origin) t = t->origin;
    if (!t || !t->file) return;
    const char *s = t->loc, *start = t->file->text;
    while (s > start && s[-1] != '\n') s--;
    const char *end = t->loc;
    while (*end && *end != '\n') end++;
    while (s < end && (*s == ' ' || *s == '\t')) s++;
    const char *fn = strrchr(t->file->name, '/');
    fn = fn ? fn + 1 : t->file->name;
    cc_printf(e->c, e->b, "; %s:%d: %.*s\n", fn, t->line, (int)(end - s > 100 ? 100 : end - s), s);
}

static void body(em_t *e)
{
    const cc_code_t *cd = &e->k->code;
    const cc_tok_t *last = NULL;
    const cc_file_t *lastf = NULL;
    int lastline = -1;
    for (int i = 0; i < cd->n; i++) {
        const cc_ir_t *x = &cd->ir[i];
        if (x->op == CC_OP_LABEL) {
            cc_printf(e->c, e->b, "%s.L%d:\n", e->k->fn->name, x->label);
            continue;
        }
        const cc_tok_t *t = x->tok;
        while (t && t->origin) t = t->origin;
        if (t && t != last && (t->file != lastf || t->line != lastline)) {
            source_comment(e, t);
            lastf = t->file;
            lastline = t->line;
        }
        last = t;
        insn(e, x);
    }
}

void cc_emit(cc_t *c, cc_buf_t *b, cc_kout_t *k)
{
    em_t e = { c, b, k, 1, 0 };
    const wq_cc_kernel_t *ki = &k->info;
    cc_printf(c, b, "\n; ---- kernel %s: %u registers, %u bytes __local, %u bytes private, %u spilled, %u arguments\n",
              ki->name, ki->nregs, ki->local_bytes, ki->private_bytes, ki->spills, ki->nargs);
    for (uint32_t i = 0; i < ki->nargs; i++) {
        static const char *const kn[] = { "scalar", "global", "constant", "local" };
        cc_printf(c, b, ";      arg %u %s %s %s at param+%u\n", i, kn[ki->args[i].kind], ki->args[i].type_name,
                  ki->args[i].name, ki->args[i].offset);
    }
    if (ki->subv_segments)
        cc_printf(c, b, ";      %u sub-vector segments, shared base r%u\n", ki->subv_segments,
                  (ki->wave >> WQ_LDF_WAVE_SHARED_BASE_LO) & 31u);
    cc_printf(c, b, "%s:\n", ki->name);
    body(&e);
    k->info.ninsn = e.count;
}

void cc_print_ir(cc_t *c, cc_buf_t *b, const cc_kout_t *k)
{
    em_t e = { c, b, k, 0, 0 };
    cc_printf(c, b, "\n; ---- kernel %s (IR: %d virtual registers, %d predicates)\n%s:\n", k->fn->name,
              k->code.nvreg, k->code.npred, k->fn->name);
    body(&e);
}
