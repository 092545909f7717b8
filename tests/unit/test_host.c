/* test_host.c -- the host interface (DESIGN §5): GP entries, pushbuffer
 * segments, every method, semaphores through the host, waits, channel
 * scheduling, every channel error with a second channel running alongside,
 * reset, and the CSR map.  Streams are built with host_util.h the way a
 * driver would; expected values are written out here by hand. */
#include <string.h>
#include <criterion/criterion.h>
#include "wq/model.h"
#include "wq/isa.h"
#include "host_util.h"

/* test memory map (addresses, not encodings) */
#define RING(c)   (0x1000u + (c) * 0x100u)
#define PB(c)     (0x10000u + (c) * 0x1000u)
#define SEM       0x8000u
#define DESC      0x9000u
#define CODE      0x20000u
#define ENABLE_BIT ((uint32_t)WQ_FMASK(WQ_CSRF_CTRL_ENABLE_HI, WQ_CSRF_CTRL_ENABLE_LO))
#define RESET_BIT  ((uint32_t)WQ_FMASK(WQ_CSRF_CTRL_RESET_HI, WQ_CSRF_CTRL_RESET_LO))

/* ---- trace recorder ------------------------------------------------------------ */
#define MAXREC 8192
typedef struct rec {
    wq_trace_rec_t r[MAXREC];
    uint64_t tick[MAXREC];
    unsigned n;
    wq_ctx_t *ctx;
    int idle_at[MAXREC];
} rec_t;

static void rec_fn(void *user, const wq_trace_rec_t *r)
{
    rec_t *rc = user;
    if (rc->n < MAXREC) {
        rc->r[rc->n] = *r;
        rc->r[rc->n].vals = NULL;
        rc->tick[rc->n] = rc->ctx->st.ticks;
        rc->idle_at[rc->n] = wq_engine_idle(rc->ctx);
        rc->n++;
    }
}

static unsigned count_kind(const rec_t *rc, unsigned kind, int unit)
{
    unsigned n = 0;
    for (unsigned i = 0; i < rc->n; i++)
        if (rc->r[i].kind == kind && (unit < 0 || rc->r[i].unit == (unsigned)unit))
            n++;
    return n;
}

static int find_kind(const rec_t *rc, unsigned kind, int unit, unsigned from)
{
    for (unsigned i = from; i < rc->n; i++)
        if (rc->r[i].kind == kind && (unit < 0 || rc->r[i].unit == (unsigned)unit))
            return (int)i;
    return -1;
}

/* ---- fixtures ------------------------------------------------------------------------ */
static wq_ctx_t *new_ctx(rec_t *rc)
{
    wq_config_t cfg;
    wq_config_default(&cfg);
    wq_ctx_t *ctx = wq_new(&cfg);
    cr_assert_not_null(ctx);
    if (rc) {
        memset(rc, 0, sizeof *rc);
        rc->ctx = ctx;
        wq_set_trace(ctx, rec_fn, rc);
    }
    return ctx;
}

static rec_t *new_rec(void)
{
    rec_t *rc = calloc(1, sizeof *rc);
    cr_assert_not_null(rc);
    return rc;
}

static void open_chan(wq_ctx_t *ctx, unsigned c, wq_ring_t *r, wq_pb_t *pb, uint32_t log2)
{
    cr_assert_eq(wq_ring_setup(r, ctx, c, RING(c), log2), WQ_CH_IDLE);
    wq_pb_init(pb, ctx->mem, PB(c));
}

static uint32_t rd32(wq_ctx_t *ctx, uint32_t a) { return wq_mem_read32(ctx->mem, a); }

static uint32_t sem_exec(unsigned op, int is64, unsigned red, int uns, int acq_switch,
                         int release_wfi)
{
    wq_sem_exec_t s = { .op = op, .is64 = is64 ? 1u : 0u, .red = red,
                        .is_unsigned = uns ? 1u : 0u,
                        .acquire_switch = acq_switch ? 1u : 0u,
                        .release_wfi = release_wfi ? 1u : 0u };
    return wq_sem_encode(&s);
}

/* a kernel of `nops` NOPs then EXIT, one CTA of 32 threads per grid entry */
static void make_kernel(wq_ctx_t *ctx, uint32_t desc, unsigned nops, uint32_t grid_x)
{
    wq_insn_t in;
    memset(&in, 0, sizeof in);
    in.gp = WQ_PT;
    for (unsigned i = 0; i <= nops; i++) {
        in.op = i < nops ? WQ_OP_NOP : WQ_OP_EXIT;
        wq_mem_write64(ctx->mem, CODE + 8u * i, wq_encode(&in));
    }
    uint32_t w[WQ_LD_WORDS] = {0};
    w[WQ_LD_CODE_BASE] = CODE;
    w[WQ_LD_GRID_X] = grid_x;
    w[WQ_LD_GRID_Y] = w[WQ_LD_GRID_Z] = 1;
    w[WQ_LD_CTA_X] = 32;
    w[WQ_LD_CTA_Y] = w[WQ_LD_CTA_Z] = 1;
    w[WQ_LD_NREGS] = 4;
    w[WQ_LD_DEQUE] = 4u << WQ_LDF_DEQUE_LOG2_LO;
    for (unsigned i = 0; i < WQ_LD_WORDS; i++)
        wq_mem_write32(ctx->mem, desc + 4u * i, w[i]);
}

/* ================================================================================== */
/* GP entries and segments                                                             */
/* ================================================================================== */

Test(host, empty_ring_is_idle)
{
    wq_ctx_t *ctx = new_ctx(NULL);
    wq_ring_t r; wq_pb_t pb;
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_DISABLED);
    cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_IDLE, "disabled channel");
    open_chan(ctx, 0, &r, &pb, 3);
    cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_IDLE);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_IDLE);
    cr_expect_eq(wq_host_tick(ctx), 0, "no channel has work");
    cr_expect_eq(wq_step_channel(ctx, 9), WQ_STEP_IDLE, "channel beyond config");
    wq_free(ctx);
}

Test(host, one_method_per_step_and_gp_get_in_last_step)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r; wq_pb_t pb;
    open_chan(ctx, 0, &r, &pb, 3);
    wq_pb_method(&pb, WQ_M_NON_STALL_INTERRUPT, 0);
    wq_pb_method(&pb, WQ_M_SET_REFERENCE, 0x1234);
    wq_pb_method(&pb, WQ_M_WFI, 0);
    wq_pb_method(&pb, WQ_M_LAUNCH_DESC, 0xABC0);
    wq_ring_submit_seg(&r, &pb);
    wq_ring_kick(&r);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_RUNNABLE);

    static const uint32_t offs[] = { WQ_M_NON_STALL_INTERRUPT, WQ_M_SET_REFERENCE, WQ_M_WFI,
                                     WQ_M_LAUNCH_DESC };
    for (unsigned i = 0; i < 4; i++) {
        unsigned before = rc->n;
        cr_assert_eq(wq_step_channel(ctx, 0), WQ_STEP_DONE, "step %u", i);
        cr_expect_eq(count_kind(rc, WQ_EV_METHOD, 0), i + 1u);
        int m = find_kind(rc, WQ_EV_METHOD, 0, before);
        cr_assert_geq(m, 0);
        cr_expect_eq(rc->r[m].a, offs[i]);
        cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), i < 3 ? 0u : 1u,
                     "GP_GET advances in the step of the last method");
    }
    int g = find_kind(rc, WQ_EV_GP_GET, 0, 0);
    cr_assert_geq(g, 0);
    cr_expect_eq(rc->r[g].a, 1);
    cr_expect(ctx->irq_status & (1u << WQ_IRQ_NON_STALL));
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_REF), 0x1234);
    cr_expect_eq(ctx->ch[0].launch_desc, 0xABC0);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_IDLE, "idle as soon as the ring is drained");
    cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_IDLE);
    uint32_t v;
    cr_expect_eq(wq_csr_read(ctx, WQ_CSR_PERF_METHODS, &v), 0);
    cr_expect_eq(v, 4);
    wq_free(ctx);
    free(rc);
}

Test(host, sec_ops_nop_immd_end_seg)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r; wq_pb_t pb;
    open_chan(ctx, 0, &r, &pb, 3);
    uint32_t four[4] = { 0x100, 0x200, 0x300, 0x400 };
    wq_pb_nop(&pb);
    wq_pb_inc(&pb, WQ_M_SEM_ADDR_LO, four, 4);          /* ADDR_LO..PAYLOAD_HI */
    wq_pb_nop(&pb);
    wq_pb_hdr(&pb, WQ_SECOP_INC, WQ_M_WFI, 0);         /* COUNT 0: nothing */
    wq_pb_noninc(&pb, WQ_M_SEM_PAYLOAD_LO, four, 3);    /* lands 3 times */
    wq_pb_one_inc(&pb, WQ_M_SEM_ADDR_LO, four, 3);      /* LO, HI, HI */
    wq_pb_immd(&pb, WQ_M_SET_REFERENCE, 0x1ABC);        /* 13-bit data */
    wq_pb_word(&pb, wq_mh_encode(WQ_SECOP_INC, 5, WQ_M_SEM_PAYLOAD_HI, 1));  /* subch 5 */
    wq_pb_word(&pb, 0x55);
    wq_pb_end_seg(&pb);
    wq_pb_method(&pb, 0x7FC, 1);                         /* after END_SEG: never read */
    wq_ring_submit_seg(&r, &pb);
    wq_ring_kick(&r);

    unsigned steps = 0;
    while (wq_step_channel(ctx, 0) == WQ_STEP_DONE)
        steps++;
    /* 4 + 3 + 3 + 1 (IMMD) + 1 methods; dwords remain after the last
     * method, so the END_SEG that ends the segment is read by one more step */
    cr_expect_eq(count_kind(rc, WQ_EV_METHOD, 0), 12);
    cr_expect_eq(steps, 13, "12 methods + the step that reads END_SEG");
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_IDLE);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 1);
    wq_channel_t *ch = &ctx->ch[0];
    cr_expect_eq(ch->sem_addr_lo, 0x100);
    cr_expect_eq(ch->sem_addr_hi, 0x300, "ONE_INC: 2nd and 3rd word both to ADDR_HI");
    cr_expect_eq(ch->sem_pay_lo, 0x300, "NONINC: last of three");
    cr_expect_eq(ch->sem_pay_hi, 0x55);
    cr_expect_eq(ch->ref, 0x1ABC);
    /* METHOD event fields: address, data, subchannel in aux */
    int last = -1;
    for (unsigned i = 0; i < rc->n; i++)
        if (rc->r[i].kind == WQ_EV_METHOD)
            last = (int)i;
    cr_assert_geq(last, 0);
    cr_expect_eq(rc->r[last].a, WQ_M_SEM_PAYLOAD_HI);
    cr_expect_eq(rc->r[last].b, 0x55);
    cr_expect_eq(rc->r[last].aux, 5);
    wq_free(ctx);
    free(rc);
}

