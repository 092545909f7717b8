/* gen_prog.c -- seeded random kernels for the lockstep regression.
 *
 * The program is written as .wqs text (the assembler does every encoding)
 * from structured statements, so control flow is always well nested and
 * every construct reconverges the way docs/spec.md §4.13 lowers it.  The
 * final memory must not depend on LANES, which constrains what may appear
 * where:
 *  - normal mode: the model's timing does not depend on LANES, so races
 *    between warps (shared stores, atomics returning old values, locks)
 *    resolve the same way on 8, 16 and 32 lanes;
 *  - sub-vector programs ("subv_prog"): a segment retires a LANES-dependent
 *    number of instructions, which shifts the warp against the others, so
 *    these programs avoid every timing-dependent interaction: no locks, no
 *    YIELD, atomics only commutative with the old value thrown away, shared
 *    stores only to the thread's own slot, no CLOCK after the prologue.
 *    Inside a segment, shared registers (r28..r31, SHARED_BASE 28) are
 *    written by every thread before it reads them and reset after the
 *    segment, so aliasing (§5.4) never leaks a LANES-dependent value --
 *    nor a mode-dependent one: every second segment is SUBV_AUTO.
 *  - timing-free programs (opts.timing_free, `--timing-free`): the RTL in
 *    lockstep has its own timing, so a race the model resolves one way the
 *    RTL may resolve another (both sides agree, the .expect from the
 *    model's free run does not hold).  These programs keep the sub-vector
 *    programs' data rules in normal mode (no locks, order-free atomics, no
 *    shared buffer), so every .expect holds under any timing.
 *
 * Registers: r0 tid, r1 global thread id, r2 the thread's output area,
 * r3..r15 data, r16..r19 scratch (dead across statements), r20..r23 loop
 * counter/bound (two loop levels), r24..r26 link registers by call level,
 * r27 link of the lock's critical section, r28..r31 sub-vector shared
 * temporaries.
 *
 * Memory of launch i, at PARAM = 0x00100000 * (i + 1):
 *   +0x000 16 atomic words, +0x040 4 locks, +0x050 4 lock counters,
 *   +0x060 4 lock accumulators, +0x100 shared buffer (256 words),
 *   +0x10000 + gtid * 256: per-thread area of 64 words -- 0..31 final
 *   registers, 32..50 the special registers up to CTAFLAT, 51..54
 *   per-thread lock counts, 55 S2R LOCAL (each launch has random __local
 *   blocks), 56..59 scratch (one .v4 slot), 60..61 barrier exchange (two
 *   slots used in turn). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gen_int.h"
#include "wq/asm.h"
#include "wq/loader.h"
#include "wq/isa.h"

#define AREA_BASE   WQ_GEN_AREA_BASE
#define AREA_STEP   WQ_GEN_AREA_STEP
#define OFF_ATOM    0x000u
#define OFF_LOCK    0x040u
#define OFF_LCNT    0x050u
#define OFF_LACC    0x060u
#define SHW_WORDS   32u
#define OFF_SHBUF   0x100u
#define SHBUF_WORDS 256u
#define OFF_OUT     0x10000u
#define TH_BYTES    256u
#define TH_SREG     128u          /* word 32 */
#define TH_LCNT     204u          /* word 51 */
#define TH_LOCAL    220u          /* word 55 */
#define TH_SCR      224u          /* word 56, 16-aligned */
#define TH_PUB      240u          /* words 60, 61 */
#define NLOCKS      4u
#define MAX_LEVEL   3u            /* call nesting */
#define MAX_NEST    4u            /* compound statement nesting */
#define SHR_BASE    28u           /* SHARED_BASE of sub-vector programs */
#define MAX_TICKS   20000000u

static const unsigned n_sregs[] = {   /* (its size: the special registers) */
#define SREG(n, c) c,
#include "../spec/isa_enums.def"
#undef SREG
};
#define N_SREGS ((unsigned)(sizeof n_sregs / sizeof n_sregs[0]))

typedef struct pg {
    wq_rng_t rng;
    wq_gen_opts_t o;
    unsigned feat;                /* features allowed in this program */
    unsigned used;                /* features emitted                 */
    int      subv_prog, yield_fires;
    unsigned nseg;              /* segments emitted: every second is SUBV_AUTO */
    int      tfree;             /* no timing-dependent interaction: subv_prog
                                   or opts.timing_free */
    unsigned label, budget;
    unsigned nfunc[MAX_LEVEL + 1];
    unsigned locks_made;          /* bit i: critical section C<i> emitted */
    unsigned nbar;                /* barrier exchanges emitted */
    wq_buf_t funcs;
} pg_t;

typedef struct blk {
    wq_buf_t *b;
    unsigned nest;                /* compound statements around this one */
    unsigned loopd;               /* enclosing loops of this function    */
    unsigned brk, cont;           /* labels of the innermost loop        */
    unsigned level;               /* call level: 0 = main                */
    int in_seg, in_region, top;   /* in a segment / any sub-vector region; top level of main */
    int in_func;                  /* loops (counters r20..r23) stay in main */
} blk_t;

static const char *const alu_ops[] = {
    "add", "sub", "mul", "mulhu", "and", "or", "xor", "shl", "shr", "sra",
    "min", "max", "minu", "maxu",
};
static const char *const cmp_ops[] = {
    "eq", "ne", "lt", "le", "gt", "ge", "ltu", "leu", "gtu", "geu",
};
static const char *const atom_ops[] = {
    "add", "exch", "cas", "min", "max", "minu", "maxu", "and", "or", "xor",
};
/* commutative: the final memory does not depend on the order of lanes */
static const char *const atom_comm[] = {
    "add", "min", "max", "minu", "maxu", "and", "or", "xor",
};
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

static unsigned rnd(pg_t *g, unsigned n) { return wq_rng_below(&g->rng, n); }
static int chance(pg_t *g, unsigned pct) { return wq_rng_chance(&g->rng, pct); }
static unsigned lbl(pg_t *g) { return g->label++; }
static unsigned dreg(pg_t *g) { return 3 + rnd(g, 13); }

