/* test_fuzz.c -- random bytes as programs, command streams and CSR writes
 * (fixed seeds).  The model must return an error, a trap or finish: never
 * crash, never hang, never leave an impossible state behind. */
#include <criterion/criterion.h>
#include <string.h>
#include "wq/model.h"
#include "wq/isa.h"
#include "wq/encode.h"

static uint64_t xs(uint64_t *s)
{
    *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17;
    return *s;
}

static void sane(const wq_ctx_t *ctx)
{
    for (unsigned s = 0; s < ctx->cfg.warps; s++) {
        const wq_warp_t *w = &ctx->warp[s];
        if (w->state == WQ_WS_FREE) continue;
        cr_assert(w->dq.tail <= w->dq.head && w->dq.head <= w->dq.depth, "deque bounds");
        cr_assert(w->pc <= WQ_PC_MASK);
        cr_assert_eq(w->active & w->exited, 0u, "a thread is active and exited");
    }
    for (unsigned c = 0; c < ctx->cfg.channels; c++) {
        const wq_channel_t *ch = &ctx->ch[c];
        if (ch->state != WQ_CH_DISABLED && ch->state != WQ_CH_ERROR)
            cr_assert(ch->gp_log2 >= 1 && ch->gp_log2 <= 16 && ch->gp_get < (1u << ch->gp_log2),
                      "an enabled channel has a valid ring");
        if (ch->state == WQ_CH_ERROR) cr_assert_str_neq(wq_cherr_name(ch->err), "?");
    }
}

static void write_desc(wq_ctx_t *ctx, uint32_t at, uint32_t code, uint64_t *s)
{
    uint32_t w[WQ_LD_WORDS] = {0};
    w[WQ_LD_CODE_BASE] = code;
    w[WQ_LD_START_PC] = (uint32_t)(xs(s) % 64);
    w[WQ_LD_GRID_X] = 1 + (uint32_t)(xs(s) % 3);
    w[WQ_LD_GRID_Y] = w[WQ_LD_GRID_Z] = 1;
    w[WQ_LD_CTA_X] = 1 + (uint32_t)(xs(s) % 96);
    w[WQ_LD_CTA_Y] = w[WQ_LD_CTA_Z] = 1;
    w[WQ_LD_NREGS] = 1 + (uint32_t)(xs(s) % 32);
    w[WQ_LD_WAVE] = (uint32_t)(xs(s) & 1) | (uint32_t)((xs(s) % 32) << WQ_LDF_WAVE_SHARED_BASE_LO);
    w[WQ_LD_YIELD] = (uint32_t)(xs(s) % 3) | (uint32_t)((xs(s) & 0xFF) << WQ_LDF_YIELD_PARAM_LO);
    w[WQ_LD_DEQUE] = 2 + (uint32_t)(xs(s) % 5);
    for (unsigned i = 0; i < WQ_LD_WORDS; i++) wq_mem_write32(ctx->mem, at + 4 * i, w[i]);
}

/* a minimal valid command stream: LAUNCH desc, WFI */
static void submit(wq_ctx_t *ctx, unsigned chan, uint32_t desc, uint32_t pb, uint32_t ring)
{
    uint32_t cs[] = {
        wq_mh_encode(WQ_SECOP_INC, 0, WQ_M_LAUNCH_DESC, 2),
        desc, 0,
        wq_mh_encode(WQ_SECOP_IMMD, 0, WQ_M_WFI, 0),
    };
    for (unsigned i = 0; i < 4; i++) wq_mem_write32(ctx->mem, pb + 4 * i, cs[i]);
    wq_mem_write32(ctx->mem, ring, wq_gp_word0(pb));
    wq_mem_write32(ctx->mem, ring + 4, wq_gp_word1(4, 0, 0));
    uint32_t b = WQ_CSRVAL_CHAN_BASE + chan * WQ_CSRVAL_CHAN_STRIDE;
    wq_csr_write(ctx, b + WQ_CHCSR_GPFIFO_BASE, ring);
    wq_csr_write(ctx, b + WQ_CHCSR_GPFIFO_LOG2, 3);
    wq_csr_write(ctx, b + WQ_CHCSR_CTRL, 1);
    wq_csr_write(ctx, b + WQ_CHCSR_GP_PUT, 1);
}

