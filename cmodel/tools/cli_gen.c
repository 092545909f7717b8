/* cli_gen.c -- `wq gen`: seeded test generators for the lockstep regression.
 *   wq gen prog   --seed N [--lanes L] [--features LIST] [--size N]
 *                 [--warps A..B] [--ctas A..B] [--trap NAME] [-o FILE]
 *   wq gen stream --seed N [--bad] [--channels N] [-o FILE]
 *   wq gen cl     --seed N [--features LIST] [--prefix P] [-o FILE.cl]
 *                 (an OpenCL C kernel with its oracle; scripts/clgen.sh
 *                 compiles and runs them; LIST: struct,ptrmember,
 *                 structarray,stmtexpr,vector,goto,float, all (every one but
 *                 float) or base; P before every file-scope name, so that
 *                 many kernels share one program)
 *   wq gen check  --seeds A..B [--kind prog|stream|all] [--features LIST]
 *                 [--size N] [--traps] [--bad] [--coverage] [-v]
 * `check` generates every seed and runs it on the model: programs at LANES
 * 8, 16 and 32 (each must meet its own expectations, and all three final
 * memories must be equal); streams likewise.  With --coverage it also fails
 * when some opcode, function code or feature was never generated. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cli.h"
#include "wq/gen.h"
#include "wq/asm.h"
#include "wq/isa.h"

typedef struct gen_args {
    uint64_t seed, seed_hi;
    int seed_set, bad, traps, coverage, verbose;
    const char *out, *kind, *trap;
    wq_gen_opts_t po;
    wq_gen_stream_opts_t so;
    wq_gen_cl_opts_t co;
} gen_args_t;

static int parse_range(const char *s, uint64_t *lo, uint64_t *hi)
{
    char *end;
    *lo = strtoull(s, &end, 0);
    if (end == s) return -1;
    if (!*end) { *hi = *lo; return 0; }
    if (strncmp(end, "..", 2)) return -1;
    const char *t = end + 2;
    *hi = strtoull(t, &end, 0);
    return (end == t || *end || *hi < *lo) ? -1 : 0;
}

static const char *val(int argc, char **argv, int *i)
{
    return *i + 1 < argc ? argv[++*i] : NULL;
}

/* a trap name as in trap.def, any case ("misaligned"); ~0u if unknown */
static unsigned trap_by_name(const char *s)
{
    for (unsigned c = 0; c < 64; c++) {
        const char *n = wq_trap_name(c);
        if (n && strlen(n) == strlen(s) && !strncasecmp(n, s, strlen(s))) return c;
    }
    return ~0u;
}

static int parse(int argc, char **argv, gen_args_t *a)
{
    memset(a, 0, sizeof *a);
    wq_gen_opts_default(&a->po);
    wq_gen_cl_opts_default(&a->co);
    a->kind = "prog";
    int cl = !strcmp(argv[0], "cl");        /* --features names the language's */
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        uint64_t lo, hi;
        if (!strcmp(o, "--bad")) a->bad = a->so.bad = 1;
        else if (!strcmp(o, "--traps")) a->traps = 1;
        else if (!strcmp(o, "--coverage")) a->coverage = 1;
        else if (!strcmp(o, "--timing-free")) a->po.timing_free = a->so.timing_free = 1;
        else if (!strcmp(o, "--fp")) a->po.fp = 1;
        else if (!strcmp(o, "-v")) a->verbose = 1;
        else if (!(v = val(argc, argv, &i)))
            return wq_cli_error("gen", "unknown option or missing value '%s'", o);
        else if (!strcmp(o, "--seed") || !strcmp(o, "--seeds")) {
            if (parse_range(v, &a->seed, &a->seed_hi))
                return wq_cli_error("gen", "bad %s '%s' (N or A..B)", o, v);
            a->seed_set = 1;
        } else if (!strcmp(o, "-o")) a->out = v;
        else if (cl && !strcmp(o, "--prefix")) a->co.prefix = v;
        else if (!strcmp(o, "--kind")) a->kind = v;
        else if (!strcmp(o, "--trap")) a->trap = v;
        else if (!strcmp(o, "--features")) {
            if (cl ? wq_gen_cl_parse_features(v, &a->co.features) : wq_gen_parse_features(v, &a->po.features))
                return wq_cli_error("gen", "bad --features '%s'", v);
        } else if (parse_range(v, &lo, &hi) || hi > 1000)
            return wq_cli_error("gen", "unknown option '%s', or a bad value '%s' (N or A..B, at most 1000)", o, v);
        else if (!strcmp(o, "--lanes")) a->po.lanes = (unsigned)lo;
        else if (!strcmp(o, "--size")) a->po.size = (unsigned)lo;
        else if (!strcmp(o, "--channels")) a->so.channels = (unsigned)lo;
        else if (!strcmp(o, "--warps")) { a->po.warps_min = (unsigned)lo; a->po.warps_max = (unsigned)hi; }
        else if (!strcmp(o, "--ctas")) { a->po.ctas_min = (unsigned)lo; a->po.ctas_max = (unsigned)hi; }
        else return wq_cli_error("gen", "unknown option '%s'", o);
    }
    if (a->trap && (a->po.trap = trap_by_name(a->trap)) == ~0u)
        return wq_cli_error("gen", "unknown trap '%s'", a->trap);
    return a->seed_set ? 0 : wq_cli_error("gen", "--seed N (or --seeds A..B) is required");
}

