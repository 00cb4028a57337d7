package waitlab.server;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** A JVM server's settings, written by waitlab (internal/launch) as a properties file. */
public final class Settings {
    private final Properties p = new Properties();

    public Settings(String path) throws IOException {
        try (InputStream in = new FileInputStream(path)) {
            p.load(in);
        }
    }

    public String str(String key, String def) {
        return p.getProperty(key, def);
    }

    public long num(String key, long def) {
        String v = p.getProperty(key);
        return v == null || v.isEmpty() ? def : Long.parseLong(v.trim());
    }

    public double real(String key, double def) {
        String v = p.getProperty(key);
        return v == null || v.isEmpty() ? def : Double.parseDouble(v.trim());
    }

    public boolean flag(String key) {
        return Boolean.parseBoolean(p.getProperty(key, "false"));
    }

    /** A distribution: "fixed:NANOS" or "exp:NANOS" ("" is zero). */
    public Dist dist(String key) {
        String v = p.getProperty(key, "");
        if (v.isEmpty()) {
            return Dist.ZERO;
        }
        int c = v.indexOf(':');
        return new Dist(v.substring(0, c).equals("exp"), Long.parseLong(v.substring(c + 1)));
    }
}