Test(host, nop_only_segments_and_control_nop)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r; wq_pb_t pb;
    open_chan(ctx, 0, &r, &pb, 3);
    wq_pb_nop(&pb); wq_pb_nop(&pb); wq_pb_nop(&pb);
    wq_ring_submit_seg(&r, &pb);                         /* entry 0: NOPs */
    wq_ring_control(&r, WQ_GPCTL_NOP);                   /* entry 1 */
    wq_pb_end_seg(&pb); wq_pb_word(&pb, 0xFFFFFFFF);     /* entry 2: END_SEG + junk */
    wq_ring_submit_seg(&r, &pb);
    wq_ring_segment(&r, pb.cur, 1, 1);                   /* entry 3: SYNC, one NOP */
    wq_pb_nop(&pb);
    wq_ring_kick(&r);
    for (uint32_t i = 1; i <= 4; i++) {
        cr_assert_eq(wq_step_channel(ctx, 0), WQ_STEP_DONE, "entry %u", i - 1);
        cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), i);
    }
    cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_IDLE);
    cr_expect_eq(count_kind(rc, WQ_EV_METHOD, -1), 0);
    cr_expect_eq(count_kind(rc, WQ_EV_GP_GET, 0), 4);
    wq_free(ctx);
    free(rc);
}

Test(host, inc_address_wraps_in_field)
{
    wq_ctx_t *ctx = new_ctx(NULL);
    wq_ring_t r; wq_pb_t pb;
    open_chan(ctx, 0, &r, &pb, 3);
    /* INC from the last dword address wraps to 0 (an unknown method) */
    uint32_t top = (uint32_t)WQ_FMASK(WQ_MH_ADDRESS_HI, WQ_MH_ADDRESS_LO) << 2;
    uint32_t d[2] = { 1, 2 };
    wq_pb_inc(&pb, top, d, 2);
    wq_ring_submit_seg(&r, &pb);
    wq_ring_kick(&r);
    cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_ERROR);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_ERR_INFO), top);
    wq_free(ctx);
}

Test(host, ring_wraps_around)
{
    wq_ctx_t *ctx = new_ctx(NULL);
    wq_ring_t r; wq_pb_t pb;
    open_chan(ctx, 0, &r, &pb, 2);                       /* 4 entries */
    for (unsigned i = 0; i < 3; i++) {
        wq_pb_release(&pb, SEM + 4u * i, 0x10 + i);
        wq_ring_submit_seg(&r, &pb);
    }
    wq_ring_kick(&r);
    wq_test_run_host(ctx, 1000);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 3);
    /* entries 3, 0, 1: GP_PUT (2) < GP_GET (3) */
    for (unsigned i = 3; i < 6; i++) {
        wq_pb_release(&pb, SEM + 4u * i, 0x10 + i);
        wq_ring_submit_seg(&r, &pb);
    }
    wq_ring_kick(&r);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_PUT), 2);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_RUNNABLE);
    wq_test_run_host(ctx, 1000);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 2);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_IDLE);
    for (unsigned i = 0; i < 6; i++)
        cr_expect_eq(rd32(ctx, SEM + 4u * i), 0x10 + i, "release %u", i);
    wq_free(ctx);
}

/* ================================================================================== */
/* semaphores through the host                                                         */
/* ================================================================================== */

/* run one SEM_EXECUTE on channel 0 with memory value mv; returns the step
 * result of the SEM_EXECUTE method and leaves the SEM event in *ev */
static int sem_via_host(wq_ctx_t *ctx, rec_t *rc, uint32_t addr, uint64_t mv, uint64_t pay,
                        uint32_t word, int is64, wq_trace_rec_t *ev)
{
    wq_ring_t r; wq_pb_t pb;
    if (is64) wq_mem_write64(ctx->mem, addr, mv); else wq_mem_write32(ctx->mem, addr, (uint32_t)mv);
    open_chan(ctx, 0, &r, &pb, 3);
    wq_pb_sem(&pb, addr, pay, word);
    wq_ring_submit_seg(&r, &pb);
    wq_ring_kick(&r);
    for (unsigned i = 0; i < 4; i++)
        cr_assert_eq(wq_step_channel(ctx, 0), WQ_STEP_DONE);
    int res = wq_step_channel(ctx, 0);
    int e = find_kind(rc, WQ_EV_SEM, 0, 0);
    memset(ev, 0, sizeof *ev);
    if (e >= 0)
        *ev = rc->r[e];
    return res;
}

Test(host, release_32_and_64)
{
    rec_t *rc = new_rec();
    wq_trace_rec_t ev;
    wq_ctx_t *ctx = new_ctx(rc);
    wq_mem_write32(ctx->mem, SEM + 4, 0xDEADBEEF);
    cr_expect_eq(sem_via_host(ctx, rc, SEM, 7, 0xAAAA00000000BBBBull,
                              sem_exec(WQ_SEMOP_RELEASE, 0, 0, 0, 0, 0), 0, &ev), WQ_STEP_DONE);
    cr_expect_eq(rd32(ctx, SEM), 0xBBBB);
    cr_expect_eq(rd32(ctx, SEM + 4), 0xDEADBEEF, "32-bit release writes one word");
    cr_expect_eq(ev.aux, WQ_SEMOP_RELEASE);
    cr_expect_eq(ev.a, SEM);
    cr_expect_eq(ev.b, 0xBBBB);
    cr_expect_eq(ev.c, 0xBBBB);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 1);
    wq_free(ctx);

    ctx = new_ctx(rc);
    cr_expect_eq(sem_via_host(ctx, rc, SEM + 8, 7, 0xAAAA00000000BBBBull,
                              sem_exec(WQ_SEMOP_RELEASE, 1, 0, 0, 0, 0), 1, &ev), WQ_STEP_DONE);
    cr_expect_eq(wq_mem_read64(ctx->mem, SEM + 8), 0xAAAA00000000BBBBull);
    cr_expect_eq(ev.b, 0xAAAA00000000BBBBull);
    wq_free(ctx);
    free(rc);
}

typedef struct { unsigned op; int is64; uint64_t mv, pay; int pass; } hacq_t;

Test(host, every_acquire_op_pass_and_fail)
{
    static const hacq_t cases[] = {
        { WQ_SEMOP_ACQUIRE, 0, 3, 3, 1 },        { WQ_SEMOP_ACQUIRE, 0, 3, 4, 0 },
        { WQ_SEMOP_ACQUIRE, 1, 0x500000003ull, 0x500000003ull, 1 },
        { WQ_SEMOP_ACQUIRE, 1, 0x500000003ull, 3, 0 },
        { WQ_SEMOP_ACQ_STRICT_GEQ, 0, 0xFFFFFFFF, 2, 1 }, { WQ_SEMOP_ACQ_STRICT_GEQ, 0, 1, 2, 0 },
        { WQ_SEMOP_ACQ_STRICT_GEQ, 1, 0x100000000ull, 0xFFFFFFFF, 1 },
        { WQ_SEMOP_ACQ_CIRC_GEQ, 0, 1, 0xFFFFFFFE, 1 }, { WQ_SEMOP_ACQ_CIRC_GEQ, 0, 0xFFFFFFFE, 1, 0 },
        { WQ_SEMOP_ACQ_CIRC_GEQ, 1, 0x100000000ull, 1, 1 },
        { WQ_SEMOP_ACQ_AND, 0, 6, 2, 1 },         { WQ_SEMOP_ACQ_AND, 0, 6, 1, 0 },
        { WQ_SEMOP_ACQ_AND, 1, 0x200000000ull, 0x200000000ull, 1 },
        { WQ_SEMOP_ACQ_NOR, 0, 0xFFFF0000, 0x0000FFFE, 1 }, { WQ_SEMOP_ACQ_NOR, 0, 0xFFFF0000, 0xFFFF, 0 },
        { WQ_SEMOP_ACQ_NOR, 1, 0xFFFFFFFF, 0, 1 },
    };
    rec_t *rc = new_rec();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const hacq_t *c = &cases[i];
        wq_trace_rec_t ev;
        wq_ctx_t *ctx = new_ctx(rc);
        int res = sem_via_host(ctx, rc, SEM, c->mv, c->pay,
                               sem_exec(c->op, c->is64, 0, 0, 0, 0), c->is64, &ev);
        if (c->pass) {
            cr_expect_eq(res, WQ_STEP_DONE, "case %zu", i);
            cr_expect_eq(ev.kind, WQ_EV_SEM, "case %zu", i);
            cr_expect_eq(ev.aux, c->op);
            cr_expect_eq(ev.c, c->mv, "SEM event c = memory value read");
            cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 1, "case %zu", i);
        } else {
            cr_expect_eq(res, WQ_STEP_WAIT, "case %zu", i);
            cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_ACQ_WAIT, "case %zu", i);
            cr_expect_eq(ctx->ch[0].acq_attempts, 1);
            cr_expect_eq(count_kind(rc, WQ_EV_SEM, -1), 0);
            cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 0, "no GP_GET past a pending acquire");
            /* memory changes: the retry reads it again and passes */
            if (c->is64) wq_mem_write64(ctx->mem, SEM, c->pay); else wq_mem_write32(ctx->mem, SEM, (uint32_t)c->pay);
            if (c->op == WQ_SEMOP_ACQ_NOR) wq_mem_write64(ctx->mem, SEM, 0);
            if (c->op == WQ_SEMOP_ACQ_CIRC_GEQ) wq_mem_write32(ctx->mem, SEM, 1);
            cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_DONE, "case %zu retry", i);
            cr_expect_eq(count_kind(rc, WQ_EV_SEM, 0), 1);
            cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 1);
            cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_IDLE);
        }
        wq_free(ctx);
    }
    free(rc);
}