static int write_out(const char *path, const char *text)
{
    FILE *f = path ? fopen(path, "w") : stdout;
    if (!f) { perror(path); return 1; }
    fputs(text, f);
    if (path && fclose(f)) { perror(path); return 1; }
    return 0;
}

/* ---- coverage: what the generated code words contain ------------------- */
typedef struct cov {
    unsigned op[256], atom[16], cmp[16], sreg[32], ld[16], st[16];
    unsigned feat, traps, errs;
} cov_t;

static void cov_prog(cov_t *c, const char *text)
{
    wq_program_t p;
    char err[128];
    if (wq_asm(text, strlen(text), "gen", &p, err, sizeof err)) return;
    const wq_seg_t *code = &p.segs[0];
    for (uint32_t i = 0; i + 8 <= code->len; i += 8) {
        uint64_t w = 0;
        for (int k = 7; k >= 0; k--) w = w << 8 | code->bytes[i + (unsigned)k];
        wq_insn_t in;
        if (wq_decode(w, &in)) continue;
        c->op[in.op]++;
        if (in.op == WQ_OP_ATOM) c->atom[in.fn & 15]++;
        if (in.op == WQ_OP_SETP) c->cmp[in.fn & 15]++;
        if (in.op == WQ_OP_LD) c->ld[in.fn & 15]++;
        if (in.op == WQ_OP_ST) c->st[in.fn & 15]++;
        if (in.op == WQ_OP_S2R && in.imm < 32) c->sreg[in.imm]++;
    }
    wq_program_free(&p);
}

static int cov_report(const cov_t *c, int want_progs, int want_streams)
{
    int miss = 0;
    if (want_progs) {
        for (unsigned op = 0; op < 256; op++) {
            const wq_opinfo_t *oi = wq_opinfo(op);
            /* the generated programs run on the default machine, which has no
             * FPU (configuration fp = 0, as the RTL): no FP opcode is due */
            if (oi && oi->name && !(oi->flags & WQ_IF_FP) && !c->op[op]) {
                printf("coverage: opcode %s never generated\n", oi->name);
                miss++;
            }
        }
        for (unsigned k = 0; k < 16; k++) {
            if (wq_atomop_name(k) && !c->atom[k]) { printf("coverage: atom.%s never generated\n", wq_atomop_name(k)); miss++; }
            if (wq_cmp_name(k) && !c->cmp[k]) { printf("coverage: setp.%s never generated\n", wq_cmp_name(k)); miss++; }
        }
        for (unsigned k = 0; k < 32; k++)
            if (wq_sreg_name(k) && !c->sreg[k]) { printf("coverage: s2r %s never generated\n", wq_sreg_name(k)); miss++; }
        for (unsigned k = 0; k < 16; k++) {
            if (wq_memw_name(k) && !c->ld[k]) { printf("coverage: ld.%s never generated\n", wq_memw_name(k)); miss++; }
            if (wq_memw_st_ok(k) && !c->st[k]) { printf("coverage: st.%s never generated\n", wq_memw_name(k)); miss++; }
        }
        for (unsigned b = 0; b < WQ_GEN_NFEATURES; b++)
            if (!(c->feat & (1u << b))) { printf("coverage: feature %s never generated\n", wq_gen_feature_name(b)); miss++; }
    }
    if (want_streams)
        for (unsigned e = 1; e < 32; e++)
            if (wq_cherr_name(e) && strcmp(wq_cherr_name(e), "?") && !(c->errs & (1u << e))) {
                printf("coverage: channel error %s never generated\n", wq_cherr_name(e));
                miss++;
            }
    return miss;
}

