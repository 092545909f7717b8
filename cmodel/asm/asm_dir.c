/* asm_dir.c -- section, data, constant and check directives.
 * (.launch blocks are in asm_launch.c.)  Values that move later positions
 * are read with wq__expr_now: their symbols must be defined above. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "asm_int.h"

#define MAX_ALIGN 65536u
#define MAX_DUMP_WORDS (1u << 20)

static int need_data(wq_as_t *as, const char *dir)
{
    if (as->in_code)
        return wq__err(as, "'%s' outside a data section (use '.data ADDR')", dir);
    return 0;
}

/* memory words are read with aligned accesses: place them aligned */
static int need_word_aligned(wq_as_t *as, const char *dir)
{
    if (as->dpos & 3u)
        return wq__err(as, "'%s' at unaligned address 0x%08x (use '.align 4')", dir,
                       (uint32_t)as->dpos);
    return 0;
}

static int emit32(wq_as_t *as, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    return wq__data_emit(as, b, 4);
}

static int addr_now(wq_as_t *as, uint32_t *a)
{
    uint64_t v;
    return wq__expr_now(as, &v) || wq__fit(as, v, 0, UINT32_MAX, "address", a);
}

static int dir_code(wq_as_t *as)
{
    uint32_t a;
    if (addr_now(as, &a) || wq__end(as))
        return -1;
    if (as->pass == 1) {
        if (as->code_set)
            return wq__err(as, "'.code' given twice");
        if (as->pc)
            return wq__err(as, "'.code' after the first instruction");
        if (a & 7u)
            return wq__err(as, "code base 0x%08x is not 8-byte aligned", a);
        as->code_set = 1;
        as->p->code_base = a;
    }
    as->in_code = 1;
    return 0;
}

static int dir_data(wq_as_t *as)
{
    uint32_t a;
    if (wq__at_end(as)) {                 /* continue the last data segment */
        if (!as->seg)
            return wq__err(as, "'.data' without an address needs an earlier '.data ADDR'");
        as->in_code = 0;
        return 0;
    }
    if (addr_now(as, &a) || wq__end(as))
        return -1;
    return wq__data_open(as, a);
}

static int dir_word(wq_as_t *as)
{
    uint64_t v;
    uint32_t w;
    if (need_data(as, ".word") || need_word_aligned(as, ".word"))
        return -1;
    do {
        if (wq__expr(as, &v) || wq__fit32(as, v, "value", &w) || emit32(as, w))
            return -1;
    } while (wq__accept(as, ','));
    return wq__end(as);
}

/* in code: one raw instruction word (how illegal words disassemble) */
static int dir_dword(wq_as_t *as)
{
    uint64_t v;
    if (wq__expr(as, &v) || wq__end(as))
        return -1;
    if (as->in_code)
        return wq__emit_insn(as, v);
    if (need_word_aligned(as, ".dword"))
        return -1;
    return emit32(as, (uint32_t)v) || emit32(as, (uint32_t)(v >> 32));
}

static int dir_zero(wq_as_t *as)
{
    uint64_t v;
    uint32_t n;
    if (need_data(as, ".zero") || wq__expr_now(as, &v) ||
        wq__fit(as, v, 0, WQ_AS_MAX_IMAGE, "'.zero' size", &n) || wq__end(as))
        return -1;
    return wq__data_emit(as, NULL, n);
}

static int dir_fill(wq_as_t *as)
{
    uint64_t c, v;
    uint32_t n, w;
    if (need_data(as, ".fill") || need_word_aligned(as, ".fill") || wq__expr_now(as, &c) ||
        wq__fit(as, c, 0, WQ_AS_MAX_IMAGE / 4, "'.fill' count", &n) ||
        wq__expect(as, ',') || wq__expr(as, &v) || wq__fit32(as, v, "value", &w) ||
        wq__end(as))
        return -1;
    while (n--)
        if (emit32(as, w))
            return -1;
    return 0;
}