/* operand B: a register or an immediate of a few useful shapes */
static void opb(pg_t *g, char *s, size_t n, const blk_t *k)
{
    switch (rnd(g, 6)) {
    case 0: case 1: snprintf(s, n, "r%u", dreg(g)); break;
    case 2:
        if (k->in_seg) { snprintf(s, n, "r%u", SHR_BASE + rnd(g, 4)); break; }
        snprintf(s, n, "r%u", rnd(g, 3));
        break;
    case 3: snprintf(s, n, "%u", rnd(g, 32)); break;
    case 4: snprintf(s, n, "0x%x", (uint32_t)wq_rng_next(&g->rng)); break;
    default: snprintf(s, n, "%u", rnd(g, 1000)); break;
    }
}

static void guard(pg_t *g, char *s, size_t n)
{
    unsigned r = rnd(g, 10);
    if (r < 5) s[0] = 0;
    else if (r < 9) snprintf(s, n, "@%sp%u ", chance(g, 50) ? "!" : "", rnd(g, 4));
    else snprintf(s, n, "@%s ", chance(g, 50) ? "pt" : "!pt");
}

/* DIVU / DIV / REMU / REM: a random operand b, or one of RISC-V's special
 * cases (b = 0, b = -1 against a dividend of INT_MIN in the scratch r16,
 * INT_MIN as divisor) half the time */
static void s_div(pg_t *g, blk_t *k, const char *gd, unsigned d, unsigned a, const char *b)
{
    static const char *const div_ops[] = { "divu", "div", "remu", "rem" };
    static const char *const edge_b[] = { "0", "0xffffffff", "0x80000000", "1" };
    const char *op = div_ops[rnd(g, NELEM(div_ops))];
    switch (rnd(g, 4)) {
    case 0:
        wq_buf_printf(k->b, "    %s%s r%u, r%u, %s\n", gd, op, d, a, edge_b[rnd(g, NELEM(edge_b))]);
        break;
    case 1:
        wq_buf_printf(k->b, "    mov r16, 0x80000000\n    %s%s r%u, r16, %s\n", gd, op, d,
                      chance(g, 50) ? "0xffffffff" : b);
        break;
    default:
        wq_buf_printf(k->b, "    %s%s r%u, r%u, %s\n", gd, op, d, a, b);
    }
}

/* the FP instructions (opts.fp): operands are whatever the data registers
 * hold -- their bit patterns cover every class (NaNs, infinities,
 * subnormals, zeros) -- or a float constant of a few useful shapes; the
 * conversions take a random rounding mode.  FFMA accumulates into rd. */
static void s_fp(pg_t *g, blk_t *k, const char *gd, unsigned d, unsigned a)
{
    static const char *const rr[] = { "fadd", "fsub", "fmul", "ffma", "fdiv", "fmin", "fmax" };
    static const char *const r1[] = { "fsqrt", "fclass" };
    static const char *const cv[] = { "i2f", "u2f", "f2i", "f2u" };
    static const char *const rm[] = { "", ".rne", ".rtz", ".rdn", ".rup" };
    static const char *const fconst[] = {
        "0x3f800000", "0xbf800000", "0x00000000", "0x80000000", "0x7f800000",
        "0xff800000", "0x7fc00000", "0x00000001", "0x7f7fffff", "0x4b000000",
    };
    char b[32];
    if (chance(g, 30)) snprintf(b, sizeof b, "%s", fconst[rnd(g, NELEM(fconst))]);
    else snprintf(b, sizeof b, "r%u", k->in_seg && chance(g, 30) ? SHR_BASE + rnd(g, 4) : dreg(g));
    switch (rnd(g, 8)) {
    case 0:
        wq_buf_printf(k->b, "    %sfsetp.%s p%u, r%u, %s\n", gd, cmp_ops[rnd(g, NELEM(cmp_ops))],
                      rnd(g, 4), a, b);
        break;
    case 1:
        wq_buf_printf(k->b, "    %s%s r%u, %s\n", gd, r1[rnd(g, NELEM(r1))], d, b);
        break;
    case 2:
        wq_buf_printf(k->b, "    %s%s%s r%u, %s\n", gd, cv[rnd(g, NELEM(cv))], rm[rnd(g, NELEM(rm))],
                      d, b);
        break;
    default:
        wq_buf_printf(k->b, "    %s%s r%u, r%u, %s\n", gd, rr[rnd(g, NELEM(rr))], d, a, b);
    }
}

static void s_alu(pg_t *g, blk_t *k)
{
    char b[32], gd[16];
    opb(g, b, sizeof b, k);
    guard(g, gd, sizeof gd);
    unsigned d = dreg(g), a = chance(g, 80) ? dreg(g) : rnd(g, 3);
    if (k->in_seg && chance(g, 30)) a = SHR_BASE + rnd(g, 4);
    switch (rnd(g, 10)) {
    case 9: s_div(g, k, gd, d, a, b); break;
    case 7: case 6: case 5: case 4:     /* (half the ALU statements with opts.fp) */
        if (g->o.fp) { s_fp(g, k, gd, d, a); break; }
        wq_buf_printf(k->b, "    %s%s r%u, r%u, %s\n", gd, alu_ops[rnd(g, NELEM(alu_ops))], d, a, b);
        break;
    case 0: wq_buf_printf(k->b, "    %smov r%u, %s\n", gd, d, b); break;
    case 8: wq_buf_printf(k->b, "    %snop\n", gd); break;
    case 1:
        wq_buf_printf(k->b, "    %ssel r%u, r%u, %s, %sp%u\n", gd, d, a, b,
                      chance(g, 50) ? "!" : "", rnd(g, 4));
        break;
    case 2:
        wq_buf_printf(k->b, "    %ssetp.%s p%u, r%u, %s\n", gd, cmp_ops[rnd(g, NELEM(cmp_ops))],
                      rnd(g, 4), a, b);
        break;
    default:
        wq_buf_printf(k->b, "    %s%s r%u, r%u, %s\n", gd, alu_ops[rnd(g, NELEM(alu_ops))], d,
                      a, b);
    }
    g->used |= WQ_GEN_F_ALU;
}

/* p<pr> := a data-dependent condition that splits the threads */
static void cond(pg_t *g, blk_t *k, unsigned pr)
{
    unsigned a = dreg(g);
    if (chance(g, 60)) {
        wq_buf_printf(k->b, "    and r16, r%u, %u\n    setp.%s p%u, r16, 0\n", a,
                      1u << rnd(g, 6), chance(g, 50) ? "ne" : "eq", pr);
    } else {
        char b[32];
        opb(g, b, sizeof b, k);
        wq_buf_printf(k->b, "    setp.%s p%u, r%u, %s\n", cmp_ops[rnd(g, NELEM(cmp_ops))],
                      pr, a, b);
    }
}

