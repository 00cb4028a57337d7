package waitlab.netty;

import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * What held the worker loops. A stall is the Go target's watchdog's: the
 * handler holding its loop longer than the threshold (held() is told each
 * hold). The lag is the loops' own answer: a task on each loop that
 * reschedules itself every PERIOD and measures how late it ran, which
 * also counts the OS's scheduling delays on a busy machine, so it is
 * reported beside the stalls, not as them. The lag counts from the first
 * counted request on: before it, the warm-up's JIT compiling and class
 * generation take the CPUs from the loops (measured at 200-500 ms of
 * lateness on a loaded 2-core machine, both loops at once, no safepoint,
 * no GC, with either offload executor), which is no stall of serving.
 */
final class LagProbe {
    static final long PERIOD = 2_000_000L; // 2 ms
    private final List<EventExecutor> loops = new ArrayList<>();
    private final long threshold;
    private final long[] count;
    private final long[] worst;
    private final long[] lag;
    private long worstReq = -1;
    private volatile boolean running, serving;

    LagProbe(NioEventLoopGroup group, long thresholdNanos) {
        for (EventExecutor e : group) {
            loops.add(e);
        }
        threshold = thresholdNanos;
        count = new long[loops.size()];
        worst = new long[loops.size()];
        lag = new long[loops.size()];
    }

    /** The handler held loop i for nanos, serving request req. */
    synchronized void held(int i, long nanos, long req) {
        if (nanos > threshold) {
            count[i]++;
            long w = 0;
            for (long x : worst) {
                w = Math.max(w, x);
            }
            if (nanos > w) {
                worstReq = req;
            }
            if (nanos > worst[i]) {
                worst[i] = nanos;
            }
        }
    }

    void start() {
        running = true;
        for (int i = 0; i < loops.size(); i++) {
            arm(i, System.nanoTime());
        }
    }

    private void arm(int i, long from) {
        if (!running) {
            return;
        }
        EventExecutor e = loops.get(i);
        long due = from + PERIOD;
        e.schedule(() -> {
            long now = System.nanoTime();
            long late = now - due;
            synchronized (this) {
                if (serving && late > lag[i]) {
                    lag[i] = late;
                }
            }
            arm(i, now);
        }, PERIOD, TimeUnit.NANOSECONDS);
    }

    /** The first counted request has come: lateness from now on is measured. */
    void serving() {
        serving = true;
    }

    void stop() {
        running = false;
    }

    /** The worst lateness of the lag task on any loop, in ms. */
    synchronized double worstLagMs() {
        long w = 0;
        for (long x : lag) {
            w = Math.max(w, x);
        }
        return w / 1e6;
    }

    /** The stalls so far in Prometheus text (the Go target's name). */
    synchronized String metrics() {
        long total = 0;
        for (long c : count) {
            total += c;
        }
        return "# TYPE waitlab_target_loop_stalls_total counter\nwaitlab_target_loop_stalls_total " + total + "\n";
    }

    /** model.Stalls' JSON. */
    synchronized String json() {
        long total = 0;
        int wl = 0;
        StringBuilder per = new StringBuilder("[");
        for (int i = 0; i < count.length; i++) {
            total += count[i];
            if (worst[i] > worst[wl]) {
                wl = i;
            }
            per.append(i == 0 ? "" : ",").append(count[i]);
        }
        per.append(']');
        double worstMs = total > 0 ? worst[wl] / 1e6 : 0;
        return "{\"threshold_ms\":" + threshold / 1e6 + ",\"count\":" + total + ",\"worst_ms\":" + worstMs
                + ",\"worst_loop\":" + (total > 0 ? wl : 0) + ",\"worst_request\":" + worstReq + ",\"per_loop\":" + per + "}";
    }
}
