/* dev_uart.c -- the device interface (dev.h) over a serial line to the UART
 * bridge of rtl/wq_uart_top.v (docs/rtl/wq_uart_bridge.md): each call is one
 * framed command and its response.
 *
 * The link is never trusted: every frame carries a CRC-16, every command a
 * sequence number.  A response with a bad CRC, an error status that means
 * the bridge saw a damaged command (BAD_CRC, BAD_LEN, BAD_CMD), or no
 * response within the timeout makes the command go out again with the same
 * sequence number -- the bridge does not repeat a write it has already done
 * (it answers OK), so a retried write is applied once.  Responses to other
 * sequence numbers (late answers to an earlier try) and IRQ notices are
 * counted and skipped.  After `tries` sends the call fails with a message
 * naming the command and what went wrong; the driver reports WQ_E_DEV.
 *
 * The deadline adapts to the line, as TCP's retransmission timer does: it
 * is at least four times what the smoothed round trips of recent commands
 * predict for this one (per byte on the line, plus the bridge's abandon time
 * of TIMEOUT_BYTES byte times; a WAIT, which lasts as long as the device
 * runs, by the WAITs' own), and it doubles after every try that timed out
 * (up to BACKOFF_MAX times).  A fixed deadline fails on a slow line -- a
 * low baud rate, or a simulated board whose clock runs slower than the
 * host's: every try times out, each resend queues another copy of the frame
 * behind the last, the bridge's receiver meets them mid-frame and hunts for
 * SYNC inside their payloads, and the queue only grows.  Never a hang (every read has a deadline), never a result from a frame
 * whose CRC did not match. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>
#include "wq/defs.h"
#include "wq/dev.h"
#include "wq/uart.h"

typedef struct dev_uart {
    int          fd;
    char         path[256];
    unsigned     timeout_ms, tries;
    /* smoothed round trips of answered first tries: a WAIT's in ms (it
     * lasts as long as the device runs), the others' per byte on the line */
    unsigned     wait_rtt_ms, us_per_byte;
    int          verbose;
    uint8_t      seq;
    uint8_t      mem_log2;  /* HELLO: bytes per memory window, log2 */
    uint64_t     last_now;
    wq_uart_rx_t rx;
    /* link statistics, printed at close */
    uint64_t     cmds, resends, bad_frames, nak, timeouts, stale, irqs;
} dev_uart_t;

static uint64_t ms_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

static int write_all(dev_uart_t *u, const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t w = write(u->fd, p, n);
        if (w < 0 && (errno == EINTR || errno == EAGAIN)) {
            struct pollfd pf = { u->fd, POLLOUT, 0 };
            (void)poll(&pf, 1, 100);
            continue;
        }
        if (w <= 0) return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* the next frame from the line before the deadline: 1 frame, 0 timeout,
 * -2 a damaged frame, -1 the line failed */
static int read_frame(dev_uart_t *u, uint64_t deadline)
{
    for (;;) {
        uint64_t t = ms_now();
        if (t >= deadline) return 0;
        struct pollfd pf = { u->fd, POLLIN, 0 };
        int r = poll(&pf, 1, (int)(deadline - t));
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) return -1;
        if (r == 0) return 0;
        uint8_t b;
        ssize_t n = read(u->fd, &b, 1);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) return -1;
        int f = wq_uart_rx_byte(&u->rx, b);
        if (f == WQ_UART_RX_FRAME) return 1;
        if (f == WQ_UART_RX_BAD) return -2;
    }
}

/* a try's deadline may grow to this many times the first try's */
#define BACKOFF_MAX 8u
/* byte times of silence after which the bridge abandons a partial frame
 * (wq_uart_top's TIMEOUT_BYTES) */
#define TIMEOUT_BYTES 32u

static uint64_t us_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

/* exponentially weighted (gain 1/8); never 0 once measured */
static unsigned smooth(unsigned avg, uint64_t sample)
{
    if (sample > 100000000u) sample = 100000000u;
    return avg ? avg - avg / 8 + (unsigned)sample / 8 + 1 : (unsigned)sample + 1;
}

/* one command: 0 and the response payload in out (*olen bytes), or -1
 * (message printed); *st receives the final status */
