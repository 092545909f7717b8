// tb_wave.h -- the lockstep benches' side of the cache-driven wave mode
// (docs/rtl/wq_wave_ctl.md, docs/rtl/commit.md rule 4): a warp commit of
// SUBV_AUTO reports the mode the RTL took in its RETIRE record's a field;
// before the model replays the step, the bench hands that decision to the
// model (wq_set_wave_decision), which checks it is legal (WAVE_CTL's forced
// mode, the launch's WAVE.SUBV) and follows it.  The records are then
// compared as usual, so a decision the model did not follow shows up as a
// difference, and an illegal one stops the run here.
#ifndef WQ_TB_WAVE_H
#define WQ_TB_WAVE_H
#include <vector>
extern "C" {
#include "wq/model.h"
}

// recs: the RTL's records of the commit of warp `slot`.  Returns 0 (no
// SUBV_AUTO, or a legal decision handed over) or -1 (the model rejects it).
template <class R>
inline int tb_wave_follow(wq_ctx_t *ctx, unsigned slot, const std::vector<R> &recs)
{
    for (const R &r : recs)
        if (r.kind == WQ_EV_RETIRE && r.aux == WQ_OP_SUBV_AUTO && r.unit == slot)
            return wq_set_wave_decision(ctx, slot, r.a);
    return 0;
}

#endif
