/* test_tables.c -- the .def tables themselves, and the name functions in
 * tables.c.  The tables are the single source of every encoding
 * (DESIGN §3), so a mistake in one (two rows with one code, overlapping
 * fields, a code too wide for the field that carries it) would be copied
 * faithfully into both the C model and the RTL; only a test on the tables
 * can catch it. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include "wq/defs.h"
#include "wq/token.h"

#define WQ_LEN(a) (sizeof(a) / sizeof((a)[0]))

typedef struct wq_trow {
    const char *name;
    uint64_t    code;
} wq_trow_t;

typedef struct wq_tfield {
    const char *group;      /* word / register the field lives in */
    const char *name;
    unsigned    hi, lo;
} wq_tfield_t;

/* ---- rows of every code table --------------------------------------------- */

static const wq_trow_t wq_t_trap[] = {
#define TRAP(n, c, r) {#n, WQ_TRAP_##n},
#include "../../cmodel/spec/trap.def"
#undef TRAP
};
static const wq_trow_t wq_t_cherr[] = {
#define CHERR(n, c) {#n, WQ_CHERR_##n},
#include "../../cmodel/spec/error.def"
#undef CHERR
};
static const wq_trow_t wq_t_toktype[] = {
#define TOKTYPE(n, c) {#n, WQ_TOK_##n},
#include "../../cmodel/spec/token.def"
#undef TOKTYPE
};
static const wq_trow_t wq_t_event[] = {
#define EVENT(n, c) {#n, WQ_EV_##n},
#include "../../cmodel/spec/event.def"
#undef EVENT
};
static const wq_trow_t wq_t_chstate[] = {
#define CHSTATE(n, c) {#n, WQ_CH_##n},
#include "../../cmodel/spec/csr.def"
#undef CHSTATE
};
static const wq_trow_t wq_t_semop[] = {
#define SEMOP(n, c) {#n, WQ_SEMOP_##n},
#include "../../cmodel/spec/sem.def"
#undef SEMOP
};
static const wq_trow_t wq_t_semred[] = {
#define SEMRED(n, c) {#n, WQ_SEMRED_##n},
#include "../../cmodel/spec/sem.def"
#undef SEMRED
};
static const wq_trow_t wq_t_insn[] = {
#define INSN(n, c, f, fl) {#n, WQ_OP_##n},
#include "../../cmodel/spec/isa.def"
#undef INSN
};
static const wq_trow_t wq_t_cmp[] = {
#define CMP(n, c) {#n, WQ_CMP_##n},
#include "../../cmodel/spec/isa_enums.def"
#undef CMP
};
static const wq_trow_t wq_t_atomop[] = {
#define ATOMOP(n, c) {#n, WQ_ATOM_##n},
#include "../../cmodel/spec/isa_enums.def"
#undef ATOMOP
};
static const wq_trow_t wq_t_rm[] = {
#define RM(n, c) {#n, WQ_RM_##n},
#include "../../cmodel/spec/isa_enums.def"
#undef RM
};
static const wq_trow_t wq_t_fclass[] = {
#define FCLASS(n, b) {#n, WQ_FCLASS_##n},
#include "../../cmodel/spec/isa_enums.def"
#undef FCLASS
};
static const wq_trow_t wq_t_memw[] = {
#define MEMW(n, c, w, b, s, st) {#n, WQ_MEMW_##n},
#include "../../cmodel/spec/isa_enums.def"
#undef MEMW
};
static const wq_trow_t wq_t_sreg[] = {
#define SREG(n, c) {#n, WQ_SR_##n},
#include "../../cmodel/spec/isa_enums.def"
#undef SREG
};
static const wq_trow_t wq_t_gpctl[] = {
#define GPCTL(n, c) {#n, WQ_GPCTL_##n},
#include "../../cmodel/spec/gp.def"
#undef GPCTL
};
static const wq_trow_t wq_t_secop[] = {
#define SECOP(n, c, l) {#n, WQ_SECOP_##n},
#include "../../cmodel/spec/method.def"
#undef SECOP
};
static const wq_trow_t wq_t_method[] = {
#define METHOD(n, off) {#n, WQ_M_##n},
#include "../../cmodel/spec/method.def"
#undef METHOD
};
static const wq_trow_t wq_t_ldword[] = {
#define LDWORD(n, i) {#n, WQ_LD_##n},
#include "../../cmodel/spec/launch.def"
#undef LDWORD
};
static const wq_trow_t wq_t_ypolicy[] = {
#define YPOLICY(n, c) {#n, WQ_YP_##n},
#include "../../cmodel/spec/launch.def"
#undef YPOLICY
};
static const wq_trow_t wq_t_csr[] = {
#define CSR(n, off, acc) {#n, WQ_CSR_##n},
#include "../../cmodel/spec/csr.def"
#undef CSR
};
static const wq_trow_t wq_t_chcsr[] = {
#define CHCSR(n, off, acc) {#n, WQ_CHCSR_##n},
#include "../../cmodel/spec/csr.def"
#undef CHCSR
};
static const wq_trow_t wq_t_irq[] = {
#define IRQ(n, b) {#n, WQ_IRQ_##n},
#include "../../cmodel/spec/csr.def"
#undef IRQ
};
static const wq_trow_t wq_t_dbgcmd[] = {
#define DBGCMD(n, c) {#n, WQ_DBGCMD_##n},
#include "../../cmodel/spec/csr.def"
#undef DBGCMD
};
static const wq_trow_t wq_t_swreason[] = {
#define SWREASON(n, c) {#n, WQ_SW_##n},
#include "../../cmodel/spec/switch.def"
#undef SWREASON
};

