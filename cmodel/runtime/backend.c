/* backend.c -- which device the runtime drives (docs/runtime.md):
 *   WQ_BACKEND=model (default)  the C golden model (dev_model.c)
 *   WQ_BACKEND=rtl              the Verilated RTL in lockstep with the model
 *   WQ_LANES=8|16|32            physical lanes of the model (default 32)
 * A value the runtime does not know is refused with a message, never
 * guessed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int wq_cl_backend_open(cl_device_id d, char *why, size_t n)
{
    const char *b = getenv("WQ_BACKEND");
    if (!b || !*b) b = "model";
    unsigned lanes;
    if (lanes_from_env(&lanes, why, n)) return -1;
    wq_config_t cfg;
    wq_config_default(&cfg);
    cfg.lanes = lanes;
    if (!strcmp(b, "model")) {
        snprintf(d->backend, sizeof d->backend, "model");
        if (wq_dev_model_open(&d->dev, &cfg, NULL)) {
            snprintf(why, n, "model backend: out of host memory");
            return -1;
        }
        return 0;
    }
    if (!strcmp(b, "rtl")) {
        snprintf(why, n, "WQ_BACKEND=rtl: the lockstep RTL backend is not built into "
                         "libwqcl.so (use WQ_BACKEND=model)");
        return -1;
    }
    snprintf(why, n, "WQ_BACKEND=%s: unknown backend (model or rtl)", b);
    return -1;
}
