// tb_uart.cpp -- wq_uart_top (rtl/wq_uart_top.v) behind a pseudo-terminal:
// the bench is the serial line.  It serialises the bytes a host process
// writes to the pty onto i_rx (start bit, 8 data bits LSB first, stop bit,
// each held for exactly CPB clocks) and decodes o_tx the way a UART does
// (falling edge, start bit re-checked at half a bit, each bit sampled in
// its middle, stop bit checked) back into the pty.  So the unchanged
// driver backend (cmodel/driver/dev_uart.c) in another process talks to
// the simulated board as to a real one: `wq nested --backend
// uart:/dev/pts/N@115200` (scripts/rtl/uart.sh).
//
// --inject N  damages about one byte in N on the line, either direction,
//             at seeded random positions: a flipped bit, a dropped byte,
//             or garbage bytes inserted before it (0: none).
// --pty-file F  writes the pty's path to F once it is ready.
// --cpb N       clocks per bit the top was built with (CLK_HZ / BAUD).
// --max-seconds S  ends the bench (exit 1) if it is still running then.
// The bench runs until SIGTERM / SIGINT, then prints its line statistics
// (`uart_line: ...`) and exits 0 -- or 1 if o_tx ever broke the framing.
#include <csignal>
#include <cerrno>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>
#include <deque>
#include "Vwq_uart_top.h"
#include "tb_harness.h"
#include "tb_rng.h"
#include "wq/defs.h"
#include "wq/uart.h"

namespace {

volatile sig_atomic_t g_stop = 0;
void on_signal(int) { g_stop = 1; }

struct Bench : tb::Harness<Vwq_uart_top> {
    int mfd = -1, keep = -1;
    uint64_t cpb, inject;
    Rng rng;
    // bench -> device
    std::deque<uint8_t> to_dev;
    int rx_bits = 0;              // bits left of the byte on i_rx (0: idle)
    uint64_t rx_cnt = 0;
    uint16_t rx_sh = 0x3FF;
    // device -> bench
    int tx_state = 0;             // 0 idle, 1 start, 2 data, 3 stop
    uint64_t tx_cnt = 0;
    int tx_bit = 0;
    uint8_t tx_byte = 0;
    std::deque<uint8_t> to_host;
    // the link's figures: frames parsed as they cross the pins
    wq_uart_rx_t hp, dp;
    uint64_t f_start = 0, cmd_start = 0;
    int cmd_code = -1, cmd_seq = -1, cmd_len = 0;
    uint64_t csr_rt = 0, csr_n = 0, mw_rt = 0, mw_bytes = 0;
    // statistics
    uint64_t n_in = 0, n_out = 0, n_flip = 0, n_drop = 0, n_garbage = 0, n_ferr = 0;

    Bench(uint64_t seed, uint64_t cpb_, uint64_t inj)
        : Harness("uart_tb", seed), cpb(cpb_), inject(inj), rng(seed)
    {
        wq_uart_rx_init(&hp);
        wq_uart_rx_init(&dp);
    }

    // a byte starts on i_rx at `cycle`
    void host_byte(uint8_t b)
    {
        if (hp.state == 0 && b == WQ_UART_SYNC) f_start = cycle;
        if (wq_uart_rx_byte(&hp, b) == WQ_UART_RX_FRAME) {
            cmd_code = hp.code; cmd_seq = hp.seq; cmd_len = hp.len; cmd_start = f_start;
        }
    }

    // a byte's stop bit ends on o_tx at `end`: a response closes the
    // round trip of its command (first start bit in, last stop bit out)
    void dev_byte(uint8_t b, uint64_t end)
    {
        if (wq_uart_rx_byte(&dp, b) != WQ_UART_RX_FRAME || dp.code == WQ_UART_ST_IRQ) return;
        if (dp.seq != cmd_seq || dp.code != WQ_UART_ST_OK) return;
        uint64_t rt = end - cmd_start;
        if (cmd_code == WQ_UART_CMD_CSR_RD) { csr_rt += rt; csr_n++; }
        if (cmd_code == WQ_UART_CMD_MEM_WR && cmd_len == 4 + 4 * WQ_UART_MAX_WORDS) {
            mw_rt += rt;
            mw_bytes += 4 * WQ_UART_MAX_WORDS;
        }
        cmd_seq = -1;
    }

    // a byte on its way, maybe damaged
    void damage(std::deque<uint8_t> &q, uint8_t b)
    {
        if (inject && rng.below((unsigned)inject) == 0) {
            switch (rng.below(3)) {
            case 0: b ^= (uint8_t)(1u << rng.below(8)); n_flip++; break;
            case 1: n_drop++; return;
            default: {
                unsigned k = 1 + rng.below(4);
                for (unsigned i = 0; i < k; i++) q.push_back((uint8_t)rng.next());
                n_garbage += k;
                break;
            }
            }
        }
        q.push_back(b);
    }

