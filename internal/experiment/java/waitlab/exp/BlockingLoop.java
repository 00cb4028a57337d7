package waitlab.exp;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import waitlab.control.Control;

/**
 * The blocking-loop chapter's program, written from its description, with
 * no sockets: L loop threads, each with its own task queue, take a burst
 * of N tasks (task i goes to loop i mod L). 99% spend a fixed CPU time on
 * their loop; 1% are blocking: they sleep on the loop ("onloop"), or the
 * loop hands the sleep to a pool of P platform threads ("offload"); "none"
 * has no blocking task. One blocking task in every hundred, placed so the
 * blocking tasks fall on every loop in turn.
 *
 * <p>Arguments: loops tasks mode pool cpuMicros blockMillis runs. The JVM
 * runs one uncounted warm-up batch, then the counted ones, and reports
 * for each its batch time and every non-blocking task's latency from the
 * burst (µs), plus the most platform threads the JVM had at once.
 */
public final class BlockingLoop {
    private static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    private BlockingLoop() {
    }

    public static void main(String[] args) throws Exception {
        int loops = Integer.parseInt(args[0]);
        int tasks = Integer.parseInt(args[1]);
        String mode = args[2];
        int pool = Integer.parseInt(args[3]);
        long cpuNanos = Long.parseLong(args[4]) * 1000L;
        long blockMillis = Long.parseLong(args[5]);
        int runs = Integer.parseInt(args[6]);
        Control control = Control.open();
        AtomicBoolean cancelled = new AtomicBoolean();
        control.onCancel(() -> cancelled.set(true));
        control.ready("");
        ExecutorService offload = mode.equals("offload") ? Executors.newFixedThreadPool(pool) : null;
        StringBuilder out = new StringBuilder("{\"runs\":[");
        int threads = 0;
        int done = 0;
        for (int r = 0; r <= runs && !cancelled.get(); r++) {
            Batch b = new Batch(loops, tasks, mode, offload, cpuNanos, blockMillis);
            b.run();
            threads = b.threads;
            if (r == 0) {
                continue; // the warm-up: JIT and thread start, not counted
            }
            if (done++ > 0) {
                out.append(',');
            }
            out.append("{\"batch_us\":").append(b.batchMicros).append(",\"lat_us\":[");
            boolean first = true;
            for (int i = 0; i < tasks; i++) {
                if (b.blocking(i)) {
                    continue;
                }
                if (!first) {
                    out.append(',');
                }
                first = false;
                out.append(b.latMicros[i]);
            }
            out.append("]}");
        }
        if (offload != null) {
            offload.shutdownNow();
            offload.awaitTermination(5, TimeUnit.SECONDS);
        }
        // The control channel's reader is waitlab's, not the chapter's.
        int ours = control.supervised() ? 1 : 0;
        out.append("],\"threads\":").append(threads - ours).append('}');
        control.report(out.toString());
        if (!control.supervised()) {
            System.out.println(out);
        }
    }

    /** One burst of tasks on fresh loops. */
    static final class Batch {
        final long[] latMicros;
        long batchMicros;
        int threads;
        private final int loops;
        private final int tasks;
        private final String mode;
        private final ExecutorService offload;
        private final long cpuNanos;
        private final long blockMillis;

        Batch(int loops, int tasks, String mode, ExecutorService offload, long cpuNanos, long blockMillis) {
            this.loops = loops;
            this.tasks = tasks;
            this.mode = mode;
            this.offload = offload;
            this.cpuNanos = cpuNanos;
            this.blockMillis = blockMillis;
            latMicros = new long[tasks];
        }

        /** Task i blocks: one in a hundred, at 50 + (its hundred) so they fall on every loop. */
        boolean blocking(int i) {
            return !mode.equals("none") && i % 100 == 50 + (i / 100) % 50;
        }

        void run() throws InterruptedException {
            CountDownLatch all = new CountDownLatch(tasks);
            @SuppressWarnings("unchecked")
            BlockingQueue<Integer>[] queues = new BlockingQueue[loops];
            Thread[] ts = new Thread[loops];
            long[] start = new long[1];
            for (int l = 0; l < loops; l++) {
                BlockingQueue<Integer> q = new LinkedBlockingQueue<>();
                queues[l] = q;
                ts[l] = new Thread(() -> loop(q, all, start), "loop-" + l);
            }
            // The burst: every task queued before the loops start.
            for (int i = 0; i < tasks; i++) {
                queues[i % loops].add(i);
            }
            for (BlockingQueue<Integer> q : queues) {
                q.add(-1); // the end of the burst
            }
            start[0] = System.nanoTime();
            for (Thread t : ts) {
                t.start();
            }
            all.await();
            threads = MX.getPeakThreadCount(); // loops and pool at once (the pool starts its threads as tasks come)
            batchMicros = (System.nanoTime() - start[0]) / 1000;
            for (Thread t : ts) {
                t.join();
            }
        }

        private void loop(BlockingQueue<Integer> q, CountDownLatch all, long[] start) {
            try {
                for (int i = q.take(); i >= 0; i = q.take()) {
                    final int task = i;
                    burn(cpuNanos);
                    if (!blocking(task)) {
                        latMicros[task] = (System.nanoTime() - start[0]) / 1000;
                        all.countDown();
                    } else if (offload != null) {
                        offload.execute(() -> {
                            sleep(blockMillis);
                            latMicros[task] = (System.nanoTime() - start[0]) / 1000;
                            all.countDown();
                        });
                    } else {
                        sleep(blockMillis); // the blocking call, on the loop
                        latMicros[task] = (System.nanoTime() - start[0]) / 1000;
                        all.countDown();
                    }
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        private static void sleep(long ms) {
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /** Spends ns of this thread's CPU time. */
        private static void burn(long ns) {
            long end = MX.getCurrentThreadCpuTime() + ns;
            long x = 0;
            while (MX.getCurrentThreadCpuTime() < end) {
                for (int k = 0; k < 200; k++) {
                    x += k * 31L ^ x;
                }
            }
            if (x == 42) {
                System.err.print("");
            }
        }
    }
}
