package waitlab.server;

import java.io.BufferedReader;
import java.io.FileReader;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A JVM server's handler work and counters, the same for Tomcat and Netty:
 * each request's plan (drawn per request number with the Go target's
 * streams, or read from the scenario's plan), the CPU it spins, and the
 * figures /metrics and the report give.
 */
public final class Work {
    // The Go target's random streams (internal/httptarget/handler.go).
    static final long STREAM_CPU = 11, STREAM_WAIT = 12, STREAM_BLOCK_PICK = 13, STREAM_BLOCK = 14;

    public final String engine;
    public final String version;
    final long seed;
    final Dist cpu, wait, block;
    final double blockFraction;
    final int calls;
    public final boolean parallel, blocking;
    final String body;
    // A scenario's plan, one row per request index (null in knob mode).
    String[] planClass;
    long[] planCpu;
    long[][] planWaits;
    boolean[] planBlocking, planParallel;
    int[] planLoop;

    final AtomicLong seq = new AtomicLong();
    final AtomicLong arrival = new AtomicLong();
    public final LongAdder requests = new LongAdder();
    /** Connections accepted (Netty counts them here; Tomcat's endpoint through countConnections). */
    public final LongAdder connections = new LongAdder();
    /** Connections moved to the worker loop the plan names (Netty; see its Place). */
    public final LongAdder moved = new LongAdder();
    private volatile java.util.function.LongSupplier accepted = connections::sum, open;
    /** The validate-lock's holds and the time it was held (from acquired to released). */
    final LongAdder lockHolds = new LongAdder(), lockHeldNanos = new LongAdder();
    /** The downstream commands answered (each PING and GET). */
    final LongAdder dsCommands = new LongAdder();
    public final AtomicLong inFlight = new AtomicLong();
    public final RequestLog log;
    /** The downstream each call goes to (null: local waits). */
    final Resp resp;
    final boolean validateLock;
    /** The database the blocking call goes to (a JDBC URL; "" : the call is a sleep), a connection per thread. */
    final String db;
    private final ThreadLocal<java.sql.Connection> dbConn = new ThreadLocal<>();
    final LongAdder dbCalls = new LongAdder(), dbErrors = new LongAdder();
    /** One request-log line written by the lock's holder, after its PING (the log inside the locked path). */
    final boolean logInLock;
    /** Bytes each request holds on the heap while in flight (hold_kb): memory that grows with in-flight work. */
    final int holdBytes;
    private final Object lock = new Object();
    private final java.util.concurrent.ExecutorService helpers = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "waitlab-call");
        t.setDaemon(true);
        return t;
    });
    final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    public Work(Settings s, String engine, String version) throws Exception {
        this.engine = engine;
        this.version = version;
        seed = s.num("seed", 0);
        cpu = s.dist("cpu");
        wait = s.dist("wait");
        block = s.dist("block");
        blockFraction = s.real("block_fraction", 0);
        parallel = s.flag("parallel");
        blocking = s.flag("blocking");
        int c = (int) s.num("calls", 0);
        calls = c > 0 ? c : (wait.zero() && s.str("downstream", "").isEmpty() ? 0 : 1);
        body = s.str("body", "Hello, World!");
        String plan = s.str("plan", "");
        if (!plan.isEmpty()) {
            readPlan(plan);
        }
        String ds = s.str("downstream", "");
        resp = ds.isEmpty() ? null : new Resp(ds, (int) s.num("downstream_timeout_ms", 10_000));
        validateLock = s.flag("validate_lock");
        logInLock = s.flag("log_in_lock");
        db = s.str("db", "");
        holdBytes = (int) Math.min(s.num("hold_kb", 0) * 1024, Integer.MAX_VALUE - 8);
        String mode = s.str("log", "off");
        if (mode.equals("off")) {
            log = null;
        } else {
            log = (RequestLog) Class.forName("waitlab.server.logback.Logs")
                    .getConstructor(String.class, String.class, int.class, String.class, String.class)
                    .newInstance(mode, s.str("log_file", ""), (int) s.num("log_queue", 256),
                            s.str("log_level", ""), s.str("log_line_level", ""));
        }
    }

    /** Where the server's connection counts come from: accepted since the start, and open now. */
    public void countConnections(java.util.function.LongSupplier accepted, java.util.function.LongSupplier open) {
        this.accepted = accepted;
        this.open = open;
    }

    /** Reads the plan: "index class loop cpu blocking(0|1) parallel(0|1) wait,wait,..." a line. */
    private void readPlan(String path) throws IOException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new FileReader(path))) {
            for (String l; (l = r.readLine()) != null; ) {
                lines.add(l);
            }
        }
        int n = lines.size();
        planClass = new String[n];
        planCpu = new long[n];
        planWaits = new long[n][];
        planBlocking = new boolean[n];
        planParallel = new boolean[n];
        planLoop = new int[n];
        for (int i = 0; i < n; i++) {
            String[] f = lines.get(i).split(" ", -1);
            planClass[i] = f[1];
            planLoop[i] = Integer.parseInt(f[2]);
            planCpu[i] = Long.parseLong(f[3]);
            planBlocking[i] = f[4].equals("1");
            planParallel[i] = f[5].equals("1");
            if (f[6].isEmpty()) {
                planWaits[i] = new long[0];
            } else {
                String[] w = f[6].split(",");
                planWaits[i] = new long[w.length];
                for (int j = 0; j < w.length; j++) {
                    planWaits[i][j] = Long.parseLong(w[j]);
                }
            }
        }
    }

    /** A request's share of the heap while it is in flight (hold_kb; null: none), touched so it is really allocated. */
    public byte[] hold() {
        if (holdBytes <= 0) {
            return null;
        }
        byte[] b = new byte[holdBytes];
        for (int i = 0; i < b.length; i += 4096) {
            b[i] = 1;
        }
        return b;
    }

    /** The heap: used now, its maximum (-Xmx), and what the collectors' last runs left in the heap pools (the live set). */
    static long[] heap() {
        java.lang.management.MemoryUsage u = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long after = 0;
        for (java.lang.management.MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            java.lang.management.MemoryUsage c = p.getType() == java.lang.management.MemoryType.HEAP ? p.getCollectionUsage() : null;
            if (c != null) {
                after += c.getUsed();
            }
        }
        return new long[] {u.getUsed(), u.getMax(), after};
    }

    /** Whether the server serves a scenario's plan (answers carry X-Waitlab-* headers). */
    public boolean scenario() {
        return planClass != null;
    }

    /** Request's plan: the scenario's row for ?req=i (else arrival order from 0), or the knobs' draw for the next request number (from 1). */
    public Plan plan(String query) {
        Plan p = new Plan();
        if (planClass != null) {
            long i = reqParam(query);
            if (i < 0) {
                i = arrival.getAndIncrement();
            }
            if (i >= planClass.length) {
                p.status = 400;
                return p;
            }
            int k = (int) i;
            p.index = i;
            p.cls = planClass[k];
            p.loop = planLoop[k];
            p.cpuNanos = planCpu[k];
            p.waits = planWaits[k];
            p.blocking = planBlocking[k];
            p.parallel = planParallel[k];
            return p;
        }
        long u = seq.incrementAndGet();
        p.number = u;
        p.cpuNanos = cpu.at(Dist.uniform(seed, STREAM_CPU, u));
        long w = wait.at(Dist.uniform(seed, STREAM_WAIT, u));
        p.waits = new long[calls];
        java.util.Arrays.fill(p.waits, w);
        p.parallel = parallel;
        p.blocking = blocking;
        if (blockFraction > 0 && Dist.uniform(seed, STREAM_BLOCK_PICK, u) < blockFraction) {
            p.blockNanos = block.at(Dist.uniform(seed, STREAM_BLOCK, u));
        }
        String b = param(query, "block");
        if (b != null) {
            // ?block=0s: a request that never makes the blocking call (a
            // probe beside the load); any other value is refused.
            if (b.equals("0") || b.equals("0s")) {
                p.blockNanos = 0;
            } else {
                p.status = 400;
            }
        }
        return p;
    }

    /**
     * The worker loop the plan names for the request whose request line
     * ("GET /?req=12 HTTP/1.1") is given; -1 without a plan, an index or
     * a loop.
     */
    public int loopOf(String requestLine) {
        if (planClass == null) {
            return -1;
        }
        int a = requestLine.indexOf(' '), b = requestLine.indexOf(' ', a + 1);
        String uri = a < 0 ? "" : b < 0 ? requestLine.substring(a + 1) : requestLine.substring(a + 1, b);
        int q = uri.indexOf('?');
        long i = q < 0 ? -1 : reqParam(uri.substring(q + 1));
        return i >= 0 && i < planLoop.length ? planLoop[(int) i] : -1;
    }

    /** The value of key in a query string (null: absent). */
    static String param(String q, String key) {
        if (q == null) {
            return null;
        }
        for (String kv : q.split("&")) {
            if (kv.startsWith(key + "=")) {
                return kv.substring(key.length() + 1);
            }
        }
        return null;
    }

    /**
     * The plan's one blocking call, on this thread: SELECT SLEEP on the
     * database when one is set (JDBC, one connection per thread, opened on
     * its first call), else a sleep. False when the database call failed
     * (its connection is dropped; the next call opens another).
     */
    public boolean block(Plan p) {
        if (p.blockNanos <= 0) {
            return true;
        }
        if (db.isEmpty()) {
            sleep(p.blockNanos);
            return true;
        }
        dbCalls.increment();
        try {
            java.sql.Connection c = dbConn.get();
            if (c == null) {
                c = java.sql.DriverManager.getConnection(db);
                dbConn.set(c);
            }
            try (java.sql.Statement st = c.createStatement();
                    java.sql.ResultSet rs = st.executeQuery("SELECT SLEEP(" + p.blockNanos / 1e9 + ")")) {
                while (rs.next()) {
                    // the one row: 0
                }
            }
            return true;
        } catch (java.sql.SQLException e) {
            dbErrors.increment();
            java.sql.Connection c = dbConn.get();
            dbConn.remove();
            try {
                if (c != null) {
                    c.close();
                }
            } catch (java.sql.SQLException ignored) {
                // already failing
            }
            return false;
        }
    }

    static long reqParam(String q) {
        if (q == null) {
            return -1;
        }
        for (String kv : q.split("&")) {
            if (kv.startsWith("req=")) {
                try {
                    return Long.parseLong(kv.substring(4));
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /**
     * Makes the plan's calls holding this thread: each a downstream GET
     * (after a PING inside the one process-wide lock with the
     * validate-lock), or a sleep of its wait without a downstream; one
     * after another, or (parallel) each on a helper thread while this
     * one waits for them all. 502 when a downstream call fails.
     */
    public int blockingCalls(Plan p) {
        if (p.parallel && p.waits.length > 1) {
            java.util.List<java.util.concurrent.Future<Boolean>> fs = new java.util.ArrayList<>();
            for (long w : p.waits) {
                fs.add(helpers.submit(() -> call(w)));
            }
            boolean ok = true;
            for (java.util.concurrent.Future<Boolean> f : fs) {
                try {
                    ok &= f.get();
                } catch (Exception e) {
                    ok = false;
                }
            }
            return ok ? 200 : 502;
        }
        for (long w : p.waits) {
            if (!call(w)) {
                return 502;
            }
        }
        return 200;
    }

    private boolean call(long waitNanos) {
        if (resp == null || planClass != null) {
            sleep(waitNanos);
            return true;
        }
        try {
            if (validateLock) {
                synchronized (lock) {
                    long t0 = System.nanoTime();
                    try {
                        resp.ping();
                        dsCommands.increment();
                        if (logInLock && log != null) {
                            log.line("PING /validate 200 " + (System.nanoTime() - t0) / 1000 + "us");
                        }
                    } finally {
                        lockHeldNanos.add(System.nanoTime() - t0);
                        lockHolds.increment();
                    }
                }
            }
            resp.get();
            dsCommands.increment();
            return true;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /** Whether calls go to a downstream. */
    public boolean remote() {
        return resp != null && planClass == null;
    }

    /** Spins this thread's CPU for nanos of its own CPU time (the Go target's burn). */
    public void spin(long nanos) {
        if (nanos <= 0) {
            return;
        }
        long end = threads.getCurrentThreadCpuTime() + nanos;
        while (threads.getCurrentThreadCpuTime() < end) {
            Thread.onSpinWait();
        }
    }

    /** Sleeps the thread (a blocking wait; a virtual thread unmounts). */
    public static void sleep(long nanos) {
        if (nanos <= 0) {
            return;
        }
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The response body. */
    public String body() {
        return body;
    }

    /** Counts a finished request and logs its line. */
    public void done(Plan p, String method, String path, int status, long startNanos) {
        if (log != null) {
            log.line(method + " " + path + " " + status + " " + (System.nanoTime() - startNanos) / 1000 + "us");
        }
    }

    /** OS threads of this process now (/proc/self/status), or the JVM's live threads. */
    public int osThreads() {
        try (BufferedReader r = new BufferedReader(new FileReader("/proc/self/status"))) {
            for (String l; (l = r.readLine()) != null; ) {
                if (l.startsWith("Threads:")) {
                    return Integer.parseInt(l.substring(8).trim());
                }
            }
        } catch (IOException | NumberFormatException e) {
            // fall through
        }
        return threads.getThreadCount();
    }

    static double cpuSeconds() {
        java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean) {
            return ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() / 1e9;
        }
        return 0;
    }

    static long[] gc() {
        long ms = 0, n = 0;
        for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            ms += Math.max(0, b.getCollectionTime());
            n += Math.max(0, b.getCollectionCount());
        }
        return new long[] {ms, n};
    }

    /** /metrics, in Prometheus text, with the Go target's names where they mean the same. */
    public String metrics(String extra) {
        long[] g = gc();
        StringBuilder b = new StringBuilder(1024);
        b.append("# TYPE waitlab_target_requests_total counter\nwaitlab_target_requests_total ").append(requests.sum()).append('\n');
        b.append("# TYPE waitlab_target_in_flight_requests gauge\nwaitlab_target_in_flight_requests ").append(inFlight.get()).append('\n');
        if (open != null) {
            b.append("# TYPE waitlab_target_open_connections gauge\nwaitlab_target_open_connections ").append(open.getAsLong()).append('\n');
        }
        b.append("# TYPE waitlab_target_os_threads gauge\nwaitlab_target_os_threads ").append(osThreads()).append('\n');
        b.append("# TYPE waitlab_target_jvm_threads_peak gauge\nwaitlab_target_jvm_threads_peak ").append(threads.getPeakThreadCount()).append('\n');
        b.append("# TYPE waitlab_target_log_dropped_total counter\nwaitlab_target_log_dropped_total ").append(log == null ? 0 : log.dropped()).append('\n');
        b.append("# TYPE waitlab_target_log_lines_total counter\nwaitlab_target_log_lines_total ").append(log == null ? 0 : log.written()).append('\n');
        b.append("# TYPE waitlab_target_lock_holds_total counter\nwaitlab_target_lock_holds_total ").append(lockHolds.sum()).append('\n');
        b.append("# TYPE waitlab_target_lock_held_seconds_total counter\nwaitlab_target_lock_held_seconds_total ").append(lockHeldNanos.sum() / 1e9).append('\n');
        b.append("# TYPE waitlab_target_db_calls_total counter\nwaitlab_target_db_calls_total ").append(dbCalls.sum()).append('\n');
        b.append("# TYPE waitlab_target_db_errors_total counter\nwaitlab_target_db_errors_total ").append(dbErrors.sum()).append('\n');
        b.append("# TYPE waitlab_target_downstream_commands_total counter\nwaitlab_target_downstream_commands_total ").append(dsCommands.sum()).append('\n');
        b.append("# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total ").append(cpuSeconds()).append('\n');
        b.append("# TYPE waitlab_target_jvm_gc_seconds_total counter\nwaitlab_target_jvm_gc_seconds_total ").append(g[0] / 1000.0).append('\n');
        b.append("# TYPE waitlab_target_jvm_gc_collections_total counter\nwaitlab_target_jvm_gc_collections_total ").append(g[1]).append('\n');
        long[] h = heap();
        b.append("# TYPE waitlab_target_jvm_heap_used_bytes gauge\nwaitlab_target_jvm_heap_used_bytes ").append(h[0]).append('\n');
        b.append("# TYPE waitlab_target_jvm_heap_max_bytes gauge\nwaitlab_target_jvm_heap_max_bytes ").append(h[1]).append('\n');
        b.append("# TYPE waitlab_target_jvm_heap_after_gc_bytes gauge\nwaitlab_target_jvm_heap_after_gc_bytes ").append(h[2]).append('\n');
        b.append("# TYPE waitlab_target_info gauge\nwaitlab_target_info{engine=").append(label(engine))
                .append(",version=").append(label(version)).append(",jdk=").append(label(System.getProperty("java.version")))
                .append("} 1\n");
        if (extra != null) {
            b.append(extra);
        }
        return b.toString();
    }

    /** The report (launch.Report's JSON): the Go target's fields, then "jvm". stalls is a JSON object or null. */
    public String report(String stalls, double lagMaxMs, int offloadThreads) {
        if (log != null) {
            log.close();
        }
        long[] g = gc();
        StringBuilder b = new StringBuilder(512);
        b.append("{\"requests\":").append(requests.sum())
                .append(",\"connections\":").append(accepted.getAsLong())
                .append(",\"log_dropped\":").append(log == null ? 0 : log.dropped())
                .append(",\"log_lines\":").append(log == null ? 0 : log.written());
        if (stalls != null) {
            b.append(",\"stalls\":").append(stalls);
        }
        b.append(",\"jvm\":{\"version\":").append(quote(version))
                .append(",\"in_flight\":").append(inFlight.get())
                .append(",\"threads_peak\":").append(threads.getPeakThreadCount())
                .append(",\"cpu_ms\":").append(cpuSeconds() * 1000)
                .append(",\"gc_ms\":").append(g[0])
                .append(",\"gc_count\":").append(g[1])
                .append(",\"loop_lag_max_ms\":").append(lagMaxMs)
                .append(",\"offload_threads\":").append(offloadThreads)
                .append(",\"moved\":").append(moved.sum())
                .append("}}");
        return b.toString();
    }

    /**
     * A label value in the Prometheus text format: quoted, with only backslash, double quote and
     * line feed escaped (\\, \", \n), as the format has it. The JSON quoter's \t or \r is no
     * escape there: expfmt refuses the page whole.
     */
    static String label(String s) {
        s = s == null ? "" : s;
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\': b.append("\\\\"); break;
                case '"': b.append("\\\""); break;
                case '\n': b.append("\\n"); break;
                default: b.append(c);
            }
        }
        return b.append('"').toString();
    }

    static String quote(String s) {
        return waitlab.control.Control.quote(s == null ? "" : s);
    }
}
