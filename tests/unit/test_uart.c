/* test_uart.c -- the UART protocol's host side (wq/uart.h): the CRC is
 * CRC-16/CCITT (the standard check value), a frame built and parsed comes
 * back whole, every single-bit flip of a frame is caught, garbage before a
 * frame is skipped and counted, an impossible LEN ends the frame at once,
 * an abandoned partial frame does not swallow the next one;
 * and the uart backend refuses a bad device string instead of opening. */
#include <criterion/criterion.h>
#include <string.h>
#include "wq/defs.h"
#include "wq/dev.h"
#include "wq/uart.h"

static int parse(wq_uart_rx_t *r, const uint8_t *p, size_t n)
{
    int last = WQ_UART_RX_MORE;
    for (size_t i = 0; i < n; i++) {
        last = wq_uart_rx_byte(r, p[i]);
        if (last != WQ_UART_RX_MORE) return last;
    }
    return last;
}

Test(uart, crc_is_ccitt_false)
{
    const uint8_t check[] = "123456789";
    /* CRC-16/CCITT-FALSE check value (poly 0x1021, init 0xFFFF) */
    cr_assert_eq(wq_uart_crc16(WQ_UART_CRC_INIT, check, 9), 0x29B1);
}

Test(uart, frame_round_trip)
{
    uint8_t pay[WQ_UART_MAX_LEN], f[WQ_UART_MAX_LEN + WQ_UART_OVERHEAD];
    for (unsigned i = 0; i < sizeof pay; i++) pay[i] = (uint8_t)(i * 37 + 1);
    size_t n = wq_uart_frame(f, WQ_UART_CMD_MEM_WR, 200, pay, WQ_UART_MAX_LEN);
    cr_assert_eq(n, WQ_UART_MAX_LEN + WQ_UART_OVERHEAD);
    cr_assert_eq(f[0], WQ_UART_SYNC);
    wq_uart_rx_t r;
    wq_uart_rx_init(&r);
    cr_assert_eq(parse(&r, f, n), WQ_UART_RX_FRAME);
    cr_assert_eq(r.code, WQ_UART_CMD_MEM_WR);
    cr_assert_eq(r.seq, 200);
    cr_assert_eq(r.len, WQ_UART_MAX_LEN);
    cr_assert_eq(memcmp(r.pay, pay, sizeof pay), 0);
}

Test(uart, every_single_bit_flip_is_caught)
{
    uint8_t pay[6] = { 1, 2, 3, 4, 0x0C, 0 }, f[16];
    size_t n = wq_uart_frame(f, WQ_UART_CMD_CSR_WR, 7, pay, 6);
    unsigned caught = 0, total = 0;
    /* flips after SYNC: a flipped SYNC is garbage, not a frame */
    for (size_t i = 1; i < n; i++)
        for (int b = 0; b < 8; b++) {
            uint8_t g[16];
            memcpy(g, f, n);
            g[i] ^= (uint8_t)(1u << b);
            wq_uart_rx_t r;
            wq_uart_rx_init(&r);
            int v = parse(&r, g, n);
            total++;
            /* a flipped LEN may leave the frame unfinished: no frame either */
            if (v != WQ_UART_RX_FRAME) caught++;
        }
    cr_assert_eq(caught, total, "%u of %u flips went unnoticed", total - caught, total);
}

Test(uart, garbage_before_a_frame_is_skipped)
{
    uint8_t f[32] = { 0x00, 0x13, 0xFF, 0x37 };
    size_t n = 4 + wq_uart_frame(f + 4, WQ_UART_ST_OK, 9, (const uint8_t *)"\x01\x02", 2);
    wq_uart_rx_t r;
    wq_uart_rx_init(&r);
    cr_assert_eq(parse(&r, f, n), WQ_UART_RX_FRAME);
    cr_assert_eq(r.skipped, 4);
    cr_assert_eq(r.seq, 9);
}

Test(uart, impossible_len_ends_the_frame)
{
    uint8_t f[2] = { WQ_UART_SYNC, WQ_UART_MAX_LEN + 1 };
    wq_uart_rx_t r;
    wq_uart_rx_init(&r);
    cr_assert_eq(parse(&r, f, 2), WQ_UART_RX_BAD);
    cr_assert_eq(r.state, 0);
}

/* a garbage SYNC with a large LEN swallows the answer behind it; after
 * wq_uart_rx_abandon (the backend's timeout) the next answer parses whole */
Test(uart, an_abandoned_partial_frame_frees_the_next_answer)
{
    uint8_t f[WQ_UART_OVERHEAD + 4];
    const uint8_t four[4] = { 1, 2, 3, 4 };
    size_t n = wq_uart_frame(f, WQ_UART_ST_OK, 9, four, 4);
    const uint8_t garbage[2] = { WQ_UART_SYNC, 100 };
    wq_uart_rx_t r;
    wq_uart_rx_init(&r);
    cr_assert_eq(parse(&r, garbage, 2), WQ_UART_RX_MORE);
    cr_assert_eq(parse(&r, f, n), WQ_UART_RX_MORE, "the answer went into the garbage frame");
    wq_uart_rx_abandon(&r);
    cr_assert_eq(r.abandoned, 1u);
    cr_assert_eq(parse(&r, f, n), WQ_UART_RX_FRAME);
    cr_assert_eq(r.seq, 9);
    cr_assert_eq(r.len, 4);
    cr_assert_eq(memcmp(r.pay, four, 4), 0);
    wq_uart_rx_abandon(&r);             /* between frames: nothing to give up */
    cr_assert_eq(r.abandoned, 1u);
}

Test(uart, names_come_from_the_table)
{
    cr_assert_str_eq(wq_uart_cmd_name(WQ_UART_CMD_CSR_RD), "CSR_RD");
    cr_assert_str_eq(wq_uart_st_name(WQ_UART_ST_BAD_CRC), "BAD_CRC");
    cr_assert_str_eq(wq_uart_st_name(0x7F), "?");
}

Test(uart, bad_device_strings_are_refused)
{
    wq_dev_t dev;
    cr_assert_eq(wq_dev_uart_open(&dev, "/dev/null", NULL), -1);          /* no @BAUD */
    cr_assert_eq(wq_dev_uart_open(&dev, "/dev/null@12345", NULL), -1);    /* odd baud */
    cr_assert_eq(wq_dev_uart_open(&dev, "/nonexistent/tty@115200", NULL), -1);
    cr_assert_eq(wq_dev_uart_open(&dev, "@115200", NULL), -1);
}
