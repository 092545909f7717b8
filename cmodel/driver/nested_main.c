/* nested_main.c -- the scenario runner behind `wq nested`, shared by every
 * backend: the `wq` binary runs it on the model, the lockstep binary
 * (tb/verilator/top/tb_cosim.cpp, `tb_cosim nested ...`) on the RTL.
 *   [--scenario NAME | FILE.wqs]... [--all] [--lib FILE] [--lanes N]
 *   [--warps N] [--timeout T]
 * NAME is tests/programs/nested/NAME.wqs; --all runs every such file.
 * Prints one summary block per scenario; returns the exit code (0 when
 * all pass, 1 when one failed, 2 on bad arguments). */
#include <glob.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "wq/model.h"
#include "wq/nested.h"

static int run_one(const char *path, const char *lib, const wq_config_t *cfg,
                   uint64_t timeout, wq_nested_open_fn open_dev, void *user)
{
    wq_program_t p;
    char err[512];
    if (wq_nested_asm(path, lib, &p, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return 2;
    }
    wq_dev_t dev;
    wq_drv_t d;
    if (open_dev(&dev, cfg, user)) {
        fprintf(stderr, "wq nested: cannot open the device (machine configuration)\n");
        wq_program_free(&p);
        return 2;
    }
    int rc = wq_drv_open(&d, &dev, NULL);
    wq_nested_result_t r = {0};
    if (!rc) rc = wq_nested_run(&d, &p, timeout, &r, stderr);
    printf("scenario: %s\n", path);
    printf("  backend: %s\n", dev.name);
    printf("  channels: %u\n", r.channels);
    printf("  sessions: %u\n", r.sessions);
    printf("  launches: %" PRIu32 " (%" PRIu32 " by threads)\n", r.launches, r.children);
    printf("  nesting_depth: %" PRIu32 "\n", r.maxdepth);
    printf("  refused_enqueues: %" PRIu32 "\n", r.fails);
    printf("  deque_recenters: %" PRIu64 "\n", r.recenters);
    printf("  cycles: %" PRIu64 "\n", r.cycles);
    if (rc && r.expects == 0 && p.nexpects)
        printf("  expects: not checked (the run failed)\n");
    else
        printf("  expects: %u/%u\n", r.expects - r.expects_failed, r.expects);
    for (unsigned i = 0; i < d.nfaults && i < WQ_DRV_MAX_FAULTS; i++)
        printf("  fault: %s %u code %u (%s) info 0x%08x\n",
               d.faults[i].is_trap ? "warp" : "channel", d.faults[i].unit, d.faults[i].code,
               d.faults[i].is_trap ? wq_trap_name(d.faults[i].code)
                                   : wq_cherr_name(d.faults[i].code), d.faults[i].info);
    if (dev.mismatches) printf("  mismatches: %" PRIu64 "\n", dev.mismatches(dev.impl));
    printf("  result: %s\n", r.expects_failed ? "FAIL (memory checks)"
                              : rc ? wq_drv_strerror(rc) : "ok");
    wq_drv_close(&d);
    wq_dev_close(&dev);
    wq_program_free(&p);
    return rc ? 1 : 0;
}

int wq_nested_main(int argc, char **argv, const wq_config_t *base,
                   wq_nested_open_fn open_dev, void *user)
{
    const char *lib = NULL, *files[64];
    unsigned nf = 0;
    int all = 0;
    uint64_t timeout = 20000000;
    wq_config_t cfg = *base;
    static char names[64][256];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--all")) all = 1;
        else if (!strcmp(a, "--scenario") && v && nf < 64) {
            snprintf(names[nf], sizeof names[nf], "tests/programs/nested/%s.wqs", v);
            files[nf] = names[nf];
            nf++; i++;
        } else if (!strcmp(a, "--lib") && v) { lib = v; i++; }
        else if (!strcmp(a, "--lanes") && v) { cfg.lanes = (unsigned)strtoul(v, NULL, 0); i++; }
        else if (!strcmp(a, "--warps") && v) { cfg.warps = (unsigned)strtoul(v, NULL, 0); i++; }
        else if (!strcmp(a, "--timeout") && v) { timeout = strtoull(v, NULL, 0); i++; }
        else if (a[0] != '-' && nf < 64) files[nf++] = a;
        else {
            /* the synopsis is `wq help nested`; this runs under tb_cosim too */
            fprintf(stderr, "wq nested: unknown option, missing value or too many files: '%s'"
                            " (wq help nested)\n", a);
            return 2;
        }
    }
    /* the model's watchdog is for runaway kernels; sessions wait on purpose */
    cfg.watchdog = 0;
    glob_t g;
    memset(&g, 0, sizeof g);
    if (all || nf == 0) {
        if (glob("tests/programs/nested/*.wqs", 0, NULL, &g) == 0)
            for (size_t i = 0; i < g.gl_pathc && nf < 64; i++) files[nf++] = g.gl_pathv[i];
    }
    if (nf == 0) { fprintf(stderr, "wq nested: no scenarios found\n"); return 2; }
    int worst = 0, failed = 0;
    for (unsigned i = 0; i < nf; i++) {
        int rc = run_one(files[i], lib, &cfg, timeout, open_dev, user);
        if (rc) failed++;
        if (rc > worst) worst = rc;
    }
    printf("scenarios: %u, failed: %d\n", nf, failed);
    globfree(&g);
    return worst;
}