/* ---- rows of every field table ---------------------------------------------- */

static const wq_tfield_t wq_f_isa[] = {
#define FIELD(n, hi, lo) {"insn", #n, WQ_F_##n##_HI, WQ_F_##n##_LO},
#include "../../cmodel/spec/isa_fields.def"
#undef FIELD
};
static const wq_tfield_t wq_f_token[] = {
#define TOKFIELD(n, hi, lo) {"token", #n, WQ_TF_##n##_HI, WQ_TF_##n##_LO},
#include "../../cmodel/spec/token.def"
#undef TOKFIELD
};
static const wq_tfield_t wq_f_mh[] = {
#define MHFIELD(n, hi, lo) {"header", #n, WQ_MH_##n##_HI, WQ_MH_##n##_LO},
#include "../../cmodel/spec/method.def"
#undef MHFIELD
};
static const wq_tfield_t wq_f_gp[] = {
#define GPFIELD(n, w, hi, lo) {"word" #w, #n, WQ_GP_##n##_HI, WQ_GP_##n##_LO},
#include "../../cmodel/spec/gp.def"
#undef GPFIELD
};
static const wq_tfield_t wq_f_sem[] = {
#define SEMFIELD(n, hi, lo) {"SEM_EXECUTE", #n, WQ_SEMF_##n##_HI, WQ_SEMF_##n##_LO},
#include "../../cmodel/spec/sem.def"
#undef SEMFIELD
};
static const wq_tfield_t wq_f_launch[] = {
#define LDFIELD(w, n, hi, lo) {#w, #n, WQ_LDF_##w##_##n##_HI, WQ_LDF_##w##_##n##_LO},
#include "../../cmodel/spec/launch.def"
#undef LDFIELD
};
static const wq_tfield_t wq_f_csr[] = {
#define CSRFIELD(r, n, hi, lo) {#r, #n, WQ_CSRF_##r##_##n##_HI, WQ_CSRF_##r##_##n##_LO},
#include "../../cmodel/spec/csr.def"
#undef CSRFIELD
};

/* ---- helpers --------------------------------------------------------------- */

/* no two rows of one table share a code or a name */
static void wq_unique(const char *table, const wq_trow_t *r, size_t n)
{
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            cr_expect(r[i].code != r[j].code,
                      "%s: %s and %s share code 0x%llx", table, r[i].name,
                      r[j].name, (unsigned long long)r[i].code);
            cr_expect(strcmp(r[i].name, r[j].name) != 0,
                      "%s: name %s appears twice", table, r[i].name);
        }
}

/* every code fits a field of `width` bits */
static void wq_fits(const char *table, const wq_trow_t *r, size_t n,
                    unsigned width)
{
    for (size_t i = 0; i < n; i++)
        cr_expect(width >= 64 || (r[i].code >> width) == 0,
                  "%s: %s = 0x%llx does not fit %u bits", table, r[i].name,
                  (unsigned long long)r[i].code, width);
}

