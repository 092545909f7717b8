/* cli.h -- the `wq` command's subcommands; each returns the exit code
 * (0 ok, 1 failure the user should look at, 2 usage). */
#ifndef WQ_CLI_H
#define WQ_CLI_H
#include <stdio.h>

int wq_cli_asm(int argc, char **argv);
int wq_cli_disasm(int argc, char **argv);
int wq_cli_run(int argc, char **argv);
int wq_cli_cosim(int argc, char **argv);
int wq_cli_bench(int argc, char **argv);
int wq_cli_gen(int argc, char **argv);
/* `wq bench --cc FILE.cl...` (cli_ccbench.c): cc_lines_per_s */
int wq_cli_bench_cc(int argc, char **argv);
int wq_cli_nested(int argc, char **argv);
int wq_cli_ue(int argc, char **argv);
int wq_cli_ue_usage(FILE *f);
int wq_cli_cc(int argc, char **argv);
/* compile one OpenCL C file with the compiler's diagnostics on stderr:
 * 0 ok (res filled), 2 refused; res must be freed with wq_cc_result_free */
struct wq_cc_result;
int wq_cli_cc_compile(const char *verb, const char *in, const char **defs, unsigned ndefs,
                      const char **incs, unsigned nincs, int yield, int inl, unsigned regs,
                      int subv, unsigned subv_threshold, int fp, struct wq_cc_result *res);

/* `wq run KERNEL.cl` / `wq cosim KERNEL.cl` (cli_clrun.c): compile, launch
 * through the OpenCL runtime on the model (verb "run") or the RTL in
 * lockstep (verb "cosim"), print the buffers; 0 ok, 1 failed, 2 usage */
int wq_cli_run_cl(const char *verb, int argc, char **argv);
/* argv[*i] is "NAME=VALUE" or "NAME" followed by VALUE (then *i moves on):
 * VALUE, or NULL */
const char *wq_cli_optval(int argc, char **argv, int *i, const char *name);
/* a whole file, NUL-terminated (malloc'd), or NULL with errno set */
char *wq_cli_slurp(const char *path);
/* does the file name end in .cl */
int wq_cli_is_cl(const char *path);
/* the runtime's rtl backend for LANES, with its FPU when fp is 1 (the
 * device of WQ_FP=1), built if needed by scripts/cl_rtl_build.sh of this
 * binary's source tree: its absolute path in buf, 0; or -1 (the script's
 * message on stderr) */
int wq_cli_rtl_lib(unsigned lanes, int fp, char *buf, size_t len);

/* one verb of `wq` (cli_help.c holds the table) */
typedef struct wq_cli_verb {
    const char *name;
    int (*fn)(int argc, char **argv);   /* argv[0] is the verb */
    const char *summary;                /* one line for `wq help` */
    const char *usage;                  /* the synopsis, or NULL and: */
    int (*usage_fn)(FILE *f);
} wq_cli_verb_t;

const wq_cli_verb_t *wq_cli_verb(const char *name);
/* print VERB's synopsis to f; returns 0 for stdout, 2 otherwise */
int wq_cli_usage(const char *verb, FILE *f);
/* a usage error: "wq VERB: message" on its own line, then the synopsis,
 * both on stderr; returns 2 */
int wq_cli_error(const char *verb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* every verb with its summary */
void wq_cli_list(FILE *f);

/* exec `bash <source tree>/scripts/<name> [first] argv[1..]` */
int wq_cli_exec_script(const char *cmd, const char *name, const char *first,
                       int argc, char **argv);

#endif
