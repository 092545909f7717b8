/* ue_gen.c -- random programs for the micro-engine bench (RTL against the
 * simulator).  A program opens with a tour that uses every opcode (the R and
 * I forms of every ALU function), then random items: ALU work, ext / ins,
 * li / lih, ld / st to global and window registers, wsel to any page (out of
 * range values wrap), in / out, forward branches, bounded loops and calls.
 *
 * Every program terminates: branches only go forward, a loop counts a
 * control register down from 1..3 and nothing else writes it, and a
 * subroutine only calls subroutines placed after it and returns through its
 * own link register.  Data operations write only r0..r99 and the window
 * (r0 writes included; they are dropped), `st` only to those addresses, so
 * the control registers r100..r127 stay intact.  In a ROM of more than
 * HIGH + HIGH_ROOM words the subroutines start just below word HIGH (2 048),
 * after trap words, so code runs on both sides of it and branches, calls
 * and returns use the target bits above bit 10; a quarter of those
 * programs end by jumping past the ROM depth when it is not a power of 2
 * (the padding word there halts).  Some words get random bits
 * in fields their instruction ignores (they become `.word`s in the
 * assembly) to check that the RTL ignores them too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/ue.h"

#define DATA_REGS   100u            /* r0..r99: data */
#define CNT_BASE    100u            /* loop counters: CNT_BASE + 2 * (sub + 1) + depth */
#define LINK_BASE   116u            /* subroutine j returns through LINK_BASE + j */
#define MAX_SUBS    6u
#define MAX_LOOP    2u              /* loop nesting */
#define MAX_SKIP    3u              /* nested forward branches */
#define TRAP_CODE   0x3FDu          /* a word a correct run never executes */
#define HIGH        2048u           /* first word with target bits above 10 */

typedef struct gen {
    uint64_t  s;                    /* xorshift64* state */
    uint32_t *w;
    unsigned  n, cap, limit;        /* words, room, where new items stop */
    unsigned  pages;
    int       sub;                  /* subroutine being written, -1 main */
    unsigned  nsubs, sub_at[MAX_SUBS], ret_k[MAX_SUBS];
    unsigned  nfix, fix_at[256], fix_sub[256];   /* jal -> subroutine entry */
    unsigned  loops, skips;         /* nesting now */
    uint32_t  recent[4];            /* registers written lately, and the */
    uint32_t  last_st;              /* last st address: read-after-write */
} gen_t;

static uint32_t rnd(gen_t *g)
{
    g->s ^= g->s >> 12;
    g->s ^= g->s << 25;
    g->s ^= g->s >> 27;
    return (uint32_t)((g->s * 2685821657736338717ull) >> 32);
}

static unsigned below(gen_t *g, unsigned n) { return n ? rnd(g) % n : 0; }

static void put(gen_t *g, uint32_t w)
{
    if (g->n < g->cap)
        g->w[g->n] = w;
    g->n++;
}

static int room(const gen_t *g) { return g->n < g->limit; }

#define F(name, v) WQ_UE_PUT(name, (uint32_t)(v))
#define OPW(op) F(OP, op)

/* a register data operations may write: r0 sometimes, the window often */
static uint32_t dreg(gen_t *g)
{
    unsigned r = below(g, 16);
    uint32_t d = r == 0 ? 0
                 : r < 7 ? WQ_UE_GLOBALS + below(g, 128)
                         : 1 + below(g, DATA_REGS - 1);
    g->recent[below(g, 4)] = d;
    return d;
}

/* any register, to read; often one written just before, so results flow
 * from one instruction into the next */
static uint32_t areg(gen_t *g)
{
    unsigned r = below(g, 8);
    return r < 3 ? g->recent[r] : r < 7 ? dreg(g) : below(g, 256);
}

static int32_t k10(gen_t *g) { return (int32_t)below(g, 1024) - 512; }

static void li(gen_t *g, uint32_t d, int32_t v)
{
    put(g, OPW(WQ_UE_OP_LI) | F(D, d) | F(K19, v));
}

static void alu(gen_t *g, unsigned op, int imm)
{
    uint32_t w = OPW(op) | F(D, dreg(g)) | F(A, areg(g));
    if (op == WQ_UE_OP_CTZ || op == WQ_UE_OP_CLRL)
        put(g, w);
    else if (!imm)
        put(g, w | F(B, areg(g)));
    else if (op >= WQ_UE_OP_SHL && op <= WQ_UE_OP_SRA && below(g, 4))
        put(g, w | F(I, 1) | F(K10, below(g, 32)));
    else
        put(g, w | F(I, 1) | F(K10, k10(g)));
}

