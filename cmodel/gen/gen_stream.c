/* gen_stream.c -- seeded random host command streams (format: stream.h).
 *
 * Each channel gets a list of commands, serialized into pushbuffer segments
 * (every SEC_OP, NOP words, zero-count headers, END_SEG with unread words
 * after it, control NOP entries, SYNC bits, random subchannels).  What the
 * commands must do is known by construction and written as expectations:
 *  - semaphores: each channel owns private words; releases and reductions
 *    are tracked with a reference written here (not sem.c), acquires on
 *    them are chosen to pass;
 *  - cross-channel acquires (ACQUIRE_SWITCH) wait on a word that a lower
 *    channel releases later, so the graph of waits has no cycle;
 *  - SET_REFERENCE, NON_STALL_INTERRUPT, WFI, YIELD, RELEASE_WFI;
 *  - kernels from wq_gen_prog (no sub-vector mode: their results must not
 *    depend on LANES next to each other) launched on good channels; their
 *    final memory is taken from a reference run of the whole stream;
 *  - with `bad`: some channels end in one channel error each (every code of
 *    error.def over a few seeds) with the exact ERR_INFO, and a release
 *    placed after the failing word proves nothing after it runs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gen_int.h"
#include "wq/stream.h"
#include "wq/encode.h"
#include "wq/asm.h"

#define S_KCODE  0x00001000u   /* kernel k code at + 0x40000 * k        */
#define S_SEM    0x00D00000u   /* channel c private words: + 0x100 * c  */
#define S_NEVER  0x80u         /*   + this: a word nobody ever releases */
#define S_XSEM   0x00D08000u   /* cross-channel words, 8 bytes apart    */
#define S_RING   0x00E00000u   /* channel c ring at + 0x10000 * c       */
#define S_PB     0x1000u       /*   its pushbuffer at ring + this       */
#define S_DESC   0x00F00000u   /* kernel k descriptors at + 0x400 * k   */
#define S_BADDESC 0x00F08000u  /* 16 zero words: GRID_X = 0 is invalid  */
#define NCH      4u
#define NPRIV    4u
#define MAXCMD   48u
#define PBMAX    1024u
#define GPMAX    15u           /* ring of 16 entries: at most 15 queued */
#define MAXX     16u

enum { C_SEM, C_REF, C_WFI, C_NONSTALL, C_YIELD, C_LAUNCH, C_XREL, C_XACQ, C_CTLNOP, C_TRIGGER };

typedef struct cmd {
    unsigned kind, x;          /* x: cross word, kernel, or trigger variant */
    uint32_t addr, exec;
    uint64_t pay;
} cmd_t;

typedef struct chs {
    cmd_t c[MAXCMD]; unsigned n;
    uint32_t pb[PBMAX]; unsigned npb, seg;
    uint32_t gp[GPMAX + 1][2]; unsigned ngp;
    uint64_t priv[NPRIV];
    uint32_t ref;
    int good, bad, nonstall;
    unsigned err, log2;
    uint32_t info, base, put_extra;
    unsigned timeout;
} chs_t;

typedef struct sg {
    wq_rng_t rng;
    chs_t ch[NCH];
    unsigned nch, nx;
    uint64_t xval[MAXX];
    uint32_t xinit[MAXX];
    int tfree;                  /* opts.timing_free */
} sg_t;

static unsigned rnd(sg_t *g, unsigned n) { return wq_rng_below(&g->rng, n); }
static int chance(sg_t *g, unsigned p) { return wq_rng_chance(&g->rng, p); }
static uint32_t pbaddr(unsigned c) { return S_RING + 0x10000u * c + S_PB; }
static uint32_t privaddr(unsigned c, unsigned k) { return S_SEM + 0x100u * c + 8u * k; }

/* ---- reference semantics (independent of sem.c) -------------------------- */
static uint64_t wmask(int is64) { return is64 ? ~0ull : 0xFFFFFFFFull; }

static int64_t sx(uint64_t v, int is64) { return is64 ? (int64_t)v : (int64_t)(int32_t)(uint32_t)v; }

