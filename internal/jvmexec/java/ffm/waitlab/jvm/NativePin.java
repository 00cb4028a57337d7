package waitlab.jvm;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * A pinned wait in a native frame (JDK 22 and later, the FFM API): the
 * wait runs inside an upcall from C, libc's qsort calling its comparator
 * back into Java, so while the virtual thread sleeps a native frame is on
 * its stack and it cannot unmount: it parks its carrier, and the JVM
 * records jdk.VirtualThreadPinned ("native frame on stack"). JEP 491 does
 * not change this. (A bare downcall to usleep would hold the carrier the
 * same way, but the JVM never sees a park there, so JFR would count
 * nothing.) The clock_gettime downcall is the thread CPU clock of the
 * carrier a virtual thread runs on, where ThreadMXBean has none.
 */
final class NativePin implements Run.Holder {
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle QSORT = LINKER.downcallHandle(
            LINKER.defaultLookup().find("qsort").orElseThrow(),
            FunctionDescriptor.ofVoid(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
    private static final MethodHandle CLOCK = LINKER.downcallHandle(
            LINKER.defaultLookup().find("clock_gettime").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS));
    private static final MemorySegment COMPARE;
    private static final ThreadLocal<Run.Body> BODY = new ThreadLocal<>();
    private static final ThreadLocal<Throwable> ERROR = new ThreadLocal<>();
    private static final ThreadLocal<MemorySegment> TIMESPEC = ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(16, 8));
    private static final int CLOCK_PROCESS_CPUTIME_ID = 2, CLOCK_THREAD_CPUTIME_ID = 3;

    static {
        try {
            MethodHandle cmp = MethodHandles.lookup().findStatic(NativePin.class, "compare",
                    MethodType.methodType(int.class, MemorySegment.class, MemorySegment.class));
            COMPARE = LINKER.upcallStub(cmp, FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.ADDRESS), Arena.global());
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Installs the native thread CPU clock as Run's fallback. */
    static void installClock() {
        Run.fallbackClock = NativePin::threadCPU;
    }

    /** The process's CPU clock (CLOCK_PROCESS_CPUTIME_ID), to the nanosecond; -1 when it cannot be read. */
    static long processCPU() {
        MemorySegment ts = TIMESPEC.get();
        try {
            int rc = (int) CLOCK.invokeExact(CLOCK_PROCESS_CPUTIME_ID, ts);
            if (rc != 0) {
                return -1;
            }
        } catch (Throwable t) {
            return -1;
        }
        return ts.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + ts.get(ValueLayout.JAVA_LONG, 8);
    }

    private static long threadCPU() {
        MemorySegment ts = TIMESPEC.get();
        try {
            int rc = (int) CLOCK.invokeExact(CLOCK_THREAD_CPUTIME_ID, ts);
            if (rc != 0) {
                return System.nanoTime();
            }
        } catch (Throwable t) {
            return System.nanoTime();
        }
        return ts.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + ts.get(ValueLayout.JAVA_LONG, 8);
    }

    /** The comparator: runs the pending wait once, never lets an exception cross the native frame. */
    private static int compare(MemorySegment a, MemorySegment b) {
        Run.Body body = BODY.get();
        if (body != null) {
            BODY.remove();
            try {
                body.run();
            } catch (Throwable t) {
                ERROR.set(t);
            }
        }
        return 0;
    }

    @Override
    public void hold(Run.Body b) throws InterruptedException {
        BODY.set(b);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment two = a.allocate(8, 4);
            QSORT.invokeExact(two, 2L, 4L, COMPARE);
        } catch (InterruptedException e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("qsort downcall", t);
        }
        if (BODY.get() != null) { // qsort never called back: run it unpinned rather than not at all
            BODY.remove();
            b.run();
        }
        Throwable t = ERROR.get();
        if (t != null) {
            ERROR.remove();
            if (t instanceof InterruptedException) {
                throw (InterruptedException) t;
            }
            if (t instanceof RuntimeException) {
                throw (RuntimeException) t;
            }
            throw new IllegalStateException(t);
        }
    }
}
