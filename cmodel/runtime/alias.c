/* alias.c -- memory-reference metadata at clEnqueueNDRangeKernel
 * (docs/runtime.md "Alias metadata and recompilation", the seed
 * memory-reference-metadata).
 *
 * At enqueue the runtime knows every pointer argument's buffer: the region
 * an argument reaches is its buffer (or sub-buffer) from the pointer on.
 * For every pair of pointer arguments it classifies the two regions
 * (wq_cc_rel_classify): same region, partial overlap (start, end, bytes)
 * or disjoint (distance).  When every pair is the same region there is no
 * metadata and nothing is recompiled (the seed's rule).  Otherwise the
 * program's source is compiled again with the metadata for this kernel;
 * the compiler's alias pass unrolls the loops the metadata proves
 * independent (docs/compiler.md "Alias metadata").  Variants are cached on
 * the program by the metadata's key, which holds the kinds and where an
 * overlap lies in each region but not the addresses, so a second enqueue
 * with the same buffer relation -- the same buffers or others -- finds the
 * variant without compiling.  Each compilation appends the metadata and
 * the pass's decisions to the program's build log. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cl_int.h"

typedef struct wq_cl_variant {
    struct wq_cl_variant *next;
    char kernel[WQ_CC_NAME_MAX + 1];
    char *key;
    unsigned loops;                 /* loops the pass unrolled; 0: the program's own code runs */
    uint32_t code_addr;
    wq_cl_image_t img;
    const wq_cl_kinfo_t *ki;
} wq_cl_variant_t;

void wq_cl_alias_retire(cl_program p)
{
    /* a launch still queued may run a variant's code: it stays loaded until
     * the program goes, but no lookup finds it again (keys are never "") */
    for (wq_cl_variant_t *v = p->variants; v; v = v->next) v->key[0] = 0;
}

void wq_cl_alias_drop(cl_program p)
{
    while (p->variants) {
        wq_cl_variant_t *v = p->variants;
        p->variants = v->next;
        if (v->code_addr) wq_cl_heap_free(&p->ctx->dev->heap, v->code_addr);
        wq_cl_image_free(&v->img);
        free(v->key);
        free(v);
    }
}

static void log_append(cl_program p, const char *s)
{
    size_t a = p->log ? strlen(p->log) : 0, b = strlen(s);
    char *n = realloc(p->log, a + b + 1);
    if (!n) return;                 /* the log is advisory: the launch goes on */
    memcpy(n + a, s, b + 1);
    p->log = n;
}

enum { MAX_PTR = 32 };

/* the relations of k's pointer arguments; returns how many, *differ when
 * any pair is not the same region */
static unsigned relations(cl_kernel k, wq_cc_rel_t *rels, int *differ)
{
    const wq_cl_kinfo_t *ki = k->ki;
    unsigned idx[MAX_PTR], n = 0, nr = 0;
    for (uint32_t i = 0; i < ki->nargs && n < MAX_PTR; i++) {
        enum wq_cl_arg_kind kind = ki->args[i].kind;
        if ((kind == WQ_CL_ARG_GLOBAL || kind == WQ_CL_ARG_CONSTANT) && k->argv[i].mem) idx[n++] = i;
    }
    *differ = 0;
    for (unsigned x = 0; x < n; x++)
        for (unsigned y = x + 1; y < n; y++) {
            cl_mem a = k->argv[idx[x]].mem, b = k->argv[idx[y]].mem;
            if (wq_cc_rel_classify(idx[x], a->addr, a->size, idx[y], b->addr, b->size, &rels[nr]))
                continue;
            *differ |= rels[nr].kind != WQ_CC_REL_SAME;
            nr++;
        }
    return nr;
}

static cl_int load(cl_program p, wq_cl_variant_t *v)
{
    cl_device_id d = p->ctx->dev;
    if (wq_cl_heap_alloc(&d->heap, 8ull * v->img.ninsn, 8, &v->code_addr)) return CL_OUT_OF_RESOURCES;
    if (wq_drv_write(&d->drv, v->code_addr, v->img.code, 2 * v->img.ninsn)) return CL_OUT_OF_RESOURCES;
    return CL_SUCCESS;
}

static wq_cl_variant_t *compile(cl_kernel k, const char *key, const wq_cc_rel_t *rels, unsigned nr,
                                cl_int *rc)
{
    cl_program p = k->prog;
    wq_cl_variant_t *v = calloc(1, sizeof *v);
    char *explain = NULL;
    if (!v || !(v->key = strdup(key))) { free(v); *rc = CL_OUT_OF_HOST_MEMORY; return NULL; }
    snprintf(v->kernel, sizeof v->kernel, "%s", k->ki->name);
    *rc = wq_cl_build_variant(p, k->ki->name, rels, nr, &v->img, &v->loops, &explain);
    for (unsigned i = 0; !*rc && i < v->img.nkernels; i++)
        if (!strcmp(v->img.kernels[i].name, k->ki->name)) v->ki = &v->img.kernels[i];
    if (!*rc && !v->ki) *rc = CL_INVALID_KERNEL;
    if (!*rc && v->loops) *rc = load(p, v);
    char head[WQ_CC_NAME_MAX + 128];
    snprintf(head, sizeof head, "warpq: kernel %s: recompiled for its arguments' alias metadata: %u loop%s "
             "unrolled%s\n", v->kernel, v->loops, v->loops == 1 ? "" : "s",
             *rc ? " (failed: the program's own code runs)" : "");
    log_append(p, head);
    if (explain) log_append(p, explain);
    free(explain);
    p->recompiles++;
    if (*rc) {
        /* remembered all the same: the same relation does not compile again */
        if (v->code_addr) wq_cl_heap_free(&p->ctx->dev->heap, v->code_addr);
        v->code_addr = 0;
        v->loops = 0;
        *rc = CL_SUCCESS;
    }
    v->next = p->variants;
    p->variants = v;
    return v;
}

cl_int wq_cl_alias_select(cl_kernel k, const wq_cl_kinfo_t **ki, uint32_t *code)
{
    cl_program p = k->prog;
    *ki = k->ki;
    *code = p->code_addr;
    if ((!p->source && !p->nunits) || k->ki->nested || !wq_cl_build_alias_on(p->options)) return CL_SUCCESS;
    wq_cc_rel_t rels[MAX_PTR * (MAX_PTR - 1) / 2];
    int differ;
    unsigned nr = relations(k, rels, &differ);
    if (!differ) return CL_SUCCESS;         /* no metadata: the same region, or one pointer */
    char key[4096];
    size_t at = (size_t)snprintf(key, sizeof key, "%s|", k->ki->name);
    for (unsigned i = 0; i < nr && at < sizeof key; i++) at += (size_t)wq_cc_rel_key(&rels[i], key + at, sizeof key - at);
    if (at >= sizeof key) return CL_SUCCESS;
    wq_cl_variant_t *v = p->variants;
    while (v && strcmp(v->key, key)) v = v->next;
    if (!v) {
        cl_int rc;
        if (!(v = compile(k, key, rels, nr, &rc))) return rc;
    }
    if (v->loops) {
        *ki = v->ki;
        *code = v->code_addr;
    }
    return CL_SUCCESS;
}
