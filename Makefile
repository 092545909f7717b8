# warpq -- top-level build.  `make run` and `make test` work on a fresh
# machine: both install what is missing first (`make deps`).
SHELL   := /bin/bash
CC      ?= cc
CFLAGS  ?= -O2 -g
WFLAGS  := -Wall -Wextra -Wshadow -Wno-unused-parameter -std=c11 -D_GNU_SOURCE
INC     := -Icmodel/include
B       := build
# One static library per subsystem (docs/model/layout.md).  The dependency
# direction: model and ue use nothing; asm uses model; gen and driver use
# asm and model; the tools use everything.  scripts/layering.sh checks it on
# the objects.
LIBS    := model asm gen ue driver compiler
SRC_model  := $(sort $(wildcard cmodel/model/*.c))
SRC_asm    := $(sort $(wildcard cmodel/asm/*.c))
SRC_gen    := $(sort $(wildcard cmodel/gen/*.c))
SRC_ue     := $(sort $(wildcard cmodel/ue/*.c))
SRC_driver := $(sort $(wildcard cmodel/driver/*.c))
# (+ the nested-work device library as a C string, generated below)
SRC_compiler := $(sort $(wildcard cmodel/compiler/*.c)) $(B)/cc/enqueue_lib.c
LIB_model  := $(B)/lib/libwqmodel.a
LIB_asm    := $(B)/lib/libwqasm.a
LIB_gen    := $(B)/lib/libwqgen.a
LIB_ue     := $(B)/lib/libwque.a
LIB_driver := $(B)/lib/libwqdrv.a
LIB_compiler := $(B)/lib/libwqcc.a
# link order: a library before the ones it uses
LIB_ALL := $(LIB_driver) $(LIB_gen) $(LIB_compiler) $(LIB_asm) $(LIB_ue) $(LIB_model)
CLI_SRC := $(sort $(wildcard cmodel/tools/cli_*.c))
CLI_OBJ := $(CLI_SRC:%.c=$(B)/obj/%.o)
GEN_SRC := cmodel/tools/wq_gen.c cmodel/tools/gen_registry.c cmodel/tools/drift.c \
           cmodel/tools/gen_uestab.c
# the OpenCL runtime (docs/runtime.md): a shared library for the ICD loader,
# linked with the libraries below it, which are therefore built -fPIC
RT_SRC  := $(sort $(wildcard cmodel/runtime/*.c))
RT_OBJ  := $(RT_SRC:%.c=$(B)/obj/%.o)
LIB_cl  := $(B)/lib/libwqcl.so
ICD     := $(B)/etc/OpenCL/vendors/warpq.icd
$(RT_OBJ): XFLAGS := -fvisibility=hidden
# unit tests of the runtime's internals link its archive
$(B)/obj/tests/unit/test_cl_%.o: XFLAGS := -Icmodel/runtime
$(B)/obj/tests/unit/test_cc_%.o: XFLAGS := -Icmodel/compiler
UT_SRC  := $(sort $(wildcard tests/unit/*.c))
UT_OBJ  := $(UT_SRC:%.c=$(B)/obj/%.o)
SPECS   := $(wildcard cmodel/spec/*.def)
HDRS    := $(wildcard cmodel/include/wq/*.h cmodel/*/*.h)
# the compiler's stages include their private header
$(B)/obj/cmodel/compiler/%.o: XFLAGS := -Icmodel/compiler
# the nested-work device library, which the compiler appends to programs
# that call wq_enqueue (docs/compiler.md "Nested work")
$(B)/cc/enqueue_lib.c: tests/programs/lib/enqueue.wqs
	@mkdir -p $(@D)
	{ echo '/* generated from $< by the Makefile */'; echo 'const char wq_cc_enqueue_lib[] ='; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/    "/' -e 's/$$/\\n"/' $<; echo '    ;'; } > $@.tmp && mv $@.tmp $@

.PHONY: all deps build libs layering opencl systemc kernels clgen run test lint bench clean unit fuzz fuzz-cc fuzz-cc-libfuzzer spec-check rtl-test synth synth-ice40 fpga-ice40 fpga-ecp5 formal formal-selftest regress coverage mutate
all: build

deps:
	@bash scripts/deps.sh

build: $(LIB_ALL) $(LIB_cl) $(B)/lib/libwqcl.a $(ICD) $(B)/bin/wq $(B)/gen/wq_defs.vh $(B)/gen/wq_decode.vh $(B)/gen/wq_ue.vh $(B)/gen/wq_ue.inc \
       $(B)/gen/wq_ue_sched.vh $(B)/gen/sched_fw.hex

$(B)/obj/%.o: %.c $(HDRS) $(SPECS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -fPIC $(WFLAGS) $(XFLAGS) $(INC) -c $< -o $@

define wq_lib
$$(LIB_$(1)): $$(SRC_$(1):%.c=$$(B)/obj/%.o)
	@mkdir -p $$(dir $$@)
	rm -f $$@ && ar rcs $$@ $$^
endef
$(foreach l,$(LIBS),$(eval $(call wq_lib,$(l))))

libs: $(LIB_ALL)

# the runtime's objects as an archive too: scripts/layering.sh checks its
# dependency direction like every other library's
$(B)/lib/libwqcl.a: $(RT_OBJ)
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

# only the three symbols the ICD loader looks up are exported (icd.c);
# the static libraries' symbols stay inside (--exclude-libs)
$(LIB_cl): $(RT_OBJ) $(LIB_driver) $(LIB_compiler) $(LIB_asm) $(LIB_model)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -shared -o $@ $(RT_OBJ) $(LIB_driver) $(LIB_compiler) $(LIB_asm) $(LIB_model) \
	    -Wl,--exclude-libs,ALL -Wl,--no-undefined -lpthread -ldl

# the ICD file names the library by its absolute path, as vendors' files do
$(ICD): $(LIB_cl)
	@mkdir -p $(dir $@)
	echo "$(abspath $(LIB_cl))" > $@

# `wq run KERNEL.cl` launches through the OpenCL runtime's entry points
$(B)/bin/wq: $(CLI_OBJ) $(B)/lib/libwqcl.a $(LIB_ALL)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(CLI_OBJ) $(B)/lib/libwqcl.a $(LIB_ALL) -lpthread -ldl

# wq_gen reads the tables through the headers only: it links no library
$(B)/bin/wq_gen: $(GEN_SRC) cmodel/tools/gen_registry.h $(HDRS) $(SPECS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(WFLAGS) $(INC) -Icmodel/tools -o $@ $(GEN_SRC)

$(B)/gen/wq_defs.vh: $(B)/bin/wq_gen
	@mkdir -p $(dir $@)
	$(B)/bin/wq_gen vh > $@.tmp && mv $@.tmp $@

# the RTL decoder's tables (rtl/wq_decode.v includes them)
$(B)/gen/wq_decode.vh: $(B)/bin/wq_gen
	@mkdir -p $(dir $@)
	$(B)/bin/wq_gen vdecode > $@.tmp && mv $@.tmp $@

# the micro-engine's header (rtl/wq_ue.v) and the firmware's constants
# (docs/rtl/wq_ue.md).  wq_defs.vh names wq_ue.vh as a prerequisite only so that
# spec_check's testbench, which includes both, always finds it current.
$(B)/gen/wq_ue.vh: $(B)/bin/wq_gen
	@mkdir -p $(dir $@)
	$(B)/bin/wq_gen uevh > $@.tmp && mv $@.tmp $@

$(B)/gen/wq_ue.inc: $(B)/bin/wq_gen
	@mkdir -p $(dir $@)
	$(B)/bin/wq_gen ueinc > $@.tmp && mv $@.tmp $@

# wq_sched_ue's port map (cmodel/spec/ue_sched.def, docs/rtl/wq_sched_ue.md);
# the firmware gets the same names through wq_ue.inc
$(B)/gen/wq_ue_sched.vh: $(B)/bin/wq_gen
	@mkdir -p $(dir $@)
	$(B)/bin/wq_gen uesvh > $@.tmp && mv $@.tmp $@

# wq_sched_ue's firmware ROM image (rtl/wq_sched_ue.v's ROM_FILE); a failed
# assembly fails the build with the assembler's file:line message
SCHED_FW := $(wildcard fw/sched/*.ues fw/sched/*.inc)
# wq_sched_ue's dispatch tables (cmodel/spec/ue_sched_tab.def), included by
# fw/sched/main.ues; a code without a handler row fails here
$(B)/gen/wq_sched_tab.inc: $(B)/bin/wq_gen
	@mkdir -p $(dir $@)
	$(B)/bin/wq_gen uestab > $@.tmp && mv $@.tmp $@

$(B)/gen/sched_fw.hex: $(B)/bin/wq $(B)/gen/wq_ue.inc $(B)/gen/wq_sched_tab.inc $(SCHED_FW)
	$(B)/bin/wq ue asm fw/sched/main.ues -I $(B)/gen --rom-aw 12 --rom-depth 2560 -o $@ --lst $(B)/gen/sched_fw.lst

$(B)/gen/wq_defs.vh: $(B)/gen/wq_ue.vh $(B)/gen/wq_ue_sched.vh

$(B)/bin/wq_unit: $(UT_OBJ) $(B)/lib/libwqcl.a $(LIB_ALL)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(UT_OBJ) $(B)/lib/libwqcl.a $(LIB_ALL) -lcriterion -lpthread -ldl

unit: $(B)/bin/wq_unit build
	$(B)/bin/wq_unit --jobs 2

spec-check: build
	bash scripts/spec_check.sh

test: deps
	$(MAKE) build $(B)/bin/wq_unit
	B=$(B) bash scripts/test.sh

# the OpenCL C kernels of tests/kernels, compiled from source, on the model
# (8/16/32 lanes), the RTL in lockstep and POCL (docs/compiler.md)
kernels: build
	bash scripts/kernels.sh

# generated OpenCL C kernels, compiled and run on the model at 8/16/32
# lanes, against the generator's per-thread oracle (docs/model/gen.md)
clgen: build
	bash scripts/clgen.sh --seeds $(CLGEN_SEEDS)

# the OpenCL runtime's host programs (tests/opencl) on the model, on the RTL
# in lockstep and on POCL
opencl: build $(B)/bin/wq_unit
	bash scripts/opencl.sh

# the SystemC/TLM-2.0 platform: both wrappers, the driver's scenarios and
# the OpenCL programs over the sockets (docs/systemc.md)
systemc: deps
	$(MAKE) build
	bash scripts/systemc.sh

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

# the board bitstreams (docs/fpga/boards.md): iCEBreaker (iCE40 UP5K, small
# configuration) and ULX3S (ECP5 85F, default configuration); build/fpga/,
# build/reports/fpga_ice40.txt / fpga_ecp5.txt
fpga-ice40: deps
	bash scripts/fpga.sh ice40

fpga-ecp5: deps
	bash scripts/fpga.sh ecp5

# the modules' `ifdef FORMAL` properties: BMC + k-induction (Yosys sat),
# every cover() reached (yosys-smtbmc + Boolector); FORMAL_ALL=1 adds the
# slow jobs, FORMAL_DEEP=1 the deeper SMT BMC; build/reports/formal.txt
formal: deps
	$(MAKE) $(B)/gen/wq_defs.vh $(B)/gen/wq_decode.vh
	bash scripts/formal.sh --all

# planted bugs (and a planted vacuous assume) in copies of modules must
# make the formal run fail
formal-selftest: deps
	$(MAKE) $(B)/gen/wq_defs.vh $(B)/gen/wq_decode.vh
	bash scripts/formal.sh --selftest
# the lockstep regression (docs/verification.md): the mismatch demo, then
# seeds 1..1000 of generated programs and command streams on 2 jobs
REGRESS_SEEDS ?= 1..1000
REGRESS_JOBS  ?= 2
# generated OpenCL C kernels against their oracle (scripts/clgen.sh)
CLGEN_SEEDS   ?= 1..3000
regress: deps
	$(MAKE) build
	bash scripts/mismatch_demo.sh
	bash scripts/regress --seeds $(REGRESS_SEEDS) --jobs $(REGRESS_JOBS) --kind all \
	    --junit $(B)/regress/junit.xml
	bash scripts/clgen.sh --seeds $(CLGEN_SEEDS)
	bash scripts/clgen.sh --seeds 1..100 --backend pocl
	python3 scripts/alias_sweep.py --seeds 1..5000
	python3 scripts/alias_sweep.py --seeds 1..2000 --relations
	python3 scripts/alias_sweep.py --seeds 1..1000 --gen clgen
	bash scripts/clgen.sh --seeds 1..1000 --lanes 8,16 --options -wq-subv=always
	SUBV_RTL_LANES=8 bash scripts/kernels.sh --no-pocl tests/kernels/subv_pressure.cl \
	    tests/kernels/wide.cl tests/kernels/matmul.cl
	bash scripts/systemc.sh --full
	WQ_RTL_FULL=1 bash scripts/rtl/sched.sh
	WQ_RTL_FULL=1 bash scripts/rtl/nested.sh
	$(MAKE) fuzz-cc FUZZ_ARGS="--seeds 3..22 --count 3000"

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

# the compiler fuzz (tests/unit/cc_fuzz.c) built with ASan and UBSan: the
# compiler, the kernel generator and the fuzz in one program; FUZZ_ARGS
# picks seeds and counts (make regress runs a longer range)
ASAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
ASAN_SRC   := $(SRC_compiler) cmodel/gen/gen_cl.c cmodel/gen/gen_cl_eval.c cmodel/gen/gen_util.c \
              tests/unit/cc_fuzz.c tests/fuzz/cc_fuzz_main.c
FUZZ_ARGS  ?= --seeds 1..4 --count 2000
$(B)/asan/cc_fuzz: $(ASAN_SRC) $(HDRS) $(SPECS)
	@mkdir -p $(dir $@)
	$(CC) $(ASAN_FLAGS) $(WFLAGS) $(INC) -Icmodel/compiler -o $@ $(ASAN_SRC)

fuzz-cc: $(B)/asan/cc_fuzz
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(B)/asan/cc_fuzz $(FUZZ_ARGS)

# optional: the same judge under libFuzzer (clang with -fsanitize=fuzzer);
# not part of make test.  Run: build/asan/cc_libfuzzer -max_total_time=60
LIBFUZZER_CC ?= $(firstword $(shell command -v clang clang-16 clang-15 clang-14 2>/dev/null))
LF_SRC := $(filter-out tests/fuzz/cc_fuzz_main.c,$(ASAN_SRC)) tests/fuzz/cc_libfuzzer.c
$(B)/asan/cc_libfuzzer: $(LF_SRC) $(HDRS) $(SPECS)
	@mkdir -p $(dir $@)
	@[ -n "$(LIBFUZZER_CC)" ] || { echo "fuzz-cc-libfuzzer: clang not found"; exit 1; }
	$(LIBFUZZER_CC) -O1 -g -fsanitize=fuzzer,address,undefined $(WFLAGS) $(INC) -Icmodel/compiler -o $@ $(LF_SRC)

fuzz-cc-libfuzzer: $(B)/asan/cc_libfuzzer
	$(B)/asan/cc_libfuzzer -max_total_time=60 -timeout=10

# the libraries' dependency direction (docs/model/layout.md)
layering: build
	bash scripts/layering.sh

lint: build
	bash scripts/lint.sh

bench: deps
	$(MAKE) build
	bash scripts/bench.sh

clean:
	rm -rf $(B)
