/* wq_gen.c -- the Verilog view of the tables in cmodel/spec/, and the drift
 * check.
 *
 *   wq_gen vh          Verilog-2005 header (build/gen/wq_defs.vh)
 *   wq_gen list        NAME=decimal for every numeric define, sorted
 *   wq_gen tb          a testbench that $display's NAME=%0d for the same set;
 *                      `diff <(vvp tb) <(wq_gen list)` proves the Verilog view
 *                      equals the C view value by value (scripts/spec_check.sh)
 *   wq_gen tables      "FILE MACRO ROWS" for every table this tool expands, so
 *                      the script can fail when a .def grows a table we miss
 *   wq_gen check F...  report hand-written constants that duplicate a table
 *                      row (DESIGN §3); exit 1 when any is found
 *   wq_gen vdecode     the RTL decoder's tables (build/gen/wq_decode.vh):
 *                      Verilog functions opcode -> {legal, format, flags},
 *                      format -> used-bit mask, and the FN / SREG code
 *                      ranges, expanded from isa.def, isa_formats.def and
 *                      isa_enums.def, for rtl/wq_decode.v to include
 *   wq_gen uevh        the micro-engine's header (build/gen/wq_ue.vh): the
 *                      rows of ue.def (docs/ue.md), kept out of wq_defs.vh
 *   wq_gen ueinc       every numeric define of both headers as `.equ NAME,
 *                      value` lines for the engine's firmware
 *                      (build/gen/wq_ue.inc, `wq ue asm` syntax)
 *   wq_gen uesvh       wq_sched_ue's port map (build/gen/wq_ue_sched.vh):
 *                      the rows of ue_sched.def (docs/ue_sched.md §2); the
 *                      firmware gets the same names through wq_ue.inc
 *
 * The values come from the C compiler: every row is read through the same
 * X-macros as defs.h, and where defs.h names a row (WQ_OP_ADD ...) we take
 * the enum constant, so a row defs.h lacks is a compile error here rather
 * than a silently different Verilog view. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/defs.h"
#include "wq/isa.h"
#include "wq/ue.h"

/* ---- the define registry -------------------------------------------------- */

enum {
    WQ_K_CODE,      /* a row's own value: code, offset, field bound      */
    WQ_K_OFFSET,    /* method byte offset or CSR offset (literal check)  */
    WQ_K_MADDR,     /* method dword address (literal check)             */
    WQ_K_DERIVED,   /* computed for RTL convenience; name check only     */
    WQ_K_TEXT       /* non-numeric body (bit ranges); not in list / tb   */
};

typedef struct wq_def {
    char       *name;      /* emitted define, e.g. WQ_OP_ADD              */
    char       *key;       /* bare spelling a hand copy would use ("ADD",
                              "RD_HI"), NULL when not worth matching       */
    char       *text;      /* WQ_K_TEXT body                              */
    uint64_t    value;
    unsigned    width;     /* 0: plain integer, else sized literal        */
    unsigned    kind;
    const char *src;       /* .def file and table macro of the row        */
    const char *table;
    const char *row;
    unsigned    hdr;       /* WQ_H_DEFS or WQ_H_UE: the header it goes to */
} wq_def_t;

enum { WQ_H_DEFS, WQ_H_UE, WQ_H_UES };

typedef struct wq_table {
    const char *src, *macro;
    unsigned    rows;
    unsigned    hdr;
} wq_table_t;

typedef struct wq_gen {
    wq_def_t   *d;
    size_t      n, cap;
    wq_table_t  t[64];
    size_t      nt;
    int         err;       /* a row did not fit its width, or names clash */
    unsigned    hdr;       /* header of the rows being collected */
} wq_gen_t;

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

/* ---- ue.def: the micro-engine (docs/ue.md), to build/gen/wq_ue.vh.  Per
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

/* ---- ue_sched.def: wq_sched_ue's port map (docs/ue_sched.md §2), to
 * build/gen/wq_ue_sched.vh.  Ports are 8-bit codes (the engine's PORT
 * field); a packed field WORD.NAME is WQ_UES_F_WORD_NAME_HI/_LO/_W/_RANGE. */