typedef struct { unsigned red; int uns, is64; uint64_t mv, pay, expect; } hred_t;

Test(host, every_reduction_32_and_64)
{
    static const hred_t cases[] = {
        { WQ_SEMRED_IMIN, 0, 0, 0xFFFFFFF0, 3, 0xFFFFFFF0 },
        { WQ_SEMRED_IMIN, 1, 0, 0xFFFFFFF0, 3, 3 },
        { WQ_SEMRED_IMIN, 0, 1, 0xFFFFFFFFFFFFFFF0ull, 3, 0xFFFFFFFFFFFFFFF0ull },
        { WQ_SEMRED_IMAX, 0, 0, 0xFFFFFFF0, 3, 3 },
        { WQ_SEMRED_IMAX, 1, 1, 0xFFFFFFFFFFFFFFF0ull, 3, 0xFFFFFFFFFFFFFFF0ull },
        { WQ_SEMRED_IXOR, 0, 0, 0xF0F0, 0xFF00, 0x0FF0 },
        { WQ_SEMRED_IXOR, 0, 1, 0xF0F0000000000000ull, 0xFF00000000000000ull, 0x0FF0000000000000ull },
        { WQ_SEMRED_IAND, 0, 0, 0xF0F0, 0xFF00, 0xF000 },
        { WQ_SEMRED_IAND, 0, 1, 0x1100000011ull, 0x0100000001ull, 0x0100000001ull },
        { WQ_SEMRED_IOR,  0, 0, 0xF0F0, 0xFF00, 0xFFF0 },
        { WQ_SEMRED_IOR,  0, 1, 0x1000000000ull, 1, 0x1000000001ull },
        { WQ_SEMRED_IADD, 0, 0, 0xFFFFFFFF, 1, 0 },
        { WQ_SEMRED_IADD, 0, 1, 0xFFFFFFFF, 1, 0x100000000ull },
        { WQ_SEMRED_INC,  0, 0, 9, 9, 0 },
        { WQ_SEMRED_INC,  0, 1, 0xFFFFFFFF, 0x100000000ull, 0x100000000ull },
        { WQ_SEMRED_DEC,  0, 0, 0, 9, 9 },
        { WQ_SEMRED_DEC,  0, 1, 0x100000000ull, 0x100000000ull, 0xFFFFFFFF },
    };
    rec_t *rc = new_rec();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const hred_t *c = &cases[i];
        wq_trace_rec_t ev;
        wq_ctx_t *ctx = new_ctx(rc);
        wq_mem_write32(ctx->mem, SEM + 4, 0x77777777);   /* neighbour of a 32-bit semaphore */
        int res = sem_via_host(ctx, rc, SEM, c->mv, c->pay,
                               sem_exec(WQ_SEMOP_REDUCTION, c->is64, c->red, c->uns, 0, 0),
                               c->is64, &ev);
        cr_expect_eq(res, WQ_STEP_DONE, "case %zu", i);
        uint64_t got = c->is64 ? wq_mem_read64(ctx->mem, SEM) : rd32(ctx, SEM);
        cr_expect_eq(got, c->expect, "case %zu: got %llx", i, (unsigned long long)got);
        if (!c->is64)
            cr_expect_eq(rd32(ctx, SEM + 4), 0x77777777, "case %zu: 32-bit stays in its word", i);
        cr_expect_eq(ev.aux, WQ_SEMOP_REDUCTION);
        cr_expect_eq(ev.c, c->expect, "SEM event c = value written");
        wq_free(ctx);
    }
    free(rc);
}

/* ================================================================================== */
/* acquire waiting, retry, timeout, switching                                          */
/* ================================================================================== */

Test(host, acquire_timeout_after_timeout_plus_one_attempts)
{
    for (uint32_t t = 0; t < 4; t++) {
        rec_t *rc = new_rec();
        wq_ctx_t *ctx = new_ctx(rc);
        wq_ring_t r; wq_pb_t pb;
        open_chan(ctx, 0, &r, &pb, 3);
        wq_chreg_write(ctx, 0, WQ_CHCSR_ACQ_TIMEOUT, t);
        wq_pb_acquire(&pb, SEM, 1, 0);
        wq_ring_submit_seg(&r, &pb);
        wq_ring_kick(&r);
        for (unsigned i = 0; i < 4; i++)
            wq_step_channel(ctx, 0);
        /* attempt k (1-based) fails; k = t+1 is the error */
        for (uint32_t k = 1; k <= t; k++) {
            cr_expect_eq(wq_step_channel(ctx, 0) , WQ_STEP_WAIT, "t=%u attempt %u", t, k);
            cr_expect_eq(ctx->ch[0].acq_attempts, k);
        }
        cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_ERROR, "t=%u", t);
        cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_ERROR);
        cr_expect_eq(wq_chan_errcode(ctx, 0), WQ_CHERR_ACQUIRE_TIMEOUT);
        cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_ERR_INFO), SEM);
        cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 0);
        cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_IDLE, "ERROR does nothing");
        cr_expect_eq(count_kind(rc, WQ_EV_CHAN_ERROR, 0), 1);
        wq_free(ctx);
        free(rc);
    }
}

Test(host, acquire_with_switch_lets_others_run)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r0, r1; wq_pb_t p0, p1;
    open_chan(ctx, 0, &r0, &p0, 3);
    open_chan(ctx, 1, &r1, &p1, 3);
    wq_pb_acquire(&p0, SEM, 1, 1);                        /* waits for ch1 */
    wq_pb_release(&p0, SEM + 4, 0xC0);
    wq_ring_submit_seg(&r0, &p0);
    for (unsigned i = 0; i < 6; i++)
        wq_pb_method(&p1, WQ_M_SEM_PAYLOAD_HI, i);       /* busy work */
    wq_pb_release(&p1, SEM, 1);
    wq_ring_submit_seg(&r1, &p1);
    wq_ring_kick(&r0);
    wq_ring_kick(&r1);
    wq_test_run_host(ctx, 10000);

    int sw = find_kind(rc, WQ_EV_CHAN_SWITCH, 0, 0);
    cr_assert_geq(sw, 0);
    cr_expect_eq(rc->r[sw].aux, WQ_SW_ACQUIRE);
    cr_expect_eq(rc->r[sw].a, 1);
    /* ch1's first method comes after the switch, and ch0's acquire passes
     * only after ch1's release */
    cr_expect_gt(find_kind(rc, WQ_EV_METHOD, 1, 0), sw);
    int rel = -1, acq = -1;
    for (unsigned i = 0; i < rc->n; i++) {
        if (rc->r[i].kind != WQ_EV_SEM) continue;
        if (rc->r[i].unit == 1 && rel < 0) rel = (int)i;
        if (rc->r[i].unit == 0 && acq < 0) acq = (int)i;
    }
    cr_assert(rel >= 0 && acq >= 0);
    cr_expect_lt(rel, acq);
    cr_expect_eq(rd32(ctx, SEM + 4), 0xC0);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 1);
    cr_expect_eq(wq_chreg(ctx, 1, WQ_CHCSR_GP_GET), 1);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_IDLE);
    wq_free(ctx);
    free(rc);
}

Test(host, acquire_without_switch_holds_the_host)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r0, r1; wq_pb_t p0, p1;
    open_chan(ctx, 0, &r0, &p0, 3);
    open_chan(ctx, 1, &r1, &p1, 3);
    wq_chreg_write(ctx, 0, WQ_CHCSR_ACQ_RETRY, 3);
    wq_chreg_write(ctx, 0, WQ_CHCSR_ACQ_TIMEOUT, 5);
    wq_pb_acquire(&p0, SEM, 1, 0);                        /* no ACQUIRE_SWITCH */
    wq_ring_submit_seg(&r0, &p0);
    wq_pb_release(&p1, SEM, 1);                           /* would unblock it */
    wq_ring_submit_seg(&r1, &p1);
    wq_ring_kick(&r0);
    wq_ring_kick(&r1);
    wq_test_run_host(ctx, 10000);

    /* the host never left ch0 before it timed out */
    int err = find_kind(rc, WQ_EV_CHAN_ERROR, 0, 0);
    cr_assert_geq(err, 0);
    cr_expect_lt(err, find_kind(rc, WQ_EV_METHOD, 1, 0));
    cr_expect_eq(wq_chan_errcode(ctx, 0), WQ_CHERR_ACQUIRE_TIMEOUT);
    int sw = find_kind(rc, WQ_EV_CHAN_SWITCH, 0, 0);
    cr_assert_geq(sw, 0);
    cr_expect_eq(rc->r[sw].aux, WQ_SW_ERROR);
    cr_expect_gt(sw, err);
    /* first attempt at SEM_EXECUTE, then 5 retries ACQ_RETRY ticks apart */
    int first = -1;
    for (unsigned i = 0; i < rc->n; i++)
        if (rc->r[i].kind == WQ_EV_METHOD && rc->r[i].a == WQ_M_SEM_EXECUTE) { first = (int)i; break; }
    cr_assert_geq(first, 0);
    cr_expect_eq(rc->tick[err] - rc->tick[first], 5u * 3u);
    cr_expect_eq(wq_chreg(ctx, 1, WQ_CHCSR_GP_GET), 1, "ch1 ran after the error");
    wq_free(ctx);
    free(rc);
}

