#include "gen_int.h"
int wq_gen_stream(uint64_t seed, const wq_gen_stream_opts_t *opts, char **text,
                  wq_gen_info_t *info, char *err, size_t errlen)
{ (void)seed; (void)opts; (void)text; (void)info; wq_gen_seterr(err, errlen, "todo"); return WQ_GEN_EOPTS; }
int wq_gen_run_stream(const char *text, unsigned lanes, wq_gen_result_t *r)
{ (void)text; (void)lanes; (void)r; return WQ_GEN_EOPTS; }
