/* backend.c -- which device the runtime drives (docs/runtime.md):
 *   WQ_BACKEND=model (default)  the C golden model (dev_model.c)
 *   WQ_BACKEND=rtl              the Verilated RTL in lockstep with the model:
 *                               libwqrtl.so (scripts/cl_rtl_build.sh), found
 *                               beside this library's build tree or at
 *                               WQ_RTL_LIB, loaded with dlopen
 *   WQ_BACKEND=systemc          the SystemC/TLM-2.0 platform (tb/systemc,
 *                               docs/systemc.md): libwqsc.so
 *                               (scripts/systemc_build.sh), found beside this
 *                               library's build tree or at WQ_SC_LIB; the same
 *                               three entry points as libwqrtl.so
 *   WQ_BACKEND=uart:PATH@BAUD   a board (or the simulated one) behind the
 *                               UART bridge (dev_uart.c), e.g.
 *                               uart:/dev/ttyUSB0@115200; its configuration
 *                               is the device's own (CONFIG), WQ_LANES is
 *                               not used, and the heap and the driver's
 *                               arena shrink to the bridge's two windows
 *   WQ_LANES=8|16|32            physical lanes (default 32)
 *   WQ_FP=0|1                   the model device with an FPU (1) or without
 *                               (0, the default): CL_DEVICE_SINGLE_FP_CONFIG
 *                               and whether the compiler accepts float.  The
 *                               RTL has no FPU yet, so the rtl, systemc and
 *                               uart backends refuse WQ_FP=1
 *   WQ_CL_MAX_GRID=1..65535     the most work-groups in a dimension one
 *                               device launch gets (default and most:
 *                               WQ_LDLIMIT_GRID_DIM); a lower value makes
 *                               the runtime split small NDRanges into
 *                               chunks the way it splits big ones, so the
 *                               split runs where big ranges are too slow
 *                               (the RTL in lockstep)
 *   WQ_CL_NESTED_TRIES=1..10^9  how many times a nested-work launch's
 *                               ACQUIRE (the host's wait for the session's
 *                               end) tries, 16 ticks apart, before the
 *                               launch fails as a session that never
 *                               finished (default 20000: about 320 000
 *                               ticks); a lower value makes that failure
 *                               quick where ticks are slow (the RTL)
 * A value the runtime does not know is refused with a message, never
 * guessed.  This is the one file that names the model: its configuration,
 * to open it. */
#include <dlfcn.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cl_int.h"
#include "wq/model.h"

static int lanes_from_env(unsigned *lanes, char *why, size_t n)
{
    const char *s = getenv("WQ_LANES");
    *lanes = 32;
    if (!s || !*s) return 0;
    if (!strcmp(s, "8") || !strcmp(s, "16") || !strcmp(s, "32")) {
        *lanes = (unsigned)atoi(s);
        return 0;
    }
    snprintf(why, n, "WQ_LANES=%s: must be 8, 16 or 32", s);
    return -1;
}

static int fp_from_env(int *fp, char *why, size_t n)
{
    const char *s = getenv("WQ_FP");
    *fp = 0;
    if (!s || !*s || !strcmp(s, "0")) return 0;
    if (!strcmp(s, "1")) { *fp = 1; return 0; }
    snprintf(why, n, "WQ_FP=%s: must be 0 or 1", s);
    return -1;
}

/* a count setting NAME: decimal, LO to HI, nothing else (no sign, no
 * spaces, no hex): a value the count cannot be is refused, with what it
 * counts (WHAT) in the message; unset or empty leaves *v at its default */
static int count_from_env(const char *name, uint32_t lo, uint32_t hi, const char *what, uint32_t *v,
                          char *why, size_t n)
{
    const char *s = getenv(name);
    if (!s || !*s) return 0;
    unsigned long long x = 0;
    const char *p = s;
    while (*p >= '0' && *p <= '9' && x <= hi) x = x * 10 + (unsigned long long)(*p++ - '0');
    if (*p || x < lo || x > hi) {
        snprintf(why, n, "%s=%s: must be a number of %s from %u to %u", name, s, what, (unsigned)lo,
                 (unsigned)hi);
        return -1;
    }
    *v = (uint32_t)x;
    return 0;
}

/* build/lib/libwqcl.so -> build/verilator/cl/C4_W8_L<lanes>_D6_R32/libwqrtl.so,
 * or build/systemc/libwqsc.so for the systemc backend */
static void rtl_path(const char *kind, unsigned lanes, unsigned fp, char *path, size_t n)
{
    int sc = !strcmp(kind, "systemc");
    const char *env = getenv(sc ? "WQ_SC_LIB" : "WQ_RTL_LIB");
    if (env && *env) { snprintf(path, n, "%s", env); return; }
    Dl_info info;
    char self[1024] = ".";
    if (dladdr((void *)rtl_path, &info) && info.dli_fname && strchr(info.dli_fname, '/')) {
        snprintf(self, sizeof self, "%s", info.dli_fname);
    } else {
        /* linked into a program (the unit tests): the program's directory */
        ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
        self[k > 0 ? k : 0] = 0;
        if (k <= 0) snprintf(self, sizeof self, "./x");
    }
    if (sc) snprintf(path, n, "%s/../systemc/libwqsc.so", dirname(self));
    else snprintf(path, n, "%s/../verilator/cl/C4_W8_L%u_D6_R32%s/libwqrtl.so", dirname(self), lanes,
                  fp ? "_FP" : "");
}

typedef void (*rtl_config_fn)(wq_config_t *);
typedef int (*rtl_open_fn)(wq_dev_t *, const char *);

