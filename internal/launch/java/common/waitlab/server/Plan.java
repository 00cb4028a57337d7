package waitlab.server;

/** What one request does, drawn as the Go target draws it (knobs) or read from the scenario's plan. */
public final class Plan {
    /** The request's number from 1 (knob mode; the Go target's request id), 0 in scenario mode. */
    public long number;
    /** The scenario's request index (-1 in knob mode). */
    public long index = -1;
    /** The scenario class's name ("" in knob mode). */
    public String cls = "";
    /** The loop the scenario's planner gives it (-1: none). */
    public int loop = -1;
    public long cpuNanos;
    /** One blocking call of this long (0: none). */
    public long blockNanos;
    /** One wait per call. */
    public long[] waits = new long[0];
    public boolean parallel;
    public boolean blocking;
    /** 400: a query the server refuses. */
    public int status = 200;

    /** The time its calls wait if nothing else delays them: their sum, or the longest when parallel. */
    public long waitTotal() {
        long t = 0;
        for (long w : waits) {
            t = parallel ? Math.max(t, w) : t + w;
        }
        return t;
    }
}
