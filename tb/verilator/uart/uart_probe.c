/* uart_probe.c -- the bridge's protocol rules, one by one, against the
 * simulated board of tb_uart.cpp (scripts/rtl/uart.sh): hand-built frames
 * on the pty, each answer checked.  Exit 0 when every rule holds.
 *   uart_probe PTY_PATH CLOCKS_PER_BIT */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "wq/defs.h"
#include "wq/uart.h"

static int fd, failures;
static wq_uart_rx_t rx;

static void send_raw(const uint8_t *p, size_t n)
{
    if (write(fd, p, n) != (ssize_t)n) { perror("uart_probe: write"); exit(2); }
}

static void send(uint8_t code, uint8_t seq, const uint8_t *pay, uint8_t len)
{
    uint8_t f[256 + WQ_UART_OVERHEAD];
    send_raw(f, wq_uart_frame(f, code, seq, pay, len));
}

/* the next device frame (IRQ notices skipped) within ms; 1 or 0 */
static int recv(int ms)
{
    for (;;) {
        struct pollfd pf = { fd, POLLIN, 0 };
        if (poll(&pf, 1, ms) <= 0) return 0;
        uint8_t b;
        if (read(fd, &b, 1) != 1) return 0;
        int r = wq_uart_rx_byte(&rx, b);
        if (r == WQ_UART_RX_FRAME && rx.code != WQ_UART_ST_IRQ) return 1;
        if (r == WQ_UART_RX_BAD) { printf("uart_probe: damaged answer on a clean line\n"); failures++; }
    }
}

/* an answer within ms of wall time: generous, since a simulated board on a
 * loaded machine runs slower than the host expects (the rules are checked,
 * not the speed) */
static void expect_within(const char *what, uint8_t seq, uint8_t st, uint8_t len, int ms)
{
    if (!recv(ms)) {
        /* a lost answer leaves nothing later to judge (the next answer
         * could be this one, late): stop here rather than wait out every
         * rule's deadline on a dead or misframed line */
        printf("uart_probe: FAIL %s: no answer within %d ms (%d failures before it); stopping\n",
               what, ms, failures);
        exit(1);
    }
    if (rx.seq != seq || rx.code != st || rx.len != len) {
        printf("uart_probe: FAIL %s: answer seq %u %s len %u, expected seq %u %s len %u\n", what,
               rx.seq, wq_uart_st_name(rx.code), rx.len, seq, wq_uart_st_name(st), len);
        failures++;
        return;
    }
    printf("uart_probe: ok   %s -> %s\n", what, wq_uart_st_name(st));
}

static void expect(const char *what, uint8_t seq, uint8_t st, uint8_t len)
{
    expect_within(what, seq, st, len, 30000);
}

static uint32_t get32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

static uint32_t csr_rd(uint8_t seq, uint32_t off)
{
    uint8_t p[2] = { (uint8_t)off, (uint8_t)(off >> 8) };
    send(WQ_UART_CMD_CSR_RD, seq, p, 2);
    expect("CSR_RD", seq, WQ_UART_ST_OK, 4);
    return get32(rx.pay);
}

static void csr_wr(uint8_t seq, uint32_t off, uint32_t v, const char *what)
{
    uint8_t p[6] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24),
                     (uint8_t)off, (uint8_t)(off >> 8) };
    send(WQ_UART_CMD_CSR_WR, seq, p, 6);
    expect(what, seq, WQ_UART_ST_OK, 0);
}

