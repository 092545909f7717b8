# slurm_jobs.sh -- sourced: what every Slurm run of the project shares
# (scripts/lib/regress_slurm.sh, scripts/fpga.sh's FPGA_SLURM sweep;
# docs/verification.md "Running on a cluster"): the states of a job or of
# an array's tasks, waiting for a job, and a job's CPU time.  A task that
# leaves no result file is a dead task; these give the reason Slurm has.

# "TASKS STATE REASON" per record of `scontrol show job` (TASKS: an array
# task id, a range of pending ones such as 2-5%4, or - for a plain job)
slurm_states() {   # JOBID
    scontrol show job -o "$1" 2>/dev/null | awk '{
        t = "-"; st = "?"; r = "None"
        for (i = 1; i <= NF; i++) {
            if ($i ~ /^ArrayTaskId=/) t = substr($i, 13)
            else if ($i ~ /^JobState=/) st = substr($i, 10)
            else if ($i ~ /^Reason=/) r = substr($i, 8)
        }
        print t, st, r }' || true
}

# the state of array task I in the output of slurm_states
slurm_task_state() {   # STATES I
    printf '%s\n' "$1" | awk -v i="$2" '{
        t = $1; sub(/%.*/, "", t); n = split(t, a, ",")
        for (k = 1; k <= n; k++) {
            if (split(a[k], b, "-") == 2) { if (i >= b[1] + 0 && i <= b[2] + 0) hit = 1 }
            else if (a[k] == i) hit = 1
            if (hit) { print $2 ($3 != "None" ? " (" $3 ")" : ""); exit }
        }
    }'
}

# wait while the job is pending or running; prints its last state
slurm_wait() {   # JOBID
    local st
    while :; do
        st=$(slurm_states "$1" | awk '{ print $2; exit }')
        case "$st" in PENDING|CONFIGURING|RUNNING|COMPLETING|SUSPENDED|REQUEUED|RESIZING) ;; *) break ;; esac
        sleep "${REGRESS_SLURM_POLL:-2}"
    done
    echo "${st:-}"
}

# the CPU time of the job's finished commands, as its log's last line (no
# accounting needed; scripts/slurm_test.sh adds them up)
job_cpu() {   # NAME (the shell's cutime and cstime, in clock ticks)
    awk -v hz="$(getconf CLK_TCK)" -v n="$1" '{ printf "%s: job CPU %.1f s (user %.1f s, system %.1f s)\n",
                                      n, ($16 + $17) / hz, $16 / hz, $17 / hz }' "/proc/$$/stat"
}
