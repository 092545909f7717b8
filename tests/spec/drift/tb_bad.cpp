// tb_bad.cpp -- drift self-test: a bench (tb/) that names table rows
// itself instead of including wq/defs.h.  Never compiled; see README.
#include <cstdint>
constexpr unsigned CMD_DBG_SET_HEADTAIL = @DEC:WQ_DQCMD_DBG_SET_HEADTAIL@;   // expect: WQ_DQCMD_DBG_SET_HEADTAIL
static const uint32_t TRAP_MISALIGNED = @DEC:WQ_TRAP_MISALIGNED@;  // expect: WQ_TRAP_MISALIGNED
enum class Ev : uint8_t {
    RETIRE = @DEC:WQ_EV_RETIRE@,                 // expect: WQ_EV_RETIRE
    MY_OWN = 77,
};
// near misses
constexpr unsigned SEEDS = 5;
static const int HISTORY = 16;