static uint64_t red_ref(unsigned red, int uns, uint64_t m, uint64_t p, int is64)
{
    uint64_t k = wmask(is64);
    m &= k; p &= k;
    int lt = uns ? m < p : sx(m, is64) < sx(p, is64);
    switch (red) {
    case WQ_SEMRED_IMIN: return lt ? m : p;
    case WQ_SEMRED_IMAX: return lt ? p : m;
    case WQ_SEMRED_IXOR: return m ^ p;
    case WQ_SEMRED_IAND: return m & p;
    case WQ_SEMRED_IOR:  return m | p;
    case WQ_SEMRED_IADD: return (m + p) & k;
    case WQ_SEMRED_INC:  return m >= p ? 0 : m + 1;
    default:             return (m == 0 || m > p) ? p : m - 1;     /* DEC */
    }
}

static int acq_ref(unsigned op, uint64_t m, uint64_t p, int is64)
{
    uint64_t k = wmask(is64);
    m &= k; p &= k;
    switch (op) {
    case WQ_SEMOP_ACQUIRE: return m == p;
    case WQ_SEMOP_ACQ_STRICT_GEQ: return m >= p;
    case WQ_SEMOP_ACQ_CIRC_GEQ: return sx((m - p) & k, is64) >= 0;
    case WQ_SEMOP_ACQ_AND: return (m & p) != 0;
    default: return (~(m | p) & k) != 0;                          /* ACQ_NOR */
    }
}

static uint32_t exec_word(unsigned op, int sw, int wfi, int is64, unsigned red, int uns)
{
    wq_sem_exec_t e = { op, (unsigned)sw, (unsigned)wfi, (unsigned)is64, red, (unsigned)uns };
    return wq_sem_encode(&e);
}

static int is_method(uint32_t off)
{
    switch (off) {
#define METHOD(n, o) case o:
#include "../spec/method.def"
#undef METHOD
        return 1;
    default: return 0;
    }
}

/* ---- commands -------------------------------------------------------------- */
static void add(chs_t *ch, cmd_t c) { if (ch->n < MAXCMD) ch->c[ch->n++] = c; }

/* a private semaphore operation; tracks the expected memory */
static void priv_op(sg_t *g, unsigned c)
{
    chs_t *ch = &g->ch[c];
    unsigned k = rnd(g, NPRIV);
    int is64 = chance(g, 40);
    uint64_t m = ch->priv[k] & wmask(is64), p = wq_rng_next(&g->rng) & wmask(is64);
    cmd_t cm = { .kind = C_SEM, .addr = privaddr(c, k) };
    unsigned r = rnd(g, 3);
    if (r == 0) {
        cm.exec = exec_word(WQ_SEMOP_RELEASE, 0, chance(g, 30), is64, 0, 0);
        if (chance(g, 50)) p &= 0xFF;
        m = p;
    } else if (r == 1) {
        unsigned red = rnd(g, 8);
        int uns = chance(g, 50);
        if (red == WQ_SEMRED_INC || red == WQ_SEMRED_DEC || chance(g, 30)) p &= 0x1F;
        cm.exec = exec_word(WQ_SEMOP_REDUCTION, 0, 0, is64, red, uns);
        m = red_ref(red, uns, m, p, is64);
    } else {
        static const unsigned ops[] = { WQ_SEMOP_ACQUIRE, WQ_SEMOP_ACQ_STRICT_GEQ,
            WQ_SEMOP_ACQ_CIRC_GEQ, WQ_SEMOP_ACQ_AND, WQ_SEMOP_ACQ_NOR };
        unsigned op = ops[rnd(g, 5)];
        switch (op) {
        case WQ_SEMOP_ACQUIRE: p = m; break;
        case WQ_SEMOP_ACQ_STRICT_GEQ: p = m > 2 ? m - rnd(g, 3) : m; break;
        case WQ_SEMOP_ACQ_CIRC_GEQ: p = (m - rnd(g, 5)) & wmask(is64); break;
        case WQ_SEMOP_ACQ_AND: p = m & (0ull - m); break;       /* lowest set bit */
        default: p = 0; break;
        }
        if (!acq_ref(op, m, p, is64)) { op = WQ_SEMOP_ACQUIRE; p = m; }
        cm.exec = exec_word(op, chance(g, 30), 0, is64, 0, 0);
    }
    cm.pay = p;
    ch->priv[k] = is64 ? m : (ch->priv[k] & ~0xFFFFFFFFull) | m;
    add(ch, cm);
}

