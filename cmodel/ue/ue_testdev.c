/* ue_testdev.c -- the micro-engine's deterministic test device.  The RTL
 * bench calls wq_ue_testdev_value() for i_io_rdata, the simulator calls
 * wq_ue_testdev_in(); both count the completed `in`s the same way, so both
 * sides read the same word for the same access. */
#include <string.h>
#include "wq/ue.h"

/* splitmix64's finaliser: every input bit moves every output bit */
static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t wq_ue_testdev_value(uint64_t seed, uint32_t port, uint64_t n)
{
    uint64_t z = mix(seed + 0x9E3779B97F4A7C15ull);
    z = mix(z ^ ((uint64_t)(port & 0xFFu) << 56) ^ n);
    return (uint32_t)z;
}

void wq_ue_testdev_init(wq_ue_testdev_t *td, uint64_t seed)
{
    memset(td, 0, sizeof *td);
    td->seed = seed;
    td->out_hash = 14695981039346656037ull;
}

uint32_t wq_ue_testdev_in(void *ctx, uint32_t port)
{
    wq_ue_testdev_t *td = ctx;
    return wq_ue_testdev_value(td->seed, port, td->nin++);
}

void wq_ue_testdev_out(void *ctx, uint32_t port, uint32_t value)
{
    wq_ue_testdev_t *td = ctx;
    if (td->nout < WQ_UE_TESTDEV_LOG) {
        td->log_port[td->nout] = port;
        td->log_value[td->nout] = value;
    }
    td->nout++;
    uint64_t x = ((uint64_t)(port & 0xFFu) << 32) | value;
    for (unsigned b = 0; b < 40; b += 8)
        td->out_hash = (td->out_hash ^ ((x >> b) & 0xFFu)) * 1099511628211ull;
}

const wq_ue_io_t wq_ue_testdev_io = { wq_ue_testdev_in, wq_ue_testdev_out };
