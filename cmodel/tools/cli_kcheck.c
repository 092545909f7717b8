/* cli_kcheck.c -- the `//@ check NAME ARG...` verdicts of a kernel file
 * (kfile.h): each recomputes on the host what the kernel should have
 * produced (or the invariant a lock kernel must keep) from the buffers'
 * initial and final contents, prints the first difference and returns 1, or
 * returns 0.  A check naming a missing or non-buffer argument, or a size
 * its buffers do not have, is a failed check, never an out-of-bounds read. */
#include <stdlib.h>
#include <string.h>
#include "kfile.h"

/* argument IDX as a buffer, or NULL with a message */
static const wq_kf_arg_t *chk_buf(FILE *o, const wq_kf_arg_t *args, int na, int idx)
{
    if (idx < 0 || idx >= na || args[idx].kind != WQ_KF_BUF) {
        fprintf(o, "check: argument %d is not a buffer\n", idx);
        return NULL;
    }
    return &args[idx];
}

static int chk_scan(FILE *o, const wq_kf_arg_t *in, const wq_kf_arg_t *out, size_t seg)
{
    uint32_t sum = 0;
    for (size_t i = 0; i < in->count && i < out->count; i++) {
        if (seg && i % seg == 0) sum = 0;
        sum += wq_kf_get0(in, i);
        if (wq_kf_get(out, i) != sum) {
            fprintf(o, "check scan: [%zu] = 0x%x, the prefix sum is 0x%x\n", i, wq_kf_get(out, i), sum);
            return 1;
        }
    }
    return 0;
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static int chk_sorted(FILE *o, const wq_kf_arg_t *in, const wq_kf_arg_t *out, size_t seg)
{
    size_t n = out->count;
    if (!seg) seg = n;
    if (in->count != n) { fprintf(o, "check sorted: sizes differ\n"); return 1; }
    uint32_t *a = malloc(n * 4 + 4), *b = malloc(n * 4 + 4);
    if (!a || !b) { free(a); free(b); fprintf(o, "check sorted: out of memory\n"); return 1; }
    for (size_t i = 0; i < n; i++) { a[i] = wq_kf_get0(in, i); b[i] = wq_kf_get(out, i); }
    int bad = 0;
    for (size_t i = 1; i < n && !bad; i++)
        if (i % seg && b[i - 1] > b[i]) { fprintf(o, "check sorted: [%zu] = 0x%x > [%zu] = 0x%x\n", i - 1, b[i - 1], i, b[i]); bad = 1; }
    for (size_t s = 0; s < n; s += seg) {
        qsort(a + s, n - s < seg ? n - s : seg, 4, cmp_u32);
        qsort(b + s, n - s < seg ? n - s : seg, 4, cmp_u32);
    }
    for (size_t i = 0; i < n && !bad; i++)
        if (a[i] != b[i]) { fprintf(o, "check sorted: not a permutation of the input (at %zu)\n", i); bad = 1; }
    free(a);
    free(b);
    return bad;
}

static int chk_matmul(FILE *o, const wq_kf_arg_t *a, const wq_kf_arg_t *b, const wq_kf_arg_t *c, size_t n)
{
    if (n > 4096 || a->count < n * n || b->count < n * n || c->count < n * n) { fprintf(o, "check matmul: buffers too small\n"); return 1; }
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++) {
            uint32_t s = 0;
            for (size_t k = 0; k < n; k++) s += wq_kf_get0(a, i * n + k) * wq_kf_get0(b, k * n + j);
            if (wq_kf_get(c, i * n + j) != s) {
                fprintf(o, "check matmul: C[%zu][%zu] = 0x%x, expected 0x%x\n", i, j, wq_kf_get(c, i * n + j), s);
                return 1;
            }
        }
    return 0;
}