/* one seed: generate, run at every LANES, compare */
static int check_one(const gen_args_t *a, int stream, uint64_t seed, cov_t *cov)
{
    char err[256] = "", *text = NULL;
    wq_gen_info_t info;
    int rc;
    if (stream) {
        rc = wq_gen_stream(seed, &a->so, &text, &info, err, sizeof err);
    } else {
        wq_gen_opts_t o = a->po;
        if (a->traps) o.trap = wq_gen_scenario_trap((unsigned)(seed % WQ_GEN_NSCENARIOS));
        rc = wq_gen_prog(seed, &o, &text, &info, err, sizeof err);
    }
    if (rc) {
        printf("FAIL %s seed %" PRIu64 ": generator: %s (%d)\n", stream ? "stream" : "prog", seed, err, rc);
        return 0;
    }
    cov->feat |= info.feat_used;
    if (stream) cov->errs |= info.chan_errs;
    else cov_prog(cov, text);
    static const unsigned lanes[3] = { 8, 16, 32 };
    uint64_t h0 = 0;
    int good = 1;
    for (unsigned i = 0; i < 3 && good; i++) {
        wq_gen_result_t r;
        rc = stream ? wq_gen_run_stream(text, lanes[i], &r) : wq_gen_run_prog(text, lanes[i], &r);
        if (rc || !r.ok) {
            printf("FAIL %s seed %" PRIu64 " lanes %u: %s\n", stream ? "stream" : "prog", seed,
                   lanes[i], r.msg);
            good = 0;
        } else if (i && r.mem_hash != h0) {
            printf("FAIL %s seed %" PRIu64 " lanes %u: final memory differs from lanes 8\n",
                   stream ? "stream" : "prog", seed, lanes[i]);
            good = 0;
        }
        if (!i) h0 = r.mem_hash;
        if (good && a->verbose && i == 2)
            printf("ok %s seed %" PRIu64 ": %" PRIu64 " ticks, %u threads\n",
                   stream ? "stream" : "prog", seed, r.ticks, info.threads);
    }
    free(text);
    return good;
}

static int cmd_check(const gen_args_t *a)
{
    int progs = strcmp(a->kind, "stream") != 0, streams = strcmp(a->kind, "prog") != 0;
    unsigned pass = 0, fail = 0;
    cov_t cov;
    memset(&cov, 0, sizeof cov);
    for (uint64_t s = a->seed;; s++) {
        if (progs) { if (check_one(a, 0, s, &cov)) pass++; else fail++; }
        if (streams) { if (check_one(a, 1, s, &cov)) pass++; else fail++; }
        if (s == a->seed_hi) break;
    }
    int miss = a->coverage ? cov_report(&cov, progs, streams && a->bad) : 0;
    printf("passed: %u failed: %u\n", pass, fail);
    if (a->coverage) printf("coverage: %d gap%s\n", miss, miss == 1 ? "" : "s");
    return (fail || miss) ? 1 : 0;
}

int wq_cli_gen(int argc, char **argv)
{
    gen_args_t a;
    if (argc < 2) return wq_cli_error("gen", "no command (prog, stream, cl or check)");
    if (parse(argc - 1, argv + 1, &a)) return 2;
    const char *cmd = argv[1];
    char err[256] = "", *text = NULL;
    int rc;
    if (!strcmp(cmd, "check")) return cmd_check(&a);
    if (!strcmp(cmd, "prog")) rc = wq_gen_prog(a.seed, &a.po, &text, NULL, err, sizeof err);
    else if (!strcmp(cmd, "stream")) rc = wq_gen_stream(a.seed, &a.so, &text, NULL, err, sizeof err);
    else if (!strcmp(cmd, "cl")) rc = wq_gen_cl(a.seed, &a.co, &text, err, sizeof err);
    else return wq_cli_error("gen", "unknown command '%s'", cmd);
    if (rc) {
        fprintf(stderr, "wq gen %s: %s (%d)\n", cmd, err[0] ? err : "failed", rc);
        return rc == WQ_GEN_EOPTS ? 2 : 1;
    }
    rc = write_out(a.out, text);
    free(text);
    return rc;
}