static void block(pg_t *g, blk_t *k, unsigned n);

static blk_t inner(const blk_t *k)
{
    blk_t c = *k;
    c.nest++;
    c.top = 0;
    return c;
}

static void s_if(pg_t *g, blk_t *k)
{
    unsigned L = lbl(g), Le = lbl(g), Lp = lbl(g);
    blk_t c = inner(k);
    cond(g, k, 6);
    wq_buf_printf(k->b, "    ssy L%u\n    @%sp6 bra L%u\n", L, chance(g, 50) ? "!" : "", Le);
    block(g, &c, 1 + rnd(g, 3));
    /* the then-side leaves by BRA (relative) or JMP (absolute) */
    wq_buf_printf(k->b, "    %s L%u\nL%u:\n", chance(g, 50) ? "bra" : "jmp", Lp, Le);
    if (chance(g, 70)) block(g, &c, 1 + rnd(g, 3));
    wq_buf_printf(k->b, "L%u:\n    sync L%u\nL%u:\n", Lp, L, L);
    g->used |= WQ_GEN_F_IF;
}

/* for (c = 0; c < bound; c++) { body }  with break/continue in the body;
 * bound is per thread (1..4) or uniform */
static void s_loop(pg_t *g, blk_t *k)
{
    unsigned rc = 20 + 2 * k->loopd, rb = rc + 1;
    unsigned Lx = lbl(g), Lh = lbl(g), Lc = lbl(g);
    blk_t c = inner(k);
    c.loopd++;
    c.brk = Lx;
    c.cont = Lc;
    wq_buf_printf(k->b, "    mov r%u, 0\n", rc);
    if (chance(g, 70))
        wq_buf_printf(k->b, "    and r%u, r%u, 3\n    add r%u, r%u, 1\n", rb, dreg(g), rb, rb);
    else
        wq_buf_printf(k->b, "    mov r%u, %u\n", rb, 1 + rnd(g, 3));
    wq_buf_printf(k->b, "    pbrk L%u\nL%u:\n    pcont L%u\n", Lx, Lh, Lc);
    block(g, &c, 1 + rnd(g, 4));
    wq_buf_printf(k->b, "    cont L%u\nL%u:\n    add r%u, r%u, 1\n"
                  "    setp.geu p5, r%u, r%u\n    @p5 brk L%u\n", Lc, Lc, rc, rc, rc, rb, Lx);
    if ((g->feat & WQ_GEN_F_YIELD) && !k->in_region && !g->subv_prog && chance(g, 60)) {
        wq_buf_printf(k->b, "    yield\n");
        g->used |= WQ_GEN_F_YIELD;
    }
    wq_buf_printf(k->b, "    bra L%u\nL%u:\n", Lh, Lx);
    g->used |= WQ_GEN_F_LOOP;
}

static void s_brkcont(pg_t *g, blk_t *k)
{
    cond(g, k, 5);
    if (chance(g, 50)) wq_buf_printf(k->b, "    @p5 brk L%u\n", k->brk);
    else wq_buf_printf(k->b, "    @p5 cont L%u\n", k->cont);
    g->used |= WQ_GEN_F_LOOP;
}

static void s_call(pg_t *g, blk_t *k)
{
    unsigned lv = k->level + 1, id;
    char gd[16] = "";
    if (!g->nfunc[lv] || (g->nfunc[lv] < 3 && chance(g, 50))) {
        id = g->nfunc[lv]++;
        /* the callee is written to its own buffer (it may call deeper) */
        wq_buf_t fb = { 0 };
        blk_t c = { .b = &fb, .nest = k->nest + 1, .level = lv, .in_func = 1 };
        wq_buf_printf(&fb, "F%u_%u:\n", lv, id);
        block(g, &c, 1 + rnd(g, 3));
        wq_buf_printf(&fb, "    ret r%u\n", 24 + k->level);
        if (fb.oom) g->funcs.oom = 1;
        else wq_buf_append(&g->funcs, fb.p, fb.len);
        wq_buf_free(&fb);
    } else {
        id = rnd(g, g->nfunc[lv]);
    }
    if (chance(g, 40)) snprintf(gd, sizeof gd, "@%sp%u ", chance(g, 50) ? "!" : "", rnd(g, 4));
    wq_buf_printf(k->b, "    %scall r%u, F%u_%u\n", gd, 24 + k->level, lv, id);
    g->used |= WQ_GEN_F_CALL;
}

/* switch on a data bit through a per-thread target (JMX absolute, BRX
 * relative); every case ends with its own SYNC on the switch's token */
static void s_switch(pg_t *g, blk_t *k)
{
    unsigned L = lbl(g), Lb = lbl(g), n = 2 + rnd(g, 2), cs[3] = { 0, 0, 0 };
    blk_t c = inner(k);
    for (unsigned i = 0; i < n; i++) cs[i] = lbl(g);
    wq_buf_printf(k->b, "    ssy L%u\n    and r16, r%u, 3\n    setp.eq p6, r16, 0\n"
                  "    mov r17, L%u\n    mov r18, L%u\n    sel r17, r17, r18, p6\n",
                  L, dreg(g), cs[0], cs[1]);
    if (n == 3)
        wq_buf_printf(k->b, "    setp.eq p6, r16, 2\n    mov r18, L%u\n"
                      "    sel r17, r18, r17, p6\n", cs[2]);
    if (chance(g, 50)) {
        wq_buf_printf(k->b, "    jmx r17\n");
    } else {
        wq_buf_printf(k->b, "    sub r17, r17, L%u+1\nL%u:\n    brx r17\n", Lb, Lb);
    }
    for (unsigned i = 0; i < n; i++) {
        wq_buf_printf(k->b, "L%u:\n", cs[i]);
        block(g, &c, 1 + rnd(g, 2));
        wq_buf_printf(k->b, "    sync L%u\n", L);
    }
    wq_buf_printf(k->b, "L%u:\n", L);
    g->used |= WQ_GEN_F_BRX;
}

static void s_yield(pg_t *g, blk_t *k)
{
    char gd[16];
    guard(g, gd, sizeof gd);
    wq_buf_printf(k->b, "    %syield\n", gd);
    g->used |= WQ_GEN_F_YIELD;
}

