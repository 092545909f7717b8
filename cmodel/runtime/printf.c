/* printf.c -- a launch's printf output (docs/runtime.md "printf"): the
 * records the kernel wrote into its printf buffer (kabi.def KPRINTF),
 * printed on the host in record order with the C library.
 *
 * Each record names its format by id in the program's string table; the
 * format's pieces (wq_cc_printf_piece, the grammar the compiler checked
 * the call with) say how many argument words follow and how to print them.
 * Every conversion is rebuilt from its parsed parts (flags, width,
 * precision) around the host's own length modifier, so nothing of a
 * format reaches the host's printf unchecked.  A record that disagrees with
 * its format (a binary from elsewhere, a kernel that overwrote the buffer)
 * ends the output with a message on stderr: the host never reads past the
 * buffer or a string. */
#include <stdio.h>
#include <string.h>
#include "cl_int.h"

typedef struct {
    const uint32_t *w;              /* the record's argument words          */
    uint32_t n, at;                 /* their count, the next one            */
} args_t;

static int next_word(args_t *a, uint32_t *v)
{
    if (a->at >= a->n) return -1;
    *v = a->w[a->at++];
    return 0;
}

/* "%" flags width .prec LEN CONV into f */
static void spec(char *f, size_t n, const wq_cc_pf_t *pf, const char *len, char conv)
{
    int k = snprintf(f, n, "%%%s", pf->flags);
    if (pf->width >= 0) k += snprintf(f + k, n - (size_t)k, "%d", pf->width);
    if (pf->prec >= 0) k += snprintf(f + k, n - (size_t)k, ".%d", pf->prec);
    snprintf(f + k, n - (size_t)k, "%s%c", len, conv);
}

/* one scalar of conversion pf (a vector's component: size its element's
 * bytes) from the words; 0, or -1 when the record is short or wrong */
static int one(FILE *out, const wq_cl_image_t *img, const wq_cc_pf_t *pf, args_t *a)
{
    char f[48], buf[2 * WQ_CC_PRINTF_STR_MAX + 64];
    uint32_t lo, hi = 0;
    if (next_word(a, &lo)) return -1;
    char c = pf->conv;
    switch (c) {
    case 'd': case 'i': case 'o': case 'u': case 'x': case 'X': {
        if (pf->size == 8 && next_word(a, &hi)) return -1;
        uint64_t v = (uint64_t)hi << 32 | lo;
        int sgn = c == 'd' || c == 'i';
        if (pf->size == 1) v = sgn ? (uint64_t)(int64_t)(int8_t)lo : (uint8_t)lo;
        else if (pf->size == 2) v = sgn ? (uint64_t)(int64_t)(int16_t)lo : (uint16_t)lo;
        else if (pf->size != 8) v = sgn ? (uint64_t)(int64_t)(int32_t)lo : lo;
        spec(f, sizeof f, pf, "ll", c);
        if (sgn) snprintf(buf, sizeof buf, f, (long long)v);
        else snprintf(buf, sizeof buf, f, (unsigned long long)v);
        break;
    }
    case 'c':
        spec(f, sizeof f, pf, "", 'c');
        snprintf(buf, sizeof buf, f, (int)(unsigned char)lo);
        break;
    case 's':
        if (lo >= img->nstrs || !img->strs[lo]) return -1;
        spec(f, sizeof f, pf, "", 's');
        snprintf(buf, sizeof buf, f, img->strs[lo]);
        break;
    case 'p':
        spec(f, sizeof f, pf, "", 'p');
        snprintf(buf, sizeof buf, f, (void *)(uintptr_t)lo);
        break;
    default: {                      /* f F e E g G a A: binary32 bits */
        float x;
        memcpy(&x, &lo, 4);
        spec(f, sizeof f, pf, "", c);
        snprintf(buf, sizeof buf, f, (double)x);
        break;
    }
    }
    fputs(buf, out);
    return 0;
}

/* one record: its format's pieces with its argument words; 0, or -1 */
static int record(FILE *out, const wq_cl_image_t *img, const char *fmt, args_t *a)
{
    size_t pos = 0, len = strlen(fmt);
    wq_cc_pf_t pf;
    const char *err;
    int r;
    while ((r = wq_cc_printf_piece(fmt, len, &pos, &pf, &err)) == 1) {
        if (!pf.conv) { fwrite(fmt + pf.at, 1, pf.len, out); continue; }
        if (pf.conv == '%') { fputc('%', out); continue; }
        /* a vector: its components with the one conversion, joined by ',' */
        unsigned n = pf.vec ? pf.vec : 1;
        if (pf.vec && !pf.size) pf.size = 4;
        for (unsigned i = 0; i < n; i++) {
            if (i) fputc(',', out);
            if (one(out, img, &pf, a)) return -1;
        }
    }
    return r < 0 || a->at != a->n ? -1 : 0;
}

int wq_cl_printf_output(FILE *out, const wq_cl_image_t *img, const uint32_t *buf, uint32_t words,
                        const char *kernel)
{
    uint32_t used = buf[WQ_PRINTF_CURSOR];
    uint32_t cap = words - WQ_PRINTF_HEADER;
    const uint32_t *rec = buf + WQ_PRINTF_HEADER;
    uint32_t end = used < cap ? used : cap;
    int rc = 0;
    uint32_t at = 0;
    while (at < end) {
        uint32_t id = rec[at + WQ_PRINTF_REC_ID];
        uint32_t n = at + WQ_PRINTF_REC_WORDS < end ? rec[at + WQ_PRINTF_REC_WORDS] : 0;
        /* the buffer is zeroed at launch: a record that did not fit was
         * never written, and the ones after it do not fit either */
        if (used > cap && n == 0) break;
        args_t a = { rec + at + WQ_PRINTF_REC_ARGS, n - WQ_PRINTF_REC_ARGS, 0 };
        if (n < WQ_PRINTF_REC_ARGS || n > end - at || id >= img->nstrs || !img->strs[id] ||
            record(out, img, img->strs[id], &a)) {
            fflush(out);
            fprintf(stderr, "warpq: kernel %s: the printf record at word %u of the printf buffer does not "
                    "match its format: the rest of the output is dropped\n", kernel, at);
            rc = -1;
            break;
        }
        at += n;
    }
    fflush(out);
    if (used > cap && !rc)
        fprintf(stderr, "warpq: kernel %s: printf buffer full (CL_DEVICE_PRINTF_BUFFER_SIZE %u bytes): "
                "%u of %u words of records dropped\n", kernel, (unsigned)WQ_PRINTF_BYTES, used - at, used);
    return rc;
}