static int chk_bfs(FILE *o, const wq_kf_arg_t *row, const wq_kf_arg_t *col, const wq_kf_arg_t *dist, size_t src)
{
    size_t nv = row->count - 1;
    if (dist->count < nv || src >= nv) { fprintf(o, "check bfs: bad sizes\n"); return 1; }
    uint32_t *lv = malloc(nv * 4), *queue = malloc(nv * 4);
    if (!lv || !queue) { free(lv); free(queue); fprintf(o, "check bfs: out of memory\n"); return 1; }
    for (size_t v = 0; v < nv; v++) lv[v] = 0xffffffffu;
    size_t head = 0, tail = 0;
    lv[src] = 0;
    queue[tail++] = (uint32_t)src;
    while (head < tail) {
        uint32_t u = queue[head++];
        for (uint32_t e = wq_kf_get0(row, u); e < wq_kf_get0(row, u + 1) && e < col->count; e++) {
            uint32_t w = wq_kf_get0(col, e);
            if (w < nv && lv[w] == 0xffffffffu) { lv[w] = lv[u] + 1; queue[tail++] = w; }
        }
    }
    int bad = 0;
    for (size_t v = 0; v < nv && !bad; v++)
        if (wq_kf_get(dist, v) != lv[v]) { fprintf(o, "check bfs: level[%zu] = %d, host BFS says %d\n", v, (int)wq_kf_get(dist, v), (int)lv[v]); bad = 1; }
    free(lv);
    free(queue);
    return bad;
}

static int chk_chains(FILE *o, const wq_kf_arg_t *keys, const wq_kf_arg_t *head, const wq_kf_arg_t *next, const wq_kf_arg_t *count)
{
    size_t n = keys->count, nb = head->count;
    if (next->count < n) { fprintf(o, "check chains: NEXT is smaller than KEYS\n"); return 1; }
    char *seen = calloc(n + 1, 1);
    if (!seen) { fprintf(o, "check chains: out of memory\n"); return 1; }
    int bad = 0;
    for (size_t b = 0; b < nb && !bad; b++) {
        uint32_t len = 0;
        for (uint32_t i = wq_kf_get(head, b); i != 0xffffffffu && !bad; i = wq_kf_get(next, i)) {
            if (i >= n || seen[i]) { fprintf(o, "check chains: bucket %zu reaches node %u twice or out of range\n", b, i); bad = 1; break; }
            seen[i] = 1;
            len++;
            if (wq_kf_get0(keys, i) % nb != b) { fprintf(o, "check chains: key of node %u is in bucket %zu\n", i, b); bad = 1; }
        }
        if (!bad && count->count > b && wq_kf_get(count, b) != len) {
            fprintf(o, "check chains: bucket %zu counts %u, its chain has %u\n", b, wq_kf_get(count, b), len);
            bad = 1;
        }
    }
    for (size_t i = 0; i < n && !bad; i++)
        if (!seen[i]) { fprintf(o, "check chains: node %zu is in no chain\n", i); bad = 1; }
    free(seen);
    return bad;
}

static int chk_list(FILE *o, const wq_kf_arg_t *keys, const wq_kf_arg_t *next, size_t n)
{
    if (n > WQ_KF_MAX_COUNT || keys->count < n + 2 || next->count < n + 2) { fprintf(o, "check list: buffers too small\n"); return 1; }
    char *seen = calloc(n + 2, 1);
    if (!seen) { fprintf(o, "check list: out of memory\n"); return 1; }
    int bad = 0;
    size_t steps = 0;
    uint32_t prev = wq_kf_get(keys, 0), i = wq_kf_get(next, 0);
    while (i != 1 && !bad) {
        if (i < 2 || i >= n + 2 || seen[i]) { fprintf(o, "check list: node %u reached twice or out of range\n", i); bad = 1; break; }
        seen[i] = 1;
        steps++;
        if (wq_kf_get(keys, i) < prev) { fprintf(o, "check list: key 0x%x after 0x%x\n", wq_kf_get(keys, i), prev); bad = 1; }
        prev = wq_kf_get(keys, i);
        i = wq_kf_get(next, i);
    }
    if (!bad && steps != n) { fprintf(o, "check list: %zu nodes on the list, %zu inserted\n", steps, n); bad = 1; }
    free(seen);
    return bad;
}