static int transact(dev_uart_t *u, uint8_t cmd, const uint8_t *pay, uint8_t len,
                    uint8_t *out, unsigned *olen, unsigned expect_len, unsigned extra_ms)
{
    uint8_t frame[256 + WQ_UART_OVERHEAD];
    uint8_t seq = ++u->seq;
    size_t n = wq_uart_frame(frame, cmd, seq, pay, len);
    const char *why = "no answer";
    u->cmds++;
    int is_wait = cmd == WQ_UART_CMD_WAIT;
    unsigned line_bytes = (unsigned)n + expect_len + WQ_UART_OVERHEAD;
    uint64_t predict = is_wait ? u->wait_rtt_ms
                     : (uint64_t)u->us_per_byte * (line_bytes + TIMEOUT_BYTES) / 1000u;
    unsigned first = predict * 4u > u->timeout_ms ? (unsigned)(predict * 4u) : u->timeout_ms;
    unsigned wait_ms = first;
    for (unsigned t = 0; t < u->tries; t++) {
        if (t) {
            u->resends++;
            if (u->verbose)
                fprintf(stderr, "uart: %s seq %u: %s, sending again (try %u)\n",
                        wq_uart_cmd_name(cmd), seq, why, t + 1);
        }
        if (write_all(u, frame, n)) {
            fprintf(stderr, "uart: %s: write failed: %s\n", u->path, strerror(errno));
            return -1;
        }
        uint64_t sent = us_now(), deadline = sent / 1000u + wait_ms + extra_ms;
        for (;;) {
            int r = read_frame(u, deadline);
            if (r == -1) {
                fprintf(stderr, "uart: %s: read failed: %s\n", u->path, strerror(errno));
                return -1;
            }
            if (r == 0) {
                /* a partial answer that stopped arriving is not the start
                 * of the next one (a damaged LEN would swallow it) */
                wq_uart_rx_abandon(&u->rx);
                u->timeouts++;
                why = "no answer (timeout)";
                if (wait_ms < BACKOFF_MAX * first) wait_ms *= 2;
                break;
            }
            if (r == -2) { u->bad_frames++; why = "a damaged answer (CRC)"; break; }
            if (u->rx.code == WQ_UART_ST_IRQ) { u->irqs++; continue; }
            if (u->rx.seq != seq) { u->stale++; continue; }
            uint8_t st = u->rx.code;
            if (st == WQ_UART_ST_BAD_CRC || st == WQ_UART_ST_BAD_LEN ||
                st == WQ_UART_ST_BAD_CMD) {
                /* our command is well formed: the bridge saw it damaged */
                u->nak++;
                why = wq_uart_st_name(st);
                break;
            }
            if (st != WQ_UART_ST_OK) {
                fprintf(stderr, "uart: %s: the bridge answered %s\n", wq_uart_cmd_name(cmd),
                        wq_uart_st_name(st));
                return -1;
            }
            if (u->rx.len != expect_len) {
                /* a good CRC around the wrong length: a bridge of another
                 * protocol, not line noise */
                fprintf(stderr, "uart: %s: answer of %u bytes, expected %u\n",
                        wq_uart_cmd_name(cmd), u->rx.len, expect_len);
                return -1;
            }
            if (out) memcpy(out, u->rx.pay, u->rx.len);
            if (olen) *olen = u->rx.len;
            if (t == 0 && !extra_ms) {
                uint64_t rtt_us = us_now() - sent;
                if (is_wait) u->wait_rtt_ms = smooth(u->wait_rtt_ms, rtt_us / 1000u);
                else u->us_per_byte = smooth(u->us_per_byte, rtt_us / line_bytes);
            }
            return 0;
        }
    }
    fprintf(stderr, "uart: %s: %s %s seq %u failed after %u tries (last: %s)\n", u->path,
            wq_uart_cmd_name(cmd), "command", seq, u->tries, why);
    return -1;
}

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static int u_csr_read(void *impl, uint32_t off, uint32_t *val)
{
    uint8_t p[2] = { (uint8_t)off, (uint8_t)(off >> 8) }, r[4];
    if (off > 0xFFFu) return -1;
    if (transact(impl, WQ_UART_CMD_CSR_RD, p, 2, r, NULL, 4, 0)) return -1;
    *val = get32(r);
    return 0;
}

static int u_csr_write(void *impl, uint32_t off, uint32_t val)
{
    uint8_t p[6];
    if (off > 0xFFFu) return -1;
    put32(p, val);
    p[4] = (uint8_t)off;
    p[5] = (uint8_t)(off >> 8);
    return transact(impl, WQ_UART_CMD_CSR_WR, p, 6, NULL, NULL, 0, 0);
}