static void misc_op(sg_t *g, unsigned c)
{
    chs_t *ch = &g->ch[c];
    cmd_t cm = { 0 };
    switch (rnd(g, 5)) {
    case 0: cm.kind = C_REF; cm.pay = chance(g, 50) ? rnd(g, 8192) : (uint32_t)wq_rng_next(&g->rng);
            ch->ref = (uint32_t)cm.pay; break;
    case 1: cm.kind = C_WFI; break;
    case 2: cm.kind = C_NONSTALL; ch->nonstall = 1; break;
    case 3: cm.kind = C_YIELD; break;
    default: cm.kind = C_CTLNOP; break;
    }
    add(ch, cm);
}

/* the error a bad channel ends with, and the command that raises it */
static void trigger(sg_t *g, unsigned c, unsigned err)
{
    chs_t *ch = &g->ch[c];
    cmd_t cm = { .kind = C_TRIGGER, .x = rnd(g, 3) };
    ch->err = err;
    switch (err) {
    case WQ_CHERR_BAD_SEC_OP: {
        static const unsigned so[] = { WQ_SECOP_GRP2, WQ_SECOP_RSVD6, WQ_SECOP_NOP_GRP0 };
        cm.exec = wq_mh_encode(so[cm.x], rnd(g, 8), WQ_M_WFI, 1 + rnd(g, 4));
        ch->info = cm.exec;
        break;
    }
    case WQ_CHERR_UNKNOWN_METHOD: {
        uint32_t off;
        do off = 4u * (1 + rnd(g, 1023)); while (is_method(off));
        cm.addr = off;
        ch->info = off;
        break;
    }
    case WQ_CHERR_SEM_MISALIGNED:
        cm.x = chance(g, 50);                              /* 64-bit? */
        cm.addr = privaddr(c, 0) + (cm.x ? 4u : 2u);
        ch->info = cm.addr;
        break;
    case WQ_CHERR_BAD_SEM_ADDR: cm.addr = 1 + rnd(g, 0xFFFF); ch->info = cm.addr; break;
    case WQ_CHERR_BAD_SEM_OP:
        cm.exec = exec_word(7, chance(g, 50), 0, chance(g, 50), 0, 0);
        ch->info = cm.exec;
        break;
    case WQ_CHERR_BAD_REDUCTION:
        cm.exec = exec_word(WQ_SEMOP_REDUCTION, 0, 0, chance(g, 50), 8 + rnd(g, 8), chance(g, 50));
        ch->info = cm.exec;
        break;
    case WQ_CHERR_ACQUIRE_TIMEOUT:
        ch->timeout = rnd(g, 4);
        cm.addr = S_SEM + 0x100u * c + S_NEVER;
        cm.exec = exec_word(WQ_SEMOP_ACQUIRE, chance(g, 50), 0, 0, 0, 0);
        ch->info = cm.addr;
        break;
    case WQ_CHERR_BAD_LAUNCH:
        cm.addr = chance(g, 50) ? S_BADDESC : S_DESC + 2;
        ch->info = cm.addr;
        break;
    case WQ_CHERR_BAD_CONFIG:
        if (cm.x == 0) { ch->base = S_RING + 0x10000u * c + 4; ch->info = ch->base; }
        else { ch->log2 = cm.x == 1 ? 0 : 17; ch->info = ch->log2; }
        goto nothing_runs;
    case WQ_CHERR_GP_PUT_RANGE:
        ch->put_extra = (1u << ch->log2) + rnd(g, 100);
        ch->info = ch->put_extra;
        goto nothing_runs;
    default: break;  /* BAD_GP_ENTRY, TRUNCATED, RESERVED_BITS: info at serialization */
    }
    add(ch, cm);
    return;
nothing_runs:        /* the error comes from the CSR writes: no entry runs */
    ch->n = 0;
    memset(ch->priv, 0, sizeof ch->priv);
    ch->ref = 0;
    ch->nonstall = 0;
}