static int chk_transfers(FILE *o, const wq_kf_arg_t *from, const wq_kf_arg_t *to, const wq_kf_arg_t *amt, const wq_kf_arg_t *bal, const wq_kf_arg_t *cnt)
{
    size_t na = bal->count, nt = from->count;
    if (to->count < nt || amt->count < nt || cnt->count < na) { fprintf(o, "check transfers: buffers too small\n"); return 1; }
    uint32_t *want = malloc(na * 4), *uses = calloc(na, 4), total0 = 0, total = 0;
    if (!want || !uses) { free(want); free(uses); fprintf(o, "check transfers: out of memory\n"); return 1; }
    for (size_t a = 0; a < na; a++) { want[a] = wq_kf_get0(bal, a); total0 += want[a]; total += wq_kf_get(bal, a); }
    int bad = 0;
    if (total != total0) { fprintf(o, "check transfers: the total is 0x%x, was 0x%x\n", total, total0); bad = 1; }
    for (size_t t = 0; t < nt && !bad; t++) {
        uint32_t f = wq_kf_get0(from, t) % na, d = wq_kf_get0(to, t) % na;
        if (f == d) continue;               /* the kernel skips self-transfers */
        want[f] -= wq_kf_get0(amt, t);
        want[d] += wq_kf_get0(amt, t);
        uses[f]++;
        uses[d]++;
    }
    for (size_t a = 0; a < na && !bad; a++) {
        if (wq_kf_get(bal, a) != want[a]) { fprintf(o, "check transfers: balance %zu is 0x%x, expected 0x%x\n", a, wq_kf_get(bal, a), want[a]); bad = 1; }
        else if (wq_kf_get(cnt, a) != uses[a]) { fprintf(o, "check transfers: lock %zu taken %u times, expected %u\n", a, wq_kf_get(cnt, a), uses[a]); bad = 1; }
    }
    free(want);
    free(uses);
    return bad;
}

/* one `//@ check` line (without "check "); 0 when it holds */
int wq_kf_check(const char *line, const wq_kf_arg_t *args, int na, FILE *o)
{
    char name[32] = "";
    long v[6] = { -1, -1, -1, -1, -1, -1 };
    int k = sscanf(line, "%31s %ld %ld %ld %ld %ld %ld", name, &v[0], &v[1], &v[2], &v[3], &v[4], &v[5]);
    const wq_kf_arg_t *b[6] = { NULL };
    int want = !strcmp(name, "scan") ? 2 : !strcmp(name, "sorted") ? 2 : !strcmp(name, "matmul") ? 3
             : !strcmp(name, "bfs") ? 3 : !strcmp(name, "chains") ? 4 : !strcmp(name, "list") ? 2
             : !strcmp(name, "transfers") ? 5 : -1;
    int num = !strcmp(name, "scan") || !strcmp(name, "matmul") || !strcmp(name, "bfs") || !strcmp(name, "list")
            || !strcmp(name, "sorted");
    if (want < 0 || k < 1 + want + num) {
        fprintf(o, "check: cannot read \"%s\"\n", line);
        return 1;
    }
    for (int i = 0; i < want; i++)
        if (!(b[i] = chk_buf(o, args, na, (int)v[i]))) return 1;
    if (!strcmp(name, "scan")) return chk_scan(o, b[0], b[1], (size_t)v[2]);
    if (!strcmp(name, "sorted")) return chk_sorted(o, b[0], b[1], (size_t)v[2]);
    if (!strcmp(name, "matmul")) return chk_matmul(o, b[0], b[1], b[2], (size_t)v[3]);
    if (!strcmp(name, "bfs")) return chk_bfs(o, b[0], b[1], b[2], (size_t)v[3]);
    if (!strcmp(name, "chains")) return chk_chains(o, b[0], b[1], b[2], b[3]);
    if (!strcmp(name, "list")) return chk_list(o, b[0], b[1], (size_t)v[2]);
    return chk_transfers(o, b[0], b[1], b[2], b[3], b[4]);
}