static void s_sreg(pg_t *g, blk_t *k)
{
    char nm[16];
    unsigned sr = rnd(g, N_SREGS);
    if (sr == WQ_SR_CLOCK && g->subv_prog) sr = WQ_SR_TID;
    wq_sreg_asm_name(sr, nm, sizeof nm);
    if (sr == WQ_SR_NLANES)     /* 8|56 = 16|56 = 32|56: LANES-independent */
        wq_buf_printf(k->b, "    s2r r16, %s\n    or r%u, r16, 56\n", nm, dreg(g));
    else
        wq_buf_printf(k->b, "    s2r r%u, %s\n", dreg(g), nm);
    g->used |= WQ_GEN_F_SREG;
}

/* byte and half-word widths: a load extends (B, H signed; BU, HU zero), a
 * store writes the low bytes; the offset is aligned to the width */
static const char *const sub_ld[] = {"b", "bu", "h", "hu"};

static void s_mem(pg_t *g, blk_t *k)
{
    unsigned d = dreg(g), v = 3 + rnd(g, 10);
    int shared = !k->in_region && !g->tfree && chance(g, 50);
    if (!shared) {
        unsigned w = rnd(g, 4), half = w >= 2;
        switch (rnd(g, 6)) {
        case 0: wq_buf_printf(k->b, "    st [r2+%u], r%u\n", TH_SCR + 4 * rnd(g, 4), d); break;
        case 1: wq_buf_printf(k->b, "    ld r%u, [r2+%u]\n", d, TH_SCR + 4 * rnd(g, 4)); break;
        case 2: wq_buf_printf(k->b, "    st.v4 [r2+%u], r%u\n", TH_SCR, v); break;
        case 3: wq_buf_printf(k->b, "    st.%s [r2+%u], r%u\n", half ? "h" : "b",
                              TH_SCR + (half ? 2 * rnd(g, 8) : rnd(g, 16)), d); break;
        case 4: wq_buf_printf(k->b, "    ld.%s r%u, [r2+%u]\n", sub_ld[w], d,
                              TH_SCR + (half ? 2 * rnd(g, 8) : rnd(g, 16))); break;
        default: wq_buf_printf(k->b, "    ld.v4 r%u, [r2+%u]\n", v, TH_SCR);
        }
    } else {
        /* width: 0 word, 1 v4, 2 byte, 3 half-word; the index is masked to
         * the shared buffer's 256 words and scaled to the width */
        unsigned kind = chance(g, 35) ? 1 : chance(g, 40) ? 2 + rnd(g, 2) : 0;
        static const unsigned mask[] = {255, 63, 1023, 511}, sh[] = {2, 4, 0, 1};
        unsigned w = kind == 3 ? 2 + rnd(g, 2) : rnd(g, 2);
        wq_buf_printf(k->b, "    s2r r17, param\n    and r16, r%u, %u\n    shl r16, r16, %u\n"
                      "    add r16, r16, r17\n", dreg(g), mask[kind], sh[kind]);
        const char *st = kind == 1 ? ".v4" : kind == 2 ? ".b" : kind == 3 ? ".h" : "";
        char ld[4] = "";
        if (kind == 1) strcpy(ld, ".v4");
        else if (kind >= 2) snprintf(ld, sizeof ld, ".%s", sub_ld[w]);
        if (chance(g, 50))
            wq_buf_printf(k->b, "    st%s [r16+%u], r%u\n", st, OFF_SHBUF, kind == 1 ? v : d);
        else
            wq_buf_printf(k->b, "    ld%s r%u, [r16+%u]\n", ld, kind == 1 ? v : d, OFF_SHBUF);
    }
    g->used |= WQ_GEN_F_MEM;
}

static void s_atom(pg_t *g, blk_t *k)
{
    unsigned d = dreg(g), a = dreg(g);
    if (g->tfree) {
        /* order-free: one commutative op per word (two different ops on one
         * word do not commute), old value thrown away */
        unsigned op = rnd(g, NELEM(atom_comm));
        wq_buf_printf(k->b, "    s2r r17, param\n    atom.%s r19, [r17+%u], r%u\n",
                      atom_comm[op], OFF_ATOM + 4 * op, a);
    } else {
        wq_buf_printf(k->b, "    s2r r17, param\n    and r16, r%u, %u\n    add r16, r16, r17\n",
                      dreg(g), 4 * 15);
        const char *op = atom_ops[rnd(g, NELEM(atom_ops))];
        if (!strcmp(op, "cas")) {
            wq_buf_printf(k->b, "    mov r18, r%u\n    mov r19, r%u\n    atom.cas r%u, [r16+%u], r18\n",
                          dreg(g), a, d, OFF_ATOM);
        } else {
            wq_buf_printf(k->b, "    atom.%s r%u, [r16+%u], r%u\n", op, d, OFF_ATOM, a);
        }
    }
    g->used |= WQ_GEN_F_ATOM;
}

/* spin lock in possibly divergent code, lowered as tests/programs/
 * spinlock.wqs: the winner leaves through BRK, the others YIELD so that it
 * gets to run; the critical section is a call (link r27) */
static void s_lock(pg_t *g, blk_t *k)
{
    unsigned id = rnd(g, NLOCKS), Lx = lbl(g), Lh = lbl(g), Lc = lbl(g);
    wq_buf_printf(k->b,
        "    s2r r17, param\n    pbrk L%u\nL%u:\n    pcont L%u\n    mov r18, 0\n    mov r19, 1\n"
        "    atom.cas r16, [r17+%u], r18\n    setp.eq p4, r16, 0\n    @p4 brk L%u\n"
        "    cont L%u\nL%u:\n    yield\n    bra L%u\nL%u:\n    call r27, C%u\n",
        Lx, Lh, Lc, OFF_LOCK + 4 * id, Lx, Lc, Lc, Lh, Lx, id);
    if (!(g->locks_made & (1u << id))) {
        g->locks_made |= 1u << id;
        /* plain read-modify-writes: right only if the lock excludes; the
         * per-thread count lets the generator prove it (sum == counter) */
        wq_buf_printf(&g->funcs,
            "C%u:\n    s2r r17, param\n    ld r16, [r17+%u]\n    add r16, r16, 1\n"
            "    st [r17+%u], r16\n    ld r18, [r17+%u]\n    mul r18, r18, 3\n"
            "    add r18, r18, r%u\n    st [r17+%u], r18\n    ld r16, [r2+%u]\n"
            "    add r16, r16, 1\n    st [r2+%u], r16\n    membar\n    mov r18, 0\n"
            "    atom.exch r16, [r17+%u], r18\n    ret r27\n",
            id, OFF_LCNT + 4 * id, OFF_LCNT + 4 * id, OFF_LACC + 4 * id, dreg(g),
            OFF_LACC + 4 * id, TH_LCNT + 4 * id, TH_LCNT + 4 * id, OFF_LOCK + 4 * id);
    }
    g->used |= WQ_GEN_F_LOCK;
}