/* a loadable device: libwqrtl.so (kind "rtl") or libwqsc.so ("systemc") */
static int rtl_open(cl_device_id d, const char *kind, const wq_config_t *want, char *why, size_t n)
{
    char path[1200];
    rtl_path(kind, want->lanes, want->fp, path, sizeof path);
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        if (!strcmp(kind, "systemc"))
            snprintf(why, n, "WQ_BACKEND=systemc: cannot load %s (bash scripts/systemc_build.sh "
                             "builds it): %s", path, dlerror());
        else
            snprintf(why, n, "WQ_BACKEND=rtl: cannot load %s (bash scripts/cl_rtl_build.sh %u%s "
                             "builds it): %s", path, want->lanes, want->fp ? " 1" : "", dlerror());
        return -1;
    }
    rtl_config_fn cfgf = (rtl_config_fn)dlsym(h, "wq_dev_rtl_so_config");
    rtl_open_fn openf = (rtl_open_fn)dlsym(h, "wq_dev_rtl_so_open");
    void (*what)(wq_dev_t *, const char *) =
        (void (*)(wq_dev_t *, const char *))dlsym(h, "wq_dev_rtl_so_what");
    if (!cfgf || !openf || !what) {
        snprintf(why, n, "WQ_BACKEND=%s: %s is not a warpq device library", kind, path);
        dlclose(h);
        return -1;
    }
    wq_config_t built;
    cfgf(&built);
    if (built.channels != want->channels || built.warps != want->warps ||
        built.lanes != want->lanes || built.deque_log2 != want->deque_log2 ||
        built.regs != want->regs || built.fp != want->fp) {
        snprintf(why, n, "WQ_BACKEND=%s: %s is built for %u lanes, %u warps, fp %u (wanted %u, %u, %u)",
                 kind, path, built.lanes, built.warps, built.fp, want->lanes, want->warps, want->fp);
        dlclose(h);
        return -1;
    }
    char prog[256] = "?";
    FILE *f = fopen("/proc/self/cmdline", "r");
    if (f) {
        size_t k = fread(prog, 1, sizeof prog - 1, f);
        prog[k] = 0;
        fclose(f);
    }
    if (openf(&d->dev, prog)) {
        snprintf(why, n, "WQ_BACKEND=%s: the device did not open", kind);
        dlclose(h);
        return -1;
    }
    snprintf(d->backend, sizeof d->backend, "%s", kind);
    d->rtl_what = what;
    /* the library stays loaded for the process: the device lives that long */
    return 0;
}

/* the board's memory is what the bridge said at HELLO: the heap in the low
 * window above its first page, the driver's arena the high window */
static int uart_open(cl_device_id d, const char *spec, char *why, size_t n)
{
    if (wq_dev_uart_open(&d->dev, spec, NULL)) {
        snprintf(why, n, "WQ_BACKEND=uart:%s: no bridge (the uart backend said why above)", spec);
        return -1;
    }
    int lg = wq_dev_uart_mem_log2(&d->dev);
    if (lg < 13 || lg > 28) {
        snprintf(why, n, "WQ_BACKEND=uart:%s: the bridge reports %d-bit memory windows "
                         "(13..28 usable)", spec, lg);
        wq_dev_close(&d->dev);
        return -1;
    }
    snprintf(d->backend, sizeof d->backend, "uart");
    d->heap_base = WQ_CL_UART_HEAP_BASE;
    d->heap_size = (1u << lg) - WQ_CL_UART_HEAP_BASE;
    d->arena_size = 1u << lg;
    return 0;
}

int wq_cl_backend_open(cl_device_id d, char *why, size_t n)
{
    const char *b = getenv("WQ_BACKEND");
    if (!b || !*b) b = "model";
    d->heap_base = WQ_CL_HEAP_BASE;
    d->heap_size = WQ_CL_HEAP_SIZE;
    d->arena_size = 0;
    if (fp_from_env(&d->fp, why, n)) return -1;
    d->max_grid = WQ_LDLIMIT_GRID_DIM;
    d->nq_tries = WQ_CL_NQ_TRIES_DEFAULT;
    if (count_from_env("WQ_CL_MAX_GRID", 1, WQ_LDLIMIT_GRID_DIM, "work-groups", &d->max_grid, why, n) ||
        count_from_env("WQ_CL_NESTED_TRIES", 1, WQ_CL_NQ_TRIES_MAX, "tries", &d->nq_tries, why, n))
        return -1;
    if (d->fp && strcmp(b, "model") && strcmp(b, "rtl")) {
        snprintf(why, n, "WQ_FP=1: the %s backend has no FPU (WQ_BACKEND=model and rtl run float)", b);
        return -1;
    }
    if (!strncmp(b, "uart:", 5)) return uart_open(d, b + 5, why, n);
    unsigned lanes;
    if (lanes_from_env(&lanes, why, n)) return -1;
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.lanes = lanes;
    cfg.fp = (unsigned)d->fp;
    if (!strcmp(b, "model")) {
        snprintf(d->backend, sizeof d->backend, "model");
        if (wq_dev_model_open(&d->dev, &cfg, NULL)) {
            snprintf(why, n, "model backend: out of host memory");
            return -1;
        }
        return 0;
    }
    if (!strcmp(b, "rtl") || !strcmp(b, "systemc")) return rtl_open(d, b, &cfg, why, n);
    snprintf(why, n, "WQ_BACKEND=%s: unknown backend (model, rtl, systemc or uart:PATH@BAUD)", b);
    return -1;
}

struct wq_ctx *wq_cl_device_model(cl_device_id d)
{
    return d && d->opened == 1 && !strcmp(d->backend, "model") ? wq_dev_model_ctx(&d->dev) : NULL;
}
