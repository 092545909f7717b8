/* cc_diag.h -- unit-test helper for the compiler's diagnostics
 * (tests/unit/test_cc*.c): a refused compilation's log. */
#ifndef WQ_CC_DIAG_H
#define WQ_CC_DIAG_H
#include <criterion/criterion.h>
#include <string.h>
#include "wq/cc.h"

/* r is a compilation of src that returned rc: it must be refused, the
 * first line of its log must be want, the second the source line and the
 * third a caret under column col; frees r */
static inline void cc_diag_check(int rc, wq_cc_result_t *r, const char *src, const char *want, int col)
{
    cr_assert_eq(rc, WQ_CC_ERROR, "accepted: %s", src);
    cr_assert_null(r->wqs);
    size_t n = strcspn(r->log, "\n");
    cr_assert(n == strlen(want) && !strncmp(r->log, want, n), "log: %s\nwant: %s", r->log, want);
    const char *caret = strchr(r->log + n + 1, '\n');
    cr_assert_not_null(caret);
    cr_assert_eq(strspn(caret + 1, " \t"), (size_t)(col - 1), "caret: %s", r->log);
    cr_assert_eq(caret[col], '^', "caret: %s", r->log);
    wq_cc_result_free(r);
}

#endif