/* publish, BAR, read the partner in the other warp (tid ^ 32, or self).
 * Consecutive exchanges publish to the two slots in turn: a thread that
 * publishes again has passed the BAR that its partner reached only after
 * reading the previous slot, so no publish overtakes the read of the one
 * before it (one slot would let a warp past the BAR overwrite what its
 * partner has still to read: a race under any interleaving of warps) */
static void s_bar(pg_t *g, blk_t *k)
{
    unsigned slot = TH_PUB + 4u * (g->nbar++ & 1u);
    wq_buf_printf(k->b,
        "    st [r2+%u], r%u\n    bar\n    xor r16, r0, 32\n    s2r r17, ntid.x\n"
        "    s2r r18, ntid.y\n    mul r17, r17, r18\n    s2r r18, ntid.z\n    mul r17, r17, r18\n"
        "    setp.geu p4, r16, r17\n    sel r16, r0, r16, p4\n    sub r16, r16, r0\n"
        "    shl r16, r16, 8\n    add r16, r16, r2\n    ld r%u, [r16+%u]\n",
        slot, dreg(g), dreg(g), slot);
    g->used |= WQ_GEN_F_BAR;
}

static void s_segment(pg_t *g, blk_t *k)
{
    blk_t c = inner(k);
    c.in_seg = c.in_region = 1;
    /* every second segment is eligible (SUBV_AUTO, spec §5.6): the rules
     * below make it mode-independent as they make it LANES-independent, so
     * the RTL's wave decision may take either mode (counted, not drawn: the
     * seed's random stream stays the same) */
    wq_buf_printf(k->b, "    %s\n", (g->nseg++ & 1u) ? "subv_auto" : "subv_start");
    /* every thread writes the shared temporaries before reading them */
    for (unsigned r = SHR_BASE; r < 32; r++)
        wq_buf_printf(k->b, "    add r%u, r%u, %u\n", r, dreg(g), rnd(g, 100));
    block(g, &c, 1 + rnd(g, 4));
    wq_buf_printf(k->b, "    subv_end\n");
    for (unsigned r = SHR_BASE; r < 32; r++) wq_buf_printf(k->b, "    mov r%u, 0\n", r);
    g->used |= WQ_GEN_F_SUBV;
}

static void s_loopform(pg_t *g, blk_t *k)
{
    unsigned La = lbl(g), Lb = lbl(g);
    blk_t c = inner(k);
    c.in_region = 1;
    wq_buf_printf(k->b, "    subv_loop_begin L%u\nL%u:\n", La, Lb);
    block(g, &c, 1 + rnd(g, 3));
    wq_buf_printf(k->b, "    subv_loop_end L%u\nL%u:\n", Lb, La);
    g->used |= WQ_GEN_F_SUBV;
}

enum { K_ALU, K_IF, K_LOOP, K_BRKCONT, K_CALL, K_SWITCH, K_YIELD, K_SREG, K_MEM,
       K_ATOM, K_LOCK, K_BAR, K_SEG, K_LOOPFORM, K_N };

static void stmt(pg_t *g, blk_t *k)
{
    static const unsigned w[K_N] = { 30, 10, 8, 6, 6, 4, 4, 4, 10, 8, 4, 3, 4, 3 };
    unsigned ok[K_N], tot = 0, f = g->feat;
    int deep = k->nest >= MAX_NEST || g->budget < 3;
    memset(ok, 0, sizeof ok);
    ok[K_ALU] = 1;
    ok[K_IF] = (f & WQ_GEN_F_IF) && !deep;
    ok[K_LOOP] = (f & WQ_GEN_F_LOOP) && !deep && k->loopd < 2 && !k->in_func;
    ok[K_BRKCONT] = (f & WQ_GEN_F_LOOP) && k->loopd > 0;
    ok[K_CALL] = (f & WQ_GEN_F_CALL) && !deep && k->level < MAX_LEVEL && !k->in_region;
    ok[K_SWITCH] = (f & WQ_GEN_F_BRX) && !deep;
    ok[K_YIELD] = (f & WQ_GEN_F_YIELD) && !k->in_region && !g->subv_prog;
    ok[K_SREG] = !!(f & WQ_GEN_F_SREG);
    ok[K_MEM] = !!(f & WQ_GEN_F_MEM);
    ok[K_ATOM] = (f & WQ_GEN_F_ATOM) && !k->in_region;
    ok[K_LOCK] = (f & WQ_GEN_F_LOCK) && !k->in_region && !g->tfree && g->yield_fires;
    ok[K_BAR] = (f & WQ_GEN_F_BAR) && k->top;
    ok[K_SEG] = g->subv_prog && k->top && !deep;
    ok[K_LOOPFORM] = g->subv_prog && k->top && !deep;
    for (unsigned i = 0; i < K_N; i++) tot += ok[i] ? w[i] : 0;
    unsigned r = rnd(g, tot), i = 0;
    while (!ok[i] || r >= w[i]) { if (ok[i]) r -= w[i]; i++; }
    if (g->budget) g->budget--;
    switch (i) {
    case K_IF: s_if(g, k); break;
    case K_LOOP: s_loop(g, k); break;
    case K_BRKCONT: s_brkcont(g, k); break;
    case K_CALL: s_call(g, k); break;
    case K_SWITCH: s_switch(g, k); break;
    case K_YIELD: s_yield(g, k); break;
    case K_SREG: s_sreg(g, k); break;
    case K_MEM: s_mem(g, k); break;
    case K_ATOM: s_atom(g, k); break;
    case K_LOCK: s_lock(g, k); break;
    case K_BAR: s_bar(g, k); break;
    case K_SEG: s_segment(g, k); break;
    case K_LOOPFORM: s_loopform(g, k); break;
    default: s_alu(g, k);
    }
}

