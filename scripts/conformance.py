#!/usr/bin/env python3
"""conformance.py -- piglit's OpenCL tests on warpq's model, its RTL and POCL
(docs/tools/conformance.md; `make conformance`).

The tests are those of piglit's `cl` profile (tests/cl.xml.gz of the
piglit tree: the cl-api-*, cl-custom-* and cl-program-* programs, and every
tests/cl/program and generated_tests/cl file through cl-program-tester).
Each runs once per platform, with the ICD loader shown one platform only:
warpq through build/etc/OpenCL/vendors (WQ_BACKEND=model), POCL through a
vendors directory holding only pocl.icd.  A test's status is piglit's
closing `PIGLIT: {"result": ...}` line (pass, fail, skip, warn), `crash`
when the program died without one, `timeout` past --timeout seconds.

Every test is classified by what it needs (float, double, half, image,
interop, int64, vector), read from its kernel source and its [config] /
[test] sections, or for the API programs from the kernel strings inside
the program and its name.  The integer subset is the tests that need no
float, double, half, image or interop; the float subset the tests that
need float and none of double, half, image or interop.  warpq runs an
integer test on its default device (no FPU) and a float test on a model
device with an FPU (WQ_FP=1, docs/runtime.md), so that the integer
subset's figures stay those of the device without one.

The acceptance rule: every integer or float test that passes on POCL
passes on warpq, except the tests listed in
tests/conformance/expected_fail.txt.  The run fails on such a test POCL
passes that fails on warpq and is not listed, and on a listed test that is
not such a failure any more (a stale entry).  --update rewrites the list
from the run.

Usage: python3 scripts/conformance.py [options]    (after `make build`)
  --platforms warpq,pocl   which platforms run: warpq, pocl, warpq-rtl
                           (POCL's last results are reused when it does not
                           run: see --help)
  --jobs N                 tests at once (default: the number of cores)
  --timeout S              seconds per test and platform (default 120)
  --filter REGEX           only the tests whose name matches
  --exclude REGEX          not the tests whose name matches
  --subset int|float       only the tests of the integer (float) subset
  --slice FILE             a slice (`make test`'s tests/conformance/
                           slice.txt, `make regress`'s rtl_slice.txt): the
                           tests FILE names must pass on every platform run
                           (POCL is left out when it is not installed)
  --lanes L                the lanes of warpq's devices (8, 16, 32; 32)
  --rtl-timeout S          seconds per test on warpq-rtl (default 900)
  --update                 rewrite the expectations file from this run
  --bench                  print conformance_pass/run_{warpq,pocl} from
                           the last full run (running it when none)

The platform warpq-rtl is warpq's RTL backend (WQ_BACKEND=rtl: wq_top
under Verilator in lockstep with the model, libwqrtl.so from
scripts/cl_rtl_build.sh L, built first).  A lockstep mismatch ends the
program with its first-mismatch report: the run's status is `mismatch`.
With --slice, every test must pass on warpq-rtl as on warpq; otherwise
each test's status on warpq-rtl must be the model's (this run's, or at 32
lanes the last full run's), so a test that passes on the model (every
integer test POCL passes but the expectations file's) must pass on the
RTL.  The model's own results are judged by a run with POCL.
"""
import argparse
import concurrent.futures
import datetime
import glob
import gzip
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..'))
EXPECTED = os.path.join(ROOT, 'tests/conformance/expected_fail.txt')
# the needs that keep a test out of the integer subset
NOT_INTEGER = ('float', 'double', 'half', 'image', 'interop')
TAGS = ('float', 'double', 'half', 'image', 'interop', 'int64', 'vector')


def find_piglit():
    """The piglit tree: $PIGLIT_DIR, the tree's .piglit (scripts/piglit_fetch.sh)
    or an installed piglit package."""
    cands = [os.environ.get('PIGLIT_DIR', ''), os.path.join(ROOT, '.piglit')]
    cands += sorted(glob.glob('/usr/lib/*/piglit'))
    for c in cands:
        if c and os.path.isfile(os.path.join(c, 'tests/cl.xml.gz')) and \
           os.access(os.path.join(c, 'bin/cl-program-tester'), os.X_OK):
            return os.path.abspath(c)
    sys.exit('conformance: FAIL: no piglit tree (make deps: scripts/piglit_fetch.sh)')


def piglit_version(pdir):
    f = os.path.join(pdir, 'VERSION')
    if os.path.isfile(f):
        return open(f).read().strip()
    try:
        return subprocess.run(['dpkg-query', '-W', '-f=${Version}', 'piglit'],
                              capture_output=True, text=True).stdout.strip() or 'unknown'
    except OSError:
        return 'unknown'


