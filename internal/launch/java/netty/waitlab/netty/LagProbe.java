package waitlab.netty;

import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The loops' own answer to "was it blocked": a task on each worker loop
 * that reschedules itself every PERIOD and measures how late it ran. A
 * lateness above the threshold is a stall of that loop (waitlab's
 * watchdog's meaning, model.Stalls).
 */
final class LagProbe {
    static final long PERIOD = 2_000_000L; // 2 ms
    private final List<EventExecutor> loops = new ArrayList<>();
    private final long threshold;
    private final long[] count;
    private final long[] worst;
    private volatile boolean running;

    LagProbe(NioEventLoopGroup group, long thresholdNanos) {
        for (EventExecutor e : group) {
            loops.add(e);
        }
        threshold = thresholdNanos;
        count = new long[loops.size()];
        worst = new long[loops.size()];
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
                if (late > threshold) {
                    count[i]++;
                }
                if (late > worst[i]) {
                    worst[i] = late;
                }
            }
            arm(i, now);
        }, PERIOD, TimeUnit.NANOSECONDS);
    }

    void stop() {
        running = false;
    }

    synchronized double worstMs() {
        long w = 0;
        for (long x : worst) {
            w = Math.max(w, x);
        }
        return w / 1e6;
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
                + ",\"worst_loop\":" + (total > 0 ? wl : 0) + ",\"worst_request\":-1,\"per_loop\":" + per + "}";
    }
}