static void block(pg_t *g, blk_t *k, unsigned n)
{
    for (unsigned i = 0; i < n; i++) stmt(g, k);
}

/* ---- the whole program ---------------------------------------------------- */
typedef struct shape {
    unsigned nlaunch, grid[4][3], cta[4][3], threads[4];
} shape_t;

static void pick_shape(pg_t *g, shape_t *s)
{
    int multi = !!(g->feat & WQ_GEN_F_MULTI);
    s->nlaunch = multi ? 1 + rnd(g, 2) : 1;
    for (unsigned i = 0; i < s->nlaunch; i++) {
        unsigned w = wq_rng_range(&g->rng, g->o.warps_min, g->o.warps_max);
        unsigned t = 32 * w;
        if (chance(g, 30)) t -= rnd(g, 31);        /* partial last warp */
        unsigned nc = multi ? wq_rng_range(&g->rng, g->o.ctas_min, g->o.ctas_max) : 1;
        s->grid[i][0] = nc; s->grid[i][1] = 1; s->grid[i][2] = 1;
        if (multi && nc % 2 == 0 && chance(g, 50)) { s->grid[i][0] = nc / 2; s->grid[i][1] = 2; }
        if (multi && nc == 4 && chance(g, 30)) {
            s->grid[i][0] = 1; s->grid[i][1] = 2; s->grid[i][2] = 2;
        }
        s->cta[i][0] = t; s->cta[i][1] = 1; s->cta[i][2] = 1;
        if (multi && t % 4 == 0 && chance(g, 40)) {
            s->cta[i][0] = t / 4; s->cta[i][1] = 2; s->cta[i][2] = 2;
        } else if (multi && t % 2 == 0 && chance(g, 40)) {
            s->cta[i][0] = t / 2; s->cta[i][1] = 2;
        }
        s->threads[i] = t * nc;
        if (s->nlaunch > 1 || nc > 1 || s->cta[i][1] > 1) g->used |= WQ_GEN_F_MULTI;
    }
}

static const unsigned scenarios[WQ_GEN_NSCENARIOS] = {
    WQ_TRAP_NONE, WQ_TRAP_ILLEGAL_INSTR, WQ_TRAP_ILLEGAL_REG, WQ_TRAP_MISALIGNED,
    WQ_TRAP_DEQUE_FULL, WQ_TRAP_SUBV_MISUSE,
};

unsigned wq_gen_scenario_trap(unsigned i) { return i < WQ_GEN_NSCENARIOS ? scenarios[i] : 0; }

static int trap_supported(unsigned code)
{
    for (unsigned i = 0; i < WQ_GEN_NSCENARIOS; i++)
        if (scenarios[i] == code) return 1;
    return 0;
}

static void emit_trap(pg_t *g, wq_buf_t *b)
{
    switch (g->o.trap) {
    case WQ_TRAP_ILLEGAL_INSTR: {
        /* a NOP with its unused RD field set: decode rule 2 (§2.3) */
        uint64_t w = (uint64_t)WQ_OP_NOP | ((uint64_t)1 << WQ_F_RD_LO);
        wq_buf_printf(b, "    .dword 0x%llx   ; illegal: unused field set\n",
                      (unsigned long long)w);
        break;
    }
    case WQ_TRAP_ILLEGAL_REG: wq_buf_printf(b, "    mov r31, 1   ; NREGS is 31\n"); break;
    case WQ_TRAP_MISALIGNED:
        /* a word at an odd half-word, or a half-word at an odd byte */
        if (chance(g, 50)) wq_buf_printf(b, "    ld r16, [r2+2]\n");
        else wq_buf_printf(b, "    st.h [r2+%u], r16\n", TH_SCR + 1);
        break;
    case WQ_TRAP_DEQUE_FULL: {
        unsigned L = lbl(g);
        for (unsigned i = 0; i < 6; i++) wq_buf_printf(b, "    ssy L%u\n", L);
        wq_buf_printf(b, "L%u:\n", L);
        break;
    }
    case WQ_TRAP_SUBV_MISUSE: wq_buf_printf(b, "    subv_start\n    yield\n    subv_end\n"); break;
    default: break;
    }
}

static void emit_launches(pg_t *g, wq_buf_t *b, const shape_t *s)
{
    for (unsigned i = 0; i < s->nlaunch; i++) {
        wq_buf_printf(b, ".launch k%u\n  .entry main\n  .grid %u, %u, %u\n  .cta %u, %u, %u\n"
                      "  .param 0x%x\n", i, s->grid[i][0], s->grid[i][1], s->grid[i][2],
                      s->cta[i][0], s->cta[i][1], s->cta[i][2], AREA_BASE + AREA_STEP * (g->o.area + i));
        wq_buf_printf(b, "  .regs %u\n", g->o.trap == WQ_TRAP_ILLEGAL_REG ? 31 : 32);
        unsigned yp = rnd(g, 3);
        if (g->feat & WQ_GEN_F_LOCK) yp = 1 + rnd(g, 2);   /* locks need YIELD to fire */
        if (yp == 0) wq_buf_printf(b, "  .yield off\n");
        else if (yp == 1) wq_buf_printf(b, "  .yield every %u\n", chance(g, 50) ? 1 + rnd(g, 4) : 1 + rnd(g, 256));
        else wq_buf_printf(b, "  .yield lfsr %u, %u\n", 32 + rnd(g, 224), rnd(g, 65536));
        if (g->subv_prog) wq_buf_printf(b, "  .wave subv %u\n", chance(g, 70) ? SHR_BASE : 0);
        else if (g->o.trap == WQ_TRAP_SUBV_MISUSE) wq_buf_printf(b, "  .wave subv\n");
        if (g->o.trap == WQ_TRAP_DEQUE_FULL) wq_buf_printf(b, "  .deque 2\n");
        else wq_buf_printf(b, "  .deque %u\n", 5 + rnd(g, 2));
        /* __local blocks: 16-aligned, at most 16 KiB a CTA, far below 2^32 */
        wq_buf_printf(b, "  .local 0x%x, 0x%x\n", 0x00800000u + 16u * rnd(g, 0x10000),
                      16u * rnd(g, 0x400));
        wq_buf_printf(b, ".end\n");
    }
}

