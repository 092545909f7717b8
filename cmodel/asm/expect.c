/* expect.c -- evaluating a program's .expect / .expect_sum lines.
 *
 * Every runner (wq run, the generator's check, the nested driver, the
 * lockstep harnesses) evaluates expectations here, on whatever memory it
 * has (the model's, the RTL's, a device read through the driver), so a new
 * kind of expectation means one change, not six.
 */
#include <stdio.h>
#include "wq/asm.h"

int wq_expect_eval(const wq_expect_t *e, wq_read32_fn rd, void *user, uint32_t *got,
                   uint32_t *want)
{
    uint32_t v = 0, sum = 0;
    *got = *want = 0;
    if (rd(user, e->addr, &v))
        return -1;
    *got = v;
    if (!e->is_sum) {
        *want = e->value;
        return v == e->value;
    }
    /* the assembler bounds count and keeps the range below 4 GiB */
    for (uint32_t i = 0; i < e->count && i < WQ_EXPECT_MAX_SUM; i++) {
        uint32_t w;
        if (rd(user, e->base + i * e->stride, &w))
            return -1;
        sum += w;
    }
    *want = sum;
    return v == sum;
}

void wq_expect_describe(const wq_expect_t *e, uint32_t got, uint32_t want, char *buf,
                        size_t len)
{
    if (!e->is_sum)
        snprintf(buf, len, "[0x%08x] = 0x%08x, expected 0x%08x", e->addr, got, want);
    else
        snprintf(buf, len, "[0x%08x] = 0x%08x, expected the sum 0x%08x of %u words at 0x%08x"
                 " stride %u", e->addr, got, want, e->count, e->base, e->stride);
}
