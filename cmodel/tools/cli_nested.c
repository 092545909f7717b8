/* cli_nested.c -- `wq nested`: nested-work scenarios through the driver
 * (cmodel/driver/nested_main.c does the work).
 *   --backend model   (default) the C model, in this process;
 *   --backend rtl     the Verilated RTL in lockstep with the model: the
 *                     harness is C++ around Verilator's output, so this
 *                     execs scripts/cosim.sh nested ..., which builds it for
 *                     the requested --lanes/--warps and runs
 *                     `tb_cosim nested` with the same arguments;
 *   --backend uart:PATH@BAUD  a device behind the UART bridge
 *                     (rtl/wq_uart_top.v) on a serial line: a board, or
 *                     the simulated one of scripts/rtl/uart.sh on a pty. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "wq/dev.h"
#include "wq/model.h"
#include "wq/nested.h"

static int open_model(wq_dev_t *dev, const struct wq_config *cfg, void *user)
{
    (void)user;
    return wq_dev_model_open(dev, cfg, NULL);
}

static int open_uart(wq_dev_t *dev, const struct wq_config *cfg, void *user)
{
    (void)cfg;      /* the device says what it is: the driver reads CONFIG */
    return wq_dev_uart_open(dev, user, NULL);
}

int wq_cli_nested(int argc, char **argv)
{
    const char *backend = "model";
    char *av[256];
    int n = 0;
    for (int i = 0; i < argc && n < 255; i++) {
        if (i > 0 && !strcmp(argv[i], "--backend") && i + 1 < argc) backend = argv[++i];
        else av[n++] = argv[i];
    }
    av[n] = NULL;
    if (!strcmp(backend, "rtl")) return wq_cli_exec_script("nested", "cosim.sh", "nested", n, av);
    wq_config_t cfg;
    wq_config_default(&cfg);
    if (!strncmp(backend, "uart:", 5)) {
        char spec[512];
        snprintf(spec, sizeof spec, "%s", backend + 5);
        return wq_nested_main(n, av, &cfg, open_uart, spec);
    }
    if (strcmp(backend, "model")) {
        fprintf(stderr, "wq nested: unknown backend '%s' (model, rtl or uart:PATH@BAUD)\n",
                backend);
        return 2;
    }
    return wq_nested_main(n, av, &cfg, open_model, NULL);
}
