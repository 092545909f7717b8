/* cli.h -- the `wq` command's subcommands; each returns the exit code
 * (0 ok, 1 failure the user should look at, 2 usage). */
#ifndef WQ_CLI_H
#define WQ_CLI_H

int wq_cli_asm(int argc, char **argv);
int wq_cli_disasm(int argc, char **argv);
int wq_cli_run(int argc, char **argv);
int wq_cli_cosim(int argc, char **argv);
int wq_cli_bench(int argc, char **argv);
int wq_cli_gen(int argc, char **argv);
int wq_cli_nested(int argc, char **argv);
int wq_cli_ue(int argc, char **argv);
/* exec `bash <source tree>/scripts/<name> [first] argv[1..]` */
int wq_cli_exec_script(const char *cmd, const char *name, const char *first,
                       int argc, char **argv);

#endif
