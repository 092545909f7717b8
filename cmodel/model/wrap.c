/* wrap.c -- the general form of wrap(); see wrap.h. */
#include "wq/wrap.h"

int wq_wrap(int64_t x, uint32_t count, uint32_t *out)
{
    if (count == 0 || x < -(int64_t)count || x >= 2 * (int64_t)count) return -1;
    if (x < 0) x += count;
    else if (x >= (int64_t)count) x -= count;
    *out = (uint32_t)x;
    return 0;
}
