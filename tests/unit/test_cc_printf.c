/* test_cc_printf.c -- printf in the compiler (docs/compiler.md "printf"):
 * the format grammar (format.c, shared with the runtime), the string table
 * and kernel flag of a compilation, and the diagnostics of a call the
 * device cannot print, at file:line:col with a caret.  What a printf
 * kernel prints is checked end to end by scripts/kernels.sh
 * (tests/kernels/printf.cl: model, RTL, POCL) and scripts/opencl.sh
 * (tests/opencl/printf: the overflow case, records of many warps). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "wq/cc.h"
#include "cc_diag.h"

static int compile_fp(const char *src, int fp, int werror, wq_cc_result_t *r)
{
    wq_cc_opts_t o = { .fp = fp, .werror = werror };
    return wq_cc_compile(&o, "t.cl", src, strlen(src), r);
}

static void diag(const char *src, const char *want, int col)
{
    wq_cc_result_t r;
    int rc = compile_fp(src, 0, 0, &r);
    cc_diag_check(rc, &r, src, want, col);
}

/* the pieces of a format as "conv:flags:width:prec:vec:size" words */
static void pieces(const char *fmt, const char *want)
{
    char got[512] = "";
    size_t pos = 0, len = strlen(fmt);
    wq_cc_pf_t pf;
    const char *err;
    int r;
    while ((r = wq_cc_printf_piece(fmt, len, &pos, &pf, &err)) == 1) {
        size_t n = strlen(got);
        if (!pf.conv) snprintf(got + n, sizeof got - n, "[%.*s]", (int)pf.len, fmt + pf.at);
        else snprintf(got + n, sizeof got - n, "%c:%s:%d:%d:%u:%u ", pf.conv, pf.flags, pf.width, pf.prec,
                      pf.vec, pf.size);
    }
    if (r < 0) snprintf(got + strlen(got), sizeof got - strlen(got), "error at %zu: %s", pf.at, err);
    cr_assert_str_eq(got, want, "format %s", fmt);
}

Test(cc_printf, format_grammar)
{
    pieces("a%db", "[a]d::-1:-1:0:0 [b]");
    pieces("%-+ #0012.5lx%%", "x:-+ #0:12:5:0:8 %::-1:-1:0:0 ");
    pieces("%.d%hhu%hd%v4hld%v16hhx%v2ld%v3hd", "d::-1:0:0:0 u::-1:-1:0:1 d::-1:-1:0:2 d::-1:-1:4:4 "
           "x::-1:-1:16:1 d::-1:-1:2:8 d::-1:-1:3:2 ");
    pieces("%s%c%p%f%e%G%a", "s::-1:-1:0:0 c::-1:-1:0:0 p::-1:-1:0:0 f::-1:-1:0:0 e::-1:-1:0:0 "
           "G::-1:-1:0:0 a::-1:-1:0:0 ");
    pieces("x%y", "[x]error at 1: an unknown conversion");
    pieces("%hld", "error at 0: the length modifier 'hl' is for vector conversions only");
    pieces("%lld", "error at 0: the length modifier 'll' is not OpenCL C's (a long is 'l')");
    pieces("%v5d", "error at 0: a vector specifier is v2, v3, v4, v8 or v16");
    pieces("%*d", "error at 0: a '*' field width is not supported (write the width in the format)");
    pieces("%.*d", "error at 0: a '*' precision is not supported (write the precision in the format)");
    pieces("%5%", "error at 0: '%%' takes no flags, width or precision");
    pieces("%ls", "error at 0: %c, %s and %p take no vector specifier or length modifier");
    pieces("%zu", "error at 0: a length modifier OpenCL C does not have (it has hh, h, hl and l)");
    pieces("%2000d", "error at 0: a field width above 1024");
    pieces("abc%", "[abc]error at 3: the format ends inside a conversion");
}

/* the strings (in the order the parser meets them, each once, escapes
 * decoded, adjacent literals joined) and the kernel's printf flag, set through a called function */
