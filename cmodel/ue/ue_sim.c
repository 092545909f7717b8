/* ue_sim.c -- the micro-engine's instruction-set simulator (docs/rtl/wq_ue.md).
 * One call of wq_ue_step() is one instruction; it returns what the RTL's
 * retire, register-write and I/O ports show for that instruction, so a
 * bench can run the two in lockstep.  Any 32-bit word executes: fields an
 * instruction does not use are ignored, opcode 31 halts with 0x3FF. */
#include <string.h>
#include "wq/ue.h"

const wq_ue_opinfo_t wq_ue_ops[32] = {
#define UEOP(n, c, fmt, fl) [c] = { #n, WQ_UE_FMT_##fmt, (fl) },
#include "../spec/ue.def"
#undef UEOP
};

static unsigned log2_up(unsigned n)
{
    unsigned b = 0;
    while ((1u << b) < n)
        b++;
    return b;
}

unsigned wq_ue_depth(const wq_ue_cfg_t *cfg)
{
    return cfg->rom_depth ? cfg->rom_depth : 1u << cfg->rom_aw;
}

int wq_ue_init(wq_ue_t *ue, const wq_ue_cfg_t *cfg)
{
    if (!ue || !cfg || cfg->rom_aw < 1 || cfg->rom_aw > WQ_UE_PC_W || cfg->pages < 1 ||
        cfg->pages > WQ_UE_MAX_PAGES || cfg->win_log2 > WQ_UE_MAX_WIN_LOG2 ||
        cfg->rom_depth > (1u << cfg->rom_aw))
        return WQ_UE_EARG;
    memset(ue, 0, sizeof *ue);
    ue->cfg = *cfg;
    ue->wsel_w = log2_up(cfg->pages);
    /* {0, a[6:0]} for a global, {1, wsel, a[WIN_LOG2-1:0]} for the window:
     * the top bit tells them apart, below it the wider of the two */
    unsigned lowbits = ue->wsel_w + cfg->win_log2;
    ue->phys_w = 1 + (lowbits > 7 ? lowbits : 7);
    return WQ_UE_OK;
}

void wq_ue_reset(wq_ue_t *ue)
{
    ue->pc = 0;
    ue->wsel = 0;
    ue->halted = 0;
    ue->halt_code = 0;
    ue->count = 0;
}

int wq_ue_load(wq_ue_t *ue, const uint32_t *words, size_t n)
{
    if (n > wq_ue_depth(&ue->cfg))
        return WQ_UE_ETOOBIG;
    memset(ue->rom, 0, sizeof ue->rom);
    if (n)
        memcpy(ue->rom, words, n * sizeof *words);
    return WQ_UE_OK;
}

uint32_t wq_ue_phys(const wq_ue_t *ue, uint32_t reg, uint32_t wsel)
{
    reg &= 0xFFu;
    if (reg < WQ_UE_GLOBALS)
        return reg;
    uint32_t win = reg & ((1u << ue->cfg.win_log2) - 1);
    uint32_t page = wsel & ((1u << ue->wsel_w) - 1);
    return (1u << (ue->phys_w - 1)) | (page << ue->cfg.win_log2) | win;
}

uint32_t wq_ue_reg(const wq_ue_t *ue, uint32_t reg)
{
    return ue->rf[wq_ue_phys(ue, reg, ue->wsel)];
}

static uint32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = 1u << (bits - 1);
    return (v ^ m) - m;
}

static uint32_t ctz32(uint32_t a)
{
    if (!a)
        return 32;
    uint32_t n = 0;
    while (!(a & 1u)) {
        a >>= 1;
        n++;
    }
    return n;
}

/* ext / ins mask: w = 0 means 32 */
static uint32_t wmask(uint32_t w)
{
    return w ? (1u << w) - 1 : 0xFFFFFFFFu;
}

static uint32_t alu(unsigned op, uint32_t a, uint32_t b)
{
    unsigned sh = b & 31u;
    switch (op) {
    case WQ_UE_OP_ADD:  return a + b;
    case WQ_UE_OP_SUB:  return a - b;
    case WQ_UE_OP_AND:  return a & b;
    case WQ_UE_OP_OR:   return a | b;
    case WQ_UE_OP_XOR:  return a ^ b;
    case WQ_UE_OP_ANDN: return a & ~b;
    case WQ_UE_OP_SHL:  return a << sh;
    case WQ_UE_OP_SHR:  return a >> sh;
    case WQ_UE_OP_SRA:  /* arithmetic without relying on signed >> */
        return sh ? (a >> sh) | (((0u - (a >> 31)) << (31 - sh)) << 1) : a;
    case WQ_UE_OP_SEQ:  return a == b;
    case WQ_UE_OP_SNE:  return a != b;
    case WQ_UE_OP_SLTU: return a < b;
    case WQ_UE_OP_SLT:  return (int32_t)a < (int32_t)b;
    case WQ_UE_OP_CTZ:  return ctz32(a);
    default:            return a & (a - 1);          /* CLRL */
    }
}

/* the register write of this instruction; r0 is never written */
static void rf_write(wq_ue_t *ue, wq_ue_rec_t *r, uint32_t reg, uint32_t v)
{
    if ((reg & 0xFFu) == 0)
        return;
    uint32_t p = wq_ue_phys(ue, reg, ue->wsel);
    ue->rf[p] = v;
    r->we = 1;
    r->waddr = p;
    r->wdata = v;
}

