# warpq -- top-level build.  `make run` and `make test` work on a fresh
# machine: both install what is missing first (`make deps`).
SHELL   := /bin/bash
CC      ?= cc
CFLAGS  ?= -O2 -g
WFLAGS  := -Wall -Wextra -Wshadow -Wno-unused-parameter -std=c11 -D_GNU_SOURCE
INC     := -Icmodel/include
B       := build
LIB_SRC := $(sort $(wildcard cmodel/src/*.c cmodel/driver/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(B)/obj/%.o)
CLI_SRC := $(sort $(wildcard cmodel/tools/cli_*.c))
CLI_OBJ := $(CLI_SRC:%.c=$(B)/obj/%.o)
UT_SRC  := $(sort $(wildcard tests/unit/*.c))
UT_OBJ  := $(UT_SRC:%.c=$(B)/obj/%.o)
SPECS   := $(wildcard cmodel/spec/*.def)
HDRS    := $(wildcard cmodel/include/wq/*.h cmodel/src/*.h cmodel/driver/*.h)

.PHONY: all deps build run test lint bench clean unit fuzz spec-check rtl-test synth synth-ice40 formal formal-selftest regress coverage mutate
all: build

deps:
	@bash scripts/deps.sh

build: $(B)/bin/wq $(B)/gen/wq_defs.vh $(B)/gen/wq_decode.vh $(B)/gen/wq_ue.vh $(B)/gen/wq_ue.inc \
       $(B)/gen/wq_ue_sched.vh $(B)/gen/sched_fw.hex

$(B)/obj/%.o: %.c $(HDRS) $(SPECS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WFLAGS) $(INC) -c $< -o $@

$(B)/lib/libwq.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

$(B)/bin/wq: $(CLI_OBJ) $(B)/lib/libwq.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(B)/lib/libwq.a

$(B)/bin/wq_gen: cmodel/tools/wq_gen.c $(HDRS) $(SPECS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WFLAGS) $(INC) -o $@ $<

$(B)/gen/wq_defs.vh: $(B)/bin/wq_gen
	@mkdir -p $(dir $@)
	$(B)/bin/wq_gen vh > $@.tmp && mv $@.tmp $@

# the RTL decoder's tables (rtl/wq_decode.v includes them)
$(B)/gen/wq_decode.vh: $(B)/bin/wq_gen
	@mkdir -p $(dir $@)
	$(B)/bin/wq_gen vdecode > $@.tmp && mv $@.tmp $@

# the micro-engine's header (rtl/wq_ue.v) and the firmware's constants
# (docs/ue.md).  wq_defs.vh names wq_ue.vh as a prerequisite only so that
# spec_check's testbench, which includes both, always finds it current.
$(B)/gen/wq_ue.vh: $(B)/bin/wq_gen
	@mkdir -p $(dir $@)
	$(B)/bin/wq_gen uevh > $@.tmp && mv $@.tmp $@

$(B)/gen/wq_ue.inc: $(B)/bin/wq_gen
	@mkdir -p $(dir $@)
	$(B)/bin/wq_gen ueinc > $@.tmp && mv $@.tmp $@

# wq_sched_ue's port map (cmodel/spec/ue_sched.def, docs/ue_sched.md §2);
# the firmware gets the same names through wq_ue.inc
$(B)/gen/wq_ue_sched.vh: $(B)/bin/wq_gen
	@mkdir -p $(dir $@)
	$(B)/bin/wq_gen uesvh > $@.tmp && mv $@.tmp $@

# wq_sched_ue's firmware ROM image (rtl/wq_sched_ue.v's ROM_FILE); a failed
# assembly fails the build with the assembler's file:line message
SCHED_FW := $(wildcard fw/sched/*.ues fw/sched/*.inc)
$(B)/gen/sched_fw.hex: $(B)/bin/wq $(B)/gen/wq_ue.inc $(SCHED_FW)
	$(B)/bin/wq ue asm fw/sched/main.ues -I $(B)/gen --rom-aw 12 --rom-depth 2560 -o $@ --lst $(B)/gen/sched_fw.lst

$(B)/gen/wq_defs.vh: $(B)/gen/wq_ue.vh $(B)/gen/wq_ue_sched.vh

$(B)/bin/wq_unit: $(UT_OBJ) $(B)/lib/libwq.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(UT_OBJ) $(B)/lib/libwq.a -lcriterion

unit: $(B)/bin/wq_unit build
	$(B)/bin/wq_unit --jobs 2

spec-check: build
	bash scripts/spec_check.sh

test: deps
	$(MAKE) build $(B)/bin/wq_unit
	$(B)/bin/wq_unit --jobs 2
	bash scripts/spec_check.sh
	bash scripts/cli_tests.sh
	bash scripts/rtl_test.sh

run: deps
	$(MAKE) build
	bash scripts/demo.sh

# RTL unit benches against the C model (Verilator), and generic synthesis
rtl-test: deps
	$(MAKE) $(B)/gen/wq_defs.vh $(B)/gen/wq_decode.vh
	bash scripts/rtl_test.sh

synth: deps
	$(MAKE) $(B)/gen/wq_defs.vh $(B)/gen/wq_decode.vh
	bash scripts/synth.sh

# the small configuration on an iCE40 UP5K (synth_ice40, nextpnr-ice40);
# fails when it does not fit; build/reports/ice40_small.txt
synth-ice40: deps
	$(MAKE) $(B)/gen/wq_defs.vh $(B)/gen/wq_decode.vh
	bash scripts/synth_ice40.sh

# the modules' `ifdef FORMAL` properties: BMC + k-induction (Yosys sat);
# results in build/reports/formal.txt
formal: deps
	$(MAKE) $(B)/gen/wq_defs.vh $(B)/gen/wq_decode.vh
	bash scripts/formal.sh

# planted bugs in copies of modules must make the formal run fail
formal-selftest: deps
	$(MAKE) $(B)/gen/wq_defs.vh $(B)/gen/wq_decode.vh
	bash scripts/formal.sh --selftest
# the lockstep regression (docs/verification.md): the mismatch demo, then
# seeds 1..1000 of generated programs and command streams on 2 jobs
REGRESS_SEEDS ?= 1..1000
REGRESS_JOBS  ?= 2
regress: deps
	$(MAKE) build
	bash scripts/mismatch_demo.sh
	bash scripts/regress --seeds $(REGRESS_SEEDS) --jobs $(REGRESS_JOBS) --kind all \
	    --junit $(B)/regress/junit.xml

# code coverage (Verilator line + toggle) and functional coverage of the
# lockstep runs -> build/reports/coverage/; not part of `make test`
coverage: deps
	$(MAKE) build
	bash scripts/coverage.sh

# mutation testing: deliberate RTL bugs (scripts/mutants.txt) on copies of
# rtl/, each must make a bench fail; not part of `make test`
mutate: deps
	$(MAKE) build
	bash scripts/mutate.sh

lint: build
	bash scripts/lint.sh

bench: deps
	$(MAKE) build
	bash scripts/bench.sh

clean:
	rm -rf $(B)