/* ld / st at a chosen 8-bit address through a base register set just
 * before (its value may wrap the address); st only into data registers */
static void mem(gen_t *g, unsigned op)
{
    uint32_t base = dreg(g), addr;
    if (op == WQ_UE_OP_ST)
        g->last_st = addr = below(g, 2) ? WQ_UE_GLOBALS + below(g, 128)
                                        : 1 + below(g, DATA_REGS - 1);
    else
        addr = below(g, 2) ? g->last_st : below(g, 256);
    int32_t v = 0;
    if (base) {
        v = (int32_t)below(g, 1u << 19) - (1 << 18);
        li(g, base, v);
    }
    int32_t k = (int32_t)((addr - (uint32_t)v) & 0xFFu);
    k -= 256 * (int32_t)below(g, 3);                       /* 0, -256, -512 */
    if (k < -512)
        k += 768;
    put(g, OPW(op) | F(D, op == WQ_UE_OP_ST ? areg(g) : dreg(g)) | F(A, base) | F(I, 1) |
               F(K10, k));
}

static void item(gen_t *g, unsigned kind);

static void block(gen_t *g, unsigned items)
{
    for (unsigned i = 0; i < items && room(g); i++)
        item(g, below(g, 20));
}

/* a forward branch of opcode op over a short block; sometimes the tested
 * register is set first so taken and not taken both happen */
static void skip(gen_t *g, unsigned op)
{
    uint32_t a = areg(g), bit = below(g, 32);
    if (op == WQ_UE_OP_BZ && below(g, 4) == 0)
        a = 0;                                             /* j */
    else if (a && a < 256 && below(g, 3) == 0 && !(a >= CNT_BASE && a < WQ_UE_GLOBALS)) {
        int32_t v = below(g, 2) ? 0 : (int32_t)(1u << below(g, 18));
        li(g, a, below(g, 2) ? v : -v);
    }
    uint32_t w = op == WQ_UE_OP_JAL ? OPW(op) | F(D, dreg(g))
                                    : OPW(op) | F(A, a) |
                                          F(BIT, op == WQ_UE_OP_BBC || op == WQ_UE_OP_BBS ? bit : 0);
    unsigned at = g->n;
    put(g, w);
    g->skips++;
    block(g, 1 + below(g, 4));
    g->skips--;
    if (at < g->cap)
        g->w[at] = wq_ue_set_target(g->w[at], g->n);
}

static void loop(gen_t *g)
{
    uint32_t c = CNT_BASE + 2 * (uint32_t)(g->sub + 1) + g->loops;
    li(g, c, (int32_t)(1 + below(g, 3)));
    unsigned top = g->n;
    g->loops++;
    block(g, 2 + below(g, 5));
    g->loops--;
    put(g, OPW(WQ_UE_OP_ADD) | F(D, c) | F(A, c) | F(I, 1) | F(K10, -1));
    put(g, wq_ue_set_target(OPW(WQ_UE_OP_BNZ) | F(A, c), top));
}

/* jal to a later subroutine; it returns to link + ret_k, over trap words */
static void call(gen_t *g)
{
    unsigned first = (unsigned)(g->sub + 1);
    /* a call inside a subroutine's loop would multiply the run time by
     * every level of the call chain */
    if ((g->sub >= 0 && g->loops) || first >= g->nsubs || g->nfix == sizeof g->fix_at / sizeof g->fix_at[0])
        return;
    unsigned j = first + below(g, g->nsubs - first);
    g->fix_at[g->nfix] = g->n;
    g->fix_sub[g->nfix++] = j;
    put(g, OPW(WQ_UE_OP_JAL) | F(D, LINK_BASE + j));
    for (unsigned i = 0; i < g->ret_k[j]; i++)
        put(g, OPW(WQ_UE_OP_HALT) | F(I, 1) | F(K10, TRAP_CODE));
}

