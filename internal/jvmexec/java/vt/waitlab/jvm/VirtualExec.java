package waitlab.jvm;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The virtual-thread model (JDK 21 and later): one virtual thread per
 * request, on the JDK's scheduler with M carriers (the child is started
 * with -Djdk.virtualThreadScheduler.parallelism=M and maxPoolSize=M, so no
 * carrier is added when one is held). CPU work runs mounted; an ordinary
 * wait is Thread.sleep, which unmounts; a blocking class's wait is pinned
 * (the Holder: synchronized, or a native frame), holding its carrier. The
 * trace's lanes are the carrier threads, read with Thread's own
 * currentCarrierThread (the child opens java.lang for it).
 */
final class VirtualExec implements Exec {
    private Run r;
    private ThreadFactory factory;
    private final Set<Thread> live = ConcurrentHashMap.newKeySet();
    private static final MethodHandle CARRIER = carrierHandle();
    private static final ConcurrentHashMap<Thread, Integer> CARRIERS = new ConcurrentHashMap<>();
    private static final AtomicInteger SEEN = new AtomicInteger();
    /** The pinned wait's mechanism (Main sets it). */
    static Run.Holder pin = new SyncPin();

    private static MethodHandle carrierHandle() {
        try {
            var m = Thread.class.getDeclaredMethod("currentCarrierThread");
            m.setAccessible(true);
            return MethodHandles.lookup().unreflect(m).asType(MethodType.methodType(Thread.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** How many carrier threads ran requests (-1: not known). */
    static int carriersSeen() {
        return CARRIER == null ? -1 : SEEN.get();
    }

    /** The lane of the carrier the calling virtual thread is mounted on. */
    private int carrier() {
        if (CARRIER == null) {
            return 0;
        }
        try {
            Thread c = (Thread) CARRIER.invokeExact();
            Integer i = CARRIERS.computeIfAbsent(c, x -> SEEN.getAndIncrement());
            return i % r.p.threads;
        } catch (Throwable t) {
            return 0;
        }
    }

    @Override
    public void start(Run run) {
        r = run;
        factory = Thread.ofVirtual().name("waitlab-virtual-", 0).factory();
    }

    @Override
    public int lanes() {
        return r.p.threads;
    }

    @Override
    public void submit(int i) {
        Thread t = factory.newThread(() -> {
            try {
                run(i);
            } catch (InterruptedException e) {
                // stopped
            } finally {
                live.remove(Thread.currentThread());
            }
        });
        live.add(t);
        t.start();
    }

    private void run(int i) throws InterruptedException {
        if (r.stopped) {
            return;
        }
        int c = carrier();
        r.enter();
        r.take(i, c);
        r.cpu(c, i);
        long[] w = r.p.waits[i];
        if (w.length == 0) {
            r.finish(i);
            r.leave();
            return;
        }
        if (r.blocking(i)) { // pinned: the carrier is held through the waits
            try {
                r.holdCalls(c, i, pin);
                r.finish(i);
            } finally {
                r.leave();
            }
            return;
        }
        r.leave();
        if (r.parallel(i) && r.lock == null) {
            Run.sleep(Run.maxOf(w));
        } else if (r.parallel(i)) {
            Thread[] calls = new Thread[w.length];
            for (int k = 0; k < w.length; k++) {
                long x = w[k];
                calls[k] = Thread.ofVirtual().start(() -> {
                    try {
                        lockedCall(x);
                    } catch (InterruptedException e) {
                        // stopped
                    }
                });
            }
            for (Thread t : calls) {
                t.join();
            }
        } else {
            for (int k = 0; k < w.length; k++) {
                lockedCall(w[k]);
                if (k < w.length - 1) {
                    r.enter(); // the continuation between two calls runs mounted
                    r.leave();
                }
            }
        }
        r.enter();
        r.finish(i);
        r.leave();
    }

    /** One unpinned call: the virtual thread sleeps (holding the shared lock, when there is one, not a carrier). */
    private void lockedCall(long w) throws InterruptedException {
        if (r.lock == null) {
            Run.sleep(w);
            return;
        }
        r.lock.acquire();
        try {
            Run.sleep(w);
        } finally {
            r.lock.release();
        }
    }

    @Override
    public void stop(long graceMs) throws InterruptedException {
        Lanes.stop(live, graceMs);
    }
}