    void open_pty(const char *pty_file)
    {
        mfd = posix_openpt(O_RDWR | O_NOCTTY);
        if (mfd < 0 || grantpt(mfd) || unlockpt(mfd)) fail("posix_openpt failed");
        const char *name = ptsname(mfd);
        if (!name) fail("ptsname failed");
        // hold the slave open ourselves, so a host closing it between
        // runs is no hang-up for the master
        keep = open(name, O_RDWR | O_NOCTTY);
        if (keep < 0) fail(std::string("cannot open ") + name);
        struct termios t;       // raw until the host sets its own mode
        if (tcgetattr(keep, &t) == 0) { cfmakeraw(&t); tcsetattr(keep, TCSANOW, &t); }
        fcntl(mfd, F_SETFL, fcntl(mfd, F_GETFL) | O_NONBLOCK);
        printf("uart_tb: pty %s, %" PRIu64 " clocks per bit, inject 1/%" PRIu64 "\n", name, cpb,
               inject);
        fflush(stdout);
        if (pty_file) {
            std::string tmp = std::string(pty_file) + ".tmp";
            FILE *f = fopen(tmp.c_str(), "w");
            if (!f) fail(std::string("cannot write ") + pty_file);
            fprintf(f, "%s\n", name);
            fclose(f);
            rename(tmp.c_str(), pty_file);
        }
    }

    // host bytes in, device bytes out: once a byte time
    void pump()
    {
        uint8_t buf[512];
        for (;;) {
            ssize_t n = read(mfd, buf, sizeof buf);
            if (n <= 0) break;
            for (ssize_t i = 0; i < n; i++) { damage(to_dev, buf[i]); n_in++; }
        }
        while (!to_host.empty()) {
            uint8_t b = to_host.front();
            if (write(mfd, &b, 1) != 1) break;
            to_host.pop_front();
        }
    }

    void drive_rx()
    {
        if (rx_bits == 0 && !to_dev.empty()) {
            host_byte(to_dev.front());
            rx_sh = (uint16_t)(0x200 | (to_dev.front() << 1));   // stop, data, start
            to_dev.pop_front();
            rx_bits = 10;
            rx_cnt = cpb;
        }
        top->i_rx = rx_bits ? (rx_sh & 1) : 1;
    }

    void step_rx()
    {
        if (rx_bits && --rx_cnt == 0) {
            rx_sh >>= 1;
            rx_bits--;
            rx_cnt = cpb;
        }
    }

    void sample_tx()
    {
        int line = top->o_tx;
        switch (tx_state) {
        case 0:
            if (!line) { tx_state = 1; tx_cnt = cpb / 2; }
            break;
        case 1:
            if (--tx_cnt == 0) {
                if (line) tx_state = 0;            // a glitch
                else { tx_state = 2; tx_cnt = cpb; tx_bit = 0; tx_byte = 0; }
            }
            break;
        case 2:
            if (--tx_cnt == 0) {
                tx_byte = (uint8_t)(tx_byte | (line << tx_bit));
                tx_cnt = cpb;
                if (++tx_bit == 8) tx_state = 3;
            }
            break;
        default:
            if (--tx_cnt == 0) {
                if (!line) { n_ferr++; note("o_tx: framing error"); }
                else {
                    dev_byte(tx_byte, cycle + cpb / 2);
                    damage(to_host, tx_byte);
                    n_out++;
                }
                tx_state = 0;
            }
            break;
        }
    }

    int run(uint64_t max_seconds)
    {
        time_t t0 = time(nullptr);
        top->i_reset = 1;
        top->i_rx = 1;
        for (int i = 0; i < 4; i++) tick();
        top->i_reset = 0;
        uint64_t since = 0;
        while (!g_stop) {
            if (++since >= cpb * 10) {
                since = 0;
                pump();
                if (max_seconds && (uint64_t)(time(nullptr) - t0) > max_seconds)
                    fail("still running after --max-seconds");
                // nothing on the line either way: let the host think
                if (rx_bits == 0 && to_dev.empty() && tx_state == 0 && to_host.empty() &&
                    top->o_tx) {
                    struct pollfd pf = { mfd, POLLIN, 0 };
                    (void)poll(&pf, 1, 0);
                }
            }
            drive_rx();
            tick();
            step_rx();
            sample_tx();
        }
        printf("uart_line: cycles %" PRIu64 ", bytes to device %" PRIu64 ", to host %" PRIu64
               ", flipped %" PRIu64 ", dropped %" PRIu64 ", garbage %" PRIu64
               ", framing errors %" PRIu64 "\n",
               cycle, n_in, n_out, n_flip, n_drop, n_garbage, n_ferr);
        if (csr_n)
            printf("uart_csr_read_bit_times: %.1f (%" PRIu64 " reads)\n",
                   (double)csr_rt / (double)csr_n / (double)cpb, csr_n);
        if (mw_rt)
            printf("uart_mem_write_bytes_per_bit: %.4f (%" PRIu64 " bytes in %d-word blocks)\n",
                   (double)mw_bytes * (double)cpb / (double)mw_rt, mw_bytes, WQ_UART_MAX_WORDS);
        if (n_ferr) fail("o_tx broke the 8N1 framing");
        return 0;
    }
};

}  // namespace

int main(int argc, char **argv)
{
    tb::Args args;
    uint64_t cpb = 8, inject = 0, max_seconds = 0;
    const char *pty_file = nullptr;
    args.parse(argc, argv,
               {{"--cpb", &cpb, "N"}, {"--inject", &inject, "N"},
                {"--max-seconds", &max_seconds, "S"}},
               "[--pty-file F]", [&](const std::string &a, int &i, int ac, char **av) {
                   if (a == "--pty-file" && i + 1 < ac) { pty_file = av[++i]; return true; }
                   return false;
               });
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    signal(SIGPIPE, SIG_IGN);
    Bench b(args.seed, cpb, inject);
    b.verbose = args.verbose;
    b.rerun = args.rerun;
    b.open_wave(args.wave);
    b.open_pty(pty_file);
    return b.finish("uart", b.run(max_seconds));
}