static void item(gen_t *g, unsigned kind)
{
    switch (kind) {
    case 0: case 1: case 2:
        alu(g, below(g, WQ_UE_OP_CLRL + 1), 0);
        break;
    case 3: case 4: case 5:
        alu(g, below(g, WQ_UE_OP_CLRL + 1), 1);
        break;
    case 6:
        put(g, OPW(below(g, 2) ? WQ_UE_OP_EXT : WQ_UE_OP_INS) | F(D, dreg(g)) | F(A, areg(g)) |
                   F(I, 1) | F(LO, below(g, 32)) | F(WID, below(g, 32)));
        break;
    case 7:
        if (below(g, 2))
            li(g, dreg(g), (int32_t)below(g, 1u << 19) - (1 << 18));
        else
            put(g, OPW(WQ_UE_OP_LIH) | F(D, dreg(g)) | F(LIH, rnd(g)));
        break;
    case 8: case 9:
        mem(g, below(g, 2) ? WQ_UE_OP_LD : WQ_UE_OP_ST);
        break;
    case 10:
        put(g, OPW(WQ_UE_OP_IN) | F(D, dreg(g)) | F(I, 1) | F(PORT, rnd(g)));
        break;
    case 11:
        put(g, OPW(WQ_UE_OP_OUT) | F(A, areg(g)) | F(I, 1) | F(PORT, rnd(g)));
        break;
    case 12:
        put(g, OPW(WQ_UE_OP_WSEL) | F(A, below(g, 2) ? 0 : areg(g)) | F(I, 1) |
                   F(K10, below(g, 2) ? (int32_t)below(g, 2 * g->pages + 2) : k10(g)));
        break;
    case 13: case 14: case 15:
        if (g->skips < MAX_SKIP) {
            static const unsigned br[] = { WQ_UE_OP_BZ, WQ_UE_OP_BNZ, WQ_UE_OP_BBC,
                                           WQ_UE_OP_BBS, WQ_UE_OP_JAL };
            skip(g, br[below(g, 5)]);
        }
        break;
    case 16: case 17:
        if (g->loops < MAX_LOOP)
            loop(g);
        break;
    default:
        call(g);
        break;
    }
}

/* one item per opcode, in random order, so every program has them all */
static void tour(gen_t *g)
{
    unsigned order[32], n = 0;
    for (unsigned op = 0; op < 32; op++)
        if (op != WQ_UE_OP_HALT && op != WQ_UE_OP_RSV)
            order[n++] = op;
    for (unsigned i = n; i > 1; i--) {
        unsigned j = below(g, i), t = order[i - 1];
        order[i - 1] = order[j];
        order[j] = t;
    }
    for (unsigned i = 0; i < n && room(g); i++) {
        unsigned op = order[i];
        const wq_ue_opinfo_t *o = &wq_ue_ops[op];
        if (o->fmt == WQ_UE_FMT_RI) {
            alu(g, op, 0);
            alu(g, op, 1);
        } else if (op == WQ_UE_OP_EXT || op == WQ_UE_OP_INS) {
            put(g, OPW(op) | F(D, dreg(g)) | F(A, areg(g)) | F(I, 1) | F(LO, below(g, 32)));
            item(g, 6);                                   /* w = 0 above, random here */
        } else if (op == WQ_UE_OP_LI || op == WQ_UE_OP_LIH) {
            item(g, 7);
            put(g, OPW(op) | F(D, dreg(g)) | F(K19, rnd(g) & 0xFFFFu));
        } else if (op == WQ_UE_OP_LD || op == WQ_UE_OP_ST) {
            mem(g, op);
        } else if (op == WQ_UE_OP_IN) {
            item(g, 10);
        } else if (op == WQ_UE_OP_OUT) {
            item(g, 11);
        } else if (op == WQ_UE_OP_WSEL) {
            item(g, 12);
        } else if (op == WQ_UE_OP_JR) {
            call(g);                                      /* returns through jr */
        } else {
            skip(g, op);                                  /* bz bnz bbc bbs jal */
        }
    }
}

/* bits set in fields the instruction ignores, the i bit cleared where it is
 * ignored: the same instruction, another word */
static uint32_t noise(gen_t *g, uint32_t w)
{
    const wq_ue_opinfo_t *o = &wq_ue_ops[WQ_UE_GET(w, OP)];
    uint32_t n = w | (rnd(g) & ~wq_ue_used_mask(w));
    if ((o->flags & WQ_UE_FL_K) && below(g, 2))
        n &= ~F(I, 1);
    return n;
}