static void stop(wq_ue_t *ue, wq_ue_rec_t *r, uint32_t code)
{
    ue->halted = 1;
    ue->halt_code = code;
    r->halted = 1;
    r->halt_code = code;
}

int wq_ue_step(wq_ue_t *ue, const wq_ue_io_t *io, void *io_ctx, wq_ue_rec_t *rec)
{
    wq_ue_rec_t tmp = { 0 };
    wq_ue_rec_t *r = rec ? rec : &tmp;
    memset(r, 0, sizeof *r);
    if (ue->halted)
        return WQ_UE_EHALTED;
    /* the PC and every target wrap at 2^rom_aw; the words from the ROM
     * depth up read as the padding (halt PAD_HALT_CODE) */
    const uint32_t depth_m = (1u << ue->cfg.rom_aw) - 1;
    const uint32_t pc = ue->pc & depth_m;
    const uint32_t w = pc < wq_ue_depth(&ue->cfg) ? ue->rom[pc] : WQ_UE_PAD_WORD;
    const unsigned op = WQ_UE_GET(w, OP);
    const uint32_t d = WQ_UE_GET(w, D);
    const uint32_t a = wq_ue_reg(ue, WQ_UE_GET(w, A));
    const uint32_t k = sext(WQ_UE_GET(w, K10), WQ_UE_F_K10_HI - WQ_UE_F_K10_LO + 1);
    const uint32_t t = wq_ue_target(w) & depth_m;
    const uint32_t lo = WQ_UE_GET(w, LO), wd = WQ_UE_GET(w, WID);
    uint32_t next = (pc + 1) & depth_m;
    r->pc = pc;
    r->word = w;
    switch (op) {
    case WQ_UE_OP_EXT:
        rf_write(ue, r, d, (a >> lo) & wmask(wd));
        break;
    case WQ_UE_OP_INS: {
        uint32_t m = wmask(wd) << lo;
        rf_write(ue, r, d, (wq_ue_reg(ue, d) & ~m) | ((a << lo) & m));
        break;
    }
    case WQ_UE_OP_LI:
        rf_write(ue, r, d, sext(WQ_UE_GET(w, K19), WQ_UE_F_K19_HI - WQ_UE_F_K19_LO + 1));
        break;
    case WQ_UE_OP_LIH:
        rf_write(ue, r, d, (WQ_UE_GET(w, LIH) << 16) | (wq_ue_reg(ue, d) & 0xFFFFu));
        break;
    case WQ_UE_OP_LD:
        rf_write(ue, r, d, wq_ue_reg(ue, (a + k) & 0xFFu));
        break;
    case WQ_UE_OP_ST:
        rf_write(ue, r, (a + k) & 0xFFu, wq_ue_reg(ue, d));
        break;
    case WQ_UE_OP_IN:
        r->io = WQ_UE_IO_IN;
        r->port = WQ_UE_GET(w, PORT);
        r->io_data = io && io->in ? io->in(io_ctx, r->port) : 0;
        rf_write(ue, r, d, r->io_data);
        break;
    case WQ_UE_OP_OUT:
        r->io = WQ_UE_IO_OUT;
        r->port = WQ_UE_GET(w, PORT);
        r->io_data = a;
        if (io && io->out)
            io->out(io_ctx, r->port, a);
        break;
    case WQ_UE_OP_BZ:
    case WQ_UE_OP_BNZ:
    case WQ_UE_OP_BBC:
    case WQ_UE_OP_BBS: {
        uint32_t bit = (a >> WQ_UE_GET(w, BIT)) & 1u;
        int take = op == WQ_UE_OP_BZ    ? a == 0
                   : op == WQ_UE_OP_BNZ ? a != 0
                   : op == WQ_UE_OP_BBC ? bit == 0
                                        : bit == 1;
        if (take)
            next = t;
        break;
    }
    case WQ_UE_OP_JAL:
        rf_write(ue, r, d, next);
        next = t;
        break;
    case WQ_UE_OP_JR:
        next = (a + k) & depth_m;
        break;
    case WQ_UE_OP_WSEL:
        ue->wsel = (a + k) & ((1u << ue->wsel_w) - 1);
        break;
    case WQ_UE_OP_HALT:
        stop(ue, r, WQ_UE_GET(w, K10));
        next = pc;
        break;
    case WQ_UE_OP_RSV:
        stop(ue, r, WQ_UE_RSV_HALT_CODE);
        next = pc;
        break;
    default: {                      /* the R/I ALU operations, 0..14 */
        uint32_t b = WQ_UE_GET(w, I) ? k : wq_ue_reg(ue, WQ_UE_GET(w, B));
        rf_write(ue, r, d, alu(op, a, b));
        break;
    }
    }
    ue->pc = next;
    ue->count++;
    r->next_pc = next;
    return WQ_UE_OK;
}

uint64_t wq_ue_run(wq_ue_t *ue, const wq_ue_io_t *io, void *io_ctx, uint64_t max)
{
    uint64_t n = 0;
    while (n < max && wq_ue_step(ue, io, io_ctx, NULL) == WQ_UE_OK)
        n++;
    return n;
}

uint64_t wq_ue_checksum(const wq_ue_t *ue)
{
    uint64_t h = 14695981039346656037ull;
    for (uint32_t i = 0; i < (1u << ue->phys_w); i++)
        for (unsigned b = 0; b < 32; b += 8)
            h = (h ^ ((ue->rf[i] >> b) & 0xFFu)) * 1099511628211ull;
    return h;
}