def load_tests(pdir):
    """piglit's cl profile: [(name, kind, argument)], kind 'cl' (a program)
    or 'cl_prog' (a file for cl-program-tester)."""
    root = ET.fromstring(gzip.open(os.path.join(pdir, 'tests/cl.xml.gz')).read())
    tests = []
    for t in root.iter('Test'):
        opts = {o.get('name'): o.get('value') for o in t.iter('option')}
        kind = t.get('type')
        if kind == 'cl':
            arg = eval(opts['command'], {})[0]          # "['cl-api-...']"
        elif kind == 'cl_prog':
            arg = eval(opts['filename'], {})            # "'tests/cl/...'"
        else:
            sys.exit('conformance: FAIL: unknown test type %r in cl.xml.gz' % kind)
        tests.append((t.get('name'), kind, arg))
    return tests


def group_of(name, kind, arg):
    """The group a test belongs to (the table's rows and the slice's
    coverage): api, custom, program (the cl-program-* programs), interop,
    program/build, program/execute, and generated/<dir> (builtin/int,
    store, vload ...)."""
    if kind == 'cl':
        return name.split('@')[0]
    if arg.startswith('generated_tests/cl/'):
        d = arg.split('/')[2:-1]
        return 'generated/' + '/'.join(d)
    if '/program/build/' in arg:
        return 'program/build'
    return 'program/execute'


# ---- what a test needs ---------------------------------------------------

def strip_comments(src):
    src = re.sub(r'/\*.*?\*/', ' ', src, flags=re.S)
    return re.sub(r'//[^\n]*', ' ', src)


SCALARS = r'(?:u?char|u?short|u?int|u?long|float|double|half|bool)'
HALF_MATH = re.compile(r'half_(cos|divide|exp|exp2|exp10|log|log2|log10|powr|recip|rsqrt|sin|sqrt|tan)$')
# the float macros of OpenCL C 1.2 s6.12.2 (M_PI_F ...) and <float.h>'s
FLOAT_NAMES = re.compile(r'(flt_\w+|maxfloat|huge_valf|infinity|nan|m_\w+)$')
FLOAT_LIT = re.compile(r'(?<![\w.])(?:\d+\.\d*|\.\d+|\d+(?=[eE][+-]?\d))(?:[eE][+-]?\d+)?[fFhH]?(?![\w.])'
                       r'|0[xX][0-9a-fA-F.]+[pP][+-]?\d+')


def needs_of_text(text, code):
    """The needs TEXT shows: its identifiers (types, built-ins, macros) and,
    when CODE (kernel source, comments stripped), its floating literals."""
    need = set()
    for ident in set(re.findall(r'[A-Za-z_][A-Za-z0-9_]*', text)):
        low = ident.lower()
        if HALF_MATH.match(low):
            need.add('float')       # half_sqrt etc.: float, at reduced precision
        else:
            for t in ('float', 'double', 'half'):
                if re.search(r'(^|_)%s(\d+)?($|_)' % t, low):
                    need.add(t)
        if FLOAT_NAMES.match(low):
            need.add('float')
        if low.startswith('dbl_') or low == 'cl_khr_fp64':
            need.add('double')
        if low == 'cl_khr_fp16':
            need.add('half')
        if re.search(r'image[123]d|image_support|sampler_t|read_image|write_image|clk_filter|clk_address', low):
            need.add('image')
        if re.search(r'(^|_)u?long(\d+)?($|_)', low) or low in ('cles_khr_int64', 'cl_khr_int64'):
            need.add('int64')
        if re.search(r'(^|_)%s(2|3|4|8|16)($|_)' % SCALARS, low) or \
           re.match(r'(vload|vstore)a?(_half)?\d', low) or low in ('shuffle', 'shuffle2'):
            need.add('vector')
    if code and FLOAT_LIT.search(text):
        need.add('float')
    return need


def parse_program_test(pdir, path):
    """(config text without names, kernel source) of a cl_prog test."""
    text = open(os.path.join(pdir, path), encoding='latin1').read()
    if path.endswith('.cl'):
        m = re.search(r'/\*!(.*?)!\*/', text, flags=re.S)
        config = m.group(1) if m else ''
        source = text.replace(m.group(0), '') if m else text
    else:
        parts = re.split(r'^\[program source\]\s*$', text, maxsplit=1, flags=re.M)
        config = parts[0]
        source = parts[1] if len(parts) > 1 else ''
        m = re.search(r'^program_source_file:\s*(\S+)', config, flags=re.M)
        if m:
            inc = os.path.join(pdir, os.path.dirname(path), m.group(1))
            source += open(inc, encoding='latin1').read()
    # the sections' values; a test's name is prose, not a need
    config = '\n'.join(re.sub(r'#.*', '', ln) for ln in config.splitlines()
                       if not re.match(r'\s*name\s*:', ln))
    return config, source


# what an OpenCL C 1.2 compiler defines; the optional extensions'
# macros (cl_khr_fp64 ...) stay undefined, so that code a test guards
# with them is not a need
CL_DEFINES = ['-D__OPENCL_VERSION__=120', '-D__OPENCL_C_VERSION__=120', '-DCL_VERSION_1_0=100',
              '-DCL_VERSION_1_1=110', '-DCL_VERSION_1_2=120', '-D__ENDIAN_LITTLE__=1']