/* ---- serialization ------------------------------------------------------------ */
static void pbw(chs_t *ch, uint32_t w) { if (ch->npb < PBMAX) ch->pb[ch->npb++] = w; }

static void hdr(sg_t *g, chs_t *ch, unsigned secop, uint32_t off, uint32_t n)
{
    pbw(ch, wq_mh_encode(secop, rnd(g, 8), off, n));
}

/* one method, in one of the forms that can carry it */
static void method(sg_t *g, chs_t *ch, uint32_t off, uint32_t data)
{
    unsigned f = rnd(g, 4);
    if (f == 0 && data < (1u << (WQ_MH_COUNT_HI - WQ_MH_COUNT_LO + 1))) {
        hdr(g, ch, WQ_SECOP_IMMD, off, data);
        return;
    }
    hdr(g, ch, f == 1 ? WQ_SECOP_NONINC : f == 2 ? WQ_SECOP_ONE_INC : WQ_SECOP_INC, off, 1);
    pbw(ch, data);
}

static void sem_methods(sg_t *g, chs_t *ch, uint32_t addr, uint32_t hi, uint64_t pay, uint32_t exec)
{
    if (chance(g, 60)) {           /* one incrementing group of five */
        hdr(g, ch, WQ_SECOP_INC, WQ_M_SEM_ADDR_LO, 5);
        pbw(ch, addr); pbw(ch, hi); pbw(ch, (uint32_t)pay); pbw(ch, (uint32_t)(pay >> 32)); pbw(ch, exec);
        return;
    }
    if (chance(g, 50)) {           /* NONINC: only the last payload word counts */
        hdr(g, ch, WQ_SECOP_NONINC, WQ_M_SEM_PAYLOAD_LO, 2);
        pbw(ch, (uint32_t)wq_rng_next(&g->rng)); pbw(ch, (uint32_t)pay);
    } else {
        method(g, ch, WQ_M_SEM_PAYLOAD_LO, (uint32_t)pay);
    }
    method(g, ch, WQ_M_SEM_ADDR_LO, addr);
    method(g, ch, WQ_M_SEM_ADDR_HI, hi);
    method(g, ch, WQ_M_SEM_PAYLOAD_HI, (uint32_t)(pay >> 32));
    method(g, ch, WQ_M_SEM_EXECUTE, exec);
}

static void gp_entry(chs_t *ch, uint32_t w0, uint32_t w1)
{
    if (ch->ngp < GPMAX) { ch->gp[ch->ngp][0] = w0; ch->gp[ch->ngp][1] = w1; ch->ngp++; }
}

/* close the open segment (if it has words) as one GP entry */
static void seg_close(sg_t *g, unsigned c, int end_seg)
{
    chs_t *ch = &g->ch[c];
    if (end_seg) {
        hdr(g, ch, WQ_SECOP_END_SEG, 0, 0);
        for (unsigned i = rnd(g, 3); i; i--) pbw(ch, wq_mh_encode(WQ_SECOP_GRP2, 0, 0, 1));
    }
    if (ch->npb == ch->seg) return;
    gp_entry(ch, wq_gp_word0(pbaddr(c) + 4 * ch->seg), wq_gp_word1(ch->npb - ch->seg, chance(g, 30), 0));
    ch->seg = ch->npb;
}