Test(host, acquire_without_switch_passes_when_memory_changes)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r0, r1; wq_pb_t p0, p1;
    open_chan(ctx, 0, &r0, &p0, 3);
    open_chan(ctx, 1, &r1, &p1, 3);
    wq_pb_acquire(&p0, SEM, 1, 0);
    wq_pb_method(&p0, WQ_M_SET_REFERENCE, 9);
    wq_ring_submit_seg(&r0, &p0);
    wq_pb_method(&p1, WQ_M_SET_REFERENCE, 5);
    wq_ring_submit_seg(&r1, &p1);
    wq_ring_kick(&r0);
    wq_ring_kick(&r1);
    wq_test_run_host(ctx, 50);                            /* stuck on the acquire */
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_ACQ_WAIT);
    cr_expect_eq(wq_chreg(ctx, 1, WQ_CHCSR_GP_GET), 0);
    cr_expect_eq(count_kind(rc, WQ_EV_CHAN_SWITCH, -1), 0);
    wq_mem_write32(ctx->mem, SEM, 1);                     /* e.g. a kernel's store */
    wq_test_run_host(ctx, 1000);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_REF), 9);
    cr_expect_eq(wq_chreg(ctx, 1, WQ_CHCSR_REF), 5);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_IDLE);
    int sw = find_kind(rc, WQ_EV_CHAN_SWITCH, -1, 0);
    cr_assert_geq(sw, 0);
    cr_expect_eq(rc->r[sw].aux, WQ_SW_EMPTY);
    wq_free(ctx);
    free(rc);
}

/* ================================================================================== */
/* time slice, YIELD                                                                    */
/* ================================================================================== */

Test(host, time_slice_round_robin)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r0, r1; wq_pb_t p0, p1;
    cr_assert_eq(wq_csr_write(ctx, WQ_CSR_HOST_SLICE, 4), 0);
    open_chan(ctx, 0, &r0, &p0, 3);
    open_chan(ctx, 1, &r1, &p1, 3);
    uint32_t d[10] = {0};
    wq_pb_noninc(&p0, WQ_M_SEM_PAYLOAD_LO, d, 10);
    wq_ring_submit_seg(&r0, &p0);
    wq_pb_noninc(&p1, WQ_M_SEM_PAYLOAD_LO, d, 10);
    wq_ring_submit_seg(&r1, &p1);
    wq_ring_kick(&r0);
    wq_ring_kick(&r1);
    wq_test_run_host(ctx, 1000);

    static const unsigned want_units[20] = { 0,0,0,0, 1,1,1,1, 0,0,0,0, 1,1,1,1, 0,0, 1,1 };
    unsigned k = 0;
    for (unsigned i = 0; i < rc->n && k < 20; i++)
        if (rc->r[i].kind == WQ_EV_METHOD) {
            cr_expect_eq(rc->r[i].unit, want_units[k], "method %u", k);
            k++;
        }
    cr_expect_eq(k, 20);
    static const unsigned want_why[5] = { WQ_SW_SLICE, WQ_SW_SLICE, WQ_SW_SLICE, WQ_SW_SLICE,
                                          WQ_SW_EMPTY };
    k = 0;
    for (unsigned i = 0; i < rc->n; i++)
        if (rc->r[i].kind == WQ_EV_CHAN_SWITCH) {
            cr_assert_lt(k, 5u);
            cr_expect_eq(rc->r[i].aux, want_why[k], "switch %u", k);
            cr_expect_eq(rc->r[i].unit, k % 2);
            cr_expect_eq(rc->r[i].a, (k + 1) % 2);
            k++;
        }
    cr_expect_eq(k, 5);
    cr_expect_eq(ctx->st.channel_switches, 5);
    wq_free(ctx);
    free(rc);
}

Test(host, time_slice_alone_never_switches)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r0; wq_pb_t p0;
    wq_csr_write(ctx, WQ_CSR_HOST_SLICE, 2);
    open_chan(ctx, 0, &r0, &p0, 3);
    uint32_t d[9] = {0};
    wq_pb_noninc(&p0, WQ_M_SEM_PAYLOAD_LO, d, 9);
    wq_ring_submit_seg(&r0, &p0);
    wq_ring_kick(&r0);
    wq_test_run_host(ctx, 1000);
    cr_expect_eq(count_kind(rc, WQ_EV_METHOD, 0), 9);
    cr_expect_eq(count_kind(rc, WQ_EV_CHAN_SWITCH, -1), 0);
    wq_free(ctx);
    free(rc);
}

Test(host, time_slice_refilled_when_alone)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r0, r1; wq_pb_t p0, p1;
    wq_csr_write(ctx, WQ_CSR_HOST_SLICE, 4);
    open_chan(ctx, 0, &r0, &p0, 3);
    open_chan(ctx, 1, &r1, &p1, 3);
    uint32_t d[10] = {0};
    wq_pb_noninc(&p0, WQ_M_SEM_PAYLOAD_LO, d, 10);
    wq_ring_submit_seg(&r0, &p0);
    wq_ring_kick(&r0);
    wq_test_run_host(ctx, 5);            /* 4 (slice ends alone, refilled) + 1 */
    wq_pb_method(&p1, WQ_M_SEM_PAYLOAD_LO, 0);
    wq_ring_submit_seg(&r1, &p1);
    wq_ring_kick(&r1);
    wq_test_run_host(ctx, 1000);
    /* ch0 finishes its fresh slice (3 more) before ch1 gets the host */
    unsigned k = 0, first1 = 0;
    for (unsigned i = 0; i < rc->n; i++)
        if (rc->r[i].kind == WQ_EV_METHOD) {
            if (rc->r[i].unit == 1 && !first1) first1 = k + 1;
            k++;
        }
    cr_expect_eq(k, 11);
    cr_expect_eq(first1, 9, "ch1's method is the 9th");
    int sw = find_kind(rc, WQ_EV_CHAN_SWITCH, -1, 0);
    cr_assert_geq(sw, 0);
    cr_expect_eq(rc->r[sw].aux, WQ_SW_SLICE);
    wq_free(ctx);
    free(rc);
}

Test(host, yield_leaves_mid_segment_and_resumes)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r0, r2; wq_pb_t p0, p2;
    open_chan(ctx, 0, &r0, &p0, 3);
    open_chan(ctx, 2, &r2, &p2, 3);
    wq_pb_method(&p0, WQ_M_SET_REFERENCE, 1);
    wq_pb_method(&p0, WQ_M_YIELD, 0);
    wq_pb_method(&p0, WQ_M_SET_REFERENCE, 2);
    wq_ring_submit_seg(&r0, &p0);
    wq_pb_method(&p2, WQ_M_SET_REFERENCE, 3);
    wq_pb_method(&p2, WQ_M_SET_REFERENCE, 4);
    wq_ring_submit_seg(&r2, &p2);
    wq_ring_kick(&r0);
    wq_ring_kick(&r2);
    wq_test_run_host(ctx, 1000);

    static const unsigned want[5][2] = { {0, 1}, {0, 0}, {2, 3}, {2, 4}, {0, 2} };
    unsigned k = 0;
    for (unsigned i = 0; i < rc->n; i++)
        if (rc->r[i].kind == WQ_EV_METHOD) {
            cr_assert_lt(k, 5u);
            cr_expect_eq(rc->r[i].unit, want[k][0], "method %u", k);
            cr_expect_eq((uint32_t)rc->r[i].b, want[k][1], "method %u", k);
            k++;
        }
    cr_expect_eq(k, 5);
    int sw = find_kind(rc, WQ_EV_CHAN_SWITCH, -1, 0);
    cr_assert_geq(sw, 0);
    cr_expect_eq(rc->r[sw].aux, WQ_SW_YIELD);
    cr_expect_eq(rc->r[sw].unit, 0);
    cr_expect_eq(rc->r[sw].a, 2);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_REF), 2);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 1);
    wq_free(ctx);
    free(rc);
}

Test(host, yield_alone_continues)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r0; wq_pb_t p0;
    open_chan(ctx, 0, &r0, &p0, 3);
    wq_pb_method(&p0, WQ_M_YIELD, 0);
    wq_pb_method(&p0, WQ_M_SET_REFERENCE, 2);
    wq_ring_submit_seg(&r0, &p0);
    wq_ring_kick(&r0);
    cr_expect_eq(wq_test_run_host(ctx, 1000), 3, "2 steps + the tick that finds nothing");
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_REF), 2);
    cr_expect_eq(count_kind(rc, WQ_EV_CHAN_SWITCH, -1), 0);
    wq_free(ctx);
    free(rc);
}

/* ================================================================================== */
/* errors: the bad input on channel 0 while channel 1 runs a valid stream              */
/* ================================================================================== */

typedef struct env {
    wq_ctx_t *ctx;
    rec_t *rc;
    wq_ring_t r0, r1;
    wq_pb_t p0, p1;
} env_t;

#define A0 (SEM + 0x00u)   /* ch0 prefix release  */
#define A1 (SEM + 0x04u)   /* ch0 after the error, same segment */
#define A2 (SEM + 0x08u)   /* ch0 after the error, next entry    */
#define B0 (SEM + 0x40u)   /* ch1 releases */
#define B1 (SEM + 0x44u)
#define B2 (SEM + 0x48u)