def preprocess(src, options, cwd):
    """SRC as the device compiler sees it: the C preprocessor with the
    test's -D and -I build options, comments gone, and the extension
    pragmas dropped (enabling an extension is not using it).  The source
    with its comments stripped when the preprocessor refuses it."""
    args = [a for a in re.findall(r'-[DI]\s*\S+', options or '')]
    args = [re.sub(r'^-([DI])\s+', r'-\1', a) for a in args]
    try:
        p = subprocess.run(['cc', '-E', '-P', '-w', '-undef', '-x', 'c'] + CL_DEFINES + args + ['-'],
                           input=src, capture_output=True, text=True, cwd=cwd, timeout=30)
        if p.returncode == 0:
            src = p.stdout
    except (OSError, subprocess.TimeoutExpired):
        pass
    src = strip_comments(src)
    return '\n'.join(ln for ln in src.splitlines() if not re.match(r'\s*#\s*pragma\s+OPENCL\s+EXTENSION', ln))


def classify(pdir, name, kind, arg):
    if kind == 'cl':
        data = open(os.path.join(pdir, 'bin', arg), 'rb').read()
        # the kernel sources the program builds are strings inside it
        srcs = [s.decode('latin1') for s in data.split(b'\0')
                if re.search(rb'kernel\s+void|__kernel', s)]
        need = set()
        for s in srcs:
            need |= needs_of_text(preprocess(s, '', pdir), True)
        # the API programs without a kernel: what their name says they create
        if re.search(r'image|sampler', arg):
            need.add('image')
        if arg.startswith('cl-interop-'):
            need.add('interop')
        return need
    config, source = parse_program_test(pdir, arg)
    m = re.search(r'^\s*build_options\s*:(.*)$', config, flags=re.M)
    code = preprocess(source, m.group(1) if m else '', os.path.join(pdir, os.path.dirname(arg)))
    # the build options are the compiler's, not a need (-D TYPE=... is
    # in the preprocessed source already)
    config = re.sub(r'^\s*build_options\s*:.*$', '', config, flags=re.M)
    need = needs_of_text(config, False) | needs_of_text(code, True)
    if re.search(r'^\s*need_image_support\s*:\s*true', config, flags=re.M):
        need.add('image')
    return need


def is_integer(need):
    return not (set(need) & set(NOT_INTEGER))


def is_float(need):
    """The single-precision subset: float, and nothing else of NOT_INTEGER."""
    return 'float' in need and not (set(need) & (set(NOT_INTEGER) - {'float'}))


def judged_subset(need):
    return is_integer(need) or is_float(need)


# ---- running -------------------------------------------------------------

PLATFORMS = ('warpq', 'warpq-rtl', 'pocl')
WARPQ = ('warpq', 'warpq-rtl')
# a lockstep mismatch's first line (tb/verilator/top/cosim.cpp)
MISMATCH = re.compile(r'^MISMATCH at cycle .*$', re.M)


def platform_env(name, pdir, out, lanes=32, fp=False):
    env = dict(os.environ)
    env['LD_LIBRARY_PATH'] = os.path.join(pdir, 'lib') + \
        (':' + env['LD_LIBRARY_PATH'] if env.get('LD_LIBRARY_PATH') else '')
    env.pop('OCL_ICD_FILENAMES', None)
    if name in WARPQ:
        env['OCL_ICD_VENDORS'] = os.path.join(ROOT, 'build/etc/OpenCL/vendors')
        env['WQ_BACKEND'] = 'rtl' if name == 'warpq-rtl' else 'model'
        env['WQ_LANES'] = str(lanes)
        # the float subset on a device with an FPU, the rest on the
        # default device (no FPU)
        env['WQ_FP'] = '1' if fp else '0'
    else:
        # a vendors directory with pocl.icd alone: one platform, whatever
        # else /etc/OpenCL/vendors holds
        vd = os.path.join(out, 'pocl-vendors')
        os.makedirs(vd, exist_ok=True)
        shutil.copy('/etc/OpenCL/vendors/pocl.icd', os.path.join(vd, 'pocl.icd'))
        env['OCL_ICD_VENDORS'] = vd
    return env


RESULT = re.compile(r'^PIGLIT: \{"result": "(\w+)" \}', re.M)


def first_reason(log, status):
    """The first line that says why a test did not pass: the build log's
    first error, else the first line that reports a failure."""
    if status == 'timeout':
        return 'timeout'
    lines = log.splitlines()
    for i, ln in enumerate(lines):
        if ln.startswith('Build log for device'):
            for b in lines[i + 1:]:
                if re.search(r'error', b, re.I):
                    return b.strip()
    pat = re.compile(r'fail|error|could not|expect|mismatch|differ|not supported|unsupported|invalid|skip', re.I)
    for ln in lines:
        s = ln.strip()
        # piglit's comments are the run's header, but for why it skips
        if s.startswith('#') and re.search(r'skipping|not supported|requires', s, re.I):
            return s.lstrip('# ')
        if not s or s.startswith('PIGLIT:') or s.startswith('#') or s.startswith('>>'):
            continue
        if pat.search(s):
            return s
    if status == 'crash':
        return 'crash: no piglit result (%s)' % (lines[-1].strip() if lines else 'no output')
    return status


