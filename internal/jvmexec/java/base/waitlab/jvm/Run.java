package waitlab.jvm;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.LongSupplier;

/**
 * One pass over the plan: every request's start, end and lane, what each
 * lane did when (with the trace), and the helpers every executor shares, so
 * the executors differ only in who runs what (as in Go's internal/live).
 * Times are nanoseconds since t0, the pass's own start signal, taken once
 * the executor's threads exist: the JVM's start-up is not in them.
 */
final class Run {
    static final int CPU = 1, HOLD = 2, LOCK = 3; // model.SpanKind
    static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();
    /** The thread CPU clock when ThreadMXBean has none for this thread (a virtual thread); set by NativeClock on JDK 22+. */
    static volatile LongSupplier fallbackClock;
    /** What measured the CPU work ("thread", "native", "wall"), the last kind used. */
    static volatile String cpuClock = "thread";

    final Plan p;
    final long[] start;
    final int[] lane;
    final AtomicLongArray end;
    final AtomicInteger completed = new AtomicInteger();
    final AtomicInteger busy = new AtomicInteger();
    final AtomicInteger peak = new AtomicInteger();
    final CountDownLatch finished = new CountDownLatch(1);
    final FifoLock lock;
    final List<long[]>[] spans;
    final long stallNs;
    final long[] stallCount;
    volatile long worstStall;
    volatile int worstLoop, worstReq = -1;
    volatile int sent;
    volatile boolean stopped;
    long t0;
    /** The closed model: each finished request, for its user to think and send again (null: open). */
    final java.util.concurrent.LinkedBlockingQueue<Integer> ends;

    @SuppressWarnings("unchecked")
    Run(Plan p, int lanes, boolean trace, long stallNs) {
        this.p = p;
        start = new long[p.requests];
        lane = new int[p.requests];
        java.util.Arrays.fill(lane, -1);
        end = new AtomicLongArray(p.requests);
        lock = p.sharedLock ? new FifoLock() : null;
        spans = trace ? new List[lanes] : null;
        if (trace) {
            for (int i = 0; i < lanes; i++) {
                spans[i] = new ArrayList<>();
            }
        }
        this.stallNs = stallNs;
        stallCount = new long[p.threads];
        ends = p.vus > 0 ? new java.util.concurrent.LinkedBlockingQueue<>() : null;
    }

    long now() {
        return System.nanoTime() - t0;
    }

    void take(int i, int ln) {
        start[i] = now();
        lane[i] = ln;
    }

    void finish(int i) {
        long e = now();
        end.set(i, e <= 0 ? 1 : e);
        if (ends != null) {
            ends.add(i);
        }
        if (completed.incrementAndGet() == p.requests) {
            finished.countDown();
        }
    }

    /** Stops the pass at once (an interrupt); safe from any thread. */
    void halt() {
        stopped = true;
        finished.countDown();
    }

    void enter() {
        int n = busy.incrementAndGet();
        for (int pk = peak.get(); n > pk && !peak.compareAndSet(pk, n); pk = peak.get()) {
            // retry
        }
    }

    void leave() {
        busy.decrementAndGet();
    }

    void span(int ln, int kind, int req, long from) {
        if (spans == null || ln < 0 || ln >= spans.length) {
            return;
        }
        long to = now();
        if (to <= from) {
            return;
        }
        List<long[]> l = spans[ln];
        synchronized (l) { // a carrier's lane is written by the virtual threads it runs in turn
            l.add(new long[] {ln, kind, req, from, to});
        }
    }

    /** A loop task that ran longer than the stall threshold (the watchdog's view, counted by the loop itself). */
    void loopTask(int loop, int req, long took) {
        if (stallNs <= 0 || took < stallNs) {
            return;
        }
        synchronized (stallCount) {
            stallCount[loop]++;
            if (took > worstStall) {
                worstStall = took;
                worstLoop = loop;
                worstReq = req;
            }
        }
    }

    /** Request i's CPU work on the calling thread, against its own CPU clock. */
    void cpu(int ln, int i) {
        long d = p.cpu[i];
        if (d <= 0) {
            return;
        }
        long t = now();
        spin(d);
        span(ln, CPU, i, t);
    }

    static long threadClock() {
        long c = MX.getCurrentThreadCpuTime();
        if (c >= 0) {
            return c;
        }
        LongSupplier f = fallbackClock;
        if (f != null) {
            cpuClock = "native";
            return f.getAsLong();
        }
        cpuClock = "wall";
        return System.nanoTime();
    }

    /** Burns d nanoseconds of the calling thread's CPU clock. */
    static void spin(long d) {
        long from = threadClock();
        while (threadClock() - from < d) {
            // busy work: the clock itself is the work's measure
        }
    }

    static void sleep(long ns) throws InterruptedException {
        Thread.sleep(ns / 1_000_000, (int) (ns % 1_000_000));
    }

    /** How a wait holds its thread: a sleep, or (pinned virtual threads) a sleep in a pinning frame. */
    interface Holder {
        void hold(Body b) throws InterruptedException;
    }

    /** A wait's body. */
    interface Body {
        void run() throws InterruptedException;
    }

    static final Holder PLAIN = Body::run;

    /**
     * Request i's calls while the calling thread holds lane ln through them:
     * one sleep for the slowest of parallel calls, or each call in turn (the
     * shared lock serialises parallel calls anyway, as in the model).
     */
    void holdCalls(int ln, int i, Holder h) throws InterruptedException {
        long[] w = p.waits[i];
        if (w.length == 0) {
            return;
        }
        if (p.parallel[p.cls[i]] && lock == null) {
            long m = 0;
            for (long x : w) {
                m = Math.max(m, x);
            }
            long mx = m;
            h.hold(() -> {
                long t = now();
                sleep(mx);
                span(ln, HOLD, i, t);
            });
            return;
        }
        for (long x : w) {
            h.hold(() -> holdCall(ln, i, x));
        }
    }

    /** One call of w nanoseconds made while holding lane ln. */
    void holdCall(int ln, int i, long w) throws InterruptedException {
        if (lock != null) {
            long t = now();
            lock.acquire();
            span(ln, LOCK, i, t);
        }
        try {
            long t = now();
            sleep(w);
            span(ln, HOLD, i, t);
        } finally {
            if (lock != null) {
                lock.release();
            }
        }
    }

    boolean parallel(int i) {
        return p.parallel[p.cls[i]];
    }

    boolean blocking(int i) {
        return p.blocking[p.cls[i]];
    }

    static long maxOf(long[] w) {
        long m = 0;
        for (long x : w) {
            m = Math.max(m, x);
        }
        return m;
    }
}