static void env_init(env_t *e)
{
    e->rc = new_rec();
    e->ctx = new_ctx(e->rc);
    wq_csr_write(e->ctx, WQ_CSR_HOST_SLICE, 3);      /* interleave the channels */
    open_chan(e->ctx, 0, &e->r0, &e->p0, 3);
    open_chan(e->ctx, 1, &e->r1, &e->p1, 3);
    /* channel 1: a valid stream of three entries */
    wq_pb_release(&e->p1, B0, 0xB0);
    wq_ring_submit_seg(&e->r1, &e->p1);
    wq_pb_method(&e->p1, WQ_M_SET_REFERENCE, 0x11);
    wq_pb_release(&e->p1, B1, 0xB1);
    wq_ring_submit_seg(&e->r1, &e->p1);
    wq_pb_release(&e->p1, B2, 0xB2);
    wq_ring_submit_seg(&e->r1, &e->p1);
    wq_ring_kick(&e->r1);
    /* channel 0: a valid first entry */
    wq_pb_release(&e->p0, A0, 0xA0);
    wq_ring_submit_seg(&e->r0, &e->p0);
}

/* close the bad segment on ch0 (plus a release after it, and one more
 * entry), ring the doorbell */
static void env_bad_segment_done(env_t *e)
{
    wq_pb_release(&e->p0, A1, 0xA1);
    wq_ring_submit_seg(&e->r0, &e->p0);
    wq_pb_release(&e->p0, A2, 0xA2);
    wq_ring_submit_seg(&e->r0, &e->p0);
    wq_ring_kick(&e->r0);
}

static void env_check(env_t *e, unsigned code, uint32_t info, uint32_t get0, int prefix_ran)
{
    wq_ctx_t *ctx = e->ctx;
    wq_test_run_host(ctx, 100000);
    /* channel 1 finished everything */
    cr_expect_eq(wq_chreg(ctx, 1, WQ_CHCSR_GP_GET), 3, "ch1 GP_GET");
    cr_expect_eq(wq_chan_state(ctx, 1), WQ_CH_IDLE, "ch1 state");
    cr_expect_eq(wq_chan_errcode(ctx, 1), 0);
    cr_expect_eq(rd32(ctx, B0), 0xB0);
    cr_expect_eq(rd32(ctx, B1), 0xB1);
    cr_expect_eq(rd32(ctx, B2), 0xB2);
    cr_expect_eq(wq_chreg(ctx, 1, WQ_CHCSR_REF), 0x11);
    /* channel 0 stopped with the code and the offending word */
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_ERROR, "ch0 state");
    cr_expect_eq(wq_chan_errcode(ctx, 0), code, "code %u want %u", wq_chan_errcode(ctx, 0), code);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_ERR_INFO), info, "ERR_INFO %08x want %08x",
                 wq_chreg(ctx, 0, WQ_CHCSR_ERR_INFO), info);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), get0, "ch0 GP_GET stays on the failing entry");
    cr_expect_eq(rd32(ctx, A0), prefix_ran ? 0xA0u : 0u);
    cr_expect_eq(rd32(ctx, A1), 0, "nothing after the error");
    cr_expect_eq(rd32(ctx, A2), 0);
    cr_expect(ctx->irq_status & (1u << WQ_IRQ_CHAN_ERROR));
    cr_expect_eq(count_kind(e->rc, WQ_EV_CHAN_ERROR, -1), 1);
    int ev = find_kind(e->rc, WQ_EV_CHAN_ERROR, 0, 0);
    cr_assert_geq(ev, 0);
    cr_expect_eq(e->rc->r[ev].a, code);
    cr_expect_eq((uint32_t)e->rc->r[ev].b, info);
    wq_free(ctx);
    free(e->rc);
}

static void env_bad_header(unsigned code, uint32_t hdr)
{
    env_t e; env_init(&e);
    wq_pb_method(&e.p0, WQ_M_SET_REFERENCE, 1);
    wq_pb_word(&e.p0, hdr);
    wq_pb_word(&e.p0, 0);                                /* data, if any */
    env_bad_segment_done(&e);
    env_check(&e, code, hdr, 1, 1);
}

static void env_bad_entry(uint32_t w0, uint32_t w1, uint32_t info)
{
    env_t e; env_init(&e);
    wq_ring_entry(&e.r0, w0, w1);
    env_bad_segment_done(&e);
    env_check(&e, WQ_CHERR_BAD_GP_ENTRY, info, 1, 1);
}

Test(host, err_bad_gp_entry)
{
    uint32_t ok0 = wq_gp_word0(PB(0) + 0x800), ok1 = wq_gp_word1(1, 0, 0);
    uint32_t r0bit = (uint32_t)WQ_FMASK(WQ_GP_RSVD0_LO, WQ_GP_RSVD0_LO);
    uint32_t r1bit = (uint32_t)WQ_FMASK(WQ_GP_RSVD1_HI, WQ_GP_RSVD1_HI);
    env_bad_entry(ok0 | r0bit, ok1, ok0 | r0bit);                  /* reserved word 0 */
    env_bad_entry(ok0, ok1 | r1bit, ok1 | r1bit);                  /* reserved word 1 */
    env_bad_entry(0, wq_gp_word1(0, 0, WQ_GPCTL_ILLEGAL), wq_gp_word1(0, 0, WQ_GPCTL_ILLEGAL));
    env_bad_entry(0, wq_gp_word1(0, 0, 0x7F), wq_gp_word1(0, 0, 0x7F));   /* unknown opcode */
}

Test(host, err_bad_sec_op)
{
    env_bad_header(WQ_CHERR_BAD_SEC_OP, wq_mh_encode(WQ_SECOP_GRP2, 0, WQ_M_WFI, 1));
    env_bad_header(WQ_CHERR_BAD_SEC_OP, wq_mh_encode(WQ_SECOP_RSVD6, 0, WQ_M_WFI, 1));
    env_bad_header(WQ_CHERR_BAD_SEC_OP, wq_mh_encode(WQ_SECOP_NOP_GRP0, 0, WQ_M_WFI, 0));
}

Test(host, err_reserved_bits)
{
    uint32_t rsvd = (uint32_t)WQ_FMASK(WQ_MH_RSVD_HI, WQ_MH_RSVD_LO);
    env_bad_header(WQ_CHERR_RESERVED_BITS, wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_WFI, 1) | rsvd);
    env_bad_header(WQ_CHERR_RESERVED_BITS, rsvd);          /* not a NOP either */
}

Test(host, err_truncated)
{
    env_t e; env_init(&e);
    uint32_t h = wq_mh_encode(WQ_SECOP_NONINC, 0, WQ_M_SEM_PAYLOAD_LO, 4);
    wq_pb_method(&e.p0, WQ_M_SET_REFERENCE, 1);
    wq_pb_word(&e.p0, h);
    wq_pb_word(&e.p0, 1);
    wq_pb_word(&e.p0, 2);
    wq_pb_word(&e.p0, 3);                                /* 3 of 4 data words */
    wq_ring_submit_seg(&e.r0, &e.p0);
    wq_pb_release(&e.p0, A1, 0xA1);                      /* in memory, not in the segment */
    wq_pb_seg_begin(&e.p0);
    wq_pb_release(&e.p0, A2, 0xA2);
    wq_ring_submit_seg(&e.r0, &e.p0);
    wq_ring_kick(&e.r0);
    env_check(&e, WQ_CHERR_TRUNCATED, h, 1, 1);
}

Test(host, err_unknown_method)
{
    static const uint32_t offs[] = { 0x004, 0x07C, 0x0FC, 0x108, 0x400, 0x3FFC };
    for (unsigned i = 0; i < sizeof offs / sizeof offs[0]; i++) {
        env_t e; env_init(&e);
        wq_pb_method(&e.p0, offs[i], 0x99);
        env_bad_segment_done(&e);
        env_check(&e, WQ_CHERR_UNKNOWN_METHOD, offs[i], 1, 1);
    }
    /* IMMD form too */
    env_t e; env_init(&e);
    wq_pb_immd(&e.p0, 0x0F0, 3);
    env_bad_segment_done(&e);
    env_check(&e, WQ_CHERR_UNKNOWN_METHOD, 0x0F0, 1, 1);
}

static void env_bad_sem(uint32_t addr, uint32_t addr_hi, uint32_t word, unsigned code,
                        uint32_t info)
{
    env_t e; env_init(&e);
    uint32_t d[5] = { addr, addr_hi, 1, 0, word };
    wq_pb_inc(&e.p0, WQ_M_SEM_ADDR_LO, d, 5);
    env_bad_segment_done(&e);
    env_check(&e, code, info, 1, 1);
}

Test(host, err_semaphores)
{
    uint32_t rel32 = sem_exec(WQ_SEMOP_RELEASE, 0, 0, 0, 0, 0);
    uint32_t rel64 = sem_exec(WQ_SEMOP_RELEASE, 1, 0, 0, 0, 0);
    uint32_t acq64 = sem_exec(WQ_SEMOP_ACQUIRE, 1, 0, 0, 0, 0);
    env_bad_sem(SEM + 2, 0, rel32, WQ_CHERR_SEM_MISALIGNED, SEM + 2);
    env_bad_sem(SEM + 1, 0, rel32, WQ_CHERR_SEM_MISALIGNED, SEM + 1);
    env_bad_sem(SEM + 4, 0, rel64, WQ_CHERR_SEM_MISALIGNED, SEM + 4);
    env_bad_sem(SEM + 4, 0, acq64, WQ_CHERR_SEM_MISALIGNED, SEM + 4);
    env_bad_sem(SEM, 1, rel32, WQ_CHERR_BAD_SEM_ADDR, 1);
    env_bad_sem(SEM, 0x80000000u, acq64, WQ_CHERR_BAD_SEM_ADDR, 0x80000000u);
    uint32_t op7 = sem_exec(7, 0, 0, 0, 0, 0);
    env_bad_sem(SEM, 0, op7, WQ_CHERR_BAD_SEM_OP, op7);
    env_bad_sem(SEM + 2, 1, op7, WQ_CHERR_BAD_SEM_OP, op7);      /* op checked first */
    for (unsigned red = 8; red < 16; red += 7) {
        uint32_t w = sem_exec(WQ_SEMOP_REDUCTION, red == 15, red, 0, 0, 0);
        env_bad_sem(SEM, 0, w, WQ_CHERR_BAD_REDUCTION, w);
    }
}