static void ser_trigger(sg_t *g, unsigned c, const cmd_t *cm)
{
    chs_t *ch = &g->ch[c];
    switch (ch->err) {
    case WQ_CHERR_BAD_GP_ENTRY: {
        seg_close(g, c, 0);
        uint32_t w0 = wq_gp_word0(pbaddr(c) + 4 * ch->npb), w1 = wq_gp_word1(1, 0, 0);
        if (cm->x == 0) { w0 |= 1u << WQ_GP_RSVD0_LO; ch->info = w0; }
        else if (cm->x == 1) { w1 |= 1u << WQ_GP_RSVD1_LO; ch->info = w1; }
        else { w0 = 0; w1 = wq_gp_word1(0, 0, WQ_GPCTL_ILLEGAL); ch->info = w1; }
        gp_entry(ch, w0, w1);
        return;
    }
    case WQ_CHERR_TRUNCATED:
        pbw(ch, ch->info = wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_PAYLOAD_LO, 3 + rnd(g, 3)));
        pbw(ch, 1);
        seg_close(g, c, 0);
        return;
    case WQ_CHERR_RESERVED_BITS:
        ch->info = wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_SEM_PAYLOAD_LO, 1) | 1u << WQ_MH_RSVD_LO;
        pbw(ch, ch->info);
        pbw(ch, 0);
        return;
    case WQ_CHERR_BAD_SEC_OP: pbw(ch, cm->exec); pbw(ch, 0); return;
    case WQ_CHERR_UNKNOWN_METHOD: hdr(g, ch, WQ_SECOP_IMMD, cm->addr, rnd(g, 100)); return;
    case WQ_CHERR_SEM_MISALIGNED:
        sem_methods(g, ch, cm->addr, 0, 0, exec_word(WQ_SEMOP_RELEASE, 0, 0, (int)cm->x, 0, 0));
        return;
    case WQ_CHERR_BAD_SEM_ADDR:
        sem_methods(g, ch, privaddr(c, 0), cm->addr, 0, exec_word(WQ_SEMOP_RELEASE, 0, 0, 0, 0, 0));
        return;
    case WQ_CHERR_BAD_SEM_OP: case WQ_CHERR_BAD_REDUCTION: case WQ_CHERR_ACQUIRE_TIMEOUT:
        sem_methods(g, ch, cm->addr ? cm->addr : privaddr(c, 1), 0, 1, cm->exec);
        return;
    case WQ_CHERR_BAD_LAUNCH: method(g, ch, WQ_M_LAUNCH_DESC, cm->addr); method(g, ch, WQ_M_LAUNCH, 0); return;
    default: return;
    }
}

static void serialize(sg_t *g, unsigned c, const uint32_t *kdesc)
{
    chs_t *ch = &g->ch[c];
    for (unsigned i = 0; i < ch->n; i++) {
        const cmd_t *cm = &ch->c[i];
        if (chance(g, 15)) pbw(ch, 0);                       /* NOP word */
        if (chance(g, 8)) hdr(g, ch, WQ_SECOP_INC, WQ_M_WFI, 0); /* zero-count header */
        switch (cm->kind) {
        case C_SEM: case C_XREL: case C_XACQ:
            sem_methods(g, ch, cm->addr, 0, cm->pay, cm->exec);
            break;
        case C_REF: method(g, ch, WQ_M_SET_REFERENCE, (uint32_t)cm->pay); break;
        case C_WFI: method(g, ch, WQ_M_WFI, rnd(g, 50)); break;
        case C_NONSTALL: method(g, ch, WQ_M_NON_STALL_INTERRUPT, rnd(g, 50)); break;
        case C_YIELD: method(g, ch, WQ_M_YIELD, 0); break;
        case C_LAUNCH:
            if (chance(g, 50)) {
                hdr(g, ch, chance(g, 50) ? WQ_SECOP_INC : WQ_SECOP_ONE_INC, WQ_M_LAUNCH_DESC, 2);
                pbw(ch, kdesc[cm->x]);
                pbw(ch, 0);
            } else {
                method(g, ch, WQ_M_LAUNCH_DESC, kdesc[cm->x]);
                method(g, ch, WQ_M_LAUNCH, 0);
            }
            break;
        case C_CTLNOP:
            seg_close(g, c, chance(g, 50));
            gp_entry(ch, 0, wq_gp_word1(0, chance(g, 50), WQ_GPCTL_NOP));
            break;
        case C_TRIGGER: ser_trigger(g, c, cm); break;
        default: break;
        }
        if (cm->kind != C_TRIGGER && chance(g, 25)) seg_close(g, c, chance(g, 50));
    }
    if (ch->bad && ch->n) {
        /* never executed: would overwrite private word 0 */
        sem_methods(g, ch, privaddr(c, 0), 0, 0xBAD0BAD0u, exec_word(WQ_SEMOP_RELEASE, 0, 0, 0, 0, 0));
    }
    seg_close(g, c, chance(g, 50));
}