/* Fields grouped by word/register: each lies in bits nbits-1..0, none
 * overlaps another of its group, and with `tile` each group covers every
 * bit exactly once. */
static void wq_fields(const char *table, const wq_tfield_t *f, size_t n,
                      unsigned nbits, int tile)
{
    const uint64_t all = nbits >= 64 ? ~(uint64_t)0
                                     : (((uint64_t)1 << nbits) - 1);
    for (size_t i = 0; i < n; i++) {
        cr_assert(f[i].hi >= f[i].lo && f[i].hi < nbits,
                  "%s: %s.%s is %u:%u, outside %u..0", table, f[i].group,
                  f[i].name, f[i].hi, f[i].lo, nbits - 1);
        int first = 1;              /* check each group at its first row */
        for (size_t k = 0; k < i; k++)
            first &= strcmp(f[k].group, f[i].group) != 0;
        if (!first)
            continue;
        uint64_t covered = 0;
        for (size_t j = i; j < n; j++) {
            if (strcmp(f[j].group, f[i].group))
                continue;
            cr_assert(f[j].hi >= f[j].lo && f[j].hi < nbits,
                      "%s: %s.%s is %u:%u, outside %u..0", table, f[j].group,
                      f[j].name, f[j].hi, f[j].lo, nbits - 1);
            uint64_t m = WQ_FMASK(f[j].hi, f[j].lo);
            for (size_t k = i; k < j; k++)
                if (!strcmp(f[k].group, f[i].group))
                    cr_expect((WQ_FMASK(f[k].hi, f[k].lo) & m) == 0,
                              "%s: %s.%s (%u:%u) overlaps %s (%u:%u)", table,
                              f[j].group, f[j].name, f[j].hi, f[j].lo,
                              f[k].name, f[k].hi, f[k].lo);
            covered |= m;
        }
        if (tile)
            cr_expect(covered == all,
                      "%s: fields of %s leave bits 0x%llx uncovered", table,
                      f[i].group, (unsigned long long)(all & ~covered));
    }
}

typedef const char *(*wq_namefn)(unsigned);

/* every row's name comes back, and every other code -- the holes between
 * rows, codes past the last row, and huge values -- gives "?" */
static void wq_names(const char *table, wq_namefn fn, const wq_trow_t *r,
                     size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const char *s = fn((unsigned)r[i].code);
        cr_assert_not_null(s, "%s(%s) is NULL", table, r[i].name);
        cr_expect_str_eq(s, r[i].name, "%s(%llu)", table,
                         (unsigned long long)r[i].code);
    }
    static const unsigned far[] = { 256u, 4096u, 65535u, 65536u,
                                    0x7FFFFFFFu, 0x80000000u, UINT_MAX - 1,
                                    UINT_MAX };
    for (unsigned k = 0; k < 4096u + WQ_LEN(far); k++) {
        unsigned code = k < 4096u ? k : far[k - 4096u];
        int is_row = 0;
        for (size_t i = 0; i < n; i++)
            is_row |= r[i].code == code;
        if (is_row)
            continue;
        const char *s = fn(code);
        cr_assert_not_null(s, "%s(%u) is NULL", table, code);
        cr_expect_str_eq(s, "?", "%s(%u) should be \"?\"", table, code);
    }
}

#define WQ_W(hi, lo) ((hi) - (lo) + 1)

/* ---- tests ------------------------------------------------------------------- */

Test(tables, names_round_trip)
{
    wq_names("wq_trap_name", wq_trap_name, wq_t_trap, WQ_LEN(wq_t_trap));
    wq_names("wq_cherr_name", wq_cherr_name, wq_t_cherr, WQ_LEN(wq_t_cherr));
    wq_names("wq_toktype_name", wq_toktype_name, wq_t_toktype,
             WQ_LEN(wq_t_toktype));
    wq_names("wq_event_name", wq_event_name, wq_t_event, WQ_LEN(wq_t_event));
    wq_names("wq_chstate_name", wq_chstate_name, wq_t_chstate,
             WQ_LEN(wq_t_chstate));
    wq_names("wq_semop_name", wq_semop_name, wq_t_semop, WQ_LEN(wq_t_semop));
    wq_names("wq_semred_name", wq_semred_name, wq_t_semred,
             WQ_LEN(wq_t_semred));
}