static int dir_align(wq_as_t *as)
{
    uint64_t v;
    uint32_t n;
    if (need_data(as, ".align") || wq__expr_now(as, &v) ||
        wq__fit(as, v, 1, MAX_ALIGN, "alignment", &n) || wq__end(as))
        return -1;
    if (n & (n - 1u))
        return wq__err(as, "alignment %u is not a power of two", n);
    return wq__data_align(as, n);
}

static int dir_equ(wq_as_t *as)
{
    char name[WQ_AS_MAX_NAME + 1];
    uint64_t v;
    uint32_t w;
    int n = wq__ident(as, name, sizeof name);
    if (n < 0)
        return -1;
    if (n == 0)
        return wq__err(as, "'.equ' needs a name");
    if (wq__expect(as, ',') || wq__expr_now(as, &v) || wq__fit32(as, v, "value", &w) ||
        wq__end(as))
        return -1;
    return as->pass == 1 ? wq__sym_def(as, name, w, -1) : 0;
}

static int add_expect(wq_as_t *as, wq_expect_t e)
{
    wq_program_t *p = as->p;
    if (p->nexpects == as->expcap) {
        unsigned nc = as->expcap ? as->expcap * 2 : 16;
        wq_expect_t *ne = realloc(p->expects, nc * sizeof *ne);
        if (!ne)
            return wq__err(as, "out of memory");
        p->expects = ne;
        as->expcap = nc;
    }
    e.line = as->line;
    p->expects[p->nexpects++] = e;
    return 0;
}

static int dir_expect(wq_as_t *as)
{
    uint64_t a, v;
    uint32_t addr, val;
    if (wq__expr(as, &a) || wq__fit(as, a, 0, UINT32_MAX, "address", &addr) ||
        wq__expect(as, ',') || wq__expr(as, &v) || wq__fit32(as, v, "value", &val) ||
        wq__end(as))
        return -1;
    if (as->pass == 1)
        return 0;
    if (addr & 3u)
        return wq__err(as, "'.expect' address 0x%08x is not word-aligned", addr);
    return add_expect(as, (wq_expect_t){.addr = addr, .value = val});
}

/* .expect_sum ADDR, BASE, STRIDE, COUNT (wq_expect_t) */
static int dir_expect_sum(wq_as_t *as)
{
    uint64_t a, b, st, n;
    uint32_t addr, base, stride, count;
    if (wq__expr(as, &a) || wq__fit(as, a, 0, UINT32_MAX, "address", &addr) ||
        wq__expect(as, ',') || wq__expr(as, &b) ||
        wq__fit(as, b, 0, UINT32_MAX, "base address", &base) || wq__expect(as, ',') ||
        wq__expr(as, &st) || wq__fit(as, st, 0, UINT32_MAX, "stride", &stride) ||
        wq__expect(as, ',') || wq__expr(as, &n) ||
        wq__fit(as, n, 1, WQ_EXPECT_MAX_SUM, "'.expect_sum' word count", &count) ||
        wq__end(as))
        return -1;
    if (as->pass == 1)
        return 0;
    if ((addr | base | stride) & 3u)
        return wq__err(as, "'.expect_sum' address, base and stride must be multiples of 4");
    if ((uint64_t)base + (uint64_t)stride * (count - 1) > UINT32_MAX - 3u)
        return wq__err(as, "'.expect_sum' range 0x%08x + %u x %u runs past 4 GiB", base,
                       count, stride);
    return add_expect(as, (wq_expect_t){.addr = addr, .base = base, .stride = stride,
                                        .count = count, .is_sum = 1});
}

