package waitlab.tomcat;

import java.util.concurrent.CountDownLatch;
import org.apache.catalina.Server;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Catalina;
import org.apache.catalina.util.ServerInfo;
import waitlab.control.Control;
import waitlab.server.Settings;
import waitlab.server.Work;

/**
 * Runs Debian's Tomcat in the foreground from the base directory waitlab
 * wrote (catalina.base: conf/server.xml, the webapp of WorkServlet), tells
 * waitlab the port its connector bound, and stops on cancel with a report.
 */
public final class Main {
    /** The handler's work and counters, shared with WorkServlet (both are on the system class path). */
    static volatile Work work;

    private Main() {
    }

    public static void main(String[] args) throws Exception {
        Settings s = new Settings(args[0]);
        Control ctl = Control.open();
        work = new Work(s, "tomcat", ServerInfo.getServerInfo());
        Catalina catalina = new Catalina();
        catalina.setUseShutdownHook(false);
        catalina.setAwait(false);
        catalina.load();
        catalina.start();
        Server server = catalina.getServer();
        if (server == null || server.getState() == null || !server.getState().isAvailable()) {
            System.err.println("waitlab: Tomcat did not start (see its log above)");
            System.exit(1);
        }
        Connector c = server.findServices()[0].findConnectors()[0];
        Protocol proto = (Protocol) c.getProtocolHandler();
        work.countConnections(proto::accepted, proto::open);
        int port = c.getLocalPort();
        if (port <= 0) {
            System.err.println("waitlab: Tomcat's connector did not bind (see its log above)");
            System.exit(1);
        }
        CountDownLatch stop = new CountDownLatch(1);
        ctl.onCancel(stop::countDown);
        Runtime.getRuntime().addShutdownHook(new Thread(stop::countDown));
        ctl.ready(s.str("host", "127.0.0.1") + ":" + port);
        System.err.println("waitlab: " + ServerInfo.getServerInfo() + " serving on port " + port);
        stop.await();
        // Tomcat's stop: the connector pauses, in-flight requests finish
        // (the webapp's unloadDelay), then the pool stops.
        catalina.stop();
        ctl.report(work.report(null, 0, 0));
        System.exit(0);
    }
}