static void wq_collect_ues(wq_gen_t *g)
{
    const unsigned port_w = WQ_UE_F_PORT_HI - WQ_UE_F_PORT_LO + 1;
    unsigned ifl_lo = 0;
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
    if (!strcmp(#w "_" #n, "SYS_IFL")) \
        ifl_lo = (lo);
#include "../spec/ue_sched.def"
#undef UESFIELD
    /* the decoder flags as bit numbers of SYS, for the firmware's bbs/bbc */
#define IFLAG(n, b) \
    wq_derived(g, "ue_sched.def", "UESFIELD", "SYS_IFL", ifl_lo + (b), 0, \
               wq_strdup("WQ_UES_B_SYS_IF_" #n));
#include "../spec/isa_flags.def"
#undef IFLAG
    g->hdr = WQ_H_DEFS;
}

static void wq_collect(wq_gen_t *g)
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
#define MEMW(n, c, words) \
    wq_code(g, "isa_enums.def", "MEMW", "WQ_MEMW_", #n, WQ_MEMW_##n, fn_w, \
            WQ_K_CODE); \
    wq_derived(g, "isa_enums.def", "MEMW", #n, (words), 0, \
               wq_strdup("WQ_MEMW_" #n "_WORDS"));
#define SREG(n, c) \
    wq_code(g, "isa_enums.def", "SREG", "WQ_SR_", #n, WQ_SR_##n, imm_w, \
            WQ_K_CODE);
#include "../spec/isa_enums.def"
#undef CMP
#undef ATOMOP
#undef MEMW
#undef SREG

    /* ---- token.def */
#define TOKTYPE(n, c) \
    wq_code(g, "token.def", "TOKTYPE", "WQ_TOK_", #n, WQ_TOK_##n, tok_w, \
            WQ_K_CODE);
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
#include "../spec/launch.def"
#undef LDWORD
#undef LDFIELD
#undef YPOLICY
#undef YLFSR
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
static wq_def_t **wq_sorted(wq_gen_t *g)
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

static void wq_free_gen(wq_gen_t *g)
{
    for (size_t i = 0; i < g->n; i++) {
        free(g->d[i].name);
        free(g->d[i].key);
        free(g->d[i].text);
    }
    free(g->d);
}

/* ---- output modes --------------------------------------------------------- */

static void wq_literal(const wq_def_t *d, char *buf, size_t len)
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

/* the header of one set of rows: wq_defs.vh (WQ_H_DEFS) or wq_ue.vh */
static void wq_emit_vh(const wq_gen_t *g, unsigned hdr)
{
    static const char *const files[] = { "wq_defs.vh", "wq_ue.vh",
                                         "wq_ue_sched.vh" };
    static const char *const guards[] = { "WQ_DEFS_VH", "WQ_UE_VH",
                                          "WQ_UE_SCHED_VH" };
    const char *file = files[hdr], *guard = guards[hdr];
    printf("// %s -- GENERATED by cmodel/tools/wq_gen.c; do not edit.\n"
           "// Source of truth: the tables in cmodel/spec/ (", file);
    int first = 1;
    for (size_t i = 0; i < g->nt; i++) {
        int seen = g->t[i].hdr != hdr;  /* name each file once */
        for (size_t j = 0; j < i; j++)
            seen |= !strcmp(g->t[j].src, g->t[i].src);
        if (!seen)
            printf("%s%s", first ? "" : ", ", g->t[i].src);
        first &= seen;
    }
    printf(").\n"
           "// Regenerate: make build/gen/%s.  scripts/spec_check.sh\n"
           "// checks every value here against the C view (defs.h, ue.h).\n"
           "// Codes are sized literals; bit positions, widths, word indices\n"
           "// and counts are plain integers; <FIELD>_RANGE expands to hi:lo.\n"
           "`ifndef %s\n`define %s\n", file, guard, guard);
    const char *tab = "";
    for (size_t i = 0; i < g->n; i++) {
        const wq_def_t *d = &g->d[i];
        char lit[128];
        if (d->hdr != hdr)
            continue;
        if (strcmp(d->table, tab)) {
            printf("\n// %s %s\n", d->src, d->table);
            tab = d->table;
        }
        wq_literal(d, lit, sizeof lit);
        printf("`define %-36s %s\n", d->name, lit);
    }
    printf("\n`endif // %s\n", guard);
}

/* `.equ NAME, value` for the firmware: every numeric define of both
 * headers under its Verilog name, so firmware never types an encoding */
static void wq_emit_ueinc(const wq_gen_t *g)
{
    printf("; wq_ue.inc -- GENERATED by cmodel/tools/wq_gen.c (wq_gen ueinc);\n"
           "; do not edit.  The defines of wq_defs.vh, wq_ue.vh and wq_ue_sched.vh\n"
           "; (cmodel/spec/*.def) under the same names, for `.include \"wq_ue.inc\"`\n"
           "; in firmware.\n");
    const char *tab = "";
    for (size_t i = 0; i < g->n; i++) {
        const wq_def_t *d = &g->d[i];
        if (d->kind == WQ_K_TEXT)
            continue;
        if (strcmp(d->table, tab)) {
            printf("\n; %s %s\n", d->src, d->table);
            tab = d->table;
        }
        printf(".equ %s, 0x%" PRIX64 "\n", d->name, d->value);
    }
}

static void wq_emit_list(wq_def_t *const *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i]->kind != WQ_K_TEXT)
            printf("%s=%" PRIu64 "\n", s[i]->name, s[i]->value);
}

static void wq_emit_tb(wq_def_t *const *s, size_t n)
{
    printf("// GENERATED by cmodel/tools/wq_gen.c (wq_gen tb); do not edit.\n"
           "// Prints every numeric define of wq_defs.vh, wq_ue.vh and wq_ue_sched.vh\n"
           "// as NAME=decimal.\n"
           "`include \"wq_defs.vh\"\n`include \"wq_ue.vh\"\n"
           "`include \"wq_ue_sched.vh\"\n"
           "module wq_defs_tb;\n"
           "  initial begin\n");
    for (size_t i = 0; i < n; i++)
        if (s[i]->kind != WQ_K_TEXT)
            printf("    $display(\"%s=%%0d\", `%s);\n", s[i]->name,
                   s[i]->name);
    printf("    $finish;\n  end\nendmodule\n");
}

static void wq_emit_tables(const wq_gen_t *g)
{
    for (size_t i = 0; i < g->nt; i++)
        printf("%s %s %u\n", g->t[i].src, g->t[i].macro, g->t[i].rows);
}

/* ---- drift check ----------------------------------------------------------
 * A small lexer for C and Verilog, enough to find the places a constant is
 * defined by hand: #define / `define, enum bodies, const objects (C),
 * localparam / parameter (Verilog).  In files that decode methods or CSRs
 * it also finds case labels and ==/!= operands written as hex literals. */

enum { WQ_T_ID, WQ_T_NUM, WQ_T_PUNCT, WQ_T_MACRO, WQ_T_DEFINE, WQ_T_EOD };

typedef struct wq_tok {
    unsigned kind;
    unsigned line;
    int      funclike;     /* WQ_T_DEFINE: NAME( */
    char     s[64];
} wq_tok_t;

typedef struct wq_scan {
    const char *path;
    int         verilog;
    int         handler;   /* decodes methods / CSRs: literal check on */
    wq_tok_t   *t;
    size_t      n, cap;
    unsigned char *ok;     /* lines carrying "spec_check: ok" */
    unsigned    nlines;
    unsigned    hits;
} wq_scan_t;

static void wq_push(wq_scan_t *sc, unsigned kind, unsigned line,
                    const char *s, size_t len)
{
    if (sc->n == sc->cap) {
        sc->cap = sc->cap ? 2 * sc->cap : 1024;
        sc->t = realloc(sc->t, sc->cap * sizeof *sc->t);
        if (!sc->t) { perror("wq_gen"); exit(2); }
    }
    wq_tok_t *t = &sc->t[sc->n++];
    t->kind = kind;
    t->line = line;
    t->funclike = 0;
    if (len >= sizeof t->s)
        len = sizeof t->s - 1;
    memcpy(t->s, s, len);
    t->s[len] = 0;
}

static int wq_isid(int c, int first)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' ||
           (!first && ((c >= '0' && c <= '9') || c == '$'));
}

static int wq_isnum(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
           (c >= 'a' && c <= 'z') || c == '_' || c == '.' || c == '?';
}

static void wq_lex(wq_scan_t *sc, const char *p, size_t len)
{
    const char *end = p + len;
    unsigned line = 1;
    int in_dir = 0;        /* inside a #define / `define body */
    int bol = 1;           /* only whitespace so far on this line */
    while (p < end) {
        char c = *p;
        if (c == '\n') {
            if (in_dir) {
                wq_push(sc, WQ_T_EOD, line, "", 0);
                in_dir = 0;
            }
            line++;
            bol = 1;
            p++;
            continue;
        }
        if (c == '\\' && p + 1 < end && p[1] == '\n') {   /* continuation */
            line++;
            p += 2;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
            p++;
            continue;
        }
        if (c == '/' && p + 1 < end && p[1] == '/') {
            while (p < end && *p != '\n')
                p++;
            continue;
        }
        if (c == '/' && p + 1 < end && p[1] == '*') {
            p += 2;
            while (p + 1 < end && !(p[0] == '*' && p[1] == '/')) {
                if (*p == '\n')
                    line++;
                p++;
            }
            p = p + 2 < end ? p + 2 : end;
            continue;
        }
        if (c == '"' || (c == '\'' && !sc->verilog)) {    /* string, char */
            p++;
            while (p < end && *p != c && *p != '\n') {
                if (*p == '\\' && p + 1 < end)
                    p++;
                p++;
            }
            if (p < end && *p == c)
                p++;
            bol = 0;
            continue;
        }
        if ((c == '#' && bol && !sc->verilog) || c == '`') {
            /* preprocessor directive or Verilog macro use */
            const char *q = p + 1;
            while (q < end && (*q == ' ' || *q == '\t'))
                q++;
            const char *w = q;
            while (q < end && wq_isid(*q, q == w))
                q++;
            size_t wl = (size_t)(q - w);
            if (wl == 6 && !strncmp(w, "define", 6)) {
                while (q < end && (*q == ' ' || *q == '\t'))
                    q++;
                const char *nm = q;
                while (q < end && wq_isid(*q, q == nm))
                    q++;
                wq_push(sc, WQ_T_DEFINE, line, nm, (size_t)(q - nm));
                sc->t[sc->n - 1].funclike = q < end && *q == '(';
                in_dir = 1;
                bol = 0;
                p = q;
                continue;
            }
            if (c == '`' && !(wl == 7 && !strncmp(w, "include", 7)) &&
                !(wl == 9 && !strncmp(w, "timescale", 9)) &&
                !(wl == 5 && !strncmp(w, "ifdef", 5)) &&
                !(wl == 6 && !strncmp(w, "ifndef", 6)) &&
                !(wl == 5 && !strncmp(w, "undef", 5))) {
                wq_push(sc, WQ_T_MACRO, line, w, wl);   /* `NAME use */
                bol = 0;
                p = q;
                continue;
            }
            /* any other directive: skip the rest of the logical line */
            while (p < end && *p != '\n') {
                if (*p == '\\' && p + 1 < end && p[1] == '\n') {
                    line++;
                    p++;
                }
                p++;
            }
            continue;
        }
        bol = 0;
        if (wq_isid(c, 1)) {
            const char *q = p;
            while (q < end && wq_isid(*q, q == p))
                q++;
            wq_push(sc, WQ_T_ID, line, p, (size_t)(q - p));
            p = q;
            continue;
        }
        if ((c >= '0' && c <= '9') ||
            (sc->verilog && c == '\'' && p + 1 < end &&
             strchr("hHdDbBoOsS", p[1]))) {
            const char *q = p;
            while (q < end && wq_isnum(*q))
                q++;
            if (sc->verilog && q < end && *q == '\'') {   /* 8'h21 */
                q++;
                while (q < end && wq_isnum(*q))
                    q++;
            } else if (sc->verilog && c == '\'') {         /* 'h21 */
                q = p + 1;
                while (q < end && wq_isnum(*q))
                    q++;
            }
            wq_push(sc, WQ_T_NUM, line, p, (size_t)(q - p));
            p = q;
            continue;
        }
        /* punctuation: the multi-character operators the checks look at */
        static const char *const ops[] = { "===", "!==", "==", "!=", "::",
                                           NULL };
        size_t ol = 1;
        for (int i = 0; ops[i]; i++) {
            size_t l = strlen(ops[i]);
            if ((size_t)(end - p) >= l && !strncmp(p, ops[i], l)) {
                ol = l;
                break;
            }
        }
        wq_push(sc, WQ_T_PUNCT, line, p, ol);
        p += ol;
    }
    if (in_dir)
        wq_push(sc, WQ_T_EOD, line, "", 0);
}

/* Value of a number token; *hex says whether it is written in hex with at
 * least two digits (the form a copied offset takes).  0 when unparsable. */
static int wq_numval(const wq_scan_t *sc, const char *s, uint64_t *v,
                     int *hex, unsigned *size)
{
    char dig[64];
    size_t k = 0;
    int base = 10;
    *hex = 0;
    *size = 0;
    const char *tick = sc->verilog ? strchr(s, '\'') : NULL;
    if (tick) {
        if (tick != s)
            *size = (unsigned)strtoul(s, NULL, 10);
        const char *b = tick + 1;
        if (*b == 's' || *b == 'S')
            b++;
        switch (*b) {
        case 'h': case 'H': base = 16; break;
        case 'd': case 'D': base = 10; break;
        case 'b': case 'B': base = 2; break;
        case 'o': case 'O': base = 8; break;
        default: return 0;
        }
        for (b++; *b && k + 1 < sizeof dig; b++) {
            if (*b == '_')
                continue;
            if (strchr("xXzZ?", *b))
                return 0;
            dig[k++] = *b;
        }
        dig[k] = 0;
        *hex = base == 16 || base == 10;   /* explicit radix: deliberate */
    } else {
        const char *b = s;
        if (b[0] == '0' && (b[1] == 'x' || b[1] == 'X')) {
            base = 16;
            b += 2;
        } else if (b[0] == '0' && b[1] >= '0' && b[1] <= '7' && !sc->verilog) {
            base = 8;
        }
        for (; *b && k + 1 < sizeof dig; b++) {
            if (*b == '_' && sc->verilog)
                continue;
            if (strchr("uUlL", *b))
                break;
            dig[k++] = *b;
        }
        dig[k] = 0;
        *hex = base == 16 && k >= 2;
    }
    if (k == 0)
        return 0;
    char *e;
    *v = strtoull(dig, &e, base);
    return *e == 0;
}

/* value of the expression t[a..b): one literal, possibly parenthesised */
static int wq_exprval(const wq_scan_t *sc, size_t a, size_t b, uint64_t *v)
{
    while (b > a + 1 && sc->t[a].kind == WQ_T_PUNCT && sc->t[a].s[0] == '(' &&
           sc->t[b - 1].kind == WQ_T_PUNCT && sc->t[b - 1].s[0] == ')') {
        a++;
        b--;
    }
    int hex;
    unsigned size;
    return b == a + 1 && sc->t[a].kind == WQ_T_NUM &&
           wq_numval(sc, sc->t[a].s, v, &hex, &size);
}

static int wq_ends_with(const char *s, const char *suffix)
{
    size_t ls = strlen(s), lx = strlen(suffix);
    return ls > lx && s[ls - lx - 1] == '_' && !strcmp(s + ls - lx, suffix);
}

/* short bare names (ADD, NOP, IDLE) are too common to match as a suffix */
static int wq_distinct(const char *key)
{
    return strchr(key, '_') || strlen(key) >= 5;
}

static void wq_report(wq_scan_t *sc, unsigned line, const char *what,
                      const wq_def_t *d)
{
    if (line < sc->nlines && sc->ok[line])
        return;
    char lit[128];
    wq_literal(d, lit, sizeof lit);
    printf("%s:%u: %s duplicates `%s = %s (%s %s%s%s%s)\n", sc->path, line,
           what, d->name, lit, d->src, d->table, d->row[0] ? "(" : "", d->row,
           d->row[0] ? ")" : "");
    sc->hits++;
}

/* a hand-written definition NAME [= value] */
static void wq_check_name(wq_scan_t *sc, const wq_gen_t *g, unsigned line,
                          const char *name, int known, uint64_t v)
{
    const char *bare = strncmp(name, "WQ_", 3) ? name : name + 3;
    char what[160];
    for (size_t i = 0; i < g->n; i++) {
        const wq_def_t *d = &g->d[i];
        const char *gb = d->name + 3;   /* generated names all start WQ_ */
        if (!strcmp(name, d->name) || !strcmp(bare, gb) ||
            wq_ends_with(name, gb)) {
            snprintf(what, sizeof what, "'%s' (name)", name);
            wq_report(sc, line, what, d);
            return;
        }
    }
    if (!known)
        return;
    /* The bare row name, possibly with a prefix (HOST_SEM_EXECUTE) and
     * possibly with one decoration a copied offset or code tends to carry
     * (SEM_EXECUTE_OFF), with the row's value.  The value must match, so
     * an unrelated constant that merely shares a name stays quiet. */
    static const char *const deco[] = { "", "_OFF", "_OFFSET", "_ADDR", "_DW",
                                        "_DWORD", "_CODE", "_VAL", "_VALUE",
                                        "_NUM" };
    char stem[128];
    for (size_t k = 0; k < sizeof deco / sizeof deco[0]; k++) {
        size_t ln = strlen(name), lk = strlen(deco[k]);
        if (ln <= lk || ln - lk >= sizeof stem ||
            strcmp(name + ln - lk, deco[k]))
            continue;
        memcpy(stem, name, ln - lk);
        stem[ln - lk] = 0;
        for (size_t i = 0; i < g->n; i++) {
            const wq_def_t *d = &g->d[i];
            if (!d->key || d->kind == WQ_K_TEXT || d->value != v)
                continue;
            if (!strcmp(stem, d->key) ||
                (wq_distinct(d->key) && wq_ends_with(stem, d->key))) {
                snprintf(what, sizeof what, "'%s' = %" PRIu64, name, v);
                wq_report(sc, line, what, d);
                return;
            }
        }
    }
}

/* a literal compared against / switched on in a method or CSR decoder */
static void wq_check_lit(wq_scan_t *sc, const wq_gen_t *g, const wq_tok_t *t)
{
    uint64_t v;
    int hex;
    unsigned size;
    if (!wq_numval(sc, t->s, &v, &hex, &size) || !hex || v == 0)
        return;
    if (sc->verilog && size && size < 6)   /* 3'h4: a SEC_OP, not an offset */
        return;
    for (size_t i = 0; i < g->n; i++) {
        const wq_def_t *d = &g->d[i];
        if ((d->kind == WQ_K_OFFSET || d->kind == WQ_K_MADDR) &&
            d->value == v) {
            char what[160];
            snprintf(what, sizeof what, "literal %s", t->s);
            wq_report(sc, t->line, what, d);
            return;
        }
    }
}

static int wq_is(const wq_tok_t *t, unsigned kind, const char *s)
{
    return t->kind == kind && !strcmp(t->s, s);
}

/* #define NAME body / `define NAME body at t[i]; returns the index of the
 * end-of-directive token */
static size_t wq_define(wq_scan_t *sc, const wq_gen_t *g, size_t i)
{
    size_t j = i + 1;
    while (j < sc->n && sc->t[j].kind != WQ_T_EOD)
        j++;
    if (!sc->t[i].funclike && sc->t[i].s[0]) {
        uint64_t v = 0;
        int known = wq_exprval(sc, i + 1, j, &v);
        wq_check_name(sc, g, sc->t[i].line, sc->t[i].s, known, v);
    }
    return j;
}

static void wq_parse(wq_scan_t *sc, const wq_gen_t *g)
{
    wq_tok_t *t = sc->t;
    size_t n = sc->n;
    for (size_t i = 0; i < n; i++) {
        if (t[i].kind == WQ_T_DEFINE) {
            i = wq_define(sc, g, i);
            continue;
        }
        if (t[i].kind != WQ_T_ID && t[i].kind != WQ_T_PUNCT &&
            t[i].kind != WQ_T_NUM)
            continue;
        /* C enum { A = v, B, ... } */
        if (!sc->verilog && wq_is(&t[i], WQ_T_ID, "enum")) {
            size_t j = i + 1;
            if (j < n && t[j].kind == WQ_T_ID)
                j++;
            if (j >= n || !wq_is(&t[j], WQ_T_PUNCT, "{"))
                continue;
            uint64_t next = 0;
            int next_known = 1;
            for (j++; j < n && !wq_is(&t[j], WQ_T_PUNCT, "}");) {
                if (t[j].kind == WQ_T_DEFINE) { /* X-macro tables inside */
                    j = wq_define(sc, g, j) + 1;
                    continue;
                }
                if (t[j].kind != WQ_T_ID) {
                    j++;
                    continue;
                }
                size_t nm = j++;
                uint64_t v = next;
                int known = next_known;
                if (j < n && wq_is(&t[j], WQ_T_PUNCT, "=")) {
                    size_t a = ++j;
                    int depth = 0;
                    while (j < n && (depth || (!wq_is(&t[j], WQ_T_PUNCT, ",") &&
                                               !wq_is(&t[j], WQ_T_PUNCT, "}")))) {
                        if (wq_is(&t[j], WQ_T_PUNCT, "("))
                            depth++;
                        if (wq_is(&t[j], WQ_T_PUNCT, ")"))
                            depth--;
                        j++;
                    }
                    known = wq_exprval(sc, a, j, &v);
                } else if (j < n && !wq_is(&t[j], WQ_T_PUNCT, ",") &&
                           !wq_is(&t[j], WQ_T_PUNCT, "}")) {
                    continue;   /* not an enumerator (X-macro call ...) */
                }
                wq_check_name(sc, g, t[nm].line, t[nm].s, known, v);
                next = v + 1;
                next_known = known;
                if (j < n && wq_is(&t[j], WQ_T_PUNCT, ","))
                    j++;
            }
            i = j;
            continue;
        }
        /* C const object: const T NAME = literal; */
        if (!sc->verilog && wq_is(&t[i], WQ_T_ID, "const")) {
            size_t j = i + 1;
            while (j + 1 < n && (t[j].kind == WQ_T_ID ||
                                 wq_is(&t[j], WQ_T_PUNCT, "*")) &&
                   !wq_is(&t[j + 1], WQ_T_PUNCT, "="))
                j++;
            if (j + 1 < n && t[j].kind == WQ_T_ID &&
                wq_is(&t[j + 1], WQ_T_PUNCT, "=")) {
                size_t a = j + 2, b = a;
                while (b < n && !wq_is(&t[b], WQ_T_PUNCT, ";") &&
                       !wq_is(&t[b], WQ_T_PUNCT, ","))
                    b++;
                uint64_t v = 0;
                int known = wq_exprval(sc, a, b, &v);
                wq_check_name(sc, g, t[j].line, t[j].s, known, v);
            }
            continue;
        }
        /* Verilog localparam / parameter [type] [range] A = v, B = v ...; */
        if (sc->verilog && (wq_is(&t[i], WQ_T_ID, "localparam") ||
                            wq_is(&t[i], WQ_T_ID, "parameter"))) {
            size_t j = i + 1;
            for (;;) {
                /* skip type words and [msb:lsb] up to NAME = */
                while (j + 1 < n && !(t[j].kind == WQ_T_ID &&
                                      wq_is(&t[j + 1], WQ_T_PUNCT, "="))) {
                    if (wq_is(&t[j], WQ_T_PUNCT, ";") ||
                        wq_is(&t[j], WQ_T_PUNCT, ")"))
                        break;
                    j++;
                }
                if (!(j + 1 < n && t[j].kind == WQ_T_ID &&
                      wq_is(&t[j + 1], WQ_T_PUNCT, "=")))
                    break;
                size_t nm = j, a = j + 2, b = a;
                int depth = 0;
                while (b < n) {
                    const wq_tok_t *x = &t[b];
                    if (x->kind == WQ_T_PUNCT && strchr("([{", x->s[0]))
                        depth++;
                    else if (x->kind == WQ_T_PUNCT && strchr(")]}", x->s[0])) {
                        if (!depth)
                            break;
                        depth--;
                    } else if (!depth && x->kind == WQ_T_PUNCT &&
                               (x->s[0] == ',' || x->s[0] == ';'))
                        break;
                    b++;
                }
                uint64_t v = 0;
                int known = wq_exprval(sc, a, b, &v);
                wq_check_name(sc, g, t[nm].line, t[nm].s, known, v);
                j = b;
                /* another NAME = after a comma continues this declaration;
                 * `, parameter X = ...` is picked up by the outer loop */
                if (j < n && wq_is(&t[j], WQ_T_PUNCT, ",") && j + 2 < n &&
                    t[j + 1].kind == WQ_T_ID && wq_is(&t[j + 2], WQ_T_PUNCT, "=")) {
                    j++;
                    continue;
                }
                break;
            }
            i = j > i ? j - 1 : i;
            continue;
        }
        if (!sc->handler)
            continue;
        /* C: case 0x6C:  /  case (0x6C): */
        if (!sc->verilog && wq_is(&t[i], WQ_T_ID, "case")) {
            size_t j = i + 1;
            while (j < n && wq_is(&t[j], WQ_T_PUNCT, "("))
                j++;
            if (j < n && t[j].kind == WQ_T_NUM)
                wq_check_lit(sc, g, &t[j]);
            continue;
        }
        /* ==, !=, ===, !== with a literal on either side */
        if (t[i].kind == WQ_T_PUNCT &&
            (!strcmp(t[i].s, "==") || !strcmp(t[i].s, "!=") ||
             !strcmp(t[i].s, "===") || !strcmp(t[i].s, "!=="))) {
            if (i + 1 < n && t[i + 1].kind == WQ_T_NUM)
                wq_check_lit(sc, g, &t[i + 1]);
            if (i > 0 && t[i - 1].kind == WQ_T_NUM)
                wq_check_lit(sc, g, &t[i - 1]);
            continue;
        }
        /* Verilog case item: 12'h01B: / 12'h01B, 12'h01C: after ; ) end
         * begin or another item -- not the ?: operator */
        if (sc->verilog && t[i].kind == WQ_T_NUM && i > 0) {
            size_t j = i + 1;
            while (j + 1 < n && wq_is(&t[j], WQ_T_PUNCT, ",") &&
                   t[j + 1].kind == WQ_T_NUM)
                j += 2;
            const wq_tok_t *pr = &t[i - 1];
            int item_start = wq_is(pr, WQ_T_PUNCT, ";") ||
                             wq_is(pr, WQ_T_PUNCT, ")") ||
                             wq_is(pr, WQ_T_ID, "end") ||
                             wq_is(pr, WQ_T_ID, "begin");
            if (item_start && j < n && wq_is(&t[j], WQ_T_PUNCT, ":")) {
                for (size_t k = i; k < j; k += 2)
                    wq_check_lit(sc, g, &t[k]);
                i = j;
            }
        }
    }
}

static const char *wq_base(const char *path)
{
    const char *b = strrchr(path, '/');
    return b ? b + 1 : path;
}

static int wq_has_ext(const char *path, const char *ext)
{
    size_t lp = strlen(path), le = strlen(ext);
    return lp > le && !strcmp(path + lp - le, ext);
}

/* files whose job is to decode method addresses or CSR offsets */
static int wq_is_handler(const char *path, int verilog)
{
    const char *b = wq_base(path);
    if (verilog)
        return !strncmp(b, "wq_host_if", 10) || !strncmp(b, "wq_top", 6) ||
               !strncmp(b, "wq_csr", 6);
    return !strncmp(b, "host", 4) || !strncmp(b, "csr", 3);
}

static int wq_check_file(const wq_gen_t *g, const char *path, unsigned *hits)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    char *buf = NULL;
    size_t len = 0, cap = 0, r;
    char chunk[65536];
    while ((r = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (len + r + 1 > cap) {
            cap = (len + r + 1) * 2;
            buf = realloc(buf, cap);
            if (!buf) { perror("wq_gen"); exit(2); }
        }
        memcpy(buf + len, chunk, r);
        len += r;
    }
    fclose(f);
    if (!buf)
        return 0;                       /* empty file */
    buf[len] = 0;
    /* generated files are the tables' output, not copies of them */
    if (strstr(buf, "GENERATED by") &&
        (size_t)(strstr(buf, "GENERATED by") - buf) < 512) {
        free(buf);
        return 0;
    }
    wq_scan_t sc;
    memset(&sc, 0, sizeof sc);
    sc.path = path;
    sc.verilog = wq_has_ext(path, ".v") || wq_has_ext(path, ".vh") ||
                 wq_has_ext(path, ".sv") || wq_has_ext(path, ".svh");
    sc.handler = wq_is_handler(path, sc.verilog);
    /* lines that opt out with a "spec_check: ok" comment */
    sc.nlines = 2;
    for (size_t i = 0; i < len; i++)
        sc.nlines += buf[i] == '\n';
    sc.ok = calloc(sc.nlines, 1);
    if (!sc.ok) { perror("wq_gen"); exit(2); }
    unsigned line = 1;
    for (const char *p = buf; *p; p++) {
        if (*p == '\n')
            line++;
        else if (!strncmp(p, "spec_check: ok", 14))
            sc.ok[line] = 1;
    }
    wq_lex(&sc, buf, len);
    wq_parse(&sc, g);
    *hits += sc.hits;
    free(sc.t);
    free(sc.ok);
    free(buf);
    return 0;
}


/* ---- the RTL decoder's tables ------------------------------------------------
 * Functions over the defines of wq_defs.vh, one case item per table row, so
 * rtl/wq_decode.v holds the operand rules of isa.c and nothing else: a new
 * instruction, format or enum code changes the decoder by regeneration. */
static void wq_emit_vdecode(void)
{
    printf("// wq_decode.vh -- GENERATED by cmodel/tools/wq_gen.c (wq_gen vdecode);\n"
           "// do not edit.  Source of truth: cmodel/spec/isa.def, isa_formats.def,\n"
           "// isa_enums.def.  Included inside rtl/wq_decode.v (needs wq_defs.vh).\n"
           "`ifndef WQ_DECODE_VH\n`define WQ_DECODE_VH\n\n"
           "// registers a thread owns in the ISA, and the always-true predicate\n"
           "`define WQ_DEC_NUM_REGS %u\n`define WQ_DEC_PT %u\n"
           "// width of the opcode-info word: legal | format | flags\n"
           "`define WQ_DEC_INFO_W (1 + `WQ_FMT_W + `WQ_IF_W)\n`endif\n\n",
           (unsigned)WQ_NUM_REGS, (unsigned)WQ_PT);
    printf("// opcode -> {legal, format, flags}; unknown opcodes are not legal\n"
           "function [`WQ_DEC_INFO_W-1:0] wq_dec_opinfo;\n"
           "    input [`WQ_OP_W-1:0] op;\n"
           "    begin\n        case (op)\n");
#define INSN(n, code, fmt, flags) \
    printf("        `WQ_OP_%s: wq_dec_opinfo = {1'b1, `WQ_FMT_OF_%s, `WQ_FLAGS_OF_%s};\n", \
           #n, #n, #n);
#include "../spec/isa.def"
#undef INSN
    printf("        default: wq_dec_opinfo = {(`WQ_DEC_INFO_W){1'b0}};\n"
           "        endcase\n    end\nendfunction\n\n");
    printf("// format -> the instruction bits it may set (OP, GP, GN always)\n"
           "function [63:0] wq_dec_fmt_used;\n"
           "    input [`WQ_FMT_W-1:0] fmt;\n"
           "    begin\n        case (fmt)\n");
#define FMT(n, uses) printf("        `WQ_FMT_%s: wq_dec_fmt_used = `WQ_FMT_%s_USED;\n", #n, #n);
#include "../spec/isa_formats.def"
#undef FMT
    printf("        default: wq_dec_fmt_used = 64'd0;\n"
           "        endcase\n    end\nendfunction\n\n");
    printf("// SETP compare code exists\nfunction wq_dec_cmp_ok;\n"
           "    input [`WQ_F_FN_W-1:0] fn;\n    begin\n        case (fn)\n");
#define CMP(n, c) printf("        `WQ_CMP_%s: wq_dec_cmp_ok = 1'b1;\n", #n);
#define ATOMOP(n, c)
#define MEMW(n, c, w)
#define SREG(n, c)
#include "../spec/isa_enums.def"
#undef CMP
    printf("        default: wq_dec_cmp_ok = 1'b0;\n        endcase\n    end\nendfunction\n\n");
    printf("// ATOM operation exists\nfunction wq_dec_atom_ok;\n"
           "    input [`WQ_F_FN_W-1:0] fn;\n    begin\n        case (fn)\n");
#undef ATOMOP
#define CMP(n, c)
#define ATOMOP(n, c) printf("        `WQ_ATOM_%s: wq_dec_atom_ok = 1'b1;\n", #n);
#include "../spec/isa_enums.def"
#undef ATOMOP
    printf("        default: wq_dec_atom_ok = 1'b0;\n        endcase\n    end\nendfunction\n\n");
    printf("// LD/ST width -> words moved per thread (0: no such width)\n"
           "function [2:0] wq_dec_memw_words;\n"
           "    input [`WQ_F_FN_W-1:0] fn;\n    begin\n        case (fn)\n");
#undef MEMW
#define ATOMOP(n, c)
#define MEMW(n, c, w) printf("        `WQ_MEMW_%s: wq_dec_memw_words = `WQ_MEMW_%s_WORDS;\n", #n, #n);
#include "../spec/isa_enums.def"
#undef MEMW
    printf("        default: wq_dec_memw_words = 3'd0;\n        endcase\n    end\nendfunction\n\n");
    printf("// special register exists\nfunction wq_dec_sreg_ok;\n"
           "    input [`WQ_F_IMM_W-1:0] imm;\n    begin\n        case (imm)\n");
#undef SREG
#define MEMW(n, c, w)
#define SREG(n, c) printf("        `WQ_SR_%s: wq_dec_sreg_ok = 1'b1;\n", #n);
#include "../spec/isa_enums.def"
#undef CMP
#undef ATOMOP
#undef MEMW
#undef SREG
    printf("        default: wq_dec_sreg_ok = 1'b0;\n        endcase\n    end\nendfunction\n");
}

static int wq_usage(void)
{
    fprintf(stderr, "usage: wq_gen vh | vdecode | uevh | uesvh | ueinc | list | tb | tables | check FILE...\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return wq_usage();
    wq_gen_t g;
    memset(&g, 0, sizeof g);
    wq_collect(&g);
    wq_def_t **s = wq_sorted(&g);
    int rc = 0;
    if (g.err) {
        rc = 1;
    } else if (!strcmp(argv[1], "vh") && argc == 2) {
        wq_emit_vh(&g, WQ_H_DEFS);
    } else if (!strcmp(argv[1], "uevh") && argc == 2) {
        wq_emit_vh(&g, WQ_H_UE);
    } else if (!strcmp(argv[1], "uesvh") && argc == 2) {
        wq_emit_vh(&g, WQ_H_UES);
    } else if (!strcmp(argv[1], "ueinc") && argc == 2) {
        wq_emit_ueinc(&g);
    } else if (!strcmp(argv[1], "vdecode") && argc == 2) {
        wq_emit_vdecode();
    } else if (!strcmp(argv[1], "list") && argc == 2) {
        wq_emit_list(s, g.n);
    } else if (!strcmp(argv[1], "tb") && argc == 2) {
        wq_emit_tb(s, g.n);
    } else if (!strcmp(argv[1], "tables") && argc == 2) {
        wq_emit_tables(&g);
    } else if (!strcmp(argv[1], "check")) {
        unsigned hits = 0;
        for (int i = 2; i < argc; i++)
            if (wq_check_file(&g, argv[i], &hits))
                rc = 2;
        if (!rc && hits)
            rc = 1;
    } else {
        rc = wq_usage();
    }
    if (fflush(stdout) || ferror(stdout)) {
        perror("wq_gen: stdout");
        rc = 2;
    }
    free(s);
    wq_free_gen(&g);
    return rc;
}
