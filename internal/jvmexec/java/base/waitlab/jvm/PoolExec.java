package waitlab.jvm;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The thread-per-request model: N platform threads take requests from one
 * FIFO queue (a fixed thread pool) and hold each through its CPU work and
 * every wait, a Thread.sleep. With a fan-out pool of K threads, a request's
 * parallel calls go to a second FIFO queue, each holding a fan-out thread,
 * while the request's own thread waits for all of them (the
 * CompletableFuture-on-an-executor way).
 */
final class PoolExec implements Exec {
    private Run r;
    private final LinkedBlockingQueue<Integer> q = new LinkedBlockingQueue<>();
    private LinkedBlockingQueue<Call> fan;
    private final List<Thread> threads = new ArrayList<>();
    private int n, k;

    static final class Call {
        final int req;
        final long w;
        final CountDownLatch done;

        Call(int req, long w, CountDownLatch done) {
            this.req = req;
            this.w = w;
            this.done = done;
        }
    }

    @Override
    public void start(Run run) throws InterruptedException {
        r = run;
        n = r.p.threads;
        k = r.p.fanoutPool;
        if (k > 0) {
            fan = new LinkedBlockingQueue<>();
        }
        CountDownLatch ready = new CountDownLatch(n + k);
        for (int i = 0; i < n; i++) {
            int ln = i;
            threads.add(new Thread(() -> worker(ln, ready), "waitlab-pool-" + i));
        }
        for (int i = 0; i < k; i++) {
            int ln = n + i;
            threads.add(new Thread(() -> fanWorker(ln, ready), "waitlab-fanout-" + i));
        }
        Lanes.start(threads, ready);
    }

    @Override
    public int lanes() {
        return r.p.threads + r.p.fanoutPool;
    }

    private void worker(int ln, CountDownLatch ready) {
        ready.countDown();
        try {
            while (!r.stopped) {
                int i = q.take();
                if (r.stopped) {
                    return;
                }
                r.enter();
                r.take(i, ln);
                r.cpu(ln, i);
                if (fan != null && r.parallel(i) && r.p.waits[i].length > 1) {
                    fanOut(ln, i);
                } else {
                    r.holdCalls(ln, i, Run.PLAIN);
                }
                r.finish(i);
                r.leave();
            }
        } catch (InterruptedException e) {
            // stopped
        }
    }

    private void fanOut(int ln, int i) throws InterruptedException {
        long t = r.now();
        long[] w = r.p.waits[i];
        CountDownLatch done = new CountDownLatch(w.length);
        for (long x : w) {
            fan.add(new Call(i, x, done));
        }
        done.await();
        r.span(ln, Run.HOLD, i, t);
    }

    private void fanWorker(int ln, CountDownLatch ready) {
        ready.countDown();
        try {
            while (!r.stopped) {
                Call c = fan.take();
                r.enter();
                try {
                    r.holdCall(ln, c.req, c.w);
                } finally {
                    r.leave();
                    c.done.countDown();
                }
            }
        } catch (InterruptedException e) {
            // stopped
        }
    }

    @Override
    public void submit(int i) {
        q.add(i);
    }

    @Override
    public void stop(long graceMs) throws InterruptedException {
        Lanes.stop(threads, graceMs);
    }
}