static int u_mem_read(void *impl, uint32_t addr, uint32_t *buf, uint32_t n)
{
    if (addr & 3) return -1;
    while (n) {
        uint32_t k = n < WQ_UART_MAX_WORDS ? n : WQ_UART_MAX_WORDS;
        uint8_t p[5], r[4 * WQ_UART_MAX_WORDS];
        put32(p, addr);
        p[4] = (uint8_t)k;
        if (transact(impl, WQ_UART_CMD_MEM_RD, p, 5, r, NULL, 4 * k, 0)) return -1;
        for (uint32_t i = 0; i < k; i++) buf[i] = get32(r + 4 * i);
        buf += k; addr += 4 * k; n -= k;
    }
    return 0;
}

static int u_mem_write(void *impl, uint32_t addr, const uint32_t *buf, uint32_t n)
{
    if (addr & 3) return -1;
    while (n) {
        uint32_t k = n < WQ_UART_MAX_WORDS ? n : WQ_UART_MAX_WORDS;
        uint8_t p[4 + 4 * WQ_UART_MAX_WORDS];
        put32(p, addr);
        for (uint32_t i = 0; i < k; i++) put32(p + 4 + 4 * i, buf[i]);
        if (transact(impl, WQ_UART_CMD_MEM_WR, p, (uint8_t)(4 + 4 * k), NULL, NULL, 0, 0))
            return -1;
        buf += k; addr += 4 * k; n -= k;
    }
    return 0;
}

/* a budget the bridge counts itself; 0 (none) goes out in slices so that
 * every answer comes within the timeout */
#define WAIT_SLICE 100000u

static int u_wait(void *impl, uint64_t budget)
{
    for (;;) {
        uint32_t b = budget == 0 || budget > WAIT_SLICE ? WAIT_SLICE : (uint32_t)budget;
        uint8_t p[4], r[1];
        put32(p, b);
        if (transact(impl, WQ_UART_CMD_WAIT, p, 4, r, NULL, 1, 0)) return -1;
        switch (r[0]) {
        case WQ_UART_WAIT_IRQ:  return WQ_DEV_WAIT_IRQ;
        case WQ_UART_WAIT_IDLE: return WQ_DEV_WAIT_IDLE;
        case WQ_UART_WAIT_BUDGET:
            if (budget == 0) continue;
            if (budget <= b) return WQ_DEV_WAIT_BUDGET;
            budget -= b;
            continue;
        default:
            fprintf(stderr, "uart: WAIT: unknown reason %u\n", r[0]);
            return -1;
        }
    }
}

static uint64_t u_now(void *impl)
{
    dev_uart_t *u = impl;
    uint8_t r[8];
    if (transact(u, WQ_UART_CMD_NOW, NULL, 0, r, NULL, 8, 0) == 0)
        u->last_now = (uint64_t)get32(r) | (uint64_t)get32(r + 4) << 32;
    return u->last_now;
}

static void u_close(void *impl)
{
    dev_uart_t *u = impl;
    fprintf(stderr, "uart: %s: %" PRIu64 " commands, %" PRIu64 " resent (%" PRIu64
            " timeouts, %" PRIu64 " damaged answers, %" PRIu64 " refused as damaged), %" PRIu64
            " late answers, %" PRIu64 " irq notices, %" PRIu64 " stray bytes, %" PRIu64
            " partial answers abandoned\n",
            u->path, u->cmds, u->resends, u->timeouts, u->bad_frames, u->nak, u->stale,
            u->irqs, u->rx.skipped, u->rx.abandoned);
    close(u->fd);
    free(u);
}

static speed_t baud_of(unsigned long b)
{
    switch (b) {
    case 9600: return B9600;
    case 19200: return B19200;
    case 38400: return B38400;
    case 57600: return B57600;
    case 115200: return B115200;
    case 230400: return B230400;
#ifdef B460800
    case 460800: return B460800;
#endif
#ifdef B921600
    case 921600: return B921600;
#endif
#ifdef B1000000
    case 1000000: return B1000000;
#endif
#ifdef B2000000
    case 2000000: return B2000000;
#endif
#ifdef B3000000
    case 3000000: return B3000000;
#endif
    default: return B0;
    }
}