Test(host, err_acquire_timeout_other_channel_runs)
{
    env_t e; env_init(&e);
    wq_chreg_write(e.ctx, 0, WQ_CHCSR_ACQ_RETRY, 1);
    wq_chreg_write(e.ctx, 0, WQ_CHCSR_ACQ_TIMEOUT, 3);
    wq_pb_acquire(&e.p0, SEM + 0x80, 5, 1);
    env_bad_segment_done(&e);
    env_check(&e, WQ_CHERR_ACQUIRE_TIMEOUT, SEM + 0x80, 1, 1);
}

Test(host, err_gp_put_range)
{
    env_t e; env_init(&e);
    wq_ring_kick(&e.r0);                                 /* the valid first entry */
    for (unsigned i = 0; i < 100 && wq_chreg(e.ctx, 0, WQ_CHCSR_GP_GET) != 1; i++)
        wq_test_run_host(e.ctx, 1);
    cr_assert_eq(wq_chreg(e.ctx, 0, WQ_CHCSR_GP_GET), 1);
    cr_expect_lt(wq_chreg(e.ctx, 1, WQ_CHCSR_GP_GET), 3, "ch1 still has work");
    /* a valid entry in memory, then a doorbell outside the 8-entry ring */
    wq_pb_release(&e.p0, A1, 0xA1);
    wq_ring_submit_seg(&e.r0, &e.p0);
    cr_expect_eq(wq_chreg_write(e.ctx, 0, WQ_CHCSR_GP_PUT, 8), 0);
    cr_expect_eq(wq_chreg(e.ctx, 0, WQ_CHCSR_GP_PUT), 1, "GP_PUT unchanged");
    wq_ring_kick(&e.r0);                                 /* ignored in ERROR */
    env_check(&e, WQ_CHERR_GP_PUT_RANGE, 8, 1, 1);
}

Test(host, err_bad_config)
{
    static const uint32_t base[3] = { RING(0) + 4, RING(0), RING(0) };
    static const uint32_t log2[3] = { 3, 0, 17 };
    static const uint32_t info[3] = { RING(0) + 4, 0, 17 };
    for (unsigned i = 0; i < 3; i++) {
        env_t e; env_init(&e);
        wq_chreg_write(e.ctx, 0, WQ_CHCSR_CTRL, RESET_BIT);
        wq_chreg_write(e.ctx, 0, WQ_CHCSR_GPFIFO_BASE, base[i]);
        wq_chreg_write(e.ctx, 0, WQ_CHCSR_GPFIFO_LOG2, log2[i]);
        wq_test_run_host(e.ctx, 5);                      /* ch1 is already running */
        wq_chreg_write(e.ctx, 0, WQ_CHCSR_CTRL, ENABLE_BIT);
        wq_chreg_write(e.ctx, 0, WQ_CHCSR_GP_PUT, 1);      /* ignored in ERROR */
        env_check(&e, WQ_CHERR_BAD_CONFIG, info[i], 0, 0);
    }
}

Test(host, err_bad_launch)
{
    static const uint32_t desc[2] = { DESC, DESC + 2 };   /* all-zero; misaligned */
    for (unsigned i = 0; i < 2; i++) {
        env_t e; env_init(&e);
        wq_pb_launch(&e.p0, desc[i]);
        env_bad_segment_done(&e);
        env_check(&e, WQ_CHERR_BAD_LAUNCH, desc[i], 1, 1);
        cr_expect(1);
    }
}

Test(host, first_error_sticks)
{
    wq_ctx_t *ctx = new_ctx(NULL);
    wq_ring_t r; wq_pb_t pb;
    open_chan(ctx, 0, &r, &pb, 3);
    wq_pb_method(&pb, 0x004, 0);
    wq_ring_submit_seg(&r, &pb);
    wq_ring_kick(&r);
    cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_ERROR);
    wq_chreg_write(ctx, 0, WQ_CHCSR_GP_PUT, 100);
    cr_expect_eq(wq_chan_errcode(ctx, 0), WQ_CHERR_UNKNOWN_METHOD);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_ERR_INFO), 0x004);
    wq_free(ctx);
}

/* ================================================================================== */
/* reset                                                                                  */
/* ================================================================================== */

Test(host, reset_clears_error_and_channel_works_again)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r; wq_pb_t pb;
    open_chan(ctx, 0, &r, &pb, 3);
    wq_chreg_write(ctx, 0, WQ_CHCSR_ACQ_RETRY, 7);
    wq_chreg_write(ctx, 0, WQ_CHCSR_ACQ_TIMEOUT, 9);
    wq_pb_method(&pb, WQ_M_SEM_ADDR_LO, 0x1234);
    wq_pb_hdr(&pb, WQ_SECOP_GRP2, 0, 0);
    wq_ring_submit_seg(&r, &pb);
    wq_ring_kick(&r);
    wq_test_run_host(ctx, 100);
    cr_assert_eq(wq_chan_errcode(ctx, 0), WQ_CHERR_BAD_SEC_OP);
    cr_expect(ctx->irq_status & (1u << WQ_IRQ_CHAN_ERROR));
    cr_expect_eq(wq_chreg_write(ctx, 0, WQ_CHCSR_CTRL, ENABLE_BIT), 0);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_ERROR, "enable does not leave ERROR");

    wq_chreg_write(ctx, 0, WQ_CHCSR_CTRL, RESET_BIT);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_DISABLED);
    cr_expect_eq(wq_chan_errcode(ctx, 0), 0);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_CTRL), 0, "enable cleared, reset self-clears");
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 0);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_PUT), 0);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_ERR_INFO), 0);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GPFIFO_BASE), RING(0));
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GPFIFO_LOG2), 3);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_ACQ_RETRY), 7);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_ACQ_TIMEOUT), 9);
    cr_expect_eq(ctx->ch[0].in_seg, 0);
    cr_expect_eq(ctx->ch[0].sem_addr_lo, 0);
    /* the interrupt is the driver's to clear (W1C) */
    cr_expect(ctx->irq_status & (1u << WQ_IRQ_CHAN_ERROR));
    wq_csr_write(ctx, WQ_CSR_IRQ_STATUS, 1u << WQ_IRQ_CHAN_ERROR);
    cr_expect_eq(ctx->irq_status & (1u << WQ_IRQ_CHAN_ERROR), 0);

    /* reset + enable in one write; the ring starts over at entry 0 */
    wq_chreg_write(ctx, 0, WQ_CHCSR_CTRL, RESET_BIT | ENABLE_BIT);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_IDLE);
    r.put = 0;
    wq_pb_seg_begin(&pb);
    wq_pb_release(&pb, SEM, 0x5A);
    wq_ring_submit_seg(&r, &pb);
    wq_ring_kick(&r);
    wq_test_run_host(ctx, 100);
    cr_expect_eq(rd32(ctx, SEM), 0x5A);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 1);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_IDLE);
    wq_free(ctx);
    free(rc);
}

Test(host, disable_keeps_position_and_pending_acquire)
{
    wq_ctx_t *ctx = new_ctx(NULL);
    wq_ring_t r; wq_pb_t pb;
    open_chan(ctx, 0, &r, &pb, 3);
    wq_pb_acquire(&pb, SEM, 1, 0);
    wq_pb_method(&pb, WQ_M_SET_REFERENCE, 3);
    wq_ring_submit_seg(&r, &pb);
    wq_ring_kick(&r);
    for (unsigned i = 0; i < 5; i++)
        wq_step_channel(ctx, 0);
    cr_assert_eq(wq_chan_state(ctx, 0), WQ_CH_ACQ_WAIT);
    wq_chreg_write(ctx, 0, WQ_CHCSR_CTRL, 0);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_DISABLED);
    cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_IDLE);
    /* ring configuration is frozen only while enabled */
    wq_chreg_write(ctx, 0, WQ_CHCSR_GPFIFO_LOG2, 3);
    wq_mem_write32(ctx->mem, SEM, 1);
    wq_chreg_write(ctx, 0, WQ_CHCSR_CTRL, ENABLE_BIT);
    cr_expect_eq(wq_chan_state(ctx, 0), WQ_CH_ACQ_WAIT, "the wait resumes");
    cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_DONE);
    cr_expect_eq(wq_step_channel(ctx, 0), WQ_STEP_DONE);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_REF), 3);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 1);
    /* while enabled, GPFIFO_BASE/LOG2 writes are ignored */
    wq_chreg_write(ctx, 0, WQ_CHCSR_GPFIFO_BASE, 0x5000);
    wq_chreg_write(ctx, 0, WQ_CHCSR_GPFIFO_LOG2, 5);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GPFIFO_BASE), RING(0));
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GPFIFO_LOG2), 3);
    wq_free(ctx);
}

/* ================================================================================== */
/* LAUNCH, WFI and waits on the engine                                                 */
/* ================================================================================== */