Test(tables, out_of_range_is_question_mark)
{
    /* spot checks on top of the sweep in names_round_trip */
    cr_expect_str_eq(wq_trap_name(UINT_MAX), "?");
    cr_expect_str_eq(wq_cherr_name(256), "?");
    cr_expect_str_eq(wq_toktype_name(16), "?");
    cr_expect_str_eq(wq_event_name(0), "?");       /* events start at 1 */
    cr_expect_str_eq(wq_chstate_name(14), "?");    /* hole below ERROR  */
    cr_expect_str_eq(wq_semop_name(7), "?");       /* OPERATION 7: error */
    cr_expect_str_eq(wq_semred_name(8), "?");      /* 8..15 unsupported */
}

Test(tables, codes_unique)
{
#define WQ_U(t) wq_unique(#t, t, WQ_LEN(t))
    WQ_U(wq_t_trap);
    WQ_U(wq_t_cherr);
    WQ_U(wq_t_toktype);
    WQ_U(wq_t_event);
    WQ_U(wq_t_chstate);
    WQ_U(wq_t_semop);
    WQ_U(wq_t_semred);
    WQ_U(wq_t_insn);
    WQ_U(wq_t_cmp);
    WQ_U(wq_t_atomop);
    WQ_U(wq_t_rm);
    WQ_U(wq_t_fclass);
    WQ_U(wq_t_memw);
    WQ_U(wq_t_sreg);
    WQ_U(wq_t_gpctl);
    WQ_U(wq_t_secop);
    WQ_U(wq_t_method);
    WQ_U(wq_t_ldword);
    WQ_U(wq_t_ypolicy);
    WQ_U(wq_t_chcsr);
    WQ_U(wq_t_irq);
    WQ_U(wq_t_dbgcmd);
    WQ_U(wq_t_swreason);
#undef WQ_U
}

/* every CSR row is a register: unique, aligned, below the channel area;
 * channel registers fit inside one stride (CSRVAL CHAN_BASE/CHAN_STRIDE). */
Test(tables, csr_map)
{
    wq_trow_t regs[WQ_LEN(wq_t_csr)];
    size_t n = 0;
    for (size_t i = 0; i < WQ_LEN(wq_t_csr); i++) regs[n++] = wq_t_csr[i];
    wq_unique("wq_t_csr (registers)", regs, n);
    for (size_t i = 0; i < n; i++) {
        cr_expect(regs[i].code % 4 == 0, "CSR %s at 0x%llx is not word aligned",
                  regs[i].name, (unsigned long long)regs[i].code);
        cr_expect(regs[i].code < WQ_CSRVAL_CHAN_BASE,
                  "CSR %s at 0x%llx is inside the channel window",
                  regs[i].name, (unsigned long long)regs[i].code);
    }
    for (size_t i = 0; i < WQ_LEN(wq_t_chcsr); i++) {
        cr_expect(wq_t_chcsr[i].code % 4 == 0, "CHCSR %s not word aligned",
                  wq_t_chcsr[i].name);
        cr_expect(wq_t_chcsr[i].code < WQ_CSRVAL_CHAN_STRIDE,
                  "CHCSR %s at 0x%llx is past CHAN_STRIDE", wq_t_chcsr[i].name,
                  (unsigned long long)wq_t_chcsr[i].code);
    }
    cr_expect(WQ_CSRVAL_CHAN_STRIDE % 4 == 0 && WQ_CSRVAL_CHAN_STRIDE > 0);
    wq_fits("wq_t_irq", wq_t_irq, WQ_LEN(wq_t_irq), 5);   /* bit of a 32-bit reg */
}

