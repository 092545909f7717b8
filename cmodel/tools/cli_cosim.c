/* cli_cosim.c -- `wq cosim FILE.wqs|FILE.wqst [...]`: run a program, or a
 * command stream (`wq gen stream` output), on the RTL (Verilated wq_top)
 * in lockstep with the golden model.  The harness is
 * C++ around Verilator's output, so it is its own binary, built on demand
 * per parameter set; this command hands its arguments to
 * scripts/cosim.sh in the source tree this `wq` was built from. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"

/* the source tree: <root>/build/bin/wq -> <root> */
static int source_root(char *buf, size_t len)
{
    ssize_t n = readlink("/proc/self/exe", buf, len - 1);
    if (n <= 0) return -1;
    buf[n] = 0;
    for (int up = 0; up < 3; up++) {
        char *s = strrchr(buf, '/');
        if (!s) return -1;
        *s = 0;
    }
    return 0;
}

int wq_cli_cosim(int argc, char **argv)
{
    char root[PATH_MAX], script[PATH_MAX + 32];
    if (argc < 2) {
        fprintf(stderr, "usage: wq cosim FILE.wqs|FILE.wqst [--lanes 8|16|32] [--warps N] [--seed N]\n"
                        "                [--wave F.fst] [--max-cycles N] [--lat MIN,MAX] [--ready PCT]\n"
                        "                [--expects-info]\n"
                        "  FILE.wqs: a program; FILE.wqst: a command stream (first line\n"
                        "  \"wqstream 1\", `wq gen stream --timing-free` for lockstep runs)\n");
        return 2;
    }
    if (source_root(root, sizeof root)) {
        fprintf(stderr, "wq cosim: cannot find the source tree of this binary\n");
        return 2;
    }
    snprintf(script, sizeof script, "%s/scripts/cosim.sh", root);
    if (access(script, R_OK)) {
        fprintf(stderr, "wq cosim: %s not found (run wq from its build tree)\n", script);
        return 2;
    }
    char **av = calloc((size_t)argc + 2, sizeof *av);
    if (!av) return 2;
    av[0] = "bash";
    av[1] = script;
    for (int i = 1; i < argc; i++) av[i + 1] = argv[i];
    execvp("bash", av);
    perror("wq cosim: bash");
    free(av);
    return 2;
}
