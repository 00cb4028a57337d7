package waitlab.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The request plan waitlab's Go side hands over (internal/jvmexec, plan.go):
 * the model and its sizes, then every request's class, intended arrival, CPU
 * time, loop and waits, in nanoseconds. The JVM draws no random numbers: the
 * same requests run here as in the model and in the Go executors.
 */
final class Plan {
    String model;
    int threads, offload, fanoutPool, passes = 2;
    boolean sharedLock, trace, shared;
    String pin = "none";
    boolean[] parallel, blocking;
    int requests;
    long[] arrival, cpu;
    int[] cls, loop;
    long[][] waits;
    /** The closed model: its users (0: open), and each user's think times (user u's k-th at think[u][k-1]), or one for all. */
    int vus;
    long thinkFixed = -1;
    long[][] think;

    static Plan read(Path p) throws IOException {
        Plan pl = new Plan();
        try (BufferedReader in = Files.newBufferedReader(p, StandardCharsets.UTF_8)) {
            String line = in.readLine();
            if (line == null || !line.equals("waitlab-plan 1")) {
                throw new IOException("not a waitlab plan: " + line);
            }
            int next = 0;
            while ((line = in.readLine()) != null) {
                String[] f = line.split(" ");
                switch (f[0]) {
                    case "model": pl.model = f[1]; break;
                    case "threads": pl.threads = Integer.parseInt(f[1]); break;
                    case "offload": pl.offload = Integer.parseInt(f[1]); break;
                    case "fanout_pool": pl.fanoutPool = Integer.parseInt(f[1]); break;
                    case "shared_lock": pl.sharedLock = f[1].equals("1"); break;
                    case "assign_shared": pl.shared = f[1].equals("1"); break;
                    case "trace": pl.trace = f[1].equals("1"); break;
                    case "passes": pl.passes = Integer.parseInt(f[1]); break;
                    case "pin": pl.pin = f[1]; break;
                    case "vus": {
                        pl.vus = Integer.parseInt(f[1]);
                        pl.think = new long[pl.vus][];
                        break;
                    }
                    case "think_fixed": pl.thinkFixed = Long.parseLong(f[1]); break;
                    case "think": {
                        // think USER T1..TK
                        long[] t = new long[f.length - 2];
                        for (int k = 0; k < t.length; k++) {
                            t[k] = Long.parseLong(f[2 + k]);
                        }
                        pl.think[Integer.parseInt(f[1])] = t;
                        break;
                    }
                    case "classes": {
                        int n = Integer.parseInt(f[1]);
                        pl.parallel = new boolean[n];
                        pl.blocking = new boolean[n];
                        break;
                    }
                    case "class": {
                        int c = Integer.parseInt(f[1]);
                        pl.parallel[c] = f[2].equals("1");
                        pl.blocking[c] = f[3].equals("1");
                        break;
                    }
                    case "requests": {
                        int n = Integer.parseInt(f[1]);
                        pl.requests = n;
                        pl.arrival = new long[n];
                        pl.cpu = new long[n];
                        pl.cls = new int[n];
                        pl.loop = new int[n];
                        pl.waits = new long[n][];
                        break;
                    }
                    case "req": {
                        // req ID CLASS ARRIVAL CPU LOOP NWAITS W...
                        int i = Integer.parseInt(f[1]);
                        if (i != next++) {
                            throw new IOException("plan: request " + i + " out of order");
                        }
                        pl.cls[i] = Integer.parseInt(f[2]);
                        pl.arrival[i] = Long.parseLong(f[3]);
                        pl.cpu[i] = Long.parseLong(f[4]);
                        pl.loop[i] = Integer.parseInt(f[5]);
                        int nw = Integer.parseInt(f[6]);
                        long[] w = new long[nw];
                        for (int k = 0; k < nw; k++) {
                            w[k] = Long.parseLong(f[7 + k]);
                        }
                        pl.waits[i] = w;
                        break;
                    }
                    default:
                        throw new IOException("plan: unknown line " + f[0]);
                }
            }
            if (next != pl.requests) {
                throw new IOException("plan: " + next + " of " + pl.requests + " requests");
            }
        }
        return pl;
    }

    /** User u's k-th think time (k from 1), before its (k+1)-th request. */
    long think(int u, int k) {
        return thinkFixed >= 0 ? thinkFixed : think[u][k - 1];
    }

    boolean isBlocking(int i) {
        return blocking[cls[i]] && waits[i].length > 0;
    }
}
