// fcov.h -- functional coverage counters for the lockstep harness
// (docs/verification.md "Coverage").
//
// Cosim (cosim.cpp) calls step() once per step, after it has compared the
// step's records with the RTL's field for field, with the model's records
// (so every count is of something both sides did).  The counters are bins named
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

#include "cosim.h"

class Fcov {
public:
    Fcov();
    // one compared step: its kind, unit, result and records
    void step(unsigned kind, unsigned id, unsigned res, const std::vector<Rec> &recs);
    bool dump(const char *path) const;                    // false: cannot write

private:
    std::map<std::string, uint64_t> bins_;     // every bin, name -> hits
    std::map<unsigned, uint32_t> gp_get_;      // channel -> last GP_GET seen
    std::map<unsigned, uint32_t> sem_exec_;    // channel -> last SEM_EXECUTE data

    void add(const std::string &name);         // declare a bin
    void hit(const std::string &name);         // count a hit on a declared bin
    void record(const Rec &r);
    void warp_step(const std::vector<Rec> &recs);
};

#endif
