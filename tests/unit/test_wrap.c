/* test_wrap.c -- both forms of the seed's wrap(): the power-of-two mask and
 * the general add/subtract form, and their agreement where both apply. */
#include <criterion/criterion.h>
#include "wq/wrap.h"

Test(wrap, general_form_follows_the_seed)
{
    uint32_t v;
    cr_assert_eq(wq_wrap(-1, 12, &v), 0);  cr_assert_eq(v, 11u);
    cr_assert_eq(wq_wrap(-12, 12, &v), 0); cr_assert_eq(v, 0u);
    cr_assert_eq(wq_wrap(0, 12, &v), 0);   cr_assert_eq(v, 0u);
    cr_assert_eq(wq_wrap(11, 12, &v), 0);  cr_assert_eq(v, 11u);
    cr_assert_eq(wq_wrap(12, 12, &v), 0);  cr_assert_eq(v, 0u);
    cr_assert_eq(wq_wrap(23, 12, &v), 0);  cr_assert_eq(v, 11u);
    cr_assert_eq(wq_wrap(1, 1, &v), 0);    cr_assert_eq(v, 0u);
}

Test(wrap, general_form_rejects_what_one_step_cannot_fix)
{
    uint32_t v = 77;
    cr_assert_eq(wq_wrap(-13, 12, &v), -1);
    cr_assert_eq(wq_wrap(24, 12, &v), -1);
    cr_assert_eq(wq_wrap(0, 0, &v), -1);
    cr_assert_eq(v, 77u, "nothing written on error");
}

Test(wrap, power_of_two_form_masks)
{
    cr_assert_eq(wq_wrap_pow2(-1, 4), 15u);
    cr_assert_eq(wq_wrap_pow2(16, 4), 0u);
    cr_assert_eq(wq_wrap_pow2(17, 4), 1u);
    cr_assert_eq(wq_wrap_pow2(-17, 4), 15u, "the mask form wraps any distance");
    cr_assert_eq(wq_wrap_pow2(5, 0), 0u);
}

Test(wrap, both_forms_agree_on_power_of_two_rings)
{
    for (unsigned log2 = 0; log2 <= 16; log2++) {
        uint32_t n = 1u << log2;
        for (int64_t x = -(int64_t)n; x < 2 * (int64_t)n; x++) {
            uint32_t g;
            cr_assert_eq(wq_wrap(x, n, &g), 0);
            cr_assert_eq(g, wq_wrap_pow2(x, log2), "x=%lld n=%u", (long long)x, n);
            cr_assert(g < n);
        }
    }
}

Test(wrap, general_form_on_odd_sizes_stays_in_range)
{
    for (uint32_t n = 1; n < 300; n++)
        for (int64_t x = -(int64_t)n; x < 2 * (int64_t)n; x++) {
            uint32_t g;
            cr_assert_eq(wq_wrap(x, n, &g), 0);
            cr_assert(g < n);
            cr_assert_eq(((int64_t)g - x) % (int64_t)n, 0, "congruent mod n");
        }
}
