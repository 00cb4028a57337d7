package waitlab.jvm;

import java.io.IOException;
import java.nio.channels.Selector;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * The event-loop model (and, with an offload pool, the offload model). Each
 * loop is a platform thread with its own java.nio.channels.Selector, a run
 * queue that other threads fill and wake it for (Selector.wakeup), and a
 * timer heap: a registered wait is a timer on the loop that owns the
 * request, whose expiry queues the continuation on that loop (the select's
 * timeout is the earliest timer, in milliseconds, as NIO's). A blocking wait
 * is Thread.sleep on the loop thread, so every task queued behind it waits;
 * under offload, blocking calls go to K platform threads and the
 * continuation is queued back to the request's loop.
 */
final class LoopExec implements Exec {
    private Run r;
    private Loop[] loops;
    private Queue[] queues;
    private LinkedBlockingQueue<long[]> off;
    private final List<Thread> threads = new ArrayList<>();
    private ScheduledThreadPoolExecutor lockTimers;
    private AtomicIntegerArray pending;
    private int[] next;
    private boolean offload;

    private static final int NEW = 0, CONT = 1;

    /** A FIFO of tasks served by one loop, or by all of them (assign shared). */
    static final class Queue {
        private final ArrayDeque<Long> q = new ArrayDeque<>();
        private final ArrayList<Loop> idle = new ArrayList<>();
        private boolean closed;

        synchronized void push(long item) {
            if (closed) {
                return;
            }
            q.add(item);
            int n = idle.size();
            if (n > 0) {
                Loop l = idle.remove(n - 1);
                l.idle = false;
                l.sel.wakeup();
            }
        }

        synchronized long tryPop(Loop l) {
            if (l.idle) {
                idle.remove(l);
                l.idle = false;
            }
            Long it = q.poll();
            if (it == null) {
                l.idle = true;
                idle.add(l);
                return -1;
            }
            return it;
        }

        synchronized void close() {
            closed = true;
        }
    }

    /** One event loop. */
    final class Loop {
        final int idx;
        final Queue q;
        final Selector sel;
        final PriorityQueue<long[]> timers = new PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        long seq;
        boolean idle; // guarded by q

        Loop(int idx, Queue q) throws IOException {
            this.idx = idx;
            this.q = q;
            this.sel = Selector.open();
        }

        void run(CountDownLatch ready) {
            ready.countDown();
            try {
                while (!r.stopped) {
                    fireTimers();
                    long it = q.tryPop(this);
                    if (it >= 0) {
                        runItem(it);
                        continue;
                    }
                    long timeout = 0; // 0: until woken
                    if (!timers.isEmpty()) {
                        long d = timers.peek()[0] - r.now();
                        if (d <= 0) {
                            continue;
                        }
                        timeout = (d + 999_999) / 1_000_000;
                    }
                    sel.select(timeout);
                    sel.selectedKeys().clear();
                }
            } catch (InterruptedException | IOException | java.nio.channels.ClosedSelectorException e) {
                // stopped
            }
        }

        void fireTimers() {
            if (timers.isEmpty()) {
                return;
            }
            long now = r.now();
            while (!timers.isEmpty() && timers.peek()[0] <= now) {
                callDone((int) timers.poll()[2]);
            }
        }

        void runItem(long it) throws InterruptedException {
            int i = (int) (it >> 1);
            long t = System.nanoTime();
            r.enter();
            if ((it & 1) == NEW) {
                r.take(i, idx);
                r.cpu(idx, i);
                afterCPU(i);
            } else {
                resume(i);
            }
            r.leave();
            r.loopTask(idx, i, System.nanoTime() - t);
        }

        void afterCPU(int i) throws InterruptedException {
            if (r.p.waits[i].length == 0) {
                r.finish(i);
            } else if (r.blocking(i) && !offload) {
                r.holdCalls(idx, i, Run.PLAIN); // the loop thread sleeps
                r.finish(i);
            } else if (r.blocking(i)) {
                offload(i);
            } else {
                register(i);
            }
        }

        void resume(int i) {
            if (next[i] < r.p.waits[i].length && !r.parallel(i)) {
                if (r.blocking(i)) {
                    offload(i);
                } else {
                    register(i);
                }
                return;
            }
            r.finish(i);
        }

        void register(int i) {
            long[] w = r.p.waits[i];
            if (r.parallel(i) && r.lock == null) {
                pending.set(i, 1);
                timers.add(new long[] {r.now() + Run.maxOf(w), seq++, i});
            } else if (r.parallel(i)) {
                pending.set(i, w.length);
                for (long x : w) {
                    asyncLocked(i, x);
                }
            } else {
                pending.set(i, 1);
                long x = w[next[i]];
                if (r.lock != null) {
                    asyncLocked(i, x);
                } else {
                    timers.add(new long[] {r.now() + x, seq++, i});
                }
            }
        }
    }

    @Override
    public void start(Run run) throws Exception {
        r = run;
        int n = r.p.threads;
        offload = r.p.model.equals("offload");
        pending = new AtomicIntegerArray(r.p.requests);
        next = new int[r.p.requests];
        int nq = r.p.shared ? 1 : n;
        queues = new Queue[nq];
        for (int i = 0; i < nq; i++) {
            queues[i] = new Queue();
        }
        loops = new Loop[n];
        for (int i = 0; i < n; i++) {
            loops[i] = new Loop(i, queues[Math.min(i, nq - 1)]);
        }
        if (r.lock != null) {
            lockTimers = new ScheduledThreadPoolExecutor(1, t -> {
                Thread th = new Thread(t, "waitlab-lock-timer");
                th.setDaemon(true);
                return th;
            });
        }
        int k = offload ? r.p.offload : 0;
        CountDownLatch ready = new CountDownLatch(n + k);
        for (Loop l : loops) {
            threads.add(new Thread(() -> l.run(ready), "waitlab-loop-" + l.idx));
        }
        if (offload) {
            off = new LinkedBlockingQueue<>();
            for (int i = 0; i < k; i++) {
                int ln = n + i;
                threads.add(new Thread(() -> offWorker(ln, ready), "waitlab-offload-" + i));
            }
        }
        Lanes.start(threads, ready);
    }

    @Override
    public int lanes() {
        return r.p.threads + (r.p.model.equals("offload") ? r.p.offload : 0);
    }

    private Queue queueOf(int i) {
        return queues.length == 1 ? queues[0] : queues[r.p.loop[i]];
    }

    /** A registered call that must hold the shared lock: it starts when the lock is granted. */
    private void asyncLocked(int i, long w) {
        r.lock.acquireAsync(() -> lockTimers.schedule(() -> {
            r.lock.release();
            callDone(i);
        }, w, TimeUnit.NANOSECONDS));
    }

    /** Counts one finished call of i; when none is out, its continuation goes to its loop. */
    private void callDone(int i) {
        if (pending.decrementAndGet(i) > 0) {
            return;
        }
        if (r.parallel(i)) {
            next[i] = r.p.waits[i].length;
        } else {
            next[i]++;
        }
        queueOf(i).push(((long) i << 1) | CONT);
    }

    private void offload(int i) {
        long[] w = r.p.waits[i];
        if (r.parallel(i)) {
            pending.set(i, w.length);
            for (long x : w) {
                off.add(new long[] {i, x});
            }
            return;
        }
        pending.set(i, 1);
        off.add(new long[] {i, w[next[i]]});
    }

    private void offWorker(int ln, CountDownLatch ready) {
        ready.countDown();
        try {
            while (!r.stopped) {
                long[] c = off.take();
                r.enter();
                try {
                    r.holdCall(ln, (int) c[0], c[1]);
                } finally {
                    r.leave();
                }
                callDone((int) c[0]);
            }
        } catch (InterruptedException e) {
            // stopped
        }
    }

    @Override
    public void submit(int i) {
        queueOf(i).push((long) i << 1 | NEW);
    }

    @Override
    public void stop(long graceMs) throws InterruptedException {
        for (Queue q : queues) {
            q.close();
        }
        for (Thread t : threads) {
            t.interrupt();
        }
        for (Loop l : loops) {
            l.sel.wakeup();
        }
        if (lockTimers != null) {
            lockTimers.shutdownNow();
        }
        Lanes.join(threads, graceMs);
        for (Loop l : loops) {
            try {
                l.sel.close();
            } catch (IOException ignored) {
                // closing
            }
        }
    }
}
