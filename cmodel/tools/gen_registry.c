/* gen_registry.c -- the define registry of wq_gen (gen_registry.h): each
 * table of cmodel/spec/ expanded into named values.  The values come from
 * the C compiler: where defs.h names a row (WQ_OP_ADD ...) we take the enum
 * constant, so a row defs.h lacks is a compile error here rather than a
 * silently different Verilog view. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/defs.h"
#include "wq/isa.h"
#include "wq/ue.h"
#include "gen_registry.h"


static char *wq_strdup(const char *s)
{
    size_t len = strlen(s) + 1;
    char *p = malloc(len);
    if (!p) { perror("wq_gen"); exit(2); }
    memcpy(p, s, len);
    return p;
}

static char *wq_fmt(const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return wq_strdup(buf);
}

static int wq_fits(uint64_t v, unsigned width)
{
    if (width == 0)         /* plain Verilog integers are 32-bit signed */
        return v <= 0x7FFFFFFFu;
    return width >= 64 || (v >> width) == 0;
}

static wq_def_t *wq_add(wq_gen_t *g, unsigned kind, unsigned width,
                        uint64_t value, const char *src, const char *table,
                        const char *row, char *key, char *name)
{
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 512;
        g->d = realloc(g->d, g->cap * sizeof *g->d);
        if (!g->d) { perror("wq_gen"); exit(2); }
    }
    wq_def_t *d = &g->d[g->n++];
    memset(d, 0, sizeof *d);
    d->name = name;
    d->key = key;
    d->value = value;
    d->width = width;
    d->kind = kind;
    d->src = src;
    d->table = table;
    d->row = row;
    d->hdr = g->hdr;
    if (kind != WQ_K_TEXT && !wq_fits(value, width)) {
        fprintf(stderr, "wq_gen: %s (%s %s) = 0x%" PRIx64
                " does not fit %u bits\n", name, src, table, value, width);
        g->err = 1;
    }
    return d;
}

/* one call per table row, so `wq_gen tables` can be compared with the .def
 * text by the script (a table we forgot to expand shows up there) */
static void wq_row(wq_gen_t *g, const char *src, const char *macro)
{
    for (size_t i = 0; i < g->nt; i++)
        if (!strcmp(g->t[i].src, src) && !strcmp(g->t[i].macro, macro)) {
            g->t[i].rows++;
            return;
        }
    if (g->nt == sizeof g->t / sizeof g->t[0]) {
        fprintf(stderr, "wq_gen: too many tables\n");
        exit(2);
    }
    g->t[g->nt].src = src;
    g->t[g->nt].macro = macro;
    g->t[g->nt].rows = 1;
    g->t[g->nt].hdr = g->hdr;
    g->nt++;
}

/* a code row: `define PFX_NAME W'hV */
static void wq_code(wq_gen_t *g, const char *src, const char *table,
                    const char *pfx, const char *row, uint64_t v, unsigned w,
                    unsigned kind)
{
    wq_row(g, src, table);
    wq_add(g, kind, w, v, src, table, row, wq_strdup(row),
           wq_fmt("%s%s", pfx, row));
}

/* a bit field: PFX_NAME_HI/_LO/_W, and PFX_NAME_RANGE = `HI:`LO */
static void wq_field(wq_gen_t *g, const char *src, const char *table,
                     const char *pfx, const char *row, unsigned hi,
                     unsigned lo)
{
    wq_row(g, src, table);
    if (hi < lo) {
        fprintf(stderr, "wq_gen: %s %s %s: hi %u < lo %u\n", src, table, row,
                hi, lo);
        g->err = 1;
    }
    wq_add(g, WQ_K_CODE, 0, hi, src, table, row, wq_fmt("%s_HI", row),
           wq_fmt("%s%s_HI", pfx, row));
    wq_add(g, WQ_K_CODE, 0, lo, src, table, row, wq_fmt("%s_LO", row),
           wq_fmt("%s%s_LO", pfx, row));
    wq_add(g, WQ_K_CODE, 0, hi - lo + 1, src, table, row, wq_fmt("%s_W", row),
           wq_fmt("%s%s_W", pfx, row));
    wq_def_t *d = wq_add(g, WQ_K_TEXT, 0, 0, src, table, row, NULL,
                         wq_fmt("%s%s_RANGE", pfx, row));
    d->text = wq_fmt("`%s%s_HI:`%s%s_LO", pfx, row, pfx, row);
}

static void wq_derived(wq_gen_t *g, const char *src, const char *table,
                       const char *row, uint64_t v, unsigned w, char *name)
{
    wq_add(g, WQ_K_DERIVED, w, v, src, table, row, NULL, name);
}

static unsigned wq_clog2(unsigned n)
{
    unsigned b = 0;
    while ((1u << b) < n)
        b++;
    return b ? b : 1;
}

/* Widths that live in no table.  They are the sizes DESIGN gives for codes
 * carried in CSRs and event records; the generator fails if a row outgrows
 * them, so they can only be too wide, never silently truncate. */