Test(tables, codes_fit_their_fields)
{
    wq_fits("wq_t_insn", wq_t_insn, WQ_LEN(wq_t_insn),
            WQ_W(WQ_F_OP_HI, WQ_F_OP_LO));
    wq_fits("wq_t_cmp", wq_t_cmp, WQ_LEN(wq_t_cmp),
            WQ_W(WQ_F_FN_HI, WQ_F_FN_LO));
    wq_fits("wq_t_atomop", wq_t_atomop, WQ_LEN(wq_t_atomop),
            WQ_W(WQ_F_FN_HI, WQ_F_FN_LO));
    wq_fits("wq_t_memw", wq_t_memw, WQ_LEN(wq_t_memw),
            WQ_W(WQ_F_FN_HI, WQ_F_FN_LO));
    wq_fits("wq_t_rm", wq_t_rm, WQ_LEN(wq_t_rm), WQ_W(WQ_F_FN_HI, WQ_F_FN_LO));
    /* a bit number of FCLASS's 32-bit result */
    wq_fits("wq_t_fclass", wq_t_fclass, WQ_LEN(wq_t_fclass), 5);
    wq_fits("wq_t_toktype", wq_t_toktype, WQ_LEN(wq_t_toktype),
            WQ_W(WQ_TF_TYPE_HI, WQ_TF_TYPE_LO));
    wq_fits("wq_t_gpctl", wq_t_gpctl, WQ_LEN(wq_t_gpctl),
            WQ_W(WQ_GP_CTLOP_HI, WQ_GP_CTLOP_LO));
    wq_fits("wq_t_secop", wq_t_secop, WQ_LEN(wq_t_secop),
            WQ_W(WQ_MH_SEC_OP_HI, WQ_MH_SEC_OP_LO));
    wq_fits("wq_t_semop", wq_t_semop, WQ_LEN(wq_t_semop),
            WQ_W(WQ_SEMF_OPERATION_HI, WQ_SEMF_OPERATION_LO));
    wq_fits("wq_t_semred", wq_t_semred, WQ_LEN(wq_t_semred),
            WQ_W(WQ_SEMF_REDUCTION_HI, WQ_SEMF_REDUCTION_LO));
    wq_fits("wq_t_ypolicy", wq_t_ypolicy, WQ_LEN(wq_t_ypolicy),
            WQ_W(WQ_LDF_YIELD_POLICY_HI, WQ_LDF_YIELD_POLICY_LO));
    wq_fits("wq_t_chstate", wq_t_chstate, WQ_LEN(wq_t_chstate),
            WQ_W(WQ_CSRF_STATUS_STATE_HI, WQ_CSRF_STATUS_STATE_LO));
    wq_fits("wq_t_cherr", wq_t_cherr, WQ_LEN(wq_t_cherr),
            WQ_W(WQ_CSRF_STATUS_ERROR_HI, WQ_CSRF_STATUS_ERROR_LO));
    /* a method's dword address must fit the header's ADDRESS field */
    for (size_t i = 0; i < WQ_LEN(wq_t_method); i++) {
        cr_expect(wq_t_method[i].code % 4 == 0, "method %s not word aligned",
                  wq_t_method[i].name);
        cr_expect((wq_t_method[i].code >> 2) >>
                      WQ_W(WQ_MH_ADDRESS_HI, WQ_MH_ADDRESS_LO) == 0,
                  "method %s does not fit ADDRESS", wq_t_method[i].name);
    }
    for (size_t i = 0; i < WQ_LEN(wq_t_ldword); i++)
        cr_expect(wq_t_ldword[i].code < WQ_LD_WORDS,
                  "launch word %s past the descriptor", wq_t_ldword[i].name);
    /* token types with a presence bit must find one in PRESENCE */
    cr_expect(WQ_PRESENCE_TYPES <=
              WQ_W(WQ_TF_PRESENCE_HI, WQ_TF_PRESENCE_LO));
}

Test(tables, fields_tile_and_do_not_overlap)
{
    wq_fields("isa_fields.def", wq_f_isa, WQ_LEN(wq_f_isa), 64, 1);
    wq_fields("token.def", wq_f_token, WQ_LEN(wq_f_token), 64, 1);
    wq_fields("method.def", wq_f_mh, WQ_LEN(wq_f_mh), 32, 1);
    wq_fields("gp.def", wq_f_gp, WQ_LEN(wq_f_gp), 32, 0);
    wq_fields("sem.def", wq_f_sem, WQ_LEN(wq_f_sem), 32, 0);
    wq_fields("launch.def", wq_f_launch, WQ_LEN(wq_f_launch), 32, 0);
    wq_fields("csr.def", wq_f_csr, WQ_LEN(wq_f_csr), 32, 0);
    for (size_t i = 0; i < WQ_LEN(wq_f_gp); i++)
        cr_expect(!strcmp(wq_f_gp[i].group, "word0") ||
                  !strcmp(wq_f_gp[i].group, "word1"));
}
