// fcov.cpp -- functional coverage counters (fcov.h).  Every bin list is an
// X-macro expansion of a spec table: cmodel/spec/*.def, included here the
// way wq/defs.h includes them, so the tables stay the single source.
#include "fcov.h"

#include <cstdio>

extern "C" {
#include "wq/defs.h"
#include "wq/isa.h"
}


namespace {
// token types that can sit in a deque: the PRESENCE field has one bit per
// such type (token.def); the others are thread-disable reasons only
const unsigned kDequeTypes = WQ_TF_PRESENCE_HI - WQ_TF_PRESENCE_LO + 1;

uint32_t field(uint32_t v, unsigned hi, unsigned lo)
{
    return (uint32_t)((v & WQ_FMASK(hi, lo)) >> lo);
}
}  // namespace

Fcov::Fcov()
{
#define EVENT(n, c) add("event." #n);
#include "wq/../../spec/event.def"
#undef EVENT
#define STEPKIND(n, c) add("step_kind." #n);
#define STEPRES(n, c) add("step_result." #n);
#include "wq/../../spec/step.def"
#undef STEPKIND
#undef STEPRES
    // warps: every opcode retired, a guard selecting nobody, each sub-field
#define INSN(n, code, fmt, flags) add("retire." #n);
#include "wq/../../spec/isa.def"
#undef INSN
    add("retire.guard_none");
#define CMP(n, c) add("setp." #n);
#define ATOMOP(n, c) add("atomic." #n);
#define MEMW(n, c, w, b, s, st) add("ld." #n); if (st) add("st." #n);
#define SREG(n, c) add("s2r." #n);
#include "wq/../../spec/isa_enums.def"
#undef CMP
#undef ATOMOP
#undef MEMW
#undef SREG
    // the deque: pushes and pops per token type, merges, stale pops,
    // threads disabled per reason, region fallbacks (SYNC/BRK/CONT, §4.8)
#define TOKTYPE(n, c) if ((c) < kDequeTypes) { add("push." #n); add("pop." #n); }
#include "wq/../../spec/token.def"
#undef TOKTYPE
    add("pop.stale");
#define TOKTYPE(n, c) add("disable." #n);
#include "wq/../../spec/token.def"
#undef TOKTYPE
    add("fallback.SYNC");
    add("fallback.BRK");
    add("fallback.CONT");
#define TRAP(n, c, rec) if ((c) != WQ_TRAP_NONE) add("trap." #n);
#include "wq/../../spec/trap.def"
#undef TRAP
    // the host interface
#define METHOD(n, off) add("method." #n);
#include "wq/../../spec/method.def"
#undef METHOD
#define SEMOP(n, c) add("sem." #n);
#define SEMRED(n, c) add("sem_reduction." #n);
#include "wq/../../spec/sem.def"
#undef SEMOP
#undef SEMRED
    add("sem_flag.ACQUIRE_SWITCH");
    add("sem_flag.RELEASE_WFI");
    add("sem_flag.PAYLOAD_SIZE_64");
#define SWREASON(n, c) add("chan_switch." #n);
#include "wq/../../spec/switch.def"
#undef SWREASON
#define CHERR(n, c) if ((c) != WQ_CHERR_NONE) add("chan_error." #n);
#include "wq/../../spec/error.def"
#undef CHERR
    add("gp_get.wrap");
}

void Fcov::add(const std::string &name) { bins_[name] = 0; }

void Fcov::hit(const std::string &name)
{
    auto it = bins_.find(name);
    if (it == bins_.end()) {
        // a value outside the spec tables: the checker compared it equal on
        // both sides, so count it visibly instead of dropping it
        bins_["undeclared." + name]++;
        return;
    }
    it->second++;
}