static int dir_dump(wq_as_t *as)
{
    uint64_t a, v;
    uint32_t addr, words;
    char name[WQ_AS_MAX_NAME + 1] = "";
    wq_program_t *p = as->p;
    if (wq__expr(as, &a) || wq__fit(as, a, 0, UINT32_MAX, "address", &addr) ||
        wq__expect(as, ',') || wq__expr(as, &v) ||
        wq__fit(as, v, 1, MAX_DUMP_WORDS, "'.dump' word count", &words))
        return -1;
    if (wq__accept(as, ',') && wq__string(as, name, sizeof name))
        return -1;
    if (wq__end(as))
        return -1;
    if (as->pass == 1)
        return 0;
    if (addr & 3u)
        return wq__err(as, "'.dump' address 0x%08x is not word-aligned", addr);
    if (p->ndumps == as->dumpcap) {
        unsigned nc = as->dumpcap ? as->dumpcap * 2 : 8;
        wq_dump_t *nd = realloc(p->dumps, nc * sizeof *nd);
        if (!nd)
            return wq__err(as, "out of memory");
        p->dumps = nd;
        as->dumpcap = nc;
    }
    char *copy = name[0] ? strdup(name) : NULL;
    if (name[0] && !copy)
        return wq__err(as, "out of memory");
    p->dumps[p->ndumps++] = (wq_dump_t){addr, words, copy};
    return 0;
}

/* .wave_ctl auto|normal|subv [, WINDOW, THRESH]: WAVE_CTL.MODE, and the
 * control unit's window and threshold (csr.def; the defaults without them) */
static int dir_wave_ctl(wq_as_t *as)
{
    static const struct { const char *kw; uint32_t mode; } modes[] = {
        {"auto", WQ_CSRVAL_WAVE_MODE_AUTO}, {"normal", WQ_CSRVAL_WAVE_MODE_NORMAL},
        {"subv", WQ_CSRVAL_WAVE_MODE_SUBV},
    };
    const uint32_t nmax = (uint32_t)WQ_FMASK(WQ_CSRF_WAVE_WINDOW_N_HI, WQ_CSRF_WAVE_WINDOW_N_LO);
    char kw[16];
    uint64_t a, b;
    uint32_t win = WQ_CSRVAL_WAVE_WINDOW_DEFAULT, thr = WQ_CSRVAL_WAVE_THRESH_DEFAULT;
    if (wq__ident(as, kw, sizeof kw) <= 0)
        return wq__err(as, "'.wave_ctl' wants a mode (auto, normal, subv)");
    size_t k = 0;
    while (k < sizeof modes / sizeof modes[0] && strcasecmp(modes[k].kw, kw) != 0) k++;
    if (k == sizeof modes / sizeof modes[0])
        return wq__err(as, "unknown wave mode '%s' (auto, normal, subv)", kw);
    if (wq__accept(as, ',') &&
        (wq__expr_now(as, &a) || wq__fit(as, a, 0, nmax, "'.wave_ctl' window", &win) ||
         wq__expect(as, ',') || wq__expr_now(as, &b) ||
         wq__fit(as, b, 0, nmax, "'.wave_ctl' threshold", &thr)))
        return -1;
    if (wq__end(as))
        return -1;
    as->p->has_wave = 1;
    as->p->wave_ctl = modes[k].mode;
    as->p->wave_window = win;
    as->p->wave_thresh = thr;
    return 0;
}

static const struct {
    const char *name;
    int (*fn)(wq_as_t *);
    int moves;                  /* labels on its line take the new position */
} dirs[] = {
    {".code", dir_code, 1},   {".text", NULL, 1},         {".data", dir_data, 1},
    {".align", dir_align, 1}, {".word", dir_word, 0},     {".dword", dir_dword, 0},
    {".zero", dir_zero, 0},   {".fill", dir_fill, 0},     {".equ", dir_equ, 0},
    {".expect", dir_expect, 0}, {".expect_sum", dir_expect_sum, 0},
    {".dump", dir_dump, 0},     {".wave_ctl", dir_wave_ctl, 0},
};

int wq__moves_position(const char *name)
{
    for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++)
        if (strcasecmp(dirs[k].name, name) == 0)
            return dirs[k].moves;
    return 0;
}

int wq__directive(wq_as_t *as, const char *name)
{
    for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++) {
        if (strcasecmp(dirs[k].name, name) != 0)
            continue;
        if (!dirs[k].fn) {            /* .text */
            as->in_code = 1;
            return wq__end(as) ? -1 : 0;
        }
        return dirs[k].fn(as) ? -1 : 0;
    }
    return 1;
}
