// fcov.h -- functional coverage counters for the lockstep harness
// (docs/verification.md "Coverage").
//
// The harness calls record() for every event record of a step (the model's
// records: the harness has just compared them with the RTL's, field for
// field) and step() when the step is over.  The counters are bins named
// "<group>.<NAME>", enumerated at construction from the spec tables
// (cmodel/spec/*.def through the generated C view, wq/defs.h and wq/isa.h):
// a new event kind, token type, trap or error code, SEM operation, method,
// opcode ... is a new bin without touching this file.  dump() writes every
// bin, hit or not, one "name count" line each; scripts/coverage.sh sums the
// dumps of all runs and lists the bins never hit.
#ifndef WQ_TB_FCOV_H
#define WQ_TB_FCOV_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

extern "C" {
#include "wq/trace.h"
}

class Fcov {
public:
    Fcov();
    void record(const wq_trace_rec_t &r);                 // one record of the current step
    void step(unsigned kind, unsigned id, unsigned res);  // the step is over
    bool dump(const char *path) const;                    // false: cannot write

private:
    std::map<std::string, uint64_t> bins_;     // every bin, name -> hits
    std::vector<wq_trace_rec_t> step_recs_;    // the current step's records (no vals)
    std::map<unsigned, uint32_t> gp_get_;      // channel -> last GP_GET seen
    std::map<unsigned, uint32_t> sem_exec_;    // channel -> last SEM_EXECUTE data

    void add(const std::string &name);         // declare a bin
    void hit(const std::string &name);         // count a hit on a declared bin
    void warp_step();
};

#endif