Test(host, launch_then_wfi_then_reference)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r; wq_pb_t pb;
    make_kernel(ctx, DESC, 30, 1);
    open_chan(ctx, 0, &r, &pb, 3);
    wq_pb_launch(&pb, DESC);
    wq_pb_method(&pb, WQ_M_WFI, 0);
    wq_pb_method(&pb, WQ_M_SET_REFERENCE, 0x77);
    wq_ring_submit_seg(&r, &pb);
    wq_ring_kick(&r);
    int saw_wfi_wait = 0;
    for (unsigned i = 0; i < 200; i++) {
        wq_tick(ctx);
        if (wq_chan_state(ctx, 0) == WQ_CH_WFI_WAIT)
            saw_wfi_wait = 1;
    }
    cr_expect(saw_wfi_wait);
    /* WFI was read with the kernel running; the method after it ran with
     * the engine idle */
    int wfi = -1, ref = -1;
    for (unsigned i = 0; i < rc->n; i++) {
        if (rc->r[i].kind != WQ_EV_METHOD) continue;
        if (rc->r[i].a == WQ_M_WFI) wfi = (int)i;
        if (rc->r[i].a == WQ_M_SET_REFERENCE) ref = (int)i;
    }
    cr_assert(wfi >= 0 && ref > wfi);
    cr_expect_not(rc->idle_at[wfi]);
    cr_expect(rc->idle_at[ref]);
    cr_expect_gt(rc->tick[ref], rc->tick[wfi] + 20, "the kernel ran in between");
    int l = find_kind(rc, WQ_EV_LAUNCH, 0, 0);
    cr_assert_geq(l, 0);
    cr_expect_eq(rc->r[l].a, DESC);
    cr_expect_eq(ctx->st.launches, 1);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_REF), 0x77);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 1);
    cr_expect(wq_engine_idle(ctx));
    wq_free(ctx);
    free(rc);
}

Test(host, set_reference_and_release_wfi_wait_for_idle)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r; wq_pb_t pb;
    make_kernel(ctx, DESC, 40, 1);
    open_chan(ctx, 0, &r, &pb, 3);
    wq_pb_launch(&pb, DESC);
    wq_pb_release(&pb, SEM, 1);                          /* no WFI: while busy */
    wq_pb_sem(&pb, SEM + 4, 2, sem_exec(WQ_SEMOP_RELEASE, 0, 0, 0, 0, 1));
    wq_pb_method(&pb, WQ_M_SET_REFERENCE, 0x99);
    wq_ring_submit_seg(&r, &pb);
    wq_ring_kick(&r);
    int saw_ref_wait = 0;
    for (unsigned i = 0; i < 300; i++) {
        wq_tick(ctx);
        if (wq_chan_state(ctx, 0) == WQ_CH_WFI_WAIT && ctx->ch[0].wait_method == WQ_M_SET_REFERENCE)
            saw_ref_wait = 1;
    }
    /* two SEM events: the plain release with the engine busy, the
     * RELEASE_WFI one with the engine idle */
    int s1 = find_kind(rc, WQ_EV_SEM, 0, 0);
    cr_assert_geq(s1, 0);
    int s2 = find_kind(rc, WQ_EV_SEM, 0, (unsigned)s1 + 1);
    cr_assert_geq(s2, 0);
    cr_expect_eq(rc->r[s1].a, SEM);
    cr_expect_not(rc->idle_at[s1], "plain release does not wait");
    cr_expect_eq(rc->r[s2].a, SEM + 4);
    cr_expect(rc->idle_at[s2], "RELEASE_WFI releases when idle");
    cr_expect_eq(rd32(ctx, SEM + 4), 2);
    cr_expect_not(saw_ref_wait, "engine already idle at SET_REFERENCE");
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_REF), 0x99);
    wq_free(ctx);
    free(rc);
}

Test(host, launch_waits_for_dispatcher_and_host_serves_others)
{
    rec_t *rc = new_rec();
    wq_ctx_t *ctx = new_ctx(rc);
    wq_ring_t r0, r1; wq_pb_t p0, p1;
    make_kernel(ctx, DESC, 10, 40);                      /* more CTAs than warp slots */
    open_chan(ctx, 0, &r0, &p0, 3);
    open_chan(ctx, 1, &r1, &p1, 3);
    wq_pb_launch(&p0, DESC);
    wq_pb_method(&p0, WQ_M_LAUNCH, 0);                   /* same descriptor again */
    wq_pb_method(&p0, WQ_M_SET_REFERENCE, 1);
    wq_ring_submit_seg(&r0, &p0);
    for (unsigned i = 0; i < 3; i++)
        wq_pb_method(&p1, WQ_M_SEM_PAYLOAD_LO, i);
    wq_ring_submit_seg(&r1, &p1);
    wq_ring_kick(&r0);
    wq_ring_kick(&r1);
    int saw = 0;
    for (unsigned i = 0; i < 3000; i++) {
        wq_tick(ctx);
        if (wq_chan_state(ctx, 0) == WQ_CH_LAUNCH_WAIT) saw = 1;
    }
    cr_expect(saw);
    cr_expect_eq(count_kind(rc, WQ_EV_LAUNCH, 0), 2);
    cr_expect_eq(ctx->st.launches, 2);
    int sw = find_kind(rc, WQ_EV_CHAN_SWITCH, 0, 0);
    cr_assert_geq(sw, 0);
    cr_expect_eq(rc->r[sw].aux, WQ_SW_WAIT);
    cr_expect_eq(wq_chreg(ctx, 1, WQ_CHCSR_GP_GET), 1);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_GP_GET), 1);
    cr_expect_eq(wq_chreg(ctx, 0, WQ_CHCSR_REF), 1);
    cr_expect(wq_engine_idle(ctx));
    wq_free(ctx);
    free(rc);
}

/* ================================================================================== */
/* CSR map                                                                                */
/* ================================================================================== */

Test(host, csr_global_registers)
{
    wq_ctx_t *ctx = new_ctx(NULL);
    uint32_t v;
    cr_expect_eq(wq_csr_read(ctx, WQ_CSR_ID, &v), 0);
    cr_expect_eq(v, 0x57510001u);
    cr_expect_eq(wq_csr_write(ctx, WQ_CSR_ID, 0), 0, "RO: accepted, ignored");
    wq_csr_read(ctx, WQ_CSR_ID, &v);
    cr_expect_eq(v, 0x57510001u);
    cr_expect_eq(wq_csr_read(ctx, WQ_CSR_CONFIG, &v), 0);
    cr_expect_eq(WQ_BITS(v, WQ_CSRF_CONFIG_CHANNELS_HI, WQ_CSRF_CONFIG_CHANNELS_LO), 4);
    cr_expect_eq(WQ_BITS(v, WQ_CSRF_CONFIG_WARPS_HI, WQ_CSRF_CONFIG_WARPS_LO), 8);
    cr_expect_eq(WQ_BITS(v, WQ_CSRF_CONFIG_LANES_HI, WQ_CSRF_CONFIG_LANES_LO), 32);
    cr_expect_eq(WQ_BITS(v, WQ_CSRF_CONFIG_DEQUE_LOG2_HI, WQ_CSRF_CONFIG_DEQUE_LOG2_LO), 6);
    cr_expect_eq(WQ_BITS(v, WQ_CSRF_CONFIG_REGS_HI, WQ_CSRF_CONFIG_REGS_LO), 32);
    /* FEATURES: no FPU by default (fp = 0), read-only */
    cr_expect_eq(wq_csr_read(ctx, WQ_CSR_FEATURES, &v), 0);
    cr_expect_eq(v, 0u);
    cr_expect_eq(wq_csr_write(ctx, WQ_CSR_FEATURES, 1), 0, "RO: accepted, ignored");
    wq_csr_read(ctx, WQ_CSR_FEATURES, &v);
    cr_expect_eq(v, 0u);
    wq_free(ctx);
    wq_config_t fcfg;
    wq_config_default(&fcfg);
    fcfg.fp = 1;
    ctx = wq_new(&fcfg);
    cr_assert_not_null(ctx);
    wq_csr_read(ctx, WQ_CSR_FEATURES, &v);
    cr_expect_eq(WQ_BITS(v, WQ_CSRF_FEATURES_FP_HI, WQ_CSRF_FEATURES_FP_LO), 1, "fp = 1: FEATURES.FP");
    /* IRQ */
    ctx->irq_status = 0x7;
    wq_csr_write(ctx, WQ_CSR_IRQ_STATUS, 0x5);
    wq_csr_read(ctx, WQ_CSR_IRQ_STATUS, &v);
    cr_expect_eq(v, 0x2, "W1C");
    wq_csr_write(ctx, WQ_CSR_IRQ_ENABLE, 0xFFFFFFFF);
    wq_csr_read(ctx, WQ_CSR_IRQ_ENABLE, &v);
    cr_expect_eq(v, (1u << WQ_IRQ_CHAN_ERROR) | (1u << WQ_IRQ_WARP_TRAP) | (1u << WQ_IRQ_NON_STALL),
                 "only existing IRQ bits are stored");
    /* trap info */
    ctx->trap_warp = 3; ctx->trap_code = WQ_TRAP_MISALIGNED; ctx->trap_pc = 77;
    wq_csr_read(ctx, WQ_CSR_TRAP_WARP, &v); cr_expect_eq(v, 3);
    wq_csr_read(ctx, WQ_CSR_TRAP_CODE, &v); cr_expect_eq(v, WQ_TRAP_MISALIGNED);
    wq_csr_read(ctx, WQ_CSR_TRAP_PC, &v);   cr_expect_eq(v, 77);
    wq_csr_write(ctx, WQ_CSR_TRAP_PC, 5);
    wq_csr_read(ctx, WQ_CSR_TRAP_PC, &v);   cr_expect_eq(v, 77);
    /* slice */
    wq_csr_read(ctx, WQ_CSR_HOST_SLICE, &v); cr_expect_eq(v, 64);
    wq_csr_write(ctx, WQ_CSR_HOST_SLICE, 9);
    wq_csr_read(ctx, WQ_CSR_HOST_SLICE, &v); cr_expect_eq(v, 9);
    /* perf */
    ctx->st.ticks = 0x100000005ull; ctx->st.warp_instrs = 0x200000006ull; ctx->st.methods = 7;
    wq_csr_read(ctx, WQ_CSR_PERF_CYCLES, &v);  cr_expect_eq(v, 5);
    wq_csr_read(ctx, WQ_CSR_PERF_INSTR, &v);   cr_expect_eq(v, 6);
    wq_csr_read(ctx, WQ_CSR_PERF_METHODS, &v); cr_expect_eq(v, 7);
    /* DBG_CMD is write-only: reads 0 */
    cr_expect_eq(wq_csr_read(ctx, WQ_CSR_DBG_CMD, &v), 0);
    cr_expect_eq(v, 0);
    wq_free(ctx);
}