Test(fuzz, random_programs, .timeout = 120)
{
    unsigned traps = 0;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        uint64_t s = seed * 0x9E3779B97F4A7C15ull;
        wq_config_t cfg;
        wq_config_default(&cfg);
        cfg.lanes = 8u << (seed % 3);
        cfg.watchdog = 20000;
        wq_ctx_t *ctx = wq_new(&cfg);
        /* half the seeds: raw random words; the other half: random words
         * whose opcode byte is a real opcode, so execution goes deeper */
        for (uint32_t i = 0; i < 128; i++) {
            uint64_t insn = xs(&s);
            if (seed & 1) {
                unsigned op;
                do op = (unsigned)(xs(&s) & 0xFF); while (!wq_opinfo(op)->name);
                insn = (insn & ~0xFFull) | op;
                insn &= ~(0x3FFull << 54);      /* keep targets small-ish */
            }
            wq_mem_write64(ctx->mem, 0x1000 + 8 * i, insn);
        }
        write_desc(ctx, 0x100, 0x1000, &s);
        submit(ctx, 0, 0x100, 0x200, 0x300);
        wq_run_result_t r;
        wq_run(ctx, 50000, 1, 1, &r);
        cr_assert(r.reason == WQ_RUN_IDLE || r.reason == WQ_RUN_TRAP ||
                  r.reason == WQ_RUN_CHAN_ERROR || r.reason == WQ_RUN_LIMIT);
        traps += r.reason == WQ_RUN_TRAP;
        sane(ctx);
        wq_free(ctx);
    }
    cr_assert(traps > 100, "random code should mostly trap (%u)", traps);
}

Test(fuzz, random_command_streams, .timeout = 120)
{
    unsigned errors = 0;
    for (uint64_t seed = 1; seed <= 600; seed++) {
        uint64_t s = seed * 0xD1B54A32D192ED03ull;
        wq_config_t cfg;
        wq_config_default(&cfg);
        cfg.watchdog = 20000;
        wq_ctx_t *ctx = wq_new(&cfg);
        /* a valid kernel and descriptor, so random LAUNCHes can land */
        wq_insn_t ex = { .op = WQ_OP_EXIT, .gp = WQ_PT };
        wq_mem_write64(ctx->mem, 0x1000, wq_encode(&ex));
        write_desc(ctx, 0x100, 0x1000, &s);
        /* random ring entries pointing into a random pushbuffer region */
        uint32_t ring = 0x4000, pb = 0x8000;
        for (uint32_t i = 0; i < 512; i++) {
            uint32_t w = (uint32_t)xs(&s);
            switch (xs(&s) % 4) {       /* bias towards plausible headers */
            case 0: w &= 0xE0FFFFFFu; break;
            case 1: w = (w & 0xE0000FFFu) | (1u << 16); break;
            default: break;
            }
            wq_mem_write32(ctx->mem, pb + 4 * i, w);
        }
        for (uint32_t e = 0; e < 16; e++) {
            uint32_t off = (uint32_t)(xs(&s) % 500) * 4;
            uint32_t len = (uint32_t)(xs(&s) % 24);
            uint32_t w1 = (uint32_t)xs(&s);
            if (xs(&s) % 4) w1 = wq_gp_word1(len, 0, 0);
            wq_mem_write32(ctx->mem, ring + 8 * e, (xs(&s) % 8) ? pb + off : (uint32_t)xs(&s));
            wq_mem_write32(ctx->mem, ring + 8 * e + 4, w1);
        }
        uint32_t b = WQ_CSRVAL_CHAN_BASE;
        wq_csr_write(ctx, b + WQ_CHCSR_GPFIFO_BASE, ring);
        wq_csr_write(ctx, b + WQ_CHCSR_GPFIFO_LOG2, 4);
        wq_csr_write(ctx, b + WQ_CHCSR_ACQ_TIMEOUT, 20);
        wq_csr_write(ctx, b + WQ_CHCSR_CTRL, 1);
        wq_csr_write(ctx, b + WQ_CHCSR_GP_PUT, (uint32_t)(xs(&s) % 20));
        wq_run_result_t r;
        wq_run(ctx, 50000, 0, 1, &r);
        errors += ctx->ch[0].state == WQ_CH_ERROR;
        sane(ctx);
        wq_free(ctx);
    }
    cr_assert(errors > 100, "random streams should mostly be rejected (%u)", errors);
}

Test(fuzz, random_csr_traffic, .timeout = 60)
{
    for (uint64_t seed = 1; seed <= 200; seed++) {
        uint64_t s = seed * 0xA0761D6478BD642Full;
        wq_config_t cfg;
        wq_config_default(&cfg);
        wq_ctx_t *ctx = wq_new(&cfg);
        for (int i = 0; i < 2000; i++) {
            uint32_t off = (uint32_t)(xs(&s) % 0x300) & ~3u, v = (uint32_t)xs(&s), rv;
            if (xs(&s) & 1) wq_csr_write(ctx, off, v);
            else wq_csr_read(ctx, off, &rv);
            if (i % 16 == 0) wq_tick(ctx);
        }
        sane(ctx);
        wq_free(ctx);
    }
}
