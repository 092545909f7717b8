// tb_line.h -- 32-bit words of a Verilated port of any width: a port up to
// 64 bits is an integer (CData ... QData), a wider one a VlWide<N>.  The
// benches that drive wq_top's memory port (one word or one L1 line wide,
// wq_top's MEM_LINE) and read its MEM_WRITE beat port use these, so the
// same bench source serves every configuration.
#ifndef WQ_TB_LINE_H
#define WQ_TB_LINE_H
#include <cstdint>
#include <type_traits>
#include "verilated.h"

namespace tb {

template <typename T>
inline uint32_t word_of(const T &v, unsigned i)
{
    static_assert(std::is_integral<T>::value, "an integer port");
    return i * 32 < sizeof(T) * 8 ? (uint32_t)((uint64_t)v >> (32 * i)) : 0;
}
template <std::size_t N>
inline uint32_t word_of(const VlWide<N> &v, unsigned i) { return i < N ? v[i] : 0; }

template <typename T>
inline void set_word(T &v, unsigned i, uint32_t w)
{
    static_assert(std::is_integral<T>::value, "an integer port");
    if (i * 32 >= sizeof(T) * 8) return;
    uint64_t m = sizeof(T) >= 8 ? 0xFFFFFFFFull << (32 * i) : (uint64_t)(T)~(T)0;
    v = (T)(((uint64_t)v & ~m) | (((uint64_t)w << (32 * i)) & m));
}
template <std::size_t N>
inline void set_word(VlWide<N> &v, unsigned i, uint32_t w) { if (i < N) v[i] = w; }

// bits [lo, lo + n) of a port, n <= 32, not crossing a 32-bit word
template <typename T>
inline uint32_t bits_of(const T &v, unsigned lo, unsigned n)
{
    uint32_t w = word_of(v, lo / 32) >> (lo % 32);
    return n >= 32 ? w : w & ((1u << n) - 1u);
}

}  // namespace tb
#endif