def log_path(out, plat, name):
    """A test's log: its name with what a shell would split on as _."""
    return os.path.join(out, 'logs', plat, re.sub(r'[^A-Za-z0-9@.+_-]', '_', name) + '.log')


def run_one(job):
    name, kind, arg, plat, env, pdir, out, timeout = job
    cmd = [os.path.join(pdir, 'bin', arg)] if kind == 'cl' else \
          [os.path.join(pdir, 'bin/cl-program-tester'), arg]
    log = log_path(out, plat, name)
    t0 = time.time()
    with open(log, 'w') as f:
        p = subprocess.Popen(cmd, cwd=pdir, env=env, stdout=f, stderr=subprocess.STDOUT,
                             stdin=subprocess.DEVNULL, start_new_session=True)
        try:
            rc = p.wait(timeout=timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            rc = p.wait()
            timed_out = True
    secs = time.time() - t0
    text = open(log, encoding='utf-8', errors='replace').read()
    results = RESULT.findall(text)
    mm = MISMATCH.search(text)
    if mm:
        status = 'mismatch'         # the RTL left the model: whatever piglit said
    elif timed_out:
        status = 'timeout'
    elif results:
        status = results[-1]
    else:
        status = 'crash'
    if status == 'warn':
        status = 'pass'             # piglit's warn is a pass with a remark
    if status == 'mismatch':
        detail = text[mm.end():].strip().splitlines()
        reason = mm.group(0) + (': ' + detail[0].strip() if detail else '')
    else:
        reason = '' if status == 'pass' else first_reason(text, status)
    return name, plat, {'status': status, 'reason': reason, 'rc': rc, 'secs': round(secs, 2)}


# ---- expectations ----------------------------------------------------------

# the categories of a warpq failure, first match of its reason line wins;
# `runtime` when none matches (the program built, then failed)
CAUSES = (
    ('vector', r'vector type|vload|vstore|convert_\w+\d|shuffle|swizzle|component'
               r"|identifier '(u?char|u?short|u?int|u?long)(2|3|4|8|16)'"),
    ('struct', r'struct|union|aggregate'),
    ('goto', r'goto|label'),
    ('linker', r'link|compileprogram|compile_program|library'),
    # the math library of OpenCL C 1.2 s6.12.2 (exp, sin, pow, ...): the
    # float functions that are more than an instruction or two
    ('mathlib', r"undeclared function '(native_|half_)?(a?cos|a?sin|a?tan|atan2|a?cosh|a?sinh|a?tanh|"
                r"(a|)(cos|sin|tan)pi|atan2pi|cbrt|ceil|erfc?|exp(2|10|m1)?|fdim|floor|fmod|fract|frexp|"
                r"hypot|ilogb|ldexp|l?gamma(_r)?|log(2|10|1p|b)?|mad|maxmag|minmag|modf|nan|nextafter|"
                r"pown?|powr|remainder|remquo|rint|rootn|round|rsqrt|sincos|tgamma|trunc|clamp|degrees|"
                r"radians|step|smoothstep|mix|sign|cross|dot|distance|length|normalize|fast_\w+|"
                r"isequal|isnotequal|isgreater\w*|isless\w*|isordered|isunordered|divide|recip)'"),
    ('builtin', r'undeclared function|unknown built-?in'),
    ('int64', r'int64|cles_khr'),
    ('timeout', r'^timeout$'),
    ('compiler', r'error:'),
)


def cause_of(reason, name=''):
    """The category of a warpq failure (the expectations file's second
    column): what the compiler or the runtime lacks.  The API programs of
    separate compilation and linking count as linker whatever they print."""
    if re.match(r'api@cl(compile|link)program$', name):
        return 'linker'
    for cat, pat in CAUSES:
        if re.search(pat, reason, re.I):
            return cat
    return 'runtime'


def read_expected(path):
    exp = {}
    if not os.path.isfile(path):
        return exp
    for n, ln in enumerate(open(path), 1):
        s = ln.split('#', 1)[0].strip()
        if not s:
            continue
        f = s.split()
        if len(f) != 2:
            sys.exit('conformance: FAIL: %s:%d: want "TEST CATEGORY", got %r' % (path, n, ln.rstrip()))
        if f[0] in exp:
            sys.exit('conformance: FAIL: %s:%d: %s listed twice' % (path, n, f[0]))
        exp[f[0]] = f[1]
    return exp


HEADER = """\
# expected_fail.txt -- the integer and single-precision float piglit tests
# that pass on POCL and fail on warpq's model today (the float ones on a
# model device with an FPU; docs/tools/conformance.md).  `make conformance`
# fails on such a test that is not listed here, and on a listed test that
# passes now (remove its line) or is no longer an integer or float test
# POCL passes.  One test a line: piglit's test name, the cause's category
# (vector, struct, goto, linker, builtin, int64, mathlib, compiler,
# runtime, timeout), and after `#` the first line of warpq's log.
# Regenerate with `make conformance UPDATE=1` (scripts/conformance.py
# --update).
"""


def write_expected(path, fails):
    with open(path, 'w') as f:
        f.write(HEADER)
        w = max([len(n) for n in fails] + [1])
        for n in sorted(fails):
            cat, reason = fails[n]
            f.write('%-*s %-8s # %s\n' % (w, n, cat, reason[:160]))


# ---- reports ---------------------------------------------------------------

def junit(path, tests, res, plats, needs, lanes=32):
    with open(path, 'w') as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n')
        for p in plats:
            rows = [(n, res[n][p]) for n, _, _ in tests if p in res.get(n, {})]
            fails = sum(1 for _, r in rows if r['status'] not in ('pass', 'skip'))
            skips = sum(1 for _, r in rows if r['status'] == 'skip')
            suite = p + ('.L%d' % lanes if p in WARPQ and (lanes != 32 or p == 'warpq-rtl') else '')
            f.write('  <testsuite name="conformance.%s" tests="%d" failures="%d" skipped="%d" time="%.2f">\n'
                    % (suite, len(rows), fails, skips, sum(r['secs'] for _, r in rows)))
            for n, r in rows:
                cls = 'piglit.' + n.split('@')[0]
                f.write('    <testcase classname="%s" name="%s" time="%.2f">' % (escape(cls), escape(n, {'"': '&quot;'}), r['secs']))
                props = ','.join(sorted(needs[n])) or 'none'
                if r['status'] == 'skip':
                    f.write('<skipped message="%s"/>' % escape(r['reason'], {'"': '&quot;'}))
                elif r['status'] != 'pass':
                    f.write('<failure type="%s" message="%s"/>' % (r['status'], escape(r['reason'], {'"': '&quot;'})))
                f.write('<system-out>needs: %s</system-out></testcase>\n' % escape(props))
            f.write('  </testsuite>\n')
        f.write('</testsuites>\n')


def passed(res, n, p):
    return res.get(n, {}).get(p, {}).get('status') == 'pass'


def table(tests, res, needs, groups, out=sys.stdout):
    """The four outcomes, over all tests and over the integer subset, by
    group; then the POCL-only and warpq-only tests with the reason."""
    both = [n for n, _, _ in tests if 'warpq' in res.get(n, {}) and 'pocl' in res.get(n, {})]
    def kind(n):
        w, q = passed(res, n, 'warpq'), passed(res, n, 'pocl')
        return 'both' if w and q else 'pocl_only' if q else 'warpq_only' if w else 'neither'
    cols = ('both', 'neither', 'pocl_only', 'warpq_only')
    gl = sorted(set(groups[n] for n in both))
    for sub, label in ((lambda n: True, 'every test'),
                       (lambda n: is_integer(needs[n]), 'the integer subset (no float/double/half/image)'),
                       (lambda n: is_float(needs[n]), 'the float subset (float; no double/half/image)')):
        print('conformance: %s: passed on both, on neither, on POCL only, on warpq only' % label, file=out)
        print('conformance:   %-26s %6s %6s %7s %6s %6s' % ('group', 'tests', 'both', 'neither', 'pocl', 'warpq'), file=out)
        for g in gl + ['total']:
            ns = [n for n in both if sub(n) and (g == 'total' or groups[n] == g)]
            if not ns:
                continue
            c = {k: sum(1 for n in ns if kind(n) == k) for k in cols}
            print('conformance:   %-26s %6d %6d %7d %6d %6d' % (g, len(ns), *[c[k] for k in cols]), file=out)
    for k, plat, title in (('pocl_only', 'warpq', 'passed on POCL only'), ('warpq_only', 'pocl', 'passed on warpq only')):
        ns = [n for n in both if kind(n) == k]
        print('conformance: %s: %d (the first line of %s\'s log)' % (title, len(ns), plat), file=out)
        for n in ns:
            r = res[n][plat]
            tag = 'int' if is_integer(needs[n]) else ','.join(sorted(set(needs[n]) & set(NOT_INTEGER)))
            print('conformance:   %-60s [%s] %s: %s' % (n, tag, r['status'], r['reason'][:140]), file=out)


def counts(tests, res, needs, plat, subset=is_integer):
    """(passed, ran) over the integer (float) subset on PLAT: ran is every
    test that did not skip itself."""
    ns = [n for n, _, _ in tests if plat in res.get(n, {}) and subset(needs[n])]
    ran = [n for n in ns if res[n][plat]['status'] != 'skip']
    return sum(1 for n in ran if res[n][plat]['status'] == 'pass'), len(ran)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--platforms', default='warpq,pocl')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 2)
    ap.add_argument('--timeout', type=float, default=120)
    ap.add_argument('--filter', default='')
    ap.add_argument('--exclude', default='')
    ap.add_argument('--subset', default='', choices=('', 'int', 'float'))
    ap.add_argument('--slice', default='')
    ap.add_argument('--lanes', type=int, default=32, choices=(8, 16, 32))
    ap.add_argument('--rtl-timeout', type=float, default=900)
    ap.add_argument('--update', action='store_true')
    ap.add_argument('--bench', action='store_true')
    ap.add_argument('--recheck', action='store_true',
                    help='run nothing: the table and the expectations again from the last results and logs')
    ap.add_argument('--expected', default=EXPECTED)
    ap.add_argument('--out', default='')
    a = ap.parse_args()

    pdir = find_piglit()
    version = piglit_version(pdir)
    plats = [p for p in a.platforms.split(',') if p]
    for p in plats:
        if p not in PLATFORMS:
            sys.exit('conformance: FAIL: unknown platform %r (%s)' % (p, ', '.join(PLATFORMS)))
    # the RTL's runs and the runs at other lanes than 32 have reports of
    # their own: the full run's results.json stays the model's at 32 lanes
    # and POCL's, which make bench and --platforms warpq read
    base = 'conformance'
    if 'warpq-rtl' in plats or a.lanes != 32:
        base += '_rtl' if 'warpq-rtl' in plats else ''
        base += '_slice' if a.slice else ''
        base += '_L%d' % a.lanes
    elif a.slice:
        base += '_slice'
    out = a.out or os.path.join(ROOT, 'build/reports', base)
    resfile = os.path.join(out, 'results.json')
    tests = load_tests(pdir)
    byname = {t[0]: t for t in tests}
    groups = {n: group_of(n, k, arg) for n, k, arg in tests}

    if a.bench:
        if not os.path.isfile(resfile):
            rc = subprocess.run([sys.executable, __file__, '--out', out]).returncode
            if not os.path.isfile(resfile):
                sys.exit('conformance: FAIL: the full run wrote no results (exit %d)' % rc)
        saved = json.load(open(resfile))
        res, needs = saved['results'], saved['needs']
        if set(res) != set(byname) or saved.get('version') != version:
            sys.exit('conformance: FAIL: %s is not a full run of piglit %s (make conformance)' % (resfile, version))
        for p in ('warpq', 'pocl'):
            ps, pr = counts(tests, res, needs, p)
            print('conformance_pass_%s: %d (piglit %s cl profile, integer subset: needs no float/double/half/image; '
                  'of conformance_run_%s; run %s)' % (p, ps, version, p, saved.get('date', '?')))
            print('conformance_run_%s: %d (the integer tests that did not skip themselves on %s, of %d)'
                  % (p, pr, p, sum(1 for n, _, _ in tests if is_integer(needs[n]))))
        for p in ('warpq', 'pocl'):
            ps, pr = counts(tests, res, needs, p, is_float)
            print('conformance_float_pass_%s: %d (the float subset: needs float, no double/half/image; '
                  'warpq on a model device with an FPU; of conformance_float_run_%s)' % (p, ps, p))
            print('conformance_float_run_%s: %d (the float tests that did not skip themselves on %s, of %d)'
                  % (p, pr, p, sum(1 for n, _, _ in tests if is_float(needs[n]))))
        return 0

    if a.update and 'warpq-rtl' in plats:
        sys.exit('conformance: FAIL: --update rewrites the model\'s expectations: not with warpq-rtl')
    if set(plats) & set(WARPQ) and not os.path.isfile(os.path.join(ROOT, 'build/lib/libwqcl.so')):
        sys.exit('conformance: FAIL: build/lib/libwqcl.so missing (make build)')
    if 'pocl' in plats and not os.path.isfile('/etc/OpenCL/vendors/pocl.icd'):
        if a.slice:
            print('conformance: POCL not installed: the slice runs on warpq only')
            plats.remove('pocl')
        else:
            sys.exit('conformance: FAIL: POCL not installed (make deps installs pocl-opencl-icd)')

    if a.slice:
        want = [ln.split('#')[0].strip() for ln in open(a.slice)]
        want = [w for w in want if w]
        missing = [w for w in want if w not in byname]
        if missing:
            sys.exit('conformance: FAIL: %s names tests piglit %s does not have: %s' % (a.slice, version, ' '.join(missing)))
        listed = sorted(set(want) & set(read_expected(a.expected)))
        if listed:
            sys.exit('conformance: FAIL: %s names tests %s expects to fail: %s'
                     % (a.slice, os.path.relpath(a.expected, ROOT), ' '.join(listed)))
        sel = [byname[w] for w in want]
    else:
        sel = [t for t in tests if re.search(a.filter, t[0])] if a.filter else tests
        if a.exclude:
            sel = [t for t in sel if not re.search(a.exclude, t[0])]
    if not sel:
        sys.exit('conformance: FAIL: no test selected')
    if a.recheck:
        return recheck(a, out, resfile, version, tests, byname, groups)
    if 'warpq-rtl' in plats:
        # the backend library of this lane count (cached: seconds when built)
        b = subprocess.run(['bash', os.path.join(ROOT, 'scripts/cl_rtl_build.sh'), str(a.lanes)],
                           capture_output=True, text=True)
        if b.returncode != 0:
            sys.exit('conformance: FAIL: libwqrtl.so (%d lanes) did not build:\n%s' % (a.lanes, b.stderr[-2000:]))

    for p in plats:
        os.makedirs(os.path.join(out, 'logs', p), exist_ok=True)

    # the results of the platforms that do not run now (POCL's, when only
    # warpq runs) come from the last full run of the same piglit version
    res, needs = {}, {}
    if not a.slice and os.path.isfile(resfile):
        saved = json.load(open(resfile))
        if saved.get('version') == version:
            res, needs = saved['results'], saved['needs']
    # what each selected test needs (the preprocessor once per test)
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for n, nd in zip([t[0] for t in sel], ex.map(lambda t: sorted(classify(pdir, *t)), sel)):
            needs[n] = nd
    if a.subset:
        sel = [t for t in sel if (is_integer if a.subset == 'int' else is_float)(needs[t[0]])]
        if not sel:
            sys.exit('conformance: FAIL: no test of the %s subset selected' % a.subset)

    # warpq runs a float test on a model device with an FPU
    envs = {p: platform_env(p, pdir, out, a.lanes) for p in plats}
    envs_fp = {p: platform_env(p, pdir, out, a.lanes, fp=True) for p in plats}
    limit = {p: a.rtl_timeout if p == 'warpq-rtl' else a.timeout for p in plats}
    # the slowest first: the API programs and the big generated files, so
    # that the two cores end together
    def weight(t):
        return -(os.path.getsize(os.path.join(pdir, t[2])) if t[1] == 'cl_prog' else 1 << 20)
    jobs = [(n, k, arg, p, (envs_fp if is_float(needs[n]) else envs)[p], pdir, out, limit[p])
            for n, k, arg in sorted(sel, key=weight) for p in plats]
    print('conformance: piglit %s (%s): %d tests x %s, %d lanes, %d at once, %s s per test'
          % (version, pdir, len(sel), '+'.join(plats), a.lanes, a.jobs,
             '/'.join('%.0f' % limit[p] for p in plats)), flush=True)
    for n, _, _ in sel:
        for p in plats:
            res.setdefault(n, {}).pop(p, None)
    t0 = time.time()
    done = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for n, p, r in ex.map(run_one, jobs):
            res.setdefault(n, {})[p] = r
            done += 1
            if done % 100 == 0:
                print('conformance: %d of %d runs, %.0f s' % (done, len(jobs), time.time() - t0), flush=True)
    wall = time.time() - t0
    print('conformance: %d runs in %.0f s' % (len(jobs), wall))

    names = [t[0] for t in sel]
    status_of = lambda n, p: res.get(n, {}).get(p, {}).get('status', 'not run')
    for p in [p for p in PLATFORMS if p in plats or p != 'warpq-rtl']:
        st = {}
        for n in names:
            st[status_of(n, p)] = st.get(status_of(n, p), 0) + 1
        print('conformance: %-9s %s' % (p, '  '.join('%s %d' % kv for kv in sorted(st.items()))))
    if 'warpq-rtl' in plats:
        secs = sorted((res[n]['warpq-rtl']['secs'], n) for n in names)
        print('conformance: warpq-rtl at %d lanes: %.0f s of test time, the slowest %s (%.0f s)'
              % (a.lanes, sum(t for t, _ in secs), secs[-1][1], secs[-1][0]))

    os.makedirs(out, exist_ok=True)
    junit(os.path.join(out, 'junit.xml'), sel, res, plats, needs, a.lanes)

    if a.slice:
        bad = [(n, p) for n in names for p in plats if not passed(res, n, p)]
        covered = sorted(set(groups[n] for n in names))
        print('conformance: slice groups: %s' % ' '.join(covered))
        for n, p in bad:
            print('conformance: FAIL: %s on %s: %s: %s' % (n, p, res[n][p]['status'], res[n][p]['reason']))
        print('conformance: slice: %d tests x %s at %d lanes, %d failed (%s)'
              % (len(names), '+'.join(plats), a.lanes, len(bad), out))
        return 1 if bad else 0

    if 'warpq-rtl' in plats:
        return judge_rtl(a, out, names, res, plats)
    return judge(a, out, resfile, version, tests, byname, groups, res, needs, wall,
                 datetime.datetime.now().isoformat(timespec='seconds'))


def judge_rtl(a, out, names, res, plats):
    """A run on the RTL that is not a slice: each test's status there must be the
    model's at the same lanes (this run's), or at 32 lanes the last full
    run's (build/reports/conformance/results.json)."""
    model = {}
    if 'warpq' in plats:
        model = {n: res[n]['warpq'] for n in names}
    elif a.lanes == 32 and os.path.isfile(os.path.join(ROOT, 'build/reports/conformance/results.json')):
        saved = json.load(open(os.path.join(ROOT, 'build/reports/conformance/results.json')))['results']
        model = {n: saved[n]['warpq'] for n in names if 'warpq' in saved.get(n, {})}
    errors = []
    for n in names:
        r = res[n]['warpq-rtl']
        if r['status'] == 'mismatch':
            errors.append('%s: the RTL left the model: %s' % (n, r['reason']))
        elif n not in model:
            errors.append('%s: no model result to judge the RTL by (add warpq to --platforms)' % n)
        elif r['status'] != model[n]['status']:
            errors.append('%s: %s on the RTL, %s on the model: %s'
                          % (n, r['status'], model[n]['status'], r['reason'] or model[n]['reason']))
    json.dump({'lanes': a.lanes, 'results': {n: res[n] for n in names}},
              open(os.path.join(out, 'results.json'), 'w'), indent=1, sort_keys=True)
    for e in errors:
        print('conformance: FAIL: %s' % e)
    same = len(names) - len(errors)
    print('conformance: warpq-rtl at %d lanes: %d of %d tests as on the model (%s)' % (a.lanes, same, len(names), out))
    return 1 if errors else 0


def recheck(a, out, resfile, version, tests, byname, groups):
    """The last run's results again, each reason read anew from its log."""
    if not os.path.isfile(resfile):
        sys.exit('conformance: FAIL: no %s to recheck' % resfile)
    saved = json.load(open(resfile))
    res, needs = saved['results'], saved['needs']
    for n in res:
        for p, r in res[n].items():
            if r['status'] != 'pass' and os.path.isfile(log_path(out, p, n)):
                r['reason'] = first_reason(open(log_path(out, p, n), errors='replace').read(), r['status'])
    return judge(a, out, resfile, version, tests, byname, groups, res, needs, saved.get('wall_s', 0),
                 saved.get('date', '?'))


def judge(a, out, resfile, version, tests, byname, groups, res, needs, wall, date):
    """The tables, results.json, and the expectations checked or rewritten."""
    sel_tests = [t for t in tests if t[0] in res]
    with open(os.path.join(out, 'table.txt'), 'w') as f:
        table(sel_tests, res, needs, groups, f)
    table(sel_tests, res, needs, groups)
    json.dump({'version': version, 'date': date,
               'wall_s': round(wall, 1), 'results': res,
               'needs': {n: needs[n] for n in res}}, open(resfile, 'w'), indent=1, sort_keys=True)
    for p in ('warpq', 'pocl'):
        ps, pr = counts(tests, res, needs, p)
        print('conformance: integer subset on %-5s: %d passed of %d run' % (p, ps, pr))
    for p in ('warpq', 'pocl'):
        ps, pr = counts(tests, res, needs, p, is_float)
        print('conformance: float subset on %-5s: %d passed of %d run' % (p, ps, pr))

    # the rule, over the tests with results on both platforms
    judged = [n for n in res if 'warpq' in res[n] and 'pocl' in res[n]]
    owed = {n: (cause_of(res[n]['warpq']['reason'], n), res[n]['warpq']['reason'])
            for n in judged if judged_subset(needs[n]) and passed(res, n, 'pocl') and not passed(res, n, 'warpq')}
    by_cause = {}
    for n, (c, _) in owed.items():
        by_cause.setdefault(c, []).append(n)
    print('conformance: integer and float tests POCL passes and warpq fails: %d (%s)'
          % (len(owed), ', '.join('%s %d' % (c, len(v)) for c, v in sorted(by_cause.items(), key=lambda kv: -len(kv[1])))))
    if a.update:
        if a.filter or a.exclude or set(judged) != set(byname):
            sys.exit('conformance: FAIL: --update needs results of every test on both platforms (no --filter)')
        write_expected(a.expected, owed)
        print('conformance: %s rewritten: %d tests' % (os.path.relpath(a.expected, ROOT), len(owed)))
        return 0
    exp = read_expected(a.expected)
    errors = []
    for n in sorted(owed):
        if n not in exp:
            errors.append('%s: an %s test POCL passes fails on warpq (%s): %s'
                          % (n, 'integer' if is_integer(needs[n]) else 'float', owed[n][0], owed[n][1]))
    for n in sorted(exp):
        if n not in byname:
            errors.append('%s: listed in expected_fail.txt but piglit %s has no such test: remove it' % (n, version))
        elif n in judged and n not in owed:
            why = 'passes on warpq' if passed(res, n, 'warpq') else \
                  'POCL does not pass it' if not passed(res, n, 'pocl') else 'it is not an integer or float test'
            errors.append('%s: listed in expected_fail.txt but %s now: remove it' % (n, why))
        elif n in owed and owed[n][0] != exp[n]:
            print('conformance: note: %s is listed as %s, fails as %s now: %s' % (n, exp[n], owed[n][0], owed[n][1]))
    for e in errors:
        print('conformance: FAIL: %s' % e)
    rel = os.path.relpath(a.expected, ROOT)
    if errors:
        print('conformance: %d expectation errors against %s (make conformance UPDATE=1 rewrites it from this run)' % (len(errors), rel))
        return 1
    print('conformance: every integer and float test POCL passes passes on warpq, but the %d of %s' % (len(exp), rel))
    return 0


if __name__ == '__main__':
    sys.exit(main())