static void emit_prologue(pg_t *g, wq_buf_t *b)
{
    char nm[16];
    wq_buf_printf(b,
        "main:\n    s2r r0, tid\n    s2r r16, ntid.x\n    s2r r17, ntid.y\n    mul r16, r16, r17\n"
        "    s2r r17, ntid.z\n    mul r16, r16, r17\n    s2r r17, ctaflat\n    mul r1, r17, r16\n"
        "    add r1, r1, r0\n    s2r r17, param\n    shl r2, r1, 8\n    add r2, r2, r17\n"
        "    add r2, r2, 0x%x\n", OFF_OUT);
    /* every special register reaches memory (nlanes folded: see s_sreg) */
    for (unsigned sr = 0; sr <= WQ_SR_CTAFLAT; sr++) {
        wq_sreg_asm_name(sr, nm, sizeof nm);
        wq_buf_printf(b, "    s2r r16, %s\n", nm);
        if (sr == WQ_SR_NLANES) wq_buf_printf(b, "    or r16, r16, 56\n");
        wq_buf_printf(b, "    st [r2+%u], r16\n", TH_SREG + 4 * sr);
    }
    wq_buf_printf(b, "    s2r r16, local\n    st [r2+%u], r16\n", TH_LOCAL);
    /* r3 starts from the global ids (the record has no word left for them:
     * gid.z << 20 | gid.y << 10 | gid.x), the others from the flat index */
    wq_buf_printf(b, "    s2r r3, gid.z\n    shl r3, r3, 10\n    s2r r16, gid.y\n    or r3, r3, r16\n"
                  "    shl r3, r3, 10\n    s2r r16, gid.x\n    or r3, r3, r16\n");
    for (unsigned r = 3; r < 16; r++)
        wq_buf_printf(b, "    mul r%u, r%u, 0x%x\n    xor r%u, r%u, 0x%x\n", r, r == 3 ? 3 : 1,
                      (uint32_t)wq_rng_next(&g->rng) | 1u, r, r, (uint32_t)wq_rng_next(&g->rng));
}

static void emit_epilogue(pg_t *g, wq_buf_t *b)
{
    for (unsigned r = 16; r < 20; r++) wq_buf_printf(b, "    mov r%u, 0\n", r);
    for (unsigned r = SHR_BASE; r < 32; r++) wq_buf_printf(b, "    mov r%u, 0\n", r);
    for (unsigned r = 0; r < 32; r += 4) wq_buf_printf(b, "    st.v4 [r2+%u], r%u\n", 4 * r, r);
    /* a divergent EXIT: odd or even threads leave first */
    wq_buf_printf(b, "    and r16, r0, 1\n    setp.%s p6, r16, 0\n    @p6 exit\n    exit\n",
                  chance(g, 50) ? "eq" : "ne");
}

/* run the text on the model; the state is left in *ctx for the caller */
static int ref_run(const char *text, unsigned lanes, int fp, wq_program_t *p, wq_ctx_t **ctxp,
                   wq_run_result_t *rr, char *err, size_t errlen)
{
    char aerr[256];
    *ctxp = NULL;
    if (wq_asm(text, strlen(text), "gen", p, aerr, sizeof aerr)) {
        wq_gen_seterr(err, errlen, "generated program does not assemble: %s", aerr);
        return WQ_GEN_EASM;
    }
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.lanes = lanes;
    cfg.fp = fp ? 1u : 0u;
    wq_ctx_t *ctx = wq_new(&cfg);
    if (!ctx) { wq_program_free(p); return WQ_GEN_ENOMEM; }
    if (wq_load_and_submit(ctx, p, 0, NULL)) {
        wq_gen_seterr(err, errlen, "generated program overlaps the system area");
        wq_free(ctx);
        wq_program_free(p);
        return WQ_GEN_EASM;
    }
    wq_run(ctx, MAX_TICKS, 1, 1, rr);
    *ctxp = ctx;
    return WQ_GEN_OK;
}

static void expect_range(wq_buf_t *b, const wq_ctx_t *ctx, uint32_t addr, uint32_t words,
                         const char *fmt)
{
    for (uint32_t i = 0; i < words; i++)
        wq_buf_printf(b, fmt, addr + 4 * i, wq_mem_read32(ctx->mem, addr + 4 * i));
}

void wq_gen_expect_launch(wq_buf_t *b, const wq_ctx_t *ctx, const uint32_t *desc,
                          const char *fmt)
{
    uint32_t area = desc[WQ_LD_PARAM];
    uint64_t th = (uint64_t)desc[WQ_LD_GRID_X] * desc[WQ_LD_GRID_Y] * desc[WQ_LD_GRID_Z] *
                  desc[WQ_LD_CTA_X] * desc[WQ_LD_CTA_Y] * desc[WQ_LD_CTA_Z];
    if (th > 4096) th = 4096;     /* generated kernels stay far below */
    expect_range(b, ctx, area, SHW_WORDS, fmt);
    expect_range(b, ctx, area + OFF_SHBUF, SHBUF_WORDS, fmt);
    expect_range(b, ctx, area + OFF_OUT, (uint32_t)th * (TH_BYTES / 4), fmt);
}

/* the lock invariant, checked at generation: per lock, the plain counter
 * equals the sum of the per-thread counts */
static int lock_check(const wq_ctx_t *ctx, const shape_t *s, unsigned g_area, char *err,
                      size_t errlen)
{
    for (unsigned i = 0; i < s->nlaunch; i++) {
        uint32_t area = AREA_BASE + AREA_STEP * (g_area + i);
        for (unsigned id = 0; id < NLOCKS; id++) {
            uint32_t sum = 0;
            for (unsigned t = 0; t < s->threads[i]; t++)
                sum += wq_mem_read32(ctx->mem, area + OFF_OUT + t * TH_BYTES + TH_LCNT + 4 * id);
            uint32_t cnt = wq_mem_read32(ctx->mem, area + OFF_LCNT + 4 * id);
            if (sum != cnt || wq_mem_read32(ctx->mem, area + OFF_LOCK + 4 * id)) {
                wq_gen_seterr(err, errlen, "launch %u lock %u: counter %u, threads entered %u,"
                              " lock word %u", i, id, cnt, sum,
                              wq_mem_read32(ctx->mem, area + OFF_LOCK + 4 * id));
                return -1;
            }
        }
    }
    return 0;
}

/* the same invariant as checkable lines: they hold under any timing, so a
 * racy program keeps a strict check where its free-run values
 * (.expect) can only be informational (docs/verification.md) */
