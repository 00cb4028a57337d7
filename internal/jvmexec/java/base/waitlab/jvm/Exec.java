package waitlab.jvm;

/** One concurrency model's machinery (as Go's live.executor). */
interface Exec {
    /** Creates the threads and returns once they all wait for work. */
    void start(Run r) throws Exception;

    /** Hands request i over; called from the arrivals (the main thread). */
    void submit(int i);

    /** Stops every thread, waiting up to graceMs for them. */
    void stop(long graceMs) throws InterruptedException;

    /** The lanes of the trace: threads, loops then offload threads, or carriers. */
    int lanes();
}
