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

/* exec `bash <root>/scripts/<name> [first] argv[1..]` (never returns on
 * success); cmd names the wq subcommand in messages */
int wq_cli_exec_script(const char *cmd, const char *name, const char *first,
                       int argc, char **argv)
{
    char root[PATH_MAX], script[PATH_MAX + 64];
    if (source_root(root, sizeof root)) {
        fprintf(stderr, "wq %s: cannot find the source tree of this binary\n", cmd);
        return 2;
    }
    snprintf(script, sizeof script, "%s/scripts/%s", root, name);
    if (access(script, R_OK)) {
        fprintf(stderr, "wq %s: %s not found (run wq from its build tree)\n", cmd, script);
        return 2;
    }
    char **av = calloc((size_t)argc + 3, sizeof *av);
    if (!av) return 2;
    int n = 0;
    av[n++] = "bash";
    av[n++] = script;
    if (first) av[n++] = (char *)first;
    for (int i = 1; i < argc; i++) av[n++] = argv[i];
    execvp("bash", av);
    perror("wq: bash");
    free(av);
    return 2;
}

int wq_cli_rtl_lib(unsigned lanes, int fp, char *buf, size_t len)
{
    char root[PATH_MAX], cmd[PATH_MAX + 96], rel[PATH_MAX];
    if (source_root(root, sizeof root)) return -1;
    snprintf(cmd, sizeof cmd, "bash '%s/scripts/cl_rtl_build.sh' %u %d", root, lanes, fp ? 1 : 0);
    FILE *f = popen(cmd, "r");
    if (!f) return -1;
    rel[0] = 0;
    if (!fgets(rel, sizeof rel, f)) rel[0] = 0;
    if (pclose(f) != 0 || !rel[0]) return -1;
    rel[strcspn(rel, "\n")] = 0;
    snprintf(buf, len, "%s%s%s", rel[0] == '/' ? "" : root, rel[0] == '/' ? "" : "/", rel);
    return 0;
}

int wq_cli_is_cl(const char *path)
{
    size_t n = path ? strlen(path) : 0;
    return n > 3 && !strcmp(path + n - 3, ".cl");
}

int wq_cli_cosim(int argc, char **argv)
{
    if (argc < 2) return wq_cli_error("cosim", "no input file");
    for (int i = 1; i < argc; i++)
        if (wq_cli_is_cl(argv[i])) return wq_cli_run_cl("cosim", argc, argv);
    return wq_cli_exec_script("cosim", "cosim.sh", NULL, argc, argv);
}