int main(int argc, char **argv)
{
    if (argc != 3) { fprintf(stderr, "usage: uart_probe PTY CLOCKS_PER_BIT\n"); return 2; }
    fd = open(argv[1], O_RDWR | O_NOCTTY);
    if (fd < 0) { perror(argv[1]); return 2; }
    struct termios t;
    if (tcgetattr(fd, &t) == 0) { cfmakeraw(&t); tcsetattr(fd, TCSANOW, &t); }
    wq_uart_rx_init(&rx);
    uint8_t seq = 1;

    send(WQ_UART_CMD_HELLO, seq, NULL, 0);
    expect("HELLO", seq, WQ_UART_ST_OK, 4);
    if (rx.pay[0] != WQ_UART_VERSION || rx.pay[1] != WQ_UART_MAX_WORDS) {
        printf("uart_probe: FAIL HELLO payload %u %u\n", rx.pay[0], rx.pay[1]); failures++;
    }
    seq++;
    send(WQ_UART_CMD_RESET, seq, NULL, 0);
    /* the bridge clears the memory a word a clock: 2^18 clocks */
    expect_within("RESET", seq, WQ_UART_ST_OK, 0, 300000);
    seq++;
    if (csr_rd(seq++, WQ_CSR_ID) != WQ_CSRVAL_ID_VALUE) { printf("uart_probe: FAIL ID\n"); failures++; }

    /* an unknown command; a LEN wrong for its command; a bad CRC */
    send(0x7E, seq, NULL, 0);
    expect("unknown command", seq, WQ_UART_ST_BAD_CMD, 0);
    seq++;
    send(WQ_UART_CMD_CSR_RD, seq, NULL, 0);
    expect("CSR_RD without its offset", seq, WQ_UART_ST_BAD_LEN, 0);
    seq++;
    {
        uint8_t f[16];
        uint8_t p[2] = { 0, 0 };
        size_t n = wq_uart_frame(f, WQ_UART_CMD_CSR_RD, seq, p, 2);
        f[4] ^= 0x10;                               /* one flipped payload bit */
        send_raw(f, n);
        expect("flipped bit", seq, WQ_UART_ST_BAD_CRC, 0);
        seq++;
    }
    /* the payload intact, one bit of the CRC's high or low byte flipped */
    for (int k = 2; k >= 1; k--) {
        uint8_t f[16];
        uint8_t p[2] = { 0, 0 };
        size_t n = wq_uart_frame(f, WQ_UART_CMD_CSR_RD, seq, p, 2);
        f[n - k] ^= (uint8_t)(k == 2 ? 0x80 : 0x01);
        send_raw(f, n);
        expect(k == 2 ? "flipped CRC_HI bit" : "flipped CRC_LO bit", seq, WQ_UART_ST_BAD_CRC, 0);
        seq++;
    }
    /* LEN over MAX_LEN: refused at once, SEQ 0 */
    {
        uint8_t f[2] = { WQ_UART_SYNC, WQ_UART_MAX_LEN + 1 };
        send_raw(f, 2);
        expect("LEN over MAX_LEN", 0, WQ_UART_ST_BAD_LEN, 0);
    }
    /* wq_top's own errors: an unmapped CSR, a block outside the memory */
    {
        uint8_t p[2] = { 0xFC, 0x0F };
        send(WQ_UART_CMD_CSR_RD, seq, p, 2);
        expect("unmapped CSR", seq, WQ_UART_ST_CSR_ERR, 0);
        seq++;
        uint8_t m[5] = { 0, 0, 0, 0x80, 1 };          /* 0x80000000 */
        send(WQ_UART_CMD_MEM_RD, seq, m, 5);
        expect("MEM_RD outside the memory", seq, WQ_UART_ST_MEM_RANGE, 0);
        seq++;
    }
    /* garbage between frames, then a frame */
    {
        uint8_t g[7] = { 0x00, 0xFF, 0x13, 0x37, 0x5A, 0xC3, 0x99 };
        send_raw(g, sizeof g);
        if (csr_rd(seq++, WQ_CSR_ID) != WQ_CSRVAL_ID_VALUE) { printf("uart_probe: FAIL ID after garbage\n"); failures++; }
    }
    /* a frame that stops arriving is abandoned: after the timeout the
     * next frame is read on its own */
    {
        uint8_t f[16];
        uint8_t p[2] = { 0, 0 };
        wq_uart_frame(f, WQ_UART_CMD_CSR_RD, seq, p, 2);
        send_raw(f, 5);                             /* SYNC LEN CODE SEQ + 1 byte */
        /* the bridge abandons it after 32 byte times (2560 clocks) */
        if (recv(3000)) { printf("uart_probe: FAIL an answer to half a frame\n"); failures++; }
        else printf("uart_probe: ok   half a frame -> no answer\n");
        if (csr_rd(seq++, WQ_CSR_ID) != WQ_CSRVAL_ID_VALUE) { printf("uart_probe: FAIL ID after a cut frame\n"); failures++; }
    }
    /* a retried write (same SEQ as the last command) is not done twice */
    {
        uint8_t s = seq++;
        csr_wr(s, WQ_CSR_HOST_SLICE, 5, "CSR_WR HOST_SLICE=5");
        csr_wr(s, WQ_CSR_HOST_SLICE, 9, "CSR_WR HOST_SLICE=9 with the same SEQ (a retry)");
        uint32_t v = csr_rd(seq++, WQ_CSR_HOST_SLICE);
        if (v != 5) { printf("uart_probe: FAIL the retried write was done again (HOST_SLICE %u)\n", v); failures++; }
        else printf("uart_probe: ok   the retried write was answered, not done\n");
        csr_wr(seq++, WQ_CSR_HOST_SLICE, 9, "CSR_WR HOST_SLICE=9 with a new SEQ");
        if (csr_rd(seq++, WQ_CSR_HOST_SLICE) != 9) { printf("uart_probe: FAIL a new write was not done\n"); failures++; }
    }
    /* a whole block out and back */
    {
        uint8_t p[4 + 4 * WQ_UART_MAX_WORDS];
        uint32_t a = 0xF0000100u;
        p[0] = (uint8_t)a; p[1] = (uint8_t)(a >> 8); p[2] = (uint8_t)(a >> 16); p[3] = (uint8_t)(a >> 24);
        for (unsigned i = 0; i < 4 * WQ_UART_MAX_WORDS; i++) p[4 + i] = (uint8_t)(i * 7 + 3);
        send(WQ_UART_CMD_MEM_WR, seq, p, sizeof p);
        expect("MEM_WR 32 words", seq, WQ_UART_ST_OK, 0);
        seq++;
        uint8_t q[5] = { p[0], p[1], p[2], p[3], WQ_UART_MAX_WORDS };
        send(WQ_UART_CMD_MEM_RD, seq, q, 5);
        expect("MEM_RD 32 words", seq, WQ_UART_ST_OK, 4 * WQ_UART_MAX_WORDS);
        seq++;
        if (memcmp(rx.pay, p + 4, 4 * WQ_UART_MAX_WORDS)) { printf("uart_probe: FAIL block read back differs\n"); failures++; }
        else printf("uart_probe: ok   block read back\n");
    }
    /* WAIT on an idle device; an interrupt raised by a write is noticed */
    {
        uint8_t w[4] = { 0, 0, 1, 0 };
        send(WQ_UART_CMD_WAIT, seq, w, 4);
        expect("WAIT on an idle device", seq, WQ_UART_ST_OK, 1);
        if (rx.pay[0] != WQ_UART_WAIT_IDLE) { printf("uart_probe: FAIL WAIT reason %u\n", rx.pay[0]); failures++; }
        seq++;
    }
    printf("uart_probe: %d failures\n", failures);
    return failures ? 1 : 0;
}
