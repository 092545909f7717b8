#!/usr/bin/env bash
# rtl/formal.sh -- the formal run (`make formal`: every module's `ifdef
# FORMAL` properties, BMC from reset + k-induction with Yosys' sat, every
# cover() reached with yosys-smtbmc + Bitwuzla) as part of `make test` /
# `make rtl-test` (scripts/rtl_test.sh runs every scripts/rtl/*.sh).  The
# slow jobs (--all) and the deeper SMT BMC (--deep) are not run here.
# Seed arguments from rtl_test.sh are ignored (the proofs need none).
set -euo pipefail
cd "$(dirname "$0")/../.."
exec bash scripts/formal.sh