static unsigned env_num(const char *name, unsigned def)
{
    const char *s = getenv(name);
    char *end;
    if (!s || !*s) return def;
    unsigned long v = strtoul(s, &end, 10);
    return *end || v == 0 || v > 3600000ul ? def : (unsigned)v;
}

int wq_dev_uart_open(wq_dev_t *dev, const char *spec, const wq_dev_uart_opts_t *opts)
{
    if (!dev || !spec) return -1;
    const char *at = strrchr(spec, '@');
    char *end;
    unsigned long baud = at ? strtoul(at + 1, &end, 10) : 0;
    if (!at || at == spec || !at[1] || *end || (size_t)(at - spec) >= 256) {
        fprintf(stderr, "uart: '%s': expected PATH@BAUD (e.g. /dev/ttyUSB0@115200)\n", spec);
        return -1;
    }
    speed_t sp = baud_of(baud);
    if (sp == B0) {
        fprintf(stderr, "uart: '%s': unsupported baud rate %lu\n", spec, baud);
        return -1;
    }
    dev_uart_t *u = calloc(1, sizeof *u);
    if (!u) return -1;
    memcpy(u->path, spec, (size_t)(at - spec));
    u->timeout_ms = env_num("WQ_UART_TIMEOUT_MS", opts && opts->timeout_ms ? opts->timeout_ms : 2000);
    u->tries = env_num("WQ_UART_TRIES", opts && opts->tries ? opts->tries : 8);
    u->verbose = (opts && opts->verbose) || getenv("WQ_UART_VERBOSE");
    wq_uart_rx_init(&u->rx);
    u->fd = open(u->path, O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (u->fd < 0) {
        fprintf(stderr, "uart: cannot open %s: %s\n", u->path, strerror(errno));
        free(u);
        return -1;
    }
    struct termios tio;
    if (tcgetattr(u->fd, &tio) == 0) {
        cfmakeraw(&tio);
        tio.c_cflag |= CLOCAL | CREAD;
        tio.c_cflag &= ~(tcflag_t)(CSTOPB | PARENB | CRTSCTS);
        tio.c_cc[VMIN] = 0;
        tio.c_cc[VTIME] = 0;
        cfsetispeed(&tio, sp);
        cfsetospeed(&tio, sp);
        if (tcsetattr(u->fd, TCSANOW, &tio)) {
            fprintf(stderr, "uart: %s: cannot set 8N1 at %lu baud: %s\n", u->path, baud,
                    strerror(errno));
            close(u->fd);
            free(u);
            return -1;
        }
        tcflush(u->fd, TCIFLUSH);
    }
    uint8_t r[4];
    if (transact(u, WQ_UART_CMD_HELLO, NULL, 0, r, NULL, 4, 0)) {
        fprintf(stderr, "uart: %s: no bridge answers HELLO\n", u->path);
        u_close(u);
        return -1;
    }
    if (r[0] != WQ_UART_VERSION || r[1] != WQ_UART_MAX_WORDS) {
        fprintf(stderr, "uart: %s: bridge version %u with %u-word blocks; this driver speaks "
                        "version %u with %u\n", u->path, r[0], r[1], (unsigned)WQ_UART_VERSION,
                (unsigned)WQ_UART_MAX_WORDS);
        u_close(u);
        return -1;
    }
    u->mem_log2 = r[2];
    /* a fresh device, as the other backends give: reset, memory cleared.
     * The bridge clears 2^(MEM_LOG2-1) words, one a clock: milliseconds on
     * a board, seconds in a simulation, so this answer gets longer */
    if (transact(u, WQ_UART_CMD_RESET, NULL, 0, NULL, NULL, 0, 15000)) {
        u_close(u);
        return -1;
    }
    memset(dev, 0, sizeof *dev);
    dev->impl = u;
    dev->name = "uart";
    dev->csr_read = u_csr_read;
    dev->csr_write = u_csr_write;
    dev->mem_read = u_mem_read;
    dev->mem_write = u_mem_write;
    dev->wait = u_wait;
    dev->now = u_now;
    dev->close = u_close;
    return 0;
}

int wq_dev_uart_mem_log2(const wq_dev_t *dev)
{
    if (!dev || dev->close != u_close) return -1;
    const dev_uart_t *u = dev->impl;
    return u->mem_log2;
}
