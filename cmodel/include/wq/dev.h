/* dev.h -- the one small interface the driver talks to a device through
 * (DESIGN §9): CSR read/write, memory read/write, and "run until something
 * happens".  Three backends fit behind it:
 *   - the C model (cmodel/driver/dev_model.c, here);
 *   - the Verilated RTL in lockstep with the model (a thin C++ adapter over
 *     tb/verilator/top/tb_cosim.cpp: a CSR access becomes a CSR step on the
 *     RTL's port plus wq_csr_* on the model, memory goes to both memories,
 *     wait clocks the RTL until o_irq or idle);
 *   - an FPGA board over a UART bridge (each call is one bridge transaction).
 * Nothing here names a model type, so the driver never sees which one it has.
 *
 * Every call returns 0 on success or -1 when the device refused (an unmapped
 * CSR, a link failure); the driver turns that into WQ_E_DEV. */
#ifndef WQ_DEV_H
#define WQ_DEV_H
#include <stdint.h>

/* what wait() stopped on */
enum {
    WQ_DEV_WAIT_IRQ = 1,    /* IRQ_STATUS & IRQ_ENABLE != 0 (the RTL's o_irq) */
    WQ_DEV_WAIT_IDLE,       /* no channel has work and the engine is idle     */
    WQ_DEV_WAIT_BUDGET      /* the budget of device time ran out first; spec_check: ok (uart.def UARTWAIT is the wire's byte, mapped in dev_uart.c) */
};

/* an event record as the device emitted it (trace.h), with its device time */
struct wq_trace_rec;
typedef void (*wq_dev_trace_fn)(void *user, const struct wq_trace_rec *r, uint64_t now);

typedef struct wq_dev {
    void       *impl;       /* the backend's own state                         */
    const char *name;       /* "model", "rtl", "uart" -- for summaries only     */
    int (*csr_read)(void *impl, uint32_t off, uint32_t *val);
    int (*csr_write)(void *impl, uint32_t off, uint32_t val);
    /* whole 32-bit words at a 4-aligned byte address: the narrowest thing a
     * UART bridge or an AXI master has to support */
    int (*mem_read)(void *impl, uint32_t addr, uint32_t *buf, uint32_t nwords);
    int (*mem_write)(void *impl, uint32_t addr, const uint32_t *buf, uint32_t nwords);
    /* run the device for at most `budget` units of device time (model ticks,
     * RTL cycles; 0 = no budget) and return WQ_DEV_WAIT_*; -1 on failure.
     * Returns at once (IRQ or IDLE) when the condition already holds. */
    int (*wait)(void *impl, uint64_t budget);
    /* device time since open, in the same units: what the driver reports as
     * "cycles" and what measurements subtract */
    uint64_t (*now)(void *impl);
    /* lockstep backends: mismatches found so far (NULL: not a checker) */
    uint64_t (*mismatches)(void *impl);
    void (*close)(void *impl);
    /* measurement hooks of simulated backends (NULL where there is none):
     * trace delivers every event record from now on to fn (fn NULL: stop);
     * set_link_latency makes every later csr/mem call first let the device
     * run that long, as a host on the far side of PCIe or a UART sees it */
    int (*trace)(void *impl, wq_dev_trace_fn fn, void *user);
    int (*set_link_latency)(void *impl, uint32_t latency);
} wq_dev_t;

/* ---- the model backend (cmodel/driver/dev_model.c) ----------------------- */
struct wq_ctx;
struct wq_config;
typedef struct wq_dev_model_opts {
    /* host-link latency: every csr/mem call first lets the device run this
     * many ticks, as a host on the far side of PCIe or a UART would see it.
     * 0 = accesses are free (a driver living next to the device). */
    uint32_t link_latency;
} wq_dev_model_opts_t;

/* open a fresh model (cfg NULL = defaults) behind dev; 0 or -1 */
int  wq_dev_model_open(wq_dev_t *dev, const struct wq_config *cfg,
                       const wq_dev_model_opts_t *opts);
/* the model behind a model backend (tests, traces, measurements); NULL if
 * dev is some other backend */
struct wq_ctx *wq_dev_model_ctx(const wq_dev_t *dev);
/* change the link latency of an open model backend */
void wq_dev_model_set_latency(wq_dev_t *dev, uint32_t link_latency);
/* ---- the uart backend (cmodel/driver/dev_uart.c) ------------------------- */
/* a board (or the simulated one, scripts/rtl/uart.sh) behind the UART
 * bridge of rtl/wq_uart_top.v, spoken to over a serial device */
typedef struct wq_dev_uart_opts {
    unsigned timeout_ms;    /* wait for one answer (default 2000)               */
    unsigned tries;         /* sends of one command before giving up (default 8) */
    int      verbose;       /* every retry and notice on stderr                 */
} wq_dev_uart_opts_t;

/* spec "PATH@BAUD" (e.g. /dev/ttyUSB0@115200); opens the line, checks the
 * bridge's version (HELLO) and resets the device (RESET).  -1 with a
 * message on stderr when the line cannot be opened or the bridge does not
 * answer.  Environment: WQ_UART_TIMEOUT_MS, WQ_UART_TRIES override opts. */
int  wq_dev_uart_open(wq_dev_t *dev, const char *spec, const wq_dev_uart_opts_t *opts);
/* the bridge's memory as HELLO reported it: each of its two windows (at 0
 * and at 0xF0000000) holds 2^result bytes; -1 if dev is not a uart backend */
int  wq_dev_uart_mem_log2(const wq_dev_t *dev);

/* close any backend */
void wq_dev_close(wq_dev_t *dev);

#endif
