/* asm_launch.c -- ".launch NAME ... .end" blocks: each fills the 16 words
 * of a launch descriptor, laid out by spec/launch.def (LDWORD, LDFIELD,
 * YPOLICY).  Names are kept in pass 1 (so counts and duplicates are known
 * early); the words are built in pass 2, when every label is known. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "asm_int.h"

#define FIELD_MAX(W, N) ((1u << (WQ_LDF_##W##_##N##_HI - WQ_LDF_##W##_##N##_LO + 1)) - 1u)
#define SET(L, W, N, v) set_field(&(L)->w[WQ_LD_##W], WQ_LDF_##W##_##N##_HI, \
                                  WQ_LDF_##W##_##N##_LO, (v))

/* every FLAGS field is a switch named after its LDFIELD row */
static const struct { unsigned word; const char *name; unsigned hi, lo; } ldfields[] = {
#define LDFIELD(w, n, hi, lo) {WQ_LD_##w, #n, hi, lo},
#include "../spec/launch.def"
#undef LDFIELD
};

static void set_field(uint32_t *w, unsigned hi, unsigned lo, uint32_t v)
{
    uint32_t mask = (uint32_t)WQ_FMASK(hi, lo);
    *w = (*w & ~mask) | ((v << lo) & mask);
}

static void defaults(wq_as_t *as, wq_launch_t *L)
{
    memset(L->w, 0, sizeof L->w);
    L->w[WQ_LD_CODE_BASE] = as->p->code_base;
    L->w[WQ_LD_GRID_X] = L->w[WQ_LD_GRID_Y] = L->w[WQ_LD_GRID_Z] = 1;
    L->w[WQ_LD_CTA_X] = 32;
    L->w[WQ_LD_CTA_Y] = L->w[WQ_LD_CTA_Z] = 1;
    L->w[WQ_LD_NREGS] = WQ_NUM_REGS;
    SET(L, YIELD, POLICY, WQ_YP_EVERY_N);
    SET(L, YIELD, PARAM, 1);
    SET(L, DEQUE, LOG2, 6);
    /* entry: label "main" if the program has one, else 0 */
    int m = wq__sym_find(as, "main");
    if (m >= 0 && as->p->syms[m].is_code)
        L->w[WQ_LD_START_PC] = as->p->syms[m].value;
}

static int val(wq_as_t *as, int64_t lo, int64_t hi, const char *what, uint32_t *out)
{
    uint64_t v;
    return wq__expr(as, &v) || wq__fit(as, v, lo, hi, what, out);
}

/* X[, Y[, Z]] into three consecutive words, missing ones 1 */
static int dims(wq_as_t *as, uint32_t *w, const char *what)
{
    w[0] = w[1] = w[2] = 1;
    for (int k = 0; k < 3; k++) {
        if (k && !wq__accept(as, ','))
            break;
        if (val(as, 1, UINT32_MAX, what, &w[k]))
            return -1;
    }
    return 0;
}

static int keyword(wq_as_t *as, char *buf, size_t cap, const char *dir)
{
    int n = wq__ident(as, buf, cap);
    if (n == 0)
        return wq__err(as, "'%s' needs a keyword", dir);
    return n < 0 ? -1 : 0;
}

static int yield(wq_as_t *as, wq_launch_t *L)
{
    char kw[WQ_AS_MAX_NAME + 1];
    uint32_t n, seed = 0;
    if (keyword(as, kw, sizeof kw, ".yield"))
        return -1;
    if (strcasecmp(kw, "off") == 0) {
        SET(L, YIELD, POLICY, WQ_YP_OFF);
        SET(L, YIELD, PARAM, 0);
    } else if (strcasecmp(kw, "every") == 0) {
        /* N = 2^width is written as 0 */
        if (val(as, 1, FIELD_MAX(YIELD, PARAM) + 1, "yield interval", &n))
            return -1;
        SET(L, YIELD, POLICY, WQ_YP_EVERY_N);
        SET(L, YIELD, PARAM, n & FIELD_MAX(YIELD, PARAM));
    } else if (strcasecmp(kw, "lfsr") == 0) {
        if (val(as, 0, FIELD_MAX(YIELD, PARAM), "yield threshold", &n))
            return -1;
        if (!wq__at_end(as)) {
            wq__accept(as, ',');                /* "lfsr T S" or "lfsr T, S" */
            if (val(as, 0, FIELD_MAX(YIELD, SEED), "lfsr seed", &seed))
                return -1;
        }
        SET(L, YIELD, POLICY, WQ_YP_LFSR);
        SET(L, YIELD, PARAM, n);
        SET(L, YIELD, SEED, seed);
    } else {
        return wq__err(as, "unknown yield policy '%s' (off, every N, lfsr T [SEED])", kw);
    }
    return 0;
}

static int wave(wq_as_t *as, wq_launch_t *L)
{
    char kw[WQ_AS_MAX_NAME + 1];
    uint32_t base = 0;
    if (keyword(as, kw, sizeof kw, ".wave"))
        return -1;
    if (strcasecmp(kw, "normal") == 0) {
        SET(L, WAVE, SUBV, 0);
    } else if (strcasecmp(kw, "subv") == 0) {
        if (!wq__at_end(as) &&
            val(as, 0, FIELD_MAX(WAVE, SHARED_BASE), "shared register base", &base))
            return -1;
        SET(L, WAVE, SUBV, 1);
    } else {
        return wq__err(as, "unknown wave mode '%s' (normal, subv [BASE])", kw);
    }
    SET(L, WAVE, SHARED_BASE, base);
    return 0;
}