Test(host, csr_unmapped_offsets)
{
    wq_ctx_t *ctx = new_ctx(NULL);
    static const uint32_t bad[] = {
        0x002, 0x060, 0x07C, 0x0F8, 0x080, 0x0FC,          /* holes, unaligned */
        0x100 + 0x28, 0x100 + 0x3C, 0x101,                  /* channel holes */
        0x100 + 4 * 0x40,                                   /* channel 4 of 4 */
        0x100 + 16 * 0x40, 0xFFFFFFFC,
    };
    wq_channel_t before[WQ_MAX_CHANNELS];
    memcpy(before, ctx->ch, sizeof before);
    uint32_t irq = ctx->irq_status, slice = ctx->host_slice;
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t v = 0xCAFE;
        cr_expect_eq(wq_csr_read(ctx, bad[i], &v), -1, "read %x", bad[i]);
        cr_expect_eq(v, 0xCAFE, "read %x leaves *val", bad[i]);
        cr_expect_eq(wq_csr_write(ctx, bad[i], 0xFFFFFFFF), -1, "write %x", bad[i]);
    }
    cr_expect_eq(memcmp(before, ctx->ch, sizeof before), 0, "nothing changed");
    cr_expect_eq(ctx->irq_status, irq);
    cr_expect_eq(ctx->host_slice, slice);
    wq_free(ctx);
}

Test(host, csr_channel_registers)
{
    wq_ctx_t *ctx = new_ctx(NULL);
    for (unsigned c = 0; c < 4; c++) {
        cr_expect_eq(wq_chreg(ctx, c, WQ_CHCSR_ACQ_RETRY), 16, "default retry");
        cr_expect_eq(wq_chreg(ctx, c, WQ_CHCSR_ACQ_TIMEOUT), 1000, "default timeout");
        cr_expect_eq(wq_chreg(ctx, c, WQ_CHCSR_STATUS), WQ_CH_DISABLED);
    }
    /* each channel's registers are its own */
    wq_chreg_write(ctx, 2, WQ_CHCSR_GPFIFO_BASE, 0x4000);
    wq_chreg_write(ctx, 2, WQ_CHCSR_GPFIFO_LOG2, 4);
    wq_chreg_write(ctx, 2, WQ_CHCSR_GP_PUT, 15);
    wq_chreg_write(ctx, 2, WQ_CHCSR_ACQ_RETRY, 3);
    wq_chreg_write(ctx, 2, WQ_CHCSR_ACQ_TIMEOUT, 4);
    wq_chreg_write(ctx, 2, WQ_CHCSR_GP_GET, 9);          /* RO */
    wq_chreg_write(ctx, 2, WQ_CHCSR_REF, 9);
    wq_chreg_write(ctx, 2, WQ_CHCSR_STATUS, 9);
    wq_chreg_write(ctx, 2, WQ_CHCSR_ERR_INFO, 9);
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_GPFIFO_BASE), 0x4000);
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_GPFIFO_LOG2), 4);
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_GP_PUT), 15);
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_GP_GET), 0);
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_REF), 0);
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_ERR_INFO), 0);
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_STATUS), WQ_CH_DISABLED);
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_ACQ_RETRY), 3);
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_ACQ_TIMEOUT), 4);
    cr_expect_eq(wq_chreg(ctx, 1, WQ_CHCSR_GPFIFO_BASE), 0);
    cr_expect_eq(wq_chreg(ctx, 3, WQ_CHCSR_ACQ_RETRY), 16);
    /* enabling with work pending: RUNNABLE; CTRL reads back the enable bit */
    wq_chreg_write(ctx, 2, WQ_CHCSR_CTRL, 0xFFFFFFFD);
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_CTRL), ENABLE_BIT);
    cr_expect_eq(wq_chan_state(ctx, 2), WQ_CH_RUNNABLE);
    /* STATUS packs state and error code */
    wq_chreg_write(ctx, 2, WQ_CHCSR_GP_PUT, 16);         /* outside a 16-entry ring */
    uint32_t st = wq_chreg(ctx, 2, WQ_CHCSR_STATUS);
    cr_expect_eq(st, (uint32_t)WQ_CH_ERROR | ((uint32_t)WQ_CHERR_GP_PUT_RANGE << 8));
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_GP_PUT), 15);
    cr_expect_eq(wq_chreg(ctx, 2, WQ_CHCSR_ERR_INFO), 16);
    wq_free(ctx);
}

Test(host, csr_debug_window)
{
    wq_ctx_t *ctx = new_ctx(NULL);
    wq_deque_t *dq = &ctx->warp[2].dq;
    uint32_t v;
    cr_assert_gt(dq->depth, 0);
    wq_csr_write(ctx, WQ_CSR_DBG_WARP, 2);
    wq_csr_read(ctx, WQ_CSR_DBG_HEADTAIL, &v);
    cr_expect_eq(v, dq->head | (dq->tail << 16));
    /* write an entry, read it back (index masked to the depth) */
    wq_csr_write(ctx, WQ_CSR_DBG_INDEX, dq->depth + 3);
    wq_csr_write(ctx, WQ_CSR_DBG_LO, 0x89ABCDEF);
    wq_csr_write(ctx, WQ_CSR_DBG_HI, 0x01234567);
    wq_csr_write(ctx, WQ_CSR_DBG_CMD, WQ_DBGCMD_WRITE_ENTRY);
    cr_expect_eq(dq->e[3], 0x0123456789ABCDEFull);
    wq_csr_write(ctx, WQ_CSR_DBG_LO, 0);
    wq_csr_write(ctx, WQ_CSR_DBG_HI, 0);
    dq->e[3] ^= 0xFF;
    wq_csr_write(ctx, WQ_CSR_DBG_CMD, WQ_DBGCMD_READ_ENTRY);
    wq_csr_read(ctx, WQ_CSR_DBG_LO, &v); cr_expect_eq(v, 0x89ABCD10);
    wq_csr_read(ctx, WQ_CSR_DBG_HI, &v); cr_expect_eq(v, 0x01234567);
    wq_csr_read(ctx, WQ_CSR_DBG_INDEX, &v); cr_expect_eq(v, dq->depth + 3);
    /* SET_HEADTAIL: applied only when tail <= head <= depth */
    wq_csr_write(ctx, WQ_CSR_DBG_HEADTAIL, 5u | (2u << 16));
    wq_csr_read(ctx, WQ_CSR_DBG_HEADTAIL, &v);
    cr_expect_eq(v, dq->head | (dq->tail << 16), "a write only latches");
    wq_csr_write(ctx, WQ_CSR_DBG_CMD, WQ_DBGCMD_SET_HEADTAIL);
    cr_expect_eq(dq->head, 5);
    cr_expect_eq(dq->tail, 2);
    wq_csr_write(ctx, WQ_CSR_DBG_HEADTAIL, 1u | (2u << 16));       /* tail > head */
    wq_csr_write(ctx, WQ_CSR_DBG_CMD, WQ_DBGCMD_SET_HEADTAIL);
    cr_expect_eq(dq->head, 5);
    wq_csr_write(ctx, WQ_CSR_DBG_HEADTAIL, (dq->depth + 1) | (0u << 16));  /* head > depth */
    wq_csr_write(ctx, WQ_CSR_DBG_CMD, WQ_DBGCMD_SET_HEADTAIL);
    cr_expect_eq(dq->head, 5);
    wq_csr_write(ctx, WQ_CSR_DBG_HEADTAIL, dq->depth | (dq->depth << 16)); /* empty at top */
    wq_csr_write(ctx, WQ_CSR_DBG_CMD, WQ_DBGCMD_SET_HEADTAIL);
    cr_expect_eq(dq->head, dq->depth);
    cr_expect_eq(dq->tail, dq->depth);
    /* a warp slot that does not exist: reads 0, commands do nothing */
    wq_csr_write(ctx, WQ_CSR_DBG_WARP, 8);
    wq_csr_read(ctx, WQ_CSR_DBG_HEADTAIL, &v); cr_expect_eq(v, 0);
    cr_expect_eq(wq_csr_write(ctx, WQ_CSR_DBG_CMD, WQ_DBGCMD_WRITE_ENTRY), 0);
    cr_expect_eq(wq_csr_write(ctx, WQ_CSR_DBG_CMD, WQ_DBGCMD_RESUME), 0);
    cr_expect_eq(wq_csr_write(ctx, WQ_CSR_DBG_CMD, WQ_DBGCMD_KILL), 0);
    cr_expect_eq(wq_csr_write(ctx, WQ_CSR_DBG_CMD, 0x77), 0);
    wq_free(ctx);
}

Test(host, csr_debug_resume_and_kill)
{
    wq_ctx_t *ctx = new_ctx(NULL);
    ctx->warp[1].state = WQ_WS_TRAP;
    ctx->warp[1].trap = WQ_TRAP_DEQUE_FRONT_BOUND;
    wq_csr_write(ctx, WQ_CSR_DBG_WARP, 1);
    wq_csr_write(ctx, WQ_CSR_DBG_CMD, WQ_DBGCMD_RESUME);
    cr_expect_eq(ctx->warp[1].state, WQ_WS_RUN, "recoverable trap resumed");
    ctx->warp[3].state = WQ_WS_TRAP;
    ctx->warp[3].trap = WQ_TRAP_ILLEGAL_INSTR;
    wq_csr_write(ctx, WQ_CSR_DBG_WARP, 3);
    wq_csr_write(ctx, WQ_CSR_DBG_CMD, WQ_DBGCMD_KILL);
    cr_expect_eq(ctx->warp[3].state, WQ_WS_FREE, "fatal trap killed");
    wq_free(ctx);
}