Test(cc_printf, strings_and_flag)
{
    const char *src = "void f(int x) { printf(\"f %d\\n\", x); }\n"
                      "__kernel void k(__global int *p) { p[0] = printf(\"a\\tb\" \"%s %s\\x21\\n\", \"s\", \"a\\tb\"); f(1); }\n"
                      "__kernel void quiet(__global int *p) { p[0] = 1; }\n";
    wq_cc_result_t r;
    cr_assert_eq(compile_fp(src, 0, 0, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.nstrings, 4);
    cr_assert_str_eq(r.strings[0], "f %d\n");
    cr_assert_str_eq(r.strings[1], "a\tb%s %s!\n");
    cr_assert_str_eq(r.strings[2], "s");
    cr_assert_str_eq(r.strings[3], "a\tb");
    cr_assert_eq(r.nkernels, 2);
    cr_assert(r.kernels[0].printf && !r.kernels[1].printf);
    wq_cc_result_free(&r);
    /* a %s literal is printed to its first NUL, as C prints it */
    cr_assert_eq(compile_fp("__kernel void k() { printf(\"%s|%s\", \"x\", \"a\\0b\"); }", 0, 0, &r), WQ_CC_OK, "%s", r.log);
    cr_assert_eq(r.nstrings, 3);
    cr_assert_str_eq(r.strings[2], "a");
    wq_cc_result_free(&r);
}

Test(cc_printf, diagnostics)
{
    diag("__kernel void k(__constant char *f) { printf(f); }\n",
         "t.cl:1:46: error: printf's format must be a string literal", 46);
    diag("__kernel void k() { printf(); }\n",
         "t.cl:1:28: error: printf's format must be a string literal", 28);
    diag("__kernel void k() { printf(\"n=%y\\n\", 1); }\n",
         "t.cl:1:31: error: invalid printf format: an unknown conversion", 31);
    diag("__kernel void k() { printf(\"%d %d\\n\", 1); }\n",
         "t.cl:1:32: error: more '%' conversions than data arguments: '%d' has none", 32);
    diag("__kernel void k(__constant char *s) { printf(\"%s\\n\", s); }\n",
         "t.cl:1:54: error: '%s' prints a string literal on this device, not __constant char*", 54);
    diag("__kernel void k() { printf(\"%d\\n\", \"x\"); }\n",
         "t.cl:1:36: error: '%d' does not print a string literal (that is '%s')", 36);
    diag("__kernel void k(__global int *p) { printf(\"%d\\n\", p); }\n",
         "t.cl:1:51: error: '%d' takes an integer, not __global int*", 51);
    diag("__kernel void k(int x) { printf(\"%p\\n\", x); }\n",
         "t.cl:1:41: error: '%p' takes a pointer, not int", 41);
    diag("__kernel void k(int2 v) { printf(\"%v4hld\\n\", v); }\n",
         "t.cl:1:46: error: '%v4hld' takes a vector of 4 components, not int2", 46);
    diag("__kernel void k(int4 v) { printf(\"%v4hd\\n\", v); }\n",
         "t.cl:1:35: error: '%v4hd' takes a vector of 2-byte components (length modifier h), not int4", 35);
    diag("__kernel void k(int4 v) { printf(\"%d\\n\", v); }\n",
         "t.cl:1:42: error: '%d' takes a scalar, not int4 (a vector conversion is '%v4hld' and the like)", 42);
    diag("__kernel void k(int x) { printf(\"%f\\n\", x); }\n",
         "t.cl:1:34: error: the conversion '%f' is not supported by this device (no FPU: warpq runs the integer "
         "subset of OpenCL C)", 34);
    diag("int g(int x) { return printf(\"%d\", x); }\n"
         "__kernel void leaf(__global int *p) { p[0] = g(1); }\n"
         "__kernel void k(__global int *p) { wq_enqueue(leaf, p); }\n",
         "t.cl:1:23: error: a kernel that wq_enqueue launches cannot call printf (the printf buffer is in the launch's tail)", 23);
    diag("__constant int c = printf(\"x\");\n",
         "t.cl:1:20: error: printf is only allowed inside a function", 20);
    diag("__kernel void k(__global int *p) { p[0] = \"abc\"[1]; }\n",
         "t.cl:1:43: error: a string literal is only a printf format or a printf argument for %s on this device", 43);
    diag("__kernel void k() { printf(\"\\q\"); }\n",
         "t.cl:1:28: error: unknown escape sequence '\\q'", 28);
}

/* a float conversion on a device with an FPU; a long to %d and an unused
 * argument are warnings (converted; evaluated), errors under -Werror */
Test(cc_printf, fp_and_warnings)
{
    wq_cc_result_t r;
    cr_assert_eq(compile_fp("__kernel void k(float x) { printf(\"%f %e %5.2g %a\\n\", x, x, x, 1); }", 1, 0, &r),
                 WQ_CC_OK, "%s", r.log);
    cr_assert(strstr(r.log, "warning: '%a' takes a float, not int: converted [-Wformat]"), "%s", r.log);
    wq_cc_result_free(&r);
    diag("__kernel void k(int x) { printf(\"%lf\\n\", x); }\n",
         "t.cl:1:34: error: the conversion '%lf' is not supported by this device (no FPU: warpq runs the integer "
         "subset of OpenCL C)", 34);
    wq_cc_result_t d;
    cc_diag_check(compile_fp("__kernel void k(float x) { printf(\"%lf\\n\", x); }\n", 1, 0, &d),
                  &d, "%lf with an FPU", "t.cl:1:36: error: '%lf' prints a double: double is not supported by this "
                  "device (no cl_khr_fp64)", 36);
    const char *src = "__kernel void k(__global long *p) { printf(\"%d\\n\", p[0], p[1]++); }";
    cr_assert_eq(compile_fp(src, 0, 0, &r), WQ_CC_OK, "%s", r.log);
    cr_assert(strstr(r.log, "t.cl:1:52: warning: '%d' takes an int, not long: converted (a long is '%ld') [-Wformat]"),
              "%s", r.log);
    cr_assert(strstr(r.log, "t.cl:1:58: warning: data argument not used by format string [-Wformat-extra-args]"),
              "%s", r.log);
    cr_assert(strstr(r.wqs, "st"), "the unused p[1]++ still stores");
    wq_cc_result_free(&r);
    cr_assert_eq(compile_fp(src, 0, 1, &r), WQ_CC_ERROR);
    wq_cc_result_free(&r);
}