static int flags(wq_as_t *as, wq_launch_t *L)
{
    char kw[WQ_AS_MAX_NAME + 1];
    do {
        size_t k;
        if (keyword(as, kw, sizeof kw, ".flags"))
            return -1;
        for (k = 0; k < sizeof ldfields / sizeof ldfields[0]; k++)
            if (ldfields[k].word == WQ_LD_FLAGS && strcasecmp(ldfields[k].name, kw) == 0)
                break;
        if (k == sizeof ldfields / sizeof ldfields[0])
            return wq__err(as, "unknown launch flag '%s'", kw);
        set_field(&L->w[WQ_LD_FLAGS], ldfields[k].hi, ldfields[k].lo, 1);
    } while (wq__accept(as, ','));
    return 0;
}

static int setting(wq_as_t *as, unsigned which, wq_launch_t *L)
{
    uint32_t v;
    switch (which) {
    case 0:
        return val(as, 0, WQ_PC_MASK, "entry", &L->w[WQ_LD_START_PC]);
    case 1:
        return dims(as, &L->w[WQ_LD_GRID_X], "grid dimension");
    case 2:
        return dims(as, &L->w[WQ_LD_CTA_X], "cta dimension");
    case 3:
        return val(as, 1, WQ_NUM_REGS, "register count", &L->w[WQ_LD_NREGS]);
    case 4:
        return val(as, INT32_MIN, UINT32_MAX, "parameter address", &L->w[WQ_LD_PARAM]);
    case 5:
        return yield(as, L);
    case 6:
        return wave(as, L);
    case 7:
        if (val(as, 2, FIELD_MAX(DEQUE, LOG2), "deque log2 size", &v))
            return -1;
        SET(L, DEQUE, LOG2, v);
        return 0;
    case 8:
        return flags(as, L);
    default:                             /* .local BASE, SIZE */
        if (val(as, INT32_MIN, UINT32_MAX, "local base", &L->w[WQ_LD_LOCAL_BASE]))
            return -1;
        if (!wq__accept(as, ','))
            return wq__err(as, "'.local' needs BASE, SIZE");
        return val(as, 0, UINT32_MAX, "local size", &L->w[WQ_LD_LOCAL_SIZE]);
    }
}

static const char *const settings[] = {".entry", ".grid", ".cta", ".regs", ".param",
                                       ".yield", ".wave", ".deque", ".flags", ".local"};
#define NSETTINGS (sizeof settings / sizeof settings[0])

static int open_block(wq_as_t *as)
{
    char name[WQ_AS_MAX_NAME + 1];
    wq_program_t *p = as->p;
    int n = wq__ident(as, name, sizeof name);
    if (n < 0)
        return -1;
    if (n == 0)
        return wq__err(as, "'.launch' needs a name");
    if (wq__end(as))
        return -1;
    if (as->in_launch)
        return wq__err(as, "'.launch' inside '.launch' (missing '.end'?)");
    if (as->pass == 1) {
        if (p->nlaunch >= WQ_ASM_MAX_LAUNCHES)
            return wq__err(as, "too many '.launch' blocks (max %u)", WQ_ASM_MAX_LAUNCHES);
        for (unsigned k = 0; k < p->nlaunch; k++)
            if (strcmp(p->launch[k].name, name) == 0)
                return wq__err(as, "duplicate launch '%s' (first at line %d)", name,
                               p->launch[k].line);
        p->launch[p->nlaunch].name = strdup(name);
        if (!p->launch[p->nlaunch].name)
            return wq__err(as, "out of memory");
        p->launch[p->nlaunch].line = as->line;
        as->launch_idx = p->nlaunch++;
    } else {
        as->launch_idx = as->launch_next++;
    }
    as->in_launch = 1;
    as->launch_line = as->line;
    as->launch_seen = 0;
    defaults(as, &p->launch[as->launch_idx]);
    return 0;
}

int wq__launch_dir(wq_as_t *as, const char *name)
{
    if (strcasecmp(name, ".launch") == 0)
        return open_block(as) ? -1 : 0;
    if (strcasecmp(name, ".end") == 0) {
        if (!as->in_launch)
            return wq__err(as, "'.end' without '.launch'");
        as->in_launch = 0;
        return wq__end(as) ? -1 : 0;
    }
    for (unsigned k = 0; k < NSETTINGS; k++) {
        if (strcasecmp(name, settings[k]) != 0)
            continue;
        if (!as->in_launch)
            return wq__err(as, "'%s' outside a '.launch' block", settings[k]);
        if (as->launch_seen & (1u << k))
            return wq__err(as, "'%s' given twice in this '.launch' block", settings[k]);
        as->launch_seen |= 1u << k;
        if (setting(as, k, &as->p->launch[as->launch_idx]) || wq__end(as))
            return -1;
        return 0;
    }
    return 1;
}

/* end of source: no open block; a program without blocks gets "main" */
int wq__launch_finish(wq_as_t *as)
{
    wq_program_t *p = as->p;
    if (as->in_launch) {
        as->line = as->launch_line;
        return wq__err(as, "'.launch %s' has no '.end'", p->launch[as->launch_idx].name);
    }
    if (as->pass == 2 && p->nlaunch == 0) {
        p->launch[0].name = strdup("main");
        if (!p->launch[0].name)
            return wq__err(as, "out of memory");
        p->launch[0].line = 0;
        p->nlaunch = 1;
        defaults(as, &p->launch[0]);
    }
    return 0;
}