static void lock_invariants(wq_buf_t *b, const shape_t *s, unsigned g_area, unsigned used)
{
    if (!used) return;
    wq_buf_printf(b, "; lock invariants (any timing): counter = sum of the threads' counts\n");
    for (unsigned i = 0; i < s->nlaunch; i++) {
        uint32_t area = AREA_BASE + AREA_STEP * (g_area + i);
        for (unsigned id = 0; id < NLOCKS; id++)
            if (used & (1u << id))
                wq_buf_printf(b, ".expect_sum 0x%x, 0x%x, %u, %u\n", area + OFF_LCNT + 4 * id,
                              area + OFF_OUT + TH_LCNT + 4 * id, TH_BYTES, s->threads[i]);
    }
}

void wq_gen_opts_default(wq_gen_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->features = WQ_GEN_F_ALL;
    o->size = 24;
    o->warps_min = 1; o->warps_max = 3;
    o->ctas_min = 1; o->ctas_max = 2;
    o->lanes = 32;
    o->code_base = 0x1000;
}

static int opts_ok(const wq_gen_opts_t *o)
{
    return o->size >= 1 && o->size <= 200 && o->warps_min >= 1 && o->warps_min <= o->warps_max &&
           o->warps_max <= 4 && o->ctas_min >= 1 && o->ctas_min <= o->ctas_max &&
           o->ctas_max <= 4 && trap_supported(o->trap) &&
           (o->lanes == 8 || o->lanes == 16 || o->lanes == 32) && !(o->features & ~WQ_GEN_F_ALL) &&
           !(o->code_base & 7) && o->code_base < AREA_BASE && o->area < 8;
}

int wq_gen_prog(uint64_t seed, const wq_gen_opts_t *opts, char **wqs_text,
                wq_gen_info_t *info, char *err, size_t errlen)
{
    pg_t g;
    memset(&g, 0, sizeof g);
    if (opts) g.o = *opts;
    else wq_gen_opts_default(&g.o);
    if (!g.o.features) g.o.features = WQ_GEN_F_ALL;
    if (!opts_ok(&g.o)) { wq_gen_seterr(err, errlen, "bad generator options"); return WQ_GEN_EOPTS; }
    *wqs_text = NULL;
    wq_rng_init(&g.rng, seed);
    g.feat = g.o.features;
    /* a sub-vector program trades the timing-dependent features away */
    if ((g.feat & WQ_GEN_F_SUBV) && (g.feat == WQ_GEN_F_SUBV || chance(&g, 35)))
        g.subv_prog = 1;
    if (g.subv_prog) g.feat &= ~(WQ_GEN_F_LOCK | WQ_GEN_F_YIELD);
    g.yield_fires = !!(g.feat & WQ_GEN_F_LOCK);
    g.tfree = g.subv_prog || g.o.timing_free;
    g.budget = g.o.size;

    shape_t s;
    pick_shape(&g, &s);
    wq_buf_t b = { 0 };
    wq_buf_printf(&b, "; wq-gen prog seed=%llu features=0x%x size=%u trap=%s\n",
                  (unsigned long long)seed, g.o.features, g.o.size, wq_trap_name(g.o.trap));
    wq_buf_printf(&b, "; generated by `wq gen prog`; replay with the same seed and options\n");
    if (g.o.timing_free) wq_buf_printf(&b, "; timing-free: results hold under any timing\n");
    if (g.o.fp) wq_buf_printf(&b, "; fp: needs a machine with an FPU (wq run --fp 1)\n");
    emit_launches(&g, &b, &s);
    wq_buf_printf(&b, ".code 0x%x\n", g.o.code_base);
    emit_prologue(&g, &b);
    blk_t top = { .b = &b, .top = 1 };
    unsigned trap_at = g.o.trap ? rnd(&g, g.o.size) : ~0u, n = 0;
    while (g.budget) {
        if (n++ == trap_at) emit_trap(&g, &b);
        stmt(&g, &top);
    }
    if (g.o.trap && trap_at >= n) emit_trap(&g, &b);
    emit_epilogue(&g, &b);
    if (g.funcs.len) wq_buf_append(&b, g.funcs.p, g.funcs.len);
    wq_buf_free(&g.funcs);
    if (b.oom || g.funcs.oom) { wq_buf_free(&b); return WQ_GEN_ENOMEM; }

    /* reference run: the expected results, and proof the program ends */
    wq_program_t p;
    wq_ctx_t *ctx;
    wq_run_result_t rr;
    int rc = ref_run(b.p, g.o.lanes, g.o.fp, &p, &ctx, &rr, err, errlen);
    if (rc) { wq_buf_free(&b); return rc; }
    unsigned want = g.o.trap;
    if (want) {
        if (rr.reason != WQ_RUN_TRAP || rr.code != want) {
            wq_gen_seterr(err, errlen, "seed %llu: expected trap %s, run ended with reason %d"
                          " code %u", (unsigned long long)seed, wq_trap_name(want), rr.reason,
                          rr.code);
            rc = WQ_GEN_ERUN;
        }
    } else if (rr.reason != WQ_RUN_IDLE) {
        wq_gen_seterr(err, errlen, "seed %llu: reference run ended with reason %d code %u",
                      (unsigned long long)seed, rr.reason, rr.code);
        rc = WQ_GEN_ERUN;
    } else if (lock_check(ctx, &s, g.o.area, err, errlen)) {
        rc = WQ_GEN_ERUN;
    } else if (!g.o.no_expects) {
        lock_invariants(&b, &s, g.o.area, g.locks_made);
        wq_buf_printf(&b, "; final memory of the reference run (LANES %u, %llu ticks)\n",
                      g.o.lanes, (unsigned long long)rr.ticks);
        for (unsigned i = 0; i < p.nlaunch; i++)
            wq_gen_expect_launch(&b, ctx, p.launch[i].w, ".expect 0x%x, 0x%x\n");
    }
    if (info) {
        info->feat_used = g.used;
        info->trap_code = want;
        info->nlaunch = s.nlaunch;
        info->threads = 0;
        for (unsigned i = 0; i < s.nlaunch; i++) info->threads += s.threads[i];
    }
    wq_free(ctx);
    wq_program_free(&p);
    if (!rc && b.oom) rc = WQ_GEN_ENOMEM;
    if (rc) { wq_buf_free(&b); return rc; }
    *wqs_text = b.p;
    return WQ_GEN_OK;
}
