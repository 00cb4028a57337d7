package waitlab.jvm;

import java.util.List;
import java.util.concurrent.CountDownLatch;

/** Starting and stopping an executor's platform threads: the same for every model. */
final class Lanes {
    private Lanes() {
    }

    /** Starts threads as daemons and returns once each has counted ready down (it waits for work). */
    static void start(List<Thread> threads, CountDownLatch ready) throws InterruptedException {
        for (Thread t : threads) {
            t.setDaemon(true);
            t.start();
        }
        ready.await();
    }

    /** Interrupts threads, then joins them, all within graceMs together. */
    static void stop(Iterable<Thread> threads, long graceMs) throws InterruptedException {
        for (Thread t : threads) {
            t.interrupt();
        }
        join(threads, graceMs);
    }

    /** Joins threads, all within graceMs together. */
    static void join(Iterable<Thread> threads, long graceMs) throws InterruptedException {
        long deadline = System.nanoTime() + graceMs * 1_000_000;
        for (Thread t : threads) {
            t.join(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
        }
    }
}