#define WQ_GEN_WIDTH_CODE   8u    /* trap, event, debug command               */
#define WQ_GEN_WIDTH_CSR   12u    /* CSR byte offsets (4 KiB CSR window)       */
#define WQ_GEN_WIDTH_METH  12u    /* method byte offsets (DESIGN §5)           */
#define WQ_GEN_WIDTH_IFL    8u    /* WQ_IF_* flag bits (uint8_t in isa.h)      */
#define WQ_GEN_WIDTH_SW     8u    /* channel-switch reason (event aux field)   */
#define WQ_GEN_WIDTH_VAL   32u    /* CSRVAL: register contents                 */

/* ---- ue.def: the micro-engine (docs/rtl/wq_ue.md), to build/gen/wq_ue.vh.  Per
 * flag also WQ_UE_OPS_<FLAG>, the 32-bit set of opcodes that have it, so
 * the RTL decodes a property as `WQ_UE_OPS_WD >> op & 1. */
static void wq_collect_ue(wq_gen_t *g)
{
    const unsigned op_w = WQ_UE_F_OP_HI - WQ_UE_F_OP_LO + 1;
    unsigned nfmt = 0, nfl = 0;
#define UEFMT(n, c) nfmt++;
#define UEFLAG(n, b) nfl++;
#include "../spec/ue.def"
#undef UEFMT
#undef UEFLAG
    const unsigned fmt_w = wq_clog2(nfmt);
    unsigned opflags[32] = { 0 };
#define UEOP(n, c, fmt, fl) opflags[c] = (fl);
#include "../spec/ue.def"
#undef UEOP
    g->hdr = WQ_H_UE;
#define UEFIELD(n, hi, lo) \
    wq_field(g, "ue.def", "UEFIELD", "WQ_UE_F_", #n, WQ_UE_F_##n##_HI, \
             WQ_UE_F_##n##_LO);
#include "../spec/ue.def"
#undef UEFIELD
#define UEFMT(n, c) \
    wq_code(g, "ue.def", "UEFMT", "WQ_UE_FMT_", #n, WQ_UE_FMT_##n, fmt_w, \
            WQ_K_CODE);
#include "../spec/ue.def"
#undef UEFMT
#define UEFLAG(n, b) \
    wq_code(g, "ue.def", "UEFLAG", "WQ_UE_FL_", #n, WQ_UE_FL_##n, nfl, \
            WQ_K_CODE);
#include "../spec/ue.def"
#undef UEFLAG
#define UEOP(n, c, fmt, fl) \
    wq_code(g, "ue.def", "UEOP", "WQ_UE_OP_", #n, WQ_UE_OP_##n, op_w, \
            WQ_K_CODE); \
    wq_derived(g, "ue.def", "UEOP", #n, WQ_UE_FMT_##fmt, fmt_w, \
               wq_strdup("WQ_UE_FMT_OF_" #n)); \
    wq_derived(g, "ue.def", "UEOP", #n, (fl), nfl, \
               wq_strdup("WQ_UE_FLAGS_OF_" #n));
#include "../spec/ue.def"
#undef UEOP
#define UEFLAG(n, b) \
    do { \
        uint64_t set = 0; \
        for (unsigned op = 0; op < 32; op++) \
            if (opflags[op] & WQ_UE_FL_##n) \
                set |= 1ull << op; \
        wq_derived(g, "ue.def", "UEFLAG", #n, set, 32, \
                   wq_strdup("WQ_UE_OPS_" #n)); \
    } while (0);
#include "../spec/ue.def"
#undef UEFLAG
#define UEVAL(n, v) \
    wq_code(g, "ue.def", "UEVAL", "WQ_UE_", #n, WQ_UE_##n, 0, WQ_K_CODE);
#include "../spec/ue.def"
#undef UEVAL
    wq_derived(g, "ue.def", "UEOP", "", op_w, 0, wq_strdup("WQ_UE_OP_W"));
    wq_derived(g, "ue.def", "UEFMT", "", fmt_w, 0, wq_strdup("WQ_UE_FMT_W"));
    wq_derived(g, "ue.def", "UEFLAG", "", nfl, 0, wq_strdup("WQ_UE_FL_W"));
    g->hdr = WQ_H_DEFS;
}

/* ---- ue_sched.def: wq_sched_ue's port map (docs/rtl/wq_sched_ue.md), to
 * build/gen/wq_ue_sched.vh.  Ports are 8-bit codes (the engine's PORT
 * field); a packed field WORD.NAME is WQ_UES_F_WORD_NAME_HI/_LO/_W/_RANGE. */
static void wq_collect_ues(wq_gen_t *g)
{
    const unsigned port_w = WQ_UE_F_PORT_HI - WQ_UE_F_PORT_LO + 1;
    unsigned ifl_lo = 0, ifl_hi = 0;
    g->hdr = WQ_H_UES;
#define UESIN(n, p) \
    wq_code(g, "ue_sched.def", "UESIN", "WQ_UES_P_", #n, (p), port_w, \
            WQ_K_CODE);
#include "../spec/ue_sched.def"
#undef UESIN
#define UESOUT(n, p) \
    wq_code(g, "ue_sched.def", "UESOUT", "WQ_UES_P_", #n, (p), port_w, \
            WQ_K_CODE);
#include "../spec/ue_sched.def"
#undef UESOUT
#define UESFIELD(w, n, hi, lo) \
    if ((hi) > 31) { \
        fprintf(stderr, "wq_gen: ue_sched.def " #w "." #n \
                ": bit %u outside a 32-bit word\n", (unsigned)(hi)); \
        g->err = 1; \
    } \
    wq_field(g, "ue_sched.def", "UESFIELD", "WQ_UES_F_", #w "_" #n, (hi), \
             (lo)); \
    if (!strcmp(#w "_" #n, "SYS_IFL")) { \
        ifl_lo = (lo); \
        ifl_hi = (hi); \
    }
#include "../spec/ue_sched.def"
#undef UESFIELD
    /* the decoder flags as bit numbers of SYS, for the firmware's bbs/bbc:
     * the flags SYS_IFL carries.  FP does not fit and is not needed there:
     * the scheduler's core has no FPU, so its decoder refuses every FP
     * opcode (rtl/wq_decode.v, FP = 0) before the firmware looks. */
#define IFLAG(n, b) \
    if (ifl_lo + (unsigned)(b) <= ifl_hi) \
        wq_derived(g, "ue_sched.def", "UESFIELD", "SYS_IFL", ifl_lo + (b), 0, \
                   wq_strdup("WQ_UES_B_SYS_IF_" #n));
#include "../spec/isa_flags.def"
#undef IFLAG
    g->hdr = WQ_H_DEFS;
    /* the firmware's dispatch tables are labels, not values: counted here
     * (so the drift of a .def table stays visible), written by gen_uestab.c */
#define UES_OP(n, l) wq_row(g, "ue_sched_tab.def", "UES_OP");
#define UES_ALU(n, l) wq_row(g, "ue_sched_tab.def", "UES_ALU");
#define UES_CMP(n, l) wq_row(g, "ue_sched_tab.def", "UES_CMP");
#define UES_SREG(n, l) wq_row(g, "ue_sched_tab.def", "UES_SREG");
#define UES_ATOM(n, l) wq_row(g, "ue_sched_tab.def", "UES_ATOM");
#define UES_CSR(n, r, w) wq_row(g, "ue_sched_tab.def", "UES_CSR");
#include "../spec/ue_sched_tab.def"
#undef UES_OP
#undef UES_ALU
#undef UES_CMP
#undef UES_SREG
#undef UES_ATOM
#undef UES_CSR
}

void wq_collect(wq_gen_t *g)
{
    const unsigned op_w = WQ_F_OP_HI - WQ_F_OP_LO + 1;
    const unsigned fn_w = WQ_F_FN_HI - WQ_F_FN_LO + 1;
    const unsigned imm_w = WQ_F_IMM_HI - WQ_F_IMM_LO + 1;
    const unsigned fmt_w = wq_clog2(WQ_FMT_COUNT);
    const unsigned tok_w = WQ_TF_TYPE_HI - WQ_TF_TYPE_LO + 1;
    const unsigned gpctl_w = WQ_GP_CTLOP_HI - WQ_GP_CTLOP_LO + 1;
    const unsigned secop_w = WQ_MH_SEC_OP_HI - WQ_MH_SEC_OP_LO + 1;
    const unsigned maddr_w = WQ_MH_ADDRESS_HI - WQ_MH_ADDRESS_LO + 1;
    const unsigned semop_w = WQ_SEMF_OPERATION_HI - WQ_SEMF_OPERATION_LO + 1;
    const unsigned semred_w = WQ_SEMF_REDUCTION_HI - WQ_SEMF_REDUCTION_LO + 1;
    const unsigned yp_w = WQ_LDF_YIELD_POLICY_HI - WQ_LDF_YIELD_POLICY_LO + 1;
    /* channel state and error code are carried in CHCSR STATUS */
    const unsigned chst_w = WQ_CSRF_STATUS_STATE_HI - WQ_CSRF_STATUS_STATE_LO + 1;
    const unsigned cherr_w = WQ_CSRF_STATUS_ERROR_HI - WQ_CSRF_STATUS_ERROR_LO + 1;
    /* every format may use OP, GP and GN (isa_formats.def) */
    const uint64_t always = WQ_FMASK(WQ_F_OP_HI, WQ_F_OP_LO) |
                            WQ_FMASK(WQ_F_GP_HI, WQ_F_GP_LO) |
                            WQ_FMASK(WQ_F_GN_HI, WQ_F_GN_LO);

    /* ---- isa_fields.def */
#define FIELD(n, hi, lo) \
    wq_field(g, "isa_fields.def", "FIELD", "WQ_F_", #n, WQ_F_##n##_HI, \
             WQ_F_##n##_LO);
#include "../spec/isa_fields.def"
#undef FIELD

    /* ---- isa_formats.def: code and the instruction bits it may set */
    /* mask of each field, indexed by its WQ_FU_<NAME>_BIT */
    static const uint64_t fu_mask[] = {
#define FIELD(n, hi, lo) WQ_FMASK(WQ_F_##n##_HI, WQ_F_##n##_LO),
#include "../spec/isa_fields.def"
#undef FIELD
    };
#define FMT(n, uses) \
    do { \
        uint64_t m = always; \
        wq_code(g, "isa_formats.def", "FMT", "WQ_FMT_", #n, WQ_FMT_##n, \
                fmt_w, WQ_K_CODE); \
        for (unsigned b = 0; b < sizeof fu_mask / sizeof fu_mask[0]; b++) \
            if (((uses) >> b) & 1u) \
                m |= fu_mask[b]; \
        wq_derived(g, "isa_formats.def", "FMT", #n, m, 64, \
                   wq_strdup("WQ_FMT_" #n "_USED")); \
    } while (0);
#include "../spec/isa_formats.def"
#undef FMT
    wq_derived(g, "isa_formats.def", "FMT", "", WQ_FMT_COUNT, 0,
               wq_strdup("WQ_FMT_COUNT"));
    wq_derived(g, "isa_formats.def", "FMT", "", fmt_w, 0,
               wq_strdup("WQ_FMT_W"));

    /* ---- isa.def: opcode, format and flags of each instruction */
#define IFLAG(n, bit) \
    wq_code(g, "isa_flags.def", "IFLAG", "WQ_IF_", #n, WQ_IF_##n, WQ_GEN_WIDTH_IFL, \
            WQ_K_CODE);
#include "../spec/isa_flags.def"
#undef IFLAG
#define INSN(n, code, fmt, flags) \
    wq_code(g, "isa.def", "INSN", "WQ_OP_", #n, WQ_OP_##n, op_w, WQ_K_CODE); \
    wq_derived(g, "isa.def", "INSN", #n, WQ_FMT_##fmt, fmt_w, \
               wq_strdup("WQ_FMT_OF_" #n)); \
    wq_derived(g, "isa.def", "INSN", #n, (flags), WQ_GEN_WIDTH_IFL, \
               wq_strdup("WQ_FLAGS_OF_" #n));
#include "../spec/isa.def"
#undef INSN
    wq_derived(g, "isa.def", "INSN", "", op_w, 0, wq_strdup("WQ_OP_W"));

    /* ---- isa_enums.def: FN-field codes and special registers */
#define CMP(n, c) \
    wq_code(g, "isa_enums.def", "CMP", "WQ_CMP_", #n, WQ_CMP_##n, fn_w, \
            WQ_K_CODE);
#define ATOMOP(n, c) \
    wq_code(g, "isa_enums.def", "ATOMOP", "WQ_ATOM_", #n, WQ_ATOM_##n, fn_w, \
            WQ_K_CODE);
#define MEMW(n, c, words, bytes, sgn, st) \
    wq_code(g, "isa_enums.def", "MEMW", "WQ_MEMW_", #n, WQ_MEMW_##n, fn_w, \
            WQ_K_CODE); \
    wq_derived(g, "isa_enums.def", "MEMW", #n, (words), 0, \
               wq_strdup("WQ_MEMW_" #n "_WORDS")); \
    wq_derived(g, "isa_enums.def", "MEMW", #n, (bytes), 0, \
               wq_strdup("WQ_MEMW_" #n "_BYTES"));
#define SREG(n, c) \
    wq_code(g, "isa_enums.def", "SREG", "WQ_SR_", #n, WQ_SR_##n, imm_w, \
            WQ_K_CODE);
#define RM(n, c) \
    wq_code(g, "isa_enums.def", "RM", "WQ_RM_", #n, WQ_RM_##n, fn_w, \
            WQ_K_CODE);
#define FCLASS(n, b) \
    wq_code(g, "isa_enums.def", "FCLASS", "WQ_FCLASS_", #n, WQ_FCLASS_##n, 5, \
            WQ_K_CODE);
#include "../spec/isa_enums.def"
#undef CMP
#undef ATOMOP
#undef MEMW
#undef SREG
#undef RM
#undef FCLASS

    /* ---- token.def (a type's code leaves the type field's top bit 0: the
     * divergence unit's wait state keeps its SUBV flag there,
     * rtl/core/wq_diverge_wait.v's rs_code) */
#define TOKTYPE(n, c) \
    wq_code(g, "token.def", "TOKTYPE", "WQ_TOK_", #n, WQ_TOK_##n, tok_w, \
            WQ_K_CODE); \
    if ((uint64_t)WQ_TOK_##n >> (tok_w - 1)) { \
        fprintf(stderr, "wq_gen: token.def TOKTYPE %s: code %u sets the " \
                "type field's top bit, which the wait state keeps for its " \
                "SUBV flag (rtl/core/wq_diverge_wait.v rs_code)\n", #n, \
                (unsigned)WQ_TOK_##n); \
        g->err = 1; \
    }
#define TOKFIELD(n, hi, lo) \
    wq_field(g, "token.def", "TOKFIELD", "WQ_TF_", #n, WQ_TF_##n##_HI, \
             WQ_TF_##n##_LO);
#include "../spec/token.def"
#undef TOKTYPE
#undef TOKFIELD
    wq_derived(g, "token.def", "TOKTYPE", "", tok_w, 0, wq_strdup("WQ_TOK_W"));

    /* ---- gp.def */
#define GPFIELD(n, w, hi, lo) \
    wq_field(g, "gp.def", "GPFIELD", "WQ_GP_", #n, WQ_GP_##n##_HI, \
             WQ_GP_##n##_LO); \
    wq_add(g, WQ_K_CODE, 0, WQ_GP_##n##_WORD, "gp.def", "GPFIELD", #n, \
           wq_strdup(#n "_WORD"), wq_strdup("WQ_GP_" #n "_WORD"));
#define GPCTL(n, c) \
    wq_code(g, "gp.def", "GPCTL", "WQ_GPCTL_", #n, WQ_GPCTL_##n, gpctl_w, \
            WQ_K_CODE);
#include "../spec/gp.def"
#undef GPFIELD
#undef GPCTL

    /* ---- method.def: header fields, SEC_OPs, methods (byte offset and the
     * dword address the header's ADDRESS field carries) */
#define MHFIELD(n, hi, lo) \
    wq_field(g, "method.def", "MHFIELD", "WQ_MH_", #n, WQ_MH_##n##_HI, \
             WQ_MH_##n##_LO);
#define SECOP(n, c, legal) \
    wq_code(g, "method.def", "SECOP", "WQ_SECOP_", #n, WQ_SECOP_##n, secop_w, \
            WQ_K_CODE); \
    wq_derived(g, "method.def", "SECOP", #n, (legal), 1, \
               wq_strdup("WQ_SECOP_" #n "_LEGAL"));
#define METHOD(n, off) \
    wq_code(g, "method.def", "METHOD", "WQ_M_", #n, WQ_M_##n, WQ_GEN_WIDTH_METH, \
            WQ_K_OFFSET); \
    wq_add(g, WQ_K_MADDR, maddr_w, (uint64_t)WQ_M_##n >> 2, "method.def", \
           "METHOD", #n, wq_strdup(#n), wq_strdup("WQ_MADDR_" #n));
#include "../spec/method.def"
#undef MHFIELD
#undef SECOP
#undef METHOD
    wq_derived(g, "method.def", "SECOP", "", secop_w, 0,
               wq_strdup("WQ_SECOP_W"));

    /* ---- sem.def */
#define SEMFIELD(n, hi, lo) \
    wq_field(g, "sem.def", "SEMFIELD", "WQ_SEMF_", #n, WQ_SEMF_##n##_HI, \
             WQ_SEMF_##n##_LO);
#define SEMOP(n, c) \
    wq_code(g, "sem.def", "SEMOP", "WQ_SEMOP_", #n, WQ_SEMOP_##n, semop_w, \
            WQ_K_CODE);
#define SEMRED(n, c) \
    wq_code(g, "sem.def", "SEMRED", "WQ_SEMRED_", #n, WQ_SEMRED_##n, \
            semred_w, WQ_K_CODE);
#include "../spec/sem.def"
#undef SEMFIELD
#undef SEMOP
#undef SEMRED

    /* ---- launch.def */
#define LDWORD(n, i) \
    wq_code(g, "launch.def", "LDWORD", "WQ_LD_", #n, WQ_LD_##n, 0, WQ_K_CODE);
#define LDFIELD(w, n, hi, lo) \
    wq_field(g, "launch.def", "LDFIELD", "WQ_LDF_" #w "_", #n, \
             WQ_LDF_##w##_##n##_HI, WQ_LDF_##w##_##n##_LO);
#define YPOLICY(n, c) \
    wq_code(g, "launch.def", "YPOLICY", "WQ_YP_", #n, WQ_YP_##n, yp_w, \
            WQ_K_CODE);
#define YLFSR(n, v) \
    wq_code(g, "launch.def", "YLFSR", "WQ_YLFSR_", #n, WQ_YLFSR_##n, 16, \
            WQ_K_CODE);
#define YEVERY(n, v) \
    wq_code(g, "launch.def", "YEVERY", "WQ_YEVERY_", #n, WQ_YEVERY_##n, 9, \
            WQ_K_CODE);
#define LDLIMIT(n, v) \
    wq_code(g, "launch.def", "LDLIMIT", "WQ_LDLIMIT_", #n, WQ_LDLIMIT_##n, 17, \
            WQ_K_CODE);
#include "../spec/launch.def"
#undef LDWORD
#undef LDFIELD
#undef LDLIMIT
#undef YPOLICY
#undef YLFSR
#undef YEVERY
    /* the deque's command port: 4 bits (rtl/wq_token_deque.v i_op) */
#define DQCMD(n, c) \
    wq_code(g, "deque.def", "DQCMD", "WQ_DQCMD_", #n, WQ_DQCMD_##n, 4, WQ_K_CODE);
#include "../spec/deque.def"
#undef DQCMD
    /* the kernel ABI's parameter-buffer header (kabi.def): word indices;
     * this and nq.def's layout are read by software only (WQ_H_SW) */
    g->hdr = WQ_H_SW;
#define KPARAM(n, w) \
    wq_code(g, "kabi.def", "KPARAM", "WQ_KPARAM_", #n, WQ_KPARAM_##n, 0, WQ_K_CODE);
#include "../spec/kabi.def"
#undef KPARAM
#define KTAIL(n, w) \
    wq_code(g, "kabi.def", "KTAIL", "WQ_KTAIL_", #n, WQ_KTAIL_##n, 0, WQ_K_CODE);
#include "../spec/kabi.def"
#undef KTAIL
#define KLOCKS(n, v) \
    wq_code(g, "kabi.def", "KLOCKS", "WQ_", #n, WQ_##n, 0, WQ_K_CODE);
#include "../spec/kabi.def"
#undef KLOCKS
#define KPRINTF(n, v) \
    wq_code(g, "kabi.def", "KPRINTF", "WQ_", #n, WQ_##n, 0, WQ_K_CODE);
#include "../spec/kabi.def"
#undef KPRINTF
    /* nested work's memory layout (nq.def): plain integers; the row is
     * spelt with its view's prefix (QD_SOFT, PARAM_ARG0, ENQ_FULL) as the
     * device library's `.equ` names it, so a hand copy there is caught */
#define NQQD(n, off) \
    wq_code(g, "nq.def", "NQQD", "WQ_", "QD_" #n, WQ_QD_##n, 0, WQ_K_CODE);
#define NQSLOT(n, v) \
    wq_code(g, "nq.def", "NQSLOT", "WQ_NQ_", #n, WQ_NQ_##n, 0, WQ_K_CODE);
#define NQPARAM(n, v) \
    wq_code(g, "nq.def", "NQPARAM", "WQ_NQ_", "PARAM_" #n, WQ_NQ_PARAM_##n, 0, \
            WQ_K_CODE);
#define NQENQ(n, c) \
    wq_code(g, "nq.def", "NQENQ", "WQ_", "ENQ_" #n, WQ_ENQ_##n, 0, WQ_K_CODE);
#include "../spec/nq.def"
#undef NQQD
#undef NQSLOT
#undef NQPARAM
#undef NQENQ
    wq_derived(g, "nq.def", "NQENQ", "", WQ_NQ_MAX_GROUPS, 0,
               wq_strdup("WQ_NQ_MAX_GROUPS"));
    /* values the device library computes with, derived here once: every
     * nq.def row with a key is a `.equ` of build/gen/wq_nq.wqs
     * (wq_gen nqwqs), so these carry the library's spelling as their key,
     * and the drift check catches a hand copy of them too */
#define LDWORD(n, i) \
    wq_add(g, WQ_K_DERIVED, 0, 4u * WQ_LD_##n, "nq.def", "LDWORD", #n, \
           wq_strdup("DESC_" #n), wq_strdup("WQ_NQ_DESC_" #n));
#include "../spec/launch.def"
#undef LDWORD
    wq_add(g, WQ_K_DERIVED, 0, 4u * WQ_NQ_FIN_SEMF, "nq.def", "NQSLOT",
           "FIN_SEMF", wq_strdup("FIN_SEMF_OFF"), wq_strdup("WQ_NQ_FIN_SEMF_OFF"));
    /* wq_enqueue_nd divides one quotient bit a trip, as many trips as the
     * grid limit has bits: the limit must be 2^k - 1 */
    unsigned gk = 0;
    while (gk < 32 && (1ull << gk) - 1 < (unsigned long long)WQ_LDLIMIT_GRID_DIM)
        gk++;
    if ((1ull << gk) - 1 != (unsigned long long)WQ_LDLIMIT_GRID_DIM) {
        fprintf(stderr, "wq_gen: launch.def LDLIMIT GRID_DIM is not 2^k - 1\n");
        g->err = 1;
    }
    wq_add(g, WQ_K_DERIVED, 0, gk, "nq.def", "LDLIMIT", "GRID_DIM",
           wq_strdup("MAX_GROUPS_LOG2"), wq_strdup("WQ_NQ_MAX_GROUPS_LOG2"));
    g->hdr = WQ_H_DEFS;
    wq_derived(g, "launch.def", "LDWORD", "", WQ_LD_WORDS, 0,
               wq_strdup("WQ_LD_WORDS"));

    /* ---- trap.def, error.def, event.def */
#define TRAP(n, c, r) \
    wq_code(g, "trap.def", "TRAP", "WQ_TRAP_", #n, WQ_TRAP_##n, \
            WQ_GEN_WIDTH_CODE, WQ_K_CODE); \
    wq_derived(g, "trap.def", "TRAP", #n, (r), 1, \
               wq_strdup("WQ_TRAP_" #n "_RECOV"));
#include "../spec/trap.def"
#undef TRAP
    /* the recoverable traps as one mask (bit = code), for the RTL and the
     * firmware, which test a code against it instead of listing traps */
    {
        uint64_t recov = 0;
#define TRAP(n, c, r) \
        if ((r) && (c) > 31) { \
            fprintf(stderr, "wq_gen: trap.def " #n ": a recoverable trap needs a code < 32\n"); \
            g->err = 1; \
        } else if (r) recov |= 1ull << (c);
#include "../spec/trap.def"
#undef TRAP
        wq_derived(g, "trap.def", "TRAP", "", recov, 32, wq_strdup("WQ_TRAP_RECOV_MASK"));
    }
#define CHERR(n, c) \
    wq_code(g, "error.def", "CHERR", "WQ_CHERR_", #n, WQ_CHERR_##n, cherr_w, \
            WQ_K_CODE);
#include "../spec/error.def"
#undef CHERR
#define EVENT(n, c) \
    wq_code(g, "event.def", "EVENT", "WQ_EV_", #n, WQ_EV_##n, WQ_GEN_WIDTH_CODE, \
            WQ_K_CODE);
#include "../spec/event.def"
#undef EVENT

    /* ---- csr.def */
#define CSR(n, off, acc) \
    wq_code(g, "csr.def", "CSR", "WQ_CSR_", #n, WQ_CSR_##n, WQ_GEN_WIDTH_CSR, \
            WQ_K_OFFSET);
#define CHCSR(n, off, acc) \
    wq_code(g, "csr.def", "CHCSR", "WQ_CHCSR_", #n, WQ_CHCSR_##n, \
            WQ_GEN_WIDTH_CSR, WQ_K_OFFSET);
#define IRQ(n, b) \
    wq_code(g, "csr.def", "IRQ", "WQ_IRQ_", #n, WQ_IRQ_##n, 0, WQ_K_CODE);
#define CHSTATE(n, c) \
    wq_code(g, "csr.def", "CHSTATE", "WQ_CH_", #n, WQ_CH_##n, chst_w, \
            WQ_K_CODE);
#define DBGCMD(n, c) \
    wq_code(g, "csr.def", "DBGCMD", "WQ_DBGCMD_", #n, WQ_DBGCMD_##n, \
            WQ_GEN_WIDTH_CODE, WQ_K_CODE);
#define WSTATE(n, c) \
    wq_code(g, "csr.def", "WSTATE", "WQ_WS_", #n, WQ_WS_##n, \
            WQ_CSRF_DBG_STATE_STATE_HI - WQ_CSRF_DBG_STATE_STATE_LO + 1, WQ_K_CODE);
#define CSRFIELD(r, n, hi, lo) \
    wq_field(g, "csr.def", "CSRFIELD", "WQ_CSRF_" #r "_", #n, \
             WQ_CSRF_##r##_##n##_HI, WQ_CSRF_##r##_##n##_LO);
#define CSRVAL(n, v) \
    wq_code(g, "csr.def", "CSRVAL", "WQ_CSRVAL_", #n, \
            (uint32_t)WQ_CSRVAL_##n, WQ_GEN_WIDTH_VAL, WQ_K_CODE);
#include "../spec/csr.def"
#undef CSR
#undef CHCSR
#undef IRQ
#undef CHSTATE
#undef DBGCMD
#undef WSTATE
#undef CSRFIELD
#undef CSRVAL

    /* ---- switch.def */
#define SWREASON(n, c) \
    wq_code(g, "switch.def", "SWREASON", "WQ_SW_", #n, WQ_SW_##n, \
            WQ_GEN_WIDTH_SW, WQ_K_CODE);
#include "../spec/switch.def"
#undef SWREASON

    /* ---- mempath.def */
#define MEMOP(n, c) \
    wq_code(g, "mempath.def", "MEMOP", "WQ_MEMOP_", #n, WQ_MEMOP_##n, 2, WQ_K_CODE);
#include "../spec/mempath.def"
#undef MEMOP

    /* ---- step.def */
#define STEPKIND(n, c) \
    wq_code(g, "step.def", "STEPKIND", "WQ_STEPK_", #n, WQ_STEPK_##n, 2, WQ_K_CODE);
#define STEPRES(n, c) \
    wq_code(g, "step.def", "STEPRES", "WQ_STEP_", #n, WQ_STEP_##n, 3, WQ_K_CODE);
#include "../spec/step.def"
#undef STEPKIND
#undef STEPRES
    wq_derived(g, "step.def", "STEPKIND", "", 2, 0, wq_strdup("WQ_STEPK_W"));
    wq_derived(g, "step.def", "STEPRES", "", 3, 0, wq_strdup("WQ_STEP_W"));

    /* ---- uart.def: the bridge's protocol (docs/rtl/wq_uart_bridge.md) */
#define UARTCMD(n, c) \
    wq_code(g, "uart.def", "UARTCMD", "WQ_UART_CMD_", #n, WQ_UART_CMD_##n, 8, WQ_K_CODE);
#define UARTST(n, c) \
    wq_code(g, "uart.def", "UARTST", "WQ_UART_ST_", #n, WQ_UART_ST_##n, 8, WQ_K_CODE);
#define UARTWAIT(n, c) \
    wq_code(g, "uart.def", "UARTWAIT", "WQ_UART_WAIT_", #n, WQ_UART_WAIT_##n, 8, WQ_K_CODE);
#define UARTBYTE(n, v) \
    wq_code(g, "uart.def", "UARTBYTE", "WQ_UART_", #n, WQ_UART_##n, 8, WQ_K_CODE);
#define UARTVAL(n, v) \
    wq_code(g, "uart.def", "UARTVAL", "WQ_UART_", #n, WQ_UART_##n, 0, WQ_K_CODE);
#include "../spec/uart.def"
#undef UARTCMD
#undef UARTST
#undef UARTWAIT
#undef UARTBYTE
#undef UARTVAL

    /* widths of the code spaces above, for RTL port and register sizes */
    wq_derived(g, "trap.def", "TRAP", "", WQ_GEN_WIDTH_CODE, 0,
               wq_strdup("WQ_TRAP_W"));
    wq_derived(g, "error.def", "CHERR", "", cherr_w, 0,
               wq_strdup("WQ_CHERR_W"));
    wq_derived(g, "event.def", "EVENT", "", WQ_GEN_WIDTH_CODE, 0,
               wq_strdup("WQ_EV_W"));
    wq_derived(g, "csr.def", "CSR", "", WQ_GEN_WIDTH_CSR, 0,
               wq_strdup("WQ_CSR_W"));
    wq_derived(g, "csr.def", "CHSTATE", "", chst_w, 0,
               wq_strdup("WQ_CH_W"));
    wq_derived(g, "method.def", "METHOD", "", WQ_GEN_WIDTH_METH, 0,
               wq_strdup("WQ_M_W"));
    wq_derived(g, "switch.def", "SWREASON", "", WQ_GEN_WIDTH_SW, 0,
               wq_strdup("WQ_SW_W"));
    wq_derived(g, "isa.def", "INSN", "", WQ_GEN_WIDTH_IFL, 0,
               wq_strdup("WQ_IF_W"));
    wq_collect_ue(g);
    wq_collect_ues(g);
}

static int wq_cmp_defname(const void *a, const void *b)
{
    const wq_def_t *const *x = a, *const *y = b;
    return strcmp((*x)->name, (*y)->name);
}

/* pointers to the defines sorted by name; duplicates are a table error
 * (two rows whose generated names collide) */
wq_def_t **wq_sorted(wq_gen_t *g)
{
    wq_def_t **s = malloc((g->n ? g->n : 1) * sizeof *s);
    if (!s) { perror("wq_gen"); exit(2); }
    for (size_t i = 0; i < g->n; i++)
        s[i] = &g->d[i];
    qsort(s, g->n, sizeof *s, wq_cmp_defname);
    for (size_t i = 1; i < g->n; i++)
        if (!strcmp(s[i - 1]->name, s[i]->name)) {
            fprintf(stderr, "wq_gen: %s is generated twice (%s %s, %s %s)\n",
                    s[i]->name, s[i - 1]->src, s[i - 1]->table, s[i]->src,
                    s[i]->table);
            g->err = 1;
        }
    return s;
}

void wq_free_gen(wq_gen_t *g)
{
    for (size_t i = 0; i < g->n; i++) {
        free(g->d[i].name);
        free(g->d[i].key);
        free(g->d[i].text);
    }
    free(g->d);
}

/* a define's value as Verilog writes it (sized literal when it has a width) */
void wq_literal(const wq_def_t *d, char *buf, size_t len)
{
    if (d->kind == WQ_K_TEXT)
        snprintf(buf, len, "%s", d->text);
    else if (d->width == 0)
        snprintf(buf, len, "%" PRIu64, d->value);
    else if (d->width == 1)
        snprintf(buf, len, "1'b%u", (unsigned)d->value);
    else
        snprintf(buf, len, "%u'h%0*" PRIX64, d->width, (int)(d->width + 3) / 4,
                 d->value);
}