void Fcov::record(const Rec &r)
{
    hit(std::string("event.") + wq_event_name(r.kind));
    switch (r.kind) {
    case WQ_EV_DQ_PUSH_FRONT: case WQ_EV_DQ_PUSH_BACK:
        hit(std::string("push.") + wq_toktype_name((unsigned)field((uint32_t)r.b, WQ_TF_TYPE_HI,
                                                                   WQ_TF_TYPE_LO)));
        break;
    case WQ_EV_DQ_POP:
        hit(std::string("pop.") + wq_toktype_name((unsigned)field((uint32_t)r.b, WQ_TF_TYPE_HI,
                                                                  WQ_TF_TYPE_LO)));
        if (r.mask == 0) hit("pop.stale");
        break;
    case WQ_EV_THREAD_STATE:
        hit(std::string("disable.") + wq_toktype_name(r.aux));
        break;
    case WQ_EV_TRAP:
        hit(std::string("trap.") + wq_trap_name(r.a));
        break;
    case WQ_EV_ATOMIC:
        hit(std::string("atomic.") + wq_atomop_name(r.aux & 0xFFu));
        break;
    case WQ_EV_METHOD: {
        const char *m = nullptr;
#define METHOD(n, off) if (r.a == (off)) m = #n;
#include "wq/../../spec/method.def"
#undef METHOD
        if (m) hit(std::string("method.") + m);
        else hit("method.unknown_address");
        if (r.a == WQ_M_SEM_EXECUTE) sem_exec_[r.unit] = (uint32_t)r.b;
        break;
    }
    case WQ_EV_SEM: {
        hit(std::string("sem.") + wq_semop_name(r.aux));
        uint32_t d = sem_exec_.count(r.unit) ? sem_exec_[r.unit] : 0;
        if (r.aux == WQ_SEMOP_REDUCTION)
            hit(std::string("sem_reduction.") +
                wq_semred_name(field(d, WQ_SEMF_REDUCTION_HI, WQ_SEMF_REDUCTION_LO)));
        if (field(d, WQ_SEMF_ACQUIRE_SWITCH_HI, WQ_SEMF_ACQUIRE_SWITCH_LO))
            hit("sem_flag.ACQUIRE_SWITCH");
        if (field(d, WQ_SEMF_RELEASE_WFI_HI, WQ_SEMF_RELEASE_WFI_LO))
            hit("sem_flag.RELEASE_WFI");
        if (field(d, WQ_SEMF_PAYLOAD_SIZE_HI, WQ_SEMF_PAYLOAD_SIZE_LO))
            hit("sem_flag.PAYLOAD_SIZE_64");
        break;
    }
    case WQ_EV_CHAN_SWITCH: {
        const char *s = "?";
#define SWREASON(n, c) if (r.aux == (c)) s = #n;
#include "wq/../../spec/switch.def"
#undef SWREASON
        hit(std::string("chan_switch.") + s);
        break;
    }
    case WQ_EV_CHAN_ERROR:
        hit(std::string("chan_error.") + wq_cherr_name(r.a));
        break;
    case WQ_EV_GP_GET: {
        auto it = gp_get_.find(r.unit);
        if (it != gp_get_.end() && r.a < it->second) hit("gp_get.wrap");
        gp_get_[r.unit] = r.a;
        break;
    }
    default:
        break;
    }
}

// a warp step: the instruction's sub-fields (decoded from the RETIRE
// record's instruction word) and the SYNC/BRK/CONT fallback -- selected
// threads that are not in the matching token branch to the target (§4.8):
// go = sel & ~park, park being the THREAD_STATE mask of that type
void Fcov::warp_step(const std::vector<Rec> &recs)
{
    const Rec *ret = nullptr;
    for (const Rec &r : recs)
        if (r.kind == WQ_EV_RETIRE) ret = &r;
    if (!ret) return;
    wq_insn_t in;
    if (wq_decode(ret->b, &in) != 0) return;
    const wq_opinfo_t *oi = wq_opinfo(in.op);
    hit(std::string("retire.") + (oi && oi->name ? oi->name : "?"));
    uint32_t sel = ret->mask;
    if (sel == 0) { hit("retire.guard_none"); return; }
    switch (in.op) {
    case WQ_OP_SETP: hit(std::string("setp.") + wq_cmp_name(in.fn)); break;
    case WQ_OP_LD:   hit(std::string("ld.") + wq_memw_name(in.fn)); break;
    case WQ_OP_ST:   hit(std::string("st.") + wq_memw_name(in.fn)); break;
    case WQ_OP_S2R:  hit(std::string("s2r.") + wq_sreg_name(in.imm)); break;
    case WQ_OP_SYNC: case WQ_OP_BRK: case WQ_OP_CONT: {
        unsigned type = in.op == WQ_OP_SYNC ? WQ_TOK_SYNC : in.op == WQ_OP_BRK ? WQ_TOK_BRK : WQ_TOK_CONT;
        uint32_t park = 0;
        for (const Rec &r : recs)
            if (r.kind == WQ_EV_THREAD_STATE && r.aux == type) park |= r.mask;
        if (sel & ~park) hit(std::string("fallback.") + wq_toktype_name(type));
        break;
    }
    default:
        break;
    }
}

void Fcov::step(unsigned kind, unsigned id, unsigned res, const std::vector<Rec> &recs)
{
    for (const Rec &r : recs) record(r);
    (void)id;
    const char *k = "?", *s = "?";
#define STEPKIND(n, c) if (kind == (c)) k = #n;
#define STEPRES(n, c) if (res == (c)) s = #n;
#include "wq/../../spec/step.def"
#undef STEPKIND
#undef STEPRES
    hit(std::string("step_kind.") + k);
    hit(std::string("step_result.") + s);
    if (kind == WQ_STEPK_WARP) warp_step(recs);
}

bool Fcov::dump(const char *path) const
{
    FILE *f = fopen(path, "w");
    if (!f) return false;
    for (const auto &b : bins_) fprintf(f, "%s %llu\n", b.first.c_str(), (unsigned long long)b.second);
    return fclose(f) == 0;
}
