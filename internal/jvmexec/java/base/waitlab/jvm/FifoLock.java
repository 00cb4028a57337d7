package waitlab.jvm;

import java.util.ArrayDeque;
import java.util.concurrent.locks.LockSupport;

/**
 * The scenario's shared lock: granted strictly in request order, to threads
 * that wait for it (acquire) or to asynchronous calls started when it is
 * their turn (acquireAsync). A waiting virtual thread parks (and unmounts
 * unless it is pinned), as with any java.util.concurrent lock.
 */
final class FifoLock {
    private boolean held;
    private final ArrayDeque<Object> q = new ArrayDeque<>();

    private static final class Waiter {
        final Thread t = Thread.currentThread();
        volatile boolean granted;
    }

    void acquire() throws InterruptedException {
        Waiter w;
        synchronized (this) {
            if (!held) {
                held = true;
                return;
            }
            w = new Waiter();
            q.add(w);
        }
        while (!w.granted) {
            LockSupport.park(this);
            if (Thread.interrupted() && !w.granted) {
                throw new InterruptedException();
            }
        }
    }

    void acquireAsync(Runnable r) {
        synchronized (this) {
            if (held) {
                q.add(r);
                return;
            }
            held = true;
        }
        r.run();
    }

    void release() {
        Object next;
        synchronized (this) {
            next = q.poll();
            if (next == null) {
                held = false;
                return;
            }
        }
        if (next instanceof Waiter) {
            Waiter w = (Waiter) next;
            w.granted = true;
            LockSupport.unpark(w.t);
        } else {
            ((Runnable) next).run();
        }
    }
}