/* ---- the whole stream -------------------------------------------------------- */
static void emit_words(wq_buf_t *b, uint32_t addr, const uint32_t *w, unsigned n)
{
    for (unsigned i = 0; i < n; i += 8) {
        wq_buf_printf(b, "mem 0x%08x", addr + 4 * i);
        for (unsigned k = i; k < n && k < i + 8; k++) wq_buf_printf(b, " 0x%08x", w[k]);
        wq_buf_printf(b, "\n");
    }
}

static int reference(const char *text, wq_buf_t *b, const uint32_t (*kd)[16], unsigned nk,
                     char *err, size_t errlen)
{
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.channels = NCH;
    wq_ctx_t *ctx = wq_new(&cfg);
    if (!ctx) return WQ_GEN_ENOMEM;
    wq_stream_result_t r;
    int rc = WQ_GEN_OK;
    if (wq_stream_run(ctx, text, 20000000u, &r) || r.failed) {
        wq_gen_seterr(err, errlen, "reference run of the stream: %s", r.msg);
        rc = WQ_GEN_ERUN;
    } else {
        wq_buf_printf(b, "; kernel results of the reference run (LANES 32, %llu ticks)\n",
                      (unsigned long long)r.ticks);
        for (unsigned k = 0; k < nk; k++) wq_gen_expect_launch(b, ctx, kd[k], "expect 0x%x 0x%x\n");
    }
    wq_free(ctx);
    return rc;
}

