package waitlab.jvm;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import waitlab.control.Control;

/**
 * waitlab's JVM child: runs the request plan in DIR/plan on the
 * plan's executor, once cold and then warm in the same JVM, and writes
 * DIR/result (every request's record, the warm pass's lanes, the JVM's
 * facts and, for virtual threads, the pinned parks JFR recorded). Started
 * by waitlab through supervise (internal/jvmexec): its cancel pipe stops
 * the pass under way, which is written as interrupted.
 */
public final class Main {
    private static volatile Run current;
    private static volatile boolean cancelled;

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Plan p = Plan.read(dir.resolve("plan"));
        long stallNs = args.length > 1 ? Long.parseLong(args[1]) : 10_000_000L;
        Control ctl = Control.open();
        ctl.onCancel(() -> {
            cancelled = true;
            Run r = current;
            if (r != null) {
                r.halt();
            }
        });
        Run.Holder pin = Run.PLAIN;
        String pinErr = "";
        if (p.model.equals("virtual")) {
            try {
                pin = p.pin.equals("native") ? (Run.Holder) Class.forName("waitlab.jvm.NativePin").getDeclaredConstructor().newInstance() : new SyncPin();
            } catch (ReflectiveOperationException | LinkageError e) {
                pinErr = e.toString();
            }
            try {
                Class.forName("waitlab.jvm.NativePin").getDeclaredMethod("installClock").invoke(null);
            } catch (ReflectiveOperationException | LinkageError e) {
                // JDK 21: no FFM; a virtual thread's CPU work is then timed by the wall clock
            }
        }
        // One JFR recording for the JVM's life (virtual threads), started
        // before any pass so its start-up is in none; each pass counts the
        // pinned parks that began within it.
        Recording rec = null;
        if (p.model.equals("virtual")) {
            rec = new Recording();
            rec.enable("jdk.VirtualThreadPinned").withThreshold(Duration.ZERO);
            rec.start();
        }
        ctl.ready("");
        Path tmp = dir.resolve("result.tmp");
        List<Pass> passes = new java.util.ArrayList<>();
        for (int pass = 0; pass < p.passes && !cancelled; pass++) {
            boolean trace = p.trace && pass == p.passes - 1;
            Pass done = runPass(p, pin, trace, stallNs);
            if (done == null) {
                break;
            }
            passes.add(done);
            if (done.interrupted) {
                break;
            }
        }
        if (rec != null) {
            countPinned(rec, dir, passes);
        }
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(tmp, StandardCharsets.UTF_8), 1 << 16)) {
            w.write("{\"passes\":[");
            for (int i = 0; i < passes.size(); i++) {
                if (i > 0) {
                    w.write(',');
                }
                writePass(w, passes.get(i), i == 0);
            }
            w.write("],\"facts\":");
            writeFacts(w, p, pinErr);
            w.write("}\n");
        }
        Files.move(tmp, dir.resolve("result"), StandardCopyOption.ATOMIC_MOVE);
        System.exit(0); // a thread still in a wait after the grace is not waited for
    }

    /** One pass's outcome. */
    static final class Pass {
        Run run;
        Exec ex;
        boolean interrupted;
        long cpuNs;
        long pinned = -1;
        Instant from, to;
        Map<String, Long> reasons = new TreeMap<>();
    }

    private static Exec newExec(String model) throws ReflectiveOperationException {
        switch (model) {
            case "pool":
                return new PoolExec();
            case "loop":
            case "offload":
                return new LoopExec();
            case "virtual":
                return (Exec) Class.forName("waitlab.jvm.VirtualExec").getDeclaredConstructor().newInstance();
            default:
                throw new IllegalArgumentException("model " + model);
        }
    }

    /** Counts each pass's pinned parks: the events that began between its start and its end. */
    private static void countPinned(Recording rec, Path dir, List<Pass> passes) throws IOException {
        rec.stop();
        Path f = dir.resolve("pinned.jfr");
        rec.dump(f);
        rec.close();
        for (Pass ps : passes) {
            ps.pinned = 0;
        }
        for (RecordedEvent e : RecordingFile.readAllEvents(f)) {
            Instant at = e.getStartTime();
            for (Pass ps : passes) {
                if (!at.isBefore(ps.from) && !at.isAfter(ps.to)) {
                    ps.pinned++;
                    String why = e.hasField("pinnedReason") ? e.getString("pinnedReason") : "";
                    ps.reasons.merge(why == null ? "" : why, 1L, Long::sum);
                }
            }
        }
        Files.deleteIfExists(f);
    }

    private static Pass runPass(Plan p, Run.Holder pin, boolean trace, long stallNs) throws Exception {
        Exec ex = newExec(p.model);
        int lanes = p.threads + p.offload + p.fanoutPool;
        Run r = new Run(p, lanes, trace, p.model.equals("loop") || p.model.equals("offload") ? stallNs : 0);
        current = r;
        if (cancelled) {
            return null;
        }
        if (p.model.equals("virtual")) {
            Class.forName("waitlab.jvm.VirtualExec").getDeclaredField("pin").set(null, pin);
        }
        ex.start(r);
        Pass out = new Pass();
        out.from = Instant.now();
        long cpu0 = processCPU();
        r.t0 = System.nanoTime();
        if (p.vus > 0) {
            users(p, r, ex);
        } else {
            for (int i = 0; i < p.requests && !r.stopped; i++) {
                long due = p.arrival[i];
                for (long d = due - r.now(); d > 0 && !r.stopped; d = due - r.now()) {
                    java.util.concurrent.locks.LockSupport.parkNanos(d);
                }
                if (r.stopped) {
                    break;
                }
                r.sent = i + 1;
                ex.submit(i);
            }
        }
        r.finished.await();
        out.cpuNs = processCPU() - cpu0;
        out.to = Instant.now();
        out.interrupted = r.completed.get() < p.requests;
        r.stopped = true;
        ex.stop(out.interrupted ? 200 : 2000);
        out.run = r;
        out.ex = ex;
        return out;
    }

    /**
     * The closed model, as Go's live executor runs it: each of the plan's
     * users sends a request at 0, and once its answer is in (the
     * request's end) thinks the plan's think time and sends the next
     * request index, until every request has been sent. A request's
     * arrival is when its user sent it (end + think), written into the
     * plan for the records.
     */
    private static void users(Plan p, Run r, Exec ex) throws InterruptedException {
        int[] user = new int[p.requests];
        int[] count = new int[p.vus];
        // [due, user], earliest first
        java.util.PriorityQueue<long[]> due = new java.util.PriorityQueue<>((a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        for (int u = 0; u < p.vus; u++) {
            due.add(new long[] {0, u});
        }
        int sent = 0;
        while (!r.stopped && r.completed.get() < p.requests) {
            long[] next = due.peek();
            if (next != null && next[0] <= r.now()) {
                due.poll();
                int i = sent++;
                user[i] = (int) next[1];
                p.arrival[i] = next[0];
                r.sent = sent;
                ex.submit(i);
                continue;
            }
            // Wait for an answer, or for the next user's think to end.
            long wait = next == null ? 50_000_000L : Math.min(next[0] - r.now(), 50_000_000L);
            Integer i = r.ends.poll(Math.max(wait, 1), java.util.concurrent.TimeUnit.NANOSECONDS);
            if (i == null) {
                continue;
            }
            int u = user[i];
            count[u]++;
            if (sent + due.size() < p.requests) {
                due.add(new long[] {r.end.get(i) + p.think(u, count[u]), u});
            }
        }
    }

    private static final java.lang.invoke.MethodHandle NATIVE_CPU = nativeCPU();

    /** NativePin.processCPU when this JDK has FFM (JDK 22+): the process CPU clock to the nanosecond. */
    private static java.lang.invoke.MethodHandle nativeCPU() {
        try {
            Class<?> c = Class.forName("waitlab.jvm.NativePin");
            var m = c.getDeclaredMethod("processCPU");
            m.setAccessible(true);
            return java.lang.invoke.MethodHandles.lookup().unreflect(m);
        } catch (ReflectiveOperationException | LinkageError e) {
            return null;
        }
    }

    /** The process's CPU time: the CPU clock through FFM, else the OS MXBean's (/proc's 10 ms ticks). */
    private static long processCPU() {
        if (NATIVE_CPU != null) {
            try {
                long v = (long) NATIVE_CPU.invoke();
                if (v >= 0) {
                    return v;
                }
            } catch (Throwable t) {
                // fall back to the MXBean
            }
        }
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime();
        }
        return 0;
    }

    private static void writePass(Writer w, Pass ps, boolean cold) throws IOException {
        Run r = ps.run;
        w.write("{\"cold\":" + cold + ",\"interrupted\":" + ps.interrupted + ",\"sent\":" + r.sent
                + ",\"lanes\":" + ps.ex.lanes() + ",\"peak\":" + r.peak.get() + ",\"cpu_ns\":" + ps.cpuNs
                + ",\"pinned\":" + ps.pinned + ",\"pinned_reasons\":{");
        boolean first = true;
        for (Map.Entry<String, Long> e : ps.reasons.entrySet()) {
            w.write((first ? "" : ",") + Control.quote(e.getKey()) + ":" + e.getValue());
            first = false;
        }
        w.write("},\"stall_threshold_ns\":" + r.stallNs + ",\"stalls\":[");
        for (int i = 0; i < r.stallCount.length; i++) {
            w.write((i > 0 ? "," : "") + r.stallCount[i]);
        }
        w.write("],\"worst_stall_ns\":" + r.worstStall + ",\"worst_loop\":" + r.worstLoop + ",\"worst_req\":" + r.worstReq);
        w.write(",\"records\":[");
        for (int i = 0; i < r.sent; i++) {
            // [id, class, arrival, start, end (0: not done), lane]
            w.write((i > 0 ? ",[" : "[") + i + "," + r.p.cls[i] + "," + r.p.arrival[i] + "," + r.start[i] + ","
                    + r.end.get(i) + "," + r.lane[i] + "]");
        }
        w.write("],\"spans\":[");
        if (r.spans != null) {
            boolean f = true;
            for (List<long[]> l : r.spans) {
                for (long[] s : l) {
                    w.write((f ? "[" : ",[") + s[0] + "," + s[1] + "," + s[2] + "," + s[3] + "," + s[4] + "]");
                    f = false;
                }
            }
        }
        w.write("]}");
    }

    private static void writeFacts(Writer w, Plan p, String pinErr) throws IOException {
        StringBuilder gc = new StringBuilder();
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            gc.append(gc.length() > 0 ? "," : "").append(Control.quote(b.getName()));
        }
        StringBuilder flags = new StringBuilder();
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            flags.append(flags.length() > 0 ? "," : "").append(Control.quote(a));
        }
        int carriers = -1;
        if (p.model.equals("virtual")) {
            try {
                carriers = (int) Class.forName("waitlab.jvm.VirtualExec").getDeclaredMethod("carriersSeen").invoke(null);
            } catch (ReflectiveOperationException e) {
                carriers = -1;
            }
        }
        w.write("{\"java_version\":" + Control.quote(System.getProperty("java.version"))
                + ",\"vendor\":" + Control.quote(System.getProperty("java.vendor"))
                + ",\"vm\":" + Control.quote(System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"))
                + ",\"available_processors\":" + Runtime.getRuntime().availableProcessors()
                + ",\"gc\":[" + gc + "],\"flags\":[" + flags + "]"
                + ",\"carriers_seen\":" + carriers
                + ",\"pin\":" + Control.quote(p.model.equals("virtual") ? p.pin : "")
                + ",\"pin_error\":" + Control.quote(pinErr)
                + ",\"cpu_clock\":" + Control.quote(Run.cpuClock)
                + "}");
    }

    private Main() {
    }
}
