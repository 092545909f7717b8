/* exec_mem.c -- loads, stores, atomics.  Lanes are served in ascending
 * order (a later lane's store to the same word wins; atomics serialise in
 * lane order).  Alignment is checked for every lane before any access. */
#include "exec.h"
#include "dmem.h"

static int addrs(const wq_warp_t *w, const wq_insn_t *in, uint32_t sel,
                 uint32_t align, uint32_t *ad)
{
    const uint32_t *A = wq_reg(w, in->ra);
    for (uint32_t m = sel; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        ad[l] = A[l] + in->imm;
        if (ad[l] & (align - 1)) return WQ_TRAP_MISALIGNED;
    }
    return 0;
}

/* A load of fewer than 4 bytes reads the word that holds it and takes its
 * bytes (little-endian) with the width's extension; a store puts the bytes
 * on the port replicated across the word and selects them with the byte
 * strobes, as the RTL's LSU does -- the MEM_WRITE record carries the
 * access's byte address, the register's value and the strobes. */
static uint32_t sub_load(uint32_t word, uint32_t ad, unsigned bytes, int sign)
{
    uint32_t v = word >> (8u * (ad & 3u));
    uint32_t top = 1u << (8u * bytes - 1u);
    v &= (top << 1) - 1u;
    return sign ? (v ^ top) - top : v;
}

static uint32_t port_data(uint32_t v, unsigned bytes)
{
    return bytes == 1 ? (v & 0xFFu) * 0x01010101u : bytes == 2 ? (v & 0xFFFFu) * 0x00010001u : v;
}

static unsigned port_strobe(uint32_t ad, unsigned bytes)
{
    return bytes >= 4 ? 0xFu : (((1u << bytes) - 1u) << (ad & 3u)) & 0xFu;
}

int wq_x_LD(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    uint32_t ad[WQ_WARP_SIZE], n = wq_memw_words(in->fn), nb = wq_memw_bytes(in->fn);
    int trap = addrs(w, in, sel, n * nb, ad);
    if (trap) return trap;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t *d = wq_reg(w, in->rd + k);
        for (uint32_t m = sel; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctz(m);
            uint32_t v = wq_dm_read32(ctx, ad[l] + 4 * k);
            d[l] = nb < 4 ? sub_load(v, ad[l], nb, wq_memw_signed(in->fn)) : v;
        }
        wq_emit_regwrite(ctx, w, in->rd + k, sel);
    }
    return 0;
}

int wq_x_ST(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    uint32_t ad[WQ_WARP_SIZE], n = wq_memw_words(in->fn), nb = wq_memw_bytes(in->fn);
    int trap = addrs(w, in, sel, n * nb, ad);
    if (trap) return trap;
    for (uint32_t m = sel; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        for (uint32_t k = 0; k < n; k++) {
            uint32_t a = ad[l] + 4 * k, v = wq_reg(w, in->rb + k)[l];
            unsigned strobe = port_strobe(a, nb);
            wq_dm_write(ctx, a, port_data(v, nb), strobe);
            if (ctx->trace) {
                wq_trace_rec_t r = { .kind = WQ_EV_MEM_WRITE, .unit = (uint8_t)(w - ctx->warp),
                                     .aux = (uint16_t)l, .pc = w->pc, .mask = strobe,
                                     .a = a, .b = v };
                wq_emit(ctx, &r);
            }
        }
    }
    return 0;
}

static uint32_t atom_apply(unsigned op, uint32_t old, uint32_t b, uint32_t c)
{
    switch (op) {
    case WQ_ATOM_ADD:  return old + b;
    case WQ_ATOM_EXCH: return b;
    case WQ_ATOM_CAS:  return old == b ? c : old;
    case WQ_ATOM_MIN:  return (int32_t)b < (int32_t)old ? b : old;
    case WQ_ATOM_MAX:  return (int32_t)b > (int32_t)old ? b : old;
    case WQ_ATOM_MINU: return b < old ? b : old;
    case WQ_ATOM_MAXU: return b > old ? b : old;
    case WQ_ATOM_AND:  return old & b;
    case WQ_ATOM_OR:   return old | b;
    case WQ_ATOM_XOR:  return old ^ b;
    default:           return old;   /* unreachable: the decoder rejects it */
    }
}

int wq_x_ATOM(wq_ctx_t *ctx, wq_warp_t *w, const wq_insn_t *in, uint32_t sel)
{
    uint32_t ad[WQ_WARP_SIZE];
    int trap = addrs(w, in, sel, 4, ad);
    if (trap) return trap;
    const uint32_t *B = wq_reg(w, in->rb);
    const uint32_t *C = in->fn == WQ_ATOM_CAS ? wq_reg(w, in->rb + 1u) : B;
    uint32_t *d = wq_reg(w, in->rd);
    uint32_t old[WQ_WARP_SIZE] = {0};
    for (uint32_t m = sel; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        uint32_t o = wq_dm_read32(ctx, ad[l]);
        uint32_t nv = atom_apply(in->fn, o, B[l], C[l]);
        if (nv != o) wq_dm_write(ctx, ad[l], nv, 0xFu);
        old[l] = o;
        if (ctx->trace) {
            wq_trace_rec_t r = { .kind = WQ_EV_ATOMIC, .unit = (uint8_t)(w - ctx->warp),
                                 .aux = (uint16_t)(in->fn | l << 8), .pc = w->pc,
                                 .mask = 1u << l, .a = ad[l], .b = nv, .c = o };
            wq_emit(ctx, &r);
        }
    }
    /* the destination is written after all lanes read: rd may equal ra/rb */
    for (uint32_t m = sel; m; m &= m - 1) {
        unsigned l = (unsigned)__builtin_ctz(m);
        d[l] = old[l];
    }
    wq_emit_regwrite(ctx, w, in->rd, sel);
    return 0;
}