int wq_gen_stream(uint64_t seed, const wq_gen_stream_opts_t *opts, char **text,
                  wq_gen_info_t *info, char *err, size_t errlen)
{
    wq_gen_stream_opts_t o = { 0 };
    if (opts) o = *opts;
    *text = NULL;
    if (o.channels > NCH) { wq_gen_seterr(err, errlen, "channels: 1..%u", NCH); return WQ_GEN_EOPTS; }
    sg_t *g = calloc(1, sizeof *g);
    if (!g) return WQ_GEN_ENOMEM;
    wq_rng_init(&g->rng, seed ^ 0x53545245414Dull);
    g->tfree = o.timing_free;
    g->nch = o.channels ? o.channels : 2 + rnd(g, NCH - 1);
    for (unsigned c = 0; c < g->nch; c++) {
        chs_t *ch = &g->ch[c];
        ch->log2 = 4;
        ch->base = S_RING + 0x10000u * c;
        ch->timeout = 1000000;
        ch->bad = o.bad && c > 0 && (c == g->nch - 1 || chance(g, 50));
        ch->good = !ch->bad;
    }
    if (o.bad && g->nch == 1) g->ch[0].bad = 1, g->ch[0].good = 0;

    /* kernels: launched by good channels, every launch block once */
    wq_buf_t b = { 0 }, kb = { 0 };
    uint32_t kdesc[4], kd[4][16];
    unsigned nk = 0, nl = 0;
    int rc = WQ_GEN_OK;
    unsigned nkern = g->ch[0].good ? 1 + rnd(g, 2) : 0;
    for (unsigned k = 0; k < nkern && !rc; k++) {
        wq_gen_opts_t po;
        wq_gen_opts_default(&po);
        po.features = WQ_GEN_F_ALL & ~WQ_GEN_F_SUBV;
        po.size = 6 + rnd(g, 10);
        po.warps_max = 2;
        po.code_base = S_KCODE + 0x40000u * k;
        po.area = 2 * k;
        po.no_expects = 1;
        po.timing_free = g->tfree;
        char *kt = NULL;
        rc = wq_gen_prog(wq_rng_next(&g->rng), &po, &kt, NULL, err, errlen);
        if (rc) break;
        wq_program_t p;
        char aerr[128];
        if (wq_asm(kt, strlen(kt), "kernel", &p, aerr, sizeof aerr)) { free(kt); rc = WQ_GEN_EASM; break; }
        for (unsigned i = 0; i < p.nlaunch && nl < 4; i++, nl++) {
            kdesc[nl] = S_DESC + 0x400u * k + 64u * i;
            memcpy(kd[nl], p.launch[i].w, sizeof kd[nl]);
        }
        wq_program_free(&p);
        wq_buf_printf(&kb, "asm 0x%08x\n%sendasm\n", S_DESC + 0x400u * k, kt);
        free(kt);
        nk++;
    }
    if (rc) { wq_buf_free(&kb); free(g); return rc; }

    /* command lists */
    for (unsigned c = 0; c < g->nch; c++) {
        unsigned n = 3 + rnd(g, 8);
        for (unsigned i = 0; i < n; i++) {
            if (chance(g, 60)) priv_op(g, c);
            else misc_op(g, c);
        }
    }
    for (unsigned l = 0; l < nl; l++) {           /* launches go to good channels */
        unsigned c;
        do c = rnd(g, g->nch); while (!g->ch[c].good);
        chs_t *ch = &g->ch[c];
        unsigned at = rnd(g, ch->n + 1);
        if (ch->n < MAXCMD) {
            memmove(&ch->c[at + 1], &ch->c[at], (ch->n - at) * sizeof(cmd_t));
            ch->c[at] = (cmd_t){ .kind = C_LAUNCH, .x = l };
            ch->n++;
        }
        if (chance(g, 50)) add(ch, (cmd_t){ .kind = C_WFI });
    }
    /* cross-channel waits: channel c waits for a release by a lower channel */
    for (unsigned c = 1; c < g->nch; c++) {
        for (unsigned t = rnd(g, 3); t && g->nx < MAXX; t--) {
            unsigned j = rnd(g, c);
            if (!g->ch[c].good || !g->ch[j].good) continue;
            unsigned x = g->nx++;
            static const unsigned ops[] = { WQ_SEMOP_ACQUIRE, WQ_SEMOP_ACQ_STRICT_GEQ,
                WQ_SEMOP_ACQ_CIRC_GEQ, WQ_SEMOP_ACQ_AND, WQ_SEMOP_ACQ_NOR };
            unsigned op = ops[rnd(g, 5)];
            uint32_t v = 1 + rnd(g, 0xFFFF), p = v, init = 0;
            if (op == WQ_SEMOP_ACQ_AND) p = v & (0u - v);
            if (op == WQ_SEMOP_ACQ_NOR) { p = 0xFFFF0000u; init = 0x0000FFFFu; v = 0; }
            g->xinit[x] = init;
            g->xval[x] = v;
            cmd_t rel = { .kind = C_XREL, .x = x, .addr = S_XSEM + 8 * x, .pay = v,
                          .exec = exec_word(WQ_SEMOP_RELEASE, 0, chance(g, 20), 0, 0, 0) };
            cmd_t acq = { .kind = C_XACQ, .x = x, .addr = S_XSEM + 8 * x, .pay = p,
                          .exec = exec_word(op, 1, 0, 0, 0, 0) };
            chs_t *cj = &g->ch[j], *cc = &g->ch[c];
            if (cj->n < MAXCMD && cc->n < MAXCMD) {
                unsigned a = rnd(g, cj->n + 1), q = rnd(g, cc->n + 1);
                memmove(&cj->c[a + 1], &cj->c[a], (cj->n - a) * sizeof(cmd_t));
                cj->c[a] = rel; cj->n++;
                memmove(&cc->c[q + 1], &cc->c[q], (cc->n - q) * sizeof(cmd_t));
                cc->c[q] = acq; cc->n++;
            } else {
                g->nx--;
            }
        }
    }
    /* bad channels: one error each, every code over a few seeds */
    unsigned nerr = 0, bi = 0;
    for (unsigned e = 1; e < 64; e++) if (wq_cherr_name(e) && strcmp(wq_cherr_name(e), "?")) nerr = e;
    for (unsigned c = 0; c < g->nch; c++) {
        if (!g->ch[c].bad) continue;
        unsigned e = 1 + (unsigned)((seed * 3 + bi++) % nerr);
        trigger(g, c, e);
    }
    for (unsigned c = 0; c < g->nch; c++) serialize(g, c, kdesc);

    /* text */
    wq_buf_printf(&b, "wqstream 1\n; wq-gen stream seed=%llu bad=%d\nchannels %u\n",
                  (unsigned long long)seed, o.bad, NCH);
    if (o.timing_free) wq_buf_printf(&b, "; timing-free kernels: results hold under any timing\n");
    wq_buf_append(&b, kb.p ? kb.p : "", kb.len);
    wq_buf_free(&kb);
    for (unsigned x = 0; x < g->nx; x++)
        if (g->xinit[x]) emit_words(&b, S_XSEM + 8 * x, &g->xinit[x], 1);
    unsigned errs = 0;
    for (unsigned c = 0; c < g->nch; c++) {
        chs_t *ch = &g->ch[c];
        uint32_t ring[2 * (GPMAX + 1)];
        for (unsigned i = 0; i < ch->ngp; i++) { ring[2 * i] = ch->gp[i][0]; ring[2 * i + 1] = ch->gp[i][1]; }
        wq_buf_printf(&b, "; channel %u: %s\n", c, ch->bad ? wq_cherr_name(ch->err) : "good");
        emit_words(&b, pbaddr(c), ch->pb, ch->npb);
        emit_words(&b, S_RING + 0x10000u * c, ring, 2 * ch->ngp);
        wq_buf_printf(&b, "chan %u 0x%08x %u %u %u %u\n", c, ch->base, ch->log2, 1 + rnd(g, 24),
                      ch->timeout, ch->ngp);
        if (ch->put_extra) wq_buf_printf(&b, "put %u %u\n", c, ch->put_extra);
        if (ch->bad) {
            wq_buf_printf(&b, "expect_chan %u error %s 0x%x\n", c, wq_cherr_name(ch->err), ch->info);
            errs |= 1u << ch->err;
        } else {
            wq_buf_printf(&b, "expect_chan %u ok\n", c);
        }
        wq_buf_printf(&b, "expect_ref %u 0x%x\n", c, ch->ref);
        for (unsigned k = 0; k < NPRIV; k++) {
            wq_buf_printf(&b, "expect 0x%08x 0x%x\n", privaddr(c, k), (uint32_t)ch->priv[k]);
            wq_buf_printf(&b, "expect 0x%08x 0x%x\n", privaddr(c, k) + 4, (uint32_t)(ch->priv[k] >> 32));
        }
        if (ch->nonstall) wq_buf_printf(&b, "expect_irq NON_STALL\n");
    }
    for (unsigned x = 0; x < g->nx; x++)
        wq_buf_printf(&b, "expect 0x%08x 0x%x\n", S_XSEM + 8 * x, (uint32_t)g->xval[x]);
    if (errs) wq_buf_printf(&b, "expect_irq CHAN_ERROR\n");
    if (b.oom) rc = WQ_GEN_ENOMEM;
    if (!rc) rc = reference(b.p, &b, (const uint32_t (*)[16])kd, nl, err, errlen);
    if (!rc && b.oom) rc = WQ_GEN_ENOMEM;
    if (info) {
        memset(info, 0, sizeof *info);
        info->chan_errs = errs;
        info->nlaunch = nl;
    }
    free(g);
    if (rc) { wq_buf_free(&b); return rc; }
    *text = b.p;
    return WQ_GEN_OK;
}

int wq_gen_run_stream(const char *text, unsigned lanes, wq_gen_result_t *r)
{
    memset(r, 0, sizeof *r);
    int need = wq_stream_channels(text);
    if (need < 0) { snprintf(r->msg, sizeof r->msg, "not a stream"); return WQ_GEN_EOPTS; }
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.lanes = lanes;
    cfg.channels = (unsigned)need;
    wq_ctx_t *ctx = wq_new(&cfg);
    if (!ctx) { snprintf(r->msg, sizeof r->msg, "bad configuration"); return WQ_GEN_EOPTS; }
    wq_stream_result_t sr;
    int rc = wq_stream_run(ctx, text, 20000000u, &sr);
    r->ticks = sr.ticks;
    r->mem_hash = sr.mem_hash;
    r->bad_expects = sr.failed;
    r->ok = !rc && !sr.failed;
    snprintf(r->msg, sizeof r->msg, "%s", sr.msg);
    wq_free(ctx);
    return rc ? WQ_GEN_EASM : WQ_GEN_OK;
}
