/* trace.c -- one readable line per trace record. */
#include <stdio.h>
#include "wq/trace.h"
#include "wq/token.h"

const char *wq_method_name(uint32_t off)
{
    switch (off) {
#define METHOD(n, o) case o: return #n;
#include "../spec/method.def"
#undef METHOD
    default: return "?";
    }
}

int wq_trace_format(const wq_trace_rec_t *r, char *buf, unsigned len)
{
    char tok[96];
    const char *k = wq_event_name(r->kind);
    switch (r->kind) {
    case WQ_EV_RETIRE:
        return snprintf(buf, len, "w%-2u %-13s pc=%-5u sel=%08x insn=%016llx", r->unit, k,
                        r->pc, r->mask, (unsigned long long)r->b);
    case WQ_EV_REG_WRITE: {
        int n = snprintf(buf, len, "w%-2u %-13s pc=%-5u r%u mask=%08x", r->unit, k, r->pc,
                         r->aux, r->mask);
        for (unsigned l = 0; l < 32 && r->vals && n > 0 && (unsigned)n < len; l++)
            if (r->mask >> l & 1)
                n += snprintf(buf + n, len - (unsigned)n, " %u:%x", l, r->vals[l]);
        return n;
    }
    case WQ_EV_PRED_WRITE:
        return snprintf(buf, len, "w%-2u %-13s pc=%-5u p%u mask=%08x -> %08x", r->unit, k,
                        r->pc, r->aux, r->mask, (unsigned)r->b);
    case WQ_EV_MEM_WRITE:
        return snprintf(buf, len, "w%-2u %-13s pc=%-5u lane %u [%08x] = %08x", r->unit, k,
                        r->pc, (unsigned)r->aux, r->a, (unsigned)r->b);
    case WQ_EV_ATOMIC:
        return snprintf(buf, len, "w%-2u %-13s pc=%-5u lane %u op %u [%08x] %08x -> %08x",
                        r->unit, k, r->pc, (unsigned)(r->aux >> 8), (unsigned)(r->aux & 0xFFu), r->a,
                        (unsigned)r->c, (unsigned)r->b);
    case WQ_EV_DQ_PUSH_FRONT: case WQ_EV_DQ_PUSH_BACK: case WQ_EV_DQ_MERGE:
        return snprintf(buf, len, "w%-2u %-13s pc=%-5u [%u] %s", r->unit, k, r->pc, r->a,
                        wq_token_format(r->b, tok, sizeof tok));
    case WQ_EV_DQ_POP:
        return snprintf(buf, len, "w%-2u %-13s pc=%-5u [%u] %s wakes %08x", r->unit, k,
                        r->pc, r->a, wq_token_format(r->b, tok, sizeof tok),
                        r->mask);
    case WQ_EV_MASK_PC:
        return snprintf(buf, len, "w%-2u %-13s pc=%-5u -> pc=%u active=%08x", r->unit, k,
                        r->pc, r->a, r->mask);
    case WQ_EV_THREAD_STATE:
        return snprintf(buf, len, "w%-2u %-13s pc=%-5u %08x wait %s@%u", r->unit, k, r->pc,
                        r->mask, wq_toktype_name(r->aux), r->a);
    case WQ_EV_TRAP:
        return snprintf(buf, len, "w%-2u %-13s pc=%-5u %s active=%08x", r->unit, k, r->pc,
                        wq_trap_name(r->a), r->mask);
    case WQ_EV_CTA_START:
        return snprintf(buf, len, "w%-2u %-13s grid %u cta %u warp %u pc=%u threads=%08x",
                        r->unit, k, (unsigned)r->b, r->a, r->aux, r->pc, r->mask);
    case WQ_EV_WARP_DONE:
        return snprintf(buf, len, "w%-2u %-13s", r->unit, k);
    case WQ_EV_METHOD:
        return snprintf(buf, len, "c%-2u %-13s %s (0x%03x) = 0x%08llx subch %u", r->unit, k,
                        wq_method_name(r->a), r->a, (unsigned long long)r->b, (unsigned)r->aux);
    case WQ_EV_GP_GET:
        return snprintf(buf, len, "c%-2u %-13s -> %u", r->unit, k, r->a);
    case WQ_EV_LAUNCH:
        return snprintf(buf, len, "c%-2u %-13s descriptor 0x%08x", r->unit, k, r->a);
    case WQ_EV_SEM:
        return snprintf(buf, len, "c%-2u %-13s %s [0x%08x] payload 0x%llx mem 0x%llx", r->unit,
                        k, wq_semop_name(r->aux), r->a, (unsigned long long)r->b,
                        (unsigned long long)r->c);
    case WQ_EV_CHAN_SWITCH:
        return snprintf(buf, len, "c%-2u %-13s -> c%u (reason %u)", r->unit, k, r->a,
                        (unsigned)r->aux);
    case WQ_EV_ACQ_FAIL:
        return snprintf(buf, len, "c%-2u %-13s attempt %u [0x%08x] payload 0x%llx mem 0x%llx",
                        r->unit, k, (unsigned)r->aux, r->a, (unsigned long long)r->b,
                        (unsigned long long)r->c);
    case WQ_EV_BAR_RELEASE:
        return snprintf(buf, len, "w%-2u %-13s cta key %u slots %llx", r->unit, k, r->a,
                        (unsigned long long)r->b);
    case WQ_EV_CHAN_ERROR:
        return snprintf(buf, len, "c%-2u %-13s %s info=%08x", r->unit, k,
                        wq_cherr_name(r->a), (unsigned)r->b);
    default:
        return snprintf(buf, len, "c%-2u %-13s aux=%u mask=%08x a=%08x b=%llx c=%llx",
                        r->unit, k, r->aux, r->mask, r->a, (unsigned long long)r->b,
                        (unsigned long long)r->c);
    }
}