static char *listing(const uint32_t *w, unsigned n, uint64_t seed)
{
    unsigned char target[WQ_UE_MAX_ROM] = { 0 };
    for (unsigned i = 0; i < n; i++) {
        unsigned fmt = wq_ue_ops[WQ_UE_GET(w[i], OP)].fmt;
        if ((fmt == WQ_UE_FMT_B || fmt == WQ_UE_FMT_J) && wq_ue_canon(w[i]) == w[i])
            target[wq_ue_target(w[i])] = 1;
    }
    size_t cap = 128 + (size_t)n * 128, len = 0;   /* a line is < 100 */
    char *s = malloc(cap);
    if (!s)
        return NULL;
    len += (size_t)snprintf(s, cap, "; wq ue gen --seed %llu: %u words\n",
                            (unsigned long long)seed, n);
    for (unsigned i = 0; i < n; i++) {
        char name[16], line[100];
        unsigned fmt = wq_ue_ops[WQ_UE_GET(w[i], OP)].fmt;
        int br = fmt == WQ_UE_FMT_B || fmt == WQ_UE_FMT_J;
        snprintf(name, sizeof name, "L%u", (unsigned)wq_ue_target(w[i]));
        if (br && wq_ue_target(w[i]) >= n)     /* past the ROM: no label, no range */
            snprintf(line, sizeof line, ".word 0x%08x  ; past the ROM", (unsigned)w[i]);
        else
            wq_ue_disasm_sym(w[i], br ? name : NULL, line, sizeof line);
        if (target[i])
            len += (size_t)snprintf(s + len, cap - len, "L%u:\n", i);
        len += (size_t)snprintf(s + len, cap - len, "        %s\n", line);
    }
    return s;
}

int wq_ue_gen(const wq_ue_genopt_t *opt, uint32_t *words, unsigned *n, char **asm_text)
{
    if (asm_text)
        *asm_text = NULL;
    if (!opt || !words || !n || opt->cap < 64 || opt->cap > WQ_UE_MAX_ROM || !opt->pages)
        return WQ_UE_EARG;
    unsigned pc_max = 1;
    while (pc_max < opt->cap)
        pc_max <<= 1;
    gen_t g;
    memset(&g, 0, sizeof g);
    g.s = opt->seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    g.s = g.s ? g.s : 1;
    g.w = words;
    g.cap = opt->cap;
    g.pages = opt->pages;
    /* closing a loop or a branch takes at most a few words; keep room */
    unsigned budget = opt->cap - 24 < 600 ? opt->cap - 24 : 600;
    g.nsubs = 1 + below(&g, MAX_SUBS);
    for (unsigned j = 0; j < g.nsubs; j++)
        g.ret_k[j] = below(&g, 3);
    g.sub = -1;
    g.limit = budget / 2;
    tour(&g);
    block(&g, 20 + below(&g, 60));
    /* room above HIGH for the subroutines (a half budget and the slack) */
    int high = opt->cap >= HIGH + budget / 2 + 24;
    if (high && pc_max > opt->cap && below(&g, 4) == 0)
        put(&g, wq_ue_set_target(OPW(WQ_UE_OP_BZ), opt->cap + below(&g, pc_max - opt->cap)));
    else if (below(&g, 4))
        put(&g, OPW(WQ_UE_OP_HALT) | F(I, 1) | F(K10, below(&g, TRAP_CODE)));
    else
        put(&g, OPW(WQ_UE_OP_RSV) | (rnd(&g) & ~F(OP, 0x1F)));
    unsigned end = budget;
    if (high) {
        unsigned at = HIGH - 1 - below(&g, 16);
        while (g.n < at)
            put(&g, OPW(WQ_UE_OP_HALT) | F(I, 1) | F(K10, TRAP_CODE));
        end = g.n + budget / 2;
    }
    for (unsigned j = 0; j < g.nsubs; j++) {
        g.sub = (int)j;
        g.sub_at[j] = g.n;
        g.limit = g.n + (end > g.n ? (end - g.n) / (g.nsubs - j) : 0);
        block(&g, 2 + below(&g, 12));
        put(&g, OPW(WQ_UE_OP_JR) | F(A, LINK_BASE + j) | F(I, 1) | F(K10, g.ret_k[j]));
    }
    if (g.n > g.cap)
        return WQ_UE_ETOOBIG;
    for (unsigned i = 0; i < g.nfix; i++)
        words[g.fix_at[i]] = wq_ue_set_target(words[g.fix_at[i]], g.sub_at[g.fix_sub[i]]);
    for (unsigned i = 0; i < g.n; i++)
        if (below(&g, 8) == 0)
            words[i] = noise(&g, words[i]);
    *n = g.n;
    if (asm_text && !(*asm_text = listing(words, g.n, opt->seed)))
        return WQ_UE_EARG;
    return WQ_UE_OK;
}
