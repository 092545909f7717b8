/* l1.c -- the L1 data cache's behaviour (include/wq/mempath.h), the
 * reference of rtl/core/wq_l1.v cycle by cycle: which requests hit, which
 * go to memory with which id, where a fill installs.  It holds no data:
 * the bench checks data against its own memory image.
 *
 * One cycle's rules (the RTL's, docs/rtl/wq_l1.md): the request looks up
 * the state before the cycle; a write hit keeps its line (write-through,
 * no-write-allocate), an atomic invalidates it; a write or atomic poisons
 * every in-flight fill of its line (also one arriving in the same cycle),
 * an invalidate poisons all of them; a fill that is not poisoned installs
 * into the way already holding its line, else the lowest invalid way, else
 * the round-robin way (which then advances).  A read that misses while a
 * fill of its line is in flight (not answering this cycle) and not
 * poisoned merges into it: no memory request, answered by that fill. */
#include <string.h>
#include "wq/mempath.h"

static int pow2(unsigned v) { return v && !(v & (v - 1)); }
static unsigned log2u(unsigned v) { unsigned r = 0; while ((1u << r) < v) r++; return r; }

int wq_l1_init(wq_l1_t *c, unsigned sets, unsigned ways, unsigned line_bytes, unsigned ids)
{
    if (!c || !pow2(sets) || sets > 65536u || !pow2(ways) || ways > 16u ||
        sets * ways > WQ_L1_MAX_LINES || !pow2(line_bytes) || line_bytes < 4 ||
        line_bytes > 128 || !pow2(ids) || ids < 2 || ids > WQ_L1_MAX_IDS)
        return WQ_MP_E_PARAM;
    memset(c, 0, sizeof *c);
    c->sets = sets;
    c->ways = ways;
    c->line_bytes = line_bytes;
    c->ids = ids;
    c->lb = log2u(line_bytes);
    c->sb = log2u(sets);
    return WQ_MP_OK;
}

/* a free slot, which no merged read still to be answered takes its line
 * from (the RTL reads a merged read's line from its fill's slot) */
int wq_l1_can_take(const wq_l1_t *c)
{
    if (c->count >= c->ids) return 0;
    for (unsigned i = 0; i < c->ids; i++)
        if (c->slot[i].busy && c->slot[i].merged && c->slot[i].on == c->tail) return 0;
    return 1;
}

static int lookup(const wq_l1_t *c, uint32_t line, unsigned *way)
{
    unsigned set = line & (c->sets - 1);
    uint32_t tag = line >> c->sb;
    for (unsigned w = 0; w < c->ways; w++)
        if (c->valid[set * c->ways + w] && c->tag[set * c->ways + w] == tag) {
            *way = w;
            return 1;
        }
    return 0;
}

int wq_l1_present(const wq_l1_t *c, uint32_t addr, unsigned *way)
{
    unsigned w = 0;
    int p = lookup(c, addr >> c->lb, &w);
    if (way) *way = w;
    return p;
}

int wq_l1_cycle(wq_l1_t *c, const wq_l1_in_t *in, wq_l1_out_t *out)
{
    memset(out, 0, sizeof *out);
    if (in->req && !wq_l1_can_take(c)) return WQ_MP_E_PARAM;
    if (in->pop && (!c->count || c->slot[c->head].mem)) return WQ_MP_E_PARAM;
    if (in->resp && (in->resp_id >= c->ids || !c->slot[in->resp_id].mem ||
                     c->slot[in->resp_id].merged))
        return WQ_MP_E_PARAM;
    uint32_t rline = in->addr >> c->lb;
    unsigned hway = 0;
    int rhit = in->req && lookup(c, rline, &hway);     /* the state before */
    int rwr = in->req && in->op != WQ_MEMOP_LD;
    /* the fill a read miss merges into (the state before the cycle) */
    int merge = -1;
    if (in->req && !rwr && !rhit && !in->inval)
        for (unsigned i = 0; i < c->ids && merge < 0; i++) {
            const wq_l1_slot_t *s = &c->slot[i];
            if (s->busy && s->fill && s->mem && !s->poison && s->line == rline &&
                !(in->resp && in->resp_id == i))
                merge = (int)i;
        }

    /* the memory response: install unless poisoned (also by this cycle) */
    if (in->resp) {
        wq_l1_slot_t *s = &c->slot[in->resp_id];
        if (s->fill && !s->poison && !in->inval && !(rwr && rline == s->line)) {
            unsigned set = s->line & (c->sets - 1), w = 0, way;
            uint32_t tag = s->line >> c->sb;
            if (!lookup(c, s->line, &way)) {
                for (w = 0; w < c->ways && c->valid[set * c->ways + w]; w++) {}
                if (w < c->ways) way = w;
                else { way = c->rr; c->rr = (c->rr + 1) % c->ways; }
            }
            /* an atomic of this cycle invalidating the same way loses
             * to the install (a different line: the same one is poisoned) */
            c->valid[set * c->ways + way] = 1;
            c->tag[set * c->ways + way] = tag;
            out->installed = 1;
            out->way = way;
            if (in->req && in->op == WQ_MEMOP_AMO && rhit &&
                (rline & (c->sets - 1)) == set && hway == way)
                rhit = 0;                              /* nothing left to invalidate */
        }
        s->mem = 0;
        for (unsigned i = 0; i < c->ids; i++)     /* the reads merged into it */
            if (c->slot[i].busy && c->slot[i].merged && c->slot[i].mem &&
                c->slot[i].on == in->resp_id)
                c->slot[i].mem = 0;
    }
    /* the request */
    if (in->req) {
        if (in->op == WQ_MEMOP_LD) {
            if (rhit) c->hits++;
            else c->misses++;
            out->hit = rhit;
        } else {
            if (in->op == WQ_MEMOP_AMO && rhit)
                c->valid[(rline & (c->sets - 1)) * c->ways + hway] = 0;
            for (unsigned i = 0; i < c->ids; i++)
                if (c->slot[i].busy && c->slot[i].fill && c->slot[i].line == rline)
                    c->slot[i].poison = 1;
        }
    }
    if (in->inval) {
        memset(c->valid, 0, sizeof c->valid);
        for (unsigned i = 0; i < c->ids; i++) c->slot[i].poison = 1;
    }
    if (in->pop) {
        c->slot[c->head].busy = 0;
        c->head = (c->head + 1) % c->ids;
        c->count--;
    }
    if (in->req) {
        wq_l1_slot_t *s = &c->slot[c->tail];
        s->busy = 1;
        s->line = rline;
        s->poison = 0;
        s->merged = merge >= 0;
        s->on = merge >= 0 ? (uint8_t)merge : 0;
        s->fill = in->op == WQ_MEMOP_LD && !out->hit && !s->merged;
        s->mem = !(in->op == WQ_MEMOP_LD && out->hit);
        out->merged = s->merged;
        out->to_mem = s->mem && !s->merged;
        out->id = c->tail;
        c->tail = (c->tail + 1) % c->ids;
        c->count++;
    }
    return WQ_MP_OK;
}
