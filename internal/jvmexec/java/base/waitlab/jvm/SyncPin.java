package waitlab.jvm;

/**
 * A pinned wait the JDK 21 way: the wait runs inside a synchronized block,
 * so a virtual thread that parks in it cannot unmount (JDK 21 to 23) and
 * holds its carrier. From JDK 24 a virtual thread in synchronized unmounts
 * like anywhere else (JEP 491), and the same code no longer pins.
 */
final class SyncPin implements Run.Holder {
    @Override
    public void hold(Run.Body b) throws InterruptedException {
        Object monitor = new Object(); // each wait its own: no contention, only the frame
        synchronized (monitor) {
            b.run();
        }
    }
}
