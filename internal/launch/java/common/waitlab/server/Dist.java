package waitlab.server;

/** A duration distribution, as model.Dist: fixed, or exponential with a mean; drawn at u in [0,1). */
public final class Dist {
    public static final Dist ZERO = new Dist(false, 0);
    final boolean exp;
    final long meanNanos;

    Dist(boolean exp, long meanNanos) {
        this.exp = exp;
        this.meanNanos = meanNanos;
    }

    public boolean zero() {
        return meanNanos == 0;
    }

    /** model.Dist.At: the mean, or the exponential quantile at u (saturating). */
    public long at(double u) {
        if (!exp || meanNanos == 0) {
            return meanNanos;
        }
        double v = -StrictMath.log1p(-u) * (double) meanNanos;
        if (!(v < (double) Long.MAX_VALUE)) {
            return Long.MAX_VALUE;
        }
        return (long) v;
    }

    /** model.Uniform: the seeded draw of stream for request i (SplitMix64), in [0,1). */
    public static double uniform(long seed, long stream, long i) {
        return (double) (mix(seed ^ mix(stream * 0x9E3779B97F4A7C15L + i)) >>> 11) / (double) (1L << 53);
    }

    static long mix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /**
     * Prints the draws of requests 1..n for a seed and an exponential mean
     * (args: seed mean-nanos n), one "i stream u at" line per draw, so
     * waitlab's tests compare them with the Go target's.
     */
    public static void main(String[] args) {
        long seed = Long.parseLong(args[0]);
        Dist d = new Dist(true, Long.parseLong(args[1]));
        int n = Integer.parseInt(args[2]);
        StringBuilder b = new StringBuilder();
        for (long i = 1; i <= n; i++) {
            for (long stream = Work.STREAM_CPU; stream <= Work.STREAM_BLOCK; stream++) {
                double u = uniform(seed, stream, i);
                b.append(i).append(' ').append(stream).append(' ').append(u).append(' ').append(d.at(u)).append('\n');
            }
        }
        System.out.print(b);
    }
}
